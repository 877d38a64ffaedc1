"""`shortest_path(...)` and `reachable(...)`: the cheapest path over edges (cards naming their two ends)
and the places a place reaches, on both backends: answers worked out by hand on a small map (ties,
no path, from and to a set, a `where` that drops an edge, LENGTH a field), a negative length stopping
play at the same place on both, misuse diagnostics, the printer's round trip and the reading."""

from __future__ import annotations

import pytest

from rulebook.compiler.explain import explain
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import found_at, printed_back, rules_programs, run_proc, vp_after

# ash-birch 2, birch-cedar 3, ash-cedar 6, cedar-dale 1, ash-elm 4, elm-dale 2; fir-gorse 5 on their own.
# From ash by cost: birch 2, elm 4, cedar 5 (by birch, not 6 straight), dale 6 two ways (by cedar 5 + 1,
# by elm 4 + 2): a tie; in links: birch, cedar, elm 1, dale 2 (two ways again)
MAP = """
enum town { ash, birch, cedar, dale, elm, fir, gorse }
kind link { a: town; b: town; cost: int; owner_seat: int; }
zone built of link;
counter vp;
link ab { a = ash; b = birch; cost = 2; owner_seat = 1; }
link bc { a = birch; b = cedar; cost = 3; owner_seat = 2; }
link ac { a = ash; b = cedar; cost = 6; owner_seat = 1; }
link cd { a = dale; b = cedar; cost = 1; owner_seat = 1; }
link ae { a = ash; b = elm; cost = 4; owner_seat = 1; }
link ed { a = elm; b = dale; cost = 2; owner_seat = 2; }
link fg { a = fir; b = gorse; cost = 5; owner_seat = 1; }
func cheapest(x: town, y: town) = shortest_path(r in built, r.a, r.b, x, y, r.cost);
func hops(x: town, y: town) = shortest_path(r in built, r.a, r.b, x, y);
"""

program = rules_programs(MAP)
SETUP = 'fill built with link;'   # every test's proc starts with the map built



@pytest.mark.parametrize("x, y, cost, links", [
    ("ash", "ash", 0, 0),                                # FROM == TO
    ("ash", "birch", 2, 1), ("birch", "ash", 2, 1),      # either way along a link
    ("ash", "cedar", 5, 1),                              # by birch beats 6 straight; in links, straight
    ("ash", "dale", 6, 2),                               # a tie two ways
    ("birch", "dale", 4, 2), ("elm", "cedar", 3, 2),
    ("fir", "gorse", 5, 1),
])
def test_the_cheapest_path_by_a_field_and_in_links(program, x, y, cost, links):
    assert vp_after(program, SETUP, f"gain cheapest({x}, {y}) vp; gain 100 * hops({x}, {y}) vp;") == cost + 100 * links


def test_no_path_is_none(program):
    assert vp_after(program, SETUP, "if cheapest(ash, fir) == none { gain 1 vp; }\n"
                             "if hops(gorse, dale) == none { gain 10 vp; }\n"
                             "if cheapest(fir, fir) == 0 { gain 100 vp; }") == 111


def test_none_used_as_a_number_stops_play_at_the_statement(program):
    g = Game(program("proc p() { fill built with link;\n  let d = cheapest(ash, gorse);\n  gain d + 1 vp; }"), 2, 1)
    with pytest.raises(RulesRuntimeError) as e:
        g.start(g.program.procs["p"](g, g.state.players[0]))
    assert (e.value.code, e.value.message) == ("E601", "d is none and none cannot be added")
    assert e.value.where.endswith(f":{MAP.count(chr(10)) + 3}:3"), e.value


def test_a_where_drops_links(program):
    # without birch-cedar (seat 2's): ash-cedar 6 straight beats ash-elm-dale-cedar 7; without elm-dale too,
    # ash-dale is ash-cedar-dale 7
    assert vp_after(program, SETUP, "gain shortest_path(r in built where r.owner_seat == 1, r.a, r.b, ash, cedar, r.cost) vp;\n"
                             "gain 10 * shortest_path(r in built where r.cost < 5, r.a, r.b, ash, dale, r.cost) vp;\n"
                             "gain 100 * shortest_path(r in built where r.owner_seat == 1, r.a, r.b, ash, dale, r.cost) vp;"
                    ) == 6 + 10 * 6 + 100 * 7


def test_from_and_to_a_set_of_places(program):
    # birch-dale 4, elm-dale 2: 2; ash-dale 6 or fir-gorse 5: 5; a place in both: 0; an empty set: none
    assert vp_after(program, SETUP, "gain shortest_path(r in built, r.a, r.b, [birch, elm], dale, r.cost) vp;\n"
                             "gain 10 * shortest_path(r in built, r.a, r.b, [ash, fir], [gorse, dale], r.cost) vp;\n"
                             "gain 100 + shortest_path(r in built, r.a, r.b, [ash, cedar], [dale, cedar], r.cost) vp;\n"
                             "if shortest_path(r in built, r.a, r.b, [ash], [], r.cost) == none { gain 1000 vp; }"
                    ) == 2 + 50 + 100 + 1000


def test_length_is_any_number_of_the_link(program):
    # each link costs 2 more: ash-cedar 8 straight beats 2+2 + 3+2 = 9 by birch
    assert vp_after(program, SETUP, "gain shortest_path(r in built, r.a, r.b, ash, cedar, r.cost + 2) vp;") == 8


def test_a_zero_length_link_is_free(program):
    assert vp_after(program, SETUP, "gain 1 + shortest_path(r in built, r.a, r.b, ash, dale, r.cost * 0) vp;") == 1


def test_a_negative_length_stops_play_where_it_is_written(program):
    # ash-birch costs 2 - 3: refused though the search would not need it (the same on both backends)
    line = MAP.count("\n") + 2
    g = Game(program("proc p() { fill built with link;\n"
                     "  gain shortest_path(r in built, r.a, r.b, fir, gorse, r.cost - 3) vp; }"), 2, 1)
    with pytest.raises(RulesRuntimeError) as e:
        run_proc(g, "p")
    assert e.value.code == "E601" and e.value.where.endswith(f":{line}:8"), e.value
    assert "from ash to birch is -1 long" in e.value.message


def test_reachable_lists_the_places_nearest_first(program):
    # from ash: itself, then birch, cedar, elm (one link each, in the order of the links), then dale;
    # seat 1's links only: ash, birch, cedar, elm, then dale (by cedar); from fir: fir, gorse
    assert vp_after(program, SETUP, "if reachable(r in built, r.a, r.b, ash) == [ash, birch, cedar, elm, dale] { gain 1 vp; }\n"
                             "if reachable(r in built where r.owner_seat == 1 and r.a != cedar and r.b != cedar, "
                             "r.a, r.b, birch) == [birch, ash, elm] { gain 10 vp; }\n"
                             "gain 100 * size(reachable(r in built, r.a, r.b, [fir, dale])) vp;") == 711


def test_reachable_is_a_list_of_places(program):
    assert vp_after(program, SETUP, "for each t in reachable(r in built, r.a, r.b, gorse) { if t == fir { gain 1 vp; } }\n"
                             "gain 10 * size(reachable(r in built where r.cost > 9, r.a, r.b, elm)) vp;") == 11


# the towns as cards, Power Grid's way: the network a player has built is a zone of them
CARDS = """
kind city { }
city ash { } city birch { } city cedar { } city dale { }
kind line { a: city; b: city; cost: int; }
line ab { a = ash; b = birch; cost = 10; }
line bc { a = birch; b = cedar; cost = 12; }
line cd { a = cedar; b = dale; cost = 5; }
line ad { a = ash; b = dale; cost = 30; }
zone lines of line;
zone cities of city;
zone mine per_player of city;
counter coin;
"""

cards = rules_programs(CARDS)


def test_from_a_zone_of_cards(cards):
    # the cheapest connection to cedar from a network of ash and dale: dale-cedar 5; to birch: ash-birch 10
    g = Game(cards("proc p() { fill lines with line; fill cities with city;\n"
                   "  move first(c in cities where c.title == \"ash\") to mine;\n"
                   "  move first(c in cities where c.title == \"dale\") to mine;\n"
                   "  let goal = first(c in cities where c.title == \"cedar\");\n"
                   "  let other = first(c in cities where c.title == \"birch\");\n"
                   "  gain shortest_path(l in lines, l.a, l.b, mine, goal, l.cost) coin;\n"
                   "  gain 100 * shortest_path(l in lines, l.a, l.b, mine, other, l.cost) coin; }"), 2, 1)
    run_proc(g, "p")
    assert g.state.players[0].stock["coin"] == 5 + 100 * 10


@pytest.mark.parametrize("text, code, column", [
    ("func f() = shortest_path(r in built, r.a, r.b, ash);", "E302", 12),
    ("func f() = shortest_path(r in built, r.a, r.b, ash, dale, r.cost, 2);", "E302", 12),
    ("func f() = shortest_path(r in built, r.a, r.b, ash, dale, r.a);", "E303", 59),
    ("func f() = shortest_path(r in built, r.a, r.b, ash, 3);", "E303", 53),
    ("func f() = shortest_path(r in built, r.a, r.cost, ash, dale);", "E303", 43),
    ("func f() = shortest_path(r in built, r.a, r.b, 1..3, dale);", "E303", 48),
    ("func f() = shortest_path(r in built, r.a, r.b, ash, built);", "E303", 53),
    ("func f() = reachable(r in built, r.a, r.b);", "E302", 12),
    ("func f() = reachable(r in built, r.a, r.b, ash, dale);", "E302", 12),
    ("func f() = connects(r in built, r.a, r.b, built, dale);", "E303", 43),
    ("func f() = count(t in reachable(r in built, r.a, r.b, ash) where t == 3);", "E303", 66),
])
def test_misuse_is_positioned(text, code, column):
    found = found_at(MAP + text)
    assert (code, MAP.count("\n") + 1, column) in found, found


def test_connects_from_a_zone_of_cards(cards):
    # ash and dale's network reaches cedar; over no line it reaches only its own, and an empty one nothing
    g = Game(cards("proc p() { fill lines with line; fill cities with city;\n"
                   "  move first(c in cities where c.title == \"ash\") to mine;\n"
                   "  move first(c in cities where c.title == \"dale\") to mine;\n"
                   "  let goal = first(c in cities where c.title == \"cedar\");\n"
                   "  if connects(l in lines, l.a, l.b, mine, goal) { gain 1 coin; }\n"
                   "  if connects(l in lines where l.cost > 99, l.a, l.b, mine, goal) { gain 10 coin; }\n"
                   "  if connects(l in lines where l.cost > 99, l.a, l.b, goal, [goal]) { gain 100 coin; }\n"
                   "  if connects(l in lines, l.a, l.b, goal, cities) { gain 1000 coin; } }"), 2, 1)
    run_proc(g, "p")
    assert g.state.players[0].stock["coin"] == 1101
    g = Game(cards("proc p() { fill lines with line;\n"
                   "  if connects(l in lines, l.a, l.b, mine, first(l in lines).a) { gain 1 coin; } }"), 2, 1)
    run_proc(g, "p")
    assert g.state.players[0].stock["coin"] == 0


def test_printer_round_trip_and_reading():
    text = MAP + "func g() = shortest_path(r in built where r.owner_seat == 1, r.a, r.b, [ash, elm], dale);\n" \
        "func near() = reachable(r in built, r.a, r.b, ash);\n" \
        "func either() = connects(r in built, r.a, r.b, [ash, elm], [dale, fir]);\n" \
        "func h() = shortest_path(r in built where r.owner_seat == 1 and r.a != elm and r.b != elm and r.cost > 1, " \
        "r.a, r.b, ash, dale, r.cost * 2) == none or size(reachable(r in built, r.a, r.b, [ash, birch])) > 6;\n"
    module, printed = printed_back(text)   # the long one an argument a line
    assert max(len(line) for line in printed.splitlines()) <= 110
    read = {d.name: " ".join(explain(d)) for d in module.items if getattr(d, "name", None) in ("cheapest", "g", "near", "either")}
    assert "the cheapest total length of a path from x to y along" in read["cheapest"], read["cheapest"]
    assert "counted by" in read["cheapest"] and "none if there is no path" in read["cheapest"]
    assert "whether any of ash and elm is any of dale and fir or reached" in read["either"], read["either"]
    assert "from any of ash and elm to dale" in read["g"] and "counted in edges" in read["g"], read["g"]
    assert "the places reached from ash along" in read["near"] and "nearest first" in read["near"], read["near"]
