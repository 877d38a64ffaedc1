"""tests/packs/seven_wonders_leaders: Leaders on the shipped 7 Wonders (trial20): four leaders drafted at the
start with 6 coins, one recruited (paying its cost), staged or sold at the start of each age, before the age's
cards; recruited leaders' shields, coins, symbols and points in a column of their own; Maecenas makes leaders free
(an adjustable field the expansion makes of the base's `coins`); Imhotep, Hammurabi, Leonidas, Archimedes and Ramses
take resources off the base's costs (list costs the expansion makes of the base's `needs`, 7.7g), which the base's
market kernel prices exactly (a resource of your choosing: the dearest one to buy), kept markets and prices agreeing
with fresh ones as the discounts come and go; whole games alike on both backends."""

from __future__ import annotations

from pathlib import Path
from unittest import mock

import pytest

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebook.runtime import kernels
from rulebook.runtime.agents import RandomAgent, ScriptedAgent
from rulebook.runtime.engine import Game
from rulebook.runtime.kernels import NO_WAY

from .conftest import answer_by_prompt, examples, pack_backends, played_on_both_backends, write_pack
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
    assert len(g.state.zones["leader_pile"]) == 28 - 12 and not any(len(p.zones["draft"]) for p in g.state.players)


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


def quoted(g: Game, name: str, i: int = 0) -> int:
    """What player i pays the neighbours for a card's or a stage's resources (the base's `quote` kernel)."""
    return kernels.quote(g, player(g, i), g.program.entities[name])


def neighbour_sells(g: Game, side: str, *names: str) -> None:
    """Cards built by P1's neighbour on that side (west: the left one)."""
    h = g.left(player(g, 0)) if side == "west" else g.right(player(g, 0))
    put(g, h.index, "city", *names)


@pytest.mark.parametrize("leader, card, own, sold, before, after", [
    # Hammurabi: the Aqueduct (blue, 3 stone) with one stone of your own needs one bought, not two
    ("hammurabi", "aqueduct", ["stone_pit"], ["quarry"], 4, 2),
    # Leonidas: the Archery Range (red, wood, wood, ore) with a Sawmill: the ore is the resource taken off
    # (taking off a wood, the first listed, would leave the ore to buy)
    ("leonidas", "archery_range", ["sawmill"], ["ore_vein"], 2, 0),
    # Archimedes: the Library (green, stone, stone, textile) with a Quarry: the textile is taken off
    ("archimedes", "library", ["quarry"], ["loom_2"], 2, 0),
    # Imhotep: Gizah's first stage (stone, stone) with no stone of your own: one stone to buy
    ("imhotep", "gizah_a1", [], ["quarry"], 4, 2),
    # Ramses: a guild costs no resources at all, whoever sells them
    ("ramses", "workers_guild", [], [], NO_WAY, 0),
])
def test_a_leader_takes_a_resource_off_the_costs_it_names(program, leader, card, own, sold, before, after):
    g = table(program)
    put(g, 0, "city", *own)
    neighbour_sells(g, "west", *sold)
    assert quoted(g, card) == before
    put(g, 0, "city", leader)
    assert quoted(g, card) == after
    assert quoted(g, card, i=1) == kernels.quote(g, player(g, 1), g.program.entities[card])   # P2: none of P1's


def test_a_leader_leaves_the_other_colours_as_printed(program):
    g = table(program)
    put(g, 0, "city", "sawmill", "hammurabi", "archimedes", "ramses", "imhotep")
    neighbour_sells(g, "west", "ore_vein")
    assert quoted(g, "archery_range") == 2   # red: Leonidas is not there
    put(g, 0, "city", "leonidas")
    assert quoted(g, "archery_range") == 0


def test_building_with_a_discount_buys_only_what_it_leaves(program):
    g = table(program, coins=2)
    put(g, 0, "city", "sawmill", "leonidas")
    neighbour_sells(g, "west", "ore_vein")
    put(g, 0, "chosen", "archery_range")
    assert func(g, "can_use", "build")
    proc(g, "resolve", "build")   # nothing to buy: no decision asked
    assert stock(g, 0, "coin") == 2 and "archery_range" in [c.name for c in player(g, 0).zones["city"]]


def test_an_offer_is_ok_when_any_way_the_discount_leaves_can_be_completed(program):
    g = table(program, coins=4)
    put(g, 0, "city", "leonidas")
    neighbour_sells(g, "west", "sawmill")
    neighbour_sells(g, "east", "ore_vein", "clay_pool")
    stables = g.program.entities["stables"]   # red: wood, ore, clay; Leonidas takes one off, two to buy
    proc(g, "buy_for", stables, answers=["Ore from the right neighbour", "Wood from the left neighbour"])
    assert stock(g, 0, "coin") == 0
    assert [e.fields["res"] for e in g.state.zones["market"] if g.field(e, "ok")] == []   # all paid: nothing more
    g2 = table(program, coins=3)   # 3 coins: one unit can be bought, not two
    put(g2, 0, "city", "leonidas")
    assert quoted(g2, "stables") == NO_WAY
    neighbour_sells(g2, "west", "sawmill")
    neighbour_sells(g2, "east", "ore_vein", "clay_pool")
    assert quoted(g2, "stables") == 4 and not func(g2, "can_build", stables)


@pytest.fixture(scope="module")
def compiled(backends):
    program = backends["compiled"]
    Game(program, 3, 0, [RandomAgent(i) for i in range(3)]).start()   # raises the recursion limit, once
    return program


DISCOUNTERS = ("imhotep", "hammurabi", "leonidas", "archimedes", "ramses")


@settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, 10 ** 6), st.integers(3, 5))
def test_kept_prices_equal_fresh_ones_as_discounts_come_and_go(compiled, seed, players):
    """Random games in which the five discounting leaders come into P1's city at the start of age II and leave it
    at the start of age III: every `quote` and `assess`, worked out with what the kernels keep (markets, prices,
    the ways a discount leaves), equals the same worked out afresh (nothing kept)."""
    real_quote, real_assess = kernels.KERNELS["quote"], kernels.KERNELS["assess"]
    quotes, assessed = [], []

    def checked_quote(game, you, item):
        kept, game.memo = game.memo, {}
        try:
            fresh = real_quote.fn(game, you, item)
        finally:
            game.memo = kept
        answer = real_quote.fn(game, you, item)
        assert answer == fresh
        quotes.append((answer, you.index == 0 and any(c.name in DISCOUNTERS for c in you.zones["city"])))
        return answer

    def checked_assess(game, you, item):
        kept, game.memo = game.memo, {}
        try:
            yield from real_assess.fn(game, you, item)
        finally:
            game.memo = kept
        fresh = {e.key: dict(game.state.evars.get(e.key, {})) for e in (item, *game.zone(None, "market").items)}
        yield from real_assess.fn(game, you, item)
        assert {e.key: dict(game.state.evars.get(e.key, {})) for e in (item, *game.zone(None, "market").items)} == fresh
        assessed.append(item)

    game = Game(compiled, players, seed, [RandomAgent(seed + i) for i in range(players)])
    moved = set()

    def offer(d):
        age, turn = game.state.globals["age"], game.state.globals["turn"]
        if turn >= 1 and age in (2, 3) and age not in moved:
            moved.add(age)
            to = game.zone(player(game, 0), "city") if age == 2 else game.zone(None, "discards")
            for name in DISCOUNTERS:
                card = game.program.entities[name]
                # a card a player holds stays (taking a player's last leader before recruiting leaves them
                # nothing to play: a state no game reaches)
                if game.state.where.get(card.key, (None, None))[1] not in ("hand", "chosen", "draft", "leaders"):
                    game.move(card, to)
        return Game.offer(game, d)

    game.offer = offer
    with mock.patch.dict(kernels.KERNELS, {
            "quote": kernels.Kernel(checked_quote, real_quote.arity, real_quote.doc, real_quote.sets, real_quote.gives),
            "assess": kernels.Kernel(checked_assess, real_assess.arity, real_assess.doc, real_assess.sets)}):
        game.play()
    assert moved == {2, 3} and assessed and any(discounted for _, discounted in quotes)


def test_screens_show_every_way_a_discounted_cost_may_be_paid(program):
    # Leonidas takes a resource of the payer's choosing off a red card's needs: the Stables (wood, ore, clay)
    # may be paid with any two of them, and the screens show all three ways, not the first alone (smalls22's left item)
    from rulebook.cli import _marks_text
    from rulebook.runtime.view import build_view, changed_text

    g = table(program)
    stables = g.program.entities["stables"]
    assert _marks_text(g, stables) == ""   # no discount yet: the printed needs alone
    put(g, 0, "city", "leonidas")
    put(g, 0, "hand", "stables")
    view = build_view(g, 0)
    item = next(i for i in view["players"][0]["zones"]["hand"]["items"] if i["name"] == "stables")
    assert item["fields"]["needs"] == ["wood", "ore", "clay"]
    assert item["ways"] == {"needs": [["ore", "clay"], ["wood", "clay"], ["wood", "ore"]]}
    assert item["adjusted"] == {"needs": ["ore", "clay"]}   # (the first way, as a rule's read gives it)
    assert changed_text(item, view) == " (needs ore + clay or wood + clay or wood + ore now, wood, ore, clay printed)"
    assert _marks_text(g, stables) == " [needs ore + clay or wood + clay or wood + ore for P1 now, wood, ore, clay printed]"
    # the Aqueduct's three stone under Hammurabi: one way only, written as a single value is
    put(g, 0, "city", "hammurabi")
    put(g, 0, "hand", "aqueduct")
    item = next(i for i in build_view(g, 0)["players"][0]["zones"]["hand"]["items"] if i["name"] == "aqueduct")
    assert item["adjusted"] == {"needs": ["stone", "stone"]} and "ways" not in item
    assert changed_text(item, view) == " (needs stone, stone now, stone, stone, stone printed)"
