"""A card's types read with `is` (`c is attack`: the one field of c's kind that holds the member's enum),
and attacks a reaction cannot miss (W507): the Dominion audit's items 6 and 7 (tenth session, branch
types). A card's reaction asks for each copy held (two Moats, two questions): a copy may act on its own."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.engine import Game

from .conftest import answer_by_prompt, explained, printed_back, rules_program, run_proc, the_one_error

# Dominion: Militia and Witch against Moat, the types printed on each card ("Action – Attack").
DOMINION = """
enum card_type { action "Action", treasure "Treasure", victory "Victory", attack "Attack", reaction "Reaction" }
event played(c: card);
event attacked();
kind card "Card" { types: list of card_type; coins: int = 0; play: effect; }
counter coin;
zone deck per_player of card;
zone hand per_player of card hidden;
zone in_play per_player of card;
zone discard per_player of card;
card copper "Copper" * 14 { types = [treasure]; coins = 1; }
card estate "Estate" * 8 { types = [victory]; }
card militia "Militia" { types = [action, attack]; play { gain 2 coin; each others_from(you): for attacked: discard_down_to(3); } }
card witch "Witch" { types = [action, attack]; play { each others_from(you): for attacked: draw 1 from deck to discard; } }
card moat "Moat" * 4 {
  types = [action, reaction];
  play { }
  whenever opponents played(c is attack) in hand may "reveal Moat?" {
    reveal this;
    modifier you attacked until end of resolve { forbid; }
  }
}
proc resolve(c: card) { emit played(c); copy c.play; }
proc discard_down_to(n: int) {
  if size(hand) > n {
    pick c from hand "discard a card" exactly size(hand) - n { move c to discard; }
  }
}
proc deal(moats: int) {
  each players where seat() == 1 {
    fill hand with card where it is militia or it is witch or it is copper and it.copy_number <= 5;
  }
  each players where seat() == 2 {
    fill hand with card where it is moat and it.copy_number <= moats or it is estate and it.copy_number <= 5 - moats;
    fill deck with card where it is copper and it.copy_number > 5;
  }
}
proc turn() {
  pick c from hand where c is action "play an Action?" { move c to in_play; resolve(c); }
  for each t in hand where t is treasure { gain t.coins coin; }
}
func actions_held() = count(c in hand where c is action);
game dominion { seats 2 to 2; phase play { each players: turn(); } winner most coin; }
"""

program = rules_program(DOMINION)


def attacked(program, moats: int, attack: str, reveal: str):
    """P2 holds `moats` Moats (and Estates up to 5); P1 plays `attack` and then their Treasures: the game,
    and the questions P2 was asked."""
    game = Game(program, 2, 1)
    run_proc(game, "deal", moats)
    asked = answer_by_prompt(game.program.procs["turn"](game, game.state.players[0]),
                             {"play an Action?": attack.title(), "reveal Moat?": reveal})
    return game, [d.prompt for d in asked if d.player.index == 1]


def test_is_reads_the_types_in_where_count_and_a_pick(program):
    game = Game(program, 2, 1)
    run_proc(game, "deal", 2)
    p1, p2 = game.state.players
    assert game.program.funcs["actions_held"](game, p1) == 2   # Militia and Witch: Actions; Coppers: not
    assert game.program.funcs["actions_held"](game, p2) == 2   # the two Moats, Estates not
    asked = answer_by_prompt(game.program.procs["turn"](game, p1), {"play an Action?": "Witch", "reveal Moat?": "no"})
    offered = next(d for d in asked if d.prompt.startswith("play an Action?"))
    assert sorted(o for o in offered.options if o in ("Militia", "Witch", "Copper")) == ["Militia", "Witch"]
    assert p1.stock["coin"] == 5   # `for each t in hand where t is treasure`: the five Coppers


def test_militia_against_a_moat_revealed_or_not(program):
    game, asked = attacked(program, 1, "militia", "yes")
    assert asked == ["reveal Moat?"] and len(game.state.players[1].zones["hand"]) == 5   # unaffected
    game, asked = attacked(program, 1, "militia", "no")
    assert asked[0] == "reveal Moat?" and len(game.state.players[1].zones["hand"]) == 3   # discarded down to 3
    assert game.state.players[0].stock["coin"] == 7   # +2 and five Coppers


@pytest.mark.parametrize("reveal", ["yes", "no"])
def test_witch_against_two_moats_in_one_hand_asks_each_copy(program, reveal):
    # each copy's reaction asks its own question (a copy may act on its own: two Forecasts are two plays);
    # one Moat revealed is enough, and a second refused does not undo it
    game, asked = attacked(program, 2, "witch", reveal)
    assert asked == ["reveal Moat?", "reveal Moat?"]
    assert len(game.state.players[1].zones["discard"]) == (0 if reveal == "yes" else 1)


def test_a_reaction_asked_nothing_runs_for_each_copy():
    # a reaction that asks nothing runs for each copy in the hand
    text = DOMINION.replace('in hand may "reveal Moat?" {\n    reveal this;', 'in hand {\n    gain 1 coin;')
    for interpreted in (False, True):
        game, asked = attacked(build_text(text, interpreted=interpreted), 2, "witch", "no")
        assert asked == [] and game.state.players[1].stock["coin"] == 2


def test_a_played_filter_on_a_type_hears_only_that_type(program):
    # `played(c is attack)`: the Moat is not asked when an Action that is no Attack is played
    text_game = Game(program, 2, 1)
    run_proc(text_game, "deal", 1)
    p1 = text_game.state.players[0]
    asked = answer_by_prompt(text_game.program.procs["resolve"](text_game, p1, text_game.program.entities["moat#2"]), {})
    assert asked == []


# 7 Wonders: a card's colour is one member, read by the same `is`.
WONDERS = """
enum colour { brown "Raw material", grey "Manufactured good", blue "Civilian", red "Military" }
kind card { colour: colour; shields: int = 0; }
card lumber_yard "Lumber Yard" { colour = brown; }
card stockade "Stockade" { colour = red; shields = 1; }
card barracks "Barracks" { colour = red; shields = 1; }
card baths "Baths" { colour = blue; }
zone city per_player of card;
func red_cards() = count(c in city where c is red);
proc build() { fill city with card; }
game wonders { seats 2 to 2; phase play { each players: build(); } winner most red_cards(); }
"""

wonders = rules_program(WONDERS)


def test_a_colour_held_in_one_field_is_read_by_is(wonders):
    game = Game(wonders, 2, 1)
    run_proc(game, "build")
    assert game.program.funcs["red_cards"](game, game.state.players[0]) == 2


def test_the_three_errors_point_at_the_member():
    base = "enum card_type { action, attack }\nzone hand per_player of card;\ncounter n;\n"
    result = analyse_text(base + "kind card { cost: int; }\nproc p() { for each c in hand where c is attack { gain 1 n; } }")
    the_one_error(result, "E474", "'c is attack' reads the field of c's kind that holds 'card_type', and card has none")
    assert (result.diagnostics[0].span.line, result.diagnostics[0].span.column) == (5, 42)
    result = analyse_text(base + "kind card { types: list of card_type; main: card_type; }\n"
                          "proc p() { for each c in hand where c is attack { gain 1 n; } }")
    the_one_error(result, "E475", "'types' and 'main' hold 'card_type' in card")
    result = analyse_text(base + "kind card { types: list of card_type; }\n"
                          "proc p() { each players where you is attack: gain 1 n; }")
    the_one_error(result, "E476", "'you is attack' reads a card's card_type in one of its fields, and you is a player")
    result = analyse_text(base + "kind card { types: list of card_type; }\nevent played(c: card);\n"
                          "proc p() { whenever you played(c is action) { gain 1 n; } }")
    assert not [d for d in result.diagnostics if d.severity == "error"]


def test_fmt_and_explain_read_it():
    _module, printed = printed_back(DOMINION)
    assert "whenever opponents played(c is attack) in hand may" in printed and "where c is action" in printed
    result = analyse_text(DOMINION)
    assert "is an Action" in explained(result, "turn")
    assert "is an Attack" in explained(result, "moat")


def warnings_of(text: str) -> list:
    return [(d.code, d.span.line, d.message) for d in analyse_text(text).diagnostics if d.code == "W507"]


def test_w507_an_attack_whose_effect_on_others_is_not_inside_the_tagged_block():
    assert warnings_of(DOMINION) == []
    text = DOMINION.replace("each others_from(you): for attacked: discard_down_to(3);",
                            "each others_from(you): discard_down_to(3);")
    [(code, line, message)] = warnings_of(text)
    assert line == 13 and message.startswith("Militia is an Attack (Moat's reaction stops 'for attacked'), but this "
                                             "effect on other players is not inside 'for attacked'")


def test_w507_an_attack_in_seat_order():
    text = DOMINION.replace("each others_from(you): for attacked: draw 1", "each opponents: for attacked: draw 1")
    [(code, line, message)] = warnings_of(text)
    assert line == 14 and "'each opponents' reaches the other players in seat order from P1" in message


def test_w507_an_attack_with_no_tagged_block_at_all():
    text = DOMINION.replace("each others_from(you): for attacked: draw 1 from deck to discard;", "gain 1 coin;")
    [(code, line, message)] = warnings_of(text)
    assert line == 14 and "no part of its effect is inside 'for attacked': the reaction never stops it" in message


def test_w507_reads_nothing_without_a_reaction_on_a_type():
    text = DOMINION.replace("played(c is attack)", "played(c is militia)")
    text = text.replace("each others_from(you): for attacked: draw 1", "each opponents: draw 1")
    assert warnings_of(text) == []


def test_a_filter_on_a_type_is_saved_with_its_field(program):
    from rulebook.runtime.state import IsA, decode, encode

    game = Game(program, 2, 1)
    moat = game.program.entities["moat"]
    [trigger] = {t.tid: t for t in game.state.triggers}.values()   # the Moat's reaction (one site)
    filt = trigger.filters["c"]
    assert type(filt) is IsA and filt.field == "types" and encode(filt) == {"is": "attack", "field": "types"}
    back = decode(encode(filt), game.state, game.program.entities)
    assert back == filt and back == game.program.entities["militia"] and not back == moat
    assert encode(IsA("silver")) == {"is": "silver"}   # a filter on a card is saved as before


def test_a_type_named_as_a_card_is_told_how_to_name_it_apart():
    # Dominion's Curse: a card and a type; the member is named apart, players read its title
    text = 'enum card_type { curse "Curse" }\nkind card { types: list of card_type; }\ncard curse "Curse" { types = [curse]; }\n'
    [found] = [d for d in analyse_text(text).diagnostics if d.code == "E208"]
    assert found.span.line == 1 and "'curse_type \"Title\"'" in found.hint and "'c is curse_type' reads it" in found.hint
