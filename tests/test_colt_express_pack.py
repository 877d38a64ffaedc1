"""tests/packs/colt_express: Colt Express written by a designer new to the language (trial18): cards programmed
into a common pile (a tunnel's face down, seen by its owner alone), resolved first played first; fire, punch,
rob and the marshal; the Gunslinger's bonus; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import answer_by_prompt, pack_program, played_on_both_backends, screens

PACK = Path(__file__).parent / "packs" / "colt_express"


program = pack_program(PACK)


def run(game: Game, proc: str, *args, answers: dict | None = None, player: int = 0) -> list:
    return answer_by_prompt(game.program.procs[proc](game, game.state.players[player], *args), answers or {})


def set_up(program, players: int = 3) -> Game:
    game = Game(program, players, 1)
    run(game, "setup")
    return game


def cards(game: Game, zone: str, player: int | None = None) -> list[str]:
    owner = None if player is None else game.state.players[player]
    return [c.title for c in game.zone(owner, zone).items]


def place(game: Game, player: int, wagon: int, level: str) -> None:
    p = game.state.players[player]
    p.stock["wagon"], p.vars["level"] = wagon, level


def test_each_bandit_has_ten_action_cards_six_bullets_and_a_purse(program):
    game = set_up(program)
    for i, p in enumerate(game.state.players):
        assert sorted(cards(game, "deck", i)) == sorted(["Move"] * 2 + ["Change floor"] * 2 + ["Fire"] * 2 + ["Punch"]
                                                        + ["Rob"] * 2 + ["Marshal"])
        assert p.stock["ammo"] == 6 and [c.fields["value"] for c in game.zone(p, "bag").items] == [250]
    assert cards(game, "loot_at[1,inside]") == ["Strongbox"]


def test_a_card_played_in_a_tunnel_is_seen_by_its_owner_alone(program):
    game = set_up(program)
    run(game, "new_hands")
    hand = game.zone(game.state.players[0], "hand").items
    shown = hand[0].title
    hidden = next(c.title for c in hand if c.title != shown)
    run(game, "plan", False, answers={"play a card": "play a card", "play which": shown})
    run(game, "plan", True, answers={"play a card": "play a card", "play which": hidden})
    assert [game.field(c, "by") for c in game.zone(None, "pile").items] == [game.state.players[0]] * 2
    mine, theirs = screens(game, seats=(0, 1))
    pile_mine = next(line for line in mine.splitlines() if "Common pile" in line)
    pile_theirs = next(line for line in theirs.splitlines() if "Common pile" in line)
    assert shown in pile_theirs and hidden not in pile_theirs and "by P1" in pile_theirs   # who played it shows
    assert shown in pile_mine and hidden in pile_mine


def test_the_pile_is_resolved_in_the_order_it_was_played(program):
    game = set_up(program, 2)
    place(game, 0, 2, "inside")
    place(game, 1, 3, "inside")
    e = game.program.entities
    for name, by in (("floor_card", 0), ("floor_card#2", 1)):
        game.set_field(e[name], "by", game.state.players[by])
        game.move(e[name], game.zone(None, "pile"))
    run(game, "action_phase")
    assert [p.vars["level"] for p in game.state.players] == ["roof", "roof"]
    assert not game.zone(None, "pile").items and cards(game, "hand", 1) == ["Change floor"]


def test_a_shot_puts_a_bullet_card_into_the_targets_deck(program):
    game = set_up(program)
    place(game, 0, 2, "inside")
    place(game, 1, 3, "inside")
    place(game, 2, 4, "inside")   # two wagons away: out of reach inside
    asked = run(game, "fire_at")
    shooter, target, _ = game.state.players
    assert asked == [] and shooter.stock["ammo"] == 5 and shooter.stock["fired"] == 1
    assert cards(game, "deck", 1).count("Bullet") == 1 and target.stock["hit"] == 1


def test_on_the_roof_a_bandit_shoots_the_nearest_each_way(program):
    game = set_up(program, 4)
    place(game, 0, 3, "roof")
    place(game, 1, 1, "roof")
    place(game, 2, 2, "roof")
    place(game, 3, 5, "roof")
    asked = run(game, "fire_at", answers={"fire at": "P3"})
    assert sorted(asked[0].options) == ["P3", "P4"]   # not P2, behind P3


def test_the_marshal_shoots_a_bandit_inside_his_wagon_who_flees_to_the_roof(program):
    game = set_up(program)
    place(game, 1, 2, "inside")
    run(game, "resolve", game.program.entities["marshal_card"])
    p2 = game.state.players[1]
    assert p2.vars["level"] == "roof" and p2.stock["hit"] == 1 and cards(game, "deck", 1).count("Bullet") == 1


def test_a_punched_bandit_drops_a_loot_and_is_knocked_along(program):
    game = set_up(program)
    place(game, 0, 3, "roof")
    place(game, 1, 3, "roof")
    run(game, "punch_bandit")
    assert game.state.players[1].stock["wagon"] == 4 and not game.zone(game.state.players[1], "bag").items
    assert cards(game, "loot_at[3,roof]") == ["Purse"]


def test_the_gunslinger_is_who_fired_most(program):
    game = set_up(program)
    for p, n in zip(game.state.players, [3, 3, 1]):
        p.stock["fired"] = n
    run(game, "award_gunslinger")
    assert [p.stock["gunslinger"] for p in game.state.players] == [1000, 1000, 0]


@pytest.mark.parametrize("players,seed", [(2, 1), (6, 2)])
def test_played_alike_on_both_backends(players, seed):
    (game, result), _ = played_on_both_backends(PACK, players, seed)
    wealth = {p.name: sum(c.fields["value"] for c in game.zone(p, "bag").items) + p.stock["gunslinger"]
              for p in game.state.players}
    assert result["winners"][0] in [n for n, w in wealth.items() if w == max(wealth.values())]
