"""tests/packs/coup: Coup written by a designer new to the language (the session's trial5): claims challenged
with `first q in others_from(claimant) may`, a typed proc `claim_stands` giving whether a claim stands, blocks
claimed and challenged in turn, the forced coup at 10 coins, the Ambassador's exchange; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import answer_by_prompt, pack_program, played_on_both_backends

PACK = str(Path(__file__).parent / "packs" / "coup")


program = pack_program(PACK)


def dealt(program, hands: list[list[str]]) -> Game:
    """A game whose Court holds every other character, each player holding the characters named (`duke_card`,
    `duke_card#2`, ...) and 2 coins."""
    game = Game(program, len(hands), 1)
    court = game.zone(None, "court")
    for entity in game.program.entities.values():
        if entity.kind == "character":
            game.move(entity, court)
    for p, names in zip(game.state.players, hands):
        p.stock["coins"] = 2
        for name in names:
            game.move(game.program.entities[name], game.zone(p, "influence"))
    return game


def turn(game: Game, answers: dict, player: int = 0) -> list:
    """P`player`'s turn, answering prompts that start with a key (anything else: the first option, "no")."""
    return answer_by_prompt(game.program.procs["turn"](game, game.state.players[player]), answers)


def coins(game: Game) -> list[int]:
    return [p.stock["coins"] for p in game.state.players]


def held(game: Game, player: int) -> list[str]:
    return [c.title for c in game.zone(game.state.players[player], "influence").items]


def lost(game: Game, player: int) -> list[str]:
    return [c.title for c in game.zone(game.state.players[player], "lost").items]


def test_the_court_holds_three_of_each_of_the_five_characters_and_each_player_two_and_2_coins(program):
    game = Game(program, 3, 1)
    titles = sorted(e.title for e in game.program.entities.values() if e.kind == "character")
    assert titles == sorted(["Duke", "Assassin", "Captain", "Ambassador", "Contessa"] * 3)
    first = game.start()
    assert first.prompt == "which action?" and first.player.name == "P1"
    assert [len(game.zone(p, "influence").items) for p in game.state.players] == [2, 2, 2] and coins(game) == [2, 2, 2]
    assert len(game.zone(None, "court").items) == 9


def test_tax_unchallenged_takes_three_coins(program):
    game = dealt(program, [["captain_card", "contessa_card"], ["duke_card", "assassin_card"]])
    asked = turn(game, {"which action?": "tax (Duke)"})
    assert coins(game) == [5, 2] and [d.prompt for d in asked][-1] == "challenge P1's claim to be the Duke?"


def test_a_bluff_caught_costs_the_bluffer_an_influence_of_their_choice_and_the_action(program):
    game = dealt(program, [["captain_card", "contessa_card"], ["duke_card", "assassin_card"]])
    turn(game, {"which action?": "tax (Duke)", "challenge": "yes", "lose which influence?": "Contessa"})
    assert coins(game) == [2, 2] and lost(game, 0) == ["Contessa"] and held(game, 0) == ["Captain"]


def test_a_proven_claim_costs_the_challenger_an_influence_and_the_card_is_replaced_from_the_court(program):
    game = dealt(program, [["duke_card", "contessa_card"], ["duke_card#2", "assassin_card"]])
    court = game.zone(None, "court")
    turn(game, {"which action?": "tax (Duke)", "challenge": "yes", "lose which influence?": "Assassin"})
    assert coins(game) == [5, 2] and lost(game, 1) == ["Assassin"] and len(held(game, 0)) == 2
    assert len(court.items) == 11 and "contessa_card" in [c.name for c in game.zone(game.state.players[0], "influence").items]


def test_the_duke_blocks_foreign_aid_and_a_block_may_itself_be_challenged(program):
    game = dealt(program, [["captain_card", "contessa_card"], ["ambassador_card", "assassin_card"]])
    turn(game, {"which action?": "foreign aid", "block": "yes"})
    assert coins(game) == [2, 2]   # blocked, nobody challenged the block
    game = dealt(program, [["captain_card", "contessa_card"], ["ambassador_card", "assassin_card"]])
    turn(game, {"which action?": "foreign aid", "block": "yes", "challenge": "yes", "lose which influence?": "Assassin"})
    assert coins(game) == [4, 2] and lost(game, 1) == ["Assassin"]   # a bluffing Duke caught: the aid is taken


def test_the_contessa_blocks_an_assassination_whose_three_coins_are_spent_all_the_same(program):
    game = dealt(program, [["assassin_card", "duke_card"], ["contessa_card", "captain_card"]])
    game.state.players[0].stock["coins"] = 3
    turn(game, {"which action?": "assassinate (Assassin)", "block": "yes"})
    assert coins(game) == [0, 2] and lost(game, 1) == [] and held(game, 1) == ["Contessa", "Captain"]
    game = dealt(program, [["assassin_card", "duke_card"], ["contessa_card", "captain_card"]])
    game.state.players[0].stock["coins"] = 3
    turn(game, {"which action?": "assassinate (Assassin)", "lose which influence?": "Captain"})
    assert lost(game, 1) == ["Captain"]


def test_the_captain_steals_two_coins_or_all_there_are_and_the_ambassador_blocks_it(program):
    game = dealt(program, [["captain_card", "duke_card"], ["contessa_card", "duke_card#2"]])
    game.state.players[1].stock["coins"] = 1
    turn(game, {"which action?": "steal (Captain)"})
    assert coins(game) == [3, 0]
    game = dealt(program, [["captain_card", "duke_card"], ["ambassador_card", "duke_card#2"]])
    asked = turn(game, {"which action?": "steal (Captain)", "block as": "Ambassador", "block": "yes"})
    assert coins(game) == [2, 2] and "block as which character?" in [d.prompt for d in asked]


def test_ten_coins_force_a_coup_and_losing_the_last_influence_knocks_out(program):
    game = dealt(program, [["captain_card", "duke_card"], ["contessa_card"], ["assassin_card", "duke_card#2"]])
    game.state.players[0].stock["coins"] = 10
    asked = turn(game, {"launch a coup": "P2"})
    assert [d.prompt for d in asked] == ["launch a coup against whom?"]   # no action is offered
    assert coins(game) == [3, 2, 2] and [p.name for p in game.state.out] == ["P2"]


def test_the_ambassador_exchanges_with_the_court_keeping_as_many_influences(program):
    game = dealt(program, [["ambassador_card", "duke_card"], ["contessa_card", "captain_card"]])
    asked = turn(game, {"which action?": "exchange (Ambassador)"})
    assert len(held(game, 0)) == 2 and len(game.zone(None, "court").items) == 11
    assert any(d.prompt == "return which card to the Court?" and len(d.options) == 4 for d in asked)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_random_games_keep_fifteen_characters_and_agree_on_both_backends(players):
    for game, result in played_on_both_backends(PACK, players, 11):
        zones = [game.zone(None, "court")] + [game.zone(p, z) for p in game.state.players for z in ("influence", "lost")]
        assert sum(len(z.items) for z in zones) == 15
        assert len(game.state.out) == players - 1
        assert all(len(game.zone(p, "lost").items) == 2 for p in game.state.out)
