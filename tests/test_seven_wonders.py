"""7 Wonders (rules/seven_wonders): scenarios from the rules, on both backends, and whole games.

Seats: P1 is player 0; `left` is the next seat (P2), `right` the previous one (P3 with 3 players).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from rulebook.runtime.agents import RandomAgent, ScriptedAgent
from rulebook.runtime.engine import Game
from rulebook.runtime.kernels import KERNELS
from rulebook.runtime.record import load, record, replay, save

from .conftest import drive, games_per_count, pack_backends

PACK = str(Path(__file__).resolve().parent.parent / "rules" / "seven_wonders")


@pytest.fixture(scope="module")
def backends(tmp_path_factory):
    """The compiled and the interpreted Program of the pack, built once for the module."""
    return pack_backends(tmp_path_factory, PACK)


# ---------------------------------------------------------------------------- helpers


def table(program, players: int = 3, age: int = 1, coins: int = 3) -> Game:
    """A game with the market laid out, in the given age, every player holding `coins` and an
    empty city (no wonder board unless a test gives one)."""
    g = Game(program, players, 1, [ScriptedAgent([])] * players)
    g.fill(g.zone(None, "market"), "offer", None)
    g.state.globals["age"] = age
    for p in g.state.players:
        p.stock["coin"] = coins
    return g


def player(g: Game, i: int):
    return g.state.players[i]


def card(g: Game, name: str):
    return g.program.entities[name]


def put(g: Game, i: int, zone: str, *names: str) -> None:
    """Put cards (or boards, stages) into a player's zone, as if they had been built there."""
    for name in names:
        g.move(card(g, name), g.zone(player(g, i), zone))


def built(g: Game, i: int, name: str, answers=()) -> list:
    """A card that player i already has, with its effect run (a trading post's modifier)."""
    put(g, i, "city", name)
    e = card(g, name)
    if "built" in e.effects:
        return drive(g, e.effects["built"](g, player(g, i), e), answers)
    return []


def proc(g: Game, name: str, *args, i: int = 0, answers=()) -> list:
    return drive(g, g.program.procs[name](g, player(g, i), *args), answers)


def func(g: Game, name: str, *args, i: int = 0):
    return g.program.funcs[name](g, player(g, i), *args)


def choose_card(g: Game, i: int, name: str) -> None:
    """Player i's card of the turn."""
    put(g, i, "chosen", name)


def quote(g: Game, name: str, i: int = 0) -> int:
    """What player i would pay the neighbours for a card's (or stage's) cost: the `quote` kernel."""
    return KERNELS["quote"].fn(g, player(g, i), card(g, name))


def stock(g: Game, i: int, name: str) -> int:
    return player(g, i).stock[name]


def symbols(g: Game, i: int, **counts) -> None:
    for symbol, n in counts.items():
        player(g, i).stock[g.program.indexed["symbols"][symbol]] = n


# ---------------------------------------------------------------------------- building and chains


def test_chain_builds_free_without_resources_or_coins(program):
    # Baths (age I) chains to the Aqueduct (age II, 3 stone): free with no stone and no coin.
    g = table(program, age=2, coins=0)
    put(g, 0, "city", "baths")
    choose_card(g, 0, "aqueduct")
    assert func(g, "can_use", "build")
    assert proc(g, "resolve", "build") == []
    assert card(g, "aqueduct") in g.zone(player(g, 0), "city").items
    assert stock(g, 0, "coin") == 0


def test_without_the_chain_the_same_card_needs_its_resources(program):
    g = table(program, age=2, coins=20)
    choose_card(g, 0, "aqueduct")                      # 3 stone, and no neighbour makes any
    assert not func(g, "can_use", "build")
    assert func(g, "can_use", "discard")


def test_a_city_never_builds_two_identical_structures(program):
    g = table(program)
    put(g, 0, "city", "lumber_yard")
    choose_card(g, 0, "lumber_yard#2")
    assert not func(g, "can_use", "build")


def test_a_coin_cost_is_paid_to_the_bank(program):
    g = table(program, coins=3)
    choose_card(g, 0, "timber_yard")                   # 1 coin, wood or stone
    proc(g, "resolve", "build")
    assert stock(g, 0, "coin") == 2 and stock(g, 1, "income") == stock(g, 2, "income") == 0


# ---------------------------------------------------------------------------- trading


def test_buying_from_a_neighbour_costs_two_coins_which_arrive_at_the_end_of_the_turn(program):
    g = table(program, coins=3)
    put(g, 0, "city", "ore_vein")
    put(g, 1, "city", "stone_pit")                     # P2, the left neighbour, makes stone
    choose_card(g, 0, "baths")                         # 1 stone
    assert quote(g, "baths") == 2
    assert proc(g, "resolve", "build") == []           # one way to pay: not asked
    assert stock(g, 0, "coin") == 1
    assert stock(g, 1, "income") == 2 and stock(g, 1, "coin") == 3   # not spendable this turn
    proc(g, "end_of_turn")
    assert stock(g, 1, "coin") == 5 and stock(g, 1, "income") == 0


def test_a_trading_post_makes_raw_materials_cost_one_coin_on_its_side(program):
    g = table(program, coins=3)
    built(g, 0, "west_trading_post")                   # west: the left neighbour, P2
    put(g, 1, "city", "stone_pit")
    put(g, 2, "city", "stone_pit#2")
    choose_card(g, 0, "baths")
    assert quote(g, "baths") == 1
    # both neighbours sell stone: which one is the player's decision
    asked = proc(g, "resolve", "build", answers=["Stone from the right neighbour"])
    assert asked[0].options == ["Stone from the left neighbour", "Stone from the right neighbour"]
    assert stock(g, 0, "coin") == 1 and stock(g, 2, "income") == 2 and stock(g, 1, "income") == 0


def test_east_trading_post_discounts_the_right_neighbour_only(program):
    g = table(program, coins=3)
    built(g, 0, "east_trading_post")
    put(g, 1, "city", "stone_pit")                     # left
    put(g, 2, "city", "stone_pit#2")                   # right
    choose_card(g, 0, "baths")
    proc(g, "resolve", "build", answers=["Stone from the right neighbour"])
    assert stock(g, 0, "coin") == 2 and stock(g, 2, "income") == 1


def test_marketplace_makes_manufactured_goods_cost_one_coin_on_both_sides(program):
    g = table(program, coins=3)
    built(g, 0, "marketplace")
    put(g, 2, "city", "loom_1")                        # the right neighbour makes textile
    choose_card(g, 0, "apothecary")                    # 1 textile
    assert quote(g, "apothecary") == 1
    proc(g, "resolve", "build")
    assert stock(g, 0, "coin") == 2 and stock(g, 2, "income") == 1
    # raw materials still cost 2
    g2 = table(program, coins=3)
    built(g2, 0, "marketplace")
    put(g2, 1, "city", "stone_pit")
    choose_card(g2, 0, "baths")
    assert quote(g2, "baths") == 2


def test_a_card_you_cannot_pay_for_is_not_offered(program):
    g = table(program, coins=1)
    put(g, 1, "city", "stone_pit")
    choose_card(g, 0, "baths")                         # 2 coins to buy the stone, only 1
    assert not func(g, "can_use", "build")


def test_own_choice_card_and_purchases_are_combined(program):
    # The Guard Tower needs 1 clay: the Clay Pit (ore or clay) covers it, the Timber Yard cannot.
    g = table(program, coins=0)
    put(g, 0, "city", "timber_yard", "clay_pit")
    choose_card(g, 0, "guard_tower")
    assert quote(g, "guard_tower") == 0 and func(g, "can_use", "build")
    # The Archery Range needs wood, wood, ore; the Forest Cave gives wood or ore, not both.
    g = table(program, age=2, coins=4)
    put(g, 0, "city", "forest_cave")
    put(g, 1, "city", "ore_vein")                      # left: ore
    choose_card(g, 0, "archery_range")
    assert quote(g, "archery_range") == NO_WAY     # a second wood: nobody sells it
    put(g, 2, "city", "lumber_yard")                   # right: wood
    assert quote(g, "archery_range") == 4       # the cave's wood, buy wood and ore
    asked = proc(g, "resolve", "build", answers=["Ore from the left neighbour"])
    assert sorted(asked[0].options) == ["Ore from the left neighbour", "Wood from the right neighbour"]
    assert len(asked) == 1                             # the wood was then the only way left
    assert stock(g, 0, "coin") == 0 and stock(g, 1, "income") == 2 and stock(g, 2, "income") == 2


NO_WAY = 1000


def test_neighbours_sell_only_their_brown_grey_and_board_resources(program):
    g = table(program, age=2, coins=9)
    put(g, 1, "city", "caravansery")                   # a yellow choice card: not for sale
    choose_card(g, 0, "baths")
    assert quote(g, "baths") == NO_WAY
    put(g, 1, "board", "gizah_a")                      # the board's stone is for sale
    assert quote(g, "baths") == 2


# ---------------------------------------------------------------------------- discard, stages


def test_discarding_gives_three_coins(program):
    g = table(program, coins=0)
    put(g, 0, "chosen", "palace")
    proc(g, "resolve", "discard")
    assert stock(g, 0, "coin") == 3 and card(g, "palace") in g.zone(None, "discards").items


def test_a_wonder_stage_is_built_with_a_card_from_the_hand(program):
    g = table(program, coins=0)
    put(g, 0, "board", "gizah_a")
    g.fill(g.zone(player(g, 0), "stages"), "stage", lambda s: s.fields["part_of"].name == "gizah_a")
    put(g, 0, "city", "stone_pit", "quarry")           # 3 stone: stage 1 needs 2
    choose_card(g, 0, "altar")
    assert func(g, "can_use", "build_stage")
    proc(g, "resolve", "build_stage")
    assert card(g, "altar") in g.zone(player(g, 0), "under").items
    assert [s.name for s in g.zone(player(g, 0), "built_stages").items] == ["gizah_a1"]
    assert [s.name for s in g.zone(player(g, 0), "stages").items] == ["gizah_a2", "gizah_a3"]


def test_immediate_effects_see_the_cards_neighbours_built_this_turn(program):
    # Vineyard: 1 coin per brown card in your city and your neighbours'
    g = table(program, age=2, coins=0)
    put(g, 1, "city", "ore_vein")
    put(g, 2, "chosen", "lumber_yard")
    put(g, 0, "chosen", "vineyard")
    proc(g, "resolve", "build", i=0)
    proc(g, "resolve", "build", i=2)                   # P3 builds after P1 in seat order
    proc(g, "end_of_turn")
    assert stock(g, 0, "coin") == 2


# ---------------------------------------------------------------------------- wonder powers


def run_effect(g: Game, i: int, name: str, slot: str = "built") -> list:
    e = card(g, name)
    return drive(g, e.effects[slot](g, player(g, i), e))


def test_halikarnassus_builds_a_discarded_card_for_free(program):
    g = table(program, coins=0)
    for name in ("altar", "lumber_yard#2"):
        g.move(card(g, name), g.zone(None, "discards"))
    put(g, 0, "city", "lumber_yard")                   # a second Lumber Yard may not be built
    run_effect(g, 0, "halikarnassus_a2")
    asked = proc(g, "build_from_discards", answers=["Altar"])
    assert asked[0].options == ["Altar", "none"]
    assert card(g, "altar") in g.zone(player(g, 0), "city").items and stock(g, 0, "coin") == 0
    assert stock(g, 0, "discard_builds") == 0


def test_olympia_a_builds_one_card_free_per_age(program):
    g = table(program, age=3, coins=0)
    run_effect(g, 0, "olympia_a2")
    choose_card(g, 0, "palace")
    assert func(g, "can_use", "build_free") and not func(g, "can_use", "build")
    proc(g, "resolve", "build_free")
    assert card(g, "palace") in g.zone(player(g, 0), "city").items
    choose_card(g, 0, "pantheon")
    assert not func(g, "can_use", "build_free")        # once per age
    g.state.globals["age"] = 2                         # (the counter is only compared with the age)
    player(g, 0).stock["free_used_in"] = 1
    assert func(g, "can_use", "build_free")


def test_babylon_b_plays_the_seventh_card(program):
    g = table(program, coins=0)
    run_effect(g, 0, "babylon_b2")
    put(g, 0, "hand", "lumber_yard")
    asked = proc(g, "play_seventh", answers=["build it"])
    assert asked[0].options == ["build it", "discard it for 3 coins"]
    assert card(g, "lumber_yard") in g.zone(player(g, 0), "city").items


def test_olympia_b_trades_raw_materials_at_one_coin_and_copies_a_guild(program):
    g = table(program, age=3, coins=3)
    run_effect(g, 0, "olympia_b1")
    put(g, 1, "city", "stone_pit")
    choose_card(g, 0, "baths")
    assert quote(g, "baths") == 1
    run_effect(g, 0, "olympia_b3")
    put(g, 1, "city", "magistrates_guild", "altar")    # the left neighbour's guild, and a blue card
    put(g, 2, "city", "theater")
    proc(g, "copy_guild")                              # one guild to copy: nothing to ask
    assert stock(g, 0, "guilds") == 2                  # as if yours: your neighbours' blue cards


# ---------------------------------------------------------------------------- passing hands


@pytest.mark.parametrize("age,receiver", [(1, 1), (2, 2), (3, 1)])
def test_hands_pass_left_in_ages_one_and_three_right_in_age_two(program, age, receiver):
    g = table(program, age=age)
    put(g, 0, "hand", "altar", "baths")
    put(g, 1, "hand", "theater")
    put(g, 2, "hand", "loom_1")
    proc(g, "pass_hands")
    assert [c.name for c in g.zone(player(g, receiver), "hand").items] == ["altar", "baths"]


# ---------------------------------------------------------------------------- military


@pytest.mark.parametrize("age,tokens", [(1, 1), (2, 3), (3, 5)])
def test_conflicts_give_victory_tokens_by_age_and_one_defeat(program, age, tokens):
    g = table(program, players=4, age=age)
    for i, shields in enumerate([3, 1, 3, 0]):
        player(g, i).stock["shields"] = shields
    proc(g, "conflicts")
    # P1 (3) beats P2 (1) and P4 (0); P2 loses to both; P3 (3) beats P2 and P4; P4 loses twice
    assert [stock(g, i, "military") for i in range(4)] == [2 * tokens, 0, 2 * tokens, 0]
    assert [stock(g, i, "defeats") for i in range(4)] == [0, 2, 0, 2]


def test_equal_strength_takes_no_token(program):
    g = table(program, age=3)
    for p in g.state.players:
        p.stock["shields"] = 2
    proc(g, "conflicts")
    assert all(stock(g, i, "military") == stock(g, i, "defeats") == 0 for i in range(3))


# ---------------------------------------------------------------------------- science and scoring


def test_science_three_compasses_two_gears_one_tablet_score_21(program):
    g = table(program)
    symbols(g, 0, compass=3, gear=2, tablet=1)
    assert func(g, "science_points") == 9 + 4 + 1 + 7


def test_science_two_sets(program):
    g = table(program)
    symbols(g, 0, compass=2, gear=2, tablet=2)
    assert func(g, "science_points") == 4 + 4 + 4 + 14


def test_a_choice_symbol_is_the_players_decision_at_the_end(program):
    g = table(program)
    symbols(g, 0, compass=2, gear=1, tablet=0)
    player(g, 0).stock["wild_symbols"] = 1
    asked = proc(g, "choose_symbols", answers=["tablet"])
    assert asked[0].options == ["compass", "gear", "tablet"]
    assert func(g, "science_points") == 4 + 1 + 1 + 7


def test_guilds_score_the_neighbours_cities(program):
    g = table(program, age=3)
    put(g, 1, "city", "altar", "theater")              # two blue cards on the left
    put(g, 2, "city", "baths")                         # one on the right
    put(g, 0, "city", "magistrates_guild", "pawnshop")  # your own blue card does not count
    drive(g, card(g, "magistrates_guild").effects["score"](g, player(g, 0), card(g, "magistrates_guild")))
    assert stock(g, 0, "guilds") == 3


def test_final_scoring_by_category_and_the_tie_break_on_coins(program):
    g = Game(program, 3, 5, [RandomAgent(50 + i) for i in range(3)])
    result = g.play()
    keys = result["keys"]
    assert keys[0] == "military - defeats + treasury + wonder + civil + commerce + guilds + science"
    assert keys[1] == "coin"
    for i, p in enumerate(g.state.players):
        s = p.stock
        total = s["military"] - s["defeats"] + s["treasury"] + s["wonder"] + s["civil"] + s["commerce"] + \
            s["guilds"] + s["science"]
        assert s["treasury"] == s["coin"] // 3
        assert result["scores"][p.name][0] == total


def test_the_richest_wins_a_tie(program):
    g = table(program)
    for i, (civil, coin) in enumerate([(10, 4), (10, 7), (9, 20)]):
        player(g, i).stock["civil"] = civil
        player(g, i).stock["coin"] = coin
    g.state.over = True
    assert g.result()["winners"] == ["P2"]


# ---------------------------------------------------------------------------- decks per player count


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_each_age_deals_seven_cards_to_each_player(backends, players):
    g = table(backends["compiled"], players=players, age=0)
    for age in (1, 2, 3):
        g.state.globals["age"] = age
        proc(g, "setup_age")
        hands = [g.zone(p, "hand").items for p in g.state.players]
        assert all(len(h) == 7 for h in hands) and len(g.zone(None, "deck").items) == 0
        dealt = [c for h in hands for c in h]
        assert all(c.fields["age"] == age for c in dealt)
        guilds = [c for c in dealt if c.fields["colour"] == "purple"]
        assert len(guilds) == (players + 2 if age == 3 else 0)
        for c in dealt:                                # never more copies than printed for this count
            same = sum(1 for d in dealt if d.title == c.title)
            assert c.fields["colour"] == "purple" or same == c.fields["counts"][players - 3]
        for p in g.state.players:
            for c in list(g.zone(p, "hand").items):
                g.move(c, g.zone(None, "discards"))


# ---------------------------------------------------------------------------- whole games


def play_checked(program, players: int, seed: int, hand: int = 7, variants=()) -> Game:
    """A random game, checking after every decision the invariants of the issue (`hand`: cards
    dealt per player per age, 8 with Cities)."""
    agents = [RandomAgent(seed * 100 + i) for i in range(players)]
    g = Game(program, players, seed, agents, list(variants))
    d = g.start()
    while d is not None:
        for p in g.state.players:
            assert all(v >= 0 for v in p.stock.values()), p.stock
        if d.prompt == "choose a card to play":
            turn = g.state.globals["turn"]
            assert all(len(p.zones["hand"]) == hand + 1 - turn for p in g.state.players), turn
        d = g.apply(agents[d.player.index].choose(*g.offer(d)))
    per_age = Counter(c.fields["age"] for c in cards_in_play(g))
    assert per_age == {1: hand * players, 2: hand * players, 3: hand * players}
    assert all(not p.zones[z] for p in g.state.players for z in ("hand", "chosen"))
    assert g.state.globals["age"] == 3 and g.result()["winners"]
    return g


def cards_in_play(g: Game) -> list:
    """The age cards played in a finished game: cities, under the wonders, and the discard pile."""
    cards = [c for p in g.state.players for z in ("city", "under") for c in p.zones[z]]
    return cards + list(g.state.zones["discards"])


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_a_few_random_games_keep_the_invariants(backends, players):
    for seed in range(2):
        play_checked(backends["compiled"], players, seed)


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_random_games_per_player_count_keep_the_invariants(backends, players):
    for seed in range(games_per_count()):
        play_checked(backends["compiled"], players, seed)


def backends_agree(backends, players: int, variants=()) -> None:
    """A seeded random game on the compiled and on the interpreted backend: the same decisions,
    the same result, the same final state."""
    games = [Game(backends[b], players, 11, [RandomAgent(110 + i) for i in range(players)], list(variants))
             for b in ("compiled", "interpreted")]
    assert games[0].play() == games[1].play()
    assert games[0].log == games[1].log and games[0].state.to_json() == games[1].state.to_json()


def log_replays(backends, path: Path, expansions=(), variants=()) -> None:
    """A logged 4-player game replays to the same final state on both backends."""
    g = Game(backends["compiled"], 4, 21, [RandomAgent(210 + i) for i in range(4)], list(variants))
    g.play()
    save(record(g, PACK, list(expansions)), path)
    for program in backends.values():
        assert replay(program, load(path)).state.digest() == g.state.digest()


@pytest.mark.parametrize("players", [3, 7])
def test_compiled_and_interpreted_games_agree(backends, players):
    backends_agree(backends, players)


def test_a_log_replays_to_the_same_final_state_on_both_backends(backends, tmp_path):
    log_replays(backends, tmp_path / "game.json")


def views_hide_hands(g: Game, secret=("deck",), steps: int = 40) -> None:
    """Play `steps` random decisions; at each, the deciding player's view shows their own hand but
    never another player's hand, chosen card or cards under the wonder, nor the
    `secret` shared zones."""
    d = g.start()
    checked = 0
    while d is not None and checked < steps:
        me = d.player.index
        view = g.view(me)
        for i, p in enumerate(view["players"]):
            for z in ("hand", "chosen", "under"):
                if i != me:
                    assert "items" not in p["zones"][z], (z, i)
            if i == me:
                assert "items" in p["zones"]["hand"]
        assert all("items" not in view["zones"][z] for z in secret)
        checked += 1
        d = g.apply(RandomAgent(checked).choose(*g.offer(d)))
    assert checked == steps


def test_an_agent_never_sees_the_other_players_hands(program):
    views_hide_hands(Game(program, 3, 3, [RandomAgent(30 + i) for i in range(3)]))
