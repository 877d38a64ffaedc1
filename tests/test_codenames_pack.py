"""tests/packs/codenames: Codenames written by a designer new to the language (the sixteenth session's trial):
the key card as 25 identity cards face down in grid order, seen by the two spymasters alone; a clue's number
N gives up to N + 1 guesses, a wrong one ends the turn, the assassin loses at once; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import drive, pack_program, played_on_both_backends

PACK = str(Path(__file__).parent / "packs" / "codenames")


program = pack_program(PACK)


def keyed(program, first: list[str], players: int = 4) -> Game:
    """A game whose key card lists `first` for the first code names (`red_agent`, `red_agent#2`, ...),
    then every other identity card."""
    game = Game(program, players, 1)
    key = game.zone(None, "key")
    rest = [n for n, e in program.entities.items() if e.kind == "identity" and n not in first]
    for name in first + rest:
        game.move(program.entities[name], key)
    return game


def covered(game: Game) -> list[int]:
    return [i for i in range(1, 26) if game.state.gvars[f"covered[{i}]"]]


def team_turn(game: Game, team: int, answers: list[str]) -> list:
    return drive(game, game.program.procs["team_turn"](game, game.state.players[team - 1], team), answers)


def test_the_key_holds_9_8_7_1_and_only_the_spymasters_see_it(program):
    game = Game(program, 5, 3)
    first = game.start()
    assert first.player.name == "P1" and first.prompt == "clue: how many code names?"
    sides = [c.fields["side"] for c in game.zone(None, "key").items]
    assert [sides.count(s) for s in (1, 2, 0, 3)] == [9, 8, 7, 1]
    known = [len(game.view(i)["zones"]["key"]["known"]) for i in range(5)]
    assert known == [25, 25, 0, 0, 0]
    assert sorted(c["at"] for c in game.view(1)["zones"]["key"]["known"]) == list(range(1, 26))


def test_a_wrong_guess_ends_the_turn(program):
    game = keyed(program, ["red_agent", "bystander", "red_agent#2"])
    asked = team_turn(game, 1, ["2", "1", "2"])   # a clue for 2; the bystander stops the third guess
    assert [d.player.name for d in asked] == ["P1", "P3", "P3"] and covered(game) == [1, 2]
    assert game.messages[-1] == "P3 touches code name 2: Innocent bystander"
    # every player sees the cards turned over where they lie in the grid
    known = [(c["title"], c["at"]) for c in game.view(3)["zones"]["key"]["known"]]
    assert sorted(known) == [("Innocent bystander", 2), ("Red agent", 1)]


def test_a_clue_for_n_gives_at_most_n_plus_one_guesses(program):
    game = keyed(program, ["red_agent", "red_agent#2", "red_agent#3"])
    team_turn(game, 1, ["1", "1", "2"])   # no third question, though code name 3 is red too
    assert covered(game) == [1, 2]


def test_the_operatives_may_stop_after_a_right_guess_but_not_before_the_first(program):
    game = keyed(program, ["blue_agent", "blue_agent#2"])
    asked = team_turn(game, 2, ["3", "1", "none"])
    assert "none" not in asked[1].options and "none" in asked[2].options
    assert covered(game) == [1] and asked[1].player.name == "P4"


def test_the_assassin_ends_the_game_at_once(program):
    game = keyed(program, ["assassin", "red_agent"])
    team_turn(game, 1, ["4", "1"])   # four more guesses were allowed
    assert covered(game) == [1] and game.state.globals["loser"] == 1


def test_the_operatives_of_a_team_guess_in_turn(program):
    game = keyed(program, ["bystander", "bystander#2", "bystander#3"], players=5)
    guessers = [team_turn(game, 1, ["1", str(i)])[1].player.name for i in (1, 2, 3)]
    assert guessers == ["P3", "P5", "P3"]   # red is P1 (spymaster), P3 and P5
    assert team_turn(game, 2, ["1", "4"])[1].player.name == "P4"


@pytest.mark.parametrize("players,seed", [(4, 1), (5, 2), (6, 3), (8, 4)])
def test_random_games_end_with_one_whole_team_winning_and_agree_on_both_backends(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):   # (winners compared too)
        winners = {int(name[1:]) % 2 for name in result["winners"]}
        assert len(winners) == 1 and len(result["winners"]) == (players + (winners == {1})) // 2
        sides = [c.fields["side"] for c in game.zone(None, "key").items]
        left = {t: sum(1 for i, s in enumerate(sides, 1) if s == t and not game.state.gvars[f"covered[{i}]"])
                for t in (1, 2)}
        loser = game.state.globals["loser"]
        winning_team = 1 if winners == {1} else 2
        assert (loser == 3 - winning_team) if loser else left[winning_team] == 0
