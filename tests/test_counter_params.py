"""A proc parameter typed `counter` receives a per-player counter's name (3.12): the proc gains, loses,
sets, pays and reads that counter through it, within the counter's own bounds, on both backends."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import rules_programs, run_proc, the_one_error

PACK = """
resource food;
counter grain_fields from -3 to 5 start 0;
counter pastures from -3 to 5 start 0;
counter era global from 1 to 3;
enum animal { sheep, boar }
counter bred[animal];
proc cut(c: counter, n: int) { lose n c; }
proc grow(c: counter, n: int) { gain n c; }
proc reset(c: counter, n: int) { set c = n; }
proc sell(c: counter) { pay 1 c; gain 2 food; }
"""

program = rules_programs(PACK)


def stock(game, seat=0):
    return game.state.players[seat].stock


def test_gain_lose_set_and_pay_reach_the_counter_named_within_its_bounds(program):
    g = Game(program("""
proc t() { grow(grain_fields, 9); cut(pastures, 2); }
proc u() { reset(pastures, -1); sell(grain_fields); cut(pastures, 10); }
"""), 2, 1)
    run_proc(g, "t")
    assert stock(g)["grain_fields"] == 5 and stock(g)["pastures"] == -2   # capped at 5; below 0, to -3
    run_proc(g, "u")
    assert stock(g)["grain_fields"] == 4 and stock(g)["food"] == 2
    assert stock(g)["pastures"] == -3                                      # `set` then a loss stopped at LOW
    assert stock(g, 1)["grain_fields"] == 0                                # the acting player's only


def test_reads_comparisons_and_match_through_a_counter_parameter(program):
    g = Game(program("""
proc rich(c: counter) {
  if amount(c) >= 2 and you.amount(c) == amount(c) { gain 1 food; }
  if c == grain_fields { gain 10 food; }
  match c { pastures: gain 100 food; else: gain 1000 food; }
}
proc top_up(c: counter) { pick p from players where p.amount(c) >= 1 "Who" { each p: gain 1 c; } }
proc level(c: counter) { each opponents: set c = amount(c) + 4; }
proc t() { grow(pastures, 2); rich(pastures); rich(grain_fields); top_up(pastures); level(pastures); }
"""), 2, 1)
    run_proc(g, "t")
    assert stock(g)["food"] == 1 + 100 + 10 + 1000
    assert stock(g)["pastures"] == 3          # the lone candidate picked, and given 1 more
    assert stock(g, 1)["pastures"] == 4       # set for each opponent, from their own amount


def test_a_counter_is_passed_on_and_named_by_a_typed_func_a_field_or_a_variable(program):
    g = Game(program("""
kind room { holds: counter; }
room stable { holds = pastures; }
var favourite: counter = grain_fields;
func of_animal(a: animal): counter = match a { sheep: pastures, else: grain_fields };
proc twice(c: counter) { grow(c, 1); grow(c, 1); }
proc anything(r: resource) { gain 1 r; }
proc t() {
  twice(grain_fields);
  let c = of_animal(sheep); gain 1 c;
  let d = stable.holds; gain 1 d;
  let f = favourite; anything(f);
}
"""), 2, 1)
    run_proc(g, "t")
    assert stock(g)["grain_fields"] == 3 and stock(g)["pastures"] == 2


MISUSE = [
    ("proc t() { grow(food, 1); }", "E303", "not the resource 'food'"),
    ("proc t() { grow(3, 1); }", "E303", "must be a counter, not a number"),
    ("proc t() { grow(pasture, 1); }", "E202", "unknown counter 'pasture'"),
    ("proc t() { grow(era, 1); }", "E303", "not the global counter 'era'"),
    ("proc t() { grow(bred, 1); }", "E303", "one counter, not 'bred'"),
    ("proc t() { grow(bred[sheep], 1); }", "E303", "not an element of 'bred'"),
    ("proc t(r: resource) { grow(r, 1); }", "E303", "must be a counter, not a resource"),
    ("proc t(c: counter) { pick p from players \"Who\" { say \"{p.c}\"; } }", "E202",
     "p.c is no field of a player: 'c' holds the name of a counter"),
    ("proc t(c: counter) { set c = \"ten\"; }", "E303", "names a counter, which holds a number, not a text"),
    ("kind room { holds: counter; }\nroom stable { holds = food; }", "E303", "not the resource 'food'"),
    ("proc t() { gain amount(era) food; }", "E303", "'era' is one value for the whole game"),
    ("proc t() { pick p from players \"Who\" { gain p.amount(era) food; } }", "E303",
     "'era' is one value for the whole game"),
]


@pytest.mark.parametrize("text, code, where", MISUSE)
def test_misuse_of_a_counter_parameter_is_told_where_it_is(text, code, where):
    result = analyse_text(PACK + text)
    the_one_error(result, code, where, line=PACK.count("\n") + text.count("\n") + 1)


def test_the_unknown_counter_has_a_did_you_mean():
    result = analyse_text(PACK + "proc t() { grow(pasture, 1); }")
    (error,) = [d for d in result.diagnostics if d.severity == "error"]
    assert "did you mean 'pastures'?" in error.headline()


def test_e309_says_parameter_for_a_parameter_and_local_for_a_let():
    the_one_error(analyse_text(PACK + "proc t(food: int) { gain food food; }"), "E309",
                  "parameter 'food' here (declared on line 12) is a number, not the resource 'food': "
                  "a parameter named like a declaration hides it")
    the_one_error(analyse_text(PACK + "proc t() { let food = 2; gain food food; }"), "E309",
                  "local 'food' is named like the resource 'food', which it would hide")


TEXT = PACK + "proc t() { cut(pastures, 2); }\nfunc twice_of(c: counter) = 2 * amount(c);\n"


def test_a_counter_parameter_prints_back_and_reads_in_words():
    module = parse_text(TEXT, "a.rules")
    printed = format_module(module)
    assert "proc cut(c: counter, n: int) {" in printed and parse_text(printed, "a.rules") == module
    read = {d.name: [line.strip() for line in explain(d, analyse_text(TEXT).symbols)]
            for d in module.items if getattr(d, "name", None) in ("cut", "reset", "sell", "t", "twice_of")}
    assert read["cut"][-1] == "Lose n of the counter held by c (or as many as you have)."
    assert read["reset"][-1] == "Set your counter held by c to n."
    assert read["sell"][-2] == "Pay 1 of the counter held by c."
    assert read["t"][-1] == "Carry out “cut” with the counter pastures as c and 2 as n."
    assert read["twice_of"][-1] == "Equals 2 times (your amount of the counter held by c)."


def test_a_global_counter_given_to_a_resource_parameter_has_no_players_amount(program):
    """A `resource` parameter also takes a counter, and the checker cannot tell which the proc reads:
    `amount(r)` of a global counter stops play with a rules message, not Python's `KeyError: 'era'`."""
    g = Game(program("""
counter vp;
proc show(r: resource) { gain amount(r) vp; }
proc t() { show(era); }
"""), 2, 1)
    with pytest.raises(RulesRuntimeError) as e:
        run_proc(g, "t")
    assert e.value.code == "E601" and "'era' is a global counter" in str(e.value) and "KeyError" not in str(e.value)
