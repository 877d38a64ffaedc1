"""tests/packs/through_ages_lite: Through the Ages (a small subset) written by a designer new to the language (the
twenty-fourth session's trial32): the card row's costs by position (1, 2, 3 civil actions), its cards sliding
left and refilled from the age's deck, Age A giving way to Age I, population, production and consumption, an
action card not played the turn it is taken; both backends."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import func_for, pack_program, played_on_both_backends, run_proc, started

PACK = str(Path(__file__).parent / "packs" / "through_ages_lite")

program = pack_program(PACK)


def row(game: Game) -> list:
    return list(game.zone(None, "row").items)


def test_the_row_costs_one_two_or_three_actions_by_position(program):
    game = started(program)
    costs = [func_for(game, "row_cost", c) for c in row(game)]
    assert costs == [1] * 5 + [2] * 4 + [3] * 4


@pytest.mark.parametrize("players,removed", [(2, 3), (3, 2), (4, 1)])
def test_at_a_turn_start_the_first_cards_leave_and_the_rest_slide_left(program, players, removed):
    game = started(program, players)
    before = row(game)
    deck_top = list(game.zone(None, "deck[age_a]").items)[:removed]
    run_proc(game, "slide_row")
    assert row(game) == before[removed:] + deck_top
    assert func_for(game, "row_cost", before[5]) == 1   # the sixth card slid into the first five


def test_a_card_taken_lets_those_after_it_slide_and_cost_less(program):
    game = started(program)
    sixth, seventh = row(game)[5], row(game)[6]
    game.move(row(game)[2], game.zone(game.state.players[0], "just_taken"))
    assert func_for(game, "row_cost", sixth) == 1 and func_for(game, "row_cost", seventh) == 2


def test_age_one_begins_when_the_age_a_deck_runs_out(program):
    game = started(program)
    while game.zone(None, "deck[age_a]").items:
        run_proc(game, "slide_row")
    run_proc(game, "slide_row")
    assert game.state.gvars["current_age"] == "age_one"
    assert len(row(game)) == 13 and any(c.fields["age"] == "age_one" for c in row(game))


def test_population_costs_more_food_as_the_yellow_bank_empties(program):
    game = started(program)
    bank_costs = {}
    for bank in (18, 13, 12, 9, 8, 5, 4):
        game.state.players[0].stock["yellow_bank"] = bank
        bank_costs[bank] = func_for(game, "population_cost")
    assert bank_costs == {18: 2, 13: 2, 12: 3, 9: 3, 8: 4, 5: 4, 4: 5}


def test_the_end_of_a_turn_produces_eats_and_a_shortage_costs_culture(program):
    game = started(program)
    p1 = game.state.players[0]
    # the start: 2 workers on Agriculture, 2 on Bronze, 13 left in the yellow bank: nothing eaten
    food, resources, science = p1.stock["food"], p1.stock["resources"], p1.stock["science"]
    run_proc(game, "end_of_turn")
    assert (p1.stock["food"], p1.stock["resources"], p1.stock["science"]) == (food + 2, resources + 2, science + 1)
    p1.stock["yellow_bank"], p1.stock["food"], p1.stock["culture"] = 3, 0, 10   # eats 3, produces 2: 1 short
    run_proc(game, "end_of_turn")
    assert p1.stock["food"] == 0 and p1.stock["culture"] == 6


def test_an_action_card_taken_this_turn_is_played_only_from_the_next(program):
    game = started(program)
    p1 = game.state.players[0]
    harvest = game.program.entities["bountiful_harvest"]
    game.move(harvest, game.zone(p1, "just_taken"))
    assert not any(c.fields["sort"] == "action" for c in game.zone(p1, "hand").items)
    run_proc(game, "end_of_turn")
    assert harvest in game.zone(p1, "hand").items


@pytest.mark.parametrize("players,seed", [(2, 1), (4, 2)])
def test_random_games_reach_the_end_of_age_one_alike_on_both_backends(players, seed):
    (game, result), _ = played_on_both_backends(PACK, players, seed)
    assert game.state.gvars["current_age"] == "age_one" and not game.zone(None, "deck[age_one]").items
    assert result["winners"]
