"""Numeric options (`option NAME "Title": LOW..HIGH = DEFAULT;`): a number chosen per game with
`--option NAME=N`, read by its name in rules, kept in logs, tried at its bounds by `cover`."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import analyse_text
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.agents import make_agents
from rulebook.runtime.coverage import setups_of
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.record import record, replay

from .conftest import programs, write_pack

# Go (9 points in a row, for speed): Black places `handicap` stones before White's first move.
GO = """
option handicap "Handicap stones": 0..9 = 0;
option komi "Komi (points for White)": 0..15 = 7;
enum point { p1, p2, p3, p4, p5, p6, p7, p8, p9 }
var board[point] "Board" global: player;
counter stones "Stones";
proc place_handicap() {
  pick p from point where board[p] == none "place a handicap stone" exactly handicap {
    set board[p] = you;
    gain 1 stones;
  }
}
proc turn() {
  pick p from point where board[p] == none "place a stone" optional {
    set board[p] = you;
    gain 1 stones;
  }
}
func score(): int = stones + (if seat(you) == 2 then komi else 0);
game go "Go" {
  seats 2 to 2 named "Black", "White";
  phase setup { if handicap > 0 { each players where seat(you) == 1: place_handicap(); } }
  phase play { repeat 2 { each players: turn(); } }
  winner most score();
}
"""


def played(program, settings=(), seed: int = 3) -> Game:
    game = Game(program, 2, seed, make_agents("random", 2, seed), settings)
    game.play()
    return game


def runner_invoke(*args):
    result = CliRunner().invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output, result.output
    return result


@pytest.fixture(scope="module")
def go(tmp_path_factory):
    return write_pack(tmp_path_factory.mktemp("go"), GO, name="go")


def test_option_read_in_rules_on_both_backends(go):
    digests = set()
    for program in programs(go):
        base = played(program)
        assert base.options == {"handicap": 0, "komi": 7}
        black, white = base.state.players
        assert black.stock["stones"] <= 2 and white.stock["stones"] <= 2   # no handicap: two moves each at most
        game = played(program, ["handicap=4"])
        assert game.options == {"handicap": 4, "komi": 7}
        log = record(game)
        assert sorted(log.variants) == ["handicap=4", "komi=7"]   # every option's value, in the log
        black, white = game.state.players
        assert black.stock["stones"] >= 4 and game.state.gvars is not None
        assert sum(1 for k, v in game.state.gvars.items() if k.startswith("board") and v is black) == black.stock["stones"]
        digests.add(log.final_digest)
        assert replay(program, log).options == {"handicap": 4, "komi": 7}
    assert len(digests) == 1   # compiled and interpreted play the same game


def test_option_values_refused_out_of_range(go):
    program = programs(go)[0]
    for bad in (["handicap=10"], ["handicap=-1"], ["handicap=two"], ["handicap=1", "handicap=2"], ["size=9"],
                ["handicap"]):
        with pytest.raises(RulesRuntimeError) as e:
            Game(program, 2, 1, None, bad)
        assert e.value.code == "E608"
    assert Game(program, 2, 1, None, ["handicap=9", "komi=0"]).options == {"handicap": 9, "komi": 0}


def test_cli_option_usage_errors_name_the_range(go, tmp_path):
    bad = runner_invoke("play", go, "-n", 2, "--option", "handicap=12")
    assert bad.exit_code == 2 and "from 0 to 9" in bad.output and "E510" in bad.output
    assert runner_invoke("play", go, "-n", 2, "--option", "handicap").exit_code == 2   # no value
    assert runner_invoke("play", go, "-n", 2, "--option", "size=9").exit_code == 2    # no such option
    log = tmp_path / "game.json"
    ok = runner_invoke("play", go, "-n", 2, "--option", "handicap=3", "--log", log, "-q")
    assert ok.exit_code == 0, ok.output
    assert sorted(json.loads(log.read_text())["variants"]) == ["handicap=3", "komi=7"]
    again = runner_invoke("replay", log)
    assert again.exit_code == 0 and "replay matches the log" in again.output
    assert runner_invoke("replay", log, "--interpret").exit_code == 0
    sim = runner_invoke("simulate", go, "-n", 2, "-g", 2, "-w", 1, "--option", "komi=15")
    assert sim.exit_code == 0, sim.output
    assert runner_invoke("simulate", go, "-n", 2, "-g", 1, "-w", 1, "--option", "komi=16").exit_code == 2


def test_cover_tries_each_option_at_its_bounds(go):
    program = programs(go)[0]
    assert setups_of(program) == [[], ["handicap=9"], ["komi=0"], ["komi=15"]]   # the default: the base setup
    assert setups_of(program, ["handicap=2"]) == [["handicap=2"]]
    covered = runner_invoke("cover", go, "-g", 1)
    assert covered.exit_code == 0 and "4 setups" in covered.output


def test_fmt_and_explain_read_options(go):
    module = parse_text('option target "Victory points to win":  8 .. 12=10;\n')
    assert format_module(module).strip() == 'option target "Victory points to win": 8..12 = 10;'
    told = runner_invoke("explain", go, "go")
    assert "Chosen before play: Handicap stones (handicap), 0 to 9: 0 unless the game is started with " \
           "--option handicap=N" in told.output
    assert "A number chosen for each game" in runner_invoke("explain", go, "komi").output


@pytest.mark.parametrize("text, code, where", [
    ("option a: 5..1 = 3;", "E535", (1, 1)),                 # an empty range
    ("option a: 0..4 = 7;", "E535", (1, 1)),                 # a default outside it
    ("option a: 0..4 = 1;\nvariant a;", "E208", (2, 9)),     # a variant of the same name
    ("option a: 0..4 = 1;\ncounter n;\nproc f() { set a = 2; }", "E301", (3, 16)),   # an option is not set by rules
])
def test_option_misuse_is_positioned(text, code, where):
    diagnostics = analyse_text(text + "\ngame g { seats 2 to 2; phase play { } winner most 0; }\n").diagnostics
    found = [(d.code, d.span.line, d.span.column) for d in diagnostics]
    assert (code, *where) in found, found


# A named pass (`pick ... optional as "pass"`): Go's turn, placing a stone or passing.
PASSING = """
counter stones "Stones";
counter passes global;
proc turn() {
  pick n from [1, 2, 3] "place a stone" optional as "pass" {
    gain n stones;
    set passes = 0;
  } else {
    gain 1 passes;
  }
  if passes >= 2 { end game "two consecutive passes"; }
}
game go { seats 2 to 2; phase play { while true { each players: turn(); } } winner most stones; }
"""


@pytest.fixture(scope="module")
def passing(tmp_path_factory):
    return write_pack(tmp_path_factory.mktemp("passing"), PASSING, name="passing")


def test_named_pass_reads_its_label_on_both_backends(passing):
    from rulebook.runtime.agents import ScriptedAgent

    finals = set()
    for program in programs(passing):
        agent = ScriptedAgent([0, "pass", "pass"])
        game = Game(program, 2, 1, [agent, agent])
        asked = []
        game.tracer = asked.append
        game.play()
        assert game.decision is None and agent.position == 3   # the labels "pass" answered the picks
        assert [p.stock["stones"] for p in game.state.players] == [1, 0]
        finals.add(record(game).final_digest)
    assert len(finals) == 1


def test_named_pass_in_trace_fmt_and_explain(passing):
    for how in ((), ("--interpreted",)):
        traced = runner_invoke("play", passing, "-n", 2, "--seed", 2, "--trace", *how)
        assert "choice place a stone -> pass" in traced.output and "-> none" not in traced.output
    for written in ('optional as "pass" {', 'optional as "pass" when player_count > 1 {'):
        module = parse_text(f'proc t() {{ pick n from [1, 2] "place" {written} }} }}\n')
        assert written in format_module(module)
    told = runner_invoke("explain", passing, "turn").output
    assert "(or “pass”, picking none)" in told and "If none was picked (“pass”" in told


def test_focused_agent_never_plans_a_named_pass():
    from rulebook.runtime.agents import FocusedAgent, declines
    from rulebook.runtime.engine import Decision
    from rulebook.runtime.state import Declined

    d = Decision(None, "place a stone", [1, 2, Declined("pass")], "x")
    assert declines(d, 2) and not declines(d, 0)
    agent = FocusedAgent(1)

    class Asked:
        size, repeated, written_prompt, written_options = 3, False, "place a stone", ["1", "2", "pass"]
        _decision = d

    for _ in range(40):
        if agent.choose(Asked, None) == 2:
            assert "place a stone" not in agent.plan   # a pass is no plan
            break
