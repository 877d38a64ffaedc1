"""tests/packs/concordia: Concordia's house priced by the city's good (and again for each house already there),
a Prefect's harvest (each house of the province yields its good, the Prefect takes the bonus), the storehouse's
12 places shared by goods and colonists, an Architect's colonist stepping along the roads, the Diplomat copying,
the gods' scoring at the end, both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import drive, pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "concordia")


program = pack_program(PACK)


def set_up(program, players: int = 2) -> Game:
    """A new game (seed 1) whose setup has run."""
    game = Game(program, players, 1)
    run_proc(game, "setup_game")
    return game


def test_a_house_costs_the_city_goods_price_again_for_each_house_already_there(program):
    game = set_up(program)
    you, other = game.state.players
    house_money = game.program.funcs["house_money"]
    assert [house_money(game, you, c) for c in ("verona", "capua", "genua", "aquileia", "florentia")] == [1, 2, 3, 4, 5]
    other.stock["house[florentia]"] = 1
    assert house_money(game, you, "florentia") == 10


def test_building_in_a_cloth_city_pays_money_a_brick_and_a_cloth_and_in_a_brick_city_a_food(program):
    game = set_up(program)
    you = game.state.players[0]
    you.stock.update(money=20, brick=2, food=2, cloth=1)
    run_proc(game, "build_house", "florentia")
    run_proc(game, "build_house", "pisae")
    assert (you.stock["money"], you.stock["brick"], you.stock["cloth"], you.stock["food"]) == (20 - 5 - 1, 1, 0, 1)
    assert you.stock["house[florentia]"] == 1 and you.stock["house[pisae]"] == 1


def test_a_house_is_built_only_where_a_colonist_reaches(program):
    game = set_up(program)
    you = game.state.players[0]
    you.stock.update(money=20)
    can_build = game.program.funcs["can_build"]
    # the colonists start on the roads from Roma to Spoletium and to Capua; Roma takes no house
    assert can_build(game, you, "spoletium") and can_build(game, you, "capua")
    assert not can_build(game, you, "florentia") and not can_build(game, you, "roma")


def test_an_architect_steps_a_colonist_to_a_road_sharing_a_city(program):
    game = set_up(program)
    you = game.state.players[0]
    drive(game, game.program.procs["architect_action"](game, you),
          ["Roma - Spoletium", "Spoletium - Florentia", "none", "none"])
    assert you.stock["colonists[roma_spoletium]"] == 0 and you.stock["colonists[spoletium_florentia]"] == 1


def test_a_prefect_harvests_every_house_of_the_province_and_takes_its_bonus(program):
    game = set_up(program)
    you, other = game.state.players
    you.stock.update({"house[verona]": 1, "brick": 0, "food": 0, "tool": 0})
    other.stock.update({"house[mediolanum]": 1, "house[aquileia]": 1, "food": 0, "wine": 1})
    drive(game, game.program.procs["prefect_action"](game, you), ["harvest a province", "Transpadana"])
    # Transpadana's bonus is its first city's good: Mediolanum's food
    assert (you.stock["brick"], you.stock["food"]) == (1, 1) and other.stock["food"] == 1
    assert other.stock["wine"] == 1 and game.state.globals["harvested[transpadana]"] == 1
    drive(game, game.program.procs["prefect_action"](game, you), ["take the money and turn the provinces back"])
    assert you.stock["money"] == 6 + 2 and game.state.globals["harvested[transpadana]"] == 0


def test_the_storehouse_holds_twelve_goods_and_colonists_together(program):
    game = set_up(program)
    you = game.state.players[0]
    # 6 goods and 2 colonists at the start: 4 places free
    you.stock["money"] = 100
    asked = drive(game, game.program.procs["mercator_action"](game, you), ["Cloth", "buy", 4, "none"])
    assert asked[-2].prompt.startswith("buy how many") and len(asked[-2].options) == 5   # 0 to 4
    assert you.stock["cloth"] == 1 + 4 and sum(you.stock[r] for r in ("brick", "food", "tool", "wine", "cloth",
                                                                        "waiting")) == 12


def test_the_diplomat_copies_the_last_card_another_player_played(program):
    game = set_up(program)
    you, other = game.state.players
    card = next(c for c in game.zone(other, "hand").items if c.name.startswith("s_mercator"))
    game.move(card, game.zone(other, "discard"))
    drive(game, game.program.procs["diplomat_action"](game, you), ["none"])
    assert you.stock["money"] == 6 + 3


def test_the_gods_score_each_card_by_its_god(program):
    game = set_up(program)
    you = game.state.players[0]
    you.stock.update({"house[verona]": 1, "house[capua]": 1, "house[florentia]": 1, "money": 25})
    points = game.program.funcs["god_points"]
    by_name = {c.name: c for c in game.zone(you, "hand").items}
    assert points(game, you, by_name["s_architect"]) == 2   # Jupiter: houses outside brick cities
    assert points(game, you, by_name["s_prefect"]) == 3     # Saturnus: provinces with a house
    assert points(game, you, by_name["s_mercator"]) == 6    # Mercurius: brick, food and cloth produced
    assert points(game, you, by_name["s_tribune"]) == 4     # Mars: two colonists on the board
    # Vesta: money and goods at market prices (3 + 8 + 5 + 6 + 7), a point per 10
    assert points(game, you, by_name["s_senator"]) == (25 + 29) // 10


@pytest.mark.parametrize("players,seed", [(2, 1), (4, 2)])
def test_random_games_agree_on_both_backends_and_end_by_houses_or_an_empty_display(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        assert len(result["winners"]) >= 1
        over = game.program.funcs["game_over"]
        assert over(game, game.state.players[0])
