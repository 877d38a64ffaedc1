"""The grammar's LALR tables stay quick to build: Lark expands every `x?` of a rule into two alternatives,
so a flat rule of many optional parts grows exponentially (`pick_stmt` once had 7,168 alternatives, and
building the tables took over a minute in every fresh cache: each new machine, CI run and edited grammar).
A rule with many optional parts is split into inlined `_` parts (dsl/rules.lark, `counter_decl` and
`pick_stmt`), which leave the parse trees as they were."""

from __future__ import annotations

from collections import Counter

from lark.load_grammar import load_grammar

from rulebook.dsl.parser import GRAMMAR_PATH

MAX_ALTERNATIVES_PER_RULE = 128   # pick's tail: the mode, `at random`, the label and the else
MAX_ALTERNATIVES = 2500           # 1,892 after the split (10,823 before)


def expanded_rules() -> Counter:
    """How many alternatives each rule of the grammar has once Lark has expanded its `?`, `*` and `|`."""
    grammar, _ = load_grammar(GRAMMAR_PATH.read_text(), str(GRAMMAR_PATH), [], False)
    _terminals, rules, _ignore = grammar.compile(["start"], set())
    return Counter(rule.origin.name for rule in rules)


def test_no_rule_expands_into_hundreds_of_alternatives():
    counts = expanded_rules()
    too_many = {name: n for name, n in counts.items() if n > MAX_ALTERNATIVES_PER_RULE}
    assert not too_many, (f"rules with more than {MAX_ALTERNATIVES_PER_RULE} alternatives once expanded: {too_many}; "
                          "split the optional parts into inlined `_` rules (see pick_stmt in dsl/rules.lark)")
    assert sum(counts.values()) <= MAX_ALTERNATIVES
