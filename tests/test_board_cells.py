"""Boards indexed by a record square (`var board[square]`), and a cell moved along its fields: `shift(s, rank
= 2)`, `step(s, d)`, `ray(s, d)` / `ray(c from s via d until COND)` and `leap(s, 1, 2)` (the Chess audit's W2, W3,
D1). FIDE facts on an empty board (a rook on a1 has 14 moves, a bishop on d4 13, a knight on a1 2 and on d4 8), a
ray stopping at its blocker and keeping it, shift off the board none; both backends, a random game of a small
chess (kings captured, no check) played alike on each; the checker's E483-E486 and W511; fmt and explain."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import build_text
from rulebook.compiler.explain import explain
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import analyse_text, found_at, printed_back, random_games_agree, rules_programs, run_proc, the_one_error

# The audit's board, with its square a record indexed directly (board.rules, rewritten with the constructs)
BOARD = """
enum file { a, b, c, d, e, f, g, h }
record square "{f}{rank}" { f: file; rank: 1..8; }
enum piece { empty, pawn, knight, bishop, rook, queen, king }
enum way {
  df: int;
  dr: int;
  straight: bool = true;
  north(df = 0, dr = 1), south(df = 0, dr = -1), east(df = 1, dr = 0), west(df = -1, dr = 0),
  ne(df = 1, dr = 1, straight = false), nw(df = -1, dr = 1, straight = false),
  se(df = 1, dr = -1, straight = false), sw(df = -1, dr = -1, straight = false),
}
var board[square] "Board" global: piece = empty;
var owner[square] "Colours" global: player;
counter taken[square] global;
func sq(x: file, y: int): square = square(f = x, rank = y);
func slide(s: square, straight: bool): list of square =
  gather(w in way where w.straight == straight, ray(t from s via w until board[t] != empty));
func rook_moves(s: square): list of square = slide(s, true);
func bishop_moves(s: square): list of square = slide(s, false);
func queen_moves(s: square): list of square = slide(s, true) + slide(s, false);
func knight_moves(s: square): list of square = leap(s, 1, 2);
func king_moves(s: square): list of square = leap(s, 1) + leap(s, 1, 1);
"""

program = rules_programs(BOARD)


def value(program, expr: str, setup: str = "", result_type: str = "list"):
    """What `expr` gives after `setup`, in a proc run for P1 of a new game."""
    g = Game(program(f"proc probe(): {result_type} {{ {setup} return {expr}; }}"), 2, 1)
    gen = g.program.procs["probe"](g, g.state.players[0])
    try:
        while True:
            gen.send(None)
    except StopIteration as stop:
        return stop.value


def names(cells) -> list[str]:
    """Cells as their fields read: `a1`."""
    return [f"{c.fields['f']}{c.fields['rank']}" for c in cells]


def test_fide_move_counts_on_an_empty_board(program):
    assert len(value(program, "rook_moves(sq(a, 1))")) == 14
    assert len(value(program, "bishop_moves(sq(d, 4))")) == 13
    assert len(value(program, "queen_moves(sq(d, 4))")) == 27
    assert len(value(program, "knight_moves(sq(a, 1))")) == 2
    assert len(value(program, "knight_moves(sq(d, 4))")) == 8
    assert len(value(program, "king_moves(sq(e, 1))")) == 5
    assert names(value(program, "knight_moves(sq(a, 1))")) == ["b3", "c2"]   # in the record's order
    assert names(value(program, "knight_moves(sq(d, 4))")) == ["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"]


def test_a_ray_stops_at_its_blocker_and_keeps_it(program):
    setup = "set board[sq(a, 5)] = pawn; set board[sq(d, 1)] = knight;"
    assert names(value(program, "rook_moves(sq(a, 1))", setup)) == ["a2", "a3", "a4", "a5", "b1", "c1", "d1"]
    assert names(value(program, "ray(sq(a, 1), north)", setup)) == [f"a{n}" for n in range(2, 9)]   # no stop: the edge
    assert names(value(program, "ray(sq(c, 3), sw)")) == ["b2", "a1"]   # nearest first, the start left out
    assert value(program, "ray(sq(a, 1), south)") == []
    # a blocker right beside: the ray is that one cell
    assert names(value(program, "ray(t from sq(a, 4) via north until board[t] != empty)", setup)) == ["a5"]


def test_shift_and_step_are_none_off_the_board(program):
    def one(expr):
        cell = value(program, expr, result_type="square")
        return None if cell is None else names([cell])[0]
    assert one("shift(sq(e, 2), rank = 2)") == "e4"
    assert one("shift(sq(b, 7), f = -1, rank = 1)") == "a8"
    assert one("shift(sq(h, 1), f = 1)") is None   # never clamped to h
    assert one("shift(sq(a, 8), rank = 1)") is None
    assert one("shift(sq(a, 1), rank = -1)") is None
    assert one("step(sq(a, 8), north)") is None
    assert one("step(sq(a, 1), ne)") == "b2"
    assert one("step(step(sq(a, 1), ne), ne)") == "c3"
    assert one("step(shift(sq(h, 8), f = 1), sw)") is None   # none goes nowhere
    assert value(program, "ray(shift(sq(h, 8), f = 1), sw)") == []
    assert value(program, "leap(shift(sq(h, 8), f = 1), 1, 2)") == []


def test_a_record_indexes_a_var_and_a_counter_as_the_grid_of_its_fields(program):
    g = Game(program("proc p() { set board[sq(e, 4)] = queen; set owner[sq(e, 4)] = you; gain 2 taken[sq(e, 4)]; "
                     "for each s in square { if board[s] == queen { gain 1 taken[shift(s, rank = 1)]; } } }"), 2, 1)
    run_proc(g, "p")
    assert g.state.gvars["board[e,4]"] == "queen" and g.state.gvars["owner[e,4]"] is g.state.players[0]
    assert g.state.globals["taken[e,4]"] == 2 and g.state.globals["taken[e,5]"] == 1
    assert [k for k in g.state.gvars if k.startswith("board[")][:3] == ["board[a,1]", "board[a,2]", "board[a,3]"]
    rows, columns, cells, _rest = g.program.grids()["board"]   # one board on the screens, as it is printed:
    assert rows == [8, 7, 6, 5, 4, 3, 2, 1] and columns == list("abcdefgh")   # ranks as rows, the highest on top
    assert cells[4, "e"] == "board[e,4]" and g.program.grids()["taken"][0][0] == 8


def test_a_board_of_two_ranges_keeps_the_first_field_as_rows():
    text = "record point { row: 1..3; col: 1..4; }\nvar stone[point] global: bool = false;\n"
    for interpreted in (False, True):
        rows, columns, cells, _rest = build_text(text, interpreted=interpreted).grids()["stone"]
        assert rows == [1, 2, 3] and columns == [1, 2, 3, 4] and cells[2, 4] == "stone[2,4]"


def test_an_index_of_none_stops_play(program):
    with pytest.raises(RulesRuntimeError, match="E601"):
        value(program, "board[shift(sq(h, 1), f = 1)]", result_type="piece")


def test_a_record_among_other_indexes():
    text = BOARD + """
counter layer[square, 1..2] global;
proc p(s: square) { gain 3 layer[s, 2]; gain 1 layer[step(s, north), 1]; }
"""
    for interpreted in (False, True):
        g = Game(build_text(text, interpreted=interpreted), 2, 1)
        run_proc(g, "p", _square("c", 3))
        assert g.state.globals["layer[c,3,2]"] == 3 and g.state.globals["layer[c,4,1]"] == 1


def _square(f: str, rank: int):
    from rulebook.runtime.state import Record
    return Record("square", {"f": f, "rank": rank})


# A small chess: each side's pieces move as in chess (no check, castling, en passant or promotion), a king
# captured wins, 40 moves a side at most. Random games played compiled and interpreted agree.
MINI = BOARD + """
func home(p: player): int = if p == all_players[1] then 1 else 8;
func ahead(p: player): int = if p == all_players[1] then 1 else -1;
func pawn_moves(p: player, s: square): list of square =
  gather(t in [shift(s, rank = ahead(p))] where t != none and board[t] == empty, [t])
  + gather(t in [shift(s, f = 1, rank = ahead(p)), shift(s, f = -1, rank = ahead(p))]
           where t != none and owner[t] != none and owner[t] != p, [t]);
func targets(p: player, s: square): list of square = gather(t in match board[s] {
    pawn: pawn_moves(p, s), knight: knight_moves(s), bishop: bishop_moves(s), rook: rook_moves(s),
    queen: queen_moves(s), king: king_moves(s), else: [] } where owner[t] != p, [t]);
record turn_move "{src}-{dst}" { src: square; dst: square; }
func moves(p: player): list of turn_move =
  gather(s in square where owner[s] == p, gather(t in targets(p, s), [turn_move(src = s, dst = t)]));
proc place(p: player, r: int) {
  for each x in file {
    set board[sq(x, r)] = match x { a, h: rook, b, g: knight, c, f: bishop, d: queen, else: king };
    set owner[sq(x, r)] = p;
    set board[sq(x, r + ahead(p))] = pawn;
    set owner[sq(x, r + ahead(p))] = p;
  }
}
game mini {
  seats 2 to 2;
  phase setup { for each p in players { place(p, home(p)); } }
  phase play {
    repeat 40 {
      for each p in players {
        if size(moves(p)) > 0 {
          pick m from moves(p) "Move" {
            if board[m.dst] == king { end game won by p; }
            if board[m.dst] != empty { gain 1 taken[m.dst]; }
            set board[m.dst] = board[m.src];
            set owner[m.dst] = p;
            set board[m.src] = empty;
            set owner[m.src] = none;
          }
        }
      }
    }
  }
  winner most 0 else draw;
}
"""


def test_random_games_of_a_small_chess_agree_on_both_backends():
    assert [d.headline() for d in analyse_text(MINI).diagnostics] == []
    random_games_agree(MINI, seeds=range(1, 4), counts=(2,))


def test_the_audits_repro_lints_clean_now():
    text = """
enum file { a, b, c, d, e, f, g, h }
record square "{f}{rank}" { f: file; rank: 1..8; }
var board[square] "Board" global: bool = false;
counter n;
proc mark(s: square) { set board[s] = true; gain 1 n; }
game demo { seats 1 to 1; phase play { pick s from square "mark" { mark(s); } } winner most n; }
"""
    assert analyse_text(text).diagnostics == []


def test_an_index_of_another_type_that_reads_alike_says_which_is_which():
    text = """
enum cell { upper, lower }
var seen[cell] global: bool = false;
record spot { cell: cell; }
proc p(s: spot) { set seen[s] = true; }
"""
    the_one_error(analyse_text(text), "E303")
    message = [d.message for d in analyse_text(text).diagnostics if d.code == "E303"][0]
    assert "a cell" in message and "a spot" in message
    same = """
enum square { a1, a2 }
var seen[square] global: bool = false;
proc p(s: int) { set seen[s] = true; }
"""
    assert "a square, not a number" in [d.message for d in analyse_text(same).diagnostics if d.code == "E303"][0]


def test_a_record_index_of_an_unbounded_field_is_e486():
    text = "record cell { row: 1..3; col: int; }\nvar board[cell] global: bool = false;\n"
    assert found_at(text) == [("E486", 2, 11)]
    assert "field 'col' of cell is a number" in analyse_text(text).diagnostics[0].message
    listed = "record cell { row: 1..3; tags: list of int = []; }\ncounter board[cell];\n"
    assert [c for c, *_ in found_at(listed)] == ["E486"]


def test_misuse_of_the_walks():
    base = """
record cell { row: 1..8; col: 1..8; }
enum way { dr: int; dc: int; up(dr = 1, dc = 0) }
enum flat { dy: int; climb(dy = 1) }
record open_cell { row: int; col: 1..8; }
"""
    cases = {
        "func x(n: int): list of int = ray(n, up);": ("E483", "not a number"),
        "func x(o: open_cell): open_cell = shift(o, col = 1);": ("E483", "field 'row'"),
        "func x(c: cell): cell = step(c, climb);": ("E484", "flat has 1"),
        "func x(c: cell): cell = step(c, 3);": ("E484", "not a number"),
        "func x(c: cell): cell = shift(c, rank = 2);": ("E485", "no field 'rank'"),
        "func x(c: cell): cell = shift(c, row = 1, row = 2);": ("E485", "moved twice"),
        'func x(c: cell): cell = shift(c, row = "up");': ("E485", "not a text"),
        "func x(c: cell): cell = shift(c);": ("E485", "no field is named"),
        "func x(c: cell): list of cell = leap(c, 1, 2, 3);": ("E485", "at most one number per field"),
        "func x(c: cell): list of cell = leap(c);": ("E485", "one number or more"),
        "func x(c: cell): list of cell = leap(c, true);": ("E485", "not a condition"),
        "func x(c: cell): list of cell = ray(c);": ("E302", "a cell and a direction"),
        "func x(c: cell): cell = cell(c, row = 2);": ("E302", "no named values"),
    }
    for line, (code, words) in cases.items():
        result = analyse_text(base + line)
        errors = [d for d in result.diagnostics if d.severity == "error"]
        assert [d.code for d in errors] == [code], (line, [d.headline() for d in errors])
        assert words in errors[0].message, (line, errors[0].message)
        assert errors[0].span.line == 6, line


def test_an_until_that_does_not_read_its_cell_is_w511():
    text = """
record cell { row: 1..8; col: 1..8; }
enum way { dr: int; dc: int; up(dr = 1, dc = 0) }
var blocked global: bool = false;
func reach(x: cell): list of cell = ray(c from x via up until blocked);
"""
    assert found_at(text) == [("W511", 5, 63)]
    assert found_at(text.replace("until blocked", "until blocked or c.row == 4")) == []


def test_a_packs_own_func_keeps_the_name():
    text = """
func shift(n: int): int = n + 1;
func step(n: int, m: int): int = n + m;
proc p() { say "{shift(1)} {step(1, 2)}"; }
"""
    assert analyse_text(text).diagnostics == []


OWN_RAY = """
record cell { row: 1..3; col: 1..3; }
enum way { dr: int; dc: int; up(dr = 1, dc = 0) }
var board[cell] global: bool = false;
counter vp;
func ray(x: cell, _w: way): list of cell = [x];
func shift(x: cell, _n: int): cell = x;
func neighbours(_x: cell): list of cell = [];
proc go(x: cell) {
  gain size(ray(x, up)) vp;
  gain size(ray(c from x via up until board[c])) vp;
  if shift(x, row = 1) == x { gain 1 vp; }
  gain size(neighbours(x, diagonal)) vp;
}
"""


def test_a_builtins_own_form_where_the_pack_has_its_own_func_is_e523():
    # the pack's ray, shift and neighbours are what their calls run (both backends); the builtin's forms
    # (a binder, a named field, the word diagonal) would silently reach the builtin: refused, at the form
    assert found_at(OWN_RAY) == [("E523", 11, 13), ("E523", 12, 15), ("E523", 13, 27)]
    d = analyse_text(OWN_RAY).diagnostics[0]
    assert "this pack declares its own func 'ray'" in d.message and ":6:" in d.notes[0] and "my_ray" in d.hint
    fixed = OWN_RAY.replace("ray(c from x via up until board[c])", "ray(x, up)").replace("shift(x, row = 1)", \
        "shift(x, 1)").replace("neighbours(x, diagonal)", "neighbours(x)")
    assert found_at(fixed) == []
    for interpreted in (False, True):   # the pack's own ray: [x], one cell, twice
        program = build_text(fixed + "game own { seats 1 to 1; phase play { go(cell(row = 2, col = 2)); } winner most vp; }",
                             interpreted=interpreted)
        g = Game(program, 1, 1)
        g.start()
        assert g.state.players[0].stock["vp"] == 3
    # a proc of the name too: the binder form is E523, the proc is what 'ray' names
    assert found_at(OWN_RAY.replace("func ray(x: cell, _w: way): list of cell = [x];", "proc ray() { gain 1 vp; }")
                    .replace("gain size(ray(x, up)) vp;", "ray();"))[0] == ("E523", 11, 13)


def test_fmt_round_trip_and_explain():
    module, text = printed_back(MINI)
    assert "ray(t from s via w until board[t] != empty)" in text
    assert "shift(s, f = -1, rank = ahead(p))" in text
    result = analyse_text(MINI)
    read = "\n".join(explain(result.symbols.decls["slide"], result.symbols))
    assert "the cells from s going w to the edge of the board, nearest first (s left out), up to the first cell t" \
        in read
    read = "\n".join(explain(result.symbols.decls["knight_moves"], result.symbols))
    assert "the cells a leap of 1 and 2 away from s" in read
    read = "\n".join(explain(result.symbols.decls["pawn_moves"], result.symbols))
    assert "the cell ahead(p) along rank from s (none off the board)" in read or "along rank from s" in read


def test_a_missing_element_of_a_board_lists_a_handful_of_its_64_squares():
    text = """enum file { a, b, c, d, e, f, g, h }
record square "{f}{rank}" { f: file; rank: 1..8; }
var board[square] "Board" global: bool = false;
var at "At" global: square;
counter vp;
game lookup {
  seats 1 to 1;
  phase play { if board[at] { gain 1 vp; } }
  winner most vp;
}
"""
    for interpreted in (False, True):
        with pytest.raises(RulesRuntimeError) as e:
            Game(build_text(text, interpreted=interpreted), 1, 1).start()
        assert e.value.code == "E601"
        assert e.value.message == "board has no element none (it has a,1, a,2, a,3, a,4, a,5, a,6, ... (64 in all))"
