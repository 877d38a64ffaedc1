"""pick ... optional when COND: "none" is offered only while COND holds (worked out before asking);
otherwise the pick is compulsory. Both backends, the checker, the printer and explain."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.engine import Game

from .conftest import drive, the_one_error

PACK = """
counter vp;
counter round global;
kind plant { cost: int; }
plant p3 "Plant 3" { cost = 3; }
plant p4 "Plant 4" { cost = 4; }
zone market of plant;
zone owned per_player of plant;
proc deal() { fill market with plant; }
proc buy() {
  pick c from market "buy a plant?" optional when round > 1 { move c to owned; } else { gain 1 vp; }
}
proc buy_one() {
  pick c from market where c.cost == 4 "buy a plant?" optional when round > 1 { move c to owned; }
}
"""


def game(interpreted: bool, round_: int) -> Game:
    g = Game(build_text(PACK, interpreted=interpreted), 2, 1)
    drive(g, g.program.procs["deal"](g, g.state.players[0]))
    g.state.globals["round"] = round_
    return g


def run(g: Game, proc: str, answers=()):
    return drive(g, g.program.procs[proc](g, g.state.players[0]), answers)


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_compulsory_in_the_first_round_optional_after(interpreted):
    g = game(interpreted, 1)
    asked = run(g, "buy", ["Plant 4"])
    assert asked[0].options == ["Plant 3", "Plant 4"]   # no "none": buying is compulsory
    assert [c.name for c in g.state.players[0].zones["owned"]] == ["p4"]
    g = game(interpreted, 2)
    asked = run(g, "buy", ["none"])
    assert asked[0].options == ["Plant 3", "Plant 4", "none"]
    assert g.state.players[0].zones["owned"] == [] and g.state.players[0].stock["vp"] == 1


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_lone_candidate_is_taken_unless_none_is_offered(interpreted):
    g = game(interpreted, 1)
    assert run(g, "buy_one") == []   # compulsory and one candidate: taken without asking
    assert [c.name for c in g.state.players[0].zones["owned"]] == ["p4"]
    g = game(interpreted, 3)
    asked = run(g, "buy_one", ["none"])
    assert asked[0].options == ["Plant 4", "none"]
    assert g.state.players[0].zones["owned"] == []


def test_optional_when_is_checked_printed_and_read():
    the_one_error(analyse_text(PACK.replace("optional when round > 1 { move c to owned; } else",
                                            "optional when round { move c to owned; } else")),
                  "E303", "a condition must be true or false, not a number")
    # worked out before anything is picked: the picked variable is not bound there
    the_one_error(analyse_text(PACK.replace("optional when round > 1 { move c to owned; } else",
                                            "optional when c.cost > 3 { move c to owned; } else")), "E201", "'c'")
    simultaneous = PACK + "proc all_buy() { each players simultaneously pick c from market optional when round > 1 { } }\n"
    the_one_error(analyse_text(simultaneous), "E304", "'optional when' is for one player's pick")
    module = parse_text(PACK, "a.rules")
    printed = format_module(module)
    assert 'pick c from market "buy a plant?" optional when round > 1 {' in printed
    assert parse_text(printed, "a.rules") == module
    analysed = analyse_text(PACK)
    words = " ".join(explain(analysed.symbols.decls["buy"], analysed.symbols))
    assert "(or none, if the round is more than 1; otherwise one must be picked)" in words
