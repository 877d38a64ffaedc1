"""Toolchain fixes found by writing Lost Cities, Jaipur and Cribbage as a designer new to the language
(branch trial2): each test is a friction the trial met, on both backends where it runs a game."""

from __future__ import annotations

from rulebook.runtime.engine import Game

from .conftest import rules_program, run_proc

# Jaipur: taking several goods from the market is one choice among the sets of goods it shows
EXCHANGE = """
enum good { spice "Spice", cloth "Cloth" }
kind card { good: good; }
card goods "{g.title}" for each g in good { good = g; }
zone market "Market" of card;
zone hand per_player of card;
proc deal() { fill market with card; }
proc exchange() {
  pick taken from subsets(market, 2) + subsets(market, 1) "take which goods?" {
    for each t in taken { move t to hand; }
  }
}
"""

program = rules_program(EXCHANGE)


def test_a_pick_over_lists_of_cards_shows_each_list_by_the_cards_titles(program):
    game = Game(program, 2, 1)
    run_proc(game, "deal")
    asked = run_proc(game, "exchange", answers=["[Spice, Cloth]"])
    assert asked[0].options == ["[Spice, Cloth]", "[Spice]", "[Cloth]"]   # not Python's `[<card goods_spice>, ...]`
    assert [c.name for c in game.zone(game.state.players[0], "hand").items] == ["goods_spice", "goods_cloth"]
