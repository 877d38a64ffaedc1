"""The static tables of a checked pack, shared by the code generator and the interpreter.

Both backends build the same Program: these tables are plain data (names, caps, field values);
only the effect callables differ between the two.
"""

from __future__ import annotations

import itertools
import math
import re
import weakref
from dataclasses import field
from typing import Any, Iterator, NamedTuple, Optional

from rulebook.dsl import ast as A
from rulebook.dsl.lazy import dataclass_when_used
from rulebook.dsl.printer import expr as printed_expr
from rulebook.runtime.state import IN_FORCE, SEATS, SIGNED_FLOOR, Cells, Record, as_written, board_name

from .resolve import BUILTIN_FUNCS, Symbols, classify, held_test, same_statements, slot_places, shortfall_holder, index_cell


def field_value(expr, sym: Optional[Symbols] = None) -> Any:
    """The Python value of a field, cap or bound: a constant (`A.as_const`), or a bare name (an enum
    member, a resource, an entity), which stands for itself as a string; a record built of constants
    (a variable's start, a card's field) a Record, its fields in the record's order with the defaults
    of those left out when `sym` is given (without it, the fields given: enough to tell a constant)."""
    expr = chosen(expr)
    if isinstance(expr, A.Name):
        return expr.id
    if isinstance(expr, A.ListLit):
        return [field_value(i, sym) for i in expr.items]
    if isinstance(expr, A.MemberMap):   # `{white: 3}`: the members named (`spread_members` adds the others)
        return {i.member: field_value(i.value, sym) for i in expr.items}
    if isinstance(expr, A.CostValue):   # `cost = 1 fish or 1 rodent;`: the terms `pay` takes, as data
        return cost_data(expr.terms)
    if isinstance(expr, A.Construct):
        given = {f.name: f.value for f in expr.fields}
        decl = sym.decls.get(expr.record) if sym is not None else None
        if isinstance(decl, A.Record):
            return Record(expr.record, {f.name: field_value(given.get(f.name, f.default), sym) for f in decl.fields})
        return Record(expr.record, {k: field_value(v) for k, v in given.items()})
    return A.as_const(expr)


def paid_mode(t: A.CostTerm) -> str:
    """The runtime's mode of a cost term: a resource a field names (`1 c.good`) is paid as a plain term of it."""
    return "plain" if t.mode == "held" else t.mode


def cost_data(terms: tuple) -> tuple:
    """A card's printed cost as the runtime's terms, (mode, what, amount) as both backends build them for
    a `pay` (the checker let through numbers, resources and groups only): a term of alternatives holds a
    tuple of costs, one of substitutes its (base, ((sub, rate), ...))."""
    out = []
    for t in terms:
        if t.mode == "or":
            out.append(("or", tuple(cost_data(alt.terms) for alt in t.alternatives), 1))
        elif t.mode == "worth":
            out.append(("worth", (t.name, tuple((u.name, A.as_const(u.rate)) for u in t.substitutes)),
                        A.as_const(t.amount)))
        elif t.mode in ("plain", "any", "different", "trade"):
            out.append((t.mode, t.name, A.as_const(t.amount)))
        else:
            raise A.NotConstant
    return tuple(out)


def enum_data(sym: Symbols) -> dict:
    """The data of the enums whose members hold values (`enum side { dx: int; ... north(dx = 0, ...) }`):
    (enum, field) -> {member: its value}, a field a member leaves out taking its default; one table, read by
    both backends (the compiled module holds each column as a constant, the interpreter reads it)."""
    data = {}
    for d in sym.decls.values():
        if type(d) is not A.Enum:
            continue
        declared = {f.name for f in d.fields}
        # what every member has, as a card does: its name, and its title (else its name), unless declared as fields
        for f, column in (("name", {m: m for m in d.members}),
                          ("title", {m: d.title_of(m) or m for m in d.members})):
            if f not in declared:
                data[(d.name, f)] = column
        for f in d.fields:
            column = {}
            for m in d.members:
                given = next((v.value for v in d.values_of(m) if v.name == f.name), f.default)
                column[m] = None if given is None else grid_value(f, given, sym) if f.index is not None else \
                    field_value(given, sym)
            data[(d.name, f.name)] = column
    return data


def grid_value(f: A.FieldDecl, given: A.Expr, sym: Symbols) -> Cells:
    """A member's (or a card's) value of a field indexed by a record (`shade: int[spot];`): each cell's value, from
    the grid written (the checker has matched it to the cells, E576) or, for one that leaves the field out, the
    default in every cell (a card's field of no default: 0, or false)."""
    cells = grid_cells(f.index, sym) or []
    fields = [g.name for g in sym.decls[f.index].fields]
    if given is f.default:
        written = [(cell, given) for cell in cells]
    else:
        written = list(zip(cells, grid_items(given, cells, len(fields))))
    blank = False if f.type == "bool" else 0 if f.type == "int" else None   # a card's field left out, no default
    return Cells({Record(f.index, dict(zip(fields, cell))): field_value(value, sym) if value is not None else blank
                  for cell, value in written})


def grid_cells(name: str, sym: Symbols) -> Optional[list]:
    """The values of record `name` as a grid holds them, each a tuple of its fields' values, in the domain's
    order (the first field slowest: row by row), the cells its shape leaves out left out; None when they are
    not known before play (a field of a kind or of players, a range up to an option's value)."""
    d = sym.decls.get(name)
    if not isinstance(d, A.Record):
        return None
    axes, loose = record_axes(name, sym)
    if loose is not None or any(a.how not in ("range", "enum", "bool") for a in axes) or \
            any(f.bound is not None for f in d.fields):
        return None
    kept, odd = record_shape(d, sym)
    if odd is not None:
        return None
    combos = itertools.product(*((False, True) if a.how == "bool" else a.arg for a in axes))
    return [c for c in combos if kept is None or c in kept]


# ---------------------------------------------------------------- printed tables (`table NAME[...]: TYPE = [...]`)
TABLE_TYPES = ("int", "str", "bool")   # besides an enum's name: what a table's values may be


class TableShape(NamedTuple):
    """What a `table` declaration holds, worked out once before play (`Symbols.table`): its cells (the index, a tuple
    for two indexes or more, a record's value for a record -> the value: a number, text, condition or member's
    name), each level's name (an index's, or a record's field's) and what is wrong with it ((code, message, span,
    hint): E658, E666); `known` is false when an index is no range, enum or record of cells (the checker says so). `tops` holds,
    for each level, the last number of a range open at the top (`[n: 2..]`, whose last value stands for every number
    past it), else None; () when no range is open."""

    cells: dict
    levels: tuple
    problems: tuple
    known: bool
    tops: tuple = ()


def table_axes(decl: A.Table, sym: Symbols):
    """A table's cells in order (tuples of the values of each level, the first slowest: a grid's, a record's cells
    its shape keeps), each level's name, and how a cell is keyed at run time; None when an index is no range,
    enum or record of cells known before play."""
    dims = decl.index.dims()
    record = sym.decls.get(dims[0].enum) if len(dims) == 1 else None
    if isinstance(record, A.Record):   # `ground[square]`: a board's cells, as an enum's grid holds them
        cells = grid_cells(record.name, sym)
        fields = tuple(f.name for f in record.fields)
        return (None if cells is None else (cells, fields, lambda cell: Record(record.name, dict(zip(fields, cell)))))
    axes = []
    for depth, dim in enumerate(dims):
        enum = sym.decls.get(dim.enum) if dim.enum is not None else None
        if dim.enum is not None and not isinstance(enum, A.Enum):
            return None
        low = dim.low if type(dim.low) is int else sym.consts.get(getattr(dim.low, "name", None), 0)
        axes.append(tuple(enum.members) if enum is not None else tuple(range(low, table_high(decl, depth, dim, low) + 1)))
    names = tuple(dim.name or dim.enum or "index" for dim in dims)
    return list(itertools.product(*axes)), names, (lambda cell: cell[0]) if len(dims) == 1 else tuple


def table_high(decl: A.Table, depth: int, dim: A.Indexes, low: int) -> int:
    """The last number of a table's range: as declared, or for one open at the top (`[n: 2..]`) the number of the
    last value its first row at that level writes (`[10, 9, 8, 7]` from 2: 5)."""
    if not dim.open:
        return dim.high
    value = decl.value
    for _ in range(depth):
        value = value.items[0] if type(value) is A.ListLit and value.items else None
    return low + (len(value.items) if type(value) is A.ListLit else 1) - 1


def table_tops(decl: A.Table, cells_in_order: list) -> tuple:
    """Each level's last number when its range is open at the top (None for the others), () when none is."""
    dims = decl.index.dims()
    if not any(dim.open for dim in dims):
        return ()
    return tuple(max(cell[depth] for cell in cells_in_order) if dim.open and cells_in_order else None
                 for depth, dim in enumerate(dims))


def table_value(item, type_: str, sym: Symbols):
    """A table's value as written (`10`, `-1`, `"Gold"`, `true`, `red`), or worked out once from constants (`2 *
    base + 1`: a constant's name is its number by now), or NotImplemented when it is no constant of `type_`."""
    enum = sym.decls.get(type_)
    if isinstance(enum, A.Enum):
        return item.id if type(item) is A.Name and item.id in enum.members else NotImplemented
    try:
        value = A.as_const(item)
    except A.NotConstant:
        return NotImplemented
    return value if type(value) is {"int": int, "str": str, "bool": bool}.get(type_) else NotImplemented


def is_table_constant(item, sym: Symbols) -> bool:
    """Whether a table's value is known before play (a number, text, condition or member, or arithmetic of those
    and of constants): a value read in play (a counter, an option, a func) is E666, not E658."""
    if type(item) is A.Name:   # a member's, card's or kind's name, or one nothing declares: E658 names the type
        return sym.category(item.id) in (None, "member", "entity", "kind")
    try:
        A.as_const(item)
    except A.NotConstant:
        return False
    return True


def table_shape(decl: A.Table, sym: Symbols) -> TableShape:
    """A table's cells by index, read from its rows as `table_axes` orders them (the first level's values the rows,
    the last's the items of a row); E658's problems: a row of the wrong length, a value of the wrong type."""
    if decl.index.dims()[0].edge:   # `table wall[edge of square]: bool = [edge(...), ...]`: the sides listed
        return side_table_shape(decl, sym)
    found = table_axes(decl, sym)
    if found is None:
        return TableShape({}, (), (), False)
    cells_in_order, levels, key_of = found
    typed = decl.type in TABLE_TYPES or isinstance(sym.decls.get(decl.type), A.Enum)
    cells, problems = {}, []

    def fill(value, cells_left: list, depth: int, where: tuple) -> None:
        grouped: dict = {}   # the rows at this level: the cells by their value there, in order
        for cell in cells_left:
            grouped.setdefault(cell[depth], []).append(cell)
        rows, last = list(grouped.values()), depth == len(levels) - 1
        if type(value) is not A.ListLit or len(value.items) != len(rows):
            count = f"{len(value.items)} value{'s' if len(value.items) != 1 else ''}" if type(value) is A.ListLit \
                else f"no list but {printed_expr(value)}"
            firsts = [as_written(row[0][depth]) for row in rows]
            over = f"{firsts[0]} to {firsts[-1]}" if firsts else "nothing"
            said = f"the row of {levels[depth - 1]} {as_written(where[-1])}" if where else "the table"
            problems.append(("E658", f"table {decl.name!r}: {said} has {count}, where {levels[depth]} runs over {len(rows)} "
                             f"({over})", value.span, f"write {'a value' if last else 'a row'} for each, in order"))
            return
        for item, row in zip(value.items, rows):
            if not last:
                fill(item, row, depth + 1, where + (row[0][depth],))
                continue
            got = table_value(item, decl.type, sym) if typed else NotImplemented
            if got is not NotImplemented:
                cells[key_of(row[0])] = got
            elif typed and not is_table_constant(item, sym):
                problems.append(("E666", f"table {decl.name!r}: {printed_expr(item)} (at "
                                 f"{', '.join(map(as_written, row[0]))}) is worked out in play, and a table is worked "
                                 f"out once before play: its values are constants, or arithmetic of numbers and "
                                 f"'const' names", item.span, "declare the number it stands for as a 'const', or read "
                                 "what changes in play in a func"))
            elif typed:
                problems.append(("E658", f"table {decl.name!r} holds {decl.type} values: {printed_expr(item)} (at "
                                 f"{', '.join(map(as_written, row[0]))}) is not one", item.span,
                                 "write " + {"int": "a whole number", "str": "a text in quotes",
                                             "bool": "true or false"}.get(decl.type, f"a member of {decl.type}")))

    fill(decl.value, cells_in_order, 0, ())
    return TableShape(cells, levels, tuple(problems), True, table_tops(decl, cells_in_order))


def side_table_shape(decl: A.Table, sym: Symbols) -> TableShape:
    """A table of a board's sides (`table wall[edge of square]: bool = [edge(a, b), ...];`): every side of the board
    false but those listed, each `edge(CELL, CELL)` of two constant cells beside each other, keyed by the pair of the
    cells in the board's order (`SideCells` reads it either way round); E687 for an item that is no such side, W666
    for a side listed twice. Not known (the checker's E679 says why) when the record is no board the same in every
    game; a type other than bool is the checker's E687."""
    dim = decl.index.dims()[0]
    record = sym.decls.get(dim.enum)
    if not isinstance(record, A.Record) or len(decl.index.dims()) > 1 or \
            any(f.bound is not None or f.type == "player" for f in record.fields):
        return TableShape({}, (), (), False)
    fields = [f.name for f in record.fields]

    def cell(key) -> Record:
        return Record(record.name, dict(zip(fields, key if type(key) is tuple else (key,))))
    cells = {(cell(a), cell(b)): False for a, b in edge_keys(record, sym)}
    problems, listed = [], {}
    if type(decl.value) is not A.ListLit:
        problems.append(("E687", f"table {decl.name!r} lists the sides of {record.name}'s board that hold: "
                         f"{printed_expr(decl.value)} is no list of them", decl.value.span,
                         f"write them in brackets, '[edge({record.name}(...), {record.name}(...)), ...]'"))
    for item in decl.value.items if type(decl.value) is A.ListLit else ():
        side = None
        if type(item) is A.Call and item.func == "edge" and len(item.args) == 2 and \
                all(type(a) is A.Construct and a.record == record.name and {f.name for f in a.fields} <= set(fields)
                    for a in item.args):   # (a field the record lacks: no cell of it)
            try:
                pair = tuple(field_value(a, sym) for a in item.args)
            except A.NotConstant:
                pair = None
            side = next((p for p in (pair, pair and pair[::-1]) if p in cells), None)
        if side is None:
            problems.append(("E687", f"table {decl.name!r} lists the sides of {record.name}'s board that hold: "
                             f"{printed_expr(item)} is no side of it", item.span,
                             f"write each side as two cells beside each other, built of constants: 'edge({record.name}("
                             + ", ".join(f"{f} = ..." for f in fields) + f"), {record.name}(...))'"))
        elif side in listed:
            problems.append(("W666", f"table {decl.name!r} lists the side {printed_expr(item)} twice (first as "
                             f"{printed_expr(listed[side])})", item.span, "leave out the second"))
        else:
            listed[side] = item
            cells[side] = True
    return TableShape(cells, ("side",), tuple(problems), True)


def grid_rows(cells: list) -> list:
    """The cells a grid's outer list holds, grouped by their first field's value, in order: a list per row (a
    record of one field: each cell alone)."""
    rows: dict = {}
    for cell in cells:
        rows.setdefault(cell[0], []).append(cell)
    return list(rows.values())


def grid_items(value: A.Expr, cells: list, depth: int) -> list:
    """The values a grid writes (`[[4, 0], [0, 6]]`, nested as deep as the record has fields), in the cells'
    order; the shape was checked (E576), so each list holds as many items as its row has cells."""
    if depth == 1:
        return list(value.items)
    return [item for row, cells_of_row in zip(value.items, grid_rows(cells))
            for item in grid_items(row, [c[1:] for c in cells_of_row], depth - 1)]


def direction_steps(enum: str, sym: Symbols) -> dict:
    """The steps of each member of a direction enum (`enum way { df: int; dr: int; north(df = 0, dr = 1), ... }`):
    member -> its whole-number fields' values in their declared order, one per field of the cell it steps along
    (step(), ray(); the checker's E484 keeps the count right). Read by both backends."""
    d = sym.decls[enum]
    data = enum_data(sym)
    steps = [f.name for f in d.fields if f.of is None and (f.type == "int" or f.within is not None)]
    return {m: tuple(data[(enum, f)][m] for f in steps) for m in d.members}


def chosen(expr):
    """A field value that takes an item of a list written out (`[a, b, c][copy_number]` once
    `copy_number` is a number, counting from 1): that item's expression; any other value as it is
    (A.NotConstant for an item past the list's end)."""
    while type(expr) is A.Index and type(expr.obj) is A.ListLit:
        n = A.as_const(expr.index)
        if type(n) is not int or not 1 <= n <= len(expr.obj.items):
            raise A.NotConstant
        expr = expr.obj.items[n - 1]
    return expr


def copy_items(expr) -> tuple:
    """The values a field value may give a copy: each item of a list written out that the copy's number
    picks from (`[red, blue][copy_number]`), else the value alone."""
    return expr.obj.items if type(expr) is A.Index and type(expr.obj) is A.ListLit else (expr,)


def named_cards(expr, sym: Symbols) -> Optional[list]:
    """The names of the cards (tiles, pieces) a field value names: one for a name of one, a list
    for a list written out of names of them; None for a value that names no card. A list that
    names cards among other values is E303 at lint, so here any card named makes it a list of cards."""
    expr = chosen(expr)
    if type(expr) is A.Name:
        return [expr.id] if isinstance(sym.decls.get(expr.id), A.Entity) else None
    if type(expr) is A.ListLit:
        names = [i.id for i in map(chosen, expr.items) if type(i) is A.Name and isinstance(sym.decls.get(i.id), A.Entity)]
        return names or None
    return None


def is_field_value(expr) -> bool:
    """Whether `field_value` accepts the expression."""
    try:
        field_value(expr)
        return True
    except A.NotConstant:
        return False


@dataclass_when_used(eq=False, repr=False)   # never compared or printed; a lint makes none (dsl/lazy.py)
class Layout:
    """Everything about a pack that is data, not behaviour."""

    resources: dict
    groups: dict
    counters: dict
    zones: dict
    actors: list
    variants: dict
    entities: list      # (kind, name, title, fields dict, effect slots, span, per_player, entity whose effects it runs)
    entity_refs: list   # (entity, field, card or list of cards it names): `card_refs`
    computed: list      # (kind, entity or None for the kind's default, field, expression): `computed_values`
    tracks: list        # (name, title, [Space], [Reach])
    dice: list
    procs: list
    funcs: list
    game: A.Game | None
    visibility: dict = field(default_factory=dict)   # zone -> "hidden" | "secret" (public zones are not listed)
    actor_titles: dict = field(default_factory=dict)   # actor -> its title, where it has one (how text names it)
    starts: dict = field(default_factory=dict)   # counter (each element of an indexed one) -> its `start` value
    refills: dict = field(default_factory=dict)   # deck -> (the zone shuffled into it when a draw runs it out, shared)
    refill_counts: dict = field(default_factory=dict)   # counted deck -> its most refills (None: no limit): refill_counts()
    glimpses: dict = field(default_factory=dict)   # zone -> (`top public`, `size owner`): only zones that say either
    internal: list = field(default_factory=list)   # the variables declared `internal` (each element too): off screens
    hidden_vars: list = field(default_factory=list)   # the variables declared `hidden`: in their holder's view only
    indexed: dict = field(default_factory=dict)   # indexed counter, variable or zone -> [(index, flat name)]
    variables: dict = field(default_factory=dict)   # var -> (is_global, default, whether it holds a card or tile)
    variant_rules: list = field(default_factory=list)   # the variants with a `when` condition
    options: dict = field(default_factory=dict)   # numeric option -> (title, low, high, default) (`option`)
    listed: dict = field(default_factory=dict)   # an option of listed values (`9 | 13 | 19`) -> those values
    # counter, var or zone indexed by a record sized by an option, or by a range up to one (sized_places)
    sized: dict = field(default_factory=dict)
    supplies: list = field(default_factory=list)   # the resources with a `supply`
    seated: list = field(default_factory=list)   # the counters whose `start` is worked out from the seats (`seated`)
    overflows: dict = field(default_factory=dict)   # resource -> the proc a gain past its cap hands the excess (`over`)
    shortfalls: dict = field(default_factory=dict)   # resource -> the proc its `shortfall` runs as (lowered_shortfall)
    # kind -> (its field typed by a die, the die): its cards are dice kept as pieces (`roll x;`; branch dice)
    die_fields: dict = field(default_factory=dict)
    records: dict = field(default_factory=dict)   # record -> its fields' names, in order (a saved state's check)
    # record -> its fields that hold a card or a list of cards: a record kept from the start names them (`spot(at =
    # t1)`), and the program puts the cards in (only records with such a field)
    record_cards: dict = field(default_factory=dict)
    counted: list = field(default_factory=list)   # the zones a func ranges over (`total(c in dev_hand, c.points)`)
    member_titles: dict = field(default_factory=dict)   # enum member (or resource, a value of a group) -> its title
    record_titles: dict = field(default_factory=dict)   # record with a title -> its parts (record_title)
    shapes: dict = field(default_factory=dict)   # record with a shape -> the values it keeps, sorted (record_shape)
    labels: dict = field(default_factory=dict)   # stock, counter, zone, var or track -> how screens show it
    shown_fields: dict = field(default_factory=dict)   # kind -> its `shown` fields, seen on a hidden card
    card_shows: dict = field(default_factory=dict)   # kind -> its `shows` list, shown after each card on screens
    shown_funcs: list = field(default_factory=list)   # [name, title] of each func declared `shown "Title"`
    # (entity, slot) -> whether running the slot now would do something (`can copy e.SLOT`, slot_test), for
    # the slots some `can copy` tests only
    slot_tests: dict = field(default_factory=dict)
    # (kind, slot) -> the names of an effect slot's parameters (`demand: effect(by: player);`), for the slots with some
    slot_params: dict = field(default_factory=dict)
    stocks: dict = field(default_factory=dict)   # kind -> its stock fields (`eggs: stock;`) -> whether it has a cap
    held: dict = field(default_factory=dict)   # kind -> the zones its cards hold (`tucked: zone of card;`) -> visibility
    # the roles (a pack with none has none): {"roles": [(role, [the flat names of its counters, variables and
    # zones])], "seats": [each seat's role, in order], "bases": [(a func or proc roles override, the hidden name
    # of the pack's version their dispatcher falls back to)], that last only when some role overrides one}
    roles: dict = field(default_factory=dict)
    # the choose options taken `once per PATTERN`: (site, subject mode, event) each (option_periods)
    option_periods: list = field(default_factory=list)
    # the procs and loop labels a `once per NAME` names (period_ends): a slot's period there waits for `end of NAME`
    period_ends: frozenset = frozenset()
    # kind -> [(field, event, its parameter)] of the fields modifiers adjust (adjusted_fields, 7.7f), for the screens
    adjusted_fields: dict = field(default_factory=dict)
    # zone -> (its cap: a number or a per-player counter's name, the proc run with the cards over) (`cap N over PROC`)
    zone_caps: dict = field(default_factory=dict)
    piled: list = field(default_factory=list)   # the indexed zones `piles(ZONE)` reads
    # card -> the zones its slots are used from (resolve.slot_places), for `in_force(c)`; empty without such a call
    force_zones: dict = field(default_factory=dict)
    # a counter or variable indexed by a record of an enum field and a range field (a chess square) -> the place of
    # the range among its key's two: screens show the range as rows, highest first, and the enum as columns (ranked)
    ranked: dict = field(default_factory=dict)
    # the displays that keep themselves filled (`zone market of train show 5 from deck [redeal to PILE when C]`)
    shows: list = field(default_factory=list)
    # each display's elements: (flat name, count, source, redeal pile or None, display, the redeal's index values)
    shown: list = field(default_factory=list)
    # display -> the names its redeal condition reads its element's index by (an indexed display's enum)
    show_params: dict = field(default_factory=dict)
    # (card, slot) of each slot a card's kind gives it that can never run for it (idle_slots): no rule of the card
    idle: list = field(default_factory=list)
    # (trigger site, [(stock, sign)]) of each trigger whose firings need no "which first?" (order_free)
    order_free: list = field(default_factory=list)
    # the rules positions of the picks whose answer a `hidden` variable or counter keeps, then [position, label]
    # of the choose options that set one, and of the decisions written `secret` (hidden.kept_answers): told to
    # the other players masked
    kept: list = field(default_factory=list)
    untold: list = field(default_factory=list)   # hidden.untold_answers: decisions not told to the other players
    # the rules positions of the picks written `always asked` (asked_picks): asked with one candidate too
    asked: list = field(default_factory=list)



def counted_zones(sym) -> list[str]:
    """The zones an aggregate in a func ranges over, by name, in order (`total(c in dev_hand, c.points)`):
    a card held there counts in a rule (a score) without an effect of its own, so `simulate` counts it
    as used by its holder (runtime UsageRecorder)."""
    found = {}
    for decl in sym.decls.values():
        if isinstance(decl, A.Func):
            for n in A.walk(decl):
                if isinstance(n, (A.Aggregate, A.Sorted)) and isinstance(n.domain, A.Name) and \
                        isinstance(sym.decls.get(n.domain.id), A.Zone):
                    found[n.domain.id] = None
    return list(found)


# The most elements one indexed counter, variable or zone may have (E350): every one is a counter,
# variable or zone of its own in every state, every saved game and (a per-player one) for every player.
MAX_ELEMENTS = 10_000


class Axis(NamedTuple):
    """One field of a record that is a domain (`record sq { row: 1..5; col: 1..5; }`): what its values
    are, in order: `range` (values: the numbers), `bool` (false, true), `enum` (its members), `kind`
    (one card per declaration, as the kind's name reads), `player` (the seats) or `record` (arg: a
    record that is a domain itself)."""

    field: str
    how: str
    arg: Any = None


def record_axes(name: str, sym: Symbols, within: frozenset = frozenset()) -> tuple[list, Optional[A.FieldDecl]]:
    """The axes of record `name` as a domain, in its fields' order (the last varies fastest), and the
    first field that has no finite set of values (an int, a text, a list: then the record is no domain,
    E337), or None. `within`: the records this one is a field of (one holding another that holds it is
    no domain)."""
    axes, within = [], within | {name}
    for f in sym.decls[name].fields:
        cat = sym.category(f.type) if f.of is None else None
        if f.within is not None:
            axes.append(Axis(f.name, "range", tuple(range(f.within[0], f.within[1] + 1))))
        elif f.of is None and f.type in ("bool", "player"):
            axes.append(Axis(f.name, f.type))
        elif cat == "enum":
            members = tuple(sym.decls[f.type].members)
            option = sym.decls.get(f.bound) if f.bound is not None else None
            axes.append(Axis(f.name, "enum", members[:option.high] if isinstance(option, A.Setting) else members))
        elif cat == "kind":
            axes.append(Axis(f.name, "kind", f.type))
        elif cat == "record" and f.type not in within and record_axes(f.type, sym, within)[1] is None:
            axes.append(Axis(f.name, "record", f.type))
        else:
            return axes, f
    return axes, None


# the builtins a record's shape may call: worked out before play (A.as_const)
SHAPE_CALLS = ("abs", "min", "max")


def inlined(e: A.Expr, sym: Symbols, depth: int = 0) -> A.Expr:
    """A record's shape with each call of a pack's `func` replaced by its expression, the arguments standing for
    its parameters (`where on_island(q, r)`), so that one condition may serve several records; a func that calls
    itself stops after 16 levels, its call left in (E587)."""
    def change(n):
        f = sym.decls.get(n.func) if type(n) is A.Call and n.func not in SHAPE_CALLS else None
        if type(f) is not A.Func or len(f.params) != len(n.args) or depth >= 16:
            return None
        given = {p.name: a for p, a in zip(f.params, n.args)}
        return inlined(A.rewrite(f.value, lambda m: given.get(m.id) if type(m) is A.Name else None), sym, depth + 1)
    return A.rewrite(e, change)


# a pack's symbols -> {id(record): (record, what record_shape found)}: worked out once for the checker, the layout's
# boards and tables (each board keyed by the record asks again); the record is kept, so its id is never reused
_SHAPES: "weakref.WeakKeyDictionary[Symbols, dict]" = weakref.WeakKeyDictionary()


def record_shape(d: A.Record, sym: Symbols) -> tuple[Optional[frozenset], Optional[A.Node]]:
    """What `shape_of` finds of a record's shape, once per pack and record."""
    if d.shape is None:
        return None, None
    known = _SHAPES.setdefault(sym, {})
    found = known.get(id(d))
    if found is None or found[0] is not d:
        found = known[id(d)] = (d, shape_of(d, sym))
    return found[1]


def shape_of(d: A.Record, sym: Symbols) -> tuple[Optional[frozenset], Optional[A.Node]]:
    """The values a record's shape (`record hex {...} where abs(q + r) <= 2;`) keeps, for the checker, the layout
    and so both backends: a set of tuples of field values (in the fields' order), or None without a shape; and
    what the shape cannot be worked out by before play (E587): a name that is neither a field nor a member of a
    field's enum, a call other than SHAPE_CALLS, a field of no range, enum or bool, or a range bounded by an
    option (the node to place it at), else None. Every value of the fields' product is tried (E337 bounds it)."""
    if d.shape is None:
        return None, None
    axes, _loose = record_axes(d.name, sym)
    plain = {a.field for a in axes if a.how in ("range", "enum", "bool")}
    odd = next((f for f in d.fields if f.name not in plain or f.bound is not None), None)
    if odd is not None:
        return None, odd
    fields = [a.field for a in axes]
    members = {m for a in axes if a.how == "enum" for m in a.arg}
    shape = inlined(d.shape, sym)
    for n in A.walk(shape):
        if (type(n) is A.Name and n.id not in fields and n.id not in members) or \
                (type(n) is A.Call and n.func not in SHAPE_CALLS) or \
                type(n) in (A.Attr, A.Aggregate, A.Construct):
            return None, n
    kept = []
    for combo in itertools.product(*((False, True) if a.how == "bool" else a.arg for a in axes)):
        values = dict(zip(fields, combo))

        def known(n, values=values):   # a field as its value in this combination, a member as its name
            if type(n) is not A.Name:
                return None
            v = values.get(n.id, n.id)
            return A.Bool(v, span=n.span) if type(v) is bool else A.Int(v, span=n.span) if type(v) is int \
                else A.Str(v, span=n.span)
        try:
            keep = A.as_const(A.rewrite(shape, known))
        except (A.NotConstant, TypeError, ZeroDivisionError):
            return None, d.shape
        if type(keep) is not bool:   # (a number, a text: no condition)
            return None, d.shape
        if keep:
            kept.append(combo)
    return frozenset(kept), None


def record_title(d: A.Record) -> list:
    """A record's title as the runtime shows it (state.Record.label): its literal texts at the even places,
    the names of the fields shown between them at the odd ones (`"r{row}c{col}"`: r, row, c, col, "")."""
    parts = [""]
    for part in d.title_parts or (d.title,):
        if isinstance(part, str):
            parts[-1] += part
        else:
            parts += [part.id, ""]
    return parts


def checked_within(f: A.FieldDecl, value) -> bool:
    """Whether building a record checks the value of field `f` (E601 when outside its range): a range
    field's, unless the value is a constant number within it (both backends)."""
    if f.within is None:
        return f.bound is not None   # `col: column up to size;`: a member among this game's first ones
    try:
        v = A.as_const(value)
    except A.NotConstant:
        return True
    return not (type(v) is int and f.within[0] <= v <= (f.within[0] if f.bound is not None else f.within[1]))


def runtime_axes(name: str, sym: Symbols) -> tuple:
    """Record `name`'s axes as Game.record_values takes them: (field, how, arg) with a range's arg
    (low, high) and a record's (its name, its runtime axes); a range bounded by an option (`col: 1..size;`)
    is (field, "sized", (low, the option's name)), its high end the option's value in each game; a range that goes
    round (`place: 1..8 around;`, a ring) is (field, "range", (low, high, "around"))."""
    bounds = {f.name: f.bound for f in sym.decls[name].fields if f.bound is not None}
    rings = {f.name for f in sym.decls[name].fields if f.around}
    return tuple((a.field, "sized", (enum_members(sym, a.field, name) if a.how == "enum" else a.arg[0], bounds[a.field]))
                 if a.field in bounds else
                 (a.field, a.how, (a.arg[0], a.arg[-1]) + (("around",) if a.field in rings else ()) if a.how == "range" else
                  (a.arg, runtime_axes(a.arg, sym)) if a.how == "record" else a.arg)
                 for a in record_axes(name, sym)[0])


def enum_members(sym: Symbols, field: str, record: str) -> tuple:
    """The members of the enum of `field` of `record` (a field counted up to an option: `col: column up to size;`)."""
    return tuple(sym.decls[next(f.type for f in sym.decls[record].fields if f.name == field)].members)


def sized(name: str, sym: Symbols, seen: frozenset = frozenset()) -> bool:
    """Whether record `name` has a range bounded by an option (`col: 1..size;`), itself or in a record field:
    its values, and the cells next to one, are worked out for each game (Game.sized_axes); the others' as before."""
    decl = sym.decls.get(name)
    if not isinstance(decl, A.Record) or name in seen:
        return False
    return any(f.bound is not None or f.of is None and sized(f.type, sym, seen | {name}) for f in decl.fields)


def record_size(name: str, sym: Symbols) -> int:
    """How many values record `name` has as a domain (its axes' sizes multiplied; players counted as the
    most seats the game takes): at most MAX_ELEMENTS (E337)."""
    def size(axis: Axis) -> int:
        if axis.how in ("range", "enum"):
            return len(axis.arg)
        if axis.how == "kind":
            return sum(1 for d in sym.decls.values() if isinstance(d, A.Entity) and d.kind == axis.arg)
        if axis.how == "player":
            return sym.game.max_players if sym.game is not None else 1
        return 2 if axis.how == "bool" else record_size(axis.arg, sym)
    return math.prod(size(a) for a in record_axes(name, sym)[0])


def elements(decl, sym: Symbols) -> list[tuple]:
    """A counter's, variable's or zone's (index, flat name) pairs: `votes[floor]` is `votes[low]`, `votes[mid]`...,
    each a counter of its own at run time; `wall[1..5, 1..5]` is `wall[1,1]` ... `wall[5,5]`, indexed by
    the tuple (1, 1) ..., and `meeple[1..15, 1..15, side]` is `meeple[1,1,north]` ...; an unindexed
    declaration is one element named as itself."""
    ix = decl.indexes
    if ix is None:
        return [(None, decl.name)]
    if ix.edge:   # a board's sides: `wall[a,1|a,2]`, keyed by the pair of the cells' keys
        return [(pair, edge_name(decl.name, pair)) for pair in index_keys(ix, sym)]
    keys = axis_keys(ix, sym)
    if len(keys) > 1:   # a grid: one element per combination, the last index fastest (`wall[1,1]`,
        # `wall[1,2]`... `meeple[1,1,north]`, `meeple[1,1,east]`...), keyed by the tuple (1, 2)
        combos = itertools.product(*keys)
        shapes = [record_shape(r, sym)[0] if isinstance(r := sym.decls.get(d.enum), A.Record) else None
                  for d in ix.dims()]
        if any(shape is not None for shape in shapes):   # a record with a shape: only its values' cells
            combos = [key for key in combos if _in_shapes(key, shapes, ix, sym)]
        ragged = [(place, d) for place, d in enumerate(ix.dims()) if d.ragged is not None]
        if ragged:   # `[g: gear, 0..(g.positions - 1)]`: each gear's own positions (the resolver's rows)
            combos = [key for key in combos if all(key[place] <= d.high_of(key[:place]) for place, d in ragged)]
        return [(key, f"{decl.name}[{','.join(map(str, key))}]") for key in combos]
    return [(i, f"{decl.name}[{i}]") for i in keys[0]]


def blind_zones(zones: tuple, sym: Symbols) -> tuple:
    """The zones a pick's `or blind` offers the top card of, in order, for both backends: each written, a bare
    indexed zone (`or blind deck` of `zone deck[level]`) as each of its zones in the order of its indexes
    (`deck[one]`, `deck[two]`, ...), as the hot seat lists them."""
    found = []
    for zone in zones:
        d = sym.decls.get(zone.id) if type(zone) is A.Name else None
        if type(d) is not A.Zone or d.indexes is None:
            found.append(zone)
            continue
        for key, _ in elements(d, sym):   # (the checker lets only one plain index through: E524)
            index = A.Int(key, span=zone.span) if type(key) is int else A.Name(key, span=zone.span)
            found.append(A.Index(zone, index, span=zone.span))
    return tuple(found)


def _in_shapes(key: tuple, shapes: list, ix: A.Indexes, sym: Symbols) -> bool:
    """Whether a grid's element key (`key`, flat) keeps to the shape of each record among its indexes (`shapes`:
    per index, the values its record's shape keeps, or None)."""
    at = 0
    for d, shape in zip(ix.dims(), shapes):
        named = sym.decls.get(d.enum) if d.enum is not None else None
        width = len(cell_axes(named.name, sym)) if isinstance(named, A.Record) else 1
        if shape is not None and key[at:at + width] not in shape:
            return False
        at += width
    return True


def axis_keys(ix: A.Indexes, sym: Symbols) -> list:
    """The values of each axis of a declaration's elements, in order: one list per index, a record's index (a
    board's cell, `[square]`) one per field of the record (its elements are those of a grid of its fields)."""
    keys = []
    for d in ix.dims():
        named = sym.decls.get(d.enum) if d.enum is not None else None
        if isinstance(named, A.Record) and not d.edge:
            keys += [list(a.arg) for a in cell_axes(named.name, sym)]
        else:
            keys.append(index_keys(d, sym))
    return keys


def sized_places(ix: A.Indexes, sym: Symbols) -> tuple:
    """Of an indexed counter's, variable's or zone's elements' keys (axis_keys: a record's index one place per
    field), the places of the ranges bounded by an option (`var board[point]`, `record point { col: 1..size; ...
    }`; `var liberties[1..size]`), each with its option and, for an enum's field (`col: column up to size;`), the
    enum's members: ((place, option, members or None), ...), and the places of players (`[player]`, a record's
    field `owner: player`) with the option SEATS; none for the others. An element past its option's value (its
    game's seats) in a game is not in play there."""
    places, at = [], 0
    for d in ix.dims():
        named = sym.decls.get(d.enum) if d.enum is not None else None
        if d.edge:   # a board's sides: of a board no option sizes and of no players' field (E679)
            at += 1
        elif isinstance(named, A.Record):
            bounds = {f.name: f.bound for f in named.fields if f.bound is not None}
            for a in cell_axes(named.name, sym):
                if a.field in bounds:   # (an enum's: its members, each key's place among them)
                    places.append((at, bounds[a.field], enum_members(sym, a.field, named.name) if a.how == "enum" else None))
                elif a.how == "player":   # a player's field: this game's seats
                    places.append((at, SEATS, None))
                at += 1
        else:
            if d.bound is not None:   # `[1..size]`
                places.append((at, d.bound, None))
            elif by_seat(d, sym):   # `[player]`: this game's seats
                places.append((at, SEATS, None))
            at += 1
    return tuple(places)


def range_bounded(sym: Symbols) -> frozenset:
    """The counters, variables and zones with an index ranging up to an option (`var liberties[1..size]`), and the
    keys (member_field) of the kinds' fields so indexed (`liberty: bool[1..size];`): both backends look their
    elements up through `rt.at_bounded`, which refuses those this game's options leave out."""
    return frozenset([x.name for x in sym.decls.values() if isinstance(x, (A.Counter, A.Var, A.Zone))
                      and x.indexes is not None and any(d.bound is not None for d in x.indexes.dims())]
                     + [member_field(f.name) for k in sym.decls.values() if isinstance(k, A.Kind)
                        for f in k.fields if f.index_bound is not None])


def ranked(decls, sym: Symbols) -> dict:
    """The counters and variables indexed by one record of an enum field and a range field (`var board[square]`
    with `record square { f: file; rank: 1..8; }`) -> the place of the range field (0 or 1): a board as it is
    printed, the ranks as rows from the highest down and the files as columns, not the first field as rows."""
    found = {}
    for x in decls:
        if not isinstance(x, (A.Counter, A.Var)) or x.indexes is None or x.indexes.second is not None \
                or x.indexes.edge or not isinstance(sym.decls.get(x.indexes.enum), A.Record):
            continue
        hows = [a.how for a in cell_axes(x.indexes.enum, sym)]
        if sorted(hows) == ["enum", "range"]:
            found[x.name] = hows.index("range")
    return found


def cell_axes(name: str, sym: Symbols) -> list:
    """The axes of a record that is a board's cell (every field a range or an enum, or as an index a player: its
    values the seats, seat_keys), in its fields' order; the checker refuses any other record as an index or a
    cell (E486, E483)."""
    return [a._replace(arg=seat_keys(sym)) if a.how == "player" else a
            for a in record_axes(name, sym)[0] if a.how in ("range", "enum", "player")]


# The most seats an index of players keys where the rules declare no game (a lone file): a game's own say otherwise.
SEATS_WITHOUT_GAME = 8


def by_seat(d: A.Indexes, sym: Symbols) -> bool:
    """Whether one index is the players (`counter support[player]`): one element per seat of the game (a pack that
    declares an enum named `player` indexes by its members, as before)."""
    return d.enum == "player" and "player" not in sym.decls


def index_reading(sym: Symbols, ix: A.Indexes, place: int):
    """What play makes of the key `index ... of ITEM in GRID` reads (Game.index_in): a record's name and fields
    for a zone indexed by a record alone, "card" for an index of a kind (the declared card), "player" for an
    index of players (the seat's player), None for a number or an enum's member, kept as it is."""
    cell = index_cell(sym, ix)
    if cell is not None:
        return cell
    d = ix.dims()[place]
    return "player" if by_seat(d, sym) else "card" if d.enum is not None and sym.category(d.enum) == "kind" else None


def seat_keys(sym: Symbols) -> tuple:
    """The keys of an index of players: the seats 1 to the most the pack's game takes (each game keeps its own
    seats' elements, Game.out_of_play)."""
    return tuple(range(1, (sym.game.max_players if sym.game is not None else SEATS_WITHOUT_GAME) + 1))


def at_seats(e: A.Expr, players: int, sym: Optional[Symbols] = None) -> Optional[object]:
    """The value of an expression known before play (`before_play`) with `players` seats and no variant
    chosen, or None where it reads a variant or an option or a `match` names no case for it: `player_count`
    is the number, a `match` of a known subject its case, `min`/`max`/`abs` of numbers their value, with
    `sym` a printed table's read at known indexes its value (an enum member a `match` or table gives: its name)."""
    def change(n):
        if type(n) is A.Name and n.id == "player_count":
            return A.Int(players, span=n.span)
        if type(n) is A.Index and sym is not None and type(n.obj) is A.Name and sym.category(n.obj.id) == "table":
            return table_at(n, sym, [at_seats(part, players, sym) for part in
                                     (n.index.parts if type(n.index) is A.Pair else (n.index,))])
        if type(n) is A.Match:
            subject = _known(n.subject)
            if type(subject) is not int:
                return None
            for case in n.cases:
                for v in case.values:
                    if type(v) is A.Range:
                        low, high = _known(v.low), _known(v.high) if v.high is not None else None
                        if type(low) is int and low <= subject and (v.high is None or type(high) is int and subject <= high):
                            return case.result
                    elif _known(v) == subject:
                        return case.result
            return n.otherwise
        if type(n) is A.Call and n.func in ("min", "max", "abs"):
            args = [_known(a) for a in n.args]
            if all(type(a) is int for a in args) and (len(args) == 1 if n.func == "abs" else len(args) >= 2):
                return A.Int({"min": min, "max": max, "abs": abs}[n.func](*args), span=n.span)
        return None
    worked = A.rewrite(e, change)
    return worked.id if type(worked) is A.Name and worked.id != "player_count" else _known(worked)   # (a member)


def table_at(read: A.Index, sym: Symbols, keys: list) -> Optional[A.Expr]:
    """A printed table's value at `keys` worked out before play, as an expression (past an open top: its last
    value), or None where a key is unknown or outside the table."""
    from rulebook.runtime.engine import TableCells   # (the one reading of an open top)

    if any(k is None for k in keys):
        return None
    shape = sym.table(read.obj.id)
    cells = TableCells(read.obj.id, shape.cells, shape.tops)
    key = cells.key_of(keys[0] if len(keys) == 1 else tuple(keys))
    if key not in cells:
        return None
    value = cells[key]
    return A.Name(value, span=read.span) if type(value) is str and value in sym.members else \
        A.Int(value, span=read.span) if type(value) is int else A.Str(value, span=read.span) if type(value) is str \
        else A.Bool(value, span=read.span)


def _known(e) -> Optional[object]:
    """The value of an expression known without playing (`A.as_const`), or None."""
    try:
        return A.as_const(e)
    except A.NotConstant:
        return None


def seated(c) -> bool:
    """Whether a counter's `start` (a variable's default) is worked out from the seats as the game is made
    (`start match player_count { ... }`), not a value known now (the checker let through only what
    `before_play` allows)."""
    if isinstance(c, A.Var):
        return c.default is not None and not is_field_value(c.default)
    if not isinstance(c, A.Counter) or c.start is None:
        return False
    try:
        A.as_const(c.start)
    except A.NotConstant:
        return True
    return False


def seated_expr(c) -> A.Expr:
    """What a counter's (a variable's) start from the seats is worked out from."""
    return c.default if isinstance(c, A.Var) else c.start


def element_bounds(c: A.Counter, index) -> tuple:
    """(LOW, HIGH, START) of one element of a counter (of the counter itself for `index` None), as numbers or
    None: an element's own bounds where its braces give them (`{ mc from -5; }`), the counter's otherwise; its
    START None where it starts at its LOW (0 without one). An element without its own `start` starts where the
    counter does (its `start`, or its LOW), kept within the element's bounds."""
    if c.signed:   # `signed`: no bounds, the floor no value reaches; starting at its start, else 0 (kept in `starts`)
        start = field_value(c.start) if c.start is not None and not seated(c) else None
        return SIGNED_FLOOR, None, (0 if start is None and not seated(c) else start)
    if not c.elements:   # (a start from the seats: the game's, `seated`)
        return (field_value(c.low) if c.low else None, field_value(c.high) if c.high else None,
                field_value(c.start) if c.start is not None and not seated(c) else None)
    low, high, start = (field_value(x) if x is not None else None for x in c.bounds_of(index))
    own = next((b for b in c.elements if b.key == index), None)
    if own is not None and own.start is None:   # the counter's start, kept within the element's bounds
        start = field_value(c.start) if c.start is not None else field_value(c.low) if c.low is not None else 0
        start = max(start, low if low is not None else (start if c.is_global else 0))
        start = min(start, high) if high is not None else start
    return low, high, (None if start is None or start == (low or 0) else start)


def index_keys(ix: A.Indexes, sym: Symbols) -> list:
    """The values of one index, in order: an enum's members, a kind's declarations, or LOW..HIGH; a
    record's values (`var board[square]`, a board's cells) as the tuples of their fields' values, the last
    field fastest (a record of one field: its values); a board's sides (`[edge of square]`) as edge_keys."""
    if by_seat(ix, sym):   # one element per seat
        return list(seat_keys(sym))
    named = sym.decls.get(ix.enum) if ix.enum is not None else None
    if ix.edge:
        return edge_keys(named, sym) if isinstance(named, A.Record) else []
    if isinstance(named, A.Record):
        axes = cell_axes(named.name, sym)
        keys = list(itertools.product(*(a.arg for a in axes)))
        return [k[0] for k in keys] if len(axes) == 1 else keys
    if isinstance(named, A.Group):   # one element per resource of the group: `prod[mc]`
        return list(named.members)
    if isinstance(named, A.Kind):   # one element per declared card, tile or piece: its copies `* N` share it
        members = tuple(e.name for e in sym.decls.values() if isinstance(e, A.Entity) and e.kind == named.name)
    else:
        members = named.members if isinstance(named, A.Enum) else ()
    return ix.keys(members)


def edge_keys(record: A.Record, sym: Symbols) -> list:
    """The sides of a board's cells (`var wall[edge of square]`), each the pair of the keys (cell_key) of two cells
    beside each other (one step along one field, as `edge(a, b)` joins them) in the board's order, the pairs
    ordered by their first cell and then by the field stepped along: `((a, 1), (a, 2))`, `((a, 1), (b, 1))`, ...
    Only cells of the record's shape (`where ...`) have sides."""
    axes = cell_axes(record.name, sym)
    cells = list(itertools.product(*(a.arg for a in axes)))
    shape = record_shape(record, sym)[0]
    if shape is not None:
        cells = [c for c in cells if c in shape]
    places = {cell: tuple(a.arg.index(v) for a, v in zip(axes, cell)) for cell in cells}
    at_place = {place: cell for cell, place in places.items()}
    flat = (lambda cell: cell) if len(axes) > 1 else (lambda cell: cell[0])   # a record of one field: its values
    rings = [f.around for f in record.fields]
    pairs = []
    for cell in cells:
        for field in range(len(axes)):   # the next cell along each field, which follows this one in the board's order
            beside = at_place.get(tuple(p + (i == field) for i, p in enumerate(places[cell])))
            if beside is not None:
                pairs.append((flat(cell), flat(beside)))
            if rings[field] and places[cell][field] == 0:   # round a ring (`around`), its first place and its last
                last = at_place.get(tuple(len(axes[i].arg) - 1 if i == field else p for i, p in enumerate(places[cell])))
                if last is not None:
                    pairs.append((flat(cell), flat(last)))
    return pairs


def edge_name(base: str, pair: tuple) -> str:
    """An element of a declaration indexed by a board's sides, named by its two cells' keys: `wall[a,1|a,2]`."""
    return f"{base}[{'|'.join(','.join(map(str, c)) if type(c) is tuple else str(c) for c in pair)}]"


def edge_label(pair: tuple, record: A.Record, member_titles: dict) -> str:
    """A side as a screen shows it after the title: its two cells by the record's title, `c3|c4` (else by their
    fields' values, `(c, 3)|(c, 4)`), with a member shown by its title."""
    parts = record_title(record) if record.title_parts or record.title else None
    fields = [f.name for f in record.fields]

    def cell(key) -> str:
        values = dict(zip(fields, key if type(key) is tuple else (key,)))
        shown = {f: member_titles.get(v, v) if type(v) is str else v for f, v in values.items()}
        if parts is None:
            return f"({', '.join(map(str, shown.values()))})" if len(shown) > 1 else str(*shown.values())
        return "".join(str(shown.get(p, p)) if i % 2 else p for i, p in enumerate(parts))
    return "|".join(cell(key) for key in pair)


def labels(sym: Symbols, member_titles: dict) -> dict:
    """How the state's screens (`play --show-state`, the human player's) show each resource, counter,
    zone, variable and track the rules give a title: by that title (`First player`); an element of
    an indexed counter, variable or zone by its title and its index (`Factory display 1`, a member
    by its title: `Votes Low`); where two would read alike, each with its name too (`Gold (gold_vp)`). Only the
    names shown otherwise than as declared are listed (views and logs keep the names as keys)."""
    shown: dict = {}
    for d in sym.decls.values():
        if isinstance(d, (A.Counter, A.Zone, A.Var)):
            sides = sym.decls[d.indexes.enum] if d.indexes is not None and d.indexes.edge else None
            for index, key in elements(d, sym):
                shown[key] = None if d.title is None else d.title if index is None else \
                    f"{d.title} {edge_label(index, sides, member_titles)}" if sides is not None else \
                    f"{d.title} {index_label(index, sym, member_titles)}"
            axes = axis_keys(d.indexes, sym) if d.indexes is not None else ()
            if sides is not None:   # (a screen heads the sides' list with it: Program.side_title)
                shown[d.name] = d.title
            if len(axes) > 1 and not isinstance(d, A.Zone):
                shown[d.name] = d.title   # a grid, which screens show as one board under its title
                rests = itertools.product(*axes[2:])
                for rest in rests if len(axes) > 2 else ():   # a board for each
                    shown[board_name(d.name, rest)] = None if d.title is None else \
                        f"{d.title} {index_label(rest if len(rest) > 1 else rest[0], sym, member_titles)}"
        elif isinstance(d, (A.Resource, A.Track)):
            shown[d.name] = d.title
    said = [(label or name).casefold() for name, label in shown.items()]
    return {name: label if said.count(label.casefold()) == 1 else f"{label} ({name})"
            for name, label in shown.items() if label is not None and label != name}


def index_label(index, sym: Symbols, member_titles: dict) -> str:
    """An index as a screen shows it after the title: a member by its title, a card by its own title
    (a copy with its number, `Copper #2`), a number as it is, a grid's pair each part so, in
    parentheses (`(2, Blue)`: a screen's list of changes is separated by commas)."""
    if isinstance(index, tuple):
        return f"({', '.join(index_label(part, sym, member_titles) for part in index)})"
    if index in member_titles:
        return member_titles[index]
    name, _, number = index.partition("#") if isinstance(index, str) else (index, "", "")
    card = sym.decls.get(name) if isinstance(name, str) else None
    if isinstance(card, A.Entity) and card.title and not card.title_parts:
        return card.title + (f" #{number}" if number else "")
    return str(index)


def numbered(expr, number: int, kind: A.Kind):
    """A field value or title value for one copy: `copy_number` is the copy's number (1 to N),
    unless the kind has a field of that name (which then wins, as everywhere)."""
    if any(f.name == "copy_number" for f in kind.fields):
        return expr
    return A.rewrite(expr, lambda n: A.Int(number, span=n.span) if type(n) is A.Name and n.id == "copy_number"
                     else None)


def computed_fields(kind: A.Kind) -> set:
    """The names of a kind's computed fields (`func reached: bool;`): expressions, not constants."""
    return {f.name for f in kind.fields if f.computed}


def plain_values(e: A.Entity, kind: A.Kind) -> tuple:
    """An entity's field values that are constants: all but its computed fields' expressions."""
    computed = computed_fields(kind)
    return tuple(v for v in e.values if v.name not in computed) if computed else e.values


def stock_cap_key(field_name: str) -> str:
    """The computed field under which a stock's cap is kept (a space: no rule can name it)."""
    return f"{field_name} cap"


def computed_values(sym: Symbols) -> list:
    """(kind, entity, field, expression) for each computed field's expression: each entity's own, and
    each default of a kind with entity None (the entities that give none use it)."""
    kinds = {k.name: k for k in sym.decls.values() if isinstance(k, A.Kind)}
    values = [(k.name, None, f.name, f.default) for k in kinds.values() for f in k.fields
              if f.computed and f.default is not None]
    # a stock's cap (`eggs: stock cap this.egg_limit;`) is worked out as a computed field of the kind is, under
    # a name no rule can write (`eggs cap`): `Game.stock_cap`
    values += [(k.name, None, stock_cap_key(f.name), f.cap) for k in kinds.values() for f in k.fields
               if f.stock and f.cap is not None]
    # a kind's `in force while COND;` (and a card's own, in its place), under a name no rule can write: Game.in_force
    values += [(k.name, None, IN_FORCE, k.in_force[0]) for k in kinds.values() if k.in_force]
    for e in sym.decls.values():
        if isinstance(e, A.Entity) and e.kind in kinds:
            computed = computed_fields(kinds[e.kind])
            values += [(e.kind, e.name, v.name, v.value) for v in e.values if v.name in computed]
            if e.in_force:
                values.append((e.kind, e.name, IN_FORCE, e.in_force[0]))
    return values


def copy_fields(e: A.Entity, kind: A.Kind, number: int, sym: Optional[Symbols] = None) -> dict:
    """One copy's field values: the kind's defaults, then the entity's (either may use `copy_number`);
    with `sym`, a record's fields left out take their defaults (field_value)."""
    fields = {f.name: field_value(numbered(f.default, number, kind), sym) for f in kind.fields
              if f.default is not None and f.type != "effect" and not f.computed}
    fields.update({f.name: () for f in kind.fields if f.type == "cost" and f.default is None})   # costs nothing
    fields.update({v.name: field_value(numbered(v.value, number, kind), sym) for v in plain_values(e, kind)})
    if sym is not None:   # a field indexed by a record (`layout: int[spot];`): each cell's value, as an enum's grid
        written = {v.name: v.value for v in plain_values(e, kind)}
        for f in kind.fields:
            if f.index is not None and isinstance(sym.decls.get(f.index), A.Record) and not f.computed:
                fields[f.name] = grid_value(f, written.get(f.name, f.default), sym)
    return fields


def fields_number_copies(e: A.Entity, kind: A.Kind) -> bool:
    """Whether a field value of the entity (or a default of its kind) uses `copy_number`."""
    values = [v.value for v in plain_values(e, kind)] + [f.default for f in kind.fields
                                                         if f.default is not None and not f.computed]
    return any(type(n) is A.Name and n.id == "copy_number" for v in values for n in A.walk(v))


def copy_title(e: A.Entity, kind: A.Kind, number: int, fields: dict, sym: Optional[Symbols] = None,
               depth: int = 0) -> Optional[str]:
    """One copy's title: a title with `{...}` values shows each value worked out from the copy's
    fields and `copy_number` (A.NotConstant when one cannot be known before play); with `sym`, a
    value may read what a field typed with a kind or an enum names (`{place.title}`, `{place.colour}`),
    or what an entity or member named outright does (`{paris.title}`, as `for each` writes it)."""
    if not e.title_parts:
        return e.title
    shown = []
    for part in e.title_parts:
        if isinstance(part, str):
            shown.append(part)
            continue
        member = _member_shown(part, kind, fields, sym)
        if member is not None:   # `{colour}` of a field typed with an enum: its member as messages show it
            shown.append(member)
            continue
        part = numbered(part, number, kind)
        if sym is not None:
            part = A.rewrite(part, lambda n: _constant_node(read_named(title_subject(n.obj.id, kind, fields, sym),
                                                                       n.name, sym, depth), n.span)
                             if type(n) is A.Attr and type(n.obj) is A.Name else None)
        value = A.as_const(A.rewrite(part, lambda n: _constant_node(fields[n.id], n.span)
                                     if type(n) is A.Name and n.id in fields else None))
        shown.append(as_written(value))
    return "".join(shown)


def _member_shown(part, kind: A.Kind, fields: dict, sym: Optional[Symbols]) -> Optional[str]:
    """A title's `{NAME}` of a plain field typed with an enum: the copy's member by its title (else its name),
    as a message's `{...}` shows a member and as `{NAME.title}` reads it; None for any other value."""
    if sym is None or type(part) is not A.Name or not isinstance(fields.get(part.id), str):
        return None
    declared = next((f for f in kind.fields if f.name == part.id), None)
    enum = sym.decls.get(declared.type) if declared is not None and declared.index is None else None
    return (enum.title_of(fields[part.id]) or fields[part.id]) if isinstance(enum, A.Enum) else None


def title_subject(name: str, kind: A.Kind, fields: dict, sym: Symbols) -> str:
    """The entity or enum member a title's `{NAME.x}` reads: the one a field typed with a kind or an
    enum holds, or the one named outright (A.NotConstant for anything else)."""
    declared = next((f for f in kind.fields if f.name == name), None)
    if declared is not None:
        if not isinstance(sym.decls.get(declared.type), (A.Kind, A.Enum)) or declared.index is not None \
                or declared.computed or not isinstance(fields.get(name), str):
            raise A.NotConstant
        return fields[name]
    if isinstance(sym.decls.get(name), A.Entity) or any(name in d.members for d in sym.decls.values()
                                                         if isinstance(d, A.Enum)):
        return name
    raise A.NotConstant


def read_named(name: str, attr: str, sym: Symbols, depth: int = 0):
    """What `NAME.attr` reads before play: an entity's name, title (its name when it has none) or a
    constant field (its first copy's), an enum member's name or title."""
    target = sym.decls.get(name)
    if attr == "name":
        return name
    if isinstance(target, A.Entity) and isinstance(sym.decls.get(target.kind), A.Kind):
        kind = sym.decls[target.kind]
        fields = copy_fields(target, kind, 1)
        if attr == "title":
            if depth > 8:   # titles that show each other's
                raise A.NotConstant
            return copy_title(target, kind, 1, fields, sym, depth + 1) or name
        if attr in fields:
            return fields[attr]
        raise A.NotConstant
    enum = next((d for d in sym.decls.values() if isinstance(d, A.Enum) and name in d.members), None)
    if enum is not None and attr == "title":
        return enum.title_of(name) or name
    raise A.NotConstant


def _constant_node(value, span) -> A.Expr:
    """A field's value as the constant expression it stands for (a name: a member or an entity)."""
    if value is None:
        return A.Nothing(span=span)
    if type(value) is bool:
        return A.Bool(value, span=span)
    if type(value) is int:
        return A.Int(value, span=span)
    if type(value) is list:
        return A.ListLit(tuple(_constant_node(v, span) for v in value), span=span)
    return A.Str(value, span=span)


def member_field(name: str) -> str:
    """The key of a field declared `int[ENUM]` in the tables of indexed names (`Layout.indexed`): not
    a name a declaration can have, since fields and declarations have names of their own."""
    return f"field {name}"


def member_elements(sym: Symbols) -> dict:
    """Each field some kind declares `int[ENUM]` (or `bool[ENUM]`, `bool[1..75]`) -> its (member, flat name) pairs:
    a card holds `cost[white]`, `cost[red]`... as fields of their own, as an indexed counter holds
    its elements (the members of every kind's declaration of the field, in order)."""
    table: dict = {}
    for k in sym.decls.values():
        if isinstance(k, A.Kind):
            for f in k.fields:
                keys = f.index_keys(sym.decls) if not f.computed else ()
                if keys:
                    pairs = table.setdefault(member_field(f.name), [])
                    pairs += [(m, f"{f.name}[{m}]") for m in keys if (m, f"{f.name}[{m}]") not in pairs]
    return table


def spread_members(kind: A.Kind, fields: dict, sym: Symbols) -> dict:
    """One copy's fields with each field declared `int[ENUM]` spread into one field per member
    (`cost[white]`): the value the card gives the member, else the field's default (else 0, or
    false for `bool[ENUM]`)."""
    for f in kind.fields:
        keys = f.index_keys(sym.decls) if not f.computed else ()
        if keys:
            given = fields.pop(f.name, None)
            default = field_value(f.default) if f.default is not None else (False if f.type == "bool" else 0)
            for m in keys:
                fields[f"{f.name}[{m}]"] = given.get(m, default) if isinstance(given, dict) else default
    return fields


def card_refs(e: A.Entity, kind: A.Kind, number: int, name: str, sym: Symbols) -> list:
    """(copy, field, card or list of cards) for each field of one copy that names cards: a field
    typed with a kind holds the card, a list written out of card names the list of those cards."""
    given = {v.name: v.value for v in e.values}
    refs = []
    for f in kind.fields:
        value = given.get(f.name, f.default)
        if value is None or f.type == "effect" or f.index is not None or f.computed:
            continue
        value = numbered(value, number, kind)
        names = named_cards(value, sym)
        if names is None:
            continue
        if type(chosen(value)) is A.ListLit:
            refs.append((name, f.name, names))
        elif isinstance(sym.decls.get(f.type), A.Kind):   # a name in a field of another type stays a name
            refs.append((name, f.name, names[0]))
    return refs


def copy_names(e: A.Entity) -> list[str]:
    """The names of an entity declared `* N`: its own, then `name#2` ... `name#N`."""
    return [e.name if i == 1 else f"{e.name}#{i}" for i in range(1, max(e.copies, 1) + 1)]


def per_player_entity(name: str, sym: Symbols) -> bool:
    """Whether a declared entity is of a `per_player` kind: its bare name means the acting player's copy."""
    kind = sym.decls.get(sym.decls[name].kind)
    return isinstance(kind, A.Kind) and kind.per_player


def indexed_ref(e: A.Index, sym: Symbols, local_names) -> Optional[tuple[str, Optional[A.Expr]]]:
    """`votes[i]` or `p.votes[i]` naming an element of an indexed counter or zone: (the declared name,
    the player expression or None for the acting player or a shared one); None for list indexing."""
    obj = e.obj
    if type(obj) is A.Name and obj.id not in local_names and getattr(sym.decls.get(obj.id), "indexes", None):
        return obj.id, None
    if type(obj) is A.Attr and getattr(sym.decls.get(obj.name), "indexes", None):
        return obj.name, obj.obj
    return None


def item_at(e: A.Expr, sym: Symbols, local_names) -> bool:
    """Whether `reveal`/`look` names an item by its place, `key[i]`: the i-th item of a zone (or list), not
    an element of an indexed counter or zone, a printed cost's units or a per-member field."""
    return (type(e) is A.Index and indexed_ref(e, sym, local_names) is None and id(e) not in sym.cost_reads
            and not (type(e.obj) is A.Attr and id(e.obj) in sym.member_fields))


def layout(sym: Symbols) -> Layout:
    """Collect the data tables of a pack in declaration order."""
    d = sym.decls.values()
    groups_of = {}
    for g in d:
        if isinstance(g, A.Group) and g.cap is not None:   # a group without a cap caps nothing
            for m in g.members:
                groups_of[m] = g.name
    kinds = {k.name: k for k in d if isinstance(k, A.Kind)}
    member_titles = {r.name: r.title for r in d if isinstance(r, A.Resource) and r.title is not None}   # a resource as a value
    member_titles.update({m: t for e in d if isinstance(e, A.Enum) for m, t in zip(e.members, e.titles) if t is not None})
    entities = []
    refs = []
    for e in d:
        if isinstance(e, A.Entity) and e.kind in kinds:
            kind = kinds[e.kind]
            fields = spread_members(kind, copy_fields(e, kind, 1, sym), sym)
            numbered_fields = fields_number_copies(e, kind)
            # a card's override of a func or proc runs as the declarations the resolver made of it
            slots = tuple(f for f in e.effects if not isinstance(f, (A.HeldOverride, A.HeldOption)))
            for i, name in enumerate(copy_names(e), start=1):
                # copies share the first one's effect functions and, unnumbered, its fields
                own = spread_members(kind, copy_fields(e, kind, i, sym), sym) if numbered_fields and i > 1 else fields
                refs += card_refs(e, kind, i, name, sym)
                entities.append((e.kind, name, copy_title(e, kind, i, own, sym), own, slots, str(e.span),
                                 kind.per_player, e.name, i))
    lay = Layout(
        resources={r.name: (field_value(r.cap) if r.cap else None, groups_of.get(r.name))
                   for r in d if isinstance(r, A.Resource)},
        groups={g.name: (field_value(g.cap) if g.cap is not None else None, list(g.members)) for g in d if isinstance(g, A.Group)},
        counters={key: (c.is_global, *element_bounds(c, i)[:2])
                  for c in d if isinstance(c, A.Counter) for i, key in elements(c, sym)},
        starts={key: start for c in d if isinstance(c, A.Counter) and (c.start is not None or c.elements or c.signed)
                for i, key in elements(c, sym) for start in [element_bounds(c, i)[2]] if start is not None},
        zones={key: (z.per_player, z.kinds) for z in d if isinstance(z, A.Zone) for _i, key in elements(z, sym)},
        visibility={**{key: z.visibility for z in d if isinstance(z, A.Zone) and z.visibility != "public"
                       for _i, key in elements(z, sym)},   # a zone cards hold by its field's name (E417: no zone's)
                    **{f.name: f.held for k in d if isinstance(k, A.Kind) for f in k.fields
                       if f.held is not None and f.held != "public"}},
        counted=counted_zones(sym),
        refills={z.name: (z.refills, not sym.decls[z.refills].per_player) for z in d
                 if isinstance(z, A.Zone) and z.refills is not None},
        refill_counts=refill_counts(sym),
        glimpses={key: (z.top_public, z.size_owner) for z in d if isinstance(z, A.Zone) and (z.top_public or z.size_owner)
                  for _i, key in elements(z, sym)},
        internal=[key for v in d if A.kept_internal(v)
                  for key in [v.name] + [k for _i, k in elements(v, sym) if k != v.name]],
        hidden_vars=[key for v in d if A.kept_hidden(v)   # (each element of an indexed one)
                     for key in [v.name] + [k for _i, k in elements(v, sym) if k != v.name]],
        indexed={**{x.name: elements(x, sym) for x in d if isinstance(x, (A.Counter, A.Var, A.Zone))
                    and x.indexes is not None},
                 **member_elements(sym)},
        ranked=ranked(d, sym),
        variables={key: (v.is_global, field_value(v.default, sym) if v.default is not None and not seated(v) else
                         (False if v.type == "bool" else [] if v.type.startswith("list of ") else None),
                         isinstance(sym.decls.get(v.type.rpartition("list of ")[2]), A.Kind))   # (a list of cards too)
                   for v in d if isinstance(v, A.Var) for _i, key in elements(v, sym)},
        actors=[a.name for a in d if isinstance(a, A.Actor)],
        actor_titles={a.name: a.title for a in d if isinstance(a, A.Actor) and a.title is not None},
        variants={v.name: v.title for v in d if isinstance(v, A.Variant)},
        member_titles=member_titles,
        labels=labels(sym, member_titles),
        shown_fields={k.name: [f.name for f in k.fields if f.shown] for k in d
                      if isinstance(k, A.Kind) and any(f.shown for f in k.fields)},
        card_shows={k.name: list(k.shows.names) for k in d if isinstance(k, A.Kind) and k.shows is not None},
        shown_funcs=[[f.name, f.shown] for f in d if type(f) is A.Func and f.shown is not None],
        stocks={k.name: {f.name: f.cap is not None for f in k.fields if f.stock} for k in d
                if isinstance(k, A.Kind) and any(f.stock for f in k.fields)},
        held={k.name: {f.name: f.held for f in k.fields if f.held is not None} for k in d
              if isinstance(k, A.Kind) and any(f.held is not None for f in k.fields)},
        variant_rules=[v for v in d if isinstance(v, A.Variant) and v.when is not None],
        options={o.name: (o.title, o.low, o.high, o.default) for o in d if isinstance(o, A.Setting)},
        listed={o.name: o.values for o in d if isinstance(o, A.Setting) and o.values},
        sized={**{x.name: places for x in d if isinstance(x, (A.Counter, A.Var, A.Zone)) and x.indexes is not None
                  for places in [sized_places(x.indexes, sym)] if places},
               **{member_field(f.name): ((0, f.index_bound, None),) for k in d if isinstance(k, A.Kind)
                  for f in k.fields if f.index_bound is not None}},
        # (and the global counters with a bank, `counter cubes[city, disease] global ... supply 24 per disease`)
        supplies=[r for r in d if isinstance(r, (A.Resource, A.Counter)) and r.supply is not None],
        seated=[c for c in d if seated(c)],
        overflows={r.name: r.over.id for r in d if isinstance(r, A.Resource) and r.over is not None and r.cap is not None},
        shortfalls={res: f.name for res, f in sym.shortfalls.items() if shortfall_holder(sym, res) is not None},
        die_fields={k.name: (f.name, f.die) for k in d if isinstance(k, A.Kind) for f in k.fields if f.die is not None},
        records={r.name: [f.name for f in r.fields] for r in d if isinstance(r, A.Record)},
        record_cards={r.name: cards for r in d if isinstance(r, A.Record)
                      for cards in [[f.name for f in r.fields
                                     if isinstance(sym.decls.get((f.of or f.type).rpartition("list of ")[2]), A.Kind)]]
                      if cards},
        record_titles={r.name: record_title(r) for r in d if isinstance(r, A.Record) and r.title is not None},
        shapes={r.name: sorted(record_shape(r, sym)[0] or ()) for r in d if isinstance(r, A.Record)
                and r.shape is not None},
        entities=entities,
        entity_refs=refs,
        computed=computed_values(sym),
        tracks=[t for t in d if isinstance(t, A.Track)],
        dice=[shown_by_name(x, sym) for x in d if isinstance(x, A.Die)],
        procs=[p for p in d if isinstance(p, A.Proc)],
        funcs=[f for f in d if isinstance(f, A.Func)],
        game=sym.game,
        slot_tests={(e.name, f.name): test for e in d if isinstance(e, A.Entity) for f in e.effects
                    if f.name in sym.can_slots and (test := slot_test(f.body, sym)) is not None},
        slot_params={(k.name, f.name): tuple(p.name for p in f.params) for k in d if isinstance(k, A.Kind)
                     for f in k.fields if f.params},
        roles=role_table(sym),
        option_periods=option_periods(sym),
        period_ends=frozenset(period_ends(sym)),
        adjusted_fields=adjusted_fields(sym),
        zone_caps=zone_caps(sym),
        piled=piled_zones(sym),
        force_zones=force_zones(sym),
        shows=shown_zones(sym),
        shown=shown_elements(sym),
        show_params={z.name: tuple(n for _i, n in redeal_params(z, sym)) for z in shown_zones(sym)},
    )
    lay.idle = idle_slots(lay, sym)
    lay.order_free = order_free(sym)
    from .hidden import kept_answers, untold_answers   # (hidden.py reads this module's helpers)
    lay.kept = kept_answers(sym)
    lay.untold = untold_answers(sym)
    lay.asked = asked_picks(sym)
    return lay


def asked_picks(sym: Symbols) -> list:
    """The rules positions of the picks written `always asked` (a simultaneous pick's is its statement's, where
    both backends ask it): asked even with one candidate, which a decision never is otherwise (Game._advance)."""
    roots = list(sym.decls.values()) + [amend for amend, _ in sym.amended] \
        + [space for _, space, _ in sym.amended_spaces]
    nodes = [n for root in roots for n in A.walk(root)]
    return sorted({where(n) for n in nodes if type(n) in (A.Pick, A.FirstMay) and n.asked}
                  | {where(n) for n in nodes if type(n) is A.Simultaneous and n.pick.asked})


def piled_zones(sym: Symbols) -> list:
    """The flat names of the elements of the indexed zones a `piles(ZONE)` reads (`supply[copper]`, ...): a game
    notes which of them ever held an item (none for a pack without `piles`: its games run as before)."""
    named = {n.args[0].id for decl in sym.decls.values() for n in A.walk(decl)
             if type(n) is A.Call and n.func == "piles" and "piles" not in sym.decls and len(n.args) == 1
             and isinstance(n.args[0], A.Name)}
    return sorted(named)


def refill_counts(sym: Symbols) -> dict:
    """The decks whose refills the game counts, each with its most refills (`refills from PILE N times`; None:
    no limit, for a deck only `refills(deck)` reads): Game._refill counts them in State.refilled. Empty for a pack
    that does neither, whose games and digests stay as they were."""
    decks = {d.name: d.refill_limit for d in sym.decls.values()
             if isinstance(d, A.Zone) and d.refills is not None and d.refill_limit is not None}
    if "refills" not in sym.decls:
        for decl in sym.decls.values():
            for n in A.walk(decl):
                if type(n) is A.Call and n.func == "refills" and len(n.args) == 1:
                    arg = n.args[0]   # `refills(deck)`, `refills(p.deck)`
                    zone = sym.decls.get(arg.id if type(arg) is A.Name else arg.name if type(arg) is A.Attr else None)
                    if isinstance(zone, A.Zone) and zone.refills is not None:
                        decks.setdefault(zone.name, None)
    return decks


def force_zones(sym: Symbols) -> dict:
    """Each card's zones its slots are used from (resolve.slot_places), for the pack that asks `in_force(c)`
    (Game.card_in_force); empty for the others, whose games and code stay as they were."""
    if "in_force" in sym.decls or not any(type(n) is A.Call and n.func == "in_force"
                                           for decl in sym.decls.values() for n in A.walk(decl)):
        return {}
    return {d.name: places for d in sym.decls.values() if isinstance(d, A.Entity) and (places := slot_places(d))}


def counter_banks(supplies: list) -> list:
    """The global counters with a bank (`supply N [per INDEX] [short PROC]`), as the `banks` table holds them."""
    banks = []
    for c in supplies:
        if type(c) is not A.Counter:
            continue
        dims = [dim.enum for dim in c.indexes.dims()] if c.indexes is not None else []
        per = dims.index(c.supply_per.id) if c.supply_per is not None and c.supply_per.id in dims else None
        banks.append((c.name, per, c.short.id if c.short is not None else None))
    return banks


def shown_zones(sym: Symbols) -> list:
    """The displays (`zone market of train show 5 from deck [redeal to PILE when COND];`), in declaration order."""
    return [z for z in sym.decls.values() if isinstance(z, A.Zone) and z.show is not None]


def filled_base(zone) -> Optional[str]:
    """The declared name a zone expression names (`market`, `row[2]`, `row[l]`: `row`), or None."""
    while type(zone) is A.Index:
        zone = zone.obj
    return zone.id if type(zone) is A.Name else None


def redeal_params(d: A.Zone, sym: Symbols) -> list:
    """The names an indexed display's redeal condition reads its element's index by: each index that is an
    enum, by the enum's name (`zone row[level] ... redeal to discard when count(c in row[level] ...) >= 3`),
    with its place in the element's key; none for a plain display, a range, a kind or a board's cell."""
    if d.indexes is None:
        return []
    dims = d.indexes.dims()
    if any(isinstance(sym.decls.get(x.enum), A.Record) for x in dims if x.enum is not None):
        return []
    names = [x.enum for x in dims]
    return [(i, name) for i, name in enumerate(names)
            if isinstance(sym.decls.get(name), A.Enum) and names.count(name) == 1]


def shown_elements(sym: Symbols) -> list:
    """Each display's elements (one for a plain display, one per index of an indexed one, in index order):
    (flat name, count, the source's flat name, the redeal pile's or None, the display, the index values its
    redeal condition reads). An indexed source or pile gives the element of the same index."""
    rows = []
    for z in shown_zones(sym):
        def paired(name: Optional[A.Name], each) -> dict:
            if name is None:
                return {}
            decl = sym.decls.get(name.id)
            return dict(elements(decl, sym)) if each is not None and isinstance(decl, A.Zone) else {}
        sources, piles = paired(z.show_from, z.show_each), paired(z.redeal_to, z.redeal_each)
        params = redeal_params(z, sym)
        for key, flat in elements(z, sym):
            parts = key if type(key) is tuple else (key,)
            rows.append((flat, z.show, sources.get(key, z.show_from.id),
                         None if z.redeal_to is None else piles.get(key, z.redeal_to.id), z.name,
                         tuple(parts[i] for i, _n in params)))
    return rows


TAKING_EVENTS = frozenset(("move", "pay"))   # the events of the statements that may take an item out of a zone


def may_take(stmt) -> bool:
    """Whether a statement may move an item out of a display (`move`, `move all`, `draw`, `split`, a `pay` of
    cards) or is a `shuffle`: after it, both backends top the displays laid out up (Game.keep_shown). Not
    after a `fill`: it gathers a deck back (`fill deck with card; shuffle deck;`, the cards of the display
    too), and the display is laid out again from the deck once shuffled, not from its declaration order.
    Only in a pack that declares a display (`shown_zones`): the others' code is as it was."""
    kind = type(stmt)
    return kind is A.Shuffle or kind is not A.Fill and not TAKING_EVENTS.isdisjoint(kind.events)


def zone_caps(sym: Symbols) -> dict:
    """The zones with a hand limit (`zone hand per_player of card cap 7 over discard_down;`): zone -> (cap, proc),
    the cap a number or the name of a per-player counter, as a resource's (Layout.resources)."""
    return {z.name: (field_value(z.cap), z.over.id) for z in sym.decls.values()
            if isinstance(z, A.Zone) and z.cap is not None and z.per_player and z.indexes is None}


def destinations(stmt) -> tuple:
    """The zones, as written, that a statement announcing `move` puts items into: a `fill`'s zone, both zones
    of a `swap`, else its destination (`move`, `move all`, `draw`); () for one that names none (`split`)."""
    kind = type(stmt)
    if kind is A.Fill:
        return (stmt.zone,)
    if kind is A.Swap:
        return (stmt.zone, stmt.other)
    if kind is A.PassOn:
        return (stmt.zone,)
    dest = getattr(stmt, "dest", None)
    return () if dest is None else (dest,)


def filled_zones(stmt, caps: dict, local_names=()) -> tuple:
    """The capped zones (`cap N over PROC`, zone_caps) a statement puts cards into, named where it is written
    (`move c to q.hand`, `draw 2 from deck to hand`, `fill hand with ...`, both zones of a `swap`), each once:
    after such a statement both backends check each zone's holders (Game.zone_over). A zone reached through
    a local or a parameter is not followed."""
    if not caps or "move" not in type(stmt).events:
        return ()
    found = []
    for dest in destinations(stmt):
        while type(dest) is A.Index or type(dest) is A.Attr and dest.name in caps:
            dest = A.Name(dest.name) if type(dest) is A.Attr else dest.obj
        if type(dest) is A.Name and dest.id in caps and dest.id not in local_names and dest.id not in found:
            found.append(dest.id)
    return tuple(found)


def option_periods(sym: Symbols) -> list:
    """The choose options taken `once per PATTERN` (an `option in LABEL` of a card or role, or a choose's
    own): (its site, subject mode, event) each, kept as an `anytime ... once per` slot's period is (a
    trigger each player has from the start, resting from a take until PATTERN: Game._periods)."""
    sites = None
    out = []
    written = {id(h.option) for _d, h, _o in getattr(sym, "held_options", ())}   # run as added to the choose
    for decl in sym.decls.values():
        for n in A.walk(decl):
            if type(n) is A.Option and n.rest is not None and id(n) not in written:
                sites = sites or site_ids(sym)
                period = (sites[id(n)], subject_mode(n.rest, "anyone"), period_event(n.rest, sym))
                if period not in out:   # the options of a shared limit (`as NAME`) have one period
                    out.append(period)
    return out


def role_table(sym: Symbols) -> dict:
    """The roles' data for the runtime (Layout.roles): each role's state by flat name (an indexed
    counter's every element), which only its holders have, and the seats' roles."""
    if not sym.roles:
        return {}
    from .hidden import side_answers   # (hidden.py reads this module's helpers)
    own: dict = {}
    for name, role in sym.role_of.items():
        d = sym.decls.get(name)
        if isinstance(d, (A.Counter, A.Var, A.Zone)):
            own.setdefault(role, []).extend(flat for _i, flat in elements(d, sym))
    g = sym.game
    bases = sorted((name, sym.held_base[name]) for name, held in sym.held.items()
                   if any(d.name in sym.roles for d, _h, _v in held))
    return {"roles": [(role, own.get(role, [])) for role in sym.roles],
            "seats": [r.id for r in g.roles] if g is not None and g.roles else [],
            **({"dealt": g.roles_dealt} if g is not None and g.roles_dealt else {}),
            **({"shared": shared} if (shared := [r for r, d in sym.roles.items() if d.shared]) else {}),
            **({"hidden": hidden} if (hidden := [r for r, d in sym.roles.items() if d.hidden]) else {}),
            **({"known": known} if (known := [r for r, d in sym.roles.items() if d.hidden and d.known]) else {}),
            **({"bases": bases} if bases else {}),
            **({"kept": kept} if (kept := side_answers(sym)) else {})}


DECISIONS = (A.Choose, A.May, A.Pick)


def opening_test(body: tuple, sym: Symbols, seen: frozenset = frozenset()) -> Optional[A.Expr]:
    """The decision a body starts with, as the test of whether it is open now (what `can` asks, 4.6a): a
    `choose`, `may` or `pick` (A.Opening), or a call of a proc that starts with one (`can PROC(args)`);
    None when the body starts with anything else (or is empty)."""
    if not body:
        return None
    first = body[0]
    if type(first) in DECISIONS:
        return A.Opening(first, span=first.span)
    if type(first) is A.Pay:   # a cost paid first: whether it can be paid (as a choose option's leading cost)
        return A.Affordable(first.terms, first.tag, span=first.span)
    if type(first) is A.CallStmt and first.func not in seen:
        proc = sym.decls.get(first.func)
        if isinstance(proc, A.Proc) and opening_test(proc.body, sym, seen | {first.func}) is not None:
            return A.CanOpen(first.func, first.args, span=first.span)
    held = held_branches(first)
    if held is not None:   # a proc cards change (resolve._dispatcher): the version in force for you
        tests = [opening_test((A.CallStmt(f, args, span=first.span),), sym, seen) for f, args in held]
        if None not in tests:
            return A.Cond(first.cond, tests[0], tests[1], span=first.span)
        return None
    return branch_test(first, sym, seen)


def branch_test(stmt, sym: Symbols, seen: frozenset = frozenset()) -> Optional[A.Expr]:
    """The opening test of a body that starts with an `if` or a `match` statement: its condition (subject) read now,
    as the statement would read it (an expression changes nothing), chooses the branch, whose own opening decision
    is the test (`if c then TEST else TEST`, `match x { ... }`); a branch that is empty or absent (no `else`) does
    nothing, so nothing is open: false. None when some branch starts with something other than a decision (it would
    do that before the test could tell): `branch_lacking` names it."""
    branches = statement_branches(stmt)
    if branches is None:
        return None
    tests = [A.Bool(False, span=stmt.span) if not body else opening_test(body, sym, seen) for body in branches]
    if None in tests:
        return None
    if type(stmt) is A.If:
        return A.Cond(stmt.cond, tests[0], tests[1], span=stmt.span)
    cases = tuple(A.Case(arm.values, test, span=arm.span) for arm, test in zip(stmt.arms, tests))
    return A.Match(stmt.subject, cases, tests[-1], span=stmt.span)


def never_open(test: Optional[A.Expr]) -> bool:
    """Whether an opening test (`branch_test`'s) is false whatever happens: each branch of its leading `if` or
    `match` empty or absent, none opening on a decision."""
    if type(test) is A.Bool:
        return test.value is False
    if type(test) is A.Cond:
        return never_open(test.then) and never_open(test.otherwise)
    if type(test) is A.Match:
        return all(never_open(c.result) for c in test.cases) and never_open(test.otherwise)
    return False


def statement_branches(stmt) -> Optional[list]:
    """The blocks an `if` (then, else) or a `match` statement (each arm's, then the else: empty when absent) chooses
    among; None for another statement."""
    if type(stmt) is A.If:
        return [stmt.then, stmt.otherwise]
    if type(stmt) is A.MatchStmt:
        return [arm.body for arm in stmt.arms] + [stmt.otherwise or ()]
    return None


def branch_lacking(body: tuple, sym: Symbols) -> Optional[A.Stmt]:
    """The first statement, down the branches of a leading `if` or `match`, that starts a branch with no decision
    (what makes `opening_test` None there: E377 points at it); None when the body itself is empty or starts with
    no branching statement."""
    branches = statement_branches(body[0]) if body and held_branches(body[0]) is None else None
    for branch in branches or ():
        if branch and opening_test(branch, sym) is None:
            return branch_lacking(branch, sym) or branch[0]
    return None


def held_branches(stmt) -> Optional[list]:
    """The two versions a card's override dispatcher runs (resolve._dispatcher: `if held.uses(CARD, ZONE)
    { NAME.CARD(args) } else { BELOW(args) }`, or each as `let result = ...; return result;`), as
    (proc, args) pairs; None for another statement."""
    if type(stmt) is not A.If or held_test(stmt.cond) is None:   # (after a role's test, before the card's force)
        return None
    out = []
    for branch in (stmt.then, stmt.otherwise):
        head = branch[0] if branch else None
        call = head if type(head) is A.CallStmt else head.value if type(head) is A.Let and type(head.value) is A.Call \
            else None
        if call is None:
            return None
        out.append((call.func, call.args))
    return out


def opening_reads(test: Optional[A.Expr], sym: Optional[Symbols] = None) -> list:
    """What an opening decision's test reads (opening_test): a choose's options' guards and leading
    costs, a may's `when` and cost, a pick's domain and filter; a `can PROC(args)` is itself (its
    proc's reads are that proc's); a leading `if`'s or `match`'s condition, and its branches' reads."""
    if type(test) is A.CanOpen:
        return [test]
    if type(test) is A.Cond and held_test(test.cond) is None:   # a leading `if`: its condition, each branch's reads
        return [test.cond] + opening_reads(test.then, sym) + opening_reads(test.otherwise, sym)
    if type(test) is A.Match:   # a leading `match`: the subject, the arms' values, what each arm reads
        return [test.subject] + [v for c in test.cases for v in c.values] + \
            [x for c in test.cases for x in opening_reads(c.result, sym)] + opening_reads(test.otherwise, sym)
    if type(test) is A.Affordable:
        return list(test.terms)
    if type(test) is not A.Opening:
        return []
    s = test.stmt
    if type(s) is A.Choose:
        return [o.guard for o in s.options if o.guard is not None] + \
            [t for o in s.options for t in (leading_cost(o.body) or ())]
    if type(s) is A.May:
        return [x for x in (s.when, *(s.cost or ())) if x is not None]
    return [x for x in (s.domain, s.where, pick_paid(s, sym)) if x is not None]


def paid_first(body: tuple, sym: Symbols, seen: frozenset = frozenset(), picks: bool = True) -> Optional[A.Expr]:
    """What gates a choose option whose body pays first through another statement (4.6): a `pick` whose
    block pays first (some candidate the player can pay for: A.Opening, whose pick test reads `pick_paid`),
    or a call of a proc that pays first, or picks so (A.CanOpen); None otherwise (a leading `pay` itself is
    `leading_cost`'s). One pick deep: a pick inside a pick's block is a choice of its own, not read. A proc
    that cards change is never followed: which version runs is the holder's."""
    first = body[0] if body else None
    if sym is None:   # (what an opening reads, asked without the pack: its leading costs alone)
        return None
    if type(first) is A.Pick and picks and first.limit is None and not first.repeated \
            and pick_paid(first, sym, seen) is not None:
        return A.Opening(first, span=first.span)
    if type(first) is A.CallStmt and first.func not in seen and first.func not in getattr(sym, "held", {}):
        proc = sym.decls.get(first.func)
        if isinstance(proc, A.Proc) and proc.body and (
                type(proc.body[0]) is A.Pay or paid_first(proc.body, sym, seen | {first.func}, picks) is not None):
            return A.CanOpen(first.func, first.args, span=first.span)
    return None


def option_gate(body: tuple, sym: Symbols) -> Optional[A.Expr]:
    """What gates a choose option beyond its `when` and a leading `pay` (4.6), both backends' one reading
    (and W455's): what it pays first inside (`paid_first`), or, for a body that starts with a pick that
    must pick (`picks_first`), that the pick has a candidate, the very test `can` makes of a proc that
    starts with that pick (A.Opening, 4.6a); None: nothing more gates it."""
    gate = paid_first(body, sym)
    if gate is None and body and picks_first(body[0]):
        return A.Opening(body[0], span=body[0].span)
    return gate


def picks_first(pick) -> bool:
    """Whether a statement is a pick that must pick when it has a candidate and does nothing when it has
    none: not `optional` (nor `optional when`), with no `else` (which runs when there is none), not
    `repeatedly` nor `up to N` (each a loop of its own)."""
    return type(pick) is A.Pick and not pick.optional and pick.optional_when is None and not pick.otherwise \
        and not pick.repeated and pick.limit is None


def pick_paid(pick: A.Pick, sym: Symbols, seen: frozenset = frozenset()) -> Optional[A.Expr]:
    """What a pick's block pays first, as the test of a candidate (the pick's variable bound): its leading
    cost affordable, or a call of a proc that pays first (`paid_first`, no pick deeper); None when it pays
    nothing first. A pick's opening test (`can`, an option's gate) keeps the candidates it holds for."""
    cost = leading_cost(pick.body)
    if cost:
        return A.Affordable(cost, leading_tag(pick.body), span=pick.body[0].span)
    return paid_first(pick.body, sym, seen, False)


def some_candidate(test: Optional[A.Expr]) -> Optional[tuple]:
    """The (variable, domain, condition) of a test that says no more than that a domain holds something
    kept by a condition: `some(x in D where C)`, `count(x in D where C) > 0` (`>= 1`, `!= 0`), `size(D) > 0`
    (no condition, variable None); None for any other test."""
    if type(test) is A.Aggregate and test.op == "some" and test.value is None:
        return test.var, test.domain, test.where
    if type(test) is not A.Binary or type(test.right) is not A.Int \
            or (test.op, test.right.value) not in ((">", 0), (">=", 1), ("!=", 0)):
        return None
    counted = test.left
    if type(counted) is A.Aggregate and counted.op == "count" and counted.value is None:
        return counted.var, counted.domain, counted.where
    if type(counted) is A.Call and counted.func == "size" and len(counted.args) == 1:
        return None, counted.args[0], None
    return None


def repeats_pick(test: Optional[A.Expr], pick: A.Pick) -> bool:
    """Whether a test (an option's `when`) is the very test that the pick its body starts with has a
    candidate (4.6, W667): `some(x in D where C)` or a count of it above 0, whose D is the pick's domain and
    whose C is the pick's `where` with `x` named as the pick's variable, compared as trees (spans aside)."""
    found = some_candidate(test)
    if found is None:
        return False
    var, domain, where = found
    if domain != pick.domain or (where is None) != (pick.where is None):
        return False
    if where is None or var == pick.var:
        return where == pick.where
    if any(type(n) is A.Name and n.id == pick.var for n in A.walk(where)):
        return False   # (the pick's name read free in the `when`'s condition: renaming would capture it)
    renamed = A.rewrite(where, lambda n: A.Name(pick.var, span=n.span) if type(n) is A.Name and n.id == var
                        else None)
    return renamed == pick.where


def derived_when(o: A.Option, sym: Symbols) -> bool:
    """Whether an option's whole `when` says what its availability derived from the pick its body starts
    with says already (`option_gate`: some candidate, paid for if its block pays first), so it can go (W667)."""
    gate = option_gate(o.body, sym) if o.body and type(o.body[0]) is A.Pick else None
    return type(gate) is A.Opening and gate.stmt is o.body[0] and repeats_pick(o.guard, o.body[0])


def slot_args(field: Optional[A.FieldDecl], args: Optional[tuple]) -> tuple:
    """The arguments of `copy c.SLOT(ARGS)` (`can copy` too) in the order of the slot's parameters, as both backends
    pass them after `this`: those given in order, then those given by name (`by = you`), a parameter left out its
    default (`none` where it has none: the checker's E636). No parameters, no arguments."""
    params = getattr(field, "params", None) or ()
    given = dict(zip((p.name for p in params), (a for a in args or () if type(a) is not A.FieldValue)))
    given.update((a.name, a.value) for a in args or () if type(a) is A.FieldValue)
    return tuple(given.get(p.name, p.default if p.default is not None else A.Nothing(span=p.span)) for p in params)


def copy_args(s, sym: Symbols) -> Optional[tuple]:
    """A `copy`'s (`can copy`'s) arguments as written, or those `copy ENTITY.SLOT with it;` gives (the event's, by
    name)."""
    return sym.event_args.get(id(s), s.args)


def slot_test(body: tuple, sym: Symbols) -> Optional[A.Expr]:
    """Whether a card's effect slot, run now, would do something (`can copy e.SLOT`): false when empty, its
    opening decision's test when it starts with one; None (true) when it starts with anything else."""
    return A.Bool(False) if not body else opening_test(body, sym)


SAFE_PATH = re.compile(r"[^\w./+-]")


def where(node) -> str:
    """The rules position of a node as both backends report it (also safe inside a generated comment)."""
    s = node.span
    return f"{SAFE_PATH.sub('_', s.file)}:{s.line}:{s.column}"


# Python refuses a function whose loops, `try` and `with` blocks nest more than 20 deep ("too many
# statically nested blocks"): the checker counts what `python_blocks` says each statement opens (E310).
MAX_PYTHON_BLOCKS = 20
LOOPS = (A.While, A.Repeat, A.RepeatStable, A.ForEach, A.Each, A.Simultaneous)


def left_by_break(loop: A.Stmt) -> bool:
    """Whether a `break` stands anywhere inside a loop (its generated code then sits in a `try`)."""
    return any(type(n) is A.Break for n in A.walk(loop))


def python_blocks(stmt: A.Stmt) -> int:
    """How many nested blocks of generated Python (loops, `try`, `with`) a statement opens around its body."""
    if isinstance(stmt, LOOPS) or (type(stmt) is A.Draw and stmt.until is not None):   # (`draw ... until`)
        return 1 + (getattr(stmt, "loop_label", None) is not None) + left_by_break(stmt)
    if type(stmt) is A.Split:   # `try:` (the piles stacked back however it ends) and a loop over the piles
        return 2
    # asked again and again: `choose ... in any order`, `may ... repeatedly`, `pick ... repeatedly`
    return int(bool(getattr(stmt, "any_order", False) or getattr(stmt, "repeated", False)))


def announces(stmt: A.Stmt, local_names) -> bool:
    """Whether triggers queued by a statement run right after it (setting a local announces nothing)."""
    return type(stmt).drains and not (type(stmt) is A.SetName and stmt.name in local_names)


def aggregate_shape(e: A.Aggregate) -> tuple[str, Optional[A.Expr], Optional[A.Expr]]:
    """How both backends reduce an aggregate: (reduction, filter, value per element).

    The reduction is 'sum', 'any', 'all', 'max' or 'min' (0 over no element, like a sum), 'first'
    (the first kept element, or none), 'top' or 'bottom' (the kept element whose value is the highest
    or lowest, the first such on a tie, or none: `runtime.engine.best_of` over (value, element)
    pairs), or 'gather' (the elements of each value's zone or list, in
    order) over the values of the elements the filter keeps (a
    value of None counts 1 for 'sum' and true otherwise); `every(x in D where C)` with no value is
    `all(C)` over every element, not a filter.
    """
    if e.op == "count":
        return "sum", e.where, None
    if e.op == "first":
        return "first", e.where, A.Name(e.var, span=e.span)
    if e.op == "total":
        return "sum", e.where, e.value
    if e.op == "gather":   # the elements of each kept element's zone or list, one after another
        return "gather", e.where, e.value
    if e.op in ("highest", "lowest"):
        return ("max" if e.op == "highest" else "min"), e.where, e.value
    if e.op in ("top", "bottom"):   # the element with the highest (lowest) value: `best_of` its (value, element)
        return e.op, e.where, e.value
    if e.op == "every" and e.value is None:
        return "all", None, e.where
    return ("any" if e.op == "some" else "all"), e.where, e.value


class Effect(NamedTuple):
    """One callable of a pack: its key in the Program's tables, what it is made from and its parameters.

    `shape` is 'body' (a generator effect over statements), 'cost' (a list of cost terms) or 'expr'
    (a value); `params` are the names of the callable's parameters after `rt, you`; with `this_ok`,
    the effect takes the entity as `this`.
    """

    key: tuple
    shape: str
    node: Any
    params: tuple
    this_ok: bool
    doc: str
    where: str = ""   # the declaration's position, for procs (the step budget names it)


def effects(lay: "Layout") -> Iterator[Effect]:
    """Every callable a pack needs, in a fixed order; both backends make one per item (triggers are
    found inside the bodies)."""
    for kind, name, _title, _fields, slots, _span, _pp, source, _number in lay.entities:
        if name != source:
            continue
        for slot in slots:
            params = lay.slot_params.get((kind, slot.name), ())   # `demand: effect(by: player);`: after `this`
            yield Effect(("entity", name, slot.name), "body", slot.body, params, True, f"{kind} {name}: {slot.name}")
            offer = anytime_offer(slot) if type(slot) is A.Anytime else None
            if offer is not None:   # an anytime slot's `when` and leading cost: whether it is offered
                yield Effect(("offer", name, slot.name), "expr", offer, (), True, f"{kind} {name}: {slot.name} when")
            test = lay.slot_tests.get((name, slot.name))
            if test is not None:   # `can copy e.SLOT` (slot_test)
                yield Effect(("can", name, slot.name), "expr", test, params, True, f"{kind} {name}: can {slot.name}")
    for kind, name, field, value in lay.computed:   # `this`: the card (each copy its own), `you`: the reader
        yield Effect(("computed", kind, name, field), "expr", value, (), True,
                     f"{kind} {name}: {field}" if name else f"kind {kind}: {field} (default)")
    for t in lay.tracks:
        for sp in t.spaces:
            at = f"track {t.name}, space {sp.position}"
            if sp.cost:
                yield Effect(("cost", t.name, sp.position), "cost", sp.cost, (), False, f"{at}: cost")
            yield Effect(("benefit", t.name, sp.position), "body", sp.body, (), False, at)
            if sp.bonus_cost:
                yield Effect(("bonus_cost", t.name, sp.position), "cost", sp.bonus_cost, (), False, f"{at}: bonus cost")
            if sp.bonus is not None:
                yield Effect(("bonus", t.name, sp.position), "body", sp.bonus, (), False, f"{at}: bonus")
        for r in t.reaches:
            yield Effect(("reach", t.name, r.position), "body", r.body, (), False, f"track {t.name}: first to {r.position}")
    for d in lay.dice:
        for i, face in enumerate(d.faces):
            yield Effect(("face", d.name, i), "body", face.body, (), False, f"die {d.name}, face {i + 1}")
            if face.value is not None:
                yield Effect(("face_value", d.name, i), "expr", face.value, (), False,
                             f"die {d.name}, face {i + 1}: value")
    for p in lay.procs:
        yield Effect(("proc", p.name), "body", p.body, tuple(a.name for a in p.params), False, f"proc {p.name}",
                     where(p))
    for f in lay.funcs:
        yield Effect(("func", f.name), "expr", f.value, tuple(a.name for a in f.params), False, f"func {f.name}")
    for v in lay.variant_rules:
        yield Effect(("variant_when", v.name), "expr", v.when, (), False, f"variant {v.name}: when")
    for z in lay.shows:
        if z.redeal_when is not None:
            yield Effect(("redeal_when", z.name), "expr", z.redeal_when, lay.show_params[z.name], False,
                         f"zone {z.name}: redeal when")
    for r in lay.supplies:   # worked out once a game, before play
        yield Effect(("supply", r.name), "expr", r.supply, (), False, f"resource {r.name}: supply")
    for c in lay.seated:   # likewise
        yield Effect(("start", c.name), "expr", seated_expr(c), (), False,
                     f"{'var' if isinstance(c, A.Var) else 'counter'} {c.name}: start")
    g = lay.game
    if g is not None:
        yield Effect(("setup",), "body", g.setup, (), False, "game setup")
        yield Effect(("play",), "body", g.played(), (), False, "game play")   # its named phases after it
        yield Effect(("final",), "body", g.final, (), False, "final scoring")
        for i, key in enumerate(winner_keys(g)):
            yield Effect(("key", i), "expr", key, (), False, f"winner key {i + 1}")
        if g.winner is not None and g.winner.cond is not None:
            yield Effect(("win_if",), "expr", g.winner.cond, (), False, "winner condition")
        if g.winner is not None and g.winner.score is not None:
            yield Effect(("team_score",), "expr", g.winner.score, (), False, "team score")


def winner_keys(g: A.Game) -> tuple:
    """The expressions a game's winner is decided by, the tie-breaks after the main key."""
    if g.winner is None:   # every ending names its outcome (`end game won by`, E641): nothing is scored
        return ()
    return () if g.winner.together else (g.winner.key,) + g.winner.tiebreaks


def face_title(face: A.Face) -> Optional[str]:
    """A die face's title as tools show it: its own, or for a face of a typed die that has none, its
    value as written after `= ` (`= 3`: the face that shows 3, whatever its position)."""
    if face.title is not None or face.value is None:
        return face.title
    from rulebook.dsl.printer import expr
    return f"= {expr(face.value)}"


def key_columns(lay: "Layout", g: A.Game) -> list:
    """For the score table: each winner key's rules text, and the per-player stocks a key adds or
    subtracts (`vp - debt` shows vp and debt apart)."""
    stocks = set(lay.resources) | {n for n, (is_global, _low, _high) in lay.counters.items() if not is_global}

    def terms(e) -> list[str]:
        if isinstance(e, A.Binary) and e.op in ("+", "-"):
            return terms(e.left) + terms(e.right)
        if isinstance(e, A.Index) and isinstance(e.obj, A.Name) and isinstance(e.index, (A.Int, A.Name)):
            element = f"{e.obj.id}[{e.index.value if isinstance(e.index, A.Int) else e.index.id}]"   # `tool[1]`
            return [element] if element in stocks else []
        return [e.id] if isinstance(e, A.Name) and e.id in stocks else []

    return [(text, terms(key) if isinstance(key, A.Binary) else []) for text, key in zip(key_texts(g), winner_keys(g))]


def key_texts(g: A.Game) -> list[str]:
    """Each winner key's rules text (the main key first), `fewest ` before a key whose lowest value wins."""
    from rulebook.dsl.printer import expr

    return [("fewest " if g.winner and g.winner.order(i) == "fewest" else "") + expr(key)
            for i, key in enumerate(winner_keys(g))]


def tables(lay: "Layout", pack_name: str, triggers: list[tuple[str, str]], conditions: list[str] = (),
           subjects: list[str] = (), watched: list[str] = (), phases: list[tuple[str, str]] = (),
           hooks: list = (), heard: list[str] = (), memories: list = (), amounts: list = (),
           heard_globals: list[str] = ()) -> dict:
    """The pack's data for `runtime.program.assemble`: plain values only, so the generated module
    can hold them as one literal. `triggers` holds each trigger's id and rules position; `subjects`
    the ids of the triggers and modifiers that read `it.subject` (subject_nodes); `phases` the id and
    phase of each modifier written in a phase of the game (phase_modifiers)."""
    from rulebook.dsl.printer import expr

    g = lay.game
    return {
        "name": pack_name, "resources": lay.resources, "groups": lay.groups, "counters": lay.counters,
        "zones": lay.zones, "visibility": lay.visibility, "counted": lay.counted, "refills": lay.refills,
        **({"refill_counts": lay.refill_counts} if lay.refill_counts else {}),   # the other packs' code stays
        "starts": lay.starts,
        **({"overflows": lay.overflows} if lay.overflows else {}),   # the other packs' code stays
        **({"shortfalls": lay.shortfalls} if lay.shortfalls else {}),   # likewise
        **({"die_fields": lay.die_fields} if lay.die_fields else {}),   # likewise
        "actors": lay.actors, "variants": lay.variants,
        **({"actor_titles": lay.actor_titles} if lay.actor_titles else {}),   # the other packs' code stays
        **({"options": lay.options} if lay.options else {}),   # the other packs' code stays
        **({"listed": lay.listed} if lay.listed else {}),   # likewise
        **({"sized": lay.sized} if lay.sized else {}),   # likewise
        **({"ranked": lay.ranked} if lay.ranked else {}),   # the other packs' code stays
        "indexed": lay.indexed, "variables": lay.variables, "member_titles": lay.member_titles,
        **({"record_titles": lay.record_titles} if lay.record_titles else {}),   # the other packs' code stays
        **({"shapes": lay.shapes} if lay.shapes else {}),   # likewise
        "labels": lay.labels, "shown_fields": lay.shown_fields,
        **({"stocks": lay.stocks} if lay.stocks else {}),   # the other packs' code stays
        **({"periods": periods} if (periods := anytime_periods(lay)) else {}),   # the other packs' code stays
        **({"idle": lay.idle} if lay.idle else {}),   # likewise
        **({"order_free": lay.order_free} if lay.order_free else {}),   # likewise
        **({"kept": lay.kept} if lay.kept else {}),   # likewise
        **({"untold": lay.untold} if lay.untold else {}),   # likewise
        **({"asked": lay.asked} if lay.asked else {}),   # likewise
        **({"option_periods": lay.option_periods} if lay.option_periods else {}),   # likewise
        **({"zone_caps": lay.zone_caps} if lay.zone_caps else {}),   # likewise
        **({"piled": lay.piled} if lay.piled else {}),   # likewise
        **({"force_zones": lay.force_zones} if lay.force_zones else {}),   # likewise
        **({"shows": lay.shown} if lay.shown else {}),   # likewise
        **({"held": lay.held} if lay.held else {}),   # likewise
        **({"card_shows": lay.card_shows} if lay.card_shows else {}),   # likewise
        **({"adjusted_fields": lay.adjusted_fields} if lay.adjusted_fields else {}),   # likewise (7.7f)
        **({"shown_funcs": lay.shown_funcs} if lay.shown_funcs else {}),   # likewise
        **({"glimpses": lay.glimpses} if lay.glimpses else {}),   # likewise
        **({"internal": lay.internal} if lay.internal else {}),   # likewise
        **({"hidden_vars": lay.hidden_vars} if lay.hidden_vars else {}),   # likewise
        **({"roles": lay.roles} if lay.roles else {}),   # likewise
        "entities": [(kind, name, title, fields, [s.name for s in slots], span, pp, source, number)
                     for kind, name, title, fields, slots, span, pp, source, number in lay.entities],
        "entity_refs": lay.entity_refs,
        "tracks": [(t.name, t.title, [(sp.position, sp.title, sp.tier or 0, where(sp), not sp.body) for sp in t.spaces],
                    [r.position for r in t.reaches], t.top())
                   # a global or scaled track's shape: (shared, the number printed at 0, the step); none for the others
                   + ((t.is_global, *(t.scale[::2] if t.scale else (0, 0))) if t.is_global or t.scale or t.prints else ())
                   # a track that prints a list (`prints [2, 2, 3]`): the list, after the shape
                   + ((list(t.prints),) if t.prints else ())
                   for t in lay.tracks],
        "dice": [(d.name, [face_title(f) for f in d.faces]) for d in lay.dice],
        "die_titles": {d.name: d.title for d in lay.dice if d.title},
        "variant_rules": [(v.name, expr(v.when)) for v in lay.variant_rules],
        "supplies": [(r.name, where(r.supply)) for r in lay.supplies],
        # the banks gains may overdraw: only for packs with one, the others' code stays
        **({"overdrawn": [r.name for r in lay.supplies if getattr(r, "overdraw", False)]}
           if any(getattr(r, "overdraw", False) for r in lay.supplies) else {}),
        # the global counters with a bank: (counter, the place of its `per` index or None, its `short` proc or
        # None, given the member of the `per` index first when there is one); only for packs with one
        **({"banks": banks} if (banks := counter_banks(lay.supplies)) else {}),
        # the counters whose start is worked out from the seats: only for packs with one, the others' code stays
        **({"seated": [(c.name, where(seated_expr(c))) for c in lay.seated]} if lay.seated else {}),
        "triggers": triggers, "conditions": list(conditions),
        **({"subjects": list(subjects)} if subjects else {}),   # the other packs' code stays
        **({"watched": list(watched)} if watched else {}),   # likewise
        **({"heard": list(heard)} if heard else {}),   # likewise
        **({"heard_globals": list(heard_globals)} if heard_globals else {}),   # likewise (7.2: `gain(oceans)`)
        **({"remembered": list(memories)} if memories else {}),   # likewise (3.3b)
        **({"modifier_phases": dict(phases)} if phases else {}),   # likewise
        # the game's named phases (3.16a), which screens show while one is under way; likewise
        **({"phases": [p.name for p in lay.game.named_phases()]} if lay.game is not None and lay.game.phases else {}),
        **({"hooks": list(hooks)} if hooks else {}),   # likewise (7.7d)
        **({"amounts": list(amounts)} if amounts else {}),   # likewise (7.7b: a card's modifier's amounts, live)
        **({"records": lay.records} if lay.records else {}),   # only for packs with records: the others' code stays
        **({"record_cards": lay.record_cards} if lay.record_cards else {}),
        "procs": [p.name for p in lay.procs], "funcs": [f.name for f in lay.funcs],
        "game": None if g is None else (g.name, g.title, g.min_players, g.max_players, len(winner_keys(g)),
                                        key_columns(lay, g), g.winner.fewest() if g.winner else (),
                                        bool(g.winner and g.winner.cond is not None),
                                        bool(g.winner and g.winner.together),
                                        expr(g.winner.score) if g.winner and g.winner.score is not None else None),
        # the other packs' code stays; a game without a winner line that ends unnamed (E641 refuses what it
        # finds) is a draw: nobody is ranked
        **({"draw": True} if g is not None and (g.winner is None or g.winner.draw) else {}),
        **({"seat_names": [n.value for n in g.seat_names]} if g is not None and g.seat_names else {}),   # likewise
        **({"teams": list(g.teams)} if g is not None and g.teams else {}),   # likewise
        **({"by_team": g.winner.by_team} if g is not None and g.winner and g.winner.by_team else {}),   # likewise
        # a game of teams with no winner line (every ending sudden, 4.24b): a team wins or loses whole
        **({"by_team": True} if g is not None and g.winner is None and g.teams else {}),
    }


def recursive(sym) -> frozenset:
    """Procs and funcs on a cycle of calls (a proc that may call itself, directly or not). Only these
    count a step per call: without recursion, calls are bounded by the loops around them, which
    count already."""
    names = {name for name, d in sym.decls.items() if type(d) in (A.Proc, A.Func)}
    calls = {name: {n.name if type(n) is A.Method else n.func for n in A.walk(sym.decls[name])
                    if type(n) in (A.CallStmt, A.Call, A.Method)} & names for name in names}
    cyclic = set()
    for start in calls:   # a name is recursive when it can reach itself
        seen, stack = set(), list(calls[start])
        while stack:
            n = stack.pop()
            if n == start:
                cyclic.add(start)
                break
            if n not in seen and n in calls:
                seen.add(n)
                stack.extend(calls[n])
    return frozenset(cyclic)


def trigger_nodes(sym) -> list[A.Whenever]:
    """Every `whenever`/`next` of the pack, in declaration order."""
    return [n for decl in sym.decls.values() for n in A.walk(decl) if type(n) is A.Whenever]


def ended_names(sym) -> frozenset:
    """The procs and loop labels an `until end of NAME` of the pack names (7.3): a call of such a proc runs
    inside `rt.running(NAME)`, and each round of such a loop ends what lasted until its end; the others
    are compiled as before."""
    return frozenset(end.event for decl in sym.decls.values() for n in A.walk(decl)
                     if type(n) in (A.Modifier, A.Whenever, A.SetAside) for end in A.endings(n.until) if end.end) \
        | frozenset(period_ends(sym))


def adjusted_fields(sym) -> dict:
    """Each kind's fields declared adjustable by an event (`cost: int for costs;`, 7.7f): [(field, event, the
    event's one parameter)], which the screens consult as the viewer would read them; {} for the other packs."""
    out = {}
    for kind in sym.decls.values():
        if isinstance(kind, A.Kind):
            found = [(f.name, f.tag.action, event.params[0].name) for f in kind.fields if f.tag is not None
                     and not f.tag.args and isinstance(event := sym.decls.get(f.tag.action), A.Event)
                     and len(event.params) == 1]
            if found:
                out[kind.name] = found
    return out


def period_end(rest: A.Pattern, sym) -> "str | None":
    """NAME when the `once per NAME` of an `anytime` slot or an option names no event but a proc or a loop label
    (`once per generation`): its period is each call of the proc, or each round of the loop, ending as `until end
    of NAME` does (7.3), so the period's event is `end of NAME`; None for an event's pattern."""
    from .resolve import BUILTIN_EVENTS

    if rest.end or rest.event in BUILTIN_EVENTS or isinstance(sym.decls.get(rest.event), A.Event):
        return None
    return rest.event


def period_event(rest: A.Pattern, sym) -> str:
    """The event a `once per` period waits for: the pattern's, or `end of NAME` for a proc or loop label."""
    name = period_end(rest, sym)
    return rest.event if name is None else f"end of {name}"


def period_ends(sym) -> list:
    """The procs and loop labels a `once per NAME` of an `anytime` slot or an option names (period_end): their
    ends are announced as an `until end of NAME`'s are; [] for the other packs."""
    return [name for decl in sym.decls.values() for n in A.walk(decl)
            if type(n) in (A.Anytime, A.Option) and n.rest is not None and (name := period_end(n.rest, sym))]


def per_resets(sym) -> dict:
    """The counters written `per NAME` (3.3), by NAME (a proc or a loop label): each call of the proc (round
    of the loop) ends by putting them back to their start values. Empty for a pack without them: its code
    stays as it was."""
    found: dict = {}
    for decl in sym.decls.values():
        for n in A.walk(decl):
            if type(n) is A.Counter and n.per is not None:
                found.setdefault(n.per, []).append(n.name)
    return {name: tuple(counters) for name, counters in found.items()}


def condition_nodes(sym) -> list:
    """Every `modifier ... while COND` and `whenever/next ... while COND` of the pack, in declaration
    order (its condition is a callable, under the site's id)."""
    return [n for decl in sym.decls.values() for n in A.walk(decl)
            if type(n) in (A.Modifier, A.Whenever) and n.cond is not None]


def live_amounts(sym) -> list[tuple]:
    """(modifier, line) of every `gain`, `lose` or `value` line of a card's modifier (`modifier ... in ZONE`,
    7.7b) whose amount is not a constant: the modifier is in force from the start of the game, so its amount
    is worked out at each use (a callable under (site id, line)), not once when it was registered."""
    held = [n.modifier for decl in sym.decls.values() for n in A.walk(decl) if type(n) is A.HeldModifier]
    return [(m, line) for m in held for line, a in enumerate(m.adjustments) if is_live(a)]


def is_live(a: "A.Adjust") -> bool:
    """Whether a card's modifier's line works its amount out at each use (live_amounts)."""
    if a.what not in ("gain", "lose", "value") or a.amount is None:
        return False
    try:
        A.as_const(a.amount)
    except A.NotConstant:
        return True
    return False


def hook_nodes(sym) -> list:
    """Every modifier of the pack that asks its holder (`optional`) or has a consequence (`then`), 7.7d,
    in declaration order: its question and its consequence's callable are the runtime's `hooks`, under
    the site's id (none for a pack without such modifiers: its code stays)."""
    return [n for decl in sym.decls.values() for n in A.walk(decl) if type(n) is A.Modifier and n.hooked]


def hooked_actions(sym) -> frozenset:
    """The actions such a modifier changes: their tagged gains, losses and values are worked out where
    its holder can be asked and its consequence run (`rt.gain_asking`, ...); the others' as before."""
    return frozenset(n.pattern.event for n in hook_nodes(sym))


def hook_table(sym, sites: dict) -> list:
    """(site id, question or None, whether it has a consequence) of each modifier of hook_nodes."""
    return [(sites[id(n)], n.ask, n.then is not None) for n in hook_nodes(sym)]


def phase_modifiers(sym) -> list[tuple]:
    """(modifier, phase) of every `modifier` written in a phase of the game (`phase setup { modifier ...; }`):
    its site is the game's (`GAME#N`, site_ids), so the trace learns the phase from the table `modifier_phases`
    (none for a pack without such modifiers: its code stays)."""
    return [(n, phase) for decl in sym.decls.values() if type(decl) is A.Game
            for phase, body in decl.phase_bodies() for stmt in body for n in A.walk(stmt) if type(n) is A.Modifier]


def subject_nodes(sym) -> list:
    """Every trigger (its body or `while`) and modifier (its `while`) of the pack that reads `it.subject`,
    in declaration order: the runtime gives those alone the event's subject (the use's player) among
    the arguments, so the others cost nothing. (A trigger around one that reads it is counted too:
    it is given the subject for nothing.)"""
    from .resolve import SUBJECT

    def reads(nodes) -> bool:
        return any(type(n) is A.Attr and n.name == SUBJECT and type(n.obj) is A.Name and n.obj.id == "it"
                   for root in nodes if root is not None for n in A.walk(root))
    return [n for decl in sym.decls.values() for n in A.walk(decl)
            if type(n) is A.Whenever and reads((*n.body, n.cond)) or type(n) is A.Modifier and reads((n.cond,))]


def tag_args(tag: A.Tag, sym) -> list[tuple[str, A.Expr]]:
    """A tag's arguments under the names of the action's parameters (an event's; a builtin event's
    first ones), with track, resource, die and zone names standing for themselves."""
    from .resolve import BUILTIN_EVENTS

    params = BUILTIN_EVENTS.get(tag.action) or tuple(p.name for p in sym.decls[tag.action].params)
    return [(p, event_arg(tag.action, p, a, sym)) for p, a in zip(params, tag.args)]


# the types of an event's argument that hold a value, not a name: a bare counter there is its value
VALUE_ARGS = ("int", "bool", "player", "str", "entity")


def is_filter(a: A.PatternArg) -> bool:
    """Whether a pattern's filter is `c is silver` (the argument a copy of a declaration, or of a kind)
    rather than `c = VALUE`."""
    return type(a.value) is A.IsKind and a.value.subject is None


# the events whose `res` may be an element of an indexed counter (`warriors[c7]`, 3.3); such an event
# of a counter a pattern names (`gain(warriors[c])`, `gain(res = warriors)`) carries, besides `res`,
# the counter (ELEMENT_OF) and each index at its place ("[0]", "[1]"...): Program.elements (7.2). A
# `shift` names two elements of one counter, `res` and `dest`: the destination's indexes at "to[0]"...
ELEMENT_EVENTS = ("gain", "lose", "pay", "shift")
ELEMENT_OF = "res[]"
ELEMENT_ARGS = {"res": "", "dest": "to", "name": ""}   # an argument naming an element -> the prefix of its indexes' places (`name`: a variable's, of a `set` pattern)


def element_place(i: int, arg: str = "res") -> str:
    """The argument an element's event carries its i-th index in (from 0): names no filter can write
    ("[0]" for `res`, "to[0]" for a shift's `dest`)."""
    return f"{ELEMENT_ARGS[arg]}[{i}]"


def indexed_counter(name: str, sym) -> "A.Counter | None":
    """The declaration of an indexed counter of that name, or None."""
    decl = sym.decls.get(name)
    return decl if type(decl) is A.Counter and decl.indexes is not None else None


def element_parts(index) -> tuple:
    """The indexes written between an element's brackets, in order."""
    return index.parts if type(index) is A.Pair else (index,)


def binder(part, sym) -> "str | None":
    """The name an index of a written element pattern binds (`gain(warriors[c])`: `c`): a bare name
    that is no declared name (a member, card or resource names a fixed index), else None."""
    return part.id if type(part) is A.Name and sym.category(part.id) is None and part.id not in ("it", "this") \
        else None


# a variable's change (`whenever you set(pawn)`, `set(cell[r, c])`): announced only for the variables some
# pattern names (`heard_vars`, Program.heard), with `name` the element's name, `old` and `new` its values, and
# the variable and its indexes as an element's gain carries them
VAR_EVENT = "set"


def heard_var(name: str, sym) -> "A.Var | None":
    """The declaration of a variable of that name, or None."""
    decl = sym.decls.get(name)
    return decl if type(decl) is A.Var else None


def pattern_element(p: A.Pattern, a: A.PatternArg, sym) -> "tuple | None":
    """(counter, index expression or None) when the filter names an indexed counter's element (`res =
    warriors[b]`, `warriors[c]`; a shift's `dest` too) or the whole counter (`res = warriors`,
    `warriors`); of a `set` pattern, (variable, index or None) for a variable (`set(pawn)`, `name =
    cell[3]`, `set(cell[r, c])`); else None."""
    if p.event == VAR_EVENT:
        v = a.value
        if a.name != "name":
            return None
        if type(v) is A.Name and heard_var(v.id, sym) is not None:
            return v.id, None
        if type(v) is A.Index and type(v.obj) is A.Name and getattr(heard_var(v.obj.id, sym), "indexes", None):
            return v.obj.id, v.index
        return None
    if p.event not in ELEMENT_EVENTS or a.name != "res" and (a.name != "dest" or p.event != "shift"):
        return None
    v = a.value
    if type(v) is A.Name and indexed_counter(v.id, sym) is not None:
        return v.id, None
    if type(v) is A.Index and type(v.obj) is A.Name and indexed_counter(v.obj.id, sym) is not None:
        return v.obj.id, v.index
    return None


def pattern_filters(p: A.Pattern, sym) -> list:
    """A pattern's filters as (key, how, value), the one reading of them both backends share: how is
    'is' (value: the kind or card of `c is silver`), 'value' (an expression evaluated when the trigger
    is registered), 'element' (value: (counter, index): the element's name, worked out when registered,
    `res = warriors[b]`) or 'const' (a plain value: the counter the element belongs to)."""
    out = []
    for a in p.args:
        element = pattern_element(p, a, sym)
        if is_filter(a):   # `played(c is attack)`, a member: (member, the field holding it) (Symbols.member_tests)
            field = getattr(sym, "member_tests", {}).get(id(a.value))
            out.append((a.name, "is", a.value.kind if field is None else (a.value.kind, field)))
        elif element is None:
            out.append((a.name, "value", event_arg(p.event, a.name, a.value, sym)))
        elif element[1] is None:   # the whole counter: any of its elements
            out.append((ELEMENT_OF, "const", element[0]))
        elif a.element:   # `warriors[c]`: each index bound, or a value it must be
            out.append((ELEMENT_OF, "const", element[0]))
            out += [(element_place(i, a.name), "value", part) for i, part in enumerate(element_parts(element[1]))
                    if binder(part, sym) is None]
        else:   # `res = warriors[b]`: the element's name, as the event announces it
            out.append((a.name, "element", element))
    if p.event == "shift":   # a shift's two sides name the counter once
        consts = [f for f in out if f[1] == "const"]
        out = [f for f in out if f[1] != "const"] + consts[:1]
    return out


def pattern_binders(p: A.Pattern, sym) -> list:
    """The (name, argument) pairs a pattern binds: `gain(warriors[c])` binds `c` to the index ("[0]"),
    `shift(warriors[a] to warriors[b])` binds `b` to the destination's ("to[0]")."""
    out = []
    for a in p.args:
        element = pattern_element(p, a, sym) if a.element else None
        if element is not None and element[1] is not None:
            out += [(name, element_place(i, a.name)) for i, part in enumerate(element_parts(element[1]))
                    if (name := binder(part, sym)) is not None]
    return out


def tag_element(action: str, param: str, expr, sym) -> "tuple | None":
    """(counter, index) when a tag's argument names an element of an indexed counter, as a pattern does
    (`gain 1 warriors[c] for gain(warriors[c]);`: `res`, and a shift's `dest`): the tag carries the
    element's name, and the counter and indexes a modifier's pattern reads (Game.element_args); else None."""
    if action not in ELEMENT_EVENTS or param != "res" and (param != "dest" or action != "shift"):
        return None
    if type(expr) is A.Index and type(expr.obj) is A.Name and indexed_counter(expr.obj.id, sym) is not None:
        return expr.obj.id, expr.index
    return None


def watched_counters(sym) -> list:
    """The indexed counters some pattern of the pack names as a whole or by a bound index: their
    elements' events carry the counter and the indexes (Program.elements); [] for the other packs."""
    return _named_by_patterns(sym, False)


def heard_vars(sym) -> list:
    """The variables some `set` pattern of the pack names (`whenever you set(pawn)`): their sets announce
    (Program.heard); [] for the other packs, whose sets announce nothing."""
    return _named_by_patterns(sym, True)


def heard_globals(sym) -> list:
    """The global counters some `gain` or `lose` pattern of the pack names (`whenever anyone gain(oceans)`,
    `gain(res = oceans)`, `lose(cubes[c])`): their gains and losses announce, the acting player the subject
    (Program.heard_globals); [] for the other packs, whose global counters announce nothing at no cost."""
    found = []
    for decl in sym.decls.values():
        for n in A.walk(decl):
            if type(n) is A.Pattern and n.event in GLOBAL_EVENTS:
                found += [name for a in n.args if (name := global_counter_named(n, a, sym)) and name not in found]
    return found


# the events of a global counter's change a pattern makes announced (its `pay` and `shift` always were, 7.1)
GLOBAL_EVENTS = ("gain", "lose")


def global_counter_named(p: A.Pattern, a: A.PatternArg, sym) -> "str | None":
    """The global counter a pattern's `res` filter names, whole or by an element (`gain(oceans)`, `res =
    oceans`, `gain(cubes[c])`), or None."""
    if a.name != "res" or p.event not in ELEMENT_EVENTS:
        return None
    v = a.value
    name = v.id if type(v) is A.Name else v.obj.id if type(v) is A.Index and type(v.obj) is A.Name else None
    decl = sym.decls.get(name) if name is not None else None
    return name if type(decl) is A.Counter and decl.is_global else None


def remembered_table(sym) -> list:
    """The remembered positions (`var board[point] global remembered: player;`, 3.3b): [position, [its variables]]
    each (Program.memories); [] for the other packs, whose games keep no positions."""
    from .resolve import remembered

    return [[name, [v.name for v in variables]] for name, variables in remembered(sym).items()]


def _named_by_patterns(sym, variables: bool) -> list:
    found = []
    for decl in sym.decls.values():
        for n in A.walk(decl):
            if type(n) is A.Pattern and (n.event == VAR_EVENT) == variables:
                for key, how, value in pattern_filters(n, sym):
                    if how == "const" and value not in found:
                        found.append(value)
    return found


def event_arg(event: str, param: str, expr, sym) -> object:
    """A value given for an event's argument (emitted, matched in a pattern, or in a tag): a bare
    track, resource, die or zone name stands for itself, unless the argument is declared to hold a
    number or another value (`event civ_phase(turn: int)`: `emit civ_phase(era)` passes your era)."""
    from .resolve import BUILTIN_EVENTS

    if event in BUILTIN_EVENTS:
        type_ = BUILTIN_EVENTS[event].get(param, "any")
        if param == "res" and isinstance(expr, A.Name) and sym.category(expr.id) is None and any(
                f.stock and f.name == expr.id for k in sym.decls.values() if isinstance(k, A.Kind) for f in k.fields):
            return A.Str(expr.id, span=expr.span)   # `gain(res = eggs)`: a stock cards hold stands for itself
    else:
        decl = sym.decls.get(event)
        type_ = next((p.type for p in getattr(decl, "params", ()) if p.name == param), "any")
        if isinstance(sym.decls.get(type_), (A.Kind, A.Enum)):
            return expr
    return expr if type_ in VALUE_ARGS else symbolic(expr, sym)


def order_free(sym: Symbols) -> list:
    """(trigger site, [(stock, +1 or -1), ...]) of each `whenever` whose firing does the same whenever it runs
    among others (7.5): its body only gains (or only loses) fixed amounts of its holder's plain stocks, so
    two such firings of one player on one event leave the same state in either order, as long as no stock is
    gained by one and lost by the other (a cap or floor then cuts in one order only: the runtime's test,
    `engine.commuting`). A plain stock is a resource or per-player counter whose cap is a number (clipping
    at a fixed cap commutes), that no cap of a group makes a gain ask about, that hands no excess to a proc,
    or a card's stock no kind caps, on `this` or a card named outright (the Warrior's tokens); and one whose
    gains and losses no pattern of the pack listens to (a trigger that reads order). Anything
    else (a choice, a `say`, an amount read from the state, a tagged gain modifiers may change) is not."""
    decls = sym.decls
    capped_groups = {m for g in decls.values() if type(g) is A.Group and g.cap is not None for m in g.members}
    # a card's stock (`gain 1 tokens on this;`) whose kinds give it no cap, on `this` or a card named outright
    stock_fields = [f for k in decls.values() if type(k) is A.Kind for f in k.fields if f.stock]
    uncapped = {f.name for f in stock_fields} - {f.name for f in stock_fields if f.cap is not None}
    listened: set = set()
    for decl in decls.values():
        for n in A.walk(decl):
            if type(n) is A.Pattern and n.event in ("gain", "lose"):
                named = [a.value for a in n.args if a.name == "res" or a.element]
                base = named[0].obj if named and type(named[0]) is A.Index else named[0] if named else None
                listened.add(base.id if type(base) is A.Name else "*")

    def plain(name: str) -> bool:
        d = decls.get(name)
        if type(d) is A.Resource:
            fixed_cap = d.cap is None or type(d.cap) is A.Int
            return fixed_cap and d.over is None and name not in capped_groups
        return type(d) is A.Counter and not d.is_global and d.indexes is None

    def on_card(st) -> bool:   # `on this`, `on warrior`: a stock no kind caps, on one card
        return st.resource in uncapped and type(st.on) is A.Name and (
            st.on.id == "this" or isinstance(decls.get(st.on.id), A.Entity))

    def moves(body: tuple) -> Optional[list]:
        found = set()
        for st in body:
            t = type(st)
            if t is A.Gain and st.tag is None and st.index is None and st.owner is None:
                sign = 1
            elif t is A.Lose and st.tag is None and st.index is None and st.to is None and st.debt is None:
                sign = -1
            else:
                return None
            if type(st.amount) is not A.Int or st.amount.value <= 0 or st.resource in listened or "*" in listened \
                    or not (on_card(st) if st.on is not None else plain(st.resource)):
                return None
            # (a card's stock is told from a player's by a name no declaration can have)
            found.add((st.resource if st.on is None else f"{st.resource} on", sign))
        return sorted(found) if len({name for name, _sign in found}) == len(found) else None

    sites = site_ids(sym)
    return [(sites[id(n)], [list(m) for m in found]) for n in trigger_nodes(sym)
            if (found := moves(n.body)) is not None]


def set_fields(sym: Symbols) -> set[str]:
    """The names of the fields some rule (`set x.name = ...;`), kernel or play (a stock: `gain 1 eggs on b;`, a die
    kept as a piece: `roll x;`) sets."""
    names = set()
    for decl in sym.decls.values():
        names.update(n.name for n in A.walk(decl) if isinstance(n, A.SetAttr))
        if isinstance(decl, A.Kind):
            names.update(f.name for f in decl.fields if f.stock or f.die is not None)   # a die kept as a piece: rolled
        if isinstance(decl, A.Extern):
            from rulebook.runtime.kernels import KERNELS   # here: a lint loads no kernel unless a pack names one

            if decl.name in KERNELS:
                names.update(KERNELS[decl.name].sets)
    return names


def idle_slots(lay: "Layout", sym: Symbols) -> list:
    """(card, slot) of each card's `anytime` slot or reaction written by its kind whose `when` (a reaction's
    `while`) is false for that card whatever happens (it reads only the card's fields no rule sets: Cosmic
    Encounter's `anytime in hand when this.boost` of an attack card): a slot the card has in name only, which
    `cover` and `simulate` do not count as one of its rules (the games never run it). A card's own slot is
    not idle, whatever its condition: a slot written for one card that can never run is the designer's to see."""
    kinds = {k.name: k for k in sym.decls.values() if isinstance(k, A.Kind)}
    unset, idle = None, []
    for kind, name, _title, fields, slots, _span, _pp, source, _number in lay.entities:
        inherited = [s for s in slots if type(s) in (A.Anytime, A.Reaction) and s.when is not None
                     and any(s is k for k in kinds[kind].slots)]
        if not inherited:
            continue
        if unset is None:
            unset = set_fields(sym)
        idle += [(name, slot.name) for slot in inherited if never_runs(slot, source, fields, sym, unset)]
    return idle


def never_runs(slot, card: str, fields: dict, sym: Symbols, unset: set) -> bool:
    """Whether an `anytime` slot's `when` (a reaction's `while`) is false for the card whatever happens, as
    `card_value` works it out from the card's `fields` that no rule sets (`unset`: set_fields)."""
    try:
        return slot.when is not None and not card_value(slot.when, card, {f: v for f, v in fields.items()
                                                                           if f not in unset}, sym)
    except A.NotConstant:
        return False


def card_value(e: A.Expr, card: str, fields: dict, sym: Symbols, bound: Optional[dict] = None, depth: int = 0):
    """The value of a condition about one card known as the pack is made, or A.NotConstant: `this` is the card
    (its declared name), `this.F` (or `c.F`, c a func's parameter given `this`) one of its `fields` (those
    no rule sets), enum members and cards are their names, a pack's func is read through its value with the
    arguments bound (not one a card overrides), and `and`/`or` are known when one side decides them (a
    condition changes nothing, so the side not worked out cannot matter); the rest as `A.as_const`."""
    bound = bound or {}
    t = type(e)
    if t is A.Attr:   # `this.F`, or `c.F` of a func's parameter given `this`
        if e.name in fields and id(e) not in sym.adjusted and card_value(e.obj, card, fields, sym, bound, depth) == card:
            return fields[e.name]
        raise A.NotConstant
    if t is A.Name:
        if e.id in bound:
            return bound[e.id]
        if e.id == "this":
            return card
        named = sym.decls.get(e.id)
        if isinstance(named, A.Entity) or any(isinstance(d, A.Enum) and e.id in d.members for d in sym.decls.values()):
            return e.id
        raise A.NotConstant
    if t is A.Binary and e.op in ("and", "or"):
        sides = []
        for side in (e.left, e.right):
            try:
                value = card_value(side, card, fields, sym, bound, depth)
            except A.NotConstant:
                continue
            if bool(value) == (e.op == "or"):   # `false and ...`, `true or ...`: decided
                return value
            sides.append(value)
        if len(sides) < 2:
            raise A.NotConstant
        return sides[1]
    if t is A.Binary:   # the two sides' values folded by the one constant evaluator
        return A.as_const(A.Binary(e.op, _constant_node(card_value(e.left, card, fields, sym, bound, depth), e.span),
                                   _constant_node(card_value(e.right, card, fields, sym, bound, depth), e.span),
                                   span=e.span))
    if t is A.Unary and e.op == "not":
        return not card_value(e.operand, card, fields, sym, bound, depth)
    if t is A.IsKind and e.subject is not None and id(e) not in sym.same_card \
            and card_value(e.subject, card, fields, sym, bound, depth) == card:
        # `this is instant` (a member its types hold) or `this is creature` (its kind): printed, as a field is
        field = sym.member_tests.get(id(e))
        if field is None:
            return e.kind in (card, getattr(sym.decls.get(card), "kind", None))
        if field not in fields:
            raise A.NotConstant
        held = fields[field]
        return held == e.kind or (type(held) in (list, tuple) and e.kind in held)
    if t is A.Cond:
        chosen = e.then if card_value(e.cond, card, fields, sym, bound, depth) else e.otherwise
        return card_value(chosen, card, fields, sym, bound, depth)
    if t is A.Match:
        subject = card_value(e.subject, card, fields, sym, bound, depth)
        for case in e.cases:
            if any(type(v) is A.Range for v in case.values):
                raise A.NotConstant
            if any(card_value(v, card, fields, sym, bound, depth) == subject for v in case.values):
                return card_value(case.result, card, fields, sym, bound, depth)
        if e.otherwise is None:
            raise A.NotConstant
        return card_value(e.otherwise, card, fields, sym, bound, depth)
    if t is A.Call and type(sym.decls.get(e.func)) is A.Func and depth < 8 \
            and not any(name.startswith(e.func + ".") for name in sym.decls):
        func = sym.decls[e.func]
        if len(e.args) > len(func.params):
            raise A.NotConstant
        values = {p.name: card_value(a, card, fields, sym, bound, depth)
                  for p, a in zip(func.params, e.args)}
        for p in func.params[len(e.args):]:
            if p.default is None:
                raise A.NotConstant
            values[p.name] = A.as_const(p.default)
        return card_value(func.value, card, fields, sym, values, depth + 1)
    return A.as_const(e)


def anytime_offer(slot: A.Anytime) -> Optional[A.Expr]:
    """Whether an `anytime` slot is offered to its holder at a window (besides its `once per` period): its
    `when COND`, and its leading `pay` affordable (as a choose option's, 4.6); None when always."""
    cost, copied = leading_cost(slot.body), copied_slot(slot.body)
    paid = A.Affordable(cost, leading_tag(slot.body), span=slot.body[0].span) if cost else \
        A.CanCopy(copied, slot.body[0].args, span=copied.span) if copied is not None else None
    if slot.when is None or paid is None:
        return slot.when if paid is None else paid
    return A.Binary("and", slot.when, paid, span=slot.when.span)


def copied_slot(body: tuple) -> Optional[A.Attr]:
    """`this.SLOT` of an `anytime` block that starts with `copy this.SLOT;` (the card's own effect run as
    its action): the slot whose `can copy` test (its leading pay, its opening decision) gates the offer."""
    first = body[0] if body else None
    if type(first) is A.Copy and type(first.ref) is A.Attr and type(first.ref.obj) is A.Name \
            and first.ref.obj.id == "this":
        return first.ref
    return None


def anytime_periods(lay: "Layout") -> list:
    """The `once per PATTERN` of the cards' `anytime` slots, for `runtime.program.assemble`: (card, slot,
    subject mode, event) for each declaration's slot that rests (its pattern has no argument, E409)."""
    return [(name, slot.name, subject_mode(slot.rest, "anyone"),
             f"end of {slot.rest.event}" if slot.rest.event in lay.period_ends else slot.rest.event)
            for _kind, name, _title, _fields, slots, _span, _pp, source, _number in lay.entities if name == source
            for slot in slots if type(slot) is A.Anytime and slot.rest is not None]


def leading_tag(body: tuple):
    """The action tag of the cost paid first in a body (a forbidden action's option is not offered)."""
    if body and isinstance(body[0], A.Pay):
        return body[0].tag
    return None


def option_labels(choose: A.Choose) -> list[str]:
    """The option labels of a `choose`, as both backends show them; a label with values stands as
    written, until both backends fill it in for an option offered (see `plain_text`)."""
    texts = [plain_text(o, f"option {i + 1}") for i, o in enumerate(choose.options)]
    return [o.title if text is None else text for o, text in zip(choose.options, texts)]


def plain_text(s, default: str = "") -> Optional[str]:
    """The text of a decision's prompt or an option's label (a node with `title` and `title_parts`)
    when it shows no values: its title (`{{`, `}}` read as braces, as in `say`), or `default` when it
    has none; None when it shows values, which both backends work out when the decision is asked."""
    if not s.title_parts:
        return s.title or default
    if all(type(p) is str for p in s.title_parts):
        return "".join(s.title_parts)
    return None


def default_prompt(s) -> str:
    """The prompt of a decision written without one."""
    if isinstance(s, A.Choose):
        return DEFAULT_CHOOSE_PROMPT
    if isinstance(s, (A.May, A.FirstMay)):
        return DEFAULT_MAY_PROMPT
    if isinstance(s, A.Auction):
        return "bid"
    if isinstance(s, A.Offer):
        return DEFAULT_OFFER_PROMPT
    return f"{s.var}: which next?" if isinstance(s, A.ForEach) else f"pick {s.var}"


def leading_cost(body: tuple):
    """The cost paid first in a body, which decides whether an option is affordable."""
    if body and isinstance(body[0], A.Pay):
        return body[0].terms
    return None


def free_names(body: tuple) -> set[str]:
    """Every bare name used in a body or expressions (a trigger captures those that are locals where
    it is registered)."""
    names = set()
    for stmt in body:
        for n in A.walk(stmt):
            if isinstance(n, A.Name):
                names.add(n.id)
            else:   # a statement names its track or resource by a bare word, which may be a local
                names.update(v for v in (getattr(n, f, None) for f in STATEMENT_NAMES) if type(v) is str)
    return names


# the fields by which statements name a track, resource or die (`advance t`, `gain 1 r`, `lose ... else r`,
# `roll d`)
STATEMENT_NAMES = ("track", "resource", "debt", "die")


def subject_mode(pattern: A.Pattern, default: str = "you") -> str:
    """Whose events a pattern matches: 'you', 'opponents', 'anyone' or 'nobody' (`default` when none is written)."""
    return A.subject_word(pattern, default)


DEFAULT_MAY_PROMPT = "take this optional effect?"
DEFAULT_CHOOSE_PROMPT = "choose one"
DEFAULT_OFFER_PROMPT = "accept the offer?"
OFFER_CHOOSE_PROMPT = "choose a partner among those who accepted"


SYMBOLIC = ("resource", "counter", "track", "die", "zone", "kind", "variant")


def actor_call(e: A.Method, sym) -> bool:
    """Whether `obj.f(args)` evaluates a pack func for the player `obj` (the func takes exactly the
    arguments given), rather than passing `obj` as its first argument."""
    decl = sym.decls.get(e.name)
    return type(decl) is A.Func and len(decl.params) == len(e.args)


def builtin_args(func: str, args: tuple, sym) -> tuple[bool, tuple]:
    """(whether the first argument is the actor, the arguments with name arguments standing for themselves)."""
    from .resolve import BUILTIN_FUNCS

    spec = BUILTIN_FUNCS[func]
    if func == "supply" and len(args) == 2:   # `supply(cubes, red)`: the bank of a counter's member (`per`)
        return False, (symbolic(args[0], sym), args[1])
    explicit = spec.about_actor and len(args) == spec.high
    if spec.names and args:
        last = args[-1]
        grouped = "group" in spec.names and isinstance(last, A.Name) and sym.category(last.id) == "group"
        args = args[:-1] + (A.Str(last.id, span=last.span) if grouped else symbolic(last, sym),)
    return explicit, args


NAME_TYPES = ("resource", "counter", "track", "zone", "die")


def proc_result_call(value, sym) -> "Optional[A.Proc]":
    """The proc a `let` runs for its value (`let found = claim(h);`), or None when the value is an
    expression (both backends and the checker ask this)."""
    if isinstance(value, A.Call):
        decl = sym.decls.get(value.func)
        if isinstance(decl, A.Proc):
            return decl
    return None


def deciding(cond, sym) -> frozenset:
    """The ids of the nodes of an `if`, `else if` or `while` condition that run a proc (`if
    claim(h) and ...`): each call of a proc standing where the condition may run it (the condition
    itself, an operand of `and`, `or`, `not`, `-`, a comparison or arithmetic) and each node above
    one. Empty for a plain condition (the checker, both backends and explain ask this)."""
    found: set = set()
    stack = [(cond, False)]
    while stack:   # without recursion (chains can be long): a node is looked at again after its operands
        e, done = stack.pop()
        if type(e) is A.Call:
            if isinstance(sym.decls.get(e.func), A.Proc):
                found.add(id(e))
        elif type(e) is A.Binary:
            if done:
                if id(e.left) in found or id(e.right) in found:
                    found.add(id(e))
            else:
                stack += [(e, True), (e.right, False), (e.left, False)]
        elif type(e) is A.Unary:
            if done:
                if id(e.operand) in found:
                    found.add(id(e))
            else:
                stack += [(e, True), (e.operand, False)]
    return frozenset(found)


def call_args(decl, args: tuple, sym) -> tuple:
    """Arguments of a proc or func call: for a `resource`, `track` or `die` parameter a bare name
    stands for itself, so `icon(walls, 2)` passes the resource walls, not your walls. A `zone`
    parameter receives the zone itself (the caller's own, for a per-player zone), which `move`,
    `draw`, `shuffle` and `fill` take as their operand. A parameter the call leaves out gets its
    declared default (`func military(w: card = none)`): both backends call with every argument."""
    if len(args) < len(decl.params):
        args = tuple(args) + tuple(p.default for p in decl.params[len(args):])
    return tuple(symbolic(a, sym) if p.type in NAME_TYPES and p.type != "zone" else a
                 for p, a in zip(decl.params, args))


def shown_by_name(die: A.Die, sym) -> A.Die:
    """A die whose faces show a resource, track or die: a bare name on a face stands for itself, as
    in a call's argument (`face "coin" = coin;` shows the resource, not the roller's coins)."""
    if die.type not in NAME_TYPES or die.type == "zone":
        return die
    faces = tuple(A.Face(f.title, f.body, symbolic(f.value, sym) if f.value is not None else None, span=f.span)
                  for f in die.faces)
    return A.Die(die.name, die.title, faces, die.type, span=die.span)


def symbolic(expr, sym) -> object:
    """In event patterns and emitted arguments a track, resource, die or zone name stands for itself."""
    if isinstance(expr, A.Name) and sym.category(expr.id) in SYMBOLIC:
        return A.Str(expr.id, span=expr.span)
    return expr


def standing_uses(n) -> Optional[set]:
    """The names a registered callable uses, for the statements that register one (a trigger's body,
    a modifier's `while` condition); None for every other statement."""
    if type(n) is A.Whenever:
        return free_names(n.body) | (free_names((n.cond,)) if n.cond is not None else set())
    if type(n) is A.Modifier:   # (and its consequence, 7.7d, run later with the same saved locals)
        return (free_names((n.cond,)) if n.cond is not None else set()) | \
            (free_names(n.then) if n.then is not None else set())
    return None


def blocks_below(n: A.Node) -> Iterator[tuple]:
    """The statement blocks right below a node, found generically (through its parts; a statement
    holding another, `each ... simultaneously pick`, as a block of one): a new statement needs no case."""
    for name in n._fields:
        yield from _blocks_in(getattr(n, name))


def _blocks_in(value) -> Iterator[tuple]:
    """The statement blocks of one field's value (blocks_below)."""
    if isinstance(value, tuple) and value and isinstance(value[0], A.Stmt):
        yield value
    elif isinstance(value, tuple):
        for part in value:
            if isinstance(part, A.Part):
                yield from blocks_below(part)
    elif isinstance(value, A.Part):
        yield from blocks_below(value)
    elif isinstance(value, A.Stmt):
        yield (value,)


# the fields naming the locals a statement binds in its blocks (a loop's or a pick's variable, an auction's
# winner, price and stakes, an offer's partner), and the blocks that bind others or none: an auction's `passed`
# block binds the bidder who passed and their bid, its `bids` block each bidder and their call; an `else` block
# (nothing picked, won or accepted), none
BINDING_FIELDS = ("var", "receiver", "winner", "price", "stakes", "partner")
BLOCK_BINDINGS = {"passed": ("passer", "passed_bid"), "bids": ("bidder", "bid_made"), "otherwise": ()}


def blocks_binding(s: A.Stmt) -> Iterator[tuple[tuple, tuple]]:
    """The statement blocks right below a statement (as `blocks_below` finds them), each with the locals the
    statement binds in it: the one definition the walks that follow the locals in scope read
    (trigger_captures, kept_locals)."""
    bound = tuple(n for n in (getattr(s, f) for f in BINDING_FIELDS if f in s._fields) if n is not None)
    for name in s._fields:
        names = tuple(getattr(s, f) for f in BLOCK_BINDINGS[name]) if name in BLOCK_BINDINGS else bound
        for block in _blocks_in(getattr(s, name)):
            yield block, names


def trigger_captures(sym) -> dict[int, list[str]]:
    """For every `whenever`/`next` and `modifier` (by node id): the locals in scope there that its
    body (a modifier: its `while` condition) uses.

    Both backends capture exactly these into the saved environment, so a saved game is the same
    whichever backend ran it.
    """
    captures: dict[int, list[str]] = {}

    # `scope` counts the bindings of each local name in force (a name can be bound again inside);
    # names are added and taken away as blocks open and close, so a long run of lets stays linear
    def block(stmts: tuple, scope: dict) -> None:
        lets = []
        for s in stmts:
            uses = standing_uses(s)
            if s.bound() is not None:
                scope[s.bound()] = scope.get(s.bound(), 0) + 1
                lets.append(s.bound())
            elif uses is not None:
                bound = [n for n, _k in pattern_binders(s.pattern, sym)] if type(s) is A.Whenever else []
                captures[id(s)] = sorted(n for n in uses if scope.get(n) and n not in bound)
                if type(s) is A.Whenever:
                    block(s.body, dict.fromkeys(captures[id(s)] + bound, 1))
                elif s.then is not None:   # a modifier's consequence (7.7d): a body of its own, as a trigger's
                    block(s.then, dict.fromkeys(captures[id(s)], 1))
            else:
                for stmts, names in blocks_binding(s):
                    for name in names:
                        scope[name] = scope.get(name, 0) + 1
                    block(stmts, scope)
                    for name in names:
                        scope[name] -= 1
        for name in lets:
            scope[name] -= 1

    for decl in sym.decls.values():
        scope = dict.fromkeys((p.name for p in decl.params) if type(decl) is A.Proc else (), 1)
        for stmts in blocks_below(decl):
            block(stmts, scope)
    return captures


def names_bound(n: A.Node) -> set:
    """Every local a statement binds, itself or in the blocks below it (a `let`, a loop's or a pick's
    variable, an auction's winner and price, an offer's partner), in the function it runs in: not in
    the body of a `whenever`, which runs on its own saved locals."""
    out, stack = set(), [n]
    while stack:
        x = stack.pop()
        if isinstance(x, A.Expr) or (type(x) is A.Whenever and x is not n):
            continue
        if isinstance(x, A.Stmt):
            if x.bound() is not None:
                out.add(x.bound())
            out.update(getattr(x, f) for f in ("var", "winner", "price", "partner") if getattr(x, f, None) is not None)
            if type(x) is A.Whenever:
                continue
        stack.extend(x.children())
    return out


def kept_locals(sym) -> dict[int, list[tuple[int, tuple[str, ...]]]]:
    """Where a local must be kept and given back, so that a name bound again inside a block (a `let`,
    a loop's or a pick's variable named as a local of an enclosing block or a parameter) is that block's
    own and the outer one comes back after it (4.12): by the id of a statement, the (id of the last
    statement, the names) to keep before it and give back after that last one. A compound statement
    that binds an outer name inside keeps it around itself; a `before`/`after` part of a proc that
    binds or sets a parameter keeps it around the part, so the next part sees the parameter as the call
    gave it. Both backends read this; a pack that binds no name again has none."""
    kept: dict[int, list] = {}
    captures = trigger_captures(sym)

    def block(stmts: tuple, scope: dict) -> None:
        lets = []
        for s in stmts:
            if s.bound() is not None:
                scope[s.bound()] = scope.get(s.bound(), 0) + 1
                lets.append(s.bound())
                continue
            if type(s) is A.Whenever:   # its body runs apart, on the locals it captured
                block(s.body, dict.fromkeys(captures.get(id(s), ()), 1))
                continue
            again = sorted(name for name in names_bound(s) if scope.get(name))
            if again:
                kept.setdefault(id(s), []).append((id(s), tuple(again)))
            for stmts, names in blocks_binding(s):
                inner = dict(scope) if names else scope
                for name in names:
                    inner[name] = inner.get(name, 0) + 1
                block(stmts, inner)
        for name in lets:
            scope[name] -= 1

    for decl in sym.decls.values():
        params = [p.name for p in decl.params] if type(decl) is A.Proc else []
        for stmts in blocks_below(decl):
            block(stmts, dict.fromkeys(params, 1))
        parts = sym.parts.get(decl.name) if params else None
        if parts is None or not same_statements(parts, decl.body):
            continue
        for part in parts[:-1]:   # each part but the last gives the parameters it binds or sets back
            if not part:
                continue
            changed = {s.bound() for s in part} | {n.name for s in part for n in A.walk(s) if type(n) is A.SetName}
            names = tuple(sorted(changed & set(params)))
            if names:
                kept.setdefault(id(part[0]), []).insert(0, (id(part[-1]), names))
    return kept


def site_ids(sym) -> dict[int, str]:
    """For every `whenever`/`next`, `modifier` and `once` (by node id): a name that does not depend on
    layout, `DECLARATION#N`. Triggers, modifiers and `once` marks are saved in the game state under it, so `rulebook
    fmt`, comments or the folder a pack sits in never change a game's final state digest."""
    ids: dict[int, str] = {}
    for decl in sym.decls.values():
        count = options = periods = 0
        name = getattr(decl, 'name', type(decl).__name__)
        for n in A.walk(decl):
            if type(n) in (A.Whenever, A.Modifier, A.Once):
                count += 1
                ids[id(n)] = f"{name}#{count}"
            elif type(n) is A.Option and n.limit is not None and (n.once or n.rest is not None):
                ids[id(n)] = f"limit#{n.limit}"   # a shared limit: one mark for every option naming it
            elif type(n) is A.Option and n.once:   # numbered apart: adding one moves no other site
                options += 1
                ids[id(n)] = f"{name}#option{options}"
            elif type(n) is A.Option and n.rest is not None:   # `once per PATTERN`: its period's trigger
                periods += 1
                ids[id(n)] = f"{name}#period{periods}"
    return ids


# a constant range of at most this many numbers is bounded by the pack's text
UNCOUNTED_RANGE = 100
PLAYER_DOMAINS = ("players", "opponents", "neighbours")


def bounded_domain(e, sym: Symbols, local_names, this_ok: bool, it_mode) -> bool:
    """Whether a loop over `e` is bounded by the pack's text, so that neither backend counts it
    against the step budget: a zone (the pack's cards), the players, an enum, a record's values (at
    most MAX_ELEMENTS), a list written out, a short constant range. Nested, such loops still end, after a number of rounds the text fixes;
    every loop that could run away (a computed range or list, `while`, `repeat`, recursion) is
    counted, so E602 still stops every spin, at the same step on both backends."""
    if isinstance(e, A.Name):
        how, name = classify(e.id, local_names, this_ok, it_mode, sym)
        return how in ("zone", "enum", "record") or (how == "domain" and name in PLAYER_DOMAINS)
    if isinstance(e, A.Index):   # an element of an indexed zone (`slot[k]`) is a zone too
        ref = indexed_ref(e, sym, local_names)
        return ref is not None and ref[1] is None and \
            classify(ref[0], local_names, this_ok, it_mode, sym)[0] == "zone"
    if type(e) is A.ListLit or type(e) is A.RowMembers:   # (an enum's row: its members, as the enum's)
        return True
    if type(e) in (A.Call, A.Method) and not (type(e) is A.Method and actor_call(e, sym)):
        spec = BUILTIN_FUNCS.get(e.func if type(e) is A.Call else e.name)
        return spec is not None and spec.returns == "list:player"   # `players_from(p)`
    if type(e) is A.Int:
        return e.value <= UNCOUNTED_RANGE
    if type(e) is A.Range:
        return type(e.low) is A.Int and type(e.high) is A.Int and e.high.value - e.low.value < UNCOUNTED_RANGE
    return False
