"""A cost in cards with a filter (`pay N cards from ZONE [except CARD] where COND to ZONE;`, `it` the
card) and cards alike offered once when the payer picks which to pay, on both backends: only the
matching cards are offered and counted by `affordable`, modifiers still change the count, `except`
still leaves a card out; the printer, explain and the misuse diagnostics."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.compiler.explain import reading
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_text
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import rules_program, run_proc, the_one_error

# Jaipur-like goods with a wild camel; a caravan is bought with cards of its goods, camels standing in.
PACK = """
counter vp;
var marked global: bool = false;
enum goods { silk, spice, camel }
event purchase(c: card);
kind card { good: goods = silk; price: int = 0; bought: effect; mark: bool = false; }
card silk_card "Silk" * 4 { good = silk; }
card spice_card "Spice" * 3 { good = spice; }
card camel_card "Camel" * 2 { good = camel; }
card caravan "Caravan" { good = spice; price = 3; }
card guild "Guild" { bought { modifier you purchase { cost -1 cards; } } }
zone discards of card;
zone hand per_player of card;
zone tent per_player of card;
proc sell(g: goods, n: int) { pay n cards from hand where it.good == g to discards; }
proc buy(c: card) {
  let paid = pay c.price cards from hand except c where it.good == c.good or it.good == camel to discards for purchase(c);
  move c to tent;
  gain paid vp;
}
proc pair() { pay 1 card from hand where it.good == silk to discards, 1 card from hand where it.good == spice to discards; }
proc any_then_spice() { pay 1 card from hand to discards, 1 card from hand where it.good == spice to discards; }
func can_pair() = affordable(1 card from hand where it.good == silk to discards, 1 card from hand where it.good == spice
                             to discards);
proc play(c: card) { copy c.bought; }
proc mark(c: card) { set c.mark = true; }
func can_buy(c: card) = affordable(c.price cards from hand except c where it.good == c.good or it.good == camel
                                   to discards for purchase(c));
func can_sell(g: goods, n: int) = affordable(n cards from hand where it.good == g to discards);
game g { seats 2 to 2; phase play { } winner most vp; }
"""

program = rules_program(PACK)


@pytest.fixture
def game(program):
    return Game(program, 2, 1)


def deal(g: Game, *names: str) -> None:
    for n in names:
        g.move(g.program.entities[n], g.zone(g.state.players[0], "hand"), traced=False)


def names(g: Game, zone: str, seat=0) -> list[str]:
    return [e.name for e in g.zone(g.state.players[seat] if seat is not None else None, zone)]


def card(g: Game, name: str):
    return g.program.entities[name]


def test_only_matching_cards_are_offered_and_copies_alike_are_one_option(game):
    deal(game, "silk_card", "spice_card", "silk_card#2", "camel_card", "spice_card#2", "camel_card#2", "spice_card#3", "caravan")
    asked = run_proc(game, "buy", card(game, "caravan"), answers=[1, 0, 0])
    # three spices and two camels are two options, not five; silk is never offered
    assert [d.options for d in asked] == [["Spice", "Camel"]] * 3
    assert asked[0].prompt == "pay with which card from P1.hand (1 of 3)?"
    assert names(game, "discards", None) == ["camel_card", "spice_card", "spice_card#2"]   # the first copy of each
    assert names(game, "hand") == ["silk_card", "silk_card#2", "camel_card#2", "spice_card#3"] and names(game, "tent") == ["caravan"]
    assert game.state.players[0].stock["vp"] == 3


def test_copies_alike_ask_nothing_and_a_changed_copy_is_told_apart(game):
    deal(game, "silk_card", "silk_card#2", "silk_card#3", "spice_card")
    assert run_proc(game, "sell", "silk", 2) == []   # three copies alike: nothing to choose
    assert names(game, "discards", None) == ["silk_card", "silk_card#2"]
    deal(game, "silk_card#4")
    run_proc(game, "mark", card(game, "silk_card#4"))
    asked = run_proc(game, "sell", "silk", 1, answers=[1])   # the marked copy is not like the other
    assert [d.options for d in asked] == [["Silk (1 of 2)", "Silk (2 of 2)"]]   # by place, never by copy number
    assert names(game, "hand") == ["silk_card#3", "spice_card"]


def test_affordable_counts_only_the_matching_cards(game):
    deal(game, "silk_card", "silk_card#2", "silk_card#3", "spice_card", "caravan")
    assert game.program.funcs["can_sell"](game, game.state.players[0], "silk", 3)
    assert not game.program.funcs["can_sell"](game, game.state.players[0], "spice", 3)   # the caravan is one
    assert not game.program.funcs["can_buy"](game, game.state.players[0], card(game, "caravan"))   # 1 spice of 3
    deal(game, "camel_card")
    assert not game.program.funcs["can_buy"](game, game.state.players[0], card(game, "caravan"))
    with pytest.raises(RulesRuntimeError, match="E601"):
        run_proc(game, "sell", "spice", 3)


def test_two_filtered_terms_from_one_zone(game):
    deal(game, "silk_card", "spice_card")
    assert game.program.funcs["can_pair"](game, game.state.players[0])   # one card each: both offered together
    deal(game, "silk_card#2")
    assert run_proc(game, "pair", answers=[]) == []
    assert names(game, "discards", None) == ["silk_card", "spice_card"]
    assert not game.program.funcs["can_pair"](game, game.state.players[0])   # a silk, no spice
    deal(game, "spice_card#2")
    with pytest.raises(RulesRuntimeError, match="E601.*only 0 left"):   # paid in order: the first took the spice
        run_proc(game, "any_then_spice", answers=[1])


def test_a_modifier_changes_the_count_of_a_filtered_term(game):
    run_proc(game, "play", card(game, "guild"))
    deal(game, "spice_card", "silk_card", "camel_card", "caravan")
    assert game.program.funcs["can_buy"](game, game.state.players[0], card(game, "caravan"))   # 3 - 1: spice, camel
    assert run_proc(game, "buy", card(game, "caravan")) == []   # just enough matching cards: unasked
    assert names(game, "hand") == ["silk_card"] and game.state.players[0].stock["vp"] == 2


def test_printer_round_trip_and_explain():
    out = format_text(PACK, "t.rules")
    assert parse_text(out, "t.rules") == parse_text(PACK, "t.rules")
    assert "pay n cards from hand where it.good == g to discards;" in out
    assert "except c where it.good == c.good or it.good == camel to discards for purchase(c);" in " ".join(out.split())
    decls = {getattr(d, "name", None): d for d in parse_text(PACK, "t.rules").items}
    assert reading(decls["sell"]) == ["Pay cards of your choice from hand (only those for which its good is g), "
                                      "as many as n, put into discards."]
    assert "for which its good is g" in reading(decls["can_sell"])[0]


BASE = """
kind card { price: int = 0; }
card silk { price = 1; }
zone discards of card;
zone hand per_player of card;
"""


@pytest.mark.parametrize("body, code, words", [
    ("pay 2 cards from hand where it.price to discards;", "E303", "true or false"),
    ("pay 2 cards from hand where it.colour == 1 to discards;", "E205", "unknown field 'colour'"),
    ("pay 2 cards from hand where nothing to discards;", "E201", "unknown name 'nothing'"),
    ("pay 2 cards from hand where it.price > 0 except silk to discards;", "E100", "expected 'alike', 'different', 'to', 'wild'"),
])
def test_misuse(body, code, words):
    the_one_error(analyse_text(BASE + "proc p() { " + body + " }", "t.rules"), code, words, line=6)


def test_a_filter_with_except_and_a_tag_checks():
    result = analyse_text(BASE + "proc p(c: card) { pay 1 card from hand except c where it.price > 0 to discards; }",
                          "t.rules")
    assert not [d for d in result.diagnostics if d.severity == "error"]
