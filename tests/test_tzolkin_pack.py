"""tests/packs/tzolkin: Tzolk'in's gears carrying their workers (one on the last position comes home), a
worker placed on the lowest free position for its number in corn plus one per worker already placed,
the actions by gear and position, food days, temples scoring by step, both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import drive, pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "tzolkin")


program = pack_program(PACK)


def set_up(program, players: int = 2) -> Game:
    """A new game (seed 1) whose setup has run."""
    game = Game(program, players, 1)
    run_proc(game, "setup_game")
    return game


def test_a_gear_turning_carries_its_workers_and_one_on_the_last_position_comes_home(program):
    game = set_up(program)
    you, other = game.state.players
    you.stock.update({"at[palenque,2]": 1, "at[chichen_itza,9]": 1, "at[tikal,9]": 1, "idle": 0})
    other.stock["at[palenque,3]"] = 1
    run_proc(game, "turn_gears")
    assert you.stock["at[palenque,3]"] == 1 and you.stock["at[palenque,2]"] == 0
    assert other.stock["at[palenque,4]"] == 1 and other.stock["at[palenque,3]"] == 0
    # Chichen Itza has 13 positions, so position 9 is carried to 10; Tikal's last is 9
    assert you.stock["at[chichen_itza,10]"] == 1
    assert you.stock["at[tikal,9]"] == 0 and you.stock["at[tikal,0]"] == 0 and you.stock["idle"] == 1


def test_a_worker_goes_to_the_lowest_free_position_paying_its_number_and_one_more_per_worker(program):
    game = set_up(program)
    you, other = game.state.players
    other.stock.update({"at[yaxchilan,0]": 1, "at[yaxchilan,1]": 1})
    drive(game, game.program.procs["place_workers"](game, you), ["Yaxchilan", "Yaxchilan", "none"])
    # the first pays 2 (position 2), the second 3 + 1 (position 3, one worker already placed)
    assert you.stock["at[yaxchilan,2]"] == 1 and you.stock["at[yaxchilan,3]"] == 1
    assert you.stock["corn"] == 12 - 2 - 4 and you.stock["idle"] == 1


def test_taking_a_worker_back_runs_the_action_of_its_gear_and_position(program):
    game = set_up(program)
    you = game.state.players[0]
    you.stock.update({"at[palenque,4]": 1, "idle": 2, "level[agriculture]": 1})
    drive(game, game.program.procs["pick_up_workers"](game, you), ["corn"])
    assert you.stock["corn"] == 12 + 7 + 1 and you.stock["idle"] == 3   # 7 corn, +1 for Agriculture
    you.stock.update({"at[yaxchilan,5]": 1})
    drive(game, game.program.procs["pick_up_workers"](game, you))
    assert (you.stock["gold"], you.stock["stone"], you.stock["corn"]) == (1, 1, 22)


def test_a_skull_on_chichen_itza_scores_the_position_and_raises_its_god(program):
    game = set_up(program)
    you = game.state.players[0]
    you.stock.update({"skull": 1, "at[chichen_itza,6]": 1})
    drive(game, game.program.procs["pick_up_workers"](game, you))
    assert you.stock["vp"] == 8 and you.stock["skull"] == 0 and you.stock["temple[quetzalcoatl]"] == 2


def test_a_food_day_feeds_two_corn_a_worker_farms_first_and_a_hungry_worker_costs_three(program):
    game = set_up(program)
    you = game.state.players[0]
    you.stock.update(workers=4, corn=5)
    farm = next(e for e in game.zone(None, "building_deck").items + game.zone(None, "building_row").items
                if e.name == "b_farm1")
    game.move(farm, game.zone(you, "buildings"))
    run_proc(game, "feed")
    # the farm feeds one; three eat 6 corn, 5 pay for two, the third costs 3 points
    assert you.stock["corn"] == 1 and you.stock["vp"] == -3


def test_temples_score_by_step(program):
    game = set_up(program)
    you = game.state.players[0]
    you.stock.update({"temple[chaac]": 3, "temple[kukulcan]": 6})
    run_proc(game, "temple_points")
    assert you.stock["vp"] == 6 + 1 + 12


@pytest.mark.parametrize("players,seed", [(2, 1), (4, 3)])
def test_random_games_agree_on_both_backends_and_last_26_days(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        assert len(result["winners"]) >= 1
        assert game.state.globals["day"] == 26
