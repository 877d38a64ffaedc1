"""A position seen before (3.3b): `var NAME ... global remembered: TYPE;` (`remembered as POSITION` for a position
made of several variables) and the builtins `seen_before(POSITION)` and `times_seen(POSITION)`. The Go designer
audit's superko (a `list of list of int` history and `contains(history, snapshot()) after place(p)` per candidate)
rewritten with it in the test pack's Go (tests/packs/go, its board sized by an option, played at 7 x 7 and
5 x 5): a recapture that recreates the position is refused, and allowed once the board has changed elsewhere; a small shuttle pack counts a threefold repetition of a position of
two variables, through `after`, `reset`, save and load, replay and both backends; the diagnostics E537 and W526."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse, analyse_text, build_text
from rulebook.dsl.parser import parse_text
from rulebook.runtime import engine
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game
from rulebook.runtime.record import GameLog, record, replay
from rulebook.runtime.state import State, StateError, check_saved

from .conftest import explained, pack_backends, printed_back, random_games_agree, random_start

GO = Path(__file__).parent / "packs" / "go"
BACKENDS = ["compiled", "interpreted"]


@pytest.fixture(scope="module")
def go(tmp_path_factory) -> dict:
    return pack_backends(tmp_path_factory, str(GO))


def stone(g: Game, point: str):
    """Who stands on a point of the Go board (`D4`), or None."""
    return g.state.gvars[f"board[{point[0]},{point[1:]}]"]


def played_go(program, moves: str, size: int = 7):
    """A Go game (Black first) on a board of `size` lines with these points played; its pending decision."""
    g = Game(program, 2, 1, None, [f"size={size}"])
    d = g.start()
    for point in moves.split():
        d = g.apply(point)
    return g, d


# Black C4 D5 D3 surround White's D4; White E5 F4 E3 surround E4; Black takes D4 by playing E4 (A1 a move
# elsewhere); then G7 and A7 (on 5 x 5 the same two columns to the left, and E5 and A5, away from the ko)
KOS = {7: ("C4 E5 D5 F4 D3 E3 A1 D4 E4", "D4", "E4", "G7 A7"),
       5: ("A4 C5 B5 D4 B3 C3 E1 B4 C4", "B4", "C4", "E5 A5")}


def test_the_go_pack_lints_without_a_finding():
    assert [d.headline() for d in analyse(str(GO)).diagnostics] == []


@pytest.mark.parametrize("size", [7, 5])
@pytest.mark.parametrize("backend", BACKENDS)
def test_the_ko_recapture_that_recreates_the_position_is_refused(go, backend, size):
    moves, taken, taker, _elsewhere = KOS[size]
    g, d = played_go(go[backend], moves, size)
    assert stone(g, taken) is None and stone(g, taker) is g.state.players[0]   # Black took the stone
    corner = f"{'ABCDEFG'[size - 1]}{size}"
    assert d.player.name == "White" and taken not in d.options and corner in d.options
    # the refusal is superko's, not suicide's: the stone would capture the taker and have a liberty there
    assert g.state.players[0].stock["captures"] == 1


@pytest.mark.parametrize("size", [7, 5])
@pytest.mark.parametrize("backend", BACKENDS)
def test_after_an_exchange_elsewhere_the_recapture_is_a_new_position(go, backend, size):
    moves, taken, taker, elsewhere = KOS[size]
    g, d = played_go(go[backend], f"{moves} {elsewhere}", size)
    assert d.player.name == "White" and taken in d.options
    g.apply(taken)
    assert stone(g, taken) is g.state.players[1] and stone(g, taker) is None
    # Black may not take back at once either: that would recreate the position after the exchange
    assert taker not in g.decision.options


def test_both_backends_play_the_same_go_games_and_replay_them(go):
    for seed in (1, 2):
        games = []
        for b in BACKENDS:
            g, offered = random_start(go[b], seed)
            games.append((offered, g.log, g.state.digest(), g.state.to_json()["seen"]))
            # the unfinished game's log, through JSON, replays to the same state, records included
            again = GameLog.model_validate_json(record(g).model_dump_json())
            assert replay(go[b], again).state.digest() == g.state.digest()
        assert games[0] == games[1]


SHUTTLE = """
enum place { home, away }
var spot "Spot" global remembered as position: place = home;
var mover "To move" global remembered as position: player;
counter moves global;

proc go(dest: place) { set spot = dest; }

proc turn() {
  set mover = you;
  let again = times_seen(position) after go(home);
  say "seen {times_seen(position)} home {again} before {seen_before(position)}";
  if times_seen(position) >= 3 { end game "threefold repetition"; }
  choose "move the token" {
    option "home" { go(home); }
    option "away" { go(away); }
    option "reset" { reset spot; }
  }
  gain 1 moves;
}

game shuttle "Shuttle" {
  seats 2 to 2;
  phase play { while true { each players: turn(); } }
  winner most moves;
}
"""


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def shuttle(request):
    return build_text(SHUTTLE, interpreted=request.param, name="shuttle.rules")


def shuttled(program, moves: str):
    g = Game(program, 2, 1)
    d = g.start()
    for m in moves.split():
        d = g.apply(m)
    return g, d


def test_threefold_repetition_counts_each_occurrence_of_the_position_this_one_included(shuttle):
    g, d = shuttled(shuttle, "away home away home")
    # (home, P1) at P1's turns 1, 3, 5; (away, P2) at P2's turns 2 and 4; `after go(home)` reads the
    # hypothetical position against the game's records and leaves them as they were
    assert g.messages == ["P1: seen 1 home 1 before no", "P2: seen 1 home 1 before no",
                          "P1: seen 2 home 2 before yes", "P2: seen 2 home 1 before yes",
                          "P1: seen 3 home 3 before yes"]
    assert d is None and g.state.reason == "threefold repetition"


def test_a_reset_and_an_unchanged_set_follow_the_position(shuttle):
    g, _d = shuttled(shuttle, "away reset home")   # reset puts spot back home; P1 "home" leaves it there
    assert g.messages[2:] == ["P1: seen 2 home 2 before yes", "P2: seen 1 home 1 before no"]


def test_a_hypothetical_run_copies_no_record(shuttle):
    g, _d = shuttled(shuttle, "away home")
    memory = g.state.seen[0]
    counts, kept = memory.counts, dict(memory.counts)
    saved = engine._saved(g)
    assert all(o is not counts for o, _ in saved[1])   # the records are not among what `after` saves
    assert g.times_seen("position") == 2
    assert memory.counts is counts and memory.counts == kept


def test_the_record_is_saved_loaded_checked_and_replayed(shuttle):
    g, _d = shuttled(shuttle, "away home away")
    data = json.loads(json.dumps(g.state.to_json()))
    assert [len(m[1]) for m in data["seen"]] == [2]   # (home, P1) twice, (away, P2) twice
    check_saved(data, shuttle)
    loaded = State.from_json(data, shuttle.entities)
    assert loaded.digest() == g.state.digest()
    g.state = loaded   # its hash is worked out again from the variables: the same counts follow
    assert g.times_seen("position") == 2
    for bad in ([[True, {"zz": 1}]], [[True, {}], [True, {}]], [["yes", {}]]):
        with pytest.raises(StateError):
            check_saved({**data, "seen": bad}, shuttle)
    with pytest.raises(StateError):
        check_saved({k: v for k, v in data.items() if k != "seen"}, shuttle)
    g = Game(shuttle, 2, 4, make_agents("random", 2, 4))
    g.play()
    again = GameLog.model_validate_json(record(g).model_dump_json())
    assert replay(shuttle, again).state.digest() == g.state.digest()


def test_random_shuttle_games_agree_on_both_backends():
    random_games_agree(SHUTTLE, seeds=range(1, 4), counts=(2,))


def test_a_pack_that_remembers_nothing_keeps_no_record_and_its_digest():
    g = Game(build_text(SHUTTLE.replace(" remembered as position", "").replace("times_seen(position)", "moves")
                        .replace("seen_before(position)", "moves > 0"), name="t.rules"), 2, 1)
    g.start()
    assert g.state.seen is None and "seen" not in g.state.to_json()
    assert "remembered" not in repr(parse_text("var x global: player;"))
    assert "remembered='x'" in repr(parse_text("var x global remembered: player;"))


def test_fmt_prints_the_remembered_forms_back():
    _m, printed = printed_back('var board[1..3] "Board" global remembered: player;\n'
                               "var mover global internal remembered as position: player;\n"
                               "var spot global remembered as spot: bool;\n")
    assert 'var board[1..3] "Board" global remembered: player;' in printed
    assert "var mover global internal remembered as position: player;" in printed
    assert "var spot global remembered: bool;" in printed


def test_explain_reads_the_position():
    result = analyse(str(GO))
    assert "“Board” has not been in this position before (at an earlier decision), as it would be after place" \
        in explained(result, "legal")
    assert "Remembered: the game keeps every position it has had at a decision." in explained(result, "board")
    shuttle = analyse_text(SHUTTLE)
    assert "the number of times the position (“Spot” and “To move”) has occurred (at a decision of any player, " \
           "this time included) is at least 3" in explained(shuttle, "turn")
    assert "with the other parts of the position" in explained(shuttle, "mover")


def findings(text: str) -> list[tuple]:
    return [(d.code, d.span.line, d.span.column, d.message) for d in analyse_text(text).diagnostics]


def test_E537_names_what_is_not_a_remembered_position():
    text = ("var board[1..3] global: player;\nvar spot global remembered as position: bool;\n"
            "var mover global remembered as position: player;\nvar own remembered: player;\n"
            "func a(): int = times_seen(board);\nfunc b(): bool = seen_before(spot);\n"
            "func c(): bool = seen_before(a);\nfunc d(): bool = seen_before(position) or seen_before(1 + 1);\n")
    found = [(code, line, col) for code, line, col, _m in findings(text)]
    assert ("E537", 5, 28) in found and ("E537", 6, 30) in found and ("E537", 7, 30) in found
    assert ("E537", 8, 55) in found and ("E537", 4, 5) in found
    result = analyse_text(text)
    hints = {d.span.line: d.hint for d in result.diagnostics if d.code == "E537"}
    assert hints[5].startswith("declare it 'var board[...] global remembered: player;'")
    assert hints[6] == "write 'seen_before(position)'"
    assert "W526" not in [d.code for d in result.diagnostics]


def test_E537_a_position_named_by_another_declaration():
    found = findings("counter score;\nvar spot global remembered as score: bool;\nfunc f(): bool = seen_before(score);\n")
    assert [f[:3] for f in found if f[0] == "E537"] == [("E537", 2, 5)]


def test_W526_a_remembered_position_nothing_reads():
    found = findings("var spot global remembered: bool;\nfunc f(): bool = spot;\n")
    assert [f[:3] for f in found] == [("W526", 1, 5)]


def test_a_wrong_word_before_the_type_is_E100():
    found = findings("var spot global remember: bool;\n")
    assert found[0][0] == "E100" and "expected 'internal', 'remembered' or ':'" in found[0][3]
    found = findings("var spot global remembered internal: bool;\n")
    assert found[0][0] == "E100" and "expected 'internal' before 'remembered'" in found[0][3]


def test_fmt_round_trips_the_go_pack():
    for path in sorted(GO.glob("*.rules")):
        module, printed = printed_back(path.read_text())
        assert any(type(d).__name__ == "Var" and d.remembered == "board" for d in module.items) or "remembered" not in printed
