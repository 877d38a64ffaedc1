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
