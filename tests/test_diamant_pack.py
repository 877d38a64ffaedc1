"""tests/packs/diamant: Diamant (Incan Gold), a push-your-luck game written from the reference alone (this
session's trial: it linted and played at the first try after three clear messages). The rulebook's cases: a
treasure shared among those inside with the rest left on the card, the leavers sharing what lies on the path,
an artifact taken by a lone leaver only, the second hazard of a kind sending everyone home empty-handed and
leaving the game; the everyone-at-once choice to stay or leave; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import compile_pack, interpret_pack
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game

from .conftest import pack_program, run_proc, traced_play

PACK = str(Path(__file__).parent / "packs" / "diamant")


program = pack_program(PACK)


def cave(program, players: int = 3, inside: int = 3) -> Game:
    """A game in an expedition: the first `inside` players in the cave, nobody carrying anything."""
    game = Game(program, players, 1)
    for i, p in enumerate(game.state.players):
        p.vars["inside"] = i < inside
    return game


def on_path(game: Game, name: str):
    """The card `name` turned up: moved onto the path and resolved."""
    c = game.program.entities[name]
    game.move(c, game.zone(None, "path"))
    run_proc(game, "turn_up", c)
    return c


def test_a_treasure_is_shared_and_the_rest_stays_on_the_card(program):
    game = cave(program, 4, 3)
    seven = on_path(game, "t7")
    assert [p.stock["carried"] for p in game.state.players] == [2, 2, 2, 0]   # 7 gems among 3: 2 each
    assert game.state.vals.get(seven, seven.fields)["left"] == 1


def test_leavers_share_what_lies_on_the_path_and_go_home_with_it(program):
    game = cave(program, 3, 3)
    on_path(game, "t7")                        # 2 each, 1 left
    on_path(game, "t11")                       # 3 each, 2 left
    p1, p2, p3 = game.state.players
    run_proc(game, "leave_cave", [p1, p2])     # two leave: 1 left can't be split, 2 left is 1 each
    assert (p1.stock["tent"], p2.stock["tent"], p3.stock["carried"]) == (6, 6, 5)
    assert not p1.vars["inside"] and p3.vars["inside"] and p1.stock["carried"] == 0
    run_proc(game, "leave_cave", [p3])         # the last one takes the gem left on the Treasure 7
    assert p3.stock["tent"] == 6


def test_only_a_lone_leaver_takes_the_artifact(program):
    for leaving in (2, 1):
        game = cave(program, 3, 3)
        idol = game.program.entities["great_idol"]
        game.move(idol, game.zone(None, "path"))
        run_proc(game, "leave_cave", game.state.players[:leaving])
        taken = [p.stock["artifacts"] for p in game.state.players]
        assert taken == ([0, 0, 0] if leaving == 2 else [1, 0, 0])
        assert (idol in game.zone(None, "path").items) is (leaving == 2)
        if leaving == 1:
            assert game.state.players[0].stock["tent"] == 10


def test_the_second_hazard_of_a_kind_sends_everyone_home_with_nothing(program):
    game = cave(program, 3, 3)
    on_path(game, "t9")                        # 3 each
    on_path(game, "snake")
    assert all(p.vars["inside"] for p in game.state.players)   # one snake: nothing happens
    on_path(game, "spider")
    second = on_path(game, "snake#2")
    assert not any(p.vars["inside"] for p in game.state.players)
    assert [p.stock["carried"] for p in game.state.players] == [0, 0, 0] and \
        [p.stock["tent"] for p in game.state.players] == [0, 0, 0]
    assert second in game.zone(None, "removed").items          # out of the game for good


def test_everyone_inside_chooses_at_once(program):
    # after each card, every explorer inside answers before anyone's leaving is carried out
    lines = traced_play(program, 4, 7)
    turns, current = [], []
    for line in lines:
        if "draw 1 from deck to path" in line:
            turns.append(current)
            current = []
        elif "choice stay or leave?" in line or " tent" in line:
            current.append("choice" if "choice" in line else "home")
    turns.append(current)
    asked = [t for t in turns if "choice" in t]
    assert len(asked) > 10
    for t in asked:   # no one goes home between two answers of the same turn
        assert "choice" not in t[t.index("home"):] if "home" in t else True, t


@pytest.mark.parametrize("players", [3, 5, 8])
def test_both_backends_play_the_same_games(players):
    compiled, interpreted = compile_pack(PACK).program, interpret_pack(PACK)
    for seed in range(1, 6):
        a = Game(compiled, players, seed, make_agents("random", players, seed))
        b = Game(interpreted, players, seed, make_agents("random", players, seed))
        a.play(), b.play()
        assert a.log == b.log and a.state.digest() == b.state.digest()
        gems = sum(p.stock["tent"] for p in a.state.players)
        assert gems >= 0 and all(p.stock["carried"] == 0 for p in a.state.players)   # every expedition ended
