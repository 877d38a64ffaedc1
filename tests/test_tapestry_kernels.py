"""Tapestry's geometry kernels alone (runtime/kernels_tapestry.py): the hex map and the capital grid."""

from __future__ import annotations

import pytest

from rulebook.runtime import kernels_tapestry as K
from rulebook.runtime.kernels import KERNELS

SEA, DESERT, FOREST, GRASS, MOUNTAIN = "sea", "desert", "forest", "grass", "mountain"


# ---------------------------------------------------------------------------- the hex map


def test_every_hex_has_six_distinct_neighbours_each_one_step_away():
    for q, r in [(0, 0), (2, -1), (-3, -3), (4, 1)]:
        around = K.neighbours(q, r)
        assert len(set(around)) == 6
        assert all(K.hex_distance(a - q, b - r) == 1 for a, b in around)


def test_side_d_faces_the_neighbour_whose_side_d_plus_3_faces_back():
    for d, (dq, dr) in enumerate(K.DIRECTIONS):
        back = K.DIRECTIONS[(d + 3) % 6]
        assert (dq + back[0], dr + back[1]) == (0, 0)


def test_the_printed_layouts_fit_the_map_sizes():
    # the large map (4-5 players) reaches 4 steps from the middle, the small one 3
    assert K.hex_distance(-4, -3) == 4 and K.hex_distance(-1, 3) == 4 and K.hex_distance(3, -1) == 4
    assert K.hex_distance(-3, -3) == 3 and K.hex_distance(1, 2) == 2


def test_turning_a_tile_moves_its_sides_clockwise():
    edges = [SEA, DESERT, FOREST, GRASS, MOUNTAIN, SEA]
    assert [K.side_terrain(edges, 0, d) for d in range(6)] == edges
    assert [K.side_terrain(edges, 1, d) for d in range(6)] == [SEA, SEA, DESERT, FOREST, GRASS, MOUNTAIN]
    assert all(K.side_terrain(edges, 6 + o, d) == K.side_terrain(edges, o, d) for o in range(6) for d in range(6))


def test_rulebook_example_two_aligned_sides_give_two_vp():
    """Rulebook p.9 (and the quick reference): mountains meet mountains and water meets water on two
    sides; a mountain against a desert, and water against mountains and fields, do not count."""
    # the new tile at (0, 0); neighbours on sides 0 (mountains), 1 (water), 2 (desert), 3 (fields)
    new = [MOUNTAIN, SEA, MOUNTAIN, SEA, FOREST, FOREST]
    placed = {
        (0, -1): ([GRASS, GRASS, GRASS, MOUNTAIN, GRASS, GRASS], 0),    # its side 3 faces our side 0
        (1, 0): ([GRASS, GRASS, GRASS, GRASS, SEA, GRASS], 0),          # its side 4 faces our side 1
        (1, 1): ([DESERT, DESERT, DESERT, DESERT, DESERT, DESERT], 0),  # desert against our mountain
        (0, 1): ([GRASS] * 6, 0),                                       # fields against our water
    }
    assert K.aligned_sides(placed, 0, 0, new, 0) == 2
    # turned one step, no side matches any more
    assert K.aligned_sides(placed, 0, 0, new, 1) == 0


def test_alignment_reads_the_neighbours_orientation():
    placed = {(0, -1): ([SEA, GRASS, GRASS, GRASS, GRASS, GRASS], 3)}   # its sea now on side 3
    assert K.aligned_sides(placed, 0, 0, [SEA] + [DESERT] * 5, 0) == 1
    placed = {(0, -1): ([SEA, GRASS, GRASS, GRASS, GRASS, GRASS], 0)}
    assert K.aligned_sides(placed, 0, 0, [SEA] + [DESERT] * 5, 0) == 0


def test_a_tile_surrounded_by_its_own_terrain_scores_at_most_six():
    placed = {at: ([SEA] * 6, 0) for at in K.neighbours(2, 1)}
    assert K.aligned_sides(placed, 2, 1, [SEA] * 6, 4) == 6


def test_reachability_is_adjacency_to_controlled_hexes():
    me, other = object(), object()
    hexes = [(0, 0, me), (1, 1, other), (3, 3, None)]
    mine = K.controlled(hexes, me)
    assert mine == {(0, 0)}
    assert K.touching(mine, 1, 0) and K.touching(mine, -1, -1)
    assert not K.touching(mine, 2, 2) and not K.touching(mine, 0, 0 + 2)


# ---------------------------------------------------------------------------- the capital grid

MOUNTAIN_BOARD = ["000000000", "110001110", "000111000", "000111110", "000001100",
                  "011100001", "001000000", "000000010", "001000000"]


def test_a_board_must_be_nine_rows_of_nine_plots():
    assert K.parse_grid(MOUNTAIN_BOARD).count(K.IMPASSABLE) == 22
    with pytest.raises(ValueError):
        K.parse_grid(MOUNTAIN_BOARD[:8])
    with pytest.raises(ValueError):
        K.parse_grid(["00000000x"] * 9)


def test_rotations_drop_the_turns_that_look_the_same():
    assert len(K.rotations(["1"])) == 1
    assert len(K.rotations(["11", "11"])) == 1          # the Apothecary: a 2x2 square
    assert len(K.rotations(["111", "111"])) == 2        # the Tech Hub: 3x2 or 2x3
    assert len(K.rotations(["110", "011"])) == 2        # an S tetromino
    assert len(K.rotations(["100", "111"])) == 4        # an L
    assert K.rotations(["111"]) == [((0, 0), (0, 1), (0, 2)), ((0, 0), (1, 0), (2, 0))]


def test_a_building_goes_on_any_open_plot_and_nowhere_else():
    cells = K.parse_grid(MOUNTAIN_BOARD)
    spots = K.placements(cells, ["1"], False)
    assert len(spots) == 81 - 22
    assert ("row 1, column 1", (0,)) in spots
    assert all(cells[p[0]] == K.OPEN for _, p in spots)
    assert not any(label == "row 2, column 1" for label, _ in spots)   # impassable


def test_a_landmark_may_hang_over_the_edge_but_not_over_a_building():
    cells = [K.BUILT] * 81
    cells[0] = K.OPEN   # only the top-left plot is open
    spots = K.placements(cells, ["11", "11"], True)
    # the 2x2 square can cover that plot only from above-left, the rest of it off the grid
    assert spots == [("row 0, column 0", (0,))]
    assert K.placements(cells, ["11", "11"], False) == []


def test_completed_districts_count_impassable_plots():
    cells = K.parse_grid(MOUNTAIN_BOARD)
    assert K.complete_districts(cells) == 0
    # the middle district (rows 4-6, columns 4-6) has 5 impassable plots: 4 buildings complete it
    middle = [(i, j) for i in range(3, 6) for j in range(3, 6)]
    open_plots = [i * 9 + j for i, j in middle if cells[i * 9 + j] == K.OPEN]
    assert len(open_plots) == 4
    for p in open_plots[:-1]:
        cells[p] = K.BUILT
    assert K.complete_districts(cells) == 0
    cells[open_plots[-1]] = K.BUILT
    assert K.complete_districts(cells) == 1


def test_complete_rows_and_columns_score_one_each():
    """Rulebook p.14: a capital with 3 complete rows and columns scores 3 VP each time."""
    cells = [K.OPEN] * 81
    for j in range(9):
        cells[0 * 9 + j] = K.BUILT       # row 1
        cells[8 * 9 + j] = K.IMPASSABLE  # row 9 (impassable plots count)
    for i in range(9):
        cells[i * 9 + 4] = K.BUILT       # column 5
    assert K.complete_lines(cells) == 3
    cells[4 * 9 + 4] = K.OPEN
    assert K.complete_lines(cells) == 2


def test_the_kernels_are_registered_with_their_arity():
    assert KERNELS["mark_explorable"].arity == 1
    assert KERNELS["mark_conquerable"].arity == 1
    assert KERNELS["survey"].arity == 2
    assert KERNELS["plan_building"].arity == 3
    assert KERNELS["build"].arity == 4
    assert KERNELS["mark_neighbours"].arity == 1 and KERNELS["measure_land"].arity == 0
    assert "ok" in KERNELS["mark_conquerable"].sets and "lines" in KERNELS["build"].sets


def test_a_land_mass_joins_territories_whose_facing_sides_share_the_terrain():
    """Isolationists: the largest connected land mass of one terrain; the middle island, ringed by
    sea, joins nothing (FAQ p.29)."""
    forest_east = [SEA, FOREST, SEA, SEA, SEA, SEA]       # forest on side 1 (towards (1, 0))
    forest_west = [SEA, SEA, SEA, SEA, FOREST, SEA]       # forest on side 4 (towards (-1, 0))
    island = [SEA] * 6
    tiles = {(0, 0): (forest_east, 0, [FOREST]), (1, 0): (forest_west, 0, [FOREST]),
             (2, 0): (forest_west, 0, [FOREST])}
    assert K.largest_land_mass(tiles) == 2                 # (2, 0) faces (1, 0)'s sea side
    tiles[(1, 0)] = ([SEA, FOREST, SEA, SEA, FOREST, SEA], 0, [FOREST])
    assert K.largest_land_mass(tiles) == 3
    assert K.largest_land_mass({(0, 0): (island, 0, [DESERT, FOREST, GRASS, MOUNTAIN]),
                                (1, 0): (forest_west, 0, [FOREST])}) == 1
    assert K.largest_land_mass({}) == 0


def test_terraforming_lets_a_building_cover_an_impassable_plot():
    cells = K.parse_grid(MOUNTAIN_BOARD)
    spots = dict(K.placements(cells, ["1"], False, on_impassable=True))
    assert len(spots) == 81
    assert spots["row 2, column 1"] == (9,)          # impassable on the Mountain board
    assert "row 2, column 1" not in dict(K.placements(cells, ["1"], False))


def test_uniform_lines_and_districts_need_one_kind_of_income_building():
    """Architects: a complete row or district counts when its income buildings (at least one) are
    all of one kind; impassable plots and landmarks do not break it."""
    market, house = K.BUILT + 1, K.BUILT + 2
    row = [market] * 8 + [K.IMPASSABLE]
    assert K.uniform(row) and not K.uniform([market] * 8 + [house])
    assert not K.uniform([K.BUILT] * 9)                 # landmarks only: no income building
    assert not K.uniform([market] * 8 + [K.OPEN])       # not complete
    cells = [K.OPEN] * 81
    cells[:9] = [market] * 9
    assert K.uniform_lines(cells) == 1
    assert [K.district_of(p) for p in (0, 8, 27, 30, 80)] == [0, 2, 3, 4, 8]


# ---------------------------------------------------------------------------- Fantasies & Futures:
# a token filling a plot of a capital (the Weefolk), landmarks hanging off the grid (the Celestials)


class Table:
    """Just enough of a game for a capital kernel: entities are dicts of fields."""

    def field(self, e, name):
        return e.get(name)

    def set_field(self, e, name, value):
        e[name] = value


def run_kernel(name: str, game, *args) -> None:
    for _ in KERNELS[name].fn(game, None, *args):
        pass


def capital(cells: list[int]) -> dict:
    return {"board": {"grid": ["0" * 9] * 9}, "cells": cells, "landmark_plots": [], "tokens": [],
            "hanging": 0, "piece": 0, "terraform": False}


def test_a_token_fills_an_open_plot_or_with_none_open_replaces_an_income_building():
    """Weefolk: open plots only (not impassable ones); a full city offers its income buildings'
    plots, never a landmark's; with neither there is no plot."""
    cells = K.parse_grid(MOUNTAIN_BOARD)
    plots = dict(K.token_plots(cells))
    assert "row 2, column 1" not in plots and len(plots) == cells.count(K.OPEN)
    full = [K.BUILT] * 81
    full[40] = K.BUILT + 3                                   # a farm in the middle
    full[0] = K.IMPASSABLE
    assert K.token_plots(full) == [("row 5, column 5 (set its building aside)", 40)]
    assert K.token_plots([K.BUILT] * 80 + [K.IMPASSABLE]) == []


def test_planting_a_token_completes_districts_and_lines_and_sets_a_building_aside():
    """The plot counts as filled for the capital's districts, rows and columns; the building it
    replaced in a full city is noted (set aside) and completes nothing twice."""
    cells = [K.BUILT + 1] * 81
    cells[0] = K.OPEN                                        # the last open plot: district 0, row 1, column 1
    city, game = capital(cells), Table()
    run_kernel("plan_token", game, city)
    assert city["spots"] == ["row 1, column 1"]
    run_kernel("plant_token", game, city, "row 1, column 1")
    assert city["cells"][0] == K.TOKEN and city["tokens"] == [0] and city["displaced"] == 0
    assert city["new_districts"] == 1 and city["lines"] == 18 and city["built"] == 80
    run_kernel("plan_token", game, city)
    assert len(city["spots"]) == 80                          # full: the income buildings' plots
    run_kernel("plant_token", game, city, "row 9, column 9 (set its building aside)")
    assert city["displaced"] == 1 and city["new_districts"] == 0 and city["tokens"] == [0, 80]
    with pytest.raises(ValueError):
        run_kernel("plant_token", game, city, "row 1, column 1")


def test_token_lines_count_each_tokens_row_and_column_and_a_landmark_once_per_line():
    """Weefolk's income turn 5: 1 per income building or landmark in each token's row and in its
    column; a building in a token's row and column counts twice, a landmark once per line."""
    cells = [K.OPEN] * 81
    token = 4 * 9 + 4                                        # row 5, column 5
    cells[token] = K.TOKEN
    cells[4 * 9 + 0] = K.BUILT + 1                           # a market in its row
    cells[0 * 9 + 4] = K.BUILT + 2                           # a house in its column
    landmark = [4 * 9 + 7, 4 * 9 + 8, 3 * 9 + 8]             # in its row (twice) and elsewhere
    for p in landmark:
        cells[p] = K.BUILT
    assert K.token_lines(cells, [landmark], [token]) == 3
    second = 4 * 9 + 2                                       # a second token in the same row
    cells[second] = K.TOKEN
    assert K.token_lines(cells, [landmark], [token, second]) == 3 + 2
    city, game = capital(cells), Table()
    city["landmark_plots"], city["tokens"] = [landmark], [token]
    run_kernel("census", game, city)
    assert city["token_lines"] == 3 and city["buildings"] == 2


def test_build_counts_landmarks_hanging_over_the_edge():
    """Celestials: a landmark with a plot outside the grid hangs off the side; one wholly inside
    does not; an income building never does."""
    city, game = capital([]), Table()
    run_kernel("build", game, city, ["11"], True, "row 1, column 0, turned 0°")   # half off the left edge
    assert city["hanging"] == 1 and city["landmark_plots"] == [[0]]
    run_kernel("build", game, city, ["11"], True, "row 3, column 3, turned 0°")
    assert city["hanging"] == 1 and len(city["landmark_plots"]) == 2
    city["piece"] = 1
    run_kernel("build", game, city, ["1"], False, "row 9, column 9")
    assert city["hanging"] == 1


def test_marking_the_map_sets_only_the_hexes_whose_mark_changes_and_leaves_the_state_as_setting_all():
    """mark_explorable and mark_conquerable set `ok` on every hex of the map at every call; a hex whose
    variable already holds that very value is left alone (no tracer, no memo watching `ok`), which
    leaves the same state and digest as the set it skips."""
    from rulebook.compiler.driver import compile_pack
    from rulebook.runtime.agents import RandomAgent
    from rulebook.runtime.engine import Game

    program = compile_pack("tapestry").program
    g = Game(program, 4, 5, [RandomAgent(50 + i) for i in range(4)])
    g.play()
    twin = g.clone()
    twin.watched["ok"] = 0   # watched: every hex is set, as before
    sets = []
    original = g.set_field
    g.set_field = lambda e, name, value: (sets.append(e), original(e, name, value))
    hexes = g.zone(None, "hexes").items
    for kernel, anywhere in [("mark_conquerable", True), ("mark_conquerable", True), ("mark_explorable", False),
                             ("mark_conquerable", False), ("mark_conquerable", False)]:
        before = {h: g.field(h, "ok") for h in hexes}
        sets.clear()
        for game in (g, twin):
            list(getattr(K, kernel)(game, game.state.players[0], anywhere))
        assert sets == [h for h in hexes if g.field(h, "ok") is not before[h] or "ok" not in g.state.evars[h.key]]
        assert g.state.digest() == twin.state.digest()
        assert [g.field(h, "ok") for h in hexes] == [twin.field(h, "ok") for h in hexes]
    assert not sets   # the same call twice: nothing to set
    del g.set_field


def test_a_shapes_places_wholly_on_the_grid_are_its_first_place_shifted():
    """_places shifts the top-left place of a shape (its plots and bits) where it lies wholly on the
    grid, and clips only the places hanging over an edge: the same places, labels, plots and bits as
    working each one out plot by plot."""
    import itertools

    size = K.SIZE

    def plot_by_plot(mask, may_overhang):
        turns, out = K.rotations(list(mask)), []
        for k, shape in enumerate(turns):
            height, width = max(i for i, _ in shape) + 1, max(j for _, j in shape) + 1
            rows = range(-height + 1, size) if may_overhang else range(size - height + 1)
            cols = range(-width + 1, size) if may_overhang else range(size - width + 1)
            turned = f", turned {90 * k}°" if len(turns) > 1 else ""
            for top, left in itertools.product(rows, cols):
                inside = tuple((top + i) * size + left + j for i, j in shape
                               if 0 <= top + i < size and 0 <= left + j < size)
                if inside:
                    out.append((f"row {top + 1}, column {left + 1}{turned}", inside, sum(1 << p for p in inside)))
        return tuple(out)

    for bits in itertools.product("01", repeat=6):   # every shape of a 2x3 box
        for h, w in ((2, 3), (3, 2)):
            rows = tuple("".join(bits[r * w:(r + 1) * w]) for r in range(h))
            if "1" in "".join(rows):
                for overhang in (False, True):
                    assert K._places(rows, overhang) == plot_by_plot(rows, overhang)
