"""Mistakes lint used to let through, found by two designer audits (Terraforming Mars, Ticket to Ride):
a phase given twice in one game, a text searched for or compared where enum members are, a counter
that starts at a negative lower bound, a player silently skipped, explain's event plurals, a comment
after `} }` moved by fmt."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text


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
    assert d.notes == ("first given at <text>:4:3",) or d.notes[0].endswith(":4:3")


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
game g { seats 2 to 2; phase play {
  set n = count(c in hand where contains(c.tags, "earth"));
  set n = count(c in hand where index_of(c.tags, "plant") >= 0);
  set n = count(c in hand where contains(c.tags, earth));
  emit placed("earth");
  emit said(earth);
  emit placed(plant);
} winner most n; }
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
  for each c in hand { for each t in c.tags { if t == earth { gain 1 n; } } }
} winner most n; }
"""
    assert codes(text) == []


def test_a_list_field_of_members_and_texts_stays_untyped():
    text = """counter n from 0 to 9;
enum tag { earth, plant }
kind card { tags: list = []; }
card a { tags = [earth, "x"]; }
zone hand per_player of card;
game g { seats 2 to 2; phase play { set n = count(c in hand where contains(c.tags, "x")); } winner most n; }
"""
    assert codes(text) == []
