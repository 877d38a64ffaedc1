"""A game seated with `roles=[...]` (Bang! lite, The Resistance) is recorded with its roles (`GameLog.roles`) and
replays to the same final state on both backends, from either backend's log; a log with no roles field is dealt
by the seed as before (and a log of a dealt game has no such field); a log whose roles do not fit the pack is
E604, never a traceback; `rulebook play --roles` and `simulate --roles` seat them (E510 when they do not fit)."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.runtime import simulate as sim
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.record import GameLog, dump, load, record, replay, resume

from .conftest import program_of

PACKS = Path(__file__).parent / "packs"
BANG, RESISTANCE = PACKS / "bang_lite", PACKS / "resistance"
# not the deal of seed 5: the Sheriff on the last seat, the Renegade first
SEATED = ["renegade", "outlaw", "outlaw", "sheriff"]


@pytest.fixture(scope="module")
def bang():
    """Bang! lite on each backend."""
    return {backend: program_of(BANG, backend) for backend in ("compiled", "interpreted")}


def roles(game: Game) -> list[str]:
    return [game.role_of(p).name for p in game.state.players]


def played(program, seed: int = 5, seated=SEATED) -> Game:
    game = Game(program, len(seated), seed, make_agents("random", len(seated), seed), roles=seated)
    game.play()
    return game


@pytest.fixture(scope="module")
def games(bang):
    """A seated game of each backend, played to its end once for the module."""
    return {backend: played(program) for backend, program in bang.items()}


def test_the_seats_roles_are_not_the_seeds_deal():
    """Else a log that forgot them would replay the same game and the tests below would prove nothing."""
    dealt = Game(program_of(BANG, "compiled"), 4, 5)
    dealt.start()
    assert roles(dealt) != SEATED


@pytest.mark.parametrize("recorded_on", ["compiled", "interpreted"])
@pytest.mark.parametrize("replayed_on", ["compiled", "interpreted"])
def test_a_seated_game_replays_to_the_same_state_on_both_backends(bang, games, recorded_on, replayed_on, tmp_path):
    game = games[recorded_on]
    assert game.state.over and roles(game) == SEATED
    log = record(game)
    assert log.roles == SEATED
    path = tmp_path / "bang.json"
    path.write_text(dump(log))
    again = replay(bang[replayed_on], load(path), str(path))
    assert roles(again) == SEATED
    assert again.state.digest() == game.state.digest() == log.final_digest
    assert again.result()["winners"] == game.result()["winners"]


def test_both_backends_play_the_seated_game_alike(games):
    compiled, interpreted = games["compiled"], games["interpreted"]
    assert (compiled.log, compiled.state.digest()) == (interpreted.log, interpreted.state.digest())


def test_the_roles_field_is_what_replays_the_seated_game(bang, games):
    """Without it the log is dealt by the seed: the replay diverges (E603), it does not pass unseen."""
    data = json.loads(dump(record(games["compiled"])))
    del data["roles"]
    with pytest.raises(RulesRuntimeError) as diverged:
        replay(bang["compiled"], GameLog.model_validate_json(json.dumps(data)))
    assert diverged.value.code == "E603"


def test_a_dealt_games_log_has_no_roles_field_and_replays_as_before(bang):
    game = Game(bang["compiled"], 4, 5, make_agents("random", 4, 5))
    game.play()
    text = dump(record(game))
    assert '"roles"' not in text and list(json.loads(text))[:8] == \
        ["format", "pack", "digest", "location", "with", "players", "seed", "variants"]
    log = GameLog.model_validate_json(text)
    assert log.roles is None and log.format == "rulebook-log/4"
    assert replay(bang["interpreted"], log).state.digest() == game.state.digest()


def test_an_unfinished_seated_game_resumes_seated_and_ends_as_played_straight_through():
    """The Resistance, saved after 12 decisions and resumed with the same agents: its spies are still the seated ones."""
    program = program_of(RESISTANCE, "compiled")
    seated = ["spy", "loyal", "loyal", "spy", "loyal"]
    straight = Game(program, 5, 3, make_agents("random", 5, 3), roles=seated)
    straight.play()
    saved = Game(program, 5, 3, make_agents("random", 5, 3), roles=seated)
    saved.start()
    while saved.decisions_made < 12:
        saved.apply(saved.agents[saved.decision.player.index].choose(saved.decision, saved.view(saved.decision.player.index)))
    log = record(saved)
    assert log.unfinished is not None and log.roles == seated
    resumed = resume(program, GameLog.model_validate_json(dump(log)), agents=make_agents("random", 5, 3))
    assert roles(resumed) == seated and [p.name for p in resumed.holders("spy")] == ["P1", "P4"]
    resumed.play()
    assert resumed.state.digest() == straight.state.digest()
    assert record(resumed).roles == seated


def _changed_log(games, tmp_path, name: str, change) -> Path:
    data = json.loads(dump(record(games["compiled"])))
    change(data)
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(data))
    return path


BAD_ROLES = {
    "a role the pack lacks": (lambda d: d.update(roles=["renegade", "outlaw", "outlaw", "merlin"]), "E604",
                              "the log's roles cannot be seated: 'merlin' is no role of the pack"),
    "too few": (lambda d: d.update(roles=["renegade", "outlaw", "sheriff"]), "E604",
                "the log's roles cannot be seated: 3 roles for 4 players"),
    "a role not shared twice": (lambda d: d.update(roles=["sheriff", "outlaw", "outlaw", "sheriff"]), "E604",
                                "the role sheriff is seated 2 times, but it is not `shared`"),
    "not a list": (lambda d: d.update(roles="sheriff"), "E604", "roles: Input should be a valid array"),
    "not names": (lambda d: d.update(roles=[1, 2, 3, 4]), "E604", "roles.0: Input should be a valid string"),
    "more than the most seats": (lambda d: d.update(roles=["outlaw"] * 40), "E604", "roles: List should have at most"),
    "other roles": (lambda d: d.update(roles=["outlaw", "sheriff", "outlaw", "renegade"]), "E603", "replay diverged"),
}


@pytest.mark.parametrize("case", BAD_ROLES)
def test_a_log_whose_roles_do_not_fit_is_refused_by_replay_with_a_code(games, tmp_path, case):
    change, code, said = BAD_ROLES[case]
    path = _changed_log(games, tmp_path, "bad", change)
    result = CliRunner().invoke(app, ["replay", str(path), "--pack", str(BANG)])
    assert result.exit_code == 1, result.output
    assert f"{path}: error[{code}]:" in result.output and said in result.output, result.output
    assert "Traceback" not in result.output


def test_roles_in_the_log_of_a_pack_whose_seats_give_none_are_e604(tmp_path):
    """A Hive log given roles: Hive deals none."""
    hive = program_of(PACKS / "hive", "compiled")
    game = Game(hive, 2, 1, make_agents("random", 2, 1))
    game.start()
    data = json.loads(dump(record(game)))
    data["roles"] = ["white", "black"]
    with pytest.raises(RulesRuntimeError) as refused:
        replay(hive, GameLog.model_validate_json(json.dumps(data)), "hive.json")
    assert refused.value.code == "E604" and refused.value.where == "hive.json"
    assert "roles are seated only in a pack whose seats line gives them" in refused.value.message


def test_play_roles_seats_them_logs_them_and_the_log_replays_interpreted(tmp_path):
    log = tmp_path / "bang.json"
    runner = CliRunner()
    played = runner.invoke(app, ["play", str(BANG), "--roles", ",".join(SEATED), "-s", "5", "-q", "--log", str(log)])
    assert played.exit_code == 0 and "winner" in played.output, played.output   # -n: one a role given
    assert load(log).roles == SEATED and load(log).players == 4
    replayed = runner.invoke(app, ["replay", str(log), "--interpreted"])
    assert replayed.exit_code == 0 and "replay matches the log" in replayed.output, replayed.output
    # the game of the same seed, the roles dealt, is another game
    dealt = runner.invoke(app, ["play", str(BANG), "-n", "4", "-s", "5", "-q"])
    final = re.compile(r"final state ([0-9a-f]+)")
    assert final.search(played.output)[1] == load(log).final_digest != final.search(dealt.output)[1]


@pytest.mark.parametrize("args,said", [
    (["--roles", "sheriff,outlaw,outlaw,merlin"], "--roles: 'merlin' is no role of the pack"),
    (["-n", "5", "--roles", "sheriff,outlaw,outlaw,renegade"], "--roles: 4 roles for 5 players"),
    (["--roles", "sheriff,sheriff,outlaw,renegade"], "the role sheriff is seated 2 times"),
    (["--roles", "sheriff,outlaw"], "Bang! is for 4 to 7 players, not 2"),
])
def test_play_roles_that_do_not_fit_are_a_usage_error(args, said):
    result = CliRunner().invoke(app, ["play", str(BANG), "-q", *args])
    assert result.exit_code == 2 and f"{BANG}: error[E510]: " in result.output and said in result.output, result.output


def test_play_roles_in_a_pack_whose_seats_give_none_is_e510():
    result = CliRunner().invoke(app, ["play", str(PACKS / "hive"), "--roles", "white,black", "-q"])
    assert result.exit_code == 2 and "error[E510]: --roles seats roles only in a pack whose seats line gives them" \
        in result.output, result.output


def test_simulate_roles_seats_every_game_alike(tmp_path):
    report = tmp_path / "report.json"
    result = CliRunner().invoke(app, ["simulate", str(BANG), "--roles", ",".join(SEATED), "-g", "4", "-w", "1",
                                      "--json", str(report)])
    assert result.exit_code == 0 and "4 players seated renegade, outlaw, outlaw, sheriff" in result.output, \
        result.output
    data = json.loads(report.read_text())
    assert data["seated_roles"] == SEATED and data["players"] == 4
    assert {row["role"]: row["games"] for row in data["roles"]} == {"Renegade": 4, "Outlaw": 8, "Sheriff": 4}
    refused = CliRunner().invoke(app, ["simulate", str(BANG), "--roles", "sheriff,outlaw", "-n", "4", "-g", "1"])
    assert refused.exit_code == 2 and "--roles: 2 roles for 4 players" in refused.output, refused.output


def test_a_failed_simulated_games_log_keeps_the_seated_roles(bang, games, tmp_path):
    """simulate writes a replayable log of a game that failed: seated, it must seat the roles again."""
    job, _program = sim.prepare(str(BANG), [], 4)
    job = dataclasses.replace(job, roles=tuple(SEATED))
    entries = [list(e) for e in games["compiled"].log]
    failed = sim.GameRecord(5, decisions=3, error={"message": "error[E601]: a failure", "where": None, "notes": [],
                                                   "entries": entries})
    [written] = sim.failure_logs(job, [failed], tmp_path)
    assert load(Path(written["log"])).roles == SEATED


BANKED = """
role banker "Banker" {}
role thief "Thief" hidden {}
resource coin "Coins" supply 5;
counter vp;
game g {
  seats 2 roles banker, thief;
  phase play { each player { gain 2 coin; } end game; }
  winner most coin;
}
"""


@pytest.mark.parametrize("backend", ["compiled", "interpreted"])
def test_a_pack_with_a_bank_seats_roles_and_its_log_replays_them(backend, tmp_path):
    """A pack with a limited supply plays as a SuppliedGame, which took no roles: seating them was a
    TypeError, and so was replaying any log of such a pack once logs carried their roles."""
    from rulebook.compiler.driver import build_text

    program = build_text(BANKED, interpreted=backend == "interpreted")
    game = Game(program, 2, 3, roles=["thief", "banker"])
    assert game.supply_left("coin") == 5
    game.play()
    log = record(game)
    assert [game.role_of(p).name for p in game.state.players] == ["thief", "banker"]
    assert game.supply_left("coin") == 1
    path = tmp_path / "banked.json"
    path.write_text(dump(log))
    replayed = replay(program, load(path))
    assert replayed.state.digest() == game.state.digest()
    assert [replayed.role_of(p).name for p in replayed.state.players] == ["thief", "banker"]
