"""seats_apart([a,] b) (language.md 5.4, "Seats between two players"): the fewer seats between two players
going either way round the table, counting only the players still in, so a knocked-out player's neighbours
become neighbours (Bang!'s distance, tests/packs/bang_lite; Bang! The Dice Game's 1 and 2). On both backends;
read by explain, printed back by fmt; anything but a player is E664, the same player twice W648, the distance
worked out by hand W649, a player out E601 during play (branch trial32)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import explained, found_at, printed_back, rules_programs, run_proc

# Bang! The Dice Game (for illustration): a "1" shoots a player one seat away, a "2" two seats away
PACK = """
counter vp;
counter life "Life points" from 0 to 8 start 8;
proc shoot(reach: int) {
  pick p from opponents where seats_apart(p) == reach "shoot whom?" {
    each p: lose 1 life;
  }
}
"""

program = rules_programs(PACK)


def distances(program, players: int, out: tuple = ()) -> dict:
    """Every pair's seats_apart (both ways, by the one-argument form and the two-argument form), the
    seats (from 1) in `out` knocked out first."""
    knock = " ".join(f"eliminate first(gather(q in all_players where seat(q) == {s}, [q]));" for s in out)
    game = Game(program("proc knock() { " + knock + " }\n"
                        "proc measure(a: player, b: player) { each a { gain seats_apart(b) vp; } "
                        "each a { gain 10 * seats_apart(a, b) vp; } }"), players, 1)
    run_proc(game, "knock")
    found = {}
    for a in game.state.players:
        for b in game.state.players:
            if a in game.state.out or b in game.state.out:
                continue
            before = a.stock["vp"]
            run_proc(game, "measure", a, b)
            gained = a.stock["vp"] - before
            assert gained % 11 == 0   # both forms agree
            found[a.index + 1, b.index + 1] = gained // 11
    return found


def test_the_fewer_seats_either_way_round(program):
    d = distances(program, 5)
    assert [d[1, b] for b in (1, 2, 3, 4, 5)] == [0, 1, 2, 2, 1]
    assert all(d[a, b] == d[b, a] for a, b in d)
    assert max(d.values()) == 2   # never more than half the players


def test_a_knocked_out_player_is_not_counted_between_the_living(program):
    # Bang!: with P2 dead, P1 and P3 are neighbours; with P4 dead too, P1 and P5 stay neighbours
    d = distances(program, 5, out=(2,))
    assert d[1, 3] == 1 and d[1, 4] == 2 and d[1, 5] == 1 and d[3, 5] == 2
    d = distances(program, 5, out=(2, 4))
    assert d[1, 3] == 1 and d[3, 5] == 1 and d[1, 5] == 1


def test_a_player_out_stops_play_with_e601(program):
    game = Game(program("proc knock_left() { eliminate left; gain seats_apart(left(left)) vp; gain seats_apart(right) vp; }\n"
                        "proc q(a: player) { gain seats_apart(a) vp; }"), 4, 1)
    run_proc(game, "knock_left")
    assert game.state.players[0].stock["vp"] == 2   # P3 and P4 are P1's neighbours now
    with pytest.raises(RulesRuntimeError) as err:
        run_proc(game, "q", game.state.players[1])
    assert err.value.code == "E601" and "P2 is out" in str(err.value)


def test_none_stops_play_with_e601(program):
    game = Game(program("var target global: player;\n"
                        "game g { seats 3 to 3; phase play { each players: gain seats_apart(target) vp; } winner most vp; }"), 3, 1)
    with pytest.raises(RulesRuntimeError) as err:
        game.play()
    assert err.value.code == "E601" and "seats_apart() was given none and needs a player" in str(err.value)


def test_a_shot_reaches_only_the_players_at_that_distance(program):
    game = Game(program(), 6, 1)
    (asked,) = run_proc(game, "shoot", 2, answers=["P5"])
    assert [str(o) for o in asked.options] == ["P3", "P5"]   # two seats from P1, either way round
    assert [p.name for p in game.state.players if p.stock["life"] == 7] == ["P5"]
    assert run_proc(game, "shoot", 3) == []   # P4 alone sits three seats away: shot with no question
    assert game.state.players[3].stock["life"] == 7


def test_anything_but_a_player_is_e664_with_a_hint():
    text = PACK + "enum slot { s1, s2 }\nkind card { v: int; }\ncard ace { v = 1; }\n" \
        "func a(x: slot): int = seats_apart(x, s2);\nfunc b(): int = seats_apart(ace);\n"
    assert [f for f in found_at(text) if f[0] == "E664"] == [("E664", 12, 36), ("E664", 13, 29)]
    first, second = [d for d in analyse_text(text).diagnostics if d.code == "E664"]
    assert "x is a slot" in first.message and "steps_around" in first.hint
    assert "ace is a card" in second.message


def test_the_same_player_twice_is_w648():
    text = PACK + "func a(): int = seats_apart(you);\nfunc b(p: player): int = seats_apart(p, p);\n" \
        "func c(p: player): int = seats_apart(left, p);\n"
    assert [f for f in found_at(text) if f[0] == "W648"] == [("W648", 9, 17), ("W648", 10, 26)]


def test_the_distance_worked_out_by_hand_is_w649():
    text = PACK + ("func by_hand(p: player): int =\n"
                   "  min(index_of(others_from(you), p), size(players) - index_of(others_from(you), p));\n"
                   "func ok(p: player): int = min(index_of(others_from(you), p), 3);\n")
    assert [f for f in found_at(text) if f[0] == "W649"] == [("W649", 10, 3)]
    (d,) = [d for d in analyse_text(text).diagnostics if d.code == "W649"]
    assert "'seats_apart(p)' says it" in d.message


def test_explain_reads_it_and_fmt_prints_it_back():
    result = analyse_text(PACK)
    assert "the seats between you and p round the table, the shorter way, counting only the players still in" \
        in explained(result, "shoot")
    _module, printed = printed_back(PACK + "func f(a: player, b: player): int = a.seats_apart(b) + seats_apart(a, b);\n")
    assert "seats_apart(p) == reach" in printed and "a.seats_apart(b) + seats_apart(a, b)" in printed
