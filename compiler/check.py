"""Check: names, kinds of names, arities, field types and ranges; lints for unused and dead rules."""

from __future__ import annotations

import math
import operator
from collections import deque
from dataclasses import replace
from functools import cached_property
from typing import Iterable, NamedTuple, Optional

from rulebook.dsl import ast as A
from rulebook.dsl.diagnostics import Diagnostic, closest, did_you_mean
from rulebook.dsl.lexer import CONTEXTUAL
from rulebook.dsl.parser import CARD_WORDS, TIE_MODES
from rulebook.dsl.printer import seat_teams_text, seats_text, quote, cost as printed_cost, declaration_text, expr as printed, params_text
from rulebook.runtime.state import as_written, ring_apart

from .layout import MAX_ELEMENTS, branch_lacking, by_seat, copied_slot, never_open, index_keys, opening_reads, opening_test, record_axes, record_size, slot_test
from .layout import never_runs, period_end, set_fields
from .layout import chosen, derived_when, copy_fields, copy_items, copy_title, fields_number_copies, filled_zones, is_field_value, leading_cost, numbered, option_gate, paid_first
from .layout import SHAPE_CALLS, blind_zones, destinations, grid_cells, grid_rows, record_shape
from .layout import filled_base, redeal_params, at_seats, plain_values, python_blocks, recursive, MAX_PYTHON_BLOCKS
from .layout import NAME_TYPES, actor_call, deciding, event_arg, proc_result_call
from .layout import ELEMENT_EVENTS, VAR_EVENT, binder, element_parts, heard_var, indexed_counter, pattern_binders, pattern_element
from .resolve import zone_kinds, TEAM_WORDS, ALIASES, BUILTIN_DOMAINS, BUILTIN_EVENTS, BUILTIN_FUNCS, CATEGORY, PHASES, STEPS, SUBJECT, Symbols, declared_at
from .resolve import held_only, holds_slots, reads_it, knowledge_args, knowledge_call, revealed_field, tokens_in, unknowing_reads
from .resolve import LABELLED, arm_change, enum_changes, if_change, loop_change, may_change, option_change, pick_change
from .resolve import said_for_names, index_place, index_cell, shortfall_holder, card_term_zone
from .layout import TABLE_TYPES, table_value
from .resolve import CELL_WALKS, DIAGONAL, PAIR_WALKS, HEX, KEEPING, NEIGHBOURS, cell_neighbours, cell_walk, off_scale, remembered, same_statements, seen_call, zone_piles, rounding

# the seats a frame is worked out for when the pack has no game (a base read alone by an expansion's lint)
MAX_FRAME_SEATS = 8

# the declarations whose bare name is no value (E301): an enum member of the same name (E208) is read there
NO_VALUE = frozenset({"proc", "func", "extern", "event", "game", "variant", "die"})

# what a `list of ITEM` may hold besides an enum's members, a kind's cards, records and lists of those
# (`list of player`, as `players` is; `list of list of int`)
LIST_ITEMS = {"player", "int", "decimal", "str", "bool"}
# the items a card's list field may hold written out as constants (`xs: list of int`), besides members and cards
SCALAR_ITEMS = LIST_ITEMS - {"player"}
VALUE_TYPES = {"int", "decimal", "str", "bool", "effect", "list", "player", "resource", "counter", "track", "zone", "die", "any"}
# the types no list holds (E487: `list of effect`, `list of zone`; `list of list` that says no more), each with
# what to write instead
NO_LIST_ITEMS = (VALUE_TYPES - LIST_ITEMS) | {"cost"}
NO_LIST_HINTS = {
    "list": "say what the inner lists hold: 'list of list of int'",
    "effect": "a card's effect is run where it is, not kept: keep the card ('list of KIND')",
    "zone": "a list keeps values, not places: index the zone by an enum to have one for each member "
            "('zone pile[colour] of card;'), or keep the cards themselves ('list of KIND')",
    "die": "keep what the dice rolled ('list of int', or the type of the die's faces), or roll the dice again",
    "any": "say what the list holds: 'list of int', 'list of player', 'list of KIND', ...",
    "cost": "a cost is a card's printed price, read where it is paid: keep the cards ('list of KIND')",
    **{stock: f"a list holds no {stock} names: index one {stock} by an enum ('{stock} stock[good];') and keep "
              f"the members ('list of good'), or keep numbers ('list of int')" for stock in ("counter", "resource", "track")},
}
# the builtin types in the order an unknown type's note lists them (E201: every one, then the pack's)
TYPE_NAMES = ("int", "decimal", "str", "bool", "player", "list of TYPE", "list", "resource", "counter", "track", "zone", "die", "effect", "any")
SUBJECTS = {"anyone", "players", "opponents", "opponent", "others", "teammates", "teammate"}
# Documented limits (E310): deeper rules would exceed what generated Python may nest (20 loops, 100
# indentation levels, 200 parentheses) and are better written with a proc, a func or a `let`.
MAX_BLOCK_DEPTH = 16
MAX_EXPR_DEPTH = 100
# Documented limits on copies (E308): every copy is an object of the running game, so a typo such as
# `* 100000000000000000` must be refused before it exhausts the memory (found by bench/fuzz.py).
MAX_COPIES = 1_000
MAX_ENTITIES = 100_000


# statements that bring cards into a zone: a zone's shortfall option raises with one (or a call that might)
CARDS_IN = (A.Draw, A.Move, A.MoveAll, A.Deal, A.Fill, A.CallStmt, A.Call)


def printed_break(s: A.Break) -> str:
    return "break;" if s.label is None else f"break {s.label};"


DECLARED = "declared:"   # `what` of a typed func's value (typed_value): the message says the expression is wrong


def and_tests(e) -> tuple[list, object]:
    """`A and B and C` as ([A, B], C); any other expression as ([], itself)."""
    if type(e) is A.Binary and e.op == "and":
        left, left_last = and_tests(e.left)
        right, last = and_tests(e.right)
        return left + [left_last] + right, last
    return [], e



# the statements that ask a player, as E480 names them (a pick at random and a plain `for each` do not ask)
DECISION_WORDS = {A.Choose: "choose", A.May: "may", A.Pick: "pick", A.Simultaneous: "simultaneous pick",
                  A.Auction: "auction", A.Offer: "offer", A.FirstMay: "'first ... may'", A.Window: "window",
                  A.ForEach: "'for each ... in any order'"}


def printed_head(stmt) -> str:
    """A statement's first line as written (its block left out), for a note."""
    from rulebook.dsl.printer import Printer
    p = Printer()
    p.stmt(stmt)
    return p.lines[0].strip().removesuffix("{").removesuffix("{}").rstrip()


# the names other languages give a builtin, for the E207 that names ours (`len(hand)` is `size(hand)`): the
# builtin, and what it gives
FAMILIAR_FUNCS = {
    "len": ("size", "the number of items of a zone or a list"),
    "length": ("size", "the number of items of a zone or a list"),
    "sum": ("total", "the sum over a domain"),
    "any": ("some", "whether some element of a domain holds"),
    "all": ("every", "whether every element of a domain holds"),
    "filter": ("gather", "the list of the elements that hold"),
    "sort": ("sorted", "a domain in order"),
    "reversed": ("reverse", "a list backwards"),
    "includes": ("contains", "whether a zone or a list holds a value"),
    "has": ("contains", "whether a zone or a list holds a value"),
    "index": ("index_of", "the place of a value in a zone or a list"),
}

# the visibilities of zones that players other than their owner see into: a swap of one is watched
SEEN_BY_OTHERS = ("public", A.HIDDEN_FROM_OWNER)


class Scope:
    """Locals visible at a point of an effect, and what `this` and `it` mean there."""

    __slots__ = ("locals", "this_kind", "it_event", "it_kind", "gives", "proc", "narrow", "it_var", "sized")

    def __init__(self, this_kind=None, it_event=None, it_kind=None):
        self.locals: dict[str, list] = {}   # name -> [span, used?]
        self.this_kind, self.it_event, self.it_kind = this_kind, it_event, it_kind
        self.gives: Optional[A.Proc] = None   # the proc with a result type whose body this is (`return`)
        self.proc: Optional[A.Proc] = None    # the proc, with a result type or not, whose body this is
        # name -> (its locals entry, the type it is read as) where a test narrowed it (`if c is advanced`):
        # only while that entry is the name's (an inner local of the same name is not narrowed)
        self.narrow: dict[str, tuple] = {}
        self.it_var: Optional[str] = None   # a `set(VAR)` pattern's: the type `it.old` and `it.new` are read as
        # a card's list field, as printed (`d.rents`) -> the fewest items a test says it has there
        # (`if size(d.rents) >= 2`): W467 is not said of a position the test covers
        self.sized: dict[str, int] = {}

    def child(self) -> "Scope":
        s = Scope(self.this_kind, self.it_event, self.it_kind)
        s.locals, s.gives, s.proc, s.narrow = self.locals.copy(), self.gives, self.proc, self.narrow
        s.it_var, s.sized = self.it_var, self.sized
        return s


# `size(X) OP N` with the least size it tells where it holds, and where it fails: OP -> (holds, fails)
_SIZE_AT_LEAST = {">=": (0, None), ">": (1, None), "==": (0, None), "<": (None, 0), "<=": (None, 1)}
_FLIPPED = {">=": "<=", "<=": ">=", ">": "<", "<": ">", "==": "=="}


def size_facts(cond, holds: bool) -> dict:
    """The least number of items a condition says a card's list field has where it holds (or fails):
    printed field -> count (`size(d.rents) >= 2` -> {'d.rents': 2}); `not` and `and` (`or` where it fails)
    combine. Only a field read on a name (`d.rents`): a card's list fields do not change in play. A field's
    value tested on the same name (`d.set == railroad`) is kept too, as a key ('=', 'd.set', OP, VALUE) (OP
    '==' or '!=' as it holds there, VALUE printed): W467 leaves out the declarations it rules out."""
    if type(cond) is A.Unary and cond.op == "not":
        return size_facts(cond.operand, not holds)
    if type(cond) is not A.Binary:
        return {}
    if cond.op == ("and" if holds else "or"):   # both sides hold (or both fail)
        left, right = size_facts(cond.left, holds), size_facts(cond.right, holds)
        merged = {k: max(left.get(k, 0), right.get(k, 0)) for k in left.keys() | right.keys() if type(k) is str}
        merged.update({k: v for facts in (left, right) for k, v in facts.items() if type(k) is tuple})
        return merged
    if cond.op in ("==", "!=") and type(cond.left) is A.Attr and type(cond.left.obj) is A.Name \
            and type(cond.right) in (A.Name, A.Int, A.Str, A.Bool):
        equal = (cond.op == "==") == holds
        return {("=", printed(cond.left), "==" if equal else "!=", printed(cond.right)): True}
    op, sized, bound = cond.op, cond.left, cond.right
    if not (type(sized) is A.Call and sized.func == "size"):   # `2 <= size(...)`: read from the other side
        op, sized, bound = _FLIPPED.get(op), cond.right, cond.left
    if op not in _SIZE_AT_LEAST or not (type(sized) is A.Call and sized.func == "size" and len(sized.args) == 1):
        return {}
    field, n = sized.args[0], constant(bound)
    if type(field) is not A.Attr or type(field.obj) is not A.Name or type(n) is not int:
        return {}
    extra = _SIZE_AT_LEAST[op][0 if holds else 1]
    return {} if extra is None else {printed(field): n + extra}


def ruled_out(decl: A.Entity, name: str, facts: dict) -> bool:
    """Whether a test on `name`'s fields (`size_facts`: `d.set == railroad` holds, or fails) says the card
    `name` holds is no copy of the declaration `decl` (its field written otherwise)."""
    for key in facts:
        if type(key) is not tuple or not key[1].startswith(name + "."):
            continue
        _eq, _field, op, value = key
        field = key[1][len(name) + 1:]
        written = next((v.value for v in decl.values if isinstance(v, A.FieldValue) and v.name == field), None)
        if written is not None and (printed(written) == value) != (op == "=="):
            return True
    return False


# names a pack may give its kinds and enums whose sound is not their first letter's
SOUNDED_AS_CONSONANT = ("use", "usu", "uni", "eu", "one", "once")
SOUNDED_AS_VOWEL = ("hour", "honour", "honest", "heir")


def each_players_own(nodes) -> set:
    """The ids of the names among `nodes` (and inside them) that a statement reads for every player, each as `you`,
    so no first player's (W417, W589): `pass hand to left;` (its zone and receiver), the zone `deal ... to hand;`
    deals into (each receiver's own)."""
    own: set = set()
    for n in nodes:
        if type(n) is A.PassOn:
            own.update(id(x) for x in A.walk(n))
        elif type(n) is A.Deal:
            own.add(id(n.dest))
    return own


def slot_words(slot) -> str:
    """How a card's reaction or anytime slot is named in a finding."""
    return "modifier" if isinstance(slot, A.HeldModifier) else "reaction" if isinstance(slot, A.Reaction) \
        else "override" if isinstance(slot, A.HeldOverride) else "option" if isinstance(slot, A.HeldOption) \
        else "'anytime' slot"


def within(span: A.Span, outer: A.Span) -> bool:
    """Whether a span lies inside another (of the same file)."""
    return span.file == outer.file and (outer.line, outer.column) <= (span.line, span.column) <= \
        (outer.end_line, outer.end_column)


def article(word: str) -> str:
    """`a track`, `an int`, `a use`: the article a category or type name needs (by its sound)."""
    lower = word.lower()
    vowel = lower[:1] in "aeiou" and not lower.startswith(SOUNDED_AS_CONSONANT) or lower.startswith(SOUNDED_AS_VOWEL)
    return ("an " if vowel else "a ") + word


def given(t: Optional[str]) -> str:
    """`a number`, `no value`: what a proc or func gives, as a designer reads it."""
    return "no value" if t is None else "a value of unknown type" if t == "any" else article(words(t))


def arguments(n) -> str:
    """`1 argument`, `2 arguments`."""
    return f"{n} argument" + ("" if n == 1 else "s")


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def nth(i: int) -> str:
    """`first` for 0, `second` for 1, ... `11th` for 10: an index's place among a grid's, in words."""
    if i < len(ORDINALS):
        return ORDINALS[i]
    n = i + 1
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def indexes_count(n: int) -> str:
    """`one index`, `two indexes`, `4 indexes`."""
    return {1: "one index", 2: "two indexes", 3: "three indexes"}.get(n, f"{n} indexes")


TYPE_WORDS = {"int": "number", "decimal": "decimal", "str": "text", "bool": "condition", "entity": "card, tile or piece"}

# Types the checker infers are strings: a base type, or `base:arg` for the typed forms an entity of a
# kind (`entity:card`), a zone of a kind (`zone:card`), an enum member (`member:color`) and a list of
# players (`list:player`). "any" is what the checker cannot tell; it fits everywhere.
# the attributes every card, tile or piece has during play (a kind's own field of the name wins)
ELEMENT_ATTRS = {"flipped": "bool", "owner": "player", "zone": "str", "name": "str", "title": "str",
                 "copy_number": "int"}
ENTITY_ATTRS = frozenset(ELEMENT_ATTRS)


def words(t: str) -> str:
    """A type as a designer reads it: `number`, `card`, `zone of card`, `list of players`, `number
    for each gem` (a field declared `int[gem]`)."""
    if t.endswith("]"):
        element, _, enum = t[:-1].partition("[")
        return f"{words(element)} for each {enum}"
    base, _, arg = t.partition(":")
    if not arg:
        return TYPE_WORDS.get(base, base)
    if base == "list":   # (explain's plural, imported where a message needs it: a lint of sound rules never does)
        from .explain import plural
        if base_of(arg) == "entity" and "|" in arg:   # cards of several kinds: "list of cards or coins"
            return f"list of {' or '.join(plural(k) for k in kinds_in(arg))}"
        return f"list of {plural(words(arg))}"
    if base == "entity" and "|" in arg:   # an item of a zone of several kinds
        return " or ".join(arg.split("|"))
    if base == "zone" and "|" in arg:
        return f"zone of {' or '.join(arg.split('|'))}"
    return {"entity": arg, "zone": f"zone of {arg}", "member": arg, "record": arg}.get(base, t)


def typed_words(expected: str, actual: str) -> str:
    """`a square, not a number`: what was wanted and what was given; where both read alike (a member of an enum
    and a value of a record of one name), each says what it is (`a square (a record), not a square (an enum's member)`)."""
    want, got = article(words(expected)), article(words(actual))
    if want == got:
        sort = {"member": "an enum's member", "record": "a record", "entity": "a card"}
        want += f" ({sort.get(base_of(expected), base_of(expected))})"
        got += f" ({sort.get(base_of(actual), base_of(actual))})"
    return f"{want}, not {got}"


def _reads_name(value: A.Expr, name: str) -> bool:
    """Whether an expression reads the counter or variable `name` (bare, or as another player's `p.NAME`)."""
    return any((type(n) is A.Name and n.id == name) or (type(n) is A.Attr and n.name == name) for n in A.walk(value))


def _opposite(cond: A.Expr) -> A.Expr:
    """A condition's opposite as a newcomer writes it: `not X` of X (and X of `not X`), `==` for `!=` and back."""
    if type(cond) is A.Unary and cond.op == "not":
        return cond.operand
    if type(cond) is A.Binary and cond.op in ("==", "!="):
        return A.replace(cond, op="!=" if cond.op == "==" else "==")
    return A.Unary("not", cond, span=cond.span)


def _negated(key):
    """What a winner key negates (`-X` or `0 - X`: X), or None."""
    if isinstance(key, A.Unary) and key.op == "-":
        return key.operand
    if isinstance(key, A.Binary) and key.op == "-" and isinstance(key.left, A.Int) and key.left.value == 0:
        return key.right
    return None


def zone_type(d: A.Zone) -> str:
    """The type of a zone: `zone:card`, `zone:card|advanced` for a zone of several kinds (its items
    are `entity:card|advanced`, a card of one of them), or `zone` when its items' kind is unknown
    (`of any`)."""
    return "zone" if "any" in d.kinds else f"zone:{'|'.join(d.kinds)}"


def field_span(name: str, span: A.Span) -> A.Span:
    """Where the field's name is written in a read `OBJ.NAME` (its span ends with the name)."""
    if span.end_column - len(name) < 1:
        return span
    return A.Span(span.file, span.end_line, span.end_column - len(name), span.end_line, span.end_column)


def others_domain(e) -> bool:
    """Whether an `each` goes through the other players: `opponents` (`others`), `others_from(...)`."""
    return type(e) is A.Name and ALIASES.get(e.id, e.id) == "opponents" or \
        type(e) is A.Call and e.func == "others_from"


def kinds_in(t: str) -> tuple:
    """The kinds an entity or zone type names: `entity:card|advanced` -> ("card", "advanced"),
    `zone:card` -> ("card",); () when unknown (`entity`, `zone`) or no entity or zone."""
    base, _, arg = t.partition(":")
    return tuple(arg.split("|")) if arg and base in ("entity", "zone") else ()


def joined_kinds(mine: str, theirs: str) -> str:
    """The items of two lists joined: cards of both their kinds (`entity:city|port`), an untyped card
    when either kind is unknown; anything else of one type is of that type."""
    if base_of(mine) == base_of(theirs) == "entity":
        kinds = tuple(dict.fromkeys(kinds_in(mine) + kinds_in(theirs)))
        return f"entity:{'|'.join(kinds)}" if kinds_in(mine) and kinds_in(theirs) else "entity"
    return mine if base_of(mine) == base_of(theirs) and ":" not in theirs else theirs if base_of(mine) == base_of(theirs) else "any"


def unordered(t: str) -> bool:
    """Whether values of type `t` have no order (`<`): players, cards (`entity:KIND`), zones, and lists of them."""
    if base_of(t) in ("list", "zone") and t not in ("list", "zone"):
        return base_of(element_of(t)) in ("player", "entity")
    return base_of(t) in ("player", "entity", "zone")


def die_key(e, sym=None, scope=None) -> Optional[tuple]:
    """A constant a die's face may show, as the faces are compared (`3`, `"claw"`, an enum member or a
    resource by its name, `none`); None for a value worked out in play."""
    if type(e) in (A.Int, A.Bool) or type(e) is A.Str and not e.parts:
        return ("v", e.value)
    if type(e) is A.Unary and e.op == "-" and type(e.operand) is A.Int:
        return ("v", -e.operand.value)
    if type(e) is A.Name and (sym is None or (e.id in sym.members or e.id in sym.decls)
                               and (scope is None or e.id not in scope.locals)):
        return ("n", e.id)
    if type(e) is A.Nothing:
        return ("none",)
    return None


def base_of(t: str) -> str:
    """`entity:card` -> `entity`."""
    return t.partition(":")[0]


def fits(actual: str, expected: str) -> bool:
    """Whether a value of type `actual` may stand where `expected` is declared."""
    if actual == expected or "any" in (actual, expected):
        return True
    if actual == "int" and expected == "decimal":   # a whole number widens; never the other way (E546)
        return True
    if (actual, expected) == ("counter", "resource"):   # a `resource` parameter takes a counter's name too (3.12)
        return True
    a, e = base_of(actual), base_of(expected)
    if a == e and a in ("entity", "zone") and ":" in actual and ":" in expected and "|" in actual + expected:
        # a card (zone) of several kinds: those are among the expected's
        return set(kinds_in(actual)) <= set(kinds_in(expected))
    # an untyped form on either side (a zone of any kind, an entity of unknown kind) fits its typed forms
    return a == e and (":" not in actual or ":" not in expected)


# the builtins whose one argument is a player (or an actor): `left(p)`, `others_from(p)`...
PLAYER_ARGUMENT = ("aside", "left", "right", "teammate", "eliminated", "retired", "players_from",
                   "players_counterclockwise_from", "others_from", "all_players_from", "all_others_from", "role_of")
# the builtins listing every seat from a player, the players out too (`all_players` is the bare name's)
EVERY_SEAT_FROM = ("all_players_from", "all_others_from")


def asks_eliminated(e: Optional[A.Expr]) -> bool:
    """Whether a condition asks who is knocked out (`not eliminated(p)`, `p.eliminated()`)."""
    return e is not None and any(type(n) in (A.Call, A.Method) and getattr(n, "func", getattr(n, "name", None))
                                 == "eliminated" for n in A.walk(e))


# the players a builtin works out from another player, read as a field by mistake (`p.teammate`)
PLAYER_OF_PLAYER = ("left", "right", "teammate")


# how each search over edges is written, for the arity error (E302)
NETWORK_SHAPES = {
    "connects": "each edge's two ends then where from and to: connects(r in EDGES, r.a, r.b, FROM, TO)",
    "longest_path": "each edge's two ends, then its length (1 when left out): longest_path(r in EDGES, r.a, r.b, LENGTH)",
    "shortest_path": "each edge's two ends, where from and to, then its length (1 when left out): "
                     "shortest_path(r in EDGES, r.a, r.b, FROM, TO, LENGTH)",
    "reachable": "each edge's two ends then where from: reachable(r in EDGES, r.a, r.b, FROM)",
}


def is_number(t: str) -> bool:
    """Whether a value of type `t` is a number: a whole one (or unknown), or a decimal (branch decimal)."""
    return fits(t, "int") or t == "decimal"


def number_of(*kinds: str) -> str:
    """The type of arithmetic on numbers of these types: a decimal when one is, else a whole number."""
    return "decimal" if "decimal" in kinds else "int"


def element_of(t: str) -> str:
    """The type of the elements a loop, pick or aggregate ranges over."""
    base, _, arg = t.partition(":")
    if base == "zone":
        return f"entity:{arg}" if arg else "entity"
    if base == "list":
        return arg or "any"
    return t   # a number ranges over 1..n; a player or an entity over itself


def numbers_in(spans: list) -> str:
    """Runs of whole numbers (low, high), high inf for no end, as cases write them: `1, 3..4, 9..`."""
    return ", ".join(str(a) if a == b else f"{a}..{b if b != math.inf else ''}" for a, b in spans)


def is_constant_default(e, sym) -> bool:
    """Whether a parameter's default is a constant: a number, a text, true/false, none or an enum member."""
    if type(e) is A.Nothing:
        return True
    if type(e) is A.Name:
        return sym.category(e.id) == "member"
    return constant(e) is not None


def element_key(index) -> Optional[object]:
    """The element an index written as a constant names, as an indexed counter's braces write it (a member's
    or card's name, or a number); None for any other index."""
    if type(index) is A.Name:
        return index.id
    value = constant(index) if index is not None else None
    return value if type(value) is int else None


def constant(expr) -> Optional[object]:
    """The value of an expression known without playing (`A.as_const`), or None."""
    try:
        return A.as_const(expr)
    except A.NotConstant:
        return None


def always_evaluated(e) -> list:
    """The nodes that evaluating `e` always evaluates, each after its parts: the parts evaluated only
    sometimes (the right side of `and`/`or`, the branches of `if`/`match`, an aggregate's value and
    condition, which an empty domain never evaluates) are not looked into."""
    if isinstance(e, (A.Call, A.Method)):
        parts = ((e.obj,) if isinstance(e, A.Method) else ()) + tuple(e.args)
    elif isinstance(e, A.Binary):
        parts = (e.left,) if e.op in ("and", "or") else (e.left, e.right)
    else:
        fields = {A.Unary: ("operand",), A.Attr: ("obj",), A.Index: ("obj", "index"), A.Cond: ("cond",),
                  A.Match: ("subject",), A.Aggregate: ("domain",), A.Sorted: ("domain",), A.Flood: ("start", "goal"), A.Regions: ("domain",), A.Ray: ("cell", "direction"),
                  A.Range: ("low", "high")}.get(type(e), ())
        parts = [getattr(e, f) for f in fields if getattr(e, f) is not None] + (list(e.items) if isinstance(e, A.ListLit) else [])
    return [n for part in parts for n in always_evaluated(part)] + [e]


# Where a proc may not run though a condition is read: why (E396), by the field holding the condition
# and the nodes it is read so in (None: any node with that field)
LISTED_WHY = {
    ("where", None): "a 'where' filter is read for each candidate while they are being listed",
    ("guard", (A.Option,)): "a choose option's 'when' is read while the options are being listed, before one is taken",
    ("when", (A.May,)): "a 'may ... when' is read to decide whether the offer is made at all",
    ("optional_when", None): "an 'optional when' is read while the candidates are being listed",
    ("cond", (A.Whenever, A.Modifier)): "a trigger's or modifier's 'while' is read as the event is announced, to "
                                        "decide whether it fires",
}
FUNC_WHY = "a func gives a value and does nothing else"
# the expressions read so outside any effect: by the node's type, why; and by why, the hint
DECLARED_WHY = {
    A.Winner: "a winner line is read as the game ends, when nothing more is played",
    A.Variant: "a variant's 'when' is read before the game starts, to decide whether it may be played",
}
DECLARED_HINT = {
    DECLARED_WHY[A.Winner]: "run the proc in the last phase, keep what it finds in a var or counter and test "
                            "that here, or write the test as a func",
    DECLARED_WHY[A.Variant]: "a variant's 'when' reads the player count and the other variants; write what "
                             "it tests as a func",
}
PATTERN_WHY = "an event pattern is matched as the event is announced, to decide whether a trigger fires"


def listed_without_effects(decls) -> dict:
    """The proc calls (by id) written where a condition is read without running effects (a func's
    value, a `where` filter, a choose option's `when` guard, a trigger's pattern or `while`...): why,
    for E396. The innermost place wins (the walk is depth first, outer nodes first)."""
    why: dict = {}
    for decl in decls:
        for n in A.walk(decl):
            parts = [(n.value, FUNC_WHY)] if type(n) is A.Func else [(n, PATTERN_WHY)] if type(n) is A.Pattern else \
                [(n, DECLARED_WHY[type(n)])] if type(n) in DECLARED_WHY else \
                [(getattr(n, f), text) for (f, types), text in LISTED_WHY.items()
                 if (types is None or type(n) in types) and isinstance(getattr(n, f, None), A.Expr)]
            for part, text in parts:
                why.update((id(c), text) for c in A.walk(part) if type(c) is A.Call)
    return why


def calls_always_made(e) -> list:
    """The calls (`Call`/`Method` nodes) that evaluating `e` always makes, in order (`always_evaluated`)."""
    return [n for n in always_evaluated(e) if isinstance(n, (A.Call, A.Method))]


def own_you(nodes: tuple):
    """Every node below `nodes` read for the `you` they run with: not the inside of an `each` (its
    `where` and body run for each player), of `each ... simultaneously pick`, of a `rank`'s condition
    and key (read for each ranked player), nor an auction's body (the winner's) and bid limit (each
    bidder's)."""
    stack = list(reversed(nodes))
    while stack:
        n = stack.pop()
        yield n
        if isinstance(n, (A.Each, A.Simultaneous, A.Rank)):
            stack.append(n.domain)
            continue
        if isinstance(n, A.Auction):
            stack.extend(reversed([x for x in (n.domain, n.start, n.low, n.step, n.form, *n.otherwise) if x is not None]))
            continue
        stack.extend(reversed(list(n.children())))


def you_call(n, sym) -> Optional[str]:
    """The pack's func or proc a node calls for the `you` it runs with (`f(...)`, `p.f(a)` of a func taking
    p first), or None: `p.f(...)` that evaluates f for p (layout.actor_call) says whose."""
    if type(n) in (A.Call, A.CallStmt) or type(n) is A.Method and not actor_call(n, sym):
        name = n.name if type(n) is A.Method else n.func
        return name if isinstance(sym.decls.get(name), (A.Func, A.Proc)) else None
    return None


def _team_word(n) -> Optional[str]:
    """`team()` or `teammates` (`teammate`) when the node is one of them: a read of the player's team."""
    if type(n) is A.Call and n.func == "team":
        return "team()"
    return n.id if type(n) is A.Name and ALIASES.get(n.id, n.id) in ("teammates", "teammate") else None


# the statements that add to the zone they name as `dest` (W528), and how a message names them
ADDING = {A.Draw: "draw", A.Move: "move", A.MoveAll: "move all of"}

def called(node) -> str:
    """The proc or func a call node names."""
    return node.name if isinstance(node, A.Method) else node.func


def calls_always_reached(stmts: tuple) -> list:
    """The calls (nodes) that running these statements always reaches. A statement that may
    `return` ends the search (what follows it may not run); of the other statements, calls,
    `let`/`set` and an `if` with an `else` (the calls every branch makes) are looked into."""
    found: list = []
    for s in stmts:
        if any(isinstance(n, A.Return) for n in A.walk(s)):
            if isinstance(s, A.Return) and s.value is not None:   # `return claim(h);` runs the call first
                found += calls_always_made(s.value)
            break
        if isinstance(s, A.CallStmt):
            found += [c for a in s.args for c in calls_always_made(a)] + [s]
        elif isinstance(s, (A.Let, A.SetName)):
            found += calls_always_made(s.value)
        elif isinstance(s, A.If):
            chain = A.else_if_chain(s)
            found += calls_always_made(chain[0].cond)
            if chain[-1].otherwise:
                branches = [calls_always_reached(b.then) for b in chain] + [calls_always_reached(chain[-1].otherwise)]
                common = set.intersection(*({called(c) for c in b} for b in branches))
                found += [c for c in branches[0] if called(c) in common]
    return found


RING_SHOWN = 8   # the reads a W411 cycle of computed fields names (and notes) before it says how many more


def _cycles(graph: dict, first) -> list:
    """One cycle per strongly connected part of `graph` (node -> [(node, the read)]) that holds a node
    `first` accepts: the shortest way from the first such node (in the graph's order) back to it, as
    [(from, to, read)]. Linear in the graph (Tarjan's algorithm, without recursion), then a search
    within each part."""
    index, low, on, stack, parts, counter = {}, {}, set(), [], [], 0
    for root in graph:
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, i = work.pop()
            if i == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on.add(node)
            edges = graph.get(node, ())
            if i < len(edges):
                work.append((node, i + 1))
                target = edges[i][0]
                if target not in index:
                    work.append((target, 0))
                elif target in on:
                    low[node] = min(low[node], index[target])
                continue
            for target, _read in edges:   # done: take the low links of the nodes it reached
                if target in on:
                    low[node] = min(low[node], low[target])
            if low[node] == index[node]:
                part = set()
                while True:
                    n = stack.pop()
                    on.discard(n)
                    part.add(n)
                    if n == node:
                        break
                parts.append(part)
    order = {node: at for at, node in enumerate(graph)}
    found = []
    for part in parts:
        starts = sorted((n for n in part if first(n) and n in order), key=order.get)
        if not starts or len(part) == 1 and not any(t == starts[0] for t, _r in graph.get(starts[0], ())):
            continue
        start = starts[0]
        back, todo, ring = {start: None}, deque([start]), None
        while todo and ring is None:   # breadth first, within the part
            node = todo.popleft()
            for target, read in graph.get(node, ()):
                if target == start:
                    ring = [(node, start, read)]
                    while back[node] is not None:
                        prev, r = back[node]
                        ring.insert(0, (prev, node, r))
                        node = prev
                    break
                if target in part and target not in back:
                    back[target] = (node, read)
                    todo.append(target)
        found.append(ring)
    return found


def stable_writes(body: tuple, sym) -> set:
    """The names a `repeat until stable` body may set: `set` targets, `reset` names and, in any statement
    that changes stock or moves things (one with events), every name and word it holds; looked into the
    procs it calls and, when something in it announces an event, every trigger of the pack (a superset:
    E544 and W530 say only what cannot be set)."""
    from .layout import trigger_nodes

    written: set = set()
    seen: set = set()
    stack = list(body)
    triggers = False
    while stack:
        node = stack.pop()
        t = type(node)
        if t in (A.SetName, A.SetAttr):
            written.add(node.name)
        elif t is A.Reset:
            written.update(node.names)
        if isinstance(node, A.Stmt) and getattr(t, "events", ()):
            triggers = True
            if t not in (A.SetName, A.SetAttr):
                for n in A.walk(node):
                    written.update(v for v in (getattr(n, f) for f in type(n)._fields) if type(v) is str)
        if t in (A.CallStmt, A.Call, A.Method):
            name = called(node)
            decl = sym.decls.get(name)
            if isinstance(decl, A.Proc) and name not in seen:
                seen.add(name)
                stack.extend(decl.body)
        stack.extend(node.children())
        if triggers and "whenever" not in seen:
            seen.add("whenever")
            stack.extend(trigger_nodes(sym))
    return written


NONE_MEANT = "; write 'return none;' if none is meant"
ELSE_HINT = "give it an 'else' that returns, or end the proc with 'return ...;'" + NONE_MEANT
AFTER_HINT = "add 'return ...;' after it" + NONE_MEANT
LOOPS = {A.Repeat: "repeat", A.RepeatStable: "repeat until stable", A.While: "while", A.ForEach: "for each", A.Each: "each",
         A.Simultaneous: "each ... simultaneously pick"}


IN_NO_ZONE = "is false for it: the unseen card is in no zone until it is drawn"
READS_UNSEEN = "reads what nobody can know of it (which options are offered would tell)"


def unseen_reads(e: A.Expr, var: str, zones: set) -> list:
    """The reads of a pick's variable in its `where`, `cost` or key (`e`) that could be of an unseen card of
    `or blind ZONE` (`zones`: the names of the zones blinded), with why each is amiss: each read of VAR but
    `contains(LIST, VAR)` of a list other than a blinded zone or one of its zones (false for the unseen card,
    which is in no list: `contains(ZONE, VAR)` is amiss too, false though it reads as true), unless it stands
    where such a test guards it: after `contains(L, VAR) and`, after `not contains(L, VAR) or`, in `if
    contains(L, VAR) then` (or the `else` of `if not ...`)."""
    def blinded(e: A.Expr) -> bool:   # `deck`, or `deck[one]` of an indexed deck
        return (type(e) is A.Name and e.id in zones) or (type(e) is A.Index and type(e.obj) is A.Name
                                                          and e.obj.id in zones)

    def seen(c, holds: bool) -> bool:   # whether VAR is a card seen where `c` is `holds`
        t = type(c)
        if t is A.Call and c.func == "contains" and len(c.args) == 2 and type(c.args[1]) is A.Name \
                and c.args[1].id == var and not blinded(c.args[0]):
            return holds
        if t is A.Unary and c.op == "not":
            return seen(c.operand, not holds)
        if t is A.Binary and c.op == ("and" if holds else "or"):
            return seen(c.left, holds) or seen(c.right, holds)
        return False

    found, stack = [], [e]
    while stack:
        n = stack.pop()
        t = type(n)
        if (t is A.Name and n.id == var) or (t is A.Attr and type(n.obj) is A.Name and n.obj.id == var):
            found.append((n, READS_UNSEEN))   # (`t.loco`: the field read, as the designer wrote it)
            continue
        if t is A.Call and n.func == "contains" and len(n.args) == 2 and type(n.args[1]) is A.Name \
                and n.args[1].id == var:
            if blinded(n.args[0]):
                found.append((n, IN_NO_ZONE))
            stack.append(n.args[0])
            continue
        if t is A.Binary and n.op in ("and", "or"):
            stack.append(n.left)
            if not seen(n.left, n.op == "and"):
                stack.append(n.right)
            continue
        if t is A.Cond:
            stack.append(n.cond)
            if not seen(n.cond, True):
                stack.append(n.then)
            if not seen(n.cond, False):
                stack.append(n.otherwise)
            continue
        stack.extend(n.children())
    return sorted(found, key=lambda f: (f[0].span.line, f[0].span.column))


def pick_mode(s: A.Pick) -> str:
    """How a pick that is asked again is written: `up to`, `exactly` or `repeatedly`."""
    if s.budget is not None:
        return "budget"
    if s.least is not None:
        return "at least" if s.limit is None else "at least ... up to"
    if s.compulsory:
        return "repeated"
    return "repeatedly" if s.limit is None else "exactly" if s.exactly else "up to"


class Fall(NamedTuple):
    """Where a path through statements goes on past their end without `return` or `end game`:
    through `node` (None: an empty block), `when` it does so (None: after a plain statement), and
    what fixes it."""
    node: Optional[A.Node]
    when: Optional[str] = None
    hint: str = AFTER_HINT


def always_offered(o: A.Option, sym) -> bool:
    """An option of `choose` that is offered every time: no condition, no leading cost (nor one paid first
    in a pick or by a proc it calls, layout.paid_first), not `once`."""
    return not o.once and (o.guard is None or constant(o.guard) is True) and not leading_cost(o.body) \
        and option_gate(o.body, sym) is None


def opening_choice(proc: A.Proc) -> Optional[A.Choose]:
    """The `choose` a proc's body starts with (what `can PROC(args)` tests), or None."""
    return proc.body[0] if proc.body and type(proc.body[0]) is A.Choose else None


def where_at(node, here: A.Span) -> str:
    """`line L, column C` of a node, for a message at `here` (`of FILE` too when another file holds it)."""
    other = f" of {node.span.file}" if node.span.file != here.file else ""
    return f"line {node.span.line}, column {node.span.column}{other}"


class Flow:
    """Whether running statements can reach their end without `return` or `end game` (W414: a proc with
    a result type that does gives none). `complete`: the ids of the `match` statements without
    `else` whose arms name every member of the enum matched. With `by_return` false, a `return` goes
    on too (to the caller): `ends_game` asks that of a called proc."""

    def __init__(self, sym: Symbols, complete: set, by_return: bool = True, stopping: Optional[dict] = None,
                 sudden: bool = False):
        self.sym, self.complete, self.by_return, self.sudden = sym, complete, by_return, sudden
        self.stopping = {} if stopping is None else stopping   # proc name -> whether every run ends the game

    def falls(self, stmts: tuple) -> Optional[Fall]:
        """None when every path through `stmts` ends in `return` or `end game`; else how the path that
        goes on past the last statement does (what follows a statement that ends every path is W413)."""
        fall = Fall(None)
        for s in stmts:
            fall = self.through(s)
            if fall is None:
                return None
        return fall

    def inner(self, body: tuple, owner, empty: str) -> Optional[Fall]:
        """A block inside `owner`: its fall, or the owner's (`empty`: when) if the block is empty."""
        fall = self.falls(body)
        if fall is not None and fall.node is None:
            return Fall(owner, empty, "add 'return ...;' inside it" + NONE_MEANT)
        return fall

    def first(self, *falls) -> Optional[Fall]:
        return next((f for f in falls if f is not None), None)

    def through(self, s) -> Optional[Fall]:
        """None when every path through statement `s` ends; else how one goes on after it."""
        if isinstance(s, A.Return):
            return None if self.by_return else Fall(s)
        if isinstance(s, A.EndGame):   # with `sudden`, only `end game won by` / `lost by` / `drawn` ends (E641)
            return None if not self.sudden or s.named else Fall(s)
        if isinstance(s, A.CallStmt):
            return None if self.ends_game(s.func) else Fall(s)
        if isinstance(s, A.If):
            chain = A.else_if_chain(s)
            if not chain[-1].otherwise:
                return Fall(s, "when no condition of this 'if' holds", ELSE_HINT)
            empty = "when this 'if' takes its empty branch"
            return self.first(*(self.inner(b.then, s, empty) for b in chain),
                              self.inner(chain[-1].otherwise, s, empty))
        if isinstance(s, A.MatchStmt):
            empty = "when this 'match' takes an empty arm"
            fall = self.first(*(self.inner(arm.body, s, empty) for arm in s.arms))
            if s.otherwise is not None:
                return fall or self.inner(s.otherwise, s, empty)
            if id(s) not in self.complete:
                return fall or Fall(s, "when no arm of this 'match' fits its value", ELSE_HINT)
            return fall
        if isinstance(s, A.May):
            if s.repeated:
                return Fall(s, "when this 'may' is declined")
            taken = self.inner(s.body, s, "when this 'may' is taken (its block is empty)")
            if not s.otherwise:
                return taken or Fall(s, "when this 'may' is declined or not offered", ELSE_HINT)
            return taken or self.inner(s.otherwise, s, "when this 'may' is declined or not offered")
        if isinstance(s, A.Pick):
            if s.limit is not None and not (type(constant(s.limit)) is int and constant(s.limit) >= 1):
                return Fall(s, f"when this 'pick' asks no time (its '{pick_mode(s)}' count may be 0)")
            nothing = "when this 'pick' picks nothing" + \
                (" (no candidate, or none chosen)" if s.optional or s.repeated else " (no candidate)")
            taken = self.inner(s.body, s, "when this 'pick' picks (its block is empty)")
            if not s.otherwise:
                return taken or Fall(s, nothing, ELSE_HINT)
            return taken or self.inner(s.otherwise, s, nothing)
        if isinstance(s, A.Auction):
            won = self.inner(s.body, s, "when this auction is won (its block is empty)")
            if not s.otherwise:
                return won or Fall(s, "when nobody bids in this auction", ELSE_HINT)
            return won or self.inner(s.otherwise, s, "when nobody bids in this auction")
        if isinstance(s, A.Offer):
            taken = self.inner(s.body, s, "when this offer is accepted (its block is empty)")
            if not s.otherwise:
                return taken or Fall(s, "when nobody accepts this offer", ELSE_HINT)
            return taken or self.inner(s.otherwise, s, "when nobody accepts this offer")
        if isinstance(s, A.FirstMay):
            taken = self.inner(s.body, s, "when somebody accepts (its block is empty)")
            if not s.otherwise:
                return taken or Fall(s, "when nobody accepts", ELSE_HINT)
            return taken or self.inner(s.otherwise, s, "when nobody accepts")
        if isinstance(s, A.Choose):
            fall = self.first(*(self.inner(o.body, o, "when this option is taken (it is empty)") for o in s.options))
            if fall is None and not any(always_offered(o, self.sym) for o in s.options):
                return Fall(s, "when this 'choose' offers no option (each has a condition, a cost or 'once')")
            return fall
        if isinstance(s, A.Repeat) and type(constant(s.count)) is int and constant(s.count) >= 1:
            return self.falls(s.body)   # runs at least once
        if isinstance(s, A.While) and constant(s.cond) is True and \
                (self.by_return or not any(isinstance(n, A.Return) for n in A.walk(s))):
            return None   # left only by `return` or `end game`
        if type(s) in LOOPS:
            return Fall(s, f"when this '{LOOPS[type(s)]}' is done (it may run no round, or none that returns)")
        if isinstance(s, A.Once):
            return Fall(s, "when this 'once' block is skipped (it runs the first time only)")
        if isinstance(s, A.Tagged):
            return Fall(s, f"when this 'for {s.tag.action}' block is skipped (a modifier may forbid it)")
        return Fall(s)

    def ends_game(self, name: str) -> bool:
        """Whether every run of the proc `name` ends the game (`end game;` on every path)."""
        decl = self.sym.decls.get(name)
        if not isinstance(decl, A.Proc):
            return False
        if name not in self.stopping:
            self.stopping[name] = False   # a call back into it, while it is worked out, goes on
            self.stopping[name] = Flow(self.sym, self.complete, False, self.stopping,
                                       self.sudden).falls(decl.body) is None
        return self.stopping[name]


def never_negative(e) -> bool:
    """A size or a count: a value that cannot be below 0 whatever the game holds."""
    return isinstance(e, A.Call) and e.func == "size" or isinstance(e, A.Aggregate) and e.op == "count"


def always_true_by_types(cond) -> bool:
    """`size(x) >= 0`, `0 <= count(...)`: a comparison the operands' types decide."""
    if not isinstance(cond, A.Binary):
        return False
    return (cond.op == ">=" and never_negative(cond.left) and constant(cond.right) == 0) or \
        (cond.op == "<=" and never_negative(cond.right) and constant(cond.left) == 0)


# types a comparison cannot match with each other: a card, a player, a zone or a list is never equal
# to (nor ordered with) a number, a text or a condition
THINGS, PLAIN_VALUES = ("entity", "player", "zone", "list"), ("int", "decimal", "str", "bool", "member")


SUPPLY_CALLS = ("min", "max", "abs")


def before_play(e: A.Expr, sym: Symbols, tables: tuple = ()) -> Optional[A.Node]:
    """The first part of a value worked out before play (a supply, a start) that cannot be (None: all can):
    numbers, texts, operators, `if`/`match`, `player_count`, `enabled(VARIANT)`, min, max and abs, enum members,
    options (set as the game is made), a read of one of `tables` (printed tables: `gems[player_count]`)."""
    stack = [e]
    while stack:
        n = stack.pop()
        if type(n) is A.Call and n.func == "enabled":
            continue   # its argument names a variant (the call's own check says whether it does)
        if type(n) is A.Index and type(n.obj) is A.Name and n.obj.id in tables:
            stack.extend(n.index.parts if type(n.index) is A.Pair else (n.index,))   # its indexes: before play too
            continue
        if type(n) is A.Name and sym.category(n.id) in ("member", "option"):   # (set as the game is made)
            continue
        if type(n) is A.Call and n.func not in SUPPLY_CALLS or type(n) is A.Name and n.id != "player_count" \
                or type(n) not in (A.Int, A.Bool, A.Str, A.Name, A.Unary, A.Binary, A.Cond, A.Match, A.Case, A.Range, A.Call):
            return n
        stack.extend(reversed(list(n.children())))
    return None


def table_read_around(e: A.Expr, part: A.Node, tables: tuple) -> Optional[A.Index]:
    """The read of one of `tables` in `e` whose indexes hold `part` (`hand[vp]` around `vp`), or None."""
    for n in A.walk(e):
        if type(n) is A.Index and type(n.obj) is A.Name and n.obj.id in tables \
                and any(m is part for m in A.walk(n.index)):
            return n
    return None


def constant_int(e) -> Optional[int]:
    """A whole number written as one (`3`, `-1`), else None."""
    if type(e) is A.Int:
        return e.value
    if type(e) is A.Unary and e.op == "-" and type(e.operand) is A.Int:
        return -e.operand.value
    return None


class Checker(A.Visitor):
    """Walks every declaration and effect; collects diagnostics and which names are used."""

    def __init__(self, sym: Symbols, sources: Optional[dict] = None):
        self.sym = sym
        self.looked: Optional[set] = None   # see looked_at
        # 7.7c: what each action's tagged values are ("int" or "bool", its first such value) and the value lines
        # of modifiers ((action, "int" or "bool", line)), compared once everything is read (_lint_values)
        self.valued_kinds: dict[str, dict[str, A.Valued]] = {}
        self.value_lines: list[tuple[str, str, A.Adjust]] = []
        self.told_by_name: set[int] = set()   # `match c.name` with cards as cases: told once (case)
        self.sources = sources or {}   # file -> text: where a name's own word is (`at_name`)
        self.depth = 0        # statement blocks around the statement being checked
        self.python_depth = 0   # blocks of generated Python around it (python_blocks)
        self.expr_depth = 0   # expressions around the one being checked
        self.too_deep = False
        self.diags: list[Diagnostic] = []
        self.unvalued: dict = {}   # (kind, field) -> (index of its E304 in diags, the other cards lacking it)
        self.left_out: dict = {}   # (record, field an amend added without a default) -> constructions lacking it
        self.domain_uses: dict = {}   # record -> where its name is first read as a value (the list of its values)
        self.used: set[str] = set()
        self.remembered_reads: set = set()   # the remembered positions seen_before()/times_seen() read (W526)
        self.param_spans: set = set()   # where each parameter is declared (E309 says "parameter", not "local")
        self.slot_params_read: set = set()   # (kind, slot, parameter) some card's block reads (W613)
        self.emitted: set[str] = set()
        self.triggers: list[A.Whenever] = []
        self.each_of_var: list[A.Each] = []   # `each V` of a player variable: W564 when no rule sets V
        self.asides: list[A.SetAside] = []   # the `set aside` statements, whose return W540 looks at
        self.binders: set[int] = set()   # the ids of the names a pattern binds an index with (`gain(warriors[c])`)
        self.periods: list = []   # (pattern, what) of the `once per` of the cards' anytime slots and of options
        self.visiting = None  # the declaration being checked
        self.runs_here: set = set()   # proc calls (ids) the condition being checked runs (deciding_condition)
        self.forced_kinds: dict = {}   # id of an `in_force(c)` argument -> the kinds of c's type (W571)
        self.in_deciding = 0   # `if`/`while` conditions around the expression being checked
        self.no_effects: dict = {}   # proc calls (ids) where no effect may run: why (E396)
        self.signature_fixed: Optional[set] = None   # W588: the names of procs and funcs whose parameters a base fixes
        self.bound: dict = {}   # (id of the declaration, local name) -> where it was last bound (E201: out of its block)
        self.mixed: dict = {}   # a list literal of items of several types (id) -> each item's type (E342 where stored)
        self.die_lets: dict = {}   # where `let v = roll DIE;` bound v -> DIE (W433: the value set on a die kept as a piece)
        self.rolled_kinds: set = set()   # the kinds whose dice kept as pieces some rule rolls or sets (W432)
        # id of a `for each n in LOW..HIGH` local's entry -> (the entry, (LOW, HIGH)), both constant; the entry kept
        # so that no later local's entry, made where a freed one was, takes its id (a parameter read as a loop's)
        self.loop_ranges: dict = {}
        # id of a local's entry taken from every seat (`for each p in all_players`, `let p = first(all_players)`)
        # -> (the entry, the list it was taken from): an `each p` of it skips a player knocked out (W584)
        self.seat_taken: dict = {}
        # W451: [the outer local's entry, the inner `let`, its name, read since] for each `let` in a block
        # that bound an enclosing block's local (or a parameter) again: the outer one is watched from the
        # end of that block, and read again there, the `let` was likely meant as a `set`
        self.watched: list = []
        self.watching: dict[int, list] = {}   # id of a watched entry -> its watches
        self.before_params: Optional[Scope] = None   # the parameters, in a proc's `before` part (W452)
        self.reset_names: dict = {}   # id of a declaration -> the names a `set NAME = ...` in it changes
        # `each` and trigger bodies around the statement: their acting player is never knocked out
        self.always_in = 0
        # inside `each P` (P a local), P's locals entry: `you` is that player there, so a text showing
        # both `{you}` and `{P}` names one player twice (W462); None elsewhere
        self.each_as: Optional[list] = None
        # a proc's bare reads of per-player names (W448): (name, span, the innermost `each` over other players
        # around it as each_others holds it, or None; the statements around it); None outside a proc.
        # `each_others`: those `each` statements (not `each you`), with the statements around each and
        # whether it goes through one player; `let_kept`: the ids of names a `let` keeps whole (`let here =
        # pawn;`, the fix)
        self.player_reads: Optional[list] = None
        self.each_others: list = []
        self.stmt_path: list = []   # the ids of the statements around the one being checked, outermost first
        self.let_kept: set = set()
        self.each_one = False   # that `each` goes through one player (`each t`, t a player): no `first` then
        # the `for each` variables over players around the statement, since the last `each` or
        # trigger body (which change the acting player): a tagged block among them is W420
        self.player_loops: list[str] = []
        # overrides that change a proc's or func's parameters or result type (E219, E220): the calls
        # the extended pack makes are not checked against them again (one error at the override)
        self.reshaped: set[str] = set(sym.declared_twice)   # E208 at the second declaration says it once
        self.removed_uses: dict[str, list[A.Span]] = {}   # removed name -> where the rules still use it
        self.complete: set[int] = set()   # ids of the `match` statements with an arm for every member
        self._member_field_names: Optional[set] = None
        self._cost_field_names: Optional[set] = None
        self._any_arithmetic: dict = {}   # id of a func or proc -> its `any` parameters in number arithmetic
        self._computed_field_names: Optional[set] = None
        self._readable_names: Optional[set] = None
        self.card_lists: dict = {}   # (kind, list field) -> the type of its values when they name cards or members
        self.loop_labels: list[str] = []   # every loop label of the merged rules (`repeat 5 as round`), for E224
        self.in_phase: Optional[str] = None   # the game phase whose body is being checked (E325)
        self.open_labels: dict[str, A.Span] = {}   # the labels of the loops around the statement -> where each is
        self.open_loops: list = []   # the loops around the statement in its own effect, innermost last (`break`)
        self.simultaneous_picks: set = set()   # the ids of the picks of `each ... simultaneously pick` (best by)
        self._hidden_funcs: Optional[set] = None   # hidden.hidden_funcs, worked out for the first func declared shown
        self.in_trigger = 0   # trigger bodies around the statement (`break` outside their loops: E335)
        self.meant: set[str] = set()   # the names an unknown name may mean (no W401 for them): its did-you-mean, else its sort's
        self.name_reads: dict[int, str] = {}   # id of a `c.name` read -> the type of c (W463)
        self.cell_reads: set = set()   # ids of `window.shade[s]` reads: an enum field indexed by a record, its cell
        self._card_modifiers: Optional[frozenset] = None   # (card_modifiers)
        self.name_lists: dict[int, str] = {}   # id of a local's entry holding cards' names -> their type (W463)

    def rounding_whole(self, func: str, arg: A.Expr) -> None:
        """W543: floor, ceil or round of a whole number changes nothing; most often the number is a division,
        which `/` has already rounded down (`ceil(v / 3)` is `v / 3`), so the hint writes the rounding wanted."""
        div = arg if type(arg) is A.Binary and arg.op == "/" else None
        a, b = (printed(div.left), printed(div.right)) if div is not None else (None, None)
        wrap = (lambda t: t if type(t) in (A.Name, A.Int, A.Call, A.Attr) else None)
        if div is not None:
            left = a if wrap(div.left) else f"({a})"
            right = b if wrap(div.right) else f"({b})"
            message = (f"{func}({printed(arg)}) is {printed(arg)}: '/' gives a whole number, already rounded down "
                       f"({'so rounding it again changes nothing' if func == 'floor' else 'before ' + func + ' sees it'})")
            hint = {"floor": f"write '{printed(arg)}'",
                    "ceil": f"to round a division up, write '({left} + {right} - 1) / {right}'",
                    "round": f"to round a division to the nearest, a half up, write "
                             f"'(2 * {left} + {right}) / (2 * {right})'"}[func]
        else:
            message = f"{func}({printed(arg)}) is {printed(arg)}: a whole number is already whole"
            hint = f"write '{printed(arg)}': {func}() makes a decimal whole, such as 7.5 or a 'decimal' variable"
        self.diags.append(Diagnostic("W543", message, arg.span, hint))

    # ------------------------------------------------------------------ reporting
    def err(self, code: str, message: str, span: A.Span, hint: Optional[str] = None) -> None:
        self.diags.append(Diagnostic(code, message, span, hint))

    def hidden_player(self, expr, scope: Scope) -> Optional[str]:
        """The hint for `left` or `right` read where a player is wanted while an enum member of that name (Innovation's
        splay `left`) hides the player word; None otherwise."""
        if type(expr) is A.Name and expr.id in ("left", "right") and expr.id not in scope.locals \
                and expr.id in self.sym.members:
            return f"'{expr.id}' here is the member of enum '{self.sym.members[expr.id]}', which hides the player " \
                   f"to your {expr.id}: write '{expr.id}(you)' for the player"
        return None

    def unknown(self, code: str, what: str, name: str, span: A.Span, candidates: Iterable[str],
                of: Optional[str] = None) -> None:
        """E2xx for a name nothing declares (`of`: whose field or argument it is); a use of a name a
        `remove` dropped is gathered into one error at that remove instead (E221)."""
        span = self.at_name(name, span)
        held = next((h for h in self.sym.held_options if code == "E201" and what == "name" and within(span, h[1].span)),
                    None) if self.sym.held_options else None
        if held is not None:   # a card's option, added to an open choose: it reads what the choose's options read
            d, h, _o = held
            procs = [n for n, x in self.sym.decls.items() if isinstance(x, A.Proc) and "." not in n and any(
                type(c) is A.Choose and c.open and c.stmt_label == h.choose for c in A.walk(x))]
            params = [f"{p.name}: {p.type}" for p in self.sym.decls[procs[0]].params] if procs else []
            self.diags.append(Diagnostic(
                "E431", f"the option of {'role' if d.name in self.sym.roles else 'card'} {d.name!r} for the open choose {h.choose!r} reads {name!r}, which the "
                f"choose does not have: it stands in proc {procs[0] if procs else '?'}({', '.join(params)})",
                span, "a card's option reads the proc's parameters and the locals where the choose stands, "
                "'this' (the card) and 'you' (its holder)", notes=(
                    (f"the choose is in proc {procs[0]!r}, declared at {self.sym.decls[procs[0]].span}",)
                    if procs else ())))
            return
        if name in self.sym.removed and of is None:
            self.removed_uses.setdefault(name, []).append(span)
            return
        dropped = self.sym.dropped.get(name)   # a member an `override enum` left out: say where
        notes = (f"{name!r} was a member of enum {dropped[0]!r}; the override at {self.at_decl(dropped[1])} "
                 "leaves it out",) if dropped else ()
        if name in CONTEXTUAL and of is None:   # `eliminate(p);`, `let x = end;`: the word was read as a name
            # (a field or an argument so named, `it.cost`, is one wherever it stands: no note)
            notes += (f"{name!r} is a keyword only where its statement is written, without parentheses: "
                      f"'{CONTEXTUAL[name]}'",)
        # a card's version of a proc is known inside as `NAME.CARD`: no rules file can write it
        candidates = [c for c in candidates if "." not in c]
        meant = closest(name, candidates)
        hint = f"did you mean '{meant}'?" if meant is not None else None
        if name == "base" and what == "name" and meant is None:   # a game's own winner line, a func's own case
            hint = "'base' is the value an amend replaces: in an amended func's case ('VALUE = base + 1;') or " \
                "winner line ('amend GAME { winner most base + X; }'); an override runs what it replaces with base(...)"
        if meant is not None:   # its only use may be the one misspelt here: no W401 for it
            self.meant.add(meant)
        elif what != "name":   # nothing near (`graveyard` for `lost`): any unused one of that sort may be meant
            self.meant.update(candidates)
        if hint is None and not notes and what != "name" and candidates:   # nothing close: say what there is
            shown = sorted(set(candidates), key=candidates.index)
            most = len(shown) if what == "type" else 6   # a type's: every one (there are few, and all may stand)
            notes = (f"known {' or '.join(w + 's' for w in what.split(' or '))}: {', '.join(shown[:most])}" +
                     (f" and {len(shown) - most} more" if len(shown) > most else ""),)
        self.diags.append(Diagnostic(code, f"unknown {what} {name!r}" + (f" of {of}" if of else ""), span,
                                     hint, notes=notes))

    def tokens_in(self, span: A.Span) -> list:
        """The tokens of the source inside a span, as (line, column, token) (see resolve.tokens_in)."""
        return tokens_in(self.sources, span)

    def at_field(self, name: str, span: A.Span) -> A.Span:
        """Where a field read `OBJ.NAME` (or `set OBJ.NAME = ...`, spanning the statement) writes the
        field's name: the first word `name` after a dot (a field may be named with a keyword, `c.cost`);
        else the end of the span, where a read's name is."""
        tokens = self.tokens_in(span)
        for (_l, _c, before), (line, col, t) in zip(tokens, tokens[1:]):
            if before == "." and t == name:
                return A.Span(span.file, line, col, line, col + len(name))
        return field_span(name, span)

    def at_decl(self, decl) -> A.Span:
        """Where a declaration writes its name: a finding about the declaration as a whole is placed there."""
        return declared_at(self.sources, decl.name, decl.span)

    def at_name(self, name: str, span: A.Span) -> A.Span:
        """The span of `name`'s own word when a statement or declaration names it (`gain pot chps;`
        has no node for `chps`): the one name token of that spelling inside the span, read from the
        source; the whole span when the source is unknown or the word is not there exactly once."""
        if span.line == span.end_line and span.end_column - span.column == len(name):
            return span
        # a reserved word naming a field (`it.where`) is its keyword's token to `scan`, which has no parser
        hits = [(line, col) for line, col, t in self.tokens_in(span) if t.type in ("NAME", name.upper()) and t == name]
        if len(hits) != 1:
            return span
        (line, col), = hits
        return A.Span(span.file, line, col, line, col + len(name))

    def after_per(self, name: str, span: A.Span) -> A.Span:
        """Where a declaration's `per NAME` or `once per A, B` writes `name`: its last spelling between
        the declaration's first `per` and its `{` or `;` (a name given twice is placed at its repeat);
        the declaration's whole span when the source is unknown."""
        tokens = self.tokens_in(span)
        start = next((k for k, (_l, _c, t) in enumerate(tokens) if t == "per"), None)
        if start is None:
            return span
        hits = []
        for line, col, t in tokens[start + 1:]:
            if t in ("{", ";"):
                break
            if t == name:
                hits.append(A.Span(span.file, line, col, line, col + len(name)))
        return hits[-1] if hits else span

    def seats_line(self, game: A.Game) -> A.Span:
        """Where a game's `seats A to B;` is written (the AST keeps the numbers only), else the game."""
        tokens = self.tokens_in(game.span)
        start = next((i for i, (_l, _c, t) in enumerate(tokens) if t.type == "SEATS"), None)
        end = next((i for i in range(start or 0, len(tokens)) if tokens[i][2].type == "SEMICOLON"), None)
        if start is None or end is None:
            return game.span
        (line, col, _), (end_line, end_col, semicolon) = tokens[start], tokens[end]
        return A.Span(game.span.file, line, col, end_line, end_col + len(semicolon))

    def expect(self, name: str, categories: tuple, code: str, what: str, span: A.Span) -> bool:
        """Check that a name is declared as one of the categories; report E3xx/E2xx otherwise."""
        self.used.add(name)
        cat = self.sym.category(name)
        if cat in categories:
            return True
        if cat is None:
            candidates = [n for c in categories for n in self.sym.of(c)]
            self.unknown(code, what, name, span, candidates)
        else:   # a member `action` where the counter `actions` was meant: offer the near one of the right sort
            meant = closest(name, [n for c in categories for n in self.sym.of(c) if n != name])
            self.err("E301", f"{name!r} is {article(cat)}, not {article(what)}", self.at_name(name, span),
                     f"did you mean '{meant}'?" if meant is not None else None)
        return False

    # ------------------------------------------------------------------ declarations
    def amended_with_others(self, decl, since: int) -> list[tuple]:
        """The findings since `since` of checking `decl` that lie in the body of an `amend a, b, c` listing it,
        taken out of the findings as (name, finding, amend), for `check_all` to give once for the names."""
        out, kept = [], self.diags[:since]
        for d in self.diags[since:]:
            amend = next((a for a, names in self.sym.amended_together if getattr(decl, "name", None) in names
                          and within(d.span, a.span)), None)
            if amend is None or d.code[0] == "I":
                kept.append(d)
            else:
                out.append((decl.name, d, amend))
        self.diags[:] = kept
        return out

    def check_all(self) -> list[Diagnostic]:
        """Check every declaration, then run the lints that need the whole pack."""
        self.no_effects = listed_without_effects(self.sym.decls.values())
        for decl, old in self.sym.overrides:
            if type(decl) is type(old) and isinstance(decl, (A.Proc, A.Func)):
                self.same_shape(decl, old)
                self.same_defaults(decl.params, old)
        for name, held in self.sym.held.items():   # a card's version is called as the rule it changes
            for _card, h, _version in held:
                self.same_defaults(h.decl.params, self.sym.decls[self.sym.held_base[name]])
        for decl in self.sym.decls.values():   # the fields holding lists of cards, typed before any use
            if isinstance(decl, A.Kind):
                self.visiting = decl
                self.lists_of_cards(decl)
        self.loop_labels = list(dict.fromkeys([n.loop_label for n in self.pack_nodes
                                               if type(n) in LOOPS and getattr(n, "loop_label", None) is not None]
                                              + [p.name for p in getattr(self.sym.game, "phases", None) or ()]))
        together: list = []   # (name, finding) of the body of an `amend a, b, c` checked in each of its names
        for decl in self.sym.decls.values():
            self.visiting = decl
            before = len(self.diags)
            self.visit(decl)
            if self.sym.amended_together:
                together += self.amended_with_others(decl, before)
        self.visiting = None
        for shortfall in self.sym.shortfalls.values():
            self.shortfall(shortfall)
        for item, names in self.sym.amended_together:   # each finding once, saying which of the names it is for
            self.diags += said_for_names([(n, d) for n, d, amend in together if amend is item], names)
        if self.sym.gameless_triggers:   # a lone file's top-level triggers: their bodies are rules all the same
            self.block(tuple(self.sym.gameless_triggers), self.params(()))
        self.labels_given_twice()
        self.added_fields()
        self.removed_still_used()
        self._lint_recursion()
        self._lint_field_cycles()
        self._lint_returns()
        self._lint_endings()
        self._lint_copy_numbers_shown()
        self._lint_internal()
        self._lint_say_unseen()
        self._lint_faces_unshown()
        self._lint_told_by_a_set()
        self._lint_shared_limits()
        self._lint_zone_for_another()
        self._lint_offers()
        self._lint_remembered()
        self._lint_slots_never_run()
        self._lint_modifiers_replacing_the_kinds()
        self._lint_slot_params()
        self._lint_each_of_unset()
        self._lint_force_asking_itself()
        self._lint_parallel_copies()
        for decl, _old in self.sym.overrides:
            self.diags.append(Diagnostic("I404", f"overrides {CATEGORY[type(decl)]} {decl.name!r}", self.at_decl(decl)))
            for n in A.walk(decl):
                if type(n) in (A.CallStmt, A.Call) and n.func == decl.name:
                    self.diags.append(Diagnostic("W407", f"this override of {decl.name!r} calls itself, so it never "
                                                 "ends: call base(...) to run the declaration it replaces", n.span))
        for item, target in self.sym.amended:
            what = target.kind if isinstance(target, A.Entity) else CATEGORY[type(target)]
            copies = f" (now {self.counted(item.copies)}, from {self.counted(target.copies)})" \
                if item.copies is not None else ""
            if isinstance(target, A.Game):   # the phases it replaces, and which of them keep the base's steps
                phases = [(f"puts phase {c.part} {' '.join(c.place)}" if c.place else f"phase {c.part}")
                          + (KEEPING if c.span in self.sym.kept_base else "")
                          for c in item.items if isinstance(c, A.GamePart) and c.part != "seats"]
                phases += [f"the winner line{KEEPING}" for c in item.items
                           if isinstance(c, A.Winner) and c.span in self.sym.kept_base]
                copies += f": {'; '.join(phases)}" if phases else ""
            self.diags.append(Diagnostic("I404", f"amends {what} {item.name!r}{enum_changes(item, target)}{copies}",
                                         self.at_name(item.name, item.span)))
        for what, prompt, option, old in self.sym.amended_options:
            self.diags.append(Diagnostic("I404", option_change(what, prompt, option, old, self.sym.kept_base),
                                         option.span))
        for item, _old in self.sym.amended_shortfalls:   # (its options: each an I404 of amended_options above)
            parts = [p for p, written in (("the raising's condition", item.guard), ("the else", item.otherwise))
                     if written is not None]
            if parts:
                self.diags.append(Diagnostic("I404", f"amends {' and '.join(parts)} of the shortfall of "
                                             f"{item.resource!r}" + (KEEPING if {getattr(item.guard, "span", None), item.else_span} & self.sym.kept_base
                                                else ""),
                                             item.span))
        for item, old in self.sym.removals:
            what = old.kind if isinstance(old, A.Entity) else CATEGORY[type(old)]
            self.diags.append(Diagnostic("I404", f"removes {what} {item.name!r}", self.at_name(item.name, item.span)))
        for what, subject, arm, old in self.sym.amended_arms:
            self.diags.append(Diagnostic("I404", arm_change(what, subject, arm, old, self.sym.kept_base), arm.span))
        for what, prompt, change, _old, _new in self.sym.amended_picks:
            self.diags.append(Diagnostic("I404", pick_change(what, prompt, change), change.span))
        for what, named, change, _old, _new in self.sym.amended_ifs:
            self.diags.append(Diagnostic("I404", if_change(what, named, change), change.span))
        for what, prompt, change, _old, _new in self.sym.amended_mays:
            self.diags.append(Diagnostic("I404", may_change(what, prompt, change), change.span))
        for what, named, change, _old, _new in self.sym.amended_loops:
            self.diags.append(Diagnostic("I404", loop_change(what, named, change), change.span))
        for item, what in self.sym.extended:
            self.diags.append(Diagnostic("I404", f"adds steps {item.when} {what} {item.name!r}",
                                         self.at_name(item.name, item.span)))
        for track, part, old in self.sym.amended_spaces:
            at = A.number_text(part.position)   # `goal (5)` when a constant's name wrote it
            what = f"space {at}" if isinstance(part, A.Space) else f"the first to {at} reward"
            verb = "adds" if old is None else "amends"
            self.diags.append(Diagnostic("I404", f"{verb} {what} {'to' if old is None else 'of'} track {track!r}"
                                         + (KEEPING if part.span in self.sym.kept_base else ""), part.span))
        entities = [d for d in self.sym.decls.values() if isinstance(d, A.Entity)]
        if sum(min(max(d.copies, 1), MAX_COPIES) for d in entities) > MAX_ENTITIES:
            self.err("E308", f"the pack declares more than {MAX_ENTITIES:,} cards, tiles and pieces", entities[-1].span)
        if self.sym.roles:   # (a pack without roles reads nothing more)
            from .roles import role_findings
            self.diags.extend(role_findings(self.sym, self.sources))
        self._lint_triggers()
        self._lint_windows()
        self._lint_losses()
        self._lint_permissions()
        self._lint_attacks()
        self._lint_values()
        self._lint_hooks()
        self._lint_negative_starts()
        self._lint_slices()
        self._lint_ray_filters()
        self._lint_unrolled_dice()
        self._lint_cards_never_placed()
        self._lint_cards_never_enter()
        self._lint_endless_while()
        self._lint_passes()
        if self.sym.generated:   # a `for each` declaration is checked once per entity it makes: one finding each
            kept: dict = {}
            for d in self.diags:
                kept.setdefault((d.code, d.message, d.span), d)
            self.diags = list(kept.values())
        return self.diags

    def counted(self, number) -> str:
        """Copies as an amend's message says them: `5 copies`, or `5 copies, the constant extra` when a constant's
        name wrote the number (still a name in the amend as written, a `Numbered` once written in)."""
        const = number.name if type(number) is A.ConstNumber else getattr(number, "const", None)
        if const is None:
            return f"{number} copies"
        value = self.sym.consts.get(const, "?") if type(number) is A.ConstNumber else int(number)
        return f"{value} copies, the constant {const}"

    def _lint_attacks(self) -> None:
        """W507: an attack a reaction cannot stop. A card's reaction that hears a type of card played
        (`whenever opponents played(c is attack) in hand`) and puts in force a modifier forbidding an
        event (`modifier you attacked ... { forbid; }`) tells which cards are attacks (those whose types
        hold the member) and which tagged block their effect on each other player must be in (`for
        attacked`). In such a card, an `each` over other players whose body is not all inside that block
        (nor the `each` inside one) is an effect the reaction cannot stop; `each opponents` goes in seat
        order from P1, not from the attacker's left (`each others_from(you)`); and an effect with no such
        block at all is never stopped. A pack without such a reaction reads nothing more."""
        guards = []   # (member, field, forbidden events, the reacting card)
        for d in self.sym.decls.values():
            for r in (d.effects if isinstance(d, A.Entity) else ()):
                heard = r.body[0] if type(r) is A.Reaction and r.body and type(r.body[0]) is A.Whenever else None
                if heard is None:
                    continue
                events = tuple(dict.fromkeys(n.pattern.event for n in A.walk(r) if type(n) is A.Modifier
                                             and any(a.what == "forbid" for a in n.adjustments)))
                for a in heard.pattern.args:
                    if events and type(a.value) is A.IsKind and id(a.value) in self.sym.member_tests:
                        guards.append((a.value.kind, self.sym.member_tests[id(a.value)], events, d))
        warned = set()
        for member, held, events, guard in guards:
            block = " or ".join(f"'for {e}'" for e in events)
            by = f"{guard.title or guard.name}'s reaction"
            enum = self.sym.decls.get(self.sym.members.get(member, ""))
            shown = (enum.title_of(member) if isinstance(enum, A.Enum) else None) or member   # "an Attack"
            for d in self.sym.decls.values():
                if not isinstance(d, A.Entity) or d.name in warned or not self.holds_member(d, held, member):
                    continue
                bodies = [e for e in d.effects if type(e) is A.FieldEffect and e.body]
                nodes = [n for e in bodies for n in A.walk(e)]
                tagged = [n.span for n in nodes if type(n) is A.Tagged and n.tag.action in events]
                title = d.title or d.name
                for n in nodes:
                    if type(n) is not A.Each or not others_domain(n.domain):
                        continue
                    if not any(within(n.span, t) for t in tagged) and not all(
                            type(b) is A.Tagged and b.tag.action in events for b in n.body):
                        warned.add(d.name)
                        self.err("W507", f"{title} is {article(shown)} ({by} stops {block}), but this effect on "
                                 f"other players is not inside {block}: the reaction cannot stop it", n.span,
                                 f"write 'each others_from(you): for {events[0]} {{ ... }}'")
                    elif type(n.domain) is A.Name and ALIASES.get(n.domain.id, n.domain.id) == "opponents":
                        warned.add(d.name)
                        self.err("W507", f"{title} is {article(shown)}: 'each {n.domain.id}' reaches the other "
                                 f"players in seat order from P1, not from the attacker's left, so their reactions "
                                 f"answer out of turn", n.domain.span, "write 'each others_from(you)'")
                if bodies and not tagged and d.name not in warned:
                    warned.add(d.name)
                    self.err("W507", f"{title} is {article(shown)} ({by} stops {block}), but no part of its "
                             f"effect is inside {block}: the reaction never stops it", self.at_name(d.name, d.span),
                             f"put its effect on each other player in 'each others_from(you): for {events[0]} "
                             f"{{ ... }}'")

    def holds_member(self, d: A.Entity, held: str, member: str) -> bool:
        """Whether a card's written field `held` (its types) holds (is) the member."""
        for v in d.values:
            if type(v) is A.FieldValue and v.name == held:
                items = v.value.items if type(v.value) is A.ListLit else (v.value,)
                return any(type(i) is A.Name and i.id == member for i in items)
        return False

    def quietly(self, check):
        """Run a check for its result only: its findings and the names it uses are dropped (the
        declaration an override replaces is read, not linted, where nothing runs it)."""
        diags, used = self.diags, self.used
        self.diags, self.used = [], set(used)
        try:
            return check()
        finally:
            self.diags, self.used = diags, used

    def gives(self, decl) -> Optional[str]:
        """What a proc or func gives: its declared result type, an untyped func's inferred one
        ("any" when unknown), None for a proc without a result type."""
        if decl.returns is not None:
            return self.declared(decl.returns)
        if isinstance(decl, A.Proc):
            return None
        return self.quietly(lambda: self.expr(decl.value, self.params(decl.params)))

    def same_defaults(self, params: tuple, old) -> None:
        """E394: an override (a pack's or a card's) keeps the defaults of the parameters it replaces."""
        for p, b in zip(params, old.params):
            if p.default is not None and p.default != b.default:
                was = f"'= {printed(b.default)}'" if b.default is not None else "none"
                self.err("E394", f"this override gives parameter {p.name!r} the default {printed(p.default)}; the "
                         f"declaration it replaces ({old.span}) has {was}: calls leave out what that declaration "
                         "lets them", p.default.span, "leave the default out: the declaration's is kept")

    def same_shape(self, decl, old) -> None:
        """An override of a proc or func keeps its parameters (E220) and its result type (E219):
        the extended pack's calls pass the old arguments and read the old value."""
        new_params = [self.declared(p.type) for p in decl.params]
        old_params = [self.declared(p.type) for p in old.params]
        if len(new_params) != len(old_params) or not all(map(fits, old_params, new_params)):
            self.reshaped.add(decl.name)
            self.err("E220", f"this override changes the parameters of {decl.name!r} declared at {old.span}: the "
                     f"base takes ({params_text(old.params)}), this takes ({params_text(decl.params)})", self.at_decl(decl),
                     "the extended pack's calls pass the base's arguments: keep them; a new value can come "
                     "from a counter or a variable")
        base, new = self.gives(old), self.gives(decl)
        if (base is None) != (new is None) or base is not None and not fits(new, base):
            self.reshaped.add(decl.name)
            self.diags.append(Diagnostic(
                "E219", f"this override of {decl.name!r} gives {given(new)}, but the declaration it replaces gives "
                f"{given(base)}", self.at_decl(decl), "the extended pack's callers read the value it gives: give the same",
                notes=(f"{decl.name!r} is declared at {old.span}",)))

    def removed_still_used(self) -> None:
        """E221 at each `remove NAME;` whose name the merged rules still use, listing the uses; where a
        use is a case of a proc's or a func's `match`, the hint writes the amend that drops it."""
        for name, uses in self.removed_uses.items():
            places = sorted(set(uses), key=lambda s: (s.file, s.line, s.column))
            cases = self.matched_cases(name)
            hint = "override or remove what uses it, or keep it"
            if cases:
                amends = ", ".join(f"'amend {owner} {{ match {subject} {{ remove {name}; }} }}'"
                                   for owner, subject in dict.fromkeys(cases))
                hint = f"{'a match names' if len(cases) == 1 else 'matches name'} it as a case: drop it there, {amends}" + \
                    ("; override or remove what else uses it" if len(places) > len(cases) else "")
            self.diags.append(Diagnostic(
                "E221", f"{name!r} is removed, but the rules still use it in {len(places)} "
                f"place{'' if len(places) == 1 else 's'}", self.sym.removed[name].span,
                hint, notes=tuple(f"used at {s}" for s in places)))

    def matched_cases(self, name: str) -> list:
        """(the proc or func, the subject as printed) of each case of a `match` statement or expression of the
        merged procs and funcs that names `name` (which an amend can drop: `amend F { match S { remove NAME; } }`)."""
        found = []
        for decl in self.sym.decls.values():
            if not isinstance(decl, (A.Proc, A.Func)):
                continue
            for n in A.walk(decl):
                if type(n) is A.Match or type(n) is A.MatchStmt:
                    arms = n.cases if type(n) is A.Match else n.arms
                    found.extend((decl.name.split(".")[0], printed(n.subject)) for arm in arms for v in arm.values
                                 if type(v) is A.Name and v.id == name)
        return found

    def visit_Resource(self, d: A.Resource) -> None:
        if d.cap is not None:
            self.cap(d.cap, "a resource's")
        if d.supply is not None:
            self.supply(d)
        elif d.overdraw:   # `overdraw` says how a bank is taken from: there is none
            self.err("E303", f"{d.name!r} has no supply to overdraw: every player may gain as much as they like",
                     d.span, f"a bank that gains may take past empty is declared 'resource {d.name} supply N overdraw;'")
        if d.over is not None:
            self.overflow(d)

    def shortfall_proc(self, name: str) -> bool:
        """Whether a proc is the one a `shortfall` runs as (its signature the engine's, never written)."""
        return self.sym.shortfalls.get(name[len("shortfall_"):]) is not None and name.startswith("shortfall_")

    def shortfall(self, d: A.Shortfall) -> None:
        """`shortfall RES { raise by { ... } else { ... } }` (its statements are checked in the proc it runs
        as, lowered_shortfall): E654 of a name that is no resource, W639 of a `raise by` without an option,
        W638 of an option that never gains RES (nor calls a proc that might); of a zone: E682 when it is indexed,
        W660 when no cost term pays cards from it (it never runs)."""
        zone = self.sym.decls.get(d.resource)
        if isinstance(zone, A.Zone):
            self.zone_shortfall(d, zone)
            return
        if shortfall_holder(self.sym, d.resource) is None:
            kinds = [k.name for k in self.sym.decls.values() if isinstance(k, A.Kind)
                     and any(f.name == d.resource and f.stock for f in k.fields)]
            if len(kinds) > 1 and d.resource not in self.sym.decls:
                self.err("E669", f"a shortfall of the stock {d.resource!r}, which cards of {len(kinds)} kinds hold "
                         f"({', '.join(kinds)}): its raising names the card as 'holder', of one kind", d.span,
                         "give each kind's stock a name of its own and a shortfall each, or hold it on one kind")
                return
            what = self.sym.category(d.resource)
            self.err("E654", f"a shortfall of {d.resource!r}, " + (
                f"which is {article(what)}" + (" that is not a player's own, stopping at zero" if what == "counter"
                                               else "") if what else "which is not declared") +
                ": a shortfall is what a payment of a player's stock (or of a stock cards hold, or of a zone's cards) "
                "does when they hold too little", d.span,
                f"declare 'resource {d.resource};' (or 'counter {d.resource};', each player's, from 0) and write "
                f"'shortfall {d.resource} {{ ... }}'")
            return
        if d.raises and not d.options:
            self.err("W639", f"this 'raise by' of the shortfall of {d.resource!r} has no option: nothing is ever "
                     "raised", d.span, "write an option for each way to raise it ('option \"sell a share\" when "
                     "COND { ... }'), or leave 'raise by' out")
        for o in d.options:
            if not any((type(n) is A.Gain and n.resource == d.resource) or type(n) in (A.CallStmt, A.Call)
                       for n in A.walk(o)):
                self.err("W638", f"the option {o.title or ''!r} never gains {d.resource}: taken, it raises nothing "
                         "and the shortfall asks again", o.span,
                         f"gain what it raises ('gain N {d.resource};'), or leave the option out")

    def zone_shortfall(self, d: A.Shortfall, zone: A.Zone) -> None:
        """`shortfall ZONE { ... }`: the cards a cost term (`N cards from ZONE ...`) pays from the zone, raised by
        bringing cards into it. E682 of an indexed zone (a term pays from one of its zones, the raising counts
        another); W660 when no `pay` term takes cards from the zone; W639 and W638 (an option that moves no card
        nor calls a proc) as for a stock's."""
        if zone.indexes is not None:
            self.err("E682", f"a shortfall of the indexed zone {d.resource!r}: a cost pays from one of its zones, and "
                     "the raising could not tell which to count", d.span,
                     f"pay from a zone of its own ('zone NAME per_player of {zone.kind};') and give that one the shortfall")
            return
        if not any(type(n) is A.CostTerm and n.mode == "cards" and card_term_zone(n) == d.resource
                   for decl in self.sym.decls.values() for n in A.walk(decl)):
            self.err("W660", f"no cost pays cards from {d.resource!r}: its shortfall never runs ('lose', 'discard' "
                     "and 'move' take what there is; only a cost term of cards raises)", d.span,
                     f"pay with its cards ('pay N cards from {d.resource} to ZONE;'), or leave the shortfall out")
        if d.raises and not d.options:
            self.err("W639", f"this 'raise by' of the shortfall of {d.resource!r} has no option: nothing is ever "
                     "raised", d.span, "write an option for each way to bring cards into it ('option \"draw\" { draw "
                     f"1 from deck to {d.resource}; }}'), or leave 'raise by' out")
        for o in d.options:
            if not any(type(n) in CARDS_IN for n in A.walk(o)):
                self.err("W638", f"the option {o.title or ''!r} brings no card into {d.resource}: taken, it raises "
                         "nothing", o.span, f"draw or move cards into it ('draw 1 from deck to {d.resource};'), or "
                         "leave the option out")

    def overflow(self, d: "A.Resource | A.Zone", units: str = "units") -> None:
        """`cap C over PROC` (a resource's, or a zone's: `units` the cards): PROC a proc taking the number
        of units that did not fit (E207 unknown, E303 another shape); W484 without a cap (it never runs);
        W487 when it gains the resource itself."""
        name, span = d.over.id, d.over.span
        proc = self.sym.decls.get(name)
        if not isinstance(proc, A.Proc):
            if proc is None:
                self.unknown("E207", "procedure", name, span, self.sym.of("proc"))
            else:
                self.err("E303", f"what goes over the cap of {d.name!r} is handed to a proc, and {name!r} is "
                         f"{article(CATEGORY.get(type(proc), 'something else'))}", span,
                         f"declare 'proc {name}(n: int) {{ ... }}'")
            return
        self.used.add(name)
        if len(proc.params) != 1 or proc.params[0].type != "int":
            self.err("E303", f"proc {name!r} is handed the {units} over the cap of {d.name!r}: it takes one number "
                     f"(n: int), not {len(proc.params)} parameter{'s' if len(proc.params) != 1 else ''}"
                     if len(proc.params) != 1 else
                     f"proc {name!r} is handed the {units} over the cap of {d.name!r}: its parameter "
                     f"{proc.params[0].name!r} must be a number (int), not {proc.params[0].type}", span,
                     f"declare it 'proc {name}(n: int) {{ ... }}'")
        if d.cap is None:
            self.err("W484", f"{d.name!r} has no cap, so nothing goes over it: proc {name!r} never runs", span,
                     f"give the resource its cap: 'resource {d.name} cap N over {name};'")
            return
        again = next((n for n in A.walk(proc) if type(n) is A.Gain and n.resource == d.name), None)
        if again is not None:
            self.err("W487", f"proc {name!r} takes what goes over the cap of {d.name!r} and gains {d.name!r} "
                     f"itself: the stock is full, so that gain goes over again (and runs {name!r} again)",
                     again.span, "turn the units into something else, or let them go (an empty option)")

    def bank_read(self, args: tuple, scope: Scope) -> str:
        """`supply(C, M)`: what is left of the bank of member M of a global counter's `per` index (E462 for a
        counter without one, or a name that is no such counter; E303 for M of another type)."""
        first = args[0]
        counter = self.sym.decls.get(first.id) if isinstance(first, A.Name) and first.id not in scope.locals else None
        kind = self.expr(args[1], scope)
        if not isinstance(counter, A.Counter) or counter.supply is None or counter.supply_per is None:
            self.err("E462", f"supply({printed(first)}, {printed(args[1])}) reads the bank of one member of a "
                     "global counter's 'per' index, and " + (f"counter {first.id!r} has "
                     + ("one bank for all its elements" if counter.supply is not None else "no supply")
                     if isinstance(counter, A.Counter) else f"{printed(first)!r} is no counter"), first.span,
                     f"'supply({first.id})'" if isinstance(counter, A.Counter) and counter.supply is not None else
                     "declare it 'counter cubes[city, disease] global from 0 to 3 supply 24 per disease;'")
            return "int"
        self.used.add(counter.name)
        wanted = f"entity:{counter.supply_per.id}" if self.sym.category(counter.supply_per.id) == "kind" else f"member:{counter.supply_per.id}"
        if not fits(kind, wanted):
            self.err("E303", f"the banks of {counter.name!r} are one per {counter.supply_per.id}, not per "
                     f"{words(kind)}", args[1].span)
        return "int"

    def supply(self, d: A.Resource) -> None:
        """`supply EXPR`: a whole number worked out once, before play, from numbers, `player_count`
        and the variants chosen (`enabled(v)`); anything the game changes is E303."""
        read, said = self.read_in_play(d.supply, f"the supply of {d.name!r}", settable=False)
        if said:
            return
        if read is not None:
            self.err("E303", f"the supply of {d.name!r} is worked out before play, from numbers, player_count, "
                     f"options, printed tables and enabled(VARIANT): it cannot read {printed(read)!r}", read.span,
                     "a supply that depends on the seats: 'supply match player_count { 2: 4, 3: 5, else: 7 }'")
            return
        kind = self.expr(d.supply, Scope())
        if not fits(kind, "int"):
            self.err("E303", f"a supply must be a whole number, not {article(words(kind))}", d.supply.span)
            return
        known = constant(d.supply)
        if type(known) is int and known < 0:
            self.err("E303", f"a supply must be at least 0, not {known}", d.supply.span)

    def cap(self, cap: A.Expr, whose: str) -> None:
        """A resource's or group's cap: a whole number, or the name of a per-player counter (a cap
        that changes during play: each holder's own value of it, read at every gain)."""
        if isinstance(cap, A.Name):
            c = self.sym.decls.get(cap.id)
            if not isinstance(c, A.Counter) or c.is_global or c.indexes is not None:
                self.err("E303", f"{whose} cap must be a whole number or the name of a per-player counter, "
                         f"not {cap.id!r}", cap.span)
            else:
                self.used.add(cap.id)
        else:
            self.int_const(cap, "a cap")

    def visit_Group(self, d: A.Group) -> None:
        if d.cap is not None:
            self.cap(d.cap, "a group's")
        for m in d.members:
            self.expect(m, ("resource",), "E202", "resource", d.span)

    def visit_Counter(self, d: A.Counter) -> None:
        self.hidden_global(d)
        for bound in (d.low, d.high):
            if bound is not None:
                self.int_const(bound, "a bound")
        if d.signed:
            self.signed_counter(d)
        self.indexes(d)
        self.frame(d)
        if d.start is not None:
            self.counter_start(d)
        if d.elements:
            self.element_bounds(d)
        if d.per is not None:
            self.counter_per(d)
        if d.supply is not None:
            self.counter_bank(d)

    def signed_counter(self, d: A.Counter) -> None:
        """`signed` (3.3): a per-player counter with no bounds, below zero too: with bounds (its own or an
        element's) or a bank it is E498; on a global counter, which without bounds goes below zero already, W515."""
        bounded = d.low is not None or d.high is not None or any(b.low is not None or b.high is not None
                                                                 for b in d.elements)
        if bounded or d.supply is not None:
            self.err("E498", f"counter {d.name!r} is 'signed' and " +
                     ("has a bank ('supply')" if not bounded else "has bounds") +
                     ": 'signed' is for a counter without bounds, which then goes below zero", d.span,
                     f"drop 'signed' to keep the bounds ('counter {d.name} from LOW to HIGH start 0;'), or drop the "
                     f"bounds: 'counter {d.name} signed;' goes as low and as high as play takes it")
        elif d.is_global:
            self.diags.append(Diagnostic(
                "W515", f"counter {d.name!r} is global: without bounds it goes below zero already, 'signed' "
                        "changes nothing", d.span, f"'counter {d.name} global;'"))

    def counter_per(self, d: A.Counter) -> None:
        """`per NAME` (3.3): NAME a proc or a loop label of the merged rules, not both (E470, with a did-you-mean),
        as `until end of NAME`'s (7.3): the end of each call of the proc, or of each round of the loop, puts the
        counter back to its start."""
        name, procs = d.per, self.sym.of("proc")
        proc, label = name in procs, name in self.loop_labels
        if not proc and not label:
            index = d.indexes is not None and name in [i.enum for i in d.indexes.dims()]
            self.err("E470", f"counter {d.name!r} per {name!r}: no proc and no loop label is called {name!r}",
                     self.after_per(name, d.span),
                     f"'per {name}' alone names a proc or a loop label; a bank of the game's pieces, one per "
                     f"{name}, is written 'supply N per {name}'" if index else
                     did_you_mean(name, procs + self.loop_labels) or
                     "name the proc each of whose calls the counter lasts through (the game's turn), or the label of "
                     "a loop ('while true as round { ... }')")
        elif proc and label:
            self.err("E470", f"counter {d.name!r} per {name!r}: {name!r} is both a proc and a loop label; which end "
                     "puts it back is unclear", self.after_per(name, d.span), "rename the loop's label ('as round')")
        elif proc and not d.elements:
            self.set_by_hand(d, self.sym.decls[name])

    def set_by_hand(self, d: A.Counter, proc: A.Proc) -> None:
        """W506: a `set` of a counter `per PROC` to its start among the proc's own statements (not under an `if`):
        the start of each call has it there already (the last call's end put it back), and its end puts it back."""
        start = constant(d.start) if d.start is not None else constant(d.low) if d.low is not None else 0
        if type(start) is not int:
            return
        for s in proc.body:
            if type(s) is A.SetName and s.name == d.name and constant(s.value) == start:
                self.diags.append(Diagnostic(
                    "W506", f"'set {d.name} = {start}' in {proc.name}(): {d.name!r} is back at its start, {start}, when "
                            f"each call of {proc.name}() ends ('per {proc.name}'), so it is {start} when the next one "
                            "starts", s.span, "drop the set: 'per' does it"))

    def counter_bank(self, d: A.Counter) -> None:
        """A global counter's bank, `supply EXPR [per INDEX] [short PROC]`: E461 on a player's counter or one
        without bounds from 0 up (the bank pays what it gains, and takes back what it loses); EXPR as a
        resource's supply (E303); E462 for `per` naming no index of the counter; E463 for a `short` that is
        no proc taking (the member of the `per` index and) the number missing; W502 when that proc gains
        the counter itself."""
        low = constant(d.low) if d.low is not None else None
        if not d.is_global or d.low is None or type(low) is int and low < 0:
            self.err("E461", f"counter {d.name!r} " + ("is each player's: a supply is a bank of the game's pieces, "
                     "for a global counter" if not d.is_global else "has no bounds" if d.low is None else
                     f"goes down to {low}: its bank would pay units it never gave"), d.supply.span,
                     f"'counter {d.name}{'[...]' if d.indexes else ''} global from 0 to HIGH supply N;'"
                     if d.is_global or not d.indexes else None)
            if not d.is_global:
                return
        self.supply(d)
        dims = [ix.enum for ix in d.indexes.dims()] if d.indexes is not None else []
        if d.supply_per is not None and d.supply_per.id not in dims:
            self.err("E462", f"'per {d.supply_per.id}': counter {d.name!r} has " + (f"no index {d.supply_per.id!r}: its indexes are "
                     f"{d.indexes.shown()}" if dims else "no index"), d.supply_per.span,
                     f"one bank per member of one of its indexes, 'per {next((x for x in dims if x), dims[0])}'"
                     if any(dims) else "without 'per', one bank serves the whole counter")
        if d.short is None:
            return
        name, span = d.short.id, d.short.span
        proc = self.sym.decls.get(name)
        if proc is None:
            self.unknown("E207", "procedure", name, span, self.sym.of("proc"))
            return
        per = d.supply_per.id if d.supply_per is not None and d.supply_per.id in dims else None
        wanted = f"proc {name}({'k: ' + per + ', ' if per else ''}n: int)"
        if not isinstance(proc, A.Proc):
            self.err("E463", f"what the supply of {d.name!r} cannot pay is handed to a proc, and {name!r} is "
                     f"{article(CATEGORY.get(type(proc), 'something else'))}", span, f"declare '{wanted} {{ ... }}'")
            return
        self.used.add(name)
        types = [p.type for p in proc.params]
        if types != ([per] if per else []) + ["int"]:
            self.err("E463", f"proc {name!r} is given " + (f"the {per} whose bank ran short, then " if per else "")
                     + f"the number of units the supply of {d.name!r} could not pay, but it takes "
                     + (f"({', '.join(f'{p.name}: {p.type}' for p in proc.params)})" if proc.params else "nothing"),
                     span, f"declare it '{wanted} {{ ... }}'")
        again = next((n for n in A.walk(proc) if type(n) is A.Gain and n.resource == d.name), None)
        if again is not None:
            self.err("W502", f"proc {name!r} runs when the supply of {d.name!r} cannot pay, and gains {d.name!r} "
                     "itself: the bank is short, so that gain is short again (and runs it again)", again.span,
                     "end the game, or say what happens without the pieces")

    def element_bounds(self, d: A.Counter) -> None:
        """E405 for the braces of an indexed counter that give single elements their own bounds (or start),
        `counter prod[stock] from 0 to 100 { mc from -5; }`: a counter of one index only; each key a member,
        card or number it has an element for, once; each bound and start a whole number known before play;
        the element's LOW (its own or the counter's) not above its HIGH, its start within them. An element
        without its own start starts at the counter's (or the counter's LOW), kept within its own bounds."""
        dims = d.indexes.dims() if d.indexes is not None else ()
        if len(dims) != 1:
            self.err("E405", f"counter {d.name!r} " + ("has no index: only an indexed counter's elements have bounds "
                     "of their own" if not dims else f"has {len(dims)} indexes: only the elements of a counter "
                     "of one index have bounds of their own"), d.elements[0].span,
                     f"give the whole counter its bounds, 'counter {d.name} from LOW to HIGH;'" if not dims else None)
            return
        ix = dims[0]
        if ix.enum is not None and self.sym.category(ix.enum) not in ("enum", "kind", "group"):
            return   # an unknown index: E201 said it
        keys = index_keys(ix, self.sym)
        seen = set()
        for b in d.elements:
            if b.key not in keys:
                what = f"numbers {ix.low} to {ix.high}" if ix.enum is None else \
                    f"{self.sym.category(ix.enum) or 'index'} {ix.enum}"
                near = did_you_mean(str(b.key), [str(k) for k in keys]) if ix.enum is not None else None
                self.err("E405", f"counter {d.name!r} has no element {b.key}: it has one for each of the {what}",
                         b.span, near)
                continue
            if b.key in seen:
                self.err("E405", f"the bounds of {d.name}[{b.key}] are written twice", b.span,
                         "write each element once, with all of its own bounds")
                continue
            seen.add(b.key)
            if b.low is None and b.high is None and b.start is None:
                self.err("E405", f"{d.name}[{b.key}] gives no bounds of its own: write 'from LOW', 'to HIGH' or "
                         "'start VALUE'", b.span)
                continue
            known = {}
            for part, expr_ in (("from", b.low), ("to", b.high), ("start", b.start)):
                if expr_ is not None:
                    value = constant(expr_)
                    if type(value) is not int:
                        self.err("E405", f"'{part} {printed(expr_)}' of {d.name}[{b.key}] must be a whole number "
                                 "known before play", expr_.span)
                        break
                    known[part] = value
            else:
                self.element_range(d, b, known)

    def element_range(self, d: A.Counter, b: A.ElementBound, known: dict) -> None:
        """E405 for an element whose own bounds cross (with the counter's where it keeps them), or whose own
        start is outside them."""
        low, high, start = (constant(x) for x in d.bounds_of(b.key))
        if d.low is None and b.low is None and not d.is_global:
            low = 0   # a per-player counter without a floor stops at 0
        if type(low) is int and type(high) is int and low > high:
            mine = "from" if "from" in known else "to"
            self.err("E405", f"{d.name}[{b.key}] goes from {low} to {high}: its LOW is above its HIGH", b.span,
                     f"its '{mine}' is its own, the other bound the counter's: give both ('from LOW to HIGH')")
        elif "start" in known and (type(low) is int and start < low or type(high) is int and start > high):
            self.err("E405", f"{d.name}[{b.key}] starts at {start}, outside its bounds "
                     f"{low if type(low) is int else '...'} to {high if type(high) is int else '...'}",
                     b.start.span)

    def counter_start(self, d: A.Counter) -> None:
        """E322: `start VALUE` is a whole number known before play, within the counter's bounds (from
        0 up for a per-player counter without bounds, which never goes below 0). A start worked out from
        the seats (`start match player_count { 3: 75, 4: 100, 5: 122 }`, as a supply is) is set as the
        game is made: E447 when it lies outside the bounds for a number of seats the game allows."""
        value, low, high = constant(d.start), constant(d.low), constant(d.high)
        if type(value) is not int:
            read, said = self.read_in_play(d.start, f"the start of counter {d.name!r}")
            if said:
                return
            if read is None:   # `12 * player_count`, `hand[player_count]`: worked out as the game is made
                self.seated_start(d)
                return
            self.err("E322", f"the start of counter {d.name!r} must be a whole number known before play, not "
                     f"{printed(d.start)}", d.start.span, "give the value every player starts with, as in 'start 0', "
                     "or one worked out from the seats ('start match player_count { 2: 10, else: 12 }')"
                     if not d.is_global else "give the value the game starts with, as in 'start 0', or one worked "
                     "out from the seats ('start 25 * player_count')")
            return
        if d.low is None and not d.is_global:
            low, high = (None if d.signed else 0), None   # (`signed`: below zero too)
        elif type(low) is not int or type(high) is not int:   # a bad bound: E303 says it
            return
        if (low is not None and value < low) or (high is not None and value > high):
            shown = f"from {low} to {high}" if high is not None else "from 0 up (a per-player counter without bounds)"
            self.err("E322", f"counter {d.name!r} starts at {value}, outside its bounds: {shown}", d.start.span,
                     "widen the bounds ('from LOW to HIGH') or start within them")

    def read_in_play(self, value: A.Expr, what: str, settable: bool = True) -> tuple[Optional[A.Node], bool]:
        """A value worked out before play (a resource's or bank's `supply`, a counter's `start`, a variable's
        default): the first part of it known only in play (None: none is), and whether E677 said it already, as a
        printed table read at that part (`start hand[vp]`, `supply gems[vp]`: said at the part; anything else is
        the caller's own finding, E303 or E322). `settable`: a rule may set it instead (a start; a bank it may not)."""
        tables = tuple(self.sym.of("table"))
        part = before_play(value, self.sym, tables)
        read = table_read_around(value, part, tables) if part is not None else None
        if read is None:
            return part, False
        self.err("E677", f"{what} is worked out before play, and reads table {read.obj.id!r} at {printed(part)!r}, "
                 "which is known only in play", part.span, f"read it at numbers, player_count, options or constants "
                 f"('{read.obj.id}[player_count]')" + (", or set it in setup" if settable else ""))
        return part, True

    def seated_start(self, d: A.Counter) -> None:
        """A start from the seats: a whole number (E322), on a counter whose elements keep no bounds of their
        own (E322: each would be kept within its own), within the bounds for each number of seats the game
        allows where it is known then (E447, one finding for all of them; a start that reads a variant is
        checked as the game is made, E601)."""
        kind = self.expr(d.start, Scope())
        if not fits(kind, "int"):
            self.err("E322", f"the start of counter {d.name!r} must be a whole number, not {article(words(kind))}",
                     d.start.span)
            return
        if d.elements:
            self.err("E322", f"the start of counter {d.name!r} is worked out from the seats, and some of its "
                     "elements keep bounds of their own", d.start.span,
                     "give those elements their own 'start', or start the counter at a number")
            return
        low, high = constant(d.low), constant(d.high)
        if d.low is None:
            low, high = (None, None) if d.is_global or d.signed else (0, None)
        elif type(low) is not int or type(high) is not int:   # a bad bound: E303 says it
            return
        g = self.sym.game
        past = []
        for n in range(g.min_players, g.max_players + 1) if g is not None else ():
            value = at_seats(d.start, n, self.sym)
            if type(value) is not int:
                continue   # a variant's, or a match without the case: known as the game is made
            if high is not None and value > high:
                past.append(f"{value} with {n} players, above its limit {high}")
            elif low is not None and value < low:
                past.append(f"{value} with {n} players, below its floor {low}")
        if past:
            shown = f"from {low} to {high}" if high is not None else \
                f"from {low} up" + (", a per-player counter without bounds" if d.low is None else "")
            self.err("E447", f"counter {d.name!r} ({shown}) would start at " + "; at ".join(past)
                     + ": those games could not be set up", d.start.span,
                     "widen the bounds, or give those numbers of seats a start within them")

    def indexes(self, decl) -> None:
        """`[ENUM]` names an enum or a kind (a range was checked by the parser), each index of a grid too;
        all of them together make at most MAX_ELEMENTS elements (E350)."""
        ix = decl.indexes
        dims = ix.dims() if ix is not None else ()
        if not all([self.expect(d.enum, ("enum", "kind", "group", "record") if isinstance(decl, A.Counter) and len(dims) == 1
                                else ("enum", "kind", "record"), "E201", "enum, kind or record", d.span) for d in dims
                    if d.enum is not None and not by_seat(d, self.sym)]):   # each index said, not only the first unknown one
            return
        if not self.seat_index(decl):
            return
        if not all([self.edge_index(decl, d) for d in dims if d.edge]):
            return
        if not all([self.cell_index(decl, d) for d in dims if self.sym.category(d.enum) == "record"]):
            return
        sizes = [len(index_keys(d, self.sym)) for d in dims]
        if math.prod(sizes) > MAX_ELEMENTS:
            self.err("E350", f"{decl.name}[{ix.shown()}] has {' x '.join(map(str, sizes))} = {math.prod(sizes)} "
                     f"elements, more than {MAX_ELEMENTS}: each is a counter, variable or zone of its own in every "
                     "state", ix.span, "index by fewer or smaller ranges, enums or kinds, or keep the state in a "
                     "card's fields or a list")

    def remembered_var(self, d: A.Var) -> None:
        """E537 for a remembered variable that is not global (a position is the game's, 3.3b), or remembered as a
        position named by another declaration than a variable remembered as it."""
        if not d.is_global:
            self.err("E537", f"variable {d.name!r} is remembered but is each player's: a remembered position is the "
                     "game's, kept at each decision", self.at_decl(d),
                     f"declare it global, 'var {d.name} ... global remembered: {d.type};' (a player's value the "
                     "position holds can be indexed by player)")
            return
        other = self.sym.decls.get(d.remembered)
        if d.remembered != d.name and other is not None and not (type(other) is A.Var and other.remembered == d.remembered):
            self.err("E537", f"{d.name!r} is remembered as {d.remembered!r}, which names {CATEGORY[type(other)]} "
                     f"{d.remembered!r}: a position's name is its own", self.at_decl(d),
                     f"name the position otherwise ('remembered as position'), or remember {d.remembered!r} as it too")

    def seen_read(self, func: str, args: tuple, span: A.Span) -> str:
        """`seen_before(POSITION)` (bool), `times_seen(POSITION)` (int): POSITION names a remembered variable or a
        position (`remembered as POSITION`); E537 for anything else, with the declaration that would remember it."""
        self.used.add(func)
        result = "bool" if func == "seen_before" else "int"
        if len(args) != 1:
            self.err("E302", f"{func}() takes 1 argument, not {len(args)}", span)
            return result
        arg = args[0]
        positions = remembered(self.sym)
        name = arg.id if type(arg) is A.Name else None
        if name in positions:
            self.remembered_reads.add(name)
            for v in positions[name]:
                self.used.add(v.name)
            return result
        decl = self.sym.decls.get(name) if name is not None else None
        example = f"'var board[point] global remembered: player;' and '{func}(board)'"
        if type(decl) is A.Var and decl.remembered is not None and decl.is_global:
            self.used.add(name)
            self.err("E537", f"{func}({name}): {name!r} is remembered as part of the position {decl.remembered!r}, "
                     f"which {func}() reads as a whole", arg.span, f"write '{func}({decl.remembered})'")
        elif type(decl) is A.Var:
            self.used.add(name)
            shown = f"var {decl.name}{'[...]' if decl.indexes is not None else ''}" \
                    f"{f' {chr(34)}{decl.title}{chr(34)}' if decl.title else ''} global"
            self.err("E537", f"{func}({name}): variable {name!r} is not remembered, so no earlier position of it is kept",
                     arg.span, f"declare it '{shown} remembered: {decl.type};' (at {decl.span.file}:{decl.span.line})"
                     if decl.is_global else f"remember a global variable: {example}")
        else:
            what = f"{CATEGORY[type(decl)]} {name!r}" if decl is not None else f"{name!r}, which is not declared" \
                if name is not None else f"'{printed(arg)}'"
            self.err("E537", f"{func}() takes the name of a remembered variable or position, not {what}", arg.span,
                     f"remember the variables that make the position: {example}")
        return result

    def _lint_remembered(self) -> None:
        """W526 for a remembered position that no seen_before() or times_seen() reads: the game keeps its
        positions for nothing."""
        for name, variables in remembered(self.sym).items():
            if name not in self.remembered_reads:
                d = variables[0]
                self.diags.append(Diagnostic(
                    "W526", f"the position {name!r} is remembered but no seen_before({name}) or times_seen({name}) "
                    "reads it: every decision keeps it for nothing", self.at_decl(d),
                    f"read it ('if times_seen({name}) >= 3 {{ end game; }}') or drop 'remembered'"))

    def frame(self, decl) -> None:
        """`numbered t as (EXPR)` (a frame, 3.3): on one range only, worked out before play from `t`,
        `seat(you)` and whole numbers, and for every seat a game of the pack may have a one-to-one map of
        the range onto itself (E542 otherwise, at the frame); kept as a table for both backends."""
        ix = decl.indexes
        if ix is None or ix.frame is None:
            return
        where = ix.frame.span or ix.span
        if ix.enum is not None or ix.second is not None:
            self.err("E542", f"{decl.name}[{ix.shown()}] is numbered from each player's side, but a frame numbers "
                     "one range of whole numbers (one track's spaces or points), not "
                     f"{'a grid' if ix.second is not None else 'the members of ' + repr(ix.enum)}", where,
                     f"index it by a range: '{decl.name}[1..24] numbered {ix.frame_var} as (...)'")
            return
        seats = max((g.max_players for g in self.sym.decls.values() if type(g) is A.Game), default=MAX_FRAME_SEATS)
        var = ix.frame_var

        def fixed(n):
            if type(n) is A.Name and n.id == var:
                return A.Int(t, span=n.span)
            if type(n) is A.Call and n.func == "seat" and len(n.args) == 1 and type(n.args[0]) is A.You:
                return A.Int(s, span=n.span)
            return None
        table = {}
        for s in range(1, seats + 1):
            row = {}
            for t in range(ix.low, ix.high + 1):
                try:
                    number = A.as_const(A.rewrite(ix.frame, fixed))
                except A.NotConstant:
                    number = None
                if type(number) is not int:
                    self.err("E542", f"the frame of {decl.name!r} is not worked out before play: it may read its "
                             f"number {var!r}, seat(you), whole numbers, arithmetic and 'if ... then ... else' only",
                             where, f"write each seat's numbering from the seat, e.g. '{decl.name}[{ix.shown()}] numbered "
                             f"{var} as (if seat(you) == 2 then {ix.low + ix.high} - {var} else {var})'")
                    return
                if not ix.low <= number <= ix.high:
                    self.err("E542", f"the frame of {decl.name!r} sends seat {s}'s {var} = {t} to {number}, outside "
                             f"{ix.shown()}: a frame numbers the same {ix.high - ix.low + 1} elements from each side",
                             where, f"wrap around with '%' (a circular track) or count back from {ix.low + ix.high}")
                    return
                if number in row.values():
                    first = next(k for k, v in row.items() if v == number)
                    self.err("E542", f"the frame of {decl.name!r} gives seat {s} element {number} twice ({var} = "
                             f"{first} and {var} = {t}): a frame numbers each element once", where,
                             "each player's numbers must be the range's own, in another order")
                    return
                row[t] = number
            table[s] = row
        self.sym.frames[decl.name] = table

    def seat_index(self, decl) -> bool:
        """An index of players (`counter support[player]`) has one element per seat of each game, so what is
        worked out before play for each element cannot be said of it: an element's own bounds (`{ KEY from LOW;
        }`) and a bank per player (`supply N per player`) are E559, at the part that names the seats."""
        dims = decl.indexes.dims() if decl.indexes is not None else ()
        if not any(by_seat(d, self.sym) for d in dims) or type(decl) is not A.Counter:
            return True
        if decl.elements:
            at = decl.elements[0]
            self.err("E559", f"{decl.name}[{decl.indexes.shown()}] is indexed by the players, whose elements are the "
                     f"seats of each game: an element's own bounds ({at.key!r}) name none of them before play",
                     at.span or decl.indexes.span, f"give every player's element the counter's bounds "
                     f"('counter {decl.name}[{decl.indexes.shown()}] from 0 to 9;'), or index by an enum of the "
                     "colours if a colour has bounds of its own")
            return False
        if type(decl.supply_per) is A.Name and decl.supply_per.id == "player":
            self.err("E559", f"{decl.name}'s bank is per player, but a bank per member is kept for an enum's members "
                     "or a range's numbers, known before play, not for each game's seats", decl.supply_per.span,
                     f"one bank for all ('supply N' without 'per'), or a resource each player holds with its own "
                     "supply (3.1)")
            return False
        return True

    def not_a_player(self, name: str, which: str, parts, actual: str, place: int) -> None:
        """E558: an index of players (`support[player]`) read with a value that is not a player: a seat's number,
        a member, a card. The hint names the player that value would be, where it can."""
        part = parts[place]

        def written(player: str) -> str:   # the element, the player in its place
            return f"{name}[{', '.join(player if i == place else printed(p) for i, p in enumerate(parts))}]"
        seat_of = part.args[0] if type(part) is A.Call and part.func == "seat" and len(part.args) == 1 else None
        hint = f"the player indexes it: '{written(printed(seat_of))}'" if seat_of is not None else \
               f"a seat's number is no player: the player in that seat is all_players[{printed(part)}] " \
               f"('{written(f'all_players[{printed(part)}]')}')" if base_of(actual) == "int" else \
               f"name a player: '{written('you')}', or p of 'for each p in players'"
        self.err("E558", f"{which} of {name!r} is a player (one element per seat), not "
                 f"{article(words(actual))}: '{printed(part)}'", part.span, hint)

    def cell_index(self, decl, d: A.Indexes) -> bool:
        """A record as an index (`var board[square]`: one element per cell of a board) has fields that are all
        ranges or enums, the axes of a grid its elements are (E486 otherwise, naming the field)."""
        for f in self.sym.decls[d.enum].fields:
            if f.within is None and not (f.of is None and (self.sym.category(f.type) == "enum" or f.type == "player")):
                shown = f"list of {f.of}" if f.of is not None else f.type
                self.err("E486", f"{decl.name}[{d.enum}]: a record indexes a board's cells, each field a range, an "
                         f"enum or a player, and field {f.name!r} of {d.enum} is {article(words(shown))}", d.span,
                         f"give the field a range ('{f.name}: 1..8;')" if shown == "int" else
                         f"index by the fields that say where a cell is, '{decl.name}[...]' with a range or an enum each")
                return False
        return True

    def edge_index(self, decl, d: A.Indexes) -> bool:
        """`var NAME[edge of RECORD]` (one element per side of a board's cells) indexes a variable alone, by a record
        that is a board's cell the same in every game: E679 for an enum's or kind's name, a record with a players'
        field or a field an option sizes, another index beside it, or a counter or zone."""
        record = self.sym.decls[d.enum]
        example = f"'var {decl.name}[edge of square] global: bool = false;'"
        indexes = decl.index if type(decl) is A.Table else decl.indexes
        if not isinstance(record, A.Record):
            self.err("E679", f"{decl.name}[edge of {d.enum}]: the sides lie between a board's cells, and {d.enum!r} is "
                     f"{article(CATEGORY[type(record)])}, not a record of a board's cells", d.span,
                     f"declare the cell as a record ('record square {{ col: column; row: 1..9; }}') and {example}")
            return False
        odd = next((f for f in record.fields if f.bound is not None or f.type == "player"), None)
        if odd is not None:
            self.err("E679", f"{decl.name}[edge of {d.enum}]: field {odd.name!r} of {d.enum} is "
                     f"{'the players' if odd.type == 'player' else 'sized by an option'}, and a board's sides are "
                     "kept only for a board the same in every game", d.span,
                     f"index by the cells ('{decl.name}[{d.enum}]') or keep the sides in a list of 'edge(a, b)'")
            return False
        if indexes.second is not None or type(decl) not in (A.Var, A.Table):
            what = "beside other indexes" if indexes.second is not None else f"on {article(CATEGORY[type(decl)])}"
            self.err("E679", f"{decl.name}[{indexes.shown()}]: a board's sides index a variable or a table alone, not "
                     f"{what}", d.span, f"{example}, one variable per side, read '{decl.name}[edge(a, b)]'")
            return False
        return True

    def edge_element(self, name: str, d: A.Indexes, part, scope: Scope) -> None:
        """An element of `var NAME[edge of RECORD]`: a side of that board, `NAME[edge(a, b)]`, or a list holding one
        (a side kept in a list of sides). E679 for any other value, or a list written out of other than two cells or
        of constant cells not beside each other; W659 for a list written out (`NAME[[a, b]]`), which says less than
        `edge(a, b)`."""
        actual = self.expr(part, scope)
        expected = self.index_type(d)
        if not fits(actual, expected):
            self.err("E679", f"an index of {name!r} is a side of {d.enum}'s board (the two cells of 'edge(a, b)'), not "
                     f"{article(words(actual))}: '{printed(part)}'", part.span,
                     f"name the side by its two cells beside each other: '{name}[edge(s, step(s, d))]'")
            return
        if type(part) is not A.ListLit:
            return
        cells = [i for i in part.items]
        record = self.sym.decls[d.enum]
        if len(cells) != 2 or self.constant_places(cells, record) not in (None, True):
            self.err("E679", f"{name}[{printed(part)}] names no side of {d.enum}'s board: a side is two cells beside "
                     "each other (one step along one field)", part.span,
                     f"'{name}[edge(s, step(s, d))]'")
            return
        self.diags.append(Diagnostic(
            "W659", f"{name}[{printed(part)}]: a side written as a list of its cells; 'edge(...)' says it is a side, "
            "and play stops at once where the cells are not beside each other", part.span,
            f"'{name}[edge({', '.join(printed(c) for c in cells)})]'"))

    def hidden_global(self, d) -> None:
        """E522: a variable or counter declared `hidden` that no player holds (a global one)."""
        if d.hidden and d.is_global:
            what = "counter" if type(d) is A.Counter else "variable"
            self.err("E522", f"{what} {d.name!r} is declared 'hidden' but is global: 'hidden' keeps a value to "
                     f"the player who holds it, and a global {what} has no holder, so no one would see it",
                     self.at_decl(d), "keep it per player (each player's own, seen by them alone; indexed if need be), "
                     "or keep bookkeeping off every screen with 'internal'")

    def visit_Var(self, d: A.Var) -> None:
        if d.remembered is not None:
            self.remembered_var(d)
        self.hidden_global(d)
        self.type_ref(d.type, d.span)
        self.indexes(d)
        self.frame(d)
        if self.record_item(d.type, None) is not None or d.type.startswith("list of "):
            # a record (none unless it starts with a constant construction), or a list of values (else empty):
            # of numbers, texts, conditions, players, members, cards, records or lists of those (3.3a)
            if d.default is not None and self.declared(d.type) != "list":   # (an unknown item: E201 said it)
                self.kept_record(d.type, None, d.default, f"{d.name!r} holds")
            return
        if d.type in ("int", "effect", "zone", "die", "list", "any"):
            hint = {"int": f"a number is a counter: 'counter {d.name};' (or 'counter {d.name} global;')",
                    "list": f"say what the list holds: 'var {d.name}: list of int;', or keep cards in a zone: "
                    "'zone NAME per_player of KIND;'"}.get(d.type)
            self.err("E303", f"a variable holds a player, a card or tile, a condition, a text, an enum member, "
                     f"a track, a resource, a record or a list of ITEM, not {article(words(self.declared(d.type)))}",
                     d.span, hint)
            return
        if d.default is None:
            if d.type not in ("player", "bool") and self.sym.category(d.type) != "kind":
                enum = self.sym.decls.get(d.type)
                first = f" or with a member, '= {enum.members[0]}'" \
                    if isinstance(enum, A.Enum) and enum.members else ""
                self.err("E304", f"variable {d.name!r} needs a starting value: '= ...'", d.span,
                         f"write '= none' to start it with no value{first}; only players, cards and tiles start as "
                         "'none' without one, and conditions as false")
            return
        if not is_field_value(d.default) or isinstance(d.default, A.You):
            read, said = (None, False) if isinstance(d.default, A.You) else \
                self.read_in_play(d.default, f"the start of variable {d.name!r}")
            if said:
                return
            if not isinstance(d.default, A.You) and read is None and \
                    (d.type in ("bool", "str") or self.sym.category(d.type) == "enum"):
                actual = self.expr(d.default, Scope())   # from the seats: `= player_count > 3`, `= match ...`
                if not fits(actual, self.declared(d.type)):
                    self.err("E303", f"{d.name!r} holds {article(words(self.declared(d.type)))}, not "
                             f"{article(words(actual))}", d.default.span)
                return
            self.err("E303", "a variable starts with a constant value (or 'none'), or a condition, text or member "
                     "worked out from the seats", d.default.span)
            return
        if d.type in ("bool", "str", "player"):
            actual = self.expr(d.default, Scope())
            if not fits(actual, d.type):
                self.err("E303", f"{d.name!r} holds {article(words(d.type))}, not {article(words(actual))}",
                         d.default.span)
            return
        self.field_value(A.FieldDecl(d.name, d.type, None, span=d.span), d.default)

    def amended_at(self, *members: str) -> Optional[A.Span]:
        """Where an `amend` of an enum added or retitled one of the members, the first that was, or None."""
        return next((at for m in members for at in (self.sym.retitled.get(m), self.sym.member_spans.get(m)) if at), None)

    # the types a field of an enum's members may have: constants written in the enum (E339 for another)
    ENUM_FIELD_TYPES = ("int", "bool", "str", "resource")

    def enum_fields(self, d: A.Enum) -> None:
        """`enum side { dx: int; dy: int; north(dx = 0, dy = -1), ... }`: the fields each member holds (as a
        record's: int, bool, str, a range, an enum's member, a record, a list of those; E339 for another type) and
        each member's values: constants (E339 otherwise), of their field's type (E303), each field the enum
        declares (E334 for another, or one given twice), every field without a default given (E333)."""
        bad = set()   # fields of a type no constant is: not asked of each member besides
        for f in self.declared_fields(d.fields, f" of enum {d.name}"):
            item = f.of if f.of is not None else f.type
            if f.of is not None:
                self.list_of(f.of, f.span)
            if f.index is not None and grid_cells(f.index, self.sym) is None:
                bad.add(f.name)
                self.grid_index(f"enum {d.name}", f)
            elif item not in self.ENUM_FIELD_TYPES and self.sym.category(item) not in ("enum", "record") \
                    and not (f.of is None and f.type == "list"):
                bad.add(f.name)
                self.err("E339", f"field {f.name!r} of enum {d.name} is {article(words(self.declared(item)))}: a "
                         f"member's data is a constant written in the enum, a number, a condition, a text, a "
                         f"member, a resource, a record or a list of those", f.span,
                         "a value worked out in play, or a card, is a func's: 'func NAME(m: "
                         f"{d.name}) = match m {{ ... }};'")
            elif f.default is not None:
                self.member_value_of(d, f, f.default, f"the default of {f.name!r} must be")
        fields = {f.name: f for f in d.fields}
        for member, values in zip(d.members, d.data or ((),) * len(d.members)):
            if values and not d.fields:
                self.err("E334", f"member {member!r} gives values, but enum {d.name} declares no fields",
                         values[0].span, f"declare each field first, as a record's: 'enum {d.name} {{ "
                         f"{values[0].name}: TYPE; ... }}'")
                continue
            given, unknown = set(), False
            for v in values:
                if v.name in given:
                    self.err("E334", f"field {v.name!r} of {member} is given twice", v.span, "give each field once")
                    continue
                given.add(v.name)
                f = fields.get(v.name)
                if f is None:
                    self.unknown("E334", "field", v.name, v.span, list(fields), of=f"enum {d.name}")
                    unknown = True
                    continue
                if f.name not in bad and f.index is not None:
                    self.member_grid(f, member, v.value, lambda item, f=f: self.member_value_of(
                        d, f, item, f"field {f.name!r} of {d.name} holds"))
                elif f.name not in bad:
                    self.member_value_of(d, f, v.value, f"field {v.name!r} of {d.name} holds")
            missing = [f.name for f in d.fields if f.name not in given and f.default is None and f.name not in bad]
            if missing and not unknown:
                at = self.amended_at(member) or self.member_at(member, d.span)
                self.err("E333", f"member {member!r} of enum {d.name} has no value for "
                         f"{', '.join(repr(m) for m in missing)}: every field without a default has a value for each "
                         f"member", at, f"write {member}({', '.join(f'{f.name} = ...' for f in d.fields if f.default is None or f.name in given)})")

    def grid_index(self, owner: str, f: A.FieldDecl) -> None:
        """E572: `shade: int[spot];` (of `owner`, "enum NAME" or "kind NAME") indexed by a name that is no record whose
        values are known before play (a record of ranges, enums and bools, not sized by an option)."""
        at = self.at_name(f.index, f.span)
        if isinstance(self.sym.decls.get(f.index), A.Record):
            self.err("E572", f"field {f.name!r} of {owner} is indexed by record {f.index}, whose values are not "
                     f"known before play: a grid holds a value per value of a record of ranges, enums and bools",
                     at, f"give {f.index} fields such as 'row: 1..4; col: 1..5;'")
        elif self.sym.category(f.index) is None:
            self.unknown("E572", "record", f.index, at,
                         [n for n, x in self.sym.decls.items() if isinstance(x, A.Record)])
        else:
            self.err("E572", f"field {f.name!r} of {owner} is indexed by {f.index!r}, which is no record: an "
                     f"enum's field holds a value per value of a record (a board's cells)", at,
                     f"declare 'record cell {{ row: 1..4; col: 1..5; }}' and write '{f.name}: {f.type}[cell];'")

    def member_grid(self, f: A.FieldDecl, member: str, value, check_item) -> None:
        """A member's (or a card's) value of a field indexed by a record: a grid, a list per value of the record's
        first field (a row), nested as deep as the record has fields, each list as long as its row (E576); each
        value checked by `check_item` (of the field's type, as a member's value or a card's)."""
        record = self.sym.decls[f.index]
        cells = grid_cells(f.index, self.sym)

        def skeleton(cells_left: list, depth: int) -> str:
            if depth == 1:
                return "[" + ", ".join("_" for _ in cells_left) + "]"
            rows = grid_rows(cells_left)
            return "[" + ", ".join(skeleton([c[1:] for c in row], depth - 1) for row in rows) + "]"

        def match(v, cells_left: list, depth: int, where: str) -> None:
            axis = record.fields[len(record.fields) - depth]
            rows = grid_rows(cells_left) if depth > 1 else [[c] for c in cells_left]
            if type(v) is not A.ListLit or len(v.items) != len(rows):
                firsts = [as_written(row[0][0]) for row in rows]
                said = f"{len(v.items)} item{'s' if len(v.items) != 1 else ''}" if type(v) is A.ListLit \
                    else f"no list but {printed(v)}"
                self.err("E576", f"{where}{member}'s {f.name} has {said}: {f.index} has {len(rows)} "
                         f"{'rows' if depth > 1 else 'values'} there, one per {axis.name} "
                         f"{firsts[0]}{f' to {firsts[-1]}' if len(firsts) > 1 else ''}", v.span,
                         f"write {skeleton(cells_left, depth)}, a value for each _")
                return
            for item, row in zip(v.items, rows):
                if depth == 1:
                    check_item(item)
                else:
                    match(item, [c[1:] for c in row], depth - 1,
                          f"{axis.name} {as_written(row[0][0])} of {'' if where == 'the grid of ' else where}")
        match(value, cells, len(record.fields), "the grid of ")

    def member_at(self, member: str, span: A.Span) -> A.Span:
        """Where an enum declares a member: its name after `{`, `;` or `,`, before `(`, `,`, `}` or its title (not
        a member named in another member's values, `across = south`, `[east, west]`); the enum when unknown."""
        tokens = self.tokens_in(span)
        for i, (line, col, t) in enumerate(tokens):
            if t.type == "NAME" and t == member and 0 < i < len(tokens) - 1 \
                    and str(tokens[i - 1][2]) in ("{", ";", ",") and str(tokens[i + 1][2]) not in ("=", ":", "]"):
                return A.Span(span.file, line, col, line, col + len(member))
        return span

    def member_value_of(self, d: A.Enum, f: A.FieldDecl, value, what: str) -> None:
        """A member's value of a field (or the field's default): a constant (E339), of the field's type (E303),
        in the field's range (E303)."""
        def constant(v) -> bool:
            if type(v) is A.Construct:
                return all(constant(g.value) for g in v.fields)
            if type(v) is A.ListLit:
                return all(map(constant, v.items))
            if type(v) is A.Name:   # a member (of any enum, this one too), or a resource where one is held
                return self.sym.category(v.id) == "member" or \
                    (self.sym.category(v.id) == "resource" and (f.of or f.type) == "resource")
            if type(v) is A.Str and v.parts:
                return False
            return is_field_value(v) and not isinstance(v, A.You)
        if not constant(value):
            self.err("E339", f"{printed(value)} is no constant, and {f.name!r} of enum {d.name} is a member's data: a "
                     f"number, a text, true, false, none, a member, a resource (for a field declared 'resource'), a "
                     f"record built of those or a list of them, written in the enum", value.span,
                     "a value worked out in play is a func's: 'func NAME(m: "
                     f"{d.name}) = ...;' reading m's data")
            return
        self.typed_value(f.type if f.of is None else f"list of {f.of}", value, Scope(), what)
        v = constant_int(value)
        if f.within is not None and v is not None and not f.within[0] <= v <= f.within[1]:
            self.err("E303", f"{what} a number from {f.within[0]} to {f.within[1]}, not {v}", value.span)

    def visit_Enum(self, d: A.Enum) -> None:
        self.ring_fields(d.fields, f"of enum {d.name}", board=False)
        if d.fields or d.data:
            self.enum_fields(d)
            self.one_way_neighbours(d)
        shown: dict = {}   # what each member is shown as -> the member
        for member, title in zip(d.members, d.titles or (None,) * len(d.members)):
            text = title if title is not None else member
            if text.casefold() in shown:
                self.diags.append(Diagnostic("W409", f"enum members {shown[text.casefold()]!r} and {member!r} are "
                                             f"both shown as {text!r}: their options would read alike",
                                             self.amended_at(member, shown[text.casefold()]) or d.span,
                                             "give each member its own title"))
            shown.setdefault(text.casefold(), member)

    def one_way_neighbours(self, d: A.Enum) -> None:
        """W449: a field holding a list of the enum's own members (`near: list of clearing`) that names its
        neighbours both ways for most members, but not for some: `c1 (near = [c5])` where c5 does not list
        c1, a likely slip when every path is written twice. Only when most of the links go both ways (a
        one-way relation, `beats: list of hand`, is left alone). At the member's value, naming the member
        that lacks it."""
        for f in d.fields:
            if f.of != d.name:
                continue
            values = {}   # member -> (its list's members, the value's expression)
            for m in d.members:
                given = next((v.value for v in d.values_of(m) if v.name == f.name), None)
                items = given.items if type(given) is A.ListLit else ()
                values[m] = ([i.id for i in items if type(i) is A.Name and i.id in d.members], given)
            links = [(m, n) for m, (ns, _) in values.items() for n in ns if n != m]
            one_way = [(m, n) for m, n in links if m not in values[n][0]]
            if not one_way or 2 * len(one_way) >= len(links):
                continue
            for m, n in one_way:
                at = next(i.span for i in values[m][1].items if type(i) is A.Name and i.id == n)
                self.diags.append(Diagnostic(
                    "W449", f"{m} lists {n} in its {f.name}, but {n} does not list {m}: every other link of "
                    f"{f.name} goes both ways", at, f"add {m} to {n}'s {f.name}, or take {n} out of {m}'s"))

    def visit_Event(self, d: A.Event) -> None:
        if d.name in BUILTIN_EVENTS:   # the other builtin names are keywords: only 'benefit' gets here
            self.err("E208", f"{d.name!r} is a builtin event: the statements announce it, it needs no "
                     f"declaration", self.at_decl(d))
        self.params(d.params, "an emit gives every argument of an event")
        for p in d.params:   # `it.subject` is the player the event happened to: no argument takes the name
            if p.name == SUBJECT:
                self.err("E400", f"event {d.name!r} has an argument named 'subject': 'it.subject' is the player "
                         "the event happened to (its subject), so no argument of an event is so named",
                         self.at_name(p.name, p.span),
                         "rename the argument ('by', 'who', 'placer'...); if it is the acting player, drop it: "
                         "a trigger reads 'it.subject'")

    def visit_Actor(self, d: A.Actor) -> None:
        """E656: the title prompts, messages and the trace name the actor by must tell it apart from every
        other player and actor (as E520 asks of a seat's name)."""
        if d.title is None:
            return
        title, game = d.title, self.sym.game
        seats = [n.value.casefold() for n in game.seat_names] if game is not None and game.seat_names else \
            [f"p{i}" for i in range(1, (game.max_players if game is not None else 0) + 1)]
        other = next((a for a in self.sym.decls.values() if type(a) is A.Actor and a is not d and title.casefold() in (
            a.name.casefold(), (a.title or a.name).casefold())), None)
        why = "is empty" if not title.strip() else \
            "holds '{' or '}'" if "{" in title or "}" in title else \
            f"is seat {seats.index(title.casefold()) + 1}'s name" if title.casefold() in seats else \
            f"reads as actor {other.name!r}" if other is not None else None
        if why is not None:
            self.err("E656", f"the title {quote(title)} of actor {d.name!r} {why}: prompts, messages and the trace name "
                     "the actor by its title", d.span, "give the actor a title no other player or actor is named by")

    def visit_Variant(self, d: A.Variant) -> None:
        if d.when is not None:
            self.condition(d.when, Scope())

    def visit_Table(self, d: A.Table) -> None:
        """`table payout[r: 1..6]: int = [...];`: its indexes ranges or enums, its type one a table holds, its rows as
        long as its indexes run and its values of its type (E658, at the index, the type, the row or the value)."""
        at_decl = self.at_name(d.name, d.span)
        dims = d.index.dims()
        if dims[0].edge and dims[0].enum in self.sym.decls:   # (a name nothing declares: E658 below)
            self.side_table(d, dims[0])
            return
        for dim in dims:
            index = self.sym.decls.get(dim.enum) if dim.enum is not None else None
            cells = isinstance(index, A.Record) and len(dims) == 1 and self.sym.table(d.name).known
            if dim.enum is not None and not isinstance(index, A.Enum) and not cells:
                self.used.add(dim.enum)
                what = self.sym.category(dim.enum)
                self.err("E658", f"table {d.name!r} is indexed by {dim.enum!r}, "
                         + ("a record whose values are not known before play, or beside another index: "
                            if isinstance(index, A.Record) else f"{article(what)}: " if what else
                            "which nothing declares: ")
                         + "a table's index is a range of numbers ('1..6'), an enum, or alone a record of a "
                           "board's cells ('[square]')",
                         self.at_name(dim.enum, dim.span) if dim.span else at_decl,
                         (f"a value each {dim.enum} prints is a field of the kind ('{d.name}: {d.type};' in "
                          f"'kind {dim.enum}', each card writing its own), read as c.{d.name}") if what == "kind" else
                         closest(dim.enum, [n for n, x in self.sym.decls.items() if isinstance(x, A.Enum)])
                         and f"did you mean {closest(dim.enum, [n for n, x in self.sym.decls.items() if isinstance(x, A.Enum)])!r}?")
            elif dim.enum is not None:
                self.used.add(dim.enum)
                if len(dims) == 1 and isinstance(index, A.Enum):
                    self.table_of_cards(d, dim)
            elif dim.bound is not None or dim.ragged is not None:   # printed once: its size is no game's choice
                self.err("E658", f"table {d.name!r}'s range {dim.shown()} ends at "
                         f"{'an option' if dim.bound is not None else 'an expression'}: a table is printed once, its "
                         f"ranges from one number (or constant) to another", dim.span or at_decl,
                         f"index it over the largest range, '{A.number_text(dim.low, False)}..{dim.high}'")
        if d.type not in TABLE_TYPES and not isinstance(self.sym.decls.get(d.type), A.Enum):
            self.err("E658", f"table {d.name!r} holds {d.type!r}: a table holds whole numbers (int), texts (str), "
                     f"conditions (bool) or an enum's members", self.at_name(d.type, d.span),
                     did_you_mean(d.type, list(TABLE_TYPES) + [n for n, x in self.sym.decls.items()
                                                                 if isinstance(x, A.Enum)]))
            return
        if isinstance(self.sym.decls.get(d.type), A.Enum):
            self.used.add(d.type)
        for code, message, span, hint in self.sym.table(d.name).problems:
            self.err(code, message, span, hint)

    def side_table(self, d: A.Table, dim: A.Indexes) -> None:
        """`table wall[edge of square]: bool = [edge(a, b), ...];`: a board's printed sides, those listed true; the
        index as a variable's sides (E679, E486), the type bool and each item a constant side (E687), a side listed
        once (W666)."""
        self.used.add(dim.enum)
        if not (self.edge_index(d, dim) and self.cell_index(d, dim)):
            return
        if d.type != "bool":
            self.err("E687", f"table {d.name!r} of {dim.enum}'s sides holds {d.type!r}: a table of a board's sides "
                     "lists the sides that hold (a wall, a fence, a river), so it holds conditions (bool)",
                     self.at_name(d.type, d.span), f"'table {d.name}[edge of {dim.enum}]: bool = [edge(a, b), ...];', "
                     f"or a 'var {d.name}[edge of {dim.enum}]' for a value that is no condition")
            return
        for code, message, span, hint in self.sym.table(d.name).problems:
            self.err(code, message, span, hint)

    def table_of_cards(self, d: A.Table, dim: A.Indexes) -> None:
        """W650: `table cost[building]` where `building`'s members are the cards of a kind, one each (`card b_card
        for each b in building`): the table is the cards' printed data, which a field of their kind holds and each
        card reads as `c.cost` (a table keyed by the members needs the member back from the card to be read)."""
        members = self.sym.decls[dim.enum].members
        made = {}   # the member -> the kind of the card made for it by a `for each` over the enum alone
        for name, (_base, combination, bound, domain, _heads) in self.sym.generated.items():
            entity = self.sym.decls.get(name)
            if domain == dim.enum and ", " not in bound and isinstance(entity, A.Entity):
                made[combination] = entity.kind
        kinds = set(made.values())
        if len(kinds) != 1 or set(made) != set(members):
            return
        kind = kinds.pop()
        self.diags.append(Diagnostic(
            "W650", f"table {d.name!r} is indexed by {dim.enum!r}, whose members are the cards of kind {kind}, one each: a "
                    f"value each card prints is the card's own field", self.at_name(dim.enum, dim.span or d.span),
            f"declare '{d.name}: {d.type};' in kind {kind} and give each card its value (from the member: a field of "
            f"enum {dim.enum}), read as c.{d.name}"))

    def visit_Const(self, d: A.Const) -> None:
        """`const radius = 2;`: the resolver worked out its value and wrote it where it is read (E530, W555)."""

    def visit_Setting(self, d: A.Setting) -> None:
        if d.values is not None:   # `option size: 9 | 13 | 19 = 19;`
            twice = [v for i, v in enumerate(d.values) if v in d.values[:i]]
            if not d.values:
                self.err("E538", f"option {d.name!r} lists no value", d.span,
                         f"list the values it may take: 'option {d.name}: {d.default} | ... = {d.default};'")
            elif twice:
                self.err("E538", f"option {d.name!r} lists {twice[0]} twice", d.span,
                         "list each value once: " + " | ".join(map(str, dict.fromkeys(d.values))))
            elif d.default not in d.values:
                self.err("E538", f"option {d.name!r} defaults to {d.default}, which is not among its values "
                         f"{', '.join(map(str, d.values))}", d.span,
                         f"default to one of them, or list it: '{' | '.join(map(str, d.values + (d.default,)))}'")
            return
        if d.low > d.high:
            self.err("E535", f"option {d.name!r} has an empty range, {d.low}..{d.high}", d.span,
                     f"write the lower bound first: {d.high}..{d.low}")
        elif not d.low <= d.default <= d.high:
            self.err("E535", f"option {d.name!r} defaults to {d.default}, outside its range {d.low}..{d.high}", d.span)

    def int_const(self, expr, what: str) -> None:
        if not isinstance(constant(expr), int) or isinstance(constant(expr), bool):
            self.err("E303", f"{what} must be a whole number", expr.span)

    def params(self, params: tuple, defaults: Optional[str] = None) -> Scope:
        """The parameters' scope; `defaults`: why they may have none (an event's, a kernel's), else
        each default is checked (E394)."""
        scope = Scope()
        for p in params:
            self.type_ref(p.type, p.span)
            if p.name in scope.locals:   # the second would hide the first, and Python refuses it
                self.err("E208", f"parameter {p.name!r} is declared twice", self.at_name(p.name, p.span),
                         "give each parameter its own name")
            scope.locals[p.name] = [p.span, True, self.declared(p.type)]
            self.param_spans.add(p.span)
        self.defaults(params, defaults)
        return scope

    def defaults(self, params: tuple, refused: Optional[str]) -> None:
        """E394: a parameter's default is a constant of its type (a number, a text, yes/no, `none`, an enum
        member), on a proc's or func's parameter, and every parameter after one with a default has one."""
        after = None
        for p in params:
            if p.default is None:
                if after is not None and refused is None:
                    self.err("E394", f"parameter {p.name!r} has no default, but {after.name!r} before it has one: "
                             "a call leaves out the last arguments only", self.at_name(p.name, p.span),
                             f"give {p.name!r} a default too, or put it before {after.name!r}")
                continue
            if refused is not None:
                self.err("E394", f"parameter {p.name!r} has a default, but {refused}", p.default.span,
                         "leave the default out")
                continue
            after = after or p
            if not is_constant_default(p.default, self.sym):
                self.err("E394", f"the default of parameter {p.name!r} must be a constant (a number, a text, "
                         f"true or false, none, an enum member), not {printed(p.default)}", p.default.span,
                         "a value of the game is the caller's to give: leave the default out")
                continue
            if type(p.default) is not A.Nothing:   # none fits every parameter
                self.typed_value(p.type, p.default, Scope(), f"the default of {p.name!r} must be")

    def declared(self, type_name: str) -> str:
        """The checker's type for a declared parameter or field type (`list of city`, a proc's or
        func's parameter or result: a list of that enum's members or that kind's cards)."""
        if type_name.startswith("list of "):
            item = type_name[len("list of "):]
            return f"list:{self.declared(item)}" if self.sym.category(item) in ("enum", "kind", "record") \
                or item in LIST_ITEMS or (item.startswith("list of ") and self.declared(item) != "list") else "list"
        if type_name.startswith("zone of "):   # `z: zone of card or joker`: a zone of those kinds, as one declared so
            kinds = zone_kinds(type_name)
            return f"zone:{'|'.join(kinds)}" if all(self.sym.category(k) == "kind" for k in kinds) else "zone"
        if " or " in type_name:   # `c: chameleon or joker`: an item of a zone of those kinds (3.9)
            kinds = type_name.split(" or ")
            return f"entity:{'|'.join(kinds)}" if all(self.sym.category(k) == "kind" for k in kinds) else "any"
        cat = self.sym.category(type_name)
        if cat == "kind":
            return f"entity:{type_name}"
        if cat == "enum":
            return f"member:{type_name}"
        if cat == "record":
            return f"record:{type_name}"
        return type_name if type_name in VALUE_TYPES else "any"

    def type_ref(self, name: str, span: A.Span, kind_field: bool = False) -> None:
        if name == "cost":   # a cost written out (`cost = 1 fish or 1 rodent;`): a card's printed price
            if not kind_field:
                self.err("E406", "only a field of a kind holds a cost ('kind bird { price: cost; }'): a cost is "
                         "paid, not kept in a variable or passed around", span,
                         "declare the field on the kind and pay it with 'pay c.FIELD;'")
            return
        if name.startswith("list of "):
            self.list_of(name[len("list of "):], span)
            return
        if name.startswith("zone of "):   # `z: zone of card`: each name after `of` a kind, as a zone's declaration has
            for kind in name[len("zone of "):].split(" or "):
                if self.sym.category(kind) == "kind":
                    self.used.add(kind)
                else:
                    self.unknown("E204", "kind", kind, span, self.sym.of("kind"))
            return
        if " or " in name:   # `c: chameleon or joker`: a card of one of those kinds
            for part in name.split(" or "):
                if self.sym.category(part) == "kind":
                    self.used.add(part)
                elif part in VALUE_TYPES or self.sym.category(part) is not None or part.startswith("list of "):
                    self.err("E303", f"'{name}' joins kinds with 'or' (a card of one of them), and {part!r} is no "
                             f"kind", span, "a parameter that takes values of several types is 'any'")
                else:
                    self.type_ref(part, span)
            return
        if name in VALUE_TYPES or self.sym.category(name) in ("enum", "kind", "record"):
            self.used.add(name)
            return
        self.unknown("E201", "type", name, span, list(TYPE_NAMES) + self.sym.of("enum") + self.sym.of("kind")
                     + self.sym.of("record"))

    def visit_Track(self, d: A.Track) -> None:
        if d.prints is not None and (d.scale is not None or len(d.prints) < 2):
            self.err("E464", f"track {d.name!r} prints " + ("both a scale and a list: one says what its spaces print"
                                                         if d.scale is not None else
                                                         "one number, the start's: a track has a space at least"),
                     self.at_decl(d), "'prints [2, 2, 2, 3, 3, 4, 4]': the start's number, then each space's")
        elif d.prints is not None and (past := [s for s in d.spaces if s.position > d.top()]):
            self.err("E464", f"track {d.name!r} prints {len(d.prints)} numbers, the start's and {d.top()} spaces', "
                     f"but writes space {past[0].position}", past[0].span,
                     f"give each space its number: {past[-1].position + 1} numbers, the start's first (the spaces "
                     "not written are empty ones)")
        elif d.prints is not None:
            self.spaces_in_order(d)
        if d.scale is not None:
            self.track_scale(d)
        elif d.prints is not None:
            for s in d.spaces:
                if s.value is not None:   # `at V`: the numbers a list prints need not be unique
                    self.diags.append(off_scale(d, s))
        else:
            for s in d.spaces:
                if s.value is not None:
                    self.diags.append(off_scale(d, s))
            for expected, s in enumerate((s for s in d.spaces if s.value is None), start=1):
                unknown = getattr(s.position, "const", None) not in (None, *self.sym.consts)   # (E597 said it)
                if s.position != expected and not unknown:
                    self.err("E305", f"space {A.number_text(s.position)} of track {d.name!r} should be space "
                             f"{expected}: spaces are numbered 1, 2, 3 ... in order", s.span)
                    break
            if not d.spaces and d.prints is None:   # (a printed list says how many spaces there are)
                self.err("E305", f"track {d.name!r} has no spaces", self.at_decl(d))
        for s in d.spaces:
            if s.cost:
                self.cost(s.cost, Scope())
            self.block(s.body, Scope())
            if s.bonus is not None:
                self.cost(s.bonus_cost, Scope())
                self.block(s.bonus, Scope())
        for r in d.reaches:
            if not 1 <= r.position <= d.top():
                self.err("E305", f"track {d.name!r} has no space {r.position}", r.span)
            self.block(r.body, Scope())

    def track_scale(self, d: A.Track) -> None:
        """E404 for a scale (`from LOW to HIGH [step S]`) whose steps do not go from LOW to HIGH (S = 0, or
        HIGH - LOW no multiple of S above 0), and for a space written by a number no space prints; E305 for
        a space written twice, out of the track's order, or by a position past the last."""
        low, high, step = d.scale
        if not step or (high - low) % step or (high - low) // step <= 0:
            self.err("E404", f"the scale of track {d.name!r} does not go from {low} to {high} by steps of {step}"
                     + (": a step of 0 goes nowhere" if not step else f": {high} - {low} = {high - low} is no "
                        f"{'' if (high - low) * step > 0 else 'positive '}multiple of {step}"),
                     self.at_decl(d), f"write 'from {low} to {high} step S' with {high} - {low} a multiple of S "
                     f"({'a negative S for a scale that counts down' if high < low else 'S = 1 when not written'})")
            return
        self.spaces_in_order(d)

    def spaces_in_order(self, d: A.Track) -> None:
        """E305 for a space of a track that prints numbers (a scale, a `prints` list; the spaces not written
        are empty ones) written twice, out of the track's order, or by a position past the last."""
        last = 0
        for s in d.spaces:
            if s.value is not None and not s.position:
                self.diags.append(off_scale(d, s))
            elif not 1 <= s.position <= d.top():
                self.err("E305", f"track {d.name!r} has no space {s.position}", s.span,
                         f"its spaces are 1 to {d.top()} (printed {d.printed(1)} to {d.printed(d.top())})")
            elif s.position == last:
                self.err("E305", f"space {s.position} of track {d.name!r} (printed {d.printed(s.position)}) is "
                         "written twice", s.span)
            elif s.position < last:
                self.err("E305", f"space {s.position} of track {d.name!r} (printed {d.printed(s.position)}) comes "
                         f"after space {last}: a track's spaces are written in its order", s.span)
            else:
                last = s.position

    def adjustable_decl(self, kind: A.Kind, f: A.FieldDecl) -> None:
        """`cost: int for costs;` (7.7c): E527 for a field that is no plain number or condition (the `value` lines
        change one), E526 for an event that is not declared, is a builtin, is given arguments, or does not take
        the card as its one argument."""
        tag = f.tag
        of = self.sym.decls.get(f.of) if f.of is not None else None
        listed = f.type == "list" and f.index is None and not f.computed and f.held is None and \
            (f.of is None or isinstance(of, A.Enum))
        if f.type == "list" and of is not None and not isinstance(of, A.Enum):   # a list of cards or records
            self.err("E617", f"field {f.name!r} of {kind.name} lists {f.of} items, and a cost the modifiers' cost lines "
                     "discount lists units of resources (one entry per unit: 'needs = [wood, wood, ore];')", tag.span,
                     f"list the members of an enum ('{f.name}: list of MATERIAL for {tag.action};'), or tag a number "
                     f"('{f.name}_count: int for {tag.action};')")
            return
        if not listed and (f.type not in ("int", "bool") or f.index is not None or f.of is not None or f.computed
                           or f.stock or f.die is not None or f.within is not None or f.held is not None):
            what = "a computed field" if f.computed else "a stock" if f.stock else "a zone the card holds" \
                if f.held is not None else "one value per member" \
                if f.index is not None else f"of type {f.type_text()}"
            self.err("E527", f"field {f.name!r} of {kind.name} is {what}: the modifiers' value lines adjust a plain "
                     "number ('int') or condition ('bool') wherever it is read", tag.span,
                     f"tag a number: '{f.name}: int for {tag.action};', or work the value out in a func tagged "
                     f"with the event: 'func NAME(c: {kind.name}): int = ... for {tag.action}(c);'")
            return
        self.used.add(tag.action)
        event = self.sym.decls.get(tag.action)
        usage = f"declare it with the card as its one argument: 'event {tag.action}(c: {kind.name});'"
        if tag.action in BUILTIN_EVENTS:
            self.err("E526", f"a field is adjusted through a declared event, not the builtin {tag.action!r} (the "
                     "runtime tags its own costs and gains with it)", tag.span,
                     f"declare one for this field: 'event {f.name}_of(c: {kind.name});'")
        elif not isinstance(event, A.Event):
            self.unknown("E526", "event", tag.action, tag.span, self.sym.of("event"))
        elif tag.args:
            self.err("E526", f"the card whose {f.name!r} is read is the one argument of {tag.action!r}: the field "
                     "names the event alone", tag.span, f"write '{f.name}: {f.type_text()} for {tag.action};'")
        elif len(event.params) != 1 or not fits(f"entity:{kind.name}", self.declared(event.params[0].type)):
            self.err("E526", f"event {tag.action!r} takes "
                     f"{'no argument' if not event.params else ', '.join(p.name + ': ' + p.type for p in event.params)}"
                     f", and an adjusted field gives it one: the {kind.name} whose {f.name!r} is read", tag.span, usage)
        elif not listed:   # its values are the field's: E422 compares the value lines with them, E423 a mix
            self.valued_kinds.setdefault(tag.action, {}).setdefault(
                f.type, A.Valued(A.Attr(A.Name("this", span=tag.span), f.name, span=tag.span), tag, span=tag.span))

    def adjusted_read(self, e: A.Attr, f: A.FieldDecl) -> None:
        """Record `c.cost` of a field declared `cost: int for costs;` as the tagged value `c.cost for costs(c)`
        (both backends and explain read it so: Symbols.adjusted)."""
        if f.tag.args or not isinstance(self.sym.decls.get(f.tag.action), A.Event):
            return   # (E526 at the field)
        plain = A.Attr(e.obj, e.name, span=e.span)
        self.sym.adjusted[id(e)] = A.Valued(plain, A.Tag(f.tag.action, (e.obj,), span=e.span), span=e.span)

    def mixed_adjusted_read(self, e: A.Attr, having: list) -> None:
        """W586: `c.cost` through a card of unknown kind (an item of a `zone` parameter) where the kinds with the
        field tag it differently (one `for costs`, another plain or `for prices`): no one event adjusts every
        such read, so the printed value is read, silently, whatever modifiers are in force."""
        tags = sorted({f"'for {f.tag.action}'" if f.tag is not None else "no event" for f in having})
        tagged = next(f for f in having if f.tag is not None)
        owner = next(k for k in self.sym.decls.values() if isinstance(k, A.Kind) and tagged in k.fields)
        self.err("W586", f"{printed(e)} reads a card of unknown kind, and the kinds with a field {e.name!r} tag it "
                 f"differently ({', '.join(tags)}): the printed value is read, not adjusted by any modifier", e.span,
                 f"read it where the card's kind is known (a parameter 'c: {owner.name}'), or tag {e.name!r} with "
                 "one event in every kind")

    def set_adjusted(self, e: A.Attr, kind: A.Kind, f: A.FieldDecl) -> None:
        """E527: `set c.cost = ...;` of an adjustable field: the printed value is the card's, and what changes it in
        play is a modifier (a set of `c.cost - 1` would write the adjusted value as the printed one, and the
        modifiers would apply to it again)."""
        self.err("E527", f"field {f.name!r} of {kind.name} is the printed value the modifiers of {f.tag.action!r} "
                 "adjust wherever it is read: it is not set", e.span,
                 f"change it while it lasts with a modifier: 'modifier {f.tag.action} while it.{self.event_param(f)} == "
                 f"{printed(e.obj)} {{ value -1; }}', or, for a value play writes for good, declare the field "
                 f"without 'for {f.tag.action}'")

    def event_param(self, f: A.FieldDecl) -> str:
        """The name of an adjustable field's event's one argument (`c` of `event costs(c: card);`)."""
        event = self.sym.decls.get(f.tag.action)
        return event.params[0].name if isinstance(event, A.Event) and event.params else "c"

    def declared_fields(self, fields, of: str = ""):
        """A kind's or a record's fields in order, each type checked, E215 for a name declared twice."""
        seen = set()
        for f in fields:
            if f.name in seen:
                self.err("E215", f"field {f.name!r}{of} is declared twice", f.span)
            seen.add(f.name)
            self.type_ref(f.type, f.span, kind_field=not of and not f.computed and not f.shown and f.index is None
                          and f.of is None)
            yield f

    def visit_Kind(self, d: A.Kind) -> None:
        for f in d.fields:
            if f.die is not None:   # `shows: green_die;`: the die is what the kind's cards roll (no W401)
                self.used.add(f.die)
            if f.held is not None:
                self.held_decl(d, f)
            elif f.stock or f.cap is not None:
                self.stock_decl(d, f)
        for f in self.declared_fields(d.fields):
            if f.held is not None:
                continue
            if self.record_item(f.type, f.of) is not None:   # a record, or a list of them: none or constants
                if f.default is not None:
                    self.kept_record(f.type, f.of, f.default, f"the default of {f.name!r} must be")
                continue
            if f.of is not None:   # `list of int` as an enum's data has it; E487 for `list of zone`, E201 unknown
                self.list_of(f.of, f.span)
            if f.shown:
                self.shown_decl(d, f)
            if f.computed:
                self.computed_decl(d, f)
            elif f.index is not None:
                self.member_field_decl(f, d.name)
                if f.default is not None and f.type in ("int", "bool"):   # the value of every member
                    self.member_value(f, f.default)
            elif f.default is not None:
                self.field_value(f, numbered(f.default, 1, d))   # a default may use copy_number too
            if f.tag is not None:
                self.adjustable_decl(d, f)
            if f.params:   # an effect slot's, checked once here as a proc's are (types, names twice, defaults)
                self.params(f.params)
        if d.shows is not None:
            self.kind_shows(d)
        seen = {f.name for f in d.fields}
        for slot in d.slots:   # every card of the kind has it: checked once, here
            if slot.name in seen:
                self.err("E215", f"{slot_words(slot)} {slot.name!r} is written twice", slot.span)
            seen.add(slot.name)
            if self.reaction_zone(d.name, None, slot) and not isinstance(slot, A.HeldOption):
                self.slot_body(slot, d.name)   # (an option is checked in the open choose it is added to)
        self.in_force_lines(d.in_force, d.name, f"kind {d.name!r}")

    def slot_scope(self, kind: str, f: A.FieldDecl, body: tuple) -> Scope:
        """A card's block for an effect slot: `this` the card, and the slot's parameters (`demand: effect(by:
        player);`) its locals, each read noted for W613 (a parameter no card's block reads)."""
        scope = Scope(this_kind=kind)
        for p in f.params or ():
            scope.locals[p.name] = [p.span, False, self.declared(p.type)]
        if f.params:
            read = {n.id for stmt in body for n in A.walk(stmt) if type(n) is A.Name}
            self.slot_params_read.update((kind, f.name, p.name) for p in f.params if p.name in read)
        return scope

    def _lint_slot_params(self) -> None:
        """W613: a parameter of an effect slot (`demand: effect(by: player);`) that no card's block for the slot reads,
        while some card writes one: every `copy` gives it for nothing. Said once, at the parameter (one card not
        reading it is no finding: Innovation's demands read the demander, or not, card by card); not for a name
        starting with '_'."""
        for kind in self.sym.decls.values():
            if not isinstance(kind, A.Kind):
                continue
            for f in kind.fields:
                if not f.params:
                    continue
                written = [e for e in self.sym.decls.values() if isinstance(e, A.Entity) and e.kind == kind.name
                           and any(type(x) is A.FieldEffect and x.name == f.name and x.body for x in e.effects)]
                if not written:
                    continue
                for p in f.params:
                    if (kind.name, f.name, p.name) in self.slot_params_read or p.name.startswith("_"):
                        continue
                    self.diags.append(Diagnostic(
                        "W613", f"parameter {p.name!r} of slot {f.name!r} of {kind.name} is read by "
                                f"{'the one card that writes' if len(written) == 1 else f'none of the {len(written)} cards that write'}"
                                " the slot: every "
                                "copy gives it for nothing", self.at_name(p.name, p.span),
                        hint=f"read it in the blocks that mean it, drop it, or name it '_{p.name}' if it is for "
                             "cards still to come"))

    def force_asked(self, arg: A.Expr, given: str) -> None:
        """`in_force(c)`: c a card (E560 at it otherwise), of kinds some card of which holds a slot from a zone
        (W546 otherwise: nothing of such a card is ever in force, so the call is always false)."""
        if base_of(given) not in ("entity", "any"):
            self.err("E560", f"in_force() asks whether a card's slots apply now, and {printed(arg)} is "
                     f"{article(words(given))}, not a card", arg.span,
                     "give it a card: 'in_force(c)', or 'some(c in p.ZONE where in_force(c))' for a player's zone")
            return
        kinds = kinds_in(given)
        self.forced_kinds[id(arg)] = kinds
        if kinds and not holds_slots(self.sym, kinds):
            self.err("W546", f"no card of {' or '.join(map(repr, kinds))} holds a reaction, modifier, override, "
                     f"anytime slot or option from a zone, so in_force({printed(arg)}) is always false", arg.span,
                     "in_force() asks about the slots a card holds from a zone (7.7e): test where the card lies "
                     "with 'contains(ZONE, c)'")

    def _lint_force_asking_itself(self) -> None:
        """W571: an `in force while` line (a kind's or a card's) whose condition asks `in_force(c)` of a card whose
        line, directly or through other lines and the funcs they call, asks it back: working it out asks itself
        without end (E602 at play, on both backends). Said once per line, at the call in the line that leads
        back (an `in_force` call, or the func call through which one is reached)."""
        lines = {name: d.in_force[0] for name, d in self.sym.decls.items()
                 if isinstance(d, (A.Kind, A.Entity)) and d.in_force}
        if not lines or not self.forced_kinds:
            return
        own = {name: [c for c, d in self.sym.decls.items() if isinstance(d, A.Entity) and d.kind == name
                      and c in lines] for name, d in self.sym.decls.items() if isinstance(d, A.Kind)}

        def asked(expr, owner: str, seen: set) -> set:
            """The lines an `in_force` in `expr` (or in the funcs it calls) may work out; `this` is `owner`'s card."""
            out = set()
            for n in A.walk(expr):
                name = n.func if type(n) is A.Call else n.name if type(n) is A.Method else None
                if name == "in_force" and n.args:
                    arg = n.args[0]
                    if type(arg) is A.Name and arg.id == "this" and owner is not None:
                        out.add(owner)   # the card whose line this is: the same line
                    else:
                        for kind in self.forced_kinds.get(id(arg), ()):
                            out.update(([kind] if kind in lines else []) + own.get(kind, []))
                elif isinstance(self.sym.decls.get(name), A.Func) and name not in seen:
                    seen.add(name)
                    out |= asked(self.sym.decls[name].value, None, seen)
            return out

        edges = {name: asked(line, name, set()) for name, line in lines.items()}
        for name, line in lines.items():
            if name not in self._force_reach(name, edges):
                continue

            def leads_back(n) -> bool:
                return any(m == name or name in self._force_reach(m, edges) for m in asked(n, name, set()))
            at = next((n for n in A.walk(line) if type(n) in (A.Call, A.Method) and leads_back(n)), line)
            whose = f"kind {name!r}" if isinstance(self.sym.decls[name], A.Kind) else f"card {name!r}"
            self.diags.append(Diagnostic(
                "W571", f"the 'in force while' of {whose} asks in_force() of a card whose condition asks it back: "
                "working it out asks itself without end, and play stops (E602)", at.span,
                "test what the cards' conditions test instead of whether they are in force (a func both lines call)"))

    @staticmethod
    def _force_reach(start: str, edges: dict) -> set:
        """Every line reached from the line `start` by the `in_force` calls of the lines (W571)."""
        reached, todo = set(), [start]
        while todo:
            for other in edges.get(todo.pop(), ()):
                if other not in reached:
                    reached.add(other)
                    todo.append(other)
        return reached

    def refills_asked(self, arg: A.Expr, given: str) -> None:
        """`refills(deck)`: a zone declared `refills from PILE` (E580 at it otherwise, with the decks that do: any
        other zone is never refilled, so the count would always be 0)."""
        name = arg.id if type(arg) is A.Name else arg.name if type(arg) is A.Attr else None
        decks = sorted(d.name for d in self.sym.decls.values() if isinstance(d, A.Zone) and d.refills is not None)
        zone = self.sym.decls.get(name) if base_of(given) == "zone" else None
        if isinstance(zone, A.Zone) and zone.refills is not None or base_of(given) == "any":   # (unknown: E201)
            return
        what = f"zone {name!r} is not declared 'refills from PILE'" if isinstance(zone, A.Zone) else \
            f"{printed(arg)} is {article(words(given))}, not a deck"
        near = did_you_mean(name, decks) if name is not None else None
        self.err("E580", f"refills() counts the times a deck was refilled from its pile, and {what}", arg.span,
                 near if near else
                 f"give it a deck that refills ({', '.join(map(repr, decks))})" if decks else
                 "declare the deck 'zone deck ... refills from discard;' (3.9)")

    def in_force_lines(self, lines: Optional[tuple], kind: str, whose: str) -> None:
        """`in force while COND;` in a kind or a card: one line (E552), its COND a condition (E303) worked out
        with `this` the card and `you` its holder, and no event's `it` (E553: it gates every slot, at no one event)."""
        if not lines:
            return
        for extra in lines[1:]:
            self.diags.append(Diagnostic("E552", f"{whose} says 'in force while' twice: its cards hold their slots "
                                         "while one condition does", extra.span,
                                         "join the two conditions with 'and' in one line",
                                         notes=(f"the first is at {lines[0].span}",)))
        it = reads_it(lines[0])
        if it is not None:
            self.err("E553", "'in force while' is worked out at each use of every slot of the card, not at one event: "
                     "it has no 'it'", it.span, "test the event's arguments in the reaction's or modifier's own "
                     "'while' (`whenever ... in ZONE while it.ARG ...`)")
            return
        self.condition(lines[0], Scope(this_kind=kind))

    def kind_shows(self, d: A.Kind) -> None:
        """`shows FIELD, ...;` in a kind: each a field of the kind holding a value the screen can show (E445:
        no such field, an effect, a computed field, a stock, a zone a card holds), each once (W435)."""
        fields, listed, count = {f.name: f for f in d.fields}, set(), {}
        for name in d.shows.names:
            count[name] = count.get(name, 0) + 1   # the nth time it is written: its nth word in the list
            hits = [(line, col) for line, col, t in self.tokens_in(d.shows.span) if t.type == "NAME" and t == name]
            at = A.Span(d.shows.span.file, hits[count[name] - 1][0], hits[count[name] - 1][1], hits[count[name] - 1][0],
                        hits[count[name] - 1][1] + len(name)) if len(hits) >= count[name] else d.shows.span
            if name in listed:
                self.diags.append(Diagnostic("W435", f"field {name!r} is in the 'shows' list of kind {d.name!r} twice: "
                                             "the screen shows it once", at, "list it once"))
                continue
            listed.add(name)
            f = fields.get(name)
            values = [n for n, x in fields.items() if not (x.type == "effect" or x.computed or x.held is not None
                                                           or x.stock)]
            what = None if f is None else "an effect" if f.type == "effect" else "a computed field" if f.computed \
                else "a zone each card holds" if f.held is not None else "a stock each card holds" if f.stock else None
            if f is None:
                self.err("E445", f"kind {d.name!r} has no field {name!r} for its cards to show", at,
                         did_you_mean(name, values) or f"its fields holding values: {', '.join(values) or 'none'}")
            elif what is not None:
                self.err("E445", f"field {name!r} of kind {d.name!r} is {what}, not a value printed on the card: "
                         "'shows' lists fields holding values (numbers, texts, members, cards)", at,
                         f"its fields holding values: {', '.join(values)}" if values else None)

    def held_decl(self, kind: A.Kind, f: A.FieldDecl) -> None:
        """`tucked: zone of card [public|secret];` a zone each card of the kind holds, one per copy: of a declared
        kind (E204), with nothing else on the field (E417: no default, index, cap, `shown`), seen by everyone or
        by nobody (a card has no owner to see it: `hidden` is E417), named unlike a zone and declared alike by
        every kind that holds one of that name (the name is the zone's in `move(dest = ...)`, `c.zone`)."""
        if f.of is None:
            self.err("E417", f"{f.name!r} is a zone each {kind.name} holds: say what it holds", f.span,
                     f"'{f.name}: zone of KIND {f.held};'")
        elif self.sym.category(f.of) != "kind":
            self.unknown("E204", "kind", f.of, f.span, self.sym.of("kind"))
        extra = "a default" if f.default is not None else "an index" if f.index is not None else \
            "a cap" if f.cap is not None else "'shown'" if f.shown else None
        if extra is not None:
            self.err("E417", f"{f.name!r} is a zone each {kind.name} holds, empty at the start: {extra} means "
                     "nothing on it", f.span, f"declare it '{f.name}: zone of {f.of};' and move cards into it")
        if A.face_rule(f.held) is not None:
            self.err("E629", f"{f.name!r} is a zone a card holds: '{f.held}' says who sees each item of a shared "
                     "zone of the table", f.span, "write 'public' (everyone sees it, the default) or 'secret' (nobody: "
                     "its size only), or keep the items in a zone of the game")
        elif f.held in ("hidden", A.HIDDEN_FROM_OWNER):
            self.err("E417", f"{f.name!r} is a zone a card holds: a card has no owner to see it {f.held}", f.span,
                     f"write 'public' (everyone sees it, the default) or 'secret' (nobody: its size only)")
        if self.sym.category(f.name) == "zone":
            self.err("E417", f"{f.name!r} is a zone each {kind.name} holds and a zone of the game: a move's 'dest' "
                     "and a card's 'zone' would not tell them apart", f.span, "give one of them another name")
        for other in self.sym.decls.values():
            g = next((g for g in getattr(other, "fields", ()) if g.name == f.name and g.held is not None), None) \
                if isinstance(other, A.Kind) and other.name < kind.name else None
            if g is not None and g.held != f.held:
                self.err("E417", f"{f.name!r} is a zone the cards of {other.name} hold {g.held} and those of "
                         f"{kind.name} {f.held}: one name, one visibility", f.span, "give one of them another name")

    def held_field(self, name: str) -> Optional[A.FieldDecl]:
        """The declaration of a zone some kind's cards hold by that name (`tucked: zone of card;`), else None
        (the table made at the first question: the kinds do not change while a pack is checked)."""
        table = self.__dict__.get("_held_fields")
        if table is None:
            table = self._held_fields = {}
            for k in self.sym.decls.values():
                if isinstance(k, A.Kind):
                    for f in k.fields:
                        if f.held is not None:
                            table.setdefault(f.name, f)
        return table.get(name)

    def stock_decl(self, kind: A.Kind, f: A.FieldDecl) -> None:
        """`eggs: stock [= START] [cap EXPR];` a whole number each card holds: its cap a number worked out for
        the card (`this`), its start a number of at least 0; a cap on a field of another type, or a stock
        per member or of items, is E398."""
        if not f.stock:
            self.err("E398", f"only a stock has a cap: {f.name!r} is {article(words(f.type_text()))}", f.cap.span,
                     f"declare it '{f.name}: stock cap {printed(f.cap)};' to gain, lose and pay it on the card")
            return
        self.stock_named_like(kind, f)
        if f.index is not None or f.of is not None or f.computed:
            self.err("E398", f"a stock is one whole number on the card: {f.name!r} cannot be "
                     f"{'computed' if f.computed else 'per member' if f.index else 'a list'}", f.span,
                     "declare one stock per member ('fish: stock; seed: stock;')" if f.index else None)
        if f.cap is not None:
            cap = self.expr(f.cap, Scope(this_kind=kind.name))
            value = constant_int(f.cap)
            if not fits(cap, "int"):
                self.err("E398", f"the cap of {f.name!r} must be a whole number, not {article(words(cap))}",
                         f.cap.span, "a number, or a number field of the card: 'cap this.limit'")
            elif value is not None and value < 0:
                self.err("E398", f"the cap of {f.name!r} is {value}: a stock holds 0 or more", f.cap.span)
        start = constant_int(f.default) if f.default is not None else None
        if start is not None and start < 0:
            self.err("E398", f"{f.name!r} starts at {start}: a stock holds 0 or more", f.default.span)

    def stock_named_like(self, kind: A.Kind, f: A.FieldDecl) -> None:
        """W519: a card's stock named like a player's stock or a func (`eggs: stock;` beside `counter eggs;`):
        both backends keep them apart, but only the word `on` tells which a statement means, so a `gain 1
        eggs;` meant for the card silently gains the player's, and the editor's rename cannot tell them apart."""
        other = self.sym.decls.get(f.name)
        if not isinstance(other, (A.Resource, A.Counter, A.Track, A.Func, A.Proc)):
            return
        what = CATEGORY[type(other)]
        self.diags.append(Diagnostic(
            "W519", f"the stock {f.name!r} of {kind.name!r} is named like the {what} {f.name!r}: only 'on' tells "
                    f"'gain 1 {f.name} on c;' (the card's) from " +
                    (f"'gain 1 {f.name};' (the player's)" if what in ("resource", "counter", "track") else f"'{f.name}()'"),
            A.Span(f.span.file, f.span.line, f.span.column, f.span.line, f.span.column + len(f.name)),
            f"give the card's stock a name of its own: '{kind.name}_{f.name}: stock;'",
            notes=(f"the {what} is declared at {other.span}",)))

    def stock_on(self, name: str, on, scope: Scope, span: A.Span, verb: str) -> None:
        """`gain N NAME on CARD;` (`lose`, a cost term `N NAME on WHERE`): CARD a card whose kind declares the
        stock NAME (E395 otherwise, and for what is no card); a cost may take from a zone's or a list's cards."""
        t = self.expr(on, scope)
        base, _, arg = t.partition(":")
        many = verb in ("pay", "gain") and base in ("zone", "list")
        kinds = kinds_in(arg if base == "list" else t) if many or base == "entity" else ()
        if t == "any" or base in ("entity", "zone", "list") and not kinds and (base == "entity" or many):
            return   # a card (or zone) of a kind not known before play: the runtime checks it (E601)
        holders = [k.name for k in self.sym.decls.values() if isinstance(k, A.Kind)
                   and any(f.stock and f.name == name for f in k.fields)]
        if not kinds:
            what = "a card, or a zone or list of cards" if verb in ("pay", "gain") else "a card"
            self.err("E395", f"'{verb} ... {name} on {printed(on)}': {printed(on)} is {article(words(t))}, not {what}",
                     on.span, f"the cards of {' and '.join(holders)} hold {name!r}" if holders else
                     f"declare the stock in the card's kind: 'kind K {{ {name}: stock; }}'")
            return
        for k in kinds:
            decl = self.sym.decls.get(k)
            if isinstance(decl, A.Kind) and not any(f.stock and f.name == name for f in decl.fields):
                field = next((f for f in decl.fields if f.name == name), None)
                stocks = [f.name for f in decl.fields if f.stock]
                self.err("E395", f"{article(k)} holds no stock {name!r}" +
                         (f": its {name!r} is a field, not a stock" if field is not None else ""), span,
                         f"{k}'s stocks: {', '.join(stocks)}" if stocks else
                         f"declare it in kind {k}: '{name}: stock;'" if field is None else
                         f"declare it '{name}: stock;' to gain, lose and pay it")

    def stock_field(self, name: str) -> bool:
        """Whether some kind declares a stock of that name (`eggs: stock;`)."""
        return any(f.stock and f.name == name for k in self.sym.decls.values() if isinstance(k, A.Kind) for f in k.fields)

    def stock_amount(self, amount, verb: str, name: str, on) -> None:
        """W491: `gain -1 eggs on b;`, a negative amount written as a number (a gain of it is a loss, a loss or
        a payment of it nothing)."""
        value = constant_int(amount)
        if value is not None and value < 0:
            self.diags.append(Diagnostic(
                "W491", f"'{verb} {value} {name} on {printed(on)}' " +
                ("is a loss" if verb == "gain" else "does nothing") + ": write a number of at least 0", amount.span,
                f"write '{'lose' if verb == 'gain' else 'gain'} {-value} {name} on {printed(on)};'"
                if verb != "pay" else None))

    def record_item(self, type_name: str, of: Optional[str]) -> Optional[str]:
        """The record a declared type holds (`spot`, `list of spot`), else None."""
        item = of if of is not None else type_name[len("list of "):] if type_name.startswith("list of ") else type_name
        return item if self.sym.category(item) == "record" else None

    def kept_record(self, type_name: str, of: Optional[str], value, what: str) -> None:
        """A record kept in state from the start (a variable's start, a card's field, a field's default):
        `none`, or a construction whose fields are constants (numbers, texts, members, true, false, none,
        another such construction), or a list of those; then of the declared type (E303)."""
        def not_constant(v) -> Optional[A.Node]:   # the first part that is no constant, or None
            if type(v) in (A.Construct, A.ListLit):
                return next(filter(None, (not_constant(f.value if type(v) is A.Construct else f)
                                          for f in (v.fields if type(v) is A.Construct else v.items))), None)
            if type(v) is A.Name:   # a member, or a card by name (the type says where: a field of a kind); a
                return None if self.sym.category(v.id) in ("member", "entity") else v   # counter, a local are not
            return None if is_field_value(v) and not isinstance(v, A.You) else v
        wrong = not_constant(value)
        if wrong is not None:
            if self.record_item(type_name, of) is None:   # a list of numbers, texts, members...: its items
                self.err("E303", f"a list kept from the start is written of constants: a number, a text, a member, a "
                         f"card named, true, false, none, a record built of those or a list of those in each place; "
                         f"{printed(wrong)!r} is none of those", wrong.span,
                         "start it empty ('= []') and set it in the rules ('set NAME = NAME + [...];')")
                return
            self.err("E303", f"a record kept from the start is built of constants: a number, a text, a member, "
                     f"a card named, true, false or none in each field (or none); {printed(wrong)!r} is none of "
                     f"those", wrong.span, "start it as none and set it in the rules ('set NAME = ...;')")
            return
        self.typed_value(type_name if of is None else f"list of {of}", value, Scope(), what)

    def die_record(self, d: A.Die) -> bool:
        """E371 for a die whose faces are records: a face's value is shown on the die and rolled as the
        die's own (`roll d`), one of a fixed set written before play; a record there is a set of
        numbers that is better a die each, or an enum."""
        item = self.record_item(d.type, None)
        if item is None:
            return False
        self.err("E371", f"die {d.name!r} would show a {item} record on its faces: a die's faces show a number, a "
                 f"text, a member or a card", d.span,
                 f"roll one die per field of {item} ({', '.join(f.name for f in self.sym.decls[item].fields)}) "
                 f"and build the {item} from them where it is used")
        return True

    # the types a record's field may hold: values (what a record is made of), never a name that stands for a
    # part of the game (a zone, a die, a counter...) nor an effect
    RECORD_FIELD_TYPES = ("int", "bool", "str", "player")

    def ring_fields(self, fields: tuple, owner: str, board: bool = True) -> None:
        """E683 for `around` on what is no range of fixed ends (a ring wraps a range: `place: 1..8 around;`), E685 on
        a range of fewer than 3 numbers (one step either way round would reach the same place)."""
        for f in fields:
            if not f.around:
                continue
            if f.within is None or f.bound is not None or not board:   # (an enum's data is no board's axis)
                self.err("E683", f"'{f.name}: {f.type_text()}' {owner}: only a record's range of whole numbers "
                         f"with fixed ends goes round (a ring: a step past its end comes back to its start)", f.span,
                         f"write the places round the ring as a range: '{f.name}: 1..8 around;'"
                         if f.bound is None else f"give the ring fixed ends: '{f.name}: {f.within[0]}..8 around;'")
            elif f.within[1] - f.within[0] + 1 < 3:
                count = f.within[1] - f.within[0] + 1
                self.err("E685", f"'{f.name}: {f.type_text()}' {owner} is a ring of {count} place"
                         f"{'' if count == 1 else 's'}: one step either way round would reach the same place", f.span,
                         f"a ring has 3 places or more; write '{f.name}: {f.within[0]}..{f.within[1]};' for a range that ends")

    def visit_Record(self, d: A.Record) -> None:
        self.ring_fields(d.fields, f"of record {d.name}")
        if d.shape is not None:
            self.record_shape(d)
        for f in d.fields:   # `col: 1..size;`: W527 where the option may leave the range empty
            option = self.sym.decls.get(f.bound) if f.bound is not None else None
            if option is not None:
                self.used.add(f.bound)
            if isinstance(option, A.Setting) and option.low < (f.within[0] if f.within is not None else 1):
                self.err("W527", f"'{f.name}: {f.type_text()}' is empty when {f.bound} is {option.low} (it may be from "
                         f"{option.low}): in such a game {d.name} has no values", f.span,
                         f"start the range at {option.low} or lower, or let {f.bound} take {f.within[0]} and up only"
                         if f.within is not None else f"let {f.bound} take 1 and up only")
        for f in self.declared_fields(d.fields, f" of record {d.name}"):
            item = f.of if f.of is not None else f.type
            if f.of is not None:
                self.list_of(f.of, f.span)
            elif f.type not in self.RECORD_FIELD_TYPES and self.sym.category(f.type) not in ("enum", "kind", "record"):
                if f.type in VALUE_TYPES:
                    self.err("E370", f"field {f.name!r} of record {d.name} is {article(words(f.type))}: a record's "
                             f"field holds a number, a condition, a text, a player, an enum member, a card, a list of "
                             f"those or another record", f.span,
                             "a list is 'list of ITEM'" if f.type == "list" else
                             "a resource, counter or track named in a record is a text: 'res: str;'"
                             if f.type in ("resource", "counter", "track") else None)
                continue
            if item == d.name:
                self.err("E370", f"field {f.name!r} of record {d.name} holds {article(d.name)} itself: a record "
                         f"cannot hold its own kind of record", f.span,
                         f"keep the parts apart: a 'list of {d.name}' in a local, or the fields of the inner one")
                continue
            if f.default is not None:
                if not is_field_value(f.default) or isinstance(f.default, A.You):
                    self.err("E303", f"the default of {f.name!r} must be a constant: a number, a text, a member, "
                             f"true, false or none", f.default.span)
                else:
                    self.typed_value(f.type if f.of is None else f"list of {f.of}", f.default, Scope(),
                                     f"the default of {f.name!r} must be")
                    self.within_range(d, f, f.default)
        self.record_title(d)

    def added_fields(self) -> None:
        """The fields `amend RECORD { ... }` added, where the rest of the pack meets them: E364 for one without a
        default that a construction leaves out (at the field, once, the constructions in notes: the base builds
        its records without it); W483 for one added to a record read as a domain (its loops now go through
        more values), E337 when the field has no end to its values (the record is then no domain)."""
        for (record, name), f in self.sym.added_fields.items():
            where = self.at_name(name, f.span)
            lacking = self.left_out.get((record, name), [])
            if lacking:
                self.err("E364", f"the field {name!r} this amend adds to {record} has no default, and "
                         f"{len(lacking)} construction{'s' if len(lacking) > 1 else ''} of {record} leave it out",
                         where, f"give it a default: '{name}: {f.type_text()} = ...;'")
                self.diags[-1] = replace(self.diags[-1], notes=tuple(f"{record}(...) is built without it at {at}"
                                                                     for at in lacking[:3]))
            used = self.domain_uses.get(record)
            if used is None or record not in self.sym.decls:
                continue
            axes, bad = record_axes(record, self.sym)
            if bad is not None and bad.name == name:
                self.err("E337", f"{record} is gone through as a domain, and the field {name!r} this amend adds has no "
                         f"end to its values ({f.type_text()}): with it {record} is no domain, so the list of its "
                         f"values cannot be made", where, f"give it a range, '{name}: 1..N = ...;', or a bool or an enum")
            elif bad is None:
                axis = next(a for a in axes if a.field == name)
                count = record_size(record, self.sym)
                more = len(axis.arg) if axis.how in ("range", "enum") else 2 if axis.how == "bool" else None
                self.err("W483", f"{record} is gone through as a domain, and the field {name!r} this amend adds makes "
                         + (f"each of its values {more}: its loops now go through {count} values, not {count // more}"
                            if more else f"its loops go through {count} values, one for each {name} too"), where,
                         f"to go through the values as before, keep those with the default: "
                         f"'where s.{name} == {printed(f.default) if f.default is not None else '...'}'")
            else:
                continue
            self.diags[-1] = replace(self.diags[-1], notes=(f"{record} is gone through at {used}",))

    def record_title(self, d: A.Record) -> None:
        """`record sq "r{row}c{col}" {...}`: each `{...}` names a field of the record (E338); a field the
        title leaves out lets two values that differ there read alike (W486)."""
        fields = [f.name for f in d.fields]
        shown = set()
        for part in d.title_parts:
            if isinstance(part, str):
                continue
            if type(part) is A.Name and part.id in fields:
                shown.add(part.id)
                continue
            self.err("E338", f"the title of record {d.name} shows {{{printed(part)}}}: a record's title shows its own "
                     f"fields, each by its name", part.span,
                     (did_you_mean(part.id, fields) if type(part) is A.Name else None)
                     or f"name a field: {', '.join('{' + f + '}' for f in fields)}")
            return
        left = [f for f in fields if f not in shown]
        titled = self.sym.titled.get(d.name)   # the title an amend gave: its findings there
        added = [f for f in left if (d.name, f) in self.sym.added_fields] if titled is None else []
        for f in added:   # a field an amend adds, which the record's title does not show (W482)
            self.err("W482", f"the title of record {d.name}, \"{d.title}\", does not show the field {f!r} this amend "
                     f"adds: two {d.name} values that differ only there read alike in texts and options",
                     self.at_name(f, self.sym.added_fields[d.name, f].span),
                     f"give the amend a title that shows it: 'amend {d.name} \"{d.title} {{{f}}}\" {{ ... }}'")
        left = [f for f in left if f not in added]
        if d.title is not None and left:
            self.err("W486", f"the title of record {d.name} leaves out {', '.join(map(repr, left))}: two {d.name} values "
                     f"that differ only there read alike in texts and options", titled or self.at_decl(d),
                     f"show it too, e.g. \"{d.title}{''.join(' {' + f + '}' for f in left)}\"")

    def within_range(self, d: A.Record, f: A.FieldDecl, value) -> None:
        """W485 for a constant outside a range field's numbers (`row: 1..5` given 6): the game would stop
        there (E601, as a computed one out of range does)."""
        if f.within is None:
            return
        v = constant(value)
        low, high = f.within
        if type(v) is int and not low <= v <= high:
            self.err("W485", f"field {f.name!r} of {d.name} holds a number from {low} to {high}, not {v}: building "
                     f"this {d.name} stops the game (E601)", value.span)

    def record_shape(self, d: A.Record) -> None:
        """`record NAME {...} where COND;`: COND is worked out before play for each value of the fields' product, from
        the fields (of ranges, enums or bools), numbers, members, arithmetic, comparisons and abs/min/max (E587
        otherwise, at what it cannot read); a shape that keeps no value is W580."""
        kept, odd = record_shape(d, self.sym)
        fields = [f.name for f in d.fields]
        self.used.update(n.func for n in A.walk(d.shape) if type(n) is A.Call and n.func in self.sym.decls)
        if isinstance(odd, A.FieldDecl):
            self.err("E587", f"'{odd.name}: {odd.type_text()}': a record with a shape ('where ...') has fields of "
                     "ranges, enums or bools alone, each value of their product tried before play", odd.span,
                     "drop the shape, or give the field a range ('0..9') or an enum"
                     if odd.bound is None else "give the field a range of numbers written out ('1..9')")
        elif type(odd) is A.Name:
            self.err("E587", f"the shape of {d.name} reads {odd.id!r}, which is not a field of {d.name} (its fields: "
                     f"{', '.join(fields)}): a shape is worked out from the fields alone, before play", odd.span,
                     did_you_mean(odd.id, fields) or f"write a condition of {', '.join(fields)}")
        elif odd is d.shape and odd is not None:
            self.err("E587", f"the shape of {d.name} ('where {printed(d.shape)}') is no condition of its fields",
                     d.shape.span, "write a test that is true or false for each value: 'where abs(q + r) <= 2'")
        elif odd is not None:
            self.err("E587", f"the shape of {d.name} reads '{printed(odd)}', which is not worked out before play: a "
                     f"shape reads the fields ({', '.join(fields)}), numbers, members of their enums, arithmetic, "
                     f"comparisons and {', '.join(SHAPE_CALLS)}", odd.span,
                     "write the condition out over the fields")
        elif kept is not None and not kept:
            self.err("W580", f"no {d.name} keeps to its shape ('where {printed(d.shape)}'): {d.name} has no values, "
                     "and a board keyed by it no cells", d.shape.span,
                     f"check the condition against the fields' ranges ({', '.join(f.name + ': ' + f.type_text() for f in d.fields)})")

    def record_domain(self, name: str, span: A.Span) -> str:
        """A record's name as a value: the list of all its values, in order (the fields in declared order,
        the last varying fastest), when each field has a finite set of values and there are at most
        MAX_ELEMENTS of them; E337 otherwise."""
        axes, bad = record_axes(name, self.sym)
        self.domain_uses.setdefault(name, span)
        if bad is not None and (name, bad.name) in self.sym.added_fields:   # said once, at the amend (W483)
            return "any"
        if bad is not None:
            self.err("E337", f"record {name} is no domain: its field {bad.name!r} ({bad.type_text()}) has no end to its "
                     f"values; a record is the list of all its values only when each field is a range (1..5), a bool, "
                     f"an enum's member, a player, a card of a kind or such a record", span,
                     f"if it holds a few numbers, say which: '{bad.name}: 1..N;'" if bad.type == "int" and bad.of is None
                     else None)
            return "any"
        size = record_size(name, self.sym)
        if size > MAX_ELEMENTS:
            self.err("E337", f"record {name} has {size} values, more than {MAX_ELEMENTS}: too many to go through as a "
                     f"domain", span, "narrow the ranges of its fields, or go through a list built for the purpose")
            return "any"
        return f"list:record:{name}"

    def record_of(self, name: str) -> Optional[A.Record]:
        decl = self.sym.decls.get(name)
        return decl if isinstance(decl, A.Record) else None

    def visit_Construct(self, e: A.Construct, scope: Scope) -> str:
        """`corner(hex = 4, vertex = 2)`: each field named once (E373 for one the record lacks or one given
        twice), of its type (E303), every field without a default given (E374)."""
        d = self.record_of(e.record)
        if d is None:
            for f in e.fields:
                self.expr(f.value, scope)
            if self.sym.category(e.record) is None:
                self.unknown("E372", "record", e.record, e.span, self.sym.of("record"))
            else:
                self.err("E372", f"{e.record!r} is {article(self.sym.category(e.record))}, not a record: only a record "
                         f"is built with named fields (NAME = VALUE)", e.span)
            return "any"
        self.used.add(d.name)
        fields = {f.name: f for f in d.fields}
        given, unknown = set(), False
        for v in e.fields:
            if v.name in given:
                self.err("E373", f"field {v.name!r} of {d.name} is given twice", v.span, "give each field once")
                self.expr(v.value, scope)
                continue
            given.add(v.name)
            f = fields.get(v.name)
            if f is None:
                self.unknown("E373", "field", v.name, v.span, list(fields), of=f"record {d.name}")
                self.expr(v.value, scope)
                unknown = True
                continue
            self.typed_value(f.type if f.of is None else f"list of {f.of}", v.value, scope,
                             f"field {v.name!r} of {d.name} holds")
            self.within_range(d, f, v.value)
        missing = [f.name for f in d.fields if f.name not in given and f.default is None]
        for name in [m for m in missing if (d.name, m) in self.sym.added_fields]:   # said once, at the amend (E364)
            self.left_out.setdefault((d.name, name), []).append(e.span)
            missing.remove(name)
        if missing and not unknown:   # a field misspelt is likely the one missing: E373 alone says it
            self.err("E374", f"{d.name}(...) does not give {', '.join(repr(m) for m in missing)}: every field without "
                     f"a default is named when a {d.name} is built", e.span,
                     f"write {d.name}({', '.join(f'{f.name} = ...' for f in d.fields if f.default is None)})")
        elif d.shape is not None and not unknown:
            self.outside_shape(d, e)
        return f"record:{d.name}"

    def outside_shape(self, d: A.Record, e: A.Construct) -> None:
        """W581: a record of a shape built of values known before play that its shape leaves out (`hex(q = 2, r =
        2)` of `where abs(q + r) <= 2`): no domain, board or neighbour ever holds it."""
        kept, _odd = record_shape(d, self.sym)
        given = {v.name: v.value for v in e.fields}
        try:
            values = tuple(A.as_const(given[f.name] if f.name in given else f.default) for f in d.fields)
        except (A.NotConstant, KeyError):
            return
        if kept is not None and values not in kept:
            shown = ", ".join(f"{f.name} = {printed(given.get(f.name, f.default))}" for f in d.fields)
            self.err("W581", f"{d.name}({shown}) is outside the shape of {d.name} ('where {printed(d.shape)}'): no "
                     f"'each' over {d.name}, pick, board or neighbour holds it", e.span,
                     f"build a {d.name} the shape keeps, or widen the shape")

    def member_field_read(self, value) -> Optional[tuple]:
        """(the read, its enum) where a field value reads a field its enum member does not hold: what a `for
        each` declaration leaves of `colour = c.color;` once its member is written out (a field the member
        holds is written out as its value, 3.8); None when there is none."""
        for n in A.walk(value):
            enum = next((d for d in self.sym.decls.values() if isinstance(d, A.Enum) and n.obj.id in d.members), None) \
                if type(n) is A.Attr and type(n.obj) is A.Name and n.name not in ("name", "title") else None
            if enum is not None and n.obj.id not in self.sym.decls and all(g.name != n.name for g in enum.fields):
                return n, enum
        return None

    def member_field_unknown(self, value) -> bool:
        """E334, with a did-you-mean, for a field value reading a field its enum member does not hold."""
        found = self.member_field_read(value)
        if found is not None:
            self.member_datum(found[0], found[1], False)
        return found is not None

    def member_datum(self, e: A.Attr, enum: A.Enum, setting: bool, index=None, scope=None) -> str:
        """`d.dx`: a field of an enum's members, the member's value (Symbols.enum_reads); E334 for a field the enum
        does not declare, E339 for a `set` of one (a member's data is fixed where the enum is declared)."""
        f = next((f for f in enum.fields if f.name == e.name), None)
        if f is None and e.name in ("name", "title"):   # every member has both, as a card does: texts
            if setting:
                self.err("E339", f"{e.name!r} of a {enum.name} is fixed where enum {enum.name} is declared: it "
                         f"cannot be set", e.span)
            self.used.add(enum.name)
            self.sym.enum_reads[id(e)] = (enum.name, e.name)
            return "str"
        if f is None and enum.fields:
            self.unknown("E334", "field", e.name, e.span, [g.name for g in enum.fields], of=f"enum {enum.name}")
            return "any"
        if f is None:   # the enum holds no data at all
            self.err("E334", f"a {enum.name} has no field {e.name!r}: enum {enum.name} declares no fields",
                     self.at_name(e.name, e.span), f"an enum's members hold values of the fields it declares: "
                     f"'enum {enum.name} {{ {e.name}: TYPE; {enum.members[0] if enum.members else 'm'}({e.name} = "
                     f"...), ... }}'")
            return "any"
        if setting:
            self.err("E339", f"{e.name!r} of a {enum.name} is the member's data, fixed where enum {enum.name} is "
                     f"declared: it cannot be set", e.span, "keep what changes in a variable: "
                     f"'var {e.name}[{enum.name}]: ...;'")
        self.used.add(enum.name)
        self.sym.enum_reads[id(e)] = (enum.name, f.name)
        if f.index is not None:
            return self.member_cell(e, f, index, scope)
        return self.declared(f.type if f.of is None else f"list of {f.of}")

    def member_cell(self, e: A.Attr, f: A.FieldDecl, index, scope) -> str:
        """`window.shade[s]`: an enum's field indexed by a record, read at a value of that record (E584 for a read
        without one, or at another type); the cell's type."""
        self.cell_reads.add(id(e))
        fields = ", ".join(f"{g.name} = ..." for g in self.sym.decls[f.index].fields) \
            if isinstance(self.sym.decls.get(f.index), A.Record) else "..."
        if index is None:
            self.err("E584", f"{printed(e)} holds a value per {f.index}: read the one at a {f.index}", e.span,
                     f"write {printed(e)}[{f.index}({fields})]")
            return "any"
        kind = self.expr(index, scope)
        if not fits(kind, f"record:{f.index}"):
            self.err("E584", f"{printed(e)} is read at a {f.index}, not at {article(words(kind))}", index.span,
                     f"write {printed(e)}[{f.index}({fields})]")
        return self.declared(f.type)

    def wrapped_by_hand(self, e: A.Binary) -> None:
        """W663: `(x.place + 1) % 8` where `place` goes round a ring of 8 (`place: 1..8 around;`): the board builtins
        wrap along it already (`shift(x, place = 1)`), and the arithmetic by hand is the workaround a ring replaces."""
        size = constant(e.right)
        for n in A.walk(e.left):
            record = self.sym.record_reads.get(id(n)) if type(n) is A.Attr else None
            f = next((f for f in self.record_of(record).fields if f.name == n.name), None) if record else None
            if f is not None and f.around and f.within is not None and size == f.within[1] - f.within[0] + 1:
                self.err("W663", f"'% {size}' of {printed(n)}, which goes round a ring of {size} ('{f.name}: "
                         f"{f.type_text()}'): the board builtins wrap along it already", e.span,
                         f"step round the ring with the builtins: 'shift({printed(n.obj)}, {f.name} = 1)', "
                         f"'neighbours({printed(n.obj)})', 'between(a, b)'")
                return

    def record_field(self, e: A.Attr, record: str, setting: bool) -> str:
        """`s.row`: the type of a record's field; E373 for a field it lacks, E375 for a `set` of one (a
        record is a value: a new one is built)."""
        d = self.record_of(record)
        fields = {f.name: f for f in d.fields}
        f = fields.get(e.name)
        if f is None:
            self.unknown("E373", "field", e.name, e.span, list(fields), of=f"record {d.name}")
            return "any"
        self.sym.record_reads[id(e)] = d.name
        if setting:
            obj = printed(e.obj)
            rebuilt = ", ".join(f"{g.name} = {'...' if g.name == e.name else f'{obj}.{g.name}'}" for g in d.fields)
            self.err("E375", f"a {d.name} cannot be changed: its fields are fixed when it is built", e.span,
                     f"build a new one in its place: 'set {obj} = {d.name}({rebuilt});'" if isinstance(e.obj, A.Name)
                     else f"build a new one: '{d.name}({rebuilt})'")
        return self.declared(f.type if f.of is None else f"list of {f.of}")

    def shown_decl(self, kind: A.Kind, f: A.FieldDecl) -> None:
        """`shown NAME: TYPE;`: a value every player sees on the card while its face is hidden: an effect
        has none (E329); a kind no zone hides has no hidden face to see it on (W429)."""
        if f.type == "effect":
            self.err("E329", f"{f.name!r} is an effect, written in the rules: it has no value to be shown",
                     f.span, f"leave out 'shown'")
        elif not any(type(z) is A.Zone and z.visibility != "public" and (kind.name in z.kinds or "any" in z.kinds)
                     for z in self.sym.decls.values()):
            self.err("W429", f"'shown' says that every player sees {f.name!r} on a {kind.name} whose face is "
                     f"hidden, and no zone of {kind.name} hides it: every player sees the whole card already",
                     f.span, "leave out 'shown', or declare the zone that hides it")

    def computed_decl(self, kind: A.Kind, f: A.FieldDecl) -> None:
        """`func NAME: TYPE [= EXPR];`: a field each entity gives as an expression of the type, worked out
        when read; an effect (a block to run) or a value per member has no single value to work out."""
        if f.type == "effect":
            self.err("E303", f"a computed field has a value: {f.name!r} cannot be an effect (an effect slot is "
                     f"'{f.name}: effect;', run with copy)", f.span)
        elif f.default is not None:
            self.computed_value(kind, f, f.default)

    def computed_value(self, kind: A.Kind, f: A.FieldDecl, value) -> None:
        """An entity's expression for a computed field (or the kind's default): `this` is the entity,
        `you` the player reading it; it must have the field's type (E303)."""
        if f.type == "effect":
            return
        if isinstance(value, A.MemberMap):
            self.err("E303", f"field {f.name!r} is computed: give one expression ('{f.name} = ...;')", value.span)
            return
        self.result(f.type, value, Scope(this_kind=kind.name), f"field {f.name!r} of {kind.name} is")
        self.reads_itself(f, value)

    def reads_itself(self, f: A.FieldDecl, value) -> None:
        """W411: a computed field's expression that reads the field of its own card for the same reader
        (`n = this.n + 1`): the game does not change while it is worked out, so once the read is
        reached (under any condition) it is reached again, without end. `this.n(p)`, for another
        player, may end."""
        hit = next((n for n in A.walk(value) if type(n) is A.Attr and n.name == f.name
                    and type(n.obj) is A.Name and n.obj.id == "this"), None)
        if hit is not None:
            self.diags.append(Diagnostic("W411", f"field {f.name!r} reads itself ({printed(hit)}): working it out "
                                         "works it out again, without end", hit.span,
                                         "work it out from other fields and the game, not from itself"))

    def lists_of_cards(self, d: A.Kind) -> None:
        """A `list` (or `any`) field whose values are lists of card names holds the cards: its type is
        a list of cards of their kind (of any kind when they name several). One such value makes it
        a field of cards, so a value listing other things (members, numbers, texts) is E303."""
        for f in d.fields:
            if f.type not in ("list", "any") or f.index is not None or f.computed:
                continue
            values = [f.default] if f.default is not None else []
            values += [v.value for e in self.sym.decls.values() if isinstance(e, A.Entity) and e.kind == d.name
                       for v in e.values if v.name == f.name]
            lists = [(v, items) for v in values for items in [self.listed(v, d)] if items]
            if f.of is not None:
                self.typed_list_field(d, f, values, lists)
                continue
            # an unknown name is E201 already; it says nothing of what the field holds
            items = [i for _v, listed in lists for i in listed
                     if not (type(i) is A.Name and self.sym.category(i.id) is None)]
            cards = [i for i in items if self.is_card(i)]
            if not cards or 2 * len(cards) < len(items):   # mostly other things: a card among them is the odd one
                enums = {self.member_of(i) for i in items if not self.is_card(i)}
                enum = enums.pop() if len(enums) == 1 and None not in enums else None
                held = f"members of {enum}" if enum else f"other values ({printed(items[0])})" if items else ""
                for card in cards:   # once, at the card: `types = [action, province]`
                    self.err("E303", f"field {f.name!r} of {d.name} holds {held}, not cards: {card.id!r} is "
                             f"{article(self.sym.decls[card.id].kind)}", card.span,
                             f"write one of {', '.join(self.sym.decls[enum].members)}" if enum
                             else "a list of cards needs a field of its own")
                if enum:   # members of one enum: `tags = [earth, city]` (a card among them is E303 above)
                    self.card_lists[d.name, f.name] = f"list:member:{enum}"
                continue
            kinds = {self.sym.decls[i.id].kind for i in cards}
            first = next(v for v, listed in lists if any(map(self.is_card, listed)))
            for i in items:   # each odd element once
                if not self.is_card(i):
                    self.err("E303", f"field {f.name!r} of {d.name} holds cards ({printed(first)}), so each of its "
                             f"lists names cards only, not {printed(i)}", i.span,
                             "a list of other values needs a field of its own")
            self.card_lists[d.name, f.name] = f"list:entity:{kinds.pop()}" if len(kinds) == 1 else "list:entity"

    def typed_list_field(self, d: A.Kind, f: A.FieldDecl, values: list, lists: list) -> None:
        """A field `types: list of card_type;`: each value must be a list (E303) whose items are members
        of that enum, or cards of that kind (E303 at the item, with the members it may name); the field
        is a list of them (`contains(c.types, action)` is checked against it)."""
        decl = self.sym.decls.get(f.of)
        scalar = f.of in SCALAR_ITEMS   # `xs: list of int`: each item a constant of that type
        if not scalar and not isinstance(decl, (A.Enum, A.Kind)):
            return   # E201 said so
        element = self.declared(f.of)
        self.card_lists[d.name, f.name] = f"list:{element}"
        for v in values:
            if not any(v is w for w, _items in lists) and not (type(v) is A.ListLit and not v.items):
                self.err("E303", f"field {f.name!r} of {d.name} is a list of {f.of}, not {printed(v)}", v.span,
                         f"write the list: '{f.name} = [...];'")
        for _v, items in lists:
            for i in items:
                if scalar:
                    given = self.expr(i, Scope())
                    if not fits(given, f.of):
                        self.err("E303", f"field {f.name!r} of {d.name} is a list of {f.of}: {printed(i)} is "
                                 f"{article(words(given))}, not {article(words(f.of))}", i.span)
                    continue
                if type(i) is A.Name and self.sym.category(i.id) is None and i.id not in ("this", "it", "copy_number") \
                        and ALIASES.get(i.id, i.id) not in BUILTIN_DOMAINS:
                    continue   # an unknown name: E201 says so, with the member meant
                if type(i) is A.Name and i.id in self.sym.clashes and self.sym.members.get(i.id) == f.of:
                    continue   # a member of this enum whose name is also a card's...: E208 said it, once
                fits_it = self.member_of(i) == f.of if isinstance(decl, A.Enum) else \
                    self.is_card(i) and self.sym.decls[i.id].kind == f.of
                if not fits_it:
                    shown = ", ".join(decl.members[:6]) if isinstance(decl, A.Enum) else None
                    self.err("E303", f"field {f.name!r} of {d.name} is a list of {f.of}: {printed(i)} is not "
                             f"{'a member of' if isinstance(decl, A.Enum) else 'a card of kind'} {f.of}", i.span,
                             f"{f.of}'s members: {shown}" if shown else None)

    def listed(self, value, kind: A.Kind) -> tuple:
        """The items of a field value written as a list (as the first copy has it), else ()."""
        try:
            value = chosen(numbered(value, 1, kind))
        except A.NotConstant:
            return ()
        return tuple(map(chosen, value.items)) if type(value) is A.ListLit else ()

    def member_of(self, item) -> Optional[str]:
        """The enum a list item names a member of, else None."""
        return self.sym.members.get(item.id) if type(item) is A.Name and (self.sym.category(item.id) == "member"
                                                                          or self.member_clash(item.id)) else None

    def member_clash(self, name: str) -> bool:
        """Whether a name is an enum member that clashes with a declaration that is no value (a proc, a
        func, a phase...): E208 said so, once, at the member; where a value is read the name can only
        mean the member, so it is read as the member there, with no second error at every use."""
        return name in self.sym.clashes and name in self.sym.members and self.sym.category(name) in NO_VALUE

    def is_card(self, item) -> bool:
        """Whether a list item names a card, tile or piece (an entity)."""
        return type(item) is A.Name and isinstance(self.sym.decls.get(item.id), A.Entity)

    def field_type(self, kind: A.Kind, f: A.FieldDecl) -> str:
        """The type of a kind's field as read: its declared type, or a list of cards (`lists_of_cards`)."""
        if f.held is not None:   # a zone the card holds
            return f"zone:{f.of}"
        if f.of is not None and self.sym.category(f.of) == "record":   # a card's shape: `cells: list of at;`
            return self.declared(f"list of {f.of}")
        return self.card_lists.get((kind.name, f.name)) or self.declared(f.type)

    def member_field_decl(self, f: A.FieldDecl, kind_name: str) -> None:
        """`NAME: int[ENUM]`: one whole number (or condition) per member of an enum; `NAME: int[GROUP]`:
        one whole number per resource of a group (E360 for another type); `NAME: bool[1..75]`: one per number."""
        if f.index_range is not None:
            if f.type not in ("int", "bool"):
                self.err("E303", f"field {f.name!r} holds one value per number from {f.index_range[0]} to "
                         f"{f.index_range[1]}: whole numbers or conditions ('{f.name}: int[{f.index}]' or "
                         f"'bool[{f.index}]'), not {article(words(self.declared(f.type)))}", f.span)
            return
        if self.sym.category(f.index) == "group":
            if f.type != "int":
                self.err("E360", f"field {f.name!r} holds one value per resource of {f.index}: whole numbers "
                         f"('{f.name}: int[{f.index}]'), not {article(words(self.declared(f.type)))}", f.span,
                         "a field of amounts per resource is what 'pay' and 'gain' take whole")
            return
        if f.index == "player" and "player" not in self.sym.decls:   # a card's printed values are known before play
            self.err("E559", f"field {f.name!r} holds one value per player, but a card's fields are printed before "
                     "play and each game has its own seats", self.at_name(f.index, f.span),
                     f"keep the values per card and player in a counter or variable indexed by both: "
                     f"'counter {f.name}[{kind_name}, player];' (3.3)")
            return
        if isinstance(self.sym.decls.get(f.index), A.Record):   # `layout: int[spot];`: a grid per card
            self.used.add(f.index)
            if grid_cells(f.index, self.sym) is None:
                self.grid_index(f"kind {kind_name}", f)
            return
        self.expect(f.index, ("enum",), "E201", "enum", self.at_name(f.index, f.span))
        if f.type not in ("int", "bool"):
            held = article(words(self.declared(f.type)))
            self.err("E303", f"field {f.name!r} holds one value per member of {f.index}: whole numbers or "
                     f"conditions ('{f.name}: int[{f.index}]' or 'bool[{f.index}]'), not {held}", f.span)

    def member_values(self, f: A.FieldDecl, value) -> None:
        """The value of a field declared `int[ENUM]`: `{member: VALUE, ...}`, each member once, each
        value a constant of the field's type (the members not named take the default)."""
        shown = f"{f.type}[{f.index}]"
        members = f.index_keys(self.sym.decls)
        if not isinstance(value, A.MemberMap):
            example = ", ".join(f"{m}: ..." for m in members[:2]) or "MEMBER: ..."
            self.err("E303", f"field {f.name!r} holds one {words(f.type)} per {f.index} ({shown}): give them by "
                     f"member, as in {f.name} = {{{example}}}", value.span,
                     "the members not named take the field's default")
            return
        seen = set()
        for item in value.items:
            where = self.at_name(str(item.member), item.span)
            if item.member in seen:
                self.err("E215", f"member {item.member!r} of field {f.name!r} is given twice", where)
                continue
            seen.add(item.member)
            if f.index_range is not None and item.member not in members:   # `{7: true}` of `bool[1..5]`
                self.err("E312", f"{f.name}[{item.member}] is outside {f.name}[{f.index}]", where,
                         f"give each number from {f.index_range[0]} to {f.index_range[1]}, as in "
                         f"{{{f.index_range[0]}: ...}}")
                continue
            if members and item.member not in members:
                self.err("E303", f"{item.member} is not a {f.index} (one of {', '.join(members)})", where,
                         did_you_mean(str(item.member), members))
                continue
            self.member_value(f, item.value)

    def member_value(self, f: A.FieldDecl, value) -> None:
        """One member's value (or the default) of a field declared `int[ENUM]` or `bool[ENUM]`."""
        known = constant(value)
        if f.type == "int" and (type(known) is not int) or f.type == "bool" and type(known) is not bool:
            what = "a whole number" if f.type == "int" else "true or false"
            self.err("E303", f"each value of field {f.name!r} ({f.type}[{f.index}]) is {what} known before play",
                     value.span)

    def visit_Entity(self, d: A.Entity) -> None:
        if d.copies < 1:
            self.err("E303", f"{d.name!r} needs at least one copy ('* 1' or more)", self.at_decl(d))
        elif d.copies > MAX_COPIES:
            self.err("E308", f"{d.name!r} has {d.copies} copies; a declaration has at most {MAX_COPIES:,}", self.at_decl(d))
        kind = self.sym.decls.get(d.kind)
        if not isinstance(kind, A.Kind):
            kinds = self.sym.of("kind")
            if kind is None and kinds and d.kind not in self.sym.removed and did_you_mean(d.kind, kinds) is None:
                # no kind is near the word: a newcomer wrote `card NAME` (the word of the reference's examples)
                # where the card's declaration starts with its own kind's name
                self.err("E204", f"unknown kind {d.kind!r}: a card's declaration starts with the name of its kind",
                         self.at_name(d.kind, d.span), f"'{kinds[0]} {d.name} ...' declares a card of kind {kinds[0]}"
                         + (f" (the kinds: {', '.join(kinds)})" if len(kinds) > 1 else ""))
            elif kind is None:
                self.unknown("E204", "kind", d.kind, d.span, kinds)
            else:
                self.err("E301", f"{d.kind!r} is {article(CATEGORY[type(kind)])}, not a kind", self.at_name(d.kind, d.span))
            return
        self.used.add(d.kind)
        fields = {f.name: f for f in kind.fields}
        given, guessed = set(), set()
        for item in d.values + d.effects:
            if isinstance(item, A.HeldOverride):   # run as the declarations the resolver made of it
                self.reaction_zone(d.kind, d.name, item)
                it = reads_it(item.when)
                if it is not None:   # (left out of the dispatcher, which checks the rest of it)
                    self.err("E553", "an override's 'while' is worked out at each call of the rule it changes, not at "
                             "an event: it has no 'it'", it.span, "test the rule's own parameters in the condition "
                             "(`override func f(n: int) in ZONE while n > 2 = ...;`)")
                continue
            if isinstance(item, A.HeldOption):   # checked in the open choose the resolver added it to
                if not any(item is s for s in kind.slots):   # (a kind's: its zones checked there)
                    self.reaction_zone(d.kind, d.name, item)
                continue
            whose = "role" if A.role_own(item) else "card"   # a role's own slot (its zone is not written)
            if item.name in given and isinstance(item, A.HeldModifier):   # its name is its action and zones
                self.err("E215", f"the {whose} has two modifiers on {item.modifier.pattern.event!r}: a {whose}'s "
                         f"modifiers are told apart by their action{' and zones' if whose == 'card' else ''}, not by "
                         "whose use it is or its filters", item.span,
                         "write the lines of both in one modifier, or test which use it is in its 'while' "
                         "(`while it.c.cost >= 4`)")
            elif item.name in given and isinstance(item, A.Reaction):   # its name is its event, zones and subject
                self.err("E215", f"the {whose} has two reactions on {item.plain.removeprefix('whenever ')} for "
                         f"{item.subject}: a {whose}'s reactions are told apart by their event, "
                         f"{'zones and ' if whose == 'card' else ''}subject "
                         "(you, opponents, anyone), not by their filters or conditions", item.span,
                         "write one reaction for them and test inside it which case it is ('if it.subject == "
                         "you', 'if it.ARG == ...'), or give them different subjects")
            elif item.name in given:
                self.err("E215", f"{slot_words(item) if isinstance(item, A.Anytime) else 'field'} {item.name!r} "
                         "is given twice", item.span)
            given.add(item.name)
            if isinstance(item, (A.Reaction, A.Anytime)):   # a slot of its own, run with `this` the copy
                if any(item is s for s in kind.slots):   # the kind's (checked there)
                    continue
                if self.reaction_zone(d.kind, d.name, item):
                    self.slot_body(item, d.kind)
                continue
            f = fields.get(item.name)
            if f is None and item.name == "title":   # a title is no field: it follows the name
                self.err("E205", f"unknown field 'title' of {d.kind}", self.at_name("title", item.span),
                         f"a title is written after the name: {d.kind} {d.name} \"...\" {{ ... }}, or in a house "
                         f"rule amend {d.name} \"...\" {{ }}")
                continue
            if f is None:
                self.unknown("E205", "field", item.name, item.span, list(fields), of=d.kind)
                # a misspelt field (`kep = true;`) is the one E205 suggests: no E304 for it besides
                guessed.update(m for m in (closest(item.name, list(fields)),) if m is not None)
                continue
            if f.held is not None:
                self.err("E417", f"{item.name!r} is a zone each {d.kind} holds, empty at the start: a card gives "
                         "it no value", item.span, f"move cards into it in play: 'move c to {d.name}.{item.name};'")
                continue
            if f.computed:
                if isinstance(item, A.FieldEffect):
                    self.err("E303", f"field {item.name!r} is computed, a value worked out when read, not an "
                             f"effect to run: write '{item.name} = ...;'", item.span)
                    continue
                self.computed_value(kind, f, item.value)
                continue
            if isinstance(item, A.FieldEffect):
                if f.type != "effect":
                    self.err("E303", f"field {item.name!r} is {article(TYPE_WORDS.get(f.type, f.type))}, not an effect: write '{item.name} = ...;'",
                             item.span)
                self.block(item.body, self.slot_scope(d.kind, f, item.body))
                self.held_by_hand(item.body)
            else:
                if f.type == "effect":
                    self.err("E303", f"field {item.name!r} is an effect: write '{item.name} {{ ... }}'", item.span)
                    continue
                self.field_value(f, numbered(item.value, 1, kind), d.name)   # checked as the first copy's
        for name, f in fields.items():
            if name not in given and name not in guessed and f.default is None and f.type not in ("effect", "cost") \
                    and f.index is None and f.held is None:
                self.no_value(d, f)
        if d.title_parts or fields_number_copies(d, kind):
            self.numbered_copies(d, kind, fields)
        self.in_force_lines(d.in_force, d.kind, f"card {d.name!r}")

    def held_by_hand(self, body: tuple) -> None:
        """W497: a modifier a card's effect registers, lasting (no `until`, no `once`) while `contains(ZONE,
        this)` of a zone each player has: the card could hold it (`modifier ... in ZONE`, 7.7b), in force
        whenever a copy is there, whatever put it there, and gone when it leaves, with nothing to run."""
        for n in (n for s in body for n in A.walk(s)):
            if type(n) is not A.Modifier or n.until is not None or n.once or n.cond is None:
                continue
            tests, last = and_tests(n.cond)
            zone = next((t.args[0].id for t in tests + [last] if type(t) is A.Call and t.func == "contains"
                         and len(t.args) == 2 and type(t.args[1]) is A.Name and t.args[1].id == "this"
                         and type(t.args[0]) is A.Name and isinstance(self.sym.decls.get(t.args[0].id), A.Zone)
                         and self.sym.decls[t.args[0].id].per_player), None)
            if zone is not None:
                self.err("W497", f"this modifier is in force while the card is in {zone!r} once this effect has run: "
                          f"the card can hold it, 'modifier ... in {zone} {{ ... }}' written in the card (7.7b)",
                          n.span, f"write it among the card's values, without 'contains({zone}, this)': every "
                          f"holder has it while a copy is in their {zone}, whatever put it there, and nothing "
                          "has to run to register it")

    def slot_body(self, slot: "A.Reaction | A.Anytime", kind: str) -> None:
        """A reaction's or `anytime` slot's block, `this` a card of `kind`; an anytime's `when` condition."""
        if isinstance(slot, A.Anytime) and slot.rest is not None:
            self.anytime_period(slot.rest, kind, "a role's 'anytime' slot" if A.role_own(slot) else "a card's 'anytime' slot")
        if isinstance(slot, A.Anytime) and slot.when is not None:
            self.condition(slot.when, Scope(this_kind=kind))
        self.block(slot.body, Scope(this_kind=kind))
        copied = copied_slot(slot.body) if isinstance(slot, A.Anytime) else None
        if copied is not None:   # `anytime ... { copy this.SLOT; }`: offered while that slot can do something
            self.sym.can_slots.add(copied.name)

    def anytime_period(self, rest: A.Pattern, kind: Optional[str], what: str = "a card's 'anytime' slot") -> None:
        """`anytime in ZONE once per PATTERN` (or a choose option's `once per PATTERN`, `what` says so): the
        pattern as a trigger's `once per` (7.4a), with no argument filters (E409: the period is kept from
        the start of the game, before any value a filter would read); W422 when nothing announces its
        event (the card is played once in the game). `once per NAME` of a proc or a loop label: its end."""
        if self.period_end(rest, what):
            return
        self.pattern(rest, Scope(this_kind=kind))
        if rest.args:
            self.err("E409", f"the period of {what} is an event alone: 'once per "
                     f"{rest.event}({', '.join(a.name + ' = ...' for a in rest.args)})' filters it by its "
                     f"arguments", rest.args[0].span,
                     f"write 'once per {rest.event}' (or 'once per you {rest.event}'), and test the rest in the "
                     f"{'slot' if 'slot' in what else 'option'}'s 'when'")
        self.periods.append((rest, what))

    def period_end(self, rest: A.Pattern, what: str) -> bool:
        """`once per NAME` naming no event but a proc or a loop label (`once per generation`): a period of each call
        of the proc or round of the loop (layout.period_end). E595 for a subject or arguments (the end of a call
        or round is nobody's and carries none), E596 for a name both a proc and a loop label. Whether it is one."""
        name = period_end(rest, self.sym)
        proc, label = name in self.sym.of("proc"), name in self.loop_labels
        if name is not None and not proc and not label and name not in self.sym.decls:   # a typo: any of the three
            self.unknown("E206", "event, proc or loop label", name, rest.span,
                         self.sym.of("event") + list(BUILTIN_EVENTS) + self.sym.of("proc") + self.loop_labels)
            return True
        if name is None or not proc and not label:
            return False
        end = f"each call of proc {name!r}" if proc else f"each round of the loop labelled {name!r}"
        if rest.subject is not None or rest.args:
            self.err("E595", f"'once per {name}' names the end of {end}, which is no player's event and has no "
                     f"arguments: the period of {what} is that end alone", (rest.subject or rest.args[0]).span,
                     f"write 'once per {name}', and test the rest in the "
                     f"{'slot' if 'slot' in what else 'option'}'s 'when'")
        elif proc and label:
            self.err("E596", f"'once per {name}': {name!r} is both a proc and a loop label, so which end starts a "
                     f"new period of {what} is unclear", rest.span, "rename the loop's label ('as round')")
        return True

    def reaction_zone(self, kind: str, card: Optional[str], r: "A.Reaction | A.Anytime") -> bool:
        """The zones of a card's reaction (`whenever EVENT in ZONE, ...`) or `anytime in ZONE, ...`: each
        one per player (whose holder the card's slot is), able to hold the card. E330 (no zone), E331
        (a shared zone), E332 (a zone of other kinds), E383 (a zone written twice), at the zone's name;
        whether they are sound (its block is checked then)."""
        sound, seen = True, set()
        for place in r.places:
            key = A.place_key(place)
            if key in seen:
                self.err("E383", f"zone {key!r} is written twice in this {slot_words(r)}'s zones", place.span,
                         "write each zone once: the card is used from any of them")
                sound = False
            seen.add(key)
            sound = self.slot_zone(kind, card, r, place) and sound
        written = {A.place_key(p): p for p in r.places}   # `in row, row[forest]`: the one is in the other
        for place in r.places:
            if type(place) is A.Index and place.obj.id in written:
                self.err("E383", f"zone {A.place_key(place)!r} is one of {place.obj.id!r}'s, written too in this "
                         f"{slot_words(r)}'s zones", place.span, f"write {place.obj.id!r} alone: the card is used "
                         f"from any of its zones")
                sound = False
        return sound

    def slot_zone(self, kind: str, card: Optional[str], r: "A.Reaction | A.Anytime", place) -> bool:
        """One zone of a card's reaction or `anytime` slot (reaction_zone): `card` None for a kind's. An
        indexed zone named alone is each of its zones; an element (`row[wetland]`) is named by constant
        indexes, each a value of its index (E391)."""
        at, zone = place.span, A.place_zone(place)
        z = self.sym.decls.get(zone)
        if not isinstance(z, A.Zone):
            what = f"is {article(CATEGORY[type(z)])}" if z is not None else "is not declared"
            self.err("E330", f"a card's {slot_words(r)} is used from a zone of its holder's; {zone!r} {what}", at,
                     did_you_mean(zone, [n for n, x in self.sym.decls.items() if isinstance(x, A.Zone)]))
            return False
        self.used.add(zone)
        if not z.per_player:
            self.err("E331", f"zone {zone!r} is shared: a card's {slot_words(r)} is its holder's, so it is used from a "
                     f"zone each player has (a hand, a tableau)", at,
                     f"declare it 'zone {zone} per_player of ...', or register a "
                     f"{'modifier' if isinstance(r, A.HeldModifier) else 'trigger'} in the effect that "
                     f"puts the card there ('{'modifier' if isinstance(r, A.HeldModifier) else 'whenever'} ... "
                     f"while contains({zone}, this)')")
            return False
        kinds = z.kinds
        if kind not in kinds and "any" not in kinds:
            such = f" such as {card!r}" if card is not None else ""
            self.err("E332", f"zone {zone!r} holds {' or '.join(kinds)}, never {article(kind)}{such}: the "
                     f"{slot_words(r)} could never be used", at,
                     f"a role's own {slot_words(r)} is written without a zone (its holder's): a zone there makes "
                     f"the role's braces a card's" if kind == A.ROLE_KIND and self.sym.roles else None)
            return False
        return type(place) is not A.Index or self.slot_element(z, place, r)

    def slot_element(self, z: A.Zone, place: A.Index, r) -> bool:
        """`in row[wetland]`: an element of an indexed zone, its indexes written as values known before
        play (a member, a number, a declared card), one for each index of the zone; E391 otherwise."""
        if z.indexes is None:
            self.err("E391", f"zone {z.name!r} is not indexed: a card's {slot_words(r)} names it alone", place.span,
                     f"write 'in {z.name}'")
            return False
        dims = z.indexes.dims()
        written = place.index.parts if type(place.index) is A.Pair else (place.index,)
        # (an index of an unknown name has no keys: E2xx says so at the zone; the example shows its place)
        example = f"{z.name}[{', '.join(str(next(iter(index_keys(d, self.sym)), '...')) for d in dims)}]"
        if len(written) != len(dims):
            self.err("E391", f"zone {z.name!r} has {len(dims)} index{'es' if len(dims) > 1 else ''} "
                     f"({z.indexes.shown()}); {len(written)} {'are' if len(written) > 1 else 'is'} written here",
                     place.index.span, f"name one of its zones, as in {example}, or write '{z.name}' alone for any of them")
            return False
        for value, dim in zip(written, dims):
            keys = index_keys(dim, self.sym)
            text = A.place_key(A.Index(place.obj, value, span=place.span))[len(z.name) + 1:-1]
            known = type(value) is A.Name and value.id in keys or type(value) in (A.Int, A.Unary) and \
                text.lstrip("-").isdigit() and int(text) in keys
            if not known:
                what = f"a member of {dim.enum}" if dim.enum is not None and isinstance(self.sym.decls.get(dim.enum), A.Enum) \
                    else f"a declared {dim.enum}" if dim.enum is not None else f"a number from {dim.low} to {dim.high}"
                self.err("E391", f"a card's {slot_words(r)} is used from a zone named before play: the index of "
                         f"{z.name!r} here must be {what}, written as it is; {printed(value)!r} is not",
                         value.span, f"name one of its zones, as in {example}, or write '{z.name}' alone for any of them")
                return False
        return True

    def no_value(self, d: A.Entity, f) -> None:
        """E304 for a card that gives no value for a field without default: one finding per field of
        a kind, at the first such card, with the others as a note (a field added to a kind without
        a default would otherwise be one finding per card)."""
        key = (d.kind, f.name)
        if key not in self.unvalued:
            self.unvalued[key] = (len(self.diags), [])
            self.err("E304", f"{d.kind} {d.name!r} gives no value for field {f.name!r}", self.at_decl(d),
                     f"give it a value in each {d.kind}, or a default in the kind: "
                     f"'{'func ' if f.computed else ''}{f.name}: {f.type} = ...;'")
            return
        at, others = self.unvalued[key]
        others.append(d.name)
        listed = ", ".join(map(repr, others[:5])) + (f" and {len(others) - 5} more" if len(others) > 5 else "")
        self.diags[at] = replace(self.diags[at], notes=(
            f"{len(others)} more of kind {d.kind} give none either: {listed}",))

    def numbered_copies(self, d: A.Entity, kind: A.Kind, fields: dict) -> None:
        """Field values with `copy_number` and a title with `{...}` values: each names only the card's
        fields and `copy_number`, and is worked out for every copy before play (layout does it)."""
        shown = [part for part in d.title_parts if not isinstance(part, str)]
        for part in shown:
            read = self.title_reads(part, kind, fields)
            if read is None:
                return
            for n in A.walk(part):
                if type(n) is A.Name and n.id != "copy_number" and id(n) not in read and (n.id not in fields or fields[n.id].type == "effect"
                                                                    or fields[n.id].index is not None
                                                                    or fields[n.id].computed):
                    enum = next((e for e in self.sym.decls.values() if isinstance(e, A.Enum) and n.id in e.members), None)
                    if enum is not None:   # `"{s}"` of `for each s in suit`: the member itself, not a text
                        self.err("E303", f"a title can show the card's own fields and copy_number, not the {enum.name} "
                                 f"{n.id!r} itself (a 'for each' variable's member, say)", n.span,
                                 "a title shows a member by its title or its name: '{s.title}', '{s.name}' of the "
                                 "'for each' variable s")
                        return
                    self.err("E303", f"a title can show the card's own fields and copy_number, not {n.id!r}", n.span,
                             did_you_mean(n.id, [f for f in fields if fields[f].type != "effect" and fields[f].index is None
                                              and not fields[f].computed]
                                              + ["copy_number"]))
                    return
        for number in range(1, max(d.copies, 1) + 1):
            try:
                values = copy_fields(d, kind, number)
            except A.NotConstant:
                failing = next((v.value for v in plain_values(d, kind)
                                if not is_field_value(numbered(v.value, number, kind))),
                               None)
                if failing is not None and (any(x.code == "E303" and x.span == failing.span for x in self.diags)
                                            or self.member_field_read(failing) is not None):
                    return   # said once at the value (E334 for a member's field it lacks, by field_value)
                self.err("E303", f"a field value of {d.name!r} cannot be worked out for copy {number} (numbers, "
                         "texts, lists, copy_number and operators only, with no division by zero and no item past a "
                         "list's end)", failing.span if failing is not None else d.span)
                return
            try:
                copy_title(d, kind, number, values, self.sym)
            except (A.NotConstant, KeyError):
                if any(x.severity == "error" and within(x.span, d.span) for x in self.diags):
                    return   # a field value it shows is wrong already (`colour = [red, gren][copy_number];`)
                self.err("E303", f"the title of {d.name!r} cannot be worked out before play for copy {number} "
                         "(its fields and copy_number, with numbers, texts and operators only)",
                         shown[0].span if shown else d.span)
                return

    def title_reads(self, part, kind: A.Kind, fields: dict) -> Optional[set]:
        """The ids of the names a title's `{NAME.x}` values read through: a field typed with a kind or an
        enum, or an entity or member named outright; `x` is `title`, `name` or (of a card) a field of its
        kind. None after E349 for any other `.x` (language.md, "Titles with values")."""
        read = set()
        for n in A.walk(part):
            if type(n) is not A.Attr:
                continue
            subject = n.obj.id if type(n.obj) is A.Name else None
            f = fields.get(subject)
            of = self.sym.decls.get(f.type) if f is not None and f.index is None and not f.computed else None
            if f is None and subject is not None:
                target = self.sym.decls.get(subject)
                of = self.sym.decls.get(target.kind) if isinstance(target, A.Entity) else \
                    self.sym.decls.get(self.sym.members.get(subject))
            if not isinstance(of, (A.Kind, A.Enum)):
                self.err("E349", "a title reads '.title', '.name' or a field only of a field that holds a card or an "
                         f"enum member, or of one named outright; {printed(n.obj)!r} is neither", n.span,
                         "show the field itself: '{" + (subject or "field") + "}'")
                return None
            readable = {"title", "name"} | ({g.name for g in of.fields if not g.computed and g.type != "effect"
                                             and g.index is None} if isinstance(of, A.Kind) else set())
            if n.name not in readable:
                self.err("E349", f"a title can read {', '.join(sorted(readable))} of {printed(n.obj)!r} "
                         f"({'a ' + of.name if isinstance(of, A.Kind) else 'a member of ' + of.name}), not {n.name!r}",
                         n.span, did_you_mean(n.name, sorted(readable)))
                return None
            read.add(id(n.obj))
        return read

    def face_shown(self, f: A.FieldDecl, value, scope=None) -> None:
        """E439: a constant that no face of the die of `f` (a field typed by a die, `shows: d6;`) shows, set
        on a die kept as a piece or given as its value; a value worked out in play is checked then (E439)."""
        die = self.sym.decls.get(f.die)
        if not isinstance(die, A.Die) or die_key(value, self.sym, scope) is None \
                or die.type is None and any(face.title is None for face in die.faces):   # (E441 says so)
            return
        shown = [die_key(face.value) if die.type is not None else ("v", face.title) for face in die.faces]
        if die_key(value, self.sym, scope) not in shown:
            faces = ", ".join(dict.fromkeys(printed(face.value) if die.type is not None else repr(face.title)
                                            for face in die.faces if die.type is None or face.value is not None))
            self.err("E439", f"no face of {f.die!r} shows {printed(value)}: {f.name!r} shows one of its faces ({faces})",
                     value.span, "a die kept as a piece is rolled ('roll x;') or turned to a face it has")

    def field_value(self, f: A.FieldDecl, value, entity: str = "the default") -> None:
        if self.member_field_unknown(value):
            return
        if f.die is not None:
            self.face_shown(f, value)
        if f.type == "cost" or isinstance(value, A.CostValue):
            self.cost_value(f, value)
            return
        if self.record_item(f.type, f.of) is not None:
            self.kept_record(f.type, f.of, value, f"field {f.name!r} must be")
            return
        if f.index is not None and isinstance(self.sym.decls.get(f.index), A.Record):   # a grid, as an enum's
            if grid_cells(f.index, self.sym) is not None:
                self.member_grid(f, entity, value, lambda item: self.typed_value(
                    f.type, item, Scope(), f"field {f.name!r} of {entity} holds"))
            return
        if f.index is not None:
            if f.type in ("int", "bool"):   # else the declaration is E303 already
                self.member_values(f, value)
            return
        if isinstance(value, A.MemberMap):
            self.err("E303", f"field {f.name!r} is {article(words(self.declared(f.type)))}, not one value per member "
                     f"of an enum: a value by member needs a field declared like '{f.name}: int[ENUM]'", value.span)
            return
        members_of = self.sym.decls.get(f.type)
        if isinstance(members_of, A.Enum):
            # a member, or none: no member yet (`var dealt: expansion = none;`); `[red, blue][copy_number]`
            # gives each copy its own member, as a field typed with a kind takes its own card
            for item in copy_items(value):
                if isinstance(item, A.Name) and item.id not in members_of.members:
                    self.err("E303", f"{item.id} is not a {f.type} (one of {', '.join(members_of.members)})", item.span,
                             did_you_mean(item.id, members_of.members))
                    break
                if not isinstance(item, (A.Name, A.Nothing)):   # `next(two, copy_number - 1)`: worked out in play
                    listed = ", ".join(members_of.members[:3]) + (", ..." if len(members_of.members) > 3 else "")
                    self.err("E303", f"the value of field {f.name!r} is known before play: a member of {f.type} "
                             "written out, not worked out by an expression", item.span,
                             f"name the member ({', '.join(members_of.members[:2])}, ...), give each copy its own "
                             f"from a list of members: '{f.name} = [{listed}][copy_number];', or, in a 'for each' "
                             "declaration, read a field its enum member declares ('colour = c.colour;')")
                    break
            self.used.add(f.type)
            return
        if f.type == "int" and isinstance(value, (A.Str, A.Bool)):
            self.err("E303", f"field {f.name!r} is a whole number", value.span)
            return
        if not is_field_value(value):
            self.err("E303", f"the value of field {f.name!r} must be known before play: numbers, texts, names and "
                     "lists of those, with operators, 'if ... then ... else', 'match', min, max and abs", value.span,
                     # a text with values is worked out before play here, as any field value
                     hint="a text fixed before play shows only numbers, copy_number and operators; a computed "
                     "field ('func NAME: str;') or a func shows values worked out in play"
                     if type(value) is A.Str and value.parts else None)
            return
        if isinstance(self.sym.decls.get(f.type), A.Kind) and not isinstance(value, A.Nothing):
            # `[a, b, c][copy_number]`: each copy takes its own card, so every item must be one
            for value in copy_items(value):
                target = self.sym.decls.get(value.id) if isinstance(value, A.Name) else None
                if not (isinstance(target, A.Entity) and target.kind == f.type):
                    if isinstance(value, A.Name) and value.id in self.sym.removed:
                        self.unknown("E303", f.type, value.id, value.span, ())   # one more use for the remove's E221
                        return
                    self.err("E303", f"field {f.name!r} names a {f.type}: give the name of one", value.span,
                             did_you_mean(value.id, [n for n, d in self.sym.decls.items() if isinstance(d, A.Entity)
                                                     and d.kind == f.type]) if isinstance(value, A.Name) else None)
                    return
            return
        if f.type == "resource" and isinstance(value, A.Name):
            self.expect(value.id, ("resource", "counter"), "E202", "resource", value.span)
            return
        if f.type == "counter" and isinstance(value, A.Name):   # a field or variable holding a counter's name
            self.counter_named(value, Scope(), f"{f.name!r} must be")
            return
        if f.type == "track" and isinstance(value, A.Name):
            self.expect(value.id, ("track",), "E203", "track", value.span)
            return
        kind = self.expr(value, Scope())
        if f.type == "bool":
            self.bool_value(f, value, kind)

    def bool_value(self, f: A.FieldDecl, value, kind: str) -> None:
        """A yes-or-no field takes true or false: a number or a text there (`windfall = 1;`) is E303, as
        `true` given to a whole-number field is."""
        if kind not in ("bool", "any"):
            self.err("E303", f"field {f.name!r} is a condition, true or false, not {article(words(kind))}",
                     value.span, "give true or false")

    def visit_Zone(self, d: A.Zone) -> None:
        self.indexes(d)
        for kind in d.kinds:
            if kind != "any":
                self.expect(kind, ("kind",), "E204", "kind", d.span)
        if d.visibility in ("hidden", A.HIDDEN_FROM_OWNER) and not d.per_player:
            seen = "each player sees their own" if d.visibility == "hidden" else "each player's is seen by the others"
            self.err("E320", f"zone {d.name!r} is shared, so it has no owner to see it: make it 'secret' "
                     f"(nobody sees it) or 'per_player' ({seen})", self.at_decl(d))
        self.zone_of_copies(d)
        if A.ROLE_KIND in d.kinds and self.sym.roles and d.name != A.ROLE_ZONE:
            self.err("E467", f"zone {d.name!r} holds roles: a role is no card to move, it is held by the player "
                     f"'give' gives it to (a role moved to a zone would be neither held nor free to give)",
                     self.at_decl(d), "keep a role set aside in a variable of the type 'role' ('var aside global: "
                     "role;'), and the roles left are those nobody holds: 'pick r from role where "
                     "size(holders(r)) == 0 ...'")
        if d.refills is not None:
            self.refill_source(d)
        if d.cap is not None:
            self.zone_cap(d)
        if d.top_public or d.size_owner:
            self.zone_glimpses(d)
        if d.show is not None:
            self.zone_show(d)
        if d.faces is not None:
            self.zone_faces(d)

    def zone_of_copies(self, d: A.Zone) -> None:
        """E652: a shared zone whose every kind is `per_player`. Each player has their own copy of such a card,
        which lives in its player's zones only (a move into a shared zone stops play, E601), so nothing could
        ever go into the zone: the dice in Las Vegas's casinos, kept by player, are a per-player zone."""
        kinds = [self.sym.decls.get(k) for k in d.kinds]
        if d.per_player or not all(isinstance(k, A.Kind) and k.per_player for k in kinds):
            return
        self.err("E652", f"zone {d.name!r} is shared, but every {' or '.join(d.kinds)} is a per-player card (each "
                 f"player has their own copy, kept in their own zones): no card can ever go into it",
                 self.at_decl(d), f"keep each player's apart: 'zone {d.name}{'[...]' if d.indexes else ''} ... "
                 f"per_player of {d.kind}'; or, for cards the players share, declare the kind without "
                 "'per_player' and keep whose each is in a field ('belongs: player;')")

    def zone_faces(self, d: A.Zone) -> None:
        """`seen by FIELD` / `hidden from FIELD` of a shared zone (pieces on a board, a face-down row): E629 on a
        player's zone (its owner is who sees it: `hidden`, `hidden from owner`); E628 unless every kind of the zone
        has FIELD naming a player (did you mean); W606 for FIELD declared `shown` (it is, already); W605 when
        nothing gives FIELD a value (no default, no card's, no `set c.FIELD`): every face stays as it starts."""
        words, field = d.faces
        at = self.at_name(field, d.span)
        if d.per_player:
            meant = "did you mean 'hidden from owner'? " if words == "hidden from" and closest(field, ["owner"]) else ""
            self.err("E629", f"zone {d.name!r} is each player's: '{d.visibility}' says who sees each item of a shared "
                     f"zone, and a player's zone is seen as its owner is", self.at_decl(d),
                     f"{meant}write 'hidden' (its owner alone sees it) or 'hidden from owner' (every player but its "
                     "owner), or make the zone shared")
            return
        kinds = [self.sym.decls.get(k) for k in d.kinds]
        if any(type(k) is not A.Kind for k in kinds):
            if "any" in d.kinds:
                self.err("E628", f"zone {d.name!r} holds any kind, so no field {field!r} is known to name who sees "
                         f"an item", at, "declare the zone of the kinds it holds ('of piece')")
            return
        fields = [next((f for f in k.fields if f.name == field), None) for k in kinds]
        for k, f in zip(kinds, fields):
            if f is None:
                close = did_you_mean(field, [g.name for g in k.fields if g.type == "player" and not g.computed])
                self.err("E628", f"'{words} {field}': {k.name} has no field {field!r} naming a player", at,
                         (f"{close} " if close else "") +
                         f"declare it in the kind ('{field}: player = none;') and set it when the item is laid "
                         f"('set c.{field} = you;')")
                return
            if f.type != "player" or f.computed or f.index is not None:
                self.err("E628", f"'{words} {field}': field {field!r} of {k.name} is "
                         f"{'worked out' if f.computed else article(f.type)}, not a player: it cannot say who sees "
                         f"an item", at, f"declare it '{field}: player = none;'")
                return
        if any(f.shown for f in fields):
            self.err("W606", f"field {field!r} is declared 'shown', and '{words} {field}' shows it already: every "
                     f"player sees whose item it names", at, "leave out 'shown'")
        if not any(f.default is not None and type(f.default) is not A.Nothing for f in fields) and not self.face_field_set(field, set(d.kinds)):
            never = "nobody ever sees an item's face" if words == "seen by" else "every player sees every item"
            instead = "secret" if words == "seen by" else "public"
            self.err("W605", f"nothing gives {field!r} a value (no default, no card's, no 'set c.{field} = ...;'): "
                     f"{never} of zone {d.name!r}", at,
                     f"write '{instead}', or set the field when an item is laid ('set c.{field} = you;')")

    def face_field_set(self, field: str, kinds: set) -> bool:
        """Whether a card of those kinds gives `field` a value, or some statement sets it (`set c.FIELD = ...;`)."""
        return any(type(n) is A.SetAttr and n.name == field or
                   type(n) is A.Entity and n.kind in kinds and any(v.name == field for v in n.values)
                   for n in self.pack_nodes)

    def zone_show(self, d: A.Zone) -> None:
        """`zone market of train show 5 from deck [redeal to discard when COND];`, a display that keeps
        itself filled (Game.keep_shown); `zone row[level] of card show 4 from deck[level];` one per level, each
        filled from the deck of its level (or all from one plain zone). E490: the display is per_player
        (each player's would be topped up after every statement, for every player), shows fewer than 1, or
        no `fill NAME;` lays it out; E491: the source is the display itself, another display, each
        player's, or of other kinds; E492: likewise the redeal's pile, and its condition a condition;
        E528: a source or pile indexed otherwise than the display (or written otherwise than declared)."""
        at = self.at_decl(d)
        if d.per_player:
            self.err("E490", f"zone {d.name!r} is per_player: a display that keeps itself filled is shared "
                     f"(a row, or one row per index: 'zone row[level] ... show 4 from deck[level]')", at,
                     "declare it shared, or refill each player's zone in a rule")
        elif d.show < 1:
            self.err("E490", f"zone {d.name!r} shows {d.show} items: a display shows at least 1", at)
        elif not any((type(n) is A.Fill and n.kind is None or type(n) is A.Hold) and filled_base(n.zone) == d.name
                     for top in (*self.sym.decls.values(), self.sym.game) if top is not None for n in A.walk(top)):
            self.err("E490", f"zone {d.name!r} shows {d.show} from {d.show_from.id!r}, but no 'fill {d.name};' "
                     f"lays it out: it is filled from then on", at,
                     f"write 'fill {d.name};' in the setup, once {d.show_from.id!r} is ready (filled and shuffled)")

        def plain(name: A.Name, each: Optional[A.Indexes], code: str, what: str) -> bool:
            if not self.expect(name.id, ("zone",), "E209", "zone", name.span):
                return False
            z = self.sym.decls[name.id]
            why = ("the display itself" if z is d else "each player's (per_player)" if z.per_player
                   else f"a display too (it shows {z.show})" if z.show is not None else None)
            if why is None and not set(d.kinds) <= set(z.kinds) and "any" not in (*z.kinds, *d.kinds):
                why = f"a zone of {' or '.join(z.kinds)}, and {d.name!r} holds {' or '.join(d.kinds)}"
            if why is not None:
                self.err(code, f"{what} of zone {d.name!r}, {name.id!r}, is {why}: it must be a shared zone "
                         f"of {' or '.join(d.kinds)}, other than the display", name.span,
                         "name the deck it is laid out from" if code == "E491" else
                         "name the discard pile the display goes to")
                return False
            return self.indexed_alike(d, z, name, each, what)

        fits = plain(d.show_from, d.show_each, "E491", "the source")
        if d.redeal_to is not None:
            if plain(d.redeal_to, d.redeal_each, "E492", "the redeal's pile") and d.redeal_to.id == d.show_from.id:
                self.err("E492", f"the redeal of zone {d.name!r} puts the display back into {d.show_from.id!r}, "
                         f"the source it is laid out from: the same cards would come back", d.redeal_to.span,
                         "name a discard pile (the source may refill from it: 'refills from PILE')")
            scope = Scope()
            for _i, name in redeal_params(d, self.sym):   # an indexed display's element: its index by name
                scope.locals[name] = [d.indexes.span or d.span, True, self.declared(name)]
            kind = self.tested(d.redeal_when, self.expr(d.redeal_when, scope))
            if base_of(kind) not in ("bool", "any"):
                self.err("E492", f"the redeal of zone {d.name!r} happens 'when' a condition holds, true or false, "
                         f"not {article(words(kind))}", d.redeal_when.span,
                         f"for instance 'when count(c in {d.name} where ...) >= 3'")
        if fits:
            self.never_refilled(d)

    def indexed_alike(self, d: A.Zone, z: A.Zone, name: A.Name, each: Optional[A.Indexes], what: str) -> bool:
        """E528: the source (or redeal pile) `z` of display `d`, written `name` with `each` (`deck[level]`),
        is one plain zone (every element of `d` from it) or indexed as `d` is and written so (element i
        from element i); anything else pairs no element with another."""
        def ix(x) -> str:
            return f"[{x.shown()}]" if x is not None else "not indexed"
        written = f"{name.id}[{each.shown()}]" if each is not None else name.id
        if each is not None and (z.indexes is None or each.shown() != z.indexes.shown()):
            self.err("E528", f"{what} of zone {d.name!r} is written {written}, but {name.id!r} is "
                     f"{'indexed ' + ix(z.indexes) if z.indexes is not None else 'not indexed'}", name.span,
                     f"write {name.id}{f'[{z.indexes.shown()}]' if z.indexes is not None else ''}")
            return False
        if z.indexes is None:
            return True
        same = d.indexes is not None and z.indexes.shown() == d.indexes.shown()
        if not same:
            self.err("E528", f"{what} of zone {d.name!r}, {name.id!r}, is indexed {ix(z.indexes)} and {d.name!r} "
                     f"is {'indexed ' + ix(d.indexes) if d.indexes is not None else 'not indexed'}: an indexed "
                     f"{'source fills' if what == 'the source' else 'pile takes'} element i of the display from "
                     f"element i, so both are indexed alike", name.span,
                     f"index {d.name!r} as {name.id!r} is ('zone {d.name}[{z.indexes.shown()}] ...'), or name "
                     f"one plain zone")
        elif each is None:
            verb = "filled from" if what == "the source" else "redealt to"
            self.err("E528", f"{what} of zone {d.name!r}, {name.id!r}, is indexed {ix(z.indexes)}: say that each "
                     f"element of {d.name!r} is {verb} the element of the same index", name.span,
                     f"write {name.id}[{z.indexes.shown()}]")
        return same and each is not None

    def never_refilled(self, d: A.Zone) -> None:
        """W522: a display's source that no statement of the pack puts an item into (a zone starts empty):
        the display is never laid out with anything. Only where every statement that puts items somewhere
        names its zone (one reached through a local or a parameter might be the source)."""
        source = self.sym.decls.get(d.show_from.id)
        if not isinstance(source, A.Zone):
            return
        feeds = {source.name} | ({source.refills} if source.refills else set())
        for top in (*self.sym.decls.values(), self.sym.game):
            for n in A.walk(top) if top is not None else ():
                if "move" not in getattr(type(n), "events", ()) or not isinstance(n, A.Stmt):
                    continue
                if type(n) is A.Fill and n.kind is None:
                    continue   # `fill market;` lays a display out: it puts nothing into another zone
                for dest in destinations(n) or (None,):
                    base = filled_base(dest)
                    if base is None or base in feeds or not isinstance(self.sym.decls.get(base), A.Zone):
                        return   # it puts items into the source, or somewhere this cannot tell
        self.err("W522", f"zone {d.name!r} shows {d.show} from {d.show_from.id!r}, but no rule puts anything into "
                 f"{d.show_from.id!r}: it starts empty, so the display is never filled", d.show_from.span,
                 f"fill {d.show_from.id!r} in the setup ('fill {d.show_from.id}"
                 f"{'[...]' if source.indexes is not None else ''} with {d.kind};')")

    def zone_cap(self, d: A.Zone) -> None:
        """`zone NAME per_player of KIND cap N over PROC;`: a cap as a resource's (a whole number or a
        per-player counter) and its PROC as a resource's `over` (one number: the cards over); E457 on a
        zone that is shared or indexed (a hand limit is each player's own zone's)."""
        if not d.per_player or d.indexes is not None:
            self.err("E457", f"zone {d.name!r} is {'indexed' if d.indexes is not None else 'shared'}: a cap with "
                     f"'over PROC' is a limit on a zone each player has, run for its holder", d.cap.span,
                     f"declare it 'zone {d.name} per_player of {d.kind} cap ... over {d.over.id};'" if d.indexes is None
                     else "cap a plain per_player zone (a hand), or check the size in a rule")
            return
        self.cap(d.cap, "a zone's")
        self.overflow(d, "cards")
        proc = self.sym.decls.get(d.over.id)
        again = next((n for n in A.walk(proc) if isinstance(n, A.Stmt)
                      and d.name in filled_zones(n, {d.name: None}, ())), None) if isinstance(proc, A.Proc) else None
        if again is not None:   # as W487 for a resource: the zone is full, so it goes over again
            self.err("W500", f"proc {d.over.id!r} takes the cards over the cap of {d.name!r} and puts cards into "
                     f"{d.name!r} itself: the zone may be over its cap again, which runs {d.over.id!r} again",
                     again.span, f"move the cards out of {d.name!r} (to a discard pile), or let the player choose "
                     "which to keep")

    def zone_glimpses(self, d: A.Zone) -> None:
        """`top public` and `size owner` after a zone's visibility: E452 for `size owner` on a shared zone
        (no owner); W480 for either where it shows nothing more or hides nothing (everyone sees the
        cards of a public zone, and the others those of one `hidden from owner`)."""
        at = self.at_decl(d)
        if d.size_owner and not d.per_player:
            self.err("E452", f"zone {d.name!r} is shared, so it has no owner to count it: 'size owner' is for a "
                     "per_player zone", at, "leave out 'size owner' (everyone sees the size), or make it per_player")
        if d.top_public and d.visibility == "public":
            self.diags.append(Diagnostic("W480", f"zone {d.name!r} is public: everyone sees every card of it, the "
                                         "top one too; 'top public' adds nothing", at,
                                         f"'zone {d.name} ... secret top public;' shows the top card alone"))
        if d.size_owner and d.per_player and d.visibility in ("public", A.HIDDEN_FROM_OWNER):
            self.diags.append(Diagnostic("W480", f"the other players see the cards of zone {d.name!r}, so they "
                                         "count them: 'size owner' hides nothing", at,
                                         f"'zone {d.name} ... secret size owner;' shows the size to its owner alone"))

    def refill_source(self, d: A.Zone) -> None:
        """`zone deck ... refills from discards;`: the refilling zone is another plain zone of the same
        kind, the deck holder's own or a shared one (a shared deck has no player whose zone to take)."""
        at = self.at_name(d.refills, d.span)
        if not self.expect(d.refills, ("zone",), "E209", "zone", at):
            return
        src = self.sym.decls[d.refills]
        if src is d:
            self.err("E314", f"zone {d.name!r} refills from itself: name the discard pile it is shuffled from",
                     at)
        elif d.indexes is not None or src.indexes is not None:
            self.err("E314", f"zone {(d if d.indexes is not None else src).name!r} is indexed: a refilled deck "
                     f"and the zone it refills from are plain zones", at)
        elif not set(src.kinds) <= set(d.kinds) and "any" not in (*src.kinds, *d.kinds):
            self.err("E314", f"zone {d.name!r} holds {' or '.join(d.kinds)} but refills from {src.name!r}, which "
                     f"holds {' or '.join(src.kinds)}", at, hint=f"refill it from a zone 'of {' or '.join(d.kinds)}'")
        elif src.per_player and not d.per_player:
            self.err("E314", f"the shared zone {d.name!r} cannot refill from {src.name!r}: that is each "
                     f"player's, so no one's is the one to shuffle in", at,
                     hint=f"make {d.name!r} per_player, or {src.name!r} shared")
        else:
            if d.refill_limit == 0:
                self.diags.append(Diagnostic(
                    "W561", f"zone {d.name!r} refills from {src.name!r} 0 times: it never refills, and runs out as "
                    f"a zone that does not refill", at, f"drop 'refills from {src.name} 0 times', or refill it at "
                    f"least once"))
            read = self.end_card_read(src.name)
            if read is not None:
                # the card play follows (Uno's, Crazy Eights') is shuffled in with the rest; a pile whose top
                # card only shows (Dominion's discards) is taken whole, as its rules say
                self.diags.append(Diagnostic(
                    "W548", f"zone {d.name!r} refills from {src.name!r}, whose {read} card the rules read "
                    f"({read}({src.name})): every card of it is shuffled in, that one too", at,
                    f"keep the card in play in a zone of its own (a 'zone pile' holding it alone, each card it "
                    f"covers moved to {src.name!r}), so the deck refills from the cards under it"))

    def end_card_read(self, zone: str) -> Optional[str]:
        """'first' or 'last' when some rule reads that end card of the zone (`first(discard)`, `last(p.discard)`,
        `discard[1]`) as the card in play, else None."""
        roots = list(self.sym.decls.values()) + [amend for amend, _ in self.sym.amended]
        for root in roots:
            for n in A.walk(root):
                t = type(n)
                held = n.args[0] if t is A.Call and n.func in ("first", "last") and len(n.args) == 1 else \
                    n.obj if t is A.Index and type(n.index) is A.Int and n.index.value == 1 else None
                if (type(held) is A.Name and held.id == zone) or (type(held) is A.Attr and held.name == zone):
                    return "last" if t is A.Call and n.func == "last" else "first"
        return None

    def visit_Die(self, d: A.Die) -> None:
        if d.type is not None:
            self.type_ref(d.type, d.span)
            if self.die_record(d):
                return
        for i, face in enumerate(d.faces, start=1):
            if face.value is None and d.type is not None:
                self.err("E304", f"face {i} of {d.name!r} shows no value: a die declared '{d.name}: {d.type}' "
                         f"gives each face one ('face \"...\" = VALUE;')", face.span)
            elif face.value is not None and d.type is None:
                self.err("E303", f"face {i} of {d.name!r} shows a value, but the die has no type: declare "
                         f"it 'die {d.name}: TYPE' so the value can be kept ('let x = roll {d.name};')", face.span)
            elif face.value is not None:
                self.typed_value(d.type, face.value, Scope(), f"each face of {d.name!r} shows")
            self.block(face.body, Scope())

    def never_called(self, d) -> None:
        """E389: a proc or func named after a contextual word that is its keyword before '('
        (`affordable`, dsl/lexer.py BEFORE_PAREN): every `affordable(...)` is the builtin; E412: one
        named after a builtin function (`min`, `reverse`, resolve.BUILTIN_FUNCS)."""
        from rulebook.dsl.lexer import BEFORE_PAREN, CONTEXTUAL

        if d.name in BEFORE_PAREN:
            self.err("E389", f"a {'proc' if isinstance(d, A.Proc) else 'func'} named {d.name!r} could never be called: "
                     f"'{CONTEXTUAL[d.name]}' is the builtin wherever a '(' follows the word",
                     self.at_name(d.name, d.span), "give it another name ('can_afford', say)")
        elif d.name in BUILTIN_FUNCS and d.name.isidentifier():
            # `func reverse(l)`: every `reverse(...)` in an expression is the builtin, and a proc's statement
            # call would run the pack's: one name, two meanings (E412)
            self.err("E412", f"a {'proc' if isinstance(d, A.Proc) else 'func'} named {d.name!r} takes the name of the "
                     f"builtin function {d.name}(): the builtin is what {d.name}(...) calls",
                     self.at_name(d.name, d.span), f"give it another name ('my_{d.name}', say)")

    def visit_Proc(self, d: A.Proc) -> None:
        self.never_called(d)
        if d.once_per is not None:
            self.once_per(d)
        scope = self.params(d.params)
        self.reads_expected(scope)
        scope.proc = d
        if d.returns is not None:
            self.type_ref(d.returns, d.span)
            scope.gives = d
        befores = {id(item.body) for item, _ in self.sym.extended if item.when == "before"}
        reads, self.player_reads = self.player_reads, []
        for part in self.parts(d.name, d.body):
            self.before_params = scope if id(part) in befores else None
            self.block(part, scope)
        self.before_params = None
        self.params_unread(d, scope)
        self.zone_items_untyped(d)
        self.each_rebinds(self.player_reads)
        self.player_reads = reads

    def once_per(self, d: A.Proc) -> None:
        """`proc NAME(...) once per P, ...` (section 3.12a): E458 for a name that is no parameter of the proc (or is
        named twice), E459 on a proc that gives a value (a call skipped has none), W501 on a proc that never
        calls itself, directly or through other procs and funcs: no call could be nested in another, so
        none is ever skipped."""
        params = [p.name for p in d.params]
        seen = set()
        for name in d.once_per:
            if name not in params or name in seen:
                self.err("E458", f"'once per {name}': {name!r} is " + ("named twice" if name in seen else
                         f"no parameter of proc {d.name!r}"), self.after_per(name, d.span),
                         "name it once" if name in seen else
                         f"name one of its parameters ({', '.join(params)})" if params else
                         "a chain visits the values of a parameter: give the proc one ('proc outbreak(c: city) once per c')")
            seen.add(name)
        if d.returns is not None:
            self.err("E459", f"proc {d.name!r} gives a value ({d.returns}) but is 'once per {', '.join(d.once_per)}': "
                     "a call skipped, its value already visited, would give none", d.span,
                     "drop the result type and keep what the chain finds in a variable, or drop 'once per'")
        if d.name not in recursive(self.sym):
            self.diags.append(Diagnostic(
                "W501", f"proc {d.name!r} is 'once per {', '.join(d.once_per)}' but never calls itself, directly or "
                "through other procs: every call is an outermost one, so none is ever skipped", d.span,
                f"call {d.name}(...) from its body (or from a proc it calls) for the chain, or drop 'once per'"))

    def each_rebinds(self, reads: list) -> None:
        """W448: a proc that reads a bare per-player name as its acting player's in a statement around an
        `each P` (P another player or players: a `pick`'s domain, an `if`'s condition...) and again inside
        that `each`, where the bare name is P's: the Vagabond's strike, `pick d from enemies_at(pawn) { each
        d { lose 1 warriors[pawn]; } }`, reads d's pawn, not the striker's. A read in a statement beside the
        `each` is not warned of (each side of a battle playing from its own hand, one after the other), nor a
        name a `let` keeps whole (`let here = pawn;`, the fix). Once per name, at its first read inside."""
        warned = set()
        for name, span, each, _path in reads:
            if each is None or name in warned:
                continue
            s, around, one = each
            before = next((r_span for r_name, r_span, r_each, r_path in reads if r_name == name and r_each is None
                           and r_path and r_path[-1] in around), None)
            if before is None:
                continue
            warned.add(name)
            who = printed(s.domain)
            whose = f"{who}'s" if one else "each one's own"
            theirs = f"'{who}.{name}'"
            self.diags.append(Diagnostic(
                "W448", f"inside 'each {who}', {name!r} is {whose}, though the statement around it reads {name!r} "
                f"as the acting player's ({before.line}:{before.column})", span,
                f"for the acting player's, keep it before the 'each' ('let my_{name} = {name};'; inside, 'you' "
                f"is {'each of them' if not one else who} too)" + (f"; for {who}'s, say so: {theirs}" if one else "")))

    def parts(self, key, body: tuple) -> list:
        """A proc's or phase's body as its declaration and each `before`/`after` wrote it: each part
        sees the parameters, not another part's locals (section 1, before/after)."""
        parts = self.sym.parts.get(key)
        return parts if parts is not None and same_statements(parts, body) else [body]

    def visit_Return(self, s: A.Return, scope: Scope) -> None:
        if s.value is None:   # `return;`
            if scope.proc is None:
                self.err("E303", "'return;' ends a proc; here there is none to end (a card's effect, a trigger "
                         "or a phase runs to its end: put what should not run in an 'if')", s.span)
            elif scope.gives is not None:
                self.err("E303", f"{self.called(scope.gives.name)} gives {article(words(self.declared(scope.gives.returns)))}: "
                         "'return;' gives nothing", s.span, "write 'return VALUE;' ('return none;' if none is meant)")
            return
        if scope.gives is None:
            self.given(s.value, scope)
            self.err("E303", "'return' gives a value only in the body of a proc declared with a result type "
                     "('proc NAME(...): TYPE { ... }'); a trigger's body gives none", s.span)
            return
        what = f"{self.called(scope.gives.name)} gives"
        if proc_result_call(s.value, self.sym) is None:
            self.result(scope.gives.returns, s.value, scope, what)
            return
        # `return claim(h);`: the typed proc runs, and what it gives is given on
        actual, expected = self.given(s.value, scope), self.declared(scope.gives.returns)
        if not fits(actual, expected):
            self.err("E303", f"{what} {article(words(expected))}, not {article(words(actual))}", s.value.span)

    def called(self, name: str) -> str:
        """A func or proc as a message names it: `score()`; a declaration the resolver made under a
        hidden name as the rules write it: `the base version of destroy_cost` (what an override's
        `base(...)` calls), `Bishop's version of protected` (a card's override), `destroy_cost()` (the
        rule the packs give, below the cards' versions)."""
        base, _, rest = name.partition(".")
        if not rest or name in self.sym.held_base.values() or rest.startswith("below."):
            return f"{base}()"   # the rule as the packs write it, below the cards' versions
        if all(part == "base" for part in rest.split(".")):
            return f"the base version of {base}"
        card = self.sym.decls.get(rest.split(".")[0])
        if isinstance(card, A.Entity):
            return f"{card.title or card.name}'s version of {base}"
        return f"{name}()"

    def visit_Func(self, d: A.Func) -> None:
        reads, self.player_reads = self.player_reads, None   # (a func checked while a proc is: not the proc's reads)
        try:
            self.func_decl(d)
        finally:
            self.player_reads = reads

    def func_decl(self, d: A.Func) -> None:
        self.never_called(d)
        self.table_as_match(d)
        if d.shown is not None:
            self.shown_func(d)
        scope = self.params(d.params)
        self.reads_expected(scope)
        value = d.value
        if type(value) is A.LetIn:   # `let a = X; ... VALUE`: the lets, then the value with them in scope
            scope = self.func_lets(value, scope)
            value = value.value
        if d.returns is None:
            self.expr(value, scope)
        else:
            self.type_ref(d.returns, d.span)
            self.result(d.returns, value, scope, DECLARED + self.called(d.name))
        if type(d.value) is A.LetIn:
            self.unused_lets(d.value, scope)
        self.params_unread(d, scope)
        self.zone_items_untyped(d)

    def table_as_match(self, d: A.Func) -> None:
        """W644: `func NAME(n: int): R = match n { 1: CONSTANT, 2: ..., ... };` a printed table written as a match: three
        numbers or more, one after another, each a constant, and no `else` (one would answer numbers a table has no
        value at). The hint writes the table. (A match over an enum's members is left alone: the enum's fields hold
        its members' data.) W658: one whose `else` is the value of every number past the last case (`match
        player_count { 2: 10, 3: 9, else: 8 }`, a func of none or of the number matched) is a table open at the top,
        where the lowest case is the least number matched (the players' least, an option's, a counter's floor, 0 for
        a parameter): below it the else would answer too, which an open table does not."""
        match = d.value
        if type(match) is not A.Match or len(match.cases) < (3 if match.otherwise is None else 2):
            return
        subject = match.subject
        if len(d.params) == 1 and type(subject) is A.Name and subject.id == d.params[0].name:
            if d.params[0].type != "int":
                return
            index, floor, read = subject.id, 0, f"{d.name}[...] where it is called"
        elif not d.params and match.otherwise is not None:
            index, floor = self.least_matched(subject)
            read = f"{d.name}[{printed(subject)}] for {d.name}()"
        else:
            return
        results = [case.result for case in match.cases] + ([match.otherwise] if match.otherwise is not None else [])
        result_type = d.returns or next((t for t in TABLE_TYPES if table_value(results[0], t, self.sym)
                                         is not NotImplemented), None)
        if result_type is None or any(table_value(r, result_type, self.sym) is NotImplemented for r in results):
            return
        values = {}
        for case in match.cases:
            for v in case.values:
                if type(v) is not A.Int or v.value in values:
                    return
                values[v.value] = case.result
        keys = list(range(min(values), max(values) + 1))
        if set(keys) != set(values):
            return
        row = [printed(values[k]) for k in keys]
        if match.otherwise is None:
            self.diags.append(Diagnostic(
                "W644", f"func {d.name!r} is a printed table, one constant for each number {index} from "
                        f"{keys[0]} to {keys[-1]}, written as a match", self.at_name(d.name, d.span),
                f"write 'table {d.name}[{index}: {keys[0]}..{keys[-1]}]: {result_type} = [{', '.join(row)}];' and "
                f"read it as {read}"))
            return
        if floor is None or keys[0] > floor:
            return   # the else answers numbers below the cases too: no open table says that
        top = printed(match.otherwise)
        self.diags.append(Diagnostic(
            "W658", f"func {d.name!r} is a printed table open at the top, one constant for each number "
                    f"{printed(subject)} from {keys[0]}, its else ({top}) the value past {keys[-1]}, written as a match",
            self.at_name(d.name, d.span),
            f"write 'table {d.name}[{index}: {keys[0]}..]: {result_type} = [{', '.join(row + ([top] if top != row[-1] else []))}];' "
            f"and read it as {read}"))

    def least_matched(self, subject: A.Expr) -> tuple:
        """The index's name and the least number a match of a func of no parameters may be given (W658): the
        players' least for `player_count` or `size(players)`, an option's least, a counter's floor (0 for a
        player's counter without bounds); None for the least when it is not known."""
        g = self.sym.game
        if type(subject) is A.Name and subject.id == "player_count" or type(subject) is A.Call and \
                subject.func == "size" and subject.args == (A.Name("players"),):
            return "n", (g.min_players if g is not None else None)
        counter = self.sym.decls.get(subject.obj.id if type(subject) is A.Index and type(subject.obj) is A.Name else
                                     subject.id if type(subject) is A.Name else None)
        if isinstance(counter, A.Setting):
            return counter.name, counter.low
        if isinstance(counter, A.Counter):
            low = constant(counter.low) if counter.low is not None else None if counter.is_global or counter.signed else 0
            return counter.name, (low if type(low) is int else None)
        return "n", None

    @staticmethod
    def reads_expected(scope: Scope) -> None:
        """A proc's or func's parameters start unread, for W588 at the end of its body."""
        for entry in scope.locals.values():
            entry[1] = False

    def params_unread(self, d, scope: Scope) -> None:
        """W588: a parameter the body never reads. `proc give_two(p: player) { gain 2 coin; }` gives the coins
        to `you`, not to p: the call linted clean and played wrong. Not warned: a name starting with '_'
        (unread on purpose: a hook whose parameters are for the packs that override it), a version that
        overrides another (its parameters are the base's), a name the proc's `once per` keys on, a proc whose
        body is empty (it acts on nobody: a stub or a hook)."""
        if self.signature_fixed is None:
            self.signature_fixed = {new.name for new, _old in self.sym.overrides} | {
                version for versions in self.sym.held.values() for _card, _h, version in versions}
        if d.name in self.signature_fixed or (isinstance(d, A.Proc) and not d.body) or self.shortfall_proc(d.name):
            return
        keyed = set(getattr(d, "once_per", None) or ())
        kind = "proc" if isinstance(d, A.Proc) else "func"
        for p in d.params:
            entry = scope.locals.get(p.name)
            if entry is None or entry[1] or p.name.startswith("_") or p.name in keyed:
                continue
            self.diags.append(Diagnostic(
                "W588", f"parameter {p.name!r} of {kind} {d.name.split('.')[0]!r} is never read: the body acts "
                        "as if it were not given", self.at_name(p.name, p.span),
                hint=f"read it where the body means it, or name it '_{p.name}' if it is unused on purpose (a hook: "
                     "its callers, or the packs that override it, pass it)"))

    def zone_items_untyped(self, d) -> None:
        """W651: a `zone` parameter whose items' fields the body reads (`total(c in z, c.value)`): the items' kind is
        not known, so a misspelt field is found in play only; `z: zone of KIND` has them checked as a zone named
        directly. The hint names the kinds that hold every field read. At the parameter."""
        body = (d.value,) if isinstance(d, A.Func) else tuple(getattr(d, "body", ()))
        for p in d.params:
            if p.type != "zone":
                continue
            read = {}   # field name -> first read, of an item bound over the parameter
            for root in body:
                for n in A.walk(root):
                    if isinstance(getattr(n, "var", None), str) and type(getattr(n, "domain", None)) is A.Name \
                            and n.domain.id == p.name:
                        for m in A.walk(n):
                            if type(m) is A.Attr and type(m.obj) is A.Name and m.obj.id == n.var \
                                    and m.name not in ELEMENT_ATTRS:
                                read.setdefault(m.name, m)
            held = {f.name for k in self.sym.of("kind") for f in self.sym.decls[k].fields}
            read = {name: at for name, at in read.items() if name in held}   # (a name no kind declares: E565)
            if not read:
                continue
            kinds = [k for k in self.sym.of("kind")
                     if set(read) <= {f.name for f in self.sym.decls[k].fields}]
            first = next(iter(read.values()))
            self.diags.append(Diagnostic(
                "W651", f"parameter {p.name!r} is a zone of any kind, and the body reads its items' "
                        f"{', '.join(repr(f) for f in read)} ({printed(first)} at line {first.span.line}): "
                        "a field no card of the zones given holds is found in play only", self.at_name(p.name, p.span),
                hint=f"say what it holds: '{p.name}: zone of {' or '.join(kinds) if kinds else 'KIND'}', and its items' "
                     "fields are checked, as a zone's named directly"))

    def shown_func(self, d: A.Func) -> None:
        """E534: a func declared `shown "Title"` is worked out for each player's screen and view, so it
        is a top-level func of no parameters (nothing to give them), whose value nothing hidden from
        some player goes into (a `hidden` or `secret` zone's contents, a variable declared `hidden`:
        compiler/hidden.py's analysis, as the hot seat's masks use)."""
        at = self.at_name(d.name, d.span)
        if self.sym.decls.get(d.name) is not d or d.name in self.sym.role_of:
            whose = f"a func of role {self.sym.role_of[d.name]!r}, worked out for its holders only" \
                if d.name in self.sym.role_of else "not a func of the game itself"
            self.err("E534", f"{d.name!r} is {whose}, so not every player's screen can show it", at,
                     "declare the shown func at the top level of the rules")
            return
        if d.params:
            self.err("E534", f"{d.name!r} takes parameters, so no screen can show it: it is worked out for each "
                     "player with nothing to give them", at,
                     f"drop 'shown', or declare a func of no parameters that calls it: 'func "
                     f"{d.name}_shown(): ... shown {quote(d.shown)} = {d.name}(...);'")
            return
        if self._hidden_funcs is None:
            from .hidden import hidden_funcs
            self._hidden_funcs = hidden_funcs(self.sym)
        if d.name in self._hidden_funcs:
            self.err("E534", f"{d.name!r} may be worked out from what some player may not see (a hidden or secret "
                     "zone's cards, or a variable declared 'hidden'), so it cannot be shown on every screen", at,
                     "show only what every player may see: counts of a hidden zone ('size(hand)') are public, "
                     "its cards are not")

    def func_lets(self, e: A.LetIn, scope: Scope) -> Scope:
        """A func's lets, each in turn (typed or not, as a proc's `let`), in a scope of their own over the
        parameters; W459 for a let named as a parameter or an earlier let (the name is then the new value
        for the rest of the func, and the other cannot be read); E396 for a let running a proc."""
        inner = scope.child()
        for s in e.lets:
            if s.name in inner.locals:
                first = inner.locals[s.name][0]
                was = "parameter" if first in self.param_spans else "let"
                self.diags.append(Diagnostic(
                    "W459", f"{s.name!r} is already a {was} of this func (line {first.line}): from here on, "
                    f"{s.name!r} is this value, and the {was} cannot be read", self.at_name(s.name, s.span),
                    "give the let a name of its own"))
            if proc_result_call(s.value, self.sym) is not None:
                self.err("E396", f"{s.value.func!r} is a proc, which may decide or change the game: a func's let "
                         f"cannot run it ({FUNC_WHY})", s.value.span, "call the proc from a proc: 'let x = "
                         f"{s.value.func}(...);' in its body")
                self.let(s.name, s.span, "any", inner)
                continue
            self.visit_Let(s, inner)
        return inner

    def unused_lets(self, e: A.LetIn, scope: Scope) -> None:
        """W405 for a func's let that neither a later let nor the value reads."""
        for s in e.lets:
            entry = scope.locals.get(s.name)
            if entry is not None and entry[0] is s.span and not entry[1]:
                self.diags.append(Diagnostic("W405", f"{s.name!r} is set but never used", s.span))

    def visit_LetIn(self, e: A.LetIn, scope: Scope) -> str:
        inner = self.func_lets(e, scope)
        kind = self.expr(e.value, inner)
        self.unused_lets(e, inner)
        return kind

    def result(self, type_name: str, value, scope: Scope, what: str) -> None:
        """A typed func's value: each value it may give (the cases of a `match`, both sides of an
        `if ... then ... else`) is checked against the declared type."""
        if isinstance(value, A.Match):
            self.match_arms(value, scope, lambda case, inner: self.result(type_name, case.result, inner, what),
                            lambda: self.result(type_name, value.otherwise, scope, what))
        elif isinstance(value, A.Cond):
            self.condition(value.cond, scope)   # each side where the condition holds, or fails (as visit_Cond)
            self.result(type_name, value.then, self.narrowed(value.cond, scope), what)
            self.result(type_name, value.otherwise, self.narrowed(value.cond, scope, holds=False), what)
        else:
            self.typed_value(type_name, value, scope, what)

    @cached_property
    def kernels(self) -> dict:
        """The runtime's kernels by name, loaded when a pack declares one (a lint of most files never does)."""
        from rulebook.runtime.kernels import KERNELS

        return KERNELS

    def visit_Extern(self, d: A.Extern) -> None:
        kernel = self.kernels.get(d.name)
        if kernel is None:
            self.unknown("E211", "kernel", d.name, d.span, list(self.kernels))
            return
        if kernel.arity != len(d.params):
            self.err("E302", f"kernel {d.name!r} takes {arguments(kernel.arity)}, not {len(d.params)}", self.at_decl(d))
        if d.returns is not None:
            self.type_ref(d.returns, d.span)
        if kernel.gives != d.returns:
            gives = f"gives {article(words(self.declared(kernel.gives)))}: declare 'extern {d.name}(...): {kernel.gives};'" \
                if kernel.gives else f"is a statement that gives no value: declare 'extern {d.name}(...);'"
            self.err("E303", f"kernel {d.name!r} {gives}", self.at_decl(d))
        self.params(d.params, "a kernel is given every argument")

    def seat_roles_counted(self, d: A.Game) -> None:
        """`seats A to B roles ...`: dealt in seat order or `shuffled`, the first B roles are the most ever dealt
        (W657 on those past them); `shuffled` deals the first as many as seats, so it needs B roles (E676).
        `at random` deals any of them: a longer list is its point (Pandemic's roles)."""
        roles = d.roles
        if d.roles_dealt == "shuffled" and len(roles) < d.max_players:
            self.err("E676", f"'shuffled' deals the first as many roles as seats, and {len(roles)} "
                     f"{'role is' if len(roles) == 1 else 'roles are'} listed for up to {d.max_players} seats",
                     roles[-1].span, f"list {d.max_players - len(roles)} more (a role for each seat the game may have, "
                     "in the order a larger table adds them), or seat fewer players")
        elif d.roles_dealt != "at random" and len(roles) > d.max_players:
            extra = roles[d.max_players:]
            self.err("W657", f"{len(roles)} roles for at most {d.max_players} seats: "
                     f"{', '.join(r.id for r in extra)} {'is' if len(extra) == 1 else 'are'} never dealt",
                     extra[0].span, "write 'at random' after the last role to deal any of them (Pandemic's roles), or "
                     "drop the extra ones")

    def visit_Game(self, d: A.Game) -> None:
        if not 1 <= d.min_players <= d.max_players <= 12:
            where = self.seats_line(d)
            if where is d.span and d.min_players == d.max_players == 0:   # no `seats` line was parsed
                self.err("E307", "the game needs a 'seats A to B;' line (between 1 and 12 players)", self.at_decl(d))
            else:
                self.err("E307", f"seats must be between 1 and 12, lowest first (found {d.min_players} to "
                         f"{d.max_players})", where)
        seen: dict = {}
        for r in d.roles or ():   # `seats A to B roles R1, R2, ...`: the role of each seat, in order
            if self.role_named(r.id, r.span) and r.id in seen and not self.sym.roles[r.id].shared:
                self.err("E427", f"role {r.id!r} is held by two seats: a role is one player's", r.span,
                         f"seat {list(seen).index(r.id) + 1} holds it already; a side several players hold (Scotland "
                         f"Yard's detectives, The Resistance's spies) is a role written 'role {r.id} shared {{ ... }}'")
            seen.setdefault(r.id, r)
        if d.roles:
            self.seat_roles_counted(d)
        if d.seat_names:
            self.seat_names(d)
        if d.teams:
            self.seat_teams(d)
        for p in d.named_phases():   # `before NAME`, `after NAME` and `amend NAME` find a declaration first
            taken = self.sym.decls.get(p.name)
            if taken is not None:
                self.err("E623", f"phase {p.name!r} is named like the {CATEGORY[type(taken)]} declared at {taken.span}: "
                         f"'after {p.name}' would not tell them apart", p.span,
                         f"rename the phase ('{p.name}_phase') or the {CATEGORY[type(taken)]}")
        for phase, body in d.phase_bodies():
            self.in_phase = phase   # for E325: a statement written in a phase runs only in that phase
            if phase not in PHASES:   # a named phase runs as a loop of one round labelled with its name
                self.open_labels[phase] = d.span
            try:
                for part in self.parts(("phase", phase), body):
                    self.block(part, Scope())
            finally:
                self.in_phase = None
                self.open_labels.pop(phase, None)
            if d.max_players > 1:   # (alone at the table, the first player's is everyone's)
                self.first_player_in_phase(body, phase)
        if d.winner is None and not any(type(n) is A.EndGame and n.named for n in self.pack_nodes):
            # no line, and no `end game won by` (or `drawn`): nothing ever names an outcome (with one, E641 asks whether
            # every ending is sudden)
            self.err("E304", "the game needs a 'winner most ...;' (or 'winner fewest ...;', or 'winner together "
                     "if ...;') line", self.at_decl(d),
                     "or end the game with 'end game won by PLAYER;' (or 'lost by', or 'drawn') wherever it ends (4.24b)")
        elif d.winner is not None:
            self.winner(d.winner)

    def seat_teams(self, d: A.Game) -> None:
        """`seats A to B teams ...;`: E574 when no seat count of the range makes whole teams (a team left empty,
        or teams of N that no count divides); W556 when some counts leave a team of N short."""
        number, by_size, seating = d.teams
        counts = range(max(d.min_players, 1), max(d.max_players, d.min_players, 1) + 1)
        written = f"teams {'of ' if by_size else ''}{number} {seating}"
        if not by_size and d.min_players < number:
            self.err("E574", f"'{written}' at {d.min_players} seats leaves a team with no player: a game of "
                     f"{number} teams has at least {number} seats", self.at_decl(d),
                     f"write '{seats_text(max(number, d.min_players), max(number, d.max_players))}', or fewer teams")
        elif by_size and not any(n % number == 0 for n in counts):
            self.err("E574", f"'{written}': no seat count from {d.min_players} to {d.max_players} makes teams of "
                     f"{number}", self.at_decl(d), "write a seat range that holds a multiple of the team's size, "
                     "or 'teams N alternating' for a number of teams of any size")
        elif by_size and any(n % number for n in counts):
            short = [n for n in counts if n % number]
            self.diags.append(Diagnostic(
                "W556", f"'{written}' at {', '.join(map(str, short))} seats leaves the last team short "
                f"(of {short[0] % number})", self.at_decl(d),
                f"narrow the seats to multiples of {number}, or write 'teams {-(-d.max_players // number)} "
                f"{seating}' for teams that differ by a player"))

    def team_word(self, word: str, span: A.Span) -> None:
        """E575: `team(p)`, `teammates` or `team_count` in a game whose seats line declares no teams; W557:
        `teammate` in one whose teams are not of two (it is then none)."""
        game = self.sym.game
        if game is None or word not in TEAM_WORDS + ("teammate",):
            return
        if word == "teammate":
            if game.teams and game.teams[:2] != (2, True):
                self.diags.append(Diagnostic(
                    "W557", f"'teammate' in a game of '{seat_teams_text(game.teams).strip()}': it is the one other "
                    "member of a team of two, none in a bigger team", span,
                    "write 'teammates' (the other members, a list: 'each teammates { ... }')"))
        elif not game.teams:
            shown = f"{word}()" if word in BUILTIN_FUNCS else word
            self.err("E575", f"'{shown}' in a game with no teams: its seats line declares none", span,
                     "declare them on the seats line: 'seats 4 to 8 teams 2 alternating;', 'teams of 2 "
                     "alternating' (partners opposite) or 'teams of 2 adjacent'")

    def seat_names(self, d: A.Game) -> None:
        """`seats A to B named "N1", ...;`: one name for each of the B seats (E519), each one telling its seat
        apart in every message, score and log: not empty, not twice, no braces, no actor's name, no other
        seat's default name (E520)."""
        names = d.seat_names
        if len(names) != d.max_players and 1 <= d.min_players <= d.max_players <= 12:
            few = len(names) < d.max_players
            first, last = names[0].span, names[-1].span
            where = A.Span(first.file, first.line, first.column, last.end_line, last.end_column) if few \
                else names[d.max_players].span
            count = f"{d.max_players} {'player' if d.max_players == 1 else 'players'}" \
                if d.min_players == d.max_players else f"{d.min_players} to {d.max_players} players"
            self.err("E519", f"{len(names)} seat {'name' if len(names) == 1 else 'names'} for a game of {count}",
                     where, f"give one name for each seat the game may have ({d.max_players}), in seat order" +
                     (f": seat {len(names) + 1} has none" if few else
                      f": the names after the {d.max_players} first name no seat"))
        seen: dict = {}
        for i, n in enumerate(names):
            text = n.value
            why = "is empty" if not text.strip() else \
                f"is given twice (seat {seen[text] + 1} has it)" if text in seen else \
                "holds '{' or '}'" if "{" in text or "}" in text else \
                f"is the name of actor {text!r}" if self.sym.category(text) == "actor" else \
                f"is seat {text[1:]}'s name when the seats are not named" if \
                text[:1] == "P" and text[1:].isdigit() and text[1:] != str(i + 1) else None
            if why is not None:
                self.err("E520", f"seat name {quote(text)} {why}: a seat's name tells it apart in every "
                         "message, score and log", n.span, "give each seat a name of its own")
            seen.setdefault(text, i)

    def winner(self, w: A.Winner) -> None:
        """The winner line: numeric keys, a condition (`if COND`, `together if COND`) that is true or
        false, and a cooperative game's score (`together ... score EXPR`), a number."""
        if w.cond is not None:
            kind = self.tested(w.cond, self.expr(w.cond, Scope()))
            if base_of(kind) not in ("bool", "any"):   # not even a player tested for none: nobody would know
                self.err("E303", f"whether anybody wins is a condition, true or false, not {article(words(kind))}",
                         w.cond.span, f"compare it: {printed(w.cond)} > 0" if base_of(kind) == "int" else None)
            self.first_players(w.cond, "the winner line's condition")
        if w.score is not None:   # a cooperative game's score: the team's, one number
            kind = self.expr(w.score, Scope())
            if not fits(kind, "int") and not self.whole_wanted(w.score, kind, "the team's score"):
                self.err("E303", f"the team's score is a number, not {article(words(kind))}", w.score.span,
                         f"count them: size({printed(w.score)})" if base_of(kind) in ("zone", "list") else None)
            self.first_players(w.score, "the team's score")
        if w.by_team and self.sym.game is not None and not self.sym.game.teams:
            self.err("E575", "'winner ... by team' in a game with no teams: its seats line declares none", w.span,
                     "declare them on the seats line: 'seats 4 teams of 2 alternating;', or drop 'by team'")
        elif w.by_team:
            self.team_keys(w)
        if not w.together:
            for key in (w.key,) + w.tiebreaks:
                negated = _negated(key)
                if negated is not None:   # `most -penalty`: the score table would show negative scores
                    self.diags.append(Diagnostic("W410", "a winner key written as a negation: the lowest value "
                                                 f"wins with 'fewest {printed(negated)}', which shows the value as it is",
                                                 key.span))
                kind = self.expr(key, Scope())
                if not is_number(kind):   # found by bench/fuzz.py: `then deck` compared zones
                    self.err("E303", f"the winner is decided by numbers, not by {article(words(kind))}", key.span,
                             f"count them: size({printed(key)})" if base_of(kind) in ("zone", "list")
                             else None)

    def team_keys(self, w: A.Winner) -> None:
        """W568: a key of `winner ... by team` that reads the player's team (`score[team()]`, `teammates`,
        through the funcs it calls too) is the team's value, which every member reads alike: summed over the
        members it counts a team of three three times, one of two twice; and a key of `by team once` that
        reads no team is the first member's own value alone."""
        for key in (w.key,) + w.tiebreaks:
            reads = self.team_reader(key)
            if w.by_team == "once" and reads is None:
                self.diags.append(Diagnostic(
                    "W568", f"'by team once' ranks each team by its first member's '{printed(key)}', which reads "
                    "no team: the other members' own values are left out", key.span,
                    "to add up the members' values, drop 'once'; for the team's own value, read it by the team: "
                    "score[team()]"))
            elif w.by_team is True and reads is not None:
                self.diags.append(Diagnostic(
                    "W568", f"'{printed(key)}' reads the player's team ('{reads}'): each member reads the team's "
                    "value, and 'by team' adds up the members' keys, so a team counts it once per member (teams "
                    "of unequal size are ranked wrong)", key.span,
                    "for a value the team keeps as one, write 'by team once'; to add up the members' own values, "
                    "read each one's own"))

    def team_reader(self, e: A.Expr) -> Optional[str]:
        """The first word of `e` (or of a func it calls for its `you`, at any depth) that reads the player's
        team: `team(...)`, `teammates` or `teammate`; None when it reads none."""
        return next((word for word in (self.reads_team.get(you_call(n, self.sym) or "") or _team_word(n)
                                       for n in own_you((e,))) if word), None)

    @cached_property
    def reads_team(self) -> dict:
        """Each func that reads its player's team, directly or through the funcs it calls -> the word read."""
        bodies = {name: list(own_you((d,))) for name, d in self.sym.decls.items() if isinstance(d, A.Func)}
        out = {name: word for name, nodes in bodies.items()
               if (word := next(filter(None, map(_team_word, nodes)), None))}
        grew = True
        while grew:
            grew = False
            for name, nodes in bodies.items():
                word = None if name in out else \
                    next((out[c] for n in nodes if (c := you_call(n, self.sym)) in out), None)
                if word is not None:
                    out[name], grew = word, True
        return out

    def first_players(self, e: A.Expr, what: str) -> None:
        """W417 for each per-player value named alone in a part of the winner line read once, with the
        first player as `you` (its condition, a cooperative game's score): it is that player's; E359 for a
        call there of a func that cards change for their holder."""
        self.held_calls((e,), what)
        bound = {n.var for n in A.walk(e) if isinstance(getattr(n, "var", None), str)}
        for n in A.walk(e):   # `vp` alone is `you.vp`, and `you` is the first player there
            if isinstance(n, A.Name) and n.id not in bound and self.per_player(n.id):
                zone = isinstance(self.sym.decls[n.id], A.Zone)   # a zone's number is its size
                read = f"size(p.{n.id})" if zone else f"p.{n.id}"
                self.diags.append(Diagnostic("W417", f"{what} reads {n.id!r}, which each player has: it is read "
                                             "for the first player only", n.span,
                                             f"say whose: some(p in players where {read} ...), "
                                             f"total(p in players, {read}), or make it "
                                             f"{'a shared zone' if zone else 'global'}"))

    def first_player_in_phase(self, body: tuple, phase: str) -> None:
        """W417 for each per-player value named alone in a phase's own statements (`fill hand with card;`
        in `phase setup`, `hand` a per_player zone): a phase runs with the first player as `you`, so it
        is that player's. Not where another player is `you` (own_you), nor in the procs a phase calls
        (they run for whoever calls them). E359 for a call there of a func or proc that cards change
        for their holder (held_calls)."""
        bound = {n.var for s in body for n in A.walk(s) if isinstance(getattr(n, "var", None), str)}
        passed = each_players_own(n for s in body for n in A.walk(s))
        for n in own_you(body):
            if isinstance(n, A.Name) and n.id not in bound and id(n) not in self.sym.named and id(n) not in passed \
                    and self.per_player(n.id):
                self.diags.append(Diagnostic(
                    "W417", f"the {phase} phase names {n.id!r}, which each player has "
                    f"({'per_player' if isinstance(self.sym.decls[n.id], A.Zone) else 'not global'}): a phase "
                    "runs with the first player as 'you', so it is the first player's only", n.span,
                    f"for every player, loop: 'each players: ...'; for the first player's alone, say so: "
                    f"you.{n.id}"))
        self.held_calls(body, f"the {phase} phase")
        self.first_player_calls(body, phase)

    def first_player_calls(self, body: tuple, phase: str) -> None:
        """W589 at each call in a phase's own statements of a proc that names a per-player value alone for its
        own `you`, itself or through the procs it calls (reaches_per_player): the phase runs it for the first
        player only, as W417 says of the phase's own statements (a recruitment turn's `move all of leaders to
        hand;` one call deeper). Said once per call; `each players: ...` or `each you: ...` say whose."""
        for n in own_you(body):
            name = you_call(n, self.sym)
            path = self.reaches_per_player.get(name) if name is not None else None
            if path is None or not isinstance(self.sym.decls[name], A.Proc):
                continue
            *procs, value = path
            through = f", which calls {' then '.join(repr(x) for x in procs[1:])}," if len(procs) > 1 else ""
            self.diags.append(Diagnostic(
                "W589", f"the {phase} phase calls {name!r}{through} and it names {value.id!r}, which each player "
                f"has: a phase runs with the first player as 'you', so it acts for the first player only", n.span,
                f"for every player: 'each players: {name}(...);'; for the first player's, say so: 'each you: "
                f"{name}(...);'", notes=(f"{value.id!r} named at {value.span.file}:{value.span.line}:{value.span.column}",)))

    @cached_property
    def reaches_per_player(self) -> dict:
        """Each proc that names a per-player value alone for its own `you` (not inside `each`), itself or
        through a proc it calls for its `you` -> the procs on the way, itself first, then the Name."""
        out: dict = {}
        calls: dict = {}
        for name, d in self.sym.decls.items():
            if not isinstance(d, A.Proc) or "." in name:
                continue
            mine = list(own_you(d.body))   # one walk of the proc; most name no per-player value alone
            calls[name] = [c for n in mine if (c := you_call(n, self.sym)) is not None]
            candidates = [n for n in mine if type(n) is A.Name and id(n) not in self.sym.named and self.per_player(n.id)]
            if not candidates:
                continue
            # a local or parameter of that name is no player's value; `pass hand to left;` is every player's
            bound = {p.name for p in d.params} | {n.var for n in A.walk(d) if isinstance(getattr(n, "var", None), str)}
            passed = each_players_own(mine)
            named = next((n for n in candidates if n.id not in bound and id(n) not in passed), None)
            if named is not None:
                out[name] = [name, named]
        grew = True
        while grew:
            grew = False
            for name, called in calls.items():
                if name not in out and (to := next((c for c in called if c in out), None)) is not None:
                    out[name] = [name] + out[to]
                    grew = True
        return out

    def held_calls(self, part, where: str) -> None:
        """E359 at each call in `part` (a phase's own statements, a part of the winner line: read with
        the first player as `you`) of a func or proc that cards change for their holder, or of one that
        makes such a call for its own `you` (reaches_held): the first player stands for no holder there,
        and would get their card's version. Said once per call; `each players: ...`, `p.f(...)` or `each
        you: ...` say whose. Alone at the table, the first player is everyone."""
        if self.sym.game is not None and self.sym.game.max_players <= 1:
            return
        for n in own_you(part):
            name = you_call(n, self.sym)
            path = self.reaches_held.get(name) if name is not None else None
            if path is None:
                continue
            held = path[-1]
            card, h, _version = self.sym.held[held][-1]
            cards = [c.name for c, _h, _v in self.sym.held[held]]
            through = f", which calls {' then '.join(repr(x) for x in path[1:])} for its 'you'," if len(path) > 1 else ""
            hint = f"for every player: 'each players: {name}(...);'; for the first player's, say so: 'each you: " \
                f"{name}(...);'" if isinstance(self.sym.decls[name], A.Proc) else \
                f"say for whom: 'p.{name}(...)' (p a player: 'total(p in players, p.{name}(...))'); for the first " \
                f"player's, 'you.{name}(...)'"
            self.diags.append(Diagnostic(
                "E359", f"{where} calls {name!r}{through} and card {card.name!r} changes {held!r} for whoever holds it "
                f"in their {' or '.join(h.zones)}: {where} runs with the first player as 'you', so the first "
                "player's cards would decide it for everyone", n.span, hint,
                notes=(f"the cards that change {held!r}: {', '.join(cards)}",)))

    @cached_property
    def reaches_held(self) -> dict:
        """Each func or proc that runs, for its own `you`, one that cards change for their holder (the
        resolver's dispatchers, `Symbols.held`) -> the names called on the way there, itself first and the
        changed one last (a changed one: [itself])."""
        out: dict = {name: [name] for name in self.sym.held}
        if not out:
            return out
        calls = {name: [c for n in own_you((d,)) if (c := you_call(n, self.sym)) is not None]
                 for name, d in self.sym.decls.items() if isinstance(d, (A.Func, A.Proc)) and "." not in name}
        grew = True
        while grew:
            grew = False
            for name, called_names in calls.items():
                if name in out:
                    continue
                to = next((c for c in called_names if c in out), None)
                if to is not None:
                    out[name] = [name] + out[to]
                    grew = True
        return out

    def per_player(self, name: str) -> bool:
        """Whether a declared name is kept per player (a resource, a counter, var or zone that is not global)."""
        d = self.sym.decls.get(name)
        return isinstance(d, A.Resource) or isinstance(d, (A.Counter, A.Var)) and not d.is_global \
            or isinstance(d, A.Zone) and d.per_player

    # ------------------------------------------------------------------ effects
    def block(self, stmts: tuple, scope: Scope) -> None:
        outer = scope
        scope = scope.child()
        self.depth += 1
        if self.depth > MAX_BLOCK_DEPTH and stmts:
            self.err("E310", f"blocks nest more than {MAX_BLOCK_DEPTH} deep here: move the inner part into a proc",
                     stmts[0].span)
            stmts = ()
        for i, s in enumerate(stmts):
            opened = python_blocks(s)
            self.python_depth += opened
            if self.python_depth > MAX_PYTHON_BLOCKS:
                self.err("E310", f"loops nest more than {MAX_PYTHON_BLOCKS} deep here, counting one more for each "
                         "loop with a label or a 'break' inside: move the inner part into a proc", s.span)
            else:
                self.stmt_path.append(id(s))
                self.visit(s, scope)
                self.stmt_path.pop()
            self.python_depth -= opened
            if isinstance(s, (A.EndGame, A.Return)) and i + 1 < len(stmts):   # what follows never runs
                ended = "the game ends" if isinstance(s, A.EndGame) else "the proc returns"
                self.diags.append(Diagnostic("W413", f"this never runs: {ended} on the statement before it",
                                             stmts[i + 1].span))
            if type(s) is A.Pay and s.tag is not None and i + 1 < len(stmts):
                self.announced_again(s, stmts[i + 1])
            if type(s) is A.Swap:
                self.swap_seen(s, stmts[i + 1] if i + 1 < len(stmts) else None, scope)
            if i + 1 < len(stmts):
                self.move_in_two_steps(s, stmts[i + 1])
            self.foreign_copy_moved(s, stmts[i + 1:])
            self.depth_shuffled(s, stmts[i + 1:])
        self.depth -= 1
        self.rebound(scope, outer)
        for name, entry in scope.locals.items():
            if entry is not outer.locals.get(name) and not entry[1]:
                self.diags.append(Diagnostic("W405", f"{name!r} is set but never used", entry[0]))

    def move_in_two_steps(self, s, after) -> None:
        """W625: `lose N C[a];` and `gain N C[b];` (either first) of one indexed counter, the same amount, side by
        side: a move written in two steps. `lose` takes what there is, `gain` adds all N, so when C[a] holds less
        than N units are made; `shift N C[a] to C[b];` (4.2a) moves what there is. Only the plain forms: a
        `lose` with `else`, `to` or a tag, and a stock on a card or another player's, say more."""
        pair = {type(s): s, type(after): after}
        lose, gain = pair.get(A.Lose), pair.get(A.Gain)
        if lose is None or gain is None or lose.resource != gain.resource or lose.index is None or gain.index is None:
            return
        if lose.debt is not None or lose.to is not None or any(x.tag is not None or x.on is not None or
                                                               x.owner is not None for x in (lose, gain)):
            return
        counter = self.sym.decls.get(lose.resource)
        if type(counter) is not A.Counter or counter.indexes is None:
            return
        amount, source, dest = printed(lose.amount), printed(lose.index), printed(gain.index)
        if amount != printed(gain.amount) or source == dest:
            return
        name = lose.resource
        self.err("W625", f"'lose {amount} {name}[{source}];' and 'gain {amount} {name}[{dest}];' move units from one "
                 f"element of {name!r} to another in two steps: when {name}[{source}] holds fewer than {amount}, the "
                 f"lose takes what there is and the gain still adds {amount}", s.span,
                 f"write 'shift {amount} {name}[{source}] to {name}[{dest}];', which moves what there is")

    def foreign_copy_moved(self, s, rest: tuple) -> None:
        """W563: a card of a `per_player` kind taken from another player's zone (`let d = first(p.mat);`, `pick d
        from p.hand`, `for each d in p.hand`), then moved into a zone of the acting player's (`move d to shown;`):
        each player's copy stays in its player's zones, so the move takes the acting player's own copy of that
        card, wherever it lies, and leaves p's where it is. Where it is read: the statements after the `let`,
        the block of the pick or loop."""
        if type(s) is A.Let:
            value = s.value
            source = value.args[0] if type(value) is A.Call and value.func in ("first", "last") and len(value.args) == 1 \
                else value.domain if type(value) is A.Aggregate and value.op == "first" else None
            var, body = s.name, rest
        elif type(s) in (A.Pick, A.ForEach):
            source, var, body = s.domain, s.var, s.body
        else:
            return
        owner = source.obj.id if type(source) is A.Attr and type(source.obj) is A.Name else None
        zone = self.sym.decls.get(source.name) if owner is not None else None
        if owner in (None, "you") or type(zone) is not A.Zone or not zone.per_player:
            return
        kind = self.sym.decls.get(zone.kind)
        if type(kind) is not A.Kind or not kind.per_player:
            return
        for n in (x for b in body for x in A.walk(b)):
            if type(n) is A.Move and type(n.item) is A.Name and n.item.id == var:
                dest = n.dest.obj.id if type(n.dest) is A.Attr and type(n.dest.obj) is A.Name else None
                name = n.dest.id if type(n.dest) is A.Name else n.dest.name if dest == "you" else None
                own = self.sym.decls.get(name) if name is not None else None
                if type(own) is A.Zone and own.per_player:
                    self.diags.append(Diagnostic(
                        "W563", f"{var!r} is {owner}'s copy of a per_player {kind.name} (from {owner}.{zone.name}): "
                                f"unless {owner} is you, moved into your own {name!r}, it is your copy of that card that moves, wherever it "
                                f"lies, and {owner}'s stays where it is", n.item.span,
                        hint=f"move it to a zone of {owner}'s ('move {var} to {owner}.{name};'), or name your own card "
                             "by its declaration to move yours"))

    def read(self, entry: list) -> None:
        """A local is read: its entry is used (W405), and a watch on it (W451) sees it read."""
        entry[1] = True
        if self.watching:
            for watch in self.watching.get(id(entry), ()):
                watch[3] = True

    def rebound(self, scope: Scope, outer: Scope) -> None:
        """At a block's end: each `let` in it that bound an outer local again starts watching that local
        (read again after the block, W451); the watches of this block's own locals (of every local, at
        an effect's outermost block) end, each warned when its local was read."""
        for name, entry in scope.locals.items():
            hidden = outer.locals.get(name)
            if hidden is not None and entry is not hidden:
                watch = [hidden, entry[0], name, False]
                self.watched.append(watch)
                self.watching.setdefault(id(hidden), []).append(watch)
        kept = []
        for watch in self.watched:
            hidden, span, name, read_after = watch
            if self.depth and hidden is outer.locals.get(name):   # its block goes on: watched on
                kept.append(watch)
                continue
            self.watching.pop(id(hidden), None)
            if read_after:
                self.diags.append(Diagnostic(
                    "W451", f"this 'let' makes another {name!r}, for the rest of its block only: after the block "
                    f"{name!r} is the one bound at {hidden[0].file}:{hidden[0].line} again, and that one is read "
                    f"there", span, f"write 'set {name} = ...;' to change that one, or give this one another name"))
        self.watched = kept

    def cost(self, terms: tuple, scope: Scope, adjust: Optional[str] = None) -> None:
        """A cost's terms (`adjust`: the op of a modifier's cost line, whose card terms name no zones)."""
        for t in terms:
            if t.mode == "or":
                self.cost_alternatives(t, scope, adjust)
                continue
            if t.mode == "trade":
                self.cost_trading(terms, t, scope, adjust)
                continue
            if t.mode == "plain" and t.index is None and self.spread(t, scope):
                continue
            if t.mode == "each":
                self.each_term(t, scope, adjust)
                continue
            if t.mode == "held":   # `pay 1 c.good;`
                self.held_term(t, scope, adjust)
                continue
            self.amount(t.amount, scope)   # a player or a card is no amount (found by bench/fuzz.py)
            if t.mode == "cards" or t.mode == "plain" and t.name in CARD_WORDS and t.index is None \
                    and t.name not in scope.locals and self.sym.category(t.name) is None:   # `pay 2 cards;`
                self.card_term(t, scope, adjust)
            elif t.mode == "plain" and adjust is not None and t.index is None and self.sym.category(t.name) is None \
                    and t.name not in scope.locals and self.stock_field(t.name):
                pass   # `cost -1 eggs;`: the terms of a stock cards hold (`2 eggs on b`) are changed
            elif t.mode == "plain":
                self.stock_name(t.name, scope, t.span, t.index)
            elif t.mode == "on":   # a stock on a card, or on the cards of a zone or list
                if adjust is not None:
                    self.err("E395", f"a modifier's cost line changes the amount of {t.name!r}, not where it is "
                             f"taken from: write 'cost {adjust}N {t.name};'", t.span)
                else:
                    self.stock_on(t.name, t.source, scope, t.span, "pay")
                    self.stock_amount(t.amount, "pay", t.name, t.source)
            elif t.mode == "worth":
                self.stock_name(t.name, scope, t.span)
                self.substitutes(t, scope, adjust)
                self.no_global_substitutes(t)
            elif t.name is not None:
                self.expect(t.name, ("group",), "E202", "resource group", t.span)

    def cost_value(self, f: A.FieldDecl, value) -> None:
        """A card's printed cost (a field declared `cost`): written out as a `pay` statement's cost, with
        numbers for amounts (a field is data fixed before play) and resources, groups and `or` only: a
        term of cards or of a stock on cards names where they are, which a card's data cannot (E406)."""
        if f.type != "cost":
            self.err("E406", f"field {f.name!r} is {article(words(self.declared(f.type)))}, not a cost: a cost "
                     "written out is the value of a field declared 'cost'", value.span,
                     f"declare it '{f.name}: cost;'")
            return
        if isinstance(value, A.Nothing):
            return   # `= none`: costs nothing
        if not isinstance(value, A.CostValue):
            self.err("E406", f"field {f.name!r} is a cost: write one out, as after 'pay' ('{f.name} = 1 fish or 1 "
                     "rodent;')", value.span)
            return
        self.cost(value.terms, Scope())
        for t in A.walk(value):
            if type(t) is not A.CostTerm:
                continue
            if t.mode in ("cards", "on", "each", "held") or t.index is not None:
                self.err("E406", f"a card's printed cost names resources and groups only: "
                         f"'{printed_cost((t,))}' is paid from {'cards' if t.mode in ('cards', 'on') else 'another value'}, "
                         "which a card's data cannot name", t.span, "write that part in the 'pay' statement")
            elif constant_int(t.amount) is None:
                self.err("E406", f"the amounts of a card's printed cost are numbers written out: "
                         f"{printed(t.amount)!r} is worked out in play", t.amount.span,
                         "pay the part worked out in play in the 'pay' statement beside the field")
            for u in t.substitutes:
                if constant_int(u.rate) is None:
                    self.err("E406", f"the rates of a card's printed cost are numbers written out: "
                             f"{printed(u.rate)!r} is worked out in play", u.rate.span)

    def cost_alternatives(self, t: A.CostTerm, scope: Scope, adjust: Optional[str]) -> None:
        """`1 fish or 1 rodent`: each alternative a cost of its own (W493 for one written twice)."""
        seen = []
        for alt in t.alternatives:
            self.cost(alt.terms, scope, adjust)
            if alt in seen:   # the same terms twice: no choice
                self.diags.append(Diagnostic("W493", "this alternative is written twice: the payer has nothing to "
                                             "choose between them", alt.span, "leave out one of them"))
            seen.append(alt)

    def cost_trading(self, terms: tuple, t: A.CostTerm, scope: Scope, adjust: Optional[str]) -> None:
        """`trading N any(GROUP) as 1`: N units of the group's resources, any mix, may pay 1 unit of a
        member: the group (E202), N a number (E303) of at least 2 (E407 when written as one; in play, E601);
        not in a modifier's line (E407); a term beside it that takes the group's resources otherwise than
        as a plain term of a member or `any(GROUP)` (E407); no term of the group at all (W493)."""
        self.amount(t.amount, scope)
        if not self.expect(t.name, ("group",), "E202", "resource group", t.span):
            return
        if adjust is not None:
            self.err("E407", "a modifier's cost line cannot trade: the exchange is a rule of the payment, written "
                     "after the tagged 'pay' cost", t.span)
            return
        n = constant_int(t.amount)
        if n is not None and n < 2:
            self.err("E407", f"trading {n} for 1 changes nothing: an exchange pays 1 unit with at least 2", t.amount.span,
                     f"write 'N any({t.name})' for units of any member")
        members = set(getattr(self.sym.decls.get(t.name), "members", ()))
        touched = False
        for term in (n for root in terms for n in A.walk(root) if type(n) is A.CostTerm):
            if term is t or term.mode in ("or", "trade"):
                continue
            if term.mode == "plain" and term.name in members or term.mode == "any" and term.name == t.name \
                    or term.mode == "each":
                touched = True
            elif term.mode in ("any", "different") and (term.name is None or term.name == t.name) \
                    or term.mode == "different" and set(getattr(self.sym.decls.get(term.name), "members", ())) & members \
                    or term.mode == "worth" and ({term.name} | {u.name for u in term.substitutes}) & members:
                self.err("E407", f"'{printed_cost((term,))}' takes {t.name}'s resources beside the exchange: a cost that "
                         f"trades pays {t.name} as plain terms of its members and 'N any({t.name})'", term.span)
        if not touched:
            self.diags.append(Diagnostic("W493", f"this cost has no term of {t.name}: 'trading' changes nothing",
                                         t.span, f"pay a member of {t.name}, or leave out the exchange"))

    def no_global_substitutes(self, t: A.CostTerm) -> None:
        """E323: a cost paid with substitutes (`N RES using SUB at RATE`) splits one player's stocks;
        a global counter is the whole game's (a plain `pay N COUNTER;` pays it from the shared value)."""
        for name, span in [(t.name, t.span)] + [(u.name, u.span) for u in t.substitutes]:
            decl = self.sym.decls.get(name)
            if type(decl) is A.Counter and decl.is_global:
                self.err("E323", f"{name!r} is a global counter: a cost paid with substitutes ('using') is split "
                         "among the payer's own stocks", span,
                         f"pay it on its own: 'pay N {name};' takes it from the shared value")

    def substitutes(self, t: A.CostTerm, scope: Scope, adjust: Optional[str]) -> None:
        """`14 mc using steel at 2 and titanium at 3`: each substitute a resource or counter (E202, as
        any cost term's), neither the term's own (E323) nor named twice (E323), its rate a number
        (E303) of at least 1 when written as one (E323; worked out in play, E601). A modifier's cost
        line names no substitutes (E323): `cost -3 mc;` changes the amount before the payer splits it."""
        if adjust is not None and adjust != "using":
            self.err("E323", f"a modifier's cost line changes the amount of {t.name!r}, not what stands for it: "
                     f"write 'cost {adjust}N {t.name};'", t.span,
                     "the tagged 'pay ... using ...' keeps its substitutes and their rates")
        seen: set = set()
        for u in t.substitutes:
            self.stock_name(u.name, scope, u.span)
            if u.name == t.name:
                self.err("E323", f"{u.name!r} is the resource paid: it cannot stand for itself", u.span,
                         f"name another resource after 'using', or write '{printed(t.amount)} {t.name}'")
            elif u.name in seen:
                self.err("E323", f"{u.name!r} is named twice after 'using': give it one rate", u.span)
            seen.add(u.name)
            kind = self.expr(u.rate, scope)
            if not fits(kind, "int"):
                self.err("E303", f"the rate of {u.name!r} must be a number, not {article(words(kind))}", u.rate.span,
                         "a rate says how many units of the cost one unit of the substitute pays")
            elif constant_int(u.rate) is not None and constant_int(u.rate) < 1:
                self.err("E323", f"the rate of {u.name!r} is {constant_int(u.rate)}: one unit of a substitute pays "
                         "at least 1 of the cost", u.rate.span)

    def spread(self, t: A.CostTerm, scope: Scope) -> bool:
        """`pay b.cost food;`: a card's field declared `int[ENUM]`, without a member, paid from the
        counter indexed by the same ENUM, each member's amount from its own element (Wingspan's food
        cost). Whether the term is one (it is then checked here)."""
        decl = self.sym.decls.get(t.name) if t.name not in scope.locals else None
        if not isinstance(decl, A.Counter) or decl.indexes is None or type(t.amount) is not A.Attr \
                or t.amount.name not in self.member_field_names:
            return False
        given = self.expr(t.amount.obj, scope)
        kind = self.shared_kind(given, t.amount.name, t.amount.obj, t.amount.span, report=False)
        field = next((f for f in kind.fields if f.name == t.amount.name), None) if kind is not None else None
        if field is None or field.index is None:
            return False
        self.used.update((t.name, field.index))
        dims = decl.indexes.dims()
        if len(dims) != 1 or dims[0].enum != field.index or field.type != "int":
            self.err("E312", f"{printed(t.amount)} holds one {words(field.type)} per {field.index}, and "
                     f"{t.name!r} is indexed {t.name}[{decl.indexes.shown()}]: a cost paid member by member needs "
                     f"numbers and a counter indexed by the same enum", t.span,
                     f"pay one member: '{printed(t.amount)}[m] {t.name}[m]'")
            return True
        self.sym.spread_terms.add(id(t))
        return True

    def cost_field(self, e, scope: Scope) -> bool:
        """Whether `e` reads a card's field declared `cost` (`b.cost`), paid whole as its terms."""
        if type(e) is not A.Attr or e.name not in self.cost_field_names:
            return False
        given = self.expr(e.obj, scope)
        kind = self.shared_kind(given, e.name, e.obj, e.span, report=False)
        field = next((f for f in kind.fields if f.name == e.name), None) if kind is not None else None
        return field is not None and field.type == "cost"

    @property
    def cost_field_names(self) -> set:
        """The names of the fields some kind declares `cost`."""
        if self._cost_field_names is None:
            self._cost_field_names = {f.name for d in self.sym.decls.values() if isinstance(d, A.Kind)
                                      for f in d.fields if f.type == "cost"}
        return self._cost_field_names

    def group_field(self, e, scope: Scope, what: str) -> Optional[str]:
        """`q.needs` paid or gained whole: a card's field declared `int[GROUP]` (its group), else E362 at
        `e`, which `what` (`pay`, `gain`) took for a whole cost."""
        kind = field = None
        if type(e) is A.Attr and e.name in self.member_field_names:
            given = self.expr(e.obj, scope)
            kind = self.shared_kind(given, e.name, e.obj, e.span, report=False)
            field = next((f for f in kind.fields if f.name == e.name), None) if kind is not None else None
        if field is not None and field.index is not None and self.sym.category(field.index) == "group":
            self.used.add(field.index)
            return field.index
        shown = printed(e)
        if type(e) is A.Name and e.id not in scope.locals and self.sym.category(e.id) in ("resource", "counter"):
            # `gain stone;`: the amount was left out (a syntax slip, as before whole costs parsed)
            verbs = "'gain' and 'lose' need" if what == "gain" else "'pay' needs"
            self.err("E100", f"{verbs} an amount before the resource, as in '{what} 1 {e.id};'", e.span)
            return None
        if field is not None and field.index is not None:
            self.err("E362", f"{shown} holds one {words(field.type)} per {field.index}, an enum: '{what}' takes "
                     f"every member's amount only of a field declared int[GROUP]", e.span,
                     f"name the resource: '{what} {shown}[m] RESOURCE'")
            return None
        kind = self.expr(e, scope)
        self.err("E362", f"'{what} {shown};' names no resource: {shown} is {article(words(kind))}, not a field of "
                 "amounts per resource (declared int[GROUP])", e.span,
                 f"write '{what} {shown} RESOURCE;'" if fits(kind, "int") else None)
        return None

    def each_term(self, t: A.CostTerm, scope: Scope, adjust: Optional[str]) -> None:
        """`pay q.needs;`: every member's amount of a card's field declared `int[GROUP]`, each paid from its
        own resource (both backends spread it into plain terms, as `pay b.cost food;`). A modifier's cost
        line changes one resource: E363."""
        if adjust is not None:
            self.err("E363", f"a modifier's cost line changes one resource, not {printed(t.amount)} whole: write "
                     f"'cost {adjust}N RESOURCE;'", t.span)
            return
        if self.cost_field(t.amount, scope):   # `pay b.cost;` of a field declared `cost`: its terms
            self.sym.spread_terms.add(id(t))
            return
        if self.group_field(t.amount, scope, "pay") is not None:
            self.sym.spread_terms.add(id(t))

    def visit_GainEach(self, s: A.GainEach, scope: Scope) -> None:
        self.group_field(s.amount, scope, "gain")
        self.tag(s.tag, scope)

    def visit_GainAny(self, s: A.GainAny, scope: Scope) -> None:
        self.amount(s.amount, scope)
        self.not_negative(s.amount, "a gain of any resources")
        self.expect(s.group, ("group",), "E202", "group", self.at_name(s.group, s.span))

    def card_term(self, t: A.CostTerm, scope: Scope, adjust: Optional[str]) -> None:
        """`N cards from ZONE [except CARD] [where COND] to ZONE`: a count of at least 0, two zones, the
        payer's own when per player (E321: another player's hand is not theirs to pay with), COND a
        condition on `it`, the card (as `draw ... where`); `cost -N cards;` and
        `cost +N cards;` in a modifier name no zones (they change the card terms of the cost), every
        other card term does, and a modifier's `cost =` line has none (E321)."""
        self.not_negative(t.amount, "a cost in cards")
        if adjust == "=":   # the modifier's data is saved with the game: it names no zone
            self.err("E321", "a modifier's 'cost =' line is not paid in cards: 'cost -N cards;' or 'cost +N "
                     "cards;' change the cards of the tagged cost", t.span)
            return
        if t.source is None:
            if adjust is None:
                self.err("E321", "a cost in cards says where they come from and go: "
                         "'N cards from ZONE to ZONE'", t.span, "'cost -N cards;' without zones is a modifier's line")
            return
        if adjust is not None:
            self.err("E321", f"a modifier's card line names no zones: 'cost {adjust}N cards;' changes the cards "
                     "of the tagged cost, whose 'pay' names them", t.span)
        source = self.zone_expr(t.source, scope)
        inner = scope.child()   # `it` is the card tested
        inner.it_kind = source.partition(":")[2] or "any"
        if t.where is not None:
            self.condition(t.where, inner)
        if t.alike is not None or t.wild is not None:
            self.alike_term(t, inner)
        src = t.source
        if type(src) is A.Attr and not (type(src.obj) is A.You or type(src.obj) is A.Name and src.obj.id == "you") \
                and isinstance(self.sym.decls.get(src.name), A.Zone) and self.sym.decls[src.name].per_player:
            self.err("E321", f"a cost is paid from the payer's own cards, not from {printed(src)}", src.span,
                     f"pay from {src.name} (the payer's own), or let that player pay: 'each P {{ pay ... }}'")
        if t.exclude is not None:
            self.item_expr(t.exclude, scope, "except")
        self.zone_expr(t.dest, scope)

    def alike_term(self, t: A.CostTerm, inner: Scope) -> None:
        """A card term's `alike by FIELD` and `wild COND` (4.3), `it` the card: FIELD a field of a kind of the
        zone paid from (E496, with a did-you-mean), COND a condition (E497); a `wild` with neither `where` nor
        `alike by` changes nothing, every card being offered already (E497). `different by FIELD` is read as
        `alike by` is (W438 when it asks more cards than FIELD has values)."""
        if t.alike is not None:
            word = "different" if t.different else "alike"
            kinds = [self.sym.decls[k] for k in kinds_in("zone:" + inner.it_kind)
                     if isinstance(self.sym.decls.get(k), A.Kind)]
            fields = [f.name for k in kinds for f in k.fields if f.type != "effect" and not f.stock]
            if kinds and t.alike.name not in fields:
                shown = " or ".join(k.name for k in kinds)
                self.err("E496", f"'{word} by {t.alike.name}': the cards of {printed(t.source)} ({shown}) have no field "
                         f"{t.alike.name!r}", t.alike.span,
                         did_you_mean(t.alike.name, fields) or f"their fields: {', '.join(fields) or 'none'}")
            elif t.different:
                self.different_term(t, self.expr(t.alike, inner))
            else:
                self.expr(t.alike, inner)
        if t.wild is None:
            return
        if t.where is None and t.alike is None:
            self.err("E497", "'wild' stands a card in for the others, but every card is taken here: the term has "
                     "no 'where' and no 'alike by'", t.wild.span,
                     "'N cards from hand alike by colour wild it.loco to discard' (the others of one colour), or "
                     "'... where it.colour == red wild it.loco ...'")
        kind = self.tested(t.wild, self.expr(t.wild, inner))
        if not fits(kind, "bool"):
            self.err("E497", f"'wild {printed(t.wild)}': a wild card's test must be true or false, not "
                     f"{article(words(kind))}", t.wild.span,
                     f"compare it: wild {printed(t.wild)} > 0" if base_of(kind) == "int" else
                     "a field declared bool: 'wild it.loco'")

    def stock_name(self, name: str, scope: Scope, span: A.Span, index=None) -> None:
        """A resource or counter named by a statement (or a parameter holding one), with its index
        when the counter is indexed."""
        if name in scope.locals:
            bound, _used, held = scope.locals[name]
            self.read(scope.locals[name])
            if base_of(held) not in ("resource", "counter", "any"):   # `proc give(wins: int) { gain wins wins; }`
                self.local_not_a_stock(name, bound, held, span)
                return
            self.element(name, index, scope, span)
            return
        if self.expect(name, ("resource", "counter"), "E202", "resource or counter", span):
            self.element(name, index, scope, span)

    def local_not_a_stock(self, name: str, bound: A.Span, held: str, span: A.Span) -> None:
        """A local (a parameter, a `let`) that cannot hold a resource, where a statement names one: a
        local named like a declared resource or counter hides it (E309, as for a `let` so named);
        any other local is not a resource (E303). Play would stop at it."""
        local = "parameter" if bound in self.param_spans else "local"
        shown = f"{local} {name!r} here (declared on line {bound.line}) is {article(words(held))}"
        cat = self.sym.category(name)
        if cat in ("resource", "counter"):
            if any(d.code == "E309" and d.span.file == bound.file and (bound.line, bound.column) <= (d.span.line, d.span.column)
                   and (d.span.end_line, d.span.end_column) <= (bound.end_line, bound.end_column) for d in self.diags):
                return   # a `let` so named: said once, where it is bound
            self.err("E309", f"{shown}, not the {cat} {name!r}: a {local} named like a declaration hides it",
                     self.at_name(name, span), f"give the {local} another name")
        else:
            self.err("E303", f"{shown}: a statement names a resource or counter here, or a local holding a "
                     "resource", self.at_name(name, span),
                     f"declare it '{name}: resource'" if local == "parameter" else
                     f"a bare resource name in 'let' is the player's amount: declare the resource itself "
                     f"'let {name}: resource = ...;'" if held == "int" else
                     f"a local holding a resource is declared 'let {name}: resource = ...;'")

    def element(self, name: str, index, scope: Scope, span: A.Span) -> None:
        """An indexed counter, variable or zone needs an index of its declared type; any other name takes none."""
        decl = self.sym.decls.get(name) if name not in scope.locals else None
        ix = getattr(decl, "indexes", None)
        if ix is None:
            if index is not None:
                self.err("E312", f"{name!r} has no elements to choose from: it is not declared with [...]",
                         index.span)
                for part in index.parts if type(index) is A.Pair else (index,):
                    self.expr(part, scope)
            return
        shown = f"{name}[{ix.shown()}]"
        dims = ix.dims()
        if index is None:
            self.err("E312", f"{name!r} is indexed ({shown}): say which one, as in {name}[{', '.join('...' for _ in dims)}]",
                     span)
            return
        parts = index.parts if type(index) is A.Pair else (index,)
        if len(parts) != len(dims):
            self.err("E312", f"{name!r} ({shown}) takes {indexes_count(len(dims))}, not "
                     f"{len(parts)}" + (f": {name}[{', '.join('...' for _ in dims)}]" if len(dims) > 1 else ""),
                     index.span)
            for part in parts:
                self.expr(part, scope)
            return
        values = []
        for place, (d, part) in enumerate(zip(dims, parts)):
            if d.edge:   # a board's side (E679 allows no other index beside it)
                self.edge_element(name, d, part, scope)
                return
            if d.enum is not None and self.sym.category(d.enum) == "group":   # `prod[mc]`: one per resource of a group
                self.group_element(name, d.enum, part, scope)
                return
            if self.unknown_member(part, d.enum, scope):
                return
            actual = self.expr(part, scope)
            expected = self.index_type(d)
            if not fits(actual, expected):
                which = "an index" if len(dims) == 1 else f"the {nth(place)} index"
                if expected == "player":
                    self.not_a_player(name, which, parts, actual, place)
                else:
                    self.err("E303", f"{which} of {name!r} is {typed_words(expected, actual)}", part.span)
                return
            values.append(constant(part))
            self.copies_merged(name, d, part, scope)
            self.seat_as_number(name, d, parts, dims, place)
        if any(d.enum is None and isinstance(v, int) and not d.low <= v <= d.high for d, v in zip(dims, values)):
            self.err("E312", f"{name}[{','.join(str(v) if isinstance(v, int) else printed(p) for v, p in zip(values, parts))}]"
                     f" is outside {shown}", index.span)
        elif not self.past_ragged_end(name, shown, dims, values, parts):
            self.index_past_loop(name, shown, dims, parts, scope)

    def past_ragged_end(self, name: str, shown: str, dims, values: list, parts) -> bool:
        """E621: a constant element past the end of its ragged row (`at[palenque, 11]` of `at[g: gear,
        0..(g.positions - 1)]` where Palenque has 10 positions), at the number; whether it was found."""
        values = [p.id if type(p) is A.Name and d.enum is not None and self.sym.members.get(p.id) == d.enum else v
                  for d, p, v in zip(dims, parts, values)]   # (a member written: its name)
        for place, d in enumerate(dims):
            earlier = tuple(values[:place])
            if d.ragged is None or not d.rows or not isinstance(values[place], int) \
                    or any(v is None for v in earlier):
                continue
            high = d.high_of(earlier)
            if values[place] > high:
                row = ", ".join(str(v) for v in earlier)
                self.err("E621", f"{name}[{','.join(str(v) for v in values[:place + 1])}"
                         f"{',...' if place + 1 < len(dims) else ''}] is past the end of its row: {shown} "
                         f"has {d.low}..{high} for {row}" if high >= d.low else
                         f"{name}[{row},...] has no element: {shown} is empty for {row}", parts[place].span,
                         f"its elements for {row} are {name}[{row},{d.low}] to {name}[{row},{high}]"
                         if high >= d.low and place + 1 == len(dims) else None)
                return True
        return False

    def seat_as_number(self, name: str, d: A.Indexes, parts, dims, place: int) -> None:
        """W542: an index of numbers read with a player's seat (`ships[seat(p), k]`, the Cosmic Encounter audit's
        `spot(seat = seat(), ...)`): the numbers stand for the players, so the index is the players, each game's
        seats alone, shown by name (3.3, Indexed by the players)."""
        part = parts[place]
        if d.enum is not None or type(part) is not A.Call or part.func != "seat" or len(part.args) != 1:
            return
        decl = self.sym.decls.get(name)
        if decl is None or getattr(decl, "indexes", None) is None or decl.indexes.frame is not None:
            return
        declared = ", ".join("player" if i == place else d2.shown() for i, d2 in enumerate(dims))
        read = ", ".join(printed(part.args[0]) if i == place else printed(p) for i, p in enumerate(parts))
        self.diags.append(Diagnostic(
            "W542", f"{name}[{decl.indexes.shown()}] is read with a player's seat ({printed(part)}): its numbers "
            f"{d.low} to {d.high} stand for the players, whatever the number of seats", part.span,
            f"index it by the players, '{name}[{declared}]', and read '{name}[{read}]': each game keeps its own "
            "seats' elements, shown by the players' names"))

    def index_type(self, d: A.Indexes) -> str:
        """The type of the values one index takes: a number, a card of a kind, a member of an enum, a value of a
        record (a board's cell)."""
        cat = self.sym.category(d.enum) if d.enum is not None else None
        if d.edge:   # a board's side: the two cells of `edge(a, b)`
            return f"list:record:{d.enum}"
        return "int" if d.enum is None else "player" if by_seat(d, self.sym) else f"entity:{d.enum}" if cat == "kind" else \
            f"record:{d.enum}" if cat == "record" else f"member:{d.enum}"

    def group_element(self, name: str, group: str, part, scope: Scope) -> None:
        """The index of a counter indexed by a group (`counter prod[stock]`): a resource of the group, the
        bare name standing for the resource itself (`prod[mc]`), or a value holding one (`prod[r]`, r a
        resource); a resource out of the group is E312, another value E303."""
        members = self.sym.decls[group].members
        if type(part) is A.Name and part.id not in scope.locals and self.sym.category(part.id) == "resource":
            self.used.add(part.id)
            self.sym.named.add(id(part))   # the resource itself, not the amount held
            if part.id not in members:
                self.err("E312", f"{name}[{part.id}] is outside {name}[{group}]: {part.id!r} is no resource of "
                         f"group {group!r}", part.span, f"its resources: {', '.join(members)}")
            return
        actual = self.expr(part, scope)
        if not fits(actual, "resource"):
            self.err("E303", f"an index of {name!r} is a resource of group {group!r}, not {article(words(actual))}",
                     part.span)

    def index_past_loop(self, name: str, shown: str, dims, parts, scope: Scope) -> None:
        """W481: an index `VAR + N` (or `VAR - N`, `N + VAR`) of a `for each VAR in LOW..HIGH` loop that is
        outside the declared range for every value of VAR (`stage_deck[n + 6]` in `for each n in 1..6`
        with `stage_deck[1..6]`), which play would stop at (E601) at the first turn of the loop."""
        for d, part in zip(dims, parts):
            found = self.key_bounds(part, scope) if d.enum is None and type(part) is A.Binary else None
            if found is None:
                continue
            (low, high), var, bounds = found
            if high < d.low or low > d.high:
                self.diags.append(Diagnostic(
                    "W481", f"{name}[{printed(part)}] is outside {shown} for every {var} of its loop "
                    f"({var} in {bounds[0]}..{bounds[1]} gives {low}..{high}): play would stop there (E601)",
                    part.span, f"an index of {name} goes from {d.low} to {d.high}"))

    def unknown_member(self, part, enum: Optional[str], scope: Scope) -> bool:
        """E201 for an index nothing declares where a member of an enum goes (`cured[green]`), said as an
        unknown member of that enum: the near member offered, else the members listed."""
        if type(part) is not A.Name or self.sym.category(enum) != "enum" or part.id in scope.locals \
                or part.id == "it" or self.sym.category(part.id) is not None \
                or ALIASES.get(part.id, part.id) in BUILTIN_DOMAINS or (id(self.visiting), part.id) in self.bound:
            return False
        self.unknown("E201", "member", part.id, part.span, self.sym.decls[enum].members, of=f"enum {enum}")
        return True

    def copies_merged(self, name: str, d: A.Indexes, part, scope: Scope) -> None:
        """W450: an index by a kind with `* N` copies given a card value (not a declared name): every copy
        of a declaration has one element, so what is set for one copy is set for all (3.3, 3.3a)."""
        if d.enum is None or self.sym.category(d.enum) != "kind":
            return
        if type(part) is A.Name and part.id not in scope.locals and isinstance(self.sym.decls.get(part.id), A.Entity):
            return
        if type(part) is A.Call and part.func == "declaration":   # one element per declaration, on purpose
            return
        if id(part) in self.binders:   # `gain(used[t])`: t is the declaration the event's element is of
            return
        many = next((e for e in self.sym.decls.values() if isinstance(e, A.Entity) and e.kind == d.enum
                     and e.copies > 1), None)
        if many is None:
            return
        decl = self.sym.decls[name]
        kind = getattr(decl, "type", "int") if isinstance(decl, (A.Var, A.Counter)) else None
        if kind is None:   # a zone indexed by a kind: its copies share it too, but a field holds no cards
            return
        start = printed(decl.default) if getattr(decl, "default", None) is not None else \
            "0" if kind == "int" else "false" if kind == "bool" else "none"
        self.err("W450", f"{name!r} has one element per declaration of {d.enum}, not per card: the "
                 f"{many.copies} copies of {many.name!r} share one, so {name}[{printed(part)}] is the same "
                 f"element for every copy (what is set for one copy is set for all)", part.span,
                 f"to keep a value per card, give {d.enum} a field and set it on the card: "
                 f"'{name}: {kind} = {start};' in 'kind {d.enum}', then 'set {printed(part)}.{name} = ...;'; "
                 f"for one value per declaration on purpose, say so: '{name}[declaration({printed(part)})]'")

    def visit_Gain(self, s: A.Gain, scope: Scope) -> None:
        self.amount(s.amount, scope)
        if s.owner is not None and not self.stock_owner(s, scope):   # `gain 1 P.won;`: P's stock
            self.tag(s.tag, scope)
            return
        if s.on is not None:   # a stock the card holds
            self.stock_on(s.resource, s.on, scope, s.span, "gain")
            self.stock_amount(s.amount, "gain", s.resource, s.on)
        else:
            self.stock_name(s.resource, scope, s.span, s.index)
        self.tag(s.tag, scope)

    def tag(self, t: Optional[A.Tag], scope: Scope) -> None:
        """`for ACTION(args)`: the action is an event (declared or builtin), with its arguments: every one a declared
        event has (E302), a builtin event's first ones at least."""
        if t is None:
            return
        if t.action == VAR_EVENT:   # `pay 1 vp for set(pawn)`: a set is an event triggers hear, no use of an action
            self.err("E449", "a variable's set is heard by triggers ('whenever you set(NAME)'), and is no action a "
                     "cost, gain or value is tagged with, or that modifiers allow or forbid", t.span,
                     "declare the action: 'event move_pawn(...);', and tag with it")
            return
        given = [self.expr(a, scope) for a in t.args]
        params = self.event_params(t.action, t.span)
        if params is not None and len(params) < len(t.args):
            self.err("E302", f"action {t.action!r} takes {arguments(len(params))}, not {len(t.args)}", t.span)
        elif params is not None and len(params) > len(t.args) and t.action not in BUILTIN_EVENTS:
            # a use without an argument its event declares would meet no modifier whose pattern tests it
            # (`modifier you peek(n = 2)`) and leave `it.n` unset: a silent miss, so every argument is given
            missing = ", ".join(params[len(t.args):])
            self.err("E302", f"action {t.action!r} takes {arguments(len(params))} ({', '.join(params)}), and this "
                     f"use gives {len(t.args) or 'none'}: {missing} would be unknown to the modifiers of "
                     f"{t.action!r}", t.span, f"give every argument: 'for {t.action}({', '.join(params)})'")
        decl = self.sym.decls.get(t.action)
        if isinstance(decl, A.Event):   # each argument of the type the event declares (as an emit's)
            for param, a, kind in zip(decl.params, t.args, given):
                self.event_argument(t.action, param.name, a, kind, "tag")

    def until(self, p: Optional[A.Pattern], scope: Scope) -> None:
        """`until PATTERN [or PATTERN ...]` (7.3): each end a pattern, or `end of NAME`."""
        for end in A.endings(p):
            if end.end:
                self.until_end(end)
            else:
                self.pattern(end, scope)

    def until_end(self, p: A.Pattern) -> None:
        """`until end of NAME` (7.3): NAME a proc or a loop label of the merged rules, not both (E419, with a
        did-you-mean); written in a phase's own statements, a proc's call or a loop so labelled must be
        running there: a label outside every loop so labelled in the phase, or any proc, is E419 too. Elsewhere
        whether one is running is known in play (E419 at the statement)."""
        name, procs = p.event, self.sym.of("proc")
        proc, label = name in procs, name in self.loop_labels
        if not proc and not label:
            self.err("E419", f"'until end of {name}': no proc and no loop label is called {name!r}", p.span,
                     did_you_mean(name, procs + self.loop_labels) or
                     "name the proc whose call the duration lasts through, or the label of a loop ('as round')")
        elif proc and label:
            self.err("E419", f"'until end of {name}': {name!r} is both a proc and a loop label; which end is meant "
                     "is unclear", p.span, "rename the loop's label ('as round')")
        elif self.in_phase is not None and (proc or name not in self.open_labels):
            what = f"no call of proc {name!r}" if proc else f"no loop labelled {name!r}"
            self.err("E419", f"'until end of {name}' in the {self.in_phase} phase's own statements: {what} is running "
                     "there", p.span, "write it in the proc (or inside the loop) whose end it waits for" if proc else
                     f"put it inside the loop labelled {name!r}")

    def visit_Modifier(self, s: A.Modifier, scope: Scope) -> None:
        func = self.sym.decls.get(s.pattern.event)
        if isinstance(func, A.Func) and s.pattern.event not in BUILTIN_EVENTS:   # E420, not E301: say what does it
            self.used.add(s.pattern.event)
            params = ", ".join(p.name for p in func.params)
            self.err("E420", f"{s.pattern.event!r} is a func: a modifier changes the tagged uses of an event (a cost, "
                     "gain or loss written 'for ACTION(...)'), not the value a func gives", s.pattern.span,
                     f"tag the func's value with an event and change that: 'func {s.pattern.event}({params}) = "
                     f"... for {s.pattern.event}_value({params});' and 'modifier you {s.pattern.event}_value "
                     f"{{ value +3; }}' (7.7c); a card changes the func for its holder with 'override func "
                     f"{s.pattern.event}({params}) in ZONE = base({params}) + 3;' (7.7a)")
        if not isinstance(func, A.Func):
            self.pattern(s.pattern, scope, modifier=True)
        self.until(s.until, scope)
        bound = scope
        if not isinstance(func, A.Func):   # `modifier you gain(warriors[c]) while ...`: c, the tagged use's index
            for name, _key in pattern_binders(s.pattern, self.sym):
                bound = bound.child()
                bound.locals[name] = [s.pattern.span, True, self.binder_type(s.pattern, name)]
            self.binders_read(s)
        if s.cond is not None:   # read at each consultation: `it.ARG` is an argument of the use consulted
            self.use_condition(s, bound)
        kinds = {a.what for a in s.adjustments}
        if kinds & {"forbid", "allow"} and len(kinds) > 1:
            self.err("E311", "a modifier either changes costs and gains or forbids/allows the action, not both",
                     s.span, "write two modifiers")
        if s.hooked:   # `optional` and `then { ... }` (7.7d)
            self.modifier_hook(s, scope, kinds)
        listed = self.listed_costs.get(s.pattern.event)
        if listed is not None:
            self.nothing_listed(s, listed)
        for a in s.adjustments:
            if a.what == "cost" and listed is not None:   # a discount of a list cost (7.7g)
                self.listed_cost_line(a, listed, scope, id(s) in self.card_modifiers())
            elif a.what == "cost":
                self.cost(a.terms, scope, a.op)
                if a.op != "=" and any(t.mode == "different" for t in a.terms):
                    self.err("E311", "a cost adjustment adds or removes plain or 'any' terms, not 'different'", a.span)
            elif a.what in ("gain", "lose"):
                self.amount(a.amount, self.amount_scope(s, a, bound))
            elif a.what == "value":   # a tagged value's change (7.7c): a number, or a condition set, on a declared event
                kind = self.expr(a.amount, self.amount_scope(s, a, bound))
                if kind == "bool" and a.op != "=":
                    self.err("E422", f"a condition is set, not changed by arithmetic: 'value = true;' or 'value = false;', "
                             f"not 'value {a.op}...'", a.span)
                elif kind == "bool" or fits(kind, "int"):
                    self.value_lines.append((s.pattern.event, "bool" if kind == "bool" else "int", a))
                else:
                    self.err("E422", f"a modifier's value line changes a number ('value {a.op}N;', N a number) or sets "
                             f"a condition ('value = true;'), not {article(words(kind))}", a.amount.span)
                if s.pattern.event in BUILTIN_EVENTS:
                    self.err("E421", f"a value line changes a tagged value, and {s.pattern.event!r} is a builtin event, "
                             "which tags costs and gains only", a.span,
                             "tag the value with a declared event: 'let n = ... for ACTION(...);' and "
                             "'modifier you ACTION { value +1; }'")

    @cached_property
    def listed_costs(self) -> dict:
        """Each event a list cost is tagged with (`needs: list for card_needs;`, 7.7g) -> [(kind, field)]."""
        out: dict = {}
        for kind in self.sym.decls.values():
            if isinstance(kind, A.Kind):
                for f in kind.fields:
                    if f.tag is not None and f.type == "list" and f.index is None:
                        out.setdefault(f.tag.action, []).append((kind, f))
        return out

    def nothing_listed(self, s: A.Modifier, listed: list) -> None:
        """W594: a modifier of a list cost's event (7.7g) whose filter names a card that lists no unit of the cost:
        a discount of nothing (what was meant is another card, or another event: a coin cost is no list)."""
        for arg in s.pattern.args:
            card = self.sym.decls.get(arg.value.id) if type(arg.value) is A.Name else None
            if not isinstance(card, A.Entity):
                continue
            for kind, f in listed:
                given = next((v.value for v in card.values if v.name == f.name), f.default)
                if card.kind == kind.name and type(given) is A.ListLit and not given.items:
                    self.err("W594", f"{card.name!r} lists no unit of its {f.name!r}, so this modifier of "
                             f"{s.pattern.event!r} has nothing to take off or free", arg.span,
                             f"name a {kind.name} whose {f.name!r} lists units, or tag the cost it should change")

    def listed_cost_line(self, a: A.Adjust, listed: list, scope: Scope, held: bool) -> None:
        """E616: a cost line of a modifier of a list cost's event (7.7g) takes units off the list (`cost -1 any;`:
        one of the payer's choosing, `cost -1 wood;`, `cost = 0 any;`: none left) or adds named ones; each unit
        one the lists can hold (a member of their enum, or of any enum or a resource for an untyped list)."""
        enums = {f.of for _kind, f in listed}
        held = None if None in enums else {m for e in enums for m in self.sym.decls[e].members}
        hint = "take units off ('cost -1 any;', one of the payer's choosing; 'cost -1 wood;'), free it ('cost = 0 " \
               "any;') or add named units ('cost +1 wood;')"
        if a.op == "using":
            self.err("E616", "a list cost is units a player's production or stock covers, and nothing stands for them",
                     a.span, hint)
            return
        for t in a.terms:
            wild = t.mode == "any" and t.name is None
            if t.mode not in ("plain", "any") or t.index is not None or t.mode == "any" and not wild:
                self.err("E616", f"a list cost lists units, and this line changes "
                         f"{'cards' if t.mode == 'cards' else 'a term of ' + repr(t.mode) if t.mode != 'any' else 'a group'}"
                         f" of it", t.span, hint)
                continue
            self.amount(t.amount, scope)
            if held and type(t.amount) is not A.Int:   # (a card's modifier works amounts out at each use, 7.7b)
                self.err("E616", "a card's discount of a list cost takes off a number written out", t.amount.span,
                         "write the number ('cost -1 any;'), or put the modifier in force from an effect, where its "
                         "amount is worked out once")
                continue
            if wild and a.op == "+" or wild and a.op == "=" and printed(t.amount) != "0":
                self.err("E616", f"a unit of the payer's choosing is taken off a list cost, not "
                         f"{'added' if a.op == '+' else 'listed'}: what is added or listed is named", t.span,
                         "'cost +1 wood;', 'cost = 1 wood;', or 'cost = 0 any;' for a cost freed of every unit")
            elif not wild and (t.name not in held if held is not None
                               else self.sym.category(t.name) not in ("member", "resource")):
                choices = sorted(held) if held is not None else list(self.sym.members)
                self.err("E616", f"{t.name!r} is no unit the cost lists "
                         f"({', '.join(f.of or 'list' for _k, f in listed)} of {' and '.join(k.name for k, _f in listed)})",
                         t.span, did_you_mean(t.name, choices) or hint)

    def amount_scope(self, s: A.Modifier, a: A.Adjust, scope: Scope) -> Scope:
        """Where a modifier's amount is read: a card's modifier (7.7b) works it out at each use, so `it.ARG`
        names the use's argument there, as in its `while`; any other modifier works it out when it comes into
        force, before any use: `it` there is E303 (and bound all the same, so no E201 follows)."""
        inner = scope.child()
        inner.it_event, inner.it_var = s.pattern.event, self.heard_type(s.pattern)
        if id(s) in self.card_modifiers():
            return inner
        if "it" not in scope.locals:
            for n in A.walk(a.amount):
                if type(n) is A.Name and n.id == "it":
                    self.err("E303", f"this modifier's amount is worked out when the modifier comes into force, before "
                             f"any use of {s.pattern.event}: 'it' names the use only in its 'while' (and in a card's "
                             f"modifier, 'modifier ... in ZONE', whose amounts are worked out at each use)", n.span,
                             f"write one modifier per case, 'while it.ARG == ...', or put the modifier on a card")
                    break
        return inner

    @cached_property
    def pack_nodes(self) -> list:
        """Every node of the pack's declarations, in walk order: walked once for the lints that read them all
        (each walked the pack again: a sixth of a Federation lint)."""
        return [n for decl in self.sym.decls.values() for n in A.walk(decl)]

    @cached_property
    def knocks_out_for_good(self) -> bool:
        """Whether the pack knocks players out (`eliminate`) and never brings one back (`restore`): a player
        out is then out for the rest of the game."""
        knocks = [n.restore for n in self.pack_nodes if type(n) is A.Eliminate and not n.retire]   # (a retired one acts)
        return bool(knocks) and not any(knocks)

    def every_seat(self, e: A.Expr) -> bool:
        """Whether an expression lists every seat, the players knocked out too: `all_players`, `all_players_from(p)`,
        `all_others_from(p)` (the builtins, not a pack's own so named)."""
        return (type(e) is A.Name and e.id == "all_players" or type(e) is A.Call and e.func in EVERY_SEAT_FROM) \
            and self.sym.decls.get(getattr(e, "id", None) or e.func) is None

    def take_from_every_seat(self, entry: list, source: A.Expr, where: Optional[A.Expr]) -> None:
        """Remember a local taken from every seat (`for each p in all_players`, `let p = first(q in all_players
        where ...)`) for W584 at an `each` of it, unless its condition already asks who is knocked out."""
        if self.every_seat(source) and not asks_eliminated(where):
            self.seat_taken[id(entry)] = (entry, source)

    def skips_the_seats_out(self, domain: A.Expr, what: str, scope: Optional[Scope] = None,
                            where: Optional[A.Expr] = None) -> None:
        """W584: `each all_players` (or `first ... in all_players`) in a game that knocks players out for good: the
        statement passes over the players out all the same, so the list names every seat in vain, and a player
        out who was meant to act (Cluedo's accuser who was wrong, who still shows cards) silently does not. Also
        an `each p` of a local taken from every seat (`seat_taken`), unless its `where` asks `eliminated`."""
        entry = scope.locals.get(domain.id) if scope is not None and type(domain) is A.Name else None
        taken = self.seat_taken.get(id(entry)) if entry is not None else None
        if taken is not None and taken[0] is entry and not asks_eliminated(where) and self.knocks_out_for_good:
            self.diags.append(Diagnostic(
                "W584", f"{what} over {domain.id!r}, taken from '{printed(taken[1])}', does nothing when that player "
                        "is knocked out, and this game never brings one back: the list names every seat, but only "
                        "the players still in act", domain.span,
                "a player out who must still decide is no knocked-out player: 'retire' them (out of the turns, "
                f"still asked); or take {domain.id!r} from the players still in ('players', 'others_from(p)'); if "
                "passing over a player out is meant, say so where it is taken ('where not eliminated(q)')",
                notes=(f"{domain.id!r} is taken from '{printed(taken[1])}' at {taken[1].span}",)))
            return
        if self.every_seat(domain) and self.knocks_out_for_good:
            self.diags.append(Diagnostic(
                "W584", f"{what} passes over the players knocked out, and this game never brings one back: "
                        f"'{printed(domain)}' names every seat, but only the players still in act", domain.span,
                "to read or change every seat's state, go through them without acting for them ('for each p in "
                f"{printed(domain)} {{ ... }}'); a player out who must still decide is no knocked-out player: keep "
                "them in, and leave them out of the turn order ('each players where ...: turn();')"))

    def card_modifiers(self) -> frozenset:
        """The ids of the modifiers cards hold (`modifier ... in ZONE`, 7.7b), worked out once."""
        if self._card_modifiers is None:
            self._card_modifiers = frozenset(id(n.modifier) for n in self.pack_nodes
                                             if type(n) is A.HeldModifier)
        return self._card_modifiers

    def modifier_hook(self, s: A.Modifier, scope: Scope, kinds: set) -> None:
        """A modifier its holder may decline (`optional`) or whose use costs something (`then { ... }`), 7.7d:
        not a permission (E442: `forbid`/`allow` are consulted where nobody is asked, in what is offered
        and in `allowed(...)`); its consequence is checked as a trigger's body, `it.ARG` the use's
        argument; an optional one that costs nothing to use, every time, asks a question whose answer is
        always yes (W434)."""
        word = "optional" if s.ask is not None else "then { ... }"
        for a in s.adjustments:
            if a.what in ("forbid", "allow"):
                self.err("E442", f"a modifier that {a.what}s the action cannot be '{word}': a permission is read where "
                         f"nobody is asked and nothing runs (what is offered, 'allowed(...)', whether a block runs)",
                         a.span, "ask in the rules that use the action ('may \"...\" { ... }'), or change the use "
                         "instead of forbidding it ('gain = 0;', 'lose = 0;', 'value = 0;')")
        if s.then is not None:
            inner = scope.child()
            inner.it_event, inner.gives = s.pattern.event, None   # run later, on its own, for the holder
            self.always_in += 1
            loops, self.player_loops = self.player_loops, []
            phase, self.in_phase = self.in_phase, None
            around, self.open_loops = self.open_loops, []
            each_as, self.each_as = self.each_as, None
            self.in_trigger += 1
            self.block(s.then, inner)
            self.in_trigger -= 1
            self.always_in -= 1
            self.player_loops, self.in_phase, self.open_loops, self.each_as = loops, phase, around, each_as
        elif s.ask is not None and not s.once and not kinds & {"forbid", "allow"}:
            self.diags.append(Diagnostic(
                "W434", f"an optional modifier that costs nothing to use and is never used up: its holder is asked "
                f"at every use of {s.pattern.event!r} it changes, and would always say yes", s.span,
                "say what using it costs ('then { move this to discard; }'), make it 'once', or drop 'optional'"))

    def use_condition(self, s: "A.Modifier | A.Whenever", scope: Scope) -> None:
        """A modifier's `while COND`, with `it.ARG` naming the argument ARG of the tagged use being
        consulted (as in a trigger's body); a trigger's, of the event being announced. `it` alone is
        no value there, nor in one of an action without arguments (E205, from `attr`)."""
        inner = scope.child()
        if "it" not in scope.locals:
            inner.it_event = s.pattern.event
            inner.it_var = self.heard_type(s.pattern)
            attrs = {id(n.obj) for n in A.walk(s.cond) if isinstance(n, A.Attr)}
            for n in A.walk(s.cond):
                if isinstance(n, A.Name) and n.id == "it" and id(n) not in attrs:
                    decl = self.sym.decls.get(s.pattern.event)
                    params = BUILTIN_EVENTS.get(s.pattern.event) or \
                        (tuple(p.name for p in decl.params) if isinstance(decl, A.Event) else ())
                    what, being = ("modifier", "consulted") if isinstance(s, A.Modifier) else ("trigger", "announced")
                    self.err("E303", f"'it' alone is no value in a {what}'s condition: 'it.ARG' names an "
                             f"argument of the {s.pattern.event} being {being}", n.span,
                             f"its arguments: {', '.join(params)}" if params else
                             f"event {s.pattern.event!r} has no arguments")
        self.condition(s.cond, inner)

    def visit_Lose(self, s: A.Lose, scope: Scope) -> None:
        self.amount(s.amount, scope)
        if s.on is not None:   # a stock the card holds
            self.stock_on(s.resource, s.on, scope, s.span, "lose")
            self.stock_amount(s.amount, "lose", s.resource, s.on)
            self.tag(s.tag, scope)
            if s.to is not None:
                self.stock_receiver(s, scope)
            return
        if s.owner is not None and not self.stock_owner(s, scope):   # `lose 1 P.coin;`: P's stock
            self.tag(s.tag, scope)
            return
        self.stock_name(s.resource, scope, s.span, s.index)
        if s.debt is not None:
            self.stock_name(s.debt, scope, s.span)
        self.tag(s.tag, scope)
        self.receiver(s.to, scope)
        counter = self.sym.decls.get(s.resource) if s.resource not in scope.locals else None
        if s.to is not None and isinstance(counter, A.Counter) and counter.is_global:
            self.err("E352", f"'lose ... to' hands what you lose to a player, but {s.resource!r} is a global counter: "
                     "the game's one number, which no player holds or gains", self.at_name(s.resource, s.span),
                     f"lower it alone ('lose ... {s.resource};'), or make the counter each player's (drop 'global') "
                     "to pass it between players")

    def visit_Share(self, s: A.Share, scope: Scope) -> None:
        """`share N R among PLAYERS [odd to P];`: N a number of at least 0 (E303, E308), R a stock each player
        holds (as `gain`'s, E521 for a global counter: no player holds it), PLAYERS a list of players and P a
        player or none (E303)."""
        self.amount(s.amount, scope)
        self.not_negative(s.amount, "'share'")
        self.stock_name(s.resource, scope, s.span)
        counter = self.sym.decls.get(s.resource) if s.resource not in scope.locals else None
        if isinstance(counter, A.Counter) and counter.is_global:
            self.err("E521", f"'share N {s.resource} among ...' gives each player some of their own stock, and "
                     f"{s.resource!r} is a global counter: the game's one number, which no player holds",
                     self.at_name(s.resource, s.span), "make the counter each player's (drop 'global')")
        given = self.expr(s.among, scope)
        if given != "any" and not (base_of(given) == "list" and fits(element_of(given), "player")):
            self.err("E303", f"'share' is among a list of players, not {article(words(given))}", s.among.span,
                     "write 'among players', 'among gather(p in players where ..., [p])' or a list: [a, b]")
        if s.odd is not None:
            odd = self.expr(s.odd, scope)
            if not fits(odd, "player") and base_of(odd) != "none":
                self.err("E303", f"'odd to' names the player who gains the units left over (or none), not "
                         f"{article(words(odd))}", s.odd.span)

    def visit_Shift(self, s: A.Shift, scope: Scope) -> None:
        """`shift N C[A] to C[B];` (4.2a): both sides elements of one indexed counter (E436 for a name that
        is no indexed counter, E435 for two different counters), each index checked as a gain's (E312,
        E303); W430 when both sides are written alike (the same element: nothing moves)."""
        self.amount(s.amount, scope)
        self.not_negative(s.amount, "'shift'")
        sides = ((s.counter, s.index), (s.dest_counter, s.dest_index))
        good = True
        for side, (name, index) in enumerate(sides):
            span = self.at_name(name, s.span)
            parts = element_parts(index) if index is not None else ()
            if side and name == s.counter and not good:   # said once: `shift 1 vp[a] to vp[b];`
                for part in parts:
                    self.expr(part, scope)
                continue
            if name in scope.locals or self.sym.category(name) not in (None, "counter") or \
                    (type(self.sym.decls.get(name)) is A.Counter and self.sym.decls[name].indexes is None):
                self.used.add(name)
                what = f"the local {name!r}" if name in scope.locals else \
                    f"{name!r}, a counter declared without [...]," if self.sym.category(name) == "counter" else \
                    f"{name!r}, {article(self.sym.category(name))},"
                self.err("E436", f"'shift' moves units between the elements of an indexed counter, and {what} is "
                         "none", span, "for a resource or a plain counter write 'lose N R;' and 'gain N R;' (or "
                         "'lose N R to P;' between players); declare 'counter NAME[INDEX];' to have elements")
                for part in parts:
                    self.expr(part, scope)
                good = False
                continue
            if self.expect(name, ("counter",), "E202", "counter", span):
                self.element(name, index, scope, span)   # E312 for an index left out or of the wrong number
                good = good and index is not None
            else:
                good = False
        if good and s.counter != s.dest_counter:
            self.err("E435", f"'shift' moves units between two elements of one counter, and {s.counter!r} and "
                     f"{s.dest_counter!r} are two counters: what leaves one would arrive in another",
                     self.at_name(s.dest_counter, s.span),
                     f"write 'lose N {s.counter}[...]; gain N {s.dest_counter}[...];' to take from one and give "
                     f"to the other, or 'shift N {s.counter}[...] to {s.counter}[...];'")
        elif good and s.dest_index is not None and printed(s.index) == printed(s.dest_index):
            self.diags.append(Diagnostic(
                "W430", f"'shift' moves units from {s.counter}[{printed(s.index)}] to the same element: "
                "nothing moves and no event is announced", s.dest_index.span,
                "name two different elements"))

    def visit_LoseRandom(self, s: A.LoseRandom, scope: Scope) -> None:
        self.amount(s.amount, scope)
        self.not_negative(s.amount, "a random loss")
        self.expect(s.group, ("group",), "E202", "group", self.at_name(s.group, s.span))
        self.receiver(s.to, scope)

    def stock_receiver(self, s: A.Lose, scope: Scope) -> None:
        """`lose N NAME on CARD to X;`: X a player holding NAME (a resource or a counter of each player's),
        or a card holding the stock NAME (E395 for a card of a kind without it); E410 otherwise."""
        given = self.expr(s.to, scope)
        base = base_of(given)
        if base in ("entity", "any") or given == "any":
            if base == "entity":
                self.stock_on(s.resource, s.to, scope, s.to.span, "gain")
            return
        decl = self.sym.decls.get(s.resource)
        held = isinstance(decl, A.Resource) or isinstance(decl, A.Counter) and not decl.is_global
        if fits(given, "player") and held:
            return
        if fits(given, "player"):
            self.err("E410", f"'lose ... {s.resource} on {printed(s.on)} to {printed(s.to)}' moves the card's "
                     f"{s.resource!r} to the player's own, but players hold no {s.resource!r}"
                     + (" (it is the game's one global counter)" if isinstance(decl, A.Counter) else ""), s.to.span,
                     f"declare 'resource {s.resource};' (or a counter of that name) for the players to hold, or move "
                     f"it to a card: 'to CARD'")
            return
        self.err("E410", f"'lose ... {s.resource} on {printed(s.on)} to ...' moves the card's stock to a player or to "
                 f"another card, not to {article(words(given))}", s.to.span,
                 "write 'to p' (a player gains it) or 'to c' (a card holding that stock)")

    def held_resource(self, node, owner, field: str, verb: str, scope: Scope) -> None:
        """`gain N X.FIELD;`, `lose N X.FIELD;`, the cost term `N X.FIELD`: the resource card or member X's FIELD
        names, noted for both backends (`held_resources`, by the statement's or term's id); E521 for a field
        that holds no resource."""
        held = A.Attr(owner, field, span=node.span)
        kind = self.expr(held, scope)
        if fits(kind, "resource"):
            self.sym.held_resources[id(node)] = held
            return
        self.err("E521", f"'{verb} N {printed(held)}' {verb}s the resource {printed(held)} holds, and it holds "
                 f"{article(words(kind))}, not a resource", owner.span,
                 "declare the field a resource: 'FIELD: resource;'")

    def held_term(self, t: A.CostTerm, scope: Scope, adjust: Optional[str]) -> None:
        """The cost term `N X.FIELD` (`pay 1 c.good;`): X a card or enum member whose FIELD names a resource, paid
        from the payer's own stock of it; E624 for X a player (a payment is the payer's own) or in a modifier's
        cost line (which changes a resource named there)."""
        given = self.expr(t.source, scope)
        if adjust is not None:
            self.err("E624", f"a modifier's cost line changes a resource it names, not the one "
                     f"{printed(t.source)}.{t.name} holds", t.span,
                     f"name the resource: 'cost {adjust}N RESOURCE;'")
        elif base_of(given) in ("entity", "member"):
            self.amount(t.amount, scope)
            self.held_resource(t, t.source, t.name, "pay", scope)
        elif fits(given, "player"):
            self.err("E624", f"a payment is the payer's own: make that player act, as in 'each {printed(t.source)}: "
                     f"pay {printed(t.amount)} {t.name};' ('{printed_cost((t,))}' would pay from {printed(t.source)}'s "
                     f"{t.name})", t.source.span)
        else:
            self.err("E624", f"'pay N X.{t.name}' pays the resource the field {t.name!r} of card or member X names, "
                     f"and {printed(t.source)} is {article(words(given))}", t.source.span,
                     "name a card or an enum member before the dot")

    def stock_owner(self, s, scope: Scope) -> bool:
        """`gain N P.R;` / `lose N P.R;`: P a player (or an actor), R a stock each player holds (a resource or a
        per-player counter): E521 otherwise (a global counter is the game's one number, a counter parameter
        names the acting player's)."""
        verb = "gain" if isinstance(s, A.Gain) else "lose"
        given = self.expr(s.owner, scope)
        if base_of(given) in ("entity", "member") and s.index is None:   # `gain 1 c.good;`: the resource c holds
            self.held_resource(s, s.owner, s.resource, verb, scope)
            return False
        if not fits(given, "player"):
            self.err("E521", f"'{verb} N P.{s.resource}' changes player P's {s.resource}, and "
                     f"{printed(s.owner)} is {article(words(given))}, not a player", s.owner.span,
                     f"for the resource a field holds, take it in a local first: 'let r = {printed(s.owner)}."
                     f"{s.resource}; {verb} {printed(s.amount)} r;'" if base_of(given) in ("entity", "member") else
                     f"name the player: '{verb} {printed(s.amount)} left(you).{s.resource};', or a local holding one")
            return False
        counter = self.sym.decls.get(s.resource) if s.resource not in scope.locals else None
        if s.resource in scope.locals or isinstance(counter, A.Counter) and counter.is_global:
            what = "a parameter or local (it names the acting player's stock)" if s.resource in scope.locals \
                else "a global counter: the game's one number, which no player holds"
            self.err("E521", f"'{verb} N P.{s.resource}' changes one player's stock, and {s.resource!r} is {what}",
                     self.at_name(s.resource, s.span),
                     f"write 'each P: {verb} N {s.resource};'" if s.resource in scope.locals else
                     f"write '{verb} N {s.resource};' for the game's number, or make the counter each player's "
                     "(drop 'global')")
        return True

    def receiver(self, to, scope: Scope) -> None:
        """The `to PLAYER` of a loss (`lose 2 gold to p;`, `lose 1 any(G) at random to p;`): a player."""
        if to is not None:
            given = self.expr(to, scope)
            if not fits(given, "player"):
                self.err("E303", f"'to' names the player who gains what is lost, not {article(words(given))}",
                         to.span)

    def amount(self, expr, scope: Scope) -> None:
        kind = self.expr(expr, scope)
        if type(expr) is A.Nothing:   # `pay none coin;`: no amount (the backends stopped play with two messages)
            self.err("E303", "an amount must be a number, not none", expr.span, "nothing to pay or gain is 0")
        elif not fits(kind, "int"):
            self.amount_error(expr, kind)

    def amount_error(self, expr, kind: str) -> None:
        """E303: a number was wanted where `expr`, of type `kind`, stands (E546 for a decimal)."""
        if self.whole_wanted(expr, kind, "an amount"):
            return
        group = self.group_named(expr)
        self.err("E303", f"an amount must be a number, not {article(words(kind))}", expr.span,
                 "a condition is not a number: write 'if C then 1 else 0'" if kind == "bool" else
                 self.group_sum_hint(group) if group is not None else
                 # `total(r in food, r)`: the resource itself where what the player holds of it was meant
                 f"a resource names itself: what you hold of it is amount({printed(expr)})" if kind == "resource"
                 else None)

    def group_named(self, e) -> Optional[str]:
        """The group a bare name is, where a number may have been meant (`crystals > 3`), else None."""
        return e.id if isinstance(e, A.Name) and self.sym.category(e.id) == "group" else None

    @staticmethod
    def group_sum_hint(group: str) -> str:
        return f"a group is the list of its resources: what you hold of them all is amount({group})"

    def visit_Pay(self, s: A.Pay, scope: Scope) -> None:
        self.cost(s.terms, scope)
        self.tag(s.tag, scope)
        if s.announce:   # `and emit`: the `emit ACTION(args);` it stands for, its arguments read once (above)
            self.announced(s.announcement)
        if s.name is not None:   # how many units were paid, as the modifiers left the cost
            self.let(s.name, s.span, "int", scope)

    def announced_again(self, paid: A.Pay, after: A.Stmt) -> None:
        """W489: a tagged `pay` and, right after it, `emit` of its action with the same arguments (the
        act paid for, then announced): `and emit` says it once; after `and emit` it is announced twice."""
        tag = paid.tag
        if type(after) is not A.Emit or after.event != tag.action or after.args != tag.args:
            return
        shown = printed(A.Call(tag.action, tag.args, span=tag.span))
        if paid.announce:
            self.diags.append(Diagnostic("W489", f"{shown} is announced twice: by the payment's 'and emit' and by "
                                         "this emit", after.span, "drop this emit"))
        else:
            self.diags.append(Diagnostic("W489", f"the payment for {shown} is followed by its announcement: "
                                         f"'and emit' says both at once", after.span,
                                         f"write 'pay ... for {shown} and emit;' and drop this emit"))

    def announced(self, s: A.Emit) -> None:
        """`pay ... for ACTION(args) and emit;`: the action announced once paid is checked as `emit
        ACTION(args);` (visit_Emit), with E402 for an action no `emit` may announce (a builtin event:
        the statements announce those); arguments left out are the tag's E302, as for any use of a
        declared event."""
        decl = self.sym.decls.get(s.event)
        if s.event in BUILTIN_EVENTS:
            self.err("E402", f"'and emit' announces a declared event once it is paid; {s.event!r} is a builtin "
                     f"event, which its own statements announce", s.span,
                     "drop 'and emit', or tag the payment with an event of the pack "
                     "('event bought(...);', 'pay ... for bought(...) and emit;')")
            return
        if not isinstance(decl, A.Event):   # unknown (E206) or not an event (E301): said by the tag
            return
        # the arguments' types and number are the tag's (`tag`: E303, E302), said once
        self.emitted.add(s.event)

    def visit_Advance(self, s: A.Advance, scope: Scope) -> None:
        self.track_name(s.track, scope, s.span)
        if s.by is not None:
            self.amount(s.by, scope)
            self.not_negative(s.by, "advance")

    def track_name(self, name: str, scope: Scope, span: A.Span) -> None:
        """The track an `advance` or `regress` moves on: a track, or a local holding one (a `track`
        parameter, or a `let` of a field typed `track`)."""
        if name in scope.locals:
            entry = scope.locals[name]
            self.read(entry)
            if not fits(entry[2], "track"):
                self.err("E303", f"{name!r} holds {article(words(entry[2]))}, not a track", span,
                         "declare the parameter 'NAME: track'")
            return
        self.expect(name, ("track",), "E203", "track", span)

    def on_space(self, s, scope: Scope) -> None:
        """`reactivate`, `bonus` and the marker statements: a track, and a space of it if one is given."""
        self.track_name(s.track, scope, s.span)
        if s.space is not None:
            self.amount(s.space, scope)

    visit_Reactivate = visit_Bonus = on_space

    def visit_Marker(self, s: A.Marker, scope: Scope) -> None:
        self.on_space(s, scope)
        track = self.sym.decls.get(s.track) if s.track not in scope.locals else None
        if isinstance(track, A.Track) and track.is_global:
            self.own_use(track, f"{'add marker to' if s.adds else 'remove marker from'} {s.track}", s.span)
        if s.space is not None:
            self.not_negative(s.space, "a marker's space")

    def visit_Regress(self, s: A.Regress, scope: Scope) -> None:
        self.track_name(s.track, scope, s.span)
        if s.by is not None:
            self.amount(s.by, scope)
            self.not_negative(s.by, "regress")

    def not_negative(self, expr, what: str) -> None:
        """A constant negative count where only a count makes sense (`regress by -5`, `draw -1`)."""
        value = expr.value if isinstance(expr, A.Int) else (
            -expr.operand.value if isinstance(expr, A.Unary) and expr.op == "-" and isinstance(expr.operand, A.Int)
            else None)
        if value is not None and value < 0:
            self.err("E308", f"{what} needs a number of at least 0, not {value}", expr.span)

    def visit_Choose(self, s: A.Choose, scope: Scope) -> None:
        self.secrecy(s)
        self.text_parts(s.title_parts, scope)
        for o in s.options:
            self.text_parts(o.title_parts, scope)   # worked out before the option is taken
            if o.guard is not None:
                self.condition(o.guard, scope)
                if constant(o.guard) is False:
                    self.diags.append(Diagnostic("W402", "this option can never be chosen: its guard is false",
                                                 o.span))
            if o.rest is not None:   # `once per PATTERN`: a period, as an anytime slot's
                self.anytime_period(o.rest, None, "a choose option")
            self.block(o.body, scope)
            # (a card's option, added to an open choose, is guarded by the card held alone: no `when` written)
            if (o.guard is None or held_only(o.guard)) and \
                    not leading_cost(o.body) and paid_first(o.body, self.sym) is None:
                self.ungated_cost(o)
            self.paid_for_nothing(o, scope)
            self.repeated_when(o)
        if s.any_order and len(s.options) < 2:
            self.diags.append(Diagnostic("W402", "'choose ... in any order' with one option has no order to "
                                         "choose: write its block without 'choose'", s.span))

    def repeated_when(self, o: A.Option) -> None:
        """W667: an option whose `when` is the test that the pick its body starts with has a candidate
        (`when some(c in D where C) { pick c from D where C ... }`): the option is offered only then anyway
        (4.6), so the `when` repeats the pick's condition, and the two can drift apart when one is edited."""
        if o.guard is None or not derived_when(o, self.sym):
            return
        pick = o.body[0]
        where = f" for which '{printed(pick.where)}' holds" if pick.where is not None else ""
        self.diags.append(Diagnostic(
            "W667", f"option {o.title or '(untitled)'!r} is offered only when 'pick {pick.var} from "
            f"{printed(pick.domain)}' has a candidate{where}: its 'when {printed(o.guard)}' says that again",
            o.guard.span, "the 'when' can go: an option whose body starts with a pick that must pick is offered "
            "only when the pick has a candidate (4.6)"))

    def paid_for_nothing(self, o: A.Option, scope: Scope) -> None:
        """W566: an option that pays first and then must pick from what may hold nothing (a `where`, a zone, a
        list): the option is offered whenever the cost can be paid, and with no candidate the cost buys nothing.
        The pay first in the pick's block gates the option on a candidate that can be paid for (4.6)."""
        if len(o.body) < 2 or type(o.body[0]) is not A.Pay or type(o.body[1]) is not A.Pick:
            return
        pick = o.body[1]
        if pick.optional or pick.otherwise or pick.repeated or pick.limit is not None or pick.blind is not None:
            return   # (a pick that may pick none, or says what happens with none, is written so on purpose)
        whole = type(pick.domain) is A.Name and pick.domain.id not in scope.locals and \
            isinstance(self.sym.decls.get(pick.domain.id), (A.Enum, A.Record, A.Group, A.Kind))
        if whole and pick.where is None:
            return   # every member of an enum, a record, a group or a kind: never nothing to pick
        cost = printed_cost(o.body[0].terms)
        self.diags.append(Diagnostic(
            "W566", f"option {o.title or '(untitled)'!r} pays {cost!r} before its pick, which may find nothing to "
            f"pick from {printed(pick.domain)}" + (" where ..." if pick.where is not None else "")
            + ": the cost is then paid for nothing", o.body[0].span,
            f"put the 'pay' first in the pick's block ('pick {pick.var} from ... {{ pay {cost}; ... }}'): the "
            "option is then offered only when some candidate can be paid for"))

    def ungated_cost(self, o: A.Option) -> None:
        """W494: an option with no `when` whose cost is paid after something else, where the choose cannot
        read it (4.6: only a `pay` first, in a pick's block first, or first in a proc called, gates the
        option): the option is offered to a player who cannot pay, and taking it stops the game."""
        def late_pay(body: tuple, seen: frozenset = frozenset()) -> Optional[A.Pay]:
            if not body:
                return None
            late = next((x for x in body[1:] if type(x) is A.Pay), None)
            if late is not None or type(body[0]) is A.Pay:
                return late
            first = body[0]
            if type(first) is A.Pick and not first.optional:
                return late_pay(first.body, seen)
            if type(first) is A.CallStmt and first.func not in seen and first.func not in self.sym.held:
                proc = self.sym.decls.get(first.func)
                return late_pay(proc.body, seen | {first.func}) if isinstance(proc, A.Proc) else None
            return None
        pay = late_pay(o.body)
        if pay is None or any(t.mode not in ("plain", "held") for t in pay.terms):
            return
        self.diags.append(Diagnostic(
            "W494", f"option {o.title or '(untitled)'!r} is offered even to a player who cannot pay "
            f"{printed_cost(pay.terms)!r}: the cost is paid at {where_at(pay, o.span)}, after another statement, "
            "where the choose cannot read it (only a 'pay' first in the option, first in a pick's block or first in "
            "a proc it calls gates it)", o.span,
            f"put the 'pay' first, or write 'when affordable({printed_cost(pay.terms)})' on the option"))

    def visit_May(self, s: A.May, scope: Scope) -> None:
        self.secrecy(s)
        self.text_parts(s.title_parts, scope)
        if s.cost:
            self.cost(s.cost, scope)
        self.tag(s.tag, scope)
        if s.when is not None:
            self.condition(s.when, scope)
            if constant(s.when) is False:
                self.diags.append(Diagnostic("W402", "'may ... when false' is never offered", s.when.span))
        self.block(s.body, scope)
        self.block(s.otherwise, scope)
        if s.repeated and s.otherwise:
            self.err("E304", "'may ... repeatedly' has no 'else': it ends when declined or no longer offered "
                     "(write what follows after it)", s.otherwise[0].span)

    def visit_Repeat(self, s: A.Repeat, scope: Scope) -> None:
        self.amount(s.count, scope)
        count = constant(s.count)
        if type(count) is int and count <= 0:   # a constant a house rule overrides may come to less than 0
            const = getattr(s.count, "const", None)   # the note points at the (overriding) declaration that set it
            self.diags.append(Diagnostic("W402", f"'repeat {count}' never runs its body", s.span, notes=(
                (f"the constant {const!r} is {count} by its declaration at {self.sym.decls[const].span}",)
                if const in self.sym.decls else ())))
        self.packets_dealt(s)
        self.loop_body(s, s.body, scope)

    def visit_While(self, s: A.While, scope: Scope) -> None:
        self.deciding_condition(s.cond, scope)
        if constant(s.cond) is False:
            self.diags.append(Diagnostic("W402", "'while false' never runs its body", s.cond.span))
        else:
            self.always_true(s.cond, ", so the loop never ends by it")
        self.hand_dealt(s)
        self.loop_body(s, s.body, self.narrowed(s.cond, scope))   # the condition holds as each round starts

    def visit_RepeatStable(self, s: A.RepeatStable, scope: Scope) -> None:
        """`repeat until stable(NAME, ...)`: E544 for nothing named, a name that is no counter, variable or
        local, or a body that sets none of them (it would stop after one pass); W530 for a named one the
        body never sets (its part of the test is always the same)."""
        if not s.names:
            self.err("E544", "'repeat until stable()' names nothing to watch, so nothing says when to stop", s.span,
                     "name the counters and variables the body changes: 'repeat until stable(done, cut) { ... }'")
        watched = []
        for n in s.names:
            self.used.add(n.id)
            cat = self.sym.category(n.id)
            if n.id in scope.locals:   # compared after each pass: read
                self.read(scope.locals[n.id])
            if n.id in scope.locals or cat in ("var", "counter", "resource"):
                watched.append(n)
                continue
            what = f"{article(cat)}" if cat is not None else "not declared"
            near = closest(n.id, [*scope.locals, *self.sym.of("var"), *self.sym.of("counter")])
            self.err("E544", f"'repeat until stable' watches counters, variables and locals; {n.id!r} is {what}",
                     n.span, f"did you mean '{near}'?" if near is not None else
                     "name a counter, a variable or a local the body sets")
        self.loop_body(s, s.body, scope)
        if not watched:
            return
        written = stable_writes(s.body, self.sym)
        unset = [n for n in watched if n.id not in written]
        if len(unset) == len(watched):
            self.err("E544", f"the body never sets {' or '.join(repr(n.id) for n in unset)}, so the first pass "
                     "always leaves them as they were and the loop stops after it", s.span,
                     "name what the body changes, or write the body once without the loop")
            return
        for n in unset:
            self.diags.append(Diagnostic("W530", f"{n.id!r} is never set in the body: it cannot change from one "
                                         "pass to the next, so naming it adds nothing to the test", n.span,
                                         f"leave {n.id!r} out of 'stable(...)'"))

    def loop_body(self, s, body: tuple, scope: Scope) -> None:
        """A loop's body, with the loop's label (`as round`) among those around it: E324 when a loop
        around it has the same label (`end game after round;` inside would name the inner one only)."""
        self.open_loops.append(s)
        try:
            self.labelled_body(s, body, scope)
        finally:
            self.open_loops.pop()

    def labelled_body(self, s, body: tuple, scope: Scope) -> None:
        label = s.loop_label
        if label is None:
            self.block(body, scope)
            return
        if label in self.open_labels:
            outer = self.open_labels[label]
            self.err("E324", f"this loop is labelled {label!r} inside a loop labelled {label!r} (line {outer.line}): "
                     f"'end game after {label};' in it would name the inner one only", self.label_at(s),
                     "give one of them another label")
            self.block(body, scope)
            return
        self.open_labels[label] = s.span
        try:
            self.block(body, scope)
        finally:
            del self.open_labels[label]

    def labels_given_twice(self) -> None:
        """E351: two picks, chooses or ifs of one body (a proc's, a phase's, one effect or slot of a card)
        labelled alike (`as steal`): an amend (`pick as steal ...;`) could not tell them apart."""
        for decl in self.sym.decls.values():
            if isinstance(decl, A.Proc):
                roots = [decl.body]
            elif isinstance(decl, A.Game):
                roots = [decl.setup, decl.play, decl.final] + [p.body for p in decl.phases or ()]
            elif isinstance(decl, A.Entity):
                roots = [(e,) for e in decl.effects]
            elif isinstance(decl, A.Kind):
                roots = [(e,) for e in decl.slots]
            else:
                roots = [(decl,)]
            for root in roots:
                seen: dict = {}
                for n in (n for stmt in root for n in A.walk(stmt)):
                    label = n.stmt_label if type(n) in LABELLED else None
                    if label is None:
                        continue
                    if label in seen:
                        first = seen[label]
                        noun, other = (LABELLED[type(x)] for x in (n, first))
                        self.diags.append(Diagnostic(
                            "E351", f"this {noun} is labelled {label!r}, as the {other} at line {first.span.line}: "
                            f"a label names one pick, choose or if of its body, which an amend ('{noun} as {label} ...') "
                            "finds", self.label_at(n, label),
                            "give each its own label", notes=(f"the other is at {first.span}",)))
                    else:
                        seen[label] = n

    def label_at(self, s, label: Optional[str] = None) -> A.Span:
        """Where a loop writes its label: the name after its last `as` (the whole loop when unknown)."""
        label = label or s.loop_label
        tokens = self.tokens_in(s.span)
        for i, (line, col, t) in enumerate(tokens):
            if str(t) == "as" and i + 1 < len(tokens) and str(tokens[i + 1][2]) == label:
                line, col, _t = tokens[i + 1]
                return A.Span(s.span.file, line, col, line, col + len(label))
        return s.span

    def always_true(self, cond, consequence: str = "") -> None:
        """W412 for a condition the types of its operands decide (`size(x) >= 0`)."""
        if always_true_by_types(cond):
            self.diags.append(Diagnostic("W412", f"the condition is always true: {printed(cond)} holds whatever "
                                         f"the game holds (a size or a count is never below 0){consequence}",
                                         cond.span, "did you mean '> 0'?"))

    def bind(self, scope: Scope, name: str, span: A.Span, type_: str = "any") -> Scope:
        inner = scope.child()
        if self.sym.category(name) is not None:
            self.named_like_a_declaration(name, span)
        self.shadows(scope, name, span)
        inner.locals[name] = [span, True, type_]
        self.bound[id(self.visiting), name] = span
        return inner

    def shadows(self, scope: Scope, name: str, span: A.Span, outer: Optional[A.Span] = None,
                message: str = "") -> None:
        """W423: an inner variable (of an aggregate, a pick, a loop) named as a local of an enclosing
        statement (`outer`: where that one is bound, when it is not in `scope`): inside, the name is
        the inner one, so the outer local cannot be reached there."""
        outer = outer or (scope.locals[name][0] if name in scope.locals else None)
        if outer is None:
            return
        self.diags.append(Diagnostic(
            "W423", message or f"{name!r} is already a local here (bound at {outer.file}:{outer.line}): inside, {name!r} "
            f"is this new variable, and the other cannot be reached", self.bound_at(name, span),
            "give one of them another name"))

    def bound_at(self, name: str, span: A.Span) -> A.Span:
        """Where a loop, pick or aggregate writes its variable: the first word `name` of its span
        (`pick c from ...`, `total(c in ...)`); the whole span when the source is unknown."""
        # a reserved word naming a field (`it.where`) is its keyword's token to `scan`, which has no parser
        hits = [(line, col) for line, col, t in self.tokens_in(span) if t.type in ("NAME", name.upper()) and t == name]
        if not hits:
            return span
        line, col = hits[0]
        return A.Span(span.file, line, col, line, col + len(name))

    def limit_shadows(self, s: A.Pick) -> None:
        """`pick c from explored exactly 1 + total(c in tableau, ...)`: the count is worked out before
        anything is picked, so its `c` is another variable than the pick's; it reads as the same one
        (W423, at the inner variable)."""
        for node in A.walk(s.limit):
            if isinstance(node, A.Aggregate) and node.var == s.var:
                self.shadows(Scope(), node.var, node.span, s.span, f"{s.var!r} is also the variable of the pick "
                             f"on line {s.span.line}, but the pick's count is worked out before anything is picked: "
                             f"this {s.var!r} is another variable, the {node.op}'s own")

    def domain(self, expr, scope: Scope) -> str:
        """Check what a loop, pick or aggregate ranges over; returns the type of its elements."""
        return self.domain_kind(expr, scope)[1]

    def domain_kind(self, expr, scope: Scope, one_card_said: bool = False) -> tuple[str, str]:
        """`domain`, with the type of the domain itself before its elements' (a zone of plants, a list).
        `one_card_said`: the caller (a pick) says itself what is wrong with one card as a domain."""
        kind = self.expr(expr, scope)
        if base_of(kind) in ("str", "bool", "member", "effect", "record") or \
                base_of(kind) == "entity" and not one_card_said:
            self.err("E303", f"cannot range over {article(words(kind))}: give a zone, a list, players or a number",
                     expr.span, self.hidden_player(expr, scope))
            return kind, "any"
        if self.whole_wanted(expr, kind, "how many numbers a loop counts"):   # `for each k in komi`
            return kind, "int"
        return kind, element_of(kind)

    def amounts_listed(self, var: str, domain, scope: Scope) -> None:
        """W521: a pick or a loop over a list of bare resource names (`[seed, fish]`): each name there is the
        player's amount of it (5.2), so VAR goes over numbers, and a pick offers `0`, `2` where the rules meant
        "seed or fish". A group of those resources is a domain of resources."""
        if type(domain) is not A.ListLit or not domain.items or any(
                type(n) is not A.Name or n.id in scope.locals or not isinstance(self.sym.decls.get(n.id), A.Resource)
                for n in domain.items):
            return
        names = ", ".join(n.id for n in domain.items)
        groups = [g.name for g in self.sym.decls.values() if isinstance(g, A.Group)
                  and all(n.id in g.members for n in domain.items)]
        self.diags.append(Diagnostic(
            "W521", f"'{printed(domain)}' is a list of the amounts of {names} the player holds, so {var!r} goes over "
            "numbers, not resources", domain.span,
            f"to go over the resources, range over a group holding them: '{var} in {groups[0]} where "
            + " or ".join(f"{var} == {n.id}" for n in domain.items) + "'" if groups else
            f"to go over the resources, declare a group of them ('group choice {{ {names} }}') and range over it"))

    def visit_ForEach(self, s: A.ForEach, scope: Scope) -> None:
        self.text_parts(s.title_parts, scope, s.var)   # `in any order`: asked before each element is taken
        self.amounts_listed(s.var, s.domain, scope)
        element = self.domain(s.domain, scope)
        if s.alike and base_of(element) not in ("entity", "any"):
            self.err("E454", f"'for each {s.var} ... in any order alike' asks copies alike once, and "
                     f"{printed(s.domain)} holds {words(element)} values, which have no copies", s.domain.span,
                     "drop 'alike': it is for cards and tiles")
        inner = self.bind(scope, s.var, s.span, element)
        self.take_from_every_seat(inner.locals[s.var], s.domain, s.where)
        if (faces := self.face_filter(s)) is not None:   # (W619/W620: a choose in the body reading the item's face)
            self.face_options(s, *faces)
        bounds = (constant_int(s.domain.low), constant_int(s.domain.high)) if type(s.domain) is A.Range else (None,)
        if None not in bounds:   # (W481: an index `n + 6` outside the declaration for every n)
            self.loop_ranges[id(inner.locals[s.var])] = (inner.locals[s.var], bounds)
        if s.where is not None:
            self.condition(s.where, inner)
            inner = self.narrowed(s.where, inner)
        players = base_of(element) == "player"
        self.player_loops += [s.var] if players else []
        self.loop_body(s, s.body, inner)
        del self.player_loops[len(self.player_loops) - players:]
        self.copies_left_behind(s, scope)
        self.walked_zone_grows(s, scope)

    def walked_zone_grows(self, s: A.ForEach, scope: Scope) -> None:
        """W528: `for each c in ZONE` whose body adds to ZONE (`draw`, `move`, `move all of` to it), itself or
        through the procs it calls: the loop walks the cards the zone held when it began (4.9), so what the
        body brings in is never visited. Through a proc, only a zone named bare on both sides (the acting
        player's, or a shared one) is compared, and not under an `each` (another `you`); a body that moves its
        own card away first is a replacement (a mulligan card by card) and is left alone."""
        domain = s.domain
        if type(domain) is not A.Name or domain.id in scope.locals or self.sym.category(domain.id) != "zone":
            return
        if any(type(n) is A.Move and type(n.item) is A.Name and n.item.id == s.var for stmt in s.body for n in A.walk(stmt)):
            return
        adding = self.zone_added_to(domain.id, s.body, set())
        if adding is None:
            return
        what, at = adding
        self.diags.append(Diagnostic(
            "W528", f"'for each {s.var} in {domain.id}' walks the cards {domain.id!r} holds when it starts: {what} "
                    f"adds to {domain.id!r} inside it, and the loop never visits what it adds", domain.span,
            f"to visit what is added too, loop with 'while' (4.8a), taking the next card each round and moving it on: "
            f"'while size({domain.id}) > 0 {{ let {s.var} = first({domain.id}); ... }}'; or add after the loop",
            notes=(f"the zone is added to at {at}",)))

    def zone_added_to(self, zone: str, stmts, seen: set) -> Optional[tuple]:
        """(what, where) of the first statement among `stmts`, or in a proc they call (not under `each`), that
        adds to the zone `zone` named bare (`draw ... to ZONE`, `move ... to ZONE`); None when none does."""
        stack = list(stmts)
        while stack:
            n = stack.pop(0)
            if type(n) is A.Each:   # another player's turn: a bare zone there is theirs
                continue
            stack[:0] = n.children()
            if type(n) in ADDING and type(n.dest) is A.Name and n.dest.id == zone:
                return f"'{ADDING[type(n)]}'", n.span
            if type(n) in (A.CallStmt, A.Call) and n.func not in seen and \
                    isinstance(proc := self.sym.decls.get(n.func), A.Proc):
                seen.add(n.func)
                found = self.zone_added_to(zone, proc.body, seen)
                if found is not None:
                    return f"{found[0]} in {n.func}()", found[1]
        return None

    def copies_left_behind(self, s: A.ForEach, scope: Scope) -> None:
        """W545: `for each c in KIND { move c to ZONE; }` over a kind some of whose cards are declared `* N`:
        the kind's name lists each declaration once (3.7), so the other copies stay where they are (Love
        Letter's deck of eight cards instead of sixteen); `fill ZONE with KIND;` puts every copy."""
        kind = self.sym.decls.get(s.domain.id) if type(s.domain) is A.Name and s.domain.id not in scope.locals else None
        if not isinstance(kind, A.Kind):
            return
        moved = next((n for stmt in s.body for n in A.walk(stmt) if type(n) is A.Move and type(n.item) is A.Name
                      and n.item.id == s.var), None)
        copied = [d for d in self.sym.decls.values() if isinstance(d, A.Entity) and d.kind == kind.name and d.copies > 1]
        if moved is None or not copied:
            return
        others = sum(d.copies - 1 for d in copied)
        first = copied[0]
        self.diags.append(Diagnostic(
            "W545", f"'for each {s.var} in {kind.name}' goes through each declaration once, so {others} copies "
            f"({first.name} has {first.copies}{' and others' if len(copied) > 1 else ''}) are never moved", moved.span,
            f"to put every copy in a zone, 'fill {printed(moved.dest)} with {kind.name};' (4.14)"))

    def handed_on_in_turn(self, s: A.Each) -> None:
        """W572 at a move, in the body of `each PLAYERS`, of the acting player's `per_player` zone (all of it, or
        each card of a `for each` over it) into the zone of the same name of another player (`left.hand`): the
        players move one after another, so the next one passes on what they were just given as well, and the
        hands pile up in one (the naive "pass your hand to the left"). `pass hand to left;` passes them at once."""
        def own(zone) -> Optional[str]:   # the acting player's per_player zone named bare
            decl = self.sym.decls.get(zone.id) if type(zone) is A.Name else None
            return zone.id if isinstance(decl, A.Zone) and decl.per_player and not decl.indexes else None

        def elsewhere(dest, name: str) -> bool:   # `left.hand`, `right(you).hand`: that zone of a neighbour, who
            if type(dest) is not A.Attr or dest.name != name:   # moves theirs in turn (gathering to one is no pass)
                return False
            who = dest.obj
            return type(who) is A.Name and who.id in ("left", "right") or \
                type(who) is A.Call and who.func in ("left", "right") and len(who.args) == 1 and type(who.args[0]) is A.You

        moves = []
        for n in (n for st in s.body for n in A.walk(st)):
            if type(n) is A.MoveAll and own(n.source) and elsewhere(n.dest, own(n.source)):
                moves.append((n, own(n.source)))
            elif type(n) is A.ForEach and own(n.domain):
                moves += [(m, own(n.domain)) for st in n.body for m in A.walk(st)
                          if type(m) is A.Move and type(m.item) is A.Name and m.item.id == n.var
                          and elsewhere(m.dest, own(n.domain))]
        for move, zone in moves:
            self.diags.append(Diagnostic(
                "W572", f"each player in turn moves their {zone} into {printed(move.dest)}: the next player then passes "
                f"on what they were just given as well, and the {zone}s pile up in one", move.span,
                f"to pass every {zone} at once, write 'pass {zone} to {printed(move.dest.obj)};' (4.14), outside the "
                "'each'"))

    def you_in_each(self, s: A.Each) -> None:
        """W553 at `you.X` (or `you.f(...)`) in the body of `each P`: `you` there is the player the body runs
        for, so it is `X` alone; written out, it is most often meant for the player acting before the `each`
        (the giver of a trade whose taker gives a card back), who needs a name taken before it. A nested
        `each` is looked at on its own, with its own players."""
        who = f"{printed(s.domain)}" if self.domain_is_one_player(s.domain) else "each player it runs for"
        stack = list(s.body) + ([s.where] if s.where is not None else [])
        while stack:
            n = stack.pop()
            if isinstance(n, A.Each):
                continue
            if type(n) in (A.Attr, A.Method) and type(n.obj) is A.You:
                alone = printed(n)[len("you."):]
                self.diags.append(Diagnostic(
                    "W553", f"'you' inside 'each {printed(s.domain)}' is {who}, not the player acting before it: "
                    f"'{printed(n)}' is the same as '{alone}'", n.obj.span,
                    f"for the player acting before the 'each', name them first ('let giver = you;' before it, then "
                    f"'giver.{alone}'); for {who}'s own, write '{alone}'"))
            stack.extend(n.children())

    def domain_is_one_player(self, e: A.Expr) -> bool:
        """Whether an `each`'s players are written as one player (a name, a call, an item), not a list."""
        return type(e) is A.Name and e.id not in ("players", "opponents", "all_players", "neighbours")

    def visit_Each(self, s, scope: Scope, what: str = "'each'") -> None:
        kind, element = self.domain_kind(s.domain, scope)
        if not fits(element, "player"):
            # what the domain is (a zone of plants), not one of its elements, which the rules never wrote
            given = article(words(kind if base_of(kind) == "zone" else element))
            self.err("E303", f"{what} runs its body for players, not for {given}: "
                     f"use 'for each x in {printed(s.domain)} {{ ... }}' to go through other values", s.domain.span)
        # its `where` and body read bare names as each player's (an `each` over no players is E303 above)
        others = type(s.domain) is not A.You and fits(element, "player")
        self.skips_the_seats_out(s.domain, what, scope, s.where)
        if others:
            self.each_others.append((s, tuple(self.stmt_path), base_of(kind) == "player"))
        if s.where is not None:
            self.condition(s.where, scope)
        self.always_in += 1
        loops, self.player_loops = self.player_loops, []   # the body's acting player is each of them
        each_as, self.each_as = self.each_as, scope.locals.get(s.domain.id) if type(s.domain) is A.Name else None
        each_one, self.each_one = self.each_one, base_of(kind) == "player"
        if getattr(s, "settled", False):
            self.never_settles(s)
        if type(s) is A.Each and type(s.domain) is not A.You:
            self.you_in_each(s)
            if base_of(kind) != "player":
                self.handed_on_in_turn(s)
        if type(s) is A.Each and type(s.domain) is A.Name and s.domain.id not in scope.locals \
                and type(self.sym.decls.get(s.domain.id)) is A.Var:
            self.each_of_var.append(s)
        if isinstance(s, A.Simultaneous):
            self.open_loops.append(s)   # its bodies run one seat after another: `break;` leaves it
            if s.each_var is not None:   # `for each U in ELEMENTS`: the pick (and its body) sees U bound
                element = self.domain(s.each_domain, scope)
                scope = self.bind(scope, s.each_var, s.span, element)
                if s.each_where is not None:
                    self.condition(s.each_where, scope)
                    scope = self.narrowed(s.each_where, scope)
            self.visit_Pick(s.pick, scope)
            self.open_loops.pop()
        else:
            self.loop_body(s, s.body, scope)
        self.always_in -= 1
        if others:
            self.each_others.pop()
        self.player_loops, self.each_as, self.each_one = loops, each_as, each_one

    def visit_If(self, s: A.If, scope: Scope) -> None:
        chain = A.else_if_chain(s)   # an `else if` chain is as deep as its first `if`
        for branch in chain:   # each branch knows its condition holds, and the ones before it did not
            self.deciding_condition(branch.cond, scope)
            value = constant(branch.cond)
            if value is None:
                self.always_true(branch.cond)
            else:
                dead = "'else' branch" if value else "'if' branch"
                self.diags.append(Diagnostic("W402", f"the condition is always {str(bool(value)).lower()}: "
                                             f"the {dead} never runs", branch.cond.span))
            self.block(branch.then, self.narrowed(branch.cond, scope))
            scope = self.narrowed(branch.cond, scope, holds=False)
        self.block(chain[-1].otherwise, scope)

    def deciding_condition(self, cond, scope: Scope) -> None:
        """The condition of an `if`, `else if` or `while`: the one place an expression may run a proc
        (`if claim(h) and ...`, layout.deciding); a proc anywhere else in it is E397."""
        runs = deciding(cond, self.sym)
        self.runs_here |= runs
        self.in_deciding += 1
        try:
            self.condition(cond, scope)
        finally:
            self.in_deciding -= 1
            self.runs_here -= runs

    def visit_Let(self, s: A.Let, scope: Scope) -> None:
        if type(s.value) is A.Name:   # `let here = pawn;`: kept whole, the acting player's (W448's fix)
            self.let_kept.add(id(s.value))
        if s.type is None:
            given = self.given(s.value, scope)
            if type(s.value) is A.ListLit and not s.value.items:
                self.diags.append(Diagnostic("W471", f"the items of {s.name!r} are unknown: what is added to it "
                                             f"is not checked", s.value.span,
                                             f"say what it holds: 'let {s.name}: list of TYPE = [];' (an enum or a kind)"))
            held = self.names_held(s.value, scope)
            self.let(s.name, s.span, given, scope)
            first = s.value if type(s.value) in (A.Aggregate, A.Call) and getattr(s.value, "op", None) == "first" or \
                getattr(s.value, "func", None) == "first" and len(s.value.args) == 1 else None
            if first is not None:   # `let p = first(q in all_players where ...)`, `first(all_players)` (W584)
                source = first.domain if type(first) is A.Aggregate else first.args[0]
                self.take_from_every_seat(scope.locals[s.name], source, getattr(first, "where", None))
            if held is not None and not any(type(n) is A.SetName and n.name == s.name for n in A.walk(self.visiting)):
                self.name_lists[id(scope.locals[s.name])] = held   # names, as long as no `set` changes it
            return
        if s.of is not None and s.type == "list":
            self.typed_list_local(s, scope)
            return
        self.type_ref(s.type, s.span)
        what = f"'let {s.name}: {s.type}' holds"
        if proc_result_call(s.value, self.sym) is not None:
            actual, expected = self.given(s.value, scope), self.declared(s.type)
            if not fits(actual, expected):
                self.err("E303", f"{what} {article(words(expected))}, not {article(words(actual))}", s.value.span)
        else:   # as a typed func's value: a bare resource (counter, track) name is the thing itself
            self.result(s.type, s.value, scope, what)
        self.let(s.name, s.span, self.declared(s.type), scope)

    def typed_list_local(self, s: A.Let, scope: Scope) -> None:
        """`let seen: list of city = [];` a list of an enum's members or of a kind's cards: E201 for an unknown item type, E342 for a list of other items, E303 for a
        value that is no list."""
        expected = self.list_of(s.of, s.span)
        actual = self.given(s.value, scope)
        self.stored_list(f"{s.name!r} holds", expected, actual, s.value)
        self.let(s.name, s.span, expected, scope)

    def list_of(self, item: str, span: A.Span) -> str:
        """The type `list of ITEM` (a `let`'s, a proc's or func's parameter or result): a list of an
        enum's members, a kind's cards, players or numbers; E201 for another item type (then a list of
        anything)."""
        if item.startswith("list of "):   # a list of lists: its items' type in turn
            self.list_of(item[len("list of "):], span)
        elif self.sym.category(item) in ("enum", "kind", "record"):
            self.used.add(item)
        elif item in LIST_ITEMS:
            pass
        elif item in NO_LIST_ITEMS:   # a known type that is no value a list holds (`effect`, `zone`; a bare inner `list`)
            self.no_list_item(item, span)
        else:
            self.unknown("E201", "type", item, span, [t for t in TYPE_NAMES if t in LIST_ITEMS] + ["list of TYPE"]
                         + self.sym.of("enum")
                         + self.sym.of("kind") + self.sym.of("record"))
        return self.declared(f"list of {item}")

    def no_list_item(self, item: str, span: A.Span) -> None:
        """E487: `list of ITEM` with ITEM a type no list holds (an effect, a bare `list`, a word of the language
        that names no value: a zone, a counter, a die...), at the item type (the last such word of `span`)."""
        words_of = [(line, col) for line, col, t in self.tokens_in(span) if t == item]
        at = A.Span(span.file, *words_of[-1], words_of[-1][0], words_of[-1][1] + len(item)) if words_of else span
        what = "a list that does not say what it holds" if item == "list" else "'any' (a value of no one type)" \
            if item == "any" else article(words(item))
        self.err("E487", f"a list holds numbers, texts, conditions, players, enum members, cards, records or lists "
                 f"of those, not {what}", at, NO_LIST_HINTS.get(item))

    def stored_list(self, what: str, expected: str, actual: str, value) -> None:
        """A value stored in a local that holds a list (`let seen: list of city = ...`, `set seen = ...`)
        or given for a `list of ITEM` parameter or result (`what`: "'seen' holds", "argument 1 of p()
        ('s') must be"): a list (E303) of items that may equal the list's (E342)."""
        if base_of(actual) not in ("list", "any"):
            zone = base_of(actual) == "zone"   # `[market]` would be a list holding the zone, not its cards
            self.err("E303", f"{what} {article(words(expected))}, not {article(words(actual))}", value.span,
                     f"a zone is no list: gather(c in {printed(value)}, [c]) is the list of its cards (a parameter "
                     f"declared 'zone' takes the zone itself)" if zone else
                     f"a list of one item is written in brackets: [{printed(value)}]")
        elif id(value) in self.mixed:   # `["a", 1]` for a list of texts: the first item of another type
            item = element_of(expected)
            wrong = next(((i, t) for i, t in zip(value.items, self.mixed[id(value)]) if self.never_equal(item, t)), None)
            if wrong is not None:
                self.err("E342", f"{what} {article(words(expected))}, and {printed(wrong[0])!r} is "
                         f"{article(words(wrong[1]))}, not {article(words(item))}", wrong[0].span)
        elif self.never_equal(element_of(expected), element_of(actual)):
            nested = base_of(element_of(expected)) == "list" and base_of(element_of(actual)) != "list"
            self.err("E342", f"{what} {article(words(expected))}, not {article(words(actual))}", value.span,
                     f"each item is a list: [{printed(value)}]" if nested and type(value) is not A.ListLit else
                     "each item is a list, in brackets of its own: [[1, 2], [3]]" if nested else None)

    def given(self, value, scope: Scope) -> str:
        """The type of the value a `let` or `set` stores: an expression's, or the result type of the
        typed proc it runs (`let found = claim(h);`, `set bust = brew();`)."""
        proc = proc_result_call(value, self.sym)
        if proc is None:
            return self.expr(value, scope)
        self.used.add(value.func)
        self.arguments(f"{value.func}()", proc, value.args, value.span, scope)
        if value.func in self.reshaped:   # E219 at the override says it once
            return "any"
        if proc.returns is None:
            self.err("E303", f"{value.func}() gives no value: declare it 'proc {value.func}(...): TYPE' and "
                     f"end it with 'return VALUE;'", value.span)
            return "any"
        return self.declared(proc.returns)

    def named_like_a_declaration(self, name: str, span: A.Span) -> None:
        """E309 where a local (`let`, `for each`, `pick`...) is bound with a declaration's name: at the name bound,
        the first of its spelling in the statement or aggregate (`gather(c in run(...) where board[c] ...)`)."""
        cat = self.sym.category(name)
        hits = [(line, col) for line, col, t in self.tokens_in(span) if t.type in ("NAME", name.upper()) and t == name]
        at = A.Span(span.file, hits[0][0], hits[0][1], hits[0][0], hits[0][1] + len(name)) if hits else span
        self.err("E309", f"local {name!r} is named like the {cat} {name!r}, which it would hide", at,
                 "choose another name for this variable")

    def let(self, name: str, span: A.Span, type_: str, scope: Scope) -> None:
        """Bind a local for the rest of the block (`let`, `let x = roll d`)."""
        if self.sym.category(name) is not None:
            self.named_like_a_declaration(name, span)
        self.given_parameter(name, span, scope, "let")
        scope.locals[name] = [span, False, type_]
        self.bound[id(self.visiting), name] = span

    def given_parameter(self, name: str, span: A.Span, scope: Scope, how: str) -> None:
        """W452: a `let` or `set` of a parameter in a proc's `before` part changes it for that part only
        (each part sees the parameters as the call gave them)."""
        params = self.before_params
        if params is not None and name in params.locals and scope.locals.get(name) is params.locals[name] \
                and (how == "set" or self.depth == 1):
            self.diags.append(Diagnostic(
                "W452", f"'{how} {name}' in a 'before' block holds for this block only: the proc's body and its "
                f"other 'before'/'after' blocks see the parameter {name!r} as the call gave it", span,
                f"to run the proc with another {name!r}, write 'override proc {self.visiting.name}(...)' calling "
                f"'base(...)' with it" + ("; or give this local another name" if how == "let" else "")))

    def visit_SetName(self, s: A.SetName, scope: Scope) -> None:
        value = self.given(s.value, scope)
        if s.name in scope.locals:
            self.given_parameter(s.name, s.span, scope, "set")
            self.element(s.name, s.index, scope, s.span)
            if base_of(scope.locals[s.name][2]) == "list":   # a list stays a list of its items
                self.stored_list(f"{s.name!r} holds", scope.locals[s.name][2], value, s.value)
            if scope.locals[s.name][2] == "counter":   # `set c = ...` sets the counter c names, not the local
                self.sym.through.add(id(s))
                if not fits(value, "int") and not self.whole_wanted(s.value, value, f"what {s.name!r}'s counter holds"):
                    self.err("E303", f"{s.name!r} names a counter, which holds a number, not "
                             f"{article(words(value))}", s.value.span)
            return
        if self.sym.category(s.name) == "zone":   # `set at[h] = u;`: a piece is moved onto its place, not set there
            self.used.add(s.name)
            place = s.name if s.index is None else f"{s.name}[{printed(s.index)}]"
            self.err("E301", f"{s.name!r} is a zone, not a counter or variable: what it holds is moved in",
                     self.at_name(s.name, s.span), f"move the card or piece there: 'move {printed(s.value)} to {place};'")
            if s.index is not None:
                self.expr(s.index, scope)   # (the place is read all the same: no W588 for its parameter)
            return
        if not self.expect(s.name, ("resource", "counter", "var"), "E202", "counter or variable", s.span):
            return
        self.element(s.name, s.index, scope, s.span)
        decl = self.sym.decls[s.name]
        target = self.declared(decl.type) if isinstance(decl, A.Var) else "int"
        if not fits(value, target) and not (target == "int" and self.whole_wanted(s.value, value, f"what {s.name!r} holds")):
            self.err("E303", f"{s.name!r} holds {article(words(target))}, not {article(words(value))}", s.value.span)
        elif isinstance(decl, A.Counter) and "player_count" not in scope.locals:
            self.set_past_bounds(s, decl)

    def visit_Take(self, s: A.Take, scope: Scope) -> None:
        """`take X from LIST;` (4.12): LIST names a list variable or a local list, X one of its items (E541)."""
        value = self.expr(s.value, scope)
        target = s.list
        local = type(target) is A.Name and target.id in scope.locals
        decl = self.sym.decls.get(target.id) if type(target) is A.Name else None
        if not local and not isinstance(decl, A.Var):
            kind = self.expr(target, scope)
            what = f"{printed(target)!r} is {article(words(kind))}" if kind != "any" else \
                f"{printed(target)!r} names no list variable"
            self.err("E541", f"'take' takes one copy out of a list variable or a local list, by its name: {what}",
                     target.span, "declare 'var NAME global: list of int;' (or a player's), and write "
                                  "'take X from NAME;'")
            return
        if local:
            self.given_parameter(target.id, s.span, scope, "set")
        kind = self.expr(target, scope)
        if base_of(kind) != "list":
            self.err("E541", f"'take' takes one copy out of a list: {target.id!r} holds {article(words(kind))}",
                     target.span, "a list variable: 'var NAME global: list of int;'")
            return
        item = kind[len("list:"):] if kind.startswith("list:") else "any"
        if item != "any" and value != "any" and not fits(value, item):
            self.err("E541", f"{target.id!r} holds {words(kind)}: {article(words(value))} is never one of them",
                     s.value.span, f"take one of its items: 'take d from {target.id};' with d picked from it")

    def set_past_bounds(self, s, d: A.Counter) -> None:
        """W428: `set COUNTER = VALUE;` (`set p.COUNTER = ...`, `set COUNTER[i] = ...`) where VALUE is known before play, a number or worked out from
        `player_count` (the seats of the pack's games), and lies past the counter's bounds for some
        number of seats: play keeps the bound (a per-player counter without bounds never goes below 0;
        a global one without bounds is not kept)."""
        self.negated_at_floor(s, d)
        if d.elements:   # an element's own bounds: known only for an index written as a constant
            key = element_key(s.index)
            if key is None or d.indexes is None or key not in index_keys(d.indexes, self.sym):
                return
            low_e, high_e, _start = d.bounds_of(key)
            d = A.replace(d, low=low_e, high=high_e)
        low, high = constant(d.low), constant(d.high)
        if d.low is None:
            low, high = (None, None) if d.is_global or d.signed else (0, None)
        elif type(low) is not int or type(high) is not int:   # a bad bound: E303 says it
            return
        uses_seats = any(type(n) is A.Name and n.id == "player_count" for n in A.walk(s.value))
        seats = sorted({n for g in self.sym.decls.values() if type(g) is A.Game
                        for n in range(g.min_players, g.max_players + 1)}) if uses_seats else [None]
        past = []   # (seats, value, the bound kept)
        for n in seats:
            value = constant(s.value) if n is None else constant(A.rewrite(
                s.value, lambda e: A.Int(n, span=e.span) if type(e) is A.Name and e.id == "player_count" else None))
            if type(value) is not int:
                if n is None:
                    self.set_may_pass_bounds(s, d, low, high)
                return   # not known before play: nothing is certain
            if high is not None and value > high:
                past.append((n, value, f"above its limit {high}"))
            elif low is not None and value < low:
                past.append((n, value, f"below its floor {low}"))
        if not past:
            return
        shown = f"from {low} to {high}" if high is not None else \
            f"from {low} up" + (" (a per-player counter without bounds)" if d.low is None else "")
        if past[0][0] is None:
            _n, value, bound = past[0]
            told = f"{value} is {bound}" if printed(s.value) == str(value) else f"{printed(s.value)} is {value}, {bound}"
        else:
            told = f"{printed(s.value)} is past the bounds " + ", ".join(
                f"with {n} players ({value}, {bound})" for n, value, bound in past)
        self.diags.append(Diagnostic(
            "W428", f"{told}: counter {d.name!r} ({shown}) is kept at the bound",
            s.value.span, "widen the counter's bounds, or set a value within them"))

    def set_may_pass_bounds(self, s, d: A.Counter, low: Optional[int], high: Optional[int]) -> None:
        """W577: `set COUNTER = VALUE;` whose VALUE is worked out in play, where a number written as one of its
        results (a branch of `if ... then ... else`, a case of a `match`, in VALUE or in the value of a func it
        calls) lies past the counter's bounds: when play comes to that result the counter keeps the bound,
        silently (Yahtzee's `counter sheet[box] from 0 to 30` set to `points(b)`, whose Yahtzee case is 50)."""
        results: list = []   # (the number, where it is written)
        seen: set = set()

        def gather(e) -> None:
            kind = type(e)
            if kind is A.Int:
                results.append((e.value, e.span))
            elif kind is A.Cond:
                gather(e.then)
                gather(e.otherwise)
            elif kind is A.Match:
                for case in e.cases:
                    gather(case.result)
                if e.otherwise is not None:
                    gather(e.otherwise)
            elif kind is A.Call and e.func not in seen and isinstance(self.sym.decls.get(e.func), A.Func):
                seen.add(e.func)   # (each func once: one that calls itself ends)
                gather(self.sym.decls[e.func].value)

        gather(s.value)
        past = [(v, span) for v, span in results if high is not None and v > high or low is not None and v < low]
        if not past or type(s.value) is A.Int:
            return
        value, span = max(past, key=lambda p: abs(p[0]))
        bound = f"above its limit {high}" if high is not None and value > high else f"below its floor {low}"
        shown = f"from {low} to {high}" if high is not None else f"from {low} up"
        self.diags.append(Diagnostic(
            "W577", f"{printed(s.value)} may be {value} (line {span.line}), {bound}: counter {d.name!r} ({shown}) "
            f"would keep the bound, and the rest is lost", s.value.span,
            "widen the counter's bounds to every value the rule may set"))

    def negated_at_floor(self, s, d: A.Counter) -> None:
        """W551: `set COUNTER = -X;` or `set COUNTER = 0 - X;` (a value taken away from the counter's floor or
        less: a penalty, Blokus' squares left) where the counter cannot go below a floor of 0 or more (a
        per-player counter without bounds, one `from 0`): every negative value is kept at the floor, so
        the rule sets 0 where it means a loss."""
        if d.signed or d.is_global and d.low is None:
            return
        floor = 0 if d.low is None else constant(d.low)
        v = s.value
        negated = (type(v) is A.Unary and v.op == "-") or (
            type(v) is A.Binary and v.op == "-" and type(constant(v.left)) is int and constant(v.left) <= floor)
        if type(floor) is not int or floor < 0 or not negated or type(constant(v)) is int:
            return   # (a constant past the bounds is W428's)
        shown = "a per-player counter without bounds" if d.low is None else f"declared from {floor}"
        self.diags.append(Diagnostic(
            "W551", f"'{printed(v)}' takes a value away from {floor}, but counter {d.name!r} never goes below "
                    f"{floor} ({shown}): it is kept at {floor}, whatever is taken away",
            v.span, f"a count that may go below zero is declared 'signed' ('counter {d.name} signed;'), "
                    f"or with a negative floor ('from -100 to 100 start 0')"))

    def visit_SetAttr(self, s: A.SetAttr, scope: Scope) -> None:
        obj = self.expr(s.obj, scope)
        target = self.attr(A.Attr(s.obj, s.name, span=s.span), scope, s.index, setting=True, site=s, obj_type=obj)
        value = self.given(s.value, scope)
        kind = self.kind_of(obj) if base_of(obj) == "entity" and s.index is None else None
        if kind is not None and any(f.type == "cost" and f.name == s.name for f in kind.fields):
            self.err("E406", f"{printed(s.obj)}.{s.name} is a printed cost: the card's data, never set in play",
                     s.span, "a cost that changes in play is a modifier's ('cost -1 fish;'), or written in the 'pay'")
            return
        if kind is not None and any(f.stock and f.name == s.name for f in kind.fields):
            self.diags.append(Diagnostic(
                "W492", f"{printed(s.obj)}.{s.name} is a stock: 'set' passes by its cap and announces nothing",
                s.span, f"write 'gain N {s.name} on {printed(s.obj)};' or 'lose N {s.name} on {printed(s.obj)};' "
                "(or 'reset' to start it again)"))
        rolled = next((f for f in kind.fields if f.name == s.name and f.die is not None), None) \
            if kind is not None else None
        if not fits(value, target):
            self.err("E303", f"{s.name!r} holds {article(words(target))}, not {article(words(value))}", s.value.span)
        elif rolled is not None:   # a die kept as a piece turned to a face: one it has (E439), checked in play too
            self.rolled_kinds.add(kind.name)
            entry = scope.locals.get(s.value.id) if type(s.value) is A.Name else None
            if entry is not None and self.die_lets.get(entry[0]) == rolled.die:
                self.diags.append(Diagnostic(
                    "W433", f"{printed(s.obj)} is a die kept as a piece: rolling {rolled.die!r} and setting what it "
                    f"shows is 'roll {printed(s.obj)};'", s.span,
                    f"write 'roll {printed(s.obj)};' (or 'let {s.value.id} = roll {printed(s.obj)};' to keep the value): "
                    "the roll is then announced with the die as 'on', and the face's effect is the die's"))
            self.face_shown(rolled, s.value, scope)
            if die_key(s.value, self.sym, scope) is None:
                self.sym.face_sets[id(s)] = rolled.die
        elif obj == "player" and self.sym.category(s.name) == "counter" and "player_count" not in scope.locals \
                and not self.sym.decls[s.name].is_global:   # `set p.left = 7;` (a global through a player is E303)
            self.set_past_bounds(s, self.sym.decls[s.name])

    def visit_CallStmt(self, s: A.CallStmt, scope: Scope) -> None:
        self.used.add(s.func)
        decl = self.sym.decls.get(s.func)
        if isinstance(decl, (A.Proc, A.Extern)):
            self.arguments(repr(s.func), decl, s.args, s.span, scope)
            if isinstance(decl, A.Extern) and decl.returns is not None:
                self.err("E301", f"kernel {s.func!r} gives a value and does nothing else: use it in an "
                         f"expression, as in 'let x = {s.func}(...);'", s.span)
            return
        for a in s.args:
            self.expr(a, scope)
        if decl is None and s.func == "base":
            if s.span not in self.sym.baseless:   # in an override of nothing, E212 says what is wrong
                self.err("E218", "base() calls the proc an override replaces: use it inside 'override proc'",
                         s.span, "in an amended arm or option ('amend PROC { match ... }', 'choose ...'), an "
                         "amended effect ('amend CARD { play { ... } }'), track space or game phase ('amend GAME "
                         "{ phase setup { ... } }'), 'base();' runs the steps it replaces")
        elif decl is None and s.func in BUILTIN_FUNCS:
            self.builtin_as_statement(s)
        elif decl is None:
            self.unknown("E207", "procedure", s.func, s.span, self.sym.of("proc") + self.sym.of("extern"))
        else:
            self.err("E301", f"{s.func!r} is {article(CATEGORY[type(decl)])}, not a procedure", s.span,
                     f"a func gives a value and does nothing else: use it in an expression, as in "
                     f"'let x = {s.func}(...);'" if isinstance(decl, A.Func) else
                     f"the statement is written without parentheses: '{CONTEXTUAL[s.func]}'"
                     if s.func in CONTEXTUAL else None)

    def builtin_as_statement(self, s: A.Call) -> None:
        """`size(hand);`, `next(now);`: a builtin function written as a statement does nothing (E301). For
        `next(m)` and its kin the hint says to set what it gives (`set now = next(now);`), and for `next`
        that the trigger is written without parentheses."""
        hint = f"a function gives a value and does nothing else: use it in an expression, as in 'let x = {s.func}(...);'"
        if s.func in STEPS:
            held = printed(s.args[0]) if len(s.args) == 1 and type(s.args[0]) in (A.Name, A.Attr) else "x"
            hint = (f"{s.func}(m) gives the member {'after' if STEPS[s.func][0] > 0 else 'before'} m and changes "
                    f"nothing: use it in 'set {held} = {s.func}({held});'")
            if s.func in CONTEXTUAL:
                hint += f"; '{CONTEXTUAL[s.func]}', without parentheses, is the trigger that fires once"
        self.err("E301", f"{s.func!r} is a function, not a procedure", s.span, hint)

    def parameter_names(self, name: str) -> str:
        """A declaration's parameter names as a call would pass them (`p, lv`)."""
        return ", ".join(p.name for p in getattr(self.sym.decls.get(name), "params", ()))

    def arguments(self, shown: str, decl, args: tuple, span: A.Span, scope: Scope) -> None:
        """A call's arguments against the declared parameters: their number and their types. For a
        resource, track, zone or die parameter a bare name stands for itself."""
        if decl.name in self.reshaped:   # E220 or E219 at the override says it once
            for a in args:
                self.expr(a, scope)
            return
        least = sum(p.default is None for p in decl.params)   # the parameters with a default may be left out
        if not least <= len(args) <= len(decl.params):
            left = len(decl.params) - least
            takes = arguments(len(decl.params)) if not left else f"{least} to {len(decl.params)} arguments (" + \
                ("the last has a default)" if left == 1 else f"the last {left} have defaults)")
            self.err("E302", f"{shown} takes {takes}, not {len(args)}", span)
        counted = self.any_arithmetic(decl)
        for i, (p, a) in enumerate(zip(decl.params, args), start=1):
            if p.name in counted and p.type == "any":   # a list given where the body does number arithmetic
                if base_of(self.expr(a, scope)) == "list":
                    where = counted[p.name]
                    self.diags.append(Diagnostic(
                        "W468", f"argument {i} of {shown} ({p.name!r}) is a list, and {shown} works out "
                                f"{printed(where)} ({where_at(where, a.span)}) with {p.name} declared any: it does "
                                f"a number's {where.op} there, and play stops (E601)", a.span,
                        hint=f"declare the parameter '{p.name}: list' (or 'list of ...'), which makes {where.op} "
                             f"take the items of one list out of another" if where.op == "-" else
                             f"declare the parameter '{p.name}: list': a list is joined with + and taken from with -"))
                continue
            self.typed_value(p.type, a, scope, f"argument {i} of {shown} ({p.name!r}) must be")
        for a in args[len(decl.params):]:
            self.expr(a, scope)

    def any_arithmetic(self, decl) -> dict:
        """The parameters declared `any` that a func's or proc's body takes as a side of `-`, `*`, `/` or
        `%` (number arithmetic, as the checker cannot tell they hold lists) -> the first such expression."""
        found = self._any_arithmetic.get(id(decl))
        if found is None:
            names = {p.name for p in getattr(decl, "params", ()) if p.type == "any"}
            found = {}
            if names:
                body = (decl.value,) if isinstance(decl, A.Func) else getattr(decl, "body", ())
                for root in body:
                    for n in A.walk(root):
                        if type(n) is A.Binary and n.op in ("-", "*", "/", "%", "**"):
                            for side in (n.left, n.right):
                                if type(side) is A.Name and side.id in names:
                                    found.setdefault(side.id, n)
            self._any_arithmetic[id(decl)] = found
        return found

    def typed_value(self, type_name: str, value, scope: Scope, what: str) -> None:
        """A value given where a type is declared (an argument, a die face's value): for a resource,
        track, zone or die a bare name stands for itself."""
        shown = what[len(DECLARED):] if what.startswith(DECLARED) else None   # a typed func's value
        if shown is not None:
            what = f"{shown} gives"
        if type_name == "counter" and not (isinstance(value, A.Name) and value.id in scope.locals):
            self.counter_named(value, scope, what)
            return
        if type_name.startswith("list of "):   # the checks of a `let NAME: list of ITEM`
            self.stored_list(what, self.declared(type_name), self.expr(value, scope), value)
            return
        if type_name in NAME_TYPES and isinstance(value, A.Name) and value.id not in scope.locals:
            categories = ("resource", "counter") if type_name == "resource" else (type_name,)
            self.expect(value.id, categories, "E202" if type_name == "resource" else "E303", type_name, value.span)
            if type_name != "zone":   # both backends then give the name, not an amount (a zone's name is its zone)
                self.sym.named.add(id(value))
            return
        actual, expected = self.expr(value, scope), self.declared(type_name)
        if not fits(actual, expected) and not (expected == "int" and self.whole_wanted(value, actual, what.removesuffix(" gives") if shown is None else f"what {shown} gives")):
            narrow = type_name in kinds_in(actual) and len(kinds_in(actual)) > 1   # an item of a zone of several kinds
            hint = (f"narrow it first: 'if {value.id} is {type_name} {{ ... }}', or 'where {value.id} is {type_name}' "
                    f"in a loop or a pick" if type(value) is A.Name else
                    f"give it a name and narrow that: 'let x = {printed(value)}; if x is {type_name} {{ ... }}'")
            extra = [k for k in kinds_in(actual) if k not in kinds_in(expected)]
            if not narrow and len(kinds_in(expected)) > 1 and type(value) is A.Name and 0 < len(extra) < len(kinds_in(actual)):
                # `c: chameleon or joker` given a card that may be of another kind too: the else of a test keeps the rest
                narrow, hint = True, (f"narrow it first: 'if {value.id} is {extra[0]} {{ ... }} else {{ ... }}': in the "
                                      f"else, {value.id} is of the other kinds")
            if base_of(expected) == base_of(actual) == "zone" and kinds_in(expected) and kinds_in(actual):
                self.zone_of_another_kind(expected, actual, value, what)
                return
            message = f"{what} {article(words(expected))}, not {article(words(actual))}" if shown is None else \
                f"{shown} is declared to give {article(words(expected))}, but its expression is " \
                f"{article(words(actual))}"   # a typed func: what is wrong is the expression, not the type
            self.err("E303", message, value.span, hint if narrow else None)

    def zone_of_another_kind(self, expected: str, actual: str, value, what: str) -> None:
        """E667: a zone whose items are of another kind given where a `zone of KIND` is declared (its items are read
        as that kind's cards, their fields checked so)."""
        kinds = " or ".join(dict.fromkeys(kinds_in(expected) + kinds_in(actual)))
        self.err("E667", f"{what} {article(words(expected))}, not {printed(value)}, {article(words(actual))}: "
                 f"its items are read as cards of kind {' or '.join(kinds_in(expected))}", value.span,
                 f"declare it 'zone of {kinds}' to take both (a field read then is one all those kinds hold, "
                 f"or one tested for with 'is')")

    def counter_named(self, value, scope: Scope, what: str) -> None:
        """The value of a `counter` parameter: the bare name of a per-player counter, which stands for
        the counter itself. A resource, a global counter, an element of an indexed counter or a number
        is E303; an unknown name E202 with the counters as the did-you-mean."""
        if isinstance(value, A.Name):
            decl, cat = self.sym.decls.get(value.id), self.sym.category(value.id)
            self.used.add(value.id)
            if cat == "counter" and decl.is_global:
                self.err("E303", f"{what} a per-player counter, not the global counter {value.id!r}: "
                         f"a global counter is one number for the whole game, with no player's amount to read or "
                         f"change", value.span, f"use {value.id!r} by name where it is changed")
            elif cat == "counter" and decl.indexes is not None:
                self.err("E303", f"{what} one counter, not {value.id!r}, which holds one for each "
                         f"element of its index", value.span,
                         f"an element such as {value.id}[...] cannot be passed either: pass what selects it "
                         f"(an int or a member) and write {value.id}[x] in the proc")
            elif cat == "counter":
                self.sym.named.add(id(value))
            elif cat == "resource":
                self.err("E303", f"{what} a counter, not the resource {value.id!r}", value.span,
                         "declare the parameter ': resource' to take a resource (it takes a counter too)")
            else:
                self.expect(value.id, ("counter",), "E202", "counter", value.span)
            return
        if type(value) is A.Index and type(value.obj) is A.Name and self.indexed(value.obj.id) \
                and value.obj.id not in scope.locals:
            self.expr(value, scope)
            self.err("E303", f"{what} a counter, not an element of {value.obj.id!r}", value.span,
                     f"pass what selects the element (an int or a member) and write {value.obj.id}[x] in the proc")
            return
        actual = self.expr(value, scope)
        if not fits(actual, "counter"):
            self.err("E303", f"{what} a counter, not {article(words(actual))}", value.span,
                     "give the bare name of a per-player counter")

    def visit_Draw(self, s: A.Draw, scope: Scope) -> None:
        if s.until is None:
            self.amount(s.count, scope)
            self.not_negative(s.count, "draw")
        source = self.zone_expr(s.source, scope)
        kinds = self.item_condition(s.where, source, scope)
        if s.dest is None:
            self.err("E304", "draw needs a destination: 'draw N from ZONE to ZONE;'", s.span)
        else:
            self.zone_expr(s.dest, scope)
            self.kinds_fit(kinds or self.zone_kinds(s.source, source, scope), s.dest, scope, s.source.span, "it")
            self.holder_hidden(kinds or self.zone_kinds(s.source, source, scope), s.dest, scope, s.source.span)
        taken = kinds or self.zone_kinds(s.source, source, scope)
        dest = filled_base(s.dest)   # `to market`, `to row[l]`: an indexed display's element too
        shown = self.sym.decls.get(dest) if dest is not None and dest not in scope.locals else None
        if type(shown) is A.Zone and shown.show is not None and filled_base(s.source) == shown.show_from.id \
                and shown.show_from.id not in scope.locals and shown.name not in self.held_displays:   # (held: by hand)
            each = f"[{shown.show_each.shown()}]" if shown.show_each is not None else ""
            self.err("W513", f"zone {shown.name!r} keeps itself filled ('show {shown.show} from "
                     f"{shown.show_from.id}{each}'): this draw refills it by hand, on top of it", s.span,
                     f"leave the refill to the zone (it is topped up after each statement that takes from it)"
                     + (f", and its redeal to its 'redeal ... when' rule" if shown.redeal_to is not None else ""))
        if s.until is not None:
            self.draw_until(s, scope, f"entity:{'|'.join(taken)}" if taken else "entity")
        elif s.single:   # `let c = draw one ...;`: the card drawn, or none
            self.let(s.name, s.span, f"entity:{'|'.join(taken)}" if taken else "entity", scope)
        elif s.name is not None:   # `let took = draw ...;`: the cards drawn, a list (empty when none was)
            self.let(s.name, s.span, f"list:entity:{'|'.join(taken)}" if taken else "list:entity", scope)

    def draw_until(self, s: A.Draw, scope: Scope, item: str) -> None:
        """`draw from Z to W until COND [each VAR { ... }]`: one item at a time. E514 for a count; E515
        when the items drawn go into Z or the pile Z refills from (the draw could go round without end);
        E516 when the block puts the item drawn back into Z; W509 for a condition the draw cannot change."""
        if s.count is not None:
            self.err("E514", f"'draw ... until' draws one item at a time until the condition holds: "
                     f"a count ({printed(s.count)}) says nothing there", s.count.span,
                     f"leave it out: 'draw from {printed(s.source)} to {printed(s.dest)} until ...'"
                     if s.dest is not None else "leave it out")
        self.deciding_condition(s.until, scope)
        if s.dest is not None and type(s.source) is type(s.dest) is A.Name:
            refill = getattr(self.sym.decls.get(s.source.id), "refills", None)
            if s.dest.id in (s.source.id, refill):
                what = "itself" if s.dest.id == s.source.id else f"{refill!r}, which it refills from"
                self.err("E515", f"'draw from {s.source.id} to {s.dest.id} until ...': the items drawn go into "
                         f"{s.source.id!r} {'' if s.dest.id == s.source.id else 'again through '}{what}, so "
                         f"the draw may never run out", s.dest.span,
                         "draw them to another zone (set aside, revealed) and move them on after the draw")
        for n in (n for st in s.body or () for n in A.walk(st)):
            if type(n) is A.Move and s.var is not None and type(n.item) is A.Name and n.item.id == s.var \
                    and printed(n.dest) == printed(s.source):
                self.err("E516", f"'move {s.var} to {'top of ' if n.top else ''}{printed(n.dest)}' puts the item drawn back where "
                         f"'draw ... until' takes from: it would be drawn again", n.span,
                         "put it in another zone; to put it back, do so after the draw")
        self.unchanged_by_draw(s)
        inner = scope if s.var is None else self.bind(scope, s.var, s.span, item)
        self.loop_body(s, s.body or (), inner)

    def unchanged_by_draw(self, s: A.Draw) -> None:
        """W509: a `draw ... until` condition that reads nothing the draw changes (the zones it takes from
        and into) nor anything its block names, nor a func: it holds (or fails) for every item alike."""
        read = {n.id if type(n) is A.Name else n.name for n in A.walk(s.until) if type(n) in (A.Name, A.Attr)}
        if any(type(n) is A.Method or (type(n) is A.Call and n.func not in BUILTIN_FUNCS) for n in A.walk(s.until)):
            return
        changed = {n.id if type(n) is A.Name else n.name for z in (s.source, s.dest) if z is not None
                   for n in A.walk(z) if type(n) in (A.Name, A.Attr)}
        for n in (n for st in s.body or () for n in A.walk(st)):
            changed.update(v for v in (getattr(n, f) for f in n._fields) if type(v) is str)
        refill = getattr(self.sym.decls.get(s.source.id), "refills", None) if type(s.source) is A.Name else None
        changed.add(refill)
        if not read & changed:
            self.diags.append(Diagnostic(
                "W509", f"the draw cannot change 'until {printed(s.until)}': it reads neither "
                f"{printed(s.source)} nor {printed(s.dest) if s.dest is not None else 'the destination'} nor "
                f"what the block changes, so it holds before every item alike (no item is drawn) or never "
                f"(all are)", s.until.span,
                f"test the destination: 'until size({printed(s.dest) if s.dest is not None else 'hand'}) >= N', "
                f"or 'draw N from ...' for a fixed number"))

    def item_condition(self, where, source: str, scope: Scope) -> tuple:
        """The `where COND` of a `draw` or a `move all of` (none: nothing to check): a condition on
        each item of the source zone, `it`. The kinds the items taken are narrowed to (`where it is
        coin`), () when it tells none."""
        if where is None:
            return ()
        inner = scope.child()
        inner.it_kind = source.partition(":")[2] or "any"
        self.condition(where, inner)
        return kinds_in(self.narrowings(where, True, inner).get("it", ""))

    def condition(self, expr, scope: Scope) -> str:
        """A condition (`if`, `while`, `where`, a guard, `not`, `and`, `or`, a winner line's `if`): a
        condition, or a player, card or member tested for `none`. A number is never one (`if pts`:
        write `pts > 0`), nor a text, a zone or a list (always true). Returns the condition's type."""
        kind = self.tested(expr, self.expr(expr, scope))
        if base_of(kind) in ("str", "zone", "list", "int"):
            self.err("E303", f"a condition must be true or false, not {article(words(kind))}", expr.span,
                     f"compare it: {printed(expr)} > 0" if base_of(kind) == "int" else
                     f"count it: size({printed(expr)}) > 0" if base_of(kind) in ("zone", "list") else None)
        return kind

    def tested(self, expr, kind: str) -> str:
        """The type of a tested value: an untyped func's call is checked as "any" everywhere else (its
        result is inferred), but a number from one is no condition either (`if score()`)."""
        decl = self.sym.decls.get(expr.func) if isinstance(expr, A.Call) and kind == "any" else None
        if isinstance(decl, A.Func) and decl.returns is None and expr.func not in self.reshaped:
            return self.gives(decl) or "any"
        return kind

    def zone_expr(self, expr, scope: Scope) -> str:
        if isinstance(expr, A.Name) and expr.id not in scope.locals and self.sym.category(expr.id) is None \
                and ALIASES.get(expr.id, expr.id) not in BUILTIN_DOMAINS:
            self.unknown("E209", "zone", expr.id, expr.span, self.sym.of("zone"))
            return "any"
        kind = self.expr(expr, scope)
        if not fits(kind, "zone"):
            holder = self.kind_of(self.expr(expr.obj, scope)) if isinstance(expr, A.Attr) else None
            zones = [f.name for f in holder.fields if f.held is not None] if holder is not None else []
            if holder is not None and any(f.name == expr.name for f in holder.fields):   # a field, no zone
                self.err("E415", f"{printed(expr)} is {article(words(kind))}, not a zone {article(holder.name)} holds",
                         expr.span, f"{holder.name}'s zones: {', '.join(zones)}" if zones else
                         f"declare one in kind {holder.name}: 'NAME: zone of KIND;'")
                return kind
            self.err("E303", f"expected a zone, found {article(words(kind))}", expr.span, self.not_a_zone_hint(expr, scope))
        return kind

    def not_a_zone_hint(self, expr, scope: Scope) -> Optional[str]:
        """The hint of E303 at a card or a kind named where a zone goes (`move all of dice to tray;` for dice
        declared `die_piece dice * 5`): cards start in no zone, and `fill` is what puts a kind's cards into one."""
        decl = self.sym.decls.get(expr.id) if isinstance(expr, A.Name) and expr.id not in scope.locals else None
        if isinstance(decl, A.Entity):
            copies = f" (its {decl.copies} copies are one declaration)" if decl.copies > 1 else ""
            return (f"{expr.id!r} is a card{copies}, not a zone: 'fill ZONE with {decl.kind};' puts every {decl.kind} "
                    f"into a zone, 'move {expr.id} to ZONE;' moves this one")
        if isinstance(decl, A.Kind):
            return f"{expr.id!r} is a kind, not a zone: 'fill ZONE with {expr.id};' puts every {expr.id} into a zone"
        return None

    def item_expr(self, expr, scope: Scope, verb: str) -> str:
        kind = self.expr(expr, scope)
        if not fits(kind, "entity"):
            self.err("E303", f"{verb} needs a card, tile or piece, not {article(words(kind))}", expr.span)
        return kind

    def visit_Move(self, s: A.Move, scope: Scope) -> None:
        item = self.item_expr(s.item, scope, "move")
        self.zone_expr(s.dest, scope)
        self.kinds_fit(kinds_in(item) if base_of(item) == "entity" else (), s.dest, scope, s.item.span, s.item)
        if isinstance(s.dest, A.Attr) and id(s.dest) in self.sym.card_zones and printed(s.dest.obj) == printed(s.item):
            self.err("E416", f"'move {printed(s.item)} to {printed(s.dest)};': a card cannot go into a zone it holds "
                     "itself", s.dest.span, f"move it into another card's {s.dest.name}, or move "
                     f"what it holds: 'move all of {printed(s.dest)} to ...;'")
        self.holder_hidden(kinds_in(item) if base_of(item) == "entity" else (), s.dest, scope, s.item.span)
        self.move_depth(s, scope)
        if s.known is not None:
            self.move_known(s, scope)

    def move_depth(self, s, scope: Scope) -> None:
        """A move's `at N from top|bottom` (4.14): N a number (E671, not E303: the hint says what a depth counts),
        at least 1 when it is a constant (E671; a computed one below 1 is E601 in play). One past the zone's other
        end is no error: the item goes to that end, as a short deck takes it."""
        if s.depth is None:
            return
        kind = self.expr(s.depth, scope)
        where = f"to {printed(s.dest)} at {printed(s.depth)} from {s.depth_from}"
        if not fits(kind, "int"):
            self.err("E671", f"'{where}': a depth is a number, not {article(words(kind))}", s.depth.span,
                     f"count the place from that end: 'at 1 from {s.depth_from}' is the {s.depth_from} itself, "
                     f"'at 2 from {s.depth_from}' just {'under' if s.depth_from == 'top' else 'above'} it")
            return
        value = constant(s.depth)
        if type(value) is int and value < 1:
            self.err("E671", f"'{where}': a depth counts from 1 (the {s.depth_from} itself), not {value}",
                     s.depth.span, f"the {s.depth_from} itself is 'at 1 from {s.depth_from}' (what 'to "
                     f"{s.depth_from} of {printed(s.dest)}' says), the next one 'at 2 from {s.depth_from}'")

    def depth_shuffled(self, s, rest: tuple) -> None:
        """W654: a move at a depth of a zone (`move c to deck at 3 from top;`) that a later statement of the same
        block shuffles (`shuffle deck;`): the shuffle undoes the place, so the depth says nothing."""
        if type(s) not in (A.Move, A.MoveAll) or s.depth is None:
            return
        zone = printed(s.dest)
        shuffle = next((t for t in rest if type(t) is A.Shuffle and printed(t.zone) == zone), None)
        if shuffle is not None:
            self.diags.append(Diagnostic(
                "W654", f"'at {printed(s.depth)} from {s.depth_from}' of {zone}, shuffled afterwards in the same block: "
                        "the shuffle undoes the depth", s.depth.span,
                hint=f"put the card at its depth after 'shuffle {zone};' (a card shuffled in: 'move ... to {zone};' "
                     "then the shuffle)", notes=(f"the shuffle is at {shuffle.span}",)))

    def visit_SetAside(self, s: A.SetAside, scope: Scope) -> None:
        """`set aside CARD until PATTERN [then to ZONE];`, `set aside all of ZONE [where COND] ...` (4.14b): E554
        for an item that is no card or tile, E555 for a card of kinds no zone holds (it is never in one to be
        taken from), the pattern checked as an `until`'s; W540 (the whole pack: `_lint_triggers`) when nothing
        announces its event, so the card never comes back."""
        if s.all:
            source = self.zone_expr(s.item, scope)
            kinds = self.item_condition(s.where, source, scope) or self.zone_kinds(s.item, source, scope)
        else:
            item = self.expr(s.item, scope)
            kinds = kinds_in(item) if base_of(item) == "entity" else ()
            if not fits(item, "entity"):
                self.err("E554", f"'set aside' takes a card, tile or piece, not {article(words(item))}", s.item.span,
                         f"every card of a zone: 'set aside all of {printed(s.item)} until ...;'" if base_of(item) == "zone"
                         else "name the card: a local, a parameter, 'this', 'first(ZONE)'")
            self.zoned(kinds, s.item)
        self.until(s.until, scope)
        if s.dest is not None:
            self.zone_expr(s.dest, scope)
            self.kinds_fit(kinds, s.dest, scope, s.item.span, "it" if s.all else s.item)
        self.asides.append(s)

    def zoned(self, kinds: tuple, item) -> None:
        """E555: a card set aside whose kinds no zone holds (neither a zone's `of` nor a kind's `zone of`): it is
        never in a zone, so it cannot leave one."""
        if not kinds or any(type(self.sym.decls.get(k)) is not A.Kind for k in kinds):
            return
        held = set()
        for d in self.sym.decls.values():
            if isinstance(d, A.Zone):
                held.update(d.kinds)
            elif isinstance(d, A.Kind):
                held.update(f.of for f in d.fields if f.held is not None and f.of is not None)
        if "any" in held or any(k in held for k in kinds):
            return
        zones = self.sym.of("zone")
        self.err("E555", f"'set aside {printed(item)}': {article(' or '.join(kinds))} is never in a zone (no zone holds "
                 f"{' or '.join(kinds)}), so it cannot be set aside from one", item.span,
                 f"declare a zone of it ('zone NAME of {kinds[0]};')" + (f", or set aside a card of {', '.join(zones[:3])}"
                                                                          if zones else ""))

    def move_known(self, s: A.Move, scope: Scope) -> None:
        """`move ITEM to top of ZONE known [to PLAYERS];`: E450 without an end (the place is counted from
        it), E451 for `to` that names no players, W439 into a public zone (everyone sees it in order)."""
        line = f"move {printed(s.item)} to top of {printed(s.dest)} known"
        if not s.known:
            self.err("E450", "'known' keeps the card's place, counted from the end it goes to: say which end",
                     s.dest.span, f"write '{line};' (or 'to bottom of ...')")
        if s.known_to is not None:
            who = self.expr(s.known_to, scope)
            if not (fits(who, "player") or fits(who, "list:player")):
                self.err("E451", f"'known to' names a player or a list of players, not {article(words(who))}",
                         s.known_to.span, f"the acting player alone: '{line};'; everyone: '... known to players;'")
        decl = self.zone_decl(s.dest, scope)
        if decl is not None and decl.visibility == "public":
            self.diags.append(Diagnostic(
                "W439", f"'{decl.name}' is public: everyone sees its cards, in order, already; 'known' adds nothing",
                s.span, f"leave out 'known', or declare the zone 'secret' or 'hidden'"))

    def holder_hidden(self, kinds: tuple, dest, scope: Scope, span: A.Span) -> None:
        """W496: cards of a kind holding a zone (`tucked: zone of card;`) moved into a secret zone (a deck):
        what each holds stays with it, out of play and out of sight, and comes back with it when drawn."""
        decl = self.zone_decl(dest, scope)
        if decl is None or decl.visibility != "secret":
            return
        for k in kinds:
            kind = self.sym.decls.get(k)
            zones = [f.name for f in kind.fields if f.held is not None] if isinstance(kind, A.Kind) else []
            if zones:
                self.diags.append(Diagnostic(
                    "W496", f"{article(k)} moved into {printed(dest)!r}, a secret zone, keeps what it holds "
                    f"({', '.join(zones)}): those cards go with it, out of play, and come back with it",
                    span, f"empty it first: 'move all of c.{zones[0]} to ...;' (c the {k})"))
                return

    def zone_decl(self, expr, scope: Scope):
        """The declaration of a zone expression (`hand`, `p.hand`, `row[2]`), None when it is none."""
        while isinstance(expr, A.Index) or isinstance(expr, A.Attr) and self.sym.category(expr.name) == "zone":
            expr = A.Name(expr.name) if isinstance(expr, A.Attr) else expr.obj
        decl = self.sym.decls.get(expr.id) if isinstance(expr, A.Name) and expr.id not in scope.locals else None
        return decl if isinstance(decl, A.Zone) else None

    def zone_kinds(self, expr, kind: str, scope: Scope) -> tuple:
        """The kinds a zone expression's items are known to be: its declaration's, else its type's
        (`zone:card`); () when unknown (`of any`, a parameter of type zone)."""
        decl = self.zone_decl(expr, scope)
        kinds = decl.kinds if decl is not None else \
            kinds_in(kind) if base_of(kind) == "zone" else ()
        return () if "any" in kinds else kinds

    def kinds_fit(self, kinds: tuple, dest, scope: Scope, span: A.Span, item=None) -> None:
        """W427: items of a kind moved into a zone declared of other kinds (`move first_marker to bag;`,
        a token into a zone of tiles), when both kinds are known: a field read on them fails in play.
        `item`: the local moved, which a test may narrow to the kinds the zone holds (an item of a zone
        of several kinds); "it" for the items a `move all of` or a `draw` takes, which `where it is
        KIND` narrows."""
        held = self.zone_kinds(dest, "", scope)
        strays = [k for k in kinds if k not in held]
        if any(type(self.sym.decls.get(k)) is not A.Kind for k in (*held, *kinds)):
            return   # a kind unknown (E204 says so): no warning builds on it
        if held and strays:
            decl = self.zone_decl(dest, scope)
            declare = f"declare it 'zone {decl.name} ... of {' or '.join((*held, *strays))}'"
            fitting = [k for k in kinds if k in held]
            def test(x: str) -> str:   # the kinds the zone holds, each named: `x is city_card or x is event_card`
                return " or ".join(f"{x} is {k}" for k in fitting)
            narrow = f"if only {' or '.join(fitting)} should go there, narrow it first: 'if {test(item.id)} " \
                f"{{ move {item.id} to {printed(dest)}; }}'; " if type(item) is A.Name and fitting else \
                f"if only {' or '.join(fitting)} should go there, take only those: 'where {test('it')}'; " \
                if item == "it" and fitting else ""
            self.diags.append(Diagnostic(
                "W427", f"{article(' or '.join(strays))} moved into {printed(dest)!r}, a zone of {' or '.join(held)}: "
                f"a field read on it there may fail in play", span,
                f"{narrow}if it holds both on purpose, {declare}"))

    def visit_MoveAll(self, s: A.MoveAll, scope: Scope) -> None:
        """`move all of Z to W;`: two zones, not the same one as written (E313: moving a zone into
        itself; one computed to be the same is E601 during play)."""
        source = self.zone_expr(s.source, scope)
        kinds = self.item_condition(s.where, source, scope)
        dest = self.zone_expr(s.dest, scope)
        self.kinds_fit(kinds or self.zone_kinds(s.source, source, scope), s.dest, scope, s.source.span, "it")
        self.holder_hidden(kinds or self.zone_kinds(s.source, source, scope), s.dest, scope, s.source.span)
        self.move_depth(s, scope)
        if fits(source, "zone") and fits(dest, "zone") and printed(s.source) == printed(s.dest):
            self.err("E313", f"'move all of {printed(s.source)}' into itself: the source and the destination "
                     "are the same zone", s.dest.span,
                     "to reorder a zone, 'shuffle' it; to move its items elsewhere, name another zone")
        self.display_gathered(s, scope)

    def display_gathered(self, s: A.MoveAll, scope: Scope) -> None:
        """W549: `move all of market to deck;` of a display (`show N from deck`) into its own source. The
        display, still laid out, is topped up at once after the move from the top of the unshuffled deck, and
        the shuffle after it leaves it so (Jaipur's market, as first written, was 5 cards of the old deck and
        then its 3 camels). `fill deck with KIND;` gathers a
        deck back with no top-up after it, and the shuffle after it lays the display out again."""
        base = filled_base(s.source)
        shown = self.sym.decls.get(base) if base is not None and base not in scope.locals else None
        if type(shown) is not A.Zone or shown.show is None or s.where is not None \
                or filled_base(s.dest) != shown.show_from.id or shown.show_from.id in scope.locals \
                or shown.name in self.held_displays:   # (held: laid out again once the block ends)
            return
        self.err("W549", f"'move all of {printed(s.source)}' into its own source: {shown.name!r} shows "
                 f"{shown.show} from {shown.show_from.id} and is topped up at once after this move, from the top of "
                 f"{shown.show_from.id} before any shuffle, and a shuffle after does not lay it out again", s.span,
                 f"gather the deck back with 'fill {printed(s.dest)} with {shown.kind};' (no top-up follows a fill): "
                 f"the shuffle after it lays {printed(s.source)} out again from the shuffled deck")

    def visit_Swap(self, s: A.Swap, scope: Scope) -> None:
        """`swap Z with W;`: two zones (E209, E303), not the same one as written (E556; one computed to be the
        same is E601 in play), each able to hold the other's items (E557: a zone declared of kinds the other is
        not declared of). An indexed zone named without its index is E312, as wherever a zone stands."""
        zone, other = self.zone_expr(s.zone, scope), self.zone_expr(s.other, scope)
        if not (fits(zone, "zone") and fits(other, "zone")):
            return
        if printed(s.zone) == printed(s.other):
            self.err("E556", f"'swap {printed(s.zone)} with {printed(s.other)};' swaps a zone with itself: nothing "
                     "would change", s.other.span, "name the other zone: 'swap hand with p.hand;' (p another player)")
            return
        if s.unseen:
            self.unseen_swap(s, scope)
        mine, theirs = self.zone_kinds(s.zone, zone, scope), self.zone_kinds(s.other, other, scope)
        if not mine or not theirs or any(type(self.sym.decls.get(k)) is not A.Kind for k in (*mine, *theirs)):
            return   # a zone of any kind, or a kind unknown (E204 says so)
        for here, there, expr in ((mine, theirs, s.other), (theirs, mine, s.zone)):
            strays = [k for k in here if k not in there]
            if strays:
                held = " or ".join(there)
                self.err("E557", f"{printed(expr)!r} holds {held}, but the swap puts {' or '.join(strays)} into it: "
                         "each zone of a swap takes all the other holds", expr.span,
                         f"declare both zones of the same kinds ('of {' or '.join(dict.fromkeys((*mine, *theirs)))}'), "
                         "or move the items that fit with 'move all of ... where it is KIND to ...;'")
                return

    def visit_PassOn(self, s: A.PassOn, scope: Scope) -> None:
        """`pass ZONE to PLAYER;`: ZONE is a `per_player` zone named bare, each player's own (E563: a shared zone,
        one zone of an indexed zone or another player's has no "each player's" to pass), PLAYER a player, read
        with each player as `you` (E564)."""
        kind, decl = self.zone_expr(s.zone, scope), self.zone_decl(s.zone, scope)
        if not fits(kind, "zone") or kind == "any" and decl is None:
            return   # no zone (E303), or one unknown (E209)
        if not isinstance(s.zone, A.Name) or decl is None or not decl.per_player or decl.indexes:
            self.err("E563", f"'pass {printed(s.zone)} to ...' passes each player's own zone: {printed(s.zone)!r} is "
                     "not a zone every player has, named alone", s.zone.span,
                     "name a 'per_player' zone alone: 'pass hand to left;' (each player's hand goes to the player on "
                     "their left)")
            return
        self.one_player(s.to, scope, "E564", f"'pass {printed(s.zone)} to ...' names the player each zone goes to "
                        "(worked out for each player as you)",
                        "write 'to left' or 'to right' (or a player of each: 'to if age == 2 then right else left')")

    def one_player(self, e: A.Expr, scope: Scope, code: str, what: str, hint: str) -> None:
        """`e`, checked to be a player: else `code` at it, "WHAT, not a TYPE", with the hint."""
        kind = self.expr(e, scope)
        if not fits(kind, "player"):
            self.err(code, f"{what}, not {article(words(kind))}", e.span, hint)

    def unseen_swap(self, s: A.Swap, scope: Scope) -> None:
        """E611: `swap ... unseen` of a zone some player other than its owner sees into (`public`, `hidden from
        owner`): they watch its items change, so the swap cannot be unseen."""
        for expr in (s.zone, s.other):
            decl = self.zone_decl(expr, scope)
            if decl is not None and decl.visibility in SEEN_BY_OTHERS:
                who = "every player" if decl.visibility == "public" else "every player but its owner"
                self.err("E611", f"'swap ... unseen' of {printed(expr)!r}, which {who} sees into: they watch what it "
                         "holds change, so the swap cannot be unseen", expr.span,
                         "swap zones that only their owner sees ('hidden') or nobody ('secret'), or drop 'unseen'")
                return

    def visit_Deal(self, s: A.Deal, scope: Scope) -> None:
        """`deal all of Z to W [from P] [K at a time];` / `deal N of ...`: N a number of at least 0 (E303, E308), K of
        at least 1 (E631), Z a zone, W a
        `per_player` zone named bare, each receiver's own (E591: a shared zone, another player's or one element of
        an indexed zone has no "each player's" to deal into), able to hold Z's items (E557 as `draw`'s), P a
        player (E592)."""
        if s.count is not None:
            self.amount(s.count, scope)
            self.not_negative(s.count, "'deal'")
        if s.packet is not None:   # `K at a time`: K a number or a constant (the grammar's), of at least 1
            self.amount(s.packet, scope)
            if type(s.packet) is A.Int and s.packet.value < 1:
                self.err("E631", f"'{s.packet.value} at a time' deals packets of no card: a deal's packet is at "
                         "least 1", s.packet.span, "write '1 at a time' (or leave it out: one at a time round the "
                         "table), or the size of each player's packet, as 'deal 8 of deck to hand 4 at a time;'")
        source = self.zone_expr(s.source, scope)
        kind, decl = self.zone_expr(s.dest, scope), self.zone_decl(s.dest, scope)
        if fits(kind, "zone") and not (kind == "any" and decl is None):   # (no zone: E303; unknown: E209)
            if not isinstance(s.dest, A.Name) or decl is None or not decl.per_player or decl.indexes:
                own = [n for n, d in self.sym.decls.items() if type(d) is A.Zone and d.per_player and not d.indexes]
                hand = (closest(filled_base(s.dest) or "", own) or own[0]) if own else "hand"
                self.err("E591", f"'deal ... to {printed(s.dest)}' deals into each player's own zone: "
                         f"{printed(s.dest)!r} is not a zone every player has, named alone", s.dest.span,
                         f"did you mean '{hand}'? name a 'per_player' zone alone: 'deal all of {printed(s.source)} "
                         f"to {hand};' (each player's own)")
            else:
                taken = self.zone_kinds(s.source, source, scope)
                self.kinds_fit(taken, s.dest, scope, s.source.span, "it")
                self.holder_hidden(taken, s.dest, scope, s.source.span)
        if s.start is not None:
            start = self.expr(s.start, scope)
            if not fits(start, "player"):
                self.err("E592", f"'deal ... from' names the player dealt to first, not {article(words(start))}",
                         s.start.span, "write 'from left(dealer)' (the dealer's left, where dealing starts) or a player")
        if s.body is not None:   # `as (RECEIVER, CARD) { ... }`: each card dealt, as its receiver
            self.deal_each(s, source, scope)

    def deal_each(self, s: A.Deal, source: str, scope: Scope) -> None:
        """A deal's block, run once the deal is over for each card dealt, as its receiver (a player) with the card
        (an item of the zone dealt); W604 for a block that deals again (a `deal` in it): the cards that deal hands
        out get no turn of this block, and the two deals' orders mix."""
        if s.receiver == s.var:
            self.err("E327", f"the receiver and the card dealt are both named {s.var!r}", s.span,
                     f"write 'as (receiver, {s.var})'")
        inner = self.bind(self.bind(scope, s.receiver, s.span, "player"), s.var, s.span, element_of(source))
        loops, self.player_loops = self.player_loops, []   # the block's acting player is the receiver
        each_as, self.each_as = self.each_as, None
        self.always_in += 1
        self.block(s.body, inner)
        self.always_in -= 1
        self.player_loops, self.each_as = loops, each_as
        again = next((n for stmt in s.body for n in A.walk(stmt) if type(n) is A.Deal), None)
        if again is not None:
            self.err("W604", "a deal inside the block a deal runs for each card dealt: the cards it deals get no "
                     "turn of the outer block, and the two deals' cards mix", again.span,
                     "deal once, then run the block: 'deal all of deck to hand as (p, c) { ... }', and deal the "
                     "next zone after it")

    def hand_dealt(self, s: A.While) -> None:
        """W579: `while size(Z) > 0 { each players { if size(Z) > 0 { draw 1 from Z to W; } } }`, the round of
        dealing written by hand: `deal all of Z to W;` says it (and deals in the same order); W632 the same with
        `draw K` (K > 1): `deal all of Z to W K at a time;` (each player's K before the next player's)."""
        each = s.body[0] if len(s.body) == 1 else None
        guard = each.body[0] if type(each) is A.Each and each.where is None and len(each.body) == 1 else None
        draw = guard.then[0] if type(guard) is A.If and not guard.otherwise and len(guard.then) == 1 else None
        dealt = self.dealt_round(each, draw)
        if dealt is None:
            return
        zone, start, packet = dealt
        if printed(s.cond) != printed(guard.cond) or printed(s.cond) != f"size({zone}) > 0":
            return
        if packet != "1" and self.sym.decls[zone].refills is not None:
            return   # (a packet drawn short of a deck that refills would refill it: the deal stops when it is empty)
        if packet == "1":
            written = f"deal all of {zone} to {printed(draw.dest)}{start};"
            self.diags.append(Diagnostic("W579", f"this loop deals {zone} out one card at a time round the players by "
                                         f"hand: '{written}' says it, in the same order", s.span,
                                         f"write '{written}' (an uneven deck leaves the first players one card more)"))
            return
        written = f"deal all of {zone} to {printed(draw.dest)}{start} {packet} at a time;"
        self.diags.append(Diagnostic("W632", f"this loop deals {zone} out {packet} cards at a time round the players by "
                                     f"hand: '{written}' says it, in the same order", s.span,
                                     f"write '{written}' (the last player dealt to gets what is left)"))

    def packets_dealt(self, s: A.Repeat) -> None:
        """W632: `repeat R { each players { draw K from Z to W; } }`, a deal in packets written by hand (or one card
        at a time, K 1): `deal R*K of Z to W K at a time;` says it, dealing the same cards in the same order."""
        each = s.body[0] if len(s.body) == 1 else None
        draw = each.body[0] if type(each) is A.Each and each.where is None and not each.settled \
            and len(each.body) == 1 else None
        dealt = self.dealt_round(each, draw)
        rounds = s.count
        if dealt is None or not (type(rounds) is A.Int or (type(rounds) is A.Name and self.sym.category(rounds.id) == "const")) \
                or not isinstance(constant(rounds), int) or constant(rounds) < 2:
            return
        zone, start, packet = dealt
        written_out = [type(x) is A.Int and getattr(x, "const", None) is None for x in (rounds, draw.count)]
        many = str(constant(rounds) * constant(draw.count)) if all(written_out) else f"{printed(rounds)} * {packet}"
        written = f"deal {many} of {zone} to {printed(draw.dest)}{start}{'' if packet == '1' else f' {packet} at a time'};"
        what = "one card" if packet == "1" else f"{packet} cards"
        self.diags.append(Diagnostic("W632", f"this loop deals {zone} out {what} at a time round the players by hand, "
                                     f"{printed(rounds)} rounds: '{written}' says it, in the same order", s.span,
                                     f"write '{written}'"))

    def dealt_round(self, each, draw) -> Optional[tuple]:
        """(the zone dealt from, ` from P` or nothing, K) when `each PLAYERS { draw K from Z to W; }` is one round of
        a deal: PLAYERS `players` or `players_from(P)`, Z a zone all share, W each player's own zone named alone, K a
        whole number or a constant's name (as a deal's packet is written); else None (W579, W632)."""
        if type(draw) is not A.Draw or draw.until is not None or draw.name is not None or draw.where is not None \
                or draw.top or draw.dest is None or type(draw.source) is not A.Name or type(draw.dest) is not A.Name:
            return None
        count = draw.count
        if not (type(count) is A.Int or (type(count) is A.Name and self.sym.category(count.id) == "const")) \
                or not isinstance(constant(count), int) or constant(count) < 1:
            return None
        source, dest = self.sym.decls.get(draw.source.id), self.sym.decls.get(draw.dest.id)
        if type(source) is not A.Zone or source.per_player or source.indexes \
                or type(dest) is not A.Zone or not dest.per_player or dest.indexes:
            return None
        domain = printed(each.domain)
        start = "" if domain == "players" else domain[len("players_from("):-1] \
            if domain.startswith("players_from(") and domain.endswith(")") else None
        if start is None:
            return None
        return draw.source.id, f" from {start}" if start else "", printed(count)

    def swap_seen(self, s: A.Swap, after: Optional[A.Stmt], scope: Scope) -> None:
        """W541: a swap between a secret zone (a deck) and one someone sees, the secret one not shuffled by the
        next statement: the items it receives were seen, in the order they now lie in."""
        decls = [self.zone_decl(z, scope) for z in (s.zone, s.other)]
        if None in decls or [d.visibility == "secret" for d in decls].count(True) != 1:
            return
        secret = (s.zone, s.other)[0 if decls[0].visibility == "secret" else 1]
        if type(after) is A.Shuffle and printed(after.zone) == printed(secret):
            return
        seen = s.zone if secret is s.other else s.other
        self.diags.append(Diagnostic(
            "W541", f"{printed(secret)!r} is secret, but what the swap puts into it comes from {printed(seen)!r}, "
            "which is seen: whoever saw those cards knows what lies in it, and in which order", s.span,
            f"shuffle it right after: 'shuffle {printed(secret)};'"))

    def visit_EndGame(self, s: A.EndGame, scope: Scope) -> None:
        self.text_parts(s.reason_parts or (), scope)   # allowed in any effect: a card, a trigger, a proc, any phase
        if not s.named:
            return
        verb = "drawn" if s.drawn else "lost by" if s.lost else "won by"
        if s.by is not None:   # `end game won by P;`: a player or a list of players (E638), never an actor
            kind = self.expr(s.by, scope)
            if not (fits(kind, "player") or fits(kind, "list:player")):
                self.err("E638", f"'end game {verb}' names a player or a list of players, not "
                         f"{article(words(kind))}", s.by.span)
            elif isinstance(s.by, A.Name) and s.by.id not in scope.locals and self.sym.category(s.by.id) == "actor":
                self.err("E638", f"'end game {verb}' names a player: the actor {s.by.id!r} neither wins nor loses",
                         s.by.span)
        game = self.sym.game
        if game is not None and game.winner is not None and game.winner.together:
            # the team wins or loses whole, by its condition: naming one player (or a draw) says nothing it can use
            self.err("E639", f"'end game {verb}' in a cooperative game ('winner together'): the team wins or "
                     "loses together, by the winner line's condition", s.span,
                     "write 'end game;' and let the condition tell a win from a loss (set what it reads first)")
        elif s.drawn and game is not None and game.max_players == 1:
            # alone at the table there is nobody to draw with: the game is won or lost
            self.err("E657", f"'end game drawn' in game {game.name!r}, played by one seat: a game alone is won or "
                     "lost, never drawn", s.span,
                     "write 'end game lost by you;' (or 'won by you;') for how the game ends there")

    def visit_EndAfter(self, s: A.EndAfter, scope: Scope) -> None:
        """`end game after LABEL;`: allowed in any effect, as `end game;`, naming a label some loop of
        the merged rules carries (E224, with a did-you-mean); whether one is running is known in play (E609)."""
        self.text_parts(s.reason_parts or (), scope)
        if s.label not in self.loop_labels:
            self.unknown("E224", "loop label", s.label, s.span, self.loop_labels)
        elif self.in_phase is not None and s.label not in self.open_labels:
            # written in a phase, outside every loop so labelled there: no such loop can be running when it
            # runs (a proc, a card or a trigger may be reached from inside one: that stays E609 in play)
            around = [f"'{label}'" for label in self.open_labels]
            self.err("E325", f"'end game after {s.label};' is in the {self.in_phase} phase outside any loop labelled "
                     f"{s.label!r}, so none is running when it runs"
                     + (f" (the loops around it are labelled {', '.join(around)})" if around else ""), s.span,
                     f"put it inside the loop labelled {s.label!r}, or write 'end game;' to end the game at once")

    def visit_Window(self, s: A.Window, scope: Scope) -> None:
        """`window;`: nothing to check here (W477/W478 look at the whole pack)."""

    def never_settles(self, s: A.Each) -> None:
        """W525: `each ... until settled` without `where` whose body reopens unconditionally (a
        `reopen;` among its own statements) and has no way out (`break`, `return`, `end game`,
        `eliminate`): every turn makes the others owe one again, so it goes round until the step budget."""
        if s.where is not None or not any(type(x) is A.Reopen for x in s.body):
            return
        if any(type(n) in (A.Break, A.Return, A.EndGame, A.EndAfter, A.Eliminate) for x in s.body for n in A.walk(x)):
            return
        reopen = next(x for x in s.body if type(x) is A.Reopen)
        self.diags.append(Diagnostic(
            "W525", "this round never settles: its body always reopens it, and without 'where' no player drops out, "
            "so it goes round until the step budget runs out", reopen.span,
            "reopen only when the turn changed what the others must answer ('if ... { reopen; }'), or add "
            "'where COND' so that players drop out"))

    def visit_Reopen(self, s: A.Reopen, scope: Scope) -> None:
        """`reopen;`: lexical, as `break`: an `each ... until settled` of its own effect must be around it (E533)."""
        if any(type(lp) is A.Each and lp.settled for lp in self.open_loops):
            return
        inside = "in a trigger's body, which runs later on its own" if self.in_trigger > 0 else \
            "outside every 'each ... until settled' of its effect"
        self.err("E533", f"'reopen;' is {inside}: there is no round for it to reopen", s.span,
                 "write it in the body of 'each PLAYERS until settled { ... }' (not in a proc called from there: "
                 "'reopen' is lexical, as 'break')")

    def visit_Break(self, s: A.Break, scope: Scope) -> None:
        """`break;` / `break LABEL;`: lexical, so a loop of the statement's own effect must be around it
        (E335: none; a trigger's body starts afresh, it runs later), and LABEL must name one of them (E336).
        A named phase is no loop written around it (E335 or E336, saying what to write instead)."""
        if s.label is not None and s.label in (p.name for p in getattr(self.sym.game, "phases", None) or ()):
            self.break_of_phase(s)
            return
        if not self.open_loops:
            trigger = self.in_trigger > 0
            where = "in a trigger's body outside any loop of that body (the trigger runs later, on its own)" \
                if trigger else "outside any loop"
            self.err("E335", f"'{printed_break(s)}' is {where}: there is no loop for it to leave", s.span,
                     "a 'break' leaves a 'repeat', 'while', 'for each' or 'each' written around it; to stop a "
                     "proc early, write 'return;'")
            return
        if s.label is None or any(lp.loop_label == s.label for lp in self.open_loops):
            return
        around = [lp.loop_label for lp in reversed(self.open_loops) if lp.loop_label is not None]
        span = self.at_name(s.label, s.span)
        if s.label in self.loop_labels:
            self.err("E336", f"'break {s.label};' is not inside the loop labelled {s.label!r}: a 'break' leaves only "
                     "a loop written around it (not one around a call of this proc, nor one elsewhere)", span,
                     f"the loops around it are labelled {', '.join(map(repr, around))}" if around else
                     "write 'break;' inside that loop, or 'return;' to stop the proc")
            return
        hint = did_you_mean(s.label, around)
        self.diags.append(Diagnostic("E336", f"unknown loop label {s.label!r}: no loop around 'break' is labelled so",
                                     span, hint or ("the loops around it are labelled " + ", ".join(map(repr, around))
                                                    if around else "label the loop ('while COND as LABEL { ... }') "
                                                    "or write 'break;' to leave the innermost one")))

    def break_of_phase(self, s: A.Break) -> None:
        """`break PHASE;`: a named phase runs as a loop of one round, but none written around the `break`; leaving
        it would skip the rest of its steps (the era's scoring, the `after` steps a house rule adds), which no
        rulebook means by "the era ends": its rounds end (their loop's condition, or `break` of that loop)."""
        code = "E336" if self.open_loops else "E335"
        inner = next((lp.loop_label for lp in reversed(self.open_loops) if lp.loop_label is not None), None)
        leave = f"'break {inner};' leaves the loop labelled {inner}" if inner is not None else \
            "label the loop of its rounds ('while COND as rounds { ... }') and write 'break rounds;'"
        self.err(code, f"'break {s.label};' names phase {s.label!r}: a phase is left by running to its end, not by "
                 "'break' (it is no loop written around it, and leaving it would skip the rest of its steps and its "
                 "'after' steps)", self.at_name(s.label, s.span),
                 f"to end the phase's rounds early, {leave}, or give that loop the condition the rules end "
                 f"them on; to end the game once the phase is over, write 'end game after {s.label};'")

    def visit_Eliminate(self, s: A.Eliminate, scope: Scope) -> None:
        """`eliminate P;` / `restore P;`: a player or a list of players (none: you); never an actor."""
        if s.who is None:
            if s.restore and self.always_in:
                self.diags.append(Diagnostic(
                    "W415", "'restore;' here brings nobody back: the acting player is always in here ('each' "
                    "skips a knocked-out player, and their triggers rest)", s.span,
                    "name who comes back: 'restore all_players;'"))
            return
        verb = "restore" if s.restore else "retire" if s.retire else "eliminate"
        kind = self.expr(s.who, scope)
        if not (fits(kind, "player") or fits(kind, "list:player")):
            self.err("E303", f"{verb} needs a player or a list of players, not {article(words(kind))}", s.who.span)
        elif isinstance(s.who, A.Name) and s.who.id not in scope.locals and self.sym.category(s.who.id) == "actor":
            self.err("E303", f"{verb} is for players: the actor {s.who.id!r} is never knocked out", s.who.span)

    def visit_Shuffle(self, s: A.Shuffle, scope: Scope) -> None:
        self.zone_expr(s.zone, scope)

    def visit_Split(self, s: A.Split, scope: Scope) -> None:
        """`split ZONE into N piles as PILE { ... }` (section 4.14a): N a number (E303); E460 for a zone a card
        holds (`b.tucked`: its cards go with the card, not into piles of a deck) and for a constant N below 1."""
        kind = self.zone_expr(s.zone, scope)
        self.amount(s.count, scope)
        n = constant(s.count)
        if type(n) is int and n < 1:
            self.err("E460", f"'split ... into {n} piles': a deck is split into at least 1 pile", s.count.span,
                     "split it into 1 pile or more (1: the block runs once, on all of it)")
        if isinstance(s.zone, A.Attr) and id(s.zone) in self.sym.card_zones:
            self.err("E460", f"{printed(s.zone)} is a zone a card holds: what it holds goes with the card, it is not "
                     "a deck to split into piles", s.zone.span, "split a declared zone ('split deck into 4 piles as pile')")
        inner = self.bind(scope, s.pile, s.span, kind if base_of(kind) == "zone" else "zone")
        self.block(s.body, inner)

    def visit_Fill(self, s: A.Fill, scope: Scope) -> None:
        """`fill ZONE with KIND;` (the way every entity of a kind is gathered back, between hands as at the
        start): E381 when the zone is declared of other kinds, or is shared and the kind per-player."""
        decl = self.sym.decls.get(filled_base(s.zone))
        if s.kind is None and type(s.zone) is A.Name and s.zone.id not in scope.locals and isinstance(decl, A.Zone) \
                and decl.show is not None and decl.indexes is not None:
            return   # `fill row;` of an indexed display: every element (no index to check: no E312)
        zone = self.zone_expr(s.zone, scope)
        if s.kind is None:   # `fill market;`, `fill row[2];`: lays out a display
            if not isinstance(decl, A.Zone) or decl.show is None or type(s.zone) not in (A.Name, A.Index):
                self.err("E490", f"'fill {printed(s.zone)};' lays out a display, a zone declared 'show N from "
                         f"ZONE'; {printed(s.zone)!r} is not one", s.zone.span,
                         "say what fills it: 'fill ZONE with KIND;'" if isinstance(decl, A.Zone) else None)
            return
        if not self.expect(s.kind, ("kind",), "E204", "kind", s.span):
            return
        held = self.zone_kinds(s.zone, zone, scope)
        decl = self.zone_decl(s.zone, scope)
        if held and s.kind not in held and all(type(self.sym.decls.get(k)) is A.Kind for k in held):
            self.err("E381", f"fill puts every {s.kind} into {printed(s.zone)!r}, a zone of {' or '.join(held)}",
                     s.zone.span, f"fill it with {held[0]}, or declare it 'zone {decl.name} ... of "
                     f"{' or '.join((*held, s.kind))}'" if decl is not None else f"fill it with {held[0]}")
        elif self.sym.decls[s.kind].per_player and isinstance(decl, A.Zone) and not decl.per_player:
            self.err("E381", f"every player has their own copy of each {s.kind}: they cannot all go into the "
                     f"shared zone {decl.name!r}", s.zone.span, f"fill a per-player zone: 'each players: fill ... "
                     f"with {s.kind};'")
        if s.where is not None:
            inner = scope.child()
            inner.it_kind = s.kind
            self.condition(s.where, inner)

    def visit_Reset(self, s: A.Reset, scope: Scope) -> None:
        """`reset NAME, ...;` vars, counters (every element of an indexed one) and kinds (their fields with a
        default); `reset FIELD, ... of KIND;`. E379: a name that is none of these (with `of`: not a field of
        KIND); E380: a field with no default (what each entity is, not its state), or a computed one or an
        effect slot; W457: a kind with no field to reset. What it resets goes to `Symbols.resets`."""
        values: list = []
        fields: list = []
        if s.kind is not None:
            self.used.add(s.kind)
            cat = self.sym.category(s.kind)
            if cat is None:
                self.unknown("E379", "kind", s.kind, s.span, self.sym.of("kind"))
            elif cat != "kind":
                self.err("E379", f"{s.kind!r} is {article(cat)}: 'reset FIELD of KIND;' puts back the fields of the "
                         "entities of a kind", s.span)
            if cat != "kind":
                return
            kind = self.sym.decls[s.kind]
            flat = [n for name in s.names for n in self.reset_field(kind, name, s.span)]
            fields.append((s.kind, tuple(dict.fromkeys(flat))))
        for name in s.names if s.kind is None else ():
            self.used.add(name)
            cat = None if name in scope.locals else self.sym.category(name)
            if cat in ("var", "counter"):
                values.append(name)
            elif cat == "kind":
                kind = self.sym.decls[name]
                flat = [n for f in kind.fields if f.default is not None and not f.computed and f.type != "effect"
                        for n in self.reset_field(kind, f.name, s.span)]
                if not flat:
                    self.diags.append(Diagnostic(
                        "W457", f"'reset {name};' resets nothing: no field of {name} has a default", s.span,
                        f"give the fields play changes a default ('played: bool = false;'), or name one: "
                        f"'reset FIELD of {name};'"))
                fields.append((name, tuple(flat)))
            elif name in scope.locals:
                self.err("E379", f"{name!r} is a local here: reset puts back vars, counters and the fields of a kind",
                         s.span, f"set it: 'set {name} = ...;'")
            elif cat is None:
                self.unknown("E379", "var or counter or kind", name, s.span,
                             [n for c in ("var", "counter", "kind") for n in self.sym.of(c)])
            else:
                self.err("E379", f"{name!r} is {article(cat)}: reset puts back vars, counters and the fields of a kind",
                         s.span, "a resource goes back with 'lose' or 'set'; a zone's cards with 'fill ZONE with KIND;' "
                         "or 'move all of'" if cat in ("resource", "zone") else None)
        self.sym.resets[id(s)] = (tuple(values), tuple(fields))

    def reset_field(self, kind: A.Kind, name: str, span: A.Span) -> list:
        """The flat names `reset NAME of KIND` puts back (one per member of a field declared `int[ENUM]`),
        after E379/E380."""
        f = next((f for f in kind.fields if f.name == name), None)
        if f is None:
            self.unknown("E379", "field", name, span, [f.name for f in kind.fields], of=kind.name)
            return []
        if f.held is not None:
            self.err("E417", f"{name!r} is a zone each {kind.name} holds: its cards go somewhere, they are not reset",
                     span, f"move them out: 'for each c in {kind.name} {{ move all of c.{name} to ...; }}'")
            return []
        if f.computed or f.type == "effect":
            self.err("E380", f"{name!r} of {kind.name} is {'computed' if f.computed else 'an effect'}: nothing "
                     "play sets, so nothing to reset", span)
            return []
        if f.default is None:
            self.err("E380", f"{name!r} of {kind.name} has no default to go back to: each {kind.name} gives its own, "
                     "what it is rather than a state of play", span,
                     f"declare one ('{name}: {f.type} = ...;') if play changes it, and set each {kind.name} that "
                     "starts otherwise")
            return []
        if f.index is None:
            return [name]
        return [f"{name}[{m}]" for m in f.index_keys(self.sym.decls)]

    def visit_Flip(self, s: A.Flip, scope: Scope) -> None:
        self.item_expr(s.item, scope, "flip")

    def die_field(self, kind: str) -> Optional[A.FieldDecl]:
        """The field typed by a die of a kind (`shows: d6;`: its cards are dice kept as pieces), or None."""
        decl = self.sym.decls.get(kind)
        return next((f for f in decl.fields if f.die is not None), None) if isinstance(decl, A.Kind) else None

    def piece_kinds(self, kinds: tuple, what: str, span: A.Span, verb: str = "is a") -> Optional[A.FieldDecl]:
        """The die field the cards of `kinds` are rolled by (`roll x;`, `roll all of ZONE;`): E438 when one of
        the kinds has none, so its cards are no dice; None when the kinds are unknown or not dice."""
        fields = [self.die_field(k) for k in kinds]
        if not kinds or any(type(self.sym.decls.get(k)) is not A.Kind for k in kinds):
            self.rolled_kinds.add("any")   # (no W432 then: any of them may be rolled)
            return None   # unknown (E204 says so, or `any`): what is rolled is known in play only
        if None in fields:
            k = kinds[fields.index(None)]
            self.err("E438", f"{what} {verb} {k}, not a die: {k} has no "
                     f"field typed by a die", span,
                     f"declare the die's field on the kind ('kind {k} {{ shows: DIE; }}') to keep dice as {k}s, "
                     f"or roll a die by its name ('roll DIE;')")
            return None
        self.rolled_kinds.update(kinds)
        dice = {f.die for f in fields}
        return fields[0] if len(dice) == 1 else A.FieldDecl(fields[0].name, "any", None, die=None)

    def visit_Roll(self, s: A.Roll, scope: Scope) -> None:
        if s.source is not None:   # `roll all of ZONE [where COND];` every die kept in it
            source = self.zone_expr(s.source, scope)
            kinds = self.item_condition(s.where, source, scope) or self.zone_kinds(s.source, source, scope)
            self.piece_kinds(kinds, f"'{printed(s.source)}'", s.source.span, "holds cards of kind")
            self.sym.piece_rolls.add(id(s))
            return
        if s.count is not None:   # `let a = roll 3 d6;` a declared die, or a die parameter (no die kept as a piece)
            self.dice_count(s.count, scope)
            held = scope.locals.get(s.die)
            if held is not None and fits(held[2], "die"):   # which die is known in play only
                self.read(held)
                self.let(s.name, s.span, "list", scope)
                return
            if held is not None:
                self.read(held)
                self.err("E303", f"{s.die!r} holds {article(words(held[2]))}, not a die: several dice are rolled by "
                         f"the die's name", self.at_name(s.die, s.span), f"'let {s.name} = roll {printed(s.count)} d6;' "
                         f"(a die kept as a piece is rolled on its own: 'roll x;')")
                self.let(s.name, s.span, "list", scope)
                return
            if not self.expect(s.die, ("die",), "E210", "die", s.span):   # (a card by its name: no die to roll N of)
                self.let(s.name, s.span, "list", scope)
                return
        held = scope.locals.get(s.die)
        decl = self.sym.decls.get(s.die) if held is None else None
        this = held is None and s.die in ("this", "it")   # `roll this;` in a die's own effect
        if held is not None and (base_of(held[2]) == "entity" or held[2] == "any") or isinstance(decl, A.Entity) \
                or this:   # a card: a die kept as a piece (its kind's when known; a value of any type: in play)
            if held is not None:
                self.read(held)
            kind = held[2] if held is not None else self.expr(A.Name(s.die, span=s.span), scope) if this else None
            field = self.piece_kinds(kinds_in(kind) if kind is not None else (decl.kind,), f"'{s.die}'", s.span)
            self.sym.piece_rolls.add(id(s))
            if s.name is not None:
                self.let(s.name, s.span, self.declared(field.type) if field is not None and field.type != "any"
                         else "any", scope)
            return
        if s.die in scope.locals:   # a parameter or local holding a die: what it shows is known in play only
            self.read(scope.locals[s.die])
            if not fits(scope.locals[s.die][2], "die"):
                self.err("E303", f"{s.die!r} holds {article(words(scope.locals[s.die][2]))}, not a die", s.span)
            if s.name is not None:
                self.let(s.name, s.span, "any", scope)
            return
        if self.sym.category(s.die) == "zone":   # the dice kept as pieces in a zone: `roll all of` rolls them
            self.used.add(s.die)
            self.rolled_kinds.add(self.sym.decls[s.die].kind)   # meant to be rolled: no W432 besides
            self.err("E301", f"{s.die!r} is a zone, not a die", self.at_name(s.die, s.span),
                     f"roll the dice kept in it with 'roll all of {s.die};' (3.11), or one of them with 'roll x;'")
            return
        if not self.expect(s.die, ("die",), "E210", "die", s.span) or s.name is None:
            return
        die = self.sym.decls[s.die]
        self.die_lets[s.span] = s.die
        if s.count is not None:   # `let a = roll 3 d6;` the list of the values rolled
            if die.type is None:
                self.err("E489", f"'roll {printed(s.count)} {s.die}' keeps the values of the dice rolled, and "
                         f"{s.die!r} shows none (its faces have effects only)", s.span,
                         f"declare it 'die {s.die}: int' and give each face a value ('face = 3 {{ ... }}'), or roll "
                         f"the dice one at a time: 'repeat {printed(s.count)} {{ roll {s.die}; }}'")
            self.let(s.name, s.span, self.declared(f"list of {die.type}") if die.type else "list", scope)
            return
        if die.type is None:
            self.err("E303", f"{s.die!r} shows no values to keep: declare it 'die {s.die}: TYPE' and give each "
                     f"face a value, or write 'roll {s.die};'", s.span)
        self.let(s.name, s.span, self.declared(die.type) if die.type else "any", scope)

    def dice_count(self, count: A.Expr, scope: Scope) -> None:
        """E488: how many dice `let a = roll N DIE;` rolls is a whole number, and not a negative one written out
        (one worked out in play below 0 stops the game there, E601)."""
        kind = self.expr(count, scope)
        if self.whole_wanted(count, kind, "how many dice are rolled"):
            return
        if not fits(kind, "int"):
            self.err("E488", f"how many dice are rolled is a whole number, and {printed(count)} is "
                     f"{article(words(kind))}", count.span, "write the number before the die: 'let a = roll 3 d6;'")
        elif isinstance(count, A.Unary) and count.op == "-" and isinstance(count.operand, A.Int) and count.operand.value:
            self.err("E488", f"how many dice are rolled cannot be below 0, and {printed(count)} is", count.span,
                     "write the number before the die: 'let a = roll 3 d6;'")

    def different_term(self, t: A.CostTerm, field: str) -> None:
        """W438: `N cards ... different by FIELD` without `wild`, N written out and more than the values FIELD
        can hold (an enum's members, a bool's two): no hand ever pays it, and `affordable` is always false."""
        values = len(self.sym.decls[field[len("member:"):]].members) if base_of(field) == "member" \
            and isinstance(self.sym.decls.get(field[len("member:"):]), A.Enum) else 2 if field == "bool" else None
        if t.wild is None and values is not None and isinstance(t.amount, A.Int) and t.amount.value > values:
            self.err("W438", f"'{t.amount.value} cards ... different by {t.alike.name}' can never be paid: "
                      f"{t.alike.name} holds {values} values, so no {t.amount.value} cards all differ there",
                      t.amount.span, f"pay at most {values}, or let a card stand in: '... different by "
                      f"{t.alike.name} wild it.FIELD to ZONE'")

    def event_params(self, name: str, span: A.Span) -> Optional[tuple]:
        if name in BUILTIN_EVENTS:
            return tuple(BUILTIN_EVENTS[name])
        decl = self.sym.decls.get(name)
        self.used.add(name)
        if isinstance(decl, A.Event):
            return tuple(p.name for p in decl.params)
        if decl is None:
            self.unknown("E206", "event", name, span, self.sym.of("event") + list(BUILTIN_EVENTS))
        else:
            self.err("E301", f"{name!r} is {article(CATEGORY[type(decl)])}, not an event", span,
                     f"a proc is extended with 'after {name} {{ ... }}': steps at its end, with its parameters in scope"
                     if isinstance(decl, A.Proc) else None)
        return None

    def pattern(self, p: A.Pattern, scope: Scope, modifier: bool = False) -> None:
        if p.subject is not None and not isinstance(p.subject, A.You):
            if not (isinstance(p.subject, A.Name) and (p.subject.id in SUBJECTS or p.subject.id == "nobody")):
                self.err("E303", "a trigger listens to 'you', 'anyone', 'opponents', 'teammates' or 'nobody'",
                         p.subject.span)
            elif p.subject.id in ("teammates", "teammate"):   # E575 in a game without teams, as for the domain;
                self.team_word("teammates", p.subject.span)        # `teammate` in teams not of two is W557
                game = self.sym.game
                if p.subject.id == "teammate" and game is not None and game.teams and game.teams[:2] != (2, True):
                    self.diags.append(Diagnostic(
                        "W557", f"'teammate' in a game of '{seat_teams_text(game.teams).strip()}': as a subject it "
                        "hears every other member of the team, not one partner", p.subject.span,
                        "write 'whenever teammates ...', which says so"))
        self.subject_never(p, modifier)
        if p.event == VAR_EVENT and modifier:
            self.err("E449", "a modifier changes the tagged uses of an action, and a variable's set is none: it "
                     "never applies", p.span, "hear the change with a trigger: 'whenever you set(...) { ... }'")
        elif p.event == VAR_EVENT and not any(a.name == "name" for a in p.args):
            self.err("E448", "'set' hears the changes of the variables a pattern names, and this one names none: "
                     "it never fires", p.span, "name the variable: 'set(pawn)', or an element 'set(cell[r, c])'")
        params = self.event_params(p.event, p.span)
        sides = [e for a in p.args if a.name in ("res", "dest") and (e := pattern_element(p, a, self.sym))]
        names = [n for n, _k in pattern_binders(p, self.sym)]
        for twice in sorted({n for n in names if names.count(n) > 1 and not n.startswith("_")}):
            self.err("E437", f"the pattern binds {twice!r} twice: a name takes one index of the event", p.span,
                     f"bind the second one with another name and compare them in 'while' ('... while {twice} == "
                     f"{twice}2')")
        if p.event == "shift" and len(sides) == 2 and sides[0][0] != sides[1][0]:
            self.err("E435", f"a shift moves units between two elements of one counter, and {sides[0][0]!r} and "
                     f"{sides[1][0]!r} are two: the pattern never holds", p.args[-1].span,
                     f"write 'shift({sides[0][0]}[...] to {sides[0][0]}[...])'")
        for arg in p.args:
            v = arg.value
            if arg.element or pattern_element(p, arg, self.sym) is not None:
                self.element_filter(p, arg, scope)
                if arg.element:
                    continue
            elif type(v) is A.IsKind and v.subject is None:   # `played(c is silver)`: any copy
                self.is_test(v.kind, self.event_arg_type(p.event, arg.name), f"the argument {arg.name!r}",
                             v.span, v.span, v)
            elif event_arg(p.event, arg.name, v, self.sym) is not v:
                self.used.add(v.id)   # `roll(name = d6)`: a die, track or resource named stands for itself
            else:
                given = self.expr(v, scope)
                self.event_argument(p.event, arg.name, v, given, "filter")
                self.first_copy_filtered(arg, scope)
                held = self.heard_type(p) if arg.name in ("old", "new") else None
                if held is not None and not fits(given, held) and base_of(given) != "none":   # `set(pawn, new = 3)`
                    self.err("E448", f"the filter gives {article(words(given))} for {arg.name!r}, and the variable "
                             f"holds {article(words(held))}: it never holds, so the trigger never fires", v.span)
            if params is not None and arg.name not in params:
                self.unknown("E205", "argument", arg.name, arg.span, params, of=f"event {p.event}")

    def subject_never(self, p: A.Pattern, modifier: bool) -> None:
        """E429: a subject word the event can never have: `nobody` on an event that always has one (all
        but a move or a flip, and every use a modifier is consulted on), `you` or `opponents` on a move
        into a shared zone (it has no subject, 7.1)."""
        word = A.subject_word(p)
        dest = next((a.value for a in p.args if a.name == "dest" and not a.element), None) if p.event == "move" else None
        zone = self.sym.decls.get(dest.id) if type(dest) is A.Name else None
        if word == "nobody" and type(zone) is A.Zone and zone.per_player:
            self.err("E429", f"a move into {dest.id!r} has its owner as subject (each player has the zone), so "
                     "'nobody' never hears it", p.subject.span,
                     f"write 'whenever you move(dest = {dest.id})' for a move into your own {dest.id}")
        elif word == "nobody" and (modifier or p.event not in ("move", "flip")):
            self.err("E429", f"'nobody' hears the events no player is the subject of, and "
                     f"{'a use a modifier is consulted on' if modifier else 'every ' + repr(p.event)} has one: "
                     f"the {'modifier' if modifier else 'trigger'} never applies", p.subject.span,
                     "'nobody' is for a move into a shared zone, or a flip there; write 'anyone' for every "
                     f"player's {p.event}")
        elif word in ("you", "opponents") and p.event == "move":
            if type(zone) is A.Zone and not zone.per_player:
                self.err("E429", f"a move into the shared zone {dest.id!r} has no subject (7.1), so "
                         f"'{word}' never hears it and the trigger never fires", (p.subject or p).span,
                         f"write 'whenever nobody move(dest = {dest.id})': it fires once for each such move")

    def element_filter(self, p: A.Pattern, arg: A.PatternArg, scope: Scope) -> None:
        """A filter on an indexed counter: the whole counter (`gain(warriors)`, `res = warriors`), an element
        (`res = warriors[b]`), or an element with its indexes bound (`gain(warriors[c])`). E428 where it can
        never hold; a bound index is checked as a local of the index's type."""
        v = arg.value
        if p.event == VAR_EVENT:
            self.var_filter(p, arg, scope)
            return
        name = v.id if type(v) is A.Name else v.obj.id if type(v) is A.Index and type(v.obj) is A.Name else None
        if p.event not in ELEMENT_EVENTS:
            self.err("E428", f"{printed(v)} names a {'variable' if heard_var(name, self.sym) else 'counter'}, and "
                     f"{p.event!r} announces none: the filter never holds", arg.span, f"a variable's change is heard by 'set({printed(v)})'"
                     if heard_var(name, self.sym) is not None else "only gain, lose, pay and shift name a counter "
                     "('gain(warriors[c])'); write 'ARG = VALUE' for another argument")
            return
        element = pattern_element(p, arg, self.sym)
        if element is None:
            if type(v) is A.Name and self.sym.category(v.id) in ("resource", "counter"):
                self.event_argument(p.event, "res", v, self.expr(v, scope), "filter")   # `gain(vp)`: `res = vp`
                return
            decl = self.sym.decls.get(name) if name is not None else None
            self.err("E428", f"{printed(v)} is no element of an indexed counter, so the filter never holds"
                     if type(decl) is A.Counter else f"{printed(v)} names no counter, so the filter never holds",
                     v.span, f"{name!r} is declared without [...]" if type(decl) is A.Counter else
                     f"{name!r} is a variable: its changes are heard by 'whenever you set({name})'"
                     if type(decl) is A.Var else
                     "a pattern names a counter's element as 'warriors[c]', or the whole counter as 'warriors'")
            return
        decl = indexed_counter(element[0], self.sym)
        self.used.add(element[0])
        self.bound_element(arg, decl, element, scope, "E428")

    def var_filter(self, p: A.Pattern, arg: A.PatternArg, scope: Scope) -> None:
        """A `set` pattern's variable (`set(pawn)`, `name = cell[3]`, `set(cell[r, c])`): E448 where it names no
        variable, an element of one declared without [...], or the wrong number of indexes; a bound index is a
        local of the index's type, as a counter's element's (element_filter)."""
        v = arg.value
        element = pattern_element(p, arg, self.sym)
        name = v.id if type(v) is A.Name else v.obj.id if type(v) is A.Index and type(v.obj) is A.Name else None
        decl = self.sym.decls.get(name) if name is not None else None
        if element is None:
            self.err("E448", f"{name!r} is declared without [...]: no element of it changes, so the filter never holds"
                     if type(decl) is A.Var else f"{printed(v)} is a counter: a counter's change is heard as a gain or "
                     "a loss, not a set" if type(decl) is A.Counter else
                     f"{printed(v)} names no variable, so the filter never holds", v.span,
                     f"write 'set({name})'" if type(decl) is A.Var else
                     f"write 'gain({printed(v)})' or 'lose({printed(v)})'" if type(decl) is A.Counter else
                     "'set' names a variable ('set(pawn)') or an element of one ('set(cell[r, c])')")
            return
        self.used.add(element[0])
        self.bound_element(arg, heard_var(element[0], self.sym), element, scope, "E448")

    def bound_element(self, arg: A.PatternArg, decl, element: tuple, scope: Scope, code: str) -> None:
        """The indexes of an element a pattern names (`gain(warriors[c])`, `set(cell[r, 2])`): as many as the
        counter or variable takes (`code` otherwise), each name bound a local of its index's type."""
        v = arg.value
        if element[1] is None:
            return
        parts, dims = element_parts(element[1]), decl.indexes.dims()
        if len(parts) != len(dims):
            self.err(code, f"{element[0]!r} ({element[0]}[{decl.indexes.shown()}]) takes "
                     f"{len(dims)} {'index' if len(dims) == 1 else 'indexes'}, not {len(parts)}: the filter never "
                     "holds", element[1].span)
            return
        inner = scope
        for part, d in zip(parts, dims):
            bound = binder(part, self.sym) if arg.element else None
            if bound is not None:
                self.binders.add(id(part))
                kind = "int" if d.enum is None else "player" if by_seat(d, self.sym) else "resource" \
                    if self.sym.category(d.enum) == "group" else f"entity:{d.enum}" if self.sym.category(d.enum) == "kind" \
                    else f"member:{d.enum}"
                inner = self.bind(inner, bound, part.span, kind)
        self.element(element[0], element[1], inner, v.span)

    def tables_you(self, s: A.Whenever) -> None:
        """W446: a per-player value named alone in a top-level `whenever nobody` trigger (its body or
        `while`): the table's trigger runs with the first player as `you`, so it is that player's."""
        for n in own_you(tuple(s.body) + ((s.cond,) if s.cond is not None else ())):
            if type(n) in (A.Gain, A.Lose) and n.on is None and self.per_player(n.resource):   # `gain 1 vp;`
                n = A.Name(n.resource, span=n.span)
            elif type(n) is A.Shift and self.per_player(n.counter):   # `shift 1 warriors[a] to warriors[b];`
                n = A.Name(n.counter, span=n.span)
            if isinstance(n, A.Name) and id(n) not in self.sym.named and self.per_player(n.id):
                self.diags.append(Diagnostic(
                    "W446", f"the table's trigger names {n.id!r}, which each player has: an event nobody owns "
                    "runs it with the first player as 'you', so it is the first player's only", n.span,
                    f"say whose: 'each players: ...', 'each left(you): ...', or make {n.id!r} global"))

    def binder_type(self, p: A.Pattern, name: str) -> str:
        """The type of an index a pattern binds: a member of the enum, a card of the kind, a resource, a number."""
        for a in p.args:
            element = pattern_element(p, a, self.sym) if a.element else None
            if element is None or element[1] is None:
                continue
            decl = heard_var(element[0], self.sym) if p.event == VAR_EVENT else indexed_counter(element[0], self.sym)
            for part, d in zip(element_parts(element[1]), decl.indexes.dims()):
                if type(part) is A.Name and part.id == name:
                    return "resource" if self.sym.category(d.enum) == "group" else self.index_type(d)
        return "any"

    def heard_type(self, p: A.Pattern) -> Optional[str]:
        """The type a `set` pattern's `it.old` and `it.new` are read as: the variable's it names (None for
        another event, or a filter on no variable: `any`)."""
        if p.event != VAR_EVENT:
            return None
        names = {element[0] for a in p.args for element in [pattern_element(p, a, self.sym)] if element is not None}
        return self.declared(heard_var(names.pop(), self.sym).type) if len(names) == 1 else None

    def binders_read(self, s: A.Whenever) -> None:
        """W445: an index a pattern binds (`gain(warriors[c])`) that neither its `while` nor its body reads."""
        bound = pattern_binders(s.pattern, self.sym)
        if not bound:
            return
        body = s.body if type(s) is A.Whenever else ()   # a modifier's only reader is its `while`
        read = {n.id for root in (*body, s.cond) if root is not None for n in A.walk(root) if type(n) is A.Name}
        for name, _key in bound:
            if name not in read and not name.startswith("_"):   # `at[p, _]`: any index there, on purpose
                arg = next((a for a in s.pattern.args if a.element and type(a.value) is A.Index and any(
                    type(part) is A.Name and part.id == name for part in element_parts(a.value.index))),
                    next(a for a in s.pattern.args if a.element and type(a.value) is A.Index))   # (the side it is on)
                self.diags.append(Diagnostic(
                    "W445", f"the pattern binds {name!r}, which nothing reads", arg.value.span,
                    f"write '{arg.value.obj.id}' alone for any element" if len(bound) == 1 else
                    "a binding is for reading the index: name the indexes you read"))

    def visit_Whenever(self, s: A.Whenever, scope: Scope) -> None:
        for p in (s.pattern, s.rest):
            if p is not None:
                self.pattern(p, scope)
        self.until(s.until, scope)
        bound = scope
        for name, _key in pattern_binders(s.pattern, self.sym):   # `gain(warriors[c])`: c is a local of the index's type
            bound = bound.child()
            bound.locals[name] = [s.pattern.span, True, self.binder_type(s.pattern, name)]
        self.binders_read(s)
        if s.span in self.sym.tables_triggers:
            self.tables_you(s)
        if s.cond is not None:   # read when the event is announced, as a modifier's `while`: `it.ARG` is its
            self.use_condition(s, bound)
        self.triggers.append(s)
        inner = bound.child()
        inner.it_event, inner.gives = s.pattern.event, None   # the trigger's body runs later, on its own
        inner.it_var = self.heard_type(s.pattern)
        self.always_in += 1   # a knocked-out player's triggers rest
        loops, self.player_loops = self.player_loops, []   # the body runs later, for its owner
        phase, self.in_phase = self.in_phase, None   # ... maybe inside a loop (E325 stays E609 in play)
        around, self.open_loops = self.open_loops, []   # ... when no loop around it runs (`break`: E335)
        each_as, self.each_as = self.each_as, None
        self.in_trigger += 1
        self.block(s.body, inner)
        self.in_trigger -= 1
        self.always_in -= 1
        self.player_loops, self.in_phase, self.open_loops, self.each_as = loops, phase, around, each_as

    def event_argument(self, event: str, name: str, value, given: str, role: str) -> None:
        """A text where a declared event's parameter holds an enum member (or a member for a text):
        an `emit` of it announces a value no filter or test of a member equals; a filter `what = "city"`
        never holds. E303, with the member to write."""
        decl = self.sym.decls.get(event)
        param = next((q for q in decl.params if q.name == name), None) if isinstance(decl, A.Event) else None
        wanted = self.declared(param.type) if param is not None and param.type else "any"
        if "record" in (base_of(wanted), base_of(given)) and not fits(given, wanted):   # never equal (3.4a)
            self.err("E303", f"the {role} gives {article(words(given))} for {name!r} of event {event!r}, which holds "
                     f"{article(words(wanted))}: {'it never holds' if role == 'filter' else 'no filter of it holds'}",
                     value.span)
        elif {base_of(wanted), base_of(given)} == {"member", "str"}:
            self.err("E303", f"the {role} gives {article(words(given))} for {name!r} of event {event!r}, which holds "
                     f"{article(words(wanted))}: {'it never holds' if role == 'filter' else 'no test of it holds'}",
                     value.span, self.unquoted_hint(wanted, value) if base_of(wanted) == "member" else
                     f"to announce a member, declare the parameter '{name}: {given.partition(':')[2]}'")
        elif role == "filter" and not fits(given, wanted) and base_of(given) != "none":
            # `moved(dst = 3)` where `dst` is a cell: the filter never holds, so the trigger never fires
            self.err("E303", f"the filter gives {article(words(given))} for {name!r} of event {event!r}, which holds "
                     f"{article(words(wanted))}: it never holds, so the trigger never fires", value.span)
        elif not fits(given, wanted) and not fits(wanted, given) and base_of(given) != "none" and \
                not (type(value) is A.Name and base_of(wanted) in ("resource", "track", "die", "counter")):
            # (a bare name where the event holds a resource, a track or a die stands for itself: `emit got(coin)`)
            # `emit built(3)` for a cell, `... for encounter_total(offense_side)` for a number: what a trigger's or a
            # modifier's `it.ARG` reads is then of another type, and fails (or never equals) far from here
            self.err("E303", f"the {role} gives {article(words(given))} for {name!r} of {'action' if role == 'tag' else 'event'} "
                     f"{event!r}, which holds {article(words(wanted))}: a trigger's or a modifier's 'it.{name}' reads it",
                     value.span)

    def visit_Emit(self, s: A.Emit, scope: Scope) -> None:
        given = [self.expr(a, scope) for a in s.args]
        decl = self.sym.decls.get(s.event)
        if isinstance(decl, A.Event):
            for param, a, t in zip(decl.params, s.args, given):
                self.event_argument(s.event, param.name, a, t, "emit")
        if s.event in BUILTIN_EVENTS:
            self.err("E301", f"{s.event!r} is a builtin event, announced by the statements themselves; "
                     f"emit announces declared events", s.span)
            return
        params = self.event_params(s.event, s.span)
        self.emitted.add(s.event)
        if params is not None and len(params) != len(s.args):
            self.err("E302", f"event {s.event!r} takes {arguments(len(params))}, not {len(s.args)}", s.span)

    def visit_Copy(self, s: A.Copy, scope: Scope) -> None:
        if not isinstance(s.ref, A.Attr):
            self.err("E303", "copy needs an entity and one of its effects, as in 'copy tile.now;'", s.span)
            return
        item = self.item_expr(s.ref.obj, scope, "copy")
        kind = self.shared_kind(item, s.ref.name, s.ref.obj, s.ref.span)
        if kind is not None:
            slots = [f.name for f in kind.fields if f.type == "effect"]
            field = next((f for f in kind.fields if f.name == s.ref.name), None)
            listed = f"the effect slots of {kind.name}: {', '.join(slots)}" if slots else \
                f"{kind.name} has no effect slots"
            if field is not None and field.type != "effect":
                self.err("E303", f"{field.name!r} is a field of {kind.name} ({field.type}), not an effect slot",
                         s.ref.span, listed)
            elif field is None:
                self.unknown("E205", "effect", s.ref.name, s.ref.span, slots, of=kind.name)
            elif s.with_event is not None:
                self.event_arguments(s, s.ref, field, scope)
                return
            else:
                self.slot_arguments(f"copy {printed(s.ref)}", s.ref, field, s.args, scope)
                return
        elif s.args and s.with_event is None and base_of(item) in ("entity", "any") and not kinds_in(item):
            # a card of no known kind (`let x = first(z);` of a `zone` parameter): the slot of that name the
            # kinds declare, when they agree on its parameters, orders the arguments for both backends
            fields = [f for d in self.sym.decls.values() if isinstance(d, A.Kind)
                      for f in d.fields if f.name == s.ref.name and f.type == "effect"]
            if fields and len({params_text(f.params or ()) for f in fields}) == 1:
                self.slot_arguments(f"copy {printed(s.ref)}", s.ref, fields[0], s.args, scope)
                return
            owners = sorted({d.name for d in self.sym.decls.values() if isinstance(d, A.Kind)
                             for f in d.fields if f.name == s.ref.name and f.type == "effect"})
            self.err("E651", f"copy {printed(s.ref)}(...) gives arguments to a card whose kind is not known here, and "
                     + (f"the kinds with a slot {s.ref.name!r} ({', '.join(owners)}) declare different parameters"
                        if owners else f"no kind has an effect slot {s.ref.name!r}")
                     + ": the arguments cannot be matched to the slot's parameters", s.ref.span,
                     f"say the card's kind where it is taken: 'let {printed(s.ref.obj)}: KIND = ...;'"
                     if type(s.ref.obj) is A.Name else "say the card's kind: 'let x: KIND = ...;', then copy x's slot")
        for a in s.args or ():
            self.expr(a.value if type(a) is A.FieldValue else a, scope)

    def event_arguments(self, s, ref: A.Attr, field: A.FieldDecl, scope: Scope, test: bool = False) -> None:
        """`copy ENTITY.SLOT with it;` (`can copy ENTITY.SLOT with it`, `test`) in a trigger or reaction: each parameter
        of the slot the event carries an argument of that name for is given `it.NAME` (a FieldValue, checked as one
        written so: E636, E303), the others their defaults; the arguments built are noted for both backends
        (Symbols.event_args, by the node's id). E630 for `with` another name than `it`, outside a trigger, beside
        written arguments, or for a parameter without a default that the event does not carry; W618 when the event
        carries none of the slot's parameters (nothing is given)."""
        word = "can copy" if test else "copy"
        end = "" if test else ";"
        shown = f"{word} {printed(ref)} with {s.with_event}"
        params = field.params or ()
        if s.with_event != "it" or not scope.it_event or "it" in scope.locals:
            self.err("E630", f"'{shown}' gives the slot the arguments of the event a trigger or reaction heard, "
                     f"which only 'it' holds there" + ("" if s.with_event != "it" else ", and no event is heard here"),
                     s.span, f"write it in a 'whenever EVENT {{ ... }}' (or a card's reaction), as '{word} ENTITY.SLOT "
                     f"with it{end}', or give the arguments: '{word} ENTITY.SLOT(NAME = VALUE){end}'")
            return
        if s.args:
            self.err("E630", f"'{shown}' gives the event's arguments by name: the arguments written beside them "
                     "would give some twice", s.args[0].span,
                     f"write one or the other: '{word} {printed(ref)} with it{end}' or '{word} {printed(ref)}(...){end}'")
            return
        carried = BUILTIN_EVENTS.get(scope.it_event) or self.event_params(scope.it_event, s.span) or ()
        missing = [p.name for p in params if p.name not in carried and p.default is None]
        if missing:
            self.err("E630", f"event {scope.it_event!r} carries no argument {missing[0]!r}, which the slot "
                     f"{field.name!r} takes without a default", s.span,
                     f"give it by name ('{word} {printed(ref)}({missing[0]} = ...){end}', the others 'it.NAME'), or "
                     f"give the parameter a default; the event carries {', '.join(carried) or 'no arguments'}")
            return
        args = tuple(A.FieldValue(p.name, A.Attr(A.Name("it", span=s.span), p.name, span=s.span), span=s.span)
                     for p in params if p.name in carried)
        if not args:
            self.diags.append(Diagnostic(
                "W618", f"event {scope.it_event!r} carries none of the parameters of the slot {field.name!r}"
                f"{' (' + params_text(params) + ')' if params else ' (it has none)'}: 'with it' gives nothing",
                s.span, f"write '{word} {printed(ref)}{end}', or name the parameters as the event's arguments "
                f"({', '.join(carried) or 'none'})"))
        self.sym.event_args[id(s)] = args
        self.slot_arguments(shown, ref, field, args, scope)

    def slot_arguments(self, shown: str, ref: A.Attr, field: A.FieldDecl, args: Optional[tuple], scope: Scope) -> None:
        """E636: the arguments of `copy c.SLOT(...)` (`can copy`'s) against the slot's parameters (`demand:
        effect(by: player);`), given in order or by name: one too many, a name no parameter has or given twice, a
        parameter without a default left out; each typed as a proc's argument is (typed_value). The slot's field is
        noted for both backends (Symbols.slot_fields, by the operand's span: `layout.slot_args` orders them)."""
        params = field.params or ()
        if field.params is not None:
            self.sym.slot_fields[ref.span] = field
        written = f"{field.name}: effect({params_text(params)})" if params else f"{field.name}: effect"
        positional = [a for a in args or () if type(a) is not A.FieldValue]
        given: dict = {}
        misnamed = False   # a name no parameter has: its did-you-mean says what is missing
        for p, a in zip(params, positional):
            given[p.name] = a
        for a in positional[len(params):]:
            self.err("E636", f"{shown} gives {arguments(len(positional))}, and the slot takes "
                     f"{arguments(len(params)) if params else 'none'}", a.span,
                     f"the kind declares '{written};'" + ("" if params else
                                                         f": declare its parameters, '{field.name}: effect(by: player);'"))
            self.expr(a, scope)
            break
        for a in args or ():
            if type(a) is not A.FieldValue:
                continue
            p = next((p for p in params if p.name == a.name), None)
            if p is None:
                self.err("E636", f"the slot {field.name!r} has no parameter {a.name!r}", self.at_name(a.name, a.span),
                         did_you_mean(a.name, [q.name for q in params]) or f"the kind declares '{written};'")
                self.expr(a.value, scope)
                misnamed = True
                continue
            if p.name in given:
                self.err("E636", f"{shown} gives {p.name!r} twice", self.at_name(a.name, a.span),
                         "give each parameter once, in order or by name")
            given[p.name] = a.value
        for p in params:
            a = given.get(p.name)
            if a is None:
                if p.default is None and not misnamed:
                    self.err("E636", f"{shown} does not give {p.name!r} ({p.type}), which the slot's blocks read",
                             ref.span, f"give it: 'copy {printed(ref)}({p.name} = ...);' (the kind declares '{written};')")
                continue
            self.typed_value(p.type, a, scope, f"argument {p.name!r} of {shown} must be")

    def visit_Once(self, s: A.Once, scope: Scope) -> None:
        self.block(s.body, scope)

    # the displays a `hold DISPLAY { ... }` being checked holds (W549 is not said of them: nothing tops them up)
    held_displays: frozenset = frozenset()

    def visit_Hold(self, s: A.Hold, scope: Scope) -> None:
        """`hold DISPLAY { ... }`: DISPLAY a display, as `fill DISPLAY;` lays out (E490), which ends the block."""
        self.visit_Fill(s.laid_out(), scope)
        outer = self.held_displays
        self.held_displays = outer | {filled_base(s.zone)}
        self.block(s.body, scope)
        self.held_displays = outer

    def visit_Tagged(self, s: A.Tagged, scope: Scope) -> None:
        self.tag(s.tag, scope)
        if self.player_loops:   # `for each p in opponents { for attack() { ...p... } }`: asked for you, not p
            named = {n.id for b in s.body for n in A.walk(b) if isinstance(n, A.Name)}
            var = next((v for v in reversed(self.player_loops) if v in named), None)
            if var is not None:
                self.diags.append(Diagnostic(
                    "W420", f"this block is skipped when a modifier forbids {s.tag.action!r} to the acting "
                    f"player (you), not to {var!r}", s.tag.span,
                    f"run it as {var}: 'each {var} {{ for {s.tag.action}(...) {{ ... }} }}', or loop with "
                    f"'each' instead of 'for each'"))
        self.block(s.body, scope)

    def visit_Rank(self, s: A.Rank, scope: Scope) -> None:
        element = self.domain(s.domain, scope)
        if not fits(element, "player"):
            self.err("E303", f"'rank' ranks players, not {article(words(element))}", s.domain.span)
        if s.where is not None:
            self.condition(s.where, scope)
        kind = self.expr(s.key, scope)
        numbers = ("int", "decimal", "any")
        if not (base_of(kind) in numbers or base_of(kind) == "list" and element_of(kind) in numbers):
            self.key_error("'rank ... by'", s.key, kind)   # play would compare them as Python objects (a TypeError)
        for p in s.prizes:
            self.amount(p, scope)
        self.expect(s.resource, ("resource", "counter"), "E202", "resource or counter", s.span)
        if s.ties not in TIE_MODES:
            modes = ", ".join(f"'{m}'" for m in TIE_MODES[:-1]) + f" or '{TIE_MODES[-1]}'"
            self.err("E308", f"ties must be {modes}, not {s.ties!r}", s.span, did_you_mean(s.ties, TIE_MODES))

    def visit_Pick(self, s: A.Pick, scope: Scope) -> None:
        if s.limit is not None:   # worked out once, before the first pick
            self.amount(s.limit, scope)
            if constant(s.limit) == 0:
                self.diags.append(Diagnostic("W402", f"'pick ... {pick_mode(s)} 0' never asks and never runs its body",
                                             s.limit.span))
        if s.limit is not None:
            self.limit_shadows(s)
        if s.least is not None:
            self.pick_least(s, scope)
        if s.budget is not None:
            self.pick_budget(s, scope)
        if s.random:
            self.at_random(s)
        self.secrecy(s)
        self.dead_end(s)
        if s.repeats:
            self.pick_repeats(s)
        if s.count is not None:   # bound before the prompt and the body, which read the picks made so far
            self.pick_count(s, scope)
        self.text_parts(s.title_parts, scope, s.var)
        self.amounts_listed(s.var, s.domain, scope)
        kind, element = self.domain_kind(s.domain, scope, one_card_said=True)
        if base_of(kind) in ("entity", "player"):   # one value: it would be the only candidate, or none
            shown = printed(s.domain)
            self.err("E303", f"a pick chooses from a zone, a list or a range, not from one {words(kind)}: "
                     f"'{shown}' is the only candidate (none when it is none)", s.domain.span,
                     f"to act on it, write 'if {shown} != none {{ ... }}'" if type(s.domain) is A.Name else
                     "to act on it, write 'let x = ...;' and 'if x != none { ... }'")
        if s.alike:
            self.alike_pick(s, kind, element)
        inner = self.bind(scope, s.var, s.span, element)
        if not s.random and s.blind is None and base_of(element) not in ("entity", "any") and (s.label is None or any(
                type(p) is A.Name and p.id == s.var for p in s.label_parts)):   # (a label that shows no other thing)
            self.sym.value_picks.add(id(s))   # (its candidates shown by value: hidden.py's picker sees its answer)
        if not (s.random or s.secret or base_of(element) == "entity"):   # a card picked is never told anyway
            self.element_told(s)
        if s.blind is not None:   # `or blind ZONE`: the zone's unseen top card, one more candidate
            self.pick_blind(s, element, scope)
        unseen = None if s.random else self.never_seen(s.domain)   # nobody sees the candidates of a random pick
        if unseen is not None:
            self.diags.append(Diagnostic(
                "W421", f"'pick {s.var} from ...' ranges over {unseen}, which the player who picks never sees: "
                        "the options will be shown by position ('card 1', 'card 2', ... in the zone's order)",
                s.domain.span, hint="tell the player something of each card ('reveal c.FIELD;' or a 'shown' field: "
                                    "the options then read what they know), or pick a position: 'pick i from "
                                    "1..size(ZONE)', then take ZONE[i]" if "hidden from its owner" in unseen else
                f"if the picker may see the cards (a draft's cards passed on), show them first: 'look "
                f"{printed(s.domain)};'; to pick blind, say so: 'pick i from 1..size(ZONE)', then take ZONE[i]"))
        if not s.random:   # (nobody sees the candidates of a random pick)
            self.face_picks(s)
        if s.where is not None:
            self.condition(s.where, inner)
            if not s.random:
                self.where_unseen(s)
        if s.best is not None:
            self.pick_best(s, inner if s.where is None else self.narrowed(s.where, inner))
        if s.claim_key is not None:
            self.best_claim(s, scope, inner if s.where is None else self.narrowed(s.where, inner))
        if s.distinct is not None:
            self.pick_distinct(s, inner if s.where is None else self.narrowed(s.where, inner))
        if s.cost is not None:   # each candidate's cost, worked out with the variable bound to it
            kind = self.expr(s.cost, inner if s.where is None else self.narrowed(s.where, inner))
            if not fits(kind, "int"):
                self.err("E495", f"a pick's cost must be a number, not {article(words(kind))}", s.cost.span,
                         "write 'cost (if COND then 2 else 1)' for a cost that depends on the candidate")
        if s.optional_when is not None:   # worked out before asking, the variable unbound
            self.condition(s.optional_when, scope)
        self.text_parts(s.label_parts, inner)   # each candidate's label: the variable is that candidate
        self.block(s.body, inner if s.where is None else self.narrowed(s.where, inner))
        self.block(s.otherwise, scope)   # nothing was picked: the variable is not bound there
        if s.repeated and s.otherwise:
            ends = "its picks are made or nothing is left to pick" if s.exactly else \
                "nothing is left to pick" if s.compulsory else "'none' is chosen or nothing is left to pick"
            self.err("E304", f"'pick ... {pick_mode(s)}' has no 'else': it ends when {ends}", s.otherwise[0].span)
        if s.longest:
            self.pick_longest(s, scope, inner if s.where is None else self.narrowed(s.where, inner))

    def pick_longest(self, s: A.Pick, scope: Scope, inner: Scope) -> None:
        """`pick ... repeated longest [, then highest KEY]` (4.21): E540 for `longest` on a pick that is not
        `repeated` (or with a budget, `or blind`, `at random`), a KEY that is no number, and a body the search
        cannot run as `after` runs a proc (5.1d): one that can reach a decision or the end of the game, or that
        sets a local of the block around the pick or leaves it (`return`, `break`)."""
        if not s.compulsory:
            mode = pick_mode(s) if s.repeated else "optional" if s.optional else None
            self.err("E540", "'longest' keeps the candidates that begin the longest run of picks: it is for a pick "
                     "made again while a candidate remains, 'repeated'" + (f", not '{mode}'" if mode else ""),
                     s.span, "write 'pick ... repeated longest { ... }'")
        for wrong, what in ((s.budget is not None, "a budget"), (s.blind is not None, "'or blind ZONE'"),
                            (s.random, "'at random'")):
            if wrong:
                self.err("E540", f"'repeated longest' searches every order of the picks; {what} is not searched",
                         s.span, "drop it, or write the pick without 'longest'")
        if s.longest_key is not None:
            kind = self.expr(s.longest_key, inner)
            if not fits(kind, "int"):
                self.err("E540", f"'then {'lowest' if s.longest_lowest else 'highest'} KEY' compares the runs' "
                         f"keys, numbers: not {article(words(kind))}", s.longest_key.span,
                         "write a number worked out for the candidate ('then highest m.d')")
        found = self.hypothetical_reach(None, s.body)
        for what, word in (("decision", "asks a question"), ("end", "can end the game")):
            if what in found:
                stmt, path = found[what]
                through = f" (through {' -> '.join(path[1:])})" if len(path) > 1 else ""
                self.err("E540", f"'repeated longest' runs the pick's body for each candidate without asking anyone, "
                         f"as 'after' runs a proc, but the body {word}{through} at {where_at(stmt, s.span)}",
                         stmt.span, "make the body change the game only; ask the question, or end the game, "
                                    "after the pick")
        outer = set(scope.locals)
        for n in (m for b in s.body for m in A.walk(b)):
            if type(n) in (A.Return, A.Break):
                self.err("E540", "'repeated longest' runs the pick's body for each candidate to search the runs: "
                         f"'{printed_head(n)}' would leave it half-way", n.span, "drop it from the body")
            elif type(n) in (A.SetName, A.Take) and (n.name if type(n) is A.SetName else n.list.id) in outer \
                    and (n.name if type(n) is A.SetName else n.list.id) != s.var:
                name = n.name if type(n) is A.SetName else n.list.id
                self.err("E540", f"'repeated longest' runs the pick's body for each candidate on a scratch copy of the "
                         f"game; the local {name!r} of the block around it is no part of the game", n.span,
                         "keep what the run changes in the game (a counter, a variable), or set the local after "
                         "the pick")

    def pick_blind(self, s: A.Pick, element: str, scope: Scope) -> None:
        """`pick VAR from DOMAIN or blind ZONE [or blind ZONE ...]`: each ZONE a zone, one zone of an indexed zone
        (`deck[one]`) or a whole indexed zone of one plain index (`deck`: each of its zones), else E524; whose
        cards are of the kinds the pick's variable takes (E524), kept `secret` (W520: a card some player sees is
        not unseen); the `where`, the `cost` and the `fewest`/`most` key, worked out for the unseen cards too,
        may not read them (E524 at each read: `unseen_reads`)."""
        bases, warned, offered = set(), set(), {}
        for zone in s.blind:
            d = self.blind_zone(zone, scope)
            if d is None:
                continue
            for one in map(printed, blind_zones((zone,), self.sym)):   # a zone offered twice: its one top card twice
                if one in offered:
                    again = f"'{one}'" + (f" (one of the zones of '{printed(zone)}')" if one != printed(zone) else "")
                    self.err("E585", f"'or blind {printed(zone)}': {again} is offered already, by 'or blind "
                             f"{offered[one]}': its top card would be two candidates", zone.span,
                             f"drop 'or blind {printed(zone)}'" if one == printed(zone) else
                             "name each zone of the indexed zone once ('or blind deck[one] or blind deck[two]') or the "
                             "indexed zone alone ('or blind deck')")
                    break
                offered[one] = printed(zone)
            bases.add(d.name)
            shown = printed(zone)
            if element != "any" and not any(fits(f"entity:{k}", element) for k in d.kinds):
                self.err("E524", f"'or blind {shown}': {d.name!r} holds {' or '.join(d.kinds)} cards, and the pick's "
                         f"{s.var} is {article(words(element))}", zone.span,
                         "the unseen card is one more candidate: blind a zone of the candidates' kind")
            if d.visibility != "secret" and d.name not in warned:
                warned.add(d.name)
                seen_by = {"public": "every player", "hidden": "its owner",
                           A.HIDDEN_FROM_OWNER: "every player but its owner"}.get(d.visibility, "some player")
                self.diags.append(Diagnostic(
                    "W520", f"'or blind {shown}': {seen_by} sees the cards of {d.name!r}, so its top card is not "
                            "unseen", zone.span, hint="declare it 'secret': only its size is seen"))
        if not bases:
            return
        named = " or ".join(repr(b) for b in sorted(bases))
        for part in (s.where, s.cost, s.best):
            if part is None:
                continue
            seen = printed(s.domain) if type(s.domain) in (A.Name, A.Attr) else "DOMAIN"
            for node, why in unseen_reads(part, s.var, bases):
                self.err("E524", f"{s.var} may be the unseen top card of {named}, and '{printed(node)}' {why}",
                         node.span, f"read {s.var} where it is a card seen: 'contains({seen}, {s.var}) and ...', "
                                    f"'if contains({seen}, {s.var}) then ... else ...'" if why == READS_UNSEEN else
                         f"write 'not contains({seen}, {s.var})' to tell the unseen card apart")

    def blind_zone(self, zone: A.Expr, scope: Scope) -> Optional[A.Zone]:
        """One zone of a pick's `or blind`, checked: the zone's declaration, or None after an E524 (no zone, an
        indexed zone whose zones cannot be listed, the element of a zone that is not indexed)."""
        name = A.blind_zone_name(zone)
        d = self.sym.decls.get(name)
        if type(d) is not A.Zone:
            what = f"not a zone but {article(words(self.expr(A.Name(name, span=zone.span), scope)))}" \
                if name in scope.locals or d is not None else "no zone of the pack"
            self.err("E524", f"'or blind {printed(zone)}': the unseen top card of a zone is a pick's candidate, and "
                     f"{name!r} is {what}", zone.span, did_you_mean(name, [n for n, x in self.sym.decls.items()
                                                                           if type(x) is A.Zone]))
            return None
        if type(zone) is A.Index and d.indexes is None:
            self.used.add(name)
            self.err("E524", f"'or blind {printed(zone)}': {name!r} is one zone, not an indexed zone", zone.span,
                     f"write 'or blind {name}'")
            return None
        if type(zone) is A.Name and d.indexes is not None and (d.indexes.second is not None or d.indexes.bound
                                                                 is not None or d.indexes.frame is not None):
            self.used.add(name)
            self.err("E524", f"'or blind {name}': {name!r} is an indexed zone of {d.indexes.shown()}, whose zones "
                     "'or blind' offers only one by one", zone.span,
                     f"name each zone whose top card is offered: 'or blind {name}[...] or blind {name}[...]'")
            return None
        if type(zone) is A.Name and d.indexes is not None:   # each of its zones (layout.blind_zones)
            self.used.add(name)
        else:
            self.expr(zone, scope)
        return d

    def pick_least(self, s: A.Pick, scope: Scope) -> None:
        """`at least M` (alone or with `up to N`): M is a number worked out before the first pick (E303);
        a known M above a known N, or with `at random`, can never hold (E494); a known M above the
        number of candidates the domain can ever hold (an enum's members, a range or list written out)
        takes them all (W514)."""
        self.amount(s.least, scope)
        least, most = constant(s.least), constant(s.limit) if s.limit is not None else None
        if type(least) is int and type(most) is int and least > most:
            self.err("E494", f"'at least {least} up to {most}': the fewest picks are more than the most",
                     s.least.span, f"write 'at least {most} up to {least}', or 'exactly {least}' for {least} picks")
        if s.random:
            self.err("E494", f"'pick {s.var} ... at least M at random': nobody is asked, so nobody stops after M",
                     s.least.span, "write 'exactly N at random' for N different picks")
        if type(least) is int and s.where is None and not s.repeats:   # (with repeats: a candidate is taken again)
            cands = self.static_candidates(s.domain)
            if cands is not None and least > cands:
                self.diags.append(Diagnostic(
                    "W514", f"'at least {least}' but {printed(s.domain)} has only {cands} candidate"
                            f"{'' if cands == 1 else 's'}: every one of them is picked, with no 'none' offered",
                    s.least.span, hint=f"write 'exactly {cands}' if all of them are meant, or lower the minimum"))

    def static_candidates(self, domain) -> Optional[int]:
        """How many candidates a pick's domain holds, when that is known without playing: an enum's
        members, a range or a list written out; else None."""
        if type(domain) is A.Name and type(self.sym.decls.get(domain.id)) is A.Enum:
            return len(self.sym.decls[domain.id].members)
        if type(domain) is A.Range and domain.high is not None:
            low, high = constant(domain.low), constant(domain.high)
            return max(0, high - low + 1) if type(low) is int and type(high) is int else None
        if type(domain) is A.ListLit:
            return len(domain.items)
        return None

    def pick_budget(self, s: A.Pick, scope: Scope) -> None:
        """`budget N cost EXPR`: N is a number worked out before the first pick (E495 otherwise, as a
        budget with a count of its own or at random: it is asked while something fits)."""
        kind = self.expr(s.budget, scope)
        if not fits(kind, "int"):
            self.err("E495", f"a pick's budget must be a number, not {article(words(kind))}", s.budget.span)
        count = "'up to N'" if s.limit is not None and not s.exactly else "'exactly N'" if s.limit is not None \
            else "'at least M'" if s.least is not None else None
        if count is not None:
            self.err("E495", f"a pick with a budget is asked while something fits in what is left: it takes no "
                     f"count ({count})", s.budget.span,
                     "drop the count; 'optional' lets the picker stop before the budget is spent")
        if s.random:
            self.err("E495", f"'pick {s.var} ... budget N ... at random': a budget's picks are a player's",
                     s.budget.span, "drop 'at random'")

    def pick_count(self, s: A.Pick, scope: Scope) -> None:
        """`let n = pick ...;` binds how many picks were made (a whole number) for the rest of the block, and for
        the pick's own prompt, label and body: the picks made so far (this one counted, in the body)."""
        self.let(s.count, s.span, "int", scope)

    def pick_repeats(self, s: A.Pick) -> None:
        """`with repeats` (4.21): E579 on a pick that is not `exactly N`, `up to N` or `at least M [up to N]` (each
        pick of those is a different element unless it is written); W560 on a count of 1, where no pick could
        repeat."""
        if s.limit is None and s.least is None or s.budget is not None:
            mode = pick_mode(s) if s.repeated else "optional" if s.optional else "a single pick" if not s.random \
                else "at random"
            self.err("E579", f"'with repeats' lets each of a number of picks take an element picked before: it "
                     f"follows 'exactly N', 'up to N' or 'at least M', not "
                     f"{mode if mode.startswith('a') else repr(mode)}",
                     s.span, "write 'pick ... exactly N with repeats { ... }' (N picks, each of any element)")
        elif constant(s.limit) == 1:
            self.diags.append(Diagnostic(
                "W560", f"'{pick_mode(s)} 1 with repeats' makes one pick: there is none before it to repeat",
                s.limit.span, hint="drop 'with repeats'"))

    def alike_pick(self, s: A.Pick, kind: str, element: str) -> None:
        """`pick ... alike` offers copies nothing tells apart once: its candidates must be cards or tiles
        (E454: players, numbers, members and records have no copies), and someone must be asked (E455:
        at random, merging copies would change the odds; a simultaneous pick offers them as they are)."""
        cards = ("entity", "any")   # a list of cards is alike to another item by item (subsets of a market)
        if base_of(element) not in cards and base_of(kind) != "entity" \
                and not (base_of(element) == "list" and base_of(element_of(element)) in cards):
            self.err("E454", f"'pick {s.var} ... alike' offers copies alike once, and {printed(s.domain)} holds "
                     f"{words(element)} values, which have no copies: each is an option of its own", s.domain.span,
                     "drop 'alike': it is for cards and tiles ('pick c from hand alike ...')")
        if s.random:
            self.err("E455", f"'pick {s.var} ... alike at random': nobody is asked, and merging copies would make "
                     "each group as likely as a single card", s.span,
                     "drop 'alike': a random pick takes each card as likely as another")

    def pick_best(self, s: A.Pick, inner: Scope) -> None:
        """`pick c from DOMAIN fewest KEY` (or `most KEY`): KEY, worked out for each candidate left by the
        `where`, is a number (E433); only the candidates with the lowest (highest) are offered, every tie.
        W479 when KEY never reads the candidate: every candidate ties, and the word changes nothing."""
        word = "most" if s.best_most else "fewest"
        kind = self.expr(s.best, inner)
        if self.ranked(s.best, kind) is None:   # a number, a member by its place, a list of those item by item
            if base_of(kind) == "list":
                self.key_error(f"'{word} ...'", s.best, kind)
            else:
                self.err("E433", f"'{word} ...' keeps the candidates with the {'highest' if s.best_most else 'lowest'} "
                         f"number, and {printed(s.best)} is {article(words(kind))}", s.best.span,
                         f"count something of {s.var}: '{word} size({s.var}.FIELD)', '{word} warriors[{s.var}]'")
        elif not any(type(n) is A.Name and n.id == s.var for n in A.walk(s.best)):
            self.diags.append(Diagnostic(
                "W479", f"'{word} {printed(s.best)}' does not read {s.var!r}: it is the same for every candidate, so "
                f"all of them are offered", s.best.span, f"say what each candidate has: '{word} warriors[{s.var}]', "
                f"'{word} count(x in ... where x.at == {s.var})'"))

    def best_claim(self, s: A.Pick, scope: Scope, inner: Scope) -> None:
        """`best by KEY [ties by seat from P]` (4.21a): for the picks of several players at once alone (E644);
        KEY, worked out for each pick with its picker as `you`, a number or a member by its place (E645); P a
        player (E645)."""
        if id(s) not in self.simultaneous_picks:
            self.err("E644", "'best by KEY' keeps the best of the picks several players make at once: it is for "
                     "'each ... simultaneously pick'", s.claim_key.span,
                     "write 'each PLAYERS simultaneously pick ... best by KEY { ... }', or keep one player's best "
                     f"candidates with 'most KEY' after the domain: 'pick {s.var} from ... most KEY'")
        kind = self.expr(s.claim_key, inner)
        if self.ranked(s.claim_key, kind) is None:
            self.err("E645", f"'best by KEY' keeps the pick of the highest KEY, a number or a member by its place, "
                     f"and {printed(s.claim_key)} is {article(words(kind))}", s.claim_key.span,
                     f"give each pick a number: 'best by {s.var}.FIELD' (a number field), or an enum member, ranked "
                     "by its place in the enum")
        if s.claim_from is not None:
            self.one_player(s.claim_from, scope, "E645", "'ties by seat from P' settles a tie by the seats after P's: "
                            "P is a player", "name the player the turn order starts from: 'ties by seat from you'")

    def pick_distinct(self, s: A.Pick, inner: Scope) -> None:
        """`up to N different by FIELD` (`exactly N ...`, 4.21): FIELD read on each candidate as `VAR.FIELD` (its
        own diagnostics for a field the candidates lack); W628 where it changes nothing: N known to be 1 or less
        (no two picks to tell apart), or `with repeats` (a pick picked again has the same FIELD)."""
        self.expr(s.distinct, inner)
        field = s.distinct.name
        if constant(s.limit) is not None and constant(s.limit) <= 1:
            self.diags.append(Diagnostic(
                "W628", f"'{pick_mode(s)} {printed(s.limit)} different by {field}': one pick at most, with no other "
                f"to differ from, so 'different by {field}' changes nothing", s.distinct.span,
                f"drop 'different by {field}', or allow more picks ('up to 2 different by {field}')"))
        elif s.repeats:
            self.diags.append(Diagnostic(
                "W628", f"'different by {field}' with 'with repeats': a candidate picked again has the {field} of "
                "the first pick of it, so it is never offered again and 'with repeats' changes nothing",
                s.distinct.span, "drop 'with repeats' (or 'different by')"))

    def auction_form(self, s: A.Auction, scope: Scope) -> Optional[str]:
        """`form FORM`: a text naming a form of auction ("once around") or a member of an enum named after one
        (`once_around`, A.AUCTION_FORMS); E543 for another type, a text or member written out that names none,
        or an enum with no member so named; W533 for `opened by` where the form may be sealed (nobody opens a
        sealed auction: the opener bids as the others there). The form when it is written out, else None
        (read at play: another value is E601 there)."""
        kind, e = self.expr(s.form, scope), s.form
        members = self.enum_members(kind)
        forms = ", ".join(repr(mode) for mode in A.AUCTION_MODES)
        written = e.id if type(e) is A.Name and e.id not in scope.locals and members and e.id in members else \
            constant(e) if type(e) is A.Str and type(constant(e)) is str else None
        if written is not None and written not in A.AUCTION_FORMS:
            named = A.AUCTION_MODES if type(e) is A.Str else [mode.replace(" ", "_") for mode in A.AUCTION_MODES]
            self.err("E543", f"{written!r} is no form of auction: a form is {forms}", e.span,
                     did_you_mean(written, named) or f"write one of {forms}")
            return None
        if members is not None and not any(m in A.AUCTION_FORMS for m in members):
            enum = kind.partition(":")[2]
            self.err("E543", f"no member of {enum} names a form of auction: 'form' takes a text ({forms}) or a "
                     f"member named after one", e.span, f"name the members after the forms ('enum {enum} {{ "
                     "once_around, sealed, ... }'), or give them a text field: 'form c.sale.auction'")
            return None
        if members is None and not fits(kind, "str"):
            self.err("E543", f"an auction's form is a text ({forms}) or a member of an enum named after one, "
                     f"not {article(words(kind))}", e.span, "write 'form c.how' of a card's field, or the form "
                     "itself: 'sealed'")
            return None
        if type(e) is A.Attr and e.obj is not None:
            self.form_field_slips(e)
        self.sym.auction_forms[id(s)] = self.forms_named(e, written, members)
        if written is None and s.opening and (members is None or "sealed" in members):
            self.err("W533", "'opened by' where the form may be sealed: nobody opens a sealed auction, so there "
                     "the opener bids as the others do", s.start.span,
                     "write 'from P' if nobody opens, or auction the sealed lots in a statement of their own")
        return A.AUCTION_FORMS.get(written)

    def forms_named(self, e, written: Optional[str], members) -> tuple:
        """The forms an auction's `form FORM` may name, in A.AUCTION_MODES' order (Symbols.auction_forms): the
        one written out, an enum's members named after forms, the forms among the values of an enum's text field
        it reads (`form c.sale.auction`); every form when the value comes from elsewhere."""
        if written is not None:
            named = {A.AUCTION_FORMS[written]}
        elif members is not None:
            named = {A.AUCTION_FORMS[m] for m in members if m in A.AUCTION_FORMS}
        else:
            read = self.sym.enum_reads.get(id(e)) if type(e) is A.Attr else None
            enum = self.sym.decls.get(read[0]) if read is not None else None
            named = {A.AUCTION_FORMS[text] for values in enum.data for v in values if v.name == read[1]
                     and type(text := constant(v.value)) is str and text in A.AUCTION_FORMS} \
                if isinstance(enum, A.Enum) else set(A.AUCTION_MODES)
        return tuple(mode for mode in A.AUCTION_MODES if mode in named)

    def form_field_slips(self, e: A.Attr) -> None:
        """W529: `form c.sale.auction` of an enum's text field, a member's value a slip away from a form's words
        (`"once aroud"`): it would stop the game at play. A value far from every form (`""`, `"none"`) is one
        the pack does not auction, and is left alone."""
        read = self.sym.enum_reads.get(id(e))
        enum = self.sym.decls.get(read[0]) if read is not None else None
        if not isinstance(enum, A.Enum):
            return
        for values in enum.data:
            for v in values:
                text = constant(v.value) if v.name == read[1] else None
                if type(text) is str and text not in A.AUCTION_FORMS and closest(text, A.AUCTION_MODES):
                    self.err("W529", f"{text!r} names no form of auction, and an auction's 'form' reads it "
                             f"({printed(e)}): the game stops there at play", v.value.span,
                             did_you_mean(text, A.AUCTION_MODES))

    def auction_calls(self, s: A.Auction, scope: Scope) -> str:
        """`over CALLS`: the type of the calls bid (E589 for what has no fixed order of its own, an empty list, or
        `min`/`step`, which the calls' ranks replace; `up to` names a call of the same type); E590 for numbers
        written out that do not rise (the rank is the place in the list); W575 for a call written twice."""
        kind, element = self.domain_kind(s.calls, scope)
        if base_of(kind) == "zone" or fits(element, "player") and element != "any":
            self.err("E589", f"an auction's calls are a list ranked lowest first (an enum, a kind, a list written "
                     f"out), not {article(words(kind if base_of(kind) == 'zone' else element))}", s.calls.span,
                     "write 'over call' (a kind's cards in the order declared) or 'over [18, 20, 22, 23]'")
            element = "any"   # the blocks are read all the same, without a second error for each use of the call
        if type(s.calls) is A.ListLit and not s.calls.items:
            self.err("E589", "an auction over no calls: nobody could bid", s.calls.span,
                     "list the calls lowest first: 'over [18, 20, 22, 23]'")
        for clause, word in ((s.low, "min"), (s.step, "step")):
            if clause is not None:
                self.err("E589", f"'{word}' in an auction over calls: the calls' order ranks the bids", clause.span,
                         f"drop '{word}', and list only the calls that may be bid")
        if s.most is not None and not fits(most := self.expr(s.most, scope), element):
            self.err("E589", f"an auction over calls of type {words(element)} bids up to one of them, not "
                     f"{article(words(most))}", s.most.span, "write 'up to' a call of the list (read for each "
                     "bidder), or drop it: every call may be bid")
        if type(s.calls) is A.ListLit:
            values = [constant(item) for item in s.calls.items]
            numbers = [v for v in values if type(v) is int]
            if len(numbers) == len(values) and any(b <= a for a, b in zip(numbers, numbers[1:])):
                before, low = next((a, b) for a, b in zip(numbers, numbers[1:]) if b <= a)
                self.err("E590", f"the calls {printed(s.calls)} do not rise: a call ranks by its place in the "
                         f"list, so {low} would outrank the {before} before it", s.calls.span,
                         "list the calls lowest first, each once")
            elif len(numbers) != len(values):
                seen: dict = {}
                for item in s.calls.items:
                    if printed(item) in seen:
                        self.err("W575", f"{printed(item)!r} is a call written twice: it ranks at its first place "
                                 "and the second can never be bid", item.span, "drop the second one")
                    seen[printed(item)] = item
        return element

    def auction_doubling(self, s: A.Auction, mode: Optional[str], scope: Scope) -> None:
        """`doubling N` and the stakes it binds: E626 for another form than `open until all pass` (a double needs
        the bidding to go on after it) or an N that is no whole number of at least 1; E627 for stakes named
        without `doubling` or named as the winner or the price; W603 for `doubling` whose stakes are not named,
        or that the winner's block never reads."""
        if s.doubling is not None:
            if s.form is not None or mode != "open until all pass":
                where = "an auction whose form is read at play" if s.form is not None else f"a {s.mode!r} auction"
                self.err("E626", f"'doubling' in {where}: a double changes the standing bid's stakes and the "
                         "bidding goes on, so it needs 'open until all pass'", s.doubling.span,
                         "write 'open until all pass' (Bridge's, Coinche's bidding), or drop 'doubling'")
            self.amount(s.doubling, scope)
            count = constant(s.doubling)
            if count is not None and (type(count) is not int or count < 1):
                self.err("E626", f"'doubling {printed(s.doubling)}': the number of times the standing bid may be "
                         "doubled is a whole number of at least 1", s.doubling.span,
                         "write 'doubling 1' (a double), 'doubling 2' (a double and a redouble)")
            if s.stakes is None:
                self.err("W603", "'doubling' with no name for the stakes: a double or redouble changes nothing the "
                         "rules read", s.doubling.span,
                         f"name them: 'as ({s.winner}, {s.price}, stakes)' (1, 2, 4, ...)")
        elif s.stakes is not None:
            self.err("E627", f"the auction's stakes {s.stakes!r} without 'doubling N': nothing can double the bid, "
                     "so they are always 1", s.span, f"write 'doubling 2' before the blocks, or 'as ({s.winner}, "
                     f"{s.price})'")
        if s.stakes is not None and s.stakes in (s.winner, s.price):
            self.err("E627", f"the auction's stakes and its {'winner' if s.stakes == s.winner else 'price'} are "
                     f"both named {s.stakes!r}", s.span, f"write 'as ({s.winner}, {s.price}, stakes)'")
        elif s.stakes is not None and s.doubling is not None and not s.stakes.startswith("_") and not any(
                type(n) is A.Name and n.id == s.stakes for stmt in s.body for n in A.walk(stmt)):
            self.err("W603", f"the stakes {s.stakes!r} are never read in the winner's block: a double changes "
                     "nothing", s.span, f"score by them ('gain points * {s.stakes} score'), or name them "
                     f"'_{s.stakes}' if unused on purpose")

    def auction_held(self, s: A.Auction, scope: Scope) -> bool:
        """`over each HOLDINGS`: the numbers each bidder may bid, worked out for them (as `you`): a list of whole
        numbers (E637 otherwise, and for `step`, which the numbers held replace); W614 when HOLDINGS reads nothing
        of the bidder's (no `you`, nothing kept per player): it is the same list for everyone, `over CALLS`."""
        kind, element = self.domain_kind(s.calls, scope)
        if base_of(kind) == "zone" or not fits(element, "int"):
            self.err("E637", f"an auction over what each bidder holds bids numbers, the highest winning; "
                     f"{printed(s.calls)} gives {article(words(kind if base_of(kind) == 'zone' else element))}",
                     s.calls.span, "give each card's number: 'over each gather(c in hand, [c.value])', and find the "
                     "card won by its number in the body")
        if s.step is not None:
            self.err("E637", "'step' in an auction over what each bidder holds: a bid is one of their numbers, above "
                     "the one standing", s.step.span, "drop 'step'")
        if not any(type(n) is A.You or type(n) is A.Name and n.id not in scope.locals and self.per_player(n.id)
                   for n in A.walk(s.calls)):
            self.diags.append(Diagnostic(
                "W614", f"'over each {printed(s.calls)}' reads nothing of the bidder's: every bidder holds the same "
                        "numbers", s.calls.span, f"write 'over {printed(s.calls)}' for calls everyone may bid, or read "
                        "the bidder's own: a per-player variable or zone, 'you'"))
        return True

    def visit_Auction(self, s: A.Auction, scope: Scope) -> None:
        """An auction: the bidders are players, the amounts numbers, `up to` is written (the bidding
        always ends), and the body reads the winner (a player, acting) and the price (a number), as the
        `passed` block reads each bidder who passed (acting) and the bid they had made."""
        kind, element = self.domain_kind(s.domain, scope)
        if not fits(element, "player"):
            given = article(words(kind if base_of(kind) == "zone" else element))
            self.err("E303", f"an auction's bidders are players, not {given}", s.domain.span,
                     "write 'among players', 'among opponents', 'among players where ...'")
        if s.where is not None:   # read for each bidder, as `you`
            self.condition(s.where, scope)
        if s.start is not None:
            start = self.expr(s.start, scope)
            if not fits(start, "player"):
                self.err("E303", f"'{'opened by' if s.opening else 'from'} ...' names the player the bidding "
                         f"starts from, not {article(words(start))}", s.start.span)
        called = "int" if s.calls is None or s.held and self.auction_held(s, scope) else self.auction_calls(s, scope)
        for amount in (s.low, s.step, s.most if s.calls is None or s.held else None):
            if amount is not None:
                self.amount(amount, scope)
        if s.calls is None and s.most is None:
            self.err("E327", "an auction needs 'up to AMOUNT', the most each bidder may bid: it bounds the bids "
                     "offered, and ends an open auction", s.span,
                     "write 'up to coins' (read for each bidder), or a number: 'up to 50'")
        mode = s.mode if s.form is None else self.auction_form(s, scope)
        if s.opening and mode == "sealed":
            self.err("E327", "a sealed auction has no opener: every bidder bids at once, and may pass", s.start.span,
                     "write 'from P' for the seat order that breaks ties, or drop it")
        if s.step is not None and type(constant(s.step)) is int and constant(s.step) < 1:
            self.err("E327", f"an auction's step must be at least 1, not {constant(s.step)}: each raise must raise",
                     s.step.span)
        if s.winner == s.price:
            self.err("E327", f"the winner and the price of an auction are both named {s.winner!r}", s.span,
                     f"write 'as ({s.winner}, price)'")
        self.auction_doubling(s, mode, scope)
        if s.passer is not None and s.passer == s.passed_bid:
            self.err("E327", f"the bidder who passed and their bid are both named {s.passer!r}", s.span,
                     f"write 'passed as ({s.passer}, bid)'")
        self.text_parts(s.title_parts, scope)
        self.seat_order_only(s.domain, s.start, "an auction asks its bidders", "opened by" if s.opening else "from",
                             "the acting player")
        if s.bidder is not None and s.bidder == s.bid_made:
            self.err("E327", f"the bidder and their call are both named {s.bidder!r}", s.span,
                     f"write 'bids as ({s.bidder}, call)'")
        blocks = [(s.passed, s.passer, s.passed_bid)] if s.passer is not None else []
        blocks += [(s.bids, s.bidder, s.bid_made)] if s.bidder is not None else []
        for body, who, amount in blocks + [(s.body, s.winner, s.price)]:
            inner = self.bind(scope, who, s.span, "player")
            inner = self.bind(inner, amount, s.span, called)
            if body is s.body and s.stakes is not None and s.stakes not in (s.winner, s.price):
                inner = self.bind(inner, s.stakes, s.span, "int")
            self.always_in += 1
            loops, self.player_loops = self.player_loops, []   # the block's acting player is the winner (a passer)
            each_as, self.each_as = self.each_as, None
            self.block(body, inner)
            self.always_in -= 1
            self.player_loops, self.each_as = loops, each_as
        self.block(s.otherwise, scope)   # nobody won: neither name is bound there

    def visit_Offer(self, s: A.Offer, scope: Scope) -> None:
        """An offer: those offered to are players (E340), read for each as `you` by `where`; `from P`
        names a player (E340); the body runs as the offerer with PARTNER bound, and a body that never
        names the partner cannot give them their side (W440)."""
        kind, element = self.domain_kind(s.domain, scope)
        if not fits(element, "player"):
            given = article(words(kind if base_of(kind) == "zone" else element))
            self.err("E340", f"an offer is made to players, not {given}", s.domain.span,
                     "write 'to opponents', 'to players', 'to opponents where ...'")
        if s.where is not None:   # read for each of those offered to, as `you`
            self.condition(s.where, scope)
        if s.start is not None:
            start = self.expr(s.start, scope)
            if not fits(start, "player"):
                self.err("E340", f"'from ...' names the player the asking starts from, not {article(words(start))}",
                         s.start.span)
        self.text_parts(s.title_parts, scope)
        self.seat_order_only(s.domain, s.start, "an offer asks those offered to", "from", "the offerer's left")
        inner = self.bind(scope, s.partner, s.span, "player")
        inner.locals[s.partner][1] = False   # W440 below, when the body never names the partner
        self.block(s.body, inner)
        if not inner.locals[s.partner][1]:
            self.diags.append(Diagnostic(
                "W440", f"this offer's body never names its partner {s.partner!r}: it runs as the offerer, so the "
                        "partner gives and gets nothing", s.span,
                hint=f"give the partner's side with 'each {s.partner} {{ ... }}'"))
        self.block(s.otherwise, scope)   # nobody accepted: the partner is not bound there

    def ordered_players(self, domain: A.Expr, seen: frozenset = frozenset()) -> Optional[A.Expr]:
        """The expression that puts a list of players in an order of its own (`sorted(...)`, `reverse(...)`,
        `players_from(p)`, `others_from(p)`), found in DOMAIN or through the funcs it calls; None if none."""
        if type(domain) is A.Index:
            return self.ordered_players(domain.obj, seen)
        if type(domain) is A.Sorted:
            return domain
        if type(domain) is A.Call:
            if domain.func in ("reverse", "players_from", "others_from"):
                return domain
            decl = self.sym.decls.get(domain.func)
            if isinstance(decl, A.Func) and domain.func not in seen:
                return self.ordered_players(decl.value, seen | {domain.func})
        return None

    def seat_order_only(self, domain: A.Expr, start: Optional[A.Expr], asks: str, start_word: str,
                        default: str) -> None:
        """W436: an auction or an offer asks in seat order from its start, whatever the order of the list of
        players it is given, so a list sorted, reversed or started elsewhere says who, never in what order."""
        ordered = self.ordered_players(domain)
        if ordered is None:
            return
        begins = printed(ordered.args[0]) if type(ordered) is A.Call and ordered.func != "reverse" else None
        if begins is not None and begins == (printed(start) if start is not None else "you"):
            return   # players_from(you) with no start, others_from(p) from p: the seat order the statement asks in
        how = (f"write '{start_word} {begins}' to start the seat order there" if begins is not None else
               f"the list says only who takes part: write '{start_word} P' to start the seat order at P")
        through = "" if ordered is domain else f" (through {printed(domain)})"
        self.diags.append(Diagnostic(
            "W436", f"{asks} in seat order from {default if start is None else printed(start)}, not in the "
                    f"order of {printed(ordered)}{through}", domain.span, hint=how))

    def visit_FirstMay(self, s: A.FirstMay, scope: Scope) -> None:
        """`first VAR in PLAYERS may ...`: those asked are a list of players (E385: not one player, who
        is asked with `each P { may ... }`); `where`, the prompt, the cost and the body read VAR, `you`
        still the acting player; `opponents` and `players` are in seat order, not from the actor's
        left (W461); W583: `always asked` with neither `where` nor `cost` (everyone is asked anyway)."""
        kind, element = self.domain_kind(s.domain, scope)
        self.skips_the_seats_out(s.domain, "'first ... may'")
        if not fits(element, "player") or base_of(kind) == "player":
            given = article(words(kind if base_of(kind) in ("zone", "player") else element))
            hint = (f"one player is asked with 'each {printed(s.domain)} {{ may ... }}'" if base_of(kind) == "player"
                    else f"write 'first {s.var} in others_from(you)': each other player, from your left")
            self.err("E385", f"'first {s.var} in ...' asks players of a list in turn, not {given}", s.domain.span, hint)
        elif type(s.domain) is A.ListLit and len(s.domain.items) == 1:   # `[t]`: one player, asked alone
            self.err("E385", f"'first {s.var} in {printed(s.domain)}' asks one player: a list of one is no turn",
                     s.domain.span, f"one player is asked with 'each {printed(s.domain.items[0])} {{ may ... }}'")
        elif type(s.domain) is A.Name and s.domain.id in ("opponents", "players") and s.domain.id not in scope.locals:
            self.diags.append(Diagnostic(
                "W461", f"'first {s.var} in {s.domain.id}' asks in seat order from P1, whoever is acting: the first "
                        "to accept is not the nearest on the actor's left", s.domain.span,
                hint="write 'others_from(you)': each other player, from your left"))
        inner = self.bind(scope, s.var, s.span, "player")
        if s.where is not None:
            self.condition(s.where, inner)
            inner = self.narrowed(s.where, inner)
        self.text_parts(s.title_parts, inner)
        if s.cost:
            self.cost(s.cost, inner)
        if s.asked and s.where is None and not s.cost:
            self.diags.append(Diagnostic("W583", f"'first {s.var} in ... may' with neither 'where' nor 'cost' asks "
                                         "every player of the list anyway: 'always asked' changes nothing", s.span,
                                         "drop 'always asked'"))
        self.block(s.body, inner)
        self.block(s.otherwise, scope)   # nobody accepted: VAR is not bound there

    def never_empty(self, s: A.Pick) -> bool:
        """Whether a pick always has a candidate: every member of an enum or record, with no `where` (an
        `optional` pick with none is otherwise not asked, but for `always asked`)."""
        return s.where is None and type(s.domain) is A.Name \
            and type(self.sym.decls.get(s.domain.id)) in (A.Enum, A.Record)

    def secrecy(self, s) -> None:
        """E577 and E578: `secret` or `always asked` on a pick at random, which nobody is asked; W559: `always
        asked` on an `optional` pick (asked anyway); W558: a `secret` decision whose block tells the table its
        answer (a `say` or `reveal` reading a pick's variable; any `say` in a `may` or an option, which tells
        that it was taken), outside the decisions nested in it, which are judged as their own."""
        if type(s) is A.Pick and s.random:
            for wrong, code, word in ((s.secret, "E577", "secret"), (s.asked, "E578", "always asked")):
                if wrong:
                    self.err(code, f"'pick {s.var} ... at random' is asked of nobody: '{word}' says nothing",
                             s.span, f"drop '{word}', or drop 'at random' for the player to pick")
        if type(s) is A.Pick and s.asked and s.optional and s.optional_when is None and not s.random \
                and self.never_empty(s):
            self.diags.append(Diagnostic("W559", f"'pick {s.var} ... optional' is asked whenever a candidate is left "
                                         "('none' is one more option), and every member of "
                                         f"{s.domain.id} is one: 'always asked' changes nothing", s.span,
                                         "drop 'always asked'"))
        if not s.secret or getattr(s, "random", False):
            return
        bodies = [o.body for o in s.options] if type(s) is A.Choose else [s.body]
        for body in bodies:
            stack = list(body)
            while stack:
                n = stack.pop()
                if type(n) in (A.Pick, A.Choose, A.May, A.Simultaneous):
                    continue
                if type(n) is A.Say and (type(s) is not A.Pick or any(
                        type(x) is A.Name and x.id == s.var for p in n.parts if not isinstance(p, str)
                        for x in A.walk(p))):
                    told = f"the answer ({s.var})" if type(s) is A.Pick else \
                        "that it was taken" if type(s) is A.May else "which option was taken"
                    self.diags.append(Diagnostic("W558", f"a 'secret' {type(s).__name__.lower()}'s block says {told} to "
                                                 "the whole table", n.span, "drop the 'say', or 'look' for the "
                                                 "deciding player alone; or drop 'secret' if the answer is open"))
                elif type(n) is A.Swap and not n.unseen and all(
                        d is not None and d.visibility not in SEEN_BY_OTHERS
                        for d in (self.zone_decl(z, Scope()) for z in (n.zone, n.other))):
                    self.diags.append(Diagnostic("W591", f"a 'secret' {type(s).__name__.lower()}'s block swaps "
                                                 f"{printed(n.zone)} with {printed(n.other)} where the table sees it: "
                                                 "whoever had looked at those cards forgets them, so they learn of the "
                                                 "swap", n.span, "write 'swap ... unseen;': only the acting player sees "
                                                 "it done, the others keep what they saw where they saw it"))
                elif type(n) is A.Reveal and type(s) is A.Pick and n.to is None and any(
                        type(x) is A.Name and x.id == s.var for x in A.walk(n.item)):
                    self.diags.append(Diagnostic("W558", f"a 'secret' pick's block reveals its answer ({s.var}) to the "
                                                 "whole table", n.span, "reveal it 'to' the deciding player, or "
                                                 "'look' at it; or drop 'secret' if the answer is open"))
                stack.extend(n.children())

    def element_told(self, s: A.Pick) -> None:
        """W574: a pick whose own block (not a decision nested in it) changes the element of a `hidden` counter
        or variable that the answer names (`pick c from camel { set bet[c] = 1; }`) and not with a value read
        from it: the others are told the answer as any other (only a value read from it is masked, 3.3a), and
        with it which element changed. At the index; `secret` (4.21e) keeps the answer from them."""
        names, stack = {s.var}, list(reversed(s.body))   # in order: a `let` is read before the statements after it
        while stack:
            n = stack.pop()
            if type(n) in (A.Pick, A.Choose, A.May, A.Simultaneous):
                continue
            if type(n) is A.Let and any(type(x) is A.Name and x.id in names for x in A.walk(n.value)):
                names.add(n.name)
            name = getattr(n, "resource", None) if type(n) in (A.Gain, A.Lose) else \
                n.name if type(n) in (A.SetName, A.SetAttr) else None
            index = getattr(n, "index", None)
            value = n.amount if type(n) in (A.Gain, A.Lose) else getattr(n, "value", None)
            if name is not None and index is not None and A.kept_hidden(self.sym.decls.get(name)) \
                    and any(type(x) is A.Name and x.id in names for x in A.walk(index)) \
                    and not any(type(x) is A.Name and x.id in names for x in A.walk(value)):
                self.diags.append(Diagnostic(
                    "W574", f"'{name}' is hidden, but the answer of 'pick {s.var}' says which of its elements "
                            f"changes ({name}[{printed(index)}]), and the other players are told the answer",
                    index.span, hint=f"write 'secret' before the pick's block to tell them '…' (4.21e): "
                                     f"'pick {s.var} from ... secret {{ ... }}'"))
            stack.extend(reversed(list(n.children())))

    def dead_end(self, s: A.Pick) -> None:
        """W562: a pick whose block starts with a compulsory pick that narrows by the first one's answer (its
        `where` reads VAR): an answer that leaves the second pick no candidate leads nowhere (nothing happens),
        unless the first pick's `where` keeps only answers the second has one for (an aggregate, a func or a
        `can` there is taken for that guard). A test that only leaves out VAR itself (`b != a`) is no narrowing."""
        inner = s.body[0] if s.body and type(s.body[0]) is A.Pick else None
        if inner is None or inner.where is None or inner.optional or inner.otherwise or inner.blind is not None \
                or inner.limit is not None or inner.least is not None or inner.budget is not None:
            return
        if s.where is not None and any(type(n) in (A.Aggregate, A.Call, A.CanOpen) for n in A.walk(s.where)):
            return

        def conjuncts(e):
            return conjuncts(e.left) + conjuncts(e.right) if type(e) is A.Binary and e.op == "and" else [e]

        def reads(e) -> bool:
            return any(type(n) is A.Name and n.id == s.var for n in A.walk(e))

        narrowing = [c for c in conjuncts(inner.where) if reads(c) and not (type(c) is A.Binary and c.op == "!=")]
        if not narrowing:
            return
        guard = f"some({inner.var} in {printed(inner.domain)} where {printed(inner.where)})"
        self.diags.append(Diagnostic(
            "W562", f"'pick {inner.var}' may have no candidate for some '{s.var}' the pick around it offers (its "
                    f"'where' reads {s.var}): who picks such a {s.var} has nothing left to pick, and nothing happens",
            inner.where.span, hint=f"offer only the {s.var} it has a candidate for ('where ... and {guard}'), or pick both "
                             "at once from a record over their values (3.4a); 'optional' or an 'else' here if picking "
                             "nothing is meant"))

    def at_random(self, s: A.Pick, simultaneous: bool = False) -> None:
        """E326: what a `pick ... at random` cannot take, since nobody is asked: a prompt, a label,
        `optional`, `repeatedly`, `up to N` (nobody stops early: `exactly N at random`), a simultaneous pick."""
        why = "nobody is asked (the game's seeded RNG picks)"
        misuse = [(simultaneous, "'each ... simultaneously pick' is a decision of each player",
                   "pick at random in a 'for each' over the players"),
                  (s.title is not None, "a prompt is shown to no one", "drop the prompt"),
                  (s.label is not None, "a label ('as \"...\"') is shown to no one", "drop the label"),
                  (s.optional, "there is no 'none' to pick", "drop 'optional', or test first with 'if'"),
                  (s.repeated and s.limit is None and s.least is None and s.budget is None,
                   "'repeatedly' would pick until nothing is left",
                   "write 'exactly N at random' for N different picks"),
                  (s.limit is not None and not s.exactly, "nobody stops early in 'up to N'",
                   "write 'exactly N at random' for N different picks (fewer when fewer are left)")]
        for wrong, what, hint in misuse:
            if wrong:
                self.err("E326", f"'pick {s.var} ... at random': {what}: {why}", s.span, hint=hint)

    def looked_at(self) -> set:
        """The zones some `look` or `reveal` of the rules shows whole (`look discards;`), once."""
        if self.looked is None:
            self.looked = set()
            roots = list(self.sym.decls.values()) + [amend for amend, _ in self.sym.amended]
            for root in roots:
                for n in A.walk(root):
                    if type(n) in (A.Look, A.Reveal):
                        item = n.item
                        while type(item) is A.Index:
                            item = item.obj
                        name = item.id if type(item) is A.Name else item.name if type(item) is A.Attr else None
                        if type(self.sym.decls.get(name)) is A.Zone:
                            self.looked.add(name)
        return self.looked

    @staticmethod
    def picked_zone(domain) -> tuple:
        """(the zone expression a pick's items come from, with its indexes taken off; whether it was an indexed
        zone's element, `deck[2]`): through `sorted(c in ZONE ...)` and `gather(x in D, ZONE)`, the same items."""
        while type(domain) is A.Sorted or type(domain) is A.Aggregate and domain.op == "gather" \
                and domain.value is not None:
            domain = domain.domain if type(domain) is A.Sorted else domain.value
        indexed = type(domain) is A.Index   # an indexed zone's element, `deck[2]` (not a zone's item)
        while type(domain) is A.Index:
            domain = domain.obj
        return domain, indexed

    def face_filter(self, s) -> Optional[tuple]:
        """A pick or `for each` from a zone seen item by item (`seen by FIELD`, `hidden from FIELD`) that no
        `look`/`reveal` of the zone, `shown` field or field's `reveal` tells of: (the zone, which faces the
        `where`'s `and`ed tests keep: {"seen"} with `c.side == you` under `seen by side` (`c.holder != you`
        under `hidden from holder`), {"unseen"} with the opposite test, empty when none says or there is no
        `where`); else None."""
        domain, _indexed = self.picked_zone(s.domain)
        name = domain.id if type(domain) is A.Name else domain.name if type(domain) is A.Attr else None
        d = self.sym.decls.get(name)
        rule = A.face_rule(d.visibility) if type(d) is A.Zone else None
        if rule is None or name in self.looked_at() or self.told_of(d):
            return None
        words, field = rule

        def you(e) -> bool:
            return type(e) is A.You or (type(e) is A.Name and e.id == "you")

        def the_field(e) -> bool:
            return type(e) is A.Attr and e.name == field and type(e.obj) is A.Name and e.obj.id == s.var

        kept, stack = set(), [s.where] if s.where is not None else []
        while stack:   # the `and`ed tests of the `where`
            n = stack.pop()
            if type(n) is A.Binary and n.op == "and":
                stack += [n.left, n.right]
            elif type(n) is A.Binary and n.op in ("==", "!=") and (
                    (the_field(n.left) and you(n.right)) or (you(n.left) and the_field(n.right))):
                kept.add("seen" if (n.op == "==") == (words == "seen by") else "unseen")
        return d, kept

    def face_picks(self, s: A.Pick) -> None:
        """W619: a pick from a zone seen item by item that keeps only items whose face its picker never sees
        (unplayable: the options are shown masked); W620: one whose `where` reads a face of items it does not
        keep to those its picker sees (the options offered tell the faces). At the `where`, at the read."""
        found = self.face_filter(s)
        if found is None:
            return
        zone, kept = found
        self.face_options(s, zone, kept)
        if s.where is None:
            return
        field = A.face_rule(zone.visibility)[1]
        if "unseen" in kept:
            self.diags.append(Diagnostic(
                "W619", f"'pick {s.var} from ...' keeps the items of {zone.name!r} whose face the picker never sees "
                        f"({zone.name!r} is {zone.visibility}): the options are shown masked, and picking one by "
                        "what it is would use what they may not know", s.where.span,
                hint="pick where the item is instead (a square, a place: 'pick q from square where ...'), or "
                     "'reveal' the item first if the rules show it"))
            return
        if "seen" in kept:
            return
        for n in self.face_reads(s.where, s.var, zone)[:1]:
            self.diags.append(Diagnostic(
                "W620", f"this 'where' reads the {n.name} of {s.var}, an item of {zone.name!r} ({zone.visibility}) "
                        f"whose face its picker may not see: the options offered tell them the {n.name} of "
                        "items they do not see", n.span,
                hint=f"keep the items they see first: 'where {s.var}.{field} {'==' if zone.visibility.startswith('seen') else '!='} "
                     f"you and ...', or offer every item and check it in the body"))

    def face_reads(self, e, var: str, zone: A.Zone) -> list:
        """The reads `var.F` in `e` of a face field of the items of `zone`, a zone seen item by item (a field of
        its kinds but the one its rule names, not `shown`), but those a `known(var.F)` guards (unknowing_reads)."""
        field = A.face_rule(zone.visibility)[1]
        kinds = [self.sym.decls.get(k) for k in (zone.kind, *zone.more_kinds)]
        fields = {f.name: f for k in kinds if type(k) is A.Kind for f in k.fields}
        return [n for n in unknowing_reads(e, var, self.sym)
                if type(n) is A.Attr and n.name in fields and n.name != field and not fields[n.name].shown]

    def face_options(self, s, zone: A.Zone, kept: set) -> None:
        """W619/W620 of a `choose` in the body of a pick or `for each` over `zone`, seen item by item, whose options
        read a face of the loop's item: an option's guard or label reading the face of items the chooser never sees
        (W619: offered, or labelled, by what they may not know; the label is shown them masked), a guard reading
        that of items not kept to those they see (W620: the options offered tell it; a label is masked per
        viewer, so only a guard tells). At the read, one an option."""
        if "seen" in kept:
            return
        for choose in (n for stmt in s.body for n in A.walk(stmt) if type(n) is A.Choose):
            for option in choose.options:
                reads = [(n, "guard") for n in self.face_reads(option.guard, s.var, zone)] if option.guard else []
                if "unseen" in kept:
                    reads += [(n, "label") for part in option.title_parts if not isinstance(part, str)
                              for n in self.face_reads(part, s.var, zone)]
                if not reads:
                    continue
                n, where = reads[0]
                face = A.face_rule(zone.visibility)[1]
                if "unseen" in kept:
                    self.diags.append(Diagnostic(
                        "W619", f"this option's {where} reads the {n.name} of {s.var}, an item of {zone.name!r} whose "
                                f"face the chooser never sees ({zone.name!r} is {zone.visibility}): "
                                + ("the option is offered by what they may not know" if where == "guard" else
                                   "the label is shown to them masked"), n.span,
                        hint="offer the option by where the item is, or 'reveal' the item first if the rules show it"))
                else:
                    self.diags.append(Diagnostic(
                        "W620", f"this option's guard reads the {n.name} of {s.var}, an item of {zone.name!r} "
                                f"({zone.visibility}) whose face the chooser may not see: the options offered tell "
                                f"them the {n.name} of items they do not see", n.span,
                        hint=f"keep the items they see first: 'where {s.var}.{face} "
                             f"{'==' if zone.visibility.startswith('seen') else '!='} you and ...', or offer the "
                             "option and check it in its body"))

    def never_seen(self, domain) -> Optional[str]:
        """The zone a pick ranges over, described, when its picker (the acting player) never sees into
        it: a `secret` zone, or their own zone `hidden from owner` (`hand`, `you.hand`), unless the
        rules `look` at it or `reveal` it somewhere, or tell something of its cards (`told_of`) (7 Wonders' discards, looked through); else None.
        Looks through `sorted(c in ZONE ...)` and `gather(x in D, ZONE)`: the same cards, unseen."""
        domain, indexed = self.picked_zone(domain)
        if type(domain) is A.Name:
            owner, name = None, domain.id
        elif type(domain) is A.Attr:
            owner, name = domain.obj, domain.name
        else:
            return None
        if type(domain) is A.Attr and id(domain) in self.sym.card_zones and not indexed:   # a pile a card holds
            f = self.held_field(name)
            return f"the secret pile {printed(domain)!r}" if f is not None and f.held == "secret" \
                and name not in self.looked_at() else None
        d = self.sym.decls.get(name)
        if type(d) is not A.Zone or indexed != (d.indexes is not None) or name in self.looked_at():
            return None
        if d.visibility == "secret" and not self.told_of(d):   # a `shown` field still tells the cards apart
            return f"the secret zone {name!r}"
        own = owner is None or (type(owner) is A.Name and owner.id == "you")
        if d.visibility == A.HIDDEN_FROM_OWNER and own and d.per_player and not self.told_of(d):
            return f"their own {name!r}, hidden from its owner"
        return None

    def own_unseen(self, domain) -> Optional[A.Zone]:
        """The acting player's own zone `hidden from owner` a domain names (`hand`, `you.hand`), else None."""
        if type(domain) is A.Name:
            name = domain.id
        elif type(domain) is A.Attr and type(domain.obj) in (A.You,) or \
                type(domain) is A.Attr and type(domain.obj) is A.Name and domain.obj.id == "you":
            name = domain.name
        else:
            return None
        d = self.sym.decls.get(name)
        return d if type(d) is A.Zone and d.visibility == A.HIDDEN_FROM_OWNER and d.per_player \
            and d.indexes is None else None

    def told_fields(self) -> set:
        """The field names some `reveal c.FIELD;` or `look c.FIELD;` of the rules shows."""
        roots = list(self.sym.decls.values()) + [amend for amend, _ in self.sym.amended]
        return {field.name for root in roots for n in A.walk(root) if type(n) in (A.Look, A.Reveal)
                for field in [revealed_field(n)] if field is not None and self.sym.category(field.name) not in
                ("zone", "resource", "counter", "track", "var")}

    def where_unseen(self, s: A.Pick) -> None:
        """W534: a pick's `where` over its picker's own zone `hidden from owner` reading a field of the
        candidate that its picker never learns (not `shown`, shown by no `reveal`/`look` of the field): the
        options offered are filtered by faces the player cannot see, and a single fit is taken for them
        unasked (Hanabi's "play a card" offering only the cards that fit). At the read."""
        zone = self.own_unseen(s.domain)
        if zone is None:
            return
        kinds = [self.sym.decls.get(k) for k in (zone.kind, *zone.more_kinds)]
        fields = {f.name: f for k in kinds if type(k) is A.Kind for f in k.fields}
        told = None
        for n in unknowing_reads(s.where, s.var, self.sym):   # (not `known(c.colour) and c.colour == red`)
            if type(n) is A.Attr and n.name in fields \
                    and not fields[n.name].shown:
                told = self.told_fields() if told is None else told
                if n.name in told:
                    continue
                self.diags.append(Diagnostic(
                    "W534", f"this 'where' reads the {n.name} of {s.var}, a card of {zone.name!r} that its picker "
                    f"never sees (hidden from its owner): the options offered tell them, and one that fits alone is "
                    f"taken for them unasked", n.span,
                    f"offer every card and check it in the body ('if {s.var}.{n.name} ... {{ }} else {{ ... }}'), or "
                    f"filter on what the player is told (a 'shown' field, or a field some 'reveal {s.var}.{n.name};' "
                    "shows)"))
                return

    def told_of(self, zone: A.Zone) -> bool:
        """Whether the rules tell players something of the cards of a zone's kinds: a `shown` field (on every
        card's back), or a field that some `reveal`/`look` shows (`reveal c.colour;`, Hanabi's clues):
        the options of a pick from it then read what the picker knows (`card 2 (colour Red)`), no W421."""
        kinds = {zone.kind, *zone.more_kinds}
        fields = {f.name: f for k in kinds if type(self.sym.decls.get(k)) is A.Kind for f in self.sym.decls[k].fields}
        if any(f.shown for f in fields.values()):
            return True
        return bool(self.told_fields() & fields.keys())

    def visit_Simultaneous(self, s: A.Simultaneous, scope: Scope) -> None:
        if s.pick.secret:
            self.err("E577", "'each ... simultaneously pick' is secret already: no player is told another's "
                     "answer", s.pick.span, "drop 'secret'")
        if s.pick.budget is not None:
            self.err("E495", "'each ... simultaneously pick' picks once or a number of times: a budget is for one "
                     "player's pick", s.pick.budget.span, "pick with a budget in an 'each' over the players")
        elif s.pick.compulsory or s.pick.longest:   # `repeated [longest]`: one player's picks, in turn
            self.err("E540", f"'each ... simultaneously pick' picks in secret, each player once or a number of times: "
                     f"'{'repeated longest' if s.pick.longest else 'repeated'}' is for one player's picks",
                     s.pick.span, "pick in an 'each' over the players, or write 'up to N'")
        elif s.pick.repeated and s.pick.limit is None and s.pick.least is None:   # up to, exactly, at least
            self.err("E304", f"'each ... simultaneously pick' picks once or a number of times: "
                     f"'{pick_mode(s.pick)}' is for one player's pick (write 'up to N' or 'exactly N')", s.span)
        if s.each_var is not None and (s.pick.limit is not None or s.pick.least is not None):
            self.err("E529", f"'each ... simultaneously for each {s.each_var} in ...' picks one for each element: "
                     f"'{pick_mode(s.pick)}' would pick several for one", s.pick.span,
                     "drop it (each player answers once per element, 'optional' lets them pass one), or pick several "
                     "without 'for each'")
        elif s.each_var is not None and s.pick.blind is not None:
            self.err("E529", f"'each ... simultaneously for each {s.each_var} in ...' picks one for each element: "
                     "'or blind ZONE' (a card drawn unseen as it is picked) is for a pick once a player",
                     s.pick.blind[0].span, "drop 'or blind', or pick without 'for each'")
        elif s.pick.blind is not None and len(blind_zones(s.pick.blind, self.sym)) > 1:
            zones = s.pick.blind[1] if len(s.pick.blind) > 1 else s.pick.blind[0]
            self.err("E524", "'each ... simultaneously pick' offers the unseen top card of one zone: a card drawn blind "
                     "that a body leaves in no zone goes back to the zone it came from, which a simultaneous pick does "
                     "not keep", zones.span, "blind one zone, or pick one player at a time ('each players { pick ... }')")
        if s.pick.optional_when is not None:
            self.err("E304", "'each ... simultaneously pick' is optional for every player or for none: 'optional "
                     "when' is for one player's pick", s.pick.optional_when.span,
                     "test the condition around it: 'if COND { each ... optional } else { each ... }'")
        if s.pick.random:
            self.at_random(s.pick, simultaneous=True)
        if s.pick.alike:
            self.err("E455", "'each ... simultaneously pick' offers every player their candidates as they are: "
                     "'alike' is for one player's pick", s.span, "drop 'alike'")
        if s.pick.best is not None:
            self.err("E434", f"'each ... simultaneously pick' offers every player their candidates as they are: "
                     f"'{'most' if s.pick.best_most else 'fewest'} ...' is for one player's pick", s.pick.best.span,
                     "keep the best ones in the 'where': 'where KEY == lowest(x in DOMAIN, KEY of x)'")
        if s.pick.otherwise:
            self.err("E304", "'each ... simultaneously pick' has no 'else': a player who picks nothing does "
                     "nothing (test it after, in the body of the others or with a count)", s.pick.otherwise[0].span)
        self.simultaneous_picks.add(id(s.pick))   # `best by KEY` is theirs (E644 on another pick)
        self.visit_Each(s, scope, "'each ... simultaneously'")

    def visit_Reveal(self, s: A.Reveal, scope: Scope) -> None:
        if s.top is not None:
            self.top_known(s, scope, "reveal")
        else:
            self.known_expr(s, scope, "reveal")
        if s.to is not None:
            who = self.expr(s.to, scope)
            if not (fits(who, "player") or fits(who, "list:player")):
                self.err("E303", f"'reveal ... to' names a player or a list of players, not {article(words(who))}",
                         s.to.span, "reveal to every player: leave out 'to ...'")

    def visit_Look(self, s: A.Look, scope: Scope) -> None:
        if s.top is not None:
            self.top_known(s, scope, "look")
        else:
            self.known_expr(s, scope, "look")

    def top_known(self, s, scope: Scope, verb: str) -> None:
        """`look top N of ZONE;` / `reveal top N of ZONE [to PLAYERS];`: N a number, ZONE a zone (E303);
        W439 on a public zone, whose cards everyone sees in order already."""
        count = self.expr(s.top, scope)
        if not fits(count, "int"):
            self.err("E303", f"'{verb} top N of ZONE' counts the items with a number, not {article(words(count))}",
                     s.top.span)
        kind = self.expr(s.item, scope)
        if not fits(kind, "zone"):
            self.err("E303", f"'{verb} top N of' needs a zone, not {article(words(kind))}", s.item.span,
                     f"one card: '{verb} {printed(s.item)};'")
        decl = self.zone_decl(s.item, scope)
        if decl is not None and decl.visibility == "public":
            self.diags.append(Diagnostic(
                "W439", f"'{decl.name}' is public: everyone sees its cards, in order, already; "
                        f"'{verb} top ... of' adds nothing", s.span, f"leave it out, or declare the zone 'secret' or 'hidden'"))

    def known_expr(self, s, scope: Scope, verb: str) -> None:
        """What `reveal`/`look` show: a card, tile or piece, or a zone (each of its items), or one field
        of a card (`reveal c.colour;`, recorded in `Symbols.field_reveals`)."""
        e = s.item
        if type(e) is A.Binary and e.op in ("==", "!=", "<", "<=", ">", ">="):   # `reveal c.colour == red;`
            self.value_known(s, e, scope, verb)
            return
        if type(e) is A.Attr:
            obj = self.expr(e.obj, scope)
            kind = self.attr(e, scope, obj_type=obj)
            if self.card_field(e, obj, kind):
                self.field_known(s, e, obj, verb)
                return
        else:
            kind = self.expr(e, scope)
        if not (fits(kind, "entity") or fits(kind, "zone")):
            self.err("E303", f"{verb} needs a card, tile, piece or zone, or a card's field, not "
                     f"{article(words(kind))}", e.span)

    def card_field(self, e: A.Attr, obj: str, kind: str) -> bool:
        """Whether `ITEM.FIELD` (of type `obj`, read as `kind`) is a field of a card: ITEM a card, or of unknown
        type and FIELD no player's zone, counter or variable."""
        return base_of(obj) == "entity" or obj == "any" and not (fits(kind, "zone") and kind != "any") \
            and self.sym.category(e.name) not in ("zone", "resource", "counter", "track", "var")

    def value_known(self, s, e: A.Binary, scope: Scope, verb: str) -> None:
        """`reveal c.FIELD == VALUE;` / `look c.FIELD == VALUE;`: whether a card's field has a value (E548 for
        another comparison or anything but a card's field; E549 for a value the field never equals; W536 for a
        `shown` field, whose answer everyone sees already; the field's own checks as `reveal c.FIELD;`)."""
        example = f"'{verb} c.colour == red;'"
        if e.op != "==":
            self.err("E548", f"'{verb} ... {e.op} ...' cannot be asked: {verb} tells whether a card's field has a "
                     f"value, with ==", e.span, f"ask with ==: '{verb} {printed(e.left)} == {printed(e.right)};'"
                     if e.op == "!=" else example)
            self.expr(e, scope)
            return
        field_type, obj = "any", None
        if type(e.left) is A.Attr:
            obj = self.expr(e.left.obj, scope)
            field_type = self.attr(e.left, scope, obj_type=obj)
        else:
            self.expr(e.left, scope)
        value = self.expr(e.right, scope)
        if obj is None or not self.card_field(e.left, obj, field_type):
            self.err("E548", f"{verb} ... == ... asks whether a card's field has a value, and {printed(e.left)} is "
                     f"not a field of a card", e.left.span, example)
            return
        if self.field_known(s, e.left, obj, verb, asked=True):
            self.err("W536", f"{e.left.name!r} is declared 'shown': every player sees whether it is "
                     f"{printed(e.right)} already", self.at_name(e.left.name, e.left.span),
                     "leave out this statement, or 'shown' in the kind")
        self.value_of_field(e.left, field_type, e.right, value, f"{verb} ... == ...")

    def value_of_field(self, field: A.Attr, field_type: str, e: A.Expr, value: str, what: str) -> None:
        """E549: a value that a card's field is asked about (`reveal c.colour == VALUE;`, `possible(c.colour,
        VALUE)`) of another type than the field's, which the field never equals."""
        if self.incomparable(field_type, value):
            self.err("E549", f"{what} asks whether {printed(field)} is {printed(e)}, and {printed(field)} is "
                     f"{article(words(field_type))}, never {article(words(value))}", e.span,
                     self.comparison_hint(A.Binary("==", field, e, span=e.span), field_type, value))

    def field_known(self, s, e: A.Attr, obj: str, verb: str, asked: bool = False) -> bool:
        """`reveal c.FIELD;` / `look c.FIELD;`: a field the kind declares with a value of its own (E329 for
        a computed field, an effect or what the game keeps: the name, the owner...); W429 for a `shown`
        field, which everyone sees already (`asked`, for `reveal c.FIELD == VALUE;`: whether it is one, said
        by the caller). `s` None for a `known(c.FIELD)` read, which no statement records."""
        if s is not None:
            self.sym.field_reveals.add(id(s))
        kind = self.kind_of(obj)
        if kind is None:
            return False   # a card of unknown kind: a field it lacks is an error in play
        field = next((f for f in kind.fields if f.name == e.name), None)
        span = self.at_name(e.name, e.span)
        if field is None and e.name in ELEMENT_ATTRS:
            self.err("E329", f"{verb} {'shows' if s is not None else 'reads'} a field a {kind.name} declares, and "
                     f"{e.name!r} is kept by the game",
                     span, f"{verb} the card itself: '{verb} {printed(e.obj)};'" if e.name in ("name", "title")
                     and s is not None else None)
        elif field is not None and (field.computed or field.type == "effect"):   # (one per member: E312 said so)
            what = "computed, worked out for each reader" if field.computed else "an effect, written in the rules"
            self.err("E329", f"{e.name!r} of {kind.name} is {what}: it has no value of the card's to "
                     f"{verb if s is not None else 'know'}", span,
                     f"{verb if s is not None else 'read'} the fields it is worked out from" if field.computed else None)
        elif field is not None and field.shown and field.index is None:
            if asked:
                return True
            self.err("W429", f"{e.name!r} of {kind.name} is declared 'shown': every player sees it already",
                     span, "leave out this statement, or 'shown' in the kind")
        return False

    def knowledge_read(self, func: str, args: tuple, span: A.Span, scope: Scope) -> str:
        """`known([PLAYER,] c.FIELD)`, `possible([PLAYER,] c.FIELD, VALUE)` (4.23): E302 for another count of
        arguments, E303 for a first one that is no player, E550 for anything but a card's field where the field
        is written, E329 as `reveal c.FIELD;` has it, E549 for a value the field never equals; W537 for a field
        declared `shown`, which every player knows."""
        self.used.add(func)
        low = 1 if func == "known" else 2
        shape = "known(c.FIELD) or known(p, c.FIELD)" if func == "known" else \
            "possible(c.FIELD, VALUE) or possible(p, c.FIELD, VALUE)"
        if not low <= len(args) <= low + 1:
            self.err("E302", f"{func}() takes {low} or {low + 1} arguments, not {len(args)}: {shape}", span)
            for a in args:
                self.expr(a, scope)
            return "bool"
        who, field, asked = knowledge_args(func, args)
        if who is not None and not fits(self.expr(who, scope), "player"):
            self.err("E303", f"the first of {func}()'s {len(args)} arguments is the player who knows, not "
                     f"{printed(who)}", who.span, shape)
        obj = self.expr(field.obj, scope) if type(field) is A.Attr else None
        field_type = self.attr(field, scope, obj_type=obj) if obj is not None else self.expr(field, scope)
        value = self.expr(asked, scope) if asked is not None else None
        if obj is None or not self.card_field(field, obj, field_type):
            self.err("E550", f"{func}() reads what a player knows of a card's field, and {printed(field)} is not a "
                     f"field of a card", field.span, f"write the card and its field: {shape}")
            return "bool"
        if self.field_known(None, field, obj, f"{func}()", asked=True):
            self.diags.append(Diagnostic(
                "W537", f"{field.name!r} is declared 'shown': every player knows it, so {func}() reads "
                        f"{'true' if func == 'known' else 'only whether it is that value'}",
                self.at_name(field.name, field.span), f"read the field itself: {printed(field)}"
                if func == "known" else f"read the field itself: {printed(field)} == {printed(asked)}"))
        if asked is not None:
            self.value_of_field(field, field_type, asked, value, f"{func}()")
        return "bool"

    def visit_Say(self, s: A.Say, scope: Scope) -> None:
        self.text_parts(s.parts, scope)

    def text_parts(self, parts: tuple, scope: Scope, picked: Optional[str] = None) -> None:
        """The values of a text (`say`, a decision's prompt, an option's label): any type, shown as
        `say` shows it. A prompt is asked before its variable (`picked`) has a value: naming it is E201."""
        for part in parts:
            if isinstance(part, str):
                continue
            early = next((n for n in A.walk(part) if type(n) is A.Name and n.id == picked), None)
            if early is not None and picked not in scope.locals:
                self.err("E201", f"the prompt is asked before {picked!r} is picked: it cannot show {picked!r}",
                         early.span, hint=f"show each candidate in its label: 'as \"{{{picked}}}\"'")
                continue
            self.expr(part, scope)
        self.you_twice(parts, scope)

    def you_twice(self, parts: tuple, scope: Scope) -> None:
        """W462: a text inside `each P` that shows both `{you}` and `{P}` (P still that local): there
        they are one player ("P3: block P3's steal?"), never what was meant; the acting player outside
        the `each` is kept in a `let` before it (or, for a list of players, asked with `first q in ...
        may`, which keeps `you`)."""
        if self.each_as is None:
            return
        # the values themselves, `{you}` and `{P}` (`{left(you)}`, `{P.coin}` are other values)
        name = next((p.id for p in parts if type(p) is A.Name and scope.locals.get(p.id) is self.each_as), None)
        you = next((p for p in parts if type(p) is A.You), None)
        if name is not None and you is not None:
            self.diags.append(Diagnostic(
                "W462", f"inside 'each {name}', 'you' is {name}: this text shows the same player as both", you.span,
                hint=f"to show the player acting outside the 'each', write 'let actor = you;' before it and show "
                     f"{{actor}}" + ("" if self.each_one else   # `first` asks players of a list (E385 for one)
                                     f"; or ask with 'first p in {name} may', where 'you' stays the acting player")))

    # ------------------------------------------------------------------ expressions
    def expr(self, e, scope: Scope) -> str:
        """Check an expression; returns its type (see `words`)."""
        self.expr_depth += 1
        try:
            if self.expr_depth > MAX_EXPR_DEPTH:
                if not self.too_deep:   # once per outermost expression
                    self.too_deep = True
                    self.err("E310", f"this expression nests more than {MAX_EXPR_DEPTH} deep: split it with "
                             f"'let' or a func", e.span)
                return "any"
            return self.visit(e, scope)
        finally:
            self.expr_depth -= 1
            if not self.expr_depth:
                self.too_deep = False

    def visit_Int(self, e, scope) -> str:
        return "int"

    def visit_Dec(self, e: A.Dec, scope) -> str:
        """A decimal literal; W532 for zeros at the end of its places (`7.50`, `3.0`), which no text shows."""
        if e.text.endswith("0"):
            plain = e.text.rstrip("0").rstrip(".")
            self.diags.append(Diagnostic(
                "W532", f"{e.text} is {plain}: the zeros after the point change nothing, and texts show it as {plain}",
                e.span, f"write {plain}" + (": a whole number widens to a decimal where one is wanted"
                                            if "." not in plain else "")))
        return "decimal"

    def whole_wanted(self, value, kind: str, what: str) -> bool:
        """E546 where a decimal stands for a whole number (`what` is the place: "an amount", ...): no
        decimal is narrowed silently. Whether it was one (the caller then says nothing more)."""
        if kind != "decimal":
            return False
        shown = printed(value)
        shown = shown if len(shown) <= 40 else "x"
        joined = what.endswith(" be") or what.endswith(" holds") and not what.startswith("what ")
        self.err("E546", f"{what}{'' if joined else ' is'} a whole number, and {printed(value) if len(printed(value)) <= 60 else 'this'} "
                 f"is a decimal", value.span,
                 f"say how to make it whole: floor({shown}) rounds down, ceil({shown}) up, round({shown}) to the "
                 f"nearest (a half away from zero)")
        return True

    def visit_Str(self, e, scope) -> str:
        self.text_parts(e.parts, scope)   # a text with values is filled in where it is evaluated
        return "str"

    def visit_Bool(self, e, scope) -> str:
        return "bool"

    def visit_Cond(self, e, scope) -> str:
        self.condition(e.cond, scope)
        then, otherwise = self.narrowed(e.cond, scope), self.narrowed(e.cond, scope, holds=False)
        return self.alike([(e.then, self.expr(e.then, then)), (e.otherwise, self.expr(e.otherwise, otherwise))],
                          "both sides of this 'if ... then ... else'")

    def alike(self, given: list, what: str) -> str:
        """The type of a value that is one of several (`match` results, both sides of an `if`): E303
        when two cannot stand for each other (a number and a list), else their common type."""
        first = given[0][1]
        for value, found in given[1:]:
            if not (fits(found, first) or fits(first, found)):
                self.err("E303", f"{what} must give one kind of value, not {article(words(first))} and "
                         f"{article(words(found))}", value.span)
                return "any"
        if {t for _v, t in given} == {"int", "decimal"}:   # a whole number widens
            return "decimal"
        if all(t == first for _v, t in given):
            return first
        # `if c then [x] else []`: a list of numbers and the empty list are lists still (as "any", a `+` of
        # two such values would be read as arithmetic: E303 on a func giving a list)
        return "list" if all(base_of(t) == "list" for _v, t in given) else "any"

    def table_read(self, e: A.Index, scope) -> str:
        """`payout[r]`, `extra[c, n]`: a printed table's value, one index per index declared (E659), each of its
        index's type (a number of a range, a member of the enum: E659), a constant one inside the range (E659)."""
        name = e.obj.id
        self.used.add(name)
        decl = self.sym.decls[name]
        dims, parts = decl.index.dims(), e.index.parts if type(e.index) is A.Pair else (e.index,)
        value_type = decl.type if decl.type in TABLE_TYPES else f"member:{decl.type}"
        if len(parts) != len(dims):
            for part in parts:
                self.expr(part, scope)
            self.err("E659", f"table {name!r} is read with {len(parts)} index{'es' if len(parts) != 1 else ''}: it "
                     f"has {len(dims)} ({decl.index.shown()})", e.index.span,
                     f"write {name}[{', '.join(d.name or (d.enum or 'n') for d in dims)}]")
            return value_type
        if dims[0].edge:   # a board's side, `wall[edge(a, b)]`: read as a variable's side is
            self.edge_element(name, dims[0], parts[0], scope)
            return value_type
        tops = self.sym.table(name).tops or (None,) * len(dims)
        for dim, part, top in zip(dims, parts, tops):
            kind = self.expr(part, scope)
            record = isinstance(self.sym.decls.get(dim.enum), A.Record)
            wanted = f"record:{dim.enum}" if record else f"member:{dim.enum}" if dim.enum is not None else "int"
            said = dim.enum if dim.enum is not None else f"{A.number_text(dim.low, False)}..{dim.end_shown()}"
            if not fits(kind, wanted):
                self.err("E659", f"the index {dim.name or said} of table {name!r} is "
                         f"{article(words(wanted))}, not {article(words(kind))}", part.span)
                continue
            at = constant(part)
            low = dim.low if type(dim.low) is int else self.sym.consts.get(getattr(dim.low, "name", None), dim.low)
            if dim.enum is None and type(at) is int and type(low) is int and not low <= at <= (top or dim.high) \
                    and not (dim.open and at >= low):   # (past an open top: the last value)
                self.err("E659", f"table {name!r} has no value at {at}: its index {dim.name or ''}".rstrip()
                         + (f" runs from {low} up" if dim.open else f" runs from {low} to {dim.high}"), part.span,
                         f"the first is {name}[{low}]" if at < low else f"the last is {name}[{dim.high}]")
        return value_type

    def visit_Index(self, e, scope) -> str:
        brackets, inner = [e.index], e.obj
        if type(e.obj) is A.Name and e.obj.id not in scope.locals and self.sym.category(e.obj.id) == "table":
            return self.table_read(e, scope)
        while type(inner) is A.Index:   # `wall[r][c]`, `meeple[r][c][s]`, `meeple[r, c][s]`: the brackets in order
            brackets.insert(0, inner.index)
            inner = inner.obj
        if len(brackets) > 1 and self.grid(inner, scope):
            # one E312, then the element as if written `wall[r, c]`
            base = inner.id if type(inner) is A.Name else inner.name
            parts = tuple(p for b in brackets for p in (b.parts if type(b) is A.Pair else (b,)))
            self.err("E312", f"{base!r} is a grid: write its indexes in one pair of brackets, "
                     f"{printed(inner)}[{', '.join(map(printed, parts))}]", e.span)
            return self.visit_Index(A.Index(inner, A.Pair(parts, span=brackets[0].span), span=e.span), scope)
        if isinstance(e.obj, A.Name) and e.obj.id not in scope.locals and self.indexed(e.obj.id):
            self.element(e.obj.id, e.index, scope, e.span)
            return self.visit_Name(e.obj, scope, indexed=True)
        if isinstance(e.obj, A.Attr) and (self.indexed(e.obj.name) or e.obj.name in self.member_field_names):
            return self.attr(e.obj, scope, e.index)
        if isinstance(e.obj, A.Attr) and e.obj.name in self.cost_field_names and self.cost_field(e.obj, scope):
            # `b.cost[fish]`: the units of a resource (or a group's wild icons) a printed cost shows
            if not (type(e.index) is A.Name and e.index.id not in scope.locals
                    and self.sym.category(e.index.id) in ("resource", "group")):
                kind = self.expr(e.index, scope)
                if not (type(e.index) is A.Name and e.index.id in scope.locals and fits(kind, "resource")):
                    self.err("E406", f"{printed(e.obj)} is a printed cost: read how many units of a resource it shows, "
                             f"or of a group's wild icons, as {printed(e.obj)}[RESOURCE] or [GROUP], not "
                             f"[{printed(e.index)}]", e.index.span)
            else:
                self.used.add(e.index.id)
            self.sym.cost_reads.add(id(e))
            return "int"
        if isinstance(e.obj, A.Attr):   # `c.edges[9]`: a list field, whose declarations may say how long it is
            held = self.expr(e.obj.obj, scope)
            if base_of(held) == "member":   # `window.shade[s]`: an enum's field, of a list or a grid
                return self.attr(e.obj, scope, e.index, obj_type=held)
            field_type = self.attr(e.obj, scope, obj_type=held)
            self.field_position(held, e.obj, e.index, scope)
            return self.numbered_item(field_type, e.obj, e.index, scope)
        return self.numbered_item(self.expr(e.obj, scope), e.obj, e.index, scope)

    def visit_Pair(self, e: A.Pair, scope: Scope) -> str:
        """Two indexes or more anywhere but after a grid's name (`row[1, 2]` of a list): E312."""
        self.err("E312", "two indexes or more ([A, B]) name an element of a counter, variable or zone declared "
                 "with as many ('counter wall[1..5, 1..5];'), not this", e.span)
        for part in e.parts:
            self.expr(part, scope)
        return "any"

    def numbered_item(self, kind: str, obj, index, scope: Scope) -> str:
        """`items[n]`: the n-th item of a list or zone; `items[a..b]`: a list of its items a to b."""
        if base_of(kind) not in ("list", "zone", "any"):
            self.err("E303", f"only a list or a zone has numbered items, not {article(words(kind))}", obj.span)
        if type(index) is A.Range:   # a slice: the items at those places that there are
            self.expr(index, scope)
            element = element_of(kind) if base_of(kind) in ("list", "zone") else "any"
            return f"list:{element}" if element != "any" else "list"
        if type(index) is A.Pair:   # E312 (visit_Pair): what it names is unknown, so nothing more is said of it
            self.expr(index, scope)
            return "any"
        self.amount(index, scope)
        at = constant(index)
        if type(obj) is A.ListLit and type(at) is int and not 1 <= at <= len(obj.items):   # `[1, 2][3]`: E601 in play
            self.err("E392", f"position {at} is outside the list of {len(obj.items)} item"
                     f"{'s' if len(obj.items) != 1 else ''} (positions count from 1)", index.span,
                     "the first item is [1]" if at < 1 else f"the last item is [{len(obj.items)}]")
        return element_of(kind) if base_of(kind) in ("list", "zone") else "any"

    def field_lists(self, obj: str, kind: A.Kind, name: str) -> list:
        """The list field `name` as each declaration of a card `obj` may be gives it: (declaration, number of
        items), the number None when not written out (a value worked out, no default)."""
        kinds = set(kinds_in(obj)) or {kind.name}
        defaults = {}
        for k in kinds:
            decl = self.sym.decls.get(k)
            f = next((f for f in getattr(decl, "fields", ()) if f.name == name), None)
            defaults[k] = len(f.default.items) if f is not None and type(f.default) is A.ListLit else None
        found = []
        for d in self.sym.decls.values():
            if isinstance(d, A.Entity) and d.kind in kinds:
                value = next((v.value for v in d.values if isinstance(v, A.FieldValue) and v.name == name), None)
                found.append((d, len(value.items) if type(value) is A.ListLit else
                              defaults[d.kind] if value is None else None))
        return found

    def field_position(self, obj: str, e: A.Attr, index, scope: Optional[Scope] = None) -> None:
        """`c.edges[9]` with a constant position, c a card of type `obj`: outside the list every declaration
        of c's kind writes out is E392 (play would stop there, E601); outside the list some of them write out
        is W467."""
        at = constant(index)
        kind = self.shared_kind(obj, e.name, e.obj, e.span, report=False) if base_of(obj) == "entity" else None
        if type(at) is not int or type(index) is A.Range or not isinstance(kind, A.Kind):
            return
        lists = every = self.field_lists(obj, kind, e.name)
        if scope is not None and type(e.obj) is A.Name and e.obj.id not in self.names_set():
            # a test on the card's fields around the read leaves some declarations out (W467 only, then)
            lists = [(d, n) for d, n in lists if not ruled_out(d, e.obj.id, scope.sized)]
        if scope is not None and 1 <= at <= scope.sized.get(printed(e), 0):
            lists = [(d, None) for d, _n in lists]   # a test said it has that many items here (W467's own hint)
        outside = [(d, n) for d, n in lists if n is not None and not 1 <= at <= n]
        if not outside:
            return
        lengths = sorted({n for _d, n in outside})
        counted = " or ".join(str(n) for n in lengths)
        items = "item" if lengths == [1] else "items"
        hint = "the first item is [1]" if at < 1 else f"the last item is [{max(n for _d, n in lists if n is not None)}]"
        if len(outside) == len(lists) == len(every):
            self.err("E392", f"position {at} is outside {printed(e)}: every {kind.name} gives a list of {counted} "
                     f"{items} (positions count from 1)", index.span, hint)
        else:
            names = ", ".join(d.name for d, _n in outside[:3]) + (" ..." if len(outside) > 3 else "")
            self.diags.append(Diagnostic(
                "W467", f"position {at} is outside {printed(e)} for {len(outside)} of the {len(lists)} declarations "
                        f"it may be ({names}: {counted} {items}): play stops there (E601) if one of them is read",
                index.span, hint="narrow it first, or check its size: 'if size(...) >= N { ... }'"))

    @property
    def member_field_names(self) -> set:
        """The names of the fields some kind declares `int[ENUM]` or `bool[ENUM]`."""
        if self._member_field_names is None:
            self._member_field_names = {f.name for d in self.sym.decls.values() if isinstance(d, A.Kind)
                                        for f in d.fields if f.index is not None}
        return self._member_field_names

    @property
    def computed_field_names(self) -> set:
        """The names of the computed fields some kind declares (`func reached: bool;`), less any name
        another kind has as a plain field (a card of unknown kind could then have either)."""
        if self._computed_field_names is None:
            fields = [f for d in self.sym.decls.values() if isinstance(d, A.Kind) for f in d.fields]
            self._computed_field_names = {f.name for f in fields if f.computed} - {f.name for f in fields
                                                                                   if not f.computed}
        return self._computed_field_names

    @property
    def readable_names(self) -> set:
        """Every name `x.NAME` may read on a value of unknown type (an item of a `zone` parameter, an `any`):
        a field some kind, record or enum declares, what the game keeps of every card, and what a player
        has (a resource, counter, track, zone or variable of each player)."""
        if self._readable_names is None:
            self._readable_names = {f.name for d in self.sym.decls.values() for f in getattr(d, "fields", None) or ()
                                    if isinstance(getattr(f, "name", None), str)} | set(ELEMENT_ATTRS) | {SUBJECT} | {
                n for n, d in self.sym.decls.items() if isinstance(d, (A.Resource, A.Counter, A.Track, A.Zone, A.Var))}
        return self._readable_names

    def unknown_member_datum(self, e: A.Attr) -> Optional[str]:
        """`c.value.points` where the value's type is not known here (a field of an item of a `zone` parameter): a
        name only the members of enums hold, no kind, record or player, is their data. Of one enum it is read
        as `m.points` is (Symbols.enum_reads: a member of another enum stops play with E601); of several, which
        table to read is not known, W656 (the play would read it as a card's field, and stop). None otherwise."""
        if any(isinstance(d, (A.Kind, A.Record)) and any(getattr(f, "name", None) == e.name for f in d.fields or ())
               for d in self.sym.decls.values()) or self.sym.category(e.name) is not None \
                or e.name in ELEMENT_ATTRS or e.name == SUBJECT:   # what every card (or event) has: not the data
            return None
        enums = [d for d in self.sym.decls.values() if isinstance(d, A.Enum) and any(f.name == e.name for f in d.fields)]
        if len(enums) == 1:
            return self.member_datum(e, enums[0], False)
        if enums:
            self.err("W656", f"{e.name!r} is data of the members of {' and '.join(d.name for d in enums)}, read here "
                     f"of {printed(e.obj)}, whose type is not known (an item of a 'zone' parameter, say): play cannot "
                     f"tell which table to read", self.at_name(e.name, e.span),
                     self.typed_items_hint(e.obj))
        return None

    def typed_items_hint(self, value: A.Expr) -> str:
        """W656's hint: type the zone (or list) whose item `value` is read of, naming the kinds that declare the first
        field read off the item (`c.value.points`: the kinds with a field `value`), else `card`."""
        while type(value) is A.Attr and type(value.obj) is A.Attr:
            value = value.obj
        kinds = [k for k in self.sym.of("kind") if type(value) is A.Attr
                 and any(f.name == value.name for f in self.sym.decls[k].fields)] or ["card"]
        of = " or ".join(kinds)
        return f"give the value a type: a parameter 'z: zone of {of}' types a zone's items (a list's, 'cards: list of " \
               f"{kinds[0]}')"

    def member_field(self, e: A.Attr, kind: A.Kind, f: A.FieldDecl, index, scope: Scope, site, setting: bool) -> str:
        """`card.field[member]` of a field declared `int[ENUM]`: the index is a member of the enum; `c.layout[s]` of
        one declared `int[RECORD]` is read as an enum's grid is (member_cell)."""
        if isinstance(self.sym.decls.get(f.index), A.Record):
            return self.member_cell(e, f, index, scope)
        if index is None:
            members = f.index_keys(self.sym.decls)
            example = f"{printed(e)}[{members[0] if members else '...'}]"
            var = next(v for v in (f.index[0] if f.index_range is None else "n", "m", "member")
                       if v not in printed(e.obj).split("."))
            group = isinstance(self.sym.decls.get(f.index), A.Group)
            per = f"number from {f.index_range[0]} to {f.index_range[1]}" if f.index_range is not None else f.index
            self.err("E312", f"field {e.name!r} of {kind.name} holds one {words(f.type)} per {per}: say which "
                     f"one, as in {example}", e.span,
                     f"pay or gain every one: 'pay {printed(e)};', 'gain {printed(e)};'" if group and not setting else
                     f"all of them: total({var} in {f.index}, {printed(e)}[{var}])" if f.type == "int" and not setting
                     else None)
            return "any"
        self.sym.member_fields.add(id(site))
        if f.index_range is not None:   # `c.marked[n]`: a whole number, a written one within the range (E312)
            actual = self.expr(index, scope)
            if not fits(actual, "int"):
                self.err("E303", f"an index of field {e.name!r} is a whole number, not {article(words(actual))}",
                         index.span, f"the numbers from {f.index_range[0]} to {f.index_range[1]}")
            elif isinstance(constant(index), int) and not f.index_range[0] <= constant(index) <= f.index_range[1]:
                self.err("E312", f"{printed(e)}[{constant(index)}] is outside {e.name}[{f.index}]", index.span,
                         f"an index of {e.name} goes from {f.index_range[0]} to {f.index_range[1]}")
            return f.type
        members = getattr(self.sym.decls.get(f.index), "members", ())
        if isinstance(self.sym.decls.get(f.index), A.Group):
            return self.group_index(e, f, index, members, scope)
        actual = self.expr(index, scope)
        if not fits(actual, f"member:{f.index}"):
            self.err("E303", f"an index of field {e.name!r} is {article(f.index)}, not {article(words(actual))}",
                     index.span, f"the members of {f.index}: {', '.join(members)}")
        return f.type

    def group_index(self, e: A.Attr, f: A.FieldDecl, index, members: tuple, scope: Scope) -> str:
        """The index of a field declared `int[GROUP]`: a resource of the group written out (`q.needs[fighter]`,
        the name itself, not the player's amount; E361 for another), or a value holding a resource (a
        `resource` local or parameter, a pick over the group: checked in play, E601)."""
        if type(index) is A.Name and index.id not in scope.locals and self.sym.category(index.id) is not None:
            if index.id not in members:
                self.err("E361", f"{index.id!r} is not a resource of {f.index}: field {e.name!r} holds one number "
                         f"per {f.index} ({', '.join(members)})", index.span, did_you_mean(index.id, members))
            self.sym.named.add(id(index))
            self.used.add(index.id)
            return "int"
        actual = self.expr(index, scope)
        if not fits(actual, "resource"):
            self.err("E361", f"an index of field {e.name!r} is a resource of {f.index}, not {article(words(actual))}",
                     index.span, f"the resources of {f.index}: {', '.join(members)}")
        return "int"

    def visit_Match(self, e: A.Match, scope: Scope) -> str:
        results = []
        self.match_arms(e, scope, lambda case, inner: results.append((case.result, self.expr(case.result, inner))),
                        lambda: results.append((e.otherwise, self.expr(e.otherwise, scope))))
        return self.alike(results, "the cases of this 'match'")

    def visit_MatchStmt(self, s: A.MatchStmt, scope: Scope) -> None:
        if self.match_arms(s, scope, lambda arm, inner: self.block(arm.body, inner),
                           lambda: self.block(s.otherwise, scope)):
            self.complete.add(id(s))   # an arm for every member: one always runs (W414)

    def match_arms(self, m, scope: Scope, arm_body, otherwise) -> bool:
        """The arms of a `match`, expression (Case) or statement (Arm), checked alike: each arm's cases
        (`match_case`), then its result or block (`arm_body(arm, scope)`, in the scope the cases
        narrow), then the `else` (`otherwise()`); without one, W408 for an enum member no case names
        and W458 for a bounded number no case reaches. Returns whether the cases name every member."""
        statement = isinstance(m, A.MatchStmt)
        arms, has_else = (m.arms, m.otherwise is not None) if statement else (m.cases, m.otherwise is not None)
        runs = "this arm never runs for it" if statement else "this case never applies"
        subject = self.expr(m.subject, scope)
        earlier = []   # the constant cases before, as (value, span) or (low, high) number intervals
        for arm in arms:
            for value in arm.values:
                self.match_case(m.subject, subject, value, earlier, scope, runs)
            arm_body(arm, self.matched(m.subject, arm.values, scope))
        if has_else:
            otherwise()
            return False
        outcome = "nothing happens for it (write 'else {}' if that is meant)" if statement else "such a value stops play"
        if any(type(v) is A.Range for arm in arms for v in arm.values):
            self.gap(m.subject, earlier, outcome, scope, m.span)
        return self.uncovered(subject, [v for arm in arms for v in arm.values], outcome, m.span)

    def case(self, value, subject: str, scope: Scope, subject_expr=None) -> None:
        """A case of a `match` (expression or statement): a value that can equal the subject; a bare
        resource, track or die name stands for itself when the subject holds one. A card's name
        matched against cards (`match c.name { guard ... }`) is told to match the card, once a match."""
        found = self.expr(value, scope)
        self.named_in_comparison(value, subject, scope)
        if id(value) in self.sym.named:   # `match res { coin: ... }`: the resource itself
            found = subject
        card = self.sym.decls.get(value.id) if type(value) is A.Name and value.id not in scope.locals else None
        if isinstance(card, A.Entity) and card.copies > 1 and base_of(subject) == "entity":
            self.sym.copy_cases.add(id(value))   # `match c { guard ... }`: every Guard, as `c is guard`
        if not (fits(found, subject) or fits(subject, found)):
            by_name = type(subject_expr) is A.Attr and subject_expr.name == "name" and base_of(found) == "entity"
            if by_name and id(subject_expr) in self.told_by_name:
                return   # (one finding a match: every case of it is a card)
            if by_name:
                self.told_by_name.add(id(subject_expr))
            self.err("E303", f"this case is {article(words(found))}; the value matched is "
                     f"{article(words(subject))}", value.span,
                     f"match the card itself, 'match {printed(subject_expr.obj)} {{ {printed(value)} ... }}': "
                     "a case that names a card meets each of its copies" if by_name else None)

    def gap(self, subject, earlier: list, outcome: str, scope: Scope, span: A.Span) -> None:
        """W458 when a `match` with range cases and no `else` is over a counter declared `from LOW to
        HIGH` and some number of those no case takes (`earlier`: its constant cases, as `match_case`
        keeps them)."""
        decl = self.sym.decls.get(subject.id) if type(subject) is A.Name and subject.id not in scope.locals else None
        if type(decl) is not A.Counter or decl.indexes is not None:
            return
        low, high = constant(decl.low) if decl.low is not None else None, constant(decl.high) if decl.high is not None else None
        if type(low) is not int or type(high) is not int:
            return
        missing, at = [], low
        for a, b in sorted((a, b if b is not None else a) for a, b in earlier if type(a) is int):
            if a > at and at <= high:
                missing.append((at, min(a - 1, high)))
            at = max(at, b + 1) if b != math.inf else math.inf
        if at <= high:
            missing.append((at, high))
        if missing:
            numbers = numbers_in(missing)
            self.diags.append(Diagnostic("W458", f"no case for {numbers} ({subject.id} runs from {low} to {high}) "
                                         f"and no 'else': {outcome}", span,
                                         f"add a case for {numbers}, or 'else'"))

    def match_case(self, subject_expr, subject: str, value, earlier: list, scope: Scope, runs: str) -> None:
        """One case of a `match`: a value that can equal the subject (`case`), or a range of numbers
        `A..B` / `A..` that holds X when A <= X <= B (E303 on a subject that is no number, E390 when
        empty). A constant case an earlier one already names never applies: W402 for a value named
        again, W456 for one a range covers, or a range whose numbers earlier cases take (all or some)."""
        if type(value) is A.Range:
            self.range_ends(value, scope)
            if not fits(subject, "int"):
                self.err("E303", f"a range case holds numbers; the value matched is {article(words(subject))}",
                         value.span, "a range case matches a number X with A <= X <= B")
            low, high = constant(value.low), constant(value.high) if value.high is not None else math.inf
            if type(low) is not int or type(high) not in (int, float):
                return
            if high < low:
                self.err("E390", f"the range case {printed(value)} holds no number: {high} is below {low}",
                         value.span, f"write the lower number first: {high}..{low}")
                return
        else:
            self.case(value, subject, scope, subject_expr)
            self.unknown_name_matched(subject_expr, value, scope, runs)
            known = value.id if isinstance(value, A.Name) else constant(value)
            if known is None or type(known) is list:
                return
            if type(known) is not int:
                if known in [k for k, _ in earlier if type(k) is not int]:
                    self.named_again(value, runs)
                earlier.append((known, None))
                return
            if (known, None) in earlier:
                self.named_again(value, runs)
                return
            low = high = known
        taken = [(max(low, a), min(high, b if b is not None else a)) for a, b in earlier if type(a) is int]
        taken = sorted((a, b) for a, b in taken if a <= b)
        reach, left = low, False   # whether some number of low..high is no earlier case's
        for a, b in taken:
            if a > reach:
                left = True
                break
            reach = max(reach, b + 1)
        left = left or reach <= high
        if taken and not left:
            self.diags.append(Diagnostic("W456", f"{printed(value)} is never reached: "
                                         f"{'earlier cases take all its numbers' if low != high else 'an earlier case takes it'}", value.span,
                                         "a match takes the first case that holds; remove this one or change the earlier"))
        elif taken:
            numbers = numbers_in(taken)
            one = len(taken) == 1 and taken[0][0] == taken[0][1]
            self.diags.append(Diagnostic("W456", f"the range {printed(value)} overlaps earlier cases: {numbers} "
                                         f"{'goes' if one else 'go'} to them, not to this one",
                                         value.span, "a match takes the first case that holds; make the ranges meet, not overlap"))
        earlier.append((low, high) if low != high else (low, None))

    def handled_by_override(self) -> set:
        """The enum members the override of the declaration being checked names as `match` cases,
        when that declaration is one an override replaces (`NAME.base`): it is reached only through
        `base(...)`, so an expansion that adds members and handles them before calling `base` leaves
        the base's table as it was, with no warning about the members it never sees."""
        name = getattr(self.visiting, "name", "")
        override = self.sym.decls.get(name[:-len(".base")]) if name.endswith(".base") else None
        if override is None:
            return set()
        values = [v for n in A.walk(override) for v in
                  (n.values if isinstance(n, (A.Case, A.Arm)) else ())]
        return {v.id for v in values if isinstance(v, A.Name)}

    def uncovered(self, subject: str, values: list, outcome: str, span: A.Span) -> bool:
        """W408 when a `match` on an enum member has no `else` and no case for some member; returns
        whether the cases name every member."""
        if not subject.startswith("member:"):
            return False
        enum = self.sym.decls[subject.partition(":")[2]]
        named = {v.id for v in values if isinstance(v, A.Name)} | self.handled_by_override()
        missing = [m for m in enum.members if m not in named]
        if missing:
            self.diags.append(Diagnostic("W408", f"no case for {', '.join(missing)} and no 'else': {outcome}", span))
        return not missing

    def visit_Nothing(self, e, scope) -> str:
        return "any"

    def visit_You(self, e, scope) -> str:
        return "player"

    def visit_Affordable(self, e: A.Affordable, scope) -> str:
        self.cost(e.terms, scope)
        self.tag(e.tag, scope)
        return "bool"

    def visit_IndexIn(self, e: A.IndexIn, scope) -> str:
        """`index r of c in pyramid`: the value of a zone's index for the element of it a card lies in; E670 for a
        grid that is no zone with indexes, an index it does not have (or none said of several), an index of
        cards, players or a record among others (numbers, an enum's members and a record alone are read back), an
        item that is no card."""
        item, written = self.expr(e.item, scope), printed(e)
        decl = self.sym.decls.get(e.grid) if e.grid not in scope.locals else None
        ix = decl.indexes if isinstance(decl, A.Zone) else None
        if ix is None:
            if e.grid in scope.locals:   # (read, though wrongly: not unused as well)
                scope.locals[e.grid][1] = True
            zones = [n for n, d in self.sym.decls.items() if isinstance(d, A.Zone) and d.indexes is not None]
            self.err("E670", f"{written}: {e.grid!r} is " + ("a local value" if e.grid in scope.locals else
                     "declared nowhere" if decl is None else "no zone with indexes")
                     + ": a card lies in an element of a zone declared with [...]", e.span,
                     did_you_mean(e.grid, zones) or "index a zone: 'zone pyramid[r: 1..5, 1..(r + 1)] of card;'")
            return "any"
        self.used.add(e.grid)
        if base_of(item) not in ("entity", "any"):
            self.err("E670", f"{written}: {printed(e.item)} is {article(words(item))}, and only a card, tile or "
                     "piece lies in a zone", e.item.span)
            return "any"
        if e.holder is not None and not self.index_holder(e, decl, written, scope):
            return "any"
        dims, shown = ix.dims(), f"{e.grid}[{ix.shown()}]"
        place = index_place(ix, e.which)
        if place is None:
            names = [d.name for d in dims if d.name is not None]
            self.err("E670", f"{written}: {shown} has " + (
                f"{len(dims)} indexes: say which" if e.which is None else f"no index named {e.which!r}"
                if type(e.which) is str else f"{indexes_count(len(dims))}, so no index {e.which}"), e.span,
                f"name the index by its place, 'index 1 of ... in {e.grid}' to 'index {len(dims)} of ... in {e.grid}'"
                + (f", or by its name: {', '.join(repr(f'index {n} of ... in {e.grid}') for n in names)}" if names else ""))
            return "any"
        wanted = self.index_type(dims[place])
        if base_of(wanted) not in ("int", "member", "player", "entity") and index_cell(self.sym, ix) is None:
            self.err("E670", f"{written}: that index of {shown} is {article(words(wanted))}; the index a card lies "
                     "at is read back of an index of numbers, an enum's members, cards, players or a record alone",
                     e.span)
            return "any"
        return wanted

    def index_holder(self, e: A.IndexIn, decl: A.Zone, written: str, scope) -> bool:
        """The holder of `index of c in p.techs`: a player (or actor) whose own elements of a per-player zone are
        read; E678 for a shared zone or a holder that is none. Whether it is one."""
        holder = self.expr(e.holder, scope)
        if not decl.per_player:
            self.err("E678", f"{written}: {e.grid} is shared, so no holder has zones of it of their own", e.holder.span,
                     f"read the shared zone: 'index ... of {printed(e.item)} in {e.grid}'")
            return False
        if base_of(holder) not in ("player", "actor", "any"):
            self.err("E678", f"{written}: {printed(e.holder)} is {article(words(holder))}, and only a player or "
                     f"actor holds zones of {e.grid}", e.holder.span)
            return False
        return True

    def visit_During(self, e: A.During, scope) -> str:
        """`during LABEL`: a label some loop of the merged rules carries, or a named phase (E224)."""
        if e.label not in self.loop_labels:
            if e.label in PHASES:
                self.err("E224", f"'during {e.label}' asks whether a labelled loop or a named phase is under way; "
                         f"{e.label} is one of the three phases every game has, which are no labels", e.span,
                         "give the game named phases ('phase canal_era after play { ... }') and ask 'during canal_era'")
            else:
                self.unknown("E224", "loop label", e.label, e.span, self.loop_labels)
        elif self.in_phase is not None and any(p.name == e.label for p in self.sym.game.phases or ()):
            # written in a phase's own steps (not a proc or trigger it reaches): the answer is known
            if e.label == self.in_phase:
                self.err("W612", f"'during {e.label}' is written in phase {e.label} itself: it is always true there",
                         e.span, "leave the test out; 'during' tells the phases apart in a proc or a card "
                         "several phases reach")
            else:
                self.err("W616", f"'during {e.label}' is written in phase {self.in_phase}: phases run one after "
                         f"another, so phase {e.label} is never under way there and it is always false", e.span,
                         f"write the steps in phase {e.label}, or test it in a proc both phases call")
        return "bool"

    def visit_Allowed(self, e: A.Allowed, scope) -> str:
        self.tag(e.tag, scope)
        return "bool"

    def visit_Valued(self, e: A.Valued, scope) -> str:
        """`EXPR for ACTION(args)`: a tagged value (7.7c), a number the modifiers' `value` lines change.
        E423 when it is no number, or when ACTION is a builtin event (the runtime's own tags)."""
        kind = self.expr(e.value, scope)
        self.tag(e.tag, scope)
        if e.tag.action in BUILTIN_EVENTS and e.tag.action != VAR_EVENT:   # (a set's: E449)
            self.err("E423", f"a value is tagged with a declared event, not the builtin {e.tag.action!r} (the runtime "
                     "tags its own costs and gains with it)", e.tag.span,
                     f"declare the action the value is worked out for: 'event {e.tag.action}_value(...);'")
        elif kind != "bool" and not fits(kind, "int"):
            self.err("E423", f"a tagged value is a number that modifiers add to or multiply, or a condition they set, "
                     f"not {article(words(kind))}", e.value.span, "tag the number the value is worked out from: "
                     "'let n = ... for ACTION(...);'")
        else:   # a number, or a condition (a rule a card may switch: `func foresees(): bool = false for foresight();`)
            self.valued_kinds.setdefault(e.tag.action, {}).setdefault("bool" if kind == "bool" else "int", e)
        return "int" if fits(kind, "int") else kind

    def visit_CanOpen(self, e: A.CanOpen, scope) -> str:
        """`can PROC(args)`: the arguments as a call's; E376 when the name is no proc, E377 when the
        proc's body does not start with a `choose`, E378 when testing it tests it again, W455 when an
        option of that choose is always offered (the test always holds)."""
        self.used.add(e.proc)
        decl = self.sym.decls.get(e.proc)
        if not isinstance(decl, A.Proc):
            for a in e.args:
                self.expr(a, scope)
            if decl is None and e.proc == "base" and e.proc not in self.sym.removed:   # outside an override
                self.err("E207", "'can base(...)' tests the version an override replaces; this is in no override of "
                         "a proc", e.span, "write it in a card's 'override proc NAME(...) in ZONE { ... }' or a "
                         "top-level 'override proc', or name the proc: 'can NAME(...)'")
            elif decl is None and e.proc not in self.sym.removed:
                self.unknown("E207", "procedure", e.proc, e.span, self.sym.of("proc"))
            else:
                self.err("E376", f"'can' tests a proc's first decision; {e.proc!r} is "
                         f"{article(CATEGORY[type(decl)]) if decl is not None else 'removed'}, not a proc", e.span,
                         "write 'can PROC(args)' with a proc whose body starts with a decision ('choose', "
                         "'may', 'pick'), or 'can copy CARD.SLOT' for a card's effect")
            return "bool"
        shown = e.proc if "." not in e.proc else "base"   # `can base(...)` in an override: the version below
        self.arguments(repr(shown), decl, e.args, e.span, scope)
        below = self.held_below(e.proc)
        if below is not None:   # the dispatcher: the version in force for you, each tested as its own
            versions = [(f"the version of card {c.name!r}", v, h.span) for c, h, v in below] + \
                [("the pack's own version", self.sym.held_base[e.proc.split(".")[0]], decl.span)]
            lacking = [(who, self.sym.decls.get(v), at) for who, v, at in versions
                       if isinstance(self.sym.decls.get(v), A.Proc) and opening_test(self.sym.decls[v].body, self.sym) is None]
            if lacking and opening_test(decl.body, self.sym) is None:
                who, version, at = lacking[0]
                first = version.body[0] if version.body else None
                self.err("E411", f"'can {shown}(...)' tests the first decision of the version of "
                         f"{e.proc.split('.')[0]!r} {'below this one ' if shown == 'base' else ''}in force for "
                         f"you (cards change it for their holder), but {who} does not start with one ("
                         f"{'it is empty' if first is None else 'it starts at ' + where_at(first, e.span)})", e.span,
                         f"start every version with its decision ('choose', 'may', 'pick', 'pay'), or test the "
                         f"condition itself in a func (a card may override that func too)")
            return "bool"
        if opening_test(decl.body, self.sym) is None:
            first = decl.body[0] if decl.body else None
            lacking = branch_lacking(decl.body, self.sym)
            start = "it is empty" if first is None else f"it starts at {where_at(first, e.span)}" if lacking is None \
                else f"a branch of its '{'if' if type(first) is A.If else 'match'}' starts at {where_at(lacking, e.span)}"
            of = repr(e.proc) if shown != "base" else f"the version of {e.proc.split('.')[0]!r} below this one"
            self.err("E377", f"'can {shown}(...)' tests the first decision of {of}, but its body does not "
                     f"start with one ('choose', 'may', 'pick', or a call of a proc that starts with one; or an 'if' "
                     f"or 'match' whose every branch does: {start})",
                     e.span, "put the decision first in the proc (what runs before it would run before the test "
                     "could tell), or test the condition itself in a func")
            return "bool"
        choice = opening_choice(decl)
        if e.proc in self.can_reach(e.proc):
            self.err("E378", f"testing 'can {shown}(...)' tests its options' guards, which test "
                     f"'can {shown}(...)' again: the test never ends", e.span,
                     "a guard of an option cannot depend on whether the same choice is open")
        if never_open(opening_test(decl.body, self.sym)):
            first = decl.body[0]
            self.err("W630", f"'can {shown}(...)' never holds: every branch of the "
                     f"'{'if' if type(first) is A.If else 'match'}' its proc starts with at {where_at(first, e.span)} "
                     "is empty (or absent), so the proc never does anything", e.span,
                     "give a branch the decision the test is to find, or drop the test")
        always = next((o for o in choice.options if always_offered(o, self.sym)), None) if choice is not None else None
        if always is not None:
            self.err("W455", f"'can {shown}(...)' always holds: the option {always.title or '(untitled)'!r} of its "
                     f"choose at {where_at(choice, e.span)} is offered every time", e.span,
                     "an option with no 'when', no 'once' and no leading cost is always open")
        return "bool"

    def visit_After(self, e: A.After, scope) -> str:
        """`EXPR after PROC(args)` (5.1d): EXPR's type; the arguments as a call's. E481 when the name is no proc,
        E480 when a decision can be reached from the proc (through the procs it calls), E482 when an `end game`
        can, W510 when EXPR reads nothing of the game the run could change (its value is the same without it)."""
        self.used.add(e.proc)
        decl = self.sym.decls.get(e.proc)
        value = self.expr(e.value, scope)
        if not isinstance(decl, A.Proc):
            for a in e.args:
                self.expr(a, scope)
            if decl is None and e.proc not in self.sym.removed:
                self.unknown("E207", "procedure", e.proc, e.span, self.sym.of("proc"))
            elif decl is not None:
                self.err("E481", f"'after' runs a proc on a scratch copy of the game and reads its value there; "
                         f"{e.proc!r} is {article(CATEGORY[type(decl)])}, not a proc", e.span,
                         "write 'EXPR after PROC(args)' with the proc whose run you ask about (a func changes "
                         "nothing: read it directly)")
            return value
        self.arguments(repr(e.proc), decl, e.args, e.span, scope)
        found = self.hypothetical_reach(e.proc)
        for code, what in (("E480", "decision"), ("E482", "end")):
            if what not in found:
                continue
            stmt, path = found[what]
            through = f" (through {' -> '.join(path)})" if len(path) > 1 else ""
            if code == "E480":
                self.diags.append(Diagnostic(
                    "E480", f"'after {e.proc}(...)' runs the proc without asking anyone, but it can reach a decision"
                    f"{through}: a {DECISION_WORDS.get(type(stmt), 'decision')} at {where_at(stmt, e.span)}", e.span,
                    "a hypothetical run cannot ask: split the proc so the part that changes the game is a proc of "
                    "its own with its choices as parameters, and read that one 'after'",
                    notes=(f"{stmt.span}: the decision ({printed_head(stmt)})",)))
            else:
                self.diags.append(Diagnostic(
                    "E482", f"'after {e.proc}(...)' reads the game the proc would leave, but it can end the game"
                    f"{through} at {where_at(stmt, e.span)}: the run would stop half-way, before its end", e.span,
                    "end the game outside the proc the hypothetical runs (test its condition after the call: "
                    "'if mated() after make(m)')", notes=(f"{stmt.span}: the end of the game",)))
        if not self.reads_game(e.value):
            self.err("W510", f"'{printed(e.value)}' reads nothing of the game (only values given to it), so it is "
                     f"the same after {e.proc}(...) as before: the run changes nothing it reads", e.span,
                     "read what the proc changes (a counter, a variable, a zone, a func of them), or drop 'after'")
        return value

    def hypothetical_reach(self, proc: Optional[str], body: tuple = None) -> dict:
        """What running proc `proc` can reach that a hypothetical run refuses: 'decision' (a choose, may, pick
        not at random, a simultaneous pick, auction, offer, first ... may, window, a loop `in any order`) and
        'end' (`end game`, `end game after`), each -> (its first statement, the steps to it: procs, copies and
        triggers), through what the checker can know the run runs: proc calls (statements and `let x =
        proc(...)`), `copy CARD.SLOT` of a card named outright (its slot's block), and the triggers registered
        outside the run (a top-level or a card's `whenever`, one a proc run in play registers) whose event the
        run can announce (a `gain`, `lose` or `set` of the counter or variable the pattern names, an `emit`,
        ...), transitively; another `after` inside runs its own hypothetical. A copy of a card held in a value,
        and a trigger the run itself registers, are known only in play: E480 at run time there."""
        found, seen = {}, set()
        todo = [(("proc", proc), (proc,))] if body is None else [(("body", id(body)), ("the pick's body",))]
        emitted: dict = {}   # event -> {name or "*": the steps to the statement announcing it}
        inside: set = set()   # id() of the statements the run's own blocks hold (a trigger there is the run's)
        triggers = None
        while len(found) < 2:
            if not todo:   # the triggers of the game the events announced so far would fire
                if triggers is None:
                    triggers = self.registered_triggers()
                todo = [(("trigger", key), path + (printed_head(t),)) for key, t in triggers.items()
                        if ("trigger", key) not in seen and key not in inside
                        for path in (self.fired_by(t.pattern, emitted),) if path is not None]
                if not todo:
                    break
            key, path = todo.pop(0)
            if key in seen:
                continue
            seen.add(key)
            stmts = body if key[0] == "body" else self.reach_body(key, triggers)
            if stmts is None:
                continue
            stack = list(reversed(stmts))
            while stack:
                n = stack.pop()
                inside.add(id(n))
                t = type(n)
                if t is A.After:
                    stack.extend(reversed(n.args))
                    continue
                if t in (A.Whenever, A.Modifier):   # registered, run later (a firing in the run: E480 at run time)
                    inside.update(id(m) for m in A.walk(n))
                    continue
                what = "end" if t in (A.EndGame, A.EndAfter) else "decision" if (
                    t in DECISION_WORDS and not (t is A.Pick and n.random)
                    and not (t in (A.ForEach,) and not n.any_order)) else None
                if what is not None and what not in found:
                    found[what] = (n, path)
                if isinstance(n, A.Stmt):
                    for event, name in self.run_announces(n):
                        emitted.setdefault(event, {}).setdefault(name, path)
                if t is A.CallStmt or (t is A.Call and isinstance(self.sym.decls.get(n.func), A.Proc)):
                    todo.append((("proc", n.func), path + (n.func,)))
                elif t is A.Copy and type(n.ref) is A.Attr and type(n.ref.obj) is A.Name \
                        and isinstance(self.sym.decls.get(n.ref.obj.id), A.Entity):
                    todo.append((("copy", n.ref.obj.id, n.ref.name), path + (f"copy {n.ref.obj.id}.{n.ref.name}",)))
                stack.extend(reversed(list(n.children())))
        return found

    def reach_body(self, key: tuple, triggers) -> Optional[tuple]:
        """The statements a step of a hypothetical run runs: a proc's body, a card's slot, a trigger's block."""
        if key[0] == "proc":
            decl = self.sym.decls.get(key[1])
            return decl.body if isinstance(decl, A.Proc) else None
        if key[0] == "copy":
            card = self.sym.decls[key[1]]
            return next((e.body for e in card.effects if type(e) is A.FieldEffect and e.name == key[2]), None)
        return triggers[key[1]].body

    def registered_triggers(self) -> dict:
        """Every `whenever` of the game (top-level, in a phase, a proc, a card's block or reaction), by id()."""
        roots = list(self.sym.decls.values()) + ([self.sym.game] if self.sym.game is not None else [])
        return {id(n): n for root in roots for n in A.walk(root) if type(n) is A.Whenever and not n.pattern.end}

    def run_announces(self, n: A.Stmt) -> list:
        """The events a statement may announce, each with the counter or variable it is about where the
        statement names one (a `gain`, `lose`, `set`, `reset`), "*" otherwise (any)."""
        t = type(n)
        if t is A.Emit:
            return [(n.event, "*")]
        if t is A.May and n.cost:   # a `may ... cost` pays when taken
            return [("pay", "*")]
        if t is A.Pay and n.announce:   # `pay ... for ACTION(...) and emit;` announces the action too
            return [("pay", "*"), (n.tag.action, "*")]
        if t is A.Gain:
            return [("gain", n.resource)]
        if t is A.Lose:
            return [("lose", n.resource), ("gain", n.debt or "*")]
        if t in (A.SetName, A.SetAttr, A.Reset):
            names = n.names if t is A.Reset else (n.name,)
            out = []
            for name in names:
                decl = self.sym.decls.get(name)
                if isinstance(decl, A.Var):
                    out.append((VAR_EVENT, name))
                elif decl is not None or t is not A.SetName:
                    out += [("gain", name), ("lose", name)]
            return out
        return [(event, "*") for event in n.events]

    def fired_by(self, pattern: A.Pattern, emitted: dict) -> Optional[tuple]:
        """The steps to a statement of the run announcing an event `pattern` hears (None when there is none): its
        event, and the counter or variable it names (`gain(gold)`, `set(pawn)`) where it names one."""
        names = emitted.get(pattern.event)
        if not names:
            return None
        key = "name" if pattern.event == VAR_EVENT else "res"
        wanted = next((a.value for a in pattern.args if a.name == key), None)
        if type(wanted) is A.Index:
            wanted = wanted.obj
        if type(wanted) is A.Name and self.sym.decls.get(wanted.id) is not None:
            return names.get(wanted.id, names.get("*"))
        return next(iter(names.values()))

    def reads_game(self, e) -> bool:
        """Whether an expression may read the game's state: a declared name that is no func, enum member,
        kind, card or record (a counter, a variable, a zone...), a field (a player's counter), a method, a
        builtin, or a func that does; only its locals, parameters and literals otherwise."""
        seen, todo = set(), [e]
        while todo:
            for n in A.walk(todo.pop()):
                t = type(n)
                if t in (A.Attr, A.Method, A.After, A.CanOpen, A.CanCopy, A.Affordable, A.Allowed):
                    return True
                if t is A.Name:
                    decl = self.sym.decls.get(n.id)
                    if decl is not None and type(decl) not in (A.Func, A.Enum, A.Kind, A.Record, A.Entity):
                        return True
                elif t is A.Call:
                    decl = self.sym.decls.get(n.func)
                    if isinstance(decl, A.Func):
                        if n.func not in seen:
                            seen.add(n.func)
                            todo.append(decl.value)
                    elif not (decl is not None and type(decl) is A.Record):
                        return True
        return False

    def held_below(self, proc: str) -> Optional[list]:
        """The cards' versions (card, HeldOverride, hidden name) a call of `proc` may run, when cards change it:
        all of them for the proc itself; for `NAME.below.CARD` (what `base(...)` is in that card's version),
        the versions declared before it. None for a proc no card changes."""
        if proc in self.sym.held:
            return self.sym.held[proc]
        name, _, card = proc.partition(".below.")
        if card and name in self.sym.held:
            versions = self.sym.held[name]
            return versions[:next((i for i, (c, _h, _v) in enumerate(versions) if c.name == card), len(versions))]
        return None

    def visit_Opening(self, e: A.Opening, scope) -> str:
        """(Made by the layout after checking, never written: the decision it tests was checked where it stands.)"""
        return "bool"

    def visit_CanCopy(self, e: A.CanCopy, scope) -> str:
        """`can copy ENTITY.SLOT`: the operand written as `copy`'s, an entity's effect slot (E393 otherwise:
        not `x.y`, a value that is no card, a kind without that effect slot); the slot is one whose
        test the backends make (Symbols.can_slots)."""
        target = e.target
        if type(target) is not A.Attr:
            self.expr(target, scope)
            self.err("E393", f"'can copy' tests a card's effect slot, written as 'copy' runs it: ENTITY.SLOT, "
                     f"not {printed(target)!r}", target.span, "write 'can copy c.play' with a card c and an effect slot of its kind")
            return "bool"
        kind = self.expr(target.obj, scope)
        base, kinds = base_of(kind), kinds_in(kind)
        if base not in ("entity", "any"):
            self.err("E393", f"'can copy' tests a card's effect slot; {printed(target.obj)!r} is "
                     f"{article(words(kind))}, not a card, tile or space", target.obj.span,
                     "write 'can copy c.SLOT' with c a card (a parameter, a local, `this`, a card's name)")
            return "bool"
        for k in kinds:
            decl = self.sym.decls.get(k)
            f = next((f for f in decl.fields if f.name == target.name), None) if isinstance(decl, A.Kind) else None
            if isinstance(decl, A.Kind) and (f is None or f.type != "effect"):
                slots = [f.name for f in decl.fields if f.type == "effect"]
                what = f"a field of type {f.type}, not an effect" if f is not None else "no such field"
                self.err("E393", f"'can copy' tests an effect slot of {k}; {target.name!r} is {what}", target.span,
                         did_you_mean(target.name, slots) if f is None and slots else
                         f"{k}'s effect slots: {', '.join(slots)}" if slots else f"{k} has no effect slot")
                return "bool"
        self.sym.can_slots.add(target.name)
        field = next((f for f in getattr(self.sym.decls.get(kinds[0]), "fields", ()) if f.name == target.name), None) \
            if kinds else None
        if field is not None and e.with_event is not None:
            self.event_arguments(e, target, field, scope, test=True)
        elif field is not None:
            self.slot_arguments(f"can copy {printed(target)}", target, field, e.args, scope)
        cards = [d for d in self.sym.decls.values() if isinstance(d, A.Entity) and d.kind in kinds]
        if kinds and cards and all(any(f.name == target.name and f.body and slot_test(f.body, self.sym) is None
                                       for f in d.effects) for d in cards):
            self.err("W488", f"'can copy {printed(target)}' always holds: every {' or '.join(kinds)} has its "
                     f"{target.name!r} slot, starting with no decision: running it always does something", e.span,
                     "start a slot with the decision it may lack ('may ... cost', 'pick', 'choose'), or drop the test")
        return "bool"

    def can_reach(self, proc: str) -> set[str]:
        """The procs whose `can` testing `can PROC(...)` tests in turn: through the guards and leading
        costs of its first choose's options and the funcs they call."""
        reached, seen, todo = set(), set(), [proc]
        while todo:
            decl = self.sym.decls.get(todo.pop())
            if decl is None or id(decl) in seen:
                continue
            seen.add(id(decl))
            roots = ()
            if isinstance(decl, A.Proc):
                roots = opening_reads(opening_test(decl.body, self.sym), self.sym)
            elif isinstance(decl, A.Func):
                roots = [decl.value]
            for root in roots:
                for n in A.walk(root):
                    if type(n) is A.CanOpen:
                        reached.add(n.proc)
                        todo.append(n.proc)
                    elif type(n) is A.Call and isinstance(self.sym.decls.get(n.func), A.Func):
                        todo.append(n.func)
        return reached

    def visit_CostValue(self, e, scope) -> str:
        """A cost written out stands only as a field's value (the field's check reads it): anywhere else,
        E406 (the parser makes it only there)."""
        self.err("E406", "a cost written out is the value of a field declared 'cost', or follows 'pay'", e.span)
        return "any"

    def visit_ListLit(self, e, scope) -> str:
        """A list of values all of one type is a list of that type (`[brick, wool]`: of numbers, the
        player's amounts); of mixed or unknown types, a list of anything."""
        types = [self.expr(item, scope) for item in e.items]
        given = set(types)
        if given == {"int", "decimal"}:   # `[0.5, 1]`: a whole number widens
            return "list:decimal"
        if len(given) > 1:   # a list of one declared type stored: each item is checked there (stored_list)
            self.mixed[id(e)] = types
        return f"list:{given.pop()}" if len(given) == 1 and "any" not in given else "list"

    def visit_Range(self, e: A.Range, scope) -> str:
        if e.grid is not None:   # `row g of at` as the resolver wrote it in: it reads the grid's rows
            self.used.add(e.grid)
        if e.row_keys is not None and self.row_keys(e, scope):   # (E670: the end read with it would only repeat it)
            return "list:int"
        self.range_ends(e, scope)
        low, high = constant(e.low), constant(e.high)
        if type(low) is int and type(high) is int and high < low:   # `12..2`: nothing ever runs over it
            self.diags.append(Diagnostic("W402", f"the range {low}..{high} is empty: its last number is below its "
                                         f"first", e.span, f"write the lower number first: {high}..{low}, and "
                                         f"reverse({high}..{low}) to go from {low} down to {high}"))
        return "list:int"

    def visit_RowMembers(self, e: A.RowMembers, scope) -> str:
        """`row n of spare` whose row is an enum's members: its computed keys read as a numeric row's are."""
        self.used.add(e.grid)
        self.row_keys(e, scope)
        return f"list:member:{e.enum}"

    def row_keys(self, e, scope) -> bool:
        """The computed values of `row KEY, ... of GRID` (the resolver said the constant ones): E670 for one of
        another kind than its index's, or past the grid for every value of its `for each` loop (`row r + 5 of
        token` in `for each r in 1..5`); W653 for a loop's value past the grid for some of the loop's values. Whether
        E670 was said."""
        ix = self.sym.decls[e.grid].indexes
        shown, dims = f"{e.grid}[{ix.shown()}]", ix.dims()
        for place, (key, d) in enumerate(zip(e.row_keys, dims)):
            if type(key) is A.Int or type(key) is A.Name and key.id in self.sym.members and key.id not in scope.locals:
                continue
            said = len(self.diags)
            actual, expected = self.expr(key, scope), self.index_type(d)
            if not fits(actual, expected):
                self.err("E670", f"{e.row_of}: {shown} is read there with {article(words(expected))}, and "
                         f"{printed(key)} is {article(words(actual))}", key.span,
                         "give the values of the grid's first indexes, in order")
                return True
            if type(e) is A.Range and any(n == key for n in A.walk(e.high)):   # (a ragged end reads it: said there)
                del self.diags[said:]
            found = self.key_bounds(key, scope)
            if found is None or found[2][1] < found[2][0] or d.enum is not None or d.bound is not None:
                continue
            (low, high), var, _bounds = found
            if high < d.low or low > d.high:
                self.err("E670", f"{e.row_of} is past the grid for every {var} of its loop ({printed(key)} runs "
                         f"{low}..{high}, and {shown} has the rows {d.low}..{d.high})", key.span,
                         f"its rows are {d.low} to {d.high}")
                return True
            if low < d.low or high > d.high:
                self.diags.append(Diagnostic(
                    "W653", f"{e.row_of} is past the grid for some {var} of its loop ({printed(key)} runs {low}..{high}, "
                    f"and {shown} has the rows {d.low}..{d.high}): play stops there (E601)", key.span,
                    f"loop over the rows there are ({d.low}..{d.high}), or test {var} first"))
        return False

    def key_bounds(self, key, scope) -> Optional[tuple]:
        """The numbers a value `VAR`, `VAR + N` or `VAR - N` runs through where VAR is a `for each VAR in LOW..HIGH`
        loop's variable: ((low, high), VAR, (LOW, HIGH)); None for any other value."""
        var, shift = (key, 0) if type(key) is A.Name else (None, None)
        if type(key) is A.Binary and key.op in "+-":
            if type(key.left) is A.Name and constant_int(key.right) is not None:
                var, shift = key.left, constant_int(key.right) * (1 if key.op == "+" else -1)
            elif key.op == "+" and type(key.right) is A.Name and constant_int(key.left) is not None:
                var, shift = key.right, constant_int(key.left)
        entry = scope.locals.get(var.id) if var is not None else None
        kept = self.loop_ranges.get(id(entry)) if entry is not None else None
        if kept is None or kept[0] is not entry:
            return None
        bounds = kept[1]
        return (bounds[0] + shift, bounds[1] + shift), var.id, bounds

    def named_again(self, value, runs: str) -> None:
        self.diags.append(Diagnostic("W402", f"an earlier {'arm' if 'arm' in runs else 'case'} names this value: "
                                     f"{runs.replace('this arm', 'this one').replace('this case', 'this one')}", value.span))

    def range_ends(self, e: A.Range, scope) -> None:
        """The ends of a range (a list's or a match's case) must be numbers (E303)."""
        for end in (e.low, e.high) if e.high is not None else (e.low,):
            kind = self.expr(end, scope)
            if not fits(kind, "int") and not self.whole_wanted(end, kind, "an end of a range"):
                hint = "a condition is not a number: write 'if C then 1 else 0'" if kind == "bool" else \
                    f"size({printed(end)}) is how many items it holds" if base_of(kind) in ("zone", "list") else None
                self.err("E303", f"a range runs from a whole number to a whole number, not {article(words(kind))}",
                         end.span, hint)

    def visit_IsKind(self, e: A.IsKind, scope: Scope) -> str:
        """`c is advanced`: a condition on a card (tile...) or none; `c is silver`, with silver a declared
        card (`* N` or not): whether c is (a copy of) that declaration (`is_test`); `x is c`, with c a local
        holding a card: whether x is a copy of the same declared card as c (Symbols.same_card)."""
        if e.kind in scope.locals or e.kind not in self.sym.roles and self.sym.category(e.kind) == "var" \
                and self.declared(self.sym.decls[e.kind].type) == f"entity:{A.ROLE_KIND}":
            given, held = self.expr(e.subject, scope), self.visit_Name(A.Name(e.kind, span=e.span), scope)
            held_role = kinds_in(held) == (A.ROLE_KIND,) and bool(self.sym.roles)   # `p is r`: whether p holds r
            for shown, kind, at in ((printed(e.subject), given, e.subject.span), (e.kind, held, self.at_name(e.kind, e.span))):
                if held_role and base_of(kind) == "player":
                    self.sym.held_role.add(id(e))
                    continue
                if base_of(kind) not in ("entity", "any"):
                    self.err("E303", f"'is' tells a card's kind or declaration, and {shown} is {article(words(kind))}",
                             at, "'x is c', c a card: whether x is a copy of the same card as c" if shown == e.kind else None)
            self.sym.same_card.add(id(e))
            return "bool"
        self.is_test(e.kind, self.expr(e.subject, scope), printed(e.subject), e.subject.span, e.span, e)
        return "bool"

    def role_named(self, name: str, span: A.Span) -> bool:
        """Whether NAME is a role (`give p role NAME;`, `seats ... roles NAME, ...`); E204 otherwise."""
        self.used.add(name)
        if name in self.sym.roles:
            return True
        self.unknown("E204", "role", name, span, list(self.sym.roles))
        return False

    def role_value(self, name: str, scope: Scope) -> bool:
        """Whether NAME, where a role is wanted (`give p role NAME;`), names a value holding one (a local, a
        parameter, a var: docs/language.md 3.17, "A role as a value") rather than a role."""
        return name in scope.locals or name not in self.sym.roles and self.sym.category(name) == "var"

    def role_wanted(self, what: str, kind: str, span: A.Span, shown: str) -> None:
        """E465: a value of another type where a role is wanted (`give p role x;`, `holders(x)`)."""
        if base_of(kind) == "any" or base_of(kind) == "entity" and set(kinds_in(kind)) <= {A.ROLE_KIND} \
                and self.sym.roles:
            return
        self.err("E465", f"{what} takes a role, and {shown} is {article(words(kind))}", span,
                 f"a role is a role's name ({', '.join(self.sym.roles)}) or a value of the type 'role' "
                 "('pick r from role ...', 'var r: role')" if self.sym.roles else "the pack declares no role")

    def role_compared(self, e: A.Binary, left: str, right: str) -> bool:
        """E466: a role (`r`, `role_of(p)`, a `var r: role`) compared with what is no role (an enum member, a
        player, a card of another kind, a number): never equal. Whether it said so."""
        def role(t: str) -> bool:
            return base_of(t) == "entity" and kinds_in(t) == (A.ROLE_KIND,) and bool(self.sym.roles)

        def other(t: str) -> bool:   # a value no role ever equals
            return base_of(t) not in ("any", "none", "entity") or base_of(t) == "entity" and kinds_in(t) != () \
                and A.ROLE_KIND not in kinds_in(t)
        if not (role(left) and other(right) or role(right) and other(left)):
            return False
        theirs = right if role(left) else left
        hint = "a player holds a role: compare role_of(p) with it, or write 'p is ROLE'" \
            if base_of(theirs) == "player" else \
            f"a role is no member of an enum: compare it with a role's name ({', '.join(self.sym.roles)}), or " \
            "hold roles in a variable of the type 'role'" if base_of(theirs) == "member" else \
            f"compare it with a role's name ({', '.join(self.sym.roles)}) or another role"
        self.err("E466", f"a role is compared with {article(words(theirs))}: they are never equal, so the comparison "
                 f"is always {'true' if e.op == '!=' else 'false'}", e.span, hint)
        return True

    def visit_GiveRole(self, s: A.GiveRole, scope: Scope) -> None:
        """`give P role R;`: P a player, R a role; E427 in a game whose seats hold roles from the start (every
        player holds one already: a player holds one role)."""
        kind = self.expr(s.who, scope)
        if not fits(kind, "player"):
            self.err("E303", f"a role is given to a player, not {article(words(kind))}", s.who.span)
        role = s.role
        if type(role) is A.Name and not self.role_value(role.id, scope):   # a role's name (E204 for no role)
            self.role_named(role.id, role.span)
        else:   # any value holding a role: a local, a var, `c.role`, `first(drafted)` (E465 for another type)
            self.role_wanted("'give ... role'", self.expr(role, scope), role.span, printed(role))
        game = self.sym.game
        if game is not None and game.roles:
            self.err("E427", f"every seat holds a role from the start ('seats ... roles ...'), so 'give' gives "
                     f"someone a second one: a player holds one role", s.span,
                     "give the roles by seat or with 'give', not both")

    def is_test(self, name: str, given: str, shown: str, at: A.Span, span: A.Span, node=None) -> None:
        """`X is NAME` (an expression, or a trigger's filter `played(c is silver)`) with X of type `given`:
        NAME must be a kind or a card (E204), and one X, of known kinds, can be (E303: `c is token` with c
        a card is always false); or a member of an enum one field of X's kind holds (`c is attack`, the
        card's `types: list of card_type`: `member_test`)."""
        if name in self.sym.roles and base_of(given) in ("player", "any"):   # `p is marquise`: p's role
            self.used.add(name)
            return
        enum = self.sym.members.get(name) if self.sym.category(name) == "member" else None
        if enum is not None:   # `c is action`: the types held in a field of the card
            self.used.add(name)
            self.member_test(node, name, enum, given, shown, at, span)
            return
        if not self.expect(name, ("kind", "entity"), "E204", "kind or card", self.at_name(name, span)):
            return
        kind = self.tested_kind(name)
        known = kinds_in(given)
        if base_of(given) not in ("entity", "any"):
            self.err("E303", f"'is' tells a card's kind or declaration, and {shown} is {article(words(given))}", at)
        elif known and kind not in known:
            self.err("E303", f"{shown} is {' or '.join(article(k) for k in known)}, never "
                     f"{article(kind)}: the test is always false", self.at_name(name, span),
                     f"it may be tested for {', '.join(known)}" if len(known) > 1 else None)

    def member_test(self, node, member: str, enum: str, given: str, shown: str, at: A.Span, span: A.Span) -> None:
        """`X is MEMBER` (`c is attack`): whether the one field of X's kind that holds MEMBER's enum (a
        `list of ENUM` holds it, an `ENUM` field is it) holds MEMBER: Symbols.member_tests. X of no known
        kind: the field every kind holding the enum holds it in. E476: X no card; E474: no kind of X has
        such a field; E475: two fields (or two kinds' fields of other names) hold the enum."""
        shown = shown.split("'")[1] if shown.startswith("the argument '") else shown   # a trigger's filter
        if base_of(given) not in ("entity", "any"):
            self.err("E476", f"'{shown} is {member}' reads a card's {enum} in one of its fields, and {shown} is "
                     f"{article(words(given))}", at, f"compare it: '{shown} == {member}'" if given == f"member:{enum}"
                     else None)
            return
        known = kinds_in(given) if base_of(given) == "entity" else []
        holding = {}   # field name -> the kinds that hold the enum in it
        for d in self.sym.decls.values():
            if isinstance(d, A.Kind) and (not known or d.name in known):
                for f in d.fields:
                    if not f.computed and f.held is None and f.index is None and \
                            (f.type == enum or f.type == "list" and f.of == enum):
                        holding.setdefault(f.name, []).append(d.name)
        where = self.at_name(member, span)
        if not holding:
            self.err("E474", f"'{shown} is {member}' reads the field of {shown}'s kind that holds {enum!r}, and "
                     f"{' or '.join(known) if known else 'no kind'} has none", where,
                     self.member_hint(member, enum, given, shown))
            return
        twice = [k for k in dict.fromkeys(k for ks in holding.values() for k in ks)
                 if sum(k in ks for ks in holding.values()) > 1]
        if len(holding) > 1:
            fields = " and ".join(repr(f) for f in holding)
            self.err("E475", f"'{shown} is {member}' is ambiguous: {fields} hold {enum!r}"
                     + (f" in {twice[0]}" if twice else " in different kinds"), where,
                     f"name the field: 'contains({shown}.FIELD, {member})' for a list, '{shown}.FIELD == {member}' "
                     f"for one value")
            return
        if node is not None:
            self.sym.member_tests[id(node)] = next(iter(holding))

    def member_hint(self, member: str, enum: str, given: str, shown: str) -> str:
        """The hint of E474 at `X is MEMBER` when no field of X's kind holds the enum: the field to declare."""
        known = kinds_in(given) if base_of(given) == "entity" else []
        kind = known[0] if len(known) == 1 else "KIND"
        return f"declare the field that holds a card's {enum}: 'kind {kind} {{ types: list of {enum}; ... }}' (or " \
               f"'colour: {enum};' for one value), then '{shown} is {member}' reads it"

    def tested_kind(self, name: str) -> Optional[str]:
        """The kind `is NAME` tells: NAME itself when a kind, a declared card's kind; None otherwise."""
        decl = self.sym.decls.get(name)
        return name if isinstance(decl, A.Kind) else decl.kind if isinstance(decl, A.Entity) else None

    def local_type(self, name: str, scope: Scope) -> str:
        """The type a local is read as here (narrowed by a test, `if c is advanced`), without marking it used."""
        entry = scope.locals[name]
        narrowed = scope.narrow.get(name)
        return narrowed[1] if narrowed is not None and narrowed[0] is entry else entry[2]

    def narrowings(self, cond, holds: bool, scope: Scope) -> dict:
        """What a condition tells of the kinds of locals (and of `it`) where it holds (`holds`) or where
        it does not: name -> the type read there. `c is advanced` narrows c to an advanced where it holds
        and, c of a zone of several kinds, to the others where it does not; `not`, `and`, `or` combine."""
        if type(cond) is A.IsKind and type(cond.subject) is A.Name and self.tested_kind(cond.kind) is not None:
            name, kind = cond.subject.id, self.tested_kind(cond.kind)
            if name in self.names_set():   # a local a `set` changes may hold another card by the time it is read
                return {}
            if name in scope.locals:
                current = self.local_type(name, scope)
            elif name == "it" and scope.it_kind:
                current = "entity" if scope.it_kind == "any" else f"entity:{scope.it_kind}"
            else:
                return {}
            kinds = kinds_in(current)
            if holds:
                fitting = base_of(current) in ("entity", "any") and (not kinds or kind in kinds)
                return {name: f"entity:{kind}"} if fitting else {}
            if kind != cond.kind:   # not a Silver: still maybe a card of its kind
                return {}
            rest = [k for k in kinds if k != cond.kind]
            return {name: f"entity:{'|'.join(rest)}"} if rest and len(rest) < len(kinds) else {}
        if type(cond) is A.Unary and cond.op == "not":
            return self.narrowings(cond.operand, not holds, scope)
        if type(cond) is A.Binary and cond.op == ("and" if holds else "or"):   # both sides hold (or both fail)
            return {**self.narrowings(cond.left, holds, scope),
                    **self.narrowings(cond.right, holds, self.narrowed(cond.left, scope, holds))}
        if type(cond) is A.Binary and cond.op == ("or" if holds else "and"):   # one side holds: the union
            left, right = self.narrowings(cond.left, holds, scope), self.narrowings(cond.right, holds, scope)
            joined = {}   # `it is city_card or it is event_card`: a city card or an event card
            for name in left.keys() & right.keys():
                kinds = tuple(dict.fromkeys((*kinds_in(left[name]), *kinds_in(right[name]))))
                if base_of(left[name]) == base_of(right[name]) == "entity" and kinds:
                    joined[name] = f"entity:{'|'.join(kinds)}"
            return joined
        return {}

    def names_set(self) -> set:
        """The names a `set NAME = ...;` changes in the declaration being checked: such a local is not
        narrowed by a test (it may be changed between the test and a read)."""
        key = id(self.visiting)
        if key not in self.reset_names:
            self.reset_names[key] = {n.name for n in A.walk(self.visiting) if type(n) is A.SetName} \
                if self.visiting is not None else set()
        return self.reset_names[key]

    def matched(self, subject, values, scope: Scope) -> Scope:
        """The scope of a `match` arm whose cases all name cards of one kind (`match c { copper: ... }`):
        there the local matched is one of them, so it is read as a card of that kind (as `c is KIND`
        narrows it, and as soundly: not a local a `set` changes)."""
        kinds = set()
        for v in values:
            decl = self.sym.decls.get(v.id) if type(v) is A.Name and v.id not in scope.locals else None
            if type(decl) is not A.Entity:
                return scope
            kinds.add(decl.kind)
        if len(kinds) != 1 or type(subject) is not A.Name:   # (cards of several kinds in one arm: not narrowed)
            return scope
        return self.narrowed(A.IsKind(subject, kinds.pop(), span=subject.span), scope)

    def narrowed(self, cond, scope: Scope, holds: bool = True) -> Scope:
        """The scope where `cond` is known to hold (or not to): its locals narrowed (`narrowings`); the
        same scope when it tells nothing."""
        found = self.narrowings(cond, holds, scope)
        sized = size_facts(cond, holds)
        if not found and not sized:
            return scope
        inner = scope.child()
        if sized:
            inner.sized = {**scope.sized, **{k: n if type(k) is tuple else max(n, scope.sized.get(k, 0))
                                             for k, n in sized.items()}}
        inner.narrow = dict(scope.narrow)
        for name, t in found.items():
            if name in scope.locals:
                inner.narrow[name] = (scope.locals[name], t)
            else:   # `it`
                inner.it_kind = t.partition(":")[2]
        return inner

    def visit_Unary(self, e, scope) -> str:
        if e.op == "not":
            self.condition(e.operand, scope)
            return "bool"
        kind = self.expr(e.operand, scope)
        self.arithmetic(e.operand, kind)   # `-hand` (found by bench/fuzz.py)
        return number_of(kind)

    def arithmetic(self, operand, kind: str) -> bool:
        """An operand of + - * / % or unary minus must be a number (or a condition, counted as 0 or 1);
        a list only joins or leaves a list (`list_arithmetic`), E341. Whether it is one."""
        if base_of(kind) == "list":
            self.err("E341", f"cannot do arithmetic with {article(words(kind))}: a list is joined with + and "
                     f"taken from with -, another list on the other side", operand.span,
                     "count its items with size(...)")
        elif base_of(kind) in ("str", "zone", "entity", "player", "member", "record"):
            self.err("E303", f"cannot do arithmetic with {article(words(kind))}", operand.span)
        else:
            return True
        return False

    def list_arithmetic(self, e: A.Binary, left: str, right: str) -> Optional[str]:
        """`seen + [x]`, `seen + other`: a new list, the left's items then the right's; `seen - [x]`: a new
        list of the left's items that are not in the right (every copy). Either side may be a zone (its
        items, top first) when the other is a list, and two zones join or take from each other as their
        lists of items (`hand + board`, as a slice of each would). The type of the list, or None when
        neither side is a list nor both zones (plain arithmetic). E341 for a list with anything but a list (`seen + x`, `seen * 2`), E342
        for lists whose items could never be equal (a list of cities and a list of players)."""
        a, b = base_of(left), base_of(right)
        if "list" not in (a, b) and not ("zone" in (a, b) and b in ("zone", "any") and a in ("zone", "any")
                                         and e.op in "+-"):
            return None   # (a zone beside a value of no known type, `base() + mat`: a list joined)
        if e.op not in "+-":
            self.arithmetic(e.left if a == "list" else e.right, left if a == "list" else right)
            return "any"
        for side, kind, other in ((e.left, left, e.right), (e.right, right, e.left)):
            if base_of(kind) not in ("list", "zone", "any"):
                verb = "add" if e.op == "+" else "take"
                # the value rewritten whole, so that the printer keeps the brackets a side needs (`(if ...) + [t]`)
                one = A.ListLit((side,), span=side.span)
                fixed = A.Binary(e.op, e.left if side is e.right else one, one if side is e.right else e.right,
                                 span=e.span)
                self.err("E341", f"cannot {verb} {article(words(kind))} {'to' if e.op == '+' else 'from'} a list: "
                         f"{'+' if e.op == '+' else '-'} takes a list on each side", side.span,
                         f"a list of one item is written in brackets: {printed(fixed)}")
                return "any"
        mine, theirs = element_of(left), element_of(right)
        if self.never_equal(mine, theirs):
            said = f"cannot join {article(words(left))} with {article(words(right))}" if e.op == "+" else \
                f"nothing of {article(words(right))} is ever in {article(words(left))}"
            one = base_of(mine) == "list" and not self.never_equal(element_of(mine), theirs)   # `seen + here()`
            self.err("E342", f"{said}: their items are never equal", e.right.span,
                     f"to {'add' if e.op == '+' else 'take'} the list as one item, write it in brackets: "
                     f"{printed(e.left)} {e.op} [{printed(e.right)}]" if one else
                     "lists joined or taken from hold items of one type")
            return "list"
        self.sym.list_ops.add(id(e))
        item = mine if e.op == "-" or theirs == "any" or mine == theirs else theirs if mine == "any" else \
            joined_kinds(mine, theirs)
        return f"list:{item}" if item != "any" else "list"

    def never_equal(self, mine: str, theirs: str) -> bool:
        """Whether no item of one type can equal one of the other: incomparable values, or cards of
        kinds known and apart."""
        if "any" in (mine, theirs):
            return False
        if base_of(mine) == base_of(theirs) == "entity":
            return bool(kinds_in(mine) and kinds_in(theirs)) and not set(kinds_in(mine)) & set(kinds_in(theirs))
        if base_of(mine) == base_of(theirs) == "list":   # lists of lists: their items in turn
            return self.never_equal(element_of(mine), element_of(theirs))
        if {mine, theirs} == {"int", "decimal"}:   # numbers, whole or not
            return False
        return base_of(mine) != base_of(theirs) or self.incomparable(mine, theirs)

    def visit_Binary(self, e, scope) -> str:
        if e.op in ("==", "!=") and any(self.die_name(x, scope) for x in (e.left, e.right)):
            # `d == science_die`, with `d` holding a die: the die's name stands for the die
            other = e.right if self.die_name(e.left, scope) else e.left
            kind = self.expr(other, scope) if not self.die_name(other, scope) else "die"
            for side in (e.left, e.right):
                if self.die_name(side, scope):
                    self.used.add(side.id)
                    self.named_in_comparison(side, kind, scope)
                    if id(side) not in self.sym.named:
                        self.err("E301", f"{side.id!r} is a die, not a value: it may be compared with a die "
                                 f"parameter or local", side.span)
            return "bool"
        if e.op in ("and", "or"):   # the right side is read knowing the left held (`and`) or did not (`or`)
            self.condition(e.left, scope)
            self.condition(e.right, self.narrowed(e.left, scope, holds=e.op == "and"))
            return "bool"
        left, right = self.expr(e.left, scope), self.expr(e.right, scope)
        if e.op == "**":   # whole numbers: the exponent 0 or more (a negative one has no whole result)
            for side, kind in ((e.left, left), (e.right, right)):
                self.arithmetic(side, kind)
            exponent, base = constant(e.right), constant(e.left)
            if type(exponent) is int and (exponent < 0 or exponent > A.MAX_EXPONENT and
                                          not (type(base) is int and abs(base) <= 1)):
                self.err("E384", f"the exponent of a power is a whole number from 0 to {A.MAX_EXPONENT}, not "
                         f"{exponent}" + (": a negative one gives no whole number" if exponent < 0 else
                                          ": the number would be past any score"), e.right.span,
                         "to divide by a power, write the division: 'x / 2 ** n'" if exponent < 0 else None)
            self.whole_wanted(e.right, right, "the exponent of a power")
            return number_of(left)
        listed = self.list_arithmetic(e, left, right) if e.op in "+-*/%" else None
        if listed is not None:
            return listed
        if e.op == "%":
            self.wrapped_by_hand(e)
        if e.op in "+-*/%":   # (an operand found wrong makes the result unknown, not a number: no follow-on findings)
            fine = [self.arithmetic(side, kind) for side, kind in ((e.left, left), (e.right, right))]
            # `/` stays the division rounded down, a whole number, whatever its sides (5.1)
            return ("int" if e.op == "/" else number_of(left, right)) if all(fine) else "any"
        if e.op in ("<", "<=", ">", ">=") and "list" in (base_of(left), base_of(right)):
            self.lists_ordered(e, left, right)   # item by item, as a ranking key is (E531 otherwise)
            return "bool"
        if e.op in ("<", "<=", ">", ">=") and "record" in (base_of(left), base_of(right)):
            self.err("E303", f"cannot order {article(words(left))} and {article(words(right))}: records are only "
                     f"equal or not", e.span, "compare one of their fields: 'a.FIELD < b.FIELD'")
            return "bool"
        if e.op in ("<", "<=", ">", ">=") and any(base_of(t) in ("list", "zone") and base_of(element_of(t)) == "record"
                                                  for t in (left, right)):
            # lists are ordered item by item, and records have no order: play would stop at the first pair that
            # differs (a record's name, `square < square`, is the list of its values)
            self.err("E303", f"cannot order {article(words(left))} and {article(words(right))}: records are only "
                     f"equal or not, so lists of them are too", e.span,
                     "compare their sizes, or a field of their items: 'size(a) < size(b)'")
            return "bool"
        if e.op in ("<", "<=", ">", ">=") and "member" in (base_of(left), base_of(right)):
            self.member_order(e, left, right)
            return "bool"
        if e.op in ("<", "<=", ">", ">=") and any(unordered(t) for t in (left, right)) \
                and not self.incomparable(left, right):   # (a player against a number: the finding below)
            # players, cards and zones have no order (play would stop with Python's TypeError), nor lists of them
            self.err("E303", f"cannot order {article(words(left))} and {article(words(right))}: players, cards "
                     "and zones are only equal or not", e.span,
                     "compare a number of theirs: a field, a stock or a count ('p.vp > q.vp', 'size(a) < size(b)')")
            return "bool"
        if e.op in ("==", "!=") and self.role_compared(e, left, right):
            return "bool"
        if e.op in ("==", "!=", "<", "<=", ">", ">=") and self.incomparable(left, right):
            self.err("E303", f"cannot compare {article(words(left))} with {article(words(right))}" + (
                     "" if {base_of(left), base_of(right)} == {"bool", "int"} else
                     f": the comparison is always {'true' if e.op == '!=' else 'false'}") if e.op in ("==", "!=") else
                     f"cannot order {article(words(left))} and {article(words(right))}", e.span,
                     self.comparison_hint(e, left, right))
        if e.op in ("==", "!="):
            for side, other, facing in ((e.left, right, e.right), (e.right, left, e.left)):
                self.named_in_comparison(side, other, scope)
                if id(side) in self.sym.slots and isinstance(facing, A.Nothing):
                    self.err("E303", f"{printed(side)} is already whether the card writes that effect: write "
                             f"'{'' if e.op == '!=' else 'not '}{printed(side)}'", facing.span)
                if isinstance(facing, A.Nothing) and self.cost_field(side, scope):
                    self.cost_compared_with_none(e, side)
            self.first_copy_compared(e, scope)
            self.unknown_name_compared(e)
        if e.op in ("==", "!=", "<", "<=", ">", ">="):
            self.position_compared(e, scope)
        return "bool"

    def cost_compared_with_none(self, e: A.Binary, side: A.Attr) -> None:
        """E653: `c.cost != none` of a field declared `cost` (3.7). A card that gives the field no value costs
        nothing (`pay c.cost;` pays nothing), which is a cost like any other, never none: the comparison is
        always true (`!=`) or always false (`==`), so `fill ... where it.cost != none` takes every card."""
        self.err("E653", f"{printed(side)} is a printed cost, never none: a card that gives none costs nothing, so "
                 f"'{printed(e)}' is always {'true' if e.op == '!=' else 'false'}", e.span,
                 f"ask what the cost shows ('{printed(side)}[RESOURCE] > 0', 'affordable({printed(side)})'), or tell "
                 "the cards apart by a field of their own")

    def track_position(self, e, scope: Scope) -> Optional[A.Track]:
        """The track whose position `e` reads (`temperature`, `p.lane`, `position(lane)`, `p.position(lane)`),
        or None."""
        name = e.id if type(e) is A.Name else e.name if type(e) is A.Attr else \
            e.args[-1].id if type(e) in (A.Call, A.Method) and (e.func if type(e) is A.Call else e.name) == "position" \
            and e.args and type(e.args[-1]) is A.Name else None
        if name is None or name in scope.locals or (type(e) is A.Attr and self.sym.category(name) != "track"):
            return None
        decl = self.sym.decls.get(name)
        return decl if isinstance(decl, A.Track) else None

    def position_compared(self, e: A.Binary, scope: Scope) -> None:
        """W490: a track's position compared with a constant number so that the comparison gives one answer at
        every position the marker may stand on (0 to the last space): `temperature == -24` (a number printed on
        the track's scale, read with printed(temperature)), `lane > 12` on a track of 10 spaces."""
        flip = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}
        for side, other, op in ((e.left, e.right, e.op), (e.right, e.left, flip[e.op])):
            track = self.track_position(side, scope)
            value = constant(other)
            if track is None or type(value) is not int or not track.top():
                continue
            test = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
                    ">=": operator.ge}[op]
            answers = {test(pos, value) for pos in range(track.top() + 1)}
            elsewhere = type(side) is not A.Call and type(side) is not A.Method and track.scale is not None \
                and track.position_of(value) not in (None, value)   # `temperature < 8`: 8 is printed at 19
            if elsewhere:
                self.diags.append(Diagnostic(
                    "W490", f"{printed(e)} compares the position of track {track.name!r} (0 to {track.top()}) with "
                    f"{value}, which its scale prints at position {track.position_of(value)}", e.span,
                    f"compare the number printed where the marker stands: printed({track.name}) {op} {value} (or "
                    f"write position({track.name}) for the position)"))
                return
            if len(answers) == 1:
                printed_on = track.scale is not None and track.position_of(value) is not None
                self.diags.append(Diagnostic(
                    "W490", f"{printed(e)} is {'true' if answers.pop() else 'false'} wherever the marker stands: "
                    f"a position of track {track.name!r} is 0 (its start) to {track.top()}", e.span,
                    f"{value} is a number printed on its scale: compare printed({track.name}) {e.op if side is e.left else flip[e.op]} "
                    f"{value}" if printed_on else f"compare printed({track.name}), the number its scale prints"
                    if track.scale is not None else None))
                return

    def unknown_name_compared(self, e: A.Binary) -> None:
        """`c.name == "coper"`: a card's name is the name of its declaration, so a text no card of its
        kinds is declared with never equals it (a misspelling, or the title for the name). W463, at the
        text, with the declaration meant and the test `is` that the checker checks."""
        for side, text in ((e.left, e.right), (e.right, e.left)):
            obj = self.name_reads.get(id(side)) if type(side) is A.Attr else None
            if obj is not None:
                self.unknown_name(obj, text, f"'{e.op}' compares with a name no card has, so it "
                                  f"{'always holds' if e.op == '!=' else 'never holds'}", printed(side.obj),
                                  f"{'not ' if e.op == '!=' else ''}{printed(side.obj)} is")

    def unknown_name(self, obj: str, text, says: str, whose: str, test: Optional[str]) -> None:
        """W463 for a text no card of `obj`'s kinds is declared with, where it is compared with a
        card's `name` (`says`: how the comparison goes wrong; `whose`: the card's expression, `test`:
        the checked test's words before the declaration meant, None when there is none to give): a
        comparison, a `match` arm on `c.name`, `contains(NAMES, "...")`."""
        if base_of(obj) != "entity" or type(text) is not A.Str or text.parts:
            return
        kinds = kinds_in(obj)
        names = [n for n, d in self.sym.decls.items() if isinstance(d, A.Entity) and (not kinds or d.kind in kinds)]
        if text.value in names:
            return
        titled = [n for n in names if self.sym.decls[n].title == text.value]
        meant = titled[0] if titled else closest(text.value, names)
        what = " or ".join(kinds) or "card"
        other = self.sym.decls.get(text.value)
        if meant is not None:
            hint = f"did you mean '{meant}'?" + (f" a test by declaration is checked: '{test} {meant}'" if test else "")
        elif isinstance(other, A.Entity):
            hint = f"{text.value!r} is {article(other.kind)}, and {whose} is never one"
        else:
            hint = f"known names: {', '.join(names[:6])}" + (f" and {len(names) - 6} more" if len(names) > 6 else "")
        self.diags.append(Diagnostic(
            "W463", f"no {what} is declared with the name {text.value!r}: {says}" +
            (f" ({text.value!r} is the title of {meant!r})" if titled else ""), text.span, hint))

    def unknown_name_matched(self, subject, value, scope: Scope, runs: str) -> None:
        """W463 for a `match c.name { "coper": ... }` case or arm (`runs`: what never happens)."""
        obj = self.name_reads.get(id(subject)) if type(subject) is A.Attr else None
        if obj is not None:
            self.unknown_name(obj, value, f"the name of {printed(subject.obj)} is never that, so {runs}",
                              printed(subject.obj), None)

    def names_held(self, e, scope: Scope) -> Optional[str]:
        """The type of the cards whose names a list holds, when it is known to hold names: a list
        literal of `x.name` reads (`[a.name, b.name]`), or a local a `let` bound to one and no `set`
        changed; None otherwise."""
        if type(e) is A.ListLit and e.items and all(type(i) is A.Attr and id(i) in self.name_reads for i in e.items):
            objs = {self.name_reads[id(i)] for i in e.items}
            return objs.pop() if len(objs) == 1 else "entity"
        if type(e) is A.Name and e.id in scope.locals:
            return self.name_lists.get(id(scope.locals[e.id]))
        return None

    def copies_named(self, e, scope: Scope) -> Optional[A.Entity]:
        """The declaration a bare name stands for when it is one of a card declared `* N` (N > 1):
        the name is its first copy only (language.md, "Identical copies")."""
        if type(e) is not A.Name or e.id in scope.locals:
            return None
        decl = self.sym.decls.get(e.id)
        return decl if isinstance(decl, A.Entity) and decl.copies > 1 else None

    def first_copy_compared(self, e: A.Binary, scope: Scope) -> None:
        """`c == silver` with silver declared `* 40` holds for the first Silver only (a card is equal
        only to itself): W424, at the name, hinting the comparison of names that holds for every copy."""
        for side, other in ((e.left, e.right), (e.right, e.left)):
            decl = self.copies_named(side, scope)
            if type(other) is A.Call and other.func == "declaration":   # `declaration(c) == silver`: any copy
                continue
            if decl is not None and self.copies_named(other, scope) is None:
                self.diags.append(Diagnostic(
                    "W424", f"{side.id!r} is the first of its {decl.copies} copies: '{e.op}' compares with "
                    f"that copy only (a card is equal only to itself)", side.span,
                    f"to ask whether a card is any copy of it: "
                    f"'{'not ' if e.op == '!=' else ''}{printed(other)} is {side.id}'"))

    def first_copy_searched(self, func: str, args: tuple, scope: Scope) -> None:
        """`contains(hand, silver)` with silver declared `* 40` looks for the first Silver only, as `==`
        compares with it (W424), hinting the search by name that finds any copy."""
        decl = self.copies_named(args[1], scope)
        if decl is not None:
            self.diags.append(Diagnostic(
                "W424", f"{args[1].id!r} is the first of its {decl.copies} copies: {func}() looks for that copy "
                f"only (a card is equal only to itself)", args[1].span,
                f"to look for any copy: 'some(c in {printed(args[0])} where c is {args[1].id})'"))

    def first_copy_filtered(self, arg: A.PatternArg, scope: Scope) -> None:
        """`played(c = silver)` with silver declared `* 40`: a filter holds when the argument equals
        the value, as '==' does, so it hears the first copy only (W424). A pattern has no way to say
        "any copy": the hint says what to write instead."""
        decl = self.copies_named(arg.value, scope)
        if decl is not None:
            self.diags.append(Diagnostic(
                "W424", f"the filter '{arg.name} = {arg.value.id}' hears only the first of its {decl.copies} copies "
                f"(a filter holds when the argument equals the value, and a card is equal only to itself)",
                arg.value.span, f"to hear any copy, filter by the declaration: '{arg.name} is {arg.value.id}'"))

    def enum_members(self, kind: str) -> Optional[tuple]:
        """The members of the enum a type `member:ENUM` is of, in their order; None when unknown."""
        decl = self.sym.decls.get(kind.partition(":")[2]) if base_of(kind) == "member" else None
        return tuple(decl.members) if isinstance(decl, A.Enum) else None

    def ordinal(self, e, kind: str) -> bool:
        """Read a member-valued expression as its place in its enum's order (Symbols.ordered): whether
        its type is a member of a known enum."""
        members = self.enum_members(kind)
        if members is not None:
            self.sym.ordered[id(e)] = members
        return members is not None

    def ranks_as(self, kind: str) -> Optional[str]:
        """The one definition of what has an order, for `<` and for every ranking key (top, bottom, highest,
        lowest, sorted's and a pick's `most`/`fewest`): "int" for a number (or a value of unknown type),
        "member" for a member of a known enum (by its place), "list" for a list of numbers or of members of
        one known enum (item by item, the first difference deciding, a list that begins a longer one below
        it: language.md 5.1); None for anything else (players, cards, zones, records, texts as keys)."""
        if is_number(kind):
            return "int"
        if self.enum_members(kind) is not None:
            return "member"
        if base_of(kind) == "list":
            item = element_of(kind)
            if item == "any" or item in ("int", "decimal") or self.enum_members(item) is not None:
                return "list"
        return None

    def ranked(self, e, kind: str) -> Optional[str]:
        """`ranks_as(kind)`, and the members (or the lists of members) `e` holds read by their places in their
        enum (Symbols.ordered: Game.ordinal takes a list of members item by item)."""
        how = self.ranks_as(kind)
        members = self.enum_members(kind if how == "member" else element_of(kind) if how == "list" else "")
        if members is not None:
            self.sym.ordered[id(e)] = members
        return how

    def lists_ordered(self, e: A.Binary, left: str, right: str) -> None:
        """`a < b` with a list on a side: two lists of numbers (or of members of one enum) are ordered item by
        item; a list against anything else, or lists of items without an order (cards, players, records,
        texts) or of different types, is E531 at the operator, naming both types."""
        items = (element_of(left), element_of(right))
        if "any" not in (left, right) and not (self.ranks_as(left) == self.ranks_as(right) == "list"
                                               and (items[0] == items[1] or "any" in items
                                                    or set(items) == {"int", "decimal"})):
            group = self.group_named(e.left) or self.group_named(e.right)
            if group is not None:   # `cards > 3`: a group named where its sum was meant, as before lists ranked
                self.err("E303", f"cannot order {article(words(left))} and {article(words(right))}", e.span,
                         self.group_sum_hint(group))
                return
            other = right if base_of(left) == "list" else left
            hint = ("compare its size, 'size(xs) > 2', or one item, 'xs[1] > 2'" if fits(other, "int") else
                    "rank by a number of each item: 'sorted(x in xs, most x.FIELD)', or compare sizes"
                    if base_of(other) in ("list", "zone") else None)
            self.err("E531", f"cannot order {article(words(left))} and {article(words(right))}: lists are ordered "
                     f"item by item, and only lists of numbers or of members of one enum", e.span, hint)
            return
        members = [m for m in (self.enum_members(element_of(t)) for t in (left, right) if base_of(t) == "list") if m]
        if members:   # both sides by the members' places (an untyped side too: it holds the same members)
            self.sym.ordered[id(e.left)] = self.sym.ordered[id(e.right)] = members[0]

    def key_error(self, what: str, key, kind: str) -> None:
        """A ranking key without an order: E531 for a list (of items without one), else E303 as before."""
        if base_of(kind) == "list":
            self.err("E531", f"{what} ranks by a number, a member of an enum or a list of those (item by item), and "
                     f"{printed(key)} is {article(words(kind))}", key.span,
                     "rank by a number of each item: 'sorted(x in xs, most x.FIELD)'; a list of cards, players or "
                     "records has no order")
        else:
            self.err("E303", f"{what} orders by numbers: a key must be a number, not {article(words(kind))}",
                     key.span, "a condition is not a number: write 'if C then 1 else 0'" if kind == "bool" else None)

    def numbers_compared(self, func: str, args: tuple, typed) -> None:
        """`min(...)`/`max(...)` take numbers, or one list of numbers (E303 at the argument otherwise: the
        runtime would compare records, cards or members as Python objects, or fail with a TypeError)."""
        for i, arg in enumerate(args):
            kind = typed(i)
            if base_of(kind) in ("int", "decimal", "any") or base_of(kind) == "list" and \
                    element_of(kind) in ("int", "decimal", "any"):
                continue
            hint = ("the aggregates say which value orders them: "
                    f"'{'bottom' if func == 'min' else 'top'}(x in LIST, x.FIELD)'"
                    if base_of(kind) in ("list", "zone") else None)
            self.err("E303", f"{func}() takes numbers, or one list of numbers, not {article(words(kind))}",
                     arg.span, hint)

    def member_place(self, func: str, arg, kind: str) -> str:
        """`ordinal(m)`, a member's place in its enum from 1, and the steps from it, `next(m)`,
        `prev(m)`, `next_around(m)`, `prev_around(m)` (a member of the same enum): m is read as its
        place (Symbols.ordered); anything but a member of a known enum is E356, at the argument."""
        if self.ordinal(arg, kind):
            return kind if func in STEPS else "int"
        if kind in ("any", "member") and (func in STEPS or func == "steps_around"):   # no known enum: no order
            self.err("E356", f"{func}() takes a member of a known enum: which enum {printed(arg)} is of is not "
                     f"known here", arg.span, f"give it a type first: 'let m: ENUM = {printed(arg)};' then {func}(m)")
        elif kind not in ("any", "member"):
            shown = "a list of its members: name one of them" if base_of(kind) == "list" and \
                base_of(element_of(kind)) == "member" else None
            gives = "its place in its enum, from 1" if func == "ordinal" else \
                "the steps from one member round to another" if func == "steps_around" else \
                f"the member {'after' if STEPS[func][0] > 0 else 'before'} it in its enum's order"
            form = "steps_around(a, b) with a and b members" if func == "steps_around" else f"{func}(m) with m a member"
            self.err("E356", f"{func}() takes an enum member, not {article(words(kind))}", arg.span,
                     f"it gives {gives}: {form}" + (f"; an enum's name is {shown}" if shown else ""))
        return "any" if func in STEPS else "int"

    def steps_between(self, args: tuple, start: str, end: str, span: A.Span) -> str:
        """`steps_around(a, b)`: the places next_around goes from member a to member b, both read as their
        places (Symbols.ordered); each must be a member of a known enum (E356), both of the same one (E640:
        the steps round one enum never reach a member of another); the same expression on both sides is
        W624 (always 0)."""
        for arg, kind in zip(args, (start, end)):
            self.member_place("steps_around", arg, kind)
        if all(id(arg) in self.sym.ordered for arg in args) and start != end:
            self.err("E640", f"steps_around() counts the steps round one enum, and {printed(args[0])} is "
                     f"{article(words(start))} while {printed(args[1])} is {article(words(end))}", args[1].span,
                     f"both are members of one enum: steps_around({printed(args[0])}, m) with m of the same enum")
        elif printed(args[0]) == printed(args[1]):
            self.err("W624", f"steps_around({printed(args[0])}, {printed(args[1])}) is always 0: a member is no "
                     f"step from itself", span, "the second argument is the member to count the steps to")
        return "int"

    def seats_counted(self, args: tuple, kinds: list, span: A.Span) -> str:
        """`seats_apart([a,] b)`: the seats between two players round the table; an argument that is no
        player is E664 (with the builtin that counts what it is, where there is one); the same player on both
        sides (`seats_apart(you)`, `seats_apart(p, p)`) is W648, always 0."""
        for arg, kind in zip(args, kinds):
            if fits(kind, "player"):
                continue
            hint = "steps_around(a, b) counts the steps round an enum's order" if base_of(kind) == "member" else \
                "neighbours(c) are the cells beside a cell of a board" if base_of(kind) == "record" else \
                "give it a player: seats_apart(p) from you, seats_apart(a, b) from a to b"
            self.err("E664", f"seats_apart() counts the seats between two players round the table, and "
                     f"{printed(arg)} is {article(words(kind))}", arg.span, hint)
            return "int"
        same = type(args[0]) is A.You if len(args) == 1 else printed(args[0]) == printed(args[1])
        if same:
            shown = ", ".join(printed(a) for a in args)
            self.err("W648", f"seats_apart({shown}) is always 0: a player is no seat away from themselves", span,
                     "the last argument is the player to count the seats to")
        return "int"

    def distance_by_hand(self, args: tuple, span: A.Span) -> None:
        """W649: the distance round the table worked out by hand, `min(index_of(others_from(a), b),
        size(players) - index_of(others_from(a), b))` (or with players_from): seats_apart(a, b) says it, and
        counts the players still in however the list was taken."""
        def searches(e) -> list:
            return [n for n in A.walk(e) if type(n) is A.Call and n.func == "index_of" and len(n.args) == 2
                    and type(n.args[0]) is A.Call and n.args[0].func in ("others_from", "players_from",
                                                                         "all_others_from", "all_players_from")]
        found = [searches(a) for a in args]
        if not all(found) or not any(type(a) is A.Binary and a.op == "-" for a in args):
            return
        search = found[0][0]
        start = printed(search.args[0].args[0]) if search.args[0].args else "you"
        meant = f"seats_apart({printed(search.args[1])})" if start == "you" else \
            f"seats_apart({start}, {printed(search.args[1])})"
        self.err("W649", "the distance round the table worked out by hand from a player's place in a list of the "
                 f"players: '{meant}' says it", span,
                 "it counts the fewer seats either way round among the players still in, and reads as the rule says")

    def step_count(self, func: str, args: tuple, kind: str) -> None:
        """The step count of `next(m, n)`, `prev(m, n)`, `next_around(m, n)`, `prev_around(m, n)`: a
        number, any whole number (0 is m itself, a negative one steps the other way); anything else is
        E303, at it. A constant one that leaves m where it is, 0 or (going round) a whole turn of the
        enum, is W454: the step is written for nothing, or the count is not the one meant."""
        if not fits(kind, "int"):
            self.err("E303", f"the step count of {func}() is a number, how many places it goes, not "
                     f"{article(words(kind))}", args[1].span, f"{func}({printed(args[0])}, 2) is two places on")
            return
        n, members = constant(args[1]), self.sym.ordered.get(id(args[0]))
        if type(n) is not int or members is None:
            return
        if n == 0 or STEPS[func][1] and n % len(members) == 0:
            turn = "a step count of 0 stays where it is" if n == 0 else \
                f"{n} places round an enum of {len(members)} members come back to it"
            self.err("W454", f"{func}({printed(args[0])}, {n}) is {printed(args[0])} itself: {turn}", args[1].span,
                     f"write {printed(args[0])}" + ("" if n == 0 else ", or the count meant"))

    def enum_index(self, args: tuple, sought: str, span: A.Span) -> None:
        """`index_of(ENUM, m)` with m a member of that enum is its place, which `ordinal(m)` says without
        naming the enum: W453 at the call, with the replacement (language.md 3.4, "Order")."""
        enum = args[0]
        if isinstance(enum, A.Name) and isinstance(self.sym.decls.get(enum.id), A.Enum) and \
                sought == f"member:{enum.id}":
            self.err("W453", f"index_of({enum.id}, {printed(args[1])}) is the place of a member in its enum: "
                     f"ordinal() says it without naming the enum", span,
                     f"write ordinal({printed(args[1])}) (on none it stops play, where index_of gives 0)")

    def member_order(self, e: A.Binary, left: str, right: str) -> None:
        """`a < b` with a member on a side: two members of one enum compare by their places in its
        declaration (language.md 3.4); a member and anything else, or members of two enums, is E355."""
        if left == right and self.enum_members(left) is not None:
            self.ordinal(e.left, left)
            self.ordinal(e.right, right)
            return
        if "any" in (left, right) or "none" in (base_of(left), base_of(right)) or \
                "member" in (left, right):
            return   # an unknown type, a member of an enum not known, or `none`: said elsewhere, or at play
        member, other = (left, right) if base_of(left) == "member" else (right, left)
        enum = member.partition(":")[2]
        members = self.enum_members(member) or ()
        if base_of(other) == "member":
            hint = (f"members of two enums have no order between them; to compare their places, "
                    f"write ordinal(...) on both sides")
        elif base_of(other) == "int":
            hint = (f"to compare its place in {enum!r} with a number, write ordinal(...) (1 for "
                    f"{members[0] if members else 'the first'})")
        else:
            hint = f"compare it with a member of {enum!r}: {', '.join(members)}" if members else None
        self.err("E355", f"cannot order {article(words(left))} and {article(words(right))}: members are "
                 f"ordered only against members of their own enum", e.span, hint)

    @staticmethod
    def incomparable(left: str, right: str) -> bool:
        """A card, player, zone or list on one side and a number, text, condition or enum member on
        the other; or two of those plain values of different types (`c.bonus == "white"` with an
        enum field, `done == 0` with a condition), or members of two different enums."""
        a, b = base_of(left), base_of(right)
        if "record" in (a, b):   # a record equals only a record of its own kind
            return "any" not in (left, right) and left != right
        if a in THINGS and b in PLAIN_VALUES or b in THINGS and a in PLAIN_VALUES:
            return True
        if {a, b} == {"int", "decimal"}:   # numbers, whole or not
            return False
        if a in PLAIN_VALUES and b in PLAIN_VALUES:
            return a != b or a == "member" and ":" in left and ":" in right and left != right
        return False

    def comparison_hint(self, e: A.Binary, left: str, right: str) -> Optional[str]:
        """What to write instead of a comparison of values that are never equal."""
        bases = {base_of(left), base_of(right)}
        group = self.group_named(e.left) or self.group_named(e.right)
        if group is not None:
            return self.group_sum_hint(group)
        if bases & set(THINGS):
            return "compare one of its fields, as in c.value, or count them with size(...)"
        if bases == {"member", "str"}:
            return self.unquoted_hint(*((left, e.right) if base_of(left) == "member" else (right, e.left)))
        if bases == {"bool", "int"}:
            return "a condition is true or false: test it as it is, or with 'not'"
        return None

    def unquoted_hint(self, member_type: str, text) -> Optional[str]:
        """What to write instead of a text where a member of an enum is wanted."""
        members = getattr(self.sym.decls.get(member_type.partition(":")[2]), "members", ())
        if isinstance(text, A.Str) and text.value in members:
            return f"an enum member is written without quotes: {text.value}"
        return f"compare it with a member: {', '.join(members)}" if members else None

    def die_name(self, x, scope: Scope) -> bool:
        """Whether an expression is the bare name of a declared die (not a local of that name)."""
        return isinstance(x, A.Name) and x.id not in scope.locals and self.sym.category(x.id) == "die"

    def named_in_comparison(self, side, other: str, scope: Scope) -> None:
        """`res == coin` with `res` holding a resource: the bare name `coin` stands for the resource
        itself there (as in a call's argument), not for the acting player's amount of it."""
        categories = {"resource": ("resource", "counter"), "counter": ("counter",), "track": ("track",),
                      "die": ("die",)}.get(other)
        if categories and isinstance(side, A.Name) and side.id not in scope.locals \
                and self.sym.category(side.id) in categories:
            self.sym.named.add(id(side))

    def grid(self, e, scope: Scope) -> bool:
        """Whether `e` names a counter, variable or zone declared with two indexes or more (`wall`, `p.wall`)."""
        name = e.id if type(e) is A.Name and e.id not in scope.locals else e.name if type(e) is A.Attr else None
        ix = getattr(self.sym.decls.get(name), "indexes", None) if name is not None else None
        return ix is not None and ix.second is not None

    def indexed(self, name: str) -> bool:
        """Whether a name is a counter, variable or zone declared with [...]."""
        return getattr(self.sym.decls.get(name), "indexes", None) is not None

    def visit_Name(self, e: A.Name, scope: Scope, indexed: bool = False) -> str:
        name = e.id
        if name in scope.locals:
            entry = scope.locals[name]
            self.read(entry)
            narrowed = scope.narrow.get(name)
            return narrowed[1] if narrowed is not None and narrowed[0] is entry else entry[2]
        if name == "this" and scope.this_kind:
            return f"entity:{scope.this_kind}"
        if name == "it" and (scope.it_event or scope.it_kind):
            return ("entity" if scope.it_kind == "any" else f"entity:{scope.it_kind}") if scope.it_kind else "any"
        cat = self.sym.category(name)
        self.used.add(name)
        if name in self.sym.clashes and name in self.sym.members and not self.member_clash(name):
            # a member whose name is also a card's, a counter's...: E208 said it, once; either may be
            # meant here, so the use is not checked against one of them (no second error at every use)
            self.used.add(self.sym.members[name])
            return "any"
        if not indexed and self.indexed(name):
            self.element(name, None, scope, e.span)
        if self.player_reads is not None and cat in ("resource", "counter", "track", "var", "zone") \
                and id(e) not in self.let_kept and self.per_player(name):
            self.player_reads.append((name, e.span, self.each_others[-1] if self.each_others else None,
                                      tuple(self.stmt_path)))
        if cat in ("resource", "counter", "track", "option"):
            return "int"
        if cat == "var":
            return self.declared(self.sym.decls[name].type)
        if cat == "zone":
            return zone_type(self.sym.decls[name])
        if cat == "entity":
            return f"entity:{self.sym.decls[name].kind}"
        if cat == "actor":
            return "player"
        if cat == "member":
            self.used.add(self.sym.members[name])
            return f"member:{self.sym.members[name]}"
        if cat == "enum":   # an enum as a value is the list of its members, in declaration order
            return f"list:member:{name}"
        if cat == "kind":   # a kind as a value is one card per declaration (a `* N` by its first copy), in order
            return f"list:entity:{name}"
        if cat == "group":   # a group as a value is the list of its resources (the things, not amounts), in order
            return "list:resource"
        if cat == "record":   # a record of finite fields as a value is the list of all its values, in order
            return self.record_domain(name, e.span)
        if cat is not None:
            if self.member_clash(name):   # (E208 said it, once) where a value is read, it is the member
                self.used.add(self.sym.members[name])
                return f"member:{self.sym.members[name]}"
            if name not in self.sym.clashes:   # a member clashing with it: E208 has said it, once
                self.err("E301", f"{name!r} is {article(cat)}, not a value", e.span,
                         f"call it for its value: {name}({self.parameter_names(name)})" if cat == "func" else None)
            return "any"
        base = ALIASES.get(name, name)
        if base in BUILTIN_DOMAINS:
            self.team_word(base, e.span)
            return {"left": "player", "right": "player", "teammate": "player",
                    "player_count": "int", "team_count": "int"}.get(base, "list:player")
        ended = self.bound.get((id(self.visiting), name))
        if ended is not None and ended.file == e.span.file and (ended.line, ended.column) < (e.span.line, e.span.column):
            ended = self.at_name(name, ended)   # the name, in the statement that declared it
            self.diags.append(Diagnostic(
                "E201", f"unknown name {name!r} here: {name!r} is declared at {ended.line}:{ended.column} in a block "
                "that has ended", self.at_name(name, e.span), "use it inside that block, or declare it before the block",
                notes=(f"{name!r} is declared at {ended}",)))
            return "any"
        candidates = list(scope.locals) + self.sym.names() + sorted(BUILTIN_DOMAINS)
        self.unknown("E201", "name", name, e.span, candidates)
        return "any"

    def visit_Attr(self, e: A.Attr, scope: Scope) -> str:
        return self.attr(e, scope)

    def track_read(self, func: str, args: tuple, last: A.Name) -> None:
        """`position(T)`, `tier(T)`, `can_advance(T)`, `printed(T)` of a track named: a global track has no
        player's reading (`position(p, T)`: E403), and printed() reads the number a scale prints (E404
        without one)."""
        track = self.sym.decls[last.id]
        if track.is_global and len(args) == 2 and func in ("position", "tier", "can_advance", "printed"):
            self.own_use(track, f"{func}({printed(args[0])}, {last.id})", args[0].span, f"{func}({last.id})")
        if func == "printed" and track.scale is None and track.prints is None:
            self.err("E404", f"track {last.id!r} prints no numbers: printed() reads the number a track's scale "
                     "(or its 'prints' list) prints where its marker stands", last.span,
                     f"give it a scale, 'track {last.id} from LOW to HIGH [step S] {{ ... }}', or the numbers its "
                     f"spaces print, 'track {last.id} prints [2, 2, 3] {{ ... }}', or read position({last.id})")

    def own_use(self, track: A.Track, what: str, span: A.Span, instead: Optional[str] = None) -> None:
        """E403: a player's own use of a global track, which has one marker for every player."""
        self.err("E403", f"{what}: {track.name!r} is a global track, one marker for all players, with no "
                 "player's own position or markers", span,
                 f"read its one position as {instead}" if instead else
                 f"or, for a marker per player, declare it without 'global': 'track {track.name} ... {{ ... }}'")

    def global_read(self, name: str, span: A.Span) -> None:
        """E303 where a `global` counter or variable is read as a player's (`left.era`, `p.amount(era)`);
        the hint gives its declaration without `global`, for a designer who meant one per player."""
        self.err("E303", f"{name!r} is one value for the whole game, not one per player: write {name}", span,
                 f"or, for one per player, declare it without 'global': '{self.per_player_form(name)}'")

    def per_player_form(self, name: str) -> str:
        """The declaration of a shared counter, variable or zone as it reads made one per player (its
        title, indexes and the rest kept): `counter era;` for `counter era global;`."""
        decl = self.sym.decls[name]
        made = A.replace(decl, per_player=True) if isinstance(decl, A.Zone) else A.replace(decl, is_global=False)
        return " ".join(declaration_text(made, None))

    def attr(self, e: A.Attr, scope: Scope, index=None, setting: bool = False, site=None,
             obj_type: Optional[str] = None) -> str:
        """Check `obj.name` (or `obj.name[index]`; `setting`: the target of a `set`, `site`: that
        statement; `obj_type`: obj's type, already checked); returns the field's type (of the element,
        with an index)."""
        obj = self.expr(e.obj, scope) if obj_type is None else obj_type
        # A record's or an enum member's field is found on its own declaration, never by its name alone: with
        # an index (`m.cost[n]`) it is a list field's item, whatever a kind declares under the same name.
        if base_of(obj) == "record":
            found = self.record_field(e, obj.partition(":")[2], setting)
            return found if index is None else self.numbered_item(found, e, index, scope)
        enum = self.sym.decls.get(obj.partition(":")[2]) if base_of(obj) == "member" else None
        if isinstance(enum, A.Enum):
            found = self.member_datum(e, enum, setting, index, scope)
            return found if index is None or id(e) in self.cell_reads else self.numbered_item(found, e, index, scope)
        if e.name == "name":
            self.name_reads[id(e)] = obj
        kind = self.shared_kind(obj, e.name, e.obj, e.span)
        if kind is None and len(kinds_in(obj)) > 1:   # not every kind it may be has the field (E328)
            return "any"
        field = next((f for f in kind.fields if f.name == e.name), None) if kind is not None else None
        if obj == "player" and self.sym.category(e.name) in ("counter", "zone", "var"):
            decl = self.sym.decls[e.name]
            if getattr(decl, "is_global", False):
                self.global_read(e.name, e.span)
            elif isinstance(decl, A.Zone) and not decl.per_player:   # the shared zone, whoever is named
                self.err("E303", f"{e.name!r} is one zone shared by all players, not one per player: write "
                         f"{e.name}", e.span, f"or, for one per player, declare it per_player: "
                         f"'{self.per_player_form(e.name)}'")
            self.element(e.name, index, scope, e.span)
            if isinstance(decl, A.Var):
                self.used.add(e.name)
                return self.declared(decl.type)
        elif index is not None and not (field is not None and field.index is not None) \
                and not (obj == "any" and e.name in self.member_field_names):
            if field is not None and field.type != "effect" and not self.indexed(e.name):
                if field.computed:
                    self.sym.computed.add(id(e))
                return self.numbered_item(self.field_type(kind, field), e, index, scope)   # `c.row[2]`: a list field
            self.err("E312", f"{e.name!r} has no elements to choose from: it is not declared with [...]",
                     index.span)
        self.used.add(e.name)
        base = base_of(obj)
        if base in ("int", "str", "bool", "zone", "list", "member", "resource", "track", "die", "effect"):
            self.err("E303", f"{article(words(obj))} has no field {e.name!r}", e.span)
            return "any"
        if obj == "player":
            cat = self.sym.category(e.name)
            if cat == "track" and self.sym.decls[e.name].is_global:   # `p.temperature`
                self.own_use(self.sym.decls[e.name], f"{printed(e)}", e.span, e.name)
            if cat in ("resource", "counter", "track"):
                return "int"
            if cat == "zone":
                return zone_type(self.sym.decls[e.name])
            held = scope.locals.get(e.name, (None, None, None))[2]
            if held in ("resource", "counter"):   # `p.c` with c a parameter holding a name: not a field of p
                obj_text = printed(e.obj)
                self.err("E202", f"{obj_text}.{e.name} is no field of a player: {e.name!r} holds the name of a {held}",
                         e.span, f"read {obj_text}'s with '{obj_text}.amount({e.name})'" if not setting else
                         f"change {obj_text}'s with 'each {obj_text}: set {e.name} = ...;'")
                return "int"
            if e.name in PLAYER_OF_PLAYER and cat is None:   # `p.teammate`: the builtin takes the player
                obj_text = printed(e.obj)
                self.err("E202", f"{obj_text}.{e.name} is no field of a player: write '{e.name}({obj_text})' "
                         f"(the bare '{e.name}' is yours)", self.at_name(e.name, e.span))
                return "player"
            candidates = self.sym.of("resource") + self.sym.of("counter") + self.sym.of("track") + self.sym.of("zone")
            self.unknown("E202", "resource, counter, track or zone", e.name, e.span, candidates)
            return "any"
        if kind is not None:
            if field is not None and field.index is not None:
                return self.member_field(e, kind, field, index, scope, e if site is None else site, setting)
            fields = {f.name: f for f in kind.fields}
            if e.name in fields and fields[e.name].held is not None:   # a zone the card holds
                if setting:
                    self.err("E417", f"{e.name!r} is a zone {article(kind.name)} holds: cards move into it and out "
                             "of it, it is not set", e.span, f"'move c to {printed(e.obj)}.{e.name};', 'move all of "
                             f"{printed(e.obj)}.{e.name} to ...;'")
                    return "any"
                self.sym.card_zones.add(id(e))
                return f"zone:{fields[e.name].of}"
            if e.name not in fields and e.name not in ELEMENT_ATTRS and self.held_field(e.name) is not None:
                holders = [k.name for k in self.sym.decls.values() if isinstance(k, A.Kind)
                           and any(f.name == e.name and f.held is not None for f in k.fields)]
                self.err("E415", f"{article(kind.name)} holds no zone {e.name!r}", self.at_name(e.name, e.span),
                         f"the cards of {' and '.join(holders)} hold {e.name!r}; to give {kind.name}s one, declare "
                         f"it in the kind: '{e.name}: zone of {self.held_field(e.name).of};'")
                return "zone"
            if e.name in fields and fields[e.name].computed:   # worked out for `you` when read
                if setting:
                    self.err("E303", f"{e.name!r} of {kind.name} is computed, worked out from the game when read: "
                             f"it cannot be set", e.span)
                self.sym.computed.add(id(e))
                return self.declared(fields[e.name].type)
            if e.name in fields and fields[e.name].type == "effect":
                if setting:
                    self.err("E303", f"{e.name!r} is an effect of {kind.name}, written in the rules: it cannot "
                             f"be set", e.span)
                self.sym.slots.add(id(e))
                return "bool"
            if e.name in fields:
                if fields[e.name].tag is not None and setting:
                    self.set_adjusted(e, kind, fields[e.name])
                elif fields[e.name].tag is not None and scope.it_event != fields[e.name].tag.action:
                    # (in a modifier of the field's own event, its `while` and lines read the printed value: the
                    # modifiers are being worked out)
                    self.adjusted_read(e, fields[e.name])
                return self.field_type(kind, fields[e.name])
            if e.name in ELEMENT_ATTRS:
                if setting:   # the game keeps these: flip turns a card over, move changes its owner
                    self.err("E303", f"{e.name!r} is kept by the game and cannot be set: it is not a field "
                             f"of {kind.name}", e.span, "flip turns a card over; move changes its owner and zone")
                return ELEMENT_ATTRS[e.name]
            self.unknown("E205", "field", e.name, e.span, list(fields) + sorted(ENTITY_ATTRS), of=kind.name)
            return "any"
        if obj in ("any", "entity") and not setting and self.held_field(e.name) is not None:
            self.sym.card_zones.add(id(e))   # a card of unknown kind: its zone of that name if it holds one (else E601)
            return "zone"
        if obj in ("any", "entity") and e.name in self.computed_field_names and not setting:
            self.sym.computed.add(id(e))   # a card of unknown kind: the field is worked out if it has it (else E601)
            return "any"
        if obj in ("any", "entity") and not setting and index is None and scope.it_event is None:
            # a card of unknown kind (an item of a `zone` parameter): adjusted when every kind having the field
            # declares it adjustable by one event
            having = [f for k in self.sym.decls.values() if isinstance(k, A.Kind) for f in k.fields if f.name == e.name]
            if having and all(f.tag is not None and f.tag.action == having[0].tag.action for f in having):
                self.adjusted_read(e, having[0])
            elif any(f.tag is not None for f in having):
                self.mixed_adjusted_read(e, having)
        if obj == "any" and index is not None and e.name in self.member_field_names:   # a card of unknown kind
            self.sym.member_fields.add(id(e if site is None else site))
            self.expr(index, scope)
            return "any"
        if isinstance(e.obj, A.Name) and e.obj.id == "it" and scope.it_event and "it" not in scope.locals:
            if e.name == SUBJECT:   # the player the event happened to (no event argument is so named: E400)
                return "player"
            params = BUILTIN_EVENTS.get(scope.it_event) or self.event_params(scope.it_event, e.span)
            if params == ():   # a declared event without parameters (an unknown one is E206 already)
                self.err("E205", f"event {scope.it_event!r} has no arguments: 'it.{e.name}' names none",
                         self.at_name(e.name, e.span), f"declare it: 'event {scope.it_event}({e.name}: ...);'")
                return "any"
            if e.name not in (params or ()):
                self.unknown("E205", "argument", e.name, e.span, list(params or ()), of=f"event {scope.it_event}")
                return "any"
            if scope.it_event == VAR_EVENT and e.name in ("old", "new") and scope.it_var is not None:
                return scope.it_var   # `whenever you set(pawn)`: the variable's type
            return self.event_arg_type(scope.it_event, e.name)
        if obj == "any" and not setting and index is None:
            read = self.unknown_member_datum(e)
            if read is not None:
                return read
        if obj in ("any", "entity") and e.name not in self.readable_names:
            # an item of a `zone` parameter: its kind is not known here, but a name nothing has fails in play
            self.err("E565", f"no card, record or player has {e.name!r}: no kind, record or enum declares a field "
                     f"of that name, and no resource, counter, zone or variable is so named",
                     self.at_name(e.name, e.span), did_you_mean(e.name, sorted(self.readable_names)))
        return "any"

    def event_arg_type(self, event: str, arg: str) -> str:
        """The type of an event's argument (`it.who` in a trigger): builtin ones from their table,
        declared ones from the event's parameters."""
        if event in BUILTIN_EVENTS:
            return BUILTIN_EVENTS[event][arg]
        decl = self.sym.decls.get(event)
        param = next((p for p in decl.params if p.name == arg), None) if isinstance(decl, A.Event) else None
        return self.declared(param.type) if param is not None else "any"

    def field_sort(self, kind: A.Kind, name: str) -> Optional[tuple]:
        """How a kind has a field, to tell whether several kinds have it alike: (its type as read, its
        index, computed?, an effect?); ("kept",) for what the game keeps of every card (`name`,
        `owner`...); None when the kind has no such field."""
        f = next((f for f in kind.fields if f.name == name), None)
        if f is None:
            return ("kept",) if name in ELEMENT_ATTRS else None
        return self.field_type(kind, f), f.index, f.computed, f.type == "effect", f.tag and f.tag.action, f.params

    def shared_kind(self, t: str, name: str, obj, at: A.Span, report: bool = True) -> Optional[A.Kind]:
        """The kind a field read `obj.name` looks its field up in, `obj` of type `t`: its kind; for a
        card of one of several kinds (`entity:card|advanced`, an item of a zone of several kinds) the
        first of them when every one has the field alike (same type, both computed or both not...),
        else E328 at the field's name (`report`), naming the kinds that lack it or differ, and None."""
        kinds = [self.sym.decls.get(k) for k in kinds_in(t)] if base_of(t) == "entity" else []
        if len(kinds) < 2 or not all(isinstance(k, A.Kind) for k in kinds):
            return self.kind_of(t)
        sorts = [self.field_sort(k, name) for k in kinds]
        if all(sort == sorts[0] for sort in sorts) and sorts[0] is not None:
            return kinds[0]
        if report:
            having = [k.name for k, sort in zip(kinds, sorts) if sort is not None]
            lacking = [k.name for k, sort in zip(kinds, sorts) if sort is None]
            either = " or ".join(article(k.name) for k in kinds)
            if lacking:
                problem = f"{' and '.join(lacking)} {'has' if len(lacking) == 1 else 'have'} no field {name!r}"
            else:
                problem = "; ".join(f"{k.name}'s {name!r} is {self.sort_words(sort)}" for k, sort in zip(kinds, sorts))
            shown = printed(obj)
            narrow = having[0] if having else None
            self.err("E328", f"{shown} may be {either}, and {problem}", self.at_field(name, at),
                     f"narrow it first in the condition: '{shown} is {narrow} and {shown}.{name} ...'" if narrow and
                     shown == "it" else
                     f"narrow it first: 'if {shown} is {narrow} {{ ... {shown}.{name} ... }}', or 'where {shown} is "
                     f"{narrow}' in a loop or a count" if narrow else
                     f"no kind of {either} has it: give it to them, or read another field")
        return None

    @staticmethod
    def sort_words(sort: tuple) -> str:
        """A field's sort (`field_sort`) in words, for E328: "a number", "a computed number", "an effect", "an effect
        given (by)"."""
        if sort == ("kept",):
            return "kept by the game"
        t, index, computed, effect, adjusted, params = sort
        if effect:   # (a slot's parameters, 3.7: `demand: effect(by: player);`)
            return f"an effect given ({', '.join(p.name for p in params)})" if params else "an effect"
        shown = article(words(t)) + (f" for each {index}" if index else "")
        shown = f"{shown} adjusted for {adjusted}" if adjusted else shown
        return f"computed, {shown}" if computed else shown

    def kind_of(self, t: str) -> Optional[A.Kind]:
        """The kind declaration of an entity type (`entity:card`), when the checker knows it."""
        base, _, arg = t.partition(":")
        kind = self.sym.decls.get(arg) if base == "entity" and arg else None
        return kind if isinstance(kind, A.Kind) else None

    def visit_Method(self, e: A.Method, scope: Scope) -> str:
        read = self.computed_for(e, scope)
        if read is not None:
            return read
        if actor_call(e, self.sym):   # `p.score()`: the func evaluated for player p
            who = self.expr(e.obj, scope)
            if not fits(who, "player"):
                self.err("E303", f"{e.name}() is evaluated for a player, not for {article(words(who))}", e.obj.span,
                         self.hidden_player(e.obj, scope))
            return self.call(e.name, e.args, e.span, scope)
        return self.call(e.name, (e.obj,) + e.args, e.span, scope)

    def computed_for(self, e: A.Method, scope: Scope) -> Optional[str]:
        """`card.field(p)`: a computed field of the card's kind worked out for player p (as `p.f()` works a
        func out for p): its type, or None when `e` is no such read (then it is a call, checked as one)."""
        if e.name not in {f.name for k in self.sym.decls.values() if type(k) is A.Kind for f in k.fields if f.computed}:
            return None   # (a card of unknown kind read for p is a call: the checker cannot tell)
        mark = len(self.diags)
        obj = self.expr(e.obj, scope)
        kind = self.shared_kind(obj, e.name, e.obj, e.span, report=False)
        field = next((f for f in kind.fields if f.name == e.name and f.computed), None) if kind is not None else None
        if field is None and len(kinds_in(obj)) > 1 and any(self.field_sort(self.sym.decls[k], e.name) is not None
                                                            for k in kinds_in(obj) if k in self.sym.decls):
            self.shared_kind(obj, e.name, e.obj, e.span)   # some kind has it computed: E328 says which lack it
            return "any"
        if field is None:
            del self.diags[mark:]   # a call after all: checked (and its object reported) as one
            return None
        self.sym.computed.add(id(e))
        if len(e.args) != 1:
            self.err("E302", f"{printed(e.obj)}.{e.name} is worked out for you; {printed(e.obj)}.{e.name}(p) for "
                     f"one player p: not {arguments(len(e.args))}", e.span)
        for a in e.args:
            who = self.expr(a, scope)
            if not fits(who, "player"):
                self.err("E303", f"{e.name} of {kind.name} is worked out for a player, not for "
                         f"{article(words(who))}", a.span)
        return self.declared(field.type)

    def named_by_value(self, func: str, spec, last, scope: Scope) -> None:
        """The last argument of `amount(r)`, `tier(t)`... when it is not a bare declared name: a local,
        a parameter or a field holding the resource (counter, track) itself. Anything else, a number
        above all (`pick r from [brick, wool]`: each name in a list is the player's amount), is E303:
        play would stop at it."""
        held = self.expr(last, scope)
        wanted = "track" if "track" in spec.names else "resource"
        if fits(held, wanted) or held == "counter" and "counter" in spec.names:
            return
        shown = " or ".join(n for n in spec.names if n != "group")   # a local never holds a group
        self.err("E303", f"{func}() takes {article(shown)}, and {printed(last)} is {article(words(held))}"
                 + (": a bare name in a list '[a, b]' or in 'let x = a' is the player's amount, not the " + wanted
                    if held == "int" else ""), last.span,
                 f"to range over {wanted}s, name a group of them: 'group g {{ a, b }}' then 'pick r from g'; a local "
                 f"holding one is 'let r: {wanted} = a;'" if wanted == "resource" else
                 f"a local holding a track is 'let t: track = a;'")

    def searched(self, func: str, args: tuple, held: str, sought: str) -> None:
        """`contains(L, x)`, `index_of(L, x)`: a value that no item of L can equal (a text in a list of
        cards: `contains(c.links, x.name)`) is never found, E303."""
        if base_of(held) in ("list", "zone") and self.incomparable(element_of(held), sought):
            item = element_of(held)
            self.err("E303", f"{func}() looks for {article(words(sought))} in {article(words(held))}: it is never "
                     f"there", args[1].span, "a list of cards holds the cards themselves: look for the card"
                     if base_of(item) == "entity" else self.unquoted_hint(item, args[1])
                     if {base_of(item), base_of(sought)} == {"member", "str"} else None)

    def piles(self, args: tuple, span: A.Span) -> str:
        """`piles(ZONE)`: ZONE a shared zone with one index, named (E471 for anything else: an expression, no
        zone, a plain zone, a grid; E472 for a zone each player has); a list of its index's values."""
        self.used.add("piles")
        if len(args) != 1:
            self.err("E302", f"piles() takes 1 argument, not {len(args)}", span)
            return "list"
        z = args[0]
        decl = self.sym.decls.get(z.id) if isinstance(z, A.Name) else None
        if not isinstance(decl, A.Zone) or decl.indexes is None or len(decl.indexes.dims()) != 1:
            what = "a zone with no index" if isinstance(decl, A.Zone) and decl.indexes is None else \
                "a zone with two indexes or more" if isinstance(decl, A.Zone) else f"'{printed(z)}'"
            self.err("E471", f"piles() takes the name of a zone with one index (one pile per member, card or "
                     f"number), not {what}", z.span,
                     "declare the piles 'zone supply[card] of card;' and write 'piles(supply)'")
            return "list"
        self.used.add(z.id)
        if decl.per_player:
            self.err("E472", f"piles({z.id}): {z.id!r} is a zone each player has; piles() reads the piles of a shared "
                     "zone (a supply, a market)", z.span, "count a player's own piles with 'count(...)' over the index")
            return "list"
        d = decl.indexes.dims()[0]
        kind = "int" if d.enum is None else "player" if by_seat(d, self.sym) else f"entity:{d.enum}" \
            if self.sym.category(d.enum) == "kind" else "resource" if self.sym.category(d.enum) == "group" else f"member:{d.enum}"
        return f"list:{kind}"

    def visit_Call(self, e: A.Call, scope: Scope) -> str:
        if cell_walk(e.func, self.sym):
            self.used.add(e.func)
            return self.walk(e, scope)
        named = [a for a in e.args if type(a) is A.FieldValue]
        if named and e.func in CELL_WALKS:   # `shift(s, rank = 2)` where the pack has its own `shift`
            self.own_builtin(e.func, f"'{e.func}(CELL, {named[0].name} = N)'", named[0].span)
            for a in e.args:
                self.expr(a.value if type(a) is A.FieldValue else a, scope)
            return "any"
        if named:   # `square(s, rank = 2)`: values named after a first argument are shift()'s alone
            self.err("E302", f"{e.func}() takes no named values after its first argument ({named[0].name} = ...)",
                     named[0].span, "a record is built by naming every field, 'NAME(field = VALUE, ...)'; a board's cell "
                     f"moved along its fields is 'shift(CELL, {named[0].name} = N)'")
            e = A.replace(e, args=tuple(a for a in e.args if type(a) is not A.FieldValue))
            if isinstance(self.sym.decls.get(e.func), A.Record):
                for a in e.args:
                    self.expr(a, scope)
                return f"record:{e.func}"
        decl = self.sym.decls.get(e.func)
        if isinstance(decl, A.Proc) and e.func not in BUILTIN_FUNCS:
            return self.proc_in_expression(e, decl, scope)
        return self.call(e.func, e.args, e.span, scope)

    def board_cell(self, func: str, arg, scope: Scope) -> Optional[A.Record]:
        """The record of the cell a board's builtin (shift, step, ray, leap) starts from: a record whose every
        field is a range or an enum, the board's axes (E483 otherwise, naming what it is or the field)."""
        given = self.expr(arg, scope)
        record = given.partition(":")[2] if base_of(given) == "record" else None
        decl = self.sym.decls.get(record) if record else None
        if not isinstance(decl, A.Record):
            self.err("E483", f"{func}() moves along the cells of a board, a record of ranges or enums, not "
                     f"{article(words(given)) if given != 'any' else 'a value of no known record'}", arg.span,
                     "a cell is a record of ranges or enums: 'record square { f: file; rank: 1..8; }'"
                     + ("; give the value a type ('s: square')" if given == "any" else ""))
            return None
        for f in decl.fields:
            if f.within is None and not (f.of is None and self.sym.category(f.type) == "enum"):
                self.err("E483", f"{func}() moves along the fields of a cell, ranges or enums; field {f.name!r} of "
                         f"{record} is {article(words(self.declared(f.type) if f.of is None else 'list'))}", arg.span,
                         f"declare the board's axes as ranges ('{f.name}: 1..8;') or enums; what stands on a cell is "
                         "kept apart (a var indexed by the cell)")
                return None
        return decl

    def direction(self, func: str, arg, cell: A.Record, scope: Scope) -> Optional[str]:
        """The enum of a step's or ray's direction: a member of an enum with as many whole-number fields as the
        cell has fields, the steps along them in order (E484 otherwise)."""
        given = self.expr(arg, scope)
        enum = given.partition(":")[2] if base_of(given) == "member" else None
        decl = self.sym.decls.get(enum) if enum else None
        example = ", ".join(f"d{f.name}: int;" for f in cell.fields)
        if not isinstance(decl, A.Enum):
            self.err("E484", f"{func}() goes along a direction, a member of an enum holding a step for each field of "
                     f"{cell.name}, not {article(words(given)) if given != 'any' else 'a value of no known enum'}",
                     arg.span, f"'enum way {{ {example} ... }}' and '{func}(..., north)'; a cell so many fields away is "
                     f"'shift(CELL, {cell.fields[0].name} = N)'")
            return None
        steps = [f for f in decl.fields if f.of is None and (f.type == "int" or f.within is not None)]
        if len(steps) != len(cell.fields):
            self.err("E484", f"{func}() steps along each field of {cell.name} ({', '.join(f.name for f in cell.fields)}) by "
                     f"a whole-number field of the direction, in order, and {enum} has {len(steps)}"
                     + (f" ({', '.join(f.name for f in steps)})" if steps else ""), arg.span,
                     f"declare one whole-number field per field of {cell.name}: 'enum {enum} {{ {example} ... }}'")
            return None
        return enum

    def walk(self, e: A.Call, scope: Scope) -> str:
        """`shift(CELL, FIELD = N, ...)` and `step(CELL, DIRECTION)`: a cell, or none off the board; `ray(CELL,
        DIRECTION)` and `leap(CELL, N, ...)`: a list of cells. E302 for the count of arguments, E483 for a CELL
        that is no board's cell, E484 for a direction that does not fit it, E485 for offsets amiss."""
        func, args = e.func, e.args
        positional = [a for a in args if type(a) is not A.FieldValue]
        named = [a for a in args if type(a) is A.FieldValue]
        shapes = {"shift": "shift(CELL, FIELD = N, ...)", "step": "step(CELL, DIRECTION)",
                  "ray": "ray(CELL, DIRECTION)' or 'ray(c from CELL via DIRECTION until COND)",
                  "leap": "leap(CELL, N, ...)", "between": "between(CELL, CELL)", "edge": "edge(CELL, CELL)"}
        if not args or type(args[0]) is A.FieldValue:
            self.err("E302", f"{func}() starts from a cell: '{shapes[func]}'", e.span)
            return "any"
        cell = self.board_cell(func, args[0], scope)
        result = f"record:{cell.name}" if cell is not None else "any"
        if func == "shift":
            if len(positional) > 1 or not named:
                self.err("E485", f"shift() moves a cell along its fields named with how far: "
                         + ("no field is named" if not named else f"{printed(positional[1])} names none"),
                         (positional[1] if len(positional) > 1 else e).span,
                         "'shift(CELL, " + ", ".join(f"{f.name} = 1" for f in (cell.fields if cell else ())) + ")'"
                         if cell is not None else None)
            seen = set()
            for a in named:
                kind = self.expr(a.value, scope)
                if cell is not None and a.name not in [f.name for f in cell.fields]:
                    self.err("E485", f"{cell.name} has no field {a.name!r} to move along", a.span,
                             did_you_mean(a.name, [f.name for f in cell.fields]))
                elif a.name in seen:
                    self.err("E485", f"field {a.name!r} is moved twice", a.span, "say each field once, its whole move")
                elif not fits(kind, "int"):
                    self.err("E485", f"shift() moves {a.name} by a whole number, not {article(words(kind))}", a.value.span)
                seen.add(a.name)
            if cell is not None:
                self.sym.walks[id(e)] = (cell.name, None)
            return result
        if named:
            self.err("E485", f"{func}() takes no named values: only shift() moves along fields it names", named[0].span,
                     f"'shift({printed(args[0])}, {named[0].name} = ...)'")
        if func in PAIR_WALKS:
            return self.pair_walk(e, positional, cell, scope)
        if func == "leap":
            offsets = positional[1:]
            if not offsets:
                self.err("E485", "leap() takes how far the leap goes along the fields, one number or more: "
                         "'leap(CELL, 1, 2)' (a knight's)", e.span)
            elif cell is not None and len(offsets) > len(cell.fields):
                self.err("E485", f"leap() takes at most one number per field of {cell.name} ({len(cell.fields)}), not "
                         f"{len(offsets)}", offsets[len(cell.fields)].span)
            for a in offsets:
                kind = self.expr(a, scope)
                if not fits(kind, "int"):
                    self.err("E485", f"leap() goes a whole number of steps along each field, not "
                             f"{article(words(kind))}", a.span)
            if cell is not None:
                self.sym.walks[id(e)] = (cell.name, None)
            return f"list:{result}" if cell is not None else "list"
        if len(positional) != 2:
            self.err("E302", f"{func}() takes a cell and a direction, not {arguments(len(positional))}: "
                     f"'{shapes[func]}'", e.span)
            for a in positional[2:]:
                self.expr(a, scope)
            if len(positional) < 2:
                return result if func == "step" else "list"
        enum = self.direction(func, positional[1], cell, scope) if cell is not None else None
        if cell is not None and enum is not None:
            self.sym.walks[id(e)] = (cell.name, enum)
        return result if func == "step" else f"list:{result}" if cell is not None else "list"

    def pair_walk(self, e: A.Call, positional: list, cell: Optional[A.Record], scope: Scope) -> str:
        """`between(A, B)` (the cells strictly between two cells of one board on the straight line joining them) and
        `edge(A, B)` (the side two cells beside each other share: the pair in the board's order). E302 for the count
        of arguments, E483 for a B that is no board's cell; cells of two boards E672 (between) or E673 (edge); the
        same cell written on both sides W655 (never a cell between) or W652 (no side); E675 for an edge of two cells
        built of constants that are not beside each other."""
        func = e.func
        two_boards, same_cell = {"between": ("E672", "W655"), "edge": ("E673", "W652")}[func]
        result = f"list:record:{cell.name}" if cell is not None else "list"
        if len(positional) != 2:
            self.err("E302", f"{func}() takes two cells of one board, not {arguments(len(positional))}: "
                     f"'{func}(CELL, CELL)'", e.span)
            for a in positional[2:]:
                self.expr(a, scope)
            return result
        other = self.board_cell(func, positional[1], scope)
        if cell is not None and other is not None and other.name != cell.name:
            self.err(two_boards, f"{func}() joins two cells of one board: the first is a {cell.name}, the second a "
                     f"{other.name}", positional[1].span, f"give two {cell.name}s: '{func}(a, b)' with a and b cells "
                     f"of {cell.name}")
            return "list"
        if printed(positional[0]) == printed(positional[1]):
            self.diags.append(Diagnostic(
                same_cell, f"{func}({printed(positional[0])}, {printed(positional[1])}) has the same cell on both sides: "
                + ("there is never a cell between" if func == "between" else "a cell has no side with itself, and "
                   "play stops there"), positional[1].span,
                "name the other end of the line: 'between(from_square, to_square)'" if func == "between" else
                "name the cell beside it: 'edge(s, step(s, d))'"))
        elif func == "edge" and cell is not None:
            self.edge_of_constants(positional, cell)
        if cell is None:
            return "list"
        self.sym.walks[id(e)] = (cell.name, None)
        return result

    def edge_of_constants(self, positional: list, cell: A.Record) -> None:
        """E675: `edge(A, B)` of two cells built of constant numbers and members (`square(col = a, row = 1)`)
        that are not one step apart along one field: play would stop at it."""
        if self.constant_places(positional, cell) is False:
            self.err("E675", f"edge() joins two cells beside each other (one step along one field): "
                     f"{printed(positional[0])} and {printed(positional[1])} are not", positional[1].span,
                     "a side lies between two cells beside each other: 'edge(s, step(s, d))', or 'neighbours(s)'")

    def constant_places(self, positional: list, cell: A.Record) -> Optional[bool]:
        """Whether two cells of a board built of constant numbers and members (`square(col = a, row = 1)`) are one
        step apart along one field (a side lies between them); None when either is worked out in play."""
        places = []
        for arg in positional:
            if type(arg) is not A.Construct or arg.record != cell.name:
                return None
            given = {a.name: a.value for a in arg.fields}
            place = []
            for f in cell.fields:
                value = given.get(f.name)
                members = self.enum_members(f"member:{f.type}") or ()
                if type(value) is A.Int and f.within is not None:
                    place.append(value.value)
                elif type(value) is A.Name and value.id in members:
                    place.append(members.index(value.id))
                else:
                    return None
            places.append(place)
        return sum(abs(ring_apart(b - a, f.within[1] - f.within[0] + 1) if f.around else b - a)
                   for f, a, b in zip(cell.fields, *places)) == 1

    def own_builtin(self, func: str, form: str, span: A.Span) -> None:
        """E523: the form of a board builtin (`ray(c from ... via ...)`, `shift(CELL, FIELD = N)`, `neighbours(c,
        diagonal)`) written where the pack declares its own func or proc of that name, which every call of the
        name runs (resolve.cell_walk, cell_neighbours): the form is the builtin's alone, and the builtin is not
        reached."""
        decl = self.sym.decls[func]
        what = "proc" if isinstance(decl, A.Proc) else "func" if isinstance(decl, A.Func) else CATEGORY[type(decl)]
        self.diags.append(Diagnostic(
            "E523", f"{form} is the form of the builtin {func}(), but this pack declares its own {what} {func!r}, "
            f"which every {func}(...) calls: the builtin is not reached here", span,
            f"rename the pack's {func} ('my_{func}', say) to use the builtin, or call it as it is declared",
            notes=(f"{self.at_decl(decl)}: the pack's {what} {func}",)))

    def visit_Ray(self, e: A.Ray, scope: Scope) -> str:
        """`ray(c from CELL via DIRECTION [until COND | while COND])`: the cells from CELL along DIRECTION, up to the
        first one COND (read with c bound to it) holds for, that one included (`while`: as long as COND holds, the
        first it fails for left out); COND that never reads c is W511. E523 where
        the pack declares its own `ray` (its calls are the pack's, and this form is the builtin's)."""
        if e.func == "ray" and not cell_walk(e.func, self.sym):
            self.own_builtin("ray", f"'ray({e.var} from ... via ...)'", e.span)
            for part in (e.cell, e.direction):
                self.expr(part, scope)
            if e.until is not None:
                self.condition(e.until, self.bind(scope, e.var, e.span, "any"))
            return "list"
        if e.func != "ray":
            self.err("E302", f"'{e.var} from ... via ...' is ray()'s binder, not {e.func}()'s", e.span,
                     f"'ray({e.var} from CELL via DIRECTION until COND)'")
        cell = self.board_cell("ray", e.cell, scope)
        enum = self.direction("ray", e.direction, cell, scope) if cell is not None else None
        if cell is not None and enum is not None:
            self.sym.walks[id(e)] = (cell.name, enum)
        result = f"record:{cell.name}" if cell is not None else "any"
        if e.until is not None:
            self.condition(e.until, self.bind(scope, e.var, e.span, result))
            if not any(type(n) is A.Name and n.id == e.var for n in A.walk(e.until)):
                word, ends = ("while", "gives no cells") if e.while_form else ("until", "stops at its first cell")
                self.diags.append(Diagnostic(
                    "W511", f"'{word} {printed(e.until)}' does not read {e.var}: the ray {ends}, or goes to the edge",
                    e.until.span, f"stop at a cell the condition reads: "
                    f"'{word} board[{e.var}] {'==' if e.while_form else '!='} empty'"))
        return f"list:{result}" if cell is not None else "list"

    def call(self, func: str, args: tuple, span: A.Span, scope: Scope) -> str:
        if cell_neighbours(func, self.sym):
            self.used.add(func)
            return self.neighbours_of(args, span, scope)
        if func == NEIGHBOURS and len(args) == 2 and type(args[1]) is A.Name and args[1].id in (DIAGONAL, HEX) \
                and args[1].id not in scope.locals and args[1].id not in self.sym.decls:   # the pack's own neighbours
            self.own_builtin(func, f"'neighbours(CELL, {args[1].id})'", args[1].span)
            self.expr(args[0], scope)
            return "any"
        if zone_piles(func, self.sym):
            return self.piles(args, span)
        if seen_call(func, self.sym):
            return self.seen_read(func, args, span)
        if knowledge_call(func, self.sym):   # `known(c.colour)`, `possible(c.colour, red)`: what a player knows
            return self.knowledge_read(func, args, span, scope)
        if rounding(func, self.sym):   # floor(x), ceil(x), round(x): a number made whole
            if len(args) != 1:
                self.err("E302", f"{func}() takes 1 argument, the number to make whole, not {len(args)}", span)
                for a in args:
                    self.expr(a, scope)
                return "int"
            kind = self.expr(args[0], scope)
            if not is_number(kind):
                self.err("E303", f"{func}() makes a number whole, and {printed(args[0])} is {article(words(kind))}",
                         args[0].span)
            elif kind == "int":
                self.rounding_whole(func, args[0])
            return "int"
        spec = BUILTIN_FUNCS.get(func)
        if spec is not None and func.isidentifier() and isinstance(self.sym.decls.get(func), (A.Func, A.Proc)):
            # E412 said at the declaration that the name is the builtin's: which of the two a call means is the
            # designer's to settle, so its arguments are checked and nothing is said of the call (the builtin's
            # count of arguments or type would be a cascade with a hint for the wrong function)
            for a in args:
                self.expr(a, scope)
            self.used.add(func)
            return "any"
        if func == "supply" and len(args) == 2:   # `supply(cubes, red)`: one member's bank
            self.used.add(func)
            return self.bank_read(args, scope)
        checked = args[:-1] if spec is not None and spec.names and args else args
        given = []   # the arguments' types, each checked once (twice would say each mistake twice)
        if spec is not None or not isinstance(self.sym.decls.get(func), (A.Func, A.Extern)):
            given = [self.expr(a, scope) for a in checked]
        typed = lambda i: given[i] if i < len(given) else self.expr(args[i], scope)   # noqa: E731
        self.used.add(func)
        if func in BUILTIN_FUNCS:
            self.team_word(func, span)
            spec = BUILTIN_FUNCS[func]
            low, high = spec.low, spec.high
            if len(args) < low or (high is not None and len(args) > high):
                want = f"{low}" if low == high else f"{low} to {high}" if high else f"at least {low}"
                self.err("E302", f"{func}() takes {want} argument{'' if want == '1' else 's'}, not {len(args)}", span)
            last = args[-1] if args else None
            if spec.names and isinstance(last, A.Name) and last.id not in scope.locals:
                code = "E203" if "track" in spec.names else "E213" if "variant" in spec.names else "E202"
                if self.expect(last.id, spec.names, code, " or ".join(spec.names), last.span) \
                        and isinstance(self.sym.decls[last.id], A.Track):
                    self.track_read(func, args, last)
                elif self.sym.category(last.id) in spec.names and func != "supply" \
                        and getattr(self.sym.decls[last.id], "is_global", False):   # `p.amount(era)`
                    self.global_read(last.id, last.span)
            elif spec.names and last is not None:
                if "variant" in spec.names:
                    self.err("E303", f"{func}() takes the name of a variant", last.span)
                else:   # a parameter or field holding the name: an expression like any other
                    self.named_by_value(func, spec, last, scope)
            if func == "supply" and isinstance(last, A.Name) and last.id not in scope.locals:
                res = self.sym.decls.get(last.id)
                if isinstance(res, A.Resource) and res.supply is None:
                    self.err("E303", f"{last.id!r} has no supply: every player may gain as much as they like",
                             last.span, f"a limited bank is declared 'resource {last.id} supply N;'")
                elif isinstance(res, A.Counter) and (res.supply is None or res.supply_per is not None):
                    self.err("E462", f"counter {last.id!r} has no supply" if res.supply is None else
                             f"counter {last.id!r} has one supply per {res.supply_per.id}: say whose", last.span,
                             f"read one member's bank, 'supply({last.id}, MEMBER)'" if res.supply is not None else
                             f"a global counter's bank is declared 'counter {last.id} global from LOW to HIGH supply N;'")
            if func in ("min", "max"):   # numbers: a list of records or members has no order to take
                self.numbers_compared(func, args, typed)
            if spec.method in ("ordinal", "member_step") and len(args) == 1:
                return self.member_place(func, args[0], typed(0))
            if spec.method == "member_step" and len(args) == 2:   # next(m, n): n places on
                stepped = self.member_place(func, args[0], typed(0))
                self.step_count(func, args, typed(1))
                return stepped
            if spec.method == "steps_around" and len(args) == 2:
                return self.steps_between(args, typed(0), typed(1), span)
            if func == "seats_apart" and args:
                return self.seats_counted(args, [typed(i) for i in range(len(args))], span)
            if func == "min" and len(args) == 2:
                self.distance_by_hand(args, span)
            if func in ("contains", "index_of") and len(args) == 2:
                self.searched(func, args, typed(0), typed(1))
                self.first_copy_searched(func, args, scope)
                held = self.names_held(args[0], scope)
                if held is not None:
                    self.unknown_name(held, args[1], f"{printed(args[0])} holds names of cards, so {func}() never "
                                      f"finds it", "a card named in the list", None)
            if func == "index_of" and len(args) == 2:
                self.enum_index(args, typed(1), span)
            if func == "in_force" and args:
                self.force_asked(args[0], typed(0))
            if func == "refills" and args:
                self.refills_asked(args[0], typed(0))
            if spec.returns == "element":
                return element_of(typed(0)) if args else "any"
            if spec.returns == "same":   # `declaration(c)`: a card of the card's kinds
                given = typed(0) if args else "any"
                if base_of(given) not in ("entity", "any"):
                    self.err("E303", f"{func}() takes a card, not {article(words(given))}", args[0].span)
                    return "any"
                return given
            if func == "size" and args and base_of(typed(0)) not in ("zone", "list", "any"):
                self.err("E303", f"size() takes a zone or a list, not {article(words(typed(0)))}", args[0].span,
                         "a single value has no size; 'count(x in ZONE where ...)' counts items")
            if func in ("turns", "orientations") and args:   # a shape's ways to lie: a list of lists of its cells
                return self.shape_ways(func, args[0], typed(0))
            if func == "distinct" and args:   # a zone or a list: each value once
                return self.distinct(args[0], typed(0), scope)
            if func == "disjoint" and len(args) == 1:   # the choices of groups that share no item
                return self.disjoint_choices(args[0], typed(0))
            if func == "subsets":   # every k-item sub-list of a list (E302 above for another count of arguments)
                return self.subsets(args, typed(0), typed(1)) if len(args) == 2 else "list"
            if spec.returns == "list:element":   # `reverse(z)`: a zone, a list or a count (1..n)
                given = typed(0) if args else "any"
                if given.partition(":")[0] not in ("zone", "list", "int", "any"):
                    self.err("E303", f"{func}() takes a zone or a list, not {article(words(given))}", args[0].span)
                    return "list"
                return f"list:{element_of(given)}" if element_of(given) != "any" else "list"
            if func == "holders" and args and not (isinstance(args[0], A.Name) and args[0].id in self.sym.roles
                                                   and args[0].id not in scope.locals):
                self.role_wanted("holders()", typed(0), args[0].span, printed(args[0]))
            if func in PLAYER_ARGUMENT and args and not fits(typed(0), "player"):
                self.err("E303", f"{func}() takes a player", args[0].span, self.hidden_player(args[0], scope))
            if func == "aside":   # the cards set aside from a player's zones: of the kinds those zones hold
                kinds = dict.fromkeys(k for z in self.sym.decls.values() if type(z) is A.Zone and z.per_player
                                      for k in (z.kind,) + tuple(z.more_kinds))
                return f"list:entity:{'|'.join(kinds)}" if kinds else spec.returns
            return spec.returns
        decl = self.sym.decls.get(func)
        if isinstance(decl, A.Func) or isinstance(decl, A.Extern) and decl.returns is not None:
            self.arguments(f"{func}()", decl, args, span, scope)
            return self.declared(decl.returns) if decl.returns and func not in self.reshaped else "any"
        if decl is None and func == "base":
            if span not in self.sym.baseless:   # in an override of nothing, E212 says what is wrong
                self.err("E218", "base() calls the func an override replaces: use it inside 'override func'", span)
        elif isinstance(decl, A.Record):
            fields = ", ".join(f"{f.name} = ..." for f in decl.fields)
            self.err("E372", f"a {func} is built by naming its fields: {func}({fields})", span,
                     "fields are named, not placed, so a construction reads the same when a field is added")
            return f"record:{func}"
        elif decl is None and (ALIASES.get(func, func) in BUILTIN_DOMAINS or func in ("other_player", "next_player")):
            # `opponent()`: a player is a domain's name, not a call (Kalah, a game of two, wants the other player)
            self.err("E207", f"{func!r} is no function: the players are named without '()'", span,
                     "the other players are the list 'opponents', and 'first(opponents)' is one of them; the next "
                     "player in turn order is 'left', in a game of two the other player")
        elif decl is None and func in FAMILIAR_FUNCS and not closest(func, self.sym.of("func")):
            meant, what = FAMILIAR_FUNCS[func]
            given = ", ".join(printed(a) for a in args) or "..."
            self.err("E207", f"unknown function {func!r}: {what} is '{meant}(...)'", self.at_name(func, span),
                     f"write '{meant}({given})'" if meant in ("size", "contains", "reverse", "index_of") else
                     f"write '{meant}(x in {given}, ...)'")
        elif decl is None:
            self.unknown("E207", "function", func, span, self.sym.of("func") + sorted(BUILTIN_FUNCS))
        elif isinstance(decl, A.Proc):
            self.err("E301", f"{func!r} is a proc, not a function: a proc may decide, so it cannot be part of an "
                     f"expression", span, f"a proc with a result type gives it to a local: 'let x = {func}(...);'")
        else:
            self.err("E301", f"{func!r} is {article(CATEGORY[type(decl)])}, not a function", span)
        return "any"

    def neighbours_of(self, args: tuple, span: A.Span, scope: Scope) -> str:
        """`neighbours(CELL)`, `neighbours(CELL, diagonal)`, `neighbours(CELL, hex)`: CELL a record whose every
        field is a range or an enum (the board's axes): E302 for the count of arguments, E303 for another second
        argument than the word `diagonal` or `hex`, for a CELL of no record (a player: the hint gives left and
        right) or of a record with another field; W470 for `diagonal` on a record of one field (a line has no
        diagonal); E499 for `hex` on a record that is not two ranges (axial coordinates)."""
        if not 1 <= len(args) <= 2:
            self.err("E302", f"neighbours() takes a cell, and 'diagonal' for the cells diagonally next to it too "
                     f"(or 'hex' for the six around a hex), not {len(args)} argument{'' if len(args) == 1 else 's'}",
                     span)
            return "list"
        word = args[1].id if len(args) == 2 and type(args[1]) is A.Name and args[1].id not in scope.locals else None
        around = word == HEX and HEX or len(args) == 2   # False beside, True diagonally too, "hex" the six
        if len(args) == 2 and word not in (DIAGONAL, HEX):
            self.err("E303", f"the second argument of neighbours() is the word 'diagonal' or 'hex', not "
                     f"{printed(args[1])}", args[1].span, "neighbours(c) gives the cells beside c, neighbours(c, "
                     "diagonal) those diagonally next to it too, neighbours(c, hex) the six around a hex")
        given = self.expr(args[0], scope)
        record = given.partition(":")[2] if base_of(given) == "record" else None
        decl = self.sym.decls.get(record) if record else None
        if not isinstance(decl, A.Record):
            hint = "the players beside p are left(p) and right(p); 'neighbours' alone is yours" \
                if base_of(given) == "player" else "a cell is a record of ranges or enums: 'record cell { row: " \
                "1..5; col: 1..5; }'" + ("; give the value a type ('c: cell')" if given == "any" else "")
            self.err("E303", f"neighbours() takes a cell of a board, a record of ranges or enums, not "
                     f"{article(words(given)) if given != 'any' else 'a value of no known record'}", args[0].span, hint)
            return "list"
        for f in decl.fields:
            if f.within is None and not (f.of is None and self.sym.category(f.type) == "enum"):
                self.err("E303", f"neighbours() steps along the fields of a cell, ranges or enums; field {f.name!r} "
                         f"of {record} is {article(words(self.declared(f.type) if f.of is None else 'list'))}",
                         args[0].span, f"declare the board's axes as ranges ('{f.name}: 1..5;') or enums; "
                         f"what stands on a cell is kept apart (a var indexed by the cell's fields)")
                return f"list:record:{record}"
        if around is True and len(decl.fields) == 1:
            self.diags.append(Diagnostic("W470", f"record {record!r} has one field: a line has no diagonal, so "
                                         "neighbours(..., diagonal) is neighbours(...)", args[1].span,
                                         "drop ', diagonal'"))
        hex_steps = self.hex_directions() if around is not HEX and len(decl.fields) == 2 else None
        if hex_steps is not None and all(f.within is not None for f in decl.fields):
            self.diags.append(Diagnostic(
                "W499", f"enum {hex_steps!r} steps along the six directions of a hex board, but " + (
                    "neighbours(c, diagonal) gives the eight cells around a square: two of them are no hex's "
                    "neighbours" if around else "neighbours(c) gives the four cells beside a square: two of the six "
                    "hexes around are left out"), args[1].span if around else span,
                f"neighbours(c, hex) gives the six hexes around c (axial coordinates, as {hex_steps!r} steps)"))
        if around == HEX and (len(decl.fields) != 2 or any(f.within is None for f in decl.fields)):
            self.err("E499", f"neighbours(..., hex) reads a cell's two fields as the axial coordinates of a hex (q "
                     f"and r, each a range), and record {record!r} has "
                     + (f"{len(decl.fields)} field{'' if len(decl.fields) == 1 else 's'}" if len(decl.fields) != 2
                        else f"the enum field {next(f.name for f in decl.fields if f.within is None)!r}"),
                     args[1].span, "declare the board in axial coordinates, 'record hex { q: 1..10; r: 1..10; }' (a "
                     "shape cuts it to a hexagon: '} where abs(q + r) <= 4;'), or step along an enum of the six "
                     "directions with step()")
        self.sym.cells[id(args[0])] = (record, around)
        return f"list:record:{record}"

    # the six steps of a hex in axial coordinates (q, r): neighbours(c, hex) keeps the same ones
    HEX_STEPS = frozenset({(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)})

    def hex_directions(self) -> Optional[str]:
        """The pack's enum of the six directions of a hex board in axial coordinates (two whole-number fields,
        its members' steps those of HEX_STEPS), or None: a pack that walks its board so and asks neighbours()
        of a square board is W499."""
        for d in self.sym.decls.values():
            if isinstance(d, A.Enum) and len(d.members) == 6 and len(d.fields) == 2 and d.data \
                    and all(f.type == "int" and f.of is None for f in d.fields):
                steps = {tuple(constant(v.value) for v in d.values_of(m)) for m in d.members}
                if steps == self.HEX_STEPS:
                    return d.name
        return None

    def subsets(self, args: tuple, given: str, count: str) -> str:
        """`subsets(xs, k)`: xs a list or a zone (E532 otherwise), k a number (E303) that, when constant, is
        from 0 (E532) and, where xs's size is known before play (a list written out, a range of constants),
        at most that size and making at most MAX_STEPS sub-lists (E532: none at all, or past the step
        budget every call would stop at). A list of lists of xs's items."""
        from rulebook.runtime.engine import MAX_STEPS   # here: a lint loads no runtime (tests/test_startup.py)

        xs, k = args
        if base_of(given) not in ("zone", "list", "any"):
            self.err("E532", f"subsets(xs, k) takes a list or a zone as xs, not {article(words(given))}", xs.span,
                     "the numbers 1 to n are the list 1..n: 'subsets(1..n, k)'" if fits(given, "int") else None)
        if not fits(count, "int"):
            self.amount_error(k, count)
        n, low, high = None, None, None
        if type(xs) is A.ListLit:
            n = len(xs.items)
        elif type(xs) is A.Range:
            low, high = constant(xs.low), constant(xs.high) if xs.high is not None else None
            if type(low) is int and type(high) is int:
                n = max(0, high - low + 1)
        taken = constant(k)
        if type(taken) is int and taken < 0:
            self.err("E532", f"subsets(xs, k) takes k items at a time, from 0, not {taken}", k.span)
        elif type(taken) is int and n is not None and taken > n:
            self.err("E532", f"subsets({printed(xs)}, {taken}): {printed(xs)} has {n} items, so no {taken} of "
                     f"them can be taken", k.span, f"k is at most {n}")
        elif type(taken) is int and n is not None and math.comb(n, taken) > MAX_STEPS:
            self.err("E532", f"subsets({printed(xs)}, {taken}) makes {math.comb(n, taken):,} sub-lists, more than the "
                     f"{MAX_STEPS:,} loop steps allowed between two decisions", k.span)
        item = element_of(given) if base_of(given) in ("zone", "list") else "any"
        return f"list:list:{item}" if item != "any" else "list:list"

    def disjoint_choices(self, arg, given: str) -> str:
        """`disjoint(xs)`: xs a list (or a zone) whose items are lists or zones, the groups to choose among (E674
        otherwise, with the hint of what makes such a list); a list of choices, each a list of xs's items."""
        item = element_of(given) if base_of(given) in ("zone", "list") else given
        if base_of(given) not in ("list", "any") or base_of(item) not in ("list", "zone", "any"):
            hint = ("the groups are lists: 'disjoint(gather(k in 3..4, subsets(hand, k)))' chooses among the "
                    "sets of 3 and 4 cards of a hand") if base_of(given) in ("zone", "list") else \
                "give it a list of groups, each a list or a zone"
            self.err("E674", f"disjoint(xs) chooses among groups that share no item, and {printed(arg)} is "
                     f"{article(words(given))}, not a list of lists", arg.span, hint)
            return "list:list"
        return f"list:{given}" if item != "any" else "list:list"

    def shape_ways(self, func: str, arg, given: str) -> str:
        """`turns(shape)`, `orientations(shape)`: a shape is a list of cells, each a record of two whole-number
        fields (E517 for what is no list of records, E518 for a record of other fields); a list of such lists."""
        cell = element_of(given) if base_of(given) == "list" else None
        if base_of(given) == "any" or cell == "any":
            return "list:list"
        example = f"'record at {{ x: int; y: int; }}' and '{func}([at(x = 0, y = 0), at(x = 1, y = 0)])'"
        if cell is None or base_of(cell) != "record":
            self.err("E517", f"{func}() takes a shape, a list of cells (records of two whole numbers), not "
                     f"{article(words(given))}", arg.span, f"a shape lists its cells: {example}")
            return "list:list"
        record = self.sym.decls.get(cell.partition(":")[2])
        fields = record.fields if isinstance(record, A.Record) else ()
        amiss = [f for f in fields if not (f.type == "int" and f.of is None and f.within is None)]
        if len(fields) != 2 or amiss:
            why = (f"field {amiss[0].name!r} is {article(words(self.declared(amiss[0].type) if amiss[0].of is None else 'list'))}"
                   + (" (a range: a turned cell may fall outside it)" if amiss[0].within is not None else "")
                   if amiss and len(fields) == 2 else f"it has {len(fields)} field{'s' if len(fields) != 1 else ''}")
            self.err("E518", f"{func}() turns cells of two whole numbers (across, then down); {record.name if record else cell} "
                     f"is no such record: {why}", arg.span, f"declare the cells so: {example}")
        for written in self.written_shapes(arg, cell.partition(":")[2]):
            seen: dict = {}
            for item in written.items:
                key = (item.record, tuple(sorted((v.name, printed(v.value)) for v in item.fields))
                       ) if type(item) is A.Construct else printed(item)   # `at(y = 0, x = 0)` is `at(x = 0, y = 0)`
                if key in seen and not any(d.code == "W512" and d.span == item.span for d in self.diags):   # a card's: once
                    self.diags.append(Diagnostic("W512", f"the shape {printed(written)} lists the cell {printed(item)} "
                                                 f"twice: a shape covers each square once, so {func}() counts it once",
                                                 item.span, "leave out the second, or fix its numbers"))
                if key in seen:
                    break
                seen[key] = item
        return f"list:list:{cell}"

    def written_shapes(self, arg, record: str) -> list:
        """The shapes written out that a `turns`/`orientations` argument may be: the list itself (`[at(x = 0, y =
        0), ...]`), or each card's list for a kind's field of cells (`p.shape`)."""
        if type(arg) is A.ListLit:
            return [arg]
        if type(arg) is not A.Attr:
            return []
        kinds = {k.name for k in self.sym.decls.values() if type(k) is A.Kind
                 and any(f.name == arg.name and f.of == record for f in k.fields)}
        return [v.value for d in self.sym.decls.values() if type(d) is A.Entity and d.kind in kinds
                for v in d.values if type(v) is A.FieldValue and v.name == arg.name and type(v.value) is A.ListLit]

    def distinct(self, arg, given: str, scope: Scope) -> str:
        """`distinct(xs)`: a list (or a zone's items) without its repeated values; E303 for anything else,
        W460 for what never holds a value twice (a zone: a card is in one place at a time; an enum's members, a
        record's or a kind's values, the players, a range of numbers, a list already made distinct)."""
        if base_of(given) not in ("zone", "list", "any"):
            self.err("E303", f"distinct() takes a list or a zone, not {article(words(given))}", arg.span,
                     "a value is already one value: distinct() drops the repeats of a list" if base_of(given) != "int"
                     else "the numbers from 1 to n are 1..n, each once already")
        never = None
        if base_of(given) == "zone":
            never = "a zone holds each card once (a card is in one place at a time)"
        elif type(arg) is A.Name and arg.id not in scope.locals:
            cat = self.sym.category(arg.id)
            never = {"enum": f"{arg.id} is the list of its members, each once",
                     "record": f"{arg.id} is the list of its values, each once",
                     "kind": f"{arg.id} is the list of its cards, each once"}.get(cat)
            if never is None and arg.id in BUILTIN_DOMAINS and fits(element_of(given), "player"):
                never = f"{arg.id} names each player once"
        elif type(arg) is A.Range:
            never = "a range holds each number once"
        elif type(arg) is A.Call and arg.func == "distinct":
            never = "the list is distinct already"
        if never is not None:
            self.diags.append(Diagnostic("W460", f"distinct({printed(arg)}) is {printed(arg)} itself: {never}",
                                         arg.span, f"write {printed(arg)}"))
        return f"list:{element_of(given)}" if element_of(given) != "any" else "list"

    def proc_in_expression(self, e: A.Call, decl: A.Proc, scope: Scope) -> str:
        """A proc called in an expression: run where an `if`, `else if` or `while` condition may run
        it (deciding_condition); E396 where the condition is read without running effects (a func,
        a `where` filter, an option's guard, a trigger's `while`), E397 elsewhere in such a
        condition, E301 in any other expression."""
        func, span = e.func, e.span
        if id(e) in self.runs_here:
            return self.given(e, scope)
        hint = f"a proc with a result type gives it to a local: 'let x = {func}(...);'"
        why = self.no_effects.get(id(e))
        if why is not None:
            # in a `where` filter, a call reading the candidate (or another local) cannot be worked out before
            per_candidate = why == LISTED_WHY[("where", None)] and any(
                type(n) is A.Name and (n.id == "it" or n.id in scope.locals) for a in e.args for n in A.walk(a))
            self.err("E396", f"{func!r} is a proc, which may decide or change the game: it cannot run here, where "
                     f"no effect may run ({why})", span, "a func cannot run it: call the proc from a proc's "
                     "'if' or 'let'" if why == FUNC_WHY else f"test each candidate in the loop's body instead: "
                     f"'for each x in ... {{ let ok = {func}(x); if ok {{ ... }} }}'" if per_candidate
                     else DECLARED_HINT.get(why, hint + " before, and test x here"))
        elif self.in_deciding:
            self.err("E397", f"{func!r} is a proc: a condition runs it only as the condition itself or as an "
                     f"operand of 'and', 'or', 'not', a comparison or arithmetic, not inside another expression "
                     f"(an argument, an aggregate, 'if ... then ... else')", span, hint + " before the 'if'")
        else:
            self.err("E301", f"{func!r} is a proc, not a function: a proc may decide, so it cannot be part of an "
                     f"expression (except the condition of 'if', 'else if' or 'while')", span, hint)
        self.used.add(func)
        for a in e.args:
            self.expr(a, scope)
        return "any"

    def visit_Aggregate(self, e: A.Aggregate, scope: Scope) -> str:
        inner = self.bind(scope, e.var, e.span, self.domain(e.domain, scope))
        if e.where is not None:
            self.condition(e.where, inner)
            inner = self.narrowed(e.where, inner)   # `first(c in hand where c is advanced)`: an advanced
        numeric = e.op in ("total", "highest", "lowest", "top", "bottom")
        if e.op == "gather":
            return self.gathered(e, inner)
        if e.value is not None:
            if e.op in ("top", "bottom"):   # a number, a member (by its place in its enum), a list of those
                kind = self.expr(e.value, inner)
                if self.ranked(e.value, kind) is None and base_of(kind) == "list":
                    self.key_error(f"{e.op}(...)", e.value, kind)
                elif self.ranked(e.value, kind) is None:
                    self.amount_error(e.value, kind)
            elif e.op in ("highest", "lowest"):   # a number, or a list of numbers: the best of them is the result
                kind = self.expr(e.value, inner)
                if base_of(kind) == "list" and self.ranks_as(kind) == "list" and \
                        self.enum_members(element_of(kind)) is None:
                    self.sym.list_keys.add(id(e))   # over no element: the empty list
                    return kind
                if base_of(kind) == "list":
                    self.err("E531", f"{e.op}(...) gives the {'highest' if e.op == 'highest' else 'lowest'} value, a "
                             f"number or a list of numbers ranked item by item, and {printed(e.value)} is "
                             f"{article(words(kind))}", e.value.span,
                             f"'{'top' if e.op == 'highest' else 'bottom'}({e.var} in ..., KEY)' gives the element "
                             "with the best key, a member's place counted")
                    return "any"
                elif not is_number(kind):
                    self.amount_error(e.value, kind)
                elif kind == "decimal":
                    return "decimal"
            elif numeric:   # total(): of decimals, a decimal
                kind = self.expr(e.value, inner)
                if kind == "decimal":
                    return "decimal"
                if not fits(kind, "int"):
                    self.amount_error(e.value, kind)
            elif e.op in ("some", "every"):
                self.condition(e.value, inner)
            else:
                self.expr(e.value, inner)
        elif numeric:
            self.err("E302", f"{e.op}(...) needs a number for each element: {e.op}(x in D, x.value)", e.span)
        if e.op in ("some", "every") and e.value is None and e.where is None:
            self.err("E302", f"{e.op}(...) needs a condition: {e.op}(x in D where ...)", e.span)
        if e.op in ("first", "top", "bottom"):   # an element of the domain (or none)
            return self.local_type(e.var, inner)
        return "int" if e.op == "count" or numeric else "bool"

    def visit_Sorted(self, e: A.Sorted, scope: Scope) -> str:
        """`sorted(x in D [where C], most KEY then ...)`: a list of D's elements; each key a number."""
        inner = self.bind(scope, e.var, e.span, self.domain(e.domain, scope))
        if e.where is not None:
            self.condition(e.where, inner)
            inner = self.narrowed(e.where, inner)
        for key in e.keys:
            kind = self.expr(key, inner)
            if self.ranked(key, kind) is None:   # a member: by its enum's order; a list: item by item
                self.key_error("sorted(...)", key, kind)
        element = self.local_type(e.var, inner)
        return f"list:{element}" if element != "any" else "list"

    def visit_Network(self, e: A.Network, scope: Scope) -> str:
        """`connects(r in EDGES [where C], END1, END2, FROM, TO)`: a bool; `longest_path(r in EDGES
        [where C], END1, END2[, LENGTH])`: an int; `shortest_path(..., END1, END2, FROM, TO[, LENGTH])`:
        an int (or none); `reachable(..., END1, END2, FROM)`: a list of places. The ends (and FROM, TO,
        read outside the binder, a place or a list or zone of them where a search starts from a set)
        of one type; LENGTH a number."""
        inner = self.bind(scope, e.var, e.span, self.domain(e.domain, scope))
        if e.where is not None:
            self.condition(e.where, inner)
        places, weighted = A.NETWORK_ARGS[e.op]
        if len(e.ends) < 2 or len(e.args) < places or len(e.args) > places + weighted:
            self.err("E302", f"{e.op}(...) takes {NETWORK_SHAPES[e.op]}", e.span)
        ends = [(x, self.expr(x, inner)) for x in e.ends]
        for x in e.places():   # a search starts from (or ends at) any of a list's or a zone's places
            ends += self.searched_from(x, scope)
        if e.length() is not None:
            self.amount(e.length(), inner)
        place = self.places_of(e.op, ends, "ends")
        if e.through is not None:   # read with its variable bound to each place, outside the edges' binder
            self.condition(e.through, self.bind(scope, e.through_var, e.span, place))
        if e.op == "reachable":
            return f"list:{place}" if place != "any" else "list"
        return "bool" if e.op == "connects" else "int"

    def places_of(self, op: str, found: list, what: str) -> str:
        """The type of the places of a search (`reachable`, `connects`, ...), from its (expression, type)
        places in order: each must be a place (E303: a member, a text, a number, a card, not a zone, a
        list, a condition or an effect), all of the first fitting one's type (E303); "any" when none
        fits. The one test of what a place is: a value type added later is a place if it is none of
        those (the runtime keeps places in sets: it must hash and compare by value)."""
        first = None   # the first place of a fitting type: the others must be of its type
        for x, kind in found:
            if base_of(kind) in ("zone", "list", "bool", "effect"):
                self.err("E303", f"{'an end' if what == 'ends' else 'a place'} of {op}(...) must be a place (a member, "
                         f"a name, a card, a number or a record), not {article(words(kind))}", x.span)
            elif first is None:
                first = (x, kind)
            elif self.incomparable(first[1], kind):
                self.err("E303", f"the {what} of {op}(...) must be of one type: {printed(first[0])} is "
                         f"{article(words(first[1]))}, {printed(x)} is {article(words(kind))}", x.span)
        return first[1] if first is not None else "any"

    def visit_Regions(self, e: A.Regions, scope: Scope) -> str:
        """`regions(p in DOMAIN [where COND] via NEXT)`: a list of lists of DOMAIN's elements; COND a
        condition, NEXT a list of DOMAIN's type (E536 otherwise)."""
        place = self.domain(e.domain, scope)
        inner = self.bind(scope, e.var, e.span, place)
        if e.where is not None:
            self.condition(e.where, inner)
        kind = self.expr(e.next, inner)
        if base_of(kind) not in ("list", "any"):
            self.err("E536", f"'via' takes the list of the elements next to {e.var} (a list of "
                     f"{words(place) if place != 'any' else 'elements'}), not {article(words(kind))}", e.next.span,
                     f"'regions({e.var} in {printed(e.domain)} via neighbours({e.var}))'")
        elif element_of(kind) != "any" and place != "any" and self.incomparable(place, element_of(kind)):
            self.err("E536", f"the elements of regions(...) must be of one type: {printed(e.domain)} gives "
                     f"{article(words(place))}, 'via' a list of {words(element_of(kind))}", e.next.span)
        elif not any(type(n) is A.Name and n.id == e.var for n in A.walk(e.next)):
            self.err("E536", f"'via {printed(e.next)}' does not read {e.var}: every element would have the same "
                     "neighbours", e.next.span, f"'via neighbours({e.var})'")
        return f"list:list:{place}" if place != "any" else "list:list"

    def visit_Flood(self, e: A.Flood, scope: Scope) -> str:
        """`reachable(p from START via NEXT [through q where PASSABLE])`: a list of places. START (read
        outside the binder) a place or a list or zone of them; NEXT, read with p bound to each place
        reached, a list of places of START's type (E303; a zone is E387: the edge form's); `via` left
        out is E386, written on another search than these two E388; NEXT that never reads p is W464.
        `connects(p from START to GOAL via NEXT ...)`: a condition, GOAL places of START's type; `to
        GOAL` left out of it is E662, written on `reachable` E663."""
        if e.op not in ("reachable", "connects"):
            self.err("E388", f"{e.op}(...) does not follow a rule of neighbours: only reachable(p from START via "
                     f"NEXT) and connects(p from START to GOAL via NEXT) do", e.span, f"{e.op}(...) goes along a "
                     f"zone of edges: '{NETWORK_SHAPES[e.op].rpartition(': ')[2]}'")
        elif e.op == "connects" and e.goal is None:
            self.err("E662", f"connects({e.var} from ...) asks whether a place is reached: say which with 'to GOAL' "
                     f"after START (the places reached, listed, are reachable(...))", e.span,
                     f"'connects({e.var} from {printed(e.start)} to GOAL via ...)'")
        elif e.op == "reachable" and e.goal is not None:
            self.err("E663", f"reachable(...) lists every place reached: 'to {printed(e.goal)}' asks whether one of "
                     f"them is reached, which is connects(...)", e.goal.span,
                     f"'connects({e.var} from {printed(e.start)} to {printed(e.goal)} via ...)'")
        found = self.searched_from(e.start, scope)
        if e.goal is not None:   # START's and GOAL's places are of one type, as the edge form's FROM and TO
            found += self.searched_from(e.goal, scope)
        place = self.places_of(e.op, found, "places")
        inner = self.bind(scope, e.var, e.span, place)
        if e.next is None:
            self.err("E386", f"reachable({e.var} from ...) needs 'via NEXT': the list of the places next to {e.var}, "
                     f"read for each place reached", e.span, f"'reachable({e.var} from START via neighbours({e.var}))'")
        else:
            kind = self.expr(e.next, inner)
            if base_of(kind) == "zone":
                self.err("E387", f"'via' takes the list of the places next to {e.var}, not a zone: a zone of edges "
                         f"(cards naming their two ends) is searched with the edge form", e.next.span,
                         f"'reachable(r in {printed(e.next)}, r.a, r.b, {printed(e.start)})'")
            elif base_of(kind) not in ("list", "any"):
                self.err("E303", f"'via' takes the list of the places next to {e.var} (a list of "
                         f"{words(place) if place != 'any' else 'places'}), not {article(words(kind))}", e.next.span,
                         f"a list: '[{printed(e.next)}]'" if place != "any" and not self.incomparable(place, kind)
                         else None)
            elif element_of(kind) != "any" and place != "any" and self.incomparable(place, element_of(kind)):
                self.err("E303", f"the places of reachable(...) must be of one type: {printed(e.start)} gives "
                         f"{article(words(place))}, 'via' a list of {words(element_of(kind))}", e.next.span)
            elif not any(type(n) is A.Name and n.id == e.var for n in A.walk(e.next)):
                self.diags.append(Diagnostic(
                    "W464", f"'via {printed(e.next)}' does not read {e.var}: every place reached has the same "
                    "neighbours, so this is START and that list", e.next.span,
                    f"the places next to {e.var} read {e.var}: 'via neighbours({e.var})'; a zone of edges is "
                    "searched with 'reachable(r in EDGES, r.a, r.b, FROM)'"))
        if e.through is not None:
            self.condition(e.through, self.bind(scope, e.through_var, e.span, place))
        if e.op == "connects":
            return "bool"
        return f"list:{place}" if place != "any" else "list"

    def searched_from(self, x, scope: Scope) -> list:
        """(expression, type) of each place a search starts from (or ends at), read outside its binder:
        a list literal's items each; a list's or zone's elements; otherwise the one place."""
        if type(x) is A.ListLit:   # `[ash, "x"]`: each element is a place, checked where it stands
            return [(item, self.expr(item, scope)) for item in x.items]
        kind = self.expr(x, scope)
        return [(x, element_of(kind) if base_of(kind) in ("zone", "list") else kind)]

    def gathered(self, e: A.Aggregate, inner: Scope) -> str:
        """`gather(x in D [where C], ZONE_OR_LIST)`: a list of the zones' or lists' elements."""
        if e.value is None:
            self.err("E302", "gather(...) needs a zone or a list for each element: gather(p in D, p.hand)", e.span)
            return "list"
        kind = self.expr(e.value, inner)
        if base_of(kind) not in ("zone", "list", "any"):
            self.err("E303", f"gather(...) joins zones or lists, not {article(words(kind))}: give a zone or a list "
                     "for each element", e.value.span)
            return "list"
        element = element_of(kind)
        return f"list:{element}" if element != "any" else "list"

    # ------------------------------------------------------------------ lints
    def _lint_recursion(self) -> None:
        """W411: a proc or func that, on every path, calls itself (directly or through others that
        also always call on) never ends. Overrides that call themselves have W407."""
        overriding = {id(decl) for decl, _old in self.sym.overrides}
        always = {}   # name -> the call nodes its proc or func always reaches
        for name, decl in self.sym.decls.items():
            if isinstance(decl, A.Func):
                always[name] = calls_always_made(decl.value)
            elif isinstance(decl, A.Proc):
                always[name] = calls_always_reached(decl.body)

        def leads_back(start: str, target: str) -> bool:
            seen, todo = set(), [start]
            while todo:
                name = todo.pop()
                if name == target:
                    return True
                if name not in seen:
                    seen.add(name)
                    todo += [called(c) for c in always.get(name, ())]
            return False

        for name, calls in always.items():
            if id(self.sym.decls[name]) in overriding or getattr(self.sym.decls[name], "once_per", None):
                continue   # (a `once per` proc's chain ends when it meets values it visited: 3.12a)
            hit = next((c for c in calls if leads_back(called(c), name)), None)
            if hit is not None:
                through = f" (through {called(hit)!r})" if called(hit) != name else ""
                self.diags.append(Diagnostic("W411", f"{name!r} calls itself every time it runs{through}, so it "
                                             "never ends", hit.span,
                                             "make the call depend on a condition that becomes false"))

    def _lint_modifiers_replacing_the_kinds(self) -> None:
        """W607: a card's own `modifier ACTION in ZONE` (7.7b) takes the place of its kind's modifier of the same
        name (a slot is named by its action and zones), so the kind's lines no longer apply to that card: a rule
        written for every card (Magic's +1/+1 counters, `value +this.plus;`) is silently lost on the few cards
        that add a modifier of their own (a lord's "+1/+1 to the others"). At the card's modifier, with a note
        at the kind's. Not for a card the kind's `while` never holds for (worked out from what the card is printed
        with, as W544's), nor for a card whose modifier reads again every field of the copy the kind's reads
        (`this.plus`: it restates the kind's lines, or replaces them on purpose)."""
        unset = None
        for decl in self.sym.decls.values():
            if isinstance(decl, A.Kind):
                self._also_of_a_kind(decl)
            elif isinstance(decl, A.Entity) and decl.name in self.sym.roles:
                self._also_of_a_role(decl)
            kind = self.sym.decls.get(decl.kind) if isinstance(decl, A.Entity) else None
            if not isinstance(kind, A.Kind):
                continue
            kinds = {s.name: s for s in kind.slots if type(s) is A.HeldModifier}
            for slot in decl.effects:
                if type(slot) is A.HeldModifier and slot.also and slot not in kind.slots and decl.name not in self.sym.roles:
                    self._also_beside_nothing(decl, kind, slot, kinds)
                theirs = kinds.get(slot.name) if type(slot) is A.HeldModifier else None
                if theirs is None or theirs is slot or own_fields(theirs) <= own_fields(slot):
                    continue
                unset = set_fields(self.sym) if unset is None else unset
                try:
                    if all(never_runs(theirs, decl.name, copy_fields(decl, kind, i, self.sym), self.sym, unset)
                           for i in range(1, max(decl.copies, 1) + 1)):
                        continue
                except A.NotConstant:
                    pass
                self.diags.append(Diagnostic(
                    "W607", f"this modifier takes the place of kind {kind.name!r}'s {slot.name!r} for card "
                    f"{decl.name!r}: the kind's lines no longer apply to it", slot.span,
                    "a card's slot replaces its kind's of the same name (its action and zones): write 'also' after "
                    f"the zones ('modifier ... in {', '.join(slot.zones)} also ...') to keep the kind's in force beside "
                    "this one, or write the kind's lines in this modifier too",
                    notes=(f"the kind's modifier is at {theirs.span}",)))

    def _also_of_a_kind(self, kind: A.Kind) -> None:
        """E625: `also` on a kind's own modifier, which has no kind's modifier to be in force beside."""
        for slot in kind.slots:
            if type(slot) is A.HeldModifier and slot.also:
                self.err("E625", f"'also' keeps a card's modifier beside its kind's of the same action and zones; "
                         f"this is kind {kind.name!r}'s own, which every card of it has already", slot.span,
                         "leave 'also' out here, and write it on a card's modifier that adds to this one")

    def _also_of_a_role(self, role: A.Entity) -> None:
        """E648: `also` on a role's modifier. A role has no kind whose modifiers it could replace: its modifier is
        in force beside every other of the action (the pack's, a card's, another role's), so there is nothing to keep."""
        for slot in role.effects:
            if type(slot) is A.HeldModifier and slot.also:
                self.err("E648", f"'also' keeps a card's modifier beside its kind's of the same action; role "
                         f"{role.name!r}'s modifier replaces no other, and is in force beside every modifier of "
                         f"{slot.modifier.pattern.event!r} (the pack's, the cards', another role's) already", slot.span,
                         "leave 'also' out")

    def _also_beside_nothing(self, card: A.Entity, kind: A.Kind, slot: A.HeldModifier, kinds: dict) -> None:
        """W617: a card's `modifier ACTION in ZONE also` whose kind has no modifier of that action and zones: the
        word changes nothing (a misspelt action or zone, or a kind's modifier since removed: by an amend of the kind,
        or by one of the card, `remove modifier ACTION in ZONE;`, which drops the kind's for it alone)."""
        plain = A.HeldModifier.slot_name(slot.modifier.pattern.event, slot.zones)
        if plain in kinds and plain in self.sym.dropped_slots.get(card.name, ()):
            removal = next((at for words, at in self.sym.removed_from.get(("decl", card.name), ())
                            if words.endswith(repr(plain))), None)
            self.diags.append(Diagnostic(
                "W617", f"'also' keeps card {card.name!r}'s modifier beside kind {kind.name!r}'s {plain!r}, and an "
                f"amend of the card removes that one for it: the word changes nothing", slot.span,
                "leave 'also' out (this modifier is the card's only one of the action), or keep the kind's: drop "
                f"the 'remove {plain};'", notes=(f"the kind's modifier is removed for {card.name!r} at {removal}",)
                if removal is not None else ()))
            return
        if plain in kinds:
            return
        self.diags.append(Diagnostic(
            "W617", f"'also' keeps card {card.name!r}'s modifier beside kind {kind.name!r}'s {plain!r}, and the kind "
            "has no such modifier: the word changes nothing", slot.span,
            f"the kind's modifiers are {', '.join(repr(s) for s in kinds)}" if kinds else
            "leave 'also' out, or give the kind the modifier this one adds to"))

    def _lint_slots_never_run(self) -> None:
        """W544: an `anytime` slot or reaction whose `when` (`while`) is false whatever happens for every card
        that has it (`layout.never_runs`: the card's fields no rule sets, funcs read through): it is never
        offered, never fires. A kind's slot that some of its cards can use is no finding (`cover` and
        `simulate` leave it out of the others' rules: Program.idle). At the condition."""
        unset = set_fields(self.sym)
        found: dict = {}   # id of the slot's node -> [the slot, the cards that have it, whether it runs for none]
        for decl in self.sym.decls.values():
            kind = self.sym.decls.get(decl.kind) if isinstance(decl, A.Entity) else None
            if not isinstance(kind, A.Kind):
                continue
            for slot in decl.effects:
                if type(slot) not in (A.Anytime, A.Reaction) or slot.when is None:
                    continue
                entry = found.setdefault(id(slot), [slot, [], True])
                entry[1].append(decl.name)
                try:
                    entry[2] = entry[2] and all(never_runs(slot, decl.name, copy_fields(decl, kind, i, self.sym),
                                                           self.sym, unset) for i in range(1, max(decl.copies, 1) + 1))
                except A.NotConstant:   # a field value not known before play (E-coded where it is written)
                    entry[2] = False
        for slot, cards, never in found.values():
            if never:
                what = "reaction" if type(slot) is A.Reaction else "'anytime' slot"
                whose = f"card {cards[0]!r}" if len(cards) == 1 else f"any of the {len(cards)} cards that have it"
                self.diags.append(Diagnostic(
                    "W544", f"this {what} never runs: its condition is false for {whose}, whatever happens",
                    slot.when.span, "the condition is worked out from what each card is printed with (its fields no "
                    "rule sets): give the slot only to the cards that can use it, or correct the condition"))

    def _lint_field_cycles(self) -> None:
        """W411: computed fields that read each other in a cycle (`a = g1.b + 1;` and `b = g1.a + 1;`),
        directly or through funcs they call: working one out works it out again for the same reader and
        the same game, so once the cycle is entered it never ends. A cycle through a read made for
        another player (`a = g1.b(left);`, `a = left.f();`) is followed only where every read of it is
        always made (`always_evaluated`: not under `if`, a `match` case, the right of `and`/`or`, an
        aggregate's value): each working out then always starts the next, without end, whoever reads;
        one read sometimes may be skipped for the player it comes round to (`if you == first_player`).
        Reads the checker cannot tie to one card (`c.worth` for a card `c` of a loop) are not followed;
        play stops on those with E602. A field that reads itself through `this` is `reads_itself`'s."""
        computed = {d.name: {f.name: f for f in d.fields if f.computed}
                    for d in self.sym.decls.values() if isinstance(d, A.Kind)}
        same: dict = {}     # node -> [(node read, the read)] for the same reader; a node is (card, field) or a func
        always: dict = {}   # the same, of the reads always made, for any player; one for another player goes
                            # through a node of its own, ("for", the read), so that a ring can be made to pass it

        def card_field(obj, name: str, this):
            card = this if type(obj) is A.Name and obj.id == "this" else (
                self.sym.decls.get(obj.id) if type(obj) is A.Name else None)
            if isinstance(card, A.Entity) and name in computed.get(card.kind, {}):
                return (card.name, name)
            return None

        def reads(expr, this) -> list:
            """(node read, the read, whether it is made for another player) of each read in `expr`."""
            found = []
            for n in A.walk(expr):
                target, other = None, False
                if type(n) is A.Attr:
                    target = card_field(n.obj, n.name, this)
                elif type(n) is A.Method:
                    target = card_field(n.obj, n.name, this) if len(n.args) == 1 else None   # `c.worth(p)`
                    if target is not None:
                        other = type(n.args[0]) is not A.You
                    elif isinstance(self.sym.decls.get(n.name), A.Func) and card_field(n.obj, n.name, this) is None:
                        target, other = n.name, type(n.obj) is not A.You   # `p.f()`: f for p
                elif type(n) is A.Call and isinstance(self.sym.decls.get(n.func), A.Func):
                    target = n.func
                if target is not None:
                    found.append((target, n, other))
            return found

        def add(node, value, this, skip=lambda read: False) -> None:
            made = {id(n) for n in always_evaluated(value)}
            found = [(t, n, other) for t, n, other in reads(value, this) if not skip(n)]
            same[node] = [(t, n) for t, n, other in found if not other]
            always[node] = [(t, n) if not other else (("for", n), n) for t, n, other in found if id(n) in made]
            always.update({("for", n): [(t, n)] for t, n, other in found if other and id(n) in made})

        for name, decl in self.sym.decls.items():
            if isinstance(decl, A.Func):
                add(name, decl.value, None)
            elif isinstance(decl, A.Entity) and computed.get(decl.kind):
                given = {v.name: v.value for v in decl.values if isinstance(v, A.FieldValue)}
                for fname, f in computed[decl.kind].items():
                    value = given.get(fname, f.default)
                    if value is None or isinstance(value, A.MemberMap):
                        continue
                    add((decl.name, fname), value, decl, lambda n, here=fname: (   # reads_itself warns of
                        type(n) is A.Attr and n.name == here and type(n.obj) is A.Name and n.obj.id == "this"))

        def label(node) -> str:
            return f"{node[0]}.{node[1]}" if isinstance(node, tuple) else f"{node}()"

        def step(target, read) -> str:
            """How a ring tells a read: `reads g1.b`, `calls f()`, `reads g1.b for left` (for another player)."""
            verb = "reads" if isinstance(target, tuple) else "calls"
            whom = None
            if type(read) is A.Method:
                whom = read.args[0] if isinstance(target, tuple) else read.obj
            return f"{verb} {label(target)}" + (f" for {printed(whom)}" if whom is not None and type(whom) is not A.You
                                                 else "")

        def via(node) -> bool:
            return isinstance(node, tuple) and node[0] == "for" and not isinstance(node[1], str)

        def joined(ring: list) -> list:
            """A ring of `always` as the reads it makes: from the node that makes its first read for another
            player, each ("for", read) node joined to the read into it."""
            out = []
            for s, t, r in ring[-1:] + ring[:-1]:
                if via(s):
                    out[-1] = (out[-1][0], t, r)
                else:
                    out.append((s, t, r))
            return out

        rings = _cycles(same, first=lambda node: isinstance(node, tuple))
        for ring in map(joined, _cycles(always, first=via)):   # (of funcs alone: the recursion lint's W411)
            if any(isinstance(s, tuple) for s, _t, _r in ring):
                rings.append(ring)
        reported = set()   # the reads of each cycle told: a kind's default expressions, once for all its cards
        for ring in rings:
            start, told = ring[0][0], frozenset((r.span.file, r.span.line, r.span.column) for _s, _t, r in ring)
            if told in reported:
                continue
            reported.add(told)
            steps = [step(t, r) for _s, t, r in ring]
            shown = steps if len(steps) <= RING_SHOWN else steps[:RING_SHOWN - 1] + [f"... ({len(steps)} reads in all)",
                                                                                    steps[-1]]
            self.diags.append(Diagnostic(
                "W411", f"{label(start)} {', which '.join(shown)}: working it out works it out again, without end",
                ring[0][2].span, "work one of them out from other fields and the game, not from the others",
                notes=tuple(f"{label(s)} {step} at {r.span}" for (s, _t, r), step in zip(ring[:RING_SHOWN], steps))))

    def _lint_copy_numbers_shown(self) -> None:
        """W466: a text shown to players (a `say`, a prompt, a label, any text with `{...}` values)
        that shows a card's `copy_number` (`say "{c.copy_number}"`), in a pack with alike copies of one
        declaration (`* N`, neither title nor fields using `copy_number`): it tells alike copies apart as nobody at the table can, so a seat follows a copy
        through a shuffle; views, screens and labels never show the number (docs/language.md 9). At
        the `copy_number`."""
        if not any(isinstance(d, A.Entity) and d.copies > 1 and not any(
                type(n) is A.Name and n.id == "copy_number" for n in A.walk(d)) for d in self.sym.decls.values()):
            return   # no copies alike (one whose title or fields use copy_number differs from the others)
        for decl in self.sym.decls.values():
            for n in A.walk(decl):
                texts = (n.parts,) if type(n) in (A.Say, A.Str) else \
                    (getattr(n, "title_parts", ()), getattr(n, "label_parts", ()))   # a prompt, a pick's label
                for part in (p for parts in texts for p in parts or ()):
                    if type(part) is str:
                        continue
                    for read in A.walk(part):
                        if type(read) is A.Attr and read.name == "copy_number":
                            self.diags.append(Diagnostic(
                                "W466", f"this text shows {printed(read)}: the copy's number tells identical "
                                "copies apart, which no player at the table can, so they could follow a copy "
                                "through a shuffle", read.span,
                                "show what players see of the card (its title, its fields); a copy that must be "
                                "told apart should differ in a field"))

    def _lint_offers(self) -> None:
        """W523: an option's `when`, a `may`'s `when` or a pick's `where` (not at random) that reads what the
        deciding player (`you`) cannot see and another player can: another player's `hidden` zone or hidden
        variable, their own zone `hidden from owner`, itself or through the funcs it calls (a func called on
        another player, `q.best()`, reads that player's). Which options are offered then tells the decider
        what they cannot see. At the read in the condition, or at the call that leads to it (the path in
        the message). How many a zone holds is public (`size(hand)`, `count(c in hand)`); a `secret` zone
        (seen by nobody: a face-down pile whose make-up players count from what came out of it, Tapestry's
        "deal from which box?" among the boxes still in the deck) is not warned about.
        W547: the `where` of a simultaneous pick that reads the picker's own `hidden` zone or hidden variable (The
        Resistance's "a spy may play Fail"): a player it leaves one candidate is not asked, the others are,
        and the table sees who was asked; not for a pick written `always asked`, which asks them all.
        W573: the same of the `where` of `first VAR in PLAYERS ... may` or of an `offer`, read for each player
        asked: one that reads that player's own hidden counter, variable or zone (Modern Art's "whoever can pay
        the price", money being secret) leaves out those it fails for, and the table sees who was asked."""
        d = self.sym.decls
        seen_as = {name: (x.visibility, x.per_player) for name, x in d.items()
                   if type(x) is A.Zone and x.visibility != "public"}
        seen_as.update({name: ("hidden", True) for name, x in d.items() if A.kept_hidden(x)})
        veiled = {name for name, r in self.sym.roles.items() if r.hidden}   # who holds one is the holder's to know
        if not seen_as and not veiled:
            return
        funcs = {name: x for name, x in d.items() if type(x) is A.Func}
        memo: dict = {}

        def whose(name: str, own: bool, from_others: bool) -> Optional[str]:
            """What a read of `name` held by the decider (`own`) or by another player hides from the decider, or
            (`from_others`) what a read of the decider's own hides from the other players."""
            vis, per_player = seen_as[name]
            kind = {A.Var: "variable", A.Counter: "counter"}.get(type(d[name]), "zone")
            if from_others:
                return f"the picker's own hidden {kind} {name!r}" if own and per_player and vis == "hidden" else None
            if vis == "secret":   # seen by nobody: what is in a face-down pile is no one's edge (see the doc)
                return None
            if vis == A.HIDDEN_FROM_OWNER:
                return f"their own {kind} {name!r}, hidden from its owner" if own and per_player else None
            return None if own or not per_player else f"another player's hidden {kind} {name!r}"

        def leak(node, you_decides: bool, mine: frozenset, depth: int = 0, from_others: bool = False) -> Optional[tuple]:
            """(what is hidden, the node of `node` that reads it, the funcs called on the way) or None; hidden from
            the decider, or (`from_others`) from the other players."""
            stack = [node]
            while stack:
                n = stack.pop()
                t = type(n)
                if t is A.Name and n.id in seen_as and n.id not in mine:
                    found = whose(n.id, you_decides, from_others)
                    if found:
                        return found, n, ()
                elif t is A.IsKind and n.kind in veiled and n.subject is not None:   # `you is spy`: a hidden role
                    subject = n.subject
                    own = (type(subject) is A.You and you_decides) or (type(subject) is A.Name and subject.id in mine)
                    if from_others and own:
                        return f"the picker's own hidden role {n.kind!r}", n, ()
                elif t is A.Attr and n.name in seen_as:
                    obj = n.obj
                    own = (type(obj) is A.You and you_decides) or (type(obj) is A.Name and obj.id in mine)
                    found = whose(n.name, own, from_others)
                    if found:
                        return found, n, ()
                    stack.append(obj)
                    continue
                elif (t is A.Call and n.func == "size" and len(n.args) == 1) or \
                        (t is A.Aggregate and n.op == "count" and n.where is None and n.value is None) or \
                        (t is A.Aggregate and n.op in ("count", "some", "every") and not any(
                            unknowing_reads(x, n.var, self.sym) for x in (n.where, n.value) if x is not None)):
                    # (an aggregate that reads its cards only through what the decider knows, `some(c in hand,
                    # known(c.colour) and c.colour == red)`, tells them no more than how many there are)
                    if t is A.Aggregate:
                        stack.extend(x for x in (n.where, n.value) if x is not None)
                    ref = n.args[0] if t is A.Call else n.domain   # how many it holds is public: whose is read
                    while type(ref) is A.Index:
                        stack.append(ref.index)
                        ref = ref.obj
                    if type(ref) is A.Attr:
                        stack.append(ref.obj)
                    elif type(ref) is not A.Name:
                        stack.append(ref)
                    continue
                elif (t is A.Call and n.func in funcs) or (t is A.Method and n.name in funcs):
                    name = n.func if t is A.Call else n.name
                    f = funcs[name]
                    if f.value is not None and depth < 20:
                        inner_you = you_decides if t is A.Call else \
                            (type(n.obj) is A.You and you_decides) or (type(n.obj) is A.Name and n.obj.id in mine)
                        args = list(n.args)
                        decides = frozenset(p.name for p, a in zip(f.params, args)
                                            if (type(a) is A.You and you_decides) or (type(a) is A.Name and a.id in mine))
                        key = (name, inner_you, decides, from_others)
                        if key not in memo:
                            memo[key] = None   # (a recursive call: judged by the rest of the body)
                            memo[key] = leak(f.value, inner_you, decides, depth + 1, from_others)
                        if memo[key] is not None:
                            return memo[key][0], n, (name,) + memo[key][2]
                    if t is A.Method:
                        stack.append(n.obj)
                    stack.extend(n.args)
                    continue
                stack.extend(n.children())
            return None

        roots = list(d.values()) + [amend for amend, _ in self.sym.amended]
        for root in roots:
            for n in A.walk(root):
                t = type(n)
                if t is A.Simultaneous and n.pick.where is not None and not n.pick.asked:
                    found = leak(n.pick.where, True, frozenset(), from_others=True)
                    if found is not None:
                        what, at, path = found
                        through = f" (through {' -> '.join(f + '()' for f in path)})" if path else ""
                        self.diags.append(Diagnostic(
                            "W547", f"a simultaneous pick's 'where' reads {what}{through}: a player it leaves one "
                            "candidate is not asked while the others are, so the table sees who was asked and "
                            "learns what it hides", at.span,
                            "write 'always asked' before its block (everyone is asked, one candidate or more), "
                            "offer every player the same candidates and keep to the rule in the block, or make "
                            "what it reads public first"))
                asked = (n.where, frozenset((n.var,)), False) if t is A.FirstMay and n.where is not None \
                    and not n.asked else \
                    (n.where, frozenset(), True) if t is A.Offer and n.where is not None else None
                found = leak(asked[0], asked[2], asked[1], from_others=True) if asked is not None else None
                if found is not None:
                    what, at, path = found
                    through = f" (through {' -> '.join(f + '()' for f in path)})" if path else ""
                    which = f"'first {n.var} in ... may'" if t is A.FirstMay else "an offer"
                    self.diags.append(Diagnostic(
                        "W573", f"{which} asks only the players its 'where' holds for, and it reads "
                        f"{what.replace('the picker', 'the asked player')}{through}: the table sees who was asked "
                        "and learns what it hides", at.span,
                        ("write 'always asked' before its block (one it fails for is asked all the same, and may "
                         "only decline), or make what it reads public first" if t is A.FirstMay else
                         "ask every player and let one who cannot take it decline (check it in the body), or make "
                         "what it reads public first")))
                cond = n.guard if t is A.Option else n.where if t is A.Pick and not n.random else \
                    n.when if t is A.May else None
                if cond is None:
                    continue
                found = leak(cond, True, frozenset())
                if found is None:
                    continue
                what, at, path = found
                through = f" (through {' -> '.join(f + '()' for f in path)})" if path else ""
                which = "an option's 'when'" if t is A.Option else "a 'may''s 'when'" if t is A.May else "a pick's 'where'"
                self.diags.append(Diagnostic(
                    "W523", f"{which} reads {what}{through}, which the deciding player cannot see: which options are "
                    "offered tells them", at.span,
                    "offer the option whatever is hidden and check it in the body, or reveal what it reads first"))

    def _lint_zone_for_another(self) -> None:
        """W615: a per-player zone passed by its bare name (the acting player's zone) to a proc that reads that
        parameter only inside an `each P` of its body, where another player acts: the zone stays the caller's
        (trial24's Magic: `leave_play(t, hand)` from the caster's Unsummon put the creature into the caster's hand)."""
        read_elsewhere: dict = {}   # proc -> {index of a zone parameter: whether it is read outside every `each`}
        for d in self.sym.decls.values():
            if type(d) is not A.Proc:
                continue
            zones = {p.name: i for i, p in enumerate(d.params) if p.type.split()[0] == "zone"}
            if not zones:
                continue
            in_each = {id(n) for e in A.walk(d) if type(e) is A.Each for x in e.body for n in A.walk(x)}
            found: dict = {}
            for n in A.walk(d):
                if type(n) is A.Name and n.id in zones:
                    found[zones[n.id]] = found.get(zones[n.id], False) or id(n) not in in_each
            only_inside = {i for i, outside in found.items() if not outside}
            if only_inside:
                read_elsewhere[d.name] = only_inside
        if not read_elsewhere:
            return
        for n in self.pack_nodes:
            if type(n) not in (A.CallStmt, A.Call) or n.func not in read_elsewhere:
                continue
            proc = self.sym.decls[n.func]
            for i in sorted(read_elsewhere[n.func]):
                arg = n.args[i] if i < len(n.args) else None
                zone = self.sym.decls.get(arg.id) if type(arg) is A.Name else None
                if isinstance(zone, A.Zone) and zone.per_player:
                    param = proc.params[i].name
                    self.diags.append(Diagnostic(
                        "W615", f"{arg.id!r} here is the acting player's {arg.id}, and {n.func}() reads {param!r} only "
                        f"inside an 'each' of its body, where another player acts: the zone stays this player's",
                        arg.span, f"pass the player (or a flag) and name the zone inside the 'each' ('move c to "
                        f"{arg.id};' there is that player's), or pass the other player's: 'p.{arg.id}'"))

    def _lint_shared_limits(self) -> None:
        """The options that share a limit (`once ... as NAME`, 4.6): E588 when they mark it with different
        periods (one take of any would close the others for a period they do not have), at each option
        that differs from the first; W582 for a limit one option alone names (it shares nothing)."""
        limits: dict = {}
        for n in self.pack_nodes:
            if type(n) is A.Option and n.limit is not None:
                limits.setdefault(n.limit, []).append(n)
        for name, options in limits.items():
            if len(options) == 1:
                near = closest(name, [other for other in limits if other != name])
                self.diags.append(Diagnostic("W582", f"only this option names the limit {name!r}: it shares it with "
                                             "no other option", options[0].span,
                                             (f"did you mean {near!r}? " if near else "") +
                                             f"name {name!r} on the other options taken within the same limit, or "
                                             f"drop 'as {name}'"))
                continue
            first = _period_words(options[0])
            for o in options[1:]:
                if _period_words(o) != first:
                    self.err("E588", f"this option marks the limit {name!r} {_period_words(o)!r}, but the option "
                             f"at line {options[0].span.line} marks it {first!r}: the options of one limit share "
                             "one period", o.span, f"write '{first} as {name}' on each option of the limit")

    def _lint_told_by_a_set(self) -> None:
        """W664: a variable every view shows set under a condition on hidden cards (compiler/hidden.py) in a branch
        that does nothing else the table sees: the variable alone tells the condition to every player."""
        if not any(type(x) is A.Zone and x.visibility != "public" or A.kept_hidden(x) for x in self.sym.decls.values()):
            return
        from .hidden import told_sets
        for node, cond in told_sets(self.sym):
            self.diags.append(Diagnostic(
                "W664", f"{node.name!r} is set only when {printed(cond)!r} holds (or fails), which reads what some player "
                "does not see, and nothing else the table sees happens there: every view shows "
                f"{node.name!r}, so it tells that condition to every player", node.span,
                "keep it a player's own, declared 'hidden' (only its holder's view shows it), or 'internal' (no "
                "view shows it), or say there what the rules tell the table ('say ...')"))

    def _lint_faces_unshown(self) -> None:
        """W640/W641/W661: a prompt's or label's value read from the faces of items seen item by item (3.9) that
        compiler/hidden.py cannot tie to the items read, so that every player, the one who sees those faces
        too, is shown it masked: through a local or a proc's parameter one of whose bindings or calls gives it a
        value no items go with (W640, at the read) or a func reading the faces of items not worked out from its
        parameters alone (W641, at the call), or a local set under a condition on faces (W661, at the read)."""
        if not any(type(x) is A.Zone and A.face_rule(x.visibility) is not None for x in self.sym.decls.values()):
            return
        from .hidden import open_values
        unshown: list = []
        open_values(self.sym, None, unshown)
        for code, node, name in unshown:
            if code == "W640":
                self.diags.append(Diagnostic(
                    "W640", f"{{{name}}} is read from faces seen item by item through {name!r}, one of whose "
                    "bindings (or, a proc's parameter, calls) gives it a value worked out otherwise from what some "
                    "player does not see (a proc's result, a func or an aggregate working out its own items): no items go with it, so every player, the one who sees the face too, is shown it "
                    "masked", node.span, "bind it from faces only ('let' and 'set' of face reads, a func of the "
                    "item's place) or from open values, or pass the item itself and read the face in the text "
                    "('{ITEM.FIELD}')"))
            elif code == "W661":
                self.diags.append(Diagnostic(
                    "W661", f"{{{name}}} is set under a condition on faces seen item by item: its value tells the "
                    "condition, and no items go with it (nothing is set when the condition fails), so every player, "
                    "the one who sees the face too, is shown it masked", node.span,
                    "read the face itself in the text ('{ITEM.FIELD}'), or ask the question inside the branch"))
            else:
                self.diags.append(Diagnostic(
                    "W641", f"{name}() reads faces seen item by item of items not worked out from its parameters "
                    "alone: every player, the one who sees the faces too, is shown its value masked", node.span,
                    f"give {name} the item or its place as a parameter (as 'func rank_at(s: int) = "
                    "first(at[s]).rank;'), or read the face in the text ('{ITEM.FIELD}')"))

    def _lint_say_unseen(self) -> None:
        """W535: a `say` (every player reads it, the holder too) naming a card of a zone `hidden from owner`
        (`{c}` of `for each c in p.hand`, `{first(p.hand)}`) or a field of it its holder does not see (not
        `shown`), at the read: the log tells the holder the face they may not see (as W518 for a variable
        declared `hidden`)."""
        d = self.sym.decls
        zones = {name for name, x in d.items() if type(x) is A.Zone and x.visibility == A.HIDDEN_FROM_OWNER}
        if not zones:
            return
        fields = {f.name: f for x in d.values() if type(x) is A.Kind for f in x.fields}
        binders = (A.ForEach, A.Pick, A.Aggregate, A.Sorted)

        def of_zone(e) -> bool:
            while type(e) is A.Index or type(e) is A.Sorted:
                e = e.obj if type(e) is A.Index else e.domain
            return (type(e) is A.Name and e.id in zones) or (type(e) is A.Attr and e.name in zones)

        roots = list(d.values()) + [amend for amend, _ in self.sym.amended]
        for root in roots:
            said = [n for n in A.walk(root) if type(n) is A.Say]
            if not said:
                continue
            bound = {n.var: n.span for n in A.walk(root) if type(n) in binders
                     and not getattr(n, "random", False) and of_zone(n.domain)}
            # a card moved, or the card or the field revealed, before the say (as written, after the card is
            # bound): "{you} plays {c}" once it is face up on the table, the clue's "{c.colour}" once told
            told = [(n.span, n.item) for n in A.walk(root) if type(n) in (A.Move, A.Reveal)]

            def shown_before(var: str, field: Optional[str], at) -> bool:
                return any((bound[var].line, bound[var].column) < (span.line, span.column) < (at.line, at.column)
                           and ((type(item) is A.Name and item.id == var) or (
                               field is not None and type(item) is A.Attr and item.name == field
                               and type(item.obj) is A.Name and item.obj.id == var))
                           for span, item in told)

            for say in said:
                for part in (p for p in say.parts if not isinstance(p, str)):
                    found = None
                    if (type(part) is A.Name and part.id in bound and not shown_before(part.id, None, say.span)) \
                            or (type(part) is A.Index and of_zone(part)) \
                            or (type(part) is A.Call and part.func in ("first", "last") and part.args
                                and of_zone(part.args[0])):
                        found = part
                    elif type(part) is A.Attr and type(part.obj) is A.Name and part.obj.id in bound \
                            and part.name in fields and not fields[part.name].shown \
                            and not shown_before(part.obj.id, part.name, say.span):
                        found = part
                    if found is not None:
                        self.diags.append(Diagnostic(
                            "W535", f"this 'say' names {printed(found)!r}, of a hand hidden from its owner: every player "
                            "reads the message, its holder too, who may not see it", found.span,
                            "name its place instead ('card {i}' of 'for each i in 1..size(p.hand)'), or tell the "
                            "holder's fellows with 'reveal c.FIELD to ...'"))
                        break

    def _lint_internal(self) -> None:
        """W518: a `say` (every player reads it) showing a variable declared `hidden` (its holder's alone), at the
        read. A variable declared `internal` (bookkeeping kept off the players' screens and views, 11 play)
        that players must see after all. W504: a text shown to players (a `say`, a prompt, a label,
        any text with `{...}` values) shows it, at the read. W505: the winner line reads it, itself or
        through the funcs it calls: what decides the game would be hidden from the table, at the
        variable's declaration."""
        hidden = {name for name, d in self.sym.decls.items() if A.kept_hidden(d)}
        for said in (n for n in self.pack_nodes if type(n) is A.Say):
            for read in (r for p in said.parts if type(p) is not str for r in A.walk(p)
                         if type(r) is A.Name and r.id in hidden or type(r) is A.Attr and r.name in hidden):
                name = read.id if type(read) is A.Name else read.name
                self.diags.append(Diagnostic(
                    "W518", f"this 'say' shows {name!r}, which is declared 'hidden': every player reads the message",
                    read.span, f"reveal it on purpose by setting a variable that is not hidden, or say it without {name!r}"))
        internal = {name for name, d in self.sym.decls.items() if A.kept_internal(d)}
        if not internal:
            return

        def reads(node) -> list:
            return [n for n in A.walk(node) if type(n) is A.Name and n.id in internal]

        for decl in self.sym.decls.values():
            for n in A.walk(decl):
                texts = (n.parts,) if type(n) in (A.Say, A.Str) else \
                    (getattr(n, "title_parts", ()), getattr(n, "label_parts", ()))   # a prompt, a pick's label
                for read in (r for parts in texts for p in parts or () if type(p) is not str for r in reads(p)):
                    self.diags.append(Diagnostic(
                        "W504", f"this text shows {read.id!r}, which is declared 'internal': players read its value "
                        "here but no screen shows it", read.span,
                        f"drop 'internal' from {read.id!r}, or show the players something else"))
        game = self.sym.game
        if game is None or game.winner is None:
            return
        seen: dict = {}   # the internal variables the winner line reads -> where, through the funcs it calls
        todo, called = [game.winner], set()
        while todo:
            node = todo.pop()
            for n in A.walk(node):
                if type(n) is A.Name and n.id in internal:
                    seen.setdefault(n.id, n.span)
                elif type(n) is A.Call and n.func not in called and isinstance(self.sym.decls.get(n.func), A.Func):
                    called.add(n.func)
                    todo.append(self.sym.decls[n.func])
        for name, at in seen.items():
            decl = self.sym.decls[name]
            self.diags.append(Diagnostic(
                "W505", f"{'counter' if type(decl) is A.Counter else 'variable'} {name!r} is declared 'internal', but "
                "the winner line reads it: what decides the "
                "game would be kept off the players' screens", self.at_decl(decl),
                f"drop 'internal' from {name!r}: players should see what the game is won by",
                notes=(f"read at {at}",)))

    def _lint_endings(self) -> None:
        """E641: a game without a winner line (every ending named by `end game won by` / `lost by` / `drawn`, 4.24b) that
        can end otherwise: its play phase can run to its end, or some `end game;` / `end game after` ends
        it, and the final phase does not name the outcome on every path. W626: a winner line whose main key
        is a counter set only right before `end game` (a flag feeding the line: `end game won by` says it)."""
        game = self.sym.game
        if game is None:
            return
        if game.winner is None:
            if not any(type(n) is A.EndGame and n.named for n in self.pack_nodes):
                return   # nothing names an outcome at all: E304, from the game's visit
            # (the `while` of a `while true` is left only by `end game`: a plain one is among `plain`)
            plain = next((n for n in self.pack_nodes if type(n) is A.EndAfter
                          or type(n) is A.EndGame and not n.named), None)
            finishes = Flow(self.sym, self.complete, False).falls(game.played())
            final = Flow(self.sym, self.complete, False, sudden=True).falls(game.final)
            if final is not None and (plain is not None or finishes is not None):
                ends = f"end game after {plain.label}" if type(plain) is A.EndAfter else "end game"
                how = f"the '{ends};' at {plain.span} ends it" if plain is not None else \
                    "its play phase can run to its end"
                self.err("E641", f"game {game.name!r} has no winner line, so every ending must name its outcome "
                         f"('end game won by', 'lost by' or 'drawn'), but {how} and the final phase does not name one "
                         "on every path", self.at_decl(game),
                         "name the outcome where it ends: 'end game won by P;' in the final phase ('end game "
                         "drawn;' for a draw), or give the game a winner line ('winner most KEY;')")
            return
        if game.winner.together or type(game.winner.key) is not A.Name:
            return
        flag = game.winner.key.id
        if type(self.sym.decls.get(flag)) is not A.Counter:
            return
        # every statement naming it as what it changes (a `reset`, a `lose`, a `share` as well: any of them
        # not followed by an ending, or another kind than gain and set, and it is no mere flag)
        writers = [n for n in self.pack_nodes if isinstance(n, A.Stmt)
                   and flag in (getattr(n, "resource", None), getattr(n, "name", None))]
        ends = sum(type(n) in (A.EndGame, A.EndAfter) for n in self.pack_nodes)
        if not writers or len(writers) > ends or any(type(w) not in (A.Gain, A.SetName, A.SetAttr) for w in writers):
            return   # (most winner keys: a score, gained in more places than the game ends, and lost)
        ending = set()   # the writers a block follows at once with an ending
        for n in self.pack_nodes:
            for name in type(n)._fields:
                block = getattr(n, name)
                if isinstance(block, tuple):
                    ending.update(id(s) for s, after in zip(block, block[1:])
                                  if type(after) in (A.EndGame, A.EndAfter))
        if all(id(w) in ending for w in writers):
            self.diags.append(Diagnostic(
                "W626", f"the winner line ranks by {flag!r}, which is set only right before 'end game': a flag "
                "that says who won", game.winner.key.span,
                f"say it where the game ends ('end game won by you;', or 'lost by'), then drop {flag!r}; a game "
                "whose every ending names its outcome needs no winner line",
                notes=tuple(f"set at {w.span}" for w in writers[:3])))

    def _lint_returns(self) -> None:
        """W414: a proc with a result type whose body can reach its end without `return` (it then
        gives none), at the statement the path goes on past, or at the proc's closing brace."""
        flow = Flow(self.sym, self.complete)
        for name, decl in self.sym.decls.items():
            if not isinstance(decl, A.Proc) or decl.returns is None or name.endswith(".base"):
                continue
            fall = flow.falls(decl.body)
            if fall is None:
                continue
            gives = f"{self.called(decl.name)} gives {article(words(self.declared(decl.returns)))}, but"
            if fall.when is not None:
                self.diags.append(Diagnostic("W414", f"{gives} {fall.when}, it reaches its end without 'return' "
                                             "and gives none", fall.node.span, fall.hint))
            elif fall.node is not None and fall.node is not decl.body[-1]:
                self.diags.append(Diagnostic("W414", f"{gives} after this statement it goes on to its end without "
                                             "'return' and gives none", fall.node.span, fall.hint))
            else:
                end = decl.span
                self.diags.append(Diagnostic("W414", f"{gives} it can reach its end without 'return' and then "
                                             "gives none", A.Span(end.file, end.end_line, end.end_column - 1,
                                                                   end.end_line, end.end_column),
                                             "add 'return ...;' at the end" + NONE_MEANT))

    def _lint_windows(self) -> None:
        """W477: a `window;` in a pack without a card playable at it (`anytime in ZONE` without `at`); W478:
        such a card in a pack without a `window;` (it is never offered). Named windows (7.2b): E477, a
        slot `at NAME` that no `window NAME;` opens; E478, a name twice in one `at`; E479, two slots of
        one card offered at one window from one zone; W508, a `window NAME;` no slot answers."""
        windows = [n for n in self.pack_nodes if isinstance(n, A.Window)]
        cards = [(d, e) for d in self.sym.decls.values() if isinstance(d, A.Entity)
                 for e in d.effects if isinstance(e, A.Anytime)]
        opened = {w.name for w in windows}
        named = [w for w in windows if w.name is not None]
        slots = {n.span: n for n in self.pack_nodes
                 if isinstance(n, A.Anytime) and n.windows}   # each written once (a kind's is its cards' too)
        answered = set()
        for slot in slots.values():
            seen = set()
            for w in slot.windows:
                answered.add(w.id)
                if w.id in seen:
                    self.err("E478", f"the window {w.id!r} is named twice in this slot's 'at' list", w.span,
                             "name it once")
                elif w.id not in opened:
                    opens = sorted(n for n in opened if n is not None)
                    self.err("E477", f"no 'window {w.id};' of the pack opens the window {w.id!r}: this slot is never "
                             "offered there", w.span,
                             did_you_mean(w.id, opens) or
                             (f"the pack opens the windows {', '.join(repr(n) for n in opens)}" if opens else
                              f"write 'window {w.id};' where the rules let players play it"))
                seen.add(w.id)
        for d in {d.name: d for d, _e in cards}.values():   # E479: one window would offer the card twice
            mine = [e for e in d.effects if isinstance(e, A.Anytime)]
            for i, e in enumerate(mine):
                other = next((o for o in mine[:i] if set(o.zones) & set(e.zones)
                              and set(o.window_names or (None,)) & set(e.window_names or (None,))), None)
                if other is not None:
                    both = sorted(set(o_w or "window;" for o_w in (other.window_names or (None,)))
                                  & set(e_w or "window;" for e_w in (e.window_names or (None,))))
                    self.err("E479", f"{d.name!r} has two 'anytime' slots offered at the same window "
                             f"({', '.join(both)}) from {', '.join(sorted(set(other.zones) & set(e.zones)))}: "
                             f"'{other.name}' and '{e.name}'",
                             next((w.span for w in e.windows or () if w.id in both), e.span),
                             "write one slot for that window (test inside it which case it is), or name "
                             "different windows with 'at'")
        for w in named:
            if w.name not in answered:
                self.diags.append(Diagnostic("W508", f"the window {w.name!r} offers nothing: no card's 'anytime' "
                                             f"slot is written 'at {w.name}'", w.span,
                                             f"write the cards its holders may play then: "
                                             f"'anytime in hand at {w.name} {{ ... }}', or write 'window;'"))
        unnamed = [w for w in windows if w.name is None]
        plain = [(d, e) for d, e in cards if not e.windows]
        if unnamed and not plain:
            for w in unnamed:
                self.diags.append(Diagnostic("W477", "this window offers nothing: no card of the pack has an "
                                             "'anytime in ZONE { ... }' slot" + (" without 'at'" if cards else ""),
                                             w.span,
                                             "write the cards its holders may play then: "
                                             "'card NAME { anytime in hand { ... } }'"
                                             + (" (a slot written 'at NAME' is offered at 'window NAME;' alone)"
                                                if cards else "")))
        elif plain and not unnamed:
            d, e = plain[0]
            self.diags.append(Diagnostic("W478", f"{d.name!r} is never offered: nothing in the pack opens a "
                                         f"'window;' for 'anytime' cards", e.span,
                                         "write 'window;' where the rules let players play them (before each "
                                         "action, between two steps of a turn)",
                                         notes=tuple(f"{x.name!r} too" for x, _e in plain[1:4])))

    def _lint_triggers(self) -> None:
        sources = set(self.emitted)
        for decl in self.sym.decls.values():
            for node in A.walk(decl):
                if isinstance(node, A.Stmt):
                    sources.update(node.events)
                    if isinstance(node, A.May) and node.cost:   # a `may ... cost` pays when taken
                        sources.add("pay")
                elif isinstance(node, A.Space) and node.bonus is not None:
                    sources.add("pay")
        tags = {n.action for n in self.pack_nodes if isinstance(n, A.Tag)}
        set_names = {name for n in self.pack_nodes
                     for name in ((n.name,) if isinstance(n, (A.SetName, A.SetAttr)) else n.names
                                  if isinstance(n, A.Reset) and n.kind is None else ())}
        if set_names:
            sources.add(VAR_EVENT)   # (which variables: W437 below)
        gameless = {id(t) for t in self.sym.gameless_triggers}   # (W403 already: no game registers them)
        for t in self.triggers:
            if id(t) in gameless:
                continue
            if t.pattern.event == VAR_EVENT:
                self.never_set(t.pattern, set_names)
            elif t.pattern.event not in sources and (t.pattern.event in BUILTIN_EVENTS
                                                   or isinstance(self.sym.decls.get(t.pattern.event), A.Event)):
                tag = (f"{t.pattern.event!r} tags costs and losses ('pay ... for {t.pattern.event}(...)') for the "
                       "modifiers of that action; it is not an event anything announces",) \
                    if t.pattern.event in tags else ()
                self.diags.append(Diagnostic("W403", f"this trigger can never fire: nothing in the pack "
                                             f"{'emits' if t.pattern.event not in BUILTIN_EVENTS else 'does'} "
                                             f"{t.pattern.event!r}", t.pattern.span, notes=tag))
            elif t.rest is not None and t.rest.event not in sources and (
                    t.rest.event in BUILTIN_EVENTS or isinstance(self.sym.decls.get(t.rest.event), A.Event)):
                self.diags.append(Diagnostic("W422", f"this trigger fires once and never again: nothing in the pack "
                                             f"{'emits' if t.rest.event not in BUILTIN_EVENTS else 'does'} "
                                             f"{t.rest.event!r}, which would wake it", t.rest.span,
                                             "'once per EVENT' rests the trigger after each firing until EVENT; "
                                             "write 'next' for a trigger that fires once"))

        for s in self.asides:   # a card set aside until events nothing announces never comes back
            silent = [end.event for end in A.endings(s.until) if not end.end and end.event not in sources and (
                end.event in BUILTIN_EVENTS or isinstance(self.sym.decls.get(end.event), A.Event))]
            if len(silent) == len(A.endings(s.until)):
                event = silent[0]
                self.diags.append(Diagnostic("W540", f"this card never comes back: nothing in the pack "
                                             f"{'emits' if event not in BUILTIN_EVENTS else 'does'} "
                                             f"{' or '.join(map(repr, silent))}", s.until.span,
                                             "announce the event where the card should come back "
                                             f"('emit {event}(...);'), or move the card out of play for good "
                                             "('move CARD to ZONE;')"))
        for rest, what in self.periods:   # an `anytime ... once per EVENT` slot, or an option taken so
            if rest.event not in sources and (rest.event in BUILTIN_EVENTS
                                              or isinstance(self.sym.decls.get(rest.event), A.Event)):
                played = "this slot is used" if "role" in what else "this card is played" if "slot" in what \
                    else "this option is taken"
                self.diags.append(Diagnostic("W422", f"{played} once and never again: nothing in the "
                                             f"pack {'emits' if rest.event not in BUILTIN_EVENTS else 'does'} "
                                             f"{rest.event!r}, which would start a new period", rest.span,
                                             "'once per EVENT' lets each copy be played once until EVENT; without "
                                             "it the card is played at every window" if "card" in what else
                                             "'once per EVENT' lets the role's holder use it once until EVENT; "
                                             "without it the slot is offered at every window" if "role" in what else
                                             "'once per EVENT' lets each player take it once until EVENT; 'once' "
                                             "is once per game"))

    def _lint_passes(self) -> None:
        """W517: in a pass over the players (an `each` over them, its body or a proc it calls), a per-player
        counter or variable X set for the acting player, then compared with every player's in the same pass
        (`highest(p in players, p.X)`, `lowest`, `top`, `bottom`, `sorted`): the players after the acting one
        in seat order still hold their old X (Ticket to Ride's Longest Path bonus, given to everyone). Not when
        the pass also sets X for the others in an `each` over the players (Dixit's storyteller scores everyone in
        their turn, then asks whether anyone reached 30). At the comparison, once."""
        everyone = {"players", "all_players", "opponents"}

        def over_players(domain) -> bool:
            return type(domain) is A.Name and domain.id in everyone or \
                type(domain) is A.Call and domain.func in ("players_from", "others_from")

        procs = {name: d for name, d in self.sym.decls.items() if type(d) is A.Proc}
        passes: list = []   # (statements run for each player in turn, what runs them)
        roots = list(self.sym.decls.values()) + ([self.sym.game] if self.sym.game is not None else [])
        for root in roots:
            for n in A.walk(root):
                if type(n) is A.Each and over_players(n.domain):
                    passes.append((n.body, None))
                    for call in (c for b in n.body for c in A.walk(b)):
                        if type(call) is A.CallStmt and call.func in procs:
                            passes.append((procs[call.func].body, call.func))
        warned = set()
        for body, proc in passes:
            bound = {p.name for p in procs[proc].params} if proc is not None else set()
            changed: dict = {}   # X -> the statement that set it
            # X the pass also sets for the other players, in an `each` over them (Dixit's storyteller scores every
            # player in their turn): every value is set before the comparison, which is then right
            for_everyone = {m.resource if type(m) in (A.Gain, A.Lose) else m.name
                            for stmt in body for n in A.walk(stmt) if type(n) is A.Each and over_players(n.domain)
                            for b in n.body for m in A.walk(b)
                            if type(m) in (A.Gain, A.Lose) and m.owner is None and m.on is None or type(m) is A.SetName}
            for n in (m for stmt in body for m in A.walk(stmt)):
                if type(n) is A.Let:
                    bound.add(n.name)
                name = n.name if type(n) is A.SetName else \
                    n.name if type(n) is A.SetAttr and type(n.obj) is A.You else \
                    n.resource if type(n) in (A.Gain, A.Lose) and n.owner is None and n.on is None else None
                if name is not None and name not in bound and type(self.sym.decls.get(name)) in (A.Counter, A.Var) \
                        and self.per_player(name):
                    changed.setdefault(name, n)
                    continue
                if not changed or n.span in warned:
                    continue
                if type(n) is A.Aggregate and n.op in ("highest", "lowest", "top", "bottom") and over_players(n.domain):
                    var, keys = n.var, (n.value,)
                elif type(n) is A.Sorted and over_players(n.domain):
                    var, keys = n.var, n.keys
                else:
                    continue
                read = next((m for k in keys if k is not None for m in A.walk(k) if type(m) is A.Attr
                             and type(m.obj) is A.Name and m.obj.id == var and m.name in changed
                             and m.name not in for_everyone), None)
                if read is None:
                    continue
                warned.add(n.span)
                where = f"proc {proc}(), run for each player in turn," if proc is not None else "this 'each' body"
                self.diags.append(Diagnostic(
                    "W517", f"{where} sets {read.name!r} for the acting player (line {changed[read.name].span.line}) "
                    f"and then compares it with every player's, {printed(n)}: the players after the acting one in "
                    f"seat order still hold their old {read.name!r}, so the comparison is made before every value "
                    "is set", n.span,
                    f"set every player's {read.name!r} first, in a pass of its own, then compare in a second pass; or "
                    f"rank them once: 'rank players by ... award [N] POINTS ties all;' (4.20), or compare a func "
                    f"that works the value out ('highest(p in players, p.path_length())')"))

    def _lint_endless_while(self) -> None:
        """E562: a `while true` that nothing leaves: no `break` of its own (an unlabelled one inside an inner loop
        leaves that loop only), no `return`, and no `end game` it could reach, in its body or a proc it calls;
        only where no trigger or modifier could end the game on an event its body announces, and the body copies
        no card's effect and rolls no die (whose effects could), so that it is certain: play would stop with E602."""
        memo: dict = {}

        def may_end(nodes) -> bool:
            for n in (x for node in nodes for x in A.walk(node)):
                if isinstance(n, (A.EndGame, A.EndAfter, A.Copy, A.Roll)):
                    return True
                called = n.func if isinstance(n, (A.CallStmt, A.Call)) else None
                if isinstance(n, A.CallStmt) and called not in self.sym.decls:
                    return True   # a proc nothing declares (E2xx there): nothing is certain, and one error is enough
                if called is not None and isinstance(self.sym.decls.get(called), A.Proc):
                    if called not in memo:
                        memo[called] = False   # a call back into it, while it is worked out, adds nothing
                        memo[called] = may_end([self.sym.decls[called]])
                    if memo[called]:
                        return True
            return False

        # one walk of the pack (most packs have no `while true`, and then nothing more is read)
        loops, listeners, ended_after, labels = [], list(self.triggers), set(), set()
        for n in self.pack_nodes:
            kind = type(n)
            if kind is A.While and constant(n.cond) is True:
                loops.append(n)
            elif kind is A.Whenever or kind is A.Modifier:
                listeners.append(n)
            elif kind is A.EndAfter:   # `end game after L`: the loops labelled L are meant to end so (E325 says
                ended_after.add(n.label)   # where it cannot stand)
            label = getattr(n, "loop_label", None)
            if label is not None:
                labels.add(label)
        # a label no loop has (E224): whichever loop it was meant for may end so; a listener may end the game
        if not loops or ended_after - labels or may_end(listeners):
            return
        for loop in loops:
            if loop.loop_label is not None and loop.loop_label in ended_after:
                continue
            # a `break L` leaves this loop unless L labels a loop inside it (a label outside: that loop and this one)
            inside = {getattr(n, "loop_label", None) for s in loop.body for n in A.walk(s)}
            inner_breaks, left = [], False
            stack = [(s, 0) for s in loop.body]
            while stack and not left:
                n, depth = stack.pop()
                if isinstance(n, A.Break):
                    if n.label is not None and n.label not in inside or n.label is None and depth == 0:
                        left = True
                    elif n.label is None:
                        inner_breaks.append((n, depth))
                elif isinstance(n, A.Return):
                    left = True
                deeper = depth + 1 if type(n) in LOOPS else depth
                stack.extend((c, deeper) for c in n.children())
            if left or may_end(loop.body):
                continue
            hint = "label the loop and leave it by its label: 'while true as round { ... break round; }'" \
                if inner_breaks else "leave it with 'break;', or loop 'while' a condition that play makes false"
            inner = f" (the 'break' at line {inner_breaks[0][0].span.line} leaves the inner loop it is in, not this " \
                    "one)" if inner_breaks else ""
            self.err("E562", f"this 'while true' is never left: nothing in it breaks out of it, returns or ends the "
                     f"game{inner}, so play would stop with E602", loop.cond.span, hint)

    def _lint_unrolled_dice(self) -> None:
        """W432: a kind whose cards are dice kept as pieces (a field typed by a die) that no rule rolls
        (`roll x;`, `roll all of ZONE;`) nor sets: each shows the face it starts on for the whole game."""
        for k in self.sym.decls.values():
            f = self.die_field(k.name) if isinstance(k, A.Kind) else None
            if f is not None and k.name not in self.rolled_kinds and "any" not in self.rolled_kinds:
                self.diags.append(Diagnostic(
                    "W432", f"the {k.name}s are dice kept as pieces ({f.name!r} shows a face of {f.die!r}) that no rule "
                    f"rolls: each shows {printed(f.default) if f.default is not None else 'its first face'} all game",
                    f.span, f"roll them: 'roll x;' for one, 'roll all of ZONE;' for those in a zone"))

    def _lint_cards_never_placed(self) -> None:
        """W576: dice kept as pieces (a kind with a field typed by a die) whose cards are declared and that
        zones are declared of, but that no rule ever puts into a zone: a zone starts empty and only `fill ZONE
        with KIND` or a card named (`move red_die to pool;`, a variable starting at a card) brings a card into
        play, so every zone of the kind stays empty and `roll all of cup;` rolls nothing, silently. Only where
        the game runs a rule that reads one of those zones (a fragment's dice are put in place elsewhere)."""
        if self.sym.game is None:
            return
        declared: dict[str, list] = {}
        for d in self.sym.decls.values():
            if isinstance(d, A.Entity):
                declared.setdefault(d.kind, []).append(d)
        held = {k for d in self.sym.decls.values() if isinstance(d, A.Zone) for k in d.kinds}
        # (dice alone: a card game's snippets, the tests' too, deal their cards by hand)
        suspects = {k: cards for k, cards in declared.items() if k in held and self.die_field(k) is not None}
        if not suspects:
            return
        card_kind = {c.name: k for k, cards in suspects.items() for c in cards}
        for n in self.pack_nodes:
            if type(n) is A.Fill and n.kind is not None:
                suspects.pop(n.kind, None)
            elif type(n) is A.Name and (n.id in card_kind or n.id in suspects):
                suspects.pop(card_kind.get(n.id, n.id), None)   # a card (or the kind) named: it may be moved in
            if not suspects:
                return
        zones = [d for d in self.sym.decls.values() if isinstance(d, A.Zone)]
        played = {n.id if type(n) is A.Name else n.name for n in self.played_nodes() if type(n) in (A.Name, A.Attr)}
        for k, cards in suspects.items():
            names = [z.name for z in zones if k in z.kinds]
            if not played.intersection(names):
                continue   # no rule the game runs reads them: a fragment whose cards a test puts in place
            first = names[0]
            self.diags.append(Diagnostic(
                "W576", f"the {k} dice ({', '.join(c.name for c in cards[:3])}{', ...' if len(cards) > 3 else ''}) "
                f"are never put into a zone: no 'fill ... with {k}' and no rule names one, so "
                f"{' and '.join(filter(None, [', '.join(repr(z) for z in names[:-1]), repr(names[-1])]))} "
                f"{'stays' if len(names) == 1 else 'stay'} empty all game", self.at_decl(cards[0]),
                f"a zone starts empty: put the cards in it in the setup ('fill {first} with {k};')"))

    def played_nodes(self) -> list:
        """The nodes of the game and of the procs and funcs it calls, through each other: the rules a game runs
        for sure (triggers and cards' effects left out)."""
        todo, seen, nodes = [self.sym.game], set(), []
        while todo:
            top = todo.pop()
            for n in A.walk(top):
                nodes.append(n)
                called = self.sym.decls.get(n.func) if type(n) in (A.Call, A.CallStmt) else None
                if isinstance(called, (A.Proc, A.Func)) and called.name not in seen:
                    seen.add(called.name)
                    todo.append(called)
        return nodes

    def never_set(self, p: A.Pattern, set_names: set) -> None:
        """W437: a trigger on the change of a variable that no rule sets (`set`, `set p.NAME`, `reset`): it
        never fires."""
        for a in p.args:
            element = pattern_element(p, a, self.sym)
            if element is not None and element[0] not in set_names:
                self.diags.append(Diagnostic(
                    "W437", f"this trigger can never fire: no rule sets {element[0]!r}", a.value.span,
                    f"a variable changes by 'set {element[0]} = ...;' (or 'reset {element[0]};'); one that only "
                    "starts with its value is heard by nothing"))

    def _lint_negative_starts(self) -> None:
        """W426: a counter whose LOW is negative, with no `start` and that no rule sets, starts every
        player (or the game) at LOW: a score `from -50 to 500` starts at -50. Say where it starts."""
        counters = [d for d in self.sym.decls.values() if isinstance(d, A.Counter) and d.start is None
                    and type(constant(d.low)) is int and constant(d.low) < 0]
        if not counters:
            return
        # a `set` that reads the counter itself (`set vp = vp + n;`) moves it from where it starts: no start
        sets = [n for n in self.pack_nodes if isinstance(n, (A.SetName, A.SetAttr))]
        set_names = {n.name for n in sets if not _reads_name(n.value, n.name)}
        moved = {n.name for n in sets} - set_names
        for d in counters:
            if d.name not in set_names:
                moves = (f" ('set {d.name} = {d.name} + ...;' moves it from where it starts)" if d.name in moved
                         else "")
                self.diags.append(Diagnostic(
                    "W426", f"counter {d.name!r} starts at its lowest value, {constant(d.low)}, and no rule sets it",
                    self.at_decl(d), f"to start it elsewhere, say so: 'counter {d.name} from {printed(d.low)} to "
                    f"{printed(d.high)} start 0;'{moves}"))

    def _lint_slices(self) -> None:
        """W595: `gather(i in A..B, [xs[i]])`, the items of a list at places A to B picked one by one, is the
        slice `xs[A..B]` (5.1): a newcomer rebuilds it (Hive's stack without its top bug, Ra's first two)."""
        for n in self.pack_nodes:
            if not (type(n) is A.Aggregate and n.op == "gather" and n.where is None and type(n.domain) is A.Range
                    and n.domain.high is not None and type(n.value) is A.ListLit and len(n.value.items) == 1):
                continue
            item = n.value.items[0]
            # `factory[f]` of `zone factory[1..9]` is one of several zones, no item of a list
            indexed = type(item) is A.Index and type(item.obj) is A.Name \
                and getattr(self.sym.decls.get(item.obj.id), "indexes", None) is not None
            if (type(item) is A.Index and not indexed and type(item.index) is A.Name and item.index.id == n.var
                    and not _reads_name(item.obj, n.var)):
                whole = f"{printed(item.obj)}[{printed(n.domain.low)}..{printed(n.domain.high)}]"
                self.diags.append(Diagnostic(
                    "W595", f"this gathers the items of {printed(item.obj)} at places {printed(n.domain.low)} to "
                    f"{printed(n.domain.high)} one by one: it is the slice {whole}", n.span,
                    f"write '{whole}' (a new list of the items there are at those places, 5.1)"))

    def _lint_ray_filters(self) -> None:
        """W662: an aggregate over `ray(c from ... via ... until COND)` keeping only the cells COND fails for
        (`count(x in ray(c from s via d until board[c] != p) where board[x] == p)`) drops the cell the ray stopped
        at: it is `ray(c from s via d while NOT COND)`, the run itself (a row of one's own discs, a rook's empty
        squares), written the long way."""
        for n in self.pack_nodes:
            ray = getattr(n, "domain", None) if type(n) is A.Aggregate else None
            if type(ray) is not A.Ray or ray.while_form or ray.until is None or n.where is None:
                continue
            kept = A.rewrite(n.where, lambda x: A.Name(ray.var, span=x.span) if type(x) is A.Name and x.id == n.var
                             else None)
            if printed(kept) == printed(_opposite(ray.until)):
                self.diags.append(Diagnostic(
                    "W662", f"this keeps the cells of the ray for which '{printed(ray.until)}' does not hold, so it "
                    f"drops the cell the ray stops at: it is the ray with 'while {printed(kept)}'", n.where.span,
                    f"write 'ray({ray.var} from {printed(ray.cell)} via {printed(ray.direction)} while "
                    f"{printed(kept)})' (3.4a)"))

    def _lint_losses(self) -> None:
        """W416: a `lose` line in a modifier of an action that no `lose ... for` of the pack is tagged with,
        or a `gain` line of one that no `gain ... for` is: only a tagged loss or gain consults it, so it
        changes nothing (`modifier you gain(res = energy) in kept { gain +1; }` over untagged gains of energy)."""
        nodes = self.pack_nodes
        tagged = {verb: {n.tag.action for n in nodes if isinstance(n, kinds) and n.tag is not None}
                  for verb, kinds in (("lose", A.Lose), ("gain", (A.Gain, A.GainEach)))}
        for m in nodes:
            if not isinstance(m, A.Modifier):
                continue
            for a in m.adjustments:
                if a.what in tagged and m.pattern.event not in tagged[a.what]:
                    noun = "loss" if a.what == "lose" else "gain"
                    self.diags.append(Diagnostic(
                        "W416",
                        f"no {noun} of the pack is tagged with {m.pattern.event!r}, so this line changes nothing"
                        + (" (a modifier changes tagged gains only)" if a.what == "gain" else ""), a.span,
                        f"tag the {noun} it should change: '{a.what} N RES for {m.pattern.event}(...);'"))

    def _lint_values(self) -> None:
        """A modifier's `value` lines and the pack's tagged values (7.7c): E421 for a value line on an
        action the pack tags costs, gains, losses or blocks with but never a value (the line changes
        nothing: the action is no tagged value); W441 for one on a declared event nothing of the pack
        tags; W442 for cost, gain, lose, forbid or allow lines on an action the pack tags values with
        only (a value consults the value lines alone)."""
        for action, kinds in self.valued_kinds.items():   # E423: an action's tagged values are of one kind
            if len(kinds) == 2:
                later = max(kinds.values(), key=lambda v: (v.span.file, v.span.line, v.span.column))
                self.diags.append(Diagnostic(
                    "E423", f"{action!r} tags numbers and conditions, and a modifier's value line changes one kind",
                    later.span, "tag the condition with an action of its own: 'event "
                    f"{action}_holds(...);'"))
        for action, kind, a in self.value_lines:   # E422: a value line of the other kind than the action's values
            kinds = self.valued_kinds.get(action, {})
            if kinds and kind not in kinds:
                self.diags.append(Diagnostic(
                    "E422", f"the values tagged with {action!r} are "
                    f"{'conditions' if 'bool' in kinds else 'numbers'}, and this line "
                    f"{'sets a condition' if kind == 'bool' else 'changes a number'}", a.amount.span,
                    "set the condition: 'value = true;' or 'value = false;'" if "bool" in kinds else
                    "change the number: 'value +1;', 'value = 0;' (a condition counts as no number)"))
        nodes = self.pack_nodes
        # `cost: int for costs;`: a field's tag tags a value, wherever the field is read
        # (a list cost's tag, 7.7g, tags a cost: its modifiers' cost lines discount it)
        fields = [n.tag for n in nodes if type(n) is A.FieldDecl and n.tag is not None and n.type != "list"]
        if not any(isinstance(n, A.Adjust) and n.what == "value" for n in nodes) and \
                not any(isinstance(n, A.Valued) for n in nodes) and not fields:
            return   # (every shipped pack: nothing to read)
        valued = {n.tag.action for n in nodes if isinstance(n, A.Valued)} | {t.action for t in fields}
        value_tags = {id(n.tag) for n in nodes if isinstance(n, A.Valued)} | {id(t) for t in fields}
        self._lint_twice_adjusted(nodes)
        other = {n.action for n in nodes if isinstance(n, A.Tag) and id(n) not in value_tags}
        for m in nodes:
            if not isinstance(m, A.Modifier) or m.pattern.event in BUILTIN_EVENTS or \
                    not isinstance(self.sym.decls.get(m.pattern.event), A.Event):
                continue
            event = m.pattern.event
            for a in m.adjustments:
                if a.what == "value" and event not in valued and event in other:
                    self.diags.append(Diagnostic(
                        "E421", f"{event!r} tags costs, gains, losses or blocks in this pack, never a value, so this "
                        "line changes nothing", a.span, f"tag the value it should change: 'let n = ... for "
                        f"{event}(...);', or change the tagged use with its own line ('gain +1;', 'cost -1 RES;')"))
                elif a.what == "value" and event not in valued:
                    self.diags.append(Diagnostic(
                        "W441", f"no value of the pack is tagged with {event!r}, so this line changes nothing",
                        a.span, f"tag the value it should change: 'let n = ... for {event}(...);' (or a func's "
                        f"value, 'func f(...) = ... for {event}(...);')"))
                elif a.what != "value" and event in valued and event not in other:
                    self.diags.append(Diagnostic(
                        "W442", f"{event!r} tags values only in this pack, and a value reads the value lines alone, "
                        f"so this {a.what} line changes nothing", a.span,
                        "change the value: 'value +1;', 'value -1;', 'value = 0;' or 'value *2;'"))

    def _lint_twice_adjusted(self, nodes: list) -> None:
        """W554: a tagged value that is a read of an adjustable field tagged with the field's own event
        (`c.cost for costs(c)` of `cost: int for costs;`): the read is adjusted already, and the modifiers apply
        twice (a Bridge taking 2 off)."""
        for n in nodes:
            read = self.sym.adjusted.get(id(n.value)) if isinstance(n, A.Valued) else None
            if read is not None and read.tag.action == n.tag.action:
                self.diags.append(Diagnostic(
                    "W554", f"{printed(n.value)} is adjusted by the modifiers of {n.tag.action!r} wherever it is read "
                    f"(its field is declared so), and tagging it again applies them a second time", n.tag.span,
                    f"read it alone: '{printed(n.value)}'"))

    def _lint_hooks(self) -> None:
        """E443: a use of an action that a modifier asking its holder (`optional`) or having a consequence
        (`then`) changes (7.7d), where nothing can be asked nor run: a func's value, a gain or loss on a
        card, to another player or into debt, a gain of each or of any. The uses that can: a tagged `pay`
        (a `may`'s cost, a choose option's, a track space's), a plain `gain` or `lose`, the value of a `let`
        or `set`; what only tests the action (`affordable`, `allowed`, a tagged block) uses nothing."""
        nodes = self.pack_nodes
        hooked: dict = {}
        for n in nodes:
            if isinstance(n, A.Modifier) and n.hooked:
                hooked.setdefault(n.pattern.event, n)
        if not hooked:
            return   # (every shipped pack: nothing to read)
        held = {id(n.modifier) for n in nodes if isinstance(n, A.HeldModifier)}
        in_cards = (n for decl in self.sym.decls.values() if isinstance(decl, (A.Entity, A.Kind)) for n in A.walk(decl))
        for m in in_cards:   # E444: a card's effect puts in force a modifier whose use moves the card away, for good
            if isinstance(m, A.Modifier) and m.then is not None and not m.once and id(m) not in held:
                for s in (n for stmt in m.then for n in A.walk(stmt)):
                    if isinstance(s, A.Move) and isinstance(s.item, A.Name) and s.item.id == "this":
                        self.diags.append(Diagnostic(
                            "E444", "using this modifier moves its card away, and the modifier stays in force after the "
                            "card is gone: it could be used again, with nothing left to pay", s.span,
                            "hold the modifier on the card ('modifier ... in ZONE { ... }' in the card: in force while "
                            "the card is there, 7.7b), or make it 'once'"))
        fine = set()
        for n in nodes:
            if isinstance(n, (A.Pay, A.May, A.Affordable, A.Allowed, A.Tagged)) or \
                    isinstance(n, A.Gain) and n.on is None or \
                    isinstance(n, A.Lose) and n.on is None and n.to is None and n.debt is None:
                fine.add(id(n.tag))
            elif isinstance(n, (A.Let, A.SetName, A.SetAttr)) and isinstance(n.value, A.Valued):
                fine.add(id(n.value.tag))
        for n in nodes:
            if isinstance(n, A.Tag) and n.action in hooked and id(n) not in fine:
                m = hooked[n.action]
                self.diags.append(Diagnostic(
                    "E443", f"a modifier of {n.action!r} asks its holder or has a consequence (line {m.span.line}), "
                    "and this use of it is worked out where nothing can be asked nor run", n.span,
                    "tag a use that can: a 'pay', a plain 'gain' or 'lose', or the value of a 'let' "
                    f"('let n = ... for {n.action}(...);' and use n here)"))

    def _lint_permissions(self) -> None:
        """W419: a `forbid`/`allow` modifier of a declared event that no tagged use of the pack names
        (a cost, gain, loss or block tagged with it, `affordable(... for it)`, `allowed(it)`):
        nothing consults it, so it forbids or allows nothing. (A builtin event is tagged by the
        runtime itself: a track space's cost is tagged `advance`.)"""
        nodes = self.pack_nodes
        tagged = {n.action for n in nodes if isinstance(n, A.Tag)}
        for m in nodes:
            if isinstance(m, A.Modifier) and m.pattern.event not in tagged and \
                    isinstance(self.sym.decls.get(m.pattern.event), A.Event):
                for a in m.adjustments:
                    if a.what in ("forbid", "allow"):
                        self.diags.append(Diagnostic(
                            "W419", f"nothing of the pack is tagged with {m.pattern.event!r}, so this line "
                            f"{a.what}s nothing", a.span,
                            f"tag what it should {'stop' if a.what == 'forbid' else 'allow'}: "
                            f"'for {m.pattern.event}(...) {{ ... }}', 'lose N RES for {m.pattern.event}(...);', "
                            f"'pay COST for {m.pattern.event}(...);' or 'allowed({m.pattern.event}(...))'"))

    def left_unused(self, own: set[str], bases: list) -> list[Diagnostic]:
        """W475 for a proc, a func or an enum member of a base that the base uses and the stacked packs
        (`own`: the last pack's names) leave unused: nothing in the merged game refers to it, save
        declarations so left unused themselves (a dropped option's proc and the member only that proc
        named). `bases`: the earlier packs' items as written. A reference is any name a node holds, so
        a doubtful one counts as a use (a missed warning, never a false one)."""
        def names(root) -> set:
            """The names a declaration refers to: not its own, nor an enum's own members."""
            found = {v for n in A.walk(root) for f in type(n)._fields
                     for v in ((getattr(n, f),) if isinstance(getattr(n, f), str) else
                               getattr(n, f) if isinstance(getattr(n, f), tuple) else ()) if isinstance(v, str)}
            return found - {getattr(root, "name", None)} - (set(root.members) if isinstance(root, A.Enum) else set())

        in_base = set().union(*map(names, bases))
        members = {m: e for e, d in self.sym.decls.items() if isinstance(d, A.Enum) for m in d.members}
        candidates = {n for n, d in self.sym.decls.items() if isinstance(d, (A.Proc, A.Func)) and "." not in n} | set(members)
        candidates = {n for n in candidates if n not in own and n in in_base}
        if not candidates:   # a pack alone, or nothing of the base it could be
            return []
        refs = {n: names(d) for n, d in self.sym.decls.items()}
        dead: set = set()
        while True:
            live = set().union(*(r for n, r in refs.items() if n not in dead)) if refs else set()
            more = {n for n in candidates - dead if n not in live}
            if not more:
                break
            dead |= more
        out = []
        for name in sorted(dead, key=lambda n: str(self.sym.decls.get(n, self.sym.decls.get(members.get(n))).span)):
            if name in members:
                enum = self.sym.decls[members[name]]
                out.append(Diagnostic("W475", f"enum member {name!r} of {enum.name!r} is used by the base but by nothing "
                                      "in the game as stacked: the stacked packs removed every use", self.at_name(name, enum.span),
                                      f"to drop it, restate {enum.name!r} without it in an 'override enum'; to keep "
                                      "it, use it again"))
            else:
                decl = self.sym.decls[name]
                out.append(Diagnostic("W475", f"{CATEGORY[type(decl)]} {name!r} is used by the base but by nothing in "
                                      "the game as stacked: the stacked packs removed every use", self.at_decl(decl),
                                      f"if it is meant to go, write 'remove {name};' in the pack that replaces it"))
        return out

    def _lint_parallel_copies(self) -> None:
        """W585: a proc that copies three or more global variables or counters indexed alike from one element to
        another, `set a[x] = a[y]; set b[x] = b[y]; set c[x] = c[y];`: the things at a place are kept as
        parallel arrays moved by hand (a unit's troop, side and figures on a hex), which a kind whose copies
        carry their own variables, in a zone indexed by the place, says once (`move u to at[x];`). Said once
        per proc and pair of places, at the first copy."""
        copies: dict = {}   # (proc, to, from, the index's name) -> {copied name: its set}
        proc = None
        for n in self.pack_nodes:
            if isinstance(n, A.Decl):
                proc = n if type(n) is A.Proc else None
            elif proc is not None and type(n) is A.SetName and type(n.index) is A.Name:
                value = n.value
                if not (type(value) is A.Index and type(value.obj) is A.Name and value.obj.id == n.name
                        and type(value.index) is A.Name and value.index.id != n.index.id):
                    continue
                decl = self.sym.decls.get(n.name)
                indexes = getattr(decl, "indexes", None) if type(decl) in (A.Var, A.Counter) else None
                if indexes is None or indexes.second is not None or indexes.enum is None or not decl.is_global:
                    continue   # (a player's own values, hidden ones among them, are no shared piece's fields)
                copies.setdefault((proc.name, n.index.id, value.index.id, indexes.enum), {}).setdefault(n.name, n)
        for (_proc, to, source, place), sets in copies.items():
            if len(sets) < 3:
                continue
            first = min(sets.values(), key=lambda s: (s.span.line, s.span.column))
            names = ", ".join(repr(name) for name in sets)
            self.diags.append(Diagnostic(
                "W585", f"{names} are copied together from [{source}] to [{to}]: what is on a {place} is kept as "
                        "parallel variables, moved by hand one by one", first.span,
                f"make it a piece: a kind whose copies carry these as fields ('kind unit {{ side: player; "
                f"figures: int; }}'), a zone indexed by the place ('zone at[{place}] of unit;'), and move it "
                f"whole: 'move u to at[{to}];' (the piece at a place is 'first(at[{source}])')"))

    def _lint_each_of_unset(self) -> None:
        """W564: `each V` of a player variable that no rule sets and that starts as none: V is none whenever it
        runs, and an `each` of none runs its body for nobody, silently (the game plays on without that turn)."""
        candidates = [s for s in self.each_of_var if (var := self.sym.decls[s.domain.id]).indexes is None
                      and var.type == "player" and (var.default is None or type(var.default) is A.Nothing)]
        if not candidates:   # (the walk of the whole pack below only for a variable that starts as none)
            return
        # (a `reset` puts it back to none: no write)
        written = {n.name for n in self.pack_nodes if type(n) in (A.SetName, A.SetAttr)}
        for s in candidates:
            var = self.sym.decls[s.domain.id]
            if var.name in written or var.name in self.sym.dropped_writes:   # (a declaration refused as declared
                continue   # twice, E208, is not walked: it may be the rule that sets it)
            self.diags.append(Diagnostic(
                "W564", f"'each {var.name}': no rule sets {var.name!r}, so it is none whenever this runs, and an "
                        "'each' of none runs its body for nobody", s.domain.span,
                f"set it where the player is known ('set {var.name} = first(players);' in the setup, "
                f"'set {var.name} = you;' when they claim it)"))

    def _lint_cards_never_enter(self) -> None:
        """W516: a game whose rules only ever move cards from one zone to another (draws, `move all of`, moves
        of a card picked from a zone) and never put one in (no `fill ZONE with KIND`, no move of a card named
        or taken from a kind): every card starts in no zone (3.8), so every draw finds nothing and the game
        plays on empty-handed. Said once, at the first draw; only where every move's card is known to come
        from a zone (anything else might bring cards in)."""
        game = self.sym.game
        if game is None or any(isinstance(d, A.Extern) for d in self.sym.decls.values()):
            return
        zones = {n for n, d in self.sym.decls.items() if isinstance(d, A.Zone)}
        zone_params = {p.name for d in self.sym.decls.values() if isinstance(d, (A.Proc, A.Func))
                       for p in d.params if p.type == "zone"}

        def in_a_zone(domain) -> bool:
            """Whether a domain is a zone as written (`hand`, `side[f]`, `p.hand`, a zone parameter)."""
            if type(domain) is A.Attr:
                return domain.name in zones
            base = filled_base(domain)
            return base is not None and (base in zones or base in zone_params)

        from_zones, from_elsewhere = set(), set()
        for n in self.pack_nodes:
            if type(n) in (A.Pick, A.ForEach):
                (from_zones if in_a_zone(n.domain) else from_elsewhere).add(n.var)
        for n in self.pack_nodes:
            kind = type(n)
            if kind is A.Move:
                item = n.item
                if type(item) is not A.Name or item.id not in from_zones or item.id in from_elsewhere:
                    return   # a card named, taken from a kind, or one this cannot follow: it may come in
            elif kind is A.Fill and n.kind is None:
                continue   # a display laid out from its source: from a zone to a zone
            elif kind not in (A.Draw, A.Deal, A.MoveAll, A.Swap, A.PassOn) and "move" in getattr(kind, "events", ()):
                return   # a fill with cards, a split, a setting aside: cards come in
        # (a draw the game runs for sure: a fragment's cards may be put in place by its tests)
        first_draw = next((n for n in self.played_nodes() if type(n) is A.Draw), None)
        if first_draw is None:
            return
        source = filled_base(first_draw.source) or "the zone"
        zone = self.sym.decls.get(source)
        kind = zone.kind if isinstance(zone, A.Zone) else "KIND"
        self.diags.append(Diagnostic(
            "W516", f"no rule ever puts a card into a zone: every card starts in no zone, and the rules only move "
                    f"cards from one zone to another, so this draws nothing from {source!r} (nor does any other "
                    f"draw)", first_draw.source.span,
            f"fill it in the setup ('fill {source} with {kind};': every card of the kind, 'where ...' for some)"))

    def unused(self, own: set[str]) -> list[Diagnostic]:
        """W401 for declarations of the pack itself that nothing refers to."""
        out = []
        for name, decl in self.sym.decls.items():
            if (name not in own or name in self.used or name in self.sym.unmatched or name in self.meant
                    or name in self.sym.dropped_uses):
                continue
            if isinstance(decl, (A.Entity, A.Game, A.Enum, A.Variant, A.Kind, A.Const)) or \
                    self.shortfall_proc(name):   # (payments run it)
                continue   # (a constant's reads are written over by the resolver, which says W555 for none)
            if isinstance(decl, A.Group) and decl.cap is not None:   # its cap holds every gain of its members
                continue
            out.append(Diagnostic("W401", f"{CATEGORY[type(decl)]} {name!r} is declared but never used",
                                  self.at_decl(decl)))
        return out


def _period_words(o: A.Option) -> str:
    """An option's limit as written: `once` or `once per PATTERN` (E588 compares them)."""
    from rulebook.dsl.printer import pattern

    return f"once per {pattern(o.rest)}" if o.rest is not None else "once"


def own_fields(slot) -> set:
    """The fields of the copy (`this.F`) a card's held modifier reads, in its `while` and its lines (W607)."""
    return {n.name for n in A.walk(slot.modifier) if type(n) is A.Attr and type(n.obj) is A.Name and n.obj.id == "this"}
