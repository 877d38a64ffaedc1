"""A variable's change heard by triggers (`whenever you set(pawn)`, 7.2): Root's Outrage when the
Vagabond's pawn (a var) moves into a clearing with sympathy, whatever rule moved it; an indexed variable's
element with its indexes bound; `it.old`/`it.new`; only the variables a pattern names announce (the other
packs' sets cost nothing); the misuse findings (E448, E449, W437), fmt, explain and the trace, on both
backends."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.engine import Game

from .conftest import explained, printed_back, random_games_agree, rules_programs

# Root, reduced: the Alliance (P2) has sympathy in c2; the Vagabond's pawn moves by a rule (`slip`) or by
# setting another player's variable (`set p.pawn`); Outrage is the Alliance's trigger: the mover gives a
# card of the clearing's suit to the Alliance's supporters if they have one, or the Alliance draws one
ROOT = """
enum suit { fox, rabbit, mouse }
enum clearing { suit: suit; c1(suit = fox), c2(suit = rabbit), c3(suit = mouse) }
kind card { suit: suit; }
card fox_card "Fox card" * 2 { suit = fox; }
card rabbit_card "Rabbit card" * 2 { suit = rabbit; }
zone deck of card;
zone hand per_player of card;
zone supporters per_player of card;
counter sympathy[clearing] from 0 to 1;
counter outrages;
counter moves;
counter visited[clearing] global from 0 to 99;
var pawn "Vagabond's clearing": clearing = none;
var marked[clearing]: bool = false;
proc outrage(c: clearing, mover: player) {
  gain 1 outrages;
  let k = first(x in mover.hand where x.suit == c.suit);
  if k != none { move k to supporters; } else { draw 1 from deck to supporters; }
}
proc slip(d: clearing) { set pawn = d; }
game root {
  seats 2 to 3;
  phase setup {
    fill deck with card;
    each players[1] { draw 1 from deck to hand; }
    each players[2] {
      gain 1 sympathy[c2];
      whenever opponents set(pawn) while it.new != none and sympathy[it.new] > 0 { outrage(it.new, it.subject); }
    }
    each players[1] {
      whenever you set(pawn) { gain 1 moves; }
      whenever you set(marked[c]) while it.new { gain 1 visited[c]; }
    }
  }
  phase play {
    each players[1] {
      slip(c1);
      slip(c2);
      slip(c2);
      set marked[c2] = true;
      slip(c3);
    }
    each players[2] {
      set players[1].pawn = c2;
    }
  }
  winner most outrages;
}
"""

program = rules_programs(ROOT)


def test_the_vagabond_moving_into_sympathy_fires_outrage_whatever_moved_it(program):
    g = Game(program(), 2, 1)
    lines: list = []
    g.tracer = lambda e: lines.append(e.describe())
    g.play()
    vagabond, alliance = g.state.players
    # into c2 by `slip` (c1 to c2), and by the alliance's own `set players[1].pawn` (c3 to c2): two outrages,
    # each P2's trigger; the second set of c2 (unchanged) announces nothing
    assert alliance.stock["outrages"] == 2 and vagabond.stock["outrages"] == 0
    assert vagabond.stock["moves"] == 4   # c1, c2, c3, c2: the unchanged set is no move
    assert lines.count("P2: trigger on set of pawn (c1 to c2)") == 1
    assert lines.count("P2: trigger on set of pawn (c3 to c2)") == 1
    assert g.state.globals["visited[c2]"] == 1 and g.state.globals["visited[c1]"] == 0
    # the first outrage took the vagabond's card of that suit if held, else the alliance drew one
    assert len(alliance.zones["supporters"]) == 2


def test_both_backends_play_the_same_games():
    random_games_agree(ROOT, seeds=range(1, 4), counts=(2, 3))


def test_only_the_variables_a_pattern_names_announce(program):
    p = program()
    assert set(p.heard) == {"pawn", "marked[c1]", "marked[c2]", "marked[c3]"}
    assert p.heard["marked[c2]"] == {"res[]": "marked", "[0]": "c2"}
    plain = build_text("var pawn: bool = false;\nproc p() { set pawn = true; }\n")
    assert plain.heard == {} and "heard" not in repr(plain.procs)


def test_a_global_variable_is_heard_with_the_player_whose_rule_set_it():
    text = """
enum hex { h1, h2 }
var robber "Robber" global: hex = h1;
counter blocked;
whenever opponents set(robber, new = h2) { gain 1 blocked; }
proc move_robber(h: hex) { set robber = h; }
game catan { seats 2 to 2; phase setup { } phase play { each players[2]: move_robber(h2); reset robber; } winner most blocked; }
"""
    for interpreted in (False, True):
        g = Game(build_text(text, interpreted=interpreted), 2, 1)
        g.play()
        assert [p.stock["blocked"] for p in g.state.players] == [1, 0]   # P2 set it: P1's trigger, an opponent's


@pytest.mark.parametrize("pattern,code,where", [
    ("set(moves)", "E448", "is a counter"),
    ("set", "E448", "names none"),
    ("set(nothing_here)", "E448", "names no variable"),
    ("set(pawn[c])", "E448", "declared without [...]"),
    ("set(marked[a, b])", "E448", "takes 1 index, not 2"),
    ("set(pawn, new = 3)", "E448", "the variable holds a clearing"),
    ("gain(pawn)", "E428", "names no counter"),
])
def test_a_set_pattern_that_hears_no_variable_is_e448(pattern, code, where):
    text = ROOT.replace("whenever you set(pawn) { gain 1 moves; }", f"whenever you {pattern} {{ gain 1 moves; }}")
    errors = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == [code] and where in errors[0].message, [d.headline() for d in errors]
    assert errors[0].span.line == 32
    if pattern == "gain(pawn)":
        assert errors[0].hint == "'pawn' is a variable: its changes are heard by 'whenever you set(pawn)'"


@pytest.mark.parametrize("written", ["modifier you set(pawn) { forbid; }", "let ok = allowed(set(pawn));",
                                     "pay 1 moves for set(pawn);"])
def test_set_where_it_is_no_event_is_e449(written):
    text = ROOT.replace("      slip(c1);\n", f"      slip(c1);\n      {written}\n")
    errors = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["E449"], [d.headline() for d in errors]


def test_a_trigger_on_a_variable_nobody_sets_is_w437():
    text = ROOT.replace("      set marked[c2] = true;\n", "")
    found = [(d.code, d.span.line, d.span.column) for d in analyse_text(text).diagnostics if d.code == "W437"]
    assert found == [("W437", 33, 24)]
    assert not [d for d in analyse_text(ROOT).diagnostics if d.code in ("W437", "W403")]


def test_it_old_and_new_read_as_the_variables_type():
    text = ROOT.replace("whenever you set(pawn) { gain 1 moves; }", "whenever you set(pawn) { let s = it.new.colour; }")
    errors = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["E334"] and "unknown field 'colour' of enum clearing" in errors[0].message


def test_fmt_prints_set_patterns_back():
    _module, printed = printed_back(ROOT + "whenever anyone set(name = pawn, old = c1) { }\n")
    assert "whenever opponents set(pawn) while" in printed and "whenever you set(marked[c]) while it.new" in printed
    assert "whenever anyone set(name = pawn, old = c1) {}" in printed


def test_explain_reads_a_change():
    result = analyse_text(ROOT + "var robber global: clearing = c1;\nwhenever anyone set(robber, new = c2) { }\n"
                                 "proc r() { set robber = c2; }\n")
    words = explained(result, "root")
    assert "Whenever an opponent's vagabond's clearing changes, while" in words
    assert "Whenever your marked in a clearing c changes, while" in words
