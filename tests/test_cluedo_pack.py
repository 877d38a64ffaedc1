"""tests/packs/cluedo: Cluedo written by a designer new to the language (trial18): the envelope of one
suspect, one weapon and one room; a suggestion disproved by the first player to the left who can, who shows
one card of their choice to the suggester alone; an accusation that wins or puts the accuser out, who still
shows cards; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game, GameEnded

from .conftest import answer_by_prompt, pack_program, played_on_both_backends, screens

PACK = Path(__file__).parent / "packs" / "cluedo"


program = pack_program(PACK)


def dealt(program, hands: list[list[str]], envelope=("plum", "dagger", "study_card"), at="hall") -> Game:
    """A game whose envelope and hands hold the cards named; the players stand in the room `at`."""
    game = Game(program, len(hands), 1)
    entities = game.program.entities
    for name in envelope:
        game.move(entities[name], game.zone(None, "envelope"))
    for p, names in zip(game.state.players, hands):
        for name in names:
            game.move(entities[name], game.zone(p, "hand"))
        p.vars["at"] = at
    return game


def run(game: Game, proc: str, *args, answers: dict, player: int = 0) -> list:
    you = game.state.players[player]
    return answer_by_prompt(game.program.procs[proc](game, you, *args), answers)


def test_the_envelope_holds_one_suspect_one_weapon_one_room_and_the_rest_is_dealt(program):
    for players, sizes in ((3, [6, 6, 6]), (4, [5, 5, 4, 4]), (5, [4, 4, 4, 3, 3]), (6, [3] * 6)):
        game = Game(program, players, 7)
        answer_by_prompt(game.program.procs["deal"](game, game.state.players[0]), {})
        envelope = game.zone(None, "envelope").items
        assert sorted(c.fields["category"] for c in envelope) == ["room", "suspect", "weapon"]
        assert [len(game.zone(p, "hand").items) for p in game.state.players] == sizes
        assert not game.zone(None, "deck").items


def test_the_first_player_to_the_left_who_can_shows_one_card_to_the_suggester_alone(program):
    # P1 suggests Green with the Rope in the Hall; P2 holds none of them, P3 holds two, P4 one
    game = dealt(program, [["kitchen_card"], ["lounge_card"], ["green", "rope"], ["hall_card"]])
    e = game.program.entities
    asked = run(game, "suggest", e["green"], e["rope"], answers={"show which card": "Rope"})
    shown = [d for d in asked if d.prompt.startswith("show which card")]
    assert len(shown) == 1 and shown[0].options == ["Reverend Green", "Rope"]   # P3 chooses which
    p1, p2, p3, p4 = screens(game, seats=(0, 1, 2, 3))
    assert "Rope" in p1 and "Reverend Green" not in p1                     # the suggester sees the card shown
    assert "Rope" not in p2 and "Rope" not in p4                           # nobody else does
    assert "P3 shows P1 a card" in game.messages


def test_the_asking_goes_round_from_the_suggesters_left(program):
    # P3 suggests: P4 is asked first, then P1
    game = dealt(program, [["green"], ["rope"], ["kitchen_card"], ["lounge_card"]])
    e = game.program.entities
    run(game, "suggest", e["green"], e["rope"], answers={}, player=2)
    assert "P1 shows P3 a card" in game.messages


def test_nobody_disproves_when_nobody_holds_a_card_named(program):
    game = dealt(program, [["kitchen_card"], ["lounge_card"], ["library_card"]])
    e = game.program.entities
    assert [d.prompt for d in run(game, "suggest", e["plum"], e["dagger"], answers={})] == []
    assert "P1: nobody can disprove it" in game.messages


def test_a_right_accusation_wins_and_a_wrong_one_puts_the_accuser_out(program):
    game = dealt(program, [["kitchen_card"], ["lounge_card"], ["library_card"]])
    with pytest.raises(GameEnded):
        run(game, "accuse", answers={"accuse which": "Professor Plum", "with which": "Dagger", "in which": "Study"})
    assert game.state.sudden == ("won", (game.state.players[0],)) and game.state.reason == "P1 solves the murder"
    game = dealt(program, [["kitchen_card"], ["lounge_card"], ["library_card"]])
    run(game, "accuse", answers={"accuse which": "Professor Plum", "with which": "Rope", "in which": "Study"})
    assert game.state.retired == [game.state.players[0]] and game.state.out == []   # retired, not knocked out
    assert game.state.reason is None


def test_a_player_out_still_shows_cards(program):
    game = dealt(program, [["kitchen_card"], ["rope"], ["library_card"]])
    e = game.program.entities
    run(game, "accuse", answers={"accuse which": "Mrs White", "with which": "Rope", "in which": "Study"},
        player=1)
    assert game.state.retired == [game.state.players[1]]
    run(game, "suggest", e["green"], e["rope"], answers={})
    assert "P2 shows P1 a card" in game.messages
    p1, p3 = screens(game, seats=(0, 2))
    assert "your Hand: [Kitchen]" in p1 and "Rope" in p1 and "Rope" not in p3   # the card was shown, to P1 alone


@pytest.mark.parametrize("players,seed", [(3, 1), (6, 2)])
def test_played_alike_on_both_backends(players, seed):
    (game, result), _ = played_on_both_backends(PACK, players, seed)
    # the one who accused right wins at once; when every accusation was wrong, nobody does
    solved = result["reason"].endswith("solves the murder")
    assert result["sudden"] == "won" and "draw" not in result
    assert result["winners"] == ([result["reason"].split()[0]] if solved else [])
    assert solved or result["reason"] == "every accusation was wrong" and set(game.state.retired) == set(game.state.players)
