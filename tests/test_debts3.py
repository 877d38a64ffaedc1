"""debts3: what `let N = pay ...` binds when a shortfall does not cover the cost (the units actually paid),
and a shortfall of a zone (`shortfall hand { ... }`): a cost term of cards paid from a zone that holds
too few (docs 3.1a, 4.3); both backends, fmt, explain and the diagnostics."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text
from rulebook.compiler.explain import explain
from rulebook.runtime.engine import Game

from .conftest import explained, printed_back, rules_programs, run_proc

# A market game (for illustration): a player short of coin may sell goods (2 coin each); a payment is
# passed on to the neighbour as it was actually paid, and who cannot pay is ruined.
MARKET = """
resource coin "Coin";
resource goods "Goods";
var ruined "Ruined" global: bool = false;
event trade();
shortfall coin {
  raise by { option "sell goods" when goods > 0 { lose 1 goods; gain 2 coin; } }
  else { set ruined = true; say "{you} is ruined, {missing} short"; }
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


# An adventure card game (for illustration): disarming a trap costs 2 cards from hand (never the trap
# itself); a player holding too few draws from the deck while it lasts, and takes a wound for each card
# still missing.
ADVENTURE = """
counter wounds "Wounds";
kind card { }
card torch "Torch" * 3 { }
card rope "Rope" * 3 { }
card trap "Trap" { }
zone deck of card;
zone hand per_player of card;
zone discards of card;
shortfall hand {
  raise by {
    option "draw a card" when size(deck) > 0 { draw 1 from deck to hand; }
  }
  else {
    say "{you} is {missing} short";
    gain missing wounds;
  }
}
proc disarm() {
  let paid = pay 2 cards from hand to discards;
  say "{you} paid {paid}";
}
proc disarm_trap() {
  let paid = pay 2 cards from hand except trap to discards;
  say "{you} paid {paid}";
}
game adventure { seats 1 to 4; phase play { disarm(); } winner most wounds; }
"""

adventure = rules_programs(ADVENTURE)


def dealt(program, hand: list[str], deck: list[str]) -> tuple[Game, object]:
    """An adventure game of 2 players (seed 1), P1's hand and the deck (top first) as listed; and P1."""
    game = Game(program, 2, 1)
    you = game.state.players[0]
    for names, zone in ((hand, game.zone(you, "hand")), (deck, game.zone(None, "deck"))):
        for name in names:
            game.move(next(e for e in game.program.entities.values() if e.name.startswith(name)
                           and e not in game.zone(you, "hand") and e not in game.zone(None, "deck")), zone)
    return game, you


def names(zone) -> list[str]:
    return sorted(e.name.split("#")[0] for e in zone)


def test_a_hand_too_small_draws_until_the_cards_are_covered_then_pays_them(adventure):
    game, you = dealt(adventure(), ["torch"], ["rope", "rope"])
    run_proc(game, "disarm")   # one card short: one drawn (the only open option: unasked), both paid
    assert len(game.zone(you, "hand")) == 0 and names(game.zone(None, "discards")) == ["rope", "torch"]
    assert len(game.zone(None, "deck")) == 1 and you.stock["wounds"] == 0
    assert game.messages[-1].endswith("paid 2")


def test_not_covered_the_else_runs_then_every_card_the_term_may_take_is_paid(adventure):
    game, you = dealt(adventure(), ["torch"], [])
    run_proc(game, "disarm")   # the deck is empty: nothing raised; 1 short (a wound), the torch paid
    assert you.stock["wounds"] == 1 and names(game.zone(None, "discards")) == ["torch"]
    assert any(m.endswith("is 1 short") for m in game.messages) and game.messages[-1].endswith("paid 1")


def test_the_raising_counts_the_cards_the_term_may_not_take_as_held_back(adventure):
    # the trap stays out of the payment: with the trap and a torch, one more card is drawn, not two
    game, you = dealt(adventure(), ["trap", "torch"], ["rope", "rope"])
    run_proc(game, "disarm_trap")
    assert names(game.zone(you, "hand")) == ["trap"] and names(game.zone(None, "discards")) == ["rope", "torch"]
    assert len(game.zone(None, "deck")) == 1 and game.messages[-1].endswith("paid 2")


def test_a_hand_holding_enough_runs_nothing(adventure):
    game, you = dealt(adventure(), ["torch", "rope", "rope"], ["torch"])
    asked = run_proc(game, "disarm", answers=["Torch"])   # (the ropes alike: after the torch, both are paid unasked)
    assert [d.prompt for d in asked] == ["pay with which card from P1.hand (1 of 2)?"]
    assert names(game.zone(you, "hand")) == ["rope"] and len(game.zone(None, "deck")) == 1


def codes(text: str) -> list[tuple]:
    """The diagnostics of `text`: (code, line, column), but the unused-declaration warnings."""
    return [(d.code, d.span.line, d.span.column) for d in analyse_text(text).diagnostics
            if d.code not in ("W401", "W402")]


CARDS = ("kind card { }\ncard torch \"Torch\" * 4 { }\nzone deck of card;\nzone hand per_player of card;\n"
         "zone discards of card;\nresource wounds;\n")
PAYS = "proc disarm() { pay 2 cards from hand to discards; }\ngame g { seats 2; phase play { each players { disarm(); } } winner most wounds; }\n"


def test_a_zone_shortfall_no_cost_pays_from_is_w660():
    text = CARDS + "shortfall hand { else { gain missing wounds; } }\n" + \
        "game g { seats 2; phase play { each players { move first(hand) to discards; } } winner most wounds; }\n"
    assert codes(text) == [("W660", 7, 1)]
    assert codes(CARDS + "shortfall hand { else { gain missing wounds; } }\n" + PAYS) == []


def test_a_shortfall_of_an_indexed_zone_is_e682():
    text = ("enum suit { red, blue }\nkind card { }\nzone piles[suit] of card;\nzone discards of card;\n"
            "shortfall piles { else { say \"short\"; } }\ncounter wounds;\n"
            "game g { seats 2; phase play { pay 1 cards from piles[red] to discards; } winner most wounds; }\n")
    assert [c for c in codes(text) if c[0].startswith("E")] == [("E682", 5, 1)]


def test_a_zone_shortfall_option_that_brings_no_card_is_w638_and_one_that_draws_is_not():
    text = CARDS + ("shortfall hand {\n  raise by {\n    option \"wait\" { gain 1 wounds; }\n"
                    "    option \"draw\" { draw 1 from deck to hand; }\n  }\n}\n") + PAYS
    assert codes(text) == [("W638", 9, 5)]


def test_a_zone_shortfall_prints_back_and_explain_reads_it_and_the_payment():
    _module, printed = printed_back(ADVENTURE)
    assert "shortfall hand {\n  raise by {\n    option \"draw a card\" when size(deck) > 0 {" in printed
    result = analyse_text(ADVENTURE)
    assert result.ok
    shortfall = "\n".join(explain(result.symbols.shortfalls["hand"], result.symbols))
    assert "\n  When you must pay more cards from hand than it holds:\n" in shortfall
    assert "Then you pay every card the payment may take; the rest of the debt is forgiven." in shortfall
    disarm = explained(result, "disarm")
    assert "(Holding too few cards in hand, you must raise them: see its shortfall.)" in disarm
    assert "not covered, what was paid" in disarm


def test_the_market_explains_what_a_let_binds_when_not_covered():
    assert "not covered, what was paid" in explained(analyse_text(MARKET), "buy_from_left")


# Stupor Mundi-like (for illustration): a fine of florins is a payment (a shortfall: sell a castle for 3); a
# bishop's favour may waive 2 of a fine, its holder asked (7.7d), at the price of 1 piety.
FINES = """
resource florins "Florins";
resource castles "Castles";
resource piety "Piety";
event fined();
var excommunicated "Excommunicated" global: bool = false;
shortfall florins {
  raise by {
    option "sell a castle" when castles > 0 { lose 1 castles; gain 3 florins; }
  }
  else { set excommunicated = true; }
}
proc start(money: int, held: int) {
  gain money florins;
  gain held castles;
  gain 1 piety;
  modifier you fined optional "use the bishop's favour?" { lose -2; then { lose 1 piety; } }
}
proc fine(n: int) { lose n florins for fined(); }
game stupor { seats 2 to 4; phase play { start(0, 0); } winner most florins; }
"""

fines = rules_programs(FINES)


def fined(program, money: int, castles: int, fine: int, answers: list) -> tuple[Game, object, list]:
    game = Game(program, 2, 1)
    run_proc(game, "start", money, castles)
    asked = run_proc(game, "fine", fine, answers=answers)
    return game, game.state.players[0], [d.prompt for d in asked]


def test_a_tagged_loss_whose_modifier_asks_raises_what_the_loss_as_changed_lacks(fines):
    # a fine of 6 with 1 florin: the favour taken, 4 are owed: a castle sold (4 held), paid; 1 piety spent
    game, you, asked = fined(fines(), 1, 2, 6, ["yes"])
    assert asked == ["use the bishop's favour?"]
    assert (you.stock["florins"], you.stock["castles"], you.stock["piety"]) == (0, 1, 0)
    assert not game.state.gvars["excommunicated"]


def test_declined_the_whole_fine_is_raised_for_and_not_covered_the_else_runs(fines):
    # declined: 6 owed, one castle sold (4 held), still short: the 4 are paid and the else runs
    game, you, _asked = fined(fines(), 1, 1, 6, ["no"])
    assert (you.stock["florins"], you.stock["castles"], you.stock["piety"]) == (0, 0, 1)
    assert game.state.gvars["excommunicated"]


# A cards' stock named like a player's resource (W519): the shortfall is the player's; a payment off the
# card is not raised by it (before debts3, it ran the player's proc with a card: a TypeError as E601).
NAMESAKE = """
resource treasury;
kind company { treasury: stock; }
company prr "PRR" { treasury = 5; }
shortfall treasury { else { say "short"; } }
proc off_the_card() { lose 9 treasury on prr; }
proc paid_off_the_card() { pay 9 treasury on prr; }
game g { seats 2; phase play { each players { off_the_card(); } } winner most treasury; }
"""

namesake = rules_programs(NAMESAKE)


def test_a_cards_stock_named_like_a_players_never_runs_the_players_shortfall(namesake):
    import pytest

    from rulebook.runtime.engine import RulesRuntimeError

    game = Game(namesake(), 2, 1)
    run_proc(game, "off_the_card")   # never below 0, as without a shortfall; nothing said
    assert game.field(game.program.entities["prr"], "treasury") == 0 and "short" not in game.messages
    with pytest.raises(RulesRuntimeError, match="cannot pay 9 treasury on PRR"):
        run_proc(game, "paid_off_the_card")


# A house rule: a player short of cards may also take the top discard back into hand.
SALVAGE = """
amend shortfall hand {
  raise by {
    option "take the top discard" when size(discards) > 0 { move first(discards) to hand; }
  }
}
"""


def test_an_amend_adds_an_option_to_a_zones_shortfall(adventure):
    game, you = dealt(adventure(SALVAGE), ["torch"], [])
    game.move(next(e for e in game.program.entities.values() if e.name.startswith("rope")), game.zone(None, "discards"))
    run_proc(game, "disarm")   # no deck: the discarded rope comes back and pays with the torch
    assert names(game.zone(None, "discards")) == ["rope", "torch"] and you.stock["wounds"] == 0
    assert game.messages[-1].endswith("paid 2")
