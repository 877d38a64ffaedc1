"""Kernels: the few game mechanics that are geometry, not rules, with typed signatures packs declare.

A pack names the kernels it uses with `extern NAME(param: type, ...);` so the linter can check
calls; the runtime looks them up here. Kernels are generators like every effect.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import product, repeat
from operator import add, mul, sub
from typing import Callable, NamedTuple, Optional


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


class _Production:
    """What a player produces each turn, all of it or what the neighbours may buy."""

    __slots__ = ("fixed", "choices", "choosable")

    def __init__(self, fixed: Counter, choices: list):
        self.fixed = fixed            # units per material
        self.choices = choices        # one unit of one material of each of these sets
        self.choosable = frozenset().union(*choices)   # every material some choice offers


PRODUCTION_ZONES = ("city", "board", "built_stages")


def _production_zones(game, h) -> tuple:
    """The live lists of a player's production zones (city, wonder board, built stages). A zone's
    list is the same object for the whole game (moves change what it holds), so it is looked up once."""
    key = ("production zones", h)
    zones = game.memo.get(key)
    if zones is None:
        zones = game.memo[key] = tuple(game.zone(h, name).items for name in PRODUCTION_ZONES)
    return zones


def _production(game, h, sellable_only: bool) -> _Production:
    """A player's production, all or sellable only. Kept while the player's production zones hold
    the same cards and no rule has set a production field of any card since: they alone decide it.
    When cards were only added since, only they are read (unless a Cities mirror is produced: what
    it stands for follows the whole city)."""
    zones = _production_zones(game, h)
    if "makes" not in game.watched:   # all of them, at the first call
        for name in PRODUCTION_FIELDS.difference(game.watched):
            game.watched[name] = 0
    key = ("production", h, sellable_only)
    # (copies of the zones' lists, watched sets, whether a mirror is produced, production)
    last = game.memo.get(key)
    same_fields = last is not None and last[1] == game.watched_sets
    if same_fields and last[0] == zones:   # list by list, card by card (in C)
        return last[3]
    grown = same_fields and not last[2] and all(now[:len(before)] == before for before, now in zip(last[0], zones))
    if grown:
        added = [e for before, now in zip(last[0], zones) for e in now[len(before):]]
    else:
        added = [e for items in zones for e in items]
    makes, choices, mirrored = [], [], False
    for e in added:
        if sellable_only and not game.field(e, "sellable"):
            continue
        makes.extend(game.field(e, "makes"))
        choice = game.field(e, "choice")
        if choice:
            mirrored = mirrored or not MIRRORS.isdisjoint(choice)
            choices.append(_mirrored(game, h, choice))
    if not grown:
        made = _Production(Counter(makes), choices)
    elif makes or choices:
        fixed = Counter(last[3].fixed)
        fixed.update(makes)
        made = _Production(fixed, last[3].choices + choices)
    else:   # cards that add nothing leave the production the same object: a market laid out on it
        made = last[3]   # stays the same market (`_market`), with what it has priced
    game.memo[key] = tuple(map(list.copy, zones)), game.watched_sets, mirrored, made
    return made


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
    return _hall(short, _masks(choices, mats))


def _masks(choices, mats) -> tuple:
    """The choice lists that offer any of `mats`, each as a bit mask over them (bit i: mats[i]), in
    order: the sets are tried as bit masks, and sorted they name the same choices however listed."""
    masks = []
    for c in choices:
        bits = 0
        for i, m in enumerate(mats):
            if m in c:
                bits |= 1 << i
        if bits:
            masks.append(bits)
    masks.sort()
    return tuple(masks)


def _hall(short: list, offers: tuple) -> bool:
    """Whether one unit of each offer (a bit mask of the materials it can be) can cover `short`, the
    units wanted of each material by bit: no set of materials wants more than the offers touching it."""
    if sum(short) > len(offers):
        return False
    for mask in range(1, 1 << len(short)):
        wanted = 0
        for i, n in enumerate(short):
            if mask >> i & 1:
                wanted += n
        if wanted > sum(1 for bits in offers if bits & mask):
            return False
    return True


def _prices(game, h) -> "_PriceList":
    """A player's price list: (the coins one unit costs per (side, goods) as the lasting modifiers
    of `trade` make it, NO_WAY while a modifier forbids buying or makes the price something else
    than coins; the coins a `once` modifier takes off the next unit from that side, Cities'
    Clandestine Docks), with what is worked out from them. Kept for the game while the same
    modifiers of `trade` that can apply to the player are in force, none with a `while` condition:
    they alone decide the prices (a condition reads the state, so it is asked anew)."""
    in_force = tuple(game.by_action.get("trade", ()))
    lasting = any(m.lasting for m in in_force)
    # the modifiers that can bear on this player's trades: a trading post of another player's (`you`)
    # changes that player's prices only, so it leaves this price list (and the market laid out on it,
    # with what it has priced) as it was
    key = ("trade prices", h, tuple([m for m in in_force if _may_apply(m, h)]) if in_force else ())
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
    price_list = _PriceList(out, rebates)
    if not lasting:
        game.memo[key] = price_list
    return price_list


def _may_apply(m, h) -> bool:
    """Whether a modifier can change what `h` does (the subject test of `engine.matches`, filters
    aside): a modifier of `you` applies to its owner alone, of `opponents` to the others alone, of
    `teammates` to the owner's team's others."""
    subject = m.subject
    if subject == "you":
        return m.owner is h
    if subject == "opponents":
        return m.owner is not h
    if subject == "teammates":
        return m.owner is not h and m.owner.team == h.team
    return True


def _market(game, h) -> "_Market":
    """A player's market. Kept while the production zones of the player and both neighbours hold the
    same cards, no production field has been set since and the same modifiers of `trade` are in
    force, none with a condition: what its productions and prices are kept by. Kept too, with what it
    priced, while the cards built since change none of its productions and prices (they are then the
    very same objects), so that it can outlive the turn that laid it out."""
    in_force = tuple(game.by_action.get("trade", ()))
    if in_force and any(m.lasting for m in in_force):
        return _Market.of(game, h)
    memo = game.memo
    key = ("market", h)
    # (the nine live zone lists of the three cities, copies of them when the market was laid out,
    # watched sets, modifiers, market): only the latest is kept, as a city changes every turn
    last = memo.get(key)
    if last is not None and last[2] == game.watched_sets and last[3] == in_force and last[1] == last[0]:
        return last[4]
    # seats never change during a game, so the neighbours' zones are those of the first market
    zones = last[0] if last is not None else \
        _production_zones(game, h) + _production_zones(game, game.left(h)) + _production_zones(game, game.right(h))
    made = _Market.parts(game, h)
    if last is not None and last[4].laid_out_on(*made):
        market = last[4]   # the cards built since change none of its productions: what it priced stands
    else:
        market = _Market(*made)
    memo[key] = zones, tuple(map(list.copy, zones)), game.watched_sets, in_force, market
    return market


class _Market:
    """What a player can produce and buy this turn: their production, the neighbours' sellable
    production and the prices."""

    def __init__(self, own: _Production, west: _Production, east: _Production, price_list: "_PriceList",
                 solved: dict):
        self.own = own
        self.sellers = {"west": west, "east": east}
        self.price_list = price_list
        self.prices, self.rebates = price_list.prices, price_list.rebates
        self.solved = solved    # _Purchase -> its cheapest price, kept for the game
        self.terms = price_list.terms
        # what decides whether a purchase can be priced material by material (`_by_material`)
        self.sold_choosable = west.choosable | east.choosable
        self.quoted: dict = {}   # a cost's list of materials (as a tuple) -> `quote`'s answer

    def laid_out_on(self, own: _Production, west: _Production, east: _Production, price_list: "_PriceList",
                    solved: dict) -> bool:
        """Whether this market is laid out on these very productions and price list (none is changed
        once made: `_production` and `_prices` make a new one instead)."""
        sellers = self.sellers
        return self.own is own and sellers["west"] is west and sellers["east"] is east and \
            self.price_list is price_list and self.solved is solved

    @staticmethod
    def parts(game, h) -> tuple:
        """What a player's market is made of as the game stands (the arguments of `_Market`)."""
        return (_production(game, h, False), _production(game, game.left(h), True),
                _production(game, game.right(h), True), _prices(game, h), game.memo.setdefault("purchases", {}))

    @classmethod
    def of(cls, game, h) -> "_Market":
        """A player's market as the game stands."""
        return cls(*cls.parts(game, h))

    def cheapest(self, need: dict, taken: dict, spent: frozenset = frozenset()) -> int:
        """The fewest coins that buy what the player's own production cannot cover of `need`, on
        top of the units already `taken` from each side (positive counts by material, which the
        sellers must still be able to produce); NO_WAY when nothing covers it. A side's once-only
        discount applies to one unit bought from it, unless the side is in `spent`. Answered
        without a search when nothing is short or no choice card and no discount bears on the
        purchase; otherwise kept for the game by the purchase it comes to (`laid_out`), which
        holds all that the answer depends on."""
        west_taken, east_taken = taken["west"], taken["east"]
        own = self.own
        fixed = own.fixed
        short = {m: n - fixed.get(m, 0) for m, n in need.items() if n > fixed.get(m, 0)}
        if not short:   # all that is left is whether the neighbours can still sell what was bought
            west, east = self.sellers["west"], self.sellers["east"]
            sells = (not west_taken or _covers(west_taken, west.fixed, west.choices)) and \
                (not east_taken or _covers(east_taken, east.fixed, east.choices))
            return 0 if sells else NO_WAY
        sold_choosable = self.sold_choosable
        if not self.price_list.discounted and own.choosable.isdisjoint(short) and sold_choosable.isdisjoint(short) \
                and sold_choosable.isdisjoint(west_taken) and sold_choosable.isdisjoint(east_taken):
            return self._by_material(short, west_taken, east_taken)
        problem = self.laid_out(short, west_taken, east_taken, spent)
        known = self.solved.get(problem)
        if known is None:
            known = self.solved[problem] = problem.cheapest()
        return known

    def laid_out(self, short: dict, west_taken: dict, east_taken: dict, spent: frozenset) -> "_Purchase":
        """The purchase of what is `short` after your fixed production (positive units by material)
        on top of what was taken, as `_Purchase` lays it out for the search."""
        own = self.own
        mats = tuple(sorted(short))
        units = tuple(map(short.__getitem__, mats))
        # what the sellers may be asked for: what you buy and what you already bought of them
        sold = mats + tuple(sorted((west_taken.keys() | east_taken.keys()) - set(mats))) if west_taken or east_taken else mats
        return _Purchase(
            mats, units, () if own.choosable.isdisjoint(mats) else _masks(own.choices, mats),
            self._seller("west", sold, units, west_taken), self._seller("east", sold, units, east_taken),
            tuple(map(self.terms(spent).__getitem__, mats)))

    def _by_material(self, short: dict, west_taken: dict, east_taken: dict) -> int:
        """`cheapest` when no choice card bears on the purchase (none of yours offers a material
        short, none of the neighbours' a material short or bought) and no discount applies: each
        material is bought apart, from the cheaper side first (what `_Purchase.cheapest` comes to
        then, without laying out the purchase)."""
        west_fixed, east_fixed = self.sellers["west"].fixed, self.sellers["east"].fixed
        for m, n in west_taken.items():
            if n > west_fixed.get(m, 0):
                return NO_WAY   # something already bought is no longer for sale
        for m, n in east_taken.items():
            if n > east_fixed.get(m, 0):
                return NO_WAY
        terms = self.terms(NOTHING_SPENT)
        coins = 0
        for m, n in short.items():
            west = west_fixed.get(m, 0) - west_taken.get(m, 0)
            east = east_fixed.get(m, 0) - east_taken.get(m, 0)
            if n > west + east:
                return NO_WAY
            west_price, east_price, _, _ = terms[m]
            if west_price <= east_price:
                coins += west_price * min(n, west) + east_price * max(0, n - west)
            else:
                coins += east_price * min(n, east) + west_price * max(0, n - east)
        return min(coins, NO_WAY)

    def _seller(self, side: str, sold: tuple, short: tuple, taken: dict) -> tuple:
        """(the fixed units, the choice lists as bit masks, the units already taken) of the neighbour
        on that side over the materials `sold`, as far as the purchase can ask: no more fixed units
        of one than it can ask for (what was taken and what is short), no choice of a material the
        fixed units cover. Nothing else of theirs bears on the purchase."""
        seller = self.sellers[side]
        fixed, choices, choosable = seller.fixed, seller.choices, seller.choosable
        if taken:
            gone = tuple(taken.get(m, 0) for m in sold)
            most = tuple(map(add, gone, short + (0,) * (len(sold) - len(short))))   # the most it can ask for
        else:
            gone = (0,) * len(sold)
            most = short + gone[len(short):]
        have = tuple(map(min, map(fixed.get, sold, repeat(0)), most))
        if choosable.isdisjoint(sold):
            return have, (), gone
        return have, _masks(choices, [m if f < n else None for m, f, n in zip(sold, have, most)]), gone

    def makes(self, side: str, material: str) -> bool:
        """Whether the neighbour on that side produces the material for sale at all."""
        seller = self.sellers[side]
        return seller.fixed.get(material, 0) > 0 or material in seller.choosable


class _Terms(dict):
    """A market's terms per material (`_Market.terms`), each worked out when first asked."""

    def __init__(self, prices: dict, rebates: dict, spent: frozenset):
        super().__init__()
        self.prices, self.rebates, self.spent = prices, rebates, spent

    def __missing__(self, material: str) -> tuple:
        goods = "manufactured" if material in MANUFACTURED else "raw"
        prices, rebates, spent = self.prices, self.rebates, self.spent
        terms = self[material] = (prices["west", goods], prices["east", goods],
                                  0 if "west" in spent else rebates["west", goods],
                                  0 if "east" in spent else rebates["east", goods])
        return terms


class _PriceList:
    """What a player pays the neighbours (`_prices`), kept with the prices worked out from it:
    per material and sides whose discount is spent (`terms`), and per offer."""

    def __init__(self, prices: dict, rebates: dict):
        self.prices, self.rebates = prices, rebates
        self.discounted = any(rebates.values())
        self._terms: dict = {}   # spent -> _Terms
        self.offer_prices = _OfferPrices(self.terms(NOTHING_SPENT))

    def terms(self, spent: frozenset) -> _Terms:
        """Per material (the price of a unit from the west, from the east, the once-only discount
        in the west, in the east), with no discount on the sides `spent`."""
        terms = self._terms.get(spent)
        if terms is None:
            terms = self._terms[spent] = _Terms(self.prices, self.rebates, spent)
        return terms


class _OfferPrices(dict):
    """An offer's price per (side, material): a unit from that side less the side's once-only
    discount, each worked out when first asked."""

    def __init__(self, terms: _Terms):
        super().__init__()
        self.terms = terms

    def __missing__(self, offer: tuple) -> int:
        side, material = offer
        west_price, east_price, west_rebate, east_rebate = self.terms[material]
        price = self[offer] = west_price - west_rebate if side == "west" else east_price - east_rebate
        return price


class _Purchase(NamedTuple):
    """One purchase, everything its cheapest price depends on and nothing else, so that the price
    can be kept by it: what is short of `mats` after your own fixed production, your choice cards
    (bit masks over `mats`), each neighbour's (fixed units, choice masks, units already taken) over
    `mats` and then any other material taken from either, and per material (the price from the
    west, from the east, the once-only discount in the west, in the east: 0 when spent)."""

    mats: tuple
    short: tuple
    own: tuple
    west: tuple
    east: tuple
    prices: tuple

    def cheapest(self) -> int:
        """The fewest coins that cover the shortfall (NO_WAY: no purchase can).
        Buying more never costs less (a price is at least its discount) and a neighbour who can sell
        some units can sell fewer, so only the least purchases your choice cards leave are tried."""
        buys = _least_buys(self.short, self.own)
        (west_have, west_masks, west_gone), (east_have, east_masks, east_gone) = self.west, self.east
        if not west_masks and not east_masks and not any(p[2] or p[3] for p in self.prices):
            return self._by_material(buys)
        west_price = [p[0] for p in self.prices]
        east_price = [p[1] for p in self.prices]
        west_rebate = [p[2] for p in self.prices] or [0]
        east_rebate = [p[3] for p in self.prices] or [0]
        # no split of a purchase costs less than each unit at its cheaper side, less both discounts
        floor_price = [min(w, e) for w, e in zip(west_price, east_price)]
        most_off = max(west_rebate) + max(east_rebate)
        discounts = most_off > 0
        west_extra = [w - e for w, e in zip(west_price, east_price)]   # a unit from the west, not the east
        # a neighbour without choice cards sells at most its spare units of each material: only the
        # splits within them are tried (`_sells` refuses the others), and that neighbour needs no test
        size = len(self.mats)
        west_spare = None if west_masks else list(map(sub, west_have, west_gone))
        east_spare = None if east_masks else list(map(sub, east_have, east_gone))
        if min(west_spare[size:] if west_spare else (), default=0) < 0 or \
                min(east_spare[size:] if east_spare else (), default=0) < 0:
            return NO_WAY   # something already bought (of no material short now) is no longer for sale
        west_known: dict = {}   # units from the west -> whether the west sells them (one search)
        east_known: dict = {}
        best = NO_WAY
        for floor_coins, buy in sorted((sum(map(mul, b, floor_price)), b) for b in buys):
            if floor_coins - most_off >= best:
                break
            # how many of each material to buy from the west (the rest from the east)
            ranges = []
            for i, b in enumerate(buy):
                least = 0 if east_spare is None else max(0, b - east_spare[i])
                most = b if west_spare is None else min(b, west_spare[i])
                if least > most:
                    break   # the plain neighbours cannot sell this purchase however it is split
                ranges.append(range(least, most + 1))
            else:
                all_east = sum(map(mul, buy, east_price))
                for west in product(*ranges):
                    coins = all_east + sum(map(mul, west, west_extra))
                    if discounts:
                        coins -= max((r for r, w in zip(west_rebate, west) if w), default=0)
                        coins -= max((r for r, b, w in zip(east_rebate, buy, west) if b > w), default=0)
                    if coins < best and (west_spare is not None or _sells(self.west, west, west_known)) and \
                            (east_spare is not None or _sells(self.east, tuple(map(sub, buy, west)), east_known)):
                        best = coins
        return best

    def _by_material(self, buys: list) -> int:
        """`cheapest` when the neighbours sell from fixed units alone and no discount applies: each
        material is bought apart, at the cheaper side first."""
        (west_have, _, west_taken), (east_have, _, east_taken) = self.west, self.east
        west_spare = list(map(sub, west_have, west_taken))
        east_spare = list(map(sub, east_have, east_taken))
        if min(west_spare, default=0) < 0 or min(east_spare, default=0) < 0:
            return NO_WAY   # something already bought is no longer for sale
        best = NO_WAY
        for buy in buys:
            coins = 0
            for n, (west_price, east_price, _, _), west, east in zip(buy, self.prices, west_spare, east_spare):
                if n > west + east:
                    break
                if west_price <= east_price:
                    coins += west_price * min(n, west) + east_price * max(0, n - west)
                else:
                    coins += east_price * min(n, east) + west_price * max(0, n - east)
            else:
                best = min(best, coins)
        return best


def _least_buys(short: tuple, own: tuple) -> list:
    """The purchases (units of each short material) that leave your choice cards (bit masks) just
    enough to cover: each is what is short less a most that the cards can make together."""
    if not own:
        return [short]
    made = {(0,) * len(short)}   # what the cards can make, capped at what is short
    for bits in own:
        more = set()
        for units in made:
            for i, n in enumerate(short):
                if bits >> i & 1 and units[i] < n:
                    more.add(units[:i] + (units[i] + 1,) + units[i + 1:])
        made |= more
    # the units the cards can make together are the independent sets of a transversal matroid (unit
    # slots matched to distinct cards): a most, to which no card adds a unit, is a basis, and every
    # basis has the same size
    top = max(map(sum, made))
    return [tuple(map(sub, short, units)) for units in made if sum(units) == top]


def _sells(seller: tuple, counts: tuple, known: dict) -> bool:
    """Whether a neighbour (`_Purchase.west` or `.east`) can produce `counts` more units of the
    purchase's materials on top of what was taken; `known` keeps that neighbour's answers in one search."""
    answer = known.get(counts)
    if answer is None:
        have, masks, taken = seller
        units = list(taken)
        for i, n in enumerate(counts):
            units[i] += n
        wanted = [i for i, (n, f) in enumerate(zip(units, have)) if n > f]
        # the choice masks over the wanted materials alone
        answer = not wanted or _hall([units[i] - have[i] for i in wanted],
                                     [b for b in (sum(1 << j for j, i in enumerate(wanted) if bits >> i & 1)
                                                  for bits in masks) if b])
        known[counts] = answer
    return answer


def _missing(game, item) -> tuple[dict, dict, list]:
    """(what is still to cover of an item's cost, the units already bought per side, positive counts
    by material; the offers of the market, each with its variables, side and material) in the
    payment under way: the offers record the purchases. The offers' fields are read as `Game.field`
    reads them (a variable set during play, else the declared value), without a call per field."""
    need = _counted(game.field(item, "needs"))
    taken: dict = {"west": {}, "east": {}}
    offers = []
    evars = game.state.evars
    for o in game.zone(None, "market").items:
        fields, vars_ = o.fields, evars.get(o.key)
        if vars_ is None:
            side, res, n = fields["side"], fields["res"], fields["taken"]
        else:
            side, res, n = vars_.get("side", fields["side"]), vars_.get("res", fields["res"]), \
                vars_.get("taken", fields["taken"])
        offers.append((o, vars_, side, res))
        if n:
            bought = taken[side]
            bought[res] = bought.get(res, 0) + n
            need[res] = need.get(res, 0) - n
    return {m: n for m, n in need.items() if n > 0}, taken, offers


def _still_needed(needs, taken: dict) -> dict:
    """What is still to cover of a list of materials once the units `taken` from each side are bought."""
    need = _counted(needs)
    for bought in taken.values():
        for m, n in bought.items():
            need[m] = need.get(m, 0) - n
    return {m: n for m, n in need.items() if n > 0}


def _counted(materials) -> dict:
    """A cost's list of materials as units per material (a Counter takes longer to make)."""
    units: dict = {}
    for m in materials:
        units[m] = units.get(m, 0) + 1
    return units


NOTHING_TAKEN: dict = {"west": {}, "east": {}}
NOTHING_SPENT: frozenset = frozenset()
SPENT = {"west": frozenset({"west"}), "east": frozenset({"east"})}
OTHER_SIDE = {"west": "east", "east": "west"}


@kernel(1, gives="int")
def quote(game, you, item, needs=None):
    """7 Wonders: the fewest coins buying from the neighbours what your city lacks for the item's cost
    (1000 when no purchase can cover it)."""
    if needs is None:
        if game.program.adjusted_fields:   # a list cost the modifiers discount (7.7g): its cheapest way
            return min(quote(game, you, item, way) for way in game.listed_cost(you, item, "needs"))
        needs = game.field(item, "needs")   # (the base game: its printed cost, with no call more)
    if not needs:
        return 0   # what `cheapest` answers for nothing to cover, without laying out the market
    market = _market(game, you)
    # kept with the market, which lasts while the productions and prices stay the same objects
    # (a wonder stage's cost is quoted every turn until built)
    key = tuple(needs)
    price = market.quoted.get(key)
    if price is None:
        price = market.quoted[key] = market.cheapest(_counted(needs), NOTHING_TAKEN)
    return price


@kernel(1, sets=("price", "ok"))
def assess(game, you, item):
    """7 Wonders, during a payment: set item.price to the fewest coins still to spend (0: your city
    covers the rest, as no purchase is free in this game) and mark each offer of the market `ok` when buying it, at its `price`, still
    lets you complete the payment with the coins you have."""
    need, taken, offers = _missing(game, item)
    market = _market(game, you)
    # each way the cost may be met (several while a modifier takes off a unit of the payer's choosing, 7.7g),
    # with the fewest coins completing it: the payment completes the cheapest, and a unit that completes any is ok
    if game.program.adjusted_fields:
        ways = [(still, market.cheapest(still, taken)) for still in
                (_still_needed(needs, taken) for needs in game.listed_cost(you, item, "needs"))]
        least = min(cheapest for _, cheapest in ways)
    else:   # (the base game: one way, the printed cost)
        ways, least = None, market.cheapest(need, taken)
    _set_changed(game, item, game.state.evars.get(item.key), "price", least)
    coins = you.stock["coin"]
    offer_prices = market.price_list.offer_prices
    for o, vars_, side, res in offers:
        price = offer_prices[side, res]
        if ways is None:
            ok = res in need and price <= coins and market.makes(side, res) and \
                _completes(market, need, taken, least, coins, side, res, price)
        else:
            ok = price <= coins and market.makes(side, res) and \
                any(res in still and _completes(market, still, taken, cheapest, coins, side, res, price)
                    for still, cheapest in ways)
        _set_changed(game, o, vars_, "ok", ok)
        _set_changed(game, o, vars_, "price", price)
    return
    yield


def _completes(market: _Market, need: dict, taken: dict, least: int, coins: int, side: str, material: str,
               price: int) -> bool:
    """Whether buying one unit of `material` from `side` at `price` still lets the payment be completed
    with `coins`, when `least` is the cheapest completion without it."""
    own = market.own
    bought = dict(taken[side])   # what this side will have sold, this unit included
    bought[material] = bought.get(material, 0) + 1
    if least == 0 and _covers(need, own.fixed, own.choices):
        # your city covers the rest (and less than the rest), so nothing is left to buy once this
        # unit is bought, if the neighbour can sell it on top of what was bought there (a discount
        # or a free trade can also make the cheapest completion 0: then it is searched)
        seller = market.sellers[side]
        return price <= coins and _covers(bought, seller.fixed, seller.choices)
    if least < NO_WAY and not market.price_list.discounted and need[material] > own.fixed.get(material, 0) \
            and material not in own.choosable and not market.makes(OTHER_SIDE[side], material):
        # every completion buys the material from this side (nothing else can make it), so the
        # cheapest one buys this unit among others: it costs `least` (a real price, below NO_WAY)
        return least <= coins
    rest = dict(need)
    rest[material] -= 1
    after = market.cheapest(rest, {side: bought, OTHER_SIDE[side]: taken[OTHER_SIDE[side]]}, SPENT[side])
    return after < NO_WAY and after + price <= coins


def _set_changed(game, e, variables: Optional[dict], name: str, value) -> None:
    """Set an entity's variable unless its `variables` already hold this very value (equal and of
    the same type): the state, its digest and a trace are those of setting it every time."""
    if variables is not None and name in variables:
        old = variables[name]
        if old == value and type(old) is type(value):
            return
    game.set_field(e, name, value)


from . import kernels_tapestry  # noqa: E402,F401  (registers Tapestry's map and capital kernels)
