"""Codegen: a visitor that writes one readable Python module per pack through jinja2 templates.

User text reaches the generated code only through repr(); user names become mangled identifiers
(`v_` locals; procs, funcs and effects numbered); the module imports only `runtime.api`. Every statement line
ends with a `# file:line:col` comment, from which the line map is built after rendering.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Optional

import jinja2

from rulebook.dsl import ast as A
from rulebook.dsl.printer import PRECEDENCE, precedence
from rulebook.runtime.engine import MAX_STEPS, MemberData, TableCells

from .layout import (blind_zones, slot_args, copy_args, is_live, item_at, set_fields, live_amounts, may_take, shown_zones, cost_data, paid_mode, enum_data, filled_zones, opening_test, option_gate, zone_caps, pick_paid, kept_locals, bounded_domain, elements, left_by_break, Layout, actor_call, aggregate_shape, announces, default_prompt, plain_text, OFFER_CHOOSE_PROMPT,
                     builtin_args, call_args, effects, leading_cost, option_labels, subject_mode, event_arg, pattern_filters, pattern_binders, watched_counters, tag_element, heard_vars, heard_globals, remembered_table,
                     recursive, ended_names, period_ends, per_resets, runtime_axes, sized, range_bounded, direction_steps, checked_within, site_ids, tables, tag_args, trigger_captures, trigger_nodes, where, condition_nodes, subject_nodes, phase_modifiers,
                     hook_table, hooked_actions, index_reading,
                     leading_tag, indexed_ref, member_elements, member_field, per_player_entity, proc_result_call,
                     field_value)
from .hidden import marks, open_values, untold_calls
from .resolve import BUILTIN_FUNCS, LIST_OPS, STEPS, SUBJECT, Symbols, cell_neighbours, cell_walk, classify, it_arg, knowledge_args, knowledge_call, remembered, seen_call, zone_piles, rounding, shortfall_of, row_beginnings, index_place, card_shortfall_of, PAIR_WALKS

TEMPLATES = jinja2.Environment(
    loader=jinja2.FileSystemLoader(str(Path(__file__).with_name("templates"))),
    keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined,
    autoescape=False,
)
MARK = re.compile(r"  # @(\S+)$")
IDENT = re.compile(r"\W")
PLAIN_NAME = re.compile(r"[A-Za-z_]\w*")


class Scope:
    """Local names in scope: those of the enclosing scope, and this block's own, which grow as its
    lets come (a long run of lets stays linear; lookups walk at most the nesting depth)."""

    __slots__ = ("outer", "own")

    def __init__(self, outer=frozenset(), own=()):
        self.outer, self.own = outer, set(own)

    def __contains__(self, name: str) -> bool:
        return name in self.own or name in self.outer


@dataclass(frozen=True)
class Ctx:
    """What names mean where the visitor is: locals in scope, who `you` is, `this` and `it`."""

    locals: Scope | frozenset = frozenset()
    you: str = "you"
    this_ok: bool = False
    it_mode: str | None = None   # "event" in trigger bodies, "use" in a modifier's condition, "entity" in fill filters

    def bind(self, name: str) -> "Ctx":
        return replace(self, locals=Scope(self.locals, (name,)))


@dataclass
class Function:
    """One generated function: its `def` line and its body lines."""

    header: str
    doc: str
    lines: list = field(default_factory=list)


def dynamic_attrs(sym: Symbols) -> set[str]:
    """Attribute names that need the runtime's lookup: fields some rule sets, a player's stocks and
    zones, and the entity attributes the runtime computes (flipped, owner, zone, name, title)."""
    from .check import ENTITY_ATTRS

    names = set(ENTITY_ATTRS) | set_fields(sym)
    names.update(decl.name for decl in sym.decls.values() if isinstance(decl, (A.Resource, A.Counter, A.Track, A.Zone, A.Var)))
    return names


PLAIN_ZONE = re.compile(r"(\w+\.refs|rt\.shared_refs)\[[^\[\]()]*\]")   # `you.refs['city']`: read twice at no cost


class CodeGen(A.Visitor):
    """Visits checked declarations and writes Python source: `visit_<Expr>` returns a Python
    expression, `visit_<Stmt>` writes lines."""

    def __init__(self, sym: Symbols):
        self.sym = sym
        self.captures = trigger_captures(sym)
        self.sites = site_ids(sym)
        self.zone_caps = zone_caps(sym)   # the zones with a hand limit (`cap N over PROC`): checked after filling
        self.shows = bool(shown_zones(sym))   # a display that keeps itself filled: topped up after taking
        self.faces: dict = {}   # a value worked out from faces ('f'): the items whose faces it reads
        self.face_names: dict = {}   # func -> the function giving the items whose faces it reads (face_function)
        self.open = open_values(sym, self.faces)   # the values prompts show that the hot seat may tell the others
        self.untold_calls = untold_calls(sym)   # the calls made under a condition on hidden cards: their questions untold
        self.dynamic_attrs = dynamic_attrs(sym)
        # the fields a keyed search may index: a kind's own (not an effect slot, not one per member, not a
        # computed field, worked out for its reader and kept in no card's fields) and the attributes a card
        # keeps wherever it is
        # and no rule or kernel sets (a set makes the index anew: a field set every turn is scanned)
        self.keyed_fields = ({f.name for d in sym.decls.values() if type(d) is A.Kind for f in d.fields
                              if f.type != "effect" and f.index is None and f.tag is None}
                             | {"title", "name", "copy_number"}) \
            - set_fields(sym) \
            - {f.name for d in sym.decls.values() if type(d) is A.Kind for f in d.fields if f.computed}
        self.member_tables = member_elements(sym)
        self.option_ranged = range_bounded(sym)   # `[1..size]`: elements looked up through rt.at_bounded
        self.heard = frozenset(heard_vars(sym))   # the variables whose sets announce (`whenever you set(pawn)`)
        # the remembered variables (3.3b), whose sets keep their position's hash
        self.remembered = frozenset(v.name for vs in remembered(sym).values() for v in vs)
        self.enum_data = enum_data(sym)   # (enum, field) -> {member: value}: the members' data
        self.direct_reads = self.reads()
        self.entity_fields = self.card_fields()
        # resources sharing a group's cap: past it a gain asks which to discard, so only a gain of
        # one of these (or of a resource parameter) needs the runtime's deciding gain
        # where the cases' results of `match` expressions stand in the generated text, by the match's
        # subject local: (the lambda's text, [(start, end, rules position)]) for one in an expression,
        # [(start, end, position)] a line for one a func returns (`returning`); see `case_map`
        self.case_spans: dict = {}
        self.case_lines: dict = {}
        # the same for `if ... then ... else` values: their text -> {the value's rules position: [(start,
        # end, the position of the side's result)]}, found in the lines by their text (see `case_map`)
        self.cond_spans: dict = {}
        self.shared_cap = {m for d in sym.decls.values()
                           if type(d) is A.Group and d.cap is not None for m in d.members} | \
            {d.name for d in sym.decls.values() if type(d) is A.Resource and d.over is not None and d.cap is not None} | \
            {d.name for d in sym.decls.values() if type(d) is A.Counter and d.short is not None}   # a bank's `short PROC`
        # procs and funcs are called by name: numbered Python names, since rules names may hold a
        # '.' (the `base` an override calls) and must never collide
        procs = [n for n, d in sym.decls.items() if type(d) is A.Proc]
        funcs = [n for n, d in sym.decls.items() if type(d) is A.Func]
        self.proc_names = {n: f"p{i}_{IDENT.sub('_', n)}" for i, n in enumerate(procs)}
        self.func_names = {n: f"f{i}_{IDENT.sub('_', n)}" for i, n in enumerate(funcs)}
        self.recursive = recursive(sym)
        self.ended = ended_names(sym)   # the procs and loop labels an `until end of NAME` (or a `once per`) names
        self.period_ends = frozenset(period_ends(sym))   # those a `once per NAME` period waits for (round_over)
        self.per = per_resets(sym)   # proc or loop label -> the counters `per` it (3.3), back to start at its end
        self.lp_labels: dict = {}   # a labelled loop's Looping variable -> its label
        self.kept = kept_locals(sym)   # names bound again inside a block: kept around it (4.12)
        # whether a player can be knocked out while an `each` goes round: only then does the loop ask
        self.rounds: list[str] = []   # the Settling of each `each ... until settled` being written, innermost last
        self.eliminates = any(type(n) is A.Eliminate for d in sym.decls.values() for n in A.walk(d))
        self.recursive_names = {self.func_names[n] for n in self.recursive if n in self.func_names}
        self.functions: list[Function] = []
        self.constants: dict[str, tuple[str, str]] = {}   # key -> (module-level name, its Python value)
        self.triggers: dict[str, str] = {}   # tid -> function name
        self.conditions: dict[str, str] = {}   # modifier or trigger id -> function name of its `while` condition
        self.amounts: dict[tuple, str] = {}   # (card modifier id, line) -> function name of its live amount (7.7b)
        self.live_modifiers = {id(m) for m, _line in live_amounts(sym)}   # card modifiers with such a line
        self.consequences: dict[str, str] = {}   # modifier id -> function name of its `then { ... }` (7.7d)
        self.hooked = hooked_actions(sym)   # the actions whose uses may ask a modifier's holder (7.7d)
        self._fn: Function | None = None
        self._indent = 1
        self._temp = 0
        self.can_names: dict[str, str] = {}   # proc name -> its `can` test's function (see `can_function`)
        self._uncounted: dict[str, bool] = {}   # func name -> whether its calls cannot count a step

    # ------------------------------------------------------------------ writer
    def writeline(self, code: str, node=None) -> None:
        line = "    " * self._indent + code
        if node is not None:
            line += f"  # @{where(node)}"
        self._fn.lines.append(line)

    def temp(self, stem: str) -> str:
        """A fresh identifier: numbered, so generated names never collide whatever the rules call things."""
        self._temp += 1
        return f"_{stem}{self._temp}"

    def function(self, name: str, params: str, body: tuple, ctx: Ctx, doc: str, prelude: tuple = (),
                 end: str = "return", running: Optional[str] = None, nested: bool = False,
                 once: Optional[tuple] = None) -> str:
        """Generate a generator function running `body` (after the `prelude` lines, ending with the
        line `end`); returns its name. `running`: a proc an `until end of` names, its body inside
        `with rt.running(NAME):`. `nested`: a recursive proc, one level of nesting while it runs
        (`rt.enter`, `rt.leave`), as the interpreter's `proc` counts it."""
        outer, outer_indent = self._fn, self._indent
        self._fn = Function(f"def {name}({params}):", doc)
        self._indent = 1
        for line in prelude:
            self.writeline(line)
        if nested:
            self.writeline("_depth = rt.enter()")
            self.writeline("try:")
            self._indent += 1
        if once is not None:   # `once per c`: skipped when c was visited in the chain running (rt.once_per)
            proc, keys, at = once
            self.writeline(f"_chain = rt.once_per({proc!r}, ({''.join(f'v_{k}, ' for k in keys)}), {at!r})")
            self.writeline("if _chain is None:")
            self.writeline("    return")
            self.writeline("with _chain:")
            self._indent += 1
        if running is not None:   # (with the counters `per` the proc, back to their start when the call ends)
            resets = f", {self.per[running]!r}" if running in self.per else ""
            self.writeline(f"with rt.running({running!r}{resets}):")
            self._indent += 1
            self.block(body, ctx)
            self.writeline("pass")
            self._indent -= 1
        else:
            self.block(body, ctx)
        if once is not None:
            self.writeline("pass")
            self._indent -= 1
        self.writeline(end)
        if nested:
            self._indent -= 1
            self.writeline("finally:")
            self.writeline("    rt.leave(_depth)")
        self.writeline("yield  # makes this a generator even when it asks nothing")
        self.functions.append(self._fn)
        self._fn, self._indent = outer, outer_indent
        return name

    def plain_function(self, name: str, params: str, value, ctx: Ctx, doc: str) -> str:
        """Generate a function returning the value of an expression (a `func`); returns its name."""
        fn = Function(f"def {name}({params}):", doc)
        if name in self.recursive_names:   # a call counts a step: recursion cannot run away
            fn.lines.append(f"    rt.step({where(value)!r})")
        if type(value) is A.LetIn:   # `let a = X; ... VALUE`: each let a plain assignment, then the value
            for s in value.lets:
                fn.lines.append(f"    v_{s.name} = {self.ex(s.value, ctx)}  # @{where(s)}")
                ctx = ctx.bind(s.name)
            value = value.value
        # every line maps to the func's value, as its one `return` line did: errors keep their place
        fn.lines += self.returning(value, ctx, f"  # @{where(value)}") \
            if self.loops_in(value, ctx) or type(value) in (A.Match, A.Attr) else [f"    return {self.ex(value, ctx)}  # @{where(value)}"]
        self.functions.append(fn)
        return name

    def loops_in(self, e, ctx: Ctx, op: str | None = None) -> bool:
        """Whether a func's value is (an `and`/`or` chain holding) a `some`/`every`/`count`/`total`/`first`
        that `returning` runs as a loop (its variable must not hide a parameter read after it); `op`:
        the chain `e` may decide, None where `e`'s value is returned."""
        if type(e) is A.Binary and e.op in ("and", "or") and op in (None, e.op):
            # the left operand decides the chain or falls through; the right one is where `e` is
            return self.loops_in(e.left, ctx, e.op) or self.loops_in(e.right, ctx, op)
        if type(e) is not A.Aggregate or e.var in ctx.locals or self.keyed(e, ctx) is not None:
            return False   # a keyed search is one expression (see `keyed`)
        reduce = aggregate_shape(e)[0]
        if op is None:   # the whole value
            return reduce in ("any", "all", "sum", "first")
        return reduce == ("any" if op == "or" else "all")   # a bool that can decide the chain

    def returning(self, e, ctx: Ctx, mark: str) -> list[str]:
        """The lines of a func that return its value, an aggregate's loops run as `any`/`all`/`sum`
        would run them (`func owns(c) = some(t in erudites where ...)`, `robots > 0 and some(...)`):
        the same domains counted the same, the same tests in the same order, the same answer, without
        a generator expression per call. `and`/`or` return an operand as Python's do."""
        if type(e) is A.Binary and e.op in ("and", "or"):
            return self.deciding(e.left, e.op, ctx, mark) + self.returning(e.right, ctx, mark)
        if type(e) is A.Attr:   # `site_at(t, i).built`: the object once, into a local read without a call
            read = self.ex(e, ctx)
            obj = self.ex(e.obj, ctx)
            if read == f"rt.field({obj}, {e.name!r})" and self.named_read("_o", e.name) is not None:
                value = self.temp("o")
                return [f"    {value} = {obj}{mark}", f"    return {self.named_read(value, e.name)}{mark}"]
        if type(e) is A.Match:   # the subject once, then the cases tested in turn, without a lambda's call
            subject = self.temp("match")
            numbers = self.never_none(e.subject, ctx)
            last = self.ex(e.otherwise, ctx) if e.otherwise is not None else f"rt.unmatched({subject})"
            lines, spans = [f"    {subject} = {self.ex(e.subject, ctx)}{mark}"], []
            for c in e.cases:   # each case a line: where its result stands in it (case_map)
                head = f"    if {self.case_test(subject, c.values, ctx, numbers)}: return "
                result = self.ex(c.result, ctx)
                spans.append((len(head), len(head) + len(result), where(c.result)))
                lines.append(f"{head}{result}{mark}")
            spans.append((len("    return "), len("    return ") + len(last),
                          where(e.otherwise) if e.otherwise is not None else None))
            self.case_lines[subject] = spans
            return lines + [f"    return {last}{mark}"]
        if type(e) is A.Aggregate and self.loops_in(e, ctx):
            reduce = aggregate_shape(e)[0]
            if reduce == "sum":
                return ["    total = 0"] + self.aggregate_loop(e, ctx, mark) + ["    return total"]
            if reduce == "first":   # the first kept element, or none
                return self.aggregate_loop(e, ctx, mark) + ["    return None"]
            return self.aggregate_loop(e, ctx, mark) + [f"    return {reduce != 'any'}"]
        return [f"    return {self.ex(e, ctx)}{mark}"]

    def deciding(self, e, op: str, ctx: Ctx, mark: str) -> list[str]:
        """The lines that return early when `e` decides an `and` (false) or an `or` (true): then its
        value is the chain's; otherwise they fall through to the next operand."""
        if type(e) is A.Binary and e.op == op:
            return self.deciding(e.left, op, ctx, mark) + self.deciding(e.right, op, ctx, mark)
        if self.loops_in(e, ctx, op):   # some(...) in an `or`, every(...) in an `and`: a bool
            return self.aggregate_loop(e, ctx, mark)
        value = self.temp("v")
        return [f"    {value} = {self.ex(e, ctx)}{mark}",
                f"    if {'' if op == 'or' else 'not '}{value}: return {value}"]

    def aggregate_loop(self, e: A.Aggregate, ctx: Ctx, mark: str) -> list[str]:
        """An aggregate's loop: `any` returns True at the first kept true element, `all` False at the
        first false one, `sum` adds to `total` from 0, left to right (the caller returns after it)."""
        reduce, keep, value = aggregate_shape(e)
        inner = ctx.bind(e.var)
        domain, keep = self.hoisted(e.domain, e.var, keep, ctx, e)
        lines = [f"    for v_{e.var} in {domain}:{mark}"]
        if reduce == "any" and value is None and keep is not None:
            # some(x in D where A and some(y in E where C)): the inner loop nested in the outer one,
            # without a generator expression per element (the same elements tested in the same order)
            tests, last = and_operands(keep)
            if type(last) is A.Aggregate and last.var not in inner.locals and aggregate_shape(last)[0] == "any" \
                    and aggregate_shape(last)[2] is None:
                lines += [f"        if not ({self.ex(t, inner)}): continue{mark}" for t in tests]
                return lines + ["    " + line for line in self.aggregate_loop(last, inner, mark)]
        if keep is not None:
            lines.append(f"        if not ({self.ex(keep, inner)}): continue{mark}")
        element = self.ex(value, inner) if value is not None else None
        if reduce == "sum":
            lines.append(f"        total = total + {'1' if element is None else '(' + element + ')'}{mark}")
        elif reduce == "first":
            lines.append(f"        return {element}{mark}")
        elif element is not None:
            lines.append(f"        if {'' if reduce == 'any' else 'not '}({element}): return {reduce == 'any'}{mark}")
        elif reduce == "any":   # some(x in D where C): any kept element
            lines.append(f"        return True{mark}")
        else:   # every kept element counts as true: the filter still runs on each
            lines.append("        pass")
        return lines

    def block(self, stmts: tuple, ctx: Ctx) -> None:
        lets = None   # this block's own scope, made at its first let
        kept = []   # (id of the statement after which they are given back, {local: its temporary})
        for s in stmts:
            for last, names in self.kept.get(id(s), ()):   # a name bound again inside: the outer one kept
                temps = {name: self.temp("kept") for name in names}
                self.writeline("; ".join(f"{t} = v_{name}" for name, t in temps.items()), s)
                kept.append((last, temps))
            drains = announces(s, ctx.locals)
            self.visit(s, ctx)
            for capped in filled_zones(s, self.zone_caps, ctx.locals) if self.zone_caps else ():
                self.writeline(f"yield from rt.zone_over({ctx.you}, {capped!r}, {where(s)!r})")   # a hand limit
            if self.shows and may_take(s):   # a display laid out is topped up at once (`show N from ZONE`)
                # placed at the statement, so that the trace places the top-up's draw there, as the interpreter does
                self.writeline(f"if rt.state.shown: rt.keep_shown({ctx.you}, {where(s)!r})", s)
            while kept and kept[-1][0] == id(s):
                self.writeline("; ".join(f"v_{name} = {t}" for name, t in kept.pop()[1].items()), s)
            if s.bound() is not None:
                if lets is None:
                    ctx = replace(ctx, locals=Scope(ctx.locals))
                    lets = ctx.locals.own
                lets.add(s.bound())
            if drains:
                self.writeline("if rt.pending: yield from rt.drain()")

    def nested(self, stmts: tuple, ctx: Ctx) -> None:
        self._indent += 1
        if stmts:
            self.block(stmts, ctx)
        else:
            self.writeline("pass")
        self._indent -= 1

    # ------------------------------------------------------------------ expressions
    def ex(self, e, ctx: Ctx) -> str:
        """The Python expression for a rules expression."""
        return self.visit(e, ctx)

    def visit_Int(self, e, ctx) -> str:
        return repr(e.value)

    visit_Bool = visit_Int

    def visit_Dec(self, e, ctx) -> str:
        """A decimal literal (`7.5`): a module-level Fraction made once from the text as written (repr: the
        rules' text enters the code as a string only)."""
        return self.constants.setdefault(("decimal", e.text), (f"_DEC{len(self.constants)}",
                                                               f"Fraction({e.text!r})"))[0]

    def visit_Str(self, e, ctx) -> str:
        """A text; one with `{...}` values is filled in here, its values shown as `say` shows them."""
        if not e.parts:
            return repr(e.value)
        return f"''.join(({', '.join(self.text_parts(e.parts, ctx))},))"

    def visit_Cond(self, e, ctx) -> str:
        then = self.wrap(e.then, ctx, 1)
        head = f"{then} if {self.wrap(e.cond, ctx, 1)} else "
        otherwise = self.wrap(e.otherwise, ctx, 1)
        # where each side's result stands in the text: `cover --branches` (case_map); an `else if`'s
        # side is the next value's own `then`
        spans = [(0, len(then), where(e.then))]
        if type(e.otherwise) is not A.Cond:
            spans.append((len(head), len(head) + len(otherwise), where(e.otherwise)))
        self.cond_spans.setdefault(head + otherwise, {})[where(e)] = spans
        return head + otherwise

    def table_read(self, e: A.Index, ctx) -> str:
        """`payout[r]`: the value itself when every index is written out (`payout[2]` is 6 in the code), else the
        table's module constant (`TableCells`, a dict made once) by the index (a tuple for two or more)."""
        name = e.obj.id
        shape = self.sym.table(name)
        cells = TableCells(name, shape.cells, shape.tops)
        written = self.written(e.index, ctx)
        if written is not None and cells.key_of(written) in cells:   # (past an open top: the last value)
            return repr(cells[cells.key_of(written)])
        table = self.constants.setdefault(("table", name), (f"_TABLE_{IDENT.sub('_', name)}", repr(cells)))[0]
        if self.sym.decls[name].index.dims()[0].edge:   # a board's side, a list of its two cells: keyed by the pair
            return f"{table}[tuple({self.ex(e.index, ctx)})]"
        return f"{table}[{self.ex(e.index, ctx)}]"

    def visit_Index(self, e, ctx) -> str:
        if type(e.obj) is A.Name and e.obj.id not in ctx.locals and self.sym.category(e.obj.id) == "table":
            return self.table_read(e, ctx)
        if id(e) in self.sym.cost_reads:   # `b.cost[fish]`: the units a printed cost shows
            return f"rt.shown_units({self.ex(e.obj, ctx)}, {self.res(e.index.id, ctx)})"
        if type(e.obj) is A.Attr and id(e.obj) in self.sym.member_fields:   # `c.cost[white]`: a field of its own
            key = self.element(member_field(e.obj.name), e.index, ctx)
            if e.obj.name not in self.dynamic_attrs and key[0] in "'\"":   # no rule sets it: read from the card
                return f"{self.wrap(e.obj.obj, ctx, 9)}.fields[{key}]"
            return f"rt.field({self.ex(e.obj.obj, ctx)}, {key})"
        ref = indexed_ref(e, self.sym, ctx.locals)
        if ref is None:
            return f"rt.item({self.ex(e.obj, ctx)}, {self.ex(e.index, ctx)}, {where(e)!r})"   # E601 at the item
        base, owner = ref
        key = self.element(base, e.index, ctx)
        if owner is not None:
            return f"rt.field({self.ex(owner, ctx)}, {key})"
        how, _ = classify(base, ctx.locals, ctx.this_ok, ctx.it_mode, self.sym)
        if how == "zone":
            return self.zone_ref(base, key, ctx)
        return {"stock": f"{ctx.you}.stock[{key}]", "global": f"rt.state.globals[{key}]",
                "var": f"{ctx.you}.vars[{key}]", "gvar": f"rt.state.gvars[{key}]"}[how]

    def zone_ref(self, name: str, key: str, ctx) -> str:
        """A zone's handle, read without a call (the runtime makes every handle when a game starts):
        the acting holder's own, or the shared one."""
        if self.sym.decls[name].per_player:
            return f"{ctx.you}.refs[{key}]"
        return f"rt.shared_refs[{key}]"

    def element(self, base: str, index, ctx) -> str:
        """The runtime name of an indexed counter's or zone's element: `rt.at('votes', i)`, or the name
        itself (`'votes[mid]'`) when the index is a number or member written out and one of the declared
        ones (the runtime checks any other index)."""
        if base in self.sym.frames:   # numbered from each side: the acting player's number, mapped (3.3)
            frame = self.constants.setdefault(f"{base}#frame", (f"_FRAME_{IDENT.sub('_', base)}{len(self.constants)}",
                                                               repr(self.sym.frames[base])))[0]
            at = "at_bounded" if base in self.option_ranged else "at"
            return f"rt.{at}({base!r}, rt.framed({frame}, {ctx.you}, {self.ex(index, ctx)}))"
        if base in self.option_ranged:   # `[1..size]`: the elements of this game's size alone
            return f"rt.at_bounded({base!r}, {self.ex(index, ctx)})"
        constant = self.written(index, ctx)
        flat = self.element_names(base).get(constant) if constant is not None else None
        return repr(flat) if flat is not None else self.at(base, index, ctx)

    def written(self, index, ctx):
        """An index written out: a number, a member, or a grid's tuple of them; else None."""
        if type(index) is A.Pair:
            parts = tuple(self.written(part, ctx) for part in index.parts)
            return parts if None not in parts else None
        if type(index) is A.Int:
            return index.value
        if type(index) is A.Name and (id(index) in self.sym.named   # `q.needs[fighter]`: the resource itself
                                      or classify(index.id, ctx.locals, ctx.this_ok, ctx.it_mode, self.sym)[0] == "member"):
            return index.id
        return None

    def at(self, base: str, index, ctx: Ctx) -> str:
        """An element named by an index known only at run time: read from a module table of the
        element names (`Elements` answers a missing index as `rt.at` does) when every index is a name,
        or when they are numbers and the index is a card's whole-number field no rule sets (a number
        or none: `true` would find the element 1 in a table), each of a grid's indexes by this rule;
        through `rt.at` otherwise."""
        names = self.element_names(base)
        parts, columns = (index.parts, list(zip(*names))) if type(index) is A.Pair else \
            ((index,), [list(names)])   # a grid's tuple: each index against its own column of keys
        if any(it_arg(part, ctx.locals, ctx.it_mode) for part in parts):   # an event's argument: any value
            return f"rt.at({base!r}, {self.ex(index, ctx)})"
        if all(all(type(i) is str for i in column) or (all(type(i) is int for i in column) and self.int_field(part))
               for column, part in zip(columns, parts)):
            return f"{self.table(base, names)}[{self.ex(index, ctx)}]"
        if type(index) is A.Name and index.id in ctx.locals and all(type(i) is int for i in names):
            # a local holding a number (a loop's, a parameter): the table when it is a whole number,
            # `rt.at` for anything else (`true` would find element 1 in the table)
            local = self.ex(index, ctx)
            return f"({self.table(base, names)}[{local}] if type({local}) is int else rt.at({base!r}, {local}))"
        return f"rt.at({base!r}, {self.ex(index, ctx)})"

    def table(self, base: str, names: dict) -> str:
        """The module table of an indexed counter's, variable's or zone's element names."""
        return self.constants.setdefault(base, (f"_AT_{IDENT.sub('_', base)}{len(self.constants)}",
                                                f"Elements({base!r}, {names!r})"))[0]

    def visit_Pair(self, e, ctx) -> str:   # a grid's element: `wall[r, c]` is keyed by the tuple (r, c)
        return f"({', '.join(self.ex(part, ctx) for part in e.parts)})"

    def element_names(self, base: str) -> dict:
        """An indexed counter's or zone's element names by index, or a field's declared `int[ENUM]`."""
        if base in self.member_tables:
            return dict(self.member_tables[base])
        return dict(elements(self.sym.decls[base], self.sym))

    def int_field(self, e) -> bool:
        """Whether `e` reads a field that every kind declaring it declares `int` and no rule sets (a
        card's printed number, or none)."""
        if type(e) is not A.Attr or e.name in self.dynamic_attrs or id(e) in self.sym.slots:
            return False
        types = {(f.type, f.index) for d in self.sym.decls.values() if type(d) is A.Kind for f in d.fields
                 if f.name == e.name}
        return types == {("int", None)}

    def visit_Nothing(self, e, ctx) -> str:
        return "None"

    def visit_You(self, e, ctx) -> str:
        return ctx.you

    def visit_Valued(self, e: A.Valued, ctx) -> str:
        """A tagged value (7.7c): the value, then the tag's arguments, as the interpreter reads them."""
        return f"rt.valued({ctx.you}, {self.ex(e.value, ctx)}, {self.tag(e.tag, ctx)}, {where(e)!r})"

    def visit_Affordable(self, e: A.Affordable, ctx) -> str:
        return self.affordable(e.terms, e.tag, ctx, e)

    def affordable(self, terms: tuple, tag, ctx: Ctx, node) -> str:
        """Whether `you` can pay a cost: `rt.affordable(you, [terms], tag)`, or, for plain terms naming
        distinct stocks every holder keeps, a function made for the site that compares the stocks
        (no list of terms, and the tag built only while a modifier of its action is in force: the
        hot test of options and guards). It evaluates what the generic call does, in the same order,
        and fails the same way (`0 + amount` is the runtime's first sum), reported at the calling line
        (the site function's lines map to no rules position)."""
        names = [t.name for t in terms]
        if not terms or len(set(names)) < len(names) or not all(
                t.mode == "plain" and t.index is None and t.name not in ctx.locals and self.held(t.name) for t in terms):
            return f"rt.affordable({ctx.you}, {self.cost(terms, ctx)}, {self.tag(tag, ctx)})"
        if tag is None and all(type(t.amount) is A.Int for t in terms):   # nothing to evaluate: inline
            return "(" + " and ".join(f"{ctx.you}.stock[{t.name!r}] >= {t.amount.value + self.floor(t.name)!r}"
                                      for t in terms) + ")"
        name = self.temp("afford")
        params, args, compared, listed = [], [], [], []
        for i, t in enumerate(terms):
            floor = self.floor(t.name)
            if type(t.amount) is A.Int:
                amount = repr(t.amount.value)
                compared.append(f"stock[{t.name!r}] >= {t.amount.value + floor!r}")
            else:
                amount = f"a{i}"
                params.append(amount)
                args.append(self.ex(t.amount, ctx))
                compared.append(f"stock[{t.name!r}]{f' - {floor}' if floor else ''} >= 0 + {amount}")
            listed.append(f"('plain', {t.name!r}, {amount})")
        if tag is not None:   # its arguments are evaluated after the amounts, as the generic call does
            pairs = []
            for j, (param, value) in enumerate(tag_args(tag, self.sym)):
                params.append(f"t{j}")
                args.append(self.ex(value, ctx))
                pairs.append(f"{param!r}: t{j}")
            built = f"({tag.action!r}, {{{', '.join(pairs)}}})"
        fn = Function(f"def {name}(rt, you{''.join(', ' + p for p in params)}):", f"affordable at {where(node)}")
        if tag is not None:
            fn.lines.append(f"    if {tag.action!r} in rt.by_action:")
            fn.lines.append(f"        return rt.affordable(you, [{', '.join(listed)}], {built})")
        fn.lines.append("    stock = you.stock")
        fn.lines.append(f"    return {' and '.join(compared)}")
        self.functions.append(fn)
        return f"{name}(rt, {ctx.you}{''.join(', ' + a for a in args)})"

    def floor(self, name: str) -> int:
        """A per-player counter's floor when it is above 0 (it is paid only down to it, as the runtime's
        `affordable` counts it), else 0."""
        decl = self.sym.decls.get(name)
        if type(decl) is not A.Counter or decl.is_global or decl.low is None:
            return 0
        low = field_value(decl.low)
        return low if type(low) is int and low > 0 else 0

    def held(self, name: str) -> bool:
        """Whether every holder's stock keeps this name: a resource, a track, a per-player counter."""
        decl = self.sym.decls.get(name)
        return type(decl) is A.Resource or (type(decl) in (A.Track, A.Counter) and not decl.is_global
                                            and getattr(decl, "indexes", None) is None)

    def visit_CanOpen(self, e: A.CanOpen, ctx) -> str:
        decl = self.sym.decls[e.proc]
        args = call_args(decl, e.args, self.sym)
        return f"{self.can_function(decl)}(rt, {ctx.you}{''.join(', ' + self.ex(a, ctx) for a in args)})"

    def can_function(self, decl: A.Proc) -> str:
        """The name of the function telling whether the proc's opening decision is open (made the first
        time a `can` asks): its test (layout.opening_test), with the proc's parameters; nothing runs."""
        name = self.can_names.get(decl.name)
        if name is None:
            name = self.can_names[decl.name] = f"c_{self.proc_names[decl.name]}"
            first = decl.body[0]
            ctx = Ctx(frozenset(p.name for p in decl.params))
            fn = Function(f"def {name}(rt, you{''.join(f', v_{p.name}' for p in decl.params)}):",
                          f"whether {decl.name}'s first decision at {where(first)} is open")
            fn.lines.append(f"    return {self.ex(opening_test(decl.body, self.sym), ctx)}  # @{where(first)}")
            self.functions.append(fn)
        return name

    def visit_Opening(self, e: A.Opening, ctx) -> str:
        """Whether a decision a body starts with is open now, as it would be offered: a choose's options
        (option_tests), a may's `when` and cost (Engine.may_open), a pick's candidates."""
        s = e.stmt
        if type(s) is A.Choose:
            tests = [self.option_tests(o, ctx) for o in s.options]
            return f"({' or '.join('(' + ' and '.join(t) + ')' for t in tests)})" if all(tests) else "True"
        if type(s) is A.May:
            cost = self.cost(s.cost, ctx) if s.cost else "None"
            tag = f", {self.tag(s.tag, ctx)}" if s.tag is not None else ""
            when = f"({self.ex(s.when, ctx)}) and " if s.when is not None else ""
            return f"({when}rt.may_open({ctx.you}, {cost}{tag}))"
        inner = ctx.bind(s.var)   # a pick: some candidate (whose leading cost, if its block pays first, you can pay)
        tests = [self.wrap(s.where, inner, 2)] if s.where is not None else []
        cost, paid = leading_cost(s.body), pick_paid(s, self.sym)
        if cost:
            tests.append(self.affordable(cost, leading_tag(s.body), inner, s.body[0]))
        elif paid is not None:
            tests.append(self.wrap(paid, inner, 2))
        keep = f" if {' and '.join(tests)}" if tests else ""
        return f"any(True for v_{s.var} in {self.domain(s.domain, ctx, s)}{keep})"

    def visit_After(self, e: A.After, ctx) -> str:
        """`EXPR after PROC(args)`: the proc's generator (its arguments worked out now) run by `rt.after` on the
        game, whose state it saves and puts back, and EXPR read (a lambda) in between."""
        args = call_args(self.sym.decls[e.proc], e.args, self.sym)
        call = f"{self.proc_names[e.proc]}(rt, {ctx.you}{''.join(', ' + self.ex(a, ctx) for a in args)})"
        return f"rt.after({call}, lambda: {self.ex(e.value, ctx)}, {where(e)!r}, {e.proc!r})"

    def visit_CanCopy(self, e: A.CanCopy, ctx) -> str:
        return f"rt.can_slot({ctx.you}, {self.ex(e.target.obj, ctx)}, {e.target.name!r}{self.slot_args(e.target, copy_args(e, self.sym), ctx)})"

    def visit_During(self, e: A.During, ctx) -> str:
        return f"rt.during({e.label!r})"

    def visit_Allowed(self, e: A.Allowed, ctx) -> str:
        return f"rt.allowed({ctx.you}, {self.tag(e.tag, ctx)})"

    def visit_CostValue(self, e, ctx) -> str:   # a card's printed cost: data, as the layout keeps it
        return repr(cost_data(e.terms))

    def visit_ListLit(self, e, ctx) -> str:
        return "[" + ", ".join(self.ex(i, ctx) for i in e.items) + "]"

    def visit_Construct(self, e: A.Construct, ctx) -> str:
        """`corner(hex = 4, vertex = 2)`: a Record of its fields in the record's order, a field left out
        its default; the values worked out in that order (the interpreter's too)."""
        given = {f.name: f.value for f in e.fields}
        fields = ", ".join(f"{f.name!r}: {self.within(e, f, self.ex(given.get(f.name, f.default), ctx), given)}"
                           for f in self.sym.decls[e.record].fields)
        if self.sym.decls[e.record].shape is not None:   # one of the values its shape keeps (E601 otherwise)
            return f"rt.shaped(Record({e.record!r}, {{{fields}}}), {where(e)!r})"
        return f"Record({e.record!r}, {{{fields}}})"

    def within(self, e: A.Construct, f: A.FieldDecl, value: str, given: dict) -> str:
        """A range field's value checked (`rt.within`, E601 at the construction) unless it is a constant
        in the range (as the interpreter decides: layout.checked_within)."""
        if not checked_within(f, given.get(f.name, f.default)):
            return value
        if f.within is None:   # `col: column up to size;`: one of this game's first members
            members = tuple(self.sym.decls[f.type].members)
            return f"rt.among({value}, {members!r}, rt.options[{f.bound!r}], {e.record!r}, {f.name!r}, {where(e)!r})"
        high = f"rt.options[{f.bound!r}]" if f.bound is not None else f.within[1]   # `1..size`: this game's size
        return f"rt.within({value}, {f.within[0]}, {high}, {e.record!r}, {f.name!r}, {where(e)!r})"

    def visit_IndexIn(self, e: A.IndexIn, ctx) -> str:
        ix = self.sym.decls[e.grid].indexes
        place = index_place(ix, e.which)
        holder = f", of={self.ex(e.holder, ctx)}" if e.holder is not None else ""   # `in p.techs`: p's alone
        return f"rt.index_in({self.ex(e.item, ctx)}, {e.grid!r}, {place}, {index_reading(self.sym, ix, place)!r}{holder})"

    def row_checked(self, e, value: str, ctx) -> str:
        """`value` (a row's first place, an enum row's members) of `row KEY of GRID` behind rt.row_start, which
        checks the keys begin an element before it is used; as it is when the rows are known only in play (an
        index of players before them)."""
        rows = row_beginnings(self.sym, e.grid, len(e.row_keys))
        if rows is None:
            return value
        keys = "".join(f"{self.ex(k, ctx)}, " for k in e.row_keys)
        return f"rt.row_start(({keys}), {rows!r}, {e.row_of!r}, {value})"

    def visit_Range(self, e: A.Range, ctx) -> str:
        low = self.ex(e.low, ctx)
        if e.row_keys is not None:   # `row r of pyramid`: r checked before the ends are worked out
            low = self.row_checked(e, low, ctx)
        return f"rt.numbers({low}, {self.ex(e.high, ctx)})"

    def visit_RowMembers(self, e: A.RowMembers, ctx) -> str:
        return self.row_checked(e, self.ex(A.Name(e.enum, span=e.span), ctx), ctx)

    def wrap(self, e, ctx, minimum: int) -> str:
        """An operand, in parentheses only when it binds looser than its place needs (long chains
        must not nest parentheses: Python refuses more than 200 levels)."""
        text = self.ex(e, ctx)
        return f"({text})" if precedence(e) < minimum else text

    def visit_Unary(self, e, ctx) -> str:
        if e.op == "not":
            return f"not {self.wrap(e.operand, ctx, 3)}"
        return f"-{self.wrap(e.operand, ctx, 7)}"

    def visit_IsKind(self, e, ctx) -> str:
        if id(e) in self.sym.same_card:   # `x is c`, c a local holding a card: a copy of the same declared card
            return f"rt.same_card({self.ex(e.subject, ctx)}, {self.ex(A.Name(e.kind, span=e.span), ctx)})"
        field = self.sym.member_tests.get(id(e))
        if field is not None:   # `c is attack`: the card's field holding the enum holds the member
            return f"rt.has_member({self.ex(e.subject, ctx)}, {field!r}, {e.kind!r})"
        return f"rt.is_kind({self.ex(e.subject, ctx)}, {e.kind!r})"

    def visit_Binary(self, e, ctx) -> str:
        # the rules language and Python rank these operators alike; comparisons must not chain
        if id(e) in self.sym.list_ops:   # two lists joined or taken from: a new list (Engine.joined, .without)
            return f"rt.{LIST_OPS[e.op]}({self.ex(e.left, ctx)}, {self.ex(e.right, ctx)})"
        if e.op == "**":   # whole numbers only: a negative exponent stops play (Game.power)
            return f"rt.power({self.ex(e.left, ctx)}, {self.ex(e.right, ctx)})"
        p = PRECEDENCE[e.op]
        op = "//" if e.op == "/" else e.op
        if id(e.left) in self.sym.ordered:   # two members of one enum: by their places in it
            return f"{self.ordinal(e.left, ctx)} {op} {self.ordinal(e.right, ctx)}"
        return f"{self.wrap(e.left, ctx, p + 1 if p == 4 else p)} {op} {self.wrap(e.right, ctx, p + 1)}"

    def ordinal(self, e, ctx) -> str:
        """An expression as a number where one is ordered: a member (Symbols.ordered) as its place in
        its enum, from 1; anything else as itself."""
        members = self.sym.ordered.get(id(e))
        return self.ex(e, ctx) if members is None else f"rt.ordinal({members!r}, {self.ex(e, ctx)})"

    def visit_Name(self, e, ctx) -> str:
        if id(e) in self.sym.named:   # compared with a resource, track or die: the name itself
            return repr(e.id)
        how, name = classify(e.id, ctx.locals, ctx.this_ok, ctx.it_mode, self.sym)
        you = ctx.you
        return {
            "local": lambda: f"v_{name}",
            "this": lambda: "this",
            "it": lambda: "it",
            "stock": lambda: f"{you}.stock[{name!r}]",
            "global": lambda: f"rt.state.globals[{name!r}]",
            "var": lambda: f"{you}.vars[{name!r}]",
            "gvar": lambda: f"rt.state.gvars[{name!r}]",
            "zone": lambda: self.zone_ref(name, repr(name), ctx),
            # a per-player entity names the acting holder's copy: the one made already, without a call
            "entity": lambda: f"(ENTITIES[{name!r}].copies.get({you}.name) or ENTITIES[{name!r}].copy_for({you}.name))"
            if per_player_entity(name, self.sym) else f"ENTITIES[{name!r}]",
            "actor": lambda: f"rt.state.actors[{name!r}]",
            "option": lambda: f"rt.options[{name!r}]",
            "member": lambda: repr(name),
            "enum": lambda: repr(list(self.sym.decls[name].members)),
            "group": lambda: repr(list(self.sym.decls[name].members)),
            "record": lambda: f"rt.record_values({name!r}, {runtime_axes(name, self.sym)!r}, {you})",
            "kind": lambda: f"rt.cards_of({name!r}, {you})",
            "domain": lambda: f"rt.{name}({you})",   # every builtin domain is a runtime method of `you`
        }[how]()

    def visit_Attr(self, e, ctx) -> str:
        adjusted = self.sym.adjusted.get(id(e))
        if adjusted is not None:   # `cost: int for costs;`: the printed value as the modifiers change it (7.7c)
            return self.visit_Valued(adjusted, ctx)
        read = self.sym.enum_reads.get(id(e))
        if read is not None:   # `d.dx`: a field of the members of an enum, a constant of a member named
            return self.member_datum(e, read, ctx)
        if id(e) in self.sym.slots:   # an effect read as a value: whether the card writes it
            return f"rt.writes({self.ex(e.obj, ctx)}, {e.name!r})"
        if id(e) in self.sym.card_zones:   # a zone the card holds
            return f"rt.card_zone({self.ex(e.obj, ctx)}, {e.name!r})"
        if id(e) in self.sym.computed:   # a computed field: the card's expression, worked out for you
            return f"rt.computed({self.ex(e.obj, ctx)}, {e.name!r}, {ctx.you})"
        if it_arg(e, ctx.locals, ctx.it_mode):
            # (`it.on` of a gain, loss or payment: the card of a stock it holds, none for a player's)
            # (`it.subject`: put in only for the triggers and modifiers that read it, layout.subject_nodes)
            return f"it[{e.name!r}]" if ctx.it_mode == "event" and e.name not in ("on", SUBJECT) else f"it.get({e.name!r})"
        if e.name not in self.dynamic_attrs and not (ctx.it_mode == "use" and it_arg(e.obj, ctx.locals, ctx.it_mode)):
            # a field no rule ever sets and no player has: read it straight from the card (the hot path;
            # not of a use's argument, which is none when the use does not give it)
            return f"{self.wrap(e.obj, ctx, 9)}.fields[{e.name!r}]"
        obj = self.ex(e.obj, ctx)
        if PLAIN_NAME.fullmatch(obj):   # evaluated twice at no cost
            read = self.named_read(obj, e.name)
            if read is not None:
                return read
        return f"rt.field({obj}, {e.name!r})"

    def visit_LetIn(self, e, ctx) -> str:
        """A func's lets and value as one expression (a func's own function assigns them instead, see
        `plain_function`): each let an assignment expression, then the value."""
        parts = []
        for s in e.lets:
            parts.append(f"(v_{s.name} := {self.ex(s.value, ctx)})")
            ctx = ctx.bind(s.name)
        return f"({', '.join(parts)}, {self.ex(e.value, ctx)})[-1]"

    def member_datum(self, e, read: tuple, ctx) -> str:
        """`d.dx` of an enum's members: the value itself when the member is named (`north.dx` is -1 in the
        code), else the field's module table (`MemberData`, a dict) by the member; a list a new one each read."""
        column = self.enum_data[read]
        if type(e.obj) is A.Name and classify(e.obj.id, ctx.locals, ctx.this_ok, ctx.it_mode, self.sym)[0] == "member":
            return repr(column[e.obj.id])
        table = self.constants.setdefault(("enum",) + read, (f"_DATA_{IDENT.sub('_', read[0])}_{IDENT.sub('_', read[1])}",
                                                              repr(MemberData(read[1], column))))[0]
        value = f"{table}[{self.ex(e.obj, ctx)}]"
        return f"list({value})" if any(type(v) is list for v in column.values()) else value

    def named_read(self, obj: str, name: str):
        """`rt.field(obj, name)` without the call, `obj` a plain name (read more than once), when the
        field is one only cards have or the runtime answers by class (see `reads`); else None."""
        if name in self.entity_fields:
            read = self.card_field(obj, repr(name))
            if name in self.sym.decls:   # a player's too (`grain`): a player gets the runtime's answer
                return f"({read} if type({obj}) is EntityDef else rt.field({obj}, {name!r}))"
            return read
        direct = self.direct_reads.get(name)
        if direct is not None:
            read, cls = direct
            return f"({read.format(obj)} if type({obj}) is {cls} else rt.field({obj}, {name!r}))"
        return None

    @staticmethod
    def card_field(obj: str, key: str) -> str:
        """`rt.field(obj, key)` without the call, for a field only cards have: the card's variables over
        its fields (`State.vals`, only for the cards with a variable set), else its fields. Of none it
        fails at `.fields` and of a player at its `fields`, as a field no rule sets does."""
        return f"(rt.state.vals.get({obj}) or {obj}.fields)[{key}]"

    def card_fields(self) -> set:
        """The names some rule sets that a kind declares as a field (not an effect, not `int[ENUM]`) and
        that are no name the runtime answers for a card (owner, flipped...): of a card, `rt.field`
        reads them from its variables or fields only. (A name declared besides, a player's counter
        or zone, is read so only once the value is known to be a card.)"""
        from .check import ENTITY_ATTRS

        fields = {f.name for d in self.sym.decls.values() if type(d) is A.Kind for f in d.fields
                  if f.type != "effect" and f.index is None}
        return {n for n in fields & self.dynamic_attrs if n not in ENTITY_ATTRS}

    def reads(self) -> dict:
        """What `rt.field(x, name)` comes to when `x` is a player (or a card, for `flipped`), by name,
        for the names no kind has a field of: `(the read with {} for x, the class x must be)`. The
        generated code tests the class, so a value of any other kind still gets the runtime's answer
        (and its error message)."""
        fields = {f.name for d in self.sym.decls.values() if type(d) is A.Kind for f in d.fields}
        card = {"flipped": "{0}.key in rt.state.flipped", "name": "{0}.declared", "title": "({0}.title or {0}.declared)",
                "copy_number": "{0}.copy_number"}   # what Game._entity_attr answers, by name
        reads = {name: (read, "EntityDef") for name, read in card.items() if name not in fields}
        for name, decl in self.sym.decls.items():
            if name in fields or getattr(decl, "is_global", False) or getattr(decl, "indexes", None) is not None:
                continue
            if type(decl) in (A.Resource, A.Track, A.Counter):
                reads[name] = (f"{{}}.stock[{name!r}]", "Holder")
            elif type(decl) is A.Var:
                reads[name] = (f"{{}}.vars[{name!r}]", "Holder")
            elif type(decl) is A.Zone:
                reads[name] = (f"{{}}.refs[{name!r}]", "Holder")
        return reads

    def visit_Method(self, e, ctx) -> str:
        if id(e) in self.sym.computed:   # `m.reached(p)`: the computed field worked out for p
            return f"rt.computed({self.ex(e.obj, ctx)}, {e.name!r}, {self.ex(e.args[0], ctx)})"
        if actor_call(e, self.sym):   # `p.score(x)`: the func with `you` = p (x is still yours)
            args = call_args(self.sym.decls[e.name], e.args, self.sym)
            return f"{self.func_names[e.name]}(rt, {self.ex(e.obj, ctx)}{''.join(', ' + self.ex(a, ctx) for a in args)})"
        return self.call(e.name, (e.obj,) + e.args, ctx, method=True)

    def visit_Call(self, e, ctx) -> str:
        if cell_walk(e.func, self.sym):   # shift(), step(), ray(), leap() of a board's cell
            return self.walk(e, ctx)
        if isinstance(self.sym.decls.get(e.func), A.Proc):   # in an `if`/`while` condition (layout.deciding)
            return f"({self.run_call(e.func, e.args, ctx, e)})"   # Python's own order and short-circuit
        return self.call(e.func, e.args, ctx, method=False)

    def walk(self, e, ctx) -> str:
        """shift(), step(), ray(), leap(), between() of a board's cell (resolve.CELL_WALKS): the runtime's one method each, given
        the record's axes and, for a direction, its members' steps (a module table), as the interpreter hands them."""
        record, enum = self.sym.walks[id(e)]
        axes = self.cell_axes(record)
        cell = self.ex(e.cell if type(e) is A.Ray else e.args[0], ctx)
        if type(e) is not A.Ray and e.func == "shift":
            offsets = ", ".join(f"{a.name!r}: {self.ex(a.value, ctx)}" for a in e.args[1:])
            return f"rt.cell_shift({cell}, {record!r}, {axes}, {{{offsets}}})"
        if type(e) is not A.Ray and e.func == "leap":
            return f"rt.cell_leap({cell}, {record!r}, {axes}, ({''.join(self.ex(a, ctx) + ', ' for a in e.args[1:])}))"
        if type(e) is not A.Ray and e.func in PAIR_WALKS:   # rt.cell_between, rt.cell_edge
            return f"rt.cell_{e.func}({cell}, {self.ex(e.args[1], ctx)}, {record!r}, {axes})"
        steps = self.constants.setdefault(("steps", enum), (f"_STEPS_{IDENT.sub('_', enum)}",
                                                            repr(direction_steps(enum, self.sym))))[0]
        direction = self.ex(e.direction if type(e) is A.Ray else e.args[1], ctx)
        if type(e) is not A.Ray and e.func == "step":
            return f"rt.cell_step({cell}, {record!r}, {axes}, {steps}, {direction})"
        until = ""
        if type(e) is A.Ray and e.until is not None:   # a `while COND` ray stops before the first cell COND fails for
            test = self.ex(e.until, ctx.bind(e.var))
            until = f", lambda v_{e.var}: not ({test}), False" if e.while_form else f", lambda v_{e.var}: {test}"
        return f"rt.cell_ray({cell}, {record!r}, {axes}, {steps}, {direction}{until})"

    def visit_Ray(self, e, ctx) -> str:
        return self.walk(e, ctx)

    def cell_axes(self, record: str) -> str:
        """A board's cell's axes as the cell builtins take them: a constant, or for a board sized by an option
        (`col: 1..size;`) this game's (rt.sized_axes: the other packs' code stays as it was)."""
        axes = runtime_axes(record, self.sym)
        return f"rt.sized_axes({axes!r})" if sized(record, self.sym) else repr(axes)

    def call(self, func: str, args: tuple, ctx: Ctx, method: bool) -> str:
        if cell_neighbours(func, self.sym):   # the cells next to a cell: its record's axes, as record_values reads them
            record, around = self.sym.cells[id(args[0])]
            return f"rt.cell_neighbours({self.ex(args[0], ctx)}, {record!r}, {self.cell_axes(record)}, {around!r})"
        if zone_piles(func, self.sym):   # the piles of an indexed zone ever set out: the zone named (the checker's E471)
            return f"rt.piles({args[0].id!r})"
        if seen_call(func, self.sym):   # a remembered position: its name (the checker's E537)
            return f"rt.{func}({args[0].id!r})"
        if knowledge_call(func, self.sym):   # what a player knows of a card's field: the field by name (E550)
            who, field, asked = knowledge_args(func, args)
            who = ctx.you if who is None else self.ex(who, ctx)
            value = "" if asked is None else f", {self.ex(asked, ctx)}"
            return f"rt.{'knows_field' if func == 'known' else 'may_be'}({who}, {self.ex(field.obj, ctx)}, {field.name!r}{value})"
        if rounding(func, self.sym):   # floor(x), ceil(x), round(x): a whole number (Game.rounded)
            return f"rt.rounded({func!r}, {self.ex(args[0], ctx)})"
        spec = BUILTIN_FUNCS.get(func)
        if spec is None:
            decl = self.sym.decls[func]
            args = call_args(decl, args, self.sym)
            called = f"KERNELS[{func!r}].fn" if type(decl) is A.Extern else self.func_names[func]   # a value kernel
            return f"{called}(rt, {ctx.you}{''.join(', ' + self.ex(a, ctx) for a in args)})"
        if func == "ordinal":   # a member's place in its enum: as `<` reads it
            return self.ordinal(args[0], ctx)
        if func in STEPS:   # next(m), prev(m), ...: from the member's place, as ordinal(m) reads it
            members = self.sym.ordered[id(args[0])]
            by = STEPS[func][0] if len(args) == 1 else f"{STEPS[func][0]} * rt.step_count({self.ex(args[1], ctx)})"
            return f"rt.member_step({members!r}, {self.ordinal(args[0], ctx)}, {by}, {STEPS[func][1]})"
        if func == "steps_around":   # the places from one member to another, going round: from their places
            size = len(self.sym.ordered[id(args[0])])
            return f"rt.steps_around({size}, {self.ordinal(args[0], ctx)}, {self.ordinal(args[1], ctx)})"
        explicit, args = builtin_args(func, args, self.sym)
        values = [self.ex(a, ctx) for a in args]
        if spec.about_actor and not explicit:
            values.insert(0, ctx.you)
        if spec.python == "len" and len(args) == 1 and self.zone_items(args[0], ctx) is not None:
            return f"len({self.zone_items(args[0], ctx)})"   # a zone's size: no ZoneRef.__len__ frame
        if spec.python:
            return f"{spec.python}({', '.join(values)})"
        return f"rt.{spec.method}({', '.join(values)})"

    def visit_Aggregate(self, e, ctx) -> str:
        keyed = self.keyed(e, ctx)
        if keyed is not None:
            zone, name, value, empty = keyed
            return f"(rt.keyed({e.op!r}, {zone}, {name!r}, {self.ex(value, ctx)}) if {zone}.items else {empty})"
        reduce, keep, value = aggregate_shape(e)
        inner = ctx.bind(e.var)
        domain, keep = self.hoisted(e.domain, e.var, keep, ctx, e)
        cond = f" if {self.wrap(keep, inner, 1)}" if keep is not None else ""
        element = self.ordinal(value, inner) if value is not None else "1" if reduce == "sum" else "True"
        loop = f"for v_{e.var} in {domain}{cond}"
        source = f"{element} {loop}"
        if reduce == "first":
            return f"next(({source}), None)"
        if reduce in ("top", "bottom"):   # the element with the highest (lowest) value
            return f"best_of((({element}, v_{e.var}) {loop}){', True' if reduce == 'bottom' else ''})"
        if reduce == "gather":   # the elements of each value's zone or list, one after another
            item = self.temp("item")
            return f"[{item} {loop} for {item} in rt.domain({element})]"
        if reduce in ("max", "min"):   # over no element: 0, or the empty list for a list key (Symbols.list_keys)
            return f"{reduce}(({source}), default={'[]' if id(e) in self.sym.list_keys else 0})"
        return f"{reduce}({source})"

    def visit_Sorted(self, e, ctx) -> str:
        """`sorted(x in D where C, most K ...)`: the kept elements' (keys, element) rows, left to right,
        to the runtime's `in_order`, as the interpreter hands them."""
        inner = ctx.bind(e.var)
        cond = f" if {self.wrap(e.where, inner, 1)}" if e.where is not None else ""
        keys = "".join(f"{self.ordinal(key, inner)}, " for key in e.keys)
        fewest = "".join(f"{order == 'fewest'}, " for order in e.orders)
        return f"in_order([(({keys}), v_{e.var}) for v_{e.var} in {self.domain(e.domain, ctx, e)}{cond}], ({fewest}))"

    def visit_Network(self, e, ctx) -> str:
        """`connects`/`longest_path`/`shortest_path`/`reachable`: the kept edges' (END1, END2, LENGTH)
        triples, left to right, to the runtime's search (`Game.connects`, ...), as the interpreter
        hands them; FROM and TO read outside the binder, then the rules position for an error."""
        inner = ctx.bind(e.var)
        cond = f" if {self.wrap(e.where, inner, 1)}" if e.where is not None else ""
        length = self.ex(e.length(), inner) if e.length() is not None else "1"
        edges = f"[({self.ex(e.ends[0], inner)}, {self.ex(e.ends[1], inner)}, {length}) " \
                f"for v_{e.var} in {self.domain(e.domain, ctx, e)}{cond}]"
        places = "".join(f", {self.ex(x, ctx)}" for x in e.places())
        through = ""
        if e.through is not None:   # a test of one place: whether a path may pass it
            through = f", through=lambda v_{e.through_var}: {self.ex(e.through, ctx.bind(e.through_var))}"
        return f"rt.{e.op}({edges}{places}{'' if e.op == 'connects' else f', {where(e)!r}'}{through})"

    def visit_Flood(self, e, ctx) -> str:
        """`reachable(p from START via NEXT)`: START read outside the binder, NEXT as a test of one place
        (a lambda), to the runtime's breadth-first loop (`Game.flood`), as the interpreter hands them."""
        next_of = f"lambda v_{e.var}: {self.ex(e.next, ctx.bind(e.var))}"
        through = ""
        if e.through is not None:   # a test of one place: whether NEXT is read from it
            through = f", through=lambda v_{e.through_var}: {self.ex(e.through, ctx.bind(e.through_var))}"
        if e.goal is not None:   # connects: whether a place of GOAL is reached (the search ends there)
            return f"rt.reaches({self.ex(e.start, ctx)}, {self.ex(e.goal, ctx)}, {next_of}, {where(e)!r}{through})"
        return f"rt.flood({self.ex(e.start, ctx)}, {next_of}, {where(e)!r}{through})"

    def visit_Regions(self, e, ctx) -> str:
        """`regions(p in DOMAIN where COND via NEXT)`: DOMAIN read outside the binder, COND and NEXT as
        tests of one element (lambdas), to the runtime's loop (`Game.regions`), as the interpreter hands them."""
        inner = ctx.bind(e.var)
        keep = f"lambda v_{e.var}: {self.ex(e.where, inner)}" if e.where is not None else "None"
        return f"rt.regions({self.ex(e.domain, ctx)}, {keep}, lambda v_{e.var}: {self.ex(e.next, inner)}, {where(e)!r})"

    def keyed(self, e: A.Aggregate, ctx: Ctx):
        """A search the runtime answers from a kept index of the zone (`Game.keyed`): `some`, `count`
        or `first(x in ZONE where x.FIELD == VALUE)` (or `VALUE == x.FIELD`), ZONE a zone (or an
        element of an indexed one), FIELD a field of a kind or a card's title, name or copy number
        (not one the runtime works out from where the card is: owner, zone, flipped), VALUE a plain
        read that does not name x (`c.title`, a local, a member, a literal). Returns (the zone's
        handle, FIELD, VALUE, the answer over no items) or None: the plain scan. VALUE is evaluated
        only when the zone has items, as the scan evaluates it; no other expression can raise or
        differ between evaluated once and once per item."""
        if e.op not in ("some", "count", "first") or type(e.where) is not A.Binary or e.where.op != "==":
            return None
        for side, value in ((e.where.left, e.where.right), (e.where.right, e.where.left)):
            if type(side) is A.Attr and type(side.obj) is A.Name and side.obj.id == e.var and \
                    e.var not in ctx.locals and side.name in self.keyed_fields and id(side) not in self.sym.slots \
                    and id(side) not in self.sym.member_fields and self.plain_read(value, e.var, ctx):
                break
        else:
            return None
        zone = None
        if type(e.domain) is A.Name and classify(e.domain.id, ctx.locals, ctx.this_ok, ctx.it_mode, self.sym)[0] == "zone":
            zone = self.ex(e.domain, ctx)
        elif type(e.domain) is A.Index:
            ref = indexed_ref(e.domain, self.sym, ctx.locals)
            if ref is not None and ref[1] is None and \
                    classify(ref[0], ctx.locals, ctx.this_ok, ctx.it_mode, self.sym)[0] == "zone":
                zone = self.ex(e.domain, ctx)
        if zone is None or not PLAIN_ZONE.fullmatch(zone):   # evaluated twice: a plain handle only
            return None
        return zone, side.name, value, {"some": "False", "count": "0", "first": "None"}[e.op]

    def plain_read(self, e, var: str, ctx: Ctx) -> bool:
        """Whether an expression is a read that cannot depend on the loop variable `var` nor cost a
        step: a literal, `you`, a local, member, entity or actor, or a field of one of those."""
        if type(e) in (A.Int, A.Str, A.Bool, A.Nothing, A.You):
            return not (type(e) is A.Str and e.parts)   # a text with values reads what it shows
        if type(e) is A.Name:
            return e.id != var and id(e) not in self.sym.named and \
                classify(e.id, ctx.locals, ctx.this_ok, ctx.it_mode, self.sym)[0] in ("local", "member", "entity", "actor")
        if type(e) is A.Attr:
            return id(e) not in self.sym.slots and id(e) not in self.sym.member_fields and id(e) not in self.sym.adjusted and \
                self.plain_read(e.obj, var, ctx) and not (type(e.obj) is A.Name and e.obj.id == "it")
        return False

    # the expressions a filter's test may hold and still be tested once for a whole loop (`invariant`)
    SAFE_NODES = (A.Attr, A.Binary, A.Bool, A.Cond, A.Index, A.Int, A.ListLit, A.Match, A.Case, A.Name, A.Nothing,
                  A.Pair, A.Str, A.Unary, A.IsKind, A.You, A.Actor, A.Affordable, A.CostTerm, A.Tag, A.Allowed, A.Range)

    def invariant(self, e, var: str, ctx: Ctx) -> bool:
        """Whether a filter's test `e` gives, evaluated once before the loop over `var`, what it gives
        at every element: it does not name `var` and cannot count a step (no counted loop, no
        recursive or kernel call, no `longest_path`), nor read a computed field; funcs it calls are
        such tests too. Expressions change nothing, so it is the same test each time, and if it fails
        it fails at the first element, with the same message."""
        inner = ctx
        for n in A.walk(e):   # the inner aggregates' variables are locals: their domains are counted
            if type(n) is A.Aggregate:
                inner = inner.bind(n.var)
        for n in A.walk(e):
            t = type(n)
            if t is A.Name:
                if n.id == var:
                    return False
            elif t is A.Aggregate:
                if n.var == var or not bounded_domain(n.domain, self.sym, inner.locals, ctx.this_ok, ctx.it_mode):
                    return False
            elif t is A.Attr and id(n) in self.sym.adjusted:   # consults the modifiers (a `once` one at each read)
                return False
            elif t in (A.Call, A.Method):
                if t is A.Method and id(n) in self.sym.computed:
                    return False
                name = n.func if t is A.Call else n.name
                if (t is A.Method and actor_call(n, self.sym)) or name not in BUILTIN_FUNCS:
                    if not self.uncounted_func(name):
                        return False
            elif t not in self.SAFE_NODES:
                return False
        return True

    def uncounted_func(self, name: str) -> bool:
        """Whether calling the func `name` cannot count a step (see `invariant`)."""
        known = self._uncounted.get(name)
        if known is None:
            decl = self.sym.decls.get(name)
            self._uncounted[name] = False   # while it is worked out: a cycle counts
            known = type(decl) is A.Func and name not in self.recursive and \
                self.invariant(decl.value, None, Ctx(frozenset(p.name for p in decl.params)))
            self._uncounted[name] = known
        return known

    def hoisted(self, e, var: str, keep, ctx: Ctx, node) -> tuple[str, object]:
        """(what a loop over `e` with the filter `keep` ranges over, the filter left to test at each
        element): the leading tests of `keep` that are `invariant` are tested once, when the domain
        has an element (as the first element would have tested them), and the loop ranges over
        nothing when they fail. Only a test that calls something is worth it, and only over a plain
        zone's items or a constant range, which reading twice costs next to nothing."""
        domain = self.domain(e, ctx, node)
        if keep is None:
            return domain, keep
        tests, last = and_operands(keep)
        tests.append(last)
        lead = 0
        while lead < len(tests) and self.invariant(tests[lead], var, ctx):
            lead += 1
        if not any(type(n) in (A.Call, A.Method, A.Aggregate, A.Affordable) for t in tests[:lead] for n in A.walk(t)):
            return domain, keep   # plain reads cost about what reading the domain twice does (Federation)
        if domain.endswith(".items") and PLAIN_ZONE.fullmatch(domain[:-len(".items")]):
            test = f"{domain} and "
        elif (m := re.fullmatch(r"range\((\d+), (\d+)\)", domain)) and int(m[1]) < int(m[2]):   # numbers in it
            test = ""
        else:
            return domain, keep
        test += " and ".join(f"({self.ex(t, ctx)})" for t in tests[:lead])
        rest = None
        for t in reversed(tests[lead:]):
            rest = t if rest is None else A.Binary("and", t, rest, span=t.span)
        return f"({domain} if {test} else ())", rest

    def never_none(self, e, ctx: Ctx) -> bool:
        """Whether a match's subject is a number that is never none (a constant, a counter, sums of
        those): its range cases need no test for none (see `case_test`)."""
        if type(e) is A.Int:
            return True
        if type(e) is A.Name:
            return id(e) not in self.sym.named and \
                classify(e.id, ctx.locals, ctx.this_ok, ctx.it_mode, self.sym)[0] in ("stock", "global")
        if type(e) is A.Binary and e.op in ("+", "-", "*"):
            return self.never_none(e.left, ctx) and self.never_none(e.right, ctx)
        return False

    def case_test(self, subject: str, values: tuple, ctx: Ctx, numbers: bool = False) -> str:
        """Whether the value in `subject` (a local) is one of the cases of an arm of either `match`:
        `==` a value (a card declared `* N`: any copy of it, `rt.is_kind`), a chained comparison for a range
        (`3 <= m <= 4`; `5 <= m` for `5..`), joined by
        `or` (as the interpreter's `matches`: in order, the first that holds decides; no list built).
        A range holds numbers only: none meets no range, as it equals no number (then `else`); a
        subject known to be a number (`numbers`: `never_none`) is not tested for it."""
        guard, close = ("", "") if numbers else (f"({subject} is not None and ", ")")
        return " or ".join((f"{guard}{self.wrap(v.low, ctx, 5)} <= {subject}" +
                            (f" <= {self.wrap(v.high, ctx, 5)}" if v.high is not None else "") + close)
                           if type(v) is A.Range else f"rt.is_kind({subject}, {v.id!r})" if id(v) in self.sym.copy_cases
                           else f"{subject} == {self.wrap(v, ctx, 5)}" for v in values)

    def visit_Match(self, e, ctx) -> str:
        # the subject is evaluated once, as the argument of a lambda (a walrus would be refused in a
        # comprehension's iterable); only the chosen case's result is evaluated
        subject = self.temp("match")
        numbers = self.never_none(e.subject, ctx)
        text, spans = f"(lambda {subject}: ", []
        for c in e.cases:   # where each case's result stands in the text: `cover --branches` (case_map)
            result = self.wrap(c.result, ctx, 1)
            spans.append((len(text), len(text) + len(result), where(c.result)))
            text += f"{result} if {self.case_test(subject, c.values, ctx, numbers)} else "
        last = self.wrap(e.otherwise, ctx, 1) if e.otherwise is not None else f"rt.unmatched({subject})"
        if e.otherwise is not None:
            spans.append((len(text), len(text) + len(last), where(e.otherwise)))
        text += f"{last})({self.ex(e.subject, ctx)})"
        self.case_spans[subject] = (text, spans)
        return text

    def zone_items(self, e, ctx: Ctx):
        """`X.items`, the live list, when `e` names a zone (an indexed zone's element `slot[k]` too);
        else None."""
        if isinstance(e, A.Name):
            if classify(e.id, ctx.locals, ctx.this_ok, ctx.it_mode, self.sym)[0] == "zone":
                return f"{self.ex(e, ctx)}.items"
        elif isinstance(e, A.Index):
            ref = indexed_ref(e, self.sym, ctx.locals)
            if ref is not None and ref[1] is None and \
                    classify(ref[0], ctx.locals, ctx.this_ok, ctx.it_mode, self.sym)[0] == "zone":
                return f"{self.ex(e, ctx)}.items"
        return None

    def domain(self, e, ctx: Ctx, node, changes: bool = False) -> str:
        """What a loop over `e` ranges over: a zone's items (a copy when the loop's body `changes` the
        state: a body may move what it ranges over; a filter or an aggregate is an expression and
        cannot), a fresh list of players or members, a range, or whatever `rt.domain` makes of any
        other value; counted against the step budget at `node` unless the pack bounds it
        (`bounded_domain`, the interpreter's rule too)."""
        if not bounded_domain(e, self.sym, ctx.locals, ctx.this_ok, ctx.it_mode):
            if type(e) is A.Int and e.value <= MAX_STEPS:   # `for each k in 5000`: never changed
                return f"rt.loop(range(1, {e.value + 1}), {where(node)!r})"
            if type(e) is A.Range and type(e.low) is A.Int and type(e.high) is A.Int and e.row_keys is None \
                    and e.high.value - e.low.value < MAX_STEPS:
                return f"rt.loop(range({e.low.value}, {e.high.value + 1}), {where(node)!r})"
            return f"rt.over({self.ex(e, ctx)}, {where(node)!r})"   # what `rt.domain` makes of it, counted
        items = self.zone_items(e, ctx)
        if items is not None:
            return f"{items}{'[:]' if changes else ''}"
        if type(e) is A.Int:
            return f"range(1, {e.value + 1})"   # `for each k in 5`: the numbers 1..5, never changed
        if type(e) is A.Range and e.row_keys is None:
            return f"range({e.low.value}, {e.high.value + 1})"   # `2..12`
        return self.ex(e, ctx)   # the players, an enum's members, a list written out: a fresh list

    def cost(self, terms: tuple, ctx: Ctx) -> str:
        return "[" + ", ".join(
            f"*rt.spread({self.ex(t.amount.obj, ctx)}, {member_field(t.amount.name)!r}, {t.name!r})"
            if id(t) in self.sym.spread_terms else   # `pay b.cost food;`, `pay q.needs;`: one term per member
            f"({paid_mode(t)!r}, {self.term_name(t, ctx)}, {self.ex(t.amount, ctx)})" for t in terms) + "]"

    def term_name(self, t: A.CostTerm, ctx: Ctx) -> str:
        """What a cost term takes: its resource, its group, or (cards) where they come from and go."""
        if t.mode == "plain":
            return self.res(t.name, ctx, t.index)
        if t.mode == "held":   # `1 c.good`: the resource the field names
            return self.ex(self.sym.held_resources[id(t)], ctx)
        if t.mode == "or":   # alternatives: each a cost of its own, worked out in the order written
            return "(" + "".join(f"tuple({self.cost(alt.terms, ctx)}), " for alt in t.alternatives) + ")"
        if t.mode == "worth":   # the rates are worked out (and refused when below 1) before the amount
            pairs = "".join(f"({self.res(u.name, ctx)}, {self.ex(u.rate, ctx)}), " for u in t.substitutes)
            return f"rt.substitutes({self.res(t.name, ctx)}, [{pairs}])"
        if t.mode == "cards" and t.source is not None:
            exclude = self.ex(t.exclude, ctx) if t.exclude is not None else "None"
            card = replace(ctx, it_mode='entity')
            keep = f", lambda it: {self.ex(t.where, card)}" if t.where is not None else ""
            if t.alike is not None or t.wild is not None:   # `alike by FIELD`, `wild COND`: tests of the card too
                keep = (keep or ", None") + "".join(f", lambda it: {self.ex(x, card)}" if x is not None else ", None"
                                                    for x in (t.alike, t.wild)) + (", True" if t.different else "")
            return f"rt.card_payment({ctx.you}, {self.ex(t.source, ctx)}, {exclude}, {self.ex(t.dest, ctx)}{keep})"
        if t.mode == "on":   # a stock on a card, or on the cards of a zone
            return f"rt.stock_term({self.ex(t.source, ctx)}, {t.name!r})"
        return repr(t.name)

    # ------------------------------------------------------------------ statements
    def res(self, name: str, ctx: Ctx, index=None) -> str:
        """A resource named in a statement: itself, the value of a `resource` parameter, or an element
        of an indexed counter."""
        if index is not None:
            return self.element(name, index, ctx)
        return f"v_{name}" if name in ctx.locals else repr(name)

    def tag(self, t, ctx: Ctx) -> str:
        """A tagged cost's or gain's action and arguments: `('build', {'structure': v_b})`."""
        if t is None:
            return "None"
        args = tag_args(t, self.sym)
        elements = [tag_element(t.action, p, a, self.sym) for p, a in args]
        shown = "{" + ", ".join(f"{p!r}: {self.element(*e, ctx) if e is not None else self.ex(a, ctx)}"
                                for (p, a), e in zip(args, elements)) + "}"
        if any(e is not None for e in elements):   # `for gain(warriors[c])`: the element's name, counter and indexes
            shown = f"rt.element_args({shown})"
        return f"({t.action!r}, {shown})"

    def stock(self, s, ctx: Ctx) -> str:
        """The resource a `gain` or `lose` changes: as named (`res`), or the one a field holds (`gain 1 c.good;`)."""
        held = self.sym.held_resources.get(id(s))
        return self.res(s.resource, ctx, s.index) if held is None else self.ex(held, ctx)

    def visit_Gain(self, s: A.Gain, ctx: Ctx):
        who = self.owned(s, ctx)   # `gain N P.R;`: P's stock (P worked out first, then the amount, as you)
        tag = f", {self.tag(s.tag, ctx)}" if s.tag is not None else ""
        if s.on is not None:   # a stock the card (a zone's cards) holds (the card worked out first, then the amount)
            self.writeline(f"yield from rt.gain_onto({who}, {self.ex(s.on, ctx)}, {s.resource!r}, "
                           f"{self.ex(s.amount, ctx)}, {where(s)!r}{tag})", s)
            return
        resource, amount = self.stock(s, ctx), self.ex(s.amount, ctx)
        if s.tag is not None and s.tag.action in self.hooked:   # a modifier of it may ask its holder (7.7d)
            self.writeline(f"yield from rt.gain_asking({who}, {resource}, {amount}, {where(s)!r}{tag})", s)
        elif s.resource in ctx.locals or id(s) in self.sym.held_resources or s.resource in self.shared_cap:
            self.writeline(f"yield from rt.gain_or_discard({who}, {resource}, {amount}, {where(s)!r}{tag})", s)
        else:   # no cap is shared: the gain asks nothing (the same as gain_or_discard, without a generator)
            self.writeline(f"rt.gain({who}, {resource}, {amount}{tag})", s)

    def visit_GainEach(self, s: A.GainEach, ctx: Ctx):
        self.writeline(f"yield from rt.gain_each({ctx.you}, {self.ex(s.amount.obj, ctx)}, "
                       f"{member_field(s.amount.name)!r}, {where(s)!r}, {self.tag(s.tag, ctx)})", s)

    def visit_GainAny(self, s: A.GainAny, ctx: Ctx):
        self.writeline(f"yield from rt.gain_any({ctx.you}, {s.group!r}, {self.ex(s.amount, ctx)}, {where(s)!r})", s)

    def owned(self, s, ctx: Ctx) -> str:
        """Whose stock a `gain` or `lose` changes: the acting player's, or P's for `gain N P.R;` / `lose N
        P.R;`, worked out first into a temporary (the amount and the tag are still read as the acting player,
        who stays `you` in them: only the holder changes)."""
        if s.owner is None or id(s) in self.sym.held_resources:   # `gain 1 c.good;`: c holds the resource
            return ctx.you
        holder = self.temp("owner")
        self.writeline(f"{holder} = rt.holder_of({self.ex(s.owner, ctx)})", s)
        return holder

    def visit_Lose(self, s: A.Lose, ctx: Ctx):
        who = self.owned(s, ctx)   # `lose N P.R;`: P's stock
        if s.on is not None and s.to is not None:   # a card's stock moved to a player or another card
            self.writeline(f"yield from rt.lose_on_to({who}, {self.ex(s.on, ctx)}, {s.resource!r}, "
                           f"{self.ex(s.amount, ctx)}, {self.ex(s.to, ctx)}, {where(s)!r})", s)
            return
        if card_shortfall_of(s, self.sym):   # a card's stock with a `shortfall`: run when the card holds too little
            self.writeline(f"yield from rt.lose_on_short({who}, {self.ex(s.on, ctx)}, {s.resource!r}, "
                           f"{self.ex(s.amount, ctx)}, {where(s)!r})", s)
            return
        if s.on is not None:   # a stock the card holds (the card worked out first, then the amount)
            tag = f", {self.tag(s.tag, ctx)}" if s.tag is not None else ""
            self.writeline(f"rt.lose_on({who}, {self.ex(s.on, ctx)}, {s.resource!r}, {self.ex(s.amount, ctx)}{tag})", s)
            return
        amount = self.ex(s.amount, ctx)
        if s.debt is not None:
            tag = f", {self.tag(s.tag, ctx)}" if s.tag is not None else ""
            self.writeline(f"yield from rt.lose_or_debt({who}, {self.stock(s, ctx)}, {amount}, "
                           f"{self.res(s.debt, ctx)}, {where(s)!r}{tag})", s)
        elif shortfall_of(s, self.sym, self.hooked):   # a payment of a stock with a `shortfall`: run when too little is held
            to = self.ex(s.to, ctx) if s.to is not None else "None"
            tag = f", {self.tag(s.tag, ctx)}" if s.tag is not None else ""
            self.writeline(f"yield from rt.lose_short({who}, {s.resource!r}, {amount}, {to}, {where(s)!r}{tag})", s)
        elif s.to is not None:   # a transfer: the receiver gains what was lost
            self.writeline(f"yield from rt.lose_to({who}, {self.stock(s, ctx)}, {amount}, "
                           f"{self.ex(s.to, ctx)}, {where(s)!r})", s)
        elif s.tag is not None and s.tag.action in self.hooked:   # a modifier of it may ask its holder (7.7d)
            self.writeline(f"yield from rt.lose_asking({who}, {self.stock(s, ctx)}, {amount}, "
                           f"{self.tag(s.tag, ctx)}, {where(s)!r})", s)
        elif s.tag is not None:   # a tagged loss: the modifiers of its action change it (untagged: the plain primitive)
            self.writeline(f"rt.lose_for({who}, {self.stock(s, ctx)}, {amount}, "
                           f"{self.tag(s.tag, ctx)})", s)
        else:
            self.writeline(f"rt.lose({who}, {self.stock(s, ctx)}, {amount})", s)

    def visit_Share(self, s: A.Share, ctx: Ctx):
        """`share N R among PLAYERS [odd to P];`: the players, the amount, then P worked out (Game.share_among)."""
        players, amount = self.ex(s.among, ctx), self.ex(s.amount, ctx)
        odd = f", {self.ex(s.odd, ctx)}, False" if s.odd is not None else ""
        self.writeline(f"yield from rt.share_among({players}, {self.res(s.resource, ctx, None)}, {amount}, "
                       f"{where(s)!r}{odd})", s)

    def visit_Shift(self, s: A.Shift, ctx: Ctx):
        self.writeline(f"rt.shift({ctx.you}, {self.res(s.counter, ctx, s.index)}, "
                       f"{self.res(s.dest_counter, ctx, s.dest_index)}, {self.ex(s.amount, ctx)})", s)

    def visit_LoseRandom(self, s: A.LoseRandom, ctx: Ctx):
        to = self.ex(s.to, ctx) if s.to is not None else "None"
        self.writeline(f"yield from rt.lose_at_random({ctx.you}, {s.group!r}, {self.ex(s.amount, ctx)}, {to}, "
                       f"{where(s)!r})", s)

    def visit_Pay(self, s: A.Pay, ctx: Ctx):
        tag = f", {self.tag(s.tag, ctx)}" if s.tag is not None else ""
        call = "paid" if s.name else "pay"   # `let x = pay ...`: the payment gives the units it took
        bind = f"v_{s.name} = " if s.name else ""
        self.writeline(f"{bind}yield from rt.{call}({ctx.you}, {self.cost(s.terms, ctx)}, {where(s)!r}{tag})", s)
        if s.announce:   # `and emit`: once paid, the action is announced as `emit ACTION(args);` would
            self.visit_Emit(s.announcement, ctx)

    def visit_Advance(self, s: A.Advance, ctx: Ctx):
        by = self.ex(s.by, ctx) if s.by is not None else "1"
        self.writeline(f"yield from rt.advance({ctx.you}, {self.res(s.track, ctx)}, {by}, {s.benefit!r}, {s.paying!r}, "
                       f"{where(s)!r}, {s.bonus!r}, {s.rewards!r})", s)

    def visit_Reactivate(self, s: A.Reactivate, ctx: Ctx):
        at = self.ex(s.space, ctx) if s.space is not None else "None"
        self.writeline(f"yield from rt.reactivate({ctx.you}, {self.res(s.track, ctx)}, {s.bonus!r}, {at}, {where(s)!r})", s)

    def visit_Bonus(self, s: A.Bonus, ctx: Ctx):
        at = self.ex(s.space, ctx) if s.space is not None else "None"
        self.writeline(f"yield from rt.offer_bonus({ctx.you}, {self.res(s.track, ctx)}, {s.paying!r}, {at}, {where(s)!r})", s)

    def visit_Marker(self, s: A.Marker, ctx: Ctx):
        at = self.ex(s.space, ctx) if s.space is not None else "None"
        if s.adds:
            self.writeline(f"rt.add_marker({ctx.you}, {self.res(s.track, ctx)}, {at})", s)
        else:
            self.writeline(f"yield from rt.remove_marker({ctx.you}, {self.res(s.track, ctx)}, {at}, {where(s)!r})", s)

    def visit_Regress(self, s: A.Regress, ctx: Ctx):
        by = self.ex(s.by, ctx) if s.by is not None else "1"
        self.writeline(f"rt.regress({ctx.you}, {self.res(s.track, ctx)}, {by})", s)

    def counted_loop(self, s) -> None:
        """Open `while True:` for a statement asked again and again (`repeatedly`, `in any order`):
        each round counts against the step budget. The caller ends it with `break_if` and dedents."""
        self.writeline("while True:", s)
        self._indent += 1
        self.writeline(f"rt.step({where(s)!r})")

    def break_if(self, test: str, s=None) -> None:
        """Leave the counted loop when `test` holds."""
        self.writeline(f"if {test}:", s)
        self.writeline("    break")

    def visit_Choose(self, s: A.Choose, ctx: Ctx):
        opts, choice = self.temp("opts"), self.temp("choice")
        labels = option_labels(s)
        filled = self.temp("labels") if any(plain_text(o) is None for o in s.options) else None
        done = self.temp("done") if s.any_order else None
        if s.any_order:   # every option once, in the order chosen
            self.writeline(f"{done} = set()", s)
            self.counted_loop(s)
        # each option's tests: those before the first option with a test are always offered
        offered = [([f"{i} not in {done}"] if s.any_order else []) + self.option_tests(o, ctx)
                   for i, o in enumerate(s.options)]
        always = next((i for i, tests in enumerate(offered) if tests), len(offered))
        self.writeline(f"{opts} = {list(range(always))!r}", s)   # (a list made at once, not appended to)
        if filled:   # a label with values is worked out for an option offered, when it is asked
            self.writeline(f"{filled} = {labels!r}")
        for i, (o, tests) in enumerate(zip(s.options, offered)):
            if i < always and not (filled and plain_text(o) is None):
                continue
            if tests:   # (at the choose's position, as the interpreter reports an option's test failing)
                self.writeline(f"if {' and '.join(tests)}:", s)
                self._indent += 1
            if i >= always:
                self.writeline(f"{opts}.append({i})")
            if filled and plain_text(o) is None:
                self.writeline(f"{filled}[{i}] = {self.prompt(o, ctx)}")
            if tests:
                self._indent -= 1
        self.writeline(f"{choice} = yield from rt.choose({ctx.you}, {self.prompt(s, ctx)}, {filled or repr(tuple(labels))}, "
                       f"{opts}, {where(s)!r})")
        if s.any_order:   # nothing left to offer ends it; otherwise that option is done
            self.break_if(f"{choice} is None")
            self.writeline(f"{done}.add({choice})")
        for i, o in enumerate(s.options):
            self.writeline(f"{'if' if i == 0 else 'elif'} {choice} == {i}:", o)
            if o.once or o.rest is not None:   # taken: not offered to this player again (until PATTERN)
                self._indent += 1
                self.writeline(f"rt.{'once' if o.once else 'period_used'}({ctx.you}, {self.sites[id(o)]!r})")
                self._indent -= 1
            self.nested(o.body, ctx)
        if s.any_order:
            self._indent -= 1

    def option_tests(self, o: A.Option, ctx: Ctx) -> list[str]:
        """The tests that an option of a choose is offered now, each an operand of `and`: `once` not
        yet taken, its guard, its leading cost affordable (none: always offered)."""
        tests = [f"rt.once_open({ctx.you}, {self.sites[id(o)]!r})"] if o.once else \
            [f"rt.period_open({ctx.you}, {self.sites[id(o)]!r})"] if o.rest is not None else []
        if o.guard is not None:
            tests.append(self.wrap(o.guard, ctx, 2))
        cost = leading_cost(o.body)
        if cost:
            tests.append(self.affordable(cost, leading_tag(o.body), ctx, o.body[0]))
        elif (gate := option_gate(o.body, self.sym)) is not None:   # paid first in a pick or by a proc called, a pick's candidate
            tests.append(self.wrap(gate, ctx, 2))
        return tests

    def visit_May(self, s: A.May, ctx: Ctx):
        cost = self.cost(s.cost, ctx) if s.cost else "None"
        tag = f", {self.tag(s.tag, ctx)}" if s.tag is not None else ""
        when = f"({self.ex(s.when, ctx)}) and " if s.when is not None else ""
        repeated = ", repeated=True" if s.repeated else ""
        offer = f"{when}(yield from rt.may({ctx.you}, {self.prompt(s, ctx)}, {cost}, {where(s)!r}{tag}{repeated}))"
        if s.repeated:   # offered again after each time taken
            self.counted_loop(s)
            self.break_if(f"not ({offer})", s)
            self.block(s.body, ctx)
            self._indent -= 1
            return
        self.writeline(f"if {offer}:", s)
        self.nested(s.body, ctx)
        if s.otherwise:
            self.writeline("else:")
            self.nested(s.otherwise, ctx)

    @contextmanager
    def leavable(self, s):
        """Around a loop that a `break` inside it may leave: `try:` the loop, and `except LeaveLoop`
        that the loop takes (`break;`, or `break LABEL;` of its label) ends it; any other goes on out.
        A loop without a `break` in it gets nothing (it costs nothing)."""
        if not left_by_break(s):
            yield
            return
        left = self.temp("left")
        self.writeline("try:", s)
        self._indent += 1
        yield
        self._indent -= 1
        self.writeline(f"except LeaveLoop as {left}:")
        self._indent += 1
        self.writeline(f"if not {left}.leaves({getattr(s, 'loop_label', None)!r}): raise")
        self._indent -= 1

    def visit_Break(self, s: A.Break, ctx: Ctx):
        self.writeline(f"raise LeaveLoop({s.label!r})", s)

    def visit_While(self, s: A.While, ctx: Ctx):
        with self.leavable(s):
            self._while(s, ctx)

    def _while(self, s: A.While, ctx: Ctx):
        lp = self.label_open(s)
        self.writeline(f"while {self.ex(s.cond, ctx)}:", s)
        self._indent += 1
        self.writeline(f"rt.step({where(s)!r})")
        self._indent -= 1
        self.nested(s.body, ctx)
        self.label_close(lp)

    def visit_RepeatStable(self, s: A.RepeatStable, ctx: Ctx):
        with self.leavable(s):
            self._repeat_stable(s, ctx)

    def _repeat_stable(self, s: A.RepeatStable, ctx: Ctx):
        """`repeat until stable(...)`: before each pass the named values are taken (runtime stable_values)
        and compared with those before the last pass: the same, and the loop is over (the body runs once
        at least; the interpreter's _repeat_stable does the same)."""
        lp = self.label_open(s)
        names = tuple(n.id for n in s.names if n.id not in ctx.locals)
        locals_ = "".join(f", v_{n.id}" for n in s.names if n.id in ctx.locals)
        before, now = self.temp("was"), self.temp("now")
        self.writeline(f"{before} = None", s)
        self.writeline("while True:", s)
        self._indent += 1
        self.writeline(f"{now} = rt.stable_values({names!r}{locals_})")
        self.writeline(f"if {now} == {before}: break")
        self.writeline(f"{before} = {now}")
        self.writeline(f"rt.step({where(s)!r})")
        self._indent -= 1
        self.nested(s.body, ctx)
        self.label_close(lp)

    def visit_Repeat(self, s: A.Repeat, ctx: Ctx):
        with self.leavable(s):
            self._repeat(s, ctx)

    def _repeat(self, s: A.Repeat, ctx: Ctx):
        lp = self.label_open(s)
        self.writeline(f"for _ in range({self.ex(s.count, ctx)}):", s)
        self._indent += 1
        self.writeline(f"rt.step({where(s)!r})")
        self._indent -= 1
        self.nested(s.body, ctx)
        self.label_close(lp)

    def label_open(self, s) -> Optional[str]:
        """Before a loop with a label (`repeat 5 as round`): `with rt.looping(...) as _lpN:`, the loop
        inside it (runtime Looping); None, and nothing written, for a loop without one (it costs nothing)."""
        if s.loop_label is None:
            return None
        lp = self.temp("lp")
        self.lp_labels[lp] = s.loop_label   # (label_close reads it)
        resets = f", {self.per[s.loop_label]!r}" if s.loop_label in self.per else ""   # counters `per` the label
        self.writeline(f"with rt.looping({s.loop_label!r}, {where(s)!r}{resets}) as {lp}:", s)
        self._indent += 1
        return lp

    def label_close(self, lp: Optional[str]) -> None:
        """After a labelled loop's body: the end of each of its rounds ends the game when `end game
        after LABEL;` marked the loop; then out of the `with`."""
        if lp is not None:
            self._indent += 1
            if self.lp_labels[lp] in self.ended:   # a round `until end of LABEL` names is over
                self.writeline(f"{lp}.round_over()" if self.lp_labels[lp] in self.period_ends
                               else f"if {lp}.run is not None: {lp}.round_over()")
            if self.lp_labels[lp] in self.per:   # the counters `per` the label: back to their start
                self.writeline(f"{lp}.round_reset()")
            self.writeline(f"if {lp}.pending: {lp}.finish()")
            self._indent -= 2

    def visit_ForEach(self, s: A.ForEach, ctx: Ctx):
        with self.leavable(s):
            self._for_each(s, ctx)

    def _for_each(self, s: A.ForEach, ctx: Ctx):
        inner = ctx.bind(s.var)
        lp = self.label_open(s)
        if s.any_order:
            self._in_any_order(s, inner, ctx)
        else:
            self.writeline(f"for v_{s.var} in {self.domain(s.domain, ctx, s, changes=True)}:", s)
            self._loop_body(s.where, s.body, inner, s)
        self.label_close(lp)

    def _in_any_order(self, s: A.ForEach, inner: Ctx, ctx: Ctx) -> None:
        """`for each ... in any order`: the domain once, then each round the player picks the next
        of the elements left for which the condition holds now (positions, so equal values stay apart)."""
        left, places, choice = self.temp("left"), self.temp("places"), self.temp("choice")
        self.writeline(f"{left} = list({self.domain(s.domain, ctx, s)})", s)
        self.counted_loop(s)
        cond = f" if {self.wrap(s.where, inner, 1)}" if s.where is not None else ""
        self.writeline(f"{places} = [_i for _i, v_{s.var} in enumerate({left}){cond}]", s)
        pick = "pick_alike" if s.alike else "pick"   # `alike`: copies nothing tells apart, asked once
        self.writeline(f"{choice} = yield from rt.{pick}({ctx.you}, {self.prompt(s, ctx)}, [{left}[_i] for _i in {places}], "
                       f"False, {where(s)!r})", s)
        self.break_if(f"{choice} is None")
        self.writeline(f"v_{s.var} = {left}.pop({places}[{choice}])")
        self.block(s.body, inner)
        self._indent -= 1

    def visit_Each(self, s: A.Each, ctx: Ctx):
        with self.leavable(s):
            self._each(s, ctx)

    def _each(self, s: A.Each, ctx: Ctx):
        you = self.temp("you")
        inner = replace(ctx, you=you)
        lp = self.label_open(s)
        if s.settled:
            self._settling(s, you, inner, ctx)
        else:
            self.writeline(f"for {you} in {self.domain(s.domain, ctx, s, changes=True)}:", s)
            self.skip_out(you)
            self._loop_body(s.where, s.body, inner, s)
        self.label_close(lp)

    def _settling(self, s: A.Each, you: str, inner: Ctx, ctx: Ctx) -> None:
        """`each ... until settled`: the turns a runtime Settling gives (the interpreter's `_settling`),
        each counted against the step budget; `reopen;` in its body reopens the innermost one."""
        players = self.temp("round")
        self.writeline(f"{players} = Settling({self.domain(s.domain, ctx, s)})", s)
        self.writeline(f"for {you} in {players}:", s)
        self._indent += 1
        self.writeline(f"if {you} in rt.state.out: continue")
        if s.where is not None:
            self.writeline(f"if not ({self.ex(s.where, inner)}): continue")
        self.writeline(f"rt.step({where(s)!r})")
        self._indent -= 1
        self.rounds.append(players)
        try:
            self.nested(s.body, inner)
        finally:
            self.rounds.pop()

    def visit_Reopen(self, s: A.Reopen, ctx: Ctx):
        self.writeline(f"{self.rounds[-1]}.reopen()", s)

    def skip_out(self, you: str) -> None:
        """Inside an `each` loop: pass over a player knocked out by the time their turn comes."""
        if self.eliminates:
            self._indent += 1
            self.writeline(f"if {you} in rt.state.out: continue")
            self._indent -= 1

    def _loop_body(self, cond, body: tuple, ctx: Ctx, s) -> None:
        if cond is not None:
            self._indent += 1
            self.writeline(f"if not ({self.ex(cond, ctx)}): continue")
            self._indent -= 1
        self.nested(body, ctx)

    def visit_If(self, s: A.If, ctx: Ctx):
        chain = A.else_if_chain(s)   # `else if` becomes `elif`: a long chain must not nest Python blocks
        for i, branch in enumerate(chain):
            self.writeline(f"{'elif' if i else 'if'} {self.ex(branch.cond, ctx)}:", branch)
            self.nested(branch.then, ctx)
        if chain[-1].otherwise:
            self.writeline("else:")
            self.nested(chain[-1].otherwise, ctx)

    def visit_Let(self, s: A.Let, ctx: Ctx):
        # a let runs once per pass: only `set` (which can feed a value back into itself) is bounded
        self.writeline(f"v_{s.name} = {self.given(s.value, ctx, s, s.name)}", s)   # `block` binds the name after it
        if id(s) in self.faces:   # a value read from faces: the items read, for a prompt that shows it
            self.writeline(f"F_{s.name} = {self.face_items(self.faces[id(s)], ctx)}", s)

    def given(self, value, ctx: Ctx, s, local: str | None = None) -> str:
        """The value a `let`, `set` or `return` gives on: an expression, or a typed proc's result, run
        first into a temporary (so the proc runs before the target's own parts, as in the
        interpreter); stored in a `local`, the runtime notes whether it is the none of a proc that
        ended without `return`."""
        if type(value) is A.Valued and value.tag.action in self.hooked:   # a modifier of it may ask its holder (7.7d)
            result = self.temp("result")
            self.writeline(f"{result} = yield from rt.valued_asking({ctx.you}, {self.ex(value.value, ctx)}, "
                           f"{self.tag(value.tag, ctx)}, {where(value)!r})", s)
            return result
        if proc_result_call(value, self.sym) is None:
            return self.ex(value, ctx)
        result = self.temp("result")
        self.writeline(f"{result} = {self.run_call(value.func, value.args, ctx, value)}", s)
        return f"rt.kept({local!r}, {result})" if local is not None else result

    def visit_SetName(self, s: A.SetName, ctx: Ctx):
        how, _ = classify(s.name, ctx.locals, ctx.this_ok, ctx.it_mode, self.sym)
        if id(s) in self.sym.through:   # `set c = ...` with c a `counter` parameter: the counter it names
            how = "stock"
        value = self.given(s.value, ctx, s, s.name if how == "local" else None)
        self.store_name(s, how, value, ctx)
        if how == "local" and id(s) in self.faces:   # a value read from faces: the items read, for a prompt that shows it
            self.writeline(f"F_{s.name} = {self.face_items(self.faces[id(s)], ctx)}", s)

    def visit_Take(self, s: A.Take, ctx: Ctx):
        """`take X from LIST;`: the list without its first copy of X (Game.take_one), set as `set LIST = ...;`
        sets it (the checker's E541 keeps LIST a list variable's or a local's name)."""
        how, _ = classify(s.list.id, ctx.locals, ctx.this_ok, ctx.it_mode, self.sym)
        value = f"rt.take_one({self.ex(s.list, ctx)}, {self.ex(s.value, ctx)}, {where(s)!r})"
        self.store_name(A.SetName(s.list.id, s.value, None, span=s.span), how, value, ctx)

    def store_name(self, s: A.SetName, how: str, value: str, ctx: Ctx) -> None:
        """The line that sets a name (a local, a variable, a counter) to the value written `value`."""
        if how == "local":
            self.writeline(f"v_{s.name} = rt.bounded({value})", s)
        elif how == "gvar" and s.name in self.remembered:   # its position's hash follows (and a `set` pattern hears it)
            self.writeline(f"rt.set_remembered({self.res(s.name, ctx, s.index)}, {value}, {ctx.you})", s)
        elif how in ("var", "gvar") and s.name in self.heard:   # `whenever you set(pawn)` listens: announced
            self.writeline(f"rt.set_heard_var({ctx.you if how == 'var' else None}, {self.res(s.name, ctx, s.index)}, "
                           f"{value}, {ctx.you})", s)
        elif how in ("var", "gvar"):
            self.writeline(f"rt.set_var({ctx.you if how == 'var' else None}, {self.res(s.name, ctx, s.index)}, {value})", s)
        else:
            self.writeline(f"rt.set_stock({ctx.you}, {self.res(s.name, ctx, s.index)}, {value})", s)

    def visit_SetAttr(self, s: A.SetAttr, ctx: Ctx):
        value = self.given(s.value, ctx, s)
        if id(s) in self.sym.member_fields:   # `set c.cost[g] = ...;` one member's field
            name = self.element(member_field(s.name), s.index, ctx)
        else:
            name = self.res(s.name, ctx, s.index) if s.index is not None else repr(s.name)
        if id(s) in self.sym.face_sets:   # a die kept as a piece turned to a face worked out in play
            self.writeline(f"rt.set_face({self.ex(s.obj, ctx)}, {name}, {value}, {self.sym.face_sets[id(s)]!r})", s)
            return
        setter = "set_heard_field" if s.name in self.heard else "set_field"   # `set p.pawn = c;` heard: announced
        self.writeline(f"rt.{setter}({self.ex(s.obj, ctx)}, {name}, {value}" + (f", {ctx.you})" if s.name in self.heard else ")"), s)

    def visit_CallStmt(self, s: A.CallStmt, ctx: Ctx):
        self.writeline(self.run_call(s.func, s.args, ctx, s), s)

    def run_call(self, func: str, args: tuple, ctx: Ctx, node) -> str:
        """`yield from` a proc or kernel call: a call statement, or the value of `let x = proc(...)`; one made under
        a condition on hidden cards inside `rt.untold_call` (its questions are untold)."""
        values = "".join(", " + self.ex(a, ctx) for a in call_args(self.sym.decls[func], args, self.sym))
        if isinstance(self.sym.decls.get(func), A.Extern):
            run = f"KERNELS[{func!r}].fn(rt, {ctx.you}{values})"
        else:
            run = f"{self.proc_names[func]}(rt, {ctx.you}{values}{self.faces_given(self.sym.decls[func], args, ctx)})"
        return f"yield from rt.untold_call({run})" if id(node) in self.untold_calls else f"yield from {run}"

    def faces_given(self, proc: A.Proc, args: tuple, ctx: Ctx) -> str:
        """The further keyword arguments of a call of a proc some of whose parameters are given values read from
        faces (compiler/hidden.py): each such argument's items (`F_NAME=...`), none when it is open; nothing for
        any other proc, whose calls are as they were."""
        names = self.faces.get(id(proc))
        if not names:
            return ""
        at = {p.name: i for i, p in enumerate(proc.params)}
        return "".join(f", F_{name}={self.face_items(self.faces.get(id(args[at[name]]), ()), ctx)}"
                       if at[name] < len(args) else f", F_{name}=()" for name in names)

    def visit_MatchStmt(self, s: A.MatchStmt, ctx: Ctx):
        subject = self.temp("match")   # evaluated once; the arms compared in order, as in the interpreter
        self.writeline(f"{subject} = {self.ex(s.subject, ctx)}", s)
        numbers = self.never_none(s.subject, ctx)
        for i, arm in enumerate(s.arms):
            self.writeline(f"{'elif' if i else 'if'} {self.case_test(subject, arm.values, ctx, numbers)}:", arm)
            self.nested(arm.body, ctx)
        if s.otherwise:
            self.writeline("else:")
            self.nested(s.otherwise, ctx)

    def visit_Return(self, s: A.Return, ctx: Ctx):
        if s.value is None:   # `return;`: the proc (a generator) ends here
            self.writeline("return", s)
            return
        if proc_result_call(s.value, self.sym) is None:   # a value of its own, not a proc's passed on
            self.writeline("rt.returned()", s)
        self.writeline(f"return {self.given(s.value, ctx, s)}", s)

    def visit_EndGame(self, s: A.EndGame, ctx: Ctx):
        if s.by is not None:   # `end game won by P;` / `lost by P`
            self.writeline(f"rt.end_game_by({self.ex(s.by, ctx)}, {s.lost}, {where(s)!r}{self.reason(s, ctx)})", s)
        elif s.drawn:   # `end game drawn;`
            self.writeline(f"rt.end_game_drawn({where(s)!r}{self.reason(s, ctx)})", s)
        else:
            self.writeline(f"rt.end_game({where(s)!r}{self.reason(s, ctx)})", s)

    def visit_EndAfter(self, s: A.EndAfter, ctx: Ctx):
        self.writeline(f"rt.end_after({s.label!r}, {where(s)!r}{self.reason(s, ctx)})", s)

    def reason(self, s, ctx: Ctx) -> str:
        """An `end game` reason as a further argument: the text (repr only), or with values its parts joined."""
        if s.reason_parts:
            return f", ''.join(({', '.join(self.text_parts(s.reason_parts, ctx))},))"
        return f", {s.reason!r}" if s.reason is not None else ""

    def keep(self, where, ctx: Ctx) -> str:
        """The `where COND` of a `draw` or a `move all of` as a test of one item, `it` (None without one)."""
        return "None" if where is None else f"lambda it: {self.ex(where, replace(ctx, it_mode='entity'))}"

    def visit_Draw(self, s: A.Draw, ctx: Ctx):
        keep = f", {self.keep(s.where, ctx)}" if s.where is not None else ""
        top = ", top=True" if s.top else ""
        if s.until is not None:
            with self.leavable(s):
                self._draw_until(s, ctx, keep, top)
            return
        bind = f"v_{s.name} = " if s.name else ""
        first = "rt.first(" if s.single else ""   # `let c = draw one ...`: the card drawn, or none
        self.writeline(f"{bind}{first}rt.draw({ctx.you}, {self.ex(s.source, ctx)}, {self.ex(s.dest, ctx)}, "
                       f"{self.ex(s.count, ctx)}{keep}{top}){')' if s.single else ''}", s)

    def _draw_until(self, s: A.Draw, ctx: Ctx, keep: str, top: str):
        """`draw from Z to W until COND [each VAR { ... }]`: COND tested before each item, one item drawn
        at a time (refilling as `draw` does), the block run for it; stops when nothing is left to draw."""
        drawn = self.temp("drawn")
        self.writeline(f"while not ({self.ex(s.until, ctx)}):", s)
        self._indent += 1
        self.writeline(f"rt.step({where(s)!r})")
        self.writeline(f"{drawn} = rt.draw({ctx.you}, {self.ex(s.source, ctx)}, {self.ex(s.dest, ctx)}, 1{keep}{top})", s)
        self.writeline(f"if not {drawn}: break")
        if s.var is not None:
            self.writeline(f"v_{s.var} = {drawn}[0]")
        self._indent -= 1
        if s.body:
            self.nested(s.body, ctx.bind(s.var) if s.var is not None else ctx)

    def visit_Move(self, s: A.Move, ctx: Ctx):
        if s.known is not None:   # `move c to top of deck known [to PLAYERS];`
            to = "" if s.known_to is None else f", {self.ex(s.known_to, ctx)}"
            depth = "" if s.depth is None else f", depth={self.ex(s.depth, ctx)}"
            self.writeline(f"rt.move_known({ctx.you}, {self.ex(s.item, ctx)}, {self.ex(s.dest, ctx)}, "
                           f"{s.known or 'bottom'!r}{to}{depth})", s)
            return
        if s.depth is not None:   # `move c to deck at N from top;`
            self.writeline(f"rt.move_at({ctx.you}, {self.ex(s.item, ctx)}, {self.ex(s.dest, ctx)}, "
                           f"{self.ex(s.depth, ctx)}, {s.depth_from!r})", s)
            return
        top = ", True" if s.top else ", None" if s.bottom else ""   # None: the bottom, as written (Engine.move)
        self.writeline(f"rt.move({self.ex(s.item, ctx)}, {self.ex(s.dest, ctx)}{top})", s)

    def visit_MoveAll(self, s: A.MoveAll, ctx: Ctx):
        top = None if s.bottom else s.top   # None: the bottom, as written (the trace says it)
        if s.depth is not None:   # `move all of Z to W at N from top;`
            more = f", {top}, {self.keep(s.where, ctx)}, ({self.ex(s.depth, ctx)}, {s.depth_from!r})"
        else:
            more = f", {top}, {self.keep(s.where, ctx)}" if s.where is not None else ", True" if s.top else \
                ", None" if s.bottom else ""
        self.writeline(f"rt.move_all({ctx.you}, {self.ex(s.source, ctx)}, {self.ex(s.dest, ctx)}{more})", s)

    def visit_Swap(self, s: A.Swap, ctx: Ctx):
        unseen = ", True" if s.unseen else ""
        self.writeline(f"rt.swap({ctx.you}, {self.ex(s.zone, ctx)}, {self.ex(s.other, ctx)}{unseen})", s)

    def visit_PassOn(self, s: A.PassOn, ctx: Ctx):
        who = self.temp("you")   # each player still in, as `you`: their zone and the player it goes to
        seat_ctx = replace(ctx, you=who)
        self.writeline(f"rt.pass_on({ctx.you}, [({self.ex(s.zone, seat_ctx)}, {self.ex(s.to, seat_ctx)}) "
                       f"for {who} in rt.players()])", s)

    def visit_Deal(self, s: A.Deal, ctx: Ctx):
        """`deal all of Z to W [from P];`: the receivers in order, each with their own W (worked out with them as
        `you`, as `pass` does), then `rt.deal`; the count, the zone and the start worked out first, as the
        interpreter does."""
        who = self.temp("you")
        count = "None" if s.count is None else self.ex(s.count, ctx)
        start = "None" if s.start is None else self.ex(s.start, ctx)
        receivers = f"rt.players()" if s.start is None else f"rt.players_from({start})"
        dealt = None if s.body is None else self.temp("dealt")
        if dealt is not None:
            self.writeline(f"{dealt} = []")
        packet = "" if s.packet is None else f", packet={self.ex(s.packet, ctx)}"
        self.writeline(f"rt.deal({ctx.you}, {count}, {self.ex(s.source, ctx)}, [({who}, "
                       f"{self.ex(s.dest, replace(ctx, you=who))}) for {who} in {receivers}]"
                       f"{'' if dealt is None else ', ' + dealt}{packet})", s)
        if dealt is not None:   # each card dealt, in the order dealt, as its receiver
            self.writeline(f"for {who}, v_{s.var} in {dealt}:")
            self._indent += 1
            self.writeline(f"v_{s.receiver} = {who}")
            self._indent -= 1
            self.nested(s.body, replace(ctx, you=who, locals=Scope(ctx.locals, (s.receiver, s.var))))

    def visit_SetAside(self, s: A.SetAside, ctx: Ctx):
        """`set aside CARD until PATTERN [then to ZONE];` (`all`: every item of a zone, those `where` keeps): the
        card, its `until` and its destination worked out now, in that order, as the interpreter does."""
        dest = "None" if s.dest is None else self.ex(s.dest, ctx)
        more = f", {s.top}, {self.keep(s.where, ctx)}" if s.where is not None else ", True" if s.top else ""
        self.writeline(f"rt.set_aside({ctx.you}, {self.ex(s.item, ctx)}, {self.ending(s.until, ctx)}, {dest}{more})", s)

    def visit_Split(self, s: A.Split, ctx: Ctx):
        """`split ZONE into N piles as PILE { ... }`: the piles dealt (`rt.split_piles`), the body once per pile,
        the piles stacked back (`rt.stack_piles`) however the body ends, as the interpreter does."""
        zone, piles = self.temp("zone"), self.temp("piles")
        self.writeline(f"{zone} = {self.ex(s.zone, ctx)}", s)
        self.writeline(f"{piles} = rt.split_piles({ctx.you}, {zone}, {self.ex(s.count, ctx)}, {where(s)!r})", s)
        self.writeline("try:")
        self._indent += 1
        self.writeline(f"for v_{s.pile} in {piles}:")
        self.nested(s.body, ctx.bind(s.pile))
        self._indent -= 1
        self.writeline("finally:")
        self.writeline(f"    rt.stack_piles({ctx.you}, {zone}, {piles}, {where(s)!r})")

    def visit_Shuffle(self, s: A.Shuffle, ctx: Ctx):
        self.writeline(f"rt.shuffle({self.ex(s.zone, ctx)})", s)

    def visit_Fill(self, s: A.Fill, ctx: Ctx):
        if s.kind is None:   # `fill market;`: lays out a display (`fill row;` each element, `fill row[2];` one)
            self.writeline(f"rt.lay_out({ctx.you}, {self.display_name(s.zone, ctx)}, {where(s)!r})", s)
            return
        keep = "None"
        if s.where is not None:
            keep = f"lambda it: {self.ex(s.where, replace(ctx, it_mode='entity'))}"
        self.writeline(f"rt.fill({self.ex(s.zone, ctx)}, {s.kind!r}, {keep})", s)

    def display_name(self, zone: A.Expr, ctx: Ctx) -> str:
        """A display's name as `fill NAME;` and `hold NAME { ... }` give it to the runtime: `'row'`, `row[2]`'s."""
        return repr(zone.id) if type(zone) is A.Name else f"{self.ex(zone, ctx)}.name"

    def visit_Reset(self, s: A.Reset, ctx: Ctx):
        self.writeline(f"rt.reset{self.sym.resets[id(s)]!r}", s)

    def visit_Flip(self, s: A.Flip, ctx: Ctx):
        self.writeline(f"rt.flip({self.ex(s.item, ctx)})", s)

    def visit_Roll(self, s: A.Roll, ctx: Ctx):
        bind = f"v_{s.name} = " if s.name else ""
        if id(s) in self.sym.piece_rolls:   # dice kept as pieces: `roll x;`, `roll all of ZONE;`
            if s.source is not None:
                self.writeline(f"yield from rt.roll_all({ctx.you}, {self.ex(s.source, ctx)}, {self.keep(s.where, ctx)})", s)
            else:
                self.writeline(f"{bind}yield from rt.roll_piece({ctx.you}, {self.ex(A.Name(s.die, span=s.span), ctx)})", s)
            return
        die = f"v_{s.die}" if s.die in ctx.locals else repr(s.die)   # a die parameter holds the die's name
        if s.count is not None:   # `let a = roll 3 d6;`
            self.writeline(f"{bind}yield from rt.roll_many({ctx.you}, {die}, {self.ex(s.count, ctx)})", s)
            return
        self.writeline(f"{bind}yield from rt.roll({ctx.you}, {die})", s)

    def visit_Whenever(self, s: A.Whenever, ctx: Ctx):
        tid = self.sites[id(s)]
        captured = self.captures[id(s)]
        bound = pattern_binders(s.pattern, self.sym)   # `gain(warriors[c])`: c, read from the event
        body_ctx = Ctx(frozenset(captured + [n for n, _k in bound]), "you", ctx.this_ok, "event")
        name = self.temp("trigger")  # taken before the body, which may hold triggers of its own
        self.function(name, "rt, you, it, env", s.body, body_ctx, f"trigger at {where(s)}",
                      tuple(self.unpack(captured, ctx)) + tuple(f"v_{n} = it[{k!r}]" for n, k in bound))
        self.triggers[tid] = name
        self.condition(s, ctx, "trigger")
        subject = subject_mode(s.pattern)
        filters = self.filters(s.pattern, ctx)
        env, until = self.standing(s, ctx)
        rest = f", {self.ending(s.rest, ctx)}" if s.rest is not None else ""
        self.writeline(f"rt.register({ctx.you}, {tid!r}, {subject!r}, {s.pattern.event!r}, {filters}, "
                       f"{s.once!r}, {until}, {env}{rest})", s)

    def standing(self, s, ctx: Ctx) -> tuple[str, str]:
        """What a trigger or modifier saves when registered: its locals (and `this`), and its `until`."""
        env = "{" + ", ".join([f"{n!r}: v_{n}" for n in self.captures[id(s)]] +
                              (["'this': this"] if ctx.this_ok else [])) + "}"
        return env, self.ending(s.until, ctx)

    def ending(self, p: "A.Pattern | None", ctx: Ctx) -> str:
        """An `until` or `once per` pattern as saved: (subject mode, event, filters), 'anyone' unless written;
        the ends of `until A or B` a tuple of those, worked out in order."""
        ends = [f"rt.until_end({end.event!r}, {where(end)!r})" if end.end   # the running call or round it names
                else f"({subject_mode(end, 'anyone')!r}, {end.event!r}, {self.filters(end, ctx)})"
                for end in A.endings(p)]
        return "None" if not ends else ends[0] if len(ends) == 1 else f"({', '.join(ends)})"

    @staticmethod
    def unpack(captured: list, ctx: Ctx) -> list[str]:
        """The lines that read a saved environment back into locals (and `this`)."""
        return [f"v_{n} = env[{n!r}]" for n in captured] + (["this = env['this']"] if ctx.this_ok else [])

    def visit_Modifier(self, s: A.Modifier, ctx: Ctx):
        mid = self.sites[id(s)]
        self.condition(s, ctx, "modifier")
        if s.then is not None:   # its consequence (7.7d): a body of its own, given the use's arguments, as a trigger's
            captured = self.captures[id(s)]
            name = self.temp("consequence")
            self.function(name, "rt, you, it, env", s.then, Ctx(frozenset(captured), "you", ctx.this_ok, "use"),
                          f"consequence of the modifier at {where(s)}", tuple(self.unpack(captured, ctx)))
            self.consequences[mid] = name
        env, until = self.standing(s, ctx)
        self.writeline(f"rt.modify({ctx.you}, {mid!r}, {subject_mode(s.pattern)!r}, {s.pattern.event!r}, "
                       f"{self.filters(s.pattern, ctx)}, {s.once!r}, {until}, {env}, {s.cond is not None!r}, "
                       f"{self.adjustments(s, ctx)})", s)

    def condition(self, s, ctx: Ctx, what: str) -> None:
        """A modifier's or trigger's `while COND` as a function of its saved locals: evaluated each time
        the modifier is consulted or the event would fire the trigger."""
        if s.cond is None:
            return
        site, captured = self.sites[id(s)], self.captures[id(s)]
        name = self.temp("condition")
        # given the arguments (`it.ARG`) of the use consulted (a modifier's: some may be missing) or of
        # the event announced (a trigger's: all of them)
        fn = Function(f"def {name}(rt, you, env, it):", f"while condition of the {what} at {site}")
        fn.lines += ["    " + line for line in self.unpack(captured, ctx)]
        bound = pattern_binders(s.pattern, self.sym)   # a modifier's: of the tagged use (`for gain(warriors[c])`)
        fn.lines += [f"    v_{n} = it[{k!r}]" for n, k in bound]
        inner = Ctx(frozenset(captured + [n for n, _k in bound]), 'you', ctx.this_ok, "use" if what == "modifier" else "event")
        fn.lines.append(f"    return {self.ex(s.cond, inner)}  # @{where(s.cond)}")
        self.functions.append(fn)
        self.conditions[site] = name

    def adjustments(self, s: A.Modifier, ctx: Ctx) -> str:
        """A modifier's adjustments as plain data, evaluated when it is registered; a card's modifier's amount
        that reads the game is "live", a function of its own worked out at each use (live_amounts)."""
        parts = []
        held = id(s) in self.live_modifiers
        for line, a in enumerate(s.adjustments):
            if a.what == "cost":
                parts.append(f"('cost', {a.op!r}, {self.cost(a.terms, ctx)})")
            elif held and is_live(a):
                self.live_amount(s, line, a.amount, ctx)
                parts.append(f"({a.what!r}, {a.op!r}, 'live')")
            elif a.what in ("gain", "lose", "value"):
                parts.append(f"({a.what!r}, {a.op!r}, {self.ex(a.amount, ctx)})")
            else:
                parts.append(f"({a.what!r},)")
        return "[" + ", ".join(parts) + "]"

    def live_amount(self, s: A.Modifier, line: int, amount: A.Expr, ctx: Ctx) -> None:
        """A card's modifier's amount as a function of its saved locals and the use's arguments (`it.ARG`),
        as its `while` condition is (7.7b)."""
        site, captured = self.sites[id(s)], self.captures[id(s)]
        name = self.temp("amount")
        fn = Function(f"def {name}(rt, you, env, it):", f"amount of line {line + 1} of the modifier at {site}")
        fn.lines += ["    " + text for text in self.unpack(captured, ctx)]
        bound = pattern_binders(s.pattern, self.sym)
        fn.lines += [f"    v_{n} = it[{k!r}]" for n, k in bound]
        inner = Ctx(frozenset(captured + [n for n, _k in bound]), 'you', ctx.this_ok, "use")
        fn.lines.append(f"    return {self.ex(amount, inner)}  # @{where(amount)}")
        self.functions.append(fn)
        self.amounts[site, line] = name

    def filters(self, p: A.Pattern, ctx: Ctx) -> str:
        """The argument filters of an event pattern, evaluated when the trigger is registered."""
        return "{" + ", ".join(f"{key!r}: rt.is_filter({value!r})" if how == "is" and type(value) is str else
                               f"{key!r}: rt.is_filter({value[0]!r}, {value[1]!r})" if how == "is" else
                               f"{key!r}: {value!r}" if how == "const" else
                               f"{key!r}: {self.element(value[0], value[1], ctx)}" if how == "element" else
                               f"{key!r}: {self.ex(value, ctx)}"
                               for key, how, value in pattern_filters(p, self.sym)) + "}"

    def visit_Emit(self, s: A.Emit, ctx: Ctx):
        decl = self.sym.decls[s.event]
        args = "{" + ", ".join(f"{p.name!r}: {self.ex(event_arg(s.event, p.name, a, self.sym), ctx)}"
                               for p, a in zip(decl.params, s.args)) + "}"
        self.writeline(f"rt.emit({s.event!r}, {ctx.you}, {args})", s)

    def visit_Window(self, s: A.Window, ctx: Ctx):
        named = f", {s.name!r}" if s.name is not None else ""   # `window NAME;`
        self.writeline(f"yield from rt.window({ctx.you}, {where(s)!r}{named})", s)

    def visit_Copy(self, s: A.Copy, ctx: Ctx):
        self.writeline(f"yield from rt.run_slot({ctx.you}, {self.ex(s.ref.obj, ctx)}, {s.ref.name!r}, "
                       f"{where(s)!r}{self.slot_args(s.ref, copy_args(s, self.sym), ctx)})", s)

    def slot_args(self, ref: A.Attr, args, ctx: Ctx) -> str:
        """A slot's arguments (`copy c.demand(by = you);`) in its parameters' order, each after a comma."""
        return "".join(", " + self.ex(a, ctx) for a in slot_args(self.sym.slot_fields.get(ref.span), args))

    def visit_Once(self, s: A.Once, ctx: Ctx):
        self.writeline(f"if rt.once({ctx.you}, {self.sites[id(s)]!r}):", s)
        self.nested(s.body, ctx)

    def visit_Hold(self, s: A.Hold, ctx: Ctx):
        # laid out (s.laid_out()'s `fill`) when the block is left: its end, a `return` or a `break` (engine.Held)
        self.writeline(f"with rt.holding({ctx.you}, {self.display_name(s.zone, ctx)}, {where(s)!r}):", s)
        self.nested(s.body, ctx)

    def visit_Tagged(self, s: A.Tagged, ctx: Ctx):
        self.writeline(f"if rt.unforbidden({ctx.you}, {self.tag(s.tag, ctx)}):", s)
        self.nested(s.body, ctx)

    def visit_Rank(self, s: A.Rank, ctx: Ctx):
        dom, who = self.temp("ranked"), self.temp("you")
        key = self.ex(s.key, replace(ctx, you=who))
        prizes = "[" + ", ".join(self.ex(p, ctx) for p in s.prizes) + "]"
        cond = f" if {self.wrap(s.where, replace(ctx, you=who), 1)}" if s.where is not None else ""
        self.writeline(f"{dom} = [{who} for {who} in {self.domain(s.domain, ctx, s)}{cond}]", s)
        self.writeline(f"rt.rank({dom}, [{key} for {who} in {dom}], {prizes}, {s.resource!r}, {s.ties!r})", s)

    def visit_Pick(self, s: A.Pick, ctx: Ctx):
        if s.count is not None:   # `let n = pick ...;`: the picks made, counted as each is made (read inside too)
            self.writeline(f"v_{s.count} = 0", s)
            ctx = ctx.bind(s.count)
        inner = ctx.bind(s.var)
        cands = self.temp("cands")
        tests = []
        if s.limit is not None or s.least is not None:   # up to N, at least M: the picks so far, none offered again
            left, picked = self.temp("left"), self.temp("picked")
            if s.limit is not None:
                self.writeline(f"{left} = {self.ex(s.limit, ctx)}", s)
            self.writeline(f"{picked} = []", s)
        if s.least is not None:   # at least M: no "none" before M picks
            least = self.temp("least")
            self.writeline(f"{least} = {self.ex(s.least, ctx)}")
        if s.budget is not None:   # budget N: what is left of it, each pick spending its cost
            funds = self.temp("funds")
            self.writeline(f"{funds} = {self.ex(s.budget, ctx)}", s)
        if s.longest:   # `repeated longest`: the body and the candidates as functions the search runs
            longest, so_far = self.longest_search(s, ctx, inner)
        if s.repeated:   # asked again after each pick
            self.counted_loop(s)
        if s.limit is not None:
            self.break_if(f"{left} <= 0")
        if (s.limit is not None or s.least is not None) and not s.repeats:   # (`with repeats`: any, again)
            tests.append(f"v_{s.var} not in {picked}")
        if s.budget is not None:   # only the candidates whose cost fits in what is left
            tests.append(f"{self.wrap(s.cost, inner, 5)} <= {funds}")
        if s.distinct is not None:   # `different by FIELD`: the FIELDs picked so far, none offered again
            taken = self.temp("taken")
            self.writeline(f"{taken} = [{self.ex(s.distinct, inner)} for v_{s.var} in {picked}]")
            tests.append(f"{self.wrap(s.distinct, inner, 5)} not in {taken}")
        domain, keep = (self.domain(s.domain, ctx, s), s.where) if tests or s.blind is not None else \
            self.hoisted(s.domain, s.var, s.where, ctx, s)
        if keep is not None:   # (the where first: a budget's cost may read what it rules out)
            tests.insert(len(tests) - (s.budget is not None), self.wrap(keep, inner, 2 if tests else 1))
        if not tests:   # a copy, without a comprehension's function call
            self.writeline(f"{cands} = list({domain})", s)
        else:
            self.writeline(f"{cands} = [v_{s.var} for v_{s.var} in {domain} if {' and '.join(tests)}]", s)
        if s.blind is not None:   # `or blind ZONE`: its unseen top card, the last candidate, when the filters
            self.unseen_candidate(s, cands, inner, ctx, funds if s.budget is not None else None)   # hold for it
        if s.best is not None:   # `fewest KEY` / `most KEY`: the candidates with the best key, every tie
            self.writeline(f"{cands} = rt.best_of({cands}, [{self.ordinal(s.best, inner)} for v_{s.var} in {cands}], "
                           f"{s.best_most!r})")
        if s.longest:   # only the candidates that begin a longest run (Game.longest_of)
            self.writeline(f"{cands} = rt.longest_of({cands}, {longest}, {where(s)!r})")
        choice = self.temp("choice")
        labels = ""
        if s.label is not None:   # each candidate's label, worked out with it as the picked variable
            filled = self.filled(s.label, s.label_parts, inner)
            if s.blind is not None:   # (the unseen card's own: nothing of it can be shown)
                filled = f"v_{s.var}.label() if v_{s.var}.__class__ is rt.Unseen else {filled}"
            labels = f", [{filled} for v_{s.var} in {cands}]"
        optional = repr(s.declined or s.optional or (s.repeated and not s.exactly and s.budget is None
                                                       and not s.compulsory))
        if s.optional_when is not None:   # "none" only when the condition holds, worked out before asking
            optional = f"bool({self.ex(s.optional_when, ctx)})" + (f" and {s.declined!r}" if s.declined else "")
        elif s.least is not None:   # at least M: "none" once M picks are made
            optional = f"len({picked}) >= {least}"
        otherwise = ", otherwise=True" if s.otherwise else ""   # the trace says the `else` runs
        if s.random:   # the seeded RNG picks: nobody is asked, nothing is yielded
            self.writeline(f"{choice} = rt.pick_random({ctx.you}, {cands}, {s.var!r}{otherwise})", s)   # traced at the pick
        else:
            pick = "pick_alike" if s.alike else "pick"   # `alike`: copies nothing tells apart, one option
            asked = self.prompt(s, ctx)
            if s.least is not None:   # how many more are due, while some are
                asked = f"rt.least_prompt({asked}, len({picked}), {least})"
            elif s.budget is not None:   # what is left to spend
                asked = f"rt.budget_prompt({asked}, {funds})"
            self.writeline(f"{choice} = yield from rt.{pick}({ctx.you}, {asked}, {cands}, "
                           f"{optional}, {where(s)!r}{labels}{otherwise})")
        # repeatedly: "none" ends the loop, so the body needs no test of its own
        if s.repeated:
            self.break_if(f"{choice} is None")
        else:
            self.writeline(f"if {choice} is not None:")
            self._indent += 1
        self.writeline(f"v_{s.var} = {cands}[{choice}]")
        if s.count is not None:
            self.writeline(f"v_{s.count} += 1")
        if s.longest and s.longest_key is not None:   # the best key of the picks so far
            self.writeline(f"rt.longest_seen({so_far}, {self.ex(s.longest_key, inner)}, "
                           f"{s.longest_lowest!r})")
        if s.blind is not None:   # the cost of the unseen card as offered; then its card, drawn now
            if s.budget is not None:
                self.writeline(f"{funds} -= rt.spent({self.ex(s.cost, inner)}, {where(s)!r})")
            offered = self.temp("offered")   # (the candidate: which zone a blind card came from)
            self.writeline(f"{offered} = v_{s.var}")
            self.writeline(f"v_{s.var} = rt.take_unseen({ctx.you}, v_{s.var}, {where(s)!r})")
        if s.limit is not None or s.least is not None:
            self.writeline(f"{picked}.append(v_{s.var})")
        if s.limit is not None:
            self.writeline(f"{left} -= 1")
        if s.budget is not None and s.blind is None:   # its cost, worked out as it was offered (before the body runs)
            self.writeline(f"{funds} -= rt.spent({self.ex(s.cost, inner)}, {where(s)!r})")
        self.block(s.body, inner)
        if s.blind is not None:   # a blind card the body left in no zone goes back on top of its zone
            self.writeline(f"rt.kept_unseen(v_{s.var}, {offered})")
        self._indent -= 1
        if s.otherwise:
            self.writeline("else:")
            self.nested(s.otherwise, ctx)

    def longest_search(self, s: A.Pick, ctx: Ctx, inner: Ctx) -> tuple:
        """`pick ... repeated longest [, then highest KEY]`: writes, before the pick's loop, the functions its
        search runs (the candidates as the pick works them out, the body for one candidate, the key) and the
        statement's memo and best key so far; returns the arguments of `rt.longest_of` after the candidates,
        and the name of the best key so far.
        The body is written a second time, in a function of its own (E540 keeps it from setting the block's
        locals and from leaving it, so both copies do the same)."""
        offered, body, memo, so_far = self.temp("offered"), self.temp("body"), self.temp("memo"), self.temp("so_far")
        keep = f" if {self.wrap(s.where, inner, 1)}" if s.where is not None else ""
        self.writeline(f"def {offered}():", s)
        self._indent += 1
        self.writeline(f"{offered}_c = [v_{s.var} for v_{s.var} in {self.domain(s.domain, ctx, s)}{keep}]")
        if s.best is not None:
            self.writeline(f"{offered}_c = rt.best_of({offered}_c, [{self.ordinal(s.best, inner)} for v_{s.var} in "
                           f"{offered}_c], {s.best_most!r})")
        self.writeline(f"return {offered}_c")
        self._indent -= 1
        self.writeline(f"def {body}(v_{s.var}):")
        self._indent += 1
        self.block(s.body, inner)
        self.writeline("yield from ()")
        self._indent -= 1
        key = "None"
        if s.longest_key is not None:
            key = f"(lambda v_{s.var}: {self.ex(s.longest_key, inner)})"
        self.writeline(f"{memo}, {so_far} = {{}}, []")
        return f"{offered}, {body}, {key}, {s.longest_lowest!r}, {so_far}, {memo}", so_far

    def unseen_candidate(self, s: A.Pick, cands: str, inner: Ctx, ctx: Ctx, funds: Optional[str]) -> None:
        """`or blind ZONE`: each zone's unseen top card appended to a pick's candidates, in order, when it has one
        and the `where` and the cost (read of it only where it is told apart: the checker's E524) hold for it."""
        tests = [f"v_{s.var} is not None"]
        if s.where is not None:
            tests.append(self.wrap(s.where, inner, 2))
        if funds is not None:
            tests.append(f"{self.wrap(s.cost, inner, 5)} <= {funds}")
        for zone in blind_zones(s.blind, self.sym):
            self.writeline(f"v_{s.var} = rt.unseen({self.ex(zone, ctx)})")
            self.writeline(f"if {' and '.join(tests)}: {cands}.append(v_{s.var})")

    def visit_Simultaneous(self, s: A.Simultaneous, ctx: Ctx):
        with self.leavable(s):
            self._simultaneous(s, ctx)

    def _simultaneous(self, s: A.Simultaneous, ctx: Ctx):
        p, who = s.pick, self.temp("you")
        seat_ctx = replace(ctx, you=who)
        seats, cands, chosen = self.temp("seats"), self.temp("cands"), self.temp("chosen")
        cond = f" if {self.wrap(s.where, seat_ctx, 1)}" if s.where is not None else ""
        self.writeline(f"{seats} = [{who} for {who} in {self.domain(s.domain, ctx, s)}{cond}]", s)
        each, elem_ctx, el = "", seat_ctx, None
        if s.each_var is not None:   # `for each U in ELEMENTS`: each seat's elements, then one pick per element
            elements, el = self.temp("elements"), f"v_{s.each_var}"
            elem_ctx = seat_ctx.bind(s.each_var)
            econd = f" if {self.wrap(s.each_where, elem_ctx, 1)}" if s.each_where is not None else ""
            self.writeline(f"{elements} = [[{el} for {el} in {self.domain(s.each_domain, seat_ctx, s)}{econd}] "
                           f"for {who} in {seats}]")
            each = f", each={elements}"
        inner = elem_ctx.bind(p.var)
        pcond = f" if {self.wrap(p.where, inner, 1)}" if p.where is not None else ""
        one = f"[v_{p.var} for v_{p.var} in {self.domain(p.domain, elem_ctx, p)}{pcond}]"

        def per_seat(item: str) -> str:   # `item` for each seat (and each of its elements)
            if el is not None:
                item = f"[{item} for {el} in {elements}[{who}_i]]"
            return f"[{item} for {who}_i, {who} in enumerate({seats})]" if el is not None else \
                f"[{item} for {who} in {seats}]"
        if p.blind is None:
            self.writeline(f"{cands} = {per_seat(one)}")
        else:   # `or blind ZONE` (never with `for each`, E529): each seat's candidates end with the unseen top card
            mine = self.temp("mine")
            self.writeline(f"{cands} = []")
            self.writeline(f"for {who} in {seats}:")
            self._indent += 1
            self.writeline(f"{mine} = {one}")
            self.unseen_candidate(p, mine, inner, seat_ctx, None)
            self.writeline(f"{cands}.append({mine})")
            self._indent -= 1
        prompt = self.prompt(p, elem_ctx)
        if plain_text(p) is None or el is not None:   # a prompt with values: each seat's, worked out as `you`
            prompt = per_seat(prompt)
        many = ""
        if p.limit is not None:   # `up to N` / `exactly N`: each seat's N, worked out as that seat
            many = f", [{self.ex(p.limit, seat_ctx)} for {who} in {seats}], {p.exactly!r}" + \
                (", repeats=True" if p.repeats else "")
        if p.least is not None:   # `at least M`: each seat's M, worked out as that seat
            many += f", minima=[{self.ex(p.least, seat_ctx)} for {who} in {seats}]"
        if p.label is not None:   # `as "..."`: each candidate's label, worked out with it picked
            mine = self.temp("mine")
            labels = f"[{self.filled(p.label, p.label_parts, inner)} for v_{p.var} in {mine}]"
            if el is not None:
                labels = f"[[{self.filled(p.label, p.label_parts, inner)} for v_{p.var} in {mine}_e] " \
                         f"for {el}, {mine}_e in zip({elements}[{who}_i], {mine})]"
                many += f", labels=[{labels} for {who}_i, ({who}, {mine}) in enumerate(zip({seats}, {cands}))]"
            else:
                many += f", labels=[{labels} for {who}, {mine} in zip({seats}, {cands})]"
        if p.distinct is not None:   # `different by FIELD` (never with `for each`, E529): each candidate's FIELD
            key, mine = self.ex(p.distinct, inner), self.temp("mine")
            if p.blind is not None:   # (an unseen card's is none: nothing of it is known)
                key = f"None if v_{p.var}.__class__ is rt.Unseen else {key}"
            many += f", distinct=[[{key} for v_{p.var} in {mine}] for {who}, {mine} in zip({seats}, {cands})]"
        self.writeline(f"{chosen} = yield from rt.simultaneous({seats}, {prompt}, {cands}, {p.optional!r}, "
                       f"{where(s)!r}{many}{each})")
        pair = f"{who}, ({el}, v_{p.var})" if el is not None else f"{who}, v_{p.var}"
        if p.claim_key is not None:   # `best by KEY`: the best pick alone, each pick's key worked out as its picker
            start = "None" if p.claim_from is None else self.ex(p.claim_from, ctx)
            self.writeline(f"{chosen} = rt.best_claim({chosen}, [{self.ordinal(p.claim_key, inner)} "
                           f"for {pair} in {chosen}], {start}{', True' if el is not None else ''})")
        if el is not None:
            self.writeline(f"for {who}, ({el}, v_{p.var}) in {chosen}:")
        else:
            self.writeline(f"for {who}, v_{p.var} in {chosen}:")
        self.skip_out(who)
        self.nested(p.body, inner)
        if p.blind is not None:   # a blind card the body left in no zone goes back on top of its zone
            self._indent += 1
            self.writeline(f"rt.kept_unseen(v_{p.var}, {self.ex(blind_zones(p.blind, self.sym)[0], seat_ctx)})")
            self._indent -= 1

    def visit_Auction(self, s: A.Auction, ctx: Ctx):
        who, bidders, won = self.temp("you"), self.temp("bidders"), self.temp("won")
        seat_ctx = replace(ctx, you=who)
        cond = f" if {self.wrap(s.where, seat_ctx, 1)}" if s.where is not None else ""
        self.writeline(f"{bidders} = [{who} for {who} in {self.domain(s.domain, ctx, s)}{cond}]", s)
        prompt = self.prompt(s, seat_ctx)
        if plain_text(s) is None:   # a prompt with values: each bidder's, worked out as `you`
            prompt = f"[{prompt} for {who} in {bidders}]"
        start = ctx.you if s.start is None else self.ex(s.start, ctx)
        low = ("None" if s.held else "1") if s.low is None else self.ex(s.low, ctx)   # over each: the lowest held
        step = "1" if s.step is None else self.ex(s.step, ctx)
        # each bidder's most, as `you` (over calls without `up to`: none, every call)
        most = f"[{self.ex(s.most, seat_ctx)} for {who} in {bidders}]" if s.most is not None else \
            f"[None] * len({bidders})"
        calls = "None" if s.calls is None or s.held else f"list({self.domain(s.calls, ctx, s)})"
        # over each HOLDINGS: each bidder's numbers, as `you`
        held = f"[list({self.domain(s.calls, seat_ctx, s)}) for {who} in {bidders}]" if s.held else "None"
        passes = self.temp("passes") if s.passer is not None else None
        made = self.temp("made") if s.bidder is not None else None
        for bid_list in (passes, made):
            if bid_list is not None:
                self.writeline(f"{bid_list} = []")
        mode = repr(s.mode) if s.form is None else f"rt.auction_form({self.ex(s.form, ctx)}, {where(s)!r})"
        self.writeline(f"{won} = yield from rt.auction({bidders}, {start}, {mode}, {s.opening!r}, {low}, {step}, "
                       f"{most}, {prompt}, {where(s)!r}, {passes}, {calls}, {made}, {held}"
                       f"{'' if s.doubling is None else ', ' + self.ex(s.doubling, ctx)})")
        # each bidder who passed, in the order they passed, then each bid in the order made, as its bidder
        for bid_list, bidder, bid, block in ((passes, s.passer, s.passed_bid, s.passed),
                                             (made, s.bidder, s.bid_made, s.bids)):
            if bid_list is None:
                continue
            self.writeline(f"for {who}, v_{bid} in {bid_list}:")
            self._indent += 1
            self.writeline(f"v_{bidder} = {who}")
            self._indent -= 1
            self.nested(block, replace(seat_ctx, locals=Scope(ctx.locals, (bidder, bid))))
        self.writeline(f"if {won} is not None:")
        self._indent += 1
        stakes = f"v_{s.stakes}" if s.stakes is not None else "_"
        self.writeline(f"{who}, v_{s.price}, {stakes} = {won}")
        self.writeline(f"v_{s.winner} = {who}")
        self._indent -= 1
        self.nested(s.body, replace(seat_ctx, locals=Scope(ctx.locals, (s.winner, s.price) + (
            (s.stakes,) if s.stakes is not None else ()))))
        if s.otherwise:
            self.writeline("else:")
            self.nested(s.otherwise, ctx)

    def visit_Offer(self, s: A.Offer, ctx: Ctx):
        who, asked = self.temp("you"), self.temp("asked")
        cond = f" if {self.wrap(s.where, replace(ctx, you=who), 1)}" if s.where is not None else ""
        self.writeline(f"{asked} = [{who} for {who} in {self.domain(s.domain, ctx, s)}{cond}]", s)
        start = "None" if s.start is None else self.ex(s.start, ctx)
        self.writeline(f"v_{s.partner} = yield from rt.deal_offer({ctx.you}, {asked}, {start}, {s.mode!r}, "
                       f"{self.prompt(s, ctx)}, {OFFER_CHOOSE_PROMPT!r}, {where(s)!r})")
        self.writeline(f"if v_{s.partner} is not None:")
        self.nested(s.body, replace(ctx, locals=Scope(ctx.locals, (s.partner,))))
        if s.otherwise:
            self.writeline("else:")
            self.nested(s.otherwise, ctx)

    def visit_FirstMay(self, s: A.FirstMay, ctx: Ctx):
        asked, taker = self.temp("asked"), self.temp("taker")
        inner = ctx.bind(s.var)   # `you` stays the acting player; VAR is each one asked
        able = self.temp("able") if s.asked else None
        if s.asked:   # `always asked`: the whole list, and whether `where` holds for each
            self.writeline(f"{asked} = list({self.domain(s.domain, ctx, s)})", s)
            holds = f"bool({self.wrap(s.where, inner, 1)})" if s.where is not None else "True"
            self.writeline(f"{able} = [{holds} for v_{s.var} in {asked}]")
        else:
            cond = f" if {self.wrap(s.where, inner, 1)}" if s.where is not None else ""
            self.writeline(f"{asked} = [v_{s.var} for v_{s.var} in {self.domain(s.domain, ctx, s)}{cond}]", s)
        prompt = self.prompt(s, inner)
        if plain_text(s) is None:   # a prompt with values: each one's, VAR bound to them
            prompt = f"[{prompt} for v_{s.var} in {asked}]"
        costs = "None"
        if s.cost and s.asked:   # none for one who may only decline: the cost may read what `where` checked
            ok = self.temp("ok")
            costs = f"[{self.cost(s.cost, inner)} if {ok} else None for v_{s.var}, {ok} in zip({asked}, {able})]"
        elif s.cost:
            costs = f"[{self.cost(s.cost, inner)} for v_{s.var} in {asked}]"
        self.writeline(f"{taker} = yield from rt.ask_first({ctx.you}, {asked}, {prompt}, {costs}, {where(s)!r}"
                       f"{', ' + able if s.asked else ''})")
        self.writeline(f"if {taker} is not None:")
        self._indent += 1
        self.writeline(f"v_{s.var} = {taker}")
        self._indent -= 1
        self.nested(s.body, inner)
        if s.otherwise:
            self.writeline("else:")
            self.nested(s.otherwise, ctx)

    def visit_GiveRole(self, s: A.GiveRole, ctx: Ctx):
        # a role's name as its name (as before: the generated code of packs giving by name is unchanged), or a value
        role = repr(s.role.id) if type(s.role) is A.Name and s.role.id in self.sym.roles else self.ex(s.role, ctx)
        self.writeline(f"rt.give_role({self.ex(s.who, ctx)}, {role})", s)

    def visit_Eliminate(self, s: A.Eliminate, ctx: Ctx):
        who = "" if s.who is None else f", {self.ex(s.who, ctx)}"
        self.writeline(f"rt.{'restore' if s.restore else 'retire' if s.retire else 'eliminate'}({ctx.you}{who})", s)

    def visit_Reveal(self, s: A.Reveal, ctx: Ctx):
        to = "" if s.to is None else f", {self.ex(s.to, ctx)}"
        if s.top is not None:   # `reveal top N of ZONE [to PLAYERS];`
            self.writeline(f"rt.learn_top({ctx.you}, {self.ex(s.item, ctx)}, {self.ex(s.top, ctx)}, False{to})", s)
            return
        if id(s) in self.sym.field_reveals and type(s.item) is A.Binary:   # whether it has a value: `reveal c.colour == red;`
            self.writeline(f"rt.reveal_is({ctx.you}, {self.ex(s.item.left.obj, ctx)}, {s.item.left.name!r}, "
                           f"{self.ex(s.item.right, ctx)}{to})", s)
        elif id(s) in self.sym.field_reveals:   # one field of a card: `reveal c.colour;`
            self.writeline(f"rt.reveal_field({ctx.you}, {self.ex(s.item.obj, ctx)}, {s.item.name!r}{to})", s)
        elif item_at(s.item, self.sym, ctx.locals):   # `reveal key[i];`: the card and its place
            self.writeline(f"rt.learn_at({ctx.you}, {self.ex(s.item.obj, ctx)}, {self.ex(s.item.index, ctx)}, False, "
                           f"{where(s.item)!r}{to})", s)
        else:
            self.writeline(f"rt.reveal({ctx.you}, {self.ex(s.item, ctx)}{to})", s)

    def visit_Look(self, s: A.Look, ctx: Ctx):
        if s.top is not None:   # `look top N of ZONE;`
            self.writeline(f"rt.learn_top({ctx.you}, {self.ex(s.item, ctx)}, {self.ex(s.top, ctx)}, True)", s)
            return
        if id(s) in self.sym.field_reveals and type(s.item) is A.Binary:
            self.writeline(f"rt.look_is({ctx.you}, {self.ex(s.item.left.obj, ctx)}, {s.item.left.name!r}, "
                           f"{self.ex(s.item.right, ctx)})", s)
        elif id(s) in self.sym.field_reveals:
            self.writeline(f"rt.look_field({ctx.you}, {self.ex(s.item.obj, ctx)}, {s.item.name!r})", s)
        elif item_at(s.item, self.sym, ctx.locals):
            self.writeline(f"rt.learn_at({ctx.you}, {self.ex(s.item.obj, ctx)}, {self.ex(s.item.index, ctx)}, True, "
                           f"{where(s.item)!r})", s)
        else:
            self.writeline(f"rt.look({ctx.you}, {self.ex(s.item, ctx)})", s)

    def visit_Say(self, s: A.Say, ctx: Ctx):
        values = [repr(p) if isinstance(p, str) else self.ex(p, ctx) for p in s.parts]   # literal texts through repr() only
        self.writeline(f"rt.say({', '.join(['None' if s.as_game else ctx.you, repr(s.value_marks)] + values)})", s)

    def text_parts(self, parts: tuple, ctx: Ctx) -> list[str]:
        """A text with values as Python arguments: literal parts enter the code through repr() only;
        values are shown by the runtime's rt.text (one function for both backends)."""
        return [repr(p) if isinstance(p, str) else f"rt.text({self.ex(p, ctx)})" for p in parts]

    def prompt(self, s, ctx: Ctx) -> str:
        """A decision's prompt or an option's label as a Python expression: a constant when it shows
        no values (costing nothing more than a plain text), else filled in where it is evaluated."""
        text = plain_text(s)
        if text is not None:   # an option's label is asked here only when it has values
            return repr(text or default_prompt(s))
        return self.filled(s.title, s.title_parts, ctx)

    def filled(self, written: str, parts: tuple, ctx: Ctx) -> str:
        """A prompt or label with values as a Python expression: the runtime fills it in, knowing
        which values are open (compiler/hidden.py); literal parts enter the code through repr() only."""
        letters = marks(parts, self.open)
        # a value read from faces ('f') goes with the items whose faces it reads: (value, (item, ...))
        args = [repr(p) if isinstance(p, str) else self.ex(p, ctx) if mark != "f" else
                f"({self.ex(p, ctx)}, {self.face_items(self.faces[id(p)], ctx)})"
                for mark, p in zip(letters, parts)]
        return f"rt.filled({', '.join([repr(written), repr(letters)] + args)})"

    def face_items(self, items: tuple, ctx: Ctx) -> str:
        """The items whose faces a value reads (compiler/hidden.py) as a Python tuple: an expression's
        value, the items kept beside a face let (`F_NAME`), or those a func's call reads (a function of
        its parameters, `face_function`, given the call's arguments)."""
        def item(o) -> str:
            if isinstance(o, str):
                return f"*F_{o}"
            if type(o) is tuple:
                decl = self.sym.decls[o[0].func]
                args = "".join(", " + self.ex(a, ctx) for a in call_args(decl, o[0].args, self.sym))
                return f"*{self.face_function(decl, o[1])}(rt, {ctx.you}{args})"
            return self.ex(o, ctx)
        return f"({''.join(item(o) + ', ' for o in items)})"

    def face_function(self, decl: A.Func, items: tuple) -> str:
        """The name of the function giving the items whose faces a func's value reads, from the func's
        parameters (made the first time a prompt shows a call of it)."""
        name = self.face_names.get(decl.name)
        if name is None:
            name = self.face_names[decl.name] = f"g_{self.func_names[decl.name]}"
            fn = Function(f"def {name}(rt, you{''.join(f', v_{p.name}' for p in decl.params)}):",
                          f"the items whose faces {decl.name} reads")
            fn.lines.append(f"    return {self.face_items(items, Ctx(frozenset(p.name for p in decl.params)))}"
                            f"  # @{where(decl.value)}")
            self.functions.append(fn)
        return name


def and_operands(e) -> tuple[list, object]:
    """`A and B and C` as ([A, B], C): the operands tested in turn, and the last; any other
    expression as ([], itself)."""
    if type(e) is A.Binary and e.op == "and":
        left_tests, left_last = and_operands(e.left)
        right_tests, last = and_operands(e.right)
        return left_tests + [left_last] + right_tests, last
    return [], e


def generate(sym: Symbols, lay: Layout, pack_name: str, digest: str) -> str:
    """The Python source of a pack's module; its LINE_MAP maps generated lines to rules positions."""
    gen = CodeGen(sym)
    functions = {}   # the Program's key -> (the callable's Python text, the rules position of a lambda)
    for effect in effects(lay):
        params = "rt, you" + (", this" if effect.this_ok else "") + "".join(f", v_{p}" for p in effect.params)
        if effect.key[0] == "proc" and id(sym.decls[effect.key[1]]) in gen.faces:
            # a parameter some call gives a value read from faces: the items beside it, masked unless a call says
            params += "".join(f", F_{p}=(None,)" for p in gen.faces[id(sym.decls[effect.key[1]])])
        ctx = Ctx(frozenset(effect.params), this_ok=effect.this_ok)
        if effect.key[0] == "proc":   # called by name from other effects (see `proc_names`)
            # a call of a recursive proc counts a step: recursion cannot run away
            step = (f"rt.step({effect.where!r})",) if effect.key[1] in gen.recursive else ()
            proc = sym.decls[effect.key[1]]
            end = f"return rt.ended_without_return({proc.name!r})" if proc.returns is not None else "return"
            functions[effect.key] = (gen.function(gen.proc_names[effect.key[1]], params, effect.node, ctx, effect.doc,
                                                  step, end, proc.name if proc.name in gen.ended or proc.name in gen.per else None,
                                                  nested=bool(step),
                                                  once=(proc.name, proc.once_per, where(proc)) if proc.once_per else None), None)
        elif effect.key[0] == "func":
            functions[effect.key] = (gen.plain_function(gen.func_names[effect.key[1]], params, effect.node, ctx,
                                                        effect.doc), None)
        elif effect.shape == "body":
            stem = IDENT.sub("_", "_".join(str(k) for k in effect.key))
            functions[effect.key] = (gen.function(gen.temp(stem + "_"), params, effect.node, ctx, effect.doc), None)
        else:
            value = gen.cost(effect.node, ctx) if effect.shape == "cost" else gen.ex(effect.node, ctx)
            at = effect.node if effect.shape == "expr" else effect.node[0]
            functions[effect.key] = (f"lambda {params}: {value}", where(at))
    triggers = [(gen.sites[id(n)], where(n)) for n in trigger_nodes(sym)]
    functions.update({("trigger", tid): (gen.triggers[tid], None) for tid, _span in triggers})
    conditions = [gen.sites[id(n)] for n in condition_nodes(sym)]
    functions.update({("condition", mid): (gen.conditions[mid], None) for mid in conditions})
    functions.update({("consequence", mid): (name, None) for mid, name in gen.consequences.items()})
    functions.update({("amount", *key): (name, None) for key, name in gen.amounts.items()})
    table_text = repr(tables(lay, pack_name, triggers, conditions, [gen.sites[id(n)] for n in subject_nodes(sym)],
                             watched_counters(sym), [(gen.sites[id(n)], phase) for n, phase in phase_modifiers(sym)],
                             hook_table(sym, gen.sites), heard_vars(sym), remembered_table(sym), list(gen.amounts),
                             heard_globals(sym)))
    source = TEMPLATES.get_template("module.py.j2").render(
        pack=pack_name, digest=digest, functions=gen.functions, callables=functions, constants=gen.constants.values(),
        tables=table_text,
        procs=[p.name for p in lay.procs],
        funcs=[f.name for f in lay.funcs], r=repr, records=bool(sym.of("record")),
        enum_data=any(key[0] == "enum" for key in gen.constants),
        printed_tables=any(key[0] == "table" for key in gen.constants),
        # a decimal literal in the code, or a decimal start value or field in the tables (repr: `Fraction(15, 2)`)
        decimals=any(key[0] == "decimal" for key in gen.constants) or "Fraction(" in table_text,
    )
    line_map = {}
    out = []
    for number, line in enumerate(source.splitlines(), start=1):
        m = MARK.search(line)
        if m:
            line_map[number] = m.group(1)
            line = line[: m.start()] + f"  # {m.group(1)}"
        out.append(line)
    out.append(f"LINE_MAP = {line_map!r}")
    out.append(f"CASE_MAP = {case_map(out, gen.case_spans, gen.case_lines, gen.cond_spans)!r}")
    return "\n".join(out) + "\n"


CASE_SUBJECT = re.compile(r"\(lambda (_match\d+): |^    (_match\d+) = ")


def case_map(lines: list[str], spans: dict, returned: dict, conds: Optional[dict] = None) -> dict:
    """Generated line -> ((start, end, rules position, alone), ...): the columns (UTF-8 bytes, as
    Python's code positions count them) where each case's result of a `match` expression stands, so
    that `cover --branches` tells which case an evaluation took (one line holds them all). A func that
    returns a match has a line a case (`returning`), the else's last: there the case is `alone` on
    its line, and the `return` reaching its end (a constant's, in newer Pythons) counts too. Each side
    of an `if ... then ... else` value likewise (`conds`, by the value's text: a Python conditional
    expression has no local to find it by; text alike at several places goes to the first at or
    after the line's own position)."""
    found: dict = {}

    def add(number: int, line: str, start: int, end: int, at, alone: bool = False) -> None:
        if at is not None:
            found.setdefault(number, []).append((len(line[:start].encode()), len(line[:end].encode()), at, alone))

    for number, line in enumerate(lines, start=1):
        if "_match" not in line:
            continue
        for m in CASE_SUBJECT.finditer(line):
            if m.group(1) in spans:   # a lambda: its text here, each result at its offset in it
                text, at = spans[m.group(1)]
                if line.startswith(text, m.start()):
                    for start, end, where_ in at:
                        add(number, line, m.start() + start, m.start() + end, where_)
            elif m.group(2) in returned:   # a func's: the lines after the subject's, one a case
                for n, (start, end, where_) in enumerate(returned[m.group(2)], start=1):
                    add(number + n, lines[number + n - 1], start, end, where_, True)
    for number, line in enumerate(lines, start=1) if conds else ():
        if " else " not in line:
            continue
        for text, places in conds.items():
            at = line.find(text)
            while at >= 0:
                for start, end, where_ in _nearest(places, line):
                    add(number, line, at + start, at + end, where_)
                at = line.find(text, at + 1)
    return {number: tuple(at) for number, at in sorted(found.items())}


def _nearest(places: dict, line: str) -> list:
    """The spans of the `if ... then ... else` values (rules position -> spans) that a generated line's
    text stands for: the one value, or, when values read alike at several places, those at the first
    place at or after the line's own rules position (its mark) in the same file."""
    if len(places) > 1:
        m = re.search(r"  # (\S+):(\d+):\d+$", line)
        if m is not None:
            def key(at: str) -> tuple:
                file, row, column = at.rsplit(":", 2)
                return file, int(row), int(column)
            mine = sorted(key(at) for at in places if key(at)[0] == m.group(1) and key(at)[1] >= int(m.group(2)))
            if mine:
                first = mine[0][1]
                return [s for at in places if key(at)[0] == m.group(1) and key(at)[1] == first for s in places[at]]
    return [s for spans in places.values() for s in spans]
