"""Tapestry (rules/tapestry), base game: the rulebook's worked examples and FAQ rulings that
tests/test_tapestry.py and tests/test_tapestry_kernels.py do not already show, on both backends.

Pages are those of the integrated rulebook (../shared/seeds/000_38f9badd4e6c7b08.txt, "l." its line);
"QR" is the quick reference (001_cf1df988ef2101b5.txt). docs/games/tapestry.md, "Examples and
rulings", maps every example and ruling to its test. Seats: P1 is player 0.
"""

from __future__ import annotations

import pytest

from .conftest import drive, pack_backends
from .test_tapestry import (INCOME, PACK, answer_by_prompt, clear_map, ent, face_off, first_options, hex_at, me,
                            run, table, take_bonuses)

TRACKS = ("exploration", "science", "military", "technology")
TIER_TWO = {"exploration": "lighthouse", "science": "apothecary", "military": "barracks", "technology": "forge"}


@pytest.fixture(scope="module")
def backends(tmp_path_factory):
    """The compiled and the interpreted Program of the pack (conftest's `program` picks one)."""
    return pack_backends(tmp_path_factory, PACK)


# ---------------------------------------------------------------------------- helpers


def prompts_of(seen: list) -> list:
    """The prompts of the decisions asked (as answer_by_prompt returns them)."""
    return [d.prompt for d in seen]


def proc(game, name: str, *args, player: int = 0):
    """A proc of the pack as an effect of a player, to hand to a driver."""
    return game.program.procs[name](game, game.state.players[player], *args)


def slot(game, entity: str, name: str, player: int = 0):
    """An effect slot of an entity (a card's `play`, a civilization's `power`) run for a player."""
    return game.run_slot(game.state.players[player], ent(game, entity), name, "test")


def give_power(game, civ: str, player: int = 0) -> None:
    """A civilization's abilities in force for a player (table() starts everyone without any)."""
    drive(game, slot(game, civ, "power", player))


def settle(game, event: str, player: int = 0, answers: dict | None = None, **args) -> None:
    """Announce an event for a player and run what it triggers, answering by prompt."""
    game.emit(event, game.state.players[player], args)
    answer_by_prompt(game.drain(), answers or {})


def hand_of(game, player: int, *cards: str) -> None:
    """Make a player's tapestry hand exactly these cards."""
    p = me(game, player)
    for c in list(p.zones["tapestry_hand"]):
        game.move(c, game.zone(None, "tapestry_discard"))
    for c in cards:
        game.move(ent(game, c), game.zone(p, "tapestry_hand"))


def bare_map(program, players: int = 2, seed: int = 1):
    """A table whose map is empty (a scenario lays out its territories), and its first two players."""
    g = table(program, players, seed)
    clear_map(g)
    return g, me(g), me(g, 1)


def own(game, place, who, tile: str = "t56", items: int = 1) -> None:
    """A hex holding a tile and `items` tokens, controlled by `who`."""
    game.set_field(place, "tile", ent(game, tile))
    game.set_field(place, "holder", who)
    game.set_field(place, "items", items)


# ---------------------------------------------------------------------------- income turns (p.6-8)


def test_civilizations_act_on_income_turns_two_to_five_not_on_the_first(program):
    """p.6 l.309: "you use your civilization ability on income turns 2-5, but not on income turn 1"."""
    g = table(program, 2)
    give_power(g, "leaders")              # at the start of income turns 2-5: advance on a track
    seen = answer_by_prompt(proc(g, "income_turn"), {}, with_forced=True)
    assert me(g).stock["era"] == 1 and not any(t.startswith("Leaders") for t in prompts_of(seen))
    seen += answer_by_prompt(proc(g, "income_turn"), {}, with_forced=True)
    assert me(g).stock["era"] == 2 and any(t.startswith("Leaders") for t in prompts_of(seen))


def test_several_civilizations_act_in_the_order_their_owner_chooses(program):
    """p.6 l.330: "if you have several civilizations, activate them in any order"."""
    g = table(program, 2)
    p = me(g)
    give_power(g, "leaders")
    give_power(g, "merrymakers")
    p.stock["technology"], p.stock["coin"] = 0, 0
    g.emit("civ_phase", p, {"turn": 2})
    seen = answer_by_prompt(g.drain(), {"several of your effects": "Merrymakers", "Leaders": "Technology"},
                            with_forced=True)
    assert seen[0].player is p and sorted(seen[0].options) == ["Leaders", "Merrymakers"]
    assert seen[1].prompt.startswith("Merrymakers")          # the one chosen first acts first
    assert p.stock["merry[1]"] == 1 and p.stock["technology"] == 1


def test_with_an_empty_hand_the_top_tapestry_card_goes_face_down_on_the_mat(program):
    """p.6 l.335: you must play a tapestry card from your hand; with an empty hand, the top card of
    the deck goes face down on the income mat (and its ability is not used)."""
    g = table(program, 2)
    p = me(g)
    hand_of(g, 0)
    p.stock["era"], p.stock["vp"] = 2, 0              # step 2 of income turn 2
    top = g.zone(None, "tapestry_deck").items[0]
    run(g, "play_income_tapestry")
    assert p.zones["mat"] == [top] and g.field(top, "flipped") is True
    assert p.stock["vp"] == 0 and not p.zones["tapestry_hand"]


def test_the_zeppelins_circle_advances_exploration_without_benefit_or_bonus(program):
    """p.8 l.463 and p.10 l.618: upgrading Zeppelins to the middle row gains its circle: advance on
    the exploration track without the benefit or the bonus."""
    g = table(program, 2)
    p = me(g)
    g.move(ent(g, "zeppelins"), g.zone(p, "techs[1]"))
    p.stock["exploration"] = 1                    # next: Rafts (explore; bonus: a tapestry card)
    g.move(g.zone(None, "bag").items[0], g.zone(p, "territories"))
    tiles, hand = len(p.zones["territories"]), len(p.zones["tapestry_hand"])
    asked = run(g, "upgrade")                     # the only card: nothing to choose, no bonus offered
    assert asked == []
    assert ent(g, "zeppelins") in p.zones["techs[2]"] and p.stock["exploration"] == 2
    assert len(p.zones["territories"]) == tiles and len(p.zones["tapestry_hand"]) == hand


def test_an_advance_icon_with_an_x_moves_without_benefit_or_bonus(program):
    """p.11 l.741: "the icon on the left has you advance on the technology track for free, without
    gaining the benefit or the bonus" (Clocks' circle)."""
    g = table(program, 2)
    p = me(g)
    g.move(ent(g, "clocks"), g.zone(p, "techs[1]"))
    p.stock["technology"] = 1                     # next: Carpentry (a tapestry card; bonus: a market)
    p.stock["coin"] = 3
    hand = len(p.zones["tapestry_hand"])
    assert run(g, "upgrade") == []
    assert p.stock["technology"] == 2 and len(p.zones["tapestry_hand"]) == hand
    assert p.stock["built[markets]"] == 0 and p.stock["coin"] == 3


def test_every_uncovered_vp_icon_scores_even_the_same_one_twice(program):
    """p.8 l.449: in step 3 you may have several of the same VP icon exposed; score each of them
    (Barter and Banking: 1 VP per tech card, twice)."""
    g = table(program, 2)
    p = me(g)
    for name in ("zeppelins", "calendar", "clocks"):
        g.move(ent(g, name), g.zone(p, "techs[1]"))
    p.stock["built[markets]"], p.stock["vp"] = 2, 0        # Barter, Currency and Banking uncovered
    for s in g.zone(None, "mat_spaces").items:
        if g.program.funcs["uncovered"](g, p, s) and g.field(s, "line") == "markets":
            drive(g, g.run_slot(p, s, "score", "test"))
    assert p.stock["vp"] == 2 * 3


def test_an_innovation_prerequisite_is_met_by_you_or_a_neighbour_uncovering_it(program):
    """p.10 l.632: for some tech cards (e.g. the Barn) the top-row prerequisite is that you or a
    neighbour has uncovered an innovation of the income mat (the Bakery: Farming, a farm built)."""
    g = table(program, 3)
    p, right = me(g), me(g, 2)
    bakery = ent(g, "bakery_card")
    g.move(bakery, g.zone(p, "techs[2]"))
    for who in g.state.players:
        who.stock["built[farms]"] = 0
    assert run(g, "upgrade") == [] and bakery in p.zones["techs[2]"]
    right.stock["built[farms]"] = 1                      # P3 sits to P1's right
    answer_by_prompt(proc(g, "upgrade"), {})
    assert bakery in p.zones["techs[3]"] and ent(g, "bakery") in p.zones["my_landmarks"]


def test_moving_a_building_off_the_income_mat_gives_no_income_at_once(program):
    """FAQ p.28 l.2482: moving an item off the income mat does not give its income immediately,
    only on each later income turn."""
    g = table(program, 2)
    p = me(g)
    for r in INCOME:
        p.stock[r] = 0
    run(g, "gain_building", "markets", answers=["row 1, column 1"])
    assert p.stock["built[markets]"] == 1 and p.stock["coin"] == 0
    p.stock["era"] = 2                             # an income turn then collects the uncovered spaces
    for s in g.zone(None, "mat_spaces").items:
        if g.program.funcs["uncovered"](g, p, s) and g.field(s, "line") == "markets":
            drive(g, g.run_slot(p, s, "income", "test"))
    assert p.stock["coin"] == 2                    # Barter and Currency


# ---------------------------------------------------------------------------- advancing (p.8, FAQ p.28)


def test_a_bonus_is_paid_with_any_one_resource_and_taken_once(program):
    """p.8 l.506: the bonus icon means "pay any 1 resource to gain 1 tapestry card" (Rafts); it is
    taken at most once."""
    g = table(program, 2)
    p = me(g)
    p.stock["exploration"] = 1
    for r in INCOME:
        p.stock[r] = 0
    p.stock["worker"] = 3                          # 1 for the space, 1 for the bonus
    hand = len(p.zones["tapestry_hand"])
    take_bonuses(proc(g, "advance_paying", "exploration"))
    assert p.stock["exploration"] == 2 and p.stock["worker"] == 1
    assert len(p.zones["tapestry_hand"]) == hand + 1


def test_benefits_are_mandatory_and_bonuses_optional(program):
    """FAQ p.28 l.2558: "all benefits are mandatory; all bonuses are optional" (Mathematics: a
    tapestry card, then a house for 1 resource if you wish)."""
    g = table(program, 2)
    p = me(g)
    for r in INCOME:
        p.stock[r] = 0
    p.stock["science"], p.stock["coin"] = 1, 5
    hand = len(p.zones["tapestry_hand"])
    seen = answer_by_prompt(proc(g, "advance_paying", "science"), {"take the bonus": "no"}, with_forced=True)
    # the space's cost, then the bonus: the benefit is never offered
    assert prompts_of(seen) == ["pay 1 of income", "take the bonus of Mathematics?"]
    assert len(p.zones["tapestry_hand"]) == hand + 1 and p.stock["built[houses]"] == 0
    assert p.stock["coin"] == 4


def test_the_landmark_is_placed_before_the_benefit(program):
    """FAQ p.28 l.2531 (and p.8, p.14): advancing into a new tier first, place the landmark first,
    then gain the benefit (Navigation: 1 territory tile, then explore)."""
    g = table(program, 2)
    p = me(g)
    p.stock["exploration"] = 3
    p.stock["food"], p.stock["coin"] = 1, 1
    seen = answer_by_prompt(proc(g, "advance_paying", "exploration"), {}, with_forced=True)
    prompts = prompts_of(seen)
    placing = prompts.index("place it where in your capital?")
    assert any(t == "explore which hex?" or t == "explore with which territory tile?" for t in prompts[placing:])
    assert not any(t.startswith("explore") for t in prompts[:placing])
    assert ent(g, "lighthouse") in p.zones["my_landmarks"]


def test_a_new_tier_reached_by_research_gives_the_landmark(program):
    """p.8 l.512 and p.20 l.1657: the first to enter a new tier "by any means" takes its landmark,
    research included (the die may show any track: every track is one step below tier II)."""
    g = table(program, 2)
    p = me(g)
    for t in TRACKS:
        p.stock[t] = 3
    answer_by_prompt(proc(g, "research", False), {"advance on the track rolled": "yes"})
    moved = [t for t in TRACKS if p.stock[t] == 4]
    assert len(moved) == 1
    assert ent(g, TIER_TWO[moved[0]]) in p.zones["my_landmarks"]
    assert [lm.name for lm in p.zones["my_landmarks"]] == [TIER_TWO[moved[0]]]


def test_research_may_decline_to_advance_after_the_roll(program):
    """p.11 l.721: you may choose not to advance after seeing the roll."""
    g = table(program, 2)
    p = me(g)
    for t in TRACKS:
        p.stock[t] = 3
    answer_by_prompt(proc(g, "research", True), {"advance on the track rolled": "no"})
    assert [p.stock[t] for t in TRACKS] == [3, 3, 3, 3] and not p.zones["my_landmarks"]


def test_a_track_completed_without_its_benefit_still_gives_the_achievement(program):
    """p.15 l.1086: "you do not need to have gained the benefit of that space" to complete a track."""
    g = table(program, 2)
    p = me(g)
    p.stock["military"], p.stock["vp"] = 11, 0
    first_options(g.advance(p, "military", 1, False, False, "test"))
    assert p.stock["military"] == 12 and p.stock["feat_done[any_track_done]"] == 1
    assert p.stock["vp"] == 15


def test_ai_singularity_still_gives_the_complete_track_achievement(program):
    """p.15 l.1087: if you remove your marker with AI Singularity, the track still counts as complete
    and you gain the achievement."""
    g = table(program, 2)
    p = me(g)
    p.stock["technology"], p.stock["coin"], p.stock["vp"] = 11, 2, 0
    answer_by_prompt(proc(g, "advance_paying", "technology"), {})
    assert g.markers(p, "technology") == [] and p.stock["feat_done[any_track_done]"] == 1
    assert p.stock["vp"] == 15


def test_academic_research_cannot_repeat_ai_singularity(program):
    """p.19 l.1548: without a cube on that space (AI Singularity moved it), the "benefit of your
    current space" symbols cannot repeat it."""
    g = table(program, 2)
    p = me(g)
    for t in TRACKS:
        p.stock[t] = 0
    p.stock["exploration"], p.stock["technology"], p.stock["coin"] = 5, 11, 2
    answer_by_prompt(proc(g, "advance_paying", "technology"), {"AI Singularity": "Science"})
    g.emit("turn_start", p, {})
    answer_by_prompt(g.drain(), {})
    seen = answer_by_prompt(proc(g, "repeat_position"), {"take the bonus": "no"}, with_forced=True)
    assert seen[0].prompt.startswith("gain the benefit of your space")
    assert seen[0].options == ["Exploration"]        # not Technology: no marker of yours there


def test_academic_research_and_the_battery_in_one_turn_but_never_the_same_space(program):
    """p.20 l.1660: Academic Research and the Lithium-Ion Battery may both be used in one turn, each
    symbol once, and no space of a track activated twice in the turn."""
    g = table(program, 2)
    p = me(g)
    g.emit("turn_start", p, {})
    answer_by_prompt(g.drain(), {})
    p.stock["exploration"], p.stock["military"], p.stock["technology"] = 10, 2, 2
    p.stock["science"] = 6
    for r in INCOME:
        p.stock[r] = 0
    p.stock["worker"] = 3
    # Academic Research (science 7): the benefit of Bladed Weapons (military 2)
    answer_by_prompt(proc(g, "advance_paying", "science"),
                     {"gain the benefit of your space": "Military", "take the bonus": "no"})
    g.move(ent(g, "battery"), g.zone(p, "techs[2]"))
    gen = proc(g, "upgrade")                         # the Battery's square: repeat a space again
    d = gen.send(None)
    while not d.prompt.startswith("gain the benefit of your space"):
        d = gen.send(0)
    assert sorted(d.options) == ["Exploration", "Technology"]   # science 7 and military 2 were used


def test_electronics_may_upgrade_a_card_and_then_take_its_own_circle(program):
    """p.19 l.1543: with Electronics you may upgrade a card from the bottom to the middle row and then
    use the circle benefit of that same card (the "double benefit")."""
    g = table(program, 2)
    p = me(g)
    g.move(ent(g, "calendar"), g.zone(p, "techs[1]"))     # circle: 1 culture
    for r in INCOME:
        p.stock[r] = 0
    p.stock["technology"], p.stock["coin"] = 8, 3
    answer_by_prompt(proc(g, "advance_paying", "technology"), {"Electronics": "upgrade"})
    assert p.stock["technology"] == 9 and ent(g, "calendar") in p.zones["techs[2]"]
    assert p.stock["culture"] == 2                            # the upgrade's circle, then the same circle


def test_a_new_tier_and_a_completed_track_on_an_opponents_turn_count_at_once(program):
    """FAQ p.28 l.2548: reaching a new tier first, or completing a track, on an opponent's turn gives
    the landmark and the achievement at once (Alliance: P2's upgrades advance P1 too)."""
    g = table(program, 2)
    p, q = me(g), me(g, 1)
    answer_by_prompt(slot(g, "alliance", "play"), {})
    g.emit("turn_start", q, {})
    answer_by_prompt(g.drain(), {})
    p.stock["exploration"], p.stock["technology"], p.stock["vp"] = 3, 11, 0
    for card in ("zeppelins", "clocks"):              # circles: advance exploration / technology
        g.move(ent(g, card), g.zone(q, "techs[1]"))
        answer_by_prompt(proc(g, "upgrade", player=1), {"upgrade which tech card": ent(g, card).title})
    assert p.stock["exploration"] == 4 and ent(g, "lighthouse") in p.zones["my_landmarks"]
    assert p.stock["technology"] == 12 and p.stock["feat_done[any_track_done]"] == 1


# ---------------------------------------------------------------------------- buildings and capital


def test_with_room_in_the_capital_a_building_must_go_in_it(program):
    """FAQ p.29 l.2574: with room on your capital board, a building you gain must be placed there
    (it may not be set aside)."""
    g = table(program, 2)
    city = ent(g, "my_capital").copy_for("P1")
    seen = answer_by_prompt(proc(g, "gain_building", "farms"), {}, with_forced=True)
    assert prompts_of(seen) == ["place it where in your capital?"]
    assert "outside the capital" not in seen[0].options and len(seen[0].options) > 1
    assert g.field(city, "built") == 1


def test_a_building_type_with_none_left_gives_no_other_type(program):
    """FAQ p.29 l.2588: having placed every building of a type, you may not take another type."""
    g = table(program, 2)
    p = me(g)
    p.stock["built[farms]"] = 5
    stock = dict(p.stock)
    assert run(g, "gain_building", "farms") == []
    assert p.stock == stock
    gen = proc(g, "any_building")
    d = gen.send(None)
    assert d.options == ["market", "house", "armory"]


# ---------------------------------------------------------------------------- the map (p.9-12, p.18, p.21)


def test_no_unexplored_hex_next_to_your_territories_means_no_exploring(program):
    """p.18 l.1408: with no vacant hex next to a territory you control, you place no tile and gain
    nothing."""
    g, p, _ = bare_map(program)
    home = hex_at(g, 0, 0)
    own(g, home, p)
    for q, r in ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1)):     # every neighbour explored
        g.set_field(hex_at(g, q, r), "tile", ent(g, "t57"))
    tile = ent(g, "t1")
    g.move(tile, g.zone(p, "territories"))
    p.stock["vp"], p.stock["coin"] = 0, 0
    answer_by_prompt(proc(g, "explore", False), {})
    assert tile in p.zones["territories"] and p.stock["vp"] == 0 and p.stock["coin"] == 0


def test_when_the_territory_tiles_run_out_nobody_gains_one(program):
    """p.18 l.1411: discarded territory tiles do not return; when the supply runs out, nobody gains
    that kind of tile."""
    g = table(program, 2)
    p = me(g)
    for t in list(p.zones["territories"]):
        g.move(t, g.zone(None, "bag"))
    bag, box = len(g.zone(None, "bag")), len(g.zone(None, "box"))
    run(g, "gain_territories", 2)
    answer_by_prompt(proc(g, "discard_territories", 2), {})
    assert not p.zones["territories"] and len(g.zone(None, "box")) == box + 2
    assert len(g.zone(None, "bag")) == bag - 2                 # the discarded tiles stay out
    for t in list(g.zone(None, "bag").items):
        g.move(t, g.zone(None, "box"))
    run(g, "gain_territories", 2)
    assert not p.zones["territories"] and len(g.zone(None, "bag")) == 0


def test_you_cannot_conquer_with_no_outpost_left_in_your_supply(program):
    """p.12 l.780 and QR p.3: you cannot conquer with no outpost left in your supply."""
    g, p, q, mine, theirs = face_off(program)
    p.stock["outposts"] = 0
    assert run(g, "conquer", False, False, False) == []
    assert g.field(theirs, "holder") is q and g.field(theirs, "fallen") is None


def test_you_cannot_conquer_a_territory_you_control(program):
    """p.11 l.764: control is being the only standing outpost on a territory; you cannot conquer
    territories you already control (only the opponent's is offered)."""
    g, p, q, mine, theirs = face_off(program)
    gen = proc(g, "conquer", False, False, False)
    d = gen.send(None)
    assert d.prompt == "conquer which territory?" and d.options == ["hex (1, 0)"]


def test_the_territory_benefit_comes_only_from_the_black_die(program):
    """p.21 l.1769: conquering, you gain the benefit printed on the territory only if you roll it on
    the black die (the red die never gives it; the black die's other faces give a resource)."""
    outcomes = set()
    for seed in range(1, 13):
        for die in ("the red die", "the black die"):
            g, p, _ = bare_map(program, seed=seed)
            empty = hex_at(g, 0, 1)
            g.set_field(empty, "tile", ent(g, "t8"))          # tile 8: 1 farm
            for r in INCOME:
                p.stock[r] = 0
            answer_by_prompt(proc(g, "conquer_at", empty, False, False), {"gain which conquer die": die})
            farm, resources = p.stock["built[farms]"], sum(p.stock[r] for r in INCOME)
            assert g.field(empty, "holder") is p
            if die == "the red die":
                assert (farm, resources) == (0, 0)
            else:
                assert (farm, resources) in ((1, 0), (0, 1))   # the territory's farm, or a resource
                outcomes.add(farm)
    assert outcomes == {0, 1}                                   # both kinds of face were rolled


def test_a_trap_on_the_middle_island_denies_the_achievement(program):
    """p.12 l.818, p.15 l.1096 and QR p.4: if an opponent plays a Trap while you conquer the middle
    island, you do not gain that achievement."""
    g, p, q = bare_map(program)
    own(g, hex_at(g, 1, 0), p)
    middle = hex_at(g, 0, 0)
    own(g, middle, q, "t49")
    hand_of(g, 1, "trap")
    answer_by_prompt(proc(g, "conquer_at", middle, True, False), {"discard a Trap": "Trap"})
    assert g.field(middle, "holder") is q and p.stock["feat_done[middle_island]"] == 0


def test_the_middle_island_achievement_needs_the_conquer_benefit(program):
    """p.15 l.1098: placing tokens on the middle island by any other means than conquering does not
    give the achievement (the Nomads put a building on it)."""
    g, p, _ = bare_map(program)
    own(g, hex_at(g, 1, 0), p)
    middle = hex_at(g, 0, 0)
    g.set_field(middle, "tile", ent(g, "t49"))
    give_power(g, "nomads")
    run(g, "gain_building", "farms", answers=["on an empty territory next to one you control"])
    assert g.field(middle, "holder") is p and p.stock["feat_done[middle_island]"] == 0


def test_outposts_toppled_by_a_trap_count_for_the_defenders_achievement(program):
    """QR p.4: the two outposts toppled for the achievement may be toppled by conquering or by Traps."""
    g, p, q = bare_map(program)
    own(g, hex_at(g, 0, 0), p)
    first = hex_at(g, 1, 0)
    own(g, first, q, "t57")
    second = hex_at(g, -1, 0)                            # an opponent outpost P2 toppled earlier
    own(g, second, q, "t57", 2)
    g.set_field(second, "fallen", p)
    hand_of(g, 1, "trap")
    q.stock["vp"] = 0
    answer_by_prompt(proc(g, "conquer_at", first, False, False), {"discard a Trap": "Trap"})
    assert g.field(first, "fallen") is p and q.stock["feat_done[two_topples]"] == 1
    assert q.stock["vp"] == 15


def test_a_trap_may_be_played_as_a_tapestry_card(program):
    """p.12 l.830: each response card may also be played as a normal tapestry card (on an income
    turn), for its WHEN PLAYED ability."""
    g = table(program, 2)
    p = me(g)
    hand_of(g, 0, "trap")
    p.stock["era"], p.stock["vp"] = 2, 0
    run(g, "play_income_tapestry")
    assert p.zones["mat"] == [ent(g, "trap")] and p.stock["vp"] == 10


def test_two_player_neighbours_count_once(program):
    """p.15 l.1040: in a two-player game you count your neighbour only once (Coal Baron: your
    neighbours each gain 1 territory tile)."""
    g = table(program, 2)
    q = me(g, 1)
    tiles = len(q.zones["territories"])
    answer_by_prompt(slot(g, "coal_baron", "play"), {})
    assert len(q.zones["territories"]) == tiles + 1


# ---------------------------------------------------------------------------- tapestry cards


def test_nuclear_bomb_with_an_empty_hand_scores_but_plays_nothing(program):
    """p.21 l.1775: at Nuclear Bomb with no tapestry card in hand, score 1 VP per exploration space
    but play no card (not the top of the deck face down, as on an income turn)."""
    g = table(program, 2)
    p = me(g)
    hand_of(g, 0)
    g.move(ent(g, "academia"), g.zone(p, "mat"))
    deck = len(g.zone(None, "tapestry_deck"))
    p.stock["military"], p.stock["exploration"], p.stock["culture"], p.stock["vp"] = 9, 5, 2, 0
    answer_by_prompt(proc(g, "advance_paying", "military"), {})
    assert p.stock["military"] == 10 and p.stock["vp"] == 5
    assert p.zones["mat"] == [ent(g, "academia")] and not p.zones["covered_cards"]
    assert len(g.zone(None, "tapestry_deck")) == deck


def test_printing_press_on_income_turn_five_plays_on_top_of_the_era_four_card(program):
    """p.15 l.1061 and FAQ p.28 l.2508: a tapestry card played during or after income turn 5 (Printing
    Press upgraded to the top row then) goes on top of the era-4 card."""
    g = table(program, 2)
    p = me(g)
    for name in ("academia", "alliance", "feudalism"):        # the cards of eras 2, 3 and 4
        g.move(ent(g, name), g.zone(p, "mat"))
    hand_of(g, 0, "boast_of_superiority")
    g.move(ent(g, "printing_press"), g.zone(p, "techs[2]"))
    p.stock["technology"], p.stock["era"], p.stock["vp"] = 4, 4, 0
    answer_by_prompt(proc(g, "income_turn"), {"upgrade 1 tech card": "yes"})
    assert p.stock["era"] == 5
    assert [c.name for c in p.zones["mat"]] == ["academia", "alliance", "boast_of_superiority"]
    assert p.zones["covered_cards"] == [ent(g, "feudalism")]


def test_a_tapestry_card_played_in_step_one_goes_on_the_new_eras_space(program):
    """FAQ p.28 l.2514: a tapestry card played in step 1 of an income turn (a civilization upgrading
    Printing Press) goes on the new era's space, since the era has begun: it covers nothing. Reading:
    the card of step 2 is then played on top of it."""
    g = table(program, 2)
    p = me(g)
    give_power(g, "inventors")                     # step 1: upgrade a tech card with a token
    g.move(ent(g, "academia"), g.zone(p, "mat"))   # the era-2 card
    g.move(ent(g, "printing_press"), g.zone(p, "techs[2]"))
    hand_of(g, 0, "boast_of_superiority", "feudalism")
    p.stock["technology"], p.stock["era"] = 4, 2
    seen = answer_by_prompt(proc(g, "income_turn"), {
        "Inventors: a tech card of whose?": "P1",
        "play which tapestry card on top of your current one?": "Boast of Superiority",
        "play which tapestry card?": "Feudalism"}, with_forced=True)
    assert "play which tapestry card on top of your current one?" in prompts_of(seen)
    assert ent(g, "printing_press") in p.zones["techs[3]"]
    assert [c.name for c in p.zones["mat"]] == ["academia", "feudalism"]   # the era-2 card stays visible
    assert p.zones["covered_cards"] == [ent(g, "boast_of_superiority")]


def test_technocracy_on_top_of_a_this_era_card_checks_who_else_is_in_the_era(program):
    """FAQ p.30 l.2661: Technocracy played on top of a THIS ERA card: if nobody else has entered the
    era, the large benefit (invent and upgrade), otherwise the small one (3 VP per opponent)."""
    g = table(program, 3)
    p, q = me(g), me(g, 1)
    for who in g.state.players:
        who.stock["era"] = 1
    p.stock["era"], p.stock["vp"] = 2, 0
    g.move(ent(g, "academia"), g.zone(p, "mat"))
    hand_of(g, 0, "technocracy")
    answer_by_prompt(proc(g, "play_on_top"), {})
    assert len(p.zones["techs[2]"]) == 1              # nobody else in era 2: invent and upgrade
    g2 = table(program, 3)
    p2 = me(g2)
    for who in g2.state.players:
        who.stock["era"] = 2
    p2.stock["vp"] = 0
    g2.move(ent(g2, "academia"), g2.zone(p2, "mat"))
    hand_of(g2, 0, "technocracy")
    answer_by_prompt(proc(g2, "play_on_top"), {})
    assert not p2.zones["techs[2]"] and p2.stock["vp"] == 6       # 3 VP per opponent


def test_socialism_cannot_move_you_on_a_track_dictatorship_closed(program):
    """FAQ p.30 l.2670: after an opponent's Dictatorship, you may play Socialism, but it does not lift
    the restriction: you do not move on that track."""
    def socialism_after(dictator: bool) -> int:
        g = table(program, 2)
        p, q = me(g), me(g, 1)
        p.stock["exploration"], q.stock["exploration"] = 0, 2
        if dictator:
            answer_by_prompt(slot(g, "dictatorship", "play", 1), {"advance on which track": "Exploration"})
        else:
            q.stock["exploration"] = 3
        answer_by_prompt(slot(g, "socialism", "play"), {"which track": "Exploration"})
        return p.stock["exploration"]

    assert socialism_after(False) == 3              # matching the closest opponent
    assert socialism_after(True) == 0


def test_colonialism_gains_nothing_from_printed_territories(program):
    """FAQ p.30 l.2678: Colonialism refers to territory tiles; the territories printed on the map
    (the middle island) are not tiles."""
    g, p, _ = bare_map(program)
    own(g, hex_at(g, 0, 0), p, "t49")               # the middle island: every terrain, printed
    for r in INCOME:
        p.stock[r] = 0
    answer_by_prompt(slot(g, "colonialism", "play"), {})
    assert all(p.stock[r] == 0 for r in INCOME)
    own(g, hex_at(g, 1, 0), p, "t8")                 # tile 8: desert and mountain
    answer_by_prompt(slot(g, "colonialism", "play"), {})
    assert (p.stock["coin"], p.stock["worker"]) == (1, 1)


def test_revolution_cannot_take_an_achievement_already_earned(program):
    """FAQ p.30 l.2683: standing your outposts up with Revolution does not take away an achievement
    already earned, but an outpost stood up no longer counts as toppled."""
    g, p, q = bare_map(program)
    own(g, hex_at(g, 0, 0), p)
    for at in ((1, 0), (0, 1)):                      # P2 toppled two of P1's outposts
        h = hex_at(g, *at)
        own(g, h, q, "t57", 2)
        g.set_field(h, "fallen", p)
    q.stock["vp"] = 0
    run(g, "achieve", "two_topples", player=1)
    # "up to 3 territories": one, then none ends it (no third question)
    drive(g, slot(g, "revolution", "play"), ["stand up your toppled outposts", 0, "none"])
    assert q.stock["feat_done[two_topples]"] == 1 and q.stock["vp"] == 15        # kept
    assert g.program.funcs["topples"](g, p, q) == 1                             # one stands again
    assert sorted(g.field(hex_at(g, *at), "holder") is p for at in ((1, 0), (0, 1))) == [False, True]


def test_anti_aircraft_defense_counts_covered_tapestry_cards(program):
    """p.21 l.1731 (and the icon, p.16): 1 VP per tapestry card, in hand and on the income mat,
    covered ones included."""
    g = table(program, 2)
    p = me(g)
    hand_of(g, 0, "academia")
    g.move(ent(g, "alliance"), g.zone(p, "mat"))
    g.move(ent(g, "feudalism"), g.zone(p, "covered_cards"))
    p.stock["military"], p.stock["culture"], p.stock["coin"], p.stock["vp"] = 8, 1, 2, 0
    answer_by_prompt(proc(g, "advance_paying", "military"), {})
    assert p.stock["military"] == 9 and p.stock["vp"] == 3


# ---------------------------------------------------------------------------- civilizations


def test_heralds_cannot_copy_a_covered_card(program):
    """FAQ p.29 l.2610: the Heralds put a token on the card they copy, so only visible cards."""
    g = table(program, 2)
    q = me(g, 1)
    give_power(g, "heralds_civ")
    g.move(ent(g, "feudalism"), g.zone(q, "covered_cards"))
    g.move(ent(g, "boast_of_superiority"), g.zone(q, "mat"))
    g.emit("civ_phase", me(g), {"turn": 2})
    gen = g.drain()
    d = gen.send(None)
    assert d.prompt.startswith("Heralds: a tapestry card of whose")
    d = gen.send(d.options.index("P2"))
    assert d.prompt == "Heralds: which card?" and d.options == ["Boast of Superiority"]


def test_heralds_may_not_play_renaissance_on_maker_of_fire(program):
    """p.32 l.2842: "the Heralds may not play the Renaissance card on Maker of Fire"."""
    g = table(program, 2)
    p = me(g)
    drive(g, slot(g, "heralds_civ", "adjust"))
    hand_of(g, 0, "renaissance", "academia")
    g.emit("income_done", p, {})
    gen = g.drain()
    d = gen.send(None)
    assert d.prompt == "play a tapestry card on top of Maker of Fire?"
    assert "Renaissance" not in d.options and "Academia" in d.options


def test_historians_adjustment_draws_to_a_when_played_card_for_maker_of_fire(program):
    """p.32 l.2831: starting with the Historians, at the end of your first income turn draw tapestry
    cards until a WHEN PLAYED one, discard the others, and you may play it on top of Maker of Fire."""
    g = table(program, 2)
    p = me(g)
    deck = g.zone(None, "tapestry_deck").items
    for name in ("feudalism", "age_of_sail", "academia"):        # two THIS ERA cards on top
        card = ent(g, name)
        deck.remove(card)
        deck.insert(0, card)
    discards = len(g.zone(None, "tapestry_discard"))
    drive(g, slot(g, "historians_civ", "adjust"))
    settle(g, "income_done", answers={"play it on top of Maker of Fire?": "yes"})
    assert p.zones["mat"] == [ent(g, "feudalism")]
    assert len(g.zone(None, "tapestry_discard")) == discards + 2
    assert {ent(g, "academia"), ent(g, "age_of_sail")} <= set(g.zone(None, "tapestry_discard").items)


def test_an_inventors_card_upgraded_by_its_owner_gives_the_inventors_the_square_too(program):
    """FAQ p.29 l.2597: the Inventors have a token on an opponent's middle-row card and the opponent
    upgrades it: the opponent gains the square, then the Inventors too, and then the Inventors move
    the card to their bottom row."""
    g = table(program, 2)
    p, q = me(g), me(g, 1)
    give_power(g, "inventors")
    calendar = ent(g, "calendar")                    # square: 7 VP
    g.move(calendar, g.zone(q, "techs[2]"))
    g.set_field(calendar, "inventor", p)
    q.stock["exploration"] = 4                       # the prerequisite
    p.stock["vp"], q.stock["vp"] = 0, 0
    answer_by_prompt(proc(g, "upgrade", player=1), {})
    assert q.stock["vp"] == 7 and p.stock["vp"] == 7
    assert calendar in p.zones["techs[1]"]


def test_an_adjustment_that_loses_a_resource_is_made_at_the_end_of_income_turn_one(program):
    """FAQ p.29 l.2593 (p.32): a civilization adjustment that loses a resource is made at the end of
    income turn 1 (the Futurists lose 1 culture and 1 resource of their choice)."""
    g = table(program, 2)
    p = me(g)
    for r in INCOME:
        p.stock[r] = 0
    drive(g, slot(g, "futurists", "adjust"))
    assert all(p.stock[r] == 0 for r in INCOME)            # nothing to lose yet: nothing lost
    answer_by_prompt(proc(g, "income_turn"), {"pay 1 of": "coin"})
    assert [p.stock[r] for r in INCOME] == [0, 1, 1, 0]    # 1 of each earned, then culture and coin lost


def test_isolationists_middle_island_is_no_wildcard(program):
    """FAQ p.29 l.2606: the middle island does not join a land mass for the Isolationists: it is
    surrounded by water."""
    g, p, _ = bare_map(program)
    give_power(g, "isolationists")
    own(g, hex_at(g, 0, 0), p, "t49")                 # the middle island
    own(g, hex_at(g, 1, 0), p, "t57")                 # next to it, forest and mountain on its sides
    own(g, hex_at(g, -1, 0), p, "t57")
    p.stock["vp"] = 0
    settle(g, "civ_phase", turn=5)
    assert p.stock["land_mass"] == 1


@pytest.mark.parametrize("civ, vp, resources, tiles", [
    ("alchemists", 10, 1, 0), ("entertainers", 10, 1, 0), ("traders", 10, 2, 0), ("merrymakers", 0, 1, 0),
    ("mystics", 0, 1, 0), ("the_chosen", 30, 0, 0), ("isolationists", 0, 0, 2),
    ("craftsmen", 0, 0, 0), ("inventors", 0, 0, 0), ("leaders", 0, 0, 0), ("militants", 0, 0, 0),
    ("nomads", 0, 0, 0)])
def test_civilization_adjustments_when_starting_the_game(program, civ, vp, resources, tiles):
    """p.32 l.2763-2893: the adjustments made when starting the game with a civilization (3 players:
    The Chosen gain 15 VP per opponent); the ones listed as "no change" change nothing."""
    g = table(program, 3)
    p = me(g)
    for r in INCOME:
        p.stock[r] = 0
    p.stock["vp"] = 0
    held = len(p.zones["territories"])
    first_options(slot(g, civ, "adjust"))
    assert p.stock["vp"] == vp
    assert sum(p.stock[r] for r in INCOME) == resources
    assert len(p.zones["territories"]) == held + tiles


def test_no_adjustment_for_a_civilization_gained_during_the_game(program):
    """p.32 l.2768 and p.16 l.1172: a civilization gained during the game (Mechs, Radio) is drawn as 2, keep 1,
    the other shuffled back, and gets no adjustment (The Chosen: no 15 VP per opponent)."""
    g = table(program, 3)
    p = me(g)
    deck = g.zone(None, "civ_deck").items
    chosen = ent(g, "the_chosen")
    deck.remove(chosen)
    deck.insert(0, chosen)
    held, in_deck = len(p.zones["civs"]), len(deck)
    p.stock["vp"] = 0
    seen = answer_by_prompt(proc(g, "gain_civilization"), {"keep which civilization?": "The Chosen"}, with_forced=True)
    assert seen[0].prompt == "keep which civilization?" and len(seen[0].options) == 2
    assert chosen in p.zones["civs"] and len(p.zones["civs"]) == held + 1
    assert len(g.zone(None, "civ_deck")) == in_deck - 1
    assert p.stock["vp"] == 0


def test_after_the_final_income_turn_only_passive_vp_are_gained(program):
    """p.15 l.1115: after your 5th income turn you may still gain VP from passive civilization
    abilities but nothing else (the Historians: the VP of their spaces, not the worker and food)."""
    def historians_gain(era: int) -> tuple:
        g = table(program, 2)
        p, q = me(g), me(g, 1)
        give_power(g, "historians_civ")
        p.stock["historians"], q.stock["hosted"] = 4, 1
        p.stock["era"] = era
        p.stock["vp"], p.stock["worker"], p.stock["food"] = 0, 0, 0
        answer_by_prompt(proc(g, "gain_landmark", ent(g, "lighthouse"), player=1), {})
        g.emit("turn_end", q, {})
        answer_by_prompt(g.drain(), {})
        return p.stock["vp"], p.stock["worker"], p.stock["food"]

    assert historians_gain(4) == (6, 1, 1)
    assert historians_gain(5) == (6, 0, 0)


# ---------------------------------------------------------------------------- the end (p.15, QR p.4)


def test_ties_go_to_the_most_resources_left_then_share_the_win(program):
    """p.15 l.1119 and QR p.4: most VP wins; a tie goes to the player with the most resources left
    (QR; the rulebook's tallest landmark has no height in the texts); still tied, they share."""
    g = table(program, 3)
    for who, (vp, coin) in zip(g.state.players, ((50, 2), (50, 3), (49, 8))):
        who.stock["vp"] = vp
        for r in INCOME:
            who.stock[r] = 0
        who.stock["coin"] = coin
    assert g.result(digest=False)["winners"] == ["P2"]
    me(g).stock["food"] = 1
    assert g.result(digest=False)["winners"] == ["P1", "P2"]
