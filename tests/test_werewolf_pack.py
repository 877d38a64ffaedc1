"""tests/packs/werewolf: One Night Ultimate Werewolf written by a designer new to the language (the sixteenth
session's trial): the cards used, the night in the printed order acting by the card dealt, the vote (nobody
dies without two votes, ties all die, the Hunter's shot) and the rulebook's winning teams; both backends."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game, GameEnded, outcome

from .conftest import answer_by_prompt, pack_program, played_on_both_backends, run_answering, run_proc

PACK = str(Path(__file__).parent / "packs" / "werewolf")


program = pack_program(PACK)


def dealt(program, cards: list[str], centre: list[str]) -> Game:
    """A game of len(cards) players, each dealt the card named (`werewolf`, `werewolf#2`, ...) and looking at
    it, as the setup does, the centre holding `centre`."""
    game = Game(program, len(cards), 1)
    for p, name in zip(game.state.players, cards):
        game.move(program.entities[name], game.zone(p, "held"))
        p.vars["dealt"] = program.entities[name]
        game.look(p, game.zone(p, "held"))
    for i, name in enumerate(centre, 1):
        game.move(program.entities[name], game.zone(None, f"centre[{i}]"))
    return game


def held(game: Game) -> list[str]:
    return [game.zone(p, "held").items[0].name for p in game.state.players]


def learnt(game: Game, seat: int, zone: str) -> list[str]:
    """The cards player `seat` (from 0) knows of a centre pile, or of their own card (`held`)."""
    view = game.view(seat)
    zones = view["players"][seat]["zones"] if zone == "held" else view["zones"]
    return [c["title"] for c in zones[zone].get("known", [])]


def votes(game: Game, targets: list[str]) -> None:
    """Everyone votes, P1 for targets[0] and so on."""
    script = iter(targets)
    run_answering(game.program.procs["day"](game, game.state.players[0]), lambda d: d.index_of(next(script)))


def dead(game: Game) -> list[str]:
    return [p.name for p in game.state.players if p.vars["dead"]]


def judged(game: Game) -> tuple[list[str], str]:
    """The final phase's judgement: it ends the game at once naming the winners (`end game won by`), with why."""
    with pytest.raises(GameEnded):
        run_proc(game, "judge")
    verb, named = game.state.sudden
    assert verb == "won"
    return [p.name for p in named], game.state.reason


def test_three_players_use_the_first_game_of_the_rulebook(program):
    game = Game(program, 3, 1)
    game.start()
    cards = [c.title for p in game.state.players for c in game.zone(p, "held").items]
    cards += [c.title for i in (1, 2, 3) for c in game.zone(None, f"centre[{i}]").items]
    assert sorted(cards) == sorted(["Werewolf", "Werewolf", "Seer", "Robber", "Troublemaker", "Villager"])
    assert all(learnt(game, i, "held") == [cards[i]] for i in range(3))   # each looked at their own card


def test_the_night_runs_in_the_printed_order_by_the_card_dealt(program):
    game = dealt(program, ["robber", "troublemaker", "drunk", "insomniac", "werewolf"],
                 ["seer", "villager", "werewolf#2"])
    asked = answer_by_prompt(program.procs["night"](game, game.state.players[0]), {
        "lone Werewolf": "3", "Robber": "P5", "Troublemaker: swap": "P1", "Troublemaker: with": "P4",
        "Drunk": "1"})
    assert [d.player.name for d in asked] == ["P5", "P1", "P2", "P2", "P3"]
    assert learnt(game, 4, "centre[3]") == ["Werewolf"]   # the lone wolf looked at a centre card
    # the Robber took the Werewolf and saw it; the Troublemaker then swapped him with the Insomniac;
    # the Drunk took the Seer from the centre; the Insomniac wakes a Werewolf and sees it
    assert held(game) == ["insomniac", "troublemaker", "seer", "werewolf", "robber"]
    assert game.zone(None, "centre[1]").items[0].name == "drunk"
    assert learnt(game, 3, "held") == ["Werewolf"]
    # the Robber did not see the Troublemaker: he still believes he holds the Werewolf he looked at
    assert learnt(game, 0, "held") == ["Werewolf"]
    # the Drunk does not see his new card, and knows where he put his own
    assert learnt(game, 2, "held") == [] and learnt(game, 2, "centre[1]") == ["Drunk"]


def test_nobody_dies_when_nobody_has_two_votes_and_then_the_werewolves_win(program):
    game = dealt(program, ["werewolf", "seer", "villager"], ["robber", "troublemaker", "werewolf#2"])
    answer_by_prompt(program.procs["day"](game, game.state.players[0]), {})   # everyone votes the first other
    assert [p.stock["votes"] for p in game.state.players] == [2, 1, 0] and dead(game) == ["P1"]
    assert judged(game) == (["P2", "P3"], "the village wins")   # a Werewolf died


def test_the_tanner_who_dies_wins_and_the_werewolves_cannot(program):
    game = dealt(program, ["tanner", "werewolf", "villager"], ["robber", "seer", "villager#2"])
    # P2 and P3 vote for the Tanner, the Tanner for P2
    answer_by_prompt(program.procs["day"](game, game.state.players[0]), {})
    assert dead(game) == ["P1"]
    assert judged(game) == (["P1"], "neither the village nor the werewolves win")


def test_the_hunter_takes_the_player_he_voted_for(program):
    game = dealt(program, ["hunter", "villager", "werewolf"], ["robber", "seer", "villager#2"])
    votes(game, ["P3", "P1", "P1"])
    # P1 votes P3, P2 and P3 vote P1: the Hunter dies and shoots P3, the Werewolf
    assert dead(game) == ["P1", "P3"]
    assert judged(game) == (["P1", "P2"], "the village wins")


def test_with_no_werewolf_among_the_players_the_village_wins_if_nobody_dies(program):
    game = dealt(program, ["villager", "seer", "robber", "minion"], ["werewolf", "werewolf#2", "drunk"])
    votes(game, ["P2", "P3", "P4", "P1"])   # a vote each: nobody dies
    assert dead(game) == [] and judged(game) == (["P1", "P2", "P3"], "the village wins")   # not the Minion: nobody else died


def test_with_no_werewolf_among_the_players_and_a_death_nobody_wins(program):
    # (with a `won` counter feeding `winner most won`, every seat tied at 0 and "won"; `end game won by` a list
    # the judgement leaves empty says that nobody did, neither a draw nor a shared win)
    game = dealt(program, ["villager", "seer", "robber"], ["werewolf", "werewolf#2", "drunk"])
    votes(game, ["P2", "P1", "P2"])   # P2 has two votes and dies; no Werewolf was among the players
    assert dead(game) == ["P2"]
    assert judged(game) == ([], "neither the village nor the werewolves win")
    result = game.result()
    assert result["winners"] == [] and result["sudden"] == "won" and "draw" not in result
    assert outcome(result) == "nobody wins (at once: neither the village nor the werewolves win)"


@pytest.mark.parametrize("players,seed", [(3, 1), (5, 2), (7, 3), (10, 4)])
def test_random_games_agree_on_both_backends(players, seed):
    for game, _result in played_on_both_backends(PACK, players, seed):   # (winners compared too)
        cards = [c.name for p in game.state.players for c in game.zone(p, "held").items]
        cards += [c.name for i in (1, 2, 3) for c in game.zone(None, f"centre[{i}]").items]
        assert len(set(cards)) == players + 3
