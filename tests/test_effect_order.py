"""Simultaneous effects: when one event fires several triggers of the same player, that player
chooses the order (issue 6 §5), on both backends, logged and replayed.

The rule is the Tapestry rulebook's (integrated rulebook, FAQ "Em que ordem eu ganho monumentos,
benefícios e bônus?": "ganhe o(s) benefício(s), que você pode receber em qualquer ordem"; income:
"se você tiver várias civilizações ative-as em qualquer ordem"); in Federation, p.28's "next time
you act on X" Erudite tiles meet on one action (tests/test_federation.py).
"""

from __future__ import annotations

import pytest

from rulebook.runtime.agents import RandomAgent, ScriptedAgent
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.record import record, replay

from .conftest import drive, new_game, program_of, write_pack

# Two Tapestry-like civilization abilities on the income turn: one doubles your VP, one adds 3;
# doubling first gives 2 * 1 + 3 = 5, adding first (3 + 1) * 2 = 8, so the order shows.
CIVS = """
counter vp;
event income_turn();
kind civ { power: effect; }
civ alchemists "Alchemists" { power { whenever you income_turn { set vp = vp * 2; } } }
civ merrymakers "Merrymakers" { power { whenever you income_turn { gain 3 vp; } } }
civ nomads "Nomads" { power { whenever you income_turn { say "the nomads move"; } } }
civ spectators "Spectators" { power { whenever anyone income_turn { gain 1 vp; } } }
proc take(c: civ) { copy c.power; }
proc income() { emit income_turn(); }
proc everyone_watches() { each players { copy spectators.power; } }
game g { seats 2 to 3; phase setup { } phase play {
  each players { gain 1 vp; copy alchemists.power; copy merrymakers.power; }
  repeat 2 { each players { income(); } }
} phase final { } winner most vp; }
"""

ORDER_PROMPT = "several of your effects on income_turn at once: which first?"


@pytest.fixture
def civs(tmp_path, backend):
    """The pack's Program on the backend under test."""
    return program_of(write_pack(tmp_path / "civs", CIVS), backend)


def run(game: Game, name: str, *args, player: int = 0, answers=()) -> list:
    """Run one proc of the pack for a player; returns the decisions asked."""
    return drive(game, game.program.procs[name](game, game.state.players[player], *args), answers)


def take(game: Game, *civs: str, player: int = 0) -> None:
    for c in civs:
        run(game, "take", game.program.entities[c], player=player)


@pytest.mark.parametrize("first, vp", [("Alchemists", 5), ("Merrymakers", 8)])
def test_the_owner_orders_two_triggers_of_one_event(civs, first, vp):
    """Tapestry: "ganhe o(s) benefício(s), que você pode receber em qualquer ordem"."""
    g = new_game(civs)
    g.state.players[0].stock["vp"] = 1
    take(g, "alchemists", "merrymakers")
    asked = run(g, "income", answers=[first])
    assert [(d.prompt, d.options) for d in asked] == [(ORDER_PROMPT, ["Alchemists", "Merrymakers"])]
    assert asked[0].player is g.state.players[0]
    assert g.state.players[0].stock["vp"] == vp


def test_one_trigger_asks_nothing(civs):
    g = new_game(civs)
    take(g, "merrymakers")
    assert run(g, "income") == []
    assert g.state.players[0].stock["vp"] == 3


def test_identical_firings_are_not_told_apart(civs):
    """The same ability registered twice does the same thing twice: no order to choose."""
    g = new_game(civs)
    take(g, "merrymakers", "merrymakers")
    assert run(g, "income") == []
    assert g.state.players[0].stock["vp"] == 6


def test_each_further_choice_is_among_the_firings_left_in_registration_order(civs):
    """Three effects at once: two questions, the second among the two left (n - 1 decisions)."""
    g = new_game(civs)
    g.state.players[0].stock["vp"] = 1
    take(g, "alchemists", "merrymakers", "nomads")
    asked = run(g, "income", answers=["Nomads", "Merrymakers"])
    assert [d.options for d in asked] == [["Alchemists", "Merrymakers", "Nomads"], ["Alchemists", "Merrymakers"]]
    assert g.state.players[0].stock["vp"] == 8 and g.messages == ["P1: the nomads move"]


@pytest.mark.parametrize("first, vp", [("Spectators", 4), ("Alchemists", 3)])
def test_only_a_players_own_effects_are_theirs_to_order(civs, first, vp):
    """P1's two effects are P1's to order; P2's one effect on the same event asks nothing."""
    g = new_game(civs)
    for p in g.state.players:
        p.stock["vp"] = 1
    run(g, "everyone_watches")
    take(g, "alchemists")
    asked = run(g, "income", answers=[first])
    assert [(d.player.name, d.options) for d in asked] == [("P1", ["Spectators", "Alchemists"])]
    assert [p.stock["vp"] for p in g.state.players] == [vp, 2]


def test_the_choice_is_logged_and_replayed(civs):
    """A whole game: every income turn asks each player, the log holds the answers, replay agrees."""
    g = Game(civs, 2, 7, [RandomAgent(1), RandomAgent(2)])
    g.play()
    orders = [e for e in g.log if isinstance(e[0], int)]
    assert len(orders) == 4                                  # 2 income turns x 2 players
    log = record(g)
    again = replay(civs, log)
    assert again.state.digest() == g.state.digest() and again.log == g.log
    # P1 adds first then doubles first: 1 -> 8 -> 19; P2 doubles first then adds first: 1 -> 5 -> 16
    forced = Game(civs, 2, 7, [ScriptedAgent([1, 0, 0, 1])] * 2)
    forced.play()
    assert [p.stock["vp"] for p in forced.state.players] == [19, 16]


def test_ordering_does_not_end_a_runaway_chain(tmp_path, backend):
    """Two abilities that feed each other still stop with E602 though each round of the chain
    asks for an order: an order is no progress."""
    pack = write_pack(tmp_path / "loop", """
counter vp;
kind civ { power: effect; }
civ a "A" { power { whenever you gain(res = vp) { gain 1 vp; } } }
civ b "B" { power { whenever you gain(res = vp) { say "again"; } } }
proc start() { copy a.power; copy b.power; gain 1 vp; }
""")
    program = program_of(pack, backend)
    g = new_game(program)
    with pytest.raises(RulesRuntimeError) as info:
        d = g.start(program.procs["start"](g, g.state.players[0]))
        while d is not None:
            d = g.apply(d.size - 1)
    assert info.value.code == "E602" and g.decisions_made < 400
