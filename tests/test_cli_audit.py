"""The CLI findings of a new user's audit: logs that name their expansions, pack.toml diagnostics at
their keys, a folder without pack.toml, one exit-code policy, fmt of folders, --version, simulate's
agents and gallery --stats of another pack."""

from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner

from rulebook.cli import app

from .conftest import write_pack
from .test_cli import PACK

runner = CliRunner()

HOUSE = """
override card c1 "Scout" { play { gain 2 vp; } }
"""


def invoke(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output
    return result


def played_with_house(tmp_path, monkeypatch):
    """A game of the demo pack stacked with `--with ./house` typed relative to the folder it was played in."""
    write_pack(tmp_path / "demo", PACK, name="demo")
    write_pack(tmp_path / "house", HOUSE, name="house", extends=["../demo"])
    monkeypatch.chdir(tmp_path)
    log = tmp_path / "logs" / "game.json"
    log.parent.mkdir()
    result = invoke("play", "./demo", "--with", "./house", "-n", 2, "-q", "--log", log)
    assert result.exit_code == 0, result.output
    return log


def test_a_log_records_each_expansion_by_name_digest_and_absolute_folder(tmp_path, monkeypatch):
    log = played_with_house(tmp_path, monkeypatch)
    (entry,) = json.loads(log.read_text())["with"]
    assert entry["name"] == "house" and entry["location"] == str((tmp_path / "house").resolve())
    assert len(entry["digest"]) == 20
    monkeypatch.chdir(tmp_path / "logs")   # another folder: `./house` would mean nothing here
    replayed = invoke("replay", log)
    assert replayed.exit_code == 0 and "replay matches the log" in replayed.output


def test_a_moved_expansion_is_named_in_the_error_and_found_with_with(tmp_path, monkeypatch):
    log = played_with_house(tmp_path, monkeypatch)
    (tmp_path / "house").rename(tmp_path / "moved")
    result = invoke("replay", log)
    assert result.exit_code == 1
    assert "the log's expansion 'house'" in result.output and "pass --with PATH" in result.output
    assert "pack 'demo'" not in result.output   # the base is where it was: not blamed
    assert invoke("replay", log, "--with", tmp_path / "moved").exit_code == 0


def test_an_edited_expansion_is_not_taken_for_the_logged_one(tmp_path, monkeypatch):
    log = played_with_house(tmp_path, monkeypatch)
    (tmp_path / "house" / "main.rules").write_text(HOUSE.replace("gain 2 vp", "gain 3 vp"))
    result = invoke("replay", log)
    assert result.exit_code == 1 and "the log's expansion 'house'" in result.output
    assert "other rules" in result.output


def test_a_format_2_log_with_expansions_as_typed_still_replays(tmp_path, monkeypatch):
    log = played_with_house(tmp_path, monkeypatch)
    old = json.loads(log.read_text())
    old.update({"format": "rulebook-log/2", "with": ["./house"]})
    log.write_text(json.dumps(old))
    assert invoke("replay", log).exit_code == 0
    monkeypatch.chdir(tmp_path / "logs")
    result = invoke("replay", log)
    assert result.exit_code == 1 and "the log's expansion './house' is not found" in result.output


# ---------------------------------------------------------------- pack.toml diagnostics

MANIFESTS = {
    "unknown key": ('name = "p"\nauthor = "me"\n', "E502", 2, 1,
                    "unknown key 'author' (allowed: name, version, title, description, extends, exclude, used)"),
    "extends a string": ('name = "p"\n\nextends = "seven_wonders"\n', "E502", 3, 1,
                         "'extends' must be a list of pack names, e.g. extends = [\"seven_wonders\"]"),
    "version a number": ('name = "p"\n  version = 1\n', "E502", 2, 3, "'version' must be a string"),
    "a bad name": ('title = "x"\nname = "No Thanks"\n', "E502", 2, 1, "found 'No Thanks'"),
    "no name": ('title = "x"\n', "E502", 1, 1, "'name' is missing"),
    "an entry not a string": ('name = "p"\nextends = [\n  "../demo",\n  3,\n]\n', "E502", 4, 3,
                              "'extends' must be a list of pack names"),
    "unclosed string": ('name = "p\ntitle = "x"\n', "E502", 1, 10, "a string is not closed on its line"),
    "bad TOML": ('name = "p"\nname = "q"\n', "E502", 2, 11, "not valid TOML: a key is given a value twice"),
    "a table": ('name = "p"\n[tool.x]\ny = 1\n', "E502", 2, 2, "unknown key 'tool'"),
    "unknown extends": ('name = "p"\nextends = ["../demo", # the base\n  "sevenwonders"]\n', "E503", 3, 3,
                        "no pack named or at 'sevenwonders'"),
}


def test_pack_toml_findings_are_at_their_key_in_plain_words(tmp_path):
    write_pack(tmp_path / "demo", PACK, name="demo")
    for case, (manifest, code, line, column, words) in MANIFESTS.items():
        pack = write_pack(tmp_path / case.replace(" ", "_"), "counter c;\n")
        (pack / "pack.toml").write_text(manifest)
        result = invoke("lint", pack)
        assert result.exit_code == 1, case
        head = f"{pack / 'pack.toml'}:{line}:{column}: error[{code}]: "
        assert head in result.output and words in result.output, (case, result.output)
        assert "Input should" not in result.output and "Extra inputs" not in result.output


def test_an_unknown_extends_entry_gets_its_did_you_mean_at_the_entry(tmp_path):
    pack = write_pack(tmp_path / "house", "counter c;\n", name="house", extends=["sevenwonders"])
    result = invoke("play", pack, "-n", 3)
    assert result.exit_code == 1
    assert f"{pack / 'pack.toml'}:2:12: error[E503]: no pack named or at 'sevenwonders' (did you mean " \
           "'seven_wonders'?)" in result.output
    assert '  extends = ["sevenwonders"]\n             ^~~~~~~~~~~~~~' in result.output


def test_a_pack_that_extends_itself_is_e504_at_the_entry(tmp_path):
    pack = write_pack(tmp_path / "loop", "counter c;\n", name="loop", extends=["."])
    result = invoke("lint", pack)
    assert f"{pack / 'pack.toml'}:2:12: error[E504]" in result.output


# ---------------------------------------------------------------- a folder without pack.toml

def test_a_folder_of_rules_without_pack_toml_is_e501_with_the_minimal_manifest(tmp_path, monkeypatch):
    folder = tmp_path / "my game"
    folder.mkdir()
    (folder / "game.rules").write_text(PACK)
    monkeypatch.chdir(tmp_path)
    for command in (["play", "my game", "-n", 2], ["compile", "my game", "-o", tmp_path / "out"],
                    ["explain", "my game", "c1"], ["lint", "my game"], ["cover", "my game"],
                    ["simulate", "my game", "-n", 2, "--games", 1, "--workers", 1]):
        result = invoke(*command)
        assert result.exit_code == 1, command
        assert "my game: error[E501]: my game has .rules files but no pack.toml, so it is not a pack" \
               in result.output, (command, result.output)
        assert 'a minimal pack.toml holds one line, name = "my_game"' in result.output
    assert not (tmp_path / "out").exists()
    # its files can still be linted one by one, as loose files
    assert invoke("lint", folder / "game.rules").exit_code == 0


# ---------------------------------------------------------------- one exit-code policy

def test_a_pack_or_path_that_does_not_exist_is_a_usage_error_for_every_command(tmp_path):
    pack = write_pack(tmp_path / "demo", PACK, name="demo")
    missing = tmp_path / "nothere"
    for command in (["lint", missing], ["lint", pack, "--with", missing], ["compile", missing, "-o", tmp_path],
                    ["explain", missing, "c1"], ["explain", pack, "c1", "--with", missing], ["fmt", missing],
                    ["play", missing, "-n", 2], ["play", pack, "-n", 2, "--with", missing], ["cover", missing],
                    ["replay", missing], ["gallery", missing, "-o", tmp_path / "site"],
                    ["simulate", pack, "-n", 2, "--against", missing], ["play", pack, "-n", 5], ["play", pack, "--bogus"]):
        result = invoke(*command)
        assert result.exit_code == 2, (command, result.output)
    misspelt = invoke("play", "federaton", "-n", 2)
    assert "federaton: error[E503]: no pack named or at 'federaton' (did you mean 'federation'?)" in misspelt.output


def test_findings_and_a_pack_without_a_game_exit_one(tmp_path):
    assert invoke("lint", write_pack(tmp_path / "bad", "counter c;\nproc p() { gain 1 d; }\n")).exit_code == 1
    no_game = invoke("play", write_pack(tmp_path / "nogame", "counter c;\n"), "-n", 2)
    assert no_game.exit_code == 1 and "error[E306]" in no_game.output


def test_a_log_that_cannot_be_written_is_refused_before_the_game_is_played(tmp_path):
    pack = write_pack(tmp_path / "demo", PACK, name="demo")
    (tmp_path / "locked").mkdir(mode=0o500)
    for log, reason in ((tmp_path, "it is a folder"), (tmp_path / "no" / "game.json", "does not exist"),
                        (tmp_path / "locked" / "game.json", "permission denied")):
        if reason == "permission denied" and os.access(tmp_path / "locked", os.W_OK):
            continue   # root writes anywhere
        result = invoke("play", pack, "-n", 2, "--log", log)
        assert result.exit_code == 1 and f"{log}: error[E506]: cannot write {log}: " in result.output
        assert reason in result.output
        assert "final scores" not in result.output and "winner" not in result.output   # not played
    assert not (tmp_path / "no").exists()


def test_simulate_refuses_an_unwritable_report_before_playing(tmp_path, monkeypatch):
    pack = write_pack(tmp_path / "demo", PACK, name="demo")
    monkeypatch.chdir(tmp_path)
    result = invoke("simulate", pack, "-n", 2, "--games", 2, "--workers", 1, "--json", tmp_path)
    assert result.exit_code == 1 and "error[E506]" in result.output and "games in" not in result.output
    (tmp_path / "afile").write_text("")
    result = invoke("gallery", pack, "-o", tmp_path / "afile")
    assert result.exit_code == 1 and "it is a file, not a folder" in result.output


# ---------------------------------------------------------------- fmt

UNFORMATTED = "counter vp;   # the score\nproc p() { gain 1 vp;\n  gain 2 vp; }\n"


def test_fmt_formats_the_rules_files_of_a_folder(tmp_path):
    pack = write_pack(tmp_path / "demo", UNFORMATTED)
    (pack / "more").mkdir()
    (pack / "more" / "extra.rules").write_text(UNFORMATTED.replace("vp", "coin"))
    (pack / "folder.rules").mkdir()   # a folder named like a rules file is not one
    checked = invoke("fmt", "--check", pack)
    assert checked.exit_code == 1
    assert [line for line in checked.output.splitlines() if line.startswith("would")] == \
        [f"would reformat {pack / 'main.rules'}", f"would reformat {pack / 'more' / 'extra.rules'}"]
    assert invoke("fmt", pack).exit_code == 0
    assert invoke("fmt", "--check", pack).exit_code == 0
    assert (pack / "main.rules").read_text() == "counter vp;  # the score\n\nproc p() {\n  gain 1 vp;\n  gain 2 vp;\n}\n"
    assert (pack / "pack.toml").read_text() == 'name = "snippet"\n'


def test_fmt_check_shows_the_lines_that_would_change(tmp_path):
    pack = write_pack(tmp_path / "demo", "counter vp;\ncounter coin;\nproc p() { gain 1 vp; }\n")
    path = pack / "main.rules"
    checked = invoke("fmt", "--check", pack)
    assert checked.exit_code == 1 and checked.output.splitlines() == [
        f"would reformat {path}", f"--- {path}", f"+++ {path} (formatted)",
        "@@ -2,2 +2,5 @@", " counter coin;", "-proc p() { gain 1 vp; }", "+", "+proc p() {", "+  gain 1 vp;", "+}"]
    assert path.read_text() == "counter vp;\ncounter coin;\nproc p() { gain 1 vp; }\n"


def test_fmt_refuses_a_file_that_is_not_rules(tmp_path):
    pack = write_pack(tmp_path / "demo", UNFORMATTED)
    before = (pack / "pack.toml").read_bytes()
    for args in (["fmt", pack / "pack.toml"], ["fmt", "--check", pack / "pack.toml"]):
        result = invoke(*args)
        assert result.exit_code == 2 and "fmt formats rules files (NAME.rules)" in result.output
        assert "pack.toml is not one" in result.output and "error[E1" not in result.output
    assert (pack / "pack.toml").read_bytes() == before
    (tmp_path / "empty").mkdir()
    assert invoke("fmt", tmp_path / "empty").exit_code == 2


def test_fmt_keeps_crlf_line_breaks(tmp_path):
    path = tmp_path / "crlf.rules"
    path.write_bytes(UNFORMATTED.replace("\n", "\r\n").encode())
    assert invoke("fmt", path).exit_code == 0
    data = path.read_bytes()
    assert data == b"counter vp;  # the score\r\n\r\nproc p() {\r\n  gain 1 vp;\r\n  gain 2 vp;\r\n}\r\n"
    assert invoke("fmt", "--check", path).exit_code == 0 and path.read_bytes() == data


@pytest.mark.parametrize("newline", ["\n", "\r\n"], ids=["lf", "crlf"])
def test_fmt_keeps_a_byte_order_mark(tmp_path, newline):
    path = tmp_path / "bom.rules"
    path.write_bytes(b"\xef\xbb\xbf" + UNFORMATTED.replace("\n", newline).encode())
    assert invoke("fmt", path).exit_code == 0
    data = path.read_bytes()
    assert data == b"\xef\xbb\xbf" + "counter vp;  # the score\n\nproc p() {\n  gain 1 vp;\n  gain 2 vp;\n}\n" \
        .replace("\n", newline).encode()
    result = invoke("fmt", "--check", path)
    assert result.exit_code == 0 and "would reformat" not in result.output and path.read_bytes() == data


# ---------------------------------------------------------------- --version, simulate's agents, gallery --stats

def test_version_is_the_installed_distribution_version():
    from importlib.metadata import version

    result = invoke("--version")
    assert result.exit_code == 0 and result.output == f"rulebook {version('rulebook')}\n"


def test_simulate_plays_with_the_agents_of_play_and_cover(tmp_path):
    from rulebook.compiler.driver import compile_pack
    from rulebook.runtime import simulate as sim
    from rulebook.runtime.agents import make_agents
    from rulebook.runtime.engine import Game

    pack = write_pack(tmp_path / "demo", PACK, name="demo")
    program = compile_pack(str(pack)).program
    for agent in ("focused", "mixed"):
        report = tmp_path / f"{agent}.json"
        result = invoke("simulate", pack, "-n", 3, "--games", 4, "--workers", 1, "--agent", agent, "--json", report)
        assert result.exit_code == 0, result.output
        assert json.loads(report.read_text())["agent"] == agent
        # each game is the one `play --agent AGENT --seed S` plays: agents are rebuilt from name and seed
        job, _ = sim.prepare(str(pack), [], 3, (), agent)
        for record in sim.run(job, range(1, 5), workers=2):
            game = Game(program, 3, record.seed, make_agents(agent, 3, record.seed))
            game.play()
            assert record.scores == list(game.result()["scores"].values())
            assert record.decisions == game.decisions_made


def test_gallery_refuses_stats_of_another_pack(tmp_path):
    demo = write_pack(tmp_path / "demo", PACK, name="demo")
    other = write_pack(tmp_path / "other", PACK.replace("game demo", "game other"), name="other")
    report = tmp_path / "sim.json"
    assert invoke("simulate", other, "-n", 2, "--games", 2, "--workers", 1, "--json", report).exit_code == 0
    assert json.loads(report.read_text())["packs"] == ["other"]
    site = tmp_path / "site"
    refused = invoke("gallery", demo, "-o", site, "--stats", report)
    assert refused.exit_code == 2 and not site.exists()
    assert f"{report}: error[E509]: the report is of 'other', not of 'demo'" in refused.output
    assert invoke("gallery", other, "-o", site, "--stats", report).exit_code == 0
    house = write_pack(tmp_path / "house", "override card c1 \"Scout\" { play { gain 2 vp; } }\n", name="house",
                       extends=["../other"])
    stacked = invoke("gallery", other, "--with", house, "-o", tmp_path / "site2", "--stats", report)
    assert stacked.exit_code == 2 and "the report is of 'other', not of 'other' + 'house'" in stacked.output


def test_simulate_failure_logs_locate_their_expansions(tmp_path, monkeypatch):
    write_pack(tmp_path / "demo", PACK, name="demo")
    write_pack(tmp_path / "fragile", 'override card c1 "Scout" { play { gain 6 / amount(vp) vp; } }\n',
               name="fragile", extends=["../demo"])
    monkeypatch.chdir(tmp_path)
    result = invoke("simulate", "demo", "--with", "./fragile", "-n", 2, "--games", 6, "-w", 1,
                    "--failures", "fails", "--json", "r.json")
    assert result.exit_code == 1
    failure = json.loads((tmp_path / "r.json").read_text())["failures"][0]
    (entry,) = json.loads((tmp_path / failure["log"]).read_text())["with"]
    assert entry["location"] == str((tmp_path / "fragile").resolve())
    monkeypatch.chdir(tmp_path / "fails")
    replayed = invoke("replay", tmp_path / failure["log"])
    assert replayed.exit_code == 1 and "replay matches the log: the game stops on the same error" in replayed.output


def test_lint_of_a_folder_inside_a_pack_checks_its_files_within_the_pack(tmp_path):
    pack = write_pack(tmp_path / "demo", "counter vp;\n", name="demo")
    (pack / "parts").mkdir()
    (pack / "parts" / "more.rules").write_text("proc p() { gain 1 vp; gain 1 vq; }\n")
    result = invoke("lint", pack / "parts")
    assert result.exit_code == 1 and "error[E202]" in result.output and "E501" not in result.output
    assert "'vq'" in result.output and "counter 'vp'" not in result.output   # vp: declared in the pack's main.rules


def test_play_quiet_prints_the_result_alone():
    """`play -q` prints the scores on one line and the outcome on the next, no messages and no table."""
    assert invoke("play", "federation", "-n", 3, "-q").output.splitlines() == [
        "Federation: prestige: P1 123, P2 87, P3 74", "winner: P1   (327 decisions, final state fec85d24b2233a0e)"]
    assert len(invoke("play", "federation", "-n", 3).output.splitlines()) > 2


def test_a_score_table_too_wide_for_the_terminal_turns_players_into_columns():
    """7 Wonders' main key is a sum of eight parts: at 80 columns a column per key and part left
    every heading cut to 'mil…'; the table turns, one row per key and part, a column per player."""
    result = invoke("play", "seven_wonders", "-n", 5)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()[result.output.splitlines().index("7 Wonders: final scores"):]
    assert max(map(len, lines)) <= 80
    assert any("P1 ┃ P2 ┃ P3 ┃ P4 ┃ P5" in line for line in lines)
    assert any(line.startswith("│ then Coins ") for line in lines) and not any("mil…" in line for line in lines)
    narrow = invoke("play", "federation", "-n", 3).output   # one key: players stay rows
    assert "┃ player ┃ Prestige points ┃" in narrow   # the counter by its title
