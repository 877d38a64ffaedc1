"""W625 (language.md 4.2a): `lose N C[a];` and `gain N C[b];` of one indexed counter side by side, either
first, the same amount: a move written in two steps, which makes units when C[a] holds fewer than N (the
lose takes what there is, the gain adds all N); `shift` moves what there is. Branch trial28: the first
draft of tests/packs/root_lite moved warriors so, and three test packs (Risk, El Grande, Concordia) did."""

from __future__ import annotations

from rulebook.runtime.engine import Game

from .conftest import found_at, rules_programs, run_proc

# Cyclades (for illustration): fleets move between seas
PACK = """
enum sea { north_sea, east_sea, south_sea }
counter fleets[sea] "Fleets" from 0 to 9;
counter moves;
"""

program = rules_programs(PACK)


def w625(body: str) -> list[tuple]:
    return [f for f in found_at(PACK + "proc p(a: sea, b: sea, n: int) {\n" + body + "\n}\n") if f[0] == "W625"]


def test_a_lose_then_a_gain_of_the_same_amount_is_w625_at_the_first():
    assert w625("  gain 1 moves;\n  lose n fleets[a];\n  gain n fleets[b];") == [("W625", 7, 3)]
    assert w625("  gain 2 fleets[b];\n  lose 2 fleets[a];") == [("W625", 6, 3)]


def test_the_message_and_hint_say_what_is_made_and_write_the_shift():
    from rulebook.compiler.driver import analyse_text

    text = PACK + "proc p(a: sea, b: sea) {\n  lose 2 fleets[a];\n  gain 2 fleets[b];\n}\n"
    (d,) = [d for d in analyse_text(text).diagnostics if d.code == "W625"]
    assert "when fleets[a] holds fewer than 2, the lose takes what there is and the gain still adds 2" in d.message
    assert d.hint == "write 'shift 2 fleets[a] to fleets[b];', which moves what there is"


def test_other_pairs_are_left_alone():
    assert w625("  lose n fleets[a];\n  gain n + 1 fleets[b];") == []        # not the same amount
    assert w625("  lose n fleets[a];\n  gain n moves;") == []                # another counter
    assert w625("  lose n fleets[a];\n  gain 1 moves;\n  gain n fleets[b];") == []   # not side by side
    assert w625("  shift n fleets[a] to fleets[b];") == []


def test_why_the_two_steps_make_fleets_and_shift_does_not(program):
    game = Game(program("proc two_steps() { set fleets[north_sea] = 1; lose 3 fleets[north_sea]; "
                        "gain 3 fleets[east_sea]; }\n"
                        "proc shifted() { set fleets[north_sea] = 1; set fleets[east_sea] = 0; "
                        "shift 3 fleets[north_sea] to fleets[east_sea]; }"), 2, 1)
    player = game.state.players[0]
    run_proc(game, "two_steps")
    assert (player.stock["fleets[north_sea]"], player.stock["fleets[east_sea]"]) == (0, 3)   # two fleets made
    run_proc(game, "shifted")
    assert (player.stock["fleets[north_sea]"], player.stock["fleets[east_sea]"]) == (0, 1)
