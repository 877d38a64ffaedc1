"""The pack's version of a proc the roles override is the one the resolver keeps for the roles' dispatcher
to fall back to (`Symbols.held_base`), passed to the runtime in the roles table ("bases"): `cover` reads it
there rather than guessing it from the hidden names. A role (or card) named `base` has the version
`NAME.base`, so the pack's is kept apart from it (`NAME.base.base`), not overwritten."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.coverage import cover_games

from .conftest import played
from .test_roles import GAME, SIDES

BASED = SIDES.replace("ussr", "base").replace("USSR", "Base") + GAME.replace("ussr", "base")


def test_the_pack_lints_clean():
    assert [d for d in analyse_text(BASED).diagnostics if d.severity != "info"] == []


@pytest.mark.parametrize("interpreted", [False, True])
def test_a_role_named_base_leaves_the_pack_s_version_alone(interpreted):
    program = build_text(BASED.replace("seats 2 to 2", "seats 2 to 3"), interpreted=interpreted)
    assert program.role_bases == {"influence": "influence.base", "turn": "turn.base.base"}
    g = played(program, 1, 3)
    base, usa, third = g.state.players
    assert base.stock["coups"] == 3 and "coups" not in third.stock   # the third seat, with no role, runs `proc turn() { }`
    assert third.stock["vp"] == 0


def test_cover_lists_the_pack_s_version_apart():
    # (cover reads the compiled pack's code objects, one per rule)
    coverage = cover_games(build_text(BASED), (2,), range(1, 4), [[]], "random")
    assert coverage.replaced() == [("proc", "turn.base.base")]
    assert coverage.report()["proc"] == (3, [])


def test_a_pack_without_roles_has_no_bases():
    assert build_text(SIDES.split("role ussr")[0] + "game g { seats 2 to 2; phase play { each players: turn(); } "
                      "winner most vp; }").role_bases == {}
