"""A Tapestry house rule as a pack on the shipped game (tests/packs/tapestry_summit): an income turn gives
1 more coin, and the first player to reach space 12 of an advancement track scores 5 VP."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse, compile_pack
from rulebook.dsl.printer import format_text
from rulebook.runtime.engine import Game

from .conftest import played_with_and_against, answer_by_prompt, played_on_both_backends

PACK = Path(__file__).parent / "packs" / "tapestry_summit"


def test_the_house_rule_lints_clean_in_canonical_form_and_reports_each_reward():
    result = analyse(str(PACK))
    assert [d.headline() for d in result.diagnostics if d.code[0] in "EW"] == []
    assert sum(d.code == "I404" and "first to 12" in d.message for d in result.diagnostics) == 4
    text = (PACK / "house.rules").read_text()
    assert format_text(text) == text


@functools.cache
def program(pack: str):
    """The compiled Program of the base or of the house rule, built once for this module."""
    return compile_pack(pack).program


def started(pack: str) -> Game:
    """A 3-player game (seed 1) at its first decision, the setup done."""
    g = Game(program(pack), 3, 1)
    g.start()
    return g


def test_an_income_turn_gives_one_more_coin_than_the_base():
    gained = []
    for pack in ("tapestry", str(PACK)):
        g = started(pack)
        me = g.state.players[0]
        coins = me.stock["coin"]
        answer_by_prompt(g.program.procs["income_turn"](g, me), {})
        gained.append(me.stock["coin"] - coins)
    assert gained[1] == gained[0] + 1


def reaching_the_end(pack: str, track: str) -> list[int]:
    """The VP P1 then P2 score moving from space 11 to 12 of a track (its benefit, first options taken)."""
    g = started(pack)
    scored = []
    for p in g.state.players[:2]:
        p.stock[track] = 11
        vp = p.stock["vp"]
        answer_by_prompt(g.program.procs["advance_on"](g, p, track), {})
        scored.append(p.stock["vp"] - vp)
    return scored


@pytest.mark.parametrize("track", ["exploration", "science", "military", "technology"])
def test_the_first_to_the_end_of_a_track_scores_five_more(track):
    (base_first, base_second), (first, second) = (reaching_the_end(p, track) for p in ("tapestry", str(PACK)))
    assert (first - base_first, second - base_second) == (5, 0)


def test_the_house_rule_plays_alike_on_both_backends():
    played_on_both_backends(PACK, 3, 1, decisions=150)


def test_play_with_and_simulate_against_the_base():
    compared = played_with_and_against("tapestry", PACK, 2)
