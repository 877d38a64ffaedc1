"""Immutable AST nodes of the rules language; every node carries the source span it came from.

Spans take no part in equality, so a formatted-and-reparsed file compares equal to the original.
"""

from __future__ import annotations

import dataclasses
import operator
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Iterator, Optional

if TYPE_CHECKING:
    from fractions import Fraction


@dataclass(frozen=True, slots=True)
class Span:
    """A region of a rules file: 1-based line and column of its start and end."""

    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}" if self.line else self.file


NO_SPAN = Span("<generated>", 0, 0, 0, 0)


def _lay_out(name: str, bases: tuple, namespace: dict) -> None:
    """Complete the class body of a node class (see `node`): its fields, defaults, slots and the
    `__init__` that compiles the real one."""
    inherited = next((base._fields for base in bases if hasattr(base, "_fields")), ())
    annotations = namespace.get("__annotations__", {})
    own = [field for field, kind in annotations.items()
           if not str(kind).startswith(("ClassVar", "typing.ClassVar")) and field != "span"]
    fields = inherited + tuple(field for field in own if field not in inherited)
    defaults = {field: default for base in bases for cls in reversed(base.__mro__)
                for field, default in getattr(cls, "_defaults", {}).items()}
    defaults.update((field, namespace[field]) for field in own if field in namespace)
    for field, default in defaults.items():
        if type(default).__hash__ is None:
            raise ValueError(f"{name}.{field}: a default is shared by every node, so it must be "
                             f"immutable (not a {type(default).__name__})")
    for before, field in zip(fields, fields[1:]):
        if before in defaults and field not in defaults:
            raise TypeError(f"{name}: field {field!r} without a default follows a field with one")
    has_span = any("span" in getattr(cls, "__slots__", ()) for base in bases for cls in base.__mro__)
    for field in fields:
        namespace.pop(field, None)    # a default lives in `_defaults`: a class attribute would shadow the slot
    namespace.update(__slots__=tuple(f for f in fields if f not in inherited) + (() if has_span else ("span",)),
                     __match_args__=fields + ("span",), _fields=fields, _defaults=defaults, __init__=_first_init)
    namespace["__annotations__"] = {**annotations, "span": "Span"}


class _NodeClass(type):
    """The class of node classes: lays a node class out as its body is made into a class, once (a
    decorator would have to make every class a second time to give it slots: 5-10 ms of every
    command's start-up for 158 classes)."""

    def __new__(mcls, name: str, bases: tuple, namespace: dict, **kwargs):
        if "__slots__" not in namespace:   # a node class; Node and its categories declare their empty slots
            _lay_out(name, bases, namespace)
        return super().__new__(mcls, name, bases, namespace, **kwargs)


class Node(metaclass=_NodeClass):
    """Base of every AST node: its fields (the span aside) and its child nodes, as CPython's `ast`.

    Nodes are immutable and compare and hash by their fields, never by their spans: what
    `dataclass(frozen=True, slots=True)` with a `compare=False` span gives, built by `node` below.
    """

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()   # the field names in declaration order, without the span
    # fields the repr names only when set (not None nor False): one added later leaves the content digests (a hash
    # of the repr) of the packs that do not write it as they were
    _quiet: ClassVar[tuple[str, ...]] = ()

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return self._values() == other._values()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        quiet = type(self)._quiet
        shown = (f"{n}={getattr(self, n)!r}" for n in self._fields
                 if not (n in quiet and (getattr(self, n) is None or getattr(self, n) is False)))
        return f"{self.__class__.__qualname__}({', '.join(shown)})"

    def __setattr__(self, name: str, value) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self):
        # copy, deepcopy and pickle rebuild a node through its __init__ (the frozen __setattr__ refuses)
        return self.__class__, self._values() + (self.span,)

    def _values(self) -> tuple:
        """The node's field values in order, the span aside (node() compiles one per class)."""
        return tuple(getattr(self, n) for n in self._fields)

    def children(self) -> Iterator["Node"]:
        """The nodes directly below this one, in field order (tuples are flattened)."""
        for name in type(self)._fields:
            value = getattr(self, name)
            if isinstance(value, Node):
                yield value
            elif isinstance(value, tuple):
                for item in value:
                    if isinstance(item, Node):
                        yield item


class Expr(Node):
    """A value: literals, names, fields, calls, aggregates, operators."""

    __slots__ = ()


class Stmt(Node):
    """An effect step.

    `drains`: whether triggers queued by the statement's primitive run right after it (the
    primitive may announce an event and does not run the triggers itself). `events`: the builtin
    events the primitive may announce, which lets the checker tell a trigger that can never fire.
    `binds`: the field holding the name of a local the statement binds for the rest of its block
    (`let x = ...`, `let x = roll d`), which every stage reads through `bound()`.
    """

    __slots__ = ()
    drains: ClassVar[bool] = False
    events: ClassVar[tuple[str, ...]] = ()
    binds: ClassVar[Optional[str]] = None

    def bound(self) -> Optional[str]:
        """The local this statement binds for the rest of its block, if any."""
        return getattr(self, self.binds) if self.binds else None


class Part(Node):
    """A piece of a statement or declaration that is neither: an option, a cost term, a space..."""

    __slots__ = ()


class Decl(Node):
    """A top-level declaration: it binds a name in the pack's one namespace."""

    __slots__ = ()


CATEGORIES = (Expr, Stmt, Part, Decl)


def node(cls):
    """Declare an AST node class: its annotated names are its fields, in order (a class attribute
    of the same name is the field's default), then a `span` that equality, hashing and repr leave out.

    The class is laid out with slots by its metaclass as it is made (`_lay_out`); its __init__ (and
    `_values`, which equality and hashing use) are compiled from one small source when its first node
    is made, so a process compiles only the classes it uses. (`dataclass(frozen=True, slots=True)`
    compiled six methods for each class at import: 60-70 ms of every command's start-up.) The
    decorator itself only checks that the class is one.
    """
    if "_fields" not in cls.__dict__:
        raise TypeError(f"{cls.__name__}: a node class declares no __slots__ of its own and derives from Node")
    return cls


def _first_init(self, *args, **kwargs) -> None:
    """A node class's __init__ until its first node: compiles the class's own, then runs it."""
    _compile_methods(type(self))
    type(self).__init__(self, *args, **kwargs)


def _compile_methods(cls) -> None:
    """Compile a node class's __init__ (positional or keyword fields, then the span) and `_values`."""
    params = [f"{name}=_default_{name}" if name in cls._defaults else name for name in cls._fields]
    body = [f"    _set(self, {name!r}, {name})" for name in cls._fields]
    values = "".join(f"self.{name}, " for name in cls._fields)
    source = (f"def __init__(self, {''.join(p + ', ' for p in params)}span=NO_SPAN):\n" + "\n".join(body)
              + "\n    _set(self, 'span', span)\n"
              + f"def _values(self):\n    return ({values})\n")
    scope = {"_set": object.__setattr__, "NO_SPAN": NO_SPAN,
             **{f"_default_{name}": value for name, value in cls._defaults.items()}}
    exec(compile(source, f"<node {cls.__name__}>", "exec"), scope)  # noqa: S102 - names from the class body only
    for name in ("__init__", "_values"):
        function = scope[name]
        function.__qualname__ = f"{cls.__qualname__}.{name}"
        setattr(cls, name, function)


def replace(n: Node, **changes) -> Node:
    """A copy of a node with some fields (or its span) changed, as `dataclasses.replace`."""
    return n.__class__(**{name: getattr(n, name) for name in n._fields + ("span",) if name not in changes}, **changes)


def concrete_nodes(category: type = Node) -> list[type]:
    """Every node class declared below a category (every concrete node with the default)."""
    found, stack = [], [category]
    while stack:
        cls = stack.pop()
        for sub in cls.__subclasses__():
            stack.append(sub)
            if "_fields" in sub.__dict__:
                found.append(sub)
    return sorted(found, key=lambda c: c.__name__)


def walk(root: Node) -> Iterator[Node]:
    """Every node below (and including) `root`, depth first, without recursion (chains can be long)."""
    stack = [root]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(list(n.children())))


class NotConstant(Exception):
    """Raised by `as_const` for an expression whose value depends on the game."""


# Folding refuses results past this magnitude: a constant that large is a mistake, not a rule.
CONST_LIMIT = 10**18
# the largest exponent of `a ** b` (a base other than -1, 0 and 1): 2 ** 64 is already past any score
MAX_EXPONENT = 64
# the most places after the point a decimal literal has (E547; branch decimal)
MAX_DECIMAL_PLACES = 6
# ... and a range of more numbers than this (play refuses one past its step budget, E602)
CONST_RANGE_LIMIT = 1000


def is_decimal(value) -> bool:
    """Whether a value is a decimal of the rules (a `fractions.Fraction`), told without importing
    `fractions` (which imports `decimal`: 2% of a lint's start-up): none exists before it is imported."""
    fractions = sys.modules.get("fractions")
    return fractions is not None and type(value) is fractions.Fraction


def decimal_text(value: Fraction) -> str:
    """A decimal as the rules write it: its digits, a point only where it has a fractional part, no
    trailing zeros (`7.5`, `14`, `-0.5`, `0.25`). A decimal of the rules is always a finite decimal
    (literals, + - * % and whole powers keep it one), so this is exact; any other Fraction (none the
    language makes) would show its exact ratio."""
    sign, n, d = ("-" if value < 0 else ""), abs(value.numerator), value.denominator
    if d == 1:
        return f"{sign}{n}"
    places, scaled = 0, d
    for p in (2, 5):
        while scaled % p == 0:
            scaled //= p
    if scaled != 1:
        return f"{sign}{n}/{d}"
    while (n * 10 ** places) % d:
        places += 1
    digits = str(n * 10 ** places // d).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def shown_const(value) -> str:
    """A constant value as a text with values shows it (runtime Game.text, for plain values): numbers
    as digits, conditions as yes/no, none as nothing, a list's items with commas. NotConstant for a
    text (a member's name reads as its title in play, known only there)."""
    if value is None:
        return "nothing"
    if type(value) is bool:
        return "yes" if value else "no"
    if type(value) is int:
        return str(value)
    if is_decimal(value):
        return decimal_text(value)
    if type(value) is list:
        return ", ".join(map(shown_const, value)) if value else "nothing"
    raise NotConstant


def as_const(e: Expr):
    """The value of an expression known without playing, or NotConstant: the one constant
    evaluator of the language (lints, caps, bounds, field values and dead branches all use it)."""
    t = type(e)
    if t is Int or t is Bool or (t is Str and not e.parts) or t is Dec:
        return e.value
    if t is Str:   # a text with values: known when each value is a number, a condition, none or a list of those
        return "".join(p if type(p) is str else shown_const(as_const(p)) for p in e.parts)
    if t is Nothing:
        return None
    if t is ListLit:
        return [as_const(i) for i in e.items]
    if t is Range:
        if e.high is None:   # `5..`, a match's case: not a list
            raise NotConstant
        low, high = as_const(e.low), as_const(e.high)
        if type(low) is not int or type(high) is not int or high - low >= CONST_RANGE_LIMIT:
            raise NotConstant
        return list(range(low, high + 1))
    if t is Unary:
        value = as_const(e.operand)
        if e.op == "not":
            return not value
        if type(value) is not int and not is_decimal(value):   # (a decimal folds no further: E546's places)
            raise NotConstant
        return -value
    if t is Cond:
        return as_const(e.then) if as_const(e.cond) else as_const(e.otherwise)
    if t is Match:   # a printed lookup table of a known value: its first case naming it (a range: holding it)
        subject = as_const(e.subject)
        for case in e.cases:
            if any(_matches(subject, v) for v in case.values):
                return as_const(case.result)
        if e.otherwise is None:
            raise NotConstant   # no case names it: the runtime's error (E601), at the rules line
        return as_const(e.otherwise)
    if t is Index:   # `["Jack", "Queen", "King"][copy_number]`: an item of a list, counting from 1
        items, n = as_const(e.obj), as_const(e.index)
        if type(items) is not list or type(n) is not int or not 1 <= n <= len(items):
            raise NotConstant   # past the end: the runtime's error, at the rules line
        return items[n - 1]
    if t is Binary:
        return _fold(e.op, as_const(e.left), as_const(e.right))
    if t is Call and e.func in _CONST_CALLS and e.args:   # `value = min(r, 10);`: a card's number, known before play
        values = [as_const(a) for a in e.args]
        if not all(type(v) is int for v in values) or (e.func == "abs" and len(values) != 1):
            raise NotConstant
        return _CONST_CALLS[e.func](*values)
    raise NotConstant


# the builtins whose value of whole numbers is known without playing (a `start` reads them too, 3.3)
_CONST_CALLS = {"min": min, "max": max, "abs": abs}


def _matches(subject, case: Expr) -> bool:
    """Whether a known value is named by one case of a `match` (a value, or a range `A..B`, `A..`, holding it)."""
    if type(case) is not Range:
        return subject == as_const(case)
    low, high = as_const(case.low), None if case.high is None else as_const(case.high)
    return type(subject) is int and low <= subject and (high is None or subject <= high)


ARITHMETIC = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.floordiv,
              "%": operator.mod, "**": operator.pow, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}


def _fold(op: str, a, b):
    if op == "and":
        return a and b
    if op == "or":
        return a or b
    if op in ("==", "!="):
        return (a == b) == (op == "==")
    if type(a) is not int or type(b) is not int or (op in ("/", "%") and b == 0) \
            or (op == "**" and not (0 <= b <= MAX_EXPONENT or abs(a) <= 1 and b >= 0)):
        raise NotConstant  # a division by zero, a negative or huge exponent: the runtime's error, at the rules line
    value = ARITHMETIC[op](a, b)
    if type(value) is int and abs(value) > CONST_LIMIT:
        raise NotConstant
    return value


def rewrite(root: Node, change) -> Node:
    """A copy of a tree with some nodes replaced: `change(node)` returns the replacement of a node
    whose children are already rewritten, or None to keep it (spans are kept, unchanged subtrees shared)."""
    updates = {}
    for name in root._fields:
        value = getattr(root, name)
        if isinstance(value, Node):
            new = rewrite(value, change)
            if new is not value:
                updates[name] = new
        elif isinstance(value, tuple) and value:
            new = tuple(rewrite(v, change) if isinstance(v, Node) else v for v in value)
            if any(a is not b for a, b in zip(new, value)):
                updates[name] = new
    node = replace(root, **updates) if updates else root
    new = change(node)
    return node if new is None else new


def else_if_chain(s: "If") -> list["If"]:
    """An `if` and the `else if`s that follow it, as one flat list (chains can be long)."""
    chain = [s]
    while len(s.otherwise) == 1 and type(s.otherwise[0]) is If:
        s = s.otherwise[0]
        chain.append(s)
    return chain


class Visitor:
    """Dispatch on the node's class to `visit_<ClassName>`, as CPython's `ast.NodeVisitor`.

    A class without its own handler falls back to its category's (`visit_Expr`, `visit_Stmt`,
    `visit_Part`, `visit_Decl`), then to `generic_visit`, which fails loudly: a visitor never skips
    a node silently. The dispatch table is built once per visitor class.
    """

    _table: ClassVar[dict] = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._table = {}

    @classmethod
    def handler(cls, node_class: type):
        """The function that visits nodes of a class (None when only `generic_visit` would)."""
        fn = cls._table.get(node_class, False)
        if fn is False:
            fn = None
            for c in node_class.__mro__:
                fn = getattr(cls, "visit_" + c.__name__, None)
                if fn is not None or c is Node:
                    break
            cls._table[node_class] = fn
        return fn

    def visit(self, node: Node, *args):
        """Visit one node with this visitor's handler for its class."""
        fn = self._table.get(type(node)) or self.handler(type(node)) or type(self).generic_visit
        return fn(self, node, *args)

    def generic_visit(self, node: Node, *args):
        raise NotImplementedError(f"{type(self).__name__} has no handler for {type(node).__name__} "
                                  f"(add visit_{type(node).__name__})")


# ---------------------------------------------------------------------------- expressions


@node
class Int(Expr):
    """An integer literal; `const`, the constant whose read the resolver wrote it in place of (`radius`), for what
    shows the rules as written (`explain`, hovers)."""

    _quiet = ("const",)
    value: int
    const: Optional[str] = None


@node
class Dec(Expr):
    """A number with a fractional part, as written (`7.5`, `0.50`): an exact decimal, `value` a Fraction
    (never a binary float). Its places are at most MAX_DECIMAL_PLACES (E547)."""

    text: str

    @property
    def value(self) -> Fraction:
        from fractions import Fraction   # (at the first decimal: see is_decimal)
        return Fraction(self.text)


@node
class Str(Expr):
    """A string literal (already unescaped), as written. One with `{...}` values (`"factory {d}"`)
    keeps its literal texts and expressions in `parts`, as a `say` text, and is filled in where it
    is evaluated; `{{` and `}}` are braces. () for a plain text."""

    value: str
    parts: tuple = ()


@node
class Bool(Expr):
    """`true` or `false`."""

    value: bool


@node
class Nothing(Expr):
    """`none`: no player, no entity, no value."""


@node
class You(Expr):
    """The acting player: whoever the current effect runs for."""


@node
class Name(Expr):
    """A bare name: a local, a parameter, a resource, counter, track, zone, entity, actor or enum member."""

    id: str


@node
class Attr(Expr):
    """`obj.name`: a player's resource, counter, track position or zone size, or an entity's field."""

    obj: "Expr"
    name: str


@node
class Method(Expr):
    """`obj.name(args)`: a builtin or function called with `obj` as the actor it is about."""

    obj: "Expr"
    name: str
    args: tuple


@node
class Pair(Expr):
    """`r, c` (or `r, c, s`, ...) between the brackets of an element of a grid (declared with two indexes
    or more): `wall[r, c]`, `meeple[r, c, s]`; each index in order in `parts`."""

    parts: tuple

    def __repr__(self) -> str:
        """Two parts as when a grid had two indexes and a Pair its `first` and `second` (so the digests of
        packs written before grids took more stay as they were); more as `parts`."""
        if len(self.parts) == 2:
            return f"Pair(first={self.parts[0]!r}, second={self.parts[1]!r})"
        return f"Pair(parts={self.parts!r})"


@node
class Index(Expr):
    """`items[n]`: the n-th element of a list or zone, counting from 1 (a printed row of values)."""

    obj: "Expr"
    index: "Expr"


def blind_zone_name(zone: "Expr") -> str:
    """The declared name of a zone a pick's `or blind` offers the top of: `deck` of `deck` and of `deck[one]`."""
    return zone.obj.id if type(zone) is Index else zone.id


@node
class Call(Expr):
    """`name(args)`: a builtin function or a `func` declared in the pack."""

    func: str
    args: tuple


@node
class Aggregate(Expr):
    """`count|total|some|every(var in domain where cond, value)` over players, zones or lists."""

    op: str
    var: str
    domain: "Expr"
    where: Optional["Expr"]
    value: Optional["Expr"]


@node
class Sorted(Expr):
    """`sorted(x in D where C, most KEY then fewest KEY2 ...)`: a new list of the kept elements of D,
    ordered by the keys (read with `x` bound to each element), `most` highest first, `fewest` lowest
    first; elements tied on every key keep D's order (a stable sort)."""

    var: str
    domain: Expr
    where: Optional[Expr]
    keys: tuple           # the main key first, then the tie-breaks
    orders: tuple         # per key: "most" or "fewest"


@node
class Network(Expr):
    """`connects(r in EDGES where C, r.a, r.b, FROM, TO)`: whether FROM reaches TO along the kept
    edges (either way); `longest_path(r in EDGES where C, r.a, r.b[, LENGTH])`: the greatest total
    LENGTH (1 an edge) of a trail, each edge used at most once, its ends free to repeat;
    `shortest_path(r in EDGES where C, r.a, r.b, FROM, TO[, LENGTH])`: the least total LENGTH of a path
    from FROM to TO (either may be a list or zone of places), none when there is none;
    `reachable(r in EDGES where C, r.a, r.b, FROM)`: the places FROM reaches, nearest first."""

    op: str               # "connects" | "longest_path" | "shortest_path" | "reachable"
    var: str
    domain: Expr
    where: Optional[Expr]
    ends: tuple           # (END1, END2), read with `var` bound to each edge
    args: tuple           # connects: (FROM, TO); longest_path: (LENGTH,) or (); shortest_path: (FROM, TO[,
                          # LENGTH]); reachable: (FROM,)
    through_var: Optional[str] = None   # `through P where COND`: P, bound to each place an edge ends at
    through: Optional[Expr] = None      # ... COND: a path enters and leaves only places for which it holds
                                        # (it may start or end at any); None: every place may be passed

    def places(self) -> tuple:
        """FROM (and TO), read outside the binder."""
        return self.args[:NETWORK_ARGS[self.op][0]]

    def length(self) -> Optional[Expr]:
        """LENGTH, read with the binder bound to each edge; None where each edge counts 1."""
        places, weighted = NETWORK_ARGS[self.op]
        return self.args[places] if weighted and len(self.args) > places else None


@node
class Flood(Expr):
    """`reachable(p from START via NEXT [through q where PASSABLE])`: the places reached from START (a
    place, or a list or zone of them) by a rule of neighbours, NEXT, read with `var` bound to each place
    reached: the list of the places next to it; START's first, then breadth first in the order NEXT
    gives them, each once. A place PASSABLE fails (read with `through_var` bound to it) is reached but
    NEXT is not read from it (unless it is one of START's)."""

    op: str               # "reachable" or "connects" (another search written so is the checker's error, E388)
    var: str
    start: Expr
    next: Optional[Expr]  # None: `via NEXT` left out (the checker's error, E386)
    through_var: Optional[str] = None
    through: Optional[Expr] = None
    # `connects(p from START to GOAL via NEXT)`: whether a place of GOAL is reached (None: `reachable`'s
    # list; on `connects` the checker's E662, on `reachable` written E663)
    goal: Optional[Expr] = None


@node
class Regions(Expr):
    """`regions(p in DOMAIN [where COND] via NEXT)`: the connected parts of the elements of DOMAIN that
    COND holds for (read with `var` bound to each), two of them joined when one is in the other's NEXT
    (the list of the elements next to `var`): a list of lists, each part once, ordered by its first
    element in DOMAIN's order, each part breadth first from it in the order NEXT gives."""

    var: str
    domain: Expr
    where: Optional[Expr]
    next: Expr


@node
class Ray(Expr):
    """`ray(c from CELL via DIRECTION [until COND])`: the cells of a board from CELL (itself left out) one step of
    DIRECTION at a time to the edge, in order, stopping after the first cell COND holds for (read with `var` bound
    to each cell, that cell included); `ray(c from CELL via DIRECTION while COND)` (`while_form`) keeps the cells
    as long as COND holds for each, stopping before the first it fails for (that one left out). `ray(CELL,
    DIRECTION)` without a binder is a call (A.Call)."""

    func: str             # "ray" (another name written so is the checker's error, E302)
    var: str
    cell: Expr
    direction: Expr
    until: Optional[Expr] = None   # the condition, of `until` or (while_form) of `while`
    while_form: bool = False


# what each search over edges reads after the two ends: how many places (FROM, TO), then whether a
# LENGTH may follow
NETWORK_ARGS = {"connects": (2, False), "longest_path": (0, True), "shortest_path": (2, True), "reachable": (1, False)}


@node
class Match(Expr):
    """`match X { a: 1, b: 2, else: 0 }`: the value of the first case equal to X (a printed lookup
    table); without `else`, a value no case names stops play (E601)."""

    subject: Expr
    cases: tuple          # of Case
    otherwise: Optional[Expr]


@node
class Affordable(Expr):
    """`affordable(COST [for ACTION(args)])`: whether you can pay the cost, as modifiers change it."""

    terms: tuple
    tag: Optional[Tag]


@node
class Valued(Expr):
    """`EXPR for ACTION(args)`: a tagged value (the value of a `let`, a `set` or a func), as the
    modifiers in force on the action change it with their `value` lines (7.7c)."""

    value: Expr
    tag: Tag


@node
class Allowed(Expr):
    """`allowed(ACTION(args))`: whether you may take the action, as `forbid`/`allow` modifiers say."""

    tag: Tag


@node
class During(Expr):
    """`during LABEL`: whether a loop of that label is running now, a named phase of the game (`during
    rail_era`: the phase is under way, in a proc it calls too) or a labelled loop (`during round`)."""

    label: str


@node
class CanOpen(Expr):
    """`can PROC(args)`: whether the first decision of the proc, the `choose`, `may` or `pick` its body
    starts with (or that of a proc it starts by calling), would be open for you now (a choose's option
    offered: a guard that holds, a `once` not yet taken, a leading cost you can pay; a may's `when`
    and cost; a pick's candidates), the proc's parameters bound to the arguments; nothing runs."""

    proc: str
    args: tuple


@node
class After(Expr):
    """`EXPR after PROC(args)`: EXPR read in the state the call would leave, run for you on a scratch copy
    of the game (its triggers too, its random draws from the copy's generator) and then thrown away:
    nothing of the real game changes. A decision inside is refused (E480)."""

    value: "Expr"
    proc: str
    args: tuple


@node
class CanCopy(Expr):
    """`can copy ENTITY.SLOT`: whether running the entity's effect slot now (as `copy ENTITY.SLOT;`
    would, for you) would do something: false for an entity without the slot or with it empty; its
    opening decision's test (as `can PROC(args)`'s) when it starts with one; true when it starts with
    anything else. `target` is the operand as written (an Attr, E393 otherwise); `args` a slot's arguments,
    as `Copy.args` (or, `with it`, those of the event heard: Symbols.event_args)."""

    target: "Expr"
    args: Optional[tuple] = None
    # `can copy this.answer with it` (in a trigger or reaction): as `Copy.with_event`, the event's arguments by name
    with_event: Optional[str] = None
    _quiet = ("args", "with_event")


@node
class Opening(Expr):
    """Made by the compiler, never written: whether the decision `stmt` (a `choose`, `may` or `pick`
    that a body starts with) would be open now, as it would offer it; what `can` tests (layout.opening_test)."""

    stmt: "Stmt"


@node
class ListLit(Expr):
    """`[a, b, c]`."""

    items: tuple


@node
class MemberValue(Part):
    """`member: EXPR` in a member map."""

    member: object   # a member's name, or a number of a range (`{1: 3, 6: 2}` of a field `int[1..6]`)
    value: "Expr"


@node
class MemberMap(Part):
    """`{white: 3, red: 1}`: the value of a field declared `int[ENUM]` for the members named (the
    others take the field's default); written only as a card's field value."""

    items: tuple   # of MemberValue


@node
class Range(Expr):
    """`low..high`: the list of whole numbers from low to high, both included (empty when high < low).
    As a case of a `match` (`3..4: ...`), the numbers X with low <= X <= high; there only, `low..`
    (high None) is every number from low up."""

    low: "Expr"
    high: Optional["Expr"]
    # `row g of at` as written, when the resolver wrote the row's range in its place (RowOf): printed and read so
    row_of: Optional[str] = None
    grid: Optional[str] = None   # ... and the grid's name (the checker counts it used)
    # ... and its keys when one is computed (`row r of pyramid`): the checker reads their kinds (E670), and both
    # backends check the keys begin an element of the grid before the range's ends are worked out (E601)
    row_keys: Optional[tuple] = None
    _quiet = ("row_of", "grid", "row_keys")


@node
class RowMembers(Expr):
    """`row n of spare` of `spare[1..2, gear]` with n worked out in play: the enum's members (the row's index), as
    the resolver writes it in place of the RowOf (a constant row is the enum's name), with the keys both backends
    check to begin an element of the grid (E601) and the checker reads (E670, W653), as a Range's `row_keys`."""

    enum: str
    row_of: str   # as written
    grid: str
    row_keys: tuple


@node
class IndexIn(Expr):
    """`index of c in techs`, `index r of c in pyramid`, `index 2 of c in pyramid`: the value of the grid's index
    (its one index, the one named, or the one at that place, from 1) for the element of the grid the item lies
    in, whoever's it is (only the holder's of `in p.techs`); none when it lies in none of them."""

    which: Optional[object]   # None (the grid's one index), an index's name, or its place (1 = the first)
    item: Expr
    grid: str
    # `index of c in p.techs`: the holder whose zones alone are read (none when c lies in another's); None: anyone's
    holder: Optional[Expr] = None
    _quiet = ("holder",)


@node
class RowOf(Expr):
    """`row g of at`, `row l, r of ball`: the values of the grid's index after the given ones, in order (a ragged
    row's own, up to its end). The resolver writes in its place the row's range (a Range whose `row_of` is this
    as written) or the enum's name, so the checker and both backends know only those."""

    keys: tuple
    grid: str


@node
class Unary(Expr):
    """`-x` or `not x`."""

    op: str
    operand: "Expr"


@node
class Binary(Expr):
    """Arithmetic (`+ - * / %`, `/` floors), comparison, `and`, `or`."""

    op: str
    left: "Expr"
    right: "Expr"


@node
class IsKind(Expr):
    """`c is advanced`: whether a value is a card (tile, piece...) of that kind; where it holds (an
    `if`'s block, after `and`, a loop's or aggregate's body after its `where`), a local `c` of a zone
    of several kinds is read as one of that kind."""

    subject: Optional["Expr"]   # None: a trigger filter's `c is silver`, about the event's argument
    kind: str


@node
class Cond(Expr):
    """`if COND then A else B`: a value chosen by a condition."""

    cond: "Expr"
    then: "Expr"
    otherwise: "Expr"



# ---------------------------------------------------------------------------- statements


@node
class Gain(Stmt):
    """`gain AMOUNT RESOURCE;` also for counters such as prestige."""

    events = ("gain",)
    drains = True

    amount: Expr
    resource: str
    tag: Optional["Tag"] = None
    index: Optional[Expr] = None   # `gain 1 votes[f];` an indexed counter's element
    on: Optional[Expr] = None   # `gain 1 eggs on b;` a stock the card b holds (`resource`: its kind's field)
    owner: Optional[Expr] = None   # `gain 1 P.won;` another player's stock (the amount worked out by you)
    _quiet = ("on", "owner")


@node
class GainEach(Stmt):
    """`gain CARD.FIELD [for ACTION(args)];` of a field declared `int[GROUP]`: each member's amount of
    its own resource, as `gain N RES;` gains it (caps, supply, modifiers, one gain a member)."""

    events = ("gain",)
    drains = True

    amount: Expr
    tag: Optional["Tag"] = None


@node
class GainAny(Stmt):
    """`gain AMOUNT any(GROUP);` AMOUNT units of the group's resources, the player choosing the member
    of each unit in turn (repeats allowed), among those with room (caps, supply) left."""

    events = ("gain",)
    drains = True

    amount: Expr
    group: str


@node
class Tag(Part):
    """`for ACTION(args)` after a cost or a gain: the modifiers of that action apply to it."""

    action: str
    args: tuple


@node
class Lose(Stmt):
    """`lose AMOUNT RESOURCE [else DEBT | for ACTION(args) | to PLAYER];` never below zero; with `else`, the
    shortfall is taken as DEBT; with a tag, the modifiers of the action change it (or stop it); with
    `to`, PLAYER gains what was actually lost (a transfer: a cap may ask them to discard)."""

    events = ("lose", "gain")
    drains = True

    amount: Expr
    resource: str
    debt: Optional[str]
    index: Optional[Expr] = None
    tag: Optional["Tag"] = None
    to: Optional[Expr] = None
    on: Optional[Expr] = None   # `lose 1 eggs on b;` a stock the card b holds (`resource`: its kind's field)
    owner: Optional[Expr] = None   # `lose 1 P.coin;` another player's stock (the amount worked out by you)
    _quiet = ("on", "owner")


@node
class Take(Stmt):
    """`take VALUE from LIST;`: the first copy of VALUE taken out of a list variable (a global's, a player's
    or a local list), the others kept: a bag of values ("the dice still to play"). E601 when it holds none."""

    drains = True   # (a variable a trigger hears: set as `set` sets it)

    value: Expr
    list: Expr


@node
class Share(Stmt):
    """`share AMOUNT RESOURCE among PLAYERS [odd to PLAYER];`: each player of the list gains AMOUNT / n
    rounded down (n the list's size), in its order, as `gain` gains it (caps, supply, triggers); the units
    left over go to PLAYER (none: to nobody, they are not gained), without `odd to` to the first of the list.
    Nobody to share with: nothing is gained. (Poker's split pot, Acquire's tied majority bonuses.)"""

    events = ("gain",)
    drains = True

    amount: Expr
    resource: str
    among: Expr
    odd: Optional[Expr] = None   # `odd to PLAYER`; None: the first of the list


@node
class Shift(Stmt):
    """`shift AMOUNT COUNTER[A] to COUNTER[B];` units moved from one element of an indexed counter to
    another of the same counter (the acting player's, or the global one): at most what the source holds
    above its floor, and what fits under the destination's ceiling (the rest stays where it was). One
    `shift` event (`res` the source element, `dest` the destination, `amount` what moved), after the
    `lose` and `gain` of the two elements (7.1)."""

    events = ("shift", "lose", "gain")
    drains = True

    amount: Expr
    counter: str
    index: Optional[Expr]   # None only in a statement the checker refuses (E312, E436)
    dest_counter: str
    dest_index: Optional[Expr]


@node
class Split(Stmt):
    """`split ZONE into N piles as PILE { ... }`: the zone's items dealt into N piles as equal as possible
    (cut from the top: pile 1 the top items, the first `size % N` piles one item larger), the block run
    once per pile in order with PILE that pile (a zone), then the piles stacked back into the zone by their
    size then, the largest on top (equal sizes: pile 1 above pile 2)."""

    events = ("move",)

    zone: Expr
    count: Expr
    pile: str
    body: tuple


@node
class LoseRandom(Stmt):
    """`lose AMOUNT any(GROUP) at random [to PLAYER];` AMOUNT units of the group's resources, drawn one
    at a time by the game's RNG, each unit the acting player holds as likely as another (fewer when
    they hold fewer); with `to`, PLAYER gains each unit lost (a theft)."""

    events = ("lose", "gain")
    drains = True

    amount: Expr
    group: str
    to: Optional[Expr] = None


@node
class CostTerm(Part):
    """One part of a cost: `2 coin`, `1 any`, `1 any(crystals)`, `2 different(crystals)`, or
    `3 cards from hand [except c] [where COND] to discards` (mode "cards": cards the payer picks, only
    those COND holds for, with `it` the card; in a modifier, `cost -1 cards;` has no zones and changes
    every card term of the cost)."""

    amount: Expr
    mode: str  # "plain" | "any" | "different" | "cards" | "worth" (paid in part with substitutes) | "each" | "on"
    # ("on": `2 eggs on b`, a stock cards hold: `name` the kind's field, `source` the card, or a zone or list of
    # cards the payer takes the units from)
    # ("each": `q.needs`, a field declared `int[GROUP]`, each member's amount paid from its resource)
    # ("held": `1 c.good`, the resource a card's or member's field names: `name` the field, `source` the owner)
    name: Optional[str]
    index: Optional[Expr] = None   # a plain term of an indexed counter: `1 votes[f]`
    source: Optional[Expr] = None   # a card term's zone paid from, the card it never takes, its destination
    exclude: Optional[Expr] = None
    dest: Optional[Expr] = None
    where: Optional[Expr] = None   # a card term's filter: the cards it may take
    substitutes: tuple = ()   # mode "worth": `14 mc using titanium at 3`, the Substitutes in order
    # mode "or": `1 fish or 1 rodent`, the CostAlts the payer picks one of (amount 1, name None); mode "trade":
    # `trading 2 any(food) as 1`, a cost's exchange (amount the units that pay 1, name the group)
    alternatives: Optional[tuple] = None
    # a card term's `alike by FIELD` (the Attr `it.FIELD` read of each card not wild: they all share its value)
    # and `wild COND` (the cards COND holds for, `it` the card: offered whatever `where` says, standing in for any)
    alike: Optional[Expr] = None
    wild: Optional[Expr] = None
    # `different by FIELD` (written where `alike by` is, `alike` the same Attr): the cards not wild each hold
    # another value of the field, a wild card standing in for a value none of them holds
    different: bool = False
    _quiet = ("alternatives", "alike", "wild", "different")


@node
class CostAlt(Part):
    """One alternative of a cost written with `or` (`1 seed, 1 any(food)` in `pay 1 seed, 1 any(food) or 2
    fish;`): its CostTerms, all paid when the payer picks it."""

    terms: tuple


@node
class CostValue(Expr):
    """A cost written out as a field's value (`cost = 1 fish or 1 rodent;` of a field declared `cost`): its
    CostTerms, as a `pay` statement's; paid whole with `pay b.cost;`."""

    terms: tuple


@node
class Substitute(Part):
    """`titanium at 3` in `pay 14 mc using titanium at 3;`: a resource that stands for the term's own at
    a rate (each unit counts as `rate` of it); how many units of each to spend is the payer's choice."""

    name: str
    rate: Expr


@node
class Pay(Stmt):
    """`pay COST;` the player must afford it; choices of 'any'/'different' are decisions.
    `let NAME = pay COST;` also binds how many units were paid (after the modifiers) to NAME.
    `pay COST for ACTION(args) and emit;` (`announce`) then announces the action, as the statement
    `emit ACTION(args);` after it would (`announcement`, which every stage reads as that `emit`)."""

    events = ("pay",)
    drains = True
    binds = "name"

    terms: tuple
    tag: Optional[Tag] = None
    name: Optional[str] = None
    announce: bool = False
    _quiet = ("announce",)

    @property
    def announcement(self) -> "Optional[Emit]":
        """The `emit` that `and emit` stands for (a node of its own each time: read it, never keep it)."""
        return Emit(self.tag.action, self.tag.args, span=self.tag.span) if self.announce else None


@node
class Advance(Stmt):
    """`advance TRACK [by N] [no_benefit] [paying] [no_bonus] [no_reward];` with `paying`, the next
    space's cost is paid first (with `no_benefit` too: paid for, without its benefit); `no_bonus` gives the landing space's benefit without offering its
    bonus; `no_reward` claims no `first to` reward on the way."""

    events = ("advance", "pay", "benefit")

    track: str
    by: Optional[Expr]
    benefit: bool
    paying: bool = False
    bonus: bool = True
    rewards: bool = True


@node
class Reactivate(Stmt):
    """`reactivate TRACK [space N] [no_bonus];` the benefit (then the optional paid bonus) of the space
    the acting player stands on (or of space N), without moving."""

    events = ("pay", "benefit")

    track: str
    bonus: bool = True
    space: Optional[Expr] = None


@node
class Marker(Stmt):
    """`add marker to TRACK [space N];` one more marker of the acting player on a track (its start,
    or space N); `remove marker from TRACK [space N];` one fewer (the one on space N, or the player's
    choice). The most advanced marker is the player's position; any of them may advance."""

    track: str
    adds: bool
    space: Optional[Expr] = None


@node
class Bonus(Stmt):
    """`bonus TRACK [space N] [paying];` the optional bonus of the space the acting player stands on (or
    of space N): free, or paid as printed with `paying`."""

    events = ("pay",)

    track: str
    paying: bool = False
    space: Optional[Expr] = None


@node
class Regress(Stmt):
    """`regress TRACK [by N];` (never gives benefits)."""

    events = ("regress",)
    drains = True

    track: str
    by: Optional[Expr]


@node
class Option(Part):
    """One branch of `choose`: `option "label" [once] [when COND] { ... }`; with `once`, each player
    may take it once per game (it is not offered again after)."""

    title: Optional[str]
    guard: Optional[Expr]
    body: tuple
    once: bool = False
    title_parts: tuple = ()   # a label with `{...}` values: its literal texts and expressions (as `say`'s)
    rest: Optional["Pattern"] = None   # `once per PATTERN`: each player's take rests until PATTERN
    # `once ... as NAME`: a limit the options naming it share (one take of any of them takes them all)
    limit: Optional[str] = None
    _quiet = ("rest", "limit")


@node
class Choose(Stmt):
    """`choose ["prompt"] [in any order] { option ... }`: a decision among the options whose guard
    holds; `in any order`: every option once, the player choosing which next."""

    title: Optional[str]
    options: tuple
    any_order: bool = False
    title_parts: tuple = ()   # a prompt with `{...}` values: its literal texts and expressions (as `say`'s)
    stmt_label: Optional[str] = None   # `choose "..." as LABEL { ... }`: the name an amend finds it by
    # `as LABEL open`: an open choose, which the options cards hold (HeldOption) are added to for their holder
    open: bool = False
    secret: bool = False   # `secret`: the other players are told it was asked, not which option (runtime/view.py told_answer)
    _quiet = ("stmt_label", "open", "secret")


@node
class May(Stmt):
    """`may ["prompt"] [repeatedly] [cost COST] [when COND] { ... } [else { ... }]`: an optional (paid)
    bonus, offered only when affordable and COND holds; `else` runs when it is not offered or
    declined; `repeatedly` offers it again after each time it is taken."""

    title: Optional[str]
    cost: Optional[tuple]
    body: tuple
    tag: Optional[Tag] = None
    when: Optional[Expr] = None
    otherwise: tuple = ()
    repeated: bool = False   # `repeatedly`: offered again after each time taken, until declined or not offered
    title_parts: tuple = ()   # a prompt with `{...}` values: its literal texts and expressions (as `say`'s)
    secret: bool = False   # `secret`: the other players are told it was asked, not the answer (as a Choose's)
    _quiet = ("secret",)


@node
class Repeat(Stmt):
    """`repeat N [as LABEL] { ... }`."""

    count: Expr
    body: tuple
    loop_label: Optional[str] = None   # `as LABEL`: the name `end game after LABEL;` gives the loop (every loop may have one)


@node
class RepeatStable(Stmt):
    """`repeat until stable(NAME, ...) [as LABEL] { ... }`: the body, again and again until a pass leaves
    every named counter, variable (every element, every player's) and local as it was before the pass
    (a fixed point); each pass counts against the step budget (E602 when it never settles)."""

    names: tuple   # the names written (A.Name, each with its span)
    body: tuple
    loop_label: Optional[str] = None   # `as LABEL`, as a Repeat's


@node
class While(Stmt):
    """`while COND { ... }`: runs the body as long as the condition holds (each round counts against
    the step budget)."""

    cond: Expr
    body: tuple
    loop_label: Optional[str] = None   # `as LABEL`, as a Repeat's


@node
class ForEach(Stmt):
    """`for each VAR in DOMAIN [where COND] [in any order ["prompt"]] { ... }`; `in any order`: the
    player picks which element next, each once."""

    var: str
    domain: Expr
    where: Optional[Expr]
    body: tuple
    any_order: bool = False
    title: Optional[str] = None
    title_parts: tuple = ()   # a prompt with `{...}` values: its literal texts and expressions (as `say`'s)
    loop_label: Optional[str] = None   # `as LABEL`, as a Repeat's
    alike: bool = False   # `in any order alike`: copies nothing tells apart asked once (as `pick ... alike`)
    _quiet = ("alike",)


@node
class Each(Stmt):
    """`each PLAYERS [where COND] [as LABEL]: stmt` runs the body with each of those players as `you`."""

    domain: Expr
    where: Optional[Expr]
    body: tuple
    loop_label: Optional[str] = None   # `as LABEL`, as a Repeat's
    # `until settled`: round and round DOMAIN (evaluated once, in its order) while some player owes a turn;
    # each owes one at the start and again after another's `reopen;` (a player passed over, out or
    # failing `where` when their turn comes, spends it)
    settled: bool = False
    _quiet = ("settled",)


@node
class If(Stmt):
    """`if COND [as LABEL] { ... } [else { ... }]`."""

    cond: Expr
    then: tuple
    otherwise: tuple
    stmt_label: Optional[str] = None   # `if COND as LABEL { ... }`: the name an amend finds it by (as a pick's)
    _quiet = ("stmt_label",)


@node
class Arm(Part):
    """`VALUE, VALUE { ... }` of a `match` statement: the block runs when the value matched equals one
    (or, a Range case, lies in it)."""

    values: tuple
    body: tuple


@node
class MatchStmt(Stmt):
    """`match X { A, B { ... } C: STMT; else { ... } }`: runs the block of the first arm naming a
    value equal to X, else the `else` block (None: no `else`, and nothing happens)."""

    subject: Expr
    arms: tuple           # of Arm
    otherwise: Optional[tuple] = None


@node
class Return(Stmt):
    """`return VALUE;` ends a proc declared with a result type, giving VALUE to `let x = proc(...);`;
    `return;` (value None) ends a proc without one."""

    value: Optional[Expr]


@node
class EndGame(Stmt):
    """`end game;`: the game ends at once: every running effect stops, the final phase runs (in the
    final phase: it stops there), then the winner is decided. `end game "REASON";` gives the reason it
    ended ("checkmate", "fivefold repetition"), shown with the outcome and kept in the result; its `{...}`
    values (`reason_parts`, as a `say` text's parts; none for a text without any) are filled in as it ends.
    `end game won by P;` (`by` P, a player or a list of players) is a sudden end with its outcome named: the
    game stops at once, the final phase is skipped, and P wins (shares the win); `end game lost by P;`
    (`lost` true): every other player still in wins (nobody left: a draw). The winner line only scores.
    `end game drawn;` (`drawn` true, no `by`) is a sudden end in a draw: nobody wins, the final phase is skipped."""

    reason: Optional[str] = None
    reason_parts: Optional[tuple] = None
    by: Optional[Expr] = None
    lost: bool = False
    drawn: bool = False
    _quiet = ("reason", "reason_parts", "by", "lost", "drawn")

    @property
    def named(self) -> bool:
        """Whether it names the outcome (`won by`, `lost by`, `drawn`): a sudden end that skips the final phase."""
        return self.by is not None or self.drawn


@node
class EndAfter(Stmt):
    """`end game after LABEL;`: the round under way of the innermost running loop labelled LABEL
    finishes (the statements after this one, the rest of that loop's body and its triggers run), then
    the game ends as `end game;` would there. Said again before then, it changes nothing (but for a
    reason, when the first said none). `end game after LABEL "REASON";` gives the reason it ends with (its
    values filled in when the statement runs, as `end game "REASON";`'s)."""

    label: str
    reason: Optional[str] = None
    reason_parts: Optional[tuple] = None
    _quiet = ("reason", "reason_parts")


@node
class Window(Stmt):
    """`window;`: each player holding a card with an `anytime in ZONE` slot in that zone is offered to
    play it now, in seat order from the acting player, until all pass (7.2b). `window NAME;` (a named
    window) offers the slots written `at NAME` alone, `window;` those written without `at`."""

    name: Optional[str] = None
    _quiet = ("name",)


@node
class Break(Stmt):
    """`break;` leaves the innermost loop around it (`repeat`, `while`, `for each`, `each`), `break
    LABEL;` the loop labelled LABEL around it (and every loop inside that): the rest of the loop's
    body and its further rounds do not run. Lexical: the loop is around the statement in the same
    effect (a proc's loop is not left by a `break` in a proc it calls, nor by one in a trigger's body)."""

    label: Optional[str] = None


@node
class Reopen(Stmt):
    """`reopen;` inside `each ... until settled` (lexically, as `break`): every player of the innermost
    such round but the acting one owes a turn again."""


@node
class GiveRole(Stmt):
    """`give PLAYER role ROLE;`: the player takes the role (its state is made for them, its rules are
    theirs from now on). ROLE is a role's name or any value holding a role (a local, a var, a card's
    field, `first(drafted)`). A player holds one role: a second is E601 at play."""

    who: Expr
    role: Expr


@node
class Eliminate(Stmt):
    """`eliminate PLAYER;` knocks a player out (`eliminate;`: the acting player): the player domains,
    `each`, the triggers they own and the winner line pass them over; `restore PLAYER;` (`restore`
    true) brings them back in. PLAYER may be a list of players (`restore all_players;`). `retire PLAYER;`
    (`retire` true) takes a player out of the turns only: the player domains (`players`, `left`, ...) pass them
    over, but they still act and may still win (`each p`, `each all_players`, picks, their triggers and
    modifiers); `restore` brings them back too."""

    _quiet = ("retire",)

    who: Optional[Expr] = None
    restore: bool = False
    retire: bool = False


@node
class Let(Stmt):
    """`let NAME [: TYPE] = EXPR;` a local of the current effect; with a type, a bare resource,
    counter or track name in EXPR stands for itself (as in a call's argument)."""

    binds = "name"
    name: str
    value: Expr
    type: Optional[str] = None
    of: Optional[str] = None   # `let seen: list of city = [];` the items' type (an enum or a kind)


@node
class SetName(Stmt):
    """`set NAME = EXPR;` a local, a counter or variable of the acting player, or a global one;
    `set NAME[I] = EXPR;` an element of an indexed counter."""

    events = ("gain", "lose")
    drains = True

    name: str
    value: Expr
    index: Optional[Expr] = None


@node
class SetAttr(Stmt):
    """`set OBJ.NAME = EXPR;` a player's counter or variable, or an entity's variable;
    `set OBJ.NAME[I] = EXPR;` an element of a player's indexed counter."""

    events = ("gain", "lose")
    drains = True

    obj: Expr
    name: str
    value: Expr
    index: Optional[Expr] = None


@node
class CallStmt(Stmt):
    """`NAME(args);` a procedure of the pack or a kernel declared with `extern`."""

    func: str
    args: tuple


@node
class Draw(Stmt):
    """`draw N from ZONE [where COND] to [top of] ZONE;` the top N items (that COND holds for, with `it`
    the item) move, fewer when the zone runs out; to the bottom of the destination, or (`top`) onto its
    top, keeping their order. `let NAME = draw ...;` also binds the list of the items drawn, in the
    order drawn (empty when none was); `let NAME = draw one ...;` (`single`) binds the one item drawn,
    or none. `draw from Z to W until COND [each VAR { ... }]` (`until`) draws one item at a time while
    COND does not hold (tested before each), until nothing is left to draw, running the block for each
    item drawn, VAR the item (count None; a count written is E514)."""

    _quiet = ("until", "var", "body", "single")   # left out of the repr while unwritten: the packs' digests stay

    events = ("draw", "move")
    drains = True
    binds = "name"
    loop_label: ClassVar[Optional[str]] = None   # a `draw ... until` is a loop `break;` leaves (unlabelled)

    count: Optional[Expr]
    source: Expr
    dest: Optional[Expr]
    where: Optional[Expr] = None
    top: bool = False
    name: Optional[str] = None
    until: Optional[Expr] = None
    var: Optional[str] = None
    body: Optional[tuple] = None   # `each VAR { ... }` (None without it: the repr stays quiet)
    single: bool = False


@node
class Move(Stmt):
    """`move ITEM to [top of | bottom of] ZONE [at N from top|bottom];` the bottom (the end) unless told: `draw`
    takes from the top. `... known [to PLAYERS]`: the acting player (those players) knows the item and its place,
    counted from the end it went to (`known`: "top", "bottom"; "" when no end was written, E450),
    until it moves or the zone is shuffled."""

    _quiet = ("known", "known_to", "bottom", "depth", "depth_from")   # left out of the repr while unwritten: the packs' digests stay as they were

    events = ("move",)
    drains = True

    item: Expr
    dest: Expr
    top: bool = False
    known: Optional[str] = None
    known_to: Optional[Expr] = None
    bottom: bool = False   # `to bottom of ZONE` written (where a move goes anyway): the trace and `fmt` say it
    # `to ZONE at N from top|bottom`: the item put Nth from that end (1: the end itself), as many of the zone's
    # other items on that side as there are, the rest beyond; `depth_from` is "top" or "bottom"
    depth: Optional[Expr] = None
    depth_from: Optional[str] = None


@node
class MoveAll(Stmt):
    """`move all of ZONE [where COND] to [top of | bottom of] ZONE [at N from top|bottom];` every item of a
    zone (those COND holds for, with `it` the item), keeping their order, to the end of another (or to its
    top: the first item moved becomes the top; or together at a depth)."""

    events = ("move",)
    drains = True
    _quiet = ("bottom", "depth", "depth_from")

    source: Expr
    dest: Expr
    top: bool = False
    where: Optional[Expr] = None
    bottom: bool = False   # `to bottom of ZONE` written, as a Move's
    depth: Optional[Expr] = None   # `to ZONE at N from top|bottom`, as a Move's: the items together, in order
    depth_from: Optional[str] = None


@node
class Swap(Stmt):
    """`swap ZONE with ZONE;` the two zones exchange their contents, each zone's items keeping their order;
    every item moves as `move` moves it (one `move` event each, the first zone's items first), and each zone
    keeps its own visibility. `unseen`: only the acting player sees it done (One Night's Robber, Mascarade's
    swap under the table): they keep what they knew of the items, and the other players what they saw where
    they saw it."""

    events = ("move",)
    drains = True
    _quiet = ("unseen",)

    zone: Expr
    other: Expr
    unseen: bool = False


@node
class PassOn(Stmt):
    """`pass ZONE to PLAYER;` every player still in passes everything their ZONE (a `per_player` zone, named
    bare) holds to the same zone of the player PLAYER names, worked out with each of them as `you` (`left`,
    `right`), all at once: every zone is emptied before any is filled, so the hands of a draft go round.
    Each item moves as `move` moves it (one `move` event each, the players' zones in seat order)."""

    events = ("move",)
    drains = True

    zone: Expr
    to: Expr


@node
class Deal(Stmt):
    """`deal all of ZONE to DEST [from PLAYER];` the items of ZONE dealt out one at a time round the players
    still in (`players_from(PLAYER)`, without `from` `players`), each drawn as `draw 1` draws it into DEST (a
    `per_player` zone named bare: each receiver's own), until ZONE is empty: an uneven deck leaves the first
    players one item more. `deal N of ...` (`count`) deals N rounds, each player N items, fewer when ZONE
    runs out (a deck that `refills from` refills as `draw` does). (Cluedo, Bridge, Sushi Go, Lost Cities.)"""

    events = ("draw", "move")
    drains = True

    count: Optional[Expr]   # None: `all`
    source: Expr
    dest: Expr
    start: Optional[Expr] = None   # `from PLAYER`
    # `as (RECEIVER, CARD) { ... }`: once the deal is over, run for each card in the order dealt, as its receiver
    # (Risk's setup: an army on each territory dealt)
    receiver: Optional[str] = None
    var: Optional[str] = None
    body: Optional[tuple] = None
    # `K at a time`: each player's items dealt in packets of K, the whole packet before the next player's
    # (None: one at a time); Tichu's eight and six, a Pinochle deal three at a time
    packet: Optional[Expr] = None

    _quiet = ("receiver", "var", "body", "packet")


@node
class SetAside(Stmt):
    """`set aside CARD until PATTERN [then to [top of | bottom of] ZONE];` the card leaves its zone for none
    (its slots out of force, no zone's reader sees it) until an event matching PATTERN (or the end `until end
    of NAME` names), then goes to the end of the zone it came from, or to ZONE (worked out now, as a `move`'s);
    a card moved meanwhile by another rule stays where it went. `set aside all of ZONE [where COND] ...`
    (`all`: ITEM is the zone) sets aside each of its items (those COND holds for, `it` the item) alike."""

    _quiet = ("dest", "top", "all", "where")

    events = ("move",)   # the return announces `move` (the setting aside announces nothing)

    item: Expr
    until: Pattern
    dest: Optional[Expr] = None
    top: bool = False
    all: bool = False
    where: Optional[Expr] = None


@node
class Shuffle(Stmt):
    """`shuffle ZONE;` through the game's seeded RNG."""

    zone: Expr


@node
class Reset(Stmt):
    """`reset NAME, ...;` puts vars and counters back to the values they start the game with (every
    player's, or the game's; every element of an indexed one), and a kind named alone every field of
    it that has a default; `reset FIELD, ... of KIND;` (`kind` set) those fields of every entity of
    KIND (every player's copy of a per-player one) back to the values it was declared with."""

    names: tuple[str, ...]
    kind: Optional[str] = None


@node
class Fill(Stmt):
    """`fill ZONE with KIND [where COND];` puts every entity of KIND (in declaration order) into ZONE;
    `fill ZONE;` (kind None) lays out a display (`zone ... show N from SOURCE`) and keeps it filled from then on."""

    events = ("move",)
    drains = True

    zone: Expr
    kind: Optional[str]
    where: Optional[Expr]


@node
class Flip(Stmt):
    """`flip ITEM;` turns an entity over (its `flipped` flag toggles)."""

    events = ("flip",)
    drains = True

    item: Expr


@node
class Roll(Stmt):
    """`roll DIE;` one face is chosen by the seeded RNG and its effect runs; `let NAME = roll DIE;`
    also binds the face's value to NAME for the rest of the block. `roll x;` of a die kept as a piece
    (a card whose kind has a field typed by a die) sets that field to the value shown."""

    events = ("roll",)
    binds = "name"

    die: Optional[str]   # None for `roll all of ZONE`
    name: Optional[str] = None
    # `roll all of ZONE [where COND];` every die kept as a piece in the zone (those COND holds for, `it` the
    # item), in the zone's order; a die held as a piece (a card whose kind has a field typed by a die) is
    # rolled by `roll x;` too (the checker's Symbols.piece_rolls tells it from a die's name)
    source: Optional[Expr] = None
    where: Optional[Expr] = None
    # `let NAME = roll N DIE;` several dice of one kind: N rolls, each as `roll DIE;` (logged, announced, its
    # face's effect run), NAME the list of the values, highest first
    count: Optional[Expr] = None
    _quiet = ("source", "where", "count")


@node
class PatternArg(Part):
    """`name = EXPR` inside an event pattern: the event's argument must equal the value; `name is NAME`
    (the value an IsKind with no subject): the argument must be a card of that kind, or a copy of that
    declared card. `element`: written without a name, `gain(warriors[c])` (an Index, its bare names
    that are no declared names binding the index, 7.2) or `gain(warriors)` (a Name: any element), the
    argument `res`."""

    _quiet = ("element",)

    name: str
    value: Expr
    element: bool = False


@node
class Pattern(Part):
    """Who (`you`, `anyone`, `opponents`) and which event, with argument filters. `end`: `until end of
    NAME` (7.3), the end of the running proc NAME or of the round under way of the loop labelled NAME
    (`event` is NAME; no subject, no filters). `or_until`: an `until`'s further ends (`until you turn_start
    or end of round`: the first that comes ends it), each a Pattern; see `endings`."""

    _quiet = ("end", "or_until")

    subject: Optional[Expr]
    event: str
    args: tuple
    end: bool = False
    or_until: tuple = ()


def endings(until: Optional[Pattern]) -> tuple:
    """Each end of an `until` (none when there is no `until`): `until A or B` is (A, B)."""
    return () if until is None else (until, *until.or_until)


def subject_word(pattern: Pattern, default: str = "you") -> str:
    """Whose events a pattern matches: 'you', 'opponents', 'teammates', 'anyone' or 'nobody' (the events with no
    subject: a move into a shared zone, 7.2); `default` when none is written."""
    if pattern.subject is None:
        return default
    if isinstance(pattern.subject, You):
        return "you"
    if getattr(pattern.subject, "id", None) == "nobody":
        return "nobody"
    word = getattr(pattern.subject, "id", None)
    if word in ("teammates", "teammate"):   # the other members of your team (a game with `teams` on its seats
        return "teammates"                   # line); `teammate` reads so in a partnership of two
    return "opponents" if word in ("opponents", "opponent", "others") else "anyone"


@node
class Whenever(Stmt):
    """`whenever PATTERN [once per PATTERN] [until PATTERN] [while COND] { ... }` or the one-shot
    `next PATTERN ...`: registers a trigger.

    The `until` pattern is matched like the trigger's own: `until you income()` ends it only on
    its owner's income, `until end_of_era` on anyone's. `while COND` keeps it registered but lets
    it fire only when COND holds as the event is announced (as a modifier's `while`).
    `once per PATTERN` (`rest`): after each firing the trigger rests, skipping its events, until
    an event matching `rest` wakes it ("once between your turns": `once per you turn_start`).
    """

    once: bool
    pattern: Pattern
    until: Optional[Pattern]
    body: tuple
    cond: Optional[Expr] = None
    rest: Optional[Pattern] = None


@node
class Adjust(Part):
    """One line of a modifier: `cost -1 coin;` `cost +1 any;` `cost = 1 coin;` `gain +1;` `gain = 0;`
    `lose -1;` `forbid;` `allow;` `cost mc using heat at 1;` (`what` is cost, gain, lose, forbid or allow;
    `op` is +, -, = or, for a cost, "using": its one term of mode "worth" names the resource and what may
    stand for it, with an amount of 0)."""

    what: str
    op: str
    terms: tuple
    amount: Optional[Expr]


@node
class Modifier(Stmt):
    """`modifier PATTERN [once] [until PATTERN] [while COND] { adjustments }`: registers a continuous
    effect on the costs, gains or permission of the tagged uses of an action that PATTERN matches."""

    pattern: Pattern
    once: bool
    until: Optional[Pattern]
    cond: Optional[Expr]
    adjustments: tuple
    # `optional ["question"]` (7.7d): its holder is asked whether to use it ("" without a question)
    ask: Optional[str] = None
    # `then { ... }` (7.7d): the consequence of using it, run for its holder right after the use it changed
    then: Optional[tuple] = None

    _quiet = ("ask", "then")

    @property
    def hooked(self) -> bool:
        """Whether using it asks its holder or has a consequence (7.7d): then the uses of its action are
        worked out where a decision can be asked and a block run."""
        return self.ask is not None or self.then is not None


@node
class Emit(Stmt):
    """`emit EVENT(args);` announces an event: triggers fire, durations ending on it expire."""

    drains = True

    event: str
    args: tuple


@node
class Copy(Stmt):
    """`copy ENTITY.SLOT;` runs that card's or tile's effect for you (inside it, `this` is that entity);
    `copy ENTITY.SLOT(ARGS);` gives a slot declared with parameters its arguments, each an Expr (in order) or a
    FieldValue (`by = you`: by name); None when none are written."""

    ref: Expr
    args: Optional[tuple] = None
    # `copy this.answer with it;` (in a trigger or reaction): the NAME after `with` (`it`, the event's arguments, each
    # given to the slot's parameter of its name: the checker builds them, Symbols.event_args)
    with_event: Optional[str] = None
    _quiet = ("args", "with_event")


@node
class Once(Stmt):
    """`once { ... }` runs at most once per game for each player."""

    body: tuple


@node
class Hold(Stmt):
    """`hold DISPLAY { ... }`: the block runs with the display (`show N from ZONE`) not topped up, then it is laid
    out as `fill DISPLAY;` lays it out (topped up to N): a new round's setup puts chosen cards in it first."""

    events = ("move",)   # (the lay-out's: its draws)
    drains = True

    zone: Expr
    body: tuple

    def laid_out(self) -> "Fill":
        """The `fill DISPLAY;` the block ends with, however it is left (its end, a `return`, a `break`): the
        checker and `explain` read it as written, and both backends lay out as it does (engine.Held)."""
        return Fill(self.zone, None, None, span=self.span)


@node
class Tagged(Stmt):
    """`for ACTION(args) { ... }` (or `for ACTION(args): STMT`): a block tagged with an action, run for
    the acting player unless a modifier in force forbids the action to them (Dominion's Moat: the
    attack's part for that player is skipped)."""

    tag: Tag
    body: tuple


@node
class Rank(Stmt):
    """`rank PLAYERS [where COND] by KEY award [p1, p2, ...] COUNTER [ties split|all|none];`

    Only players for whom COND holds (evaluated with each as `you`) take part.
    """

    events = ("gain",)
    drains = True

    domain: Expr
    where: Optional[Expr]
    key: Expr
    prizes: tuple
    resource: str
    ties: str


@node
class Pick(Stmt):
    """`pick VAR from DOMAIN [where COND] ["prompt"] [optional | repeatedly | up to N [with repeats]] { ... }
    [at random] [else { ... }]`: the acting player (`at random`: the seeded RNG) picks one element (with `optional`, "none" is one more option, and then the body does not
    run); `else` runs when nothing was picked (none chosen, or nothing to pick)."""

    var: str
    domain: Expr
    where: Optional[Expr]
    title: Optional[str]
    body: tuple
    optional: bool = False
    otherwise: tuple = ()
    repeated: bool = False   # `repeatedly`: asked again after each pick, until "none" or no candidate
    limit: Optional[Expr] = None   # `up to N`: asked again at most N times, each pick a different element
    title_parts: tuple = ()   # a prompt with `{...}` values: its literal texts and expressions (as `say`'s)
    label: Optional[str] = None   # `as "tool {t}: level {tool[t]}"`: how each candidate is shown, as written
    label_parts: tuple = ()       # ... its literal texts and expressions, worked out per candidate
    exactly: bool = False         # `exactly N`: `limit` picks with no "none" (fewer when fewer are left)
    optional_when: Optional[Expr] = None   # `optional when COND`: "none" only when COND holds (else compulsory)
    random: bool = False          # `at random`: the game's seeded RNG picks (uniformly), nobody is asked
    stmt_label: Optional[str] = None   # `pick ... as LABEL { ... }`: the name an amend finds it by
    # `fewest KEY` (`most KEY` with best_most): only the candidates whose key is lowest (highest), every tie offered
    best: Optional[Expr] = None
    best_most: bool = False
    # `alike`: copies that nothing tells apart are one option, answered by the first of them
    alike: bool = False
    # `let n = pick ... { ... };`: the local bound, for the rest of the block, to how many picks were made
    count: Optional[str] = None
    # `at least M`: no "none" before M picks (each a different element; all there are when fewer)
    least: Optional[Expr] = None
    # `budget N cost EXPR`: asked again while some candidate's cost (EXPR, the variable bound to it) fits in
    # what is left of N; each pick spends its cost; compulsory unless `optional`
    budget: Optional[Expr] = None
    cost: Optional[Expr] = None
    # `or blind ZONE` after the domain (`or blind deck[one] or blind deck[two]`: several): each zone's unseen top
    # card is one more candidate (the last, in the order written), drawn when picked; the filters may not read
    # it (E524). A tuple of zones (a `Name`, or an `Index` of an indexed zone), None without `or blind`
    blind: Optional[tuple] = None
    # `optional as "pass"`: the label of the option that picks nothing ("none" without it)
    declined: Optional[str] = None
    # `repeated`: picked again while a candidate remains, with no "none" (`repeated` is also set)
    compulsory: bool = False
    # `longest`: only the candidates that begin a run of the most picks any order allows (worked out as `after`
    # runs the body); `then highest KEY` (`then lowest KEY` with longest_lowest): among those runs, the ones whose
    # highest (lowest) KEY, over the run's picks and those made before in the statement, is highest (lowest)
    longest: bool = False
    longest_key: Optional[Expr] = None
    longest_lowest: bool = False
    # `secret`: the other players are told it was asked, not the answer (runtime/view.py told_answer)
    secret: bool = False
    # `always asked`: asked even when one candidate is left (who is asked then tells nothing: The Resistance)
    asked: bool = False
    # `exactly N with repeats` (`up to N with repeats`): each pick may take an element picked before
    repeats: bool = False
    # `up to N different by FIELD` (`exactly N different by FIELD`): no pick of a FIELD value picked before
    distinct: Optional[Expr] = None   # (the key VAR.FIELD)
    # `best by KEY` (a simultaneous pick's): once all have chosen, the body runs for the pick of the highest KEY
    # alone (VAR and `you` bound to it and its picker); `ties by seat from P`: a tie goes to the first picker in
    # seat order from P (without it, to the first asked)
    claim_key: Optional[Expr] = None
    claim_from: Optional[Expr] = None
    binds = "count"
    _quiet = ("stmt_label", "best", "best_most", "alike", "count", "least", "budget", "cost", "blind", "declined",
              "compulsory", "longest", "longest_key", "longest_lowest", "secret", "asked", "repeats", "distinct",
              "claim_key", "claim_from")


@node
class Simultaneous(Stmt):
    """`each PLAYERS [where COND] simultaneously [for each U in ELEMENTS [where COND]] pick VAR from DOMAIN ...
    { ... }`: every player picks in secret (asked in seat order, no one seeing another's choice; with `for
    each`, once per element of their own ELEMENTS, all before the next player), then the bodies run in
    seat order (each player's in the order of their elements)."""

    domain: Expr
    where: Optional[Expr]
    pick: "Pick"
    # `simultaneously for each U in DOMAIN [where COND] pick ...`: each player picks once per element of their
    # own DOMAIN (worked out as them), all in secret before any body runs; the pick sees U bound
    each_var: Optional[str] = None
    each_domain: Optional[Expr] = None
    each_where: Optional[Expr] = None
    _quiet = ("each_var", "each_domain", "each_where")


AUCTION_MODES = ("open", "once around", "sealed", "open in any order", "open until all pass")
# `form FORM`: the values that name each form: a text of its words ("once around"), or an enum member named
# after it, the words joined by '_' (`once_around`): a pack's own enum names the forms its cards show
AUCTION_FORMS = {**{mode: mode for mode in AUCTION_MODES}, **{mode.replace(" ", "_"): mode for mode in AUCTION_MODES}}


@node
class Auction(Stmt):
    """`auction ["prompt"] among PLAYERS [where COND] [from P | opened by P] [open | once around |
    sealed | open in any order | open until all pass | form FORM] [over CALLS] [min N] [step S] [up to AMOUNT]
    [doubling N] [passed as (PASSER, BID) { ... }] [bids as (BIDDER, CALL) { ... }] as (WINNER, PRICE[, STAKES])
    { ... } [else { ... }]`: the bidding of
    an auction (the players in seat order from P, each bid a decision); the body runs as the winner,
    WINNER and PRICE bound; `else` runs when nobody bid. What the winner pays is the body's."""

    domain: Expr                # the bidders
    where: Optional[Expr]
    mode: str                   # one of AUCTION_MODES ("open" when not written, nor `form`)
    start: Optional[Expr]       # `from P` / `opened by P` (none: the acting player)
    opening: bool               # `opened by P`: P's first bid is compulsory (no pass)
    low: Optional[Expr]         # `min N` (none: 1)
    step: Optional[Expr]        # `step S` (none: 1)
    most: Optional[Expr]        # `up to AMOUNT`, worked out for each bidder as `you`
    winner: str
    price: str
    body: tuple
    otherwise: tuple = ()
    title: Optional[str] = None
    title_parts: tuple = ()
    # `passed as (PASSER, BID) { ... }`: once the bidding is over, run for each bidder who passed, in the order they
    # passed, as that bidder, with the bid they had made (0 when none): For Sale's "take the lowest card and half
    # your bid back"
    passer: Optional[str] = None
    passed_bid: Optional[str] = None
    passed: Optional[tuple] = None
    # `form FORM`: the form taken from a value at the auction, a text or an enum member naming one (AUCTION_FORMS)
    form: Optional[Expr] = None
    # `over CALLS`: the bids are the calls of an ordered list (an enum, a kind, a list written out), each ranked
    # by its place there, not amounts (Bridge's 1C < 1D ... 7NT, Skat's 18, 20, 22 ...); PRICE is the call won
    calls: Optional[Expr] = None
    # `bids as (BIDDER, CALL) { ... }`: once the bidding is over, run for each bid in the order made, as its
    # bidder: Bridge's "the first of the side to name the strain declares"
    bidder: Optional[str] = None
    bid_made: Optional[str] = None
    bids: Optional[tuple] = None
    # `doubling N`: an opponent of the high bidder may double the standing bid, the high side redouble, ... N times
    # in all (Bridge's double and redouble, Coinche's contre and surcontre); a new bid cancels them. The stakes
    # (1, 2, 4, ...) are bound to the third name of `as (WINNER, PRICE, STAKES)`
    doubling: Optional[Expr] = None
    stakes: Optional[str] = None

    # `over each HOLDINGS`: the bids are the numbers HOLDINGS gives, worked out for each bidder as `you` (Ra's suns:
    # each bids one of their own); `calls` holds the expression, and PRICE is the number won
    held: bool = False

    _quiet = ("passer", "passed_bid", "passed", "form", "calls", "bidder", "bid_made", "bids", "doubling", "stakes", "held")


OFFER_MODES = ("first", "chosen")


@node
class Offer(Stmt):
    """`offer ["prompt"] to PLAYERS [where COND] [from P] [first | chosen] as PARTNER { ... } [else { ... }]`:
    an offer to other players (the offerer never asked), each asked accepting or declining (a decision),
    in seat order from P (none: the offerer, so from their left). `first`: the first to accept is the
    partner; `chosen`: all are asked, then the offerer chooses among those who accepted. The body runs
    as the offerer with PARTNER bound (the exchange is the body's); `else` runs when nobody accepted."""

    domain: Expr                # those offered to
    where: Optional[Expr]       # read for each of them, as `you`: who is asked at all
    mode: str                   # one of OFFER_MODES ("first" when not written)
    start: Optional[Expr]       # `from P` (none: the offerer)
    partner: str
    body: tuple
    otherwise: tuple = ()
    title: Optional[str] = None
    title_parts: tuple = ()


@node
class FirstMay(Stmt):
    """`first VAR in PLAYERS [where COND] may ["prompt"] [cost COST] { ... } [else { ... }]`: each player
    of the list (once, in its order) for whom COND holds (VAR bound, `you` unchanged) is asked the
    prompt, a decision of theirs; the first who accepts pays the cost (those who cannot are not asked)
    and the body runs with VAR bound to them, `you` still the acting player. The rest are not asked;
    `else` runs when nobody accepted. `always asked` before the block: every player of the list is
    asked in turn, one COND fails for (or who cannot pay) with the one answer "no"."""

    var: str
    domain: Expr
    where: Optional[Expr]
    body: tuple
    otherwise: tuple = ()
    cost: Optional[tuple] = None
    title: Optional[str] = None
    title_parts: tuple = ()
    # `always asked`: who cannot take it is asked too, and may only decline (who is asked then tells nothing:
    # Modern Art's fixed price with money hidden)
    asked: bool = False
    _quiet = ("asked",)


@node
class Reveal(Stmt):
    """`reveal ITEM;` or `reveal ZONE;` every player learns the item (each item of the zone) until it moves;
    `reveal ITEM.FIELD;` that field of it alone (the checker says which: `Symbols.field_reveals`); `to
    PLAYERS` (a player or a list of them): those players only. `reveal top N of ZONE;` (`top` the N,
    `item` the zone): the top N items with their places, as `move ... known` leaves them known."""

    _quiet = ("top",)   # left out of the repr while unwritten: the packs' digests stay as they were

    item: Expr
    to: Optional[Expr] = None
    top: Optional[Expr] = None


@node
class Look(Stmt):
    """`look ITEM;` or `look ZONE;` the acting player alone learns the item (each item of the zone)
    until it moves; `look ITEM.FIELD;` that field of it alone. `look top N of ZONE;` (`top` the N,
    `item` the zone): the top N items with their places, as `move ... known` leaves them known."""

    _quiet = ("top",)

    item: Expr
    top: Optional[Expr] = None


@node
class Say(Stmt):
    """`say "text {value}" [as game];` a line in the game's log: literal strings and expressions, in order;
    headed by the acting player's name when the text names no player, else (or `as game`) by nothing."""

    parts: tuple
    as_game: bool = False
    _quiet = ("as_game",)

    @property
    def value_marks(self) -> str:
        """Which parts are literal texts (`-`) and which values (`v`), as `Engine.say` reads its parts."""
        return "".join("-" if isinstance(part, str) else "v" for part in self.parts)



# ---------------------------------------------------------------------------- declarations


@node
class Resource(Decl):
    """`resource NAME ["Title"] [cap N [over PROC]] [supply EXPR];` a per-player stock that never goes below
    zero; with a supply, a bank of EXPR units (worked out before play) that gains take from and losses,
    payments and discards return to."""

    name: str
    title: Optional[str]
    cap: Optional[Expr]
    supply: Optional[Expr] = None
    # `over PROC`: the proc (a Name) a `gain` past the cap hands the units that do not fit, `PROC(n)`
    over: Optional[Expr] = None
    # `supply N overdraw`: gains take from the bank past empty, which goes below 0 (the units owed beyond it)
    overdraw: bool = False
    _quiet = ("over", "overdraw")   # left out of the repr while unwritten: the content digests of packs stay as they were


@node
class Group(Decl):
    """`group NAME [cap N] { a, b }` resources that share one cap, if it has one (and 'any(group)'
    costs; as a value, the list of its resources)."""

    name: str
    title: Optional[str]
    cap: Optional[Expr]
    members: tuple


@node
class Counter(Decl):
    """`counter NAME ["Title"] [global] [from LOW to HIGH] [start VALUE];` a score or marker, per player
    unless global."""

    name: str
    title: Optional[str]
    is_global: bool
    low: Optional[Expr]
    high: Optional[Expr]
    indexes: Optional["Indexes"] = None   # one counter per enum member or number: `votes[floor]`
    start: Optional[Expr] = None   # the value it starts at (LOW, or 0 without bounds, when not given)
    # ElementBound: the bounds (or start) of single elements of an indexed counter, `{ mc from -5; }`
    elements: tuple = ()
    # `per turn`: the proc (or loop label) at the end of each of whose calls (rounds) it goes back to its start
    per: Optional[str] = None
    # `supply EXPR [per INDEX] [short PROC]`: a global counter's limited bank (one per member of the index
    # named by `per`, a Name), and the proc (a Name) a gain the bank cannot pay runs
    supply: Optional[Expr] = None
    supply_per: Optional[Expr] = None
    short: Optional[Expr] = None
    # `signed`: a per-player counter with no bounds at all, starting at 0 (or its start) and going below zero
    signed: bool = False
    internal: bool = False   # `internal`: bookkeeping, kept off the players' screens and views (as a variable's, 3.3a)
    hidden: bool = False     # `hidden`: a player's count that only that player's view shows (3.3)
    _quiet = ("start", "per", "supply", "supply_per", "short", "signed", "internal", "hidden")

    def __repr__(self) -> str:
        """As every node's, `elements` only when written too (so the digests of packs without it stay as they were)."""
        shown = (f"{n}={getattr(self, n)!r}" for n in self._fields
                 if not (n in self._quiet and (getattr(self, n) is None or getattr(self, n) is False)
                         or n == "elements" and not self.elements))
        return f"{self.__class__.__qualname__}({', '.join(shown)})"

    def bounds_of(self, key) -> tuple:
        """(LOW, HIGH, START) of one element (`key`: its member, card or number as written in an element's
        bounds), each an expression or None: the element's own where it writes one, the counter's otherwise."""
        own = next((b for b in self.elements if b.key == key), None)
        if own is None:
            return self.low, self.high, self.start
        return (own.low if own.low is not None else self.low, own.high if own.high is not None else self.high,
                own.start if own.start is not None else self.start)


@node
class ElementBound(Part):
    """`KEY [from LOW] [to HIGH] [start VALUE];` in an indexed counter's braces: one element's own bounds
    (or start), its other bounds the counter's; KEY is a member, card or resource name (a str) or a number."""

    key: object
    low: Optional[Expr] = None
    high: Optional[Expr] = None
    start: Optional[Expr] = None


@node
class Indexes(Part):
    """`[ENUM]` or `[LOW..HIGH]` after a counter's, variable's or zone's name: one element per member or
    number; `[A, B, ...]` (a grid) is the first index with the next as `second`, which has the one after
    it as its own `second`, and so on: one element per combination of their values."""

    enum: Optional[str]
    low: int = 0
    high: int = 0
    second: Optional["Indexes"] = None
    # `numbered t as (EXPR)` after a range (a frame): the acting player's number `frame_var` is the element EXPR
    frame_var: Optional[str] = None
    frame: Optional["Expr"] = None
    # `[1..size]`: a range whose high end is an option's value in each game; the option's name (`high` holds the
    # option's largest value, set by the resolver: the layout's tables are the largest board's)
    bound: Optional[str] = None
    # `g: gear`: the index's name, which a ragged range after it reads (None when it has none)
    name: Optional[str] = None
    # `0..(g.positions - 1)`: a ragged range's end, worked out before play for each value of the indexes named
    # before it (`high` then holds the largest, set by the resolver); `rows` is what the resolver worked out:
    # ((the earlier indexes' values, a tuple; this range's high end), ...), the elements past it not declared
    ragged: Optional["Expr"] = None
    rows: tuple = ()
    # `2..`: a table's range open at the top (its last value stands for every number past it); `high` is set from
    # the table's values by the layout (`table_axes`)
    open: bool = False
    # `edge of square`: one element per side of the board's cells (two cells of the record `enum` beside each other,
    # the unordered pair), read with `edge(a, b)` (3.3, Indexed by the sides of a board's cells)
    edge: bool = False
    _quiet = ("frame_var", "frame", "bound", "name", "ragged", "rows", "open", "edge")

    def dims(self) -> tuple:
        """Each index, in order: one, or two or more for a grid (each without a `second`)."""
        return (self,) if self.second is None else (replace(self, second=None),) + self.second.dims()

    def shown(self) -> str:
        """The index as declared: `floor`, `1..7`, `1..5, colour`."""
        return ", ".join((f"{d.name}: " if d.name is not None else "") + ("edge of " if d.edge else "") + (
            d.enum if d.enum is not None else f"{number_text(d.low, False)}..{d.end_shown()}") for d in self.dims())

    def end_shown(self) -> str:
        """A range's high end as declared: a number, an option's or constant's name, or a ragged end `(EXPR)`."""
        if self.ragged is not None:
            from .printer import expr as printed   # (the printer reads this module: imported when first used)
            return f"({printed(self.ragged)})"
        if self.open:
            return ""
        return self.bound if self.bound is not None else number_text(self.high, False)

    def high_of(self, earlier: tuple) -> int:
        """The high end of this range for the values of the indexes before it (`earlier`, in order): a ragged
        range's own for them (LOW - 1, no element, for values the resolver found none for), else `high`."""
        if self.ragged is None:
            return self.high
        return next((high for key, high in self.rows if key == earlier), self.low - 1)

    def keys(self, members: tuple = ()) -> list:
        """The index values, in order: the enum's members (given by the caller) or LOW..HIGH."""
        return list(members) if self.enum is not None else list(range(self.low, self.high + 1))


@node
class Var(Decl):
    """`var NAME ["Title"] [global]: TYPE [= DEFAULT];` a player's (or the game's) value that is not a
    number: a player, a card or tile, a condition, an enum member, a track or resource name."""

    name: str
    title: Optional[str]
    is_global: bool
    type: str
    default: Optional[Expr]
    indexes: Optional["Indexes"] = None   # one variable per enum member, card or number: `cell[1..9]`
    internal: bool = False   # `internal`: bookkeeping, kept off the players' screens and views (11, play)
    hidden: bool = False     # `hidden`: a player's value that only that player's view shows (3.3a)
    # `remembered` (`remembered as POSITION`): the name of the position whose past contents the runtime keeps
    # (the variable's own name without `as`), None when not remembered (3.3b)
    remembered: Optional[str] = None
    _quiet = ("internal", "hidden", "remembered")


def kept_hidden(d) -> bool:
    """Whether a declaration is a player's value only its holder sees: a variable or counter declared `hidden`."""
    return type(d) in (Var, Counter) and d.hidden


def kept_internal(d) -> bool:
    """Whether a declaration is bookkeeping no player's view shows: a variable or counter declared `internal`."""
    return type(d) in (Var, Counter) and d.internal


@node
class Enum(Decl):
    """`enum NAME { a "Title", b, c }`; with data, `enum side { dx: int; dy: int; north(dx = 0, dy = -1), ... }`:
    the fields every member holds (FieldDecl, as a record's) and each member's values (a tuple of FieldValue
    per member, in the members' order; () when no member gives any)."""

    name: str
    members: tuple
    titles: tuple = ()   # each member's title or None, in order; () when no member has one
    fields: tuple = ()   # FieldDecl: what each member holds, as a record's fields
    data: tuple = ()     # per member, its FieldValues as written; () when no member writes values

    def title_of(self, member: str) -> "str | None":
        """The title a member is shown by, if it has one."""
        return self.titles[self.members.index(member)] if self.titles else None

    def values_of(self, member: str) -> tuple:
        """The FieldValues a member writes (none: ())."""
        return self.data[self.members.index(member)] if self.data else ()

    def __repr__(self) -> str:
        """Without `fields` and `data` when the enum has none, so the content digests of packs written
        before enums held data stay as they were."""
        shown = [n for n in self._fields if not (n in ("fields", "data") and not getattr(self, n))]
        return f"Enum({', '.join(f'{n}={getattr(self, n)!r}' for n in shown)})"


@node
class EnumMember(Part):
    """`member ["Title"] [(field = VALUE, ...)]` of an enum or of an `amend ENUM { ... }`: a member added at
    the end, or an existing one given a new title; `values` the FieldValues it gives its enum's fields."""

    name: str
    title: Optional[str] = None
    values: tuple = ()

    def __repr__(self) -> str:
        """Without `values` when none are written (the digests of older amends stay as they were)."""
        shown = [n for n in self._fields if not (n == "values" and not self.values)]
        return f"EnumMember({', '.join(f'{n}={getattr(self, n)!r}' for n in shown)})"


@node
class Param(Part):
    """`name: type` of a proc, func, event or extern; a proc's or func's may be `list of ITEM` (an enum
    or a kind), kept as that text, as is their result type (`Proc.returns`, `Func.returns`)."""

    name: str
    type: str
    default: Optional[Expr] = None   # `w: card = none`: the constant a call that leaves it out gives

    _quiet = ("default",)


@node
class Event(Decl):
    """`event NAME(params);` an event the pack emits and triggers listen to."""

    name: str
    params: tuple


@node
class Space(Part):
    """`space N ["Title"] [tier T] [cost C] { benefit } [bonus cost C { bonus }]` of a track."""

    position: int
    title: Optional[str]
    tier: Optional[int]
    cost: Optional[tuple]
    body: tuple
    bonus_cost: Optional[tuple]
    bonus: Optional[tuple]
    # `at V ...`: the space written by the number printed on it (a track with a scale); `position` is then
    # worked out from the scale (0 while it is not: off the scale, or no scale)
    value: Optional[int] = None
    _quiet = ("value",)


@node
class Reach(Part):
    """`first to N { ... }`: a reward for the first player to reach position N of the track."""

    position: int
    body: tuple


@node
class Track(Decl):
    """`track NAME ["Title"] [global] [from LOW to HIGH [step S]] { space ... first to ... }`: a per-player
    position from 0 to its last space; with `global`, one position for all players; with a scale, each
    position prints a number (LOW at 0, LOW + S at 1, ...), and the track has (HIGH - LOW) / S spaces, the
    ones not written empty."""

    name: str
    title: Optional[str]
    spaces: tuple
    reaches: tuple
    is_global: bool = False
    scale: Optional[tuple] = None   # (LOW, HIGH, STEP), whole numbers as written
    # `prints [2, 2, 2, 3, 3, 4, 4]`: the number printed at each position, the start's first (whole numbers)
    prints: Optional[tuple] = None
    _quiet = ("is_global", "scale", "prints")

    def top(self) -> int:
        """The last position: the number of spaces, or of steps of the scale, or of the printed values after
        the start's."""
        if self.prints is not None and len(self.prints) > 1:
            return len(self.prints) - 1
        if self.scale is not None:
            low, high, step = self.scale
            if step and (high - low) % step == 0 and (high - low) // step > 0:
                return (high - low) // step
        return len(self.spaces)

    def position_of(self, value: int) -> Optional[int]:
        """The position printing `value` on the scale (0: the start), None when no position prints it."""
        if self.scale is None:
            return None
        low, _high, step = self.scale
        if not step or (value - low) % step:
            return None
        pos = (value - low) // step
        return pos if 0 <= pos <= self.top() else None

    def printed(self, position: int) -> int:
        """The number printed at a position of the scale (or of the track's `prints` list)."""
        if self.prints is not None:
            return self.prints[position]
        return self.scale[0] + position * self.scale[2]


@node
class FieldDecl(Part):
    """`name: type [= default];` of a kind; type `effect` marks an effect slot; `func name: type [= EXPR];`
    (`computed`) a field each entity gives as an expression, worked out for the player reading it. `name: int[ENUM]`
    (`index`: the enum) holds one value of the type per member of the enum, the default for each."""

    name: str
    type: str
    default: Optional[Expr]
    index: Optional[str] = None
    computed: bool = False   # `func name: type [= EXPR];`: each entity gives an expression, read per player
    shown: bool = False   # `shown name: type;`: everyone sees it even while the entity's face is hidden
    of: Optional[str] = None   # `types: list of card_type;`: the enum (or kind) of a list's items
    within: Optional[tuple] = None   # a record's `row: 1..5;`: type int, one of the numbers (low, high)
    stock: bool = False   # `eggs: stock [cap EXPR];` (type int): a stock the card holds, gained, lost and paid `on` it
    cap: Optional[Expr] = None   # a stock's cap: a whole number worked out for the card (`this`), read at each gain
    # `tucked: zone of card [secret];` (type zone, `of` the kind): a zone each card holds, one per copy; the
    # visibility word as written ("public" when none is)
    held: Optional[str] = None
    # `shows: d6;` a field typed by a die: the card is a die kept as a piece (`roll x;`), the field what it shows;
    # the resolver sets it (the die's name) and the type to what the die's faces show
    die: Optional[str] = None
    # `col: 1..size;` a range whose high end is an option's value in each game (`option size: 9 | 13 | 19 = 19;`):
    # the option's name; `within` holds the low end and the option's largest value (the resolver sets it)
    bound: Optional[str] = None
    # `marked: bool[1..75];` one value per number of a range: (low, high), `index` its text ("1..75")
    index_range: Optional[tuple] = None
    # `liberty: bool[1..size];` the option the range goes up to in each game (`index_range` ends at its largest)
    index_bound: Optional[str] = None
    # `q: -radius..radius;` a range whose ends are constants (`const radius = 2;`) or expressions of them, as
    # written (low, high): the resolver works them out into `within` and clears this (an option's `1..size`
    # stays `bound`)
    ends: Optional[tuple] = None
    # `cost: int for costs;` the event whose modifiers' `value` lines adjust the field wherever it is read (7.7c),
    # the card its one argument (the checker records each read in Symbols.adjusted)
    tag: Optional["Tag"] = None
    # `demand: effect(by: player);` an effect slot's parameters (Params), read as locals in each card's block and
    # given by each `copy c.demand(...)`; None for a slot without them (and every other field)
    params: Optional[tuple] = None
    # `place: 1..8 around;` a record's range that wraps (a ring): the board builtins step past its end to its start
    around: bool = False
    _quiet = ("stock", "cap", "held", "die", "bound", "index_range", "index_bound", "ends", "tag", "params", "around")

    def index_keys(self, decls: dict) -> tuple:
        """What a field declared `int[ENUM]` (`bool[1..75]`, `int[GROUP]`) holds one value for: the members, or
        the numbers of the range; () for a field of one value."""
        if self.index_range is not None:
            return tuple(range(self.index_range[0], self.index_range[1] + 1))
        return tuple(getattr(decls.get(self.index), "members", ())) if self.index is not None else ()

    def type_text(self) -> str:
        """The type as written: `int`, `int[gem]`, `list of card_type`, `1..5`, `1..size`, `-radius..radius`, `1..8
        around` (a ring)."""
        if self.around:
            return f"{replace(self, around=False).type_text()} around"
        if self.ends is not None:
            return "..".join(map(range_end_text, self.ends))
        if self.bound is not None:
            return f"{self.within[0]}..{self.bound}" if self.within is not None else f"{self.type} up to {self.bound}"
        if self.within is not None:
            return f"{self.within[0]}..{self.within[1]}"
        if self.stock:
            return "stock"
        if self.params is not None:   # an effect slot with parameters
            from .printer import params_text
            return f"effect({params_text(self.params)})"
        if self.held is not None:
            return f"zone of {self.of}" + ("" if self.held == "public" else f" {self.held}")
        return f"{self.type} of {self.of}" if self.of else self.type if self.index is None else f"{self.type}[{self.index}]"


def range_end_text(end: "Expr") -> str:
    """A record range's end as written: a number, a constant (`-radius`), or an expression in parentheses."""
    from .printer import expr

    if type(end) is Int or type(end) is Name or (type(end) is Unary and type(end.operand) in (Name, Int)):
        return expr(end)
    if type(end) is Unary and end.op == "-":
        return f"-({expr(end.operand)})"
    return f"({expr(end)})"


@node
class Kind(Decl):
    """`kind NAME [per_player] { fields }`: a kind of card, tile, space or piece.

    With `per_player`, every player has their own copy of each entity (missions on each player's
    board): the same entity can then sit in one zone of each player at once.
    """

    name: str
    title: Optional[str]
    per_player: bool
    fields: tuple
    # reactions and `anytime` slots (Reaction, Anytime) every entity of the kind has, unless it writes one
    # of the same name (event and zones): the resolver gives them to the entities
    slots: tuple = ()
    # `shows cost, points;`: the fields the hot seat's screen shows after each card of the kind (KindShows)
    shows: Optional["KindShows"] = None
    # `in force while COND;`: the conditions as written (one expected: E552), every slot of the kind's cards held
    # only while it holds (resolve._in_force_slots); None when unwritten
    in_force: Optional[tuple] = None
    _quiet = ("shows", "in_force")


@node
class KindShows(Part):
    """`shows FIELD, FIELD;` in a kind: the fields of its cards the hot seat's screen shows after each card
    it lists (`Blue Jay (points 4, food 1)`), as the card's values stand then; a kind's, not a rule."""

    names: tuple   # the field names, as written


@node
class Record(Decl):
    """`record NAME { field: type [= default]; ... }`: an immutable value made of named values (a
    corner of a hex map, a point of a board, a scoring result), built with `NAME(field = EXPR, ...)`
    and read with `value.field`; two are equal when they are of one record and their fields are."""

    name: str
    fields: tuple   # FieldDecl, in the order written
    title: Optional[str] = None   # `record sq "r{row}c{col}" {...}`: how a value reads, as written
    title_parts: tuple = ()   # its literal texts and `{FIELD}` values (A.Name), as `say`'s
    # `} where COND;`: the shape, the values of the fields' product that COND (over the fields) keeps
    shape: Optional["Expr"] = None
    _quiet = ("shape",)


@node
class Construct(Expr):
    """`NAME(field = EXPR, ...)`: a value of a record, its fields named (A.FieldValue, in the order
    written); a field left out takes its declared default."""

    record: str
    fields: tuple


@node
class FieldValue(Part):
    """`name = EXPR;` inside an entity (or `name = {member: EXPR, ...};`, an A.MemberMap)."""

    name: str
    value: Expr


@node
class GamePart(Part):
    """`seats A to B;` or `phase NAME { ... }` in an `amend` of a game: `part` is "seats" (`value`:
    (low, high), then the roles' names if given, then True if they are dealt `at random`) or the phase's
    name (`value`: its statements); `place` is ("after"|"before", OTHER) for a named phase put in between."""

    part: str
    value: tuple
    place: Optional[tuple] = None
    _quiet = ("place",)


@node
class FieldEffect(Part):
    """`name { ... }` inside an entity: the effect for one of its kind's effect slots."""

    name: str
    body: tuple


@node
class Reaction(FieldEffect):
    """`whenever PATTERN in ZONE [once per PATTERN] [while COND] [may ["prompt"]] { ... }` inside an entity: a trigger every player has
    for each copy of the card from the start of the game, firing only while that copy is in their
    ZONE (`this` is the copy, `you` its holder). It is an effect slot of its own, named by `slot_name`
    (a name no field can have), whose body registers the trigger: `body` is that one `Whenever`, with
    `contains(ZONE, this)` (and the written `while` COND) as its `while` condition, the `once per` pattern
    as its `rest` and, with `may`, the written block inside a `May`.
    The checker, both backends and the runtime reach it as any effect slot; the printer and `explain`
    read the pattern, zone and block back from the `Whenever`."""

    places: tuple = ()   # the zones' names as written (Names: where findings point), one or more
    # `while COND` as written (the trigger's `cond` is `contains(ZONE, this) and COND`); `once per` is the
    # trigger's own `rest`
    when: Optional[Expr] = None

    @property
    def zones(self) -> tuple:
        return tuple(map(place_key, self.places))

    @staticmethod
    def slot_name(event: str, zones: tuple, subject: Optional[str] = None) -> str:
        """(runtime.program.is_reaction_slot knows it by its first word) A card's reactions on one event
        and zones are told apart by their subject: with two or more, each is named with its subject
        (`whenever anyone placed in corp`, `told_apart`); one alone is named without it."""
        return f"whenever {subject + ' ' if subject else ''}{event} in {', '.join(zones)}"

    @property
    def plain(self) -> str:
        """The slot's name without a subject: what names the card's reactions on its event and zones."""
        return Reaction.slot_name(self.trigger.pattern.event, self.zones)

    @property
    def subject(self) -> str:
        """Whose events it answers: 'you' (written or not), 'opponents' or 'anyone'."""
        return subject_word(self.trigger.pattern)

    @staticmethod
    def told_apart(items: tuple) -> tuple:
        """The items of a card (a kind, an amend) with each reaction that shares its event and zones with
        another named with its subject; the others as they are (so a pack without such a pair is named
        as before)."""
        plain = [i.plain for i in items if type(i) is Reaction]   # a card's modifier (HeldModifier) is named by its action
        return tuple(replace(i, name=Reaction.slot_name(i.trigger.pattern.event, i.zones, i.subject))
                     if type(i) is Reaction and plain.count(i.plain) > 1 else i for i in items)

    @property
    def trigger(self) -> "Whenever":
        return self.body[0]

    @staticmethod
    def condition(zones, when: "Optional[Expr]", paid: Optional[tuple], span, roles: Optional[dict] = None) -> "Expr":
        """The trigger's `while`: the copy in one of its zones (`zones`: zone expressions, an indexed zone's
        each element), `and` the written COND, `and`, for a `once per` reaction with a `may ... cost`,
        that its holder can pay (one who cannot is not asked, and keeps the period). `roles`: zone -> the
        role that declares it: a zone only that role's holders have is tested for them alone (`you is
        ROLE and contains(slot, this)`)."""
        holds = None   # `contains(hand, this) or contains(graveyard, this)`
        for zone in zones:
            held = Call("contains", (zone, Name("this", span=span)), span=span)
            if roles and type(zone) is Name and zone.id in roles:
                held = Binary("and", IsKind(You(span=span), roles[zone.id], span=span), held, span=span)
            holds = held if holds is None else Binary("or", holds, held, span=span)
        if when is not None:   # tested once the copy is in its zone
            holds = Binary("and", holds, when, span=span)
        if paid:
            holds = Binary("and", holds, Affordable(paid, None, span=span), span=span)
        return holds

    @property
    def block(self) -> tuple:
        """The block as written (inside the `may` of `may ["prompt"]`): what `base();` in an amended
        reaction runs."""
        asked = self.asked
        return self.trigger.body if asked is None else asked.body

    @property
    def asked(self) -> "Optional[May]":
        """The `May` of `may ["prompt"] [cost C]` (a may around the whole block, as the clause makes it)."""
        inner = self.trigger.body
        if len(inner) == 1 and type(inner[0]) is May and inner[0].tag is None \
                and inner[0].when is None and not inner[0].otherwise and not inner[0].repeated:
            return inner[0]
        return None


@node
class HeldModifier(Reaction):
    """`modifier PATTERN in ZONE [while COND] { adjustments }` inside an entity (7.7b): a modifier every
    player has for each copy of the card from the start of the game, in force only while that copy is
    in their ZONE (`this` the copy, `you` its holder), as a reaction (7.2a) fires only from there: the
    same slot, registered by the same runtime step, its zones checked by the same one definition. Its
    `body` is that one `Modifier`, with `contains(ZONE, this)` (and the written COND) as its `while`."""

    # `also` (a card's): in force beside its kind's modifier of the same action and zones, its slot named apart
    # (`... also`) so that it takes the place of none
    also: bool = False
    _quiet = ("also",)

    @staticmethod
    def slot_name(event: str, zones: tuple, also: bool = False) -> str:
        """(runtime.program.is_reaction_slot knows it by its first word)"""
        return f"modifier {event} in {', '.join(zones)}" + (" also" if also else "")

    @property
    def modifier(self) -> "Modifier":
        return self.body[0]

    @property
    def asked(self) -> None:
        return None

    @property
    def block(self) -> tuple:
        return ()


def place_key(place) -> str:
    """The name of a zone a card's reaction, `anytime` or override slot is used from, as its slot's name
    and the state's zones say it: `hand`, `row` (an indexed zone: any of its zones), `row[wetland]`,
    `council[1,church]` (an element: its indexes as the state keys them)."""
    if type(place) is Name:
        return place.id
    index = place.index.parts if type(place.index) is Pair else (place.index,)
    return f"{place.obj.id}[{','.join(_index_text(i) for i in index)}]"


def place_zone(place) -> str:
    """The declared zone of a slot's place: `row` for `row[wetland]`."""
    return place.id if type(place) is Name else place.obj.id


def _index_text(e) -> str:
    if type(e) is Name:
        return e.id
    if type(e) is Int:
        return str(e.value)
    if type(e) is Unary and e.op == "-" and type(e.operand) is Int:
        return str(-e.operand.value)
    from .printer import expr   # (no constant: the checker says so, E391)
    return expr(e)


@node
class HeldOverride(FieldEffect):
    """`override func NAME(params) [: TYPE] in ZONE = EXPR;` or `override proc NAME(params) [: TYPE] in ZONE
    { ... }` inside a card: the card's own version of a func or proc of the pack, run for a call made
    for a player (`you`) while a copy of the card is in that player's ZONE (a `per_player` zone), with
    `base(...)` the version it replaces (the next held card's, or the pack's). An effect slot of its
    own named by `slot_name` (a name no field can have), so an `amend` of the card replaces it; its
    `body` is the one `Func` or `Proc` as written. The resolver (`resolve.held_overrides`) makes the
    declarations both backends run; no backend runs the slot itself (`layout` leaves it out)."""

    places: tuple = ()   # the zones' names as written (Names: where findings point), one or more, as a reaction's
    # `while COND` after the zones: the version holds only while COND does too, worked out at each call
    when: Optional[Expr] = None
    _quiet = ("when",)

    @property
    def zones(self) -> tuple:
        return tuple(map(place_key, self.places))

    @property
    def decl(self) -> "Func | Proc":
        return self.body[0]

    @property
    def func(self) -> str:
        return self.decl.name

    @staticmethod
    def slot_name(func: str) -> str:
        return f"override {func}"


@node
class HeldOption(FieldEffect):
    """`option in LABEL in ZONE "label" [once] [when COND] { ... }` inside a card or a kind: an option the
    card adds, for its holder, to the open choose `choose ... as LABEL open { ... }` (4.6b), offered while a
    copy of the card is in the holder's ZONE (a `per_player` zone), after the choose's own options. An
    effect slot of its own named by `slot_name` (a name no field can have: an `amend` of the card
    replaces it, `remove option in LABEL "label";` drops it); its `body` is the one `Option` as written.
    The resolver (`resolve.held_options`) adds it to the choose, guarded by the same `held.uses(CARD,
    ZONE)` as a card's override (one definition of a card in force from a zone); no backend runs the
    slot itself (`layout` leaves it out)."""

    places: tuple = ()   # the zones' names as written (Names: where findings point), one or more
    choose: str = ""     # the open choose's label

    @property
    def zones(self) -> tuple:
        return tuple(map(place_key, self.places))

    @property
    def option(self) -> "Option":
        return self.body[0]

    @staticmethod
    def slot_name(label: str, title: str) -> str:
        """`option in LABEL "title"`: what `remove` writes after its keyword (the title quoted as written)."""
        return "option in " + label + ' "' + title.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


@node
class Anytime(FieldEffect):
    """`anytime in ZONE { ... }` inside an entity: a card its holder may play while it is in their ZONE,
    offered at every `window;` of the game (7.2b). An effect slot of its own named by `slot_name` (a
    name no field can have), run for the holder with `this` the copy played."""

    places: tuple = ()   # the zones' names as written (Names: where findings point), one or more
    when: Optional[Expr] = None   # `when COND`: offered at a window only while it holds (`you` the holder)
    # `once per PATTERN`: played at most once until an event matching PATTERN (each holder's copy on its own)
    rest: Optional[Pattern] = None
    # `at NAME, ...`: the named windows (`window NAME;`) that offer it (Names: where findings point); None
    # for the windows without a name (`window;`)
    windows: Optional[tuple] = None
    _quiet = ("rest", "windows")

    @property
    def zones(self) -> tuple:
        return tuple(map(place_key, self.places))

    @property
    def window_names(self) -> tuple:
        """The names of the windows that offer it, () for the unnamed ones (`window;`)."""
        return tuple(w.id for w in self.windows) if self.windows else ()

    @staticmethod
    def slot_name(zones: tuple, windows: tuple = ()) -> str:
        """(runtime.program.anytime_zones knows it by its first word, anytime_windows by its `at`)"""
        return f"anytime in {', '.join(zones)}" + (f" at {', '.join(windows)}" if windows else "")


# `remove in force;` in an amend: a SlotRemoved of this name drops the `in force while COND;` line (no slot has it)
IN_FORCE_SLOT = "in force"


@node
class SlotRemoved(Part):
    """`remove whenever [SUBJECT] EVENT in ZONE;` or `remove anytime in ZONE;` in an `amend` of a card: the
    reaction or `anytime` slot of that name (its event and zone, as `Reaction.slot_name` and
    `Anytime.slot_name` name it) is dropped; `subject` ('you', 'opponents', 'anyone', as written) picks
    one of a card's reactions on that event and zone (needed when it has several)."""

    name: str
    subject: Optional[str] = None
    _quiet = ("subject",)


@node
class Entity(Decl):
    """`KIND NAME ["Title"] [* N] { fields }`: one card, tile or space; with `* N`, N identical copies
    (the first is NAME, the others NAME#2 ... NAME#N, reached through the zones they are in)."""

    kind: str
    name: str
    title: Optional[str]
    values: tuple
    effects: tuple
    copies: int = 1
    title_parts: tuple = ()   # a title with `{...}` values: its literal texts and expressions (as `say`'s)
    # `for each c in DOMAIN`: (c, DOMAIN), a declaration that stands for one entity per entity of the kind
    # DOMAIN (or per member of the enum DOMAIN, or per number of a range: DOMAIN a (low, high) pair), named
    # NAME_MEMBER; the resolver writes them out. A DOMAIN that is another expression is kept for E345
    each: Optional[tuple] = None
    # `for each s in suit, r in 2..14`: the (name, DOMAIN) pairs after the first: one entity per combination
    each_more: Optional[tuple] = None
    # `* (EXPR)` of a `for each` declaration: each entity's copies, worked out from its element(s) by the resolver
    copies_by: Optional[Expr] = None
    # `in force while COND;` in the card: in place of its kind's line (as Kind.in_force); None when unwritten
    in_force: Optional[tuple] = None
    # `for each s in suit where s.suited, r in 1..9`: one filter (an Expr, or None) per domain, in the order of
    # `each` and `each_more`, each read before play over the names bound up to its own; None when none is written
    each_where: Optional[tuple] = None
    _quiet = ("each_more", "copies_by", "in_force", "each_where")


HIDDEN_FROM_OWNER = "hidden from owner"   # the visibility every player but a zone's owner sees into
def face_rule(visibility: str) -> Optional[tuple]:
    """`seen by side` -> ("seen by", "side"), `hidden from holder` -> ("hidden from", "holder"); None for the
    other visibilities (`hidden from owner` names the zone's owner, no field)."""
    words, _, field = visibility.rpartition(" ")
    return (words, field) if words in FACE_WORDS and visibility != HIDDEN_FROM_OWNER else None


# the visibilities that name a field of the zone's items, a player (`seen by side`: only the player it names sees an
# item's face; `hidden from holder`: everyone but that player): a shared zone's face-down pieces (docs 3.9)
FACE_WORDS = ("seen by", "hidden from")


@node
class Zone(Decl):
    """`zone NAME ["Title"] [per_player] of KIND [or KIND ...] [public|hidden|secret|hidden from owner] [refills from
    ZONE [N times]];` a deck, hand, pile, display or supply."""

    name: str
    title: Optional[str]
    per_player: bool
    kind: str
    visibility: str = "public"   # "public": everyone; "hidden": the owner only; "secret": nobody (size only);
    # HIDDEN_FROM_OWNER: every player but the owner; "seen by FIELD", "hidden from FIELD": `faces`
    indexes: Optional[Indexes] = None   # one zone per enum member or number: `moon[1..7]`
    public_written: bool = False   # `public` written out (the default, said anyway): `fmt` keeps it
    refills: Optional[str] = None   # `refills from discards`: the zone a `draw` shuffles in when this one runs out
    more_kinds: tuple = ()   # `of card or advanced`: the kinds after the first, when it holds several
    cap: Optional[Expr] = None   # `cap N over PROC`: past N cards (or a counter's value), once the statement
    over: Optional["Name"] = None   # that filled it ends, PROC runs for the holder with the number over
    top_public: bool = False   # `top public`: every player sees the top item (a discard pile)
    size_owner: bool = False   # `size owner`: only the owner sees how many items it holds (a deck)
    show: Optional[int] = None   # `show 5 from deck`: a display kept filled with 5 items from `show_from`
    show_from: Optional["Name"] = None
    redeal_to: Optional["Name"] = None   # `redeal to discard when COND`: while COND holds after a top-up, the
    redeal_when: Optional[Expr] = None   # display goes there and a new one is laid out
    # an indexed display's `from deck[level]` (`redeal to pile[level]`): each element is filled from (redealt to)
    # the element of the same index; the index as written (None: one plain zone)
    show_each: Optional[Indexes] = None
    redeal_each: Optional[Indexes] = None
    # `refills from discard 2 times`: the most times it refills (None: every time it runs out)
    refill_limit: Optional[int] = None

    @property
    def kinds(self) -> tuple:
        """Every kind the zone holds: `of card or advanced` -> ("card", "advanced")."""
        return (self.kind, *self.more_kinds)

    @property
    def faces(self) -> Optional[tuple]:
        """(the words, the field) of a zone whose items' faces a field's player sees (`seen by side` ->
        ("seen by", "side")) or does not (`hidden from holder`); None for any other visibility."""
        return face_rule(self.visibility)

    @property
    def face_field(self) -> Optional[str]:
        """The field of `seen by FIELD` / `hidden from FIELD` (the editor finds it as a use of the field), else None."""
        rule = face_rule(self.visibility)
        return rule[1] if rule is not None else None

    def __repr__(self) -> str:
        """As every node's, without `public_written`: a word that changes nothing is layout, and the
        pack's content digest (a hash of this repr) is blind to layout; `refills` only when written
        (so the digests of packs without it stay as they were), and `more_kinds` likewise."""
        shown = (f"{n}={getattr(self, n)!r}" for n in self._fields
                 if n != "public_written" and not (n == "refills" and self.refills is None)
                 and not (n == "more_kinds" and not self.more_kinds)
                 and not (n in ("cap", "over") and getattr(self, n) is None)
                 and not (n in ("top_public", "size_owner") and not getattr(self, n))
                 and not (n in ("show", "show_from", "redeal_to", "redeal_when", "show_each", "redeal_each",
                                "refill_limit") and getattr(self, n) is None))
        return f"{self.__class__.__qualname__}({', '.join(shown)})"


@node
class Actor(Decl):
    """`actor NAME ["Title"];` a neutral actor (Frederick's palace, the neutral voter) with its own stocks."""

    name: str
    title: Optional[str]


@node
class Face(Part):
    """`face ["Title"] [* N] [= VALUE] { ... }` of a die (`face ["Title"] = VALUE;` has no effect);
    `* N`: the die has N such faces (the resolver lays them out one by one)."""

    title: Optional[str]
    body: tuple
    value: Optional[Expr] = None
    copies: int = 1


@node
class Die(Decl):
    """`die NAME [: TYPE] { face ... }`: faces are data, one is chosen by the seeded RNG; a die with
    a TYPE shows a value of that type on every face (`let x = roll d;` keeps it)."""

    name: str
    title: Optional[str]
    faces: tuple
    type: Optional[str] = None


@node
class Proc(Decl):
    """`proc NAME(params) [: TYPE] { ... }`: a named effect (turn structure, shared actions); with
    TYPE it gives a value (`return VALUE;`), read by `let x = NAME(...);`."""

    name: str
    params: tuple
    body: tuple
    returns: Optional[str] = None
    # `once per c, k`: the parameters whose values a chain visits once (a nested call with a value already
    # visited in the outermost call running is skipped); None when not written
    once_per: Optional[tuple] = None
    _quiet = ("once_per",)


@node
class Shortfall(Decl):
    """`shortfall RES { raise [when COND] by { option ... } else { ... } }`: what every payment of more RES
    than its payer holds does (`lose N RES [to P]`, `pay` of a cost with RES). The payer, as `you`, raises
    funds one open option at a time until the payment is covered or no option is open (`when COND`: only
    while COND holds); covered, it is paid. Else the payer pays what they hold and `else` runs. Bound in
    both: `debt` (the payment), `missing` (what is still missing), `creditor` (the payee; none: the bank)."""

    resource: str
    guard: Optional[Expr]
    options: tuple
    otherwise: tuple
    raises: bool = True   # whether `raise ... by { }` is written (False: only `else`)

    @property
    def name(self) -> str:
        """The proc the shortfall runs as (`lowered_shortfall`): one per resource."""
        return f"shortfall_{self.resource}"


@node
class ShortfallAmend(Decl):
    """`amend shortfall RES { raise [when COND] by { option ...; remove option "label"; } else { ... } }`: a house
    rule's change to the shortfall of RES (Shortfall) without restating it. `when COND` replaces the raising's
    guard (`base` in it standing for the base's); each Option replaces the one with its label, in place, or is
    added at the end, each OptionRemoved drops one (as an amended choose's, ChooseAmend); an `else` replaces the
    else block (`base();` in it running the base's). What it does not write stays the base's."""

    resource: str
    guard: Optional[Expr]
    changes: tuple
    otherwise: Optional[tuple] = None   # None: the base's else stays
    raises: bool = False   # whether `raise ... by { }` is written

    @property
    def name(self) -> str:
        """The proc the amended shortfall runs as."""
        return f"shortfall_{self.resource}"

    @property
    def else_span(self):
        """Where its `else` is told by (its first statement; the amend's own span when it has none)."""
        return self.otherwise[0].span if self.otherwise else self.span


@node
class LetIn(Expr):
    """`let a = X; let b = Y; VALUE` as a func's value (`func f(c: cell) = let r = c.row + 1; r * r;`): each `let`
    (A.Let) names a value read by the lets after it and by `value`; only a func's value is written so."""

    lets: tuple
    value: Expr


@node
class Func(Decl):
    """`func NAME(params) [: TYPE] = EXPR;` a named expression; with TYPE, calls have that type and a
    bare resource, track, zone or die name it gives stands for itself."""

    name: str
    params: tuple
    value: Expr
    returns: Optional[str] = None
    shown: Optional[str] = None   # `shown "Title"`: on every player's screen and in the views, so titled
    _quiet = ("shown",)


@node
class Extern(Decl):
    """`extern NAME(params) [: TYPE];` a runtime kernel the pack uses (geometry that is not rules):
    a statement, or with TYPE a value used in expressions."""

    name: str
    params: tuple
    returns: Optional[str] = None


@node
class Variant(Decl):
    """`variant NAME ["Title"] [when CONDITION];` an optional rule switched on with `--variant NAME`,
    refused for a game where CONDITION (about the player count, other variants) is false."""

    name: str
    title: Optional[str]
    when: Optional[Expr] = None


@node
class Setting(Decl):
    """`option NAME ["Title"]: LOW..HIGH = DEFAULT;` a number chosen per game (`--option NAME=N`, in
    LOW..HIGH, DEFAULT when not given), read in rules by its name."""

    name: str
    title: Optional[str]
    low: int
    high: int
    default: int
    # `option size: 9 | 13 | 19 = 19;`: the values it may take, as listed (low and high their least and largest)
    values: Optional[tuple] = None
    _quiet = ("values",)


@node
class Const(Decl):
    """`const NAME ["Title"] = EXPR;` a whole number known before play and the same in every game (a board's
    radius, `const radius = 2;`), read by its name in the rules and in a record's range (`q: -radius..radius;`);
    an expansion changes it with `override const radius = 3;`. The resolver writes its value in place of every
    read, so neither backend knows it exists."""

    name: str
    title: Optional[str]
    value: "Expr"


@node
class Table(Decl):
    """`table NAME[INDEXES] ["Title"]: TYPE = [VALUES];` a printed, read-only table known before play (a track's
    rewards by space, a scoring table by count, a board's squares): one value of TYPE (`int`, `str`, `bool` or an
    enum's member) per number of a range or member of an enum, a list of rows for two indexes or more; read as
    `NAME[i]` (`NAME[i, j]`). Both backends read one constant table made once, before play."""

    name: str
    title: Optional[str]
    index: "Indexes"
    type: str
    value: "Expr"


@node
class ConstNumber(Part):
    """A constant's name where the grammar takes a number alone (`* knights`, `space finish`, `show market from
    deck`): the resolver writes the constant's value in (a `Numbered`), so no later stage meets this node."""

    name: str
    # an option's end or default (`option rounds: 1..most = most;`), where a constant below 0 is a number as any
    signed: bool = False
    _quiet = ("signed",)

    def __format__(self, spec: str) -> str:   # printed back as written: `rulebook fmt`'s f-strings name it
        return format(self.name, spec)


class Numbered(int):
    """A number a constant's name wrote (`* knights`, knights 14): an int to every stage, which remembers the
    name (`const`) for what shows the rules as written (`explain`, hovers)."""

    def __new__(cls, value: int, const: str):
        number = super().__new__(cls, value)
        number.const = const
        return number

    def __reduce__(self):
        return Numbered, (int(self), self.const)


def number_text(value, values: bool = True) -> str:
    """A number as the rules wrote it: a constant's name (with its value, `knights (14)`, unless `values` is
    false), else the number."""
    const = value.name if type(value) is ConstNumber else getattr(value, "const", None)
    if const is None:
        return str(value)
    if type(value) is ConstNumber:   # not written in yet (`rulebook fmt`)
        return const
    return f"{const} ({int(value)})" if values else const


@node
class Remove(Decl):
    """`remove NAME;` drops a declaration of an extended pack; `remove a, b, c;` several, as one `remove` each."""

    name: str
    also: Optional[tuple] = None   # `remove a, b, c;`: the names after the first

    _quiet = ("also",)

    def names(self) -> tuple:
        """Every name the remove drops: `name`, then those of `remove a, b, c;` after it."""
        return (self.name,) + (self.also or ())


@node
class Extend(Decl):
    """`before NAME { ... }` / `after NAME { ... }`: steps added to a proc (or a game phase) of the
    pack chain without restating it; a later extension wraps an earlier one."""

    when: str   # "before" | "after"
    name: str
    body: tuple


@node
class Amend(Decl):
    """`amend NAME ["Title"] { ... }`: single fields of an entity (values or effects) or of a kind (field
    declarations, defaults), single spaces of a track, members of an enum (EnumMember items), or
    options of a proc's or a game phase's chooses (ChooseAmend items), arms of a proc's matches
    (MatchAmend items) or parts of its picks (PickAmend items), changed or added without
    restating the rest; a title replaces the declaration's title. `amend a, b, c { ... }` applies one
    body to each name (the resolver makes one amend of each, `each_name`)."""

    name: str
    items: tuple
    title: Optional[str] = None
    title_parts: tuple = ()   # a card's new title with `{...}` values, as Entity.title_parts
    copies: Optional[int] = None   # `amend NAME * N { ... }`: an entity's new number of copies
    part: Optional[str] = None   # `amend CARD.EFFECT { ... }`: the chooses, matches, picks of that effect
    also: Optional[tuple] = None   # `amend a, b, c { ... }`: the names after the first, amended by the same body

    _quiet = ("also",)

    def names(self) -> tuple:
        """Every name the amend changes: `name`, then those of `amend a, b, c` after it."""
        return (self.name,) + (self.also or ())


@node
class OptionRemoved(Part):
    """`remove option "label";` in an amended choose: the option with that written label is dropped."""

    title: str


@node
class ChooseAmend(Part):
    """`choose ["prompt"] { ... }` in an `amend` of a proc or a game phase: the one choose of its body
    (nested anywhere) whose prompt is written so (`{...}` unfilled). Each Option replaces the option
    with its written label, in place, or is added at the end; each OptionRemoved drops one."""

    title: Optional[str]
    changes: tuple
    title_parts: tuple = ()   # as written; the choose keeps its own prompt
    # `choose LABEL ["prompt"] { ... }`: the choose labelled so (`as LABEL`), whatever its prompt; a
    # prompt written after the label replaces the choose's
    stmt_label: Optional[str] = None
    secret: Optional[bool] = None   # `secret` (True) or `remove secret` (False) before the brace; None: as it was
    _quiet = ("stmt_label", "secret")


@node
class PickAmend(Part):
    """`pick ["prompt"] [where COND] [as "label"] [optional [when COND] | repeatedly | up to N | exactly
    N | at least M [up to N]];` in an `amend` of a proc or a game phase: the one pick of its body (nested anywhere) whose
    prompt is written so (`{...}` unfilled). Each part written replaces the pick's (the mode, from
    `optional` to `exactly N`, as one part); `base` in the condition, the `optional when` guard or
    the count stands for that part as the base writes it. The body and the `else` stay the base's. After
    the mode, the words `with repeats`, `secret` and `always asked` add themselves to the pick, and
    `remove WORD` takes one away (`pick "Seer: whose card?" remove secret;`)."""

    title: Optional[str]
    where: Optional[Expr]
    label: Optional[str] = None
    label_parts: tuple = ()
    optional: bool = False
    optional_when: Optional[Expr] = None
    repeated: bool = False
    limit: Optional[Expr] = None
    exactly: bool = False
    title_parts: tuple = ()   # as written; the pick keeps its own prompt
    # `pick LABEL ["prompt"] ... [at random];`: the pick labelled so (`as LABEL`), whatever its prompt
    # (a pick at random has none); a prompt written after the label replaces the pick's, and makes a
    # pick at random a player's; `at random` makes a player's pick the RNG's
    stmt_label: Optional[str] = None
    random: bool = False
    least: Optional[Expr] = None   # `at least M` (alone or with `up to N`): part of the mode written anew
    # the pick's words an amend adds (True: `secret`, `always asked`, `with repeats`) or removes (False: `remove
    # secret`...); None: the base's kept
    secret: Optional[bool] = None
    asked: Optional[bool] = None
    repeats: Optional[bool] = None
    # `pick "prompt" { ... } [else { ... }]`: the pick's new body and else (None: the base's kept); `base();` in
    # either runs the block it replaces
    body: Optional[tuple] = None
    otherwise: Optional[tuple] = None
    domain: Optional[Expr] = None   # `to NEW`: what it picks from (`base` in it: the base's domain)
    # `up to N different by FIELD` written anew: the key `_.FIELD` (the pick's variable put in by the resolver)
    distinct: Optional[Expr] = None
    _quiet = ("stmt_label", "random", "least", "secret", "asked", "repeats", "body", "otherwise", "domain", "distinct")

    def moded(self) -> bool:
        """Whether the amend writes a mode (`optional`, `repeatedly`, `up to N`, `exactly N`, `at least M`)."""
        return self.optional or self.repeated

    def prompted(self) -> bool:
        """Whether the amend writes a new prompt (after a label: without one, the prompt finds the pick)."""
        return self.stmt_label is not None and self.title is not None

    def parts(self) -> list:
        """The parts it writes, as messages name them: ["domain", "condition", "label", "mode"]."""
        return [part for part, written in (("prompt", self.prompted()), ("domain", self.domain is not None),
                                           ("condition", self.where is not None),
                                           ("label", self.label is not None), ("mode", self.moded()),
                                           ("picker ('at random')", self.random)) if written] + \
            [f"'{word}'" for word, given in self.words() if given is not None] + blocks_written(self)

    def words(self) -> tuple:
        """Each word of a pick an amend may add or remove, as written, with what this one does: True (adds
        it), False (`remove WORD`) or None (keeps the base's)."""
        return (("with repeats", self.repeats), ("secret", self.secret), ("always asked", self.asked))


def blocks_written(change) -> list:
    """The blocks an amend of a pick or an `if` writes anew, as messages name them: ["body", "else"]."""
    return [part for part, block in (("body", change.body), ("else", change.otherwise)) if block is not None]


@node
class IfAmend(Part):
    """`if COND [to NEW] [{ ... }] [else { ... }];` in an `amend` of a proc or a game phase: the one `if` of its
    body (nested anywhere, an `else if` too) whose condition prints as COND (or, `if as LABEL ...`, the one
    labelled so). `to NEW` replaces the condition, `base` in it standing for the condition it replaces; a
    block replaces the then-block, `else { ... }` the else, `base();` in either running the block it
    replaces; what it leaves out stays the base's."""

    cond: Optional[Expr]   # what finds it (None: found by its label)
    new_cond: Optional[Expr] = None
    body: Optional[tuple] = None   # the then-block written anew (None: the base's kept)
    otherwise: Optional[tuple] = None
    stmt_label: Optional[str] = None
    _quiet = ("stmt_label",)

    def parts(self) -> list:
        """The parts it writes, as messages name them: ["condition", "body", "else"]."""
        return ["condition"] * (self.new_cond is not None) + blocks_written(self)


@node
class LoopAmend(Part):
    """`repeat N [to NEW] [{ ... }];` (`while COND`, `for each VAR in DOMAIN`, `each PLAYERS` likewise; or the
    keyword and `as LABEL`) in an `amend` of a proc or a game phase: the one loop of its body (nested anywhere)
    written so (its head printed the same) or labelled so, with its keyword. `to NEW` replaces the head's value (a
    repeat's count, a while's condition, a for each's or an each's domain), `where NEW` the filter of a for each
    or an each, `base` in either standing for the part it replaces; a block replaces the body, `base();` in it
    running the body it replaces; what it leaves out stays the base's."""

    word: str   # the loop's keyword as written: "repeat", "while", "for each", "each"
    stmt_label: Optional[str]   # what finds it (None: found by its head)
    body: Optional[tuple] = None   # the body written anew (None: the base's kept)
    head: Optional[Expr] = None   # the count, condition or domain that finds it (None: found by its label)
    var: Optional[str] = None   # a for each's variable, found with its domain
    new_head: Optional[Expr] = None   # `to NEW`
    where: Optional[Expr] = None   # `where NEW`
    # `repeat until stable(NAMES)`: found by its names (`head` the Call `stable(NAMES)`); `to stable(NAMES)` replaces them
    until: bool = False
    _quiet = ("head", "var", "new_head", "where", "until")

    def head_noun(self) -> str:
        """What `to NEW` replaces, as messages name it: "count", "condition", "domain" or "names"."""
        return "names" if self.until else LOOP_HEADS[self.word]

    def parts(self) -> list:
        """The parts it writes, as messages name them: ["count", "filter", "body"]."""
        return [self.head_noun()] * (self.new_head is not None) + ["filter"] * (self.where is not None) + \
            ["body"] * (self.body is not None)


# what `to NEW` replaces in an amended loop, by its keyword
LOOP_HEADS = {"repeat": "count", "while": "condition", "for each": "domain", "each": "domain"}


@node
class MayAmend(Part):
    """`may ["prompt"] WORDS;` in an `amend` of a proc or a game phase: the one `may` or `first ... may` of its
    body (nested anywhere) whose prompt is written so (`{...}` unfilled; `may WORDS;` the one without one).
    The words add themselves (`secret` to a `may`, `always asked` to a `first ... may`) or `remove WORD` takes
    one away; the rest stays the base's (a house rule that asks everyone: `may "buy it?" always asked;`)."""

    title: Optional[str]
    title_parts: tuple = ()   # as written; the statement keeps its own prompt
    secret: Optional[bool] = None   # True: `secret`; False: `remove secret`; None: the base's kept
    asked: Optional[bool] = None    # likewise `always asked`
    # `may "prompt" { ... } [else { ... }]`: its new body and else (None: the base's kept), as a PickAmend's
    body: Optional[tuple] = None
    otherwise: Optional[tuple] = None
    # `may "prompt" to NEW where NEW`: a `first ... may`'s players asked and its condition on them (`base` in
    # either: the base's)
    domain: Optional[Expr] = None
    where: Optional[Expr] = None
    _quiet = ("secret", "asked", "body", "otherwise", "domain", "where")

    def words(self) -> tuple:
        """Each word an amend may add to a `may` or remove, with what this one does (as PickAmend.words)."""
        return (("secret", self.secret), ("always asked", self.asked))

    def parts(self) -> list:
        """The parts it writes, as messages name them: ["domain", "condition", "'always asked'", "body"]."""
        return ["domain"] * (self.domain is not None) + ["condition"] * (self.where is not None) + \
            [f"'{word}'" for word, given in self.words() if given is not None] + blocks_written(self)


@node
class ArmRemoved(Part):
    """`remove VALUE, ...;` in an amended match: each value is dropped from the arm naming it (an arm
    left without a value goes); no values: `remove else;`, the else arm is dropped."""

    values: tuple


@node
class MatchAmend(Part):
    """`match SUBJECT { ... }` in an `amend` of a proc: the one `match` statement of its body (nested
    anywhere) whose subject prints as this one. Each Arm takes the values it names from the arms
    that had them and stands in place of the first (a new value's arm is added after the others);
    an Arm without values is the `else` arm, replaced or added; each ArmRemoved drops values. In an
    `amend` of a func, the one `match` expression of its value so found, its arms Cases (`VALUE =
    EXPR;`, `else = EXPR;` without values) taking values as Arms do."""

    subject: Expr
    changes: tuple


@node
class Standing(Decl):
    """A top-level `whenever`/`next`: a trigger every player has from the start of the game (a house
    rule needs no proc to register it)."""

    trigger: "Whenever"


@node
class Case(Part):
    """`value, ...: result` of a `match` expression: its values are cases as an Arm's are (values,
    ranges `A..B`, open ranges `A..`)."""

    values: tuple
    result: Expr


@node
class Winner(Part):
    """`winner most KEY then TIEBREAK ... [if COND];` (`fewest` for a key whose lowest value wins;
    with `if COND`, nobody wins unless COND holds as the game ends), or `winner together if COND;`
    (a cooperative game: every player wins when COND holds, nobody otherwise; no key), with the
    team's score after it (`winner together if COND score EXPR;`, or `winner together score EXPR;`: a
    score and no win or loss)."""

    key: Optional[Expr]   # None for `together`
    tiebreaks: tuple
    orders: tuple = ()   # per key, the main one first: "most" or "fewest" (none given: all "most")
    cond: Optional[Expr] = None   # `if COND`: somebody (the team, for `together`) wins only when it holds
    together: bool = False
    score: Optional[Expr] = None   # `score EXPR` of a cooperative game: the team's score, a number
    draw: bool = False   # `else draw`: no single best player (a tie, or the `if` false) is a draw
    # `winner most KEY by team`: the teams ranked by the sum of their members' keys (True); `by team once`
    # ("once"): by the key of each team's first member, a value the members share (the team's own score)
    by_team: bool | str = False
    _quiet = ("draw", "by_team")

    def order(self, i: int) -> str:
        """`most` or `fewest` for key `i` (0: the main key, then the tie-breaks)."""
        return self.orders[i] if i < len(self.orders) else "most"

    def fewest(self) -> tuple:
        """The positions (0: the main key) of the keys whose lowest value wins."""
        return tuple(i for i, order in enumerate(self.orders) if order == "fewest")


@node
class Role(Decl):
    """`role NAME ["Title"] { counter ...; var ...; zone ...; proc ...; func ...; override proc|func ... }`: a
    role (faction, side, alien) a player may hold. Its counters, variables and zones are per player and
    exist only for its holders; its procs and funcs are its holders' (run for another player: E601); its
    `override`s (HeldOverride with no zone written) change a func or proc of the pack for its holders.
    The resolver lays it out as an entity of the implicit kind `role` held in the per-player zone
    ROLE_ZONE, and its declarations as top-level ones (resolve._role_parts)."""

    name: str
    title: Optional[str]
    body: tuple
    # `shared`: a side several players hold at once (Scotland Yard's detectives, The Resistance's spies): each
    # holder has the role's state; its hidden state is seen by the side's members (view.fellows)
    shared: bool = False
    # `hidden`: who holds it, and its state, is seen by its holder alone (The Resistance's loyal players)
    hidden: bool = False
    # `known to holders` after `shared hidden`: its holders see each other and each other's state (the spies)
    known: bool = False
    _quiet = ("shared", "hidden", "known")


ROLE_KIND = "role"
ROLE_ZONE = "role.held"   # the per-player zone holding a player's role (a name no rules text can write)


def role_own(item) -> bool:
    """Whether a slot inside a `role { }` is the role's own (written without a zone: an override, a reaction,
    a modifier, an anytime slot or an option of its holder), not a card's of a pack's own `kind role`."""
    places = getattr(item, "places", None)
    return places is not None and (places == () and isinstance(item, HeldOverride) or
                                   len(places) == 1 and isinstance(places[0], Name) and places[0].id == ROLE_ZONE)


@node
class Game(Decl):
    """`game NAME { seats A to B; setup {..} play {..} final {..} winner ...; }`"""

    name: str
    title: Optional[str]
    min_players: int
    max_players: int
    setup: tuple
    play: tuple
    final: tuple
    winner: Optional[Winner]
    # `seats 2 to 4 roles marquise, eyrie, ...;`: the role each seat holds from the start, in seat order
    roles: Optional[tuple] = None
    # how the roles are dealt: "" (in seat order), "at random" (`... roles medic, scientist, ... at random;`: any
    # of them, shuffled, one a seat) or "shuffled" (`... roles sheriff, renegade, outlaw, outlaw, deputy shuffled;`:
    # the first as many as seats, shuffled, one a seat)
    roles_dealt: str = ""
    # `seats 2 named "White", "Black";`: each seat's name, in seat order (P1, P2, ... without)
    seat_names: Optional[tuple] = None
    # `seats 4 to 8 teams 2 alternating;`: (the number of teams, or of players a team after `of`, whether it
    # is the size, the seating: "alternating", "adjacent" or "solo"); see `runtime.state.team_of_seat`
    teams: Optional[tuple] = None
    # `phase canal_era { ... }`: the game's own named phases (NamedPhase), in the order they run, after play
    # (None when it has none: the repr, and so the content digest, of a game without is as it was)
    phases: Optional[tuple] = None
    _quiet = ("roles", "roles_dealt", "seat_names", "teams", "phases")

    def played(self) -> tuple:
        """The play phase as it runs: its own steps, then each named phase as a loop of one round labelled
        with the phase's name (so `end game after canal_era;` ends the game once that phase is over)."""
        return self.play + tuple(Repeat(Int(1, span=p.span), p.body, loop_label=p.name, span=p.span)
                                 for p in self.named_phases())

    def named_phases(self) -> list:
        """The named phases in the order they run (each put after or before another, as written)."""
        order: list = []
        for p in self.phases or ():
            at = phase_slot([q.name for q in order], *p.place)
            if at is not None:   # (a place that is none: E622, found as the game or amend is read)
                order.insert(at, p)
        return order

    def phase_bodies(self) -> tuple:
        """(name, steps) of every phase of the game, in the order they run."""
        return (("setup", self.setup), ("play", self.play), *((p.name, p.body) for p in self.named_phases()),
                ("final", self.final))

    def phase_names(self) -> tuple:
        """Every phase of the game, in the order they run."""
        return tuple(name for name, _ in self.phase_bodies())


def phase_slot(names: list, when: str, other: str) -> Optional[int]:
    """Where a named phase put `when` (after, before) `other` goes among the named phases `names` (which run
    after play and before final), or None when `other` is no such place."""
    if (when, other) == ("after", "play"):
        return 0
    if (when, other) == ("before", "final"):
        return len(names)
    return names.index(other) + (when == "after") if other in names else None


@node
class NamedPhase(Part):
    """`phase NAME { ... }` of a game beyond setup, play and final (Brass's canal and rail eras); in an amend
    of a game, `place` is ("after"|"before", OTHER) for a phase put in between (None otherwise)."""

    name: str
    body: tuple
    place: Optional[tuple] = None
    _quiet = ("place",)


@node
class Override(Decl):
    """`override DECL`: replaces the declaration of the same name from an extended pack."""

    decl: "Decl"




@dataclass(frozen=True, slots=True)
class Module:
    """One parsed rules file."""

    path: str
    items: tuple
