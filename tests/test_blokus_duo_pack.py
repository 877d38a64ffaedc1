"""tests/packs/blokus_duo: Blokus Duo written by a designer new to the language (trial3): the 21 pieces of each
colour, each laid any way it lies (`orientations(s.cells)`, branch shapes2, in place of the 91 forms written by
hand), by the rulebook's placement rules (a starting point first, then corners of one's own colour only, never
its edges), passing when blocked, the scores; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import compile_pack
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "blokus_duo")


program = pack_program(PACK)


def lay(game: Game, seat: int, piece: str, *squares: tuple) -> None:
    """The piece of P`seat` laid on `squares`, as if played."""
    p = game.state.players[seat - 1]
    for x, y in squares:
        game.state.gvars[f"board[{x},{y}]"] = p
    p.vars[f"placed[{piece}]"] = True


def offered(game: Game, seat: int = 1) -> list[str]:
    gen = game.program.procs["turn"](game, game.state.players[seat - 1])
    try:
        return gen.send(None).options
    except StopIteration:
        return []


def test_the_first_piece_covers_a_starting_point(program):
    # every way of laying each piece with one of its squares on 5-5 or 10-10 (all fit on the board): the 1, 2,
    # 6, 19 and 63 fixed polyominoes of one to five squares, each square of each on either point
    first = offered(Game(program, 2, 1))
    assert len(first) == 2 * (1 * 1 + 2 * 2 + 3 * 6 + 4 * 19 + 5 * 63)
    assert "I1 way 1 at 5-5" in first and "I1 way 1 at 4-4" not in first


def test_a_later_piece_touches_its_colour_at_a_corner_never_along_an_edge(program):
    game = Game(program, 2, 1)
    lay(game, 1, "i1", (5, 5))
    lay(game, 2, "o4", (6, 5), (7, 5), (6, 4), (7, 4))   # the other colour may be touched anywhere
    moves = offered(game)
    assert "I2 way 1 at 6-6" in moves        # 6-6 and 7-6: a corner of 5-5, beside the other colour
    assert "I2 way 1 at 4-6" not in moves    # 4-6 and 5-6: along 5-5's edge
    assert "I2 way 1 at 7-7" not in moves    # touches nothing of its colour
    assert not any(m.startswith("I1 ") for m in moves)   # the monomino is laid already


def test_a_player_who_cannot_lay_a_piece_passes(program):
    game = Game(program, 2, 1)
    lay(game, 1, "i1", (1, 1))
    for x in range(1, 15):   # the other colour fills row 2 and column 2: no corner of 1-1 is free
        lay(game, 2, "i5", (x, 2), (2, x))
    run_proc(game, "turn")
    assert game.state.players[0].vars["blocked"] is True and game.messages == ["Purple cannot lay a piece and passes"]


@pytest.mark.parametrize("pieces, monomino_last, score", [
    ([], False, -89),                      # nothing laid: 1 + 2 + 2 * 3 + 5 * 4 + 12 * 5 squares
    (["i5", "x5", "i1"], False, -89 + 11),
    ("all", False, 15),
    ("all", True, 20),
])
def test_the_score_counts_squares_left_and_the_bonuses(program, pieces, monomino_last, score):
    game = Game(program, 2, 1)
    you = game.state.players[0]
    for key in you.vars:
        if key.startswith("placed[") and (pieces == "all" or key[7:-1] in pieces):
            you.vars[key] = True
    you.vars["monomino_last"] = monomino_last
    run_proc(game, "score_up")
    assert you.stock["score"] == score


def test_random_games_agree_on_both_backends_for_their_first_moves():
    # (the interpreter takes a minute for a whole game: the first eight decisions of two seeds, compared by log
    # and state)
    for seed in (1, 2):
        (game, _), _ = played_on_both_backends(PACK, 2, seed, decisions=8)
        assert game.decisions_made == 8


def test_whole_random_games_end_with_every_square_counted():
    for seed in range(3):
        game = Game(compile_pack(PACK).program, 2, seed, make_agents("random", 2, seed))
        result = game.play()
        on_board = [sum(1 for k, v in game.state.gvars.items() if k.startswith("board[") and v is p)
                    for p in game.state.players]
        for p, covered in zip(game.state.players, on_board):
            assert p.stock["score"] == (-(89 - covered) if covered < 89 else 15 + 5 * p.vars["monomino_last"])
        assert result["over"]
