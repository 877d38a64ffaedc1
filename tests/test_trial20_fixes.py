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


PHASE = """
kind card { }
card copper "Copper" * 7 {}
zone supply of card;
zone hand per_player of card;
zone aside per_player of card;
counter turns global;
proc set_aside() { pick c from hand "set aside which card?" { move c to aside; } }
proc tally() { set turns = turns + 1; }
proc each_sets_aside() { each players: set_aside(); }
proc round() { set_aside(); }
game dominion {
  seats 2 to 4;
  phase setup { fill supply with card; each players: draw 2 from supply to hand; }
  phase play { PLAY }
  winner most size(aside);
}
"""


def w589(play: str, more: str = "") -> list:
    return [d for d in analyse_text(PHASE.replace("PLAY", play) + more).diagnostics if d.code == "W589"]


def test_a_proc_a_phase_runs_for_the_first_player_that_names_a_per_player_zone_is_w589():
    (d,) = w589("round();")
    assert (d.span.line, d.span.column) == (15, 16)
    assert "calls 'round', which calls 'set_aside'," in d.message and "'hand'" in d.message
    assert d.notes and "8:32" in d.notes[0] and "each players: round" in d.hint


def test_w589_follows_an_expansions_before_block_into_the_proc_it_extends():
    (d,) = w589("tally();", "before tally { move all of hand to aside; }")
    assert "calls 'tally'" in d.message and "'hand'" in d.message


def test_no_w589_where_the_call_or_the_proc_says_whose():
    assert w589("each players: round();") == []
    assert w589("each you: round();") == []        # the first player's, said so
    assert w589("each_sets_aside();") == []        # the proc loops itself
    assert w589("tally();") == []                  # a global counter is nobody's


def test_base_where_nothing_is_amended_says_where_it_stands_for_something():
    text = 'counter vp;\ngame g "G" {\n  seats 2;\n  phase play { gain 1 vp; }\n  winner most base + vp;\n}\n'
    (e,) = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert e.code == "E201" and "amend GAME { winner most base" in e.hint
