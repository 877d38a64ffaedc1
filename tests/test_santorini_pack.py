"""tests/packs/santorini: Santorini written by a designer new to the language (branch trial7), with the
rulebook's cases as assertions: the move (up one level at most, down any, never onto a worker or a dome), the
build (a dome on level 3), the win by moving up onto level 3, the loss of a player who cannot move; each of
the nine simple gods changing the base rule it names; both backends alike, lint clean and `fmt` stable."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game, GameEnded

from .conftest import drive, pack_program, played_on_both_backends, sudden_outcome

PACK = Path(__file__).parent / "packs" / "santorini"


program = pack_program(PACK)


def key(name: str, s: str) -> str:
    return f"{name}[{s[0]},{s[1]}]"


def board(program, mine: str, theirs: str = "", levels: dict | None = None, domes: str = "", god: str = "") -> Game:
    """A game with no workers placed but P1's on `mine` and P2's on `theirs` (squares as `b2 c3`), the levels
    given ({square: level}) built, domes on `domes`, and P1 holding `god`."""
    game = Game(program, 2, 1)
    p1, p2 = game.state.players
    for squares, holder in ((mine, p1), (theirs, p2)):
        for s in squares.split():
            game.state.gvars[key("worker", s)] = holder
    for s, n in (levels or {}).items():
        game.state.globals[key("level", s)] = n
    for s in domes.split():
        game.state.gvars[key("dome", s)] = True
    if god:
        game.move(program.entities[god], game.zone(p1, "power"))
    return game


def workers(game: Game) -> dict[str, str]:
    return {k[7:-1].replace(",", ""): v.name for k, v in game.state.gvars.items() if k.startswith("worker[") and v}


def turn(game: Game, answers, player: int = 0) -> list:
    """Run `turn` for a player; the decisions asked (the forced ones left out)."""
    return drive(game, game.program.procs["turn"](game, game.state.players[player]), answers)


def test_a_worker_moves_up_one_level_at_most_down_any_and_never_onto_a_worker_or_a_dome(program):
    game = board(program, "b2", "b1", {"a1": 1, "a2": 2, "b3": 3, "c3": 0}, domes="a3")
    asked = turn(game, ["a1", "a2"])   # a1 (one up), then build on a2
    assert asked[0].options == ["a1", "c1", "c2", "c3"]   # a2 and b3 too high, a3 domed, b1 taken
    assert workers(game) == {"a1": "P1", "b1": "P2"} and game.state.globals[key("level", "a2")] == 3


def test_building_on_level_three_puts_a_dome(program):
    game = board(program, "a1", "e5", {"b2": 3, "a2": 4 - 4})
    turn(game, ["a2", "b2"])   # the worker steps to a2 and builds on b2, which is at level 3
    assert game.state.gvars[key("dome", "b2")] is True and game.state.globals[key("level", "b2")] == 3


def test_moving_up_onto_level_three_wins_at_once(program):
    game = board(program, "b2", "e5", {"b2": 2, "c2": 3})
    with pytest.raises(GameEnded):
        turn(game, ["c2"])
    assert sudden_outcome(game) == (["P1"], "won", None)


def test_a_player_who_cannot_move_loses(program):
    game = board(program, "a1", "e5", domes="a2 b1 b2")
    with pytest.raises(GameEnded):
        turn(game, [])
    assert sudden_outcome(game) == (["P2"], "lost", "cannot move and build")


def test_apollo_swaps_with_the_opponents_worker(program):
    game = board(program, "b2", "c2", god="apollo")
    turn(game, ["c2", "d2"])
    assert workers(game) == {"c2": "P1", "b2": "P2"}


def test_minotaur_pushes_straight_back_but_not_off_the_board(program):
    game = board(program, "c2", "d2 b2", god="minotaur")
    asked = turn(game, ["d2", "c2"])
    assert "d2" in asked[0].options and "b2" in asked[0].options
    assert workers(game) == {"d2": "P1", "e2": "P2", "b2": "P2"}
    game = board(program, "d2", "e2", god="minotaur")
    asked = turn(game, ["d1", "d2"])
    assert "e2" not in asked[0].options   # nothing behind e2


def test_artemis_moves_twice_but_not_back(program):
    game = board(program, "a1", "e5", god="artemis")
    asked = turn(game, ["a2", "a3", "a2"])
    assert "a1" not in asked[1].options and asked[1].options[-1] == "stay"
    assert workers(game) == {"a3": "P1", "e5": "P2"}


def test_athena_climbing_keeps_the_opponent_from_climbing_on_their_next_turn(program):
    game = board(program, "a1", "e5", {"a2": 1, "d5": 1}, god="athena")
    turn(game, ["a2", "a3"])   # up one level, then build on a3
    asked = turn(game, ["d4", "e5"], player=1)
    assert "d5" not in asked[0].options and "d4" in asked[0].options
    turn(game, ["a1", "b1"])   # Athena moves down: the ban is lifted
    asked = turn(game, ["d5", "e5"], player=1)
    assert workers(game)["d5"] == "P2"


def test_atlas_may_build_a_dome_at_level_zero(program):
    game = board(program, "a1", "e5", god="atlas")
    turn(game, ["a2", "b2", "yes"])
    assert game.state.gvars[key("dome", "b2")] is True and game.state.globals[key("level", "b2")] == 0


def test_demeter_builds_again_but_not_on_the_same_space(program):
    game = board(program, "a1", "e5", god="demeter")
    asked = turn(game, ["a2", "b2", "a3"])
    assert "b2" not in asked[2].options and asked[2].options[-1] == "build once"
    assert game.state.globals[key("level", "b2")] == 1 and game.state.globals[key("level", "a3")] == 1


def test_hephaestus_builds_a_second_block_on_the_first_but_no_dome(program):
    game = board(program, "a1", "e5", {"b2": 1}, god="hephaestus")
    turn(game, ["a2", "b2", "yes"])
    assert game.state.globals[key("level", "b2")] == 3
    game = board(program, "a1", "e5", {"b2": 2}, god="hephaestus")
    asked = turn(game, ["a2", "b2"])   # level 3 now: a second block would be a dome, so nothing is asked
    assert len(asked) == 2 and game.state.gvars.get(key("dome", "b2")) is not True


def test_pan_wins_by_moving_down_two_levels(program):
    game = board(program, "b2", "e5", {"b2": 2}, god="pan")
    with pytest.raises(GameEnded):
        turn(game, ["c2"])
    assert sudden_outcome(game) == (["P1"], "won", None)
    plain = board(program, "b2", "e5", {"b2": 2})
    turn(plain, ["c2", "b2"])   # without Pan it is only a move
    assert plain.state.sudden is None and not plain.state.over


def test_prometheus_who_builds_first_may_not_move_up(program):
    game = board(program, "a1", "e5", {"b1": 1}, god="prometheus")
    # build on a2 first; then a2 and b1 are a level up, so the move to b2 is the only one (not asked); build on a1
    asked = turn(game, ["a2", "a1"])
    assert asked[0].options == ["a2", "b1", "b2", "move without building first"] and len(asked) == 2
    assert workers(game) == {"b2": "P1", "e5": "P2"} and game.state.globals[key("level", "a2")] == 1


@pytest.mark.parametrize("seed", range(6))
def test_random_games_with_gods_end_with_one_winner_and_agree_on_both_backends(seed):
    for game, result in played_on_both_backends(PACK, 2, seed):
        assert len(result["winners"]) == 1
        assert sum(len(game.zone(p, "power").items) for p in game.state.players) == 2
