"""`reachable(p from START via NEXT [through q where PASSABLE])`: the places reached by a rule of
neighbours (NEXT, the list of the places next to p) rather than along a zone of edges: breadth first,
START's first, each place once, on both backends; the step budget; the checker's misuse codes; the
printer and the reading; a property against a plain BFS."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.compiler.explain import explain
from rulebook.dsl.highlight import RulesLexer
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import analyse_text, both_built, examples, found_at, printed_back, rules_programs, the_one_error

# a small map: a - b - c - d - e, and b - f - d around c; g alone; and a 3 x 3 board of numbered cells
MAP = """
enum node { a, b, c, d, e, f, g }
kind stone { at: int; black: bool; }
stone s1 { at = 1; black = true; }
stone s2 { at = 2; black = true; }
stone s4 { at = 4; black = false; }
stone s5 { at = 5; black = true; }
stone s9 { at = 9; black = true; }
zone board of stone;
counter vp;
func next_to(n: node): list = match n { a: [b], b: [a, c, f], c: [b, d], d: [c, e, f], e: [d], f: [b, d], else: [] };
func row(k: int) = (k - 1) / 3;
func around(k: int): list = gather(j in [k - 3, k + 3, k - 1, k + 1] where j >= 1 and j <= 9
    and (row(j) == row(k) or j == k - 3 or j == k + 3), [j]);
func stone_at(k: int) = first(t in board where t.at == k);
func black_at(k: int) = stone_at(k) != none and stone_at(k).black;
func chain(k: int) = reachable(x from k via gather(j in around(x) where black_at(j), [j]));
func liberties(k: int) = count(j in reachable(x from k via around(x) through q where black_at(q)) where stone_at(j) == none);
"""

program = rules_programs(MAP)


def result(game: Game, name: str, *args):
    """What a proc with a result gives, run for P1 (it asks nothing)."""
    gen = game.program.procs[name](game, game.state.players[0], *args)
    try:
        while True:
            gen.send(None)
    except StopIteration as stop:
        return stop.value


def value(program, expr: str, setup: str = "fill board with stone;", result_type: str = "list"):
    g = Game(program(f"proc probe(): {result_type} {{ {setup} return {expr}; }}"), 2, 1)
    return result(g, "probe")


def test_breadth_first_from_start_each_place_once(program):
    assert value(program, "reachable(n from a via next_to(n))") == ["a", "b", "c", "f", "d", "e"]
    assert value(program, "reachable(n from e via next_to(n))") == ["e", "d", "c", "f", "b", "a"]
    assert value(program, "reachable(n from g via next_to(n))") == ["g"]
    # numbers: a binary tree cut at 7, in the order NEXT gives the children
    assert value(program, "reachable(k from 1 via gather(j in [2 * k, 2 * k + 1] where j <= 7, [j]))") == \
        [1, 2, 3, 4, 5, 6, 7]
    assert value(program, "reachable(k from 1 via gather(j in [2 * k + 1, 2 * k] where j <= 7, [j]))") == \
        [1, 3, 2, 7, 6, 5, 4]
    # texts
    assert value(program, 'reachable(s from "x" via match s { "x": ["y", "z"], "y": ["x"], else: [] })') == \
        ["x", "y", "z"]


def test_start_may_be_a_list_or_a_zone(program):
    assert value(program, "reachable(n from [e, g, e] via next_to(n))") == ["e", "g", "d", "c", "f", "b", "a"]
    assert value(program, "reachable(n from [] via next_to(n))", "", "list") == []
    stones = value(program, "reachable(t from board via gather(u in board where u.at == t.at + 1, [u]))")
    assert [t.name for t in stones] == ["s1", "s2", "s4", "s5", "s9"]


def test_cards_are_places(program):
    # a stone and the stones one cell on: s1 -> s2; s4 -> s5
    stones = value(program, "reachable(t from stone_at(1) via gather(u in board where u.at == t.at + 1, [u]))")
    assert [t.name for t in stones] == ["s1", "s2"]


def test_through_reaches_a_place_but_does_not_leave_it(program):
    assert value(program, "reachable(n from a via next_to(n) through m where m != c)") == ["a", "b", "c", "f", "d", "e"]
    assert value(program, "reachable(n from a via next_to(n) through m where m != b)") == ["a", "b"]
    # a start is left even where the condition fails
    assert value(program, "reachable(n from b via next_to(n) through m where m != b)") == ["b", "a", "c", "f", "d", "e"]


def test_go_group_and_liberties(program):
    # . is empty: black at 1, 2, 5, 9, white at 4:  B B .  /  W B .  /  . . B
    assert value(program, "chain(1)") == [1, 2, 5]
    assert value(program, "chain(9)") == [9]
    assert value(program, "liberties(1)", result_type="int") == 3   # 3, 6 and 8 (4 is white, 7 is not next to it)
    assert value(program, "liberties(9)", result_type="int") == 2


def test_a_rule_that_keeps_giving_new_places_stops_at_the_step_budget(program):
    g = Game(program("proc probe(): list { return reachable(k from 1 via [k + 1]); }"), 2, 1)
    with pytest.raises(RulesRuntimeError) as e:
        result(g, "probe")
    line = MAP.count("\n") + 1
    assert e.value.code == "E602" and e.value.where.endswith(f":{line}:29")


def test_both_backends_play_the_same_games():
    from .conftest import random_games_agree
    random_games_agree(MAP + """
proc turn() {
  pick k from 1..9 where stone_at(k) == none or size(chain(k)) < 9 "a cell" {
    gain size(reachable(n from a via next_to(n) through m where m != d)) + k vp;
    if size(chain(k)) > 2 { gain liberties(k) vp; }
  }
}
game go "Go" {
  seats 2 to 4;
  phase setup { fill board with stone; }
  phase play { repeat 3 { each players: turn(); } }
  winner most vp;
}
""", seeds=range(1, 4))


def test_the_variable_is_a_place_of_the_start_type_and_is_its_own():
    assert [c for c, _l, _col in found_at(MAP + "func ok() = size(chain(1)) + size(reachable(n from a via next_to(n)));\n"
                                          "proc probe() { set vp = ok(); }\n") if c[0] in "EW"] == []
    line = MAP.count("\n") + 1
    # p outside its search is unknown; naming it after a local is W423
    assert ("E201", line, 14) in found_at(MAP + "func bad() = n;\n")
    assert ("W423", line, 45) in found_at(MAP + "proc probe() { let n = a; let r = reachable(n from n via next_to(n)); "
                                          "say \"{r}\"; }\n")


@pytest.mark.parametrize("text, code, column", [
    ("func bad() = reachable(n from a);", "E386", 14),                                      # no via
    ("func bad() = reachable(n from a via board);", "E387", 37),                            # a zone: the edge form
    ("func bad() = connects(n from a via next_to(n));", "E662", 14),                        # connects: to GOAL
    ("func bad() = longest_path(n from a via next_to(n));", "E388", 14),                    # only those two
    ("func bad() = shortest_path(n from a via next_to(n));", "E388", 14),
    ("func bad() = reachable(n from a via 3);", "E303", 37),                                # not a list
    ("func bad() = reachable(n from a via n);", "E303", 37),
    ("func bad() = reachable(n from a via [1, 2 + ordinal(n)]);", "E303", 37),              # another type
    ("func bad() = reachable(n from board via [a]);", "E303", 41),
    ("func bad() = reachable(n from [a, 2] via next_to(n));", "E303", 35),                  # START of two types
    ("func bad() = reachable(n from a via next_to(n) through m where ordinal(m));", "E303", 64),  # not a condition
])
def test_misuse_is_diagnosed(text, code, column):
    line = MAP.count("\n") + 1
    result = analyse_text(MAP + text + "\n")
    the_one_error(result, code, line=line)
    assert (code, line, column) in found_at(MAP + text + "\n")


def test_a_rule_that_never_reads_its_place_is_warned_of():
    line = MAP.count("\n") + 1
    assert ("W464", line, 37) in found_at(MAP + "func bad() = reachable(n from a via [b, c]);\n")
    assert "W464" not in {c for c, _l, _col in found_at(MAP + "func bad() = reachable(n from a via next_to(n));\n")}


def test_edge_misuse_hints():
    line = MAP.count("\n") + 1
    d = next(d for d in analyse_text(MAP + "func bad() = reachable(n from a via board);\n").diagnostics if d.code == "E387")
    assert d.hint == "'reachable(r in board, r.a, r.b, a)'" and d.span.line == line
    d = next(d for d in analyse_text(MAP + "func bad() = connects(n from a via next_to(n));\n").diagnostics
             if d.code == "E662")
    assert d.hint == "'connects(n from a to GOAL via ...)'"


def test_printed_back_and_read():
    module, printed = printed_back(MAP + "func ok() = reachable(n from [a, b] via next_to(n) through m where m != c);\n"
                                   "func long_one(k: int) = reachable(place from [k, k + 1] via gather(j in around(place) "
                                   "where black_at(j) and black_at(place) and j != k, [j]) through q where q != 5);\n"
                                   "func no_via() = reachable(n from a);\n")
    assert "reachable(n from [a, b] via next_to(n) through m where m != c)" in printed
    assert "reachable(n from a)" in printed
    func = next(d for d in module.items if getattr(d, "name", None) == "ok")
    reading = " ".join(explain(func))
    assert "the places reached from any of" in reading and "going from each place n reached to" in reading
    assert "going on only from places m for which" in reading


def test_via_is_still_a_name_elsewhere(program):
    assert value(program, "via", "let via = 7;", "int") == 7
    tokens = [(str(t), v) for t, v in RulesLexer().get_tokens("reachable(n from a via next_to(n)) + via")]
    assert ("Token.Keyword", "via") in tokens and ("Token.Name", "via") in tokens


# a random small graph: each place 1..n -> the places next to it (in an order), with duplicates and loops
GRAPHS = st.integers(1, 7).flatmap(lambda n: st.tuples(
    st.lists(st.lists(st.integers(1, n), max_size=4), min_size=n, max_size=n),
    st.lists(st.integers(1, n), min_size=1, max_size=3),
    st.sets(st.integers(1, n))))

BUILT = None


def plain_bfs(graph: list, starts: list, blocked: set) -> list:
    order, seen = [], set()
    for s in starts:
        if s not in seen:
            seen.add(s)
            order.append(s)
    todo = deque(order)
    first = set(order)
    while todo:
        place = todo.popleft()
        if place in blocked and place not in first:
            continue
        for other in graph[place - 1]:
            if other not in seen:
                seen.add(other)
                order.append(other)
                todo.append(other)
    return order


@settings(max_examples=examples(200), deadline=None)
@given(GRAPHS)
def test_the_same_places_as_a_plain_breadth_first_search(drawn):
    global BUILT
    if BUILT is None:
        BUILT = both_built("counter vp;\nproc p(graph: list, starts: list, blocked: list): list {\n"
                           "  return reachable(k from starts via graph[k] through q where not contains(blocked, q));\n}\n"
                           "game x \"x\" { seats 2 to 2; phase play { } winner most vp; }\n")
    graph, starts, blocked = drawn
    expected = plain_bfs(graph, starts, blocked)
    for built in BUILT:
        assert result(Game(built, 2, 1), "p", graph, starts, sorted(blocked)) == expected
