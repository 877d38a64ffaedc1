"""Tapestry: the expansion cards found after the packs were first written (issue 10): Plans &
Ploys' counter-trap Double Cross, answering a Trap through the base's `trap_takes_effect` hook.
All three expansions are stacked (the cards must hold there); every scenario runs on both backends.

Seats: P1 (player 0) conquers, P2 (player 1) defends.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from . import test_tapestry
from .conftest import games_per_count, pack_backends
from .test_tapestry import answer_by_prompt, ent, hex_at, me, play_random, run, table
from .test_tapestry_rulings import bare_map, hand_of, own, proc

RULES = Path(__file__).resolve().parent.parent / "rules"
PACK = str(RULES / "tapestry")
STACK = tuple(str(RULES / e) for e in ("tapestry_pp", "tapestry_aa", "tapestry_ff"))
INCOME = ("coin", "worker", "food", "culture")
TRAP = "discard a Trap?"
COUNTER = "cancel the Trap with a counter-trap?"


@pytest.fixture(scope="module")
def backends(tmp_path_factory):
    """The base pack with the three expansions stacked, compiled and interpreted, built once."""
    return pack_backends(tmp_path_factory, PACK, expansions=STACK)


def recording(gen, answers: dict) -> list:
    """Run an effect to its end with answer_by_prompt; each decision's prompt and asker (forced ones too)."""
    return [(d.prompt, d.player.index) for d in answer_by_prompt(gen, answers, with_forced=True)]


def trapped_conquest(program, attacker_hand=("double_cross",), defender_hand=("trap",), middle=False):
    """P1 next to P2's territory (the middle island when `middle`), the hands given, no resources."""
    g, p, q = bare_map(program)
    own(g, hex_at(g, 1, 0), p)
    target = hex_at(g, 0, 0) if middle else hex_at(g, 2, 0)
    own(g, target, q, "t49" if middle else "t57")
    hand_of(g, 0, *attacker_hand)
    hand_of(g, 1, *defender_hand)
    for who in (p, q):
        for r in INCOME:
            who.stock[r] = 0
    return g, p, q, target


# ---------------------------------------------------------------------------- Double Cross (PP)


def test_double_cross_cancels_the_trap_their_outpost_topples_and_yours_stands(program):
    """p.12: a counter-trap cancels the opponent's Trap: their outpost is toppled after all and
    yours stays standing; the cancelled Trap gives its owner nothing; both cards are discarded."""
    g, p, q, target = trapped_conquest(program)
    seen = recording(proc(g, "conquer_at", target, False, False), {TRAP: "Trap", COUNTER: "Double Cross"})
    assert g.field(target, "holder") is p and g.field(target, "fallen") is q
    assert g.field(target, "items") == 2
    assert sum(q.stock[r] for r in INCOME) == 0                  # the Trap's resource: cancelled
    discards = g.zone(None, "tapestry_discard").items
    assert ent(g, "trap") in discards and ent(g, "double_cross") in discards
    assert (COUNTER, 0) in seen                                  # the conqueror answers


def test_declining_the_counter_trap_lets_the_trap_stand(program):
    g, p, q, target = trapped_conquest(program)
    answer_by_prompt(proc(g, "conquer_at", target, False, False), {TRAP: "Trap", COUNTER: "none"})
    assert g.field(target, "holder") is q and g.field(target, "fallen") is p
    assert sum(q.stock[r] for r in INCOME) == 1                  # the Trap's resource
    assert ent(g, "double_cross") in p.zones["tapestry_hand"]


def test_a_counter_trap_answers_only_a_trap(program):
    """p.12: counter-traps are played only in response to Traps: no Trap, no question."""
    g, p, q, target = trapped_conquest(program, defender_hand=())
    seen = recording(proc(g, "conquer_at", target, False, False), {})
    assert g.field(target, "holder") is p
    assert not any(prompt == COUNTER for prompt, _ in seen)
    assert ent(g, "double_cross") in p.zones["tapestry_hand"]


def test_nothing_answers_a_counter_trap_and_the_conquest_moves_on(program):
    """p.12 and FAQ p.30 (a Trap, Double Cross and Retreat on one conquest?): once the Trap is
    countered, no further card is played on that conquest: a second Trap in the defender's hand
    is not offered again."""
    g, p, q, target = trapped_conquest(program, defender_hand=("trap", "trap#2"))
    seen = recording(proc(g, "conquer_at", target, False, False), {TRAP: "Trap", COUNTER: "Double Cross"})
    assert [prompt for prompt, _ in seen].count(TRAP) == 1
    assert [prompt for prompt, _ in seen].count(COUNTER) == 1
    assert g.field(target, "holder") is p and len(q.zones["tapestry_hand"]) == 1


def test_no_counter_trap_after_your_fifth_income_turn(program):
    """p.12: no response cards after your income turn 5: the Trap stands."""
    g, p, q, target = trapped_conquest(program)
    p.stock["era"] = 5
    seen = recording(proc(g, "conquer_at", target, False, False), {TRAP: "Trap"})
    assert g.field(target, "holder") is q and not any(prompt == COUNTER for prompt, _ in seen)


def test_a_countered_trap_on_the_middle_island_does_not_deny_the_achievement(program):
    """p.12 l.818: you miss the middle-island achievement only if you cannot cancel the Trap."""
    g, p, q, middle = trapped_conquest(program, middle=True)
    answer_by_prompt(proc(g, "conquer_at", middle, False, False), {TRAP: "Trap", COUNTER: "Double Cross"})
    assert g.field(middle, "holder") is p and p.stock["feat_done[middle_island]"] == 1


def test_double_cross_played_as_a_tapestry_and_not_copied(program):
    """p.12 l.830: a response card may be played as a tapestry card for its WHEN PLAYED side
    (PROVISIONAL: 10 VP); like a Trap, that side is not copied by Espionage."""
    g = table(program, 2)
    p, q = me(g), me(g, 1)
    hand_of(g, 0, "double_cross")
    p.stock["era"], p.stock["vp"] = 2, 0
    run(g, "play_income_tapestry", answers=[])
    assert ent(g, "double_cross") in p.zones["mat"] and p.stock["vp"] == 10
    copyable = g.program.funcs["copyable"]
    assert not copyable(g, q, ent(g, "double_cross")) and copyable(g, q, ent(g, "academia"))


# ---------------------------------------------------------------------------- whole games


# the base's whole-game checks with this module's stack: random games with the invariants after
# every decision, compiled and interpreted agree, a logged game replays on both backends
test_random_games_finish_and_keep_the_invariants = test_tapestry.test_random_games_finish_and_keep_the_invariants
test_compiled_and_interpreted_games_agree = test_tapestry.test_compiled_and_interpreted_games_agree
test_a_logged_game_replays_to_the_same_final_state_on_both_backends = (
    test_tapestry.test_a_logged_game_replays_to_the_same_final_state_on_both_backends)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_hundred_random_games_per_count_keep_the_invariants(backends, players):
    for seed in range(games_per_count(100)):
        play_random(backends["compiled"], players, seed)


@pytest.mark.slow
def test_random_games_reach_the_new_cards(backends):
    """`cover` over the stack reaches each card of this module: its WHEN PLAYED side, and the
    counter-trap answering a Trap (the hook's override)."""
    from rulebook.runtime.coverage import cover_games, setups_of

    def ours_never_reached(coverage) -> set:
        return {name for _, (_, names) in coverage.report().items() for name in names
                if "double_cross" in name or "trap_takes_effect" in name}

    seeds = games_per_count(40)   # the games stop as soon as every card here is reached
    coverage = cover_games(backends["compiled"], range(2, 6), range(1, 1 + seeds), setups_of(backends["compiled"]),
                           enough=lambda coverage: not ours_never_reached(coverage))
    assert not ours_never_reached(coverage)
