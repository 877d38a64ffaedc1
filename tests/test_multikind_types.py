"""The items of a zone of several kinds (`zone hand of card or coin;`) are typed: a card of one of
those kinds. A field read on one is checked against every kind (E328 where one lacks it), and
`c is KIND` narrows it to one kind where it holds, on both backends."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.compiler.explain import explain
from rulebook.dsl import ast as A
from rulebook.runtime.engine import Game

from .conftest import printed_back, rules_programs, run_proc

PACK = """
resource vp;
kind card { worth: int = 1; cost: int = 2; play: effect; func doubled: int = this.worth * 2; }
kind coin { worth: int = 3; shine: str = "dull"; play: effect; func doubled: int = this.worth * 2; }
kind token { }
card copper * 2 { play { gain 10 vp; } }
coin penny { shine = "bright"; play { gain 100 vp; } }
token flag { }
zone deck of card;
zone purse per_player of card or coin hidden;
zone bin of card;
zone pouch of coin;
proc setup() { fill deck with card; move penny to purse; draw 1 from deck to purse; }
"""

program = rules_programs(PACK)


def vp(program, body: str) -> int:
    g = Game(program(f"proc t() {{ {body} }}"), 2, 1)
    run_proc(g, "setup")
    run_proc(g, "t")
    return g.state.players[0].stock["vp"]


@pytest.mark.parametrize("body, expected", [
    # a field every kind has alike is read as it is (the coin's 3, the copper's 1), a computed one too
    ("for each c in purse { gain c.worth vp; }", 4),
    ("for each c in purse { gain c.doubled vp; gain c.doubled(you) vp; }", 16),
    ("for each c in purse { copy c.play; }", 110),
    # narrowed: in an if's block, its else, after 'and', a loop's and an aggregate's body after 'where'
    ("for each c in purse { if c is card { gain c.cost vp; } else { gain size([c.shine]) vp; } }", 3),
    ("for each c in purse where c is coin { if c.shine == \"bright\" { gain 5 vp; } }", 5),
    ("gain count(c in purse where c is coin and c.shine == \"bright\") vp;", 1),
    ("gain total(c in purse where c is card, c.cost) vp;", 2),
    ("let c = first(c in purse where c is card); gain c.cost vp; move c to bin; gain size(bin) vp;", 3),
    ("for each c in purse { gain (if c is card then c.cost else c.worth + 10) vp; }", 15),
    ("for each c in purse { if not c is coin { gain c.cost vp; } }", 2),
    ("if none is card { gain 1 vp; } if first(purse) is coin and not first(purse) is card { gain 2 vp; }", 2),
    ("move all of purse where it is coin to pouch; gain size(pouch) vp;", 1),
    # a while's body (the condition holds as each round starts), a match arm naming cards of one kind
    ("for each c in purse { while c is card and vp < 4 { gain c.cost vp; } }", 4),
    ("for each c in purse { match c { copper { gain c.cost vp; } penny: gain size([c.shine]) vp; else { } } }", 3),
    ("for each c in purse { gain (match c { copper: c.cost, else: 0 }) vp; }", 2),
])
def test_items_of_several_kinds_read_and_narrowed(program, body, expected):
    assert vp(program, body) == expected


def test_the_pack_lints_clean():
    text = PACK + """
proc t() {
  for each c in purse { if c is card { move c to bin; } else { move c to pouch; } }
  for each c in purse where c is card { keep(c); }
  pick c from purse where c is coin { say "{c.shine}"; }
  for each c in purse { if c == penny or contains(bin, c) or c == first(bin) { } }   # compared with any card
}
proc keep(c: card) { move c to bin; }
"""
    assert [d.headline() for d in analyse_text(text).diagnostics if d.severity != "info"] == []


@pytest.mark.parametrize("body, code, where, at", [
    # at: the words the finding points at (the field's name for E328)
    ("for each c in purse { gain c.cost vp; }", "E328", "c may be a card or a coin, and coin has no field 'cost'",
     "cost"),
    ("gain size([first(purse).shine]) vp;", "E328", "card has no field 'shine'", "shine"),
    ("for each c in purse { set c.cost = 1; }", "E328", "coin has no field 'cost'", "cost"),
    ("for each c in purse where c is card { gain size([c.shine]) vp; }", "E205", "'shine'", "shine"),
    ("for each c in purse { if c is card { } else { gain c.cost vp; } }", "E328", "", "cost"),   # (only one kind left: E205)
    ("keep(first(purse));", "E303", "must be a card, not a card or coin", "first(purse)"),
    ("for each c in purse { keep(c); }", "E303", "must be a card, not a card or coin", "c)"),
    ("for each c in purse { if c is token { } }", "E303", "never a token: the test is always false", "token"),
    ("for each c in purse { if c is nothing { } }", "E204", "nothing", "nothing"),
    ("if you is card { }", "E303", "'is' tells a card's kind", "you"),
    ("move all of purse where it.shine == \"x\" to pouch;", "E328", "card has no field 'shine'", "shine"),
    # at the field's name, as for any field (`cost` was a keyword there, and the finding stood at `it`)
    ("move all of purse where it is coin and it.cost == 1 to pouch;", "E205", "'cost'", "cost"),
])
def test_misuse(body, code, where, at):
    text = PACK + "proc keep(c: card) { move c to bin; }\nproc t() { " + body + " }\n"
    errors = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    if code == "E328" and not where:   # the else of `if c is card` over a zone of card or coin: a coin
        assert [d.code for d in errors] == ["E205"], [d.headline() for d in errors]
        return
    assert [d.code for d in errors] == [code] and where in errors[0].message, [d.headline() for d in errors]
    line = text.count("\n")
    column = ("proc t() { " + body).index(at) + 1
    assert (errors[0].span.line, errors[0].span.column) == (line, column), errors[0].headline()
    if code in ("E328", "E303") and "card or coin" in errors[0].message + (errors[0].hint or "") \
            and "is card" in (errors[0].hint or ""):
        assert "narrow" in errors[0].hint


def test_e327_names_every_kind_lacking_it_and_differences():
    text = """
kind a { x: int = 1; y: int = 1; }
kind b { x: str = ""; }
kind c { y: int = 2; }
zone z of a or b;
zone w of a or b or c;
proc t() { for each i in z { say "{i.x}"; } for each i in w { gain i.y vp; } }
resource vp;
"""
    errors = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["E328", "E328"]
    assert "a number" in errors[0].message and "a text" in errors[0].message
    assert "b has no field 'y'" in errors[1].message and "'if i is a" in errors[1].hint


def test_printed_back_and_explained():
    module, printed = printed_back(PACK + """
proc t() {
  for each c in purse where c is card and not c is coin { say "{c.cost}"; }
  let x = (first(purse) is coin) == true;
}
""")
    assert "where c is card and not c is coin" in printed and "(first(purse) is coin) == true" in printed
    t = next(d for d in module.items if getattr(d, "name", None) == "t")
    assert any(isinstance(n, A.IsKind) and n.kind == "card" for n in A.walk(t))
    assert any("for which c is a card and not c is a coin" in line for line in explain(t))


def test_a_local_that_a_set_changes_is_not_narrowed():
    text = PACK + """
proc t() {
  let c = first(purse);
  if c is card { set c = first(pouch); gain c.cost vp; }
}
"""
    errors = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["E328"], [d.headline() for d in errors]


def test_the_editor_finds_a_kind_named_in_a_zone_and_a_test():
    """Renaming or finding the uses of a kind reaches `of card or coin` and `c is coin`."""
    from rulebook.compiler.workspace import file_occurrences
    from rulebook.dsl.parser import parse_text

    text = PACK + "proc t() { for each c in purse { if c is coin { } } }\n"
    found = [(o.span.line, o.span.column) for o in file_occurrences(parse_text(text, "a.rules"), text)
             if o.name == "coin" and o.role == "ref"]
    lines = text.split("\n")
    zone = next(i for i, line in enumerate(lines, 1) if line.startswith("zone purse"))
    assert (zone, lines[zone - 1].index("coin") + 1) in found
    assert (len(lines) - 1, lines[-2].index("coin") + 1) in found


def test_what_while_and_match_do_not_narrow():
    def e328(body: str) -> list:
        return [d.span.column for d in analyse_text(PACK + f"proc t() {{ {body} }}").diagnostics if d.code == "E328"]
    # a local a `set` changes is never narrowed; nor after a loop, in a match's else, or by an arm of two kinds
    assert e328("let c = first(purse); set c = last(purse); while c is card { gain c.cost vp; set c = none; }")
    assert e328("let c = first(purse); while c is card and vp < 2 { gain 1 vp; } gain c.cost vp;")
    assert e328("for each c in purse { match c { copper { } else { gain c.cost vp; } } }")
    assert e328("for each c in purse { match c { copper, penny { gain c.cost vp; } else { } } }")


def test_e328_tells_an_effect_slot_given_parameters_from_one_without():
    """Two kinds' effects of one name, one given a parameter (3.7: `demand: effect(by: player);`), are no shared
    field: E328 says which takes what (the sorts compared include the slot's parameters)."""
    text = """
kind a { demand: effect(by: player); }
kind b { demand: effect; }
zone z of a or b;
proc t() { for each i in z { copy i.demand; } }
"""
    errors = [d for d in analyse_text(text).diagnostics if d.code == "E328"]
    assert len(errors) == 1 and "an effect given (by)" in errors[0].message and "b's 'demand' is an effect" \
        in errors[0].message
