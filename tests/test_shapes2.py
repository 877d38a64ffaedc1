"""Turning and flipping shapes (branch shapes2; designer trial14's Patchwork, which wrote the 8 ways as `dx`/`dy`
match ladders, and Blokus Duo's 91 forms enumerated by hand).

- `turns(shape)`: the distinct quarter turns of a shape (a list of cells, records of two whole numbers), and
  `orientations(shape)`: those and its mirror image's, each moved to start at 0 and sorted as the record's
  domain is (state.shape_orientations), on both backends; explain reads them.
- E517: the argument is no list of records; E518: cells of a record that is not two `int` fields; W512: a
  shape written out (in the call or a card's field) listing a cell twice.
tests/packs/patchwork sews its patches' orientations (tests/test_patchwork_pack.py)."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game
from rulebook.runtime.state import Record, shape_orientations

from .conftest import explained, found_at, printed_back, random_games_agree, rules_programs

# Ubongo-like: a few polyominoes as their cells, x across and y down
SHAPES = """\
record at "{x},{y}" { x: int; y: int; }
counter vp;
func cells(points: list of int): list of at = gather(k in 1..size(points) where k % 2 == 1,
  [at(x = points[k], y = points[k + 1])]);
func el(): list of at = cells([0, 0, 0, 1, 0, 2, 1, 2]);
func tee(): list of at = cells([0, 0, 1, 0, 2, 0, 1, 1]);
func ess(): list of at = cells([1, 0, 2, 0, 0, 1, 1, 1]);
func square(): list of at = cells([5, 5, 6, 5, 5, 6, 6, 6]);
func bar(): list of at = cells([0, 0, 1, 0, 2, 0]);
func el_turns(): list of list of at = turns(el());
func el_ways(): list of list of at = orientations(el());
func tee_ways(): list of list of at = orientations(tee());
func ess_ways(): list of list of at = orientations(ess());
func ess_turns(): list of list of at = turns(ess());
func square_ways(): list of list of at = orientations(square());
func bar_ways(): list of list of at = orientations(bar());
func none_of_them(): list of list of at = turns([]);
"""

shapes = rules_programs(SHAPES)


def points(ways) -> list:
    return [[(c.fields["x"], c.fields["y"]) for c in way] for way in ways]


def ways_of(program, func: str) -> list:
    game = Game(program, 2, 1)
    return points(program.funcs[func](game, game.state.players[0]))


def test_an_l_turns_four_ways_and_flips_into_four_more_each_from_its_corner(shapes):
    program = shapes()
    turned = ways_of(program, "el_turns")
    # a quarter turn clockwise ((x, y) to (-y, x), y counting down), each moved to 0 and sorted x first
    assert turned == [[(0, 0), (0, 1), (0, 2), (1, 2)], [(0, 0), (0, 1), (1, 0), (2, 0)],
                      [(0, 0), (1, 0), (1, 1), (1, 2)], [(0, 1), (1, 1), (2, 0), (2, 1)]]
    ways = ways_of(program, "el_ways")
    assert ways[:4] == turned and len(ways) == 8 and len({tuple(w) for w in ways}) == 8
    assert ways[4] == [(0, 2), (1, 0), (1, 1), (1, 2)]   # the mirror image (a J) comes next
    assert all(min(x for x, _ in w) == 0 and min(y for _, y in w) == 0 and w == sorted(w) for w in ways)


def test_symmetric_shapes_have_fewer_ways(shapes):
    program = shapes()
    assert len(ways_of(program, "tee_ways")) == 4   # a T's mirror image is one of its turns
    assert len(ways_of(program, "ess_turns")) == 2 and len(ways_of(program, "ess_ways")) == 4   # S and Z
    assert ways_of(program, "square_ways") == [[(0, 0), (0, 1), (1, 0), (1, 1)]]   # moved from 5,5 to 0,0
    assert ways_of(program, "bar_ways") == [[(0, 0), (1, 0), (2, 0)], [(0, 0), (0, 1), (0, 2)]]
    assert ways_of(program, "none_of_them") == []


def test_the_ways_are_values_of_the_cells_record_and_a_repeated_cell_counts_once():
    cell = lambda x, y: Record("at", {"x": x, "y": y})
    ways = shape_orientations([cell(3, 3), cell(3, 3), cell(4, 3)], True)
    assert ways == [[cell(0, 0), cell(1, 0)], [cell(0, 0), cell(0, 1)]]
    assert shape_orientations([cell(0, 0), 3], False) is None   # no cell: the runtime's E601
    assert shape_orientations([Record("at", {"x": 0, "y": 0, "z": 0})], False) is None


# Blokus-like: a piece is laid in any of its ways where every square is on the board; both backends play alike
LAYING = """\
record at "{x},{y}" { x: int; y: int; }
record square "{col}{row}" { col: 1..4; row: 1..4; }
kind tile { cells: list of at; }
tile corner_tile "Corner" { cells = [at(x = 0, y = 0), at(x = 0, y = 1), at(x = 1, y = 1)]; }
tile long_tile "Long" { cells = [at(x = 0, y = 0), at(x = 1, y = 0), at(x = 2, y = 0)]; }
zone supply of tile;
var taken[square] global: player = none;
counter vp;
func covered(way: list of at, s: square): list of square = gather(c in way, [shift(s, col = c.x, row = c.y)]);
func fits(way: list of at, s: square): bool = every(q in covered(way, s) where q != none and taken[q] == none);
game laying "Laying" {
  seats 2;
  phase setup { fill supply with tile; }
  phase play {
    repeat 3 {
      each players {
        pick t from supply "lay which tile?" {
          pick way from orientations(t.cells) where some(s in square where fits(way, s)) "turned how?" {
            pick s from square where fits(way, s) "where?" {
              for each q in covered(way, s) { set taken[q] = you; }
              gain size(way) vp;
            }
          }
        }
      }
    }
  }
  winner most vp;
}
"""


def test_random_games_laying_turned_tiles_agree_on_both_backends():
    random_games_agree(LAYING, seeds=range(1, 4), counts=(2,))


def test_explain_reads_the_ways():
    text = SHAPES + "func both(): int = size(turns(el())) + size(orientations(el()));\n"
    reading = explained(analyse_text(text), "both")
    assert "the different ways “el” lies, turned a quarter at a time (each from 0 across and down)" in reading
    assert "turned a quarter at a time or flipped over" in reading
    _module, printed = printed_back(text)
    assert "size(turns(el())) + size(orientations(el()))" in printed


def test_what_is_no_list_of_cells_is_e517_at_the_argument():
    text = SHAPES + "func a(): int = size(turns(vp));\nfunc b(): int = size(orientations([1, 2]));\n"
    found = [f for f in found_at(text) if f[0] != "W401"]
    assert found == [("E517", 18, 28), ("E517", 19, 35)]
    message = next(d.message for d in analyse_text(text).diagnostics if d.code == "E517")
    assert "a list of cells (records of two whole numbers), not a number" in message


def test_cells_of_a_record_that_is_not_two_whole_numbers_are_e518():
    board = ("record square { col: 1..8; row: 1..8; }\nrecord spot { x: int; y: int; z: int; }\n"
             "func a(): int = size(turns([square(col = 1, row = 1)]));\n"
             "func b(): int = size(orientations([spot(x = 0, y = 0, z = 0)]));\n")
    found = [f for f in found_at(board) if f[0] != "W401"]
    assert found == [("E518", 3, 28), ("E518", 4, 35)]
    messages = [d.message for d in analyse_text(board).diagnostics if d.code == "E518"]
    assert "field 'col' is a number (a range: a turned cell may fall outside it)" in messages[0]
    assert "spot is no such record: it has 3 fields" in messages[1]


def test_a_shape_written_with_a_cell_twice_is_w512_once_at_the_second():
    text = LAYING.replace("at(x = 1, y = 0), at(x = 2, y = 0)]", "at(x = 1, y = 0), at(y = 0, x = 1)]")
    found = [f for f in found_at(text) if f[0] == "W512"]
    assert found == [("W512", 5, 70)]   # the long tile's third cell, once for the card however often it is turned
    inline = SHAPES + "func a(): int = size(turns([at(x = 0, y = 0), at(x = 0, y = 0)]));\n"
    assert [f for f in found_at(inline) if f[0] == "W512"] == [("W512", 18, 47)]


# ---------------------------------------------------------------- a kind's field indexed by a record (a grid per card)

# Carcassonne-like: each tile prints what lies at its nine spots, three rows of three (0 field, 1 road, 2 city)
TILES = """\
record spot "{row}/{col}" { row: 1..3; col: 1..3; }
kind tile { layout: int[spot]; walled: bool[spot]; }

tile crossing "Crossing" {
  layout = [[0, 1, 0],
            [1, 1, 1],
            [0, 1, 0]];
}

tile city_cap "City cap" {
  layout = [[2, 2, 2],
            [0, 0, 0],
            [0, 0, 0]];
  walled = [[true,  true,  true],
            [false, false, false],
            [false, false, false]];
}

zone bag of tile;
counter vp;
func roads(t: tile): int = count(s in spot where t.layout[s] == 1);
func walls(t: tile): int = count(s in spot where t.walled[s]);

game tiles "Tiles" {
  seats 2;
  phase setup {
    fill bag with tile;
  }
  phase play {
    repeat 2 {
      each players {
        pick t from bag "which tile?" {
          gain roads(t) * 10 + walls(t) + t.layout[spot(row = 1, col = 2)] * 100 vp;
        }
      }
    }
  }
  winner most vp;
}
"""

tiles = rules_programs(TILES)


def test_a_cards_grid_is_read_at_a_cell_on_both_backends(tiles):
    program = tiles()
    game = Game(program, 2, 1)
    crossing, cap = program.entities["crossing"], program.entities["city_cap"]
    roads, walls = (lambda t, f=f: program.funcs[f](game, game.state.players[0], t) for f in ("roads", "walls"))
    assert (roads(crossing), roads(cap)) == (5, 0)
    assert (walls(crossing), walls(cap)) == (0, 3)   # a card that leaves a grid out: false in every cell


def test_random_games_reading_cards_grids_agree_on_both_backends():
    random_games_agree(TILES, seeds=range(1, 4), counts=(2,))


def test_a_cards_grid_is_printed_a_row_a_line_and_explained_row_by_row():
    _module, printed = printed_back(TILES)
    # fmt keeps the grid as the card prints it, a row a line, its columns aligned
    assert ("  walled = [[true,  true,  true],\n            [false, false, false],\n            [false, false, false]];"
            in printed and "  layout = [[0, 1, 0],\n            [1, 1, 1],\n" in printed)
    reading = explained(analyse_text(TILES), "city_cap")
    assert "Layout: (2 2 2 / 0 0 0 / 0 0 0)." in reading


def test_a_cards_grid_misused_is_e576_e572_e584():
    text = ("record spot { row: 1..2; col: 1..3; }\nrecord loose { n: int; }\n"
            "kind tile { layout: int[spot]; edge: int[loose]; }\n"
            "tile a \"A\" { layout = [[1, 2, 3]]; }\n"
            "func f(t: tile): int = size(t.layout) + t.layout[3];\n")
    assert [f for f in found_at(text) if f[0] != "W401"] == [
        ("E572", 3, 42), ("E576", 4, 23), ("E584", 5, 29), ("E584", 5, 50)]
