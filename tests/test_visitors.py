"""One definition per construct: every concrete AST node has a handler in every visitor that meets it."""

import pytest

from rulebook.compiler.check import Checker
from rulebook.compiler.codegen import CodeGen
from rulebook.compiler.explain import Reader
from rulebook.compiler.interpret import Interpreter
from rulebook.compiler.resolve import BUILTIN_EVENTS
from rulebook.dsl import ast as A
from rulebook.dsl.printer import ExprPrinter, Printer

# Which categories of node each visitor meets (declarations reach the backends through the layout).
VISITORS = {
    Checker: (A.Stmt, A.Expr, A.Decl),
    CodeGen: (A.Stmt, A.Expr),
    Interpreter: (A.Stmt, A.Expr),
    Reader: (A.Stmt, A.Decl),
    Printer: (A.Stmt, A.Decl),
    ExprPrinter: (A.Expr,),
}
# Never checked on their own: the resolver applies them before the checker sees the pack.
RESOLVED_AWAY = {A.Override, A.Remove, A.Extend, A.Amend, A.Standing, A.Role, A.ShortfallAmend}
# Written in by the resolver as other nodes, so neither the checker nor a backend meets them (fmt and explain
# read them as written): `row r of g` is the row's range (a Range remembering it), a `shortfall` the proc it lowers to.
WRITTEN_IN = {A.RowOf, A.Shortfall}


@pytest.mark.parametrize("visitor", list(VISITORS), ids=lambda v: v.__name__)
def test_every_node_a_visitor_meets_has_a_handler(visitor):
    missing = [cls.__name__ for category in VISITORS[visitor] for cls in A.concrete_nodes(category)
               if visitor.handler(cls) is None and not (visitor in (Checker, Reader) and cls in RESOLVED_AWAY)
               and not (visitor in (Checker, CodeGen, Interpreter) and cls in WRITTEN_IN)]
    assert missing == []


def test_a_node_without_a_handler_fails_loudly():
    class Partial(A.Visitor):
        def visit_Int(self, node):
            return node.value

    assert Partial().visit(A.Int(3)) == 3
    with pytest.raises(NotImplementedError, match="Partial has no handler for Str"):
        Partial().visit(A.Str("x"))


def test_every_node_is_in_exactly_one_category():
    every = set(A.concrete_nodes())
    by_category = [set(A.concrete_nodes(c)) for c in A.CATEGORIES]
    assert set().union(*by_category) == every
    assert sum(len(c) for c in by_category) == len(every)


def test_statements_announce_only_builtin_events():
    for cls in A.concrete_nodes(A.Stmt):
        assert set(cls.events) <= set(BUILTIN_EVENTS), cls.__name__


def test_walk_reaches_every_node_without_recursion():
    deep = A.Int(1)
    for _ in range(50_000):
        deep = A.Unary("-", deep)
    assert sum(1 for _ in A.walk(deep)) == 50_001


@pytest.mark.parametrize("text, value", [
    (A.Binary("+", A.Int(2), A.Int(3)), 5),
    (A.Unary("not", A.Binary("==", A.Int(1), A.Int(2))), True),
    (A.Cond(A.Bool(False), A.Int(1), A.Int(2)), 2),
    (A.ListLit((A.Int(1), A.Unary("-", A.Int(2)))), [1, -2]),
])
def test_one_constant_evaluator(text, value):
    assert A.as_const(text) == value


@pytest.mark.parametrize("expr", [
    A.Name("vp"), A.Binary("/", A.Int(1), A.Int(0)), A.Binary("*", A.Int(10**10), A.Int(10**10)),
    A.Binary("+", A.Str("a"), A.Int(1)),
])
def test_what_is_not_constant(expr):
    with pytest.raises(A.NotConstant):
        A.as_const(expr)
