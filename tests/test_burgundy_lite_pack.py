"""tests/packs/burgundy_lite: The Castles of Burgundy, lite (provisional: a nine-space estate, four tile kinds),
written by a designer new to the language (branch trial34), with the rulebook's rules as assertions: a die turned
by workers one step each, round from 6 to 1; a tile placed only on an empty space of the die's number and the
tile's colour next to a built space; a castle's extra action as a die of any number; the bonus of the first to fill
a colour; seeded games alike on both backends."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = Path(__file__).parent / "packs" / "burgundy_lite"


program = pack_program(PACK)


def fresh(program) -> Game:
    """A game with the first player's centre castle built and nothing else placed."""
    game = Game(program, 2, 1)
    you = game.state.players[0]
    game.move(program.entities["castle_tile"], game.zone(you, "estate"))
    you.vars["built[s1]"] = program.entities["castle_tile"]
    return game


def store(game: Game, names: list[str]) -> None:
    for name in names:
        game.move(game.program.entities[name], game.zone(game.state.players[0], "storage"))


def test_each_worker_turns_a_die_one_step_round_from_six_to_one(program):
    game = fresh(program)
    you = game.state.players[0]
    you.stock["workers"] = 1
    asked = run_proc(game, "use_die", 6, answers=["1"])   # empty depots, nothing stored: workers alone
    assert asked[0].prompt == "turn the 6 to" and asked[0].options == ["1", "5", "6"]
    assert you.stock["workers"] == 1 - 1 + 2   # one spent turning the 6 into a 1, two taken with the 1
    you.stock["workers"] = 2
    asked = run_proc(game, "use_die", 3, answers=["5"])
    assert asked[0].options == ["1", "2", "3", "4", "5"]   # two workers: two steps either way
    assert you.stock["workers"] == 2


def test_a_die_takes_a_tile_from_the_depot_of_its_number(program):
    game = fresh(program)
    you = game.state.players[0]
    game.move(program.entities["mine_tile"], game.zone(None, "depot[4]"))
    you.stock["workers"] = 0
    run_proc(game, "use_die", 4, answers=["take a tile from depot 4"])
    assert [t.name for t in game.zone(you, "storage").items] == ["mine_tile"]


def test_a_tile_goes_on_a_space_of_the_dice_number_and_its_colour_next_to_a_built_one(program):
    game = fresh(program)
    you = game.state.players[0]
    fits = lambda tile, space, v: program.funcs["fits"](game, you, program.entities[tile], space, v)
    assert fits("pasture_tile", "s3", 2)
    assert not fits("pasture_tile", "s3", 1)   # the space is numbered 2
    assert not fits("mine_tile", "s3", 2)      # a pasture space
    assert not fits("ship_tile", "s8", 2)      # s8 is next to s2 and s7, neither built
    store(game, ["ship_tile", "pasture_tile#2"])
    run_proc(game, "act", 1, answers=["place a tile on a space numbered 1"])   # the pasture alone fits: on s2
    assert you.vars["built[s2]"] == program.entities["pasture_tile#2"] and you.stock["vp"] == 3
    assert fits("ship_tile", "s8", 2)


def test_a_castle_placed_gives_one_more_action_as_a_die_of_any_number(program):
    game = fresh(program)
    you = game.state.players[0]
    store(game, ["castle_tile#2"])
    game.move(program.entities["pasture_tile"], game.zone(None, "depot[5]"))
    asked = run_proc(game, "act", 1, answers=["place a tile on a space numbered 1", "5",
                                              "take a tile from depot 5"])
    assert asked[1].prompt == "the castle's action, as a die of" and asked[1].options == [str(v) for v in range(1, 7)]
    assert you.vars["built[s7]"] == program.entities["castle_tile#2"]
    assert [t.name for t in game.zone(you, "storage").items] == ["pasture_tile"]
    # 4 for the castle, and 5 for the first to fill both castle spaces
    assert you.stock["vp"] == 4 + 5 and game.state.gvars["first_to_fill[castle]"] == you


@pytest.mark.parametrize("seed", range(1, 4))
def test_seeded_games_finish_alike_on_both_backends(seed):
    for game, result in played_on_both_backends(PACK, 2, seed):
        assert result["over"] and result["winners"]
        for p in game.state.players:
            assert len(game.zone(p, "storage").items) <= 3
            built = [k for k, v in p.vars.items() if k.startswith("built[") and v is not None]
            assert len(built) == len(game.zone(p, "estate").items)
