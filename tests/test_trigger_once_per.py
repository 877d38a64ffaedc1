"""Triggers that fire at most once per period (`whenever PATTERN once per PATTERN`) on both backends:
after a firing the trigger rests, its events skipped (the trace says so), until an event matching
the `once per` pattern wakes it; with `while`, `this` and subjects; kept by a saved game and a
clone (which replays the decisions); misuse, printing and the plain-language reading."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.engine import Game
from rulebook.runtime.state import State, check_saved

from .conftest import rules_programs, run_proc

# Magic (simplified): "Whenever an opponent casts a spell, you gain 1 life. This ability triggers
# only once each turn." A second creature rests until its owner's own turn starts.
PACK = """
counter life;
counter vp;
resource mana;
event turn_start();
event cast();
kind creature { play: effect; }
zone battlefield per_player of creature;
zone graveyard of creature;
creature mentor "Mentor" {
  play { whenever opponents cast once per turn_start { gain 1 life; } }
}
creature warden "Warden" {
  play { whenever opponents cast once per you turn_start while contains(battlefield, this) { gain 1 vp; } }
}
proc enter(c: creature) { move c to battlefield; copy c.play; }
proc bury(c: creature) { move c to graveyard; }
proc back(c: creature) { move c to battlefield; }
proc turn() { emit turn_start(); }
proc cast_spell() { emit cast(); }
"""


program = rules_programs(PACK)


def stock(g: Game, name: str, seat: int = 0) -> int:
    return g.state.players[seat].stock[name]


def enter(g: Game, card: str, seat: int = 0) -> None:
    run_proc(g, "enter", g.program.entities[card], player=seat)


def test_fires_once_then_rests_until_the_period_ends(program):
    g = Game(program(), 2, 1)
    enter(g, "mentor")
    run_proc(g, "cast_spell", player=1)
    run_proc(g, "cast_spell", player=1)          # resting: skipped
    assert stock(g, "life") == 1 and g.state.triggers[0].resting
    run_proc(g, "turn", player=1)                # anyone's turn_start wakes it
    assert not g.state.triggers[0].resting
    run_proc(g, "cast_spell", player=1)
    run_proc(g, "cast_spell", player=1)
    assert stock(g, "life") == 2
    run_proc(g, "cast_spell", player=0)          # the owner's own casts never matched
    assert stock(g, "life") == 2 and len(g.state.triggers) == 1


def test_a_subject_on_the_period_and_while_and_this(program):
    g = Game(program(), 2, 1)
    enter(g, "warden")
    run_proc(g, "cast_spell", player=1)
    assert stock(g, "vp") == 1
    run_proc(g, "turn", player=1)                # an opponent's turn does not wake it
    run_proc(g, "cast_spell", player=1)
    assert stock(g, "vp") == 1
    run_proc(g, "turn", player=0)                # its owner's does
    run_proc(g, "bury", g.program.entities["warden"])
    run_proc(g, "cast_spell", player=1)          # `while` false: missed, the period not used up
    assert stock(g, "vp") == 1 and not g.state.triggers[0].resting
    run_proc(g, "back", g.program.entities["warden"])
    run_proc(g, "cast_spell", player=1)
    run_proc(g, "cast_spell", player=1)
    assert stock(g, "vp") == 2


def test_the_waking_event_comes_first_and_one_statement_fires_it_once(program):
    g = Game(program("proc each_turn() { whenever anyone turn_start once per turn_start { gain 1 vp; } }\n"
                     "proc twice() { emit cast(); emit cast(); }"), 2, 1)
    run_proc(g, "each_turn")
    run_proc(g, "turn")
    run_proc(g, "turn")                          # woken by the event it fires on: every turn
    assert stock(g, "vp") == 2
    enter(g, "mentor")
    run_proc(g, "twice", player=1)
    assert stock(g, "life") == 1


def test_the_trace_says_a_resting_trigger_was_skipped(program):
    g = Game(program(), 2, 1)
    enter(g, "mentor")
    seen = []
    g.tracer = seen.append
    run_proc(g, "cast_spell", player=1)
    run_proc(g, "cast_spell", player=1)
    skips = [e for e in seen if e.kind == "skip"]
    assert len(skips) == 1 and skips[0].player == "P1"
    assert "trigger on cast (it fired already: it rests until turn_start)" in skips[0].describe()
    assert skips[0].where and ":11:" in skips[0].where   # the trigger's position in the rules


def test_a_saved_game_keeps_the_resting_state(program):
    g = Game(program(), 2, 1)
    enter(g, "mentor")
    run_proc(g, "cast_spell", player=1)
    data = g.state.to_json()
    assert len(data["triggers"][0]) == 10 and data["triggers"][0][8:] == [["anyone", "turn_start", {}], True]
    check_saved(data, g.program)
    again = State.from_json(data, g.program.entities)
    assert again.to_json() == data and again.triggers[0].resting and again.triggers[0].rest == ("anyone", "turn_start", {})
    bad = State.from_json(data, g.program.entities).to_json()
    bad["triggers"][0][9] = "yes"
    with pytest.raises(Exception, match="not a trigger of this pack"):
        check_saved(bad, g.program)


def test_a_trigger_without_once_per_saves_as_before(program):
    g = Game(program("proc plain() { whenever opponents cast { gain 1 vp; } }"), 2, 1)
    run_proc(g, "plain")
    assert len(g.state.to_json()["triggers"][0]) == 8


@pytest.mark.parametrize("body, code, words", [
    ("next opponents cast once per turn_start { gain 1 vp; }", "E100", "'once per' is for 'whenever'"),
    ("whenever opponents cast once a turn_start { gain 1 vp; }", "E100", "expected 'once per EVENT'"),
    ("whenever opponents cast once per nothing_here { gain 1 vp; }", "E206", ""),
    ("whenever opponents cast once per them turn_start { gain 1 vp; }", "E303", ""),
])
def test_misuse_is_positioned(body, code, words):
    found = [(d.code, d.span.line, d.message) for d in analyse_text(PACK + "proc p() { " + body + " }").diagnostics
             if d.severity == "error"]
    assert [(c, line) for c, line, _ in found] == [(code, PACK.count("\n") + 1)], found
    assert words in found[0][2]


def test_a_period_nothing_ends_is_a_warning():
    text = PACK + "event never();\nproc p() { whenever opponents cast once per never { gain 1 vp; } }"
    warnings = [d for d in analyse_text(text).diagnostics if d.code == "W422"]
    assert len(warnings) == 1 and "'never'" in warnings[0].message and warnings[0].span.line == PACK.count("\n") + 2


def test_printed_back_and_read_aloud():
    text = PACK + "proc p() { whenever anyone cast once per you turn_start until turn_start while life < 3 { gain 1 vp; } }"
    module = parse_text(text, "a.rules")
    printed = format_module(module)
    assert "whenever opponents cast once per turn_start {" in printed
    assert "whenever anyone cast once per you turn_start until turn_start while life < 3 {" in printed
    assert parse_text(printed, "a.rules") == module
    mentor = next(d for d in module.items if getattr(d, "name", None) == "mentor")
    assert any("Whenever an opponent casts, at most once until someone turn starts (then again):" in line
               for line in explain(mentor)), explain(mentor)


def test_past_tense_events_are_read_as_written():
    """explain says "an opponent laid eggs", never "laid eggses"; a verb with a plural object takes
    the -s on the verb."""
    from rulebook.compiler.explain import _third_person
    assert [_third_person(v) for v in ("laid_eggs", "played_bird", "built", "discard_cards", "gain", "pass", "need")] \
        == ["laid_eggs", "played_bird", "built", "discards_cards", "gains", "passes", "needs"]
    text = PACK + "event laid_eggs();\ncreature hawk { play { whenever opponents laid_eggs once per you turn_start { gain 1 vp; } } }"
    hawk = next(d for d in parse_text(text, "a.rules").items if getattr(d, "name", None) == "hawk")
    assert any("Whenever an opponent laid eggs, at most once until you turn start (then again):" in line
               for line in explain(hawk)), explain(hawk)


def test_a_clone_keeps_the_resting_state(backend):
    """A clone replays the decisions: the triggers that rested in the game rest in the clone."""
    text = """
counter vp;
event turn_start();
event cast();
whenever opponents cast once per you turn_start { gain 1 vp; }
game g {
  seats 2 to 2;
  phase play {
    repeat 2 { each players { emit turn_start(); repeat 2 { choose "cast?" { option "cast" { emit cast(); } option "pass" { } } } } }
    end game;
  }
  winner most vp;
}
"""
    g = Game(build_text(text, interpreted=backend == "interpreted"), 2, 1)
    d = g.start()
    d = g.apply(0)                               # P1 casts: P2's trigger fires and rests
    assert [t.resting for t in g.state.triggers] == [False, True]
    twin = g.clone()
    assert [t.resting for t in twin.state.triggers] == [False, True] and twin.state.to_json() == g.state.to_json()
    for game in (g, twin):
        game.apply(0)                            # cast again: skipped in both
    assert twin.state.to_json() == g.state.to_json() and g.state.players[1].stock["vp"] == 1
