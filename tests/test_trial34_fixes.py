"""What a newcomer writing Hanamikoji tripped on (branch trial34): a card declared `card NAME` where the pack's
kind is `item` is E204 with the hint of how a card of that kind is declared; a misspelt kind keeps its
did-you-mean."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text

from .conftest import found_at


def test_a_card_declared_with_the_word_card_is_told_to_start_with_its_kind():
    text = 'kind item { v: int; }\ncard purple_item "Purple item" * 2 { v = 1; }\n'
    assert found_at(text) == [("E204", 2, 1)]
    (d,) = analyse_text(text).diagnostics
    assert "a card's declaration starts with the name of its kind" in d.message
    assert d.hint == "'item purple_item ...' declares a card of kind item"


def test_a_misspelt_kind_keeps_its_did_you_mean():
    (d,) = analyse_text("kind tile { w: int; }\ntil t1 { w = 1; }\n").diagnostics
    assert d.code == "E204" and "did you mean 'tile'?" in str(d.hint) + d.message
