"""`table NAME[edge of RECORD]: bool = [edge(a, b), ...];`: a board's printed sides (walls, fences), those listed
true and every other side false, read `NAME[edge(a, b)]` from either cell on both backends (branch edgetable:
Robo Rally kept its printed walls as a func of a list of edges read with `contains`). Ricochet Robots' printed
walls stop a robot's slide, a read off the board stops play (E601), E687, W666 and E679 for misuse, fmt and
explain."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import _generate
from rulebook.runtime.engine import RulesRuntimeError

from .conftest import analyse_text, explained, printed_back, rules_programs
from .test_board_cells import value
from .test_edge_state import SLIDES, one_error_at_the_last_line

# Ricochet Robots (a corner of the board): the walls are printed on the board, each between two squares; a robot
# slides until a wall, another robot or the board's edge stops it.
BOARD = """
enum file { a, b, c, d }
record square "{f}{rank}" { f: file; rank: 1..4; }
table wall[edge of square] "Walls": bool = [
  edge(square(f = b, rank = 3), square(f = c, rank = 3)),
  edge(square(f = a, rank = 2), square(f = a, rank = 1)),
  edge(square(f = d, rank = 4), square(f = d, rank = 3))
];
enum way { df: int; dr: int; north(df = 0, dr = 1), south(df = 0, dr = -1), east(df = 1, dr = 0), west(df = -1, dr = 0) }
func sq(x: file, y: int): square = square(f = x, rank = y);
func blocked(s: square, w: way): bool = step(s, w) == none or wall[edge(s, step(s, w))];
func slide(s: square, w: way): square = if blocked(s, w) then s else slide(step(s, w), w);
"""

program = rules_programs(BOARD)


def test_a_listed_side_holds_from_either_cell_and_every_other_side_does_not(program):
    assert value(program, "wall[edge(sq(b, 3), sq(c, 3))]", "", "bool") is True
    assert value(program, "wall[edge(sq(c, 3), sq(b, 3))]", "", "bool") is True
    assert value(program, "wall[edge(sq(a, 1), sq(a, 2))]", "", "bool") is True
    assert value(program, "wall[edge(sq(b, 3), sq(b, 4))]", "", "bool") is False
    # a side kept in a list of two cells, the other way round from the board's order
    assert value(program, "wall[cells]", "let cells: list of square = [sq(c, 3), sq(b, 3)];", "bool") is True
    assert value(program, "count(s in square where some(t in neighbours(s) where wall[edge(s, t)]))", "", "int") == 6


def test_a_robot_slides_until_a_printed_wall(program):
    # the slides of tests/test_edge_state.py's walls set in play, and one stopped by the third printed wall
    slides = SLIDES + [("slide(sq(d, 1), north)", "d3")]
    found = [value(program, slide, "", "square") for slide, _ in slides]
    assert [f"{c.fields['f']}{c.fields['rank']}" for c in found] == [stop for _, stop in slides]


@pytest.mark.parametrize("index", ["edge(sq(a, 1), shift(sq(a, 1), rank = -1))", "far()"])
def test_what_is_no_side_of_the_board_stops_play(program, index):
    with pytest.raises(RulesRuntimeError) as stop:
        value(lambda more="": program("func far(): list of square = [sq(a, 1), sq(d, 4)];\n" + more),
              f"wall[{index}]", "", "bool")
    assert stop.value.code == "E601" and "table 'wall' has no value" in str(stop.value)


def test_the_compiled_module_holds_the_sides_once_keyed_by_their_cells():
    result = analyse_text(BOARD)
    source = _generate(result, "text", result.identity())
    assert source.count("_TABLE_wall = TableCells('wall', {") == 1
    # 4 x 4 squares: 3 sides in each of 4 files and 4 ranks, three of them walls
    assert source.count(": False") == 21 and source.count(": True") == 3
    assert "_TABLE_wall[tuple(" in source


MISUSE = BOARD + """
enum colour { red, blue }
record seat_cell { at: 1..3; owner: player; }
func corner(): square = sq(a, 1);
"""


@pytest.mark.parametrize("text, code, words", [
    ("table x[edge of square]: int = [edge(sq(a, 1), sq(a, 2))];", "E687", "holds 'int'"),
    ("table x[edge of square]: bool = [edge(square(f = a, rank = 1), square(f = c, rank = 1))];", "E687",
     "is no side of it"),
    ("table x[edge of square]: bool = [square(f = a, rank = 1)];", "E687", "is no side of it"),
    ("table x[edge of square]: bool = [edge(corner(), square(f = a, rank = 2))];", "E687", "is no side of it"),
    ("table x[edge of square]: bool = [edge(square(f = a, rank = 1, z = 1), square(f = a, rank = 2))];", "E687",
     "is no side of it"),
    ("table x[edge of square]: bool = [edge(square(f = a), square(f = a, rank = 2))];", "E687", "is no side of it"),
    ("table x[edge of square]: bool = edge(square(f = a, rank = 1), square(f = a, rank = 2));", "E687",
     "is no list of them"),
    ("table x[edge of colour]: bool = [];", "E679", "'colour' is an enum"),
    ("table x[edge of seat_cell]: bool = [];", "E679", "field 'owner' of seat_cell is the players"),
    ("table x[edge of square, 1..2]: bool = [];", "E679", "not beside other indexes"),
    ("func x(): bool = wall[sq(a, 1)];", "E679", "not a square"),
    ("func x(): bool = wall[1];", "E679", "not a number"),
    ("table x[edge of nothing]: bool = [];", "E658", "nothing declares"),
])
def test_misuse(text, code, words):
    one_error_at_the_last_line(MISUSE, text, code, words)


def test_a_side_listed_twice_is_w666_either_way_round():
    text = BOARD + "table x[edge of square]: bool = [\n  edge(sq(a, 1), sq(a, 2)),\n  edge(sq(a, 2), sq(a, 1))\n];\n"
    text = text.replace("edge(sq(a, 1), sq(a, 2))", "edge(square(f = a, rank = 1), square(f = a, rank = 2))")
    text = text.replace("edge(sq(a, 2), sq(a, 1))", "edge(square(f = a, rank = 2), square(f = a, rank = 1))")
    found = [d for d in analyse_text(text).diagnostics if d.code == "W666"]
    assert len(found) == 1 and found[0].span.line == len(BOARD.splitlines()) + 3
    assert "lists the side" in found[0].message and "twice" in found[0].message
    assert [d.code for d in analyse_text(BOARD).diagnostics] == []


def test_fmt_round_trip_and_explain():
    _, text = printed_back(BOARD)
    assert 'table wall[edge of square] "Walls": bool = [' in text
    result = analyse_text(BOARD)
    reading = explained(result, "wall")
    assert "one condition for each side between two squares beside each other" in reading
    # the sides listed by the record's title, in the board's order
    assert "true on the sides it lists and false on every other, read as wall[edge(a, b)]: a1|a2, b3|c3, d3|d4" \
        in reading
    assert "the walls for the side between s and" in explained(result, "blocked")
