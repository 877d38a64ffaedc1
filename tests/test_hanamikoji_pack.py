"""tests/packs/hanamikoji: Hanamikoji written by a designer new to the language (branch trial34), with the
rulebook's rules as assertions: the 21 items (as many as each geisha's charm), the opponent's pick of a gift of
three and of one of two pairs, each action once a round, a geisha won by majority and kept on a tie, 11 charm
points winning before four geishas, and random games alike on both backends."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import answer_by_prompt, pack_program, played_on_both_backends

PACK = Path(__file__).parent / "packs" / "hanamikoji"


program = pack_program(PACK)


def holding(game: Game, player: int, zone: str, cards: list[str]) -> None:
    """Put the cards named (`pink_item`, `pink_item#2`) in a player's zone."""
    for name in cards:
        game.move(game.program.entities[name], game.zone(game.state.players[player], zone))


def names(game: Game, player: int, zone: str) -> list[str]:
    return sorted(c.name for c in game.zone(game.state.players[player], zone).items)


def test_each_geisha_has_as_many_items_as_her_charm(program):
    items = [e for e in program.entities.values() if e.kind == "item"]
    assert len(items) == 21
    assert sorted(sum(1 for e in items if e.fields["geisha"] == g) for g in
                  ("purple", "red", "yellow", "blue", "orange", "green", "pink")) == [2, 2, 2, 3, 3, 4, 5]


def test_the_opponent_takes_one_card_of_a_gift_and_the_giver_the_other_two(program):
    game = Game(program, 2, 1)
    holding(game, 0, "hand", ["pink_item", "green_item", "red_item", "blue_item"])   # offers the first three
    asked = answer_by_prompt(program.procs["give_gift"](game, game.state.players[0]),
                             {"take which card": "Green item"})
    taking = next(d for d in asked if d.prompt.startswith("take which card"))
    assert taking.player == game.state.players[1]   # the opponent chooses, among the three offered
    assert sorted(taking.options) == ["Green item", "Pink item", "Red item"]
    assert names(game, 1, "side") == ["green_item"]
    assert names(game, 0, "side") == ["pink_item", "red_item"]
    assert names(game, 0, "hand") == ["blue_item"]


def test_the_opponent_takes_one_pair_of_a_competition_and_the_giver_the_other(program):
    game = Game(program, 2, 1)
    holding(game, 0, "hand", ["pink_item", "pink_item#2", "green_item", "red_item", "blue_item"])
    asked = answer_by_prompt(program.procs["compete"](game, game.state.players[0]),
                             {"take which pair": "Green item, Red item"})
    choosing = next(d for d in asked if d.prompt.startswith("take which pair"))
    assert choosing.player == game.state.players[1]
    assert choosing.options == ["Pink item, Pink item", "Green item, Red item"]
    assert names(game, 1, "side") == ["green_item", "red_item"]
    assert names(game, 0, "side") == ["pink_item", "pink_item#2"]


def test_each_action_is_taken_once_a_round(program):
    game = Game(program, 2, 1)
    you = game.state.players[0]
    game.move(program.entities["pink_item"], game.zone(None, "deck"))
    game.move(program.entities["red_item"], game.zone(None, "deck"))
    holding(game, 0, "hand", ["green_item", "green_item#2", "blue_item", "blue_item#2"])

    secret = "Secret: keep a card face down"
    asked = answer_by_prompt(program.procs["turn"](game, you), {"which action": secret})
    assert len(next(d for d in asked if d.prompt == "which action?").options) == 4
    assert len(game.zone(you, "secret_card").items) == 1
    asked = answer_by_prompt(program.procs["turn"](game, you), {})
    assert next(d for d in asked if d.prompt == "which action?").options == [   # the same round: three left
        "Trade-off: discard two cards face down", "Gift: offer three cards, the opponent takes one",
        "Competition: offer two pairs, the opponent takes one"]


def test_a_geisha_goes_to_the_majority_and_stays_on_a_tie(program):
    game = Game(program, 2, 1)
    a, b = game.state.players
    game.state.gvars["favour[blue]"] = b   # won in an earlier round
    holding(game, 0, "side", ["pink_item", "pink_item#2", "blue_item"])
    holding(game, 1, "side", ["pink_item#3", "blue_item#2"])
    holding(game, 1, "secret_card", ["green_item"])   # revealed: counts for its player
    list(program.procs["award_favours"](game, a))
    assert game.state.gvars["favour[pink]"] == a
    assert game.state.gvars["favour[blue]"] == b   # one each: she stays where she was
    assert game.state.gvars["favour[green]"] == b
    assert game.state.gvars["favour[red]"] is None   # nobody has her items
    assert names(game, 1, "secret_card") == []


def test_eleven_charm_points_win_before_four_geishas(program):
    game = Game(program, 2, 1)
    a, b = game.state.players
    for g in ("pink", "green", "blue"):   # 12 charm points, three geishas
        game.state.gvars[f"favour[{g}]"] = a
    for g in ("purple", "red", "yellow", "orange"):   # four geishas, 9 charm points
        game.state.gvars[f"favour[{g}]"] = b
    charm = program.funcs["charm"]
    assert (charm(game, a), charm(game, b)) == (12, 9)
    assert program.funcs["won"](game, a) and program.funcs["won"](game, b)
    assert game.result(digest=False)["winners"] == ["P1"]   # the charm wins, though P2 has four geishas


@pytest.mark.parametrize("seed", range(1, 4))
def test_random_games_end_with_a_winner_and_keep_the_21_items_alike_on_both_backends(seed):
    for game, result in played_on_both_backends(PACK, 2, seed):
        zones = ("hand", "secret_card", "traded_off", "side")
        held = sum(len(game.zone(p, z).items) for p in game.state.players for z in zones)
        assert held + len(game.zone(None, "deck").items) + len(game.zone(None, "unused").items) == 21
        assert len(game.zone(None, "unused").items) == 1
        # each round, every action once: the 10 cards a player holds in a round (6 dealt, 4 drawn) all placed
        assert all(len(game.zone(p, "hand").items) == 0 and len(game.zone(p, "traded_off").items) == 2
                   for p in game.state.players)
        assert any(game.program.funcs["won"](game, p) for p in game.state.players)
        assert len(result["winners"]) == 1
