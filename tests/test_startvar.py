"""A counter's start worked out from the seats (`start match player_count { ... }`, 3.3): Puerto Rico's VP
chips, 7 Wonders' coins; set as the game is made on both backends, checked per number of seats (E447), read
by explain and fmt."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.agents import RandomAgent
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.record import record, replay

from .conftest import explained, rules_programs, run_proc

# Puerto Rico: 75 VP chips with 3 players, 100 with 4, 122 with 5; each player's doubloons (a made-up rule
# for the test: one more with fewer players); the chips run out and are put back by `reset`
PUERTO_RICO = """
counter vp_chips "VP chips" global from 0 to 200 start match player_count { 3: 75, 4: 100, else: 122 };
counter doubloons start 7 - player_count;
counter vp "Victory points";
game puerto_rico {
  seats 3 to 5;
  phase play {
    repeat 3 {
      each players {
        choose "act" {
          option "ship" { gain 2 vp; lose 2 vp_chips; }
          option "trade" when doubloons > 0 { lose 1 doubloons; gain 1 vp; lose 1 vp_chips; }
        }
      }
    }
  }
  winner most vp then most doubloons;
}
"""

program = rules_programs(PUERTO_RICO)


@pytest.mark.parametrize("players,chips,doubloons", [(3, 75, 4), (4, 100, 3), (5, 122, 2)])
def test_the_start_is_worked_out_from_the_seats_as_the_game_is_made(program, players, chips, doubloons):
    g = Game(program(), players, 1)
    assert g.state.globals["vp_chips"] == chips
    assert [p.stock["doubloons"] for p in g.state.players] == [doubloons] * players


def test_reset_puts_the_counter_back_to_its_start_from_the_seats(program):
    g = Game(program("proc p() { lose 10 vp_chips; lose 2 doubloons; reset vp_chips, doubloons; }"), 4, 1)
    run_proc(g, "p")
    assert g.state.globals["vp_chips"] == 100 and g.state.players[0].stock["doubloons"] == 3


@pytest.mark.parametrize("seed", [1, 2])
def test_both_backends_play_the_same_games_and_replay_them(seed):
    games = [Game(build_text(PUERTO_RICO, interpreted=i), 4, seed, [RandomAgent(seed * 10 + k) for k in range(4)])
             for i in (False, True)]
    for g in games:
        g.play()
    assert games[0].log == games[1].log and games[0].state.to_json() == games[1].state.to_json()
    assert games[0].state.globals["vp_chips"] < 100
    assert replay(games[0].program, record(games[0])).state.digest() == games[0].state.digest()


def test_a_start_from_a_variant_out_of_bounds_is_e601_at_the_start_when_the_game_is_made():
    text = "variant big;\ncounter pool global from 0 to 50 start if enabled(big) then 20 * player_count else 30;\n"
    for interpreted in (False, True):
        p = build_text(text, interpreted=interpreted)
        assert Game(p, 2, 1).state.globals["pool"] == 30 and Game(p, 2, 1, variants=["big"]).state.globals["pool"] == 40
        with pytest.raises(RulesRuntimeError) as err:
            Game(p, 3, 1, variants=["big"])
        assert err.value.code == "E601"
        assert err.value.message == "counter pool would start at 60 with 3 players, above its limit 50"
        assert str(err.value.where).endswith(":2:40")


def test_a_start_out_of_bounds_for_some_seats_is_e447_listing_them():
    text = ("counter chips global from 0 to 50 start 12 * player_count;\n"
            "counter debt start 3 - player_count;\n"
            "counter fine start match player_count { 2: 1, 3: 2 };\n"   # no case for 4 and 5: play says it
            "game race { seats 2 to 5; phase play { lose 1 chips; gain 1 debt; gain 1 fine; } winner most debt; }\n")
    got = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert [(d.code, d.span.line, d.span.column) for d in got] == [("E447", 1, 41), ("E447", 2, 20)]
    assert got[0].message == ("counter 'chips' (from 0 to 50) would start at 60 with 5 players, above its limit 50: "
                              "those games could not be set up")
    assert "-1 with 4 players, below its floor 0; at -2 with 5 players" in got[1].message
    assert "a per-player counter without bounds" in got[1].message


@pytest.mark.parametrize("start,message", [
    ("vp", "the start of counter 'c' must be a whole number known before play, not vp"),
    ("player_count > 2", "the start of counter 'c' must be a whole number, not a condition"),
    ("size(players)", "the start of counter 'c' must be a whole number known before play, not size(players)"),
])
def test_what_is_not_a_number_from_the_seats_stays_e322(start, message):
    got = [d for d in analyse_text(f"counter vp;\ncounter c start {start};\n").diagnostics if d.severity == "error"]
    assert [(d.code, d.message, d.span.line, d.span.column) for d in got] == [("E322", message, 2, 17)]


def test_a_start_from_the_seats_on_a_counter_whose_elements_keep_their_bounds_is_e322():
    text = "enum res { mc, steel }\ncounter prod[res] from 0 to 100 start player_count { mc from -5; }\n"
    got = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert [(d.code, d.span.line) for d in got] == [("E322", 2)] and "bounds of their own" in got[0].message


def test_an_indexed_counter_starts_each_element_from_the_seats():
    text = "enum age { one, two }\ncounter cards[age] global start 7 * player_count;\n"
    for interpreted in (False, True):
        g = Game(build_text(text, interpreted=interpreted), 3, 1)
        assert g.state.globals == {"cards[one]": 21, "cards[two]": 21}


def test_explain_reads_the_start_per_number_of_seats():
    result = analyse_text(PUERTO_RICO)
    assert explained(result, "vp_chips").endswith(
        "VP chips: a shared counter, from 0 to 200, starting at 75 with 3 players, 100 with 4, 122 with 5.")
    assert explained(result, "doubloons").endswith("starting at 4 with 3 players, 3 with 4, 2 with 5.")
    bare = analyse_text("counter pool global start 12 * player_count;\n")   # no game: no seats to count
    assert "starting at 12 times" in explained(bare, "pool") or "player" in explained(bare, "pool")


def test_fmt_prints_the_start_back():
    module = parse_text(PUERTO_RICO, "t.rules")
    text = format_module(module)
    assert "start match player_count { 3: 75, 4: 100, else: 122 };" in text
    assert format_module(parse_text(text, "t.rules")) == text


def test_a_pack_without_one_has_no_seated_table():
    p = build_text("counter vp start 3;\ncounter pool global from 0 to 9;\n")
    assert p.seated == {} and Game(p, 2, 1).state.globals == {"pool": 0}


def test_a_roles_counter_starts_from_the_seats_when_the_role_is_given():
    text = """
counter vp;
role usa "USA" { counter influence from 0 to 20 start 2 * player_count; }
role ussr "USSR" { counter ops start 1; }
game ts { seats 2 to 2 roles usa, ussr; phase play { } winner most vp; }
"""
    for interpreted in (False, True):
        g = Game(build_text(text, interpreted=interpreted), 2, 1)
        assert [p.stock for p in g.state.players] == [{"vp": 0, "influence": 4}, {"vp": 0, "ops": 1}]


def test_a_variable_may_start_from_the_seats():
    """7 Wonders' board side, a crowded table: a member or condition worked out as the game is made (and by
    `reset`); what reads the state stays E303."""
    text = """
enum size { small "Small board", big }
var board: size = match player_count { 2: small, else: big };
var crowded global: bool = player_count > 3;
counter vp;
proc turn_over() { set board = big; reset board; }
game g { seats 2 to 4; phase play { } winner most vp; }
"""
    for interpreted in (False, True):
        p = build_text(text, interpreted=interpreted)
        two, four = Game(p, 2, 1), Game(p, 4, 1)
        assert [h.vars["board"] for h in two.state.players] == ["small"] * 2 and two.state.gvars == {"crowded": False}
        assert four.state.players[3].vars["board"] == "big" and four.state.gvars == {"crowded": True}
        run_proc(two, "turn_over")
        assert two.state.players[0].vars["board"] == "small"
    result = analyse_text(text)
    assert explained(result, "board").endswith("starting as “Small board” with 2 players, big with 3, big with 4.")
    bad = analyse_text("counter vp;\nenum size { small, big }\nvar board: size = if vp > 2 then big else small;\n")
    assert [d.code for d in bad.diagnostics if d.severity == "error"] == ["E303"]
