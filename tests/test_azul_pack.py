"""tests/packs/azul: Azul written by a designer new to the language (the session's trial6): the bag of 100 tiles
and the 5/7/9 displays, a take (the rest to the centre, the first-player marker from the centre), the pattern
lines' rules and their overflow to the floor, the wall's scoring across and down, the floor's penalties, the
end bonuses; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "azul")
COLOURS = ["blue", "yellow", "red", "black", "white"]


program = pack_program(PACK)


def tiles(game: Game, colour: str, n: int) -> list:
    """n tiles of a colour from the bag."""
    found = [t for t in game.zone(None, "bag").items if t.fields["colour"] == colour][:n]
    assert len(found) == n
    return found


def put(game: Game, zone, colour: str, n: int) -> None:
    for t in tiles(game, colour, n):
        game.move(t, zone)


def wall(game: Game, rows: list[str], player: int = 0) -> None:
    """Lay a wall: one text per row, 'x' where a tile lies."""
    p = game.state.players[player]
    for r, row in enumerate(rows, 1):
        for j, mark in enumerate(row, 1):
            p.stock[f"wall[{r},{j}]"] = 1 if mark == "x" else 0


def bagged(program, players: int = 2) -> Game:
    game = Game(program, players, 1)
    bag = game.zone(None, "bag")
    for e in game.program.entities.values():
        game.move(e, bag)
    return game


def test_the_bag_holds_20_tiles_of_each_colour_and_the_displays_take_four_each(program):
    for players, displays in ((2, 5), (3, 7), (4, 9)):
        game = Game(program, players, 1)
        first = game.start()
        assert first.prompt == "take from which display?"
        sizes = [len(game.zone(None, f"factory[{f}]").items) for f in range(1, 10)]
        assert sizes == [4] * displays + [0] * (9 - displays) and not game.zone(None, "centre").items
        assert len(game.zone(None, "bag").items) == 100 - 4 * displays
    every = [e.fields["colour"] for e in game.program.entities.values()]
    assert len(every) == 100 and all(every.count(c) == 20 for c in COLOURS)


def test_each_wall_row_shifts_the_colours_one_column_right(program):
    game = Game(program, 2, 1)
    column = lambda r, c: game.program.funcs["column"](game, game.state.players[0], r, c)
    assert [column(1, c) for c in COLOURS] == [1, 2, 3, 4, 5]
    assert [column(2, c) for c in COLOURS] == [2, 3, 4, 5, 1]
    assert [column(5, c) for c in COLOURS] == [5, 1, 2, 3, 4]


def test_a_take_moves_the_rest_to_the_centre_and_overflows_to_the_floor(program):
    game = bagged(program)
    put(game, game.zone(None, "factory[1]"), "red", 3)
    put(game, game.zone(None, "factory[1]"), "blue", 1)
    you = game.state.players[0]
    run_proc(game, "take", answers=["Red", "2"])   # the one display is not asked; three reds on line 2: one falls
    assert [t.fields["colour"] for t in game.zone(you, "line[2]").items] == ["red", "red"]
    assert [t.fields["colour"] for t in game.zone(you, "floor").items] == ["red"]
    assert [t.fields["colour"] for t in game.zone(None, "centre").items] == ["blue"]


def test_the_first_to_take_from_the_centre_takes_the_marker(program):
    game = bagged(program)
    game.state.gvars["marker_in_centre"] = True
    put(game, game.zone(None, "centre"), "yellow", 2)
    put(game, game.zone(None, "centre"), "black", 1)
    you = game.state.players[0]
    run_proc(game, "take", answers=["Yellow", "1"])   # the centre is the only display: it is not asked
    assert you.stock["first_marker"] == 1 and game.state.gvars["marker_in_centre"] is False
    assert len(game.zone(you, "line[1]").items) == 1 and len(game.zone(you, "floor").items) == 1
    assert game.program.funcs["floor_size"](game, you) == 2
    run_proc(game, "take", player=1, answers=["1"])   # the black tile: the marker is gone
    assert game.state.players[1].stock["first_marker"] == 0


def test_a_line_holding_another_colour_or_whose_row_has_the_colour_is_refused(program):
    game = bagged(program)
    you = game.state.players[0]
    fits = lambda r, c: game.program.funcs["fits"](game, you, r, c)
    put(game, game.zone(you, "line[3]"), "red", 1)
    assert fits(3, "red") and not fits(3, "blue")
    wall(game, ["", "", "", "..x..", ""])   # row 4 reads red, black, white, blue, yellow
    assert not fits(4, "white") and fits(4, "blue")
    put(game, game.zone(you, "line[1]"), "blue", 1)
    assert not fits(1, "blue")   # full


def test_wall_tiling_scores_the_tiles_joined_across_and_down(program):
    # the rulebook's example: a tile joining two tiles on its right and one above scores 3 + 2 = 5
    game = bagged(program)
    you = game.state.players[0]
    put(game, game.zone(you, "line[2]"), "blue", 2)   # blue on row 2 is column 2
    wall(game, ["..x..", "..xx.", "", "", ""])
    # blue at (2, 2): joined across to (2, 3) and (2, 4), not down; up is (1, 2), empty
    run_proc(game, "tile_wall")
    assert you.stock["wall[2,2]"] == 1 and you.stock["score"] == 3
    assert len(game.zone(you, "wall_tiles").items) == 1 and len(game.zone(None, "lid").items) == 1
    put(game, game.zone(you, "line[1]"), "red", 1)   # red on row 1 is column 3: below it (2, 3), across nothing
    run_proc(game, "tile_wall")
    assert you.stock["score"] == 3 + 2
    put(game, game.zone(you, "line[3]"), "yellow", 3)   # yellow on row 3 is column 4: (2, 4) above, (1, 4) not
    wall(game, ["..xx.", ".xxx.", "..x..", "", ""])
    run_proc(game, "tile_wall")
    # across: (3, 3) on its left -> 2; down: (2, 4), (1, 4) above -> 3; both: 5
    assert you.stock["score"] == 5 + 5


def test_the_floor_line_costs_1_1_2_2_2_3_3_and_never_below_zero(program):
    game = bagged(program)
    you = game.state.players[0]
    penalty = []   # the floor line is a printed table now (penalty[tiles: 0..]): read through wall tiling
    tiled = bagged(program)
    for n, colour in zip(range(9), ["blue", "yellow", "red", "black", "white", "blue", "yellow", "red", "black"]):
        tiled.state.players[0].stock["score"] = 20
        put(tiled, tiled.zone(tiled.state.players[0], "floor"), colour, n)
        run_proc(tiled, "tile_wall")
        penalty.append(20 - tiled.state.players[0].stock["score"])
    assert penalty == [0, 1, 2, 4, 6, 8, 11, 14, 14]   # 14 from 7 tiles on
    you.stock["score"] = 5
    put(game, game.zone(you, "floor"), "black", 3)
    you.stock["first_marker"] = 1
    run_proc(game, "tile_wall")   # 4 on the floor: -6
    assert you.stock["score"] == 0 and game.state.gvars["starter"] is you and you.stock["first_marker"] == 0
    assert not game.zone(you, "floor").items and len(game.zone(None, "lid").items) == 3


def test_end_bonuses_two_a_row_seven_a_column_ten_a_colour(program):
    game = bagged(program)
    you = game.state.players[0]
    wall(game, ["xxxxx", "x....", "x....", "x....", "x...."])   # row 1, column 1 (blue, white, black, red, yellow)
    run_proc(game, "end_bonus")
    assert you.stock["score"] == 2 + 7 and you.stock["rows_done"] == 1
    game = bagged(program)
    you = game.state.players[0]
    wall(game, ["x....", ".x...", "..x..", "...x.", "....x"])   # every blue
    run_proc(game, "end_bonus")
    assert you.stock["score"] == 10


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_random_games_keep_the_100_tiles_end_on_a_full_row_and_agree_on_both_backends(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        held = sum(len(items) for items in game.state.zones.values())
        held += sum(len(items) for p in game.state.players for items in p.zones.values())
        assert held == 100
        assert any(p.stock["rows_done"] >= 1 for p in game.state.players)
