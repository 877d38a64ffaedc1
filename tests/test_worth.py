"""A cost paid in part with resources that stand for another at a rate (`pay 14 mc using titanium
at 3;`), on both backends: the payer picks among the sensible splits only (no unit of a substitute
wasted, the last one may overpay, the base pays the rest), one split is not asked; `affordable`, a
`may ... cost`, a choose option's leading `pay` and modifiers understand it; the printer, explain and
the misuse diagnostics. The cases are Terraforming Mars's printed rule for titanium and steel."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.compiler.explain import reading
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_text
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import rules_programs, run_proc, the_one_error

PACK = """
resource mc; resource titanium; resource steel; counter vp; counter alloys;
event build_space();
kind project { cost: int = 0; played: effect; }
project io_mining "Io Mining Industries" { cost = 14; }
project solar_wind "Solar Wind Power" {
  played { modifier you build_space { cost -3 mc; } }
}
game g { seats 1 to 4; phase play { } winner most vp; }
proc deal() { }
proc stock(m: int, t: int, s: int) { gain m mc; gain t titanium; gain s steel; }
proc space_card(c: project) { pay c.cost mc using titanium at 3; }
proc tagged(c: project) { let paid = pay c.cost mc using titanium at 3 for build_space(); gain paid vp; }
proc both() { pay 14 mc using steel at 2 and titanium at 3; }
proc alloyed() { pay 14 mc using steel at 2 + alloys; }
proc rated(r: int) { pay 4 mc using steel at r; }
proc with_plain() { pay 1 titanium, 6 mc using titanium at 3; }
proc play(c: project) { copy c.played; }
func can_buy(c: project) = affordable(c.cost mc using titanium at 3);
func can_build(c: project) = affordable(c.cost mc using titanium at 3 for build_space());
proc maybe() { may "buy it?" cost 14 mc using titanium at 3 { gain 1 vp; } }
proc options() {
  choose "what now?" {
    option "space card" { pay 14 mc using titanium at 3; gain 1 vp; }
    option "pass" { }
  }
}
"""

program = rules_programs(PACK)


@pytest.fixture
def game(program):
    return Game(program(), 2, 1)


def holding(g: Game, mc: int, titanium: int, steel: int = 0) -> Game:
    run_proc(g, "stock", mc, titanium, steel)
    return g


def stock(g: Game) -> tuple:
    s = g.state.players[0].stock
    return s["mc"], s["titanium"], s["steel"]


def card(g: Game, name: str):
    return g.program.entities[name]


def test_a_fourteen_credit_space_card_with_ten_mc_and_three_titanium(game):
    holding(game, 10, 3)
    # 0 titanium: 14 > 10; 1 titanium leaves 11 > 10; 2 and 3 are the splits
    asked = run_proc(game, "space_card", card(game, "io_mining"), answers=["pay 3 titanium and 5 mc"])
    assert [(d.prompt, d.options) for d in asked] == [
        ("how to pay 14 mc?", ["pay 2 titanium and 8 mc", "pay 3 titanium and 5 mc"])]
    assert stock(game) == (5, 0, 0)


def test_every_sensible_split_and_the_last_unit_may_overpay(game):
    holding(game, 20, 6)
    asked = run_proc(game, "space_card", card(game, "io_mining"), answers=["pay 5 titanium"])
    # 5 titanium pay 15 for 14 (no change); a 6th would pay nothing, so it is never offered
    assert asked[0].options == ["pay 14 mc", "pay 1 titanium and 11 mc", "pay 2 titanium and 8 mc",
                                "pay 3 titanium and 5 mc", "pay 4 titanium and 2 mc", "pay 5 titanium"]
    assert stock(game) == (20, 1, 0)


def test_one_split_is_not_asked(game):
    holding(game, 0, 5)
    assert run_proc(game, "space_card", card(game, "io_mining")) == []
    assert stock(game) == (0, 0, 0)


def test_what_cannot_be_covered_is_e601_and_not_affordable(game):
    holding(game, 10, 1)   # 1 titanium leaves 11 M€ to pay with 10
    funcs, me = game.program.funcs, game.state.players[0]
    assert not funcs["can_buy"](game, me, card(game, "io_mining"))
    with pytest.raises(RulesRuntimeError, match=r"E601.*P1 cannot pay 14 mc using titanium at 3"):
        run_proc(game, "space_card", card(game, "io_mining"))
    run_proc(game, "stock", 0, 1, 0)
    assert funcs["can_buy"](game, me, card(game, "io_mining"))


def test_two_substitutes(game):
    holding(game, 2, 4, 2)
    asked = run_proc(game, "both", answers=["pay 2 steel, 3 titanium and 1 mc"])
    # steel outer, titanium inner: 4 ti + 2 mc; 1 steel + 4 ti (14); 2 steel + 3 ti + 1 mc; 2 steel + 4 ti
    # would waste a steel, 3 ti + 1 steel leaves 3 mc to pay with 2
    assert asked[0].options == ["pay 4 titanium and 2 mc", "pay 1 steel and 4 titanium",
                                "pay 2 steel, 3 titanium and 1 mc"]
    assert stock(game) == (1, 1, 0)


def test_the_rate_is_an_expression(game):
    holding(game, 0, 0, 5)
    game.state.players[0].stock["alloys"] = 1   # Advanced Alloys: steel is worth 3
    assert run_proc(game, "alloyed") == []   # 5 steel pay 15: the only split
    assert stock(game) == (0, 0, 0)


def test_a_rate_below_one_in_play_is_positioned_and_the_same_on_both_backends(game):
    holding(game, 10, 0, 3)
    with pytest.raises(RulesRuntimeError) as err:
        game.start(game.program.procs["rated"](game, game.state.players[0], 0))
    assert err.value.code == "E601" and err.value.message == "the rate of steel must be a whole number of at least 1, not 0"
    line = PACK.split("\n").index("proc rated(r: int) { pay 4 mc using steel at r; }") + 1
    assert err.value.where.endswith(f":{line}:22")   # at the statement


def test_plain_terms_are_taken_first(game):
    holding(game, 6, 2)
    # the plain titanium first; then 6 mc with the other titanium or without
    asked = run_proc(game, "with_plain", answers=["pay 1 titanium and 3 mc"])
    assert asked[0].options == ["pay 6 mc", "pay 1 titanium and 3 mc"]
    assert stock(game) == (3, 0, 0)


def test_a_modifier_lowers_the_amount_before_the_split(game):
    run_proc(game, "play", card(game, "solar_wind"))
    holding(game, 10, 3)
    funcs, me = game.program.funcs, game.state.players[0]
    assert funcs["can_build"](game, me, card(game, "io_mining"))
    asked = run_proc(game, "tagged", card(game, "io_mining"), answers=["pay 1 titanium and 8 mc"])
    assert asked[0].options == ["pay 1 titanium and 8 mc", "pay 2 titanium and 5 mc", "pay 3 titanium and 2 mc"]
    assert stock(game) == (2, 2, 0)
    assert me.stock["vp"] == 11   # `let paid`: the amount as the modifier left it


def test_may_and_a_choose_option_offer_it_only_when_affordable(game):
    holding(game, 10, 1)
    assert run_proc(game, "maybe") == []   # not affordable: not offered
    assert run_proc(game, "options") == []   # only "pass" is available
    run_proc(game, "stock", 0, 1, 0)
    asked = run_proc(game, "maybe", answers=["yes"])   # 2 titanium and 8 mc: the one split
    assert [d.options for d in asked] == [["no", "yes"]]
    assert stock(game) == (2, 0, 0) and game.state.players[0].stock["vp"] == 1


def test_a_choose_option_pays_with_the_split_asked(game):
    holding(game, 10, 3)
    asked = run_proc(game, "options", answers=["space card", "pay 2 titanium and 8 mc"])
    assert [d.options for d in asked] == [["space card", "pass"],
                                          ["pay 2 titanium and 8 mc", "pay 3 titanium and 5 mc"]]
    assert stock(game) == (2, 1, 0)


def test_printer_round_trip_and_explain():
    out = format_text(PACK, "t.rules")
    assert parse_text(out, "t.rules") == parse_text(PACK, "t.rules")
    assert "pay 14 mc using steel at 2 and titanium at 3;" in out
    assert "pay 14 mc using steel at 2 + alloys;" in out
    odd = "resource mc; resource steel; proc p(b: bool) { pay 4 mc using steel at (if b then 2 else 1); }"
    assert parse_text(format_text(odd, "o.rules"), "o.rules") == parse_text(odd, "o.rules")
    decls = {getattr(d, "name", None): d for d in parse_text(PACK, "t.rules").items}
    assert reading(decls["both"]) == ["Pay 14 MC (each steel counting as 2, each titanium as 3, as many as you "
                                      "choose)."]
    assert "using" not in reading(decls["can_buy"])[0] and "counting as 3" in reading(decls["can_buy"])[0]


BASE = """
resource mc; resource steel; counter vp;
event build();
proc p() { ... }
"""


@pytest.mark.parametrize("body, code, words", [
    ("pay 4 mc using ore at 2;", "E202", "'ore'"),
    ("pay 4 mc using build at 2;", "E301", "'build'"),
    ("pay 4 mc using steel at true;", "E303", "the rate of 'steel' must be a number, not a condition"),
    ("pay 4 mc using steel at 0;", "E323", "the rate of 'steel' is 0"),
    ("pay 4 mc using mc at 2;", "E323", "'mc' is the resource paid"),
    ("pay 4 mc using steel at 2 and steel at 3;", "E323", "'steel' is named twice"),
    ("pay 4 mc using steel rate 2;", "E100", "expected 'steel at RATE'"),
    ("pay 4 mc via steel at 2;", "E100", "expected 'using RESOURCE at RATE'"),
    ("modifier you build { cost -1 mc using steel at 2; }", "E323", "not what stands for it"),
])
def test_misuse(body, code, words):
    the_one_error(analyse_text(BASE.replace("...", body), "t.rules"), code, words, line=4)


GEMS = """
resource ruby; resource sapphire; resource gold; counter prestige;
group gems cap 20 { ruby, sapphire }
event buy();
game g { seats 1 to 4; phase play { } winner most prestige; }
proc deal() { }
proc stock(r: int, s: int, g: int) { gain r ruby; gain s sapphire; gain g gold; }
proc cutter() { pay 3 sapphire using gold at 1, 2 ruby using gold at 1; }
proc tagged() { pay 3 sapphire using gold at 1 for buy(); }
proc discount() { modifier you buy { cost -1 any(gems); } }
"""

gems = rules_programs(GEMS)


def gem_game(gems, r: int, s: int, g: int) -> Game:
    game = Game(gems(), 2, 1)
    run_proc(game, "stock", r, s, g)
    return game


def held(g: Game) -> tuple:
    s = g.state.players[0].stock
    return s["ruby"], s["sapphire"], s["gold"]


def test_a_split_is_offered_only_when_the_later_terms_can_still_be_paid(gems):
    # Splendor: 2 gold for 1 sapphire would leave no gold for the second ruby; 1 gold + 2 sapphires is the one way
    game = gem_game(gems, 1, 2, 2)
    assert run_proc(game, "cutter") == []
    assert held(game) == (0, 0, 0)
    game = gem_game(gems, 2, 2, 2)   # now both splits of the sapphires leave the rubies payable
    asked = run_proc(game, "cutter", answers=["pay 2 gold and 1 sapphire"])   # then 2 rubies, unasked
    assert [(d.prompt, d.options) for d in asked] == [
        ("how to pay 3 sapphire?", ["pay 1 gold and 2 sapphire", "pay 2 gold and 1 sapphire"])]
    assert held(game) == (0, 1, 0)
    game = gem_game(gems, 2, 2, 2)
    asked = run_proc(game, "cutter", answers=["pay 1 gold and 2 sapphire", "pay 1 gold and 1 ruby"])
    assert [(d.prompt, d.options) for d in asked][1] == ("how to pay 2 ruby?", ["pay 2 ruby", "pay 1 gold and 1 ruby"])
    assert held(game) == (1, 0, 0)


def test_a_discount_of_any_of_a_group_lowers_the_term_of_its_member(gems):
    game = gem_game(gems, 0, 1, 1)
    run_proc(game, "discount")
    assert run_proc(game, "tagged") == []   # 3 - 1 = 2 sapphires: 1 gold and 1 sapphire, the one split
    assert held(game) == (0, 0, 0)
