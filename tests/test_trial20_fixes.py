"""Fixes of trial20 (a designer writing expansions): a resource written where what a player holds of it was
meant (Wingspan's "food in your supply" as `total(r in food, r)`) is told to write `amount(r)`."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text

RULES = """
resource seed;
resource fish;
group food { seed, fish }
counter vp;
game g "G" {
  seats 2;
  phase play { each players { gain 2 seed; gain {AMOUNT} vp; } }
  winner most vp;
}
"""


def errors(amount: str) -> list:
    return [d for d in analyse_text(RULES.replace("{AMOUNT}", amount)).diagnostics if d.severity == "error"]


def test_a_resource_where_a_number_is_wanted_is_told_to_read_what_is_held_of_it():
    (e,) = errors("total(r in food, r)")
    assert e.code == "E303" and "not a resource" in e.message and "amount(r)" in e.hint
    assert errors("seed") == []   # a resource's own name reads what the player holds of it
    assert errors("total(r in food, amount(r))") == []
