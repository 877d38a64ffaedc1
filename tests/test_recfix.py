"""Records, second pass (branch recfix): ordering lists of records (E303), a record kept from the start that
names a card, lists of records in state, a record's title in a seat's view, amending a record (E364, E369,
W482, W483) and the editor's rename and definition of a record's fields."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text

from .conftest import found_at


# ------------------------------------------------------------------ ordering lists of records (E303)
ORDERED = """
record sq "{row}/{col}" { row: 1..3; col: 1..3; }
proc p(l: list of sq, a: sq) {
  say "{sq < sq}";
  say "{l >= [a]}";
  say "{size(l) < size(sq)} {l == [a]} {a.row < a.col}";
}
"""


def test_ordering_lists_of_records_is_e303_at_the_comparison():
    assert found_at(ORDERED) == [("E303", 4, 9), ("E303", 5, 9)]
    message = analyse_text(ORDERED).diagnostics[0]
    assert "records are only equal or not" in message.message and "size(a) < size(b)" in message.hint
