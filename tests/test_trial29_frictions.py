"""What writing Monopoly, Age of Steam and Gloomhaven (tests/packs/monopoly, age_of_steam_lite, gloomhaven_lite)
found wrong in the language: a path aggregate's `through` clause written after its ')' (E650, with the call
rewritten), a reserved word bound by an auction's `as (...)` or naming a card told with a free name, and an
actor taking its place in an initiative order with the players (language reference 3.10)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text

from rulebook.runtime.engine import Game

from .conftest import found_at, rules_programs, run_proc, started

MAP = """enum city { a, b, c }
kind road { x: city; y: city; }
road ab { x = a; y = b; }
road bc { x = b; y = c; }
"""


def errors(text: str) -> list:
    return [d for d in analyse_text(text).diagnostics if d.severity == "error"]


@pytest.mark.parametrize("call", [
    "shortest_path(r in road, r.x, r.y, s, c)",
    "connects(r in road, r.x, r.y, s, c)",
    "reachable(r in road, r.x, r.y, s)",
    "longest_path(r in road, r.x, r.y)",
])
def test_through_after_the_closing_parenthesis_is_e650_with_the_call_rewritten(call):
    text = MAP + f"func f(s: city) = {call} through p where p != b;\n"
    found = errors(text)
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("E650", 5, text.splitlines()[4].index("through") + 1)]
    assert found[0].hint == f"write '{call[:-1]} through p where p != b)'"
    # the hint's call is the right one
    assert errors(MAP + f"func f(s: city) = {call[:-1]} through p where p != b);\n") == []


def test_through_on_the_next_line_after_a_wrapped_call_is_e650_too():
    text = MAP + "func f(s: city) =\n  shortest_path(r in road, r.x, r.y,\n    s, c)\n      through p where p != b;\n"
    assert found_at(text) == [("E650", 8, 7)]
    assert errors(text)[0].hint == "write 'shortest_path(r in road, r.x, r.y, s, c through p where p != b)'"


def test_through_after_another_call_is_no_e650():
    codes = [d.code for d in errors(MAP + "func f(s: city) = max(1, 2) through p where p != b;\n")]
    assert codes and "E650" not in codes


def test_a_reserved_word_bound_by_an_auction_is_told_with_free_names():
    text = ("counter coin from 0 to 9;\nproc sell() {\n"
            "  auction \"bid\" among players up to coin as (winner, price) { pay price coin; }\n}\n")
    found = errors(text)
    assert [d.code for d in found] == ["E100"]
    assert found[0].hint == "'winner' is reserved: call it 'winners' or 'winner_name', say"


def test_a_card_named_with_a_reserved_word_is_told_with_free_names():
    text = "kind monster_card { initiative: int; }\nmonster_card advance \"Advance\" { initiative = 30; }\n"
    found = errors(text)
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("E100", 2, 14)]
    assert found[0].hint == "'advance' is reserved: call it 'advances' or 'advance_name', say"


# Mage Knight's solo game (language reference 3.10): the dummy player is an actor with a tactic of its own,
# and the round goes in the order of the tactics' numbers, the dummy among the players
dummy = rules_programs("""
actor dummy "Dummy player";
counter tactic "Tactic" from 0 to 6;
counter fame "Fame" from 0 to 99;
var acted "Turns taken" global: list of player = [];
func turn_order() = sorted(p in players + [dummy], fewest p.tactic);
proc round() {
  for each p in turn_order() {
    if p == dummy {
      set acted = acted + [dummy];
    } else {
      each p { gain 1 fame; set acted = acted + [p]; }
    }
  }
}
game mage_knight_solo "Mage Knight (solo, with the dummy)" {
  seats 1 to 2;
  phase play {
    each players: set tactic = 2 * seat();
    each dummy: set tactic = 3;
    round();
  }
  winner most fame;
}
""")


def test_an_actor_takes_its_place_in_an_order_sorted_with_the_players(dummy):
    game = started(dummy(), players=2)
    game.play()
    assert [h.name for h in game.state.gvars["acted"]] == ["P1", "dummy", "P2"]
    assert [p.stock["fame"] for p in game.state.players] == [1, 1]


# Monopoly's deeds: a railroad's list of rents is shorter than a site's (W467's own hint: check its size)
DEEDS = """enum colour { brown, railroad }
kind deed { set: colour; rents: list of int; }
deed baltic "Baltic Avenue" { set = brown; rents = [4, 20, 60]; }
deed reading "Reading Railroad" { set = railroad; rents = [25]; }
counter cash;
"""


@pytest.mark.parametrize("body, warned", [
    ("gain d.rents[2] cash;", True),
    ("if size(d.rents) >= 2 { gain d.rents[2] cash; }", False),
    ("if size(d.rents) > 1 { gain d.rents[2] cash; }", False),
    ("if 2 <= size(d.rents) and cash > 0 { gain d.rents[2] cash; }", False),
    ("if size(d.rents) < 2 { gain 1 cash; } else { gain d.rents[2] cash; }", False),
    ("if not (size(d.rents) <= 1) { gain d.rents[2] cash; }", False),
    ("gain (if size(d.rents) >= 2 then d.rents[2] else 0) cash;", False),
    ("if size(d.rents) >= 2 { gain d.rents[3] cash; }", True),   # the test covers 2 items, not 3
    ("if size(d.rents) >= 2 or cash > 0 { gain d.rents[2] cash; }", True),
    ("if size(d.rents) >= 2 { gain 1 cash; } else { gain d.rents[2] cash; }", True),
    # a test of another field of the same card rules declarations out: a railroad's rents are not read
    ("if d.set != railroad { gain d.rents[2] cash; }", False),
    ("if d.set == railroad { gain 25 cash; } else { gain d.rents[2] cash; }", False),
    ("if d.set == brown and cash > 0 { gain d.rents[2] cash; }", False),
    ("gain (if d.set == railroad then 25 else d.rents[2]) cash;", False),
    ("if d.set == railroad { gain d.rents[2] cash; }", True),
    ("if d.set != railroad or cash > 0 { gain d.rents[2] cash; }", True),
])
def test_a_size_test_on_a_card_list_covers_the_positions_it_says_w467(body, warned):
    text = DEEDS + f"proc collect_rent(d: deed) {{ {body} }}\n"
    assert ("W467" in [d.code for d in analyse_text(text).diagnostics]) == warned


deeds = rules_programs(DEEDS + """
proc collect() {
  for each d in deed {
    if size(d.rents) >= 2 { gain d.rents[2] cash; } else { gain d.rents[1] cash; }
  }
}
""")


def test_a_typed_func_reads_each_side_of_its_if_value_where_the_test_holds_or_fails():
    text = DEEDS + "func rent(d: deed): int = if d.set == railroad then d.rents[1] else d.rents[2];\n"
    assert "W467" not in [d.code for d in analyse_text(text).diagnostics]
    text = DEEDS + "func rent(d: deed): int = if d.set == brown then d.rents[1] else d.rents[2];\n"
    assert "W467" in [d.code for d in analyse_text(text).diagnostics]


def test_a_size_tested_read_plays_alike_on_both_backends(deeds):
    game = Game(deeds(), 2, 1)
    run_proc(game, "collect")
    assert game.state.players[0].stock["cash"] == 20 + 25


# Monopoly's Chance and Community Chest: a card drawn from a deck passed as a `zone` is of no known kind
# where its slot is run with arguments (both backends dropped them: a TypeError, or a missing name)
DRAWN = """counter vp;
kind card { play: effect(n: int); }
card a "A" { play { gain n vp; } }
card b "B" { play { gain 1 vp; } }
zone deck of card;
proc draw_from(z: zone, n: int) {
  let x = first(z);
  move x to bottom of z;
  copy x.play(n);
}
"""

drawn = rules_programs(DRAWN)


def test_a_slot_run_with_arguments_on_a_card_of_no_known_kind_gets_them_on_both_backends(drawn):
    game = Game(drawn(), 2, 1)
    for c in ("a", "b"):
        game.move(game.program.entities[c], game.zone(None, "deck"))
    run_proc(game, "draw_from", game.zone(None, "deck"), 5)
    run_proc(game, "draw_from", game.zone(None, "deck"), 5)
    assert game.state.players[0].stock["vp"] == 5 + 1


def test_kinds_disagreeing_on_the_slot_parameters_make_it_e651():
    text = DRAWN + "kind spell { play: effect(by: player); }\nspell s { play { gain 1 vp; } }\n"
    found = errors(text)
    assert [(d.code, d.span.line) for d in found] == [("E651", 9)]
    assert "card, spell" in found[0].message and found[0].hint == "say the card's kind where it is taken: 'let x: KIND = ...;'"
    # said so, the kind orders the arguments
    assert errors(text.replace("let x = first(z);", "let x: card = first(z);")) == []


def test_no_kind_with_the_slot_is_e651():
    text = DRAWN.replace("copy x.play(n);", "copy x.reveal(n);")
    assert [d.code for d in errors(text)] == ["E651"]
