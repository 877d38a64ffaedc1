"""Fields indexed by a range (`marked: bool[1..25] = false;`, a Bingo card's marked numbers; `line: int[1..3]`, a
score sheet's rows), index ranges bounded by an option (`counter sticks[1..rows]`, `var x[1..size]`, `zone
z[1..size]`, a field's `bool[1..size]`: E551, W538), and zones indexed by a record sized by an option, each game
holding exactly the elements of its option's value, on both backends. From the designer audits of indexed state
(branch ranges)."""

from __future__ import annotations

import json
import textwrap

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import analyse_text, build_text
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.record import load_state, save_state
from rulebook.runtime.view import fields_words, partly_known

from .conftest import explained, rules_programs, run_proc, write_pack

# Bingo: each player's card marks the numbers called; a card held face down shows its marks to everyone.
BINGO = """
kind card { shown marked: bool[1..25] = false; bonus: int[1..5] = 0; }
card plain * 2 {}
card lucky { bonus = {1: 3, 5: 2}; }
zone cards per_player of card hidden;
counter score;
proc deal() { move plain to cards; }
proc call(n: int) {
  for each c in cards { set c.marked[n] = true; }
}
proc tally() {
  for each c in cards {
    gain count(k in 1..25 where c.marked[k]) score;
  }
  gain lucky.bonus[1] + lucky.bonus[5] + lucky.bonus[3] score;
  say "{count(k in 1..25 where lucky.marked[k])} {total(k in 1..5, lucky.bonus[k])}";
}
proc off(n: int) { for each c in cards { set c.marked[n] = true; } }
game bingo "Bingo" { seats 2 to 4; phase play { deal(); end game "done"; } winner most score; }
"""

bingo = rules_programs(BINGO)


def test_a_field_per_number_is_set_and_read_on_each_copy(bingo):
    game = Game(bingo(), 2, 1)
    run_proc(game, "deal")
    for n in (4, 7, 25):
        run_proc(game, "call", n)
    run_proc(game, "call", 9, player=1)   # P2 holds no card: nothing marked
    run_proc(game, "tally")
    mine = game.state.players[0].zones["cards"]
    assert [c.name for c in mine] == ["plain"]   # `move plain` takes one copy
    assert [k for k in range(1, 26) if game.field(mine[0], f"marked[{k}]")] == [4, 7, 25]
    other = game.program.entities["plain#2"]
    assert not any(game.field(other, f"marked[{k}]") for k in range(1, 26))   # the other copy keeps its own
    assert game.state.players[0].stock["score"] == 3 + 3 + 2 and game.messages == ["P1: 0 5"]


def test_a_computed_index_outside_the_range_stops_play(bingo):
    game = Game(bingo(), 2, 1)
    run_proc(game, "deal")
    with pytest.raises(RulesRuntimeError) as e:
        run_proc(game, "off", 26)
    assert e.value.code == "E601" and "has no element 26" in e.value.message


def test_both_backends_agree_and_the_state_is_saved_read_back_and_shown(tmp_path):
    games = []
    for interpreted in (False, True):
        game = Game(build_text(BINGO, interpreted=interpreted), 2, 1)
        run_proc(game, "deal")
        run_proc(game, "call", 12)
        run_proc(game, "call", 3)
        games.append(game)
    a, b = games
    assert a.state.digest() == b.state.digest() and a.state.to_json() == b.state.to_json()
    path = tmp_path / "state.json"
    save_state(a.state, path)
    assert load_state(path, a.program).to_json() == a.state.to_json()
    card = a.state.players[0].zones["cards"][0]
    seen = partly_known(a, 1, card, a.state.players[0])   # P2 sees the marks on P1's hidden card
    assert fields_words(seen, a.text) == "marked 3, 12"


@pytest.mark.parametrize("body, code, at", [
    ("proc p() { for each c in card { set c.marked[26] = true; } }", "E312", (1, 46)),
    ("proc p() { for each c in card { set c.marked[true] = true; } }", "E303", (1, 46)),
    ("proc p() { gain lucky.bonus score; }", "E312", (1, 17)),
])
def test_misuse_of_a_field_per_number_is_positioned(body, code, at):
    found = [(d.code, d.span.line, d.span.column) for d in analyse_text(body + BINGO).diagnostics
             if d.severity == "error"]
    assert found == [(code, *at)]


def test_a_card_giving_a_number_outside_the_range_and_a_field_of_text_are_refused():
    text = BINGO.replace("card lucky { bonus = {1: 3, 5: 2}; }", "card lucky { bonus = {1: 3, 6: 2}; }")
    errors = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert [(d.code, d.message) for d in errors] == [("E312", "bonus[6] is outside bonus[1..5]")]
    errors = [d for d in analyse_text("kind k { label: str[1..3]; }").diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["E303"] and "one value per number from 1 to 3" in errors[0].message


def test_fmt_prints_and_explain_reads_a_field_per_number():
    printed = format_module(parse_text(BINGO))
    assert "shown marked: bool[1..25] = false;" in printed and "bonus = {1: 3, 5: 2};" in printed
    assert format_module(parse_text(printed)) == printed
    result = analyse_text(BINGO)
    assert "marked (one for each number from 1 to 25)" in explained(result, "card")
    assert "Bonus: 3 for 1, 2 for 5." in explained(result, "lucky")


# Nim on 3, 4 or 5 rows: a counter per row, the rows in play the option's.
NIM = """
option rows "Rows": 3 | 4 | 5 = 4;
counter sticks[1..rows] "Sticks" global from 0 to 9;
var emptied[1..rows] global: bool;
zone heap[1..rows] of stick;
kind stick { }
stick twig * 3 {}
counter took "Sticks taken";

proc turn() {
  pick r from 1..rows where sticks[r] > 0 "take from a row" {
    choose "how many" {
      option "one" { lose 1 sticks[r]; gain 1 took; }
      option "two" when sticks[r] >= 2 { lose 2 sticks[r]; gain 2 took; }
    }
    if sticks[r] == 0 { set emptied[r] = true; }
  }
  if total(r in 1..rows, sticks[r]) == 0 { end game "the last stick"; }
}
proc far() { gain 1 sticks[5]; }
proc piled() { move twig to heap[rows]; say "{size(heap[rows])}"; }

game nim "Nim" {
  seats 2 to 2;
  phase setup { for each r in 1..rows { set sticks[r] = 2 * r - 1; } }
  phase play { while true { each players: turn(); } }
  winner most took;
}
"""

nim = rules_programs(NIM)


@pytest.mark.parametrize("rows", [3, 5])
def test_each_game_holds_the_rows_of_its_option(nim, rows):
    game = Game(nim(), 2, 1, None, [f"rows={rows}"])
    wanted = [f"sticks[{r}]" for r in range(1, rows + 1)]
    assert sorted(game.state.globals) == wanted
    assert sorted(game.state.gvars) == [f"emptied[{r}]" for r in range(1, rows + 1)]
    assert sorted(game.state.zones) == [f"heap[{r}]" for r in range(1, rows + 1)]
    run_proc(game, "piled")
    assert [e.name for e in game.state.zones[f"heap[{rows}]"]] == ["twig"] and game.messages == ["P1: 1"]
    if rows == 3:
        with pytest.raises(RulesRuntimeError) as e:   # row 5 is on the largest board, not on this one
            run_proc(game, "far")
        assert e.value.code == "E601" and "sticks has no element 5 (it has 1, 2, 3)" in e.value.message
    else:
        run_proc(game, "far")
        assert game.state.globals["sticks[5]"] == 1


def test_nim_plays_the_same_game_on_both_backends_at_each_size():
    for rows in (3, 5):
        played = []
        for interpreted in (False, True):
            game = Game(build_text(NIM, interpreted=interpreted), 2, 7, make_agents("random", 2, 7), [f"rows={rows}"])
            game.play()
            played.append(game)
        a, b = played
        assert a.result()["over"] and a.log == b.log and a.state.digest() == b.state.digest()
        assert sum(p.stock["took"] for p in a.state.players) == rows * rows   # 1 + 3 + ... + (2 rows - 1)
        assert sorted(a.state.gvars) == sorted(f"emptied[{r}]" for r in range(1, rows + 1))


def test_a_logged_game_with_the_option_replays_and_shows_its_rows(tmp_path):
    pack = write_pack(tmp_path / "nim", textwrap.dedent(NIM).replace("proc far() { gain 1 sticks[5]; }\n", ""))
    log = tmp_path / "nim.json"

    def invoke(*args):
        result = CliRunner().invoke(app, [str(a) for a in args])
        assert "Traceback" not in result.output, result.output
        return result

    shown = invoke("play", pack, "-n", 2, "--option", "rows=3", "-s", 4, "--show-state", "-q", "--log", log)
    assert shown.exit_code == 0, shown.output
    assert json.loads(log.read_text())["variants"] == ["rows=3"]
    assert "Sticks" in shown.output and "heap[4]" not in shown.output
    assert "replay matches the log" in invoke("replay", log).output
    assert invoke("replay", log, "--interpret").exit_code == 0


def test_a_saved_state_of_the_smaller_board_reads_back(nim, tmp_path):
    game = Game(nim(), 2, 1, None, ["rows=3"])
    path = tmp_path / "state.json"
    save_state(game.state, path)
    assert load_state(path, game.program).to_json() == game.state.to_json()


def test_a_range_up_to_what_is_no_option_is_e551_with_a_near_name():
    text = NIM.replace("counter sticks[1..rows]", "counter sticks[1..row]").replace("var emptied[1..rows]", "var emptied[1..took]")
    found = [(d.span.line, d.span.column, d.hint) for d in analyse_text(text).diagnostics if d.code == "E551"]
    assert [f[:2] for f in found] == [(3, 16), (4, 13)] and found[0][2] == "did you mean 'rows'?"
    assert "'took' is a counter, not an option" in next(d.message for d in analyse_text(text).diagnostics
                                                        if d.code == "E551" and d.span.line == 4)


def test_a_range_that_the_option_may_leave_empty_is_w538():
    text = NIM.replace("3 | 4 | 5 = 4", "0 | 3 | 4 | 5 = 4")
    assert [d.code for d in analyse_text(text).diagnostics if d.code.startswith("W538")] == ["W538"] * 3


def test_fmt_and_explain_of_a_range_up_to_an_option():
    printed = format_module(parse_text(NIM))
    assert "counter sticks[1..rows] \"Sticks\" global from 0 to 9;" in printed
    assert format_module(parse_text(printed)) == printed
    assert "for each number from 1 to rows (the option chosen for each game, at most 5)" in \
        explained(analyse_text(NIM), "sticks")


def test_a_field_up_to_an_option_refuses_the_numbers_past_it_in_a_smaller_game():
    text = """
option size "Board size": 3 | 5 = 5;
kind ticket { marked: bool[1..size] = false; }
ticket t1 {}
proc p(n: int) { set t1.marked[n] = true; say "{count(k in 1..size where t1.marked[k])}"; }
game g "G" { seats 2 to 2; phase play { end game "done"; } winner most 0; }
"""
    for interpreted in (False, True):
        program = build_text(text, interpreted=interpreted)
        big = Game(program, 2, 1, None, ["size=5"])
        run_proc(big, "p", 4)
        assert big.messages == ["P1: 1"]
        with pytest.raises(RulesRuntimeError) as e:
            run_proc(Game(program, 2, 1, None, ["size=3"]), "p", 4)
        assert e.value.code == "E601" and "(it has 1, 2, 3)" in e.value.message


# Zones indexed by a board's point, sized by an option: a stack of counters on each point in play.
STACKS = """
option size "Board size": 5 | 7 = 7;
record point "{col}-{row}" { col: 1..size; row: 1..size; }
zone stack[point] of disc;
kind disc { }
disc d * 2 {}
proc p() { move d to stack[point(col = size, row = size)]; say "{count(q in point where size(stack[q]) > 0)}"; }
game g "G" { seats 2 to 2; phase play { end game "done"; } winner most 0; }
"""

stacks = rules_programs(STACKS)


@pytest.mark.parametrize("size", [5, 7])
def test_zones_indexed_by_a_sized_record_hold_the_points_in_play(stacks, size):
    game = Game(stacks(), 2, 1, None, [f"size={size}"])
    assert len(game.state.zones) == size * size
    assert f"stack[{size},{size}]" in game.state.zones and ("stack[6,1]" in game.state.zones) == (size == 7)
    run_proc(game, "p")
    assert game.messages == ["P1: 1"] and len(game.state.zones[f"stack[{size},{size}]"]) == 1
    assert len(game.view(0)["zones"]) == size * size
