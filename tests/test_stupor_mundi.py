"""Stupor Mundi (rules/stupor_mundi): the rulebook's worked examples ("Exemplo") and rules as
scenarios on both backends, the end-game conditions, and whole random games with the invariants of
issue 11 checked after every decision.

Seats: P1 is player 0. Scenarios start from the real setup (seeded), then put the pieces where the
example has them; decisions are answered by their option labels.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.agents import RandomAgent, ScriptedAgent
from rulebook.runtime.engine import Game, GameEnded
from rulebook.runtime.record import load, record, replay, save



from .conftest import drive, games_per_count, pack_backends

RULES = Path(__file__).resolve().parent.parent / "rules"
PACK = str(RULES / "stupor_mundi")


@pytest.fixture(scope="module")
def backends(tmp_path_factory):
    """The compiled and the interpreted Program of the pack, built once for the module."""
    return pack_backends(tmp_path_factory, PACK)


# ---------------------------------------------------------------------------- helpers


def table(program, players: int = 2, seed: int = 1) -> Game:
    """A game after its setup phase (which asks nothing), with the standing triggers registered."""
    g = Game(program, players, seed, [ScriptedAgent([])] * players)
    drive(g, program.game.setup(g, seat(g, 0)))
    return g


def seat(g: Game, i: int):
    return g.state.players[i]


def fred(g: Game):
    return g.state.actors["frederick"]


def entity(g: Game, name: str, i: int | None = None):
    """An entity; for a per-player one (castle spaces, specialists, house cards), seat i's copy."""
    e = g.program.entities[name]
    return e.copy_for(seat(g, i).name) if i is not None else e


def zone(g: Game, i: int | None, name: str, index=None):
    """A zone of seat i (None: a shared zone), `name[index]` for an indexed one."""
    if index is not None:
        name = g.program.indexed[name][index]
    return g.zone(seat(g, i) if i is not None else None, name)


def names(ref) -> list[str]:
    return [e.name for e in ref.items]


def proc(g: Game, name: str, *args, i: int = 0, answers=()) -> list:
    return drive(g, g.program.procs[name](g, seat(g, i), *args), answers)


def func(g: Game, name: str, *args, i: int = 0):
    return g.program.funcs[name](g, seat(g, i), *args)


def stock(g: Game, i: int, name: str) -> int:
    return seat(g, i).stock[name]


def give(g: Game, i: int, **stocks) -> None:
    for name, value in stocks.items():
        seat(g, i).stock[name] = value


def build_at(g: Game, i: int, *sites: str) -> None:
    """Mark castle spaces built (with a piece of the right type from the supply), as if built before."""
    for s in sites:
        site = entity(g, s, i)
        g.set_field(site, "built", True)
        kind = site.fields["type"]
        piece = min((p for p in zone(g, i, "supply").items if p.fields["type"] == kind), key=lambda p: p.fields["grand"])
        g.move(piece, zone(g, i, "castle"))
        seat(g, i).stock[{"tower": "towers", "wall": "walls", "fort": "forts"}[kind]] += 1
        if kind == "wall":
            seat(g, i).stock["storage"] += 1
    for k in range(1, 6):   # the sides these structures closed earn nothing now: they were built before
        if func(g, "side_closed", k, i=i):
            g.set_field(entity(g, f"side{k}", i), "closed", True)


def hand_of(g: Game, i: int, *cards: str) -> None:
    """Seat i holds exactly these cards (the others go back to the deck)."""
    for c in list(zone(g, i, "hand").items):
        g.move(c, zone(g, i, "deck"))
    for c in cards:
        g.move(entity(g, c, i) if g.program.entities[c].per_player else entity(g, c), zone(g, i, "hand"))


def top_ally(g: Game, spot: int, ally: str) -> None:
    """Put an ally face up on top of an ally space of the travel board."""
    e = entity(g, ally)
    g.move(e, zone(g, None, "ally_stack", spot), top=True)
    if g.field(e, "flipped"):
        g.flip(e)


def edicts(g: Game, active=("edict04", "edict05", "edict06"), upcoming=("edict09", "edict11", "edict12")) -> None:
    """The active edicts (in space order) and the next ones; every other tile goes to the pile."""
    for e in g.program.kinds["edict"]:
        g.move(e, zone(g, None, "edict_pile"))
    for k, name in enumerate(active, start=1):
        g.move(entity(g, name), zone(g, None, "active", k))
    for name in upcoming:
        g.move(entity(g, name), zone(g, None, "next_edicts"))


# ---------------------------------------------------------------------------- travel and cards


def test_oliver_travels_two_spaces_plays_face_up_then_face_down_and_summons(program):
    # Exemplo p.8: Alexandria -> Barcelona costs 1 Augustalis; face up "gain 3 Augustalis"; next turn
    # face down on the fourth space: build or summon; he summons Barcelona's independent ally for 3 grain.
    g = table(program)
    give(g, 0, ship=3, augustalis=6, grain=3, stone=0)
    hand_of(g, 0, "gain_coins", "homage")
    proc(g, "take_turn", answers=["2", "Gain 3 Augustalis", "1", "face up: the card's action"])
    assert stock(g, 0, "ship") == 5 and stock(g, 0, "augustalis") == 8
    assert names(zone(g, 0, "slot", 1)) == ["gain_coins"]
    top_ally(g, 6, "marshal")
    asked = proc(g, "take_turn", answers=["0", "Gain 1 VP and 1 Augustalis", "4",
                                           "face down: a board action linked to the space", "a_summon"])
    assert asked[-1].options == ["a_summon", "none"]          # nothing to build: only summon, or nothing
    assert names(zone(g, 0, "ally_space", 1)) == ["marshal"]
    assert stock(g, 0, "grain") == 0 and stock(g, 0, "vp") == 0   # face down: not the card's action


def test_travel_beyond_the_first_space_costs_one_augustalis_a_space_and_wraps_round(program):
    g = table(program)
    give(g, 0, ship=7, augustalis=2)
    asked = proc(g, "travel", answers=["3"])
    assert asked[0].options == ["0", "1", "2", "3"]            # 4 spaces would cost 3
    assert stock(g, 0, "ship") == 2 and stock(g, 0, "augustalis") == 0


def test_a_player_without_a_free_card_space_passes(program):
    g = table(program)
    for k in range(1, 5):
        g.move(entity(g, ["gain_coins", "harvest", "homage", "apprentice"][k - 1], 0), zone(g, 0, "slot", k))
    give(g, 0, augustalis=0)
    proc(g, "take_turn", answers=["0"])                       # the fifth space is still locked
    assert seat(g, 0).vars["passed"] is True


def test_lavinia_buys_a_card_by_removing_one_and_uses_it_at_once(program):
    # Exemplo p.14: the card in Tunis costs removing one of your cards; it gives 6 Augustalis and goes
    # to her hand, playable this round.
    g = table(program)
    give(g, 0, ship=4, augustalis=0)
    card = entity(g, "adv_a02")
    for c in list(zone(g, None, "offer", 4).items):
        g.move(c, zone(g, None, "level_a"))
    g.move(card, zone(g, None, "offer", 4))
    hand_of(g, 0, "homage")
    proc(g, "buy_card", 0)             # her only card in hand or discard: nothing to choose
    assert stock(g, 0, "augustalis") == 6
    assert names(zone(g, 0, "hand")) == ["adv_a02"]
    assert names(zone(g, 0, "removed")) == ["homage"]


# ---------------------------------------------------------------------------- promoting


def test_bernardo_pays_grain_on_the_village_arrow_then_scores_his_job_when_building(program):
    # Exemplo 1 p.9: from the first village job to the next costs 1 grain; on "3 VP whenever you build
    # a wall or a tower" he then scores 3 VP for a tower.
    g = table(program)
    village = entity(g, "village1")
    for e in list(zone(g, None, "tile_at", 4).items):
        g.move(e, zone(g, None, "village_pile"))
    g.move(village, zone(g, None, "tile_at", 4))
    proc(g, "place_tile", village, 1, 3)
    spec = entity(g, "spec", 0)
    g.set_field(spec, "path", 1)
    g.set_field(spec, "step", 3)
    give(g, 0, grain=1, stone=1)
    proc(g, "promote", False, answers=["Specialist 1"])
    assert g.field(spec, "step") == 4 and stock(g, 0, "grain") == 0
    proc(g, "build", 0, answers=["Tower"])                   # tower space 2: 1 stone, next to wall 1
    assert stock(g, 0, "vp") == 3


def test_path_b_goes_from_the_field_to_the_city_and_takes_a_city_bonus(program):
    # Exemplo 2 p.9: path B skips the village; he picks the bonus "build a fort for free".
    g = table(program, players=3)
    for e in list(zone(g, None, "city_tiles", 2).items):
        g.move(e, zone(g, None, "bonus_pile"))
    g.move(entity(g, "city8"), zone(g, None, "city_tiles", 2))
    g.move(entity(g, "city1"), zone(g, None, "city_tiles", 2))
    spec = entity(g, "spec", 0)
    g.set_field(spec, "path", 2)
    g.set_field(spec, "step", 2)
    give(g, 0, grain=2, stone=0, augustalis=0)
    edicts(g)
    proc(g, "promote", False, answers=["Specialist 1", "Build a fort for free", "Fort space: hand limit +2",
                                       "Fort", "1", "add", "1 Tower + 1 Fort"])
    assert g.field(spec, "step") == 3 and func(g, "at_city", spec)
    assert stock(g, 0, "forts") == 1 and stock(g, 0, "stone") == 0
    assert names(zone(g, None, "city_tiles", 2)) == ["city1"] and "city8" in names(zone(g, None, "box"))


def test_only_one_of_your_specialists_may_reach_a_city_job(program):
    g = table(program)
    first, second = entity(g, "spec", 0), entity(g, "spec#2", 0)
    for s, step in ((first, 3), (second, 2)):
        g.set_field(s, "path", 2)
        g.set_field(s, "step", step)
    give(g, 0, grain=5)
    assert not func(g, "can_move", second, False)
    assert func(g, "can_promote", False)                      # the third specialist may start a path


def test_a_job_edict_token_issues_an_edict_on_the_first_arrival_only(program):
    g = table(program)
    edicts(g)
    spec = entity(g, "spec", 0)
    g.set_field(spec, "path", 2)
    g.set_field(spec, "step", 1)
    give(g, 0, grain=1)
    proc(g, "promote", False, answers=["Specialist 1", "1", "add", "1 Tower + 1 Fort"])
    assert stock(g, 0, "edicts_issued") == 1
    assert "token_b" in names(zone(g, None, "token_box"))


# ---------------------------------------------------------------------------- market


def test_lavinia_sells_two_grain_for_six_and_buys_two_stone_for_four_in_tunis(program):
    # Exemplo p.9-10 (the easy side of the Tunis tile).
    g = table(program, seed=2)
    tile = entity(g, "market1")
    for e in list(zone(g, None, "market_at", 4).items):
        g.move(e, zone(g, None, "market_box"))
    g.move(tile, zone(g, None, "market_at", 4))
    if g.field(tile, "flipped"):
        g.flip(tile)
    give(g, 0, ship=4, grain=2, stone=0, augustalis=0)
    proc(g, "visit_market", answers=["yes", "yes"])
    assert (stock(g, 0, "grain"), stock(g, 0, "stone"), stock(g, 0, "augustalis")) == (0, 2, 2)


def test_the_hard_side_of_a_market_tile_pays_less_and_costs_more(program):
    g = table(program)
    tile = entity(g, "market1")
    assert func(g, "sell_price", tile) == 6
    g.flip(tile)
    assert func(g, "sell_price", tile) == 4 and func(g, "buy_price", tile) == 5


# ---------------------------------------------------------------------------- building


def test_ana_builds_a_grand_wall_closes_a_side_promotes_free_and_issues_an_edict(program):
    # Exemplo 1 p.12-13: the wall must touch a tower; 2 stone, 1 grain and 4 Augustalis for the grand
    # wall; closing the side gives 1 stone at once; the grand wall promotes without grain (no 3 VP:
    # her specialist was not on that job when she began); the wall space issues an edict: the middle
    # one (a resource of her choice), whose 2 walls must be removed since Frederick has 4, and 1 fort
    # added.
    g = table(program)
    build_at(g, 0, "t2", "t3")
    give(g, 0, stone=2, grain=1, augustalis=4)
    fred(g).stock["walls"] = 4
    edicts(g, ("edict04", "edict02", "edict05"))
    assert func(g, "can_build_on", entity(g, "w2", 0), 0)
    assert not func(g, "can_build_on", entity(g, "w4", 0), 0)   # touches no tower
    proc(g, "build", 0, answers=["Wall space 2", "Grand wall: promote a specialist",
                                 "Specialist 1", "1",       # onto path A: free, grain or not
                                 "2", "1 grain", "add", "1 Tower + 1 Fort"])
    assert entity(g, "side2", 0) and g.field(entity(g, "side2", 0), "closed")
    assert stock(g, 0, "stone") == 1 and stock(g, 0, "augustalis") == 0 and stock(g, 0, "grain") == 1
    assert g.field(entity(g, "spec", 0), "step") == 1
    assert (fred(g).stock["walls"], fred(g).stock["forts"]) == (2, 2)
    assert stock(g, 0, "grand_built") == 1 and stock(g, 0, "vp") == 0
    assert names(zone(g, 0, "issued")) == ["edict02"]


def test_bernardo_builds_the_hand_limit_fort_and_issues_the_coin_edict(program):
    # Exemplo 2 p.13: 3 stone; the cover token raises his hand limit by 2 and he draws 2 at once;
    # the edict under the first space gives 3 Augustalis; 2 grain added, the treasury down 6 -> 3.
    g = table(program)
    give(g, 0, stone=3, augustalis=0)
    edicts(g, ("edict01", "edict04", "edict05"))
    hand = len(zone(g, 0, "hand").items)
    proc(g, "build", 0, answers=["Fort space: hand limit +2", "Fort", "1", "remove", "1 Tower + 1 Fort"])
    assert stock(g, 0, "forts") == 1 and stock(g, 0, "stone") == 0
    assert func(g, "hand_limit") == 7 and len(zone(g, 0, "hand").items) == hand + 2
    assert stock(g, 0, "augustalis") == 3
    assert (fred(g).stock["grain"], fred(g).stock["augustalis"]) == (3, 3)


def test_the_fifth_card_space_opens_with_its_fort(program):
    g = table(program)
    assert not func(g, "free_slot", 5)
    give(g, 0, stone=2, grain=1)
    edicts(g)
    proc(g, "build", 0, answers=["Fort space: fifth card space", "Fort", "1", "add", "1 Tower + 1 Fort"])
    assert func(g, "free_slot", 5)


def test_walls_add_storage_and_towers_ally_spaces(program):
    g = table(program)
    assert stock(g, 0, "storage") == 3 and not func(g, "free_ally_space") is False
    give(g, 0, stone=2, grain=0)
    proc(g, "build", 0, answers=["Tower"])
    assert stock(g, 0, "towers") == 2
    give(g, 0, stone=2, grain=1)
    edicts(g)
    proc(g, "build", 0, answers=["Wall space 2", "Wall", "1", "add", "1 Tower + 1 Fort"])
    assert stock(g, 0, "storage") == 4


def test_storage_is_full_the_player_replaces_a_resource_or_discards_the_new_one(program):
    g = table(program)
    give(g, 0, grain=2, stone=1)
    asked = proc(g, "draw_card")                              # no storage involved
    assert asked == []
    drive(g, g.program.entities["adv_a03"].effects["play"](g, seat(g, 0), entity(g, "adv_a03")),
          ["stone"])      # 2 grain into 3 full spaces: the stone goes, then the second new grain
    assert (stock(g, 0, "grain"), stock(g, 0, "stone")) == (3, 0)


def test_castle_income_of_bernardo_one_vp_and_three_augustalis(program):
    # Exemplo p.15: sides 1 (3 Augustalis) and 4 (1 VP) are closed, the others not.
    g = table(program)
    build_at(g, 0, "t2", "t4", "t5", "w4")
    for s in ("side1", "side4"):
        g.set_field(entity(g, s, 0), "closed", True)
    give(g, 0, augustalis=0, grain=0, stone=0)
    proc(g, "castle_income")
    assert (stock(g, 0, "vp"), stock(g, 0, "augustalis"), stock(g, 0, "grain"), stock(g, 0, "stone")) == (1, 3, 0, 0)


# ---------------------------------------------------------------------------- allies


def test_ally_income_of_oliver_and_ana(program):
    # Exemplo p.15: Frederick has 6 Augustalis, 1 stone, 3 grain, 2 allies, 1 fort, 2 walls, 3 towers,
    # his specialist on the second job. Oliver: more allies (3), more walls, "Frederick has 9
    # Augustalis" -> 3 + 3 + 1 = 7. Ana: more structures, "Frederick's specialist far enough" -> 3 + 1.
    g = table(program)
    f = fred(g)
    for name, value in dict(augustalis=6, stone=1, grain=3, court=2, forts=1, walls=2, towers=3).items():
        f.stock[name] = value
    g.state.globals["fred_step"] = 2
    build_at(g, 0, "t2", "t3", "w2", "w3")                     # Oliver: 3 towers, 3 walls
    for k, ally in enumerate(["envoy", "mason", "treasurer"], start=1):
        g.move(entity(g, ally), zone(g, 0, "ally_space", k))
    build_at(g, 1, "t2", "t3", "w2", "w3", "f1")                # Ana: 7 structures against 6
    for k, ally in enumerate(["architect", "steward"], start=1):
        g.move(entity(g, ally), zone(g, 1, "ally_space", k))
    proc(g, "ally_income", i=0)
    proc(g, "ally_income", i=1)
    assert (stock(g, 0, "vp"), stock(g, 1, "vp")) == (7, 4)


def test_an_ally_needs_a_free_space_and_never_a_twin(program):
    g = table(program)
    give(g, 0, ship=3, grain=3)
    top_ally(g, 3, "mason")
    top_ally(g, 4, "mason#2")
    g.move(entity(g, "treasurer"), zone(g, 0, "ally_space", 1))
    assert not func(g, "can_summon", 0)                        # one tower: one ally
    build_at(g, 0, "t2")
    assert func(g, "can_summon", 0)
    g.move(entity(g, "mason#3") if "mason#3" in g.program.entities else entity(g, "mason"), zone(g, 0, "ally_space", 2))
    assert not func(g, "can_summon", 0)                        # both tops are the same ally as hers


def test_the_player_board_ally_space_with_the_icon_issues_an_edict(program):
    g = table(program)
    build_at(g, 0, "t2", "t3")
    give(g, 0, ship=1, grain=2, augustalis=1)
    top_ally(g, 1, "marshal")
    edicts(g)
    proc(g, "summon", 0, answers=["3", "1", "add", "1 Tower + 1 Fort"])
    assert names(zone(g, 0, "ally_space", 3)) == ["marshal"] and stock(g, 0, "edicts_issued") == 1


# ---------------------------------------------------------------------------- edicts


def test_an_edict_icon_that_cannot_be_added_is_removed_without_asking(program):
    # p.11: Frederick has 4 towers and the edict shows 2: both must be removed.
    g = table(program)
    fred(g).stock["towers"] = 4
    edicts(g, ("edict03", "edict04", "edict05"))
    asked = proc(g, "issue_edict", answers=["1", "add", "1 Tower + 1 Fort"])
    assert fred(g).stock["towers"] == 2 and fred(g).stock["walls"] == 3
    assert [d.prompt for d in asked].count("an edict icon: add to Frederick's palace or remove from it?") == 1


def test_frederick_specialist_moves_on_path_a_and_never_leaves_it(program):
    g = table(program)
    edicts(g, ("edict14", "edict04", "edict05"))        # 2 specialist steps + 1 stone
    proc(g, "issue_edict", answers=["1", "add", "1 Tower + 1 Fort"])
    assert g.state.globals["fred_step"] == 3                     # from 1 only forward is possible


def test_with_no_active_edict_left_a_reward_is_still_taken(program):
    g = table(program)
    for k in (1, 2, 3):
        for e in list(zone(g, None, "active", k).items):
            g.move(e, zone(g, None, "edict_pile"))
    give(g, 0, augustalis=0)
    proc(g, "issue_edict", answers=["Edict space: 3 Augustalis"])
    assert stock(g, 0, "augustalis") == 3


# ---------------------------------------------------------------------------- end of the game


def ends_after_round(g, run) -> bool:
    """Run `run()` inside a running loop labelled `round` (as the play phase runs play_round) and say
    whether it said `end game after round;` (the mark is taken off again, so the loop's end does not
    end the test's game)."""
    with g.looping("round", None) as lp:
        run()
        asked, lp.pending = lp.pending, False
    return asked


def test_an_active_edict_space_that_cannot_be_refilled_ends_the_game(program):
    g = table(program)
    edicts(g, upcoming=())
    for e in list(zone(g, None, "edict_pile").items):
        g.move(e, zone(g, 1, "issued"))
    assert ends_after_round(g, lambda: proc(g, "issue_edict", answers=["1", "add"]))


def test_an_advanced_card_space_that_cannot_be_refilled_ends_the_game(program):
    g = table(program)
    assert not ends_after_round(g, lambda: proc(g, "refill_offers"))
    for e in list(zone(g, None, "offer", 1).items) + list(zone(g, None, "advanced_deck").items):
        g.move(e, zone(g, None, "level_a"))
    assert ends_after_round(g, lambda: proc(g, "refill_offers"))


def test_a_completed_castle_ends_the_game(program):
    g = table(program)
    assert not ends_after_round(g, lambda: proc(g, "check_end"))
    build_at(g, 1, "t2", "t3", "t4", "t5", "w2", "w3", "w4", "w5", "f1", "f2", "f3")
    assert ends_after_round(g, lambda: proc(g, "check_end"))


def test_the_game_ends_after_the_round_it_is_asked_in(program):
    """`end game after round;` in check_end (after the action phase): the round's final phase still
    runs (hands are completed), then the game ends without another round."""
    g = table(program)
    build_at(g, 1, "t2", "t3", "t4", "t5", "w2", "w3", "w4", "w5", "f1", "f2", "f3")
    with pytest.raises(GameEnded):
        with g.looping("round", None):
            proc(g, "check_end")
            for p in g.state.players:
                p.zones["hand"].clear()
            proc(g, "final_phase")
    assert all(len(p.zones["hand"]) == 5 for p in g.state.players)
    assert g.state.loops == []


def test_final_scoring_structure_majority_four_and_two(program):
    # Exemplo p.16: 12, 12, 11 and 9 structures: 4, 4, 2 and 0 VP (plus 1 VP a structure).
    g = table(program, players=4)
    sets = {0: ("t2", "t3", "t4", "t5", "w2", "w3", "w4", "w5", "f1", "f2"),
            1: ("t2", "t3", "t4", "t5", "w2", "w3", "w4", "w5", "f1", "f2"),
            2: ("t2", "t3", "t4", "t5", "w2", "w3", "w4", "w5", "f1"),
            3: ("t2", "t3", "t4", "t5", "w2", "w3", "w4")}
    for i, sites in sets.items():
        build_at(g, i, *sites)
        give(g, i, augustalis=0, grain=0, stone=0, vp=0)
    proc(g, "final_scoring")
    assert [stock(g, i, "vp") for i in range(4)] == [12 + 4, 12 + 4, 11 + 2, 9]


def test_final_scoring_two_players_no_second_place_and_resources_into_coins(program):
    g = table(program, players=2)
    build_at(g, 0, "t2")
    for i in (0, 1):
        give(g, i, vp=0)
    give(g, 0, augustalis=7, grain=1, stone=1)                  # 7 + 4 = 11: 1 VP
    give(g, 1, augustalis=12, grain=0, stone=0)                 # 2 VP
    proc(g, "final_scoring")
    assert stock(g, 0, "vp") == 3 + 4 + 1 and stock(g, 1, "vp") == 2 + 2


def test_a_tie_goes_to_the_most_grand_structures(program):
    g = table(program)
    for i in (0, 1):
        give(g, i, vp=10)
    give(g, 1, grand_built=1)
    assert g.result()["winners"] == ["P2"]


# ---------------------------------------------------------------------------- whole games


def invariants(g: Game) -> None:
    """The issue's invariants: storage within the walls' limit, allies within the towers' limit, no
    two identical allies in a castle, Frederick's palace within its board, hand sizes."""
    limits = dict(grain=6, stone=6, augustalis=15, towers=5, walls=5, forts=3, court=5)
    f = fred(g)
    for name, high in limits.items():
        assert 0 <= f.stock[name] <= high, (name, f.stock[name])
    assert f.stock["augustalis"] % 3 == 0
    assert 1 <= g.state.globals["fred_step"] <= 5
    for p in g.state.players:
        assert all(v >= 0 for v in p.stock.values()), p.stock
        assert p.stock["grain"] + p.stock["stone"] <= p.stock["storage"] == 2 + p.stock["walls"]
        allies = [e for k in range(1, 6) for e in p.zones[g.program.indexed["ally_space"][k]]]
        assert len(allies) <= p.stock["towers"]
        assert len({a.title for a in allies}) == len(allies)
        assert len(p.zones["hand"]) <= 5 + 3 + 4 + 8, len(p.zones["hand"])
        cards = sum(len(p.zones[z]) for z in ("hand", "deck", "discard", "removed"))
        cards += sum(len(p.zones[g.program.indexed["slot"][k]]) for k in range(1, 6))
        bought = sum(1 for z in ("hand", "deck", "discard", "removed") for c in p.zones[z] if not c.per_player)
        bought += sum(1 for k in range(1, 6) for c in p.zones[g.program.indexed["slot"][k]] if not c.per_player)
        assert cards - bought == 10


def play_checked(program, players: int, seed: int) -> Game:
    agents = [RandomAgent(seed * 100 + i) for i in range(players)]
    g = Game(program, players, seed, agents)
    d = g.start()
    while d is not None:
        invariants(g)
        d = g.apply(agents[d.player.index].choose(*g.offer(d)))
    invariants(g)
    assert g.state.over and "ends_after" not in g.state.to_json() and g.result()["winners"]
    return g


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_random_game_keeps_the_invariants(backends, players):
    for seed in range(1):
        play_checked(backends["compiled"], players, seed)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_per_player_count_keep_the_invariants(backends, players):
    for seed in range(games_per_count()):
        play_checked(backends["compiled"], players, seed)


def test_compiled_and_interpreted_games_agree(backends):
    games = [play_checked(backends[b], 2, 7) for b in ("compiled", "interpreted")]
    assert games[0].log == games[1].log
    assert games[0].result()["digest"] == games[1].result()["digest"]


def test_a_log_replays_to_the_same_final_state_on_both_backends(backends, tmp_path):
    g = play_checked(backends["compiled"], 2, 11)
    path = tmp_path / "game.json"
    save(record(g, PACK), path)
    for program in backends.values():
        assert replay(program, load(path)).state.digest() == g.state.digest()
