"""What three audits (Dominion, Pandemic, Coup) found confusing in the diagnostics and the tools
(branch diag6): one report per bad list element, a missing `}` before any declaration, a missing `{`
after a pick's prompt, `is` tests joined by `or`, more did-you-means, W401 beside an E209, tools."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text

from .conftest import found_at, parse_error


# ---------------------------------------------------------------------------- 1. one bad list element

TYPES = """enum card_type { action "Action", treasure "Treasure", victory "Victory" }
kind card "Card" { types: list; }
card copper "Copper" { types = [treasure]; }
card estate "Estate" { types = [victory]; }
card village "Village" { types = [action]; }
card lab "Laboratory" { types = [action, estate]; }
"""


def test_a_card_among_members_is_reported_once_at_the_card():
    """`types = [action, province]`: the field holds members, so the card is the odd one, said once."""
    assert found_at(TYPES) == [("E303", 6, 42)]
    d = analyse_text(TYPES).diagnostics[0]
    assert d.message == "field 'types' of card holds members of card_type, not cards: 'estate' is a card"
    assert d.hint == "write one of action, treasure, victory"


def test_an_unknown_name_in_a_list_of_cards_is_only_unknown():
    """A misspelt city in `links` is E201 with its did-you-mean, and no E303 after it."""
    text = """kind city "City" { links: list = []; }
city chicago "Chicago" { links = [miami]; }
city miami "Miami" { links = [chicago, atlanta]; }
city atlanta "Atlanta" { links = [chicago, miamii]; }
"""
    assert found_at(text) == [("E201", 4, 44)]


# ---------------------------------------------------------------------------- 2. '}' missing before a card

OPEN = """kind card "Card" { play: effect; }
counter actions;
card village "Village" {
  play {
    gain 2 actions;

{decl}
"""


@pytest.mark.parametrize("decl, word", [
    ('card laboratory "Laboratory" * 10 {\n  play { gain 1 actions; }\n}', "card"),
    ("proc lab() {\n  gain 1 actions;\n}", "proc"),
    ("counter buys;", "counter"),
])
def test_a_block_left_open_before_any_declaration_is_said_so_at_its_word(decl, word):
    d = parse_error(OPEN.replace("{decl}", decl))
    assert (d.span.line, d.span.column) == (7, 1)
    assert d.message.startswith(f"a block is not closed: a '}}' is missing; found '{word}'")
    assert d.hint == f"'{word}' begins a declaration, at the top level: close the blocks before it with '}}'"
    assert d.notes and "line 4, column 8" in d.notes[0]


# ---------------------------------------------------------------------------- 3. '{' missing after a prompt

def test_a_pick_without_its_brace_is_said_at_the_end_of_its_prompt():
    text = """enum disease { blue, red }
counter cubes;
proc treat() {
  pick d from disease where cubes > 0 "treat which?"
    let n = 1;
    lose n cubes;
  }
}
"""
    d = parse_error(text)
    assert (d.span.line, d.span.column) == (4, 53)
    assert d.message == "a '{' is missing after \"treat which?\": the block it begins is not opened; found 'let' " \
                        "at line 5"
    assert d.hint == "write '{' after \"treat which?\""


# ---------------------------------------------------------------------------- 4. `or` of `is` tests

DECK = """kind city_card "City card" { }
kind event_card "Event card" { }
kind epidemic "Epidemic" { }
zone deck of city_card or event_card or epidemic;
zone hand per_player of city_card or event_card;
proc p() {
"""


@pytest.mark.parametrize("body, found", [
    ("draw 2 from deck where it is city_card or it is event_card to hand;", []),
    ("for each c in deck { if c is city_card or c is event_card { move c to hand; } }", []),
    ("draw 2 from deck where it is city_card or it is epidemic to hand;", [("W427", 7, 13)]),
])
def test_an_or_of_kind_tests_narrows_to_their_union(body, found):
    assert found_at(DECK + body + "\n}\n") == found
