"""What writing Citadels, King of Tokyo and Spades (tests/packs/citadels, kingoftokyo, spades) found wrong in
the reference and the messages: the reference's Spades example counted a partnership's bags by member (a
member short of their own bid took bags away), W421's hint for a draft's cards passed on, W472's hint for cards
of which each replaces the rule whole; W416 for a modifier's gain line no tagged gain reaches; W569 for a card
of several copies whose version adds to base(...), which two copies held add once."""

from __future__ import annotations

import re
from pathlib import Path

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game

from .conftest import both_built

DOCS = (Path(__file__).parent.parent / "docs" / "language.md").read_text()


def test_the_references_spades_counts_a_partnerships_overtricks_once():
    text = re.search(r"```rules\n(# Spades: partners sit opposite.*?)```", DOCS, re.S).group(1)
    for program in both_built(text):
        game = Game(program, 4, 1)
        # P1 and P3 bid 4 and 0, take 1 and 5: six on a bid of four makes it, two bags, 40 + 2 points
        for p, bid, tricks in zip(game.state.players, [4, 3, 0, 1], [1, 3, 5, 4]):
            p.stock["bid"], p.stock["tricks"] = bid, tricks
        gen = game.program.procs["score_hand"](game, game.state.players[0])
        for _ in gen:
            raise AssertionError("nothing is asked")
        team = lambda key, seats: sum(game.state.players[s].stock[key] for s in seats)   # noqa: E731
        assert (team("points", (0, 2)), team("bags", (0, 2))) == (42, 2)
        assert (team("points", (1, 3)), team("bags", (1, 3))) == (43, 3)


def test_w421_tells_a_draft_to_show_the_cards_passed_on_with_look():
    text = """kind character { number: int; }
character king "King" { number = 4; }
zone characters of character secret;
zone chosen per_player of character hidden;
proc draft() { pick c from characters "take which character?" { move c to chosen; } }
"""
    found = [d for d in analyse_text(text).diagnostics if d.code == "W421"]
    assert len(found) == 1 and "'look characters;'" in found[0].hint
    looked = text.replace("{ pick c", "{ look characters; pick c")
    assert not [d for d in analyse_text(looked).diagnostics if d.code == "W421"]


def test_w472_points_cards_that_replace_the_rule_whole_at_an_effect_slot():
    text = """counter gold;
kind character { }
zone chosen per_player of character;
proc power() { }
character king "King" { override proc power() in chosen { gain 1 gold; } }
character merchant "Merchant" { override proc power() in chosen { gain 2 gold; } }
"""
    found = [d for d in analyse_text(text).diagnostics if d.code == "W472"]
    assert len(found) == 1 and "copy c.SLOT;" in found[0].hint


def test_w416_a_gain_line_of_an_action_no_gain_is_tagged_with_changes_nothing():
    text = """counter energy "Energy";
kind power { cost: int; }
power friend_of_children "Friend of Children" { cost = 3;
  modifier you gain(res = energy) in kept { gain +1; } }
zone kept per_player of power;
proc collect() { gain 2 energy; }
"""
    found = [d for d in analyse_text(text).diagnostics if d.code == "W416"]
    assert len(found) == 1 and found[0].span.line == 4 and "for gain(...)" in found[0].hint
    assert "no gain of the pack is tagged" in found[0].message
    tagged = text.replace("gain 2 energy;", "gain 2 energy for gain(energy);")
    assert not [d for d in analyse_text(tagged).diagnostics if d.code == "W416"]
    for program in both_built(tagged):   # tagged, the card's line adds its one
        game = Game(program, 2, 1)
        game.move(program.entities["friend_of_children"], game.zone(game.state.players[0], "kept"))
        for _ in program.procs["collect"](game, game.state.players[0]):
            raise AssertionError("nothing is asked")
        assert game.state.players[0].stock["energy"] == 3


def test_a_title_shows_a_field_typed_with_an_enum_by_the_members_title_as_messages_do():
    text = """enum pips { two "2", jack "Jack", ace "Ace" }
kind card { pips: pips; }
card spade "{pips} of Spades" * 3 { pips = [two, jack, ace][copy_number]; }
card heart "{pips.title} of Hearts" * 3 { pips = [two, jack, ace][copy_number]; }
zone deck of card;
"""
    for program in both_built(text):
        titles = [e.title for e in program.entities.values()]
        assert titles == ["2 of Spades", "Jack of Spades", "Ace of Spades", "2 of Hearts", "Jack of Hearts",
                          "Ace of Hearts"]


EXTRA_HEAD = """counter dice "Dice rolled";
event dice_rolled();
kind power { cost: int; }
power extra_head "Extra Head" * 2 { cost = 7; override func dice_count(): int in kept = base() + 1; }
zone kept per_player of power;
func dice_count(): int = 6;
proc roll_dice() { set dice = dice_count(); }
"""


def dice_with_two_heads(program) -> int:
    """The dice the first player rolls holding both copies of Extra Head (nothing is asked)."""
    game = Game(program, 2, 1)
    for copy in ("extra_head", "extra_head#2"):
        game.move(program.entities[copy], game.zone(game.state.players[0], "kept"))
    for _ in program.procs["roll_dice"](game, game.state.players[0]):
        raise AssertionError("nothing is asked")
    return game.state.players[0].stock["dice"]


def test_w569_a_version_adding_to_base_in_a_card_of_several_copies_adds_once_for_two():
    found = [d for d in analyse_text(EXTRA_HEAD).diagnostics if d.code == "W569"]
    assert len(found) == 1 and found[0].span.line == 4 and "modifier you EVENT in kept" in found[0].hint
    for program in both_built(EXTRA_HEAD):   # what it warns of: two copies held, one more die
        assert dice_with_two_heads(program) == 7
    modified = EXTRA_HEAD.replace("override func dice_count(): int in kept = base() + 1;",
                                  "modifier you dice_rolled in kept { value +1; }") \
        .replace("func dice_count(): int = 6;", "func dice_count(): int = 6 for dice_rolled();")
    assert not [d for d in analyse_text(modified).diagnostics if d.code == "W569"]
    for program in both_built(modified):   # a modifier a copy: two copies, two more dice
        assert dice_with_two_heads(program) == 8
    one_copy = EXTRA_HEAD.replace('"Extra Head" * 2', '"Extra Head"')
    assert not [d for d in analyse_text(one_copy).diagnostics if d.code == "W569"]
