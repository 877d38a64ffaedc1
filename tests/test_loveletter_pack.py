"""tests/packs/loveletter: Love Letter written by a designer new to the language (the session's trial that gave
W545, the copies a `match` case meets, and the E100/E207 hints), with the rulebook's cards: the Guard's guess,
the Baron's duel, the Handmaid's protection, the Prince's discard, the King's swap, the Countess's rule; the
16 cards kept; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import answer_by_prompt, pack_program, played_on_both_backends

PACK = str(Path(__file__).parent / "packs" / "loveletter")


program = pack_program(PACK)


def dealt(program, hands: list[str], players: int = 2) -> Game:
    """A game whose deck holds every card, each player holding the card named (`guard`, `guard#2`, ...)."""
    game = Game(program, players, 1)
    deck = game.zone(None, "deck")
    for entity in game.program.entities.values():
        if entity.kind == "card":
            game.move(entity, deck)
    for p, name in zip(game.state.players, hands):
        game.move(game.program.entities[name], game.zone(p, "hand"))
    return game


def play(game: Game, card: str, answers: dict, player: int = 0) -> list:
    """P`player` plays `card` (moved to their hand first), answering prompts that start with a key."""
    you = game.state.players[player]
    c = game.program.entities[card]
    game.move(c, game.zone(you, "hand"))
    return answer_by_prompt(game.program.procs["play_card"](game, you, c), answers)


def hand(game: Game, player: int) -> list[str]:
    return [c.name for c in game.zone(game.state.players[player], "hand").items]


def out(game: Game) -> list[str]:
    return [p.name for p in game.state.out]


def test_the_deck_holds_the_16_cards_of_the_first_edition(program):
    game = Game(program, 2, 1)
    cards = [e for e in game.program.entities.values() if e.kind == "card"]
    assert len(cards) == 16 and sum(e.fields["value"] for e in cards) == 5 * 1 + 2 * (2 + 3 + 4 + 5) + 6 + 7 + 8


def test_a_guard_naming_the_card_knocks_its_holder_out(program):
    game = dealt(program, ["priest", "baron"])
    play(game, "guard", {"guess whose card?": "P2", "name a card": "Baron"})
    assert out(game) == ["P2"] and hand(game, 1) == []
    game = dealt(program, ["priest", "baron"])
    play(game, "guard", {"guess whose card?": "P2", "name a card": "King"})
    assert out(game) == [] and hand(game, 1) == ["baron"]


def test_the_guard_names_any_card_but_a_guard(program):
    game = dealt(program, ["priest", "guard#2"])
    asked = play(game, "guard", {"guess whose card?": "P2", "name a card": "Priest"})
    named = next(d for d in asked if d.prompt == "name a card")
    assert named.options == ["Priest", "Baron", "Handmaid", "Prince", "King", "Countess", "Princess"]


def test_the_baron_knocks_out_the_lower_hand_and_a_tie_nobody(program):
    game = dealt(program, ["priest", "king"])
    play(game, "baron", {"compare hands with whom?": "P2"})
    assert out(game) == ["P1"]
    game = dealt(program, ["prince", "prince#2"])
    play(game, "baron", {"compare hands with whom?": "P2"})
    assert out(game) == []


def test_a_player_the_handmaid_protects_cannot_be_chosen(program):
    game = dealt(program, ["priest", "princess"])
    with game.running("round"):   # (the protection lasts until P2's next turn or the end of this round)
        play(game, "handmaid", {}, player=1)
        asked = play(game, "guard", {})
        assert [d.prompt for d in asked] == []   # the only opponent is protected: nothing to choose, nothing happens
        assert out(game) == [] and hand(game, 1) == ["princess"]
        game.emit("turn_start", game.state.players[0], {})   # P1's own turn ends nothing
        assert [d.prompt for d in play(game, "priest", {})] == []
        game.emit("turn_start", game.state.players[1], {})   # P2's next turn: the protection is over
        assert [d.prompt for d in play(game, "priest", {"look at whose hand?": "P2"})] == ["look at whose hand?"]
        play(game, "handmaid", {}, player=1)
    # the round is over: the Handmaid played in it protects no more
    assert [d.prompt for d in play(game, "priest", {"look at whose hand?": "P2"})] == ["look at whose hand?"]
    assert not game.state.modifiers and not game.ending


def test_the_prince_on_the_princess_knocks_her_holder_out(program):
    game = dealt(program, ["priest", "princess"])
    play(game, "prince", {"which player discards their hand?": "P2"})
    assert out(game) == ["P2"]
    game = dealt(program, ["priest", "countess"])
    play(game, "prince", {"which player discards their hand?": "P2"})
    assert out(game) == [] and len(hand(game, 1)) == 1 and hand(game, 1) != ["countess"]


def test_the_king_trades_hands(program):
    game = dealt(program, ["priest", "princess"])
    play(game, "king", {"trade hands with whom?": "P2"})
    assert hand(game, 0) == ["princess"] and hand(game, 1) == ["priest"]


def test_the_countess_is_played_beside_the_king_or_a_prince(program):
    for drawn, offered in (("king", ["Countess"]), ("prince", ["Countess"]), ("baron", ["Countess", "Baron"])):
        game = dealt(program, ["countess", "guard"])
        you, deck = game.state.players[0], game.zone(None, "deck")
        game.move(game.program.entities[drawn], deck, top=True)   # the card the turn draws
        asked = answer_by_prompt(game.program.procs["turn"](game, you), {}, with_forced=True)
        assert asked[0].prompt == "play which card?" and asked[0].options == offered, drawn
        assert [c.name for c in game.zone(you, "discards").items] == ["countess"] and hand(game, 0) == [drawn]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_16_cards_and_agree_on_both_backends(players):
    for game, result in played_on_both_backends(PACK, players, 7):
        zones = [game.zone(None, z) for z in ("deck", "set_aside", "face_up")] + \
            [game.zone(p, z) for p in game.state.players for z in ("hand", "discards")]
        assert sum(len(z.items) for z in zones) == 16
        assert max(p.stock["tokens"] for p in game.state.players) == {2: 7, 3: 5, 4: 4}[players]
