"""tests/packs/kalah: Kalah's board as `counter seeds[player, 1..6]`, an index of the players (a row a seat):
the rulebook's moves (a last seed in the store moves again, a last seed in an empty pit captures), the seeds
kept, both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "kalah")


program = pack_program(PACK)


def board(game: Game) -> list[list[int]]:
    """Each player's six pits, in seat order."""
    return [[game.state.globals[f"seeds[{s},{i}]"] for i in range(1, 7)] for s in (1, 2)]


def set_board(game: Game, rows: list[list[int]]) -> None:
    for s, row in enumerate(rows, 1):
        for i, n in enumerate(row, 1):
            game.state.globals[f"seeds[{s},{i}]"] = n


def stores(game: Game) -> list[int]:
    return [p.stock["store"] for p in game.state.players]


def test_four_seeds_from_the_third_pit_end_in_the_store_and_the_player_moves_again(program):
    game = Game(program, 2, 1)
    first = game.start()
    assert first.player.name == "P1" and first.prompt == "sow from which pit?"
    again = game.apply("3")
    assert board(game) == [[4, 4, 0, 5, 5, 5], [4, 4, 4, 4, 4, 4]] and stores(game) == [1, 0]
    assert again.player.name == "P1" and again.prompt == "sow from which pit?"   # the last seed went to the store
    after = game.apply("1")   # 4 seeds: pits 2 to 5, and the turn passes
    assert board(game) == [[0, 5, 1, 6, 6, 5], [4, 4, 4, 4, 4, 4]] and after.player.name == "P2"


def test_a_last_seed_in_an_empty_pit_of_ones_own_takes_the_seeds_opposite(program):
    game = Game(program, 2, 1)
    set_board(game, [[0, 0, 1, 0, 2, 0], [3, 0, 5, 0, 0, 1]])
    run_proc(game, "sow", answers=["3"])   # the seed lands in pit 4, empty; opposite it, the other's pit 3
    assert board(game) == [[0, 0, 0, 0, 2, 0], [3, 0, 0, 0, 0, 1]] and stores(game) == [6, 0]
    set_board(game, [[0, 0, 1, 0, 2, 0], [3, 0, 0, 0, 0, 1]])
    run_proc(game, "sow", answers=["3"])   # nothing opposite: the seed stays
    assert board(game) == [[0, 0, 0, 1, 2, 0], [3, 0, 0, 0, 0, 1]] and stores(game) == [6, 0]


def test_the_other_players_store_is_passed_over(program):
    game = Game(program, 2, 1)
    set_board(game, [[0, 0, 0, 0, 0, 9], [0, 0, 0, 0, 0, 0]])
    # (the one pit: nothing is asked) our store, their six pits, not their store, our pits 1 and 2; the last
    # seed lies alone in our pit 2, so it takes the seed of their pit 5 with it
    run_proc(game, "sow")
    assert board(game) == [[1, 0, 0, 0, 0, 0], [1, 1, 1, 1, 0, 1]] and stores(game) == [1 + 2, 0]


@pytest.mark.parametrize("seed", range(6))
def test_random_games_keep_all_48_seeds_and_agree_on_both_backends(seed):
    for game, result in played_on_both_backends(PACK, 2, seed):
        assert sum(stores(game)) == 48 and board(game) == [[0] * 6, [0] * 6]
