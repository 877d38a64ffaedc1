"""Paying a cost printed per member (`cost: int[food_t]` on a card) from the counter indexed by the
same enum (`counter food[food_t]`): `pay b.cost food;` and `affordable(b.cost food)`, member by
member, through the modifiers of a tagged cost; both backends; misuse; printing; reading."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.engine import Game

from .conftest import rules_program, run_proc

# Res Arcana (simplified): an artifact costs essences of several kinds; each is paid from its own.
PACK = """
enum essence { gold "Gold", life "Life", death "Death" }
counter ess[essence] "Essence";
counter vp;
counter sizes[1..3];
event placed();
kind artifact { cost: int[essence]; calm: bool[essence]; }
artifact golem "Golem" { cost = {gold: 1, life: 2}; }
artifact dagger "Dagger" { cost = {death: 1}; }
proc setup() { gain 1 ess[gold]; gain 2 ess[life]; }
proc place(a: artifact) { if affordable(a.cost ess) { pay a.cost ess; gain 1 vp; } }
proc tagged(a: artifact) { if affordable(a.cost ess for placed()) { let n = pay a.cost ess, 1 vp for placed(); gain 10 * n vp; } }
proc discount() { modifier you placed { cost -1 ess[life]; } }
"""


program = rules_program(PACK)


def stock(g: Game) -> dict:
    return dict(g.state.players[0].stock)


def test_each_member_is_paid_from_its_own_element(program):
    g = Game(program, 2, 1)
    run_proc(g, "setup")
    seen = []
    g.tracer = seen.append
    run_proc(g, "place", program.entities["dagger"])          # no death essence: not affordable
    assert stock(g)["vp"] == 0
    run_proc(g, "place", program.entities["golem"])
    assert [stock(g)[k] for k in ("ess[gold]", "ess[life]", "ess[death]", "vp")] == [0, 0, 0, 1]
    assert [e.describe() for e in seen if e.kind == "pay"] == ["P1: pay 1 ess[gold]", "P1: pay 2 ess[life]"]


def test_a_tagged_per_member_cost_goes_through_modifiers(program):
    g = Game(program, 2, 1)
    run_proc(g, "setup")
    g.state.players[0].stock["ess[life]"] = 1
    g.state.players[0].stock["vp"] = 1
    run_proc(g, "tagged", program.entities["golem"])          # 1 life short
    assert stock(g)["vp"] == 1
    run_proc(g, "discount")
    run_proc(g, "tagged", program.entities["golem"])          # 1 gold, 1 life, 1 vp: 3 units paid
    assert stock(g)["ess[gold]"] == 0 and stock(g)["ess[life]"] == 0 and stock(g)["vp"] == 30


@pytest.mark.parametrize("body, code, words", [
    ("pay a.cost sizes;", "E312", "a counter indexed by the same enum"),
    ("pay a.calm ess;", "E312", "holds one condition per essence"),
    ("pay a.cost vp;", "E312", "say which one"),
])
def test_misuse(body, code, words):
    found = [(d.code, d.message) for d in analyse_text(PACK + "proc p(a: artifact) { " + body + " }").diagnostics
             if d.severity == "error"]
    assert [c for c, _ in found] == [code], found
    assert words in found[0][1]


def test_printed_back_and_read_aloud():
    module = parse_text(PACK, "a.rules")
    printed = format_module(module)
    assert "pay a.cost ess;" in printed and "affordable(a.cost ess)" in printed
    assert parse_text(printed, "a.rules") == module
    result = analyse_text(PACK)
    reading = explain(result.symbols.decls["place"], result.symbols)
    assert any("Pay a's cost from your essence (each essence from its own)." in line for line in reading), reading
    # affordable reads its cost as pay does (one reading of a cost, the branch polish)
    assert any("If you can pay a's cost from your essence (each essence from its own) (as modifiers change it):" in line
               for line in reading), reading
