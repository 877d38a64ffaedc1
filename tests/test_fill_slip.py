"""`fill deck with chameleon, joker;` (trial31's Coloretto): a fill takes one kind, and the parse error says so
with one fill per kind as the hint, at the comma, instead of "expected ';', 'where'"."""

from __future__ import annotations

import pytest

from .conftest import analyse_text

KINDS = "kind a { }\nkind b { }\nkind c { }\nzone deck of a or b or c;\nzone pile[1..2] of a or b or c;\n"


@pytest.mark.parametrize("statement, hint, column", [
    ("fill deck with a, b;", "write 'fill deck with a; fill deck with b;'", 19),
    ("fill pile[2] with a, b, c;", "write 'fill pile[2] with a; fill pile[2] with b; fill pile[2] with c;'", 22),
])
def test_a_fill_of_several_kinds_says_one_fill_a_kind(statement, hint, column):
    errors = [d for d in analyse_text(KINDS + f"proc setup() {{\n  {statement}\n}}\n").diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["E100"]
    assert "one 'fill' for each" in errors[0].message and errors[0].hint == hint
    assert (errors[0].span.line, errors[0].span.column) == (KINDS.count("\n") + 2, column)


def test_a_comma_elsewhere_after_with_is_not_taken_for_a_fill():
    errors = [d for d in analyse_text(KINDS + "proc setup() {\n  fill deck with a;\n  let x = [1, 2];\n}\n").diagnostics
              if d.severity == "error"]
    assert errors == []
