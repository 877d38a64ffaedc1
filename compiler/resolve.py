"""Resolve: merge the declarations of a pack and the packs it extends into one symbol table."""

from __future__ import annotations

import re
from typing import Callable, NamedTuple, Optional

from rulebook.dsl import ast as A
from rulebook.dsl.ast import replace
from rulebook.dsl.diagnostics import Diagnostic, closest, did_you_mean
from rulebook.dsl.lexer import KEYWORD_SHAPES
from rulebook.dsl.parser import misplaced_phase, unknown_phase
from rulebook.dsl.printer import each_heads, expr as printed

CATEGORY = {
    A.Resource: "resource", A.Group: "group", A.Counter: "counter", A.Var: "var", A.Enum: "enum", A.Event: "event",
    A.Track: "track", A.Kind: "kind", A.Record: "record", A.Entity: "entity", A.Zone: "zone", A.Actor: "actor", A.Die: "die",
    A.Proc: "proc", A.Func: "func", A.Extern: "extern", A.Variant: "variant", A.Game: "game",
    A.Setting: "option", A.Const: "constant", A.Table: "table",
}

# Events the primitives announce, with their argument names.
BUILTIN_EVENTS = {   # each builtin event's arguments, in order, with the type the checker gives `it.ARG`
    # `on`: the card of a stock it holds (`gain 1 eggs on b;`), none for a player's stock
    "gain": {"res": "any", "amount": "int", "on": "any"}, "lose": {"res": "any", "amount": "int", "on": "any"},
    "pay": {"res": "any", "amount": "int", "on": "any"},
    "advance": {"on": "any", "steps": "int"}, "regress": {"on": "any", "steps": "int"},
    # a roll's `on`: the die kept as a piece rolled (`roll x;`), none for a die rolled by its name
    # a move's `on`: the card whose zone it went into (`move c to b.tucked;`), none for any other zone
    "draw": {"source": "any", "amount": "int"}, "move": {"item": "entity", "dest": "any", "on": "any"},
    "flip": {"item": "entity"}, "roll": {"name": "any", "face": "int", "value": "any", "on": "any"},
    "benefit": {"on": "any", "at": "int", "who": "player"},
    # `shift N warriors[a] to warriors[b];`: the source element's name, the destination's, what moved
    "shift": {"res": "any", "dest": "any", "amount": "int"},
    # a variable's change (`whenever you set(pawn)`): `name` the element's name, `old` and `new` its values (the
    # checker reads them as the variable's type where the pattern names one)
    "set": {"name": "any", "old": "any", "new": "any"},
}
# `it.subject` in a trigger's body or condition (a modifier's condition): the player the event happened to (the
# use's player), none for an event with no subject; no event argument is so named (E400)
SUBJECT = "subject"
# Names every effect can use without declaring them.
BUILTIN_DOMAINS = {"players", "opponents", "neighbours", "left", "right", "teammate", "player_count", "all_players",
                   "teammates", "team_count"}
# the builtins that need the game's teams (`seats ... teams 2 alternating;`): E575 without them
TEAM_WORDS = ("team", "teammates", "team_count")
ALIASES = {"opponent": "opponents", "others": "opponents", "player": "players", "neighbour": "neighbours",
           "anyone": "players"}


HELD_USES = "held.uses"
# held.force(CARD): whether a card's slots are in force now, by its kind's or its own `in force while COND;`
HELD_FORCE = "held.force"
# held.has(CARD, ZONE, ...): held.uses without the note for `simulate`, tested before a held card's conditions
HELD_HAS = "held.has"


class Builtin(NamedTuple):   # (not a dataclass: made at import, 5x cheaper; dsl/lazy.py)
    """A builtin function: arity, how both backends call it, and what its name argument must be.

    `about_actor`: with the full number of arguments the first is the player or actor it is about,
    otherwise it is about `you` (`tier(science)` or `p.tier(science)`). `names`: the categories the
    last argument must name when it is a bare name (it then stands for itself, not its value).
    """

    low: int
    high: Optional[int]
    python: Optional[str] = None      # a Python builtin both backends call directly
    method: Optional[str] = None      # otherwise a method of the runtime Game
    about_actor: bool = False
    names: tuple = ()
    returns: str = "int"              # the checker's type of the result ("element": of the argument;
                                      # "list:element": a list of the argument's elements)


BUILTIN_FUNCS = {
    "min": Builtin(1, None, python="min"), "max": Builtin(1, None, python="max"),
    "abs": Builtin(1, 1, python="abs"), "size": Builtin(1, 1, python="len"),
    "tier": Builtin(1, 2, method="tier", about_actor=True, names=("track",)),
    "can_advance": Builtin(1, 2, method="can_advance", about_actor=True, names=("track",), returns="bool"),
    "position": Builtin(1, 2, method="stock", about_actor=True, names=("track",)),
    "bonus_spaces": Builtin(1, 1, method="bonus_spaces", names=("track",), returns="list:int"),
    # printed(TRACK): the number printed where the marker stands on a track with a scale (`from -30 to 8 step 2`)
    "printed": Builtin(1, 2, method="printed", about_actor=True, names=("track",)),
    # amount(GROUP): the sum of its members
    "amount": Builtin(1, 2, method="stock", about_actor=True, names=("resource", "counter", "group")),
    "room": Builtin(1, 2, method="room_left", about_actor=True, names=("resource", "counter")),
    # what is left of a limited bank: a resource's, a global counter's (`supply(cubes, red)`: its bank `per` an index)
    "supply": Builtin(1, 2, method="supply_left", names=("resource", "counter")),
    "enabled": Builtin(1, 1, method="variant", names=("variant",), returns="bool"),
    "players_from": Builtin(1, 1, method="players_from", returns="list:player"),
    "players_counterclockwise_from": Builtin(1, 1, method="players_counterclockwise_from", returns="list:player"),
    "others_from": Builtin(1, 1, method="others_from", returns="list:player"),
    # all_players_from(p), all_others_from(p): every seat clockwise from p's (from p's left), as `all_players` the
    # knocked-out and retired players too, where `players_from` and `others_from` pass over them
    "all_players_from": Builtin(1, 1, method="all_players_from", returns="list:player"),
    "all_others_from": Builtin(1, 1, method="all_others_from", returns="list:player"),
    "first": Builtin(1, 1, method="first", returns="element"),
    "last": Builtin(1, 1, method="last", returns="element"),   # a zone's bottom item, a list's last; none when empty
    # aside(p): the cards set aside (`set aside CARD until ...`) from p's zones, in the order they were set aside
    "aside": Builtin(0, 1, method="aside", about_actor=True, returns="list:entity"),
    "reverse": Builtin(1, 1, method="reverse", returns="list:element"),   # a new list, last item first
    "distinct": Builtin(1, 1, method="distinct", returns="list:element"),   # a new list, each value once, first kept
    # subsets(xs, k): every k-item sub-list of xs, in a fixed order (Game.subsets; branch handrank)
    "subsets": Builtin(2, 2, method="subsets", returns="list:list:element"),
    # disjoint(xs): every choice of xs's items (lists or zones) no two of which share an item, the empty choice
    # first, in a fixed order (Game.disjoint): the ways to lay a hand out in melds (Gin Rummy; branch trial34)
    "disjoint": Builtin(1, 1, method="disjoint", returns="list:element"),
    # turns(shape), orientations(shape): a shape's distinct quarter turns (4 at most), and its turns and those of its
    # mirror image (8 at most), each normalised (Game.orientations; branch shapes2)
    "turns": Builtin(1, 1, method="turns", returns="list:list:element"),
    "orientations": Builtin(1, 1, method="orientations", returns="list:list:element"),
    "contains": Builtin(2, 2, method="contains", returns="bool"),
    "index_of": Builtin(2, 2, method="index_of"),
    # ordinal(m): an enum member's place in its enum's order, from 1 (both backends read it through
    # Symbols.ordered, as the sides of `<` between members are read)
    "ordinal": Builtin(1, 1, method="ordinal"),
    # next(m), prev(m): the member after / before m in its enum's order, staying at the last / first;
    # next_around(m), prev_around(m): the same, going round from the last to the first and back. Both
    # backends read m's place as ordinal(m) does (Symbols.ordered) and call the runtime's `member_step`.
    # A second argument is how many places (`next_around(d, 2)`; 0 is m, a negative count the other way).
    "next": Builtin(1, 2, method="member_step", returns="member"), "prev": Builtin(1, 2, method="member_step", returns="member"),
    "next_around": Builtin(1, 2, method="member_step", returns="member"),
    "prev_around": Builtin(1, 2, method="member_step", returns="member"),
    # steps_around(a, b): how many places next_around goes from member a to member b of one enum (0 to the
    # enum's size - 1; its inverse: next_around(a, steps_around(a, b)) is b). Both backends read a's and b's
    # places as ordinal(m) does (Symbols.ordered) and call the runtime's `steps_around` (branch trial28)
    "steps_around": Builtin(2, 2, method="steps_around"),
    # seats_apart([a,] b): the fewer seats between two players going either way round the table, counting the
    # players still in as `players` does (Bang!'s distance; branch trial32): 0 for one player, 1 for neighbours
    "seats_apart": Builtin(1, 2, method="seats_apart", about_actor=True),
    # declaration(c): the card c is a copy of (its first copy, the declared name): one per declaration
    "declaration": Builtin(1, 1, method="declaration", returns="same"),
    # holders(ROLE): the players holding a role, in seat order; role_of(P): the role P holds (a card of the
    # kind `role`), none without one
    "holders": Builtin(1, 1, method="holders", returns="list:player"),
    "role_of": Builtin(1, 1, method="role_of", returns="entity:role"),
    "eliminated": Builtin(0, 1, method="eliminated", about_actor=True, returns="bool"),
    # retired(p): out of the turns by `retire`, still taking part (`eliminated(p)` is knocked out)
    "retired": Builtin(0, 1, method="retired", about_actor=True, returns="bool"),
    # in_force(c): whether card c's slots apply now: it lies in a zone one of its slots is used from and its
    # `in force while` (if any) holds for that zone's owner (Game.card_in_force; false set aside or elsewhere)
    "in_force": Builtin(1, 1, method="card_in_force", returns="bool"),
    # refills(deck): how many times a deck declared `refills from PILE` was refilled (Game.refills_of)
    "refills": Builtin(1, 1, method="refills_of"),
    # seat(p): p's seat from 1 (P1), in the order `all_players` lists them, knocked out or not
    "seat": Builtin(0, 1, method="seat", about_actor=True),
    # team(p): p's team from 1, by the seats line's `teams ...` (0 for an actor); E575 in a game without teams
    "team": Builtin(0, 1, method="team", about_actor=True),
    "left": Builtin(1, 1, method="left", returns="player"), "right": Builtin(1, 1, method="right", returns="player"),
    # teammate(p): p's teammate, as the bare `teammate` is yours (Tichu's Dog gives the lead to the partner of
    # the player who led it): none in a team not of two
    "teammate": Builtin(1, 1, method="teammate", returns="player"),
    # held.uses(CARD, ZONE, ...): whether a copy of CARD is in one of the zones (`you`'s), noting for `simulate`
    # that CARD's override runs for their holder; only a card override's dispatcher calls it (a name no
    # rules text can write: _dispatcher)
    HELD_USES: Builtin(2, None, method="held_uses", returns="bool"),
    # held.force(CARD): its `in force while COND;` worked out for `you`, its holder (Game.in_force); only the
    # resolver writes it (_in_force_slots), into the conditions of the slots of a kind's cards that has the line
    HELD_FORCE: Builtin(1, 2, method="in_force", about_actor=True, returns="bool"),
    HELD_HAS: Builtin(2, None, method="held_has", returns="bool"),
}
# `neighbours(CELL)`, `neighbours(CELL, diagonal)`: the values of CELL's record one step away along its range
# and enum fields (a board's cells next to it). Not in BUILTIN_FUNCS: a pack's own `func neighbours(...)`
# keeps its name (the bare `neighbours` is the players' domain); `cell_neighbours` tells the two apart
NEIGHBOURS = "neighbours"
DIAGONAL = "diagonal"   # the word that adds the diagonal ones
HEX = "hex"   # the word for the six cells around a hex of a board in axial coordinates (q, r)


# A board's cells moved along its record's fields (none off the board): `shift(CELL, FIELD = N, ...)`, `step(CELL,
# DIRECTION)` (a member of an enum whose whole-number fields are the steps along the record's, in order), `ray(CELL,
# DIRECTION)` (A.Ray with a binder: `ray(c from CELL via DIRECTION until COND)`), `leap(CELL, N, ...)` (every
# cell the offsets reach, their signs and order changed) and `between(CELL, CELL)` (the cells on the straight
# line strictly between two cells) and `edge(CELL, CELL)` (the side two cells beside each other share, one value
# for the pair: the two cells in the board's order). Not in BUILTIN_FUNCS, for the reason neighbours is not:
# a pack's own func of one of these names keeps it (`cell_walk` tells them apart)
CELL_WALKS = ("shift", "step", "ray", "leap", "between", "edge")
PAIR_WALKS = ("between", "edge")   # the walks of two cells of one board, `rt.cell_<name>(A, B, record, axes)`


def cell_walk(func: str, sym) -> bool:
    """Whether a call of `func` is one of the builtins moving along a board's cells (CELL_WALKS), no declaration of
    the pack's taking the name."""
    return func in CELL_WALKS and func not in sym.decls


# `piles(ZONE)`: the indexes of a shared indexed zone whose zone has ever held an item (the piles set out), in
# their order. Not in BUILTIN_FUNCS either, for the same reason: a pack's own `piles` (a proc, a func) keeps its name
PILES = "piles"


def zone_piles(func: str, sym) -> bool:
    """Whether a call of `func` is the builtin `piles(ZONE)` (no declaration of the pack takes the name)."""
    return func == PILES and func not in sym.decls


# `seen_before(POSITION)`, `times_seen(POSITION)`: whether, and how many times, the remembered variables of POSITION
# (`var board[point] global remembered: player;`, `... remembered as position`) have had their present contents at
# a decision (3.3b). Not in BUILTIN_FUNCS either: a pack's own func of one of these names keeps it
SEEN = ("seen_before", "times_seen")


def seen_call(func: str, sym) -> bool:
    """Whether a call of `func` is one of the builtins reading a remembered position (SEEN), no declaration of
    the pack's taking the name."""
    return func in SEEN and func not in sym.decls


# `known(c.FIELD)`, `possible(c.FIELD, VALUE)` (and `known(p, c.FIELD)`, `possible(p, c.FIELD, VALUE)`, `p.known(...)`):
# what a player knows of a card's field (4.23). Not in BUILTIN_FUNCS either: a pack's own func of one of these names
# keeps it. The field is written, not worked out: the call reads it as `reveal c.FIELD;` names it
KNOWLEDGE = ("known", "possible")


def knowledge_call(func: str, sym) -> bool:
    """Whether a call of `func` is `known(...)` or `possible(...)` (KNOWLEDGE), no declaration of the pack's
    taking the name."""
    return func in KNOWLEDGE and func not in sym.decls


def knowledge_args(func: str, args: tuple) -> tuple:
    """A `known`/`possible` call's arguments as (the player or None for the acting one, the `c.FIELD`, the
    value asked about or None): the player comes first when written, as `position(p, T)` has it."""
    explicit = len(args) == (2 if func == "known" else 3)
    who, rest = (args[0], args[1:]) if explicit else (None, args)
    return who, rest[0] if rest else None, rest[1] if len(rest) > 1 else None


def unknowing_reads(e, var: str, sym) -> list:
    """The reads of the card `var` in a condition that may tell the acting player what they do not know of it:
    every use of `var` (a field read, `var.F`, as the Attr) but those inside their own `known(var.F)`/`possible(var.F, V)` (a field they know or the
    values they cannot rule out), and `var.F` on the right of an `and` whose left says `known(var.F)` (read only
    once known: `known(c.colour) and c.colour == red`). W523 and W534 warn about these alone (4.23)."""
    found: list = []
    stack = [(e, frozenset())]
    while stack:
        n, sure = stack.pop()
        t = type(n)
        call = n.func if t is A.Call else n.name if t is A.Method and type(n.obj) is A.You else None
        if call is not None and knowledge_call(call, sym):
            who, field, asked = knowledge_args(call, n.args if t is A.Call else (n.obj,) + n.args)
            if who is None or type(who) is A.You:   # their own knowledge: the field written is not read
                stack.extend((x, sure) for x in (asked,) if x is not None)
                continue
        if t is A.Attr and type(n.obj) is A.Name and n.obj.id == var:   # `var.F`: the read is the field's
            if n.name not in sure:
                found.append(n)
            continue
        if t is A.Name and n.id == var:
            found.append(n)
            continue
        if t is A.Binary and n.op == "and":   # the right is read only where the left holds
            stack.append((n.left, sure))
            stack.append((n.right, sure | known_fields_of(n.left, var, sym)))
            continue
        stack.extend((x, sure) for x in n.children())
    return found


def known_fields_of(e, var: str, sym) -> frozenset:
    """The fields F of `var` that a condition, when it holds, says the acting player knows: `known(var.F)`,
    alone or among the terms of an `and`."""
    if type(e) is A.Binary and e.op == "and":
        return known_fields_of(e.left, var, sym) | known_fields_of(e.right, var, sym)
    if type(e) is A.Call and knowledge_call(e.func, sym) and e.func == "known" and len(e.args) == 1:
        field = e.args[0]
        if type(field) is A.Attr and type(field.obj) is A.Name and field.obj.id == var:
            return frozenset((field.name,))
    return frozenset()


def revealed_field(s) -> Optional[A.Attr]:
    """The `c.FIELD` a `reveal`/`look` names when it shows a field (`reveal c.colour;`) or asks whether the field
    has a value (`reveal c.colour == red;`), as written (the checker says which are fields); None otherwise."""
    item = s.item
    if type(item) is A.Binary and item.op == "==":
        item = item.left
    return item if type(item) is A.Attr and s.top is None else None


def remembered(sym) -> dict:
    """Each remembered position's name -> the global variables remembered as it, in declaration order (a
    position of one variable is named by it); {} for a pack that remembers nothing."""
    found: dict = {}
    for d in sym.decls.values():
        if type(d) is A.Var and d.remembered is not None and d.is_global:
            found.setdefault(d.remembered, []).append(d)
    return found


# `floor(x)`, `ceil(x)`, `round(x)`: a number (a decimal, 5.1) as a whole number, down, up, or to the nearest with
# a half away from zero (branch decimal). Not in BUILTIN_FUNCS either, for the reason neighbours is not: a pack's
# own `round` (a counter, a func) keeps its name, and many packs count rounds so
ROUNDINGS = ("floor", "ceil", "round")


def rounding(func: str, sym) -> bool:
    """Whether a call of `func` is one of the builtins ROUNDINGS (no declaration of the pack takes the name)."""
    return func in ROUNDINGS and func not in sym.decls


def cell_neighbours(func: str, sym) -> bool:
    """Whether a call of `func` is the builtin `neighbours(CELL [, diagonal])` (no declaration of the pack's
    takes the name)."""
    return func == NEIGHBOURS and func not in sym.decls


# the member steps: how many places each goes, and whether it goes round at the ends
STEPS = {"next": (1, False), "prev": (-1, False), "next_around": (1, True), "prev_around": (-1, True)}

# the Engine method of each operator between two lists (Symbols.list_ops): both backends call it
LIST_OPS = {"+": "joined", "-": "without"}


def decl_name(decl) -> str:
    """The name a declaration binds."""
    return decl.name


_EMPTY = {"dict": dict, "list": list, "set": set}   # Symbols' fields, by their annotations


class Symbols:
    """Every declaration visible in a pack (after overrides and removals), by name: each field starts
    empty (a dict, a list or a set as annotated) or None."""

    decls: dict        # name -> decl
    members: dict      # enum member -> enum name
    origin: dict       # name -> pack name
    overrides: list    # (decl, replaced decl)
    removed: dict      # name -> the `remove NAME;` that dropped it
    # (what one part an amend changes, as a message names it: "field 'worth' of 'baths'", where): two
    # stacked packs changing the same part are W406, as two overrides are
    amended_parts: list
    removals: list     # (each `remove NAME;` that dropped something, what it dropped)
    unmatched: set      # names of overrides that replace nothing (E212)
    # the words a declaration dropped as declared twice (E208) reads: no W401 for what it uses besides
    # (a game named like a card would leave every proc its phases call "never used")
    dropped_uses: set
    # the names the statements of a declaration dropped as declared twice (E208) set: no W564 "no rule sets it"
    dropped_writes: set
    # procs and funcs declared twice (E208) with another number of parameters: a call may mean either, so
    # no E302 measures it against the first
    declared_twice: set
    baseless: set       # spans of base() in those overrides (no E218 besides)
    # spans of the arms and options (as written) of amends whose `base();` runs the body they replace
    kept_base: set
    # (what, where) of each part in `amended_parts` written with `base` (a pick's condition, guard or
    # count): it builds on the one before it, so two stacked packs amending it are not W406
    built_parts: set
    # the span of a choose or a match statement (("decl", NAME) for a card or a kind) -> (what an amend
    # removed from it, as explain names it: 'option "Exchange"', 'the arm build', "the reaction 'whenever
    # attacked in hand'", where the `remove` is), in merge order
    removed_from: dict
    # (track name, space or `first to` reward as amended, the one it replaces: None for a reward added)
    amended_spaces: list
    # (the amend, what it amends) of each amend that changes fields or a title (not a track's spaces)
    amended: list
    # (the amend as written, the names it amends) of each amend of several names (`amend a, b, c { ... }`), for
    # the checker to say which of the names a finding of the body is for
    amended_together: list
    # entity name -> the names of its kind's reactions and anytime slots an amend of it removed
    dropped_slots: dict
    # the positions of the top-level `whenever nobody` triggers: the table's, run with the first player as `you` (W446)
    tables_triggers: set
    # (what, prompt, option as written or `remove option`, the option it replaces or drops: None for
    # one added) of each option an amend of a proc's or a phase's choose changes; what: "proc 'turn'"
    amended_options: list
    # (what, the subject as printed, the arm or `remove` written, the arm it replaces or removes values
    # from: None for an arm or an else added) of each change an amend of a proc's match makes
    amended_arms: list
    # (what, the prompt, the `pick ...;` written, the pick it replaces, the pick as amended) of each
    # pick an amend of a proc or a phase changes, in merge order
    amended_picks: list
    # (what, the condition as printed or the label (an AsLabel), the `if ...;` written, the `if` it replaces, the
    # `if` as amended) of each `if` an amend of a proc or a phase changes, in merge order
    amended_ifs: list
    # (what, the prompt, the may's amend as written, the may it replaces, the may as amended) of each `may` or
    # `first ... may` whose body or else an amend writes anew, as amended_ifs
    amended_mays: list
    # (what, the head as written or the label (an AsLabel), the loop's amend as written, the loop it replaces, the
    # loop as amended), as amended_ifs
    amended_loops: list
    # the span of an `if` whose condition an amend changed -> its condition as the base wrote it, printed: a pack
    # stacked later finds the `if` by it still
    conditions_written: dict
    extended: list    # (a `before`/`after`, "proc" or "phase") each reported as I404
    # func or proc name -> [(card, its HeldOverride, the hidden name of the card's version)] of the cards
    # that change it for their holder, in declaration order (held_overrides)
    held: dict
    held_base: dict   # such a name -> the hidden name of the version the packs declare
    # (card, its HeldOption, the option as added to the open choose) of each card's option (held_options)
    held_options: list
    # a proc's name, or ("phase", NAME), -> the bodies it was made of by `before`/`after`, in order:
    # each is checked in a scope of its own (the proc's parameters, not another part's locals)
    parts: dict
    clashes: set        # enum members whose name is also declared (E208 said so)
    member_spans: dict  # member an `amend ENUM` added -> where it is written
    # (record, field) an `amend RECORD` added -> the field as the amend writes it (E364, W482, W483 about it)
    added_fields: dict
    titled: dict   # record an `amend RECORD "title"` retitled -> where (its findings)
    retitled: dict      # member an `amend ENUM` retitled -> where (the last one)
    # member an `override enum` dropped -> (the enum, the override): a use left is E201 with a note there
    dropped: dict
    game: Optional[A.Game]
    table_shapes: dict   # `table payout[...]` -> its TableShape (`Symbols.table`), worked out when first read
    consts: dict   # `const radius = 2;` -> its value, as the pack's last word on it sets it (written in every read)
    # the top-level triggers of a file with no game (nothing registers them, W403): still checked as effects
    gameless_triggers: list
    shortfalls: dict    # resource -> its `shortfall` (A.Shortfall), run as the proc lowered_shortfall makes
    shortfall_packs: dict   # resource -> the pack its shortfall is declared in
    amended_shortfalls: list   # (each `amend shortfall RES`, the shortfall as it was before it): lint's I404
    # name of each entity a `for each` declaration made -> (that declaration's name, the entity or member it is
    # for, the name it binds, the kind or enum it goes through)
    generated: dict
    # id() of each bare resource, track or die name the checker found compared with a value of that
    # type (`res == coin`): there it stands for itself, not for an amount (both backends read this)
    named: set
    through: set   # ids of `set c = ...` with c a `counter` parameter: sets the counter
    # id() of each `card.slot` read as a value where the slot is an effect: it is whether the card
    # writes that effect (`x.left_bonus`), a bool (both backends read this)
    slots: set
    # id() of each `card.field` (an A.Attr) and `card.field(p)` (an A.Method) reading a computed field
    # (`func reached: bool;` in the kind): worked out for the player reading it, or p (both backends read this)
    computed: set
    # id() of each `card.field` (an A.Attr) reading a field its kind declares adjustable (`cost: int for costs;`)
    # -> the tagged value it reads as (an A.Valued of a copy of the read, tagged with the event and the card):
    # the printed value as the modifiers in force change it (both backends read this)
    adjusted: dict
    # id() of each `card.zone_field` (an A.Attr) reading a zone the card holds (`tucked: zone of card;` in the
    # kind): the zone of that card (both backends read this)
    card_zones: set
    # id() of each `value.field` (an A.Attr) reading a field of a record -> the record (the editor's rename
    # and go to definition find the field through it)
    record_reads: dict
    # id() of each pick a player is asked (not `at random`, no `or blind`) whose candidates are no cards or tiles (a
    # record, a member, a number, a player), without a label or with one showing `{VAR}` itself: each is shown them
    # by value, so its answer is theirs to see (hidden.py)
    value_picks: set
    # id() of each `card.field` read with an index, and of each `set card.field[i] = ...;`, where the
    # field is declared `int[ENUM]` (or `bool[ENUM]`): one value per member (both backends read this)
    member_fields: set
    # id() of each cost term paying a field declared `int[ENUM]` from the counter indexed by that ENUM,
    # member by member (`pay b.cost food;` with `counter food[food_t]`): both backends spread it
    spread_terms: set
    # id() of each `b.cost[fish]` reading a field declared `cost` by a resource or group named outright or
    # held by a local: the units it shows (both backends read this)
    cost_reads: set
    # an indexed counter's or variable's frame (`numbered t as (EXPR)`, 3.3): name -> {seat: {t: the element's
    # number}}, worked out by the checker for every seat a game may have (both backends map an index by the
    # acting player's row, `Game.framed`)
    frames: dict
    # id() of each `reveal ITEM.FIELD;` / `look ITEM.FIELD;` that shows one field of a card, not a whole
    # card or zone (`reveal c.colour;`): both backends read this
    field_reveals: set
    # id() of each `gain N X.FIELD;` / `lose N X.FIELD;` whose X is no player but a card or member holding a
    # resource in FIELD (`gain 1 c.good;`) -> the `X.FIELD` node, typed by the checker: both backends read this
    held_resources: dict
    # id() of each `reset` -> what it puts back: (the vars and counters, ((kind, its fields' flat names), ...));
    # a field declared `int[ENUM]` stands for its members' fields (`cost[white]`, ...): both backends read this
    resets: dict
    # id() of each expression holding an enum member that is read as its place in the enum's order
    # (from 1) -> the enum's members: the sides of `<` `<=` `>` `>=` between two members, a sorted(...)
    # key, a top/bottom value, the argument of ordinal(m) and of next(m), prev(m), next_around(m) and
    # prev_around(m) (both backends read this)
    ordered: dict
    # id() of each `+` or `-` between two lists (or zones): a new list, the items of both in order or the
    # left's items that are not in the right's (both backends read this; branch lists)
    list_ops: set
    # id() of each `highest`/`lowest` whose value is a list of numbers (ranked item by item): over no element
    # it is the empty list, not 0 (both backends read this; branch handrank)
    list_keys: set
    # id() of the cell of each `neighbours(CELL [, diagonal | hex])` -> (its record's name, which cells: False
    # beside it, True diagonally too, "hex" the six around a hex): the record's fields are the board's axes
    # (both backends read this; branch amendpick)
    cells: dict
    # id() of each call of a builtin of CELL_WALKS (an A.Call, or an A.Ray) -> (its cell's record, the direction's
    # enum for step and ray, else None): the record's fields are the board's axes (both backends read this)
    walks: dict
    # id() of each `m.field` (an A.Attr) reading a field of an enum's members (`d.dx` with `enum side { dx: int;
    # ... }`) -> (the enum, the field): a value of the member's data, never of the game (both backends read this)
    enum_reads: dict
    # id() of each `auction ... form FORM` -> the forms FORM may name, in A.AUCTION_MODES' order: one written out,
    # an enum's members named after forms, the forms among an enum's text field's values (explain says those)
    auction_forms: dict
    # id() of each `x is c` (an A.IsKind) whose NAME is a local holding a card: whether x is a copy of the same
    # declared card as c (both backends read this)
    same_card: set
    # id() of each case of a `match` on a card that names a card declared `* N` (an A.Name): met by each copy, as
    # `c is NAME` is, not by the first alone (both backends read this; other cases compare with ==)
    copy_cases: set
    held_role: set   # those of them that ask whether a player holds a role (`p is r`): explain
    # id() of each `x is MEMBER` (an A.IsKind, or a trigger filter's `played(c is attack)`) whose NAME is an enum
    # member -> the field of x's kind that holds the enum (`types: list of card_type`): whether it holds (is) the
    # member (both backends read this)
    member_tests: dict
    can_slots: set   # the effect slots a `can copy e.SLOT` tests (layout.slot_tests)
    # the span of a `copy` (`can copy`) operand ENTITY.SLOT -> the slot's FieldDecl, for a slot declared with parameters
    # (`demand: effect(by: player);`; the checker notes it, both backends order the arguments by it: layout.slot_args)
    slot_fields: dict
    # id() of each `copy ENTITY.SLOT with it;` -> the arguments the checker built from the event's (each a FieldValue
    # `P = it.P` for a parameter P the event carries): both backends read these in place of the copy's `args`
    event_args: dict
    # role name -> its declaration (A.Role), in declaration order; and each name a role declares (a counter,
    # var, zone, proc or func) -> the role's name (resolve._role_parts)
    roles: dict
    role_of: dict
    # id() of each `roll x;` / `let v = roll x;` / `roll all of ZONE;` that rolls dice kept as pieces (cards whose
    # kind has a field typed by a die), not a die by its name (both backends read this; branch dice)
    piece_rolls: set
    # id() of each `set x.F = VALUE;` of a die kept as a piece (F typed by a die) whose VALUE is worked out in play
    # -> the die: the value is checked against its faces then (E439; both backends read this)
    face_sets: dict

    def __init__(self) -> None:
        # from the annotations (a dataclass would compile an __init__ of its 60 fields at import: 1.5 ms
        # of every lint)
        for name, kind in Symbols.__annotations__.items():
            setattr(self, name, _EMPTY[kind]() if kind in _EMPTY else None)

    def table(self, name: str) -> "TableShape":   # noqa: F821 (layout.TableShape: layout reads this module)
        """The cells of the `table` declared as `name`, worked out once (the checker and both backends read them)."""
        shape = self.table_shapes.get(name)
        if shape is None:
            from .layout import table_shape   # (layout reads this module)
            shape = self.table_shapes[name] = table_shape(self.decls[name], self)
        return shape

    def category(self, name: str) -> Optional[str]:
        """What kind of thing a declared name is, or None."""
        decl = self.decls.get(name)
        if decl is not None:
            return CATEGORY[type(decl)]
        if name in self.members:
            return "member"
        return None

    def of(self, category: str) -> list[str]:
        """Declared names of one category, in declaration order."""
        return [n for n, d in self.decls.items() if CATEGORY[type(d)] == category]

    def names(self) -> list[str]:
        """Every declared name (for "did you mean")."""
        return list(self.decls) + list(self.members)


def tokens_in(sources: dict, span: A.Span) -> list:
    """The tokens of the source inside a span, as (line, column, token); none when the source is
    unknown or cannot be read."""
    from lark.exceptions import UnexpectedInput

    from rulebook.dsl.lexer import LINE_BREAK
    from rulebook.dsl.parser import scan

    text = sources.get(span.file)
    if text is None or span.line <= 0:
        return []
    lines = LINE_BREAK.split(text)[span.line - 1:span.end_line]
    try:
        tokens, _comments = scan("\n".join(lines))   # texts and comments never span lines
    except UnexpectedInput:
        return []
    placed = [(span.line + t.line - 1, t.column, t) for t in tokens]
    return [(line, col, t) for line, col, t in placed if (span.line, span.column) <= (line, col) and
            (line, col + len(t)) <= (span.end_line, span.end_column)]


def zone_kinds(type_name: str) -> Optional[tuple]:
    """The kinds a declared zone type names (`zone of card or joker`: ('card', 'joker')), () for a plain `zone` (of
    any kind), None for a type that is no zone."""
    if type_name == "zone":
        return ()
    return tuple(type_name[len("zone of "):].split(" or ")) if type_name.startswith("zone of ") else None


def zone_types_agree(given: str, taking: str) -> bool:
    """Whether a zone of the declared type `given` may stand where `taking` is declared, as the checker's `fits`
    reads them: `taking`'s kinds hold `given`'s, and a plain `zone` (of any kind) agrees with any. False for types
    that are not both zones."""
    given_kinds, taking_kinds = zone_kinds(given), zone_kinds(taking)
    if given_kinds is None or taking_kinds is None:
        return False
    return not given_kinds or not taking_kinds or set(given_kinds) <= set(taking_kinds)


def declared_at(sources: dict, name: str, span: A.Span) -> A.Span:
    """Where a declaration (or a remove, extension or amendment) writes its own name, for a finding
    about that name: the first word spelt so inside its span (only keywords come before the name,
    and no keyword is a name); the whole span when the source is unknown."""
    found = next(((line, col) for line, col, t in tokens_in(sources, span) if t == name), None)
    if found is None:
        return span
    line, col = found
    return A.Span(span.file, line, col, line, col + len(name))


def resolve(modules_by_pack: list[tuple[str, list[A.Module]]], sources: Optional[dict] = None
            ) -> tuple[Symbols, list[Diagnostic]]:
    """Merge modules, bases first; duplicates, bad overrides and bad removals become diagnostics,
    placed at the name they are about when the `sources` (file -> text) show where it is written."""
    sources = sources or {}
    sym = Symbols()
    diags: list[Diagnostic] = []
    standing: list[A.Whenever] = []
    for pack_name, modules in modules_by_pack:
        changes = []   # a pack's extensions and amendments apply once all its declarations are in
        each = []      # so do its `for each` declarations, which then see all its entities and members
        for module in modules:
            for item in module.items:
                if isinstance(item, (A.Extend, A.Amend, A.ShortfallAmend)):
                    changes.append(item)
                elif isinstance(item, A.Standing):
                    standing.append(item.trigger)
                elif isinstance(item, A.Entity) and item.each is not None:
                    each.append(item)
                elif isinstance(item, A.Shortfall):
                    _shortfall(sym, pack_name, item, diags, sources)
                elif isinstance(item, A.Override) and isinstance(item.decl, A.Shortfall):   # replaces the one before
                    sym.shortfalls.pop(item.decl.resource, None)
                    _shortfall(sym, pack_name, item.decl, diags, sources)
                elif isinstance(item, A.Role):
                    for made in _role_parts(sym, item, diags, sources):
                        _merge(sym, pack_name, made, diags, sources)
                elif isinstance(item, A.Override) and isinstance(item.decl, A.Entity) and item.decl.each is not None:
                    diags.append(Diagnostic("E345", "'override' replaces one declaration and 'for each' makes new "
                                            "ones: they do not go together", item.span,
                                            "amend or remove each entity it made by its name (NAME_MEMBER), or "
                                            "declare the 'for each' under a new name"))
                else:
                    _merge(sym, pack_name, item, diags, sources)
        for item in each:
            for made in _per_each(sym, item, diags, sources):
                _merge(sym, pack_name, made, diags, sources)
        for item in changes:
            if sym.game is not None:   # as overridden or amended since: its phases are what an extension builds on
                game = sym.decls.get(sym.game.name)
                sym.game = game if isinstance(game, A.Game) else None
            if isinstance(item, A.ShortfallAmend):
                _amend_shortfall(sym, item, diags, sources)
                continue
            found = len(diags)
            (_extend if isinstance(item, A.Extend) else _amend_each if getattr(item, "also", None) else _amend)(
                sym, item, diags, sources)
            if isinstance(item, A.Amend) and _amends_nothing(item, diags[found:]):
                diags.append(Diagnostic("W600", f"this amend of {', '.join(map(repr, item.names()))} is empty: it "
                                        "changes nothing", declared_at(sources, item.name, item.span),
                                        "write what it changes inside the braces (a field, a space, an option, "
                                        "a case), a title or '* N', or leave the amend out"))
    _die_fields(sym, diags)
    _shortfall_procs(sym, diags, sources)
    own = {item.decl.name if isinstance(item, A.Override) else getattr(item, "name", None)
           for m in modules_by_pack[-1][1] for item in m.items} if modules_by_pack else set()
    standing = _constants(sym, standing, diags, sources, own)
    for name, decl in list(sym.decls.items()):   # (after the constants: a face's `* N` may name one)
        if isinstance(decl, A.Die) and any(f.copies != 1 for f in decl.faces):
            sym.decls[name] = _faces_laid_out(decl, diags)
    _bounded_fields(sym, diags)
    _bounded_indexes(sym, diags)
    _ragged_indexes(sym, diags)
    for decl in sym.decls.values():
        if isinstance(decl, A.Enum):
            for m in decl.members:
                other = sym.decls.get(m)
                if other is not None or m in sym.members:   # one namespace: say what else has the name
                    sym.clashes.add(m)
                    what, where = (_article(other.kind if isinstance(other, A.Entity) else CATEGORY[type(other)]),
                                   other.span) if other is not None else \
                        (f"a member of enum {sym.members[m]!r}", sym.decls[sym.members[m]].span)
                    diags.append(Diagnostic("E208", f"enum member {m!r} is already declared as {what}",
                                            sym.member_spans.get(m) or declared_at(sources, m, decl.span),
                                            "members, cards and every other declaration share one namespace: "
                                            "rename one of them" + (f" (a card's type named apart, '{m}_type \"Title\"': "
                                            f"players read its title, and 'c is {m}_type' reads it)"
                                            if isinstance(other, A.Entity) else ""),
                                            notes=(f"{m!r} is declared at {where}",)))
                sym.members[m] = decl.name
    for m in set(sym.dropped) & (set(sym.members) | set(sym.decls)):   # declared again: the uses refer to that
        del sym.dropped[m]
    if not sources or any(_writes_rows(text) for text in sources.values()):   # (most packs write none)
        standing = _rows_written_in(sym, standing, diags)   # (once the members are known: `row coal of at`)
    held_overrides(sym, diags, sources)
    sym.game = next((d for d in sym.decls.values() if isinstance(d, A.Game)), None)  # after overrides/removals
    _indexed_slot_zones(sym)
    _in_force_slots(sym, diags, sources)
    _kinds_slots(sym)
    held_options(sym, diags, sources)
    # `whenever nobody ...`: the table's, registered once (by the setup's acting player), for the events of no one
    tables_own = tuple(t for t in standing if A.subject_word(t.pattern) == "nobody")
    sym.tables_triggers = {t.span for t in tables_own}   # (by position: later passes may copy the nodes)
    standing = [t for t in standing if A.subject_word(t.pattern) != "nobody"]
    for trigger in standing:   # every player has it: a pattern not on `you` fires once per player
        subject = trigger.pattern.subject
        if not isinstance(subject, A.You):
            who = f"'{subject.id}'" if isinstance(subject, A.Name) else "a pattern without 'you'"
            event = trigger.pattern.event
            diags.append(Diagnostic("W425", f"a top-level trigger is every player's, so with {who} it fires once "
                                    f"for each player at every {event!r} (with 3 players, 3 times)",
                                    (subject or trigger.pattern).span,
                                    f"write 'whenever nobody {event} ...': it fires once for each {event} into a "
                                    f"shared zone, which has no subject; 'whenever you {event} ...' fires once for a "
                                    "player's own zone" if event in ("move", "flip") else
                                    f"write 'whenever you {event} ...': it fires once, for the player "
                                    "it happened to, and an 'each opponents' in it still reaches the others"))
    if (standing or tables_own) and sym.game is not None:
        # top-level triggers: every player registers them first thing in the setup (the table's, once)
        each = (A.Each(A.Name("players", span=standing[0].span), None, tuple(standing), span=standing[0].span),) \
            if standing else ()
        if tables_own:   # registered by the first player, as the setup runs for them: `each players[1] { ... }`
            span = tables_own[0].span
            first = A.Index(A.Name("players", span=span), A.Int(1, span=span), span=span)
            each = (A.Each(first, None, tables_own, span=span),) + each
        sym.game = sym.decls[sym.game.name] = replace(sym.game, setup=each + sym.game.setup)
    elif standing or tables_own:
        diags.append(Diagnostic("W403", "this trigger can never fire: the pack has no game to register it in",
                                (standing or tables_own)[0].span))
        sym.gameless_triggers = list(standing) + list(tables_own)
    return sym, diags


PHASES = ("setup", "play", "final")


def paid_stock(d) -> bool:
    """Whether a declaration is a stock a shortfall may cover: a resource, or a player's own counter,
    unindexed, that stops at zero (its floor 0 or unwritten, not `signed`)."""
    if isinstance(d, A.Resource):
        return True
    return isinstance(d, A.Counter) and not d.is_global and d.indexes is None and not d.signed and (
        d.low is None or (type(d.low) is A.Int and d.low.value == 0))


def shortfall_holder(sym: Symbols, res: str) -> Optional[str]:
    """Who holds the stock a `shortfall` of `res` covers: "player" for a player's stock (paid_stock), the kind
    for a stock its cards hold (`treasury: stock;`, one kind only), "zone" for a zone whose cards a cost term
    pays (`N cards from ZONE`; unindexed: E682 otherwise), else None (E654)."""
    decl = sym.decls.get(res)
    if paid_stock(decl):
        return "player"
    if isinstance(decl, A.Zone):
        return "zone" if decl.indexes is None else None
    kinds = [d.name for d in sym.decls.values() if isinstance(d, A.Kind)
             and any(f.name == res and f.stock for f in d.fields)]
    return kinds[0] if len(kinds) == 1 and res not in sym.decls else None


def card_term_zone(term: A.CostTerm) -> Optional[str]:
    """The zone a cost term of cards pays from, by name (`hand`, `you.hand`); None for any other term or place."""
    place = term.source if term.mode == "cards" else None
    return place.id if type(place) is A.Name else place.name if type(place) is A.Attr else None


def card_shortfall_of(s: A.Lose, sym: Symbols) -> bool:
    """Whether a `lose N F on CARD;` (untagged, to no one) is a payment the `shortfall` of the cards' stock F
    covers: both backends then call Game.lose_on_short."""
    return s.on is not None and s.to is None and s.tag is None and s.resource in sym.shortfalls and \
        shortfall_holder(sym, s.resource) not in (None, "player", "zone")   # (W519: a player's stock so named)


def shortfall_of(s: A.Lose, sym: Symbols, hooked=()) -> bool:
    """Whether a `lose` (of a player's named stock, without `else DEBT`; tagged, but not of an action a
    modifier's holder may be asked about, `hooked`) is a payment its resource's `shortfall` covers: both
    backends then call Game.lose_short."""
    return s.resource in sym.shortfalls and s.debt is None and s.index is None and s.on is None and \
        (s.tag is None or s.tag.action not in hooked)


def _shortfall(sym: Symbols, pack_name: str, item: A.Shortfall, diags: list[Diagnostic], sources: dict) -> None:
    """A `shortfall RES { ... }`: kept by its resource (one each: E655) and merged as the proc it runs as."""
    first = sym.shortfalls.get(item.resource)
    if first is not None:
        diags.append(Diagnostic("E655", f"a second shortfall of {item.resource!r}: every payment of it runs one "
                                "rule", declared_at(sources, item.resource, item.span),
                                "write every way to raise it as an option of the one 'raise by', and one 'else' "
                                f"(a house rule or an expansion replaces it, 'override shortfall {item.resource} {{ ... }}', or "
                                f"changes it, 'amend shortfall {item.resource} {{ ... }}')",
                                notes=(f"the first is at {first.span}",)))
        return
    sym.shortfalls[item.resource] = item
    sym.shortfall_packs[item.resource] = pack_name


def _amend_shortfall(sym: Symbols, item: A.ShortfallAmend, diags: list[Diagnostic], sources: dict) -> None:
    """`amend shortfall RES { ... }`: the shortfall of RES as the amend changes it (its guard, with `base` the
    base's; its options as an amended choose's; its else, `base();` running the base's); E668 when RES has none."""
    old = sym.shortfalls.get(item.resource)
    if old is None:
        declared = [r for r in sym.shortfalls]
        diags.append(Diagnostic("E668", f"an amend of the shortfall of {item.resource!r}, which has none: there is "
                                "nothing to change", declared_at(sources, item.resource, item.span),
                                did_you_mean(item.resource, declared) if declared else
                                f"declare it: 'shortfall {item.resource} {{ raise by {{ ... }} else {{ ... }} }}'"))
        return
    what = f"the shortfall of {item.resource!r}"
    if item.guard is None and not item.changes and item.otherwise is None:
        diags.append(Diagnostic("W600", f"this amend of {what} is empty: it changes nothing",
                                declared_at(sources, item.resource, item.span),
                                "write what it changes inside the braces ('raise when ... by { option ... }', "
                                "'else { ... }'), or leave the amend out"))
        return
    guard = old.guard
    if item.guard is not None:
        guard = _with_base_value(sym, item.guard, old.guard, "guard of the raising", item.guard.span, diags,
                                 f"{what} raises without a condition: write the condition in full")
        if guard is None:
            return
        sym.amended_parts.append((f"the raising's condition of {what}", item.guard.span))
    options = old.options
    if item.changes:   # as an amended choose's options, the raising's one choose (lowered_shortfall)
        prompt = f"raise {{missing}} more {item.resource}"
        asked = _amend_choose(sym, what, A.Choose(prompt, old.options, span=old.span),
                              A.ChooseAmend(prompt, item.changes, span=item.span), diags)
        if asked is None:
            return
        options = asked.options
    otherwise = old.otherwise
    if item.otherwise is not None:   # `base();` in it runs the base's else
        otherwise = _keep_base(sym, A.Option("else", None, item.otherwise, span=item.else_span), old.otherwise,
                               "else", diags).body
        sym.amended_parts.append((f"the else of {what}", item.else_span))
    sym.shortfalls[item.resource] = replace(old, guard=guard, options=options, otherwise=otherwise,
                                            raises=old.raises or bool(options))
    sym.amended_shortfalls.append((item, old))


def _shortfall_procs(sym: Symbols, diags: list[Diagnostic], sources: dict) -> None:
    """Each shortfall of a stock it may cover merged as the proc it runs as, once every declaration is in
    (the resource may be declared after it); one of anything else is E654 alone (Checker.shortfall)."""
    for res, item in sym.shortfalls.items():
        holder = shortfall_holder(sym, res)
        if holder is not None:
            _merge(sym, sym.shortfall_packs[res], lowered_shortfall(item, None if holder == "player" else holder),
                   diags, sources)


def lowered_shortfall(d: A.Shortfall, kind: Optional[str] = None) -> A.Proc:
    """The proc a shortfall runs as, `PROC(debt, creditor, missing): int`, written in the language's own statements
    so that both backends and the checker read it as any proc: the payer raises while something is
    missing, the guard holds and an option is open; covered, it gives `debt` (the engine then pays it);
    else the payer pays all they hold (to the creditor, or the bank), the `else` runs, and it gives what
    was paid, less than `debt` (what `let N = pay ...` binds then).

        while missing > 0 and GUARD and (OPTION GUARDS, or'ed) {
          choose "raise {missing} more RES" { OPTIONS }
          if debt - RES >= missing { break; }   # a round that raised nothing ends the raising
          set missing = debt - RES;
        }
        if missing > 0 { set missing = debt - RES; lose RES RES [to creditor]; ELSE; return debt - missing; }
        return debt;

    A zone's (`kind` "zone"): RES is `size(ZONE)`, nothing is lost in the proc (the engine pays the cards the
    term may take after it ran, Game._raised_cards) and the choose asks for "more cards in ZONE".
    """
    at = d.span

    def name(n: str) -> A.Name:
        return A.Name(n, span=at)

    def held() -> A.Expr:   # what the payer holds: a player's stock, the stock on the card `holder` (`kind`), a zone's cards
        if kind == "zone":
            return A.Call("size", (name(d.resource),), span=at)
        return name(d.resource) if kind is None else A.Attr(name("holder"), d.resource, span=at)

    def still_missing() -> A.Expr:
        return A.Binary("-", name("debt"), held(), span=at)

    missing = A.Binary(">", name("missing"), A.Int(0, span=at), span=at)
    body: list = []   # (`missing` is a parameter, not a `let`: a pack may declare a stock so named, as `debt`)
    if d.options:
        guards = [o.guard for o in d.options]
        open_ = None if any(g is None for g in guards) else guards[0]
        for g in guards[1:] if open_ is not None else ():
            open_ = A.Binary("or", open_, g, span=at)
        cond = missing
        for extra in (d.guard, open_):
            if extra is not None:
                cond = A.Binary("and", cond, extra, span=at)
        more = f" more cards in {d.resource}" if kind == "zone" else f" more {d.resource}"
        ask = A.Choose(f"raise {{missing}}{more}", d.options, title_parts=("raise ", name("missing"), more), span=at)
        # a round that raised nothing (an option giving nothing, a `once` option spent, a pick without a
        # candidate) ends the raising: asking again would ask the same until the step budget stops the game
        raised_nothing = A.If(A.Binary(">=", still_missing(), name("missing"), span=at), (A.Break(span=at),), (),
                              span=at)
        body.append(A.While(cond, (ask, raised_nothing, A.SetName("missing", still_missing(), span=at)), span=at))
    if kind is None:
        to_bank = A.Lose(held(), d.resource, None, span=at)
        to_creditor = A.Lose(held(), d.resource, None, to=name("creditor"), span=at)
        paid_all = A.If(A.Binary("==", name("creditor"), A.Nothing(span=at), span=at), (to_bank,), (to_creditor,),
                        span=at)
    elif kind == "zone":   # the engine pays the cards the term may take once the proc ran (Game._raised_cards)
        paid_all = None
    else:   # a card's stock is paid to the bank (card_shortfall_of: `lose N F on CARD;`, a cost term `N F on CARD`)
        paid_all = A.Lose(held(), d.resource, None, on=name("holder"), span=at)
    # not covered: what was paid is what the payer held once the raising ended; `missing` is made current first
    # (a round that ended the raising by lowering the stock left it as it was before that round)
    current = A.SetName("missing", still_missing(), span=at)
    paid = A.Return(A.Binary("-", name("debt"), name("missing"), span=at), span=at)
    body.append(A.If(missing, (current,) + ((paid_all,) if paid_all is not None else ()) + d.otherwise + (paid,), (),
                     span=at))
    body.append(A.Return(name("debt"), span=at))
    params = (A.Param("debt", "int", span=at), A.Param("creditor", "player", span=at),
              A.Param("missing", "int", span=at)) + ((A.Param("holder", kind, span=at),) if kind not in (None, "zone")
                                                     else ())
    return A.Proc(d.name, params, tuple(body), "int", span=at)


def slot_zones(places: tuple, sym: Symbols) -> list:
    """The zones a card's reaction, `anytime` or override slot is used from, as expressions: each place
    as written (`hand`, `row[wetland]`), an indexed zone named alone as each of its zones (`row`:
    `row[forest]`, `row[grassland]`, ...)."""
    from .layout import elements

    out = []
    for place in places:
        z = sym.decls.get(place.id) if type(place) is A.Name else None
        if isinstance(z, A.Zone) and z.indexes is not None:
            out += [A.Index(place, _index_value(key, place.span), span=place.span) for key, _flat in elements(z, sym)]
        else:
            out.append(place)
    return out


def _index_value(key, at: A.Span):
    """An element's index as the expression that names it: a member or card by its name, a number, a pair."""
    if type(key) is tuple:
        return A.Pair(tuple(_index_value(k, at) for k in key), span=at)
    return A.Int(key, span=at) if type(key) is int else A.Name(key, span=at)


def _place_named(place, zone: A.Zone, sym: Symbols) -> bool:
    """Whether a slot's place names its zone soundly: alone, or an element the zone has (E391 otherwise)."""
    from .layout import elements

    if type(place) is A.Name:
        return True
    return zone.indexes is not None and A.place_key(place) in {flat for _k, flat in elements(zone, sym)}


def _indexed_slot_zones(sym: Symbols) -> None:
    """A card's reaction used from an indexed zone named alone (`whenever ... in row`) fires while the copy
    is in any of its zones: its trigger's condition names each (slot_zones). A card's reaction or modifier
    used from a role's zone (`in shrine`, a zone the role declares) tests that zone for the role's holders
    alone (`you is ROLE and contains(shrine, this)`): nobody else has it."""
    roles = {z: r for z, r in sym.role_of.items() if isinstance(sym.decls.get(z), A.Zone)}

    def spread(slot):
        if type(slot) not in (A.Reaction, A.HeldModifier) or not any(
                type(p) is A.Name and (getattr(sym.decls.get(p.id), "indexes", None) is not None or p.id in roles)
                and isinstance(sym.decls.get(p.id), A.Zone) for p in slot.places):
            return slot
        if type(slot) is A.HeldModifier:   # a card's modifier: its `while`, as a reaction's trigger's
            cond = A.Reaction.condition(slot_zones(slot.places, sym), slot.when, None, slot.span, roles)
            return replace(slot, body=(replace(slot.modifier, cond=cond),))
        t, asked = slot.trigger, slot.asked
        cond = A.Reaction.condition(slot_zones(slot.places, sym), slot.when,
                                    asked.cost if asked is not None and t.rest is not None else None, slot.span, roles)
        return replace(slot, body=(replace(t, cond=cond),))

    for name, decl in list(sym.decls.items()):
        if isinstance(decl, A.Kind) and decl.slots:
            sym.decls[name] = replace(decl, slots=tuple(map(spread, decl.slots)))
        elif isinstance(decl, A.Entity):
            effects = tuple(map(spread, decl.effects))
            if any(a is not b for a, b in zip(effects, decl.effects)):
                sym.decls[name] = replace(decl, effects=effects)


GATED = (A.Reaction, A.Anytime, A.HeldOverride, A.HeldOption)   # the slots `in force while` gates (a modifier
# is a Reaction): each is a card's only while it lies in a zone


def slot_places(d: A.Entity) -> list:
    """The zones a card's slots are used from (its own and, once _kinds_slots ran, its kind's), as their slots
    name them (`hand`, `row` for any of an indexed zone's, `row[wetland]`; a role's own override, written without a
    zone, its holder's A.ROLE_ZONE): where `in_force(c)` finds it in force."""
    return sorted({key for e in d.effects if isinstance(e, GATED)
                   for key in (e.zones or ((A.ROLE_ZONE,) if A.role_own(e) else ()))})


def holds_slots(sym: Symbols, kinds: tuple) -> bool:
    """Whether some card of the kinds holds a slot from a zone, so that `in_force()` of one may be true (W546)."""
    return any(isinstance(d, A.Entity) and d.kind in kinds and slot_places(d) for d in sym.decls.values())


def _in_force_slots(sym: Symbols, diags: list[Diagnostic], sources: dict) -> None:
    """`in force while COND;` in a kind (or a card): every reaction's and modifier's `while`, and every `anytime`
    slot's `when`, of the kind's cards `and held.force(this)` (Game.in_force: the card's own line, else its kind's,
    worked out at each use for the holder), once the zones' tests are made (_indexed_slot_zones) and before the
    kind's slots are given to its cards (_kinds_slots, which hands out the very nodes); overrides and options add
    it to their held test (held_and_in_force). A kind with no such line, nor any card of it, is left as it is.
    W539: a line over cards with no slot to gate."""
    gated = {name for name, k in sym.decls.items() if isinstance(k, A.Kind) and gated_kind(sym, name)}
    if not gated:
        return

    def gate(slot):
        if not isinstance(slot, (A.Reaction, A.Anytime)):
            return slot
        at = slot.span
        force = A.Call(HELD_FORCE, (A.Name("this", span=at),), span=at)
        if isinstance(slot, A.Anytime):
            return replace(slot, when=force if slot.when is None else A.Binary("and", slot.when, force, span=at))
        inner = slot.modifier if type(slot) is A.HeldModifier else slot.trigger
        return replace(slot, body=(replace(inner, cond=A.Binary("and", inner.cond, force, span=at)),))

    for name, decl in list(sym.decls.items()):
        if isinstance(decl, A.Kind) and name in gated:
            sym.decls[name] = replace(decl, slots=tuple(map(gate, decl.slots)))
        elif isinstance(decl, A.Entity) and decl.kind in gated:
            sym.decls[name] = replace(decl, effects=tuple(map(gate, decl.effects)))
    for name in gated:
        kind = sym.decls[name]
        cards = [d for d in sym.decls.values() if isinstance(d, A.Entity) and d.kind == name]
        for line, has in [(kind.in_force, bool(kind.slots) or any(isinstance(e, GATED) for d in cards for e in d.effects))] + \
                [(d.in_force, any(isinstance(e, GATED) for e in d.effects + kind.slots)) for d in cards]:
            if line and not has:
                whose = f"kind {name!r}" if line is kind.in_force else "this card"
                diags.append(Diagnostic("W539", f"'in force while' gates the reactions, modifiers, overrides, anytime "
                                        f"slots and options a card holds from a zone, and {whose} has none: the line "
                                        "changes nothing", line[0].span,
                                        "drop the line, or give the cards the slots it is to gate"))


def _kinds_slots(sym: Symbols) -> None:
    """Every entity is given its kind's reactions and `anytime` slots (the very nodes: the checker
    knows them so, and checks them once, at the kind), after its own, but for those it writes itself
    (the same name: event and zones) and those an amend of it removed."""
    for name, decl in list(sym.decls.items()):
        kind = sym.decls.get(decl.kind) if isinstance(decl, A.Entity) else None
        if isinstance(kind, A.Kind) and kind.slots:
            own, dropped, seen = {slot_key(e) for e in decl.effects}, sym.dropped_slots.get(name, set()), set()
            inherited = tuple(s for s in kind.slots if slot_key(s) not in own and s.name not in dropped
                              and s.name not in seen and not seen.add(s.name))   # once (E215)
            if inherited:
                sym.decls[name] = replace(decl, effects=decl.effects + inherited)


def slot_key(slot) -> str:
    """What a card's slot replaces its kind's by: a reaction by its event and zones (whatever its subject,
    and all of the kind's there), another slot or effect by its name."""
    return slot.plain if type(slot) is A.Reaction else slot.name   # (a card's modifier: by its action)


def same_statements(parts: list, body: tuple) -> bool:
    """Whether a body is its parts one after the other (the very statements, not equal ones)."""
    joined = [s for part in parts for s in part]
    return len(joined) == len(body) and all(a is b for a, b in zip(joined, body))


def _extend(sym: Symbols, item: A.Extend, diags: list[Diagnostic], sources: dict) -> None:
    """`before`/`after NAME`: wrap a proc's body, or a game phase, with more steps."""
    def wrapped(key, body: tuple) -> tuple:
        parts = sym.parts.get(key)
        if parts is None or not same_statements(parts, body):   # declared or overridden since
            parts = [body]
        sym.parts[key] = [item.body] + parts if item.when == "before" else parts + [item.body]
        return item.body + body if item.when == "before" else body + item.body

    target = sym.decls.get(item.name)
    if isinstance(target, A.Proc):
        sym.decls[item.name] = replace(target, body=wrapped(item.name, target.body))
        sym.extended.append((item, "proc"))
    elif item.name in PHASES and isinstance(sym.game, A.Game):
        body = wrapped(("phase", item.name), getattr(sym.game, item.name))
        sym.game = sym.decls[sym.game.name] = replace(sym.game, **{item.name: body})
        sym.extended.append((item, "phase"))
    elif isinstance(sym.game, A.Game) and any(p.name == item.name for p in sym.game.phases or ()):
        phases = tuple(replace(p, body=wrapped(("phase", p.name), p.body)) if p.name == item.name else p
                       for p in sym.game.phases)
        sym.game = sym.decls[sym.game.name] = replace(sym.game, phases=phases)
        sym.extended.append((item, "phase"))
    else:
        what = f"is {_article(CATEGORY[type(target)])}" if target is not None else "is not declared"
        diags.append(Diagnostic("E216", f"'{item.when}' extends a proc or a game phase; {item.name!r} {what}",
                                declared_at(sources, item.name, item.span), did_you_mean(item.name, [n for n, d in sym.decls.items()
                                                                    if isinstance(d, A.Proc)] + list(PHASES))))


MAX_EACH = 1_000   # the most entities one `for each` declaration makes (as `* N` copies are bounded, E308)


def _each_values(sym: Symbols, item: A.Entity, bound: str, domain, diags: list[Diagnostic], sources: dict):
    """One `c in DOMAIN` of a `for each`: (the values c goes through, as names or numbers, and what they are:
    "member", "entity" or "number"), or None after E345 (a domain that is no kind, enum or range of constants)."""
    if type(domain) is tuple:   # `2..14`: the numbers, the lower first
        low, high = domain
        return list(range(low, high + 1)), "number"
    if isinstance(domain, A.Node):   # an expression that is none of those
        hint = ("a range of 'for each' is written with constant numbers: 'for each r in 2..14'"
                if type(domain) is A.Range else
                "list the values as an enum ('enum face { jack, queen, king }'), keep some of an enum's members "
                "with a 'where' ('for each s in suit where s.suited'), or go through a range of numbers: "
                "'for each r in 2..14'")
        diags.append(Diagnostic("E345", f"'for each' makes one entity per entity of a kind, member of an enum or number "
                                f"of a range of constants; {printed(domain)} is none of those", domain.span, hint))
        return None
    where = item.span
    tokens = tokens_in(sources, item.span)   # the domain is the word after `in`
    found = next((i for i, (_l, _c, t) in enumerate(tokens[:-1]) if t == "in" and tokens[i + 1][2] == domain), None)
    if found is not None:
        line, col, _t = tokens[found + 1]
        where = A.Span(item.span.file, line, col, line, col + len(domain))
    target = sym.decls.get(domain)
    if isinstance(target, A.Enum):
        return list(target.members), "member"
    if isinstance(target, A.Kind) and domain != item.kind:
        return [n for n, d in sym.decls.items() if isinstance(d, A.Entity) and d.kind == domain], "entity"
    what = "is not declared" if target is None else \
        "is the kind being made" if isinstance(target, A.Kind) else f"is {_article(CATEGORY[type(target)])}"
    diags.append(Diagnostic("E345", f"'for each' makes one entity per entity of a kind, member of an enum or number "
                            f"of a range of constants; {domain!r} {what}", where,
                            (_similar(sym, domain, (A.Kind, A.Enum)) if target is None else None) or
                            "a range of numbers is written 'for each r in 2..14'"))
    return None


def _per_each(sym: Symbols, item: A.Entity, diags: list[Diagnostic], sources: dict) -> list[A.Entity]:
    """`KIND NAME ["Title"] for each c in DOMAIN { ... }`: one plain entity per entity of the kind DOMAIN
    (in declaration order; a declaration `* N` counts once), per member of the enum DOMAIN or per number of
    a range of constants (`2..14`), named NAME_MEMBER (NAME_N), with `c` in its title, values and effects
    standing for that entity, member or number; over several domains (`for each s in suit, r in 2..14`), one
    per combination, the first domain's values varying slowest, named NAME_M1_M2. E345 for a domain that is
    none of those (or a declaration making more than MAX_EACH), E346 for a bound name that is taken (or
    bound twice), E347 for a name made twice; W473 when there is nothing to go through, W474 when a bound name
    is not used (the entities are alike along it: `* N`)."""
    pairs = (item.each,) + tuple(item.each_more or ())
    kind = sym.decls.get(item.kind)
    fields = [f.name for f in kind.fields] if isinstance(kind, A.Kind) else []
    domains = []
    for i, (bound, domain) in enumerate(pairs):
        found = _each_values(sym, item, bound, domain, diags, sources)
        if found is None:
            return []
        if bound in sym.decls or bound in sym.members or bound in fields or bound in ("copy_number", "this", "you") \
                or any(bound in d.members for d in sym.decls.values() if isinstance(d, A.Enum)) \
                or any(bound == other for other, _d in pairs[:i]):
            what = f"a field of {item.kind}" if bound in fields else "a word of the language" \
                if bound in ("copy_number", "this", "you") else "bound twice" \
                if any(bound == other for other, _d in pairs[:i]) else "declared"
            shown = domain if isinstance(domain, str) else "x"
            diags.append(Diagnostic("E346", f"the name 'for each' binds, {bound!r}, is {what}: inside the declaration "
                                    "it would mean two things", declared_at(sources, bound, item.span),
                                    f"bind another name: 'for each {shown[0]} in {shown}'" if isinstance(domain, str)
                                    else "bind another name"))
            return []
        domains.append(found)
    combinations = _kept_combinations(sym, item, pairs, domains, diags)
    if combinations is None:
        return []
    emptied = False   # a domain's `where` kept nothing (W627 once: the domains after it have nothing to go through)
    for i, ((bound, domain), (values, how)) in enumerate(zip(pairs, domains)):
        kept = {c[i] for c in combinations}   # the values the filters leave it (all of them without one)
        if values and not kept:
            if not emptied and item.each_where and item.each_where[i] is not None \
                    and all(earlier for earlier, _how in domains[:i]):
                diags.append(Diagnostic("W627", f"the 'where' of {bound!r} in {item.name!r} keeps none of its values: "
                                        f"it makes no {item.kind}", item.each_where[i].span,
                                        "check the condition against the values it goes through (a member's data, "
                                        "the numbers of the range)"))
                emptied = True
            continue
        values = [v for v in values if v in kept]
        if not values:
            shown = domain if isinstance(domain, str) else f"{domain[0]}..{domain[1]}"
            diags.append(Diagnostic("W473", f"{item.name!r} makes one {item.kind} per "
                                    f"{ {'member': 'member', 'entity': 'entity', 'number': 'number'}[how]} of "
                                    f"{shown!r}, and it has none here: it makes nothing", item.span if how == "number"
                                    else declared_at(sources, bound, item.span),
                                    "a 'for each' sees the entities its own pack and the packs it extends declare"
                                    if how != "number" else "write the lower number first"))
            continue
        uses = [n for part in item.title_parts + item.values + item.effects + (item.copies_by,)
                if part is not None and not isinstance(part, str) for n in A.walk(part) if type(n) is A.Name and n.id == bound]
        # a title reads the bound name itself or a field whose value reads it (`"{face} of {s.title}"`, `face =
        # [...][r]`): either way the titles differ along it
        reading = {bound} | {v.name for v in item.values if type(v) is A.FieldValue
                             and any(type(n) is A.Name and n.id == bound for n in A.walk(v.value))}
        titled = any(type(n) is A.Name and n.id in reading for part in item.title_parts if not isinstance(part, str)
                     for n in A.walk(part))
        if uses and not titled and item.title is not None and len(values) > 1:
            diags.append(Diagnostic("W524", f"the title of {item.name!r} does not read {bound!r}: its {item.kind}s "
                                    f"for different {bound} have one title, so decisions, logs and the tables of "
                                    "cover and simulate cannot tell them apart", declared_at(sources, bound, item.span),
                                    f"name it in the title: '\"... {{{bound}}}\"'" if how == "number" else
                                    f"name it in the title: '\"... {{{bound}.title}}\"'"))
        if not uses and len(values) > 1:
            filtering = any(type(n) is A.Name and n.id == bound for w in item.each_where or () if w is not None
                            for n in A.walk(w))
            diags.append(Diagnostic("W474", f"{bound!r} is used nowhere in {item.name!r}"
                                    f"{' but a where' if filtering else ''}: its {len(values)} "
                                    f"{item.kind}s are alike" + (" along it" if len(pairs) > 1 else ""),
                                    declared_at(sources, bound, item.span),
                                    f"for {len(values)} identical copies write '{item.kind} {item.name} * {len(values)} "
                                    "{ ... }'" if len(pairs) == 1 else f"drop '{bound} in ...' and give the declaration "
                                    f"'* {len(values)}' copies"))
    made = []
    # each member's data, by field: `* (a.cards - 4)` and a field value `symbol = t.symbol` read a value the
    # enum gives before play (the enums' members are listed after the entities are written out)
    members = _known_data(sym) if item.copies_by or any(type(n) is A.Attr for v in item.values for n in A.walk(v)) \
        else {}
    # each bound member's place in its enum, from 1, for `ordinal(c)` in a field value
    places = {bound: {m: i for i, m in enumerate(values, 1)}
              for (bound, _d), (values, how) in zip(pairs, domains) if how == "member"}
    for combination in combinations:
        name = "_".join([item.name] + [str(v) if type(v) is not int or v >= 0 else f"m{-v}" for v in combination])
        if name in sym.decls:
            other = sym.decls[name]
            m = ", ".join(map(str, combination))
            diags.append(Diagnostic("E347", f"'for each' names the {item.kind} it makes for {m!r} {name!r}, which "
                                    "is already declared", declared_at(sources, item.name, item.span),
                                    f"rename {item.name!r} or the other declaration",
                                    notes=(f"{name!r} is declared at {other.span}",)))
            continue
        given = {bound: v for (bound, _d), v in zip(pairs, combination)}
        bind = _binder(given)

        def bind_data(n, given=given):
            """A bound member's data (`t.symbol`, a constant the enum gives) and its place in its enum
            (`ordinal(t)`) written out, as a field value needs."""
            if type(n) is A.Attr and type(n.obj) is A.Name and n.obj.id in given.values():   # (`t` bound already)
                data = members.get(n.obj.id, {})
                if n.name in data:
                    return data[n.name]
            if type(n) is A.Call and n.func == "ordinal" and len(n.args) == 1 and type(n.args[0]) is A.Name:
                # (the bound name, or the member it was bound to already: the rewrite reaches the name first)
                bound = next((b for b in places if n.args[0].id in (b, given[b])), None)
                if bound is not None:
                    return A.Int(places[bound][given[bound]], span=n.span)
            return bind(n)
        copies = item.copies if item.copies_by is None else _copies_of(item, name, bind, members, diags)
        if copies is None:   # refused (E303), once for the declaration
            break
        if not copies:   # `* (EXPR)` gave 0 for this element: the deck has none of it
            continue
        made.append(replace(item, name=name, each=None, each_more=None, each_where=None, copies=copies, copies_by=None,
                            values=tuple(A.rewrite(v, bind_data) for v in item.values),
                            effects=tuple(A.rewrite(v, bind) for v in item.effects),
                            title_parts=tuple(p if isinstance(p, str) else A.rewrite(p, bind) for p in item.title_parts)))
        sym.generated[name] = (item.name, ", ".join(map(str, combination)), ", ".join(b for b, _d in pairs),
                               ", ".join(d if isinstance(d, str) else f"{d[0]}..{d[1]}" for _b, d in pairs),
                               ", ".join(each_heads(item)))
    return made


def _binder(given: dict):
    """A rewrite writing the names a `for each` binds (`given`: name -> member, entity or number) as what they
    stand for: a number, or the member's or entity's name."""
    def bind(n):
        if type(n) is A.Name and n.id in given:
            v = given[n.id]
            return A.Int(v, span=n.span) if type(v) is int else A.Name(v, span=n.span)
        return None
    return bind


def _known_data(sym: Symbols, for_filters: bool = False) -> dict:
    """What is known before play of each enum member: its field values by field name, the defaults its enum
    gives included (`c.cards`, `s.suited`); `for_filters` (a `for each` domain's `where`), of each declared
    entity too (`x.colour`, its kind's defaults included), and the `name` and `title` of each (3.8)."""
    known = {m: {**({"name": A.Str(m), "title": A.Str(d.title_of(m) or m)} if for_filters else {}),
                 **{f.name: f.default for f in d.fields if f.default is not None},
                 **{v.name: v.value for v in d.values_of(m)}}
             for d in sym.decls.values() if isinstance(d, A.Enum) for m in d.members}
    if for_filters:
        for name, d in list(sym.decls.items()):
            kind = sym.decls.get(d.kind) if isinstance(d, A.Entity) else None
            if isinstance(kind, A.Kind):   # (a title with values is worked out per copy: not known here)
                known[name] = {"name": A.Str(name),
                               **({"title": A.Str(d.title or name)} if not d.title_parts else {}),
                               **{f.name: f.default for f in kind.fields if f.default is not None},
                               **{v.name: v.value for v in d.values if type(v) is A.FieldValue}}
    return known


def _before_play(e: A.Expr, bind, data: dict, places: Optional[dict] = None):
    """The value of an expression of a `for each` declaration worked out before play (its `* (EXPR)` copies, a
    domain's `where`): the names it binds (`bind`), the data `data` gives of enum members and entities, the place
    of a member in its enum (`places`, for `ordinal`), constants, numbers, `if`, `match` and arithmetic.
    A.NotConstant when it reads anything else (a counter, a zone, a random value)."""
    def known(n):
        if type(n) is A.Attr and type(n.obj) is A.Str:   # a member's field (the member already made a known value)
            fields = data.get(n.obj.value)
            if fields is not None and n.name in fields:
                return A.rewrite(fields[n.name], known)
        if places and type(n) is A.Call and n.func == "ordinal" and len(n.args) == 1 and type(n.args[0]) is A.Str \
                and n.args[0].value in places:
            return A.Int(places[n.args[0].value], span=n.span)
        bound = bind(n) or n
        return A.Str(bound.id, span=bound.span) if type(bound) is A.Name and bound.id in data else \
            None if bound is n else bound
    return A.as_const(A.rewrite(e, known))


def _kept_combinations(sym: Symbols, item: A.Entity, pairs: tuple, domains: list,
                       diags: list[Diagnostic]) -> Optional[list]:
    """The combinations of one value per domain a `for each` declaration makes an entity for, the first domain's
    values varying slowest, each domain's `where` keeping those it holds for (read with the names bound up to its
    own). None after E345 (more than MAX_EACH of them), E642 (a `where` not known before play), E643 (a `where`
    reading a name a later domain binds) or E303 (a `where` that is not true or false)."""
    if not item.each_where:
        total = 1
        for values, _how in domains:
            total *= len(values)
        if total > MAX_EACH:
            diags.append(_too_many(item, f"{total:,}"))
            return None
    wheres = item.each_where or (None,) * len(pairs)
    later = {bound: i for i, (bound, _d) in enumerate(pairs)}
    for i, where in enumerate(wheres):
        early = next((n for n in A.walk(where) if type(n) is A.Name and later.get(n.id, -1) > i), None) \
            if where is not None else None
        if early is not None:
            diags.append(Diagnostic("E643", f"the 'where' of {pairs[i][0]!r} reads {early.id!r}, which a later domain "
                                    "binds: a domain's filter is read before the domains after it are gone through",
                                    early.span, f"move the condition after '{early.id} in ...': 'for each ... , "
                                    f"{early.id} in ... where ...'"))
            return None
    data = _known_data(sym, for_filters=True) if item.each_where else {}
    consts = {n: d.value for n, d in sym.decls.items() if isinstance(d, A.Const)} if item.each_where else {}
    places = {m: p for d in sym.decls.values() if isinstance(d, A.Enum) for p, m in enumerate(d.members, 1)}
    combinations = [()]
    for i, ((values, _how), where) in enumerate(zip(domains, wheres)):
        kept = []
        for combination in combinations:
            for value in values:
                if where is None:
                    kept.append(combination + (value,))
                    continue
                given = {bound: v for (bound, _d), v in zip(pairs, combination + (value,))}
                bind = _binder(given)

                def bind_or_const(n, bind=bind):
                    return bind(n) or (consts[n.id] if type(n) is A.Name and n.id in consts and n.id not in given
                                       else None)
                try:
                    keep = _before_play(where, bind_or_const, data, places)
                except A.NotConstant:
                    diags.append(_not_before_play(where, given, data, set(consts), pairs[i][0]))
                    return None
                if type(keep) is not bool:
                    diags.append(Diagnostic("E303", f"the 'where' of {pairs[i][0]!r} is {keep!r}, not a condition: it "
                                            "keeps the values for which it is true", where.span,
                                            f"compare it: '{printed(where)} == ...'"))
                    return None
                if keep:
                    kept.append(combination + (value,))
            if len(kept) > MAX_EACH:
                break
        combinations = kept
        if len(combinations) > MAX_EACH:
            diags.append(_too_many(item, f"more than {MAX_EACH:,}", " its filters keep"))
            return None
    return combinations


def _too_many(item: A.Entity, total: str, kept: str = "") -> Diagnostic:
    """E345 for a `for each` declaration that would make more than MAX_EACH entities."""
    return Diagnostic("E345", f"{item.name!r} would make {total} {item.kind}s, more than {MAX_EACH:,} (one per "
                      f"combination of its domains{kept})", item.span,
                      "a deck that large is a count: give the cards a number field and '* N' copies")


def _not_before_play(where: A.Expr, given: dict, data: dict, consts: set, bound: str) -> Diagnostic:
    """E642 for a `for each` domain's `where` that reads what only play decides, at the first such name or call
    (or at a field a bound member or entity does not hold, `c.nothing`: nothing is known of it before play)."""
    for n in A.walk(where):
        if type(n) is A.Attr and type(n.obj) is A.Name and isinstance(given.get(n.obj.id), str) \
                and n.name not in data.get(given[n.obj.id], {}):
            held = data.get(given[n.obj.id], {})
            return Diagnostic("E642", f"the 'where' of {bound!r} reads '{printed(n)}', and {given[n.obj.id]!r} holds "
                              f"no {n.name!r} known before play", n.span,
                              did_you_mean(n.name, list(held)) or "a filter reads the data an enum member holds or "
                              "the fields a declared entity gives: " + (", ".join(sorted(held)) or "none here"))
    known = set(given) | set(data) | consts
    culprit = next((n for n in A.walk(where) if (type(n) is A.Name and n.id not in known)
                    or (type(n) is A.Call and n.func not in ("min", "max", "abs", "ordinal"))), where)
    return Diagnostic("E642", f"the 'where' of {bound!r} reads '{printed(culprit)}', which is not known before play: a "
                      "'for each' declaration makes its entities before the game starts", culprit.span,
                      "read only the names bound, the data of enum members, the fields of declared entities, constants "
                      "and numbers; to leave entities out during play, filter where they are used "
                      "('pick c from deck where ...')")


def _copies_of(item: A.Entity, name: str, bind, members: dict, diags: list[Diagnostic]) -> Optional[int]:
    """The copies `* (EXPR)` gives the entity `name` a `for each` declaration makes (its elements bound by
    `bind`): a whole number of at least 0 known before play; None after E303 otherwise. An enum's members
    are known values here (`* (match c { red: 2, else: 1 })`), and so is the data a member gives (`members`:
    each member's field values; `* (a.cards - 4)`): nothing else is named before play."""
    try:
        copies = _before_play(item.copies_by, bind, members)
    except A.NotConstant:
        copies = None
    if type(copies) is int and copies >= 0:
        return copies
    shown = "not known before play" if copies is None else f"{copies!r}"
    diags.append(Diagnostic("E303", f"the copies of {name!r} are {shown}: '* (EXPR)' gives each entity of a 'for each' "
                            "declaration a whole number of at least 0 (0: none of it), worked out from its elements",
                            item.copies_by.span, hint="use numbers, the names 'for each' binds (and the data an enum member "
                            "gives, 'c.cards'), 'if', 'match' and arithmetic: '* (match r { 1: 3, 5: 1, else: 2 })'"))
    return None


def _amends_nothing(item: A.Amend, its_findings: list) -> bool:
    """W600: an amend with an empty body, no title and no `* N`, which lint would otherwise pass over without a
    word (unless it already reports an error at it: an unknown name, names of two categories)."""
    return not item.items and item.title is None and item.copies is None and \
        not any(d.severity == "error" for d in its_findings)


def _listed_at(sources: dict, item: A.Amend | A.Remove) -> list[A.Span]:
    """Where each name of `amend a, b, c` (or `remove a, b, c;`) is written, in order (the whole declaration where
    the source is unknown)."""
    names, spans = item.names(), []
    for line, col, token in tokens_in(sources, item.span):
        if len(spans) == len(names) or token == "{" or token.startswith(('"', "*")):
            break
        if token == names[len(spans)]:
            spans.append(A.Span(item.span.file, line, col, line, col + len(token)))
    return spans if len(spans) == len(names) else [item.span] * len(names)


def _amend_each(sym: Symbols, item: A.Amend, diags: list[Diagnostic], sources: dict) -> None:
    """`amend a, b, c { ... }`: the body amends each name as one `amend` of each would. A name not declared is
    E568 (the others are amended), names of different categories or several enums E573 (nothing is), a name
    listed twice W567; a finding of the body says for which of the names it is (once, when it is the same
    for several)."""
    targets: dict[str, str] = {}   # each name listed once, in order -> its category
    for name, span in zip(item.names(), _listed_at(sources, item)):
        target = sym.decls.get(name)
        if name in targets:
            diags.append(Diagnostic("W567", f"{name!r} is listed twice in this amend: its body amends it once",
                                    span, "write each name once"))
        elif target is None and not is_phase(sym, name):
            others = tuple({type(sym.decls[n]) for n in item.names() if n in sym.decls}) or tuple(CATEGORY)
            diags.append(Diagnostic("E568", f"{name!r} in the names this amend lists is not declared", span,
                                    _similar(sym, name, others)))
        else:
            targets[name] = CATEGORY.get(type(target), "phase")
    if "enum" in targets.values() and len(targets) > 1:   # its members are global names: one enum's each
        diags.append(Diagnostic("E573", "one amend of several enums: a member is one enum's (its name is global), so "
                                "one body cannot add it to several", declared_at(sources, item.name, item.span),
                                "write one amend for each enum"))
        return
    if len(set(targets.values())) > 1:
        first, *rest = targets.items()
        other = next((n, c) for n, c in rest if c != first[1])
        diags.append(Diagnostic("E573", f"one amend of names of different categories: {first[0]!r} is "
                                f"{_article(first[1])}, {other[0]!r} {_article(other[1])}; a body amends one category",
                                declared_at(sources, item.name, item.span), "write one amend for each category"))
        return
    sym.amended_together.append((item, tuple(targets)))
    found: list[tuple[str, Diagnostic]] = []
    for name in targets:
        own: list[Diagnostic] = []
        _amend(sym, replace(item, name=name, also=None), own, sources)
        found += [(name, d) for d in own]
    diags += said_for_names(found, tuple(targets))


def said_for_names(found: list[tuple[str, Diagnostic]], names: tuple) -> list[Diagnostic]:
    """The findings of one body amending several names (`amend a, b, c`), each given once, with a note
    saying which of the names it is for (all of them, or those named); `found` holds (name, finding)."""
    names_of: dict = {}
    for name, d in found:
        names_of.setdefault(d, []).append(name)
    listed = ", ".join(map(repr, names))
    return [d if len(names) < 2 else Diagnostic(d.code, d.message, d.span, d.hint, d.notes + (
        f"for each of the names the amend lists ({listed})" if len(which) == len(names) else
        f"amending {' and '.join(map(repr, which))}, of the names the amend lists ({listed})",))
        for d, which in names_of.items()]


def _amend(sym: Symbols, item: A.Amend, diags: list[Diagnostic], sources: dict) -> None:
    """`amend NAME ["Title"] [* N]`: replace or add single fields of an entity or a kind, or single spaces of
    a track; a title replaces the declaration's, `* N` an entity's number of copies."""
    target = sym.decls.get(item.name)
    if item.copies is not None and not isinstance(target, A.Entity):
        what = f"is {_article(CATEGORY[type(target)])}" if target is not None else "is not declared"
        diags.append(Diagnostic("E348", f"'* {item.copies}' amends the number of copies of an entity; {item.name!r} {what}",
                                declared_at(sources, item.name, item.span),
                                _similar(sym, item.name, (A.Entity,)) if target is None else None))
        if target is None:
            return
        item = replace(item, copies=None)
    if item.part is not None:   # `amend CARD.EFFECT { ... }`: that effect's chooses, matches and picks
        _amend_effect(sym, target, item, diags, sources)
        return
    if isinstance(target, A.Entity):
        allowed, fields = (A.FieldValue, A.FieldEffect, A.SlotRemoved, A.Expr), {"values": target.values,
                                                                                 "effects": target.effects}
    elif isinstance(target, A.Kind):
        allowed = (A.FieldDecl, A.Reaction, A.Anytime, A.SlotRemoved, A.Expr)
        fields = {"fields": target.fields, "slots": target.slots}
    elif isinstance(target, A.Track):   # (its spaces numbered by constants found by their numbers: `_constant_now`)
        allowed, fields = (A.Space, A.Reach), {part: tuple(
            replace(p, position=_constant_now(sym, p.position, [])) if type(p.position) is A.ConstNumber else p
            for p in getattr(target, part)) for part in ("spaces", "reaches")}
    elif isinstance(target, A.Game):   # a house rule's seats, one phase or the winner line
        allowed, fields = (A.GamePart, A.Winner), {}
    elif isinstance(target, A.Enum):
        _amend_enum(sym, target, item, diags, sources)
        return
    elif isinstance(target, A.Record):
        _amend_record(sym, target, item, diags, sources)
        return
    elif isinstance(target, A.Proc) or (target is None and is_phase(sym, item.name)):
        _amend_chooses(sym, target, item, diags, sources)
        return
    elif isinstance(target, A.Func):   # the cases of a match expression of its value
        _amend_func(sym, target, item, diags, sources)
        return
    else:
        what = f"is {_article(CATEGORY[type(target)])}" if target is not None else "is not declared"
        chooses = any(type(change) in CONSTRUCTS for change in item.items)   # a proc or phase meant
        hint = did_you_mean(item.name, [n for n, d in sym.decls.items() if isinstance(d, A.Proc)] + list(
            sym.game.phase_names() if isinstance(sym.game, A.Game) else PHASES)) if chooses else next(filter(None, map(lambda c: _the_game(sym, c), item.items)), None) or \
            _similar(sym, item.name, (A.Entity, A.Kind, A.Track, A.Enum, A.Record, A.Game, A.Proc))
        diags.append(Diagnostic("E217", f"'amend' changes an entity, a kind, a track, an enum, a record, the game, a choose, "
                                f"match or pick of a proc or phase, or a match of a func; {item.name!r} {what}",
                                declared_at(sources, item.name, item.span),
                                hint))
        return
    if any(isinstance(change, A.EnumMember) for change in item.items):
        diags.append(Diagnostic("E217", f"amending {item.name!r} takes {AMEND_SHAPES[type(target)]}; "
                                "'member [\"Title\"], ...' amends an enum", item.items[0].span))
        return
    if item.title is not None:
        fields["title"] = item.title
        sym.amended_parts.append((f"the title of {item.name!r}", declared_at(sources, item.name, item.span)))
        if isinstance(target, A.Entity):
            fields["title_parts"] = item.title_parts
    if item.copies is not None:   # an entity (E348 above otherwise)
        if type(target.copies) is A.ConstNumber and type(item.copies) is int:   # the number is the constant's
            diags.append(Diagnostic("W587", f"'* {item.copies}' writes over the constant {target.copies.name!r} that "
                                    f"{item.name!r} reads its copies from ('* {target.copies.name}'): what else reads "
                                    "it keeps the old number", item.span,
                                    f"change the constant instead: 'override const {target.copies.name} = "
                                    f"{item.copies};'"))
        fields["copies"] = item.copies
        sym.amended_parts.append((f"the copies of {item.name!r}", declared_at(sources, item.name, item.span)))
    amended = set()   # the spaces and rewards this amend gives: (type, position)
    before = fields.get("effects", fields.get("slots", ()))   # a card's (kind's) slots before this amend
    before = before + _kind_slots(sym, target, before) if isinstance(target, A.Entity) else before
    added: set = set()   # the ids of the slots this amend has put in (restated reactions keep them)
    for change in item.items:
        if type(change) is A.Reaction and change.name != change.plain and \
                next(c for c in item.items if type(c) is A.Reaction and c.name == change.name) is not change:
            diags.append(Diagnostic("E215", f"the reaction {change.name!r} is amended twice here", change.span))
            continue
        if not isinstance(change, allowed):
            diags.append(Diagnostic("E217", f"amending {item.name!r} takes {AMEND_SHAPES[type(target)]}", change.span,
                                    _the_game(sym, change) or _what_it_has(sym, target, change)))
        elif isinstance(change, (A.GamePart, A.Winner)):
            part = "winner" if isinstance(change, A.Winner) else change.part
            if part in amended:
                diags.append(Diagnostic("E215", f"{'the ' + part if part in ('seats', 'winner') else 'phase ' + part} "
                                        "is amended twice here", change.span))
                continue
            amended.add(part)
            sym.amended_parts.append((f"{'the ' + part if part in ('seats', 'winner') else 'phase ' + part} of game "
                                      f"{item.name!r}", change.span))
            if part == "seats":
                fields["min_players"], fields["max_players"] = change.value[:2]
                rest = [v for v in change.value[2:] if not (type(v) is tuple and v[:1] in (("named",), ("teams",)))]
                # `seats 2 to 4 named "A", ...;`: the seats' names (a seats line without them keeps the base's, as
                # for roles: one for each seat still, E519)
                named = next((v[1] for v in change.value[2:] if type(v) is tuple and v[:1] == ("named",)), None)
                if named:
                    fields["seat_names"] = named
                # `seats 4 to 8 teams 2 alternating;`: the teams (a seats line without them keeps the base's)
                teams = next((v[1] for v in change.value[2:] if type(v) is tuple and v[:1] == ("teams",)), None)
                if teams:
                    fields["teams"] = teams
                if rest:   # `seats 2 to 5 roles ... [at random|shuffled];`: the seats' roles too
                    fields["roles"] = rest[0]
                    fields["roles_dealt"] = rest[1] if len(rest) > 1 else ""
            elif part == "winner":   # `base` in it: the key (or tie-break, or condition) it replaces
                fields["winner"] = _keep_base_winner(sym, change, fields.get("winner", target.winner), diags)
            elif part in PHASES and change.place is not None:
                diags.append(Diagnostic("E623", f"phase {part} is one of the three every game has: it runs where it "
                                        "does, and 'after'/'before' puts a phase of the game's own", change.span,
                                        f"write 'phase {part} {{ ... }}', or give the new phase a name of its own"))
            elif part not in PHASES:   # a named phase of the game's own: put in between, or changed in place
                fields["phases"] = _amend_named_phase(sym, replace(target, **fields), change, item.name, diags)
            else:   # `base();` in it runs the phase it replaces, as the base (or an earlier amend) left it
                old = fields.get(part, getattr(target, part))
                if _base_uses(change, "value") and not old:
                    diags.append(Diagnostic("W465", f"base() runs phase {part} of game {item.name!r} as the base "
                                            "left it, and it has no steps: base() runs nothing", _base_uses(change)[0].span,
                                            f"a game without 'phase {part}' has an empty one: write the steps alone, "
                                            f"or 'before {part} {{ ... }}' / 'after {part} {{ ... }}'"))
                change = _keep_base(sym, change, old, "phase", diags, attr="value")
                fields[part] = change.value
        elif isinstance(change, (A.Space, A.Reach)):
            if type(change.position) is A.ConstNumber:   # `space goal { ... }`: found by the number, now
                change = replace(change, position=_constant_now(sym, change.position, diags))
            if isinstance(change, A.Space) and change.value is not None:   # `at V`: by the number printed on it
                change = replace(change, position=target.position_of(change.value) or 0)
                if not change.position:
                    diags.append(off_scale(target, change))
                    continue
            if (type(change), change.position) in amended:   # the first one holds: which was meant is unclear
                what = "space" if isinstance(change, A.Space) else "the reward of first to"
                diags.append(Diagnostic("E215", f"{what} {change.position} is amended twice here", change.span))
                continue
            amended.add((type(change), change.position))
            sym.amended_parts.append((f"{'space' if isinstance(change, A.Space) else 'the first to'} "
                                      f"{change.position} of track {item.name!r}", change.span))
            if isinstance(change, A.Space):
                fields["spaces"] = _amend_space(sym, target, fields["spaces"], change, diags)
            else:
                fields["reaches"] = _amend_reach(sym, target, fields["reaches"], change, diags)
        elif isinstance(change, A.Expr):   # `in force while COND;`: in place of the card's (kind's) line
            fields["in_force"] = (change,)
            sym.amended_parts.append((f"the 'in force while' of {item.name!r}", change.span))
        elif isinstance(change, A.SlotRemoved) and change.name == A.IN_FORCE_SLOT:   # `remove in force;`
            if not fields.get("in_force", target.in_force):
                diags.append(_no_force_line(sym, target, change))
                continue
            fields["in_force"] = None
            sym.amended_parts.append((f"the 'in force while' of {item.name!r}", change.span))
        elif isinstance(change, A.SlotRemoved):   # a reaction or anytime slot, by its event and zone (and subject)
            slots = "slots" if isinstance(target, A.Kind) else "effects"
            inherited = _kind_slots(sym, target, fields.get("effects", ()))
            gone = _slot_removed(item.name, change, fields[slots] + inherited, diags)
            if gone is None:
                continue
            if any(f is gone for f in inherited):   # the kind's: this entity does without it
                sym.dropped_slots.setdefault(item.name, set()).add(gone.name)
            fields[slots] = tuple(f for f in fields[slots] if f is not gone)
            sym.amended_parts.append((f"{_slot_words(gone.name)} of {item.name!r}", change.span))
            sym.removed_from.setdefault(("decl", item.name), []).append((_slot_words(gone.name), change.span))
        else:
            slot = "effects" if isinstance(change, A.FieldEffect) else "values" if isinstance(change, A.FieldValue) \
                else "fields"
            if slot == "effects" and isinstance(target, A.Kind):   # a reaction or anytime slot of the kind
                slot = "slots"
            # `base();` runs the effect it replaces, as in an amended option (a card's override keeps its
            # base(...): the rule below the card, as in the card itself)
            replaced = None   # a reaction of the card's on the same event and zones, another subject
            # the amend writes several there (a card's modifier, a HeldModifier, is named by its action alone)
            restated = type(change) is A.Reaction and change.name != change.plain
            if slot in ("effects", "slots") and not isinstance(change, A.HeldOverride):
                mine = fields[slot] + _kind_slots(sym, target, fields[slot])
                if type(change) is A.Reaction:   # told apart by event, zones and subject
                    found = _reaction_replaced(item.name, change, mine, before, diags)
                    if found is None:
                        continue
                    change, old = found
                    replaced = old
                else:
                    old = next((f for f in mine if f.name == change.name), None)
                noun = "reaction" if isinstance(change, A.Reaction) else "effect"
                if old is None and isinstance(change, (A.Reaction, A.Anytime)):
                    diags.extend(_beside(item.name, change, mine))
                change = _keep_base(sym, change, None if old is None else
                                    old.block if isinstance(old, A.Reaction) else old.body, noun, diags)
            if restated:   # restating the card's reactions there: the amend's replace them all
                for key in ("effects", "slots"):
                    if key in fields:
                        fields[key] = tuple(f for f in fields[key] if not (
                            type(f) is A.Reaction and f.plain == change.plain and id(f) not in added))
            base_field = next((f for f in fields.get("fields", ()) if f.name == change.name), None) \
                if type(change) is A.FieldDecl and change.tag is not None else None
            if base_field is not None:
                # `amend card { cost: int for costs; }` makes a field adjustable: its default stays the base's, and
                # its place among the kind's fields (explain lists them as declared)
                change = replace(change, default=base_field.default if change.default is None else change.default)
                fields["fields"] = tuple(change if f is base_field else f for f in fields["fields"])
                added.add(id(change))
                sym.amended_parts.append((f"{_slot_words(change.name)} of {item.name!r}", change.span))
                continue
            # an entity's field is given once: drop it from both lists before adding the new one
            for key in ("values", "effects", "fields", "slots"):
                if key in fields:
                    fields[key] = tuple(f for f in fields[key] if f.name != change.name and f is not replaced)
            fields[slot] += (change,)
            added.add(id(change))
            sym.amended_parts.append((f"{_slot_words(change.name)} of {item.name!r}", change.span))
    sym.decls[item.name] = replace(target, **fields)
    if isinstance(target, A.Game):   # a later `before`/`after` or amend of a phase builds on this one
        sym.game = sym.decls[item.name]
    if item.title is not None or item.copies is not None or \
            any(isinstance(change, allowed) and not isinstance(change, (A.Space, A.Reach))
                                     for change in item.items):   # a field or a title changed (spaces: I404 each)
        sym.amended.append((item, target))


def _no_force_line(sym: Symbols, target, change: A.SlotRemoved) -> Diagnostic:
    """E561: `remove in force;` in an amend of a kind or card without an `in force while` line; the hint names the
    kind's line where a card goes by its kind's."""
    kind = sym.decls.get(target.kind) if isinstance(target, A.Entity) else None
    whose = f"card {target.name!r}" if isinstance(target, A.Entity) else f"kind {target.name!r}"
    if isinstance(kind, A.Kind) and kind.in_force:
        hint = (f"the card goes by its kind's line: 'amend {kind.name} {{ remove in force; }}' drops it for every "
                f"{kind.name}, 'amend {target.name} {{ in force while true; }}' for this card alone")
    else:
        hint = "its slots already apply wherever the card lies in their zones: drop the line"
    return Diagnostic("E561", f"{whose} has no 'in force while' line for 'remove in force;' to remove", change.span, hint)


def _slot_words(name: str) -> str:
    """How a lint line names an amended field or slot: `field 'play'`, `the reaction 'whenever attacks in
    hand'`, `the slot 'anytime in hand'` (names no field can have, dsl.ast.Reaction/Anytime.slot_name)."""
    what = "the reaction" if name.startswith("whenever ") else "the slot" if name.startswith("anytime ") else \
        "the modifier" if name.startswith("modifier ") else "field"
    return f"{what} {name!r}"


def _kind_slots(sym: Symbols, target, effects: tuple) -> tuple:
    """The reactions and `anytime` slots an entity has from its kind (given at the end of the
    resolution): those of the kind it does not write itself (`effects`) nor had removed."""
    kind = sym.decls.get(target.kind) if isinstance(target, A.Entity) else None
    if not isinstance(kind, A.Kind):
        return ()
    own, dropped = {slot_key(e) for e in effects}, sym.dropped_slots.get(target.name, set())
    return tuple(s for s in kind.slots if slot_key(s) not in own and s.name not in dropped)


def _subjects(slots: list) -> str:
    """The subjects of a card's reactions on one event and zones, for a finding: "anyone and you"."""
    words = [s.subject for s in slots]
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else words[0]


def _reaction_replaced(card: str, change: A.Reaction, mine: tuple, before: tuple, diags: list[Diagnostic]):
    """The reaction of the card (or of its kind: `mine`, as the amend has left them so far) that an
    amend's reaction replaces, and the change named as it will stand; (change, None) when it adds one;
    None on E401. A card's reactions on one event and zones are told apart by their subject: one
    alone is replaced whatever the amend's subject (as a house rule rewrites it); of several, the one
    with the amend's subject, and none with it is E401. An amend that writes several on one event
    and zones (named with their subjects) restates them all: each replaces the card's one with its
    subject, or the card's only one (`before`: the card's slots before this amend)."""
    if change.name != change.plain:   # the amend writes several there
        old = [s for s in before if type(s) is A.Reaction and s.plain == change.plain]
        same = [s for s in old if s.subject == change.subject]
        return change, (same[0] if same else old[0] if len(old) == 1 else None)
    old = [s for s in mine if type(s) is A.Reaction and s.plain == change.plain]
    if len(old) < 2:
        return (replace(change, name=old[0].name) if old else change), (old[0] if old else None)
    same = [s for s in old if s.subject == change.subject]
    if same:
        return replace(change, name=same[0].name), same[0]
    diags.append(Diagnostic("E401", f"{card!r} has reactions on {change.plain.removeprefix('whenever ')} for "
                            f"{_subjects(old)}, told apart by their subject; this one answers {change.subject}, so "
                            "which it replaces is unclear", change.span,
                            f"write the subject of the one it replaces ('{old[0].name} {{ ... }}'), or remove one "
                            f"first ('remove {old[0].name};')"))
    return None


def _slot_removed(card: str, change: A.SlotRemoved, slots: tuple, diags: list[Diagnostic]):
    """The slot `remove whenever [SUBJECT] EVENT in ZONE;` (`remove anytime in ZONE;`) names among the card's
    (its own and its kind's), None when it names none (E382) or several (E401: the card has several
    reactions there and no subject says which)."""
    found = [s for s in slots if (s.plain if type(s) is A.Reaction else s.name) == change.name]
    reactions = [s for s in found if type(s) is A.Reaction]   # (a card's modifier is named by its action)
    if change.subject is not None:
        found = [s for s in reactions if s.subject == change.subject]
        if not found and reactions:
            diags.append(Diagnostic("E382", f"{card!r} has no reaction on {change.name.removeprefix('whenever ')} for "
                                    f"{change.subject} to remove: its reaction{'s' if len(reactions) > 1 else ''} "
                                    f"there answer{'' if len(reactions) > 1 else 's'} {_subjects(reactions)}",
                                    change.span, " or ".join(f"'remove {s.name};'" for s in reactions)))
            return None
    if not found:
        diags.append(_no_such_slot(card, change, slots))
        return None
    if len(found) > 1:
        diags.append(Diagnostic("E401", f"{card!r} has reactions on {change.name.removeprefix('whenever ')} for "
                                f"{_subjects(found)}, told apart by their subject: which to remove is unclear",
                                change.span, "name it with its subject: " +
                                " or ".join(f"'remove {s.name};'" for s in found)))
        return None
    return found[0]


def _beside(card: str, change, effects: tuple) -> list[Diagnostic]:
    """W469: an amend adds a reaction (an `anytime` slot) to a card that has one on the same event
    sharing a zone with it (one anytime slot sharing a zone): a card in that zone would answer twice,
    where the house rule likely meant to replace it (it is named by its event and all its zones)."""
    def event(slot) -> Optional[str]:
        return slot.trigger.pattern.event if isinstance(slot, A.Reaction) else None
    for slot in effects:
        if type(slot) is type(change) and event(slot) == event(change) and set(slot.zones) & set(change.zones):
            return [Diagnostic("W469", f"this adds {change.name!r} to {card!r} beside its {slot.name!r}: a card in "
                               f"{' or '.join(sorted(set(slot.zones) & set(change.zones)))} has both", change.span,
                               f"to replace it, name it as the card does ({slot.name!r}), or remove it first "
                               f"('remove {slot.name};')")]
    return []


def _what_it_has(sym: Symbols, target, change) -> Optional[str]:
    """E217's hint where an amend of a card or a kind names what it has not, or writes what it does
    not take (`change`: the item, or the name after `amend CARD.`): a did-you-mean among all it has,
    its fields, its effects and its slots (reactions and `anytime`, its own and its kind's), else
    those listed; a slot is amended whole, by its event and zones (`amend CARD { anytime in hand {
    base(); ... } }`), and a kind gives its cards no effect (each card amends its own)."""
    if not isinstance(target, (A.Entity, A.Kind)):
        return None
    name = change if isinstance(change, str) else getattr(change, "name", None)
    if isinstance(target, A.Kind):
        fields = [f.name for f in target.fields]
        effects = [f.name for f in target.fields if f.type == "effect"]
        slots = [f.name for f in target.slots]
        cards = [d.name for d in sym.decls.values() if isinstance(d, A.Entity) and d.kind == target.name]
    else:
        fields = [f.name for f in target.values]
        effects = [f.name for f in target.effects if type(f) is A.FieldEffect]
        slots = [f.name for f in target.effects if isinstance(f, (A.Reaction, A.Anytime))] + \
            [f.name for f in _kind_slots(sym, target, target.effects)]
        cards = []
    if type(change) in CONSTRUCTS and isinstance(target, A.Entity):   # a choose, match or pick of a card's effect
        return f"a {CONSTRUCTS[type(change)].noun} of a card's effect is amended in 'amend {target.name}.EFFECT " \
               "{ ... }'" + (f": {target.name!r} has effects {', '.join(repr(n) for n in effects)}" if effects else "")
    if isinstance(target, A.Kind) and name in effects and isinstance(change, A.FieldEffect):
        card = cards[0] if cards else "CARD"
        return f"{name!r} is an effect each card gives: amend it in a card ('amend {card} {{ {name} {{ ... }} }}'), " \
               f"or give every card a slot ('anytime in ZONE {{ ... }}', 'whenever EVENT in ZONE {{ ... }}')"
    close = closest(name, fields + effects + slots) if name else None
    if name and close is None:   # a word of a slot's name: its event or a zone (`amend moat.attacked`)
        close = next((slot for slot in slots if closest(name, [w for w in slot.replace(",", "").split()
                                                                  if w not in ("in", "whenever")]) is not None), None)
    if close is not None and close != name:
        if close in slots:
            return f"did you mean {close!r}? a slot is amended whole, named by its event and zones: " \
                   f"'amend {target.name} {{ {close} {{ base(); ... }} }}'"
        return f"did you mean {close!r}?"
    parts = [f"{what} {', '.join(repr(n) for n in names)}" for what, names in
             (("fields", [f for f in fields if f not in effects]), ("effects", effects), ("slots", slots)) if names]
    return f"{target.name!r} has " + "; ".join(parts) if parts else None


def _no_such_slot(card: str, change: A.SlotRemoved, effects: tuple) -> Diagnostic:
    """E382: `remove whenever EVENT in ZONE;` (or `remove anytime in ZONE;`) naming no slot of the card."""
    slots = [f.name for f in effects if isinstance(f, (A.Reaction, A.Anytime))]
    return Diagnostic("E382", f"{card!r} has no {change.name!r} to remove: a reaction is named by its event and "
                      "zone, a modifier by its action and zone, an 'anytime' slot by its zone", change.span,
                      did_you_mean(change.name, slots) or
                      (f"its slots are {', '.join(repr(n) for n in slots)}" if slots else
                       f"{card!r} has no reaction and no 'anytime' slot"))


def _amend_named_phase(sym: Symbols, game: A.Game, change: A.GamePart, name: str, diags: list) -> Optional[tuple]:
    """`phase NAME after|before OTHER { ... }` in an amend of a game: a new named phase put there; `phase NAME
    { ... }` of a named phase the game has: its steps replaced (`base();` runs them). The game's named phases
    after it, in the order written (None for none, as a game without them keeps them)."""
    phases = list(game.phases or ())
    names = [p.name for p in game.named_phases()]
    if change.place is None:
        at = next((i for i, p in enumerate(phases) if p.name == change.part), None)
        if at is None:
            diags.append(unknown_phase(change.part, change.span, names))
            return game.phases
        change = _keep_base(sym, change, phases[at].body, "phase", diags, attr="value")
        phases[at] = replace(phases[at], body=change.value)
        return tuple(phases)
    if change.part in game.phase_names():
        diags.append(Diagnostic("E623", f"game {name!r} has a phase {change.part!r} already: an amend changes its "
                                "steps where it runs, and 'after'/'before' puts a new phase only", change.span,
                                f"write 'phase {change.part} {{ ... }}' (with 'base();' to keep its steps), or give "
                                "the new phase a name of its own"))
        return game.phases
    wrong = misplaced_phase(names, change.part, change.place, change.span)
    if wrong is not None:
        diags.append(wrong)
        return game.phases
    return tuple(phases) + (A.NamedPhase(change.part, change.value, change.place, span=change.span),)


def _the_game(sym: Symbols, change) -> Optional[str]:
    """The hint for a game's part (`seats`, `phase`, `winner`) in an amend of something else: the
    game's name (`amend tapestry { winner ...; }` where the game is `tapestry_game`)."""
    if isinstance(change, (A.GamePart, A.Winner)) and sym.game is not None:
        return f"the game is called {sym.game.name!r}: write 'amend {sym.game.name} {{ ... }}'"
    return None


def _amend_enum(sym: Symbols, enum: A.Enum, item: A.Amend, diags: list[Diagnostic], sources: dict) -> None:
    """`amend ENUM { member ["Title"], ... }`: a new member is added at the end, in the order written;
    an existing member written with a title is given that title. Dropping a member is an override."""
    if item.title is not None:
        diags.append(Diagnostic("E217", f"an enum has no title: to retitle a member of {item.name!r}, write "
                                "'amend ENUM { member \"Title\" }'", declared_at(sources, item.name, item.span)))
        return
    if any(not isinstance(change, A.EnumMember) for change in item.items):
        diags.append(Diagnostic("E217", f"amending {item.name!r} takes {AMEND_SHAPES[A.Enum]}", item.span))
        return
    titles = dict(zip(enum.members, enum.titles or (None,) * len(enum.members)))
    values = dict(zip(enum.members, enum.data or ((),) * len(enum.members)))
    seen: set = set()
    changed = False
    for change in item.items:
        if change.name in seen:
            diags.append(Diagnostic("E215", f"member {change.name!r} is amended twice here", change.span))
            continue
        seen.add(change.name)
        if change.name in titles and change.title is None and not change.values:
            diags.append(Diagnostic("E217", f"{change.name!r} is already a member of enum {item.name!r}: give it a "
                                    "title to retitle it" + (", or values to change its data" if enum.fields else ""),
                                    change.span,
                                    "a new member needs a name no member has; dropping one is 'override enum'"))
            continue
        where = declared_at(sources, change.name, change.span)
        if change.name not in titles:
            sym.member_spans[change.name] = where   # for an E208 about it
            titles[change.name], values[change.name] = change.title, change.values
        else:
            if change.title is not None:
                sym.retitled[change.name] = where       # for a W409 about its new title
                titles[change.name] = change.title
            if change.values:   # its data, as the amend writes it (the fields it leaves out: their defaults)
                values[change.name] = change.values
        changed = True
    shown = tuple(titles.values())
    data = tuple(values.values())
    sym.decls[item.name] = replace(enum, members=tuple(titles),
                                   titles=shown if any(t is not None for t in shown) else (),
                                   data=data if any(data) else ())
    if changed:   # reported as I404, as the other amends that change something
        sym.amended.append((item, enum))


def _amend_record(sym: Symbols, record: A.Record, item: A.Amend, diags: list[Diagnostic], sources: dict) -> None:
    """`amend RECORD ["title"] { field: type = default; ... }`: fields added after the record's own, in the
    order written, and a title that replaces the record's. Nothing else: a field the record has is E369 (to
    change one is to restate the record, `override record`), anything but a field E217. A field without a
    default is checked where the record is built (E364: a construction that leaves it out)."""
    fields = list(record.fields)
    mine = {f.name: f for f in record.fields}
    changed = {}
    if item.title is not None:
        changed.update(title=item.title, title_parts=item.title_parts)
        sym.titled[item.name] = declared_at(sources, item.name, item.span)
        sym.amended_parts.append((f"the title of {item.name!r}", sym.titled[item.name]))
    added: set = set()
    for change in item.items:
        if type(change) is not A.FieldDecl or change.computed or change.shown or change.index is not None:
            diags.append(Diagnostic("E217", f"amending {item.name!r} takes {AMEND_SHAPES[A.Record]}", change.span,
                                    "an amend adds fields to a record; to change one, restate the record with "
                                    f"'override record {item.name} {{ ... }}'"))
            continue
        if change.name in added:
            diags.append(Diagnostic("E215", f"field {change.name!r} is added twice here", change.span))
            continue
        if change.name in mine:
            where = declared_at(sources, change.name, change.span)
            diags.append(Diagnostic("E369", f"record {item.name} already has a field {change.name!r}: an amend adds "
                                    "fields a record does not have", where,
                                    f"to change it, restate the record with 'override record {item.name} {{ ... }}'; "
                                    f"to add one, give it another name",
                                    notes=(f"{change.name!r} is declared at {mine[change.name].span}",)))
            continue
        added.add(change.name)
        fields.append(change)
        sym.added_fields[(item.name, change.name)] = change
        sym.amended_parts.append((f"field {change.name!r} of {item.name!r}", change.span))
    if added:
        changed["fields"] = tuple(fields)
    if changed:
        sym.decls[item.name] = replace(record, **changed)
        sym.amended.append((item, record))


def _amend_effect(sym: Symbols, card, item: A.Amend, diags: list[Diagnostic], sources: dict) -> None:
    """`amend CARD.EFFECT { choose ...; match ...; pick ...; }`: the constructs of one effect of a card
    (its kind's effect slot, `power { ... }`) amended as a proc's are (branch citfix)."""
    at = declared_at(sources, item.name, item.span)
    effect = next((e for e in card.effects if type(e) is A.FieldEffect and e.name == item.part), None) \
        if isinstance(card, A.Entity) else None
    if effect is None:
        what = f"is {_article(CATEGORY[type(card)])}" if card is not None else "is not declared"
        diags.append(Diagnostic("E217", f"'amend {item.name}.{item.part}' changes the chooses, matches and picks of "
                                f"an effect of a card; " + (f"{item.name!r} has no effect {item.part!r}"
                                                            if isinstance(card, A.Entity) else f"{item.name!r} {what}"),
                                at, _what_it_has(sym, card, item.part) if isinstance(card, A.Entity) else
                                _similar(sym, item.name, (A.Entity,)) if card is None else None))
        return
    what = f"the {item.part} of {item.name!r}"
    bodies = _amended_bodies(sym, what, {item.part: effect.body}, item, diags)
    if bodies[item.part] is not effect.body:
        new = replace(effect, body=bodies[item.part])
        sym.decls[item.name] = replace(card, effects=tuple(new if e is effect else e for e in card.effects))


def _amend_chooses(sym: Symbols, proc: Optional[A.Proc], item: A.Amend, diags: list[Diagnostic], sources: dict) -> None:
    """`amend PROC { choose "prompt" { ... } match SUBJECT { ... } pick "prompt" ...; }`, or of a game
    phase (`proc` None): each choose (match, pick) written changes the options (arms, parts) of the
    one choose asking that prompt (the one match on that subject, the one pick asking that prompt)
    in the body, or in the body an override's `base(...)` runs (the declaration it replaced, kept
    under a hidden name)."""
    what = f"proc {item.name!r}" if proc is not None else f"phase {item.name!r}"
    if item.title is not None:
        diags.append(Diagnostic("E217", f"a {what.split()[0]} has no title: an amend of {item.name!r} takes "
                                f"{AMEND_SHAPES[A.Proc]}", declared_at(sources, item.name, item.span)))
        return
    bodies = {item.name: proc.body if proc is not None else phase_steps(sym.game, item.name)}
    for name in _bases(sym, item.name) if proc is not None else ():   # then what its base() calls run
        bodies[name] = sym.decls[name].body
    bodies = _amended_bodies(sym, what, bodies, item, diags)
    for name, body in bodies.items():
        if proc is None:
            sym.game = sym.decls[sym.game.name] = with_phase_steps(sym.game, name, body)
        elif body is not sym.decls[name].body:
            sym.decls[name] = replace(sym.decls[name], body=body)


def is_phase(sym: Symbols, name: str) -> bool:
    """Whether `name` is a phase of the game: one of the three, or a named phase (3.16a)."""
    return isinstance(sym.game, A.Game) and (name in PHASES or any(p.name == name for p in sym.game.phases or ()))


def phase_steps(game: A.Game, name: str) -> tuple:
    """The steps of the game's phase `name` (one of the three, or a named phase)."""
    if name in PHASES:
        return getattr(game, name)
    return next(p.body for p in game.phases if p.name == name)


def with_phase_steps(game: A.Game, name: str, body: tuple) -> A.Game:
    """The game with the steps of its phase `name` (one of the three, or a named phase) replaced by `body`."""
    if name in PHASES:
        return replace(game, **{name: body})
    return replace(game, phases=tuple(replace(p, body=body) if p.name == name else p for p in game.phases))


def _amend_func(sym: Symbols, func: A.Func, item: A.Amend, diags: list[Diagnostic], sources: dict) -> None:
    """`amend FUNC { match SUBJECT { VALUE = EXPR; remove VALUE; else = EXPR; } }`: each match written
    changes the cases of the one match expression of the func's value on that subject (or of the value
    an override's `base(...)` gives), as an amend of a proc changes a match statement's arms."""
    what = f"func {item.name!r}"
    if item.title is not None:
        diags.append(Diagnostic("E217", f"a func has no title: an amend of {item.name!r} takes "
                                f"{AMEND_SHAPES[A.Func]}", declared_at(sources, item.name, item.span)))
        return
    if any(isinstance(change, A.EnumMember) for change in item.items):
        diags.append(Diagnostic("E217", f"amending {item.name!r} takes {AMEND_SHAPES[A.Func]}; "
                                "'member [\"Title\"], ...' amends an enum", item.items[0].span))
        return
    values = {name: (sym.decls[name].value,) for name in (item.name, *_bases(sym, item.name))}
    values = _amended_bodies(sym, what, values, item, diags, func=True)
    for name, (value,) in values.items():
        if value is not sym.decls[name].value:
            sym.decls[name] = replace(sym.decls[name], value=value)


def _amended_bodies(sym: Symbols, what: str, bodies: dict, item: A.Amend, diags: list[Diagnostic],
                    func: bool = False) -> dict:
    """`bodies` (a name: its statements) with each choose, match and pick `item` writes amended in the
    one body that has it; a body nothing changed is the same tuple. With `func`, the bodies are funcs'
    values (one expression each), whose match expressions alone are amended (FUNC_CONSTRUCTS)."""
    amended: set = set()   # the chooses and matches this amend changes: (construct, prompt or subject)
    made: list = []   # the constructs as this amend left them
    for change in item.items:
        construct = (FUNC_CONSTRUCTS if func else CONSTRUCTS).get(type(change))
        if construct is None:
            hint = "to change more, override the func ('override func ...', calling base(...))" if func else \
                f"to add steps, write 'before {item.name} {{ ... }}' or 'after {item.name} {{ ... }}'; to change " \
                f"more, override the {what.split()[0]}"
            shown = f"{item.name}.{item.part}" if item.part is not None else item.name
            diags.append(Diagnostic("E217", f"amending {shown!r} takes {AMEND_SHAPES[A.Func if func else A.Proc]}",
                                    change.span, hint if item.part is None else f"to change more, write "
                                    f"'{item.part} {{ ... }}' in 'amend {item.name} {{ }}'"))
            continue
        label = getattr(change, "stmt_label", None)
        key = ("as", label) if label is not None else construct.key(change)
        if (construct, key) in amended:   # the first one holds: which was meant is unclear
            shown = f"labelled {label}" if label is not None else construct.prep + construct.shown(key)
            diags.append(Diagnostic("E215", f"the {construct.noun} {shown} is amended twice here", change.span))
            continue
        amended.add((construct, key))
        found = _one_construct(what, bodies, construct, change, diags, sym.conditions_written)
        if found is not None:
            owner, old = found
            if any(old is node for node in made):   # found once by its label, once by what is written
                diags.append(Diagnostic("E215", f"the {construct.noun} at {old.span} is amended twice here",
                                        change.span))
                continue
            new = construct.amend(sym, what, old, change, diags)
            if new is not None:
                made.append(new)
                bodies[owner] = tuple(A.rewrite(stmt, lambda n: new if n is old else None) for stmt in bodies[owner])
    return bodies


def _bases(sym: Symbols, name: str) -> list[str]:
    """The hidden names of the declarations a proc's `base(...)` calls run, the one it replaced first
    (an override of an override calls `NAME.base`, which may call `NAME.base.base`)."""
    found = []
    while True:
        calls = {n.func for n in A.walk(sym.decls[name]) if type(n) in (A.CallStmt, A.Call)}
        name = next((c for c in calls if c.startswith(name.split(".")[0] + ".base") and c in sym.decls
                     and c not in found), None)
        if name is None:
            return found
        found.append(name)


class AsLabel(str):
    """A choose or pick an amend names by its label (`pick as steal`), as messages name it: `labelled steal`."""

    __slots__ = ()


def _prompt(title: Optional[str]) -> str:
    """A choose's prompt as a message names it: `"which action?"`, or `without a prompt`; one found by its
    label, `labelled steal`."""
    if isinstance(title, AsLabel):
        return f"labelled {title}"
    return "without a prompt" if title is None else f'"{title}"'


def _named(change) -> Optional[str]:
    """How an amend of a choose or pick names it: its label (an AsLabel), else the prompt written."""
    return AsLabel(change.stmt_label) if change.stmt_label is not None else change.title


class Construct(NamedTuple):   # (as Builtin)
    """A construct of a proc's body an amend finds and changes one item of: a `choose` by its prompt,
    a `match` statement by its subject as printed, a `pick` by its prompt. `amend(sym, what, old,
    change, diags)` gives the construct as `change` rewrites it, or None on an error (the body stays
    as it was)."""

    noun: str          # "choose"
    nouns: str         # "chooses"
    node: object       # A.Choose, or the types it finds alike: (A.May, A.FirstMay)
    key: Callable      # of the construct or of its amend: what finds it
    shown: Callable    # a key as a message names it
    prep: str          # before it, after the noun: "the match on u"
    verb: str          # "ask": "2 chooses of proc 'turn' ask ..."
    amend: Callable

    def nodes(self) -> tuple:
        """The types of statement it finds."""
        return self.node if type(self.node) is tuple else (self.node,)


def _one_construct(what: str, bodies: dict, construct: Construct, change, diags: list[Diagnostic],
                   written: dict = {}):
    """(the body's name, the node) of the one construct of `bodies` that `change` names; else E222
    (none, with a note listing the ones there are and a did-you-mean; or several, a note at each). `written`:
    the span of an `if` an earlier amend changed the condition of -> its key as the base wrote it."""
    all_ = [(name, n) for name, body in bodies.items() for stmt in body for n in A.walk(stmt)
            if type(n) in construct.nodes()]
    if getattr(change, "stmt_label", None) is not None:
        return _labelled_construct(what, bodies, construct, change, all_, diags)
    key = construct.key(change)
    found = [(name, n) for name, n in all_ if key in (construct.key(n), written.get(n.span))]
    if len(found) == 1:
        return found[0]
    noun, shown = construct.noun, construct.shown
    if not found:
        keys = list(dict.fromkeys(construct.key(n) for _name, n in all_))
        notes = (f"its {construct.nouns} {construct.verb} {', '.join(shown(k) for k in keys)}",) if all_ else \
            (f"{what} has no {noun}",)
        hint = did_you_mean(key, [k for k in keys if k is not None]) if key is not None else None
        diags.append(Diagnostic("E222", f"{what} has no {noun} {construct.prep}{shown(key)}", change.span, hint, notes=notes))
    else:
        diags.append(Diagnostic("E222", f"{len(found)} {construct.nouns} of {what} {construct.verb} {shown(key)}: which one "
                                "this amends is unclear", change.span,
                                "label one in the base ('... as LABEL { ... }') and amend it by its label" if noun == "loop"
                                else f"give them different {'subjects' if noun == 'match' else 'prompts'} in the base, "
                                "or override the proc", notes=tuple(f"one is at {n.span}" for _name, n in found)))
    return None


# the statements `as LABEL` names for an amend, as messages name them (a loop's label is for `end game after`)
LABELLED = {A.Pick: "pick", A.Choose: "choose", A.If: "if"}
# the loops, labelled `as LABEL` for `break` and `end game after`, that an amend finds by it: their keyword
LOOPS = {A.Repeat: "repeat", A.RepeatStable: "repeat", A.While: "while", A.ForEach: "for each", A.Each: "each"}


def _label_of(n) -> Optional[str]:
    """The label of a pick, choose, `if` or loop (`as LABEL`), or None."""
    return n.stmt_label if type(n) in LABELLED else getattr(n, "loop_label", None)


def _labelled_construct(what: str, bodies: dict, construct: Construct, change, all_: list, diags: list[Diagnostic]):
    """(the body's name, the node) of the one construct of `bodies` labelled as `change` names it
    (`pick as steal ...;`); else E344 (no such label, with a did-you-mean over the labels there are) or
    E222 (several: the checker reports the labels given twice, E351)."""
    label = change.stmt_label
    found = [(name, n) for name, n in all_ if _label_of(n) == label]
    if len(found) == 1:
        return found[0]
    if found:
        diags.append(Diagnostic("E222", f"{len(found)} {construct.nouns} of {what} are labelled {label}: which one "
                                "this amends is unclear", change.span, "give them different labels in the base",
                                notes=tuple(f"one is at {n.span}" for _name, n in found)))
        return None
    labelled = {_label_of(n): n for body in bodies.values() for stmt in body for n in A.walk(stmt)
                if (type(n) in LABELLED or type(n) in LOOPS) and _label_of(n) is not None}
    other = labelled.get(label)
    if other is not None:   # a choose's label after `pick as`, or the other way round
        noun = LABELLED.get(type(other), "loop")
        diags.append(Diagnostic("E344", f"{label!r} labels {_article(noun)} of {what}, not {_article(construct.noun)}",
                                change.span,
                                f"write '{LABELLED.get(type(other)) or LOOPS[type(other)]} as {label} ...'"))
        return None
    mine = list(dict.fromkeys(_label_of(n) for _name, n in all_ if _label_of(n) is not None))
    notes = (f"its labelled {construct.nouns}: {', '.join(mine)}",) if mine else \
        (f"no {construct.noun} of {what} has a label (a {construct.noun} is labelled 'as LABEL' before its block)",)
    diags.append(Diagnostic("E344", f"{what} has no {construct.noun} labelled {label}", change.span,
                            did_you_mean(label, mine) if mine else None, notes=notes))
    return None


def _amend_choose(sym: Symbols, what: str, choose: A.Choose, change: A.ChooseAmend, diags: list[Diagnostic]):
    """The choose with its options changed as `change` writes them: replaced, added or dropped; None
    on an error."""
    options = list(choose.options)
    named = _named(change)
    about = f"choose {_prompt(named)} of {what}"
    if change.secret is not None:   # `secret` / `remove secret`: as a pick's words (E581, W570)
        if not change.secret and not choose.secret:
            diags.append(Diagnostic("E581", f"the {about} has no 'secret' to remove", change.span,
                                    "drop 'remove secret' (a choose is told to all unless it is 'secret')"))
            return None
        if change.secret and choose.secret:
            diags.append(Diagnostic("W570", f"the {about} is 'secret' already: adding it changes nothing",
                                    change.span, "drop 'secret'"))
        sym.amended_parts.append((f"the 'secret' of the {about}", change.span))
        choose = replace(choose, secret=change.secret)
    written: set = set()   # the labels this change writes
    done = []              # each option changed, for sym.amended_options once the choose is kept
    for option in change.changes:
        if option.title is None:
            diags.append(Diagnostic("E217", "an option of an amended choose is found by its label: write "
                                    "'option \"label\" { ... }'", option.span))
            continue
        if option.title in written:
            diags.append(Diagnostic("E215", f'option "{option.title}" is amended twice here', option.span))
            continue
        written.add(option.title)
        at = [i for i, o in enumerate(options) if o.title == option.title]
        if len(at) > 1:
            diags.append(Diagnostic("E223", f'{len(at)} options of the {about} are labelled "{option.title}": which '
                                    "one this changes is unclear", option.span,
                                    notes=tuple(f"one is at {options[i].span}" for i in at)))
        elif isinstance(option, A.OptionRemoved) and not at:
            labels = [o.title for o in options if o.title is not None]
            hint = did_you_mean(option.title, labels) or \
                ("its options are " + ", ".join(f'"{t}"' for t in labels) if labels else None)
            diags.append(Diagnostic("E223", f'the {about} has no option "{option.title}"', option.span, hint))
        elif isinstance(option, A.OptionRemoved):
            done.append((what, named, option, options.pop(at[0])))
        elif at:
            option = _keep_base(sym, option, options[at[0]].body, "option", diags)
            done.append((what, named, option, options[at[0]]))
            options[at[0]] = option
        else:
            option = _keep_base(sym, option, None, "option", diags)
            done.append((what, named, option, None))
            options.append(option)
    if not options:
        diags.append(Diagnostic("E223", f"this leaves the {about} without an option", change.span,
                                "a choose offers at least one option; to drop the decision, override the proc"))
        return None
    sym.amended_options.extend(done)
    sym.removed_from.setdefault(choose.span, []).extend(
        (f'option "{option.title}"', option.span) for *_x, option, _old in done if isinstance(option, A.OptionRemoved))
    sym.amended_parts.extend((f'option "{option.title}" of the {about}', option.span) for *_x, option, _old in done)
    # (one running base() builds on the one before: no W406 at it, stacking_conflicts reads kept_base)
    if change.stmt_label is not None and change.title is not None:   # `choose as LABEL "new prompt" { ... }`
        sym.amended_parts.append((f"the prompt of the {about}", change.span))
        return replace(choose, options=tuple(options), title=change.title, title_parts=change.title_parts)
    return replace(choose, options=tuple(options))


class ArmForm(NamedTuple):   # (as Builtin)
    """What tells a `match` statement's arms from a `match` expression's cases for an amend: the arm an
    amend writes (`Arm`, `VALUE { ... }`; `Case`, `VALUE = EXPR;`), the node's field holding them, what an
    arm gives (its block, its value: the else arm's is the match's `otherwise`), and how `base` in a new
    arm is made to stand for the one it replaces (`keep(sym, arm, old, diags)`: the arm, or None on an
    error, reported)."""

    arm: type          # A.Arm or A.Case
    field: str         # "arms" or "cases"
    gives: str         # "body" or "result"
    keep: Callable
    wrong: str         # E217's message for an arm of the other form
    wrong_hint: str


def _keep_base_arm(sym: Symbols, arm: A.Arm, old: Optional[tuple], diags: list[Diagnostic]):
    """A statement arm whose `base();` runs the block it replaces (_keep_base)."""
    return _keep_base(sym, arm, old, "arm" if arm.values else "else arm", diags)


def _base_names(expr) -> list:
    """The `base` an amended case's value (or winner line's key) writes: the name, or a call of it (E367)."""
    if expr is None:
        return []
    return [n for n in A.walk(expr) if (type(n) is A.Name and n.id == BASE) or (type(n) is A.Call and n.func == BASE)]


def _with_base_value(sym: Symbols, expr, old, noun: str, span, diags: list[Diagnostic], hint: str):
    """`expr` with its `base` names standing for `old`, the value it replaces; E367 for `base(...)`, E365 when
    it replaces none (`old` None); None on an error."""
    uses = _base_names(expr)
    if not uses:
        return expr
    call = next((n for n in uses if type(n) is A.Call), None)
    if call is not None:
        diags.append(Diagnostic("E367", f"in an amended {noun}, base is the value it replaces: write it as a name, "
                                "'base', without parentheses", call.span,
                                "to call the func the base pack declared, override it: 'override func ... = base(...);'"))
        return None
    if old is None:
        diags.append(Diagnostic("E365", f"this {noun} is added, it replaces none: there is no base value for 'base' "
                                "to stand for", uses[0].span, hint))
        return None
    sym.kept_base.add(span)
    return A.rewrite(expr, lambda n: old if type(n) is A.Name and n.id == BASE else None)


def _keep_base_winner(sym: Symbols, winner: A.Winner, old: Optional[A.Winner], diags: list[Diagnostic]):
    """An amended winner line whose `base` stands for what it replaces, as the packs before left it: in the main
    key the base's main key (`winner most base + leaders then coin;` adds a column to the score), in the i-th
    tie-break the base's i-th, in `if COND` the base's condition; E365 where the base has none."""
    if old is None:
        return winner
    breaks = len(winner.tiebreaks)
    parts = [(winner.key, old.key, "key of the winner line")] + [
        (t, old.tiebreaks[i] if i < len(old.tiebreaks) else None, f"tie-break {i + 1} of the winner line")
        for i, t in enumerate(winner.tiebreaks)] + [(winner.cond, old.cond, "condition of the winner line")]
    kept = [_with_base_value(sym, new, was, noun, winner.span, diags,
                             f"the base's winner line has {len(old.tiebreaks)} tie-break(s) and "
                             f"{'a' if old.cond is not None else 'no'} condition: write this one in full")
            for new, was, noun in parts]
    if any(k is None and new is not None for k, (new, _was, _noun) in zip(kept, parts)):
        return old   # reported: the base's line stays, so the checker reports nothing more of it
    return replace(winner, key=kept[0], tiebreaks=tuple(kept[1:1 + breaks]), cond=kept[-1])


def _keep_base_case(sym: Symbols, case: A.Case, old: Optional[A.Expr], diags: list[Diagnostic]):
    """A case of an amended func's match whose `base` stands for the value it replaces, as `base` in an
    amended pick's part stands for that part (`workers = base + 1;`); E365 in a case that replaces none,
    E367 for `base(...)` (the value takes no arguments); None on an error."""
    result = _with_base_value(sym, case.result, old, "case" if case.values else "else value", case.span, diags,
                              "name a case the match has, or write its value in full")
    return None if result is None else replace(case, result=result)


STATEMENT_ARMS = ArmForm(A.Arm, "arms", "body", _keep_base_arm,
                         "'VALUE = EXPR;' gives a value: it amends the match expression of a func, and this is a "
                         "match statement, whose arms run steps", "write the arm's steps: 'VALUE { ... }'")
EXPRESSION_CASES = ArmForm(A.Case, "cases", "result", _keep_base_case,
                           "a func's match expression gives a value for each case: its amended arms are written "
                           "'VALUE = EXPR;', not steps", "write 'VALUE = EXPR;' ('base' in EXPR: the value it replaces)")


def _amend_match(sym: Symbols, what: str, match, change: A.MatchAmend, diags: list[Diagnostic],
                 form: ArmForm = STATEMENT_ARMS):
    """The match (a statement, or with EXPRESSION_CASES a func's match expression) with its arms changed
    as `change` writes them: an arm takes the values it names from the arms that had them and stands
    where the first of those stood (an arm for new values is added after the others), `else` replaces or
    adds the else arm, `remove V, ...;` drops values (an arm left without one goes; `remove else;` the
    else arm); None on an error."""
    subject = printed(change.subject)
    about = f"match {subject} of {what}"
    arms: list = list(getattr(match, form.field))   # None where an arm was dropped
    otherwise = match.otherwise
    written: set = set()   # the values (and "else") this change names
    done = []              # (what, subject, arm or remove, the arm it replaces or removes from; None: added)

    def where(value: str) -> Optional[int]:
        return next((i for i, arm in enumerate(arms) if arm is not None and
                     value in [printed(v) for v in arm.values]), None)

    def without(i: int, values: list) -> None:
        kept = tuple(v for v in arms[i].values if printed(v) not in values)
        arms[i] = replace(arms[i], values=kept) if kept else None

    for arm in change.changes:
        if not isinstance(arm, (form.arm, A.ArmRemoved)):
            diags.append(Diagnostic("E217", form.wrong, arm.span, form.wrong_hint))
            continue
        values = [printed(v) for v in arm.values] or ["else"]
        twice = [v for v in values if v in written]
        if twice:
            diags.append(Diagnostic("E215", f"{'the else arm' if twice[0] == 'else' else 'the case ' + twice[0]} "
                                    "is amended twice here", arm.span))
            continue
        written.update(values)
        if not arm.values:   # `else` or `remove else;`
            if isinstance(arm, A.ArmRemoved) and otherwise is None:
                diags.append(Diagnostic("E223", f"the {about} has no else arm", arm.span))
                continue
            if not isinstance(arm, A.ArmRemoved):
                arm = form.keep(sym, arm, otherwise, diags)
                if arm is None:
                    continue
            done.append((what, subject, arm, match.otherwise))
            otherwise = None if isinstance(arm, A.ArmRemoved) else getattr(arm, form.gives)
            continue
        at = [where(v) for v in values]
        if isinstance(arm, A.ArmRemoved):
            missing = [v for v, i in zip(values, at) if i is None]
            if missing:
                cases = [printed(v) for a in getattr(match, form.field) for v in a.values]
                diags.append(Diagnostic("E223", f"the {about} has no arm for {missing[0]}", arm.span,
                                        did_you_mean(missing[0], cases) or "its cases are " + ", ".join(cases)))
                continue
            done.append((what, subject, arm, arms[at[0]]))
            for i in dict.fromkeys(at):
                without(i, values)
            continue
        had = sorted(i for i in set(at) if i is not None)
        if len(had) > 1 and _base_uses(arm):   # (a case names one value: only a statement's arm takes several)
            diags.append(Diagnostic("E368", f"this arm takes its values from {len(had)} arms of the {about}: which "
                                    "one base() runs is unclear", _base_uses(arm)[0].span,
                                    "amend each of those arms on its own, each with its base()",
                                    notes=tuple(f"one is at {arms[i].span}" for i in had)))
            sym.baseless.update(n.span for n in _base_uses(arm))
        else:
            arm = form.keep(sym, arm, getattr(arms[had[0]], form.gives) if had else None, diags)
            if arm is None:
                continue
        done.append((what, subject, arm, arms[had[0]] if had else None))
        for i in had:
            without(i, values)
        if had:
            arms.insert(had[0], arm)
        else:
            arms.append(arm)
    kept = tuple(a for a in arms if a is not None)
    if not kept:
        diags.append(Diagnostic("E223", f"this leaves the {about} without an arm", change.span,
                                "a match has at least one arm with a value; to drop it, override the " +
                                ("proc" if form is STATEMENT_ARMS else "func")))
        return None
    sym.amended_arms.extend(done)
    sym.removed_from.setdefault(match.span, []).extend(
        (f"the arm {', '.join(printed(v) for v in arm.values)}" if arm.values else "the else arm", arm.span)
        for _w, _s, arm, _old in done if isinstance(arm, A.ArmRemoved))
    sym.amended_parts.extend((f"{'case ' + printed(v) if arm.values else 'the else arm'} of the {about}", arm.span)
                             for _w, _s, arm, _old in done for v in (arm.values or (None,)))
    return replace(match, **{form.field: kept, "otherwise": otherwise})


def _amend_match_expr(sym: Symbols, what: str, match: A.Match, change: A.MatchAmend, diags: list[Diagnostic]):
    """A func's match expression with its cases changed as `change` writes them (`VALUE = EXPR;`, `else =
    EXPR;`, `remove VALUE;`), as a match statement's arms are (_amend_match); None on an error."""
    return _amend_match(sym, what, match, change, diags, EXPRESSION_CASES)


def _base_uses(part, attr: Optional[str] = None) -> list:
    """The `base()` calls written in an arm, an option, an effect or a space of an amend (statements
    and values); with `attr`, in that block of it only (a space's `body` or `bonus`)."""
    roots = [part] if attr is None else list(getattr(part, attr, None) or ())
    return [n for root in roots for n in A.walk(root) if type(n) in (A.CallStmt, A.Call) and n.func == BASE]


def _keep_base(sym: Symbols, part, old_body: Optional[tuple], noun: str, diags: list[Diagnostic],
               attr: str = "body"):
    """An arm, option, effect slot or track space of an amend with each `base();` in its block
    (`attr`: `body`, or a space's `bonus`) replaced by the block it replaces (`old_body`: as the base,
    or an earlier amend, left it), at that point, so both backends see plain statements; E365 when it
    replaces nothing, E366 for a second `base();`, E367 for base() with arguments or as a value. On
    an error the part stays as written (its base() then reports nothing more: the spans are in
    `sym.baseless`)."""
    uses = _base_uses(part, attr)
    if not uses:
        return part
    odd = next((n for n in uses if type(n) is A.Call or n.args), None)
    if odd is not None:
        diags.append(Diagnostic("E367", f"in an amended {noun}, base() is a step that runs the {noun} it replaces: "
                                "write it as a statement, 'base();', without arguments", odd.span,
                                "the base's steps see the locals they saw there; to add to a value, override "
                                "the func that gives it, calling base(...)"))
    elif old_body is None:
        diags.append(Diagnostic("E365", f"this {noun} is added, it replaces none: there is no base {noun} for "
                                "base() to run", uses[0].span,
                                f"name a{'n' if noun[0] in 'aeiou' else ''} {noun} the base has, or write its "
                                "steps in full"))
    elif len(uses) > 1:
        diags.append(Diagnostic("E366", f"base() is written {len(uses)} times in this amended {noun}: the base's "
                                "steps are run once, where base() stands", uses[1].span,
                                "to run them more than once, write it once in a loop: 'repeat 2 { base(); }'",
                                notes=(f"the first is at {uses[0].span}",)))
    else:
        sym.kept_base.add(part.span)
        return replace(part, **{attr: _spliced(getattr(part, attr), old_body)})
    sym.baseless.update(n.span for n in uses)
    return part


def _spliced(body: tuple, base_body: tuple) -> tuple:
    """A block with its `base();` statement (at any depth) replaced by the statements of `base_body`."""
    def node(n):
        updates = {}
        for name in n._fields:
            value = getattr(n, name)
            if isinstance(value, A.Node):
                new = node(value)
            elif isinstance(value, tuple) and value and all(isinstance(v, A.Node) for v in value):
                new = block(value)
            else:
                continue
            if new is not value:
                updates[name] = new
        return replace(n, **updates) if updates else n

    def block(stmts: tuple) -> tuple:
        out = []
        for s in stmts:
            if type(s) is A.CallStmt and s.func == BASE:
                out.extend(base_body)
            else:
                out.append(node(s))
        return tuple(out) if any(a is not b for a, b in zip(out, stmts)) or len(out) != len(stmts) else stmts

    return block(body)


PICK_PARTS = {"domain": "domain", "where": "condition", "optional_when": "'optional when' guard", "limit": "count",
              "least": "minimum"}


def _amend_pick(sym: Symbols, what: str, pick: A.Pick, change: A.PickAmend, diags: list[Diagnostic]):
    """The pick with the parts `change` writes in place of its own (the condition, the candidates'
    label, the mode from `optional` to `exactly N` as one part), `base` in the condition, the guard or
    the count standing for that part of the pick as it was (as an earlier amend left it); the body
    and the `else` stay. `where true` drops the condition. None on an error."""
    named = _named(change)
    about = f"pick {_prompt(named)} of {what}"
    if not change.parts():
        diags.append(Diagnostic("E223", f"this amend of the {about} changes nothing", change.span,
                                "write the parts it replaces: 'where COND', 'as \"label\"', 'optional', "
                                "'up to N'...; the body stays the base's"))
        return None
    new, builds = {}, set()   # the parts as amended; those written with `base`
    for name, noun in PICK_PARTS.items():
        part, old = getattr(change, name), getattr(pick, name)
        if part is None:
            continue
        uses = [n for n in A.walk(part) if type(n) is A.Name and n.id == BASE]
        if uses and old is None:
            diags.append(Diagnostic("E223", f"the {about} has no {noun} for 'base' to stand for", uses[0].span,
                                    f"write the {noun} without 'base'"))
            return None
        if uses:
            builds.add(name)
        new[name] = A.rewrite(part, lambda n, old=old: old if type(n) is A.Name and n.id == BASE else None)
    if change.where is not None:
        where = new["where"]
        new["where"] = None if type(where) is A.Bool and where.value else where
    if change.domain is not None and "domain" not in builds:
        _keeps_nothing(sym, pick.domain, change.domain, "domain", about, change.domain.span, diags)
    elif type(change.domain) is A.Name and change.domain.id == BASE:
        diags.append(Diagnostic("W608", f"the new domain of the {about} is 'base' alone: it stays the base's",
                                change.domain.span, "drop it, or write what the domain becomes ('base + [...]')"))
    if change.label is not None:
        new.update(label=change.label, label_parts=change.label_parts)
    if change.moded():   # (a mode written anew has its own minimum or none; a budget, kept, asks again)
        new.update(optional=change.optional, optional_when=new.get("optional_when"), repeated=change.repeated
                   or pick.budget is not None, limit=new.get("limit"), exactly=change.exactly,
                   least=new.get("least"), distinct=None if change.distinct is None else   # read on the pick's variable
                   A.Attr(A.Name(pick.var, span=change.distinct.span), change.distinct.name, span=change.distinct.span))
    if change.prompted():   # `pick as LABEL "prompt"`: a player's pick, asking that
        new.update(title=change.title, title_parts=change.title_parts, random=False)
    if change.random:       # `at random`: the RNG's, asking nobody (no prompt, no label)
        new.update(title=None, title_parts=(), random=True)
        if change.label is None:
            new.update(label=None, label_parts=())
    for (word, given), part in zip(change.words(), ("repeats", "secret", "asked")):
        if given is not None:
            new[part] = given
    amended = replace(pick, **new)
    if _words_misplaced(pick, amended, change, about, diags):
        return None
    if amended.least is not None and _least_contradicted(amended, change, about, diags):
        return None
    if amended.random and _asks_in_random(amended, change, about, diags):
        return None
    blocks = _amended_blocks(sym, pick, change, about, diags)
    if blocks is None:
        return None
    amended = replace(amended, **blocks)
    sym.amended_picks.append((what, named, change, pick, amended))
    # every part is recorded, so a later pack that discards it is W406; one written with `base` builds
    # on the one before it: no W406 at it, as for an override calling base()
    for part in change.parts():
        if part in ("body", "else"):   # (recorded by _amended_blocks)
            continue
        sym.amended_parts.append((f"the {part} of the {about}", change.span))
        if builds & {"domain": {"domain"}, "condition": {"where"}, "label": set(),
                     "mode": {"optional_when", "limit", "least"}}.get(part, set()):
            sym.built_parts.add((f"the {part} of the {about}", change.span))
    return amended


def _known(e: Optional[A.Expr]):
    """The value of an expression known without playing (`A.as_const`), or None."""
    try:
        return A.as_const(e) if e is not None else None
    except A.NotConstant:
        return None


def _words_misplaced(pick: A.Pick, amended: A.Pick, change: A.PickAmend, about: str, diags: list[Diagnostic]) -> bool:
    """E581 at `remove WORD` of a pick that has no WORD (as the base, or an earlier amend, left it); W570 at a word
    added to a pick that has it already; E582 at `with repeats` left on a pick with no count (`exactly N`, `up
    to N`), `secret` or `always asked` on a pick at random, which nobody is asked. True on an error (the amend is
    then not applied, and the base's pick is checked as it is)."""
    had = {"with repeats": pick.repeats, "secret": pick.secret, "always asked": pick.asked}
    for word, given in change.words():
        if given is False and not had[word]:
            diags.append(Diagnostic("E581", f"the {about} has no '{word}' to remove", change.span,
                                    f"drop 'remove {word}'" + (" (a pick is told to all unless it is 'secret')"
                                                               if word == "secret" else "")))
            return True
        if given and had[word]:
            diags.append(Diagnostic("W570", f"the {about} is '{word}' already: adding it changes nothing",
                                    change.span, f"drop '{word}'"))
    if change.repeats is not None or change.moded():
        if amended.repeats and (amended.limit is None and amended.least is None or amended.budget is not None):
            diags.append(Diagnostic(
                "E582", f"the {about} would have 'with repeats' without a count: it lets each of 'exactly N', "
                f"'up to N' or 'at least M' picks take an element picked before", change.span,
                "write the count with it: 'pick \"...\" exactly N with repeats;'" if change.repeats else
                "write 'remove with repeats' with the new mode, or keep a count"))
            return True
    for word, part in (("secret", "secret"), ("always asked", "asked")):
        if amended.random and getattr(amended, part) and (getattr(change, part) or change.random):
            diags.append(Diagnostic(
                "E582", f"the {about} would be at random and '{word}': nobody is asked a pick at random", change.span,
                f"drop '{word}'" if getattr(change, part) else f"write 'remove {word}' with 'at random'"))
            return True
    return False


def _least_contradicted(pick: A.Pick, change: A.PickAmend, about: str, diags: list[Diagnostic]) -> bool:
    """E525 at an amend whose `at least M` the amended pick can never keep: a known M above a known `up
    to N`, a pick at random (the amend's or the base's: nobody stops after M), a budget the base keeps (a
    budget's picks end when nothing fits, not after a count), as the checker says them (E494, E495) of a
    pick written so; True when it does."""
    least, most = _known(pick.least), _known(pick.limit)
    found = None
    if type(least) is int and type(most) is int and least > most:
        found = (f"'at least {least} up to {most}': the fewest picks are more than the most",
                 f"write 'at least {most} up to {least}', or 'exactly {least}' for {least} picks")
    elif pick.random:
        found = (f"the pick is at random ({'the amend makes it' if change.random else 'the base writes it'}): "
                 "nobody is asked, so nobody stops after the minimum",
                 "drop 'at random', or write 'exactly N at random' for N different picks" if change.random else
                 "a prompt after the label makes it a player's pick: 'pick as LABEL \"prompt\" at least M;'")
    elif pick.budget is not None:
        found = ("the pick has a budget (the base's, which the amend keeps): it is asked while something fits, "
                 "and takes no count", "drop 'at least'; 'optional' lets the picker stop before the budget is spent")
    if found is None:
        return False
    diags.append(Diagnostic("E525", f"the {about} cannot pick at least {printed(pick.least)}: {found[0]}",
                            change.least.span if change.least is not None else change.span, found[1]))
    return True


def _asks_in_random(pick: A.Pick, change: A.PickAmend, about: str, diags: list[Diagnostic]) -> bool:
    """E326 at an amend that leaves a pick at random with what only a player's pick has (a prompt, a
    label, `optional`, `repeatedly`, `up to N`), as the checker says it of a pick written so; True when
    it does."""
    misuse = [(change.prompted(), "a prompt"), (pick.label is not None, "a label ('as \"...\"')"),
              (pick.optional, "'optional'"), (pick.repeated and pick.limit is None, "'repeatedly'"),
              (pick.limit is not None and not pick.exactly, "'up to N'")]
    what = next((what for wrong, what in misuse if wrong), None)
    if what is None:
        return False
    hint = "a prompt after the label makes it a player's pick: 'pick as LABEL \"prompt\" ...;'" \
        if not change.random else "drop 'at random', or write the mode with it: 'exactly N at random'"
    diags.append(Diagnostic("E326", f"the {about} would be at random with {what}: nobody is asked (the game's "
                            "seeded RNG picks), so only a player's pick has it", change.span, hint))
    return True


def _amend_may(sym: Symbols, what: str, may, change: A.MayAmend, diags: list[Diagnostic]):
    """The `may` or `first ... may` with the words `change` adds or removes (`secret` a `may`'s, `always asked` a
    `first ... may`'s: E569 for the other, which the statement cannot take); E581 at `remove WORD` of one without
    it, W570 at a word it has already, as for a pick. None on an error."""
    first = type(may) is A.FirstMay
    about = f"{'first ... may' if first else 'may'} {_prompt(change.title)} of {what}"
    had = {"secret": getattr(may, "secret", False), "always asked": getattr(may, "asked", False)}
    new = {}
    for (word, given), part in zip(change.words(), ("secret", "asked")):
        if given is None:
            continue
        if (word == "secret") == first:
            diags.append(Diagnostic(
                "E569", f"the {about} cannot take '{word}'", change.span,
                "'always asked' is a 'first ... may''s: a plain 'may' asks its player whenever it is offered"
                if not first else "a 'first ... may' tells who accepted, which the body's effects show anyway: "
                "'secret' is a plain 'may''s or a pick's"))
            return None
        if given is False and not had[word]:
            diags.append(Diagnostic("E581", f"the {about} has no '{word}' to remove", change.span,
                                    f"drop 'remove {word}'"))
            return None
        if given and had[word]:
            diags.append(Diagnostic("W570", f"the {about} is '{word}' already: adding it changes nothing",
                                    change.span, f"drop '{word}'"))
        new[part] = given
    if not change.parts():
        diags.append(Diagnostic("E223", f"this amend of the {about} changes nothing", change.span,
                                "write the words it adds or removes ('secret', 'remove always asked'), '{ ... }' (the "
                                "body, 'base();' in it running the base's) or 'else { ... }'"))
        return None
    for noun, keyword, written in (("players asked", "to", change.domain), ("condition", "where", change.where)):
        if written is None:
            continue
        if not first:
            diags.append(Diagnostic("E646", f"the {about} asks its own player alone: it has no {noun} for "
                                    f"'{keyword}' to replace", written.span,
                                    "'to NEW' and 'where NEW' change a 'first VAR in PLAYERS where COND may ...''s players "
                                    "and condition; a plain 'may' is offered under its 'when', which an amend of it "
                                    "does not change (override the proc)", notes=(f"the may is at {may.span}",)))
            return None
        field = "domain" if keyword == "to" else "where"
        value = _amended_part(sym, change, written, getattr(may, field), noun, "a first ... may", about, diags, "the first ... may has no condition: write the new "
                              "one without 'base'")
        if value is None:
            return None
        if field == "domain" and not _base_names(written):
            _keeps_nothing(sym, may.domain, written, "players asked", about, written.span, diags)
        new[field] = None if field == "where" and type(value) is A.Bool and value.value else value
    for part in change.parts():
        if part not in A.blocks_written(change) + ["domain", "condition"]:   # (_amended_blocks, _amended_part)
            sym.amended_parts.append((f"the {part} of the {about}", change.span))
    blocks = _amended_blocks(sym, may, change, about, diags)
    if blocks is None:
        return None
    amended = replace(may, **new, **blocks)
    if blocks or change.domain is not None or change.where is not None:
        sym.amended_mays.append((what, change.title, change, may, amended))
    return amended


def may_change(what: str, prompt: Optional[str], change: A.MayAmend) -> str:
    """What an amend did to one `may`'s players asked, condition and blocks, for its I404: `amends the body of may "build a road?" of proc
    'turn', keeping the base's`."""
    parts = ["players asked"] * (change.domain is not None) + ["condition"] * (change.where is not None) + \
        A.blocks_written(change)
    return f"amends the {' and the '.join(parts)} of may {_prompt(prompt)} of {what}{blocks_kept(change)}"


def _amended_blocks(sym: Symbols, node, change, about: str, diags: list[Diagnostic]) -> Optional[dict]:
    """The blocks an amend of a pick or an `if` writes anew (its `body` as the node's `field`, its `otherwise`),
    each `base();` in them running the block it replaces (_keep_base: E365 for an else the node lacks, E366,
    E367); each block is a part of its own for W406, building on the earlier when it runs `base();`. None on
    an error."""
    new = {}
    for attr, field, noun in (("body", "then" if type(node) is A.If else "body", "body"),
                              ("otherwise", "otherwise", "else")):
        block = getattr(change, attr, None)
        if block is None:
            continue
        old = getattr(node, field)
        part = replace(change, **{attr: block})
        kept = _keep_base(sym, part, old if old or noun == "body" else None, noun, diags, attr)
        if _base_uses(part, attr) and kept is part:   # reported (E365-E367)
            return None
        sym.kept_base.discard(change.span)   # (the parts are told apart by built_parts)
        sym.amended_parts.append((f"the {noun} of the {about}", change.span))
        if kept is not part:
            sym.built_parts.add((f"the {noun} of the {about}", change.span))
        new[field] = getattr(kept, attr)
    return new


def _amend_if(sym: Symbols, what: str, node: A.If, change: A.IfAmend, diags: list[Diagnostic]):
    """The `if` with what `change` writes in place of its own: `to COND` the condition (`base` in it standing for
    the condition it replaces), a block the then-block, `else { ... }` the else (`base();` in a block running
    the one it replaces); what it leaves out stays. None on an error."""
    named = AsLabel(change.stmt_label) if change.stmt_label is not None else printed(change.cond)
    about = f"if {_condition_named(named)} of {what}"
    if not change.parts():
        diags.append(Diagnostic("E223", f"this amend of the {about} changes nothing", change.span,
                                "write what it replaces: 'to COND' (the condition, 'base' in it standing for the "
                                "base's), '{ ... }' (the then-block), 'else { ... }'"))
        return None
    new = {}
    if change.new_cond is not None:
        cond = _amended_part(sym, change, change.new_cond, node.cond, "condition", "an if", about, diags)
        if cond is None:
            return None
        new["cond"] = cond
        sym.conditions_written.setdefault(node.span, printed(node.cond))   # stacked amends still find it so
    blocks = _amended_blocks(sym, node, change, about, diags)
    if blocks is None:
        return None
    amended = replace(node, **new, **blocks)
    sym.amended_ifs.append((what, named, change, node, amended))
    return amended


def _amended_part(sym: Symbols, change, written, old, noun: str, kind: str, about: str, diags: list[Diagnostic],
                  hint: str = ""):
    """`written`, the value an amend of an `if` or a loop writes anew for one part of it (`noun`: a condition, a
    count, a domain, a filter; `kind`: "an if"), with `base` standing for `old`, the part it replaces (E365 when
    there is none, E367); recorded as a part of its own for W406 (building on the earlier when it names `base`);
    W608 when it is `base` alone. None on an error."""
    value = _with_base_value(sym, written, old, f"{noun} of {kind}", change.span, diags, hint)
    if value is None:
        return None
    if type(written) is A.Name and written.id == BASE:
        diags.append(Diagnostic("W608", f"the new {noun} of the {about} is 'base' alone: it stays the base's",
                                written.span, "drop it, or write what the part becomes ('base + 1', 'base and ...')"))
    sym.kept_base.discard(change.span)
    sym.amended_parts.append((f"the {noun} of the {about}", change.span))
    if _base_names(written):
        sym.built_parts.add((f"the {noun} of the {about}", change.span))
    return value


# the field of a loop that an amend's `to NEW` replaces (a RepeatStable has none) and that its `where NEW` replaces
LOOP_HEAD_FIELDS = {A.Repeat: "count", A.While: "cond", A.ForEach: "domain", A.Each: "domain"}
FILTERED_LOOPS = (A.ForEach, A.Each)


def _loop_key(n) -> Optional[str]:
    """A loop's keyword and head as printed (`repeat printed(infection_rate)`, `for each h in hexes`), what an amend
    finds it by; of a LoopAmend, the head it writes to find one (None: it names the loop by its label)."""
    if type(n) is A.LoopAmend:
        return None if n.head is None else (f"{n.word} {n.var} in {printed(n.head)}" if n.var is not None
                                            else f"{n.word} until {printed(n.head)}" if n.until
                                            else f"{n.word} {printed(n.head)}")
    if type(n) is A.RepeatStable:
        return f"repeat until stable({', '.join(name.id for name in n.names)})"
    head = printed(getattr(n, LOOP_HEAD_FIELDS[type(n)]))
    return f"for each {n.var} in {head}" if type(n) is A.ForEach else f"{LOOPS[type(n)]} {head}"


def _amend_loop(sym: Symbols, what: str, loop, change: A.LoopAmend, diags: list[Diagnostic]):
    """The loop `change` names (by its head as written or by its label) with what it writes in place of its own:
    `to NEW` the count, condition or domain, `where NEW` the filter (`base` in either standing for the part it
    replaces), a block the body (`base();` in it running the body it replaces). E612 when the keyword written is
    not the loop's, E618 for a part the loop has not, E223 when it writes nothing. None on an error."""
    word = LOOPS[type(loop)]
    if type(loop) is A.RepeatStable:   # (found by its label too: what `to` replaces is its names)
        change = replace(change, until=True)
    named = AsLabel(change.stmt_label) if change.stmt_label is not None else _loop_key(change)
    about = f"{word} labelled {named} of {what}" if isinstance(named, AsLabel) else f"{named} of {what}"
    if word != change.word:
        diags.append(Diagnostic("E612", f"the loop labelled {change.stmt_label} of {what} is written '{word}', "
                                f"not '{change.word}'", change.span,
                                f"write it as the base does: '{word} as {change.stmt_label} {{ ... }}'",
                                notes=(f"the loop is at {loop.span}",)))
        return None
    if not change.parts():
        diags.append(Diagnostic("E223", f"this amend of the {about} changes nothing", change.span,
                                f"write what it replaces: 'to NEW' (the {change.head_noun()}, 'base' in it standing "
                                "for the base's)" + (", 'where NEW' (the filter)" if type(loop) in FILTERED_LOOPS else "")
                                + ", '{ ... }' (the body)"))
        return None
    stable = type(loop) is A.RepeatStable   # (every loop has a head for `to`: a repeat until stable its names)
    if change.where is not None and type(loop) not in FILTERED_LOOPS:
        diags.append(Diagnostic("E618", f"the {about} has no filter for 'where' to replace", change.where.span,
                                "'where' is a for each's or an each's filter: amend the body, or an 'if' in it",
                                notes=(f"the loop is at {loop.span}",)))
        return None
    new = {}
    kind = _article(word)
    if change.new_head is not None and stable:
        new["names"] = _amended_names(sym, change, loop, about, diags)
        if new["names"] is None:
            return None
        sym.conditions_written.setdefault(loop.span, _loop_key(loop))   # stacked amends still find it so
    elif change.new_head is not None:
        field = LOOP_HEAD_FIELDS[type(loop)]
        new[field] = _amended_part(sym, change, change.new_head, getattr(loop, field), change.head_noun(), kind,
                                   about, diags)
        if new[field] is None:
            return None
        if field == "domain" and not _base_names(change.new_head):
            _keeps_nothing(sym, loop.domain, change.new_head, "domain", about, change.new_head.span, diags)
        sym.conditions_written.setdefault(loop.span, _loop_key(loop))   # stacked amends still find it so
    if change.where is not None:
        new["where"] = _amended_part(sym, change, change.where, loop.where, "filter", kind, about, diags,
                                     f"the {word} has no filter: write the new one without 'base'")
        if new["where"] is None:
            return None
    blocks = _amended_blocks(sym, loop, change, about, diags)
    if blocks is None:
        return None
    amended = replace(loop, **new, **blocks)
    sym.amended_loops.append((what, named, change, loop, amended))
    return amended


def _amended_names(sym: Symbols, change: A.LoopAmend, loop: A.RepeatStable, about: str, diags: list[Diagnostic]):
    """The names a `repeat until stable(...)` watches as `to stable(NAME, ...)` writes them, `base` among them
    standing for the names it replaces (as an earlier amend left them): E647 for another expression or a name
    written twice, W629 when none of the base's is kept. None on an error."""
    written = change.new_head
    if type(written) is not A.Call or written.func != "stable" or not written.args or \
            any(type(a) is not A.Name for a in written.args):
        diags.append(Diagnostic("E647", f"'to' of the {about} replaces the names it watches: write them "
                                "'stable(NAME, ...)'", written.span,
                                "'to stable(base, NAME)' watches one name more ('base': the base's names)",
                                notes=(f"the loop is at {loop.span}",)))
        return None
    names = []
    for arg in written.args:
        names.extend(loop.names if arg.id == BASE else (arg,))
    ids = [n.id for n in names]
    twice = next((n for i, n in enumerate(names) if n.id in ids[:i]), None)
    if twice is not None:
        diags.append(Diagnostic("E647", f"{twice.id!r} is among the names of the {about} twice"
                                + (" ('base' holds it)" if any(n is names[ids.index(twice.id)] for n in loop.names)
                                   else ""),
                                next((a.span for a in written.args if a.id == twice.id), written.span),
                                "write each name once"))
        return None
    if _base_names(written):
        sym.built_parts.add((f"the names of the {about}", change.span))
    else:
        _keeps_nothing(sym, [n.id for n in loop.names], ids, "names", about, written.span, diags)
    sym.amended_parts.append((f"the names of the {about}", change.span))
    return tuple(names)


def _domain_values(sym: Symbols, e) -> Optional[frozenset]:
    """What a domain holds when the rules text says it without playing: a range or a list of constants, an enum
    (its members), a list of members, a `repeat until stable`'s names; None otherwise (players, a zone...)."""
    if type(e) is A.Name and isinstance(sym.decls.get(e.id), A.Enum):
        return frozenset(sym.decls[e.id].members)
    if type(e) is A.ListLit and e.items and all(type(i) is A.Name for i in e.items):
        return frozenset(i.id for i in e.items)
    value = _known(e)
    return frozenset(value) if type(value) is list and all(type(v) in (int, str, bool) for v in value) else None


def _keeps_nothing(sym: Symbols, old, new, noun: str, about: str, span, diags: list[Diagnostic]) -> None:
    """W629 when a domain (or names) an amend writes anew without `base` shares nothing with the base's, both known
    as written: the house rule's construct ranges over other things altogether."""
    old = frozenset(old) if type(old) is list else _domain_values(sym, old)
    new = frozenset(new) if type(new) is list else _domain_values(sym, new)
    if old and new and not old & new:
        verb = "keeps" if noun == "domain" else "keep"
        diags.append(Diagnostic("W629", f"the new {noun} of the {about} {verb} nothing of the base's (not one of "
                                f"{', '.join(sorted(map(str, old)))[:80]})", span,
                                "to add to the base's, write 'base' in it ("
                                + ("'stable(base, NAME)'" if noun == "names" else "'base + [...]'")
                                + "); to range over other things altogether, override the proc"))


def loop_change(what: str, named: str, change: A.LoopAmend) -> str:
    """What an amend did to one loop, for its I404: `amends the count and the body of repeat labelled round of proc
    'turn', keeping the base's`."""
    about = f"{change.word} labelled {named}" if isinstance(named, AsLabel) else named
    return f"amends the {' and the '.join(change.parts())} of {about} of {what}{blocks_kept(change)}"


def _condition_named(named) -> str:
    """An `if`'s condition as a message names it (`vp > 2`), or `labelled rich`."""
    return f"labelled {named}" if isinstance(named, AsLabel) else named


CONSTRUCTS = {
    A.ChooseAmend: Construct("choose", "chooses", A.Choose, lambda n: n.title, _prompt, "", "ask", _amend_choose),
    A.MatchAmend: Construct("match", "matches", A.MatchStmt, lambda n: printed(n.subject), str, "on ", "are on",
                            _amend_match),
    A.PickAmend: Construct("pick", "picks", A.Pick, lambda n: n.title, _prompt, "", "ask", _amend_pick),
    A.MayAmend: Construct("may", "mays", (A.May, A.FirstMay), lambda n: n.title, _prompt, "", "ask", _amend_may),
    A.IfAmend: Construct("if", "ifs", A.If, lambda n: printed(n.cond), str, "on ", "are on", _amend_if),
    A.LoopAmend: Construct("loop", "loops", tuple(LOOPS), _loop_key, lambda k: f"'{k}'", "", "are", _amend_loop),
}
# what an amend of a func changes: the cases of a match expression of its value, found by its subject
FUNC_CONSTRUCTS = {
    A.MatchAmend: Construct("match", "matches", A.Match, lambda n: printed(n.subject), str, "on ", "are on",
                            _amend_match_expr),
}


def pick_change(what: str, prompt: Optional[str], change: A.PickAmend) -> str:
    """What an amend did to one pick, for its I404: `amends the condition of pick "move the robber
    to?" of proc 'move_robber'` (`, keeping the base's` when a block it writes runs the one it replaces)."""
    return f"amends the {' and the '.join(change.parts())} of pick {_prompt(prompt)} of {what}{blocks_kept(change)}"


def if_change(what: str, named: str, change: A.IfAmend) -> str:
    """What an amend did to one `if`, for its I404: `amends the condition and the body of if followers > 0 of proc
    'turn', keeping the base's`."""
    return f"amends the {' and the '.join(change.parts())} of if {_condition_named(named)} of {what}" \
           f"{blocks_kept(change)}"


def blocks_kept(change) -> str:
    """`, keeping the base's` for an amend of a pick or an `if` whose new body or else runs the one it replaces."""
    return KEEPING if _base_uses(change, "body") or _base_uses(change, "otherwise") else ""


KEEPING = ", keeping the base's"   # after an arm or option whose `base();` runs the body it replaces


def option_change(what: str, prompt: Optional[str], option, old, kept_base=frozenset()) -> str:
    """What an amend did to one option, for its I404 and `explain`: `amends option "trade" of choose
    "which action?" of proc 'take_turn'` (`, keeping the base's` when its `base();` runs the one it
    replaces: `kept_base` holds the spans of those)."""
    verb, to = ("removes", "from") if isinstance(option, A.OptionRemoved) else ("adds", "to") if old is None \
        else ("amends", "of")
    return f'{verb} option "{option.title}" {to} choose {_prompt(prompt)} of {what}' + \
        (KEEPING if option.span in kept_base else "")


def arm_change(what: str, subject: str, arm, old, kept_base=frozenset()) -> str:
    """What an amend did to one arm of a match, for its I404 and `explain`: `amends the arm discard of
    match u of proc 'resolve'`, `adds the else arm to ...`, `removes discard from ...` (`, keeping the
    base's` as for an option)."""
    values = ", ".join(printed(v) for v in arm.values)
    if isinstance(arm, A.ArmRemoved):
        return f"removes {values or 'the else arm'} from match {subject} of {what}"
    verb, to = ("adds", "to") if old is None else ("amends", "of")
    return f"{verb} the {'arm ' + values if values else 'else arm'} {to} match {subject} of {what}" + \
        (KEEPING if arm.span in kept_base else "")


def enum_changes(item: A.Amend, enum) -> str:
    """What an `amend` of an enum does, for its I404: ": adds inquisitor; retitles duke" ("" for an
    amend of anything else); of a record, the fields it adds and whether it retitles it: ": adds layer;
    retitles it"."""
    if isinstance(enum, A.Record):
        added = [f.name for f in item.items if type(f) is A.FieldDecl and f.name not in {g.name for g in enum.fields}]
        said = ([f"adds {', '.join(dict.fromkeys(added))}"] if added else []) + (["retitles it"] if item.title else [])
        return f": {'; '.join(said)}" if said else ""
    if not isinstance(enum, A.Enum):
        return ""
    added = list(dict.fromkeys(m.name for m in item.items if m.name not in enum.members))
    retitled = list(dict.fromkeys(m.name for m in item.items if m.name in enum.members and m.title is not None))
    revalued = list(dict.fromkeys(m.name for m in item.items if m.name in enum.members and m.values))
    said = ([f"adds {', '.join(added)}"] if added else []) + ([f"retitles {', '.join(retitled)}"] if retitled else []) \
        + ([f"changes the values of {', '.join(revalued)}"] if revalued else [])
    return f": {'; '.join(said)}" if said else ""


AMEND_SHAPES = {A.Entity: "'name = value;', 'name { ... }', a slot ('whenever EVENT in ZONE { ... }', 'anytime in "
                           "ZONE { ... }'), 'in force while COND;' or 'remove SLOT;'",
                A.Kind: "'name: type [= default];', a slot ('whenever EVENT in ZONE { ... }', 'anytime in ZONE { ... }'), "
                        "'in force while COND;' or 'remove SLOT;'",
                A.Record: "'name: type = default;' (a field added after the record's own)",
                A.Track: "'space N [\"Title\"] [tier T] [cost C] { ... } [bonus cost C { ... }]' or "
                         "'first to N { ... }'",
                A.Game: "'seats A to B;', 'phase setup|play|final { ... }' or 'winner ...;'",
                A.Enum: "'member [\"Title\"], member [\"Title\"], ...'",
                A.Proc: "'choose \"prompt\" { option \"label\" { ... } remove option \"label\"; }', "
                        "'match SUBJECT { VALUE { ... } remove VALUE; }', 'pick \"prompt\" where COND;' or "
                        "'if COND to NEW { ... } else { ... }'",
                A.Func: "'match SUBJECT { VALUE = EXPR; remove VALUE; else = EXPR; }' (the cases of a match "
                        "expression of its value)"}


def _amend_space(sym: Symbols, track: A.Track, spaces: tuple, change: A.Space, diags: list[Diagnostic]) -> tuple:
    """The track's spaces with one amended: the parts `change` writes replace the space's, the others
    (title, tier, cost, bonus) are kept, as an amended card keeps the fields it does not name."""
    if not 1 <= change.position <= track.top():
        diags.append(_no_space(track, change))
        return spaces
    old = next((sp for sp in spaces if sp.position == change.position), None)
    if old is None:   # a space of a scale that the track leaves empty: the amend writes it
        old = A.Space(change.position, None, None, None, (), None, None, span=change.span)
        spaces = tuple(sorted(spaces + (old,), key=lambda sp: sp.position))
    at = spaces.index(old)
    kept = {"title": change.title if change.title is not None else old.title,
            "tier": change.tier if change.tier is not None else old.tier,
            "cost": change.cost if change.cost is not None else old.cost}
    if change.bonus is None:
        kept.update(bonus_cost=old.bonus_cost, bonus=old.bonus)
    change = _keep_base(sym, change, old.body, "space", diags)   # `base();` runs the space's benefit
    change = _keep_base(sym, change, old.bonus, "bonus", diags, "bonus")   # and in the bonus, its bonus
    new = replace(change, **kept)
    sym.amended_spaces.append((track.name, new, old))
    return spaces[:at] + (new,) + spaces[at + 1:]


def _constant_now(sym: Symbols, n: A.ConstNumber, diags: list[Diagnostic]) -> A.Numbered:
    """The number of an amended space or `first to` reward written by a constant (`amend race { space goal { } }`),
    worked out as the amend finds the space, before the constants are written in everywhere (`_constants`, which
    counts the read); E597 for a name that is no constant whose value is known from constants alone."""
    def value(name: str, seen: tuple) -> Optional[int]:
        decl = sym.decls.get(name)
        if not isinstance(decl, A.Const) or name in seen:
            return None
        def change(e):
            if type(e) is A.Name and isinstance(sym.decls.get(e.id), A.Const):
                known = value(e.id, seen + (name,))
                return None if known is None else A.Int(known, span=e.span)
            return None
        try:
            worked = A.as_const(A.rewrite(decl.value, change))
        except A.NotConstant:
            return None
        return worked if type(worked) is int else None

    known = value(n.name, ())
    if not isinstance(sym.decls.get(n.name), A.Const):
        return _constant_number(n, sym, set(), diags)   # (E597: no constant's value is known yet)
    if known is not None and known < 0:
        diags.append(Diagnostic("E598", f"{n.name!r} is {known} here, where a space's number is written: it cannot "
                                "be negative", n.span, f"check the constant {n.name!r}"))
    return A.Numbered(1 if known is None or known < 0 else known, n.name)   # (None: E530 at the constant)


def _no_space(track: A.Track, change) -> Diagnostic:
    """E305 for an amended space or `first to` reward at a position the track does not have."""
    return Diagnostic("E305", f"track {track.name!r} has no space {change.position}", change.span,
                      f"its spaces are 1 to {track.top()}" if track.top() else None)


def off_scale(track: A.Track, space: A.Space) -> Diagnostic:
    """E404 for a space written by a printed number (`at V`) that no space of the track prints: the track
    has no scale, V is off it (or between two of its numbers), or V is the start's."""
    if track.prints is not None:
        return Diagnostic("E404", f"'at {space.value}' names a space by its number, but track {track.name!r} prints "
                          "a list, whose numbers may repeat", space.span, "write the space by its position, 'space N'")
    if track.scale is None:
        return Diagnostic("E404", f"track {track.name!r} prints no numbers: 'at {space.value}' names a space by "
                          "the number printed on it", space.span,
                          f"give the track a scale ('track {track.name} from LOW to HIGH [step S] {{ ... }}') or "
                          "write the space by its position, 'space N'")
    low, high, step = track.scale
    if track.position_of(space.value) == 0:
        return Diagnostic("E404", f"{space.value} is printed on the start of track {track.name!r}, where every "
                          "marker begins: it is no space to enter", space.span,
                          f"its spaces print {track.printed(1)} to {high}")
    return Diagnostic("E404", f"no space of track {track.name!r} prints {space.value}: its scale goes from {low} "
                      f"to {high} by {step}", space.span,
                      f"its spaces print {', '.join(str(track.printed(p)) for p in range(1, min(track.top(), 4) + 1))}"
                      f"{', ...' if track.top() > 4 else ''}")


def _amend_reach(sym: Symbols, track: A.Track, reaches: tuple, change: A.Reach, diags: list[Diagnostic]) -> tuple:
    """The track's `first to` rewards with the one at the change's position replaced, or added when
    the track has none there."""
    if not 1 <= change.position <= track.top():
        diags.append(_no_space(track, change))
        return reaches
    old = next((r for r in reaches if r.position == change.position), None)
    change = _keep_base(sym, change, None if old is None else old.body, "reward", diags)
    sym.amended_spaces.append((track.name, change, old))
    if old is None:
        return reaches + (change,)
    return tuple(change if r is old else r for r in reaches)


def _similar(sym: Symbols, name: str, types: tuple) -> Optional[str]:
    """"did you mean" among the declarations of some types."""
    return did_you_mean(name, [n for n, d in sym.decls.items() if isinstance(d, types)])


def _article(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


BASE = "base"


MAX_FACES = 1_000   # faces a die may have in all (as a declaration's copies)


def _faces_laid_out(die: A.Die, diags: list[Diagnostic]) -> A.Die:
    """A die whose faces say `* N` as the die every stage sees: each face N times, one by one (a roll
    picks among them uniformly, and coverage and the logs name them by position)."""
    for f in die.faces:
        if f.copies < 1:
            diags.append(Diagnostic("E303", "a face is on the die at least once ('* 1' or more)", f.span))
    if sum(f.copies for f in die.faces) > MAX_FACES:
        diags.append(Diagnostic("E308", f"{die.name!r} has more than {MAX_FACES:,} faces", die.span))
        return replace(die, faces=tuple(replace(f, copies=1) for f in die.faces))
    return replace(die, faces=tuple(replace(f, copies=1) for f in die.faces for _ in range(max(f.copies, 0))))


def _constants(sym: Symbols, standing: list, diags: list[Diagnostic], sources: dict, own: set) -> list:
    """`const radius = 2;` (as the last pack to say so says it: `override const radius = 3;`) written in place of
    every read, the record ranges it bounds (`q: -radius..radius;`) worked out into numbers, so that neither the
    checker's later passes nor the backends know constants exist; the top-level triggers, rewritten alike, are
    returned. E530 for a value or range end known only in play, E566 for a range it leaves empty, W555 for a
    constant of the linted pack (`own`: declared or overridden there) nothing reads, as W401 is: a base's constant
    that a house rule's override of its reader leaves unread is the house rule's choice."""
    declared = [d for d in sym.decls.values() if isinstance(d, A.Const)]
    values, reads = sym.consts, set()

    def written_in(node):
        def change(n):
            if type(n) is A.Name and n.id in values:
                reads.add(n.id)
                return A.Int(values[n.id], span=n.span, const=n.id)
            if type(n) is A.ConstNumber:
                return _constant_number(n, sym, reads, diags)
            return None
        return A.rewrite(node, change)

    if not declared:   # a range may still be written with an expression (E530 for a name in it)
        for name, decl in list(sym.decls.items()):
            if isinstance(decl, A.Record) and any(f.ends is not None for f in decl.fields):
                sym.decls[name] = _constant_ranges(decl, sym, reads, diags, {})
            elif any(type(n) is A.ConstNumber for n in A.walk(decl)):   # a name at a number's place: E597
                sym.decls[name] = written_in(decl)
        return standing

    for d in declared:   # in the order declared: a constant reads those before it (`const reach = radius + 2;`)
        value = _constant_value(written_in(d.value), sym, f"const {d.name}", diags)
        values[d.name] = 0 if value is None else value
        if value is None:   # E530 said what is wrong with it: no W555 besides
            reads.add(d.name)
        sym.decls[d.name] = replace(d, value=A.Int(values[d.name], span=d.value.span))
    for name, decl in list(sym.decls.items()):
        if not isinstance(decl, A.Const):
            sym.decls[name] = written_in(decl)
            if isinstance(decl, A.Record):
                written = {f.name: f"{f.name}: {f.type_text()}" for f in decl.fields}   # as written, for messages
                sym.decls[name] = _constant_ranges(sym.decls[name], sym, reads, diags, written)
            else:
                sym.decls[name] = _constant_indexes(sym.decls[name], sym, reads, diags)
    if sym.game is not None:
        sym.game = sym.decls.get(sym.game.name, sym.game)
    reads.update(part.position.const for d in sym.decls.values() if isinstance(d, A.Track)   # (`_constant_now`)
                 for part in d.spaces + d.reaches if type(part.position) is A.Numbered)
    for d in declared:
        if d.name not in reads and d.name not in sym.unmatched and d.name in own:   # (an override of nothing: E212)
            diags.append(Diagnostic("W555", f"const {d.name!r} is read nowhere: changing it (an expansion's 'override "
                                    f"const {d.name} = ...;') changes nothing", declared_at(sources, d.name, d.span),
                                    f"read it where the number it names is written (a record's range, "
                                    f"'q: -{d.name}..{d.name};', a loop's), or remove it"))
    return [written_in(t) for t in standing]


def _constant_number(n: A.ConstNumber, sym: Symbols, reads: set, diags: list[Diagnostic]) -> A.Numbered:
    """The number a constant's name stands for where the grammar takes a number alone (`* knights`), remembering
    the name; E597 for a name that is no constant, E598 for a negative value (1 in its place, for no second error)."""
    if n.name in sym.consts:
        reads.add(n.name)
        if sym.consts[n.name] < 0 and not n.signed:   # a count, a seat, a track's position: never below 0 (E598)
            if not any(d.code == "E598" and d.span == n.span for d in diags):   # (`seats N;`: one name, one error)
                diags.append(Diagnostic("E598", f"{n.name!r} is {sym.consts[n.name]} here, where a number of things "
                                        "is written: it cannot be negative", n.span,
                                        f"check the constant {n.name!r}: an 'override const' may have lowered it"))
            return A.Numbered(1, n.name)   # (1: no second error for no copies, an empty display)
        return A.Numbered(sym.consts[n.name], n.name)
    decl = sym.decls.get(n.name)
    consts = [name for name, d in sym.decls.items() if isinstance(d, A.Const)]
    reads.add(closest(n.name, consts))   # the constant it likely means is read (no W555 besides)
    why = "is declared nowhere" if decl is None and n.name not in sym.members else "is an enum member" \
        if decl is None else f"is {_article(CATEGORY[type(decl)])}, " + (
            "chosen for each game" if isinstance(decl, A.Setting) else "known only in play")
    if any(d.code == "E597" and d.span == n.span for d in diags):   # `seats N;` is N to N: one name, one error
        return A.Numbered(1, n.name)
    diags.append(Diagnostic("E597", f"{n.name!r} stands where a number is written and {why}: only a number or a "
                            "constant goes there, known before play and the same in every game", n.span,
                            did_you_mean(n.name, consts) or f"write the number, or declare it: 'const {n.name} = 2;'"))
    return A.Numbered(1, n.name)


def _constant_value(e: A.Expr, sym: Symbols, what: str, diags: list[Diagnostic]) -> Optional[int]:
    """The whole number an expression of constants (already written in) comes to, or None with E530 saying which
    part is known only in play (a counter, an option, a func) or is no number."""
    try:
        value = A.as_const(e)
    except A.NotConstant:
        value = None
    if type(value) is int:
        return value
    names = [n.id for n in A.walk(e) if type(n) is A.Name]
    found = next((n for n in names if n not in sym.consts), None)
    decl = sym.decls.get(found) if found is not None else None
    consts = [n for n, d in sym.decls.items() if isinstance(d, A.Const)]
    if found is None:
        why = f"{printed(e)} is no whole number known before play" if value is None else \
            f"{printed(e)} is {shown_value(value)}, not a whole number"
        hint = "write a number, or an expression of numbers and constants ('radius + 2')"
    elif decl is None:
        why = f"{found!r} is declared nowhere" + ("" if found not in sym.members else " as a constant (it is an enum "
                                                                                      "member)")
        hint = did_you_mean(found, consts) or f"declare it: 'const {found} = 2;'"
    else:
        why = f"{found!r} is {_article(CATEGORY[type(decl)])}, " + (
            "chosen for each game (only a range's high end may be an option, 'col: 1..size;')"
            if isinstance(decl, A.Setting) else "known only in play" if not isinstance(decl, A.Const) else
            "declared after it (a constant reads those declared before it)")
        hint = did_you_mean(found, consts) or f"declare the number as a constant, 'const {found}_value = 2;', and " \
            f"read that"
    at = next((n.span for n in A.walk(e) if type(n) is A.Name and n.id == found), e.span)   # at the name, if one
    diags.append(Diagnostic("E530", f"'{what}': {why}: a constant, and a record's range, is a whole number known "
                            "before play and the same in every game", at, hint))
    return None


def shown_value(value) -> str:
    """A constant's value as a message names it: a text quoted, a condition as written."""
    return repr(value) if type(value) is str else "true" if value is True else "false" if value is False else str(value)


def _constant_ranges(record: A.Record, sym: Symbols, reads: set, diags: list[Diagnostic], written: dict
                     ) -> A.Record:
    """A record whose ranges end at constants (`q: -radius..radius;`, `row: 1..rows;`), the constants already
    written in, with the numbers they come to (E530 for an end known only in play, E566 for an empty range); a
    high end that is an option (`col: 1..size;`) is left to `_bounded_fields`; `written`: each field as written,
    before the constants were, for the messages."""
    fields = []
    for f in record.fields:
        if f.bound in sym.consts:   # `row: 1..rows;` read as `1..size` would be: here a constant
            reads.add(f.bound)
            f = replace(f, ends=(A.Int(f.within[0], span=f.span), A.Int(sym.consts[f.bound], span=f.span,
                                                                         const=f.bound)),
                        within=None, bound=None)
        if f.ends is None:
            fields.append(f)
            continue
        low, high = f.ends
        what = written.get(f.name) or f"{f.name}: {f.type_text()}"
        if type(high) is A.Name and isinstance(sym.decls.get(high.id), A.Setting):   # `-radius..size`
            low_value = _constant_value(low, sym, what, diags)
            fields.append(replace(f, within=(low_value or 0, low_value or 0), bound=high.id, ends=None))
            continue
        low_value = _constant_value(low, sym, what, diags)
        high_value = _constant_value(high, sym, what, diags) if low_value is not None else None
        if low_value is None or high_value is None:
            fields.append(replace(f, within=(0, 0), ends=None))
            continue
        if high_value < low_value:
            diags.append(Diagnostic("E566", f"record {record.name}'s field '{f.name}' ranges from {low_value} to "
                                    f"{high_value}: it holds no number, so the record has no values", f.span,
                                    "check the constants its ends read (an expansion's 'override const ...;' may "
                                    "have made them cross), or write the lower end first"))
            high_value = low_value
        # the ends kept as written (the constants by name) for what shows the record (`explain`, hovers)
        fields.append(replace(f, within=(low_value, high_value)))
    return replace(record, fields=tuple(fields))


def _bounded_fields(sym: Symbols, diags: list[Diagnostic]) -> None:
    """A record's range bounded by an option (`col: 1..size;` with `option size: 9 | 13 | 19 = 19;`) as every
    stage sees it: `within` from its low end to the option's largest value (what the static checks, the
    layout of indexed counters and variables and the screens' grids take: the largest board), the option's
    name in `bound` (each game's domain, neighbours and construction check read its value). A name that is
    no option is E539 (a counter or a var would change mid-game; a number is written `1..9`)."""
    for name, decl in list(sym.decls.items()):
        if not isinstance(decl, A.Record) or not any(f.bound is not None for f in decl.fields):
            continue
        fields = []
        for f in decl.fields:
            option = sym.decls.get(f.bound) if f.bound is not None else None
            enum = sym.decls.get(f.type) if f.within is None else None
            if f.bound is None:
                fields.append(f)
            elif f.within is None and not isinstance(enum, A.Enum):   # `col: column up to size;` of no enum
                diags.append(Diagnostic("E539", f"'{f.type_text()}': only an enum's members are counted up to an "
                                        f"option, and {f.type!r} is no enum", f.span,
                                        f"write a range of numbers, '{f.name}: 1..{f.bound};'"))
                fields.append(replace(f, bound=None))
            elif isinstance(option, A.Setting) and enum is not None and option.high > len(enum.members):
                diags.append(Diagnostic("E539", f"'{f.type_text()}': {f.bound} may be {option.high}, and enum "
                                        f"{enum.name} has {len(enum.members)} members", f.span,
                                        f"give {enum.name} a member for each value up to {option.high}, or keep "
                                        f"{f.bound} to {len(enum.members)} at most"))
                fields.append(replace(f, bound=None))
            elif isinstance(option, A.Setting):
                fields.append(f if f.within is None else replace(f, within=(f.within[0], max(option.high, f.within[0]))))
            else:
                what = f"is {_article(CATEGORY[type(option)])}" if option is not None else "is declared nowhere"
                diags.append(Diagnostic("E539", f"'{f.name}: {f.type_text()}': {f.bound!r} {what}, not an "
                                        "option: a board's size is a number or an option, known before the setup and "
                                        "fixed for the whole game", f.span,
                                        f"declare the choice as an option ('option {f.bound} \"Title\": 9 | 13 | 19 "
                                        f"= 19;'), the rules' number as a constant ('const {f.bound} = 9;')"
                                        + (f" or write the number ('{f.name}: {f.within[0]}..9;')"
                                                      if f.within is not None else "")))
                fields.append(replace(f, bound=None))
        sym.decls[name] = replace(decl, fields=tuple(fields))


def bounded_range(low: int, bound: str, what: str, span, sym: Symbols, diags: list[Diagnostic]) -> Optional[int]:
    """The largest value a range ending at an option may reach (`[1..size]`, `not_rank: bool[1..size]`): the
    option's largest, not below LOW; None with E551 when `bound` names no option (a counter, a var, a func or
    nothing: an index's elements are laid out before the setup and fixed for the game)."""
    option = sym.decls.get(bound)
    if isinstance(option, A.Setting):
        if option.low < low:   # a game with the option below LOW would have no element at all
            diags.append(Diagnostic("W538", f"'{what}' has no element when {bound} is {option.low} (it may be from "
                                    f"{option.low} to {option.high})", span,
                                    f"start the range at {option.low} or lower, or let {bound} take {low} and up only"))
        return max(option.high, low)
    found = f"is {_article(CATEGORY[type(option)])}" if option is not None else "is declared nowhere"
    options = [n for n, d in sym.decls.items() if isinstance(d, A.Setting)]
    near = did_you_mean(bound, options) if option is None else None
    diags.append(Diagnostic("E551", f"'{what}': {bound!r} {found}, not an option: a range's end is a number or an "
                            "option, known before the setup and fixed for the whole game", span,
                            near or f"declare the choice as an option ('option {bound} \"Title\": 5 | 7 | 9 = 9;') "
                            f"or write the number ('{low}..9')"))
    return None


def _bounded_indexes(sym: Symbols, diags: list[Diagnostic]) -> None:
    """An index of a counter, variable or zone ranging up to an option (`var liberties[1..size]`) as every stage
    sees it: `high` the option's largest value (the layout's tables are the largest board's, as a record's
    range bounded by an option), `bound` its name (each game keeps the elements up to its value: Game.out_of_play).
    A name that is no option is E551, the range then the one number LOW. Likewise a kind's field indexed so
    (`liberty: bool[1..size];`): its `index_range` ends at the option's largest value."""
    for name, decl in list(sym.decls.items()):
        ix = getattr(decl, "indexes", None) if isinstance(decl, (A.Counter, A.Var, A.Zone)) else None
        if ix is None or all(d.bound is None for d in ix.dims()):
            continue
        dims = []
        for d in ix.dims():
            high = bounded_range(d.low, d.bound, f"{decl.name}[{ix.shown()}]", d.span or decl.span, sym, diags) \
                if d.bound is not None else d.high
            dims.append(d if d.bound is None else replace(d, high=high) if high is not None else replace(d, bound=None))
        sym.decls[name] = replace(decl, indexes=_chained(ix, dims))
    for name, decl in list(sym.decls.items()):   # a kind's field `liberty: bool[1..size];`
        if isinstance(decl, A.Kind) and any(f.index_bound is not None for f in decl.fields):
            fields = []
            for f in decl.fields:
                high = bounded_range(f.index_range[0], f.index_bound, f"{f.name}: {f.type_text()}", f.span, sym, diags) \
                    if f.index_bound is not None else None
                fields.append(f if f.index_bound is None else replace(f, index_range=(f.index_range[0], high))
                              if high is not None else replace(f, index_bound=None))
            sym.decls[name] = replace(decl, fields=tuple(fields))


def _ragged_indexes(sym: Symbols, diags: list[Diagnostic]) -> None:
    """A ragged range among a counter's, variable's or zone's indexes (`counter at[g: gear, 0..(g.positions -
    1)]`) as every stage sees it: its end worked out before play for each combination of the indexes before it
    (`rows`), `high` the largest (the checker's hull, the axis of a board). E620 for an end that reads what is not
    known before play (a counter, a name that is no index named before it, a field that is no member's data), for
    an index named twice or named where it is no enum or range, and for a ragged range of a first index; W610 for
    a value of the earlier indexes that leaves the range no number (no element at all there)."""
    for name, decl in list(sym.decls.items()):
        ix = getattr(decl, "indexes", None) if isinstance(decl, (A.Counter, A.Var, A.Zone)) else None
        if ix is None or all(d.ragged is None and d.name is None for d in ix.dims()):
            continue
        dims, named = list(ix.dims()), {}
        for place, d in enumerate(dims):
            kind = sym.decls.get(d.enum) if d.enum is not None else None
            if d.name is not None and (d.name in named or not (d.enum is None or isinstance(kind, A.Enum))):
                diags.append(Diagnostic("E620", f"{decl.name}[{ix.shown()}]: the index {d.name!r} "
                                        + ("is named twice" if d.name in named else
                                           f"is {d.enum!r}, which a ragged range cannot read: name an enum or a range"),
                                        d.span or decl.span, "give each index its own name, or leave the name out"))
                dims = [replace(e, name=None, ragged=None, high=e.low) if e.ragged is not None else e for e in dims]
                break   # (the ranges after it: not worked out, which name they read being unclear)
            if d.ragged is not None:
                dims[place] = _ragged_rows(decl, ix, d, dims[:place], sym, diags)
            if d.name is not None:
                named[d.name] = place
        sym.decls[name] = replace(decl, indexes=_chained(ix, dims))


def _ragged_rows(decl, ix: A.Indexes, d: A.Indexes, earlier: list, sym: Symbols,
                 diags: list[Diagnostic]) -> A.Indexes:
    """One ragged range's `rows` and `high` (_ragged_indexes): its end for each combination of the earlier
    indexes' values, the members of an enum and the numbers of a range; on E620 the range of the one number LOW."""
    from .layout import inlined   # (the layout reads this module: imported when first used)
    what = f"{decl.name}[{ix.shown()}]"
    names = {e.name: e for e in earlier if e.name is not None}
    end = inlined(d.ragged, sym)
    for n in A.walk(end):   # what the end may read: the earlier indexes' names, their members' data, constants
        if type(n) is A.Attr and type(n.obj) is A.Name and n.obj.id in names:
            enum = sym.decls.get(names[n.obj.id].enum)
            if isinstance(enum, A.Enum) and any(f.name == n.name for f in enum.fields):
                continue
            odd, why = n, (f"{n.obj.id} is a number, which has no field {n.name!r}" if enum is None else
                           f"{enum.name!r} has no field {n.name!r}")
        elif type(n) is A.Name and (n.id in names or n.id in sym.consts or n.id in sym.members) or \
                type(n) is A.Call and n.func in ("min", "max", "abs"):   # (the calls `as_const` works out)
            continue
        elif type(n) in (A.Name, A.Attr, A.Call, A.Aggregate, A.Method, A.Construct):
            n = n.obj if type(n) is A.Attr and type(n.obj) is A.Name and n.obj.id not in sym.decls else n
            shown = printed(n)
            odd, why = n, (f"{shown!r} is no index named before it" if type(n) is A.Name and n.id not in sym.decls
                           else f"{shown!r} is not known before play")
        else:
            continue
        diags.append(Diagnostic("E620", f"{what}: the range's end is worked out before play from the indexes named "
                                f"before it, and {why}", n.span or d.span,
                                "read the earlier indexes by their names, their members' fields, numbers and "
                                "constants ('0..(g.positions - 1)' with 'g: gear' before it)"))
        return replace(d, ragged=None, high=d.low)
    if not names:
        diags.append(Diagnostic("E620", f"{what}: a ragged range's end reads an index named before it, and none is",
                                d.ragged.span or d.span or decl.span, "name the index it depends on ('[g: gear, 0..(g.positions - "
                                "1)]'), or write the number"))
        return replace(d, ragged=None, high=d.low)
    axes = []
    for e in earlier:
        enum = sym.decls.get(e.enum) if e.enum is not None else None
        axes.append(list(enum.members) if isinstance(enum, A.Enum) else e.keys() if e.enum is None else None)
    if any(a is None for a in axes):   # (an earlier index of cards, records or players: rows of its own would vary)
        diags.append(Diagnostic("E620", f"{what}: a ragged range follows indexes of enums and ranges alone",
                                d.span or decl.span, "put the ragged range right after the enum or range it reads"))
        return replace(d, ragged=None, high=d.low)
    rows = []
    for key in _real_prefixes(earlier, axes):
        values = {e.name: v for e, v in zip(earlier, key) if e.name is not None}
        try:
            fields = A.rewrite(end, lambda n: _ragged_value(n, values, names, sym) if type(n) is A.Attr else None)
            high = A.as_const(A.rewrite(fields, lambda n: _ragged_value(n, values, names, sym)))
        except (A.NotConstant, TypeError, ZeroDivisionError):
            high = None
        if type(high) is not int:
            diags.append(Diagnostic("E620", f"{what}: the range's end is no whole number for "
                                    f"{', '.join(map(str, key))}", d.ragged.span or d.span,
                                    "the end is a whole number for every value of the indexes before it"))
            return replace(d, ragged=None, high=d.low)
        if high < d.low:
            diags.append(Diagnostic("W610", f"{what} has no element for {', '.join(map(str, key))}: the range "
                                    f"{d.low}..{high} is empty there", d.ragged.span or d.span,
                                    "a value with nothing indexed is left out of the index's enum or range; or "
                                    "check the field the end reads"))
        rows.append((tuple(key), high))
    return replace(d, rows=tuple(rows), high=max([d.low] + [high for _key, high in rows]))


# what `row KEY of GRID` looks like in a rules text (the lexer's shape of the word, dsl/lexer.py): a text without it
# has none, and the resolver's walk over every declaration for it is left out
ROW_WRITTEN = re.compile(r"\brow" + KEYWORD_SHAPES["row"].source)
_TEXT = re.compile(r'"(?:[^"\\\n\r]|\\.)*"')


def _writes_rows(text: str) -> bool:
    """Whether a rules text may write `row KEY of GRID`: a match in a comment does not count (Tapestry's say "row
    or column of"), a '#' outside a text before it on its line starting one."""
    for m in ROW_WRITTEN.finditer(text):
        line = text[max(text.rfind("\n", 0, m.start()), text.rfind("\r", 0, m.start())) + 1:m.start()]
        if "#" not in _TEXT.sub("", line):
            return True
    return False


def _rows_written_in(sym: Symbols, standing: list, diags: list[Diagnostic]) -> list:
    """`row g of at` (A.RowOf) written as the row's range wherever it stands (`0..(last_position(g))`, the ragged
    end with the given values in place of the names of the indexes before it), so that the checker and both
    backends read an ordinary range; the top-level triggers, rewritten alike, are returned."""
    def written_in(node):
        return A.rewrite(node, lambda n: _row_domain(n, sym, diags) if type(n) is A.RowOf else None)

    for name, decl in list(sym.decls.items()):
        if any(type(n) is A.RowOf for n in A.walk(decl)):
            sym.decls[name] = written_in(decl)
    if sym.game is not None:
        sym.game = sym.decls.get(sym.game.name, sym.game)
    return [written_in(t) if any(type(n) is A.RowOf for n in A.walk(t)) else t for t in standing]


def _row_domain(row: A.RowOf, sym: Symbols, diags: list[Diagnostic]) -> A.Expr:
    """One `row KEY, ... of GRID` as the range of the grid's next index for those values (its enum's name for an
    enum): E660 for a grid that is none or has no index left, or a constant value of the wrong kind; E661 for a
    constant row past the grid; W645 for a constant row with no element."""
    written, at = printed(row), row.span
    empty = A.Range(A.Int(1, span=at), A.Int(1, span=at), row_of=written, grid=row.grid, span=at)   # (after an error: no W402)
    grid = sym.decls.get(row.grid)
    ix = grid.indexes if isinstance(grid, (A.Counter, A.Var, A.Zone)) else None
    dims = ix.dims() if ix is not None else ()
    if len(row.keys) >= len(dims):
        why = (f"{row.grid!r} is declared nowhere" if grid is None else
               f"{row.grid!r} is no counter, variable or zone with indexes" if ix is None else
               f"{row.grid}[{ix.shown()}] has {len(dims)} index{'es' if len(dims) > 1 else ''}, so a row of it is "
               f"read with at most {len(dims) - 1} value{'s' if len(dims) > 2 else ''}")
        grids = [n for n, x in sym.decls.items() if isinstance(x, (A.Counter, A.Var, A.Zone)) and x.indexes is not None]
        close = did_you_mean(row.grid, grids) if ix is None else None   # (a grid of a name close to it)
        diags.append(Diagnostic("E660", f"{written}: {why}", at, close or (
            "a row is the values of a grid's next index for those of the ones before it: 'row g of at' of 'counter "
            "at[g: gear, 0..(g.positions - 1)]'" if ix is None or len(dims) < 2 else
            f"give the values of the first {len(dims) - 1} of {row.grid}'s indexes, or fewer")))
        return empty
    values = []
    for key, d in zip(row.keys, dims):   # the values written as constants: of the index's kind, in the grid
        value = _constant_key(key, sym)
        values.append(value)
        if value is None:
            continue
        wanted = f"a member of {d.enum!r}" if d.enum is not None else "a number"
        if (d.enum is not None) != (type(value) is str) or type(value) is str and sym.members[value] != d.enum:
            got = f"a member of {sym.members[value]!r}" if type(value) is str else "a number"
            diags.append(Diagnostic("E660", f"{written}: {row.grid}[{ix.shown()}] is read there with {wanted}, and "
                                    f"{printed(key)} is {got}", key.span,
                                    "give the values of the grid's first indexes, in order"))
            return empty
    earlier = tuple(values)
    for place, (key, d) in enumerate(zip(row.keys, dims)):   # a constant row past the grid: E661
        value, prefix = values[place], earlier[:place]
        if type(value) is not int or None in prefix:
            continue
        high = d.high_of(prefix)
        if not d.low <= value <= high:
            shown_row = ", ".join(map(str, prefix))
            diags.append(Diagnostic("E661", f"{written} is past the grid: {row.grid}[{ix.shown()}] has the rows "
                                    f"{d.low}..{high}" + (f" for {shown_row}" if prefix else ""), key.span,
                                    f"its rows there are {d.low} to {high}" if high >= d.low else
                                    f"{row.grid} has no element for {shown_row}"))
            return empty
    d = dims[len(row.keys)]
    # a computed value is checked in play (both backends) before the row's ends are worked out: E601 past the grid
    computed = tuple(row.keys) if None in values else None
    if d.enum is not None:
        if not isinstance(sym.decls.get(d.enum), A.Enum):
            diags.append(Diagnostic("E660", f"{written}: the row is {row.grid}'s index of {d.enum!r}, and a row is "
                                    "read of an index of numbers or of an enum's members", at,
                                    f"loop over the domain itself: 'for each x in {d.enum}'"))
            return empty
        if computed is not None:   # (checked in play before its members are given, as a numeric row is)
            return A.RowMembers(d.enum, written, row.grid, computed, span=at)
        return A.Name(d.enum, span=at)
    if d.ragged is None:
        high = A.Name(d.bound, span=at) if d.bound is not None else A.Int(d.high, span=at)
        return A.Range(A.Int(d.low, span=at), high, row_of=written, grid=row.grid, row_keys=computed, span=at)
    if None not in earlier and d.high_of(earlier) < d.low:
        diags.append(Diagnostic("W645", f"{written} has no element: {row.grid}[{ix.shown()}] is empty for "
                                f"{', '.join(map(str, earlier))}", at,
                                "a loop over it does nothing; check the values or the field the row's end reads"))
    given = {e.name: key for e, key in zip(dims, row.keys) if e.name is not None}
    end = A.rewrite(d.ragged, lambda n: given.get(n.id) if type(n) is A.Name else None)
    return A.Range(A.Int(d.low, span=at), end, row_of=written, grid=row.grid, row_keys=computed, span=at)


def index_place(ix: A.Indexes, which) -> Optional[int]:
    """The place (0 the first) of the index `index WHICH of ITEM in GRID` reads of GRID's indexes `ix`: its one
    index (WHICH left out), the index of that name, or the one at that place (from 1); None for none of them."""
    dims = ix.dims()
    if which is None:
        return 0 if len(dims) == 1 else None
    if type(which) is int:
        return which - 1 if 1 <= which <= len(dims) else None
    return next((place for place, d in enumerate(dims) if d.name == which), None)


def index_cell(sym: Symbols, ix: A.Indexes) -> Optional[tuple]:
    """Of a zone indexed by a record alone (a board's cell, `zone on[square]`): the record's name and its fields'
    names in order, which `index of u in on` makes its value of again; None for any other index."""
    record = sym.decls.get(ix.enum) if ix.second is None and ix.enum is not None else None
    return (record.name, tuple(f.name for f in record.fields)) if isinstance(record, A.Record) else None


def _constant_key(key: A.Expr, sym: Symbols):
    """A value of `row KEY of GRID` known before play: a whole number (`row 2 + 4 of token` is 6), a member's
    name; None for one worked out in play."""
    if type(key) is A.Name and key.id in sym.members:
        return key.id
    try:
        value = A.as_const(key)
    except (A.NotConstant, TypeError, ZeroDivisionError):
        return None
    return value if type(value) is int else None


def row_beginnings(sym: Symbols, grid: str, given: int) -> Optional[tuple]:
    """The values of GRID's first `given` indexes that begin an element, as play holds them (numbers, members'
    names): what the values of `row KEY, ... of GRID` may be. None where they are not known before play (an
    index of cards or players, a range up to an option)."""
    dims = sym.decls[grid].indexes.dims()[:given]
    axes = []
    for d in dims:
        enum = sym.decls.get(d.enum) if d.enum is not None else None
        if d.bound is not None or d.enum is not None and not isinstance(enum, A.Enum):
            return None
        axes.append(list(enum.members) if enum is not None else d.keys())
    return tuple(_real_prefixes(dims, axes))


def _real_prefixes(earlier: list, axes: list) -> list:
    """The combinations of the earlier indexes' values that are elements' beginnings: each value of an earlier
    ragged range only up to its own row's end (`[r: 1..4, c: 1..(5 - r), ...]`: c to 4 for r = 1, to 1 for 4)."""
    prefixes = [()]
    for e, axis in zip(earlier, axes):
        prefixes = [key + (v,) for key in prefixes for v in axis if e.ragged is None or v <= e.high_of(key)]
    return prefixes


def _ragged_value(n, values: dict, names: dict, sym: Symbols):
    """A ragged range's end for one combination of the earlier indexes (`values`: name -> member or number): a
    member's field as its data (`g.positions`), an index's name as its value, a member's or constant's name as a
    constant; None for what stays as it is."""
    if type(n) is A.Attr and type(n.obj) is A.Name and n.obj.id in values:
        enum = sym.decls[names[n.obj.id].enum]
        field = next(f for f in enum.fields if f.name == n.name)
        return next((v.value for v in enum.values_of(values[n.obj.id]) if v.name == n.name), field.default)
    if type(n) is not A.Name:
        return None
    v = values[n.id] if n.id in values else sym.consts.get(n.id, n.id if n.id in sym.members else None)
    return A.Int(v, span=n.span) if type(v) is int else A.Str(v, span=n.span) if type(v) is str else None


def _chained(ix: A.Indexes, dims: list) -> A.Indexes:
    """Indexes `ix` with its dimensions replaced by `dims` (each a one-dimension Indexes), chained as the parser
    chains them (`[1..5, colour]`: the first, its `second` the rest), with `ix`'s frame and place."""
    chain = dims[-1]
    for d in reversed(dims[:-1]):
        chain = replace(d, second=chain)
    return replace(chain, frame_var=ix.frame_var, frame=ix.frame, span=ix.span)


def _constant_indexes(decl: A.Decl, sym: Symbols, reads: set, diags: list[Diagnostic]) -> A.Decl:
    """A counter, variable or zone indexed up to a constant (`counter token[1..hexes]`), or a kind's field
    (`marked: bool[1..cells];`), with the constant's number as the range's end (E566 for an empty range)."""
    def high(low: int, bound: str, what: str, span) -> int:
        reads.add(bound)
        if sym.consts[bound] < low:
            diags.append(Diagnostic("E566", f"'{what}' ranges from {low} to {sym.consts[bound]}: it has no element",
                                    span, f"check the constant {bound!r}: an 'override const' may have lowered it"))
            return low
        return A.Numbered(sym.consts[bound], bound)   # (by name in explain's declaration and its constants' line)

    def low_end(low: int, high: int, what: str, span) -> int:
        """A low end read from a constant (`[first..9]`) above the high end: E566 (the high end stands for both)."""
        if type(low) is A.Numbered and low > high:
            diags.append(Diagnostic("E566", f"'{what}' ranges from {low} to {high}: it has no element", span,
                                    f"check the constant {low.const!r}: an 'override const' may have raised it"))
            return A.Numbered(high, low.const)
        return low

    ix = getattr(decl, "indexes", None) if isinstance(decl, (A.Counter, A.Var, A.Zone)) else None
    if ix is not None and any(type(d.low) is A.Numbered and d.bound is None for d in ix.dims()):
        dims = [replace(d, low=low_end(d.low, d.high, f"{decl.name}[{ix.shown()}]", d.span or decl.span))
                if d.bound is None else d for d in ix.dims()]
        decl = replace(decl, indexes=_chained(ix, dims))
        ix = decl.indexes
    if ix is not None and any(d.bound in sym.consts for d in ix.dims()):
        dims = [replace(d, high=high(d.low, d.bound, f"{decl.name}[{ix.shown()}]", d.span or decl.span), bound=None)
                if d.bound in sym.consts else d for d in ix.dims()]
        return replace(decl, indexes=_chained(ix, dims))
    if isinstance(decl, A.Kind) and any(f.index_range is not None and type(f.index_range[0]) is A.Numbered
                                        and f.index_bound is None for f in decl.fields):
        decl = replace(decl, fields=tuple(
            replace(f, index_range=(low_end(f.index_range[0], f.index_range[1], f"{f.name}: {f.type_text()}",
                                            f.span), f.index_range[1]))
            if f.index_range is not None and f.index_bound is None else f for f in decl.fields))
    if isinstance(decl, A.Kind) and any(f.index_bound in sym.consts for f in decl.fields):
        return replace(decl, fields=tuple(
            replace(f, index_range=(f.index_range[0], high(f.index_range[0], f.index_bound, f"{f.name}: "
                                                            f"{f.type_text()}", f.span)), index_bound=None)
            if f.index_bound in sym.consts else f for f in decl.fields))
    return decl


def _die_fields(sym: Symbols, diags: list[Diagnostic]) -> None:
    """A kind's field typed by a die (`shows: d6;`) as every stage sees it: a field of the type the die's
    faces show (a title, `str`, for a die without a type) with the die's name in `die`, its default what
    the first face shows unless written. A card of the kind is a die kept as a piece: `roll x;` sets the
    field. One such field to a kind (E440: which would a roll set?), an untyped die's faces titled (E441)."""
    for name, decl in list(sym.decls.items()):
        if not isinstance(decl, A.Kind):
            continue
        fields, rolled = [], None
        for f in decl.fields:
            die = sym.decls.get(f.type) if f.of is None and f.within is None else None
            if not isinstance(die, A.Die):
                fields.append(f)
                continue
            amiss = "is computed" if f.computed else "has an index" if f.index is not None else \
                "is a stock" if f.stock else "holds a zone" if f.held is not None else None
            if amiss is not None:
                diags.append(Diagnostic("E440", f"{f.name!r} shows a face of {die.name!r} and {amiss}", f.span,
                                        f"declare it '{f.name}: {die.name};': what the die kept as a card shows"))
            elif rolled is not None:
                diags.append(Diagnostic("E440", f"{name!r} has two fields typed by a die, {rolled!r} and {f.name!r}: "
                                        f"'roll' of a {name} would not know which to set", f.span,
                                        "a card is one die: declare a kind for each die, or give this field the "
                                        "type of the values (int, an enum...)"))
            else:
                rolled = f.name
            untitled = [i for i, face in enumerate(die.faces) if face.title is None] if die.type is None else []
            if untitled:
                diags.append(Diagnostic("E441", f"{f.name!r} shows a face of {die.name!r}, a die whose faces show no "
                                        f"value, by its title: face {untitled[0] + 1} has none", f.span,
                                        f"title each face (face \"...\" {{ ... }}) or declare the die with a type "
                                        f"('die {die.name}: int {{ face = 1; ... }}')"))
            first = die.faces[0] if die.faces else None
            default = f.default if f.default is not None else None if first is None else \
                first.value if die.type is not None else A.Str(first.title or "", span=f.span)
            fields.append(replace(f, type=die.type or "str", default=default, die=die.name))
        if rolled is not None or len(fields) != len(decl.fields) or any(f.die for f in fields):
            sym.decls[name] = replace(decl, fields=tuple(fields))


def _call_base(sym: Symbols, decl, old, diags: list[Diagnostic]):
    """An override of a proc or func may call `base(...)`: the declaration it replaces, kept under a
    hidden name (with a '.', so no rules name can clash with it)."""
    calls = [n for n in A.walk(decl) if type(n) in (A.CallStmt, A.Call) and n.func == BASE
             or type(n) is A.CanOpen and n.proc == BASE]
    if not calls:
        return decl
    if type(old) is not type(decl) or not isinstance(decl, (A.Proc, A.Func)):
        diags.append(Diagnostic("E218", "base() is the proc or func an override replaces; this override "
                                f"replaces {_article(CATEGORY[type(old)])}", calls[0].span))
        return decl
    hidden = f"{decl.name}.base"
    while hidden in sym.decls:
        hidden += ".base"
    sym.decls[hidden] = replace(old, name=hidden)
    sym.origin[hidden] = sym.origin.get(decl.name)
    return A.rewrite(decl, lambda n: replace(n, func=hidden) if type(n) in (A.CallStmt, A.Call) and n.func == BASE
                     else replace(n, proc=hidden) if type(n) is A.CanOpen and n.proc == BASE else None)


def _adds_to_base(decl) -> bool:
    """Whether a card's version of a func works out its value from base(...) by arithmetic (`base() + 1`):
    a change meant to add up, which a second copy held does not add again."""
    value = decl.value if isinstance(decl, A.Func) else None
    return type(value) is A.Binary and value.op in ("+", "-", "*") and \
        any(type(n) is A.Call and n.func == BASE for n in A.walk(value))


def held_overrides(sym: Symbols, diags: list[Diagnostic], sources: dict) -> None:
    """A card's `override func|proc NAME(...) in ZONE ...` (dsl.ast.HeldOverride), once every pack is
    merged (so it builds on NAME as the packs leave it, and an `amend` of the card has replaced it):
    the card's version becomes the hidden declaration `NAME.CARD`, with `base(...)` calling the
    version below it, and NAME a dispatcher, `if contains(ZONE, CARD) then NAME.CARD(...) else BELOW(...)`,
    for the player the call is made for (`you`): `held.uses(CARD, ZONE, ...)`, one runtime call per card
    (Game.held_uses). Cards are stacked in declaration order, the last
    outermost: a later card's base() reaches an earlier held card's version, the first one's the
    pack's (kept as `NAME.base`, as an override's). A func or proc no card changes is left as it is.
    E353 (nothing of that name to change), E354 (a signature other than the one it changes), E358
    (the same one changed twice in a card); a zone that cannot hold the card is the checker's
    (E330-E332, as a reaction's) and makes nothing here."""
    cards: dict = {}
    for d in list(sym.decls.values()):
        if not isinstance(d, A.Entity):
            continue
        seen: set = set()
        for h in d.effects:
            if not isinstance(h, A.HeldOverride):
                continue
            if h.func in seen:
                diags.append(Diagnostic("E358", f"{d.name!r} changes {CATEGORY[type(h.decl)]} {h.func!r} twice: a card "
                                        "has one version of it", h.span, "merge the two into one override"))
                sym.baseless.update(_base_calls(h.decl))
                continue
            seen.add(h.func)
            cards.setdefault(h.func, []).append((d, h))
    for name, held in cards.items():
        old = sym.decls.get(name)
        fit = [(d, h) for d, h in held if _held_fits(sym, name, old, d, h, diags, sources)]
        if not fit:
            continue
        for i, (d, h) in enumerate(fit):
            calls = [n for n in A.walk(h.decl) if type(n) in (A.CallStmt, A.Call)]
            if i > 0 and not any(n.func == BASE for n in calls) and \
                    not (d.kind == A.ROLE_KIND and fit[i - 1][0].kind == A.ROLE_KIND):   # a player holds one role
                diags.append(Diagnostic("W472", f"{_whose(sym, d)} {d.name!r} overrides {CATEGORY[type(old)]} {name!r} without calling "
                                        f"base(...): a player holding it and {fit[i - 1][0].name!r} too gets this "
                                        f"version alone",
                                        declared_at(sources, name, h.span),
                                        "call base(...) where the rule as it was still applies; cards each of "
                                        "which replaces the rule whole, one in play at a time (characters), are "
                                        "better an effect slot of their kind, run for the card in play: 'copy "
                                        "c.SLOT;'"))
            if d.copies > 1 and _adds_to_base(h.decl):
                diags.append(Diagnostic(
                    "W569", f"{_whose(sym, d)} {d.name!r} has {d.copies} copies and its version of {name!r} adds to "
                    "base(...): a player holding two copies gets it once (any copy held runs the one version)",
                    declared_at(sources, name, h.span),
                    f"for a change that adds up copy by copy, tag the value and give the card a modifier: "
                    f"'func {name}(...): int = ... for EVENT(...);' and 'modifier you EVENT in "
                    f"{', '.join(h.zones)} {{ value +1; }}'"))
            itself = next((n for n in calls if n.func == name), None)
            if itself is not None:
                diags.append(Diagnostic("W476", f"{_whose(sym, d)} {d.name!r}'s override calls {name!r}, which for the "
                                        f"{_whose(sym, d)}'s holder is this version again: it never ends while the "
                                        f"{_whose(sym, d)} is held", itself.span,
                                        "to run the rule it changes, call base(...)"))
        below = f"{name}.base"
        versions = {f"{name}.{d.name}" for d, _h in fit}   # (a card or role named `base` has `NAME.base`)
        while below in sym.decls or below in versions:
            below += ".base"
        sym.decls[below] = replace(old, name=below)
        sym.origin[below] = sym.origin.get(name)
        sym.held_base[name] = below
        for i, (d, h) in enumerate(fit):
            version = f"{name}.{d.name}"
            sym.decls[version] = replace(A.rewrite(h.decl, lambda n, below=below, d=d: _held_name(n, below, d)),
                                         name=version)
            sym.origin[version] = sym.origin.get(d.name)
            sym.held.setdefault(name, []).append((d, h, version))
            top = name if i == len(fit) - 1 else f"{name}.below.{fit[i + 1][0].name}"
            sym.decls[top] = _dispatcher(old, top, d, h, version, below, sym)
            below = top


def held_options(sym: Symbols, diags: list[Diagnostic], sources: dict) -> None:
    """A card's `option in LABEL in ZONE "label" ... { ... }` (dsl.ast.HeldOption; a kind's is each of its
    cards', given them by _kinds_slots), once every pack is merged: added to the open choose `choose ... as
    LABEL open { ... }` of a proc, after its own options, the cards in declaration order (each card's
    options as it writes them), each guarded by `held.uses(CARD, ZONE)` (as a card's override is: one
    definition of a card in force from a zone) before its own `when`, with `this` the card. The option
    then stands in the proc: it reads what the choose's options read (the proc's parameters, its locals
    there), is offered, gated by a leading cost, asked alone, tested by `can PROC(...)` and explained
    as the choose's own. A pack without such options is left as it is. E430 (no open choose of that
    label), E431 (a label two open chooses have; an option's label another option of the choose has
    already), E432 (an open choose elsewhere than in a proc), W447 (an open choose no card adds to)."""
    opens: dict = {}   # label -> [(proc name, the choose)] of the open chooses of the procs (a hidden copy too)
    closed: dict = {}  # label -> a choose labelled so that is not open
    for name, d in list(sym.decls.items()):
        for n in A.walk(d):
            if type(n) is not A.Choose or n.stmt_label is None:
                continue
            if not n.open:
                closed.setdefault(n.stmt_label, n)
            elif not isinstance(d, A.Proc) or isinstance(d, A.Entity):
                diags.append(Diagnostic("E432", f"the open choose {n.stmt_label!r} is in "
                                        f"{f'an effect of {d.kind} {d.name!r}' if isinstance(d, A.Entity) else _article(CATEGORY[type(d)]) + ' ' + repr(decl_name(d))}: cards add options to an open choose of a proc, asked of "
                                        "the player the proc runs for", declared_at(sources, "open", n.span),
                                        "move the choose into a proc (the card's effect or the phase calls it)"))
            else:
                opens.setdefault(n.stmt_label, []).append((name, n))
    for label, found in opens.items():
        mine = [(name, c) for name, c in found if "." not in name]   # a hidden copy (`NAME.base`) is the same one
        for name, c in mine[1:]:
            diags.append(Diagnostic("E431", f"two open chooses are labelled {label!r}: a card's option names the "
                                    "one it is added to by its label", declared_at(sources, label, c.span),
                                    "give each open choose a label of its own",
                                    notes=(f"the other is at {mine[0][1].span}, in proc {mine[0][0]!r}",)))
    added: dict = {}   # label -> [Option] to add, in declaration order of the cards
    for d in list(sym.decls.values()):
        if not isinstance(d, A.Entity):
            continue
        for h in d.effects:
            if not isinstance(h, A.HeldOption):
                continue
            if not _held_zones_fit(sym, d, h):   # the checker says why (E330-E332, E383, E391)
                continue
            if h.choose not in opens:
                near = did_you_mean(h.choose, list(opens)) if opens else None
                why = (f"the choose labelled {h.choose!r} is not open" if h.choose in closed
                       else f"no open choose is labelled {h.choose!r}")
                diags.append(Diagnostic("E430", f"{_whose(sym, d)} {d.name!r} adds an option to an open choose; {why}",
                                        declared_at(sources, h.choose, h.span),
                                        f"write 'choose ... as {h.choose} open {{ ... }}' in the proc the option "
                                        "belongs to" if h.choose in closed else near,
                                        notes=(f"the choose is at {closed[h.choose].span}",) if h.choose in closed
                                        else ()))
                continue
            o = h.option
            holds = _held_option_test(sym, d, h)
            guard = holds if o.guard is None else A.Binary("and", holds, o.guard, span=o.guard.span)
            o = A.rewrite(replace(o, guard=guard), lambda n, d=d: replace(n, id=d.name)
                          if type(n) is A.Name and n.id == "this" else None)
            sym.held_options.append((d, h, o))
            added.setdefault(h.choose, []).append((d, h, o))
    for label, found in opens.items():
        if label not in added:
            for name, c in found:
                if "." not in name:
                    diags.append(Diagnostic("W447", f"no card{' or role' if sym.roles else ''} adds an option to the open "
                                            f"choose {label!r}",
                                            declared_at(sources, "open", c.span),
                                            f"add one with 'option in {label} in ZONE \"label\" {{ ... }}' in a "
                                            "card" + (f" (or 'option in {label} \"label\" {{ ... }}' in a role)"
                                                      if sym.roles else "") + ", or drop 'open'"))
            continue
        first = found[0][1]
        titles = {o.title: None for o in first.options if o.title is not None}
        keep = []
        for d, h, o in added[label]:
            if o.title in titles and not (titles[o.title] is not None and titles[o.title][1] is h):   # (a kind's: each card's)
                whose = titles[o.title] and titles[o.title][0]
                diags.append(Diagnostic("E431", f"{_whose(sym, d)} {d.name!r} adds the option {o.title!r} to the open choose "
                                        f"{label!r}, which has an option of that label already"
                                        f"{f' ({_whose(sym, whose)} {whose.name!r})' if whose is not None else ''}",
                                        h.span, "give the card's option a label of its own: the options are "
                                        "asked, answered and amended by their labels"))
                continue
            titles[o.title] = (d, h)
            keep.append(o)
        for name, c in found:
            grown = replace(c, options=c.options + tuple(keep))
            sym.decls[name] = A.rewrite(sym.decls[name], lambda n, c=c, grown=grown: grown if n is c else None)


def _kept_defaults(decl, old):
    """An override of a proc or func keeps the defaults of the parameters it replaces (the extended
    pack's calls leave them out): a parameter it writes without one takes the base's."""
    if not isinstance(decl, (A.Proc, A.Func)) or not isinstance(old, (A.Proc, A.Func)) or \
            not any(p.default is not None for p in old.params):
        return decl
    params = tuple(replace(p, default=b.default) if p.default is None and b.default is not None else p
                   for p, b in zip(decl.params, old.params)) + decl.params[len(old.params):]
    return replace(decl, params=params)


def _base_calls(decl) -> set:
    return {n.span for n in A.walk(decl) if type(n) in (A.CallStmt, A.Call) and n.func == BASE
            or type(n) is A.CanOpen and n.proc == BASE}


def _held_name(n, below: str, card: A.Entity):
    """In a card's version: `base(...)` calls the version below it (`can base(...)` tests it), `this` is the
    card."""
    if type(n) in (A.CallStmt, A.Call) and n.func == BASE:
        return replace(n, func=below)
    if type(n) is A.CanOpen and n.proc == BASE:
        return replace(n, proc=below)
    if type(n) is A.Name and n.id == "this":
        return replace(n, id=card.name)
    return None


def _whose(sym: Symbols, d: A.Entity) -> str:
    """How a finding names the declaration a slot is in: a role (3.17) or a card."""
    return "role" if d.kind == A.ROLE_KIND and d.name in sym.roles else "card"


def _held_fits(sym: Symbols, name: str, old, d: A.Entity, h: A.HeldOverride, diags: list[Diagnostic],
               sources: dict) -> bool:
    """Whether a card's override changes a func or proc of the same signature (E353, E354) from a zone
    that can hold the card (else the checker reports E330-E332)."""
    what = CATEGORY[type(h.decl)]
    at = declared_at(sources, name, h.span)
    ok = False
    if d.kind == A.ROLE_KIND and (not isinstance(old, (A.Func, A.Proc)) or "." in name):
        same = [n for n, x in sym.decls.items() if type(x) is type(h.decl) and "." not in n]
        diags.append(Diagnostic("E426", f"role {d.name!r} overrides {what} {name!r}, but " +
                                (f"{name!r} is {_article(CATEGORY[type(old)])}" if old is not None else
                                 f"no {what} {name!r} is declared") + ": a role changes a proc or func of the pack",
                                at, did_you_mean(name, same) if old is None else
                                f"declare the role's own {what} without 'override'"))
    elif not isinstance(old, (A.Func, A.Proc)) or "." in name:
        same = [n for n, x in sym.decls.items() if type(x) is type(h.decl) and "." not in n]
        is_what = f"{name!r} is {_article(CATEGORY[type(old)])}" if old is not None else f"no {what} {name!r} is declared"
        diags.append(Diagnostic("E353", f"a card's override changes a {what} of the pack for its holder; {is_what}",
                                at, did_you_mean(name, same) if old is None else None))
    elif type(old) is not type(h.decl):
        diags.append(Diagnostic("E354", f"{name!r} is {_article(CATEGORY[type(old)])}: override it as one",
                                at, f"write 'override {CATEGORY[type(old)]} {name}(...)'",
                                notes=(f"{name!r} is declared at {old.span}",)))
    elif len(old.params) != len(h.decl.params) or \
            any(a.type != b.type and not zone_types_agree(a.type, b.type) for a, b in zip(old.params, h.decl.params)) or \
            (old.returns != h.decl.returns and None not in (old.returns, h.decl.returns)
             and not zone_types_agree(h.decl.returns, old.returns)):
        # (zones whose kinds agree are one signature: the version takes every zone the base's calls give, and gives
        # a zone its callers read, as an extending pack's override is checked, E220 and E219)
        def sig(x):
            return f"{name}({', '.join(f'{p.name}: {p.type}' for p in x.params)})" + (f": {x.returns}" if x.returns else "")
        diags.append(Diagnostic("E354", f"this override takes {sig(h.decl)}, but the {what} it changes is {sig(old)}",
                                at, "a card's version takes the same parameters, of the same types, and gives the "
                                "same result", notes=(f"{name!r} is declared at {old.span}",)))
    else:
        ok = _held_zones_fit(sym, d, h)
    if not ok:
        sym.baseless.update(_base_calls(h.decl))
    return ok


def _held_option_test(sym: Symbols, d: A.Entity, h) -> A.Expr:
    """Whether a card's option of an open choose is held (`held.uses(CARD, ZONE, ...)`); the zones a role
    declares are tested for its holders alone (`you is ROLE and held.uses(CARD, slot)`): nobody else has them,
    and a zone every player has beside them (`in hand, slot`) is tested for everyone."""
    at, card = h.span, A.Name(d.name, span=h.span)
    groups: dict = {}   # the role declaring the zones (None: every player's) -> the zone expressions
    for p in h.places:
        groups.setdefault(sym.role_of.get(A.place_zone(p)), []).extend(slot_zones((p,), sym))
    holds = None
    for role, zones in groups.items():
        test = A.Call(HELD_USES, (card,) + tuple(zones), span=at)
        if role is not None:
            test = A.Binary("and", A.IsKind(A.You(span=at), role, span=at), test, span=at)
        holds = test if holds is None else A.Binary("or", holds, test, span=at)
    return held_and_in_force(sym, d, holds)


def in_force_of(sym: Symbols, d: A.Entity) -> Optional[A.Expr]:
    """A card's `in force while COND;` condition: its own line, else its kind's; None for neither."""
    kind = sym.decls.get(d.kind)
    lines = d.in_force or (kind.in_force if isinstance(kind, A.Kind) else None)
    return lines[0] if lines else None


def gated_kind(sym: Symbols, kind: str) -> bool:
    """Whether the slots of a kind's cards are gated by `held.force(this)`: the kind, or a card of it, writes
    `in force while COND;` (a card without one of its own, under a kind without one, is always in force)."""
    k = sym.decls.get(kind)
    return bool(isinstance(k, A.Kind) and k.in_force) or any(
        isinstance(e, A.Entity) and e.kind == kind and e.in_force for e in sym.decls.values())


def reads_it(e: Optional[A.Expr]) -> Optional[A.Node]:
    """The first `it` an in-force condition or an override's `while` reads (none there: E553), or None."""
    return None if e is None else next((n for n in A.walk(e) if type(n) is A.Name and n.id == "it"), None)


def held_and_in_force(sym: Symbols, d: A.Entity, holds: A.Expr, when: Optional[A.Expr] = None) -> A.Expr:
    """A card's override or option held (`holds`, held.uses(...)) `and held.force(CARD)` when its kind is gated
    (_in_force_slots), `and` an override's own `while COND` (`this` the card; left out when it reads `it`: E553
    says so at the card), each worked out at the call, for its `you`."""
    at, conds = holds.span, []
    if gated_kind(sym, d.kind):
        conds.append(A.Call(HELD_FORCE, (A.Name(d.name, span=at),), span=at))
    if when is not None and reads_it(when) is None:
        conds.append(A.rewrite(when, lambda n: replace(n, id=d.name) if type(n) is A.Name and n.id == "this" else None))
    if not conds:
        return holds
    # held (without the note), the conditions, then held.uses last: `simulate` hears of a use only when it runs
    first = A.rewrite(holds, lambda n: replace(n, func=HELD_HAS) if type(n) is A.Call and n.func == HELD_USES else None)
    for cond in conds + [holds]:
        first = A.Binary("and", first, cond, span=at)
    return first


def held_only(guard) -> bool:
    """Whether an option's guard is its card's being held (and in force) alone: no `when` was written."""
    if type(guard) is A.Binary and guard.op == "and":
        return held_only(guard.left) and held_only(guard.right)
    return type(guard) is A.Call and guard.func in (HELD_USES, HELD_HAS, HELD_FORCE)


def held_test(cond) -> Optional[A.Call]:
    """The `held.uses(CARD, ZONE, ...)` of a card's override dispatcher or option guard: alone, after a role's
    test (`you is ROLE and held.uses(...)`), or after the card's conditions (`held.has(...) and held.force(CARD)
    and COND and held.uses(...)`, held_and_in_force); None for another condition."""
    if type(cond) is A.Call:
        return cond if cond.func == HELD_USES else None
    if type(cond) is A.Binary and cond.op == "and":
        return held_test(cond.right) or held_test(cond.left)
    return None


def _held_zones_fit(sym: Symbols, d: A.Entity, h) -> bool:
    """Whether a card's override or option is held from zones each player has that can hold the card, each
    written once (else the checker says why: E330-E332, E383, E391)."""
    zones = [sym.decls.get(A.place_zone(p)) for p in h.places]
    return len(set(h.zones)) == len(h.zones) and all(isinstance(zone, A.Zone) and zone.per_player and
                                                     (d.kind in zone.kinds or "any" in zone.kinds) and
                                                     _place_named(p, zone, sym) for p, zone in zip(h.places, zones))


def _dispatcher(old, name: str, card: A.Entity, h: A.HeldOverride, version: str, below: str, sym: Symbols):
    """`name` as the pack declares it, running the card's version for a holder of the card and the
    one below it for anyone else."""
    at = h.span
    # held in one of its zones (`in active, revealed`: either; `in row` any of an indexed zone's), any copy
    # of it (`* 2`, a per-player card's): one call, which simulate's held_use hears when it holds
    zones = tuple(slot_zones(h.places, sym))
    holds = A.Call(HELD_USES, (A.Name(card.name, span=at),) + zones, span=at)
    role = next((sym.role_of[z.id] for z in zones if type(z) is A.Name and z.id in sym.role_of), None)
    if role is not None:   # a card held in a role's zone (an Eyrie leader's slot): only the role's holders have it
        holds = A.Binary("and", A.IsKind(A.You(span=at), role, span=at), holds, span=at)
    holds = held_and_in_force(sym, card, holds, h.when)
    args = tuple(A.Name(p.name, span=at) for p in old.params)
    if isinstance(old, A.Func):
        return replace(old, name=name, value=A.Cond(holds, A.Call(version, args, span=at),
                                                      A.Call(below, args, span=at), span=at))
    if old.returns is None:
        run = [(A.CallStmt(f, args, span=at),) for f in (version, below)]
    else:
        local = next(n for n in ("result", "result_", "held_result") if n not in {p.name for p in old.params})
        run = [(A.Let(local, A.Call(f, args, span=at), span=at), A.Return(A.Name(local, span=at), span=at))
               for f in (version, below)]
    return replace(old, name=name, body=(A.If(holds, run[0], run[1], span=at),))


def _role_parts(sym: Symbols, role: A.Role, diags: list[Diagnostic], sources: dict) -> list:
    """A role as the declarations both backends already run: an entity of the implicit kind `role` (declared
    with the first role, with the per-player zone ROLE_ZONE that holds a player's role), whose `override`s
    are held overrides in that zone (7.7a), and its counters, variables, zones, procs and funcs as top-level
    declarations of the pack, each noted as the role's (`sym.role_of`): the state is its holders' alone
    (the runtime makes it when the role is given), the checker narrows reads of it (W443). E424: a
    `global` counter or variable in a role; E425: a name the role's own, or `role`, already has."""
    made: list = []
    at = declared_at(sources, role.name, role.span)
    kind = sym.decls.get(A.ROLE_KIND)
    if not sym.roles and isinstance(kind, A.Kind) and not role.body:   # `role duke "Duke" { }`: a card of the
        # pack's own `kind role`, as before roles (the parser could not tell: nothing in the braces)
        return [A.Entity(A.ROLE_KIND, role.name, role.title, (), (), span=role.span)]
    if not sym.roles:
        if kind is not None or A.ROLE_KIND in sym.members:
            diags.append(Diagnostic("E425", f"a pack with roles has the kind {A.ROLE_KIND!r} (every role is one): "
                                    f"{A.ROLE_KIND!r} is already declared", at,
                                    f"rename the other {A.ROLE_KIND!r}", notes=(f"declared at {kind.span}",)
                                    if kind is not None else ()))
            return []
        made += [A.Kind(A.ROLE_KIND, "Role", False, (), span=role.span),
                 A.Zone(A.ROLE_ZONE, "Role", True, A.ROLE_KIND, span=role.span)]
    if role.name in sym.decls or role.name in sym.members or role.name in sym.roles:
        other = sym.decls.get(role.name)
        diags.append(Diagnostic("E425", f"role {role.name!r} has a name already declared" +
                                (f" as {_article(CATEGORY[type(other)])}" if other is not None else ""), at,
                                "roles, cards and every other declaration share one namespace: rename one of them",
                                notes=(f"first declared at {other.span}",) if other is not None else ()))
        return made
    sym.roles[role.name] = role
    effects = []
    for d in role.body:
        if isinstance(d, A.HeldOverride):
            effects.append(replace(d, places=(A.Name(A.ROLE_ZONE, span=d.span),)))
            continue
        if isinstance(d, A.FieldEffect):   # a reaction, modifier, anytime slot or option: in the role's zone
            effects.append(d)
            continue
        if isinstance(d, (A.Counter, A.Var)) and d.is_global:
            diags.append(Diagnostic("E424", f"{CATEGORY[type(d)]} {d.name!r} is declared 'global' in role "
                                    f"{role.name!r}: a role's state is each holder's own", declared_at(sources, d.name, d.span),
                                    "declare a value of the whole game outside the role"))
            d = replace(d, is_global=False)
        if isinstance(d, A.Zone) and not d.per_player:   # a role's zone is its holder's, `per_player` or not
            d = replace(d, per_player=True)
        if d.name not in sym.decls:
            sym.role_of[d.name] = role.name
        made.append(d)
    made.append(A.Entity(A.ROLE_KIND, role.name, role.title, (), A.Reaction.told_apart(tuple(effects)), span=role.span))
    return made


def _drop(sym: Symbols, item) -> None:
    """Keep what a declaration refused as declared twice (E208) would read and set, so that no finding
    says a name is unused or never set only because its one use is in the refused declaration."""
    sym.dropped_uses.update(words_read(item))
    sym.dropped_writes.update(n.name for n in A.walk(item) if type(n) in (A.SetName, A.SetAttr))


def words_read(item) -> set:
    """Every name a declaration's nodes hold (names, calls, fields): what it would use, were it kept."""
    return {v for n in A.walk(item) for f in type(n)._fields if isinstance(v := getattr(n, f), str)} - {item.name}


def _merge(sym: Symbols, pack_name: str, item, diags: list[Diagnostic], sources: dict) -> None:
    if isinstance(item, A.Remove) and item.also:   # `remove a, b, c;`: one remove of each name, at its name
        listed = set()
        for name, span in zip(item.names(), _listed_at(sources, item)):
            if name in listed:
                diags.append(Diagnostic("W611", f"{name!r} is listed twice in this remove", span,
                                        "it is removed once: write each name once"))
                continue
            listed.add(name)
            _merge(sym, pack_name, A.Remove(name, span=span), diags, sources)
        return
    if isinstance(item, A.Remove):
        enum = next((d for d in sym.decls.values() if isinstance(d, A.Enum) and item.name in d.members), None)
        if item.name not in sym.decls and enum is not None:
            diags.append(Diagnostic("E214", f"{item.name!r} is a member of enum {enum.name!r}, not a declaration: "
                                    "amend or override the enum", declared_at(sources, item.name, item.span),
                                    f"to drop the member, restate the enum without it: 'override enum {enum.name} "
                                    "{ ... }'"))
        elif item.name not in sym.decls:
            made = [n for n, (template, *_rest) in sym.generated.items() if template == item.name]
            diags.append(Diagnostic("E214", f"nothing named {item.name!r} to remove",
                                    declared_at(sources, item.name, item.span),
                                    f"{item.name!r} is a 'for each' declaration: remove each entity it made, "
                                    f"{', '.join(made[:3])}{', ...' if len(made) > 3 else ''}" if made else None))
        else:
            sym.removals.append((item, sym.decls.pop(item.name)))   # reported as I404, as overrides
            sym.removed[item.name] = item   # the checker reports what still uses it at the remove (E221)
        return
    if isinstance(item, A.Override):
        decl = item.decl
        if isinstance(decl, (A.Remove, A.Extend, A.Amend, A.Standing)):   # they change others: nothing to replace
            keyword = {A.Remove: "remove", A.Amend: "amend", A.Standing: "whenever"}.get(type(decl)) or decl.when
            diags.append(Diagnostic("E212", f"'{keyword}' takes no 'override'" +
                                    (": write 'remove NAME;'" if keyword == "remove" else ""), item.span))
            return
        old = sym.decls.get(decl.name)
        if old is None or sym.origin.get(decl.name) == pack_name:
            # the closest name of the same category that an extended pack declares
            hint = did_you_mean(decl.name, [n for n, d in sym.decls.items() if type(d) is type(decl)
                                            and sym.origin.get(n) != pack_name]) if old is None else None
            diags.append(Diagnostic("E212", f"{decl.name!r} overrides nothing from an extended pack",
                                    declared_at(sources, decl.name, decl.span), hint))   # at its name, as I404 is
            sym.unmatched.add(decl.name)   # no W401 besides: the override itself is the mistake
            sym.baseless.update(n.span for n in A.walk(decl) if type(n) in (A.CallStmt, A.Call) and n.func == BASE)
        else:
            if type(old) is not type(decl):   # the extended pack's rules still read the name as what it was
                _warn_other_category(sym, pack_name, decl, old, diags, sources)
            decl = _call_base(sym, decl, old, diags)   # the checker compares result types and parameters
            decl = _kept_defaults(decl, old)
            sym.overrides.append((decl, old))
            if isinstance(old, A.Enum):   # a use left of a member it drops is E201 with a note at it
                sym.dropped.update((m, (old.name, decl)) for m in old.members
                                   if not isinstance(decl, A.Enum) or m not in decl.members)
        sym.decls[decl.name] = decl
        sym.origin[decl.name] = pack_name
        sym.removed.pop(decl.name, None)
        return
    name = decl_name(item)
    old = sym.decls.get(name)
    if old is not None:
        hint = "write 'override' before it to replace the extended pack's one" \
            if sym.origin.get(name) != pack_name else None
        if hint is None and A.Game in (type(item), type(old)):   # the game's name is no word of its own
            hint = f"a game is named like any declaration: call the game '{name}_game' (players see its title)"
        diags.append(Diagnostic("E208", f"{name!r} is already declared", declared_at(sources, name, item.span), hint,
                                notes=(f"first declared at {old.span}",)))
        _drop(sym, item)
        if isinstance(item, (A.Proc, A.Func)) and isinstance(old, (A.Proc, A.Func)) and \
                len(item.params) != len(old.params):
            sym.declared_twice.add(name)
        return
    if isinstance(item, A.Game):
        if sym.game is not None:
            diags.append(Diagnostic("E208", "a pack has one game; another is already declared",
                                    declared_at(sources, name, item.span),
                                    notes=(f"first declared at {sym.game.span}",)))
            _drop(sym, item)
            return
        sym.game = item
    sym.decls[name] = item
    sym.origin[name] = pack_name
    sym.removed.pop(name, None)   # declared again after its removal: the uses refer to the new one


def _warn_other_category(sym: Symbols, pack_name: str, decl, old, diags: list[Diagnostic], sources: dict) -> None:
    """W599: an override that replaces a declaration of another category (a counter by a constant), which the
    extended pack's rules still read as what it was; "did you mean" among the override's own category."""
    new_category, old_category = CATEGORY.get(type(decl), "declaration"), CATEGORY.get(type(old), "declaration")
    hint = did_you_mean(decl.name, [n for n, d in sym.decls.items() if type(d) is type(decl)
                                    and sym.origin.get(n) != pack_name])
    diags.append(Diagnostic("W599", f"override {new_category} {decl.name!r} replaces {old_category} {decl.name!r}: "
                            f"the extended pack's rules read it as a {old_category}",
                            declared_at(sources, decl.name, decl.span), hint,
                            notes=(f"{old_category} {decl.name!r} declared at {old.span}",)))


def it_arg(e, local_names, it_mode: str | None) -> bool:
    """Whether `e` is `it.ARG` reading an argument: an event's (`it_mode` "event", a trigger's body:
    every argument is given) or a tagged use's ("use", a modifier's condition: an argument the use
    does not give reads as none); both backends use this one rule."""
    return type(e) is A.Attr and type(e.obj) is A.Name and e.obj.id == "it" and it_mode in ("event", "use") \
        and "it" not in local_names


def classify(name: str, local_names, this_ok: bool, it_mode: str | None, sym: Symbols) -> tuple[str, str]:
    """What a bare name means at a point of an effect; both backends use this one rule.

    Returns (how, name): local, this, it, stock, global, var (a player's variable), gvar (a global
    one), zone, entity, actor, member, enum (the list of its members), kind (the list of its cards),
    group (the list of its resources, the names themselves), record (the list of its values), option (a
    numeric option's value in this game) or domain.
    """
    if name in local_names:
        return "local", name
    if name == "this" and this_ok:
        return "this", name
    if name == "it" and it_mode:
        return "it", it_mode
    cat = sym.category(name)
    if cat == "resource":
        return "stock", name
    if cat in ("counter", "track"):   # a global track's one position is kept as a global counter's value
        return ("global" if sym.decls[name].is_global else "stock"), name
    if cat == "var":
        return ("gvar" if sym.decls[name].is_global else "var"), name
    if cat in ("zone", "entity", "actor", "member", "enum", "kind", "group", "record", "option"):
        return cat, name
    return "domain", ALIASES.get(name, name)
