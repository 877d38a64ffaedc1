"""Explain: a declaration's source, where it is, and a plain-language reading of what it does."""

from __future__ import annotations

from rulebook.dsl import ast as A
from rulebook.dsl.printer import cost, expr, pattern

from .resolve import CATEGORY


def _amount(e) -> str:
    return expr(e)


def _cost_words(terms) -> str:
    return cost(terms).replace("any(", "any of (").replace("different(", "different of (")


def _who(domain) -> str:
    text = expr(domain)
    return {"opponents": "each opponent", "players": "each player", "neighbours": "each neighbour",
            "left": "your left neighbour", "right": "your right neighbour"}.get(text, f"each of {text}")


class Reader(A.Visitor):
    """Reads statements and declarations out in English, one line per sentence, indented by nesting."""

    def __init__(self):
        self.lines: list[str] = []

    def say(self, depth: int, text: str) -> None:
        self.lines.append("  " * depth + text)

    def block(self, stmts: tuple, depth: int) -> None:
        for s in stmts:
            self.visit(s, depth)

    def visit_Expr(self, e, depth: int) -> None:
        self.say(depth, expr(e))

    def visit_Gain(self, s, depth: int) -> None:
        self.say(depth, f"Gain {_amount(s.amount)} {s.resource}.")

    def visit_Lose(self, s, depth: int) -> None:
        extra = f"; you may take {s.debt} for any part you do not pay" if s.debt else ""
        self.say(depth, f"Lose {_amount(s.amount)} {s.resource} (never below zero){extra}.")

    def visit_Pay(self, s, depth: int) -> None:
        self.say(depth, f"Pay {_cost_words(s.terms)}.")

    def visit_Advance(self, s, depth: int) -> None:
        by = _amount(s.by) if s.by is not None else "1"
        paid = ", paying the next space's cost," if s.paying else ""
        self.say(depth, f"Advance {by}{paid} on the {s.track} track" + ("" if s.benefit else " without its benefit or bonus") + ".")

    def visit_Regress(self, s, depth: int) -> None:
        self.say(depth, f"Regress {_amount(s.by) if s.by is not None else '1'} on the {s.track} track.")

    def visit_Choose(self, s, depth: int) -> None:
        self.say(depth, "Choose one" + (f" ({s.title})" if s.title else "") + ":")
        for i, o in enumerate(s.options, start=1):
            guard = f", only if {expr(o.guard)}" if o.guard is not None else ""
            self.say(depth, f"  {i}. {o.title or 'option ' + str(i)}{guard}:")
            self.block(o.body, depth + 2)

    def visit_May(self, s, depth: int) -> None:
        paid = f" pay {_cost_words(s.cost)} to" if s.cost else ""
        self.say(depth, f"You may{paid}:")
        self.block(s.body, depth + 1)

    def visit_While(self, s, depth: int) -> None:
        self.say(depth, f"As long as {expr(s.cond)}:")
        self.block(s.body, depth + 1)

    def visit_Repeat(self, s, depth: int) -> None:
        self.say(depth, f"Repeat {_amount(s.count)} times:")
        self.block(s.body, depth + 1)

    def visit_ForEach(self, s, depth: int) -> None:
        where = f" where {expr(s.where)}" if s.where is not None else ""
        self.say(depth, f"For each {s.var} in {expr(s.domain)}{where}:")
        self.block(s.body, depth + 1)

    def visit_Each(self, s, depth: int) -> None:
        where = f" for whom {expr(s.where)}" if s.where is not None else ""
        self.say(depth, f"For {_who(s.domain)}{where}, that player does:")
        self.block(s.body, depth + 1)

    def visit_If(self, s, depth: int) -> None:
        chain = A.else_if_chain(s)
        for i, branch in enumerate(chain):
            self.say(depth, f"{'Otherwise, if' if i else 'If'} {expr(branch.cond)}:")
            self.block(branch.then, depth + 1)
        if chain[-1].otherwise:
            self.say(depth, "Otherwise:")
            self.block(chain[-1].otherwise, depth + 1)

    def visit_Let(self, s, depth: int) -> None:
        self.say(depth, f"Let {s.name} be {expr(s.value)}.")

    def visit_SetName(self, s, depth: int) -> None:
        self.say(depth, f"Set {s.name} to {expr(s.value)}.")

    def visit_SetAttr(self, s, depth: int) -> None:
        self.say(depth, f"Set {expr(s.obj)}'s {s.name} to {expr(s.value)}.")

    def visit_CallStmt(self, s, depth: int) -> None:
        self.say(depth, f"Do {s.func}({', '.join(expr(a) for a in s.args)}).")

    def visit_Draw(self, s, depth: int) -> None:
        which = f" (only those where {expr(s.where)})" if s.where is not None else ""
        self.say(depth, f"Draw {_amount(s.count)} from {expr(s.source)}{which} into "
                        f"{expr(s.dest) if s.dest else 'your hand'}.")

    def visit_Move(self, s, depth: int) -> None:
        self.say(depth, f"Put {expr(s.item)} {'on top of' if s.top else 'into'} {expr(s.dest)}.")

    def visit_Shuffle(self, s, depth: int) -> None:
        self.say(depth, f"Shuffle {expr(s.zone)}.")

    def visit_Fill(self, s, depth: int) -> None:
        where = f" where {expr(s.where)}" if s.where is not None else ""
        self.say(depth, f"Put every {s.kind}{where} into {expr(s.zone)}.")

    def visit_Flip(self, s, depth: int) -> None:
        self.say(depth, f"Flip {expr(s.item)}.")

    def visit_Roll(self, s, depth: int) -> None:
        self.say(depth, f"Roll the {s.die} die and apply its face.")

    def visit_Whenever(self, s, depth: int) -> None:
        p = s.pattern
        who = "you" if p.subject is None or isinstance(p.subject, A.You) else expr(p.subject)
        args = ", ".join(f"{a.name} {expr(a.value)}" for a in p.args)
        when = f"{'The next time' if s.once else 'Whenever'} {who} {p.event}" + (f" ({args})" if args else "")
        until = f", until {pattern(s.until)}" if s.until else ""
        self.say(depth, f"{when}{until}:")
        self.block(s.body, depth + 1)

    def visit_Emit(self, s, depth: int) -> None:
        self.say(depth, f"Announce {s.event}({', '.join(expr(a) for a in s.args)}).")

    def visit_Copy(self, s, depth: int) -> None:
        self.say(depth, f"Carry out the {s.ref.name} effect of {expr(s.ref.obj)}." if isinstance(s.ref, A.Attr)
            else f"Copy {expr(s.ref)}.")

    def visit_Once(self, s, depth: int) -> None:
        self.say(depth, "Once per game:")
        self.block(s.body, depth + 1)

    def visit_Rank(self, s, depth: int) -> None:
        prizes = ", ".join(expr(p) for p in s.prizes)
        rule = {"split": "tied players share the prizes of the places they take",
                "all": "every tied player gets the full prize",
                "none": "tied players get nothing"}.get(s.ties, s.ties)
        where = f" (only those where {expr(s.where)})" if s.where is not None else ""
        self.say(depth, f"Rank {expr(s.domain)}{where} by {expr(s.key)}; award {prizes} {s.resource} by place ({rule}).")

    def visit_Pick(self, s, depth: int) -> None:
        where = f" where {expr(s.where)}" if s.where is not None else ""
        self.say(depth, f"Pick {'at most' if s.optional else ''} one {s.var} from {expr(s.domain)}{where}, then:".replace("  ", " "))
        self.block(s.body, depth + 1)

    def visit_Simultaneous(self, s, depth: int) -> None:
        p = s.pick
        where = f" for whom {expr(s.where)}" if s.where is not None else ""
        pwhere = f" where {expr(p.where)}" if p.where is not None else ""
        self.say(depth, f"{_who(s.domain).capitalize()}{where} secretly picks {'at most ' if p.optional else ''}"
                 f"one {p.var} from {expr(p.domain)}{pwhere}; once all have picked, the picks are revealed "
                 "and each of them, in seat order, does:")
        self.block(p.body, depth + 1)

    def visit_Reveal(self, s, depth: int) -> None:
        self.say(depth, f"Reveal {expr(s.item)} to every player.")

    def visit_Look(self, s, depth: int) -> None:
        self.say(depth, f"Look at {expr(s.item)} (only you see it).")

    def visit_Say(self, s, depth: int) -> None:
        self.say(depth, f"Note: {s.text}")


    # ------------------------------------------------------------------ declarations
    def visit_Decl(self, d, depth: int) -> None:
        """Declarations whose heading says it all (groups, enums, kinds, zones, variants...)."""

    def visit_Override(self, d, depth: int) -> None:
        self.visit(d.decl, depth)

    def visit_Entity(self, d, depth: int) -> None:
        for v in d.values:
            self.say(depth, f"{v.name}: {expr(v.value)}")
        for e in d.effects:
            self.say(depth, f"{e.name}:")
            self.block(e.body, depth + 1)

    def visit_Track(self, d, depth: int) -> None:
        for sp in d.spaces:
            self.say(depth, f"space {sp.position}" + (f" {sp.title}" if sp.title else "") +
                     (f", tier {sp.tier}" if sp.tier else "") + (f", costs {_cost_words(sp.cost)}" if sp.cost else "") + ":")
            self.block(sp.body, depth + 1)
            if sp.bonus:
                self.say(depth + 1, f"bonus: you may pay {_cost_words(sp.bonus_cost)} to:")
                self.block(sp.bonus, depth + 2)
        for r in d.reaches:
            self.say(depth, f"the first player to reach space {r.position}:")
            self.block(r.body, depth + 1)

    def visit_Proc(self, d, depth: int) -> None:
        self.block(d.body, depth)

    def visit_Game(self, d, depth: int) -> None:
        self.say(depth, f"{d.min_players} to {d.max_players} players")
        for phase in ("setup", "play", "final"):
            self.say(depth, f"{phase}:")
            self.block(getattr(d, phase), depth + 1)

    def visit_Die(self, d, depth: int) -> None:
        for i, f in enumerate(d.faces, start=1):
            self.say(depth, f"face {i}" + (f" {f.title}" if f.title else "") + ":")
            self.block(f.body, depth + 1)

    def visit_Resource(self, d, depth: int) -> None:
        self.say(depth, "a stock each player keeps" + (f", at most {expr(d.cap)}" if d.cap else ""))

    def visit_Counter(self, d, depth: int) -> None:
        self.say(depth, "a shared counter" if d.is_global else "a counter each player keeps")


def describe(stmts: tuple, depth: int = 0) -> list[str]:
    """English sentences for a block, indented by nesting."""
    reader = Reader()
    reader.block(stmts, depth)
    return reader.lines


def explain(decl) -> list[str]:
    """A plain-language reading of any declaration."""
    kind = decl.kind if isinstance(decl, A.Entity) else CATEGORY.get(type(decl), "declaration")
    title = f" \"{decl.title}\"" if getattr(decl, "title", None) else ""
    reader = Reader()
    reader.lines.append(f"{kind} {decl.name}{title}")
    reader.visit(decl, 1)
    return reader.lines
