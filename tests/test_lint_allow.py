"""Per-line lint suppression: `# lint: allow CODE` on a finding's line (after the code) or alone on the
line before it leaves that warning out, in `rulebook lint` (text and --format json) and in the editor
(the language server's Workspace) alike; E545 for an allow naming an error, W531 for one naming no code
or allowing nothing (stale). The Diplomacy audit's W486: a record titled by a label field."""

from __future__ import annotations

import json

from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import analyse_text
from rulebook.compiler.workspace import Workspace

from .conftest import found_at, write_pack

# the audit's order: the label field encodes the other fields, so W486 (the title leaves them out) is meant
ORDER = 'enum okind { hold "holds", go "moves to" }\n' \
        'record order "{label}" { unit: int; kind: okind; label: str = ""; }'


def test_an_allow_after_the_code_or_on_the_line_before_silences_that_warning_there_only():
    assert found_at(ORDER + "\n") == [("W486", 2, 8)]
    assert found_at(ORDER + "  # lint: allow W486 -- the label says it all\n") == []
    assert found_at("# lint: allow W486\n" + ORDER.replace("\nrecord", "\n# lint: allow W486\nrecord") + "\n") == \
        [("W531", 1, 15)]   # the first allow stands before the enum: nothing there to allow
    # another code on the line is not allowed by it
    assert found_at(ORDER + "  # lint: allow W401\n") == [("W486", 2, 8), ("W531", 2, 84)]


def test_errors_cannot_be_allowed_and_unknown_codes_are_said():
    text = "counter vp;\n# lint: allow E202, W9999\nproc p() { gain 1 cion; }\n"
    assert found_at(text) == [("E545", 2, 15), ("W531", 2, 21), ("E202", 3, 19)]
    messages = [d.message for d in analyse_text(text).diagnostics]
    assert "errors cannot be allowed" in messages[0] and "names no code" in messages[1]


def test_lint_json_and_the_editor_honour_it(tmp_path):
    root = write_pack(tmp_path / "orders", ORDER + "  # lint: allow W486\ncounter vp;  # lint: allow W401\n")
    result = CliRunner().invoke(app, ["lint", str(root), "--format", "json"])
    found = [(f["code"], f["line"]) for f in json.loads(result.output)]
    # 'vp' is used by nothing but W401 is allowed; the game is missing (W403 is not allowed): only it stays
    assert ("W486", 2) not in found and ("W401", 3) not in found and all(c != "W531" for c, _l in found)
    workspace = Workspace()
    path = (root / "main.rules").resolve()
    workspace.set_text(path, (root / "main.rules").read_text())
    shown = workspace.view(path).diagnostics()[path]
    assert [d.code for d in shown] == [c for c, _l in found]
    workspace.set_text(path, ORDER + "\ncounter vp;  # lint: allow W401\n")
    assert "W486" in [d.code for d in workspace.view(path).diagnostics()[path]]
