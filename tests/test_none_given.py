"""A builtin that takes a player given none (`players_from(p)`, `left(p)`, `others_from(p)`... with p
none) stops play with a rules message naming the builtin (and the local that is none), at the
statement, the same on both backends: never Python's AttributeError text."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import build_text
from rulebook.runtime.agents import ScriptedAgent
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import on_both_backends

PACK = """
counter vp;
var sp global: player;
proc deal(q: player) { each players_from(q) { gain 1 vp; } }
game g {
  seats 2 to 4;
  phase play { BODY }
  winner most vp;
}
"""

program = on_both_backends(lambda interpreted: lambda body: build_text(PACK.replace("BODY", body),
                                                                       interpreted=interpreted))


def failure(p) -> RulesRuntimeError:
    g = Game(p, 2, 1, [ScriptedAgent(())] * 2)
    with pytest.raises(RulesRuntimeError) as e:
        g.play()
    return e.value


@pytest.mark.parametrize("builtin", ["players_from", "others_from", "players_counterclockwise_from"])
def test_a_list_builtin_given_none_names_it(program, builtin):
    e = failure(program(f"each {builtin}(sp) {{ gain 1 vp; }}"))
    assert str(e).endswith(f"error[E601]: {builtin}() was given none and needs a player")
    assert ":7:16:" in str(e) and "NoneType" not in str(e)


@pytest.mark.parametrize("builtin", ["left", "right"])
def test_a_seat_builtin_given_none_names_it(program, builtin):
    e = failure(program(f"each players_from({builtin}(sp)) {{ gain 1 vp; }}"))
    assert f"{builtin}() was given none and needs a player" in str(e) and "NoneType" not in str(e)


def test_eliminated_given_none_names_it(program):
    """Not false: none is no player, as for every other builtin that takes one."""
    e = failure(program("if eliminated(sp) { gain 1 vp; }"))
    assert str(e).endswith("error[E601]: eliminated() was given none and needs a player")
    assert ":7:" in str(e) and "NoneType" not in str(e)


def test_a_parameter_that_is_none_is_named(program):
    e = failure(program("deal(sp);"))
    assert "q is none and players_from() needs a player" in str(e)
    assert ":4:" in str(e)


RESOURCE_PACK = """
resource gold;
counter vp;
func paid_in(n: int): resource = if n > 0 then gold else none;
game g {
  seats 2;
  phase play { let r = paid_in(0); gain 1 r; }
  winner most vp;
}
"""


@pytest.mark.parametrize("interpreted", [False, True])
def test_a_resource_that_is_none_gained_is_said_so_not_a_key_error(interpreted):
    """Catan: Seafarers' sea produces no resource; a gain of what a sea hex produces stopped play with Python's
    `KeyError: None` (the same message on both backends, at the statement)."""
    e = failure(build_text(RESOURCE_PACK, interpreted=interpreted))
    assert str(e).endswith("error[E601]: the resource or counter is none: there is none to gain, lose, pay or count")
    assert ":7:" in str(e) and "KeyError" not in str(e)
