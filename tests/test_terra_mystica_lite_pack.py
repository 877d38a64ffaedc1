"""tests/packs/terra_mystica_lite: Terra Mystica, lite, two factions (the Witches, the Nomads) as roles
(branch trial28). The rulebook's cases: spades along the terrain cycle the shorter way round (the pack's
`steps_around`), power gained from bowl I to II before II to III and spent from III back to I, burning
power, the leech when a neighbour builds (power for VP, one VP less than the power), the trading house
cheaper next to an opponent, a town of four connected buildings of power value 7 (and the Witches' 5 VP
more), terraforming paid in workers, income, the final area scoring; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import compile_pack, interpret_pack
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game
from rulebook.runtime.state import Record

from .conftest import answer_by_prompt, drive, func_for, pack_program, run_proc, started

PACK = str(Path(__file__).parent / "packs" / "terra_mystica_lite")

program = pack_program(PACK)

WITCHES, NOMADS = 0, 1


def at(name: str) -> Record:
    """The hex "q,r"."""
    q, r = name.split(",")
    return Record("hex", {"q": int(q), "r": int(r)})


def func(game: Game, name: str, *args, seat: int = WITCHES):
    return func_for(game, name, *args, seat=seat)


def build(game: Game, seat: int, hexes, what: str = "dwelling") -> None:
    for h in hexes:
        game.state.gvars[f"owner[{h}]"] = game.state.players[seat]
        game.state.gvars[f"structure[{h}]"] = what


def bowls(game: Game, seat: int) -> tuple:
    stock = game.state.players[seat].stock
    return stock["power[1]"], stock["power[2]"], stock["power[3]"]


def test_spades_follow_the_terrain_cycle_the_shorter_way_round(program):
    game = started(program)
    cases = {("plains", "desert"): 1, ("desert", "plains"): 1, ("forest", "desert"): 3, ("lakes", "forest"): 1,
             ("swamp", "mountains"): 3, ("plains", "mountains"): 3, ("forest", "forest"): 0}
    assert {k: func(game, "spades", *k) for k in cases} == cases


def test_power_goes_from_bowl_one_to_two_before_two_to_three_and_is_spent_back_to_one(program):
    game = started(program)
    assert bowls(game, WITCHES) == (5, 7, 0)
    run_proc(game, "gain_power", 3)
    assert bowls(game, WITCHES) == (2, 10, 0)
    run_proc(game, "gain_power", 4)
    assert bowls(game, WITCHES) == (0, 10, 2)
    run_proc(game, "spend_power", 2)
    assert bowls(game, WITCHES) == (2, 10, 0)


def test_burning_power_removes_one_token_to_move_one_to_bowl_three(program):
    game = started(program)
    drive(game, game.program.procs["take_action"](game, game.state.players[WITCHES]), ["burn power"])
    assert bowls(game, WITCHES) == (5, 5, 1)


def test_a_neighbours_building_offers_power_for_one_vp_less(program):
    game = started(program)
    build(game, NOMADS, ["2,2"], "trading_house")
    build(game, NOMADS, ["2,3"])
    build(game, WITCHES, ["3,2"])                        # next to both of the Nomads' buildings
    nomads = game.state.players[NOMADS]
    asked = answer_by_prompt(game.program.procs["leech"](game, game.state.players[WITCHES], at("3,2")),
                             {"gain 3 power": "yes"})
    assert [d.prompt for d in asked] == ["gain 3 power for 2 VP?"]
    assert nomads.stock["vp"] == 18 and bowls(game, NOMADS) == (2, 10, 0)


def test_a_trading_house_is_cheaper_next_to_an_opponent(program):
    game = started(program)
    build(game, WITCHES, ["4,4"])
    assert func(game, "house_cost", at("4,4")) == 6
    build(game, NOMADS, ["5,4"])
    assert func(game, "house_cost", at("4,4")) == 3
    witches = game.state.players[WITCHES]
    drive(game, game.program.procs["upgrade"](game, witches), ["no"])    # the Nomads take no power
    assert game.state.gvars["structure[4,4]"] == "trading_house"
    assert (witches.stock["workers"], witches.stock["coins"]) == (1, 12)


def test_four_connected_buildings_of_power_seven_found_a_town(program):
    for seat, bonus in ((NOMADS, 0), (WITCHES, 5)):
        game = started(program)
        build(game, seat, ["1,1", "2,1"], "temple")
        build(game, seat, ["3,1"], "trading_house")
        build(game, seat, ["4,1"])                          # 2 + 2 + 2 + 1 = 7
        player = game.state.players[seat]
        run_proc(game, "found_town", at("4,1"), player=seat)
        assert player.stock["towns"] == 1 and player.stock["vp"] == 20 + 5 + bonus and player.stock["coins"] == 21
        run_proc(game, "found_town", at("4,1"), player=seat)    # the same buildings found no second town
        assert player.stock["towns"] == 1


def test_too_little_power_or_too_few_buildings_found_no_town(program):
    game = started(program)
    build(game, NOMADS, ["1,1", "2,1", "3,1", "4,1"])       # four dwellings: power 4
    run_proc(game, "found_town", at("4,1"), player=NOMADS)
    game2 = started(program)
    build(game2, NOMADS, ["1,1", "2,1", "3,1"], "temple")   # power 6 in three buildings
    run_proc(game2, "found_town", at("3,1"), player=NOMADS)
    assert game.state.players[NOMADS].stock["towns"] == 0 and game2.state.players[NOMADS].stock["towns"] == 0


def test_terraforming_costs_three_workers_a_spade(program):
    game = started(program)
    build(game, NOMADS, ["2,2"])                           # desert; beside it 3,2 is forest: 3 spades to desert
    nomads = game.state.players[NOMADS]
    nomads.stock["workers"] = 10
    drive(game, game.program.procs["transform_and_build"](game, nomads, 0), ["3,2", "yes"])
    assert game.state.gvars["terrain[3,2]"] == "desert" and game.state.gvars["owner[3,2]"] == nomads
    assert (nomads.stock["workers"], nomads.stock["coins"]) == (10 - 9 - 1, 13)


def test_income(program):
    game = started(program)
    build(game, WITCHES, ["1,1", "2,1"])
    build(game, WITCHES, ["3,1"], "trading_house")
    build(game, WITCHES, ["4,1"], "temple")
    run_proc(game, "income")
    w = game.state.players[WITCHES].stock
    assert (w["workers"], w["coins"], w["priests"], bowls(game, WITCHES)) == (3 + 3, 15 + 2, 1, (4, 8, 0))


def test_the_largest_connected_area_scores_eighteen_and_the_other_twelve(program):
    game = started(program)
    build(game, WITCHES, ["1,1", "2,1", "3,1"])
    build(game, NOMADS, ["6,6", "5,6"])
    build(game, NOMADS, ["1,6", "2,6"])                   # two areas of two: the largest is 2
    for seat in (WITCHES, NOMADS):
        game.state.players[seat].stock["coins"] = 0
        game.state.players[seat].stock["workers"] = 0
        run_proc(game, "final_scoring", player=seat)
    assert [p.stock["vp"] for p in game.state.players] == [38, 32]


@pytest.mark.parametrize("seed", [1, 2])
def test_both_backends_play_the_same_games(seed):
    compiled, interpreted = compile_pack(PACK).program, interpret_pack(PACK)
    a = Game(compiled, 2, seed, make_agents("random", 2, seed))
    b = Game(interpreted, 2, seed, make_agents("random", 2, seed))
    a.play(), b.play()
    assert a.log == b.log and a.state.digest() == b.state.digest()
    assert all(p.stock["vp"] > 0 for p in a.state.players)
