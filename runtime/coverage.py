"""Which rules ran: cards' and tiles' effects, procs, track spaces and die faces, for `rulebook cover`,
and, when asked, which `choose` options, `match` arms and cases, `if` branches and sides of `if`
values were taken and which `while` bodies ran.

It watches calls with a profile hook only while it is measuring, so ordinary play pays nothing. The
generated code gives every rule its own function, so the compiled backend is the one to measure.
Options and arms are blocks inside those functions: they are watched line by line (a trace hook on
the pack's module only, slower), and a block counts as taken when its first statement's line runs.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from typing import Callable, Iterable, NamedTuple, Optional, Sequence

from rulebook.dsl.ast import ROLE_KIND, ROLE_ZONE

from .agents import make_agents
from .engine import Game, RulesRuntimeError, follow_moves, follow_sets, refusal
from .program import Program


class Places(NamedTuple):
    """The variables that make enums boards (`enum_places`): each element by its flat name -> (the enum and
    member that index it, or None; the enum its values are members of, or None), and each such enum's members."""

    elements: dict
    members: dict


def enum_places(symbols, program: Program) -> Places:
    """The enums a pack's variables are indexed by (`var owner[province]: player`: the provinces are a
    board's spaces) or hold members of (`var at per_player: space`, a pawn's place), whatever the game:
    `cover` counts a member reached when a rule sets such a variable at it or to it (to another value
    than it held), and lists those no game reached (a province never ordered into)."""
    from rulebook.dsl import ast as A

    enums = {name: d for name, d in symbols.decls.items() if type(d) is A.Enum}
    elements: dict = {}
    for name, d in symbols.decls.items():
        if type(d) is not A.Var:
            continue
        index = d.indexes
        by = index.enum if index is not None and index.second is None and index.enum in enums else None
        held = d.type if d.type in enums else None
        if by is None and held is None:
            continue
        for member, flat in (program.indexed.get(name) or {None: name}).items():
            elements[flat] = ((by, member) if by is not None else None, held)
    used = {e for at, held in elements.values() for e in (at[0] if at else None, held) if e is not None}
    return Places(elements, {e: enums[e].members for e in sorted(used)})


class Coverage:
    """Maps each rule's function to a (group, name) row and records which ones were called; with
    `branches` (`branch_points`), also which of those blocks' first statements ran; with `places`
    (`enum_places`), which enum members the rules set a variable at or to."""

    def __init__(self, program: Program, branches: Optional[dict] = None, places: Optional[Places] = None):
        self.branches = branches or {}
        self.places = places if places is not None and places.elements else None
        self.members_reached: set = set()   # (enum, member)
        self.members_started: set = set()   # (enum, member) a variable held as the game began: reached at setup
        self.line_map, self.module_file = program.line_map, program.module_file
        self.case_map = program.case_map
        self.taken: set = set()
        self.offered: set = set()   # the (choose's position, option) points a question listed
        self.rules: dict = {}
        # a reaction's trigger function -> {card -> its row}: a kind's reaction (7.2a) is one function
        # for all its cards, so which card fired it is read from the firing (`this`), and each card
        # has its row as each has one for its own effects and `anytime` slot
        self.per_card: dict = {}
        fired = _reaction_triggers(program)
        # a card's modifier (`modifier ... in ZONE`, 7.7b): its `while` function -> {card: None}, reached
        # for a card when it returns true (a use the modifier applies to: the copy in its zone)
        self.held: dict = {}
        used = {getattr(fn, "__code__", None) for _ask, fn in program.hooks.values() if fn is not None}
        overrides: dict = defaultdict(int)   # a card's or role's own versions of funcs and procs: slots too
        for versions in (program.procs, program.funcs):
            for key in versions:
                overrides[key.partition(".")[2]] += 1
        for e in program.entities.values():
            name = e.name.partition("#")[0]   # the copies of a declaration `* N` run its effects: one row
            own = _own_computed(program, e)
            live = program.live_effects(e)   # (not a slot its kind gives it that never runs for it: Program.idle)
            for field, fn in list(live.items()) + list(own.items()):
                # an entity with several slots (a civilization's start, powers, midgame; a role's modifier
                # and its overrides) names each; a computed field it gives (`worth = ...;`) is always
                # named, `oologist worth`: it is reached when its value is read, not when the card is
                # drawn or played. A role's slots sit in its holder's role zone, which no rules text names:
                # `medic modifier place_cubes`, not `... in role.held`
                slot = field.removesuffix(f" in {ROLE_ZONE}") if e.kind == ROLE_KIND else field
                row = f"{name} {slot}" if len(live) + len(own) + overrides[e.name] > 1 or field in own else name
                if (e.name, field) in fired:   # a reaction: reached when it fires, not when it is given
                    for trigger in fired[e.name, field]:
                        code = getattr(trigger, "__code__", None)
                        if code is not None:
                            # (a modifier with a consequence, 7.7d: reached when it is used, as a reaction fires)
                            (self.held if field.startswith("modifier ") and code not in used else self.per_card) \
                                .setdefault(code, {})[name] = None
                            self.rules[code, name] = (e.kind, row)
                    continue
                self._add(fn, e.kind, row)
        # a kind default of a computed field, read for each card that gives none; where some cards give
        # their own, the default is "not needed" when never read but theirs were (`defaults`): the
        # rules read the field only of cards that give it (Race for the Galaxy's 6-cost bonus)
        self.defaults: dict = {}   # the default's code -> the codes of the cards' own versions of it
        for kind, defaults in program.computed_defaults.items():
            for field, fn in defaults.items():
                self._add(fn, kind, f"{field} (default)")
                own = [getattr(f, "__code__", None) for e in program.entities.values() if e.kind == kind
                       for g, f in _own_computed(program, e).items() if g == field]
                if own and getattr(fn, "__code__", None) is not None:
                    self.defaults[fn.__code__] = [c for c in own if c is not None]
        for name, fn in program.procs.items():
            self._add(fn, "proc", name)
        self.role_replaced = _replaced_by_every_role(program)
        for name, fn in list(program.procs.items()) + list(program.funcs.items()):
            func, _, card = name.partition(".")   # a card's version of a func or proc: `NAME.CARD`
            if card in program.entities:
                self._add(fn, program.entities[card].kind, f"{card} override {func}")
        for t in program.tracks.values():
            for pos, space in t.spaces.items():
                if not space.empty:   # a space without a benefit has no rule to reach
                    self._add(space.benefit, f"track {t.name}", f"{pos} {space.title or ''}".strip())
        for die, faces in program.dice.items():
            for i, (title, fn, _value) in enumerate(faces, start=1):
                self._add(fn, f"die {die}", f"{i} {title or ''}".strip())
        self.reached: set = set()
        self.games = 0   # the games measured
        self.stopped = False   # cover_games' `enough` held before its last game
        # a card without effects has no rule of its own to run: it is reached when a rule moves it
        # (`move`, `draw`...; not `fill`, which sets it out), so a tile that was never drawn is listed.
        # A kind none of whose cards any rule moved (spaces of a board, set out once) has no row. A
        # card that gives a computed field has that rule: its row is the field's, not a second one.
        self.still = {e.name.partition("#")[0]: e.kind for e in program.entities.values()
                      if not program.live_effects(e) and not e.per_player and not _own_computed(program, e)}
        self.moved: set = set()

    def watch(self, game) -> None:
        """Follow a game's cards without effects as rules move them (`engine.follow_moves`), and its
        variables that make enums boards as rules set them (`engine.follow_sets`)."""
        if self.places is not None:
            self._watch_sets(game)
        if not self.still:
            return
        still, moved = self.still, self.moved

        def watch(e, _owner, _zone: str, by_rule: bool) -> None:
            if by_rule:
                name = e.name.partition("#")[0]
                if name in still:
                    moved.add(name)

        follow_moves(game, watch)

    def _watch_sets(self, game) -> None:
        elements, members, reached = self.places.elements, self.places.members, self.members_reached
        state = game.state
        for values in [state.gvars] + [p.vars for p in state.players]:
            for flat, value in values.items():
                held = elements.get(flat, (None, None))[1]
                if held is not None and value in members[held]:
                    self.members_started.add((held, value))

        def noted(flat: str, old, new) -> None:
            place = elements.get(flat)
            if place is None or old is new or old == new:   # (a loop resetting every space changes nothing)
                return
            at, held = place
            if at is not None:
                reached.add(at)
            if held is not None and new in members[held]:
                reached.add((held, new))

        follow_sets(game, noted)

    def _add(self, fn: Callable, group: str, name: str) -> None:
        code = getattr(fn, "__code__", None)
        if code is not None:
            self.rules[code] = (group, name)

    def measure(self, play: Callable[[], None]) -> None:
        """Run `play` while recording which rules' functions are entered (and, with branches, which
        options' and arms' blocks)."""
        if self.branches:
            _hooked(play, sys.gettrace, sys.settrace, self._line_hook())
            return
        rules, reached, per_card, held = self.rules, self.reached, self.per_card, self.held

        def hook(frame, event, arg):
            if event == "call":
                code = frame.f_code
                if code in rules:
                    reached.add(code)
                elif code in per_card:
                    reached.add((code, _firing_card(frame)))
            elif event == "return" and arg is True and frame.f_code in held:   # a card's modifier applies
                reached.add((frame.f_code, _firing_card(frame)))

        _hooked(play, sys.getprofile, sys.setprofile, hook)

    def _line_hook(self) -> Callable:
        """A trace hook recording the rules entered and the branch points' lines run."""
        rules, reached, taken, per_card, held = self.rules, self.reached, self.taken, self.per_card, self.held
        points, line_map, module_file, offered = self.branches, self.line_map, self.module_file, self.offered
        asked, answered = Game.choose.__code__, Game._choose.__code__   # a `choose`'s question and its answer
        cases: dict = {}   # code -> {instruction offset: the match cases whose result it evaluates}
        case_map = self.case_map

        def lines(frame, event, arg):
            if event == "line":
                where = line_map.get(frame.f_lineno)
                if where in points:
                    taken.add(where)
            elif event == "opcode":   # only in frames whose code evaluates a match expression's case
                taken.update(cases[frame.f_code].get(frame.f_lasti, ()))
            return lines

        def answer(frame, event, arg):   # the option a `choose` returns (its yields give questions)
            if event == "return" and type(arg) is int:
                taken.add((frame.f_locals["where"], arg))
            return answer

        def calls(frame, event, arg):   # every new or resumed frame: only the pack's are followed
            code = frame.f_code
            if code is asked and event == "call":   # the options offered, by place (`branch_points`)
                at = frame.f_locals["where"]
                offered.update((at, i) for i in frame.f_locals["available"])
                return None
            if code is answered:
                return answer
            if code in rules:
                reached.add(code)
            elif code in per_card and event == "call":
                reached.add((code, _firing_card(frame)))
            elif code in held:   # a card's modifier: reached when its `while` holds for a use
                def returned(frame, event, arg):
                    if event == "return" and arg is True:
                        reached.add((frame.f_code, _firing_card(frame)))
                    return returned
                return returned
            if code.co_filename != module_file:
                return None
            if case_map:
                offsets = cases.get(code)
                if offsets is None:
                    offsets = cases[code] = _case_offsets(code, case_map, points)
                if offsets:
                    frame.f_trace_opcodes = True
            return lines

        return calls

    def not_needed(self, code) -> bool:
        """Whether a rule never reached is a kind default no read needed: every card whose field was
        read gave its own version (some of those were read), so the default was never asked for."""
        own = self.defaults.get(code)
        return bool(own) and code not in self.reached and any(c in self.reached for c in own)

    def unneeded(self) -> list[tuple[str, str]]:
        """The (kind, `FIELD (default)`) rows `not_needed`: `cover` lists them apart, not as rules missed."""
        return sorted(self.rules[code] for code in self.defaults if self.not_needed(code))

    def replaced(self) -> list[tuple[str, str]]:
        """The ("proc", `NAME.base`) rows of the pack's versions of procs that every seat's role replaces
        (`_replaced_by_every_role`) and that never ran: `cover` lists them apart, not as rules missed."""
        return sorted(self.rules[code] for code in self.role_replaced if code not in self.reached)

    def report(self) -> dict[str, tuple[int, list[str]]]:
        """For each group: how many rules it has, and the names of those that never ran (the kind
        defaults `unneeded` and the pack's versions `replaced` by every role are neither)."""
        total: dict = defaultdict(int)
        missing: dict = defaultdict(list)
        for code, (group, name) in self.rules.items():
            if self.not_needed(code) or code in self.role_replaced and code not in self.reached:
                continue   # neither reached nor missed: `unneeded`, `replaced`
            total[group] += 1
            if code not in self.reached:
                missing[group].append(name)
        moving = {kind for name, kind in self.still.items() if name in self.moved}
        for name, kind in self.still.items():
            if kind in moving:
                total[kind] += 1
                if name not in self.moved:
                    missing[kind].append(name)
        # an enum none of whose members any rule set a variable at or to (a constant) has no row, as a kind
        # no rule moved a card of; in one that has, a member a variable started at (a pawn's first space)
        # was reached at setup, though no rule set it there
        reached = self.members_reached | self.members_started
        for enum, members in self.places.members.items() if self.places is not None else ():
            if any(e == enum for e, _member in self.members_reached):
                total[f"enum {enum}"] += len(members)
                missing[f"enum {enum}"] += [m for m in members if (enum, m) not in reached]
        for where, (group, name) in self.branches.items():
            total[group] += 1
            if where not in self.taken:   # a choose's option never listed in a question says so
                never = type(where) is tuple and where not in self.offered
                missing[group].append(f"{name} (never offered)" if never else name)
        return {g: (total[g], sorted(missing[g])) for g in sorted(total)}


def _replaced_by_every_role(program: Program) -> set:
    """The codes of the pack's versions of procs (`NAME.base`, the version the dispatcher of the roles'
    overrides falls back to) that no seat can run: every seat holds a role from the start (`seats ...
    roles`, one for each seat up to the most players) and each of those roles overrides NAME (`NAME.ROLE`).
    A pack version reached anyway (a role's `base()`) is counted as reached, as any rule."""
    g, seats = program.game, program.seat_roles
    if not seats or g is None or len(seats) < g.max_players:
        return set()
    held = seats if program.seat_roles_dealt == "at random" else seats[:g.max_players]   # at random: any of them
    return {program.procs[hidden].__code__ for func, hidden in program.role_bases.items()   # (the resolver's held_base)
            if hidden in program.procs and all(f"{func}.{role}" in program.procs for role in held)
            and getattr(program.procs[hidden], "__code__", None) is not None}


def _own_computed(program: Program, e) -> dict:
    """The computed fields an entity gives itself (`worth = ...;`), not those its kind's default gives."""
    defaults = program.computed_defaults.get(e.kind, {})
    return {f: fn for f, fn in e.computed.items() if fn is not defaults.get(f)}


def _case_offsets(code, case_map: dict, points: dict) -> dict:
    """Instruction offset -> the match cases (rules positions among `points`) whose result the
    instruction evaluates, for one code object of the pack's module: its instructions' positions
    (line and columns) inside a result's columns on that line (Program.case_map)."""
    found: dict = {}
    for i, (line, end_line, column, end_column) in enumerate(code.co_positions()):
        spans = case_map.get(line)
        if spans and column is not None and end_line == line:
            hits = tuple(at for start, end, at, alone in spans if at in points and (
                start <= column and end_column <= end or alone and column <= start and end_column >= end))
            if hits:
                found[2 * i] = hits
    return found


def _firing_card(frame) -> Optional[str]:
    """The card (its declaration's name: every copy counts for it) whose reaction a trigger function
    just entered runs: its `this`, in the saved locals the firing is called with."""
    env = frame.f_locals.get("env")
    this = env.get("this") if type(env) is dict else None
    return this.name.partition("#")[0] if this is not None and hasattr(this, "name") else None


def _reaction_triggers(program: Program) -> dict:
    """(entity name, slot) -> the functions of the triggers each reaction slot (`whenever EVENT in ZONE`
    in a card) registers (reaction_tids)."""
    return {key: [_held_modifier_fn(program, tid) if key[1].startswith("modifier ") else program.triggers[tid][0]
                  for tid in tids] for key, tids in reaction_tids(program).items()}


def _held_modifier_fn(program: Program, mid: str):
    """What running shows a card's modifier used: its consequence (7.7d) when it has one, else its `while`."""
    hook = program.hooks.get(mid)
    return hook[1] if hook is not None and hook[1] is not None else program.conditions[mid]


def reaction_tids(program: Program) -> dict:
    """(entity name, slot) -> the ids of the triggers each reaction slot (`whenever EVENT in ZONE` in a
    card) registers, found by running the slots for one player of a game made for the purpose: every
    player is given them when a game is made, so the slot's own function runs in every game and says
    nothing; the trigger's runs when the reaction fires (its holder asked, or its block run): what
    `cover` and `simulate` count."""
    if not program.reactions:
        return {}
    game = Game(program, (program.seats() or range(2, 3))[0], 1)
    holder, triggers, modifiers = game.state.players[0], game.state.triggers, game.state.modifiers
    found: dict = {}
    for e, slot in program.reactions:   # (a card's modifier, `modifier ... in ZONE`: the ids of its `while`)
        if (e.name, slot) not in found:
            before, made = len(triggers), len(modifiers)
            for _ in game.run_slot(holder, e.copy_for(holder.name) if e.per_player else e, slot, e.span):
                break   # registering asks nothing (Game._react)
            found[e.name, slot] = [m.mid for m in modifiers[made:]] if slot.startswith("modifier ") else \
                [t.tid for t in triggers[before:]]
    return found


def branch_points(symbols) -> dict[str, tuple[str, str]]:
    """The blocks `cover --branches` follows, by the rules position of their first statement:
    (group, name) for every `match` arm (and `else`) and `if` branch (`then`, each
    `else if`, `else`) with a statement in the effects the pack compiles (after overrides and
    removals), named by the position of its `choose`/`match`/`if` and the option's title, the arm's
    values or the branch; and every case (and `else`) of a `match` expression, by its result's
    position ("match case"), taken when its result is evaluated, and every side of an `if ... then
    ... else` value likewise ("if value": `then`, each `else if`, `else`, by its first `if`'s position);
    every `while` body by its first statement, named by the `while`'s position; and every `choose` option, by its
    choose's position and its place among the options (the `where` and the index `Game.choose` is
    given): offered when a question lists it, taken when it is the answer, an empty one too."""
    from rulebook.compiler.layout import effects, layout, where
    from rulebook.dsl import ast as A
    from rulebook.dsl.printer import expr

    def short(node) -> str:
        return where(node).rsplit(":", 1)[0]   # FILE:LINE

    points: dict[str, tuple[str, str]] = {}
    chained: set = set()   # the `else if`s of a chain already named from its first `if` (a value's too)
    # every effect's statements, values and costs (a match expression may stand in a func)
    roots = [e.node if e.shape != "expr" else (e.node,) for e in effects(layout(symbols))]
    for body in roots:
        for node in (n for stmt in body for n in A.walk(stmt)):
            if type(node) is A.Choose:   # every option, an empty one too (`option "pass" {}`): by the choose's
                for i, o in enumerate(node.options):   # position and its place, offered and taken (`_line_hook`)
                    points[where(node), i] = ("choose option", f"{short(node)} {o.title!r}")
            elif type(node) is A.MatchStmt:
                arms = [(", ".join(expr(v) for v in arm.values), arm.body) for arm in node.arms]
                for label, body in arms + [("else", node.otherwise or ())]:
                    if body:
                        points[where(body[0])] = ("match arm", f"{short(node)} {label}")
            elif type(node) is A.Match:   # a match expression: each case by its result (Program.case_map)
                cases = [(", ".join(expr(v) for v in c.values), c.result) for c in node.cases]
                for label, result in cases + ([("else", node.otherwise)] if node.otherwise is not None else []):
                    points.setdefault(where(result), ("match case", f"{short(node)} {label}"))
            elif type(node) is A.If and where(node) not in chained:   # a chain once, from its first `if`
                chain = A.else_if_chain(node)
                chained.update(where(link) for link in chain[1:])
                branches = [("then" if i == 0 else f"else if {expr(link.cond)}", link.then)
                            for i, link in enumerate(chain)] + [("else", chain[-1].otherwise)]
                for label, body in branches:
                    if body:
                        points.setdefault(where(body[0]), ("if branch", f"{short(node)} {label}"))
            elif type(node) is A.Cond and where(node) not in chained:   # a value's sides: by their results
                values = [node]
                while type(values[-1].otherwise) is A.Cond:
                    values.append(values[-1].otherwise)
                chained.update(where(link) for link in values[1:])
                sides = [("then" if i == 0 else f"else if {expr(link.cond)}", link.then)
                         for i, link in enumerate(values)] + [("else", values[-1].otherwise)]
                for label, result in sides:
                    points.setdefault(where(result), ("if value", f"{short(node)} {label}"))
            elif type(node) is A.While and node.body:   # a loop whose body never ran (a rare redeal)
                points.setdefault(where(node.body[0]), ("while body", short(node)))
    return points


def _hooked(play: Callable[[], None], current: Callable, install: Callable, hook: Callable) -> None:
    """Run `play` with `hook` installed (sys.setprofile or sys.settrace), then the previous one back."""
    previous = current()
    install(hook)
    try:
        play()
    finally:
        install(previous)


class GameStopped(Exception):
    """A covered game stopped with a rules error: which game (seed, player count, variants) and why."""

    def __init__(self, seed: int, players: int, setup: list[str], error: RulesRuntimeError):
        self.seed, self.players, self.setup, self.error = seed, players, setup, error
        variants = f" (variant {', '.join(setup)})" if setup else ""   # (an option's: handicap=9)
        super().__init__(f"seed {seed}, {players} players{variants}: {error}")


def setups_of(program: Program, variants: Sequence[str] = ()) -> list[list[str]]:
    """The rule setups to play: the variants given, or else the base rules and each variant alone
    (a variant's rules run only in games with it), then each numeric option at its bounds, one of listed
    values (`9 | 13 | 19`) at each (the base rules play its default)."""
    if variants:
        return [list(variants)]
    bounds = [[f"{name}={value}"] for name, (_title, low, high, default) in program.options.items()
              for value in program.listed.get(name) or dict.fromkeys((low, high)) if value != default]
    return [[]] + [[v] for v in program.variants] + bounds


def cover_games(program: Program, counts: Iterable[int], seeds: range, setups: list[list[str]],
                agent: str = "mixed", branches: Optional[dict] = None, places: Optional[Places] = None,
                enough: Optional[Callable[[Coverage], bool]] = None) -> Coverage:
    """Play every seed of `seeds` for each player count and setup with `agent` agents, measuring which
    rules ran (and which `branches`, from `branch_points`, and enum members, from `enum_places`); a rules
    error stops it with GameStopped. With `enough`, the games stop as soon as it holds after one: a caller
    that needs some rules reached, not every game's counts, plays only the games it needs."""
    coverage = Coverage(program, branches, places)
    for s in seeds:   # seed by seed, every count and setup of a seed before the next: `enough` comes soonest
        for n in counts:
            for setup in [setup for setup in setups if refusal(program, n, setup) is None]:
                try:
                    game = Game(program, n, s, make_agents(agent, n, s), setup)
                    coverage.watch(game)
                    coverage.measure(game.play)
                except RulesRuntimeError as e:
                    raise GameStopped(s, n, setup, e) from e
                coverage.games += 1
                if enough is not None and enough(coverage):
                    coverage.stopped = True
                    return coverage
    return coverage
