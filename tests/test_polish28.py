"""Leftovers of the last sessions (branch polish, eighteenth session), each a defect a designer met: the tests say what
reads right now, on both backends."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import build_text
from rulebook.runtime.engine import Game

from .conftest import run_proc

# 1. `say "{you} ..."`: the text names the speaker itself, so the line has no "P1: " before it
SAYS = """
resource coin "Coin";
proc trade() {
  gain 2 coin;
  say "{you} trades with {left(you)}";
  say "holds {coin} coins";
  for each p in all_players where p != you { say "{p} watches"; }
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_say_naming_you_is_not_prefixed_by_you_again(interpreted):
    game = Game(build_text(SAYS, interpreted=interpreted, name="t.rules"), 3, 1)
    entries = []
    game.tracer = entries.append
    run_proc(game, "trade", player=0)
    # "P1 trades with P2", never "P1: P1 trades with P2"; a text without {you} keeps its speaker
    assert game.messages == ["P1 trades with P2", "P1: holds 2 coins", "P1: P2 watches", "P1: P3 watches"]
    assert [e.describe() for e in entries if e.kind == "say"] == game.messages

