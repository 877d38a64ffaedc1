"""Tapestry with Plans & Ploys, Arts & Architecture and Fantasies & Futures stacked (issue 10): whole
games with the base invariants, both backends agreeing, replays, and the command line."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.runtime.agents import RandomAgent
from rulebook.runtime.engine import Game
from rulebook.runtime.record import load, record, replay, save

from .conftest import games_per_count, pack_backends
from .test_tapestry import PACK, play_random

EXPANSIONS = ("tapestry_pp", "tapestry_aa", "tapestry_ff")
WITH = [arg for e in EXPANSIONS for arg in ("--with", e)]


@pytest.fixture(scope="module")
def backends(tmp_path_factory):
    return pack_backends(tmp_path_factory, PACK, expansions=EXPANSIONS)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_with_all_three_expansions_keep_the_invariants(backends, players):
    for seed in range(2):
        assert play_random(backends["compiled"], players, seed).result()["winners"]


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_hundred_games_per_count_with_all_three_expansions_keep_the_invariants(backends, players):
    for seed in range(games_per_count(100)):
        play_random(backends["compiled"], players, seed)


def test_both_backends_play_the_same_stacked_games_and_a_log_replays_on_both(backends, tmp_path):
    for players, seed in ((2, 3), (5, 8)):
        agents = lambda: [RandomAgent(seed * 10 + i) for i in range(players)]  # noqa: E731
        a, b = Game(backends["compiled"], players, seed, agents()), Game(backends["interpreted"], players, seed, agents())
        assert a.play() == b.play() and a.log == b.log
        save(record(a, PACK, list(EXPANSIONS)), tmp_path / "game.json")
        logged = load(tmp_path / "game.json")
        for backend in backends.values():
            assert replay(backend, logged).state.digest() == a.state.digest()


def test_play_with_all_three_expansions_is_deterministic_and_replays_from_the_command_line(tmp_path):
    for players in (2, 5):
        log = tmp_path / f"all{players}.json"
        args = ["play", "tapestry", *WITH, "--players", str(players), "--seed", "4", "--quiet"]
        first = CliRunner().invoke(app, args + ["--log", str(log)])
        again = CliRunner().invoke(app, args)
        assert first.exit_code == 0, first.output
        assert "winner:" in first.output and first.output.startswith(again.output)
        for extra in ([], ["--interpret"]):
            replayed = CliRunner().invoke(app, ["replay", str(log)] + extra)
            assert replayed.exit_code == 0, replayed.output
