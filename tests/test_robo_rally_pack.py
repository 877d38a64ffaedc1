"""tests/packs/robo_rally: a small Robo Rally written by a designer new to the language (branch trial27), with
its rules as assertions: a robot pushes another (a wall stops both), pits and the board's edge destroy, backing
up, the belts, the lasers (a wall stops them), the registers resolved in priority order, checkpoints touched in
order only, damage dealing fewer cards; random games on both backends alike, lint clean and `fmt` stable."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse
from rulebook.dsl.printer import format_text
from rulebook.runtime.engine import Game
from rulebook.runtime.state import Record

from .conftest import pack_program, played_on_both_backends, run_answering

PACK = Path(__file__).parent / "packs" / "robo_rally"

program = pack_program(PACK)


def square(row: int, col: int) -> Record:
    return Record("square", {"row": row, "col": col})


def floor(program, robots: dict, players: int = 2) -> Game:
    """A game with each robot placed ({seat: (row, col, heading)}), its archive where it stands."""
    game = Game(program, players, 1)
    for seat, (row, col, heading) in robots.items():
        game.state.gvars[f"robot[{seat}]"] = square(row, col)
        game.state.gvars[f"archive[{seat}]"] = square(row, col)
        game.state.gvars[f"facing[{seat}]"] = heading
    return game


def where(game: Game, seat: int):
    s = game.state.gvars[f"robot[{seat}]"]
    return s.fields["row"], s.fields["col"]


def run(game: Game, proc: str, *args, seat: int = 1) -> list:
    gen = game.program.procs[proc](game, game.state.players[seat - 1], *args)
    return run_answering(gen, lambda d: 0, always=game.program.asked)


def card(game: Game, name: str):
    return game.program.entities[name]


def test_a_robot_pushes_the_robot_in_its_way(program):
    game = floor(program, {1: (6, 5, "north"), 2: (5, 5, "south")})
    run(game, "run_card", card(game, "move_1_1"))
    assert where(game, 1) == (5, 5) and where(game, 2) == (4, 5)


def test_a_wall_stops_the_pushed_robot_and_the_pusher(program):
    # a wall on the north side of b5 (row 5, column 2)
    game = floor(program, {1: (6, 2, "north"), 2: (5, 2, "north")})
    run(game, "run_card", card(game, "move_2_1"))
    assert where(game, 1) == (6, 2) and where(game, 2) == (5, 2)


def test_a_pit_and_the_edge_of_the_board_destroy_a_robot(program):
    game = floor(program, {1: (5, 4, "north"), 2: (1, 1, "north")})
    run(game, "run_card", card(game, "move_3_1"))
    run(game, "run_card", card(game, "move_1_1"), seat=2)
    assert game.state.gvars["destroyed[1]"] and where(game, 1) == (4, 4)   # fell into the pit, moved no further
    assert game.state.gvars["destroyed[2]"]


def test_backing_up_keeps_the_heading(program):
    game = floor(program, {1: (4, 6, "north"), 2: (1, 1, "north")})
    run(game, "run_card", card(game, "back_up_1"))
    assert where(game, 1) == (5, 6) and game.state.gvars["facing[1]"] == "north"


def test_turning_cards_turn_the_robot(program):
    game = floor(program, {1: (4, 6, "north"), 2: (1, 1, "north")})
    run(game, "run_card", card(game, "rotate_right_1"))
    assert game.state.gvars["facing[1]"] == "east"
    run(game, "run_card", card(game, "u_turn_1"))
    assert game.state.gvars["facing[1]"] == "west"
    run(game, "run_card", card(game, "rotate_left_1"))
    assert game.state.gvars["facing[1]"] == "south"


def test_the_belts_carry_the_robots_on_them_one_square(program):
    game = floor(program, {1: (4, 1, "north"), 2: (3, 5, "west")})
    run(game, "belts")
    assert where(game, 1) == (4, 2) and where(game, 2) == (2, 5)


def test_a_laser_hits_the_first_robot_in_line_unless_a_wall_stands_between(program):
    game = floor(program, {1: (6, 1, "north"), 2: (3, 1, "east")})
    run(game, "lasers")
    assert [p.stock["damage"] for p in game.state.players] == [0, 1]
    # a wall on the east side of c3: P1 on c3 facing east does not hit P2 on e3
    game = floor(program, {1: (3, 3, "east"), 2: (3, 5, "north")})
    run(game, "lasers")
    assert [p.stock["damage"] for p in game.state.players] == [0, 0]


def test_the_registers_are_resolved_in_priority_order(program):
    # P1's Move 1 (priority 490) goes after P2's Move 1 (500): P2 steps first, then P1 pushes it back
    game = floor(program, {1: (6, 1, "east"), 2: (6, 3, "west")})
    p1, p2 = game.state.players
    game.move(card(game, "move_1_1"), game.zone(p1, "registers"))
    game.move(card(game, "move_1_2"), game.zone(p2, "registers"))
    run(game, "register", 1)
    assert where(game, 1) == (6, 2) and where(game, 2) == (6, 3)


def test_checkpoints_are_touched_in_order_only(program):
    game = floor(program, {1: (3, 1, "north"), 2: (5, 4, "north")})   # P1 on checkpoint 2, P2 on checkpoint 1
    run(game, "touch_checkpoints")
    assert [p.stock["checkpoints"] for p in game.state.players] == [0, 1]
    assert game.state.gvars["archive[2]"] == square(5, 4)


def test_damage_deals_fewer_program_cards_but_never_fewer_than_five(program):
    game = floor(program, {1: (6, 1, "north"), 2: (6, 6, "north")})
    game.fill(game.zone(None, "deck"), "program", None)
    p1, p2 = game.state.players
    p1.stock["damage"], p2.stock["damage"] = 3, 7
    first_picks = {}

    def answer(d):
        first_picks.setdefault(d.player.name, len(d.options))
        return 0

    run_answering(game.program.procs["program_round"](game, p1), answer, always=game.program.asked)
    assert first_picks == {"P1": 6, "P2": 5}


@pytest.mark.parametrize("players,seed", [(2, 0), (3, 1), (4, 2)])
def test_random_games_agree_on_both_backends(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        assert result["winners"]
        assert all(len(game.zone(p, "registers").items) <= 5 for p in game.state.players)


def test_the_pack_lints_clean_and_is_in_canonical_form():
    assert [d for d in analyse(str(PACK)).diagnostics if d.severity != "info"] == []
    for path in PACK.glob("*.rules"):
        assert format_text(path.read_text(encoding="utf-8"), str(path)) == path.read_text(encoding="utf-8")
