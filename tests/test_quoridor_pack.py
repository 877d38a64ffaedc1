"""tests/packs/quoridor: Quoridor written by a designer new to the language (trial33), with Gigamic's rules as
assertions: the pawns' steps never go through a wall, a pawn facing the other jumps it (or goes diagonally
beside it when a wall or the edge stands behind it), walls neither overlap nor cross, a wall that would cut a
pawn off from its goal row is refused (a path search after the wall is put: `connects ... after`), the first
pawn on its far row wins; seeded random games (pawn races, and one with a wall placed) end alike on both backends."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game, GameEnded
from rulebook.runtime.state import Record

from .conftest import drive, func_for, pack_program, program_of, programs, run_proc, sudden_outcome

PACK = Path(__file__).parent / "packs" / "quoridor"

program = pack_program(PACK)


def sq(name: str) -> Record:
    return Record("square", {"col": name[0], "row": int(name[1:])})


def wall(at: str, facing: str) -> Record:
    return Record("wall", {"at": Record("crossing", {"col": at[0], "row": int(at[1:])}), "facing": facing})


def position(program, north: str, south: str, walls: dict | None = None) -> Game:
    """A started game with the pawns on `north` (seat 1) and `south` and the walls `walls` ({"e1": "across"})."""
    game = Game(program, 2, 1)
    game.start()
    game.state.gvars["pawn[1]"] = sq(north)
    game.state.gvars["pawn[2]"] = sq(south)
    for at, facing in (walls or {}).items():   # put by the pack's proc: the wall's crossing and the sides it closes
        run_proc(game, "put", wall(at, facing))
    return game


def moves(game: Game, seat: int = 1) -> list[str]:
    return sorted(f"{s.fields['col']}{s.fields['row']}" for s in
                  func_for(game, "pawn_moves", game.state.players[seat - 1]))


def may_place(game: Game, at: str, facing: str) -> bool:
    return func_for(game, "may_place", wall(at, facing))


def test_the_pawns_start_on_the_middle_of_their_rows_with_ten_walls_each(program):
    game = Game(program, 2, 1)
    decision = game.start()
    assert decision.prompt == "move or place a wall"
    assert game.state.gvars["pawn[1]"] == sq("e1") and game.state.gvars["pawn[2]"] == sq("e9")
    assert [p.stock["walls_left"] for p in game.state.players] == [10, 10]
    # 8 x 8 crossings, a wall across or down at each
    assert len([k for k in game.state.gvars if k.startswith("wall_at[")]) == 64


def test_a_pawn_steps_one_square_but_never_through_a_wall(program):
    assert moves(position(program, "e1", "e9")) == ["d1", "e2", "f1"]
    # a wall across e1's crossing lies above e1 and f1; a wall down d1's crossing right of d1 and d2
    assert moves(position(program, "e1", "e9", {"e1": "across", "d1": "down"})) == ["f1"]
    # the wall across d1's crossing lies above d1 and e1 too
    assert moves(position(program, "e1", "e9", {"d1": "across"})) == ["d1", "f1"]


def test_a_pawn_facing_the_other_jumps_it_or_goes_beside_it(program):
    assert moves(position(program, "e4", "e5")) == ["d4", "e3", "e6", "f4"]
    # a wall behind the other pawn: the squares diagonally beside it instead
    assert moves(position(program, "e4", "e5", {"d5": "across"})) == ["d4", "d5", "e3", "f4", "f5"]
    # the board's edge behind it: the same
    assert moves(position(program, "e8", "e9"), 1) == ["d8", "d9", "e7", "f8", "f9"]
    # no jump through a wall between the two pawns
    assert moves(position(program, "e4", "e5", {"e4": "across"})) == ["d4", "e3", "f4"]


def test_walls_may_neither_overlap_nor_cross(program):
    game = position(program, "e1", "e9", {"c3": "across"})
    assert not may_place(game, "c3", "down")      # crossing it
    assert not may_place(game, "b3", "across")    # overlapping its left half
    assert not may_place(game, "d3", "across")    # overlapping its right half
    assert may_place(game, "e3", "across") and may_place(game, "c4", "across") and may_place(game, "b3", "down")


def test_a_wall_that_would_cut_a_pawn_from_its_goal_row_is_refused(program):
    # North's pawn on a1 under a wall across a1 (above a1 and b1): a wall down b1 (right of b1 and b2) would
    # close a1 and b1 in; a wall down c1 leaves c1's side open
    game = position(program, "a1", "e9", {"a1": "across"})
    assert not may_place(game, "b1", "down")
    assert may_place(game, "c1", "down")
    # the refused wall is not left standing by the test of it
    assert game.state.gvars["wall_at[b,1]"] is None
    # South's path counts too: South's pawn on i9 under a wall across h8 (below h9 and i9) is shut in by a
    # wall down g8 (right of g8 and g9)
    game = position(program, "e1", "i9", {"h8": "across"})
    assert func_for(game, "can_reach", game.state.players[1])
    assert not may_place(game, "g8", "down") and may_place(game, "f8", "down")


def test_the_refused_wall_is_not_offered():
    # compiled only: offering the walls tests each of the 127 places left with two path searches, which takes
    # the interpreter about a second (may_place itself is tested on both backends above, and the interpreter
    # offers the walls in the random game with a wall below)
    game = position(program_of(PACK, "compiled"), "a1", "e9", {"a1": "across"})
    gen = game.program.procs["turn"](game, game.state.players[0])
    decision = next(gen)
    assert decision.prompt == "move or place a wall"
    decision = gen.send(decision.index_of("place a wall"))
    assert "b1 down" not in [str(o) for o in decision.options]
    assert "c1 down" in [str(o) for o in decision.options]


def test_the_first_pawn_on_its_far_row_wins(program):
    game = position(program, "c8", "e9")
    with pytest.raises(GameEnded):
        drive(game, game.program.procs["turn"](game, game.state.players[0]), ["move the pawn", "c9"])
    assert sudden_outcome(game) == (["North"], "won", "North reaches the far row")


def race(built, seed: int):
    """A seeded game of random agents with no walls to place (each wall placed searches two paths for each of
    about 128 places: a game of twenty walls takes the compiled pack 2-3 s and the interpreter some 25 s)."""
    game = Game(built, 2, seed, make_agents("random", 2, seed))
    for p in game.state.players:
        p.stock["walls_left"] = 0
    return game, game.play()


@pytest.fixture(scope="module")
def built():
    """The pack compiled and interpreted, built once for the module's random games."""
    return programs(PACK)


@pytest.fixture(scope="module")
def races(built):
    return [[race(b, seed) for b in built] for seed in (2, 3)]


def test_random_pawn_races_end_alike_on_both_backends(races):
    for (a, first), (b, second) in races:
        assert (a.log, a.state.digest()) == (b.log, b.state.digest())
        assert first["winners"] == second["winners"] and len(first["winners"]) == 1
        winner = next(p for p in a.state.players if p.name == first["winners"][0])
        seat = a.state.players.index(winner) + 1
        assert a.state.gvars[f"pawn[{seat}]"].fields["row"] == func_for(a, "goal_row", winner)


def walled_race(built, seed: int):
    """A seeded game of random agents in which North has one wall to place and South none (each offering tests
    some 128 places with two path searches, about a second interpreted: one wall keeps the test quick)."""
    game = Game(built, 2, seed, make_agents("random", 2, seed))
    game.state.players[1].stock["walls_left"] = 0
    game.state.players[0].stock["walls_left"] = 1
    return game, game.play()


@pytest.fixture(scope="module")
def walled_races(built):
    return [walled_race(b, 2) for b in built]


def test_a_random_game_with_a_wall_ends_alike_on_both_backends_and_never_cuts_a_pawn_off(walled_races):
    (a, first), (b, second) = walled_races
    assert (a.log, a.state.digest()) == (b.log, b.state.digest())
    assert first["winners"] == second["winners"] and len(first["winners"]) == 1
    assert [m for m in a.messages if "places a wall" in m] == ["North places a wall g6 across"]
    assert [p.stock["walls_left"] for p in a.state.players] == [0, 0]
    standing = {k: v for k, v in a.state.gvars.items() if k.startswith("wall_at[") and v is not None}
    assert standing == {"wall_at[g,6]": "across"}
    # the wall placed leaves both pawns a path to their goal rows (the test `after put(w)` made when offered)
    assert all(func_for(a, "can_reach", p) for p in a.state.players)
