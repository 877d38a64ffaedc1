"""tests/packs/mastermind: Mastermind written by a designer new to the language (trial3): the code in a `hidden`
indexed variable, the codebreaker told the code's pegs masked (the find that mended the hot seat), the
feedback pegs worked out by the rules, the codemaker's points, the roles alternating; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game
from rulebook.runtime.view import told_answer

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "mastermind")


program = pack_program(PACK)


def points(game: Game) -> list[int]:
    return [p.stock["points"] for p in game.state.players]


def test_black_pegs_for_the_right_places_and_white_for_right_colours_elsewhere(program):
    game = Game(program, 2, 1)
    code = ["Red", "Red", "Blue", "Green"]
    guesses = [["Red", "Blue", "Red", "Red"],          # 1 black (peg 1); red and blue elsewhere: 2 white
               ["Green", "Green", "Green", "Green"],    # 1 black (peg 4), no white: one green in the code
               ["Yellow", "White", "Black", "Yellow"],  # nothing
               ["Red", "Red", "Blue", "Green"]]        # broken on the fourth guess
    run_proc(game, "play_game", game.state.players[0], answers=code + sum(guesses, []))
    assert [m.rsplit(": ", 1)[1] for m in game.messages] == [
        "1 black, 2 white", "1 black, 0 white", "0 black, 0 white", "4 black, 0 white"]
    assert points(game) == [4, 0]   # the codemaker scores a point a guess


def test_a_code_not_broken_in_ten_guesses_scores_eleven(program):
    game = Game(program, 2, 1)
    run_proc(game, "play_game", game.state.players[1], answers=["Black"] * 4 + ["White"] * 40)
    assert points(game) == [0, 11] and game.messages[-1] == "P2: the code is not broken"


def test_the_codebreaker_is_told_a_peg_was_set_not_its_colour(program):
    game = Game(program, 2, 1)
    d = game.start()
    assert d.player.name == "P1" and told_answer(game, d, 1, 2) == "colour of peg 1 of your code → …"


@pytest.mark.parametrize("seed", range(4))
def test_random_games_alternate_the_codemaker_and_agree_on_both_backends(seed):
    for game, result in played_on_both_backends(PACK, 2, seed):
        assert all(p >= 1 for p in points(game))   # each made the code once (a point a guess, at least one)
