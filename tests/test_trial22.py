"""trial22's fixes from writing Stone Age, Innovation and Brass: an enum member named `left` or `right` that hides
the player word is named in the error where a player is wanted, and `gain AMOUNT f(x);` whose amount is more
than one number points at the call (the resource a func gives) whatever the amount."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text

from .conftest import parse_error

SPLAY = """counter vp;
enum splay { none_s, left, right, up }
func strength(): int = vp;
"""


@pytest.mark.parametrize("body,message", [
    ("each left: gain 1 vp;", "cannot range over a splay"),
    ("if left.strength() > 0 { gain 1 vp; }", "strength() is evaluated for a player"),
    ("for each q in players_from(right) { gain 1 vp; }", "players_from() takes a player"),
])
def test_a_member_named_left_or_right_is_named_where_a_player_is_wanted(body, message):
    result = analyse_text(SPLAY + "proc p() { " + body + " }\ngame g { seats 3; phase play { p(); } winner most vp; }")
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["E303"] and errors[0].message.startswith(message)
    word = "right" if "right" in body else "left"
    assert errors[0].hint == (f"'{word}' here is the member of enum 'splay', which hides the player to your {word}: "
                              f"write '{word}({'you'})' for the player")


def test_the_player_word_itself_takes_no_hint_where_a_player_is_wanted_wrongly():
    result = analyse_text("counter vp;\nenum colour { red }\nproc p() { each red: gain 1 vp; }\n"
                          "game g { seats 3; phase play { p(); } winner most vp; }")
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["E303"] and errors[0].hint is None


@pytest.mark.parametrize("amount,call", [
    ("sum / s.divisor", "yields(s)"),             # Stone Age: the dice's sum divided by the spot's value
    ("sum / divisor(s)", "yields(s)"),
    ("2", "produces(terrain_of[h])"),             # the one-number amount, as before
])
def test_gain_of_a_funcs_resource_points_at_the_call_whatever_the_amount(amount, call):
    d = parse_error(f"proc p() {{\n  gain {amount} {call};\n}}\n")
    assert d.code == "E100" and d.message == (f"'gain' names its resource (or counter) after the amount; '{call}' "
                                              "is a call, which names none here")
    assert d.hint == f"take the func's resource into a local first: 'let r = {call}; gain {amount} r;'"
    assert (d.span.line, d.span.column) == (2, 9 + len(amount))

