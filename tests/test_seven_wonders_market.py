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


needs = st.dictionaries(st.sampled_from(MATS), st.integers(1, 3), min_size=1, max_size=3)
bought_so_far = st.fixed_dictionaries({side: st.dictionaries(st.sampled_from(MATS), st.integers(1, 2), max_size=2)
                                       for side in SIDES})


@settings(max_examples=examples(600), deadline=None)
@given(productions, productions, productions, price_lists(), needs, bought_so_far, st.sets(st.sampled_from(SIDES)))
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


@settings(max_examples=examples(600), deadline=None)
@given(productions, productions, productions, price_lists(), needs, bought_so_far, st.sets(st.sampled_from(SIDES)))
def test_a_price_found_without_a_search_is_the_searched_price(own, west, east, prices, need, taken, spent):
    """`cheapest` answers a purchase with nothing short, or with no choice card and no discount
    bearing on it, without laying it out: the answer is the laid-out search's, whichever way it took."""
    m = market(own, west, east, *prices)
    short = {x: n - own.fixed[x] for x, n in need.items() if n > own.fixed[x]}
    searched = m.laid_out(short, taken["west"], taken["east"], frozenset(spent)).cheapest()
    assert m.cheapest(need, taken, frozenset(spent)) == searched


def least_buys_by_trying(short: tuple, cards: tuple) -> set:
    """Every purchase that leaves the cards (bit masks) just enough: assign each card to one material
    it offers or to nothing, in every way, and keep what is left to buy when no card could cover
    one more unit of what is still left."""
    left_after = set()
    for choice in product(*([None] + [i for i in range(len(short)) if bits >> i & 1] for bits in cards)):
        left = list(short)
        for i in choice:
            if i is not None and left[i] > 0:
                left[i] -= 1
        left_after.add(tuple(left))
    return {left for left in left_after
            if not any(all(a <= b for a, b in zip(other, left)) and other != left for other in left_after)}


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.integers(0, 3), min_size=1, max_size=4).flatmap(
    lambda short: st.tuples(st.just(tuple(short)),
                            st.lists(st.integers(1, 2 ** len(short) - 1), max_size=4).map(tuple))))
def test_the_least_purchases_are_those_no_card_can_shorten(short_and_cards):
    short, cards = short_and_cards
    assert set(kernels._least_buys(short, cards)) == least_buys_by_trying(short, cards)


def assessed_afresh(game, you, item) -> tuple:
    """(the item's price, each offer's (ok, price)) as `assess` defines them, worked out with nothing
    kept, every field read through `Game.field` and every offer the player could buy searched."""
    kept, game.memo = game.memo, {}
    try:
        need = Counter(game.field(item, "needs"))
        taken = {side: Counter() for side in SIDES}
        offers = [(o, game.field(o, "side"), game.field(o, "res")) for o in game.zone(None, "market").items]
        for o, side, res in offers:
            taken[side][res] += game.field(o, "taken")
        need = {x: n for x, n in (need - taken["west"] - taken["east"]).items() if n > 0}
        taken = {side: {x: n for x, n in bought.items() if n} for side, bought in taken.items()}
        m = _Market.of(game, you)
        least = m.cheapest(need, taken)
        coins = you.stock["coin"]
        answers = {}
        for o, side, res in offers:
            west_price, east_price, west_rebate, east_rebate = m.terms(frozenset())[res]
            price = west_price - west_rebate if side == "west" else east_price - east_rebate
            ok = False
            if need.get(res, 0) > 0 and price <= coins and m.makes(side, res):
                other = "east" if side == "west" else "west"
                bought = dict(taken[side], **{res: taken[side].get(res, 0) + 1})
                after = m.cheapest(dict(need, **{res: need[res] - 1}), {side: bought, other: taken[other]},
                                   frozenset({side}))
                ok = after < NO_WAY and after + price <= coins
            answers[o.key] = ok, price
        return least, answers
    finally:
        game.memo = kept


@settings(max_examples=examples(10), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, 10 ** 6), st.integers(3, 7))
def test_an_assessment_sets_what_one_worked_out_afresh_sets(seven_wonders, seed, players):
    """After every `assess` of random games the item's price and every offer's `ok` and `price` are
    variables holding what a fresh assessment gives (nothing kept, every offer searched): the
    sets `assess` skips leave the state, and so its digest, as setting every field would."""
    real = kernels.KERNELS["assess"]
    seen = []

    def checked(game, you, item):
        least, answers = assessed_afresh(game, you, item)
        yield from real.fn(game, you, item)
        evars = game.state.evars
        assert evars[item.key]["price"] == least
        for key, (ok, price) in answers.items():
            assert evars[key]["ok"] is ok
            assert evars[key]["price"] == price and type(evars[key]["price"]) is int
        seen.append(sum(ok for ok, _ in answers.values()))

    game = Game(seven_wonders, players, seed, [RandomAgent(seed + i) for i in range(players)])
    with mock.patch.dict(kernels.KERNELS, {"assess": kernels.Kernel(checked, real.arity, real.doc, real.sets)}):
        game.play()
    assert seen and any(seen)


@settings(max_examples=examples(1500), deadline=None)
@given(productions, productions, productions, price_lists(), needs, bought_so_far, st.integers(0, 8))
def test_an_offer_completes_a_payment_when_the_search_after_buying_it_says_so(own, west, east, prices, need, taken,
                                                                            coins):
    """An offer whose material nothing but that side can make is judged by the cheapest completion
    without a search: the answer is the search's (buy the unit, then the cheapest rest)."""
    m = market(own, west, east, *prices)
    least = m.cheapest(need, taken)
    for side, res in product(SIDES, need):
        if not m.makes(side, res):
            continue
        price = m.price_list.offer_prices[side, res]
        other = "east" if side == "west" else "west"
        bought = dict(taken[side], **{res: taken[side].get(res, 0) + 1})
        after = m.cheapest(dict(need, **{res: need[res] - 1}), {side: bought, other: taken[other]}, frozenset({side}))
        for purse in {coins, least - 1, least, least + 1}:   # the edges, where a coin decides
            assert kernels._completes(m, need, taken, least, purse, side, res, price) == \
                (after < NO_WAY and after + price <= purse)


def test_an_offer_pays_its_own_discount_not_the_best_one_of_its_side():
    """Wood comes only from the left, whose once-only discount is on manufactured goods: the cheapest
    payment (3 coins) takes it off the glass bought there too, but buying the wood first spends the
    discount on nothing (2 + 2 = 4 coins): with 3 coins the wood is not on offer."""
    rebates = {(side, kind): 0 for side in SIDES for kind in ("raw", "manufactured")}
    rebates["west", "manufactured"] = 1
    m = market(production({}, []), production({"wood": 1, "glass": 1}, []), production({"glass": 1}, []),
               {(side, kind): 2 for side in SIDES for kind in ("raw", "manufactured")}, rebates)
    need, nothing = {"wood": 1, "glass": 1}, {"west": {}, "east": {}}
    least = m.cheapest(need, nothing)
    assert least == 3
    assert not kernels._completes(m, need, nothing, least, 3, "west", "wood", 2)
    assert kernels._completes(m, need, nothing, least, 4, "west", "wood", 2)
