"""Over a cap that a group of resources shares, the player chooses what to discard, the incoming
resource included (Federation p.6); over a resource's own cap the excess is lost (no choice)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import build_text
from rulebook.runtime.engine import Game

from .conftest import run_proc

PACK = """
resource lavandium cap 4;
resource copernium;
resource oceanium;
resource coin cap 3;
group crystals cap 6 { lavandium, copernium, oceanium }
proc stock_up() { gain 2 lavandium; gain 2 copernium; gain 1 oceanium; }
proc mine() { gain 3 oceanium; }
proc overflow_own() { gain 5 lavandium; }
proc coins() { gain 5 coin; }
"""


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def game(request):
    return Game(build_text(PACK, interpreted=request.param), 2, 1)


def crystals(game):
    s = game.state.players[0].stock
    return s["lavandium"], s["copernium"], s["oceanium"]


def test_the_player_chooses_what_to_discard_among_the_group_and_the_incoming(game):
    run_proc(game, "stock_up")
    asked = run_proc(game, "mine", answers=["lavandium", "oceanium"])   # 5 + 3 = 8: two over the cap of 6
    assert [d.prompt for d in asked] == ["over the crystals cap of 6: discard 1 (2 to discard)",
                                         "over the crystals cap of 6: discard 1 (1 to discard)"]
    assert asked[0].options == ["lavandium", "copernium", "oceanium"]
    assert crystals(game) == (1, 2, 3)   # one lavandium and one of the incoming oceanium are gone


def test_discarding_only_incoming_keeps_the_stock(game):
    run_proc(game, "stock_up")
    run_proc(game, "mine", answers=["oceanium", "oceanium"])
    assert crystals(game) == (2, 2, 2)


def test_own_cap_excess_is_lost_without_a_choice(game):
    asked = run_proc(game, "coins")
    assert asked == [] and game.state.players[0].stock["coin"] == 3
    asked = run_proc(game, "overflow_own")   # 5 lavandium: 1 lost to its own cap of 4, none over the group's
    assert asked == [] and crystals(game) == (4, 0, 0)


def test_the_stock_never_passes_the_cap_while_the_player_decides(game):
    run_proc(game, "stock_up")
    gen = game.program.procs["mine"](game, game.state.players[0])
    decision = next(gen)
    assert sum(crystals(game)) == 5 and decision.options == ["lavandium", "copernium", "oceanium"]
