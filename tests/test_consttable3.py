"""Branch consttable3: what consttable2 left. A counter's `start` and a variable's default read a printed table at
values known before play (player_count, an option, a constant), as a resource's supply can, on both backends; a
table read there at a value known only in play is E677. W658: a func whose value is a `match` of numbers ending in an
`else` that stands for every number past the last case is a table open at the top (its hint writes it)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game

from .conftest import explained, printed_back, rules_programs, run_proc

# Pandemic-like (for illustration): the cards each player is dealt by players, 4 at 2, 3 at 3, 2 from 4 on; an option
# of the hand's limit read through the same table; a constant's row; a condition from the seats
STARTS = """game g { seats 2 to 5; phase play { } winner most vp; }
const base = 3;
option size "Hand size of the bank": 2..5 = 3;
table dealt[n: 2..] "Cards dealt": int = [4, 3, 2];
counter cards start dealt[player_count];
counter bank global start dealt[size] * 2;
counter fixed start dealt[base];
var short_hands: bool = dealt[player_count] < 3;
counter vp;
proc p() { gain cards * 100 + bank * 10 + fixed vp; if short_hands { gain 1000 vp; } }
"""

started = rules_programs(STARTS)


@pytest.mark.parametrize("players, settings, vp", [
    (2, (), 4 * 100 + 6 * 10 + 3),
    (3, (), 3 * 100 + 6 * 10 + 3),
    (4, (), 1000 + 2 * 100 + 6 * 10 + 3),
    (5, (), 1000 + 2 * 100 + 6 * 10 + 3),       # past the open top: the last value
    (2, ("size=2",), 4 * 100 + 8 * 10 + 3),     # the option read as the game is made
    (2, ("size=5",), 4 * 100 + 4 * 10 + 3),
])
def test_a_start_reads_a_table_at_the_seats_an_option_or_a_constant_on_both_backends(started, players, settings, vp):
    game = Game(started(), players, 1, variants=settings)
    assert game.state.players[-1].stock["cards"] == vp // 100 % 10
    run_proc(game, "p")
    assert game.state.players[0].stock["vp"] == vp


def test_the_starts_lint_clean_and_explain_reads_them_by_the_seats():
    result = analyse_text(STARTS)
    assert [d.code for d in result.diagnostics] == []
    assert explained(result, "cards").endswith("starting at 4 with 2 players, 3 with 3, 2 with 4, 2 with 5.")
    assert "starting as false with 2 players, false with 3, true with 4, true with 5" in explained(result, "short_hands")
    assert "starting at 3 (with 2 to 5 players)" in explained(result, "fixed")


def test_fmt_prints_a_start_reading_a_table_back():
    _module, printed = printed_back(STARTS)
    assert "counter cards start dealt[player_count];" in printed
    assert "var short_hands: bool = dealt[player_count] < 3;" in printed


def test_a_start_past_the_bounds_for_some_seats_is_E447_through_the_table():
    found = analyse_text(STARTS.replace("counter cards start", "counter cards from 0 to 3 start")).diagnostics
    assert [d.code for d in found] == ["E447"] and "would start at 4 with 2 players, above its limit 3" in found[0].message


@pytest.mark.parametrize("text, at, what", [
    ("counter cards start dealt[vp];", (5, 27), "the start of counter 'cards'"),
    ("counter cards start dealt[player_count + vp] + 1;", (5, 42), "the start of counter 'cards'"),
    ("counter cards start dealt[most()];", (5, 27), "the start of counter 'cards'"),
])
def test_a_start_reading_a_table_at_a_value_known_only_in_play_is_E677_at_the_value(text, at, what):
    source = STARTS.replace("counter cards start dealt[player_count];", text) + \
        "func most(): int = highest(q in players, q.vp);\n"
    found = [d for d in analyse_text(source).diagnostics if d.code in ("E677", "E322")]
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("E677", *at)]
    assert found[0].message.startswith(what + " is worked out before play, and reads table 'dealt' at")
    assert found[0].hint.startswith("read it at numbers, player_count, options or constants")


def test_a_variables_default_reading_a_table_at_a_counter_is_E677():
    source = STARTS.replace("dealt[player_count] < 3;", "dealt[bank] < 3;")
    found = [d for d in analyse_text(source).diagnostics if d.code in ("E677", "E303")]
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("E677", 8, 31)]
    assert "the start of variable 'short_hands'" in found[0].message


# W658: Ticket to Ride-like (for illustration) and Sushi Go's deal, Tak's stones by an option, a space race by a counter
LADDERS = """game g { seats 2 to 5; phase play { } winner most vp; }
option size "Board size": 4 | 5 | 6 = 5;
counter space from 0 to 8;
counter tiles_left from 0 to 3;
counter vp;
func dealt(): int = match player_count { 2: 10, 3: 9, else: 8 };
func stones(): int = match size { 4: 15, 5: 21, else: 30 };
func space_roll(): int = match space { 0: 3, 1: 4, 2: 3, else: 2 };
func extra(n: int): int = match n { 0: 0, 1: 2, else: 5 };
func top_value(): int = match tiles_left { 3: 5, 2: 3, else: 2 };
func shared(n: int): int = match n { 1: 8, 2: 5, else: 1 };
func by_size(): int = match size(players) { 2: 8, 3: 7, else: 7 };
proc p() { gain dealt() + stones() + space_roll() + extra(1) + top_value() + shared(1) + by_size() vp; }
"""


def test_a_match_whose_else_is_the_top_is_W658_whose_hint_writes_the_open_table():
    found = {d.message.split("'")[1]: d for d in analyse_text(LADDERS).diagnostics if d.code == "W658"}
    assert sorted(found) == ["by_size", "dealt", "extra", "space_roll", "stones"]
    assert found["dealt"].hint == "write 'table dealt[n: 2..]: int = [10, 9, 8];' and read it as dealt[player_count] " \
                                  "for dealt()"
    assert (found["dealt"].span.line, found["dealt"].span.column) == (6, 6)
    assert "its else (8) the value past 3" in found["dealt"].message
    assert found["stones"].hint.startswith("write 'table stones[size: 4..]: int = [15, 21, 30];'")   # the option's least
    assert found["space_roll"].hint.startswith("write 'table space_roll[space: 0..]: int = [3, 4, 3, 2];'")  # the floor
    assert found["extra"].hint == "write 'table extra[n: 0..]: int = [0, 2, 5];' and read it as extra[...] where it " \
                                  "is called"
    assert found["by_size"].hint.startswith("write 'table by_size[n: 2..]: int = [8, 7];'")   # the else is the last value


def test_an_else_that_stands_for_numbers_below_the_cases_too_is_no_W658():
    # Camel Up's leg tiles (0 to 3 left: the else answers 1 and 0) and a parameter's cases from 1 (0 and below)
    assert not any(d.code == "W658" and ("top_value" in d.message or "shared" in d.message)
                   for d in analyse_text(LADDERS).diagnostics)
    # a ladder of players from 3 in a game of 2 to 5 seats: 2 players read the else too
    assert "W658" not in [d.code for d in analyse_text(LADDERS.replace("{ 2: 10, 3: 9,", "{ 3: 10, 4: 9,")).diagnostics
                          if "dealt" in d.message]


def test_the_open_table_w658_writes_plays_as_the_match_did(started):
    # the hint's table, read where the func was called, answers the same for every number of players
    for players in (2, 3, 4, 5):
        game = Game(started("table dealt2[n: 2..]: int = [10, 9, 8];\n"
                            "func dealt1(): int = match player_count { 2: 10, 3: 9, else: 8 };\n"
                            "proc q() { gain dealt1() * 100 + dealt2[player_count] vp; }\n"), players, 1)
        run_proc(game, "q")
        assert game.state.players[0].stock["vp"] == {2: 10, 3: 9}.get(players, 8) * 101
