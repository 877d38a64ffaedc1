"""The Pandemic and Dominion packs that two designer audits wrote from the docs alone, kept as whole
games: each lints without an error, sets up as its rulebook says, and plays the same random games
on both backends (and replays them from JSON). The tenth session rewrote their workarounds with the
constructs that replace them (Pandemic: a bank on the cubes, `once per` outbreaks, `split` piles, a
track that prints the infection rate, roles dealt as values, a named window, `draw one`, `last`, an
option once per turn; Dominion: counters per turn, `piles(supply)`, `c is action`, `draw ... until`,
`let n = pick`, a Moat on `played(c is attack)`): these tests are the check that the packs still
play the printed rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game

from .conftest import pack_backends, played, replays_through_json

PACKS = Path(__file__).parent / "packs"
PANDEMIC, DOMINION = PACKS / "pandemic", PACKS / "dominion"


@pytest.fixture(scope="module")
def pandemic(tmp_path_factory) -> dict:
    return pack_backends(tmp_path_factory, str(PANDEMIC))


@pytest.fixture(scope="module")
def dominion(tmp_path_factory) -> dict:
    return pack_backends(tmp_path_factory, str(DOMINION))


def started(program, players: int, seed: int = 1) -> Game:
    """A game of random agents stopped at its first decision, once the setup has run."""
    g = Game(program, players, seed, make_agents("random", players, seed))
    g.start()
    return g


@pytest.mark.parametrize("pack", [PANDEMIC, DOMINION], ids=["pandemic", "dominion"])
def test_the_audit_pack_lints_without_an_error(pack):
    assert [d.headline() for d in analyse(str(pack)).diagnostics if d.code.startswith("E")] == []


@pytest.mark.parametrize("players, hand", [(2, 4), (3, 3), (4, 2)])
def test_pandemic_sets_up_nine_infected_cities_the_hands_and_the_epidemics(pandemic, players, hand):
    g = started(pandemic["compiled"], players)
    cubes = sum(v for k, v in g.state.globals.items() if k.startswith("cubes["))
    assert cubes == 3 * 3 + 3 * 2 + 3 * 1                  # three cities each with 3, 2 and 1 cubes
    assert len(g.state.zones["infection_discard"]) == 9 and len(g.state.zones["infection_deck"]) == 48 - 9
    assert [len(p.zones["hand"]) for p in g.state.players] == [hand] * players
    # 48 city cards and 5 events, less the hands, and 4 epidemics (the introductory game)
    assert len(g.state.zones["player_deck"]) == 48 + 5 - hand * players + 4
    assert g.state.gvars["station[atlanta]"] and g.state.globals["stations_left"] == 5
    # the cubes come from their colour's 24 (a bank on the counter): board and supply add up to 24
    for k in ("blue", "yellow", "black", "red"):
        on_board = sum(v for key, v in g.state.globals.items() if key.startswith("cubes[") and key.endswith(f",{k}]"))
        assert on_board + g.state.supply[f"cubes[{k}]"] == 24
    # each player holds a different role, dealt at random among the seven
    held = [p.zones["role.held"][0].name for p in g.state.players]
    assert len(set(held)) == players


@pytest.mark.parametrize("players", [2, 4])
def test_dominion_sets_up_ten_kingdom_piles_and_the_base_piles_by_player_count(dominion, players):
    g = started(dominion["compiled"], players)
    piles = {k[len("supply["):-1]: len(v) for k, v in g.state.zones.items() if k.startswith("supply[") and len(v)}
    assert piles["copper"] == 60 - 7 * players and piles["curse"] == 10 * (players - 1)
    assert piles["province"] == piles["duchy"] == piles["estate"] == (8 if players == 2 else 12)
    base = {"copper", "silver", "gold", "estate", "duchy", "province", "curse"}
    assert len(set(piles) - base) == 10 and all(n == 10 for k, n in piles.items() if k not in base)
    mine = g.state.players[0].zones
    assert sum(len(mine[z]) for z in ("deck", "hand", "discard", "in_play")) == 7 + 3
    # the piles set out are the Supply (`piles(supply)`): 10 Kingdom piles and the 7 base ones
    assert len(g.state.filled) == 17 and {f"supply[{k}]" for k in piles} == set(g.state.filled)
    # P1 is in the Buy phase of a turn that started with 1 Action and 1 Buy (counters per turn)
    assert g.state.players[0].stock["buys"] == 1 and all(p.stock["actions"] == 1 for p in g.state.players[1:])


@pytest.mark.parametrize("pack", ["pandemic", "dominion"])
@pytest.mark.parametrize("players", [2, 4])
def test_the_audit_pack_plays_the_same_games_on_both_backends(request, pack, players):
    backends = request.getfixturevalue(pack)
    for seed in (1, 2):
        a, b = played(backends["compiled"], seed, players), played(backends["interpreted"], seed, players)
        assert a.result()["over"] and a.log == b.log and a.state.digest() == b.state.digest()


@pytest.mark.parametrize("pack", ["pandemic", "dominion"])
def test_the_audit_pack_replays_a_game_from_json(request, pack):
    replays_through_json(request.getfixturevalue(pack)["compiled"], 3)
