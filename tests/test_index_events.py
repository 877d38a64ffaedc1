"""Events of an indexed counter's element and events nobody owns (7.2), on both backends: a filter on
the whole counter (`gain(warriors)`, `res = warriors`) hears every element, one on an element
(`res = warriors[b]`, `gain(warriors[b])`) that element, and `gain(warriors[c])` binds the index for
the `while` and the body (a grid's several, a kind's card); `whenever nobody move(dest = discard)`
fires once for a move into a shared zone. The misuse findings (E428, E429, W445, W425's hint), the
printer, explain and the trace. The cases are Root's Outrage and dominance cards, Pandemic's
outbreaks and a card game's discard."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game

from .conftest import explained, found_at, printed_back, random_games_agree, rules_programs, run_answering, the_one_error

PACK = """
enum clearing { c1, c2, c3 }
enum colour { blue, red }
kind card { }
card dominance "Dominance" * 2 { }
card fox "Fox" { }
counter warriors[clearing] from 0 to 9;
counter sympathy[clearing] global from 0 to 1;
counter outrage;
counter any_gain;
counter at_c2;
counter fixed_c2;
counter lost_c3;
counter swept global;
counter cubes[colour, clearing] from 0 to 4;
counter outbreaks;
counter used[card] from 0 to 3;
counter foxes;
zone deck of card;
zone discard of card;
zone near_map of card;
zone hand per_player of card;
whenever you gain(warriors) { gain 1 any_gain; }
whenever you gain(res = warriors[c2]) { gain 1 at_c2; }
whenever you gain(warriors[c2]) { gain 1 fixed_c2; }
whenever anyone gain(warriors[c]) while sympathy[c] > 0 { each it.subject: gain 1 outrage; }
whenever you lose(warriors[c3]) { gain 1 lost_c3; }
whenever you gain(cubes[k, c]) while cubes[k, c] == 4 { gain 1 outbreaks; say "outbreak of {k} in {c}"; }
whenever you gain(used[x]) while x == fox { gain 1 foxes; }
whenever nobody move(dest = discard) while it.item is dominance { gain 1 swept; move it.item to near_map; }
proc march(c: clearing, n: int) { gain n warriors[c]; }
proc retreat(c: clearing) { lose 1 warriors[c]; }
proc infect(k: colour, c: clearing, n: int) { gain n cubes[k, c]; }
proc deal() { fill deck with card; }
proc discard_all() { move all of deck to discard; }
proc to_hand() { move first(deck) to hand; }
proc use(x: card) { gain 1 used[declaration(x)]; }
game g {
  seats 2 to 4;
  phase setup { set sympathy[c2] = 1; }
  phase play { each players { march(c1, 1); march(c2, 2); retreat(c2); } }
  winner most outrage;
}
"""

program = rules_programs(PACK)


def game_of(program) -> Game:
    g = Game(program(), 2, 1)
    # the top-level triggers are registered in the setup
    run_answering(g.program.game.setup(g, g.state.players[0]), lambda d: 0, with_forced=True)
    return g


def run_proc(g: Game, name: str, *args, player: int = 0):
    """Run a proc, answering the first option at each decision (which of simultaneous triggers first)."""
    run_answering(g.program.procs[name](g, g.state.players[player], *args), lambda d: 0, with_forced=True)


def stock(g: Game, name: str, player: int = 0) -> int:
    return g.state.players[player].stock[name]


def test_whole_counter_and_element_filters(program):
    g = game_of(program)
    run_proc(g, "march", "c1", 2)
    assert (stock(g, "any_gain"), stock(g, "at_c2"), stock(g, "fixed_c2")) == (1, 0, 0)
    run_proc(g, "march", "c2", 1)
    assert (stock(g, "any_gain"), stock(g, "at_c2"), stock(g, "fixed_c2")) == (2, 1, 1)
    assert stock(g, "any_gain", 1) == 0   # `you`: the player who gained


def test_bound_index_read_by_while_and_body(program):
    """Outrage: warriors moved into a sympathetic clearing, one trigger whoever moves them and however."""
    g = game_of(program)
    run_proc(g, "march", "c1", 1)
    assert stock(g, "outrage") == 0
    run_proc(g, "march", "c2", 1, player=1)
    # every player has the `anyone` trigger: each firing gives the mover 1 (W425 says so, 2 players)
    assert (stock(g, "outrage"), stock(g, "outrage", 1)) == (0, 2)


def test_lose_of_an_element(program):
    g = game_of(program)
    run_proc(g, "march", "c3", 2)
    run_proc(g, "retreat", "c3")
    run_proc(g, "march", "c2", 1)
    run_proc(g, "retreat", "c2")
    assert stock(g, "lost_c3") == 1


def test_grid_binds_both_indexes(program):
    """Pandemic: a city's 4th cube of a colour is an outbreak, named with its colour and city."""
    g = game_of(program)
    run_proc(g, "infect", "blue", "c1", 3)
    assert stock(g, "outbreaks") == 0
    run_proc(g, "infect", "red", "c1", 3)
    run_proc(g, "infect", "blue", "c1", 1)
    assert stock(g, "outbreaks") == 1
    assert g.messages[-1].endswith("outbreak of blue in c1")


def test_kind_index_binds_the_card(program):
    g = game_of(program)
    run_proc(g, "use", g.program.entities["dominance"])
    assert stock(g, "foxes") == 0
    run_proc(g, "use", g.program.entities["fox"])
    assert stock(g, "foxes") == 1


def test_nobody_fires_once_for_a_shared_zone(program):
    g = game_of(program)
    run_proc(g, "deal")
    run_proc(g, "discard_all")
    assert g.state.globals["swept"] == 2   # the two dominance cards, once each (not once per player)
    assert [e.name for e in g.state.zones["near_map"]] == ["dominance", "dominance#2"]
    assert [e.name for e in g.state.zones["discard"]] == ["fox"]


def test_nobody_does_not_hear_a_players_zone(program):
    g = game_of(program)
    run_proc(g, "deal")
    run_proc(g, "to_hand")
    assert g.state.globals["swept"] == 0


def test_random_games_agree():
    random_games_agree(PACK, seeds=range(1, 4), counts=(2, 3))


def test_lints_clean_but_w425():
    assert [d.code for d in analyse_text(PACK).diagnostics] == ["W425"]


def test_printed_back():
    _module, printed = printed_back(PACK)
    for line in ("gain(warriors)", "gain(res = warriors[c2])", "gain(warriors[c])", "gain(cubes[k, c])",
                 "whenever nobody move(dest = discard)"):
        assert line in printed


def test_explain_reads_them():
    text = explained(analyse_text(PACK), "g")
    assert "Whenever any player gains warriors in a clearing c, while the sympathy (c) is more than 0:" in text
    assert "Whenever you gain cubes in a colour k in a clearing c" in text
    assert "For the table (once, not for each player):\n      Whenever a card is moved into the discard, by no player" in text


E = """
enum clearing { c1, c2 }
counter warriors[clearing];
counter shared_w[clearing] global;
counter vp;
kind card { }
card a { }
zone discard of card;
zone hand per_player of card;
game g { seats 2 to 2; phase play { gain 1 vp; gain 1 warriors[c1]; move a to discard; move a to hand; } winner most vp; }
"""


def test_a_global_counters_element_is_heard():   # (E428 until globalevents)
    assert not [d for d in analyse_text(E + "whenever you gain(shared_w[c]) { gain 1 vp; }").diagnostics
                if d.severity == "error"]


def test_e428_wrong_number_of_indexes():
    the_one_error(analyse_text(E + "whenever you gain(warriors[c, d]) { gain 1 vp; }"), "E428", "takes 1 index")


def test_e428_not_indexed():
    the_one_error(analyse_text(E + "whenever you gain(vp[c]) { gain 1 vp; }"), "E428", "no element")


def test_e428_event_without_counter():
    result = analyse_text(E + "whenever you move(warriors[c]) { gain 1 vp; }")
    the_one_error(result, "E428", "announces none")


def test_e429_you_on_a_shared_zone():
    """The audit's D3: W425's hint gave this trigger, which never fires."""
    result = analyse_text(E + "whenever you move(dest = discard) { gain 1 vp; }")
    the_one_error(result, "E429", "shared zone 'discard'")
    assert "whenever nobody move(dest = discard)" in [d for d in result.diagnostics if d.code == "E429"][0].hint


def test_e429_nobody_on_an_event_with_a_subject():
    the_one_error(analyse_text(E + "whenever nobody gain(res = vp) { gain 1 vp; }"), "E429", "every 'gain' has one")
    the_one_error(analyse_text(E + "whenever nobody move(dest = hand) { gain 1 vp; }"), "E429", "'hand'")


def test_w425_hint_for_a_shared_zone_says_nobody():
    result = analyse_text(E + "whenever anyone move(dest = discard) { gain 1 vp; }")
    w425 = [d for d in result.diagnostics if d.code == "W425"]
    assert len(w425) == 1 and "whenever nobody move" in w425[0].hint


def test_w445_unread_binder():
    assert ("W445", 11, 19) in found_at(E + "whenever you gain(warriors[c]) { gain 1 vp; }")
    assert not [f for f in found_at(E + "whenever you gain(warriors[_c]) { gain 1 vp; }") if f[0] == "W445"]


def test_binder_shadowing_a_local_warns():
    text = E + "proc p(c: clearing) { whenever you gain(warriors[c]) { gain 1 warriors[c]; } }"
    assert "W423" in [d.code for d in analyse_text(text).diagnostics]


def test_trace_names_the_element(program):
    g = game_of(program)
    trace = []
    g.tracer = trace.append
    run_proc(g, "march", "c2", 1)
    assert {e.what for e in trace if e.kind == "trigger"} == {"on gain of warriors[c2]"}


def test_w446_tables_trigger_names_a_players_value():
    found = found_at(E + "whenever nobody move(dest = discard) { move it.item to hand; }")
    assert [f for f in found if f[0] == "W446"] == [("W446", 11, 56)]
    assert [f[0] for f in found_at(E + "whenever nobody move(dest = discard) { gain 1 vp; }")].count("W446") == 1
    assert not [f for f in found_at(E + "whenever nobody move(dest = discard) { each players: move it.item to hand; }")
                if f[0] == "W446"]
