"""`between(a, b)`: the cells strictly between two cells of one board on the straight line joining them (along
one field or diagonally), nearest a first; none when they are beside each other or not on one line (branch
trial33: the square a Checkers jump takes was a search of the two squares' shared diagonal neighbour). Chess facts
(castling needs the squares between king and rook empty; a bishop's line), an enum axis, a board's shape,
Pente's custodial capture on a board of another game; both backends; E302, E483, E672, W655; fmt and explain."""

from __future__ import annotations

from rulebook.compiler.explain import explain

from .conftest import analyse_text, found_at, printed_back, rules_programs
from .test_board_cells import names, value

# Chess: castling passes over the squares between the king and the rook, which must be empty
CHESS = """
enum file { a, b, c, d, e, f, g, h }
record square "{f}{rank}" { f: file; rank: 1..8; }
enum piece { empty, pawn, knight, bishop, rook, queen, king }
var board[square] "Board" global: piece = empty;
func sq(x: file, y: int): square = square(f = x, rank = y);
func may_castle(k: square, r: square): bool = every(s in between(k, r) where board[s] == empty);
"""

program = rules_programs(CHESS)


def test_the_cells_between_along_a_field_and_diagonally_nearest_the_first(program):
    assert names(value(program, "between(sq(e, 1), sq(h, 1))")) == ["f1", "g1"]
    assert names(value(program, "between(sq(e, 1), sq(a, 1))")) == ["d1", "c1", "b1"]
    assert names(value(program, "between(sq(a, 1), sq(a, 8))")) == ["a2", "a3", "a4", "a5", "a6", "a7"]
    assert names(value(program, "between(sq(c, 1), sq(h, 6))")) == ["d2", "e3", "f4", "g5"]
    assert names(value(program, "between(sq(f, 8), sq(a, 3))")) == ["e7", "d6", "c5", "b4"]


def test_none_beside_each_other_or_off_one_line(program):
    assert value(program, "between(sq(e, 1), sq(f, 1))") == []
    assert value(program, "between(sq(e, 1), sq(f, 2))") == []
    assert value(program, "between(sq(b, 1), sq(c, 3))") == []    # a knight's leap apart
    assert value(program, "between(sq(a, 1), sq(h, 4))") == []    # no line joins them
    assert value(program, "between(sq(a, 1), shift(sq(a, 1), rank = -1))") == []   # none: off the board


def test_castling_reads_the_squares_between_king_and_rook(program):
    assert value(program, "may_castle(sq(e, 1), sq(h, 1))", result_type="bool") is True
    assert value(program, "may_castle(sq(e, 1), sq(h, 1))", "set board[sq(g, 1)] = knight;", "bool") is False
    # the rook's own square is no square between
    assert value(program, "may_castle(sq(e, 1), sq(a, 1))", "set board[sq(a, 1)] = rook;", "bool") is True


# Pente (for illustration): a pair of the opponent's stones flanked on a line by the stone placed and another of
# the placer's is captured; the hexagon of an Abalone-like board leaves out what lies off its shape
PENTE = """
record point "{x},{y}" { x: 1..9; y: 1..9; }
record hole "{q},{r}" { q: -2..2; r: -2..2; } where abs(q + r) <= 2;
var stone[point] "Board" global: player;
func flanked(a: point, b: point, p: player): bool =
  size(between(a, b)) == 2 and every(s in between(a, b) where stone[s] != none and stone[s] != p);
"""

pente = rules_programs(PENTE)


def test_a_pair_flanked_on_a_line_on_both_backends(pente):
    setup = "set stone[point(x = 3, y = 3)] = all_players[2]; set stone[point(x = 4, y = 4)] = all_players[2];"
    assert value(pente, "flanked(point(x = 2, y = 2), point(x = 5, y = 5), all_players[1])", setup, "bool") is True
    assert value(pente, "flanked(point(x = 2, y = 2), point(x = 6, y = 6), all_players[1])", setup, "bool") is False
    assert value(pente, "flanked(point(x = 2, y = 2), point(x = 5, y = 5), all_players[2])", setup, "bool") is False


def test_a_shape_leaves_out_the_cells_off_the_board(pente):
    # the row r = -2 from q = 0 to q = 4 would pass (3, -2)... the hexagon of radius 2 keeps q + r within 2
    cells = value(pente, "between(hole(q = -2, r = 2), hole(q = 2, r = -2))")
    assert [(c.fields["q"], c.fields["r"]) for c in cells] == [(-1, 1), (0, 0), (1, -1)]
    cells = value(pente, "between(hole(q = 0, r = -2), hole(q = 0, r = 2))")
    assert [(c.fields["q"], c.fields["r"]) for c in cells] == [(0, -1), (0, 0), (0, 1)]


def test_misuse():
    cases = {
        "func x(s: square): list of square = between(s);": ("E302", "two cells of one board, not 1 argument"),
        "func x(s: square): list of square = between(s, s, s);": ("E302", "not 3 arguments"),
        "func x(s: square): list of square = between(s, 3);": ("E483", "not a number"),
        "func x(n: int, s: square): list of square = between(n, s);": ("E483", "not a number"),
        "func x(s: square, t: spot): list of square = between(s, t);": ("E672", "the first is a square, the second a spot"),
    }
    base = CHESS + "record spot { row: 1..3; col: 1..3; }\n"
    line = len(base.splitlines()) + 1
    for text, (code, words) in cases.items():
        result = analyse_text(base + text)
        errors = [d for d in result.diagnostics if d.severity == "error"]
        assert [d.code for d in errors] == [code], (text, [d.headline() for d in errors])
        assert words in errors[0].message, (text, errors[0].message)
        assert errors[0].span.line == line, text


def test_the_same_cell_on_both_sides_is_w655():
    text = CHESS + "func x(s: square): list of square = between(s, s);\n"
    found = found_at(text)
    assert [(code, line) for code, line, _ in found] == [("W655", 8)]
    d = [d for d in analyse_text(text).diagnostics if d.code == "W655"][0]
    assert "never a cell between" in d.message and "between(from_square, to_square)" in d.hint
    assert found_at(CHESS + "func x(s: square, t: square): list of square = between(s, t);\n") == []


def test_a_packs_own_between_keeps_the_name():
    text = "func between(a: int, b: int): bool = a < b;\ncounter vp;\nproc p() { if between(1, 2) { gain 1 vp; } }\n"
    assert analyse_text(text).diagnostics == []


def test_fmt_round_trip_and_explain():
    _, text = printed_back(CHESS)
    assert "every(s in between(k, r) where board[s] == empty)" in text
    result = analyse_text(CHESS)
    reading = "\n".join(explain(result.symbols.decls["may_castle"], result.symbols))
    assert "the cells strictly between k and r on the straight line joining them" in reading
