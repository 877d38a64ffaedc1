"""Costs paid in cards (`pay N cards from ZONE [except CARD] to ZONE [for ACTION(args)];`) and the
modifier lines that change them (`cost -N cards;`, `cost +N cards;`, `forbid;`), on both backends:
San Juan's builder (the building left out of its own price, a discount, a `once` discount, one
`while` its condition holds), a forbidden build, `affordable`, `may ... cost` and a `choose`
option's leading `pay`; the trace; the printer, explain and the misuse diagnostics."""

from __future__ import annotations

import json

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_text
from rulebook.runtime.engine import Effect, Game, RulesRuntimeError
from rulebook.runtime.state import State, check_saved

from .conftest import run_proc, the_one_error

PACK = """
counter vp;
var rich global: bool = false;
event build(b: building);
kind building { cost: int = 0; played: effect; }
building smithy "Smithy" { cost = 1; }
building well "Well" { cost = 2; }
building quarry "Quarry" { cost = 3; played { modifier you build { cost -1 cards; } } }
building library "Library" { cost = 5; played { modifier you build once { cost -2 cards; } } }
building guild "Guild" { cost = 4; played { modifier you build while rich { cost -3 cards; } } }
building tower "Tower" { cost = 2; played { modifier opponents build { forbid; } } }
building tax "Tax office" { cost = 2; played { modifier opponents build { cost +1 cards; } } }
zone discards of building;
zone hand per_player of building hidden;
zone city per_player of building;
proc build_it(b: building) {
  let paid = pay b.cost cards from hand except b to discards for build(b);
  move b to city;
  gain paid vp;
}
proc play(b: building) { copy b.played; }
proc maybe(b: building) {
  may "build it?" cost b.cost cards from hand except b to discards for build(b) { move b to city; }
  else { gain 10 vp; }
}
proc offer(b: building) {
  choose "build?" {
    option "build" { pay b.cost cards from hand except b to discards for build(b); move b to city; }
    option "pass" { gain 10 vp; }
  }
}
proc plain(n: int) { pay n cards from hand to discards; }
func can_build(b: building) = affordable(b.cost cards from hand except b to discards for build(b));
game g { seats 2 to 2; phase play { } winner most vp; }
"""


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def game(request):
    return Game(build_text(PACK, interpreted=request.param, name="t.rules"), 2, 1)


def deal(g: Game, *names: str, seat: int = 0) -> None:
    for n in names:
        g.move(g.program.entities[n], g.zone(g.state.players[seat], "hand"), traced=False)


def names(g: Game, zone: str, seat=0) -> list[str]:
    return [e.name for e in g.zone(g.state.players[seat] if seat is not None else None, zone)]


def card(g: Game, name: str):
    return g.program.entities[name]


def can_build(g: Game, name: str, seat: int = 0) -> bool:
    return g.program.funcs["can_build"](g, g.state.players[seat], card(g, name))


def vp(g: Game, seat: int = 0) -> int:
    return g.state.players[seat].stock["vp"]


def test_the_payer_picks_the_cards_but_not_the_one_built(game):
    deal(game, "smithy", "quarry", "well", "library", "guild")
    asked = run_proc(game, "build_it", card(game, "quarry"), answers=[2, 0, 1])
    assert [d.options for d in asked] == [["Smithy", "Well", "Library", "Guild"], ["Smithy", "Well", "Guild"],
                                          ["Well", "Guild"]]
    assert asked[0].prompt == "pay with which card from P1.hand (1 of 3)?"
    assert names(game, "discards", None) == ["library", "smithy", "guild"]
    assert names(game, "hand") == ["well"] and names(game, "city") == ["quarry"]
    deal(game, "smithy", "library")
    assert run_proc(game, "build_it", card(game, "well")) == []   # just enough cards: they all go, unasked
    assert names(game, "hand") == [] and vp(game) == 5   # `let paid = pay ...`: the cards paid, 3 and 2


def test_affordable_counts_the_zone_without_the_card_left_out(game):
    deal(game, "smithy", "well", "quarry")
    assert can_build(game, "well") and not can_build(game, "quarry")   # 2 others for 2, not 3
    with pytest.raises(RulesRuntimeError, match="E601"):
        run_proc(game, "plain", 4)


def test_a_discount_and_a_once_discount(game):
    run_proc(game, "play", card(game, "quarry"))
    run_proc(game, "play", card(game, "library"))
    deal(game, "guild", "smithy", "well")
    assert can_build(game, "guild")   # 4 - 1 - 2: 1 card of the 2 others
    run_proc(game, "build_it", card(game, "guild"), answers=[1])
    assert names(game, "discards", None) == ["well"] and vp(game) == 1
    assert not can_build(game, "library")   # the Library's discount was used up: 5 - 1 for 1 card
    deal(game, "well")
    run_proc(game, "build_it", card(game, "well"), answers=[])   # 2 - 1: the smithy, the only one
    assert names(game, "discards", None) == ["smithy"] and vp(game) == 2   # the well went back to the hand


def test_a_discount_while_its_condition_holds(game):
    run_proc(game, "play", card(game, "guild"))
    deal(game, "library", "smithy", "well")
    assert not can_build(game, "library")
    game.state.gvars["rich"] = True
    assert can_build(game, "library")   # 5 - 3: 2 cards
    run_proc(game, "build_it", card(game, "library"), answers=[])
    assert names(game, "city") == ["library"] and vp(game) == 2


def test_an_added_card_and_a_forbidden_build(game):
    run_proc(game, "play", card(game, "tax"), player=1)
    deal(game, "smithy", "well")
    assert not can_build(game, "smithy")   # 1 + 1 cards, only 1 other
    deal(game, "quarry")
    run_proc(game, "build_it", card(game, "smithy"))
    assert names(game, "city") == ["smithy"] and vp(game) == 2
    run_proc(game, "play", card(game, "tower"), player=1)
    deal(game, "library", "smithy", "guild")
    assert not can_build(game, "smithy")
    assert run_proc(game, "maybe", card(game, "smithy")) == [] and vp(game) == 12   # not offered: else
    run_proc(game, "offer", card(game, "smithy"))   # the only option left is taken
    assert vp(game) == 22
    with pytest.raises(RulesRuntimeError, match="E606"):
        run_proc(game, "build_it", card(game, "smithy"))


def test_may_and_choose_offer_a_card_cost_the_payer_can_meet(game):
    deal(game, "smithy", "well", "quarry")
    asked = run_proc(game, "maybe", card(game, "smithy"), answers=[1, 0])
    assert asked[0].prompt == "build it?" and names(game, "city") == ["smithy"]
    assert names(game, "hand") == ["quarry"]
    run_proc(game, "offer", card(game, "quarry"))   # too few cards: only "pass"
    assert vp(game) == 10 and names(game, "hand") == ["quarry"]


def test_the_trace_shows_the_moves_and_the_payment(game):
    deal(game, "smithy", "well", "library")
    entries: list[Effect] = []
    game.tracer = entries.append
    run_proc(game, "build_it", card(game, "well"))
    kinds = [(e.kind, e.what, e.amount) for e in entries]
    assert ("move", "Smithy to discards", None) in kinds and ("move", "Library to discards", None) in kinds
    assert ("pay", "cards from P1.hand to discards", 2) in kinds


def test_printer_round_trip_and_explain():
    out = format_text(PACK, "t.rules")
    assert parse_text(out, "t.rules") == parse_text(PACK, "t.rules")
    assert "cost -1 card;" in out and "cost +1 card;" in out
    assert "pay b.cost cards from hand except b to discards for build(b);" in out
    module = parse_text(PACK, "t.rules")
    decls = {getattr(d, "name", None): d for d in module.items}
    assert reading(decls["plain"]) == ["Pay cards of your choice from hand, as many as n, put into discards."]
    assert reading(decls["build_it"])[0] == \
        "Pay cards of your choice from hand (not b), as many as b's cost, put into discards."
    assert "The cost is reduced by 2 cards (never below zero)." in [x.strip() for x in reading(decls["library"])]


BASE = """
counter vp;
event build(b: building);
kind building { cost: int = 0; }
building smithy { cost = 1; }
zone discards of building;
zone hand per_player of building hidden;
"""


@pytest.mark.parametrize("body, code, words", [
    ("pay 2 cards from vp to discards;", "E303", "expected a zone"),
    ("pay 2 cards from hand to vp;", "E303", "expected a zone"),
    ("pay -1 cards from hand to discards;", "E308", "at least 0"),
    ("pay 2 cards from left.hand to discards;", "E321", "payer's own cards"),
    ("pay 2 cards;", "E321", "where they come from"),
    ("if affordable(1 card) { }", "E321", "where they come from"),
    ("modifier you build { cost -1 cards from hand to discards; }", "E321", "names no zones"),
    ("modifier you build { cost = 1 cards; }", "E321", "'cost =' line is not paid in cards"),
    ("modifier you build { cost = 1 cards from hand to discards; }", "E321", "'cost =' line is not paid in cards"),
    ("modifier you build { cost +1 cards from hand to discards; }", "E321", "names no zones"),
    ("pay 2 cards from hand except 3 to discards;", "E303", "except needs a card"),
])
def test_misuse(body, code, words):
    the_one_error(analyse_text(BASE + "proc p() { " + body + " }", "t.rules"), code, words, line=8)


@pytest.mark.parametrize("body", ["each opponents { pay 1 card from hand to discards; }",
                                  "pay 1 card from you.hand except smithy to discards;",
                                  "modifier you build { cost +1 cards; cost -2 card; }"])
def test_fine_uses(body):
    result = analyse_text(BASE + "proc p() { " + body + " }", "t.rules")
    assert not [d for d in result.diagnostics if d.severity == "error"]


@pytest.mark.parametrize("body, words", [("pay 2 cardz from hand to discards;", "expected 'cards from ZONE'"),
                                         ("pay 2 cards from hand exept smithy to discards;", "'except CARD'")])
def test_misspelt_words(body, words):
    result = analyse_text(BASE + "proc p() { " + body + " }", "t.rules")
    assert [d.code for d in result.diagnostics] == ["E100"] and words in result.diagnostics[0].message


def test_a_counter_named_cards_is_still_paid_as_a_counter(tmp_path):
    g = Game(build_text("counter cards; proc p() { pay 2 cards; }\ngame g { seats 1 to 2; phase play { } "
                        "winner most cards; }", name="t.rules"), 1, 1)
    g.state.players[0].stock["cards"] = 3
    run_proc(g, "p")
    assert g.state.players[0].stock["cards"] == 1


def test_a_card_discount_in_force_is_saved_and_read_back(game):
    run_proc(game, "play", card(game, "quarry"))
    data = json.loads(json.dumps(game.state.to_json()))
    check_saved(data, game.program)
    again = State.from_json(data, game.program.entities)
    assert again.digest() == game.state.digest()
    assert [list(a) for m in again.modifiers for a in m.adjustments] == [["cost", "-", [("cards", None, 1)]]]
