"""tests/packs/pandemic_brink: Pandemic: On the Brink as an expansion of the base pack (branch trial26), with the
rules as assertions: the Generalist's five actions, the Epidemiologist's card taken as no action, the
Containment Specialist clearing a cube of each colour with two or more where they arrive, the Field
Operative's samples and cure with three cards; the Virulent Strain chosen at the first epidemic (the most cubes
on the board), an effect revealed with each epidemic, Chronic Effect's two cubes; whole games alike on both
backends, lint clean and `fmt` stable."""

from __future__ import annotations

from pathlib import Path

from rulebook.runtime.engine import Game

from .conftest import answer_by_prompt, pack_program, played_on_both_backends, run_proc

PACK = Path(__file__).parent / "packs" / "pandemic_brink"

program = pack_program(PACK)


def with_roles(program, *roles: str) -> Game:
    """A game (its setup not played) whose players hold these roles, in seat order."""
    game = Game(program, len(roles), 1)
    for player, role in zip(game.state.players, roles):
        game.give_role(player, role)
    return game


def city_card(game: Game, city: str):
    return game.program.entities[f"card_{city}"] if f"card_{city}" in game.program.entities else next(
        e for e in game.program.entities.values() if e.kind == "city_card" and e.fields.get("city") == city)


def test_the_generalist_has_five_actions_and_the_others_four(program):
    game = with_roles(program, "generalist", "medic")
    generalist, medic = game.state.players
    assert program.funcs["actions_per_turn"](game, generalist) == 5
    assert program.funcs["actions_per_turn"](game, medic) == 4


def test_the_containment_specialist_removes_one_cube_of_each_colour_with_two_or_more(program):
    game = with_roles(program, "containment_specialist", "medic")
    cubes = game.state.globals
    cubes["cubes[paris,blue]"], cubes["cubes[paris,red]"], cubes["cubes[paris,black]"] = 3, 2, 1
    run_proc(game, "arrive", "paris")
    assert (cubes["cubes[paris,blue]"], cubes["cubes[paris,red]"], cubes["cubes[paris,black]"]) == (2, 1, 1)
    assert game.state.players[0].vars["at"] == "paris"
    # another role arriving there removes nothing
    run_proc(game, "arrive", "paris", player=1)
    assert (cubes["cubes[paris,blue]"], cubes["cubes[paris,red]"]) == (2, 1)


def test_the_field_operative_takes_a_sample_and_cures_with_three_cards_and_two_samples(program):
    game = with_roles(program, "field_operative", "medic")
    operative = game.state.players[0]
    game.state.globals["cubes[atlanta,blue]"] = 2
    game.state.gvars["station[atlanta]"] = True
    answer_by_prompt(program.procs["one_action"](game, operative), {"action": "take a sample cube"})
    assert operative.stock["samples[blue]"] == 1 and game.state.globals["cubes[atlanta,blue]"] == 1
    operative.stock["samples[blue]"] = 2
    for city in ("chicago", "montreal", "london"):
        game.move(city_card(game, city), game.zone(operative, "hand"))
    answer_by_prompt(program.procs["one_action"](game, operative), {"action": "discover a cure with samples"})
    assert game.state.gvars["cured[blue]"] and operative.stock["samples[blue]"] == 0
    assert operative.zones["hand"] == []


def test_the_epidemiologist_takes_a_city_card_from_a_player_there_as_no_action(program):
    game = with_roles(program, "epidemiologist", "medic")
    epidemiologist, medic = game.state.players
    game.move(city_card(game, "tokyo"), game.zone(medic, "hand"))
    game.state.globals["actions_left"] = 3
    answer_by_prompt(program.procs["one_action"](game, epidemiologist),
                     {"action": "take a city card from a player here (no action)"})
    assert [c.name for c in epidemiologist.zones["hand"]] == [city_card(game, "tokyo").name]
    # the turn's loop takes one action for it: the one given back leaves 3
    assert game.state.globals["actions_left"] == 4


def test_the_first_epidemic_makes_the_colour_with_most_cubes_the_virulent_strain(program):
    game = Game(program, 2, 1)
    d = game.start()
    assert d is not None and game.state.gvars["strain"] is None
    most = max(("blue", "yellow", "black", "red"),
               key=lambda k: (sum(v for n, v in game.state.globals.items() if n.startswith("cubes[") and n.endswith(f",{k}]")),
                              -("blue", "yellow", "black", "red").index(k)))
    run_proc(game, "epidemic_strikes")
    assert game.state.gvars["strain"] == most
    assert len(game.state.zones["virulent_revealed"]) == 1 and len(game.state.zones["virulent_deck"]) == 2


def test_chronic_effect_puts_two_cubes_on_a_city_free_of_the_strain(program):
    game = with_roles(program, "medic", "generalist")
    game.state.gvars["strain"], game.state.gvars["chronic"] = "red", True
    run_proc(game, "infect", "tokyo", "red", 1)
    assert game.state.globals["cubes[tokyo,red]"] == 2
    run_proc(game, "infect", "tokyo", "red", 1)   # one there already: one more
    assert game.state.globals["cubes[tokyo,red]"] == 3
    run_proc(game, "infect", "paris", "blue", 1)   # not the strain
    assert game.state.globals["cubes[paris,blue]"] == 1


def test_whole_games_alike_on_both_backends():
    for seed in (1, 2):
        for _game, result in played_on_both_backends(PACK, 4, seed):
            assert result is not None
