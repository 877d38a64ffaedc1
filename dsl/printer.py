"""Print AST nodes back as canonical rules text (`rulebook fmt`); parse(print(m)) == m."""

from __future__ import annotations

import bisect
import difflib
from typing import Optional

from . import ast as A
from .lexer import LINE_BREAK, Comment
from .parser import deep_recursion, parse_text, scan

PRECEDENCE = {"if": 0, "or": 1, "and": 2, "not": 3, "==": 4, "!=": 4, "<": 4, "<=": 4, ">": 4, ">=": 4,
              "+": 5, "-": 5, "*": 6, "/": 6, "%": 6}
INDENT = "  "
LINE_WIDTH = 110   # a `match` that would make a longer line is written one case a line


def quote(text: str) -> str:
    """A rules string literal."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def say_text(parts: tuple) -> str:
    """A `say` text literal: literal parts with their braces doubled, values in `{...}`."""
    pieces = [quote(p)[1:-1].replace("{", "{{").replace("}", "}}") if isinstance(p, str) else "{" + expr(p) + "}"
              for p in parts]
    return '"' + "".join(pieces) + '"'


def precedence(e) -> int:
    """How tightly an expression binds (higher binds tighter); atoms bind tightest."""
    if isinstance(e, A.Binary):
        return PRECEDENCE[e.op]
    if isinstance(e, A.Unary):
        return 3 if e.op == "not" else 7
    if isinstance(e, A.Cond):
        return 0
    return 9


def expr(e) -> str:
    """An expression with only the parentheses it needs."""
    with deep_recursion():
        return _expr(e)


class ExprPrinter(A.Visitor):
    """Expressions as rules text, with only the parentheses they need."""

    def visit_Int(self, e):
        return str(e.value)

    def visit_Str(self, e):
        return quote(e.value)

    def visit_Bool(self, e):
        return "true" if e.value else "false"

    def visit_You(self, e):
        return "you"

    def visit_Nothing(self, e):
        return "none"

    def visit_Name(self, e):
        return e.id

    def visit_Attr(self, e):
        return f"{_wrap(e.obj, 8)}.{e.name}"

    def visit_Index(self, e):
        return f"{_wrap(e.obj, 8)}[{_expr(e.index)}]"

    def visit_Method(self, e):
        return f"{_wrap(e.obj, 8)}.{e.name}({', '.join(_expr(a) for a in e.args)})"

    def visit_Call(self, e):
        return f"{e.func}({', '.join(_expr(a) for a in e.args)})"

    def visit_Match(self, e):
        cases = [f"{_expr(c.value)}: {_expr(c.result)}" for c in e.cases]
        if e.otherwise is not None:
            cases.append(f"else: {_expr(e.otherwise)}")
        return f"match {_expr(e.subject)} {{ {', '.join(cases)} }}"

    def visit_Affordable(self, e):
        return f"affordable({cost(e.terms)}{tag(e.tag)})"

    def visit_Allowed(self, e):
        return f"allowed({action(e.tag)})"

    def visit_ListLit(self, e):
        return "[" + ", ".join(_expr(i) for i in e.items) + "]"

    def visit_Aggregate(self, e):
        text = f"{e.op}({e.var} in {_expr(e.domain)}"
        if e.where is not None:
            text += f" where {_expr(e.where)}"
        if e.value is not None:
            text += f", {_expr(e.value)}"
        return text + ")"

    def visit_Cond(self, e):
        return f"if {_wrap(e.cond, 1)} then {_expr(e.then)} else {_expr(e.otherwise)}"

    def visit_Unary(self, e):
        if e.op == "not":
            return f"not {_wrap(e.operand, 3)}"
        return f"-{_wrap(e.operand, 7)}"

    def visit_Binary(self, e):
        p = PRECEDENCE[e.op]
        # comparisons do not chain; other operators are left-associative
        left_min = p + 1 if p == 4 else p
        return f"{_wrap(e.left, left_min)} {e.op} {_wrap(e.right, p + 1)}"


_expr = ExprPrinter().visit


def _wrap(e, minimum: int) -> str:
    text = _expr(e)
    return f"({text})" if precedence(e) < minimum else text


def chained(e, first: str, indent: str, tail: str, minimum: int) -> list[str]:
    """Lines for `e` (parenthesised if it binds less tightly than `minimum`), after `first` on its
    first line and before `tail` on its last: an `and`/`or` chain too long for one line is written
    one operand a line, each continuation line starting with its operator at `indent`, and an
    operand that is itself a chain too long is broken the same way, one level further in."""
    one = first + _wrap(e, minimum) + tail
    if len(one) <= LINE_WIDTH or not (isinstance(e, A.Binary) and e.op in ("and", "or")):
        return [one]
    opened = precedence(e) < minimum
    operands, left = [e.right], e.left
    while isinstance(left, A.Binary) and left.op == e.op:   # the chain is left-associative
        operands.append(left.right)
        left = left.left
    operands.append(left)
    operands.reverse()
    tighter = PRECEDENCE[e.op] + 1
    inner = indent + INDENT
    lines = chained(operands[0], first + ("(" if opened else ""), inner, "", tighter)
    for operand in operands[1:]:
        lines += chained(operand, f"{indent}{e.op} ", inner + INDENT, "", tighter)
    lines[-1] += (")" if opened else "") + tail
    return lines


def _at(index) -> str:
    """`[I]` after an indexed counter's name, or nothing."""
    return f"[{expr(index)}]" if index is not None else ""


def _indexes(ix) -> str:
    """`[ENUM]` or `[LOW..HIGH]` after an indexed declaration's name, or nothing."""
    if ix is None:
        return ""
    return f"[{ix.enum}]" if ix.enum is not None else f"[{ix.low}..{ix.high}]"


def cost(terms: tuple) -> str:
    parts = []
    for t in terms:
        if t.mode == "plain":
            parts.append(f"{expr(t.amount)} {t.name}{_at(t.index)}")
        elif t.mode == "any":
            parts.append(f"{expr(t.amount)} any" + (f"({t.name})" if t.name else ""))
        else:
            parts.append(f"{expr(t.amount)} different({t.name})")
    return ", ".join(parts)


def action(t) -> str:
    """`build(b)`: a tag's action with its arguments."""
    return t.action + (f"({', '.join(expr(a) for a in t.args)})" if t.args else "")


def tag(t) -> str:
    """` for build(b)` after a cost or a gain (empty when untagged)."""
    return f" for {action(t)}" if t is not None else ""


def adjustment(a: A.Adjust) -> str:
    """One line of a modifier's body."""
    if a.what in ("forbid", "allow"):
        return f"{a.what};"
    value = cost(a.terms) if a.what == "cost" else expr(a.amount)
    return f"{a.what} {a.op}{value};" if a.op != "=" else f"{a.what} = {value};"


def pattern(p: A.Pattern) -> str:
    """`you advance(on = military)`."""
    subject = f"{expr(p.subject)} " if p.subject is not None else ""
    args = f"({', '.join(f'{a.name} = {expr(a.value)}' for a in p.args)})" if p.args else ""
    return f"{subject}{p.event}{args}"


def _title(title) -> str:
    return f" {quote(title)}" if title is not None else ""



def _on_space(space) -> str:
    """` space N` of `reactivate`, `bonus` and the marker statements, or nothing."""
    return f" space {expr(space)}" if space is not None else ""


class Printer(A.Visitor):
    """Writes declarations and statements with two-space indentation (`visit_<Stmt>`, `visit_<Decl>`)."""

    def __init__(self):
        self.lines: list[str] = []
        self.depth = 0

    def line(self, text: str) -> None:
        self.lines.append(INDENT * self.depth + text)

    def block(self, head: str, stmts: tuple, tail: str = "") -> None:
        if not stmts:
            self.line(head + " {}" + tail)
            return
        self.line(head + " {")
        self.depth += 1
        for s in stmts:
            self.stmt(s)
        self.depth -= 1
        self.line("}" + tail)

    # ------------------------------------------------------------------ statements
    def stmt(self, s) -> None:
        self.visit(s)

    def visit_Gain(self, s):
        self.line(f"gain {expr(s.amount)} {s.resource}{_at(s.index)}{tag(s.tag)};")

    def visit_Lose(self, s):
        self.line(f"lose {expr(s.amount)} {s.resource}{_at(s.index)}" + (f" else {s.debt}" if s.debt else "") + ";")

    def visit_Pay(self, s):
        self.line(f"{f'let {s.name} = ' if s.name else ''}pay {cost(s.terms)}{tag(s.tag)};")

    def visit_Advance(self, s):
        by = f" by {expr(s.by)}" if s.by is not None else ""
        self.line(f"advance {s.track}{by}{'' if s.benefit else ' no_benefit'}{' paying' if s.paying else ''}"
                  f"{'' if s.bonus else ' no_bonus'}{'' if s.rewards else ' no_reward'};")

    def visit_Reactivate(self, s):
        self.line(f"reactivate {s.track}{_on_space(s.space)}{'' if s.bonus else ' no_bonus'};")

    def visit_Bonus(self, s):
        self.line(f"bonus {s.track}{_on_space(s.space)}{' paying' if s.paying else ''};")

    def visit_Marker(self, s):
        self.line(f"{'add marker to' if s.adds else 'remove marker from'} {s.track}{_on_space(s.space)};")

    def visit_Regress(self, s):
        self.line(f"regress {s.track}" + (f" by {expr(s.by)}" if s.by is not None else "") + ";")

    def visit_Choose(self, s):
        self.line(f"choose{_title(s.title)}{' in any order' if s.any_order else ''} {{")
        self.depth += 1
        for o in s.options:
            guard = f" when {expr(o.guard)}" if o.guard is not None else ""
            self.block(f"option{_title(o.title)}{' once' if o.once else ''}{guard}", o.body)
        self.depth -= 1
        self.line("}")

    def visit_May(self, s):
        paid = f" cost {cost(s.cost)}" if s.cost else ""
        when = f" when {expr(s.when)}" if s.when is not None else ""
        mode = " repeatedly" if s.repeated else ""
        self.block(f"may{_title(s.title)}{mode}{paid}{tag(s.tag)}{when}", s.body)
        self.orelse(s)

    def orelse(self, s) -> None:
        """The `else { ... }` of a `may` or `pick`, joined onto the closing brace before it."""
        if s.otherwise:
            self.attach(lambda: self.block("else", s.otherwise))

    def visit_Repeat(self, s):
        self.block(f"repeat {expr(s.count)}", s.body)

    def visit_While(self, s):
        self.block(f"while {expr(s.cond)}", s.body)

    def visit_ForEach(self, s):
        where = f" where {expr(s.where)}" if s.where is not None else ""
        order = f" in any order{_title(s.title)}" if s.any_order else ""
        self.block(f"for each {s.var} in {expr(s.domain)}{where}{order}", s.body)

    def visit_Each(self, s):
        where = f" where {expr(s.where)}" if s.where is not None else ""
        self.block(f"each {expr(s.domain)}{where}", s.body)

    def attach(self, write) -> None:
        """Run `write`, then join its first line onto the current last line (`} else {`)."""
        start = len(self.lines)
        write()
        self.lines[start - 1] += " " + self.lines.pop(start).lstrip()

    def visit_If(self, s, prefix: str = "if"):
        self.block(f"{prefix} {expr(s.cond)}", s.then)
        if len(s.otherwise) == 1 and isinstance(s.otherwise[0], A.If):
            self.attach(lambda: self.visit_If(s.otherwise[0], prefix="else if"))
        elif s.otherwise:
            self.attach(lambda: self.block("else", s.otherwise))

    def visit_MatchStmt(self, s):
        self.line(f"match {expr(s.subject)} {{")
        self.depth += 1
        for arm in s.arms:
            self.arm(", ".join(expr(v) for v in arm.values), arm.body)
        if s.otherwise is not None:
            self.arm("else", s.otherwise)
        self.depth -= 1
        self.line("}")

    def arm(self, head: str, body: tuple) -> None:
        """A `match` arm: `head: STMT` when its one statement fits on the line, else a block."""
        start = len(self.lines)
        if len(body) == 1:
            self.depth += 1
            self.stmt(body[0])
            self.depth -= 1
            if len(self.lines) == start + 1:
                joined = INDENT * self.depth + f"{head}: " + self.lines[start].lstrip()
                if len(joined) <= LINE_WIDTH:
                    self.lines[start] = joined
                    return
            del self.lines[start:]
        self.block(head, body)

    def visit_Return(self, s):
        self.valued("return ", s.value)

    def visit_Let(self, s):
        self.valued(f"let {s.name} = ", s.value)

    def visit_SetName(self, s):
        self.line(f"set {s.name}{_at(s.index)} = {expr(s.value)};")

    def visit_SetAttr(self, s):
        self.line(f"set {_wrap(s.obj, 8)}.{s.name}{_at(s.index)} = {expr(s.value)};")

    def visit_CallStmt(self, s):
        self.line(f"{s.func}({', '.join(expr(a) for a in s.args)});")

    def visit_Draw(self, s):
        where = f" where {expr(s.where)}" if s.where is not None else ""
        dest = f" to {expr(s.dest)}" if s.dest is not None else ""
        self.line(f"draw {expr(s.count)} from {expr(s.source)}{where}{dest};")

    def visit_Move(self, s):
        self.line(f"move {expr(s.item)} to {'top of ' if s.top else ''}{expr(s.dest)};")

    def visit_Shuffle(self, s):
        self.line(f"shuffle {expr(s.zone)};")

    def visit_Fill(self, s):
        where = f" where {expr(s.where)}" if s.where is not None else ""
        self.line(f"fill {expr(s.zone)} with {s.kind}{where};")

    def visit_Flip(self, s):
        self.line(f"flip {expr(s.item)};")

    def visit_Roll(self, s):
        self.line(f"let {s.name} = roll {s.die};" if s.name else f"roll {s.die};")

    def visit_Whenever(self, s):
        p = s.pattern
        until = f" until {pattern(s.until)}" if s.until else ""
        self.block(f"{'next' if s.once else 'whenever'} {pattern(p)}{until}", s.body)

    def visit_Modifier(self, s):
        head = f"modifier {pattern(s.pattern)}" + (" once" if s.once else "") + \
            (f" until {pattern(s.until)}" if s.until else "") + (f" while {expr(s.cond)}" if s.cond is not None else "")
        self.line(head + " {")
        self.depth += 1
        for a in s.adjustments:
            self.line(adjustment(a))
        self.depth -= 1
        self.line("}")

    def visit_Emit(self, s):
        self.line(f"emit {s.event}({', '.join(expr(a) for a in s.args)});")

    def visit_Copy(self, s):
        self.line(f"copy {expr(s.ref)};")

    def visit_Once(self, s):
        self.block("once", s.body)

    def visit_Rank(self, s):
        prizes = ", ".join(expr(p) for p in s.prizes)
        where = f" where {expr(s.where)}" if s.where is not None else ""
        self.line(f"rank {expr(s.domain)}{where} by {expr(s.key)} award [{prizes}] {s.resource} ties {s.ties};")

    def visit_Pick(self, s):
        where = f" where {expr(s.where)}" if s.where is not None else ""
        mode = (" optional" if s.optional else f" up to {expr(s.limit)}" if s.limit is not None
                else " repeatedly" if s.repeated else "")
        self.block(f"pick {s.var} from {expr(s.domain)}{where}{_title(s.title)}{mode}", s.body)
        self.orelse(s)

    def visit_Simultaneous(self, s):
        where = f" where {expr(s.where)}" if s.where is not None else ""
        p = s.pick
        pwhere = f" where {expr(p.where)}" if p.where is not None else ""
        self.block(f"each {expr(s.domain)}{where} simultaneously pick {p.var} from {expr(p.domain)}{pwhere}"
                   f"{_title(p.title)}{' optional' if p.optional else ''}", p.body)

    def visit_Reveal(self, s):
        self.line(f"reveal {expr(s.item)};")

    def visit_Look(self, s):
        self.line(f"look {expr(s.item)};")

    def visit_Say(self, s):
        self.line(f"say {say_text(s.parts)};")

    # ------------------------------------------------------------------ declarations
    def decl(self, d) -> None:
        """Write one declaration (as deep as the parser lets a file nest)."""
        with deep_recursion():
            self.visit(d)

    def visit_Override(self, d):
        start = len(self.lines)
        self.decl(d.decl)
        self.lines[start] = "override " + self.lines[start]

    def visit_Resource(self, d):
        cap = f" cap {expr(d.cap)}" if d.cap is not None else ""
        self.line(f"resource {d.name}{_title(d.title)}{cap};")

    def visit_Group(self, d):
        self.line(f"group {d.name}{_title(d.title)} cap {expr(d.cap)} {{ {', '.join(d.members)} }}")

    def visit_Counter(self, d):
        bounds = f" from {expr(d.low)} to {expr(d.high)}" if d.low is not None else ""
        self.line(f"counter {d.name}{_indexes(d.indexes)}{_title(d.title)}{' global' if d.is_global else ''}{bounds};")

    def visit_Var(self, d):
        default = f" = {expr(d.default)}" if d.default is not None else ""
        self.line(f"var {d.name}{_title(d.title)}{' global' if d.is_global else ''}: {d.type}{default};")

    def visit_Enum(self, d):
        titles = d.titles or (None,) * len(d.members)
        members = [m if t is None else f"{m} {_title(t).strip()}" for m, t in zip(d.members, titles)]
        one_line = f"enum {d.name} {{ {', '.join(members)} }}"
        if len(INDENT * self.depth + one_line) <= LINE_WIDTH:
            self.line(one_line)
            return
        self.line(f"enum {d.name} {{")   # too long for a line: one member a line
        self.depth += 1
        for member in members:
            self.line(f"{member},")
        self.depth -= 1
        self.line("}")

    def visit_Event(self, d):
        self.line(f"event {d.name}({params_text(d.params)});")

    def visit_Track(self, d):
        self.line(f"track {d.name}{_title(d.title)} {{")
        self.depth += 1
        for s in d.spaces:
            head = f"space {s.position}{_title(s.title)}"
            head += f" tier {s.tier}" if s.tier is not None else ""
            head += f" cost {cost(s.cost)}" if s.cost else ""
            self.block(head, s.body)
            if s.bonus is not None:
                self.attach(lambda: self.block(f"bonus cost {cost(s.bonus_cost)}", s.bonus))
        for r in d.reaches:
            self.block(f"first to {r.position}", r.body)
        self.depth -= 1
        self.line("}")

    def visit_Kind(self, d):
        self.parts(f"kind {d.name}{_title(d.title)}{' per_player' if d.per_player else ''}", d.fields)

    def visit_Entity(self, d):
        copies = f" * {d.copies}" if d.copies != 1 else ""
        self.parts(f"{d.kind} {d.name}{_title(d.title)}{copies}", d.values + d.effects)

    def parts(self, head: str, items: tuple) -> None:
        """`HEAD { ... }` with one field declaration, value or effect a line (`HEAD {}` with none)."""
        if not items:
            self.line(head + " {}")
            return
        self.line(head + " {")
        self.depth += 1
        for item in items:
            self.part(item)
        self.depth -= 1
        self.line("}")

    def part(self, item) -> None:
        """A field declaration of a kind, or a field value or effect of an entity."""
        if isinstance(item, A.FieldDecl):
            default = f" = {expr(item.default)}" if item.default is not None else ""
            self.line(f"{item.name}: {item.type}{default};")
        elif isinstance(item, A.FieldValue):
            self.line(f"{item.name} = {expr(item.value)};")
        else:
            self.block(item.name, item.body)

    def visit_Zone(self, d):
        shown = "" if d.visibility == "public" else f" {d.visibility}"
        self.line(f"zone {d.name}{_indexes(d.indexes)}{_title(d.title)}{' per_player' if d.per_player else ''} "
                  f"of {d.kind}{shown};")

    def visit_Actor(self, d):
        self.line(f"actor {d.name}{_title(d.title)};")

    def visit_Die(self, d):
        self.line(f"die {d.name}{_title(d.title)}{f': {d.type}' if d.type else ''} {{")
        self.depth += 1
        for f in d.faces:
            head = f"face{_title(f.title)}{f' * {f.copies}' if f.copies != 1 else ''}" + \
                (f" = {expr(f.value)}" if f.value is not None else "")
            if f.value is not None and not f.body:
                self.line(head + ";")
            else:
                self.block(head, f.body)
        self.depth -= 1
        self.line("}")

    def visit_Proc(self, d):
        returns = f": {d.returns}" if d.returns else ""
        self.block(f"proc {d.name}({params_text(d.params)}){returns}", d.body)

    def visit_Func(self, d):
        returns = f": {d.returns}" if d.returns else ""
        self.valued(f"func {d.name}({params_text(d.params)}){returns} = ", d.value)

    def valued(self, head: str, value) -> None:
        """`HEAD VALUE;` on one line; a long `match` one case a line, a long `and`/`or` chain one
        operand a line."""
        text = f"{head}{expr(value)};"
        if len(INDENT * self.depth + text) <= LINE_WIDTH:
            self.line(text)
            return
        if not isinstance(value, A.Match):
            with deep_recursion():
                lines = chained(value, INDENT * self.depth + head, INDENT * (self.depth + 2), ";", 0)
            self.lines.extend(lines)
            return
        self.line(f"{head}match {expr(value.subject)} {{")
        self.depth += 1
        for c in value.cases:
            self.line(f"{expr(c.value)}: {expr(c.result)},")
        if value.otherwise is not None:
            self.line(f"else: {expr(value.otherwise)},")
        self.depth -= 1
        self.line("};")

    def visit_Extern(self, d):
        self.line(f"extern {d.name}({params_text(d.params)}){': ' + d.returns if d.returns else ''};")

    def visit_Variant(self, d):
        self.line(f"variant {d.name}{_title(d.title)}" + (f" when {expr(d.when)}" if d.when is not None else "") + ";")

    def visit_Remove(self, d):
        self.line(f"remove {d.name};")

    def visit_Extend(self, d):
        self.block(f"{d.when} {d.name}", d.body)

    def visit_Amend(self, d):
        self.line(f"amend {d.name} {{")
        self.depth += 1
        for item in d.items:
            self.part(item)
        self.depth -= 1
        self.line("}")

    def visit_Standing(self, d):
        self.visit(d.trigger)

    def visit_Game(self, d):
        self.line(f"game {d.name}{_title(d.title)} {{")
        self.depth += 1
        self.line(f"seats {d.min_players} to {d.max_players};")
        for phase in ("setup", "play", "final"):
            body = getattr(d, phase)
            if body:
                self.block(f"phase {phase}", body)
        if d.winner is not None:
            w = d.winner   # a tie-break is `most` unless it says `fewest`
            tb = "".join(f" then {'fewest ' if w.order(i) == 'fewest' else ''}{expr(t)}"
                         for i, t in enumerate(w.tiebreaks, 1))
            self.line(f"winner {w.order(0)} {expr(w.key)}{tb};")
        self.depth -= 1
        self.line("}")


def params_text(params: tuple) -> str:
    """`bonus_tokens: int, c: card`: parameters as declared."""
    return ", ".join(f"{p.name}: {p.type}" for p in params)


def format_module(module: A.Module) -> str:
    """Canonical text of a module's declarations (no comments: `format_text` keeps them)."""
    p = Printer()
    for i, item in enumerate(module.items):
        if i:
            p.lines.append("")
        p.decl(item)
    return "\n".join(p.lines) + "\n"


def format_text(text: str, file: str = "<string>", module: Optional[A.Module] = None) -> str:
    """Canonical text of a rules file with its comments kept: a comment on a line of its own stays
    just before the code that followed it (blank lines around it kept), a comment after code stays
    at the end of the line of the code it followed. `module` is the text's parse, if at hand."""
    printed = format_module(module if module is not None else parse_text(text, file))
    source_tokens, comments = scan(text)
    if not comments:
        return printed
    printed_tokens, _ = scan(printed)
    return _CommentPlacer(text, printed, source_tokens, printed_tokens).place(comments)


def _align(source: list, printed: list) -> dict[int, int]:
    """Source token index -> index of the same token in the printed text, for the tokens both share
    (the printer drops redundant parentheses and reorders a few items, so some have no partner)."""
    a = [(t.type, str(t)) for t in source]
    b = [(t.type, str(t)) for t in printed]
    if a == b:
        return {i: i for i in range(len(a))}
    pairs: dict[int, int] = {}
    for block in difflib.SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks():
        for k in range(block.size):
            pairs[block.a + k] = block.b + k
    return pairs


class _CommentPlacer:
    """Puts the comments of a source text into its printed form, anchored to the tokens around them."""

    def __init__(self, source: str, printed: str, source_tokens: list, printed_tokens: list):
        self.source_lines = LINE_BREAK.split(source)
        self.lines = printed.rstrip("\n").split("\n") if printed.strip() else []
        self.source_tokens = source_tokens
        self.printed_tokens = printed_tokens
        self.pairs = _align(source_tokens, printed_tokens)
        self.partnered = sorted(self.pairs)
        self.before: dict[int, list[str]] = {}    # printed line -> comment lines ("" for a blank) before it
        self.trailing: dict[int, list[str]] = {}  # printed line -> comments after its code

    def _blank(self, source_line: int) -> bool:
        return 1 <= source_line <= len(self.source_lines) and not self.source_lines[source_line - 1].strip()

    def _printed_line(self, index: int, forward: bool) -> Optional[int]:
        """The printed line of source token `index`, or of the nearest token with a partner after it
        (`forward`) or before it; None when there is none."""
        if forward:
            k = bisect.bisect_left(self.partnered, index)
            found = self.partnered[k] if k < len(self.partnered) else None
        else:
            k = bisect.bisect_right(self.partnered, index) - 1
            found = self.partnered[k] if k >= 0 else None
        return None if found is None else self.printed_tokens[self.pairs[found]].line

    def place(self, comments: list[Comment]) -> str:
        """The printed text with every comment put back."""
        tokens_before = 0  # how many source tokens precede the current comment
        for comment in comments:
            where = (comment.line, comment.column)
            tokens = self.source_tokens
            while tokens_before < len(tokens) and (tokens[tokens_before].line, tokens[tokens_before].column) < where:
                tokens_before += 1
            if comment.trailing:
                # anchored to the first code of its line: after `seat x { ... }  # note` is spread
                # over several lines, the note stays on the line that names the seat
                first = tokens_before - 1
                while first > 0 and tokens[first - 1].line == comment.line:
                    first -= 1
                on_line = [i for i in range(first, tokens_before) if i in self.pairs]
                line = self._printed_line(on_line[0] if on_line else tokens_before - 1, forward=False)
                if line is not None:
                    self.trailing.setdefault(line, []).append(comment.text)
                    continue
            line = self._printed_line(tokens_before, forward=True)
            entry = self.before.setdefault(line if line is not None else len(self.lines) + 1, [])
            if self._blank(comment.line - 1):
                entry.append("")
            entry.append(comment.text)
            if self._blank(comment.line + 1):
                entry.append("")
        return self._render()

    def _render(self) -> str:
        out: list[str] = []

        def emit(line: str) -> None:
            if line or (out and out[-1]):  # no blank line first, none twice
                out.append(line)

        for number, line in enumerate(self.lines + [None], start=1):
            indent = ""
            if line is not None:
                stripped = line.lstrip()
                # a comment before a closing '}' was the last thing inside its block
                indent = line[: len(line) - len(stripped)] + (INDENT if stripped.startswith("}") else "")
            for comment in self.before.get(number, ()):
                emit(indent + comment if comment else "")
            if line is None:
                break
            trailing = self.trailing.get(number, [])
            emit(line + ("  " + trailing[0] if trailing else ""))
            # a second comment cannot share the line: it goes on its own line under the first
            out.extend(line[: len(line) - len(line.lstrip())] + extra for extra in trailing[1:])
        while out and out[-1] == "":
            out.pop()
        return "\n".join(out) + "\n"
