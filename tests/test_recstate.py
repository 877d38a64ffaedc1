"""Records kept in the game's state (docs/language.md 3.4a): variables, indexed variables, a kind's
fields and event parameters of a record type, on both backends; saved states, JSON replay, the digest,
views, reset, trigger filters on them; the one place a record still cannot go (a die's faces, E371)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.engine import Game
from rulebook.runtime.record import SavedState
from rulebook.runtime.state import Record, State, StateError, check_saved
from rulebook.runtime.view import build_view, changes, value_text

from .conftest import (random_games_agree, replays_through_json, rules_programs, run_proc, the_one_error)

PACK = """
counter vp;
counter moves global;
enum colour { red "Red", blue "Blue" }
record spot { row: int; col: int; }
record mark { at: spot; hue: colour = red; }
record claim { card: tile; at: spot; }
var last: spot;
var ko global: spot = spot(row = 1, col = 1);
var marks[colour]: mark = none;
var held: claim;
kind tile { placed: spot = none; path: list of spot = []; }
tile t1 { placed = spot(row = 2, col = 3); }
tile t2 { placed = none; path = [spot(row = 1, col = 1), spot(row = 1, col = 2)]; }
tile t3 { placed = none; }
zone board of tile;
zone hand per_player of tile hidden;
event moved(origin: spot, dest: spot);
proc listen() { whenever moved(dest = spot(row = 1, col = 1)) { gain 5 vp; say "from {it.origin.row},{it.origin.col}"; } }
proc step(r: int, c: int) {
  set last = spot(row = r, col = c);
  emit moved(ko, last);
  set ko = spot(row = c, col = r);
  set moves = moves + 1;
}
"""

GAME = PACK + """
game g { seats 2 to 3;
  phase play {
    fill board with tile;
    repeat 3 { each players {
      pick c from [spot(row = 1, col = 1), spot(row = 2, col = 2), spot(row = 3, col = 1)] {
        step(c.row, c.col);
        set marks[blue] = mark(at = c, hue = blue);
        for each t in board { if t.placed == none { set t.placed = c; set t.path = t.path + [c]; } }
        gain 1 vp;
      }
    } }
  }
  winner most vp;
}
"""

program = rules_programs(PACK)


def game_of(program, body: str = "") -> Game:
    g = Game(program("proc p() { " + body + " }"), 2, 1)
    run_proc(g, "p")
    return g


def test_variables_start_as_declared_and_are_set(program):
    g = game_of(program, "listen(); step(1, 1); set marks[red] = mark(at = last);")
    p1 = g.state.players[0]
    assert p1.vars["last"] == Record("spot", {"row": 1, "col": 1}) and g.state.players[1].vars["last"] is None
    assert g.state.gvars["ko"] == Record("spot", {"row": 1, "col": 1})
    assert p1.vars["marks[red]"] == Record("mark", {"at": Record("spot", {"row": 1, "col": 1}), "hue": "red"})
    assert p1.stock["vp"] == 5   # the trigger's filter compares the event's record with a record
    assert g.messages == ["P1: from 1,1"]


def test_a_filter_that_does_not_match_does_not_fire(program):
    assert game_of(program, "listen(); step(2, 1);").state.players[0].stock["vp"] == 0


def test_fields_of_cards_hold_records(program):
    g = game_of(program, 'fill board with tile; for each t in board { say "{t.placed} [{t.path}]"; } '
                         'set t3.placed = spot(row = 4, col = 4); say "{t3.placed.row}";')
    assert g.messages == ["P1: spot(row = 2, col = 3) [nothing]", "P1: nothing [spot(row = 1, col = 1), spot(row = 1, col = 2)]",
                          "P1: nothing [nothing]", "P1: 4"]


def test_reset_puts_records_back(program):
    g = game_of(program, "step(3, 3); set t1.placed = last; reset last, ko; reset placed of tile;")
    assert g.state.players[0].vars["last"] is None and g.state.gvars["ko"] == Record("spot", {"row": 1, "col": 1})
    assert g.program.entities["t1"].fields["placed"] == Record("spot", {"row": 2, "col": 3})
    assert "t1" not in g.state.evars or g.state.evars["t1"].get("placed") == Record("spot", {"row": 2, "col": 3})


def test_a_saved_state_round_trips_with_records_everywhere(program):
    g = game_of(program, "fill board with tile; step(2, 3); set marks[blue] = mark(at = last, hue = blue); "
                         "set t3.placed = last; set t3.path = [last, ko]; set held = claim(card = t1, at = last);")
    data = json.loads(SavedState.model_validate(g.state.to_json(), strict=False).model_dump_json())
    check_saved(data, g.program)
    back = State.from_json(data, g.program.entities)
    assert back.to_json() == g.state.to_json() and back.digest() == g.state.digest()
    assert back.players[0].vars["held"] == Record("claim", {"card": g.program.entities["t1"],
                                                           "at": Record("spot", {"row": 2, "col": 3})})
    assert back.evars["t3"]["path"] == [Record("spot", {"row": 2, "col": 3}), Record("spot", {"row": 3, "col": 2})]


@pytest.mark.parametrize("broken", [{"record": "spt", "fields": {"row": 1, "col": 1}},
                                    {"record": "spot", "fields": {"row": 1}},
                                    {"record": "spot", "fields": {"row": 1, "col": {"player": 9}}}])
def test_a_saved_state_with_a_record_that_is_not_the_packs_is_refused(program, broken):
    g = game_of(program)
    data = g.state.to_json()
    data["gvars"]["ko"] = broken
    with pytest.raises(StateError):
        check_saved(data, g.program)


def test_games_agree_on_both_backends():
    random_games_agree(GAME, seeds=range(1, 3), counts=(2, 3))


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_games_with_records_in_state_replay_through_json(interpreted):
    replays_through_json(build_text(GAME, interpreted=interpreted), 2)


DIGEST = """
import sys
from rulebook.compiler.driver import build_text
from rulebook.runtime.engine import Game
from rulebook.runtime.record import SavedState
from rulebook.runtime.agents import make_agents
p = build_text(sys.stdin.read(), interpreted=sys.argv[1] == "i")
g = Game(p, 3, 7, make_agents("random", 3, 7))
g.play()
print(g.state.digest())
"""


def test_the_digest_is_the_same_across_processes_and_hash_seeds():
    digests = set()
    for seed, backend in (("1", "c"), ("2", "c"), ("3", "i")):
        out = subprocess.run([sys.executable, "-c", DIGEST, backend], input=GAME, capture_output=True, text=True,
                             env={**os.environ, "PYTHONHASHSEED": seed}, check=True)
        digests.add(out.stdout.strip())
    assert len(digests) == 1


def test_a_view_shows_a_record_as_its_name_and_fields_and_hides_cards_inside(program):
    g = game_of(program, "move t1 to hand; set held = claim(card = t1, at = spot(row = 1, col = 2)); "
                         "set marks[blue] = mark(at = ko, hue = blue);")
    mine, theirs = build_view(g, 0), build_view(g, 1)
    assert mine["players"][0]["vars"]["held"] == {"record": "claim", "fields": {"card": {"entity": "t1"},
                                                  "at": {"record": "spot", "fields": {"row": 1, "col": 2}}}}
    assert theirs["players"][0]["vars"]["held"]["fields"]["card"] == {"entity": None, "kind": "tile"}
    assert value_text(mine["players"][0]["vars"]["marks[blue]"], mine) == \
        "mark(at = spot(row = 1, col = 1), hue = Blue)"
    assert value_text(theirs["players"][0]["vars"]["held"], theirs) == \
        "claim(card = a card or tile you cannot see, at = spot(row = 1, col = 2))"
    assert json.dumps(theirs).count('"t1"') == 0 or "hand" not in json.dumps(theirs["players"][0]["zones"])


def test_since_your_last_decision_reads_a_changed_record_as_its_text(program):
    g = game_of(program)
    before = build_view(g, 0)
    run_proc(g, "step", 2, 2)
    assert "ko spot(row = 1, col = 1) → spot(row = 2, col = 2)" in ", ".join(changes(before, build_view(g, 0)))
    assert any("last none → spot(row = 2, col = 2)" in line for line in changes(before, build_view(g, 0)))


# ---------------------------------------------------------------- misuse
def analysed(more: str):
    return analyse_text(PACK + more)


def test_a_die_of_records_is_still_e371():
    the_one_error(analysed('die d: spot { face "a" = spot(row = 1, col = 1); }'), "E371", "die 'd'")


def test_a_start_that_is_no_constant_record_is_e303():
    the_one_error(analysed("var far: spot = spot(row = moves, col = 1);"), "E303", "built of constants")
    the_one_error(analysed("var far: spot = mark(at = none);"), "E303")
    the_one_error(analysed("kind chip { at: spot = spot(row = true, col = 1); }"), "E303")
    the_one_error(analysed("var far global: claim = claim(card = moves, at = none);"), "E303", "'moves' is none of those")


def test_a_filter_of_another_record_is_e303():
    the_one_error(analysed("proc q() { whenever moved(dest = mark(at = none)) { gain 1 vp; } }"), "E303",
                  "the filter gives a mark for 'dest' of event 'moved', which holds a spot")
    the_one_error(analysed("proc q() { emit moved(ko, 3); }"), "E303", "the emit gives a number for 'dest'")


def test_declarations_that_were_e371_now_check_clean():
    assert [d for d in analysed("").diagnostics if d.severity == "error"] == []


def test_the_human_screen_reads_records_as_built(program):
    from rich.console import Console

    from rulebook.runtime.console import screen
    g = game_of(program, "step(2, 3); set marks[red] = mark(at = last);")
    console = Console(record=True, width=200)
    for part in screen(build_view(g, 0), []):
        console.print(part)
    text = console.export_text()
    assert "spot(row = 2, col = 3)" in text and "mark(at = spot(row = 2, col = 3), hue = Red)" in text


def test_printed_back_and_explained():
    from rulebook.compiler.explain import explain
    from rulebook.dsl.parser import parse_text

    from .conftest import printed_back
    _module, printed = printed_back(PACK)
    assert "var ko global: spot = spot(row = 1, col = 1);" in printed and "kind tile { placed: spot = none;" in printed
    decl = {getattr(d, "name", None): d for d in parse_text(PACK, "a.rules").items}
    assert "holding a spot, starting as a spot with row 1 and col 1" in " ".join(explain(decl["ko"]))
    assert "a spot with row 2 and col 3" in " ".join(explain(decl["t1"]))
