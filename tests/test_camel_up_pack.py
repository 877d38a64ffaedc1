"""tests/packs/camel_up: Camel Up (first edition) written by a designer new to the language (the trial10 session,
whose overall bets gave W574): stacks carried and landed on, the desert tiles' oasis and mirage, the leg's
scoring (5/3/2 tiles, +1 for the second camel, -1 otherwise), the overall bets paid 8, 5, 3, 2, 1 in the order
laid and told to the others as `…`; both backends alike; lint clean and in canonical form."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game
from rulebook.runtime.view import told_answer

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "camel_up")
CAMELS = ("blue", "green", "orange", "yellow", "white")


program = pack_program(PACK)


def track(game: Game, stacks: dict[int, list[str]]) -> None:
    """Each camel on its space, bottom first."""
    for space, stack in stacks.items():
        for level, c in enumerate(stack):
            game.state.globals[f"space[{c}]"], game.state.globals[f"level[{c}]"] = space, level


def stacks(game: Game) -> dict[int, list[str]]:
    """The track as spaces to stacks, bottom first."""
    found: dict[int, list[str]] = {}
    for c in sorted(CAMELS, key=lambda c: game.state.globals[f"level[{c}]"]):
        found.setdefault(game.state.globals[f"space[{c}]"], []).append(c)
    return dict(sorted(found.items()))


def money(game: Game) -> list[int]:
    return [p.stock["money"] for p in game.state.players]


def started(program, players: int = 3) -> Game:
    game = Game(program, players, 1)
    game.start()
    return game


def test_a_camel_carries_the_camels_on_it_and_lands_on_top(program):
    game = started(program)
    track(game, {2: ["blue", "green", "orange"], 4: ["yellow"], 6: ["white"]})
    run_proc(game, "move_camel", "green", 2)   # green carries orange, not blue; they land on yellow
    assert stacks(game) == {2: ["blue"], 4: ["yellow", "green", "orange"], 6: ["white"]}


def test_an_oasis_moves_the_camel_on_and_a_mirage_back_under_the_stack_and_pays_its_owner(program):
    game = started(program)
    track(game, {2: ["blue", "green"], 6: ["orange"], 4: ["yellow"], 9: ["white"]})
    p2, p3 = game.state.players[1], game.state.players[2]
    p2.stock["desert"], p2.stock["oasis"] = 5, 1
    p3.stock["desert"], p3.stock["oasis"] = 7, 0
    run_proc(game, "move_camel", "blue", 3)   # onto the oasis on 5: on to 6, on top of orange
    assert stacks(game)[6] == ["orange", "blue", "green"] and money(game) == [3, 4, 3]
    run_proc(game, "move_camel", "yellow", 3)   # onto the mirage on 7: back to 6, under the stack
    assert stacks(game)[6] == ["yellow", "orange", "blue", "green"] and money(game) == [3, 4, 4]


def test_the_desert_tile_goes_on_an_empty_space_not_next_to_another(program):
    game = started(program)
    track(game, {1: ["blue", "green", "orange", "yellow", "white"]})
    game.state.players[1].stock["desert"] = 5
    asked = run_proc(game, "turn", answers=["place your desert tile", "8", "yes"])
    spaces = next(d for d in asked if d.prompt == "place it on which space?").options
    assert "4" not in spaces and "5" not in spaces and "6" not in spaces and "1" not in spaces and "2" in spaces
    assert game.state.players[0].stock["desert"] == 8 and game.state.players[0].stock["oasis"] == 1


def test_the_leg_pays_the_leaders_tiles_one_for_the_second_and_costs_one_otherwise(program):
    game = started(program)
    track(game, {3: ["blue"], 5: ["green", "orange"], 9: ["white", "yellow"]})   # yellow leads, white second
    run_proc(game, "turn", answers=["take a leg-betting tile", "Yellow (5)"])
    run_proc(game, "turn", player=1, answers=["take a leg-betting tile", "Yellow (3)"])
    run_proc(game, "turn", player=1, answers=["take a leg-betting tile", "White (5)"])
    run_proc(game, "turn", player=2, answers=["take a leg-betting tile", "Blue (5)"])
    run_proc(game, "turn", player=2, answers=["take a leg-betting tile", "Orange (5)"])
    game.state.players[2].stock["tickets"] = 2
    run_proc(game, "score_leg")
    assert money(game) == [3 + 5, 3 + 3 + 1, 3 - 1 - 1 + 2]
    assert all(game.state.globals[f"tiles_left[{c}]"] == 3 for c in CAMELS)


def test_the_overall_winner_bets_are_paid_in_the_order_laid_and_a_wrong_one_costs_one(program):
    game = started(program, 4)
    track(game, {14: ["blue"], 15: ["green"], 17: ["orange"], 12: ["yellow"], 16: ["white"]})
    for player, camel in ((2, "Orange"), (0, "Orange"), (1, "White"), (3, "Orange")):
        run_proc(game, "turn", player=player, answers=["bet on the overall winner or loser", "Winner", camel])
    run_proc(game, "score_race")
    assert money(game) == [3 + 5, 3 - 1, 3 + 8, 3 + 3]


def test_the_camel_backed_is_told_to_the_others_as_hidden(program):
    game = started(program)
    gen = game.program.procs["turn"](game, game.state.players[0])
    d = gen.send(None)
    d = gen.send(d.options.index("bet on the overall winner or loser"))
    d = gen.send(d.options.index("Loser"))
    assert d.prompt == "which camel?"
    assert told_answer(game, d, 0, 2) == "which camel? → Orange" and told_answer(game, d, 1, 2) == "which camel? → …"


@pytest.mark.parametrize("players,seed", [(2, 1), (5, 2), (8, 3)])
def test_random_races_agree_on_both_backends_and_end_past_the_finish(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        assert max(game.state.globals[f"space[{c}]"] for c in CAMELS) > 16
        assert sorted(c for c in CAMELS) == sorted(c for s in stacks(game).values() for c in s)
