"""The decision limit is each game's own (`Game.decisions_allowed`): a game that simulate watches (W642,
runtime/growth.py) stops for its looks at the decisions it was set to, and another game in the same process,
such as a clone an agent plays out while the watched game waits, keeps the limit it had, in play()'s loop and
in `apply` alike, on both backends."""

from __future__ import annotations

import pytest

from rulebook.runtime import growth
from rulebook.runtime.agents import RandomAgent
from rulebook.runtime.engine import MAX_DECISIONS, Game


@pytest.fixture(params=["compiled", "interpreted"])
def program(request, federation_programs):
    """Federation on each backend (the programs the other Federation tests share)."""
    return federation_programs[request.param]


class Stopping(Game):
    """A game that notes each decision count past its limit and sets the limit ten decisions on, as a
    watch's look does."""

    def past_allowed(self, d) -> None:
        Game.past_allowed(self, d)
        self.stops = getattr(self, "stops", []) + [self.decisions_made]
        self.decisions_allowed = self.decisions_made + 10


def game(program, seed: int = 1) -> Stopping:
    """A two-player game (the shortest Federation plays)."""
    return Stopping(program, 2, seed, [RandomAgent(seed * 10 + i) for i in range(2)])


def test_a_lowered_limit_is_the_one_games_own_in_the_play_loop(program):
    watched, other = game(program), game(program)
    watched.decisions_allowed = 24
    watched.play()
    assert watched.stops[:3] == [25, 36, 47] and watched.stops[-1] > watched.decisions_made - 11
    other.play()   # played after the watched one set its limit many times: never stopped
    assert not hasattr(other, "stops") and other.decisions_allowed == MAX_DECISIONS
    assert other.log == watched.log   # the same seeded game: the stops changed nothing


def test_a_lowered_limit_is_the_one_games_own_when_answered_one_by_one(program):
    watched, other = game(program, 2), game(program, 2)
    watched.decisions_allowed = 4
    d_watched, d_other = watched.start(), other.start()
    for _ in range(30):   # the two answered in turn, as an agent playing a clone out between two moves
        d_watched = watched.apply(watched.agents[d_watched.player.index].choose(*watched.offer(d_watched)))
        d_other = other.apply(other.agents[d_other.player.index].choose(*other.offer(d_other)))
    assert watched.stops == [5, 16, 27] and not hasattr(other, "stops")


def test_simulate_watches_a_game_and_leaves_its_limit_as_it_was(program):
    watched = Game(program, 2, 3, [RandomAgent(i) for i in range(2)])
    watched.__class__ = type("WatchedGame", (growth.Watched, Game), {})
    found = growth.watch(watched, [], lambda found: None)
    other = Game(program, 2, 3, [RandomAgent(i) for i in range(2)])
    assert watched.decisions_allowed < growth.WATCH_ALONE and other.decisions_allowed == MAX_DECISIONS
    growth.unwatch(watched)
    assert watched.decisions_allowed == MAX_DECISIONS and growth.Watched.growth is None and found.found is None
