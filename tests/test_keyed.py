"""Keyed searches (`some|count|first(x in ZONE where x.FIELD == VALUE)`): the compiled backend answers
them from an index the runtime keeps per zone and field (Game.keyed), the interpreter scans; both
give the same answers as the zone grows, shrinks, is shuffled or reordered and as fields are set."""

from __future__ import annotations


import pytest

from rulebook.compiler.driver import build_text, compile_pack
from rulebook.runtime.engine import Game

from .conftest import run_proc, write_pack

PACK = """
resource coin;
counter vp;
enum color { red, blue, green }
kind card { color: color; worth: int; tags: list = []; }
zone deck of card;
zone hand per_player of card;
card lumber "Lumber Yard" * 3 { color = red; worth = 1; }
card bath "Baths" { color = blue; worth = 3; tags = [1]; }
card altar "Altar" * 2 { color = blue; worth = 2; }
func reds() = count(x in hand where x.color == red);
func has(t: str) = some(x in hand where x.title == t);
func first_of(c: color) = first(x in hand where c == x.color);
func worth_in_hand(w: int) = count(x in hand where x.worth == w);
func tagged(t: list) = some(x in hand where x.tags == t);
proc deal() { fill deck with card; draw 4 from deck to hand; }
proc drop() { move first(x in hand where x.color == red) to deck; }
proc reorder() { move altar to top of hand; }
proc rework() { set bath.worth = 2; }   # `worth` is set by a rule: its searches scan
"""


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def program(request):
    return build_text(PACK, interpreted=request.param)


def ask(g: Game, name: str, *args):
    return g.program.funcs[name](g, g.state.players[0], *args)


def names(value):
    return value.name if value is not None else None


def answers(g: Game) -> tuple:
    return (ask(g, "reds"), ask(g, "has", "Baths"), ask(g, "has", "Altar"), names(ask(g, "first_of", "blue")),
            names(ask(g, "first_of", "red")), ask(g, "worth_in_hand", 2), ask(g, "tagged", [1]),
            ask(g, "tagged", []))


def test_keyed_searches_follow_the_zone_and_its_fields_on_both_backends(program):
    g = Game(program, 2, 1)
    assert answers(g) == (0, False, False, None, None, 0, False, False)   # empty zones
    run_proc(g, "deal")   # lumber x3 and the baths in hand, the altars left in the deck
    assert answers(g) == (3, True, False, "bath", "lumber", 0, True, True)
    run_proc(g, "drop")   # an item gone
    assert answers(g) == (2, True, False, "bath", "lumber#2", 0, True, True)
    run_proc(g, "reorder")   # an item added on top: now the first blue one
    assert answers(g) == (2, True, True, "altar", "lumber#2", 1, True, True)
    run_proc(g, "rework")   # a field set during play
    assert answers(g) == (2, True, True, "altar", "lumber#2", 2, True, True)
    g.set_field(g.program.entities["bath"], "title", "Spa")   # as a kernel sets a field
    assert ask(g, "has", "Baths") is False and ask(g, "has", "Spa") is True


def test_the_compiled_search_reads_only_the_items_added_since_it_last_looked():
    g = Game(build_text(PACK), 2, 1)
    run_proc(g, "deal")
    assert ask(g, "reds") == 3
    reads, field = [], g.field
    g.field = lambda e, name: reads.append(name) or field(e, name)
    assert ask(g, "reds") == 3 and ask(g, "has", "Baths") is True and reads == ["title"] * 4
    g.move(g.program.entities["altar"], g.zone(g.state.players[0], "hand"))
    assert ask(g, "reds") == 3 and reads == ["title"] * 4 + ["color"]


def test_a_keyed_search_is_not_counted_against_the_step_budget_as_a_scan_of_a_zone_is_not():
    for interpreted in (False, True):
        g = Game(build_text(PACK, interpreted=interpreted), 2, 1)
        run_proc(g, "deal")
        steps = g.steps
        assert ask(g, "reds") == 3 and g.steps == steps


def test_only_the_plain_shape_is_keyed(tmp_path):
    source = compile_pack(str(write_pack(tmp_path / "p", PACK + """
func by_worth(c: card) = count(x in hand where x.worth == c.worth + 1);
func both(c: card) = some(x in hand where x.worth == c.worth and x.color == red);
func mine() = some(x in hand where x.owner == you);
func self_compare() = some(x in hand where x.worth == x.worth);
"""))).source
    body = {name: source.split(f"_{name}(rt, you")[1].split("\ndef ")[0] for name in
            ("reds", "has", "first_of", "worth_in_hand", "by_worth", "both", "mine", "self_compare")}
    assert all("rt.keyed(" in body[n] for n in ("reds", "has", "first_of"))
    assert not any("rt.keyed(" in body[n] for n in ("by_worth", "both", "mine", "self_compare", "worth_in_hand"))
