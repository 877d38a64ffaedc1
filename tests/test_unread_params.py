"""W588: a proc's or func's parameter that its body never reads (the body acts on `you`, or on nothing)."""

from __future__ import annotations

from rulebook.compiler.driver import analyse, analyse_text

from .conftest import write_pack

GAME = """
resource coin;
counter vp;
game g "G" { seats 2 to 4; phase play { for each p in all_players { give_two(p); } } winner most vp; }
"""


def w588(text: str) -> list:
    """The W588 findings of a pack that otherwise lints clean of errors (an error would hide the lint)."""
    found = analyse_text(text).diagnostics
    assert [d.message for d in found if d.severity == "error"] == []
    return [(d.span.line, d.span.column, d.message, d.hint) for d in found if d.code == "W588"]


def test_a_gift_that_forgets_its_receiver_is_warned_at_the_parameter():
    # Citadels' Merchant, written as a proc for any player: the coins go to `you`, whoever p is
    found = w588(GAME + "proc give_two(p: player) {\n  gain 2 coin;\n}\n")
    assert found == [(5, 15, "parameter 'p' of proc 'give_two' is never read: the body acts as if it were not given",
                      "read it where the body means it, or name it '_p' if it is unused on purpose (a hook: its "
                      "callers, or the packs that override it, pass it)")]
    assert w588(GAME + "proc give_two(p: player) {\n  each p { gain 2 coin; }\n}\n") == []


def test_funcs_too_and_each_parameter_on_its_own():
    text = GAME + "proc give_two(p: player) { each p { gain worth(p, 3) coin; } }\nfunc worth(p: player, n: int) = n * 2;\n"
    assert [m for _l, _c, m, _h in w588(text)] == [
        "parameter 'p' of func 'worth' is never read: the body acts as if it were not given"]


def test_a_name_starting_with_an_underscore_says_unused_on_purpose():
    # Tapestry's hook: the base's version gives true whoever asks; an expansion's override reads them
    text = GAME + "proc give_two(p: player) { if may_upgrade(p, 1) { each p { gain 2 coin; } } }\n" \
                  "func may_upgrade(_owner: player, _n: int) = true;\n"
    assert w588(text) == []


def test_a_parameter_read_in_a_nested_block_or_a_filter_is_read():
    text = GAME + """
zone hand "Hand" per_player of card;
kind card { worth: int; }
card a "A" { worth = 1; }
proc give_two(p: player) {
  if vp > 0 {
    for each c in p.hand where c.worth > 0 { gain 1 vp; }
  }
}
"""
    assert w588(text) == []


def test_an_override_keeps_the_base_signature_and_is_not_warned(tmp_path):
    write_pack(tmp_path / "base", GAME + "proc give_two(p: player) { each p { gain 2 coin; } }\n", name="base")
    house = write_pack(tmp_path / "house", "# House rule: the gift goes to the bank instead.\n"
                       "override proc give_two(p: player) { say \"nobody gains\"; }\n",
                       name="house", extends=["../base"])
    found = analyse(str(house)).diagnostics
    assert [d.code for d in found if d.code == "W588" or d.severity == "error"] == []


def test_a_once_per_key_is_read_by_the_rule_itself():
    text = GAME + "proc give_two(p: player) { each p { gain 2 coin; outbreak(2); } }\n" \
                  "proc outbreak(n: int) once per n { gain 1 vp; if vp < 3 { outbreak(1); } }\n"
    assert w588(text) == []
