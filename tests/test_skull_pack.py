"""tests/packs/skull: Skull written by a designer new to the language (the session's trial5): discs of a
`per_player` kind laid face down, the bid as an `auction ... opened by you open up to discs_laid()`, the
challenger's own stack first, a skull costing a disc (at random, or of the challenger's choice on their own
skull); both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends

PACK = str(Path(__file__).parent / "packs" / "skull")


program = pack_program(PACK)


def laid(program, discs: list[str]):
    """A three-player game where each player has laid the disc named, P1 to decide next."""
    game = Game(program, 3, 1)
    game.start()
    for disc in discs:
        d = game.apply(disc)
    assert d.player.name == "P1" and d.prompt == "add a disc or start a bid?"
    return game


def discs(game: Game, zone: str) -> list[int]:
    return [len(game.zone(p, zone).items) for p in game.state.players]


def points(game: Game) -> list[int]:
    return [p.stock["points"] for p in game.state.players]


FLOWER = "Flower (1 of 3)"


def test_a_bid_goes_up_to_the_discs_on_the_mats_and_turning_over_all_flowers_scores_a_point(program):
    game = laid(program, [FLOWER, FLOWER, FLOWER])
    bid = game.apply("start a bid")
    assert bid.options == ["1", "2", "3"]   # the opener may not pass, nor bid past the three discs laid
    game.apply("1")
    raised = game.apply("3")   # P2 raises to every disc on the mats: the bidding is over, P3 is not asked
    assert raised.prompt == "turn over whose top disc?" and raised.player.name == "P2"
    assert discs(game, "shown") == [0, 1, 0]   # the challenger's own stack first
    nxt = game.apply("P1")   # then P3's, the only stack left: taken without asking
    assert discs(game, "shown") == [0, 0, 0] and points(game) == [0, 1, 0]   # a point; the discs are back in hand
    assert nxt.prompt == "lay which disc?" and discs(game, "hand") == [4, 4, 4]


def test_a_skull_of_another_costs_the_challenger_a_disc_at_random_and_the_challenger_starts_again(program):
    game = laid(program, [FLOWER, "Skull", FLOWER])
    game.apply("start a bid")
    game.apply("2")
    game.apply("pass")
    nxt = game.apply("pass")
    assert nxt.prompt == "turn over whose top disc?"
    after = game.apply("P2")   # P1's flower, then P2's skull
    assert discs(game, "lost") == [1, 0, 0] and points(game) == [0, 0, 0]
    assert discs(game, "hand") == [3, 4, 4] and discs(game, "mat") == [0, 0, 0]
    assert after.prompt == "lay which disc?" and after.player.name == "P1"


def test_ones_own_skull_is_turned_over_first_and_its_owner_chooses_the_disc_lost(program):
    game = laid(program, ["Skull", FLOWER, FLOWER])
    game.apply("start a bid")
    chosen = game.apply("3")   # nobody can raise: P1 turns over their own skull at once
    assert chosen.player.name == "P1" and chosen.prompt == "lose which disc?"
    assert chosen.options == ["Flower (1 of 3)", "Flower (2 of 3)", "Flower (3 of 3)", "Skull"]
    game.apply("Skull")
    assert [d.name for d in game.zone(game.state.players[0], "lost").items] == ["skull_disc"]
    assert discs(game, "hand") == [3, 4, 4]


@pytest.mark.parametrize("players", [3, 4, 6])
def test_random_games_keep_four_discs_a_player_and_agree_on_both_backends(players):
    for game, result in played_on_both_backends(PACK, players, 5):
        zones = ("hand", "mat", "shown", "lost")
        assert [sum(len(game.zone(p, z).items) for z in zones) for p in game.state.players] == [4] * players
        alive = [p for p in game.state.players if p not in game.state.out]
        assert len(alive) == 1 or max(p.stock["points"] for p in alive) == 2
        assert all(len(game.zone(p, "lost").items) == 4 for p in game.state.out)


def test_a_disc_turned_over_on_another_mat_is_shown_to_all_and_the_challengers_own_copy_stays_hidden(program):
    """`reveal d;` of a disc taken from another player's stack (`first(owner.mat)`) shows that player's copy: it
    showed the challenger's own copy of the same disc, in their hand, before (a per_player copy lost its owner)."""
    game = Game(program, 4, 1)
    game.start()
    for disc in [FLOWER] * 4 + ["start a bid", "4"]:
        game.apply(disc)
    asked = game.apply("P2")   # P1's own flower, then P2's top disc
    assert asked.options == ["P3", "P4"]
    state, seats = game.state, {0, 1, 2, 3}
    shown = game.zone(state.players[1], "shown").items
    assert len(shown) == 1 and state.known.get(shown[0].key) == seats
    mine = game.zone(state.players[0], "hand").items
    assert not any(state.known.get(d.key) for d in mine)   # P1's flowers in hand: nobody else learnt them
