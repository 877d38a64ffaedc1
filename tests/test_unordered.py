"""Players, cards and zones are only equal or not: ordering them (`p < q`, `a < b`, `hand < p.hand`, a
list of them against another) is E303 at the comparison, where play used to stop with Python's own
TypeError; numbers, texts, members and lists of numbers keep their order. Lists of them are E531
(tests/test_handrank.py)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text

PACK = """counter vp;
kind card { v: int = 0; }
card a "A" { v = 1; }
zone hand per_player of card;
enum colour { red, blue }
"""


@pytest.mark.parametrize("func, words", [
    ("func f(x: card, y: card) = x < y;", "a card and a card"),
    ("func f(p: player, q: player) = p >= q;", "a player and a player"),
    ("func f(p: player) = hand < p.hand;", "a zone of card and a zone of card"),
])
def test_ordering_players_cards_and_zones_is_e303(func, words):
    errors = [d for d in analyse_text(PACK + func + "\n").diagnostics if d.severity == "error"]
    assert [(d.code, d.span.line, d.span.column) for d in errors] == [("E303", 6, func.index("=") + 3)]
    assert f"cannot order {words}: players, cards and zones are only equal or not" in errors[0].message
    assert "p.vp > q.vp" in errors[0].hint


@pytest.mark.parametrize("func", ['func f() = "a" < "b";', "func f(x: card) = x.v < 2;",
                                  "func f() = [1, 2] < [1, 3];", "func f(c: colour) = c < blue;",
                                  "func f(p: player, q: player) = p == q;"])
def test_what_has_an_order_keeps_it(func):
    assert [d.headline() for d in analyse_text(PACK + func + "\n").diagnostics if d.severity == "error"] == []
