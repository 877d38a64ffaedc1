"""A proc that gives a value called in the condition of `if`, `else if` and `while` (branch procif):
the Coup audit found `let ok = claim_stands(you, duke); if ok { ... }` written six times. The proc
runs where the condition is read, in the order written; `and`/`or` run their right side only when
the left leaves the answer open; an `else if`'s call only when the conditions before it failed; a
`while`'s before each round. Where a condition is read without running effects (a func, a `where`
filter, a choose option's `when`, a trigger's `while`) it stays an error (E396), and so does a proc
inside another expression of the condition (E397). Both backends agree, decisions included."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.compiler.explain import reading
from rulebook.runtime.engine import Game

from .conftest import both_built, played, printed_back, random_games_agree, replays_through_json, rules_program, the_one_error

TRACE = """\
counter trace global;
counter rounds global;
proc seen(n: int, v: bool): bool {
  set trace = trace * 10 + n;
  return v;
}
proc number(n: int): int {
  set trace = trace * 10 + n;
  return n;
}
proc both() { if seen(1, false) and seen(2, true) { set trace = trace * 10 + 9; } }
proc either() { if seen(1, true) or seen(2, true) { set trace = trace * 10 + 9; } }
proc chain() {
  if seen(1, false) { set trace = trace * 10 + 7; }
  else if seen(2, true) { set trace = trace * 10 + 8; }
  else if seen(3, true) { set trace = trace * 10 + 9; }
}
proc negated() { if not seen(1, false) and number(2) + number(3) == 5 { set trace = trace * 10 + 9; } }
proc looping() { while seen(1, rounds < 2) { gain 1 rounds; set trace = trace * 10 + 5; } }
proc plain_first() { if rounds > 0 and seen(1, true) { set trace = trace * 10 + 9; } }
enum level { high, mid, low }
proc level_of(n: int): level { set trace = trace * 10 + n; return low; }
proc ordered() { if level_of(1) > mid and mid > level_of(2) { set trace = trace * 10 + 9; } }
"""

program = rules_program(TRACE)


@pytest.mark.parametrize("proc, trace", [
    ("both", 1),           # `and`: the right side is not run once the left fails
    ("either", 19),        # `or`: nor once the left holds
    ("chain", 128),        # an `else if` runs its call only when the conditions before failed
    ("negated", 1239),     # `not`, arithmetic, a comparison: left to right
    ("looping", 15151),    # a `while` runs it before each round, the last time to end the loop
    ("plain_first", 0),    # a plain part on the left settles `and` without running the proc
    ("ordered", 12),       # members compare by their place in the enum: low comes after mid
])
def test_procs_in_conditions_run_in_order_and_short_circuit(program, proc, trace):
    g = Game(program, 1, 1)
    g.start(g.program.procs[proc](g, g.state.players[0]))
    assert g.state.globals["trace"] == trace


# Not Coup: Cosmic Encounter's "ask for allies", each invited player deciding inside the condition.
ALLIES = """\
counter vp;
resource ships;
proc joins(): bool {
  choose "Join the attack?" {
    option "join" { lose 1 ships; return true; }
    option "stay home" { return false; }
  }
}
proc wager(): int {
  choose "How many ships?" {
    option "one" { return 1; }
    option "two" { return 2; }
  }
}
game encounter {
  seats 2 to 4;
  phase setup { each players: gain 4 ships; }
  phase play {
    repeat 3 {
      each players {
        if joins() and wager() > 1 { gain 2 vp; }
        else if not joins() { gain 1 vp; }
        while ships > 1 and joins() { gain 1 vp; }
      }
    }
    end game;
  }
  winner most vp;
}
"""


def test_decisions_made_inside_conditions_agree_on_both_backends():
    random_games_agree(ALLIES, seeds=range(1, 9))


allies = rules_program(ALLIES)

# The same turn as the designer had to write it before: each proc's value given to a local first.
SPELT_OUT = ALLIES.replace("""\
        if joins() and wager() > 1 { gain 2 vp; }
        else if not joins() { gain 1 vp; }
        while ships > 1 and joins() { gain 1 vp; }
""", """\
        let j = joins();
        let done = false;
        if j {
          let w = wager();
          if w > 1 { gain 2 vp; set done = true; }
        }
        if not done {
          let k = joins();
          if not k { gain 1 vp; }
        }
        let go = ships > 1;
        if go { set go = joins(); }
        while go {
          gain 1 vp;
          set go = ships > 1;
          if go { set go = joins(); }
        }
""")


def test_a_proc_in_a_condition_plays_as_its_value_given_to_a_local_first():
    assert SPELT_OUT != ALLIES
    inline, spelt = both_built(ALLIES), both_built(SPELT_OUT)
    for seed in range(1, 7):
        for players in (2, 3, 4):
            games = [played(p, seed, players) for p in inline + spelt]
            assert all(g.log == games[0].log and g.state.digest() == games[0].state.digest() for g in games)


def test_a_game_deciding_inside_conditions_replays_from_its_log(allies):
    replays_through_json(allies, 5)


def test_a_condition_running_a_proc_prints_back():
    module, printed = printed_back("proc p(): bool { return true; }\n"
                                   "proc q() { if p() and not p() { } else if p() { } while p() { } }\n")
    assert "if p() and not p() {" in printed and "while p() {" in printed


BASE = "counter vp;\nzone hand of card;\nkind card { worth: int; }\nproc ok(): bool { return true; }\n" \
       "proc tally(): int { return 1; }\nproc quiet() { gain 1 vp; }\n"


@pytest.mark.parametrize("text, code, says", [
    ("func f() = ok();", "E396", "a func gives a value and does nothing else"),
    ("proc p() { for each c in hand where ok() { } }", "E396", "'where' filter"),
    ("proc p() { let n = size(hand) + count(c in hand where ok()); }", "E396", "'where' filter"),
    ("proc p() { choose \"?\" { option \"a\" when ok() { } option \"b\" { } } }", "E396", "options are being listed"),
    ("proc p() { may \"?\" when ok() { } }", "E396", "'may ... when'"),
    ("event hit();\nproc p() { whenever hit while ok() { gain 1 vp; } }", "E396", "event is announced"),
    ("event hit(n: int);\nproc p() { whenever hit(n = tally()) { gain 1 vp; } }", "E396", "event pattern is matched"),
    ("variant big when ok();", "E396", "a variant's 'when' is read before the game starts"),
    ("game g { seats 2 to 4; phase play { gain 1 vp; } winner most vp if ok(); }", "E396", "a winner line is read"),
    ("game g { seats 2 to 4; phase play { gain 1 vp; } winner most tally(); }", "E396", "as the game ends"),
    ("proc p() { if some(c in hand, ok()) { } }", "E397", "not inside another expression"),
    ("proc p() { if max(tally(), 2) > 1 { } }", "E397", "not inside another expression"),
    ("proc p() { if (if ok() then true else false) { } }", "E397", "not inside another expression"),
    ("proc p() { gain tally() vp; }", "E301", "except the condition of 'if', 'else if' or 'while'"),
    ("proc p() { if quiet() { } }", "E303", "quiet() gives no value"),
    ("proc p() { if tally() { } }", "E303", "a condition must be true or false"),
])
def test_a_proc_where_it_cannot_run_is_told_why(text, code, says):
    the_one_error(analyse_text(BASE + text), code, says, line=BASE.count("\n") + 1 + text.count("\n"))


def test_the_misplaced_proc_is_pointed_at():
    (d,) = [d for d in analyse_text(BASE + "proc p() { for each c in hand where ok() { } }").diagnostics
            if d.severity == "error"]
    assert (d.span.column, d.span.end_column) == (37, 41)
    assert "no effect may run" in d.message and d.hint.startswith("a proc with a result type gives it to a local")


def test_a_proc_in_a_winner_line_or_a_variant_is_given_a_way_to_write_it():
    (d,) = [d for d in analyse_text(BASE + "game g { seats 2 to 4; phase play { gain 1 vp; } winner most vp if ok(); }")
            .diagnostics if d.severity == "error"]
    assert d.code == "E396" and "keep what it finds in a var or counter" in d.hint
    (d,) = [d for d in analyse_text(BASE + "variant big when ok();").diagnostics if d.severity == "error"]
    assert d.code == "E396" and "write what it tests as a func" in d.hint


def test_explain_says_the_procs_run_as_the_condition_is_read():
    symbols = analyse_text(ALLIES).symbols
    lines = reading(symbols.decls["encounter"], symbols)
    assert any(line.strip().startswith("If what carrying out “joins” gives and what carrying out “wager” gives is "
                                       "more than 1 (carried out when this is read, from left to right, each only "
                                       "while what comes before leaves the answer open):") for line in lines), lines
    assert any("(carried out before each round" in line for line in lines), lines


def test_a_proc_reading_the_candidate_in_a_filter_is_tested_in_the_loop_body():
    """The loop's variable exists only in the filter: no `let` before it can hold the proc's answer."""
    result = analyse_text(BASE + "proc good(c: card): bool { return true; }\n"
                          "proc p() { for each c in hand where good(c) { } }")
    the_one_error(result, "E396", "'where' filter")
    (d,) = [d for d in result.diagnostics if d.severity == "error"]
    assert d.hint.startswith("test each candidate in the loop's body instead") and "let x" not in d.hint
