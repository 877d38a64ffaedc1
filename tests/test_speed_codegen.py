"""Speed work on the generated code and the runtime (issue 14): each shortcut gives the answers (and
the error messages) of the generic path it replaces, on both backends."""

from __future__ import annotations

import itertools

import pytest

from rulebook.compiler.driver import compile_pack
from rulebook.runtime.engine import RulesRuntimeError

from .conftest import new_game, programs, run_proc, write_pack

COSTS = """
resource coin;
resource wood;
event build_thing(n: int);
var target: player;
counter trophies;
kind card { worth: int = 1; }
card c1 {}
zone hand per_player of card;

func can(n: int) = affordable(n coin, 2 wood for build_thing(n));
func can_plain() = affordable(1 coin, 1 wood);
func their_trophies() = target.trophies;
func shown(c: card) = c.flipped;

proc discount() {
  modifier you build_thing once {
    cost -1 coin;
  }
}

proc pick_one() {
  choose "which?" {
    option "cheap" { pay 1 coin, 1 wood for build_thing(1); gain 1 trophies; }
    option "dear" { pay 3 coin; gain 2 trophies; }
  }
}

proc aim() {
  set target = you;
}
"""


@pytest.fixture(scope="module")
def costs(tmp_path_factory):
    return write_pack(tmp_path_factory.mktemp("costs") / "costs", COSTS)


def test_a_cost_of_plain_terms_is_tested_by_a_function_made_for_its_site(costs):
    source = compile_pack(str(costs)).source
    assert "def _afford" in source   # the tagged cost with a number to evaluate
    assert "you.stock['coin'] >= 1 and you.stock['wood'] >= 1" in source   # all numbers, no tag: inline


def test_the_site_test_agrees_with_the_runtime_with_and_without_a_modifier_in_force(costs):
    for program in programs(costs):
        g = new_game(program)
        me, other = g.state.players
        for discounted in (False, True):
            if discounted:
                run_proc(g, "discount")   # mine only: the other player tests the plain cost
            for coin, wood, n in itertools.product(range(4), range(4), range(4)):
                for h in (me, other):
                    h.stock["coin"], h.stock["wood"] = coin, wood
                    expected = g.affordable(h, [("plain", "coin", n), ("plain", "wood", 2)], ("build_thing", {"n": n}))
                    assert program.funcs["can"](g, h, n) == expected
                    assert program.funcs["can_plain"](g, h) == (coin >= 1 and wood >= 1)
            for h in (me, other):
                h.stock["coin"], h.stock["wood"] = 2, 2
            # the discount is mine: 3 coin costs me 2, the other player still 3
            assert [program.funcs["can"](g, h, 3) for h in (me, other)] == [discounted, False]


def test_an_option_whose_cost_a_modifier_lowers_is_offered_on_both_backends(costs):
    for program in programs(costs):
        g = new_game(program)
        me = g.state.players[0]
        me.stock["wood"] = 1
        asked = run_proc(g, "pick_one")   # no coin: nothing to offer
        assert asked == [] and me.stock["trophies"] == 0
        run_proc(g, "discount")
        run_proc(g, "pick_one")   # 1 coin less: the cheap option is free of coin, the only one offered
        assert me.stock["trophies"] == 1 and me.stock["wood"] == 0


def test_the_costs_a_modifier_makes_are_worked_out_once_and_handed_out_as_copies(costs):
    program = compile_pack(str(costs)).program
    g = new_game(program)
    me = g.state.players[0]
    run_proc(g, "discount")
    tag, terms = ("build_thing", {"n": 2}), [("plain", "coin", 2), ("plain", "wood", 2)]
    first = g.modified_costs(me, tag, terms)
    assert first == [[("plain", "coin", 1), ("plain", "wood", 2)]]
    first[0].clear()   # a kernel may change what it is given: the game's memo must not change
    assert g.modified_costs(me, tag, terms) == [[("plain", "coin", 1), ("plain", "wood", 2)]]
    run_proc(g, "discount")   # a second discount in force: a new set of modifiers, worked out anew
    assert g.modified_costs(me, tag, terms) == [[("plain", "wood", 2)]]


def test_direct_reads_give_the_runtimes_answer_and_its_message_for_another_value(costs):
    messages = set()
    for program in programs(costs):
        g = new_game(program)
        me = g.state.players[0]
        with pytest.raises(RulesRuntimeError) as info:   # target is none yet: not a player
            program.funcs["their_trophies"](g, me)
        messages.add((info.value.code, str(info.value.message)))
        run_proc(g, "aim")
        me.stock["trophies"] = 4
        assert program.funcs["their_trophies"](g, me) == 4
        card = program.entities["c1"]
        assert program.funcs["shown"](g, me, card) is False
        g.flip(card)
        assert program.funcs["shown"](g, me, card) is True
    assert len(messages) == 1 and messages.pop() == ("E601", "none has no field 'trophies'")
