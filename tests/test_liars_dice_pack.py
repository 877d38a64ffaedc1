"""tests/packs/liars_dice: Liar's Dice written by a designer new to the language (the session's trial5): five
dice a player kept as pieces in a hidden cup, bids as a record over its ranges (`record bid { quantity: 1..30;
face: 2..6; }`), ones wild, the call, the loser losing a die and starting the next round; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends

PACK = str(Path(__file__).parent / "packs" / "liars_dice")


program = pack_program(PACK)


def rolled(program, faces: list[list[int]]):
    """A game at its first bid, each player's dice turned to the faces given (the roll is the seed's)."""
    game = Game(program, len(faces), 1)
    first = game.start()
    for p, shown in zip(game.state.players, faces):
        for die, face in zip(game.zone(p, "cup").items, shown):
            game.set_field(die, "shows", face)
    return game, first


def dice(game: Game) -> list[int]:
    return [len(game.zone(p, "cup").items) for p in game.state.players]


# P1 shows 1 1 3 4 5 and P2 2 4 6 6 4: four dice show a 4 or a one... five, with the two ones wild
FACES = [[1, 1, 3, 4, 5], [2, 4, 6, 6, 4]]


def test_ones_are_wild_so_a_bid_of_five_fours_holds_and_the_caller_loses_a_die(program):
    game, first = rolled(program, FACES)
    assert first.player.name == "P1" and first.prompt == "bid?"
    called = game.apply("5 dice showing 4")
    assert called.player.name == "P2" and "call liar" in called.options
    game.apply("call liar")
    assert dice(game) == [5, 4]


def test_a_bid_of_six_fours_is_a_lie_and_the_bidder_loses_a_die_then_starts_the_next_round(program):
    game, _ = rolled(program, FACES)
    game.apply("6 dice showing 4")
    nxt = game.apply("call liar")
    assert dice(game) == [4, 5]
    assert nxt.player.name == "P1" and nxt.prompt == "bid?" and "call liar" not in nxt.options


def test_each_bid_is_higher_more_dice_or_as_many_of_a_higher_face(program):
    game, first = rolled(program, FACES)
    assert "call liar" not in first.options   # the first bid cannot be called: there is none
    assert "1 dice showing 1" not in first.options and "1 dice showing 2" in first.options   # ones are never bid
    assert "11 dice showing 2" not in first.options   # no more dice than there are on the table
    after = game.apply("3 dice showing 5")
    assert "3 dice showing 5" not in after.options and "3 dice showing 4" not in after.options
    assert "3 dice showing 6" in after.options and "4 dice showing 2" in after.options


@pytest.mark.parametrize("players", [2, 3, 6])
def test_random_games_end_with_one_player_holding_dice_and_agree_on_both_backends(players):
    for game, result in played_on_both_backends(PACK, players, 3):
        held = [len(game.zone(p, "cup").items) for p in game.state.players]
        lost = [len(game.zone(p, "lost").items) for p in game.state.players]
        assert sorted(held)[:-1] == [0] * (players - 1) and 1 <= max(held) <= 5
        assert [h + l for h, l in zip(held, lost)] == [5] * players
        assert result["winners"] == [p.name for p in game.state.players if p not in game.state.out]
