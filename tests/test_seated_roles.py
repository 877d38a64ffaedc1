"""`Game(program, players, seed, roles=[...])`: a scenario's seats hold the roles given (a test's position, a
digital implementer's set-up) instead of those the seats line deals; the rest of the game's randomness is the
seed's (tests/test_bang_lite_pack.py: the same deck); a clone keeps them, `record` logs them (tests/test_role_logs.py: replayed seated); misuse is E608.
On both backends, with Avalon's table (tests/test_seat_roles_shuffled.py)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import build_text
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.record import record

from .test_seat_roles_shuffled import AVALON

SEATS = "seats 5 to 10 roles good, good, good, evil, evil, good, evil, good, good, evil shuffled;"


@pytest.fixture(scope="module", params=[False, True], ids=["compiled", "interpreted"])
def avalon(request):
    return build_text(AVALON, interpreted=request.param)


def roles(game: Game) -> list[str]:
    return [game.role_of(p).name for p in game.state.players]


def test_the_seats_hold_the_roles_given_by_name_or_as_the_role(avalon):
    game = Game(avalon, 5, 1, roles=["evil", "good", "good", "evil", "good"])
    assert roles(game) == ["evil", "good", "good", "evil", "good"]
    assert [p.name for p in game.holders("evil")] == ["P1", "P4"]
    evil, good = avalon.entities["evil"], avalon.entities["good"]
    assert roles(Game(avalon, 5, 1, roles=[good, good, evil, good, evil])) == ["good", "good", "evil", "good", "evil"]


def test_a_clone_keeps_the_seated_roles_and_record_logs_them(avalon):
    seated = ["evil", "evil", "good", "good", "good"]
    game = Game(avalon, 5, 7, make_agents("random", 5, 7), roles=seated)
    assert roles(game.clone()) == seated
    game.start()
    assert roles(game.clone()) == seated
    assert record(game).roles == seated   # replayed seated: tests/test_role_logs.py


@pytest.mark.parametrize("given,said", [
    ("good", "a list of role names"),
    (["good", "good", "evil", "evil"], "4 roles for 5 players"),
    (["good", "good", "evil", "evil", "merlin"], "'merlin' is no role of the pack: its roles are good, evil"),
    ([1, "good", "evil", "evil", "good"], "1 is no role"),
])
def test_roles_of_another_count_or_no_role_are_e608(avalon, given, said):
    with pytest.raises(RulesRuntimeError) as refused:
        Game(avalon, 5, 1, roles=given)
    assert refused.value.code == "E608" and said in refused.value.message


def test_a_role_not_shared_seated_twice_or_a_pack_whose_seats_give_none_is_e608():
    one_king = AVALON.replace('role evil "Minion of Mordred" shared hidden', 'role evil "Mordred" hidden').replace(
        SEATS, "seats 2 to 3 roles good, evil, good shuffled;")
    with pytest.raises(RulesRuntimeError) as refused:
        Game(build_text(one_king), 3, 1, roles=["evil", "good", "evil"])
    assert refused.value.code == "E608" and "the role evil is seated 2 times, but it is not `shared`" in \
        refused.value.message
    assert [p.name for p in Game(build_text(one_king), 3, 1, roles=["good", "evil", "good"]).holders("good")] == \
        ["P1", "P3"]
    given_in_play = AVALON.replace(SEATS, "seats 5 to 10;").replace(
        "phase play {", "phase setup { each players: give you role good; }\n  phase play {")
    with pytest.raises(RulesRuntimeError) as refused:
        Game(build_text(given_in_play), 5, 1, roles=["good"] * 5)
    assert refused.value.code == "E608" and "Game.give_role" in refused.value.message
