"""Lists held by locals (branch lists): `a + b` and `a - b` between lists on both backends, lists as
values, `let NAME: list of TYPE`, the misuse codes (E341, E342, E343, W471), the printer, explain, and
Pandemic's outbreak chain (tests/packs/outbreak): each city breaks out at most once per infection."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse, analyse_text
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.runtime.engine import Game

from .conftest import both_built, found_at, pack_backends, printed_back, random_games_agree, rules_programs, run_proc

PACK = """
counter vp;
counter n;
enum city { atlanta, chicago, miami }
enum disease { blue, red }
kind card { worth: int; }
zone hand of card;
card a1 "A" { worth = 1; }
card a2 "B" { worth = 2; }
card a3 "C" { worth = 3; }
"""

program = rules_programs(PACK)

OUTBREAK = Path(__file__).parent / "packs" / "outbreak"


def run(program, body: str) -> Game:
    g = Game(program("proc p() {\n" + body + "\n}\n"), 2, 1)
    run_proc(g, "p")
    return g


def vp(g: Game) -> int:
    return g.state.players[0].stock["vp"]


@pytest.mark.parametrize("body, expected", [
    # joined in order, then counted, searched and read by place
    ("let s: list of city = []; set s = s + [atlanta]; set s = s + [chicago, miami];"
     "if s == [atlanta, chicago, miami] { gain 1 vp; }", 1),
    ("let s = [1, 2, 3, 2]; set s = s - [2]; if s == [1, 3] { gain 1 vp; }", 1),
    ("let s = [1, 2] + [3] + [4, 5] - [1, 5]; gain size(s) vp;", 3),
    ("let s = [atlanta]; if contains(s + [miami], miami) and not contains(s, miami) { gain 1 vp; }", 1),
    ("let s = [3, 4]; for each x in s + s { gain x vp; }", 14),
    ("let s = [3, 4]; gain (s + [5])[3] vp;", 5),
    # lists are values: b keeps what a held
    ("let a = [1]; let b = a; set a = a + [2]; set a = a - [1]; gain size(b) * 10 + size(a) vp;", 11),
    ("let a: list of city = [atlanta]; for each x in a { set a = a + [x]; gain 1 vp; } gain size(a) vp;", 3),
    # a zone on one side stands for its items, top first
    ("move a2 to hand; move a3 to hand; let s = hand - [a2]; gain size(s) vp; gain first(s).worth vp;"
     "gain size([a1] + hand) vp;", 1 + 3 + 3),
])
def test_lists_join_and_take_on_both_backends(program, body, expected):
    assert vp(run(program, body)) == expected


def test_a_list_literal_may_end_with_a_comma_on_both_backends(program):
    """A list written one item a line may end with a comma, as an enum's members and a match's cases
    may (trial27's friction): the same list on both backends, printed back without the comma; `[,]`
    is no list (E100)."""
    body = "let a = [1, 2, 4,\n 7,]; let b = [[atlanta,], [],]; gain total(x in a, x) vp; gain size(b) * 100 vp;"
    assert vp(run(program, body)) == 214
    module, printed = printed_back("func f(): list of int = [1, 2,\n  4,\n];")
    assert module == parse_text("func f(): list of int = [1, 2, 4];", "a.rules") and ",]" not in printed
    assert [d.code for d in analyse_text("func f(): list of int = [,];").diagnostics] == ["E100"]


OUTBREAK_TEXT = (OUTBREAK / "game.rules").read_text()


@pytest.fixture(scope="module", params=["compiled", "interpreted"])
def outbreak(request, tmp_path_factory):
    return pack_backends(tmp_path_factory, str(OUTBREAK))[request.param]


def infected(program, cubes: dict, city: str, disease: str = "blue", k: int = 1) -> Game:
    g = Game(program, 2, 1)
    for (c, d), v in cubes.items():
        g.state.globals[f"cubes[{c},{d}]"] = v
    run_proc(g, "infect", program.entities[city], disease, k)
    return g


def broke(g: Game) -> dict:
    return {k[6:-1]: v for k, v in g.state.globals.items() if k.startswith("broke[") and v}


def test_the_outbreak_pack_lints_clean():
    assert [d.headline() for d in analyse(str(OUTBREAK)).diagnostics] == []


def test_an_outbreak_chain_reaches_each_city_once(outbreak):
    # the triangle at 3 blue cubes: Atlanta breaks out, then Chicago and Miami, each once, though each
    # is linked back to the others; Washington and Montreal take one cube each
    full = {(c, "blue"): 3 for c in ("atlanta", "chicago", "miami")}
    g = infected(outbreak, full, "atlanta")
    assert broke(g) == {"atlanta": 1, "chicago": 1, "miami": 1}
    assert g.state.globals["outbreaks"] == 3
    assert g.state.globals["cubes[washington,blue]"] == 1 and g.state.globals["cubes[montreal,blue]"] == 1
    # a second infection starts a new chain: the cities may break out again
    run_proc(g, "infect", outbreak.entities["chicago"], "blue", 1)
    assert broke(g) == {"atlanta": 1, "chicago": 1, "miami": 1} and g.state.globals["outbreaks"] == 6
    # the other disease is a chain of its own
    g = infected(outbreak, full, "miami", "red", 3)
    assert broke(g) == {} and g.state.globals["cubes[miami,red]"] == 3


@pytest.mark.parametrize("seed", range(8))
def test_no_city_breaks_out_twice_in_one_infection(outbreak, seed):
    rng = random.Random(seed)
    cities = list(outbreak.entities)
    cubes = {(c, d): rng.choice([0, 2, 3, 3]) for c, d in itertools.product(cities, ("blue", "red"))}
    for city, disease in itertools.product(cities, ("blue", "red")):
        g = infected(outbreak, cubes, city, disease, rng.randint(1, 3))
        assert set(broke(g).values()) <= {1}
        assert g.state.globals["outbreaks"] == len(broke(g))
        # a city broken out holds 3 cubes; every city linked to one got its cube or broke out too
        for c in broke(g):
            assert g.state.globals[f"cubes[{c},{disease}]"] == 3
            for n in outbreak.entities[c].fields["links"]:
                name = getattr(n, "name", n)
                assert name in broke(g) or g.state.globals[f"cubes[{name},{disease}]"] > cubes[name, disease] \
                    or g.state.globals[f"cubes[{name},{disease}]"] == 3


def test_random_games_of_the_outbreak_pack_agree():
    random_games_agree(OUTBREAK_TEXT, seeds=range(1, 4))


@pytest.mark.parametrize("body, code, where", [
    ("let s: list of city = []; set s = s + atlanta;", "E341", "atlanta;"),
    ("let s: list of city = []; set s = [atlanta] - s * 2;", "E341", "* 2"),
    ("let s = [1]; let t = 1 + s; gain t vp;", "E341", "1 + s"),
    ("let s = [1]; gain -s vp;", "E341", "s vp"),
    ("let s: list of city = []; set s = s + [blue];", "E342", "[blue]"),
    ("let s: list of city = []; set s = s - [you];", "E342", "[you]"),
    ("let s = [atlanta]; set s = [red];", "E342", "[red]"),
    ("let s: list of city = [blue];", "E342", "[blue]"),
    ("let s = hand + [atlanta];", "E342", "[atlanta]"),
    ("let s: list of city = atlanta;", "E303", "atlanta;"),
    ("let s: int of city = 3;", "E343", "let s"),
    ("let s: list of town = [];", "E201", "town"),
    ("let s = [];", "W471", "[]"),
])
def test_misused_lists_are_found_where_written(body, code, where):
    text = PACK + "proc p() {\n" + body + " say \"{s}\";\n}\n"
    found = [d for d in analyse_text(text).diagnostics if d.code not in ("W405",)]
    assert [d.code for d in found] == [code], [d.headline() for d in found]
    line = text.splitlines()[found[0].span.line - 1]
    assert line.find(where) == found[0].span.column - 1 or where in line[found[0].span.column - 1:], \
        (line, found[0].span.column, where)


def test_sound_lists_lint_clean():
    body = ("let s: list of city = []; let c = first(hand); let t = [c] + hand - [c];"
            "set s = s + [atlanta] + [chicago] - [miami]; say \"{s} {t}\";")
    assert found_at(PACK + "proc p() { " + body + " }") == []


def test_a_typed_list_prints_back_and_reads():
    module, printed = printed_back(PACK + "proc p() { let seen: list of city = []; set seen = seen + [atlanta] - [miami]; "
                                          "say \"{seen}\"; }")
    assert "let seen: list of city = [];" in printed and "set seen = seen + [atlanta] - [miami];" in printed
    lines = [line.strip() for line in explain(module.items[-1])]
    assert "Let seen, a list of cities, be an empty list." in lines
    assert "Set seen to (seen with atlanta added at the end) without miami." in lines


def test_explain_reads_a_join_of_two_lists_with_the_checker():
    result = analyse_text(PACK + "proc p() { let s = [1]; let t = s + s - s; gain size(t) + 1 + 2 vp; }")
    lines = [line.strip() for line in explain(result.symbols.decls["p"], result.symbols)]
    assert "Let t be (s with the items of s added at the end) without the items of s." in lines, lines
    assert not any("plus" in line for line in lines[:2]) and any("plus" in line for line in lines)



def test_a_list_of_players_or_of_numbers_is_a_typed_list():
    # the Carcassonne audit's `let winners: list of player = [];` was E201 ("unknown type 'player'")
    text = """
counter vp;
proc p() {
  let winners: list of player = [];
  for each q in players { set winners = winners + [q]; }
  let ns: list of int = [1, 2];
  set ns = ns + [size(winners)];
  gain size(ns) + ns[3] vp;
}
"""
    for built in both_built(text):
        game = Game(built, 2, seed=1)
        run_proc(game, "p")
        assert game.state.players[0].stock["vp"] == 3 + 2   # [1, 2, 2]: three items, the last 2
    assert [d.code for d in analyse_text(text.replace("winners + [q]", "winners + [3]")).diagnostics] == ["E342"]
