"""Fixes from trial14 (a designer writing Carcassonne, Patchwork and Kingdom Builder): `some`, `every` and `first`
stop at the element that decides them on both backends (the interpreter read every element, so a later one
could stop play where compiled code never read it), and a kind's list field of constants (`xs: list of int`)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text

from rulebook.runtime.state import Record

from .conftest import both_built, new_game, run_proc

AGGREGATES = """
counter score;
var seen global: list of int = [];
func has_three(l: list of int): bool = some(j in 1..5 where l[j] == 3);
func all_low(l: list of int): bool = every(j in 1..5 where l[j] < 2);
func first_big(l: list of int): int = first(j in 1..5 where l[j] > 2);
func counted(l: list of int): int = count(j in 1..size(l) where l[j] > 2);
proc p() {
  set seen = [1, 3, 5];
  if has_three(seen) { gain 1 score; }
  if not all_low(seen) { gain 10 score; }
  gain 100 * first_big(seen) score;
  gain 1000 * counted(seen) score;
}
"""


def test_some_every_and_first_stop_at_the_deciding_element_on_both_backends():
    # the third of [1, 3, 5] is read by neither: the second decides each (item 4 would stop play, E601)
    scores = []
    for program in both_built(AGGREGATES):
        game = new_game(program)
        run_proc(game, "p")
        scores.append(game.state.players[0].stock["score"])
    assert scores == [1 + 10 + 200 + 2000] * 2


KIND_LISTS = """
kind patch {{ xs: list of int; }}
patch corner "Corner" {{ xs = {xs}; }}
"""


def findings(text: str) -> list[tuple[str, int]]:
    return [(d.code, d.span.line) for d in analyse_text(text).diagnostics]


@pytest.mark.parametrize("xs, expected", [
    ("[0, 0, 1]", []),
    ("[]", []),
    ('[0, "1", 1]', [("E303", 3)]),    # a text among the numbers
    ("[0, true]", [("E303", 3)]),      # a condition
    ("1", [("E303", 3)]),              # no list
])
def test_a_kind_field_may_be_a_list_of_numbers_each_item_checked(xs, expected):
    assert findings(KIND_LISTS.format(xs=xs)) == expected


def test_a_kind_list_of_numbers_reads_as_numbers_on_both_backends():
    text = KIND_LISTS.format(xs="[2, 3, 4]") + "counter score;\nproc p() { gain total(t in patch, total(x in t.xs, x)) score; }\n"
    for program in both_built(text):
        game = new_game(program)
        run_proc(game, "p")
        assert game.state.players[0].stock["score"] == 9


HEXES = """
record cell "{q},{r}" { q: 1..4; r: 1..4; }
counter score;
proc p(q: int, r: int) { gain size(neighbours(cell(q = q, r = r), hex)) score; }
func around(c: cell): list of cell = neighbours(c, hex);
"""


@pytest.mark.parametrize("q, r, around", [
    (2, 2, [(1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2)]),   # the six: never (1, 1) nor (3, 3)
    (1, 1, [(1, 2), (2, 1)]),                                    # a corner of the rhombus
    (4, 1, [(3, 1), (3, 2), (4, 2)]),                            # the other corner: three on the board
])
def test_neighbours_hex_are_the_six_hexes_around_on_both_backends(q, r, around):
    for program in both_built(HEXES):
        game = new_game(program)
        cells = program.funcs["around"](game, game.state.players[0], Record("cell", {"q": q, "r": r}))
        assert [(c.fields["q"], c.fields["r"]) for c in cells] == around
        run_proc(game, "p", q, r)
        assert game.state.players[0].stock["score"] == len(around)


@pytest.mark.parametrize("record, found", [
    ("record cell { q: 1..4; }", [("E499", 2)]),                           # a line
    ("record cell { q: 1..4; r: 1..4; s: 1..4; }", [("E499", 2)]),         # three fields
    ("enum tone { dark, light }\nrecord cell { q: 1..4; t: tone; }", [("E499", 3)]),   # an enum field
])
def test_neighbours_hex_of_a_record_not_two_ranges_is_e499(record, found):
    assert findings(f"{record}\nfunc around(c: cell): int = size(neighbours(c, hex));\n") == found


def test_neighbours_takes_diagonal_or_hex_and_says_so():
    text = "record cell { q: 1..4; r: 1..4; }\nfunc around(c: cell): int = size(neighbours(c, hexagon));\n"
    result = analyse_text(text)
    assert [(d.code, d.span.line) for d in result.diagnostics] == [("E303", 2)]
    assert "'diagonal' or 'hex'" in result.diagnostics[0].message


def test_a_record_named_hex_stays_a_record_beside_the_word():
    text = "record hex { q: 1..4; r: 1..4; }\nfunc around(h: hex): int = size(neighbours(h, hex)) + count(x in hex);\n"
    assert findings(text) == []


HEX_WAYS = """
record cell {{ q: 1..5; r: 1..5; }}
enum way {{ dq: int; dr: int;
  east(dq = 1, dr = 0), west(dq = -1, dr = 0), se(dq = 0, dr = 1), nw(dq = 0, dr = -1), ne(dq = 1, dr = {ne}), sw(dq = -1, dr = {sw}) }}
func ends(c: cell): int = count(w in way where step(c, w) != none);
func around(c: cell): int = size({call});
"""


@pytest.mark.parametrize("call, ne, sw, found", [
    ("neighbours(c)", -1, 1, [("W499", 6)]),             # four of the six hexes
    ("neighbours(c, diagonal)", -1, 1, [("W499", 6)]),   # eight cells, two of them no hex's neighbours
    ("neighbours(c, hex)", -1, 1, []),
    ("neighbours(c)", 1, -1, []),                        # not the six steps of a hex: the pack's own board
])
def test_square_neighbours_on_a_board_walked_as_hexes_is_w499(call, ne, sw, found):
    assert findings(HEX_WAYS.format(call=call, ne=ne, sw=sw)) == found
