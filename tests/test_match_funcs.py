"""A func whose value is a `match` returns from an `if` per case in generated code (no lambda called
per evaluation): the same answers, the same `unmatched` error at the same place as the interpreter
(issue 14)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import both_built

RULES = """
resource coin;
counter vp;
enum color { red, blue, green }
func points(c: color) = match c { red: 1 + coin, blue: coin * 2, else: 0 };
func strict(n: int) = match n + 1 { 1: coin > 0, 2: 10 / coin > 1 };
proc score(c: color) { gain points(c) vp; if strict(coin) { gain 1 vp; } }
"""



def test_a_match_value_is_a_chain_of_returns():
    source = Path(both_built(RULES)[0].module_file).read_text()
    points = source[source.index("'func points'"):].split("\ndef ")[0]
    assert "lambda" not in points and "    if _match" in points and "return 0  #" in points
    strict = source[source.index("'func strict'"):].split("\ndef ")[0]
    assert "return rt.unmatched(_match" in strict


@pytest.mark.parametrize("coin", [0, 1, 2, 5])
def test_match_funcs_answer_and_fail_as_the_interpreter(coin):
    results = []
    for program in both_built(RULES):
        game = Game(program, 2, 1)
        me = game.state.players[0]
        me.stock["coin"] = coin
        answers = [program.funcs["points"](game, me, c) for c in ("red", "blue", "green")]
        try:
            game.start(program.procs["score"](game, me, "red"))
            answers.append(me.stock["vp"])
        except RulesRuntimeError as e:
            answers.append((e.code, e.message, e.where))
        results.append(answers)
    assert results[0] == results[1]
    # strict(0) is false, strict(1) is 10 / 1 > 1, strict(n > 1) has no case
    assert results[0][-1] == {0: 1, 1: 3}[coin] if coin < 2 else \
        results[0][-1][:2] == ("E601", f"no case of this match is {coin + 1}")


FIELDS = """
counter vp;
kind card { worth: int; }
card a { worth = 1; }
card b { worth = 2; }
zone hand per_player of card;
func best() = first(x in hand where x.worth > 0);
func best_worth() = best().worth;
proc bump() { for each x in hand { set x.worth = x.worth + 1; } }
proc score() { gain best_worth() vp; }
"""


def test_a_func_reading_a_field_of_a_calls_result_reads_it_without_a_call_as_the_interpreter():
    programs = both_built(FIELDS)
    source = Path(programs[0].module_file).read_text()
    body = source[source.index("'func best_worth'"):].split("\ndef ")[0]
    assert "rt.state.vals.get(_o" in body and "return rt.field(" not in body
    results = []
    for program in programs:
        game = Game(program, 2, 1)
        me = game.state.players[0]
        with pytest.raises(RulesRuntimeError) as e:   # no card: best() is none
            game.start(program.procs["score"](game, me))
        answers = [(e.value.code, e.value.message, e.value.where)]
        me.zones["hand"].append(program.entities["b"])
        answers.append(program.funcs["best_worth"](game, me))
        game.start(program.procs["bump"](game, me))
        answers.append(program.funcs["best_worth"](game, me))
        results.append(answers)
    assert results[0] == results[1] and results[0][1:] == [2, 3] and results[0][0][0] == "E601"
