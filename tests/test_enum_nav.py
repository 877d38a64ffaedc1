"""Stepping along an enum's order (language.md 3.4, "Order"): next(m) and prev(m) are the member after
and before m, staying at the last and the first; next_around(m) and prev_around(m) go round from the
last to the first and back. On both backends, m read as its place as ordinal(m) reads it; anything but
a member of a known enum is E356, a wrong number of arguments E302. index_of(ENUM, m) of a member of
that enum is ordinal(m) spelt twice: W453, with the replacement."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.compiler.explain import explain
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import found_at, printed_back, rules_programs, run_proc

# A farming game's year (seasons go round) and a fencing club's ladder of ranks (a ladder stops at
# its ends)
PACK = """
counter vp;
enum season { spring, summer, autumn, winter }
enum grade { novice, fencer, master }
var now global: season = winter;
var held global: grade = fencer;
var unset global: grade = none;
"""

program = rules_programs(PACK)


def places(program, body: str) -> int:
    """vp after `body` (each digit(...) in it adds a digit)."""
    g = Game(program("proc p() {\n" + body + " }"), 2, 1)
    run_proc(g, "p")
    return g.state.players[0].stock["vp"]


def digit(expr: str) -> str:
    return f"gain 9 * vp + ordinal({expr}) vp;"


def test_next_and_prev_stop_at_the_ends(program):
    assert places(program, digit("next(held)") + digit("prev(held)") + digit("next(master)")
                  + digit("prev(novice)") + digit("next(next(novice))")) == 31313


def test_the_around_forms_go_round(program):
    assert places(program, digit("next_around(now)") + digit("prev_around(spring)") + digit("next_around(spring)")
                  + digit("prev_around(now)")) == 1423


def test_a_step_keeps_its_enum_and_is_set_back(program):
    assert places(program, "set now = next_around(now); set now = next_around(now);" + digit("now")
                  + "set held = next(held); set held = next(held);" + digit("held")) == 23
    # the result is a member of the same enum: ordered against it, compared with it
    assert places(program, "if next(held) > held and prev(novice) == novice { gain 1 vp; }") == 1


def test_a_member_that_is_none_has_no_next(program):
    g = Game(program("proc p() { set held = next(unset); }"), 2, 1)
    with pytest.raises(RulesRuntimeError) as e:
        run_proc(g, "p")
    assert e.value.code == "E601" and "no place" in str(e.value)


@pytest.mark.parametrize("text, at", [
    ("func f() = next(3);", (1, 17)),                  # a number
    ("func f() = prev(season);", (1, 17)),             # the enum's name: the list of its members
    ("func f() = next_around(\"spring\");", (1, 24)),  # a text
])
def test_a_step_of_anything_but_a_member_is_E356(text, at):
    found = found_at(PACK + text)
    line = PACK.count("\n") + at[0]
    assert ("E356", line, at[1]) in found, found


def test_a_step_of_a_member_of_no_known_enum_is_E356_with_a_typed_local():
    text = PACK + "event shown(what: any);\nproc p() { next shown { set now = next(it.what); } }\n"
    d = next(d for d in analyse_text(text).diagnostics if d.code == "E356")
    assert "known enum" in d.message and "let m: ENUM" in d.hint


def test_a_step_takes_one_member_and_at_most_a_step_count():
    assert any(code == "E302" for code, *_ in found_at(PACK + "func f() = next(now, 1, 2);"))
    assert any(code == "E302" for code, *_ in found_at(PACK + "func f() = prev();"))
    assert any(code == "E303" for code, *_ in found_at(PACK + "func f() = next(now, now);"))   # the count: a number


def test_a_step_written_as_a_statement_says_to_set_what_it_gives():
    (d,) = [d for d in analyse_text(PACK + "proc p() { next(now); }").diagnostics if d.severity == "error"]
    assert d.code == "E301" and d.message == "'next' is a function, not a procedure"
    assert d.hint == ("next(m) gives the member after m and changes nothing: use it in 'set now = next(now);'; "
                      "'next EVENT { ... }', without parentheses, is the trigger that fires once")
    (d,) = [d for d in analyse_text(PACK + "proc p() { prev_around(now); }").diagnostics if d.severity == "error"]
    assert d.hint == "prev_around(m) gives the member before m and changes nothing: use it in " \
                     "'set now = prev_around(now);'"
    (d,) = [d for d in analyse_text(PACK + "proc p() { ordinal(now); }").diagnostics if d.severity == "error"]
    assert d.code == "E301" and "use it in an expression, as in 'let x = ordinal(...);'" in d.hint


def test_index_of_an_enum_of_its_member_is_W453_with_ordinal():
    text = PACK + "func f() = index_of(season, now);\nfunc g() = index_of([spring, summer], now);\n"
    found = [d for d in analyse_text(text).diagnostics if d.code == "W453"]
    assert [(d.span.line, d.span.column) for d in found] == [(PACK.count("\n") + 1, 12)]   # not a list literal
    assert "ordinal(now)" in found[0].hint


def test_next_is_still_the_trigger_that_fires_once(program):
    # the first gain moves the year on once (winter to spring); the second does not
    assert places(program, "next gain(res = vp) { set now = next_around(now); }\n"
                           "gain 1 vp; gain 1 vp; gain 10 * ordinal(now) vp;") == 12


def test_printer_round_trips_the_steps():
    printed_back(PACK + "func f() = next(prev(held)) == next_around(prev_around(now));\n"
                        "proc p() { set now = next_around(now); next gain(res = vp) { set held = prev(held); } }\n")


def test_explain_reads_the_ends():
    result = analyse_text(PACK + "func up() = next(held);\nfunc down() = prev(held);\n"
                                 "func year() = next_around(now);\nfunc back() = prev_around(now);")
    lines = {d.name: " ".join(explain(d, result.symbols)) for d in result.modules[0][1][0].items
             if getattr(d, "name", None) in ("up", "down", "year", "back")}
    assert "the one after held in its order (the last stays the last)" in lines["up"], lines["up"]
    assert "the one before held in its order (the first stays the first)" in lines["down"], lines["down"]
    assert "after the last comes the first" in lines["year"], lines["year"]
    assert "before the first comes the last" in lines["back"], lines["back"]
