"""`say` with values: `{...}` parts are parsed where they stand, checked, and shown by one runtime
function (`Game.text`) on both backends; `{{`/`}}` are literal braces."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.dsl.diagnostics import RulesError
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_text
from rulebook.runtime.engine import Game

from .conftest import rules_programs, run_proc, said

PACK = """
resource coin;
counter vp;
kind card { worth: int; }
zone deck of card;
zone hand per_player of card;
card forge "The Forge" { worth = 2; }
card mill "Mill" { worth = 1; }
"""


program = rules_programs(PACK)


def test_values_numbers_names_titles_and_zone_sizes(program):
    body = ('fill deck with card; gain 3 coin; draw 1 from deck to hand;\n'
            'say "{you} gains {coin} coins; the deck has {size(deck)} cards: {deck}; next is {left(you)}";')
    assert said(program, body) == ["P1 gains 3 coins; the deck has 1 cards: Mill; next is P2"]


def test_literal_braces_expressions_and_conditions(program):
    body = 'gain 2 vp; say "{{set}} {vp * 10 + 1} {vp > 1} {hand} }}{{";'
    assert said(program, body) == ["P1: {set} 21 yes nothing }{"]


def test_first_entity_by_title_and_none(program):
    body = 'fill deck with card; say "top {first(c in deck where c.worth > 1)}, none {first(c in deck where c.worth > 5)}";'
    assert said(program, body) == ["P1: top The Forge, none nothing"]


def test_user_text_never_becomes_code(tmp_path):
    text = 'proc p() { say "\\"); import os #{1}"; }'
    program = build_text(PACK + text, interpreted=False)
    game = Game(program, 2, 1)
    run_proc(game, "p")
    assert game.messages == ['P1: "); import os #1']


@pytest.mark.parametrize("statement", ['say "{}";', 'choose "{}" { option "x" { } }'], ids=["say", "prompt"])
@pytest.mark.parametrize("bad, offset, message", [   # the offset from the text's first character
    ("{bad +}", 6, "ends too early"),     # at the '}' where a value is missing
    ("{1 2}", 3, "unexpected '2'"),
    ("ab {x", 3, "is not closed"),
    ("{}", 0, "holds no value"),
    ("a } b", 2, "lone '}'"),
])
def test_malformed_values_are_placed_where_they_are(statement, bad, offset, message):
    """In a `say` text and in a decision's prompt alike (one parser for both)."""
    with pytest.raises(RulesError) as e:
        parse_text("proc p() {\n  " + statement.replace("{}", bad, 1) + " }")
    d = e.value.diagnostics[0]
    assert (d.code, d.span.line, d.span.column) == ("E108", 2, 3 + statement.index('"') + 1 + offset)
    assert message in d.message


def test_checker_reports_unknown_names_inside_values():
    result = analyse_text(PACK + 'proc p() {\n say "you have {cion}"; }')
    found = [(d.code, d.span.line, d.span.column) for d in result.diagnostics if d.code.startswith("E")]
    assert found == [("E201", PACK.count("\n") + 2, 17)]


def test_fmt_round_trips_values_and_braces():
    source = 'proc p() {\n  say "a {{b}} {coin + 1} \\"c\\" {size(deck)}";\n}\n'
    assert format_text(source) == source
    assert parse_text(format_text(source)) == parse_text(source)
