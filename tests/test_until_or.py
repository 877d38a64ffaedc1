"""`until A or B` (7.3): a duration with several ends, the first that comes ending it, on both backends, for
modifiers, triggers and cards set aside. Love Letter's Handmaid (tests/packs/loveletter: no other player's
card may choose you until your next turn starts or the round ends) and a Werewolf bodyguard; the ends
watched while it lasts and unwatched once it ends; saved and loaded; fmt, explain, the trace; E419 and W540
for each end."""

from __future__ import annotations

import copy

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.engine import Game
from rulebook.runtime.state import State, check_saved

from .conftest import explained, found_at, printed_back, random_games_agree, run_proc

# Werewolf: the bodyguard protects a player from the wolves until dawn, or until the bodyguard is voted out.
# A sentry watches (a trigger) until dawn or the end of the night; a spy hides (set aside) until either.
WEREWOLF = """
counter alarms;
counter lives;
event attack(victim: player);
event dawn();
event voted_out();
kind role { }
zone roles per_player of role;
zone hideout of role;
role spy "Spy" { }
proc guard() { modifier opponents attack(victim = you) until dawn or you voted_out { forbid; } }
proc strike(p: player) { for attack(p) { each p: lose 1 lives; } }
proc raid(p: player) { emit attack(p); }
proc sunrise() { emit dawn(); }
proc vote_out() { emit voted_out(); }
proc watch() { whenever opponents attack until dawn or end of night { gain 1 alarms; } }
proc hide() { move spy to roles; set aside spy until dawn or you voted_out then to hideout; }
proc night() { watch(); }
"""


BACKENDS = pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])


def game_of(interpreted: bool) -> Game:
    """A two-player game of WEREWOLF, each player with 3 lives."""
    game = Game(build_text(WEREWOLF, interpreted=interpreted), 2, 1)
    for p in game.state.players:
        p.stock["lives"] = 3
    return game


@BACKENDS
@pytest.mark.parametrize("end", ["sunrise", "vote_out"])
def test_the_first_end_that_comes_ends_the_protection(interpreted, end):
    game = game_of(interpreted)
    p1, p2 = game.state.players
    run_proc(game, "guard")                       # P1 guards themselves against P2
    run_proc(game, "strike", p1, player=1)
    assert p1.stock["lives"] == 3                 # forbidden
    assert set(game.ending) == {"dawn", "voted_out"}
    run_proc(game, "vote_out", player=1)          # P2 voted out: not the bodyguard's end ('you voted_out')
    run_proc(game, "strike", p1, player=1)
    assert p1.stock["lives"] == 3 and len(game.state.modifiers) == 1
    run_proc(game, end)                           # dawn, or the bodyguard voted out
    assert not game.state.modifiers and not game.ending   # both ends unwatched
    run_proc(game, "strike", p1, player=1)
    assert p1.stock["lives"] == 2


@BACKENDS
def test_a_trigger_lasts_until_dawn_or_the_end_of_the_night(interpreted):
    for dawn in (False, True):
        game = game_of(interpreted)
        p1 = game.state.players[0]
        with game.running("night"):
            run_proc(game, "watch")
            if dawn:
                run_proc(game, "sunrise")           # dawn comes first: the watch is over
            run_proc(game, "raid", p1, player=1)
            assert p1.stock["alarms"] == (0 if dawn else 1)
        assert not game.state.triggers and not game.ending   # the night's end ends it (or ended nothing more)
        run_proc(game, "raid", p1, player=1)
        assert p1.stock["alarms"] == (0 if dawn else 1)


@BACKENDS
def test_a_card_set_aside_comes_back_at_either_end(interpreted):
    for end, player in (("sunrise", 0), ("vote_out", 0), ("vote_out", 1)):
        game = game_of(interpreted)
        run_proc(game, "hide")
        spy = game.program.entities["spy"]
        assert game.state.aside and spy not in game.zone(None, "hideout").items
        run_proc(game, end, player=player)
        back = end == "sunrise" or player == 0      # P2 voted out is no end of P1's
        assert (spy in game.zone(None, "hideout").items) is back and bool(game.state.aside) is not back
        assert bool(game.ending) is not back


@BACKENDS
def test_a_duration_with_two_ends_is_saved_loaded_and_checked(interpreted):
    game = game_of(interpreted)
    run_proc(game, "guard")
    run_proc(game, "hide")
    data = game.state.to_json()
    saved = data["modifiers"][0][6]
    assert saved == [["anyone", "dawn", {}], ["you", "voted_out", {}]]
    check_saved(data, game.program)
    loaded = State.from_json(data, game.program.entities)
    assert loaded.to_json() == data and loaded.modifiers[0].until == (("anyone", "dawn", {}), ("you", "voted_out", {}))
    for bad in ([["anyone", "dawn"]], [["anyone", "dawn", {}], "voted_out"]):
        broken = copy.deepcopy(data)
        broken["modifiers"][0][6] = bad
        with pytest.raises(Exception, match="'until' is malformed"):
            check_saved(broken, game.program)


def test_random_games_agree_on_both_backends():
    random_games_agree("""
counter vp;
event turn_start();
event shield(p: player);
proc turn() {
  emit turn_start();
  pick p from opponents where allowed(shield(p)) "strike whom?" optional { each p: lose 1 vp; }
  may "raise a shield?" { modifier opponents shield(p = you) until you turn_start or end of round { forbid; } }
}
proc round() { repeat 2 { each players { turn(); } } }
game duel "Duel" { seats 2 to 4; winner most vp; phase setup { each players { gain 5 vp; } }
  phase play { repeat 3 { round(); } } }
""")


def test_fmt_prints_each_end_back():
    _module, printed = printed_back(WEREWOLF)
    assert "until dawn or you voted_out {" in printed and "until dawn or end of night {" in printed
    assert "set aside spy until dawn or you voted_out then to hideout;" in printed


def test_explain_reads_each_end():
    result = analyse_text(WEREWOLF)
    assert "until someone dawns or you voted out:" in explained(result, "guard")
    assert "until someone dawns or the end of “night”:" in explained(result, "watch")
    assert "aside (out of every zone) until someone dawns or you voted out, then" in explained(result, "hide")


def test_the_trace_names_both_ends():
    game = game_of(False)
    lines = []
    game.tracer = lambda e: lines.append(e.describe())
    run_proc(game, "guard")
    assert any("until dawn or you voted_out" in line for line in lines), lines


def test_each_end_is_checked():
    assert ("E419", 2, 51) in found_at("event dawn();\nproc p() { modifier you dawn until dawn or end of nowhere { forbid; } }")
    assert "E206" in [c for c, *_ in found_at("event dawn();\nproc p() { whenever you dawn until dawn or you dusk { } }")]


def test_w540_only_when_no_end_is_announced():
    base = ("event dawn();\nevent dusk();\nkind role { }\nzone roles per_player of role;\nrole spy { }\n"
            "proc hide() { move spy to roles; set aside spy until dawn or dusk; }\n")
    codes = [c for c, *_ in found_at(base)]
    assert codes.count("W540") == 1
    assert "W540" not in [c for c, *_ in found_at(base + "proc sunrise() { emit dusk(); }")]
