"""tests/packs/hex: Hex written by a designer new to the language (trial31): a player wins by joining their two
sides with a chain of their stones, adjacency is the six hexes around a hex (not a square's four or eight),
the second player may take the first stone by the swap rule, and a game always ends with a winner (Hex has
no draws); both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game, GameEnded
from rulebook.runtime.state import Record

from .conftest import drive, func_for, pack_program, played_on_both_backends, run_proc

PACK = Path(__file__).parent / "packs" / "hex"

program = pack_program(PACK)


def cell(q: int, r: int) -> Record:
    return Record("cell", {"q": q, "r": r})


def board(program, stones: dict, size: int = 7) -> Game:
    """A game on a board of `size` whose stones stand as `stones` ({(q, r): seat})."""
    game = Game(program, 2, 1, None, [f"size={size}"])
    for (q, r), seat in stones.items():
        game.state.gvars[f"stone[{q},{r}]"] = game.state.players[seat - 1]
    return game


def joined(game: Game, seat: int) -> bool:
    return func_for(game, "joined", game.state.players[seat - 1])


def test_red_joins_the_q_sides_and_blue_the_r_sides(program):
    across = {(q, 4): 1 for q in range(1, 8)}
    game = board(program, across)
    assert joined(game, 1) and not joined(game, 2)
    down = {(4, r): 2 for r in range(1, 8)}
    game = board(program, down)
    assert joined(game, 2) and not joined(game, 1)
    # Red's stones along Blue's direction touch Blue's sides, not Red's: no win for anyone
    game = board(program, {(4, r): 1 for r in range(1, 8)})
    assert not joined(game, 1) and not joined(game, 2)


def test_a_gap_breaks_the_chain(program):
    game = board(program, {(q, 4): 1 for q in range(1, 8) if q != 5})
    assert not joined(game, 1)


def test_a_chain_steps_to_the_six_hexes_around_a_hex(program):
    # (q + 1, r - 1) is a hex neighbour: a chain rising one row at each step joins Red's sides
    rising = {(q, 8 - q): 1 for q in range(1, 8)}
    assert joined(board(program, rising), 1)
    # (q + 1, r + 1) is no neighbour of a hex (it would be on a square board, diagonally)
    falling = {(q, q): 1 for q in range(1, 8)}
    assert not joined(board(program, falling), 1)


def test_the_winning_stone_ends_the_game(program):
    game = board(program, {(q, 4): 1 for q in range(1, 7)})
    with pytest.raises(GameEnded):
        run_proc(game, "place", cell(7, 4))
    assert game.messages[-1] == "Red plays 7,4"


def test_the_swap_rule_gives_blue_the_first_stone_mirrored(program):
    game = board(program, {(2, 5): 1})
    blue = game.state.players[1]
    drive(game, game.program.procs["offer_swap"](game, blue), ["swap"])
    assert game.state.gvars["stone[2,5]"] is None and game.state.gvars["stone[5,2]"] is blue
    # Blue not swapping plays a stone of their own instead
    game = board(program, {(2, 5): 1})
    drive(game, game.program.procs["offer_swap"](game, blue), ["play on", "3,3"])
    assert game.state.gvars["stone[2,5]"] is game.state.players[0] and game.state.gvars["stone[3,3]"] is blue


def test_the_board_size_is_an_option(program):
    small = Game(program, 2, 1, None, ["size=7"]).start()
    assert len(small.options) == 49
    assert len(Game(program, 2, 1).start().options) == 121


@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_end_with_a_chain_on_both_backends(seed):
    for game, result in played_on_both_backends(PACK, 2, seed):
        winner = result["winners"]
        assert len(winner) == 1
        seat = 1 if winner[0] == "Red" else 2
        assert joined(game, seat) and not joined(game, 3 - seat)
