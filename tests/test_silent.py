"""Mistakes lint used to let through, found by two designer audits (Terraforming Mars, Ticket to Ride):
a phase given twice in one game, a text searched for or compared where enum members are, a counter
that starts at a negative lower bound, a player silently skipped, a comment after `} }` moved by fmt
(explain's event plurals: test_explain_wording.py)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.engine import Game


def findings(text: str):
    return [(d.code, d.span.line, d.span.column, d.message) for d in analyse_text(text).diagnostics]


def codes(text: str):
    return [(d.code, d.span.line, d.span.column) for d in analyse_text(text).diagnostics]


# ------------------------------------------------------------------ a phase given twice in one game
TWICE = """counter vp from 0 to 10;
game g {
  seats 2 to 4;
  phase play { gain 1 vp; }
  phase play { end game; }
  winner most vp;
}
"""


def test_a_phase_given_twice_in_one_game_is_e215_at_the_second_with_a_note_at_the_first():
    (d,) = analyse_text(TWICE).diagnostics
    assert (d.code, d.span.line, d.span.column) == ("E215", 5, 3)
    assert d.message == "phase play is given twice in game 'g': the second would replace the first"
    (note,) = d.notes
    assert note.startswith("first given at ") and note.endswith(":4:3")


def test_the_winner_line_and_the_seats_given_twice_are_e215_too():
    text = TWICE.replace("  phase play { end game; }\n", "  seats 2 to 3;\n").replace("winner most vp;",
                                                                                       "winner most vp; winner fewest vp;")
    assert [(c, line) for c, line, _col in codes(text)] == [("E215", 5), ("E215", 6)]


def test_three_phases_of_different_names_are_fine():
    text = TWICE.replace("phase play { end game; }", "phase final { gain 1 vp; }").replace(
        "seats 2 to 4;", "seats 2 to 4; phase setup { gain 1 vp; }")
    assert codes(text) == []


# ------------------------------------------------------------- a text where enum members are
TAGS = """counter n from 0 to 100;
enum tag { earth, plant }
kind card { tags: list = []; t: tag = earth; }
card office "Earth Office" { tags = [earth]; }
card farm "Farm" { tags = [plant, earth]; }
zone hand per_player of card;
event placed(what: tag);
event said(what: str);
game g { seats 2 to 2; phase play { each players {
  set n = count(c in hand where contains(c.tags, "earth"));
  set n = count(c in hand where index_of(c.tags, "plant") >= 0);
  set n = count(c in hand where contains(c.tags, earth));
  emit placed("earth");
  emit said(earth);
  emit placed(plant);
} } winner most n; }
whenever you placed(what = "earth") { gain 1 n; }
whenever you placed(what = plant) { gain 1 n; }
"""


def test_a_text_looked_for_in_a_list_field_of_members_is_e303_with_the_member_to_write():
    got = analyse_text(TAGS).diagnostics
    assert [(d.code, d.span.line, d.span.column) for d in got] == [
        ("E303", 10, 50), ("E303", 11, 50), ("E303", 13, 15), ("E303", 14, 13), ("E303", 17, 28)]
    assert got[0].message == "contains() looks for a text in a list of tags: it is never there"
    assert got[0].hint == "an enum member is written without quotes: earth"
    assert got[1].hint == "an enum member is written without quotes: plant"
    assert got[2].message == ("the emit gives a text for 'what' of event 'placed', which holds a tag: "
                              "no test of it holds")
    assert got[3].hint == "to announce a member, declare the parameter 'what: tag'"
    assert got[4].message == ("the filter gives a text for 'what' of event 'placed', which holds a tag: "
                              "it never holds")


def test_a_list_field_of_members_reads_as_members_in_a_loop():
    text = TAGS.split("game g")[0] + """game g { seats 2 to 2; phase play {
  for each c in you.hand { for each t in c.tags { if t == earth { gain 1 n; } } }
} winner most n; }
"""
    assert codes(text) == []


def test_a_list_field_of_members_and_texts_stays_untyped():
    text = """counter n from 0 to 9;
enum tag { earth, plant }
kind card { tags: list = []; }
card a { tags = [earth, "x"]; }
zone hand per_player of card;
game g { seats 2 to 2; phase play { set n = count(c in you.hand where contains(c.tags, "x")); } winner most n; }
"""
    assert codes(text) == []


# -------------------------------------------------------------------------- a counter's start
STARTS = """counter score "Score" from -100 to 200 start 0;
counter round "Round" global from 1 to 5 start 2;
counter stars[1..2] from -3 to 3 start 1;
counter low from -5 to 5;
counter start from 0 to 9 start 4;
game hearts { seats 2 to 4; phase play { lose 30 score; gain 1 low; gain 1 start; gain 1 round; }
  winner most score; }
"""


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def started(request):
    return build_text(STARTS, interpreted=request.param)


def test_a_counter_starts_at_its_start_on_both_backends(started):
    g = Game(started, 3, 1)
    for p in g.state.players:
        assert (p.stock["score"], p.stock["low"], p.stock["start"]) == (0, -5, 4)
        assert (p.stock["stars[1]"], p.stock["stars[2]"]) == (1, 1)
    assert g.state.globals["round"] == 2


def test_a_counter_with_a_start_still_keeps_its_bounds(started):
    g = Game(started, 2, 1)
    g.play()
    assert [p.stock["score"] for p in g.state.players] == [-30, 0]   # the play phase is the first player's


def test_start_is_a_contextual_word_and_prints_back():
    module = parse_text(STARTS, "a.rules")
    printed = format_module(module)
    assert "counter score \"Score\" from -100 to 200 start 0;" in printed
    assert "counter start from 0 to 9 start 4;" in printed
    assert parse_text(printed, "a.rules") == module


def test_a_counter_without_start_keeps_its_repr_for_the_digest():
    (d,) = parse_text("counter vp from 0 to 5;", "a.rules").items
    assert "start" not in repr(d)


def test_explain_says_where_a_counter_starts():
    module = parse_text(STARTS, "a.rules")
    lines = {d.name: [line.strip() for line in explain(d)] for d in module.items if hasattr(d, "low")}
    assert lines["score"][-1] == "Score: a counter each player keeps, from minus 100 to 200, starting at 0."
    assert lines["low"][-1] == "Low: a counter each player keeps, from minus 5 to 5, starting at minus 5."


def test_a_start_outside_the_bounds_or_not_constant_is_e322_at_the_value():
    text = """counter a from 0 to 5 start 9;
counter b start -1;
counter c from 0 to 5 start a;
counter d global start -3;
game g { seats 2 to 2; phase play { gain 1 a; gain 1 b; gain 1 c; gain 1 d; } winner most a; }
"""
    got = analyse_text(text).diagnostics
    assert [(d.code, d.span.line, d.span.column) for d in got] == [("E322", 1, 29), ("E322", 2, 17), ("E322", 3, 29)]
    assert got[0].message == "counter 'a' starts at 9, outside its bounds: from 0 to 5"
    assert got[1].message == "counter 'b' starts at -1, outside its bounds: from 0 up (a per-player counter without bounds)"
    assert got[2].message == "the start of counter 'c' must be a whole number known before play, not a"


def test_a_negative_low_without_start_or_set_is_w426_suggesting_the_start():
    text = """counter vp from -50 to 500;
counter pen from -5 to 5;
counter ok from -5 to 5 start 0;
game g { seats 2 to 2; phase setup { each players: set pen = 0; } phase play { gain 1 vp; gain 1 ok; }
  winner most vp then pen then ok; }
"""
    (d,) = analyse_text(text).diagnostics
    assert (d.code, d.span.line, d.span.column) == ("W426", 1, 9)
    assert d.message == "counter 'vp' starts at its lowest value, -50, and no rule sets it"
    assert d.hint == "to start it elsewhere, say so: 'counter vp from -50 to 500 start 0;'"


# --------------------------------------------------- a question with no option: said, not silent
NOTHING = """counter vp;
kind card { worth: int; }
card gem "Gem" { worth = 2; }
zone deck of card;
zone hand per_player of card;
game g { seats 2 to 2; phase play {
  pick c from hand "discard which?" { gain 1 vp; }
  choose "draw or claim?" { option "draw" when size(deck) > 0 { gain 1 vp; } option "claim" when vp > 5 { gain 2 vp; } }
  gain 3 vp;
} winner most vp; }
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_question_with_no_option_is_said_in_the_messages_and_the_trace(interpreted):
    g = Game(build_text(NOTHING, interpreted=interpreted), 2, 1)
    entries = []
    g.tracer = entries.append
    g.play()
    # the choose (the player's options of the moment) is told to everyone; the pick from an empty
    # hand, routine, only to the trace
    assert g.messages == ["P1: no option for 'draw or claim?' (nothing happens)"]
    nothing = [e for e in entries if e.kind == "nothing"]
    assert [e.describe() for e in nothing] == ["P1: no option for 'discard which?' (nothing happens)"] + g.messages
    assert [e.where.rsplit(":", 2)[-2] for e in nothing] == ["7", "8"]
    assert g.state.players[0].stock["vp"] == 3   # nothing else changed


# ------------------------------------------------------- fmt: a comment after the line closing a block
def test_a_comment_after_a_line_that_closes_an_outer_block_stays_after_its_closing_brace():
    from rulebook.dsl.printer import format_text
    source = """counter vp;
kind card { play: effect; }
card a "A" {
  play { gain 1 vp; } }  # requires titanium production
card b "B" { play { gain 2 vp; } }  # a note on the card's line
"""
    printed = format_text(source)
    lines = printed.splitlines()
    assert "}  # requires titanium production" in lines
    assert 'card b "B" {  # a note on the card\'s line' in lines
    assert format_text(printed) == printed
    assert parse_text(printed, "a.rules") == parse_text(source, "a.rules")
