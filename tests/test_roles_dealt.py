"""Roles dealt at random (3.17): `seats 2 to 4 roles medic, scientist, ... at random;` shuffles the
listed roles with the game's seeded RNG as the game starts and deals them in seat order, one a seat
(with fewer seats than roles, some are not dealt). Pandemic: "shuffle the Role cards and deal 1 to each
player" — the Pandemic audit (W1) wrote an enum of role cards, a pick at random and a match of seven
arms. The same seed deals the same roles, on both backends, and a log replays to the same state; the
amend of a game may deal a base's roles at random; fmt prints it back."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.engine import Game

from .conftest import found_at, printed_back, random_games_agree, replays_through_json

ROLES = """
counter vp;
role medic "Medic" { override proc act() { gain 1 vp; } }
role scientist "Scientist" { override proc act() { gain 2 vp; } }
role researcher "Researcher" { override proc act() { gain 3 vp; } }
role dispatcher "Dispatcher" { override proc act() { gain 4 vp; } }
role planner "Contingency Planner" { override proc act() { gain 5 vp; } }
proc act() { }
"""
DEALT = ROLES + """game pandemic {
  seats 2 to 4 roles medic, scientist, researcher, dispatcher, planner at random;
  phase play { each players: act(); }
  winner most vp;
}
"""


def dealt(program, players: int, seed: int) -> tuple:
    g = Game(program, players, seed)
    g.play()
    return tuple(e.name for h in g.state.players for e in h.zones["role.held"])


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_each_seat_is_dealt_a_different_role_at_random_the_same_for_a_seed(interpreted):
    program = build_text(DEALT, interpreted=interpreted)
    deals = {seed: dealt(program, 4, seed) for seed in range(1, 31)}
    roles = {"medic", "scientist", "researcher", "dispatcher", "planner"}
    assert all(len(set(d)) == 4 and set(d) <= roles for d in deals.values())
    assert len(set(deals.values())) > 10   # 120 deals are possible: not seat order every time
    assert {d[0] for d in deals.values()} == roles   # each role comes to the first seat in some game
    assert deals[7] == dealt(program, 4, 7)   # the same seed, the same deal
    g = Game(program, 2, 7)
    g.play()
    worth = {"medic": 1, "scientist": 2, "researcher": 3, "dispatcher": 4, "planner": 5}
    assert [h.stock["vp"] for h in g.state.players] == [worth[r] for r in dealt(program, 2, 7)]


def test_both_backends_deal_alike_and_a_log_replays():
    random_games_agree(DEALT, seeds=range(1, 4))
    replays_through_json(build_text(DEALT), 3)


def test_in_seat_order_without_at_random():
    program = build_text(DEALT.replace(" at random;", ";"))
    assert {dealt(program, 3, seed) for seed in range(1, 6)} == {("medic", "scientist", "researcher")}


def test_fmt_prints_it_back_and_the_lint_is_clean():
    assert found_at(DEALT) == []
    _module, printed = printed_back(DEALT)
    assert "  seats 2 to 4 roles medic, scientist, researcher, dispatcher, planner at random;\n" in printed
    d = analyse_text(DEALT.replace("planner at random", "planner at dawn")).diagnostics
    assert [(x.code, x.message) for x in d] == [("E100", "expected 'at random'; found 'at dawn'")]


def test_an_amend_of_the_game_deals_the_roles_at_random_or_in_order():
    base = ROLES + """game pandemic {
  seats 2 to 4 roles medic, scientist, researcher;
  phase play { each players: act(); }
  winner most vp;
}
"""
    house = "amend pandemic {\n  seats 2 to 4 roles medic, scientist, researcher, dispatcher at random;\n}\n"
    program = build_text(base + house)
    assert len({dealt(program, 3, seed) for seed in range(1, 21)}) > 3
    module = parse_text(base + house)
    assert parse_text(format_module(module)) == module and " dispatcher at random;\n}" in format_module(module)
