"""What a new user does wrong at the command line: each gives a diagnostic with a stable code and a
non-zero exit, never a traceback (a pack.toml saved with a byte order mark is no mistake at all)."""

from __future__ import annotations

import sys
from pathlib import Path

from click.testing import CliRunner

from rulebook.cli import app

from .conftest import write_pack

runner = CliRunner()

GAME = """
counter vp;
proc p() { gain 1 vp; }
game g { seats 2 to 3; phase play { each players: p(); } winner most vp; }
"""


def test_a_pack_toml_with_a_byte_order_mark_is_read(tmp_path):
    pack = write_pack(tmp_path / "bom", GAME, name="bom")
    (pack / "pack.toml").write_bytes(b'\xef\xbb\xbfname = "bom"\n')
    result = runner.invoke(app, ["lint", str(pack)])
    assert result.exit_code == 0 and "E502" not in result.output, result.output
    (pack / "pack.toml").write_bytes(b'\xef\xbb\xbfname = "bom"\nauthor = "me"\n')
    result = runner.invoke(app, ["lint", str(pack)])   # still positioned as without the mark
    assert result.exit_code == 1 and "pack.toml:2:1: error[E502]: unknown key 'author'" in result.output


def test_a_player_count_outside_the_seats_is_e510_at_the_pack(tmp_path):
    pack = write_pack(tmp_path / "seats", GAME, name="seats")
    for command in (["play"], ["simulate", "--games", "2"], ["cover", "--games", "1"]):
        for n in ("9", "1", "0", "-1"):
            result = runner.invoke(app, [command[0], str(pack), "-n", n, *command[1:]])
            assert result.exit_code == 2, (command, n, result.output)
            assert f"{pack}: error[E510]: g is for 2 to 3 players, not {n}" in result.output
            assert "Traceback" not in result.output
    result = runner.invoke(app, ["play", str(pack), "-n", "2", "--variant", "nope"])
    assert result.exit_code == 2 and "error[E510]: unknown variant 'nope'; the pack has: none" in result.output


def test_explain_of_a_name_the_pack_lacks_is_e511_with_its_hint(tmp_path):
    pack = write_pack(tmp_path / "names", GAME, name="names")
    result = runner.invoke(app, ["explain", str(pack), "vpp"])
    assert result.exit_code == 1 and f"{pack}: error[E511]: the pack declares nothing named 'vpp'" in result.output
    assert "(did you mean 'vp'?)" in result.output


def test_explain_of_a_phase_names_the_game_that_reads_it(tmp_path):
    """A phase is a part of its game, not a declaration: `explain PACK play` (or a named phase,
    `canal_era`) is E511 with a hint naming the game to explain instead."""
    pack = write_pack(tmp_path / "phased", GAME.replace("winner", "phase tally after play { } winner"), name="phased")
    for phase in ("play", "tally"):
        result = runner.invoke(app, ["explain", str(pack), phase])
        assert result.exit_code == 1 and f"error[E511]: the pack declares nothing named '{phase}'" in result.output
        assert f"'{phase}' is a phase of game 'g': `rulebook explain {pack} g` reads every phase" in result.output
    assert runner.invoke(app, ["explain", str(pack), "g"]).exit_code == 0


def test_explain_of_a_blank_name_is_not_the_title_of_every_untitled_declaration():
    result = runner.invoke(app, ["explain", "tapestry", ""])
    assert result.exit_code == 1 and "error[E511]: the pack declares nothing named ''" in result.output
    assert "it is the title of" not in result.output


def test_the_fuzzer_mutates_the_packs_it_is_given(tmp_path):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    import fuzz

    pack = write_pack(tmp_path / "one", GAME, name="one")
    texts = fuzz.corpus((str(pack),))
    assert GAME in texts and "proc p() { gain 1 vp; }\n" in texts   # the file and each declaration
    assert fuzz.check_one(fuzz.mutate(texts[0], __import__("random").Random(1)), 1)[0] != "finding"


def test_a_log_saved_by_an_editor_with_a_bom_and_crlf_replays(tmp_path):
    pack = write_pack(tmp_path / "logged", GAME, name="logged")
    log = tmp_path / "game.log"
    assert runner.invoke(app, ["play", str(pack), "-n", "2", "--log", str(log)]).exit_code == 0
    text = log.read_text(encoding="utf-8")
    log.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode())
    result = runner.invoke(app, ["replay", str(log)])
    assert result.exit_code == 0, result.output


def test_a_truncated_log_is_e604_at_a_line_and_a_column_from_1(tmp_path):
    pack = write_pack(tmp_path / "logged", GAME, name="logged")
    log = tmp_path / "game.log"
    assert runner.invoke(app, ["play", str(pack), "-n", "2", "--log", str(log)]).exit_code == 0
    text = log.read_text(encoding="utf-8")
    cut = text[:text.index("\n", len(text) // 2) + 1]   # ends at the start of a line
    for n, part in enumerate(("", cut, text[:-3])):
        log.write_text(part, encoding="utf-8")
        result = runner.invoke(app, ["replay", str(log)])
        assert result.exit_code == 1 and "error[E604]: not a rulebook game log: Invalid JSON" in result.output
        line = part.count("\n") + 1
        assert f"{log}:{line}:" in result.output and f"{log}:{line}:0:" not in result.output, (n, result.output)
        assert "column" not in result.output and "Traceback" not in result.output
