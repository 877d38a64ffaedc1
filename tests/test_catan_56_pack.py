"""Catan's 5-6 player extension as a pack on the base (tests/packs/catan_56): the larger island, more
resources and development cards, and the special building phase after each turn."""

from __future__ import annotations

import functools
import random
from collections import Counter
from pathlib import Path

import pytest

from rulebook.compiler.driver import compile_pack
from rulebook.runtime.engine import Game

from .conftest import played_on_both_backends

PACK = Path(__file__).parent / "packs" / "catan_56"


@functools.cache
def program():
    return compile_pack(str(PACK)).program


@pytest.mark.parametrize("players", [5, 6])
def test_the_setup_lays_out_thirty_hexes_eleven_harbours_and_the_larger_banks(players):
    g = Game(program(), players, 1)
    first = g.start()
    gv = g.state.gvars
    terrains = Counter(v for k, v in gv.items() if k.startswith("terrain_of["))
    assert terrains == {"hills": 5, "forest": 6, "pasture": 6, "fields": 6, "mountains": 5, "desert": 2}
    tokens = Counter(v for k, v in g.state.globals.items() if k.startswith("token["))
    assert tokens[0] == 2 and tokens[2] == tokens[12] == 2 and all(tokens[n] == 3 for n in (3, 4, 5, 6, 8, 9, 10, 11))
    assert gv["terrain_of[{},{}]".format(gv["robber"].fields["q"], gv["robber"].fields["r"])] == "desert"
    harbours = Counter(v for k, v in gv.items() if k.startswith("harbour_at[") and v is not None)
    assert harbours == {"any_three": 10, "wool_two": 4, "brick_two": 2, "lumber_two": 2, "grain_two": 2, "ore_two": 2}
    assert g.state.supply == {r: 24 for r in ("brick", "lumber", "wool", "grain", "ore")}
    assert len(g.state.zones["devdeck"]) == 34
    # the 30 hexes have 80 corners: the first settlement may go on any of them
    assert first.prompt == "place your first settlement on" and len(first.options) == 80


def test_after_each_turn_the_other_players_may_build_in_turn_order():
    g, rng = Game(program(), 5, 3), random.Random(3)
    d = g.start()
    phases = []  # (whose turn it was, the players asked to build after it, in order)
    for _ in range(3000):
        if d is None or len(phases) == 12:
            break
        if d.prompt == "special building phase: build?":
            assert "propose a trade" not in d.options and "play a development card" not in d.options
            phases[-1][1].append(d.player.index)
            d = g.apply(d.options.index("done"))
            continue
        if d.prompt in ("before rolling", "what next?") and (not phases or phases[-1][0] != d.player.index):
            phases.append((d.player.index, []))
        d = g.apply(rng.randrange(len(d.options)))
    # a player without the cards for anything is not asked (only "done" is left)
    assert sum(len(asked) for _, asked in phases) >= 5
    for turn, asked in phases:
        # P(turn + 1) ... P(turn - 1): the players on the left of the one whose turn it was, each once
        after = [(turn + i) % 5 for i in range(1, 5)]
        assert asked == [p for p in after if p in asked]


@pytest.mark.parametrize("players, seed", [(5, 1), (6, 2)])
def test_games_play_alike_on_both_backends(players, seed):
    played_on_both_backends(PACK, players, seed, decisions=400)
