"""House rules and expansions that build on a base pack: base(), before/after, amend, top-level triggers."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse, compile_pack, interpret_pack
from rulebook.runtime.agents import RandomAgent
from rulebook.runtime.engine import Game

from .conftest import drive, run_proc, write_pack

BASE = """
resource coin;
counter vp;
kind card per_player { worth: int; extra: int = 0; play: effect; }
zone hand per_player of card;
card c1 "Farm" { worth = 1; play { gain 1 coin; } }
card c2 "Mine" { worth = 2; play { gain 2 coin; } }
proc income() { gain 1 coin; }
func value(c: card) = c.worth + c.extra;
proc score() { for each c in hand { gain value(c) vp; } }
game g {
  seats 2 to 2;
  phase setup { each players { move c1 to hand; } }
  phase play { each players: income(); }
  phase final { each players: score(); }
  winner most vp then coin;
}
"""


@pytest.fixture(params=["compiled", "interpreted"])
def backend(request):
    return compile_pack if request.param == "compiled" else interpret_pack


def house(tmp_path, text: str, name: str = "house"):
    """A base pack and a house pack extending it; returns the house pack's folder."""
    write_pack(tmp_path / "base", BASE, name="base")
    return str(write_pack(tmp_path / name, text, name=name, extends=["../base"]))


def program_of(backend, pack: str):
    made = backend(pack)
    return made.program if hasattr(made, "program") else made


def play(program):
    game = Game(program, 2, 1, [RandomAgent(1), RandomAgent(2)])
    game.play()
    return {p.name: (p.stock["coin"], p.stock["vp"]) for p in game.state.players}


def test_before_and_after_add_steps_to_a_proc_in_order(tmp_path, backend):
    pack = house(tmp_path, """
    before income { set vp = vp + 10 * coin; }
    after income { gain 2 coin; }
    """)
    # before: vp += 10 * 0; base: +1 coin; after: +2 coin; final: c1 worth 1
    assert play(program_of(backend, pack)) == {"P1": (3, 1), "P2": (3, 1)}


def test_a_later_extension_wraps_an_earlier_one(tmp_path, backend):
    write_pack(tmp_path / "base", BASE, name="base")
    write_pack(tmp_path / "first", "after income { set vp = vp * 10; }", name="first", extends=["../base"])
    pack = str(write_pack(tmp_path / "second", "after income { gain 5 vp; }", name="second", extends=["../first"]))
    # income: +1 coin, vp * 10 (0), +5 vp; final: +1 vp
    assert play(program_of(backend, pack)) == {"P1": (1, 6), "P2": (1, 6)}


def test_phases_can_be_extended_too(tmp_path, backend):
    pack = house(tmp_path, "after setup { each players { gain 4 coin; } }")
    assert play(program_of(backend, pack)) == {"P1": (5, 1), "P2": (5, 1)}


def test_an_override_calls_the_declaration_it_replaces_with_base(tmp_path, backend):
    pack = house(tmp_path, """
    override proc income() { base(); base(); gain 1 vp; }
    override func value(c: card) = base(c) * 10;
    """)
    assert play(program_of(backend, pack)) == {"P1": (2, 11), "P2": (2, 11)}


def test_an_override_that_calls_itself_is_a_warning(tmp_path):
    pack = house(tmp_path, "override proc income() { income(); }")
    found = [(d.code, d.span.line) for d in analyse(pack).diagnostics if d.code != "I404"]
    assert found == [("W407", 1)]


def test_amend_changes_single_fields_of_an_entity_and_a_kind(tmp_path, backend):
    pack = house(tmp_path, """
    amend c1 { worth = 5; play { gain 3 coin; } }
    amend card { extra: int = 2; }
    """)
    program = program_of(backend, pack)
    c1 = program.entities["c1"]
    assert (c1.title, c1.fields["worth"], c1.fields["extra"], program.entities["c2"].fields["extra"]) == \
        ("Farm", 5, 2, 2)
    assert play(program) == {"P1": (1, 7), "P2": (1, 7)}
    game = Game(program, 2, 1)
    drive(game, c1.effects["play"](game, game.state.players[0], c1))
    assert game.state.players[0].stock["coin"] == 3


def test_a_top_level_trigger_is_every_players_from_the_start(tmp_path, backend):
    pack = house(tmp_path, "whenever you gain(res = coin) { gain 1 vp; }")
    assert play(program_of(backend, pack)) == {"P1": (1, 2), "P2": (1, 2)}


def test_a_top_level_trigger_with_while_fires_only_while_it_holds(tmp_path, backend):
    # the condition is read as the gain is announced, after it: 1 coin is not 2, so no VP for it
    pack = house(tmp_path, "whenever you gain(res = coin) while coin >= 2 { gain 1 vp; }")
    assert play(program_of(backend, pack)) == {"P1": (1, 1), "P2": (1, 1)}
    pack = house(tmp_path, "whenever you gain(res = coin) while coin >= 1 { gain 1 vp; }", name="house2")
    assert play(program_of(backend, pack)) == {"P1": (1, 2), "P2": (1, 2)}


@pytest.mark.parametrize("text, code, message", [
    ("before incme { }", "E216", "'before' extends a proc or a game phase; 'incme' is not declared"),
    ("after coin { }", "E216", "'after' extends a proc or a game phase; 'coin' is a resource"),
    ("amend coin { x = 1; }", "E217",
     "'amend' changes an entity, a kind, a track, an enum, a record, the game, a choose, match or pick of a proc or phase, or a match of a func; 'coin' is a resource"),
    ("amend c1 { price: int; }", "E217", "amending 'c1' takes 'name = value;', 'name { ... }', a slot ('whenever "
     "EVENT in ZONE { ... }', 'anytime in ZONE { ... }'), 'in force while COND;' or 'remove SLOT;'"),
    ("proc p() { base(); }", "E218", "base() calls the proc an override replaces: use it inside 'override proc'"),
    ("override card c1 { worth = base(); }", "E218", None),
    ("override proc income(): int { gain 1 coin; return 1; }", "E219",
     "this override of 'income' gives a number, but the declaration it replaces gives no value"),
    ("override func value(c: card): bool = true;", "E219",
     "this override of 'value' gives a condition, but the declaration it replaces gives a number"),
])
def test_misuse_is_a_positioned_diagnostic(tmp_path, text, code, message):
    pack = house(tmp_path, text)
    found = [d for d in analyse(pack).diagnostics if d.code not in ("I404", "W401")]
    assert found and found[0].code == code and found[0].span.line == 1
    if message:
        assert found[0].message == message


def test_the_erudite_house_rule_is_three_lines_on_federation(tmp_path, backend):
    # "+1 prestige whenever you take an Erudite tile", as a pack extending the shipped federation
    text = "after take_erudite {\n  gain 1 prestige;\n}\n"
    pack = str(write_pack(tmp_path / "erudite_bonus", text, name="erudite_bonus", extends=["federation"]))
    assert analyse(pack).ok
    gained = []
    for program in (program_of(backend, "federation"), program_of(backend, pack)):
        game = Game(program, 3, 7)
        run_proc(game, "take_erudite", program.entities["e1E1"])
        gained.append(game.state.players[0].stock["prestige"])
    assert gained[1] == gained[0] + 1
    # and whole games with the house rule run to the end
    game = Game(program_of(backend, pack), 3, 7, [RandomAgent(7 + i) for i in range(3)])
    assert game.play()["winners"]
