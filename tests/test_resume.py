"""Saving a game mid-way and resuming it: `over` in the result, unfinished logs, `record.resume` (and
undo, a resume one decision back), logs that name the stack their program was compiled from."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import build_text, compile_pack, interpret_pack
from rulebook.runtime.agents import RandomAgent, ScriptedAgent, make_agents
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.record import GameLog, load, record, replay, resume, save

from .conftest import write_pack
from .test_hardening_records import GAME as DEMO

HOUSE = """
override card c2 "Market" { worth = 2; play { gain 3 coin; } }
"""
HALF = 150   # Federation's random games take about 330 decisions: stop well inside one


def answered(program, seed: int = 5, players: int = 3) -> tuple[Game, list]:
    """A whole game played by random agents, and the answers it was given."""
    g = Game(program, players, seed, make_agents("random", players, seed))
    g.play()
    return g, [e[1] for e in g.log if isinstance(e[0], int)]


def stopped(program, answers: list, after: int, seed: int = 5, players: int = 3) -> Game:
    """The same game, answered by hand and left at its pending decision after `after` decisions."""
    g = Game(program, players, seed)
    d = g.start()
    for answer in answers[:after]:
        d = g.apply(answer)
    assert d is not None
    return g


def play_on(g: Game, answers: list) -> Game:
    """Answer the rest of the decisions from the original game's answers."""
    d = g.decision
    while d is not None:
        d = g.apply(answers[g.decisions_made])
    return g


def invoke(*args):
    result = CliRunner().invoke(app, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    return result


@pytest.fixture(params=["compiled", "interpreted"])
def federation(request, federation_programs):
    return federation_programs[request.param]


# ------------------------------------------------------------------------------ over, unfinished

def test_result_says_whether_the_game_is_over(federation):
    g = Game(federation, 3, 5, make_agents("random", 3, 5))
    assert g.result()["over"] is False                       # before start: standings, not a result
    g.start()
    g.apply(0)
    assert g.result()["over"] is False
    g.play()
    assert g.result()["over"] is True and g.result(digest=False)["over"] is True


def test_an_unfinished_game_is_logged_unfinished_with_no_result(federation, tmp_path):
    full, answers = answered(federation)
    g = stopped(federation, answers, HALF)
    log = record(g)
    assert log.format == "rulebook-log/4"
    assert log.result is None and log.final_digest is None and log.error is None
    assert log.unfinished.player == g.decision.player.index and log.unfinished.digest == g.state.digest()
    assert log.entries == [tuple(e) for e in g.log] and len(log.entries) < len(full.log)
    save(log, tmp_path / "saved.json")
    text = (tmp_path / "saved.json").read_text()
    assert "winners" not in text and '"final_digest": null' in text
    assert load(tmp_path / "saved.json") == log


def test_an_unfinished_log_needs_the_new_format_and_a_seat_of_the_game(federation):
    log = record(stopped(federation, answered(federation)[1], 10))
    data = json.loads(log.model_dump_json(by_alias=True))
    assert GameLog.model_validate_json(json.dumps(data)) == log
    for change in ({"format": "rulebook-log/3"}, {"unfinished": {**data["unfinished"], "player": 3}},
                   {"result": {"scores": {}, "winners": [], "digest": "0" * 16}}):
        with pytest.raises(ValueError, match="a log ends with|`unfinished` is a"):
            GameLog.model_validate_json(json.dumps({**data, **change}))


def test_a_game_not_started_has_nothing_to_record(federation):
    with pytest.raises(RulesRuntimeError) as info:
        record(Game(federation, 3, 5))
    assert info.value.code == "E601"


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_game_stopped_by_a_rules_error_is_logged_with_it_and_replays_to_it(interpreted):
    """A game whose rules fail after a decision (a division by zero the checker cannot see) is
    logged with the error instead of a result, and its replay reproduces that error."""
    program = build_text(BROKEN, interpreted=interpreted)
    g = Game(program, 2, 1)
    d = g.start()
    with pytest.raises(RulesRuntimeError) as info:
        g.apply(d.index_of("yes"))
    log = record(g)
    assert log.error == f"error[{info.value.code}]: {info.value.message}" and log.result is None
    assert replay(program, GameLog.model_validate_json(log.model_dump_json())).error is not None


BROKEN = """
counter vp;
game broken "Broken" {
  seats 2 to 2;
  phase play {
    may "divide?" {
      gain 1 / (vp - vp) vp;
    }
  }
  winner most vp;
}
"""


# -------------------------------------------------------------------------------------- resuming

def test_a_resumed_game_played_on_with_the_same_answers_ends_as_the_original(federation, tmp_path):
    full, answers = answered(federation)
    save(record(stopped(federation, answers, HALF)), tmp_path / "saved.json")
    again = resume(federation, load(tmp_path / "saved.json"))
    assert again.decisions_made == HALF and again.decision is not None and not again.state.over
    play_on(again, answers)
    assert again.state.digest() == full.state.digest() and again.log == full.log
    assert again.result() == full.result()


def test_resume_hands_the_game_to_the_agents_given(federation):
    _full, answers = answered(federation)
    agents = [RandomAgent(i) for i in range(3)]
    again = resume(federation, record(stopped(federation, answers, 20)), agents=agents)
    assert again.agents == agents
    d = again.decision
    while d is not None:   # the resumed game's agents answer the rest
        d = again.apply(again.agents[d.player.index].choose(*again.offer(d)))
    assert again.state.over and replay(federation, record(again)).state.digest() == again.state.digest()


def test_undo_is_a_resume_one_decision_back(federation):
    _full, answers = answered(federation)
    g = stopped(federation, answers, 40)
    before = stopped(federation, answers, 39)
    undone = resume(federation, record(g), until=g.decisions_made - 1)
    assert undone.state.digest() == before.state.digest() and undone.log == before.log
    assert undone.decision.player.index == before.decision.player.index
    assert undone.legal() == before.legal()
    assert resume(federation, record(g), until=0).decisions_made == 0


def test_resume_of_a_finished_log_at_its_end_is_the_finished_game(federation):
    full, answers = answered(federation)
    log = record(full)
    assert resume(federation, log).state.over
    mid = resume(federation, log, until=HALF)
    assert mid.decisions_made == HALF and not mid.state.over
    assert play_on(mid, answers).state.digest() == full.state.digest()


def test_resume_checks_the_random_outcomes_it_replays(federation):
    full, _answers = answered(federation)
    data = json.loads(record(full).model_dump_json(by_alias=True))
    first = next(i for i, e in enumerate(data["entries"]) if e[0] == "shuffle")
    data["entries"][first][2] += 1
    with pytest.raises(RulesRuntimeError) as info:
        resume(federation, GameLog.model_validate_json(json.dumps(data)), until=HALF)
    assert info.value.code == "E603" and f"entry {first}" in info.value.message


def test_resume_past_the_logged_decisions_is_refused(federation):
    log = record(stopped(federation, answered(federation)[1], 10))
    for until in (11, -1):
        with pytest.raises(RulesRuntimeError) as info:
            resume(federation, log, until=until)
        assert info.value.code == "E604" and "the log has 10 decisions" in info.value.message


# ------------------------------------------------------------------------------ replaying unfinished

def test_replay_of_an_unfinished_log_stops_at_its_pending_decision(federation):
    _full, answers = answered(federation)
    g = stopped(federation, answers, HALF)
    log = record(g)
    again = replay(federation, log)
    assert again.decisions_made == HALF and again.state.digest() == g.state.digest()
    forged = log.model_copy(update={"unfinished": log.unfinished.model_copy(update={"digest": "0" * 16})})
    with pytest.raises(RulesRuntimeError) as info:
        replay(federation, forged)
    assert info.value.code == "E603" and "the replay stops at" in info.value.message


def test_a_finished_log_cut_short_is_not_taken_for_a_whole_game(federation):
    full, _answers = answered(federation)
    log = record(full)
    cut = log.entries[:len(log.entries) // 2]
    with pytest.raises(RulesRuntimeError) as info:
        replay(federation, log.model_copy(update={"entries": cut}))
    assert info.value.code == "E603"


@pytest.fixture
def demo(tmp_path):
    return write_pack(tmp_path / "demo", DEMO, name="demo")


def test_rulebook_replay_checks_an_unfinished_log_and_says_so(demo, tmp_path):
    program = compile_pack(str(demo)).program
    _full, answers = answered(program, players=2)
    g = stopped(program, answers, 2, players=2)
    save(record(g), tmp_path / "saved.json")
    result = invoke("replay", tmp_path / "saved.json")
    assert result.exit_code == 0, result.output
    assert "replay matches the log up to where it stops: the game is unfinished after 2 decisions" in result.output
    assert g.state.digest() in result.output and "final scores" not in result.output
    data = json.loads((tmp_path / "saved.json").read_text())
    data["unfinished"]["digest"] = "0" * 16
    (tmp_path / "saved.json").write_text(json.dumps(data))
    result = invoke("replay", tmp_path / "saved.json")
    assert result.exit_code == 1 and "error[E603]" in result.output


def test_a_log_of_the_previous_format_still_replays(demo, tmp_path):
    program = compile_pack(str(demo)).program
    full, _answers = answered(program, players=2)
    old = json.loads(record(full).model_dump_json(by_alias=True))
    del old["unfinished"]
    old["format"] = "rulebook-log/3"
    (tmp_path / "old.json").write_text(json.dumps(old))
    assert replay(program, load(tmp_path / "old.json")).state.digest() == full.state.digest()
    result = invoke("replay", tmp_path / "old.json")
    assert result.exit_code == 0 and "replay matches the log: final state" in result.output


# ------------------------------------------------------------------------------------ the stack

@pytest.fixture
def stacked(tmp_path):
    """A base pack and a house-rules pack on it, in a folder of their own."""
    base = write_pack(tmp_path / "packs" / "demo", DEMO, name="demo")
    house = write_pack(tmp_path / "packs" / "house", HOUSE, name="house", extends=["../demo"])
    return base, house


@pytest.mark.parametrize("build", ["compiled", "interpreted"])
def test_a_program_remembers_its_stack_and_record_names_it(stacked, build, tmp_path, monkeypatch):
    base, house = stacked
    monkeypatch.chdir(tmp_path / "packs")   # the stack typed relative to here
    program = (compile_pack("demo", expansions=["house"]).program if build == "compiled"
               else interpret_pack("demo", expansions=["house"]))
    assert program.stack.pack == "demo" and program.stack.location == str(base.resolve())
    assert program.stack.expansions == (str(house.resolve()),)
    g = Game(program, 2, 3, make_agents("random", 2, 3))
    g.play()
    log = record(g)
    assert (log.pack, log.location) == ("demo", str(base.resolve()))
    assert [(e.name, e.location) for e in log.expansions] == [("house", str(house.resolve()))]
    save(log, tmp_path / "game.json")
    monkeypatch.chdir(tmp_path)   # elsewhere: `demo` and `house` name nothing here
    result = invoke("replay", tmp_path / "game.json", *(["--interpret"] if build == "interpreted" else []))
    assert result.exit_code == 0, result.output
    assert f"replay matches the log: final state {g.state.digest()}" in result.output


def test_the_stack_leaves_the_cache_and_the_rules_digest_alone(stacked, tmp_path, monkeypatch):
    base, house = stacked
    first = compile_pack(str(base), expansions=[str(house)])
    hit = compile_pack(str(base), expansions=[str(house)])
    assert hit.cached and hit.key == first.key and hit.program.stack == first.program.stack
    monkeypatch.chdir(tmp_path / "packs")
    typed = compile_pack("./demo", expansions=["./house"])
    assert typed.program.digest == first.program.digest
    assert typed.program.stack == first.program.stack   # located: the same folders however typed


def test_an_unfinished_stacked_game_resumes_from_its_file_through_the_cli_pack_lookup(stacked, tmp_path):
    base, house = stacked
    program = compile_pack(str(base), expansions=[str(house)]).program
    full, answers = answered(program, players=2)
    g = stopped(program, answers, 1, players=2)
    save(record(g), tmp_path / "saved.json")
    result = invoke("replay", tmp_path / "saved.json")
    assert result.exit_code == 0 and "unfinished after 1 decisions" in result.output
    again = resume(program, load(tmp_path / "saved.json"), agents=[ScriptedAgent(answers[1:])] * 2)
    assert play_on(again, answers).state.digest() == full.state.digest()


def test_play_with_a_log_saves_a_game_that_stops_on_an_error_or_whose_input_ends(tmp_path):
    """`rulebook play --log` writes the log however the game ends: stopped by a rules error (the log
    replays to the same error: a bug report), or left when the human's input ends (unfinished,
    which `rulebook replay` checks and `record.resume` continues)."""
    broken = write_pack(tmp_path / "broken", BROKEN.replace('may "divide?"', "if true"), name="broken")
    log = tmp_path / "broken.json"
    played = invoke("play", broken, "--players", 2, "--log", log)
    assert played.exit_code == 1 and "ZeroDivisionError" in played.output and "with the error" in played.output
    assert GameLog.model_validate_json(log.read_text()).error.startswith("error[E601]: ZeroDivisionError")
    replayed = invoke("replay", log)
    assert "stops on the same error" in replayed.output

    log = tmp_path / "human.json"
    left = CliRunner().invoke(app, ["play", "federation", "--players", "2", "--agent", "human", "--log", str(log)],
                              input="")
    assert left.exit_code == 2 and "saved unfinished" in left.output
    saved = GameLog.model_validate_json(log.read_text())
    assert saved.unfinished is not None and saved.result is None
    assert invoke("replay", log).exit_code == 0


# ------------------------------------------------------------------------------ rulebook resume

def test_rulebook_resume_continues_a_saved_game_and_checks_what_the_log_holds(tmp_path):
    """A human's game saved when the input ends is continued by `rulebook resume`, from the same
    decision (the saved answers and random outcomes replayed and checked), and its new log holds the
    whole game, which replays; the log may be written over the one resumed."""
    log = tmp_path / "saved.json"
    CliRunner().invoke(app, ["play", "federation", "--players", "2", "--agent", "human", "--log", str(log)],
                       input="1\n2\n")
    saved = GameLog.model_validate_json(log.read_text())
    assert saved.unfinished is not None and sum(isinstance(e[0], int) for e in saved.entries) == 2
    left = CliRunner().invoke(app, ["resume", str(log), "--log", str(log)], input="1\n")
    assert left.exit_code == 2 and "resumed after 2 decisions: P" in left.output and "saved unfinished" in left.output
    again = GameLog.model_validate_json(log.read_text())
    assert again.entries[:len(saved.entries)] == saved.entries and again.unfinished is not None
    assert sum(isinstance(e[0], int) for e in again.entries) == 3
    done = invoke("resume", log, "--agent", "random", "--log", tmp_path / "done.json", "--quiet")
    assert done.exit_code == 0 and "winner:" in done.output
    whole = GameLog.model_validate_json((tmp_path / "done.json").read_text())
    assert whole.entries[:len(again.entries)] == again.entries and whole.result is not None
    assert "replay matches the log: final state" in invoke("replay", tmp_path / "done.json").output


def test_rulebook_resume_until_plays_on_from_an_earlier_decision(federation_programs, tmp_path):
    """--until N goes back to just after the log's Nth decision (undo, or a branch of a finished game):
    the same game `record.resume` gives, played on by the agents asked for; past the log's end is E604;
    a finished game with no --until has nothing to resume (a usage error)."""
    program = federation_programs["compiled"]
    full, _answers = answered(program, players=2)
    save(record(full), tmp_path / "full.json")
    branch = invoke("resume", tmp_path / "full.json", "--until", 10, "--agent", "first",
                    "--log", tmp_path / "branch.json", "--quiet")
    assert branch.exit_code == 0
    expected = resume(program, record(full), until=10, agents=make_agents("first", 2, 5))
    expected.play()
    assert f"final state {expected.state.digest()}" in branch.output
    assert GameLog.model_validate_json((tmp_path / "branch.json").read_text()) == record(expected)
    past = invoke("resume", tmp_path / "full.json", "--until", full.decisions_made + 1)
    assert past.exit_code == 1 and "error[E604]: cannot resume after decision" in past.output
    over = invoke("resume", tmp_path / "full.json")
    assert over.exit_code == 2 and "the logged game is over after" in over.output
