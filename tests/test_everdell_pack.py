"""tests/packs/everdell: an Everdell core written by a designer new to the language (branch trial24), with its rules
as assertions: the governance cards' discounts (Innkeeper, Crane: optional, and discarded once used), a critter
played free into its construction (the occupied token), production when played and in Spring, the city's 15
spaces (a Wanderer takes none), unique cards, prosperity scoring; both backends alike, lint clean, `fmt` stable."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import answer_by_prompt, pack_program, played_on_both_backends

PACK = Path(__file__).parent / "packs" / "everdell"


program = pack_program(PACK)


class City:
    """A two-player game with nothing dealt: a test puts cards in P1's hand and city, and plays them."""

    def __init__(self, program):
        self.game = Game(program, 2, 1)
        self.me = self.game.state.players[0]
        self.game.move(self.game.program.entities["farm#8"], self.game.zone(None, "deck"))

    def put(self, name, zone="city"):
        card = self.game.program.entities[name]
        self.game.move(card, self.game.zone(self.me, zone))
        return card

    def holding(self, **stock):
        self.me.stock.update(stock)

    def run(self, proc, *args, answers=None):
        gen = self.game.program.procs[proc](self.game, self.me, *args)
        return answer_by_prompt(gen, answers or {})

    def play(self, name, answers=None):
        return self.run("play_into_city", self.put(name, "hand"), answers=answers)

    def names(self, zone, shared=False):
        return [c.name.split("#")[0] for c in self.game.zone(None if shared else self.me, zone).items]

    def stock(self, *names):
        return tuple(self.me.stock[n] for n in names)

    def score(self):
        return self.game.program.funcs["score"](self.game, self.me)

    def playable(self, name):
        return self.game.program.funcs["playable"](self.game, self.me, self.game.program.entities[name])


@pytest.fixture
def city(program):
    return City(program)


def test_the_innkeeper_may_be_discarded_for_three_berries_off_a_critter(city):
    city.put("innkeeper")
    city.holding(berry=0)
    assert city.playable("wife")   # 2 berries, and none held: the Innkeeper pays them
    asked = city.play("wife")
    assert not any(d.prompt.startswith("discard Innkeeper") for d in asked)   # the only way to pay: not asked
    assert city.names("city") == ["wife"] and city.names("discards", shared=True) == ["innkeeper"]


def test_the_innkeeper_is_kept_when_its_holder_declines(city):
    city.put("innkeeper")
    city.holding(berry=2)
    city.play("wife", {"discard Innkeeper": "no"})
    assert city.names("city") == ["innkeeper", "wife"] and city.stock("berry") == (0,)


def test_the_crane_takes_three_resources_off_a_construction_not_off_a_critter(city):
    city.put("crane")
    city.holding(twig=0, resin=0, pebble=0, berry=0)
    assert city.playable("mine") and not city.playable("husband")
    city.play("mine", {"discard Crane": "yes"})
    assert city.names("city") == ["mine"] and city.stock("pebble") == (1,)   # a Mine produces a pebble


def test_a_critter_goes_free_into_its_construction_once(city):
    farm = city.put("farm")
    city.holding(berry=0)
    assert city.playable("husband")
    city.play("husband")
    assert city.names("city") == ["farm", "husband"] and farm.name == "farm"
    assert not city.playable("wife")   # the Farm's one token is used


def test_production_comes_when_a_card_is_played_and_again_in_spring(city):
    city.holding(twig=2, resin=1, berry=0)
    city.play("farm")
    assert city.stock("berry") == (1,)
    city.put("farm#2")
    city.holding(workers=0)
    city.run("prepare")   # winter to spring: 3 workers and production
    assert city.stock("berry", "workers") == (3, 3)


def test_the_general_store_gives_two_berries_with_a_farm(city):
    city.holding(resin=1, pebble=1, berry=0)
    city.put("farm")
    city.play("general_store")
    assert city.stock("berry") == (2,)


def test_the_city_holds_fifteen_cards_but_a_wanderer_takes_no_space(city):
    for k in range(1, 8):
        city.put("farm" if k == 1 else f"farm#{k}")
    for name in ("mine", "mine#2", "mine#3", "twig_barge", "twig_barge#2", "twig_barge#3", "resin_refinery",
                 "resin_refinery#2"):
        city.put(name)
    city.holding(berry=10, twig=5, resin=5, pebble=5)
    assert not city.playable("husband") and not city.playable("inn")
    assert city.playable("wanderer")


def test_a_unique_card_once_per_city(city):
    city.put("castle")
    city.holding(twig=5, resin=5, pebble=5)
    assert not city.playable("castle#2") and city.playable("palace")


def test_prosperity_cards_score_what_the_city_holds(city):
    for name in ("castle", "palace", "farm", "farm#2", "crane", "architect", "wife", "husband"):
        city.put(name)
    city.holding(resin=3, pebble=5, tokens=2)
    # Castle 4 + 2 common constructions; Palace 4 + 3 unique ones (Castle, Palace, Crane); Farms 1 + 1; Crane 1;
    # Architect 2 + 6 (8 resin and pebble, at most 6); Wife 2 + 3 (a Husband); Husband 2; 2 point tokens
    assert city.score() == 6 + 7 + 2 + 1 + 8 + 5 + 2 + 2


def test_the_shopkeeper_gives_a_berry_for_each_other_critter_played(city):
    city.put("shopkeeper")
    city.holding(berry=4)
    city.play("wife")
    assert city.stock("berry") == (3,)


@pytest.mark.parametrize("players, seed", [(2, 1), (4, 2)])
def test_random_games_agree_on_both_backends(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        assert all(p.vars["passed"] for p in game.state.players)
