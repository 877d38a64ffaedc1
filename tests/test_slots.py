"""Three slots the language lacked (branch slots): `pay N X.FIELD;`, the resource a card's or member's field
names, as a cost term everywhere a cost is (affordability, `may ... cost`, an option's leading `pay`,
modifiers); ..."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import explained, printed_back, rules_programs, run_proc, the_one_error

# Concordia's market (simplified): each card is bought with the good it lists; a Mason's discount takes
# one brick off a purchase
MARKET = """
resource brick "Brick";
resource wine "Wine";
counter vp "VP";
kind card "Card" { good: resource; worth: int = 1; }
zone market of card;
zone bought per_player of card;
card mason "Mason" { good = brick; worth = 2; }
card vintner "Vintner" { good = wine; }
event purchase(c: card);
proc buy(c: card) {
  pay 2 c.good for purchase(c);
  move c to bought;
  gain c.worth vp;
}
proc maybe_buy(c: card) {
  may "buy it?" cost 2 c.good {
    move c to bought;
  }
}
proc able(c: card) {
  if affordable(2 c.good) {
    gain 10 vp;
  }
}
proc shop() {
  choose "Buy" {
    option "the Mason" {
      pay 2 mason.good;
      gain 1 vp;
    }
    option "the Vintner" {
      pay 2 vintner.good;
      gain 2 vp;
    }
  }
}
proc discount() {
  modifier you purchase {
    cost -1 brick;
  }
}
"""

market = rules_programs(MARKET)


def the_finding(text: str, code: str):
    """The one finding of `code` in the analysis of `text`."""
    (finding,) = [d for d in analyse_text(text).diagnostics if d.code == code]
    return finding


def game_of(program, brick: int, wine: int) -> Game:
    """A two-player game of the market, P1 holding the bricks and wine given."""
    game = Game(program(), 2, 1)
    game.state.players[0].stock.update(brick=brick, wine=wine)
    return game


def test_pay_takes_the_good_the_card_lists(market):
    game = game_of(market, brick=3, wine=2)
    run_proc(game, "buy", game.program.entities["mason"])
    run_proc(game, "buy", game.program.entities["vintner"])
    p1 = game.state.players[0]
    assert (p1.stock["brick"], p1.stock["wine"], p1.stock["vp"]) == (1, 0, 3)


def test_what_cannot_be_paid_stops_play_as_a_plain_pay_does(market):
    game = game_of(market, brick=1, wine=5)
    with pytest.raises(RulesRuntimeError, match=r"E601.*P1 cannot pay 2 brick"):
        run_proc(game, "buy", game.program.entities["mason"])


def test_affordable_sees_the_held_resource(market):
    rich, poor = game_of(market, brick=2, wine=0), game_of(market, brick=1, wine=9)
    for game in (rich, poor):
        run_proc(game, "able", game.program.entities["mason"])
    assert rich.state.players[0].stock["vp"] == 10 and poor.state.players[0].stock["vp"] == 0


def test_may_cost_asks_only_who_can_pay(market):
    game = game_of(market, brick=0, wine=2)
    asked = run_proc(game, "maybe_buy", game.program.entities["mason"])
    assert not asked and game.state.players[0].stock["wine"] == 2   # no brick: not asked, nothing paid
    asked = run_proc(game, "maybe_buy", game.program.entities["vintner"], answers=["yes"])
    assert game.state.players[0].stock["wine"] == 0


def test_an_option_that_pays_a_held_resource_is_offered_only_when_affordable(market):
    no_brick, no_wine = game_of(market, brick=0, wine=2), game_of(market, brick=2, wine=0)
    for game in (no_brick, no_wine):
        run_proc(game, "shop")   # the first option offered is taken: the one the player can pay
    assert [(p.stock["brick"], p.stock["wine"], p.stock["vp"]) for p in (no_brick.state.players[0],
                                                                         no_wine.state.players[0])] == [(0, 0, 2), (0, 0, 1)]


def test_a_modifier_of_the_tagged_cost_changes_the_held_resource(market):
    game = game_of(market, brick=1, wine=0)
    run_proc(game, "discount")
    run_proc(game, "buy", game.program.entities["mason"])   # 2 bricks less 1: the 1 brick held pays
    p1 = game.state.players[0]
    assert (p1.stock["brick"], p1.stock["vp"]) == (0, 2)


def test_an_option_paying_a_held_resource_late_is_w494():
    late = MARKET.replace("""      pay 2 mason.good;
      gain 1 vp;""", """      gain 1 vp;
      pay 2 mason.good;""")
    assert "'2 mason.good'" in the_finding(late, "W494").message


def test_a_field_that_names_no_resource_is_e521_and_a_player_e624():
    the_one_error(analyse_text(MARKET.replace("pay 2 c.good for", "pay 2 c.worth for")), "E521", "not a resource")
    result = analyse_text(MARKET + "proc tax() { each players: pay 1 left(you).wine; }\n")
    the_one_error(result, "E624", "a payment is the payer's own: make that player act, as in 'each left(you): pay 1 wine;'")
    assert [d.span.column for d in result.diagnostics if d.code == "E624"] == [34]   # at the player


def test_a_held_resource_in_a_modifiers_cost_line_is_e624():
    result = analyse_text(MARKET.replace("cost -1 brick;", "cost -1 mason.good;"))
    the_one_error(result, "E624", "a modifier's cost line changes a resource it names")


def test_the_corpus_file_of_a_payment_from_another_player_says_why():
    from pathlib import Path
    from rulebook.compiler.driver import analyse_file

    (d,) = analyse_file(Path(__file__).parent / "malformed" / "pay_from_another_player.rules").diagnostics
    assert d.code == "E624" and "a payment is the payer's own: make that player act, as in 'each p: pay 1 clues;'" \
        in d.message


def test_a_held_cost_prints_back_and_is_explained():
    _module, printed = printed_back(MARKET)
    assert "pay 2 c.good for purchase(c);" in printed and 'may "buy it?" cost 2 c.good {' in printed
    result = analyse_text(MARKET)
    assert "Pay 2 of c's good (the resource it names)" in explained(result, "buy")
    assert "If you can pay 2 of c's good (the resource it names)" in explained(result, "able")


# ---------------------------------------------------------------------------- a card's modifier `also`

# Memoir '44 (simplified): every unit fights with its strength plus its veteran stars (the kind's modifier);
# a Sergeant adds 1 to the other units beside it and keeps its own stars (`also`)
SQUAD = """
event strength(c: unit);
kind unit "Unit" {
  base: int = 1;
  stars: int = 0;
  modifier anyone strength in field while it.c == this {
    value +this.stars;
  }
}
zone field per_player of unit;
unit sergeant "Sergeant" {
  base = 2;
  stars = 2;
  modifier anyone strength in field also while it.c != this {
    value +1;
  }
}
unit private "Private" {
  stars = 1;
}
func strength_of(c: unit): int = c.base for strength(c);
counter dice "Battle dice";
proc muster() {
  move sergeant to field;
  move private to field;
  gain strength_of(sergeant) + 10 * strength_of(private) dice;
}
"""

squad = rules_programs(SQUAD)


def test_a_cards_also_modifier_is_in_force_beside_its_kinds(squad):
    game = Game(squad(), 2, 1)
    run_proc(game, "muster")
    # the Sergeant: 2 + its 2 stars (the kind's, kept); the Private: 1 + its star + the Sergeant's 1
    assert game.state.players[0].stock["dice"] == 4 + 10 * 3


def test_without_also_the_cards_modifier_takes_the_kinds_place_w607_names_also():
    text = SQUAD.replace("in field also while", "in field while")
    for interpreted in (False, True):
        game = Game(build_text(text, interpreted=interpreted), 2, 1)
        run_proc(game, "muster")
        assert game.state.players[0].stock["dice"] == 2 + 10 * 3   # the Sergeant lost its stars
    finding = the_finding(text, "W607")
    assert "write 'also' after the zones ('modifier ... in field also ...')" in finding.hint
    assert [d.code for d in analyse_text(SQUAD).diagnostics] == []


def test_also_on_a_kinds_modifier_is_e625():
    text = SQUAD.replace("strength in field while it.c == this", "strength in field also while it.c == this")
    the_one_error(analyse_text(text), "E625", "this is kind 'unit''s own")


def test_also_beside_no_modifier_of_the_kind_is_w617():
    text = SQUAD.replace("in field also while it.c != this", "in reserve also while it.c != this").replace(
        "zone field per_player of unit;", "zone field per_player of unit;\nzone reserve per_player of unit;")
    finding = the_finding(text, "W617")
    assert "'modifier strength in reserve'" in finding.message and "'modifier strength in field'" in finding.hint


def test_also_prints_back_and_is_explained():
    _module, printed = printed_back(SQUAD)
    assert "modifier anyone strength in field also while it.c != this {" in printed
    said = explained(analyse_text(SQUAD), "sergeant")
    assert "While Sergeant is in your field (besides every unit's)" in said
    assert "While Sergeant is in your field (as every unit)" in said


# ---------------------------------------------------------------------------- `copy ENTITY.SLOT with it;`

# Dominion (simplified): an attack announces who attacks and how many cards it would make each other player
# discard; every Reaction card in a hand answers through its own `react` block, given the attack's arguments
ATTACKS = """
counter coins "Coins";
counter cards_held "Cards" start 5;
event attacked(by: player, discards: int);
kind card "Card" {
  react: effect(by: player, discards: int = 1);
  whenever opponents attacked in hand {
    copy this.react with it;
  }
}
zone hand per_player of card hidden;
card moat "Moat" {
  react {
    gain discards coins;
  }
}
card diplomat "Diplomat" {
  react {
    each by: lose discards cards_held;
  }
}
proc militia() {
  emit attacked(you, 2);
}
proc take(c: card) {
  move c to hand;
}
"""

attacks = rules_programs(ATTACKS)
# an attack that says who attacks alone: `discards` takes the slot's default
hurts = rules_programs(ATTACKS.replace("event attacked(by: player, discards: int);", "event attacked(by: player);")
                       .replace("emit attacked(you, 2);", "emit attacked(you);"))


def test_a_reaction_gives_the_events_arguments_to_the_slot_by_name(attacks):
    game = Game(attacks(), 2, 1)
    moat, diplomat = game.program.entities["moat"], game.program.entities["diplomat"]
    p1, p2 = game.state.players
    run_proc(game, "militia", player=0)   # nobody holds a card: nothing answers
    assert (p1.stock["coins"], p2.stock["coins"]) == (0, 0)
    run_proc(game, "take", moat, player=1)
    run_proc(game, "take", diplomat, player=1)
    run_proc(game, "militia", player=0, answers=["Moat"])   # P2's cards hear P1's attack: by = P1, discards = 2
    assert (p1.stock["coins"], p2.stock["coins"]) == (0, 2)   # the Moat: discards
    assert (p1.stock["cards_held"], p2.stock["cards_held"]) == (3, 5)   # the Diplomat: the attacker (by) discards
    run_proc(game, "militia", player=1)   # P2's own attack: the opponents' reactions alone answer
    assert (p1.stock["coins"], p2.stock["coins"], p1.stock["cards_held"]) == (0, 2, 3)


def test_with_it_outside_a_trigger_or_beside_arguments_is_e630():
    outside = ATTACKS + "proc answer_now() { copy moat.react with it; }\n"
    the_one_error(analyse_text(outside), "E630", "no event is heard here")
    beside = ATTACKS.replace("copy this.react with it;", "copy this.react(you) with it;")
    the_one_error(analyse_text(beside), "E630", "would give some twice")
    other_name = ATTACKS.replace("copy this.react with it;", "copy this.react with them;")
    the_one_error(analyse_text(other_name), "E630", "which only 'it' holds there")


def test_a_parameter_the_event_does_not_carry_needs_a_default_e630():
    text = ATTACKS.replace("react: effect(by: player, discards: int = 1);",
                           "react: effect(extra: int, by: player, discards: int = 1);")
    the_one_error(analyse_text(text), "E630", "event 'attacked' carries no argument 'extra'")


def test_a_default_fills_what_the_event_does_not_carry(hurts):
    game = Game(hurts(), 2, 1)
    run_proc(game, "take", game.program.entities["moat"], player=1)
    run_proc(game, "militia", player=0)
    assert game.state.players[1].stock["coins"] == 1   # discards: the slot's default


def test_an_event_that_carries_none_of_the_parameters_is_w618():
    text = ATTACKS.replace("event attacked(by: player, discards: int);", "event attacked(attacker: player, n: int);")
    text = text.replace("each by: lose discards cards_held;", "lose discards cards_held;")
    text = text.replace("react: effect(by: player, discards: int = 1);", "react: effect(by: player = none, discards: int = 1);")
    finding = the_finding(text, "W618")
    assert "carries none of the parameters of the slot 'react'" in finding.message and "attacker, n" in finding.hint


def test_with_it_prints_back_and_is_explained():
    _module, printed = printed_back(ATTACKS)
    assert "copy this.react with it;" in printed
    said = explained(analyse_text(ATTACKS), "card")
    assert "Carry out the “react” effect of this, given the event's arguments, each to the parameter of its name." \
        in said


# ---------------------------------------------------------------------------- `can copy ENTITY.SLOT with it`

# Dominion (simplified): a Watchtower answers an attack only when the attack would make its holder discard
# more than one card; whether it can answer is the slot's own `when`, read with the event's arguments
WATCH = """
counter coins "Coins";
counter answered "Answers";
event attacked(by: player, discards: int);
kind card "Card" {
  react: effect(by: player, discards: int = 1);
  whenever opponents attacked in hand {
    if can copy this.react with it {
      gain 1 answered;
      copy this.react with it;
    }
  }
}
zone hand per_player of card hidden;
card watchtower "Watchtower" {
  react {
    may "keep a card?" when discards > 1 {
      gain discards coins;
    }
  }
}
proc attack(n: int) {
  emit attacked(you, n);
}
proc take(c: card) {
  move c to hand;
}
"""

watch = rules_programs(WATCH)


def test_can_copy_with_it_tests_the_slot_with_the_events_arguments(watch):
    game = Game(watch(), 2, 1)
    run_proc(game, "take", game.program.entities["watchtower"], player=1)
    run_proc(game, "attack", 1, player=0)   # one card to discard: the Watchtower's `when` fails, nothing answers
    p2 = game.state.players[1]
    assert (p2.stock["answered"], p2.stock["coins"]) == (0, 0)
    run_proc(game, "attack", 3, player=0, answers=["yes"])   # three: it can answer, and does with discards = 3
    assert (p2.stock["answered"], p2.stock["coins"]) == (1, 3)


def test_can_copy_with_it_outside_a_trigger_or_beside_arguments_is_e630():
    outside = WATCH + "func could(): bool = can copy watchtower.react with it;\n"
    the_one_error(analyse_text(outside), "E630", "'can copy watchtower.react with it' gives the slot")
    beside = WATCH.replace("if can copy this.react with it {", "if can copy this.react(you) with it {")
    the_one_error(analyse_text(beside), "E630", "would give some twice")
    missing = WATCH.replace("react: effect(by: player, discards: int = 1);",
                            "react: effect(extra: int, by: player, discards: int = 1);")
    errors = [d for d in analyse_text(missing).diagnostics if d.code == "E630"]
    assert any("can copy this.react(extra = ...)" in d.hint for d in errors)


def test_can_copy_with_it_prints_back_and_is_explained():
    _module, printed = printed_back(WATCH)
    assert "if can copy this.react with it {" in printed
    said = explained(analyse_text(WATCH), "card")
    assert "If running this's react, given the event's arguments, each to the parameter of its name now would" in said


def test_also_beside_a_kinds_modifier_an_amend_removes_is_w617():
    # an amend of the card drops the kind's modifier for it alone: 'also' keeps nothing beside its own
    text = SQUAD + "amend sergeant { remove modifier strength in field; }\n"
    finding = the_finding(text, "W617")
    assert "an amend of the card removes that one for it" in finding.message
    assert any("removed for 'sergeant' at <text>:28" in n for n in finding.notes)
    for interpreted in (False, True):   # and it is so: the Sergeant loses its stars, the Private keeps its own
        game = Game(build_text(text, interpreted=interpreted), 2, 1)
        run_proc(game, "muster")
        assert game.state.players[0].stock["dice"] == 2 + 10 * 3
    # an amend of the kind removes it for every card: the kind has none left
    text = SQUAD + "amend unit { remove modifier strength in field; }\n"
    assert "the kind has no such modifier" in the_finding(text, "W617").message
