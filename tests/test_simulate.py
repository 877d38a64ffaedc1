"""`rulebook simulate`: results that depend only on seeds, the statistics, paired comparisons,
failures with replayable logs, the JSON and HTML reports, and the Ray backend when Ray is installed."""

from __future__ import annotations

import base64
import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.runtime import simulate as sim
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game

from .conftest import write_pack

runner = CliRunner()

# Each seat plays one card from a shuffled row (no two the same); the Gold card wins almost every game it is played in.
DRAFT = """
counter vp;
kind card { play: effect; }
zone row of card;
zone played of card;
card copper "Copper" { play { gain 1 vp; } }
card silver "Silver" { play { gain 2 vp; } }
card gold "Gold" { play { gain 5 vp; } }
card tin "Tin" { play { gain 1 vp; } }
card lead "Lead" { play { gain 0 vp; } }
track fame { space 1 { gain 1 vp; } space 2 { gain 1 vp; } }
die coin { face { gain 1 vp; } face { } }
game draft "Draft" {
  seats 2 to 3;
  phase setup { fill row with card; shuffle row; }
  phase play {
    each players {
      pick c from row "play a card" { copy c.play; move c to played; }
      roll coin;
      advance fame by 1;
    }
  }
  winner most vp;
}
"""


@pytest.fixture
def draft(tmp_path):
    return write_pack(tmp_path / "draft", DRAFT, name="draft")


@pytest.mark.slow   # importing scipy.stats takes a second of CPU time; CI compares with it on every run
def test_wilson_matches_scipy_and_takes_shared_wins():
    from scipy.stats import binomtest

    for k, n in [(0, 10), (3, 10), (10, 10), (512, 1500)]:
        expected = binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
        assert sim.wilson(k, n) == pytest.approx((expected.low, expected.high), abs=1e-12)
    low, high = sim.wilson(2.5, 10)   # a tie shares the win: fractional successes are allowed
    assert sim.wilson(2, 10)[0] < low < high < sim.wilson(3, 10)[1]


def test_recording_components_does_not_change_the_games(draft):
    job, program = sim.prepare(str(draft), [], 3)
    recorder = sim.UsageRecorder(program)
    names = [(kind, name) for kind, name in recorder.components]
    assert ("card", "gold") in names and ("track space", "fame 1") in names and ("die face", "coin 2") in names
    _, plain = sim.prepare(str(draft), [], 3)
    for seed in range(1, 20):
        record = sim.play_game(program, recorder, job, seed)
        game = Game(plain, 3, seed, make_agents("random", 3, seed))
        game.play()
        assert record.scores == [list(v) for v in game.result()["scores"].values()]
        played = {name for (index, _seat) in record.used for kind, name in [names[index]] if kind == "card"}
        assert len(played) == 3 and played <= {"copper", "silver", "gold", "tin", "lead"}


def test_the_copies_of_one_card_are_one_component(tmp_path):
    """`card tin "Tin" * 3`: a designer asks how the Tin card does, not each copy (Love Letter's
    guard, guard#3 and guard#4 were rated apart)."""
    pack = write_pack(tmp_path / "tins", DRAFT.replace('card tin "Tin" {', 'card tin "Tin" * 3 {'), name="tins")
    job, program = sim.prepare(str(pack), [], 3)
    names = sim.component_names(program)
    assert [n for kind, n, _title in names if kind == "card"] == ["copper", "silver", "gold", "tin", "lead"]
    records = sim.run(job, range(1, 41), 1)
    tin = next(c for c in sim.summary(job, records, ["vp"], names, 1)["components"] if c["name"] == "tin")
    assert tin["seats_used"] > 0 and tin["games_used"] <= 40


def test_results_depend_only_on_the_seeds_not_on_the_workers(draft):
    job, program = sim.prepare(str(draft), [], 3)
    components = sim.component_names(program)
    reports = []
    for workers in (1, 2):
        records = sim.run(job, range(5, 125), workers)
        assert [r.seed for r in records] == list(range(5, 125))
        reports.append(sim.summary(job, records, ["vp"], components, 5))
    assert reports[0] == reports[1]


def test_a_dominant_card_is_found_and_the_statistics_add_up(draft):
    job, program = sim.prepare(str(draft), [], 2)
    records = sim.run(job, range(1, 301), 1)
    report = sim.summary(job, records, ["vp"], sim.component_names(program), 1)
    assert sum(s["win_rate"] for s in report["seats"]) == pytest.approx(1.0)
    for s in report["seats"]:
        assert s["ci_low"] < s["win_rate"] < s["ci_high"]
    rows = {c["name"]: c for c in report["components"]}
    gold, lead = rows["gold"], rows["lead"]
    assert report["components"][0]["name"] == "gold"          # sorted by effect, largest first
    assert gold["effect_ci_low"] > 0.3 and gold["win_rate_used"] > 0.8
    assert lead["effect_ci_high"] < 0
    assert rows["fame 1"]["games_used"] == 300                # every seat reaches the first space
    assert rows["fame 1"]["effect"] is None                   # nobody failed to: no comparison
    used = sum(c["seats_used"] for c in report["components"] if c["kind"] == "card")
    assert used == 300 * 2
    assert report["length"]["mean"] == 2.0                     # one card pick per seat


def test_a_pack_against_itself_differs_by_nothing_and_a_house_rule_is_detected(draft, tmp_path):
    job, _ = sim.prepare(str(draft), [], 2)
    records = sim.run(job, range(1, 201), 1)
    for row in sim.paired_differences(records, sim.run(job, range(1, 201), 1), 2):
        assert row["ci_low"] <= 0 <= row["ci_high"] and row["pairs"] == 200
    game = DRAFT[DRAFT.index("game draft"):]
    head_start = "override " + game.replace("shuffle row; }", "shuffle row; each first(players): gain 3 vp; }")
    house = write_pack(tmp_path / "head_start", head_start, name="head_start", extends=["../draft"])
    favoured, _ = sim.prepare(str(house), [], 2)
    first, second = sim.paired_differences(sim.run(favoured, range(1, 201), 1), records, 2)
    assert first["ci_low"] > 0.1 and second["ci_high"] < -0.1


def test_the_command_reports_json_and_html(draft, tmp_path):
    out = tmp_path / "report.json"
    html = tmp_path / "html"
    result = runner.invoke(app, ["simulate", str(draft), "--players", "3", "--games", "60", "--workers", "1",
                                 "--against", str(draft), "--json", str(out), "--html", str(html)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert {"pack", "players", "games", "seed", "seats", "components", "against"} <= set(report)
    assert report["games"] == 60 and report["players"] == 3 and report["seed"] == 1
    assert set(report["seats"][0]) >= {"seat", "win_rate", "ci_low", "ci_high", "mean_score"}
    assert set(report["components"][0]) >= {"name", "kind", "games_used", "win_rate_used", "win_rate_unused",
                                            "ci_low", "ci_high"}
    assert report["against"]["pack"] == str(draft)
    assert [d["delta"] for d in report["against"]["difference"]] == [0.0, 0.0, 0.0]
    assert "win rate" in result.output and "Gold" in result.output   # by its title
    assert "no win or loss" not in result.output   # (said only of a game scored without a winner)
    assert {(c["name"], c["title"]) for c in report["components"]} >= {("gold", "Gold"), ("fame 1", None)}
    # every seat reaches the fame track's first space: it is named, not left out of the report
    assert "used with no comparison to make" in result.output and "fame 1" in " ".join(result.output.split())
    page = (html / "index.html").read_text()
    images = page.count('src="data:image/png;base64,')
    assert images == 4 and "http://" not in page and "https://" not in page
    png = page.split('src="data:image/png;base64,')[1].split('"')[0]
    assert base64.b64decode(png)[:8] == b"\x89PNG\r\n\x1a\n"


def test_failed_games_are_reported_with_a_replayable_log_and_the_run_goes_on(tmp_path):
    pack = write_pack(tmp_path / "fragile", DRAFT.replace('card lead "Lead" { play { gain 0 vp; } }',
                                                          'card lead "Lead" { play { gain 6 / amount(vp) vp; } }'),
                      name="fragile")
    logs = tmp_path / "failures"
    result = runner.invoke(app, ["simulate", str(pack), "-n", "2", "--games", "30", "-w", "1",
                                 "--failures", str(logs), "--json", str(tmp_path / "r.json")])
    assert result.exit_code == 1 and "replay with: rulebook replay" in result.output
    report = json.loads((tmp_path / "r.json").read_text())
    assert 0 < report["failed"] < 30 and report["games"] == 30
    failure = report["failures"][0]
    assert "E601" in failure["error"] and failure["where"].endswith("main.rules:10:27")
    replayed = runner.invoke(app, ["replay", failure["log"]])
    assert replayed.exit_code == 1 and "ZeroDivisionError" in replayed.output
    # the tables count the games that finished, and say so
    finished = 30 - report["failed"]
    assert f"({report['failed']} failed: the figures are of the {finished} that finished)" in \
        " ".join(result.output.split())


def test_when_every_game_fails_nothing_is_called_never_used(tmp_path):
    """With no game finished there are no uses to count: the report must not list every component as
    never used (it listed a die rolled millions of times in games that never ended)."""
    pack = write_pack(tmp_path / "broken", DRAFT.replace("shuffle row; }", "shuffle row; gain 1 / 0 vp; }"),
                      name="broken")
    result = runner.invoke(app, ["simulate", str(pack), "-n", "2", "--games", "4", "-w", "1",
                                 "--failures", str(tmp_path / "logs")])
    assert result.exit_code == 1 and "(4 failed: the figures are of the 0 that finished)" in " ".join(result.output.split())
    assert "never used" not in result.output


def test_bad_arguments_are_usage_errors(draft):
    assert runner.invoke(app, ["simulate", str(draft), "-n", "9", "--games", "2"]).exit_code == 2
    assert runner.invoke(app, ["simulate", str(draft), "-n", "2", "--variant", "nope"]).exit_code == 2
    missing = runner.invoke(app, ["simulate", str(draft) + "x", "-n", "2"])
    assert missing.exit_code == 2 and "E503" in missing.output


def test_the_other_commands_do_not_import_scipy_or_matplotlib():
    code = ("import sys, rulebook.cli; "
            "print(sorted(m for m in ('scipy', 'matplotlib', 'ray') if m in sys.modules))")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert shown.stdout.strip() == "[]"


@pytest.mark.slow
def test_ray_gives_the_same_seats_as_local_workers(draft, tmp_path):
    pytest.importorskip("ray")
    reports = []
    for backend in ("ray", "local"):
        out = tmp_path / f"{backend}.json"
        result = runner.invoke(app, ["simulate", str(draft), "-n", "3", "--games", "60", "--workers", "2",
                                     "--backend", backend, "--json", str(out)])
        assert result.exit_code == 0, result.output
        reports.append(json.loads(out.read_text()))
    on_ray, local = reports
    assert on_ray["backend"] == "ray" and on_ray["seats"] == local["seats"]
    assert on_ray["components"] == local["components"]


def test_an_unreachable_ray_cluster_is_a_usage_error(draft, monkeypatch):
    ray = pytest.importorskip("ray")

    def refuse(**_kwargs):
        raise ConnectionError("no cluster here")

    monkeypatch.setattr(ray, "init", refuse)
    result = runner.invoke(app, ["simulate", str(draft), "-n", "2", "--games", "4", "--backend", "ray",
                                 "--ray-address", "10.0.0.1:6379"])
    assert result.exit_code == 2
    assert "cannot start or reach Ray at 10.0.0.1:6379: ConnectionError: no cluster here" in result.output


def test_runs_after_another_build_of_the_same_module_play_cleanly():
    # Two Programs built from one generated module share its entity table, so only the latest
    # works: every run must build its own (Federation names entities in its effects, so it shows).
    job, _ = sim.prepare("federation", [], 3)
    first = sim.run(job, range(1, 6), 1)
    sim.prepare("federation", [], 3)          # builds again in this process
    for workers in (2, 1):
        again = sim.run(job, range(1, 6), workers)
        assert [r.error for r in again] == [None] * 5
        assert [r.scores for r in again] == [r.scores for r in first]


# Splendor-like: buying a card is all it does; the Ruby mine is worth far more than the others.
BUY = """
counter prestige;
kind mine { points: int; }
zone market of mine;
zone tableau per_player of mine;
mine ruby "Ruby mine" { points = 9; }
mine onyx "Onyx mine" { points = 1; }
mine jade "Jade mine" { points = 1; }
mine opal "Opal mine" * 2 { points = 0; }
game buy "Buy" {
  seats 2 to 3;
  phase setup { fill market with mine; shuffle market; }
  phase play {
    each players {
      pick m from market "buy a mine" { move m to tableau; gain m.points prestige; }
    }
  }
  winner most prestige;
}
"""


def test_a_card_without_effects_is_used_by_the_seat_holding_it_at_the_end(tmp_path):
    """A Splendor audit: cards whose purchase is their whole effect never counted as used, so the
    component table was empty. Such a card is used by the seat whose zones hold it when the game ends."""
    pack = write_pack(tmp_path / "buy", BUY, name="buy")
    job, program = sim.prepare(str(pack), [], 2)
    names = sim.component_names(program)
    assert [n for kind, n, _title in names if kind == "mine"] == ["ruby", "onyx", "jade", "opal"]
    records = sim.run(job, range(1, 61), 1)
    for r in records:   # each seat bought one mine, so exactly two components are used per game, one per seat
        assert sorted(seat for _index, seat in r.used) == [0, 1]
    ruby = next(c for c in sim.summary(job, records, ["prestige"], names, 1)["components"] if c["name"] == "ruby")
    assert ruby["win_rate_used"] == 1.0 and ruby["games_used"] > 10


def test_components_are_shown_by_title_with_the_name_where_two_share_one():
    from rulebook.cli.simulate import component_labels

    rows = [{"kind": "card", "name": "bakery", "title": "Bakery"},
            {"kind": "landmark", "name": "bakery_card", "title": "Bakery"},
            {"kind": "edict", "name": "edict04", "title": "2 Grain + 1 Stone"},
            {"kind": "track space", "name": "science 4", "title": "Science 4"},
            {"kind": "track reward", "name": "science 4", "title": "Science 4"},
            {"kind": "die face", "name": "coin 2", "title": None}]
    assert list(component_labels(rows).values()) == [
        "Bakery (bakery)", "Bakery (bakery_card)", "2 Grain + 1 Stone", "Science 4 (track space)",
        "Science 4 (track reward)", "coin 2"]


LONG = DRAFT.replace('"Gold"', '"Gold, the card that wins almost every game it is played in, whatever the others do"')


def test_the_component_table_fits_100_columns_without_wrapping_an_interval(tmp_path, monkeypatch):
    from rulebook.cli import out

    monkeypatch.setattr(out.rich, "_width", 100)   # the console may be made already, at another width
    pack = write_pack(tmp_path / "long", LONG, name="long")
    result = runner.invoke(app, ["simulate", str(pack), "-n", "3", "--games", "40", "--workers", "1"])
    assert result.exit_code == 0, result.output
    table = result.output[result.output.index("components:"):].split("\n")
    rows = [line for line in table if line.startswith("│")]
    assert rows and all(len(line) <= 100 for line in table if line[:1] in "┏┃┡│└")
    gold = next(line for line in rows if "Gold" in line)
    assert "…" in gold and "+0." in gold and "]" in gold   # the title cut, the interval whole on its line
    assert all(line.count("[") == 2 for line in rows)    # no interval wraps onto the next line


def test_the_unused_seats_win_rate_is_never_negative_from_float_error():
    """Seats 1-3 use the card and share every win (1/3, 1/2 each), seat 4 never wins: the unused
    seats' wins, worked out by subtraction, are 0 exactly, never -4.4e-16 (shown "-0.0%")."""
    third, every = 1 / 3, [(0, 0), (0, 1), (0, 2)]
    records = [sim.GameRecord(1, wins=[third, third, third, 0.0], used=every),
               sim.GameRecord(2, wins=[0.0, 0.5, 0.5, 0.0], used=every),
               sim.GameRecord(3, wins=[third, third, third, 0.0], used=every)]
    row, = sim.component_table(records, 4, [("card", "x", None)])
    assert row["win_rate_unused"] == 0.0 and f"{row['win_rate_unused']:.1%}" == "0.0%"


# Race for the Galaxy audit (D1): a card variable read in the winner line, none when nobody set it.
WINNER_FAILS = """kind card { worth: int = 1; }
card a "A" { }
var best: card;
counter vp;
func score() = best.worth + vp;
game g {
  seats 2 to 2;
  phase play { each players: gain 1 vp; }
  winner most score();
}
"""


@pytest.mark.parametrize("backend", [[], ["--interpreted"]], ids=["compiled", "interpreted"])
def test_a_winner_line_that_fails_is_positioned_logged_and_replayed(tmp_path, backend):
    """The winner line is rules too: its failure is at the func's line with a note naming the winner
    line, `play --log` writes the log "with the error" (it was an internal error, exit 2, no log), and
    `replay` of that log, or of simulate's failure log, reproduces it (it was E603 "the replay did not")."""
    pack = write_pack(tmp_path / "best", WINNER_FAILS, name="best")
    log = tmp_path / "game.json"
    played = runner.invoke(app, ["play", str(pack), "-n", "2", "--log", str(log), *backend])
    text = " ".join(played.output.split())
    assert played.exit_code == 1 and "internal error" not in text, text
    assert "main.rules:5:16: error[E601]: none has no field 'worth'" in text
    assert "note: in score(), worked out for the statement at" in text and "main.rules:9:15" in text
    assert "with the error" in text and json.loads(log.read_text())["error"].startswith("error[E601]")
    replayed = runner.invoke(app, ["replay", str(log), *backend])
    assert replayed.exit_code == 1 and "replay matches the log" in replayed.output, replayed.output
    logs = tmp_path / "failures"
    simulated = runner.invoke(app, ["simulate", str(pack), "-n", "2", "--games", "2", "-w", "1",
                                    "--failures", str(logs), *backend])
    assert simulated.exit_code == 1 and "main.rules:5:16" in simulated.output
    for failed in sorted(logs.iterdir()):
        again = runner.invoke(app, ["replay", str(failed), *backend])
        assert again.exit_code == 1 and "replay matches the log" in again.output, again.output


def test_wilson_bounds_are_exactly_0_and_1_at_no_wins_and_all_wins():
    # the Pandemic audit's D6: a team that never wins reported ci_low 3.5e-18, not 0
    from rulebook.runtime.simulate import wilson
    for n in (1, 7, 100, 1000):
        assert wilson(0, n)[0] == 0.0 and wilson(n, n)[1] == 1.0
        assert 0.0 < wilson(0, n)[1] < 1.0 and 0.0 < wilson(n, n)[0] < 1.0


def test_games_ended_at_once_are_counted_by_outcome_and_reason_in_text_json_and_html(tmp_path):
    """`end game won by P "REASON";` (wins21): the report says how many games ended at once and why, so a
    designer sees how often the sudden ending decides the game."""
    pack = write_pack(tmp_path / "sudden", DRAFT
                      .replace('card gold "Gold" { play { gain 5 vp; } }',
                               'card gold "Gold" { play { end game won by you "struck gold"; } }')
                      .replace('card lead "Lead" { play { gain 0 vp; } }',
                               'card lead "Lead" { play { end game lost by you; } }'), name="sudden")
    out, html = tmp_path / "r.json", tmp_path / "html"
    result = runner.invoke(app, ["simulate", str(pack), "-n", "2", "--games", "40", "-w", "1",
                                 "--json", str(out), "--html", str(html)])
    assert result.exit_code == 0, result.output
    sudden = json.loads(out.read_text())["sudden"]
    # the games one by one: each ended at once exactly when Gold or Lead was played
    records = sim.run(sim.prepare(str(pack), [], 2)[0], range(1, 41))
    by_reason = {("won", "struck gold"): 0, ("lost", None): 0}
    for record in records:
        if record.sudden is not None:
            by_reason[record.sudden, record.reason] += 1
    assert 0 < by_reason["won", "struck gold"] and 0 < by_reason["lost", None]
    assert sudden["games"] == sum(by_reason.values()) < 40 and sudden["rate"] == sudden["games"] / 40
    assert {(e["outcome"], e["reason"]): e["games"] for e in sudden["endings"]} == by_reason
    assert sudden["ci_low"] < sudden["rate"] < sudden["ci_high"]
    text = " ".join(result.output.split())
    assert f"ended at once: {sudden['games']} games" in text
    assert f"won (struck gold): {by_reason['won', 'struck gold']}" in text
    assert f"lost: {by_reason['lost', None]}" in text
    page = (html / "index.html").read_text()
    assert "<h2>Ended at once</h2>" in page and "<td>struck gold</td>" in page
    # a game that never ends at once says nothing of it
    plain = write_pack(tmp_path / "plain", DRAFT, name="plain")
    quiet = runner.invoke(app, ["simulate", str(plain), "-n", "2", "--games", "5", "-w", "1", "--json", str(out)])
    assert "sudden" not in json.loads(out.read_text()) and "ended at once" not in quiet.output
