"""Fixes from branch trial21 (a designer new to the language writing Twilight Struggle, Hive and Ra): each
finding as the designer met it."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text

CARDS = """kind card { v: int; }
card a "A" * 3 { v = 1; }
zone hand "Hand" per_player of card;
zone pile "Pile" of card;
"""


def test_a_prompt_after_at_random_is_e326_not_a_request_for_at_random():
    # Twilight Struggle's Five Year Plan: "the USSR discards a card at random", written with a prompt after
    # the words. It used to read as `at least M` and say "expected 'at least M' or 'at random'; found 'at random'".
    text = CARDS + 'proc p() {\n  pick c from hand at random "discard" {\n    move c to pile;\n  }\n}\n'
    (d,) = analyse_text(text).diagnostics
    assert (d.code, d.span.line, d.span.column) == ("E326", 6, 20)
    assert "at least" not in d.message and "nobody is asked" in d.message
    assert d.hint == "drop the prompt after 'at random'"


def test_a_label_after_at_random_is_e326_at_the_label():
    text = CARDS + 'proc p() {\n  pick c from hand at random as "discard {c}" {\n    move c to pile;\n  }\n}\n'
    (d,) = analyse_text(text).diagnostics
    assert (d.code, d.span.line, d.span.column) == ("E326", 6, 33)
    assert "a label is shown to no one" in d.message
    named = CARDS + 'proc p() {\n  pick c from hand at random as discarding {\n    move c to pile;\n  }\n}\n'
    assert [d.code for d in analyse_text(named).diagnostics] == []   # `as NAME`: the pick's label for `break`


def test_at_least_still_reads_its_count_and_a_slip_of_least_is_still_e100():
    good = CARDS + 'proc p() {\n  pick c from hand "discard" at least 1 up to 2 {\n    move c to pile;\n  }\n}\n'
    assert [d.code for d in analyse_text(good).diagnostics] == []
    slip = CARDS + 'proc p() {\n  pick c from hand "discard" at lest 1 {\n    move c to pile;\n  }\n}\n'
    assert [d.code for d in analyse_text(slip).diagnostics] == ["E100"]


def test_a_tug_of_war_counter_moved_only_from_its_own_value_is_w426():
    # Twilight Struggle's VP marker runs from 20 (USSR) to -20 (US); without `start 0` it starts at -20 and
    # the US has won before the first card. Every `set` of it reads it (`set vp = vp + n;`): no start is said.
    text = """counter vp global from -20 to 20;
counter pen from -5 to 5;
proc score(n: int) { set vp = vp + n; }
game g { seats 2; phase setup { each players: set pen = 0; } phase play { score(2); each players: set pen = pen - 1; }
  winner most pen; }
"""
    (d,) = analyse_text(text).diagnostics
    assert (d.code, d.span.line, d.span.column) == ("W426", 1, 9)
    assert d.hint == ("to start it elsewhere, say so: 'counter vp from -20 to 20 start 0;' "
                      "('set vp = vp + ...;' moves it from where it starts)")


def test_a_gather_that_rebuilds_a_slice_is_w595_with_the_slice_as_hint():
    # Hive: the stack of bugs on a space without its top bug, first written item by item.
    text = """var stack global: list of int = [];
proc lift() { set stack = gather(i in 1..size(stack) - 1, [stack[i]]); }
func evens(xs: list of int): list of int = gather(i in 1..size(xs) where i % 2 == 0, [xs[i]]);
func doubled(xs: list of int): list of int = gather(i in 1..size(xs), [xs[i] * 2]);
kind tile { v: int; }
zone factory[1..5] of tile;
func displays(): list of list of tile = gather(f in 1..3, [factory[f]]);
game g { seats 2; phase play { lift(); } winner most 0; }
"""
    found = [d for d in analyse_text(text).diagnostics if d.code == "W595"]
    assert [(d.span.line, d.span.column) for d in found] == [(2, 27)]   # a `where`, a computed item or one of several zones is no slice
    assert found[0].message == ("this gathers the items of stack at places 1 to size(stack) - 1 one by one: it is "
                                "the slice stack[1..size(stack) - 1]")
    assert found[0].hint.startswith("write 'stack[1..size(stack) - 1]'")
