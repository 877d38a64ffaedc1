"""A proc with a result type that can reach its end without `return`: W414 from the checker's flow
analysis (if, match, may, pick, choose, loops, once; `end game` and a proc that always ends the game
close a path), and, at play, a none used where a value is needed is E601 in a designer's words on
both backends (an Azul audit found `TypeError: unsupported operand type(s) for +: 'NoneType' ...`)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import rules_program

PACK = """\
counter vp;
resource coin;
enum colour { red, blue }
kind card { worth: int; }
zone deck of card;
card bath "Baths" { worth = 3; }
proc finish() { say "the game ends"; end game; }
"""


def w414(body: str) -> list[tuple[int, str]]:
    """The W414 findings of `proc f(...): int { BODY }` as (line within the body, 1-based; message)."""
    text = PACK + "proc f(c: colour, n: int): int {\n" + body + "\n}\n"
    first = PACK.count("\n") + 2
    return [(d.span.line - first + 1, d.message) for d in analyse_text(text).diagnostics if d.code == "W414"]


# body -> the line of the one W414 (None: every path returns or ends the game)
CASES = {
    "return 1;": None,
    "gain 1 vp;": 2,   # the closing brace
    "": 2,
    "if n > 1 { return 1; }": 1,
    "if n > 1 { return 1; } else { return 2; }": None,
    "if n > 1 { return 1; } else if n > 0 { return 2; }": 1,
    "if n > 1 { return 1; } else if n > 0 { return 2; } else { return 3; }": None,
    "if n > 1 {\n  return 1;\n} else {\n  gain 1 vp;\n}": 4,   # the statement after which the path goes on
    "if n > 1 {\n  if n > 2 { return 1; } else { return 2; }\n} else {\n  return 3;\n}": None,
    "if n > 1 {\n  if n > 2 { return 1; }\n} else {\n  return 3;\n}": 2,
    "if n > 1 { } else { return 3; }": 1,   # an empty branch
    "if n > 1 { return 1; }\nreturn 2;": None,
    "match c {\n  red: return 1;\n  blue: return 2;\n}": None,   # every member
    "match c {\n  red: return 1;\n}": 1,
    "match n {\n  1: return 1;\n  2: return 2;\n}": 1,   # numbers are never all named
    "match n {\n  1: return 1;\n  else: return 2;\n}": None,
    "may \"take?\" { return 1; }": 1,
    "may \"take?\" { return 1; } else { return 2; }": None,
    "may \"take?\" repeatedly { return 1; }\nreturn 2;": None,
    "may \"take?\" repeatedly { return 1; }": 1,
    "pick x from deck \"which?\" { return x.worth; }": 1,
    "pick x from deck \"which?\" { return x.worth; } else { return 0; }": None,
    "pick x from deck \"which?\" optional { return x.worth; } else { return 0; }": None,
    "pick x from deck \"which?\" { say \"{x}\"; } else { return 0; }": 1,
    "choose \"how?\" {\n  option \"a\" { return 1; }\n  option \"b\" when n > 2 { return 2; }\n}": None,
    "choose \"how?\" {\n  option \"a\" when n > 1 { return 1; }\n  option \"b\" when n > 2 { return 2; }\n}": 1,
    "choose \"how?\" {\n  option \"a\" { return 1; }\n  option \"b\" { }\n}": 3,   # the empty option
    "for each x in deck { return x.worth; }": 1,
    "each players { return 1; }": 1,
    "repeat n { return 1; }": 1,
    "repeat 2 { return 1; }": None,   # runs at least once
    "while n > 0 { return 1; }": 1,
    "while true { gain 1 vp; if vp > 5 { return 1; } }": None,
    "once { return 1; }": 1,
    "if n > 1 { return 1; }\nend game;": None,
    "if n > 1 { return 1; }\nfinish();": None,   # finish() always ends the game
    "if n > 1 { end game; } else { return 2; }": None,
}


@pytest.mark.parametrize("body", list(CASES), ids=[f"case{i}" for i in range(len(CASES))])
def test_the_flow_analysis_finds_each_path_that_goes_on_past_the_end(body):
    found = w414(body)
    expected = CASES[body]
    assert [line for line, _m in found] == ([] if expected is None else [expected]), found


def test_the_closing_brace_and_the_reason_are_where_a_designer_fixes_it():
    (d,) = [d for d in analyse_text(PACK + "proc f(): int {\n  gain 1 vp;\n}\n").diagnostics if d.code == "W414"]
    assert (d.span.line, d.span.column, d.span.end_column) == (PACK.count("\n") + 3, 1, 2)
    assert d.message == "f() gives a number, but it can reach its end without 'return' and then gives none"
    assert d.hint == "add 'return ...;' at the end; write 'return none;' if none is meant"
    ((_line, message),) = w414("if n > 1 { return 1; }")
    assert message == ("f() gives a number, but when no condition of this 'if' holds, it reaches its end "
                       "without 'return' and gives none")


def test_a_proc_that_only_returns_to_its_caller_does_not_end_the_path():
    """A called proc ends the caller's path only if it ends the game on every path: one that may
    `return` goes back to the caller, and a proc calling itself does not end it either."""
    text = PACK + ("proc maybe(): int { if vp > 2 { end game; } return 1; }\n"
                   "proc loop() { loop(); }\n"
                   "proc f(): int { if vp > 1 { return 1; } maybe(); }\n"
                   "proc g(): int { if vp > 1 { return 1; } loop(); }\n")
    assert [d.span.line - PACK.count("\n") for d in analyse_text(text).diagnostics if d.code == "W414"] == [3, 4]


def test_untyped_procs_and_a_return_of_none_are_not_warned():
    text = PACK + ("proc quiet() { gain 1 vp; }\n"
                   "proc settle(): card { pick x from deck \"which?\" { return x; } return none; }\n")
    assert [d for d in analyse_text(text).diagnostics if d.code == "W414"] == []


RUNTIME = PACK + """\
proc col(): int { say "no return"; }
proc giv(): int { return none; }
proc pass(): int { return col(); }
func twice(k: int) = k * 2;
proc adding() { let j = col(); gain j + 1 vp; }
proc compare() { let j = pass(); if j < 3 { gain 1 vp; } }
proc negate() { let k = 0; set k = col(); gain -k vp; }
proc explicit() { let j = col(); let z = giv(); gain z + 1 vp; }
proc primitive() { let j = col(); gain j vp; }
proc in_func() { let j = col(); gain twice(j) vp; }
"""


program = rules_program(RUNTIME)


@pytest.mark.parametrize("proc, message", [
    ("adding", "col() gave none (it ended without return) and none cannot be added"),
    ("compare", "col() gave none (it ended without return) and none cannot be compared with '<'"),
    ("negate", "col() gave none (it ended without return) and none cannot be negated"),
    ("explicit", "z is none and none cannot be added"),   # giv() returned none itself: z is named
    ("primitive", "col() gave none (it ended without return) and this statement cannot use none"),
    ("in_func", "k is none and none cannot be multiplied"),
])
def test_a_none_in_play_is_told_in_a_designers_words_on_both_backends(program, proc, message):
    g = Game(program, 1, 1)
    with pytest.raises(RulesRuntimeError) as e:
        g.start(g.program.procs[proc](g, g.state.players[0]))
    assert (e.value.code, e.value.message) == ("E601", message)
    assert "NoneType" not in str(e.value) and "TypeError" not in str(e.value)


def test_a_none_amount_in_a_choose_options_cost_stops_play_alike_on_both_backends():
    # found by bench/fuzz.py: the option's cost is tested where the choose offers it (a function the code
    # generator writes at that site); compiled play stopped with another message, at the proc's caller
    from rulebook.compiler.driver import build_text
    from rulebook.runtime.agents import RandomAgent

    text = ("resource coin;\ncounter vp;\nfunc f(): int = none;\n"
            "proc body() { gain 2 coin; choose { option \"a\" { pay f() coin; } option \"b\" { gain 2 vp; } } }\n"
            "game g { seats 2 to 2; winner most vp; phase play { each players: body(); } }\n")
    stopped = set()
    for interpreted in (False, True):
        game = Game(build_text(text, interpreted=interpreted), 2, 1, [RandomAgent(1), RandomAgent(2)])
        with pytest.raises(RulesRuntimeError) as e:
            game.play()
        stopped.add((e.value.code, e.value.message, e.value.where))
    assert stopped == {("E601", "a value here is none and this statement cannot use none", "_text_:4:28")}
