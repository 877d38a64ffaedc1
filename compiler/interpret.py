"""The reference interpreter: evaluates the checked AST directly with the runtime's primitives.

It is the executable definition of the semantics and the oracle that compiled code is tested
against: for the same seed and decisions both must produce the same log and final state.
"""

from __future__ import annotations

import operator
from contextlib import nullcontext

from rulebook.dsl import ast as A
from rulebook.runtime.kernels import KERNELS
from rulebook.runtime.engine import CALL_FRAMES, FUNC_FRAMES, INTERPRETER_FILES, LOCAL_FRAMES, STATEMENT_FRAMES, LeaveLoop, MemberData, Settling, TableCells, best_of, in_order
from rulebook.runtime.program import Program, assemble
from rulebook.runtime.state import Record

from .layout import (blind_zones, slot_args, copy_args, is_live, live_amounts, may_take, shown_zones, cost_data, paid_mode, enum_data, filled_zones, opening_test, option_gate, zone_caps, pick_paid, kept_locals, Layout, bounded_domain, actor_call, aggregate_shape, announces, default_prompt, plain_text, OFFER_CHOOSE_PROMPT,
                     builtin_args, recursive, ended_names, per_resets, runtime_axes, sized, range_bounded, direction_steps, checked_within,
                     call_args, effects, leading_cost, option_labels, subject_mode, event_arg, tables, pattern_filters, pattern_binders, watched_counters, tag_element, heard_vars, heard_globals, remembered_table,
                     site_ids, tag_args, trigger_captures, trigger_nodes, where, condition_nodes, subject_nodes, phase_modifiers, leading_tag, deciding,
                     hook_nodes, hook_table, hooked_actions, index_reading,
                     indexed_ref, item_at, member_field, per_player_entity, proc_result_call)
from .hidden import marks, open_values, untold_calls
from .resolve import BUILTIN_FUNCS, CELL_WALKS, LIST_OPS, STEPS, SUBJECT, Symbols, cell_neighbours, cell_walk, classify, it_arg, knowledge_args, knowledge_call, remembered, seen_call, zone_piles, rounding, shortfall_of, row_beginnings, index_place, card_shortfall_of, PAIR_WALKS


def placed(e: Exception, node) -> None:
    """Give a failure the rules position of `node` unless a node inside it already placed it (the
    innermost position wins, as the compiled traceback's innermost generated line does)."""
    if not hasattr(e, "rules_where"):
        try:
            e.rules_where = where(node)
        except AttributeError:   # an exception that takes no attributes keeps the caller's position
            pass


class ProcReturn(BaseException):
    """`return VALUE;`: unwinds the interpreted proc's blocks to its call (a BaseException, so no
    handler that turns Python errors into rules errors takes it for one)."""

    finishes_rounds = True   # leaving a labelled loop so ends its round (runtime Looping), as a compiled return does

    def __init__(self, value):
        super().__init__()
        self.value = value

# the key a face let's items are kept under beside it in a frame's locals (no rules name starts so)
FACES = "#faces "


class Frame:
    """Where an effect runs: who `you` is, its locals, `this` and `it`."""

    __slots__ = ("you", "locals", "this", "it", "it_mode")

    def __init__(self, you, locals_=None, this=None, it=None, it_mode=None):
        self.you, self.locals, self.this, self.it, self.it_mode = you, locals_ if locals_ is not None else {}, \
            this, it, it_mode

    def with_you(self, you) -> "Frame":
        return Frame(you, self.locals, self.this, self.it, self.it_mode)


class Interpreter(A.Visitor):
    """Runs statements and evaluates expressions of one pack: `visit_<Stmt>` returns a generator (or an
    empty tuple when the statement never decides), `visit_<Expr>` a value."""

    def __init__(self, sym: Symbols):
        self.sym = sym
        self.captures = trigger_captures(sym)
        self.recursive = recursive(sym)
        self.ended = ended_names(sym)   # the procs and loop labels an `until end of NAME` names
        self.per = per_resets(sym)   # proc or loop label -> the counters `per` it (3.3), back to start at its end
        self.kept = kept_locals(sym)   # names bound again inside a block: kept around it (4.12)
        self.sites = site_ids(sym)
        self.zone_caps = zone_caps(sym)   # the zones with a hand limit (`cap N over PROC`): checked after filling
        self.shows = bool(shown_zones(sym))   # a display that keeps itself filled: topped up after taking
        self.hooked = hooked_actions(sym)   # the actions whose uses may ask a modifier's holder (7.7d)
        self.live_modifiers = {id(m) for m, _line in live_amounts(sym)}   # card modifiers with a live amount (7.7b)
        self.heard = frozenset(heard_vars(sym))   # the variables whose sets announce (`whenever you set(pawn)`)
        self.option_ranged = range_bounded(sym)   # `[1..size]`: elements looked up through rt.at_bounded
        # the remembered variables (3.3b), whose sets keep their position's hash
        self.remembered = frozenset(v.name for vs in remembered(sym).values() for v in vs)
        self.gates: dict = {}   # id(option) -> what gates it when its body pays first inside (layout.paid_first)
        self.blinds: dict = {}   # id(pick) -> the zones its `or blind` offers the tops of (layout.blind_zones), kept
        self.openings: dict = {}   # proc -> the test of its opening decision (`can PROC(args)`, layout.opening_test)
        self.faces: dict = {}   # a value worked out from faces ('f'): the items whose faces it reads
        self.open = open_values(sym, self.faces)   # the values prompts show that the hot seat may tell the others
        self.untold_calls = untold_calls(sym)   # the calls made under a condition on hidden cards: their questions untold
        # (enum, field) -> the members' values, as the compiled module's tables (MemberData: none is E601)
        self.enum_data = {key: MemberData(key[1], column) for key, column in enum_data(sym).items()}
        # each printed table's values by index, as the compiled module's constants (TableCells: a miss is E601)
        self.tables = {name: TableCells(name, sym.table(name).cells, sym.table(name).tops) for name in sym.of("table")}
        self.steps: dict = {}   # a direction enum -> its members' steps (layout.direction_steps), as step() and ray() read them
        self.marks: dict[int, str] = {}   # id() of a prompt's parts -> its marks (see compiler/hidden.py)
        self.bounded: dict[int, tuple] = {}   # id() of a loop's domain -> (whether the pack bounds it, the loop's position, it)
        self.rows: dict = {}   # id() of a `row KEY of GRID` with a computed key -> the values that begin its rows
        self.leaves: dict[int, bool] = {}   # id() of a loop -> whether a `break` is written in it
        self.runs: dict[int, frozenset] = {}   # id() of an `if`/`while` condition (or `if` chain) -> its nodes running a proc
        # what a node means never changes while the pack runs: each is worked out at its first evaluation and
        # kept with the node itself, so that no node made later can take its id while it is kept
        self.names: dict[int, tuple] = {}   # id() of a bare name (not `this`, `it`, a local) -> (classify()'s answer, node)
        self.plain_binaries: dict[int, tuple] = {}   # id() of a binary -> (its plain Python operator or None, node)
        self.indexes: dict[int, tuple] = {}   # id() of `X[i]` -> what it reads (index_reading), the node
        self.implied: dict[int, A.Name] = {}   # id() of a node -> the bare name it implies (implied_name)
        self.routes: dict[str, tuple] = {}   # a called name -> how a call of it is worked out (call_route)
        self.param_names: dict[int, tuple] = {}   # id() of a proc or func -> its parameters' names, the callee
        self.cell_walks = frozenset(name for name in CELL_WALKS if cell_walk(name, sym))   # shift(), step(), ...
        self.argument_nodes: dict[tuple, tuple] = {}   # (id() of a callee, of a call's arguments) -> what call_args makes of them
        self.builtin_nodes: dict[int, tuple] = {}   # id() of a builtin call's arguments -> what builtin_args makes of them
        self.method_args: dict[int, tuple] = {}   # id() of `x.f(a)` -> the arguments (x, a) of the call it stands for
        self.attr_reads: dict[int, tuple] = {}   # id() of `x.name` -> what it reads (attr_reading), the node
        self.constructs: dict[int, tuple] = {}   # id() of `R(field = ...)` -> its construct_plan, the node last
        self.shapes: dict[int, tuple] = {}   # id() of an aggregate -> (its aggregate_shape, the node)
        self.axes: dict[str, tuple] = {}   # a board's record -> (its runtime axes, whether an option sizes them)

    # ------------------------------------------------------------------ statements
    def run(self, stmts: tuple, rt, f: Frame):
        """Run a block (a generator, like compiled effects)."""
        kept = []   # (id of the statement after which they are given back, the outer locals kept)
        for s in stmts:
            for last, names in self.kept.get(id(s), ()):   # a name bound again inside: the outer one kept
                kept.append((last, {name: f.locals[name] for name in names}))
            try:
                yield from self.visit(s, rt, f)
                if self.zone_caps:   # a hand limit (`cap N over PROC`) of each zone the statement filled
                    for capped in filled_zones(s, self.zone_caps, f.locals):
                        yield from rt.zone_over(f.you, capped, where(s))
                if self.shows and rt.state.shown and may_take(s):   # a display laid out is topped up at once
                    rt.keep_shown(f.you, where(s))
            except Exception as e:
                placed(e, s)
                raise
            while kept and kept[-1][0] == id(s):
                f.locals.update(kept.pop()[1])
            if rt.pending and announces(s, f.locals):
                yield from rt.drain()

    def domain(self, node, rt, f: Frame, e=None) -> list:
        """The elements a loop, pick, rank or aggregate ranges over (its `domain`, or `e`), counted against
        the step budget unless the pack bounds them (`bounded_domain`, the compiled code's rule too)."""
        e = node.domain if e is None else e
        values = rt.domain(self.ev(e, rt, f))
        found = self.bounded.get(id(e))
        if found is None:   # where the loop is written decides it (and its position): worked out once, kept with e
            bounded = bounded_domain(e, self.sym, f.locals, f.this is not None, f.it_mode)
            found = self.bounded[id(e)] = bounded, None if bounded else where(node), e
        return values if found[0] else rt.loop(values, found[1])

    def cost(self, terms: tuple, rt, f: Frame) -> list:
        out = []
        for t in terms:
            if id(t) in self.sym.spread_terms:   # `pay b.cost food;`, `pay q.needs;`: one term per member
                out.extend(rt.spread(self.ev(t.amount.obj, rt, f), member_field(t.amount.name), t.name))
            else:
                out.append((paid_mode(t), self.term_name(t, rt, f), self.ev(t.amount, rt, f)))
        return out

    def term_name(self, t, rt, f: Frame):
        """What a cost term takes: its resource, its group, or (cards) where they come from and go."""
        if t.mode == "plain":
            return self.res(t.name, rt, f, t.index)
        if t.mode == "held":   # `1 c.good`: the resource the field names
            return self.ev(self.sym.held_resources[id(t)], rt, f)
        if t.mode == "or":   # alternatives: each a cost of its own, worked out in the order written
            return tuple(tuple(self.cost(alt.terms, rt, f)) for alt in t.alternatives)
        if t.mode == "worth":   # the rates are worked out (and refused when below 1) before the amount
            return rt.substitutes(self.res(t.name, rt, f), [(self.res(u.name, rt, f), self.ev(u.rate, rt, f))
                                                             for u in t.substitutes])
        if t.mode == "cards" and t.source is not None:
            exclude = self.ev(t.exclude, rt, f) if t.exclude is not None else None
            keep, alike, wild = (self.card_test(x, rt, f) for x in (t.where, t.alike, t.wild))
            return rt.card_payment(f.you, self.ev(t.source, rt, f), exclude, self.ev(t.dest, rt, f), keep, alike, wild,
                                   t.different)
        if t.mode == "on":   # a stock on a card, or on the cards of a zone
            return rt.stock_term(self.ev(t.source, rt, f), t.name)
        return t.name

    def card_test(self, e, rt, f: Frame):
        """A card term's test of a card (`where`, `alike by`, `wild`), `it` the card; None when not written."""
        if e is None:
            return None

        def test(entity):
            return self.ev(e, rt, Frame(f.you, f.locals, f.this, entity, "entity"))
        return test

    def res(self, name: str, rt, f: Frame, index=None) -> str:
        """A resource named in a statement: itself, the value of a `resource` parameter, or an element
        of an indexed counter."""
        if index is not None:
            return self.element(name, self.ev(index, rt, f), rt, f)
        return f.locals[name] if name in f.locals else name

    def element(self, base: str, index, rt, f: Frame) -> str:
        """An indexed counter's, variable's or zone's element, its index worked out: through the acting
        player's numbering when the range is numbered from each side (3.3)."""
        frame = self.sym.frames.get(base)
        if frame is not None:
            index = rt.framed(frame, f.you, index)
        if base in self.option_ranged:   # `[1..size]`: the elements of this game's size alone
            return rt.at_bounded(base, index)
        return rt.at(base, index)

    def tag(self, t, rt, f: Frame):
        """A tagged cost's or gain's action and arguments (None when untagged)."""
        if t is None:
            return None
        args, element = {}, False
        for p, a in tag_args(t, self.sym):
            e = tag_element(t.action, p, a, self.sym)   # `for gain(warriors[c])`: the element's name
            args[p] = self.ev(a, rt, f) if e is None else self.element(e[0], self.ev(e[1], rt, f), rt, f)
            element = element or e is not None
        return t.action, rt.element_args(args) if element else args

    def owned(self, s, rt, f):
        """Whose stock a `gain` or `lose` changes: the acting player's, or P's for `gain N P.R;` (P first)."""
        if s.owner is None or id(s) in self.sym.held_resources:   # `gain 1 c.good;`: c holds the resource
            return f.you
        return rt.holder_of(self.ev(s.owner, rt, f))

    def stock(self, s, rt, f):
        """The resource a `gain` or `lose` changes: as named (`res`), or the one a field holds (`gain 1 c.good;`)."""
        held = self.sym.held_resources.get(id(s))
        return self.res(s.resource, rt, f, s.index) if held is None else self.ev(held, rt, f)

    def visit_Gain(self, s, rt, f):
        who = self.owned(s, rt, f)
        if s.on is not None:   # a stock the card (a zone's cards) holds (the card worked out first, then the amount)
            card = self.ev(s.on, rt, f)
            return rt.gain_onto(who, card, s.resource, self.ev(s.amount, rt, f), where(s), self.tag(s.tag, rt, f))
        if s.tag is not None and s.tag.action in self.hooked:   # a modifier of it may ask its holder (7.7d)
            return rt.gain_asking(who, self.stock(s, rt, f), self.ev(s.amount, rt, f), where(s),
                                  self.tag(s.tag, rt, f))
        return rt.gain_or_discard(who, self.stock(s, rt, f), self.ev(s.amount, rt, f), where(s),
                                  self.tag(s.tag, rt, f))

    def visit_GainEach(self, s, rt, f):
        return rt.gain_each(f.you, self.ev(s.amount.obj, rt, f), member_field(s.amount.name), where(s),
                            self.tag(s.tag, rt, f))

    def visit_GainAny(self, s, rt, f):
        return rt.gain_any(f.you, s.group, self.ev(s.amount, rt, f), where(s))

    def visit_Lose(self, s, rt, f):
        who = self.owned(s, rt, f)
        if s.on is not None and s.to is not None:   # a card's stock moved to a player or another card
            card = self.ev(s.on, rt, f)
            amount = self.ev(s.amount, rt, f)
            return rt.lose_on_to(who, card, s.resource, amount, self.ev(s.to, rt, f), where(s))
        if card_shortfall_of(s, self.sym):   # a card's stock with a `shortfall`: run when the card holds too little
            card = self.ev(s.on, rt, f)
            return rt.lose_on_short(who, card, s.resource, self.ev(s.amount, rt, f), where(s))
        if s.on is not None:   # a stock the card holds (the card worked out first, then the amount)
            card = self.ev(s.on, rt, f)
            rt.lose_on(who, card, s.resource, self.ev(s.amount, rt, f), self.tag(s.tag, rt, f))
            return ()
        amount = self.ev(s.amount, rt, f)
        if s.debt is not None:
            return rt.lose_or_debt(who, self.stock(s, rt, f), amount, self.res(s.debt, rt, f),
                                   where(s), self.tag(s.tag, rt, f))
        if shortfall_of(s, self.sym, self.hooked):   # a payment of a stock with a `shortfall`: run when too little is held
            to = self.ev(s.to, rt, f) if s.to is not None else None
            return rt.lose_short(who, s.resource, amount, to, where(s), self.tag(s.tag, rt, f))
        if s.to is not None:   # a transfer: the receiver gains what was lost
            return rt.lose_to(who, self.stock(s, rt, f), amount, self.ev(s.to, rt, f), where(s))
        if s.tag is not None and s.tag.action in self.hooked:   # a modifier of it may ask its holder (7.7d)
            return rt.lose_asking(who, self.stock(s, rt, f), amount, self.tag(s.tag, rt, f), where(s))
        if s.tag is not None:   # a tagged loss: the modifiers of its action change it
            rt.lose_for(who, self.stock(s, rt, f), amount, self.tag(s.tag, rt, f))
        else:
            rt.lose(who, self.stock(s, rt, f), amount)
        return ()

    def visit_Share(self, s, rt, f):
        players, amount = self.ev(s.among, rt, f), self.ev(s.amount, rt, f)   # as the compiled code reads them
        if s.odd is None:
            return rt.share_among(players, self.res(s.resource, rt, f, None), amount, where(s))
        return rt.share_among(players, self.res(s.resource, rt, f, None), amount, where(s), self.ev(s.odd, rt, f), False)

    def visit_Shift(self, s, rt, f):
        rt.shift(f.you, self.res(s.counter, rt, f, s.index), self.res(s.dest_counter, rt, f, s.dest_index),
                 self.ev(s.amount, rt, f))
        return ()

    def visit_LoseRandom(self, s, rt, f):
        to = self.ev(s.to, rt, f) if s.to is not None else None
        return rt.lose_at_random(f.you, s.group, self.ev(s.amount, rt, f), to, where(s))

    def visit_Pay(self, s, rt, f):
        if s.announce:   # `and emit`: once paid, the action is announced as `emit ACTION(args);` would
            return self._pay_announced(s, rt, f)
        if s.name is None:
            return rt.pay(f.you, self.cost(s.terms, rt, f), where(s), self.tag(s.tag, rt, f))
        return self._pay_into(s, rt, f)

    def _pay_announced(self, s, rt, f):
        if s.name is None:
            yield from rt.pay(f.you, self.cost(s.terms, rt, f), where(s), self.tag(s.tag, rt, f))
        else:
            yield from self._pay_into(s, rt, f)
        self.visit_Emit(s.announcement, rt, f)

    def _pay_into(self, s, rt, f):
        f.locals[s.name] = yield from rt.paid(f.you, self.cost(s.terms, rt, f), where(s), self.tag(s.tag, rt, f))

    def visit_Advance(self, s, rt, f):
        by = self.ev(s.by, rt, f) if s.by is not None else 1
        return rt.advance(f.you, self.res(s.track, rt, f), by, s.benefit, s.paying, where(s), s.bonus, s.rewards)

    def visit_Reactivate(self, s, rt, f):
        at = self.ev(s.space, rt, f) if s.space is not None else None
        return rt.reactivate(f.you, self.res(s.track, rt, f), s.bonus, at, where(s))

    def visit_Bonus(self, s, rt, f):
        at = self.ev(s.space, rt, f) if s.space is not None else None
        return rt.offer_bonus(f.you, self.res(s.track, rt, f), s.paying, at, where(s))

    def visit_Marker(self, s, rt, f):
        at = self.ev(s.space, rt, f) if s.space is not None else None
        if s.adds:
            rt.add_marker(f.you, self.res(s.track, rt, f), at)
            return ()
        return rt.remove_marker(f.you, self.res(s.track, rt, f), at, where(s))

    def visit_Regress(self, s, rt, f):
        rt.regress(f.you, self.res(s.track, rt, f), self.ev(s.by, rt, f) if s.by is not None else 1)
        return ()

    def visit_Choose(self, s, rt, f):
        if not s.any_order:
            return self._choose_once(s, rt, f, ())
        return self._choose_in_any_order(s, rt, f)

    def _choose_in_any_order(self, s, rt, f):
        done = set()
        while True:   # every option once, in the order chosen: a loop, counted against the step budget
            rt.step(where(s))
            choice = yield from self._choose_once(s, rt, f, done)
            if choice is None:
                return
            done.add(choice)

    def _choose_once(self, s, rt, f, done):
        """One choice among the options not `done`; returns the option taken (None: none available)."""
        opts, labels = [], option_labels(s)
        for i, o in enumerate(s.options):
            if i in done or not self.offered(o, rt, f):
                continue
            opts.append(i)
            if plain_text(o) is None:   # a label with values is worked out for an option offered, when it is asked
                labels[i] = self.prompt(o, rt, f)
        choice = yield from rt.choose(f.you, self.prompt(s, rt, f), labels, opts, where(s))
        if choice is not None:
            if s.options[choice].once:   # taken: not offered to this player again
                rt.once(f.you, self.sites[id(s.options[choice])])
            elif s.options[choice].rest is not None:   # `once per PATTERN`: not until PATTERN
                rt.period_used(f.you, self.sites[id(s.options[choice])])
            yield from self.run(s.options[choice].body, rt, f)
        return choice

    def offered(self, o, rt, f) -> bool:
        """Whether an option of a choose is offered now: `once` not yet taken, its guard holds, its
        leading cost can be paid. It reads and changes nothing (`can PROC(args)` asks it too)."""
        if o.once and not rt.once_open(f.you, self.sites[id(o)]):
            return False
        if o.rest is not None and not rt.period_open(f.you, self.sites[id(o)]):
            return False
        if o.guard is not None and not self.ev(o.guard, rt, f):
            return False
        cost = leading_cost(o.body)
        if cost:
            return rt.affordable(f.you, self.cost(cost, rt, f), self.tag(leading_tag(o.body), rt, f))
        gate = self.gates.get(id(o), False)
        if gate is False:   # paid first in a pick or by a proc called, a pick's candidate (layout.option_gate): once
            gate = self.gates[id(o)] = option_gate(o.body, self.sym)
        return gate is None or bool(self.ev(gate, rt, f))

    def visit_May(self, s, rt, f):
        if not s.repeated:
            if (yield from self._offer(s, rt, f)):
                yield from self.run(s.body, rt, f)
            else:
                yield from self.run(s.otherwise, rt, f)
            return
        while True:   # offered again after each time taken: a loop, counted against the step budget
            rt.step(where(s))
            if not (yield from self._offer(s, rt, f)):
                return
            yield from self.run(s.body, rt, f)

    def _offer(self, s, rt, f):
        """Offer a `may` once (its cost worked out now); returns whether it was taken."""
        cost = self.cost(s.cost, rt, f) if s.cost else None
        return (s.when is None or self.ev(s.when, rt, f)) and \
            (yield from rt.may(f.you, self.prompt(s, rt, f), cost, where(s), self.tag(s.tag, rt, f), s.repeated))

    def visit_While(self, s, rt, f):
        return self.leavable(s, self._labelled(s, self._while, rt, f) if s.loop_label is not None else self._while(s, rt, f))

    def _while(self, s, rt, f, lp=None):
        runs = self.deciding(s.cond)
        while ((yield from self.decided(s.cond, runs, rt, f)) if runs else self.ev(s.cond, rt, f)):
            rt.step(where(s))
            yield from self.run(s.body, rt, f)
            if lp is not None:
                lp.round_end()

    def visit_Repeat(self, s, rt, f):
        return self.leavable(s, self._labelled(s, self._repeat, rt, f) if s.loop_label is not None else self._repeat(s, rt, f))

    def _repeat(self, s, rt, f, lp=None):
        for _ in range(self.ev(s.count, rt, f)):
            rt.step(where(s))
            yield from self.run(s.body, rt, f)
            if lp is not None:
                lp.round_end()

    def visit_RepeatStable(self, s, rt, f):
        return self.leavable(s, self._labelled(s, self._repeat_stable, rt, f) if s.loop_label is not None
                             else self._repeat_stable(s, rt, f))

    def _repeat_stable(self, s, rt, f, lp=None):
        """`repeat until stable(...)`: a pass, then another while the last one changed a named value
        (the compiled code's _repeat_stable)."""
        names = tuple(n.id for n in s.names if n.id not in f.locals)
        local_names = [n.id for n in s.names if n.id in f.locals]
        before = None
        while True:
            now = rt.stable_values(names, *(f.locals[n] for n in local_names))
            if now == before:
                break
            before = now
            rt.step(where(s))
            yield from self.run(s.body, rt, f)
            if lp is not None:
                lp.round_end()

    def leavable(self, s, run):
        """A loop's run, ended by a `break` it takes (LeaveLoop; the compiled code's `leavable`); a loop
        without a `break` in it runs as it is."""
        leaves = self.leaves.get(id(s))
        if leaves is None:
            leaves = self.leaves[id(s)] = any(type(n) is A.Break for n in A.walk(s))
        return self._leaving(s, run) if leaves else run

    @staticmethod
    def _leaving(s, run):
        try:
            yield from run
        except LeaveLoop as left:
            if not left.leaves(getattr(s, "loop_label", None)):
                raise

    def visit_Break(self, s, rt, f):
        raise LeaveLoop(s.label)

    def _labelled(self, s, loop, rt, f):
        """A loop with a label (`repeat 5 as round`) runs inside its runtime Looping, each round ending
        with the check that `end game after LABEL;` did not mark it (the compiled code's label_open)."""
        with rt.looping(s.loop_label, where(s), self.per.get(s.loop_label, ())) as lp:
            yield from loop(s, rt, f, lp)

    def visit_ForEach(self, s, rt, f):
        loop = self._in_any_order if s.any_order else self._for_each
        return self.leavable(s, self._labelled(s, loop, rt, f) if s.loop_label is not None else loop(s, rt, f))

    def _in_any_order(self, s, rt, f, lp=None):
        left = list(self.domain(s, rt, f))
        while True:   # the player picks the next of the elements left for which the condition holds now
            rt.step(where(s))
            places = []
            for i, value in enumerate(left):
                f.locals[s.var] = value
                if s.where is None or self.ev(s.where, rt, f):
                    places.append(i)
            pick = rt.pick_alike if s.alike else rt.pick   # `alike`: copies nothing tells apart, asked once
            choice = yield from pick(f.you, self.prompt(s, rt, f), [left[i] for i in places], False, where(s))
            if choice is None:
                return
            f.locals[s.var] = left.pop(places[choice])
            yield from self.run(s.body, rt, f)
            if lp is not None:
                lp.round_end()

    def _for_each(self, s, rt, f, lp=None):
        for value in self.domain(s, rt, f):
            f.locals[s.var] = value
            if s.where is not None and not self.ev(s.where, rt, f):
                continue
            yield from self.run(s.body, rt, f)
            if lp is not None:
                lp.round_end()

    def visit_Each(self, s, rt, f):
        return self.leavable(s, self._labelled(s, self._each, rt, f) if s.loop_label is not None else self._each(s, rt, f))

    def _each(self, s, rt, f, lp=None):
        if s.settled:
            yield from self._settling(s, rt, f, lp)
            return
        for who in self.domain(s, rt, f):
            if who in rt.state.out:
                continue   # knocked out by the time their turn comes
            inner = f.with_you(who)
            if s.where is not None and not self.ev(s.where, rt, inner):
                continue
            yield from self.run(s.body, rt, inner)
            if lp is not None:
                lp.round_end()

    def _settling(self, s, rt, f, lp):
        """`each ... until settled`: the turns a runtime Settling gives, each counting against the step
        budget; the innermost such round of the effect is the locals' "#round", which `reopen;` reopens."""
        players = Settling(self.domain(s, rt, f))
        outer = f.locals.get("#round")
        f.locals["#round"] = players
        try:
            for who in players:
                if who in rt.state.out:
                    continue
                inner = f.with_you(who)
                if s.where is not None and not self.ev(s.where, rt, inner):
                    continue
                rt.step(where(s))
                yield from self.run(s.body, rt, inner)
                if lp is not None:
                    lp.round_end()
        finally:
            f.locals["#round"] = outer

    def visit_Reopen(self, s, rt, f):
        f.locals["#round"].reopen()
        return ()

    def deciding(self, cond) -> frozenset:
        """The nodes of an `if`/`while` condition that run a proc (layout.deciding), worked out once."""
        runs = self.runs.get(id(cond))
        if runs is None:
            runs = self.runs[id(cond)] = deciding(cond, self.sym)
        return runs

    def decided(self, e, runs: frozenset, rt, f):
        """A condition that runs a proc (`if claim(h) and ...`): a generator giving its value, its parts
        worked out left to right, `and`/`or` running their right side only when the left does not
        settle it, as the compiled `(yield from ...)` inside the Python condition does."""
        if id(e) not in runs:
            return self.ev(e, rt, f)
        if type(e) is A.Call:
            proc = self.sym.decls[e.func]
            args = [self.ev(a, rt, f) for a in self.arguments(proc, e.args)]
            return (yield from self.called(e, self.proc(proc, rt, f.you, args, self.faces_given(proc, e.args, rt, f)), rt))
        if type(e) is A.Unary:
            value = yield from self.decided(e.operand, runs, rt, f)
            return (not value) if e.op == "not" else -value
        left = yield from self.decided(e.left, runs, rt, f)
        if e.op == "and" and not left or e.op == "or" and left:
            return left
        right = yield from self.decided(e.right, runs, rt, f)
        if e.op in ("and", "or"):
            return right
        return BINARY[e.op](self.ordered_value(e.left, left, rt), self.ordered_value(e.right, right, rt))

    def ordered_value(self, e, value, rt):
        """An operand's value where one is ordered: a member as its place in its enum (`ordinal`)."""
        members = self.sym.ordered.get(id(e))
        return value if members is None else rt.ordinal(members, value)

    def visit_If(self, s, rt, f):
        chain = A.else_if_chain(s)
        runs = self.runs.get(id(s))
        if runs is None:   # the chain's, once: a plain `if` pays one lookup
            runs = self.runs[id(s)] = frozenset().union(*(self.deciding(branch.cond) for branch in chain))
        if runs:
            return self._deciding_if(chain, rt, f)
        for branch in chain:
            try:
                holds = self.ev(branch.cond, rt, f)
            except Exception as e:   # an `else if` condition fails at its own line, as compiled code does
                placed(e, branch)
                raise
            if holds:
                return self.run(branch.then, rt, f)
        return self.run(chain[-1].otherwise, rt, f)

    def _deciding_if(self, chain: list, rt, f):
        """An `if` chain a condition of which runs a proc: each condition only when the ones before
        it did not hold."""
        for branch in chain:
            try:
                holds = yield from self.decided(branch.cond, self.deciding(branch.cond), rt, f)
            except Exception as e:
                placed(e, branch)
                raise
            if holds:
                yield from self.run(branch.then, rt, f)
                return
        yield from self.run(chain[-1].otherwise, rt, f)

    def visit_Let(self, s, rt, f):
        return self.storing(s, rt, f, self._let)

    def _let(self, s, value, rt, f):
        f.locals[s.name] = value
        if id(s) in self.faces:   # a value read from faces: the items read, for a prompt that shows it
            f.locals[FACES + s.name] = self.face_items(self.faces[id(s)], rt, f)

    def face_items(self, items: tuple, rt, f) -> tuple:
        """The items whose faces a value reads (compiler/hidden.py): an expression's value, the items kept
        beside a face let, or those a func's call reads (its items read with its parameters given the call's
        arguments)."""
        found = []
        for o in items:
            if isinstance(o, str):
                found.extend(f.locals[FACES + o])
            elif type(o) is tuple:
                call, inner = o
                decl = self.sym.decls[call.func]
                values = [self.ev(a, rt, f) for a in self.arguments(decl, call.args)]
                found.extend(self.face_items(inner, rt, Frame(f.you, self.bound(decl, values))))
            else:
                found.append(self.ev(o, rt, f))
        return tuple(found)

    def storing(self, s, rt, f, store):
        """Run a `let` or `set`: `store(s, value, rt, f)` with its value, an expression's or a typed
        proc's result (the proc runs first, before the target's own parts)."""
        if type(s.value) is A.Valued and s.value.tag.action in self.hooked:   # a modifier of it may ask (7.7d)
            return self._store_asked(s, rt, f, store)
        proc = proc_result_call(s.value, self.sym)
        if proc is None:
            store(s, self.ev(s.value, rt, f), rt, f)
            return ()
        return self._store_result(s, proc, rt, f, store)

    def _store_asked(self, s, rt, f, store):
        e = s.value
        value = self.ev(e.value, rt, f)
        store(s, (yield from rt.valued_asking(f.you, value, self.tag(e.tag, rt, f), where(e))), rt, f)

    def _store_result(self, s, proc, rt, f, store):
        args = [self.ev(a, rt, f) for a in self.arguments(proc, s.value.args)]
        value = yield from self.called(s.value, self.proc(proc, rt, f.you, args, self.faces_given(proc, s.value.args, rt, f)), rt)
        if isinstance(s, A.Let) or isinstance(s, A.SetName) and \
                classify(s.name, f.locals, f.this is not None, f.it_mode, self.sym)[0] == "local":
            value = rt.kept(s.name, value)
        store(s, value, rt, f)

    def visit_MatchStmt(self, s, rt, f):
        subject = self.ev(s.subject, rt, f)
        for arm in s.arms:
            if self.matches(subject, arm.values, rt, f):
                return self.run(arm.body, rt, f)
        return self.run(s.otherwise or (), rt, f)

    def visit_Return(self, s, rt, f):
        if s.value is None:   # `return;`: the proc ends here
            raise ProcReturn(None)
        if proc_result_call(s.value, self.sym) is None:   # a value of its own, not a proc's passed on
            rt.returned()
        return self.storing(s, rt, f, self._return)

    @staticmethod
    def _return(_s, value, _rt, _f):
        raise ProcReturn(value)

    def visit_SetName(self, s, rt, f):
        return self.storing(s, rt, f, self._set_name)

    def _set_name(self, s, value, rt, f):
        how, _ = classify(s.name, f.locals, f.this is not None, f.it_mode, self.sym)
        if how == "local" and id(s) not in self.sym.through:   # (through a `counter` parameter: the counter it names)
            f.locals[s.name] = rt.bounded(value)
            if id(s) in self.faces:   # a value read from faces: the items read, for a prompt that shows it
                f.locals[FACES + s.name] = self.face_items(self.faces[id(s)], rt, f)
        elif how == "gvar" and s.name in self.remembered:   # its position's hash follows (and a `set` pattern hears it)
            rt.set_remembered(self.res(s.name, rt, f, s.index), value, f.you)
        elif how in ("var", "gvar") and s.name in self.heard:   # `whenever you set(pawn)` listens: announced
            rt.set_heard_var(f.you if how == "var" else None, self.res(s.name, rt, f, s.index), value, f.you)
        elif how in ("var", "gvar"):
            rt.set_var(f.you if how == "var" else None, self.res(s.name, rt, f, s.index), value)
        else:
            rt.set_stock(f.you, self.res(s.name, rt, f, s.index), value)

    def visit_Take(self, s, rt, f):
        """`take X from LIST;`: the list without its first copy of X, set as `set LIST = ...;` sets it."""
        value = rt.take_one(self.ev(s.list, rt, f), self.ev(s.value, rt, f), where(s))
        self._set_name(A.SetName(s.list.id, s.value, None, span=s.span), value, rt, f)
        return ()

    def visit_SetAttr(self, s, rt, f):
        return self.storing(s, rt, f, self._set_attr)

    def _set_attr(self, s, value, rt, f):
        if id(s) in self.sym.member_fields:   # `set c.cost[g] = ...;` one member's field
            name = self.element(member_field(s.name), self.ev(s.index, rt, f), rt, f)
        else:
            name = self.res(s.name, rt, f, s.index) if s.index is not None else s.name
        if id(s) in self.sym.face_sets:   # a die kept as a piece turned to a face worked out in play
            rt.set_face(self.ev(s.obj, rt, f), name, value, self.sym.face_sets[id(s)])
            return
        if s.name in self.heard:   # `set p.pawn = c;` heard: announced
            rt.set_heard_field(self.ev(s.obj, rt, f), name, value, f.you)
        else:
            rt.set_field(self.ev(s.obj, rt, f), name, value)

    def visit_CallStmt(self, s, rt, f):
        decl = self.sym.decls[s.func]
        args = [self.ev(a, rt, f) for a in self.arguments(decl, s.args)]
        if isinstance(decl, A.Extern):
            return self.called(s, KERNELS[s.func].fn(rt, f.you, *args), rt)
        return self.called(s, self.proc(decl, rt, f.you, args, self.faces_given(decl, s.args, rt, f)), rt)

    def called(self, node, run, rt):
        """A call's run (its generator), inside `rt.untold_call` when it is made under a condition on hidden cards
        (compiler/hidden.py `untold_calls`: its questions are untold), as the compiled call is."""
        return rt.untold_call(run) if id(node) in self.untold_calls else run

    def faces_given(self, proc, args: tuple, rt, f) -> dict | None:
        """The items each argument read from faces gives a parameter of `proc` (compiler/hidden.py; none when it
        is open), by the parameter's name; None for a proc no call gives such a value."""
        names = self.faces.get(id(proc))
        if not names:
            return None
        at = {p.name: i for i, p in enumerate(proc.params)}
        return {name: self.face_items(self.faces.get(id(args[at[name]]), ()), rt, f) if at[name] < len(args) else ()
                for name in names}

    def proc(self, decl: A.Proc, rt, you, args, faces: dict | None = None):
        """Run a proc: a call of a recursive one counts a step against the budget and is one level of
        nesting while it runs (`rt.enter`), so recursion cannot run away, at the same call on both backends."""
        depth = None
        if decl.name in self.recursive:
            rt.step(where(decl))
            depth = rt.enter()
        try:
            if decl.once_per is not None:   # `once per c`: skipped when c was visited in the chain running
                values = self.bound(decl, args)
                chain = rt.once_per(decl.name, tuple(values[k] for k in decl.once_per), where(decl))
                if chain is None:
                    return None
                with chain:
                    yield from self.body_of(decl, rt, you, args, faces)
            else:
                yield from self.body_of(decl, rt, you, args, faces)
        except ProcReturn as given:
            return given.value
        finally:
            if depth is not None:
                rt.leave(depth)
        return rt.ended_without_return(decl.name) if decl.returns is not None else None

    def body_of(self, decl: A.Proc, rt, you, args, faces: dict | None = None):
        """A proc's body run for a call (inside `rt.running` for a proc an `until end of` or a counter's `per` names);
        `faces`: the items the values given its parameters read from faces (masked unless a call says, see `faces_given`)."""
        watched = decl.name in self.ended or decl.name in self.per   # an `until end of` or a `per` names it
        local = self.bound(decl, args)
        if self.faces:   # (a pack without zones seen item by item has none: nothing more to look up)
            for name in self.faces.get(id(decl), ()):
                local[FACES + name] = faces[name] if faces is not None else (None,)
        with rt.running(decl.name, self.per.get(decl.name, ())) if watched else nullcontext():
            yield from self.run(decl.body, rt, Frame(you, local))

    def keep(self, where, rt, f):
        """The `where COND` of a `draw` or a `move all of` as a test of one item, `it` (None without one)."""
        if where is None:
            return None
        return lambda entity: self.ev(where, rt, Frame(f.you, f.locals, f.this, entity, "entity"))

    def visit_Draw(self, s, rt, f):
        if s.until is not None:
            return self.leavable(s, self._draw_until(s, rt, f))
        drawn = rt.draw(f.you, self.ev(s.source, rt, f), self.ev(s.dest, rt, f), self.ev(s.count, rt, f),
                        self.keep(s.where, rt, f), top=s.top)
        if s.name is not None:
            f.locals[s.name] = rt.first(drawn) if s.single else drawn   # `draw one`: the card, or none
        return ()

    def _draw_until(self, s, rt, f):
        """`draw from Z to W until COND [each VAR { ... }]` (the compiled code's `_draw_until`)."""
        runs = self.deciding(s.until)
        while not ((yield from self.decided(s.until, runs, rt, f)) if runs else self.ev(s.until, rt, f)):
            rt.step(where(s))
            drawn = rt.draw(f.you, self.ev(s.source, rt, f), self.ev(s.dest, rt, f), 1, self.keep(s.where, rt, f),
                            top=s.top)
            if not drawn:
                break
            if s.var is not None:
                f.locals[s.var] = drawn[0]
            if s.body:
                yield from self.run(s.body, rt, f)

    def visit_Move(self, s, rt, f):
        if s.known is not None:   # `move c to top of deck known [to PLAYERS];`
            item, dest = self.ev(s.item, rt, f), self.ev(s.dest, rt, f)
            to = () if s.known_to is None else (self.ev(s.known_to, rt, f),)
            depth = None if s.depth is None else self.ev(s.depth, rt, f)   # (the order the compiled call reads them)
            rt.move_known(f.you, item, dest, s.known or "bottom", *to, depth=depth)
            return ()
        if s.depth is not None:   # `move c to deck at N from top;`
            item, dest = self.ev(s.item, rt, f), self.ev(s.dest, rt, f)
            rt.move_at(f.you, item, dest, self.ev(s.depth, rt, f), s.depth_from)
            return ()
        rt.move(self.ev(s.item, rt, f), self.ev(s.dest, rt, f), None if s.bottom else s.top)
        return ()

    def visit_MoveAll(self, s, rt, f):
        source, dest = self.ev(s.source, rt, f), self.ev(s.dest, rt, f)
        depth = None if s.depth is None else (self.ev(s.depth, rt, f), s.depth_from)
        rt.move_all(f.you, source, dest, None if s.bottom else s.top, self.keep(s.where, rt, f), depth)
        return ()

    def visit_Swap(self, s, rt, f):
        rt.swap(f.you, self.ev(s.zone, rt, f), self.ev(s.other, rt, f), s.unseen)
        return ()

    def visit_PassOn(self, s, rt, f):
        # each player still in, as `you`: their zone and the player it goes to
        rt.pass_on(f.you, [(self.ev(s.zone, rt, f.with_you(who)), self.ev(s.to, rt, f.with_you(who)))
                           for who in rt.players()])
        return ()

    def visit_Deal(self, s, rt, f):
        count = None if s.count is None else self.ev(s.count, rt, f)
        receivers = rt.players() if s.start is None else rt.players_from(self.ev(s.start, rt, f))
        dealt = None if s.body is None else []
        rt.deal(f.you, count, self.ev(s.source, rt, f), [(who, self.ev(s.dest, rt, f.with_you(who))) for who in receivers],
                dealt, 1 if s.packet is None else self.ev(s.packet, rt, f))
        for who, card in dealt or ():   # each card dealt, in the order dealt, as its receiver
            inner = f.with_you(who)
            inner.locals[s.receiver], inner.locals[s.var] = who, card
            yield from self.run(s.body, rt, inner)

    def visit_SetAside(self, s, rt, f):
        item, until = self.ev(s.item, rt, f), self.ending(s.until, rt, f)
        rt.set_aside(f.you, item, until, None if s.dest is None else self.ev(s.dest, rt, f), s.top,
                     self.keep(s.where, rt, f))
        return ()

    def visit_EndGame(self, s, rt, f):
        reason = None if s.reason is None else self.reason(s, rt, f)
        if s.by is not None:   # `end game won by P;` / `lost by P`
            rt.end_game_by(self.ev(s.by, rt, f), s.lost, where(s), reason)
        if s.drawn:   # `end game drawn;`
            rt.end_game_drawn(where(s), reason)
        rt.end_game(where(s)) if reason is None else rt.end_game(where(s), reason)

    def visit_EndAfter(self, s, rt, f):
        rt.end_after(s.label, where(s), None if s.reason is None else self.reason(s, rt, f))
        return ()

    def reason(self, s, rt, f) -> str:
        """An `end game` reason: as written, or with its values filled in (as the compiled code joins them)."""
        return "".join(self.text_parts(s.reason_parts, rt, f)) if s.reason_parts else s.reason

    def visit_Split(self, s, rt, f):
        zone = self.ev(s.zone, rt, f)
        piles = rt.split_piles(f.you, zone, self.ev(s.count, rt, f), where(s))
        try:
            for pile in piles:
                f.locals[s.pile] = pile
                yield from self.run(s.body, rt, f)
        finally:
            rt.stack_piles(f.you, zone, piles, where(s))

    def visit_Shuffle(self, s, rt, f):
        rt.shuffle(self.ev(s.zone, rt, f))
        return ()

    def visit_Fill(self, s, rt, f):
        if s.kind is None:   # `fill market;`: lays out a display (`fill row;` each element, `fill row[2];` one)
            rt.lay_out(f.you, self.display_name(s.zone, rt, f), where(s))
            return ()
        def keep(entity):
            return self.ev(s.where, rt, Frame(f.you, f.locals, f.this, entity, "entity"))
        rt.fill(self.ev(s.zone, rt, f), s.kind, keep if s.where is not None else None)
        return ()

    def display_name(self, zone, rt, f) -> str:
        """A display's name as `fill NAME;` and `hold NAME { ... }` give it to the runtime: `row`, `row[2]`."""
        return zone.id if type(zone) is A.Name else self.ev(zone, rt, f).name

    def visit_Hold(self, s, rt, f):
        return self._hold(s, rt, f)

    def _hold(self, s, rt, f):
        # laid out (s.laid_out()'s `fill`) when the block is left: its end, a `return` or a `break` (engine.Held)
        with rt.holding(f.you, self.display_name(s.zone, rt, f), where(s)):
            yield from self.run(s.body, rt, f)

    def visit_Reset(self, s, rt, f):
        rt.reset(*self.sym.resets[id(s)])
        return ()

    def visit_Flip(self, s, rt, f):
        rt.flip(self.ev(s.item, rt, f))
        return ()

    def visit_Roll(self, s, rt, f):
        if id(s) in self.sym.piece_rolls:   # dice kept as pieces: `roll x;`, `roll all of ZONE;`
            if s.source is not None:
                return rt.roll_all(f.you, self.ev(s.source, rt, f), self.keep(s.where, rt, f))
            rolled = rt.roll_piece(f.you, self.ev(self.implied_name(s, s.die), rt, f))
            return rolled if s.name is None else self._roll_into(s, rolled, f)
        die = f.locals[s.die] if s.die in f.locals else s.die   # a die parameter holds the die's name
        if s.name is None:
            return rt.roll(f.you, die)
        if s.count is not None:   # `let a = roll 3 d6;`
            return self._roll_into(s, rt.roll_many(f.you, die, self.ev(s.count, rt, f)), f)
        return self._roll_into(s, rt.roll(f.you, die), f)

    def _roll_into(self, s, rolled, f):
        f.locals[s.name] = yield from rolled

    def standing(self, s, rt, f: Frame) -> tuple:
        """What a trigger or modifier saves when registered: its locals (and `this`), and its `until`."""
        env = {n: f.locals[n] for n in self.captures[id(s)]}
        if f.this is not None:
            env["this"] = f.this
        return env, self.ending(s.until, rt, f)

    def ending(self, p, rt, f: Frame) -> "tuple | None":
        """An `until` or `once per` pattern as saved: (subject mode, event, filters), 'anyone' unless written;
        the ends of `until A or B` a tuple of those, worked out in order."""
        ends = tuple(rt.until_end(end.event, where(end)) if end.end   # the running call or round it names
                     else (subject_mode(end, "anyone"), end.event, self.filters(end, rt, f)) for end in A.endings(p))
        return None if not ends else ends[0] if len(ends) == 1 else ends

    def visit_Whenever(self, s, rt, f):
        env, until = self.standing(s, rt, f)
        rest = (self.ending(s.rest, rt, f),) if s.rest is not None else ()
        rt.register(f.you, self.sites[id(s)], subject_mode(s.pattern), s.pattern.event,
                    self.filters(s.pattern, rt, f), s.once,
                    until, env, *rest)
        return ()

    def visit_Modifier(self, s, rt, f):
        env, until = self.standing(s, rt, f)
        live = id(s) in self.live_modifiers   # a card's modifier: an amount that reads the game is worked out at each use
        adjustments = [(a.what, a.op, self.cost(a.terms, rt, f)) if a.what == "cost" else
                       (a.what, a.op, "live") if live and is_live(a) else
                       (a.what, a.op, self.ev(a.amount, rt, f)) if a.what in ("gain", "lose", "value") else (a.what,)
                       for a in s.adjustments]
        rt.modify(f.you, self.sites[id(s)], subject_mode(s.pattern), s.pattern.event, self.filters(s.pattern, rt, f), s.once,
                  until, env, s.cond is not None, adjustments)
        return ()

    def filters(self, p: A.Pattern, rt, f: Frame) -> dict:
        """The argument filters of an event pattern, evaluated when the trigger is registered."""
        return {key: (rt.is_filter(value) if type(value) is str else rt.is_filter(*value)) if how == "is" else value if how == "const" else
                self.element(value[0], self.ev(value[1], rt, f), rt, f) if how == "element" else self.ev(value, rt, f)
                for key, how, value in pattern_filters(p, self.sym)}

    def visit_Emit(self, s, rt, f):
        decl = self.sym.decls[s.event]
        rt.emit(s.event, f.you, {p.name: self.ev(event_arg(s.event, p.name, a, self.sym), rt, f)
                                 for p, a in zip(decl.params, s.args)})
        return ()

    def visit_Window(self, s, rt, f):
        return rt.window(f.you, where(s), s.name)

    def visit_Copy(self, s, rt, f):
        return rt.run_slot(f.you, self.ev(s.ref.obj, rt, f), s.ref.name, where(s), *self.slot_args(s.ref, copy_args(s, self.sym), rt, f))

    def slot_args(self, ref, args, rt, f) -> list:
        """A slot's arguments (`copy c.demand(by = you);`) in its parameters' order (as compiled)."""
        return [self.ev(a, rt, f) for a in slot_args(self.sym.slot_fields.get(ref.span), args)]

    def visit_Once(self, s, rt, f):
        if rt.once(f.you, self.sites[id(s)]):
            return self.run(s.body, rt, f)
        return ()

    def visit_Tagged(self, s, rt, f):
        if rt.unforbidden(f.you, self.tag(s.tag, rt, f)):
            return self.run(s.body, rt, f)
        return ()

    def visit_Rank(self, s, rt, f):
        ranked = [p for p in self.domain(s, rt, f)
                  if s.where is None or self.ev(s.where, rt, f.with_you(p))]
        keys = [self.ev(s.key, rt, f.with_you(p)) for p in ranked]
        rt.rank(ranked, keys, [self.ev(p, rt, f) for p in s.prizes], s.resource, s.ties)
        return ()

    def visit_Pick(self, s, rt, f):
        if s.count is not None:   # `let n = pick ...;`: the picks made, counted as each is made
            f.locals[s.count] = 0
        if not s.repeated:
            return self._pick_once(s, rt, f)
        return self._pick_repeatedly(s, rt, f)

    def _pick_repeatedly(self, s, rt, f):
        # up to N: at most N picks, each of an element not picked before (`repeatedly`: no limit);
        # at least M: each of an element not picked before, no "none" before M picks; budget N: what is
        # left of N, in a one-element list the pick spends from
        left = self.ev(s.limit, rt, f) if s.limit is not None else None
        picked = [] if s.limit is not None or s.least is not None else None
        least = self.ev(s.least, rt, f) if s.least is not None else None
        funds = [self.ev(s.budget, rt, f)] if s.budget is not None else None
        search = ({}, []) if s.longest else None   # `longest`: (the positions searched, the best key so far)
        while True:   # asked again after each pick: a loop, counted against the step budget
            rt.step(where(s))
            if left is not None and left <= 0:
                return
            if not (yield from self._pick_once(s, rt, f, picked, least, funds, search)):
                return
            if left is not None:
                left -= 1

    def _candidates(self, s, rt, f, picked=None, funds=None) -> list:
        """A pick's candidates in the state as it is: its domain, `where`, cost, `or blind`, `fewest`/`most`."""
        cands, taken = [], None
        if s.distinct is not None and picked:   # `different by FIELD`: the FIELDs picked so far, none offered again
            taken = []
            for value in picked:
                f.locals[s.var] = value
                taken.append(self.ev(s.distinct, rt, f))
        for value in self.domain(s, rt, f):
            f.locals[s.var] = value
            if (picked is None or s.repeats or value not in picked) and (s.where is None or self.ev(s.where, rt, f)) \
                    and (funds is None or self.ev(s.cost, rt, f) <= funds[0]) \
                    and (taken is None or self.ev(s.distinct, rt, f) not in taken):
                cands.append(value)
        if s.blind is not None:   # `or blind ZONE`: its unseen top card, the last candidate, when the filters hold
            self.unseen_candidate(s, rt, f, cands, funds)
        if s.best is not None:   # `fewest KEY` / `most KEY`: the candidates with the best key, every tie
            keys = []
            for value in cands:
                f.locals[s.var] = value
                keys.append(self.ordinal(s.best, rt, f))   # a member by its place, a list item by item
            cands = rt.best_of(cands, keys, s.best_most)
        return cands

    def _longest(self, s, rt, f, cands: list, search) -> list:
        """`repeated longest [, then highest KEY]`: the candidates that begin a longest run (Game.longest_of), the
        body run for each on a frame of its own (the checker's E540 keeps it from setting the block's locals)."""
        def scratch(value):
            inner = Frame(f.you, dict(f.locals), f.this, f.it, f.it_mode)
            inner.locals[s.var] = value
            return inner

        def body(value):
            return self.run(s.body, rt, scratch(value))

        def key(value):
            return self.ev(s.longest_key, rt, scratch(value))
        return rt.longest_of(cands, lambda: self._candidates(s, rt, scratch(None)), body,
                             key if s.longest_key is not None else None, s.longest_lowest, search[1], search[0],
                             where(s))

    def _pick_once(self, s, rt, f, picked=None, least=None, funds=None, search=None):
        """One pick (never of an element of `picked`, to which it adds its pick; "none" only once
        `least` picks are made; only of a candidate whose cost fits in `funds`, which it spends; with
        `search`, `longest`'s, only of a candidate beginning a longest run); returns whether something
        was picked."""
        cands = self._candidates(s, rt, f, picked, funds)
        if search is not None:
            cands = self._longest(s, rt, f, cands, search)
        labels = None
        if s.label is not None:   # each candidate's label, worked out with it as the picked variable
            labels = []
            for value in cands:
                f.locals[s.var] = value
                # (the unseen card's own label: nothing of it can be shown)
                labels.append(value.label() if type(value) is rt.Unseen else self.filled(s.label, s.label_parts, rt, f))
        optional = s.declined or s.optional or (s.repeated and not s.exactly and s.budget is None and not s.compulsory)
        if s.optional_when is not None:   # "none" only when the condition holds, worked out before asking
            optional = bool(self.ev(s.optional_when, rt, f)) and (s.declined or True)
        elif least is not None:   # at least M: "none" once M picks are made
            optional = len(picked) >= least
        if s.random:   # the seeded RNG picks: nobody is asked
            choice = rt.pick_random(f.you, cands, s.var, bool(s.otherwise))
        else:
            pick = rt.pick_alike if s.alike else rt.pick   # `alike`: copies nothing tells apart, one option
            asked = self.prompt(s, rt, f)
            if least is not None:   # how many more are due, while some are
                asked = rt.least_prompt(asked, len(picked), least)
            elif funds is not None:   # what is left to spend
                asked = rt.budget_prompt(asked, funds[0])
            choice = yield from pick(f.you, asked, cands, optional, where(s), labels, bool(s.otherwise))
        if choice is not None:
            f.locals[s.var] = cands[choice]
            if s.count is not None:
                f.locals[s.count] += 1
            if search is not None and s.longest_key is not None:   # the best key of the picks so far
                rt.longest_seen(search[1], self.ev(s.longest_key, rt, f), s.longest_lowest)
            if funds is not None:   # its cost, worked out as it was offered (before the body runs)
                funds[0] -= rt.spent(self.ev(s.cost, rt, f), where(s))
            if s.blind is not None:   # the unseen card's own, drawn now
                f.locals[s.var] = rt.take_unseen(f.you, cands[choice], where(s))
            if picked is not None:
                picked.append(f.locals[s.var])
            yield from self.run(s.body, rt, f)
            if s.blind is not None:   # a blind card the body left in no zone goes back on top of its zone
                rt.kept_unseen(f.locals[s.var], cands[choice])
            return True
        yield from self.run(s.otherwise, rt, f)
        return False

    def blind_zones(self, s) -> tuple:
        """The zones a pick's `or blind` offers the tops of, worked out once (the nodes made for an indexed zone's
        zones are kept, so nothing keyed by a node's id ever meets another node at the same address)."""
        zones = self.blinds.get(id(s))
        if zones is None:
            zones = self.blinds[id(s)] = blind_zones(s.blind, self.sym)
        return zones

    def unseen_candidate(self, s, rt, f, cands: list, funds=None) -> None:
        """`or blind ZONE`: each zone's unseen top card appended to a pick's candidates, in order, when it has one
        and the `where` and the cost (read of it only where it is told apart: the checker's E524) hold for it."""
        for zone in self.blind_zones(s):
            value = rt.unseen(self.ev(zone, rt, f))
            if value is None:
                continue
            f.locals[s.var] = value
            if (s.where is None or self.ev(s.where, rt, f)) and (funds is None or self.ev(s.cost, rt, f) <= funds[0]):
                cands.append(value)

    def visit_Simultaneous(self, s, rt, f):
        return self.leavable(s, self._simultaneous(s, rt, f))

    def _simultaneous(self, s, rt, f):
        p = s.pick
        seats = [who for who in self.domain(s, rt, f) if s.where is None or self.ev(s.where, rt, f.with_you(who))]
        each = None   # `for each U in ELEMENTS`: each seat's elements, then one pick per element
        if s.each_var is not None:
            each = []
            for who in seats:
                inner, elements = f.with_you(who), []
                for element in self.domain(s, rt, inner, s.each_domain):
                    inner.locals[s.each_var] = element
                    if s.each_where is None or self.ev(s.each_where, rt, inner):
                        elements.append(element)
                each.append(elements)

        def per_seat(work):   # work(frame) for each seat (and each of its elements), as the compiled code
            out = []
            for i, who in enumerate(seats):
                inner = f.with_you(who)
                if each is None:
                    out.append(work(inner, i))
                    continue
                mine = []
                for j, element in enumerate(each[i]):
                    inner.locals[s.each_var] = element
                    mine.append(work(inner, (i, j)))
                out.append(mine)
            return out

        def offered(inner, _at):   # the candidates of one pick
            mine = []
            for value in self.domain(p, rt, inner):
                inner.locals[p.var] = value
                if p.where is None or self.ev(p.where, rt, inner):
                    mine.append(value)
            if p.blind is not None:   # (never with `for each`, E529) the seat's candidates end with the unseen top card
                self.unseen_candidate(p, rt, inner, mine)
            return mine

        cands = per_seat(offered)
        # a prompt with values: each seat's, worked out with that seat as `you` (and each element)
        prompt = self.prompt(p, rt, f) if plain_text(p) is not None and each is None else \
            per_seat(lambda inner, _at: self.prompt(p, rt, inner))
        # `up to N` / `exactly N`: each seat's N, worked out with that seat as `you`
        limits = None if p.limit is None else [self.ev(p.limit, rt, f.with_you(who)) for who in seats]
        # `at least M`: each seat's M, likewise
        minima = None if p.least is None else [self.ev(p.least, rt, f.with_you(who)) for who in seats]
        labels = None
        if p.label is not None:   # `as "..."`: each candidate's label, worked out with it picked

            def named(inner, at):
                out = []
                for value in (cands[at] if each is None else cands[at[0]][at[1]]):
                    inner.locals[p.var] = value
                    out.append(self.filled(p.label, p.label_parts, rt, inner))
                return out
            labels = per_seat(named)
        distinct = None
        if p.distinct is not None:   # `different by FIELD` (never with `for each`, E529): each candidate's FIELD

            def field_of(inner, value):
                inner.locals[p.var] = value
                return None if type(value) is rt.Unseen else self.ev(p.distinct, rt, inner)
            distinct = [[field_of(f.with_you(who), value) for value in mine] for who, mine in zip(seats, cands)]
        chosen = yield from rt.simultaneous(seats, prompt, cands, p.optional, where(s), limits, p.exactly,
                                            minima=minima, labels=labels, each=each, repeats=p.repeats,
                                            distinct=distinct)
        if p.claim_key is not None:   # `best by KEY`: the best pick alone, each pick's key worked out as its picker
            keys = []
            for who, value in chosen:
                inner = f.with_you(who)
                if each is not None:
                    inner.locals[s.each_var], value = value
                inner.locals[p.var] = value
                keys.append(self.ordinal(p.claim_key, rt, inner))   # a member by its place
            chosen = rt.best_claim(chosen, keys, None if p.claim_from is None else self.ev(p.claim_from, rt, f),
                                   each is not None)
        for who, value in chosen:
            if who in rt.state.out:
                continue   # knocked out by an earlier player's body
            inner = f.with_you(who)
            if each is not None:
                inner.locals[s.each_var], value = value
            inner.locals[p.var] = value
            yield from self.run(p.body, rt, inner)
            if p.blind is not None:   # a blind card the body left in no zone goes back on top of its zone
                rt.kept_unseen(value, self.ev(self.blind_zones(p)[0], rt, inner))

    def visit_Auction(self, s, rt, f):
        bidders = [who for who in self.domain(s, rt, f)
                   if s.where is None or self.ev(s.where, rt, f.with_you(who))]
        # a prompt with values: each bidder's, worked out with that bidder as `you`
        prompt = self.prompt(s, rt, f) if plain_text(s) is not None else \
            [self.prompt(s, rt, f.with_you(who)) for who in bidders]
        start = f.you if s.start is None else self.ev(s.start, rt, f)
        low = (None if s.held else 1) if s.low is None else self.ev(s.low, rt, f)   # over each: the lowest held
        step = 1 if s.step is None else self.ev(s.step, rt, f)
        # each bidder's most, as `you` (over calls without `up to`: none, every call)
        most = [None if s.most is None else self.ev(s.most, rt, f.with_you(who)) for who in bidders]
        calls = None if s.calls is None or s.held else list(self.domain(s, rt, f, s.calls))
        # over each HOLDINGS: each bidder's numbers, as `you`
        held = [list(self.domain(s, rt, f.with_you(who), s.calls)) for who in bidders] if s.held else None
        passes = [] if s.passer is not None else None
        made = [] if s.bidder is not None else None
        mode = s.mode if s.form is None else rt.auction_form(self.ev(s.form, rt, f), where(s))
        doubling = 0 if s.doubling is None else self.ev(s.doubling, rt, f)
        won = yield from rt.auction(bidders, start, mode, s.opening, low, step, most, prompt, where(s), passes, calls,
                                    made, held, doubling)
        # each bidder who passed, in the order they passed, then each bid in the order made, as its bidder
        for bid_list, bidder, bid_name, block in ((passes, s.passer, s.passed_bid, s.passed),
                                                  (made, s.bidder, s.bid_made, s.bids)):
            for who, bid in bid_list or ():
                inner = f.with_you(who)
                inner.locals[bidder], inner.locals[bid_name] = who, bid
                yield from self.run(block, rt, inner)
        if won is None:
            yield from self.run(s.otherwise, rt, f)
            return
        inner = f.with_you(won[0])
        inner.locals[s.winner], inner.locals[s.price] = won[:2]
        if s.stakes is not None:
            inner.locals[s.stakes] = won[2]
        yield from self.run(s.body, rt, inner)

    def visit_Offer(self, s, rt, f):
        asked = [who for who in self.domain(s, rt, f) if s.where is None or self.ev(s.where, rt, f.with_you(who))]
        start = None if s.start is None else self.ev(s.start, rt, f)
        partner = yield from rt.deal_offer(f.you, asked, start, s.mode, self.prompt(s, rt, f), OFFER_CHOOSE_PROMPT,
                                      where(s))
        if partner is None:
            yield from self.run(s.otherwise, rt, f)
            return
        f.locals[s.partner] = partner   # the body runs as the offerer
        yield from self.run(s.body, rt, f)

    def visit_FirstMay(self, s, rt, f):
        def bound(who):   # `you` stays the acting player; VAR is each one asked
            f.locals[s.var] = who
            return f
        able = None
        if s.asked:   # `always asked`: the whole list, and whether `where` holds for each
            asked = list(self.domain(s, rt, f))
            able = [s.where is None or bool(self.ev(s.where, rt, bound(who))) for who in asked]
        else:
            asked = [who for who in self.domain(s, rt, f) if s.where is None or self.ev(s.where, rt, bound(who))]
        prompt = self.prompt(s, rt, f) if plain_text(s) is not None else [self.prompt(s, rt, bound(who)) for who in asked]
        costs = None
        if s.cost:   # (none for one who may only decline: the cost may read what `where` checked)
            costs = [self.cost(s.cost, rt, bound(who)) if able is None or able[i] else None
                     for i, who in enumerate(asked)]
        taker = yield from rt.ask_first(f.you, asked, prompt, costs, where(s), able)
        if taker is None:
            yield from self.run(s.otherwise, rt, f)
            return
        f.locals[s.var] = taker
        yield from self.run(s.body, rt, f)

    def visit_GiveRole(self, s, rt, f):
        role = s.role   # a role's name as its name, or a value holding a role (a local, `c.role`, ...)
        role = role.id if type(role) is A.Name and role.id in self.sym.roles else self.ev(role, rt, f)
        rt.give_role(self.ev(s.who, rt, f), role)
        return ()

    def visit_Eliminate(self, s, rt, f):
        knock = rt.restore if s.restore else rt.retire if s.retire else rt.eliminate
        if s.who is None:
            knock(f.you)
        else:
            knock(f.you, self.ev(s.who, rt, f))
        return ()

    def visit_Reveal(self, s, rt, f):
        to = () if s.to is None else (self.ev(s.to, rt, f),)
        if s.top is not None:   # `reveal top N of ZONE [to PLAYERS];`
            rt.learn_top(f.you, self.ev(s.item, rt, f), self.ev(s.top, rt, f), False, *to)
            return ()
        if id(s) in self.sym.field_reveals and type(s.item) is A.Binary:   # whether it has a value: `reveal c.colour == red;`
            rt.reveal_is(f.you, self.ev(s.item.left.obj, rt, f), s.item.left.name, self.ev(s.item.right, rt, f), *to)
        elif id(s) in self.sym.field_reveals:   # one field of a card: `reveal c.colour;`
            rt.reveal_field(f.you, self.ev(s.item.obj, rt, f), s.item.name, *to)
        elif item_at(s.item, self.sym, f.locals):   # `reveal key[i];`: the card and its place
            rt.learn_at(f.you, self.ev(s.item.obj, rt, f), self.ev(s.item.index, rt, f), False, where(s.item), *to)
        else:
            rt.reveal(f.you, self.ev(s.item, rt, f), *to)
        return ()

    def visit_Look(self, s, rt, f):
        if s.top is not None:   # `look top N of ZONE;`
            rt.learn_top(f.you, self.ev(s.item, rt, f), self.ev(s.top, rt, f), True)
            return ()
        if id(s) in self.sym.field_reveals and type(s.item) is A.Binary:
            rt.look_is(f.you, self.ev(s.item.left.obj, rt, f), s.item.left.name, self.ev(s.item.right, rt, f))
        elif id(s) in self.sym.field_reveals:
            rt.look_field(f.you, self.ev(s.item.obj, rt, f), s.item.name)
        elif item_at(s.item, self.sym, f.locals):
            rt.learn_at(f.you, self.ev(s.item.obj, rt, f), self.ev(s.item.index, rt, f), True, where(s.item))
        else:
            rt.look(f.you, self.ev(s.item, rt, f))
        return ()

    def visit_Say(self, s, rt, f):
        rt.say(None if s.as_game else f.you, s.value_marks, *[p if isinstance(p, str) else self.ev(p, rt, f) for p in s.parts])
        return ()

    def text_parts(self, parts: tuple, rt, f) -> list[str]:
        """A text's literal parts and its values as texts (shown by rt.text, as the compiled code does)."""
        return [p if isinstance(p, str) else rt.text(self.ev(p, rt, f)) for p in parts]

    def prompt(self, s, rt, f) -> str:
        """A decision's prompt or an option's label: as written when it shows no values, else filled in now."""
        text = plain_text(s)
        if text is None:
            return self.filled(s.title, s.title_parts, rt, f)
        return text or default_prompt(s)   # an option's label is asked here only when it has values

    def filled(self, written: str, parts: tuple, rt, f) -> str:
        """A prompt or label with values, filled in now, knowing which values are open (see
        compiler/hidden.py)."""
        letters = self.marks.get(id(parts))
        if letters is None:
            letters = self.marks[id(parts)] = marks(parts, self.open)
        # a value read from faces ('f') goes with the items whose faces it reads: (value, (item, ...))
        return rt.filled(written, letters, *[p if isinstance(p, str) else self.ev(p, rt, f) if mark != "f" else
                                             (self.ev(p, rt, f), self.face_items(self.faces[id(p)], rt, f))
                                             for mark, p in zip(letters, parts)])

    # ------------------------------------------------------------------ expressions
    def visit(self, node, rt, f: Frame):
        """Visit a node with its class's handler: a statement's run (a generator, or an empty tuple), an
        expression's value."""
        # Visitor.visit without its `*args`: an expression of a game is evaluated millions of times, and the
        # second frame was a fifth of the interpreter's time
        handler = self._table.get(type(node)) or self.handler(type(node)) or type(self).generic_visit
        return handler(self, node, rt, f)

    ev = visit   # an expression's value

    def visit_Int(self, e, rt, f):
        return e.value

    visit_Bool = visit_Int

    def visit_Dec(self, e, rt, f):
        return e.value

    def visit_Str(self, e, rt, f):
        """A text; one with `{...}` values is filled in now, its values shown as `say` shows them."""
        return "".join(self.text_parts(e.parts, rt, f)) if e.parts else e.value

    def visit_Cond(self, e, rt, f):
        return self.ev(e.then, rt, f) if self.ev(e.cond, rt, f) else self.ev(e.otherwise, rt, f)

    def visit_Pair(self, e, rt, f):   # a grid's element: `wall[r, c]` is keyed by the tuple (r, c)
        return tuple(self.ev(part, rt, f) for part in e.parts)

    def index_reading(self, e, f) -> tuple:
        """What `X[i]` reads: (how, the indexed name or None, the node). Worked out once for the node, unless X is a
        local's name (a list then, the same node a declared counter's element at another time)."""
        local = type(e.obj) is A.Name and e.obj.id in f.locals
        found = None if local else self.indexes.get(id(e))
        if found is not None:
            return found
        if not local and type(e.obj) is A.Name and self.sym.category(e.obj.id) == "table":   # `payout[r]`: a printed table
            # a table of a board's sides is read with the side's two cells, a list: its key is their pair
            found = "side_table" if self.sym.decls[e.obj.id].index.dims()[0].edge else "table", e.obj.id
        elif id(e) in self.sym.cost_reads:   # `b.cost[fish]`: the units a printed cost shows
            found = "cost_units", None
        elif type(e.obj) is A.Attr and id(e.obj) in self.sym.member_fields:   # `c.cost[white]`: a field of its own
            found = "member_field", member_field(e.obj.name)
        else:
            ref = indexed_ref(e, self.sym, f.locals)
            if ref is None:
                found = "list_item", None
            elif ref[1] is not None:
                found = "field_of", ref[0]
            else:
                found = classify(ref[0], f.locals, f.this is not None, f.it_mode, self.sym)[0], ref[0]
        found += (e,)
        if not local:
            self.indexes[id(e)] = found
        return found

    def implied_name(self, at, name: str) -> A.Name:
        """The bare name a node implies (the die a `roll x;` rolls, the card an `x is c` tests), made once
        for the node: the caches above are keyed by id(), so a node made anew at each evaluation could
        take the id, and the meaning, of another that is gone."""
        node = self.implied.get(id(at))
        if node is None:
            node = self.implied[id(at)] = A.Name(name, span=at.span)
        return node

    def visit_Index(self, e, rt, f):
        how, base, _ = self.index_reading(e, f)
        if how == "table":
            return self.tables[base][self.ev(e.index, rt, f)]
        if how == "side_table":
            return self.tables[base][tuple(self.ev(e.index, rt, f))]
        if how == "list_item":
            return rt.item(self.ev(e.obj, rt, f), self.ev(e.index, rt, f), where(e))
        if how == "cost_units":
            return rt.shown_units(self.ev(e.obj, rt, f), self.res(e.index.id, rt, f))
        if how == "member_field":
            card = self.ev(e.obj.obj, rt, f)
            return rt.field(card, self.element(base, self.ev(e.index, rt, f), rt, f))
        key = self.element(base, self.ev(e.index, rt, f), rt, f)
        if how == "field_of":
            return rt.field(self.ev(e.obj.obj, rt, f), key)
        if how == "stock":
            return f.you.stock[key]
        if how in ("var", "gvar"):
            return (f.you.vars if how == "var" else rt.state.gvars)[key]
        return rt.state.globals[key] if how == "global" else rt.zone(f.you, key)

    def matches(self, subject, values: tuple, rt, f) -> bool:
        """Whether `subject` is one of the cases of an arm of either `match`: equal to a value (a card declared
        `* N`: any copy of it, Symbols.copy_cases), or in a
        range (`low <= subject <= high`; no high end: `low <= subject`), tested in order. A range holds
        numbers only: none meets no range, as it equals no number."""
        for v in values:
            if id(v) in self.sym.copy_cases:   # a card declared `* N`: any copy of it
                if rt.is_kind(subject, v.id):
                    return True
            elif type(v) is not A.Range:
                if subject == self.ev(v, rt, f):
                    return True
            elif subject is not None and self.ev(v.low, rt, f) <= subject and (v.high is None or subject <= self.ev(v.high, rt, f)):
                return True
        return False

    def visit_Match(self, e, rt, f):
        subject = self.ev(e.subject, rt, f)
        for case in e.cases:
            if self.matches(subject, case.values, rt, f):
                return self.ev(case.result, rt, f)
        return self.ev(e.otherwise, rt, f) if e.otherwise is not None else rt.unmatched(subject)

    def visit_Nothing(self, e, rt, f):
        return None

    def visit_You(self, e, rt, f):
        return f.you

    def visit_Valued(self, e, rt, f):   # a tagged value (7.7c): the value, then the tag's arguments
        value = self.ev(e.value, rt, f)
        return rt.valued(f.you, value, self.tag(e.tag, rt, f), where(e))

    def visit_Affordable(self, e, rt, f):
        return rt.affordable(f.you, self.cost(e.terms, rt, f), self.tag(e.tag, rt, f))

    def visit_CanOpen(self, e, rt, f):
        """Whether the proc's opening choose offers you an option, its parameters bound to the
        arguments, in a frame of its own; nothing runs."""
        decl = self.sym.decls[e.proc]
        args = [self.ev(a, rt, f) for a in self.arguments(decl, e.args)]
        frame = Frame(f.you, self.bound(decl, args))
        test = self.openings.get(e.proc)
        if test is None:
            test = self.openings[e.proc] = opening_test(decl.body, self.sym)
        return self.ev(test, rt, frame)

    def visit_Opening(self, e, rt, f):
        """Whether a decision a body starts with is open now, as it would be offered (the compiled
        `visit_Opening`'s): a choose's options, a may's `when` and cost, a pick's candidates."""
        s = e.stmt
        if type(s) is A.Choose:
            return any(self.offered(o, rt, f) for o in s.options)
        if type(s) is A.May:
            return (s.when is None or bool(self.ev(s.when, rt, f))) and \
                rt.may_open(f.you, self.cost(s.cost, rt, f) if s.cost else None, self.tag(s.tag, rt, f))
        paid = self.gates.get(id(s), False)   # a pick: some candidate (paid for, if its block pays first)
        if paid is False:
            paid = self.gates[id(s)] = pick_paid(s, self.sym)
        for value in self.domain(s, rt, f):
            f.locals[s.var] = value
            if (s.where is None or self.ev(s.where, rt, f)) and (paid is None or self.ev(paid, rt, f)):
                return True
        return False

    def visit_After(self, e, rt, f):
        """`EXPR after PROC(args)`: the call run by `rt.after` on a game it puts back, EXPR read in between."""
        decl = self.sym.decls[e.proc]
        args = [self.ev(a, rt, f) for a in self.arguments(decl, e.args)]
        return rt.after(self.proc(decl, rt, f.you, args), lambda: self.ev(e.value, rt, f), where(e), e.proc)

    def visit_CanCopy(self, e, rt, f):
        return rt.can_slot(f.you, self.ev(e.target.obj, rt, f), e.target.name, *self.slot_args(e.target, copy_args(e, self.sym), rt, f))

    def visit_During(self, e, rt, f):
        return rt.during(e.label)

    def visit_Allowed(self, e, rt, f):
        return rt.allowed(f.you, self.tag(e.tag, rt, f))

    def visit_CostValue(self, e, rt, f):   # a card's printed cost: data, as the layout keeps it
        return cost_data(e.terms)

    def visit_ListLit(self, e, rt, f):
        return [self.ev(i, rt, f) for i in e.items]

    def construct_plan(self, e) -> tuple:
        """What building a record reads, the pack's alone: ((field, its value's node, whether it is checked), ...),
        whether the record has a shape, the position; worked out once for the node (and kept with it)."""
        found = self.constructs.get(id(e))
        if found is None:
            given = {v.name: v.value for v in e.fields}
            decl = self.sym.decls[e.record]
            plan = tuple((d, given.get(d.name, d.default), checked_within(d, given.get(d.name, d.default)))
                         for d in decl.fields)
            shaped = decl.shape is not None   # (the position only where it is reported, as before)
            at = where(e) if shaped or any(checked for _, _, checked in plan) else None
            found = self.constructs[id(e)] = plan, shaped, at, e
        return found

    def visit_Construct(self, e, rt, f):
        """A Record of the fields in the record's order, a field left out its default (as compiled)."""
        plan, shaped, at, _ = self.construct_plan(e)
        fields = {}
        for d, value, checked in plan:
            fields[d.name] = self.ev(value, rt, f)
            if checked:   # a range field's value, checked as compiled
                if d.within is None:   # `col: column up to size;`: one of this game's first members
                    fields[d.name] = rt.among(fields[d.name], tuple(self.sym.decls[d.type].members),
                                              rt.options[d.bound], e.record, d.name, at)
                else:
                    high = rt.options[d.bound] if d.bound is not None else d.within[1]   # `1..size`: this game's size
                    fields[d.name] = rt.within(fields[d.name], d.within[0], high, e.record, d.name, at)
        if shaped:   # one of the values its shape keeps (E601 otherwise)
            return rt.shaped(Record(e.record, fields), at)
        return Record(e.record, fields)

    def visit_IndexIn(self, e, rt, f):
        ix = self.sym.decls[e.grid].indexes
        place = index_place(ix, e.which)
        if e.holder is not None:   # `in p.techs`: p's zones alone
            return rt.index_in(self.ev(e.item, rt, f), e.grid, place, index_reading(self.sym, ix, place),
                               self.ev(e.holder, rt, f))
        return rt.index_in(self.ev(e.item, rt, f), e.grid, place, index_reading(self.sym, ix, place))

    def row_checked(self, e, value, rt, f):
        """`value` (a row's first place, an enum row's members) of `row KEY of GRID` once rt.row_start has checked
        the keys begin an element; as it is when the rows are known only in play (the rows worked out once a node)."""
        rows = self.rows.get(id(e), ())
        if rows == ():
            rows = self.rows[id(e)] = row_beginnings(self.sym, e.grid, len(e.row_keys))
        if rows is None:
            return value
        return rt.row_start(tuple(self.ev(k, rt, f) for k in e.row_keys), rows, e.row_of, value)

    def visit_Range(self, e, rt, f):
        low = self.ev(e.low, rt, f)
        if e.row_keys is not None:   # `row r of pyramid`: r checked before the ends are worked out
            low = self.row_checked(e, low, rt, f)
        return rt.numbers(low, self.ev(e.high, rt, f))

    def visit_RowMembers(self, e, rt, f):
        return self.row_checked(e, self.ev(A.Name(e.enum, span=e.span), rt, f), rt, f)

    def visit_Unary(self, e, rt, f):
        value = self.ev(e.operand, rt, f)
        return (not value) if e.op == "not" else -value

    def visit_IsKind(self, e, rt, f):
        if id(e) in self.sym.same_card:   # `x is c`, c a local holding a card: a copy of the same declared card
            return rt.same_card(self.ev(e.subject, rt, f), self.ev(self.implied_name(e, e.kind), rt, f))
        field = self.sym.member_tests.get(id(e))
        if field is not None:   # `c is attack`: the card's field holding the enum holds the member
            return rt.has_member(self.ev(e.subject, rt, f), field, e.kind)
        return rt.is_kind(self.ev(e.subject, rt, f), e.kind)

    def visit_Binary(self, e, rt, f):
        op = e.op
        if op == "and":
            return self.ev(e.left, rt, f) and self.ev(e.right, rt, f)
        if op == "or":
            return self.ev(e.left, rt, f) or self.ev(e.right, rt, f)
        plain = self.plain_binaries.get(id(e))
        if plain is None:   # no member ordered, no list joined, no power: Python's operator on the values (kept)
            ordered, left, right = self.sym.ordered, id(e.left), id(e.right)
            plain = self.plain_binaries[id(e)] = (BINARY[op] if left not in ordered and right not in ordered
                                                  and op != "**" and id(e) not in self.sym.list_ops else None), e
        if plain[0] is not None:
            return plain[0](self.ev(e.left, rt, f), self.ev(e.right, rt, f))
        a, b = self.ordinal(e.left, rt, f), self.ordinal(e.right, rt, f)
        if id(e) in self.sym.list_ops:   # two lists joined or taken from: a new list
            return getattr(rt, LIST_OPS[op])(a, b)
        if op == "**":
            return rt.power(a, b)
        return BINARY[op](a, b)

    def ordinal(self, e, rt, f):
        """A value where one is ordered: a member (Symbols.ordered) as its place in its enum, from 1;
        anything else as itself."""
        members = self.sym.ordered.get(id(e))
        return self.ev(e, rt, f) if members is None else rt.ordinal(members, self.ev(e, rt, f))

    def visit_Name(self, e, rt, f):
        if e.id in f.locals and id(e) not in self.sym.named:   # the common case first: a local
            return f.locals[e.id]
        if id(e) in self.sym.named:   # compared with a resource, track or die: the name itself
            return e.id
        found = self.names.get(id(e))
        if found is None:
            found = classify(e.id, f.locals, f.this is not None, f.it_mode, self.sym) + (e,)
            if e.id not in ("this", "it"):   # those depend on the frame; every other name's meaning on the pack alone
                self.names[id(e)] = found
        how, name, _ = found
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
        if how == "var":
            return f.you.vars[name]
        if how == "gvar":
            return rt.state.gvars[name]
        if how == "zone":
            return rt.zone(f.you, name)
        if how == "entity":
            e = rt.program.entities[name]
            return e.copy_for(f.you.name) if per_player_entity(name, self.sym) else e
        if how == "actor":
            return rt.state.actors[name]
        if how == "member":
            return name
        if how == "option":
            return rt.options[name]
        if how in ("enum", "group"):   # the members of an enum, the resources of a group
            return list(self.sym.decls[name].members)
        if how == "record":   # all the values of a record whose fields are finite
            return rt.record_values(name, self.record_shape(name)[0], f.you)
        if how == "kind":
            return rt.cards_of(name, f.you)
        return getattr(rt, name)(f.you)   # every builtin domain is a runtime method of `you`

    def attr_reading(self, e) -> tuple:
        """What `x.name` reads, as far as the pack alone says: ("field", None) unless the resolver marked the node
        (a modifier-adjusted value, an enum's field, a card's effect, zone or computed field). Worked out once
        for the node; whether `it.ARG` reads an event's argument depends on the frame, and is asked each time."""
        found = self.attr_reads.get(id(e))
        if found is None:
            sym = self.sym
            if id(e) in sym.adjusted:
                found = "adjusted", sym.adjusted[id(e)]
            elif id(e) in sym.enum_reads:
                found = "enum_read", sym.enum_reads[id(e)]
            elif id(e) in sym.slots:
                found = "slot", None
            elif id(e) in sym.card_zones:
                found = "card_zone", None
            elif id(e) in sym.computed:
                found = "computed", None
            else:   # (`it.ARG` only where `it` is a Name: else a field at every frame)
                found = "it_field" if type(e.obj) is A.Name and e.obj.id == "it" else "field", None
            found = self.attr_reads[id(e)] = found + (e,)
        return found

    def visit_Attr(self, e, rt, f):
        how, arg, _ = self.attr_reading(e)
        if how == "field":   # the common case first: a record's or card's field
            return rt.field(self.ev(e.obj, rt, f), e.name)
        if how == "adjusted":   # `cost: int for costs;`: the printed value as the modifiers change it (7.7c)
            return self.visit_Valued(arg, rt, f)
        if how == "enum_read":   # `d.dx`: a field of the members of an enum (a list: a new one each read)
            value = self.enum_data[arg][self.ev(e.obj, rt, f)]
            return list(value) if type(value) is list else value
        if how == "slot":   # an effect read as a value: whether the card writes it
            return rt.writes(self.ev(e.obj, rt, f), e.name)
        if how == "card_zone":   # a zone the card holds
            return rt.card_zone(self.ev(e.obj, rt, f), e.name)
        if how == "computed":   # a computed field: the card's expression, worked out for you
            return rt.computed(self.ev(e.obj, rt, f), e.name, f.you)
        if it_arg(e, f.locals, f.it_mode):
            # (`it.on` of a gain, loss or payment: the card of a stock it holds, none for a player's)
            # (`it.subject`: put in only for the triggers and modifiers that read it, layout.subject_nodes)
            return f.it[e.name] if f.it_mode == "event" and e.name not in ("on", SUBJECT) else f.it.get(e.name)
        return rt.field(self.ev(e.obj, rt, f), e.name)

    def visit_Method(self, e, rt, f):
        if id(e) in self.sym.computed:   # `m.reached(p)`: the computed field worked out for p
            return rt.computed(self.ev(e.obj, rt, f), e.name, self.ev(e.args[0], rt, f))
        if actor_call(e, self.sym):   # `p.score(x)`: the func with `you` = p (x is still yours)
            decl = self.sym.decls[e.name]
            who = self.ev(e.obj, rt, f)
            return self.func(decl, rt, who, [self.ev(a, rt, f) for a in self.arguments(decl, e.args)])
        args = self.method_args.get(id(e))
        if args is None:   # the object is the first argument: one tuple for the node, as `arguments` keys by it
            args = self.method_args[id(e)] = ((e.obj,) + e.args, e)
        return self.call(e.name, args[0], rt, f)

    def visit_Call(self, e, rt, f):
        if e.func in self.cell_walks:   # shift(), step(), ray(), leap() of a board's cell
            return self.walk(e, rt, f)
        return self.call(e.func, e.args, rt, f)

    def visit_Ray(self, e, rt, f):
        return self.walk(e, rt, f)

    def cell_axes(self, record: str, rt) -> tuple:
        """A board's cell's axes as the cell builtins take them: for a board sized by an option (`col: 1..size;`)
        this game's (as compiled)."""
        axes, by_option = self.record_shape(record)
        return rt.sized_axes(axes) if by_option else axes

    def record_shape(self, record: str) -> tuple:
        """A record's runtime axes and whether an option sizes them: the pack's alone, worked out once a record."""
        found = self.axes.get(record)
        if found is None:
            found = self.axes[record] = runtime_axes(record, self.sym), sized(record, self.sym)
        return found

    def walk(self, e, rt, f):
        """shift(), step(), ray(), leap(), between() of a board's cell: the runtime's one method each, as the compiled code
        hands them (the record's axes, a direction's members' steps, a ray's `until` as a test of one cell)."""
        record, enum = self.sym.walks[id(e)]
        axes = self.cell_axes(record, rt)
        cell = self.ev(e.cell if type(e) is A.Ray else e.args[0], rt, f)
        if type(e) is not A.Ray and e.func == "shift":
            return rt.cell_shift(cell, record, axes, {a.name: self.ev(a.value, rt, f) for a in e.args[1:]})
        if type(e) is not A.Ray and e.func == "leap":
            return rt.cell_leap(cell, record, axes, tuple(self.ev(a, rt, f) for a in e.args[1:]))
        if type(e) is not A.Ray and e.func in PAIR_WALKS:   # rt.cell_between, rt.cell_edge
            return getattr(rt, f"cell_{e.func}")(cell, self.ev(e.args[1], rt, f), record, axes)
        steps = self.steps.get(enum)
        if steps is None:
            steps = self.steps[enum] = direction_steps(enum, self.sym)
        direction = self.ev(e.direction if type(e) is A.Ray else e.args[1], rt, f)
        if type(e) is not A.Ray and e.func == "step":
            return rt.cell_step(cell, record, axes, steps, direction)
        if type(e) is not A.Ray or e.until is None:
            return rt.cell_ray(cell, record, axes, steps, direction)
        saved = f.locals.get(e.var, _UNBOUND)

        def until(place):   # a `while COND` ray stops before the first cell COND fails for
            f.locals[e.var] = place
            return not self.ev(e.until, rt, f) if e.while_form else self.ev(e.until, rt, f)
        try:
            return rt.cell_ray(cell, record, axes, steps, direction, until, not e.while_form)
        finally:
            if saved is _UNBOUND:
                f.locals.pop(e.var, None)
            else:
                f.locals[e.var] = saved

    def call(self, func: str, args: tuple, rt, f: Frame):
        route = self.routes.get(func)
        if route is None:   # what the name calls is the pack's alone: asked once a name
            route = self.routes[func] = self.call_route(func)
        how, decl = route
        if how == "declared":   # the pack's own func or a value kernel, its arguments worked out in order
            values = []   # (a loop, not a comprehension: no frame of its own on a call made this often)
            for a in self.arguments(decl, args):
                values.append(self.ev(a, rt, f))
            if type(decl) is A.Extern:   # a value kernel
                return KERNELS[func].fn(rt, f.you, *values)
            return self.func(decl, rt, f.you, values)
        if how == "builtin":
            explicit, args = self.builtin_arguments(func, args)
            values = []
            for a in args:
                values.append(self.ev(a, rt, f))
            if decl.about_actor and not explicit:
                values.insert(0, f.you)
            if decl.python:
                return PYTHON[decl.python](*values)
            return getattr(rt, decl.method)(*values)
        if how == "neighbours":   # the cells next to a cell: its record's axes, as record_values reads them
            record, around = self.sym.cells[id(args[0])]
            return rt.cell_neighbours(self.ev(args[0], rt, f), record, self.cell_axes(record, rt), around)
        if how == "piles":   # the piles of an indexed zone ever set out: the zone named (the checker's E471)
            return rt.piles(args[0].id)
        if how == "seen":   # a remembered position: its name (the checker's E537)
            return getattr(rt, func)(args[0].id)
        if how == "knowledge":   # what a player knows of a card's field: the field by name (E550)
            who, field, asked = knowledge_args(func, args)
            who = f.you if who is None else self.ev(who, rt, f)
            if asked is None:
                return rt.knows_field(who, self.ev(field.obj, rt, f), field.name)
            return rt.may_be(who, self.ev(field.obj, rt, f), field.name, self.ev(asked, rt, f))
        if how == "rounding":   # floor(x), ceil(x), round(x): a whole number (Game.rounded)
            return rt.rounded(func, self.ev(args[0], rt, f))
        if how == "ordinal":   # a member's place in its enum: as `<` reads it
            return self.ordinal(args[0], rt, f)
        if how == "step":   # next(m), prev(m), ...: from the member's place, as ordinal(m) reads it
            by, around = STEPS[func]
            place = self.ordinal(args[0], rt, f)   # m first, then n: as the generated code reads them
            if len(args) == 2:   # next(m, n): n places on
                by *= rt.step_count(self.ev(args[1], rt, f))
            return rt.member_step(self.sym.ordered[id(args[0])], place, by, around)
        # "steps_around": the places from one member to another, going round: from their places
        start = self.ordinal(args[0], rt, f)   # a first, then b: as the generated code reads them
        return rt.steps_around(len(self.sym.ordered[id(args[0])]), start, self.ordinal(args[1], rt, f))

    def bound(self, decl, args) -> dict:
        """A proc's or func's parameters bound to the values of a call, by name in their order (the names
        kept for the callee: a call binds them in one `dict(zip(...))`)."""
        names = self.param_names.get(id(decl))
        if names is None:
            names = self.param_names[id(decl)] = tuple(p.name for p in decl.params), decl
        return dict(zip(names[0], args))

    def call_route(self, func: str) -> tuple:
        """How a call of `func` is worked out, as the pack alone says: ("declared", the pack's func or value kernel),
        ("builtin", its spec) or one of the builtins below that read their arguments' nodes (None)."""
        decl = self.sym.decls.get(func)
        if func not in BUILTIN_FUNCS and func != "ordinal" and func not in STEPS and type(decl) in (A.Func, A.Extern):
            return "declared", decl   # the pack's own func or kernel (whose name no builtin below takes)
        for how, test in (("neighbours", cell_neighbours), ("piles", zone_piles), ("seen", seen_call),
                          ("knowledge", knowledge_call), ("rounding", rounding)):
            if test(func, self.sym):
                return how, None
        if func == "ordinal":
            return "ordinal", None
        if func in STEPS:
            return "step", None
        if func == "steps_around":
            return "steps_around", None
        spec = BUILTIN_FUNCS.get(func)
        if spec is not None:
            return "builtin", spec
        return "declared", self.sym.decls[func]

    def arguments(self, decl, args: tuple) -> tuple:
        """The argument nodes a call of `decl` evaluates (`call_args`: names standing for themselves, defaults
        filled in), worked out once for the call: the nodes it makes are then made once too, so that no id()
        keyed cache sees a node that is gone. The callee and the arguments are kept with the answer, so that
        their ids stay theirs."""
        key = (id(decl), id(args))
        found = self.argument_nodes.get(key)
        if found is None:
            found = self.argument_nodes[key] = (call_args(decl, args, self.sym), decl, args)
        return found[0]

    def builtin_arguments(self, func: str, args: tuple) -> tuple:
        """`builtin_args` of a builtin's call (whether the actor is written, the argument nodes), worked out
        once for the call (as `arguments`)."""
        found = self.builtin_nodes.get(id(args))
        if found is None:
            found = self.builtin_nodes[id(args)] = builtin_args(func, args, self.sym), args
        return found[0]

    def func(self, decl: A.Func, rt, you, args):
        """A func's value: every call counts against the step budget, so recursion cannot run away."""
        if decl.name in self.recursive:
            rt.step(where(decl.value))
        frame = Frame(you, self.bound(decl, args))
        value = decl.value
        if type(value) is A.LetIn:   # its lets in turn, each placed at its own line as compiled code places it
            for s in value.lets:
                try:
                    frame.locals[s.name] = self.ev(s.value, rt, frame)
                except Exception as e:
                    placed(e, s)
                    raise
            value = value.value
        try:
            return self.ev(value, rt, frame)
        except Exception as e:   # a failure inside a func is placed at its value, as compiled code places it
            placed(e, value)
            raise

    def visit_LetIn(self, e, rt, f):
        for s in e.lets:
            f.locals[s.name] = self.ev(s.value, rt, f)
        return self.ev(e.value, rt, f)

    def visit_Aggregate(self, e, rt, f):
        shape = self.shapes.get(id(e))
        if shape is None:   # the node's alone (and `first`'s value a name made once for it): worked out once
            shape = self.shapes[id(e)] = aggregate_shape(e), e
        reduce, keep, value = shape[0]
        saved = f.locals.get(e.var, _UNBOUND)  # like a comprehension, the variable is its own
        results = []
        for element in self.domain(e, rt, f):
            f.locals[e.var] = element
            if keep is None or self.ev(keep, rt, f):
                if reduce == "gather":   # the elements of the value's zone or list
                    results.extend(rt.domain(self.ev(value, rt, f)))
                    continue
                if reduce in ("top", "bottom"):   # the element with the highest (lowest) value
                    results.append((self.ordinal(value, rt, f), element))
                    continue
                results.append(self.ev(value, rt, f) if value is not None else 1 if reduce == "sum" else True)
                if reduce in DECIDED_BY_ONE and (reduce == "first" or bool(results[-1]) == (reduce == "any")):
                    break   # as the compiled any(), all() and next() stop: the elements after are never read
        if saved is _UNBOUND:
            f.locals.pop(e.var, None)
        else:
            f.locals[e.var] = saved
        if not results and id(e) in self.sym.list_keys:   # highest/lowest of lists over no element
            return []
        return REDUCE[reduce](results)

    def visit_Sorted(self, e, rt, f):
        """`sorted(x in D where C, most K ...)`: the kept elements' (keys, element) rows to `in_order`,
        as the compiled code hands them."""
        saved = f.locals.get(e.var, _UNBOUND)
        rows = []
        for element in self.domain(e, rt, f):
            f.locals[e.var] = element
            if e.where is None or self.ev(e.where, rt, f):
                rows.append((tuple(self.ordinal(key, rt, f) for key in e.keys), element))
        if saved is _UNBOUND:
            f.locals.pop(e.var, None)
        else:
            f.locals[e.var] = saved
        return in_order(rows, tuple(order == "fewest" for order in e.orders))

    def visit_Network(self, e, rt, f):
        """`connects`/`longest_path`/`shortest_path`/`reachable`: the kept edges' (END1, END2, LENGTH)
        triples to the runtime's search, as the compiled code hands them."""
        saved = f.locals.get(e.var, _UNBOUND)
        edges = []
        length = e.length()
        for element in self.domain(e, rt, f):
            f.locals[e.var] = element
            if e.where is None or self.ev(e.where, rt, f):
                edges.append((self.ev(e.ends[0], rt, f), self.ev(e.ends[1], rt, f),
                              self.ev(length, rt, f) if length is not None else 1))
        if saved is _UNBOUND:
            f.locals.pop(e.var, None)
        else:
            f.locals[e.var] = saved
        places = [self.ev(x, rt, f) for x in e.places()]
        through = None
        if e.through is not None:   # a test of one place: whether a path may pass it
            def through(place):
                f.locals[e.through_var] = place
                return self.ev(e.through, rt, f)
            saved = f.locals.get(e.through_var, _UNBOUND)
        try:
            return getattr(rt, e.op)(edges, *places, *(() if e.op == "connects" else (where(e),)), through=through)
        finally:
            if e.through is not None:
                if saved is _UNBOUND:
                    f.locals.pop(e.through_var, None)
                else:
                    f.locals[e.through_var] = saved

    def visit_Regions(self, e, rt, f):
        """`regions(p in DOMAIN where COND via NEXT)`: DOMAIN, then COND and NEXT as tests of one element,
        to the runtime's loop (`Game.regions`), as the compiled code hands them."""
        domain = self.ev(e.domain, rt, f)
        saved = f.locals.get(e.var, _UNBOUND)

        def bound(x, place):
            f.locals[e.var] = place
            return self.ev(x, rt, f)
        try:
            return rt.regions(domain, (lambda p: bound(e.where, p)) if e.where is not None else None,
                              lambda p: bound(e.next, p), where(e))
        finally:
            if saved is _UNBOUND:
                f.locals.pop(e.var, None)
            else:
                f.locals[e.var] = saved

    def visit_Flood(self, e, rt, f):
        """`reachable(p from START via NEXT)`: START, then NEXT and PASSABLE as tests of one place, to the
        runtime's breadth-first loop (`Game.flood`), as the compiled code hands them."""
        start = self.ev(e.start, rt, f)
        goal = self.ev(e.goal, rt, f) if e.goal is not None else None
        names = (e.var, e.through_var) if e.through is not None else (e.var,)
        saved = [(name, f.locals.get(name, _UNBOUND)) for name in names]

        def next_of(place):
            f.locals[e.var] = place
            return self.ev(e.next, rt, f)

        def through(place):
            f.locals[e.through_var] = place
            return self.ev(e.through, rt, f)
        try:
            if e.goal is not None:   # connects: whether a place of GOAL is reached (the search ends there)
                return rt.reaches(start, goal, next_of, where(e), through=through if e.through is not None else None)
            return rt.flood(start, next_of, where(e), through=through if e.through is not None else None)
        finally:
            for name, value in reversed(saved):
                if value is _UNBOUND:
                    f.locals.pop(name, None)
                else:
                    f.locals[name] = value


_UNBOUND = object()

# the operator module's functions, not lambdas: a binary is evaluated hundreds of thousands of times a game, and
# these add no Python frame (`/` on whole numbers is floor division, as compiled)
BINARY = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.floordiv, "%": operator.mod,
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
}
# A trace places an effect at the statement the innermost `run` frame is carrying out.
STATEMENT_FRAMES[Interpreter.run.__code__] = lambda frame: where(frame.f_locals["s"])
# ... and what `can` tests at the decision it tests (as the compiled test's line is placed)
STATEMENT_FRAMES[Interpreter.visit_Opening.__code__] = lambda frame: where(frame.f_locals["e"])
# a proc's or a func's body starts a new one (the statements of the caller's body stop there)
CALL_FRAMES.update({Interpreter.proc.__code__, Interpreter.func.__code__})
INTERPRETER_FILES.add(Interpreter.run.__code__.co_filename)


def names_read(s) -> dict:
    """The bare names a statement reads itself (not those of the statements in its blocks), in order."""
    found, stack = {}, [s]
    while stack:
        n = stack.pop()
        if isinstance(n, A.Name):
            found[n.id] = None
        stack.extend(reversed([c for c in n.children() if not isinstance(c, A.Stmt)]))
    return found


# A none that fails is named by the locals the innermost statement reads, or a func's parameters (E601).
LOCAL_FRAMES[Interpreter.run.__code__] = lambda frame: {
    n: frame.f_locals["f"].locals[n] for n in names_read(frame.f_locals["s"]) if n in frame.f_locals["f"].locals}
LOCAL_FRAMES[Interpreter.func.__code__] = lambda frame: dict(zip((p.name for p in frame.f_locals["decl"].params),
                                                                 frame.f_locals["args"]))
FUNC_FRAMES[Interpreter.func.__code__] = lambda frame: (
    frame.f_locals["decl"].name, [(p.name, v) for p, v in zip(frame.f_locals["decl"].params, frame.f_locals["args"])])

# the reductions one element can decide (some: a true one, every: a false one, first: any kept one)
DECIDED_BY_ONE = ("any", "all", "first")
REDUCE = {"gather": list, "sum": sum, "any": any, "all": all, "first": lambda values: values[0] if values else None,
          "top": best_of, "bottom": lambda pairs: best_of(pairs, True),
          "max": lambda values: max(values, default=0), "min": lambda values: min(values, default=0)}
PYTHON = {"min": min, "max": max, "abs": abs, "len": len}


def build_program(sym: Symbols, lay: Layout, pack_name: str) -> Program:
    """The pack as a Program whose callables interpret the AST."""
    it = Interpreter(sym)
    fns = {effect.key: _callable(it, effect) for effect in effects(lay)}
    triggers = trigger_nodes(sym)
    fns.update({("trigger", it.sites[id(n)]): _trigger(it, n) for n in triggers})
    conditions = condition_nodes(sym)
    fns.update({("condition", it.sites[id(n)]): _condition(it, n) for n in conditions})
    fns.update({("consequence", it.sites[id(n)]): _consequence(it, n) for n in hook_nodes(sym) if n.then is not None})
    amounts = live_amounts(sym)
    fns.update({("amount", it.sites[id(m)], line): _condition(it, m, m.adjustments[line].amount) for m, line in amounts})
    return assemble(tables(lay, pack_name, [(it.sites[id(n)], where(n)) for n in triggers],
                          [it.sites[id(n)] for n in conditions], [it.sites[id(n)] for n in subject_nodes(sym)],
                          watched_counters(sym), [(it.sites[id(n)], phase) for n, phase in phase_modifiers(sym)],
                          hook_table(sym, it.sites), heard_vars(sym), remembered_table(sym),
                          [(it.sites[id(m)], line) for m, line in amounts], heard_globals(sym)), fns)


def _consequence(it: Interpreter, node: A.Modifier):   # a modifier's `then { ... }` (7.7d), given the use's arguments
    def run(rt, you, args, env):
        locals_ = {k: v for k, v in env.items() if k != "this"}
        return it.run(node.then, rt, Frame(you, locals_, env.get("this"), args, "use"))
    return run


def _callable(it: Interpreter, effect):
    """The interpreter's function for one of the pack's callables (see `layout.effects`)."""
    node, params = effect.node, effect.params
    if effect.key[0] == "proc":
        decl = it.sym.decls[effect.key[1]]
        return lambda rt, you, *args: it.proc(decl, rt, you, args)
    if effect.key[0] == "func":
        decl = it.sym.decls[effect.key[1]]
        return lambda rt, you, *args: it.func(decl, rt, you, args)
    if effect.shape == "cost":
        return lambda rt, you, *args: it.cost(node, rt, Frame(you, dict(zip(params, args))))
    if effect.shape == "expr" and effect.this_ok:   # a computed field, a slot's test: `this` is the card
        return lambda rt, you, this, *args: _worked_out(it, node, rt, Frame(you, dict(zip(params, args)), this))
    if effect.shape == "expr":
        return lambda rt, you, *args: _worked_out(it, node, rt, Frame(you, dict(zip(params, args))))
    if effect.this_ok:   # a card's effect slot: its parameters after `this` (`demand: effect(by: player);`)
        return lambda rt, you, this, *args: it.run(node, rt, Frame(you, dict(zip(params, args)), this))
    return lambda rt, you, *args: it.run(node, rt, Frame(you, dict(zip(params, args))))


def _worked_out(it: Interpreter, node, rt, frame: Frame):
    """The value of a pack's expression (a winner key, a computed field, a supply): a frame of its own,
    so that a failure's note names the expression it was worked out for, as the generated code's does."""
    try:
        return it.ev(node, rt, frame)
    except Exception as e:   # placed at the expression, as the generated code's line is
        placed(e, node)
        raise


STATEMENT_FRAMES[_worked_out.__code__] = lambda frame: where(frame.f_locals["node"])


def _condition(it: Interpreter, node, expr=None):
    """A Modifier's `while` (given the consulted use's arguments) or a Whenever's (the event's); with `expr`,
    that expression of the modifier instead, worked out alike (a card's modifier's live amount, 7.7b)."""
    mode = "use" if isinstance(node, A.Modifier) else "event"
    bound = pattern_binders(node.pattern, it.sym)   # a modifier's: of the tagged use (`for gain(warriors[c])`)
    expr = node.cond if expr is None else expr

    def holds(rt, you, env, args):
        locals_ = {k: v for k, v in env.items() if k != "this"}
        for n, k in bound:   # `gain(warriors[c])`: c is the element's index
            locals_[n] = args[k]
        return it.ev(expr, rt, Frame(you, locals_, env.get("this"), args, mode))
    return holds


def _trigger(it: Interpreter, node: A.Whenever):
    bound = pattern_binders(node.pattern, it.sym)

    def fire(rt, you, args, env):
        this = env.get("this")
        locals_ = {k: v for k, v in env.items() if k != "this"}
        for n, k in bound:   # `gain(warriors[c])`: c is the element's index
            locals_[n] = args[k]
        return it.run(node.body, rt, Frame(you, locals_, this, args, "event"))
    return fire
