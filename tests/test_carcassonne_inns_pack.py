"""tests/packs/carcassonne_inns: Inns & Cathedrals on the base Carcassonne pack (trial20): an inn doubles a finished
road and empties an unfinished one, a cathedral makes a finished city 3 a tile and an unfinished one nothing, the
big follower weighs two and goes home to its own supply, a sixth player; both backends alike, lint clean, fmt."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game
from rulebook.runtime.state import Record

from .conftest import pack_backends, played_on_both_backends, run_proc, write_pack

BASE = Path(__file__).parent / "packs" / "carcassonne"
PACK = Path(__file__).parent / "packs" / "carcassonne_inns"


@pytest.fixture(scope="module")
def backends(tmp_path_factory) -> dict:
    return pack_backends(tmp_path_factory, str(BASE), (str(PACK),))


@pytest.fixture(params=["compiled", "interpreted"])
def program(backends, request):
    return backends[request.param]


def cell(x: int, y: int) -> Record:
    return Record("cell", {"x": x, "y": y})


def lay(game: Game, x: int, y: int, tile: str, quarter: int = 0) -> None:
    game.state.gvars[f"laid[{x},{y}]"] = game.program.entities[tile]
    game.state.globals[f"quarter_of[{x},{y}]"] = quarter


def guard(game: Game, seat: int, x: int, y: int, side: str, big: bool = False) -> None:
    """A follower (or the big follower) of P`seat` on the `side` of the tile at x,y."""
    p = game.state.players[seat - 1]
    game.state.gvars[f"guard[{x},{y},{side}]"] = p
    if big:
        game.state.gvars[f"big[{x},{y},{side}]"] = True
        p.stock["big_followers"] -= 1
    else:
        p.stock["followers"] -= 1


def table(program, players: int = 2) -> Game:
    game = Game(program, players, 1)
    lay(game, 11, 11, "start")   # city north, road east and west, field south
    return game


def scores(game: Game) -> list[int]:
    return [p.stock["score"] for p in game.state.players]


def supply(game: Game) -> list[tuple[int, int]]:
    return [(p.stock["followers"], p.stock["big_followers"]) for p in game.state.players]


def test_an_inn_doubles_a_finished_road_and_empties_an_unfinished_one(program):
    game = table(program, 2)
    lay(game, 10, 11, "w_tile")          # a crossing at the west end
    lay(game, 12, 11, "ic_inn_road", 1)  # the inn's road, turned to run east-west
    guard(game, 1, 11, 11, "e")
    run_proc(game, "score_unfinished")   # open to the east: an inn's road scores nothing at the end
    assert scores(game) == [0, 0] and supply(game)[0] == (7, 1)
    lay(game, 13, 11, "w_tile")
    guard(game, 1, 11, 11, "e")
    run_proc(game, "score_finished", cell(13, 11))
    assert scores(game) == [2 * 4, 0]    # four tiles, 2 each


def city_round_a_cathedral(game: Game) -> None:
    lay(game, 11, 10, "ic_cathedral")   # the start tile's city runs north into the cathedral
    lay(game, 10, 10, "e_tile", 1)      # caps facing it from the west, the east ...
    lay(game, 12, 10, "e_tile", 3)


def test_a_cathedral_makes_a_finished_city_three_a_tile_and_an_unfinished_one_nothing(program):
    game = table(program, 2)
    city_round_a_cathedral(game)
    guard(game, 1, 11, 11, "n")
    run_proc(game, "score_unfinished")   # open to the north
    assert scores(game) == [0, 0]
    lay(game, 11, 9, "e_tile", 2)        # ... and the north: five tiles, finished
    guard(game, 1, 11, 11, "n")
    run_proc(game, "score_finished", cell(11, 9))
    assert scores(game) == [3 * 5, 0]


def test_the_big_follower_weighs_two_and_goes_back_to_its_own_supply(program):
    game = table(program, 3)
    city_round_a_cathedral(game)
    lay(game, 11, 9, "e_tile", 2)
    guard(game, 1, 11, 11, "n", big=True)
    guard(game, 2, 10, 10, "e")
    guard(game, 2, 11, 9, "s")
    guard(game, 3, 12, 10, "w")
    run_proc(game, "score_finished", cell(11, 9))
    assert scores(game) == [15, 15, 0]   # the big follower ties two followers; one follower loses
    assert supply(game) == [(7, 1), (7, 1), (7, 1)]
    assert not any(v for k, v in game.state.gvars.items() if k.startswith("big["))


def test_the_big_follower_is_placed_instead_of_a_follower_once(program):
    game = table(program, 2)
    lay(game, 12, 11, "ic_inn_road", 1)
    asked = run_proc(game, "place_follower", cell(12, 11), answers=["the big follower", 0])
    assert asked[0].prompt == "which follower?" and supply(game)[0] == (7, 0)
    assert game.state.gvars["big[12,11,e]"] is True or game.state.gvars["big[12,11,w]"] is True
    lay(game, 11, 12, "b_tile")
    asked = run_proc(game, "place_follower", cell(11, 12), answers=[0])   # the big one is out: the base's pick
    assert [d.prompt for d in asked] == ["put a follower on"] and supply(game)[0] == (6, 0)


@pytest.mark.parametrize("players, seed, decisions", [(6, 1, 60), (2, 2, 60)])
def test_random_games_agree_on_both_backends(tmp_path, players, seed, decisions):
    stacked = write_pack(tmp_path / "stacked", "", name="stacked", extends=[str(PACK.resolve())])
    for game, _ in played_on_both_backends(stacked, players, seed, decisions):
        assert len(game.state.players) == players
        placed = len(game.state.zones["table"])
        assert placed + len(game.state.zones["discarded"]) + len(game.state.zones["bag"]) == 72 + 16
        out = sum(1 for k, v in game.state.gvars.items() if k.startswith("guard[") and v is not None)
        home = sum(f + b for f, b in supply(game))
        assert home + out == 8 * players   # seven followers and the big one each, home or out
