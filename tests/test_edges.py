"""`edge(a, b)`: the side two cells beside each other share, one value for the unordered pair (the two cells in
the board's order), so a wall between two squares is written once and read from either square (branch edges:
Quoridor worked out per pair of squares from the crossing a wall stands at whether it stood between them, Robo
Rally checked a wall from both squares). Ricochet Robots' walls on both backends, an enum axis, a line of one
field; E302, E483, E601 (cells not beside each other at play), E673, E675, W652; fmt and explain."""

from __future__ import annotations

import pytest

from rulebook.compiler.explain import explain
from rulebook.runtime.engine import RulesRuntimeError

from .conftest import analyse_text, found_at, printed_back, rules_programs
from .test_board_cells import value

# Ricochet Robots (Alex Randolph, 1999): walls stand between squares; a robot slides until a wall or the edge
RICOCHET = """
enum file { a, b, c, d }
record square "{f}{rank}" { f: file; rank: 1..4; }
enum way { df: int; dr: int; north(df = 0, dr = 1), south(df = 0, dr = -1), east(df = 1, dr = 0), west(df = -1, dr = 0) }
var walls "Walls" global: list of list of square;
func sq(x: file, y: int): square = square(f = x, rank = y);
func blocked(s: square, w: way): bool = step(s, w) == none or contains(walls, edge(s, step(s, w)));
func slide(s: square, w: way): square = if blocked(s, w) then s else slide(step(s, w), w);
proc wall(x: square, y: square) { set walls = walls + [edge(x, y)]; }
"""

program = rules_programs(RICOCHET)


def cells(pair) -> list[str]:
    """An edge's two cells as they read: `b2`."""
    return [f"{c.fields['f']}{c.fields['rank']}" for c in pair]


def test_one_value_for_the_pair_in_the_boards_order(program):
    assert cells(value(program, "edge(sq(b, 2), sq(b, 3))")) == ["b2", "b3"]
    assert cells(value(program, "edge(sq(b, 3), sq(b, 2))")) == ["b2", "b3"]
    assert cells(value(program, "edge(sq(c, 1), sq(b, 1))")) == ["b1", "c1"]   # an enum axis by its members' order
    assert value(program, "edge(sq(b, 2), sq(c, 2)) == edge(sq(c, 2), sq(b, 2))", result_type="bool") is True
    assert value(program, "edge(sq(b, 2), sq(c, 2)) == edge(sq(b, 2), sq(b, 3))", result_type="bool") is False


def test_no_side_off_the_board(program):
    assert value(program, "edge(sq(a, 1), step(sq(a, 1), south))") == []
    assert value(program, "edge(step(sq(d, 4), east), sq(d, 4))") == []


def test_a_wall_is_read_from_both_squares(program):
    setup = "wall(sq(b, 2), sq(b, 3));"
    assert value(program, "blocked(sq(b, 2), north)", setup, "bool") is True
    assert value(program, "blocked(sq(b, 3), south)", setup, "bool") is True
    assert value(program, "blocked(sq(b, 2), east)", setup, "bool") is False
    assert value(program, "blocked(sq(b, 4), north)", setup, "bool") is True    # the board's edge


def test_a_robot_slides_to_the_wall(program):
    # Ricochet Robots: a robot moves as far as it can, stopped only by a wall, a robot or the edge
    setup = "wall(sq(b, 3), sq(c, 3)); wall(sq(a, 2), sq(a, 1));"
    assert cells([value(program, "slide(sq(a, 3), east)", setup, "square")]) == ["b3"]
    assert cells([value(program, "slide(sq(d, 3), west)", setup, "square")]) == ["c3"]
    assert cells([value(program, "slide(sq(a, 4), south)", setup, "square")]) == ["a2"]
    assert cells([value(program, "slide(sq(a, 1), east)", setup, "square")]) == ["d1"]


@pytest.mark.parametrize("far", ["sq(b, 2)", "sq(c, 3)", "sq(b, 4)", "sq(d, 2)"])
def test_cells_not_beside_each_other_stop_play(program, far):
    with pytest.raises(RulesRuntimeError) as stop:
        value(program, f"edge(sq(b, 2), {far})")
    assert stop.value.code == "E601" and "beside each other" in str(stop.value)


# a line of one field: Snakes and Ladders' squares; a ladder's foot lies on the side between two of them
LINE = """
record spot { n: 1..100; }
func side_after(s: spot): list of spot = edge(s, shift(s, n = 1));
"""

line = rules_programs(LINE)


def test_a_board_of_one_field(line):
    pair = value(line, "side_after(spot(n = 7))")
    assert [c.fields["n"] for c in pair] == [7, 8]
    assert value(line, "side_after(spot(n = 100))") == []


def test_misuse():
    cases = {
        "func x(s: square): list of square = edge(s);": ("E302", "two cells of one board, not 1 argument"),
        "func x(s: square): list of square = edge(s, s, s);": ("E302", "not 3 arguments"),
        "func x(s: square): list of square = edge(s, 3);": ("E483", "not a number"),
        "func x(s: square, t: spot): list of square = edge(s, t);": ("E673", "the first is a square, the second a spot"),
        "func x(): list of square = edge(square(f = a, rank = 1), square(f = b, rank = 2));":
            ("E675", "are not"),
        "func x(): list of square = edge(square(f = a, rank = 1), square(f = c, rank = 1));":
            ("E675", "beside each other"),
    }
    base = RICOCHET + "record spot { row: 1..3; col: 1..3; }\n"
    at = len(base.splitlines()) + 1
    for text, (code, words) in cases.items():
        result = analyse_text(base + text)
        errors = [d for d in result.diagnostics if d.severity == "error"]
        assert [d.code for d in errors] == [code], (text, [d.headline() for d in errors])
        assert words in errors[0].message, (text, errors[0].message)
        assert errors[0].span.line == at, text
    beside = "func x(): list of square = edge(square(f = a, rank = 1), square(f = b, rank = 1));\n"
    assert found_at(RICOCHET + beside) == []


def test_the_same_cell_on_both_sides_is_w652():
    text = RICOCHET + "func x(s: square): list of square = edge(s, s);\n"
    found = found_at(text)
    assert [(code, line) for code, line, _ in found] == [("W652", len(RICOCHET.splitlines()) + 1)]
    d = [d for d in analyse_text(text).diagnostics if d.code == "W652"][0]
    assert "no side with itself" in d.message and "edge(s, step(s, d))" in d.hint


def test_a_packs_own_edge_keeps_the_name():
    # Sagrada's and Tak's packs declare a func edge of their own
    text = "func edge(a: int, b: int): bool = a < b;\ncounter vp;\nproc p() { if edge(1, 2) { gain 1 vp; } }\n"
    assert analyse_text(text).diagnostics == []


def test_fmt_round_trip_and_explain():
    _, text = printed_back(RICOCHET)
    assert "contains(walls, edge(s, step(s, w)))" in text
    result = analyse_text(RICOCHET)
    reading = "\n".join(explain(result.symbols.decls["blocked"], result.symbols))
    assert "the side between s and" in reading and "the same side read from either cell" in reading
