"""tests/packs/jaipur: Jaipur written by a designer new to the language (branch trial2), with the rulebook's
rules as assertions: the goods tokens taken from the most valuable down, the precious goods sold two or
more at once, a bonus token for three cards, an exchange that gives back no good it takes and keeps the
hand at 7, the camel token, the 55 cards kept; both backends alike, lint clean and `fmt` stable."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import answer_by_prompt, drive, pack_program, played_on_both_backends

PACK = Path(__file__).parent / "packs" / "jaipur"


program = pack_program(PACK)


def holding(program, hand: list[str], market: list[str] = (), herd: list[str] = ()) -> Game:
    """A game whose deck holds every card and bonus token sorted by size, P1 holding the cards named."""
    game = Game(program, 2, 1)
    you = game.state.players[0]
    for e in program.entities.values():
        if e.kind == "card":
            game.move(e, game.zone(None, "deck"))
        else:
            game.move(e, game.zone(None, f"bonus_pile[{e.fields['cards']}]"))
    for names, zone in ((hand, game.zone(you, "hand")), (market, game.zone(None, "market")),
                        (herd, game.zone(you, "herd"))):
        for name in names:
            game.move(program.entities[name], zone)
    return game


def rupees(game: Game, player: int = 0) -> int:
    return game.state.players[player].stock["rupees"]


def camels(decision) -> int:
    """How many camels of the herd a decision offers (`Camel (1 of 2)`, ...)."""
    return sum(1 for o in decision.options if o.startswith("Camel"))


def names(zone) -> list[str]:
    return [c.name for c in zone.items]


def test_the_deck_holds_55_cards_and_the_tokens_their_printed_values(program):
    cards = [e for e in program.entities.values() if e.kind == "card"]
    assert len(cards) == 55 and sum(1 for e in cards if e.fields["good"] == "camel") == 11
    bonus = sorted(e.fields["worth"] for e in program.entities.values() if e.kind == "bonus_token" and e.fields["cards"] == 5)
    assert bonus == [8, 8, 9, 10, 10]


def test_three_leather_sold_take_the_three_best_tokens_and_a_bonus_token(program):
    game = holding(program, ["goods_leather", "goods_leather#2", "goods_leather#3", "goods_cloth"])
    you = game.state.players[0]
    answer_by_prompt(program.procs["sell"](game, you), {"sell which good?": "Leather"})   # the first card each time
    bonus = game.zone(you, "bonuses").items
    assert len(bonus) == 1 and bonus[0].fields["cards"] == 3
    assert rupees(game) == 4 + 3 + 2 + bonus[0].fields["worth"] and game.state.globals["tokens_taken[leather]"] == 3
    assert names(game.zone(you, "hand")) == ["goods_cloth"]


def test_a_lone_diamond_cannot_be_sold(program):
    game = holding(program, ["goods_diamond", "goods_cloth"])
    asked = answer_by_prompt(program.procs["sell"](game, game.state.players[0]), {}, with_forced=True)
    assert asked[0].options == ["Cloth"] and rupees(game) == 5   # the one good sold alone is cloth


def test_tokens_run_out_and_later_sales_earn_nothing(program):
    game = holding(program, ["goods_silver", "goods_silver#2"])
    game.state.globals["tokens_taken[silver]"] = 4   # one silver token left
    answer_by_prompt(program.procs["sell"](game, game.state.players[0]), {})
    assert rupees(game) == 5 and game.state.players[0].stock["goods_tokens"] == 1   # both sold, one token
    assert names(game.zone(game.state.players[0], "hand")) == []


def test_an_exchange_gives_back_no_good_it_takes(program):
    game = holding(program, ["goods_spice", "goods_leather"], market=["goods_spice#2", "goods_gold", "goods_silver"],
                   herd=["goods_camel"])
    you = game.state.players[0]
    asked = answer_by_prompt(program.procs["exchange"](game, you), {"take which goods": "[Spice, Gold]"})
    given = next(d for d in asked if d.prompt.startswith("give back"))
    assert "Spice" not in given.options and set(given.options) == {"Leather", "Camel"}
    assert sorted(names(game.zone(you, "hand"))) == sorted(["goods_spice", "goods_spice#2", "goods_gold"])


def test_an_exchange_that_would_leave_eight_cards_in_hand_must_give_back_goods(program):
    hand = ["goods_cloth", "goods_cloth#2", "goods_cloth#3", "goods_spice", "goods_spice#2", "goods_spice#3",
            "goods_leather"]
    game = holding(program, hand, market=["goods_gold", "goods_silver", "goods_camel"], herd=["goods_camel#2",
                                                                                              "goods_camel#3"])
    you = game.state.players[0]
    asked = answer_by_prompt(program.procs["exchange"](game, you), {"take which goods": "[Gold, Silver]"}, True)
    given = [d for d in asked if d.prompt.startswith("give back")]
    assert given and all(camels(d) == 0 for d in given)   # 7 in hand: camels would leave 9
    assert len(game.zone(you, "hand").items) == 7 and len(game.zone(you, "herd").items) == 2


def test_a_camel_given_back_first_leaves_the_rest_to_come_from_the_hand(program):
    hand = ["goods_cloth", "goods_cloth#2", "goods_cloth#3", "goods_spice", "goods_spice#2", "goods_leather"]
    game = holding(program, hand, market=["goods_gold", "goods_silver", "goods_camel"], herd=["goods_camel#2",
                                                                                              "goods_camel#3"])
    you = game.state.players[0]
    # 6 in hand, 2 taken: one of the two given back must come from the hand; a camel first, then no camel
    asked = drive(game, program.procs["exchange"](game, you), ["Camel", "Leather"])   # the one set to take: no question
    given = [d for d in asked if d.prompt.startswith("give back")]
    assert camels(given[0]) == 2 and camels(given[1]) == 0
    assert len(game.zone(you, "hand").items) == 7 and len(game.zone(you, "herd").items) == 1


def test_a_seventh_card_may_not_be_taken_by_a_full_hand(program):
    game = holding(program, [f"goods_leather#{n}" for n in range(2, 9)], market=["goods_gold"])
    assert answer_by_prompt(program.procs["take_one"](game, game.state.players[0]), {}, with_forced=True) == []
    assert len(game.zone(None, "market").items) == 1


def test_the_larger_herd_takes_the_camel_token_and_the_richer_player_a_seal(program):
    game = holding(program, [], herd=["goods_camel", "goods_camel#2"])
    game.move(program.entities["goods_camel#3"], game.zone(game.state.players[1], "herd"))
    game.state.players[1].stock["rupees"] = 4
    answer_by_prompt(program.procs["end_of_round"](game, game.state.players[0]), {})
    assert [rupees(game, 0), rupees(game, 1)] == [5, 4]
    assert [p.stock["seals"] for p in game.state.players] == [1, 0] and game.state.gvars["starter"].name == "P2"


def test_a_tie_on_rupees_goes_to_more_bonus_tokens_and_a_tie_of_herds_to_nobody(program):
    game = holding(program, [], herd=["goods_camel"])
    game.move(program.entities["goods_camel#2"], game.zone(game.state.players[1], "herd"))
    game.move(program.entities["bonus_three_1"], game.zone(game.state.players[1], "bonuses"))
    for p in game.state.players:
        p.stock["rupees"] = 10
    answer_by_prompt(program.procs["end_of_round"](game, game.state.players[0]), {})
    assert [rupees(game, 0), rupees(game, 1)] == [10, 10]
    assert [p.stock["seals"] for p in game.state.players] == [0, 1]


@pytest.mark.parametrize("seed", range(4))
def test_random_games_keep_the_cards_and_agree_on_both_backends(seed):
    for game, _result in played_on_both_backends(PACK, 2, seed):
        places = [game.zone(None, z) for z in ("deck", "market", "discard")] + \
            [game.zone(p, z) for p in game.state.players for z in ("hand", "herd")]
        assert sum(len(z.items) for z in places) == 55
        assert max(p.stock["seals"] for p in game.state.players) == 2
