"""`rulebook simulate`'s early warning for a game that keeps growing and does not end (W642, runtime/growth.py):
tests/packs/endless never ends (its winning test counts the player's own hoard among the others'), and
simulate says so, naming what grows and where it is declared, thousands of decisions before the decision
limit (E602, 100,000) would stop it; a game that ends says nothing."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.runtime import growth
from rulebook.runtime import simulate as sim
from rulebook.runtime.limits import Limits

ENDLESS = Path(__file__).parent / "packs" / "endless"


ALONE = 3_000   # WATCH_ALONE for these tests (20,000 in use): the games stay short


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    """One endless game of 3 players stopped at 3,600 decisions (past WATCH_ALONE: no game finished before it),
    played in this process (one worker), where WATCH_ALONE is lowered."""
    out = tmp_path_factory.mktemp("growth") / "r.json"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(growth, "WATCH_ALONE", ALONE)
        result = CliRunner().invoke(app, ["simulate", str(ENDLESS), "-n", "3", "--games", "1", "-w", "1",
                                          "--max-decisions", "3600", "--json", str(out)])
    assert result.exit_code == 0, result.output
    return json.loads(out.read_text()), " ".join(result.output.split())


def test_simulate_warns_of_a_game_that_keeps_growing_before_any_limit(report):
    data, output = report
    [grown] = data["growing"]
    assert grown["seed"] == 1 and grown["median"] is None
    # the first look past WATCH_ALONE decisions (a look every 500 decisions), long before E602's 100,000
    assert ALONE <= grown["decisions"] < ALONE + growth.WATCH_EVERY
    [coin] = grown["grows"]
    assert coin["name"] == "coin" and coin["at"].endswith("endless.rules:5:1")
    values = coin["values"]   # every seat takes 1 or 2 coins a turn: the hoards rise at every look
    assert len(values) == growth.WATCH_RISES + 1 and all(a < b for a, b in zip(values, values[1:]))
    assert 500 <= values[1] - values[0] <= 1000
    assert "warning[W642]: the game of seed 1 has made" in output and "and no game has finished yet" in output
    assert "still growing: 'coin'" in output and "declared at " in output and "endless.rules:5:1" in output


def test_a_game_far_longer_than_the_median_is_told_with_it():
    job, program = sim.prepare(str(ENDLESS), [], 3, limits=Limits(decisions=6000))
    sim._load_afresh(job)
    sim._LENGTHS[sim._key(job)] = [300, 310, 320]   # as if three short games had finished in this process (sorted)
    try:
        record = sim.play_game(*sim._loaded(job), job, 4)
    finally:
        sim._LENGTHS[sim._key(job)].clear()
    assert record.stopped is not None and record.growing is not None
    found = record.growing
    assert found["median"] == 310 and growth.WATCH_FROM <= found["decisions"] < 6000
    text = growth.growth_text(4, found, {})
    assert "times the median of the games that finished (310)" in text and "'coin'" in text


def test_a_long_game_with_nothing_growing_is_told_as_a_cycle_once_there_is_a_median():
    state = SimpleNamespace(globals={"turn_marker": 1}, zones={"pile": [1, 2]}, gvars={}, players=[], actors={})
    game = SimpleNamespace(state=state, decisions_made=0)
    told = []
    watch = growth.Growth(5000, 100.0, told.append)
    for decisions in range(1000, 8000, 500):   # the same state at every look
        game.decisions_made = decisions
        watch.look(game)
    assert len(told) == 1 and told[0]["grows"] == [] and told[0]["decisions"] == 5000
    assert "nothing it holds keeps growing" in growth.growth_text(1, told[0], {})
    alone = growth.Growth(5000, None, told.append)   # no median: only growth is told
    for decisions in range(1000, 8000, 500):
        game.decisions_made = decisions
        alone.look(game)
    assert len(told) == 1


def test_games_that_end_are_not_watched_into_a_warning(tmp_path):
    from .test_drawn import GAME, TUG
    from .conftest import write_pack

    pack = write_pack(tmp_path / "tug", TUG + GAME, name="tug")
    job, _program = sim.prepare(str(pack), [], 2)
    records = sim.run(job, range(1, 7))
    assert all(r.finished and r.growing is None for r in records) and not sim.growing_games(job, records)
    assert "growing" not in sim.summary(job, records, [], [], 1)
