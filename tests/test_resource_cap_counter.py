"""A resource whose own cap names a per-player counter (`resource animals cap pasture;`) on both
backends: read at every gain, a cap that falls keeps the stock above it (and the trace says so),
inside a group and with a supply; misuse, printing, the plain-language reading, saved states."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.engine import Game
from rulebook.runtime.state import check_saved

from .conftest import rules_programs, run_proc

# Agricola: a farm holds as many sheep as its pastures give room for; building fences raises it,
# and a pasture lost to a renovation lowers it (the sheep already there stay until eaten).
PACK = """
counter room_ "Room for animals" from 0 to 20;
resource sheep "Sheep" cap room_;
resource grain;
resource boar cap room_ supply 3;
group stores cap 4 { grain, sheep }
proc fence(n: int) { gain n room_; }
proc unfence(n: int) { lose n room_; }
proc breed(n: int) { gain n sheep; }
proc hunt(n: int) { gain n boar; }
proc harvest(n: int) { gain n grain; }
"""


program = rules_programs(PACK)


def traced(game: Game) -> list[str]:
    lines: list[str] = []
    game.tracer = lambda e: lines.append(e.describe())
    return lines


def test_the_cap_is_the_holders_counter_read_at_every_gain(program):
    g = Game(program(), 2, 1)
    me = g.state.players[0].stock
    run_proc(g, "breed", 2)                    # no room yet: nothing
    assert me["sheep"] == 0
    run_proc(g, "fence", 3)
    run_proc(g, "breed", 2)
    run_proc(g, "breed", 2)                    # 3 of the 4
    assert me["sheep"] == 3 and g.room_left(g.state.players[0], "sheep") == 0
    run_proc(g, "fence", 1, player=1)          # another player's room is theirs
    run_proc(g, "breed", 5, player=1)
    assert g.state.players[1].stock["sheep"] == 1


def test_a_cap_that_falls_keeps_the_stock_above_it_and_the_trace_says_so(program):
    g = Game(program(), 2, 1)
    me = g.state.players[0].stock
    run_proc(g, "fence", 3)
    run_proc(g, "breed", 3)
    lines = traced(g)
    run_proc(g, "unfence", 2)
    assert me["sheep"] == 3 and me["room_"] == 1
    run_proc(g, "breed", 1)
    assert me["sheep"] == 3
    assert lines == ["P1: lose 2 room_ (sheep 3 kept above the new cap of 1)",
                     "P1: gain 0 sheep (1 lost: 3 is over the cap of 1, which fell)"]


def test_in_a_group_both_caps_hold_and_with_a_supply_the_excess_stays_in_the_bank(program):
    g = Game(program(), 2, 1)
    me = g.state.players[0].stock
    run_proc(g, "fence", 2)
    run_proc(g, "harvest", 1)
    run_proc(g, "breed", 3)                    # the own cap (2) cuts it before the group's (4)
    assert me["sheep"] == 2 and me["grain"] == 1
    run_proc(g, "hunt", 3)
    assert me["boar"] == 2 and g.state.supply["boar"] == 1


def test_a_saved_state_may_hold_a_stock_over_a_fallen_cap(program):
    g = Game(program(), 2, 1)
    run_proc(g, "fence", 3)
    run_proc(g, "breed", 3)
    run_proc(g, "unfence", 3)
    check_saved(g.state.to_json(), g.program)   # raises on a problem


@pytest.mark.parametrize("decl, code", [
    ("var hungry: bool;\nresource cow cap hungry;", "E303"),
    ("counter pens global;\nresource cow cap pens;", "E303"),
    ("resource cow cap pens;", "E303"),
    ("resource cow cap \"ten\";", "E303"),
    ("resource cow cap grain;", "E303"),
])
def test_a_cap_that_is_no_number_is_positioned(decl, code):
    result = analyse_text(PACK + decl)
    found = [(d.code, d.span.line) for d in result.diagnostics if d.severity == "error"]
    assert found == [(code, PACK.count("\n") + decl.count("\n") + 1)]


def test_a_counter_used_only_as_a_cap_is_used():
    text = "counter pens;\nresource cow cap pens;\nproc p() { gain 1 cow; }\n"
    assert [d.code for d in analyse_text(text).diagnostics] == []


def test_printed_back_and_read_aloud():
    module = parse_text(PACK, "a.rules")
    printed = format_module(module)
    assert 'resource sheep "Sheep" cap room_;' in printed
    assert parse_text(printed, "a.rules") == module
    symbols = analyse_text(PACK).symbols
    assert explain(symbols.decls["sheep"], symbols)[1] == \
        "  Sheep: a stock each player keeps, at most your room for animals."
