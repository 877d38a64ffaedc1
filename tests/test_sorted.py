"""sorted(x in D [where C], most K then fewest K2 ...): the elements of a domain in order of numeric
keys, stable on ties, on both backends; checked, printed back and read in plain words."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.engine import Game

from .conftest import drive, run_proc, the_one_error

# Terra Mystica (passing order), Caylus and a card market: players by cities then plants, cards by cost
PACK = """
counter cities;
counter plant;
counter vp;
counter passed;
kind card { cost: int; }
card a "Alpha" { cost = 5; }
card b "Bravo" { cost = 3; }
card c2 "Charlie" { cost = 5; }
card d "Delta" { cost = 1; }
card e2 "Echo" { cost = 8; }
zone market of card;
zone owned per_player of card;
func turn_order() = sorted(p in players, most p.cities then most p.plant);
func display() = sorted(c in market, fewest c.cost);
proc deal() { fill market with card; }
proc order() {
  say "turn: {turn_order()}";
  say "reverse: {reverse(turn_order())}";
  say "fewest: {sorted(p in players, fewest p.cities then fewest p.plant)}";
  say "tied: {sorted(p in players, most p.cities)}";
  say "where: {sorted(p in players where p.cities > 0, fewest p.plant)}";
  say "market: {display()}";
  say "first {display()[1]}, {first(display())}, {size(sorted(c in market where c.cost > 2, most c.cost))}";
  say "none: {sorted(c in market where c.cost > 100, most c.cost)}";
  say "slices: {display()[1..4]}; {display()[4..9]}; {size(display()[1..2])}; {display()[6..7]}";
}
proc in_turn() {
  each turn_order() { gain 1 passed; set vp = total(p in players, p.passed); }
}
proc buy() {
  for each i in 1..min(4, size(display())) {
    say "on offer: {display()[i]}";
  }
  pick c from display()[1..2] "buy which?" { move c to owned; }
}
"""

# (cities, plant) for P1..P4: P1 and P3 tie on cities; P4 has none
STANDING = [(2, 5), (3, 1), (2, 7), (0, 9)]


def game(interpreted: bool) -> Game:
    g = Game(build_text(PACK, interpreted=interpreted), 4, 1)
    for player, (cities, plant) in zip(g.state.players, STANDING):
        player.stock["cities"], player.stock["plant"] = cities, plant
    run_proc(g, "deal")
    return g


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_sorted_orders_by_keys_with_ties_in_the_domains_order(interpreted):
    g = game(interpreted)
    run_proc(g, "order")
    assert g.messages == [
        "P1: turn: P2, P3, P1, P4",
        "P1: reverse: P4, P1, P3, P2",
        "P1: fewest: P4, P1, P3, P2",
        "P1: tied: P2, P1, P3, P4",       # P1 and P3 tie on cities: the players' order
        "P1: where: P2, P1, P3",
        "P1: market: Delta, Bravo, Alpha, Charlie, Echo",   # Alpha and Charlie tie: the zone's order
        "P1: first Delta, Delta, 4",
        "P1: none: nothing",
        "P1: slices: Delta, Bravo, Alpha, Charlie; Charlie, Echo; 2; nothing",   # those there are
    ]


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_sorted_is_a_turn_order_for_each_and_a_display_for_pick(interpreted):
    g = game(interpreted)
    run_proc(g, "in_turn")
    # each player in turn order: P2 first (sees 1 passed), P3 (2), P1 (3), P4 last (4)
    assert [p.stock["vp"] for p in g.state.players] == [3, 1, 2, 4]
    asked = drive(g, g.program.procs["buy"](g, g.state.players[0]), ["Bravo"])
    assert asked[0].options == ["Delta", "Bravo"]
    assert g.messages[-4:] == ["P1: on offer: Delta", "P1: on offer: Bravo", "P1: on offer: Alpha",
                               "P1: on offer: Charlie"]
    assert [c.name for c in g.state.players[0].zones["owned"]] == ["b"]


def test_sorted_is_checked():
    the_one_error(analyse_text(PACK + "func f() = sorted(c in market, most c.cost > 2);\n"), "E303",
                  "a key must be a number, not a condition")
    the_one_error(analyse_text(PACK + "func f() = sorted(c in market, most c.cost then c);\n"), "E303",
                  "a key must be a number")
    misspelt = analyse_text(PACK + "func f() = sorted(c in market, most c.cots);\n")
    the_one_error(misspelt, "E205", "unknown field 'cots'", line=PACK.count("\n") + 1)
    assert misspelt.diagnostics[0].hint == "did you mean 'cost'?"
    key = analyse_text(PACK + "func f() = sorted(c in market, most c.cost == 2);\n").diagnostics[0].span
    assert (key.line, key.column) == (PACK.count("\n") + 1, 37)   # at the key, not the whole sorted(...)
    the_one_error(analyse_text(PACK + "func f() = sorted(c in vp > 1, most c);\n"), "E303", "cannot range over")
    # the element type flows: a sorted list of cards is cards, of players players
    the_one_error(analyse_text(PACK + "func f() = first(sorted(p in players, most p.cities)).cost;\n"), "E202", "'cost'")
    assert not [d for d in analyse_text(PACK + "func f() = first(display()).cost + turn_order()[1].plant "
                                             "+ first(display()[2..3]).cost;\n").diagnostics if d.severity == "error"]
    # a slice takes a range of numbers; a list of its items is what it gives
    the_one_error(analyse_text(PACK + "func f() = display()[1..true];\n"), "E303", "a range runs from a whole number")
    the_one_error(analyse_text(PACK + "func f() = display()[1..2] + 1;\n"), "E341", "cannot add a number to a list")   # a list joins a list only
    with pytest.raises(Exception) as failed:   # a key needs its word: which way is it sorted?
        parse_text(PACK + "func f() = sorted(c in market, c.cost);\n", "a.rules")
    assert "most" in str(failed.value) or "E100" in str(failed.value)


def test_sorted_is_printed_back_and_read():
    module = parse_text(PACK, "a.rules")
    printed = format_module(module)
    assert "sorted(p in players, most p.cities then most p.plant)" in printed
    assert parse_text(printed, "a.rules") == module
    long = parse_text(PACK + "func g() = sorted(p in players where p.cities > 0 and p.plant > 0 and p.vp < 100, "
                      "most p.cities + p.plant * 2 then fewest p.vp then most p.passed);\n", "a.rules")
    assert parse_text(format_module(long), "a.rules") == long
    analysed = analyse_text(PACK)
    words = " ".join(explain(analysed.symbols.decls["turn_order"], analysed.symbols))
    assert "in order: the highest p's cities first, then the highest p's plant first" in words
    words = " ".join(explain(analysed.symbols.decls["buy"], analysed.symbols))
    assert "the entries at places from 1 to 2 of “display” (those there are)" in words
    words = " ".join(explain(analysed.symbols.decls["display"], analysed.symbols))
    assert "the lowest c's cost first (on a tie, in the order of the market)" in words


def test_other_spellings_of_sorted_are_pointed_to_it():
    for written, hint in (("ordered", "write 'sorted' for 'ordered'"), ("sort_by", "write 'sorted' for 'sort_by'"),
                          ("sortd", "did you mean 'sorted'?")):
        found = analyse_text(PACK + f"func f() = {written}(p in players, most p.cities);\n").diagnostics
        assert [(d.code, d.hint) for d in found] == [("E100", hint)]
        assert (found[0].span.line, found[0].span.column) == (PACK.count("\n") + 1, 12)
