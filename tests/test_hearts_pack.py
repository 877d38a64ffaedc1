"""tests/packs/hearts: Hearts written by a designer new to the language (trial12), with pagat's rules as
assertions: the three cards passed left, right, across and not at all, in secret; the two of clubs leading;
no points on the first trick; hearts broken; the queen of spades; shooting the moon; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import answer_by_prompt, pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "hearts")


program = pack_program(PACK)


def card(program, suit: str, rank: int):
    """The card of a suit and rank."""
    return next(e for e in program.entities.values()
                if e.kind == "card" and e.fields["suit"] == suit and e.fields["rank"] == rank)


def dealt(program, hands: list[list[tuple[str, int]]]) -> Game:
    """A game whose deck holds every card, each player holding the cards listed."""
    game = Game(program, 4, 1)
    deck = game.zone(None, "deck")
    for entity in program.entities.values():
        if entity.kind == "card":
            game.move(entity, deck)
    for p, cards in zip(game.state.players, hands):
        for suit, rank in cards:
            game.move(card(program, suit, rank), game.zone(p, "hand"))
    return game


def hand(game: Game, player: int) -> set:
    return {(c.fields["suit"], c.fields["rank"]) for c in game.zone(game.state.players[player], "hand").items}


def offered(game: Game, player: int, first_card: bool) -> set:
    """The cards `player` may play (to lead when `first_card`), as the pick offers them."""
    you = game.state.players[player]
    asked = answer_by_prompt(game.program.procs["play_card"](game, you, first_card), {}, with_forced=True)
    for c in list(game.zone(None, "trick").items):   # the card played goes back: only the offer is looked at
        game.move(c, game.zone(you, "hand"))
    return set(asked[0].options)


@pytest.mark.parametrize("hands_played, receiver", [(0, 1), (1, 3), (2, 2), (4, 1)])
def test_three_cards_pass_left_then_right_then_across(program, hands_played, receiver):
    game = dealt(program, [[], [], [], []])
    game.state.globals["hands_played"] = hands_played
    run_proc(game, "deal")
    before = [hand(game, i) for i in range(4)]
    answer_by_prompt(game.program.procs["pass_cards"](game, game.state.players[0]), {})
    given = before[0] - hand(game, 0)
    assert len(given) == 3 and given <= hand(game, receiver)
    assert all(len(hand(game, i)) == 13 for i in range(4))


def test_the_fourth_hand_passes_nothing(program):
    game = dealt(program, [[], [], [], []])
    game.state.globals["hands_played"] = 3
    run_proc(game, "deal")
    before = [hand(game, i) for i in range(4)]
    asked = answer_by_prompt(game.program.procs["pass_cards"](game, game.state.players[0]), {})
    assert asked == [] and [hand(game, i) for i in range(4)] == before


def test_the_two_of_clubs_leads_the_first_trick(program):
    game = dealt(program, [[("clubs", 2), ("hearts", 5), ("spades", 9)], [], [], []])
    assert offered(game, 0, True) == {"2 of Clubs"}


def test_no_points_on_the_first_trick_unless_nothing_else_is_held(program):
    # void in clubs on the first trick: a heart and the queen of spades may not be discarded...
    game = dealt(program, [[("clubs", 2)], [("hearts", 5), ("spades", 12), ("diamonds", 3)], [], []])
    game.state.gvars["led"] = "clubs"
    assert offered(game, 1, False) == {"3 of Diamonds"}
    # ...unless the hand holds nothing else
    game = dealt(program, [[("clubs", 2)], [("hearts", 5), ("spades", 12)], [], []])
    game.state.gvars["led"] = "clubs"
    assert offered(game, 1, False) == {"5 of Hearts", "Queen of Spades"}
    # after the first trick any card may be discarded
    game.state.gvars["first_trick"] = False
    game.move(card(program, "diamonds", 3), game.zone(game.state.players[1], "hand"))
    assert offered(game, 1, False) == {"5 of Hearts", "Queen of Spades", "3 of Diamonds"}


def test_hearts_are_not_led_until_broken_unless_the_leader_holds_only_hearts(program):
    game = dealt(program, [[("hearts", 5), ("spades", 9)], [], [], []])
    game.state.gvars["first_trick"] = False
    assert offered(game, 0, True) == {"9 of Spades"}
    game.state.gvars["broken"] = True
    assert offered(game, 0, True) == {"5 of Hearts", "9 of Spades"}
    game = dealt(program, [[("hearts", 5), ("hearts", 9)], [], [], []])
    game.state.gvars["first_trick"] = False
    assert offered(game, 0, True) == {"5 of Hearts", "9 of Hearts"}


def test_the_highest_of_the_suit_led_takes_the_trick_and_its_points(program):
    game = dealt(program, [[("diamonds", 4)], [("spades", 12)], [("diamonds", 11)], [("hearts", 14)]])
    game.state.gvars["first_trick"] = False
    game.state.gvars["leader"] = game.state.players[0]
    run_proc(game, "play_trick")
    p3 = game.state.players[2]
    assert game.state.gvars["leader"] is p3 and p3.stock["hand_points"] == 13 + 1
    assert game.state.gvars["broken"] is True


def test_the_pack_holds_26_points(program):
    game = Game(program, 4, 1)
    values = {(s, r): (1 if s == "hearts" else 13 if (s, r) == ("spades", 12) else 0)
              for s in ("clubs", "diamonds", "hearts", "spades") for r in range(2, 15)}
    assert sum(values.values()) == 26 and len(game.program.entities) >= 52


@pytest.mark.parametrize("taken, scored", [([26, 0, 0, 0], [0, 26, 26, 26]), ([13, 5, 8, 0], [13, 5, 8, 0])])
def test_shooting_the_moon_gives_26_to_everyone_else(program, taken, scored):
    game = Game(program, 4, 1)
    for p, n in zip(game.state.players, taken):
        p.stock["hand_points"] = n
    run_proc(game, "score_hand")
    assert [p.stock["score"] for p in game.state.players] == scored


@pytest.mark.parametrize("seed", range(3))
def test_random_games_end_at_100_and_agree_on_both_backends(seed):
    for game, result in played_on_both_backends(PACK, 4, seed):
        scores = [p.stock["score"] for p in game.state.players]
        assert max(scores) >= 100
        assert result["winners"] == [p.name for p in game.state.players if p.stock["score"] == min(scores)]
