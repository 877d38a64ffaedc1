"""tests/packs/splendor: Splendor written by a designer new to the language (the session's trial6): the bank
by player count, buying with bonuses and gold, the two-alike rule, the ten-token limit, the nobles' visits,
the end at 15 prestige after the round; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "splendor")
GEMS = ["diamond", "sapphire", "emerald", "ruby", "onyx"]


program = pack_program(PACK)


def entities(game: Game, kind: str) -> list:
    return [e for e in game.program.entities.values() if e.kind == kind]


def own(game: Game, *names: str, player: int = 0) -> None:
    """Put the cards named in the player's tableau (their bonuses count from then on)."""
    for name in names:
        game.move(game.program.entities[name], game.zone(game.state.players[player], "tableau"))


def hold(game: Game, player: int = 0, **gems: int) -> None:
    """Give the player these tokens straight from the bank."""
    p = game.state.players[player]
    for gem, n in gems.items():
        game.state.supply[gem] -= n - p.stock.get(gem, 0)
        p.stock[gem] = n


def test_ninety_cards_by_level_and_colour_and_ten_nobles(program):
    game = Game(program, 2, 1)
    cards = entities(game, "development")
    for level, per_colour, points in (("one", 8, {0, 1}), ("two", 6, {1, 2, 3}), ("three", 4, {3, 4, 5})):
        of_level = [c for c in cards if c.fields["level"] == level]
        assert len(of_level) == 5 * per_colour and {c.fields["points"] for c in of_level} == points
        for gem in GEMS:
            assert sum(c.fields["bonus"] == gem for c in of_level) == per_colour
    nobles = entities(game, "noble")
    assert len(nobles) == 10 and all(n.fields["points"] == 3 for n in nobles)


@pytest.mark.parametrize("players, gems", [(2, 4), (3, 5), (4, 7)])
def test_the_bank_holds_7_5_or_4_gems_of_a_colour_and_5_gold(program, players, gems):
    game = Game(program, players, 1)
    game.start()
    assert {g: game.state.supply[g] for g in GEMS} == dict.fromkeys(GEMS, gems) and game.state.supply["gold"] == 5
    assert len(game.zone(None, "nobles").items) == players + 1
    assert [len(game.zone(None, f"row[{l}]").items) for l in ("one", "two", "three")] == [4, 4, 4]


def test_bonuses_lower_the_cost_and_gold_pays_what_is_missing(program):
    # l2_diamond_3 costs 1 emerald, 4 ruby, 2 onyx (2 prestige)
    game = Game(program, 2, 1)
    card = game.program.entities["l2_diamond_3"]
    assert [card.fields[f"cost[{g}]"] for g in GEMS] == [0, 0, 1, 4, 2]
    own(game, "l1_ruby_1", "l1_ruby_2", "l1_onyx_1")   # two ruby bonuses, one onyx
    hold(game, ruby=1, onyx=1, gold=1)
    you = game.state.players[0]
    assert game.program.funcs["affords"](game, you, card) is False   # short of one ruby and one emerald: 2 > 1 gold
    hold(game, ruby=1, onyx=1, gold=2)
    run_proc(game, "buy", card)
    assert {g: you.stock.get(g, 0) for g in ("ruby", "onyx", "gold")} == {"ruby": 0, "onyx": 0, "gold": 0}
    assert you.stock["prestige"] == 2 and you.stock["cards_bought"] == 1
    assert card in game.zone(you, "tableau").items


def test_a_card_is_out_of_reach_when_gold_cannot_cover_the_shortfall(program):
    game = Game(program, 2, 1)
    card = game.program.entities["l3_onyx_2"]   # 7 ruby, 4 prestige
    hold(game, ruby=5, gold=1)
    assert game.program.funcs["affords"](game, game.state.players[0], card) is False
    hold(game, ruby=5, gold=2)
    assert game.program.funcs["affords"](game, game.state.players[0], card) is True


def test_two_alike_only_from_a_pile_of_four_or_more(program):
    game = Game(program, 2, 1)
    game.start()
    hold(game, player=1, ruby=1)   # three rubies left in a 2-player bank
    you = game.state.players[0]
    assert game.state.supply["ruby"] == 3 and game.state.supply["onyx"] == 4
    run_proc(game, "turn", answers=["take two gems of one colour", "Onyx"])
    assert you.stock["onyx"] == 2 and game.state.supply["onyx"] == 2


def test_ten_tokens_at_most_the_extras_returned(program):
    game = Game(program, 4, 1)
    hold(game, diamond=3, sapphire=3, emerald=3)
    you = game.state.players[0]
    # three different gems: each one past the tenth token is returned at once, the player choosing which
    asked = run_proc(game, "turn", answers=["take three different gems", "Ruby", "Onyx", "diamond", "Emerald", "diamond"])
    assert [d.prompt for d in asked].count("over the tokens cap of 10: discard 1 (1 to discard)") == 2
    assert {g: you.stock.get(g, 0) for g in GEMS} == {"diamond": 1, "sapphire": 3, "emerald": 4, "ruby": 1, "onyx": 1}
    assert game.state.supply["diamond"] == 7 - 1   # returned to the bank


def test_a_noble_visits_at_the_end_of_the_turn_one_a_turn_the_player_choosing(program):
    game = Game(program, 2, 1)
    game.start()
    nobles = game.zone(None, "nobles")
    for n in list(nobles.items):
        game.move(n, game.zone(None, "noble_deck"))
    for name in ("noble_diamond_sapphire", "noble_onyx_diamond"):
        game.move(game.program.entities[name], nobles)
    own(game, *[f"l1_diamond_{i}" for i in range(1, 5)], *[f"l1_sapphire_{i}" for i in range(1, 5)],
        *[f"l1_onyx_{i}" for i in range(1, 5)])
    you = game.state.players[0]
    asked = run_proc(game, "turn", answers=["take three different gems", "Ruby", "Onyx", "Emerald", "Noble OD"])
    assert asked[-1].prompt == "which noble visits?" and asked[-1].options == ["Noble DS", "Noble OD"]
    assert [n.name for n in game.zone(you, "visitors").items] == ["noble_onyx_diamond"] and you.stock["prestige"] == 3
    run_proc(game, "turn", answers=["take three different gems", "Ruby", "Onyx", "Emerald"])   # the other one, unasked
    assert you.stock["prestige"] == 6 and not nobles.items


def test_fifteen_prestige_ends_the_game_when_the_round_is_over(program):
    game = Game(program, 3, 2)
    decision = game.start()
    game.state.players[1].stock["prestige"] = 15   # P2 ends their turn with 15: P3 still plays
    turns = []
    for _ in range(60):
        if decision is None:
            break
        if decision.prompt == "your turn":
            turns.append(decision.player.name)
        decision = game.apply(decision.options[0])
    assert decision is None and turns == ["P1", "P2", "P3"]


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_random_games_end_at_15_prestige_and_agree_on_both_backends(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        best = max(p.stock["prestige"] for p in game.state.players)
        assert best >= 15
        tokens = {g: sum(p.stock.get(g, 0) for p in game.state.players) + game.state.supply[g] for g in GEMS}
        assert set(tokens.values()) == {{2: 4, 3: 5, 4: 7}[players]}
        assert all(sum(p.stock.get(g, 0) for g in GEMS + ["gold"]) <= 10 for p in game.state.players)


def test_a_card_reserved_face_up_is_known_to_all_one_from_a_deck_to_its_holder_only(program):
    game = Game(program, 2, 1)
    game.start()
    card = game.zone(None, "row[one]").items[0]
    run_proc(game, "reserve", answers=[card.label()])
    run_proc(game, "reserve", answers=["the top of deck[two] (unseen)"])
    theirs = game.view(1)["players"][0]["zones"]["reserved"]
    assert theirs["size"] == 2 and [k["name"] for k in theirs["known"]] == [card.name]
    assert game.state.players[0].stock["gold"] == 2


def test_no_reservation_and_no_gold_when_no_card_is_left_to_reserve(program):
    game = Game(program, 2, 1)
    game.start()
    away = game.zone(game.state.players[1], "tableau")
    for level in ("one", "two", "three"):
        for zone in (f"deck[{level}]", f"row[{level}]"):
            for card in list(game.zone(None, zone).items):
                game.move(card, away)
    asked = run_proc(game, "turn", answers=["take three different gems", "Ruby", "Onyx", "Emerald"])
    assert "reserve a card" not in asked[0].options and "take three different gems" in asked[0].options
