"""Game state in plain Python objects (the hot path), with a JSON form for saving and comparing."""

from __future__ import annotations

import hashlib
import re
import sys
from collections import defaultdict
from functools import lru_cache
from typing import Any, Optional, Sequence

from rulebook.dsl.ast import decimal_text, is_decimal

MAX_VALUE = 10**18  # the largest number a stock or a local may hold (Game.bounded)
# the floor of a `signed` counter (3.3) in the `counters` table: no floor in play, where no value goes past MAX_VALUE
SIGNED_FLOOR = -MAX_VALUE
# The "option" a place of `Program.sized` names for an index of players (`counter support[player]`, a record's field
# `owner: player`): its elements are keyed by seat, 1 to the most seats of the pack's game, and a game of N seats
# keeps those up to N (Game.out_of_play), as a range up to an option keeps those up to the option's value. No option
# can be so named: `player_count` is the language's own word.
SEATS = "player_count"
# the computed field under which a kind's (or card's) `in force while COND;` is kept (a space: no rule can name it);
# Game.in_force works it out
IN_FORCE = "in force"


def by_sides(elements: dict) -> bool:
    """Whether an indexed declaration's elements (index -> flat name) are the sides of a board's cells (`var
    wall[edge of square]`, elements `wall[a,1|a,2]`): keyed by pairs of cells, listed one by one, not a grid."""
    return bool(elements) and "|" in next(iter(elements.values()))


def board_name(base: str, rest: tuple) -> str:
    """The name screens and views give one board of a grid: the grid's own name for two indexes; with
    more, the values of the indexes after the first two, those two written `*` (`meeple[*,*,north]`
    of `var meeple[1..15, 1..15, side]`: the board of the north sides, by row and column)."""
    return base if not rest else f"{base}[*,*,{','.join(map(str, rest))}]"


NONE_OPTION = "none"  # the extra option of `pick ... optional`


class Declined(str):
    """The extra option of `pick ... optional as "pass"`, by its label: a refusal as "none" is (an agent
    never plans it)."""
    __slots__ = ()

class NoField(LookupError):
    """A card or tile read for a field its kind does not have (reported as E601 at the rules line).
    Raised with a message, or by an entity's fields (`MissingField`) with the entity's label, the
    frame whose subscript missed and where: the name read is worked out only if the message is asked
    for (`Game.field` catches the miss of `owner`, `zone`... and answers them itself)."""

    def __str__(self) -> str:
        if len(self.args) == 1:
            return self.args[0]
        owner, frame, at = self.args
        key = missing_key(frame, at)
        return f"{owner} has no field" + ("" if key is None else f" {key!r}")

    def __reduce__(self):
        return NoField, (str(self),)   # (a frame cannot be pickled: a worker's error crosses as its message)


class BadValue(ValueError):
    """A value a rule cannot use, such as a negative count (reported as E601 at the rules line)."""

    def __str__(self) -> str:
        return self.args[0]


def nth(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st: a place counted from an end, as the trace and the screens say it."""
    return f"{n}{'th' if 10 <= n % 100 < 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def at_least_zero(amount: int, what: str) -> None:
    """Refuse a negative count at run time (the checker refuses a constant one)."""
    if amount < 0:
        raise BadValue(f"{what} needs a number of at least 0, not {amount}")


class MissingField:
    """The `default_factory` of an entity's fields (see `Fields`): a name they lack raises NoField
    (never a bare KeyError), naming the entity and, when its message is asked for, the name read."""

    __slots__ = ("owner",)

    def __init__(self, owner: str):
        self.owner = owner

    def __call__(self):
        frame = sys._getframe(1)   # the frame whose subscript missed (dict's own code calls this)
        raise NoField(self.owner, frame, frame.f_lasti)


def missing_key(frame, at: int) -> Optional[str]:
    """The name a frame's subscript at offset `at` was reading when it missed (`x.fields['v']`,
    `fields[name]`): the operand the instruction before it loads (a constant or a local), or None."""
    import dis

    before = None
    for ins in dis.get_instructions(frame.f_code):
        if ins.offset == at:
            if ins.opname != "BINARY_SUBSCR" or before is None:
                return None
            if before.opname == "LOAD_CONST":
                key = before.argval
            elif before.opname == "LOAD_FAST":
                key = frame.f_locals.get(before.argval)
            else:
                return None
            return key if type(key) is str else None
        before = ins
    return None


def Fields(values, owner: str) -> defaultdict:
    """An entity's static fields (or its fields with its variables over them: State.vals), by name; a
    missing one is a rules error (NoField), not a bare KeyError. An exact `defaultdict`, not a dict
    subclass of our own: CPython 3.11 subscripts a Python subclass of dict through a lookup and a call
    of `__getitem__` (dict's `__getitem__` is a method, not a slot wrapper, so a subclass gets the
    generic slot), about 2.5 times a dict's subscript, and generated code reads a field at nearly every
    rules line; a `defaultdict` keeps dict's own slot and calls its factory only for a name it lacks.
    Its factory holds the owner's label (`fields.default_factory.owner`)."""
    return defaultdict(MissingField(owner), values)


def merged_fields(fields: defaultdict, variables: dict) -> defaultdict:
    """An entity's fields with its variables over them (State.vals)."""
    merged = defaultdict(fields.default_factory, fields)
    merged.update(variables)
    return merged


class EntityDef:
    """A card, tile or space of the pack: static fields and its compiled effect slots."""

    __slots__ = ("kind", "name", "title", "fields", "effects", "span", "per_player", "key", "of", "origin",
                 "copies", "copy_number", "declared", "computed")

    def __init__(self, kind: str, name: str, title: Optional[str], fields: dict, effects: dict, span: str,
                 per_player: bool = False, copy_number: int = 1):
        self.kind, self.name, self.title = kind, name, title
        self.copy_number = copy_number   # 1 to N for a declaration `* N` (`copy_number` in the rules)
        self.declared = name.partition("#")[0]   # the declaration's name, every copy's `name` and index
        self.fields = Fields(fields, f"{kind} {name}")
        self.effects, self.span, self.per_player = effects, span, per_player
        self.key = name     # what the state keys it by: its place, its variables, its side
        self.of: Optional[str] = None   # the holder a per-player copy belongs to (None: the declared entity)
        self.origin = self
        self.copies: dict[str, "EntityDef"] = {}
        self.computed: dict = {}   # computed field -> its callable (rt, reader, this): `Engine.computed`

    def copy_for(self, holder: str) -> "EntityDef":
        """A per-player entity's copy for one player or actor (by name): the copy sits in that holder's
        zones and has its own variables and side. Copies are made once and shared by every game of
        the program, like the declared entities (they hold no state)."""
        origin = self.origin
        copy = origin.copies.get(holder)
        if copy is None:
            copy = EntityDef.__new__(EntityDef)
            for slot in ("kind", "name", "title", "fields", "effects", "span", "per_player", "copies", "copy_number",
                         "declared", "computed"):
                setattr(copy, slot, getattr(origin, slot))
            copy.key, copy.of, copy.origin = f"{origin.name}@{holder}", holder, origin
            origin.copies[holder] = copy
        return copy

    def place_key(self, owner: Optional["Holder"]) -> str:
        """Where-map key: a per-player entity has one place per player."""
        return f"{self.name}@{owner.name}" if self.per_player and owner is not None else self.name

    def __repr__(self) -> str:
        return f"<{self.kind} {self.name}>"

    def label(self) -> str:
        """How the entity is named in prompts and messages: its title, else its declaration's name
        (every copy of a `* N` declaration alike: a copy's number is no seat's to see, 9)."""
        return self.title or self.declared


class Holder:
    """A player or a neutral actor: its stocks (resources, counters, track positions) and zones."""

    __slots__ = ("index", "name", "stock", "zones", "is_player", "refs", "vars", "markers", "team", "title")

    def __init__(self, index: int, name: str, is_player: bool = True, title: Optional[str] = None):
        self.index, self.name, self.is_player = index, name, is_player
        self.title = title   # an actor's declared title (`actor neutral "Neutral player";`): how text names it
        self.team = 0   # the seat's team by the seats line's `teams` (0: none), set by the Game; not part of the state
        self.stock: dict[str, int] = {}
        self.zones: dict[str, list] = {}
        self.vars: dict[str, Any] = {}   # `var` declarations: values that are not numbers
        # track -> the positions of all the holder's markers there, sorted, for the tracks where it
        # has other than one (`add marker`, `remove marker`); the stock holds the most advanced
        self.markers: dict[str, list[int]] = {}
        self.refs: dict = {}   # the runtime's handles on this holder's zones (not part of the state)

    def __repr__(self) -> str:
        return self.name

    @property
    def fields(self):
        """Players and actors have stocks, not card fields."""
        raise NoField(f"{self.name} is a player or actor, not a card or tile")

    def label(self) -> str:
        """How the holder is named in prompts, messages and the trace: an actor by its title, where it
        has one (the state, logs and saves keep its name)."""
        return self.title or self.name


class Trigger:
    """An active `whenever`/`next` trigger: who owns it, what it listens to, when it expires."""

    __slots__ = ("tid", "owner", "subject", "event", "filters", "once", "until", "env", "rest", "resting")

    def __init__(self, tid, owner, subject, event, filters, once, until, env, rest=None, resting=False):
        self.tid, self.owner, self.subject, self.event = tid, owner, subject, event
        self.filters, self.once, self.until, self.env = filters, once, until, env
        self.rest, self.resting = rest, resting   # `once per PATTERN`: what wakes it; whether it has fired since

    def to_json(self) -> list:
        """The record as JSON; a `once per` trigger adds what wakes it and whether it rests (the others
        keep their eight fields, so the digests of games without one stay as they were)."""
        data = [self.tid, encode(self.owner), self.subject, self.event, {k: encode(v) for k, v in self.filters.items()},
                self.once, _until_json(self.until), {k: encode(v) for k, v in self.env.items()}]
        return data if self.rest is None else data + [_until_json(self.rest), self.resting]


class Modifier:
    """An active continuous effect (`modifier`): whose uses of which action it changes, how
    (`adjustments`: plain data, evaluated when it was registered), and when it ends."""

    __slots__ = ("mid", "owner", "subject", "action", "filters", "once", "until", "env", "lasting", "adjustments",
                 "since")

    def __init__(self, mid, owner, subject, action, filters, once, until, env, lasting, adjustments, since=0):
        self.mid, self.owner, self.subject, self.action = mid, owner, subject, action
        self.filters, self.once, self.until, self.env = filters, once, until, env
        self.lasting, self.adjustments = lasting, adjustments
        # its timestamp (State.clock) when it came into force; HELD for a card's modifier (7.7b), whose timestamp
        # is its card's (State.entered); 0 in a pack that keeps none (Game._react)
        self.since = since

    def to_json(self) -> list:
        """The record as JSON (adjustments hold names and numbers only; the timestamp only when kept)."""
        return [self.mid, encode(self.owner), self.subject, self.action, {k: encode(v) for k, v in self.filters.items()},
                self.once, _until_json(self.until), {k: encode(v) for k, v in self.env.items()}, self.lasting,
                [list(a) for a in self.adjustments]] + ([self.since] if self.since else [])


# Modifier.since of a card's modifier (`modifier ... in ZONE`, 7.7b): it came into force when its card came into
# the zone (State.entered), not when it was registered (before the game began)
HELD = -1


class Aside:
    """A card set aside (`set aside CARD until PATTERN`, 4.14b) until an event matching `until` (as a trigger's
    `until`, owned by `by`, who set it aside), then moved to `back`: (the zone's holder, its name, to its top,
    the card holding it for a zone a card holds, else None), the zone it came from unless told. `came`:
    (holder, zone name) it was taken from, whose visibility it keeps (`view.seen`) and whose holder `aside(p)`
    lists it for. While aside the card's place (`State.where`) is (that holder, no zone name, `items`): a
    one-card list that any rule moving the card empties as it empties a zone, so a card moved meanwhile is
    seen gone, and stays where it went."""

    __slots__ = ("card", "by", "until", "back", "came", "items")

    def __init__(self, card: EntityDef, by, until: tuple, back: tuple, came: tuple):
        self.card, self.by, self.until, self.back, self.came = card, by, until, back, came
        self.items = [card]

    def to_json(self) -> list:
        """[card, who set it aside, until, [holder, zone, top, card holding it], [holder, zone]]."""
        owner, zone, top, holding = self.back
        return [self.card.key, encode(self.by), _until_json(self.until),
                [encode(owner), zone, top, encode(holding)], [encode(self.came[0]), self.came[1]]]


def zone_place(owner: Optional["Holder"], name: str) -> str:
    """A zone's key in `State.remembered`: its name, and for a player's zone the player's (as `place_key`)."""
    return name if owner is None else f"{name}@{owner.name}"


class State:
    """Everything that changes during a game."""

    __slots__ = ("players", "actors", "globals", "gvars", "zones", "evars", "flipped", "triggers", "modifiers",
                 "once_done", "claimed", "where", "over", "known", "known_fields", "supply", "out", "retired", "vals",
                 "loops", "held", "filled", "reason", "sudden", "shown", "seen", "aside", "refilled", "remembered",
                 "clock", "entered")

    def __init__(self, player_count: int, actor_names: list[str], names: Sequence[str] = (),
                 actor_titles: Optional[dict] = None):
        # the seats' names (`seats ... named "White", "Black";`), else P1, P2, ...
        self.players = [Holder(i, names[i] if names else f"P{i + 1}") for i in range(player_count)]
        self.actors = {name: Holder(-1 - i, name, is_player=False, title=(actor_titles or {}).get(name))
                       for i, name in enumerate(actor_names)}
        self.globals: dict[str, int] = {}
        self.gvars: dict[str, Any] = {}   # global `var` declarations
        self.zones: dict[str, list] = {}
        self.evars: dict[str, dict] = {}   # entity key -> the variables set during play (saved, digested)
        # each entity (the object) with a variable set -> its fields with its variables over them, kept
        # by Game.set_field beside `evars` and never saved: generated code reads an entity variable as
        # `(rt.state.vals.get(x) or x.fields)['v']`, without a call
        self.vals: dict[EntityDef, defaultdict] = {}
        self.flipped: set[str] = set()
        self.triggers: list[Trigger] = []
        self.modifiers: list[Modifier] = []
        # timestamps (Magic's 613.7), kept only by a pack whose cards' modifiers replace (`value = N;`, 7.7b), where
        # the order of the replacements in force is the order their sources came into force: the clock ticks at each
        # card moved and each modifier registered; `entered`: entity place key -> the tick it came into its zone.
        # None: the pack keeps none (neither saved nor digested)
        self.clock: Optional[int] = None
        self.entered: dict[str, int] = {}
        self.once_done: set[str] = set()
        self.claimed: set[str] = set()
        self.where: dict[str, tuple] = {}   # entity place key -> (owner, zone name, the zone's list)
        self.over = False
        # what players learnt by `reveal`/`look`: entity place key -> indexes of the players who know it
        # (kept until the entity moves; a zone they may see needs no entry)
        self.known: dict[str, set[int]] = {}
        # the fields players learnt of entities they may not see (`reveal c.colour;`): entity place key
        # -> field -> indexes of the players who know it (kept until the entity moves)
        self.known_fields: dict[str, dict[str, set[int]]] = {}
        # what players saw in a zone before a swap they did not see took it away (`swap ... unseen`): zone place
        # (`zone_place`) -> entity place key -> the players who still believe it lies there (until they look again)
        self.remembered: dict[str, dict[str, set[int]]] = {}
        # what is left in the bank of each resource declared with a `supply` (empty without any)
        self.supply: dict[str, int] = {}
        self.out: list[Holder] = []   # the players knocked out (`eliminate`), in the order they went out
        self.retired: list[Holder] = []   # the players out of the turns who still take part (`retire`)
        # the labelled loops running (`repeat 5 as round`), innermost last (engine.Looping): the one
        # `end game after round;` ends the game after is marked; saved only while one is marked
        self.loops: list = []
        # the zones cards hold (`tucked: zone of card;` in a kind): "CARD_KEY.FIELD" -> its list, made when first
        # read (Game.card_zone); an empty one is neither saved nor digested. The items' place (`where`) is
        # (None, FIELD, the list, the card holding it)
        self.held: dict[str, list] = {}
        # the zones of an indexed zone `piles(ZONE)` reads that ever held an item (flat names: `supply[copper]`);
        # saved and digested only while one did
        self.filled: set[str] = set()
        # `end game "REASON";`: why the game ended, kept for its result (neither saved nor digested)
        self.reason: Optional[str] = None
        # `end game won by P;` / `end game lost by P;`: ("won" or "lost", the players named), which decides the
        # winners instead of the winner line (neither saved nor digested: the game is over)
        self.sudden: Optional[tuple] = None
        # the displays laid out (`fill market;` of a `zone market ... show 5 from deck`), which keep themselves
        # filled from then on, in declaration order; saved and digested only once one is
        self.shown: list[str] = []
        # each remembered position's record (`var board[point] global remembered: player;`, 3.3b), in the order the
        # Program lists them (Program.memories); None for a pack that remembers nothing (neither saved nor digested)
        self.seen: Optional[list[Memory]] = None
        # the cards set aside (`set aside CARD until PATTERN`), each in no zone until its return (Aside), in the
        # order they were set aside; saved and digested only while one is
        self.aside: list[Aside] = []
        # how many times each deck a rule counts (`refills(deck)`, `refills from PILE N times`) was refilled, by its
        # label (`deck`, `P1.deck`); saved and digested only once one was
        self.refilled: dict[str, int] = {}

    # ------------------------------------------------------------------ JSON form
    def to_json(self) -> dict:
        """A JSON-ready dict; equal games give equal dicts."""
        def holder(h: Holder) -> dict:
            data = {"stock": dict(sorted(h.stock.items())),
                    "zones": {z: [e.name for e in items] for z, items in sorted(h.zones.items())}}
            if h.vars:   # only for packs that declare variables: the digests of the others stay as they were
                data["vars"] = {k: encode(v) for k, v in sorted(h.vars.items())}
            if h.markers:   # only while someone has other than one marker on a track, likewise
                data["markers"] = {k: list(v) for k, v in sorted(h.markers.items())}
            return data
        data = {
            "players": [holder(p) for p in self.players],
            "actors": {n: holder(a) for n, a in sorted(self.actors.items())},
            "globals": dict(sorted(self.globals.items())),
            **({"gvars": {k: encode(v) for k, v in sorted(self.gvars.items())}} if self.gvars else {}),
            "zones": {z: [e.name for e in items] for z, items in sorted(self.zones.items())},
            "evars": {e: {k: encode(v) for k, v in sorted(d.items())} for e, d in sorted(self.evars.items())},
            "flipped": sorted(self.flipped),
            "triggers": [t.to_json() for t in self.triggers],
            "once": sorted(self.once_done),
            "claimed": sorted(self.claimed),
            "over": self.over,
        }
        if any(self.held.values()):   # only while a card holds something, likewise
            data["held"] = {k: [e.name for e in items] for k, items in sorted(self.held.items()) if items}
        if self.filled:   # only for packs reading piles(), likewise
            data["filled"] = sorted(self.filled)
        if self.shown:   # only once a display is laid out, likewise
            data["shown"] = list(self.shown)
        if self.seen is not None:   # only for packs that remember a position, likewise
            data["seen"] = [m.to_json() for m in self.seen]
        if self.modifiers:   # only while one is in force: games without any keep their digests
            data["modifiers"] = [m.to_json() for m in self.modifiers]
        if self.clock is not None:   # only for packs that keep timestamps, likewise
            data["clock"] = self.clock
            data["entered"] = dict(sorted(self.entered.items()))
        if any(a.items for a in self.aside):   # only while a card is set aside, likewise (not one moved meanwhile)
            data["aside"] = [a.to_json() for a in self.aside if a.items]
        if self.refilled:   # only once a counted deck was refilled, likewise
            data["refilled"] = dict(sorted(self.refilled.items()))
        if self.supply:   # only for packs with a limited supply, likewise
            data["supply"] = dict(sorted(self.supply.items()))
        if self.out:   # only when someone is knocked out, likewise
            data["out"] = [p.index for p in self.out]
        if self.retired:   # only when someone retired, likewise
            data["retired"] = [p.index for p in self.retired]
        if any(lp.pending for lp in self.loops):   # only while the game is to end after a round, likewise
            # a label, or [label, reason] for an `end game after LABEL "REASON";`
            data["ends_after"] = [lp.label if lp.reason is None else [lp.label, lp.reason]
                                  for lp in self.loops if lp.pending]
        if self.known:   # only when someone knows something, so the digests of games without it stay as they were
            data["known"] = {k: sorted(v) for k, v in sorted(self.known.items())}
        if self.remembered:   # likewise
            data["remembered"] = {z: {k: sorted(seats) for k, seats in sorted(d.items())}
                                  for z, d in sorted(self.remembered.items())}
        if self.known_fields:   # likewise
            data["known_fields"] = {k: {f: sorted(seats) for f, seats in sorted(d.items())}
                                    for k, d in sorted(self.known_fields.items())}
        return data

    def position(self) -> dict:
        """`to_json` with the timestamps as their order only: every tick to come is later than all of them, so
        two states alike but for the clock's count play alike (`pick ... longest` keys its positions by this)."""
        data = self.to_json()
        if self.clock is not None:
            ticks = sorted(set(self.entered.values()) | {m.since for m in self.modifiers if m.since > 0})
            rank = {t: i + 1 for i, t in enumerate(ticks)}
            del data["clock"]
            data["entered"] = {k: rank[t] for k, t in data["entered"].items()}
            for m in data.get("modifiers", ()):
                if len(m) > 10 and m[10] > 0:
                    m[10] = rank[m[10]]
        return data

    @classmethod
    def from_json(cls, data: dict, entities: dict[str, EntityDef], names: Sequence[str] = (),
                  actor_titles: Optional[dict] = None) -> "State":
        """Rebuild a State from `to_json` output and the pack's entities (`names`: the seats' names,
        `actor_titles`: the actors' titles)."""
        state = cls(len(data["players"]), list(data["actors"]), names, actor_titles)
        dec = lambda v: decode(v, state, entities)  # noqa: E731

        def fill(h: Holder, d: dict) -> None:
            h.stock = dict(d["stock"])
            h.vars = {k: dec(v) for k, v in d.get("vars", {}).items()}
            h.markers = {k: list(v) for k, v in d.get("markers", {}).items()}
            h.zones = {z: [entities[n].copy_for(h.name) if entities[n].per_player else entities[n] for n in names]
                       for z, names in d["zones"].items()}
            for z, items in h.zones.items():
                for e in items:
                    state.where[e.place_key(h)] = (h, z, items)

        for p, d in zip(state.players, data["players"]):
            fill(p, d)
        for n, d in data["actors"].items():
            fill(state.actors[n], d)
        state.globals = dict(data["globals"])
        state.zones = {z: [entities[n] for n in names] for z, names in data["zones"].items()}
        for z, items in state.zones.items():
            for e in items:
                state.where[e.name] = (None, z, items)
        state.held = {key: [entities[n] for n in names] for key, names in data.get("held", {}).items()}
        for key, items in state.held.items():   # (each held where it was: the card holding it first)
            card_key, _, field = key.rpartition(".")
            name, _, holder = card_key.partition("@")
            card = entities[name].copy_for(holder) if holder else entities[name]
            for e in items:
                state.where[e.name] = (None, field, items, card)
        state.gvars = {k: dec(v) for k, v in data.get("gvars", {}).items()}
        state.evars = {e: {k: dec(v) for k, v in d.items()} for e, d in data["evars"].items()}
        for key, variables in state.evars.items():
            name, _, holder = key.partition("@")
            e = entities[name].copy_for(holder) if holder else entities[name]
            state.vals[e] = merged_fields(e.fields, variables)
        state.flipped = set(data["flipped"])
        def until(u):   # a saved `until` (`_until_json`): one end, or a tuple of them
            if u is None or type(u[0]) is str:
                return None if u is None else (u[0], u[1], {k: dec(v) for k, v in u[2].items()})
            return tuple(until(end) for end in u)
        state.triggers = [Trigger(t[0], dec(t[1]), t[2], t[3], {k: dec(v) for k, v in t[4].items()}, t[5],
                                  until(t[6]), {k: dec(v) for k, v in t[7].items()}, *([until(t[8]), t[9]] if len(t) > 8 else []))
                          for t in data["triggers"]]
        state.modifiers = [Modifier(m[0], dec(m[1]), m[2], m[3], {k: dec(v) for k, v in m[4].items()}, m[5],
                                    until(m[6]), {k: dec(v) for k, v in m[7].items()}, m[8],
                                    [tuple(_terms(a)) for a in m[9]], *m[10:]) for m in data.get("modifiers", ())]
        state.clock = data.get("clock")
        state.entered = dict(data.get("entered", {}))
        state.aside = [Aside(dec({"entity": a[0]}), dec(a[1]), until(a[2]), (dec(a[3][0]), a[3][1], a[3][2], dec(a[3][3])),
                             (dec(a[4][0]), a[4][1])) for a in data.get("aside", ())]
        for a in state.aside:
            state.where[a.card.key] = (a.came[0], None, a.items)
        state.once_done = set(data["once"])
        state.claimed = set(data["claimed"])
        state.filled = set(data.get("filled", ()))
        state.shown = list(data.get("shown", ()))
        if data.get("seen"):   # (its running hashes are worked out again from the variables when first read)
            state.seen = [Memory(None, changed, {int(h, 16): n for h, n in counts.items()}) for changed, counts in data["seen"]]
        state.over = data["over"]
        state.known = {k: set(v) for k, v in data.get("known", {}).items()}
        state.known_fields = {k: {f: set(seats) for f, seats in d.items()}
                              for k, d in data.get("known_fields", {}).items()}
        state.remembered = {z: {k: set(seats) for k, seats in d.items()}
                            for z, d in data.get("remembered", {}).items()}
        state.supply = dict(data.get("supply", {}))
        state.refilled = dict(data.get("refilled", {}))
        state.out = [state.players[i] for i in data.get("out", ())]
        state.retired = [state.players[i] for i in data.get("retired", ())]
        # the loops are gone with the effects that ran them: what the state keeps is the ending asked for
        state.loops = [Ended(label) if isinstance(label, str) else Ended(*label) for label in data.get("ends_after", ())]
        return state

    def digest(self) -> str:
        """A short hash of the JSON form, to compare final states."""
        import json   # here, as in not_key: the lint imports this module for its constants only

        text = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]


class Memory:
    """The record of one remembered position (3.3b): `hash`, the running hash of its variables' present contents
    (a XOR of one 128-bit value per element and value, `Game.position_hash`; None until first worked out), `changed`,
    whether they changed since the last decision recorded them, and `counts`, each hash recorded -> how many
    decisions found it. A hypothetical run (`after`) puts back `hash` and `changed` alone (engine._SLOTTED): it
    records nothing, so `counts` is never copied per candidate."""

    __slots__ = ("hash", "changed", "counts")

    def __init__(self, hash: Optional[int], changed: bool, counts: dict):
        self.hash, self.changed, self.counts = hash, changed, counts

    def to_json(self) -> list:
        return [self.changed, {f"{h:032x}": n for h, n in sorted(self.counts.items())}]


class StateError(ValueError):
    """A saved state that names what the pack does not have, or that no game can reach."""


class Ended:
    """A labelled loop of a saved state the game is to end after (`ends_after`): its label alone (and the
    reason it is to end with, if any)."""

    __slots__ = ("label", "run", "reason")
    pending = True

    def __init__(self, label: str, reason: Optional[str] = None):
        self.label, self.run, self.reason = label, None, reason


def seat_names(program, count: int) -> list[str]:
    """The names of a game's `count` seats: its `seats ... named` names, else P1, P2, ..."""
    named = program.game.seat_names if program.game is not None else ()
    return list(named[:count]) if named else [f"P{i + 1}" for i in range(count)]


def team_count(teams: tuple, seats: int) -> int:
    """How many teams `seats` players make by a seats line's `teams` (number, by_size, seating): the
    number written, or after `of` as many as the seats fill (the last one short when they do not divide)."""
    number, by_size, _seating = teams
    return -(-seats // number) if by_size else number


def team_of_seat(teams: tuple, index: int, seats: int) -> int:
    """The team (from 1) of the seat at `index` (from 0) of `seats`: `alternating` deals the seats to the
    teams in turn (1, 3, 5 and 2, 4, 6), `adjacent` gives each team a run of seats side by side; teams
    that the seats do not divide differ by one player, the last ones short; `solo` puts the first seat alone in
    team 1 and deals the others to the other teams in turn (`teams 2 solo`: one against all)."""
    number, by_size, seating = teams
    count = team_count(teams, seats)
    if seating == "solo":
        return 1 if index == 0 else (index - 1) % (count - 1) + 2
    if seating == "alternating":
        return index % count + 1
    return index // number + 1 if by_size else index * count // seats + 1


def check_saved(data: dict, program) -> None:
    """Check a saved state's names against the pack and its invariants; raise StateError on the first
    problem. `data` has the shape of `State.to_json()` (record.SavedState checked that)."""
    p = program
    players = data["players"]
    names = seat_names(program, len(players))
    holder_names = set(names) | set(data["actors"])

    def fail(message: str):
        raise StateError(message)

    # the elements a game's options may leave off a board sized by an option (`var board[point]`, `counter
    # c[1..size]`): the state of a smaller game holds none of them (Game.out_of_play)
    optional = {flat for base in getattr(p, "sized", {}) for flat in p.indexed[base].values()}

    def same_names(kind: str, got, want) -> None:
        unknown, missing = sorted(set(got) - set(want)), sorted(set(want) - set(got) - optional)
        if unknown:
            fail(f"unknown {kind} {unknown[0]!r}")
        if missing:
            fail(f"no {kind} {missing[0]!r}")

    def bounded(where: str, value: int, low: Optional[int], high: Optional[int]) -> None:
        if low is not None and value < low or high is not None and value > high:
            fail(f"{where} is {value}, outside {low if low is not None else '...'} to "
                 f"{high if high is not None else '...'}")

    same_names("actor", data["actors"], p.actors)
    per_holder = [n for n, (is_global, _l, _h) in p.counters.items() if not is_global] + list(p.resources) \
        + [n for n, t in p.tracks.items() if not t.shared]
    own_zones = [z for z, (per_player, _k) in p.zones.items() if per_player]
    places: dict[str, str] = {}

    def place(entity: str, key: str, where: str) -> None:
        if entity not in p.entities:
            fail(f"unknown card or tile {entity!r} in {where}")
        if key in places:
            fail(f"{entity!r} is in {places[key]} and in {where}")
        places[key] = where

    holders = list(zip(names, players)) + sorted(data["actors"].items())
    scoped = getattr(p, "role_scoped", frozenset())
    for name, h in holders:
        if scoped:   # a role's state is its holders' alone (the role in the zone "role.held")
            mine = {n for r in h["zones"].get("role.held", ()) for n in p.roles.get(r, ())}
            same_names(f"stock of {name}", h["stock"], [n for n in per_holder if n not in scoped or n in mine])
            same_names(f"zone of {name}", h["zones"], [z for z in own_zones if z not in scoped or z in mine])
        else:
            same_names(f"stock of {name}", h["stock"], per_holder)
            same_names(f"zone of {name}", h["zones"], own_zones)
        for res, value in h["stock"].items():
            if res in p.resources:   # (a cap naming a counter may have fallen below the stock, which is kept)
                cap = p.resources[res][0]
                bounded(f"{name}.{res}", value, 0, cap if type(cap) is int else None)
            elif res in p.tracks:
                bounded(f"{name}.{res}", value, 0, p.tracks[res].top)
            else:
                low, high = p.counters[res][1:]
                bounded(f"{name}.{res}", value, low if low is not None else 0, high)
        for group, (cap, members) in p.groups.items():
            if type(cap) is str:
                cap = h["stock"].get(cap, 0)
            if cap is not None and sum(h["stock"].get(m, 0) for m in members) > cap:
                fail(f"{name} holds more {group} than its cap {cap}")
        for zone, names in h["zones"].items():
            for e in names:
                per_player = e in p.entities and p.entities[e].per_player
                place(e, f"{e}@{name}" if per_player else e, f"{name}.{zone}")
    same_names("global counter", data["globals"], [n for n, (g, _l, _h) in p.counters.items() if g]
               + [n for n, t in p.tracks.items() if t.shared])
    for name, value in data["globals"].items():
        bounded(name, value, *(p.counters[name][1:] if name in p.counters else (0, p.tracks[name].top)))
    same_names("shared zone", data["zones"], [z for z, (per_player, _k) in p.zones.items() if not per_player])
    for zone, names in data["zones"].items():
        for e in names:
            if e in p.entities and p.entities[e].per_player:
                fail(f"{e!r} belongs to each player and cannot be in the shared zone {zone!r}")
            place(e, e, zone)

    held_zones = getattr(p, "held", {})
    for key, names in data.get("held", {}).items():   # a zone a card holds: of a card whose kind declares it
        card_key, _, field = key.rpartition(".") if isinstance(key, str) else ("", "", "")
        name, at, holder = card_key.partition("@")
        if name not in p.entities or field not in held_zones.get(p.entities[name].kind, ()) \
                or at and not (p.entities[name].per_player and holder in holder_names):
            fail(f"{key!r} is no zone a card of this game holds")
        for e in names:
            if e in p.entities and p.entities[e].per_player:
                fail(f"{e!r} belongs to each player and cannot be held by {card_key!r}")
            if e == card_key:
                fail(f"{e!r} cannot hold itself")
            place(e, e, key)

    def entity_key(key: Any) -> bool:
        """`name`, or `name@holder` for a per-player entity's copy."""
        name, at, holder = key.partition("@") if isinstance(key, str) else ("", "", "")
        return name in p.entities and (not at or p.entities[name].per_player and holder in holder_names)

    records = getattr(p, "records", {})

    def value(v: Any, where: str) -> None:
        if isinstance(v, list):
            for item in v:
                value(item, where)
        elif isinstance(v, dict) and set(v) == {"record", "fields"}:   # a record: of the pack, all its fields
            fields = v["fields"]
            if not (isinstance(v["record"], str) and v["record"] in records and isinstance(fields, dict)
                    and tuple(fields) == records[v["record"]]):
                fail(f"{where} holds {str(v)[:60]}, which is no record of this game")
            for k, item in fields.items():
                value(item, f"{where}.{k}")
        elif isinstance(v, dict):
            (tag, name), = v.items() if len(v) == 1 else ((None, None),)
            if not (tag == "player" and type(name) is int and 0 <= name < len(players)
                    or tag == "actor" and isinstance(name, str) and name in data["actors"]
                    or tag == "entity" and entity_key(name)
                    or tag == "decimal" and type(name) is str and DECIMAL_TEXT.fullmatch(name) is not None
                    or tag == "is" and "'s filters." in where and isinstance(name, str)
                    and (name in p.entities or any(e.kind == name for e in p.entities.values()))):
                fail(f"{where} holds {v!r}, which is no player, actor, card or tile of this game")

    def table(d: Any, where: str) -> None:
        if not isinstance(d, dict):
            fail(f"{where} is not a table of values")
        for k, v in d.items():
            value(v, f"{where}.{k}")

    for name, h in holders:
        markers = h.get("markers", {})
        if not isinstance(markers, dict):
            fail(f"the markers of {name} are not a table")
        for track, positions in markers.items():
            top = p.tracks[track].top if track in p.tracks and not p.tracks[track].shared else None
            if top is None or not isinstance(positions, list) or len(positions) == 1 \
                    or not all(type(x) is int and 0 <= x <= top for x in positions) \
                    or h["stock"].get(track) != max(positions, default=0):
                fail(f"the markers of {name} on {track!r} are no positions of that track")
    variables = getattr(p, "variables", {})
    for name, h in holders:   # a role's variables are its holders' alone, as its counters and zones above
        mine = {n for r in h["zones"].get("role.held", ()) for n in p.roles.get(r, ())} if scoped else ()
        same_names(f"variable of {name}", h.get("vars", {}),
                   [v for v, (g, _d) in variables.items() if not g and (v not in scoped or v in mine)])
        table(h.get("vars", {}), name)
    same_names("global variable", data.get("gvars", {}), [v for v, (g, _d) in variables.items() if g])
    table(data.get("gvars", {}), "global")
    stocks = getattr(p, "stocks", {})
    for e, fields in data["evars"].items():
        if not entity_key(e):
            fail(f"unknown card or tile {e!r} with variables")
        table(fields, e)
        for name in stocks.get(p.entities[e.partition("@")[0]].kind, ()):   # a stock the card holds: 0 or more
            if name in fields:
                if type(fields[name]) is not int:
                    fail(f"{e}.{name} is a stock, a whole number, not {fields[name]!r}")
                bounded(f"{e}.{name}", fields[name], 0, None)
    for e in data["flipped"]:
        if not entity_key(e):
            fail(f"unknown card or tile {e!r} flipped")
    same_names("supply", data.get("supply", {}), getattr(p, "supplies", {}))
    for res, left in data.get("supply", {}).items():   # a bank declared `overdraw` may be below 0
        bounded(f"the supply of {res}", left, None if res in getattr(p, "overdrawn", ()) else 0, None)
    for key, seats in data.get("known", {}).items():
        if not isinstance(key, str) or key.split("@")[0] not in p.entities:
            fail(f"unknown card or tile {key!r} known")
        if not isinstance(seats, list) or not all(type(i) is int and 0 <= i < len(data["players"]) for i in seats):
            fail(f"{key!r} is known by {seats!r}, which are not seats of this game")
    for key, fields in data.get("known_fields", {}).items():
        if not isinstance(key, str) or key.split("@")[0] not in p.entities or not isinstance(fields, dict):
            fail(f"unknown card or tile {key!r} with fields known")
        for name, seats in fields.items():
            # (a place: `move ... known`; a value it is not: `colour!="red"`)
            if name.partition(NOT)[0] not in p.entities[key.split("@")[0]].fields and name not in ("@top", "@bottom"):
                fail(f"{key!r} has no field {name!r} to be known")
            if not isinstance(seats, list) or not all(type(i) is int and 0 <= i < len(data["players"]) for i in seats):
                fail(f"the {name} of {key!r} is known by {seats!r}, which are not seats of this game")
    for key, who in (("out", "knocked out"), ("retired", "retired")):
        out = data.get(key, [])
        if not isinstance(out, list) or not all(type(i) is int and 0 <= i < len(players) for i in out) \
                or len(set(out)) != len(out):
            fail(f"the players {who}, {str(out)[:60]}, are not distinct seats of this game")
    periods = {slot for _e, slot, _z, _w, rest in p.anytime if rest is not None}   # `anytime ... once per` (Game._periods)
    periods.update(site for site, _rest in p.option_periods)   # an option taken `once per` (likewise)
    for t in data["triggers"]:
        if len(t) not in (8, 10) or not isinstance(t[0], str) or t[0] not in p.triggers and t[0] not in periods \
                or not isinstance(t[5], bool) \
                or not all(isinstance(x, (str, type(None))) for x in t[2:4]) or len(t) == 10 and not isinstance(t[9], bool):
            fail(f"trigger {str(t)[:60]} is not a trigger of this pack")
        value(t[1], "a trigger's owner")
        table(t[4], "a trigger's filters")
        table(t[7], "a trigger's locals")
        for until, what in ((t[6], "'until'"), (t[8] if len(t) == 10 else None, "'once per'")):
            if until is not None:
                ends = _until_ends(until)
                if ends is None or what == "'once per'" and len(ends) > 1:
                    fail(f"a trigger's {what} is malformed")
                for end in ends:
                    table(end[2], f"a trigger's {what}")
        if len(t) == 10 and t[8] is None:
            fail("a trigger's 'once per' is malformed")
    for m in data.get("modifiers", ()):
        if len(m) not in (10, 11) or len(m) == 11 and type(m[10]) is not int or not all(isinstance(m[i], str) for i in (0, 2, 3)) or not isinstance(m[5], bool) \
                or not isinstance(m[8], bool) or (m[8] and m[0] not in p.conditions) or not isinstance(m[9], list) \
                or not all(_adjustment_ok(a, p) for a in m[9]):
            fail(f"modifier {str(m)[:60]} is not a modifier of this pack")
        value(m[1], "a modifier's owner")
        table(m[4], "a modifier's filters")
        table(m[7], "a modifier's locals")
        if m[6] is not None:
            ends = _until_ends(m[6])
            if ends is None:
                fail("a modifier's 'until' is malformed")
            for end in ends:
                table(end[2], "a modifier's 'until'")
    aside = data.get("aside", [])
    if not isinstance(aside, list):
        fail("'aside' is not a list of cards set aside")
    for a in aside:   # [card, who set it aside, until, [holder, zone, top, card holding], [holder, zone]]
        if not (isinstance(a, list) and len(a) == 5 and entity_key(a[0]) and _until_ends(a[2]) is not None
                and isinstance(a[3], list) and len(a[3]) == 4 and isinstance(a[3][1], str)
                and isinstance(a[3][2], bool) and isinstance(a[4], list) and len(a[4]) == 2 and isinstance(a[4][1], str)):
            fail(f"'aside' holds {str(a)[:60]}, which is no card set aside")
        place(a[0].partition("@")[0], a[0], "aside")
        held_names = {f for fields in held_zones.values() for f in fields}
        for zone in (a[3][1], a[4][1]):   # where it goes back and where it came from: zones of the pack
            if zone not in p.zones and zone not in held_names:
                fail(f"'aside' names {zone!r}, which is no zone of this game")
        for v, what in ((a[1], "who set it aside"), (a[3][0], "where it goes back"), (a[3][3], "where it goes back"),
                        (a[4][0], "where it came from")):
            value(v, f"a card set aside's {what}")
        for end in _until_ends(a[2]):
            table(end[2], "a card set aside's 'until'")
    ends = data.get("ends_after", [])
    if not (isinstance(ends, list) and all(isinstance(label, str) and label.isidentifier() or (
            isinstance(label, list) and len(label) == 2 and isinstance(label[0], str) and label[0].isidentifier()
            and isinstance(label[1], str)) for label in ends)):
        fail(f"'ends_after' {str(ends)[:60]} is not a list of loop labels")
    for key in data["once"]:
        if key.partition(":")[0] not in holder_names:
            fail(f"'once' names {key.partition(':')[0]!r}, who is not in the game")
    for name in data.get("filled", ()):
        if name not in p.piled:
            fail(f"'filled' names {name!r}, which is no pile piles() reads")
    seen = data.get("seen") or None
    if (seen is None) != (not p.memories) or seen is not None and not (
            isinstance(seen, list) and len(seen) == len(p.memories) and all(
                isinstance(m, list) and len(m) == 2 and isinstance(m[0], bool) and isinstance(m[1], dict) and all(
                    isinstance(h, str) and len(h) == 32 and all(c in "0123456789abcdef" for c in h)
                    and type(n) is int and n > 0 for h, n in m[1].items()) for m in seen)):
        fail(f"'seen' {str(seen)[:60]} is not the record of this pack's remembered positions")
    for name in data.get("shown", ()):
        if name not in p.shows:
            fail(f"'shown' names {name!r}, which is no display ('zone ... show N from ZONE')")
    for key in data["claimed"]:
        track, _, pos = key.rpartition(":")
        if track not in p.tracks or not pos.isdigit() or not 1 <= int(pos) <= p.tracks[track].top:
            fail(f"claimed reward {key!r} is no space of a track")


def _terms(adjustment: list) -> list:
    """An adjustment read back from JSON: its cost terms become tuples again."""
    if adjustment[0] == "cost" and adjustment[1] == "using":   # ("worth", (base, ((sub, rate), ...)), 0)
        return [adjustment[0], adjustment[1], [(t[0], (t[1][0], tuple(map(tuple, t[1][1]))), t[2])
                                               for t in adjustment[2]]]
    if adjustment[0] == "cost":
        return [adjustment[0], adjustment[1], [tuple(t) for t in adjustment[2]]]
    return adjustment


def _adjustment_ok(a: Any, p) -> bool:
    """Whether a saved modifier's adjustment has the shape `State.to_json` writes."""
    if not isinstance(a, (list, tuple)) or not a:
        return False
    if a[0] in ("forbid", "allow"):
        return len(a) == 1
    if len(a) == 3 and a[0] == "cost" and a[1] == "using":   # what stands for a resource: names and rates
        stocks = lambda n: type(n) is str and (n in p.resources or n in p.counters)  # noqa: E731
        return isinstance(a[2], (list, tuple)) and all(
            isinstance(t, (list, tuple)) and len(t) == 3 and t[0] == "worth" and t[2] == 0
            and isinstance(t[1], (list, tuple)) and len(t[1]) == 2 and stocks(t[1][0])
            and isinstance(t[1][1], (list, tuple)) and all(
                isinstance(u, (list, tuple)) and len(u) == 2 and stocks(u[0]) and type(u[1]) is int and u[1] >= 1
                for u in t[1][1])
            for t in a[2])
    if len(a) != 3 or a[1] not in ("+", "-", "=", "*"):
        return False
    if a[0] in ("gain", "lose", "value"):
        return type(a[2]) is int
    if a[1] == "*":   # `gain *2;` (a cost is not multiplied)
        return False
    return a[0] == "cost" and isinstance(a[2], (list, tuple)) and all(
        isinstance(t, (list, tuple)) and len(t) == 3 and t[0] in ("plain", "any", "different", "cards")
        and type(t[2]) is int and (t[1] in p.resources or t[1] in p.counters if t[0] == "plain" else t[1] is None
                                   or t[0] != "cards" and t[1] in p.groups)
        for t in a[2])


def _until_json(until) -> Any:
    """A saved `until`: [subject mode, event, filters], or a list of those (`until A or B`)."""
    if until is None:
        return None
    if type(until[0]) is not str:
        return [_until_json(end) for end in until]
    return [until[0], until[1], {k: encode(v) for k, v in until[2].items()}]


def _until_ends(data: Any) -> Optional[list]:
    """The ends of a saved `until` (`_until_json`) if it is well formed (each [mode, event, filters]), else None."""
    ends = data if isinstance(data, list) and data and isinstance(data[0], list) else [data]
    if all(isinstance(end, list) and len(end) == 3 and isinstance(end[1], str) for end in ends):
        return ends
    return None


# a decimal as a saved state writes it (`decimal_text`): digits, a point and places only after one
DECIMAL_TEXT = re.compile(r"-?[0-9]{1,40}(\.[0-9]{1,40})?")


def ring_apart(steps: int, size: int) -> int:
    """The steps between two places of a ring of `size` places (`place: 1..8 around;`) that are `steps` apart along
    its range: the short way round (below zero: down), the way up when both ways are as long (opposite places)."""
    steps %= size
    return steps - size if steps > size // 2 else steps


def as_written(value: Any) -> str:
    """A plain value as the rules write it: `none`, `true`, `false`, a list's items with commas, a
    decimal without trailing zeros."""
    if value is None or type(value) is bool:
        return "none" if value is None else "true" if value else "false"
    if is_decimal(value):
        return decimal_text(value)
    if type(value) is list:
        return ", ".join(map(as_written, value))
    return str(value)


def _frozen(value: Any) -> Any:
    """A field's value as a hashable one (a list as a tuple of its items), for a record's hash."""
    return tuple(map(_frozen, value)) if type(value) is list else value


def shown_value(value: Any, show) -> str:
    """A field's value in a record's title: a list as its items, separated by commas."""
    return ", ".join(map(show, value)) if type(value) is list else show(value)


class Record:
    """A value of a `record` of the rules (`corner(hex = 4, vertex = 2)`): the record's name and its
    fields by name, in the order the record declares them (`fields`, never changed once built: a
    generated read is `x.fields['hex']`, as a card's, and of none it fails as a card's read does).
    Equal when of one record with equal fields; hashable, so it may be a place of a network search
    or a key. One class for both backends."""

    __slots__ = ("record", "fields", "_hash")

    def __init__(self, record: str, fields: dict):
        self.record, self.fields, self._hash = record, fields, None

    def __eq__(self, other) -> bool:
        return other.__class__ is Record and self.record == other.record and self.fields == other.fields

    def __ne__(self, other) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        if self._hash is None:
            try:   # (the common record: no list among its fields, hashed as they are, the same hash as frozen)
                self._hash = hash((self.record, *self.fields.values()))
            except TypeError:
                self._hash = hash((self.record, *map(_frozen, self.fields.values())))
        return self._hash

    def label(self, titles: Optional[dict] = None, show=None) -> str:
        """How it reads: `corner(hex = 4, vertex = 2)`, each field as `show` shows a value (members by
        their titles), a list field in brackets; a record with a title (in `titles` under
        `(Record, name)`: its literal texts at the even places, field names at the odd ones) as its
        title reads with those fields' values (`r3c1`)."""
        show = show or (lambda v: titles.get(v, v) if titles is not None and type(v) is str else
                        v.label(titles) if type(v) is Record else as_written(v))
        title = titles.get((Record, self.record)) if titles is not None else None
        if title is not None:
            return "".join(part if i % 2 == 0 else shown_value(self.fields[part], show)
                           for i, part in enumerate(title))
        parts = (f"{k} = [{', '.join(show(x) for x in v)}]" if type(v) is list else f"{k} = {show(v)}"
                 for k, v in self.fields.items())
        return f"{self.record}({', '.join(parts)})"

    def __repr__(self) -> str:
        """As Python builds it: a record kept from the start (a variable's, a card's field) is in the
        generated module's tables so (its fields are constants: numbers, texts, members, none, records)."""
        return f"Record({self.record!r}, {self.fields!r})"


def shape_orientations(cells: list, flipped: bool) -> Optional[list]:
    """`turns(shape)` (flipped False) and `orientations(shape)` (True): the distinct ways a shape lies, a shape being
    a list of cells, each a Record of two whole numbers (x, y). The quarter turns come first ((x, y) to (-y, x), a
    clockwise turn where y counts down), then with `flipped` those of its mirror image ((x, y) to (-x, y)); each is
    moved so that its smallest x and y are 0 and its cells sorted as the record's domain is (x first, then y), and
    one that covers the same cells as an earlier one is left out. None when a cell is no such record."""
    if not cells:
        return []
    first = cells[0]
    if type(first) is not Record or len(first.fields) != 2:
        return None
    name, (across, down) = first.record, tuple(first.fields)
    points = []
    for c in cells:
        if type(c) is not Record or c.record != name:
            return None
        x, y = c.fields[across], c.fields[down]
        if type(x) is not int or type(y) is not int:
            return None
        points.append((x, y))
    return [list(form) for form in _orientations(name, across, down, tuple(points), flipped)]


@lru_cache(maxsize=256)
def _orientations(name: str, across: str, down: str, points: tuple, flipped: bool) -> tuple:
    """shape_orientations' ways as tuples of Records, kept: a pick asks a card's shape's ways at each square."""
    found, seen = [], set()
    # a slice, not `(False, True) if flipped else (False,)`, which Cython 3.3 refuses to compile (bench/native.py)
    for mirror in (False, True)[:2 if flipped else 1]:
        turned = [(-x, y) for x, y in points] if mirror else points
        for _ in range(4):
            left, top = min(x for x, _ in turned), min(y for _, y in turned)
            form = tuple(sorted({(x - left, y - top) for x, y in turned}))
            if form not in seen:
                seen.add(form)
                found.append(tuple(Record(name, {across: x, down: y}) for x, y in form))
            turned = [(-y, x) for x, y in turned]
    return tuple(found)


class Cells(dict):
    """An enum field indexed by a record (`shade: int[spot];`), one member's value: record value -> its value, one
    per value of the record's domain (`window.shade[s]`, read by `Engine.item` on both backends)."""

    __slots__ = ()

    def __repr__(self) -> str:
        """As Python builds it: the generated module holds the members' grids so."""
        return f"Cells({dict(self)!r})"


class IsA:
    """A trigger filter's `c is NAME` (`played(c is silver)`): equal to any card of that kind or any copy
    of that declared card, as `Engine.is_kind` tells, so `engine.matches` compares with it as with a value."""

    __slots__ = ("name", "field")

    def __init__(self, name: str, field: Optional[str] = None):
        self.name = name
        self.field = field   # `played(c is attack)`: the card's field that holds the member (its types)

    def __eq__(self, other) -> bool:
        if type(other) is IsA:
            return other.name == self.name and other.field == self.field
        if type(other) is not EntityDef:
            return False
        if other.kind == self.name or other.declared == self.name:   # (a member is never a kind's or card's name)
            return True
        if self.field is None:
            return False
        held = other.fields.get(self.field)   # `played(c is attack)`: the card's types hold the member
        return held == self.name or (type(held) is list and self.name in held)

    def __hash__(self) -> int:
        return hash(("is", self.name, self.field))

    def __repr__(self) -> str:
        return f"<is {self.name}>"


# what a player learnt of a card that it is not: `reveal c.colour == red;` answered "no" keeps `colour!="red"` in
# State.known_fields beside the fields learnt (a field's name has no "!"): the value as JSON, so any field's fits
NOT = "!="


def not_key(name: str, value: Any) -> str:
    """The key of State.known_fields[card] for the fact "its field `name` is not `value`"."""
    import json

    return f"{name}{NOT}{json.dumps(encode(value), sort_keys=True)}"


def encode(value: Any) -> Any:
    """A runtime value as JSON: players, actors and entities become tagged names; a filter `c is silver`
    is {"is": "silver"}."""
    if type(value) is IsA:
        return {"is": value.name} if value.field is None else {"is": value.name, "field": value.field}
    if isinstance(value, Holder):
        return {"player": value.index} if value.is_player else {"actor": value.name}
    if isinstance(value, EntityDef):
        return {"entity": value.key}   # a per-player copy is `name@holder`
    if isinstance(value, (list, tuple)):
        return [encode(v) for v in value]
    if type(value) is Record:   # a variable, a field, an event argument or a local a trigger keeps
        return {"record": value.record, "fields": {k: encode(v) for k, v in value.fields.items()}}
    if is_decimal(value):   # a decimal (branch decimal): its exact digits, never a binary float
        return {"decimal": decimal_text(value)}
    return value


def decode(value: Any, state: State, entities: dict[str, EntityDef]) -> Any:
    """The inverse of `encode`."""
    if isinstance(value, dict):
        if "player" in value:
            return state.players[value["player"]]
        if "actor" in value:
            return state.actors[value["actor"]]
        if "is" in value:
            return IsA(value["is"], value.get("field"))
        if "entity" in value:
            name, _, holder = value["entity"].partition("@")
            return entities[name].copy_for(holder) if holder else entities[name]
        if "record" in value:
            return Record(value["record"], {k: decode(v, state, entities) for k, v in value["fields"].items()})
        if "decimal" in value and type(value["decimal"]) is str:
            from fractions import Fraction   # (at the first decimal: see is_decimal)
            return Fraction(value["decimal"])
    if isinstance(value, list):
        return [decode(v, state, entities) for v in value]
    return value
