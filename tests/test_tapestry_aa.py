"""Tapestry: Arts & Architecture (rules/tapestry_aa, stacked on rules/tapestry): the rulebook's AA
rules, examples and FAQ rulings on both backends, and whole games with the base invariants.

Seats: P1 is player 0; `left` is the next seat. Page numbers are those of the integrated rulebook.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.agents import RandomAgent, ScriptedAgent
from rulebook.runtime.engine import Game

from . import test_tapestry
from .conftest import drive, games_per_count, pack_backends, run_answering
from .test_tapestry import INCOME, answer_by_prompt, ent, first_options, me, run_first
from .test_tapestry import play_random as base_play_random
# the base's whole-game test, collected here with this module's `backends` (the base + the expansion)
from .test_tapestry import test_compiled_and_interpreted_games_agree  # noqa: F401

RULES = Path(__file__).resolve().parent.parent / "rules"
PACK = str(RULES / "tapestry")
EXPANSION = str(RULES / "tapestry_aa")
TRACKS = ("exploration", "science", "military", "technology", "arts")
TRACK_TITLES = ("Exploration", "Science", "Military", "Technology", "Arts")


@pytest.fixture(scope="module")
def backends(tmp_path_factory):
    """The compiled and the interpreted Program of the base with Arts & Architecture stacked."""
    return pack_backends(tmp_path_factory, PACK, expansions=(EXPANSION,))


def table(program, players: int = 4, seed: int = 1) -> Game:
    """test_tapestry's table: after the whole setup phase (the expansion's standing triggers are
    registered), with no civilization's ability in force."""
    return test_tapestry.table(program, players, seed)


def give(game: Game, p, name: str, zone: str) -> None:
    """Move an entity of the pack into one of a player's zones."""
    game.move(ent(game, name), game.zone(p, zone))


def first_prompts(gen) -> list[str]:
    """Run an effect to its end taking the first option of every decision; the prompts asked."""
    return [d.prompt for d in run_answering(gen, lambda d: 0, with_forced=True)]


def rolls(game: Game, p, times: int) -> set:
    """The lanes the science die shows a player over `times` rolls."""
    seen = set()

    def roll():
        """One roll, keeping the lane it shows (a roll asks nothing here)."""
        seen.add((yield from game.roll(p, "science_die")).name)

    for _ in range(times):
        drive(game, roll())
    return seen


def prompts(asked) -> list[str]:
    return [d.prompt for d in asked]


def no_civilization(game: Game, p) -> None:
    """A player without civilization (scenarios that need one give it)."""
    for c in list(p.zones["civs"]):
        game.move(c, game.zone(None, "civ_deck"))


# ---------------------------------------------------------------------------- setup and the arts track


@pytest.mark.parametrize("players", [2, 5])
def test_setup_adds_the_arts_track_and_three_face_up_masterpieces(program, players):
    """Setup 2 and E (p.4-5): the arts track beside the board, every marker at its start, the
    masterpiece deck shuffled with 3 cards face up; no inspiration piece placed."""
    g = table(program, players)
    assert len(g.zone(None, "lanes")) == 5
    assert len(g.zone(None, "masterpiece_display")) == 3
    assert len(g.zone(None, "masterpiece_deck")) == 17
    for p in g.state.players:
        assert p.stock["arts"] == 0
        assert not p.zones["masterpieces"]
        assert all(p.stock[f"inspired[{r}]"] == 0 for r in ("markets", "houses", "farms", "armories"))


def test_tier_two_of_the_arts_track_costs_two_different_resources(program):
    """FAQ (p.22): the cost symbol of tier II of the arts track means 2 different resources."""
    g = table(program, 2)
    p = me(g)
    p.stock["arts"] = 3
    for r in INCOME:
        p.stock[r] = 0
    p.stock["coin"] = 2
    assert not g.can_advance(p, "arts")
    p.stock["food"] = 1
    assert g.can_advance(p, "arts")
    p.stock["vp"] = 0
    first_options(g.program.procs["advance_paying"](g, p, "arts"))
    assert p.stock["arts"] == 4
    assert p.stock["coin"] == 1 and p.stock["food"] == 0                 # one of each
    assert ent(g, "arts_landmark_2") in p.zones["my_landmarks"]           # first into tier II


def test_completing_the_arts_track_is_the_complete_any_track_achievement(program):
    """p.15 with five tracks: reaching the end of the arts track completes a track."""
    g = table(program, 2)
    p = me(g)
    p.stock["arts"], p.stock["vp"] = 11, 0
    first_options(g.program.procs["advance_on"](g, p, "arts"))
    assert p.stock["arts"] == 12
    assert p.stock["feat_done[any_track_done]"] == 1
    assert p.stock["vp"] >= 15


def test_physics_still_offers_its_three_tracks_only(program):
    """Physics (p.20) shows exploration, military and technology: not science, nor arts."""
    g = table(program, 2)
    d = g.program.procs["advance_one_of_three"](g, me(g)).send(None)
    assert d.options == ["Exploration", "Military", "Technology"]


def test_the_d20_science_die_can_roll_the_arts_track(program):
    """p.11: Arts & Architecture uses the D20, whose faces include the arts track."""
    g = table(program, 2)
    titles = [title for title, *_ in g.program.dice["science_die"]]
    assert len(titles) == 20 and all(titles.count(t) == 4 for t in TRACK_TITLES)
    assert rolls(g, me(g), 60) == {"exploring", "researching", "fighting", "inventing", "creating"}


def test_the_any_science_die_variant_lets_a_player_roll_the_d12_without_arts(backends):
    """Variant (p.16): you may choose to roll any of the science dice; a player who keeps the D12
    never rolls the arts track, and still rolls each of the other four."""
    g = Game(backends["compiled"], 2, 1, [ScriptedAgent([])] * 2, ["any_science_die"])
    dice = ["the D12 (4 tracks)", "the D20 (5 tracks)"]
    run_answering(g.program.game.setup(g, g.state.players[0]),
                  lambda d: d.options.index(dice.pop(0)) if d.prompt == "which science die will you roll?" else 0)
    assert not dice                                                   # both players were asked
    p = me(g)
    assert p.vars["d12_chosen"] and not me(g, 1).vars.get("d12_chosen")
    assert rolls(g, p, 60) == {"exploring", "researching", "fighting", "inventing"}
    assert "creating" in rolls(g, me(g, 1), 60)


def test_dark_ages_with_the_arts_track_leaves_one_track_alone(program):
    """FAQ (p.30): Dark Ages regresses once on 3 different tracks, then advances three times on one
    of the 2 remaining tracks."""
    g = table(program, 2)
    p = me(g)
    for t in TRACKS:
        p.stock[t] = 5
    asked = drive(g, g.run_slot(p, ent(g, "dark_ages"), "play", "test"), ["Arts", "Exploration", "Science", "Military", 0])
    assert len(asked[0].options) == 5 and len(asked[1].options) == 4 and len(asked[3].options) == 2
    assert [p.stock[t] for t in TRACKS] == [4, 4, 4, 5, 8]      # three regressed once, one untouched


# ---------------------------------------------------------------------------- masterpieces


def test_masterpieces_are_used_in_step_one_before_the_civilizations(program):
    """p.6: step 1 of income turns 2-5 gives the benefits of your masterpieces, in any order, then
    your civilizations act."""
    g = table(program, 2)
    p = me(g)
    no_civilization(g, p)
    leaders = ent(g, "leaders")
    g.move(leaders, g.zone(p, "civs"))
    drive(g, g.run_slot(p, leaders, "power", "test"))
    give(g, p, "painting", "masterpieces")
    give(g, p, "theater", "masterpieces")
    p.stock["era"], p.stock["vp"], p.stock["arts"] = 1, 0, 3
    for r in INCOME:
        p.stock[r] = 0
    asked = drive(g, g.program.procs["income_step_one"](g, p), ["Theater", "coin", "none"])
    assert prompts(asked)[:3] == ["use which masterpiece next?", "gain 1 resource",
                                  "Leaders: advance on which track?"]
    assert p.stock["vp"] == 3 + 4 and p.stock["coin"] == 1           # Theater, then Painting


def test_a_single_use_masterpiece_is_flipped_and_cannot_be_borrowed(program):
    """p.27 and the FAQ (p.22): Art Deco and Mime are used once and flipped face down; opponents may
    not gain their benefit (Streaming Implants borrows only the others)."""
    g = table(program, 2)
    p, q = me(g), me(g, 1)
    give(g, p, "art_deco", "masterpieces")
    give(g, p, "painting", "masterpieces")
    p.stock["vp"] = 0
    drive(g, g.program.procs["activate_masterpieces"](g, p), ["Art Deco", "yes", "market", 0, "coin", "coin"])
    assert p.stock["built[markets]"] == 1 and p.stock["vp"] == 4
    assert ent(g, "art_deco").key in g.state.flipped
    asked = drive(g, g.program.procs["activate_masterpieces"](g, p), ["coin"])
    assert prompts(asked) == ["gain 1 resource"]          # Painting alone: Art Deco is gone for the game
    q.stock["vp"] = 0
    gen = g.program.procs["stream_masterpieces"](g, q, 3)
    d = gen.send(None)
    assert d.options == ["Painting", "none"]              # P1 is the only neighbour: their Painting only


def test_streaming_implants_uses_up_to_three_different_masterpieces_yours_or_a_neighbours(program):
    """p.27: Streaming Implants gives the benefit of up to 3 different masterpieces, yours or your
    neighbours' (theirs only if not single-use): each is offered once, and three is the most."""
    g = table(program, 3)
    p, left_of_p, right_of_p = me(g), me(g, 1), me(g, 2)
    for who, name in ((p, "theater"), (p, "art_deco"), (left_of_p, "painting"), (left_of_p, "mime"),
                      (right_of_p, "ballet")):
        give(g, who, name, "masterpieces")
    picks = iter(["Theater", "Painting", "Ballet"])   # anything else asked (a resource): the first option
    asked = run_answering(g.program.procs["stream_masterpieces"](g, p, 3),
                          lambda d: d.options.index(next(picks)) if d.prompt.startswith("Streaming") else 0)
    streams = [d for d in asked if d.prompt.startswith("Streaming Implants")]
    assert streams[0].options == ["Theater", "Art Deco", "Painting", "Ballet", "none"]   # not their Mime
    assert streams[1].options == ["Art Deco", "Painting", "Ballet", "none"]             # Theater used
    assert len(streams) == 3                             # the third pick is the last: no fourth question


def test_row_and_column_masterpieces_score_without_scoring_the_capital(program):
    """p.13: Ballet scores 1 VP per complete row, Modern Dance per complete column; neither counts as
    scoring your capital (no capital_scored event, so Wetland-like abilities stay quiet)."""
    g = table(program, 2)
    p = me(g)
    city = ent(g, "my_capital").copy_for("P1")
    g.set_field(city, "rows", 1)
    g.set_field(city, "lines", 3)                          # 1 row and 2 columns
    announced, emit = [], g.emit
    g.emit = lambda event, subject, args: (announced.append(event), emit(event, subject, args))[1]
    for name, vp in (("ballet", 1), ("modern_dance", 2)):
        p.stock["vp"] = 0
        drive(g, g.run_slot(p, ent(g, name), "use", "test"), ["coin"])
        assert p.stock["vp"] == vp
    assert "capital_scored" not in announced
    drive(g, g.program.procs["score_capital"](g, p))                # scoring the capital announces it
    assert "capital_scored" in announced


def test_mime_is_used_through_broadcast_once_and_then_flipped(program):
    """FAQ (p.22): a single-use masterpiece with a cost is used in step 1 or by the broadcast benefit
    (Carved Marble Sculpture), then flipped face down; Mime pays 1 resource for the benefit of a
    space you stand on."""
    g = table(program, 2)
    p = me(g)
    give(g, p, "mime", "masterpieces")
    for t in TRACKS:
        p.stock[t] = 0
    p.stock["arts"], p.stock["coin"], p.stock["vp"] = 2, 1, 0          # Flutes: 5 VP
    drive(g, g.program.procs["broadcast"](g, p), ["yes"])
    assert p.stock["vp"] == 5 and p.stock["coin"] == 0
    assert ent(g, "mime").key in g.state.flipped
    assert drive(g, g.program.procs["broadcast"](g, p)) == []          # nothing left to broadcast


def test_gaining_a_masterpiece_replenishes_the_display(program):
    """p.13: gain a masterpiece face up (replenished at once) or from the top of the deck."""
    g = table(program, 2)
    p = me(g)
    display = list(g.zone(None, "masterpiece_display").items)
    answer_by_prompt(g.program.procs["gain_masterpiece"](g, p), {"gain which masterpiece?": "a face-up card"})
    assert p.zones["masterpieces"] == [display[0]]
    assert len(g.zone(None, "masterpiece_display")) == 3 and len(g.zone(None, "masterpiece_deck")) == 16


def test_ceramics_upgrades_a_card_that_cannot_be_upgraded_again_this_turn(program):
    """p.13 (Ceramics): the card upgraded cannot be upgraded again this turn, not even in the upgrade
    step of the income turn."""
    g = table(program, 2)
    p = me(g)
    for c in list(p.zones["techs[1]"]):
        g.move(c, g.zone(None, "tech_discard"))
    give(g, p, "calendar", "techs[1]")
    p.stock["upgraded_turn"] = 3                                  # the turn under way
    first_options(g.run_slot(p, ent(g, "ceramics"), "use", "test"))
    assert ent(g, "calendar") in p.zones["techs[2]"]
    assert drive(g, g.program.procs["upgrade"](g, p)) == []      # nothing left to upgrade this turn
    assert ent(g, "calendar") in p.zones["techs[2]"]
    p.stock["upgraded_turn"] = 4                                  # the next turn: free again
    p.stock["exploration"] = 4                                    # Calendar's prerequisite met
    answer_by_prompt(g.program.procs["upgrade"](g, p), {})
    assert ent(g, "calendar") in p.zones["techs[3]"]


def test_inspiration_adds_its_rows_resource_to_every_income(program):
    """p.13: an inspiration piece upgrades its row of the income mat (PROVISIONAL value: 1 more of
    the row's resource)."""
    g = table(program, 2)
    p = me(g)
    answer_by_prompt(g.program.procs["inspire"](g, p), {"place which inspiration piece?": "farms"})
    assert p.stock["inspired[farms]"] == 1
    for r in INCOME:
        p.stock[r] = 0
    run_first(g, "income_turn")                                   # income turn 1
    assert [p.stock[r] for r in INCOME] == [1, 1, 2, 1]
    asked = drive(g, g.program.procs["inspire"](g, p), [0])
    assert "farms" not in (asked[0].options if asked else [])   # each piece once


# ---------------------------------------------------------------------------- tech cards


def test_a_landmark_may_go_on_astrolabe_to_upgrade_it_at_once(program):
    """Astrolabe (p.23): a landmark gained may be placed on it to upgrade it immediately; its top-row
    prerequisite is a landmark on the card."""
    g = table(program, 2)
    p = me(g)
    give(g, p, "astrolabe", "techs[2]")
    assert not g.program.funcs["meets"](g, p, p, ent(g, "astrolabe"))
    p.stock["exploration"] = 0
    answer_by_prompt(g.program.procs["gain_landmark"](g, p, ent(g, "lighthouse")),
                     {"place the landmark where?": "on a tech card of your middle row"})
    assert ent(g, "lighthouse") in p.zones["my_landmarks"]
    assert ent(g, "astrolabe") in p.zones["techs[3]"]
    assert p.stock["exploration"] == 1                              # its square: advance on exploration
    assert g.program.funcs["meets"](g, p, p, ent(g, "astrolabe"))


# ---------------------------------------------------------------------------- civilizations


def with_civilization(game: Game, p, name: str):
    """Give a player a civilization (its power in force), leaving the others."""
    no_civilization(game, p)
    civ = ent(game, name)
    game.move(civ, game.zone(p, "civs"))
    drive(game, game.run_slot(p, civ, "power", "test"))
    return civ


def test_the_civilization_step_announces_the_income_turn_number(program):
    """p.6: step 1 of income turn 5 is turn 5 (abilities "on your final income turn" fire then): the
    Collectors score their mat, 1/3/6/10/15/21 VP for 1-6 kinds of objects."""
    g = table(program, 2)
    p = me(g)
    with_civilization(g, p, "collectors")
    for k in ("kept_house", "kept_tile", "kept_tech"):
        p.stock[f"collected[{k}]"] = 1
    p.stock["vp"], p.stock["era"] = 0, 4
    drive(g, g.program.procs["income_step_one"](g, p))           # turn 4: nothing yet
    assert p.stock["vp"] == 0
    p.stock["era"] = 5
    drive(g, g.program.procs["income_step_one"](g, p))
    assert p.stock["vp"] == 6


def test_collectors_keep_a_tapestry_card_gained_in_an_advancement_turn_for_a_resource(program):
    """Collectors: a tapestry card gained during an advancement turn may go on the mat (then it is no
    longer in hand) for 1 resource; only one of each kind, and not in an income turn."""
    g = table(program, 2)
    p = me(g)
    with_civilization(g, p, "collectors")
    p.vars["advancing"] = True
    p.stock["coin"] = 0
    hand = len(p.zones["tapestry_hand"])
    gen = g.program.procs["gain_tapestries"](g, p, 1)
    asked = drive(g, gen, ["yes", "coin"])
    assert prompts(asked)[0] == "Collectors: place the tapestry card gained on your mat?"
    assert len(p.zones["tapestry_hand"]) == hand and len(p.zones["collected_cards"]) == 1
    assert p.stock["coin"] == 1 and p.stock["collected[kept_tapestry]"] == 1
    assert drive(g, g.program.procs["gain_tapestries"](g, p, 1)) == []      # one tapestry card only
    p.vars["advancing"] = False
    give(g, p, "calendar", "techs[1]")
    g.emit("invented", p, {"card": ent(g, "calendar")})
    assert drive(g, g.drain()) == []                                       # not an advancement turn


def test_collectors_put_a_house_on_their_mat_instead_of_the_capital(program):
    """Collectors: a house gained in an advancement turn may go on the mat (not into the capital); it
    still counts as gained (the income mat's next space is uncovered), for 1 resource."""
    g = table(program, 2)
    p = me(g)
    with_civilization(g, p, "collectors")
    p.vars["advancing"], p.stock["worker"] = True, 0
    city = ent(g, "my_capital").copy_for("P1")
    before = g.field(city, "built")
    drive(g, g.program.procs["gain_building"](g, p, "houses"), ["yes", "worker"])
    assert p.stock["built[houses]"] == 1 and p.stock["collected[kept_house]"] == 1
    assert g.field(city, "built") == before and p.stock["worker"] == 1


def test_gamblers_play_a_revealed_when_played_card_and_discard_the_rest(program):
    """Gamblers: at the start of income turns 2-4, reveal 3 tapestry cards, play one WHEN PLAYED card
    (covered by the era's own card) and discard the others."""
    g = table(program, 2)
    p = me(g)
    with_civilization(g, p, "gamblers")
    deck = g.zone(None, "tapestry_deck").items
    for name in ("academia", "boast_of_superiority", "golden_age"):
        deck.remove(ent(g, name))
        deck.insert(0, ent(g, name))
    for t in TRACKS:
        for q in g.state.players:
            q.stock[t] = 0
    p.stock["vp"] = 0
    g.emit("civ_phase", p, {"turn": 2})
    asked = drive(g, g.drain())                                            # one WHEN PLAYED card: no choice
    assert asked == []
    assert p.stock["vp"] == 4 * 5                                           # Boast: leading on 5 tracks
    assert ent(g, "boast_of_superiority") in p.zones["covered_cards"]
    discards = g.zone(None, "tapestry_discard").items
    assert ent(g, "academia") in discards and ent(g, "golden_age") in discards
    g.emit("civ_phase", p, {"turn": 5})
    assert drive(g, g.drain()) == [] and not g.zone(None, "gamble").items   # not in turn 5


def test_relentless_bank_tokens_on_building_turns_and_cash_them_on_a_turn_without(program):
    """Relentless: a token at the end of each turn with a building; at the end of an advancement turn
    without one, all tokens back for the chart (2 tokens: 3 VP and a tapestry card)."""
    g = table(program, 2)
    p = me(g)
    with_civilization(g, p, "relentless")
    p.stock["era"], p.stock["era_seen"] = 2, 2
    for _ in range(2):
        g.emit("building_placed", p, {"row": "farms"})
        g.emit("turn_end", p, {})
        drive(g, g.drain())
    assert p.stock["relentless_tokens"] == 2
    p.stock["vp"] = 0
    hand = len(p.zones["tapestry_hand"])
    g.emit("turn_end", p, {})
    drive(g, g.drain())
    assert p.stock["relentless_tokens"] == 0 and p.stock["vp"] == 3
    assert len(p.zones["tapestry_hand"]) == hand + 1


def test_renegades_trade_a_spaces_benefit_for_their_own_track_of_the_same_tier(program):
    """Renegades: advancing into tier I, they may ignore the benefit (still paying the space and
    taking its landmark) to advance on their track; its tier I gives a tapestry card or a building.
    A space of another tier than the Renegades' next one is not offered."""
    g = table(program, 2)
    p = me(g)
    with_civilization(g, p, "renegades")
    for r in INCOME:
        p.stock[r] = 3
    p.stock["exploration"] = 0
    tiles = len(p.zones["territories"])
    asked = drive(g, g.program.procs["advance_paying"](g, p, "exploration"), ["yes", "coin", "an income building of your choice", "farm", 0])
    assert prompts(asked)[0].startswith("Renegades: ignore the benefit")
    assert p.stock["exploration"] == 1 and p.stock["renegade"] == 1
    assert len(p.zones["territories"]) == tiles                             # Scouting's 2 tiles not gained
    assert p.stock["built[farms]"] == 1 and sum(p.stock[r] for r in INCOME) == 11
    p.stock["science"] = 0
    asked = first_prompts(g.program.procs["advance_paying"](g, p, "science"))
    assert not any(a.startswith("Renegades") for a in asked)                # tier I again: the next is II


def corner(label: str) -> tuple[int, int]:
    """The row and column of a capital placement's label ("row R, column C[, turned D°]")."""
    row, col = (int(part.split()[-1]) for part in label.split(",")[:2])
    return row, col


def test_urban_planners_keep_landmarks_and_score_the_largest_group_on_the_last_income_turn(program):
    """Urban Planners: a landmark may wait on the mat and go into the capital on a later turn (FAQ
    p.29: several in one turn; 2 or more at once also give a resource and a tapestry card); on the
    final income turn, n x n VP for the largest group of n touching landmarks."""
    g = table(program, 2)
    p = me(g)
    with_civilization(g, p, "urban_planners")
    for name in ("lighthouse", "apothecary"):
        drive(g, g.program.procs["gain_landmark"](g, p, ent(g, name)), ["on the Urban Planners' mat, for a later turn"])
    assert len(p.zones["planned_landmarks"]) == 2 and not g.zone(None, "landmark_board").items.count(ent(g, "lighthouse"))
    city = ent(g, "my_capital").copy_for("P1")
    hand = len(p.zones["tapestry_hand"])
    gen = g.program.procs["take_turn"](g, p)                     # both placed at the start of a turn
    d = gen.send(None)
    assert d.prompt == "Urban Planners: place which kept landmark in your capital now?"
    d = gen.send(d.options.index("Lighthouse"))
    row, col = corner(d.options[0])
    d = gen.send(0)
    d = gen.send(d.options.index("Apothecary"))
    # a place for the 2x2 Apothecary whose side touches the 2x2 Lighthouse
    beside = [i for i, o in enumerate(d.options) if (
        abs(corner(o)[1] - col) == 2 and abs(corner(o)[0] - row) <= 1
        or abs(corner(o)[0] - row) == 2 and abs(corner(o)[1] - col) <= 1)]
    d = gen.send(beside[0])
    while d.prompt != "advance on which track? (none: take an income turn)":
        d = gen.send(0)                                          # the resource for placing 2 at once
    gen.close()
    assert len(p.zones["my_landmarks"]) == 2 and len(p.zones["tapestry_hand"]) == hand + 1
    assert g.field(city, "landmark_group") == 2
    p.stock["vp"] = 0
    g.emit("civ_phase", p, {"turn": 5})
    drive(g, g.drain())
    assert p.stock["vp"] == 4


def test_the_capital_kernel_counts_rows_apart_and_groups_of_touching_landmarks():
    """The build kernel's capabilities for Arts & Architecture: complete rows alone (Ballet, Modern
    Dance: rows and columns score apart) and the largest group of orthogonally touching landmarks
    (Urban Planners)."""
    from rulebook.runtime import kernels_tapestry as K

    cells = [K.OPEN] * 81
    for j in range(9):
        cells[j] = K.BUILT                                  # row 1
    for i in range(9):
        cells[i * 9 + 4] = K.BUILT                          # column 5
    assert K.complete_rows(cells) == 1 and K.complete_lines(cells) == 2
    # landmarks: A at (0,0)-(0,1), B at (0,2) touches A; C at (1,3) touches only diagonally; D at
    # (0,8) and E at (1,0) (plot 9: the row below A, not the end of row 0)
    a, b, c, d, e = [0, 1], [2], [12], [8], [9]
    assert K.largest_landmark_group([a, b, c]) == 2
    assert K.largest_landmark_group([a, b, c, e]) == 3
    assert K.largest_landmark_group([d, e]) == 1                # 8 and 9 are not neighbours
    assert K.largest_landmark_group([]) == 0


# ---------------------------------------------------------------------------- whole games


def check_arts(game: Game) -> None:
    for p in game.state.players:
        assert 0 <= p.stock["arts"] <= 12, (p.name, p.stock["arts"])
        for r in ("markets", "houses", "farms", "armories"):
            assert p.stock[f"inspired[{r}]"] in (0, 1)
    held = [m.name for p in game.state.players for m in p.zones["masterpieces"]]
    assert len(held) == len(set(held))


def play_random(program, players: int, seed: int) -> Game:
    """A random game checked after every decision by the base's invariants (test_tapestry's
    play_random), then the expansion's."""
    g = base_play_random(program, players, seed)
    check_arts(g)
    return g


@pytest.mark.parametrize("games", [2, pytest.param(100, marks=pytest.mark.slow, id="hundred")])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_finish_and_keep_the_invariants(backends, players, games):
    """A few random games per player count in the default run; 100 (RULEBOOK_GAMES) in the slow one."""
    for seed in range(games if games < 100 else games_per_count(games)):
        assert play_random(backends["compiled"], players, seed).result()["winners"]


@pytest.mark.slow
@pytest.mark.parametrize("first", ["tapestry_ff", "tapestry_aa"])
def test_stacked_with_fantasies_and_futures_a_hundred_games_keep_the_invariants(tmp_path_factory, first):
    """Stacked with Fantasies & Futures, in either order: 100 random games per player count."""
    others = {"tapestry_ff": str(RULES / "tapestry_ff"), "tapestry_aa": EXPANSION}
    stack = (others[first], *(v for k, v in others.items() if k != first))
    program = pack_backends(tmp_path_factory, PACK, expansions=stack)["compiled"]
    for players in range(2, 6):
        for seed in range(games_per_count(100)):
            play_random(program, players, seed)


def test_a_logged_game_replays_to_the_same_final_state_on_both_backends(backends, tmp_path):
    from rulebook.runtime.record import load, record, replay, save

    game = Game(backends["compiled"], 3, 11, [RandomAgent(110 + i) for i in range(3)])
    game.play()
    save(record(game, PACK, expansions=[EXPANSION]), tmp_path / "game.json")
    logged = load(tmp_path / "game.json")
    assert replay(backends["compiled"], logged).state.digest() == game.state.digest()
    assert replay(backends["interpreted"], logged).state.digest() == game.state.digest()


def test_play_with_the_expansion_prints_the_winner_and_replays(tmp_path):
    from click.testing import CliRunner

    from rulebook.cli import app

    log = tmp_path / "game.json"
    args = ["play", "tapestry", "--with", "tapestry_aa", "--players", "4", "--seed", "4", "--quiet"]
    first = CliRunner().invoke(app, args + ["--log", str(log)])
    assert first.exit_code == 0, first.output
    assert "winner:" in first.output
    for extra in ([], ["--interpret"]):
        replayed = CliRunner().invoke(app, ["replay", str(log)] + extra)
        assert replayed.exit_code == 0, replayed.output


@pytest.mark.slow
def test_cover_with_the_expansion_reaches_the_arts_track_and_every_masterpiece(backends):
    from rulebook.runtime.coverage import cover_games, setups_of

    def arts_and_masterpieces_reached(report) -> bool:
        return all(group in report and not report[group][1] for group in ("track arts", "masterpiece"))

    program = backends["compiled"]
    games = games_per_count(40)   # fewer than 200: the games stop once the arts track and masterpieces are reached
    report = cover_games(program, range(2, 6), range(1, 1 + games), setups_of(program),
                         enough=None if games >= 200 else lambda c: arts_and_masterpieces_reached(c.report())).report()
    assert arts_and_masterpieces_reached(report), report.get("masterpiece")
    if games >= 200:
        assert not {group: names for group, (_, names) in report.items() if names}


def test_the_renegades_track_ends_with_20_vp_and_the_track_achievement_and_is_no_advancement_track(program):
    """Renegades: their own track's tier IV gives 20 VP, and reaching its end counts for the
    "complete a track" achievement; it is not an advancement track, so Theocracy's "enter a new
    advancement tier" does not fire on it."""
    g = table(program, 2)
    p = me(g)
    with_civilization(g, p, "renegades")
    for r in INCOME:
        p.stock[r] = 5
    p.stock["renegade"], p.stock["exploration"], p.stock["vp"] = 3, 9, 0
    drive(g, g.run_slot(p, ent(g, "theocracy"), "play", "test"))
    p.stock["vp"] = 0
    asked = drive(g, g.program.procs["advance_paying"](g, p, "exploration"), ["yes", 0, 0, 0])
    assert prompts(asked)[0].startswith("Renegades: ignore the benefit")
    assert p.stock["exploration"] == 10 and p.stock["renegade"] == 4
    assert p.stock["feat_done[any_track_done]"] == 1
    assert p.stock["vp"] == 20 + 4 + 15   # tier IV of the Renegades, Theocracy once (exploration), the achievement
