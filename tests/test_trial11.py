"""The eighteenth session's trial (branch trial11: Yahtzee, Qwixx and Sagrada written by a new designer): the
toolchain fixes their frictions gave, each with the rules that showed it."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text

from .conftest import found_at

DICE = """
die d6: int { face = 1; face = 2; face = 3; face = 4; face = 5; face = 6; }
kind qdie "Die" { shows: d6; }
qdie white_die "White die" * 2 { }
qdie red_die "Red die" { }
zone pool of qdie;
zone removed of qdie;
counter score;
proc turn() { roll all of pool; gain total(d in pool, d.shows) score; }
game qwixx "Qwixx" { seats 2 to 5; phase play { each players: turn(); } winner most score; }
"""


def test_dice_no_rule_puts_in_a_zone_are_w576_at_the_first_card():
    # Qwixx as first written: the dice were declared, the pool rolled, and the game played with no dice
    found = [d for d in analyse_text(DICE).diagnostics if d.code == "W576"]
    assert [(d.span.line, d.span.column) for d in found] == [(4, 6)]
    assert "'pool' and 'removed' stay empty all game" in found[0].message
    assert "fill pool with qdie;" in found[0].hint


def test_a_fill_or_a_card_named_puts_the_cards_in_play():
    assert "W576" not in [c for c, *_ in found_at(DICE + "proc setup() { fill pool with qdie; }\n")]
    assert "W576" not in [c for c, *_ in found_at(DICE + "proc setup() { move red_die to pool; }\n")]
    # a kind no zone holds is no such case (its cards are values: a var may name them)
    assert "W576" not in [c for c, *_ in found_at("kind god { power: int = 1; }\ngod zeus { }\ncounter vp;\n")]
    # a fragment, with no game, has its setup elsewhere
    assert "W576" not in [c for c, *_ in found_at(DICE.split("game ")[0])]


def test_a_reserved_word_that_is_no_noun_is_offered_no_plural():
    # Qwixx's `let before = ...;` was told to call it 'befores', Sagrada's `zone public` 'publics'
    hints = {d.hint for d in analyse_text("proc f() { let before = 1; let allowed = 2; }\n").diagnostics
             if d.code == "E100"}
    hints |= {d.hint for d in analyse_text("kind x { }\nzone public of x;\n").diagnostics if d.code == "E100"}
    hints |= {d.hint for d in analyse_text("var marker: bool = false;\n").diagnostics if d.code == "E100"}
    assert "'before' is reserved: call it 'before_value' or 'my_before', say" in hints
    assert "'allowed' is reserved: call it 'allowed_value' or 'my_allowed', say" in hints
    assert any(h.startswith("'public' is reserved: call it 'public_") for h in hints)
    assert any(h.startswith("'marker' is reserved: call it 'markers'") for h in hints)   # a noun keeps its plural


def test_a_card_or_a_kind_where_a_zone_goes_is_told_how_to_fill_a_zone():
    text = DICE + "proc setup() { move all of white_die to pool; move all of qdie to removed; }\n"
    hints = [d.hint for d in analyse_text(text).diagnostics if d.code == "E303"]
    assert hints == ["'white_die' is a card (its 2 copies are one declaration), not a zone: 'fill ZONE with qdie;' "
                     "puts every qdie into a zone, 'move white_die to ZONE;' moves this one",
                     "'qdie' is a kind, not a zone: 'fill ZONE with qdie;' puts every qdie into a zone"]


SAGRADA_WINDOW = """
enum colour { red "Red", blue "Blue" }
record spot { row: 1..4; col: 1..5; }
kind sdie "Die" { colour: colour; }
var at[spot] "Window": sdie;
var owner[spot] "Owner": player;
func free(s: spot): bool = at[s] == none;
func claimed(s: spot): bool = owner[s] != none;
func place(c: colour, n: int): int = if c == red then n - 1 else 13 - n;
func right_of(c: colour, n: int, last: int): bool = place(c, n) > last;
"""


def test_explain_reads_an_element_of_a_variable_of_cards_as_nothing_not_nobody():
    from .conftest import explained

    result = analyse_text(SAGRADA_WINDOW)
    assert explained(result, "free").endswith("True when your window (s) is nothing.")
    assert explained(result, "claimed").endswith("True when your owner (s) is someone.")   # players keep theirs


def test_explain_brackets_a_func_read_in_place_whose_value_is_an_if():
    from .conftest import explained

    # Qwixx: "n minus 1 if c is Red, otherwise 13 minus n is more than last" read as the else branch's test
    assert explained(analyse_text(SAGRADA_WINDOW), "right_of").endswith(
        "True when (n minus 1 if c is “Red”, otherwise 13 minus n) is more than last.")


YAHTZEE_BOX = """
enum box { chance, yahtzee }
counter sheet[box] "Sheet" from 0 to BOUND;
counter alike;
counter dice_sum;
func points(b: box): int = match b { yahtzee: if alike == 5 then 50 else 0, chance: dice_sum };
proc fill_box(b: box) { set sheet[b] = points(b); }
"""


def test_a_set_whose_written_result_is_past_the_counters_bounds_is_w577():
    # Yahtzee with its boxes bounded at 30: a Yahtzee would be kept at 30, silently
    found = [d for d in analyse_text(YAHTZEE_BOX.replace("BOUND", "30")).diagnostics if d.code == "W577"]
    assert [(d.span.line, d.span.column) for d in found] == [(7, 40)]
    assert found[0].message == ("points(b) may be 50 (line 6), above its limit 30: counter 'sheet' (from 0 to 30) "
                                "would keep the bound, and the rest is lost")
    assert "W577" not in [c for c, *_ in found_at(YAHTZEE_BOX.replace("BOUND", "50"))]
    # a value known before play is W428's, as before
    assert [c for c, *_ in found_at("counter n from 0 to 5;\nproc p() { set n = 6; }\n") if c.startswith("W")] == ["W428"]
