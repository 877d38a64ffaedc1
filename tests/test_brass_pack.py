"""tests/packs/brass: Brass: Lancashire's markets (the cheapest cube bought, the most expensive empty space
paid for a sale), an iron works selling its iron at once and flipping when empty, cotton sold through a
port flipping both tiles, turn order by money spent, the canal era's end, both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "brass")


program = pack_program(PACK)


def new_game(program, players: int = 2) -> Game:
    game = Game(program, players, 1)
    run_proc(game, "setup_game")
    return game


def func(game: Game, name: str, *args, seat: int = 0):
    return game.program.funcs[name](game, game.state.players[seat], *args)


def test_the_coal_market_sells_its_cheapest_cube_and_buys_into_its_dearest_empty_space(program):
    game = new_game(program)
    g = game.state.globals
    assert (g["market[coal]"], func(game, "price", "coal"), func(game, "sale", "coal")) == (7, 1, 1)
    g["market[coal]"] = 4
    assert (func(game, "price", "coal"), func(game, "sale", "coal")) == (3, 2)
    g["market[coal]"] = 0
    assert func(game, "price", "coal") == 5


def test_an_iron_works_sells_its_iron_at_once_and_flips_when_empty(program):
    game = new_game(program)
    you = game.state.players[0]
    game.state.globals["market[iron]"] = 5
    run_proc(game, "build", answers=["Wigan", "Iron works"])
    g = game.state.globals
    # level 1 costs 5 and a coal bought at 1; 3 of its 4 iron sold for 2 + 1 + 1
    assert you.stock["money"] == 30 - 5 - 1 + 4
    assert g["market[iron]"] == 8 and g["cubes[wigan,iron]"] == 1
    assert not game.state.gvars.get("flipped[wigan,iron]") and you.stock.get("income", 0) == 0
    g["market[iron]"] = 0
    run_proc(game, "sell_to_market", "wigan", "iron")
    assert game.state.gvars["flipped[wigan,iron]"] is True and you.stock["income"] == 3


def test_cotton_sold_through_a_port_flips_the_mill_and_the_port(program):
    game = new_game(program)
    you, other = game.state.players
    run_proc(game, "build", answers=["Lancaster", "Cotton mill"])
    run_proc(game, "build", player=1, answers=["Preston", "Port"])
    run_proc(game, "build_link")   # the one link at Lancaster, taken without asking
    run_proc(game, "sell_cotton", answers=["through a port"])
    assert game.state.gvars["flipped[lancaster,cotton]"] and game.state.gvars["flipped[preston,port]"]
    assert you.stock["income"] == 5 and other.stock["income"] == 3


def test_the_next_round_is_played_by_money_spent_least_first(program):
    game = new_game(program, 3)
    p1, p2, p3 = game.state.players
    p1.stock["spent"], p2.stock["spent"], p3.stock["spent"] = 9, 3, 3
    game.state.gvars["order"] = [p1, p2, p3]
    run_proc(game, "reorder")
    assert game.state.gvars["order"] == [p2, p3, p1]


def test_the_canal_era_ends_taking_its_links_and_level_one_tiles(program):
    game = new_game(program)
    run_proc(game, "build", answers=["Lancaster", "Cotton mill"])
    run_proc(game, "build_link")   # the one link at Lancaster, taken without asking
    run_proc(game, "end_canal_era")
    gv = game.state.gvars
    assert gv.get("owner[lancaster,cotton]") is None and gv.get("link_owner[lancaster_preston]") is None
    assert game.state.globals["era"] == 2


@pytest.mark.parametrize("players,seed", [(2, 1), (4, 3)])
def test_random_games_agree_on_both_backends(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        assert result["winners"] and game.state.globals["era"] == 2
