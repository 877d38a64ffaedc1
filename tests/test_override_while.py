"""An override has no `while` (the Cosmic Encounter audit's D6: "the Oracle is on only while its holder has
3 home colonies", written `override func ... in power while COND = ...;`, was a bare "expected '='")."""

from __future__ import annotations

from rulebook.dsl.parser import parse_text

from .conftest import parse_error

CARDS = """kind alien { }
zone power per_player of alien;
func foresees(): bool = false;
proc launch() { }
"""


def test_a_func_override_with_while_says_where_the_condition_goes():
    d = parse_error(CARDS + "alien oracle { override func foresees(): bool in power while 1 > 0 = true; }\n")
    assert (d.code, d.span.line, d.span.column) == ("E100", 5, 56)
    assert d.message.startswith("an override has no 'while': it is in force while its card lies in its zone")
    assert d.hint == "write the condition in its value, '= if COND then ... else base(...);'"


def test_a_proc_override_with_while_says_where_the_condition_goes():
    d = parse_error(CARDS + "alien macron { override proc launch() in power while 1 > 0 { } }\n")
    assert d.code == "E100" and d.hint == "write the condition in its body, '{ if COND { ... } else { base(); } }'"


def test_a_card_modifier_keeps_its_while():
    parse_text(CARDS + "event fight();\nalien virus { modifier you fight in power while 1 > 0 { value +1; } }\n", "t.rules")
