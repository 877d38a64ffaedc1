"""Cost alternatives (`pay 1 fish or 1 rodent;`), a cost kept on a card (`kind bird { cost: cost; }`,
`cost = 1 seed, 1 any(food);`, paid with `pay b.cost;`), an exchange within a group (`pay b.cost
trading 2 any(food) as 1;`: any 2 food paid as 1 food of a member), on both backends: the payer picks
among the affordable alternatives only (one is not asked), trades only where both ways leave the rest
payable; `affordable`, `may ... cost`, a choose option's leading `pay` and modifiers understand them;
misuse E406, E407, W493; fmt and explain; the hot seat's `? N` / `? NAME` for a card's printed fields.
From the Wingspan audit (a bird's food cost: "/" alternatives, the wild icon, "any 2 food as 1")."""

from __future__ import annotations

import io

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.agents import HumanAgent
from rulebook.runtime.console import PlainConsole
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import (explained, found_at, printed_back, random_games_agree, rules_programs, run_proc,
                       the_one_error)

PACK = """
resource invertebrate; resource seed; resource fish; resource fruit; resource rodent; resource coin;
group food "Food" { invertebrate, seed, fish, fruit, rodent }
counter vp;
event play_bird(b: bird);
kind bird "Bird" { cost: cost; points: int = 0; text: str = ""; }
bird kestrel "Kestrel" { cost = 1 fish or 1 rodent; points = 3; text = "Hunts."; }
bird jay "Blue Jay" { cost = 1 seed, 1 any(food); points = 2; }
bird heron "Heron" { cost = 2 fish; points = 5; }
bird sparrow "Sparrow" { points = 1; }
bird bobwhite "Bobwhite" { cost = 1 invertebrate or 1 seed or 1 fruit; }
zone hand per_player of bird;
zone board per_player of bird;
game g { seats 1 to 4; phase play { } winner most vp; }
proc give(f: int, r: int, s: int, c: int) { gain f fish; gain r rodent; gain s seed; gain c coin; }
proc either() { pay 1 fish or 2 coin; }
proc grouped() { pay 1 seed, 1 fish or 1 rodent, 2 coin; }
proc bird_cost(b: bird) { let paid = pay b.cost; gain paid vp; }
proc traded(b: bird) { pay b.cost trading 2 any(food) as 1; }
proc traded_tagged(b: bird) { pay b.cost trading 2 any(food) as 1 for play_bird(b); }
proc written() { pay 2 fish trading 2 any(food) as 1; }
proc beside(b: bird) { pay b.cost, 1 coin; }
func can(b: bird) = affordable(b.cost);
func can_trade(b: bird) = affordable(b.cost trading 2 any(food) as 1);
func can_tagged(b: bird) = affordable(b.cost trading 2 any(food) as 1 for play_bird(b));
proc maybe() { may "buy?" cost 1 fish or 2 coin { gain 1 vp; } }
proc options() {
  choose "what now?" {
    option "heron" { pay 2 fish trading 2 any(food) as 1; gain 1 vp; }
    option "pass" { }
  }
}
func shows(b: bird, r: resource) = b.cost[r];
func wild_icons(b: bird) = b.cost[food];
func fishy() = count(b in hand where b.cost[fish] > 0);
proc discount() { modifier you play_bird { cost -1 fish; } }
proc replaced() { modifier you play_bird { cost = 1 coin or 1 seed; } }
"""

program = rules_programs(PACK)


@pytest.fixture
def game(program):
    return Game(program(), 2, 1)


def give(g: Game, fish: int = 0, rodent: int = 0, seed: int = 0, coin: int = 0) -> Game:
    run_proc(g, "give", fish, rodent, seed, coin)
    return g


def stock(g: Game, *names: str) -> tuple:
    s = g.state.players[0].stock
    return tuple(s[n] for n in names)


def card(g: Game, name: str):
    return g.program.entities[name]


def func(g: Game, name: str, *args):
    return g.program.funcs[name](g, g.state.players[0], *args)


# ---------------------------------------------------------------- alternatives
def test_the_payer_picks_among_the_alternatives_they_can_pay(game):
    give(game, fish=1, coin=2)
    asked = run_proc(game, "either", answers=["2 coin"])
    assert [(d.prompt, d.options) for d in asked] == [("pay which cost?", ["1 fish", "2 coin"])]
    assert stock(game, "fish", "coin") == (1, 0)


def test_one_affordable_alternative_is_not_asked(game):
    give(game, coin=2)
    assert run_proc(game, "either") == []
    assert stock(game, "coin") == (0,)


def test_none_affordable_is_e601_naming_the_alternatives(game):
    give(game, coin=1)
    with pytest.raises(RulesRuntimeError, match=r"E601.*P1 cannot pay 1 fish or 2 coin"):
        run_proc(game, "either")


def test_a_comma_binds_tighter_than_or(game):
    give(game, seed=1, fish=1, coin=2)
    asked = run_proc(game, "grouped")
    assert asked == []   # 1 seed + 1 fish (no rodent: the other alternative cannot be paid)
    assert stock(game, "seed", "fish", "coin") == (0, 0, 2)


def test_a_card_s_printed_cost_is_paid_whole_and_let_binds_the_units(game):
    give(game, rodent=1, fish=1)
    asked = run_proc(game, "bird_cost", card(game, "kestrel"), answers=["1 rodent"])
    assert asked[0].options == ["1 fish", "1 rodent"]
    assert stock(game, "fish", "rodent", "vp") == (1, 0, 1)


def test_the_wild_food_icon_is_any_of_the_group(game):
    give(game, seed=1, fish=2)
    run_proc(game, "bird_cost", card(game, "jay"))   # 1 seed, then 1 any(food): only fish left, not asked
    assert stock(game, "seed", "fish", "vp") == (0, 1, 2)


def test_a_card_without_a_cost_costs_nothing(game):
    assert run_proc(game, "bird_cost", card(game, "sparrow")) == []
    assert func(game, "can", card(game, "sparrow"))


def test_three_alternatives_and_affordable(game):
    assert not func(game, "can", card(game, "bobwhite"))
    game.state.players[0].stock["fruit"] = 1
    assert func(game, "can", card(game, "bobwhite"))
    run_proc(game, "bird_cost", card(game, "bobwhite"))
    assert stock(game, "fruit") == (0,)


def test_a_cost_field_beside_another_term(game):
    give(game, fish=1, rodent=1, coin=1)
    asked = run_proc(game, "beside", card(game, "kestrel"), answers=["1 fish, 1 coin"])
    assert asked[0].options == ["1 fish, 1 coin", "1 rodent, 1 coin"]
    assert stock(game, "fish", "rodent", "coin") == (0, 1, 0)


def test_may_cost_is_asked_only_when_some_alternative_is_affordable(game):
    assert run_proc(game, "maybe") == []   # nothing to pay with: not asked
    give(game, coin=2)
    asked = run_proc(game, "maybe", answers=["yes"])
    assert [d.prompt for d in asked] == ["buy?"]
    assert stock(game, "coin", "vp") == (0, 1)


def test_a_printed_cost_is_read_by_resource_and_by_group(game):
    shows = lambda b, r: func(game, "shows", card(game, b), r)
    assert (shows("kestrel", "fish"), shows("kestrel", "rodent"), shows("kestrel", "seed")) == (1, 1, 0)
    assert (shows("jay", "seed"), func(game, "wild_icons", card(game, "jay")), shows("sparrow", "fish")) == (1, 1, 0)
    assert (shows("heron", "fish"), func(game, "wild_icons", card(game, "heron"))) == (2, 0)
    for b in ("kestrel", "heron", "jay"):
        game.move(card(game, b), game.zone(game.state.players[0], "hand"))
    assert func(game, "fishy") == 2


def test_a_printed_cost_read_by_something_else_or_set_is_e406():
    the_one_error(analyse_text(PACK + "func q(b: bird) = b.cost[1];"), "E406", "a printed cost")
    the_one_error(analyse_text(PACK + "proc q(b: bird) { set b.cost = 2; }"), "E406", "never set in play")


# ---------------------------------------------------------------- the exchange
def test_two_food_pay_for_one_missing(game):
    give(game, fish=1, seed=2)   # the heron costs 2 fish: 1 fish and 2 seed as 1 fish
    asked = run_proc(game, "traded", card(game, "heron"))
    assert asked == []   # the fish must be paid as itself (trading it too would need 4 food), the seeds unasked
    assert stock(game, "fish", "seed") == (0, 0)


def test_trading_is_asked_only_when_both_ways_leave_the_rest_payable(game):
    give(game, fish=1, rodent=1, seed=1)
    # kestrel: 1 fish or 1 rodent; the alternative first, then pay the fish as itself or with 2 food
    asked = run_proc(game, "traded", card(game, "kestrel"), answers=["1 fish", "2 of food", "seed", "rodent"])
    assert [(d.prompt, d.options) for d in asked] == [
        ("pay which cost?", ["1 fish", "1 rodent"]),
        ("pay 1 fish how (2 of food pay 1 fish)?", ["1 fish", "2 of food"]),
        ("pay 1 of food", ["seed", "fish", "rodent"]), ("pay 1 of food", ["fish", "rodent"])]
    assert stock(game, "fish", "rodent", "seed") == (1, 0, 0)


def test_the_number_paid_as_itself_is_one_decision(game):
    give(game, fish=2, seed=2)   # the heron's 2 fish: 2 fish, or 1 fish and 2 seed (4 food for both: no)
    asked = run_proc(game, "traded", card(game, "heron"), answers=["1 fish and 2 of food", "seed", "seed"])
    assert [(d.prompt, d.options) for d in asked][0] == (
        "pay 2 fish how (2 of food pay 1 fish)?", ["2 fish", "1 fish and 2 of food", "4 of food"])
    assert stock(game, "fish", "seed") == (1, 0)


def test_affordable_counts_the_exchange(game):
    give(game, fish=1, seed=1)
    assert not func(game, "can_trade", card(game, "heron"))   # 2 fish: 1 fish + 2 food needed, 1 seed held
    give(game, rodent=1)
    assert func(game, "can_trade", card(game, "heron")) and not func(game, "can", card(game, "heron"))


def test_a_choose_option_is_offered_when_the_exchange_makes_it_affordable(game):
    give(game, seed=4)
    asked = run_proc(game, "options", answers=["heron"])
    assert asked[0].options == ["heron", "pass"]
    assert stock(game, "seed", "vp") == (0, 1)


def test_modifiers_change_each_alternative_and_the_exchange_still_applies(game):
    run_proc(game, "discount")
    give(game, seed=2)
    assert func(game, "can_tagged", card(game, "heron"))   # 2 fish - 1 = 1 fish, paid as 2 seed
    run_proc(game, "traded_tagged", card(game, "heron"))
    assert stock(game, "seed") == (0,)


def test_a_modifier_replaces_the_cost_with_alternatives(game):
    run_proc(game, "replaced")
    give(game, seed=1, coin=1)
    asked = run_proc(game, "traded_tagged", card(game, "heron"), answers=["1 seed"])
    assert asked[0].prompt == "pay which cost for play_bird?" and asked[0].options == ["1 coin", "1 seed"]
    assert stock(game, "seed", "coin") == (0, 1)


def test_random_games_agree_on_both_backends():
    random_games_agree(PACK.replace("phase play { }", """phase setup { each players { gain 1 fish; gain 1 seed; gain 2 coin; }
      fill board with bird; }
    phase play { repeat 4 { each players {
      choose "do?" {
        option "food" { gain 1 rodent; gain 1 seed; }
        option "either" { pay 1 fish or 2 coin; gain 1 vp; }
        option "heron" { pay 2 fish trading 2 any(food) as 1; gain 1 vp; }
        option "kestrel" { pay kestrel.cost trading 2 any(food) as 1; gain 3 vp; }
        option "jay" { pay jay.cost, 1 coin or 3 seed; gain 2 vp; }
      } } } }"""))


# ---------------------------------------------------------------- misuse, fmt, explain
def test_a_field_not_declared_cost_holds_no_cost():
    the_one_error(analyse_text(PACK.replace('points = 3; text', 'points = 3 fish; text')), "E406", "not a cost")


def test_a_cost_field_names_no_cards_and_numbers_only():
    the_one_error(analyse_text(PACK.replace("cost = 2 fish;", "cost = 2 cards from hand to board;")), "E406",
                  "resources and groups only")
    the_one_error(analyse_text(PACK.replace("cost = 2 fish;", "cost = 3;")), "E406", "write one out")


def test_a_cost_is_only_a_kind_s_field():
    the_one_error(analyse_text(PACK + "proc q(c: cost) { }"), "E406", "only a field of a kind")


def test_the_exchange_misused():
    the_one_error(analyse_text(PACK.replace("proc written() { pay 2 fish trading 2", "proc written() { pay 2 fish trading 1")),
                  "E407", "changes nothing")
    the_one_error(analyse_text(PACK + "proc q() { pay 1 different(food) trading 2 any(food) as 1; }"), "E407",
                  "beside the exchange")
    the_one_error(analyse_text(PACK + "event e(); proc q() { modifier you e { cost = 1 fish trading 2 any(food) as 1; } }"),
                  "E407", "cannot trade")
    the_one_error(analyse_text(PACK + "proc q() { pay 1 fish trading 2 any(food) as 2; }"), "E407", "write 'as 1'")


def test_w493_an_alternative_twice_and_an_exchange_that_changes_nothing():
    text = PACK + "proc q() { pay 1 fish or 1 fish; pay 1 coin trading 2 any(food) as 1; }"
    line = text.count("\n") + 1
    assert [f for f in found_at(text) if f[0] == "W493"] == [("W493", line, 26), ("W493", line, 45)]


def test_printed_back_and_a_bool_field_stays_a_condition():
    module, printed = printed_back(PACK + "kind k { b: bool = false; } k one { b = true or false; }")
    assert "cost = 1 invertebrate or 1 seed or 1 fruit;" in printed
    assert "pay 1 seed, 1 fish or 1 rodent, 2 coin;" in printed
    assert "pay b.cost trading 2 any(food) as 1 for play_bird(b);" in printed
    assert "b = true or false;" in printed


def test_explained():
    result = analyse_text(PACK)
    assert "Cost: 1 fish or 1 rodent." in explained(result, "kestrel")
    words = explained(result, "grouped")
    assert "Pay 1 seed and 1 fish or else 1 rodent and 2 coins (your choice)." in words
    assert "any 2 food may be paid as 1 of them" in explained(result, "traded")
    assert "the number of fish in b's cost" in explained(result, "fishy")
    assert "the number of wild Food icons in b's cost" in explained(result, "wild_icons")


def test_both_backends_refuse_a_rate_below_two_in_play(program):
    g = Game(program("proc low(n: int) { pay 1 fish trading n any(food) as 1; }"), 2, 1)
    give(g, fish=1)
    with pytest.raises(RulesRuntimeError, match="an exchange pays 1 unit with a whole number of at least 2, not 1"):
        run_proc(g, "low", 1)


# ---------------------------------------------------------------- the hot seat
def human_answers(program, lines: list[str]) -> str:
    out = io.StringIO()
    console = PlainConsole(file=out, width=100, color_system=None)
    feed = iter(lines)
    console.input = lambda prompt="": next(feed)
    agent = HumanAgent(console)
    g = Game(program("proc deal() { move kestrel to hand; move heron to hand; }"
                     "proc pick_one() { pick b from hand \"look at which?\" { } }"), 2, 1, [agent, agent])
    run_proc(g, "deal")
    d = g.start(g.program.procs["pick_one"](g, g.state.players[0]))
    while d is not None:
        d = g.apply(agent.choose(*g.offer(d)))
    return out.getvalue()


def test_the_hot_seat_shows_a_card_s_printed_fields_on_request(program):
    text = human_answers(program, ["? 1", "info heron", "? Nobody", "? 7", "1"])
    kestrel = text[text.index("Kestrel: \n"):text.index("Heron: \n")].splitlines()[1:]
    assert sorted(kestrel) == ["  cost: 1 fish or 1 rodent", "  points: 3", "  text: Hunts."]
    heron = text[text.index("Heron: \n"):text.index("no card")].splitlines()[1:]
    assert sorted(heron) == ["  cost: 2 fish", "  points: 5"]   # an empty text is not shown
    assert text.count("look at which?") == 1   # asked once: the requests are no answers
    assert "no card 'Nobody' in sight" in text and "no option 7" in text
