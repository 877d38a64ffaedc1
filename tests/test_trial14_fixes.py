"""Fixes from trial14 (a designer writing Carcassonne, Patchwork and Kingdom Builder): `some`, `every` and `first`
stop at the element that decides them on both backends (the interpreter read every element, so a later one
could stop play where compiled code never read it), and a kind's list field of constants (`xs: list of int`)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text

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
