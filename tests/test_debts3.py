"""debts3: what `let N = pay ...` binds when a shortfall does not cover the cost (the units actually paid),
and a shortfall of a zone (`shortfall hand { ... }`): a cost term of cards paid from a zone that holds
too few (docs 3.1a, 4.3); both backends, fmt, explain and the diagnostics."""

from __future__ import annotations

from rulebook.runtime.engine import Game

from .conftest import rules_programs, run_proc

# A market game (for illustration): a player short of coin may sell goods (2 coin each); a payment is
# passed on to the neighbour as it was actually paid, and who cannot pay is ruined.
MARKET = """
resource coin "Coin";
resource goods "Goods";
var ruined "Ruined" global: bool = false;
event trade();
shortfall coin {
  raise by {
    option "sell goods" when goods > 0 {
      lose 1 goods;
      gain 2 coin;
    }
  }
  else {
    say "{you} is ruined, {missing} short";
    set ruined = true;
  }
}
proc start(money: int, held: int) { gain money coin; gain held goods; }
proc buy_from_left(price: int) {
  let paid = pay price coin;
  each left { gain paid coin; }
  say "{you} paid {paid}";
}
proc tagged_buy(price: int) {
  let paid = pay price coin for trade();
  say "{you} paid {paid}";
}
proc alternatives_buy() {
  let paid = pay 9 coin or 5 coin, 1 goods;
  say "{you} paid {paid}";
}
game market { seats 2 to 4; phase play { start(0, 0); } winner most coin; }
"""

market = rules_programs(MARKET)


def started(program, money: int, goods: int) -> tuple[Game, object, object]:
    """A market game of 2 players (seed 1), P1 with `money` coin and `goods` goods; P1 and P2."""
    game = Game(program, 2, 1)
    run_proc(game, "start", money, goods)
    return game, game.state.players[0], game.state.players[1]


def test_a_covered_cost_binds_the_whole_price(market):
    game, you, left = started(market(), 3, 2)   # 3 coin, short of 7: two goods sold (7 coin), 7 paid
    run_proc(game, "buy_from_left", 7)
    assert (you.stock["coin"], you.stock["goods"], left.stock["coin"]) == (0, 0, 7)
    assert game.messages[-1].endswith("paid 7") and not game.state.gvars["ruined"]


def test_a_cost_not_covered_binds_what_was_paid_before_the_else(market):
    # 3 coin and 1 good against 9: the good sells (5 coin), still 4 short; the 5 are paid and the else runs:
    # the neighbour receives the 5 actually paid (before debts3: 0)
    game, you, left = started(market(), 3, 1)
    run_proc(game, "buy_from_left", 9)
    assert (you.stock["coin"], you.stock["goods"], left.stock["coin"]) == (0, 0, 5)
    assert game.state.gvars["ruined"]
    assert any(m.endswith("is ruined, 4 short") for m in game.messages) and game.messages[-1].endswith("paid 5")


def test_a_tagged_cost_not_covered_binds_what_was_paid(market):
    game, you, _left = started(market(), 2, 0)   # nothing to sell: the 2 held are paid
    run_proc(game, "tagged_buy", 6)
    assert you.stock["coin"] == 0 and game.messages[-1].endswith("paid 2") and game.state.gvars["ruined"]


def test_an_or_cost_not_covered_binds_what_was_paid_of_the_alternative_raised_for(market):
    # 9 coin, or 5 coin and 1 good: with 1 coin and no goods only the coin alternative can be raised for
    game, you, _left = started(market(), 1, 0)
    run_proc(game, "alternatives_buy")
    assert you.stock["coin"] == 0 and game.messages[-1].endswith("paid 1")


def test_a_cost_with_nothing_held_binds_0(market):
    game, _you, left = started(market(), 0, 0)
    run_proc(game, "buy_from_left", 4)
    assert left.stock["coin"] == 0 and game.messages[-1].endswith("paid 0") and game.state.gvars["ruined"]
