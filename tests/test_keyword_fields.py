"""A reserved word may name a field (2, "Keywords"): in its declaration (`draw: int = 0;`), a card's
value (`draw = 2;`), a record's data (`step(from = 0, to = 1)`), and read or set after a dot
(`c.draw`). The lexer reads the word as a name only where the parser would take a name there and
not the keyword (after a '.'), or would read a name as a field's before ':' or '=' and the keyword
could not be followed by that symbol; everywhere else the word stays reserved (E100 with two free
names). The case is Race for the Galaxy's "draw extra cards when exploring": the Race audit (W7)
had to call that field `extra_draw`."""

from __future__ import annotations

from rulebook.dsl.diagnostics import RulesError
from rulebook.dsl.parser import parse_text
from rulebook.runtime.engine import Game

from rulebook.compiler.driver import analyse_text, build_text

from .conftest import both_built, explained, found_at, parse_error, printed_back, random_games_agree, run_proc

PACK = """
counter vp;
counter cards_drawn;
counter span;
kind world "World" { draw: int = 0; gain: int = 0; whenever: int = 0; }
world survey "Galactic Survey: SETI" { draw = 2; gain = 1; }
world outpost "Expedition Force" { draw = 1; whenever = 3; }
zone tableau of world;
record step { from: int; to: int; }
var last: step = step(from = 0, to = 0);
proc explore() {
  for each c in tableau {
    gain c.draw cards_drawn;
    gain c.gain + c.whenever vp;
  }
  set survey.draw = survey.draw + 1;
  set last = step(from = last.to, to = last.to + survey.draw);
  gain last.to - last.from span;
}
game race {
  seats 2 to 4;
  phase setup { move survey to tableau; move outpost to tableau; }
  phase play { each players { explore(); } }
  winner most vp then cards_drawn;
}
"""


def test_reserved_words_name_fields_and_the_pack_is_clean():
    assert found_at(PACK) == []


def test_fields_named_by_reserved_words_are_read_and_set_on_both_backends():
    for interpreted in (False, True):
        g = Game(build_text(PACK, interpreted=interpreted), 2, 1)
        g.play()
        # P1 draws 2 + 1, P2 (after the survey's draw became 3) 3 + 1; both gain 1 + 3 VP
        assert [p.stock["cards_drawn"] for p in g.state.players] == [3, 4]
        assert [p.stock["vp"] for p in g.state.players] == [4, 4]
        assert [p.stock["span"] for p in g.state.players] == [3, 4]   # each player's own `last`
    random_games_agree(PACK, seeds=range(1, 3))


def test_fmt_and_explain_keep_a_reserved_word_as_a_field():
    _module, printed = printed_back(PACK)
    assert "draw: int = 0;" in printed and "set survey.draw = survey.draw + 1;" in printed
    result = analyse_text(PACK)
    assert "Draw: 2." in explained(result, "survey")


def test_a_reserved_word_stays_reserved_where_the_keyword_or_no_field_could_stand():
    d = parse_error("proc f() { let event = 1; }")
    assert d.code == "E100" and d.hint == "'event' is reserved: call it 'events' or 'event_value', say"
    d = parse_error("counter draw;")
    assert d.code == "E100" and "'draw' is reserved" in d.hint


def test_an_undeclared_field_named_by_a_reserved_word_is_an_unknown_field():
    # once a field's name, `once = 2` is read as a value for a field the kind lacks
    assert found_at("kind card { x: int = 0; }\ncard a { x = 1; once = 2; }") == [("E205", 2, 17)]


def test_a_long_run_of_blanks_after_a_word_is_read_in_one_pass():
    # the look-ahead after a word (`(blank|comment)*` then ':' or '(') once nested two repeats over the
    # same blanks, which tries every split of a run: 40 blanks and tabs took hours (the fuzz test found
    # it); the repeat is possessive now, so a run is read once
    blanks = " \t" * 60
    for text in (f"kind k {{ draw{blanks}y: int; }}", f"counter first{blanks}x;", f"proc p() {{ eliminate{blanks}; }}"):
        try:
            parse_text(text, "a.rules")
        except RulesError:
            pass


def test_a_parameter_named_first_is_read_as_a_value_where_no_first_statement_follows():
    """The Terraforming Mars audit (W12) had to rename a parameter `first`: `gain first vp` read the
    keyword of `first p in players may`. The keyword now needs its shape's `in` after the name."""
    text = """
counter vp;
proc take(first: int) { if first > 1 { gain first vp; } }
proc offer() { first p in others_from(you) may { gain 1 vp; } }
"""
    assert found_at(text) == []
    for program in both_built(text):
        g = Game(program, 2, 1)
        run_proc(g, "take", 3)
        assert g.state.players[0].stock["vp"] == 3
    printed_back(text)
