"""Named phases of a game (`phase NAME after|before OTHER { ... }`): Twilight Struggle's Early, Mid and Late
War run in order after play, each once; a house rule puts a phase between two, changes one (`base();`) or
adds steps around one without restating the game; `end game after PHASE;` ends the game once that phase is
over; fmt, explain and the diagnostics (E622, E623); Brass converted to its canal and rail eras plays the
same seeded games, and a house rule restocks its markets at half time."""

from __future__ import annotations

import random
from pathlib import Path

from rulebook.compiler.driver import analyse, analyse_text, build_text, compile_pack, interpret_pack
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game

from .conftest import explained, parse_error, played_on_both_backends, printed_back, rules_programs

# Twilight Struggle, in small: the Early War is turns 1 to 3, the Mid War turns 4 to 7, the Late War turns 8
# to 10; the Mid War and Late War cards are shuffled into the draw deck as each begins. `seen` writes the
# phases down as they run, a digit each (9: the final phase).
TWILIGHT = """
counter vp;
counter turn_no "Turn" global;
counter deck "Cards in the draw deck" global;
counter seen "The phases run, a digit each" global;
proc turn() {
  set turn_no = turn_no + 1;
  each players: gain 1 vp;
}
game twilight_struggle "Twilight Struggle" {
  seats 2;
  phase setup { set deck = 35; }
  phase early_war after play { set seen = seen * 10 + 1; repeat 3 { turn(); } }
  phase late_war after early_war { set seen = seen * 10 + 3; set deck = deck + 22; repeat 3 { turn(); } }
  phase mid_war before late_war { set seen = seen * 10 + 2; set deck = deck + 46; repeat 4 { turn(); } }
  phase final { set seen = seen * 10 + 9; }
  winner most vp;
}
"""

program = rules_programs(TWILIGHT)


def ended(program, more: str = "") -> dict:
    """The globals after a whole game of the rules with `more` after them (2 players, seed 1)."""
    game = Game(program(more), 2, 1)
    game.play()
    return game.state.globals


def test_the_named_phases_run_once_each_in_the_order_their_places_give(program):
    g = ended(program)
    # mid_war is written last but put before late_war; the final phase runs after them
    assert (g["seen"], g["turn_no"], g["deck"]) == (1239, 10, 103)


def test_a_house_rule_puts_a_phase_between_two_without_restating_the_game(program):
    # the Space Race bonus round, between the Mid War and the Late War; and another before the first
    g = ended(program, "amend twilight_struggle {\n  phase space_race after mid_war { set seen = seen * 10 + 5; }\n"
                       "  phase headline before early_war { set seen = seen * 10 + 7; }\n}\n")
    assert (g["seen"], g["turn_no"]) == (712539, 10)


def test_an_amend_changes_a_named_phase_in_place_and_base_runs_its_steps(program):
    g = ended(program, "amend twilight_struggle {\n  phase mid_war { base(); turn(); }\n}\n")
    assert (g["seen"], g["turn_no"], g["deck"]) == (1239, 11, 103)
    g = ended(program, "amend twilight_struggle {\n  phase late_war { set seen = seen * 10 + 4; }\n}\n")
    assert (g["seen"], g["turn_no"], g["deck"]) == (1249, 7, 81)


def test_before_and_after_add_steps_to_a_named_phase(program):
    g = ended(program, "before mid_war { set seen = seen * 10 + 6; }\nafter mid_war { set seen = seen * 10 + 8; }\n")
    assert g["seen"] == 162839


def test_end_game_after_a_phase_finishes_it_and_its_after_steps_then_the_final_phase_runs(program):
    # a sudden end in the Mid War: the phase is played out (its turns, its 'after' steps), the Late War is not
    more = "after turn {\n  if turn_no == 5 { end game after mid_war; }\n}\nafter mid_war { set seen = seen * 10 + 8; }\n"
    g = ended(program, more)
    assert (g["seen"], g["turn_no"], g["deck"]) == (1289, 7, 81)


def test_random_games_agree_on_both_backends_with_phases_put_in():
    text = TWILIGHT + "amend twilight_struggle {\n  phase space_race after mid_war { each players: gain 2 vp; }\n}\n"
    compiled, interpreted = (build_text(text, interpreted=i) for i in (False, True))
    for seed in (1, 2):
        a, b = (Game(p, 2, seed, make_agents("random", 2, seed)) for p in (compiled, interpreted))
        assert a.play()["scores"] == b.play()["scores"] and a.log == b.log and a.state.digest() == b.state.digest()
        assert a.state.players[0].stock["vp"] == 12


def test_fmt_prints_named_phases_and_placed_amends_back():
    _, printed = printed_back(TWILIGHT + "amend twilight_struggle {\n  phase space_race after mid_war { }\n"
                                         "  phase mid_war { base(); }\n}\n")
    assert "  phase late_war after early_war {\n" in printed and "  phase mid_war before late_war {\n" in printed
    assert "  phase space_race after mid_war {}\n" in printed


def test_explain_reads_the_phases_in_the_order_they_run():
    text = explained(analyse_text(TWILIGHT), "twilight_struggle")
    assert text.index("Then phase early_war (after play, once):") < \
        text.index("Then phase mid_war (after early_war, once):") < \
        text.index("Then phase late_war (after mid_war, once):") < text.index("At the end of the game:")


def errors(text: str) -> list[tuple]:
    """(code, line, message) of each error of the analysis of `text`."""
    return [(d.code, d.span.line, d.message) for d in analyse_text(text).diagnostics if d.severity == "error"]


def test_a_phase_put_by_no_phase_of_the_game_is_e622():
    d = parse_error("counter vp;\ngame g { seats 2; phase a after setup { } winner most vp; }\n")
    assert d.code == "E622" and "cannot run after setup" in d.message and "'after play'" in d.hint
    d = parse_error("counter vp;\ngame g {\n seats 2;\n phase early after play { }\n phase mid after erly { }\n"
                    " winner most vp;\n}\n")
    assert (d.code, d.span.line, d.span.column, d.hint) == ("E622", 5, 18, "did you mean 'early'?")
    # a phase written below the one it names is not there yet: the order written is the order they are put
    d = parse_error("counter vp;\ngame g { seats 2; phase b after a { } phase a after play { } winner most vp; }\n")
    assert d.code == "E622" and "'a', which is no phase of the game" in d.message
    found = errors(TWILIGHT + "amend twilight_struggle {\n  phase space_race after middle_war { }\n}\n")
    assert [(c, line) for c, line, _ in found] == [("E622", 20)] and "(its named phases: early_war, mid_war, " \
        "late_war)" in found[0][2]


def test_a_phase_name_taken_is_e623():
    d = parse_error("counter vp;\ngame g { seats 2; phase play after setup { } winner most vp; }\n")
    assert d.code == "E623" and "one of the three every game has" in d.message
    found = errors(TWILIGHT + "amend twilight_struggle {\n  phase late_war after early_war { }\n}\n")
    assert [(c, line) for c, line, _ in found] == [("E623", 20)] and "has a phase 'late_war' already" in found[0][2]
    found = errors(TWILIGHT + "proc mid_war() { }\n")
    assert [(c, line) for c, line, _ in found] == [("E623", 15)] and "named like the proc" in found[0][2]


def test_an_unplaced_unknown_phase_is_still_e100_and_says_how_to_place_one():
    d = parse_error("counter vp;\ngame g { seats 2; phase income { } winner most vp; }\n")
    assert d.code == "E100" and d.hint == "a phase of the game's own says where it runs: 'phase income after play { ... }'"
    found = errors(TWILIGHT + "amend twilight_struggle {\n  phase mid_wars { }\n}\n")
    assert found == [("E100", 20, "a game has the phases setup, play, early_war, mid_war, late_war and final, "
                                  "not 'mid_wars'")]


def test_end_game_after_a_phase_is_a_known_label_and_e325_outside_it():
    assert errors(TWILIGHT + "after turn { end game after late_war; }\n") == []
    found = errors(TWILIGHT.replace("phase final { set seen", "phase final { end game after late_war; set seen"))
    assert [c for c, _, _ in found] == ["E325"]


BRASS = Path(__file__).parent / "packs" / "brass"
HALFTIME = Path(__file__).parent / "packs" / "brass_halftime"
# the game as the pack wrote it before its eras were phases: one play phase running both (each era a loop of one
# round so labelled, as the pack's `during rail_era` asks since its era counter went)
ONE_PLAY_PHASE = """  phase play {
    repeat 1 as canal_era {
      play_era();
    }
    repeat 1 as rail_era {
      end_canal_era();
      play_era();
    }
  }
"""


def test_brass_in_phases_plays_the_same_seeded_games_as_in_one_play_phase():
    text = (BRASS / "brass.rules").read_text()
    start, end = text.index("  phase canal_era after play {"), text.index("  winner most vp then money;")
    before = build_text(text[:start] + ONE_PLAY_PHASE + text[end:])
    now = build_text(text)
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        a, b = (Game(p, players, seed, make_agents("random", players, seed)) for p in (before, now))
        assert a.play() == b.play() and a.log == b.log and a.state.digest() == b.state.digest()


def markets_as_the_rail_era_opens(program) -> tuple:
    """The coal and iron markets at the rail era's first decision of a game answered at random (seed 2)."""
    game, rng = Game(program, 2, 2), random.Random(2)
    decision = game.start()
    while game.phase_now() != "rail_era":
        decision = game.apply(rng.randrange(len(decision.options)))
    return game.state.globals["market[coal]"], game.state.globals["market[iron]"]


def test_the_halftime_house_rule_restocks_the_markets_between_the_eras():
    assert [d.code for d in analyse(str(HALFTIME)).diagnostics if d.severity != "info"] == []
    # without the house rule the rail era opens on the markets the canal era left; with it, restocked
    assert markets_as_the_rail_era_opens(compile_pack(str(BRASS)).program) == (7, 1)
    for program in (compile_pack(str(HALFTIME)).program, interpret_pack(str(HALFTIME))):
        assert markets_as_the_rail_era_opens(program) == (7, 8)
    games = played_on_both_backends(HALFTIME, 2, 3)   # whole games agree (log, scores, final state)
    assert games[0][1]["winners"]


# Twilight Struggle: a Mid War card's event scores double once the Late War has begun; `during` reads the
# phase under way (in a proc a phase calls too), and a counter `per` a phase starts again with each
DURING = """
counter scored "Turns scored this war" per mid_war;
proc score() {
  gain (if during late_war then 2 else 1) vp;
  if during mid_war { gain 1 scored; }
}
after turn { each players: score(); }
"""


def test_during_reads_the_phase_under_way_in_a_proc_it_calls(program):
    game = Game(program(DURING), 2, 1)
    game.play()
    # 3 early and 4 mid war turns score 1, the 3 late war turns 2, plus the turn's own VP each
    assert game.state.players[0].stock["vp"] == 3 + 4 + 6 + 10
    assert game.state.players[0].stock.get("scored", 0) == 0   # back to its start as the Mid War ended


def test_during_prints_back_reads_aloud_and_names_a_label():
    _, printed = printed_back(TWILIGHT + DURING)
    assert "  gain if during late_war then 2 else 1 vp;\n" in printed
    text = explained(analyse_text(TWILIGHT + DURING), "score")
    assert "phase late_war is under way" in text and "phase mid_war is under way" in text
    found = errors(TWILIGHT + "func early(): bool = during setup or during erly_war;\n")
    assert [c for c, _, _ in found] == ["E224", "E224"] and "one of the three phases" in found[0][2]
    assert "erly_war" in found[1][2]


def test_during_a_phase_written_in_a_phase_is_known_there_w612_w616():
    text = TWILIGHT.replace("phase late_war after early_war { set seen",
                            "phase late_war after early_war { if during late_war or during mid_war { } set seen")
    found = [(d.code, d.span.line, d.span.column) for d in analyse_text(text).diagnostics if d.code[0] == "W"]
    assert ("W612", 14, 39) in found and ("W616", 14, 58) in found
    # in a proc several phases reach, it tells them apart: no warning
    assert not [d for d in analyse_text(TWILIGHT + DURING).diagnostics if d.code in ("W612", "W616")]


def test_the_phase_under_way_is_in_the_view_and_on_the_screen():
    from rulebook.runtime.view import build_view

    from .conftest import screens

    for program in (compile_pack(str(BRASS)).program, interpret_pack(str(BRASS))):
        assert program.phase_names == ("canal_era", "rail_era")
        game, rng = Game(program, 2, 2), random.Random(2)
        decision = game.start()
        assert build_view(game, 0)["phase"] == "canal_era" and "Game: phase canal_era, " in screens(game)[0]
        while game.phase_now() != "rail_era":
            decision = game.apply(rng.randrange(len(decision.options)))
        assert build_view(game, 1)["phase"] == "rail_era" and "Game: phase rail_era, " in screens(game)[1]
    # a game without named phases: its view is as it was
    plain = build_text("counter vp;\ngame g { seats 2; phase play { each players: gain 1 vp; } winner most vp; }\n")
    assert plain.phase_names == () and "phase" not in build_view(Game(plain, 2, 1), 0)
