"""Triggers that last while a condition holds (`whenever/next PATTERN [until PATTERN] while COND`) on
both backends: read when the event is announced, with the owner as `you`, `this` and saved locals;
the trigger stays registered; a `next` is not used up by an event it misses; misuse, printing and
the plain-language reading."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.engine import Game
from rulebook.runtime.state import State

from .conftest import rules_programs, run_proc

# Race for the Galaxy (simplified): a world in your tableau pays you when you settle; discarded, it
# stops, and back in your tableau it pays again.
PACK = """
counter vp;
resource card_;
event settled();
event round_end();
kind world { play: effect; }
zone tableau per_player of world;
zone discards of world;
world guild "Merchant Guild" {
  play { whenever you settled while contains(tableau, this) { gain 1 vp; } }
}
proc place() { move guild to tableau; copy guild.play; }
proc drop() { move guild to discards; }
proc back() { move guild to tableau; }
proc settle() { emit settled(); }
proc end_round() { emit round_end(); }
"""


program = rules_programs(PACK)


def vp(g: Game, seat: int = 0) -> int:
    return g.state.players[seat].stock["vp"]


def test_a_whenever_fires_only_while_its_condition_holds_and_stays_registered(program):
    g = Game(program(), 2, 1)
    run_proc(g, "place")
    run_proc(g, "settle")
    assert vp(g) == 1
    run_proc(g, "drop")
    run_proc(g, "settle")                       # discarded: the condition fails, nothing fires
    assert vp(g) == 1 and len(g.state.triggers) == 1
    run_proc(g, "back")
    run_proc(g, "settle")                       # kept again: it fires again (no second registration)
    assert vp(g) == 2


def test_a_next_is_not_used_up_by_an_event_it_misses(program):
    g = Game(program("proc bet() { next you settled while card_ >= 2 { gain 5 vp; } }"), 2, 1)
    run_proc(g, "bet")
    run_proc(g, "settle")
    assert vp(g) == 0 and len(g.state.triggers) == 1
    g.state.players[0].stock["card_"] = 2
    run_proc(g, "settle")
    assert vp(g) == 5 and g.state.triggers == []


def test_until_ends_the_trigger_whether_or_not_the_condition_holds(program):
    g = Game(program("proc bet() { whenever you settled until round_end while card_ >= 2 { gain 5 vp; } }"), 2, 1)
    run_proc(g, "bet")
    run_proc(g, "end_round")
    assert g.state.triggers == []


def test_the_condition_reads_the_owner_and_saved_locals_for_anyone_events(program):
    g = Game(program("proc watch(limit: int) { let n = limit;\n"
                     "  whenever anyone settled while card_ >= n { gain 1 vp; } }"), 2, 1)
    run_proc(g, "watch", 1)
    assert g.state.triggers[0].env == {"n": 1}
    g.state.players[1].stock["card_"] = 5           # the settler's cards do not count
    run_proc(g, "settle", player=1)
    assert vp(g) == 0 and vp(g, 1) == 0
    g.state.players[0].stock["card_"] = 1           # the owner's do
    run_proc(g, "settle", player=1)
    assert vp(g) == 1


def test_a_saved_game_keeps_the_trigger_and_its_condition(program):
    g = Game(program(), 2, 1)
    run_proc(g, "place")
    data = g.state.to_json()
    again = State.from_json(data, g.program.entities)
    assert again.to_json() == data
    assert again.triggers[0].env["this"] is g.program.entities["guild"]


SOLD = """
event sold(n: int);
proc sell(k: int) { emit sold(k); }
"""


def test_the_condition_reads_the_announced_events_arguments(program):
    # a big sale (2 or more) pays 1 VP; a small one misses, and a `next` waits for a big one
    g = Game(program(SOLD + "proc watch() { whenever you sold while it.n >= 2 { gain 1 vp; } }\n"
                     "proc bet() { next you sold while it.n >= 3 and card_ == 0 { gain 10 vp; } }"), 2, 1)
    run_proc(g, "watch")
    run_proc(g, "sell", 1)
    run_proc(g, "sell", 2)
    assert vp(g) == 1 and len(g.state.triggers) == 1
    g = Game(g.program, 2, 1)
    run_proc(g, "bet")
    run_proc(g, "sell", 2)                      # missed: not used up
    assert vp(g) == 0 and len(g.state.triggers) == 1
    run_proc(g, "sell", 3)
    assert vp(g) == 10 and g.state.triggers == []


def test_the_condition_reads_a_builtin_events_arguments(program):
    g = Game(program("proc watch() { whenever you gain(res = card_) while it.amount >= 2 { gain 1 vp; } }\n"
                     "proc take(k: int) { gain k card_; }"), 2, 1)
    run_proc(g, "watch")
    run_proc(g, "take", 1)
    run_proc(g, "take", 2)
    assert vp(g) == 1


@pytest.mark.parametrize("body, code, words", [
    ("whenever you sold while it.m >= 2 { gain 1 vp; }", "E205", "unknown argument 'm' of event sold"),
    ("next you settled while it.n >= 2 { gain 1 vp; }", "E205", "no arguments"),
    ("whenever you sold while it == none { gain 1 vp; }", "E303", "'it' alone is no value in a trigger's condition"),
])
def test_misused_event_arguments_in_the_condition_are_positioned(body, code, words):
    found = [(d.code, d.span.line, d.message + " " + (d.hint or "")) for d in
             analyse_text(PACK + SOLD + "proc p() { " + body + " }").diagnostics if d.severity == "error"]
    assert [(c, line) for c, line, _ in found] == [(code, (PACK + SOLD).count("\n") + 1)], found
    assert words in found[0][2]


def test_a_local_named_it_is_that_local_in_the_condition(program):
    g = Game(program(SOLD + "proc watch() { let it = 2; whenever you sold while card_ >= it { gain 1 vp; } }"), 2, 1)
    run_proc(g, "watch")
    g.state.players[0].stock["card_"] = 2
    run_proc(g, "sell", 0)
    assert vp(g) == 1


@pytest.mark.parametrize("body, code", [
    ('whenever you settled while "yes" { gain 1 vp; }', "E303"),
    ("whenever you settled while tableau { gain 1 vp; }", "E303"),
    ("next you settled while nothing_here { gain 1 vp; }", "E201"),
    ("whenever you settled while card_ >= 1 until round_end { gain 1 vp; }", "E100"),
])
def test_misused_conditions_are_positioned(body, code):
    found = [(d.code, d.span.line, d.message) for d in analyse_text(PACK + "proc p() { " + body + " }").diagnostics
             if d.severity == "error"]
    assert [(c, line) for c, line, _ in found] == [(code, PACK.count("\n") + 1)], found
    if code == "E100":
        assert "'until' comes before 'while'" in found[0][2]


def test_printed_back_and_read_aloud():
    text = PACK + "proc bet(n: int) { next anyone settled until round_end while card_ >= n { gain 5 vp; } }"
    module = parse_text(text, "a.rules")
    printed = format_module(module)
    assert "whenever you settled while contains(tableau, this) {" in printed
    assert "next anyone settled until round_end while card_ >= n {" in printed
    assert parse_text(printed, "a.rules") == module
    guild = next(d for d in module.items if getattr(d, "name", None) == "guild")
    assert any("Whenever you settled, while this is in tableau:" in line for line in explain(guild))


def test_an_event_argument_in_the_condition_printed_back_and_read_aloud():
    text = PACK + SOLD + "proc watch() { whenever you sold while it.n >= 2 { gain 1 vp; } }"
    module = parse_text(text, "a.rules")
    assert parse_text(format_module(module), "a.rules") == module
    assert "whenever you sold while it.n >= 2 {" in format_module(module)
    assert any("Whenever you sold, while its n is at least 2:" in line for line in explain(module.items[-1]))
