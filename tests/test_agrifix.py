"""What the Agricola audit found (branch agrifix): a draw from an empty zone in the trace, simulate's
table that leaves components out, notes and suggestions of diagnostics, plurals in explain."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import build_text
from rulebook.runtime.engine import Effect, Game

from .conftest import run_proc

DRAWS = """counter vp;
kind card { }
card a "Apple" { }
card b "Bean" { }
zone deck "Round cards" of card;
zone hand per_player of card;
proc p() {
  fill deck with card;
  draw 3 from deck to hand;
  draw 1 from deck to hand;
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_draw_from_an_empty_zone_is_traced(interpreted):
    game = Game(build_text(DRAWS, interpreted=interpreted, name="t.rules"), 1, 1)
    entries: list[Effect] = []
    game.tracer = entries.append
    run_proc(game, "p")
    lines = [(e.describe(), e.where) for e in entries if e.kind in ("draw", "nothing")]
    assert lines == [
        ("P1: draw 2 from deck to P1.hand: Apple, Bean", "t.rules:9:3"),
        ("P1: draws only 2 of 3: Round cards (deck) is empty", "t.rules:9:3"),
        ("P1: draws nothing: Round cards (deck) is empty", "t.rules:10:3"),
    ]
