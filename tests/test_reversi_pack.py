"""tests/packs/reversi: Reversi (Othello) written by a designer new to the language (branch trial7), with the
rulebook's cases as assertions: the four opening moves, a disc that outflanks along two lines at once, a run
not closed by one's own disc that flips nothing, the pass, the end when neither can move; both backends alike,
lint clean and `fmt` stable."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = Path(__file__).parent / "packs" / "reversi"


program = pack_program(PACK)


def discs(game: Game) -> dict[str, str]:
    """The board as {square: player's name}, the empty squares left out."""
    return {k[6:-1].replace(",", ""): v.name for k, v in game.state.gvars.items() if k.startswith("board[") and v}


def lay(game: Game, black: str, white: str) -> None:
    """Clear the board and lay Black's discs on `black`, White's on `white` (squares as `d5 e4`)."""
    for key in [k for k in game.state.gvars if k.startswith("board[")]:
        game.state.gvars[key] = None
    for squares, holder in ((black, game.state.players[0]), (white, game.state.players[1])):
        for s in squares.split():
            game.state.gvars[f"board[{s[0]},{s[1]}]"] = holder


def test_black_opens_with_one_of_four_moves_each_flipping_one_disc(program):
    game = Game(program, 2, 1)
    first = game.start()
    assert first.player.name == "Black" and first.options == ["c4", "d3", "e6", "f5"]
    assert discs(game) == {"d4": "White", "d5": "Black", "e4": "Black", "e5": "White"}
    second = game.apply("d3")
    assert discs(game) == {"d3": "Black", "d4": "Black", "d5": "Black", "e4": "Black", "e5": "White"}
    assert second.player.name == "White" and second.options == ["c3", "c5", "e3"]


def test_one_disc_outflanks_along_two_lines_and_a_line_left_open_flips_nothing(program):
    game = Game(program, 2, 1)
    # Black at a1 closes the column a2-a3 with a4 and the diagonal b2-c3 with d4; the row b1-c1 runs to an
    # empty d1, so it stays White
    lay(game, "a4 d4", "a2 a3 b2 c3 b1 c1")
    run_proc(game, "turn")   # the only move: placed without asking
    assert discs(game) == {"a1": "Black", "a2": "Black", "a3": "Black", "a4": "Black", "b2": "Black",
                           "c3": "Black", "d4": "Black", "b1": "White", "c1": "White"}


def test_a_player_with_no_legal_move_passes_and_the_game_ends_when_neither_can_move(program):
    game = Game(program, 2, 1)
    lay(game, "a1 a2", "a3")   # White outflanks nothing; Black may play a4
    run_proc(game, "turn", player=1)
    assert game.messages[-1] == "White cannot move and passes" and game.state.globals["passes"] == 1
    run_proc(game, "turn", player=0)   # a4, the only move
    assert discs(game) == {"a1": "Black", "a2": "Black", "a3": "Black", "a4": "Black"}
    assert game.state.globals["passes"] == 0


@pytest.mark.parametrize("seed", range(4))
def test_random_games_end_with_no_legal_move_for_either_and_agree_on_both_backends(seed):
    for game, result in played_on_both_backends(PACK, 2, seed):
        counts = {name: list(discs(game).values()).count(name) for name in ("Black", "White")}
        can_move = game.program.funcs["can_move"]
        assert not any(can_move(game, p, p) for p in game.state.players)
        assert result["scores"] == {name: [n] for name, n in counts.items()} and sum(counts.values()) <= 64
        most = max(counts.values())
        assert result["winners"] == ([name for name, n in counts.items() if n == most] if counts["Black"] != counts["White"] else [])
