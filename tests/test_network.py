"""`connects(...)` and `longest_path(...)`: paths over edges (cards naming their two ends), on both
backends: reachability either way, a cycle, a longest trail that comes back through a town, the
step budget on a runaway search, misuse diagnostics, the printer's round trip and the reading."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.compiler.explain import explain
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import found_at, printed_back, rules_programs, run_proc, vp_after

# a small railway: a triangle ash-birch-cedar, a spur cedar-dale, and elm-fir on their own
MAP = """
enum town { ash, birch, cedar, dale, elm, fir }
kind rail { a: town; b: town; len: int; owner_seat: int; }
zone built of rail;
counter vp;
rail ab { a = ash; b = birch; len = 2; owner_seat = 1; }
rail bc { a = birch; b = cedar; len = 3; owner_seat = 1; }
rail ca { a = cedar; b = ash; len = 1; owner_seat = 2; }
rail cd { a = dale; b = cedar; len = 4; owner_seat = 1; }
rail ef { a = elm; b = fir; len = 1; owner_seat = 1; }
func joined(x: town, y: town) = connects(r in built, r.a, r.b, x, y);
func mine(x: town, y: town) = connects(r in built where r.owner_seat == 1, r.a, r.b, x, y);
func longest() = longest_path(r in built, r.a, r.b, r.len);
"""


program = rules_programs(MAP)
SETUP = 'fill built with rail;'   # every test's proc starts with the map built



@pytest.mark.parametrize("x, y, joined", [
    ("ash", "dale", True), ("dale", "ash", True),   # either way along the edges
    ("ash", "elm", False), ("fir", "elm", True), ("birch", "birch", True),
])
def test_connects_along_the_edges_either_way(program, x, y, joined):
    assert vp_after(program, SETUP, f"if joined({x}, {y}) {{ gain 1 vp; }}") == int(joined)


def test_connects_reads_only_the_kept_edges(program):
    # without cedar-ash (seat 2's), ash still reaches cedar round by birch; with birch-cedar gone too, not
    assert vp_after(program, SETUP, "if mine(ash, dale) { gain 1 vp; }\n"
                             "if connects(r in built where r.len < 3, r.a, r.b, ash, dale) { gain 10 vp; }") == 1


@pytest.mark.parametrize("x, y, joined", [
    ("[elm, ash]", "dale", True), ("[elm, fir]", "dale", False), ("ash", "[fir, dale]", True),
    ("[birch]", "[birch, fir]", True), ("[]", "ash", False), ("ash", "[]", False),
])
def test_connects_from_and_to_a_list_of_places(program, x, y, joined):
    # as shortest_path and reachable: any of FROM's places to any of TO's
    assert vp_after(program, SETUP, f"if connects(r in built, r.a, r.b, {x}, {y}) {{ gain 1 vp; }}") == int(joined)


def test_longest_path_uses_each_edge_once_and_may_come_back_through_a_town(program):
    # dale-cedar-ash-birch-cedar: 4 + 1 + 2 + 3, through cedar twice; in edges: 4
    assert vp_after(program, SETUP, "gain longest() vp; gain 100 * longest_path(r in built, r.a, r.b) vp;") == 410


def test_longest_path_over_no_edge_is_0_and_a_cycle_counts_each_edge_once(program):
    assert vp_after(program, SETUP, "gain 1 + longest_path(r in built where r.len > 9, r.a, r.b) vp;\n"
                             "gain 10 * longest_path(r in built where r.a != dale and r.a != elm, r.a, r.b) vp;") == 31


def test_ends_may_be_numbers_over_a_range(program):
    assert vp_after(program, SETUP, "if connects(k in 1..5, k, k + 1, 6, 1) { gain 1 vp; }\n"
                             "gain 10 * longest_path(k in 1..5, k, k + 1, k) vp;") == 151


def test_a_runaway_search_stops_at_the_step_budget(program):
    # twenty parallel rails between two towns: 20! trails
    g = Game(program("rail twin * 20 { a = elm; b = fir; len = 1; owner_seat = 1; }\n"
                     "proc p() { fill built with rail; gain longest() vp; }"), 2, 1)
    with pytest.raises(RulesRuntimeError) as e:
        run_proc(g, "p")
    assert e.value.code == "E602" and e.value.where.endswith(":13:18")


@pytest.mark.parametrize("text, code, column", [
    ("func f() = connects(r in built, r.a, r.len, ash, dale);", "E303", 38),
    ("func f() = connects(r in built, r.a, r.b, ash);", "E302", 12),
    ("func f() = connects(r in built, r.a, r.b, ash, 3);", "E303", 48),
    ("func f() = connects(r in built, built, r.b, ash, dale);", "E303", 33),
    ("func f() = longest_path(r in built, r.a, r.b, r.a);", "E303", 47),
    ("func f() = longest_path(r in built, r.a);", "E302", 12),
    ("func f() = longest_path(r in built, r.a, r.b, 1, 2);", "E302", 12),
])
def test_misuse_is_positioned(text, code, column):
    found = found_at(MAP + text)
    assert (code, MAP.count("\n") + 1, column) in found, found


@pytest.mark.parametrize("single, listed, column", [
    ('connects(r in built, r.a, r.b, ash, "x")', 'connects(r in built, r.a, r.b, [ash], ["x"])', 51),
    ("connects(r in built, r.a, r.b, 3, dale)", "connects(r in built, r.a, r.b, [ash, 3], dale)", 49),
    ('shortest_path(r in built, r.a, r.b, ash, "x")', 'shortest_path(r in built, r.a, r.b, ash, [dale, "x"])', 60),
    ("reachable(r in built, r.a, r.b, 3)", "reachable(r in built, r.a, r.b, [3])", 45),
])
def test_a_list_literals_elements_are_checked_as_places(single, listed, column):
    # each element of a written list given as FROM or TO is an end of the search, with the same code and
    # message as that element given alone, positioned at the element
    def errors(call: str) -> list:
        return [(d.code, d.message, d.span.column) for d in analyse_text(MAP + f"func f() = {call};").diagnostics]
    (code, message, _), = errors(single)
    assert errors(listed) == [(code, message, column)]
    assert errors("connects(r in built, r.a, r.b, [ash, birch], [])") == []
    # a zone inside a written list is not flattened into it: it is no place
    assert [(c, col) for c, _m, col in errors("connects(r in built, r.a, r.b, [ash, built], dale)")] == [("E303", 49)]


def test_printer_round_trip_and_reading():
    text = MAP + "func g() = longest_path(r in built where r.owner_seat == 1, r.a, r.b);\n" \
        "func h() = connects(r in built where r.owner_seat == 1 and r.a != elm and r.b != elm and r.len > 1, " \
        "r.a, r.b, ash, dale) or longest_path(r in built, r.a, r.b, r.len) > 6;\n"
    module, printed = printed_back(text)   # the long one an argument a line
    assert max(len(line) for line in printed.splitlines()) <= 110
    read = {d.name: " ".join(explain(d)) for d in module.items if getattr(d, "name", None) in ("joined", "g")}
    assert "whether x is y or reached from it along" in read["joined"] and "either way" in read["joined"]
    assert "the longest chain of" in read["g"] and "none used twice" in read["g"] and "counted in edges" in read["g"]
