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
        "vp = 2 (unchanged)", "pool = 0 (unchanged)", "leader = P1", "leader = P1 (unchanged)",
        "ready = no (unchanged)", "a.level = 1 (unchanged)", "a.level = 3"]
    assert [(e.kind, e.amount) for e in trace if e.kind == "gain"] == [("gain", 2)]   # the first `set vp`
