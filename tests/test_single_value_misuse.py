"""size() counts the items of a zone or a list, and a loop, pick or count goes through one; given a single
card (or number, or player, for size) each is a positioned E303 (the drawpick branch's leftover: `size(c)`
and `for each y in c` for a card in hand were accepted and failed only when played)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text

PACK = """counter vp;
kind card { points: int; }
card a "A" { points = 1; }
zone hand "Hand" per_player of card;
proc t() {
  let held: list of card = [];
  for each c in hand {
    if size(ARG) > 1 { gain 1 vp; }
  }
}
game g { seats 2 to 4; phase play { t(); } winner most vp; }
"""


def found(arg: str) -> list:
    return [(d.code, d.span.line, d.span.column, d.message)
            for d in analyse_text(PACK.replace("ARG", arg), "t.rules").diagnostics if d.severity == "error"]


@pytest.mark.parametrize("arg, shown", [("c", "a card"), ("c.points", "a number"), ("you", "a player")])
def test_size_of_a_single_value_is_e303_at_the_argument(arg, shown):
    assert found(arg) == [("E303", 8, 13, f"size() takes a zone or a list, not {shown}")]


@pytest.mark.parametrize("arg", ["hand", "held", "[1, 2]", "hand + hand"])
def test_size_of_a_zone_or_a_list_is_accepted(arg):
    assert found(arg) == []


@pytest.mark.parametrize("line, column", [
    ("for each y in c { gain 1 vp; }", 19),
    ("if count(y in c) > 0 { gain 1 vp; }", 19),
])
def test_going_through_a_single_card_is_e303_at_the_card(line, column):
    """(`pick y from c` has its own E303, saying c is the only candidate.)"""
    text = PACK.replace("if size(ARG) > 1 { gain 1 vp; }", line)
    assert [(d.code, d.span.line, d.span.column, d.message) for d in analyse_text(text, "t.rules").diagnostics
            if d.severity == "error"] == \
        [("E303", 8, column, "cannot range over a card: give a zone, a list, players or a number")]
