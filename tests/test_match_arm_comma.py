"""Messages a newcomer met writing Tzolk'in: a match statement's arm ended with ',' (as a match value's) is E100 saying
so, at the comma, and not for a match value; an empty range the wrong way round (W402) hints `reverse(...)` for
counting down (docs/language.md 4.11a, 5.1b)."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text

from .conftest import found_at

HEAD = "counter vp;\nenum gear { palenque, tikal }\nproc harvest(n: int) { gain n vp; }\n"


def errors(text: str) -> list:
    """The errors of the analysis of HEAD followed by `text`."""
    return [d for d in analyse_text(HEAD + text).diagnostics if d.severity == "error"]


def test_an_arm_of_a_match_statement_ended_with_a_comma_is_e100_saying_so():
    text = "proc act(g: gear) {\n  if vp >= 0 {\n    match g {\n      palenque: harvest(3),\n      tikal: harvest(1),\n    }\n  }\n}\n"
    [d] = errors(text)
    assert d.code == "E100" and d.message.startswith("an arm of a match statement ends its statement with ';'")
    assert (d.span.line, d.span.column) == (7, 27) and "'1: gain 1 vp;'" in d.hint


def test_an_arm_with_a_block_then_one_with_a_comma_is_e100_too():
    text = "proc act(n: int) {\n  match n {\n    1 { gain 1 vp; }\n    2: gain 2 vp,\n  }\n}\n"
    [d] = errors(text)
    assert d.code == "E100" and "arm of a match statement" in d.message and d.span.line == 7


def test_a_match_value_missing_its_comma_is_not_taken_for_a_statement():
    [d] = errors("func f(n: int): int = match n {\n  1: 2\n  else: 0\n};\n")
    assert d.code == "E100" and "arm of a match statement" not in d.message
    [d] = errors("proc p(n: int) {\n  let x = match n {\n    1: 2 3,\n    else: 0,\n  };\n  gain x vp;\n}\n")
    assert "arm of a match statement" not in d.message


def test_a_range_the_wrong_way_round_hints_reverse_to_count_down():
    text = HEAD + "counter at[0..9];\nproc turn() {\n  for each k in 8..0 {\n    set at[k + 1] = at[k];\n  }\n}\n"
    [d] = [d for d in analyse_text(text).diagnostics if d.code == "W402"]
    assert d.hint == "write the lower number first: 0..8, and reverse(0..8) to go from 8 down to 0"
    fixed = text.replace("8..0", "reverse(0..8)")
    assert [c for c, _line, _col in found_at(fixed)] == []
