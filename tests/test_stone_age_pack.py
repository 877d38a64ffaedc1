"""tests/packs/stone_age: Stone Age's hunt (the dice's sum, tools added once a round, divided by 2), the three
tool tiles raised in turn, feeding (the field first, 10 points lost when food and resources run short),
culture sets scoring their size squared, the hut taking two people, both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import LoadedDice, drive, pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "stone_age")


program = pack_program(PACK)


def hunted(program, faces: list[int], tools: int, answers: list[str]) -> Game:
    """P1 resolves len(faces) people on the hunting grounds with `tools` tools, rolling `faces`."""
    game = Game(program, 2, 1)
    you = game.state.players[0]
    you.stock["tools"] = tools
    game.rng = LoadedDice(faces)
    drive(game, game.program.procs["collect"](game, you, "hunt", len(faces)), answers)
    return game


def test_a_hunt_divides_the_dice_by_two_rounding_down(program):
    game = hunted(program, [2, 4, 5], 0, [])
    assert game.state.players[0].stock["food"] == 5   # 11 / 2


def test_a_tool_adds_its_value_to_the_roll_once_a_round(program):
    game = hunted(program, [2, 4, 5], 1, ["yes"])
    you = game.state.players[0]
    assert you.stock["food"] == 6 and you.stock["tool_used[1]"] == 1   # (11 + 1) / 2
    game.rng = LoadedDice([6])
    asked = drive(game, game.program.procs["collect"](game, you, "hunt", 1))
    assert asked == [] and you.stock["food"] == 9   # the tool is used: 6 / 2


def test_tools_come_as_three_tiles_raised_in_turn(program):
    game = Game(program, 2, 1)
    you = game.state.players[0]
    tile = game.program.funcs["tile"]
    for tools, tiles in [(1, [1, 0, 0]), (3, [1, 1, 1]), (4, [2, 1, 1]), (8, [3, 3, 2]), (12, [4, 4, 4])]:
        you.stock["tools"] = tools
        assert [tile(game, you, k) for k in (1, 2, 3)] == tiles


def test_feeding_takes_the_field_first_and_hunger_costs_ten_points(program):
    game = Game(program, 2, 1)
    you = game.state.players[0]
    you.stock.update(food=3, agriculture=1)
    run_proc(game, "feed")
    assert you.stock.get("food", 0) == 0 and you.stock.get("vp", 0) == -10   # 5 people, 4 food
    you.stock.update(food=4, agriculture=2, vp=0)
    run_proc(game, "feed")
    assert you.stock["food"] == 1 and you.stock.get("vp", 0) == 0


def test_culture_sets_score_their_size_squared(program):
    game = Game(program, 2, 1)
    you = game.state.players[0]
    for card in ("c_medicine", "c_art", "c_writing", "c_farmer1"):
        game.move(game.program.entities[card], game.zone(you, "civs"))
    assert game.program.funcs["culture_sets"](game, you) == 9
    game.move(game.program.entities["c_music"], game.zone(you, "civs"))
    assert game.program.funcs["culture_sets"](game, you) == 16


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2)])
def test_random_games_agree_on_both_backends_and_nobody_has_people_left_on_the_board(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        assert len(result["winners"]) >= 1
        for p in game.state.players:
            assert 5 <= p.stock["people"] <= 10
            assert not any(v for k, v in p.stock.items() if k.startswith("placed["))


def test_a_player_goes_to_each_spot_once_a_round_but_may_hunt_again(program):
    game = Game(program, 2, 1)
    run_proc(game, "setup_game")
    you = game.state.players[0]
    you.stock.update(idle=3, **{"placed[hunt]": 1, "placed[forest]": 1})
    is_open = game.program.funcs["open"]
    assert is_open(game, you, "hunt") and not is_open(game, you, "forest") and is_open(game, you, "clay")


def test_the_hut_takes_two_people_at_once(program):
    game = Game(program, 2, 1)
    run_proc(game, "setup_game")
    you = game.state.players[0]
    you.stock["idle"] = 3
    run_proc(game, "place", answers=["Hut"])
    assert you.stock["placed[hut]"] == 2 and you.stock["idle"] == 1


def test_a_flexible_building_takes_one_to_seven_resources_of_any_kinds_each_scoring_its_value(program):
    game = Game(program, 2, 1)
    you = game.state.players[0]
    you.stock.update(wood=2, gold=1)
    drive(game, game.program.procs["pay_flexible"](game, you, 7), ["Wood", "Gold", "Wood"])
    assert you.stock.get("wood", 0) == 0 and you.stock.get("gold", 0) == 0 and you.stock["vp"] == 3 + 6 + 3
