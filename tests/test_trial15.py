"""The toolchain mended where a designer new to it hurt while writing Bridge, Sheriff of Nottingham and Battle
Line (branch trial15): W516, a game whose cards never enter any zone."""

from __future__ import annotations

import pytest

from .conftest import found_at, printed_back

GO_FISH = """
kind card { rank: int; }
card fish "{r}" * 4 for each r in 1..13 { rank = r; }
zone deck of card secret;
zone hand per_player of card hidden;
zone books per_player of card;
counter points;
proc pair_up() {
  pick c from hand "lay down which card?" optional {
    move c to books;
  }
}
game go_fish "Go Fish" {
  seats 2 to 6;
  phase setup {
    SETUP
    each players: move all of hand to deck;
    shuffle deck;
    each players: draw 5 from deck to hand;
  }
  phase play {
    each players: pair_up();
  }
  winner most points;
}
"""


def w516(setup: str) -> list[tuple]:
    return [(line, col) for code, line, col in found_at(GO_FISH.replace("SETUP", setup)) if code == "W516"]


def test_a_game_whose_cards_only_move_between_zones_is_warned_at_its_first_draw():
    # (Bridge written without 'fill deck with card;': every hand was dealt empty and every trick was
    # played with no card, until a field of no card stopped play far from the cause)
    assert w516("") == [(19, 31)]


@pytest.mark.parametrize("setup", [
    "fill deck with card;",                              # the deck is filled
    "fill deck with card where it.rank > 1;",            # some of the cards
    "for each c in card { move c to deck; }",            # the cards taken from their kind
    "move fish_1 to deck;",                               # a card named
    "pick c from card \"which?\" { move c to hand; }",   # a card picked from its kind
])
def test_any_rule_that_brings_a_card_in_silences_it(setup):
    assert w516(setup) == []


def test_a_fragment_without_a_game_is_left_alone():
    # (a test's or a snippet's cards are put in place by hand)
    text = GO_FISH[:GO_FISH.index("game go_fish")] + "proc deal() { draw 5 from deck to hand; }\n"
    assert [c for c, *_ in found_at(text) if c == "W516"] == []


WINNER = """
counter flags;
func won(): bool = flags >= 5;
game g "G" {
  seats 2;
  phase play {}
  KEY
}
"""


@pytest.mark.parametrize("written, printed", [
    # (Battle Line: the game's winner first, then the most flags; fmt dropped the parentheses, which then
    # read as if 'then flags' were the 'else's)
    ("winner most (if won() then 1 else 0) then flags;", "winner most (if won() then 1 else 0) then flags;"),
    ("winner most if won() then 1 else 0 then flags;", "winner most (if won() then 1 else 0) then flags;"),
    ("winner most flags then (if won() then 1 else 0);", "winner most flags then if won() then 1 else 0;"),
    ("winner most (if won() then 1 else 0) else draw;", "winner most (if won() then 1 else 0) else draw;"),
])
def test_fmt_keeps_the_parentheses_of_a_conditional_winner_key_that_more_follows(written, printed):
    _module, text = printed_back(WINNER.replace("KEY", written))
    assert printed in text
