"""Tool defects from the thirteenth session's review of the designer audits (Go, Backgammon, Diplomacy)
and the twelfth session's review (branch tools): diagnostics that cascade, explain's English, simulate,
how lists read, fmt's parentheses, and a few mends."""

from __future__ import annotations

from .conftest import found_at

# ---------------------------------------------------------------- E412 without a cascade (Go D2)
# Go's repro/builtin_clash.rules: a func named `position` (a builtin) whose calls were checked as the
# builtin's: E302 (`position()` takes 1 to 2 arguments) and E342 with a hint for the builtin's type.
BUILTIN_CLASH = """
record point { x: 1..3; y: 1..3; }
var board[point] global: player;
var history global: list of list of int = [];
func position(): list of int = gather(q in point, [if board[q] == none then 0 else seat(board[q])]);
proc remember() { set history = history + [position()]; }
"""


def test_after_e412_the_calls_of_the_func_say_nothing_more():
    found = found_at(BUILTIN_CLASH)
    assert [c for c, *_ in found] == ["E412"], found


def test_after_e412_the_call_arguments_are_still_checked():
    found = found_at(BUILTIN_CLASH.replace("[position()]", "[position(nowhere)]"))
    assert [c for c, *_ in found] == ["E412", "E201"], found
