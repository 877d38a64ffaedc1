"""Contextual words: `eliminate`, `restore`, `end` and `as` are keywords only where their statement is
written (and no '(' follows the word); anywhere else they are names. A pack may have a proc, a
counter, a func or a card so named (a King of Tokyo pack had `proc eliminate(p: player)`) and still
write the statements; both backends play it. A call of such a word that nothing declares gets a note
giving the statement's form."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import explain
from rulebook.compiler.workspace import keywords, statement_words
from rulebook.dsl import ast as A
from rulebook.dsl.diagnostics import RulesError
from rulebook.dsl.lexer import CONTEXTUAL
from rulebook.dsl.parser import parse_text, scan
from rulebook.dsl.printer import format_module, format_text
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game

SKELETON = """
counter health "Health" from 0 to 10;
counter vp;
kind power {{ damage: int; }}
power jab "Jab" {{ damage = 3; }}
{decls}
proc attack() {{
  pick c from power "with what?" as "{{c}}" {{
    each opponents {{
      set health = max(0, health - {damage});
      {knock}
    }}
  }}
  gain 1 vp;
}}
game arena "Arena" {{
  seats 2 to 4;
  phase setup {{ each players: gain 10 health; }}
  phase play {{
    while size(players) > 1 and you.vp < 20 {{ each players: attack(); }}
    end game;
  }}
  winner most health then vp;
}}
"""

PACKS = {
    # the words as procs (called with parentheses), and the statements inside them
    "procs": SKELETON.format(
        decls="proc eliminate(p: player) {\n  say \"{p} is out\";\n  eliminate p;\n}\n"
              "proc restore(p: player) {\n  restore p;\n  say \"{p} is back\";\n}\n"
              "proc end(n: int) {\n  gain n vp;\n}",
        damage="c.damage",
        knock="if health == 0 { eliminate(you); restore(you); eliminate; end(1); }"),
    # the words as counters (gained and read), next to the statements
    "counters": SKELETON.format(
        decls="counter eliminate \"Knock-outs\";\ncounter restore \"Comebacks\";\ncounter end \"Ends\";\n"
              "counter as \"Aces\";",
        damage="c.damage",
        knock="if health == 0 { gain 1 eliminate; eliminate; gain 1 restore; restore you; eliminate you; "
              "gain 1 end; gain eliminate + restore + end as; }"),
    # the words as cards (picked, compared) and a func, next to the statements
    "cards": SKELETON.format(
        decls="power eliminate \"Eliminate\" { damage = 10; }\npower restore \"Restore\" { damage = 0; }\n"
              "func as(n: int) = n + 1;",
        damage="as(c.damage)",
        knock="if health == 0 and c != restore { eliminate; } if c == restore { restore all_players; }"),
}


@pytest.mark.parametrize("name", PACKS)
def test_the_words_name_things_and_the_statements_still_work(name):
    """Each pack lints with no error nor warning, and its statements are statements."""
    found = [d.headline() for d in analyse_text(PACKS[name]).diagnostics if d.severity in ("error", "warning")]
    assert found == []
    module = parse_text(PACKS[name])
    kinds = {type(n) for item in module.items for n in A.walk(item)}
    assert {A.Eliminate, A.EndGame, A.Pick} <= kinds


@pytest.mark.parametrize("name", PACKS)
def test_both_backends_play_the_same_game(name):
    results = []
    for interpreted in (False, True):
        g = Game(build_text(PACKS[name], interpreted=interpreted), 4, 11, make_agents("random", 4, 11))
        g.play()
        results.append((g.result(), g.state.digest()))
    assert results[0] == results[1]
    assert results[0][0]["out"], "somebody was knocked out"


@pytest.mark.parametrize("name", PACKS)
def test_printed_back(name):
    module = parse_text(PACKS[name], "a.rules")
    printed = format_module(module)
    assert parse_text(printed, "a.rules") == module
    assert format_text(printed, "a.rules") == printed


def test_printed_calls_and_statements_keep_their_shape():
    printed = format_module(parse_text(PACKS["procs"], "a.rules"))
    assert "eliminate(you);" in printed and "restore(you);" in printed and "end(1);" in printed
    assert "  eliminate p;\n" in printed and "  restore p;\n" in printed and "end game;" in printed


def test_shape_decides_with_a_space_and_with_comments():
    """A '(' after the word, even after blanks or a comment, makes a call; anything else the statement."""
    body = parse_text("proc p() {\n  eliminate (left);\n  restore # back\n  (left);\n  eliminate\n  left;\n}").items[0].body
    assert [type(s).__name__ for s in body] == ["CallStmt", "CallStmt", "Eliminate"]


def test_where_the_keyword_cannot_come_the_word_is_a_name():
    """In an expression, a declaration's name, a parameter, a loop variable, a card after a block."""
    text = ("kind end { }\nwhenever anyone gain { }\nend as { }\n"
            "var restore: bool = false;\n"
            "proc p(eliminate: player) {\n  for each as in players { say \"{as}\"; }\n"
            "  if restore { eliminate eliminate; }\n}\n")
    items = parse_text(text).items
    assert [getattr(i, "name", None) for i in items] == ["end", None, "as", "restore", "p"]
    assert items[-1].body[1].then[0] == A.Eliminate(A.Name("eliminate"))


def test_scan_reads_them_as_names():
    """The formatter's and the checker's token scans have no parser: the words are names there."""
    tokens, _ = scan("eliminate p; end game; as")
    assert [t.type for t in tokens if str(t) in CONTEXTUAL] == ["NAME", "NAME", "NAME"]


PRELUDE = "counter vp;\nactor bank;\ngame g { seats 2 to 4; winner most vp; }\n"


@pytest.mark.parametrize("text, code, column, says", [
    ("proc p() { eliminate(left); }", "E207", 12, "'eliminate PLAYER;'"),
    ("proc p() { restore (left); }", "E207", 12, "'restore PLAYER;'"),
    ("proc p() { end(); }", "E207", 12, "'end game;'"),
    ("func f() = eliminate;", "E201", 12, "'eliminate PLAYER;'"),
    ("proc p() { if restore(left) { } }", "E207", 15, "'restore PLAYER;'"),
])
def test_a_call_of_a_statement_word_nothing_declares_gets_a_note(text, code, column, says):
    found = [d for d in analyse_text(PRELUDE + text).diagnostics if d.severity == "error"]
    assert [(d.code, d.span.line, d.span.column) for d in found] == [(code, 4, column)]
    assert any("without parentheses" in note and says in note for note in found[0].notes), found[0].notes


def test_a_call_of_a_counter_named_so_says_how_the_statement_is_written():
    found = [d for d in analyse_text(PRELUDE + "counter eliminate;\nproc p() { eliminate(left); }").diagnostics
             if d.severity == "error"]
    assert [(d.code, d.span.line) for d in found] == [("E301", 5)]
    assert "without parentheses: 'eliminate PLAYER;'" in found[0].hint


@pytest.mark.parametrize("text, column", [
    ("eliminate p;", 1), ("counter x;\nrestore;", 1), ("counter x;\nend game;", 1), ("restore left, right;", 1),
])
def test_a_statement_between_declarations_is_named(text, column):
    with pytest.raises(RulesError) as err:
        parse_text(text)
    d = err.value.diagnostics[0]
    assert d.code == "E100" and d.span.column == column and "is a statement: it goes inside an effect" in d.hint


@pytest.mark.parametrize("text, word", [
    ("proc p() { eliminat left; }", "eliminate"), ("proc p() { restor; }", "restore"),
])
def test_a_misspelt_statement_word_gets_did_you_mean(text, word):
    with pytest.raises(RulesError) as err:
        parse_text(text)
    assert f"did you mean '{word}'?" in err.value.diagnostics[0].message


def test_explained_as_a_call_and_as_the_statement():
    module = parse_text(PACKS["procs"], "a.rules")
    proc = next(i for i in module.items if getattr(i, "name", None) == "eliminate")
    assert any("knocked out" in line or "Knock p out" in line for line in explain(proc))


def test_completion_offers_them_and_rename_may_use_them():
    """They are not reserved (a rename may take them) but completion still offers them as keywords."""
    assert set(CONTEXTUAL) & keywords() == set()
    assert set(CONTEXTUAL) <= statement_words()
