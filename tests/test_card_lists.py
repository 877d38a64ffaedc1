"""Cards named in a list field are the cards during play; a kind's name as a value is the list of its
cards; every copy of a declaration `* N` has the declared name (both backends)."""

from __future__ import annotations

import json

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.coverage import Coverage
from rulebook.runtime.engine import Game
from rulebook.runtime.simulate import component_names
from rulebook.runtime.view import build_view

from .conftest import run_proc

# A corner of a map (Ticket to Ride's): each city lists the cities a route joins it to.
MAP = """
counter steps;
counter seen;
kind city "City" { links: list = []; size: int = 1; }
kind ticket "Ticket" { start: city; ends: list = []; }
zone board of city;
city denver "Denver" { links = [omaha, santa_fe]; size = 3; }
city omaha "Omaha" { links = [denver]; size = 2; }
city santa_fe "Santa Fe" * 2 { links = [denver]; }
ticket t "Ticket {copy_number}" * 3 { start = [denver, omaha, santa_fe][copy_number]; ends = [omaha]; }
var at global: city = none;
"""


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def program(request):
    def build(procs: str, pack: str = MAP):
        return build_text(pack + procs, interpreted=request.param)
    return build


def errors(text: str) -> list[tuple[str, str]]:
    return [(d.code, d.message) for d in analyse_text(text).diagnostics if d.severity == "error"]


def test_the_cards_a_list_field_names_are_the_cards_in_play(program):
    """`pick c from at.links { set at = c; }` then `at.links` again: each item is the card, with its
    own fields (the names were texts: `c.links` stopped play with E601)."""
    g = Game(program("proc walk() { set at = denver; repeat 2 { pick c from at.links \"go to?\" { set at = c; "
                     "gain c.size steps; } } gain at.links[1].size seen; }"), 1, 1)
    run_proc(g, "walk", answers=["Omaha"])   # from Omaha, Denver is the only way
    me = g.state.players[0]
    assert (me.stock["steps"], me.stock["seen"]) == (5, 2)   # Omaha 2, Denver 3; Denver's first link is Omaha
    assert g.state.gvars["at"] is g.program.entities["denver"]
    assert [e.name for e in g.program.entities["denver"].fields["links"]] == ["omaha", "santa_fe"]
    view = build_view(g, 0)   # a view shows the linked cards as cards, in JSON
    json.dumps(view)


def test_every_copy_holds_its_cards_and_may_take_one_by_copy_number(program):
    """A field typed with a kind held the card for the first copy only; `[a, b, c][copy_number]`
    picks each copy's own (it was E303)."""
    p = program("")
    assert [p.entities[n].fields["start"].name for n in ("t", "t#2", "t#3")] == ["denver", "omaha", "santa_fe"]
    assert all(p.entities[n].fields["ends"] == [p.entities["omaha"]] for n in ("t", "t#2", "t#3"))
    assert p.entities["santa_fe#2"].fields["links"] == [p.entities["denver"]]


def test_a_list_of_cards_is_typed_as_cards_of_their_kind():
    assert errors(MAP + "proc p() { gain at.links steps; gain at.links[1].size steps; set at = at.links[1]; }") == [
        ("E303", "an amount must be a number, not a list of cities")]
    assert errors(MAP + "proc p() { gain at.links[1].nope steps; }")[0][0] == "E205"
    # cards of several kinds: a list of cards of any kind, read without complaint
    mixed = MAP.replace("links = [denver]; size = 2;", "links = [denver, t]; size = 2;")
    assert errors(mixed + "proc p() { for each c in at.links { gain c.copy_number steps; } }") == []


def test_a_list_field_that_names_cards_names_only_cards():
    """One value naming cards makes the field a list of cards: another value of the field, or an item
    of the same list, that is no card is E303 at that item; a field of texts stays texts."""
    found = errors(MAP.replace("links = [denver]; size = 2;", "links = [denver, 3]; size = 2;")
                   .replace('santa_fe "Santa Fe" * 2 { links = [denver]; }',
                            'santa_fe "Santa Fe" * 2 { links = ["Denver"]; }'))
    assert [code for code, _ in found] == ["E303", "E303"]
    assert "field 'links' of city holds cards ([omaha, santa_fe]), so each of its lists names cards only, " \
           "not 3" in found[0][1]
    assert found[1][1].endswith('not "Denver"')
    texts = "kind card { chain: list = []; }\ncard baths \"Baths\" { chain = [\"Aqueduct\"]; }\n"
    assert errors(texts + "counter vp;\nproc p() { gain count(c in baths.chain where c == \"Aqueduct\") vp; }") == []


def test_a_kind_as_a_value_is_one_card_per_declaration(program):
    """`for each`, `pick`, aggregates and `size` over a kind: one card per declaration, in the order
    declared, wherever each is; a declaration `* N` by its first copy (Santa Fe once, three tickets
    counted as one), as an index by the kind has one element per declaration."""
    g = Game(program("""
proc p() {
  move omaha to board;
  for each c in city { gain c.size steps; }
  gain count(c in city where c.name == "santa_fe") seen;
  pick c from city where c.size >= 2 "start where?" { set at = c; }
  gain size(ticket) * 10 seen;
}"""), 1, 1)
    asked = run_proc(g, "p", answers=["Omaha"])
    me = g.state.players[0]
    assert me.stock["steps"] == 3 + 2 + 1 and me.stock["seen"] == 11
    assert asked[0].options == ["Denver", "Omaha"] and g.state.gvars["at"].name == "omaha"
    assert [c.copy_number for c in g.cards_of("ticket", me)] == [1]


def test_a_per_player_kind_as_a_value_is_the_acting_players_copies(program):
    g = Game(program("""
kind mission per_player { level: int; }
zone done per_player of mission;
mission m1 { level = 1; }
mission m2 { level = 2; }
proc p() { move m1 to done; gain count(m in mission where contains(done, m)) steps; }
"""), 2, 1)
    run_proc(g, "p")
    run_proc(g, "p", player=1)
    assert [pl.stock["steps"] for pl in g.state.players] == [1, 1]


def test_a_kind_as_a_value_is_a_list_not_a_card():
    assert errors(MAP + "proc p() { set at = city; }")[0][0] == "E303"
    assert errors(MAP + "proc p() { gain city steps; }")[0] == ("E303", "an amount must be a number, not a list of cities")


def test_a_kind_as_a_value_reads_every_card_of_it_and_prints_back():
    text = MAP + "proc p() { for each c in city where c.size > 1 { gain 1 steps; } }\n"
    module = parse_text(text, "a.rules")
    assert parse_text(format_module(module), "a.rules") == module
    analysed = analyse_text(text)
    words = " ".join(explain(analysed.symbols.decls["p"], analysed.symbols))
    assert "For each c in every city" in words


COPIES = """
counter vp;
kind card { worth: int = 1; play: effect; }
zone kept per_player of card;
card extra_head * 2 { play { gain 1 vp; } }
card plain { worth = 2; }
kind cube { colour: int = 0; }
zone pool of cube;
cube black_die * 3 { }
"""


def test_every_copy_has_the_declared_name_and_only_the_first_is_the_card_named(program):
    """`c.name` of the second copy was "extra_head#2"; `copy_number` tells copies apart, and a card is
    equal only to itself (the copies are reached through a zone: the kind lists declarations)."""
    g = Game(program("proc p() { fill kept with card; for each c in kept { say \"{c.name} {c.title} {c.copy_number}\"; } "
                     "gain count(c in kept where c.name == \"extra_head\") * 10 vp; "
                     "gain count(c in kept where c == extra_head) vp; }", COPIES), 1, 1)
    run_proc(g, "p")
    assert g.state.players[0].stock["vp"] == 21


def test_cover_shows_the_copies_of_a_declaration_as_one_row():
    p = build_text(COPIES)
    assert sorted(Coverage(p).rules.values()) == [("card", "extra_head")]


def test_simulate_leaves_out_cards_without_effect_that_no_player_can_hold():
    """A piece with no effect kept in shared zones (a game's dice) has nothing a player could use:
    not "never used"; a card without effect a player's zone can hold still counts when held. Since
    diag8 such a piece is followed (a Carcassonne tile is used in the games a rule moves it), but a
    report leaves it out when no game moved it."""
    from rulebook.runtime.simulate import GameRecord, SharedOnly, component_table

    names = component_names(build_text(COPIES))
    assert [c[:2] for c in names] == [("card", "extra_head"), ("card", "plain"), ("cube", "black_die")]
    assert [type(c) is SharedOnly for c in names] == [False, False, True]
    rows = component_table([GameRecord(1, wins=[1.0, 0.0], used=[(0, 0)])], 2, names)
    assert sorted(row["name"] for row in rows) == ["extra_head", "plain"]


def test_looking_for_a_text_in_a_list_of_cards_is_e303():
    """The old workaround, `contains(c.links, x.name)`, would now never find anything: it is E303."""
    found = errors(MAP + "func linked(c: city) = count(x in city where contains(c.links, x.name));\n"
                   "func at_index(c: city) = index_of(c.links, \"omaha\");\n"
                   "func fine(c: city) = count(x in city where contains(c.links, x)) + index_of(c.links, omaha);\n")
    assert found == [("E303", "contains() looks for a text in a list of cities: it is never there"),
                     ("E303", "index_of() looks for a text in a list of cities: it is never there")]


def test_each_item_a_copy_may_take_by_copy_number_is_a_card_of_the_kind():
    found = errors(MAP.replace("[denver, omaha, santa_fe][copy_number]", "[denver, omaha, t][copy_number]"))
    assert found == [("E303", "field 'start' names a city: give the name of one")]
