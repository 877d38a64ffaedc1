"""The Pandemic designer audit's W3, W6, W5 (branch pandfix):

* a choose option whose body starts with a pick that must pick is offered only when that pick has a
  candidate (4.6), by the very test `can PROC(args)` makes of a proc starting with that pick (4.6a);

Both backends, explain, fmt."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.engine import Game
from rulebook.runtime.record import GameLog, record, replay

from .conftest import explained, found_at, printed_back, played, random_games_agree, run_answering, run_proc

backends = pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])

# Pandemic in small: Share Knowledge gives the card of the city both players are in, Treat removes a
# cube of a colour present; neither repeats its pick's condition as a `when`.
PANDEMIC = """
enum city { atlanta "Atlanta", paris "Paris" }
enum disease { blue "Blue", red "Red" }
kind city_card { city: city; }
city_card atlanta_card "Atlanta" { city = atlanta; }
city_card paris_card "Paris" { city = paris; }
zone deck of city_card;
zone hand "Hand" per_player of city_card;
var at "Location": city = atlanta;
counter cubes[city, disease] "Disease cubes" global from 0 to 3;
counter passes;
proc deal(p: player, x: city_card) { move x to p.hand; }
proc fly(c: city) { set at = c; }
proc infect_atlanta() { gain 1 cubes[atlanta, red]; }
proc one_action() {
  choose "action" {
    option "share knowledge: give" {
      pick x from hand where x.city == at "give which card?" {
        pick q from players where q != you and q.at == at "to whom?" { move x to q.hand; }
      }
    }
    option "treat disease" {
      pick k from disease where cubes[at, k] > 0 "treat which disease?" { lose 1 cubes[at, k]; }
    }
    option "pass" { gain 1 passes; }
  }
}
proc act() {
  if can share() { share(); } else { gain 1 passes; }
}
proc share() {
  choose "share" {
    option "give" { pick x from hand where x.city == at { move x to deck; } }
  }
}
"""


def pandemic(interpreted: bool) -> Game:
    g = Game(build_text(PANDEMIC, interpreted=interpreted, name="p.rules"), 2, 1)
    return g


def offered(g: Game, proc: str = "one_action", player: int = 0) -> list:
    """The options of the first decision `proc` asks `player` (None when it asks none)."""
    gen = g.program.procs[proc](g, g.state.players[player])
    try:
        d = gen.send(None)
    except StopIteration:
        return None
    return [str(o) for o in d.options]


@backends
def test_an_option_opening_with_a_pick_is_offered_only_when_the_pick_has_a_candidate(interpreted):
    g = pandemic(interpreted)
    assert offered(g) == ["pass"]   # nothing in hand, no cube
    run_proc(g, "infect_atlanta")
    assert offered(g) == ["treat disease", "pass"]
    run_proc(g, "deal", g.state.players[0], g.program.entities["paris_card"])
    assert offered(g) == ["treat disease", "pass"]   # the card of another city: nothing to give
    run_proc(g, "deal", g.state.players[0], g.program.entities["atlanta_card"])
    assert offered(g) == ["share knowledge: give", "treat disease", "pass"]


@backends
def test_can_of_a_choose_whose_option_opens_with_a_pick_tests_that_pick(interpreted):
    g = pandemic(interpreted)
    run_proc(g, "act")
    assert g.state.players[0].stock["passes"] == 1   # no card of Atlanta: `can share()` is false
    run_proc(g, "deal", g.state.players[0], g.program.entities["atlanta_card"])
    run_proc(g, "act")
    assert g.state.players[0].stock["passes"] == 1 and g.state.zones["deck"][0].name == "atlanta_card"


def test_an_option_opening_with_a_pick_is_no_longer_always_offered_w455():
    assert not any(code == "W455" for code, _l, _c in found_at(PANDEMIC))
    # an optional pick, or one with an `else`, leaves the option offered: `can` always holds
    for pick in ('pick x from hand optional { move x to deck; }',
                 'pick x from hand { move x to deck; } else { gain 1 passes; }'):
        text = PANDEMIC.replace('pick x from hand where x.city == at { move x to deck; }', pick)
        assert ("W455" in [code for code, _l, _c in found_at(text)]), pick


def test_explain_reads_the_pick_gate():
    text = explained(analyse_text(PANDEMIC), "one_action")
    assert "2. Treat disease (only when there is some k to pick among the diseases for which the disease " \
           "cubes (your location, k) is more than 0):" in text
    assert "3. Pass:" in text


GAME = """
game pandemic {
  seats 2 to 4;
  phase setup { fill deck with city_card; shuffle deck; each players { draw 1 from deck to hand; } }
  phase play { repeat 3 { each players { one_action(); infect_atlanta(); } } }
  winner most passes;
}
"""


def test_random_games_agree_on_both_backends():
    random_games_agree(PANDEMIC + GAME)


# Pandemic: the Operations Expert may, once per turn, move from a research station to any city by
# discarding any city card; the option is the role's, in the action menu.
OPS = """
enum city { atlanta "Atlanta", paris "Paris", lima "Lima" }
kind city_card { city: city; }
city_card atlanta_card "Atlanta" { city = atlanta; }
city_card paris_card "Paris" { city = paris; }
zone deck of city_card;
zone discard of city_card;
zone hand "Hand" per_player of city_card;
var at "Location": city = atlanta;
var station[city] "Research station" global: bool = false;
counter drives;
event turn_start();
proc build() { set station[atlanta] = true; }
proc deal() { fill deck with city_card; each players { draw 2 from deck to hand; } }
proc new_turn() { emit turn_start(); }
proc one_action() {
  choose "action" as action_menu open {
    option "drive" { gain 1 drives; }
  }
}
role ops "Operations Expert" {
  option in action_menu "move from a research station" once per you turn_start when station[at] {
    pick x from hand "discard which card?" {
      move x to discard;
      pick c from city where c != at "to?" { set at = c; }
    }
  }
}
role medic "Medic" { }
game pandemic {
  seats 2 to 2 roles ops, medic;
  phase setup { deal(); build(); }
  phase play { repeat 4 { each players { new_turn(); one_action(); one_action(); } } }
  winner most drives;
}
"""


def ops(interpreted: bool) -> Game:
    g = Game(build_text(OPS, interpreted=interpreted, name="ops.rules"), 2, 1)
    run_proc(g, "deal")
    run_proc(g, "build")
    return g


def take(g: Game, label: str, player: int = 0) -> None:
    """Run one action for `player`, taking the option `label` (and the first candidate of each pick)."""
    gen = g.program.procs["one_action"](g, g.state.players[player])
    d = gen.send(None)
    try:
        d = gen.send(d.index_of(label))
        while True:
            d = gen.send(0)
    except StopIteration:
        pass


@backends
def test_an_option_once_per_turn_is_taken_once_until_the_next_turn(interpreted):
    g = ops(interpreted)
    assert offered(g) == ["drive", "move from a research station"]
    assert offered(g, player=1) == ["drive"]   # the Medic has no such option
    take(g, "move from a research station")
    assert g.state.players[0].vars["at"] != "atlanta" and len(g.state.zones["discard"]) == 1
    run_proc(g, "build")
    g.state.players[0].vars["at"] = g.state.players[0].vars["at"].__class__("atlanta") \
        if not isinstance(g.state.players[0].vars["at"], str) else "atlanta"
    assert offered(g) == ["drive"]   # taken this turn
    run_proc(g, "new_turn", player=1)
    assert offered(g) == ["drive"]   # another player's turn: still resting (`once per you turn_start`)
    run_proc(g, "new_turn")
    assert offered(g) == ["drive", "move from a research station"]


def test_an_option_once_per_turn_plays_alike_on_both_backends_and_is_read_back():
    random_games_agree(OPS, counts=(2,))
    module, printed = printed_back(OPS)
    assert 'option in action_menu "move from a research station" once per you turn_start when station[at] {' \
        in printed
    text = explained(analyse_text(OPS), "one_action")
    assert "(at most once until you turn start, then again)" in text, text


def test_an_option_once_per_an_event_nothing_announces_w422_and_a_filtered_period_e409():
    text = OPS.replace("proc new_turn() { emit turn_start(); }", "proc new_turn() { }")
    assert [c for c, _l, _c in found_at(text) if c.startswith(("E", "W4"))] == ["W422"]
    text = OPS.replace("once per you turn_start", "once per turn_start(c = 1)")
    assert "E409" in [c for c, _l, _c in found_at(text)]
    assert "E100" in [c for c, _l, _c in found_at(OPS.replace("once per you turn_start", "once per"))]


def test_a_saved_game_keeps_a_taken_period_and_replays(tmp_path):
    from rulebook.runtime.record import load_state, save_state

    g = ops(False)
    take(g, "move from a research station")
    save_state(g.state, tmp_path / "state.json")
    loaded = load_state(tmp_path / "state.json", g.program)
    assert loaded.to_json() == g.state.to_json()
    assert [t.resting for t in loaded.triggers if t.owner.index == 0] == [True]
    g = played(build_text(OPS, name="ops.rules"), 3, 2)
    again = GameLog.model_validate_json(record(g).model_dump_json())
    assert replay(g.program, again).state.digest() == g.state.digest()


def test_a_pack_without_option_periods_registers_nothing():
    g = Game(build_text(OPS.replace(" once per you turn_start", ""), name="t.rules"), 2, 1)
    assert g.state.triggers == []


# Pandemic: a player holding more than 7 cards discards down to 7, whenever cards came in (a draw, a
# card given in Share Knowledge); the limit is the zone's, so no rule that fills a hand restates it.
HAND_LIMIT = """
kind city_card { }
city_card card "City" * 20 { }
zone deck of city_card;
zone player_discard of city_card;
zone hand "Hand" per_player of city_card cap 7 over discard_down;
counter limit "Hand limit" from 0 to 9 start 3;
zone tableau per_player of city_card cap limit over discard_down;
counter discards;
proc discard_down(n: int) {
  repeat n {
    pick x from hand "discard which card? ({n} over)" { move x to player_discard; gain 1 discards; }
  }
}
proc deal() { fill deck with city_card; }
proc draw_two() { draw 2 from deck to hand; }
proc draw_six() { draw 6 from deck to hand; }
proc give_first(q: player) { pick x from hand { move x to q.hand; } }
proc play_three() { repeat 3 { pick x from hand { move x to tableau; } } draw 3 from deck to tableau; }
game g {
  seats 2 to 3;
  phase setup { deal(); }
  phase play { repeat 3 { each players { draw_two(); give_first(left(you)); } } }
  winner most discards;
}
"""


def firsts(g: Game, proc: str, *args, player: int = 0) -> list:
    """Run `proc` for `player`, answering each decision with its first option; the prompts asked."""
    return [d.prompt for d in run_answering(g.program.procs[proc](g, g.state.players[player], *args), lambda d: 0)]


def hand_limit(interpreted: bool) -> Game:
    g = Game(build_text(HAND_LIMIT, interpreted=interpreted, name="h.rules"), 2, 1)
    run_proc(g, "deal")
    return g


@backends
def test_a_zone_cap_over_a_proc_runs_it_once_the_filling_statement_ends(interpreted):
    g = hand_limit(interpreted)
    p1, p2 = g.state.players
    run_proc(g, "draw_six")
    assert len(p1.zones["hand"]) == 6 and p1.stock["discards"] == 0
    assert firsts(g, "draw_two") == ["discard which card? (1 over)"]   # 8 cards: one over, discarded at once
    assert len(p1.zones["hand"]) == 7 and p1.stock["discards"] == 1 and len(g.state.zones["player_discard"]) == 1
    run_proc(g, "draw_six", player=1)
    firsts(g, "draw_two", player=1)   # P2 too
    assert len(p2.zones["hand"]) == 7 and p2.stock["discards"] == 1
    firsts(g, "give_first", p2)   # P1 gives P2 a card: P2, not P1, discards down
    assert len(p1.zones["hand"]) == 6 and len(p2.zones["hand"]) == 7
    assert p1.stock["discards"] == 1 and p2.stock["discards"] == 2


@backends
def test_a_zone_cap_may_be_a_counter(interpreted):
    g = hand_limit(interpreted)
    p1 = g.state.players[0]
    run_proc(g, "draw_six")
    firsts(g, "play_three")   # 3 in the tableau, then 3 more: 3 over the cap of 3, discarded from the hand
    assert len(p1.zones["tableau"]) == 6 and p1.stock["discards"] == 3 and len(p1.zones["hand"]) == 0


def test_a_zone_cap_plays_alike_on_both_backends_and_reads_back():
    random_games_agree(HAND_LIMIT, counts=(2, 3))
    _module, printed = printed_back(HAND_LIMIT)
    assert 'zone hand "Hand" per_player of city_card cap 7 over discard_down;' in printed
    assert "zone tableau per_player of city_card cap limit over discard_down;" in printed


def test_a_zone_cap_findings():
    assert found_at(HAND_LIMIT) == []
    shared = HAND_LIMIT.replace("zone deck of city_card;", "zone deck of city_card cap 5 over discard_down;")
    assert ("E457", 4, 28) in found_at(shared)
    wrong = HAND_LIMIT.replace("proc discard_down(n: int)", "proc discard_down()")
    assert "E303" in [c for c, _l, _c in found_at(wrong)]
    unknown = HAND_LIMIT.replace("cap 7 over discard_down", "cap 7 over discard_dwn")
    assert "E207" in [c for c, _l, _c in found_at(unknown)]
    assert "E100" in [c for c, _l, _c in found_at(HAND_LIMIT.replace("cap 7 over", "cap 7 into"))]


def test_explain_reads_a_zone_cap():
    result = analyse_text(HAND_LIMIT)
    assert "It holds at most 7 cards: once a rule that puts cards into it is done, a player holding more runs " \
           "“discard down” with the number of cards over." in explained(result, "hand")
    assert "It holds at most as many cards as your hand limit:" in explained(result, "tableau")


def test_the_trace_says_a_hand_went_over():
    from rulebook.runtime.agents import make_agents

    text = HAND_LIMIT.replace("each players { draw_two(); give_first", "each players { draw_six(); give_first")
    g = Game(build_text(text, name="h.rules"), 2, 1, make_agents("random", 2, 1))
    lines = []
    g.tracer = lambda effect: lines.append(effect)
    g.play()
    assert any(e.kind == "over" and e.what == "hand: 5 over the cap of 7, to discard_down()" for e in lines)


def test_a_zone_cap_proc_that_fills_the_zone_again_w500():
    text = HAND_LIMIT.replace("move x to player_discard; gain 1 discards;", "move x to top of hand;")
    assert [c for c, _l, _c in found_at(text) if c.startswith("W5")] == ["W500"]
    assert not [c for c, _l, _c in found_at(HAND_LIMIT) if c.startswith("W5")]
