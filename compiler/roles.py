"""The checker's findings about roles (docs/language.md 3.17): a role's state, procs and funcs used for a
player the checker cannot know holds the role (W443), or one known to hold another role (E424), and a
role nobody ever holds (W444).

What the checker knows of who holds which role is read from the rules as written, as facts (WHO, ROLE),
WHO the subject as printed (`you`, `p`, `q.partner`):

* in a role's own procs, funcs and overrides, `you` holds the role;
* where `X is ROLE` holds: the `then` of an `if` or of an `if ... then ... else`, the right of an `and`,
  and the body (or value) of a `for each`, `pick`, aggregate or `each` whose `where` tests it;
* in `for each p in holders(ROLE)`, p holds it; in `each holders(ROLE) { ... }` and in `each p { ... }` with
  p known to hold it, `you` does;
* in a proc of the pack's every call of which (a call, its value, `can`, `after`) is where `you` holds one role
  (`each holders(dragon) { score_hoard(); }`), or in a proc that role alone reaches so, `you` holds it (the
  declarations are read twice: the second time with what the first found of the calls);
* in a card's override, anytime slot, reaction or modifier used from zones of one role alone (`in slot`, a
  zone the role declares), `you` (the card's holder) holds that role: a reaction's or a modifier's zone
  test is `you is ROLE and contains(slot, this)` for a role's zone (resolve._indexed_slot_zones). Not in a
  card's option of an open choose: the runtime tests its zone for every player, which fails (E601) for a
  player without the role, and W443 at that zone test says so.

A read for a player holding another role is E424 (a player holds one role: it always fails at play);
one for a player of whom nothing is known is W443 (it fails at play, E601, for a player without it).
"""

from __future__ import annotations

from typing import Optional

from rulebook.dsl import ast as A
from rulebook.dsl.diagnostics import Diagnostic
from rulebook.dsl.printer import expr as printed

from .resolve import HELD_USES, tokens_in

YOU = "you"


def _key(e) -> str:
    return YOU if isinstance(e, A.You) else printed(e)


class _Reads:
    def __init__(self, sym):
        self.sym = sym
        self.roles = sym.roles
        self.role_of = sym.role_of
        self.found: dict = {}   # span -> Diagnostic (one finding a place)
        self.rule = ""   # the declaration walked (a proc, a role's override `turn.spy`): W578 names it
        # a public counter -> each change of it: (span, rule, the hidden roles `you` is known to hold there)
        self.changes: dict = {}
        # a proc -> each call of it: (the rule calling, the roles `you` is known to hold there; W578 reads the hidden)
        self.calls: dict = {}
        self.named: set = set()  # the names read otherwise than called (a proc named so may run from anywhere)

    def facts(self, cond) -> frozenset:
        """What a condition tells of roles where it holds."""
        if type(cond) is A.IsKind and cond.kind in self.roles and cond.subject is not None:
            return frozenset({(_key(cond.subject), cond.kind)})
        if type(cond) is A.Binary and cond.op == "and":
            return self.facts(cond.left) | self.facts(cond.right)
        if type(cond) is A.Call and cond.func == HELD_USES and [printed(a) for a in cond.args[1:]] == [A.ROLE_ZONE] \
                and type(cond.args[0]) is A.Name and cond.args[0].id in self.roles:   # a role's own option's guard
            return frozenset({(YOU, cond.args[0].id)})
        return frozenset()

    def held_in(self, places) -> Optional[str]:
        """ROLE when every zone a card's override, anytime slot, reaction or modifier is used from is a zone of
        that one role (`in slot`, a leader slot the role declares): only its holders have it. (An option's
        zone is tested for every player, E601 at play for one without the role: not narrowed, W443 says so
        at that test.)"""
        held = {self.role_of.get(A.place_zone(p)) for p in places}
        return held.pop() if len(held) == 1 and None not in held and \
            isinstance(self.sym.decls.get(A.place_zone(places[0])), A.Zone) else None

    def holders_of(self, domain) -> Optional[str]:
        """ROLE when a domain is `holders(ROLE)`."""
        if type(domain) is A.Call and domain.func == "holders" and len(domain.args) == 1 \
                and type(domain.args[0]) is A.Name and domain.args[0].id in self.roles:
            return domain.args[0].id
        return None

    def need(self, who: str, name: str, facts: frozenset, span, what: str) -> None:
        role = self.role_of[name]
        if (who, role) in facts or span in self.found:
            return
        title = self.roles[role].title or role
        other = next((r for k, r in facts if k == who and r != role), None)
        whose = "your" if who == YOU else f"{who}'s"
        if other is not None:
            self.found[span] = Diagnostic(
                "E424", f"{what} {name!r} is the role {title}'s, and here {who} {'hold' if who == YOU else 'holds'} "
                f"the role {self.roles[other].title or other}: a player holds one role, so it is never there",
                span, f"test the holder: 'if {who} is {role} {{ ... }}'")
        else:
            self.found[span] = Diagnostic(
                "W443", f"{what} {name!r} is the role {title}'s: it exists only for the players holding it, and "
                f"nothing here says {whose} role is {role} (E601 at play for any other)", span,
                f"test it first ('if {who} is {role} {{ ... }}'), go through 'holders({role})', or declare this "
                f"in role {role}")

    def veiled(self, facts: frozenset) -> frozenset:
        """The `hidden` roles `you` is known to hold where `facts` hold."""
        return frozenset(r for k, r in facts if k == YOU and self.roles[r].hidden)

    def changed(self, name: str, facts: frozenset, span) -> None:
        """Note a change of a public counter or variable of the pack's (W578 reads them all at the end)."""
        d = self.sym.decls.get(name)
        if type(d) in (A.Counter, A.Var) and not d.hidden and not d.internal and name not in self.role_of:
            self.changes.setdefault(name, []).append((span, self.rule, self.veiled(facts)))

    def held_by(self, facts: frozenset) -> frozenset:
        """The roles `you` is known to hold where `facts` hold."""
        return frozenset(r for k, r in facts if k == YOU)

    def reached_by(self, rule: str, seen: frozenset = frozenset(), hidden: bool = True) -> frozenset:
        """The one role (with `hidden`, hidden role) whose holders alone run `rule` (as a set; empty: anyone may): a
        proc of the pack's every call of which is where `you` holds that role (`each holders(eyrie) { roost(); }`,
        `if you is spy { sabotage(); }`), or in a proc that role alone reaches, or in the role's own rules. A proc
        never called, named otherwise than in a call, or calling itself is anyone's."""
        calls = self.calls.get(rule)
        if not calls or rule in self.named or rule in seen or type(self.sym.decls.get(rule)) is not A.Proc:
            return frozenset()
        sides = {frozenset(r for r in roles if self.roles[r].hidden or not hidden) or
                 self.reached_by(caller, seen | {rule}, hidden) for caller, roles in calls}
        return sides.pop() if len(sides) == 1 else frozenset()

    def walk(self, n, facts: frozenset) -> None:
        t = type(n)
        if t is A.Name:
            self.named.add(n.id)
            if n.id in self.role_of and self.sym.category(n.id) in ("counter", "var", "zone"):
                self.need(YOU, n.id, facts, n.span, self.sym.category(n.id))
            return
        if t in (A.Attr, A.Method):
            self.named.add(n.name)
            if n.name in self.role_of:
                self.need(_key(n.obj), n.name, facts, n.span, self.sym.category(n.name) or "name")
            self.walk(n.obj, facts)
            for a in getattr(n, "args", ()):
                self.walk(a, facts)
            return
        if t in (A.Call, A.CallStmt) and n.func in self.role_of:
            self.need(YOU, n.func, facts, n.span, self.sym.category(n.func))
        if t is A.CallStmt:
            self.calls.setdefault(n.func, []).append((self.rule, self.held_by(facts)))
        elif t in (A.Call, A.CanOpen, A.After):   # a proc run for a value, or its opening read (`can`), for `you`
            proc = n.func if t is A.Call else n.proc
            if type(self.sym.decls.get(proc)) is A.Proc:
                self.calls.setdefault(proc, []).append((self.rule, self.held_by(facts)))
        if t in (A.Gain, A.Lose, A.SetName):
            name = n.name if t is A.SetName else n.resource
            if name in self.role_of and getattr(n, "on", None) is None:
                self.need(YOU, name, facts, n.span, self.sym.category(name))
            if getattr(n, "on", None) is None:
                self.changed(name, facts, n.span)
        if t is A.Shift:   # `shift 1 warriors[a] to warriors[b];` of a role's counter
            for name in dict.fromkeys((n.counter, n.dest_counter)):
                if name in self.role_of:
                    self.need(YOU, name, facts, n.span, self.sym.category(name))
                self.changed(name, facts, n.span)
        if t in (A.If, A.Cond):
            self.walk(n.cond, facts)
            for part in (n.then if t is A.If else (n.then,)):
                self.walk(part, facts | self.facts(n.cond))
            for part in (n.otherwise if t is A.If else (n.otherwise,)):
                self.walk(part, facts)
            return
        if t is A.Option and n.guard is not None:   # a guarded option (a role's own, added to an open choose)
            self.walk(n.guard, facts)
            for part in n.body:
                self.walk(part, facts | self.facts(n.guard))
            return
        if t is A.Binary and n.op == "and":
            self.walk(n.left, facts)
            self.walk(n.right, facts | self.facts(n.left))
            return
        if t is A.Each:
            self.walk(n.domain, facts)
            who = _key(n.domain)
            role = self.holders_of(n.domain)
            inner = frozenset(f for f in facts if f[0] != YOU) | frozenset((YOU, r) for k, r in facts if k == who)
            if role is not None:
                inner |= {(YOU, role)}
            if n.where is not None:
                self.walk(n.where, inner)
                inner |= self.facts(n.where)
            for s in n.body:
                self.walk(s, inner)
            return
        where = getattr(n, "where", None) if t is not A.Each else None
        if where is not None or t in (A.ForEach, A.Aggregate, A.Pick):
            inner = facts
            var = getattr(n, "var", None)
            role = self.holders_of(getattr(n, "domain", None))
            if var is not None and role is not None:
                inner = inner | {(var, role)}
            domain = getattr(n, "domain", None)
            if domain is not None:
                self.walk(domain, facts)
            if where is not None:
                self.walk(where, inner)
                inner = inner | self.facts(where)
            for child in n.children():
                if child is not domain and child is not where:
                    self.walk(child, inner)
            return
        places = getattr(n, "places", ())   # where a card is held (`in leader_slot`): no read
        role = self.held_in(places) if places and t in (A.HeldOverride, A.Anytime, A.Reaction, A.HeldModifier, A.HeldOption) \
            else None
        if role is not None:   # a card's override, anytime slot, reaction or modifier used from a role's zone alone
            facts = facts | {(YOU, role)}
        for child in n.children():
            if not any(child is p for p in places):
                self.walk(child, facts)


def role_findings(sym, sources: Optional[dict] = None) -> list[Diagnostic]:
    """W443, E424, W444, W550, W552, W565 and W578 of a pack with roles (none without); `sources` (file ->
    text) place W565 at the words it is about."""
    if not sym.roles:
        return []
    reads = _walked(sym, {})
    # a proc of the pack's that only one role's holders run (called only where `you` holds it: `each
    # holders(eyrie) { roost(); }`) is read again as that role's own: its holder holds the role there
    entered = {name: role for name in reads.calls for role in reads.reached_by(name, hidden=False)}
    if entered:
        reads = _walked(sym, entered)
    seated = [r.id for r in (sym.game.roles or ())] if sym.game is not None else []
    given = set(seated)
    by_give: set = set()   # the roles a `give` may give (by value: every one)
    for n in (n for d in sym.decls.values() for n in A.walk(d)):
        if type(n) is A.GiveRole:   # `give p role r;`, r a value: it may give any role
            named = n.role.id if type(n.role) is A.Name and n.role.id in sym.roles else None
            given.update((named,) if named else sym.roles)
            by_give.update((named,) if named else sym.roles)
    found = list(reads.found.values()) + unfiltered_gives(sym)
    dealt = sym.game is not None and sym.game.roles_dealt
    for r in () if dealt or sym.game is None else (sym.game.roles or ()):   # a hidden role given by seat order
        if r.id in sym.roles and sym.roles[r.id].hidden:
            found.append(Diagnostic("W552", f"role {r.id!r} is 'hidden', but the seats line gives it by seat order: every "
                                    f"player knows which seat holds it", r.span,
                                    "deal the roles with 'at random' after the last one, or give them in the setup "
                                    "from a secret pick"))
            break
    for name, role in sym.roles.items():   # a side one seat at most holds: `shared` changes nothing
        if role.shared and seated.count(name) == 1 and name not in by_give:
            found.append(Diagnostic("W550", f"role {name!r} is 'shared', but one seat alone holds it and no 'give' gives "
                                    "it: it is never a side of several players", role.span,
                                    f"name it for each seat of the side ('seats ... roles ..., {name}, {name};'), or "
                                    "drop 'shared'"))
    for name, role in sym.roles.items():   # a lone secret identity: nobody else holds it to be known to
        if role.known and not role.shared:
            found.append(Diagnostic("W565", f"role {name!r} is 'known to holders' but not 'shared': one player holds it, "
                                    "there are no fellow holders to know each other", _known_words(sources, role),
                                    f"write 'role {name} ... shared hidden known to holders' for a side of several "
                                    "(the spies), or drop 'known to holders'"))
    found.extend(_telling_counters(reads))
    for name, role in sym.roles.items():
        if name not in given:
            found.append(Diagnostic("W444", f"no seat holds role {name!r} and no 'give' gives it: its state and rules "
                                    "are never used", role.span,
                                    f"hold it from the start ('seats ... roles {name}, ...;') or give it "
                                    f"('give p role {name};')"))
    return found


def _walked(sym, entered: dict) -> _Reads:
    """Every declaration read for roles (`_Reads.walk`), `you` known to hold a role in the role's own rules, in a
    card's version held from a role's zone alone, and in the procs `entered` names (proc -> the role whose holders
    alone run it)."""
    reads = _Reads(sym)
    # a card's version of a func or proc (`NAME.CARD`), held from a role's zone alone: its holder holds that role
    versions = {version: reads.held_in(h.places) for held in sym.held.values() for _d, h, version in held
                if h.places}
    for name, d in sym.decls.items():
        if isinstance(d, A.Entity) and d.kind == A.ROLE_KIND:
            continue   # its overrides are walked as the versions they make (`turn.marquise`)
        owner = sym.role_of.get(name)
        if owner is None and "." in name and name.rpartition(".")[2] in sym.roles:   # a role's version
            owner = name.rpartition(".")[2]
        if owner is None:
            owner = versions.get(name) or entered.get(name)
        reads.rule = name
        reads.walk(d, frozenset({(YOU, owner)}) if owner is not None else frozenset())
    return reads


def _known_words(sources: Optional[dict], role) -> A.Span:
    """Where a role writes `known to holders` (the words W565 is about); the role's span without its source."""
    words = tokens_in(sources or {}, role.span)
    at = next((i for i, (_l, _c, t) in enumerate(words) if t == "known"), None)
    if at is None or at + 2 >= len(words) or words[at + 2][2] != "holders":
        return role.span
    (line, col, _t), (end_line, end_col, last) = words[at], words[at + 2]
    return A.Span(role.span.file, line, col, end_line, end_col + len(last))


def _telling_counters(reads: _Reads) -> list[Diagnostic]:
    """W578: a public counter or variable that only the rules of one hidden role change (`gain 1 sabotage;` in a
    spy's rule alone, or in a proc only the role's rules call; `set sabotaged = true;` likewise): it changes when,
    and on the row of, a holder acts, so it tells everyone who holds the role. Read from the rules as written, as
    W443 is."""
    found = []
    for name, changes in reads.changes.items():
        sides = {roles or reads.reached_by(rule) for _span, rule, roles in changes}
        if len(sides) != 1 or len(next(iter(sides))) != 1:
            continue   # some change is anyone's (or of two sides): the counter tells nothing of one side
        role = next(iter(next(iter(sides))))
        span, rule, _roles = changes[0]
        base, _dot, version = rule.rpartition(".")
        where = f"role {version}'s version of {base!r}" if version in reads.roles and base else repr(rule)
        title = reads.roles[role].title or role
        d = reads.sym.decls[name]
        fix = "'internal': kept off the screens" if d.is_global else "'hidden': each player sees their own"
        what, moves = ("counter", "moves") if type(d) is A.Counter else ("variable", "changes")
        found.append(Diagnostic(
            "W578", f"{what} {name!r} is public, and only rules of the hidden role {title} ({role!r}) change it "
            f"(here, in {where}): when it {moves}, everyone learns who holds the role", span,
            f"make the {what} {fix}; or change it in a rule both sides reach"))
    return found


LOOPS = (A.Each, A.ForEach, A.Repeat, A.RepeatStable, A.While)


def unfiltered_gives(sym) -> list[Diagnostic]:
    """W503: `give P role r;` with r picked among the roles (`pick r from role { ... }`, `from [medic, ...]`)
    without a `where`, the pick inside a loop (`each players { ... }`): a later pass may pick a role given
    already, which stops play (E601, a role is one player's). Read from the rules as written: a pick in a proc
    that a loop calls is not seen."""
    found: list = []

    def of_roles(domain) -> bool:
        if type(domain) is A.Name:
            return domain.id == A.ROLE_KIND
        return type(domain) is A.ListLit and bool(domain.items) and \
            all(type(x) is A.Name and x.id in sym.roles for x in domain.items)

    def walk(n, looped: bool, bound: dict) -> None:
        t = type(n)
        if t is A.GiveRole and type(n.role) is A.Name and bound.get(n.role.id):
            var, pick = n.role.id, bound[n.role.id]
            found.append(Diagnostic(
                "W503", f"{var!r} is picked among all the roles, and this runs again (a loop holds the pick): "
                f"a role given already may be picked, and giving it stops play (E601: a role is one player's)",
                n.span, f"pick among the roles left: 'pick {var} from {printed(pick.domain)} where "
                f"size(holders({var})) == 0 ...'"))
            return
        if t is A.Pick and n.where is None and (looped or n.repeated) and of_roles(n.domain):
            bound = {**bound, n.var: n}
        elif t is A.Pick and n.var in bound:
            bound = {k: v for k, v in bound.items() if k != n.var}
        inner = looped or t in LOOPS
        for child in n.children():
            walk(child, inner, bound)

    for d in sym.decls.values():
        walk(d, False, {})
    return found
