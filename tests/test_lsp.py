"""`rulebook lsp`: the workspace index on its own, then the server driven by a real LSP client.

The client is pygls's LanguageClient talking JSON-RPC to `rulebook lsp` over a pipe, as an editor
does. Expected positions are computed from the texts (0-based lines, UTF-16 columns).
"""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebook.compiler.driver import analyse_file
from rulebook.compiler.pack import SHIPPED
from rulebook.compiler.workspace import (ModuleCache, RenameRefused, Workspace, keywords, lsp_range, statement_words, words,
                                         split_declarations)
from rulebook.dsl import ast as A
from rulebook.dsl.diagnostics import RulesError
from rulebook.dsl.parser import CARD_WORDS, deep_recursion, parse_text

pytest.importorskip("pygls")
from lsprotocol import types as T  # noqa: E402
from pygls.lsp.client import LanguageClient  # noqa: E402
from pygls.uris import from_fs_path  # noqa: E402

BASE = {
    "pack.toml": 'name = "base"\n',
    "core.rules": """\
        # the base game's stocks
        resource coin "Coin";
        counter vp;
        enum color { red, blue }
        kind card { price: int; tint: color = red; play: effect; }
        zone hand per_player of card;
        """,
}
HOUSE = {
    "pack.toml": 'name = "house"\nextends = ["../base"]\n',
    "cards.rules": """\
        card spark "Spark" {
          price = 2;
          tint = blue;
          play { gain this.price coin; }
        }
        """,
    "turn.rules": """\
        proc turn() {
          gain 1 coin;
          pay 1 coin;
        }
        game g { seats 2 to 3; phase setup { } phase play { turn(); } phase final { } winner most vp; }
        """,
}


def write(root: Path, files: dict) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (root / name).write_text(textwrap.dedent(text), encoding="utf-8")
    return root


@pytest.fixture
def packs(tmp_path) -> Path:
    """A base pack and a house pack extending it; returns the house folder."""
    write(tmp_path / "base", BASE)
    return write(tmp_path / "house", HOUSE)


def where(text: str, needle: str, nth: int = 0) -> tuple[int, int]:
    """0-based line and UTF-16 column of the nth occurrence of needle."""
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    line = text.count("\n", 0, at)
    before = text[text.rfind("\n", 0, at) + 1:at]
    return line, len(before.encode("utf-16-le")) // 2


def rng(text: str, needle: str, nth: int = 0, word: str | None = None) -> T.Range:
    """The range of `word` (default: the needle) at the nth occurrence of needle."""
    line, col = where(text, needle, nth)
    word = word or needle
    col += len(needle[:needle.index(word)].encode("utf-16-le")) // 2
    return T.Range(T.Position(line, col), T.Position(line, col + len(word.encode("utf-16-le")) // 2))


# ---------------------------------------------------------------------------- the workspace, no client


def test_other_commands_do_not_load_the_server():
    """`rulebook lint` and the rest start without importing pygls, lsprotocol or pygments."""
    code = ("import sys, rulebook.cli; print(sorted({m.split('.')[0] for m in sys.modules} & "
            "{'pygls', 'lsprotocol', 'pygments'}))")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout == "[]\n"


def test_lsp_range_is_zero_based_and_end_exclusive():
    """Spans are 1-based with an exclusive end column; whole-file spans map to the first position."""
    assert lsp_range(A.Span("f", 3, 5, 3, 9)) == ((2, 4), (2, 8))
    assert lsp_range(A.Span("f", 1, 1, 2, 1)) == ((0, 0), (1, 0))
    assert lsp_range(A.Span("f", 0, 0, 0, 0)) == ((0, 0), (0, 0))


def _spans(module):
    return sorted((type(n).__name__, n.span.line, n.span.column, n.span.end_line, n.span.end_column)
                  for item in module.items for n in A.walk(item))


@pytest.mark.parametrize("path", sorted((SHIPPED / "federation").glob("*.rules")), ids=lambda p: p.name)
def test_declaration_cache_parses_like_the_whole_file(path):
    """Declarations parsed one by one give the whole file's AST with the same spans, also after lines
    are inserted above them (then nothing is parsed again)."""
    text = path.read_text(encoding="utf-8")
    cache = ModuleCache()
    assert cache.parse(text, "f") == parse_text(text, "f")
    assert _spans(cache.parse(text, "f")) == _spans(parse_text(text, "f"))
    before = cache.parsed_chunks
    moved = "# a new comment\n\n" + text
    assert _spans(cache.parse(moved, "f")) == _spans(parse_text(moved, "f"))
    assert cache.parsed_chunks == before


def test_an_edit_reparses_only_the_declaration_it_touches():
    """Changing one card re-parses that card alone."""
    text = (SHIPPED / "federation" / "erudites.rules").read_text(encoding="utf-8")
    cache = ModuleCache()
    cache.parse(text, "f")
    before = cache.parsed_chunks
    edited = text.replace("gain 1 lvl_round;", "gain 3 lvl_round;", 1)
    assert edited != text
    module = cache.parse(edited, "f")
    assert cache.parsed_chunks == before + 1
    assert module == parse_text(edited, "f")


MUTATED = sorted((SHIPPED / "federation").glob("*.rules")) + sorted(Path(__file__).parent.glob("malformed/*.rules"))
_CACHES: dict = {}


def test_an_error_between_declarations_gets_the_whole_files_note_on_a_brace_too_many():
    # a '}' too many early in the file is pointed at by the note of an error met later between
    # declarations; the editor's cache parses only the changed declaration, which cannot see it, so
    # such an error is the whole file's to report (found by the property test below)
    text = "counter vp;\nproc a() {\n  if vp > 0 {\n    gain 1 vp;\n    }\n  }\n}\nproc b() { gain 1 vp; }\n"
    cache = ModuleCache()
    cache.parse(text.replace("    }\n  }\n}", "    }\n  }"), "f")
    with pytest.raises(RulesError) as whole:
        parse_text(text, "f")
    with pytest.raises(RulesError) as cached:
        cache.parse(text, "f")
    assert whole.value.diagnostics[0].notes and cached.value.diagnostics == whole.value.diagnostics


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(MUTATED), st.floats(0, 1), st.sampled_from(
    ["", "{", "}", ";", "(", ")", '"', "#", "\n", "x ", "gain", "1", ".", "=", "override "]))
def test_edited_files_get_lints_syntax_errors(path, where_at, inserted):
    """Any one-character deletion or small insertion gives exactly the module or the syntax errors of
    parsing the whole file, although the cache parses only the declarations that changed."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return
    if path not in _CACHES:   # warm, as an editor is after opening the file
        _CACHES[path] = ModuleCache()
        with contextlib.suppress(RulesError):
            _CACHES[path].parse(text, "f")
    cache = _CACHES[path]
    at = int(where_at * len(text))
    edited = text[:at] + inserted + text[at + (0 if inserted else 1):]

    def outcome(parse):
        try:
            return parse(edited, "f")
        except RulesError as e:
            return e.diagnostics

    whole, cached = outcome(parse_text), outcome(cache.parse)
    with deep_recursion():   # comparing deep ASTs recurses
        assert cached == whole
    if isinstance(whole, A.Module):
        assert _spans(cached) == _spans(whole)


def test_deep_declarations_are_indexed_and_moved(tmp_path):
    """A declaration nested as deep as the parser allows is parsed, shifted and indexed."""
    path = tmp_path / "deep.rules"
    text = "resource coin;\nproc p() { gain " + " + ".join(["coin"] * 900) + " coin; }\n"
    path.write_text(text)
    workspace = Workspace()
    workspace.set_text(path, text)
    assert workspace.view(path).diagnostics() == {path.resolve(): analyse_file(path).diagnostics}
    workspace.set_text(path, "\n" + text)
    view = workspace.view(path)
    assert len(view.occurrences_of(("name", "coin"))) == 902
    assert view.occurrences_of(("name", "coin"))[-1].span.line == 3


def test_split_ignores_braces_in_comments_and_strings():
    """A '}' inside a comment or a string does not end a declaration."""
    text = 'resource a "{";\n# }\nkind k {\n  x: int; # {\n}\nresource b;'
    chunks = split_declarations(text)
    assert [(c.line, c.column, c.text.split()[1].rstrip(";")) for c in chunks] == [(1, 1, "a"), (3, 1, "k"), (6, 1, "b")]


def test_syntax_errors_are_exactly_lints(packs):
    """A file with syntax errors gets lint's diagnostics, positions included."""
    bad = "resource a\nresource b;\nproc p() { gain 1 a }\n"
    (packs / "bad.rules").write_text(bad)
    view = Workspace().view(packs / "bad.rules")
    assert view.diagnostics()[(packs / "bad.rules").resolve()] == analyse_file(packs / "bad.rules").diagnostics


def test_a_file_with_a_syntax_error_keeps_its_good_declarations(packs):
    """While core.rules has a syntax error, its declarations that parse still count: the house pack
    does not light up with unknown names, the index still knows them, and the error is lint's."""
    core = packs.parent / "base" / "core.rules"
    workspace = Workspace()
    workspace.set_text(core, core.read_text())
    workspace.view(packs / "turn.rules")
    broken = core.read_text().replace("counter vp;", "counter vp")   # `counter vp enum color {...}`
    workspace.set_text(core, broken)
    core.write_text(broken)
    lint = analyse_file(core).diagnostics
    assert [d.code for d in lint] == ["E100"]
    assert workspace.view(core).diagnostics()[core.resolve()] == lint
    house = workspace.view(packs / "turn.rules")
    assert all(found == [] for found in house.diagnostics().values())
    turn = next(s for s in house.paths if s.endswith("turn.rules"))
    assert house.definitions(house.target_at(turn, 2, 10).key)[0].span.file.endswith("core.rules")


def test_a_lone_file_and_a_broken_manifest_are_linted_as_lint_does(tmp_path):
    """A file outside any pack is checked alone (no unused-declaration lints, as `lint FILE`); an
    invalid pack.toml is reported on the manifest."""
    lone = tmp_path / "lone.rules"
    lone.write_text("resource coin;\nproc p() { gain 1 gold; }\n")
    found = Workspace().view(lone).diagnostics()
    assert found == {lone.resolve(): analyse_file(lone).diagnostics}
    assert [d.code for d in found[lone.resolve()]] == ["E202"]
    write(tmp_path / "bad", {"pack.toml": 'name = "Bad Name"\n', "a.rules": "resource coin;\n"})
    found = Workspace().view(tmp_path / "bad" / "a.rules").diagnostics()
    assert [(path.name, [d.code for d in ds]) for path, ds in found.items() if ds] == [("pack.toml", ["E502"])]


def test_keywords_are_the_grammars():
    """Completion's keyword list is the grammar's reserved words."""
    assert {"gain", "resource", "track", "whenever", "override"} <= keywords()
    assert "coin" not in keywords()
    assert "eliminate" not in keywords() and "end" not in keywords()   # contextual: a pack may use them as names


def test_index_finds_names_fields_and_members(packs):
    """Declarations, uses, fields of a known kind and enum members are indexed with exact spans."""
    view = Workspace().view(packs / "cards.rules")
    cards = next(s for s in view.paths if s.endswith("cards.rules"))
    text = (packs / "cards.rules").read_text()
    line, col = where(text, "price coin")
    assert view.target_at(cards, line + 1, col + 1).key == ("field", "card", "price")
    line, col = where(text, "coin;")
    assert view.target_at(cards, line + 1, col + 1).key == ("name", "coin")
    line, col = where(text, "blue")
    assert view.target_at(cards, line + 1, col + 1).key == ("name", "blue")
    assert view.target_at(cards, line + 1, col + 6) is None   # past the word
    spans = [(o.span.file.rsplit("/", 1)[-1], o.span.line, o.span.column, o.role)
             for o in view.occurrences_of(("name", "coin"))]
    assert spans == [("core.rules", 2, 10, "decl"), ("cards.rules", 4, 26, "ref"),
                     ("turn.rules", 2, 10, "ref"), ("turn.rules", 3, 9, "ref")]


def test_a_field_per_member_names_its_enum_and_members(tmp_path):
    """`cost: int[spice]` uses the enum, `{saffron: 2}` its member: both are found and renamed with them."""
    write(tmp_path / "spice", {"pack.toml": 'name = "spice"\n', "m.rules": """\
        enum spice { turmeric, saffron }
        kind merchant { cost: int[spice]; }
        merchant trade { cost = {saffron: 2}; }
        func dear(m: merchant) = m.cost[saffron] > 1;
        """})
    view = Workspace().view(tmp_path / "spice" / "m.rules")
    spans = [(o.span.line, o.span.column, o.role) for o in view.occurrences_of(("name", "saffron"))]
    assert spans == [(1, 24, "member"), (3, 26, "ref"), (4, 33, "ref")]
    assert [(o.span.line, o.span.column) for o in view.occurrences_of(("name", "spice"))] == [(1, 6), (2, 27)]
    shown = next(s for s in view.paths if s.endswith("m.rules"))
    field = view.target_at(shown, 2, 17)
    assert field.key == ("field", "merchant", "cost")
    assert view.hover(field).startswith("field `cost: int[spice]` of kind `merchant` (optional)")
    assert [c["detail"] for s in view.symbols_of(shown) for c in s["children"]] == ["int[spice]"]


def test_house_rule_constructs_are_indexed(packs, tmp_path):
    """`after`, `amend`, top-level triggers and overrides: their names are uses of what they change,
    amended fields are the kind's, the outline names them, and an override is the definition in force."""
    write(tmp_path / "tweak", {"pack.toml": f'name = "tweak"\nextends = ["{packs}"]\n', "t.rules": """\
        after turn { gain 1 vp; }
        amend spark { price = 3; }
        whenever you gain(res = coin) { gain 1 vp; }
        override resource coin "Gold coin";
        """})
    path = tmp_path / "tweak" / "t.rules"
    view = Workspace().view(path)
    # the after, the amend and the override each say what they change
    assert {p.name: [d.code for d in found] for p, found in view.diagnostics().items()} == \
        {"t.rules": ["I404", "I404", "I404"]}
    shown = next(s for s in view.paths if s.endswith("t.rules"))
    assert view.target_at(shown, 1, 7).key == ("name", "turn")
    assert any(o.span.file == shown for o in view.occurrences_of(("name", "turn")))
    assert view.target_at(shown, 2, 7).key == ("name", "spark")
    assert view.target_at(shown, 2, 15).key == ("field", "card", "price")
    coin = view.definitions(("name", "coin"))
    assert [(o.span.file.rsplit("/", 1)[-1], o.span.line) for o in coin] == [("t.rules", 4), ("core.rules", 2)]
    assert [(s["name"], s["category"]) for s in view.symbols_of(shown)] == [
        ("after turn", "extend"), ("amend spark", "amend"), ("whenever gain", "trigger"), ("coin", "resource")]


def test_rename_refuses_keywords_clashes_and_non_names(packs):
    """A rename to a keyword, to a declared name or to something that is not a name is refused."""
    view = Workspace().view(packs / "turn.rules")
    turn = next(s for s in view.paths if s.endswith("turn.rules"))
    target = view.target_at(turn, 2, 10)
    assert target.key == ("name", "coin")
    for bad in ("gain", "vp", "blue", "2coins", "min"):
        with pytest.raises(RenameRefused):
            view.rename(target, bad)
    assert sum(len(v) for v in view.rename(target, "gold").values()) == 4


def test_rename_stays_out_of_shipped_packs(tmp_path):
    """From an expansion of Federation, a name declared in the shipped pack is not renamed there;
    inside the shipped pack itself it is, in every file that uses it."""
    write(tmp_path / "exp", {"pack.toml": f'name = "exp"\nextends = ["{SHIPPED / "federation"}"]\n',
                             "x.rules": "proc extra() { gain 1 prestige; }\n"})
    view = Workspace().view(tmp_path / "exp" / "x.rules")
    shown = next(s for s in view.paths if s.endswith("x.rules"))
    with pytest.raises(RenameRefused, match="shipped"):
        view.rename(view.target_at(shown, 1, 23), "glory")
    own = Workspace().view(SHIPPED / "federation" / "resources.rules")
    target = next(o for o in own.occurrences_of(("name", "prestige")) if o.role == "decl")
    edits = own.rename(own.target_at(target.span.file, target.span.line, target.span.column), "glory")
    assert len(edits) > 3 and sum(map(len, edits.values())) == len(own.occurrences_of(("name", "prestige")))


# ---------------------------------------------------------------------------- through a real client


class Editor:
    """A pygls LanguageClient driving `rulebook lsp` over a pipe, one request at a time."""

    def __init__(self, cwd: Path):
        self.loop = asyncio.new_event_loop()
        self.client = LanguageClient("rulebook-tests", "1")
        self.diagnostics: dict[str, list] = {}
        self.messages: list[str] = []
        self.versions: dict[str, int] = {}
        self.client.feature(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)(
            lambda params: self.diagnostics.__setitem__(params.uri, list(params.diagnostics)))
        self.client.feature(T.WINDOW_SHOW_MESSAGE)(lambda params: self.messages.append(params.message))
        script = shutil.which("rulebook", path=str(Path(sys.executable).parent))
        command = [script] if script else [sys.executable, "-c", "from rulebook.cli import main; main()"]
        self.run(self.client.start_io(*command, "lsp", cwd=str(cwd)))
        capabilities = T.ClientCapabilities(general=T.GeneralClientCapabilities(
            position_encodings=[T.PositionEncodingKind.Utf16]))
        self.run(self.client.initialize_async(T.InitializeParams(capabilities=capabilities, process_id=None)))
        self.client.initialized(T.InitializedParams())

    def run(self, coroutine):
        return self.loop.run_until_complete(asyncio.wait_for(coroutine, 60))

    def close(self) -> None:
        self.run(self.client.shutdown_async(None))
        self.client.exit(None)
        self.run(self.client.stop())
        self.loop.close()

    def sync(self, uri: str) -> None:
        """Wait until the server has handled every notification sent so far (it answers in order)."""
        self.run(self.client.text_document_document_symbol_async(
            T.DocumentSymbolParams(text_document=T.TextDocumentIdentifier(uri=uri))))

    def open(self, path: Path) -> str:
        uri = from_fs_path(str(path))
        self.versions[uri] = 1
        self.client.text_document_did_open(T.DidOpenTextDocumentParams(text_document=T.TextDocumentItem(
            uri=uri, language_id="rules", version=1, text=path.read_text(encoding="utf-8"))))
        self.sync(uri)
        return uri

    def replace(self, uri: str, range_: T.Range, text: str) -> None:
        """An unsaved edit of part of a document."""
        self.versions[uri] += 1
        self.client.text_document_did_change(T.DidChangeTextDocumentParams(
            text_document=T.VersionedTextDocumentIdentifier(uri=uri, version=self.versions[uri]),
            content_changes=[T.TextDocumentContentChangePartial(range=range_, text=text)]))
        self.sync(uri)

    def at(self, uri: str, text: str, needle: str, nth: int = 0, offset: int = 0) -> dict:
        line, col = where(text, needle, nth)
        return {"text_document": T.TextDocumentIdentifier(uri=uri), "position": T.Position(line, col + offset)}


@pytest.fixture(scope="module")
def editor(tmp_path_factory):
    cwd = tmp_path_factory.mktemp("editor")
    e = Editor(cwd)
    yield e
    e.close()


def as_lsp(diagnostic, text: str) -> tuple:
    """A lint diagnostic as (code, range) in UTF-16 columns, computed independently of the server."""
    lines = text.split("\n")
    (l0, c0), (l1, c1) = lsp_range(diagnostic.span)

    def units(line, col):
        return len(lines[line][:col].encode("utf-16-le")) // 2 if line < len(lines) else col

    return diagnostic.code, ((l0, units(l0, c0)), (l1, units(l1, c1)))


def published(editor, uri) -> list:
    return [(d.code, ((d.range.start.line, d.range.start.character), (d.range.end.line, d.range.end.character)))
            for d in editor.diagnostics[uri]]


def test_diagnostics_are_lints_with_the_whole_pack_in_view(editor, packs):
    """Opening a file publishes lint's findings for every file of its pack; an unsaved edit in one
    file re-lints the others (a name removed here is unknown there)."""
    turn_uri = editor.open(packs / "turn.rules")
    cards_uri = from_fs_path(str(packs / "cards.rules"))
    assert editor.diagnostics[turn_uri] == [] and editor.diagnostics[cards_uri] == []
    core = packs.parent / "base" / "core.rules"
    core_uri = editor.open(core)
    core_text = core.read_text()
    # the base pack on its own: lint's W401s for its unused declarations
    assert published(editor, core_uri) == [as_lsp(d, core_text) for d in analyse_file(core).diagnostics]
    assert [d.code for d in editor.diagnostics[core_uri]] == ["W401", "W401", "W401"]
    # an unsaved edit in the base renames `coin`: the house pack's files, open or not, see it
    editor.replace(core_uri, rng(core_text, "coin", word="coin"), "gold")
    editor.sync(turn_uri)
    turn_text = (packs / "turn.rules").read_text()
    assert published(editor, turn_uri) == [("E202", ((1, 9), (1, 13))), ("E202", ((2, 8), (2, 12)))]   # at the names
    assert [d.code for d in editor.diagnostics[cards_uri]] == ["E202"]
    # the same codes and positions as `rulebook lint` on the saved files
    core.write_text(core_text.replace('resource coin', 'resource gold'))
    assert published(editor, turn_uri) == [as_lsp(d, turn_text) for d in analyse_file(packs / "turn.rules").diagnostics]


def test_columns_after_wide_characters_are_utf16(editor, tmp_path):
    """An error after an emoji and an accent is placed in UTF-16 code units."""
    write(tmp_path / "wide", {"pack.toml": 'name = "wide"\n', "main.rules": """\
        kind card { price: int; }
        card star "😀 Étoile" { price = nope; }
        """})
    path = tmp_path / "wide" / "main.rules"
    uri = editor.open(path)
    text = path.read_text()
    assert published(editor, uri) == [("E201", ((1, 32), (1, 36)))]
    assert rng(text, "nope") == T.Range(T.Position(1, 32), T.Position(1, 36))
    assert published(editor, uri) == [as_lsp(d, text) for d in analyse_file(path).diagnostics]


def test_syntax_error_while_typing_and_back(editor, packs):
    """A half-typed statement gets lint's syntax error; finishing it clears it."""
    path = packs / "turn.rules"
    uri = editor.open(path)
    text = path.read_text()
    line, col = where(text, "pay 1 coin;")
    end = T.Position(line, col + len("pay 1 coin;"))
    editor.replace(uri, T.Range(end, end), " gain 1")
    typed = text.replace("pay 1 coin;", "pay 1 coin; gain 1")
    with pytest.raises(RulesError) as lint:
        parse_text(typed, str(path))
    assert [d.code for d in editor.diagnostics[uri]] == ["E100"]
    assert published(editor, uri) == [as_lsp(d, typed) for d in lint.value.diagnostics]
    editor.replace(uri, T.Range(T.Position(line, end.character + 7), T.Position(line, end.character + 7)), " vp;")
    assert editor.diagnostics[uri] == []


def test_hover_reads_a_declaration_in_plain_words(editor, packs):
    """Hovering a use of `coin` shows explain's reading and where coin is declared, over the word."""
    path = packs / "turn.rules"
    uri = editor.open(path)
    text = path.read_text()
    hover = editor.run(editor.client.text_document_hover_async(T.HoverParams(**editor.at(uri, text, "coin", 1, 2))))
    assert hover.range == rng(text, "coin", 1)
    assert 'resource coin "Coin"' in hover.contents.value
    assert "a stock each player keeps" in hover.contents.value
    assert "core.rules:2:1" in hover.contents.value and "(pack base)" in hover.contents.value
    proc = editor.run(editor.client.text_document_hover_async(T.HoverParams(**editor.at(uri, text, "turn()", 1))))
    assert "Gain 1 coin." in proc.contents.value and "Pay 1 coin." in proc.contents.value
    nothing = editor.run(editor.client.text_document_hover_async(T.HoverParams(**editor.at(uri, text, "seats"))))
    assert nothing is None


def test_definition_goes_to_the_base_pack(editor, packs):
    """Go to definition from a house file lands on the name in the base pack's file."""
    path = packs / "cards.rules"
    uri = editor.open(path)
    text = path.read_text()
    core = packs.parent / "base" / "core.rules"
    core_text = core.read_text()
    found = editor.run(editor.client.text_document_definition_async(
        T.DefinitionParams(**editor.at(uri, text, "coin"))))
    assert [(loc.uri, loc.range) for loc in found] == [(from_fs_path(str(core)), rng(core_text, "coin"))]
    field = editor.run(editor.client.text_document_definition_async(
        T.DefinitionParams(**editor.at(uri, text, "price", 1))))
    assert [(loc.uri, loc.range) for loc in field] == [(from_fs_path(str(core)), rng(core_text, "price"))]
    member = editor.run(editor.client.text_document_definition_async(
        T.DefinitionParams(**editor.at(uri, text, "blue"))))
    assert [loc.range for loc in member] == [rng(core_text, "blue")]


def open_turn(editor, packs) -> tuple:
    """Open the house pack's turn.rules: its uri and text, and the paths of core.rules and cards.rules."""
    path = packs / "turn.rules"
    return editor.open(path), path.read_text(), packs.parent / "base" / "core.rules", packs / "cards.rules"


def test_references_across_files_and_packs(editor, packs):
    """Find references lists every use of `coin` in both packs (with or without the declaration)."""
    uri, text, core, cards = open_turn(editor, packs)

    def refs(include):
        params = T.ReferenceParams(context=T.ReferenceContext(include_declaration=include),
                                   **editor.at(uri, text, "coin"))
        return [(loc.uri, loc.range) for loc in editor.run(editor.client.text_document_references_async(params))]

    uses = [(from_fs_path(str(cards)), rng(cards.read_text(), "coin")),
            (uri, rng(text, "coin")), (uri, rng(text, "coin", 1))]
    assert sorted(refs(False), key=str) == sorted(uses, key=str)
    assert sorted(refs(True), key=str) == sorted(uses + [(from_fs_path(str(core)), rng(core.read_text(), "coin"))],
                                                 key=str)


def test_completion_of_names_keywords_and_fields(editor, packs):
    """Completion offers declared names, members and keywords; after `this.` only the kind's fields."""
    path = packs / "cards.rules"
    uri = editor.open(path)
    text = path.read_text()
    items = editor.run(editor.client.text_document_completion_async(
        T.CompletionParams(**editor.at(uri, text, "gain"))))
    labels = {i.label: i.kind for i in items.items}
    assert labels["coin"] == T.CompletionItemKind.Variable and labels["turn"] == T.CompletionItemKind.Function
    assert labels["blue"] == T.CompletionItemKind.EnumMember
    assert keywords() <= set(labels) and labels["whenever"] == T.CompletionItemKind.Keyword
    assert labels["eliminate"] == labels["end"] == T.CompletionItemKind.Keyword   # the contextual words too
    # the board's cell builtins, kept out of BUILTIN_FUNCS so that a pack's own func keeps the name, are offered
    assert labels["between"] == labels["edge"] == labels["leap"] == labels["shift"] == T.CompletionItemKind.Function
    # type `this.` in the card's effect (unsaved; the text does not parse)
    line, col = where(text, "this.price")
    editor.replace(uri, T.Range(T.Position(line, col), T.Position(line, col + len("this.price"))), "this.")
    fields = editor.run(editor.client.text_document_completion_async(
        T.CompletionParams(text_document=T.TextDocumentIdentifier(uri=uri), position=T.Position(line, col + 5))))
    assert {i.label for i in fields.items} == {"price", "tint", "play", "flipped", "owner", "zone", "name", "title", "copy_number"}
    editor.replace(uri, T.Range(T.Position(line, col), T.Position(line, col + 5)), "you.")
    player = editor.run(editor.client.text_document_completion_async(
        T.CompletionParams(text_document=T.TextDocumentIdentifier(uri=uri), position=T.Position(line, col + 4))))
    assert {i.label for i in player.items} == {"coin", "vp", "hand"}


def test_document_symbols_outline_a_file(editor, packs):
    """The outline lists each declaration with its range and the range of its name; kinds list fields."""
    core = packs.parent / "base" / "core.rules"
    uri = editor.open(core)
    text = core.read_text()
    symbols = editor.run(editor.client.text_document_document_symbol_async(
        T.DocumentSymbolParams(text_document=T.TextDocumentIdentifier(uri=uri))))
    assert [(s.name, s.kind) for s in symbols] == [
        ("coin", T.SymbolKind.Variable), ("vp", T.SymbolKind.Variable), ("color", T.SymbolKind.Enum),
        ("card", T.SymbolKind.Class), ("hand", T.SymbolKind.Array)]
    assert symbols[0].range == rng(text, 'resource coin "Coin";')
    assert symbols[0].selection_range == rng(text, "coin")
    assert [(c.name, c.selection_range) for c in symbols[3].children] == [
        ("price", rng(text, "price")), ("tint", rng(text, "tint")), ("play", rng(text, "play"))]


def test_formatting_is_fmt(editor, tmp_path):
    """Formatting returns `rulebook fmt`'s text, comments kept; a file that does not parse is left alone."""
    from rulebook.dsl.printer import format_text

    messy = tmp_path / "messy.rules"
    messy.write_text("# money\nresource   coin;counter vp; # score\nproc p() { gain 1 coin; set vp = vp+1; }\n")
    uri = editor.open(messy)
    options = T.FormattingOptions(tab_size=2, insert_spaces=True)
    edits = editor.run(editor.client.text_document_formatting_async(T.DocumentFormattingParams(
        text_document=T.TextDocumentIdentifier(uri=uri), options=options)))
    assert [e.new_text for e in edits] == [format_text(messy.read_text())]
    assert "# money" in edits[0].new_text and "# score" in edits[0].new_text
    assert edits[0].range.start == T.Position(0, 0)
    broken = tmp_path / "broken.rules"
    broken.write_text("resource coin\n")
    uri = editor.open(broken)
    assert editor.run(editor.client.text_document_formatting_async(T.DocumentFormattingParams(
        text_document=T.TextDocumentIdentifier(uri=uri), options=options))) is None


def test_rename_across_the_pack_chain(editor, packs):
    """Renaming `coin` edits every occurrence in both packs; a keyword or a clash is refused."""
    uri, text, core, cards = open_turn(editor, packs)
    prepared = editor.run(editor.client.text_document_prepare_rename_async(
        T.PrepareRenameParams(**editor.at(uri, text, "coin", 0, 1))))
    assert prepared == rng(text, "coin")
    edit = editor.run(editor.client.text_document_rename_async(
        T.RenameParams(new_name="gold", **editor.at(uri, text, "coin"))))
    got = {u: sorted((e.range.start.line, e.range.start.character, e.new_text) for e in edits)
           for u, edits in edit.changes.items()}
    assert got == {
        uri: [(1, 9, "gold"), (2, 8, "gold")],
        from_fs_path(str(cards)): [(3, 25, "gold")],
        from_fs_path(str(core)): [(1, 9, "gold")],
    }
    for bad, why in (("track", "keyword"), ("vp", "already declared")):
        with pytest.raises(Exception, match=why):
            editor.run(editor.client.text_document_rename_async(
                T.RenameParams(new_name=bad, **editor.at(uri, text, "coin"))))


def test_a_records_field_goes_to_its_declaration_and_is_renamed_everywhere(editor, tmp_path):
    """`s.row`, `row = ...` in a construction and `{row}` in the record's title are the field (branch recfix)."""
    root = write(tmp_path / "go", {"pack.toml": 'name = "go"\n', "board.rules": """\
        record point "{row}-{col}" { row: 1..9; col: 1..9; }
        var ko global: point = point(row = 1, col = 1);
        func mirrored(p: point): point = point(row = p.col, col = p.row);
        """})
    path = root / "board.rules"
    text = path.read_text()
    uri = editor.open(path)
    for needle, nth in (("row =", 0), ("p.row", 0), ("row =", 1)):
        found = editor.run(editor.client.text_document_definition_async(
            T.DefinitionParams(**editor.at(uri, text, needle, nth, offset=needle.index("row")))))
        assert [loc.range for loc in found] == [rng(text, "row: 1..9", word="row")], needle
    edit = editor.run(editor.client.text_document_rename_async(
        T.RenameParams(new_name="line", **editor.at(uri, text, "p.row", offset=2))))
    assert sorted((e.range.start.line, e.range.start.character) for e in edit.changes[uri]) == \
        [(0, 15), (0, 29), (1, 29), (2, 39), (2, 60)]   # the title, the field, a start, a value, a read


def test_every_category_of_declaration_has_a_symbol_and_a_completion_kind():
    """A file declaring a `var` had no outline (KeyError 'var' in the server), nor completion."""
    from rulebook.cli.lsp import _COMPLETION_KINDS, _SYMBOL_KINDS
    from rulebook.compiler.resolve import CATEGORY
    assert set(CATEGORY.values()) <= set(_SYMBOL_KINDS) and set(CATEGORY.values()) <= set(_COMPLETION_KINDS)


# ---------------------------------------------------------------------------- every name where it is written

ZONES = {"pack.toml": 'name = "zones"\n', "a.rules": """\
    kind card { pts: int; play: effect; }
    enum tint { red, blue }
    zone discards of card;
    zone deck of card secret refills from discards;
    zone market of card show 3 from deck redeal to discards when size(market) > 9;
    zone hand per_player of card;
    zone row[tint] of card;
    card boon "Boon" {
      pts = 1;
      play { gain 1 vp; }
      anytime in hand, row[red] { move this to discards; }
      whenever you scored() in hand { gain 1 vp; }
    }
    amend boon { remove anytime in hand, row[red]; remove whenever scored in hand; }
    counter vp;
    event scored();
    game g { seats 2 to 3; phase setup { fill deck with card; fill market; }
      phase play { window; each players { draw 1 from deck to hand; emit scored(); } } winner most vp; }
    """}


def test_a_zone_named_in_a_declaration_is_found_and_renamed_everywhere(tmp_path):
    """`refills from discards`, `redeal to discards`, `show 3 from deck`, `remove anytime in hand`: each
    place a zone's name is written is a reference, and a rename changes every one."""
    root = write(tmp_path / "zones", ZONES)
    view = Workspace().view(root / "a.rules")
    text = (root / "a.rules").read_text()
    for name in ("discards", "deck", "market", "hand", "row", "red", "scored"):
        written = [(line, col) for line, col, word in words(text) if word == name]
        assert [(o.span.line, o.span.column) for o in view.occurrences_of(("name", name))] == written, name
    shown = next(s for s in view.paths if s.endswith("a.rules"))
    line, col = where(text, "refills from discards")
    target = view.target_at(shown, line + 1, col + len("refills from ") + 1)
    assert target.key == ("name", "discards")
    assert [len(v) for v in view.rename(target, "graveyard").values()] == [text.count("discards")]


def test_a_parameter_named_as_its_type_names_the_enum(tmp_path):
    """`event act(planet: planet);`: the type is the enum's name, never the parameter (Federation)."""
    root = write(tmp_path / "p", {"pack.toml": 'name = "p"\n', "a.rules": """\
        enum planet { neo, lua }
        event act(planet: planet);
        var home: planet = neo;
        counter seen[planet];
        proc go(): planet { emit act(neo); return home; }
        kind card { visits: list of planet; }
        """})
    view = Workspace().view(root / "a.rules")
    assert [(o.span.line, o.span.column) for o in view.occurrences_of(("name", "planet"))] == \
        [(1, 6), (2, 19), (3, 11), (4, 14), (5, 12), (6, 29)]
    assert [(o.span.line, o.span.column) for o in view.occurrences_of(("name", "home"))] == [(3, 5), (5, 43)]


@pytest.mark.parametrize("root", sorted([*(p for p in SHIPPED.iterdir() if (p / "pack.toml").is_file()),
                                         *(p for p in (Path(__file__).parent / "packs").iterdir()
                                           if (p / "pack.toml").is_file())]), ids=lambda p: p.name)
def test_every_declared_name_written_in_a_pack_is_found(root):
    """Each word of a pack's own files that names a zone, an enum, a kind, a record, a variable, a stock,
    a track, a proc, a func or an event is in the index (as that name, or as a field or a local of the same
    spelling), but an event argument's name in a pattern (`act(planet = neo)`) and a keyword."""
    view = Workspace().view(next(iter(sorted(root.glob("*.rules")))))
    sym, reserved = view.symbols, statement_words()
    names = {n for n in sym.decls if sym.category(n) in ("zone", "enum", "kind", "record", "var", "counter",
                                                          "resource", "track", "proc", "func", "event")}
    missed = []
    for shown, found in view.index["file"].items():
        if Path(view.paths.get(shown, shown)).resolve().parent != root.resolve():
            continue
        text, at = view.texts.get(shown, ""), {(o.span.line, o.span.column) for o in found}
        lines = text.splitlines()
        for line, col, word in words(text):
            after = lines[line - 1][col - 1 + len(word):].lstrip()
            before = lines[line - 1][:col - 1].split()
            if word in names and word not in reserved and (line, col) not in at \
                    and not (after.startswith("=") and not after.startswith("==")) \
                    and before[-1:] != ["phase"] \
                    and not (word in CARD_WORDS and after.startswith((";", "from"))):
                # `phase play` names the phase, not a proc `play` (Uno's); `cost -1 card;` and `pay 2 cards
                # from ...` are the cost's word, not a kind `card` (Race for the Galaxy's, trial13)
                missed.append(f"{shown}:{line}:{col} {word}")
    assert not missed
