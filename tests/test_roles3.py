"""Hidden sides in the test packs and what a hidden side gives away (3.17): The Resistance's loyalties are shared
hidden roles (the spies known to holders), no screen of a played game shows a loyal player another's side; an
answer kept in a side's state is told in full to the asker's fellow holders, one written `secret` to nobody;
`simulate` lists shared roles among its components; W578 is a public counter only one hidden role's rules change;
W565 points at `known to holders`; W547 reads `you is ROLE` of a hidden role as the picker's own hidden state."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import build_text, compile_pack, interpret_pack
from rulebook.runtime.engine import Game
from rulebook.runtime.view import MASK, told_answer

from .conftest import found_at, played_on_both_backends, screens

RESISTANCE = str(Path(__file__).parent / "packs" / "resistance")
BACKENDS = [pytest.param(False, id="compiled"), pytest.param(True, id="interpreted")]


# ------------------------------------------------------------------ the Resistance pack's screens

@pytest.mark.parametrize("interpreted", BACKENDS)
def test_no_screen_of_a_played_resistance_game_shows_a_loyal_player_anyones_side(interpreted):
    """At every fifth decision of a seeded 6-player game, each loyal player's hot-seat screen shows their own
    role alone, each spy's the other spy too (`known to holders`), and no screen a spy's `Role [Resistance]`."""
    program = interpret_pack(RESISTANCE) if interpreted else compile_pack(RESISTANCE).program
    game = Game(program, 6, 2)
    d, looked = game.start(), 0
    while d is not None:
        if game.decisions_made % 5 == 0:
            spies = {p.index for p in game.holders("spy")}
            assert len(spies) == 2
            for seat, screen in enumerate(screens(game, seats=range(6))):
                others = screen.replace("your Role", "")
                assert "Role [Resistance]" not in others
                assert others.count("Role [Spy]") == (1 if seat in spies else 0), (seat, screen)
                assert others.count("Role 1 hidden") == (4 if seat in spies else 5)
            looked += 1
        d = game.apply(0)
    assert looked >= 5


@pytest.mark.parametrize("players,seed", [(5, 4), (8, 5)])
def test_the_converted_pack_plays_alike_on_both_backends_and_the_spies_win_as_the_rulebook_says(players, seed):
    for game, result in played_on_both_backends(RESISTANCE, players, seed):
        g = game.state.globals
        spies = [p.name for p in game.holders("spy")]
        assert len(spies) == {5: 2, 8: 3}[players]
        spies_won = g.get("failures", 0) >= 3 or g.get("rejected", 0) >= 5
        assert sorted(result["winners"]) == sorted(spies if spies_won else
                                                  [p.name for p in game.state.players if p.name not in spies])


# ------------------------------------------------------------------ what an answer tells a side

FURY = """
enum city { london "London", paris "Paris", rome "Rome" }
counter vp "VP" from 0 to 20;
role dracula "Dracula" { }
role hunter "Hunter" shared {
  var plan "Plan" hidden: city = paris;
  proc scheme() {
    pick c from city "plan which city?" {
      set plan = c;
    }
    pick d from city "whisper which city?" secret {
      gain 1 vp;
    }
  }
}
game fury "Fury of Dracula" {
  seats 3 roles dracula, hunter, hunter;
  phase play {
    each holders(hunter): scheme();
  }
  winner most vp;
}
"""


@pytest.mark.parametrize("interpreted", BACKENDS)
def test_an_answer_kept_in_a_sides_state_is_told_to_the_fellow_holders_and_a_secret_one_to_nobody(interpreted):
    """Fury of Dracula: the hunter P2's plan (a hunter's hidden variable) is told to the hunter P3, who sees
    `plan` itself, and masked for Dracula; P2's `secret` answer is masked for P3 as well."""
    game = Game(build_text(FURY, interpreted=interpreted), 3, 1)
    d = game.start()
    assert (d.player.name, d.prompt) == ("P2", "plan which city?")
    assert [told_answer(game, d, seat, 1) for seat in range(3)] == \
        [f"plan which city? → {MASK}", "plan which city? → Paris", "plan which city? → Paris"]
    d = game.apply(1)
    assert [told_answer(game, d, seat, 2) for seat in range(3)] == \
        [f"whisper which city? → {MASK}", "whisper which city? → Rome", f"whisper which city? → {MASK}"]


SIDES = """
counter vp "VP" hidden from 0 to 9;
role spy "Spy" shared hidden known to holders {
  var mark "Mark": player;
}
role loyal "Resistance" shared hidden {
  var trusted "Trusted": player;
}
proc choose_mark() {
  if you is spy {
    pick p from players "mark whom?" {
      set mark = p;
    }
  } else if you is loyal {
    pick p from players "trust whom?" {
      set trusted = p;
    }
  }
}
game resistance "The Resistance" {
  seats 4 roles spy, spy, loyal, loyal at random;
  phase play {
    each players: choose_mark();
  }
  winner most vp;
}
"""


@pytest.mark.parametrize("interpreted", BACKENDS)
def test_a_hidden_roles_state_masks_the_answers_that_set_it_and_spies_known_to_holders_see_each_others(interpreted):
    """A `hidden` role's variables mask the answers that set them though not declared `hidden`: a spy's mark is
    told to the other spy only, a loyal player's trust to nobody (the resistance does not know each other)."""
    game = Game(build_text(SIDES, interpreted=interpreted), 4, 3)
    d, told = game.start(), {}
    while d is not None:
        told[d.player.index] = [told_answer(game, d, seat, 0) for seat in range(4)]
        d = game.apply(0)
    spies = {p.index for p in game.holders("spy")}
    for asked, lines in told.items():
        for seat, line in enumerate(lines):
            shown = seat == asked or (asked in spies and seat in spies)
            assert line.endswith(MASK) != shown, (asked, seat, line)


# ------------------------------------------------------------------ simulate's components

def test_simulate_lists_a_shared_role_once_among_the_components_used_by_its_holders():
    from rulebook.runtime.simulate import UsageRecorder, component_names, play_game, prepare

    job, program = prepare(RESISTANCE, (), 5)
    assert [c for c in component_names(program) if c[0] == "role"] == \
        [("role", "spy", "Spy"), ("role", "loyal", "Resistance")]
    recorder = UsageRecorder(program)
    record = play_game(program, recorder, job, 3)
    index = {name: i for i, (kind, name) in enumerate(recorder.components) if kind == "role"}
    for role, title in (("spy", "Spy"), ("loyal", "Resistance")):
        assert {seat for i, seat in record.used if i == index[role]} == \
            {seat for seat, held in enumerate(record.roles) if held == title}
    assert record.roles.count("Spy") == 2


# ------------------------------------------------------------------ W578: a public counter one hidden side moves

TELLING = """
counter vp "VP" hidden from 0 to 9;
counter sabotage "Sabotage" global from 0 to 9;
counter missions "Missions" global from 0 to 9;
role spy "Spy" shared hidden known to holders { }
role loyal "Resistance" shared hidden { }
proc mission() {
  gain 1 missions;
  if you is spy {
    gain 1 sabotage;
  } else {
    gain 1 vp;
  }
}
game resistance "The Resistance" {
  seats 4 roles spy, spy, loyal, loyal at random;
  phase play {
    repeat 2 {
      each players: mission();
    }
  }
  winner most vp;
}
"""


def test_w578_a_public_counter_only_a_spys_rule_gains_names_the_rule_and_the_role():
    from rulebook.compiler.driver import analyse_text

    [w578] = [d for d in analyse_text(TELLING).diagnostics if d.code == "W578"]
    assert (w578.span.line, w578.span.column) == (10, 5)
    assert "'sabotage'" in w578.message and "'mission'" in w578.message and "Spy" in w578.message
    assert "'internal'" in w578.hint and "both sides" in w578.hint


@pytest.mark.parametrize("change", [
    ('counter sabotage "Sabotage" global', 'counter sabotage "Sabotage" internal global'),   # off the screens
    ("  gain 1 missions;\n", "  gain 1 missions;\n  lose 1 sabotage;\n"),                    # both sides change it
    ('role spy "Spy" shared hidden known to holders', 'role spy "Spy" shared'),            # not hidden: all know
])
def test_w578_is_not_said_of_a_counter_kept_off_the_screens_changed_by_both_sides_or_of_a_role_everyone_sees(change):
    text = TELLING.replace(*change)
    assert text != TELLING
    assert "W578" not in [c for c, _l, _c in found_at(text)]


def test_w578_of_a_players_counter_changed_in_the_roles_own_override_hints_hidden():
    from rulebook.compiler.driver import analyse_text

    text = TELLING.replace('counter vp "VP" hidden', 'counter vp "VP"').replace(
        "role loyal \"Resistance\" shared hidden { }",
        "role loyal \"Resistance\" shared hidden {\n  override proc mission() { gain 1 vp; }\n}").replace(
        "  if you is spy {\n    gain 1 sabotage;\n  } else {\n    gain 1 vp;\n  }\n", "")
    [w578] = [d for d in analyse_text(text).diagnostics if d.code == "W578"]
    assert "'vp'" in w578.message and "Resistance" in w578.message and "'hidden'" in w578.hint
    assert "in role loyal's version of 'mission'" in w578.message


def test_w578_follows_a_proc_only_the_roles_rules_call_and_not_one_both_sides_call():
    text = TELLING.replace("    gain 1 sabotage;\n  } else", "    sabotage_it();\n  } else").replace(
        "proc mission() {", "proc sabotage_it() {\n  gain 1 sabotage;\n}\nproc mission() {")
    assert [(c, l) for c, l, _c in found_at(text)] == [("W578", 8)]   # at the gain, in the proc the spy calls
    both = text.replace("    gain 1 vp;\n", "    gain 1 vp;\n    sabotage_it();\n")
    assert "W578" not in [c for c, _l, _c in found_at(both)]


def test_the_shipped_role_packs_lint_without_w578():
    from rulebook.compiler.driver import analyse

    for pack in ("resistance", "scotland_yard", "pandemic", "puerto_rico"):
        codes = [d.code for d in analyse(str(Path(__file__).parent / "packs" / pack)).diagnostics]
        assert "W578" not in codes and "W547" not in codes, pack


# ------------------------------------------------------------------ W565's place, W547 of a hidden role

def test_w565_points_at_known_to_holders():
    from rulebook.compiler.driver import analyse_text

    text = TELLING.replace('role loyal "Resistance" shared hidden { }',
                           'role loyal "Resistance" hidden known to holders { }').replace(
        "seats 4 roles spy, spy, loyal, loyal at random;", "seats 3 roles spy, spy, loyal at random;")
    [w565] = [d for d in analyse_text(text).diagnostics if d.code == "W565"]
    assert (w565.span.line, w565.span.column, w565.span.end_line, w565.span.end_column) == (6, 32, 6, 48)


def test_w547_a_simultaneous_picks_where_asking_whether_the_picker_is_a_hidden_spy():
    text = (Path(RESISTANCE) / "resistance.rules").read_text()
    found = found_at(text.replace("always asked {", "{"))
    line = next(i for i, s in enumerate(text.splitlines(), 1) if "where not c.fail or you is spy" in s)
    assert [(c, l) for c, l, _c in found] == [("W547", line)]
    assert found_at(text) == []
