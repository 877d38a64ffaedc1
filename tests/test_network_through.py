"""`through P where COND` in the four searches over edges (longest_path, connects, shortest_path,
reachable): a path may start or end at a place COND fails, never pass through it (Catan's road cut by
an opponent's settlement), on both backends; the checker, the printer and the reading."""

from __future__ import annotations

from rulebook.compiler.explain import explain
from rulebook.runtime.engine import Game

from .conftest import found_at, printed_back, rules_programs, run_proc

# a chain a - b - c - d - e, and a loop back b - f - d around c
MAP = """
enum node { a, b, c, d, e, f }
kind road { x: node; y: node; }
zone roads of road;
counter vp;
counter tested;
road r1 { x = a; y = b; }
road r2 { x = b; y = c; }
road r3 { x = c; y = d; }
road r4 { x = d; y = e; }
road r5 { x = b; y = f; }
road r6 { x = f; y = d; }
"""

program = rules_programs(MAP)


def value(program, expr: str, setup: str = "fill roads with road;") -> int:
    g = Game(program("proc p() { " + setup + " set vp = " + expr + "; }"), 2, 1)
    run_proc(g, "p")
    return g.state.players[0].stock["vp"]


def test_longest_path_ends_at_a_blocked_place_and_does_not_go_on(program):
    chain = "fill roads with road where it.x != f and it.y != f;"
    assert value(program, "longest_path(r in roads, r.x, r.y)", chain) == 4
    assert value(program, "longest_path(r in roads, r.x, r.y through n where n != c)", chain) == 2
    # around c by f: a-b-f-d-e is 4, and a-b-c (ending at c) is 2; b-c-d is not a trail through c
    assert value(program, "longest_path(r in roads, r.x, r.y through n where n != c)") == 4
    assert value(program, "longest_path(r in roads, r.x, r.y through n where n != c and n != f)") == 2


def test_connects_shortest_path_and_reachable_stop_at_a_blocked_place(program):
    chain = "fill roads with road where it.x != f and it.y != f;"
    assert value(program, "if connects(r in roads, r.x, r.y, a, e through n where n != c) then 1 else 0", chain) == 0
    assert value(program, "if connects(r in roads, r.x, r.y, a, c through n where n != c) then 1 else 0", chain) == 1
    # a blocked start may be left: c to e is 2
    assert value(program, "shortest_path(r in roads, r.x, r.y, c, e through n where n != c)", chain) == 2
    assert value(program, "shortest_path(r in roads, r.x, r.y, a, e through n where n != c)") == 4   # by f
    assert value(program, "size(reachable(r in roads, r.x, r.y, a through n where n != c))", chain) == 3
    assert value(program, "size(reachable(r in roads, r.x, r.y, a through n where n != b))", chain) == 2


def test_the_condition_may_call_a_func(program):
    g = Game(program("func open_at(n: node) = n != c;\nproc p() { fill roads with road; "
                     "set vp = longest_path(r in roads where r.x != f, r.x, r.y through n where open_at(n)); }"), 2, 1)
    run_proc(g, "p")
    assert g.state.players[0].stock["vp"] == 2


def test_through_is_checked_printed_and_read():
    # the condition is read with n a node: `n + 1` is no number, and no condition
    assert ("E303", 13, 64) in found_at(MAP + "func bad() = longest_path(r in roads, r.x, r.y through n where n + 1);\n")
    assert [c for c, _l, _col in found_at(MAP + "func ok() = longest_path(r in roads, r.x, r.y through n where "
                                          "n != c);\nproc p() { set vp = ok(); }\n")] == []
    module, printed = printed_back(MAP + "func ok() = longest_path(r in roads where r.x != a, r.x, r.y through n "
                                   "where n != c and n != d and n != e and n != f and n != b);\n")
    assert "through n where" in printed
    func = next(d for d in module.items if getattr(d, "name", None) == "ok")
    assert "passing only through places n for which" in " ".join(explain(func))


def test_through_is_still_a_name_elsewhere(program):
    assert value(program, "through", "let through = 7;") == 7


def test_through_is_highlighted_as_a_keyword_in_a_search_only():
    from rulebook.dsl.highlight import RulesLexer
    tokens = [(str(t), v) for t, v in RulesLexer().get_tokens(
        "func f() = longest_path(r in roads, r.x, r.y through n where n != c) + through;")]
    assert tokens.count(("Token.Keyword", "through")) == 1 and ("Token.Name", "through") in tokens


def test_the_editor_knows_the_place_of_through_as_a_local():
    """The place a `through` binds is a local for the editor: no reference to a declaration named so."""
    from rulebook.compiler.workspace import file_occurrences
    from rulebook.dsl.parser import parse_text

    text = MAP + "func far() = longest_path(r in roads, r.x, r.y through n where n != c);\n"
    refs = {o.name for o in file_occurrences(parse_text(text, "a.rules"), text) if o.role == "ref"}
    assert "n" not in refs and "c" in refs
