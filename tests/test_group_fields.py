"""Fields per member of a group (`needs: int[adventurers]`): read by resource (`q.needs[fighter]`,
`q.needs[r]`), paid and gained whole (`pay q.needs;`, `affordable(q.needs)`, a choose option's leading
cost, `gain q.rewards;`), and `gain N any(GROUP);` (the player picks each unit's resource); on both
backends, printed back, explained, checked (E360-E363)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.engine import Game

from .conftest import on_both_backends, run_proc, the_one_error

# Lords of Waterdeep: quests need adventurer cubes of each colour and reward some.
PACK = """
resource cleric;
resource fighter;
resource rogue cap 3;
resource wizard supply 2;
resource vp;
group adventurers { cleric, fighter, rogue, wizard }
kind quest {
  needs: int[adventurers] = 0;
  rewards: int[adventurers];
  points: int;
}
quest raid { needs = {fighter: 2, rogue: 1}; rewards = {cleric: 1, wizard: 1}; points = 5; }
quest study { needs = {wizard: 1}; rewards = {}; points = 2; }
zone active of quest;
event complete(q: quest);
proc finish(q: quest) {
  pay q.needs;
  gain q.rewards;
  gain q.points vp;
}
proc try_all() {
  pick q from active where affordable(q.needs) "complete which?" optional { finish(q); }
}
proc menu(q: quest) {
  choose "do what?" {
    option "complete" { pay q.needs for complete(q); gain q.points vp; }
    option "rest" { gain 1 vp; }
  }
}
proc take(n: int) { gain n any(adventurers); }
func need_of(q: quest, r: resource) = q.needs[r];
func fighters(q: quest) = q.needs[fighter];
proc discount() { modifier complete { cost -1 fighter; } }
"""

program = on_both_backends(lambda interpreted: build_text(PACK, interpreted=interpreted))


def quest(g, name):
    return g.program.entities[name]


def stock(g, seat=0):
    return {r: g.state.players[seat].stock[r] for r in ("cleric", "fighter", "rogue", "wizard", "vp")}


def test_a_member_is_read_by_name_or_by_a_resource_value(program):
    g = Game(program, 2, 1)
    raid = quest(g, "raid")
    assert g.program.funcs["fighters"](g, g.state.players[0], raid) == 2
    assert [g.program.funcs["need_of"](g, g.state.players[0], raid, r) for r in ("cleric", "rogue")] == [0, 1]


def test_pay_and_gain_a_group_field_whole(program):
    g = Game(program, 2, 1)
    p = g.state.players[0]
    p.stock["fighter"], p.stock["rogue"] = 3, 1
    run_proc(g, "finish", quest(g, "raid"))
    assert stock(g) == {"cleric": 1, "fighter": 1, "rogue": 0, "wizard": 1, "vp": 5}
    assert g.state.supply["wizard"] == 1


def test_affordable_of_a_group_field_filters_a_pick(program):
    g = Game(program, 2, 1)
    p = g.state.players[0]
    for name in ("raid", "study"):
        g.move(quest(g, name), g.zone(None, "active"))
    p.stock["fighter"], p.stock["rogue"] = 2, 0   # raid needs a rogue too; study a wizard
    asked = run_proc(g, "try_all", answers=[])   # nothing affordable: the optional pick has no option
    assert asked == [] and stock(g)["vp"] == 0
    p.stock["rogue"] = 1
    run_proc(g, "try_all", answers=["raid"])
    assert stock(g)["vp"] == 5


def test_a_leading_group_cost_is_tagged_and_modified(program):
    g = Game(program, 2, 1)
    p = g.state.players[0]
    p.stock["fighter"], p.stock["rogue"] = 1, 1   # 2 fighters, 1 less with the modifier
    run_proc(g, "discount")
    run_proc(g, "menu", quest(g, "raid"), answers=["complete"])
    assert stock(g)["fighter"] == 0 and stock(g)["rogue"] == 0 and stock(g)["vp"] == 5


def test_gain_any_asks_one_resource_a_unit_within_caps_and_supply(program):
    g = Game(program, 2, 1)
    p = g.state.players[0]
    p.stock["rogue"] = 2   # room for one more rogue; the bank holds 2 wizards
    asked = run_proc(g, "take", 5, answers=["rogue", "wizard", "wizard", "fighter", "fighter"])
    assert stock(g) == {"cleric": 0, "fighter": 2, "rogue": 3, "wizard": 2, "vp": 0}
    assert [d.options for d in asked] == [["cleric", "fighter", "rogue", "wizard"]] + \
        [["cleric", "fighter", "wizard"]] * 2 + [["cleric", "fighter"]] * 2
    assert asked[0].prompt == "gain 1 of adventurers (5 to take)"


def test_gain_any_traces_each_unit(program):
    g = Game(program, 2, 1)
    trace = []
    g.tracer = trace.append
    run_proc(g, "take", 2, answers=["cleric", "cleric"])
    assert stock(g)["cleric"] == 2
    assert sum("cleric" in e.describe() for e in trace) >= 2


def test_both_backends_agree():
    compiled, interpreted = (build_text(PACK, interpreted=i) for i in (False, True))
    results = []
    for prog in (compiled, interpreted):
        g = Game(prog, 2, 1)
        g.state.players[0].stock["fighter"] = 4
        g.state.players[0].stock["rogue"] = 1
        run_proc(g, "finish", quest(g, "raid"))
        run_proc(g, "take", 2, answers=["rogue", "cleric"])
        results.append(stock(g))
    assert results[0] == results[1]


def test_it_prints_back_and_reads_in_words():
    module = parse_text(PACK)
    printed = format_module(module)
    for line in ("needs: int[adventurers] = 0;", "pay q.needs;", "gain q.rewards;", "gain n any(adventurers);",
                 "pay q.needs for complete(q);", "affordable(q.needs)"):
        assert line in printed, line
    assert parse_text(printed) == module
    result = analyse_text(PACK)
    finish = " ".join(w.strip() for w in reading(result.symbols.decls["finish"], result.symbols))
    take = " ".join(w.strip() for w in reading(result.symbols.decls["take"], result.symbols))
    assert "q's needs" in finish and "each resource" in finish, finish
    assert "any of adventurers" in take and "choosing" in take, take


@pytest.mark.parametrize("text, code, where", [
    ("kind k2 { on: bool[adventurers]; }", "E360", "whole numbers"),
    ("func f(q: quest) = q.needs[vp];", "E361", "'vp' is not a resource of adventurers"),
    ("func f(q: quest) = q.needs[2];", "E361", "not a number"),
    ("proc f(q: quest) { pay q.points; }", "E362", "names no resource"),
    ("proc f(q: quest) { gain q.points; }", "E362", "names no resource"),
    ("proc f(q: quest) { pay q.needs fighter; }", "E312", "say which one"),
    ("proc f(q: quest) { modifier complete { cost -q.needs; } }", "E363", "one resource"),
    ("proc f() { gain 2 any(vp); }", "E301", "not a group"),
    ("proc f() { gain fighter; }", "E100", "need an amount before the resource"),
    ("proc f() { pay fighter; }", "E100", "needs an amount before the resource"),
])
def test_misuse(text, code, where):
    the_one_error(analyse_text(PACK + text), code, where, line=PACK.count("\n") + 1)


def test_an_enum_field_paid_whole_is_e362():
    text = PACK + "enum gem { red, blue }\nkind card { cost: int[gem]; }\nproc f(c: card) { pay c.cost; }"
    the_one_error(analyse_text(text), "E362", "an enum")
