"""tests/packs/spades: Spades written by a designer new to the language, with the partnerships of the seats
line's `teams of 2 alternating`: the bids made and missed, bags and their penalty, nil, spades as trumps that
cannot be led until broken, following suit; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "spades")


program = pack_program(PACK)


def after_hand(program, bids: list[int], tricks: list[int], bags: int = 0) -> Game:
    """A game whose four players bid and took the tricks given, seat by seat, scored by each partnership
    (seats 1 and 3, 2 and 4) from `bags` bags each."""
    game = Game(program, 4, 1)
    for p, b, t in zip(game.state.players, bids, tricks):
        p.stock["bid"], p.stock["tricks"] = b, t
    game.state.globals["bags[1]"] = game.state.globals["bags[2]"] = bags
    for seat in (0, 1):
        run_proc(game, "score_partnership", player=seat)
    return game


def scores(game: Game) -> list[int]:
    return [game.state.globals["score[1]"], game.state.globals["score[2]"]]


def bags(game: Game) -> list[int]:
    return [game.state.globals["bags[1]"], game.state.globals["bags[2]"]]


def test_a_bid_made_scores_ten_a_trick_and_one_a_bag_and_a_bid_missed_loses_ten_a_trick(program):
    # seats 1 and 3 bid 4 + 3 and take 5 + 4 = 9: 70 and 2 bags; seats 2 and 4 bid 3 + 2 and take 2 + 2
    game = after_hand(program, [4, 3, 3, 2], [5, 2, 4, 2])
    assert scores(game) == [72, -50] and bags(game) == [2, 0]


def test_the_tenth_bag_costs_a_hundred_and_the_count_starts_again(program):
    game = after_hand(program, [4, 3, 3, 2], [5, 2, 4, 2], bags=8)   # 8 + 2 bags: ten
    assert scores(game) == [72 - 100, -50] and bags(game) == [0, 8]


def test_nil_made_scores_a_hundred_and_nil_missed_loses_a_hundred_its_tricks_being_bags(program):
    # seat 1 bids nil and takes none, partner bids 4 and takes 5: 100 + 40 + 1 bag
    # seat 2 bids nil and takes 2, which do not help seat 4's 3 (taken 6 - 2 ... 3 made): 30 + 0 - 100 + 2 bags
    game = after_hand(program, [0, 0, 4, 3], [0, 2, 5, 6])
    assert scores(game) == [141, 30 + 3 - 100 + 2] and bags(game) == [1, 5]


def dealt(program, hands: list[list[str]]) -> Game:
    game = Game(program, 4, 1)
    for p, names in zip(game.state.players, hands):
        for n in names:
            game.move(game.program.entities[n], game.zone(p, "hand"))
    game.state.gvars["leader"] = game.state.players[0]
    return game


def options(program, hand: list[str], broken: bool, led: str | None = None) -> list[str]:
    game = dealt(program, [hand, [], [], []])
    game.state.gvars["broken"] = broken
    if led:
        game.state.gvars["led"] = led
    gen = game.program.procs["play_card"](game, game.state.players[0], led is None)
    return next(gen).options


def test_spades_cannot_be_led_until_broken_unless_the_leader_holds_nothing_else(program):
    heart_and_spade = ["playing_hearts_4", "playing_spades_13"]
    assert options(program, heart_and_spade, broken=False) == ["4 of Hearts"]
    assert options(program, heart_and_spade, broken=True) == ["4 of Hearts", "King of Spades"]
    two_spades = ["playing_spades_2", "playing_spades_13"]
    assert options(program, two_spades, broken=False) == ["2 of Spades", "King of Spades"]


def test_a_player_follows_suit_if_able(program):
    assert options(program, ["playing_hearts_4", "playing_clubs_6", "playing_spades_13"], False, "clubs") == \
        ["6 of Clubs"]
    assert options(program, ["playing_hearts_4", "playing_spades_13"], False, "clubs") == \
        ["4 of Hearts", "King of Spades"]


def test_the_lowest_spade_beats_the_ace_of_the_suit_led_and_breaks_spades(program):
    game = dealt(program, [["playing_clubs_14"], ["playing_clubs_3"], ["playing_spades_2"], ["playing_diamonds_14"]])
    run_proc(game, "play_trick")
    assert [p.stock["tricks"] for p in game.state.players] == [0, 0, 1, 0]
    assert game.state.gvars["broken"] is True and game.state.gvars["leader"].name == "P3"
    # an off-suit ace takes nothing
    game = dealt(program, [["playing_clubs_6"], ["playing_clubs_3"], ["playing_hearts_14"], ["playing_clubs_14"]])
    run_proc(game, "play_trick")
    assert [p.stock["tricks"] for p in game.state.players] == [0, 0, 0, 1]


@pytest.mark.parametrize("seed", range(3))
def test_random_games_end_past_500_or_minus_200_and_agree_on_both_backends(seed):
    for game, result in played_on_both_backends(PACK, 4, seed):
        s = scores(game)
        assert max(s) >= 500 or min(s) <= -200
        assert result["teams"] == {"P1": 1, "P2": 2, "P3": 1, "P4": 2} or result["teams"] == [1, 2, 1, 2]
