"""E562: a `while true` that nothing leaves (found by the trial5 designer: Liar's Dice's bidding written as
`while true { each players { ... break; } }` linted clean, and play stopped with E602: the `break` left the
`each`, not the `while`)."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text

ROUND = """counter last_bid global;
counter dice start 5;
PROCS
proc round() {
  while true HEAD {
    each players {
      pick n from 1..30 where n > last_bid "bid?" optional as "call liar" {
        set last_bid = n;
      } else {
        CALLED
        BREAK;
      }
    }
  }
}
game g "G" { seats 2 to 4; phase play { round(); } winner most dice; }
"""


def codes(head: str = "", brk: str = "break", called: str = "lose 1 dice;", procs: str = "") -> list:
    text = ROUND.replace("HEAD", head).replace("BREAK", brk).replace("CALLED", called).replace("PROCS", procs)
    return [(d.code, d.span.line, d.span.column) for d in analyse_text(text).diagnostics if d.code == "E562"]


def test_a_break_inside_the_each_leaves_the_each_only_and_the_while_true_is_never_left():
    found = [d for d in analyse_text(ROUND.replace("HEAD", "").replace("BREAK", "break").replace("CALLED", "lose 1 dice;")
                                     .replace("PROCS", "")).diagnostics if d.code == "E562"]
    assert [(d.span.line, d.span.column) for d in found] == [(5, 9)]
    assert "the 'break' at line 11 leaves the inner loop it is in" in found[0].message
    assert "'while true as round { ... break round; }'" in found[0].hint


def test_a_labelled_break_a_return_or_an_end_game_reached_through_a_proc_leaves_it():
    assert codes(head="as bidding", brk="break bidding") == []
    assert codes(called="lose 1 dice; end game;", brk="set last_bid = 0") == []
    assert codes(called="over();", procs="proc over() { if dice == 0 { end game; } }") == []


def test_a_trigger_that_may_end_the_game_makes_it_uncertain_so_nothing_is_said():
    assert codes(procs="whenever lose(res = dice) { end game; }") == []
    assert codes(called="tally();", procs="proc tally() { gain 1 last_bid; }") != []   # a proc that never ends it


def test_a_break_of_a_loop_around_it_an_end_game_after_its_label_or_an_unknown_proc_says_nothing():
    # `break outer` inside an unlabelled `while true` leaves both (the round loop around it)
    around = ROUND.replace("proc round() {\n  while true HEAD {", "proc round() {\n  repeat 3 as outer {\n  while true {") \
        .replace("BREAK", "break outer").replace("CALLED", "").replace("PROCS", "").replace("\n}\ngame", "\n}\n}\ngame")
    assert not [d for d in analyse_text(around).diagnostics if d.severity == "error"]
    # `end game after bidding` ends the loop so labelled, wherever it is written (E325 says where it cannot)
    assert codes(head="as bidding", brk="set last_bid = 0", called="",
                 procs="proc over() { end game after bidding; }") == []
    # a misspelt label (E224) or a proc nothing declares (E207): one error is enough
    assert codes(brk="set last_bid = 0", called="", procs="proc over() { end game after biding; }") == []
    assert codes(brk="set last_bid = 0", called="settle();") == []
