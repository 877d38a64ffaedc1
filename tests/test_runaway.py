"""Runaway and hostile rules end in a positioned diagnostic on both backends, never a hang or a Python error."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.agents import RandomAgent
from rulebook.runtime.engine import MAX_DECISIONS, Game, RulesRuntimeError

PRELUDE = "resource coin;\ncounter vp;\n"
GAME = "\ngame g { seats 2 to 2; phase play { each players: p(); } winner most vp; }\n"


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def interpreted(request):
    return request.param


def play(body: str, interpreted: bool, seed: int = 1):
    program = build_text(PRELUDE + body + GAME, interpreted=interpreted)
    game = Game(program, 2, seed, [RandomAgent(seed), RandomAgent(seed + 1)])
    return game, game.play()


def failure(body: str, interpreted: bool) -> RulesRuntimeError:
    with pytest.raises(RulesRuntimeError) as caught:
        play(body, interpreted)
    return caught.value


def test_a_conditional_value_inside_a_where_clause_compiles(interpreted):
    game, _ = play("proc p() { gain count(q in players where if vp > 0 then true else false) + 1 coin;\n"
                   "  rank players where if coin > 0 then true else false by coin award [1] vp ties all; }",
                   interpreted)
    assert [p.stock["coin"] for p in game.state.players] == [1, 1]


def test_an_or_guard_is_one_operand_of_the_affordability_test(interpreted):
    # 'vp == 0 or coin > 5' holds, but the option's cost is not affordable: it is not offered
    game, _ = play('proc p() { choose { option "pay" when vp == 0 or coin > 5 { pay 3 coin; gain 5 vp; }\n'
                   '  option "skip" { gain 1 coin; } } }', interpreted)
    assert [p.stock["coin"] for p in game.state.players] == [1, 1]


def test_a_long_loop_stops_at_the_step_budget(interpreted):
    e = failure("proc p() { for each i in 300000 { gain 1 vp; } }", interpreted)
    assert e.code == "E602"
    assert e.where.endswith(":3:12")


def test_a_spin_over_uncounted_loops_still_stops_at_the_step_budget(interpreted):
    # compiled code does not count a loop over the players or a short constant range (the pack bounds
    # them); the `while` around them is counted, so the spin still ends in E602 on both backends
    e = failure("proc p() { while vp >= 0 { for each q in players { for each k in 1..3 { } } } }", interpreted)
    assert e.code == "E602"


def test_both_backends_count_the_same_loops_and_stop_at_the_same_statement():
    # one rule (layout.bounded_domain) says which loops the step budget counts: a computed range is
    # counted on both backends, the players and a short constant range on neither
    body = "proc p() { while vp >= 0 { for each q in players { for each k in 1..3 { for each i in vp + 2 { } } } } }"
    errors = [failure(body, interpreted) for interpreted in (False, True)]
    assert [e.code for e in errors] == ["E602", "E602"]
    assert errors[0].where == errors[1].where and errors[0].message == errors[1].message
    counts = []
    for interpreted in (False, True):
        game = Game(build_text(PRELUDE + "proc p() { }\nproc q() { for each k in vp + 3 { } for each x in players { } }" + GAME,
                               interpreted=interpreted), 2, 1)
        list(game.program.procs["q"](game, game.state.players[0]))
        counts.append(game.steps)
    assert counts == [3, 3]


def test_a_huge_range_is_refused_before_it_is_built(interpreted):
    e = failure("proc p() { gain count(i in 100000000) vp; }", interpreted)
    assert e.code == "E602" and "100000000" in e.message


# the interpreter takes seconds to spend its step and decision budgets on these: its step budget is
# checked quickly by test_a_long_loop_stops_at_the_step_budget, and CI runs them on both backends
slow_when_interpreted = pytest.mark.parametrize(
    "interpreted", [False, pytest.param(True, marks=pytest.mark.slow)], ids=["compiled", "interpreted"])


@slow_when_interpreted
def test_exponential_recursion_stops_at_the_step_budget(interpreted):
    e = failure("proc p() { q(40); }\nproc q(n: int) { if n > 0 { q(n - 1); q(n - 1); } }", interpreted)
    assert e.code == "E602" and e.where.endswith(":4:1")


@slow_when_interpreted
def test_exponential_func_recursion_stops_too(interpreted):
    e = failure("proc p() { gain f(40) vp; }\nfunc f(n: int) = if n > 0 then f(n - 1) + f(n - 1) else 1;",
                interpreted)
    assert e.code == "E602" and e.where.endswith(":4:18")


@slow_when_interpreted
def test_a_game_that_asks_forever_stops_at_the_decision_budget(interpreted):
    e = failure('proc p() { repeat 1000000000 { choose { option "a" { } option "b" { } } } }', interpreted)
    assert e.code == "E602" and str(MAX_DECISIONS) in e.message


def test_values_cannot_grow_without_end(interpreted):
    e = failure("proc p() { let x = 2; repeat 40 { set x = x * x; } }", interpreted)
    assert e.code == "E601" and "limit" in e.message
    e = failure("proc p() { gain 1 vp; repeat 100 { gain vp * vp + 1 vp; } }", interpreted)
    assert e.code == "E601" and "limit" in e.message


def test_a_builtin_name_argument_must_name_something():
    found = [(d.code, d.message) for d in analyse_text(PRELUDE + "track t { space 1 { } }\n"
                                                        "variant v;\nproc p() { gain tier(x.y) vp; "
                                                        "if enabled(t.z) { } }").diagnostics]
    assert ("E201", "unknown name 'x'") in found
    assert ("E303", "enabled() takes the name of a variant") in found


def test_generated_names_cannot_collide(tmp_path):
    # entity x with slot y__z and entity x__y with slot z once both became e_x__y__z
    text = PRELUDE + """
kind a { y__z: effect; }
kind b { z: effect; }
a x { y__z { gain 100 vp; } }
b x__y { z { gain 1 vp; } }
proc p() { copy x.y__z; copy x__y.z; }
"""
    for interpreted in (False, True):
        game, _ = play(text.removeprefix(PRELUDE), interpreted)
        assert [p.stock["vp"] for p in game.state.players] == [101, 101]


@pytest.mark.parametrize("start", ["setup", "play"])
def test_effects_calling_each_other_without_end_are_placed_alike_by_both_backends(start):
    """The recursion stops at the same rules depth on both backends (MAX_NESTING calls of procs on a
    cycle), though the interpreter's Python stack is deeper; E602 names the cycle's first statement in
    reading order (here `pong();` in ping, line 4) on both backends."""
    body = ("proc p() { ping(); }\n"
            "proc ping() { gain 1 coin; pong(); }\n"
            "proc pong() { gain 1 vp; ping(); }\n")
    game = ("\ngame g { seats 2 to 2; phase setup { each players: p(); } phase play { each players: gain 1 vp; } "
            "winner most vp; }\n") if start == "setup" else GAME
    where = set()
    for interpreted in (False, True):
        program = build_text(PRELUDE + body + game, interpreted=interpreted)
        with pytest.raises(RulesRuntimeError) as caught:
            Game(program, 2, 1, [RandomAgent(1), RandomAgent(2)]).play()
        assert caught.value.code == "E602"
        where.add(caught.value.where.split(":", 1)[1])
    assert where == {"4:28"}


SPIN = """
counter idle;
func anyone_idle() = some(q in players where q.idle > 0);
proc place() { pick k from 1..idle where k > 99 { lose k idle; } }
game g {
  seats 1 to 2;
  phase setup { each players: gain 3 idle; }
  phase play {
    while anyone_idle() {
      for each q in players where q.idle > 0 { each q: place(); }
    }
  }
  winner most idle;
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_spinning_loop_is_named_when_the_budget_runs_out_deep_inside_it(interpreted):
    """Stone Age-lite: a `while` whose body asks nothing ran out the step budget in a `pick` with no
    candidates, deep inside it, and the E602 said only that; a note names the loop that went round."""
    from rulebook.compiler.driver import build_text
    from rulebook.runtime.engine import Game, RulesRuntimeError

    with pytest.raises(RulesRuntimeError) as failed:
        Game(build_text(SPIN, interpreted=interpreted), 2, 1).play()
    e = failed.value
    loop = SPIN.split("\n").index("    while anyone_idle() {") + 1
    assert e.code == "E602" and e.notes == [f"the last loop or recursive call to go round was at "
                                            f"{e.where.rsplit(':', 2)[0]}:{loop}:5"]
