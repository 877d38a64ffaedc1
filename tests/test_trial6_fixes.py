"""The toolchain fixes of the session's trial6 (a designer writing Splendor, Azul and Kingdomino): a group whose
cap is its only use is no unused declaration (W401 said it was), and `or blind` of an indexed zone, or of one
of its zones, says what cannot be written and the way round (it was "unexpected '['", or a "did you mean"
naming the very zone written)."""

from __future__ import annotations

from rulebook.compiler.driver import analyse

from .conftest import write_pack

TOKENS = """
resource ruby "Ruby" supply 7;
resource onyx "Onyx" supply 7;
resource gold "Gold" supply 5;
group gems "Gems" { ruby, onyx }
group tokens "Tokens" cap 10 { ruby, onyx, gold }
proc take() { pick g from gems "take which gem?" { gain 2 g; } }
game splendor { seats 2 to 4; phase play { repeat 8 { each players: take(); } } winner most ruby; }
"""


def findings(tmp_path, text: str) -> list:
    return [d for d in analyse(str(write_pack(tmp_path / "p", text))).diagnostics if d.severity != "info"]


def test_a_group_whose_cap_is_its_use_is_not_unused(tmp_path):
    assert findings(tmp_path, TOKENS) == []


def test_a_group_without_a_cap_that_nothing_names_is_still_unused(tmp_path):
    found = findings(tmp_path, TOKENS.replace('group tokens "Tokens" cap 10', 'group tokens "Tokens"'))
    assert [(d.code, d.span.line) for d in found] == [("W401", 6)] and "'tokens'" in found[0].message


BLIND = """
enum level {{ one "Level 1", two "Level 2" }}
kind development {{ level: level; }}
development mine * 4 {{ level = one; }}
zone deck[level] of development secret;
zone row of development;
zone reserved per_player of development hidden;
proc reserve() {{
  pick c from row or blind {blind} "reserve which card?" {{ move c to reserved; }}
}}
game splendor {{ seats 2 to 4; phase play {{ each players: reserve(); }} winner most reserved_count; }}
counter reserved_count;
"""


def test_blind_of_an_indexed_zone_names_no_zone_to_write_and_gives_the_way_round(tmp_path):
    found = findings(tmp_path, BLIND.format(blind="deck"))
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("E524", 9, 28)]   # no W401 for deck besides
    assert "indexed zone" in found[0].message and "did you mean" not in (found[0].hint or "")
    assert "draw 1 from deck[one] to reserved" in found[0].hint


def test_blind_of_one_zone_of_an_indexed_zone_is_e524_at_its_name(tmp_path):
    found = findings(tmp_path, BLIND.format(blind="deck[one]"))
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("E524", 9, 28)]
    assert "'deck[...]'" in found[0].message and "option" in found[0].hint


def test_two_blind_decks_in_one_pick_are_e524_at_the_second_saying_once(tmp_path):
    text = BLIND.replace("zone row of", "zone deck_two of development secret;\nzone row of")
    found = findings(tmp_path, text.format(blind="deck_two or blind deck_two"))
    assert [(d.code, d.span.line) for d in found] == [("E524", 10)]
    assert "comes once" in found[0].message and "comes last" not in found[0].message
