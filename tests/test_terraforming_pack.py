"""tests/packs/terraforming: Terraforming Mars' global parameters and their bonuses, steel and titanium paying
for building and space cards, the continuous effects of cards in the tableau (Space Station, Earth Office,
Advanced Alloys, Rover Construction, Arctic Algae, Immigrant City), a card's action once a generation,
production with TR income, and whole games on both backends."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "terraforming")


program = pack_program(PACK)


def new_game(program, players: int = 2) -> Game:
    game = Game(program, players, 1)
    run_proc(game, "payment_rules")
    return game


def card(game: Game, name: str):
    return next(e for e in game.program.entities.values() if e.name == name)


def put(game: Game, name: str, zone: str, player: int = 0):
    c = card(game, name)
    game.move(c, game.zone(game.state.players[player], zone))
    return c


def g(game: Game, name: str) -> int:
    return game.state.globals.get(name, 0)


def test_each_step_of_a_parameter_raises_the_tr_and_the_bonuses_come_at_their_steps(program):
    game = new_game(program)
    p1 = game.state.players[0]
    for _ in range(3):
        run_proc(game, "raise_temperature")   # -28, -26, -24: the -24 step gives heat production
    assert g(game, "temperature") == -24 and p1.stock["tr"] == 23 and p1.stock["heat_prod"] == 1
    run_proc(game, "raise_temperature")
    run_proc(game, "raise_temperature")   # -20: a second heat production
    assert p1.stock["heat_prod"] == 2
    game.state.globals["temperature"] = -2
    run_proc(game, "raise_temperature")   # 0 degrees: an ocean too, and its TR
    assert g(game, "temperature") == 0 and g(game, "oceans") == 1 and p1.stock["tr"] == 27
    game.state.globals["oxygen"] = 7
    run_proc(game, "raise_oxygen")   # 8 %: a temperature step
    assert g(game, "oxygen") == 8 and g(game, "temperature") == 2 and p1.stock["tr"] == 29


def test_a_maxed_parameter_gives_no_more_tr(program):
    game = new_game(program)
    p1 = game.state.players[0]
    game.state.globals.update(oxygen=14, temperature=8, oceans=9)
    for proc in ("raise_oxygen", "raise_temperature", "place_ocean"):
        run_proc(game, proc)
    assert p1.stock["tr"] == 20 and game.program.funcs["maxed"](game, p1)


def test_steel_pays_two_towards_a_building_card_and_advanced_alloys_makes_it_three(program):
    game = new_game(program)
    p1 = game.state.players[0]
    p1.stock.update(mc=3, steel=4)
    geo = put(game, "geothermal_power", "hand")   # 11 M€: 3 M€ and 4 steel
    run_proc(game, "play_project", geo)
    assert (p1.stock["mc"], p1.stock["steel"], p1.stock["energy_prod"]) == (0, 0, 2)
    p1.stock.update(mc=0, steel=1)
    mine = put(game, "mine", "hand")   # 4 M€: one steel is 2, too little
    assert not game.program.funcs["playable"](game, p1, mine)
    put(game, "advanced_alloys", "tableau")
    p1.stock.update(steel=2)
    run_proc(game, "play_project", mine)   # two steel at 3 pay it
    assert p1.stock["steel"] == 0 and p1.stock["steel_prod"] == 1


def test_titanium_pays_for_space_cards_only(program):
    game = new_game(program)
    p1 = game.state.players[0]
    p1.stock.update(mc=0, titanium=4)
    assert game.program.funcs["playable"](game, p1, put(game, "satellites", "hand"))   # 10: space
    assert not game.program.funcs["playable"](game, p1, put(game, "mine", "hand"))      # 4: building


def test_space_station_and_earth_office_make_cards_cheaper_while_in_the_tableau(program):
    game = new_game(program)
    p1 = game.state.players[0]
    put(game, "space_station", "tableau")
    put(game, "earth_office", "tableau")
    p1.stock.update(mc=10)
    run_proc(game, "play_project", put(game, "satellites", "hand"))   # 10 - 2; two space tags now
    assert p1.stock["mc"] == 2 and p1.stock["mc_prod"] == 2
    p1.stock.update(mc=3)
    run_proc(game, "play_project", put(game, "sponsors", "hand"))   # 6 - 3 (earth)
    assert p1.stock["mc"] == 0 and p1.stock["mc_prod"] == 4
    game.move(card(game, "space_station"), game.zone(None, "discard"))
    p1.stock.update(mc=13)
    assert not game.program.funcs["playable"](game, p1, put(game, "asteroid", "hand"))   # 14 again


def test_rover_construction_and_immigrant_city_hear_any_players_city(program):
    game = new_game(program)
    p1, p2 = game.state.players
    put(game, "rover_construction", "tableau")
    put(game, "immigrant_city", "tableau")
    run_proc(game, "place_city", player=1)
    assert p1.stock.get("mc", 0) == 2 and p1.stock.get("mc_prod", 0) == 1 and p2.stock["cities"] == 1


def test_arctic_algae_gives_two_plants_when_anyone_places_an_ocean(program):
    game = new_game(program)
    p1 = game.state.players[0]
    put(game, "arctic_algae", "tableau")
    run_proc(game, "place_ocean", player=1)
    run_proc(game, "place_ocean", player=0)
    assert p1.stock["plant"] == 4


def test_a_requirement_keeps_a_card_in_hand_until_the_parameter_reaches_it(program):
    game = new_game(program)
    p1 = game.state.players[0]
    p1.stock.update(mc=20)
    lichen = put(game, "lichen", "hand")   # temperature -24 or warmer
    assert not game.program.funcs["playable"](game, p1, lichen)
    game.state.globals["temperature"] = -24
    assert game.program.funcs["playable"](game, p1, lichen)
    algae = put(game, "arctic_algae", "hand")   # -12 or colder
    game.state.globals["temperature"] = -10
    assert not game.program.funcs["playable"](game, p1, algae)


def test_production_turns_energy_into_heat_and_pays_tr_plus_mc_production(program):
    game = new_game(program)
    p1 = game.state.players[0]
    p1.stock.update(mc=0, energy=3, energy_prod=2, heat_prod=1, mc_prod=-2, plant_prod=1)
    run_proc(game, "production")
    assert (p1.stock["mc"], p1.stock["energy"], p1.stock["heat"], p1.stock["plant"]) == (18, 2, 4, 1)


def test_a_cards_action_is_used_once_a_generation(program):
    game = new_game(program)
    p1 = game.state.players[0]
    put(game, "space_mirrors", "tableau")
    p1.stock.update(mc=20)
    run_proc(game, "one_action", answers=["use the action of Space Mirrors"])
    assert p1.stock["energy_prod"] == 1 and p1.stock["mc"] == 13
    run_proc(game, "one_action")   # the action is no option now: the power plant is the only one, not asked
    assert p1.stock["energy_prod"] == 2
    run_proc(game, "production")   # (production resets nothing by hand now: the card's option is `once per gen`)
    p1.stock.update(mc=7)
    assert run_proc(game, "one_action") == [] and p1.stock["energy_prod"] == 2   # 7 M€: nothing to do
    game.end_of("gen", None)   # the round of the loop `gen` is over, as in play: the period starts again
    run_proc(game, "one_action")   # a new generation: the action again, the only option at 7 M€
    assert p1.stock["energy_prod"] == 3


@pytest.mark.parametrize("players,seed", [(1, 1), (2, 2), (3, 3)])
def test_random_games_end_with_every_parameter_maxed_and_agree_on_both_backends(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        assert (g(game, "oxygen"), g(game, "temperature"), g(game, "oceans")) == (14, 8, 9)
        best = max(p.stock["score"] for p in game.state.players)
        assert {p.name for p in game.state.players if p.stock["score"] == best} >= set(result["winners"])


def test_the_draft_keeps_one_card_and_passes_the_rest_until_four_are_kept(program):
    game = new_game(program)
    deck = game.zone(None, "deck")
    for e in [e for e in game.program.entities.values() if e.kind == "project"][:8]:
        game.move(e, deck)
    for p in range(2):
        run_proc(game, "deal_research", 4, player=p)
    dealt = {p.name: list(game.zone(p, "drawn").items) for p in game.state.players}
    run_proc(game, "draft_research", answers=[0] * 6)   # the fourth card of each round is the last: not asked
    kept = {p.name: list(game.zone(p, "drawn").items) for p in game.state.players}
    assert all(len(cards) == 4 for cards in kept.values())
    assert sorted(map(str, sum(kept.values(), []))) == sorted(map(str, sum(dealt.values(), [])))
    assert kept["P1"][0] == dealt["P1"][0] and kept["P1"][1] in dealt["P2"]   # the second came from the right
