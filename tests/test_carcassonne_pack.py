"""tests/packs/carcassonne: Carcassonne written by a designer new to the language (trial14): 72 tiles, each laid
so every edge it touches matches, followers on roads, cities and monasteries (one per connected feature), the
features scored when finished and at the end by the majority (ties all score); both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game
from rulebook.runtime.state import Record

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "carcassonne")


program = pack_program(PACK)


def cell(x: int, y: int) -> Record:
    return Record("cell", {"x": x, "y": y})


def lay(game: Game, x: int, y: int, tile: str, quarter: int = 0) -> None:
    """A tile laid at x,y turned `quarter` quarter turns clockwise, as if played."""
    game.state.gvars[f"laid[{x},{y}]"] = game.program.entities[tile]
    game.state.globals[f"quarter_of[{x},{y}]"] = quarter


def guard(game: Game, seat: int, x: int, y: int, side: str) -> None:
    """A follower of P`seat` on the `side` (n, e, s, w, centre) of the tile at x,y."""
    p = game.state.players[seat - 1]
    game.state.gvars[f"guard[{x},{y},{side}]"] = p
    p.stock["followers"] -= 1


def table(program, players: int = 2) -> Game:
    """A new game with only the start tile laid, at 11,11 (city north, road east and west, field south)."""
    game = Game(program, players, 1)
    lay(game, 11, 11, "start")
    return game


def func(game: Game, name: str, *args):
    return game.program.funcs[name](game, game.state.players[0], *args)


def scores(game: Game) -> list[int]:
    return [p.stock["score"] for p in game.state.players]


def followers(game: Game) -> list[int]:
    return [p.stock["followers"] for p in game.state.players]


def test_the_bag_holds_the_base_games_72_tiles_with_the_start_tile_laid(program):
    game = Game(program, 2, 1)
    game.start()
    assert len(game.state.zones["bag"]) == 70 and len(game.state.zones["table"]) == 2   # the start and the one drawn
    assert str(game.state.gvars["laid[11,11]"]) == "<tile start>"


def test_a_tile_goes_only_where_every_edge_it_touches_matches(program):
    game = table(program, 2)
    fits = lambda x, y, tile, q: func(game, "fits", cell(x, y), game.program.entities[tile], q)
    # the start tile: city north, road east and west, field south
    assert fits(11, 10, "e_tile", 2) and not fits(11, 10, "e_tile", 0)   # a city cap turned to face the city
    assert fits(12, 11, "u_tile", 1) and not fits(12, 11, "u_tile", 0)   # a road turned to run on east-west
    assert not fits(11, 11, "u_tile", 1)                                  # never on a laid tile
    assert fits(11, 12, "b_tile", 0) and not fits(11, 10, "b_tile", 0)    # a monastery's fields meet the field only


def test_a_finished_road_scores_a_point_a_tile_and_its_follower_comes_home(program):
    game = table(program, 2)
    lay(game, 10, 11, "w_tile")   # a crossing at each end of the start tile's road
    lay(game, 12, 11, "w_tile")
    guard(game, 1, 11, 11, "e")
    run_proc(game, "score_finished", cell(12, 11))
    assert scores(game) == [3, 0] and followers(game) == [7, 7]
    assert game.state.gvars["guard[11,11,e]"] is None


def test_a_city_is_scored_by_the_majority_and_a_tie_scores_for_all(program):
    game = table(program, 3)
    lay(game, 11, 10, "g_tile")      # the start tile's city runs north through a city across ...
    lay(game, 11, 9, "e_tile", 2)    # ... to a cap: three tiles, finished, no pennant
    guard(game, 1, 11, 11, "n")
    guard(game, 2, 11, 9, "s")
    run_proc(game, "score_finished", cell(11, 9))
    assert scores(game) == [6, 6, 0] and followers(game) == [7, 7, 7]
    game = table(program, 3)
    lay(game, 11, 10, "g_tile")
    lay(game, 11, 9, "e_tile", 2)
    guard(game, 1, 11, 11, "n")
    guard(game, 1, 11, 10, "n")
    guard(game, 2, 11, 9, "s")
    run_proc(game, "score_finished", cell(11, 9))
    assert scores(game) == [6, 0, 0] and followers(game) == [7, 7, 7]   # every follower on it comes home


def test_a_pennant_is_worth_two_in_a_finished_city_and_one_at_the_end(program):
    game = table(program, 2)
    lay(game, 11, 10, "f_tile", 1)   # a city across with a pennant, turned to run north-south
    guard(game, 1, 11, 11, "n")
    run_proc(game, "score_unfinished")   # two tiles and a pennant, open to the north
    assert scores(game) == [3, 0]
    lay(game, 11, 9, "e_tile", 2)
    guard(game, 1, 11, 11, "n")
    run_proc(game, "score_finished", cell(11, 9))
    assert scores(game) == [3 + 2 * (3 + 1), 0]


def test_separate_city_caps_on_one_tile_are_two_cities(program):
    game = table(program, 2)
    lay(game, 11, 10, "i_tile", 3)   # two caps, south and west, that do not meet
    assert [s.fields["side"] for s in func(game, "free_spots", cell(11, 10))] == ["s", "w"]
    guard(game, 1, 11, 11, "n")
    assert [s.fields["side"] for s in func(game, "free_spots", cell(11, 10))] == ["w"]   # the south cap is taken


def test_a_monastery_scores_nine_when_surrounded_and_its_tiles_at_the_end(program):
    game = table(program, 2)
    lay(game, 11, 12, "b_tile")
    guard(game, 2, 11, 12, "centre")
    run_proc(game, "score_unfinished")   # itself and the start tile
    assert scores(game) == [0, 2]
    for x, y in [(10, 11), (12, 11), (10, 12), (12, 12), (10, 13), (11, 13)]:
        lay(game, x, y, "b_tile")
    guard(game, 2, 11, 12, "centre")
    lay(game, 12, 13, "b_tile")
    run_proc(game, "score_finished", cell(12, 13))
    assert scores(game) == [0, 2 + 9] and followers(game) == [7, 7]


@pytest.mark.parametrize("players, seed, decisions", [(2, 1, 40), (3, 2, 40), (5, 3, 40)])
def test_random_games_agree_on_both_backends(players, seed, decisions):
    for game, result in played_on_both_backends(PACK, players, seed, decisions):
        placed = len(game.state.zones["table"])   # laid, or drawn and being laid
        assert placed + len(game.state.zones["discarded"]) + len(game.state.zones["bag"]) == 72
        out = sum(1 for k, v in game.state.gvars.items() if k.startswith("guard[") and v is not None)
        assert sum(followers(game)) + out == 7 * players   # every follower at home or on a feature
