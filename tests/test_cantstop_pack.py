"""tests/packs/cantstop: Can't Stop's pairings (both sums when both fit, one when the last marker must choose),
a column claimed at its top closing it to everyone, a roll that places nothing losing the turn, three
columns ending the game, both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import drive, pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "cantstop")
HEIGHTS = dict(zip(range(2, 13), [3, 5, 7, 9, 11, 13, 11, 9, 7, 5, 3]))


program = pack_program(PACK)


def rolled(game: Game, faces: list[int]) -> Game:
    """The four dice put in the tray showing `faces`."""
    tray = game.zone(None, "tray")
    for e in [e for e in game.program.entities.values() if e.kind == "die_piece" and e not in tray.items]:
        game.move(e, tray)
    for e, face in zip(tray.items, faces):
        game.set_field(e, "shows", face)
    return game


def markers(game: Game) -> dict[int, int]:
    return {c: game.state.globals.get(f"climbing[{c}]", 0) for c in range(2, 13)
            if game.state.globals.get(f"climbing[{c}]", 0)}


def test_the_columns_are_as_high_as_the_board(program):
    game = Game(program, 2, 1)
    heights = {c: game.program.funcs["height"](game, game.state.players[0], c) for c in range(2, 13)}
    assert heights == HEIGHTS


def test_a_pairing_moves_both_markers_and_the_pairings_offered_are_the_three_ways(program):
    game = rolled(Game(program, 2, 1), [1, 2, 3, 4])
    asked = drive(game, game.program.procs["place_roll"](game, game.state.players[0]), ["4 and 6"])
    assert [str(o) for o in asked[0].options] == ["3 and 7", "4 and 6", "5 and 5"]
    assert markers(game) == {4: 1, 6: 1}
    rolled(game, [2, 3, 2, 3])   # 5 and 5, or 4 and 6 twice: a double sum climbs two steps
    run_proc(game, "place_roll", answers=[0])   # 5 and 5 (1 of 2)
    assert markers(game) == {4: 1, 5: 2, 6: 1}


def test_the_last_marker_takes_one_of_two_new_columns_and_a_used_column_still_climbs(program):
    game = Game(program, 2, 1)
    for c in (6, 7):
        game.state.globals[f"climbing[{c}]"] = 1
    rolled(game, [1, 1, 2, 6])   # 2 and 8, 3 and 7, 7 and 3: only one of 2 and 8 fits
    run_proc(game, "place_roll", answers=["2 and 8", "8"])
    assert markers(game) == {6: 1, 7: 1, 8: 1}
    rolled(game, [1, 1, 3, 3])   # 2 and 6 (only 6 fits: no marker left), 4 and 4 (none)
    run_proc(game, "place_roll")   # the one pairing that fits is taken without asking
    assert markers(game) == {6: 2, 7: 1, 8: 1}


def test_a_roll_that_places_nothing_loses_the_turns_progress(program):
    game = Game(program, 2, 1)
    for c in (6, 7, 8):
        game.state.globals[f"climbing[{c}]"] = 2
    rolled(game, [1, 1, 1, 1])
    assert run_proc(game, "place_roll") == [] and markers(game) == {6: 2, 7: 2, 8: 2}


def test_a_column_claimed_at_its_top_closes_to_everyone_and_three_win(program):
    game = Game(program, 3, 1)
    you, other = game.state.players[0], game.state.players[1]
    game.state.globals["climbed[2,2]"] = 2
    game.state.globals["climbing[2]"] = 3   # P1 reaches the top of column 2
    run_proc(game, "keep_progress")
    assert game.state.globals["climbed[1,2]"] == 3 and game.state.globals.get("climbed[2,2]", 0) == 0
    assert you.stock["columns"] == 1
    game.state.globals["climbed[2,12]"] = 1
    game.state.globals["climbing[12]"] = 1   # P2 never passes a closed column
    rolled(game, [1, 1, 6, 6])
    assert not game.program.funcs["can_place"](game, other, 2)
    assert game.program.funcs["can_place"](game, other, 12)
    assert not game.program.funcs["can_place"](game, you, 2)


@pytest.mark.parametrize("seed", range(3))
def test_random_games_end_with_three_columns_to_the_winner_and_agree_on_both_backends(seed):
    for game, result in played_on_both_backends(PACK, 2 + seed, seed):
        winner = [p for p in game.state.players if p.name in result["winners"]]
        assert len(winner) == 1 and winner[0].stock["columns"] == 3
        won = [c for c in range(2, 13) if game.state.gvars.get(f"owner[{c}]") is not None]
        assert len(won) == sum(p.stock.get("columns", 0) for p in game.state.players)
