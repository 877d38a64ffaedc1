"""tests/packs/citadels: Citadels (first edition) written by a designer new to the language: the draft with the
cards set aside by player count, the characters called in order (the murdered one's turn lost, the robbed
one's gold taken), the Architect's three builds, the Warlord's destruction and what stops it, the score;
both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import answer_by_prompt, pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "citadels")


program = pack_program(PACK)


def table(program, players: int = 4, **places) -> Game:
    """A game of `players` whose districts are all in the deck but those given, `city1=[...]`,
    `hand2=[...]` (the seat from 1), and whose characters are in the box but `chosen1="king"`."""
    game = Game(program, players, 1)
    deck = game.zone(None, "districts")
    for e in game.program.entities.values():
        game.move(e, deck if e.kind == "district" else game.zone(None, "characters"))
    for place, names in places.items():
        zone, seat = place[:-1], int(place[-1]) - 1
        for n in [names] if isinstance(names, str) else names:
            game.move(game.program.entities[n], game.zone(game.state.players[seat], zone))
    game.state.gvars["crowned"] = game.state.players[0]
    return game


def names(game: Game, zone: str, seat: int) -> list[str]:
    return [c.name for c in game.zone(game.state.players[seat], zone).items]


def gold(game: Game) -> list[int]:
    return [p.stock["gold"] for p in game.state.players]


@pytest.mark.parametrize("players, up", [(4, 2), (5, 1), (6, 0), (7, 0)])
def test_the_draft_sets_cards_aside_by_player_count_never_the_king_face_up(program, players, up):
    for seed in range(1, 6):
        game = Game(program, players, seed)
        game.state.gvars["crowned"] = game.state.players[0]
        asked = answer_by_prompt(game.program.procs["draft"](game, game.state.players[0]), {}, with_forced=True)
        face_up = game.zone(None, "face_up").items
        assert len(face_up) == up and all(c.name != "king" for c in face_up)
        assert all(len(names(game, "chosen", s)) == 1 for s in range(players))
        # each player picks among what the ones before left; the seventh gets the card set aside face down too
        assert [len(d.options) for d in asked] == [8 - 1 - up - k for k in range(players - 1)] + \
            [2 if players == 7 else 8 - 1 - up - (players - 1)]


def test_a_murdered_character_loses_its_turn_and_a_robbed_one_its_gold_to_the_thief(program):
    game = table(program, chosen1="assassin", chosen2="thief", chosen3="merchant", chosen4="king",
                 city3="market", city4="manor")
    game.state.players[1].stock["gold"] = 0
    game.state.players[2].stock["gold"] = 5
    asked = answer_by_prompt(game.program.procs["call_characters"](game, game.state.players[0]), {
        "murder which": "King", "rob which": "Merchant", "take two gold": "two gold", "build which": "none"})
    # the Merchant's 5 gold go to the Thief at his call, before his action: his 2 gold, 1 more and 1 for the Market
    # stay; the murdered King takes no turn and no gold, but the crown
    assert gold(game) == [2 + 2, 0 + 2 + 5, 2 + 1 + 1, 2]
    assert not any(d.prompt.startswith("take two gold") and d.player.name == "P4" for d in asked)
    assert game.state.gvars["crowned"].name == "P4"


def test_the_architect_draws_two_more_and_builds_up_to_three(program):
    game = table(program, hand1=["tavern", "temple", "watchtower", "market"], chosen1="architect")
    game.state.players[0].stock["gold"] = 3
    run_proc(game, "turn", game.program.entities["architect"],
             answers=["two gold", "Tavern", "Temple", "Watchtower"])
    assert names(game, "city", 0) == ["tavern", "temple", "watchtower"] and gold(game)[0] == 2
    assert len(names(game, "hand", 0)) == 1 + 2


def test_a_district_already_in_the_city_cannot_be_built_again(program):
    game = table(program, hand1=["tavern#2", "temple"], city1="tavern", chosen1="king")
    game.state.players[0].stock["gold"] = 0
    gen = game.program.procs["turn"](game, game.state.players[0], game.program.entities["king"])
    asked = answer_by_prompt(gen, {"take two gold": "two gold"})
    build = next(d for d in asked if d.prompt.startswith("build which"))
    assert build.options == ["Temple", "none"]


def test_the_warlord_pays_one_less_than_the_cost_but_cannot_touch_the_bishop_the_keep_or_a_full_city(program):
    game = table(program, chosen1="warlord", city2=["castle", "keep"], called3="bishop", city3=["palace"],
                 city4=["manor", "manor#2", "tavern", "temple", "church", "market", "docks", "prison"])
    game.state.players[0].stock["gold"] = 3
    asked = answer_by_prompt(game.program.entities["warlord"].effects["power"](
        game, game.state.players[0], game.program.entities["warlord"]),
        {"destroy a district of whose": "P2", "destroy which": "Castle"})
    whose = next(d for d in asked if d.prompt.startswith("destroy a district of whose"))
    assert whose.options == ["P2", "none"]   # P3 is the Bishop, P4's city has eight
    which = next(d for d in asked if d.prompt.startswith("destroy which"))
    assert which.options == ["Castle", "none"]   # the Keep cannot be destroyed
    assert names(game, "city", 1) == ["keep"] and gold(game)[0] == 0


def test_the_great_wall_makes_the_warlord_pay_one_more(program):
    game = table(program, chosen1="warlord", city2=["castle", "great_wall"])
    game.state.players[0].stock["gold"] = 3
    asked = answer_by_prompt(game.program.entities["warlord"].effects["power"](
        game, game.state.players[0], game.program.entities["warlord"]), {"destroy a district of whose": "P2"})
    assert not any(d.prompt.startswith("destroy which") for d in asked)   # the Castle costs 3 + 1: nothing to pay
    assert names(game, "city", 1) == ["castle", "great_wall"] and gold(game)[0] == 3
    game.state.players[0].stock["gold"] = 4
    answer_by_prompt(game.program.entities["warlord"].effects["power"](
        game, game.state.players[0], game.program.entities["warlord"]),
        {"destroy a district of whose": "P2", "destroy which": "Castle"})
    assert names(game, "city", 1) == ["great_wall"] and gold(game)[0] == 0


def test_the_score_adds_the_costs_three_for_five_colours_and_four_for_the_first_city_of_eight(program):
    game = table(program, city1=["manor", "temple", "tavern", "watchtower", "dragon_gate", "castle", "church",
                                 "market"],
                 city2=["palace", "cathedral", "town_hall", "fortress", "harbor", "docks", "monastery", "prison"])
    game.state.gvars["first_complete"] = game.state.players[0]
    for seat in (0, 1):
        p = game.state.players[seat]
        p.stock["completion"] = 4 if seat == 0 else 2
    score = [game.program.funcs["score"](game, p) for p in game.state.players[:2]]
    assert score == [3 + 1 + 1 + 1 + 8 + 4 + 2 + 2 + 3 + 4, 5 + 5 + 5 + 5 + 4 + 3 + 3 + 2 + 2]


@pytest.mark.parametrize("players, seed", [(4, 1), (5, 2), (6, 3), (7, 4)])
def test_random_games_end_with_a_city_of_eight_and_agree_on_both_backends(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        cities = [len(game.zone(p, "city").items) for p in game.state.players]
        assert max(cities) >= 8
        assert sum(len(game.zone(p, z).items) for p in game.state.players for z in ("hand", "city")) + \
            len(game.zone(None, "districts").items) == 66


def test_drawing_two_districts_keeps_one_and_puts_the_other_at_the_bottom_of_the_deck(program):
    game = table(program, chosen1="king")
    deck = game.zone(None, "districts")
    first, second = deck.items[0].name, deck.items[1].name
    asked = answer_by_prompt(game.program.procs["take_action"](game, game.state.players[0]),
                             {"take two gold": "draw two districts, keep one"})
    back = next(d for d in asked if d.prompt == "put which district back?")
    assert len(back.options) == 2 and names(game, "hand", 0) == [second]   # the first option went back
    assert deck.items[-1].name == first and gold(game)[0] == 2
