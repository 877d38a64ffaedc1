"""Ragged indexes, the two gaps ragged left (docs/language.md 3.3 "Rows of different lengths"): a ragged range
given a name, which a further ragged range reads (`[l: 1..4, r: 1..(5 - l), 1..(6 - l - r)]`), and `row KEY of
GRID`, the values of a grid's next index for the given ones (`for each c in row r of pyramid`, `pick k from row g
of at`), both backends alike, printed back, read aloud, and their misuse (E660, E661, W645) at its place.
Tzolk'in's gears read their positions with it."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse_text, compile_pack
from rulebook.compiler.explain import reading
from rulebook.runtime.engine import Game

from .conftest import found_at, printed_back, random_games_agree, rules_programs, run_proc

# A pyramid of marbles stacked in triangles: 10 places on the bottom level, then 6, 3 and 1; a level's rows
# shorten as they go back, and a row's places depend on both the level and the row.
MARBLES = """
enum gear { positions: int; palenque (positions = 10), chichen_itza (positions = 13), }
func last_position(g: gear): int = g.positions - 1;
counter at[g: gear, 0..(last_position(g))] "Workers on" from 0 to 1;
counter ball[l: 1..4, r: 1..(5 - l), 1..(6 - l - r)] "Marbles" global from 0 to 1;
counter vp;
func on_gear(g: gear): int = total(k in row g of at, at[g, k]);
"""
TETRAHEDRON = [(l, r, c) for l in range(1, 5) for r in range(1, 6 - l) for c in range(1, 7 - l - r)]

program = rules_programs(MARBLES)


def run(program, body: str) -> Game:
    game = Game(program(f"proc p() {{ {body} }}\n"), 2, 1)
    run_proc(game, "p")
    return game


def test_a_named_ragged_range_lays_out_the_index_after_it(program):
    p = program()
    assert list(p.indexed["ball"]) == TETRAHEDRON and len(TETRAHEDRON) == 10 + 6 + 3 + 1
    game = Game(p, 2, 1)
    assert sorted(k for k in game.state.globals if k.startswith("ball[")) == sorted(
        f"ball[{l},{r},{c}]" for l, r, c in TETRAHEDRON)


def test_a_row_is_walked_and_picked_from_on_both_backends(program):
    game = run(program, """
      for each k in row palenque of at { gain 1 vp; }
      for each c in row 1, 4 of ball { gain 100 vp; }
      for each r in row 2 of ball { for each c in row 2, r of ball { set ball[2, r, c] = 1; gain 1000 vp; } }
      set at[chichen_itza, 12] = 1;
      set at[chichen_itza, 3] = 1;
      gain 10000 * on_gear(chichen_itza) vp;
    """)
    me = game.state.players[0]
    # palenque has 10 positions; row 1, 4 holds the one marble ball[1,4,1]; level 2 has 3 + 2 + 1 places
    assert me.stock["vp"] == 10 + 100 + 6 * 1000 + 2 * 10000
    assert [game.state.globals[f"ball[2,{r},{c}]"] for r, c in [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (3, 1)]] == \
        [1] * 6 and game.state.globals["ball[1,1,1]"] == 0


def test_a_row_of_a_grid_not_ragged_is_its_range_and_of_an_enum_its_members(program):
    p = program("""
counter wall[1..5, 1..5] "Wall" global from 0 to 1;
counter spare[1..2, gear] "Spare" global from 0 to 3;
proc q() {
  set wall[2, 4] = 1;
  for each j in row 2 of wall { if wall[2, j] == 0 { gain 1 vp; } }
  for each g in row 1 of spare { gain 1 spare[1, g]; }
}
""")
    game = Game(p, 2, 1)
    run_proc(game, "q")
    assert game.state.players[0].stock["vp"] == 4
    assert game.state.globals["spare[1,palenque]"] == 1 and game.state.globals["spare[1,chichen_itza]"] == 1
    assert game.state.globals["spare[2,palenque]"] == 0


def test_a_pick_from_a_row_offers_its_positions_in_order(program):
    p = program("""proc q() { pick k from row palenque of at where k % 3 == 0 "which?" { set at[palenque, k] = 1; } }""")
    game = Game(p, 2, 1)
    asked = run_proc(game, "q", answers=[2])
    assert [str(o) for o in asked[0].options] == ["0", "3", "6", "9"]
    assert game.state.players[0].stock["at[palenque,6]"] == 1


# 7 Wonders Duel's age I pyramid (simplified): twenty cards in rows of 2 to 6, a card taken once the two below it are.
DUEL = (Path(__file__).parent / "packs" / "pyramid" / "main.rules").read_text()


def test_a_pyramid_is_dealt_row_by_row_and_played_alike_on_both_backends():
    random_games_agree(DUEL, seeds=(1, 2), counts=(2,))


def test_the_pyramid_pack_is_laid_out_row_by_row():
    program = compile_pack(str(Path(__file__).parent / "packs" / "pyramid")).program
    assert [key for key in program.indexed["pyramid"]] == [(r, c) for r in range(1, 6) for c in range(1, r + 2)]
    game = Game(program, 2, 1)
    run_proc(game, "deal_pyramid")
    assert all(len(game.state.zones[f"pyramid[{r},{c}]"]) == 1 for r in range(1, 6) for c in range(1, r + 2))
    assert len(game.state.zones["deck"]) == 0


def test_rows_are_printed_back_and_read_aloud():
    _module, printed = printed_back(MARBLES + "proc p() { for each c in row 1, 4 - 1 of ball { gain c vp; } }\n")
    assert "counter ball[l: 1..4, r: 1..(5 - l), 1..(6 - l - r)] \"Marbles\" global from 0 to 1;" in printed
    assert "func on_gear(g: gear): int = total(k in row g of at, at[g, k]);" in printed
    assert "for each c in row 1, 4 - 1 of ball {" in printed
    symbols = analyse_text(MARBLES).symbols
    assert reading(symbols.decls["on_gear"], symbols) == [
        "Equals the total of your workers on (g, k) over k in row g of at (from 0 to “last position” for g)."]
    assert "each number from 1 to 6 - l - r (1 to 4 for 1, 1; 1 to 3 for 1, 2 and 2, 1;" in \
        reading(symbols.decls["ball"], symbols)[0]


def test_the_pack_lints_clean_and_row_stays_a_name_elsewhere():
    assert [d.code for d in analyse_text(MARBLES).diagnostics] == []
    # Tapestry's income buildings are an enum named `row`: a domain, a type and an index as before
    text = ("enum row { markets, houses } counter built[row] from 0 to 5; counter n;\n"
            "proc p(r: row) { for each x in row where x != markets { gain 1 n; } gain built[r] n; }")
    assert [d.code for d in analyse_text(text).diagnostics if d.code != "W401"] == []


# ---------------------------------------------------------------- misuse, at its place

@pytest.mark.parametrize("body, code, column", [
    ("for each c in row 1 of vp { }", "E660", 26),   # no grid
    ("for each c in row 1 of bal { }", "E660", 26),   # declared nowhere
    ("for each c in row 1, 1, 1 of ball { }", "E660", 26),   # a value for every index: no row left
    ("for each c in row 2 of at { }", "E660", 30),   # a number where the gears are
    ("for each c in row 5 of ball { }", "E661", 30),   # past the levels
    ("for each c in row 4, 2 of ball { }", "E661", 33),   # level 4 has one row
])
def test_a_row_misused_is_said_at_its_place(body, code, column):
    found = [f for f in found_at(MARBLES + f"proc p() {{ {body} }}") if f[0] != "W401"]
    assert found == [(code, MARBLES.count("\n") + 1, column)]


def test_a_row_of_constants_with_no_element_is_w645():
    text = MARBLES.replace("chichen_itza (positions = 13), }", "chichen_itza (positions = 13), idle (positions = 0), }")
    found = found_at(text + "proc p() { for each k in row idle of at { gain 1 vp; } }")
    assert ("W645", MARBLES.count("\n") + 1, 26) in found and ("W610", 4, 25) in found


def test_a_ragged_range_past_a_named_one_is_e621_there():
    found = analyse_text(MARBLES + "proc p() { set ball[1, 4, 2] = 1; set ball[4, 1, 1] = 1; }").diagnostics
    assert [(d.code, d.span.column) for d in found if d.code != "W401"] == [("E621", 27)]
    assert "has 1..1 for 1, 4" in found[0].message


# ---------------------------------------------------------------- Tzolk'in

def test_tzolkins_gears_read_their_positions_as_rows():
    text = (Path(__file__).parent / "packs" / "tzolkin" / "tzolkin.rules").read_text()
    assert "total(k in row g of at, at[g, k])" in text and "pick k from row g of at where at[g, k] > 0" in text


def test_a_row_after_a_hash_in_a_text_is_still_written_in(program):
    """The resolver looks for rows only in texts that may write one; a '#' in a text is no comment."""
    game = run(program, 'let s = "#"; for each k in row palenque of at { gain 1 vp; }')
    assert game.state.players[0].stock["vp"] == 10
