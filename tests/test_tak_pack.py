"""tests/packs/tak: Tak written by a designer new to the language (trial33), with the published rules as
assertions: the reserves by board size, the first turn placing the opponent's stone, a road of flats and
capstones (not standing stones) joining two opposite edges, a stack carried up to the board's size and spread
drop by drop from the bottom, standing stones blocking but for a capstone alone flattening one, the flat count
when the board is full; seeded random games end alike on both backends."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game, GameEnded
from rulebook.runtime.state import Record

from .conftest import drive, func_for, pack_program, played_on_both_backends, sudden_outcome

PACK = Path(__file__).parent / "packs" / "tak"

program = pack_program(PACK)

COLUMNS = "abcdef"


def sq(name: str) -> Record:
    return Record("square", {"col": name[0], "row": int(name[1:])})


def board(program, stacks: dict, size: int = 5) -> Game:
    """A started game on a board of `size` whose stacks are `stacks` ({"a1": "WfBs"}: bottom first, each
    piece its side W or B and its shape, f flat, s standing, c capstone)."""
    game = Game(program, 2, 1, None, [f"size={size}"])
    game.start()
    for key in [k for k in game.state.gvars if k.startswith("stack[")]:
        game.state.gvars[key] = []
    shapes = {"f": "flat", "s": "standing", "c": "capstone"}
    for name, pieces in stacks.items():
        game.state.gvars[f"stack[{name[0]},{name[1:]}]"] = [
            Record("piece", {"side": game.state.players["WB".index(pieces[i])], "shape": shapes[pieces[i + 1]]})
            for i in range(0, len(pieces), 2)]
    return game


def stack(game: Game, name: str) -> str:
    short = {"flat": "f", "standing": "s", "capstone": "c"}
    return "".join("WB"[game.state.players.index(p.fields["side"])] + short[p.fields["shape"]]
                   for p in game.state.gvars[f"stack[{name[0]},{name[1:]}]"])


def road(game: Game, seat: int) -> bool:
    return func_for(game, "road", game.state.players[seat - 1])


def test_the_reserves_follow_the_board_size(program):
    for size, stones, capstones in ((4, 15, 0), (5, 21, 1), (6, 30, 1)):
        game = Game(program, 2, 1, None, [f"size={size}"])
        game.start()
        assert [p.stock["stones_left"] for p in game.state.players] == [stones, stones]
        assert [p.stock["capstones_left"] for p in game.state.players] == [capstones, capstones]
        assert len([k for k in game.state.gvars if k.startswith("stack[")]) == size * size


def test_the_first_turn_places_the_opponents_stone_flat(program):
    game = Game(program, 2, 1)
    decision = game.start()
    assert decision.prompt == "place your opponent's first stone on"
    game.apply(decision.index_of("c3"))
    assert stack(game, "c3") == "Bf"
    assert [p.stock["stones_left"] for p in game.state.players] == [21, 20]


def test_a_road_of_flats_and_capstones_joins_two_opposite_edges(program):
    across = board(program, {"a2": "Wf", "b2": "Wf", "c2": "Wc", "d2": "Wf", "e2": "Wf"})
    assert road(across, 1) and not road(across, 2)
    # a road may bend, and runs between the top and the bottom edge too
    bent = board(program, {"c1": "Bf", "c2": "Bf", "d2": "Bf", "d3": "Bf", "d4": "Wf" + "Bf", "d5": "Bf"})
    assert road(bent, 2) and not road(bent, 1)
    # a standing stone is no part of a road, nor is a stack whose top is the opponent's
    walled = board(program, {"a2": "Wf", "b2": "Wf", "c2": "Ws", "d2": "Wf", "e2": "Wf"})
    assert not road(walled, 1)
    covered = board(program, {"a2": "Wf", "b2": "Wf", "c2": "WfBf", "d2": "Wf", "e2": "Wf"})
    assert not road(covered, 1)
    # squares diagonally next to each other do not join
    diagonal = board(program, {"a1": "Wf", "b2": "Wf", "c3": "Wf", "d4": "Wf", "e5": "Wf"})
    assert not road(diagonal, 1)


def test_a_stack_spreads_from_the_bottom_of_the_pieces_carried(program):
    # White controls a1 (from the bottom: Black, White, Black, White flats) and carries the top three right
    game = board(program, {"a1": "BfWfBfWf"})
    white = game.state.players[0]
    drive(game, game.program.procs["move_stack"](game, white, sq("a1")), ["3", "right", "1", "1"])
    assert stack(game, "a1") == "Bf" and stack(game, "b1") == "Wf" and stack(game, "c1") == "Bf"
    assert stack(game, "d1") == "Wf"


def test_the_carry_limit_is_the_board_size(program):
    game = board(program, {"c3": "WfWfWfWfWfWfWf"})
    gen = game.program.procs["move_stack"](game, game.state.players[0], sq("c3"))
    assert [str(o) for o in next(gen).options] == ["1", "2", "3", "4", "5"]


def test_a_standing_stone_blocks_but_a_capstone_alone_flattens_it(program):
    game = board(program, {"a1": "WfWf", "b1": "Bs"})
    assert not func_for(game, "may_enter", sq("b1"), game.state.gvars["stack[a,1]"][1:])
    game = board(program, {"a1": "Wc", "b1": "Bs"})
    drive(game, game.program.procs["move_stack"](game, game.state.players[0], sq("a1")), ["right"])
    assert stack(game, "b1") == "BfWc" and stack(game, "a1") == ""
    # two pieces carried with the capstone on top may not end on the standing stone: the drop on the square
    # before it must leave the capstone alone
    game = board(program, {"a1": "WfWc", "c1": "Bs"})
    gen = game.program.procs["move_stack"](game, game.state.players[0], sq("a1"))
    drive(game, gen, ["2", "right", "1"])
    assert stack(game, "b1") == "Wf" and stack(game, "c1") == "BfWc"


def test_a_full_board_ends_the_game_and_the_flats_are_counted(program):
    full = {f"{c}{r}": ("Wf" if (COLUMNS.index(c) + r) % 2 else "Bs") for c in "abcd" for r in range(1, 5)}
    full["a1"] = ""
    game = board(program, full, size=4)
    with pytest.raises(GameEnded):
        drive(game, game.program.procs["turn"](game, game.state.players[0]), ["place a piece", "a flat stone"])
    assert game.result()["winners"] == ["White"]
    assert func_for(game, "flats", game.state.players[0]) == 8 and func_for(game, "flats", game.state.players[1]) == 0


def test_the_mover_wins_a_move_that_makes_both_roads(program):
    # White's flat on c1 moves up: it completes White's row 2 and uncovers the Black flat that completes row 1
    game = board(program, {"a1": "Bf", "b1": "Bf", "c1": "BfWf", "d1": "Bf", "e1": "Bf",
                           "a2": "Wf", "b2": "Wf", "d2": "Wf", "e2": "Wf"})
    assert not road(game, 1) and not road(game, 2)
    with pytest.raises(GameEnded):
        drive(game, game.program.procs["turn"](game, game.state.players[0]), ["move a stack", "c1", "1", "up"])
    assert stack(game, "c2") == "Wf" and stack(game, "c1") == "Bf"
    assert road(game, 1) and road(game, 2)
    assert sudden_outcome(game) == (["White"], "won", "White builds a road")


@pytest.fixture(scope="module")
def random_games():
    return [played_on_both_backends(PACK, 2, seed) for seed in (1, 2)]


def test_random_games_end_alike_on_both_backends(random_games):
    for games in random_games:
        for game, result in games:
            players = game.state.players
            if result.get("sudden") == "won":
                assert road(game, [p.name for p in players].index(result["winners"][0]) + 1)
            else:
                assert func_for(game, "board_full") or any(func_for(game, "out_of_pieces", p) for p in players)
