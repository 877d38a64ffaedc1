"""Moving units between two elements of an indexed counter (`shift N C[a] to C[b];`, 4.2a) and the
`shift` event (7.1, 7.2), on both backends: Root's Outrage fires on warriors moved into a sympathetic
clearing and not on warriors placed there from the supply; a move takes at most what the source holds
and what fits under the destination's ceiling (the rest stays); it announces the elements' lose and
gain, then one shift whose pattern binds both indexes; a global counter's shift is heard too. The
misuse findings (E435, E436, E437, W430, E312, E428, W445), fmt, explain and the trace."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game
from rulebook.runtime.state import BadValue

from .conftest import explained, found_at, printed_back, random_games_agree, rules_programs, run_answering, the_one_error

# A small Root: each player's warriors by clearing (placed from the supply with `gain`, moved with
# `shift`), the Woodland Alliance's sympathy on the map; Outrage is for a move into a sympathetic clearing.
PACK = """
enum clearing { c1, c2, c3 }
counter warriors[clearing] "Warriors" from 0 to 6 { c3 to 3; }
counter sympathy[clearing] "Sympathy" global from 0 to 1;
counter outrage "Outrage";
counter placed_or_moved;
counter left_c1;
counter moves;
counter moved_units;
counter cubes[clearing] "Cubes" global from 0 to 4;
counter cube_moves;
counter last_from[clearing];
whenever you shift(warriors[_from] to warriors[c]) while sympathy[c] > 0 { gain 1 outrage; }
whenever you gain(warriors) { gain 1 placed_or_moved; }
whenever you lose(warriors[c1]) { gain 1 left_c1; }
whenever you shift(warriors) { gain 1 moves; gain it.amount moved_units; }
whenever you shift(warriors[a] to warriors[c2]) { set last_from[a] = 1; }
whenever you shift(cubes[a] to cubes[b]) while a != b { gain 1 cube_moves; }
counter supply_warriors "Warriors in the supply" start 20;
proc place(c: clearing, n: int) {   # recruiting places warriors from the supply (the audit pack's place_warriors)
  let k = min(n, supply_warriors);
  lose k supply_warriors;
  gain k warriors[c];
}
proc march(a: clearing, b: clearing, n: int) { shift n warriors[a] to warriors[b]; }
proc spread(a: clearing, b: clearing) { shift 1 cubes[a] to cubes[b]; }
proc seed_cubes() { gain 2 cubes[c1]; }
game root_mini {
  seats 2 to 4;
  phase setup { set sympathy[c2] = 1; }
  phase play {
    each players {
      place(c1, 3);
      choose {
        option "March to c2" { march(c1, c2, 2); }
        option "March to c3" { march(c1, c3, 2); }
      }
    }
  }
  winner fewest outrage;
}
"""

program = rules_programs(PACK)


def game_of(program) -> Game:
    g = Game(program(), 2, 1)
    run_answering(g.program.game.setup(g, g.state.players[0]), lambda d: 0, with_forced=True)
    return g


def run_proc(g: Game, name: str, *args, player: int = 0):
    run_answering(g.program.procs[name](g, g.state.players[player], *args), lambda d: 0, with_forced=True)


def stock(g: Game, name: str, player: int = 0) -> int:
    return g.state.players[player].stock[name]


def test_outrage_on_a_move_into_sympathy_not_on_a_placement(program):
    """Root's Outrage: placing warriors in a sympathetic clearing is no move; moving them in is."""
    g = game_of(program)
    run_proc(g, "place", "c2", 2)
    assert stock(g, "outrage") == 0 and stock(g, "warriors[c2]") == 2
    run_proc(g, "place", "c1", 3)
    run_proc(g, "march", "c1", "c3", 1)   # no sympathy in c3
    assert stock(g, "outrage") == 0
    run_proc(g, "march", "c1", "c2", 2)
    assert stock(g, "outrage") == 1   # one move, one outrage, however many warriors
    assert (stock(g, "warriors[c1]"), stock(g, "warriors[c2]"), stock(g, "warriors[c3]")) == (0, 4, 1)
    assert stock(g, "outrage", 1) == 0   # `you`: the mover's own trigger
    assert stock(g, "supply_warriors") == 15


def test_a_move_announces_the_lose_and_gain_of_the_elements(program):
    """A plain `gain(warriors)` keeps hearing every rise of an element, a move's too; `lose(warriors[c1])`
    every fall of c1."""
    g = game_of(program)
    run_proc(g, "place", "c1", 3)
    assert (stock(g, "placed_or_moved"), stock(g, "left_c1"), stock(g, "moves")) == (1, 0, 0)
    run_proc(g, "march", "c1", "c3", 2)
    assert (stock(g, "placed_or_moved"), stock(g, "left_c1"), stock(g, "moves")) == (2, 1, 1)
    assert stock(g, "moved_units") == 2


def test_the_source_binds_too(program):
    g = game_of(program)
    run_proc(g, "place", "c3", 2)
    run_proc(g, "march", "c3", "c2", 1)
    assert (stock(g, "last_from[c3]"), stock(g, "last_from[c1]")) == (1, 0)


def test_a_shortfall_moves_what_the_source_holds(program):
    g = game_of(program)
    run_proc(g, "place", "c1", 1)
    run_proc(g, "march", "c1", "c2", 4)
    assert (stock(g, "warriors[c1]"), stock(g, "warriors[c2]"), stock(g, "moved_units")) == (0, 1, 1)
    run_proc(g, "march", "c1", "c2", 4)   # nothing left: no move, no event
    assert (stock(g, "moves"), stock(g, "outrage")) == (1, 1)


def test_the_destination_ceiling_keeps_the_rest_in_the_source(program):
    """c3 holds at most 3 (its own bound): what does not fit stays where it was, nothing is lost."""
    g = game_of(program)
    run_proc(g, "place", "c3", 2)
    run_proc(g, "place", "c1", 5)
    run_proc(g, "march", "c1", "c3", 4)
    assert (stock(g, "warriors[c1]"), stock(g, "warriors[c3]"), stock(g, "moved_units")) == (4, 3, 1)


def test_the_same_element_moves_nothing(program):
    g = game_of(program)
    run_proc(g, "place", "c2", 2)
    run_proc(g, "march", "c2", "c2", 1)
    assert (stock(g, "warriors[c2]"), stock(g, "moves"), stock(g, "outrage")) == (2, 0, 0)


def test_a_negative_amount_stops_play(program):
    g = game_of(program)
    with pytest.raises(BadValue, match="shift needs a number of at least 0"):
        run_proc(g, "march", "c1", "c2", -1)


def test_a_global_counter_shift_is_heard_with_the_mover_as_subject(program):
    g = game_of(program)
    run_proc(g, "seed_cubes")
    run_proc(g, "spread", "c1", "c2", player=1)
    assert (g.state.globals["cubes[c1]"], g.state.globals["cubes[c2]"]) == (1, 1)
    assert (stock(g, "cube_moves"), stock(g, "cube_moves", 1)) == (0, 1)


def test_random_games_agree():
    random_games_agree(PACK, seeds=range(1, 4), counts=(2, 3))


def test_lints_clean():
    assert [d.code for d in analyse_text(PACK).diagnostics] == []


def test_printed_back():
    _module, printed = printed_back(PACK)
    for line in ("shift n warriors[a] to warriors[b];", "whenever you shift(warriors[_from] to warriors[c])",
                 "whenever you shift(warriors)", "shift(cubes[a] to cubes[b])"):
        assert line in printed


def test_explain_reads_them():
    result = analyse_text(PACK)
    assert "Move warriors (a) equal to n to warriors (b) (or as many as there are; what does not fit stays where " \
        "it was)." in explained(result, "march")
    assert "Move 1 from the shared cubes (a) to the shared cubes (b)" in explained(result, "spread")
    text = explained(result, "root_mini")
    assert "Whenever you move warriors into a clearing c, while the sympathy (c) is more than 0:" in text
    assert "Whenever you move warriors from a clearing a into (c2):" in text
    assert "Whenever you move warriors:" in text


def test_trace_names_both_elements(program):
    g = game_of(program)
    run_proc(g, "place", "c1", 3)
    trace = []
    g.tracer = trace.append
    run_proc(g, "march", "c1", "c2", 2)
    assert [e.describe() for e in trace if e.kind == "shift"] == ["P1: shift 2 warriors[c1] to warriors[c2]"]
    assert "on shift of warriors[c1] to warriors[c2]" in {e.what for e in trace if e.kind == "trigger"}
    trace.clear()
    run_proc(g, "march", "c1", "c2", 5)
    assert [e.describe() for e in trace if e.kind == "shift"] == ["P1: shift 1 warriors[c1] to warriors[c2] (5 asked, "
                                                                 "warriors[c1] held 1)"]


E = """
enum clearing { c1, c2 }
enum colour { blue, red }
counter warriors[clearing];
counter bands[clearing];
counter cubes[colour, clearing];
counter vp;
resource wood;
game g { seats 2 to 2; phase play { gain 1 vp; gain 1 warriors[c1]; gain 1 bands[c1]; gain 1 cubes[blue, c1]; gain 1 wood; } winner most vp; }
"""


def test_e435_two_counters():
    the_one_error(analyse_text(E + "proc p() { shift 1 warriors[c1] to bands[c2]; }"), "E435", "'warriors' and 'bands'")
    the_one_error(analyse_text(E + "whenever you shift(warriors[a] to bands[c]) { gain 1 warriors[a]; gain 1 bands[c]; }"),
                  "E435", "never holds")


def test_e436_not_an_indexed_counter():
    the_one_error(analyse_text(E + "proc p() { shift 1 vp[c1] to vp[c2]; }"), "E436", "declared without [...]")
    the_one_error(analyse_text(E + "proc p() { shift 1 wood[c1] to wood[c2]; }"), "E436", "a resource")
    the_one_error(analyse_text(E + "proc p(r: resource) { shift 1 r[c1] to r[c2]; }"), "E436", "the local 'r'")


def test_e312_wrong_number_of_indexes():
    the_one_error(analyse_text(E + "proc p() { shift 1 cubes[c1] to cubes[blue, c2]; }"), "E312", "takes two indexes")
    the_one_error(analyse_text(E + "whenever you shift(cubes[c] to cubes) { gain 1 vp; }"), "E428", "takes 2")


def test_e437_a_name_bound_twice():
    text = E + "whenever you shift(cubes[k, a] to cubes[k, b]) { gain 1 warriors[a]; gain 1 warriors[b]; }"
    the_one_error(analyse_text(text), "E437", "binds 'k' twice")


def test_w430_same_element():
    assert ("W430", 10, 55) in found_at(E + "proc p(a: clearing) { shift 1 warriors[a] to warriors[a]; }")


def test_w445_unread_binder_of_a_shift():
    found = found_at(E + "whenever you shift(warriors[a] to warriors[c]) { gain 1 warriors[c]; }")
    assert [f for f in found if f[0] == "W445"] == [("W445", 10, 20)]


def test_a_global_counter_is_heard_by_shift_and_gain():
    text = E + "counter g_w[clearing] global;\n"
    assert not [d for d in analyse_text(text + "whenever you shift(g_w[a] to g_w[b]) { gain 1 warriors[a]; "
                                               "gain 1 warriors[b]; }").diagnostics if d.severity == "error"]
    assert not [d for d in analyse_text(text + "whenever you gain(g_w[a]) { gain 1 warriors[a]; }").diagnostics
                if d.severity == "error"]   # (E428 until globalevents: a global counter's gain is announced)


def test_shift_is_still_a_name_elsewhere():
    text = E + "counter shift;\nproc p() { gain 1 shift; if shift > 2 { gain 1 vp; } }"
    assert not [d for d in analyse_text(text).diagnostics if d.severity == "error"]


# Modifiers on an element (7.7): a tag naming an element (`for gain(warriors[c])`) carries its name,
# counter and indexes, so a modifier's pattern names one element, any, or binds the index for `while`.
MODS = """
enum clearing { c1, c2, c3 }
counter warriors[clearing] from 0 to 9;
counter sympathy[clearing] global from 0 to 1;
counter vp;
proc laws() {
  modifier you gain(warriors[c]) while sympathy[c] > 0 { gain -1; }
  modifier you gain(res = warriors[c3]) { gain +2; }
}
proc recruit(c: clearing, n: int) { gain n warriors[c] for gain(warriors[c]); }
proc plain(c: clearing, n: int) { gain n warriors[c]; }
game g { seats 2 to 2; phase setup { set sympathy[c2] = 1; each players: laws(); } phase play { each players { recruit(c1, 2); recruit(c2, 2); recruit(c3, 1); plain(c2, 2); } } winner most vp; }
"""

mods = rules_programs(MODS)


def test_modifiers_on_an_element(mods):
    g = game_of(mods)
    run_proc(g, "recruit", "c1", 2)
    run_proc(g, "recruit", "c2", 2)   # sympathy in c2: 1 fewer
    run_proc(g, "recruit", "c3", 1)   # c3 alone: 2 more
    assert (stock(g, "warriors[c1]"), stock(g, "warriors[c2]"), stock(g, "warriors[c3]")) == (2, 1, 3)
    run_proc(g, "plain", "c2", 2)   # an untagged gain is never changed
    assert stock(g, "warriors[c2]") == 3
    assert stock(g, "warriors[c2]", 1) == 0


def test_modifiers_on_an_element_agree():
    random_games_agree(MODS, seeds=range(1, 3), counts=(2,))


def test_modifiers_on_an_element_lint_and_explain():
    result = analyse_text(MODS)
    assert [d.code for d in result.diagnostics] == []
    text = explained(result, "laws")
    assert "on your gain of warriors in a clearing c, while the sympathy (c) is more than 0:" in text
    found = found_at(E + "proc p() { modifier you gain(warriors[c]) { gain +1; } }")
    assert [f for f in found if f[0] == "W445"] == [("W445", 10, 30)]


def test_an_index_left_out():
    the_one_error(analyse_text(E + "proc p() { shift 2 warriors to warriors[c2]; }"), "E312", "say which one")
    the_one_error(analyse_text(E + "proc p() { shift 2 vp to vp; }"), "E436", "declared without [...]")


def test_a_proc_named_shift_is_still_called():
    text = E + "proc shift(n: int) { gain n vp; }\nproc p() { shift(2); shift 1 warriors[c1] to warriors[c2]; }"
    assert not [d for d in analyse_text(text).diagnostics if d.severity == "error"]


def test_a_roles_counter_and_the_tables_trigger():
    """A shift of a role's counter asks for the role (W443) as a gain does; in the table's trigger a
    player's counter is the first player's (W446)."""
    text = """
enum clearing { c1, c2 }
counter vp;
role alliance "Woodland Alliance" { counter officers[clearing]; }
role cats "Marquise" { counter keep; }
counter warriors[clearing];
proc move_officers() { shift 1 officers[c1] to officers[c2]; }
proc ok() { if you is alliance { shift 1 officers[c1] to officers[c2]; } }
kind card { }
zone discard of card;
whenever nobody move(dest = discard) { shift 1 warriors[c1] to warriors[c2]; }
game g { seats 2 to 2 roles alliance, cats; phase play { move_officers(); ok(); } winner most vp; }
"""
    assert [f for f in found_at(text) if f[0] in ("W443", "W446")] == [("W443", 7, 24), ("W446", 11, 40)]
