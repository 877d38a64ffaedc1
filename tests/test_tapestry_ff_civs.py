"""Tapestry: Fantasies & Futures civilizations, part A (Elder Ones, Merfolk, Faefolk, Genies,
Illuminati), on both backends: one scenario per sentence of each mat, and random games in which
they are dealt. Seats: P1 is player 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.agents import RandomAgent
from rulebook.runtime.engine import Game

from .conftest import drive, games_per_count, pack_backends
from .test_tapestry import answer_by_prompt, check_invariants, ent, hex_at, me, run
from .test_tapestry_ff import empty_hand, in_hand, lay, table
from .test_tapestry_pp import give_civ, income_step_one

RULES = Path(__file__).resolve().parent.parent / "rules"
BASE = str(RULES / "tapestry")
EXPANSION = str(RULES / "tapestry_ff")
RESOURCES = ("coin", "worker", "food", "culture")
PART_A = ("elder_ones", "merfolk", "faefolk", "genies", "illuminati")


@pytest.fixture(scope="module")
def backends(tmp_path_factory):
    """The base game with Fantasies & Futures stacked, compiled and interpreted, built once."""
    return pack_backends(tmp_path_factory, BASE, expansions=(EXPANSION,))


def resources(p) -> int:
    return sum(p.stock[r] for r in RESOURCES)


def hand(p) -> list:
    return list(p.zones["tapestry_hand"])


def holding(g: Game, p, *names: str) -> None:
    """The player's hand is exactly these cards."""
    empty_hand(g, p)
    for n in names:
        in_hand(g, p, n)


def with_civ(program, civ: str, players: int = 2, seed: int = 1) -> tuple[Game, object]:
    """A table (test_tapestry_ff's) where P1 holds `civ`, its power started."""
    g = table(program, players, seed)
    give_civ(g, me(g), civ)
    return g, me(g)


def step_one_asked(g: Game, p, turn: int, answers: dict) -> list:
    """Step 1 of an income turn for P1, answering by prompt (anything else: the first option; a lone
    option is forced, as in play); returns who was asked what, as (player index, prompt)."""
    g.emit("civ_phase", p, {"turn": turn})
    return [(d.player.index, d.prompt) for d in answer_by_prompt(g.drain(), answers)]


def func(g: Game, name: str, p, *args):
    return g.program.funcs[name](g, p, *args)


def proc(g: Game, name: str, p, *args, answers: dict | None = None) -> None:
    answer_by_prompt(g.program.procs[name](g, p, *args), answers or {})


def finish_income_five(g: Game, p, answers: dict | None = None) -> None:
    """The end of a player's income turn 5 (what `after income_turn` announces)."""
    p.stock["era"] = 5
    g.emit("last_income_done", p, {})
    answer_by_prompt(g.drain(), answers or {})


# ---------------------------------------------------------------------------- Elder Ones


@pytest.mark.parametrize("option, cards, gained", [("1 resource of your choice", 0, 1),
                                                   ("2 tapestry cards", 2, 0)])
def test_elder_ones_gain_a_resource_or_two_tapestry_cards_on_income_turns_two_to_four(program, option, cards, gained):
    g, p = with_civ(program, "elder_ones")
    holding(g, p)
    for r in RESOURCES:
        p.stock[r] = 0
    income_step_one(g, p, {"Elder Ones: gain": option}, turn=3)
    assert len(hand(p)) == cards and resources(p) == gained


def test_elder_ones_discard_up_to_six_cards_on_income_turn_five_for_two_resources_each(program):
    g, p = with_civ(program, "elder_ones")
    holding(g, p, "academia", "age_of_discovery", "age_of_sail", "alliance", "boast_of_superiority",
            "broker_of_peace", "age_of_wonders", "trap")
    for r in RESOURCES:
        p.stock[r] = 0
    g.emit("civ_phase", p, {"turn": 5})
    drive(g, g.drain(), [0, "coin", "worker", 0, "food", "culture"] * 3)   # 6 cards, 2 resources each
    assert len(hand(p)) == 2                                # at most 6 of the 8
    assert resources(p) == 12
    g, p = with_civ(program, "elder_ones")
    holding(g, p, "academia", "age_of_sail", "alliance")
    for r in RESOURCES:
        p.stock[r] = 0
    g.emit("civ_phase", p, {"turn": 5})
    drive(g, g.drain(), ["Academia"] + ["coin"] * 2 + ["none"])   # 1 card, then stop
    assert len(hand(p)) == 2 and resources(p) == 2 and p.stock["coin"] == 2


def test_elder_ones_take_advance_turns_after_income_turn_five_and_no_income_turn(program):
    g, p = with_civ(program, "elder_ones")
    assert func(g, "plays_on", p, p)
    p.stock["era"] = 5
    assert not func(g, "plays_on", p, p)                    # income turn 5 taken, not yet playing on
    finish_income_five(g, p)
    assert func(g, "plays_on", p, p) and p.vars["extended"]
    p.stock["science"], p.stock["worker"] = 0, 2
    proc(g, "take_turn", p, answers={"after income turn 5": "Elder Ones: an advance turn",
                                     "Elder Ones: advance on which": "Science"})
    assert p.stock["science"] == 1 and p.stock["era"] == 5  # an advance turn, never an income turn
    assert p.vars["extended"]


def test_elder_ones_game_ends_when_they_cannot_or_will_not_advance(program):
    g, p = with_civ(program, "elder_ones")
    finish_income_five(g, p)
    p.stock["coin"] = 3
    run(g, "take_turn", answers=["end your game"])          # ending is voluntary
    assert not p.vars["extended"] and not func(g, "plays_on", p, p)
    g, p = with_civ(program, "elder_ones")
    finish_income_five(g, p)
    for r in RESOURCES:
        p.stock[r] = 0
    for t in ("exploration", "science", "military", "technology"):
        p.stock[t] = 3                                          # tier II costs a resource: none left
    assert run(g, "take_turn") == []                        # nothing to choose: the game ends for them
    assert not p.vars["extended"]


def test_elder_ones_may_not_play_a_trap_after_income_turn_five_but_merfolk_may(program):
    g, p = with_civ(program, "elder_ones")
    assert func(g, "may_respond", p)
    finish_income_five(g, p)
    assert not func(g, "may_respond", p)
    g, p = with_civ(program, "merfolk")
    finish_income_five(g, p)
    assert func(g, "may_respond", p)
    q = me(g, 1)
    q.stock["era"] = 5
    assert not func(g, "may_respond", q)                    # a finished player without them


def test_elder_ones_this_era_card_on_era_four_persists_after_income_turn_five(program):
    """An overplay after income turn 5 lands on the era 4 stack; its THIS ERA ability lasts, since
    no income turn comes to end it (Academia: 3 VP whenever you gain a tapestry card)."""
    g, p = with_civ(program, "elder_ones")
    lay(g, p, "age_of_wonders", 4)
    finish_income_five(g, p)
    holding(g, p, "academia", "trap")
    run(g, "play_on_top", answers=["Academia"])
    assert p.zones["mat"][-1] is ent(g, "academia")
    assert ent(g, "age_of_wonders") in p.zones["covered_cards"]
    for turn in range(2):
        p.stock["vp"] = 0
        proc(g, "gain_tapestries", p, 1)
        assert p.stock["vp"] == 3


def test_elder_ones_score_ten_vp_per_landmark_gained_after_income_turn_five(program):
    g, p = with_civ(program, "elder_ones")
    p.stock["era"], p.stock["vp"] = 5, 0
    proc(g, "gain_landmark", p, ent(g, "lighthouse"))
    assert p.stock["vp"] == 0                               # during income turn 5: no
    finish_income_five(g, p)
    proc(g, "gain_landmark", p, ent(g, "forge"))
    proc(g, "gain_landmark", p, ent(g, "barracks"))
    assert p.stock["vp"] == 20


# ---------------------------------------------------------------------------- Merfolk


def test_merfolk_gain_a_card_then_submerge_all_but_two_hidden_from_the_others(program):
    g, p = with_civ(program, "merfolk")
    holding(g, p, "academia", "age_of_sail", "alliance", "trap")
    income_step_one(g, p, {}, turn=2)
    assert len(hand(p)) == 2 and len(p.zones["submerged"]) == 3
    assert not set(hand(p)) & set(p.zones["submerged"])
    mine, theirs = g.view(0)["players"][0]["zones"], g.view(1)["players"][0]["zones"]
    assert theirs["submerged"]["visibility"] == "hidden" and theirs["submerged"]["size"] == 3
    assert not theirs["submerged"]["known"]                  # the others see how many, not which
    assert len(mine["submerged"]["items"]) == 3              # the Merfolk may look at them
    holding(g, p, "revolution")
    income_step_one(g, p, {}, turn=3)
    assert len(hand(p)) == 2 and len(p.zones["submerged"]) == 3   # 2 or fewer: nothing submerged


def test_merfolk_get_the_submerged_cards_back_on_income_turn_five_and_keep_five(program):
    g, p = with_civ(program, "merfolk")
    holding(g, p, "academia", "age_of_sail", "alliance", "trap", "boast_of_superiority")
    income_step_one(g, p, {}, turn=2)
    income_step_one(g, p, {}, turn=5)
    assert len(hand(p)) == 7 and not p.zones["submerged"]
    discard = len(g.zone(None, "tapestry_discard"))
    finish_income_five(g, p)
    assert len(hand(p)) == 5 and len(g.zone(None, "tapestry_discard")) == discard + 2
    assert p.vars["extended"] and func(g, "plays_on", p, p)


def test_merfolk_discard_cards_for_five_vp_each_after_income_turn_five(program):
    g, p = with_civ(program, "merfolk")
    finish_income_five(g, p)
    holding(g, p, "academia", "age_of_sail", "alliance")
    p.stock["vp"] = 0
    run(g, "take_turn", answers=["discard tapestry cards for 5 VP each",
                                 "Academia", "Alliance", "none"])
    assert p.stock["vp"] == 10 and hand(p) == [ent(g, "age_of_sail")]
    assert p.stock["era"] == 5


def test_merfolk_play_a_card_onto_the_era_four_stack_with_left_charm_and_era_five_effects(program):
    """WHEN PLAYED at once; the left charm as usual; an era-5 effect (a reserved farm) at once."""
    g, p = with_civ(program, "merfolk")
    lay(g, p, "feudalism", 3)
    lay(g, p, "age_of_wonders", 4)
    finish_income_five(g, p)
    holding(g, p, "wizards_guild")
    p.stock["vp"], p.stock["coin"] = 0, 0
    run(g, "take_turn", answers=["play a tapestry card onto the era 4 stack",
                                 "the charm bonus", "coin"])
    assert p.zones["mat"][-1] is ent(g, "wizards_guild")
    assert g.field(ent(g, "wizards_guild"), "slot") == 4
    assert ent(g, "age_of_wonders") in p.zones["covered_cards"]
    assert p.stock["coin"] == 1 and p.stock["vp"] == 6
    holding(g, p, "microbial_magic")
    farms = p.stock["built[farms]"]
    proc(g, "take_turn", p, answers={"Merfolk: discard tapestry cards": "play a tapestry card onto the era 4 stack"})
    assert p.stock["built[farms]"] == farms + 1 and p.stock["reserved[farms]"] == 0


def test_merfolk_game_ends_when_their_cards_are_spent(program):
    g, p = with_civ(program, "merfolk")
    finish_income_five(g, p)
    holding(g, p)
    assert run(g, "take_turn") == []
    assert not p.vars["extended"] and not func(g, "plays_on", p, p)


# ---------------------------------------------------------------------------- Faefolk


def test_faefolk_token_starts_on_the_top_of_the_ellipse(program):
    g, p = with_civ(program, "faefolk")
    assert p.vars["fae_token"] is ent(g, "fae_top")


def test_faefolk_may_gain_a_card_then_move_by_the_visible_cards_and_gain_the_spot(program):
    g, p = with_civ(program, "faefolk")
    lay(g, p, "feudalism", 2)
    lay(g, p, "age_of_wonders", 3)
    g.move(ent(g, "academia"), g.zone(p, "covered_cards"))       # covered: not visible
    holding(g, p, "alliance")
    p.stock["coin"], p.stock["vp"] = 0, 0
    income_step_one(g, p, {"Faefolk: gain 1 tapestry card?": "no"}, turn=2)
    assert p.vars["fae_token"] is ent(g, "fae_coin")             # 1 in hand + 2 on the mat: 3 spots
    techs = sum(len(p.zones[f"techs[{i}]"]) for i in (1, 2, 3))
    assert p.stock["coin"] == 1 and p.stock["vp"] == techs
    income_step_one(g, p, {"Faefolk: gain 1 tapestry card?": "yes"}, turn=3)
    assert len(hand(p)) == 2
    assert p.vars["fae_token"] is ent(g, "fae_top")              # 4 more: around to the top


def test_faefolk_gain_the_benefit_twice_on_income_turn_five(program):
    g, p = with_civ(program, "faefolk")
    holding(g, p, "alliance", "academia")
    p.stock["food"], p.stock["vp"] = 0, 0
    income_step_one(g, p, {"Faefolk: gain 1 tapestry card?": "no"}, turn=5)
    assert p.vars["fae_token"] is ent(g, "fae_food")
    assert p.stock["food"] == 2 and p.stock["vp"] == 2 * len(p.zones["territories"])


# ---------------------------------------------------------------------------- Genies


def test_genies_a_drawn_opponent_chooses_a_circled_benefit_both_score_it_and_the_genies_gain_a_square(program):
    g, p = with_civ(program, "genies")
    q = me(g, 1)
    p.stock["vp"], q.stock["vp"], p.stock["culture"] = 0, 0, 0
    asked = step_one_asked(g, p, 2, {"Genies: choose a circled": "score territory tiles",
                                     "Genies: your two benefits": "the squared benefit",
                                     "Genies: gain which squared": "a culture"})
    assert asked[0] == (1, "Genies: choose a circled benefit to score (the Genies score it too)")
    assert q.stock["vp"] == len(q.zones["territories"])
    assert p.stock["vp"] == len(p.zones["territories"]) and p.stock["culture"] == 1


def test_genies_squares_are_the_two_beside_the_circle(program):
    g = table(program, 2)
    for wish, beside in [("wish_city", {"gift_research", "gift_technology"}),
                         ("wish_tiles", {"gift_technology", "gift_culture"}),
                         ("wish_control", {"gift_culture", "gift_explore"}),
                         ("wish_technology", {"gift_explore", "gift_research"})]:
        w = ent(g, wish)
        assert {g.field(w, "left_gift").name, g.field(w, "right_gift").name} == beside


def test_genies_collect_a_player_token_from_each_opponent(program):
    g, p = with_civ(program, "genies", 4)
    bag = p.zones["genie_bag"]
    assert len(bag) == 3
    assert {g.field(t, "giver").index for t in bag} == {1, 2, 3}


def test_genies_draw_each_opponent_at_random_and_skip_finished_ones(program):
    drawn = set()
    for seed in range(1, 13):
        g, p = with_civ(program, "genies", 3, seed)
        drawn |= {who for who, prompt in step_one_asked(g, p, 3, {}) if prompt.startswith("Genies: choose a circled")}
    assert drawn == {1, 2}
    assert len(p.zones["genie_bag"]) == 2 and not p.zones["genie_drawn"]   # the token goes back
    g, p = with_civ(program, "genies", 3)
    me(g, 1).stock["era"] = me(g, 2).stock["era"] = 5
    p.stock["vp"] = 0
    g.emit("civ_phase", p, {"turn": 3})
    assert drive(g, g.drain()) == [] and p.stock["vp"] == 0


def test_genies_gain_two_different_circled_benefits_on_income_turn_five(program):
    g, p = with_civ(program, "genies")
    p.stock["vp"] = 0
    g.emit("civ_phase", p, {"turn": 5})
    asked = drive(g, g.drain(), ["score territory tiles", "score control"])
    assert "score territory tiles" not in asked[1].options
    assert p.stock["vp"] == len(p.zones["territories"]) + func(g, "controlled", p, p)


# ---------------------------------------------------------------------------- Illuminati


def test_illuminati_draw_three_cards_keep_one_and_put_the_dice_on_their_mat(program):
    g = table(program, 2)
    p = me(g)
    holding(g, p)
    discard = len(g.zone(None, "tapestry_discard"))
    give_civ(g, p, "illuminati")
    assert len(hand(p)) == 1 and len(g.zone(None, "tapestry_discard")) == discard + 2
    assert all(p.stock[f"dice_on_mat[{d}]"] == 1 for d in ("red_on_mat", "black_on_mat", "science_on_mat"))


def roll_event(g: Game, roller, die: str, value) -> None:
    """An opponent (or the owner) rolls a die showing `value`: what the roll announces."""
    g.emit("roll", roller, {"name": die, "face": 1, "value": value})
    answer_by_prompt(g.drain(), {"Illuminati: advance": "yes"})


def test_illuminati_gain_both_conquest_dice_an_opponent_takes_and_only_the_first_roll(program):
    g, p = with_civ(program, "illuminati")
    q = me(g, 1)
    p.stock["vp"], p.stock["food"] = 0, 0
    roll_event(g, q, "red_die", 6)
    roll_event(g, q, "black_die", "food")
    assert p.stock["vp"] == 6 and p.stock["food"] == 1
    assert p.stock["dice_on_mat[red_on_mat]"] == 0 and p.stock["dice_on_mat[black_on_mat]"] == 0
    roll_event(g, q, "red_die", 7)                             # a reroll: off the mat, nothing
    assert p.stock["vp"] == 6
    p.stock["era"] = 5                                          # the owner's game is over: nothing
    roll_event(g, q, "science_die", ent(g, "fighting"))
    assert p.stock["dice_on_mat[science_on_mat]"] == 1 and p.stock["military"] == 0


def test_illuminati_black_territory_face_pays_the_benefit_of_the_territory_conquered(program):
    """The black die's 'benefit on the territory' face pays the owner that territory's benefit when
    the opponent's conquest lands (FR ILLUMINATI.3)."""
    g, p = with_civ(program, "illuminati")
    q = me(g, 1)
    h = hex_at(g, 1, 0)
    g.set_field(h, "tile", ent(g, "t1"))                        # its benefit: 1 coin
    p.stock["coin"] = 0
    roll_event(g, q, "black_die", None)
    assert p.stock["coin"] == 0                                 # not yet: the conquest has not landed
    g.emit("conquered", q, {"place": h})
    drive(g, g.drain())
    assert p.stock["coin"] == 1 and p.stock["dice_on_mat[black_on_mat]"] == 0
    g.emit("conquered", q, {"place": h})                        # once
    drive(g, g.drain())
    assert p.stock["coin"] == 1


def test_illuminati_may_advance_without_benefit_when_an_opponent_takes_the_science_die(program):
    g, p = with_civ(program, "illuminati")
    q = me(g, 1)
    p.stock["military"] = 0
    roll_event(g, q, "science_die", ent(g, "fighting"))
    assert p.stock["military"] == 1 and p.stock["dice_on_mat[science_on_mat]"] == 0
    # a real research by the opponent: the die leaves the mat once, whatever it shows
    g, p = with_civ(program, "illuminati")
    q = me(g, 1)
    before = sum(p.stock[t] for t in ("exploration", "science", "military", "technology"))
    proc(g, "research", q, False, answers={"Illuminati: advance": "yes"})
    assert sum(p.stock[t] for t in ("exploration", "science", "military", "technology")) == before + 1
    assert p.stock["dice_on_mat[science_on_mat]"] == 0


def test_illuminati_own_rolls_leave_the_dice_on_the_mat(program):
    g, p = with_civ(program, "illuminati")
    proc(g, "research", p, False)
    roll_event(g, p, "red_die", 5)
    assert all(p.stock[f"dice_on_mat[{d}]"] == 1 for d in ("red_on_mat", "black_on_mat", "science_on_mat"))


def test_illuminati_score_six_vp_per_die_on_the_mat_then_all_come_back(program):
    g, p = with_civ(program, "illuminati")
    q = me(g, 1)
    roll_event(g, q, "red_die", 5)
    p.stock["vp"] = 0
    income_step_one(g, p, {}, turn=2)
    assert p.stock["vp"] == 12
    assert all(p.stock[f"dice_on_mat[{d}]"] == 1 for d in ("red_on_mat", "black_on_mat", "science_on_mat"))


# ---------------------------------------------------------------------------- whole games


def play_part_a(program, players: int, seed: int) -> tuple[set, set]:
    """A random game with the base invariants after every decision (test_tapestry's
    check_invariants), ending with nobody playing on: the part A civilizations held, and the
    prompts of theirs that were asked (their turns after income turn 5 among them)."""
    agents = [RandomAgent(seed * 1000 + i) for i in range(players)]
    g = Game(program, players, seed, agents)
    incomes: dict = {}
    asked = set()
    d = g.start()
    while d is not None:
        asked.add(d.prompt)
        d = g.apply(agents[d.player.index].choose(*g.offer(d)))
        check_invariants(g, incomes)
    assert all(p.stock["era"] == 5 and not p.vars["extended"] for p in g.state.players)
    assert g.result()["winners"]
    held = {c.name for p in g.state.players for c in p.zones["civs"]} & set(PART_A)
    return held, {a for a in asked if a.split(":")[0] in PART_A_PROMPTS}


PART_A_PROMPTS = {"Elder Ones", "Merfolk", "Faefolk", "Genies", "Illuminati", "after income turn 5"}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_with_the_part_a_civilizations_finish(backends, players):
    held = set()
    for seed in range(6):
        held |= play_part_a(backends["compiled"], players, seed)[0]
    assert held                                                 # they are dealt


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_hundred_random_games_reach_every_part_a_civilization_and_play_on(backends, players):
    held, asked = set(), set()
    for seed in range(games_per_count(100)):
        h, a = play_part_a(backends["compiled"], players, seed)
        held |= h
        asked |= a
    assert held == set(PART_A)
    assert {"Elder Ones: advance on which track?",
            "Merfolk: discard tapestry cards for 5 VP each, or play one onto the era 4 stack?"} <= asked


# Prompts that show somebody playing on after income turn 5.
PLAYING_ON = ("Elder Ones: advance on which track?",
              "Merfolk: discard tapestry cards for 5 VP each, or play one onto the era 4 stack?")


@pytest.mark.parametrize("prompt", PLAYING_ON)
def test_games_that_play_on_agree_on_both_backends_and_replay(backends, tmp_path, prompt):
    """The first 3-player seed (of 60) in which the prompt is asked: both backends give the same log,
    and it replays on both."""
    from rulebook.runtime.record import load, record, replay, save

    players = 3
    seed = next((s for s in range(60) if prompt in play_part_a(backends["compiled"], players, s)[1]), None)
    assert seed is not None, f"no game of 60 asked {prompt!r}"
    games = [Game(backends[b], players, seed, [RandomAgent(seed * 1000 + i) for i in range(players)])
             for b in ("compiled", "interpreted")]
    assert games[0].play() == games[1].play()
    assert games[0].log == games[1].log
    save(record(games[0], BASE, expansions=[EXPANSION], pack_name="tapestry"), tmp_path / "game.json")
    logged = load(tmp_path / "game.json")
    for b in ("compiled", "interpreted"):
        assert replay(backends[b], logged).state.digest() == games[0].state.digest()


PART_A_PROCS = {"extended_turn", "elder_turn", "merfolk_turn", "merfolk_discard", "score_any_building",
                "genies_wish", "genie_gift_beside", "dice_back_on_mat", "illuminati_black"}


@pytest.mark.slow
def test_cover_reaches_every_part_a_civilization_spot_and_proc(backends):
    """`rulebook cover tapestry --with tapestry_ff`: the five civilizations' slots, every spot of the
    Faefolk's ellipse and the Genies' ring and every proc of part A
    (among them the turns after income turn 5 and the Illuminati's territory face) are reached."""
    from rulebook.runtime.coverage import cover_games, setups_of

    program = backends["compiled"]
    report = cover_games(program, range(2, 6), range(1, 1 + games_per_count(20)), setups_of(program)).report()
    missing = {group: set(names) for group, (_, names) in report.items() if names}
    for group in ("fae_spot", "genie_gift", "genie_wish"):
        assert group in report and group not in missing, (group, missing.get(group))
    assert not {n for n in missing.get("civ", ()) if n.split()[0] in PART_A}
    assert not missing.get("proc", set()) & PART_A_PROCS
