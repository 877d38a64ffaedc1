"""Print AST nodes back as canonical rules text (`rulebook fmt`); parse(print(m)) == m."""

from __future__ import annotations

import bisect
import re
from typing import Optional

from . import ast as A
from .lexer import LINE_BREAK, Comment
from .parser import deep_recursion, parse_text, scan

PRECEDENCE = {"if": 0, "or": 1, "and": 2, "not": 3, "==": 4, "!=": 4, "<": 4, "<=": 4, ">": 4, ">=": 4,
              "+": 5, "-": 5, "*": 6, "/": 6, "%": 6, "**": 8}
AFTER = 2.5   # `EXPR after PROC(args)`: an operand of `and` as it stands, of `not` in parentheses
RANGE = 4.5   # `a..b`: looser than `+ -`, tighter than a comparison; it does not chain
INDENT = "  "
LINE_WIDTH = 110   # what is longer is broken over lines (`wrapped`, `laid_out`), text literals aside


def quote(text: str) -> str:
    """A rules string literal."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def say_text(parts: tuple) -> str:
    """A `say` text literal: literal parts with their braces doubled, values in `{...}`."""
    pieces = [quote(p)[1:-1].replace("{", "{{").replace("}", "}}") if isinstance(p, str) else "{" + expr(p) + "}"
              for p in parts]
    return '"' + "".join(pieces) + '"'


def precedence(e) -> float:
    """How tightly an expression binds (higher binds tighter); atoms bind tightest."""
    if isinstance(e, A.Binary):
        return PRECEDENCE[e.op]
    if isinstance(e, A.Unary):
        return 3 if e.op == "not" else 7
    if isinstance(e, A.Cond):
        return 0
    if isinstance(e, A.After):   # looser than `not`, tighter than `and` (5.1d)
        return AFTER
    if isinstance(e, A.Range):
        return RANGE
    if isinstance(e, A.IsKind):
        return 4
    return 9


def operand_minimum(p: int, left: bool) -> float:
    """How tightly an operand of a binary operator of precedence `p` must bind to go without
    parentheses: comparisons do not chain (a range is their operand as it stands); other operators
    are left-associative."""
    if p == 4:
        return RANGE
    if p == PRECEDENCE["**"]:   # right-associative; its left operand is an atom (`(-2) ** 2`), its right a sign's
        return 9 if left else 7
    return p if left else p + 1


def operand_needs(p: int, left: bool, operand) -> float:
    """`operand_minimum` for this operand: an `and` inside an `or` keeps its parentheses, `a or (b and
    c)`, which the grammar does not need but a reader does (a clarity convention)."""
    if p == PRECEDENCE["or"] and type(operand) is A.Binary and operand.op == "and":
        return PRECEDENCE["and"] + 0.5
    if p == PRECEDENCE["and"] and type(operand) is A.After:   # `a and b after p()`: the grammar's own grouping
        return AFTER
    return operand_minimum(p, left)


def expr(e) -> str:
    """An expression with only the parentheses it needs (and those of `operand_needs`)."""
    with deep_recursion():
        return _expr(e)


def match_cases(values: tuple) -> str:
    """The cases of an arm of either `match`, as written: `1, 2`, `3..4`, `5..`."""
    return ", ".join(_expr(v) for v in values)


CATEGORY_WORD = {A.Func: "func", A.Proc: "proc"}   # a card's override (A.HeldOverride) says which


def _in(slot) -> str:
    """A card's slot's zones as written (` in hand, graveyard`); none for a role's own (its zone is not written)."""
    return "" if A.role_own(slot) else f" in {', '.join(map(expr, slot.places))}"



def each_domain(domain) -> str:
    """A `for each` domain as written: a kind's or enum's name, a range of constants (`2..14`), an expression."""
    if isinstance(domain, str):
        return domain
    if type(domain) is tuple:
        return f"{domain[0]}..{domain[1]}"
    return expr(domain)

def each_heads(d) -> list:
    """A `for each` declaration's `c in DOMAIN [where COND]` parts as written, one per domain."""
    pairs = (d.each,) + tuple(d.each_more or ())
    wheres = d.each_where or (None,) * len(pairs)
    return [f"{bound} in {each_domain(domain)}" + (f" where {expr(where)}" if where is not None else "")
            for (bound, domain), where in zip(pairs, wheres)]


class ExprPrinter(A.Visitor):
    """Expressions as rules text, with only the parentheses they need."""

    def visit_Int(self, e):
        return e.const or str(e.value)   # a constant's read, written in by the resolver, shown as written

    def visit_Dec(self, e):
        return e.text   # as written: `7.50` stays so (W532 says it)

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

    def visit_Pair(self, e):   # only between the brackets of a grid's element: `wall[r, c]`
        return ", ".join(map(_expr, e.parts))

    def visit_Method(self, e):
        return f"{_wrap(e.obj, 8)}.{e.name}({', '.join(_field_arg(a) if type(a) is A.FieldValue else _expr(a) for a in e.args)})"

    def visit_Call(self, e):   # `shift(s, rank = 2)`: the values named after the cell as a construction's
        return f"{e.func}({', '.join(_field_arg(a) if type(a) is A.FieldValue else _expr(a) for a in e.args)})"

    def visit_Ray(self, e):
        return f"{e.func}({_ray_source(e)})"

    def visit_Construct(self, e):
        return f"{e.record}({', '.join(_field_arg(f) for f in e.fields)})"

    def visit_LetIn(self, e):   # a func's value after its lets (the func prints them a line each)
        return " ".join(f"let {s.name}{_let_type(s)} = {_expr(s.value)};" for s in e.lets) + f" {_expr(e.value)}"

    def visit_Match(self, e):
        cases = [f"{match_cases(c.values)}: {_expr(c.result)}" for c in e.cases]
        if e.otherwise is not None:
            cases.append(f"else: {_expr(e.otherwise)}")
        return f"match {_expr(e.subject)} {{ {', '.join(cases)} }}"

    def visit_Affordable(self, e):
        return f"affordable({cost(e.terms)}{tag(e.tag)})"

    def visit_Valued(self, e):   # a tagged value: the whole value of a let, set or func (7.7c)
        return f"{_expr(e.value)}{tag(e.tag)}"

    def visit_Allowed(self, e):
        return f"allowed({action(e.tag)})"

    def visit_During(self, e):
        return f"during {e.label}"

    def visit_CanOpen(self, e):
        return f"can {e.proc}({', '.join(_expr(a) for a in e.args)})"

    def visit_CanCopy(self, e):
        return f"can copy {_expr(slot_call(e.target, e.args))}" + (f" with {e.with_event}" if e.with_event else "")

    def visit_After(self, e):   # its value a `not` or tighter, as the grammar reads it
        return f"{_wrap(e.value, 3)} after {e.proc}({', '.join(_expr(a) for a in e.args)})"

    def visit_Opening(self, e):   # (made by the compiler, never written: shown in generated code's comments only)
        return f"(the decision at line {e.stmt.span.line}, column {e.stmt.span.column} is open)"

    def visit_ListLit(self, e):
        return "[" + ", ".join(_expr(i) for i in e.items) + "]"

    def visit_CostValue(self, e):
        return cost(e.terms)

    def visit_MemberMap(self, e):
        return "{" + ", ".join(f"{i.member}: {_expr(i.value)}" for i in e.items) + "}"

    def visit_Aggregate(self, e):
        text = f"{e.op}({e.var} in {_expr(e.domain)}"
        if e.where is not None:
            text += f" where {_expr(e.where)}"
        if e.value is not None:
            text += f", {_expr(e.value)}"
        return text + ")"

    def visit_Sorted(self, e):
        return f"sorted({_sorted_binder(e)}, {_sort_keys(e)})"

    def visit_Network(self, e):
        text = f"{e.op}({e.var} in {_expr(e.domain)}"
        if e.where is not None:
            text += f" where {_expr(e.where)}"
        return text + "".join(f", {_expr(a)}" for a in e.ends + e.args) + _through(e) + ")"

    def visit_Flood(self, e):
        return f"{e.op}({_flood_source(e)}{_through(e)})"

    def visit_Regions(self, e):
        return f"regions({e.var} in {_expr(e.domain)}" + (f" where {_expr(e.where)}" if e.where is not None else "") \
            + f" via {_expr(e.next)})"

    def visit_Cond(self, e):
        return f"if {_wrap(e.cond, 1)} then {_expr(e.then)} else {_expr(e.otherwise)}"

    def visit_Unary(self, e):
        if e.op == "not":
            return f"not {_wrap(e.operand, 3)}"
        return f"-{_wrap(e.operand, 7)}"

    def visit_Binary(self, e):
        p = PRECEDENCE[e.op]
        return f"{_wrap(e.left, operand_needs(p, True, e.left))} {e.op} {_wrap(e.right, operand_needs(p, False, e.right))}"

    def visit_IsKind(self, e):
        return f"{_wrap(e.subject, RANGE)} is {e.kind}"   # its subject as a comparison's: a range or tighter

    def visit_Range(self, e):
        # an operand is a sum or tighter; no high end: an open range, a match's case (`5..`). An operation
        # is printed in brackets, which the grammar does not need but a reader does: `(src + 1)..6` would
        # read `src + (1..6)` without them
        if e.row_of is not None:   # the resolver's range of `row g of at`: as written
            return e.row_of

        def end(x):
            return f"({_expr(x)})" if isinstance(x, A.Binary) else _wrap(x, 5)
        return f"{end(e.low)}..{end(e.high) if e.high is not None else ''}"

    def visit_IndexIn(self, e):
        which = "" if e.which is None else f" {e.which}"
        holder = f"{_wrap(e.holder, 9)}." if e.holder is not None else ""
        return f"index{which} of {_wrap(e.item, 9)} in {holder}{e.grid}"

    def visit_RowMembers(self, e):   # (the resolver's members of `row n of spare`: as written)
        return e.row_of

    def visit_RowOf(self, e):
        return f"row {', '.join(_wrap(k, 5) for k in e.keys)} of {e.grid}"


_expr = ExprPrinter().visit


# the expressions written as a name and brackets around their parts (a call, an aggregate, a walk, a list):
# broken, they go one part a line, so one that fits on a line of its own is better put there whole
BRACKETED = (A.Call, A.Method, A.Aggregate, A.Flood, A.Network, A.Ray, A.Sorted, A.Construct, A.ListLit)


def _wrap(e, minimum: float) -> str:
    text = _expr(e)
    return f"({text})" if precedence(e) < minimum else text


def _overlong(lines: list) -> bool:
    """Whether a line of `lines` is wider than LINE_WIDTH."""
    return any(len(line) > LINE_WIDTH for line in lines)


def _leading(line: str) -> str:
    """The indentation a line starts with."""
    return line[: len(line) - len(line.lstrip())]


def wrapped(e, first: str, indent: str, tail: str, minimum: float = 0) -> list[str]:
    """Lines for `e` (parenthesised if it binds less tightly than `minimum`), after `first` on its
    first line and before `tail` on its last. What is too long for one line is broken at its
    loosest level first, and a part still too long the same way, one level further in:

    * a chain of operators of one precedence (`and`, `or`, `+ -`, ...) one operand a line, each
      continuation line starting with its operator at `indent`;
    * `if C then A else B` one branch a line (`else if` chains stay flat), `then` and `else`
      leading their lines at `indent`, and `if C then A` kept on one line when it fits (an `if`
      inside `then` in parentheses);
    * `regions(VAR in DOMAIN where COND via NEXT)` broken before `via`, which leads the next line at
      `indent` (and before `where` too when the condition does not fit after the binder); a search
      (`reachable(x from START via NEXT)`) likewise when NEXT hugged after START would take more lines or
      stay too long, and an aggregate over such a search (`some(c in reachable(...) where COND)`) with its
      `where COND` leading a line of its own below the search's `via` (a func's such value below its head);
    * a call, a list or a `match` with its items one a line, two spaces in from the line it opens
      on, and its closing bracket back on that line's indentation (a list of numbers or names
      alone is filled, as many items a line as fit: `_filled`; a call of one argument, an
      aggregate, `not`, a field or an index hug their one inner part instead; an aggregate's
      condition goes on lines of its own after `where` when that takes fewer lines).

    A text literal is never split, so a line holding a long one stays long."""
    one = first + _wrap(e, minimum) + tail
    if len(one) <= LINE_WIDTH:
        return [one]
    if precedence(e) < minimum:
        return wrapped(e, first + "(", indent, ")" + tail)
    inner = indent + INDENT * 2
    if isinstance(e, A.Binary):
        p = PRECEDENCE[e.op]
        operands, ops, left = [e.right], [e.op], e.left
        while p != 4 and isinstance(left, A.Binary) and PRECEDENCE[left.op] == p:   # left-associative
            operands.append(left.right)
            ops.append(left.op)
            left = left.left
        operands.append(left)
        operands.reverse()
        ops.reverse()
        # a comparison does not chain: one on its left is parenthesised
        lines = wrapped(operands[0], first, indent + INDENT, "", operand_needs(p, True, operands[0]))
        for n, (op, operand) in enumerate(zip(ops, operands[1:]), start=2):
            lines += wrapped(operand, f"{indent}{op} ", inner, tail if n == len(operands) else "",
                             operand_needs(p, False, operand))
        return lines
    if isinstance(e, A.Cond):
        return _cond_lines(e, first, indent, tail)
    if isinstance(e, A.After):   # the value broken as it needs, the call after it on its last line
        return wrapped(e.value, first, indent, f" after {e.proc}({', '.join(_expr(a) for a in e.args)})" + tail, 3)
    if isinstance(e, A.Unary):
        return wrapped(e.operand, first + ("not " if e.op == "not" else "-"), indent, tail, precedence(e))
    if isinstance(e, A.Attr):
        return wrapped(e.obj, first, indent, f".{e.name}" + tail, 8)
    if isinstance(e, A.Index):
        return wrapped(e.obj, first, indent, f"[{_expr(e.index)}]" + tail, 8)
    if isinstance(e, A.Aggregate):
        lines = _aggregate_lines(e, first, indent, tail, one)
        if _overlong(lines):   # a search as the domain (`some(c in reachable(x from ... via ...) where ...)`)
            broken = _domain_broken(e, first, indent, tail)
            if broken is not None and sum(map(_overlong, ([line] for line in broken))) < \
                    sum(map(_overlong, ([line] for line in lines))):
                return broken
        return lines
    if isinstance(e, A.Sorted):   # the binder (and its condition) first, then the keys, one a line
        return _items(first + "sorted(", [_sorted_binder(e), _sort_keys(e)], ")" + tail)
    if isinstance(e, A.Network):   # the binder (and its condition) first, then the other arguments, one a line
        binder = f"{e.var} in {_expr(e.domain)}" + (f" where {_expr(e.where)}" if e.where is not None else "")
        items = [binder, *e.ends, *e.args]
        if e.through is not None:   # the last argument keeps the clause after it, on its line
            items[-1] = (items[-1] if isinstance(items[-1], str) else _expr(items[-1])) + _through(e)
        return _items(first + f"{e.op}(", items, ")" + tail)
    if isinstance(e, A.Regions):   # the binder and its condition on the first line, `via NEXT` leading the next
        binder = f"{first}regions({e.var} in {_expr(e.domain)}"
        head = binder + (f" where {_expr(e.where)}" if e.where is not None else "")
        if len(binder) > LINE_WIDTH:
            return [one]
        # a condition too long for the binder's line leads lines of its own, as `via` does
        lines = [head] if len(head) <= LINE_WIDTH else [binder] + wrapped(e.where, f"{indent}where ", indent + INDENT, "")
        return lines + wrapped(e.next, f"{indent}via ", indent + INDENT, ")" + tail)
    if isinstance(e, A.Flood):   # `p from START via` on the first line, NEXT wrapped after it
        if e.next is None:
            return [one]
        goal = f" to {_expr(e.goal)}" if e.goal is not None else ""
        hugged = wrapped(e.next, f"{first}{e.op}({e.var} from {_expr(e.start)}{goal} via ", indent,
                         _through(e) + ")" + tail)
        if len(hugged) == 1:
            return hugged
        # a START that leaves too little room for `via` after it (`reachable(x from gather(...) via ...)`): START
        # broken as it needs, `via NEXT` leading the next line, as `regions` puts it, when that is shorter
        below = wrapped(e.start, f"{first}{e.op}({e.var} from ", indent, goal) \
            + wrapped(e.next, f"{indent}via ", indent + INDENT, _through(e) + ")" + tail)
        if _overlong(hugged):
            return below if sum(map(_overlong, ([line] for line in below))) < sum(
                map(_overlong, ([line] for line in hugged))) else hugged
        return below if not _overlong(below) and len(below) < len(hugged) else hugged
    if isinstance(e, A.Method):
        return _items(first + f"{_wrap(e.obj, 8)}.{e.name}(", e.args, ")" + tail)
    if isinstance(e, A.Ray):   # `c from CELL via` on the first line, DIRECTION and its `until` (`while`) after it
        return wrapped(e.direction, f"{first}{e.func}({e.var} from {_expr(e.cell)} via ", indent,
                       _ray_stop(e) + ")" + tail)
    if isinstance(e, A.Call):
        return _items(first + f"{e.func}(", [_field_arg(a) if type(a) is A.FieldValue else a for a in e.args],
                      ")" + tail)
    if isinstance(e, A.Construct):
        return _items(first + f"{e.record}(", [_field_arg(f) for f in e.fields], ")" + tail)
    if isinstance(e, A.ListLit):
        if all(_atom(item) for item in e.items):   # a table of numbers or names: filled, not one a line
            return _filled(first + "[", [_expr(item) for item in e.items], "]" + tail)
        return _items(first + "[", e.items, "]" + tail)
    if isinstance(e, A.MemberMap) and e.items:
        return _items(first + "{", [f"{i.member}: {_expr(i.value)}" for i in e.items], "}" + tail)
    if isinstance(e, A.Affordable):
        terms = [cost((t,)) for t in e.terms]
        terms[-1] += tag(e.tag)
        return _items(first + "affordable(", terms, ")" + tail)
    if isinstance(e, A.Match):
        cases = [(f"{match_cases(c.values)}: ", c.result) for c in e.cases]
        if e.otherwise is not None:
            cases.append(("else: ", e.otherwise))
        lead = _leading(first) + INDENT
        lines = [f"{first}match {_expr(e.subject)} {{"]
        for label, result in cases:   # the grammar allows a comma after the last case
            lines += wrapped(result, lead + label, lead + INDENT * 2, ",")
        return lines + [_leading(first) + "}" + tail]
    return [one]


def _aggregate_lines(e: A.Aggregate, first: str, indent: str, tail: str, one: str) -> list[str]:
    """An aggregate too long for one line (`wrapped`; `one`, its one line): its condition and value broken after
    the binder, or the domain broken when it is too long even for a line of its own."""
    inner = indent + INDENT * 2
    head = f"{e.op}({e.var} in {_expr(e.domain)}"
    if len(_leading(first) + INDENT + f"{e.var} in {_expr(e.domain)}") > LINE_WIDTH:
        # a domain too long even for a line of its own (a gather of gathers): broken as an expression is,
        # the rest after it
        rest = (f" where {_expr(e.where)}" if e.where is not None else "") \
            + (f", {_expr(e.value)}" if e.value is not None else "")
        glued = wrapped(e.domain, f"{first}{e.op}({e.var} in ", indent, rest + ")" + tail)
        # a search broken before its `via` (`reachable(x from ...` then `via ...`): the condition below it
        broken = _domain_broken(e, first, indent, tail) if _searched(e) else None
        return glued if broken is None or _overlong(broken) else broken
    if e.where is not None and e.value is not None:
        # the binder and its condition, then the value, one a line when the condition fits on
        # one: never `... and h.yields == r, total(...)` glued to the condition's last operand
        binder = f"{e.var} in {_expr(e.domain)} where {_expr(e.where)}"
        if len(_leading(first) + INDENT + binder + ",") <= LINE_WIDTH:
            return _items(f"{first}{e.op}(", [binder, e.value], ")" + tail)
    if e.where is not None:
        rest = f", {_expr(e.value)})" if e.value is not None else ")"
        hugged = wrapped(e.where, f"{first}{head} where ", indent, rest + tail)
        # the condition on lines of its own when that takes fewer lines than hugging it, which
        # breaks it where it opens (`count(k in 1..5 where every(... where occupied(` then
        # one argument a line)
        below = [f"{first}{head} where"] + wrapped(e.where, inner, inner, rest + tail)
        if len(below) < len(hugged):
            return below
        # a long binder (`count(q in reachable(...) where board[q] == none)`): the condition whole on
        # the next line rather than broken at its loosest operator after it
        after = f"{inner}where {_expr(e.where)}{rest}{tail}"
        if len(hugged) > 1 and len(first + head) <= LINE_WIDTH and len(after) <= LINE_WIDTH:
            return [first + head, after]
        return hugged
    if e.value is not None:
        hugged = wrapped(e.value, f"{first}{head}, ", indent, ")" + tail)
        if len(hugged) > 1 and isinstance(e.value, (A.Cond, A.Binary)):   # not `... , if a\n and b`
            return _items(f"{first}{e.op}(", [f"{e.var} in {_expr(e.domain)}", e.value], ")" + tail)
        return hugged
    return [one]


def _searched(e) -> bool:
    """Whether an aggregate's domain is a search (`some(c in reachable(x from ... via ...) where ...)`), which goes
    below a func's head rather than be broken on its line when that takes fewer lines."""
    return isinstance(e, A.Aggregate) and type(e.domain) is A.Flood


def _domain_broken(e: A.Aggregate, first: str, indent: str, tail: str) -> Optional[list[str]]:
    """An aggregate (`wrapped`) with its domain broken over lines as an expression is (a search before its `via`:
    `some(c in reachable(x from gather(...)` then `via ...`), its `where COND` leading a line of its own below
    (not read as a part of the domain's last line), its value after it; None when the domain is not broken."""
    # `where` deeper than the line the aggregate opens on, `via` deeper than `where`
    indent = indent if len(indent) > len(_leading(first)) else _leading(first) + INDENT
    lines = wrapped(e.domain, f"{first}{e.op}({e.var} in ", indent + INDENT, "")
    if len(lines) == 1:
        return None
    value = f", {_expr(e.value)}" if e.value is not None else ""
    if e.where is None:
        return wrapped(e.domain, f"{first}{e.op}({e.var} in ", indent + INDENT, value + ")" + tail)
    return lines + wrapped(e.where, f"{indent}where ", indent + INDENT * 2, value + ")" + tail)


def _cond_lines(e: A.Cond, first: str, indent: str, tail: str) -> list[str]:
    """`if C then A else B` (`wrapped`) one branch a line, `else if` chains flat, `then` and `else`
    leading their lines at `indent`, `if C then A` kept on one line when it fits."""
    inner = indent + INDENT * 2
    branches, last = [], e
    while isinstance(last, A.Cond):
        branches.append((last.cond, last.then))
        last = last.otherwise
    lines: list[str] = []
    for n, (cond, then) in enumerate(branches):
        start = first + "if " if n == 0 else f"{indent}else if "
        # an `if` in a `then` is parenthesised: across lines, its `else` would read as the outer one's
        whole = f"{start}{_wrap(cond, 1)} then {_wrap(then, 1)}"
        if len(whole) <= LINE_WIDTH:
            lines.append(whole)
            continue
        lines += wrapped(cond, start, inner, "", 1)
        lines += wrapped(then, f"{indent}then ", inner, "", 1)
    return lines + wrapped(last, f"{indent}else ", inner, tail)


def _let_type(s: A.Let) -> str:
    """A let's declared type as written (`: list of city`), or nothing."""
    return f": {s.type}" + (f" of {s.of}" if s.of else "") if s.type else ""


def _rows(value: A.Expr) -> bool:
    """Whether a member's value of a field indexed by a record is written in rows, a list of lists (a record of one
    field's is a plain list, on one line; a value that is no grid is E576 at lint, and printed on one line)."""
    return type(value) is A.ListLit and bool(value.items) and all(type(r) is A.ListLit for r in value.items)


def grid_lines(v: A.FieldValue) -> list:
    """A member's value of a field indexed by a record as fmt prints it: a grid a row a line, else one line (the
    editor's hover of the member shows it so too)."""
    return _grid(v) if _rows(v.value) else [_field_arg(v)]


def _grid(v: A.FieldValue) -> list:
    """A member's value of a field indexed by a record (`shade: int[spot];`) as the card prints it: `shade = [[...],`
    then a row a line, its values in aligned columns (`_rows` holds)."""
    return grid_rows_text(f"{v.name} = [", v.value)


def grid_rows_text(lead: str, value: A.ListLit) -> list:
    """A list of rows after `lead` (which ends in its `[`): the first row on the lead's line, each next under it,
    values in aligned columns (an enum's grid, a table's rows)."""
    cells = [[_expr(c) for c in r.items] for r in value.items]
    widths = [max(len(row[k]) for row in cells if k < len(row)) for k in range(max(map(len, cells)))]
    return [(lead if i == 0 else " " * len(lead))
            + "[" + " ".join(_cell(c, widths[k], k == len(row) - 1) for k, c in enumerate(row)) + "]"
            + ("]" if i == len(cells) - 1 else ",")
            for i, row in enumerate(cells)]


def _cell(text: str, width: int, last: bool) -> str:
    """A grid's value in its column: a number to the right, as printed, a text or a name to the left, its comma kept
    after it."""
    comma = "" if last else ","
    if text[:1].isdigit() or text[:1] == "-":
        return text.rjust(width) + comma
    return (text + comma).ljust(width + len(comma)) if not last else text


def _field_arg(f: A.FieldValue) -> str:
    """`hex = 4` of a record's construction."""
    return f"{f.name} = {_expr(f.value)}"


def _sorted_binder(e: A.Sorted) -> str:
    """`x in D [where C]` of a `sorted(...)`."""
    return f"{e.var} in {_expr(e.domain)}" + (f" where {_expr(e.where)}" if e.where is not None else "")


def _sort_keys(e: A.Sorted) -> str:
    """`most KEY then fewest KEY2 ...` of a `sorted(...)`: every key with its word."""
    return " then ".join(f"{order} {_expr(key)}" for order, key in zip(e.orders, e.keys))


def _items(first: str, items, tail: str) -> list[str]:
    """A call's arguments, a list's items or a cost's terms (text): one of them hugs the brackets,
    several go one a line (a comma after each but the last, which the grammar does not allow)."""

    def item_lines(item, first: str, tail: str) -> list[str]:
        if isinstance(item, str):
            return [first + item + tail]
        return wrapped(item, first, _leading(first) + INDENT * 2, tail)

    if len(items) == 1:
        hugged = item_lines(items[0], first, tail)
        # a bracketed item (`f(g(a, b))`) that fits on a line of its own goes there whole rather than be
        # broken one argument a line after the brackets it hugs (an item already text, a cost's term, stays)
        if len(hugged) > 1 and isinstance(items[0], BRACKETED):
            alone = _leading(first) + INDENT + _expr(items[0])
            if len(alone) <= LINE_WIDTH:
                return [first, alone, _leading(first) + tail]
        return hugged
    lead = _leading(first) + INDENT
    lines = [first]
    for n, item in enumerate(items, start=1):
        lines += item_lines(item, lead, "," if n < len(items) else "")
    return lines + [_leading(first) + tail]


def _atom(e) -> bool:
    """A list item printed as one short word: a number (negative too), a name, yes/no, `none` (texts are
    often rows of a picture, kept one a line)."""
    if type(e) is A.Unary and e.op == "-":
        e = e.operand
    return type(e) in (A.Int, A.Dec, A.Name, A.Bool, A.Nothing)


def _filled(first: str, texts: list, tail: str) -> list[str]:
    """A list of short items too long for one line (a score table, a track's rewards): as many items a
    line as fit, two spaces in, the closing bracket back on the opening line's indentation; one item a
    line would turn a 30-number table into 30 lines."""
    lead = _leading(first) + INDENT
    lines, line = [first], lead
    for n, text in enumerate(texts, start=1):
        piece = text + ("," if n < len(texts) else "")
        if line == lead:
            line += piece
        elif len(line) + 1 + len(piece) <= LINE_WIDTH:
            line += " " + piece
        else:
            lines.append(line)
            line = lead + piece
    return lines + [line, _leading(first) + tail]


class Clause:
    """One clause of a statement or a block's head: `where COND`, `"title" optional`; text around
    at most one expression, which is broken over lines (`wrapped`) when the clause is too long."""

    __slots__ = ("before", "value", "after")

    def __init__(self, before: str, value=None, after: str = ""):
        self.before, self.value, self.after = before, value, after

    def text(self) -> str:
        """The clause on one line."""
        return self.before + (_expr(self.value) if self.value is not None else "") + self.after

    def lines(self, first: str, indent: str, tail: str) -> list[str]:
        """The clause after `first` and before `tail`, its expression broken at `indent` if too long."""
        if self.value is None:
            return [first + self.text() + tail]
        return wrapped(self.value, first + self.before, indent, self.after + tail)


def laid_out(clauses: list, first: str, tail: str) -> list[str]:
    """Lines for a statement or a block's head made of clauses (the empty ones, None, left out),
    after `first` (its indentation, or `} ` when it follows a closing brace) and before `tail`
    (`;`, ` {`): one line when it fits; else its one clause broken as an expression, or each clause
    on a line of its own, the later ones four spaces in."""
    clauses = [c for c in clauses if c is not None]
    indent = _leading(first) + INDENT * 2
    with deep_recursion():
        one = first + " ".join(c.text() for c in clauses) + tail
        if len(one) <= LINE_WIDTH:
            return [one]
        if len(clauses) == 1:
            return clauses[0].lines(first, indent, tail)
        lines = clauses[0].lines(first, indent + INDENT * 2, "")
        for n, clause in enumerate(clauses[1:], start=2):
            lines += clause.lines(indent, indent + INDENT * 2, tail if n == len(clauses) else "")
    return lines


def _at(index) -> str:
    """`[I]` after an indexed counter's name, or nothing."""
    return f"[{expr(index)}]" if index is not None else ""


def _indexes(ix) -> str:
    """`[ENUM]`, `[LOW..HIGH]` or two of them (`[1..5, colour]`) after an indexed declaration's name, or nothing;
    a range's frame after it (`[1..24] numbered t as (25 - t)`)."""
    if ix is None:
        return ""
    frame = f" numbered {ix.frame_var} as ({expr(ix.frame)})" if ix.frame is not None else ""
    return f"[{ix.shown()}]{frame}"


def cost(terms: tuple) -> str:
    parts, trading = [], ""
    for t in terms:
        if t.mode == "or":   # alternatives: `,` binds tighter than `or`
            parts.append(" or ".join(cost(alt.terms) for alt in t.alternatives))
        elif t.mode == "trade":
            trading = f" trading {expr(t.amount)} any({t.name}) as 1"
        elif t.mode == "plain":
            parts.append(f"{expr(t.amount)} {t.name}{_at(t.index)}")
        elif t.mode == "any":
            parts.append(f"{expr(t.amount)} any" + (f"({t.name})" if t.name else ""))
        elif t.mode == "cards":
            noun = "card" if isinstance(t.amount, A.Int) and t.amount.value == 1 else "cards"
            zones = "" if t.source is None else f" from {expr(t.source)}" + (
                f" except {expr(t.exclude)}" if t.exclude is not None else "") + (
                f" where {expr(t.where)}" if t.where is not None else "") + (
                f" {'different' if t.different else 'alike'} by {t.alike.name}" if t.alike is not None else "") + (
                f" wild {expr(t.wild)}" if t.wild is not None else "") + f" to {expr(t.dest)}"
            parts.append(f"{expr(t.amount)} {noun}{zones}")
        elif t.mode == "each":
            parts.append(expr(t.amount))
        elif t.mode == "on":
            parts.append(f"{expr(t.amount)} {t.name} on {expr(t.source)}")
        elif t.mode == "held":   # the resource a field names: `1 c.good`
            parts.append(f"{expr(t.amount)} {expr(t.source)}.{t.name}")
        elif t.mode == "worth":
            subs = " and ".join(f"{u.name} at {_rate(u.rate)}" for u in t.substitutes)
            parts.append(f"{expr(t.amount)} {t.name} using {subs}")
        else:
            parts.append(f"{expr(t.amount)} different({t.name})")
    return ", ".join(parts) + trading


def _rate(e) -> str:
    """A substitute's rate, read as a sum: anything looser (`a == b`, `x and y`, `not x`, `if ...`,
    `1..3`) is bracketed."""
    loose = isinstance(e, (A.Cond, A.Range)) or isinstance(e, A.Unary) and e.op == "not" \
        or isinstance(e, A.Binary) and e.op not in ("+", "-", "*", "/", "%")
    return f"({expr(e)})" if loose else expr(e)


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
    if a.op == "using":
        t = a.terms[0]
        return f"cost {t.name} using " + " and ".join(f"{u.name} at {_rate(u.rate)}" for u in t.substitutes) + ";"
    value = cost(a.terms) if a.what == "cost" else expr(a.amount)
    return f"{a.what} {a.op}{value};" if a.op != "=" else f"{a.what} = {value};"


def pattern_arg(a: A.PatternArg) -> str:
    """`c = gold` or `c is silver`, a pattern's filter."""
    if type(a.value) is A.IsKind and a.value.subject is None:
        return f"{a.name} is {a.value.kind}"
    if a.element:   # `gain(warriors[c])`, `gain(warriors)`
        return expr(a.value)
    return f"{a.name} = {expr(a.value)}"


def pattern(p: A.Pattern) -> str:
    """`you advance(on = military)`; `end of develop_phase` (an `until end of NAME`)."""
    more = "".join(f" or {pattern(end)}" for end in p.or_until)   # `until you turn_start or end of round`
    if p.end:
        return f"end of {p.event}{more}"
    subject = f"{expr(p.subject)} " if p.subject is not None else ""
    shown = [pattern_arg(a) for a in p.args]
    for i in range(len(p.args) - 1, 0, -1):   # a shift's two sides: `shift(warriors[a] to warriors[c])`
        if p.args[i].element and p.args[i].name == "dest" and p.args[i - 1].element:
            shown[i - 1:i + 1] = [f"{shown[i - 1]} to {shown[i]}"]
    args = f"({', '.join(shown)})" if p.args else ""
    return f"{subject}{p.event}{args}{more}"


def _title(title) -> str:
    return f" {quote(title)}" if title is not None else ""



def _on_space(space) -> str:
    """` space N` of `reactivate`, `bonus` and the marker statements, or nothing."""
    return f" space {expr(space)}" if space is not None else ""


class Printer(A.Visitor):
    """Writes declarations and statements with two-space indentation (`visit_<Stmt>`, `visit_<Decl>`)."""

    def __init__(self, commented: frozenset = frozenset(), blank: frozenset = frozenset()):
        self.lines: list[str] = []
        self.depth = 0
        self.commented = commented   # the source lines holding comments (`format_text`)
        self.blank = blank   # the source's blank lines (`format_text`): a role's kept (`visit_Role`)
        self.rows: set = set()   # the first lines of declarations printed as a row over three lines (`rejoin`)
        self.lead = ""   # what the next line written starts with (`override `), counted in its width
        self.grids: set = set()   # (kind, field) of the module's kinds' indexed fields: a card's grid a row a line
        self.card_grids: set = set()   # the fields of the card being printed whose value is such a grid

    def indent(self) -> str:
        """How the next line starts: its indentation, or the lead a declaration is written after."""
        lead, self.lead = self.lead, ""
        return lead or INDENT * self.depth

    def line(self, text: str) -> None:
        self.lines.append(self.indent() + text)

    def clauses(self, clauses: list, tail: str = ";", after_brace: bool = False) -> None:
        """A statement or a block's head made of clauses (`laid_out`); `after_brace` joins it onto
        the closing brace just written (`} else if ...`)."""
        first = self.lines.pop() + " " if after_brace else self.indent()
        self.lines.extend(laid_out(clauses, first, tail))

    def block(self, head, stmts: tuple, tail: str = "", after_brace: bool = False) -> None:
        """`HEAD { ... }` (`HEAD {}` when empty); HEAD is text or a list of clauses."""
        clauses = [Clause(head)] if isinstance(head, str) else head
        if not stmts:
            self.clauses(clauses, " {}" + tail, after_brace)
            return
        self.clauses(clauses, " {", after_brace)
        self.depth += 1
        for s in stmts:
            self.stmt(s)
        self.depth -= 1
        self.line("}" + tail)

    def short(self, head: list, body: tuple, first: int, last: int, else_next: bool = False) -> None:
        """`HEAD: STMT` when the one statement fits on the line (a `match` arm, `each`), else a block:
        also when a comment stands within the source lines `first` to `last` past the head (it stays
        inside the block, where it was written), and when an `else` comes next (`else_next`) and the
        line would end in a block: `1: pick ... {}` then `else {}` reads as the pick's own else."""
        start = len(self.lines)
        if len(body) == 1 and not any(line in self.commented for line in range(first + 1, last + 1)):
            self.depth += 1
            self.stmt(body[0])
            self.depth -= 1
            if len(self.lines) == start + 1:
                joined = INDENT * self.depth + " ".join(c.text() for c in head if c is not None) + ": " + \
                    self.lines[start].lstrip()
                if len(joined) <= LINE_WIDTH and not (else_next and joined.endswith("}")):
                    self.lines[start] = joined
                    return
            del self.lines[start:]
        self.block(head, body)

    # ------------------------------------------------------------------ statements
    def stmt(self, s) -> None:
        self.visit(s)

    def visit_Gain(self, s):
        self.clauses([Clause("gain ", s.amount, f" {_owner(s.owner)}{s.resource}{_at(s.index)}"), _where("on ", s.on),
                      _tag(s.tag)])

    def visit_Lose(self, s):
        self.clauses([Clause("lose ", s.amount, f" {_owner(s.owner)}{s.resource}{_at(s.index)}"), _where("on ", s.on),
                      Clause(f"else {s.debt}") if s.debt else None, _tag(s.tag),
                      Clause("to ", s.to) if s.to is not None else None])

    def visit_Share(self, s):
        self.clauses([Clause("share ", s.amount, f" {s.resource}"), Clause("among ", s.among), _where("odd to ", s.odd)])

    def visit_Take(self, s):
        self.clauses([Clause("take ", s.value), Clause("from ", s.list)])

    def visit_Shift(self, s):
        self.clauses([Clause("shift ", s.amount, f" {s.counter}{_at(s.index)} to {s.dest_counter}{_at(s.dest_index)}")])

    def visit_GainEach(self, s):
        self.clauses([Clause("gain ", s.amount), _tag(s.tag)])

    def visit_GainAny(self, s):
        self.clauses([Clause("gain ", s.amount, f" any({s.group})")])

    def visit_LoseRandom(self, s):
        self.clauses([Clause("lose ", s.amount, f" any({s.group}) at random"),
                      Clause("to ", s.to) if s.to is not None else None])

    def visit_Pay(self, s):
        self.clauses([Clause(f"{f'let {s.name} = ' if s.name else ''}pay {cost(s.terms)}"), _tag(s.tag),
                      Clause("and emit") if s.announce else None])

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
        self.options(f"choose{_title(s.title)}{' in any order' if s.any_order else ''}"
                     f"{' as ' + s.stmt_label if s.stmt_label is not None else ''}{' open' if s.open else ''}{' secret' if s.secret else ''}", s.options)

    def options(self, head: str, options: tuple) -> None:
        """A choose's options (or an amended choose's changes) in braces after its head."""
        self.line(f"{head} {{")
        self.depth += 1
        for o in options:
            if isinstance(o, A.OptionRemoved):
                self.line(f"remove option{_title(o.title)};")
            else:
                self.block([Clause(f"option{_title(o.title)}{_once(o)}"), _where("when ", o.guard)],
                           o.body)
        self.depth -= 1
        self.line("}")

    def visit_May(self, s):
        self.block([Clause(f"may{_title(s.title)}{' repeatedly' if s.repeated else ''}"),
                    Clause(f"cost {cost(s.cost)}") if s.cost else None, _tag(s.tag), _where("when ", s.when),
                    _secrecy(s)], s.body)
        self.orelse(s)

    def amend_blocks(self, head: list, item) -> None:
        """An amend of a pick, an `if`, a may or a loop (`head`), with the blocks it writes anew, or `;` when it
        writes none."""
        head = [c for c in head if c is not None]
        otherwise = getattr(item, "otherwise", None)   # (a loop has no else)
        if item.body is not None:
            self.block(head, item.body)
        elif otherwise is None:
            self.clauses(head)
        if otherwise is not None:
            self.block("else" if item.body is not None else head + [Clause("else")], otherwise,
                       after_brace=item.body is not None)

    def orelse(self, s) -> None:
        """The `else { ... }` of a `may` or `pick`, joined onto the closing brace before it."""
        if s.otherwise:
            self.block("else", s.otherwise, after_brace=True)

    def visit_Repeat(self, s):
        self.block([Clause("repeat ", s.count), _label(s)], s.body)

    def visit_While(self, s):
        self.block([Clause("while ", s.cond), _label(s)], s.body)

    def visit_RepeatStable(self, s):
        self.block([Clause(f"repeat until stable({', '.join(n.id for n in s.names)})"), _label(s)], s.body)

    def visit_ForEach(self, s):
        order = Clause(f"in any order{' alike' if s.alike else ''}{_title(s.title)}") if s.any_order else None
        self.block([Clause(f"for each {s.var} in ", s.domain), _where("where ", s.where), order, _label(s)], s.body)

    def visit_Each(self, s):
        settled = Clause("until settled") if getattr(s, "settled", False) else None
        self.short([Clause("each ", s.domain), _where("where ", s.where), settled, _label(s)], s.body, s.span.line,
                   s.span.end_line)

    def visit_If(self, s, after_brace: bool = False):
        self.block([Clause("else if " if after_brace else "if ", s.cond), _stmt_label(s)], s.then,
                   after_brace=after_brace)
        if len(s.otherwise) == 1 and isinstance(s.otherwise[0], A.If):
            self.visit_If(s.otherwise[0], after_brace=True)
        elif s.otherwise:
            self.block("else", s.otherwise, after_brace=True)

    def visit_MatchStmt(self, s):
        otherwise = () if s.otherwise is None else \
            (A.Arm((), s.otherwise, span=A.Span(s.span.file, s.arms[-1].span.end_line, 0, s.span.end_line, 0)),)
        self.arms(s.subject, s.arms + otherwise)   # the `else` arm: from the last arm's end to the match's

    def arms(self, subject, arms: tuple) -> None:
        """`match X { ... }` with its arms (an arm without values is `else`), or an amended match's
        changes (`remove VALUE, ...;` among them, and an amended func's `VALUE = EXPR;`)."""
        self.clauses([Clause("match ", subject)], " {")
        self.depth += 1
        for i, arm in enumerate(arms):
            values = match_cases(arm.values) or "else"
            if isinstance(arm, A.ArmRemoved):
                self.line(f"remove {values};")
            elif isinstance(arm, A.Case):   # an amended func's arm: `VALUE = EXPR;`
                self.clauses([Clause(f"{values} = ", arm.result)])
            else:
                else_next = i + 1 < len(arms) and not arms[i + 1].values   # the else arm follows
                self.short([Clause(values)], arm.body, arm.span.line, arm.span.end_line, else_next)
        self.depth -= 1
        self.line("}")

    def visit_Return(self, s):
        if s.value is None:
            self.line("return;")
        else:
            self.clauses([Clause("return ", s.value)])

    def visit_EndGame(self, s):
        if s.drawn:   # `end game drawn;`
            self.line(f"end game drawn{_title(s.reason)};")
        elif s.by is None:
            self.line(f"end game{_title(s.reason)};")
        else:   # `end game won by P;` / `end game lost by P;`
            self.clauses([Clause(f"end game {'lost' if s.lost else 'won'} by ", s.by, _title(s.reason))])

    def visit_EndAfter(self, s):
        self.line(f"end game after {s.label}{_title(s.reason)};")

    def visit_Break(self, s):
        self.line("break;" if s.label is None else f"break {s.label};")

    def visit_Reopen(self, s):
        self.line("reopen;")

    def visit_GiveRole(self, s):
        self.clauses([Clause("give ", s.who), Clause("role ", s.role)])

    def visit_Eliminate(self, s):
        word = "restore" if s.restore else "retire" if s.retire else "eliminate"
        if s.who is None:
            self.line(f"{word};")
        else:
            self.clauses([Clause(f"{word} ", s.who)])

    def visit_Let(self, s):
        self.clauses([Clause(f"let {s.name}{_let_type(s)} = ", s.value)])

    def visit_SetName(self, s):
        self.clauses([Clause(f"set {s.name}{_at(s.index)} = ", s.value)])

    def visit_SetAttr(self, s):
        self.clauses([Clause(f"set {_wrap(s.obj, 8)}.{s.name}{_at(s.index)} = ", s.value)])

    def visit_CallStmt(self, s):
        self.clauses([Clause("", A.Call(s.func, s.args))])

    def visit_Draw(self, s):
        count = "one" if s.single else "" if s.count is None else expr(s.count)
        head = [Clause(f"{f'let {s.name} = ' if s.name else ''}draw {count + ' ' if count else ''}from ", s.source),
                _where("where ", s.where), _where(f"to {'top of ' if s.top else ''}", s.dest)]
        if s.until is None:
            self.clauses(head)
        elif s.var is None:   # `draw from deck to hand until size(hand) >= 7;`
            self.clauses(head + [Clause("until ", s.until)])
        else:   # `... until COND each c { ... }`
            self.block(head + [Clause("until ", s.until), Clause(f"each {s.var}")], s.body or ())

    def visit_Move(self, s):
        end = "" if s.depth is not None else {"top": "top of ", "bottom": "bottom of "}.get(
            s.known or "", "top of " if s.top else "bottom of " if s.bottom else "")
        known = [] if s.known is None else [Clause("known"), _where("to ", s.known_to)]
        self.clauses([Clause("move ", s.item), Clause(f"to {end}", s.dest), *_depth(s), *known])

    def visit_MoveAll(self, s):
        self.clauses([Clause("move all of ", s.source), _where("where ", s.where),
                      Clause(f"to {'top of ' if s.top else 'bottom of ' if s.bottom else ''}", s.dest), *_depth(s)])

    def visit_Swap(self, s):
        self.clauses([Clause("swap ", s.zone), Clause("with ", s.other), *([Clause("unseen")] if s.unseen else [])])

    def visit_PassOn(self, s):
        self.clauses([Clause("pass ", s.zone), Clause("to ", s.to)])

    def visit_Deal(self, s):
        head = [Clause(f"deal {'all' if s.count is None else expr(s.count)} of ", s.source), Clause("to ", s.dest),
                _where("from ", s.start)] + ([] if s.packet is None else [Clause("", s.packet, " at a time")])
        if s.body is None:
            self.clauses(head)
        else:   # `... as (p, c) { ... }`: the block for each card dealt
            self.block(head + [Clause(f"as ({s.receiver}, {s.var})")], s.body)

    def visit_SetAside(self, s):
        head = [Clause("set aside all of ", s.item), _where("where ", s.where)] if s.all else [Clause("set aside ", s.item)]
        self.clauses(head + [Clause(f"until {pattern(s.until)}"),
                             _where(f"then to {'top of ' if s.top else ''}", s.dest)])

    def visit_Split(self, s):
        self.block([Clause("split ", s.zone), Clause("into ", s.count, f" piles as {s.pile}")], s.body)

    def visit_Shuffle(self, s):
        self.clauses([Clause("shuffle ", s.zone)])

    def visit_Fill(self, s):
        self.clauses([Clause("fill ", s.zone, f" with {s.kind}" if s.kind is not None else ""), _where("where ", s.where)])

    def visit_Reset(self, s):
        self.line(f"reset {', '.join(s.names)}{f' of {s.kind}' if s.kind else ''};")

    def visit_Flip(self, s):
        self.clauses([Clause("flip ", s.item)])

    def visit_Roll(self, s):
        if s.source is not None:
            self.clauses([Clause("roll all of ", s.source), _where("where ", s.where)])
            return
        if s.count is not None:   # `let a = roll 3 d6;`
            self.clauses([Clause(f"let {s.name} = roll ", s.count, f" {s.die}")])
            return
        self.line(f"let {s.name} = roll {s.die};" if s.name else f"roll {s.die};")

    def visit_Window(self, s):
        self.line("window;" if s.name is None else f"window {s.name};")

    def visit_Whenever(self, s):
        until = Clause(f"until {pattern(s.until)}") if s.until else None
        rest = Clause(f"once per {pattern(s.rest)}") if s.rest else None
        self.block([Clause(f"{'next' if s.once else 'whenever'} {pattern(s.pattern)}"), rest, until,
                    _where("while ", s.cond)], s.body)

    def visit_Modifier(self, s):
        self.clauses([Clause(f"modifier {pattern(s.pattern)}" + (" once" if s.once else "")),
                      Clause(f"until {pattern(s.until)}") if s.until else None, _where("while ", s.cond),
                      _asking(s)], " {")
        self.modifier_lines(s)

    def modifier_lines(self, m) -> None:
        """A modifier's lines, its `then { ... }` (7.7d) last, and its closing brace."""
        self.depth += 1
        for a in m.adjustments:
            self.line(adjustment(a))
        if m.then is not None:
            self.block("then", m.then)
        self.depth -= 1
        self.line("}")

    def visit_Emit(self, s):
        self.clauses([Clause("emit ", A.Call(s.event, s.args))])   # an event's arguments, laid out as a call's

    def visit_Copy(self, s):
        self.clauses([Clause("copy ", slot_call(s.ref, s.args)), Clause(f"with {s.with_event}")
                      if s.with_event is not None else None])

    def visit_Once(self, s):
        self.block("once", s.body)

    def visit_Hold(self, s):
        self.block([Clause("hold ", s.zone)], s.body)

    def visit_Tagged(self, s):
        self.short([_tag(s.tag)], s.body, s.span.line, s.span.end_line)

    def visit_Rank(self, s):
        prizes = ", ".join(expr(p) for p in s.prizes)
        self.clauses([Clause("rank ", s.domain), _where("where ", s.where), Clause("by ", s.key),
                      Clause(f"award [{prizes}] {s.resource} ties {s.ties}")])

    def visit_Pick(self, s):
        let, tail = (f"let {s.count} = ", ";") if s.count is not None else ("", "")   # `let n = pick ... { ... };`
        self.block([Clause(f"{let}pick {s.var} from ", s.domain), *_blinds(s), _where("where ", s.where),
                    _where("most " if s.best_most else "fewest ", s.best), Clause("alike") if s.alike else None,
                    _where("budget ", s.budget), _cost(s), *_modes(s), _stmt_label(s), _secrecy(s),
                    *_best_claim(s)], s.body,
                   "" if s.otherwise else tail)
        if s.otherwise:
            self.block("else", s.otherwise, tail, after_brace=True)

    def visit_Simultaneous(self, s):
        p = s.pick
        each = [Clause(f"simultaneously for each {s.each_var} in ", s.each_domain), _where("where ", s.each_where),
                Clause(f"pick {p.var} from ", p.domain)] if s.each_var is not None else \
            [Clause(f"simultaneously pick {p.var} from ", p.domain)]
        self.block([Clause("each ", s.domain), _where("where ", s.where), *each, *_blinds(p),
                    _where("where ", p.where),
                    _where("most " if p.best_most else "fewest ", p.best), Clause("alike") if p.alike else None,
                    _where("budget ", p.budget), _cost(p), *_modes(p), _stmt_label(p), _secrecy(p),
                    *_best_claim(p)], p.body)

    def visit_Auction(self, s):
        title = quote(s.title) + " " if s.title is not None else ""
        start = _where("opened by " if s.opening else "from ", s.start)
        form = _where("form ", s.form) if s.form is not None else Clause(s.mode)
        head = [Clause(f"auction {title}among ", s.domain), _where("where ", s.where), start, form,
                _where("over each " if s.held else "over ", s.calls), _where("min ", s.low), _where("step ", s.step),
                _where("up to ", s.most), _where("doubling ", s.doubling)]
        # `... passed as (p, bid) { ... } bids as (p, call) { ... } as (winner, price) { ... }`: the passers' block,
        # the bids', then the winner's, each after the brace of the one before
        blocks = [(f"passed as ({s.passer}, {s.passed_bid})", s.passed)] if s.passer is not None else []
        blocks += [(f"bids as ({s.bidder}, {s.bid_made})", s.bids)] if s.bidder is not None else []
        stakes = f", {s.stakes}" if s.stakes is not None else ""
        blocks.append((f"as ({s.winner}, {s.price}{stakes})", s.body))
        self.block(head + [Clause(blocks[0][0])], blocks[0][1])
        for words, block in blocks[1:]:
            self.block(words, block, after_brace=True)
        self.orelse(s)

    def visit_Offer(self, s):
        title = quote(s.title) + " " if s.title is not None else ""
        mode = [Clause(s.mode)] if s.mode != "first" else []
        self.block([Clause(f"offer {title}to ", s.domain), _where("where ", s.where), _where("from ", s.start), *mode,
                    Clause(f"as {s.partner}")], s.body)
        self.orelse(s)

    def visit_FirstMay(self, s):
        self.block([Clause(f"first {s.var} in ", s.domain), _where("where ", s.where),
                    Clause(f"may{_title(s.title)}"), Clause(f"cost {cost(s.cost)}") if s.cost else None,
                    Clause("always asked") if s.asked else None], s.body)
        self.orelse(s)

    def visit_Reveal(self, s):
        top = [Clause("reveal top ", s.top), Clause("of ", s.item)] if s.top is not None else [Clause("reveal ", s.item)]
        self.clauses([*top, _where("to ", s.to)])

    def visit_Look(self, s):
        self.clauses([Clause("look top ", s.top), Clause("of ", s.item)] if s.top is not None else [Clause("look ", s.item)])

    def visit_Say(self, s):
        self.line(f"say {say_text(s.parts)}{' as game' if s.as_game else ''};")

    # ------------------------------------------------------------------ declarations
    def decl(self, d) -> None:
        """Write one declaration (as deep as the parser lets a file nest)."""
        with deep_recursion():
            self.visit(d)

    def visit_Override(self, d):
        self.lead = "override "   # the declaration's first line starts with it, and its width counts it
        self.decl(d.decl)

    def visit_Resource(self, d):
        cap = f" cap {expr(d.cap)}" if d.cap is not None else ""
        supply = f" supply {expr(d.supply)}" if d.supply is not None else ""
        over = f" over {expr(d.over)}" if d.over is not None else ""
        self.line(f"resource {d.name}{_title(d.title)}{cap}{over}{supply}{' overdraw' if d.overdraw else ''};")

    def visit_Group(self, d):
        self.line(f"group {d.name}{_title(d.title)}{f' cap {expr(d.cap)}' if d.cap is not None else ''} {{ {', '.join(d.members)} }}")

    def visit_Counter(self, d):
        bounds = f" from {expr(d.low)} to {expr(d.high)}" if d.low is not None else ""
        start = f" start {expr(d.start)}" if d.start is not None else ""
        per = f" per {d.per}" if d.per is not None else ""
        if d.supply is not None:   # a global counter's bank
            start += f" supply {expr(d.supply)}" + (f" per {d.supply_per.id}" if d.supply_per is not None else "") \
                + (f" short {d.short.id}" if d.short is not None else "")
        head = f"counter {d.name}{_indexes(d.indexes)}{_title(d.title)}{' global' if d.is_global else ''}{' signed' if d.signed else ''}{' internal' if d.internal else ''}{' hidden' if d.hidden else ''}{bounds}{start}{per}"
        if not d.elements:
            self.line(f"{head};")
            return
        shown = [element_bound(b) for b in d.elements]   # each element's own bounds: on one line when they fit
        one_line = f"{head} {{ {' '.join(shown)} }}"
        if len((self.lead or INDENT * self.depth) + one_line) <= LINE_WIDTH and d.span.line == d.span.end_line:
            self.line(one_line)
            return
        self.line(f"{head} {{")
        self.depth += 1
        for b in shown:
            self.line(b)
        self.depth -= 1
        self.line("}")

    def visit_Var(self, d):
        default = f" = {expr(d.default)}" if d.default is not None else ""
        self.line(f"var {d.name}{_indexes(d.indexes)}{_title(d.title)}{' global' if d.is_global else ''}{' internal' if d.internal else ''}{' hidden' if d.hidden else ''}{_remembered(d)}: {d.type}{default};")

    def visit_Enum(self, d):
        titles = d.titles or (None,) * len(d.members)
        values = d.data or ((),) * len(d.members)
        self.members(f"enum {d.name}", list(zip(d.members, titles, values)), d.fields)

    def members(self, head: str, members: list, fields: tuple = ()) -> None:
        """An enum's members (name, title or None, values) after `head`, on one line when they fit, else one a
        line; an enum with fields (data per member) has its fields first, each on a line, then a member a line."""
        grids = {f.name for f in fields if f.index is not None}
        shown = [(m if t is None else f"{m} {_title(t).strip()}")
                 + ("" if any(v.name in grids and _rows(v.value) for v in vs) else
                    f"{' ' if t is not None else ''}({', '.join(_field_arg(v) for v in vs)})" if vs else "")
                 for m, t, vs in members]
        one_line = f"{head} {{ {', '.join(shown)} }}"
        if not fields and len((self.lead or INDENT * self.depth) + one_line) <= LINE_WIDTH:
            self.line(one_line)
            return
        self.line(f"{head} {{")   # too long for a line: one member a line
        self.depth += 1
        for f in fields:
            self.part(f)
        for member, (_m, _t, values) in zip(shown, members):
            if any(v.name in grids and _rows(v.value) for v in values):   # a grid: each value on its lines, the grid row by row
                self.line(f"{member} (")
                lines = [grid_lines(v) if v.name in grids else [_field_arg(v)] for v in values]
                for i, written in enumerate(lines):
                    written[-1] += ")," if i == len(lines) - 1 else ","
                    for text in written:
                        self.line(INDENT * 2 + text)
            else:
                self.line(f"{member},")
        self.depth -= 1
        self.line("}")

    def visit_Event(self, d):
        self.line(f"event {d.name}({params_text(d.params)});")

    def visit_Track(self, d):
        scale = ""
        if d.scale is not None:
            low, high, step = d.scale
            scale = f" from {low} to {high}" + (f" step {step}" if step != 1 else "")
        if d.prints is not None:
            scale += f" prints [{', '.join(map(str, d.prints))}]"
        head = f"track {d.name}{_title(d.title)}{' global' if d.is_global else ''}{scale}"
        if not d.spaces and not d.reaches:   # a list's spaces all left empty: `{}`, as an empty kind's
            self.line(f"{head} {{}}")
            return
        self.line(f"{head} {{")
        self.depth += 1
        for s in d.spaces:
            self.space(s)
        for r in d.reaches:
            self.reach(r)
        self.depth -= 1
        self.line("}")

    def reach(self, r: A.Reach) -> None:
        """`first to N { ... }`, in a track or an amend."""
        self.block(f"first to {A.number_text(r.position, False)}", r.body)

    def space(self, s: A.Space) -> None:
        """`space N ["Title"] [tier T] [cost C] { ... } [bonus cost C { ... }]`, in a track or an amend."""
        head = f"{'space' if s.value is None else 'at'} " \
               f"{A.number_text(s.position, False) if s.value is None else s.value}{_title(s.title)}"
        head += f" tier {A.number_text(s.tier, False)}" if s.tier is not None else ""
        head += f" cost {cost(s.cost)}" if s.cost else ""
        self.block(head, s.body)
        if s.bonus is not None:
            self.block(f"bonus cost {cost(s.bonus_cost)}", s.bonus, after_brace=True)

    def visit_Kind(self, d):
        shows = (d.shows,) if d.shows is not None else ()   # after the fields it names
        items = (d.in_force or ()) + d.fields + shows + d.slots
        self.parts(f"kind {d.name}{_title(d.title)}{' per_player' if d.per_player else ''}", items,
                   not d.slots and _written_as_a_row(d, items))

    def visit_Record(self, d):
        self.parts(f"record {d.name}{_title(d.title)}", d.fields, _written_as_a_row(d, d.fields))
        if d.shape is not None:   # `} where COND;`, after the closing brace
            self.clauses([Clause("where ", d.shape)], after_brace=True)

    def visit_Entity(self, d):
        copies = f" * ({expr(d.copies_by)})" if d.copies_by is not None else f" * {A.number_text(d.copies, False)}" if d.copies != 1 else ""
        each = "for each " + ", ".join(each_heads(d)) if d.each else None
        # a long head breaks before its `for each` (`* (match ...)` copies make it long)
        items = (d.in_force or ()) + d.values + d.effects
        self.card_grids = {v.name for v in d.values if (d.kind, v.name) in self.grids and _rows(v.value)}
        self.parts([Clause(f"{d.kind} {d.name}{_title(d.title)}{copies}"), Clause(each) if each else None],
                   items, not d.effects and not self.card_grids and _written_as_a_row(d, items))
        self.card_grids = set()

    def parts(self, head, items: tuple, one_line: bool = False) -> None:
        """`HEAD { ... }` with one field declaration, value or effect a line (`HEAD {}` with none); HEAD is text or
        a list of clauses, broken over lines when too long; with `one_line` (a kind or a card of values written
        as a row, `_written_as_a_row`: a table stays a table), all on one line when it fits, else its values on
        one line of their own between the head and the brace. A comment on its line follows the code: none
        can stand in its braces."""
        clauses = [Clause(head)] if isinstance(head, str) else head
        if not items:
            self.clauses(clauses, " {}")
            return
        start = len(self.lines)
        self.clauses(clauses, " {")
        wrapped = len(self.lines) > start + 1
        self.depth += 1
        for item in items:
            self.part(item)
        self.depth -= 1
        self.line("}")
        if one_line and not wrapped:
            self.rejoin(start)

    def rejoin(self, start: int) -> None:
        """Put the block printed from line `start` back on one line (`HEAD { A; B; }`), as its author
        wrote it, when it fits; when it does not, its inner lines on one line of their own (`HEAD {`,
        `  A; B;`, `}`: Splendor's cards with a four-colour cost), when that fits."""
        inner = [line.strip() for line in self.lines[start + 1:-1]]
        joined = self.lines[start] + " " + " ".join(inner) + " }"
        if len(joined) <= LINE_WIDTH:
            self.lines[start:] = [joined]
            return
        indent = self.lines[start + 1][:len(self.lines[start + 1]) - len(self.lines[start + 1].lstrip())]
        row = indent + " ".join(inner)
        if len(inner) > 1 and len(row) <= LINE_WIDTH:
            self.lines[start + 1:-1] = [row]
            self.rows.add(start)

    def part(self, item) -> None:
        """A field declaration of a kind, or a field value or effect of an entity."""
        if isinstance(item, A.FieldDecl):
            computed = "func " if item.computed else "shown " if item.shown else ""
            start = item.default   # a stock's `= 0` is how it starts unless told: not written
            if item.stock and isinstance(start, A.Int) and start.value == 0:
                start = None
            self.clauses([Clause(f"{computed}{item.name}: {item.type_text()}"), _where("= ", start),
                          _where("cap ", item.cap), Clause(tag(item.tag).lstrip()) if item.tag is not None else None])
        elif isinstance(item, A.FieldValue) and item.name in self.card_grids:   # `layout: int[spot];`, as printed
            for text in grid_lines(item)[:-1]:
                self.line(text)
            self.line(grid_lines(item)[-1] + ";")
        elif isinstance(item, A.FieldValue):
            self.clauses([Clause(f"{item.name} = ", item.value)])
        elif isinstance(item, A.KindShows):
            self.line(f"shows {', '.join(item.names)};")
        elif isinstance(item, A.Expr):   # a kind's or card's `in force while COND;` (Kind.in_force), first in its body
            self.clauses([Clause("in force while ", item)])
        elif isinstance(item, A.Anytime):
            self.block(f"anytime{_in(item)}" + (f" at {', '.join(item.window_names)}" if item.windows else "") +
                       (f" once per {pattern(item.rest)}" if item.rest is not None else "") +
                       (f" when {expr(item.when)}" if item.when is not None else ""), item.body)
        elif isinstance(item, A.HeldOverride):   # the func or proc as written, its zone after the signature
            d = item.decl
            head = f"override {CATEGORY_WORD[type(d)]} {d.name}({params_text(d.params)})" \
                f"{f': {d.returns}' if d.returns else ''}" + \
                _in(item)
            if item.when is not None:   # `while COND` after the zones, its own clause
                if isinstance(d, A.Func):
                    self.clauses([Clause(head), Clause("while ", item.when), Clause("= ", d.value)])
                else:
                    self.block([Clause(head), Clause("while ", item.when)], d.body)
            elif isinstance(d, A.Func):
                self.clauses([Clause(f"{head} = ", d.value)])
            else:
                self.block(head, d.body)
        elif isinstance(item, A.HeldOption):   # the option as written, after the choose's label and the zones
            o = item.option
            self.block([Clause(f"option in {item.choose}{_in(item)}{_title(o.title)}"
                               f"{_once(o)}"), _where("when ", o.guard)], o.body)
        elif isinstance(item, A.HeldModifier):   # the pattern, zone and lines read back from its modifier
            m = item.modifier
            self.clauses([Clause(f"modifier {pattern(m.pattern)}{_in(item)}{' also' if item.also else ''}"),
                          _where("while ", item.when), _asking(m)], " {")
            self.modifier_lines(m)
        elif isinstance(item, A.Reaction):   # the pattern, zone and block read back from its trigger
            asked = item.asked
            rest = item.trigger.rest
            head = [Clause(f"whenever {pattern(item.trigger.pattern)}{_in(item)}"),
                    Clause(f"once per {pattern(rest)}") if rest is not None else None, _where("while ", item.when)]
            if asked is not None:
                self.block(head + [Clause(f"may{_title(asked.title)}"),
                                   Clause(f"cost {cost(asked.cost)}") if asked.cost else None], asked.body)
            else:
                self.block(head, item.trigger.body)
        else:
            self.block(item.name, item.body)

    def visit_Role(self, d):
        """`role NAME "Title" { ... }`: its declarations, then its overrides, as written (in order), with
        a blank line where the source has one between two of them (the groups its author made; one
        with a comment between keeps the comment's blank lines, placed by `_CommentPlacer`); an empty
        one is `{}`, as an empty kind is."""
        head = f"role {d.name}{_title(d.title)}{' shared' * d.shared}{' hidden' * d.hidden}{' known to holders' * d.known}"
        if not d.body:
            self.line(f"{head} {{}}")
            return
        self.line(f"{head} {{")
        self.depth += 1
        previous = None
        for item in d.body:
            if previous is not None and self.blank:
                gap = range(previous.span.end_line + 1, item.span.line)
                if any(line in self.blank for line in gap) and not any(line in self.commented for line in gap):
                    self.lines.append("")
            previous = item
            if isinstance(item, A.FieldEffect):   # its overrides, reactions, modifiers, anytime slots and options
                self.part(item)
            else:
                self.visit(item)
        self.depth -= 1
        self.line("}")

    def visit_Zone(self, d):
        shown = "" if d.visibility == "public" and not d.public_written else f" {d.visibility}"
        self.line(f"zone {d.name}{_indexes(d.indexes)}{_title(d.title)}{' per_player' if d.per_player else ''} "
                  f"of {' or '.join(d.kinds)}{shown}{' top public' if d.top_public else ''}"
                  f"{' size owner' if d.size_owner else ''}{f' refills from {d.refills}' if d.refills else ''}"
                  f"{f' {A.number_text(d.refill_limit, False)} times' if d.refill_limit is not None else ''}"
                  f"{f' show {A.number_text(d.show, False)} from {d.show_from.id}{_indexes(d.show_each)}' if d.show is not None else ''}"
                  f"{f' cap {_expr(d.cap)} over {d.over.id}' if d.cap is not None else ''};")
        if d.redeal_to is not None:   # `redeal to PILE when COND` its own clause: on a line of its own when long
            head = self.lines.pop()
            cap = f" cap {_expr(d.cap)} over {d.over.id}" if d.cap is not None else ""
            self.lines.extend(laid_out([Clause(head[len(_leading(head)):-1 - len(cap)].rstrip()),
                                        Clause(f"redeal to {d.redeal_to.id}{_indexes(d.redeal_each)} when ", d.redeal_when, cap)],
                                       _leading(head), ";"))

    def visit_Actor(self, d):
        self.line(f"actor {d.name}{_title(d.title)};")

    def visit_Die(self, d):
        start = len(self.lines)
        self.line(f"die {d.name}{_title(d.title)}{f': {d.type}' if d.type else ''} {{")
        self.depth += 1
        for f in d.faces:
            head = f"face{_title(f.title)}{f' * {A.number_text(f.copies, False)}' if f.copies != 1 else ''}" + \
                (f" = {expr(f.value)}" if f.value is not None else "")
            if f.value is not None and not f.body:
                self.line(head + ";")
            else:
                self.block(head, f.body)
        self.depth -= 1
        self.line("}")
        if _written_as_a_row(d, d.faces):   # a die written on one line stays so (a table stays a table)
            self.rejoin(start)

    def visit_Proc(self, d):
        returns = f": {d.returns}" if d.returns else ""
        once = f" once per {', '.join(d.once_per)}" if d.once_per else ""
        self.block(f"proc {d.name}({params_text(d.params)}){returns}{once}", d.body)

    def visit_Shortfall(self, d):
        self.shortfall("shortfall", d, d.options, d.otherwise or not d.raises)

    def visit_ShortfallAmend(self, d):
        self.shortfall("amend shortfall", d, d.changes, d.otherwise is not None)

    def shortfall(self, head: str, d, options: tuple, otherwise: bool) -> None:
        """A shortfall, or an amend of one (its options then the changes: `remove option` too)."""
        self.line(f"{head} {d.resource} {{")
        self.depth += 1
        if d.raises:
            raising = f"raise{' when ' + expr(d.guard) if d.guard is not None else ''} by"
            if options:
                self.options(raising, options)
            else:
                self.line(f"{raising} {{}}")
        if otherwise:
            self.block("else", d.otherwise or ())
        self.depth -= 1
        self.line("}")

    def visit_Func(self, d):
        returns = f": {d.returns}" if d.returns else ""
        shown = f" shown {quote(d.shown)}" if d.shown is not None else ""
        head = f"func {d.name}({params_text(d.params)}){returns}{shown} ="
        if type(d.value) is A.LetIn:   # the head, then each let and the value a line each, one level in
            self.clauses([Clause(head)], tail="")
            self.depth += 1
            for s in d.value.lets:
                self.visit_Let(s)
            self.func_value(d.value.value)
            self.depth -= 1
            return
        lead = self.lead or INDENT * self.depth
        # a value that fits on the head's line stays there, and so does one that opens a bracket there
        # (`= match k {`, `= every(`) and a chain of operators whose first operand fits there (`= a\n
        # and b`); an `if ... then ... else` (Chess's `how_of`, D8), a chain whose first operand would be
        # broken (a call one argument a line, then `and` deeper than its closing bracket) and a call, an
        # aggregate or a walk (`reachable(q from p via gather(...))`) that fits on a line of its own (not
        # one argument a line) go below
        first = d.value
        while isinstance(first, A.Binary) and precedence(first) == precedence(d.value):
            first = first.left
        # and one that, broken on the head's line, would keep a line too long where below none is
        on_head = laid_out([Clause(head + " ", d.value)], lead, ";") if isinstance(d.value, BRACKETED) else []
        below = wrapped(d.value, lead + INDENT, lead + INDENT, ";") if on_head else []
        crammed = on_head and not _overlong(below) and (_overlong(on_head) or _searched(d.value)
                                                        and len(below) < len(on_head))
        if not crammed and (len(lead + head + " " + expr(d.value) + ";") <= LINE_WIDTH or isinstance(d.value, A.Binary) \
                and len(lead + head + " " + _wrap(first, 0)) <= LINE_WIDTH or not isinstance(d.value, (A.Cond, A.Binary)) \
                and not (isinstance(d.value, BRACKETED) and len(lead + INDENT + expr(d.value) + ";") <= LINE_WIDTH)):
            self.clauses([Clause(head + " ", d.value)])
            return
        # too long for the head's line: the value on lines of its own, one level in (its first condition
        # not glued to the head), an `else if` chain and an `and`/`or` chain each part at that level
        self.clauses([Clause(head)], tail="")
        self.depth += 1
        self.func_value(d.value)
        self.depth -= 1

    def func_value(self, e) -> None:
        """A func's value on lines of its own (after its head or its lets): one line when it fits, else
        broken (`wrapped`) with its continuations (`else if`, `and`, ...) at its first line's level."""
        lead = self.indent()
        if isinstance(e, A.Cond) and isinstance(e.otherwise, A.Cond):   # an `else if` chain: a branch a line
            self.lines.extend(_cond_lines(e, lead, lead, ";"))
            return
        self.lines.extend(wrapped(e, lead, lead, ";"))

    def visit_Extern(self, d):
        self.line(f"extern {d.name}({params_text(d.params)}){': ' + d.returns if d.returns else ''};")

    def visit_Variant(self, d):
        self.clauses([Clause(f"variant {d.name}{_title(d.title)}"), _where("when ", d.when)])

    def visit_Setting(self, d):
        low, high, default = (A.number_text(n, False) for n in (d.low, d.high, d.default))   # (a constant by name)
        listed = " | ".join(map(str, d.values)) + " " if d.values else "" if d.values is not None else f"{low}..{high} "
        self.line(f"option {d.name}{_title(d.title)}: {listed}= {default};")

    def visit_Const(self, d):
        self.clauses([Clause(f"const {d.name}{_title(d.title)} = ", d.value)], ";")

    def visit_Table(self, d):
        head = f"table {d.name}{_indexes(d.index)}{_title(d.title)}: {d.type} = "
        if not _rows(d.value):   # one row: a line, or its values one a line when too long
            self.clauses([Clause(head, d.value)], ";")
            return
        lines = grid_rows_text(head + "[", d.value)   # rows as printed, a row a line in aligned columns
        lines[-1] += ";"
        for text in lines:
            self.line(text)

    def visit_Remove(self, d):
        self.line(f"remove {', '.join(d.names())};")

    def visit_Extend(self, d):
        self.block(f"{d.when} {d.name}", d.body)

    def visit_Amend(self, d):
        if d.items and isinstance(d.items[0], A.EnumMember):
            self.members(f"amend {', '.join(d.names())}{_title(d.title)}", [(m.name, m.title, m.values) for m in d.items])
            return
        head = f"amend {', '.join(d.names())}{'.' + d.part if d.part else ''}{_title(d.title)}{f' * {A.number_text(d.copies, False)}' if d.copies is not None else ''}"
        if not d.items:
            self.line(f"{head} {{}}")
            return
        self.line(f"{head} {{")
        self.depth += 1
        for item in d.items:
            if isinstance(item, A.Space):
                self.space(item)
            elif isinstance(item, A.Reach):
                self.reach(item)
            elif isinstance(item, A.GamePart):
                self.line(f"{seats_text(*item.value[:2])}{_seat_line(item.value[2:])};") \
                    if item.part == "seats" else \
                    self.block(f"phase {item.part}" + (f" {' '.join(item.place)}" if item.place else ""), item.value)
            elif isinstance(item, A.Winner):
                self.winner(item)
            elif isinstance(item, A.ChooseAmend):
                secret = {True: " secret", False: " remove secret", None: ""}[item.secret]
                self.options(f"choose{_amend_label(item)}{_title(item.title)}{secret}", item.changes)
            elif isinstance(item, A.MatchAmend):
                self.arms(item.subject, item.changes)
            elif isinstance(item, A.SlotRemoved):
                subject = f"whenever {item.subject} " if item.subject is not None else "whenever "
                self.line(f"remove {item.name.replace('whenever ', subject, 1)};")
            elif isinstance(item, A.MayAmend):
                self.amend_blocks([Clause("may" + _title(item.title)), _where("to ", item.domain),
                                   _where("where ", item.where), _amend_words(item)], item)
            elif isinstance(item, A.PickAmend):   # the prompt first: it finds the pick
                self.amend_blocks([Clause("pick" + _amend_label(item) + _title(item.title)),
                                   _where("to ", item.domain), _where("where ", item.where),
                                   *_modes(A.replace(item, title=None, repeats=None, random=False)),
                                   _amend_words(item)], item)
            elif isinstance(item, A.LoopAmend):   # its keyword and head (or label) find the loop
                self.amend_blocks([Clause(f"{item.word} as {item.stmt_label}") if item.head is None else
                                   Clause(f"{item.word} {item.var} in " if item.var is not None else
                                          f"{item.word} until " if item.until else f"{item.word} ", item.head),
                                   _where("to ", item.new_head), _where("where ", item.where)], item)
            elif isinstance(item, A.IfAmend):   # the condition (or the label) first: it finds the `if`
                self.amend_blocks([Clause("if" + _amend_label(item)) if item.cond is None else
                                   Clause("if ", item.cond), _where("to ", item.new_cond)], item)
            else:
                self.part(item)
        self.depth -= 1
        self.line("}")

    def visit_Standing(self, d):
        self.visit(d.trigger)

    def visit_Game(self, d):
        self.line(f"game {d.name}{_title(d.title)} {{")
        self.depth += 1
        self.line(f"{seats_text(d.min_players, d.max_players)}{_seat_names(d.seat_names)}{seat_teams_text(d.teams)}"
                  f"{_seat_roles(d.roles, d.roles_dealt)};")
        for phase in ("setup", "play", "final"):
            body = getattr(d, phase)
            if body:
                self.block(f"phase {phase}", body)
            if phase == "play":   # the named phases, as written (their places give the order they run)
                for named in d.phases or ():
                    self.block(f"phase {named.name} {' '.join(named.place)}", named.body)
        if d.winner is not None:
            self.winner(d.winner)
        self.depth -= 1
        self.line("}")

    def winner(self, w: A.Winner) -> None:
        """`winner most KEY then ...;`, in a game or an amend (a tie-break is `most` unless it says `fewest`)."""
        if w.together:   # `if COND`, `score EXPR` or both, in that order
            self.clauses([Clause("winner together"), _where("if ", w.cond), _where("score ", w.score)])
            return
        # a key that begins with the word `most` or `fewest` (a counter so named) keeps its order's word:
        # `then most most`, as `then most` would read the counter as the word
        by_team = Clause("by team once" if w.by_team == "once" else "by team") if w.by_team else None
        # an `if ... else X` key or tie-break followed by more keeps its parentheses: `else 0 then flags` would
        # read as if the tie-break were the `else`'s
        keys = (w.key, *w.tiebreaks)
        held = [("(", t, ")") if type(t) is A.Cond and (i < len(keys) - 1 or w.cond is not None or w.draw)
                else ("", t, "") for i, t in enumerate(keys)]
        self.clauses([Clause(f"winner {w.order(0)} {held[0][0]}", w.key, held[0][2]), by_team] +
                     [Clause(f"then {w.order(i) + ' ' if w.order(i) == 'fewest' or _ORDER_WORD.match(_expr(t)) else ''}"
                             f"{held[i][0]}", t, held[i][2])
                      for i, t in enumerate(w.tiebreaks, 1)] + [_where("if ", w.cond)] +
                     [Clause("else draw") if w.draw else None])


_ORDER_WORD = re.compile(r"(?:most|fewest)\b")


def _owner(owner) -> str:
    """`P.` before the stock of a `gain`/`lose` of another player's (`gain 1 other(you).won;`), or nothing."""
    return f"{_expr(owner)}." if owner is not None else ""


def seats_text(low: int, high: int) -> str:
    """`seats 2` for one count of players, `seats 2 to 4` for a range (a constant's name as written)."""
    low, high = A.number_text(low, False), A.number_text(high, False)
    return f"seats {low}" if low == high else f"seats {low} to {high}"


def _seat_names(names) -> str:
    """` named "A", "B"` of a seats line, or nothing."""
    return f" named {', '.join(quote(n.value) for n in names)}" if names else ""


def seat_teams_text(teams) -> str:
    """` teams 2 alternating` or ` teams of 2 adjacent` of a seats line (a Game's `teams`), or nothing."""
    if not teams:
        return ""
    number, by_size, seating = teams
    return f" teams {'of ' if by_size else ''}{number} {seating}"


def _seat_line(rest: tuple) -> str:
    """What follows `seats A to B` in an amend: its names, its teams, then its roles (the GamePart's tail)."""
    tagged = {v[0]: v[1] for v in rest if type(v) is tuple and v[:1] in (("named",), ("teams",))}
    rest = [v for v in rest if not (type(v) is tuple and v[:1] in (("named",), ("teams",)))]
    return _seat_names(tagged.get("named")) + seat_teams_text(tagged.get("teams")) + _seat_roles(rest[:1], rest[1] if len(rest) > 1 else "")


def _seat_roles(roles, dealt: str = "") -> str:
    """` roles a, b, c [at random|shuffled]` of a seats line (`roles`: the names, or an amend's (names,)), none
    without."""
    if roles and isinstance(roles[0], tuple):
        roles = roles[0]
    return f" roles {', '.join(r.id for r in roles)}{' ' + dealt if dealt else ''}" if roles else ""


def _asking(m) -> Optional[Clause]:
    """A modifier's `optional ["question"]` (7.7d), or nothing."""
    if m.ask is None:
        return None
    return Clause("optional" + (f" {quote(m.ask)}" if m.ask else ""))


def _blinds(s: A.Pick) -> list:
    """A pick's `or blind ZONE` clauses, one for each zone whose unseen top card it offers."""
    return [Clause("or blind ", zone) for zone in s.blind or ()]


def _depth(s) -> list:
    """A move's `at N from top|bottom` as its clause (none without one)."""
    return [] if s.depth is None else [Clause("at ", s.depth, f" from {s.depth_from}")]


def _where(keyword: str, value) -> Optional[Clause]:
    """`where COND`, `when COND`, `to ZONE`: a clause of a keyword and an optional expression."""
    return Clause(keyword, value) if value is not None else None


def _flood_source(e: A.Flood) -> str:
    """`p from START via NEXT` of a `reachable(...)` by a rule of neighbours (without `via` when it is left out)."""
    return f"{e.var} from {_expr(e.start)}" + (f" to {_expr(e.goal)}" if e.goal is not None else "") \
        + (f" via {_expr(e.next)}" if e.next is not None else "")


def _ray_source(e: A.Ray) -> str:
    """`c from CELL via DIRECTION [until COND | while COND]` of a `ray(...)` with its binder."""
    return f"{e.var} from {_expr(e.cell)} via {_expr(e.direction)}" + _ray_stop(e)


def _ray_stop(e: A.Ray) -> str:
    """A ray's ` until COND` or ` while COND` (nothing without one)."""
    return "" if e.until is None else f" {'while' if e.while_form else 'until'} {_expr(e.until)}"


def _through(e) -> str:
    """A search's ` through P where COND` (nothing without one)."""
    return f" through {e.through_var} where {_expr(e.through)}" if e.through is not None else ""


def _written_as_a_row(d, items: tuple) -> bool:
    """Whether a kind, record, card or die was written as a row: on one line, or its items on one line
    of their own (the form `rejoin` gives one too long for a line, so that fmt keeps it)."""
    return d.span.line == d.span.end_line or len(items) > 1 and len({n.span.line for n in items}) == 1 and \
        all(n.span.line == n.span.end_line for n in items)


def _once(o: A.Option) -> str:
    """An option's ` once` or ` once per PATTERN`, and the ` as NAME` of a shared limit, as written."""
    limit = f" as {o.limit}" if o.limit is not None else ""
    return (f" once per {pattern(o.rest)}" if o.rest is not None else " once" if o.once else "") + limit


def _label(loop) -> Optional[Clause]:
    """`as LABEL` after a loop's head, or None for a loop without a label."""
    return Clause(f"as {loop.loop_label}") if loop.loop_label is not None else None


def _stmt_label(s) -> Optional[Clause]:
    """`as LABEL` of a pick, before its block (None without one)."""
    return Clause(f"as {s.stmt_label}") if s.stmt_label is not None else None


def _secrecy(s) -> Optional[Clause]:
    """` secret` and a pick's ` always asked` before a decision's block (None without either)."""
    words = ["secret"] * s.secret + ["always asked"] * getattr(s, "asked", False)
    return Clause(" ".join(words)) if words else None


def _best_claim(p) -> list:
    """A simultaneous pick's `best by KEY [ties by seat from P]` (nothing without it)."""
    if getattr(p, "claim_key", None) is None:
        return []
    return [Clause("best by ", p.claim_key), _where("ties by seat from ", p.claim_from)]


def _amend_words(item) -> Optional[Clause]:
    """The words an amend adds to a pick or a `may` or removes from it (`with repeats`, `remove secret`), then a
    pick's `at random` (None without any)."""
    words = [word if given else f"remove {word}" for word, given in item.words() if given is not None]
    words += ["at random"] * getattr(item, "random", False)   # (a MayAmend has no picker to change)
    return Clause(" ".join(words)) if words else None


def _amend_label(item) -> str:
    """` as LABEL` after `pick`/`choose` in an amend that finds the construct by its label ("" by its prompt)."""
    return f" as {item.stmt_label}" if item.stmt_label is not None else ""


def _tag(t) -> Optional[Clause]:
    """`for build(b)` after a cost or a gain, or None when untagged."""
    return Clause(f"for {action(t)}") if t is not None else None


def _cost(p) -> Optional[Clause]:
    """A pick's `cost EXPR` after its budget, an `if ... then ... else ...` in parentheses (as it reads)."""
    if p.cost is None:
        return None
    return Clause("cost (", p.cost, ")") if precedence(p.cost) < 1 else Clause("cost ", p.cost)


def _modes(p) -> list:
    """`_mode`, with a pick's `at least M` (after its prompt, before its `up to N`)."""
    if p.least is None:
        return [_mode(p)]
    title = quote(p.title) + " " if p.title is not None else ""
    if p.label is not None:
        title += f"as {quote(p.label)} "
    rand = _distinct(p) + (" with repeats" if getattr(p, "repeats", False) else "") + \
        (" at random" if p.random else "")
    if p.limit is None:
        return [Clause(title + "at least ", p.least, rand)]
    return [Clause(title + "at least ", p.least), Clause("up to ", p.limit, rand)]


def _distinct(p) -> str:
    """` different by FIELD` after a pick's count ("" without it)."""
    return f" different by {p.distinct.name}" if getattr(p, "distinct", None) is not None else ""


def _mode(p) -> Optional[Clause]:
    """A pick's prompt, its candidates' label and its mode: `"take which?" as "{c}" optional`, `up to N`,
    `repeatedly`, then `with repeats` and `at random`."""
    title = quote(p.title) + " " if p.title is not None else ""
    if getattr(p, "label", None) is not None:
        title += f"as {quote(p.label)} "
    # `with repeats` (after the count) and `at random` end the mode
    rand = (" with repeats" if getattr(p, "repeats", False) else "") + (" at random" if getattr(p, "random", False)
                                                                         else "")
    if p.optional:   # `optional when COND`: "none" only while COND holds; `optional as "pass"`: its label
        when = getattr(p, "optional_when", None)
        if getattr(p, "declined", None) is not None:
            title += f"optional as {quote(p.declined)}"
            return Clause(title + " when ", when, rand) if when is not None else Clause(title + rand)
        return Clause(title + "optional when ", when, rand) if when is not None else Clause(title + "optional" + rand)
    if p.limit is not None:   # `up to N different by FIELD`
        return Clause(title + ("exactly " if getattr(p, "exactly", False) else "up to "), p.limit, _distinct(p) + rand)
    if getattr(p, "compulsory", False):   # `repeated [longest [, then highest KEY]]`
        if getattr(p, "longest", False):
            if p.longest_key is not None:
                order = "lowest" if p.longest_lowest else "highest"
                return Clause(title + f"repeated longest, then {order} ", p.longest_key, rand)
            return Clause(title + "repeated longest" + rand)
        return Clause(title + "repeated" + rand)
    if getattr(p, "longest", False):   # (E540: `longest` with no `repeated`, printed as written)
        mode = ("repeatedly " if p.repeated and getattr(p, "budget", None) is None else "") + "longest"
        if p.longest_key is not None:
            order = "lowest" if p.longest_lowest else "highest"
            return Clause(title + f"{mode}, then {order} ", p.longest_key, rand)
        return Clause(title + mode + rand)
    if p.repeated and getattr(p, "budget", None) is None:
        return Clause(title + "repeatedly" + rand)
    return Clause((title + rand.lstrip()).rstrip()) if title or rand else None


def slot_call(ref: A.Expr, args: Optional[tuple]) -> A.Expr:
    """A `copy`'s operand as written: `c.demand`, or with the slot's arguments `c.demand(by = you)`, laid out as
    a method call (an argument by name as a construction's)."""
    if args is None or type(ref) is not A.Attr:
        return ref
    return A.Method(ref.obj, ref.name, args, span=ref.span)


def params_text(params: tuple) -> str:
    """`bonus_tokens: int, c: card`: parameters as declared."""
    return ", ".join(f"{p.name}: {p.type}" + (f" = {expr(p.default)}" if p.default is not None else "") for p in params)


def format_module(module: A.Module, commented: frozenset = frozenset(), blank: Optional[frozenset] = None) -> str:
    """Canonical text of a module's declarations, a blank line between two (no comments: `format_text`
    keeps them, and names the source lines holding them in `commented`, which keep their blocks,
    and the blank lines of the source in `blank`: two one-line declarations the source wrote with no
    blank line between them stay together, so a table of cards or counters stays a table)."""
    p = Printer(commented, blank or frozenset())
    p.grids = {(k.name, f.name) for k in module.items if type(k) is A.Kind for f in k.fields if f.index is not None}
    previous = None   # the declaration before, if it printed as one line
    for i, item in enumerate(module.items):
        together = previous is not None and blank is not None and item.span.line > previous.span.end_line and \
            not any(line in blank for line in range(previous.span.end_line + 1, item.span.line))
        if i and not together:
            p.lines.append("")
        start = len(p.lines)
        p.decl(item)
        one_line = len(p.lines) == start + 1 or start in p.rows   # a row of a table, on one line or three
        if together and not one_line:   # a declaration over several lines gets its blank line after all
            p.lines.insert(start, "")
        previous = item if one_line else None
    return "\n".join(p.lines) + "\n"


def format_text(text: str, file: str = "<string>", module: Optional[A.Module] = None) -> str:
    """Canonical text of a rules file with its comments kept: a comment on a line of its own stays
    just before the code that followed it (blank lines around it kept), a comment after code stays
    at the end of the line of the code it followed. `module` is the text's parse, if at hand."""
    source_tokens, comments = scan(text)
    blank = frozenset(i for i, line in enumerate(LINE_BREAK.split(text), start=1) if not line.strip())
    printed = format_module(module if module is not None else parse_text(text, file),
                            frozenset(c.line for c in comments), blank)
    if not comments:
        return printed
    printed_tokens, _ = scan(printed)
    return _CommentPlacer(text, printed, source_tokens, printed_tokens).place(comments)


def element_bound(b: A.ElementBound) -> str:
    """`mc from -5;`: one element's own bounds (or start) in an indexed counter's braces."""
    return f"{b.key}" + (f" from {expr(b.low)}" if b.low is not None else "") + \
        (f" to {expr(b.high)}" if b.high is not None else "") + (f" start {expr(b.start)}" if b.start is not None else "") + ";"


def declaration_text(decl, source: Optional[str]) -> list[str]:
    """A declaration's lines in the canonical layout with the comments that belong to it (`explain`):
    the comment lines just above it (no blank line between), those inside it and one after its last
    code. `source` is the text of the file it was declared in (None: printed without comments). The
    declaration printed may differ from its source (amended by a stacked pack): each comment stays
    by the code it is next to, as `format_text` places them, and the blank lines a role's block keeps
    (`Printer.visit_Role`) are its source's, as `fmt` keeps them."""
    span = decl.span
    lines = LINE_BREAK.split(source) if source else []
    blank = frozenset(i for i in range(span.line, span.end_line + 1)
                      if 1 <= i <= len(lines) and not lines[i - 1].strip()) if isinstance(decl, A.Role) else frozenset()
    printer = Printer(blank=blank)
    printer.decl(decl)
    if not 1 <= span.line <= span.end_line <= len(lines):
        return printer.lines
    first = span.line
    begins_its_line = not lines[span.line - 1][:span.column - 1].strip()
    while begins_its_line and first > 1 and lines[first - 2].lstrip().startswith("#"):
        first -= 1
    own = lines[first - 1:span.end_line]
    start = span.line - first   # the declaration's first line in `own`
    own[start] = " " * (span.column - 1) + own[start][span.column - 1:]   # not the code before it on its line
    code, rest = own[-1][:span.end_column - 1], own[-1][span.end_column - 1:]   # (columns kept, so spans hold)
    own[-1] = code + (rest if rest.lstrip().startswith("#") else "")   # a note after it, but no other code
    text = "\n" * (first - 1) + "\n".join(own) + "\n"   # at its lines, so the spans point into it
    source_tokens, comments = scan(text)   # (the file parsed: a declaration's own lines lex)
    if not comments:
        return printer.lines
    commented = Printer(frozenset(c.line for c in comments), blank)
    commented.decl(decl)
    printed = "\n".join(commented.lines) + "\n"
    return _CommentPlacer(text, printed, source_tokens, scan(printed)[0]).place(comments).rstrip("\n").split("\n")


def _align(source: list, printed: list) -> dict[int, int]:
    """Source token index -> index of the same token in the printed text, for the tokens both share
    (the printer drops redundant parentheses and reorders a few items, so some have no partner)."""
    a = [(t.type, str(t)) for t in source]
    b = [(t.type, str(t)) for t in printed]
    if a == b:
        return {i: i for i in range(len(a))}
    import difflib   # here: the checker loads this module, and a lint aligns no printed text

    pairs: dict[int, int] = {}
    for block in difflib.SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks():
        for k in range(block.size):
            pairs[block.a + k] = block.b + k
    # what the printer moved (a card's plain fields before its overrides) has no partner in order: the
    # tokens left over on both sides are aligned again, so a moved field keeps its comment; runs of
    # two tokens at least, so that a lone `;` or `}` is not paired across the file
    taken = set(pairs.values())
    left = [i for i in range(len(a)) if i not in pairs]
    right = [j for j in range(len(b)) if j not in taken]
    if left and right:
        moved = difflib.SequenceMatcher(None, [a[i] for i in left], [b[j] for j in right], autojunk=False)
        for block in moved.get_matching_blocks():
            if block.size >= 2:
                for k in range(block.size):
                    pairs[left[block.a + k]] = right[block.b + k]
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
                # anchored to the last code before it, so that a note after a later line of a
                # statement broken over lines stays there, and a note after several statements or
                # fields on one line (`colour = white; text = "...";  # note`) follows the last of
                # them, which it followed; but to the first code of its line when the line held a
                # block: after `seat x { ... }  # note` is spread over several lines, the note stays
                # on the line that names the seat; but a line that closes a block opened on an
                # earlier line (`  play { ... } }  # note`) keeps its note after its last `}`, the
                # end of what the note is about
                first = tokens_before - 1
                while first > 0 and tokens[first - 1].line == comment.line:
                    first -= 1
                on_line = [i for i in range(first, tokens_before) if i in self.pairs]
                depth = sum({"{": 1, "}": -1}.get(str(tokens[i]), 0) for i in range(first, tokens_before))
                blocks = depth >= 0 and any(str(tokens[i]) in ("{", "}") for i in range(first, tokens_before - 1))
                anchor = (on_line[0] if blocks else on_line[-1]) if on_line else tokens_before - 1
                line = self._printed_line(anchor, forward=False)
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


def _remembered(d) -> str:
    """A variable's ` remembered` (` remembered as POSITION` when the position is not its own name), or ''."""
    if d.remembered is None:
        return ""
    return " remembered" if d.remembered == d.name else f" remembered as {d.remembered}"
