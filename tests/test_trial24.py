"""Branch trial24 (a designer writing games full of continuous effects): W607, a card's own held modifier that
silently takes the place of its kind's; the kind's `anytime` slots and reactions whose `when` tests what the card
is (`this is instant`) worked out from the printed card, as its fields are (W544, `cover`)."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text

from .conftest import found_at

# Magic: every creature counts its +1/+1 counters; a lord adds +1 to the other Goblins.
COUNTERS = """
event power_of(c: card);
enum card_type { creature "Creature", enchantment "Enchantment" }
enum creature_type { goblin "Goblin", elf "Elf" }
kind card {
  types: list of card_type;
  subtypes: list of creature_type = [];
  power: int = 0 for power_of;
  plus: stock;
  modifier anyone power_of in battlefield while this is creature and it.c == this { value +this.plus; }
}
zone battlefield per_player of card;
card llanowar_elves "Llanowar Elves" { types = [creature]; subtypes = [elf]; power = 1; }
"""


def test_a_lord_whose_own_modifier_drops_the_kinds_counters_is_w607():
    text = COUNTERS + """card chieftain "Goblin Chieftain" {
  types = [creature];
  subtypes = [goblin];
  power = 2;
  modifier anyone power_of in battlefield while it.c != this and it.c is goblin { value +1; }
}
"""
    finding = next(d for d in analyse_text(text).diagnostics if d.code == "W607")
    assert (finding.span.line, finding.span.column) == (18, 3)
    assert "kind 'card''s 'modifier power_of in battlefield' for card 'chieftain'" in finding.message
    assert "line 10" in finding.notes[0] or ":10:" in finding.notes[0]
    assert found_at(text) == [("W607", 18, 3)]


def test_a_lord_that_counts_its_own_counters_too_is_no_finding():
    text = COUNTERS + """card chieftain "Goblin Chieftain" {
  types = [creature];
  subtypes = [goblin];
  power = 2;
  modifier anyone power_of in battlefield while it.c != this and it.c is goblin or it.c == this {
    value +(if it.c == this then this.plus else 1);
  }
}
"""
    assert found_at(text) == []


def test_an_anthem_that_never_holds_counters_is_no_finding():
    """The kind's `while this is creature` is false for an enchantment, whatever happens."""
    text = COUNTERS + """card anthem "Glorious Anthem" {
  types = [enchantment];
  modifier anyone power_of in battlefield while contains(battlefield, it.c) { value +1; }
}
"""
    assert found_at(text) == []


def test_a_kinds_slot_offered_to_the_instants_only_is_w544_when_the_pack_has_none():
    text = """
counter life start 20;
enum card_type { creature "Creature", instant "Instant" }
kind card { types: list of card_type; anytime in hand when this is instant { lose 1 life; } }
zone hand per_player of card hidden;
card bears "Grizzly Bears" { types = [creature]; }
proc turn() { window; }
"""
    assert found_at(text) == [("W544", 4, 60)]
    assert found_at(text + 'card shock "Shock" { types = [instant]; }\n') == []


def test_explain_names_only_the_cards_whose_held_modifier_may_change_the_field():
    """The kind's `while this is creature` never holds for a land: the land changes no power."""
    from .conftest import explained

    text = COUNTERS.replace('enchantment "Enchantment"', 'enchantment "Enchantment", land "Land"') + \
        'card forest "Forest" { types = [land]; }\n'
    reading = explained(analyse_text(text), "llanowar_elves")
    assert "the modifiers of power of change it: those of Llanowar Elves)" in reading
