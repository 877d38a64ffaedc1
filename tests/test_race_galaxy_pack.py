"""tests/packs/race_galaxy: Race for the Galaxy written by a designer new to the language: actions chosen
in secret at once, a phase run only when someone chose it, the chooser's bonus, a card paid for with
cards, a 6-cost development's bonus; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import answer_by_prompt, pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "race_galaxy")


program = pack_program(PACK)


def laid(game: Game, player: int, *cards: str) -> None:
    for name in cards:
        game.move(game.program.entities[name], game.zone(game.state.players[player], "tableau"))


def score(game: Game, player: int = 0) -> int:
    return game.program.funcs["score"](game, game.state.players[player])


def test_galactic_federation_scores_two_per_six_cost_development_and_one_per_other(program):
    game = Game(program, 2, 1)
    laid(game, 0, "galactic_federation", "space_marines", "investment_credits", "mining_world")
    # cards 0 + 1 + 1 + 2, the bonus 2 (itself) + 1 + 1
    assert score(game) == 4 + 4


def test_consume_gives_a_vp_a_good_and_the_chooser_two(program):
    game = Game(program, 2, 1)
    game.state.globals["pool"] = 24
    for player in (0, 1):
        laid(game, player, "mining_world" if player == 0 else "mining_world#2")
        game.state.players[player].vars["chosen"] = "consume" if player == 0 else "produce"
    for c in ("mining_world", "mining_world#2"):
        game.program.entities[c].fields["good_on"] = True
    run_proc(game, "run_consume", player=0)
    run_proc(game, "run_consume", player=1)
    assert [p.stock["chips"] for p in game.state.players] == [2, 1] and game.state.globals["pool"] == 21


def in_hand(game: Game, player: int, *cards: str) -> None:
    for name in cards:
        game.move(game.program.entities[name], game.zone(game.state.players[player], "hand"))


def test_a_development_is_paid_for_with_cards_less_the_bonus_and_investment_credits(program):
    game = Game(program, 2, 1)
    you = game.state.players[0]
    you.vars["chosen"] = "develop"
    laid(game, 0, "investment_credits")
    in_hand(game, 0, "replicant_robots", "old_earth", "gene_lab", "novelty_world")
    answer_by_prompt(game.program.procs["run_develop"](game, you),
                     {"develop which card?": "Replicant Robots", "pay with which card from P1.hand (1": "Old Earth"})
    # cost 4, one less for the develop bonus, one less for Investment Credits: two cards paid
    assert [c.name for c in game.zone(you, "tableau").items] == ["investment_credits", "replicant_robots"]
    assert [c.name for c in game.zone(you, "hand").items] == ["novelty_world"]


def test_replicant_robots_make_a_world_two_cards_cheaper_and_the_settle_bonus_draws_one(program):
    game = Game(program, 2, 1)
    you = game.state.players[0]
    you.vars["chosen"] = "settle"
    laid(game, 0, "replicant_robots")
    in_hand(game, 0, "alien_ruins", "old_earth", "gene_lab", "novelty_world")
    answer_by_prompt(game.program.procs["run_settle"](game, you),
                     {"settle which world?": "Alien ruins"})
    tableau = game.zone(you, "tableau").items
    assert [c.name for c in tableau] == ["replicant_robots", "alien_ruins"]
    assert game.program.funcs["goods"](game, you) == 1   # a windfall world comes with its good
    # 5 less 2: three cards paid of the three left, and one drawn
    assert len(game.zone(you, "hand").items) == 1


def test_a_military_world_needs_the_military_and_costs_no_card(program):
    game = Game(program, 2, 1)
    you = game.state.players[0]
    in_hand(game, 0, "pirate_world", "novelty_world", "gene_lab")
    you.stock["military"] = 3
    asked = answer_by_prompt(game.program.procs["run_settle"](game, you), {"settle which world?": "Novelty world", "pay with": "Gene Lab world"})
    assert asked[0].options == ["Novelty world", "Gene Lab world", "none"]   # defence 4: not yet
    you.stock["military"] = 4
    answer_by_prompt(game.program.procs["run_settle"](game, you), {"settle which world?": "Pirate world"})
    assert game.program.entities["pirate_world"] in game.zone(you, "tableau").items


@pytest.mark.parametrize("players, seed", [(2, 1), (4, 2)])
def test_random_games_end_at_twelve_cards_or_an_empty_pool_and_agree_on_both_backends(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        tableaux = [len(game.zone(p, "tableau").items) for p in game.state.players]
        assert max(tableaux) >= 12 or game.state.globals["pool"] == 0
