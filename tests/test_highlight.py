"""The Pygments lexer: registered by entry point, keywords from the grammar, every token class right."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from lark import Lark
from pygments.lexers import find_lexer_class_for_filename, get_lexer_by_name
from pygments.token import Comment, Error, Keyword, Name, Number, Operator, Punctuation, String

import rulebook.dsl as dsl
from rulebook.compiler.pack import SHIPPED
from rulebook.dsl.highlight import CONTEXTUAL, KEYWORDS, RulesLexer
from rulebook.dsl.lexer import CONTEXTUAL as LEXER_CONTEXTUAL

ROOT = Path(__file__).resolve().parent.parent


def reserved_words() -> set[str]:
    """The grammar's words but the contextual ones (dsl/lexer.py's CONTEXTUAL)."""
    grammar = Path(dsl.__file__).with_name("rules.lark").read_text(encoding="utf-8")
    terminals = Lark(grammar, parser="lalr", lexer="basic").terminals
    words = {t.pattern.value for t in terminals if t.pattern.type == "str" and t.pattern.value.isidentifier()}
    assert set(LEXER_CONTEXTUAL) <= words
    return words - set(LEXER_CONTEXTUAL)


def test_keywords_are_the_grammars_reserved_words():
    """The lexer's keyword list is exactly the grammar's reserved words, each once."""
    assert len(KEYWORDS) == len(set(KEYWORDS))
    assert set(KEYWORDS) == reserved_words()
    assert set(CONTEXTUAL) == set(LEXER_CONTEXTUAL)


def test_registered_through_the_entry_point():
    """Pygments finds the lexer by name and by file name (the pygments.lexers entry point)."""
    assert isinstance(get_lexer_by_name("rules"), RulesLexer)
    assert find_lexer_class_for_filename("senate.rules") is RulesLexer


def tokens(text: str) -> list:
    return [(kind, value) for kind, value in RulesLexer().get_tokens(text) if value.strip()]


def test_token_classes():
    """Comments, strings with escapes, numbers, keywords, declared names, names and operators."""
    text = 'resource coin "Co\\"in" cap 3; # a "comment" { }\nproc p() { if you.coin >= 2 and true { gain 1 coin; } }'
    assert tokens(text) == [
        (Keyword.Declaration, "resource"), (Name.Class, "coin"), (String.Double, '"Co\\"in"'), (Keyword, "cap"),
        (Number.Integer, "3"), (Punctuation, ";"), (Comment.Single, '# a "comment" { }'),
        (Keyword.Declaration, "proc"), (Name.Class, "p"), (Punctuation, "("), (Punctuation, ")"),
        (Punctuation, "{"), (Keyword, "if"), (Keyword.Constant, "you"), (Punctuation, "."), (Name, "coin"),
        (Operator, ">="), (Number.Integer, "2"), (Keyword, "and"), (Keyword.Constant, "true"), (Punctuation, "{"),
        (Keyword, "gain"), (Number.Integer, "1"), (Name, "coin"), (Punctuation, ";"), (Punctuation, "}"),
        (Punctuation, "}"),
    ]


def test_keywords_inside_names_stay_names():
    """`gained`, `cost_1` and `paying_x` are names, not keywords followed by text."""
    assert tokens("gained cost_1 paying_x") == [(Name, "gained"), (Name, "cost_1"), (Name, "paying_x")]


def _rules_blocks():
    for doc in sorted((ROOT / "docs").rglob("*.md")) + [ROOT / "README.md"]:
        for i, block in enumerate(re.findall(r"```rules\n(.*?)```", doc.read_text(encoding="utf-8"), re.S)):
            yield pytest.param(block, id=f"{doc.name}-{i}")


@pytest.mark.parametrize("text", [pytest.param(p.read_text(encoding="utf-8"), id=p.name)
                                  for p in sorted(SHIPPED.rglob("*.rules"))] + list(_rules_blocks()))
def test_shipped_rules_and_doc_blocks_lex_without_errors(text):
    """Every shipped file and every ```rules block of the docs is highlighted with no error token."""
    assert [v for kind, v in RulesLexer().get_tokens(text) if kind is Error] == []


def test_pygmentize_command(tmp_path):
    """`pygmentize -l rules FILE` highlights a rules file (here as HTML)."""
    exe = shutil.which("pygmentize", path=str(Path(sys.executable).parent)) or shutil.which("pygmentize")
    if exe is None:
        pytest.skip("pygmentize is not installed")
    path = tmp_path / "x.rules"
    path.write_text("resource coin; # money\n")
    html = subprocess.run([exe, "-l", "rules", "-f", "html", str(path)], capture_output=True, text=True,
                          check=True).stdout
    assert '<span class="kd">resource</span>' in html and '<span class="c1"># money</span>' in html


def test_together_is_a_keyword_only_in_a_winner_line():
    """`winner together if ...` (a cooperative game) shows `together` as a keyword; a func may still be
    called `together` and is then a name."""
    assert tokens("winner together if tasks >= 4;")[:3] == [(Keyword, "winner"), (Keyword, "together"), (Keyword, "if")]
    assert (Name, "together") in tokens("proc p() { if together() { gain 1 vp; } }")


def test_contextual_words_are_keywords_only_in_their_statements():
    """`eliminate P;`, `restore;`, `end game;` and `pick ... as "label"` show keywords; a proc called
    `eliminate` or `end`, and a counter `as`, are names."""
    assert (Keyword, "eliminate") in tokens("proc p() { eliminate left; restore; }")
    assert (Keyword, "restore") in tokens("proc p() { eliminate left; restore; }")
    assert tokens("proc p() { end game; }")[5:7] == [(Keyword, "end"), (Keyword, "game")]
    assert (Keyword, "as") in tokens('proc p() { pick c from hand as "{c}" { } }')
    assert (Name, "eliminate") in tokens("proc p() { eliminate(you); }")
    assert (Name, "end") in tokens("proc p() { end(1); gain 1 end; }")
    assert (Name, "as") in tokens("proc p() { gain 1 as; }")
    assert (Keyword, "as") in tokens("proc p() { while true as round { end game after round; } }")
    assert (Keyword, "as") in tokens("proc p() { each players as turn: gain 1 vp; }")
    assert (Name, "as") in tokens("proc p() { repeat as { } }")
    auction = tokens('proc p() { auction "bid" among players sealed up to coins as (w, price) { } }')
    assert [(Keyword, "auction"), (Keyword, "sealed"), (Keyword, "as")] == \
        [t for t in auction if t[1] in ("auction", "sealed", "as")]
    assert (Name, "open") in tokens("proc p() { gain 1 open; auction(open); }")
    offer = tokens('proc p() { offer "trade?" to opponents chosen as partner { } }')
    assert [(Keyword, "offer"), (Keyword, "chosen"), (Keyword, "as")] == \
        [t for t in offer if t[1] in ("offer", "chosen", "as")]
    assert (Name, "offer") in tokens("proc p() { offer(2); gain 1 offer; }")


def test_score_is_a_keyword_only_before_a_cooperative_games_score():
    """`winner together if ... score EXPR;` shows `score` as a keyword; a func or counter called `score`
    is a name, in the winner line and after it."""
    line = tokens("winner together if score > 3 score score() + 1; counter score;")
    assert (Keyword, "score") in line
    assert [kind for kind, text in line if text == "score"] == [Name, Keyword, Name, Name.Class]
