"""`pay` of a `global` counter (Hanabi's clue tokens): the cost is paid from the shared value, on
both backends, wherever a cost goes (`pay`, a choose option's leading cost, `may ... cost`,
`affordable(...)`, several terms mixing global and per-player stocks, a modifier's cost line), never
below the counter's floor; a cost paid with substitutes names no global counter (E323)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import rules_programs, run_answering, run_proc, the_one_error

PACK = """
counter clues global from 0 to 8 start 8;
counter fuses global from 1 to 4 start 2;
counter told;
resource gold;
event clue();
"""

program = rules_programs(PACK)


def game(program, procs: str, clues: int = 8) -> Game:
    g = Game(program(procs), 2, 1)
    g.state.globals["clues"] = clues
    return g


def test_pay_takes_the_shared_value(program):
    g = game(program, "proc p() { pay 1 clues; pay 2 clues; }")
    run_proc(g, "p")
    assert g.state.globals["clues"] == 5
    assert "clues" not in g.state.players[0].stock


def test_pay_more_than_the_shared_value_is_E601(program):
    g = game(program, "proc p() { pay 3 clues; }", clues=2)
    with pytest.raises(RulesRuntimeError) as err:
        run_proc(g, "p")
    assert err.value.code == "E601" and "cannot pay 3 clues" in str(err.value)
    assert g.state.globals["clues"] == 2


def test_pay_stops_at_the_floor(program):
    g = game(program, "proc p() { if affordable(1 fuses) { pay 1 fuses; } gain 1 told; }")
    run_proc(g, "p")   # 2 fuses, floor 1: one can be paid
    assert g.state.globals["fuses"] == 1
    run_proc(g, "p")   # at the floor: not affordable
    assert g.state.globals["fuses"] == 1 and g.state.players[0].stock["told"] == 2


CHOOSE = """proc p() {
  choose "action?" {
    option "clue" { pay 1 clues; gain 1 told; }
    option "pass" { }
  }
}"""


def test_a_choose_option_led_by_a_global_cost_is_offered_while_affordable(program):
    g = game(program, CHOOSE, clues=1)
    asked = run_answering(g.program.procs["p"](g, g.state.players[0]), lambda d: d.index_of("clue"))
    assert [d.options for d in asked] == [["clue", "pass"]]
    assert g.state.globals["clues"] == 0 and g.state.players[0].stock["told"] == 1
    asked = run_answering(g.program.procs["p"](g, g.state.players[0]), lambda d: 0, with_forced=True)
    assert [d.options for d in asked] == [["pass"]]   # no clue left: only passing
    assert g.state.players[0].stock["told"] == 1


def test_may_with_a_global_cost(program):
    g = game(program, 'proc p() { may "clue?" cost 2 clues { gain 1 told; } }', clues=1)
    run_proc(g, "p")   # 1 < 2: not offered, nothing asked
    assert g.state.globals["clues"] == 1 and g.state.players[0].stock["told"] == 0
    g.state.globals["clues"] = 2
    run_proc(g, "p", answers=["yes"])
    assert g.state.globals["clues"] == 0 and g.state.players[0].stock["told"] == 1


def test_a_cost_mixing_global_and_own_stocks(program):
    g = game(program, "proc p() { if affordable(2 clues, 1 gold) { pay 2 clues, 1 gold; gain 1 told; } }", clues=3)
    run_proc(g, "p")   # no gold: nothing paid
    assert g.state.globals["clues"] == 3 and g.state.players[0].stock["told"] == 0
    g.state.players[0].stock["gold"] = 1
    run_proc(g, "p")
    assert g.state.globals["clues"] == 1 and g.state.players[0].stock["gold"] == 0
    assert g.state.players[0].stock["told"] == 1


def test_a_modifier_adds_a_global_cost(program):
    g = game(program, "proc p() { modifier you clue { cost +1 clues; } pay 1 gold for clue(); }\n"
                      "proc q() { if affordable(1 gold for clue()) { pay 1 gold for clue(); } }", clues=1)
    g.state.players[0].stock["gold"] = 3
    run_proc(g, "p")   # 1 gold and, as the modifier adds, 1 clue
    assert g.state.players[0].stock["gold"] == 2 and g.state.globals["clues"] == 0
    run_proc(g, "q")   # no clue left: the modified cost cannot be paid
    assert g.state.players[0].stock["gold"] == 2


def test_the_trace_tells_the_shared_value_left(program):
    g = game(program, "proc p() { pay 1 clues; }")
    lines = []
    g.tracer = lines.append
    run_proc(g, "p")
    assert [(e.kind, e.what, e.amount) for e in lines] == [("pay", "clues (now 7)", 1)]


def test_substitutes_name_no_global_counter():
    result = analyse_text(PACK + "proc p() { pay 2 gold using clues at 1; }")
    the_one_error(result, "E323", "'clues' is a global counter", line=7)


def test_a_loss_of_a_global_counter_with_a_debt(program):
    g = game(program, "proc p() { lose 3 clues else told; }", clues=2)
    asked = run_proc(g, "p", answers=["pay 2 clues, take 1 told"])
    assert asked[0].options == ["pay 2 clues, take 1 told", "pay 1 clues, take 2 told", "pay 0 clues, take 3 told"]
    assert g.state.globals["clues"] == 0 and g.state.players[0].stock["told"] == 1


def test_explain_says_a_global_is_paid_gained_and_lost_from_the_shared_value():
    from rulebook.compiler.explain import reading
    text = PACK + ("proc p() { pay 1 clues; pay 1 clues, 2 gold; gain 1 clues; lose 1 fuses; lose 2 clues else told;"
                   " if affordable(1 clues) { gain 1 gold; } }\n"
                   "proc q() { modifier you clue { cost +1 clues; } gain 1 told; }")
    symbols = analyse_text(text).symbols
    lines = [line.strip() for line in reading(symbols.decls["p"], symbols)]
    assert "Pay 1 of the shared clues." in lines
    assert "Pay 1 of the shared clues and 2 gold." in lines
    assert "Add 1 to the shared clues." in lines
    assert "Take 1 from the shared fuses (or as many as are left)." in lines
    assert any(line.startswith("Take 2 from the shared clues (taking") for line in lines)
    assert "If you can pay 1 of the shared clues (as modifiers change it):" in lines
    assert "Pay 1 clue." not in lines and "Gain 1 clue." not in lines
    assert any("1 of the shared clues" in line for line in reading(symbols.decls["q"], symbols))


FLOORED = """
counter clues global from 0 to 8 start 8;
counter fuel from 1 to 8 start 3;
counter told;
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_players_counter_is_paid_only_down_to_its_floor_as_a_global_is(interpreted):
    from rulebook.compiler.driver import build_text
    text = FLOORED + """
    proc p(n: int) {
      if affordable(2 fuel) { gain 1 told; }
      if affordable(n fuel) { gain 10 told; }
      if affordable(3 fuel) { gain 100 told; }
      choose "spend?" { option "burn" { pay 2 fuel; } option "keep" { } }
    }
    proc q() { pay 3 fuel; }
    proc r() { lose 3 fuel else told; }
    """
    g = Game(build_text(text, interpreted=interpreted), 2, 1)
    me = g.state.players[0]
    asked = run_proc(g, "p", 2, answers=["burn"])   # 3 fuel, floor 1: 2 can be paid, not 3
    assert me.stock["told"] == 11 and me.stock["fuel"] == 1 and asked[0].options == ["burn", "keep"]
    run_proc(g, "p", 1)   # at the floor: nothing can be paid, only keeping is offered
    assert me.stock["told"] == 11 and me.stock["fuel"] == 1
    me.stock["fuel"] = 3
    with pytest.raises(RulesRuntimeError) as err:
        run_proc(g, "q")
    assert err.value.code == "E601" and me.stock["fuel"] == 3
    asked = run_proc(g, "r", answers=["pay 2 fuel, take 1 told"])   # the debt covers what the floor keeps
    assert asked[0].options == ["pay 2 fuel, take 1 told", "pay 1 fuel, take 2 told", "pay 0 fuel, take 3 told"]
    assert me.stock["fuel"] == 1 and me.stock["told"] == 12
