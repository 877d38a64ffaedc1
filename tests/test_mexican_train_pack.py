"""tests/packs/mexican_train: Mexican Train (a double-six set) written by a designer new to the language (the
session's trial30): the hub double and the deal, each player's train from the hub and the Mexican train (an
actor with a train of its own), the trains open to a player, a tile laid turned to match, the marker put on
a train by who cannot play and taken off when its owner plays on it, doubles satisfied before anything else,
a round per hub double and the pips left scored; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import func_for, pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "mexican_train")


program = pack_program(PACK)


def tile(game: Game, a: int, b: int):
    return game.program.entities[f"tile_{min(a, b)}_{max(a, b)}"]


def holding(program, hands: list[list[tuple]], players: int = 2, boneyard_top: tuple | None = None) -> Game:
    """A game at its first decision, each player's hand made the tiles given (the rest back in the boneyard)."""
    game = Game(program, players, 1)
    game.start()
    boneyard = game.zone(None, "boneyard")
    for p in game.state.players:
        for d in list(game.zone(p, "hand").items):
            game.move(d, boneyard)
    for p, hand in zip(game.state.players, hands):
        for a, b in hand:
            game.move(tile(game, a, b), game.zone(p, "hand"))
    if boneyard_top is not None:
        game.move(tile(game, *boneyard_top), boneyard, top=True)
    return game


def mexican(game: Game):
    return game.state.actors["mexican"]


def test_the_first_round_is_played_from_the_6_6_hub_and_each_player_is_dealt_by_the_player_count(program):
    for players, dealt in ((2, 8), (3, 7), (4, 6)):
        game = Game(program, players, 1)
        game.start()
        assert [d.label() for d in game.zone(None, "hub").items] == ["6-6"]
        assert [len(game.zone(p, "hand").items) for p in game.state.players] == [dealt] * players
        assert len(game.zone(None, "boneyard").items) == 27 - dealt * players
        assert all(p.stock["end_pips"] == 6 for p in game.state.players) and mexican(game).stock["end_pips"] == 6


def test_your_own_train_the_mexican_train_and_the_marked_trains_are_open_to_you(program):
    game = holding(program, [[(1, 2)], [(1, 3)], [(1, 4)]], players=3)
    you, p2, p3 = game.state.players
    assert func_for(game, "open_trains") == [you, mexican(game)]
    p3.vars["has_marker"] = True
    assert func_for(game, "open_trains") == [you, p3, mexican(game)]
    assert func_for(game, "open_trains", seat=1) == [p2, p3, mexican(game)]


def test_a_tile_is_laid_turned_to_match_the_open_end(program):
    game = holding(program, [[(2, 6), (2, 5)], [(0, 1)]])
    you = game.state.players[0]
    run_proc(game, "lay", tile(game, 2, 6), you)
    assert you.stock["end_pips"] == 2
    run_proc(game, "lay", tile(game, 2, 5), you)
    assert you.stock["end_pips"] == 5 and [d.label() for d in game.zone(you, "train").items] == ["2-6", "2-5"]


def test_who_cannot_play_draws_and_plays_the_tile_drawn_if_it_fits(program):
    game = holding(program, [[(0, 1)], [(0, 2)]], boneyard_top=(4, 6))
    you = game.state.players[0]
    run_proc(game, "turn", answers=["P1"])   # 4-6 fits the 6 of both trains open: P1's own chosen
    assert [d.label() for d in game.zone(you, "train").items] == ["4-6"] and you.stock["end_pips"] == 4
    assert you.vars.get("has_marker") in (None, False)


def test_who_still_cannot_play_puts_a_marker_on_their_train_which_opens_it_until_they_play_on_it(program):
    game = holding(program, [[(0, 1)], [(0, 6)]], boneyard_top=(1, 2))
    you, other = game.state.players
    run_proc(game, "turn")   # nothing fits the 6s, 1-2 drawn does not either
    assert you.vars["has_marker"] is True and len(game.zone(you, "hand").items) == 2
    assert you in func_for(game, "open_trains", seat=1)
    run_proc(game, "turn", player=1, answers=["P1"])   # the other plays 0-6 on P1's open train
    assert [d.label() for d in game.zone(you, "train").items] == ["0-6"] and you.stock["end_pips"] == 0
    run_proc(game, "turn")   # P1 plays 0-1 on their own train (the only fit): the marker comes off
    assert you.vars["has_marker"] is False and you not in func_for(game, "open_trains", seat=1)


def test_a_double_is_satisfied_before_anything_else_and_its_player_plays_again(program):
    game = holding(program, [[(3, 6), (3, 3), (3, 4), (0, 0)], [(3, 5), (6, 1)]])
    you, other = game.state.players
    run_proc(game, "turn", answers=["mexican"])   # 3-6, the only tile that fits a 6
    run_proc(game, "turn", player=1, answers=["1-6"])   # (3-5 would fit the Mexican train's 3)
    # P1 lays the double 3-3 on the Mexican train and must play again on it: 3-4, the only tile that fits
    run_proc(game, "turn", answers=["3-3"])
    assert [d.label() for d in game.zone(mexican(game), "train").items] == ["3-6", "3-3", "3-4"]
    assert game.state.gvars["owed"] is None and mexican(game).stock["end_pips"] == 4
    # a double left owed: every player's only open train is the one it stands on
    run_proc(game, "lay", tile(game, 1, 1), other, player=1)
    assert game.state.gvars["owed"] is other
    assert func_for(game, "open_trains") == [other] and func_for(game, "open_trains", seat=1) == [other]


def test_a_player_unable_to_satisfy_a_double_with_no_boneyard_left_marks_their_train(program):
    game = holding(program, [[(0, 0)], [(2, 5)]])
    game.move(tile(game, 4, 4), game.zone(mexican(game), "train"))
    mexican(game).stock["end_pips"] = 4
    game.state.gvars["owed"] = mexican(game)
    for d in list(game.zone(None, "boneyard").items):
        game.move(d, game.zone(None, "hub"))
    run_proc(game, "turn")
    assert game.state.players[0].vars["has_marker"] is True and game.state.globals["passes"] == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_play_seven_rounds_scoring_the_pips_left_and_agree_on_both_backends(players):
    for game, result in played_on_both_backends(PACK, players, 3):
        assert [d.label() for d in game.zone(None, "hub").items] == ["0-0"]   # the last round's hub
        left = [sum(d.fields["low"] + d.fields["high"] for d in game.zone(p, "hand").items)
                for p in game.state.players]
        pips = [p.stock.get("pips", 0) for p in game.state.players]
        assert all(total >= last for total, last in zip(pips, left))   # the last round's pips are in the total
        best = min(pips)
        assert result["winners"] == [p.name for p, n in zip(game.state.players, pips) if n == best]
