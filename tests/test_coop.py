"""Cooperative and no-winner outcomes: `winner together if COND;` (every player wins or none) and
`winner most KEY ... if COND;` (nobody wins unless COND holds), on both backends, printed back, read in
words, logged and replayed, shown by `rulebook play`, and counted by `rulebook simulate`."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime import simulate as sim
from rulebook.runtime.agents import ScriptedAgent
from rulebook.runtime.engine import Game, outcome
from rulebook.runtime.record import record, replay

from .conftest import write_pack

runner = CliRunner()

# The Crew, cut down: each turn the player may complete a task (three complete the mission, at once)
# or else lose a trick (a second lost trick fails the mission, at once, from inside a proc).
CREW = """
counter tasks "Tasks done" global;
counter lost "Tricks lost" global;
proc fail_trick() {
  gain 1 lost;
  if lost >= 2 {
    say "the mission fails";
    end game;
  }
}
proc task() {
  gain 1 tasks;
  if tasks >= 3 { end game; }
}
game crew "The Crew" {
  seats 2 to 5;
  phase play {
    while true {
      each players {
        may "complete a task?" { task(); } else { fail_trick(); }
      }
    }
  }
  winner together if tasks >= 3;
}
"""

# King of Tokyo, cut down: every monster may be knocked out at once; then nobody wins.
TOKYO = """
counter vp;
counter health from 0 to 10;
game tokyo {
  seats 2 to 4;
  phase setup { each players: gain 10 health; }
  phase play {
    each players {
      gain 1 vp;
      may "everyone takes 10 damage?" {
        each players { lose 10 health; eliminate; }
      }
    }
  }
  winner most vp if some(p in players where p.health > 0);
}
"""


KNOCKOUT = TOKYO.replace('may "everyone takes 10 damage?"', "if true")   # every game: all out at once


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def build(request):
    return lambda text: build_text(text, interpreted=request.param)


def played(program, answers, players=3):
    g = Game(program, players, 1, [ScriptedAgent(answers)] * players)
    g.play()
    return g


def test_the_team_wins_together_the_moment_the_mission_is_done(build):
    g = played(build(CREW), ["yes", "yes", "yes"])
    result = g.result()
    assert g.state.over and g.decisions_made == 3
    assert result["winners"] == ["P1", "P2", "P3"] and result["together"] is True
    assert result["scores"] == {"P1": [], "P2": [], "P3": []} and result["keys"] == []
    assert outcome(result) == "everyone wins (together: P1, P2, P3)"


def test_the_team_loses_together_when_an_effect_deep_inside_ends_the_game(build):
    program = build(CREW)
    g = played(program, ["yes", "no", "yes", "no"])
    result = g.result()
    assert g.decisions_made == 4 and g.messages[-1].endswith("the mission fails")
    assert result["winners"] == [] and result["together"] is True
    assert outcome(result) == "nobody wins (the team lost)"
    again = replay(program, record(g))   # the log keeps the outcome: the same state, nobody winning
    assert again.state.digest() == g.state.digest() and again.result()["winners"] == []


def test_nobody_wins_when_every_monster_is_knocked_out_at_once(build):
    program = build(TOKYO)
    g = played(program, ["no", "yes"])
    result = g.result()
    assert result["winners"] == [] and "together" not in result and sorted(result["out"]) == ["P1", "P2", "P3"]
    assert outcome(result) == "nobody wins"
    g = played(program, ["no", "no", "no"])   # nobody knocked out: the usual winner line, a shared win
    assert g.result()["winners"] == ["P1", "P2", "P3"] and outcome(g.result()) == "winner: P1, P2, P3"


def test_both_forms_print_back_and_read_in_words():
    for text, line in ((CREW, "  winner together if tasks >= 3;\n"),
                       (TOKYO, "  winner most vp if some(p in players where p.health > 0);\n")):
        module = parse_text(text, "a.rules")
        printed = format_module(module)
        assert parse_text(printed, "a.rules") == module and line in printed
    crew = analyse_text(CREW).symbols.decls["crew"]
    assert ("A cooperative game: all the players win together if the tasks done is at least 3 when the game "
            "ends, and all lose otherwise.") in [s.strip() for s in explain(crew, analyse_text(CREW).symbols)]
    tokyo = [s.strip() for s in explain(analyse_text(TOKYO).symbols.decls["tokyo"], analyse_text(TOKYO).symbols)]
    assert any(s.startswith("The winner is the player with the most") and
               s.endswith("when the game ends: otherwise nobody wins.") for s in tokyo), tokyo


def test_a_house_rule_can_make_a_game_cooperative(tmp_path):
    base = write_pack(tmp_path / "base", TOKYO.replace(" if some(p in players where p.health > 0)", ""), name="base")
    house = write_pack(tmp_path / "house", "amend tokyo { winner together if vp >= 1; }", name="house", extends=["../base"])
    result = runner.invoke(app, ["play", str(base), "--with", str(house), "-n", "2", "--agent", "first"])
    assert result.exit_code == 0, result.output
    assert "everyone wins (together: P1, P2)" in result.output


def test_play_prints_the_outcome_plainly(tmp_path):
    pack = write_pack(tmp_path / "crew", CREW, name="crew")
    result = runner.invoke(app, ["play", str(pack), "-n", "2", "--agent", "first"])   # first answer: no
    assert result.exit_code == 0, result.output
    assert "The Crew: nobody wins (the team lost)" in result.output and "final scores" not in result.output
    log = tmp_path / "crew.json"
    assert runner.invoke(app, ["play", str(pack), "-n", "2", "--agent", "first", "--log", str(log)]).exit_code == 0
    assert json.loads(log.read_text())["result"]["winners"] == []   # the log keeps the outcome
    replayed = runner.invoke(app, ["replay", str(log)])
    assert replayed.exit_code == 0 and "The Crew: nobody wins (the team lost)" in replayed.output, replayed.output
    pack = write_pack(tmp_path / "tokyo", KNOCKOUT, name="tokyo")
    result = runner.invoke(app, ["play", str(pack), "-n", "2", "--agent", "first"])   # the first monster knocks all out
    assert result.exit_code == 0, result.output
    assert "nobody wins" in result.output and "knocked out: P1, P2" in result.output


# half the turns complete a task, half lose a trick: the team wins some games and loses others
DICE_CREW = CREW.replace('may "complete a task?" { task(); } else { fail_trick(); }', """
        let r = roll coin;
        if r == 1 { task(); } else { fail_trick(); }""").replace(
    "proc fail_trick", 'die coin: int { face "task" = 1; face "trick" = 0; }\nproc fail_trick')


def simulated_against(tmp_path, text: str, other: str, players: str):
    """`rulebook simulate` of a pack against another (60 games, JSON and HTML reports in tmp_path):
    the command's result and its JSON report."""
    pack = write_pack(tmp_path / "crew", text, name="crew")
    against = write_pack(tmp_path / "other", other, name="other")
    report = tmp_path / "report.json"
    result = runner.invoke(app, ["simulate", str(pack), "-n", players, "-g", "60", "-w", "1", "--against", str(against),
                                 "--json", str(report), "--html", str(tmp_path / "html")])
    assert result.exit_code == 0, result.output
    return result, json.loads(report.read_text())


def test_simulate_reports_the_team_win_rate_compares_it_and_lists_rolled_faces_apart(tmp_path):
    result, data = simulated_against(tmp_path, DICE_CREW, DICE_CREW.replace("lost >= 2", "lost >= 3"), "3")
    team = data["team"]
    assert data["together"] is True and 0 < team["win_rate"] < 1 and team["games"] == 60
    assert team["ci_low"] < team["win_rate"] < team["ci_high"]
    assert "cooperative" in result.output and "all players" in result.output
    assert "P1" not in result.output.split("components")[0]   # no per-seat shares
    (row,) = data["against"]["difference"]
    assert row["seat"] == "team" and row["delta"] < 0 and row["pairs"] == 60   # harder than the easier pack
    faces = {c["name"]: c for c in data["components"]}
    # a die's faces come up by chance: listed apart with the games each came up in, and no rate to compare
    # (a game that never rolls a task is lost, but that is luck, not a component's worth: the Backgammon audit's D6)
    assert faces and all(c["rolled"] and c["effect"] is None and c["seats_used"] == c["games_used"] < 60
                         for c in faces.values())
    assert "rolled, not chosen" in result.output
    assert "A cooperative game" in (tmp_path / "html" / "index.html").read_text()


def test_a_game_nobody_wins_counts_no_win_for_any_seat(tmp_path):
    pack = write_pack(tmp_path / "tokyo", KNOCKOUT, name="tokyo")
    job, program = sim.prepare(str(pack), [], 2, agent="first")
    records = sim.run(job, range(1, 4))
    assert all(r.error is None and r.wins == [0.0, 0.0] and r.team is None for r in records)
    assert not job.together and all(s["win_rate"] == 0 for s in sim.seat_table(records, 2, ["vp"]))


# The Crew again, with the team's score: the tasks done, kept whether the mission succeeds or fails
SCORED_CREW = CREW.replace("winner together if tasks >= 3;", "winner together if tasks >= 3 score tasks * 10 + lost;")
# ... and scored only: never won or lost (Hanabi as its rules count it)
SCORE_ONLY = CREW.replace("winner together if tasks >= 3;", "winner together score tasks;")


def test_a_cooperative_game_keeps_the_team_score_won_or_lost(build):
    program = build(SCORED_CREW)
    won = played(program, ["yes", "yes", "yes"]).result()
    assert won["winners"] == ["P1", "P2", "P3"] and won["team_score"] == 30 and won["team_won"] is True
    assert outcome(won) == "everyone wins (together: P1, P2, P3), team score 30"
    lost = played(program, ["yes", "no", "yes", "no"]).result()
    assert lost["winners"] == [] and lost["team_score"] == 22 and lost["team_won"] is False
    assert outcome(lost) == "nobody wins (the team lost), team score 22"
    assert json.loads(json.dumps(lost)) == lost   # JSON as it is


def test_a_score_alone_is_neither_a_win_nor_a_loss(build):
    g = played(build(SCORE_ONLY), ["yes", "no", "yes", "no"])
    result = g.result()
    assert result["together"] is True and result["winners"] == [] and result["team_won"] is None
    assert result["team_score"] == 2 and outcome(result) == "the team scored 2"
    assert "team_score" not in played(build(CREW), ["yes"] * 3).result()   # no score line: no score


def test_the_log_keeps_the_team_score_and_a_replay_checks_it(build):
    program = build(SCORED_CREW)
    g = played(program, ["yes", "no", "yes", "no"])
    log = record(g)
    assert log.result.team_score == 22 and json.loads(log.model_dump_json())["result"]["team_score"] == 22
    assert replay(program, log).result()["team_score"] == 22
    forged = log.model_copy(update={"result": log.result.model_copy(update={"team_score": 23})})
    with pytest.raises(Exception, match="E603|differs"):
        replay(program, forged)
    plain = record(played(build(CREW), ["yes"] * 3))   # a game with no score logs none
    assert "team_score" not in json.loads(plain.model_dump_json())["result"]


def test_the_score_prints_back_and_reads_in_words():
    for text, line in ((SCORED_CREW, "  winner together if tasks >= 3 score tasks * 10 + lost;\n"),
                       (SCORE_ONLY, "  winner together score tasks;\n")):
        module = parse_text(text, "a.rules")
        printed = format_module(module)
        assert parse_text(printed, "a.rules") == module and line in printed
        assert format_module(parse_text(printed, "a.rules")) == printed
    said = [s.strip() for s in explain(analyse_text(SCORED_CREW).symbols.decls["crew"], analyse_text(SCORED_CREW).symbols)]
    assert any(s.startswith("A cooperative game: all the players win together if the tasks done is at least 3")
               and "; won or lost, the team's score is" in s for s in said), said
    said = [s.strip() for s in explain(analyse_text(SCORE_ONLY).symbols.decls["crew"], analyse_text(SCORE_ONLY).symbols)]
    assert "A cooperative game, scored and not won or lost: when the game ends, the team's score is the tasks done." \
        in said, said


@pytest.mark.parametrize("line, code, column, words", [
    ("winner together if tasks >= 3 score tasks > 1;", "E303", 39, "the team's score is a number, not a condition"),
    ("winner together score played;", "W417", 25, "the team's score reads 'played', which each player has"),
    ("winner most tasks score tasks;", "E100", 3, "a team score belongs to a cooperative game"),
    ("winner together if tasks >= 3 scor tasks;", "E100", 33, "not 'scor ...'"),
    ("winner together;", "E100", 3, "or what the team scored: 'winner together score EXPR;'"),
    ("winner together score tasks if tasks >= 3;", "E100", 31, "condition comes before its score"),
])
def test_a_team_score_that_is_no_number_or_a_players_is_found_where_it_is(line, code, column, words):
    text = CREW.replace("counter tasks", "counter played;\ncounter tasks").replace(
        "  winner together if tasks >= 3;", "  " + line)
    found = [d for d in analyse_text(text).diagnostics if d.code == code]
    assert len(found) == 1 and words in found[0].message, [d.headline() for d in analyse_text(text).diagnostics]
    assert (found[0].span.line, found[0].span.column) == (text.splitlines().index("  " + line) + 1, column)


def test_a_house_rule_can_give_a_cooperative_game_a_score(tmp_path):
    base = write_pack(tmp_path / "base", CREW, name="base")
    house = write_pack(tmp_path / "house", "amend crew { winner together if tasks >= 3 score tasks; }",
                       name="house", extends=["../base"])
    result = runner.invoke(app, ["play", str(base), "--with", str(house), "-n", "2", "--agent", "first"])
    assert result.exit_code == 0, result.output
    assert "The Crew: nobody wins (the team lost), team score 0" in result.output
    log = tmp_path / "crew.json"
    assert runner.invoke(app, ["play", str(base), "--with", str(house), "-n", "2", "--agent", "first",
                               "--log", str(log)]).exit_code == 0
    assert json.loads(log.read_text())["result"]["team_score"] == 0
    replayed = runner.invoke(app, ["replay", str(log)])
    assert replayed.exit_code == 0 and "team score 0" in replayed.output, replayed.output


def test_simulate_reports_the_team_score_and_compares_it(tmp_path):
    scored = DICE_CREW.replace("winner together if tasks >= 3;", "winner together if tasks >= 3 score tasks;")
    result, data = simulated_against(tmp_path, scored, scored.replace("if tasks >= 3 score", "score"), "2")
    alone, report = tmp_path / "other", tmp_path / "report.json"
    score = data["team_score"]
    assert score["text"] == "tasks" and score["games"] == 60 and score["min"] >= 0 and score["max"] == 3
    assert score["ci_low"] < score["mean"] < score["ci_high"] and sum(n for _v, n in score["distribution"]) == 60
    assert [v for v, _n in score["distribution"]] == sorted(v for v, _n in score["distribution"])
    assert 0 < data["team"]["win_rate"] < 1
    # the same seeds and the same play: the same scores, and only the score to compare with a game never won
    assert data["against"]["difference"] == [{"seat": "team score", "delta": 0.0, "ci_low": 0.0, "ci_high": 0.0,
                                              "pairs": 60}]
    assert "team score (tasks): mean" in result.output and "games per score: 0:" in result.output
    assert "Team score" in (tmp_path / "html" / "index.html").read_text()
    result = runner.invoke(app, ["simulate", str(alone), "-n", "2", "-g", "30", "-w", "1", "--json", str(report),
                                 "--html", str(tmp_path / "html2")])
    assert result.exit_code == 0, result.output
    data = json.loads(report.read_text())
    assert data["team"] is None and data["team_score"]["games"] == 30
    assert "(scored, no win or loss)" in result.output and "all players" not in result.output
    assert all(c["effect"] is None and c["win_rate_used"] is None for c in data["components"])
    page = (tmp_path / "html2" / "index.html").read_text()
    assert "Team score" in page and "Win rates" not in page   # no win rate to show
    one = sim.team_score_table([sim.GameRecord(1, team_score=4)], "tasks")   # one game: no interval
    assert (one["mean"], one["ci_low"], one["ci_high"], one["distribution"]) == (4, None, None, [[4, 1]])
