"""`rulebook fmt`: canonical layout, comments kept where they were, idempotent, layout-only."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.dsl.parser import deep_recursion, parse_text, scan
from rulebook.dsl.printer import format_text

from .test_docs import RULES as DOC_BLOCKS

ROOT = Path(__file__).resolve().parent.parent
PACK_FILES = sorted((ROOT / "rules").glob("*/*.rules"))
FEDERATION = sorted((ROOT / "rules" / "federation").glob("*.rules"))
# the reference's examples that parse (the rules-error ones include syntax errors on purpose)
DOC_TEXTS = [(line, body) for info, body, line in DOC_BLOCKS if info == "rules"]


def _comments(text: str) -> Counter:
    return Counter(c.text for c in scan(text)[1])


def _same_meaning(a: str, b: str) -> bool:
    with deep_recursion():
        return parse_text(a).items == parse_text(b).items


def test_the_shipped_packs_are_found():
    assert len(FEDERATION) >= 10 and set(FEDERATION) <= set(PACK_FILES)
    assert sum(_comments(p.read_text()).total() for p in FEDERATION) > 300   # the pack keeps its comments (400+ before the Variation pieces became copies)


@pytest.mark.parametrize("path", PACK_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_shipped_pack_file_is_in_canonical_form(path):
    text = path.read_text(encoding="utf-8")
    assert format_text(text, str(path)) == text


@pytest.mark.parametrize("path", FEDERATION, ids=lambda p: p.name)
def test_fmt_of_a_re_laid_out_pack_file_gives_it_back_with_every_comment(path):
    """Indent every line further, push trailing comments right and double the blank lines: the
    formatter must undo all of it and keep every comment in place."""
    text = path.read_text(encoding="utf-8")
    messy = "\n".join("   " + line.replace("  #", "        #") if line.strip() else "\n" for line in text.split("\n"))
    assert messy != text
    formatted = format_text(messy)
    assert _comments(formatted) == _comments(text)
    assert formatted == text


@pytest.mark.parametrize("line,text", DOC_TEXTS, ids=[f"language.md:{line}" for line, _ in DOC_TEXTS])
def test_fmt_of_a_doc_example_keeps_comments_and_meaning(line, text):
    formatted = format_text(text)
    assert _comments(formatted) == _comments(text)
    assert _same_meaning(formatted, text)
    assert format_text(formatted) == formatted


def test_fmt_of_the_pack_before_it_was_canonical_kept_every_comment():
    """The pack as it was first written (one-line blocks, aligned trailing comments) formats to the
    shipped text, so the comparison is between really different layouts."""
    messy = ('kind seat {\n  floor: int;          # 1 lower\n}\n'
             'seat a "A" { floor = 3; }      # provisional: position\n'
             'proc p() { if floor > 1 { gain 1 floor; } }   # why\n')
    formatted = format_text(messy)
    assert _comments(formatted) == _comments(messy)
    assert formatted == ('kind seat {\n  floor: int;  # 1 lower\n}\n\n'
                         'seat a "A" {  # provisional: position\n  floor = 3;\n}\n\n'
                         'proc p() {  # why\n  if floor > 1 {\n    gain 1 floor;\n  }\n}\n')


def test_full_line_comments_stay_before_their_code_with_blank_lines():
    text = ("# header\n\n# vp\nresource vp;\nproc p() {\n  # first\n  gain 1 vp;\n\n  # second\n"
            "  gain 2 vp;\n  # last thing in the block\n}\n# the end\n")
    assert format_text(text) == ("# header\n\n# vp\nresource vp;\n\nproc p() {\n  # first\n  gain 1 vp;\n\n"
                                 "  # second\n  gain 2 vp;\n  # last thing in the block\n}\n# the end\n")


def test_comment_before_else_stays_in_the_then_block():
    text = "resource vp;\nproc p() {\n  if vp > 1 { gain 1 vp;\n  # then\n  } else { gain 2 vp; }\n}\n"
    formatted = format_text(text)
    assert "    gain 1 vp;\n    # then\n  } else {\n" in formatted
    assert format_text(formatted) == formatted


def test_two_comments_that_land_on_one_line_are_both_kept():
    text = "resource vp;\nproc p() {\n  gain 1 +  # one\n    2 vp;  # two\n}\n"
    formatted = format_text(text)
    assert _comments(formatted) == _comments(text)
    assert format_text(formatted) == formatted
    assert _same_meaning(formatted, text)


def test_a_file_of_comments_only_keeps_them():
    text = "# just a note\n\n# and another\n"
    assert format_text(text) == text


def test_fmt_reads_cr_only_line_endings():
    text = "resource vp; # a\r# b\rproc p() { gain 1 vp; }\r"
    assert format_text(text) == "resource vp;  # a\n\n# b\nproc p() {\n  gain 1 vp;\n}\n"


runner = CliRunner()


def test_cli_fmt_check_passes_on_the_shipped_pack():
    result = runner.invoke(app, ["fmt", "--check", *map(str, FEDERATION)])
    assert result.exit_code == 0, result.output


def test_cli_fmt_keeps_comments_in_the_file(tmp_path):
    path = tmp_path / "a.rules"
    path.write_text("resource vp;   # points\nproc p() { gain 1 vp; }  # one\n")
    assert runner.invoke(app, ["fmt", str(path)]).exit_code == 0
    assert path.read_text() == "resource vp;  # points\n\nproc p() {  # one\n  gain 1 vp;\n}\n"
    assert runner.invoke(app, ["fmt", "--check", str(path)]).exit_code == 0


def test_cli_fmt_of_a_deep_expression(tmp_path):
    """500 nested '-' used to end in RecursionError (issue 8)."""
    path = tmp_path / "deep.rules"
    path.write_text("resource vp;\nproc p() { gain " + "- " * 500 + "1 vp; }\n")
    result = runner.invoke(app, ["fmt", str(path)])
    assert result.exit_code == 0, result.output
    assert path.read_text() == "resource vp;\n\nproc p() {\n  gain " + "-" * 500 + "1 vp;\n}\n"


def test_a_long_match_is_written_one_case_a_line_and_reads_back_the_same():
    from rulebook.dsl.parser import parse_text
    from rulebook.dsl.printer import format_text

    cases = ", ".join(f"m{i}: {i} * 100 + {i}" for i in range(8))
    text = f"enum e {{ {', '.join(f'm{i}' for i in range(8))} }}\nfunc score(x: e) = match x {{ {cases} }};\n"
    out = format_text(text)
    assert "func score(x: e) = match x {\n  m0: 0 * 100 + 0,\n" in out and out.rstrip().endswith("};")
    assert max(len(line) for line in out.splitlines()) <= 110
    assert format_text(out) == out and parse_text(out) == parse_text(text)
    short = "func f(x: int) = match x { 1: 2, else: 3 };\n"
    assert format_text(short) == short


def test_a_long_enum_is_written_one_member_a_line_and_reads_back_the_same():
    """An enum whose one-line form passes the line width (7 Wonders' card uses, with titles) is
    written one member a line, each with its comma; a short one stays on one line."""
    members = ", ".join(f'use_{i} "what use number {i} does"' for i in range(6))
    text = f"enum use {{ {members} }}\n"
    out = format_text(text)
    assert out.startswith('enum use {\n  use_0 "what use number 0 does",\n') and out.endswith(",\n}\n")
    assert max(len(line) for line in out.splitlines()) <= 110
    assert format_text(out) == out and parse_text(out) == parse_text(text)
    short = "enum symbol { compass, gear, tablet }\n"
    assert format_text(short) == short


def test_a_long_and_or_chain_is_written_one_operand_a_line_and_reads_back_the_same():
    """Federation's `can_build`: a func whose value is too long for a line is broken before each
    `and`, and the parenthesised `or` inside it, still too long, one level further in."""
    text = ("resource robots;\nresource diamond;\nresource oceanium;\ncounter builders[1..3];\n"
            "kind building { mega: bool; site: int; dia: int; lav: int; cop: int; }\n"
            "func ok(b: building, l: int, c: int) = l + c <= oceanium;\n"
            "func can_build(b: building) = robots > 0 and (not b.mega or builders[b.site] < 3) and diamond >= b.dia "
            "and (ok(b, 0, 0) or oceanium >= 1 and some(l in b.lav + 1 where some(c in b.cop + 1 where "
            "ok(b, l - 1, c - 1))));\n")
    out = format_text(text)
    assert ("func can_build(b: building) = robots > 0\n"
            "    and (not b.mega or builders[b.site] < 3)\n"
            "    and diamond >= b.dia\n"
            "    and (ok(b, 0, 0)\n"
            "        or oceanium >= 1 and some(l in b.lav + 1 where some(c in b.cop + 1 where ok(b, l - 1, c - 1))));\n"
            ) in out
    assert max(len(line) for line in out.splitlines()) <= 110
    assert format_text(out) == out and parse_text(out) == parse_text(text)
    nested = text.replace("ok(b, l - 1, c - 1)", "ok(b, l - 1, c - 1) and ok(b, l, c) and ok(b, c, l)")
    broken = format_text(nested)
    assert "        or oceanium >= 1\n            and some(" in broken      # the inner chain's operand, one level in
    assert format_text(broken) == broken and parse_text(broken) == parse_text(nested)
    short = "resource vp;\n\nfunc f(x: int) = x > 1 and x < 5 or x == 9;\n"
    assert format_text(short) == short
