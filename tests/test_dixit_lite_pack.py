"""tests/packs/dixit_lite: Dixit written by a designer new to the language (the twenty-fourth session's trial32):
the storyteller's card and clue, the others' cards given and their votes cast in secret (never for their own
card), and the official scoring: all or none found it (storyteller 0, the others 2), else the storyteller and
each finder 3, and 1 a vote for each other player's card; the end at 30 points; both backends."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends, run_answering

PACK = str(Path(__file__).parent / "packs" / "dixit_lite")

program = pack_program(PACK)


def turn(program, votes: dict[int, int], seed: int = 1) -> tuple[Game, list, list]:
    """P1 tells about the first card of their hand and each other player gives theirs; `votes` says whose card
    (a seat, from 0) each voter (a seat) votes for. The game, the players' points after it and the vote decisions."""
    game = Game(program, 4, seed)
    game.start()
    players = game.state.players
    given = {p.index: game.zone(p, "hand").items[0] for p in players}
    votes_asked = []

    def answer(d) -> int:
        if d.prompt.startswith("which card is the storyteller's?"):
            votes_asked.append(d)
            return d.values.index(given[votes[d.player.index]])
        if d.prompt.startswith("which card"):
            return d.values.index(given[d.player.index])   # each player gives the first card of their hand
        if d.prompt.startswith("which clue"):
            return 0
        raise AssertionError(d.prompt)

    run_answering(program.procs["storyteller_turn"](game, players[0]), answer)
    game.given = given
    return game, [p.stock["points"] for p in players], votes_asked


def given_by(game: Game, d) -> object:
    """The card the voter of decision `d` gave."""
    return game.given[d.player.index]


def test_six_cards_each(program):
    game = Game(program, 5, 1)
    game.start()
    assert [len(game.zone(p, "hand").items) for p in game.state.players] == [6] * 5   # asked the first storyteller's card, nothing played yet


def test_some_found_it_storyteller_and_finders_three_and_a_point_a_vote(program):
    _game, points, asked = turn(program, {1: 0, 2: 0, 3: 1})
    assert points == [3, 4, 3, 0]   # P4 voted for P2's card


def test_everyone_found_it_the_storyteller_scores_nothing(program):
    _game, points, _ = turn(program, {1: 0, 2: 0, 3: 0})
    assert points == [0, 2, 2, 2]


def test_nobody_found_it_the_others_two_and_their_votes(program):
    _game, points, _ = turn(program, {1: 2, 2: 1, 3: 1})
    assert points == [0, 4, 3, 2]


def test_nobody_may_vote_for_their_own_card_and_every_voter_is_asked(program):
    game, _points, asked = turn(program, {1: 0, 2: 0, 3: 0})
    assert [d.player.index for d in asked] == [1, 2, 3]
    assert all(len(d.values) == 3 and given_by(game, d) not in d.values for d in asked)   # four cards on the table, less the voter's own


@pytest.mark.parametrize("players,seed", [(4, 1), (6, 3)])
def test_random_games_end_at_30_points_or_when_the_pile_runs_short(players, seed):
    (game, result), _ = played_on_both_backends(PACK, players, seed)
    top = max(p.stock["points"] for p in game.state.players)
    assert top >= 30 or len(game.zone(None, "deck").items) < players
