"""The editor's go to definition (compiler.workspace, `rulebook lsp`): on an open choose's label (`choose ...
as LABEL open`) or on the LABEL of `option in LABEL`, it lists the choose, then the options the cards and
roles add to it, across the pack chain; `x is c` finds the card c (or the local c holding one). A role's own
slots name no zone: their hidden zone is no name of the file."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from rulebook.compiler.workspace import RenameRefused, Workspace

from .test_lsp import editor, where  # noqa: F401  (the LSP client fixture)
from .test_role_slots import ALIENS

# an expansion of the Cosmic Encounter sample: artifact cards in hand add options to the role's choose
FLARES = """\
kind flare { }
zone hand per_player of flare;
flare quash "Quash" { option in regroup_or_rest in hand "quash" { gain 1 vp; } }
flare ionic "Ionic Gas" { }
func twins(c: flare): int = count(x in hand where x is c);
func gassed(): int = count(x in hand where x is ionic);
"""


def chain(tmp_path: Path) -> tuple[Path, Path]:
    (tmp_path / "cosmic").mkdir()
    (tmp_path / "cosmic" / "pack.toml").write_text('name = "cosmic"\n')
    (tmp_path / "cosmic" / "game.rules").write_text(textwrap.dedent(ALIENS).lstrip())
    (tmp_path / "flares").mkdir()
    (tmp_path / "flares" / "pack.toml").write_text('name = "flares"\nextends = ["../cosmic"]\n')
    (tmp_path / "flares" / "flares.rules").write_text(FLARES)
    return tmp_path / "cosmic" / "game.rules", tmp_path / "flares" / "flares.rules"


def at(text: str, needle: str, nth: int = 0) -> tuple[int, int]:
    line, column = where(text, needle, nth)
    return line + 1, column + 1


def test_definition_of_a_label_lists_the_choose_then_the_options(tmp_path):
    game, flares = chain(tmp_path)
    view = Workspace().view(flares)
    shown = {Path(s).name: s for s in view.paths}
    game_text, flare_text = game.read_text(), flares.read_text()
    from_option = view.target_at(shown["flares.rules"], *at(flare_text, "regroup_or_rest"))
    from_choose = view.target_at(shown["game.rules"], *at(game_text, "regroup_or_rest"))
    assert from_option.key == from_choose.key == ("label", "regroup_or_rest")
    found = [(Path(o.span.file).name, o.span.line, o.span.column) for o in view.definitions(from_option.key)]
    assert found == [("game.rules", *at(game_text, "regroup_or_rest")),        # the choose
                     ("game.rules", *at(game_text, "regroup_or_rest", 1)),     # the Macron's option
                     ("flares.rules", *at(flare_text, "regroup_or_rest"))]     # Quash's
    assert "2 options added" in view.hover(from_choose)
    with pytest.raises(RenameRefused, match="label"):
        view.rename(from_choose, "after_encounter")


def test_x_is_c_finds_the_card_or_the_local(tmp_path):
    _game, flares = chain(tmp_path)
    view = Workspace().view(flares)
    shown = next(s for s in view.paths if s.endswith("flares.rules"))
    text = flares.read_text()
    card = view.target_at(shown, *at(text, "ionic", 1))   # `x is ionic`
    assert [(o.span.line, o.span.column) for o in view.definitions(card.key)] == [at(text, "ionic")]
    line, column = at(text, "is c")
    local = view.target_at(shown, line, column + 3)
    assert local.key[0] == "local"
    assert [(o.span.line, o.span.column) for o in view.definitions(local.key)] == [at(text, "c: flare")]


def test_a_role_s_slot_names_no_zone(tmp_path):
    game, _flares = chain(tmp_path)
    view = Workspace().view(game)
    shown = next(s for s in view.paths if s.endswith("game.rules"))
    assert not [o for o in view.index["file"][shown] if o.name == "role.held"]
    text = game.read_text()
    assert view.target_at(shown, *at(text, "modifier you attack")) is None   # the word 'modifier' is no name


def test_the_client_goes_to_the_options(editor, tmp_path):  # noqa: F811
    import lsprotocol.types as T
    from pygls.uris import from_fs_path

    game, flares = chain(tmp_path)   # (from the expansion's file: the base pack alone knows no expansion)
    uri, text = editor.open(flares), flares.read_text()
    found = editor.run(editor.client.text_document_definition_async(
        T.DefinitionParams(**editor.at(uri, text, "regroup_or_rest"))))
    assert [loc.uri for loc in found] == [from_fs_path(str(game))] * 2 + [uri]
    assert found[2].range.start == T.Position(*where(text, "regroup_or_rest"))


def test_a_role_is_declared_and_outlined(tmp_path):
    game, _flares = chain(tmp_path)
    view = Workspace().view(game)
    shown = next(s for s in view.paths if s.endswith("game.rules"))
    text = game.read_text()
    seat = view.target_at(shown, *at(text, "macron", 1))   # `seats 2 to 2 roles macron, oracle`
    assert seat.key == ("name", "macron")
    assert [(o.span.line, o.span.column) for o in view.definitions(seat.key)] == [at(text, "macron")]
    outline = {s["name"]: s["category"] for s in view.symbols_of(shown)}
    assert outline["macron"] == "role" and outline["oracle"] == "role"
