"""The reference interpreter: evaluates the checked AST directly with the runtime's primitives.

It is the executable definition of the semantics and the oracle that compiled code is tested
against: for the same seed and decisions both must produce the same log and final state.
"""

from __future__ import annotations

from rulebook.dsl import ast as A
from rulebook.runtime.api import NONE_OPTION
from rulebook.runtime.kernels import KERNELS
from rulebook.runtime.program import GameDef, Program, SpaceDef, TrackDef
from rulebook.runtime.state import EntityDef

from .codegen import ANNOUNCING, where
from .layout import (DEFAULT_CHOOSE_PROMPT, DEFAULT_MAY_PROMPT, Layout, leading_cost,
                     option_labels, subject_mode, symbolic, builtin_args, call_args, trigger_captures)
from .resolve import BUILTIN_FUNCS, Symbols, classify

class Frame:
    """Where an effect runs: who `you` is, its locals, `this` and `it`."""

    __slots__ = ("you", "locals", "this", "it", "it_mode")

    def __init__(self, you, locals_=None, this=None, it=None, it_mode=None):
        self.you, self.locals, self.this, self.it, self.it_mode = you, locals_ if locals_ is not None else {}, \
            this, it, it_mode

    def with_you(self, you) -> "Frame":
        return Frame(you, self.locals, self.this, self.it, self.it_mode)


class Interpreter:
    """Runs statements and evaluates expressions of one pack."""

    def __init__(self, sym: Symbols):
        self.sym = sym
        self.captures = trigger_captures(sym)

    # ------------------------------------------------------------------ statements
    def run(self, stmts: tuple, rt, f: Frame):
        """Run a block (a generator, like compiled effects)."""
        for s in stmts:
            try:
                yield from getattr(self, "x_" + type(s).__name__)(s, rt, f)
            except Exception as e:
                if not hasattr(e, "rules_where"):
                    try:
                        e.rules_where = where(s)
                    except AttributeError:
                        pass
                raise
            if rt.pending and isinstance(s, ANNOUNCING):
                yield from rt.drain()

    def cost(self, terms: tuple, rt, f: Frame) -> list:
        return [(t.mode, self.res(t.name, f) if t.mode == "plain" else t.name, self.ev(t.amount, rt, f))
                for t in terms]

    @staticmethod
    def res(name: str, f: Frame) -> str:
        """A resource named in a statement: itself, or the value of a `resource` parameter."""
        return f.locals[name] if name in f.locals else name

    def x_Gain(self, s, rt, f):
        rt.gain(f.you, self.res(s.resource, f), self.ev(s.amount, rt, f))
        return ()

    def x_Lose(self, s, rt, f):
        amount = self.ev(s.amount, rt, f)
        if s.debt is None:
            rt.lose(f.you, self.res(s.resource, f), amount)
            return ()
        return rt.lose_or_debt(f.you, self.res(s.resource, f), amount, self.res(s.debt, f), where(s))

    def x_Pay(self, s, rt, f):
        return rt.pay(f.you, self.cost(s.terms, rt, f), where(s))

    def x_Advance(self, s, rt, f):
        by = self.ev(s.by, rt, f) if s.by is not None else 1
        return rt.advance(f.you, s.track, by, s.benefit, s.paying, where(s))

    def x_Regress(self, s, rt, f):
        rt.regress(f.you, s.track, self.ev(s.by, rt, f) if s.by is not None else 1)
        return ()

    def x_Choose(self, s, rt, f):
        labels = option_labels(s)
        opts = []
        for i, o in enumerate(s.options):
            if o.guard is not None and not self.ev(o.guard, rt, f):
                continue
            cost = leading_cost(o.body)
            if cost and not rt.affordable(f.you, self.cost(cost, rt, f)):
                continue
            opts.append(i)
        if opts:
            choice = opts[(yield rt.decide(f.you, s.title or DEFAULT_CHOOSE_PROMPT, [labels[i] for i in opts],
                                           where(s)))]
            yield from self.run(s.options[choice].body, rt, f)

    def x_May(self, s, rt, f):
        if s.cost and not rt.affordable(f.you, self.cost(s.cost, rt, f)):
            return
        if (yield rt.decide(f.you, s.title or DEFAULT_MAY_PROMPT, ["no", "yes"], where(s))):
            if s.cost:
                yield from rt.pay(f.you, self.cost(s.cost, rt, f), where(s))
            yield from self.run(s.body, rt, f)

    def x_Repeat(self, s, rt, f):
        for _ in range(self.ev(s.count, rt, f)):
            rt.step(where(s))
            yield from self.run(s.body, rt, f)

    def x_ForEach(self, s, rt, f):
        for value in rt.domain(self.ev(s.domain, rt, f)):
            f.locals[s.var] = value
            if s.where is not None and not self.ev(s.where, rt, f):
                continue
            yield from self.run(s.body, rt, f)

    def x_Each(self, s, rt, f):
        for who in rt.domain(self.ev(s.domain, rt, f)):
            inner = f.with_you(who)
            if s.where is not None and not self.ev(s.where, rt, inner):
                continue
            yield from self.run(s.body, rt, inner)

    def x_If(self, s, rt, f):
        return self.run(s.then if self.ev(s.cond, rt, f) else s.otherwise, rt, f)

    def x_Let(self, s, rt, f):
        f.locals[s.name] = self.ev(s.value, rt, f)
        return ()

    def x_SetName(self, s, rt, f):
        value = self.ev(s.value, rt, f)
        if s.name in f.locals:
            f.locals[s.name] = value
        else:
            rt.set_stock(f.you, s.name, value)
        return ()

    def x_SetAttr(self, s, rt, f):
        rt.set_field(self.ev(s.obj, rt, f), s.name, self.ev(s.value, rt, f))
        return ()

    def x_CallStmt(self, s, rt, f):
        decl = self.sym.decls[s.func]
        args = [self.ev(a, rt, f) for a in call_args(decl, s.args, self.sym)]
        if isinstance(decl, A.Extern):
            return KERNELS[s.func].fn(rt, f.you, *args)
        return self.run(decl.body, rt, Frame(f.you, {p.name: a for p, a in zip(decl.params, args)}))

    def x_Draw(self, s, rt, f):
        rt.draw(f.you, self.ev(s.source, rt, f), self.ev(s.dest, rt, f), self.ev(s.count, rt, f))
        return ()

    def x_Move(self, s, rt, f):
        rt.move(self.ev(s.item, rt, f), self.ev(s.dest, rt, f))
        return ()

    def x_Shuffle(self, s, rt, f):
        rt.shuffle(self.ev(s.zone, rt, f))
        return ()

    def x_Fill(self, s, rt, f):
        def keep(entity):
            return self.ev(s.where, rt, Frame(f.you, f.locals, f.this, entity, "entity"))
        rt.fill(self.ev(s.zone, rt, f), s.kind, keep if s.where is not None else None)
        return ()

    def x_Flip(self, s, rt, f):
        rt.flip(self.ev(s.item, rt, f))
        return ()

    def x_Roll(self, s, rt, f):
        return rt.roll(f.you, s.die)

    def x_Whenever(self, s, rt, f):
        env = {n: f.locals[n] for n in self.captures[id(s)]}
        if f.this is not None:
            env["this"] = f.this
        until = None if s.until is None else \
            (subject_mode(s.until, "anyone"), s.until.event, self.filters(s.until, rt, f))
        rt.register(f.you, where(s), subject_mode(s.pattern), s.pattern.event, self.filters(s.pattern, rt, f), s.once,
                    until, env)
        return ()

    def filters(self, p: A.Pattern, rt, f: Frame) -> dict:
        """The argument filters of an event pattern, evaluated when the trigger is registered."""
        return {a.name: self.ev(symbolic(a.value, self.sym), rt, f) for a in p.args}

    def x_Emit(self, s, rt, f):
        decl = self.sym.decls[s.event]
        rt.emit(s.event, f.you, {p.name: self.ev(symbolic(a, self.sym), rt, f) for p, a in zip(decl.params, s.args)})
        return ()

    def x_Copy(self, s, rt, f):
        return rt.run_slot(f.you, self.ev(s.ref.obj, rt, f), s.ref.name, where(s))

    def x_Once(self, s, rt, f):
        if rt.once(f.you, where(s)):
            return self.run(s.body, rt, f)
        return ()

    def x_Rank(self, s, rt, f):
        ranked = [p for p in rt.domain(self.ev(s.domain, rt, f))
                  if s.where is None or self.ev(s.where, rt, f.with_you(p))]
        keys = [self.ev(s.key, rt, f.with_you(p)) for p in ranked]
        rt.rank(ranked, keys, [self.ev(p, rt, f) for p in s.prizes], s.resource, s.ties)
        return ()

    def x_Pick(self, s, rt, f):
        cands = []
        for value in rt.domain(self.ev(s.domain, rt, f)):
            f.locals[s.var] = value
            if s.where is None or self.ev(s.where, rt, f):
                cands.append(value)
        if cands:
            options = cands + [NONE_OPTION] if s.optional else cands
            choice = yield rt.decide(f.you, s.title or f"pick {s.var}", options, where(s))
            if choice < len(cands):
                f.locals[s.var] = cands[choice]
                yield from self.run(s.body, rt, f)

    def x_Say(self, s, rt, f):
        rt.say(f.you, s.text)
        return ()

    # ------------------------------------------------------------------ expressions
    def ev(self, e, rt, f: Frame):
        """Evaluate an expression."""
        return getattr(self, "e_" + type(e).__name__)(e, rt, f)

    def e_Int(self, e, rt, f):
        return e.value

    e_Str = e_Bool = e_Int

    def e_Cond(self, e, rt, f):
        return self.ev(e.then, rt, f) if self.ev(e.cond, rt, f) else self.ev(e.otherwise, rt, f)

    def e_Index(self, e, rt, f):
        return rt.item(self.ev(e.obj, rt, f), self.ev(e.index, rt, f))

    def e_Nothing(self, e, rt, f):
        return None

    def e_You(self, e, rt, f):
        return f.you

    def e_ListLit(self, e, rt, f):
        return [self.ev(i, rt, f) for i in e.items]

    def e_Unary(self, e, rt, f):
        value = self.ev(e.operand, rt, f)
        return (not value) if e.op == "not" else -value

    def e_Binary(self, e, rt, f):
        op = e.op
        if op == "and":
            return self.ev(e.left, rt, f) and self.ev(e.right, rt, f)
        if op == "or":
            return self.ev(e.left, rt, f) or self.ev(e.right, rt, f)
        a, b = self.ev(e.left, rt, f), self.ev(e.right, rt, f)
        return BINARY[op](a, b)

    def e_Name(self, e, rt, f):
        how, name = classify(e.id, f.locals, f.this is not None, f.it_mode, self.sym)
        if how == "local":
            return f.locals[name]
        if how == "this":
            return f.this
        if how == "it":
            return f.it
        if how == "stock":
            return f.you.stock[name]
        if how == "global":
            return rt.state.globals[name]
        if how == "zone":
            return rt.zone(f.you, name)
        if how == "entity":
            return rt.program.entities[name]
        if how == "actor":
            return rt.state.actors[name]
        if how == "member":
            return name
        return DOMAINS[name](rt, f.you)

    def e_Attr(self, e, rt, f):
        if isinstance(e.obj, A.Name) and e.obj.id == "it" and f.it_mode == "event" and "it" not in f.locals:
            return f.it[e.name]
        return rt.field(self.ev(e.obj, rt, f), e.name)

    def e_Method(self, e, rt, f):
        return self.call(e.name, (e.obj,) + e.args, rt, f)

    def e_Call(self, e, rt, f):
        return self.call(e.func, e.args, rt, f)

    def call(self, func: str, args: tuple, rt, f: Frame):
        spec = BUILTIN_FUNCS.get(func)
        if spec is not None:
            explicit, args = builtin_args(func, args, self.sym)
            values = [self.ev(a, rt, f) for a in args]
            if spec.about_actor and not explicit:
                values.insert(0, f.you)
            if spec.python:
                return PYTHON[spec.python](*values)
            return getattr(rt, spec.method)(*values)
        decl = self.sym.decls[func]
        values = [self.ev(a, rt, f) for a in call_args(decl, args, self.sym)]
        return self.ev(decl.value, rt, Frame(f.you, {p.name: v for p, v in zip(decl.params, values)}))

    def e_Aggregate(self, e, rt, f):
        saved = f.locals.get(e.var, _UNBOUND)  # like a comprehension, the variable is its own
        results = []
        for value in rt.domain(self.ev(e.domain, rt, f)):
            f.locals[e.var] = value
            if e.op == "every" and e.value is None:
                results.append(self.ev(e.where, rt, f))
                continue
            if e.where is not None and not self.ev(e.where, rt, f):
                continue
            results.append(self.ev(e.value, rt, f) if e.value is not None else True)
        if saved is _UNBOUND:
            f.locals.pop(e.var, None)
        else:
            f.locals[e.var] = saved
        if e.op == "count":
            return len(results)
        if e.op == "total":
            return sum(results)
        return any(results) if e.op == "some" else all(results)


_UNBOUND = object()

BINARY = {
    "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b, "/": lambda a, b: a // b,
    "%": lambda a, b: a % b, "==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
}
DOMAINS = {
    "players": lambda rt, you: rt.players(), "opponents": lambda rt, you: rt.opponents(you),
    "neighbours": lambda rt, you: rt.neighbours(you), "left": lambda rt, you: rt.left(you),
    "right": lambda rt, you: rt.right(you), "teammate": lambda rt, you: rt.teammate(you),
    "player_count": lambda rt, you: len(rt.state.players),
}
PYTHON = {"min": min, "max": max, "abs": abs, "len": len}


def build_program(sym: Symbols, lay: Layout, pack_name: str) -> Program:
    """The pack as a Program whose callables interpret the AST."""
    it = Interpreter(sym)
    program = Program(pack_name)
    program.resources, program.groups, program.counters = lay.resources, lay.groups, lay.counters
    program.zones, program.actors, program.variants = lay.zones, lay.actors, lay.variants

    def effect(body: tuple, this_ok: bool = False):
        if this_ok:
            return lambda rt, you, this: it.run(body, rt, Frame(you, {}, this))
        return lambda rt, you: it.run(body, rt, Frame(you))

    def cost(terms):
        return (lambda rt, you: it.cost(terms, rt, Frame(you))) if terms else None

    for kind, name, title, fields, effects, span, per_player in lay.entities:
        e = EntityDef(kind, name, title, fields, {s.name: effect(s.body, True) for s in effects}, span, per_player)
        program.entities[name] = e
        program.kinds.setdefault(kind, []).append(e)
    for name, field, target in lay.entity_refs:
        program.entities[name].fields[field] = program.entities[target]
    for t in lay.tracks:
        spaces = {sp.position: SpaceDef(sp.position, sp.title, sp.tier or 0, cost(sp.cost), effect(sp.body),
                                        cost(sp.bonus_cost), effect(sp.bonus) if sp.bonus else None, where(sp))
                  for sp in t.spaces}
        program.tracks[t.name] = TrackDef(t.name, t.title, spaces, {r.position: effect(r.body) for r in t.reaches},
                                          len(t.spaces))
    for d in lay.dice:
        program.dice[d.name] = [(face.title, effect(face.body)) for face in d.faces]
    from .check import iter_nodes

    for decl in sym.decls.values():
        for n in iter_nodes(decl):
            if isinstance(n, A.Whenever):
                program.triggers[where(n)] = (_trigger(it, n), where(n))
    for p in lay.procs:
        program.procs[p.name] = (lambda body, params: lambda rt, you, *args: it.run(
            body, rt, Frame(you, {q.name: a for q, a in zip(params, args)})))(p.body, p.params)
    for fn in lay.funcs:
        program.funcs[fn.name] = (lambda value, params: lambda rt, you, *args: it.ev(
            value, rt, Frame(you, {q.name: a for q, a in zip(params, args)})))(fn.value, fn.params)
    if lay.game is not None:
        g = lay.game
        keys = [g.winner.key, *g.winner.tiebreaks] if g.winner else []
        program.game = GameDef(g.name, g.title, g.min_players, g.max_players, effect(g.setup), effect(g.play),
                               effect(g.final), [(lambda k: lambda rt, you: it.ev(k, rt, Frame(you)))(k) for k in keys])
    return program


def _trigger(it: Interpreter, node: A.Whenever):
    def fire(rt, you, args, env):
        this = env.get("this")
        locals_ = {k: v for k, v in env.items() if k != "this"}
        return it.run(node.body, rt, Frame(you, locals_, this, args, "event"))
    return fire
