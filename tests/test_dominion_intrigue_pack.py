"""Dominion: Intrigue as an expansion pack on the base game (tests/packs/dominion_intrigue): its cards do
what they print, on both backends, and whole games with the Intrigue cards in the Kingdom play alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import pack_backends, run_answering, played_on_both_backends, run_proc, write_pack

PACK = Path(__file__).parent / "packs" / "dominion_intrigue"


@pytest.fixture(scope="module")
def backends(tmp_path_factory) -> dict:
    """The pack with every Kingdom pile set out (so a test can take any card from the Supply)."""
    every_pile = write_pack(tmp_path_factory.mktemp("intrigue") / "every_pile", """
    override proc setup_supply() {
      for each c in card { set_out(declaration(c)); }
    }
    """, name="every_pile", extends=[str(PACK.resolve())])
    return pack_backends(tmp_path_factory, str(every_pile))


class Table:
    """A 2-player game with the whole Supply out, where a test deals cards and plays one for P1."""

    def __init__(self, program):
        self.game = Game(program, 2, 1)
        run_proc(self.game, "setup_supply")
        self.me, self.other = self.game.state.players

    def deal(self, *names, zone="hand", player=0):
        """Move the top card of each named Supply pile to a zone of a player."""
        for name in names:
            card = self.game.state.zones[f"supply[{name}]"][-1]
            self.game.move(card, self.game.state.players[player].refs[zone])

    def play(self, name, *script, player=0):
        """Put a card from the Supply into play and resolve it for a player, answering (prompt start,
        label) pairs in order and any other prompt by its first option; returns the decisions asked."""
        self.deal(name, zone="in_play", player=player)
        card = self.game.state.players[player].zones["in_play"][-1]
        return self.answered(self.game.program.procs["resolve"](self.game, self.game.state.players[player], card),
                             script, lambda d: 0)

    def turn(self, *script):
        """P1's turn, answering (prompt start, label) pairs in order and any other prompt by its last
        option (declining a `repeatedly` pick); returns the decisions asked."""
        return self.answered(self.game.program.procs["turn"](self.game, self.me), script,
                             lambda d: len(d.options) - 1)

    @staticmethod
    def answered(gen, script, otherwise):
        script = list(script)

        def answer(d):
            if script and d.prompt.startswith(script[0][0]):
                return d.index_of(script.pop(0)[1])
            return otherwise(d)
        asked = run_answering(gen, answer)
        assert not script, f"not asked: {script}"
        return asked

    def names(self, zone, player=0):
        return [c.name.split("#")[0] for c in self.game.state.players[player].zones[zone]]

    def price(self, name):
        card = self.game.program.entities[name]   # its cost as read in play: `cost: int for costs;`
        return self.game.valued(self.me, card.fields["cost"], ("costs", card))


@pytest.fixture
def table(program):
    return Table(program)


def test_courtyard_draws_three_and_puts_one_back_on_the_deck(table):
    table.deal("gold", "silver", "copper", "estate", zone="deck")
    table.play("courtyard", ("put a card", "Gold"))
    assert sorted(table.names("hand")) == ["copper", "silver"] and table.names("deck")[0] == "gold"


def test_pawn_gives_two_different_choices(table):
    table.deal("gold", zone="deck")
    asked = table.play("pawn", ("choose two", "+1 Buy"), ("choose two", "+1 Card"))
    # the +1 Buy taken is not offered again
    assert "+1 Buy" not in asked[1].options
    assert table.me.stock["buys"] == 2 and table.names("hand") == ["gold"] and table.me.stock["actions"] == 1


@pytest.mark.parametrize("held, drawn", [(["copper"], 2), (["village"], 0)])
def test_shanty_town_draws_two_only_without_an_action_in_hand(table, held, drawn):
    table.deal(*held)
    table.deal("gold", "silver", zone="deck")
    table.play("shanty_town")
    assert len(table.names("hand")) == 1 + drawn and table.me.stock["actions"] == 1 + 2


def test_baron_discards_an_estate_for_four_coins(table):
    table.deal("estate")
    table.play("baron", ("discard an Estate", "Estate"))
    assert (table.me.stock["buys"], table.me.stock["coin"], table.names("discard")) == (2, 4, ["estate"])


def test_baron_gains_an_estate_when_none_is_discarded(table):
    table.deal("copper")
    table.play("baron")
    assert (table.me.stock["coin"], table.names("discard"), table.names("hand")) == (0, ["estate"], ["copper"])


def test_bridge_makes_every_card_cost_one_less_this_turn_never_below_zero(table):
    assert (table.price("duchy"), table.price("copper")) == (5, 0)
    table.deal("village", "bridge", "ironworks", "copper", "copper", "copper")
    table.deal(*["estate"] * 6, zone="deck")
    asked = table.turn(("play an Action", "Village"), ("play an Action", "Bridge"), ("play an Action", "Ironworks"),
                       ("gain a card costing up to 4", "Duchy"), ("buy a card?", "Duchy"))
    gained = next(d for d in asked if d.prompt.startswith("gain a card costing up to 4"))
    assert "Duchy" in gained.options and "Gold" not in gained.options
    bought = next(d for d in asked if d.prompt.startswith("buy a card?"))
    # 3 Coppers and Bridge's coin make 4 coins, with 2 Buys: a Duchy (5, now 4) is offered
    assert "Duchy" in bought.options and "Copper" in bought.options
    assert sum(table.names(z).count("duchy") for z in ("deck", "hand", "discard")) == 2
    # the turn is over: Bridge's change has ended with it
    assert table.price("duchy") == 5


def test_conspirator_gives_a_card_and_an_action_from_the_third_action_played(table):
    table.deal("gold", "silver", zone="deck")
    table.play("conspirator")
    assert (table.me.stock["coin"], table.names("hand")) == (2, [])
    table.play("village")
    table.play("conspirator")
    assert table.me.stock["coin"] == 4 and len(table.names("hand")) == 2 and table.me.stock["actions"] == 1 + 2 + 1


def test_ironworks_rewards_the_gained_cards_types(table):
    table.play("ironworks", ("gain a card", "Silver"))
    assert table.me.stock["coin"] == 1 and table.names("discard") == ["silver"]
    table.play("ironworks", ("gain a card", "Village"))
    assert table.me.stock["actions"] == 2


def test_mining_village_may_be_trashed_for_two_coins(table):
    table.play("mining_village", ("trash Mining Village", "yes"))
    assert table.me.stock["coin"] == 2 and table.me.stock["actions"] == 3
    assert table.names("in_play") == [] and "mining_village" in [c.name.split("#")[0] for c in table.game.state.zones["trash"]]


def test_minion_attacks_only_hands_of_five_or_more(program):
    for size, left in ((5, 4), (4, 4)):
        table = Table(program)
        table.deal(*["copper"] * size, player=1)
        table.deal(*["silver"] * 6, zone="deck", player=1)
        table.deal("estate")
        table.deal(*["gold"] * 4, zone="deck")
        table.play("minion", ("Minion", "discard your hand, +4 Cards; others with 5 or more cards do the same"))
        assert table.names("discard") == ["estate"] and table.me.stock["actions"] == 2
        assert len(table.names("hand", 1)) == left
        assert table.names("hand", 1).count("silver") == (4 if size == 5 else 0)


def test_torturer_makes_each_other_player_discard_two_or_take_a_curse_in_hand(table):
    table.deal("copper", "copper", "copper", player=1)
    table.play("torturer", ("Torturer", "gain a Curse to your hand"))
    assert sorted(table.names("hand", 1)) == ["copper"] * 3 + ["curse"]
    table.play("torturer", ("Torturer", "discard 2 cards"))
    assert len(table.names("hand", 1)) == 2 and len(table.names("discard", 1)) == 2


def test_swindler_trashes_each_victims_top_card_and_the_attacker_chooses_what_they_gain(table):
    table.deal("silver", zone="deck", player=1)
    asked = table.play("swindler", ("choose a card costing 3 for P2", "Village"))
    chooser = next(d for d in asked if d.prompt.startswith("choose a card costing"))
    assert chooser.player is table.me and "Silver" in chooser.options
    assert table.names("discard", 1) == ["village"] and table.me.stock["coin"] == 2
    assert [c.name.split("#")[0] for c in table.game.state.zones["trash"]] == ["silver"]


@pytest.mark.parametrize("held, silver", [(["estate", "copper"], True), (["estate"], False)])
def test_trading_post_gives_a_silver_only_for_two_trashed_cards(table, held, silver):
    table.deal(*held)
    table.play("trading_post")
    assert table.names("hand") == (["silver"] if silver else [])


def test_upgrade_gains_a_card_costing_exactly_one_more(table):
    table.deal("estate")
    table.deal("copper", zone="deck")
    asked = table.play("upgrade", ("trash a card", "Estate"))
    offered = next(d.options for d in asked if d.prompt.startswith("gain a card costing exactly"))
    assert set(offered) == {table.game.program.entities[n].title for n in
                            ("silver", "village", "workshop", "vassal", "merchant", "harbinger",
                             "shanty_town", "steward", "swindler")}


def test_the_victory_cards_count_points(table):
    table.deal("nobles", "harem", "duke", "duchy", "duchy")
    vp = table.game.program.funcs["vp"](table.game, table.me)
    assert vp == 2 + 2 + 2 + 3 * 2


def test_nobles_is_an_action_with_a_choice(table):
    table.play("nobles", ("Nobles", "+2 Actions"))
    assert table.me.stock["actions"] == 3


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_games_with_the_intrigue_cards_play_alike_on_both_backends(players, seed):
    (game, result), _ = played_on_both_backends(PACK, players, seed)
    assert result["over"]
