"""tests/packs/kingdom_builder: Kingdom Builder written by a designer new to the language (trial14): settlements on
the terrain of the card, next to one's own when one can; location tiles taken by building next to them and their
extra builds (from the next turn); the Kingdom Builder cards and castles scored; the round played out after a
player's last settlement; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game
from rulebook.runtime.state import Record

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "kingdom_builder")


program = pack_program(PACK)


def hexes(*qr) -> list[Record]:
    return [Record("hex", {"q": q, "r": r}) for q, r in qr]


def where(found) -> list[tuple[int, int]]:
    return [(h.fields["q"], h.fields["r"]) for h in found]


def settle(game: Game, seat: int, *qr) -> None:
    for q, r in qr:
        game.state.gvars[f"owner[{q},{r}]"] = game.state.players[seat - 1]


def func(game: Game, name: str, *args, seat: int = 1):
    return game.program.funcs[name](game, game.state.players[seat - 1], *args)


def holding(game: Game, seat: int, card: str) -> None:
    """P`seat`'s terrain card is the first copy of `card`."""
    p = game.state.players[seat - 1]
    hand = game.zone(p, "hand")
    for c in list(hand.items):
        game.move(c, game.zone(None, "discard"))
    game.move(game.program.entities[card], hand)


def test_the_setup_deals_a_terrain_card_each_and_three_kingdom_builder_cards(program):
    game = Game(program, 3, 1)
    game.start()
    assert len(game.zone(None, "builders").items) == 3
    assert [len(game.zone(p, "hand").items) for p in game.state.players] == [1, 1, 1]
    assert len(game.zone(None, "deck").items) == 25 - 3
    assert [game.state.globals[f"tiles_left[{q},{r}]"] for q, r in [(5, 2), (2, 8), (9, 3), (6, 9)]] == [2] * 4


def test_a_settlement_goes_next_to_ones_own_when_it_can(program):
    game = Game(program, 2, 1)
    settle(game, 1, (3, 5))   # desert; beside it: desert at 4,4 4,5 and 2,6, forest and flowers
    offered = where(func(game, "builds", func(game, "of_land", "de")))
    assert offered == [(2, 6), (4, 4), (4, 5)]
    settle(game, 2, (2, 6), (4, 4), (4, 5))   # the other player took them: any free desert hex
    offered = where(func(game, "builds", func(game, "of_land", "de")))
    assert (2, 6) not in offered and len(offered) == 14 - 4


def test_building_next_to_a_location_takes_one_tile_used_from_the_next_turn(program):
    game = Game(program, 2, 1)
    game.state.globals["tiles_left[5,2]"] = 2   # the Oracle's two tiles, as the setup lays them
    settle(game, 1, (4, 2))   # forest beside the Oracle at 5,2
    run_proc(game, "build_on", hexes((5, 3)))   # grassland beside the Oracle too: its tile
    p1 = game.state.players[0]
    assert p1.stock["tiles[or_site]"] == 1 and game.state.globals["tiles_left[5,2]"] == 1
    assert not func(game, "usable", "or_site")   # taken this turn
    run_proc(game, "build_on", hexes((6, 2)))   # beside it again: no second tile from the same hex
    assert p1.stock["tiles[or_site]"] == 1 and game.state.globals["tiles_left[5,2]"] == 1
    p1.stock["fresh[or_site]"] = 0   # the next turn
    assert func(game, "usable", "or_site")


def test_the_oracle_builds_once_more_on_the_cards_terrain(program):
    game = Game(program, 2, 1)
    holding(game, 1, "desert_card")
    settle(game, 1, (3, 5))
    p1 = game.state.players[0]
    p1.stock["tiles[or_site]"] = 1
    run_proc(game, "use_tile", "or_site", answers=["4,4"])
    assert game.state.gvars["owner[4,4]"] is p1 and p1.stock["settlements"] == 11
    assert not func(game, "usable", "or_site")   # once a turn


@pytest.mark.parametrize("card, settlements, points", [
    ("fishermen", [(7, 2), (8, 5), (1, 1)], 2),        # 7,2 and 8,5 lie beside water
    ("miners", [(5, 1), (2, 2), (6, 6)], 2),            # beside a mountain: 5,1 (4,1) and 2,2 (1,2)
    ("workers", [(4, 2), (4, 3), (6, 6)], 2),           # beside the Oracle, beside the castle at 3,3
    ("knights", [(1, 5), (2, 5), (3, 5), (1, 7)], 6),   # three in row 5
    ("discoverers", [(1, 5), (2, 5), (1, 7)], 2),       # rows 5 and 7
    ("citizens", [(1, 5), (2, 5), (3, 5), (1, 7), (8, 8)], 1),   # the largest group is 3: 1 gold
    ("hermits", [(1, 5), (2, 5), (3, 5), (1, 7), (8, 8)], 3),    # three groups
])
def test_each_kingdom_builder_card_scores_by_its_own_rule(program, card, settlements, points):
    game = Game(program, 2, 1)
    settle(game, 1, *settlements)
    assert func(game, "builder_points", game.program.entities[card], game.state.players[0]) == points


def test_each_castle_next_to_a_settlement_is_worth_three(program):
    game = Game(program, 2, 1)
    settle(game, 1, (3, 2), (4, 3), (8, 8))   # two beside the castle at 3,3 (it counts once), one beside 8,7
    settle(game, 2, (2, 3))
    assert func(game, "castle_points", game.state.players[0]) == 6
    assert func(game, "castle_points", game.state.players[1]) == 3


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_random_games_play_the_round_out_and_agree_on_both_backends(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        left = [p.stock["settlements"] for p in game.state.players]
        assert 0 in left and result["reason"] == "a player built their last settlement"
