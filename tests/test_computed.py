"""Computed fields (`func NAME: TYPE [= EXPR];` in a kind): each card gives an expression, worked out
when read, with `this` the card and `you` the reader; `card.field(p)` works it out for player p."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import rules_programs, run_proc, the_one_error

PACK = """
counter vp;
counter cities;
counter coin;
enum colour { brown, grey, purple }
kind card "Card" { colour: colour; func worth: int = 0; }
zone built per_player of card;
card quarry "Quarry" { colour = brown; }
card press "Press" { colour = grey; worth = 1; }
# 7 Wonders: the Workers Guild, 1 VP per brown card of your two neighbours
card workers "Workers Guild" { colour = purple; worth = count(c in left.built where c.colour == brown)
                                                   + count(c in right.built where c.colour == brown); }
kind milestone "Milestone" { func reached: bool; needs: int = 3; }
milestone mayor "Mayor" { reached = cities >= this.needs; }
milestone banker "Banker" { reached = coin >= 10; needs = 10; }
func claimed() = count(m in milestone where m.reached);
"""

program = rules_programs(PACK)


def test_a_computed_field_is_worked_out_for_the_reader(program):
    g = Game(program("""
proc build(n: int) { move quarry to built; gain n cities; }
proc score() { gain total(c in built, c.worth) vp; }
proc seat1() { move workers to built; }
"""), 3, 1)
    run_proc(g, "build", 3, player=0)      # seat 0 builds the quarry and has 3 cities
    run_proc(g, "seat1", player=1)          # seat 1 (seat 0 is one neighbour) builds the guild
    p0, p1, _p2 = g.state.players
    assert g.program.funcs["claimed"](g, p0) == 1 and g.program.funcs["claimed"](g, p1) == 0
    run_proc(g, "score", player=1)
    assert p1.stock["vp"] == 1              # one brown card beside seat 1
    run_proc(g, "score", player=0)
    assert p0.stock["vp"] == 0              # the quarry is worth the default, 0


def test_a_computed_field_read_for_another_player(program):
    g = Game(program("""
proc grow() { gain 3 cities; }
func mayors() = count(p in players where mayor.reached(p));
func best() = highest(p in players, count(m in milestone where m.reached(p)));
"""), 3, 1)
    run_proc(g, "grow", player=2)
    p0 = g.state.players[0]
    assert g.program.funcs["mayors"](g, p0) == 1
    assert g.program.funcs["best"](g, p0) == 1


def test_none_has_no_computed_field(program):
    g = Game(program("var held: milestone; func got() = held.reached;"), 2, 1)
    with pytest.raises(RulesRuntimeError, match="E601"):
        g.program.funcs["got"](g, g.state.players[0])


def test_printer_round_trip():
    module = parse_text(PACK, "a.rules")
    printed = format_module(module)
    assert "func worth: int = 0;" in printed and "func reached: bool;" in printed
    assert parse_text(printed, "a.rules") == module


def test_explain_reads_the_field_and_the_value():
    module = parse_text(PACK, "a.rules")
    kind = "\n".join(explain(next(d for d in module.items if getattr(d, "name", None) == "milestone")))
    assert "worked out" in kind
    mayor = "\n".join(explain(next(d for d in module.items if getattr(d, "name", None) == "mayor")))
    assert "Reached" in mayor and "cities" in mayor


@pytest.mark.parametrize("text, code, where", [
    ("milestone mayr { reached = cities; }", "E303", "field 'reached' of milestone is a condition"),
    ("milestone mayr { }", "E304", "gives no value for field 'reached'"),
    ("milestone mayr { reached { gain 1 vp; } }", "E303", "is computed"),
    ("kind k { func go: effect; }", "E303", "cannot be an effect"),
    ("proc p() { set mayor.reached = true; }", "E303", "cannot be set"),
    ("func f() = mayor.reached(1);", "E303", "worked out for a player"),
    ("func f() = mayor.reached(you, you);", "E302", "for one player"),
    ("kind k { func v: int = \"x\"; }", "E303", "field 'v' of k is a number, not a text"),
    ("milestone mayr { reached = cities >= mayr.nope; }", "E205", "nope"),
])
def test_misuse(text, code, where):
    the_one_error(analyse_text(PACK + text), code, where)


def test_cover_counts_each_card_value_and_each_default():
    from rulebook.compiler.driver import build_text
    from rulebook.runtime.coverage import Coverage

    p = build_text(PACK + "proc peek() { if mayor.reached { gain 1 vp; } }")
    coverage = Coverage(p)
    assert sorted(coverage.rules.values()) == [("card", "press"), ("card", "workers"), ("card", "worth (default)"),
                                               ("milestone", "banker"), ("milestone", "mayor"),
                                               ("proc", "peek")]
    g = Game(p, 2, 1)
    coverage.measure(lambda: run_proc(g, "peek"))
    assert coverage.report()["milestone"] == (2, ["banker"])
