"""`list of TYPE` for a proc's or func's parameters and result (branch followups): the checks of a
`let NAME: list of TYPE` on arguments and given values (E303, E342, E201, E343), E357 for an event's or
extern's, both backends, the printer and explain."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.runtime.engine import Game

from .conftest import found_at, parse_error, printed_back, rules_programs, run_proc, the_one_error

# Ticket to Ride: the cities a route passes, handed to a proc and read back from a func
PACK = """
counter vp;
enum city { denver, omaha, chicago, duluth }
kind ticket { worth: int; }
ticket t1 "Denver-Chicago" { worth = 5; }
ticket t2 "Omaha-Duluth" { worth = 3; }
proc score(route: list of city) { gain size(route) vp; if contains(route, chicago) { gain 10 vp; } }
func middle(): list of city = [omaha, chicago];
proc taken(): list of ticket { return [t1, t2]; }
"""

program = rules_programs(PACK)


def run(program, body: str) -> int:
    g = Game(program("proc p() {\n" + body + "\n}\n"), 2, 1)
    run_proc(g, "p")
    return g.state.players[0].stock["vp"]


@pytest.mark.parametrize("body, expected", [
    ("score([denver] + middle());", 13),
    ("let r: list of city = middle(); score(r - [chicago]);", 1),
    ("let ts = taken(); for each t in ts { gain t.worth vp; }", 8),
    ("score([]);", 0),
])
def test_list_parameters_and_results_run_on_both_backends(program, body, expected):
    assert run(program, body) == expected


@pytest.mark.parametrize("more, code, line, column", [
    ("proc p() { score([t1]); }", "E342", 10, 18),              # cards for a list of cities
    ("proc p() { score(denver); }", "E303", 10, 18),            # one member, no list
    ("func f(): list of city = [t1];", "E342", 10, 26),
    ("proc p(): list of ticket { return middle(); }", "E342", 10, 35),
    ("proc p() { let ts: list of city = taken(); }", "E342", 10, 35),
    ("proc p(s: list of town) { }", "E201", 10, 19),
])
def test_arguments_and_results_get_the_checks_of_a_typed_list_local(more, code, line, column):
    assert (code, line, column) in found_at(PACK + more)
    the_one_error(analyse_text(PACK + more), code)


def test_only_a_list_says_its_items_and_only_for_procs_and_funcs():
    assert parse_error(PACK + "proc p(s: int of city) { }").code == "E343"
    assert parse_error(PACK + "func f(): int of city = 1;").code == "E343"
    err = parse_error(PACK + "event e(route: list of city);")
    assert err.code == "E357" and "write 'route: list'" in err.hint
    assert parse_error(PACK + "extern adjacent(a: city): list of city;").code == "E357"


def test_fmt_and_explain_give_the_list_type_back():
    module, printed = printed_back(PACK)
    assert "proc score(route: list of city) {" in printed and "func middle(): list of city = " in printed
    assert "proc taken(): list of ticket {" in printed
    assert module.items[-3].params[0].type == "list of city"
    lines = [line.strip() for line in explain(parse_text(PACK, "a.rules").items[-3])]
    assert "Gain 1 VP for each item in route." in lines and "If chicago is in route:" in lines, lines
