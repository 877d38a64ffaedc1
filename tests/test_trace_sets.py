"""`--trace` shows every `set` that runs, one that leaves the value as it was marked "(unchanged)": a
designer checking a turn order filled by `set seat_at[3] = P1` sees every step (Power Grid audit)."""

from __future__ import annotations

from rulebook.runtime.engine import Game

from .conftest import rules_programs, run_proc

PACK = """
counter vp;
counter pool global;
var leader global: player;
var ready: bool;
kind card { level: int; }
card a { level = 1; }
proc p() {
  set vp = 2;
  set vp = 2;
  set pool = 0;
  set leader = you;
  set leader = you;
  set ready = false;
  set a.level = 1;
  set a.level = 3;
}
"""

program = rules_programs(PACK)


def test_every_set_is_traced_and_an_unchanged_one_says_so(program):
    game = Game(program(), 2, 1)
    trace = []
    game.tracer = trace.append
    run_proc(game, "p")
    assert [e.what for e in trace if e.kind == "set"] == [
        "vp = 2 (was 0)", "vp = 2 (unchanged)", "pool = 0 (unchanged)", "leader = P1", "leader = P1 (unchanged)",
        "ready = no (unchanged)", "a.level = 1 (unchanged)", "a.level = 3"]
    assert [e for e in trace if e.kind == "gain"] == []   # the first `set vp`, told as the set written


RESET = """
kind card { used: bool = false; }
card c "Card {copy_number}" * 20 { }
kind badge per_player { shown: bool = false; }
badge star "Star" { }
proc p() {
  set c.used = true;
  reset used of card;
  reset used of card;
  reset shown of badge;
}
"""

reset_program = rules_programs(RESET)


def test_a_reset_traces_what_it_changes_and_one_line_for_the_rest(reset_program):
    """Race for the Galaxy audit (D4): `reset used of card;` wrote a line per card, 19 "(unchanged)"
    lines for 20 cards, 110 a phase in its pack. It writes the cards it changes, then one line for the
    others; the state after it is as before (untraced), on both backends."""
    game = Game(reset_program(), 2, 1)
    trace = []
    game.tracer = trace.append
    run_proc(game, "p")
    assert [e.what for e in trace if e.kind == "set"] == [
        "Card 1.used = yes", "Card 1.used = no",
        "used of card: 19 more are at their printed values (unchanged)",
        "used of card: 20 more are at their printed values (unchanged)",
        "shown of badge: 1 more is at its printed value (unchanged)"]
    untraced = Game(reset_program(), 2, 1)
    run_proc(untraced, "p")
    assert untraced.state.digest() == game.state.digest()


COST = """
event build_dev(d: card);
kind card { cost: int = 1; }
card a "Investment Credits" * 4 { }
zone deck of card;
zone hand per_player of card;
proc setup_game() { modifier you build_dev { cost -1 cards; } }
proc develop() { pay 1 cards from hand to deck for build_dev(a); }
"""

cost_program = rules_programs(COST)


def test_a_cost_a_procs_modifier_changed_is_traced_in_words(cost_program):
    """Race for the Galaxy audit (D4): "printed 1 cards; changed by setup_game" named the proc as if it
    were the rule, and said "1 cards"."""
    game = Game(cost_program(), 1, 1)
    trace = []
    game.tracer = trace.append
    run_proc(game, "setup_game")
    run_proc(game, "develop")
    [cost] = [e.what for e in trace if e.kind == "cost"]
    assert cost == "of build_dev: nothing (printed 1 card from P1.hand; changed by a modifier of setup_game)"


def cost_traced(program) -> str:
    """The trace's line of the one cost paid in a whole game of the program (1 player, seed 1)."""
    game = Game(program, 1, 1)
    trace = []
    game.tracer = trace.append
    game.play()
    [cost] = [e.what for e in trace if e.kind == "cost"]
    return cost


def test_a_modifier_a_phase_of_the_game_put_in_force_is_named_by_its_phase(cost_program):
    """Its site is the game's (`root#1`): the trace said "a modifier of root", the game's name."""
    program = cost_program("counter vp;\ngame root { seats 1 to 1; phase setup { fill deck with card; "
                           "modifier you build_dev { cost -1 cards; } } phase play { develop(); } winner most vp; }")
    assert program.modifier_phases == {"root#1": "setup"}
    assert cost_traced(program) == "of build_dev: nothing (printed 1 card from P1.hand; changed by a modifier of phase setup)"
    assert cost_program().modifier_phases == {}   # a pack without one has no table


FLAGS = """
enum city { atlanta, chicago, miami, paris }
var outbroken[city] global: bool = false;
counter cubes[city] global from 0 to 3;
var moved: bool = false;
proc p() {
  set outbroken[chicago] = true;
  gain 2 cubes[miami];
  reset outbroken, cubes, moved;
  reset outbroken;
}
"""

flags_program = rules_programs(FLAGS)


def test_a_reset_of_vars_and_counters_traces_what_it_changes_and_one_line_for_the_rest(flags_program):
    """Pandemic audit (D5): `reset outbroken;` wrote 48 `set outbroken[x] = no (unchanged)` lines per
    infection card. It writes the elements it changes, then one line for the others (each player's
    `moved` counts once a player); the state is as untraced, on both backends."""
    game = Game(flags_program(), 2, 1)
    trace = []
    game.tracer = trace.append
    run_proc(game, "p")
    sets = [e.what for e in trace if e.kind == "set"]
    assert sets[0] == "outbroken[chicago] = yes" and sets[1] == "outbroken[chicago] = no"
    assert sets[2:] == ["cubes[miami] = 0", "outbroken, cubes, moved: 8 more are at their start values (unchanged)",
                        "outbroken: 4 more are at their start values (unchanged)"]
    assert [(e.kind, e.amount) for e in trace if e.kind in ("gain", "lose")] == [("gain", 2)]
    untraced = Game(flags_program(), 2, 1)
    run_proc(untraced, "p")
    assert untraced.state.digest() == game.state.digest()


def test_a_modifier_a_named_phase_put_in_force_is_named_by_that_phase(cost_program):
    program = cost_program("counter vp;\ngame root { seats 1 to 1; phase setup { fill deck with card; } "
                           "phase golden_age after play { modifier you build_dev { cost -1 cards; } develop(); } "
                           "winner most vp; }")
    assert program.modifier_phases == {"root#1": "golden_age"}
    assert cost_traced(program) == \
        "of build_dev: nothing (printed 1 card from P1.hand; changed by a modifier of phase golden_age)"
