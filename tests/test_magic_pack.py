"""tests/packs/magic: a Magic: the Gathering core written by a designer new to the language (branch trial24),
with the continuous effects as assertions: a lord and an anthem stacking, an Aura and an Equipment, +1/+1
counters, a pump ending with the turn, Turn to Frog setting a base that the others then add to, the stack
(a Counterspell cast in response), combat (first strike, flying, trample, a creature that cannot block);
both backends alike, lint clean and `fmt` stable."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends, run_answering

PACK = Path(__file__).parent / "packs" / "magic"


program = pack_program(PACK)


class Table:
    """A two-player game with nothing dealt, where a test lays cards out and runs the pack's procs."""

    def __init__(self, program):
        self.game = Game(program, 2, 1)
        self.players = self.game.state.players

    def put(self, name, zone="battlefield", player=0):
        """Move the card called `name` (a copy's name: `raging_goblin#2`) to a zone of a player."""
        card = self.game.program.entities[name]
        self.game.move(card, self.game.zone(self.players[player], zone))
        return card

    def lands(self, n, player=0):
        """`n` untapped lands for a player."""
        name = "mountain" if player == 0 else "forest"
        for k in range(1, n + 1):
            self.put(name if k == 1 else f"{name}#{k}", player=player)

    def power(self, card):
        return self.game.valued(self.players[0], card.fields["power"], ("power_of", {"c": card}))

    def toughness(self, card):
        return self.game.valued(self.players[0], card.fields["toughness"], ("toughness_of", {"c": card}))

    def size(self, card):
        return self.power(card), self.toughness(card)

    def run(self, proc, *args, script=(), player=0):
        """Run a proc for a player, answering (prompt start, label) pairs in order and any other prompt by its
        last option (passing, declining); returns the decisions asked."""
        script = list(script)

        def answer(d):
            if script and d.prompt.startswith(script[0][0]):
                return d.index_of(script.pop(0)[1])
            return len(d.options) - 1
        gen = self.game.program.procs[proc](self.game, self.players[player], *args)
        asked = run_answering(gen, answer)
        assert not script, f"not asked: {script}"
        return asked

    def life(self):
        return [p.stock["life"] for p in self.players]

    def names(self, zone, player=0):
        return [c.name for c in self.game.zone(self.players[player], zone).items]


@pytest.fixture
def table(program):
    return Table(program)


def test_a_lord_and_an_anthem_stack_on_the_other_goblins(table):
    piker, chieftain = table.put("goblin_piker"), table.put("goblin_chieftain")
    lions = table.put("savannah_lions")
    assert table.size(piker) == (3, 2) and table.size(chieftain) == (2, 2) and table.size(lions) == (2, 1)
    table.put("glorious_anthem")
    # Chieftain: other Goblins +1/+1; Anthem: every creature you control +1/+1
    assert table.size(piker) == (4, 3) and table.size(chieftain) == (3, 3) and table.size(lions) == (3, 2)
    table.put("goblin_chieftain#2")   # two lords: each pumps the other
    assert table.size(piker) == (5, 4) and table.size(chieftain) == (4, 4)


def test_a_lord_gives_haste_to_its_goblins_only(table):
    piker, lions = table.put("goblin_piker"), table.put("savannah_lions")
    has = table.game.program.funcs["has"]
    haste = "haste"
    assert not has(table.game, table.players[0], piker, haste)
    table.put("goblin_chieftain")
    assert has(table.game, table.players[0], piker, haste) and not has(table.game, table.players[0], lions, haste)


def test_the_opponents_goblins_are_not_the_lords(table):
    chieftain = table.put("goblin_chieftain")
    theirs = table.put("raging_goblin", player=1)
    assert table.size(theirs) == (1, 1) and table.size(chieftain) == (2, 2)


def test_an_aura_an_equipment_and_counters_add_up(table):
    lions = table.put("savannah_lions")
    paint, splitter = table.put("goblin_war_paint"), table.put("bonesplitter")
    table.game.set_field(paint, "host", lions)
    table.game.set_field(splitter, "host", lions)
    assert table.size(lions) == (6, 3)     # +2/+2 and +2/+0
    table.game.gain_on(table.players[0], lions, "plus", 2)
    assert table.size(lions) == (8, 5)
    table.run("leave_play", lions, "hand")   # Unsummoned: a new object, the Aura to the graveyard
    assert table.size(lions) == (2, 1) and "goblin_war_paint" in table.names("graveyard")
    assert table.names("battlefield") == ["bonesplitter"]


def test_a_lords_own_counters_count_beside_its_bonus_to_the_others(table):
    chieftain, goblin = table.put("goblin_chieftain"), table.put("raging_goblin")
    table.game.gain_on(table.players[0], chieftain, "plus", 1)
    table.game.gain_on(table.players[0], goblin, "plus", 2)
    assert table.size(chieftain) == (3, 3) and table.size(goblin) == (4, 4)


def test_a_pump_lasts_until_the_end_of_the_turn(table):
    goblin = table.put("raging_goblin")
    table.lands(1)
    table.put("brute_force", zone="hand")
    # the Goblin (haste) attacks, pumped at the window after attackers: 4 damage
    table.run("turn", True, script=[("attack with", "Raging Goblin"), ("play a card now", "Brute Force")])
    assert table.life() == [20, 16]
    assert table.size(goblin) == (1, 1)
    assert "brute_force" in table.names("graveyard")


def test_turn_to_frog_sets_a_base_the_anthem_and_counters_then_add_to(table):
    """Layers 7b then 7c: the Frog's base 1/1 is set first, though the Anthem, the lord and the counter came
    first; the Frog ends with the turn."""
    piker = table.put("goblin_piker")
    table.put("glorious_anthem")
    table.put("goblin_chieftain")
    table.game.gain_on(table.players[0], piker, "plus", 1)
    assert table.size(piker) == (5, 4)
    table.lands(2, player=1)
    table.put("turn_to_frog", zone="hand", player=1)
    table.run("turn", True, script=[("attack with", "Goblin Piker"), ("play a card now", "Turn to Frog"),
                                    ("target which", "Goblin Piker")])
    assert table.life() == [20, 16]   # 1/1, +1/+1 Chieftain, +1/+1 Anthem, +1/+1 counter
    assert table.size(piker) == (5, 4)


def test_a_counterspell_counters_the_spell_below_it_on_the_stack(table):
    table.lands(1)
    table.lands(2, player=1)
    table.put("raging_goblin", zone="hand")
    table.put("counterspell", zone="hand", player=1)
    table.run("turn", True, script=[("play a land or cast", "Raging Goblin"), ("play a card now", "Counterspell")])
    assert table.names("graveyard") == ["raging_goblin"] and table.names("battlefield") == ["mountain"]
    assert table.names("graveyard", player=1) == ["counterspell"]


def test_the_last_spell_cast_resolves_first(table):
    """A Giant Growth in response to a Lightning Bolt saves the Bears: the Growth resolves first."""
    bears = table.put("grizzly_bears", player=1)
    table.lands(1)
    table.lands(1, player=1)
    table.put("lightning_bolt", zone="hand")
    table.put("giant_growth", zone="hand", player=1)
    table.run("turn", True, script=[("play a card now", "Lightning Bolt"), ("target which creature", "Grizzly Bears"),
                                    ("play a card now", "Giant Growth")])   # its one target: not asked
    assert table.names("battlefield", player=1)[0] == "grizzly_bears"
    assert table.names("graveyard", player=1) == ["giant_growth"]


def test_a_bolt_kills_the_bears_when_nobody_answers(table):
    table.put("grizzly_bears", player=1)
    table.lands(1)
    table.put("lightning_bolt", zone="hand")
    table.run("turn", True, script=[("play a card now", "Lightning Bolt"), ("target which creature", "Grizzly Bears")])
    assert table.names("graveyard", player=1) == ["grizzly_bears"]


@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_agree_on_both_backends(seed):
    for game, result in played_on_both_backends(PACK, 2, seed):
        assert min(p.stock["life"] for p in game.state.players) <= 0 or any(
            not game.zone(p, "library").items for p in game.state.players)
