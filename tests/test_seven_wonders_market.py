"""The 7 Wonders market kernel's cheapest purchase (runtime/kernels.py): the search that tries only the
least purchases, the price per material without choice cards, and the answers kept for the game by
purchase problem, each against the slow definition: every way of splitting what is short between
your choice cards, the left and the right neighbour."""

from __future__ import annotations

from collections import Counter
from itertools import product
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebook.runtime.agents import RandomAgent
from rulebook.runtime.engine import Game
from rulebook.runtime import kernels
from rulebook.runtime.kernels import MANUFACTURED, NO_WAY, _Market, _PriceList, _Production

from .conftest import examples, pack_backends
from .test_speed import covers_by_trying

RULES = Path(__file__).resolve().parent.parent / "rules"
MATS = ("wood", "ore", "glass", "papyrus")   # two raw materials and two manufactured goods
SIDES = ("west", "east")


def production(fixed: dict, choices: list) -> _Production:
    """A production as `_production` makes it."""
    return _Production(Counter(fixed), [frozenset(c) for c in choices])


def market(own: _Production, west: _Production, east: _Production, prices: dict, rebates: dict) -> _Market:
    """A market laid out by hand, with nothing kept yet."""
    return _Market(own, west, east, _PriceList(prices, rebates), {})


def cheapest_by_trying(m: _Market, need: dict, taken: dict, spent: frozenset) -> int:
    """The cheapest purchase by its definition: every number of units of each material bought from
    the west and from the east, your own production covering the rest, each neighbour producing what
    you took and what you buy, a side's once-only discount off one unit bought from it."""
    mats = sorted(need)
    best = NO_WAY
    for west in product(*(range(need[x] + 1) for x in mats)):
        for east in product(*(range(need[x] - w + 1) for x, w in zip(mats, west))):
            rest = {x: need[x] - w - e for x, w, e in zip(mats, west, east)}
            if not covers_by_trying(rest, m.own.fixed, m.own.choices):
                continue
            coins = 0
            for side, bought in zip(SIDES, (west, east)):
                units = Counter(taken[side]) + Counter(dict(zip(mats, bought)))
                if not covers_by_trying(units, m.sellers[side].fixed, m.sellers[side].choices):
                    break
                coins += sum(n * m.prices[side, goods(x)] for x, n in zip(mats, bought))
                if side not in spent:
                    coins -= max((m.rebates[side, goods(x)] for x, n in zip(mats, bought) if n), default=0)
            else:
                best = min(best, coins)
    return best


def goods(material: str) -> str:
    return "manufactured" if material in MANUFACTURED else "raw"


counts = st.dictionaries(st.sampled_from(MATS), st.integers(0, 2), max_size=3)
choice_lists = st.lists(st.lists(st.sampled_from(MATS), min_size=1, max_size=3, unique=True), max_size=2)
productions = st.builds(production, counts, choice_lists)


@st.composite
def price_lists(draw) -> tuple[dict, dict]:
    """(the price of a unit per side and goods, the once-only discount): 1 or 2 coins, NO_WAY when
    trade is forbidden, in half the markets a discount of at most the price (as `_prices` makes them)."""
    prices, rebates = {}, {}
    discounted = draw(st.booleans())
    for side in SIDES:
        for kind in ("raw", "manufactured"):
            price = draw(st.sampled_from([1, 2, 2, NO_WAY]))
            rebate = draw(st.sampled_from([0, 1])) if discounted and price < NO_WAY else 0
            prices[side, kind], rebates[side, kind] = price, rebate
    return prices, rebates


@settings(max_examples=examples(600), deadline=None)
@given(productions, productions, productions, price_lists(),
       st.dictionaries(st.sampled_from(MATS), st.integers(1, 3), min_size=1, max_size=3),
       st.fixed_dictionaries({side: st.dictionaries(st.sampled_from(MATS), st.integers(1, 2), max_size=2)
                              for side in SIDES}),
       st.sets(st.sampled_from(SIDES)))
def test_the_cheapest_purchase_is_the_least_of_every_split(own, west, east, prices, need, taken, spent):
    m = market(own, west, east, *prices)
    expected = cheapest_by_trying(m, need, taken, frozenset(spent))
    assert m.cheapest(need, taken, frozenset(spent)) == expected
    assert m.cheapest(need, taken, frozenset(spent)) == expected   # the kept answer, asked again
    assert market(own, west, east, *prices).cheapest(need, taken, frozenset(spent)) == expected


def test_a_neighbours_choice_card_sells_one_unit_only():
    """The left neighbour's wood/ore card cannot give both of your wood and ore: one of them comes
    from the right, where ore costs a trading post's 1 coin and wood is not for sale."""
    m = market(production({}, []), production({}, [["wood", "ore"]]), production({"ore": 1}, []),
               {("west", "raw"): 2, ("east", "raw"): 1, ("west", "manufactured"): 2, ("east", "manufactured"): 2},
               {(side, kind): 0 for side in SIDES for kind in ("raw", "manufactured")})
    assert m.cheapest({"wood": 1, "ore": 1}, {"west": {}, "east": {}}) == 3
    assert m.cheapest({"wood": 2}, {"west": {}, "east": {}}) == NO_WAY
    # once the left neighbour's card sold ore, their wood is gone
    assert m.cheapest({"wood": 1}, {"west": {"ore": 1}, "east": {}}) == NO_WAY


def test_your_choice_card_is_spent_where_buying_costs_most():
    """Your glass/ore card makes the ore (2 coins from either side) and the glass comes from the right
    neighbour's marketplace price of 1 coin, rather than the other way around."""
    m = market(production({}, [["glass", "ore"]]), production({"ore": 2}, []), production({"glass": 1}, []),
               {("west", "raw"): 2, ("east", "raw"): 2, ("west", "manufactured"): 1, ("east", "manufactured"): 1},
               {(side, kind): 0 for side in SIDES for kind in ("raw", "manufactured")})
    assert m.cheapest({"glass": 1, "ore": 2}, {"west": {}, "east": {}}) == 3


@pytest.fixture(scope="module", params=[(), (str(RULES / "seven_wonders_cities"),)], ids=["base", "cities"])
def seven_wonders(request, tmp_path_factory):
    """7 Wonders compiled, alone and with Cities (whose Docks give once-only discounts)."""
    program = pack_backends(tmp_path_factory, str(RULES / "seven_wonders"), request.param)["compiled"]
    Game(program, 3, 0, [RandomAgent(i) for i in range(3)]).start()   # raises the recursion limit, once
    return program


def content(p: _Production) -> tuple:
    return +p.fixed, sorted(sorted(c) for c in p.choices)


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, 10 ** 6), st.integers(3, 7))
def test_a_kept_answer_equals_a_fresh_one_in_random_games(seven_wonders, seed, players):
    """Every market a random game lays out from what it kept (productions read from the cards added
    since, markets kept while the cities stand) is the market laid out afresh; every price it asks
    for, answered with the purchases kept so far, is the price worked out afresh (nothing kept) and,
    where the shortfall is small enough to try every split, the price by definition."""
    asked = []
    kept_cheapest, kept_market = _Market.cheapest, kernels._market

    def checked_market(game, h):
        m = kept_market(game, h)
        kept, game.memo = game.memo, {}
        try:
            fresh = _Market.of(game, h)
        finally:
            game.memo = kept
        assert [content(p) for p in (m.own, *m.sellers.values())] == \
            [content(p) for p in (fresh.own, *fresh.sellers.values())]
        assert (m.prices, m.rebates) == (fresh.prices, fresh.rebates)
        return m

    def checked(self, need, taken, spent=frozenset()):
        answer = kept_cheapest(self, need, taken, spent)
        fresh = market(self.own, self.sellers["west"], self.sellers["east"], self.prices, self.rebates)
        assert kept_cheapest(fresh, need, taken, spent) == answer
        if sum(need.values()) <= 4:
            assert cheapest_by_trying(self, need, taken, spent) == answer
        asked.append(answer)
        return answer

    game = Game(seven_wonders, players, seed, [RandomAgent(seed + i) for i in range(players)])
    with mock.patch.object(_Market, "cheapest", checked), mock.patch.object(kernels, "_market", checked_market):
        game.play()
    assert asked and any(0 < a < NO_WAY for a in asked)
