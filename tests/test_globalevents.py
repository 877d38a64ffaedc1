"""globalevents: a global counter's gain, loss and set are announced (the acting player the subject) to the
patterns that name it, so Terraforming Mars' Arctic Algae is `whenever anyone gain(oceans)`; a card's action
or `anytime` slot used `once per NAME` of a proc or a loop label (`once per turn`, `once per generation`), with
no event to declare and no flag to reset; E595, E596."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text

from .conftest import both_built, new_game, random_games_agree, run_proc, the_one_error

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
  phase setup { each you: take_birds(); }
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


# ---- screens show a field modifiers adjust as the viewer would read it (7.7f) ----
WORLDS = """
counter vp;
counter seen;
event world_cost(w: world);
event price(t: gadget);
kind world { cost: int = 1 for world_cost; military: bool = false; }
kind gadget { cost: int = 2; }
world replicant_robots "Replicant Robots" { cost = 4; }
world alien_colony "Alien Colony" { cost = 5; }
gadget lens "Lens" { }
zone offered of world;
zone gadgets of gadget;
proc deal() { fill offered with world; }
proc discount() { modifier you world_cost once { value -2; } }
proc read_cost(w: world) { set seen = w.cost; }
"""


def test_a_screen_shows_the_adjusted_cost_without_using_a_once_modifier():
    from rulebook.runtime.view import build_view, changed_text

    for program in both_built(WORLDS):
        game = new_game(program)
        run_proc(game, "deal")
        run_proc(game, "discount", player=0)
        colony = program.entities["alien_colony"]
        for _ in range(2):   # built twice: the `once` modifier is still there after the first
            view = build_view(game, 0)
            item = next(i for i in view["zones"]["offered"]["items"] if i["name"] == "alien_colony")
            assert item["adjusted"] == {"cost": 3} and item["fields"]["cost"] == 5
            assert changed_text(item, view) == " (cost 3 now, 5 printed)"
        other = next(i for i in build_view(game, 1)["zones"]["offered"]["items"] if i["name"] == "alien_colony")
        assert "adjusted" not in other   # the discount is P1's: P2 sees the printed cost
        assert game.valued(game.state.players[0], 5, ("world_cost", {"w": colony})) == 3   # the rule's read uses it
        assert "adjusted" not in next(i for i in build_view(game, 0)["zones"]["offered"]["items"]
                                      if i["name"] == "alien_colony")


def test_w586_a_read_through_a_card_of_unknown_kind_tagged_differently():
    text = WORLDS + "proc summed(z: zone) { set seen = total(x in z, x.cost); }\n"
    found = [d for d in analyse_text(text).diagnostics if d.code == "W586"]
    assert len(found) == 1 and "'for world_cost', no event" in found[0].message and "gadget" not in found[0].hint
    two = text.replace("kind gadget { cost: int = 2; }", "kind gadget { cost: int = 2 for price; }")
    (found,) = [d for d in analyse_text(two).diagnostics if d.code == "W586"]
    assert "('for price', 'for world_cost')" in found.message and found.span.line == text.count("\n")


def test_a_misspelt_period_names_the_procs_and_labels_too():
    text = WINGSPAN.replace("once per round {", "once per rund {")
    the_one_error(analyse_text(text), "E206", "event, proc or loop label 'rund'")
    assert "did you mean 'round'" in [d for d in analyse_text(text).diagnostics if d.code == "E206"][0].hint


def test_explain_reads_the_period_as_the_end_of_the_round_or_the_call():
    from .conftest import explained

    result = analyse_text(WINGSPAN)
    assert "at most once until the end of this round, then again" in explained(result, "crow")
    assert "at most once until the end of “turn” (then again)" in explained(result, "jay")
    assert "Whenever any player gains oceans" in explained(analyse_text(OCEANS), "rules")
