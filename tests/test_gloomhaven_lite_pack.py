"""tests/packs/gloomhaven_lite: a cooperative Gloomhaven written by a designer new to the language: two ability
cards a round (the top of one, the bottom of the other, a lost action's card to the lost pile), the order of
initiative among the heroes and the monsters' ability card (a hero first on a tie), elements infused, consumed
and waning, the long rest, exhaustion; the scenario won when every monster is dead and lost when every hero is
exhausted; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import drive, func_for, pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "gloomhaven_lite")


program = pack_program(PACK)


def names(zone) -> list[str]:
    return sorted(c.name for c in zone)


def card(game: Game, name: str, seat: int = 0):
    """The seat's own copy of an ability card (each hero has their own deck)."""
    return next(c for c in game.zone(game.state.players[seat], "hand") if c.name == name)


def monsters(game: Game) -> list:
    return list(game.zone(None, "board"))


def with_cards_moved(program, players: int, count: int, to: str) -> Game:
    """A game set up, the first `count` cards of P1's hand moved to their zone `to`."""
    game = Game(program, players, 1)
    game.start()
    p1 = game.state.players[0]
    for c in list(game.zone(p1, "hand"))[:count]:
        game.move(c, game.zone(p1, to))
    return game


def hero_beside_a_guard(program, played: tuple = ()) -> tuple:
    """A one-hero game set up, the hero on the first guard's square with the cards named played:
    (game, hero, guard)."""
    game = Game(program, 1, 1)
    game.start()
    you = game.state.players[0]
    guard = monsters(game)[0]
    you.stock["at"] = game.field(guard, "square")
    for name in played:
        game.move(card(game, name), game.zone(you, "played"))
    return game, you, guard


def test_setup_deals_each_hero_the_ten_cards_and_places_four_guards(program):
    game = Game(program, 2, 1)
    first = game.start()
    assert first.prompt == "play which two cards?" and len(first.options) == 10
    assert sorted(game.field(m, "square") for m in monsters(game)) == [4, 5, 6, 7]
    assert [game.field(m, "hp") for m in monsters(game)] == [5] * 4


def test_a_turn_uses_the_top_of_one_card_and_the_bottom_of_the_other(program):
    game, you, guard = hero_beside_a_guard(program, ("trample", "skewer"))
    # Trample's top: attack 3 (melee); Skewer's bottom: move 1, heal 1
    drive(game, game.program.procs["hero_turn"](game, you), ["Trample", 0, str(you.stock["at"])])
    assert game.field(guard, "hp") == 2
    assert names(game.zone(you, "discards")) == ["skewer", "trample"]


def test_a_lost_action_sends_its_card_to_the_lost_pile(program):
    game, you, guard = hero_beside_a_guard(program, ("balanced_measure", "eye_for_an_eye"))
    drive(game, game.program.procs["hero_turn"](game, you), ["Balanced Measure", 0, str(you.stock["at"])])
    assert game.field(guard, "hp") == 0 and guard in game.zone(None, "dead")
    assert names(game.zone(you, "lost")) == ["balanced_measure"]
    assert names(game.zone(you, "discards")) == ["eye_for_an_eye"]


def test_an_element_infused_is_consumed_for_a_stronger_attack_and_wanes(program):
    game, you, guard = hero_beside_a_guard(program)
    run_proc(game, "infuse", "fire")
    assert game.state.globals["strength[fire]"] == 2
    # Warding Strength: consume fire for attack 5 instead of 3
    drive(game, card(game, "warding_strength").effects["top"](game, you, card(game, "warding_strength")),
          ["yes", 0])
    assert game.state.globals["strength[fire]"] == 0 and game.field(guard, "hp") == 0


def test_elements_wane_at_the_end_of_the_round(program):
    game = Game(program, 1, 1)
    game.start()
    game.state.globals["strength[air]"], game.state.globals["strength[ice]"] = 2, 1
    run_proc(game, "elements_wane")
    assert (game.state.globals["strength[air]"], game.state.globals["strength[ice]"]) == (1, 0)
    run_proc(game, "elements_wane")
    assert game.state.globals["strength[air]"] == 0


def test_initiative_orders_heroes_and_monsters_a_hero_first_on_a_tie(program):
    game = Game(program, 3, 1)
    game.start()
    p1, p2, p3 = game.state.players
    bandits = game.state.actors["bandits"]
    p1.stock["initiative"], p2.stock["initiative"], p3.stock["initiative"] = 40, 15, 72
    bandits.stock["initiative"] = 40
    assert [h.name for h in func_for(game, "acting_order")] == ["P2", "P1", "bandits", "P3"]


def test_a_long_rest_loses_one_card_and_takes_the_others_back(program):
    game = with_cards_moved(program, 1, 8, "discards")
    you = game.state.players[0]
    you.vars["resting"] = True
    you.stock["health"] = 5
    drive(game, game.program.procs["hero_turn"](game, you), ["Trample"])
    assert names(game.zone(you, "lost")) == ["trample"]
    assert len(game.zone(you, "hand")) == 9 and len(game.zone(you, "discards")) == 0
    assert you.stock["health"] == 7


def test_a_hero_who_can_neither_play_two_cards_nor_rest_is_exhausted(program):
    game = with_cards_moved(program, 2, 9, "lost")
    p1 = game.state.players[0]
    run_proc(game, "choose_cards", answers=["Trample", "Skewer", "Trample"], player=1)
    assert game.eliminated(p1) and not game.eliminated(game.state.players[1])


@pytest.mark.parametrize("players, seed", [(1, 1), (2, 2), (4, 3)])
def test_random_games_end_won_with_every_monster_dead_or_lost_with_every_hero_exhausted(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        dead, heroes_in = len(game.zone(None, "board")) == 0, [p for p in game.state.players if not game.eliminated(p)]
        assert dead or not heroes_in
        assert bool(result["winners"]) == dead
