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


def describe(stmts: tuple, depth: int = 0) -> list[str]:
    """English sentences for a block, indented by nesting."""
    out: list[str] = []
    pad = "  " * depth

    def say(text: str) -> None:
        out.append(pad + text)

    for s in stmts:
        if isinstance(s, A.Gain):
            say(f"Gain {_amount(s.amount)} {s.resource}.")
        elif isinstance(s, A.Lose):
            extra = f"; you may take {s.debt} for any part you do not pay" if s.debt else ""
            say(f"Lose {_amount(s.amount)} {s.resource} (never below zero){extra}.")
        elif isinstance(s, A.Pay):
            say(f"Pay {_cost_words(s.terms)}.")
        elif isinstance(s, A.Advance):
            by = _amount(s.by) if s.by is not None else "1"
            paid = ", paying the next space's cost," if s.paying else ""
            say(f"Advance {by}{paid} on the {s.track} track" + ("" if s.benefit else " without its benefit or bonus") + ".")
        elif isinstance(s, A.Regress):
            say(f"Regress {_amount(s.by) if s.by is not None else '1'} on the {s.track} track.")
        elif isinstance(s, A.Choose):
            say("Choose one" + (f" ({s.title})" if s.title else "") + ":")
            for i, o in enumerate(s.options, start=1):
                guard = f", only if {expr(o.guard)}" if o.guard is not None else ""
                out.append(pad + f"  {i}. {o.title or 'option ' + str(i)}{guard}:")
                out.extend(describe(o.body, depth + 2))
        elif isinstance(s, A.May):
            paid = f" pay {_cost_words(s.cost)} to" if s.cost else ""
            say(f"You may{paid}:")
            out.extend(describe(s.body, depth + 1))
        elif isinstance(s, A.Repeat):
            say(f"Repeat {_amount(s.count)} times:")
            out.extend(describe(s.body, depth + 1))
        elif isinstance(s, A.ForEach):
            where = f" where {expr(s.where)}" if s.where is not None else ""
            say(f"For each {s.var} in {expr(s.domain)}{where}:")
            out.extend(describe(s.body, depth + 1))
        elif isinstance(s, A.Each):
            where = f" for whom {expr(s.where)}" if s.where is not None else ""
            say(f"For {_who(s.domain)}{where}, that player does:")
            out.extend(describe(s.body, depth + 1))
        elif isinstance(s, A.If):
            say(f"If {expr(s.cond)}:")
            out.extend(describe(s.then, depth + 1))
            if s.otherwise:
                say("Otherwise:")
                out.extend(describe(s.otherwise, depth + 1))
        elif isinstance(s, A.Let):
            say(f"Let {s.name} be {expr(s.value)}.")
        elif isinstance(s, A.SetName):
            say(f"Set {s.name} to {expr(s.value)}.")
        elif isinstance(s, A.SetAttr):
            say(f"Set {expr(s.obj)}'s {s.name} to {expr(s.value)}.")
        elif isinstance(s, A.CallStmt):
            say(f"Do {s.func}({', '.join(expr(a) for a in s.args)}).")
        elif isinstance(s, A.Draw):
            say(f"Draw {_amount(s.count)} from {expr(s.source)} into {expr(s.dest) if s.dest else 'your hand'}.")
        elif isinstance(s, A.Move):
            say(f"Put {expr(s.item)} into {expr(s.dest)}.")
        elif isinstance(s, A.Shuffle):
            say(f"Shuffle {expr(s.zone)}.")
        elif isinstance(s, A.Fill):
            where = f" where {expr(s.where)}" if s.where is not None else ""
            say(f"Put every {s.kind}{where} into {expr(s.zone)}.")
        elif isinstance(s, A.Flip):
            say(f"Flip {expr(s.item)}.")
        elif isinstance(s, A.Roll):
            say(f"Roll the {s.die} die and apply its face.")
        elif isinstance(s, A.Whenever):
            p = s.pattern
            who = "you" if p.subject is None or isinstance(p.subject, A.You) else expr(p.subject)
            args = ", ".join(f"{a.name} {expr(a.value)}" for a in p.args)
            when = f"{'The next time' if s.once else 'Whenever'} {who} {p.event}" + (f" ({args})" if args else "")
            until = f", until {pattern(s.until)}" if s.until else ""
            say(f"{when}{until}:")
            out.extend(describe(s.body, depth + 1))
        elif isinstance(s, A.Emit):
            say(f"Announce {s.event}({', '.join(expr(a) for a in s.args)}).")
        elif isinstance(s, A.Copy):
            say(f"Carry out the {s.ref.name} effect of {expr(s.ref.obj)}." if isinstance(s.ref, A.Attr)
                else f"Copy {expr(s.ref)}.")
        elif isinstance(s, A.Once):
            say("Once per game:")
            out.extend(describe(s.body, depth + 1))
        elif isinstance(s, A.Rank):
            prizes = ", ".join(expr(p) for p in s.prizes)
            rule = {"split": "tied players share the prizes of the places they take",
                    "all": "every tied player gets the full prize",
                    "none": "tied players get nothing"}.get(s.ties, s.ties)
            where = f" (only those where {expr(s.where)})" if s.where is not None else ""
            say(f"Rank {expr(s.domain)}{where} by {expr(s.key)}; award {prizes} {s.resource} by place ({rule}).")
        elif isinstance(s, A.Pick):
            where = f" where {expr(s.where)}" if s.where is not None else ""
            say(f"Pick {'at most' if s.optional else ''} one {s.var} from {expr(s.domain)}{where}, then:".replace("  ", " "))
            out.extend(describe(s.body, depth + 1))
        elif isinstance(s, A.Say):
            say(f"Note: {s.text}")
    return out


def explain(decl) -> list[str]:
    """A plain-language reading of any declaration."""
    kind = decl.kind if isinstance(decl, A.Entity) else CATEGORY.get(type(decl), "declaration")
    title = f" \"{decl.title}\"" if getattr(decl, "title", None) else ""
    lines = [f"{kind} {decl.name}{title}"]
    if isinstance(decl, A.Entity):
        for v in decl.values:
            lines.append(f"  {v.name}: {expr(v.value)}")
        for e in decl.effects:
            lines.append(f"  {e.name}:")
            lines.extend(describe(e.body, 2))
    elif isinstance(decl, A.Track):
        for sp in decl.spaces:
            head = f"  space {sp.position}" + (f" {sp.title}" if sp.title else "") + \
                (f", tier {sp.tier}" if sp.tier else "") + (f", costs {_cost_words(sp.cost)}" if sp.cost else "")
            lines.append(head + ":")
            lines.extend(describe(sp.body, 2))
            if sp.bonus:
                lines.append(f"    bonus: you may pay {_cost_words(sp.bonus_cost)} to:")
                lines.extend(describe(sp.bonus, 3))
        for r in decl.reaches:
            lines.append(f"  the first player to reach space {r.position}:")
            lines.extend(describe(r.body, 2))
    elif isinstance(decl, A.Proc):
        lines.extend(describe(decl.body, 1))
    elif isinstance(decl, A.Game):
        lines.append(f"  {decl.min_players} to {decl.max_players} players")
        for phase in ("setup", "play", "final"):
            lines.append(f"  {phase}:")
            lines.extend(describe(getattr(decl, phase), 2))
    elif isinstance(decl, A.Die):
        for i, f in enumerate(decl.faces, start=1):
            lines.append(f"  face {i}" + (f" {f.title}" if f.title else "") + ":")
            lines.extend(describe(f.body, 2))
    elif isinstance(decl, A.Resource):
        lines.append("  a stock each player keeps" + (f", at most {expr(decl.cap)}" if decl.cap else ""))
    elif isinstance(decl, A.Counter):
        lines.append("  a shared counter" if decl.is_global else "  a counter each player keeps")
    return lines
