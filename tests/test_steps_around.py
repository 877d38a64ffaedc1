"""steps_around(a, b) (language.md 3.4, "Order"): how many places next_around goes from one member of an
enum to another, 0 to the enum's size - 1, the inverse of next_around; the shorter way round is the
smaller of the two directions (Terra Mystica's terrain cycle, tests/packs/terra_mystica_lite). On both
backends; read by explain, printed back by fmt; members of two enums are E640, the same member twice
W624, anything but a member E356 (branch trial28)."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game, RulesRuntimeError

import pytest

from .conftest import explained, found_at, printed_back, rules_programs, run_proc, vp_after

# Imperial's rondel (for illustration): eight spaces round a wheel, a nation moving clockwise
PACK = """
counter vp;
counter coins start 20;
enum space { factory, production1, maneuver1, investor, import_space, production2, maneuver2, taxation }
enum season { spring, summer, autumn, winter }
var at global: space = factory;
var chosen global: space = none;
proc move_to(s: space) {
  let steps = steps_around(at, s);
  if steps > 3 {
    pay steps - 3 coins;
  }
  set at = s;
}
"""

program = rules_programs(PACK)


def vp(program, body: str) -> int:
    """P1's vp after a proc running `body`."""
    return vp_after(program, "", body)


def test_steps_go_forward_round_the_end_of_the_order(program):
    assert vp(program, "gain steps_around(factory, maneuver1) vp;") == 2
    assert vp(program, "gain steps_around(maneuver1, factory) vp;") == 6     # on past taxation, round to the start
    assert vp(program, "gain steps_around(taxation, factory) vp;") == 1
    assert vp(program, "gain steps_around(investor, investor) + 5 vp;") == 5   # a member is 0 steps from itself


def test_it_is_the_inverse_of_next_around_for_every_pair(program):
    body = ("for each a in space {\n for each b in space {\n"
            "  if next_around(a, steps_around(a, b)) == b and steps_around(a, b) < 8 { gain 1 vp; } } }")
    assert vp(program, body) == 64


def test_the_shorter_way_round_is_the_smaller_of_both_directions(program):
    # Terra Mystica's terrain cycle: from plains to desert is one spade, the other way round six
    shorter = "gain min(steps_around(spring, winter), steps_around(winter, spring)) vp;"
    assert vp(program, shorter) == 1
    assert vp(program, "gain min(steps_around(spring, autumn), steps_around(autumn, spring)) vp;") == 2


def test_a_rondel_move_past_three_spaces_costs_a_coin_a_space(program):
    game = Game(program(), 2, 1)
    run_proc(game, "move_to", "maneuver1")            # two spaces on: free
    assert game.state.players[0].stock["coins"] == 20
    run_proc(game, "move_to", "production1")          # seven spaces round: four past the free three
    assert game.state.players[0].stock["coins"] == 16
    assert game.state.gvars["at"] == "production1"


def test_none_has_no_place_and_stops_play(program):
    game = Game(program("proc p() { gain steps_around(chosen, at) vp; }"), 2, 1)
    with pytest.raises(RulesRuntimeError) as err:
        run_proc(game, "p")
    assert err.value.code == "E601"


def test_members_of_two_enums_are_e640_at_the_second():
    text = PACK + "proc bad() { gain steps_around(at, winter) coins; }\n"
    assert [f for f in found_at(text) if f[0] == "E640"] == [("E640", 15, 36)]
    (d,) = [d for d in analyse_text(text).diagnostics if d.code == "E640"]
    assert "at is a space while winter is a season" in d.message and d.hint.startswith("both are members of one enum")


def test_the_same_member_twice_is_w624():
    assert [f for f in found_at(PACK + "proc bad() { gain steps_around(at, at) coins; }\n") if f[0] == "W624"] == \
        [("W624", 15, 19)]


def test_anything_but_a_member_is_e356():
    found = found_at(PACK + "proc bad() { gain steps_around(3, at) coins; gain steps_around(space, at) coins; }\n")
    assert [f for f in found if f[0] == "E356"] == [("E356", 15, 32), ("E356", 15, 64)]
    (d, _) = [d for d in analyse_text(PACK + "proc bad() { gain steps_around(3, at) coins; "
                                             "gain steps_around(space, at) coins; }\n").diagnostics if d.code == "E356"]
    assert "steps_around(a, b) with a and b members" in d.hint


def test_explain_reads_it_and_fmt_prints_it_back():
    result = analyse_text(PACK)
    assert "the steps from at round to s in their order (0 when they are the same; after the last comes the first)" \
        in explained(result, "move_to")
    _module, printed = printed_back(PACK)
    assert "let steps = steps_around(at, s);" in printed
