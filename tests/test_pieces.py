"""Pieces on a board: a kind whose copies carry their own state, moved between the zones of a zone indexed
by a place (chess), on both backends; W585 on the workaround (parallel variables copied by hand); each
connected group beside a place once with `regions(...)` (Go's chains and their liberties)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game

from .conftest import found_at, programs, run_proc, write_pack

CHESS = """
enum grade { pawn "Pawn", rook "Rook", king "King" }
record square "{file},{line}" { file: 1..8; line: 1..8; }
kind chessman "Chessman" { grade: grade; side: player = none; moved: bool = false; }
chessman pawns "Pawn" * 16 { grade = pawn; }
chessman rooks "Rook" * 4 { grade = rook; }
chessman kings "King" * 2 { grade = king; }
zone box "Box" of chessman;
zone on[square] "Board" of chessman;
zone taken "Taken" of chessman;
func sq(f: int, l: int): square = square(file = f, line = l);
func man_on(s: square): chessman = first(on[s]);
func free(s: square): bool = size(on[s]) == 0;
func where_is(m: chessman): square = first(s in square where contains(on[s], m));
func may_castle(k: square, r: square): bool =
  not free(k) and not free(r) and not man_on(k).moved and not man_on(r).moved;
proc set_out(s: square, g: grade) {
  let m = first(x in box where x.grade == g);
  move m to on[s];
  set m.side = you;
}
proc play_move(from_square: square, to_square: square) {
  let m = man_on(from_square);
  if not free(to_square) {
    move man_on(to_square) to taken;
  }
  move m to on[to_square];
  set m.moved = true;
}
proc opening() {
  fill box with chessman;
  set_out(sq(5, 1), king);
  set_out(sq(8, 1), rook);
  set_out(sq(1, 1), rook);
  set_out(sq(1, 2), pawn);
  set_out(sq(2, 2), pawn);
  each left: set_out(sq(2, 3), pawn);
  set men = size(taken) + (if may_castle(sq(5, 1), sq(8, 1)) and where_is(man_on(sq(5, 1))) != none then 1 else 0);
}
game chess {
  seats 2;
  phase setup { opening(); }
  winner most men;
}
counter men;
"""


@pytest.fixture(scope="module")
def chess(tmp_path_factory):
    return programs(write_pack(tmp_path_factory.mktemp("chess"), CHESS, name="chess"))


def call(game: Game, name: str, *args):
    """A func of the pack for the first player."""
    return game.program.funcs[name](game, game.state.players[0], *args)


def opened(program) -> Game:
    game = Game(program, 2, 1)
    run_proc(game, "opening")
    return game


def test_each_copy_carries_its_own_state_and_moves_whole(chess):
    seen = []
    for program in chess:
        game = opened(program)
        king, rook, a_pawn, b_pawn = (call(game, "sq", f, l) for f, l in ((5, 1), (8, 1), (1, 2), (2, 2)))
        assert call(game, "may_castle", king, rook)
        run_proc(game, "play_move", rook, call(game, "sq", 8, 4))
        run_proc(game, "play_move", call(game, "sq", 8, 4), rook)
        # the rook is back on its square, but it has moved: no castling with it, still with the other
        assert not call(game, "may_castle", king, rook)
        assert call(game, "may_castle", king, call(game, "sq", 1, 1))
        # two copies of one declaration: the pawn that moved is marked, its twin is not
        run_proc(game, "play_move", a_pawn, call(game, "sq", 1, 3))
        pawns = [call(game, "man_on", call(game, "sq", 1, 3)), call(game, "man_on", b_pawn)]
        assert [game.state.evars.get(p.key, {}).get("moved", False) for p in pawns] == [True, False]
        assert call(game, "man_on", a_pawn) is None and call(game, "free", a_pawn)
        assert call(game, "where_is", pawns[1]) == b_pawn
        # a capture: the man taken leaves the board, the other side's pawn was on 2,3
        run_proc(game, "play_move", b_pawn, call(game, "sq", 2, 3))
        assert [m.copy_number for m in game.state.zones["taken"]] and len(game.state.zones["taken"]) == 1
        assert game.state.evars[game.state.zones["taken"][0].key]["side"] is game.state.players[1]
        seen.append(sorted(str(k) for k, v in game.state.zones.items() if v))
    assert seen[0] == seen[1]


RISK = """
enum land { alaska, alberta, ontario }
var colour_at[land] global: player = none;
counter armies[land] global;
var fortified[land] global: bool = false;
proc march(from_land: land, to_land: land) {
  set colour_at[to_land] = colour_at[from_land];
  set armies[to_land] = armies[from_land];
  set fortified[to_land] = fortified[from_land];
}
"""


def test_w585_parallel_variables_copied_together():
    assert [f for f in found_at(RISK) if f[0] == "W585"] == [("W585", 7, 3)]


@pytest.mark.parametrize("change", [
    # two copied: a pair of variables is no piece yet
    ("  set fortified[to_land] = fortified[from_land];\n", ""),
    # one of them set from something else than itself at the other place
    ("fortified[to_land] = fortified[from_land]", "fortified[to_land] = true"),
    # a player's own variable (hidden ranks are no shared piece's field)
    ("var fortified[land] global:", "var fortified[land]:"),
])
def test_w585_holds_its_tongue(change):
    old, new = change
    assert old in RISK
    assert [f for f in found_at(RISK.replace(old, new)) if f[0] == "W585"] == []


def test_w585_copies_split_over_two_procs_are_not_together():
    text = RISK.replace("  set fortified[to_land] = fortified[from_land];\n}",
                        "}\nproc dig_in(from_land: land, to_land: land) {\n"
                        "  set fortified[to_land] = fortified[from_land];\n}")
    assert [f for f in found_at(text) if f[0] == "W585"] == []


# Go: the chains of stones beside a point, each once, and the liberties of each (a point with no liberty
# left after a stone is placed beside it is captured)
GO = """
record point "{col}{row}" { col: 1..5; row: 1..5; }
var board[point] "Board" global: player = none;
func p(c: int, r: int): point = point(col = c, row = r);
func same_beside(x: point): list of point = gather(n in neighbours(x) where board[n] == board[x], [n]);
func stones_beside(at: point): list of point = gather(n in neighbours(at) where board[n] != none, [n]);
func chains_beside(at: point): list of list of point =
  regions(q in reachable(x from stones_beside(at) via same_beside(x)) via same_beside(q));
func liberties(chain: list of point): int =
  count(q in point where board[q] == none and some(s in chain where contains(neighbours(s), q)));
counter stones;
proc lay() {
  set stones = size(chains_beside(p(3, 2))) + liberties(stones_beside(p(3, 2)));
  for each c in [p(1, 2), p(2, 1), p(2, 2), p(4, 2)] { set board[c] = all_players[1]; }
  for each c in [p(3, 1), p(4, 1), p(5, 2)] { set board[c] = all_players[2]; }
}
game go {
  seats 2;
  phase setup { lay(); }
  winner most stones;
}

"""


def test_each_chain_beside_a_point_once_on_both_backends(tmp_path):
    answers = []
    for program in programs(write_pack(tmp_path, GO, name="go")):
        game = Game(program, 2, 1)
        run_proc(game, "lay")
        chains = call(game, "chains_beside", call(game, "p", 3, 2))
        # 2,2 (black, with 1,2 and 2,1), 3,1 (white, with 4,1), 4,2 (black, alone): three chains, though the
        # point touches the white chain once and the first black chain once, and 4,1 is beside 4,2
        answers.append([(sorted(str(q) for q in chain), call(game, "liberties", chain)) for chain in chains])
    assert answers[0] == answers[1]
    assert sorted((len(c), libs) for c, libs in answers[0]) == [(1, 2), (2, 2), (3, 4)]


def test_setting_a_piece_on_a_place_says_to_move_it():
    text = ('record hex "{q},{r}" { q: 1..4; r: 1..3; }\nkind unit { figures: int = 4; }\n'
            'zone at[hex] of unit;\nproc put(u: unit, h: hex) { set at[h] = u; }\n')
    result = analyse_text(text)
    found = [d for d in result.diagnostics if d.code in ("E301", "W588")]
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("E301", 4, 33)]
    assert "'move u to at[h];'" in found[0].hint
