"""Kernels: the few game mechanics that are geometry, not rules, with typed signatures packs declare.

A pack names the kernels it uses with `extern NAME(param: type, ...);` so the linter can check
calls; the runtime looks them up here. Kernels are generators like every effect.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import product
from operator import mul, sub
from typing import Callable, Optional


@dataclass(frozen=True)
class Kernel:
    """A kernel function and the number of arguments it takes after (game, you)."""

    fn: Callable
    arity: int
    doc: str
    sets: tuple = ()   # entity fields the kernel writes (the compiler then reads them at run time)
    gives: Optional[str] = None   # a value kernel: the type of what it gives (a plain function, not a generator)


KERNELS: dict[str, Kernel] = {}


def kernel(arity: int, sets: tuple = (), gives: Optional[str] = None):
    """Register a kernel: a generator function (a statement; `sets`: the entity fields it writes), or
    with `gives` a plain function returning a value of that type, which changes nothing."""
    def register(fn: Callable) -> Callable:
        KERNELS[fn.__name__] = Kernel(fn, arity, (fn.__doc__ or "").strip(), tuple(sets), gives)
        return fn
    return register


# ---------------------------------------------------------------------------------------------
# 7 Wonders: which purchases from the neighbours cover a cost (rules/seven_wonders).
#
# A pure computation over the cities, with no decision and no random draw: the pack decides and
# pays in its own rules (proc buy_for), one purchase at a time. `quote` is a value kernel (the price
# of a card or stage, used in the rules' conditions); `assess`, which works out a whole market at
# once during a payment, is a statement writing fields: `price` on the card or stage, `ok` and
# `price` on the offers of the zone `market`.
#
# The pack's conventions: a player's production is the cards of `city`, the board of `board` and
# the stages of `built_stages`; each gives every material of its `makes` list and one of its
# `choice` list each turn, and neighbours may buy it when `sellable` is true. A cost is the list
# `needs`. An offer is one unit of `res` from the neighbour on `side` (west: left, east: right),
# already bought `taken` times in the payment under way. A purchase's price is 2 coins as the
# modifiers of the action `trade(side, goods)` change it, read where `pay` reads them.

NO_WAY = 1000   # the price of a cost that no purchase can cover
_NOTHING: Counter = Counter()
MANUFACTURED = frozenset({"glass", "papyrus", "textile"})
MATERIALS = ("wood", "stone", "ore", "clay", "glass", "papyrus", "textile")
BASE_PRICE = [("plain", "coin", 2)]
# Cities' Secret Warehouse and Black Market: a `choice` list naming `produced` (or `unproduced`)
# stands for the materials that the player's brown and grey cards and board produce (or do not)
# at the moment the choice is used, so it follows the city as it grows.
MIRRORS = frozenset({"produced", "unproduced"})


def _own_materials(game, h) -> frozenset:
    """The materials a player's brown and grey cards and wonder board produce (Cities' mirrors)."""
    found = set()
    for zone in ("city", "board"):
        for e in game.zone(h, zone).items:
            if zone == "board" or game.field(e, "colour") in ("brown", "grey"):
                found.update(game.field(e, "makes"))
                found.update(game.field(e, "choice"))
    return frozenset(found - MIRRORS)


def _mirrored(game, h, choice) -> frozenset:
    """A choice list with Cities' `produced`/`unproduced` markers replaced by the materials they mean."""
    if not MIRRORS.intersection(choice):
        return frozenset(choice)
    own = _own_materials(game, h)
    return frozenset(own if "produced" in choice else set(MATERIALS) - own)


# the fields production is made of (a mirror choice reads the colour of the player's cards)
PRODUCTION_FIELDS = frozenset({"sellable", "makes", "choice", "colour"})
PRODUCTION_ZONES = ("city", "board", "built_stages")


def _production(game, h, sellable_only: bool) -> tuple[Counter, list]:
    """(the fixed units a player produces per material, the choice lists), all or sellable only.
    Kept for the game while the player's production zones hold the same cards and no rule has set
    a production field of any card since: they alone decide it."""
    zones = tuple(tuple(game.zone(h, zone).items) for zone in PRODUCTION_ZONES)
    game.watched |= PRODUCTION_FIELDS
    key = ("production", h, sellable_only, zones, game.watched_sets)
    known = game.memo.get(key)
    if known is not None:
        return known
    fixed: Counter = Counter()
    choices: list = []
    for items in zones:
        for e in items:
            if sellable_only and not game.field(e, "sellable"):
                continue
            fixed.update(game.field(e, "makes"))
            choice = game.field(e, "choice")
            if choice:
                choices.append(_mirrored(game, h, choice))
    game.memo[key] = fixed, choices
    return fixed, choices


def _covers(demand, fixed, choices: list) -> bool:
    """Whether fixed units and one unit per choice list can cover a demand (Hall's condition: every
    set of materials needs at most the fixed units of it plus the choice lists that touch it)."""
    mats, short = [], []   # what the fixed units leave to cover (`get`: a Counter's missing key calls Python)
    for m, n in demand.items():
        if n > fixed.get(m, 0):
            mats.append(m)
            short.append(n - fixed.get(m, 0))
    if not short:
        return True
    # each choice list as the bits of the short materials it offers (the sets are tried as bit masks)
    offers = []
    for c in choices:
        bits = 0
        for i, m in enumerate(mats):
            if m in c:
                bits |= 1 << i
        if bits:
            offers.append(bits)
    if sum(short) > len(offers):
        return False
    for mask in range(1, 1 << len(mats)):
        wanted = 0
        for i, n in enumerate(short):
            if mask >> i & 1:
                wanted += n
        if wanted > sum(1 for bits in offers if bits & mask):
            return False
    return True


def _prices(game, h) -> tuple[dict, dict]:
    """(the coins one unit costs per (side, goods) as the lasting modifiers of `trade` make it,
    NO_WAY while a modifier forbids buying or makes the price something else than coins; the
    coins a `once` modifier takes off the next unit from that side, Cities' Clandestine Docks).
    Kept for the game while the same modifiers of `trade` are in force, none with a `while`
    condition: they alone decide the prices (a condition reads the state, so it is asked anew)."""
    in_force = tuple(game.by_action.get("trade", ()))
    lasting = any(m.lasting for m in in_force)
    key = ("trade prices", h, in_force)
    if not lasting and key in game.memo:
        return game.memo[key]
    out, rebates = {}, {}
    for side in ("west", "east"):
        for goods in ("raw", "manufactured"):
            tag = ("trade", {"side": side, "goods": goods})
            costs = game.modified_costs(h, tag, BASE_PRICE)
            coins = [sum(t[2] for t in c) for c in costs if all(t[0] == "plain" and t[1] == "coin" for t in c)]
            price = min(coins, default=NO_WAY)
            # a once-only reduction applies to one unit: the price of the others is the price
            # without it (reductions come last and stop at zero, so adding it back is exact while
            # the price it reduced was at least the reduction)
            once = sum(t[2] for m in game.modifiers_of(h, tag) if m.once for a in m.adjustments
                       if a[0] == "cost" and a[1] == "-" for t in a[2] if t[1] == "coin")
            if price < NO_WAY and once:
                out[side, goods], rebates[side, goods] = price + once, once
            else:
                out[side, goods], rebates[side, goods] = price, 0
    if not lasting:
        game.memo[key] = out, rebates
    return out, rebates


def _price_of(prices: dict, side: str, material: str) -> int:
    return prices[side, "manufactured" if material in MANUFACTURED else "raw"]


class _Market:
    """What a player can produce and buy this turn: their production, the neighbours' sellable
    production and the prices."""

    def __init__(self, game, h):
        self.own = _production(game, h, False)
        self.sellers = {"west": _production(game, game.left(h), True),
                        "east": _production(game, game.right(h), True)}
        self.prices, self.rebates = _prices(game, h)
        self._sold: dict = {}   # (side, units) -> whether that neighbour can sell them

    def rebate(self, side: str, material: str) -> int:
        """The coins the next unit of a material from that side costs less (a once-only discount)."""
        return self.rebates[side, "manufactured" if material in MANUFACTURED else "raw"]

    def cheapest(self, need: Counter, taken: dict, spent: frozenset = frozenset()) -> int:
        """The fewest coins that buy what the player's own production cannot cover of `need`, on
        top of the units already `taken` from each side (which the sellers must still be able to
        produce); NO_WAY when nothing covers it. A side's once-only discount applies to one unit
        bought from it, unless the side is in `spent`."""
        fixed, choices = self.own
        mats = sorted(m for m, n in need.items() if n > fixed.get(m, 0))
        short = [need[m] - fixed.get(m, 0) for m in mats]
        west_taken = {m: n for m, n in taken["west"].items() if n > 0}
        east_taken = {m: n for m, n in taken["east"].items() if n > 0}
        if not mats:
            return 0 if self._sells("west", west_taken) and self._sells("east", east_taken) else NO_WAY
        west_price = [_price_of(self.prices, "west", m) for m in mats]
        east_price = [_price_of(self.prices, "east", m) for m in mats]
        west_rebate = [0 if "west" in spent else self.rebate("west", m) for m in mats]
        east_rebate = [0 if "east" in spent else self.rebate("east", m) for m in mats]
        # no split of a purchase costs less than each unit at its cheaper side, less both discounts
        floor_price = [min(w, e) for w, e in zip(west_price, east_price)]
        most_off = max(west_rebate) + max(east_rebate)
        discounts = most_off > 0
        west_extra = [w - e for w, e in zip(west_price, east_price)]   # a unit from the west, not the east
        best = NO_WAY
        # how many units of each material to buy (the rest from your own choice cards), then how
        # many of those from the west; the sellers must produce what they sell
        for buy in product(*(range(n + 1) for n in short)):
            if sum(map(mul, buy, floor_price)) - most_off >= best:
                continue
            if not _covers({m: n - b for m, n, b in zip(mats, short, buy) if n > b}, _NOTHING, choices):
                continue
            all_east = sum(map(mul, buy, east_price))
            for west in product(*(range(b + 1) for b in buy)):
                coins = all_east + sum(map(mul, west, west_extra))
                if discounts:
                    coins -= max((r for r, w in zip(west_rebate, west) if w), default=0)
                    coins -= max((r for r, b, w in zip(east_rebate, buy, west) if b > w), default=0)
                if coins >= best:
                    continue
                if self._sells("west", _plus(west_taken, mats, west)) and \
                        self._sells("east", _plus(east_taken, mats, map(sub, buy, west))):
                    best = coins
        return best

    def makes(self, side: str, material: str) -> bool:
        """Whether the neighbour on that side produces the material for sale at all."""
        fixed, choices = self.sellers[side]
        return fixed.get(material, 0) > 0 or any(material in c for c in choices)

    def _sells(self, side: str, units: dict) -> bool:
        """Whether the neighbour on that side can produce `units` (positive counts) for sale."""
        key = (side, frozenset(units.items()))
        known = self._sold.get(key)
        if known is None:
            fixed, choices = self.sellers[side]
            known = self._sold[key] = _covers(units, fixed, choices)
        return known


def _plus(base: dict, mats: list, counts) -> dict:
    """`base` (positive counts by material) with `counts` more of each of `mats`."""
    out = dict(base)
    for m, n in zip(mats, counts):
        if n:
            out[m] = out.get(m, 0) + n
    return out


def _missing(game, item) -> tuple[Counter, dict]:
    """(what is still to cover of an item's cost, the units already bought per side) in the
    payment under way: the offers of the market record the purchases."""
    need = Counter(game.field(item, "needs"))
    taken = {"west": Counter(), "east": Counter()}
    for o in game.zone(None, "market").items:
        n = game.field(o, "taken")
        if n:
            res = game.field(o, "res")
            taken[game.field(o, "side")][res] += n
            need[res] -= n
    return +need, taken


@kernel(1, gives="int")
def quote(game, you, item):
    """7 Wonders: the fewest coins buying from the neighbours what your city lacks for the item's cost
    (1000 when no purchase can cover it)."""
    fresh = {"west": Counter(), "east": Counter()}
    return _Market(game, you).cheapest(Counter(game.field(item, "needs")), fresh)


@kernel(1, sets=("price", "ok"))
def assess(game, you, item):
    """7 Wonders, during a payment: set item.price to the fewest coins still to spend (0: your city
    covers the rest, as no purchase is free in this game) and mark each offer of the market `ok` when buying it, at its `price`, still
    lets you complete the payment with the coins you have."""
    need, taken = _missing(game, item)
    market = _Market(game, you)
    game.set_field(item, "price", market.cheapest(need, taken))
    coins = you.stock["coin"]
    for o in game.zone(None, "market").items:
        side, res = game.field(o, "side"), game.field(o, "res")
        price = _price_of(market.prices, side, res) - market.rebate(side, res)
        ok = False
        if need[res] > 0 and price <= coins and market.makes(side, res):
            rest = dict(taken)
            rest[side] = taken[side] + Counter({res: 1})
            after = market.cheapest(need - Counter({res: 1}), rest, frozenset({side}))
            ok = after < NO_WAY and after + price <= coins
        game.set_field(o, "ok", ok)
        game.set_field(o, "price", price)
    return
    yield


from . import kernels_tapestry  # noqa: E402,F401  (registers Tapestry's map and capital kernels)
