"""The toolchain fixes of branch trial7 (a new designer writing Catan, Santorini and Reversi): an `end game`
reason that shows values, a record's range field below zero (a hex map's axial coordinates), and an enum
member named with a word the grammar reserves (`top`) told as such."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.dsl.printer import format_text
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import programs, write_pack

# Checkers-like: the player who cannot move loses, and the reason names them and the count of turns played.
REASON = """
counter won;
counter turns global;
proc turn() {
  gain 1 turns;
  if turns == 3 {
    gain 1 left(you).won;
    end game "{you} has no legal move after {turns} turns, {{at last}}";
  }
}
game g { seats 2 to 2; phase play { while true { each players: turn(); } } winner most won; }
"""


def test_an_end_game_reason_shows_its_values_alike_on_both_backends(tmp_path):
    results = [Game(p, 2, 1).play() for p in programs(write_pack(tmp_path / "reason", REASON))]
    assert [r["reason"] for r in results] == ["P1 has no legal move after 3 turns, {at last}"] * 2
    assert [r["winners"] for r in results] == [["P2"], ["P2"]]


def test_an_end_game_after_reason_shows_its_values_too(tmp_path):
    text = REASON.replace('end game "', 'end game after round "').replace("while true {", "while true as round {")
    results = [Game(p, 2, 1).play() for p in programs(write_pack(tmp_path / "after", text))]
    assert [r["reason"] for r in results] == ["P1 has no legal move after 3 turns, {at last}"] * 2


def test_a_reason_naming_what_does_not_exist_is_e201_and_one_of_words_stays_as_written():
    found = analyse_text('counter vp; proc p() { end game "{winner_name} won"; }').diagnostics
    assert [(d.code, d.span.column) for d in found] == [("E201", 35)]
    text = 'counter vp;\n\nproc p() {\n  end game "two passes";\n}\n'
    assert format_text(text) == text and analyse_text(text).diagnostics == []


HEXES = """
record hex "{q},{r}" { q: -2..2; r: -2..2; }
counter vp;
var land[hex] "Land" global: bool = false;
func on_land(h: hex): bool = abs(h.q + h.r) <= 2;
proc mark() {
  for each h in hex where on_land(h) { set land[h] = true; }
  gain count(h in hex where land[h]) vp;
  gain size(neighbours(hex(q = 0, r = 0))) vp;
  gain size(neighbours(hex(q = -2, r = -2))) vp;
}
game g { seats 1 to 1; phase play { each players: mark(); } winner most vp; }
"""


def test_a_record_field_may_range_below_zero_a_hex_map_round_its_centre(tmp_path):
    """Catan's island in axial coordinates: 19 hexes of the 25 of q, r in -2..2 are land; the centre has 4 cells
    beside it on the record's grid, the corner -2,-2 two; both backends alike."""
    for program in programs(write_pack(tmp_path / "hexes", HEXES)):
        game = Game(program, 1, 1)
        game.play()
        assert game.state.players[0].stock["vp"] == 19 + 4 + 2
        assert game.state.gvars["land[-2,2]"] is True and game.state.gvars["land[-2,-2]"] is False
    assert "q: -2..2;" in format_text(HEXES)


def test_a_built_value_outside_a_negative_range_stops_play_and_an_empty_one_is_e303(tmp_path):
    found = analyse_text("record hex { q: 2..-2; }\ncounter vp;").diagnostics
    assert [d.code for d in found] == ["E303"]
    for written in ("1..5", "-3..-1", "-1..size"):   # a range of positive numbers, and one up to an option, as before
        text = f"option size: 5 | 7 = 5;\nrecord hex {{ q: {written}; }}\ncounter vp;"
        assert analyse_text(text).diagnostics == [], written
    game = Game(programs(write_pack(tmp_path / "off", HEXES.replace("hex(q = -2, r = -2)", "hex(q = -3, r = 0)")))[0], 1, 1)
    with pytest.raises(RulesRuntimeError, match="E601"):
        game.play()


@pytest.mark.parametrize("text", ["enum tip { top, bottom }\ncounter vp;\n", 'enum tip { count "Count", total }\ncounter vp;\n'])
def test_an_enum_member_named_with_a_field_word_is_told_reserved_at_the_word(text):
    found = analyse_text(text).diagnostics
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("E100", 1, 12)]
    assert "a keyword cannot be used as a name here" in found[0].message and "call it" in (found[0].hint or "")


def test_a_reason_of_doubled_braces_alone_reads_as_a_say_text_does(tmp_path):
    text = REASON.replace("{you} has no legal move after {turns} turns, {{at last}}", "{{at last}}")
    assert [Game(p, 2, 1).play()["reason"] for p in programs(write_pack(tmp_path / "braces", text))] == ["{at last}"] * 2


CITY = """
resource ore;
resource grain;
counter cities;
enum spot { north, south }
var mine[spot] global: bool = true;
zone market of spot_card;
kind spot_card { }
proc build() {
  choose "what next?" {
    option "build a city" {
      BODY
    }
    option "end the turn" { }
  }
}
"""


@pytest.mark.parametrize("body, warned", [
    # Catan's city: paid, then a settlement picked among those left, maybe none: paid for nothing
    ("pay 3 ore, 2 grain; pick s from spot where mine[s] { set mine[s] = false; gain 1 cities; }", True),
    ("pay 3 ore, 2 grain; pick c from market { gain 1 cities; }", True),   # a zone may be empty
    # the rule as written: the pay first in the pick's block gates the option on a candidate
    ("pick s from spot where mine[s] { pay 3 ore, 2 grain; set mine[s] = false; gain 1 cities; }", False),
    ("pay 3 ore, 2 grain; pick s from spot { gain 1 cities; }", False),   # every member: never nothing
    ("pay 3 ore, 2 grain; pick s from spot where mine[s] optional { gain 1 cities; }", False),   # on purpose
    ("pay 3 ore, 2 grain; pick s from spot where mine[s] { gain 1 cities; } else { gain 1 ore; }", False),
])
def test_an_option_that_pays_then_picks_what_may_be_nothing_is_w566_at_the_pay(body, warned):
    found = [d for d in analyse_text(CITY.replace("BODY", body)).diagnostics if d.code == "W566"]
    assert [(d.span.line, d.span.column) for d in found] == ([(12, 7)] if warned else [])
    if warned:
        assert "paid for nothing" in found[0].message and "first in the pick's block" in found[0].hint


def test_a_boards_number_headings_below_zero_are_never_cut_to_their_sign():
    """Catan's harbours drawn by `--show-state` on a narrow screen: the columns -4 and -3 were headed `-`."""
    from rich.console import Console

    from rulebook.runtime.console import Board

    numbers = list(range(-4, 5))
    board = Board("Harbours", numbers, numbers, [["any_thr…" if r == c and r >= -2 else "·" for c in numbers]
                                                 for r in numbers])
    console = Console(width=90, record=True, color_system=None)
    console.print(board.table(90))
    heading = next(line for line in console.export_text().splitlines() if "-4" in line and "-3" in line)
    assert all(f" {n} " in heading for n in numbers)


def test_e309_points_at_the_name_bound_not_the_whole_aggregate():
    """Reversi's `gather(c in run(...) where board[c] != p, [c])` with the columns a to h: the caret covered the
    whole gather, and a `for each` had it at `for`."""
    text = ("enum column { a, b, c }\nrecord square { col: column; row: 1..3; }\nvar board[square] global: bool = false;\n"
            "func n(): int = count(c in square where board[c]);\n"
            "proc p() {\n  for each c in square where board[c] { set board[c] = false; }\n}\n")
    found = [(d.code, d.span.line, d.span.column, d.span.end_column) for d in analyse_text(text).diagnostics]
    assert found == [("E309", 4, 23, 24), ("E309", 6, 12, 13)]
