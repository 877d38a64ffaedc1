"""Immutable AST nodes of the rules language; every node carries the source span it came from.

Spans take no part in equality, so a formatted-and-reparsed file compares equal to the original.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Union


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


def node(cls):
    """Declare an AST node class: frozen, slotted, with a span excluded from equality."""
    cls.__annotations__["span"] = "Span"
    cls.span = field(default=NO_SPAN, compare=False, repr=False)
    return dataclass(frozen=True, slots=True)(cls)


# ---------------------------------------------------------------------------- expressions


@node
class Int:
    """An integer literal."""

    value: int


@node
class Str:
    """A string literal (already unescaped)."""

    value: str


@node
class Bool:
    """`true` or `false`."""

    value: bool


@node
class Nothing:
    """`none`: no player, no entity, no value."""


@node
class You:
    """The acting player: whoever the current effect runs for."""


@node
class Name:
    """A bare name: a local, a parameter, a resource, counter, track, zone, entity, actor or enum member."""

    id: str


@node
class Attr:
    """`obj.name`: a player's resource, counter, track position or zone size, or an entity's field."""

    obj: "Expr"
    name: str


@node
class Method:
    """`obj.name(args)`: a builtin or function called with `obj` as the actor it is about."""

    obj: "Expr"
    name: str
    args: tuple


@node
class Index:
    """`items[n]`: the n-th element of a list or zone, counting from 1 (a printed row of values)."""

    obj: "Expr"
    index: "Expr"


@node
class Call:
    """`name(args)`: a builtin function or a `func` declared in the pack."""

    func: str
    args: tuple


@node
class Aggregate:
    """`count|total|some|every(var in domain where cond, value)` over players, zones or lists."""

    op: str
    var: str
    domain: "Expr"
    where: Optional["Expr"]
    value: Optional["Expr"]


@node
class ListLit:
    """`[a, b, c]`."""

    items: tuple


@node
class Unary:
    """`-x` or `not x`."""

    op: str
    operand: "Expr"


@node
class Binary:
    """Arithmetic (`+ - * / %`, `/` floors), comparison, `and`, `or`."""

    op: str
    left: "Expr"
    right: "Expr"


@node
class Cond:
    """`if COND then A else B`: a value chosen by a condition."""

    cond: "Expr"
    then: "Expr"
    otherwise: "Expr"


Expr = Union[Cond, Index, Int, Str, Bool, Nothing, You, Name, Attr, Method, Call, Aggregate, ListLit, Unary, Binary]

# ---------------------------------------------------------------------------- statements


@node
class Gain:
    """`gain AMOUNT RESOURCE;` also for counters such as prestige."""

    amount: Expr
    resource: str


@node
class Lose:
    """`lose AMOUNT RESOURCE [else DEBT];` never below zero; with `else`, the shortfall is taken as DEBT."""

    amount: Expr
    resource: str
    debt: Optional[str]


@node
class CostTerm:
    """One part of a cost: `2 coin`, `1 any`, `1 any(crystals)`, `2 different(crystals)`."""

    amount: Expr
    mode: str  # "plain" | "any" | "different"
    name: Optional[str]


@node
class Pay:
    """`pay COST;` the player must afford it; choices of 'any'/'different' are decisions."""

    terms: tuple


@node
class Advance:
    """`advance TRACK [by N] [no_benefit | paying];` with `paying`, the next space's cost is paid first."""

    track: str
    by: Optional[Expr]
    benefit: bool
    paying: bool = False


@node
class Regress:
    """`regress TRACK [by N];` (never gives benefits)."""

    track: str
    by: Optional[Expr]


@node
class Option:
    """One branch of `choose`: `option "label" [when COND] { ... }`."""

    title: Optional[str]
    guard: Optional[Expr]
    body: tuple


@node
class Choose:
    """`choose ["prompt"] { option ... }`: a decision among the options whose guard holds."""

    title: Optional[str]
    options: tuple


@node
class May:
    """`may ["prompt"] [cost COST] { ... }`: an optional (paid) bonus, offered only when affordable."""

    title: Optional[str]
    cost: Optional[tuple]
    body: tuple


@node
class Repeat:
    """`repeat N { ... }`."""

    count: Expr
    body: tuple


@node
class ForEach:
    """`for each VAR in DOMAIN [where COND] { ... }`."""

    var: str
    domain: Expr
    where: Optional[Expr]
    body: tuple


@node
class Each:
    """`each PLAYERS [where COND]: stmt` runs the body with each of those players as `you`."""

    domain: Expr
    where: Optional[Expr]
    body: tuple


@node
class If:
    """`if COND { ... } [else { ... }]`."""

    cond: Expr
    then: tuple
    otherwise: tuple


@node
class Let:
    """`let NAME = EXPR;` a local of the current effect."""

    name: str
    value: Expr


@node
class SetName:
    """`set NAME = EXPR;` a local, or a counter of the acting player (or a global counter)."""

    name: str
    value: Expr


@node
class SetAttr:
    """`set OBJ.NAME = EXPR;` a player's counter or an entity's variable."""

    obj: Expr
    name: str
    value: Expr


@node
class CallStmt:
    """`NAME(args);` a procedure of the pack or a kernel declared with `extern`."""

    func: str
    args: tuple


@node
class Draw:
    """`draw N from ZONE to ZONE;` the top N items move (fewer when the zone runs out)."""

    count: Expr
    source: Expr
    dest: Optional[Expr]


@node
class Move:
    """`move ITEM to ZONE;`"""

    item: Expr
    dest: Expr


@node
class Shuffle:
    """`shuffle ZONE;` through the game's seeded RNG."""

    zone: Expr


@node
class Fill:
    """`fill ZONE with KIND [where COND];` puts every entity of KIND (in declaration order) into ZONE."""

    zone: Expr
    kind: str
    where: Optional[Expr]


@node
class Flip:
    """`flip ITEM;` turns an entity over (its `flipped` flag toggles)."""

    item: Expr


@node
class Roll:
    """`roll DIE;` one face is chosen by the seeded RNG and its effect runs."""

    die: str


@node
class PatternArg:
    """`name = EXPR` inside an event pattern: the event's argument must equal the value."""

    name: str
    value: Expr


@node
class Pattern:
    """Who (`you`, `anyone`, `opponents`) and which event, with argument filters."""

    subject: Optional[Expr]
    event: str
    args: tuple


@node
class Whenever:
    """`whenever PATTERN [until PATTERN] { ... }` or the one-shot `next PATTERN ...`: registers a trigger.

    The `until` pattern is matched like the trigger's own: `until you income()` ends it only on
    its owner's income, `until end_of_era` on anyone's.
    """

    once: bool
    pattern: Pattern
    until: Optional[Pattern]
    body: tuple


@node
class Emit:
    """`emit EVENT(args);` announces an event: triggers fire, durations ending on it expire."""

    event: str
    args: tuple


@node
class Copy:
    """`copy ENTITY.SLOT;` runs that card's or tile's effect for you (inside it, `this` is that entity)."""

    ref: Expr


@node
class Once:
    """`once { ... }` runs at most once per game for each player."""

    body: tuple


@node
class Rank:
    """`rank PLAYERS [where COND] by KEY award [p1, p2, ...] COUNTER [ties split|all|none];`

    Only players for whom COND holds (evaluated with each as `you`) take part.
    """

    domain: Expr
    where: Optional[Expr]
    key: Expr
    prizes: tuple
    resource: str
    ties: str


@node
class Pick:
    """`pick VAR from DOMAIN [where COND] ["prompt"] [optional] { ... }`: the acting player picks one
    element (with `optional`, "none" is one more option, and then the body does not run)."""

    var: str
    domain: Expr
    where: Optional[Expr]
    title: Optional[str]
    body: tuple
    optional: bool = False


@node
class Say:
    """`say "text";` a line in the game's log."""

    text: str


Stmt = Union[
    Gain, Lose, Pay, Advance, Regress, Choose, May, Repeat, ForEach, Each, If, Let, SetName, SetAttr,
    CallStmt, Draw, Move, Shuffle, Fill, Flip, Roll, Whenever, Emit, Copy, Once, Rank, Pick, Say,
]

# ---------------------------------------------------------------------------- declarations


@node
class Resource:
    """`resource NAME ["Title"] [cap N];` a per-player stock that never goes below zero."""

    name: str
    title: Optional[str]
    cap: Optional[Expr]


@node
class Group:
    """`group NAME cap N { a, b };` resources that share one cap (and 'any(group)' costs)."""

    name: str
    title: Optional[str]
    cap: Expr
    members: tuple


@node
class Counter:
    """`counter NAME ["Title"] [global] [from LOW to HIGH];` a score or marker, per player unless global."""

    name: str
    title: Optional[str]
    is_global: bool
    low: Optional[Expr]
    high: Optional[Expr]


@node
class Enum:
    """`enum NAME { a, b, c }`."""

    name: str
    members: tuple


@node
class Param:
    """`name: type` of a proc, func, event or extern."""

    name: str
    type: str


@node
class Event:
    """`event NAME(params);` an event the pack emits and triggers listen to."""

    name: str
    params: tuple


@node
class Space:
    """`space N ["Title"] [tier T] [cost C] { benefit } [bonus cost C { bonus }]` of a track."""

    position: int
    title: Optional[str]
    tier: Optional[int]
    cost: Optional[tuple]
    body: tuple
    bonus_cost: Optional[tuple]
    bonus: Optional[tuple]


@node
class Reach:
    """`first to N { ... }`: a reward for the first player to reach position N of the track."""

    position: int
    body: tuple


@node
class Track:
    """`track NAME ["Title"] { space ... first to ... }`: a per-player position from 0 to its last space."""

    name: str
    title: Optional[str]
    spaces: tuple
    reaches: tuple


@node
class FieldDecl:
    """`name: type [= default];` of a kind; type `effect` marks an effect slot."""

    name: str
    type: str
    default: Optional[Expr]


@node
class Kind:
    """`kind NAME [per_player] { fields }`: a kind of card, tile, space or piece.

    With `per_player`, every player has their own copy of each entity (missions on each player's
    board): the same entity can then sit in one zone of each player at once.
    """

    name: str
    title: Optional[str]
    per_player: bool
    fields: tuple


@node
class FieldValue:
    """`name = EXPR;` inside an entity."""

    name: str
    value: Expr


@node
class FieldEffect:
    """`name { ... }` inside an entity: the effect for one of its kind's effect slots."""

    name: str
    body: tuple


@node
class Entity:
    """`KIND NAME ["Title"] { fields }`: one card, tile or space."""

    kind: str
    name: str
    title: Optional[str]
    values: tuple
    effects: tuple


@node
class Zone:
    """`zone NAME ["Title"] [per_player] of KIND;` a deck, hand, pile, display or supply."""

    name: str
    title: Optional[str]
    per_player: bool
    kind: str


@node
class Actor:
    """`actor NAME ["Title"];` a neutral actor (Frederick's palace, the neutral voter) with its own stocks."""

    name: str
    title: Optional[str]


@node
class Face:
    """`face ["Title"] { ... }` of a die."""

    title: Optional[str]
    body: tuple


@node
class Die:
    """`die NAME { face ... }`: faces are data, one is chosen by the seeded RNG."""

    name: str
    title: Optional[str]
    faces: tuple


@node
class Proc:
    """`proc NAME(params) { ... }`: a named effect (turn structure, shared actions)."""

    name: str
    params: tuple
    body: tuple


@node
class Func:
    """`func NAME(params) = EXPR;` a named expression."""

    name: str
    params: tuple
    value: Expr


@node
class Extern:
    """`extern NAME(params);` a runtime kernel the pack uses (geometry that is not rules)."""

    name: str
    params: tuple


@node
class Variant:
    """`variant NAME ["Title"];` an optional rule switched on with `--variant NAME`."""

    name: str
    title: Optional[str]


@node
class Remove:
    """`remove NAME;` drops a declaration of an extended pack."""

    name: str


@node
class Winner:
    """`winner most KEY then TIEBREAK ...;`"""

    key: Expr
    tiebreaks: tuple


@node
class Game:
    """`game NAME { seats A to B; setup {..} play {..} final {..} winner ...; }`"""

    name: str
    title: Optional[str]
    min_players: int
    max_players: int
    setup: tuple
    play: tuple
    final: tuple
    winner: Optional[Winner]


@node
class Override:
    """`override DECL`: replaces the declaration of the same name from an extended pack."""

    decl: "Decl"


Decl = Union[
    Resource, Group, Counter, Enum, Event, Track, Kind, Entity, Zone, Actor, Die, Proc, Func, Extern,
    Variant, Remove, Game,
]


@dataclass(frozen=True, slots=True)
class Module:
    """One parsed rules file."""

    path: str
    items: tuple
