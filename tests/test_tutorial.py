"""docs/tutorial.md is true: its files are written, its edits applied and its commands run in order, each
printing what the page shows.

The page's fenced blocks are steps, read top to bottom in one folder:
- a block whose first line is `# file: PATH` (`rules`, `toml`, `python`) writes that file;
- a `diff` block whose first line is `# file: PATH` replaces, in that file, its `-` line by its `+` line (the
  `-` line must be one whole line there, once);
- a `console` block runs its first line's command (`$ rulebook ...` through the CLI, `$ python FILE` with
  this interpreter) and compares what it prints with the rest of the block, a line `...` standing for any
  number of lines (timings and worker counts vary).
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulebook.cli import app

PAGE = Path(__file__).resolve().parent.parent / "docs" / "tutorial.md"
FENCE = re.compile(r"^```([\w-]*)[^\n]*\n(.*?)^```\s*$", re.S | re.M)
FILE = re.compile(r"#\s*file:\s*(\S+)")


def steps() -> list[tuple[str, str, int]]:
    """(kind, text, line) of each fenced block of the page, in order."""
    text = PAGE.read_text(encoding="utf-8")
    return [(m.group(1), m.group(2), text.count("\n", 0, m.start()) + 1) for m in FENCE.finditer(text)]


def matches(shown: list[str], printed: list[str]) -> bool:
    """Whether the printed lines are the shown ones, a shown `...` matching any run of lines (even none)."""
    if not shown:
        return not printed
    if shown[0] == "...":
        return any(matches(shown[1:], printed[i:]) for i in range(len(printed) + 1))
    return bool(printed) and printed[0] == shown[0] and matches(shown[1:], printed[1:])


def run(command: str, folder: Path) -> tuple[str, int]:
    """What a command of the page prints (stdout and stderr, as a terminal shows them) and its exit code."""
    words = shlex.split(command)
    if words[0] == "rulebook":
        result = CliRunner().invoke(app, words[1:], catch_exceptions=False)
        return result.output, result.exit_code
    assert words[0] == "python", f"the tutorial runs rulebook and python only, not {words[0]}"
    done = subprocess.run([sys.executable, *words[1:]], cwd=folder, capture_output=True, text=True)
    return done.stdout + done.stderr, done.returncode


def test_the_tutorial_runs_as_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("RULEBOOK_CACHE", str(tmp_path / "cache"))
    commands = 0
    for kind, text, line in steps():
        first, _, rest = text.partition("\n")
        named = FILE.fullmatch(first.strip())
        if kind == "diff":
            target = tmp_path / named.group(1)
            old = [t[1:] for t in rest.splitlines() if t.startswith("-")]
            new = [t[1:] for t in rest.splitlines() if t.startswith("+")]
            lines = target.read_text(encoding="utf-8").split("\n")
            assert len(old) == len(new) == 1 and lines.count(old[0]) == 1, f"the edit at line {line}"
            lines[lines.index(old[0])] = new[0]
            target.write_text("\n".join(lines), encoding="utf-8")
        elif named is not None:
            target = tmp_path / named.group(1)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        elif kind == "console":
            assert first.startswith("$ "), f"the command block at line {line} starts with '$ '"
            printed, code = run(first[2:], tmp_path)
            shown = rest.rstrip("\n").splitlines()
            got = [t.rstrip() for t in printed.rstrip("\n").splitlines()]
            assert matches([t.rstrip() for t in shown], got), f"line {line}: {first}\nprinted:\n{printed}"
            # a lint that finds an error exits 1, as the page says; every other command succeeds
            assert code == (1 if "error(s)" in printed and not printed.rstrip().endswith("0 error(s), 0 warning(s)")
                            else 0), f"line {line}: {first} exited {code}"
            commands += 1
    assert commands >= 8


@pytest.mark.parametrize("shown, printed, same", [
    (["a", "...", "d"], ["a", "b", "c", "d"], True),
    (["a", "...", "d"], ["a", "d"], True),
    (["a", "...", "d"], ["a", "b", "c"], False),
    (["a", "b"], ["a", "b", "c"], False),
    (["...", "c"], ["a", "b", "c"], True),
])
def test_an_ellipsis_line_stands_for_any_lines(shown, printed, same):
    assert matches(shown, printed) is same
