"""7 Wonders: Cities (rules/seven_wonders_cities on rules/seven_wonders): the rulebook's examples and
the expansion's rules, on both backends, and whole games for 3 to 7 players and the team variant.

Seats: P1 is player 0; `left` is the next seat (P2), `right` the previous one. In the team
variant teammates sit side by side: P1-P2, P3-P4, P5-P6.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.runtime.agents import RandomAgent, ScriptedAgent
from rulebook.runtime.engine import Game

from .conftest import drive, games_per_count, pack_backends
from .test_seven_wonders import (NO_WAY, backends_agree, card, cards_in_play, choose_card, func, log_replays, player,
                                 proc, put, quote, run_effect, stock, symbols, views_hide_hands)
from .test_seven_wonders import play_checked as base_play_checked

RULES = Path(__file__).resolve().parent.parent / "rules"
BASE = str(RULES / "seven_wonders")
CITIES = str(RULES / "seven_wonders_cities")


@pytest.fixture(scope="module")
def backends(tmp_path_factory):
    """The compiled and the interpreted Program of the base game with Cities, built once."""
    return pack_backends(tmp_path_factory, BASE, (CITIES,))


def table(program, players: int = 3, age: int = 1, coins: int = 3, teams: bool = False) -> Game:
    """A game with the market laid out, in the given age, every player holding `coins` and an
    empty city; with `teams`, the team variant's trading restrictions in force."""
    g = Game(program, players, 1, [ScriptedAgent([])] * players, ["teams"] if teams else [])
    g.fill(g.zone(None, "market"), "offer", None)
    g.state.globals["age"] = age
    for p in g.state.players:
        p.stock["coin"] = coins
    if teams:
        proc(g, "team_rules")
    return g


def choose_only(g: Game, i: int, name: str) -> None:
    """Player i's card of the turn is this one (any card chosen before goes back to the box)."""
    for c in list(g.zone(player(g, i), "chosen").items):
        g.move(c, g.zone(None, "box"))
    choose_card(g, i, name)


def result_with(g: Game, **columns) -> dict:
    """The game's result once each named stock holds the given values, player by player."""
    for name, values in columns.items():
        for i, n in enumerate(values):
            player(g, i).stock[name] = n
    g.state.over = True
    return g.result()


def shields(g: Game, *values: int) -> None:
    for i, n in enumerate(values):
        player(g, i).stock["shields"] = n


def tokens(g: Game, i: int) -> tuple[int, int]:
    """(military points, defeat tokens) of player i."""
    return stock(g, i, "military"), stock(g, i, "defeats")


# ---------------------------------------------------------------------------- diplomacy (p. 4-5)


def test_rulebook_example_diplomacy_your_neighbours_fight_each_other(program):
    # End of age II: you have 2 shields and a diplomacy token, your left neighbour 5, your right 4.
    # You take no token; the two neighbours compare their strength (once: only two fight).
    g = table(program, players=3, age=2)
    shields(g, 2, 5, 4)
    player(g, 0).stock["diplomacy"] = 1
    proc(g, "conflicts")
    assert tokens(g, 0) == (0, 0)
    assert tokens(g, 1) == (3, 0) and tokens(g, 2) == (0, 1)
    assert stock(g, 0, "diplomacy") == 0                        # discarded once used
    assert stock(g, 1, "victories") == 1


def test_diplomacy_makes_the_two_neighbours_adjacent_in_a_larger_game(program):
    # 5 players, P1 out: P2 and P5 (P1's neighbours) now fight each other, as do P2-P3, P3-P4, P4-P5.
    g = table(program, players=5, age=1)
    shields(g, 9, 3, 1, 1, 2)
    player(g, 0).stock["diplomacy"] = 1
    proc(g, "conflicts")
    assert tokens(g, 0) == (0, 0)
    assert tokens(g, 1) == (2, 0)          # beats P3 (1) and P5 (2)
    assert tokens(g, 4) == (1, 1)          # beats P4, loses to P2; never meets P1's 9
    assert tokens(g, 2) == (0, 1) and tokens(g, 3) == (0, 1)


def test_without_diplomacy_cities_conflicts_are_the_base_games(program):
    g = table(program, players=4, age=3)
    shields(g, 3, 1, 3, 0)
    proc(g, "conflicts")
    assert [tokens(g, i) for i in range(4)] == [(10, 0), (0, 2), (10, 0), (0, 2)]
    assert [stock(g, i, "victories") for i in range(4)] == [2, 0, 2, 0]


def test_diplomacy_tokens_accumulate_and_one_is_discarded_per_conflict(program):
    g = table(program, players=3, age=1)
    shields(g, 0, 5, 4)
    player(g, 0).stock["diplomacy"] = 2
    proc(g, "conflicts")
    assert tokens(g, 0) == (0, 0) and stock(g, 0, "diplomacy") == 1
    g.state.globals["age"] = 2
    proc(g, "conflicts")                                       # still out in age II
    assert tokens(g, 0) == (0, 0) and stock(g, 0, "diplomacy") == 0
    g.state.globals["age"] = 3
    proc(g, "conflicts")                                       # back in: two defeats
    assert tokens(g, 0) == (0, 2)


def test_with_a_single_fighter_left_nobody_fights(program):
    g = table(program, players=3, age=1)
    shields(g, 0, 5, 4)
    player(g, 0).stock["diplomacy"] = 1
    player(g, 1).stock["diplomacy"] = 1
    proc(g, "conflicts")
    assert all(tokens(g, i) == (0, 0) for i in range(3))


def test_byzantium_gives_diplomacy_tokens(program):
    g = table(program)
    run_effect(g, 0, "byzantium_a2")
    assert stock(g, 0, "diplomacy") == 1
    for name in ("residence", "consulate", "embassy"):
        run_effect(g, 0, name)
    assert stock(g, 0, "diplomacy") == 4


# ---------------------------------------------------------------------------- coins, debts (p. 4)


def test_hideout_everyone_else_loses_a_coin_at_the_end_of_the_turn_or_takes_debt(program):
    g = table(program, coins=3)
    put(g, 0, "chosen", "hideout")
    proc(g, "resolve", "build")
    player(g, 2).stock["coin"] = 0
    asked = drive(g, g.program.procs["end_of_turn"](g, player(g, 0)), ["pay 0 coin, take 1 debts"])
    # P2 could pay but chooses debt (allowed); P3 has no coin: the debt is not asked
    assert len(asked) == 1 and asked[0].player.index == 1
    assert asked[0].options == ["pay 1 coin, take 0 debts", "pay 0 coin, take 1 debts"]
    assert stock(g, 1, "coin") == 3 and stock(g, 1, "debts") == 1
    assert stock(g, 2, "debts") == 1
    assert stock(g, 0, "coin") == 3 and stock(g, 0, "debts") == 0   # never the builder
    assert all(stock(g, i, "owed") == 0 for i in range(3))


def test_coins_are_lost_after_every_gain_of_the_turn(program):
    # P2 had no coin but sells a card this turn (3 coins) and is paid 2 by a buyer: the Lair's two
    # coins are lost after both gains, so P2 may pay them.
    g = table(program, coins=0)
    player(g, 0).stock["coin"] = 2
    put(g, 0, "city", "lumber_yard", "glassworks_1")          # P1 makes wood and glass
    put(g, 0, "chosen", "lair")
    g.state.globals["age"] = 2
    proc(g, "resolve", "build")
    put(g, 1, "chosen", "altar")
    proc(g, "resolve", "discard", i=1)
    player(g, 1).stock["income"] = 2
    drive(g, g.program.procs["end_of_turn"](g, player(g, 0)), ["pay 2 coin, take 0 debts"])
    assert stock(g, 1, "coin") == 3 and stock(g, 1, "debts") == 0


def test_sepulcher_costs_each_other_player_their_victory_tokens(program):
    g = table(program, coins=5)
    player(g, 1).stock["victories"] = 3
    player(g, 2).stock["victories"] = 0
    run_effect(g, 0, "sepulcher")
    assert [stock(g, i, "owed") for i in range(3)] == [0, 3, 0]
    run_effect(g, 0, "builders_union")
    put(g, 2, "built_stages", "gizah_a1", "gizah_a2")
    assert [stock(g, i, "owed") for i in range(3)] == [0, 3, 0]   # counted when it is built
    run_effect(g, 0, "builders_union")
    assert [stock(g, i, "owed") for i in range(3)] == [0, 3, 2]


def test_a_debt_costs_one_point_at_the_end(program):
    result = result_with(table(program), civil=[10, 10, 9], debts=[0, 1, 0])
    assert [result["scores"][f"P{i + 1}"][0] for i in range(3)] == [10, 9, 9]
    assert result["winners"] == ["P1"]


def test_gambling_den_pays_you_and_your_neighbours(program):
    g = table(program, players=4, coins=0)
    run_effect(g, 0, "gambling_den")
    assert [stock(g, i, "coin") for i in range(4)] == [6, 1, 0, 1]


def test_slave_market_and_illegal_network_pay_by_tokens_and_black_cards(program):
    g = table(program, coins=0)
    player(g, 0).stock["victories"] = 4
    run_effect(g, 0, "slave_market")
    assert stock(g, 0, "coin") == 4
    put(g, 0, "city", "hideout", "lair", "illegal_network")
    run_effect(g, 0, "illegal_network")
    assert stock(g, 0, "coin") == 7


# ---------------------------------------------------------------------------- trade and production


def test_a_clandestine_dock_takes_a_coin_off_one_purchase_a_turn(program):
    g = table(program, coins=6)
    player(g, 0).stock[g.program.indexed["docks"]["east"]] = 1
    put(g, 2, "city", "stone_pit", "quarry")                   # the right (east) neighbour: 3 stone
    proc(g, "dock_discounts")                                  # the start of a turn
    g.state.globals["age"] = 2
    choose_card(g, 0, "aqueduct")                              # 3 stone: 1 + 2 + 2
    assert quote(g, "aqueduct") == 5
    proc(g, "resolve", "build")
    assert stock(g, 0, "coin") == 1 and stock(g, 2, "income") == 5
    choose_card(g, 0, "baths")                                 # the discount is used up this turn
    assert quote(g, "baths") == 2


def test_secret_warehouse_and_black_market_follow_the_city(program):
    g = table(program, age=2, coins=0)
    put(g, 0, "board", "gizah_a")                              # stone
    put(g, 0, "city", "secret_warehouse")                      # a second stone, as the board
    choose_only(g, 0, "walls")                                 # stone x3
    assert quote(g, "walls") == NO_WAY
    put(g, 0, "city", "stone_pit")
    assert quote(g, "walls") == 0             # pit, board, warehouse
    choose_only(g, 0, "stockade")                              # wood: nothing makes it
    assert quote(g, "stockade") == NO_WAY
    put(g, 0, "city", "black_market")                          # any material but stone
    assert quote(g, "stockade") == 0
    choose_only(g, 0, "archery_range")                         # wood x2, ore
    assert quote(g, "archery_range") == NO_WAY
    put(g, 0, "city", "lumber_yard")                           # the warehouse may now copy wood
    assert quote(g, "archery_range") == 0     # yard, warehouse, the market's ore


def test_architect_cabinet_makes_the_remaining_stages_free_of_resources(program):
    g = table(program, coins=0)
    put(g, 0, "board", "gizah_a")
    g.fill(g.zone(player(g, 0), "stages"), "stage", lambda s: s.fields["part_of"].name == "gizah_a")
    choose_card(g, 0, "altar")
    assert not func(g, "can_use", "build_stage")
    run_effect(g, 0, "architect_cabinet")
    assert func(g, "can_use", "build_stage")


def test_petra_builds_a_stage_with_coins(program):
    g = table(program, coins=6)
    put(g, 0, "board", "petra_a")
    g.fill(g.zone(player(g, 0), "stages"), "stage", lambda s: s.fields["part_of"].name == "petra_a")
    g.move(card(g, "petra_a1"), g.zone(player(g, 0), "built_stages"))
    choose_card(g, 0, "altar")
    assert not func(g, "can_use", "build_stage")               # 7 coins, 6 held
    player(g, 0).stock["coin"] = 8
    assert func(g, "can_use", "build_stage")
    proc(g, "resolve", "build_stage")
    assert stock(g, 0, "coin") == 1


# ---------------------------------------------------------------------------- science (p. 5)


@pytest.mark.parametrize("n", range(1, 11))
def test_identical_symbols_score_their_count_squared(program, n):
    g = table(program)
    symbols(g, 0, gear=n)
    assert func(g, "science_points") == n * n                  # 10 identical symbols: 100


def test_a_copied_symbol_comes_from_a_neighbours_cards(program):
    g = table(program)
    symbols(g, 1, compass=1)
    symbols(g, 2, tablet=2)
    player(g, 0).stock["copies"] = 1
    player(g, 1).stock["copies"] = 1                           # P2 copies from P1 or P3
    symbols(g, 0, gear=0)
    asked = proc(g, "borrow_symbols", answers=["tablet"])
    assert asked[0].options == ["compass", "tablet"]
    symbol = g.program.indexed["symbols"]
    assert stock(g, 0, symbol["tablet"]) == 1
    assert stock(g, 1, symbol["tablet"]) == 1                  # not P1's copy: P3's own tablets


# ---------------------------------------------------------------------------- final scoring


def test_final_scoring_fills_every_category_and_debts_count_against_the_total(program):
    g = table(program, age=3, coins=10)                        # treasury: 10 // 3 = 3
    put(g, 0, "city", "palace", "haven", "lumber_yard", "stone_pit", "magistrates_guild", "hideout", "city_gates")
    put(g, 0, "built_stages", "gizah_a1", "gizah_a2")          # wonder: 3 + 5
    put(g, 1, "city", "altar", "theater")                      # two blue cards for the guild
    symbols(g, 0, gear=2, tablet=1)                            # science: 4 + 1
    player(g, 0).stock["military"] = 6
    player(g, 0).stock["defeats"] = 1
    player(g, 0).stock["debts"] = 4
    proc(g, "final_scoring")
    expected = {"treasury": 3, "civil": 8, "commerce": 2, "guilds": 2, "wonder": 8, "science": 5, "cities": 6}
    assert {k: stock(g, 0, k) for k in expected} == expected
    g.state.over = True
    assert g.result()["scores"]["P1"][0] == 6 - 1 + sum(expected.values()) - 4


# ---------------------------------------------------------------------------- teams (p. 6-7)


def test_rulebook_example_teams_double_tokens_against_the_adversary(program):
    # End of age II: you (P1, 2 shields) against your adversary neighbour (P4, 5): two defeat
    # tokens for you, two age II victory tokens for them. Teammates never fight.
    g = table(program, players=4, age=2, teams=True)
    shields(g, 2, 0, 9, 5)
    proc(g, "conflicts")
    assert tokens(g, 0) == (0, 2) and tokens(g, 3) == (6, 0)   # P4 never meets P3, its teammate
    assert tokens(g, 1) == (0, 2) and tokens(g, 2) == (6, 0)   # P2 meets P3 only, never P1
    assert stock(g, 3, "victories") == 2


def test_rulebook_example_teams_diplomacy_halves_the_tokens(program):
    g = table(program, players=4, age=2, teams=True)
    shields(g, 2, 0, 0, 5)
    player(g, 0).stock["diplomacy"] = 1
    proc(g, "conflicts")
    assert tokens(g, 0) == (0, 1) and tokens(g, 3) == (3, 0)
    assert stock(g, 0, "diplomacy") == 0


def test_teams_two_diplomats_facing_each_other_take_nothing(program):
    g = table(program, players=4, age=3, teams=True)
    shields(g, 2, 0, 0, 5)
    player(g, 0).stock["diplomacy"] = 1
    player(g, 3).stock["diplomacy"] = 1
    proc(g, "conflicts")
    assert tokens(g, 0) == (0, 0) and tokens(g, 3) == (0, 0)


def test_teams_you_cannot_buy_from_your_teammate(program):
    g = table(program, players=4, teams=True)
    put(g, 1, "city", "stone_pit")                             # P2, P1's teammate (left)
    choose_card(g, 0, "baths")
    assert quote(g, "baths") == NO_WAY
    put(g, 3, "city", "stone_pit#2")                           # P4, the adversary (right)
    assert quote(g, "baths") == 2
    # P2's teammate is on the right: P2 buys from P3 on the left, never from P1
    put(g, 0, "city", "clay_pool")
    choose_card(g, 1, "guard_tower")                           # 1 clay
    assert quote(g, "guard_tower", 1) == NO_WAY


def test_without_the_variant_neighbours_sitting_together_trade_and_fight(program):
    g = table(program, players=4)
    put(g, 1, "city", "stone_pit")
    choose_card(g, 0, "baths")
    assert quote(g, "baths") == 2
    shields(g, 2, 0, 0, 5)
    proc(g, "conflicts")
    assert tokens(g, 0) == (1, 1)


def test_teams_a_coin_loss_hits_your_teammate_too(program):
    g = table(program, players=4, coins=0, teams=True)
    run_effect(g, 0, "brotherhood")
    assert [stock(g, i, "owed") for i in range(4)] == [0, 3, 3, 3]


def test_teams_copy_no_science_symbol_from_the_teammate(program):
    g = table(program, players=4, teams=True)
    symbols(g, 1, compass=1)                                   # P2, teammate
    symbols(g, 3, gear=1)                                      # P4, adversary
    player(g, 0).stock["copies"] = 1
    proc(g, "borrow_symbols")                                  # only the gear: not asked
    assert stock(g, 0, g.program.indexed["symbols"]["gear"]) == 1


def test_teams_score_together_and_the_richer_team_wins_a_tie(program):
    result = result_with(table(program, players=4, teams=True), civil=[10, 5, 8, 7], coin=[1, 1, 4, 0])
    assert [result["scores"][f"P{i + 1}"] for i in range(4)] == [[15, 2], [15, 2], [15, 4], [15, 4]]
    assert result["winners"] == ["P3", "P4"]


# ---------------------------------------------------------------------------- decks


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_each_age_deals_eight_cards_with_players_many_black_cards(backends, players):
    g = table(backends["compiled"], players=players, age=0)
    for age in (1, 2, 3):
        g.state.globals["age"] = age
        proc(g, "setup_age")
        dealt = [c for p in g.state.players for c in g.zone(p, "hand").items]
        assert all(len(g.zone(p, "hand").items) == 8 for p in g.state.players)
        assert not g.zone(None, "deck").items and not g.zone(None, "black_pool").items
        colours = Counter(c.fields["colour"] for c in dealt)
        assert colours["black"] == players and all(c.fields["age"] == age for c in dealt)
        assert colours["purple"] == (players + 2 if age == 3 else 0)
        for p in g.state.players:
            for c in list(g.zone(p, "hand").items):
                g.move(c, g.zone(None, "box"))


# ---------------------------------------------------------------------------- whole games


def play_checked(program, players: int, seed: int, variants=()) -> Game:
    """A random game with the base game's invariants for 8 cards a hand, and Cities' own: players-many
    black cards per age in play, no coins still owed at the end."""
    g = base_play_checked(program, players, seed, hand=8, variants=variants)
    cards = cards_in_play(g)
    for age in (1, 2, 3):
        assert sum(1 for c in cards if c.fields["age"] == age and c.fields["colour"] == "black") == players
    assert all(p.stock["owed"] == 0 for p in g.state.players)
    return g


GAMES = [(n, ()) for n in range(3, 8)] + [(4, ("teams",)), (6, ("teams",))]


@pytest.mark.parametrize("players,variants", GAMES)
def test_a_random_game_keeps_the_invariants(backends, players, variants):
    play_checked(backends["compiled"], players, 1, variants)


@pytest.mark.slow
@pytest.mark.parametrize("players,variants", GAMES)
def test_random_games_per_player_count_keep_the_invariants(backends, players, variants):
    for seed in range(games_per_count()):
        play_checked(backends["compiled"], players, seed, variants)


@pytest.mark.parametrize("players,variants", [(3, ()), (6, ("teams",))])
def test_compiled_and_interpreted_games_agree(backends, players, variants):
    backends_agree(backends, players, variants)


@pytest.mark.parametrize("variants", [(), ("teams",)])
def test_a_log_replays_to_the_same_final_state_on_both_backends(backends, tmp_path, variants):
    log_replays(backends, tmp_path / "game.json", [CITIES], variants)


def test_teammates_see_each_others_hand_and_nobody_else_does(program):
    """Teams (Cities rulebook, "Variante em equipe"): "teammates may show each other their hands": before each choice of a card, each
    player's view knows the hand the teammate holds then; no other hand is ever shown."""
    g = Game(program, 4, 3, [RandomAgent(30 + i) for i in range(4)], ["teams"])
    views_hide_hands(g, secret=("deck", "black_pool"))
    g = Game(program, 4, 3, [RandomAgent(30 + i) for i in range(4)], ["teams"])
    d, turns = g.start(), 0
    while d is not None and turns < 6:
        if d.prompt.startswith("choose a card"):
            turns += 1
            me = d.player.index
            view = g.view(me)["players"]
            mate = me ^ 1
            alike = program.alike_copies()   # alike copies are named by their declaration in a view
            assert sorted(c["name"] for c in view[mate]["zones"]["hand"]["known"]) == \
                sorted(c.declared if c.name in alike else c.name for c in g.state.players[mate].zones["hand"])
            assert all(not view[i]["zones"]["hand"].get("known") for i in range(4) if i not in (me, mate))
        d = g.apply(RandomAgent(turns).choose(*g.offer(d)))
    assert turns == 6
    g = Game(program, 4, 3, [RandomAgent(30 + i) for i in range(4)])   # no teams: no hand is shown
    views_hide_hands(g, secret=("deck", "black_pool"))
    assert not any(p["zones"]["hand"].get("known") for p in g.view(0)["players"])


def test_the_command_line_plays_logs_and_replays_a_team_game(tmp_path):
    runner = CliRunner()
    log = tmp_path / "teams.json"
    played = runner.invoke(app, ["play", "seven_wonders", "--with", "seven_wonders_cities", "--players", "6",
                                 "--variant", "teams", "--seed", "3", "--log", str(log)])
    assert played.exit_code == 0, played.output
    assert "winner: " in played.output
    for extra in ([], ["--interpret"]):
        again = runner.invoke(app, ["replay", str(log), *extra])
        assert again.exit_code == 0, again.output


@pytest.mark.slow
def test_cover_reaches_every_card_stage_and_proc():
    # at most 40 seeds reach everything (all 40: about 45 s of CPU); --until-covered stops at the first game
    # that leaves nothing unreached, and says how many it played. The 200 were run by hand.
    games = str(games_per_count(40))
    result = CliRunner().invoke(app, ["cover", "seven_wonders", "--with", "seven_wonders_cities", "--games", games,
                                      "--until-covered"])
    assert result.exit_code == 0, result.output
    assert "(stopped when every rule was reached; at most " in " ".join(result.output.split())
