"""`let` scoping (4.12): a name bound again inside a block (a `let`, a loop's or a pick's variable) is
that block's own, and the outer local (or parameter) comes back when the block ends, in every kind of
block, on both backends; each `before`/`after` part of a proc sees the parameters as the call gave
them; W451 and W452."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game

from .conftest import both_built, examples, rules_program, run_proc

# Each proc binds `x` (or its parameter `n`) inside a block, then gains the outer one as vp: the
# outer value is what vp must show (a leak shows the inner one). `inner` counts what the blocks saw.
PACK = """
counter vp;
counter inner;
event poked();
event tagged_act();
enum colour { red, blue }
proc in_if(c: bool) { let x = 1; if c { let x = 20; gain x inner; } else { let x = 30; gain x inner; } gain x vp; }
proc in_match(c: colour) { let x = 1; match c { red { let x = 20; gain x inner; } else { let x = 30; gain x inner; } } gain x vp; }
proc in_choose() { let x = 1; choose { option "a" { let x = 20; gain x inner; } option "b" { let x = 30; gain x inner; } } gain x vp; }
proc in_any_order() { let x = 1; choose in any order { option "a" { let x = 20; gain x inner; } option "b" { let x = 30; gain x inner; } } gain x vp; }
proc in_may() { let x = 1; may { let x = 20; gain x inner; } else { let x = 30; gain x inner; } gain x vp; }
proc in_may_repeatedly() { let x = 1; may repeatedly { let x = 20; gain x inner; } gain x vp; }
proc in_repeat() { let x = 1; repeat 2 { let x = 20; gain x inner; } gain x vp; }
proc in_while() { let x = 1; let k = 0; while k < 2 { set k = k + 1; let x = 20; gain x inner; } gain x vp; }
proc loop_variable() { let x = 1; for each x in 3..4 { gain x inner; } gain x vp; }
proc labelled(n: int) { for each k in 1..3 as outer { repeat 2 { let n = 20; gain n inner; break outer; } } gain n vp; }
proc in_each() { let x = 1; each players { let x = 20; gain x inner; } gain x vp; }
proc pick_variable() { let x = 1; pick x from 5..6 { gain x inner; } gain x vp; }
proc in_once() { let x = 1; once { let x = 20; gain x inner; } gain x vp; }
proc in_tagged() { let x = 1; for tagged_act() { let x = 20; gain x inner; } gain x vp; }
proc in_trigger() { let x = 1; whenever you poked() { let x = 20; gain x inner; } emit poked(); gain x vp; }
proc nested_twice(n: int) { if n > 0 { let n = 5; if n > 1 { let n = 20; gain n inner; } gain n vp; } gain n vp; }
proc same_block() { let x = 1; let x = x + 1; if true { gain x inner; } gain x vp; }
proc set_reaches_out() { let x = 1; if true { set x = 7; } gain x vp; }
proc build(n: int) { gain n vp; }
before build { let n = 50; gain n inner; }
before build { set n = 40; gain n inner; }
after build { gain n vp; }
"""

program = rules_program(PACK)


def outcome(program, proc: str, *args, answers=()) -> tuple[int, int]:
    g = Game(program, 2, 1)
    run_proc(g, proc, *args, answers=answers)
    stock = g.state.players[0].stock
    return stock["vp"], stock["inner"]


@pytest.mark.parametrize("proc, args, answers, expected", [
    ("in_if", (True,), (), (1, 20)),
    ("in_if", (False,), (), (1, 30)),
    ("in_match", ("red",), (), (1, 20)),
    ("in_match", ("blue",), (), (1, 30)),
    ("in_choose", (), (1,), (1, 30)),
    ("in_any_order", (), (0,), (1, 50)),
    ("in_may", (), (1,), (1, 20)),
    ("in_may", (), (0,), (1, 30)),
    ("in_may_repeatedly", (), (1, 1, 0), (1, 40)),
    ("in_repeat", (), (), (1, 40)),
    ("in_while", (), (), (1, 40)),
    ("loop_variable", (), (), (1, 7)),
    ("labelled", (2,), (), (2, 20)),
    ("in_each", (), (), (1, 20)),
    ("pick_variable", (), (1,), (1, 6)),
    ("in_once", (), (), (1, 20)),
    ("in_tagged", (), (), (1, 20)),
    ("in_trigger", (), (), (1, 20)),
    ("nested_twice", (3,), (), (8, 20)),
    ("same_block", (), (), (2, 2)),
    ("set_reaches_out", (), (), (7, 0)),
    ("build", (2,), (), (4, 90)),   # each before sees n = 2, sets its own; the base and the after see 2
])
def test_the_outer_local_comes_back_after_the_block(program, proc, args, answers, expected):
    assert outcome(program, proc, *args, answers=answers) == expected


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.integers(0, 2), min_size=1, max_size=6), st.integers(0, 3))
def test_nested_lets_never_leak(depths, start):
    """A random nest of blocks, each binding `x` again or setting it: after each block, `x` is what the
    block's own scope says, compiled and interpreted alike."""
    body, expected, x = [], [], start
    for i, how in enumerate(depths):
        if how == 0:      # a let inside an if: gone after the if
            body.append(f"if true {{ let x = {100 + i}; gain x inner; }}")
        elif how == 1:    # a set inside an if: reaches the outer x
            body.append(f"if true {{ set x = x + {i + 1}; }}")
            x += i + 1
        else:             # a loop variable named x
            body.append("for each x in 1..2 { gain x inner; }")
        body.append("gain x + 10 vp;")
        expected.append(x + 10)
    text = "counter vp; counter inner;\nproc p() { let x = %d; %s }" % (start, " ".join(body))
    for built in both_built(text):
        g = Game(built, 2, 1)
        run_proc(g, "p")
        assert g.state.players[0].stock["vp"] == sum(expected)


def codes(text: str) -> list[tuple[str, int]]:
    return [(d.code, d.span.line) for d in analyse_text(text).diagnostics if d.code in ("W451", "W452")]


def test_w451_a_let_of_an_outer_name_whose_outer_local_is_read_after_the_block():
    assert codes("counter vp;\nproc p(c: bool) {\n  let x = 1;\n  if c { let x = 2; gain x vp; }\n  gain x vp;\n}") \
        == [("W451", 4)]
    # read only before the block, or the inner one only: nothing to warn about
    assert codes("counter vp;\nproc p(c: bool) {\n  let x = 1;\n  gain x vp;\n  if c { let x = 2; gain x vp; }\n}") == []
    # a parameter read after a nested block binding it again
    assert codes("counter vp;\nproc p(n: int) {\n  if n > 1 {\n    let n = 2;\n    gain n vp;\n  }\n  gain n vp;\n}") \
        == [("W451", 4)]
    # the same block binding it again is the rest of the block: no warning
    assert codes("counter vp;\nproc p() {\n  let x = 1;\n  let x = x + 1;\n  gain x vp;\n}") == []
    message = [d for d in analyse_text("counter vp;\nproc p(c: bool) { let x = 1; if c { let x = 2; gain x vp; } "
                                       "gain x vp; }").diagnostics if d.code == "W451"][0]
    assert "set x = ...;" in message.hint and "<text>:2" in message.message


def test_w452_a_let_or_set_of_a_parameter_in_a_before_block():
    base = "counter vp;\nproc build(n: int) { gain n vp; }\n"
    assert codes(base + "before build {\n  let n = 5;\n}") == [("W452", 4)]
    assert codes(base + "before build {\n  if n > 1 { set n = 5; }\n}") == [("W452", 4)]
    # an after block, or a local of another name, or a nested let (its own block): no W452
    assert codes(base + "after build {\n  let n = 5;\n  gain n vp;\n}") == []
    assert codes(base + "before build {\n  let m = n + 1;\n  gain m vp;\n}") == []
    message = [d for d in analyse_text(base + "before build { set n = 5; }").diagnostics if d.code == "W452"][0]
    assert "override proc build" in message.hint and "as the call gave it" in message.message


def test_a_pick_in_the_else_of_a_pick_of_the_same_name_binds_its_own():
    # found by test_properties: in `pick q ... else { pick q ... }` the else runs when nothing was
    # picked, so the outer q is not bound there and nothing is kept around the inner pick (the
    # compiled code read an unbound local and stopped with E601 where the interpreter went on)
    text = """
counter vp;
proc p() {
  pick q from opponents optional { gain 1 vp; } else {
    pick q from opponents optional { gain 2 vp; } else { gain 3 vp; }
  }
  first r in opponents may "take it?" { gain 4 vp; } else {
    first r in opponents may "take it?" { gain 5 vp; } else { gain 6 vp; }
  }
}
"""
    seen = []
    for program in both_built(text):
        game = Game(program, 3, seed=1)
        run_proc(game, "p", answers=[2, 2, 0, 0, 0, 0])   # "none" twice, then every "may" declined
        seen.append(game.state.players[0].stock["vp"])
    assert seen == [9, 9]
