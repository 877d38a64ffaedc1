"""tests/packs/wingspan: Wingspan's player mat (eggs owed by column, each row's action growing with its birds),
brown powers used right to left, the birdfeeder re-rolled when empty, the end's scoring, both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import answer_by_prompt, pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "wingspan")
FOOD = ["invertebrate", "seed", "fish", "fruit", "rodent"]


program = pack_program(PACK)


def bird(game: Game, name: str):
    return game.program.entities[name]


def place(game: Game, habitat: str, names: list[str], eggs: int = 0) -> None:
    """Birds put in P1's row of `habitat`, left to right, each holding `eggs`."""
    row = game.zone(game.state.players[0], f"row[{habitat}]")
    for n in names:
        game.move(bird(game, n), row)
        if eggs:
            game.gain_on(game.state.players[0], bird(game, n), "eggs", eggs)


def func(game: Game, name: str, *args):
    return game.program.funcs[name](game, game.state.players[0], *args)


def test_a_bird_costs_eggs_by_the_column_it_takes_and_each_row_gives_more_with_more_birds(program):
    game = Game(program, 2, 1)
    costs, food = [], []
    for n in ["mallard", "mallard#2", "mallard#3", "great_blue_heron", "great_blue_heron#2"]:
        costs.append(func(game, "egg_cost", "wetland"))
        food.append(func(game, "gives", "forest"))
        place(game, "wetland", [n])
        place(game, "forest", [n.replace("mallard", "chickadee").replace("great_blue_heron", "house_wren")])
    assert costs == [0, 1, 1, 2, 2] and food == [1, 1, 2, 2, 3]
    assert func(game, "gives", "grassland") == 2 and func(game, "gives", "wetland") == 3   # 5 birds: the 6th space


def test_playing_a_bird_pays_its_food_and_the_eggs_of_its_column(program):
    game = Game(program, 2, 1)
    you = game.state.players[0]
    place(game, "grassland", ["killdeer"], eggs=2)
    place(game, "wetland", ["mallard"])
    game.move(bird(game, "bald_eagle"), game.zone(you, "hand"))
    for f, n in zip(FOOD, [0, 0, 2, 0, 1]):
        you.stock[f] = n
    run_proc(game, "play_bird")   # the one bird, the one habitat (wetland), the one bird with eggs: nothing asked
    assert [b.name for b in game.zone(you, "row[wetland]").items] == ["mallard", "bald_eagle"]
    assert you.stock["fish"] == 0 and you.stock["rodent"] == 0 and game.field(bird(game, "killdeer"), "eggs") == 1


def test_a_bird_the_player_cannot_feed_or_give_eggs_to_is_not_offered(program):
    game = Game(program, 2, 1)
    you = game.state.players[0]
    place(game, "wetland", ["mallard"])   # no eggs anywhere: the second column costs 1
    for f in FOOD:
        you.stock[f] = 5
    assert not func(game, "playable", bird(game, "bald_eagle"))   # wetland only
    assert func(game, "playable", bird(game, "barn_owl"))   # the forest's first column is free
    for f, n in zip(FOOD, [0, 1, 0, 0, 1]):
        you.stock[f] = n   # a rodent short, and any two food pay for it: one seed is too few
    assert not func(game, "playable", bird(game, "barn_owl"))


def test_brown_powers_are_offered_right_to_left(program):
    game = Game(program, 2, 1)
    place(game, "grassland", ["killdeer", "house_wren"])   # each lays an egg on itself
    run_proc(game, "activate", "grassland", answers=["yes", "no"])
    assert game.field(bird(game, "house_wren"), "eggs") == 1 and game.field(bird(game, "killdeer"), "eggs") == 0


def test_an_empty_birdfeeder_is_rolled_again_before_food_is_taken(program):
    game = Game(program, 2, 1)
    dish = game.zone(None, "dish")
    for e in [e for e in game.program.entities.values() if e.kind == "feeder_piece"]:
        game.move(e, dish)
    you = game.state.players[0]
    before = sum(you.stock.get(f, 0) for f in FOOD)
    answer_by_prompt(game.program.procs["take_food"](game, you), {})
    assert len(game.zone(None, "feeder").items) == 4 and len(dish.items) == 1
    assert sum(you.stock.get(f, 0) for f in FOOD) == before + 1


def test_the_end_scores_birds_eggs_cached_food_tucked_cards_goals_and_bonus_cards(program):
    game = Game(program, 2, 1)
    you = game.state.players[0]
    place(game, "wetland", ["bald_eagle", "mallard"], eggs=1)   # 9 + 0 points, 2 eggs
    place(game, "forest", ["chickadee"])   # 2 points
    game.gain_on(you, bird(game, "chickadee"), "cached", 3)
    game.move(bird(game, "goldfinch"), game.card_zone(bird(game, "chickadee"), "tucked"))
    game.move(bird(game, "ecologist"), game.zone(you, "bonuses"))   # 2 per bird of the grassland: none
    you.stock["goal_points"] = 4
    run_proc(game, "final_score")
    assert you.stock["score"] == (9 + 0) + 2 + 2 + 3 + 1 + 0 + 4   # birds, eggs, the Chickadee's own 2, food, card, goals
    game.move(bird(game, "goldfinch#2"), game.zone(you, "row[grassland]"))
    you.stock["score"] = 0
    run_proc(game, "final_score")   # the grassland's one bird is the fewest: the Ecologist gives 2
    assert you.stock["score"] == 9 + 2 + 2 + 3 + 1 + 3 + 2 + 4


@pytest.mark.parametrize("players, seed", [(1, 1), (3, 2)])
def test_random_games_agree_on_both_backends(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        for you in game.state.players:
            rows = [len(game.zone(you, f"row[{h}]").items) for h in ("forest", "grassland", "wetland")]
            assert all(n <= 5 for n in rows) and you.stock["score"] >= you.stock.get("goal_points", 0)
        assert len(game.zone(None, "goals").items) == 4


def test_any_two_food_pay_for_one(program):
    game = Game(program, 2, 1)
    you = game.state.players[0]
    for f, n in zip(FOOD, [0, 3, 0, 0, 1]):   # the Bald Eagle wants 2 fish and a rodent: 4 seeds would do
        you.stock[f] = n
    assert not func(game, "playable", bird(game, "bald_eagle"))
    you.stock["seed"] = 4
    assert func(game, "playable", bird(game, "bald_eagle"))
    game.move(bird(game, "bald_eagle"), game.zone(you, "hand"))
    run_proc(game, "play_bird")
    assert you.stock["seed"] == 0 and you.stock["rodent"] == 0
    assert [b.name for b in game.zone(you, "row[wetland]").items] == ["bald_eagle"]
