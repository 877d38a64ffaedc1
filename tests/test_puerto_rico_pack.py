"""tests/packs/puerto_rico: Puerto Rico written by a designer new to the language: the trader's price
with the privilege and the markets, the large buildings' bonuses, the cargo ships (one kind a ship, a
kind on one ship), storage after the captain; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import answer_by_prompt, pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "puerto_rico")


program = pack_program(PACK)


def started(program, players: int = 3) -> Game:
    game = Game(program, players, 1)
    game.start()
    return game


def built(game: Game, player: int, name: str, colonists: int = 1) -> None:
    building = game.program.entities[name]
    game.move(building, game.zone(game.state.players[player], "city"))
    building.fields["workers"] = colonists


def value(game: Game, name: str, *args, player: int = 0):
    return game.program.funcs[name](game, game.state.players[player], *args)


def test_coffee_sold_by_the_trader_with_a_small_market_and_a_large_one(program):
    game = started(program)
    you = game.state.players[0]
    built(game, 0, "small_market")
    built(game, 0, "large_market")
    you.stock["goods[coffee]"], you.stock["doubloons"], you.vars["privilege"] = 1, 0, True
    run_proc(game, "do_trader", answers=["Coffee"])
    # coffee 4, the trader's privilege 1, the small market 1, the large market 2
    assert you.stock["doubloons"] == 8 and game.state.globals["house[coffee]"] == 1
    you.stock["goods[coffee]"] = 1
    run_proc(game, "do_trader")   # no office: a kind the house holds is not sold again
    assert you.stock["goods[coffee]"] == 1


def test_an_unmanned_market_gives_nothing(program):
    game = started(program)
    you = game.state.players[0]
    built(game, 0, "small_market", colonists=0)
    you.stock["goods[indigo]"], you.stock["doubloons"] = 1, 0
    run_proc(game, "do_trader", answers=["Indigo"])
    assert you.stock["doubloons"] == 1


def test_the_large_buildings_score_only_when_manned(program):
    game = started(program)
    you = game.state.players[0]
    you.stock["planted[corn]"], you.stock["quarries"] = 9, 1   # with the indigo dealt, 11 island spaces: the residence gives 6
    built(game, 0, "residence")
    built(game, 0, "small_indigo")
    built(game, 0, "sugar_mill")
    built(game, 0, "guild_hall", colonists=0)
    assert value(game, "score") == 4 + 6 + 4 + 1 + 2
    game.program.entities["guild_hall"].fields["workers"] = 1   # 1 per small production building, 2 per large
    assert value(game, "score") == 4 + 6 + 4 + 1 + 2 + 3


def test_a_kind_goes_on_the_ship_holding_it_and_on_no_other(program):
    game = started(program)   # three players: ships of 4, 5 and 6
    g, kinds = game.state.globals, game.state.gvars
    assert value(game, "ship_for", "corn") == 3   # the largest empty ship
    kinds["cargo_crop[3]"], g["cargo[3]"] = "corn", 6
    assert value(game, "ship_for", "corn") == 0   # its ship is full, and no other ship takes corn
    kinds["cargo_crop[1]"], g["cargo[1]"] = "sugar", 1
    assert value(game, "ship_for", "sugar") == 1 and value(game, "ship_for", "indigo") == 2


def test_after_the_captain_one_good_is_kept_and_the_rest_go_back(program):
    game = started(program)
    p1, p2, p3 = game.state.players
    for p in (p1, p2, p3):
        p.stock["goods[corn]"] = 0
    g = game.state.globals
    for n, crop in ((1, "corn"), (2, "indigo"), (3, "sugar")):   # every ship holds another kind: nothing loads
        game.state.gvars[f"cargo_crop[{n}]"], g[f"cargo[{n}]"] = crop, 1
    p1.stock["goods[tobacco]"], p1.stock["goods[coffee]"] = 3, 2
    before = g["supply[tobacco]"], g["supply[coffee]"]
    answer_by_prompt(game.program.procs["do_captain"](game, p1, p1), {"keep one good of which kind?": "Tobacco"})
    assert (p1.stock["goods[tobacco]"], p1.stock["goods[coffee]"]) == (1, 0)
    assert (g["supply[tobacco]"], g["supply[coffee]"]) == (before[0] + 2, before[1] + 2)


def test_the_hospice_mans_a_new_plantation_and_the_university_a_new_building(program):
    game = started(program)
    you = game.state.players[0]
    built(game, 0, "hospice")
    built(game, 0, "university")
    left = game.state.globals["colonists_left"]
    run_proc(game, "plant", "coffee")
    assert (you.stock["planted[coffee]"], you.stock["worked[coffee]"]) == (1, 1)
    you.stock["doubloons"] = 10
    run_proc(game, "do_builder", answers=["Coffee roaster"])
    assert "coffee_roaster" in [b.name for b in game.zone(you, "city").items]
    assert value(game, "free_circles") == 2 - 1   # the roaster's two circles, one manned
    assert game.state.globals["colonists_left"] == left - 2 and you.stock["doubloons"] == 10 - 6


@pytest.mark.parametrize("players, seed", [(3, 1), (5, 2)])
def test_random_games_agree_on_both_backends_and_keep_the_colonists(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        g = game.state.globals
        assert g["colonists_left"] == 0 or g["vp_pool"] == 0 or any(
            sum(b.fields["spaces"] for b in game.zone(p, "city").items) >= 12 for p in game.state.players)
