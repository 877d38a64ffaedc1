"""`move ITEM to ZONE at N from top|bottom;` and `move all of Z to ZONE at N from ...;` (branch depth): a card put
at a depth of a deck, counted from 1 at that end, at the far end when the deck holds too few (Coloretto's last
round card 16th from the bottom, Exploding Kittens' kitten put back anywhere); both backends, `known`, the
trace, fmt, explain, E671 and W654; Coloretto written with it plays the same seeded games."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import analyse_text, explained, found_at, parse_error, played_on_both_backends, printed_back, \
    rules_programs, run_answering
from .test_deal import run_proc

PACKS = Path(__file__).parent / "packs"

TABLE = """
kind card { value: int; }
card c "{n}" * 1 for each n in 1..6 { value = n; }
card kitten "Kitten" { value = 0; }
zone deck of card secret;
zone pile of card;
zone hand per_player of card hidden from owner;
const depth = 3;
game g "G" { seats 2 to 4; phase play { } winner most size(hand); }
"""

program = rules_programs(TABLE)


def deck_after(program, body: str, more: str = "") -> list:
    """The deck (top first, as values; the kitten 0) after a proc `p` that fills it with the six cards in order,
    1 on top, then runs `body` for P1."""
    game = Game(program(f"{more}proc p() {{ fill deck with card where it != kitten; {body} }}"), 2, 1)
    run_proc(game, "p")
    return [e.fields["value"] for e in game.zone(None, "deck").items]


@pytest.mark.parametrize("where, deck", [
    ("at 1 from top", [0, 1, 2, 3, 4, 5, 6]),     # the top itself: as `to top of`
    ("at 3 from top", [1, 2, 0, 3, 4, 5, 6]),     # two cards above it
    ("at 1 from bottom", [1, 2, 3, 4, 5, 6, 0]),  # the bottom itself: as `to deck`
    ("at 3 from bottom", [1, 2, 3, 4, 0, 5, 6]),  # two cards below it
    ("at 7 from top", [1, 2, 3, 4, 5, 6, 0]),     # past the six: the bottom
    ("at 40 from top", [1, 2, 3, 4, 5, 6, 0]),    # far past: the bottom still (a short deck takes it at its end)
    ("at 40 from bottom", [0, 1, 2, 3, 4, 5, 6]),
    ("at depth from top", [1, 2, 0, 3, 4, 5, 6]),  # a computed depth
    ("at size(deck) - 1 from bottom", [1, 2, 0, 3, 4, 5, 6]),   # 5th from the bottom of six
])
def test_a_card_goes_nth_from_that_end(program, where, deck):
    assert deck_after(program, f"move kitten to deck {where};") == deck


def test_a_card_already_in_the_deck_is_counted_without_itself(program):
    # card 1 (the top) put 3rd from the top: two of the *other* cards above it
    assert deck_after(program, "move first(deck) to deck at 3 from top;") == [2, 3, 1, 4, 5, 6]
    assert deck_after(program, "move first(deck) to deck at 1 from bottom;") == [2, 3, 4, 5, 6, 1]
    assert deck_after(program, "move last(deck) to deck at 2 from bottom;") == [1, 2, 3, 4, 6, 5]


def test_an_empty_deck_takes_the_card_whatever_the_depth(program):
    assert deck_after(program, "move all of deck to pile; move kitten to deck at 5 from bottom;") == [0]


def test_move_all_puts_the_items_together_in_their_order(program):
    # Pandemic's Intensify one level down: the two discards go in 2nd from the top, in the pile's order
    body = "draw 2 from deck to pile; move kitten to top of pile; move all of pile to deck at 2 from top;"
    assert deck_after(program, body) == [3, 0, 1, 2, 4, 5, 6]
    body = "draw 2 from deck to pile; move all of pile where it.value == 2 to deck at 2 from bottom;"
    assert deck_after(program, body) == [3, 4, 5, 2, 6]
    assert deck_after(program, "draw 3 from deck to pile; move all of pile to deck at 9 from bottom;") == \
        [1, 2, 3, 4, 5, 6]   # past the three left: on top, in order


def test_a_depth_below_one_worked_out_in_play_stops_it(program):
    for body in ("move kitten to deck at size(pile) from top;", "move all of deck to pile at size(pile) from top;"):
        with pytest.raises(RulesRuntimeError, match="a depth counts from 1") as caught:
            deck_after(program, body)
        assert caught.value.code == "E601"


def test_known_keeps_the_place_counted_from_the_end_written(program):
    # Exploding Kittens: the player who defused the kitten puts it back where they like, and knows where
    game = Game(program("proc p() { fill deck with card where it != kitten; "
                        "move kitten to deck at 3 from bottom known; }"), 2, 1)
    run_proc(game, "p")
    assert [e.fields["value"] for e in game.zone(None, "deck").items] == [1, 2, 3, 4, 0, 5, 6]
    assert game.state.known_fields["kitten"] == {"@bottom": {0}}


def test_the_trace_says_where_it_went(program):
    game = Game(program("proc p() { fill deck with card where it != kitten; move kitten to deck at 2 from top; "
                        "move kitten to deck at 9 from bottom; draw 2 from deck to pile; "
                        "move all of pile to deck at 3 from bottom; }"), 2, 1)
    lines = []
    game.tracer = lambda e: lines.append(e.what) if e.kind == "move" else None
    run_proc(game, "p")
    assert lines == ["Kitten to 2nd from the top of deck",
                     "Kitten to 9th from the bottom of deck (the top: it holds 6 others)",
                     "all of pile (2) to 3rd from the bottom of deck: Kitten, 1"]


EXPLODING = TABLE + """
proc defuse() {
  pick n from 1..size(deck) + 1 "put the kitten back how deep?" {
    move kitten to deck at n from top known;
  }
}
"""


def test_a_player_chooses_the_depth_exploding_kittens():
    from .conftest import both_built
    for built in both_built(EXPLODING + "proc p() { fill deck with card where it != kitten; defuse(); }"):
        game = Game(built, 2, 1)
        asked = run_answering(built.procs["p"](game, game.state.players[0]), lambda d: 4)   # the 5th option: 5
        assert len(asked) == 1 and len(asked[0].options) == 7
        assert [e.fields["value"] for e in game.zone(None, "deck").items] == [1, 2, 3, 4, 0, 5, 6]


def test_coloretto_puts_the_last_round_card_sixteenth_from_the_bottom_of_any_deck():
    from .conftest import both_built
    text = (PACKS / "coloretto" / "coloretto.rules").read_text()
    assert "at 16 from bottom" in text and "upper" not in text   # no staging zone left
    for built in both_built(text):
        for players, seed in ((3, 1), (5, 4)):
            game = Game(built, players, seed)
            run_proc(game, "setup_deck")
            deck = [c.title for c in game.zone(None, "deck").items]
            assert deck.index("Last round") == len(deck) - 16


@pytest.mark.parametrize("seed", [1, 2])
def test_coloretto_plays_alike_on_both_backends(seed):
    for game, _result in played_on_both_backends(PACKS / "coloretto", 4, seed):
        assert game.state.gvars["last_round_drawn"] is True


def test_printed_back_and_explained():
    text = TABLE + ("proc p() {\n  move kitten to deck at size(deck)-2 from bottom known to players;\n"
                    "  move all of pile   where it.value > 1 to deck at 2 from top;\n"
                    "  move kitten to deck at 16 from bottom;\n}\n")
    printed = printed_back(text)[1]
    assert "  move kitten to deck at size(deck) - 2 from bottom known to players;\n" \
           "  move all of pile where it.value > 1 to deck at 2 from top;\n" \
           "  move kitten to deck at 16 from bottom;\n" in printed
    words = explained(analyse_text(text), "p")
    assert "Put “Kitten” into the deck at place (the number of cards in the deck) minus 2 counted from the bottom " \
           "(1 is the bottom itself; when the zone holds too few, it goes to its top). It stays known to all " \
           "players, with its place from the bottom" in words
    assert "Put all the cards of the pile for which its value is more than 1 into the deck as the 2nd counted " \
           "from the top (1 is the top itself; when the zone holds too few, they go to its bottom), together in " \
           "the same order." in words
    assert "as the 16th counted from the bottom" in words


@pytest.mark.parametrize("body, found", [
    ('move kitten to deck at "two" from top;', [("E671", 1, 24)]),
    ("move kitten to deck at 0 from bottom;", [("E671", 1, 24)]),
    ("move kitten to deck at -1 from top;", [("E671", 1, 24)]),
    ("move all of pile to deck at kitten from top;", [("E671", 1, 29)]),
    ("move kitten to deck at 3 from top; shuffle deck;", [("W654", 1, 24)]),
    ("move all of pile to deck at 2 from bottom; draw 1 from deck to pile; shuffle deck;", [("W654", 1, 29)]),
])
def test_misuse_is_positioned(body, found):
    lines = TABLE.count("\n")
    assert [f for f in found_at(TABLE + f"proc p() {{ {body} }}") if f[0] not in ("W401", "W555")] == \
        [(code, line + lines, col + len("proc p() { ")) for code, line, col in found]


def test_a_shuffle_before_the_depth_is_no_misuse():
    # Pandemic's split piles, one at a time: the epidemic shuffled in, then the pile put on (no W654)
    found = found_at(TABLE + "proc p() { shuffle deck; move kitten to deck at 3 from top; shuffle pile; }")
    assert not [f for f in found if f[0] == "W654"]


def test_an_end_written_twice_is_refused_where_the_depth_stands():
    caught = parse_error(TABLE + "proc p() { move kitten to top of deck at 2 from top; }")
    assert caught.code == "E671" and caught.span.column == len("proc p() { move kitten to top of deck ") + 1
    assert "at 2 from top" in caught.hint or "at N from top" in caught.hint


def test_a_players_own_deck_takes_a_card_at_a_depth():
    # Dominion-like (a house rule): put a card from your hand into your deck, 2nd from the top
    from .conftest import both_built
    text = TABLE + "zone own per_player of card secret;\n" \
                   "proc p() { fill deck with card where it != kitten; draw 4 from deck to own; draw 1 from deck to hand; " \
                   "move first(hand) to own at 2 from top; }"
    for built in both_built(text):
        game = Game(built, 2, 1)
        run_proc(game, "p")
        p1 = game.state.players[0]
        assert [e.fields["value"] for e in game.zone(p1, "own").items] == [1, 5, 2, 3, 4]
        assert game.zone(p1, "hand").items == []
