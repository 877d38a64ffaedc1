"""Parser stage: AST shape, spans, reserved keywords and friendly syntax messages."""

from __future__ import annotations

import pytest

from rulebook.dsl import ast as A
from rulebook.dsl.diagnostics import RulesError
from rulebook.dsl.parser import parse_text


def parse_one(text: str):
    return parse_text(text, "t.rules").items[0]


def error_of(text: str):
    with pytest.raises(RulesError) as info:
        parse_text(text, "t.rules")
    (d,) = info.value.diagnostics
    return d


def test_track_space_with_tier_cost_and_paid_bonus():
    track = parse_one('track exploration "Exploration" {\n'
                      '  space 2 "Rafts" tier 1 cost 1 any { explore(); } bonus cost 1 any { gain 1 card; }\n}')
    (space,) = track.spaces
    assert (space.position, space.title, space.tier) == (2, "Rafts", 1)
    assert space.cost == (A.CostTerm(A.Int(1), "any", None),)
    assert space.body == (A.CallStmt("explore", ()),)
    assert space.bonus == (A.Gain(A.Int(1), "card"),)


def test_every_node_knows_where_it_is():
    proc = parse_one("proc p() {\n  if vp > 2 {\n    gain 1 coin;\n  }\n}")
    stmt = proc.body[0]
    assert (stmt.span.line, stmt.span.column) == (2, 3)
    gain = stmt.then[0]
    assert (gain.span.file, gain.span.line, gain.span.column, gain.span.end_column) == ("t.rules", 3, 5, 17)


def test_operators_bind_as_documented():
    func = parse_one("func f() = 1 + 2 * 3 > 6 and not x or y;")
    assert func.value == A.Binary("or", A.Binary("and", A.Binary(">", A.Binary("+", A.Int(1), A.Binary(
        "*", A.Int(2), A.Int(3))), A.Int(6)), A.Unary("not", A.Name("x"))), A.Name("y"))


def test_trigger_patterns_and_durations():
    proc = parse_one("proc p() { next you act(planet = neo) { gain 2 lavandium; } "
                     "whenever opponents advance(on = military) until end_of_era { gain 1 vp; } }")
    nxt, whenever = proc.body
    assert nxt.once and nxt.pattern == A.Pattern(A.You(), "act", (A.PatternArg("planet", A.Name("neo")),))
    assert not whenever.once and whenever.until == A.Pattern(None, "end_of_era", ())
    assert whenever.pattern.subject == A.Name("opponents")


def test_override_wraps_any_declaration():
    item = parse_one("override resource coin cap 10;")
    assert item == A.Override(A.Resource("coin", None, A.Int(10)))


def test_keywords_are_reserved():
    d = error_of("resource draw;")
    assert d.code == "E100" and "a keyword cannot be used as a name" in d.message
    assert (d.span.line, d.span.column) == (1, 10)


def test_missing_semicolon_is_placed_after_the_statement():
    d = error_of("proc p() {\n  gain 1 vp\n}")
    assert d.message == "a statement must end with ';': add ';' here (before '}')"
    assert (d.span.line, d.span.column) == (2, 12)


def test_unclosed_brace_points_at_the_brace():
    d = error_of("proc p() {\n  if x {\n    gain 1 vp;\n}\n")
    assert d.code == "E102" and (d.span.line, d.span.column) == (1, 10)


def test_unknown_character_and_open_string():
    assert error_of("resource coin; $").code == "E101"
    d = error_of('resource coin "Coin;\n')
    assert d.code == "E103" and d.span.column == 15


def test_gain_order_mistake_has_a_sentence():
    d = error_of("proc p() { gain coin 5; }")
    assert d.message.startswith("'gain' and 'lose' need an amount before the resource")


def test_unknown_phase_is_a_diagnostic_not_a_crash():
    d = error_of("game g { seats 2 to 4; phase income { } winner most vp; }")
    assert d.message == "a game has the phases setup, play and final, not 'income'"


def test_every_missing_semicolon_of_a_file_is_reported_in_one_run():
    text = "resource coin\nresource food;\nproc p() {\n  gain 1 coin\n  gain 2 food\n  lose 2 coin;\n" \
           "  if coin = 2 { gain 1 food; }\n}\n"
    with pytest.raises(RulesError) as info:
        parse_text(text, "t.rules")
    found = [(d.span.line, d.message[:22]) for d in info.value.diagnostics]
    assert found == [(1, "a statement must end w"), (4, "a statement must end w"),
                     (5, "a statement must end w"), (7, "use '==' to compare; '")]
