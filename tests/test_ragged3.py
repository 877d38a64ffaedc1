"""Grids, the two gaps ragged2 left (docs/language.md 3.3 "Rows of different lengths" and 3.9 "Indexed zones"):
`index [WHICH] of ITEM in GRID`, the value of a zone's index for the element a card lies in (7 Wonders Duel's
pyramid, a market's rows, a player's tiers), and `row KEY of GRID` with a computed key, checked where it can be
(E670 of another kind or past the grid for every value of its loop, W653 for some) and in play on both backends
(E601 naming the rows) before the row's end is worked out from it."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.compiler.explain import reading
from rulebook.compiler.workspace import file_occurrences
from rulebook.dsl.parser import parse_text
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import found_at, printed_back, rules_programs, run_proc

# 7 Wonders Duel's age I pyramid (simplified) beside a market of three levels and each player's three tiers of
# tech cards (Tapestry's bottom, middle and top rows): each card's place read back from where it lies.
CARDS = """
kind card { coins: int; }
card tavern "Tavern" * 12 { coins = 4; }
card altar "Altar" * 12 { coins = 3; }
zone deck of card;
zone pyramid[r: 1..5, 1..(r + 1)] "Pyramid" of card;
enum level { one "Level 1", two "Level 2", three "Level 3" }
zone market[level] "Market" of card;
zone techs[1..3] "Tech cards" per_player of card;
zone taken per_player of card;
counter vp;
counter index;
proc deal() {
  fill deck with card;
  for each r in 1..5 { for each c in row r of pyramid { draw 1 from deck to pyramid[r, c]; } }
  draw 1 from deck to market[two];
  draw 1 from deck to techs[3];
}
"""

program = rules_programs(CARDS)


def dealt_and_run(program, body: str, more: str = "") -> Game:
    game = Game(program(more + f"proc p() {{ {body} }}\n"), 2, 1)
    run_proc(game, "deal")
    run_proc(game, "p")
    return game


def vp(game: Game) -> int:
    return game.state.players[0].stock["vp"]


def test_each_card_of_the_pyramid_reads_its_row_and_place_on_both_backends(program):
    game = dealt_and_run(program, """
      for each r in 1..5 {
        for each c in row r of pyramid {
          let x = first(pyramid[r, c]);
          gain 100 * index r of x in pyramid + index 2 of x in pyramid vp;
        }
      }""")
    # each card of row r, place c gives 100 r + c: rows of 2, 3, 4, 5 and 6 cards
    assert vp(game) == sum(100 * r + c for r in range(1, 6) for c in range(1, r + 2)) == 7055


def test_an_enum_index_reads_its_member_and_a_players_tier_its_number(program):
    game = dealt_and_run(program, """
      if index of first(market[two]) in market == two { gain 1 vp; }
      gain 10 * index of first(techs[3]) in techs vp;
      gain 1000 * index of first(techs[3]) in techs + 1 index;
    """)
    assert vp(game) == 1 + 30 and game.state.players[0].stock["index"] == 3001


def test_a_card_in_no_element_of_the_grid_reads_none_and_a_moved_card_its_new_place(program):
    game = dealt_and_run(program, """
      let x = first(pyramid[5, 6]);
      if index r of first(deck) in pyramid == none { gain 1 vp; }
      if index of x in techs == none { gain 10 vp; }
      move x to pyramid[1, 1];
      gain 100 * index r of x in pyramid + 1000 * index 2 of x in pyramid vp;
      move x to taken;
      if index r of x in pyramid == none { gain 10000 vp; }
    """)
    assert vp(game) == 1 + 10 + 100 + 1000 + 10000


def test_another_players_card_reads_its_tier_too(program):
    game = Game(program("proc p() { move first(deck) to left.techs[2]; }\n"
                        "func tier_of_first(p: player): int = index of first(p.techs[2]) in techs;\n"), 2, 1)
    run_proc(game, "deal")
    run_proc(game, "p")
    assert game.program.funcs["tier_of_first"](game, game.state.players[0], game.state.players[1]) == 2


def test_what_is_no_card_stops_play_with_e601(program):
    game = Game(program("proc p() { gain index of first(deck) in techs vp; }\n"), 2, 1)   # an empty deck
    with pytest.raises(RulesRuntimeError, match="E601.*none lies in no zone of techs"):
        run_proc(game, "p")


# Chess (a corner of it): a chessman stands on a square of the board, a zone indexed by a record of cells.
CHESS = """
record square "{file},{line}" { file: 1..8; line: 1..8; }
kind chessman "Chessman" { side: player = none; }
chessman rooks "Rook" * 4 { }
zone box "Box" of chessman;
zone on[square] "Board" of chessman;
counter vp;
func standing(u: chessman): square = index of u in on;
proc p() {
  fill box with chessman;
  move first(box) to on[square(file = 3, line = 5)];
  let u = first(on[square(file = 3, line = 5)]);
  let s = index of u in on;
  gain 10 * s.file + s.line vp;
  if standing(u) == square(file = 3, line = 5) { gain 100 vp; }
  if size(on[standing(u)]) == 1 { gain 1000 vp; }
  if index of first(box) in on == none { gain 10000 vp; }
}
"""

chess = rules_programs(CHESS)


def test_a_piece_on_a_board_of_cells_reads_its_square(chess):
    game = Game(chess(), 2, 1)
    run_proc(game, "p")
    assert vp(game) == 35 + 100 + 1000 + 10000
    assert [d.code for d in analyse_text(CHESS).diagnostics] == []


def test_index_is_printed_back_read_aloud_and_stays_a_name_elsewhere():
    text = CARDS + "func row_of(x: card) = index r of x in pyramid;\nproc q(x: card) { gain index of x in techs + index vp; }\n"
    _module, printed = printed_back(text)
    assert "func row_of(x: card) = index r of x in pyramid;" in printed
    assert "gain index of x in techs + index vp;" in printed
    result = analyse_text(text)
    assert [d.code for d in result.diagnostics if d.code != "W401"] == []
    assert reading(result.symbols.decls["row_of"], result.symbols) == [
        "Equals the index r of the place of Pyramid that x lies in (none when in none of them)."]
    result = analyse_text(CARDS + "func up(c: card): bool = index of c in market != none;\n")
    assert reading(result.symbols.decls["up"], result.symbols) == ["True when c lies in one of the places of Market."]


@pytest.mark.parametrize("body, column, message", [
    ("gain index of 3 in techs vp;", 26, "3 is a number, and only a card, tile or piece lies in a zone"),
    ("gain index of first(deck) in pyramid vp;", 17, "has 2 indexes: say which"),
    ("gain index q of first(deck) in pyramid vp;", 17, "has no index named 'q'"),
    ("gain index 3 of first(deck) in pyramid vp;", 17, "has two indexes, so no index 3"),
    ("gain index of first(deck) in deck vp;", 17, "'deck' is no zone with indexes"),
    ("gain index of first(deck) in pyramd vp;", 17, "'pyramd' is declared nowhere"),
    ("let m = 2; gain index of first(deck) in m vp;", 28, "'m' is a local value"),
    ("gain index 0 of first(deck) in pyramid vp;", 17, "has two indexes, so no index 0"),
])
def test_index_misused_is_e670_at_its_place(body, column, message):
    found = [d for d in analyse_text(CARDS + f"proc q() {{ {body} }}").diagnostics if d.code != "W401"]
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("E670", CARDS.count("\n") + 1, column)]
    assert message in found[0].message


def test_a_record_among_others_is_e670_and_a_members_index_compared_with_a_number_e303():
    # (an index of cards was E670 here; ragged4 gives the card back: tests/test_ragged4.py)
    text = CARDS + ("record spot { x: 1..3; }\nzone laid[spot, 1..2] of card;\n"
                    "proc q() { gain index 1 of first(deck) in laid vp; }")
    found = [d for d in analyse_text(text).diagnostics if d.code != "W401"]
    assert [d.code for d in found] == ["E670"] and "an enum's members, cards, players or a record alone" in \
        found[0].message
    found = analyse_text(CARDS + "proc q() { if index of first(deck) in market == 2 { } }").diagnostics
    assert "E303" in [d.code for d in found]


def test_the_editor_finds_the_grid_an_index_names_where_it_is_written():
    text = CARDS + "func on_top(x: card): bool = index r of x in pyramid == 1;\n"
    line = text.count("\n")
    refs = [(o.role, o.span.line, o.span.column) for o in file_occurrences(parse_text(text, "a.rules"), text)
            if o.name == "pyramid"]
    assert ("ref", line, text.splitlines()[-1].index("pyramid") + 1) in refs


# ---------------------------------------------------------------- `row KEY of GRID` with a computed key

GRIDS = """
enum gear { positions: int; palenque (positions = 10), chichen_itza (positions = 13), idle (positions = 0), }
func last_position(g: gear): int = g.positions - 1;
counter at[g: gear, 0..(last_position(g))] "Workers on" from 0 to 1;
counter token[r: 1..5, 1..(if r <= 3 then r + 2 else 8 - r)] "Number tokens" global from 0 to 12;
counter wall[1..5, 1..4] "Wall" global from 0 to 1;
counter vp;
proc walk(n: int) { for each c in row n of token { gain 1 vp; } for each c in row n of wall { gain 10 vp; } }
proc turn(g: gear) { for each k in row g of at { gain 100 vp; } }
"""

grids = rules_programs(GRIDS)


def test_a_computed_row_in_the_grid_is_walked_and_one_past_it_stops_play_naming_the_rows(grids):
    game = Game(grids(), 2, 1)
    run_proc(game, "walk", 3)   # row 3 of the island has 5 hexes; the wall's rows 4 places
    run_proc(game, "turn", "chichen_itza")
    run_proc(game, "turn", "idle")   # a gear with no position: its row is empty, not past the grid
    assert game.state.players[0].stock["vp"] == 5 + 40 + 1300
    with pytest.raises(RulesRuntimeError, match=r"E601.*row n of token: token has no row 6 \(its rows are 1, 2, 3, "
                                                r"4, 5\)"):
        run_proc(game, "walk", 6)   # said before the row's end is worked out from 6 (8 - 6: a row of 2)


def test_a_computed_row_past_a_grid_not_ragged_stops_play_too(grids):
    game = Game(grids("proc w(n: int) { for each c in row n of wall { gain 10 vp; } }\n"), 2, 1)
    with pytest.raises(RulesRuntimeError, match=r"row n of wall: wall has no row 0 \(its rows are 1, 2, 3, 4, 5\)"):
        run_proc(game, "w", 0)


def test_a_computed_row_of_three_indexes_lists_the_rows_there_are(grids):
    game = Game(grids("counter ball[l: 1..4, r: 1..(5 - l), 1..(6 - l - r)] global from 0 to 1;\n"
                      "proc b(l: int, r: int) { for each c in row l, r of ball { gain 1 vp; } }\n"), 2, 1)
    run_proc(game, "b", 1, 4)
    assert game.state.players[0].stock["vp"] == 1
    with pytest.raises(RulesRuntimeError, match=r"row l, r of ball: ball has no row 4,2 \(its rows are 1,1, 1,2, "
                                                r"1,3, 1,4, 2,1, 2,2, \.\.\. 4,1\)"):
        run_proc(game, "b", 4, 2)


@pytest.mark.parametrize("body, code, at, message", [
    # a player where the island's rows are numbered
    ("for each q in players { for each c in row q of token { } }", "E670", "q of",
     "is read there with a number, and q is a player"),
    ("for each g in gear { for each c in row g of wall { } }", "E670", "g of",
     "is read there with a number, and g is a gear"),
    ("for each g in 1..2 { for each c in row g of at { } }", "E670", "g of",
     "is read there with a gear, and g is a number"),
    # past the grid for every value of the loop, and for some
    ("for each r in 1..5 { for each c in row r + 5 of token { } }", "E670", "r + 5",
     "past the grid for every r of its loop (r + 5 runs 6..10"),
    ("for each r in 1..6 { for each c in row r of token { } }", "W653", "r of",
     "past the grid for some r of its loop (r runs 1..6"),
    ("for each r in 0..2 { for each c in row 1 + r of wall { } }", None, None, ""),
    # a sum of constants is a constant row: E661 as ragged2 says it
    ("for each c in row 2 + 4 of token { }", "E661", "2 + 4", "row 2 + 4 of token is past the grid"),
])
def test_a_computed_row_misread_is_said_at_its_key(body, code, at, message):
    head = "proc probe() { "
    found = [d for d in analyse_text(GRIDS + head + body + " }").diagnostics if d.code not in ("W401", "W610")]
    if code is None:
        assert found == []
        return
    column = len(head) + body.index(at) + 1
    assert [(d.code, d.span.line, d.span.column) for d in found] == [(code, GRIDS.count("\n") + 1, column)]
    assert message in found[0].message


def test_w481_still_said_of_an_index_past_its_loop():
    found = found_at("counter pile[1..6] global;\nproc q() { for each n in 1..6 { gain 1 pile[n + 6]; } }")
    assert [f[0] for f in found if f[0] != "W401"] == ["W481"]


def test_the_shipped_uses_read_rows_and_indexes():
    here = Path(__file__).parent / "packs"
    assert "let face_up = index of c in row != none;" in (here / "splendor" / "splendor.rules").read_text()
