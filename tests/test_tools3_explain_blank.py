"""`rulebook explain` shows a declaration as written, two spaces in: a blank line inside it (between two
steps of a proc, kept as `fmt` keeps it) is shown empty, with no trailing spaces; so are the texts the
stacked packs changed it by."""

from __future__ import annotations

from click.testing import CliRunner

from rulebook.cli import app

from .conftest import write_pack

BASE = """
counter vp "VP" from 0 to 20;
proc turn() {
  gain 1 vp;

  # then the harvest
  gain 2 vp;
}
game harvest { seats 2 to 2; phase play { repeat 2 { each players { turn(); } } } winner most vp; }
"""

MORE = """
override proc turn() {
  gain 1 vp;

  gain 3 vp;
}
"""


def test_blank_lines_inside_a_declaration_are_empty(tmp_path):
    base = write_pack(tmp_path / "harvest", BASE, name="harvest")
    more = write_pack(tmp_path / "more", MORE, name="more", extends=["../harvest"])
    for args in (["explain", str(base), "turn"], ["explain", str(more), "turn"]):
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, result.output
        lines = result.output.splitlines()
        assert "  # then the harvest" in "\n".join(lines)
        assert [line for line in lines if line != line.rstrip()] == []
        assert lines.count("") >= 2   # the blank line inside the proc, and the one before "In words"
