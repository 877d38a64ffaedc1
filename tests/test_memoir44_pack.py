"""tests/packs/memoir44: Memoir '44's hex battlefield and sections seen from each side, dice by unit and
range with terrain, a unit in contact firing only at its neighbours, hits by symbol, retreats on flags
(a blocked one costing a figure), medals for destroyed units ending the game, both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game, GameEnded

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "memoir44")


program = pack_program(PACK)


def at(name: str, h) -> str:
    """The state key of the element of `name` at hex `h`."""
    return f"{name}[{h.fields['q']},{h.fields['r']}]"


def unit(game: Game, h) -> str:
    """The troop of the unit on hex `h` (no_unit on an empty hex)."""
    return f(game, "troop_on", h)


def figures(game: Game, h) -> int:
    """The figures the unit on hex `h` has left: a variable of the piece itself, not of the hex."""
    piece = f(game, "unit_on", h)
    return game.state.evars[piece.key]["figures"]


def f(game: Game, name: str, *args, player: int = 0):
    return game.program.funcs[name](game, game.state.players[player], *args)


def empty_board(program) -> Game:
    """A game with no unit on the board (the scenario's setup not run, its units mustered off the board)."""
    game = Game(program, 2, 1)
    run_proc(game, "muster")
    return game


def place(game: Game, col: int, row: int, troop: str, side: int):
    h = f(game, "hex_of", col, row)
    run_proc(game, "deploy", h, troop, game.state.players[side])
    return h


def test_the_board_is_13_by_9_and_its_hexes_have_six_neighbours(program):
    game = empty_board(program)
    assert f(game, "board_size") == 13 * 9
    centre = f(game, "hex_of", 7, 4)
    assert len(f(game, "beside", centre)) == 6
    assert f(game, "distance", centre, f(game, "hex_of", 7, 7)) == 3


def test_the_sections_are_each_sides_own_left_and_right(program):
    game = empty_board(program)
    allies, axis = game.state.players
    h = f(game, "hex_of", 2, 4)
    assert f(game, "section_of", h, allies) == "left" and f(game, "section_of", h, axis) == "right"
    assert f(game, "section_of", f(game, "hex_of", 7, 4), axis) == "centre"


def test_dice_by_unit_and_range_less_the_terrain(program):
    game = empty_board(program)
    inf = place(game, 7, 6, "infantry", 0)
    arm = place(game, 5, 6, "armour", 0)
    art = place(game, 7, 8, "artillery", 0)
    target = place(game, 7, 4, "infantry", 1)   # two hexes from the infantry
    assert f(game, "dice_against", inf, target) == 2
    assert f(game, "dice_against", arm, target) == 3
    assert f(game, "dice_against", art, target) == 2   # four hexes: 2 dice
    game.state.gvars[at("terrain", target)] = "forest"
    assert f(game, "dice_against", inf, target) == 1 and f(game, "dice_against", art, target) == 2


def test_a_unit_in_contact_battles_only_its_neighbours(program):
    game = empty_board(program)
    inf = place(game, 7, 6, "infantry", 0)
    far = place(game, 7, 4, "infantry", 1)
    assert f(game, "targets", inf) == [far]
    near = place(game, 8, 6, "armour", 1)
    assert f(game, "targets", inf) == [near]


def test_hits_by_symbol_and_a_blocked_retreat_costs_a_figure(program):
    game = empty_board(program)
    axis = game.state.players[1]
    target = place(game, 7, 4, "infantry", 1)
    run_proc(game, "take_hit", target)
    assert figures(game, target) == 3
    for col in range(1, 14):   # the Axis' row behind is full: the retreat cannot be made
        if unit(game, f(game, "hex_of", col, 3)) == "no_unit":
            place(game, col, 3, "infantry", 1)
    run_proc(game, "retreat", target, 2)
    assert figures(game, target) == 1 and axis.stock.get("medals", 0) == 0


def test_a_retreat_goes_towards_the_units_own_edge(program):
    game = empty_board(program)
    target = place(game, 7, 4, "infantry", 1)   # Axis: back is row 3
    run_proc(game, "retreat", target, 1, player=0, answers=[0])
    assert unit(game, target) == "no_unit"
    moved = [h for h in f(game, "beside", target) if unit(game, h) == "infantry"]
    assert len(moved) == 1 and moved[0].fields["r"] == 3


def test_a_destroyed_unit_gives_a_medal_and_the_fifth_ends_the_game(program):
    game = empty_board(program)
    allies = game.state.players[0]
    target = place(game, 7, 4, "artillery", 1)
    run_proc(game, "take_hit", target)
    run_proc(game, "take_hit", target)
    assert allies.stock["medals"] == 1 and unit(game, target) == "no_unit"
    allies.stock["medals"] = 4
    last = place(game, 2, 2, "infantry", 1)
    game.set_field(f(game, "unit_on", last), "figures", 1)
    with pytest.raises(GameEnded):
        run_proc(game, "take_hit", last)
    assert allies.stock["medals"] == 5


@pytest.mark.parametrize("seed", range(2))
def test_random_games_end_at_five_medals_and_agree_on_both_backends(seed):
    for game, result in played_on_both_backends(PACK, 2, seed):
        winner = [p for p in game.state.players if p.name in result["winners"]]
        assert len(winner) == 1 and winner[0].stock["medals"] == 5
