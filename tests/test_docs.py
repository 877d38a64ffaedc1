"""Every example of docs/language.md is real rules text: it is linted exactly as `rulebook lint` would.

Fenced blocks with the info string `rules` must produce no diagnostic of severity "error" (warnings
such as W401 are fine for fragments). Blocks marked `rules-error` must produce at least one error;
when their first line is a comment `# error: CODE`, that code must be among the errors.

A block whose first line is `# pack: DIR/FILE` (a `rules` or `toml` block) is a file of a small pack
tree: all such blocks are written under one folder first, so a pack can `extends` another one, and
each rules file is then checked within its pack. Every other block is checked as a lone file.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse_file
from rulebook.compiler.pack import Manifest
from rulebook.dsl.diagnostics import ERROR, RulesError
from rulebook.dsl.lexer import CONTEXTUAL

DOC = Path(__file__).resolve().parent.parent / "docs" / "language.md"
FENCE = re.compile(r"^```([\w-]*)[^\n]*\n(.*?)^```\s*$", re.S | re.M)
PACK_FILE = re.compile(r"#\s*pack:\s*(\S+)")
EXPECTED = re.compile(r"#\s*error:\s*([EWI]\d{3})")


def blocks() -> list[tuple[str, str, int]]:
    """(info string, text, line number) of every fenced block of the reference."""
    text = DOC.read_text(encoding="utf-8")
    out = []
    for m in FENCE.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        out.append((m.group(1), m.group(2), line))
    return out


def pack_path(body: str):
    """The pack-relative path a block declares on its first line, or None."""
    first = body.split("\n", 1)[0]
    m = PACK_FILE.fullmatch(first.strip())
    return m.group(1) if m else None


RULES = [(info, body, line) for info, body, line in blocks() if info in ("rules", "rules-error")]


def errors_of(path: Path) -> list:
    """The error diagnostics `rulebook lint` reports for one file."""
    try:
        result = analyse_file(path)
    except RulesError as e:
        return [d for d in e.diagnostics if d.severity == ERROR]
    return [d for d in result.diagnostics if d.severity == ERROR]


@pytest.fixture(scope="module")
def pack_tree(tmp_path_factory) -> Path:
    """Every `# pack:` block written into one folder, so packs can extend each other."""
    root = tmp_path_factory.mktemp("doc-packs")
    for info, body, _line in blocks():
        rel = pack_path(body)
        if rel is not None and info in ("rules", "rules-error", "toml"):
            target = root / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            assert not target.exists(), f"two blocks of the reference write {rel}"
            target.write_text(body, encoding="utf-8")
    return root


def test_the_reference_has_examples():
    assert len(RULES) >= 40
    assert any(info == "rules-error" for info, _b, _l in RULES)


@pytest.mark.parametrize("info,body,line", RULES, ids=[f"line{line}" for _i, _b, line in RULES])
def test_rules_block(info, body, line, tmp_path, pack_tree):
    rel = pack_path(body)
    if rel is not None:
        path = pack_tree / rel
    else:
        path = tmp_path / f"example_{line}.rules"
        path.write_text(body, encoding="utf-8")
    errors = errors_of(path)
    shown = "\n".join(d.headline() for d in errors)
    if info == "rules":
        assert not errors, f"docs/language.md:{line}: the example does not lint cleanly:\n{shown}"
    else:
        assert errors, f"docs/language.md:{line}: the example is marked rules-error but lints cleanly"
        expected = EXPECTED.match(body.split("\n", 1)[0].strip())
        if expected:
            codes = {d.code for d in errors}
            assert expected.group(1) in codes, \
                f"docs/language.md:{line}: expected {expected.group(1)}, got:\n{shown}"


TOML = [(body, line) for info, body, line in blocks() if info == "toml"]


@pytest.mark.parametrize("body,line", TOML, ids=[f"line{line}" for _b, line in TOML])
def test_manifest_block(body, line):
    """Every pack.toml shown in the reference is a valid manifest."""
    Manifest.model_validate(tomllib.loads(body))


def test_keyword_list_matches_the_grammar():
    """The keyword list of the reference is exactly the grammar's reserved words."""
    from lark import Lark

    import rulebook.dsl as dsl

    grammar = Path(dsl.__file__).with_name("rules.lark").read_text(encoding="utf-8")
    terminals = Lark(grammar, parser="lalr", lexer="basic").terminals
    reserved = {t.pattern.value for t in terminals if t.pattern.type == "str" and t.pattern.value.isidentifier()}
    reserved -= set(CONTEXTUAL)   # keywords only where their statement is written: named in the text below the list
    text = DOC.read_text(encoding="utf-8")
    section = text.split("<!-- keywords -->", 2)
    assert len(section) == 3, "the keyword list must sit between two <!-- keywords --> markers"
    listed = set(re.findall(r"`([A-Za-z_]+)`", section[1]))
    assert listed == reserved, f"missing: {sorted(reserved - listed)}; not keywords: {sorted(listed - reserved)}"
    contextual = next(para for para in section[2].split("\n\n") if "**contextual**" in para)
    assert all(f"`{word}`" in contextual for word in CONTEXTUAL), contextual


def test_every_code_is_in_the_table():
    """The diagnostics table lists every stable code of dsl/diagnostics.py."""
    from rulebook.dsl.diagnostics import CODES

    text = DOC.read_text(encoding="utf-8")
    table = set(re.findall(r"^\| `([EWI]\d{3})` \|", text, re.M))
    assert table == set(CODES), f"missing: {sorted(set(CODES) - table)}; unknown: {sorted(table - set(CODES))}"
