"""tests/packs/ra: Ra written by a designer new to the language (branch trial21), with the rulebook's cases as
assertions: the sun auction (each from the caller's left, the caller last, one's own sun above the standing
bid; the winner's sun becomes the middle sun and the old middle sun is theirs face down), the caller of Ra
bidding when nobody did, disasters, and an epoch's scoring (pharaohs, Nile and floods, civilizations, gods,
gold) and the game's end (suns, monuments); both backends alike, lint clean and `fmt` stable."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import drive, pack_program, played_on_both_backends, run_proc

PACK = Path(__file__).parent / "packs" / "ra"


program = pack_program(PACK)


def started(program, players: int = 3) -> Game:
    game = Game(program, players, 1)
    run_proc(game, "deal_suns")
    return game


def test_three_players_hold_the_rulebooks_suns(program):
    game = started(program)
    assert [p.vars["suns_up"] for p in game.state.players] == [[13, 8, 5, 2], [12, 9, 6, 3], [11, 10, 7, 4]]
    assert [p.vars["suns_up"] for p in started(program, 4).state.players][3] == [10, 9, 5]


def test_the_winner_of_an_auction_swaps_their_sun_for_the_middle_one_and_takes_the_lot(program):
    game = started(program)
    game.move(game.program.entities["pharaoh_tile"], game.zone(None, "auction_track"))
    # P1 calls Ra: P2 bids 9, P3 passes, P1 (last) outbids with 13.
    drive(game, game.program.procs["auction"](game, game.state.players[0], game.state.players[0], True),
          ["9", "pass", "13"])
    p1 = game.state.players[0]
    assert p1.vars["suns_up"] == [8, 5, 2] and p1.vars["suns_down"] == [1]
    assert game.state.globals["middle_sun"] == 13
    assert [t.name for t in game.zone(p1, "taken").items] == ["pharaoh_tile"]


def test_the_player_who_called_ra_must_bid_when_nobody_did(program):
    game = started(program)
    game.move(game.program.entities["gold_tile"], game.zone(None, "auction_track"))
    asked = drive(game, game.program.procs["auction"](game, game.state.players[0], game.state.players[0], True),
                  ["pass", "pass", "pass", "2"])
    # asked in the auction (and passed, as everyone), then made to bid one of their suns, without a pass
    assert asked[-2].options == ["pass", "2", "5", "8", "13"]
    assert "pass" not in asked[-1].options and asked[-1].options == ["13", "8", "5", "2"]
    assert game.state.globals["middle_sun"] == 2


def test_a_funeral_discards_two_pharaohs(program):
    game = started(program)
    for name in ("pharaoh_tile", "pharaoh_tile#2", "pharaoh_tile#3", "funeral"):
        game.move(game.program.entities[name], game.zone(None, "auction_track"))
    run_proc(game, "win_lot", 8)
    assert [t.name for t in game.zone(game.state.players[0], "taken").items] == ["pharaoh_tile#3"]


def test_an_epoch_scores_pharaohs_nile_civilizations_gods_and_gold(program):
    game = started(program)
    p1, p2, p3 = (game.zone(p, "taken") for p in game.state.players)
    tiles = game.program.entities
    for name in ("pharaoh_tile", "pharaoh_tile#2", "nile_tile", "nile_tile#2", "flood_tile", "astronomy",
                 "writing", "art", "god_tile", "gold_tile"):
        game.move(tiles[name], p1)
    for name in ("pharaoh_tile#3", "nile_tile#3", "nile_tile#4"):   # Nile without a flood scores nothing
        game.move(tiles[name], p2)
    run_proc(game, "score_epoch")
    # P1: 10 + 5 (most pharaohs) + 3 (2 Nile, 1 flood) + 5 (3 civilizations) + 2 (god) + 3 (gold) = 28;
    # P2: 10 - 5 (no civilization); P3: 10 - 2 (fewest pharaohs) - 5 = 3.
    assert [p.stock["vp"] for p in game.state.players] == [28, 5, 3]
    assert sorted(t.name for t in p1.items) == ["nile_tile", "nile_tile#2", "pharaoh_tile", "pharaoh_tile#2"]


def test_the_end_scores_suns_and_monuments(program):
    game = started(program)
    tiles = game.program.entities
    for name in ("pyramid", "pyramid#2", "pyramid#3", "sphinx", "temple"):
        game.move(tiles[name], game.zone(game.state.players[1], "taken"))
    run_proc(game, "score_end")
    # Sun totals 28, 30, 32: P3 +5, P1 -5; P2's monuments: 3 sorts (3) and three pyramids (5).
    assert [p.stock["vp"] for p in game.state.players] == [5, 18, 15]


@pytest.mark.parametrize("players, seed", [(3, 1), (4, 2)])
def test_random_games_agree_on_both_backends(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        assert len(game.zone(None, "ra_track").items) == 0
