"""A zone of several kinds (`zone purse per_player of card or coin;`): it holds items of any of them,
on both backends; W427 warns about an item moved into a zone declared of other kinds."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.engine import Game

from .conftest import run_proc

PACK = """
resource vp;
kind card { worth: int = 1; }
kind coin { worth: int = 3; }
card copper * 2 { }
coin penny { }
zone deck of card;
zone purse per_player of card or coin hidden;
zone spent per_player of card or coin refills from deck;
proc setup() { fill deck with card; }
proc take() { move penny to purse; draw 1 from deck to purse; }
proc score() { for each c in purse { gain c.worth vp; } gain first(purse).worth vp; }
proc spend() { move all of purse where it.worth > 1 to spent; }
"""


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def interpreted(request):
    return request.param


def test_a_zone_holds_items_of_each_of_its_kinds(interpreted):
    g = Game(build_text(PACK, interpreted=interpreted), 2, 1, [None, None])
    me = g.state.players[0]
    run_proc(g, "setup")
    run_proc(g, "take")
    assert [e.name for e in me.zones["purse"]] == ["penny", "copper"]
    run_proc(g, "score")
    assert me.stock["vp"] == 3 + 1 + 3
    run_proc(g, "spend")
    assert [e.name for e in me.zones["spent"]] == ["penny"] and [e.name for e in me.zones["purse"]] == ["copper"]


def test_the_pack_lints_clean():
    assert [d.headline() for d in analyse_text(PACK).diagnostics if d.severity != "info"] == []


def test_printed_back_and_explained():
    module = parse_text(PACK, "a.rules")
    printed = format_module(module)
    assert "zone purse per_player of card or coin hidden;" in printed
    assert parse_text(printed, "a.rules") == module
    purse = next(d for d in module.items if getattr(d, "name", None) == "purse")
    assert purse.kinds == ("card", "coin")
    assert any("holding cards or coins" in line for line in explain(purse))
    deck = next(d for d in module.items if getattr(d, "name", None) == "deck")
    assert deck.kinds == ("card",) and "more_kinds" not in repr(deck)   # a one-kind zone's digest is unchanged


BASE = """
kind card { worth: int = 1; }
kind coin { worth: int = 1; }
kind token { }
card copper { }
coin penny { }
token first_marker { }
zone bag of card;
zone purse per_player of card or coin;
"""


@pytest.mark.parametrize("text, warned, at", [
    # at: the words the warning points at, the item moved (`move`) or the zone it comes from (`move all`, `draw`)
    ("proc a() { move first_marker to bag; }", "a token moved into 'bag', a zone of card", "first_marker"),
    ("proc a() { move penny to bag; }", "a coin moved into 'bag'", "penny"),
    ("proc a() { move first_marker to purse; }", "a token moved into 'purse', a zone of card or coin", "first_marker"),
    ("proc a(p: player) { move first_marker to p.purse; }", "a token moved into 'p.purse'", "first_marker"),
    ("proc a() { move all of purse to bag; }", "a coin moved into 'bag'", "purse"),
    ("proc a() { draw 1 from purse to bag; }", "a coin moved into 'bag'", "purse"),
    ("proc a() { move penny to purse; move copper to purse; move all of bag to purse; }", None, None),
    ("proc a(z: zone) { move first_marker to z; move all of z to bag; }", None, None),   # a zone parameter: unknown
    # an item of a zone of several kinds is one of them: a coin may be moved, unless narrowed to a card
    ("proc a() { for each c in purse { move c to bag; } }", "a coin moved into 'bag'", "c"),
    ("proc a() { for each c in purse where c is card { move c to bag; } }", None, None),
    ("proc a() { move all of purse where it is card to bag; draw 1 from purse where it is card to bag; }", None, None),
    ("proc a() { for each c in purse { if c is coin { say \"{c.name}\"; } else { move c to bag; } } }", None, None),
])
def test_w427(text, warned, at):
    found = [d for d in analyse_text(BASE + text).diagnostics if d.severity != "info"]
    if warned is None:
        assert found == [], [d.headline() for d in found]
    else:
        assert [d.code for d in found] == ["W427"] and warned in found[0].message, [d.headline() for d in found]
        assert "of " in found[0].hint and found[0].span.line == BASE.count("\n") + 1
        span = found[0].span
        if at == "c":   # a local of a zone of several kinds: narrowing it is the other way out
            assert "narrow it first: 'if c is card { move c to bag; }'" in found[0].hint
        elif at == "purse" and "bag" in text:   # the items a move all of or a draw takes: a filter narrows them
            assert "take only those: 'where it is card'" in found[0].hint
        column = text.index(f" {at} to ") + 2   # 1-based, past the blank
        assert (span.end_line, span.column, span.end_column) == (span.line, column, column + len(at))


@pytest.mark.parametrize("text, code, where", [
    ("zone tray of card or nothing;", "E204", "nothing"),
    ("zone d of card refills from purse;", "E314", "which holds card or coin"),
])
def test_misuse(text, code, where):
    found = [d for d in analyse_text(BASE + text).diagnostics if d.severity == "error"]
    assert [d.code for d in found] == [code] and where in found[0].message, [d.headline() for d in found]


def test_w427_suggests_a_filter_naming_every_kind_the_zone_holds():
    """Pandemic: city and event cards go to the player deck, epidemics not; the filter offered names both."""
    text = """kind city_card { }
kind event_card { }
kind epidemic_card { }
zone pile of city_card or event_card or epidemic_card;
zone deck of city_card or event_card;
proc a() { move all of pile where it is city_card or it.copy_number == 1 to deck; }
"""
    (d,) = [d for d in analyse_text(text).diagnostics if d.code == "W427"]
    assert "if only city_card or event_card should go there, take only those: " \
           "'where it is city_card or it is event_card'" in d.hint
    (d,) = [d for d in analyse_text(text.replace("move all of pile where it is city_card or it.copy_number == 1",
                                                 "for each c in pile { move c")
                                     .replace("to deck; }", "to deck; } }")).diagnostics if d.code == "W427"]
    assert "narrow it first: 'if c is city_card or c is event_card { move c to deck; }'" in d.hint
