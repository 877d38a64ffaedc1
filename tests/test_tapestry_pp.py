"""Tapestry: Plans & Ploys (rules/tapestry_pp, stacked on rules/tapestry): landmark cards, the
expansion's civilizations and variant, on both backends, and whole games with the base invariants.

Seats: P1 is player 0; `left` is the next seat, `right` the previous one.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.agents import RandomAgent, ScriptedAgent
from rulebook.runtime.engine import Game

from .conftest import drive, games_per_count, pack_backends
from .test_tapestry import answer_by_prompt, ent, first_options, me, play_random, run

RULES = Path(__file__).resolve().parent.parent / "rules"
PACK = str(RULES / "tapestry")
EXPANSION = "tapestry_pp"
PLANS = {"plan_tiles", "plan_buildings", "plan_tech", "plan_line", "plan_districts"}


@pytest.fixture(scope="module")
def backends(tmp_path_factory):
    """The base pack with Plans & Ploys stacked, compiled and interpreted, built once."""
    return pack_backends(tmp_path_factory, PACK, expansions=(str(RULES / EXPANSION),))


def table(program, players: int = 4, seed: int = 1, variants=()) -> Game:
    """A game after the setup phase (every setup choice: the first option; the top-level triggers
    registered), before the first turn, whose civilizations have no ability in force (scenarios
    that need one give it)."""
    g = Game(program, players, seed, [ScriptedAgent([])] * players, variants)
    first_options(program.game.setup(g, g.state.players[0]))
    for t in list(g.state.triggers):
        this = t.env.get("this")
        if this is not None and this.kind == "civ":
            g._unregister(t)
    return g


def hold_plan(game: Game, player, name: str):
    """Give a player exactly the landmark card `name` (the one drafted goes back to the deck)."""
    for c in list(player.zones["plans"]):
        game.move(c, game.zone(None, "plan_deck"))
    card = ent(game, name)
    for p in game.state.players:
        if card in p.zones["plans"]:
            game.move(card, game.zone(None, "plan_deck"))
    game.move(card, game.zone(player, "plans"))
    return card


# ---------------------------------------------------------------------------- landmark cards


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_player_drafts_one_landmark_card_and_the_rest_form_a_deck(program, players):
    g = table(program, players)
    held = [c.name for p in g.state.players for c in p.zones["plans"]]
    assert len(held) == players and set(held) <= PLANS and len(set(held)) == players
    assert len(g.zone(None, "plan_deck")) == 5 - players
    assert len(g.zone(None, "plan_offer")) == 0
    # the cards' landmarks are nobody's to race for: not on the landmark board
    board = {lm.name for lm in g.zone(None, "landmark_board").items}
    assert not board & {"lm_tiles", "lm_buildings", "lm_tech", "lm_line", "lm_districts"}
    assert len(g.zone(None, "plan_landmarks")) == 5


def test_the_player_right_of_the_first_picks_first_and_passes_counter_clockwise(program):
    """p.5: with 3 players P3 (right of P1) picks among 3 cards, then P2 among 2; P1 gets the last."""
    g = Game(program, 3, 1, [None] * 3)
    asked, gen, value = [], g.program.procs["set_up"](g, me(g)), None
    try:
        while True:
            d = gen.send(value)
            if d.prompt == "keep which landmark card?":
                asked.append((d.player.name, len(d.options)))
            value = 0
    except StopIteration:
        pass
    assert asked == [("P3", 3), ("P2", 2), ("P1", 1)]
    assert all(len(p.zones["plans"]) == 1 for p in g.state.players)


def test_the_landmark_is_gained_at_the_end_of_the_turn_the_objective_is_reached(program):
    g = table(program, 2)
    p = me(g)
    hold_plan(g, p, "plan_tech")
    run(g, "check_plans")
    assert ent(g, "lm_tech") not in p.zones["my_landmarks"]      # no tech card in the top row yet
    g.move(ent(g, "zeppelins"), g.zone(p, "techs[3]"))
    g.emit("turn_end", p, {})
    answer_by_prompt(g.drain(), {})
    assert ent(g, "lm_tech") in p.zones["my_landmarks"]
    # gained once: reaching it again gives nothing more
    landmarks = len(p.zones["my_landmarks"])
    run(g, "check_plans")
    assert len(p.zones["my_landmarks"]) == landmarks


def test_an_opponents_turn_end_does_not_give_your_landmark(program):
    g = table(program, 2)
    p, q = me(g), me(g, 1)
    hold_plan(g, p, "plan_tech")
    g.move(ent(g, "zeppelins"), g.zone(p, "techs[3]"))
    g.emit("turn_end", q, {})
    answer_by_prompt(g.drain(), {})
    assert ent(g, "lm_tech") not in p.zones["my_landmarks"]


@pytest.mark.parametrize("card, setup", [
    ("plan_tiles", lambda g, p: [g.move(t, g.zone(p, "territories")) for t in list(g.zone(None, "bag").items)[:6]]),
    ("plan_buildings", lambda g, p: p.stock.__setitem__("built[farms]", 3)),
])
def test_objectives_counted_from_the_state(program, card, setup):
    g = table(program, 2)
    p = me(g)
    hold_plan(g, p, card)
    lm = g.field(ent(g, card), "landmark")
    run(g, "check_plans")
    assert lm not in p.zones["my_landmarks"]
    setup(g, p)
    answer_by_prompt(g.program.procs["check_plans"](g, p), {})
    assert lm in p.zones["my_landmarks"]


# ---------------------------------------------------------------------------- whole games


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_finish_and_keep_the_invariants(backends, players):
    for seed in range(3):
        assert play_random(backends["compiled"], players, seed).result()["winners"]


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_hundred_random_games_per_count_keep_the_invariants(backends, players):
    for seed in range(games_per_count(100)):
        play_random(backends["compiled"], players, seed)


def test_compiled_and_interpreted_games_agree(backends):
    for players, seed in ((2, 3), (5, 7)):
        a = Game(backends["compiled"], players, seed, [RandomAgent(seed * 10 + i) for i in range(players)])
        b = Game(backends["interpreted"], players, seed, [RandomAgent(seed * 10 + i) for i in range(players)])
        assert a.play() == b.play()
        assert a.log == b.log


@pytest.mark.parametrize("players", [2, 5])
def test_a_logged_game_replays_to_the_same_final_state_on_both_backends(backends, players, tmp_path):
    from rulebook.runtime.record import load, record, replay, save

    game = Game(backends["compiled"], players, 11, [RandomAgent(110 + i) for i in range(players)])
    game.play()
    save(record(game, PACK, [str(RULES / EXPANSION)]), tmp_path / "game.json")
    logged = load(tmp_path / "game.json")
    assert replay(backends["compiled"], logged).state.digest() == game.state.digest()
    assert replay(backends["interpreted"], logged).state.digest() == game.state.digest()
