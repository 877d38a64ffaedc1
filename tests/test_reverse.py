"""`reverse(L)`: a new list of a zone's items from the bottom up, of a list's last first, of a count
n..1; both backends; a loop over it is safe while its body moves the items; misuse; explain."""

from __future__ import annotations


from rulebook.compiler.driver import analyse_text
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.runtime.engine import Game

from .conftest import rules_program, run_proc

# Wingspan-like: a habitat row activated right to left, each bird moved to the discard as it goes.
PACK = """
counter vp;
kind card { v: int; }
card a "A" { v = 1; }
card b "B" { v = 2; }
card c "C" { v = 3; }
zone row of card;
zone pile of card;
proc setup() { move a to row; move b to row; move c to row; }
proc activate() { for each x in reverse(row) { move x to pile; set vp = vp * 10 + x.v; } }
proc numbers() { for each i in reverse(3) { set vp = vp * 10 + i; } for each i in reverse([7, 8]) { set vp = vp * 10 + i; } }
func lowest_card(): card = first(reverse(row));
proc take_bottom() { let x = lowest_card(); set vp = x.v; }
"""


program = rules_program(PACK)


def test_a_zone_from_the_bottom_up_while_the_loop_moves_its_items(program):
    g = Game(program, 2, 1)
    run_proc(g, "setup")
    run_proc(g, "activate")
    assert g.state.players[0].stock["vp"] == 321
    assert [e.name for e in g.state.zones["pile"]] == ["c", "b", "a"] and g.state.zones["row"] == []


def test_a_list_and_a_count_reversed_and_the_zone_left_as_it_was(program):
    g = Game(program, 2, 1)
    run_proc(g, "numbers")
    assert g.state.players[0].stock["vp"] == 32187
    run_proc(g, "setup")
    run_proc(g, "take_bottom")
    assert g.state.players[0].stock["vp"] == 3 and [e.name for e in g.state.zones["row"]] == ["a", "b", "c"]


def test_misuse_and_reading():
    found = [(d.code, d.message) for d in analyse_text(PACK + "proc bad() { for each x in reverse(you) { } }\n"
                                                      "proc two() { let y = reverse(row, row); }").diagnostics
             if d.severity == "error"]
    assert [c for c, _ in found] == ["E303", "E302"], found
    assert "reverse() takes a zone or a list, not a player" in found[0][1]
    module = parse_text(PACK, "a.rules")
    activate = next(d for d in module.items if getattr(d, "name", None) == "activate")
    assert any("row in reverse order (last first)" in line for line in explain(activate)), explain(activate)
