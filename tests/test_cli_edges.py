"""Rough edges of the CLI a user reported: usage errors in --format json, folders named like rules
files, `compile -o` checked before compiling, findings placed at the name they are about, and every
command given a missing, unreadable, non-UTF-8 or empty input."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import analyse
from rulebook.dsl.diagnostics import render_text

from .conftest import write_pack
from .test_cli import PACK

runner = CliRunner()


def invoke(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output and "internal error" not in result.output, result.output
    return result


def findings(result) -> list[dict]:
    """The JSON findings a `--format json` run printed (stdout only)."""
    return json.loads(result.stdout)


# ------------------------------------------------------------------ 1. usage errors in --format json

def finding_keys(tmp_path) -> set:
    """The keys of an ordinary JSON finding (of a pack with an unknown name)."""
    bad = write_pack(tmp_path / "bad", "proc p() { gain 1 nothing; }\n")
    result = invoke("lint", "--format", "json", bad)
    assert result.exit_code == 1
    return set(findings(result)[0])


@pytest.mark.parametrize("args", [
    ["lint", "--format", "json", "no_such_pack"],
    ["lint", "no_such_pack", "--format", "json"],
    ["lint", "--format", "json", "{pack}", "--with", "federaton"],
    ["lint", "--with", "federaton", "{pack}", "--format", "json"],
    ["compile", "--format", "json", "no_such_pack", "-o", "{out}"],
    ["compile", "no_such_pack", "-o", "{out}", "--format", "json"],
    ["compile", "{pack}", "--with", "federaton", "-o", "{out}", "--format", "json"],
])
def test_a_usage_error_is_json_under_format_json_with_exit_code_2(tmp_path, args):
    pack = write_pack(tmp_path / "demo", PACK)
    result = invoke(*[a.format(pack=pack, out=tmp_path / "out") for a in args])
    assert result.exit_code == 2, result.output
    (finding,) = findings(result)
    assert finding["code"] == "E503" and finding["severity"] == "error"
    assert set(finding) == finding_keys(tmp_path)
    if "federaton" in args:
        assert finding["file"] == "federaton" and finding["hint"] == "did you mean 'federation'?"
    assert not (tmp_path / "out").exists()


def test_a_usage_error_in_text_is_a_positioned_finding(tmp_path):
    result = invoke("lint", tmp_path / "federaton")
    assert result.exit_code == 2
    assert f"{tmp_path / 'federaton'}: error[E503]: no such file, folder or shipped pack" in result.output
    misspelt = invoke("lint", "federaton")
    assert "federaton: error[E503]: no such file, folder or shipped pack (did you mean 'federation'?)" \
        in misspelt.output


@pytest.mark.parametrize("command", ["fmt", "replay"])
def test_a_missing_file_is_e107_at_its_path_with_exit_code_2(tmp_path, command):
    missing = tmp_path / "missing.rules"
    result = invoke(command, missing)
    assert result.exit_code == 2
    assert f"{missing}: error[E107]: cannot read file: no such file or folder" in result.output


# ------------------------------------------------------------------ 2. a folder named x.rules

def test_a_folder_named_like_a_rules_file_is_walked_by_lint_and_fmt(tmp_path):
    pack = write_pack(tmp_path / "demo", PACK)
    inner = pack / "x.rules" / "more.rules"
    inner.parent.mkdir()
    inner.write_text("counter  extra;\n")   # unused, and not laid out as fmt would
    result = invoke("lint", pack)
    assert "E107" not in result.output
    assert f"{inner}:1:" in result.output and "warning[W401]: counter 'extra' is declared but never used" in result.output
    checked = invoke("fmt", "--check", pack)
    assert checked.exit_code == 1 and f"would reformat {inner}" in checked.output
    lone = tmp_path / "loose"
    (lone / "y.rules").mkdir(parents=True)
    (lone / "y.rules" / "a.rules").write_text("counter vp;\n")
    assert "E107" not in invoke("lint", lone / "y.rules").output


def test_a_pack_with_only_a_folder_named_like_a_rules_file_is_empty(tmp_path):
    pack = write_pack(tmp_path / "demo", PACK)
    (pack / "main.rules").unlink()
    (pack / "x.rules").mkdir()
    result = invoke("lint", "--format", "json", pack)
    assert [f["code"] for f in findings(result)] == ["E505"]


# ------------------------------------------------------------------ 3. compile -o before compiling

@pytest.fixture
def no_compile(monkeypatch):
    """Fail the test if the pack is compiled: the output path must be refused first."""
    def refuse(*_args, **_kwargs):
        raise AssertionError("compiled before the output path was checked")
    monkeypatch.setattr("rulebook.compiler.driver.compile_pack", refuse)


@pytest.mark.parametrize("case", ["below a file", "a file", "module name is a folder", "proc"])
def test_compile_checks_its_output_before_compiling(tmp_path, no_compile, case):
    pack = write_pack(tmp_path / "demo", PACK, name="demo")
    afile = tmp_path / "afile"
    afile.write_text("keep")
    (tmp_path / "out" / "demo.py").mkdir(parents=True)
    output, at, reason = {
        "below a file": (afile / "sub", afile / "sub", f"{afile} is not a folder"),
        "a file": (afile, afile, "it is a file, not a folder"),
        "module name is a folder": (tmp_path / "out", tmp_path / "out" / "demo.py", "it is a folder"),
        "proc": ("/proc", "/proc", "no file can be made in /proc"),   # refused even to root
    }[case]
    result = invoke("compile", pack, "-o", output)
    assert result.exit_code == 1
    assert f"{at}: error[E506]: cannot write {at}: {reason}" in result.output
    as_json = invoke("compile", "--format", "json", pack, "-o", output)
    assert as_json.exit_code == 1 and [f["code"] for f in findings(as_json)] == ["E506"]
    assert afile.read_text() == "keep"


def test_compile_makes_missing_parent_folders_of_its_output(tmp_path):
    pack = write_pack(tmp_path / "demo", PACK, name="demo")
    result = invoke("compile", pack, "-o", tmp_path / "new" / "deep")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "new" / "deep" / "demo.py").is_file()
    assert [p.name for p in (tmp_path / "new" / "deep").iterdir()] == ["demo.py"]   # no probe left behind


def test_a_bad_output_is_reported_before_the_packs_errors(tmp_path):
    bad = write_pack(tmp_path / "bad", "proc p() { gain 1 nothing; }\n")
    (tmp_path / "afile").write_text("")
    result = invoke("compile", bad, "-o", tmp_path / "afile" / "sub")
    assert "E506" in result.output and "E202" not in result.output


# ------------------------------------------------------------------ 4. findings at the name

BASE = """
counter vp;
kind card { worth: int; }
proc score() { gain 1 vp; }
card a "A" { worth = 1; }
game demo "Demo" {
  seats 2 to 3;
  phase play { each players { score(); } }
  winner most vp;
}
"""

HOUSE = """
after scor { gain 1 vp; }
remove nothing_here;
amend vp { worth = 2; }
counter vp;
override proc scroe() { gain 2 vp; }
override proc score() { gain 3 vp; }
card b "B" { }
track empty_track "Empty" { }
counter
  unused_one;
"""


def test_findings_about_a_declaration_are_placed_at_its_name(tmp_path):
    write_pack(tmp_path / "base", BASE, name="base")
    house = write_pack(tmp_path / "house", HOUSE.lstrip("\n"), name="house", extends=["../base"])
    result = analyse(str(house))
    placed = sorted((d.code, d.span.line, d.span.column, d.span.end_column) for d in result.diagnostics)
    assert placed == [
        ("E208", 4, 9, 11),    # counter vp;
        ("E212", 5, 15, 20),   # override proc scroe
        ("E214", 2, 8, 20),    # remove nothing_here;
        ("E216", 1, 7, 11),    # after scor
        ("E217", 3, 7, 9),     # amend vp
        ("E304", 7, 6, 7),     # card b
        ("E305", 8, 7, 18),    # track empty_track
        ("I404", 6, 15, 20),   # override proc score
        ("W401", 8, 7, 18),
        ("W401", 10, 3, 13),   # the name on the line after the keyword
    ]
    (e216,) = [d for d in result.diagnostics if d.code == "E216"]
    assert render_text([e216], result.sources).splitlines()[1:] == ["  after scor { gain 1 vp; }", "        ^~~~"]


def test_two_expansions_overriding_one_proc_are_reported_at_the_later_ones_name(tmp_path):
    write_pack(tmp_path / "base", BASE, name="base")
    write_pack(tmp_path / "one", "override proc score() { gain 2 vp; }\n", name="one", extends=["../base"])
    two = write_pack(tmp_path / "two", "# two\noverride   proc  score() { gain 3 vp; }\n", name="two",
                     extends=["../base"])
    result = analyse(str(tmp_path / "one"), [str(two)])
    (w406,) = [d for d in result.diagnostics if d.code == "W406"]
    assert (w406.span.line, w406.span.column, w406.span.end_column) == (2, 18, 23)


# ------------------------------------------------------------------ 5. bad inputs to every command

def test_explain_of_a_pack_that_does_not_parse_reports_why(tmp_path):
    pack = write_pack(tmp_path / "demo", PACK)
    (pack / "main.rules").write_bytes(b"counter vp;\xff\n")
    result = invoke("explain", pack, "vp")
    assert result.exit_code == 1 and "error[E104]" in result.output


def test_explain_of_an_empty_pack_says_it_is_empty(tmp_path):
    pack = write_pack(tmp_path / "demo", PACK)
    (pack / "main.rules").unlink()
    result = invoke("explain", pack, "vp")
    assert result.exit_code == 1
    assert "error[E505]" in result.output and "declares nothing named 'vp'" in result.output


def cli_without_file_permission_override(args: list, cwd) -> subprocess.CompletedProcess:
    """`rulebook ARGS` in a process that file permissions bind: as itself when not root, else as root
    without the capabilities that bypass them (setpriv); skipped where neither is possible."""
    prefix = []
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("root, and no setpriv to drop the capabilities that bypass file permissions")
        prefix = [setpriv, "--bounding-set=-dac_override,-dac_read_search"]
    command = prefix + [sys.executable, "-c", "from rulebook.cli import main; main()", *map(str, args)]
    done = subprocess.run(command, capture_output=True, text=True, cwd=cwd, timeout=120)
    if done.returncode and "setpriv" in done.stderr:
        pytest.skip(f"setpriv cannot run here: {done.stderr.strip()}")
    return done


def test_unreadable_and_unsearchable_inputs_are_e107_or_e506_never_a_traceback(tmp_path):
    pack = write_pack(tmp_path / "demo", PACK, name="demo")
    locked = write_pack(tmp_path / "locked" / "demo", PACK, name="demo").parent
    unreadable = write_pack(tmp_path / "unreadable", PACK, name="unreadable")
    (unreadable / "main.rules").chmod(0)
    os.chmod(locked, 0)
    try:
        cases = [
            (["lint", "locked"], 1, "locked: error[E107]: cannot read locked: permission denied"),
            (["lint", "--format", "json", "locked/demo"], 1, '"code": "E107"'),
            (["lint", "unreadable"], 1, "error[E107]: cannot read file: permission denied"),
            (["lint", "unreadable/main.rules"], 1, "error[E107]: cannot read file: permission denied"),
            (["compile", "locked/demo", "-o", "out"], 1, "locked/demo: error[E107]: cannot read locked/demo"),
            (["compile", "demo", "-o", "locked/out"], 1, "locked/out: error[E506]: cannot write locked/out"),
            (["explain", "locked/demo", "vp"], 1, "error[E107]"),
            (["explain", "unreadable", "vp"], 1, "error[E107]"),
            (["fmt", "locked"], 1, "locked: error[E107]: cannot read locked: permission denied"),
            (["fmt", "unreadable/main.rules"], 1, "error[E107]: cannot read file: permission denied"),
            (["play", "locked/demo", "-n", "2"], 1, "error[E107]"),
            (["play", "demo", "-n", "2", "--log", "locked/log.json"], 1, "error[E506]"),
            (["replay", "locked/log.json"], 1, "locked/log.json: error[E107]: cannot read file: permission denied"),
        ]
        for args, code, expected in cases:
            done = cli_without_file_permission_override(args, tmp_path)
            output = done.stdout + done.stderr
            assert "Traceback" not in output and "internal error" not in output, (args, output)
            assert done.returncode == code and expected in output.replace("Permission", "permission"), (args, output)
    finally:
        os.chmod(locked, 0o755)
    assert pack.is_dir() and not (tmp_path / "out").exists()


def test_gallery_stats_that_is_a_folder_is_e107_at_it(tmp_path):
    pack = write_pack(tmp_path / "demo", PACK)
    report = tmp_path / "report.json"
    report.mkdir()
    result = invoke("gallery", pack, "-o", tmp_path / "site", "--stats", report)
    assert result.exit_code == 1 and f"{report}: error[E107]: cannot read file: not a regular file" in result.output
    assert not (tmp_path / "site").exists()
