"""An override's `while COND` (the Cosmic Encounter audit's D6 and W2: "the Oracle is on only while its holder has
3 home colonies", `override func ... in power while COND = ...;`, was a bare "expected '='", then an E100 saying
an override had no `while`): the card's version holds while the card lies in its zone and COND holds, worked
out at each call; misuse is positioned (tests/test_in_force.py has the games)."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text
from rulebook.dsl.parser import parse_text

from .conftest import found_at, printed_back

CARDS = """kind alien { }
zone power per_player of alien;
counter colonies;
func foresees(): bool = false;
proc launch() { }
"""


def test_a_func_override_with_while_parses_and_keeps_its_condition():
    module = parse_text(CARDS + "alien oracle { override func foresees(): bool in power while colonies >= 3 = true; }\n",
                        "t.rules")
    held = module.items[-1].effects[0]
    assert held.func == "foresees" and held.when is not None and held.when.op == ">="


def test_a_proc_override_with_while_lints_clean_and_prints_back():
    text = CARDS + "alien macron {\n  override proc launch() in power while colonies >= 3 {\n    base();\n  }\n}\n"
    assert [f for f in found_at(text) if f[0][0] in "EW"] == []
    _module, printed = printed_back(text)
    assert "  override proc launch() in power while colonies >= 3 {" in printed


def test_a_condition_that_is_not_true_or_false_is_e303_at_it():
    assert [f for f in found_at(CARDS + "alien oracle { override func foresees(): bool in power while colonies = true; }\n")
            if f[0][0] == "E"] == [("E303", 6, 62)]


def test_it_in_an_overrides_while_is_e553_there_is_no_event():
    result = analyse_text(CARDS + "alien oracle { override func foresees(): bool in power while it.n > 0 = true; }\n")
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert [(d.code, d.span.line, d.span.column) for d in errors] == [("E553", 6, 62)]
    assert "no 'it'" in errors[0].message


def test_a_card_modifier_keeps_its_while():
    parse_text(CARDS + "event fight();\nalien virus { modifier you fight in power while 1 > 0 { value +1; } }\n", "t.rules")
