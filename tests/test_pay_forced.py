"""`pay N any(GROUP)` and `pay N different(GROUP)` ask a unit at a time only while the answer matters: once
what the payer holds of the group is exactly what is still owed, every order of answers pays the same, so
the rest is paid without a question. Tapestry's arts track (Arts & Architecture: tier II costs "2
different resources") asked which good first of a player holding exactly two kinds, both paid whatever
the answer. A lone option is still asked (the driver answers it), as everywhere. Both backends."""

from __future__ import annotations

import pytest

from rulebook.runtime.engine import Game

from .conftest import rules_programs, run_proc

PACK = """
resource food; resource wood; resource stone; resource coin;
group income "Income" { food, wood, stone, coin }
counter vp;
game g { seats 1 to 4; phase play { } winner most vp; }
proc give(f: int, w: int, s: int, c: int) { gain f food; gain w wood; gain s stone; gain c coin; }
proc two_kinds() { pay 2 different(income); gain 1 vp; }
proc two_any() { pay 2 any(income); gain 1 vp; }
"""

program = rules_programs(PACK)


@pytest.fixture
def game(program):
    return Game(program(), 2, 1)


def stock(g: Game) -> tuple:
    s = g.state.players[0].stock
    return tuple(s[n] for n in ("food", "wood", "stone", "coin", "vp"))


@pytest.mark.parametrize("proc, given, left", [
    ("two_kinds", (3, 1, 0, 0), (2, 0, 0, 0, 1)),   # exactly two kinds for `2 different`
    ("two_any", (1, 0, 0, 1), (0, 0, 0, 0, 1)),     # exactly two units for `2 any`
])
def test_what_is_held_exactly_owed_is_paid_without_a_question(game, proc, given, left):
    run_proc(game, "give", *given)
    assert run_proc(game, proc) == []
    assert stock(game) == left


def test_three_kinds_owing_two_ask_both_since_the_kind_kept_matters(game):
    run_proc(game, "give", 1, 1, 1, 0)
    asked = run_proc(game, "two_kinds", answers=["wood", "stone"])
    assert [(d.prompt, d.options) for d in asked] == [("pay 1 income not yet paid", ["food", "wood", "stone"]),
                                                      ("pay 1 income not yet paid", ["food", "stone"])]
    assert stock(game) == (1, 0, 0, 0, 1)


def test_a_lone_kind_is_still_a_decision_the_driver_answers(game):
    run_proc(game, "give", 2, 0, 0, 0)
    asked = []
    routine = game.program.procs["two_any"](game, game.state.players[0])
    answer = None
    try:
        while True:
            d = routine.send(answer)
            asked.append(d.options)
            answer = 0
    except StopIteration:
        pass
    assert asked == [["food"], ["food"]]   # one kind held: the shortcut is for a choice that changes nothing
    assert stock(game) == (0, 0, 0, 0, 1)


def test_more_units_than_owed_ask_until_the_rest_is_exact(game):
    run_proc(game, "give", 2, 1, 0, 0)
    asked = run_proc(game, "two_any", answers=["wood"])
    assert [d.options for d in asked] == [["food", "wood"]]   # then food alone: a lone option
    assert stock(game) == (1, 0, 0, 0, 1)
