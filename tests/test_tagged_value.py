"""Tagged values (`let/set/func ... = EXPR for ACTION(args);`) and a modifier's `value` lines (7.7c):
the Root audit's W1 (battle cards that change the hits dealt), written here with Twilight Imperium's
combat rolls and Race for the Galaxy's Military."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.engine import Game
from rulebook.runtime.state import check_saved

from .conftest import explained, printed_back, random_games_agree, rules_programs, run_proc, the_one_error

# Twilight Imperium: a unit hits on a roll of its combat value or more; the roll is a tagged value.
PACK = """
counter hits_scored;
counter rolled_last from -50 to 50 start 0;
counter morale from 0 to 5;
event combat_roll(u: unit, side: int);
event round_over();
kind unit { combat: int = 9; }
unit carrier "Carrier" { }
unit dreadnought "Dreadnought" { combat = 5; }
unit flagship "Flagship" { combat = 7; modifier you combat_roll in fleet while it.u == this { value +2; } }
zone fleet per_player of unit;
zone reserve per_player of unit;
func rolled(u: unit, r: int): int = r for combat_roll(u, 1);
proc roll_as(u: unit, r: int) { let got = r for combat_roll(u, 2); set rolled_last = got; }
proc roll_morale(u: unit, r: int) { set morale = r for combat_roll(u, 3); }
proc enlist(u: unit) { move u to fleet; }
proc discharge(u: unit) { move u to reserve; }
"""

program = rules_programs(PACK)


def roll(g: Game, unit: str, r: int, player: int = 0) -> int:
    run_proc(g, "roll_as", g.program.entities[unit], r, player=player)
    return g.state.players[player].stock["rolled_last"]


def test_value_lines_apply_in_the_gain_lines_order_whatever_order_they_came_in(program):
    g = Game(program("""
proc p() {
  modifier you combat_roll { value *2; }
  modifier you combat_roll { value +1; value -3; }
  modifier you combat_roll { value = 5; }
  modifier you combat_roll { value = 4; }
}"""), 2, 1)
    run_proc(g, "p")
    assert roll(g, "carrier", 9) == (4 + 1 - 3) * 2   # the last `=`, then + and -, then *
    assert roll(g, "carrier", 9, player=1) == 9        # P2's rolls are their own


def test_bounds_never_below_zero_nor_below_a_negative_start(program):
    g = Game(program("proc p() { modifier you combat_roll { value -4; } }"), 2, 1)
    run_proc(g, "p")
    assert roll(g, "carrier", 3) == 0 and roll(g, "carrier", 7) == 3
    assert roll(g, "carrier", -8) == -8                 # a value that started below zero stays where it was
    g = Game(program("proc p() { modifier you combat_roll { value +2; } }"), 2, 1)
    run_proc(g, "p")
    assert roll(g, "carrier", -8) == -6
    g = Game(program("proc p() { modifier you combat_roll { value +9; } }"), 2, 1)
    run_proc(g, "p")
    run_proc(g, "roll_morale", g.program.entities["carrier"], 1)
    assert g.state.players[0].stock["morale"] == 5      # a bounded counter's `set` keeps it in its bounds


def test_a_value_of_zero_is_changed_and_once_is_used_up_by_the_first_value(program):
    g = Game(program("proc p() { modifier you combat_roll once { value +1; } }"), 2, 1)
    run_proc(g, "p")
    assert roll(g, "carrier", 0) == 1                   # "an extra hit" on a miss
    assert roll(g, "carrier", 0) == 0                   # used up


def test_filters_while_until_and_the_subject(program):
    g = Game(program("""
proc p() {
  modifier you combat_roll(side = 2) until round_over { value +1; }
  modifier opponents combat_roll while it.u.combat < 9 { value +10; }
}
proc q() { emit round_over(); }"""), 2, 1)
    run_proc(g, "p")
    carrier, dreadnought = g.program.entities["carrier"], g.program.entities["dreadnought"]
    assert roll(g, "carrier", 3) == 4 and roll(g, "dreadnought", 3) == 4
    assert roll(g, "carrier", 3, player=1) == 3 and roll(g, "dreadnought", 3, player=1) == 13
    # the func's value is tagged with side 1: the filter side = 2 does not hold, the opponents' line does
    assert [g.program.funcs["rolled"](g, g.state.players[i], u, 3) for i, u in ((0, carrier), (1, dreadnought))] \
        == [3, 13]
    run_proc(g, "q")
    assert roll(g, "carrier", 3) == 3                   # until round_over


def test_a_cards_modifier_changes_a_value_while_the_card_is_in_its_zone(program):
    g = Game(program(), 2, 1)
    assert roll(g, "flagship", 5) == 5
    run_proc(g, "enlist", g.program.entities["flagship"])
    assert roll(g, "flagship", 5) == 7 and roll(g, "carrier", 5) == 5   # its own rolls only (`while it.u == this`)
    assert roll(g, "flagship", 5, player=1) == 5
    run_proc(g, "discharge", g.program.entities["flagship"])
    assert roll(g, "flagship", 5) == 5


def test_a_tagged_funcs_value_is_consulted_at_each_call_for_the_callers_you(program):
    p = program("""
proc boost() { modifier you combat_roll once { value *3; } }
proc ask(u: unit) { each opponents { set rolled_last = rolled(u, 2); } set hits_scored = rolled(u, 2) + rolled(u, 2); }""")
    g = Game(p, 2, 1)
    run_proc(g, "boost")
    run_proc(g, "ask", g.program.entities["carrier"])
    assert g.state.players[1].stock["rolled_last"] == 2          # P2's call: P1's modifier is not theirs
    assert g.state.players[0].stock["hits_scored"] == 6 + 2      # once: the first call only


def test_the_trace_names_what_changed_the_value():
    from rulebook.runtime.engine import Effect

    p = build_text(PACK + "proc p() { modifier you combat_roll { value +1; } }")
    seen: list[Effect] = []
    g = Game(p, 2, 1)
    g.tracer = seen.append
    run_proc(g, "enlist", g.program.entities["flagship"])
    run_proc(g, "p")
    roll(g, "flagship", 4)
    lines = [e.describe() for e in seen if e.kind == "value"]
    assert lines == ["P1: value combat_roll(Flagship, 2) 4 → 7 (+2 by Flagship, +1 by a modifier of p)"]


def test_a_saved_state_with_a_value_modifier_reads_back():
    p = build_text(PACK + "proc p() { modifier you combat_roll { value *2; } }")
    g = Game(p, 2, 1)
    run_proc(g, "p")
    data = g.state.to_json()
    check_saved(data, p)
    assert data["modifiers"][-1][9] == [["value", "*", 2]]


@pytest.mark.parametrize("text,code,where", [
    ("proc p() { modifier you combat_roll { value +true; } }", "E422", "a condition is set, not changed by arithmetic"),
    ("proc p() { modifier you combat_roll { value = \"x\"; } }", "E422", "not a text"),
    ("proc p() { modifier you advance { value +1; } }", "E421", "builtin event"),
    ("resource coin; event trade(n: int); proc t() { pay 1 coin for trade(1); }"
     "proc p() { modifier you trade { value +1; } }", "E421", "never a value"),
    ("func strong(u: unit) = u.combat >= 3 for combat_roll(u, 1);", "E423", "tags numbers and conditions"),
    ("proc p() { let n = 2 for gain; }", "E423", "builtin 'gain'"),
    ("func strength(u: unit): int = 1; proc p() { modifier you strength { value +1; } }", "E420", "is a func"),
    # the Cosmic Encounter pack's slip: a tag's argument of another type than the event's (a player for a
    # unit), which linted clean and stopped play at a modifier's `it.u`, far from the tag
    ("proc p() { let n = 3 for combat_roll(you, 1); }", "E303",
     "the tag gives a player for 'u' of action 'combat_roll', which holds a unit"),
    ("proc p() { emit combat_roll(2, 1); }", "E303", "the emit gives a number for 'u' of event 'combat_roll'"),
])
def test_misuse_is_a_positioned_error(text, code, where):
    the_one_error(analyse_text(PACK + text), code, where)


def test_the_e420_note_names_the_tagged_value():
    found = analyse_text(PACK + "func strength(u: unit): int = 1; proc p() { modifier you strength { value +1; } }")
    e420 = next(d for d in found.diagnostics if d.code == "E420")
    assert "for strength_value(u)" in e420.hint and e420.span.line == PACK.count("\n") + 1


def test_lints_value_lines_that_change_nothing_and_other_lines_on_a_value():
    found = analyse_text(PACK + "event idle(); proc p() { modifier you idle { value +1; } "
                         "modifier you combat_roll { gain +1; } modifier you combat_roll { forbid; } }")
    assert sorted(d.code for d in found.diagnostics if d.code.startswith("W44")) == ["W441", "W442", "W442"]
    assert not [d for d in analyse_text(PACK).diagnostics if d.code in ("W441", "W442", "E421")]


def test_fmt_and_explain_read_a_tagged_value_and_the_value_lines():
    text = PACK + "func military(u: unit): int = let base = u.combat; base * 2 for combat_roll(u, 1);\n" \
        "proc p() { modifier you combat_roll(side = 1) once until round_over { value = 3; value -1; value *2; } }"
    _module, printed = printed_back(text)
    assert "base * 2 for combat_roll(u, 1);" in printed and "let got = r for combat_roll(u, 2);" in printed
    assert "set morale = r for combat_roll(u, 3);" in printed
    assert "value = 3;\n    value -1;\n    value *2;" in printed
    result = analyse_text(text)
    assert "as the modifiers of combat roll(u, 1) change the value" in explained(result, "rolled")
    reading = explained(result, "p")
    assert "The value becomes 3." in reading and "The value is multiplied by 2" in reading
    assert "never below zero, nor below where it started" in reading
    assert "While Flagship is in your fleet, on your combat roll" in explained(result, "flagship")


def test_a_name_value_is_still_a_name_outside_a_modifier():
    text = PACK + "counter value; kind gem { value: int = 2; } gem ruby { value = 3; } " \
        "proc v() { set value = ruby.value for combat_roll(carrier, 1); gain value hits_scored; }"
    assert not [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    g = Game(build_text(text), 2, 1)
    run_proc(g, "v")
    assert g.state.players[0].stock["hits_scored"] == 3


def test_cover_reaches_a_cards_value_modifier_when_it_changes_a_value():
    from rulebook.runtime.coverage import Coverage

    p = build_text(PACK)
    coverage = Coverage(p)
    g = Game(p, 2, 1)
    coverage.measure(lambda: (roll(g, "flagship", 3),))
    assert "flagship" in coverage.report()["unit"][1]
    coverage.measure(lambda: (run_proc(g, "enlist", p.entities["flagship"]), roll(g, "flagship", 3)))
    assert "flagship" not in coverage.report()["unit"][1]


GAME = PACK.replace('unit carrier "Carrier" { }', 'unit carrier "Carrier" * 4 { }') + """
die d10 "Die": int { face = 1; face = 2; face = 3; face = 4; face = 5; face = 6; face = 7; face = 8; face = 9; face = 10; }
kind action_card { }
action_card morale_boost "Morale Boost" * 4 { }
zone hand per_player of action_card hidden;
zone box of action_card;
zone units of unit;
proc combat() {
  pick a from hand "play Morale Boost?" optional {
    move a to box;
    modifier you combat_roll until end of combat { value +1; }
  }
  for each u in fleet {
    let r = roll d10;
    if rolled(u, r) >= u.combat { gain 1 hits_scored; }
  }
  if size(fleet) > 0 { roll_morale(first(fleet), 2); }
}
game ti "Combat" {
  seats 2 to 4;
  phase setup {
    fill box with action_card;
    fill units with unit;
    shuffle units;
    each players { draw 2 from units to fleet; draw 1 from box to hand; }
  }
  phase play { repeat 4 { each players: combat(); } }
  winner most hits_scored;
}
"""


def test_both_backends_play_the_same_games():
    random_games_agree(GAME)


def test_a_bare_resource_name_stands_for_itself_in_a_tag_and_an_emit():
    # the argument type check (E303) leaves a resource, track or die parameter's bare name alone: `coin` is the
    # resource there, not the player's count of coins
    text = PACK + "resource coin; event trade(r: resource); proc t() { pay 1 coin for trade(coin); emit trade(coin); }"
    assert not [d for d in analyse_text(text).diagnostics if d.code == "E303"]
