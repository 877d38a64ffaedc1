"""tests/packs/caylus_lite: Caylus in small written by a designer new to the language (the session's trial30):
the placing cost rising as players pass (1 on one's own building), the first to pass paid, the builder's
prestige, the provost moved for deniers and the buildings beyond him cancelled, the carpenter building at the
road's end, castle batches of food and two different goods with the favour and the penalty, the bailiff; both
backends alike. What is provisional is listed in the pack's header."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import func_for, pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "caylus_lite")
ROAD = ["Forest", "Quarry", "Farm", "Carpenter", "Peddler", "Market"]


program = pack_program(PACK)


def begun(program, players: int = 3) -> Game:
    """A game at its first placement: the road's six neutral buildings laid, each player's income in."""
    game = Game(program, players, 1)
    game.start()
    return game


def building(game: Game, name: str):
    return game.program.entities[name]


def stock(game: Game, name: str) -> list[int]:
    return [p.stock.get(name, 0) for p in game.state.players]


def test_the_road_starts_with_the_neutral_buildings_and_the_provost_and_bailiff_after_them(program):
    game = begun(program)
    assert [b.label() for b in game.zone(None, "road").items] == ROAD
    assert len(game.zone(None, "to_build").items) == 5
    assert game.state.globals["provost"] == 6 and game.state.globals["bailiff"] == 6
    # 4 deniers + the seat, then the turn's 2
    assert stock(game, "denier") == [7, 8, 9] and stock(game, "food") == [2, 2, 2] and stock(game, "wood") == [1] * 3


def test_placing_costs_one_more_for_each_player_passed_but_one_on_your_own_building(program):
    game = begun(program)
    you, p2, p3 = game.state.players
    forest, sawmill = building(game, "forest"), building(game, "sawmill")
    assert func_for(game, "place_cost", forest) == 1
    game.state.gvars["bridge"] = [p2, p3]
    assert func_for(game, "place_cost", forest) == 3 and func_for(game, "castle_cost") == 3
    game.set_field(sawmill, "builder", you)
    assert func_for(game, "place_cost", sawmill) == 1 and func_for(game, "place_cost", sawmill, seat=1) == 3


def test_the_first_to_pass_gains_a_denier_and_the_next_do_not(program):
    game = begun(program)
    before = stock(game, "denier")
    run_proc(game, "place_worker", answers=["pass"])
    run_proc(game, "place_worker", player=1, answers=["pass"])
    assert stock(game, "denier") == [before[0] + 1, before[1], before[2]]
    assert [p.name for p in game.state.gvars["bridge"]] == ["P1", "P2"]


def test_a_worker_on_anothers_building_pays_the_cost_and_gives_its_builder_a_prestige_point(program):
    game = begun(program)
    you, p2, _ = game.state.players
    sawmill = building(game, "sawmill")
    game.move(sawmill, game.zone(None, "road"))
    game.set_field(sawmill, "builder", p2)
    game.state.gvars["bridge"] = [p2]
    run_proc(game, "place_worker", answers=["on a building", "Sawmill"])
    assert game.field(sawmill, "occupant") is you and you.stock["denier"] == 7 - 2 and you.stock["workers"] == 5
    assert stock(game, "pp") == [0, 1, 0]


def test_the_buildings_beyond_the_provost_are_not_activated(program):
    game = begun(program)
    you, p2, p3 = game.state.players
    game.set_field(building(game, "forest"), "occupant", you)     # space 1
    game.set_field(building(game, "farm"), "occupant", p2)        # space 3
    game.set_field(building(game, "market"), "occupant", p3)      # space 6: beyond a provost on 3
    game.state.globals["provost"] = 3
    p3.stock["wood"] = 1
    run_proc(game, "activate")
    assert stock(game, "wood") == [2, 1, 1] and stock(game, "food") == [2, 3, 2]
    assert p3.stock["denier"] == 9   # the market gave nothing: nobody was asked to sell
    assert all(game.field(building(game, n), "occupant") is None for n in ("forest", "farm", "market"))


def test_the_provost_moves_up_to_three_spaces_for_a_denier_each(program):
    game = begun(program)
    you = game.state.players[0]
    you.stock["denier"] = 2
    asked = run_proc(game, "move_provost", answers=["-2 spaces"])
    assert sorted(asked[0].options) == sorted(["-1 spaces", "-2 spaces", "1 spaces", "2 spaces", "leave him"])
    assert game.state.globals["provost"] == 4 and you.stock["denier"] == 0


def test_the_carpenter_builds_a_wooden_building_at_the_end_of_the_road(program):
    game = begun(program)
    you = game.state.players[0]
    asked = run_proc(game, "build", answers=["Weaver"])
    assert "Bank" not in asked[0].options   # 2 wood: the player has 1
    assert [b.label() for b in game.zone(None, "road").items] == ROAD + ["Weaver"]
    assert game.field(building(game, "weaver"), "builder") is you
    assert you.stock["pp"] == 2 and you.stock["wood"] == 0 and you.stock["food"] == 1


def test_castle_batches_score_the_dungeon_and_the_most_batches_earn_a_favour(program):
    game = begun(program)
    you, p2, p3 = game.state.players
    for p, (food, wood, stone, cloth) in zip((you, p2, p3), ((2, 2, 1, 1), (1, 1, 1, 0), (0, 0, 0, 0))):
        p.stock.update(food=food, wood=wood, stone=stone, cloth=cloth)
    game.state.gvars["castle"] = [p2, you, p3]
    # P2 builds one batch (food, wood, stone); P1 two (food + wood and stone, food + wood and cloth), and is
    # not asked a third time with no food left; P3 has nothing to build with and is not asked. Which goods
    # is asked only while the answer matters: P2's wood and stone, and P1's last wood and cloth, are exactly
    # the two different goods owed (4.3), so only P1's first batch, from wood, stone and cloth, is asked
    run_proc(game, "build_castle", answers=["yes", "yes", "wood", "stone", "yes", "prestige"])
    assert stock(game, "pp") == [2 * 5 + 1, 5, 0]   # P3 had none to lose; P1's favour: 1 on the prestige track
    assert game.state.globals["batches"] == 3 and stock(game, "built_now") == [2, 1, 0]
    assert you.stock["prestige_favours"] == 1


def test_who_builds_nothing_in_the_castle_loses_two_prestige(program):
    game = begun(program)
    you = game.state.players[0]
    you.stock["pp"] = 5
    game.state.gvars["castle"] = [you]
    run_proc(game, "build_castle")   # no food and stone to build with: nothing asked
    assert you.stock["pp"] == 3 and you.stock.get("prestige_favours", 0) == 0


@pytest.mark.parametrize("provost, bailiff", [(6, 7), (9, 8), (2, 7)])
def test_the_bailiff_moves_two_when_the_provost_is_beyond_him_and_the_provost_comes_back(program, provost, bailiff):
    game = begun(program, players=2)
    game.state.globals["provost"] = provost
    for p in game.state.players:
        p.stock["denier"] = 0   # nobody can pay to place or move the provost: every one passes and leaves the provost
    run_proc(game, "turn", answers=["pass", "pass", "leave him", "leave him"])
    assert game.state.globals["bailiff"] == bailiff and game.state.globals["provost"] == bailiff


@pytest.mark.parametrize("players", [2, 3, 5])
def test_random_games_end_when_the_bailiff_reaches_the_castle_and_agree_on_both_backends(players):
    for game, result in played_on_both_backends(PACK, players, 4):
        assert game.state.globals["bailiff"] == 14 or game.state.globals["batches"] == 30
        pp = stock(game, "pp")
        assert result["winners"] == [p.name for p, v in zip(game.state.players, pp) if v == max(pp)]
