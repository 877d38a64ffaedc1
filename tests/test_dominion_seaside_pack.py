"""Dominion: Seaside as an expansion pack on the base game (tests/packs/dominion_seaside, branch trial24): Duration
cards do their part at the start of their player's next turn and stay out until then, Haven's card set aside comes
back to hand, Lighthouse keeps its player unaffected by attacks until then, the mats and Embargo tokens; whole
games with every Seaside card in the Supply play alike on both backends."""

from __future__ import annotations

from pathlib import Path

import pytest


from .conftest import pack_backends, played_on_both_backends, write_pack
from .test_dominion_intrigue_pack import Table

PACK = Path(__file__).parent / "packs" / "dominion_seaside"
EVERY_PILE = """
override proc setup_supply() {
  for each c in card { set_out(declaration(c)); }
}
"""


@pytest.fixture(scope="module")
def every_pile(tmp_path_factory) -> Path:
    """The pack with every Kingdom pile set out (so a test can take any card from the Supply)."""
    return write_pack(tmp_path_factory.mktemp("seaside") / "every_pile", EVERY_PILE, name="every_pile",
                      extends=[str(PACK.resolve())])


@pytest.fixture(scope="module")
def backends(tmp_path_factory, every_pile) -> dict:
    return pack_backends(tmp_path_factory, str(every_pile))


@pytest.fixture
def table(program):
    return Table(program)


def empty_handed(table, player=0):
    """Nothing in the player's hand, deck or discard pile (out of the way, in "Looked at"), and the coins and
    Buys of the card played outside a turn spent."""
    me = table.game.state.players[player]
    for zone in ("hand", "deck", "discard"):
        for card in list(me.zones[zone]):
            table.game.move(card, me.refs["looking"])
    me.stock["coin"], me.stock["buys"], me.stock["actions"] = 0, 1, 1


def owned(table, *zones):
    """The names of the cards in P1's deck, hand and discard pile (where a turn's purchases end up)."""
    return sorted(name for zone in zones or ("deck", "hand", "discard") for name in table.names(zone))


def test_merchant_ship_gives_two_coins_now_and_two_at_the_start_of_the_next_turn(table):
    """A card played outside a turn: the turn a test runs next is its player's next turn."""
    table.play("merchant_ship")
    assert table.me.stock["coin"] == 2 and table.names("durations") == ["merchant_ship"]
    empty_handed(table)
    asked = table.turn(("buy a card?", "Haven"))   # no Treasure: Merchant Ship's 2 coins buy a Haven
    assert "Silver" not in asked[-1].options and "Haven" in asked[-1].options
    assert owned(table) == ["haven", "merchant_ship"] and table.names("durations") == []


def test_a_duration_card_stays_out_through_the_clean_up_of_the_turn_it_is_played_in(table):
    table.deal("caravan")
    table.deal(*["copper"] * 8, zone="deck")
    table.turn(("play an Action", "Caravan"))
    assert table.names("durations") == ["caravan"] and "caravan" not in table.names("discard")
    assert len(table.names("hand")) == 5
    table.turn()   # its next turn: one card more, then it is discarded
    assert table.names("durations") == [] and "caravan" in owned(table)


def test_wharf_draws_two_and_gives_a_buy_next_turn_too(table):
    table.deal(*["copper"] * 4, zone="deck")
    table.play("wharf")
    assert len(table.names("hand")) == 2 and table.me.stock["buys"] == 2
    empty_handed(table)
    table.deal("gold", "gold", zone="deck")
    table.turn(("buy a card?", "Silver"), ("buy a card?", "Silver"))   # 6 coins, 2 Buys
    assert owned(table) == ["gold", "gold", "silver", "silver", "wharf"]


def test_haven_sets_a_card_aside_until_the_next_turn(table):
    table.deal("gold")
    table.play("haven")   # the one card in hand is set aside, unasked
    assert table.names("hand") == [] and table.names("durations") == ["haven"]
    assert [c.name for c in table.game.program.funcs["my_cards"](table.game, table.me)].count("gold#30") == 1
    empty_handed(table)
    table.turn(("buy a card?", "Silver"))   # back in hand at the start of the turn: its 3 coins buy a Silver
    assert owned(table) == ["gold", "haven", "silver"]


def test_lighthouse_keeps_its_player_unaffected_by_attacks_until_their_next_turn(table):
    table.deal("copper", "copper", "copper", "copper", "copper", player=1)
    table.play("lighthouse", player=1)
    table.play("militia")
    assert len(table.names("hand", 1)) == 5   # Militia's attack does not reach P2


def test_lighthouse_protection_ends_when_its_player_starts_a_turn(table):
    table.play("lighthouse", player=1)
    table.deal(*["copper"] * 10, zone="deck", player=1)
    table.answered(table.game.program.procs["turn"](table.game, table.game.state.players[1]), (), lambda d: 0)
    assert len(table.names("hand", 1)) == 5 and table.names("durations", 1) == []
    table.play("militia", ("discard a card", "Copper"), ("discard a card", "Copper"))
    assert len(table.names("hand", 1)) == 3


def test_embargo_curses_whoever_buys_from_its_pile(table):
    table.game.start()   # the setup registers the pack's standing triggers (Embargo's is one)
    table.play("embargo_card", ("put an Embargo token", "Silver"))
    assert [c.name for c in table.game.state.zones["trash"]][-1].startswith("embargo_card")
    empty_handed(table)
    table.deal("copper", "copper", "copper")
    table.turn(("buy a card?", "Silver"))
    assert owned(table).count("curse") == 1 and owned(table).count("silver") == 1, owned(table)


def test_island_and_the_card_it_takes_stay_the_players_and_score(table):
    table.deal("province")
    table.play("island")
    assert table.names("island_mat") == ["island", "province"]
    assert table.game.program.funcs["vp"](table.game, table.me) == 2 + 6


def test_tactician_discards_the_hand_for_five_cards_a_buy_and_an_action_next_turn(table):
    table.deal("copper", "estate")
    table.play("tactician")
    assert table.names("hand") == [] and table.names("durations") == ["tactician"]
    empty_handed(table)
    table.deal(*["silver"] * 5, zone="deck")
    table.turn(("buy a card?", "Gold"), ("buy a card?", "Silver"))   # 10 coins and 2 Buys
    assert owned(table) == ["gold", "silver", "silver", "silver", "silver", "silver", "silver", "tactician"]


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2)])
def test_whole_games_with_every_seaside_card_agree_on_both_backends(every_pile, players, seed):
    (game, result), _ = played_on_both_backends(every_pile, players, seed)
    assert result["over"]
