"""tests/packs/seven_wonders_leaders: Leaders on the shipped 7 Wonders (trial20): four leaders drafted at the
start with 6 coins, one recruited (paying its cost), staged or sold at the start of each age, before the age's
cards; recruited leaders' shields, coins, symbols and points in a column of their own; Maecenas makes leaders free
(an adjustable field the expansion makes of the base's `coins`); whole games alike on both backends."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse
from rulebook.dsl.printer import format_text
from rulebook.runtime.agents import ScriptedAgent
from rulebook.runtime.engine import Game

from .conftest import answer_by_prompt, pack_backends, played_on_both_backends, write_pack
from .test_seven_wonders import func, player, proc, put, stock

RULES = Path(__file__).resolve().parent.parent / "rules"
BASE = str(RULES / "seven_wonders")
PACK = Path(__file__).parent / "packs" / "seven_wonders_leaders"


@pytest.fixture(scope="module")
def backends(tmp_path_factory) -> dict:
    return pack_backends(tmp_path_factory, BASE, (str(PACK),))


@pytest.fixture(params=["compiled", "interpreted"])
def program(backends, request):
    return backends[request.param]


def table(program, players: int = 3, coins: int = 6) -> Game:
    g = Game(program, players, 1, [ScriptedAgent([])] * players)
    g.fill(g.zone(None, "market"), "offer", None)
    g.state.globals["age"] = 1
    for p in g.state.players:
        p.stock["coin"] = coins
    return g


def test_each_player_drafts_four_leaders_and_starts_with_six_coins(program):
    g = Game(program, 3, 1, [ScriptedAgent([])] * 3)
    answer_by_prompt(g.program.procs["deal_wonders"](g, player(g, 0)), {})
    assert [len(p.zones["leaders"]) for p in g.state.players] == [4, 4, 4]
    assert [stock(g, i, "coin") for i in range(3)] == [6, 6, 6]
    assert all(c.fields["colour"] == "white" for p in g.state.players for c in p.zones["leaders"])
    assert len(g.state.zones["leader_pile"]) == 23 - 12 and not any(len(p.zones["draft"]) for p in g.state.players)


def test_no_leader_is_dealt_with_an_ages_cards(program):
    g = table(program)
    proc(g, "build_deck")
    assert g.state.zones["deck"] and not any(c.fields["colour"] == "white" for c in g.state.zones["deck"])


def test_recruiting_a_leader_pays_its_cost_and_its_effect_follows_at_the_end_of_the_turn(program):
    g = table(program)
    put(g, 0, "chosen", "caesar")
    proc(g, "resolve", "build")
    assert stock(g, 0, "coin") == 1 and [c.name for c in player(g, 0).zones["city"]] == ["caesar"]
    proc(g, "settle")
    assert stock(g, 0, "shields") == 2
    put(g, 1, "chosen", "pericles")   # 6 coins: P2 has 6
    assert func(g, "can_use", "build", i=1)
    player(g, 1).stock["coin"] = 5
    assert not func(g, "can_use", "build", i=1) and func(g, "can_use", "discard", i=1)


def test_maecenas_makes_every_later_leader_free(program):
    g = table(program, coins=0)
    put(g, 0, "city", "maecenas")
    put(g, 0, "chosen", "pericles")
    assert func(g, "can_use", "build")   # 6 coins printed, none to pay
    proc(g, "resolve", "build")
    assert stock(g, 0, "coin") == 0 and len(player(g, 0).zones["city"]) == 2
    put(g, 1, "chosen", "plato")   # P2 has no Maecenas: Plato costs 4
    assert not func(g, "can_use", "build", i=1)


def test_leaders_score_in_their_own_column(program):
    g = table(program, coins=7)
    put(g, 0, "city", "plato", "pericles", "midas", "justinian",
        "lumber_yard", "stone_pit", "loom_1", "altar", "tavern", "apothecary", "stockade", "barracks",
        "workers_guild")
    put(g, 0, "built_stages", "gizah_a1")
    proc(g, "final_scoring")
    # Plato: one set of the seven colours, 7; Pericles: two red, 4; Midas: 7 coins, 2; Justinian: a set, 3
    assert stock(g, 0, "leader_points") == 7 + 4 + 2 + 3
    g.state.over = True
    scores = g.result()["scores"]["P1"]
    assert scores[0] == sum(stock(g, 0, k) for k in ("military", "treasury", "wonder", "civil", "commerce",
                                                     "guilds", "science", "leader_points"))


def test_the_recruitment_turn_comes_before_each_ages_cards(program):
    g = table(program)
    for i in range(3):
        put(g, i, "leaders", ["sappho", "zenobia", "nefertiti"][i], ["hannibal", "croesus", "cleopatra"][i])
    answer_by_prompt(g.program.procs["recruit"](g, player(g, 0)), {})
    assert [len(p.zones["leaders"]) for p in g.state.players] == [1, 1, 1]
    assert not any(p.zones["hand"] for p in g.state.players)   # the leaders went back out of the hand


@pytest.mark.parametrize("players, seed", [(3, 1), (5, 2)])
def test_whole_games_are_alike_on_both_backends(tmp_path, players, seed):
    stacked = write_pack(tmp_path / "stacked", "", name="stacked", extends=[str(PACK.resolve())])
    for game, result in played_on_both_backends(stacked, players, seed):
        recruited = [c for p in game.state.players for c in p.zones["city"] if c.fields["colour"] == "white"]
        assert len(recruited) <= 3 * players and result["winners"]


def test_the_pack_lints_clean_and_prints_back_unchanged():
    assert [d.code for d in analyse(str(PACK)).diagnostics if d.severity != "info"] == []
    text = (PACK / "leaders.rules").read_text()
    assert format_text(text) == text
