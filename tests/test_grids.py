"""Data laid out as printed: an enum's field indexed by a record (`token: int[hex];`, one value per cell of the
record's domain, its shape respected), written as a grid row by row and read `layout.token[h]` (docs/language.md
3.4): both backends alike, misuse (E572, E576, E584, E303) at its place, fmt's aligned grid, explain."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.engine import RulesRuntimeError

from .conftest import explained, found_at, parse_error, printed_back, random_games_agree, rules_programs, said

# Catan: the beginner layout's number tokens on a hex map of radius 2 (0: the desert), read by axial coordinates
# (the first field, q, is the row); Battleship: a fleet layout on a record of one field (a line of squares)
PACK = """
counter vp;
record hex { q: -2..2; r: -2..2; } where abs(q + r) <= 2;
record square { x: 1..5; }
enum layout {
  token: int[hex];
  robber: bool[hex] = false;
  beginner "Beginner" (
      token = [[10, 2, 9],
               [12, 6, 4, 10],
               [9, 11, 0, 3, 8],
               [8, 3, 4, 5],
               [5, 6, 11]],
      robber = [[false, false, false], [false, false, false, false], [false, false, true, false, false],
                [false, false, false, false], [false, false, false]]),
  plain "Plain" (token = [[2, 3, 4], [5, 6, 8, 9], [10, 11, 12, 3, 4], [5, 6, 8, 9], [10, 11, 12]]),
}
enum fleet { ship: bool[square]; carrier(ship = [true, true, false, false, true]), cruiser(ship = [false, true, true, true, false]) }
func tokens(l: layout, n: int): int = count(h in hex where l.token[h] == n);
func pips(l: layout): int = total(h in hex, l.token[h]);
game g { seats 2; winner most vp; }
"""
LINES = len(PACK.splitlines())

program = rules_programs(PACK)


def test_a_grid_is_read_at_each_cell_row_by_row_its_shape_respected(program):
    assert said(program, 'say "{beginner.token[hex(q = -2, r = 0)]} {beginner.token[hex(q = -2, r = 2)]} '
                         '{beginner.token[hex(q = -1, r = -1)]} {beginner.token[hex(q = 0, r = 0)]} '
                         '{beginner.token[hex(q = 2, r = -2)]} {beginner.token[hex(q = 2, r = 0)]}";') == \
        ["P1: 10 9 12 0 5 11"]


def test_a_grid_is_read_through_a_member_held_in_a_value_and_in_aggregates(program):
    assert said(program, 'for each l in layout { say "{l} {tokens(l, 6)} {tokens(l, 0)} '
                         '{pips(l)} {count(h in hex where l.robber[h])}"; }') == \
        ["P1: Beginner 2 1 126 1", "P1: Plain 2 0 138 0"]


def test_a_member_that_leaves_a_grid_out_has_the_default_in_every_cell(program):
    assert said(program, 'say "{every(h in hex where not plain.robber[h])}";') == ["P1: yes"]


def test_a_record_of_one_field_is_a_plain_list_in_order(program):
    assert said(program, 'for each f in fleet { say "{count(s in square where f.ship[s])} '
                         '{f.ship[square(x = 1)]} {f.ship[square(x = 5)]}"; }') == \
        ["P1: 3 yes yes", "P1: 3 no no"]


def test_a_cell_outside_the_shape_stops_play_alike_on_both_backends(program):
    with pytest.raises(RulesRuntimeError, match="E601.*outside the shape of hex"):
        said(program, 'let h = hex(q = 2, r = 2); say "{beginner.token[h]}";')


def test_random_games_agree_on_both_backends():
    game = PACK.index("game g")
    random_games_agree(PACK[:game] + """game g { seats 2 to 4; phase play { each players {
      pick h from hex where beginner.token[h] > 0 "settle next to which hex?" { gain beginner.token[h] vp; } } }
      winner most vp; }""", seeds=range(1, 3), counts=(2,))


# ---------------------------------------------------------------- misuse, at its place
GRID = """record spot { row: 1..2; col: 1..3; }
enum pattern { shade: int[spot] = 0; a(shade = [[1, 2, 3], [4, 5, 6]]), b }
counter vp;
game g { seats 2; winner most vp; }
"""


def findings(text: str) -> list:
    """(code, line, column, message, hint) of each finding of an analysis."""
    return [(d.code, d.span.line, d.span.column, d.message, d.hint) for d in analyse_text(text).diagnostics]


def test_the_grid_written_right_lints_clean():
    assert found_at(GRID) == []


def test_a_missing_row_is_E576_at_the_grid_with_the_form_to_write():
    [(code, line, col, message, hint)] = findings(GRID.replace("[[1, 2, 3], [4, 5, 6]]", "[[1, 2, 3]]"))
    assert (code, line, col) == ("E576", 2, 48)
    assert "has 1 item: spot has 2 rows there, one per row 1 to 2" in message
    assert hint == "write [[_, _, _], [_, _, _]], a value for each _"


def test_a_short_or_long_row_is_E576_at_the_row():
    [(code, line, col, message, hint)] = findings(GRID.replace("[4, 5, 6]", "[4, 5]"))
    assert (code, line, col) == ("E576", 2, 60)
    assert message.startswith("row 2 of a's shade has 2 items: spot has 3 values there, one per col 1 to 3")
    assert hint == "write [_, _, _], a value for each _"
    assert [f[:3] for f in findings(GRID.replace("[4, 5, 6]", "[4, 5, 6, 7]"))] == [("E576", 2, 60)]


def test_a_row_that_is_no_list_is_E576():
    [(code, line, col, message, _hint)] = findings(GRID.replace("[4, 5, 6]", "4"))
    assert (code, line, col) == ("E576", 2, 60) and "has no list but 4" in message


def test_a_value_of_the_wrong_type_is_E303_at_the_value():
    assert [f[:3] for f in findings(GRID.replace("[4, 5, 6]", '[4, "5", 6]'))] == [("E303", 2, 64)]


def test_an_index_that_is_no_record_is_E572():
    [(code, line, col, message, hint)] = findings(GRID.replace("int[spot]", "int[pattern]"))
    assert (code, line, col) == ("E572", 2, 27) and "which is no record" in message and "int[cell]" in hint
    [(code, line, col, message, _hint)] = findings(GRID.replace("int[spot]", "int[spots]"))
    assert (code, line, col) == ("E572", 2, 27) and "spot" in message + _hint


def test_an_index_of_a_range_or_in_a_record_is_E572():
    assert parse_error(GRID.replace("int[spot]", "int[1..6]")).code == "E572"
    err = parse_error("record spot { row: 1..2; shade: int[spot]; }\ngame g { seats 2; }")
    assert (err.code, err.span.line, err.span.column) == ("E572", 1, 26)


def test_reading_it_without_a_cell_or_at_another_value_is_E584():
    base = GRID + "record other { row: 1..2; }\n"
    [(code, line, col, message, hint)] = [f for f in findings(base + 'func f(s: spot): int = a.shade[3];')
                                          if f[0] != "W588"]   # (s unread)
    assert (code, line, col) == ("E584", 6, 32) and "a.shade is read at a spot, not at a number" in message
    assert hint == "write a.shade[spot(row = ..., col = ...)]"
    [(code, line, col, message, _hint)] = findings(base + 'func f(s: other): int = a.shade[s];')
    assert (code, line, col) == ("E584", 6, 33) and "not at an other" in message
    [(code, line, col, message, _hint)] = findings(base + 'func f(): int = size(a.shade);')
    assert (code, line, col) == ("E584", 6, 22) and "holds a value per spot" in message


# ---------------------------------------------------------------- fmt, explain
def test_fmt_prints_a_grid_row_by_row_in_aligned_columns():
    _module, printed = printed_back(PACK)
    assert """  beginner "Beginner" (
      token = [[10,  2,  9],
               [12,  6,  4, 10],
               [ 9, 11,  0,  3, 8],
               [ 8,  3,  4,  5],
               [ 5,  6, 11]],
      robber = [[false, false, false],
                [false, false, false, false],
                [false, false, true,  false, false],
                [false, false, false, false],
                [false, false, false]]),
""" in printed
    assert "carrier(ship = [true, true, false, false, true])" in printed   # a record of one field: a list
    assert "  token: int[hex];\n  robber: bool[hex] = false;\n" in printed
    assert format_module(parse_text(printed, "a.rules")) == printed


def test_explain_reads_the_grid_row_by_row_and_a_read_at_a_cell():
    result = analyse_text(PACK)
    reading = explained(result, "layout")
    assert "token (a number for each hex, written row by row)" in reading
    assert "beginner token (10 2 9 / 12 6 4 10 / 9 11 0 3 8 / 8 3 4 5 / 5 6 11)" in reading
    assert "ship (1 2 3" not in reading and "carrier ship (true true false false true)" in explained(result, "fleet")
    assert "l's token at h is n" in explained(result, "tokens")


def test_the_editor_shows_a_members_grid_as_printed_on_hover(tmp_path):
    from rulebook.compiler.workspace import Workspace

    (tmp_path / "catan").mkdir()
    (tmp_path / "catan" / "pack.toml").write_text('name = "catan"\n')
    (tmp_path / "catan" / "m.rules").write_text(PACK)
    view = Workspace().view(tmp_path / "catan" / "m.rules")
    shown = next(s for s in view.paths if s.endswith("m.rules"))
    hover = view.hover(view.target_at(shown, 8, 4))   # `beginner`
    assert hover.startswith("`beginner`: one of enum `layout` (beginner, plain)\n\n```rules\ntoken = [[10,  2,  9],\n")
    assert "\n         [ 5,  6, 11]]\n```" in hover
