"""A game stopped (`--max-decisions`) and resumed (`rulebook resume`) plays the same game as one played
straight through, for the random, focused and mixed agents too: the resumed agents are asked each logged
decision of their seat as it is played back (agents.catch_up), so their generators and plans go on as they
were. Logged games replay as before (no agent is asked in a replay); a person or a script is not asked
again. Limits are of one run: the log says why a game stopped, and `resume` has the limits it is given."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.runtime.agents import ScriptedAgent, make_agents
from rulebook.runtime.engine import Game
from rulebook.runtime.limits import Limits, Stopped, limit
from rulebook.runtime.record import record, replay, resume


def stopped_at(program, kind: str, after: int, seed: int = 7, players: int = 3) -> Game:
    g = limit(Game(program, players, seed, make_agents(kind, players, seed)), Limits(after, None, None))
    with pytest.raises(Stopped):
        g.play()
    return g


@pytest.mark.parametrize("kind", ["random", "focused", "mixed", "first"])
@pytest.mark.parametrize("backend", ["compiled", "interpreted"])
def test_a_stopped_game_resumed_is_the_game_played_straight_through(federation_programs, kind, backend):
    program = federation_programs[backend]
    straight = Game(program, 3, 7, make_agents(kind, 3, 7))
    straight.play()
    again = resume(program, record(stopped_at(program, kind, 60)), agents=make_agents(kind, 3, 7))
    assert again.decisions_made == 60
    again.play()
    assert again.log == straight.log and again.state.digest() == straight.state.digest()
    assert again.result() == straight.result()


def test_resume_until_with_the_same_agents_plays_the_logged_game_again(federation_programs):
    program = federation_programs["compiled"]
    full = Game(program, 2, 3, make_agents("random", 2, 3))
    full.play()
    branch = resume(program, record(full), until=25, agents=make_agents("random", 2, 3))
    branch.play()
    assert branch.log == full.log
    other = resume(program, record(full), until=25, agents=make_agents("random", 2, 4))   # other agents: another branch
    other.play()
    assert other.log[:len(branch.log)] != full.log and replay(program, record(other)).state.over


def test_a_script_is_not_asked_the_decisions_played_back(federation_programs):
    program = federation_programs["compiled"]
    g = stopped_at(program, "random", 10, players=2)
    script = ScriptedAgent([0, 0, 0])
    again = resume(program, record(g), agents=[script, script])
    assert script.position == 0 and again.decisions_made == 10


def test_rulebook_resume_with_random_agents(tmp_path):
    def run(*args):
        result = CliRunner().invoke(app, [str(a) for a in args])
        assert result.exit_code == 0, result.output
        return result.output

    run("play", "federation", "-n", "3", "-s", "11", "--agent", "mixed", "--log", tmp_path / "straight.json", "-q")
    run("play", "federation", "-n", "3", "-s", "11", "--agent", "mixed", "--max-decisions", "80",
        "--log", tmp_path / "part.json", "-q")
    said = run("resume", tmp_path / "part.json", "--agent", "mixed", "--log", tmp_path / "rest.json", "-q")
    straight, rest = (json.loads((tmp_path / name).read_text()) for name in ("straight.json", "rest.json"))
    assert rest["entries"] == straight["entries"] and rest["result"] == straight["result"], said


def test_resume_says_its_limits_are_its_own():
    shown = CliRunner().invoke(app, ["resume", "--help"], terminal_width=200).output
    assert "not kept from the log" in " ".join(shown.split())
