"""`rulebook new FOLDER`: a new pack whose game lints clean, is in the canonical layout and plays to its end on
both backends; folders it must not write into and names that cannot name a pack are refused."""

from __future__ import annotations

import tomllib

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import analyse_file
from rulebook.compiler.pack import load_pack
from rulebook.dsl.diagnostics import WARNING, ERROR

from .conftest import played, program_of


def new(*args):
    return CliRunner().invoke(app, ["new", *args], catch_exceptions=False)


def test_a_new_pack_lints_clean_is_formatted_and_plays_on_both_backends(tmp_path):
    folder = tmp_path / "dice-duel"
    result = new(str(folder), "--title", 'The "Big" Duel')
    assert result.exit_code == 0 and f"rulebook lint {folder}" in result.output
    assert sorted(p.name for p in folder.iterdir()) == ["game.rules", "pack.toml"]
    manifest = tomllib.loads((folder / "pack.toml").read_text(encoding="utf-8"))
    assert manifest["name"] == "dice-duel" and manifest["title"] == 'The "Big" Duel'
    assert load_pack(folder).manifest.name == "dice-duel"
    findings = analyse_file(folder / "game.rules").diagnostics
    assert not [d for d in findings if d.severity in (ERROR, WARNING)]
    assert CliRunner().invoke(app, ["fmt", "--check", str(folder)]).exit_code == 0
    for backend in ("compiled", "interpreted"):
        program = program_of(folder, backend)
        assert program.game.title == 'The "Big" Duel'
        for players in (2, 4):
            game = played(program, 3, players)
            assert game.result()["over"] and game.result()["winners"]


def test_the_title_defaults_to_the_folder_name_and_a_keyword_name_gets_a_game_of_its_own(tmp_path):
    assert new(str(tmp_path / "game")).exit_code == 0
    text = (tmp_path / "game" / "game.rules").read_text(encoding="utf-8")
    assert 'game game_game "Game" {' in text   # `game game` would not parse: the language keeps the word
    assert new(str(tmp_path / "dice_duel")).exit_code == 0
    assert 'game dice_duel "Dice duel" {' in (tmp_path / "dice_duel" / "game.rules").read_text(encoding="utf-8")


@pytest.mark.parametrize("make, args, code, said", [
    (lambda f: (f.mkdir(), (f / "keep.rules").write_text("resource vp;\n")), [], 1, "the folder is not empty"),
    (lambda f: f.write_text("x"), [], 1, "it is a file"),
    (lambda f: None, ["--title", "two\nlines"], 2, "the title is one line of text"),
])
def test_it_never_writes_over_files(tmp_path, make, args, code, said):
    folder = tmp_path / "pig"
    make(folder)
    before = sorted(p.name for p in tmp_path.rglob("*"))
    result = new(str(folder), *args)
    assert result.exit_code == code and said in result.output and "Traceback" not in result.output
    assert sorted(p.name for p in tmp_path.rglob("*")) == before


def test_a_folder_name_that_cannot_name_a_pack_is_refused_with_one_that_can(tmp_path):
    result = new(str(tmp_path / "Dice Duel"))
    assert result.exit_code == 2 and "error[E502]" in result.output and "e.g. 'dice_duel'" in result.output
    assert not (tmp_path / "Dice Duel").exists()


def test_an_empty_folder_is_written_into(tmp_path):
    (tmp_path / "pig").mkdir()
    assert new(str(tmp_path / "pig")).exit_code == 0
    assert (tmp_path / "pig" / "pack.toml").is_file()
