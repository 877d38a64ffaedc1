"""tests/packs/patchwork: Patchwork written by a designer new to the language (trial14): the time track (the
player behind moves, on a tie the token on top), moving on for buttons, buying one of the three patches after the
neutral token, sewing it turned or flipped on the 9x9 quilt, button income, leather patches, the 7x7 bonus and
the score; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import compile_pack
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "patchwork")


program = pack_program(PACK)


def started(program, seed: int = 1) -> Game:
    game = Game(program, 2, seed)
    game.start()
    return game


def func(game: Game, name: str, *args, seat: int = 1):
    return game.program.funcs[name](game, game.state.players[seat - 1], *args)


def sewn(game: Game, seat: int) -> set[tuple[int, int]]:
    p = game.state.players[seat - 1]
    return {(x, y) for x in range(1, 10) for y in range(1, 10) if p.vars[f"sewn[{x},{y}]"]}


def sew_squares(game: Game, seat: int, squares) -> None:
    for x, y in squares:
        game.state.players[seat - 1].vars[f"sewn[{x},{y}]"] = True


def names(zone) -> list[str]:
    return [c.name for c in zone]


def test_the_circle_starts_after_the_two_by_one_and_each_player_has_five_buttons(program):
    game = started(program)
    circle = game.zone(None, "circle").items
    assert len(circle) == 33 and names(circle)[-1] == "d2"   # the neutral token stands just after it
    assert [p.stock["buttons"] for p in game.state.players] == [5, 5]
    assert names(func(game, "on_offer")) == names(circle)[:3]


def test_the_player_behind_moves_and_on_a_tie_the_token_on_top(program):
    game = Game(program, 2, 1)
    p1, p2 = game.state.players
    p1.stock["time"], p2.stock["time"] = 3, 5
    assert func(game, "mover") is p1
    p1.stock["time"] = 5
    game.state.gvars["on_top"] = p1   # P1 arrived last: their token lies on top
    assert func(game, "mover") is p1
    game.state.gvars["on_top"] = p2
    assert func(game, "mover") is p2


def test_moving_on_pays_a_button_a_space_and_the_income_of_the_marks_passed(program):
    game = started(program)
    p1, p2 = game.state.players
    p2.stock["time"] = 10
    p1.stock["time"] = 4
    game.move(game.program.entities["o4"], game.zone(p1, "quilt"))   # 2 buttons on the quilt
    run_proc(game, "turn", answers=["move on, a button a space"])
    # to space 11, just past P2: 7 spaces (7 buttons), passing the marks at 5 and 11 (2 each)
    assert p1.stock["time"] == 11 and p1.stock["buttons"] == 5 + 7 + 2 + 2
    assert game.state.gvars["on_top"] is p1


def test_buying_the_third_patch_moves_the_neutral_token_past_the_first_two(program):
    game = started(program)
    p1 = game.state.players[0]
    p1.stock["buttons"] = 20
    before = names(game.zone(None, "circle").items)
    bought = game.program.entities[before[2]]
    answers = ["buy a patch", bought.title, "1,1, way 1"] if func(game, "placeable", bought) else []
    run_proc(game, "turn", answers=answers)
    assert names(game.zone(None, "circle").items) == before[3:] + before[:2]
    assert p1.stock["buttons"] == 20 - bought.fields["cost"] and p1.stock["time"] == bought.fields["time"]
    assert len(sewn(game, 1)) == len(bought.fields["shape"])


def test_a_patch_is_sewn_turned_or_flipped_never_over_another(program):
    game = Game(program, 2, 1)
    corner = game.program.entities["l4a"]   # squares 0,0 0,1 0,2 1,2: an L
    # every way it lies (8, turned and flipped) fits where its 2 x 3 (or 3 x 2) box fits: 8 x 7 anchors each
    assert len(func(game, "sewings", corner)) == 8 * 8 * 7
    sew_squares(game, 1, [(x, y) for x in range(1, 10) for y in range(1, 10) if (x, y) not in
                          {(5, 5), (5, 6), (5, 7), (4, 7)}])   # room for the L flipped only (a J)
    assert [(s.fields["at"].fields["x"], s.fields["at"].fields["y"], s.fields["way"])
            for s in func(game, "sewings", corner)] == [(4, 5, 5)]   # the fifth way, its box's corner at 4,5
    sew_squares(game, 1, [(4, 7)])
    assert not func(game, "placeable", corner)


def test_the_first_to_fill_a_seven_by_seven_square_takes_the_bonus(program):
    game = Game(program, 2, 1)
    sew_squares(game, 1, [(x, y) for x in range(2, 9) for y in range(3, 10) if (x, y) != (8, 9)])
    run_proc(game, "sew", game.program.entities["d2"], answers=["8,9, way 1"])
    assert game.state.players[0].stock["seven_bonus"] == 7 and game.state.gvars["bonus_gone"] is True
    sew_squares(game, 2, [(x, y) for x in range(1, 8) for y in range(1, 8) if (x, y) != (7, 7)])
    run_proc(game, "sew", game.program.entities["d2"], player=1, answers=["7,7, way 1"])
    assert game.state.players[1].stock["seven_bonus"] == 0   # the tile is gone


def test_passing_a_leather_patch_sews_it_at_once(program):
    game = Game(program, 2, 1)
    p1 = game.state.players[0]
    p1.stock["time"] = 24
    run_proc(game, "move_time", 3, answers=["9,9"])   # past 26
    assert sewn(game, 1) == {(9, 9)} and game.state.gvars["leather_gone[1]"] is True


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_whole_game_scores_buttons_and_bonus_minus_two_a_square_left_empty(seed):
    game = Game(compile_pack(PACK).program, 2, seed, make_agents("random", 2, seed))
    result = game.play()
    for seat, p in enumerate(game.state.players, 1):
        assert p.stock["time"] == 53
        assert p.stock["score"] == p.stock["buttons"] + p.stock["seven_bonus"] - 2 * (81 - len(sewn(game, seat)))
    assert result["winners"]


@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_agree_on_both_backends(seed):
    for game, _result in played_on_both_backends(PACK, 2, seed, decisions=16):
        assert sum(len(game.zone(p, "quilt").items) for p in game.state.players) + len(game.zone(None, "circle").items) == 33
