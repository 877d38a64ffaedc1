"""Grids of any number of indexes (`var built[1..3, 1..3, 1..2]`, docs 3.3 "Grids: two indexes or
more") and steps on an enum with a step count (`next_around(d, 2)`, docs 3.4 "Order"): both backends,
saved states and replays, views and boards, printed back, explained, and their misuse."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import analyse_text
from rulebook.compiler.explain import reading
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.record import load_state, save_state

from .conftest import (found_at, printed_back, random_games_agree, replays_through_json, rules_programs, run_proc,
                       the_one_error, write_pack)
from .test_boards import board_lines
from .test_screen import hot_seat

# Santorini in small: a shared 3x3 board with two building levels per square; each player's workers
# by row, column and worker; a pile of tiles per square and side (a zone grid of three indexes); a
# Tsuro-like side to turn with the step counts.
PACK = """
enum side { north "North", east "East", south "South", west "West" }
var built[1..3, 1..3, 1..2] "Levels" global: bool;
counter worker[1..3, 1..3, 1..2] "Workers" from 0 to 1;
counter seen[side, 1..2, side];
kind tile { n: int; }
tile a { n = 1; }
tile b { n = 2; }
zone pile[1..2, side, 1..2] of tile;
counter vp;
var facing global: side = north;
func height(r: int, c: int) = count(l in 1..2 where built[r, c, l]);
proc build(r: int, c: int) {
  if height(r, c) < 2 { set built[r, c, height(r, c) + 1] = true; }
}
game santorini {
  seats 2 to 4;
  phase play {
    repeat 4 {
      each players {
        pick r from 1..3 "row" {
          pick c from 1..3 "column" {
            build(r, c);
            gain 1 worker[r, c, 1 + height(r, c) % 2];
            gain height(r, c) vp;
            set facing = next_around(facing, r + c);
            gain 1 seen[facing, 1 + c % 2, prev_around(facing, r)];
          }
        }
      }
    }
  }
  winner most vp;
}
"""

program = rules_programs(PACK)


def run(program, body: str, players: int = 2):
    game = Game(program(f"proc p() {{ {body} }}\n"), players, 1)
    run_proc(game, "p")
    return game


def test_a_grid_of_three_indexes_is_read_and_set_on_both_backends(program):
    g = run(program, """
      build(2, 3); build(2, 3); build(2, 3); build(1, 1);
      gain 1 worker[2, 3, 2]; gain 5 worker[1, 1, 1]; set right(you).worker[3, 3, 1] = 1;
      for each s in side { gain ordinal(s) seen[s, 2, next_around(s, 2)]; }
      fill pile[2, west, 1] with tile where it.n == 2;
      let l = 2;
      if built[2, 3, l] and built[1, 1, 1] and not built[1, 1, l] { gain 100 vp; }
      gain 10 * height(2, 3) + worker[2, 3, 2] + worker[1, 1, 1] + seen[east, 2, west] vp;
      gain 1000 * size(pile[2, west, 1]) vp;
    """)
    me, right = g.state.players[0], g.state.players[-1]
    assert me.stock["vp"] == 100 + 20 + 1 + 1 + 2 + 1000
    assert g.state.gvars["built[2,3,2]"] is True and g.state.gvars["built[1,1,2]"] is False
    assert me.stock["worker[1,1,1]"] == 1 and right.stock["worker[3,3,1]"] == 1   # the bounds of each element
    assert me.stock["seen[west,2,east]"] == 4 and [e.name for e in g.state.zones["pile[2,west,1]"]] == ["b"]


def test_random_games_of_a_three_index_grid_agree_and_replay_through_json(program):
    random_games_agree(PACK, seeds=range(1, 4))
    replays_through_json(program(), 3)


def test_a_three_index_grid_is_saved_read_back_traced_and_reset(program, tmp_path):
    game = Game(program("proc p() { build(1, 2); gain 1 worker[3, 1, 2]; }\n"
                        "proc again() { reset built, worker; }\n"), 2, 1)
    trace = []
    game.tracer = trace.append
    run_proc(game, "p")
    assert ("set", "built[1,2,1] = yes") in [(e.kind, e.what) for e in trace]
    assert ("gain", "worker[3,1,2]") in [(e.kind, e.what) for e in trace]
    path = tmp_path / "state.json"
    save_state(game.state, path)
    again = load_state(path, game.program)
    assert again.to_json() == game.state.to_json() and again.gvars["built[1,2,1]"] is True
    run_proc(game, "again")
    assert game.state.gvars["built[1,2,1]"] is False and game.state.players[0].stock["worker[3,1,2]"] == 0


def test_a_computed_third_index_outside_the_declared_ones_stops_play(program):
    with pytest.raises(RulesRuntimeError) as e:
        run(program, "gain 1 worker[1, 1, vp + 3];")
    assert e.value.code == "E601" and e.value.message == "worker has no element 1,1,3 (its row 1,1 has 1,1,1, 1,1,2; 18 elements in all)"


def test_an_amended_enum_adds_elements_to_a_three_index_grid(tmp_path):
    base = write_pack(tmp_path / "base", PACK)
    house = write_pack(tmp_path / "house", "amend side { up \"Up\" }\n", extends=["../base"])
    from rulebook.compiler.driver import compile_pack
    program = compile_pack(str(house)).program
    assert "seen[up,2,up]" in program.indexed["seen"].values() and len(program.indexed["seen"]) == 5 * 2 * 5
    assert base.exists()


def test_the_view_lays_out_a_board_per_value_of_the_indexes_after_the_first_two(program):
    game = Game(program("proc p() { build(1, 2); build(1, 2); gain 1 worker[3, 1, 2]; }\n"), 2, 1)
    run_proc(game, "p")
    view = game.view(0)
    assert json.loads(json.dumps(view)) == view
    grids = view["grids"]
    assert list(grids) == ["built[*,*,1]", "built[*,*,2]", "worker[*,*,1]", "worker[*,*,2]"] + \
        [f"seen[*,*,{s}]" for s in ("north", "east", "south", "west")]   # zones are shown by their contents
    assert grids["built[*,*,2]"] == {
        "rows": [1, 2, 3], "columns": [1, 2, 3], "row_titles": ["1", "2", "3"], "column_titles": ["1", "2", "3"],
        "elements": [[f"built[{r},{c},2]" for c in (1, 2, 3)] for r in (1, 2, 3)],
        "per_player": False, "grid": "built", "at": [2]}
    assert grids["seen[*,*,east]"]["row_titles"] == ["North", "East", "South", "West"]
    assert grids["worker[*,*,2]"]["per_player"] is True
    assert view["labels"]["built[*,*,2]"] == "Levels 2" and view["labels"]["worker[3,1,2]"] == "Workers (3, 1, 2)"
    assert view["vars"]["built[1,2,2]"] is True and view["players"][0]["stock"]["worker[3,1,2]"] == 1


def test_the_human_screen_draws_a_board_per_level(program):
    game, console = hot_seat(PACK, 2, 1, False, ["2", "3"] * 16)
    game.play()
    second = console.screens[2]   # P2's first, after P1 built on (2, 3)
    assert board_lines(second, "Levels 1")[5] == "│ 2 │ · │ · │ ● │"
    assert board_lines(second, "Levels 2")[5] == "│ 2 │ · │ · │ · │"
    assert "P1's Workers 2      your Workers 2" in second   # side by side, a board per worker
    assert "Levels (" not in second.split("Game:")[1]   # not 18 entries
    assert "Levels (2, 3, 1) no → yes" in console.screens[4]   # what changed, element by element


def test_show_state_prints_a_board_per_level(tmp_path):
    pack = write_pack(tmp_path / "santorini", PACK)
    result = CliRunner().invoke(app, ["play", str(pack), "-n", "2", "--agent", "first", "--show-state"])
    assert result.exit_code == 0, result.output
    lines = [line.rstrip() for line in result.output.splitlines()]
    # the first option every time: (1, 1) built twice, then full
    assert lines[lines.index("Levels 1") + 4] == "│ 1 │ ● │ · │ · │"
    assert lines[lines.index("Levels 2") + 4] == "│ 1 │ ● │ · │ · │"
    assert any(line.startswith("P1's Workers 1") and "P2's Workers 1" in line for line in lines)
    assert not any(line.startswith("│ Levels (") for line in lines)


def test_a_three_index_grid_and_step_counts_are_printed_back_and_explained():
    text = PACK + "proc q(s: side) { set built[1, 2, 1 + 1] = true; set facing = prev(s, 2); }\n"
    module, printed = printed_back(text)
    assert 'var built[1..3, 1..3, 1..2] "Levels" global: bool;' in printed
    assert "zone pile[1..2, side, 1..2] of tile;" in printed and "set built[1, 2, 1 + 1] = true;" in printed
    assert "set facing = next_around(facing, r + c);" in printed and "prev(s, 2)" in printed
    symbols = analyse_text(text).symbols
    assert reading(symbols.decls["built"], symbols) == [
        "Levels: shared values for each number from 1 to 3, each number from 1 to 3 and each number from 1 to 2, "
        "holding each true or false."]
    assert reading(symbols.decls["seen"], symbols) == [
        "Seen: counters each player keeps for each side, each number from 1 to 2 and each side."]
    assert reading(symbols.decls["q"], symbols) == [
        "Set “Levels” (1, 2, 1 plus 1) to true.",
        "Set facing to the one 2 places before s in its order (the first stays the first)."]
    cube = analyse_text("counter cube[1..3, 1..3, 1..3];").symbols
    assert reading(cube.decls["cube"], cube) == ["Cube: counters each player keeps for each triple of numbers from 1 to 3."]


@pytest.mark.parametrize("body, code, where", [
    ("gain 1 worker[1, 2];", "E312", "'worker' (worker[1..3, 1..3, 1..2]) takes three indexes, not 2: worker[..., ..., ...]"),
    ("gain 1 worker[1, 2, 1, 1];", "E312", "takes three indexes, not 4"),
    ("set built = true;", "E312", "'built' is indexed (built[1..3, 1..3, 1..2]): say which one, as in built[..., ..., ...]"),
    ("gain 1 worker[1, 1, 3];", "E312", "worker[1,1,3] is outside worker[1..3, 1..3, 1..2]"),
    ("gain 1 worker[0, 1, 1];", "E312", "worker[0,1,1] is outside"),
    ("gain 1 seen[north, 1, 2];", "E303", "the third index of 'seen' is a side, not a number"),
    ("gain 1 seen[north, east, east];", "E303", "the second index of 'seen' is a number, not a side"),
    ("set built[1, 1, 1] = 2;", "E303", "'built' holds a condition, not a number"),
    ("gain worker[1][1][2] vp;", "E312", "'worker' is a grid: write its indexes in one pair of brackets, worker[1, 1, 2]"),
    ("gain worker[1, 1][2] vp;", "E312", "write its indexes in one pair of brackets, worker[1, 1, 2]"),
    ("let x = [1, 2][1, 2, 3];", "E312", "two indexes or more ([A, B]) name an element"),
    ("gain 1 vp[1, 2, 3];", "E312", "'vp' has no elements"),
])
def test_misuse_of_a_three_index_grid_gets_a_positioned_diagnostic(body, code, where):
    the_one_error(analyse_text(PACK + f"proc p() {{ {body} }}\n"), code, where, PACK.count("\n") + 1)


def test_a_grid_of_more_than_ten_thousand_elements_is_E350():
    the_one_error(analyse_text("var x[1..100, 1..100, 1..2]: bool;\n"), "E350",
                  "x[1..100, 1..100, 1..2] has 100 x 100 x 2 = 20000 elements, more than 10000")
    assert found_at("counter x[1..100, 1..100];\nzone z[1..10, 1..10, 1..10, 1..10] of t;\nkind t {}\n") == []
    assert found_at("enum e { a, b }\ncounter x[1..5000, e, e];\n") == [("E350", 2, 10)]


# ---------------------------------------------------------------------------- steps with a count
STEPS = """
enum side { north, east, south, west }
enum standing { farmhand, tenant, yeoman }
counter vp;
var d global: side = north;
var r global: standing = farmhand;
"""

steps = rules_programs(STEPS)


@pytest.mark.parametrize("expr, value", [
    ("next_around(north, 2)", "south"), ("next_around(west, 1)", "north"), ("prev_around(north, 1)", "west"),
    ("next_around(east, 6)", "west"), ("next_around(east, -3)", "south"), ("prev_around(north, -5)", "east"),
    ("next(east, 5)", "west"), ("prev(east, 3)", "north"), ("next(south, -1)", "east"), ("next_around(d, vp)", "north"),
    ("next(tenant, 2)", "yeoman"), ("prev(tenant, 0 - 7)", "yeoman"), ("next_around(d, 2 * (vp + 1))", "south"),
])
def test_a_step_count_goes_that_many_places_on_both_backends(steps, expr, value):
    member_enum = "standing" if value in ("farmhand", "tenant", "yeoman") else "side"
    game = Game(steps(f"var got global: {member_enum} = none;\nproc p() {{ set got = {expr}; }}\n"), 2, 1)
    run_proc(game, "p")
    assert game.state.gvars["got"] == value


def test_a_step_count_that_is_none_during_play_stops_it(steps):
    game = Game(steps("proc p() { let n = 1; if vp == 0 { set n = none; } set d = next_around(d, n); }\n"), 2, 1)
    with pytest.raises(RulesRuntimeError) as e:
        run_proc(game, "p")
    assert e.value.code == "E601" and "step count" in e.value.message


@pytest.mark.parametrize("expr, code, column", [
    ('next(d, "2")', "E303", 20), ("next_around(d, d)", "E303", 27), ("prev(r, true)", "E303", 20),
    ("next(d, 0)", "W454", 20), ("next_around(d, 4)", "W454", 27), ("prev_around(d, -8)", "W454", 27),
    ("next(3, 1)", "E356", 17), ("next(d, 1, 2)", "E302", 12),
])
def test_misuse_of_a_step_count(expr, code, column):
    found = found_at(STEPS + f"func f() = {expr};\n")
    assert found == [(code, STEPS.count("\n") + 1, column)], found


def test_a_step_count_that_goes_somewhere_is_clean():
    assert found_at(STEPS + "func f() = next_around(d, 2);\nfunc g() = next(d, 4);\nfunc h() = prev(r, -1);\n") == []


@pytest.mark.parametrize("body, message", [
    ("set built[1][2][1] = true;", "set built[1, 2, 1] = ...;"),
    ("set built[1, 2][1] = true;", "set built[1, 2, 1] = ...;"),
    ("gain 1 worker[1][2][1];", "a grid's element takes its indexes in one pair of brackets"),
    ("pay 1 worker[1, 2][1];", "a grid's element takes its indexes in one pair of brackets"),
])
def test_a_three_index_element_written_with_several_brackets_is_a_syntax_error(body, message):
    the_one_error(analyse_text(PACK + f"proc p() {{ {body} }}\n"), "E100", message)
