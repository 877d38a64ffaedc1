"""tests/packs/hive: Hive written by a designer new to the language (branch trial21), with the rulebook's
cases as assertions on positions: the one hive rule, the gate (freedom to move), each bug's movement, the
placement rules and the queen by the fourth turn, the surrounded queen; both backends alike, lint clean and
`fmt` stable."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game, GameEnded
from rulebook.runtime.state import Record

from .conftest import drive, pack_program, played_on_both_backends

PACK = Path(__file__).parent / "packs" / "hive"


program = pack_program(PACK)


def cell(q: int, r: int) -> Record:
    return Record("cell", {"q": q, "r": r})


def position(program, bugs: dict) -> Game:
    """A game whose board holds `bugs` ({(q, r): [(bug, seat), ...]}, bottom first; seat 0 is White) and
    whose players hold the rest of their bugs, White to play with three turns taken."""
    game = Game(program, 2, 1)
    players = game.state.players
    for (q, r), pile in bugs.items():
        game.state.gvars[f"stack[{q},{r}]"] = [Record("piece", {"kind": b, "side": players[s]}) for b, s in pile]
        for b, s in pile:
            players[s].stock[f"in_hand[{b}]"] -= 1
    for p in players:
        p.stock["turns_taken"] = 3
    return game


def moves(game: Game, q: int, r: int) -> set:
    found = game.program.funcs["moves_of"](game, game.state.players[0], cell(q, r))
    return {(c.fields["q"], c.fields["r"]) for c in found}


def test_a_bug_whose_lifting_would_split_the_hive_cannot_move(program):
    # A line of three: the middle ant holds the hive together; the ends may go.
    game = position(program, {(5, 6): [("queen", 0)], (6, 6): [("ant", 0)], (7, 6): [("queen", 1)]})
    assert moves(game, 6, 6) == set()
    assert moves(game, 5, 6) == {(5, 7), (6, 5)}


def test_a_bug_cannot_slide_through_a_gate_in_or_out(program):
    # The space 6,6 is walled in by five bugs, open only at 7,6 between the two bugs on 7,5 and 6,7.
    ring = {(5, 6): [("beetle", 0)], (6, 7): [("spider", 0)], (6, 5): [("grasshopper", 1)],
            (7, 5): [("beetle", 1)], (5, 7): [("queen", 1)]}
    inside = position(program, {**ring, (6, 6): [("queen", 0)]})
    assert moves(inside, 6, 6) == set()   # the queen is trapped in the pocket
    outside = position(program, {**ring, (8, 4): [("ant", 0)], (4, 6): [("queen", 0)]})
    assert (7, 6) in moves(outside, 8, 4) and (6, 6) not in moves(outside, 8, 4)


def test_a_beetle_climbs_onto_the_hive_but_not_through_a_gate(program):
    ring = {(5, 6): [("ant", 0)], (6, 7): [("spider", 0)], (6, 5): [("grasshopper", 1)],
            (7, 5): [("ant", 1)], (5, 7): [("queen", 1)]}
    game = position(program, {**ring, (6, 6): [("beetle", 0)]})
    assert moves(game, 6, 6) == {(5, 6), (6, 7), (6, 5), (7, 5), (5, 7)}   # not out to 7,6


def test_a_bug_under_a_beetle_is_pinned_and_the_beetle_may_step_down(program):
    game = position(program, {(6, 6): [("queen", 0), ("beetle", 1)], (5, 6): [("ant", 0)]})
    assert not game.program.funcs["mine"](game, game.state.players[0], cell(6, 6))
    black = game.state.players[1]
    steps = game.program.funcs["moves_of"](game, black, cell(6, 6))
    assert len(steps) == 6   # down onto any empty space around, or onto the ant


def test_the_spider_goes_exactly_three_spaces_and_the_ant_anywhere_around(program):
    pair = position(program, {(6, 6): [("queen", 1)], (5, 6): [("spider", 0)]})
    assert moves(pair, 5, 6) == {(7, 6)}   # three steps either way round the queen: the far side
    ant = position(program, {(6, 6): [("queen", 1)], (5, 6): [("ant", 0)]})
    assert moves(ant, 5, 6) == {(7, 6), (7, 5), (6, 5), (5, 7), (6, 7)}


def test_the_grasshopper_jumps_over_a_line_of_bugs_to_the_first_empty_space(program):
    game = position(program, {(4, 6): [("grasshopper", 0)], (5, 6): [("queen", 0)], (6, 6): [("ant", 1)],
                              (5, 5): [("queen", 1)]})
    assert moves(game, 4, 6) == {(7, 6), (6, 4)}


def test_a_new_bug_touches_no_opponent_and_the_queen_comes_by_the_fourth_turn(program):
    game = position(program, {(5, 6): [("ant", 0)], (6, 6): [("ant", 1)]})
    white = game.state.players[0]
    assert game.program.funcs["placeable"](game, white) == ["queen"]
    spots = {(c.fields["q"], c.fields["r"]) for c in game.program.funcs["placements"](game, white)}
    assert spots == {(4, 6), (5, 5), (4, 7)}
    assert game.program.funcs["movable"](game, white) == []   # no move before the queen is placed


def test_the_player_whose_queen_is_surrounded_loses(program):
    around = [(7, 6), (5, 6), (6, 7), (6, 5), (7, 5)]
    game = position(program, {(6, 6): [("queen", 1)], (4, 7): [("queen", 0)], (4, 8): [("ant", 0)],
                              **{c: [("ant" if i < 3 else "spider", i % 2)] for i, c in enumerate(around)}})
    white = game.state.players[0]
    white.stock["turns_taken"] = 5
    with pytest.raises(GameEnded):
        drive(game, game.program.procs["turn"](game, white), ["no", "4,8", "5,7"])
    result = game.result(digest=False)   # Black's queen is surrounded: Black loses at once
    assert result["winners"] == ["White"] and result["sudden"] == "lost" and result["reason"] == "queen surrounded"


def test_random_games_agree_on_both_backends():
    played_on_both_backends(PACK, 2, 3, decisions=40)
