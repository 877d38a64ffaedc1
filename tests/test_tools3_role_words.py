"""Findings on a role's own slots (docs/language.md 3.17) name a role, not a card: E418 (a role's modifier given
'once' or 'until'), E409 and W422 (an anytime slot's period), E215 (two modifiers), E430 (an option for no open
choose), W447's hint, W476 (an override calling itself). A card's findings are worded as before."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text

from .test_role_slots import ALIENS


def found(text: str, code: str):
    return [d for d in analyse_text(text).diagnostics if d.code == code]


@pytest.mark.parametrize("old, new, code, said", [
    ("modifier you attack() {", "modifier you attack() until end_of_turn {", "E418", "a role's modifier"),
    ("modifier you attack() {", "modifier you attack() once {", "E418", "while its holder holds the role"),
    ("anytime when", "anytime once per attack(ships = 2) when", "E409", "a role's 'anytime' slot"),
    ("anytime when", "anytime once per attack when", "W422", "this slot is used once"),
    ("modifier you attack() { value *2; }", "modifier you attack() { value *2; } modifier opponents attack() { value +1; }",
     "E215", "the role has two modifiers on 'attack'"),
    ("option in regroup_or_rest", "option in nolabel", "E430", "role 'macron' adds an option"),
    ("option in regroup_or_rest", "option in nolabel", "W447", "no card or role adds"),
    ("counter tokens", "override proc encounter() { encounter(); }\n  counter tokens", "W476", "role 'macron''s override"),
])
def test_a_role_s_slot_is_named_a_role_s(old, new, code, said):
    text = ALIENS.replace(old, new, 1)
    assert text != ALIENS
    diags = found(text, code)
    assert diags, code
    words = diags[0].message + " " + (diags[0].hint or "")
    assert said in words and "card's modifier" not in words and "role.held" not in words
    if code == "W447":
        assert "in a role" in diags[0].hint


def test_a_card_s_findings_keep_their_words():
    card = "kind dev { }\nzone tableau per_player of dev;\ncounter vp from 0 to 9;\nevent build(n: int);\n" \
        "dev x { modifier you build in tableau until end_of_turn { value +1; } }\n"
    assert "a card's modifier is in force while the card is in its zone" in found(card, "E418")[0].message
