"""Parser and name hints from two designer audits (Terraforming Mars, Ticket to Ride): `max(p in D, E)`
for `highest`, `move all z` without 'of', `each D: { }`, a did-you-mean for a shortened or lengthened
name, a '}' too many traced back to where it closes too early, free names for a reserved one, and
`award` a contextual word."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.dsl.diagnostics import did_you_mean
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game

from .conftest import parse_error


syntax_error = parse_error


def where(d) -> tuple:
    return d.span.line, d.span.column, d.span.end_column


# ---------------------------------------------------------------------------- 1. max(p in D, E)

@pytest.mark.parametrize("text, at, agg", [
    ("counter longest;\nproc f() { if longest == max(p in players, p.longest) { gain 1 longest; } }",
     (2, 26, 29), "highest"),
    ("counter longest;\nproc k() { let m = min(p in players, p.longest); }", (2, 20, 23), "lowest"),
    ("counter v;\nfunc f() = sum(p in players, p.v);", (2, 12, 15), "total"),
])
def test_a_function_over_a_domain_names_the_aggregate(text, at, agg):
    d = syntax_error(text)
    word = text.splitlines()[1][at[1] - 1: at[2] - 1]
    assert d.message == (f"'{word}' takes values, as in '{word}(a, b)', not 'p in DOMAIN': over a domain, write "
                         f"'{agg}(p in DOMAIN, EXPR)'")
    assert d.hint == f"write '{agg}' for '{word}'"
    assert where(d) == at


def test_any_other_call_over_a_domain_lists_the_aggregates():
    d = syntax_error("counter v;\nfunc f() = best(p in players, p.v);")
    assert d.message.startswith("only an aggregate goes over 'p in DOMAIN' (count, total, some, every, highest")
    assert where(d) == (2, 12, 16)


def test_a_name_the_parser_merely_did_not_expect_is_not_offered_a_keyword():
    """`longest` is a counter, read as one: `lowest` in its place would not carry the parse further."""
    d = syntax_error("counter longest;\nproc f() { if longest == max(p in players, p.longest) { } }")
    assert "is not a keyword" not in d.message
    d = syntax_error("counter longest;\nproc f() { if longest == 1 ( { } }")
    assert "is not a keyword" not in d.message


def test_a_misspelt_keyword_is_still_offered():
    d = syntax_error("counter vp;\nproc f() {\n  gian 1 vp;\n}")
    assert (d.message, where(d)) == ("'gian' is not a keyword; did you mean 'gain'?", (3, 3, 7))
    d = syntax_error("counter vp;\nproc f() { if vp > 1 { } elif vp > 0 { } }")
    assert d.message == "'elif' is not a keyword; did you mean 'else if'?"


# ---------------------------------------------------------------------------- 2. move all z to w

@pytest.mark.parametrize("text, at, hint", [
    ("kind c { x: int = 0; }\nzone z of c;\nzone w of c;\nproc f() { move all z to w; }", (4, 21, 22),
     "write 'move all of z to w;'"),
    ("kind c { x: int = 0; }\nzone drafted of c;\nzone discard of c;\nproc f() {\n  move all drafted\n"
     "    to discard;\n}", (5, 12, 19), "write 'move all of ZONE to ZONE;'"),
])
def test_move_all_without_of(text, at, hint):
    d = syntax_error(text)
    word = text.splitlines()[at[0] - 1][at[1] - 1: at[2] - 1]
    assert (d.message, d.hint, where(d)) == (f"'move all' takes 'of' before its zone; found '{word}'", hint, at)


# ---------------------------------------------------------------------------- 3. each D: { ... }

@pytest.mark.parametrize("text, at, header", [
    ("counter v;\nproc f() { each players: { gain 1 v; } }", (2, 24, 25), "each players"),
    ("counter v;\nproc f() {\n  each players where p.v > 1:\n  {\n    gain 1 v;\n  }\n}", (3, 29, 30),
     "each players where p.v > 1"),
])
def test_a_colon_before_a_block(text, at, header):
    d = syntax_error(text)
    assert d.message == "a ':' takes one statement; a block '{ ... }' comes without it"
    assert d.hint == f"drop the ':': '{header} {{ ... }}', or '{header}: STATEMENT;' for one statement"
    assert where(d) == at


# ---------------------------------------------------------------------------- 4. did you mean, for fields and zones

def test_a_field_or_zone_shortened_or_lengthened_gets_did_you_mean():
    zones = "".join(f"zone x{i} of card;\n" for i in range(6))
    text = ("kind card { min_temp: int = 0; }\ncard a { min_temperature = 1; }\nzone player_hand per_player of card;\n"
            f"zone deck of card;\n{zones}proc f() {{ move all of hand to deck; }}\n")
    found = {d.code: d for d in analyse_text(text).diagnostics}
    assert (found["E205"].hint, found["E205"].notes) == ("did you mean 'min_temp'?", ())
    assert (found["E205"].span.line, found["E205"].span.column) == (2, 10)
    assert (found["E209"].hint, found["E209"].notes) == ("did you mean 'player_hand'?", ())
    assert (found["E209"].span.line, found["E209"].span.column) == (11, 24)


@pytest.mark.parametrize("name, candidates, meant", [
    ("min_temperature", ["min_temp", "max_temp"], "min_temp"),
    ("hand", ["player_hand", "deck"], "player_hand"),
    ("temp", ["min_temp", "max_temp_x"], "min_temp"),
    ("ha", ["hand"], None),                       # too short to say
    ("and", ["sand_pit"], None),                  # inside a word, not a whole part of it
])
def test_did_you_mean_by_prefix_or_whole_parts(name, candidates, meant):
    assert did_you_mean(name, candidates) == (f"did you mean '{meant}'?" if meant else None)


# ---------------------------------------------------------------------------- 5. a '}' too many

EXTRA_IN_GAME = """counter v;
game g {
  seats 2 to 4;
  phase play {
    each players {
      gain 1 v;
    }
    }
  }
  winner most v;
}
"""


def test_a_brace_too_many_is_traced_back_to_the_block_it_closes():
    d = syntax_error(EXTRA_IN_GAME)
    assert where(d) == (10, 3, 9) and d.message.startswith("'winner' goes inside a game")
    assert d.notes == ("the '}' at line 8, column 5 looks like one too many: by its indentation it ends an inner "
                       "block, but it closes the '{' at line 4, column 14, and the code after it is read outside "
                       "that block",)


def test_a_brace_that_closes_nothing():
    text = ("counter v;\nproc f() {\n  repeat 2 {\n    if v > 0 {\n      gain 1 v;\n    }\n    }\n  }\n"
            "  gain 2 v;\n}\n")
    d = syntax_error(text)
    assert (d.message, where(d)) == ("a declaration must start with a keyword such as 'resource', 'track', "
                                     "'kind' or a kind name; found 'gain'", (9, 3, 7))
    assert d.notes[0].startswith("the '}' at line 7, column 5 looks like one too many")
    assert "closes the '{' at line 3, column 12" in d.notes[0]
    d = syntax_error("counter v;\nproc f() {\n  gain 1 v;\n}\n}\n")
    assert (d.message, d.hint, where(d)) == ("this '}' closes nothing: every block before it is closed already",
                                             "remove it, or the '}' too many before it", (5, 1, 2))


def test_a_brace_after_a_one_line_block():
    d = syntax_error("counter v;\nproc f() {\n  if v > 0 { gain 1 v; } }\n  gain 2 v;\n}\n")
    assert d.notes[0].startswith("the '}' at line 3, column 26 looks like one too many")


def test_no_note_on_a_tidy_layout():
    d = syntax_error("counter v;\nproc f() {\n  gain 1 v;\n}\ngain 2 v;\n")
    assert d.notes == ()


# ---------------------------------------------------------------------------- 6. reserved words as names

@pytest.mark.parametrize("text, at, hint", [
    ("kind marker { x: int; }", (1, 6, 12), "'marker' is reserved: call it 'markers' or 'marker_kind', say"),
    ("proc f() { let event = 1; }", (1, 16, 21), "'event' is reserved: call it 'events' or 'event_value', say"),
    ("counter kind;", (1, 9, 13), "'kind' is reserved: call it 'kinds' or 'kind_count', say"),
    ("zone any of card;", (1, 6, 9), "'any' is reserved: call it 'any_zone' or 'my_any', say"),
    # a reserved word before ':' in a kind names a field now (`kind city { whenever: city; }`), but not
    # where the keyword could be followed by ':' too
    # (`card a { once = 2; }` names a field now: E205 for a kind without it, tests/test_keyword_fields.py)
])
def test_a_reserved_word_declared_as_a_name_gets_free_names(text, at, hint):
    d = syntax_error(text)
    assert (d.message.startswith("a keyword cannot be used as a name here"), d.hint, where(d)) == (True, hint, at)


def test_a_reserved_word_used_not_declared_gets_no_new_name():
    d = syntax_error("kind card { x: int = 0; }\nzone z of any;")
    assert d.hint == "expected a name"


AWARD = """resource pp "Prestige";
counter award "Awards";
kind prize { award: int = 0; }
prize gold { award = 3; }
proc award_all(n: int) {
  gain n award;
  rank players by award award [3, 1] pp;
}
game g {
  seats 2 to 3;
  phase play { repeat 2 { each players: award_all(gold.award); } }
  winner most pp then award;
}
"""


def test_award_is_a_name_everywhere_but_in_rank():
    assert [d.headline() for d in analyse_text(AWARD).diagnostics if d.severity in ("error", "warning")] == []
    module = parse_text(AWARD, "a.rules")
    assert parse_text(format_module(module), "a.rules") == module


def test_award_as_a_name_plays_alike_on_both_backends():
    results = []
    for interpreted in (False, True):
        g = Game(build_text(AWARD, interpreted=interpreted), 3, 5, make_agents("random", 3, 5))
        g.play()
        results.append((g.result(), g.state.digest()))
    assert results[0] == results[1]
