"""The CLI findings of a new user's audit: logs that name their expansions, pack.toml diagnostics at
their keys, a folder without pack.toml, one exit-code policy, fmt of folders, --version, simulate's
agents and gallery --stats of another pack."""

from __future__ import annotations

import json

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
