"""Tapestry: Fantasies & Futures civilizations on the boards (rules/tapestry_ff/civs_board.rules):
the Weefolk, the Celestials, the Artificers and the Werefolk, a scenario per sentence of their mats
on both backends; random games in which they are dealt, with the base invariants. Seats: P1 is
player 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime import kernels_tapestry as K
from rulebook.runtime.agents import RandomAgent
from rulebook.runtime.engine import Game
from rulebook.runtime.kernels import KERNELS

from . import test_tapestry
from .conftest import answer_by_prompt, drive, games_per_count, pack_backends, write_pack
from .test_tapestry import clear_map, ent, hex_at, me, play_random

RULES = Path(__file__).resolve().parent.parent / "rules"
BASE = str(RULES / "tapestry")
EXPANSION = str(RULES / "tapestry_ff")
CIVS = ("weefolk", "celestials", "artificers", "werefolk")

# A test pack: every player is dealt a Fantasies & Futures civilization, so random games play them.
FF_DECK = """
before start_civilization {
  for each c in civ_deck where c.edition != fantasies_and_futures {
    move c to civ_discard;
  }
}
"""


@pytest.fixture(scope="module")
def backends(tmp_path_factory):
    """The base game with Fantasies & Futures stacked, compiled and interpreted, built once."""
    return pack_backends(tmp_path_factory, BASE, expansions=(EXPANSION,))


@pytest.fixture(scope="module")
def deck_pack(tmp_path_factory) -> str:
    """The test pack dealing only Fantasies & Futures civilizations."""
    return str(write_pack(tmp_path_factory.mktemp("ff_deck") / "ff_deck", FF_DECK, name="ff_deck",
                          extends=[EXPANSION]))


@pytest.fixture(scope="module")
def ff_deck(tmp_path_factory, deck_pack):
    """The base game with Fantasies & Futures and that test pack, compiled and interpreted."""
    return pack_backends(tmp_path_factory, BASE, expansions=(EXPANSION, deck_pack))


def table(program, players: int = 2, seed: int = 1) -> Game:
    """test_tapestry's table: after the setup phase, no civilization's ability in force (the
    Celestials' setup is undone when they were dealt)."""
    g = test_tapestry.table(program, players, seed)
    for p in g.state.players:
        if p.vars.get("sky") is not None:
            if p.vars["sky_counted"]:
                p.stock["outposts"] -= 1
            p.vars["sky"], p.vars["sky_counted"] = None, False
    return g


def city(g: Game, p):
    return ent(g, "my_capital").copy_for(p.name)


def grant(g: Game, p, civ: str) -> None:
    """Give a player a civilization and its abilities (as at the start of the game, without its
    adjustment)."""
    g.move(ent(g, civ), g.zone(p, "civs"))
    drive(g, g.run_slot(p, ent(g, civ), "power", "test"))


def income_start(g: Game, p, turn: int, answers: dict | None = None) -> list:
    """Step 1 of income turn `turn` for a player: their civilizations act."""
    p.stock["era"] = turn
    g.emit("civ_phase", p, {"turn": turn})
    return answer_by_prompt(g.drain(), answers or {}, with_forced=True)


def rig(g: Game, *faces: int) -> None:
    """The next rolls show these faces (indexes, in order); later rolls are random again."""
    queue, real = list(faces), g.rng.randrange
    g.rng.randrange = lambda n: queue.pop(0) if queue else real(n)


def prompts(asked: list) -> list[str]:
    return [d.prompt for d in asked]


def plots(g: Game, p, fill: int, open_plots=()) -> list[int]:
    """Fill a player's capital with `fill` (a kernel cell value) but `open_plots`."""
    cells = [fill] * 81
    for i in open_plots:
        cells[i] = K.OPEN
    g.set_field(city(g, p), "cells", cells)
    return cells


# ---------------------------------------------------------------------------- Weefolk


def test_weefolk_give_a_token_and_the_opponent_chooses_the_plot_in_their_capital(program):
    """'give a player token to an opponent. They choose a plot to place your token in their capital
    city' (income turns 2-5)."""
    g = table(program, 3)
    p, o = me(g), me(g, 2)
    grant(g, p, "weefolk")
    asked = income_start(g, p, 2, {"Weefolk: give a token": "P3",
                                   "Weefolk: place their token": "row 5, column 5",
                                   "Weefolk: spend a territory tile": "no"})
    placing = next(d for d in asked if d.prompt.startswith("Weefolk: place their token"))
    assert placing.player is o                                    # the opponent chooses
    assert "row 1, column 1" in placing.options
    assert g.field(city(g, o), "tokens") == [40]
    assert g.field(city(g, o), "cells")[40] == K.TOKEN
    assert not g.field(city(g, me(g, 1)), "tokens")


def test_weefolk_token_in_a_full_city_replaces_a_building_which_is_set_aside(program):
    """'(If their city is full, they replace a building with your token; that building is set
    aside.)' Landmarks are not offered; the building still counts for its kind."""
    g = table(program, 2)
    p, o = me(g), me(g, 1)
    grant(g, p, "weefolk")
    cells = plots(g, o, K.BUILT)                                  # landmarks everywhere...
    cells[80] = K.BUILT + 3                                       # ...but one farm
    g.set_field(city(g, o), "cells", cells)
    o.stock["built[farms]"] = 1
    asked = income_start(g, p, 3, {"Weefolk: spend": "no"})
    placing = next(d for d in asked if d.prompt.startswith("Weefolk: place their token"))
    assert placing.options == ["row 9, column 9 (set its building aside)"]
    assert g.field(city(g, o), "cells")[80] == K.TOKEN and g.field(city(g, o), "displaced") == 3
    assert o.stock["built[farms]"] == 1                           # set aside, still a farm of theirs


def test_weefolk_a_filled_plot_completes_the_opponents_district_and_lines(program):
    """'That plot ... is now considered filled, contributing to the resources and score of your
    opponent according to the rules of your opponent's capital city.'"""
    g = table(program, 2)
    p, o = me(g), me(g, 1)
    grant(g, p, "weefolk")
    plots(g, o, K.BUILT + 1, open_plots=[0])
    g.set_field(city(g, o), "lines", 16)
    o.stock["coin"], o.stock["vp"] = 0, 0
    asked = income_start(g, p, 2, {"Weefolk: spend": "no", "gain which resource": "coin"})
    assert [d.player for d in asked if "resource" in d.prompt.lower() and "spend" not in d.prompt] == [o]
    assert o.stock["coin"] == 1                                   # the district's resource is theirs
    assert g.field(city(g, o), "lines") == 18                     # row 1 and column 1 complete
    drive(g, g.program.procs["score_capital"](g, o))
    assert o.stock["vp"] == 18


def test_weefolk_spend_a_territory_tile_for_an_income_building_once_on_turns_two_to_four(program):
    """'On income turns 2-4, you may spend [TERRITORY]. If you do so, then gain [ANY INCOME
    BUILDING]. This can be done once per income turn 2-4.'"""
    g = table(program, 2)
    p = me(g)
    grant(g, p, "weefolk")
    tiles = list(g.zone(None, "bag").items[:2])
    for t in tiles:
        g.move(t, g.zone(p, "territories"))
    held = len(p.zones["territories"])
    asked = income_start(g, p, 4, {"Weefolk: spend a territory": "yes", "gain which income": "house"})
    assert prompts(asked).count("Weefolk: spend a territory tile to gain an income building?") == 1
    assert len(p.zones["territories"]) == held - 1 and p.stock["built[houses]"] == 1
    asked = income_start(g, p, 5, {})
    assert not any(q.startswith("Weefolk: spend") for q in prompts(asked))


def test_weefolk_score_each_tokens_row_and_column_on_income_turn_five(program):
    """'On your income turn 5 ... Score 1 VP per income building or landmark located anywhere in
    any of those rows or columns. Score a building more than once if appropriate.' The turn-5
    token is placed before the scoring."""
    g = table(program, 2)
    p, o = me(g), me(g, 1)
    grant(g, p, "weefolk")
    cells = plots(g, o, K.OPEN)
    cells[0] = K.TOKEN                                            # an earlier token: row 1, column 1
    cells[8] = K.BUILT + 1                                        # a market in row 1
    cells[9 * 4] = K.BUILT + 2                                    # a house in column 1 (row 5)
    cells[9 * 8 + 8] = K.BUILT + 4                                # an armory in row 9 and column 9
    landmark = [1, 2]                                             # a landmark in row 1
    for i in landmark:
        cells[i] = K.BUILT
    g.set_field(city(g, o), "cells", cells)
    g.set_field(city(g, o), "tokens", [0])
    g.set_field(city(g, o), "landmark_plots", [landmark])
    p.stock["vp"] = 0
    income_start(g, p, 5, {"Weefolk: place their token": "row 9, column 1"})
    # token (1, 1): row 1 has the market and the landmark, column 1 the house: 3;
    # token (9, 1): row 9 has the armory, column 1 the house (again): 2
    assert p.stock["vp"] == 5


def test_weefolk_gained_mid_game_give_a_token_and_no_token_to_a_finished_opponent(program):
    """'or if you gain Weefolk mid-game, give a player token to an opponent'; an opponent who has
    ended their game is not given one (reading)."""
    g = table(program, 3)
    p = me(g)
    me(g, 1).stock["era"] = 5
    asked = answer_by_prompt(g.run_slot(p, ent(g, "weefolk"), "midgame", "test"), {}, with_forced=True)
    giving = next(d for d in asked if d.prompt.startswith("Weefolk: give a token"))
    assert giving.options == ["P3"]
    assert len(g.field(city(g, me(g, 2)), "tokens")) == 1


# ---------------------------------------------------------------------------- Celestials


def test_celestials_start_with_one_outpost_and_the_floating_capital_on_the_starting_territory(program):
    """'instead of placing 2 outposts on your starting territory, place 1 upright outpost and a
    player token': the other outpost stays in the supply; the territory still holds 2 items."""
    g = table(program, 2)
    p = me(g)
    start = g.field(g.field(p, "city_board"), "start_small")
    outposts = p.stock["outposts"]
    grant(g, p, "celestials")
    assert p.vars["sky"] is start and p.vars["sky_counted"]
    assert p.stock["outposts"] == outposts + 1
    assert g.field(start, "items") == 2 and g.field(start, "holder") is p


def sky_map(program):
    """P1's floating capital and 1 outpost on (0, 0); P2's 2 outposts on (1, 0) next to it; an
    explored empty territory at (0, 1); the rest unexplored."""
    g = table(program, 2)
    clear_map(g)
    p, o = me(g), me(g, 1)
    home, full, empty = hex_at(g, 0, 0), hex_at(g, 1, 0), hex_at(g, 0, 1)
    for h, who, items, tile in ((home, p, 2, "t56"), (full, o, 2, "t8"), (empty, None, 0, "t1")):
        g.set_field(h, "tile", ent(g, tile))
        g.set_field(h, "holder", who)
        g.set_field(h, "items", items)
    grant(g, p, "celestials")
    p.vars["sky"], p.vars["sky_counted"] = home, True
    return g, p, o, home, full, empty


def test_celestials_move_to_an_adjacent_territory_even_a_full_one_and_gain_both_dice(program):
    """'you may move your player token to an adjacent territory (even a territory that already has
    2 outposts). If you do, roll and gain [RED DIE] + [BLACK DIE].' Only explored territories next
    to it are offered."""
    g, p, o, home, full, empty = sky_map(program)
    p.stock["vp"], p.stock["coin"] = 0, 0
    rig(g, 0, 0)                                                  # red '5 VP', black 'coin'
    asked = income_start(g, p, 2, {"Celestials: move your floating": "yes",
                                   "Celestials: move it to": "hex (1, 0)"})
    where = next(d for d in asked if d.prompt.startswith("Celestials: move it to"))
    assert sorted(where.options) == ["hex (0, 1)", "hex (1, 0)"]
    assert p.vars["sky"] is full
    assert p.stock["vp"] == 5 and p.stock["coin"] == 1
    assert g.field(full, "items") == 2 and g.field(home, "items") == 1


def test_celestials_moving_is_no_conquest_and_takes_no_control(program):
    """'This is not a conquer, nor does moving your token into a territory take control of that
    territory.' The black die's territory benefit is the territory moved into (t1: 1 coin)."""
    g, p, o, home, full, empty = sky_map(program)
    p.stock["coin"], p.stock["vp"] = 0, 0
    outposts = p.stock["outposts"]
    rig(g, 2, 1)                                                  # red '1 VP per territory', black 'benefit'
    income_start(g, p, 3, {"Celestials: move your floating": "yes",
                           "Celestials: move it to": "hex (0, 1)"})
    assert g.field(empty, "holder") is None and g.field(empty, "fallen") is None
    assert p.stock["outposts"] == outposts
    assert p.stock["vp"] == 1                                     # controls only (0, 0)
    assert p.stock["coin"] == 1                                   # t1's benefit
    assert g.field(home, "holder") is p


def test_celestials_dice_are_kept_rolls_so_psionics_roll_each_once_more(program):
    """The Celestials' "roll and gain [RED DIE] + [BLACK DIE]" are rolls like any other: with the
    Psionics' mat ("whenever you roll a die, roll it twice and choose 1"), each die asks which roll
    to keep."""
    g, p, o, home, full, empty = sky_map(program)
    answers = {"Celestials: move your floating": "yes", "Celestials: move it to": "hex (0, 1)"}
    assert [d.prompt for d in income_start(g, p, 2, answers)].count("keep which roll?") == 0
    g, p, o, home, full, empty = sky_map(program)
    grant(g, p, "psionics")
    assert [d.prompt for d in income_start(g, p, 2, answers)].count("keep which roll?") == 2


def test_celestials_a_territory_with_two_items_such_as_the_token_may_not_be_conquered(program):
    """'As always, a territory with 2 items (such as your token) may not be conquered.' The token
    alone is 1 item: that territory may be conquered, and the token stays."""
    g, p, o, home, full, empty = sky_map(program)
    g.set_field(empty, "holder", o)
    g.set_field(empty, "items", 1)
    rig(g, 0, 0)
    income_start(g, p, 2, {"Celestials: move your floating": "yes", "Celestials: move it to": "hex (0, 1)"})
    assert g.field(empty, "items") == 2
    drive(g, KERNELS["mark_conquerable"].fn(g, p, True))
    assert not g.field(empty, "ok")                               # P2's outpost and the token
    assert g.field(home, "ok") is False                           # P1's own
    drive(g, KERNELS["mark_conquerable"].fn(g, o, True))
    assert g.field(home, "ok")                                    # the token left: 1 outpost


def test_celestials_may_decline_and_roll_nothing_and_do_not_move_on_turn_five(program):
    """'you may move' (income turns 2-4 only)."""
    g, p, o, home, full, empty = sky_map(program)
    log = len(g.log)
    income_start(g, p, 2, {"Celestials: move your floating": "no"})
    assert p.vars["sky"] is home and not [e for e in g.log[log:] if e[0] == "roll"]
    asked = income_start(g, p, 5, {})
    assert not any(q.startswith("Celestials: move") for q in prompts(asked))


def test_celestials_landmarks_hanging_off_lose_2_and_the_others_gain_5_on_turn_five(program):
    """'At the start of income turn 5, lose 2 VP per landmark that hangs off the side of your
    capital city and gain 5 VP per landmark that does not.'"""
    g = table(program, 2)
    p = me(g)
    grant(g, p, "celestials")
    here = city(g, p)
    plots(g, p, K.OPEN, ())
    for spot in ("row 1, column 1, turned 0°", "row 5, column 0, turned 0°", "row 9, column 5, turned 0°"):
        drive(g, KERNELS["build"].fn(g, p, here, ["11"], True, spot))
    assert g.field(here, "hanging") == 1
    p.stock["vp"] = 10
    income_start(g, p, 5, {})
    assert p.stock["vp"] == 10 + 2 * 5 - 2


def test_celestials_gained_mid_game_may_be_discarded_or_replace_a_starting_outpost(program):
    """'If you gain this civilization mid-game, you may discard it to draw another.' 'If you gain
    this civilization mid-game, replace one outpost of your starting territory with a player
    token.'"""
    g = table(program, 2)
    p = me(g)
    g.move(ent(g, "celestials"), g.zone(p, "civs"))
    held = len(p.zones["civs"])
    answer_by_prompt(g.run_slot(p, ent(g, "celestials"), "midgame", "test"), {"Celestials: discard them": "yes"})
    assert contains(g, "civ_discard", "celestials") and ent(g, "celestials") not in p.zones["civs"]
    assert len(p.zones["civs"]) == held                           # another one instead
    g = table(program, 2)
    p = me(g)
    start = g.field(g.field(p, "city_board"), "start_small")
    outposts = p.stock["outposts"]
    g.move(ent(g, "celestials"), g.zone(p, "civs"))
    answer_by_prompt(g.run_slot(p, ent(g, "celestials"), "midgame", "test"), {"Celestials: discard them": "no"})
    assert ent(g, "celestials") in p.zones["civs"]
    drive(g, g.run_slot(p, ent(g, "celestials"), "power", "test"))
    assert p.vars["sky"] is start and p.stock["outposts"] == outposts + 1
    assert g.field(start, "items") == 2 and g.field(start, "holder") is p


def contains(g: Game, zone: str, name: str) -> bool:
    return ent(g, name) in g.zone(None, zone).items


# ---------------------------------------------------------------------------- Artificers


def uncovered(g: Game, p, row: str) -> list[int]:
    """The spots of a row of a player's income mat that are uncovered now."""
    spaces = [s for s in g.zone(None, "mat_spaces").items if g.field(s, "line") == row]
    return sorted(g.field(s, "spot") for s in spaces if g.program.funcs["uncovered"](g, p, s))


def test_artificers_set_the_leftmost_building_aside_not_in_the_capital(program):
    """'select 1 income track (e.g., farms). You may set your leftmost building on that track aside
    (not in your capital city)': the next space is uncovered, the building counts for its kind and
    is not placed."""
    g = table(program, 2)
    p = me(g)
    grant(g, p, "artificers")
    built = g.field(city(g, p), "built")
    asked = income_start(g, p, 2, {"Artificers: set aside or slide": "yes",
                                   "Artificers: which income track": "farms",
                                   "Artificers: set it aside or slide": "set it aside"})
    assert "Artificers: set aside or slide the leftmost building of an income track?" in prompts(asked)
    assert p.stock["built[farms]"] == 1 and uncovered(g, p, "farms") == [1, 2]
    assert g.field(city(g, p), "built") == built                  # not in the capital


def test_artificers_slide_left_changes_what_the_track_yields(program):
    """'if there is at least one empty space to the left, you may slide that building left to cover
    the leftward space and reveal a different space to the right. This changes the benefits that
    the income track provides to you.' Farms: Hunting (food and a territory tile) covered, Farming
    (food) uncovered."""
    g = table(program, 2)
    p = me(g)
    grant(g, p, "artificers")
    income_start(g, p, 2, {"Artificers: set aside or slide": "yes", "Artificers: which income track": "farms",
                           "Artificers: set it aside or slide": "slide it 1 space left"})
    assert uncovered(g, p, "farms") == [2] and p.stock["built[farms]"] == 0
    food, tiles = p.stock["food"], len(p.zones["territories"])
    for s in g.zone(None, "mat_spaces").items:
        if g.field(s, "line") == "farms" and g.program.funcs["uncovered"](g, p, s):
            drive(g, g.run_slot(p, s, "income", "test"))
    assert p.stock["food"] == food + 1 and len(p.zones["territories"]) == tiles


def test_artificers_no_slide_without_an_empty_space_to_the_left(program):
    """'if there is at least one empty space to the left': after a slide onto spot 1 the row cannot
    slide again, only set aside; on a row with 1 building gone it slides twice."""
    g = table(program, 2)
    p = me(g)
    grant(g, p, "artificers")
    slide = {"Artificers: set aside or slide": "yes", "Artificers: which income track": "farms",
             "Artificers: set it aside or slide": "slide it 1 space left"}
    income_start(g, p, 2, slide)
    asked = income_start(g, p, 3, {"Artificers: set aside or slide": "yes",
                                   "Artificers: which income track": "farms"})
    how = next(d for d in asked if d.prompt.startswith("Artificers: set it aside or slide"))
    assert how.options == ["set it aside"]
    g = table(program, 2)
    p = me(g)
    grant(g, p, "artificers")
    p.stock["built[farms]"] = 1                                   # buildings on spots 3-6
    income_start(g, p, 2, slide)
    income_start(g, p, 3, slide)
    assert uncovered(g, p, "farms") == [2, 3]                     # the leftmost now on spot 1


def test_artificers_buildings_are_still_used_from_left_to_right(program):
    """'Continue to use buildings from left to right during gameplay': the slid building is the next
    one gained, and the row is as printed again."""
    g = table(program, 2)
    p = me(g)
    grant(g, p, "artificers")
    income_start(g, p, 2, {"Artificers: set aside or slide": "yes", "Artificers: which income track": "farms",
                           "Artificers: set it aside or slide": "slide it 1 space left"})
    assert uncovered(g, p, "farms") == [2]
    answer_by_prompt(g.program.procs["gain_building"](g, p, "farms"), {})
    assert uncovered(g, p, "farms") == [1, 2] and p.stock["built[farms]"] == 1


def test_artificers_turn_five_score_the_income_buildings_in_the_capital(program):
    """'At the start of income turn 5, you may either score 1 VP per income building in your capital
    city': a building set aside is not in the capital."""
    g = table(program, 2)
    p = me(g)
    grant(g, p, "artificers")
    for r in ("markets", "houses", "farms"):
        answer_by_prompt(g.program.procs["gain_building"](g, p, r), {})
    income_start(g, p, 2, {"Artificers: set aside or slide": "yes", "Artificers: which income track": "farms",
                           "Artificers: set it aside or slide": "set it aside"})
    p.stock["vp"] = 0
    income_start(g, p, 5, {"Artificers: score your capital": "score 1 VP per income building in your capital"})
    assert p.stock["vp"] == 3


def test_artificers_turn_five_pack_a_track_as_far_left_as_possible(program):
    """'or you may select 1 income track and slide all buildings on that track as far leftward as
    possible': farms with 1 gone (spots 3-6) go to 1-4, uncovering Fertilization (7 VP) and Food
    Printing (10 VP) for that turn's VP; a building gained later is taken from the left."""
    g = table(program, 2)
    p = me(g)
    grant(g, p, "artificers")
    p.stock["built[farms]"] = 1
    income_start(g, p, 5, {"Artificers: score your capital": "slide all buildings of 1 income track as far left as possible",
                           "Artificers: pack which": "farms"})
    assert uncovered(g, p, "farms") == [5, 6]
    p.stock["vp"] = 0
    for s in g.zone(None, "mat_spaces").items:
        if g.field(s, "line") == "farms" and g.program.funcs["uncovered"](g, p, s):
            drive(g, g.run_slot(p, s, "score", "test"))
    assert p.stock["vp"] == 7 + 10
    answer_by_prompt(g.program.procs["gain_building"](g, p, "farms"), {})
    assert uncovered(g, p, "farms") == [1, 5, 6]


# ---------------------------------------------------------------------------- Werefolk


def werefolk(program, faces: tuple, answers: dict, turn: int = 2):
    g = table(program, 2)
    p = me(g)
    grant(g, p, "werefolk")
    tile = g.zone(None, "space_stack").items[0]
    rig(g, *faces)
    asked = income_start(g, p, turn, answers)
    return g, p, tile, asked


def test_werefolk_face_up_regress_and_explore_with_the_tile_on_the_mat(program):
    """'gain a random space tile, and flip it (like a coin)... If the tile lands face-up, you may
    regress on 1 track; do not gain the benefit or the bonus. If you regressed, explore with the
    space tile by placing it onto this civilization mat.'"""
    g = table(program, 2)
    p = me(g)
    grant(g, p, "werefolk")
    tile = on_top(g, "s5")                                        # 1 coin, 1 worker, 8 VP
    p.stock["military"] = 5
    p.stock["vp"], p.stock["coin"], p.stock["worker"] = 0, 0, 0
    rig(g, 0)
    asked = income_start(g, p, 2, {"Werefolk: regress on 1 track": "yes", "Werefolk: regress on which": "Military"})
    assert "Werefolk: regress on which track?" in prompts(asked)
    assert p.stock["military"] == 4
    assert tile in p.zones["werefolk_mat"] and tile not in p.zones["space_supply"]
    assert (p.stock["vp"], p.stock["coin"], p.stock["worker"]) == (8, 1, 1)   # no 4 VP besides


def on_top(g: Game, name: str):
    """Put a space tile on top of the stack."""
    stack = g.zone(None, "space_stack")
    rest = [t for t in stack.items if t.name != name]
    for t in rest:
        g.move(t, g.zone(None, "werefolk_discard"))
    for t in rest:
        g.move(t, stack)
    assert stack.items[0].name == name
    return stack.items[0]


def test_werefolk_face_up_without_regressing_gain_4_vp_and_keep_the_tile(program):
    """'If you did not regress, gain 4 VP.' 'Regardless, if you do not explore with the space tile,
    keep it in your supply.' With every marker at its start, no track is offered."""
    g = table(program, 2)
    p = me(g)
    grant(g, p, "werefolk")
    tile = g.zone(None, "space_stack").items[0]
    p.stock["vp"], p.stock["science"] = 0, 3
    rig(g, 0)
    income_start(g, p, 2, {"Werefolk: regress on 1 track": "no"})
    assert p.stock["vp"] == 4 and tile in p.zones["space_supply"] and p.stock["science"] == 3
    for t in ("exploration", "science", "military", "technology"):
        p.stock[t] = 0
    p.stock["vp"] = 0
    rig(g, 0)
    asked = income_start(g, p, 3, {})
    assert not any(q.startswith("Werefolk: regress") for q in prompts(asked)) and p.stock["vp"] == 4


def test_werefolk_face_down_advance_with_benefit_and_free_bonus(program):
    """'If the tile lands face-down ... Advance on 1 track; gain the benefit and bonus for free.'"""
    g = table(program, 2)
    p = me(g)
    grant(g, p, "werefolk")
    tile = g.zone(None, "space_stack").items[0]
    p.stock["exploration"] = 0
    rig(g, 1)
    asked = income_start(g, p, 2, {"Werefolk: advance on which": "Exploration", "take the bonus": "yes"})
    assert "Werefolk: advance on which track (benefit and bonus free)?" in prompts(asked)
    assert p.stock["exploration"] == 1 and tile in p.zones["space_supply"]


def test_werefolk_discard_the_tile_on_the_mat_at_the_next_income_turn(program):
    """'At the start of income turns 2-5, if there is a space tile on this civilization mat, discard
    it.'"""
    g = table(program, 2)
    p = me(g)
    grant(g, p, "werefolk")
    old = g.zone(None, "space_stack").items[-1]
    g.move(old, g.zone(p, "werefolk_mat"))
    rig(g, 1)
    income_start(g, p, 5, {})
    assert old in g.zone(None, "werefolk_discard").items and old not in p.zones["werefolk_mat"]


# ---------------------------------------------------------------------------- whole games


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_with_these_civilizations_keep_the_invariants(ff_deck, players):
    seen = set()
    for seed in range(3):
        g = play_random(ff_deck["compiled"], players, seed)
        assert g.result()["winners"]
        seen |= {c.name for p in g.state.players for c in p.zones["civs"]}
    assert seen & set(CIVS)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_hundred_random_games_per_player_count_with_these_civilizations(ff_deck, players):
    seen = set()
    for seed in range(games_per_count(100)):
        g = play_random(ff_deck["compiled"], players, seed)
        seen |= {c.name for p in g.state.players for c in p.zones["civs"]}
    assert set(CIVS) <= seen


def test_compiled_and_interpreted_games_with_these_civilizations_agree(ff_deck):
    for players, seed in ((3, 4), (5, 8)):
        games = [Game(ff_deck[b], players, seed, [RandomAgent(seed * 10 + i) for i in range(players)])
                 for b in ("compiled", "interpreted")]
        assert games[0].play() == games[1].play()
        assert games[0].log == games[1].log


def test_a_logged_game_with_these_civilizations_replays_on_both_backends(ff_deck, deck_pack, tmp_path):
    from rulebook.runtime.record import load, record, replay, save

    game = Game(ff_deck["compiled"], 4, 21, [RandomAgent(210 + i) for i in range(4)])
    game.play()
    assert {c.name for p in game.state.players for c in p.zones["civs"]} & set(CIVS)
    save(record(game, BASE, expansions=[EXPANSION, deck_pack], pack_name="tapestry"), tmp_path / "game.json")
    logged = load(tmp_path / "game.json")
    assert replay(ff_deck["compiled"], logged).state.digest() == game.state.digest()
    assert replay(ff_deck["interpreted"], logged).state.digest() == game.state.digest()


@pytest.mark.slow
def test_cover_reaches_these_civilizations(ff_deck):
    """`cover` with only Fantasies & Futures civilizations dealt: every slot, proc and die face of
    the four civilizations here is reached; their `midgame` (gained in the middle of the game, by
    Mechs or Radio: rare, as for the base game's cover test) only asserted with 200 games."""
    from rulebook.runtime.coverage import cover_games, setups_of

    ours = set(CIVS) | {"give_clan", "raise_capital", "float_capital", "rework_row", "werefolk_regress",
                        "tile_toss"}

    def missed(coverage) -> list:
        names = [n for _, (_, names) in coverage.report().items() for n in names if n.split()[0] in ours]
        return names if games >= 200 else [n for n in names if not n.endswith(" midgame")]

    program = ff_deck["compiled"]
    games = games_per_count(20)   # the games stop once every rule asked is reached
    coverage = cover_games(program, range(2, 6), range(1, 1 + games), setups_of(program),
                           enough=lambda c: not missed(c))
    assert not missed(coverage), missed(coverage)
