"""Branch amendpick: `neighbours(CELL)` and `neighbours(CELL, diagonal)`, the cells of a board next to one
(a record of ranges and enums, 3.4a), in the record's order, on both backends: a property against a plain
implementation over the whole domain, Santorini's and Go's uses, the misuse codes (E302, E303, W470),
explain, and a pack's own `func neighbours` keeping its name."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings, strategies as st

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import explain
from rulebook.runtime.engine import Game

from .conftest import examples, random_games_agree, run_proc, the_one_error

FILES = ["a", "b", "c", "d"]
# each shape: its record's declaration, its axes' values in order, how a value reads
SHAPES = {
    "line": ("record line \"{x}\" { x: 1..5; }", [list(range(1, 6))]),
    "grid": ("record grid \"{row}-{col}\" { row: 1..4; col: 1..3; }", [list(range(1, 5)), list(range(1, 4))]),
    "chess": ("record chess \"{f}{rank}\" { f: file; rank: 1..3; }", [FILES, list(range(1, 4))]),
    "tower": ("record tower \"{row}-{col}-{level}\" { row: 2..4; col: 1..2; level: 0..1; }",
              [list(range(2, 5)), list(range(1, 3)), [0, 1]]),
}
FIELDS = {"line": ["x"], "grid": ["row", "col"], "chess": ["f", "rank"], "tower": ["row", "col", "level"]}
PACK = "enum file { a, b, c, d }\ncounter vp;\n" + "\n".join(d for d, _ in SHAPES.values()) + "\n" + "\n".join(
    f"proc {name}_of({', '.join(f'v{i}: ' + ('file' if name == 'chess' and i == 0 else 'int') for i in range(len(axes)))}) {{\n"
    f"  let cell = {name}({', '.join(f'{f} = v{i}' for i, f in enumerate(FIELDS[name]))});\n"
    f"  say \"{{neighbours(cell)}} / {{neighbours(cell, diagonal)}}\";\n}}"
    for name, (_d, axes) in SHAPES.items()) + "\ngame g { seats 2 to 2; winner most vp; }\n"


def plain(name: str, cell: tuple, diagonal: bool) -> str:
    """The cells next to `cell` the long way: every value of the domain, in order, whose places on each
    axis are at most one apart from the cell's (diagonal) or differ by one on one axis only."""
    axes = SHAPES[name][1]
    near = []
    for value in product(*axes):
        apart = [abs(axis.index(v) - axis.index(c)) for axis, v, c in zip(axes, value, cell)]
        if (max(apart) == 1 if diagonal else sum(apart) == 1):
            near.append("-".join(map(str, value)) if name != "chess" else f"{value[0]}{value[1]}")
    return ", ".join(near)


@pytest.fixture(scope="module")
def programs():
    return [build_text(PACK, interpreted=i) for i in (False, True)]


def shown(program, name: str, cell: tuple) -> str:
    game = Game(program, 2, 1)
    run_proc(game, f"{name}_of", *cell)
    return game.messages[0].split(": ", 1)[1]


CELLS = st.sampled_from(sorted(SHAPES)).flatmap(
    lambda name: st.tuples(st.just(name), st.tuples(*(st.sampled_from(axis) for axis in SHAPES[name][1]))))


@settings(max_examples=examples(120), deadline=None)
@given(CELLS)
def test_neighbours_are_the_cells_one_step_away_in_the_records_order(programs, drawn):
    name, cell = drawn
    expected = f"{plain(name, cell, False)} / {plain(name, cell, True)}"
    assert [shown(p, name, cell) for p in programs] == [expected, expected]


def test_corners_edges_and_the_middle(programs):
    compiled = programs[0]
    assert shown(compiled, "grid", (1, 1)) == "1-2, 2-1 / 1-2, 2-1, 2-2"
    assert shown(compiled, "grid", (2, 2)) == "1-2, 2-1, 2-3, 3-2 / 1-1, 1-2, 1-3, 2-1, 2-3, 3-1, 3-2, 3-3"
    assert shown(compiled, "chess", ("d", 3)) == "c3, d2 / c2, c3, d2"
    assert shown(compiled, "line", (5,)) == "4 / 4"


# Santorini (values for illustration): a worker moves to a cell next to it, diagonally too, that is
# not domed and at most one level higher; it builds on a cell next to where it stands
SANTORINI = """
record square "{row}{col}" { row: 1..5; col: 1..5; }
counter level[1..5, 1..5] global from 0 to 4;
var at: square;
counter won;
func height(s: square): int = level[s.row, s.col];
func moves(from_sq: square): list of square =
  gather(s in neighbours(from_sq, diagonal) where height(s) < 4 and height(s) <= height(from_sq) + 1, [s]);
proc turn() {
  if at == none { set at = square(row = 3, col = 3); }
  pick s from moves(at) "move to" {
    set at = s;
    if height(s) == 3 { gain 1 won; end game; }
    pick b from neighbours(s, diagonal) where height(b) < 4 "build on" { set level[b.row, b.col] = height(b) + 1; }
  }
}
game santorini {
  seats 2 to 2;
  phase play { repeat 20 { each players: turn(); } }
  winner most won;
}
"""


def test_santorini_moves_and_builds_agree_on_both_backends():
    result = analyse_text(SANTORINI)
    assert result.ok, [d.headline() for d in result.diagnostics]
    random_games_agree(SANTORINI, seeds=range(1, 4), counts=(2,))
    for interpreted in (False, True):
        game = Game(build_text(SANTORINI, interpreted=interpreted), 2, 1)
        asked = run_proc(game, "turn", answers=[0, 0])
        assert asked[0].prompt == "move to" and asked[0].options == ["22", "23", "24", "32", "34", "42", "43", "44"]
        assert asked[1].options == ["11", "12", "13", "21", "23", "31", "32", "33"]


def test_go_liberties_through_reachable(programs):
    text = """
enum colour { empty, black, white }
record point { row: 1..3; col: 1..3; }
var stone[1..3, 1..3] global: colour = empty;
counter vp;
func at(p: point): colour = stone[p.row, p.col];
func stones(k: point) = reachable(p from k via gather(q in neighbours(p) where at(q) == at(k), [q]));
func liberties(k: point) = count(q in reachable(p from k via neighbours(p) through r where at(r) == at(k))
    where at(q) == empty);
proc go() {
  set stone[1, 1] = black; set stone[1, 2] = black; set stone[2, 1] = white;
  gain liberties(point(row = 1, col = 1)) vp;
  say "{stones(point(row = 1, col = 1))}";
}
"""
    for interpreted in (False, True):
        game = Game(build_text(text, interpreted=interpreted), 2, 1)
        run_proc(game, "go")
        assert game.state.players[0].stock["vp"] == 2   # (1,3) and (2,2)
        assert game.messages == ["P1: point(row = 1, col = 1), point(row = 1, col = 2)"]


def test_explain_reads_them():
    result = analyse_text(SANTORINI)
    reading = "\n".join(explain(result.symbols.decls["moves"], result.symbols))
    assert "the cells next to from_sq, beside it or diagonally (those on the board)" in reading


@pytest.mark.parametrize("func, code, message", [
    ("func f(s: square) = neighbours();", "E302", "neighbours() takes a cell, and 'diagonal'"),
    ("func f(s: square) = neighbours(s, diagonal, 2);", "E302", "not 3 arguments"),
    ("func f(s: square) = neighbours(s, true);", "E303", "the second argument of neighbours() is the word 'diagonal'"),
    ("func f(p: player) = neighbours(p);", "E303", "neighbours() takes a cell of a board, a record of ranges or enums, "
                                                   "not a player"),
    ("func f(n: int) = neighbours(n);", "E303", "not a number"),
    ("record spot { at: square; up: bool; }\nfunc f(s: spot) = neighbours(s);", "E303",
     "field 'at' of spot is a square"),
    ("record pos { x: int; }\nfunc f(p: pos) = neighbours(p);", "E303", "field 'x' of pos is a number"),
])
def test_misuse_is_a_positioned_diagnostic(func, code, message):
    base = SANTORINI + func + "\n"
    the_one_error(analyse_text(base), code, message, base.count("\n"))


def test_a_player_gets_left_and_right_as_hint_and_a_line_has_no_diagonal():
    result = analyse_text(SANTORINI + "func f(p: player) = neighbours(p);\n")
    assert next(d for d in result.diagnostics if d.code == "E303").hint.startswith("the players beside p are left(p)")
    result = analyse_text(SANTORINI + "record lane { x: 1..9; }\nfunc f(l: lane) = neighbours(l, diagonal);\n")
    warning = next(d for d in result.diagnostics if d.code == "W470")
    assert "record 'lane' has one field" in warning.message and warning.span.column == 33
    assert result.ok


def test_a_packs_own_func_neighbours_and_the_players_domain_keep_their_meaning():
    """(a pack's `func neighbours` hides the players' domain, as before: E301 at a bare `neighbours`)"""
    text = """
counter vp;
record point { row: 1..3; col: 1..3; }
func neighbours(p: point): list of point = [point(row = 1, col = 1)];
proc p() {
  gain size(neighbours(point(row = 2, col = 2))) vp;
}
proc q() { each neighbours: gain 1 vp; }
"""
    assert analyse_text(text.replace("func neighbours", "func beside")
                        .replace("size(neighbours(", "size(beside(")).ok
    text = text.replace("proc q() { each neighbours: gain 1 vp; }", "")
    assert analyse_text(text).ok
    for interpreted in (False, True):
        game = Game(build_text(text, interpreted=interpreted), 3, 1)
        run_proc(game, "p")
        assert [p.stock["vp"] for p in game.state.players] == [1, 0, 0]
