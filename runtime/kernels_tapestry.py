"""Tapestry's geometry kernels (rules/tapestry): the shared hex map and each player's capital grid.

Only geometry lives here: which hexes touch, which sides of two tiles meet, where a polyomino fits
on a 9x9 grid and which districts, rows and columns it completes. Every tile, building, cost and
score stays in the rules files. Kernels are statements, so each answers by writing entity fields
the rules then read (the `sets` of each registration).

The pack's conventions (rules/tapestry/map.rules and capital.rules):

* a hex of the map is an entity of the zone `hexes` with `q`, `r` (axial coordinates: neighbours
  differ by (±1, 0), (0, ±1), (1, 1) or (-1, -1), the convention of the printed layouts), the
  territory tile on it (`tile`, `none` while unexplored) and its orientation (`orient`, 0..5), the
  player whose standing outposts control it (`holder`) and how many outposts are on it (`items`);
* a territory tile lists the terrain of its six sides clockwise in `edges`;
* a capital is a player's `city` entity: its board (`board.grid`, nine strings of '0' for an open
  plot and '1' for an impassable one), the plots built so far (`cells`, kept by the kernels), and
  whether buildings may go on impassable plots now (`terraform`).
"""

from __future__ import annotations

from functools import lru_cache
from operator import itemgetter
from typing import Iterable, Optional

from .kernels import kernel

# ---------------------------------------------------------------------------------------------
# The hex map

# The six neighbours in clockwise order: side d of a hex faces DIRECTIONS[d], and the side that
# faces back is (d + 3) % 6.
DIRECTIONS = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1))


def hex_distance(q: int, r: int) -> int:
    """Steps from the middle hex (0, 0) to (q, r)."""
    return max(abs(q), abs(r), abs(q - r))


def neighbours(q: int, r: int) -> list[tuple[int, int]]:
    """The six hexes around (q, r), side 0 first, clockwise."""
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def side_terrain(edges: list, orient: int, side: int):
    """The terrain a tile placed with `orient` clockwise turns shows on `side` of its hex."""
    return edges[(side - orient) % 6]


def aligned_sides(placed: dict, q: int, r: int, edges: list, orient: int) -> int:
    """How many sides of a tile put on (q, r) meet a neighbouring tile's side of the same terrain
    (`placed` maps (q, r) to (edges, orient) for the explored hexes); 0 to 6."""
    count = 0
    for side, at in enumerate(neighbours(q, r)):
        other = placed.get(at)
        if other is not None and side_terrain(edges, orient, side) == side_terrain(other[0], other[1], (side + 3) % 6):
            count += 1
    return count


def controlled(hexes: Iterable, who) -> set[tuple[int, int]]:
    """The coordinates of the hexes `who` controls, from (q, r, holder) triples."""
    return {(q, r) for q, r, holder in hexes if holder is who}


def touching(cells: set, q: int, r: int) -> bool:
    """Whether (q, r) is next to one of `cells`."""
    return any(n in cells for n in neighbours(q, r))


def _map(game) -> list:
    return game.zone(None, "hexes").items


# The map's kernels read a hex's fields as `Game.field` does for a kind's declared field (its
# variables over its fields, `State.vals`), a subscript instead of a call per field: `vals.get(h) or
# h.fields`. The names read are the pack's declared fields, so a missing one still raises NoField.

def _placed(game) -> dict:
    out = {}
    vals = game.state.vals
    for h in _map(game):
        f = vals.get(h) or h.fields
        tile = f["tile"]
        if tile is not None:
            out[f["q"], f["r"]] = (game.field(tile, "edges"), f["orient"])
    return out


def _mine(game, you) -> set:
    """`controlled` on the map, reading the coordinates of your hexes only."""
    vals = game.state.vals
    return {(f["q"], f["r"]) for f in [vals.get(h) or h.fields for h in _map(game)] if f["holder"] is you}


_UNSET = object()


def _mark(game, name: str, hexes: list, values: list) -> None:
    """Set `name` of each hex to its value (`Game.set_field`), in order. A hex whose variable already
    holds that very object (True, False) is left as it is when nothing can tell: no tracer (which
    notes every set) and no memo or index watching the field (`Game.watched` counts its sets); the
    state, its digest and its variables are then those of setting it again."""
    set_field = game.set_field
    if game.tracer is not None or name in game.watched:
        for h, value in zip(hexes, values):
            set_field(h, name, value)
        return
    evars = game.state.evars
    for h, value in zip(hexes, values):
        own = evars.get(h.key)
        if own is None or own.get(name, _UNSET) is not value:
            set_field(h, name, value)


def _near(game, you) -> set:
    """The coordinates of every hex next to a territory you control."""
    return {(q + dq, r + dr) for q, r in _mine(game, you) for dq, dr in DIRECTIONS}


@kernel(1, sets=("ok",))
def mark_explorable(game, you, anywhere):
    """Tapestry: mark `ok` the unexplored hexes you may explore: next to a territory you control,
    or any unexplored hex when `anywhere`."""
    near = set() if anywhere else _near(game, you)
    hexes, vals = _map(game), game.state.vals
    fields = [vals.get(h) or h.fields for h in hexes]
    _mark(game, "ok", hexes, [f["tile"] is None and (anywhere or (f["q"], f["r"]) in near) for f in fields])
    return
    yield


@kernel(1, sets=("ok",))
def mark_conquerable(game, you, anywhere):
    """Tapestry: mark `ok` the territories you may conquer: explored, with at most 1 outpost, not
    yours, and next to a territory you control (anywhere on the map when `anywhere`)."""
    near = set() if anywhere else _near(game, you)
    hexes, vals = _map(game), game.state.vals
    fields = [vals.get(h) or h.fields for h in hexes]
    _mark(game, "ok", hexes, [f["tile"] is not None and f["items"] <= 1 and f["holder"] is not you
                              and (anywhere or (f["q"], f["r"]) in near) for f in fields])
    return
    yield


@kernel(2, sets=("scores",))
def survey(game, you, place, tile):
    """Tapestry: set place.scores to the aligned sides (the VP of exploring) of `tile` on the hex
    `place` for each of its 6 orientations, in order."""
    placed = _placed(game)
    q, r = game.field(place, "q"), game.field(place, "r")
    edges = game.field(tile, "edges")
    game.set_field(place, "scores", [aligned_sides(placed, q, r, edges, o) for o in range(6)])
    return
    yield


@kernel(1, sets=("near",))
def mark_neighbours(game, you, place):
    """Tapestry: mark `near` the six hexes around `place` (and no other)."""
    around = set(neighbours(game.field(place, "q"), game.field(place, "r")))
    for h in _map(game):
        game.set_field(h, "near", (game.field(h, "q"), game.field(h, "r")) in around)
    return
    yield


LANDS = ("desert", "forest", "grass", "mountain")


def largest_land_mass(tiles: dict) -> int:
    """The most territories in one connected land mass of a single terrain: `tiles` maps (q, r) to
    (edges, orient, lands) for the territories of one player; two of them join when the sides that
    face each other both show that terrain (a territory alone is a mass of 1 of each of its lands)."""
    best = 0
    for land in LANDS:
        have = {at for at, (_e, _o, lands) in tiles.items() if land in lands}
        seen: set = set()
        for start in have:
            if start in seen:
                continue
            size, todo = 0, [start]
            seen.add(start)
            while todo:
                q, r = todo.pop()
                size += 1
                edges, orient, _ = tiles[q, r]
                for side, at in enumerate(neighbours(q, r)):
                    if at in have and at not in seen and side_terrain(edges, orient, side) == land:
                        other = tiles[at]
                        if side_terrain(other[0], other[1], (side + 3) % 6) == land:
                            seen.add(at)
                            todo.append(at)
            best = max(best, size)
    return best


@kernel(0, sets=("land_mass",))
def measure_land(game, you):
    """Tapestry (Isolationists): set your counter `land_mass` to the territories of your largest
    connected land mass of one terrain."""
    tiles = {}
    for h in _map(game):
        tile = game.field(h, "tile")
        if tile is not None and game.field(h, "holder") is you:
            tiles[game.field(h, "q"), game.field(h, "r")] = (
                game.field(tile, "edges"), game.field(h, "orient"), game.field(tile, "lands"))
    game.set_field(you, "land_mass", largest_land_mass(tiles))
    return
    yield


# ---------------------------------------------------------------------------------------------
# The capital grid

SIZE = 9
OPEN, IMPASSABLE, BUILT = 0, 1, 2
# an income building of kind k (1..4, the rows of the income mat) is stored as BUILT + k
# an opponent's token filling a plot (Fantasies & Futures, the Weefolk): filled, but no building
TOKEN = -1
OUTSIDE = "outside the capital"


def parse_grid(rows: list) -> list[int]:
    """A printed board's nine rows of '0'/'1' as 81 plots, row by row."""
    if len(rows) != SIZE or any(len(row) != SIZE or set(row) - {"0", "1"} for row in rows):
        raise ValueError("a capital board is 9 rows of 9 plots, each '0' (open) or '1' (impassable)")
    return [IMPASSABLE if ch == "1" else OPEN for row in rows for ch in row]


def rotations(mask: list) -> list[tuple[tuple[int, int], ...]]:
    """The distinct quarter turns of a polyomino given as rows of '1'/'0' (or of 1/0), each as its
    cells (row, column) from the top-left corner of its bounding box, in turn order."""
    cells = [(i, j) for i, row in enumerate(mask) for j, ch in enumerate(row) if str(ch) == "1"]
    if not cells:
        raise ValueError("a shape needs at least one cell")
    out = []
    for _ in range(4):
        top, left = min(c[0] for c in cells), min(c[1] for c in cells)
        shape = tuple(sorted((i - top, j - left) for i, j in cells))
        if shape not in out:
            out.append(shape)
        cells = [(j, -i) for i, j in cells]   # a quarter turn clockwise
    return out


def placements(cells: list[int], mask: list, may_overhang: bool, on_impassable: bool = False) -> list[tuple[str, tuple]]:
    """Every legal placement of a shape: (label, plots covered), with the plots as indices into the
    grid. Each covered plot on the grid must be open (or impassable, with `on_impassable`); a shape
    that `may_overhang` (a landmark) may hang over the edge as long as it covers at least one plot."""
    free = (OPEN, IMPASSABLE) if on_impassable else (OPEN,)
    return list(_placements(tuple(cells), tuple(str(row) for row in mask), bool(may_overhang), free))


@lru_cache(maxsize=64)
def _placements(cells: tuple, mask: tuple, may_overhang: bool, free: tuple) -> tuple:
    # cached: `plan_building` and then `build` ask for the same grid and shape
    taken = 0   # the plots a shape may not cover, as bits
    for p, plot in enumerate(cells):
        if plot not in free:
            taken |= 1 << p
    return tuple((label, inside) for label, inside, bits in _places(mask, may_overhang) if not bits & taken)


@lru_cache(maxsize=None)
def _places(mask: tuple, may_overhang: bool) -> tuple:
    """Every place a shape can take on an empty grid, in the order options are offered: (label, the
    plots covered, the same plots as bits)."""
    turns = rotations(list(mask))
    out = []
    for k, shape in enumerate(turns):
        height = max(i for i, _ in shape) + 1
        width = max(j for _, j in shape) + 1
        rows = range(-height + 1, SIZE) if may_overhang else range(SIZE - height + 1)
        cols = range(-width + 1, SIZE) if may_overhang else range(SIZE - width + 1)
        turned = f", turned {90 * k}°" if len(turns) > 1 else ""
        offsets = [i * SIZE + j for i, j in shape]   # the plots covered from the top-left one
        shape_bits = sum(1 << o for o in offsets)
        for top in rows:
            for left in cols:
                if 0 <= top <= SIZE - height and 0 <= left <= SIZE - width:   # wholly on the grid: shifted
                    base = top * SIZE + left
                    inside, bits = tuple(map(base.__add__, offsets)), shape_bits << base
                else:   # hanging over an edge: the plots on the grid
                    inside = tuple((top + i) * SIZE + left + j for i, j in shape
                                   if 0 <= top + i < SIZE and 0 <= left + j < SIZE)
                    bits = sum(1 << p for p in inside)
                if inside:
                    out.append((f"row {top + 1}, column {left + 1}{turned}", inside, bits))
    return tuple(out)


# the plots of each 3x3 district, row by row, and of each row then each column, as getters that read
# them out of a grid in one call (these scans run after every building)
_DISTRICT_PLOTS = [itemgetter(*[(3 * br + i) * SIZE + 3 * bc + j for i in range(3) for j in range(3)])
                   for br in range(3) for bc in range(3)]
_LINE_PLOTS = ([itemgetter(*range(i * SIZE, (i + 1) * SIZE)) for i in range(SIZE)]
               + [itemgetter(*range(j, SIZE * SIZE, SIZE)) for j in range(SIZE)])


def complete_districts(cells: list[int]) -> int:
    """How many of the nine 3x3 districts have no open plot left."""
    return sum(OPEN not in plots(cells) for plots in _DISTRICT_PLOTS)


def complete_rows(cells: list[int]) -> int:
    """Complete rows (no open plot)."""
    return sum(OPEN not in plots(cells) for plots in _LINE_PLOTS[:SIZE])   # (the rows come first)


def complete_lines(cells: list[int]) -> int:
    """Complete rows plus complete columns (no open plot)."""
    return sum(OPEN not in plots(cells) for plots in _LINE_PLOTS)


def _districts(cells: list[int]) -> list[tuple]:
    """The plots of each of the nine 3x3 districts."""
    return [plots(cells) for plots in _DISTRICT_PLOTS]


def _lines(cells: list[int]) -> list[tuple]:
    """The plots of each row, then of each column."""
    return [plots(cells) for plots in _LINE_PLOTS]


def uniform(plots: list[int]) -> bool:
    """Complete, with at least one income building, all of one kind (the Architects)."""
    if OPEN in plots:   # (most are not complete: no set of kinds made for them)
        return False
    return len({p for p in plots if p > BUILT}) == 1


def uniform_lines(cells: list[int]) -> int:
    """Complete rows and columns whose income buildings (at least one) are all of one kind."""
    return sum(1 for line in _lines(cells) if uniform(line))


def largest_landmark_group(landmarks: list) -> int:
    """The most landmarks in one group of a capital where each touches another orthogonally (the
    Urban Planners); `landmarks` lists the plots each landmark covers."""
    sets = [set(plots) for plots in landmarks]
    group = list(range(len(sets)))

    def root(i: int) -> int:
        while group[i] != i:
            i = group[i]
        return i

    def touch(a: set, b: set) -> bool:
        return any(q in b for p in a for q in (p - SIZE, p + SIZE) + ((p - 1,) if p % SIZE else ())
                   + ((p + 1,) if p % SIZE != SIZE - 1 else ()))

    for i in range(len(sets)):
        for j in range(i):
            if touch(sets[i], sets[j]):
                group[root(i)] = root(j)
    roots = [root(i) for i in range(len(sets))]
    return max((roots.count(r) for r in set(roots)), default=0)


def district_of(plot: int) -> int:
    """The district (0..8, row by row) a plot lies in."""
    return (plot // SIZE) // 3 * 3 + (plot % SIZE) // 3


@lru_cache(maxsize=None)
def _board_plots(rows: tuple) -> tuple:
    """A printed board's plots (parse_grid), worked out once per board for the process."""
    return tuple(parse_grid(list(rows)))


def _cells(game, city) -> list[int]:
    cells = game.field(city, "cells")
    if not cells:
        board = game.field(city, "board")
        if board is None:
            raise ValueError(f"{city.label()} has no capital board")
        cells = _board_plots(tuple(game.field(board, "grid")))
    return list(cells)


def _spots(game, city, mask, overhang) -> list[tuple[str, tuple]]:
    return placements(_cells(game, city), mask, bool(overhang), bool(game.field(city, "terraform")))


@kernel(3, sets=("spots",))
def plan_building(game, you, city, mask, overhang):
    """Tapestry: set city.spots to the labels of every place the shape `mask` fits in the capital
    (a landmark, `overhang`, may hang over the edge), or to ["outside the capital"] when none."""
    game.set_field(city, "spots", [label for label, _ in _spots(game, city, mask, overhang)] or [OUTSIDE])
    return
    yield


@kernel(1, sets=("spots",))
def plan_block(game, you, city):
    """Tapestry (Architects): set city.spots to the open plots of the districts that hold no plot
    made impassable by plan_block/block yet (city.blocked lists those districts)."""
    cells = _cells(game, city)
    taken = set(game.field(city, "blocked") or [])
    game.set_field(city, "spots", [label for label, (p,) in placements(cells, ["1"], False)
                                   if district_of(p) not in taken])
    return
    yield


@kernel(2, sets=("cells", "blocked"))
def block(game, you, city, spot):
    """Tapestry (Architects): make the open plot at `spot` impassable, and note its district in
    city.blocked."""
    cells = _cells(game, city)
    plot = next((p for label, (p,) in placements(cells, ["1"], False) if label == spot), None)
    if plot is None:
        raise ValueError(f"{spot!r} is not an open plot")
    cells[plot] = IMPASSABLE
    game.set_field(city, "cells", cells)
    game.set_field(city, "blocked", list(game.field(city, "blocked") or []) + [district_of(plot)])
    return
    yield


def _settle(game, city, before: list[int], cells: list[int]) -> None:
    """Write the grid `cells` to the capital and what it completes since `before` (build, plant)."""
    done_before = [OPEN not in d for d in _districts(before)]
    game.set_field(city, "cells", cells)
    game.set_field(city, "new_districts", complete_districts(cells) - complete_districts(before))
    game.set_field(city, "lines", complete_lines(cells))
    game.set_field(city, "rows", complete_rows(cells))
    game.set_field(city, "built", sum(1 for c in cells if c >= BUILT))
    game.set_field(city, "uniform_districts", sum(1 for was, d in zip(done_before, _districts(cells))
                                                  if not was and uniform(d)))
    game.set_field(city, "uniform_lines", uniform_lines(cells))


@kernel(4, sets=("cells", "new_districts", "lines", "rows", "built", "on_impassable",
                  "uniform_districts", "uniform_lines", "landmark_plots", "landmark_group", "hanging"))
def build(game, you, city, mask, overhang, spot):
    """Tapestry: put the shape `mask` on the capital at `spot` (a label of plan_building): an income
    building of kind city.piece (1..4), or a landmark (0). Then set city.new_districts to the
    districts that completes (city.uniform_districts: those of them whose income buildings are all
    of one kind), city.lines to the complete rows and columns (city.rows: the rows alone, which
    Arts & Architecture's masterpieces score apart from the columns; city.uniform_lines: those whose
    income buildings are all of one kind), city.built to the plots covered so far,
    city.on_impassable to the impassable plots this building covers (while city.terraform), and for a
    landmark placed in the capital city.landmark_plots (the plots of each landmark),
    city.landmark_group (the most landmarks touching each other orthogonally in one group, for
    Arts & Architecture's Urban Planners) and city.hanging (the landmarks hanging over the edge of
    the grid, for Fantasies & Futures' Celestials)."""
    before = _cells(game, city)
    cells = list(before)
    impassable = 0
    piece = BUILT + (game.field(city, "piece") or 0)
    covered: Optional[tuple] = ()
    if spot != OUTSIDE:
        covered = next((plots for label, plots in _spots(game, city, mask, overhang) if label == spot), None)
        if covered is None:
            raise ValueError(f"{spot!r} is not a free place for that shape")
        for p in covered:
            impassable += cells[p] == IMPASSABLE
            cells[p] = piece
    _settle(game, city, before, cells)
    game.set_field(city, "on_impassable", impassable)
    if covered and piece == BUILT:
        landmarks = list(game.field(city, "landmark_plots") or []) + [list(covered)]
        game.set_field(city, "landmark_plots", landmarks)
        game.set_field(city, "landmark_group", largest_landmark_group(landmarks))
        if len(covered) < len(rotations(mask)[0]):
            game.set_field(city, "hanging", (game.field(city, "hanging") or 0) + 1)
    return
    yield


# ---------------------------------------------------------------------------------------------
# Tokens in a capital (Fantasies & Futures, the Weefolk): a token fills an open plot of another
# player's capital (or, with none open, replaces an income building, which is set aside); the plot
# then counts as filled for that capital's districts, rows and columns.

def plot_label(plot: int) -> str:
    """The label of one plot, as placements() names a one-plot shape there."""
    return f"row {plot // SIZE + 1}, column {plot % SIZE + 1}"


def token_plots(cells: list[int]) -> list[tuple[str, int]]:
    """Where a token may go: (label, plot) for every open plot, or, when none is open, for every
    plot holding an income building (landmarks are never replaced)."""
    open_plots = [(plot_label(p), p) for p, c in enumerate(cells) if c == OPEN]
    if open_plots:
        return open_plots
    return [(f"{plot_label(p)} (set its building aside)", p) for p, c in enumerate(cells) if c > BUILT]


def line_buildings(cells: list[int], landmarks: list, plots: Iterable[int]) -> int:
    """Income buildings on `plots` plus landmarks covering at least one of them."""
    line = set(plots)
    return sum(1 for p in line if cells[p] > BUILT) + sum(1 for lm in landmarks if line & set(lm))


def token_lines(cells: list[int], landmarks: list, tokens: list[int]) -> int:
    """For each token, the income buildings and landmarks of its row plus those of its column (a
    building in two such lines counts twice)."""
    total = 0
    for t in tokens:
        row, col = divmod(t, SIZE)
        total += line_buildings(cells, landmarks, range(row * SIZE, (row + 1) * SIZE))
        total += line_buildings(cells, landmarks, range(col, SIZE * SIZE, SIZE))
    return total


@kernel(1, sets=("spots",))
def plan_token(game, you, city):
    """Tapestry (Fantasies & Futures): set city.spots to the plots a token may fill in the capital:
    the open plots, or, with none open, the plots of income buildings; [] when neither."""
    game.set_field(city, "spots", [label for label, _ in token_plots(_cells(game, city))])
    return
    yield


@kernel(2, sets=("cells", "new_districts", "lines", "rows", "built", "uniform_districts",
                  "uniform_lines", "tokens", "displaced"))
def plant_token(game, you, city, spot):
    """Tapestry (Fantasies & Futures): fill the plot `spot` (a label of plan_token) with a token;
    note it in city.tokens, set city.displaced to the kind (1..4) of the income building it
    replaced (0: an open plot) and what the capital completes, as build does."""
    before = _cells(game, city)
    plot = next((p for label, p in token_plots(before) if label == spot), None)
    if plot is None:
        raise ValueError(f"{spot!r} is no plot a token may fill")
    cells = list(before)
    game.set_field(city, "displaced", max(cells[plot] - BUILT, 0))
    cells[plot] = TOKEN
    _settle(game, city, before, cells)
    game.set_field(city, "tokens", list(game.field(city, "tokens") or []) + [plot])
    return
    yield


@kernel(1, sets=("buildings", "token_lines"))
def census(game, you, city):
    """Tapestry (Fantasies & Futures): set city.buildings to the income buildings on the grid, and
    city.token_lines to the income buildings and landmarks in the rows and columns of its tokens
    (each token's row and column; a landmark once per such line it covers)."""
    cells = _cells(game, city)
    game.set_field(city, "buildings", sum(1 for c in cells if c > BUILT))
    game.set_field(city, "token_lines", token_lines(cells, list(game.field(city, "landmark_plots") or []),
                                                    list(game.field(city, "tokens") or [])))
    return
    yield


def water_survey(board: list[int], cells: list[int]) -> tuple[int, int, int]:
    """(districts with at least 2 impassable plots uncovered, impassable plots uncovered, districts
    that had an impassable plot on the board or since and have none uncovered now): the Riverfolk."""
    now = _districts(cells)
    had = _districts([IMPASSABLE if b == IMPASSABLE else c for b, c in zip(board, cells)])
    wet = sum(1 for d in now if d.count(IMPASSABLE) >= 2)
    water = sum(d.count(IMPASSABLE) for d in now)
    drained = sum(1 for h, d in zip(had, now) if IMPASSABLE in h and IMPASSABLE not in d)
    return wet, water, drained


@kernel(1, sets=("wet_districts", "water", "drained"))
def survey_water(game, you, city):
    """Tapestry (Plans & Ploys, the Riverfolk): set city.wet_districts to the districts with at
    least 2 impassable plots not built on, city.water to the impassable plots not built on, and
    city.drained to the districts that had impassable plots and have none left uncovered."""
    board = parse_grid(game.field(game.field(city, "board"), "grid"))
    wet, water, drained = water_survey(board, _cells(game, city))
    game.set_field(city, "wet_districts", wet)
    game.set_field(city, "water", water)
    game.set_field(city, "drained", drained)
    return
    yield
