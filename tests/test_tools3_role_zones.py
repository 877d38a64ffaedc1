"""The roles lint (W443, E424; compiler/roles.py) narrows a card's override and anytime slot used from zones of
one role alone (Root's Eyrie leader in the role's `slot`): its holder holds that role, so the role's counters
and funcs read there need no test; another role's are E424. A slot used from a role's zone and a zone everyone
has is not narrowed. A card's reaction, modifier or option in a role's zone is narrowed too (branch roleval):
the runtime tests that zone for the role's holders alone, so another player neither fails (E601) nor is asked."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text

from .conftest import played, random_games_agree
from .test_roles import LEADERS

# the Eyrie's leader, held in the role's own `slot`, reads the role's feathers in each of its slots
FEATHERS = LEADERS.replace('role eyrie "Eyrie" {\n', 'role eyrie "Eyrie" {\n  counter feathers "Feathers" from 0 to 9;\n'
                           '  func wings(): int = feathers + 1;\n').replace(
    'leader commander "Commander" { override func hits(): int in slot = 3; }',
    'event hit(n: int);\nleader commander "Commander" {\n  override func hits(): int in slot = 3 + wings();\n'
    '  anytime in slot once per hit when feathers < 3 { gain wings() feathers; }\n}\n').replace(
    "proc turn() { gain hits() vp; }", "proc turn() { gain hits() vp; let n = 1 for hit(1); emit hit(n); window; }")


def findings(text: str):
    return [(d.code, d.message) for d in analyse_text(text).diagnostics if d.severity != "info"]


def test_a_card_in_a_role_s_zone_reads_the_role_s_state_without_a_test():
    assert findings(FEATHERS) == []


@pytest.mark.parametrize("interpreted", [False, True])
def test_it_plays_for_the_role_s_holder_alone(interpreted):
    g = played(build_text(FEATHERS, interpreted=interpreted), 1, 2)
    eyrie, cats = g.state.players
    assert eyrie.stock["feathers"] >= 1 and "feathers" not in cats.stock
    assert eyrie.stock["vp"] > cats.stock["vp"]


def test_random_games_agree():
    random_games_agree(FEATHERS, seeds=range(1, 4), counts=(2,))


def test_another_role_s_state_there_is_e424():
    text = FEATHERS.replace('role cats "Cats" { }', 'role cats "Cats" { counter wood from 0 to 9; }').replace(
        "{ gain wings() feathers; }", "{ gain 1 wood; }")
    assert [code for code, _m in findings(text)] == ["E424"]


def test_a_slot_also_used_from_a_zone_everyone_has_is_not_narrowed():
    text = FEATHERS.replace("zone leaders of leader;", "zone leaders per_player of leader;").replace(
        "anytime in slot once", "anytime in slot, leaders once")
    assert [code for code, _m in findings(text)] == ["W443", "W443", "W443"]   # feathers (twice), wings()


@pytest.mark.parametrize("interpreted", [False, True])
def test_a_reaction_in_a_role_s_zone_reads_the_role_s_state_and_is_its_holder_s_alone(interpreted):
    # it was W443 at the zone test and E601 at play for the cats, who have no slot (the docs' "not (yet)")
    text = FEATHERS.replace("  anytime in slot", "  whenever you hit in slot { gain 1 feathers; }\n  anytime in slot")
    assert findings(text) == []
    g = played(build_text(text, interpreted=interpreted), 1, 2)
    eyrie, cats = g.state.players
    assert eyrie.stock["feathers"] > played(build_text(FEATHERS, interpreted=interpreted), 1, 2).state.players[0].stock["feathers"]
    assert "feathers" not in cats.stock
