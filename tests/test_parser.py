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
    assert found == [(1, "a declaration must end"), (4, "a statement must end w"),
                     (5, "a statement must end w"), (7, "use '==' to compare; '")]


# ---------------------------------------------------------------------------- limits (issue 8)

from rulebook.compiler.driver import analyse_text, build_text  # noqa: E402
from rulebook.dsl.diagnostics import render_text  # noqa: E402
from rulebook.dsl.parser import MAX_DEPTH, MAX_INT_DIGITS  # noqa: E402


@pytest.mark.parametrize("body", [
    "gain " + "-" * 19_985 + "1 vp;",
    "gain " + "- " * 19_985 + "1 vp;",
    "if vp > 0 { }" + " else if vp > 1 { }" * 9_991,
    "gain " + " - ".join(["1"] * 5_000) + " vp;",
    "gain " + "not " * 3_000 + "true vp;",
], ids=["minus", "spaced-minus", "else-if", "subtraction", "not"])
def test_past_the_depth_limit_is_a_positioned_e106_not_a_python_error(body):
    d = error_of("resource vp;\nproc p() {\n  " + body + "\n}\n")
    assert d.code == "E106" and d.span.line == 3 and d.span.column >= 3
    assert f"more than {MAX_DEPTH} levels deep" in d.message


def test_depth_just_under_the_limits_is_accepted_by_every_stage():
    # the parser takes any depth up to MAX_DEPTH; one expression is further limited by the checker
    # (E310, what generated Python can nest), while an else-if chain counts as one level
    from rulebook.compiler.check import MAX_EXPR_DEPTH

    text = "resource vp;\nproc p() {\n  gain " + "-" * (MAX_EXPR_DEPTH - 1) + "1 vp;\n  if vp > 0 { }" \
           + " else if vp > 1 { }" * (MAX_DEPTH - 10) + "\n}\n"
    assert analyse_text(text).diagnostics == []
    build_text(text)
    build_text(text, interpreted=True)


@pytest.mark.parametrize("digits", [MAX_INT_DIGITS + 1, 4_301, 100_000])
def test_long_integer_literal_is_e308(digits):
    d = error_of("resource vp;\nproc p() {\n  gain " + "7" * digits + " vp;\n}\n")
    assert (d.code, d.span.line, d.span.column) == ("E308", 3, 8)
    assert analyse_text("resource vp;\nproc p() { gain " + "7" * digits + " vp; }").diagnostics[0].code == "E308"


def test_the_longest_literal_and_leading_zeros_are_fine():
    assert parse_one("func f() = " + "9" * MAX_INT_DIGITS + ";").value.value == 10 ** MAX_INT_DIGITS - 1
    assert parse_one("func f() = " + "0" * 40 + "7;").value.value == 7


# ---------------------------------------------------------------------------- line breaks


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"], ids=["lf", "crlf", "cr"])
def test_every_line_break_ends_a_comment_and_counts_a_line(newline):
    text = newline.join(["resource vp; # a comment", "# another", "proc p() {", "  gain 1 vq;", "}", ""])
    (d,) = analyse_text(text, "t.rules").diagnostics
    assert (d.code, d.span.line, d.span.column) == ("E202", 4, 10)   # the caret under the unknown name
    shown = render_text([d], {"t.rules": text}).splitlines()
    assert shown[1:3] == ["    gain 1 vq;", "           ^~"]


@pytest.mark.parametrize("char", ["\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c"])
@pytest.mark.parametrize("where", ["comment", "title", "code"])
def test_other_line_separators_are_refused_where_they_are(char, where):
    line = {"comment": f"# a note{char}resource x;", "title": f'resource x "X{char}Y";',
            "code": f"resource x;{char}resource y;"}[where]
    text = "resource vp;\n" + line + "\nproc p() { gain 1 nope; }\n"
    d = error_of(text)
    column = line.index(char) + 1
    assert (d.code, d.span.line, d.span.column) == ("E101", 2, column)
    shown = render_text([d], {"t.rules": text}).splitlines()
    assert shown[2] == "  " + " " * (column - 1) + "^"


def test_invalid_escape_is_not_an_unclosed_text():
    d = error_of('resource vp "a \\t b";')
    assert (d.code, d.span.column, d.message) == ("E101", 16, "'\\t' is not an escape in a text")
    d = error_of('resource vp "a \\" b;')
    assert (d.code, d.span.column) == ("E103", 13)


# ---------------------------------------------------------------------------- the project lexer


def _shipped_files():
    root = __import__("pathlib").Path(__file__).resolve().parent.parent / "rules"
    return sorted(root.rglob("*.rules"))


@pytest.fixture(scope="module")
def larks_lexer():
    """Lark's own basic lexer over the grammar (building its parser takes half a second: once)."""
    from lark import Lark

    from rulebook.dsl.parser import GRAMMAR_PATH

    return Lark(GRAMMAR_PATH.read_text(), parser="lalr", lexer="basic")


@pytest.mark.parametrize("path", _shipped_files(), ids=lambda p: p.name)
def test_the_project_lexer_gives_larks_tokens_on_every_shipped_file(path, larks_lexer):
    # our lexer is an optimisation of Lark's basic lexer over the same grammar: same terminals,
    # values and positions (comments and blanks are dropped by both); a contextual word, which `scan`
    # (having no parser) reads as a name, is the one difference
    from rulebook.dsl.lexer import CONTEXTUAL
    from rulebook.dsl.parser import scan

    text = path.read_text(encoding="utf-8")
    larks = larks_lexer.lex(text)
    ours, _comments = scan(text)
    shape = lambda toks: [("NAME" if str(t) in CONTEXTUAL else t.type, str(t), t.line, t.column)  # noqa: E731
                          for t in toks]
    assert shape(ours) == shape(larks)
