"""tests/packs/power_grid: Power Grid written by a designer new to the language: the resource market's
rising prices, the payment table, a city joined along the cheapest path of the map, the turn order, a
hybrid plant's fuel; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "power_grid")


program = pack_program(PACK)


def value(game: Game, name: str, *args, player: int = 0):
    return game.program.funcs[name](game, game.state.players[player], *args)


def test_the_market_sells_the_cheapest_unit_left(program):
    game = Game(program, 3, 1)
    game.start()
    prices = {}
    for fuel, left in [("coal", 24), ("coal", 21), ("coal", 1), ("uranium", 12), ("uranium", 4), ("uranium", 1)]:
        game.state.globals[f"market[{fuel}]"] = left
        prices[fuel, left] = value(game, "price", fuel)
    # coal three a space from 1 to 8; uranium 1 to 8, then 10, 12, 14, 16 on the dearest spaces
    assert prices == {("coal", 24): 1, ("coal", 21): 2, ("coal", 1): 8,
                      ("uranium", 12): 1, ("uranium", 4): 10, ("uranium", 1): 16}


def test_the_payment_table_and_its_ceiling(program):
    game = Game(program, 3, 1)
    assert [value(game, "payment", n) for n in (0, 1, 3, 10, 20, 25)] == [10, 22, 44, 105, 150, 150]


def test_a_new_city_costs_its_house_and_the_cheapest_path_from_the_network(program):
    game = Game(program, 3, 1)
    game.start()
    you = game.state.players[0]
    assert value(game, "build_cost", "rostock") == 10   # the first city: the house alone
    you.stock["owns[hamburg]"] = 1
    # Hamburg to Rostock: by Cuxhaven 3 + 12, by Schwerin 3 + 3
    assert value(game, "build_cost", "rostock") == 10 + 6
    game.state.globals["houses[rostock]"] = 1   # the second house of a city costs 15
    assert value(game, "build_cost", "rostock") == 15 + 6


def test_the_turn_order_is_most_cities_then_the_biggest_plant(program):
    game = Game(program, 3, 1)
    game.start()
    p1, p2, p3 = game.state.players
    p2.stock["owns[kiel]"] = 1
    p3.stock["owns[berlin]"] = 1
    game.move(game.program.entities["p07"], game.zone(p2, "plants"))
    game.move(game.program.entities["p10"], game.zone(p3, "plants"))
    assert [p.name for p in value(game, "turn_order")] == ["P3", "P2", "P1"]


def test_a_hybrid_plant_burns_coal_first_then_oil(program):
    game = Game(program, 3, 1)
    game.start()
    you = game.state.players[0]
    you.stock["stock[coal]"], you.stock["stock[oil]"] = 1, 3
    run_proc(game, "fire", game.program.entities["p05"])
    assert (you.stock["stock[coal]"], you.stock["stock[oil]"]) == (0, 2)


def test_in_the_first_round_every_player_buys_a_plant_from_the_four_cheapest(program):
    game = Game(program, 3, 1)
    first = game.start()
    assert first.prompt == "put which plant up for auction?"
    assert first.options == ["Plant 3", "Plant 4", "Plant 5", "Plant 6"]   # no 'none' yet


@pytest.mark.parametrize("players, seed", [(2, 1), (4, 2)])
def test_random_games_end_at_the_cities_and_agree_on_both_backends(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        cities = [sum(v for k, v in p.stock.items() if k.startswith("owns[")) for p in game.state.players]
        assert max(cities) >= {2: 21, 4: 17}[players]
