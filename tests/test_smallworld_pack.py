"""tests/packs/smallworld: Small World written by a designer new to the language (trial12), on a provisional map,
with the rulebook's rules as assertions: the conquest's cost (tokens, mountains, lost tribes, the powers'
and races' discounts), the first conquest on the edge, the defender's tokens back but one (the Elves' all),
the column of combinations and its coins, decline, the coins of a turn, the rounds by player count; both
backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import answer_by_prompt, pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "smallworld")


program = pack_program(PACK)


def with_combo(program, race: str, power: str, tokens: int, players: int = 2) -> Game:
    """A game whose first player has the race and power given and `tokens` in hand."""
    game = Game(program, players, 1)
    you = game.state.players[0]
    game.move(program.entities[race], game.zone(you, "race_of"))
    game.move(program.entities[power], game.zone(you, "power_of"))
    you.stock["in_hand"] = tokens
    return game


def hold(game: Game, player: int, region: str, tokens: int, declined: bool = False) -> None:
    game.state.gvars[f"held_by[{region}]"] = game.state.players[player]
    game.state.gvars[f"declined_here[{region}]"] = declined
    game.state.globals[f"troops[{region}]"] = tokens


def targets(game: Game) -> list[str]:
    """The regions the first player is offered to conquer, with their costs (nothing is conquered)."""
    asked = answer_by_prompt(game.program.procs["conquests"](game, game.state.players[0]),
                             {"conquer which": "stop conquering"}, with_forced=True)
    return asked[0].options[:-1]


def test_the_first_conquest_is_on_the_edge_and_costs_two_plus_mountain_and_lost_tribe(program):
    game = with_combo(program, "ratmen", "alchemist", 13)
    game.state.gvars["tribe_here[pinewood]"] = True
    assert targets(game) == ["Crag (costs 3)", "Pinewood (costs 3)", "Highmoor (costs 2)", "Reedmarsh (costs 2)",
                             "Old Peaks (costs 3)", "Fenwood (costs 2)", "Grey Summit (costs 3)",
                             "Sunfields (costs 2)"]   # no sea, nothing inland


def test_later_conquests_are_next_to_the_race_and_cost_one_more_per_token(program):
    game = with_combo(program, "ratmen", "seafaring", 13)
    hold(game, 0, "meadow", 2)
    hold(game, 1, "crag", 3)
    # Meadow's neighbours, the lake too with Seafaring; Crag: 2 + 3 tokens + the mountain
    assert targets(game) == ["Crag (costs 6)", "Pinewood (costs 2)", "Reedmarsh (costs 2)", "Mirror Lake (costs 2)",
                             "Fenwood (costs 2)", "Barley Fields (costs 2)"]


@pytest.mark.parametrize("race, power, cost", [("ratmen", "commando", 3 - 1), ("giants", "mounted", 3 - 1 - 1),
                                               ("tritons", "alchemist", 3 - 1)])
def test_discounts_of_powers_and_races(program, race, power, cost):
    # Downs: a hill beside Old Peaks (a mountain) and Mirror Lake, with one enemy token; never below 1
    game = with_combo(program, race, power, 13)
    hold(game, 0, "old_peaks", 1)
    hold(game, 1, "downs", 1)
    assert f"Downs (costs {cost})" in targets(game)


def test_a_troll_lair_defends_while_the_trolls_are_active_or_in_decline(program):
    for zone in ("race_of", "faded"):
        game = with_combo(program, "ratmen", "alchemist", 13)
        game.move(program.entities["trolls"], game.zone(game.state.players[1], zone))
        hold(game, 0, "old_peaks", 1)
        hold(game, 1, "downs", 1, declined=zone == "faded")
        assert "Downs (costs 4)" in targets(game)


def test_the_defender_takes_back_all_but_one_and_the_elves_all(program):
    for race, back in (("humans", 2), ("elves", 3)):
        game = with_combo(program, "ratmen", "alchemist", 13)
        defender = game.state.players[1]
        game.move(program.entities[race], game.zone(defender, "race_of"))
        hold(game, 1, "crag", 3)
        run_proc(game, "conquer", "crag", 6)
        assert defender.stock["in_hand"] == back and game.state.gvars["held_by[crag]"] is game.state.players[0]
        assert game.state.globals["troops[crag]"] == 6 and game.state.players[0].stock["in_hand"] == 13 - 6


def test_the_third_combination_pays_a_coin_on_each_above_and_takes_its_own(program):
    game = Game(program, 2, 3)
    game.start()   # the setup lays out six combinations
    game.state.globals["pile[3]"] = 2
    you = game.state.players[0]
    race = game.zone(None, "race_column").items[2]
    power = game.zone(None, "power_column").items[2]
    game.apply(2)
    assert you.stock["coins"] == 5 - 2 + 2
    assert [game.state.globals[f"pile[{i}]"] for i in range(1, 7)] == [1, 1, 0, 0, 0, 0]
    assert game.zone(you, "race_of").items == [race] and game.zone(you, "power_of").items == [power]
    assert len(game.zone(None, "race_column").items) == 6


def test_decline_leaves_one_token_a_region_and_takes_the_old_race_off(program):
    game = with_combo(program, "humans", "alchemist", 0)
    you = game.state.players[0]
    game.move(program.entities["dwarves"], game.zone(you, "faded"))
    hold(game, 0, "crag", 1, declined=True)
    hold(game, 0, "meadow", 4)
    run_proc(game, "decline")
    assert game.state.gvars["held_by[crag]"] is None and game.state.globals["troops[meadow]"] == 1
    assert game.state.gvars["declined_here[meadow]"] is True
    assert [c.name for c in game.zone(you, "faded").items] == ["humans"] and game.zone(you, "power_of").items == []


def test_a_turns_coins_regions_and_bonuses(program):
    game = with_combo(program, "humans", "merchant", 0)
    you = game.state.players[0]
    game.move(program.entities["dwarves"], game.zone(you, "faded"))
    hold(game, 0, "meadow", 2)
    hold(game, 0, "barley", 2)
    hold(game, 0, "downs", 1, declined=True)   # a mine, held by the Dwarves in decline
    you.stock["coins"] = 0
    run_proc(game, "score_turn")
    # 3 regions, 2 farmlands (Humans), 2 active regions (Merchant), 1 mine (Dwarves, in decline too)
    assert you.stock["coins"] == 3 + 2 + 2 + 1


@pytest.mark.parametrize("players, rounds", [(2, 10), (3, 10), (4, 9), (5, 8)])
def test_random_games_last_the_rounds_and_agree_on_both_backends(players, rounds):
    for game, result in played_on_both_backends(PACK, players, players):
        assert game.state.globals["rounds"] == rounds and result["winners"]
