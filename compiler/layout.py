"""The static tables of a checked pack, shared by the code generator and the interpreter.

Both backends build the same Program: these tables are plain data (names, caps, field values);
only the effect callables differ between the two.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulebook.dsl import ast as A

from .resolve import Symbols


def const_value(expr) -> Any:
    """The Python value of a constant field expression (names of members, resources... become strings)."""
    if isinstance(expr, (A.Int, A.Str, A.Bool)):
        return expr.value
    if isinstance(expr, A.Nothing):
        return None
    if isinstance(expr, A.Name):
        return expr.id
    if isinstance(expr, A.Unary) and expr.op == "-" and isinstance(expr.operand, A.Int):
        return -expr.operand.value
    if isinstance(expr, A.ListLit):
        return [const_value(i) for i in expr.items]
    raise ValueError("not a constant")


def is_const(expr) -> bool:
    """Whether `const_value` accepts the expression."""
    try:
        const_value(expr)
        return True
    except ValueError:
        return False


@dataclass
class Layout:
    """Everything about a pack that is data, not behaviour."""

    resources: dict
    groups: dict
    counters: dict
    zones: dict
    actors: list
    variants: dict
    entities: list      # (kind, name, title, fields dict, effect slots, span, per_player)
    entity_refs: list   # (entity, field, entity it names): fields typed with a kind
    tracks: list        # (name, title, [Space], [Reach])
    dice: list
    procs: list
    funcs: list
    game: A.Game | None


def layout(sym: Symbols) -> Layout:
    """Collect the data tables of a pack in declaration order."""
    d = sym.decls.values()
    groups_of = {}
    for g in d:
        if isinstance(g, A.Group):
            for m in g.members:
                groups_of[m] = g.name
    kinds = {k.name: k for k in d if isinstance(k, A.Kind)}
    entities = []
    refs = []
    for e in d:
        if isinstance(e, A.Entity) and e.kind in kinds:
            fields = {f.name: const_value(f.default) for f in kinds[e.kind].fields
                      if f.default is not None and f.type != "effect"}
            fields.update({v.name: const_value(v.value) for v in e.values})
            refs += [(e.name, f.name, fields[f.name]) for f in kinds[e.kind].fields
                     if f.type in kinds and isinstance(fields.get(f.name), str)]
            entities.append((e.kind, e.name, e.title, fields, e.effects, str(e.span), kinds[e.kind].per_player))
    return Layout(
        resources={r.name: (const_value(r.cap) if r.cap else None, groups_of.get(r.name))
                   for r in d if isinstance(r, A.Resource)},
        groups={g.name: (const_value(g.cap), list(g.members)) for g in d if isinstance(g, A.Group)},
        counters={c.name: (c.is_global, const_value(c.low) if c.low else None,
                           const_value(c.high) if c.high else None) for c in d if isinstance(c, A.Counter)},
        zones={z.name: (z.per_player, z.kind) for z in d if isinstance(z, A.Zone)},
        actors=[a.name for a in d if isinstance(a, A.Actor)],
        variants={v.name: v.title for v in d if isinstance(v, A.Variant)},
        entities=entities,
        entity_refs=refs,
        tracks=[t for t in d if isinstance(t, A.Track)],
        dice=[x for x in d if isinstance(x, A.Die)],
        procs=[p for p in d if isinstance(p, A.Proc)],
        funcs=[f for f in d if isinstance(f, A.Func)],
        game=sym.game,
    )


def option_labels(choose: A.Choose) -> list[str]:
    """The option labels of a `choose`, as both backends show them."""
    return [o.title or f"option {i + 1}" for i, o in enumerate(choose.options)]


def leading_cost(body: tuple):
    """The cost paid first in a body, which decides whether an option is affordable."""
    if body and isinstance(body[0], A.Pay):
        return body[0].terms
    return None


def free_names(body: tuple) -> set[str]:
    """Every bare name used in a body (a trigger captures those that are locals where it is registered)."""
    from .check import iter_nodes

    names = set()
    for stmt in body:
        for n in iter_nodes(stmt):
            if isinstance(n, A.Name):
                names.add(n.id)
    return names


def subject_mode(pattern: A.Pattern, default: str = "you") -> str:
    """Whose events a pattern matches: 'you', 'opponents' or 'anyone' (`default` when none is written)."""
    if pattern.subject is None:
        return default
    if isinstance(pattern.subject, A.You):
        return "you"
    return "opponents" if pattern.subject.id in ("opponents", "opponent", "others") else "anyone"


DEFAULT_MAY_PROMPT = "take this optional effect?"
DEFAULT_CHOOSE_PROMPT = "choose one"


SYMBOLIC = ("resource", "counter", "track", "die", "zone", "kind", "variant")


def builtin_args(func: str, args: tuple, sym) -> tuple[bool, tuple]:
    """(whether the first argument is the actor, the arguments with name arguments standing for themselves)."""
    from .resolve import BUILTIN_FUNCS

    spec = BUILTIN_FUNCS[func]
    explicit = spec.about_actor and len(args) == spec.high
    if spec.names and args:
        args = args[:-1] + (symbolic(args[-1], sym),)
    return explicit, args


NAME_TYPES = ("resource", "track", "zone", "die")


def call_args(decl, args: tuple, sym) -> tuple:
    """Arguments of a proc or func call: for a `resource`, `track`, `zone` or `die` parameter a bare
    name stands for itself, so `icon(walls, 2)` passes the resource walls, not your walls."""
    return tuple(symbolic(a, sym) if p.type in NAME_TYPES else a for p, a in zip(decl.params, args))


def symbolic(expr, sym) -> object:
    """In event patterns and emitted arguments a track, resource, die or zone name stands for itself."""
    if isinstance(expr, A.Name) and sym.category(expr.id) in SYMBOLIC:
        return A.Str(expr.id, span=expr.span)
    return expr


def trigger_captures(sym) -> dict[int, list[str]]:
    """For every `whenever`/`next` (by node id): the locals in scope there that its body uses.

    Both backends capture exactly these into the trigger's saved environment, so a saved game is
    the same whichever backend ran it.
    """
    captures: dict[int, list[str]] = {}

    def walk(stmts: tuple, scope: frozenset) -> None:
        for s in stmts:
            if isinstance(s, A.Let):
                scope = scope | {s.name}
            elif isinstance(s, A.Whenever):
                captures[id(s)] = sorted(scope & free_names(s.body))
                walk(s.body, frozenset(captures[id(s)]))
            elif isinstance(s, (A.ForEach, A.Pick)):
                walk(s.body, scope | {s.var})
            elif isinstance(s, A.Choose):
                for o in s.options:
                    walk(o.body, scope)
            elif isinstance(s, A.If):
                walk(s.then, scope)
                walk(s.otherwise, scope)
            elif isinstance(s, (A.May, A.Repeat, A.Each, A.Once)):
                walk(s.body, scope)

    for decl in sym.decls.values():
        if isinstance(decl, A.Proc):
            walk(decl.body, frozenset(p.name for p in decl.params))
        elif isinstance(decl, A.Entity):
            for slot in decl.effects:
                walk(slot.body, frozenset())
        elif isinstance(decl, A.Track):
            for sp in decl.spaces:
                walk(sp.body, frozenset())
                walk(sp.bonus or (), frozenset())
            for r in decl.reaches:
                walk(r.body, frozenset())
        elif isinstance(decl, A.Die):
            for face in decl.faces:
                walk(face.body, frozenset())
        elif isinstance(decl, A.Game):
            for body in (decl.setup, decl.play, decl.final):
                walk(body, frozenset())
    return captures
