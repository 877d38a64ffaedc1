"""A filter's leading tests that do not read the loop's variable (`some(x in hand where rich() and
...)`, `pick k from hand where rich()`) are tested once before the loop in generated code, when they
cannot count a step: the same answers, steps and errors as the interpreter, which tests them at each
element (issue 14)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import both_built, run_proc

RULES = """

resource coin;
counter vp;
kind card { worth: int; }
card a { worth = 1; }
card b { worth = 0; }
card c { worth = 3; }
zone hand per_player of card;
func rich() = coin >= 2;
func deep(n: int) = n <= 0 or deep(n - 1);
func any_if_rich() = some(x in hand where rich() and x.worth > 0);
func count_if_rich() = count(x in hand where coin > 1 and rich());
func first_if_rich() = first(x in hand where rich() and coin < 9);
func total_if() = total(x in hand where coin > 0 and rich() and x.worth > 1, x.worth);
func every_if() = every(x in hand where rich(), x.worth > 0);
func in_expression() = 1 + count(x in hand where rich()) + count(k in 5 where rich());
func pair() = some(x in hand where coin > 0 and some(y in hand where rich() and y.worth > x.worth));
func recursive_test() = count(x in hand where deep(coin));
func reads_it_first() = count(x in hand where x.worth > 0 and rich());
func ratio() = 10 / (coin - 5);
func broken() = count(x in hand where ratio() > 0);
proc score() { gain broken() vp; }
proc take() { pick k from hand where rich() "keep which?" optional { gain 1 vp; } }
"""
QUERIES = ["rich", "any_if_rich", "count_if_rich", "first_if_rich", "total_if", "every_if", "in_expression",
           "pair", "recursive_test", "reads_it_first"]



def test_the_generated_code_tests_invariant_leading_filters_once():
    source = Path(both_built(RULES)[0].module_file).read_text()
    hoisted = "(you.refs['hand'].items if you.refs['hand'].items and ("
    for func in ("any_if_rich", "count_if_rich", "first_if_rich", "total_if", "every_if", "in_expression", "broken"):
        body = source[source.index(f"'func {func}'"):].split("\ndef ")[0]
        assert hoisted in body, body
    assert "(range(1, 6) if (" in source   # a constant range with numbers in it: no emptiness test
    for func in ("recursive_test", "reads_it_first"):   # counts steps, or its first test reads x
        body = source[source.index(f"'func {func}'"):].split("\ndef ")[0]
        assert hoisted not in body, body
    pair = source[source.index("'func pair'"):].split("\ndef ")[0]
    assert "for v_y in (you.refs['hand'].items if you.refs['hand'].items and (" in pair   # the inner loop too
    take = source[source.index("'proc take'"):].split("\ndef ")[0]
    assert "list((you.refs['hand'].items if you.refs['hand'].items and (" in take


@pytest.mark.parametrize("hand", [[], ["a"], ["b", "c"], ["c", "a", "b"]])
def test_hoisted_filters_answer_and_count_steps_as_the_interpreter(hand):
    answers = []
    for program in both_built(RULES):
        game = Game(program, 2, 1)
        me = game.state.players[0]
        for name in hand:
            me.zones["hand"].append(program.entities[name])
        for coin in (0, 1, 2, 3):
            me.stock["coin"] = coin
            before = game.steps
            answers.append([repr(program.funcs[q](game, me)) for q in QUERIES] + [game.steps - before])
    half = len(answers) // 2
    assert answers[:half] == answers[half:]
    assert any(a[-1] for a in answers) == bool(hand)   # the recursive test counted its steps, at each element, on both


def test_a_hoisted_test_runs_once_however_many_elements():
    program = both_built(RULES)[0]
    game = Game(program, 2, 1)
    me = game.state.players[0]
    me.stock["coin"] = 3
    for name in "abc":
        me.zones["hand"].append(program.entities[name])
    calls = []

    def count(frame, event, arg):
        if event == "call" and frame.f_code.co_name.endswith("_rich") and frame.f_code.co_name.startswith("f"):
            calls.append(frame.f_code.co_name)

    sys.setprofile(count)
    try:
        program.funcs["every_if"](game, me)
    finally:
        sys.setprofile(None)
    assert len(calls) == 1


def test_a_failing_filter_fails_alike_on_both_backends_and_only_with_an_element():
    errors = []
    for program in both_built(RULES):
        game = Game(program, 2, 1)
        me = game.state.players[0]
        me.stock["coin"] = 5
        run_proc(game, "score")   # no element: the test is never evaluated
        me.zones["hand"].append(program.entities["a"])
        with pytest.raises(RulesRuntimeError) as e:
            game.start(program.procs["score"](game, me))
        errors.append((e.value.code, e.value.message, e.value.where))
    assert errors[0] == errors[1] and "ZeroDivisionError" in errors[0][1] and errors[0][2] == "_text_:21:16"   # at the func's value, on both backends


@pytest.mark.parametrize("coin", [0, 2])
def test_a_pick_whose_filter_is_hoisted_offers_what_the_interpreter_offers(coin):
    offered = []
    for program in both_built(RULES):
        game = Game(program, 2, 1)
        me = game.state.players[0]
        me.stock["coin"] = coin
        for name in "ab":
            me.zones["hand"].append(program.entities[name])
        asked = run_proc(game, "take", answers=[0] if coin else [])
        offered.append([(d.prompt, list(d.options)) for d in asked] + [me.stock["vp"]])
    assert offered[0] == offered[1]
    assert offered[0][-1] == (1 if coin else 0)
