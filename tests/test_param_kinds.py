"""A parameter of several kinds, `c: KIND or KIND` (branch trial31: Coloretto's cards drawn from a deck of
chameleons, jokers and "+2" cards had no parameter type but `any`): the kinds' common fields read, the
others only narrowed, a card of another kind refused with the narrowing as the hint, both backends alike,
printed back as written."""

from __future__ import annotations

import pytest

from rulebook.runtime.engine import Game

from .conftest import analyse_text, found_at, printed_back, rules_programs, run_proc, the_one_error

# Forbidden Island: the treasure deck holds treasure cards and Waters Rise! cards
DECK = """
kind treasure_card { worth: int = 1; }
kind waters_rise { worth: int = 0; }
kind helicopter { }
treasure_card treasure "Treasure" * 3 { }
waters_rise rise "Waters Rise!" * 2 { }
helicopter heli "Helicopter Lift" { }
zone treasure_deck of treasure_card or waters_rise secret;
zone everything of treasure_card or waters_rise or helicopter;
zone discards of treasure_card or waters_rise;
counter water_level global;
counter treasures;
proc discard(c: treasure_card or waters_rise) {
  move c to discards;
  gain c.worth treasures;
  if c is waters_rise {
    gain 1 water_level;
  }
}
proc draw_all() {
  fill treasure_deck with treasure_card;
  fill treasure_deck with waters_rise;
  repeat 5 {
    let c = draw one from treasure_deck to discards;
    discard(c);
  }
}
"""

program = rules_programs(DECK)


def test_a_card_of_either_kind_is_taken_and_read(program):
    game = Game(program(), 2, 1)
    run_proc(game, "draw_all")
    p = game.state.players[0]
    kinds = [c.kind for c in game.zone(None, "discards").items]
    assert sorted(kinds) == ["treasure_card"] * 3 + ["waters_rise"] * 2
    # the treasures' worth read through the field both kinds have; the Waters Rise! cards narrowed
    assert p.stock["treasures"] == 3 and game.state.globals["water_level"] == 2


def test_the_kinds_together_are_the_zones_item_type():
    assert [c for c, _l, _col in found_at(DECK) if c.startswith(("E", "W"))] == []


def test_a_card_that_may_be_of_another_kind_is_refused_with_the_narrowing_as_the_hint():
    text = DECK + "proc any_card() { pick c from everything \"which?\" { discard(c); } }\n"
    the_one_error(analyse_text(text), "E303", "must be a treasure_card or waters_rise, not a treasure_card or "
                  "waters_rise or helicopter", line=DECK.count("\n") + 1)
    d = next(d for d in analyse_text(text).diagnostics if d.code == "E303")
    assert d.hint == "narrow it first: 'if c is helicopter { ... } else { ... }': in the else, c is of the other kinds"
    narrowed = DECK + ("proc any_card() { pick c from everything \"which?\" { if c is helicopter { say \"lift\"; } "
                       "else { discard(c); } } }\n")
    assert [c for c, _l, _col in found_at(narrowed) if c.startswith("E")] == []


@pytest.mark.parametrize("param, code, where", [
    ("c: treasure_card or int", "E303", "'int' is no kind"),
    ("c: treasure_card or nosuch", "E201", "nosuch"),
])
def test_a_part_that_is_no_kind_is_diagnosed(param, code, where):
    the_one_error(analyse_text(DECK + f"proc bad({param}) {{ say \"{{c}}\"; }}\n"), code, where,
                  line=DECK.count("\n") + 1)


def test_a_field_only_one_kind_has_is_read_only_narrowed():
    text = DECK.replace("kind waters_rise { worth: int = 0; }", "kind waters_rise { }")
    assert "E328" in {c for c, _l, _col in found_at(text)}


def test_printed_back_as_written():
    _module, printed = printed_back(DECK)
    assert "proc discard(c: treasure_card or waters_rise) {" in printed
