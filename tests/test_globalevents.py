"""globalevents: a global counter's gain, loss and set are announced (the acting player the subject) to the
patterns that name it, so Terraforming Mars' Arctic Algae is `whenever anyone gain(oceans)`; a card's action
or `anytime` slot used `once per NAME` of a proc or a loop label (`once per turn`, `once per generation`), with
no event to declare and no flag to reset; E595, E596."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text

from .conftest import both_built, drive, new_game, random_games_agree, run_proc, the_one_error

OCEANS = """
resource plant;
counter tr;
counter oceans "Oceans" global from 0 to 9;
enum area { north, south }
counter cubes[area] global from 0 to 3;
counter alarms;
proc rules() {
  whenever anyone gain(oceans) { gain 2 plant; }
  whenever you gain(oceans) { gain 1 tr; }
  whenever you lose(res = oceans) { gain 1 alarms; }
  whenever you gain(cubes[a]) while a == south { gain 5 alarms; }
}
proc place_ocean() { gain 1 oceans; }
proc drain() { lose 1 oceans; }
proc flood() { set oceans = 9; }
proc infect(a: area) { gain 1 cubes[a]; }
game tm { seats 2; phase setup { each players: rules(); } phase play { each players: place_ocean(); } winner most plant; }
"""


def ruled(program):
    """A game whose players have registered the rules' triggers (its setup, without playing it)."""
    game = new_game(program)
    for p in range(2):
        run_proc(game, "rules", player=p)
    return game


def players(game, name: str) -> list:
    return [p.stock.get(name, 0) for p in game.state.players]


@pytest.mark.parametrize("program", both_built(OCEANS), ids=["compiled", "interpreted"])
def test_anyone_hears_a_global_counters_gain_and_you_only_your_own(program):
    game = ruled(program)
    run_proc(game, "place_ocean", player=1)
    assert players(game, "plant") == [2, 2] and players(game, "tr") == [0, 1]


@pytest.mark.parametrize("program", both_built(OCEANS), ids=["compiled", "interpreted"])
def test_a_set_announces_what_it_moved_and_a_bound_cuts_it(program):
    game = ruled(program)
    run_proc(game, "flood", player=0)   # 0 -> 9: one gain of 9
    assert players(game, "plant") == [2, 2] and players(game, "tr") == [1, 0]
    run_proc(game, "place_ocean", player=1)   # at 9 already: nothing moves, nothing is announced
    assert players(game, "plant") == [2, 2] and players(game, "tr") == [1, 0]
    run_proc(game, "drain", player=1)
    assert players(game, "alarms") == [0, 1] and game.state.globals["oceans"] == 8


@pytest.mark.parametrize("program", both_built(OCEANS), ids=["compiled", "interpreted"])
def test_a_global_counters_element_binds_its_index(program):
    game = ruled(program)
    run_proc(game, "infect", "north", player=0)
    run_proc(game, "infect", "south", player=1)
    assert players(game, "alarms") == [0, 5]


def test_a_global_counter_no_pattern_names_announces_nothing():
    text = OCEANS.replace("  whenever anyone gain(oceans) { gain 2 plant; }\n  whenever you gain(oceans) { gain 1 tr; }\n"
                          "  whenever you lose(res = oceans) { gain 1 alarms; }\n", "")
    for program in both_built(text):
        assert program.heard_globals == {"cubes[north]", "cubes[south]"}
    assert both_built(OCEANS)[0].heard_globals >= {"oceans"}


def test_global_gains_lint_clean_and_games_agree():
    assert [d.code for d in analyse_text(OCEANS).diagnostics if d.severity == "error"] == []
    random_games_agree(OCEANS, seeds=range(1, 3), counts=(2,))


# ---- once per NAME: a proc's call or a loop's round ----
WINGSPAN = """
# Wingspan: a brown power is used once each time its row is activated; here a bird's "once per round"
# action beside the turn's own, and a card played at a window once per turn.
resource food;
counter vp;
kind bird { }
zone tableau per_player of bird;
bird crow "American Crow" {
  option in act in tableau "crow: trade for 1 VP" once per round { gain 1 vp; }
}
bird jay "Blue Jay" {
  anytime in tableau once per turn { gain 1 food; }
}
proc turn() {
  window;
  window;
  choose "act" as act open { option "take food" { gain 1 food; } }
}
proc rounds() { repeat 2 as round { turn(); turn(); } }
proc take_birds() { move crow to tableau; move jay to tableau; }
game wingspan {
  seats 2;
  phase setup { take_birds(); }
  phase play { each players: rounds(); }
  winner most vp;
}
"""


def played_rounds(program, answers: list) -> tuple:
    game = new_game(program)
    run_proc(game, "take_birds")
    asked = run_proc(game, "rounds", answers=answers)
    me = game.state.players[0]
    return [d.prompt for d in asked], me.stock["vp"], me.stock["food"]


@pytest.mark.parametrize("program", both_built(WINGSPAN), ids=["compiled", "interpreted"])
def test_an_option_once_per_round_and_a_card_once_per_turn(program):
    play, crow, food = "play a card now?", "crow: trade for 1 VP", "take food"
    # each turn: the Blue Jay at the first window only (once per call of turn), the crow once a round
    answers = [0, crow, 0, 0, crow, 0]
    asked, vp, got = played_rounds(program, answers)
    assert asked == [play, "act", play, play, "act", play] and vp == 2 and got == 6   # 4 Blue Jays, 2 foods taken
    # the crow left unused in a round is offered again in that round's second turn, and only then
    asked, vp, _ = played_rounds(program, [0, food, 0, crow, 0, crow, 0])
    assert asked == [play, "act", play, "act", play, "act", play] and vp == 2


def test_once_per_name_games_agree_and_lint_clean():
    assert [d.code for d in analyse_text(WINGSPAN).diagnostics if d.severity != "info"] == []
    random_games_agree(WINGSPAN, seeds=range(1, 3), counts=(2,))


@pytest.mark.parametrize("written, code, words", [
    ("option in act in tableau \"c\" once per you round { gain 1 vp; }", "E595", "no player's event"),
    ("anytime in tableau once per turn(n = 1) { gain 1 food; }", "E595", "no arguments"),
])
def test_e595_a_subject_or_an_argument_on_the_end_of_a_call(written, code, words):
    text = WINGSPAN.replace('option in act in tableau "crow: trade for 1 VP" once per round { gain 1 vp; }', written)
    the_one_error(analyse_text(text), code, words)


def test_e596_a_name_both_a_proc_and_a_loop_label():
    text = WINGSPAN.replace("{ turn(); turn(); }", "{ repeat 1 as turn { turn(); } turn(); }")
    the_one_error(analyse_text(text), "E596", "both a proc and a loop label")
