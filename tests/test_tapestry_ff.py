"""Tapestry: Fantasies & Futures (rules/tapestry_ff stacked on rules/tapestry), on both backends.

The rulebook's FF rules and examples (charms p.6-7, reserved items p.7, the charm prerequisite and
single-use tech cards p.11, income turn 5 and the FAQ p.28-30), and whole games with the base
game's invariants. Seats: P1 is player 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.agents import RandomAgent
from rulebook.runtime.engine import Game

from . import test_tapestry
from .conftest import drive, games_per_count, pack_backends, program_of, run_answering, write_pack
from .test_tapestry import answer_by_prompt, ent, me, play_random, run
from .test_tapestry_aa import with_civilization

RULES = Path(__file__).resolve().parent.parent / "rules"
BASE = str(RULES / "tapestry")
EXPANSION = str(RULES / "tapestry_ff")
ROWS = ("markets", "houses", "farms", "armories")


@pytest.fixture(scope="module")
def backends(tmp_path_factory):
    """The base game with Fantasies & Futures stacked, compiled and interpreted, built once."""
    return pack_backends(tmp_path_factory, BASE, expansions=(EXPANSION,))


def table(program, players: int = 2, seed: int = 1) -> Game:
    """test_tapestry's table (two players by default): after the whole setup phase, with no
    civilization's ability in force."""
    return test_tapestry.table(program, players, seed)


def go(g: Game, name: str, *args, player: int = 0, answers: dict | None = None) -> None:
    """Run a proc for a player, answering prompts that start with a key of `answers`, anything else
    (where to build, ...) with the first option."""
    answer_by_prompt(g.program.procs[name](g, g.state.players[player], *args), answers or {})


def at_era(g: Game, p, era: int) -> None:
    p.stock["era"] = era


def in_hand(g: Game, p, name: str):
    card = ent(g, name)
    g.move(card, g.zone(p, "tapestry_hand"))
    return card


def empty_hand(g: Game, p) -> None:
    for c in list(p.zones["tapestry_hand"]):
        g.move(c, g.zone(None, "tapestry_discard"))


def lay(g: Game, p, name: str, slot: int):
    """A card already lying face up on an era space of a player's mat (played in an earlier turn)."""
    card = ent(g, name)
    g.move(card, g.zone(p, "mat"))
    drive(g, g.drain())                                           # its arrival, handled now
    g.set_field(card, "slot", slot)
    return card


def func(g: Game, name: str, p, *args):
    return g.program.funcs[name](g, p, *args)


# ---------------------------------------------------------------------------- charms (p.6-7)


def test_left_charm_when_played_right_of_another_card_in_the_order_chosen(program):
    """The left bonus is gained when the card is played to the right of another card; Wizards'
    Guild scores 3 VP per charm visible on your mat, itself included."""
    g = table(program, 2)
    p = me(g)
    lay(g, p, "feudalism", 2)
    at_era(g, p, 3)
    p.stock["vp"], p.stock["coin"] = 0, 0
    asked = run(g, "put_on_mat", ent(g, "wizards_guild"),
                answers=["the charm bonus", "coin"])
    assert asked[0].prompt.startswith("the left charm bonus and the card's ability")
    assert p.stock["coin"] == 1                                   # the left bonus (provisional: 1 resource)
    assert p.stock["vp"] == 3 * 2                                 # its own two charms are visible
    assert g.field(ent(g, "wizards_guild"), "slot") == 3
    assert p.vars["charmed_once"]


def test_no_left_charm_on_era_two_when_maker_of_fire_has_no_card(program):
    """Maker of Fire is printed on the mat, not a card: nothing lies left of the era-2 card."""
    g = table(program, 2)
    p = me(g)
    at_era(g, p, 2)
    p.stock["vp"], p.stock["coin"] = 0, 0
    asked = run(g, "put_on_mat", in_hand(g, p, "wizards_guild"))
    assert asked == [] and p.stock["vp"] == 6
    assert sum(p.stock[r] for r in ("coin", "worker", "food", "culture")) == 0


def test_a_card_on_maker_of_fire_is_a_card_to_the_left(program):
    """p.7: 'it does not matter whether the card to the left ... is on Maker of Fire'."""
    g = table(program, 2)
    p = me(g)
    lay(g, p, "feudalism", 1)                                     # as the Heralds / Historians may
    at_era(g, p, 2)
    p.stock["food"] = 0
    run(g, "put_on_mat", ent(g, "wizards_guild"), answers=["the card's ability", "food"])
    assert p.stock["food"] == 1


def test_right_charm_the_first_time_a_card_goes_to_its_right_even_face_down(program):
    """The right bonus: the first time you place a card to the right, face down or not; a second
    card on top of that one (Nuclear Bomb) does not trigger it again."""
    g = table(program, 2)
    p = me(g)
    at_era(g, p, 2)
    run(g, "put_on_mat", ent(g, "wizards_guild"))
    at_era(g, p, 3)
    empty_hand(g, p)
    p.stock["worker"] = 0
    run(g, "play_income_tapestry", answers=["worker"])            # face down from the deck
    face_down = p.zones["mat"][-1]
    assert g.field(face_down, "flipped") and g.field(face_down, "slot") == 3
    assert p.stock["worker"] == 1
    assert g.field(ent(g, "wizards_guild"), "right_done")
    in_hand(g, p, "academia")
    go(g, "play_on_top", answers={"play which tapestry card on top": "Academia"})
    assert face_down in p.zones["covered_cards"]
    assert p.stock["worker"] == 1                                 # not a second time


def test_charm_bonuses_are_not_copied_by_espionage(program):
    """p.7: a card's ability is copied by Espionage, its charm bonuses are not."""
    g = table(program, 2)
    p, q = me(g), me(g, 1)
    lay(g, q, "feudalism", 3)
    at_era(g, q, 4)
    run(g, "put_on_mat", ent(g, "wizards_guild"), player=1, answers=["the charm bonus", "coin"])
    at_era(g, p, 2)
    p.stock["vp"], p.stock["coin"] = 0, 0
    drive(g, g.run_slot(p, ent(g, "espionage"), "play", "test"), answers=["Wizards' Guild"])
    assert p.stock["vp"] == 0 and p.stock["coin"] == 0           # P1's mat shows no charm, no bonus


CONTINUOUS_CARD = """
tapestry eternal_harvest "Eternal Harvest (a test card)" {
  text = "CONTINUOUS: Whenever you gain a farm, gain 2 VP.";
  continuous = true;
  play {
    whenever you building_placed(row = farms) until you move(item = this, dest = covered_cards) {
      gain 2 vp;
    }
  }
}
"""


def test_a_continuous_ability_lasts_past_the_era_ends_when_covered_and_cannot_be_copied(tmp_path, backend):
    """p.7: a CONTINUOUS ability applies from when played to the end of the game (not only this
    era); only the visible card is active; it cannot be copied (Espionage). The rulebook prints no
    FF continuous card, so a test pack adds one the way docs/games/tapestry.md says to write them."""
    pack = write_pack(tmp_path / "continuous", CONTINUOUS_CARD, extends=[EXPANSION])
    g = table(program_of(pack, backend), 2)
    p, q = me(g), me(g, 1)
    card = ent(g, "eternal_harvest")
    at_era(g, p, 2)
    go(g, "put_on_mat", card)
    p.stock["vp"] = 0
    g.emit("era_ends", p, {})
    drive(g, g.drain())
    go(g, "gain_building", "farms")
    assert p.stock["vp"] == 2                                     # still in force in the next era
    assert not func(g, "copyable", q, card)
    assert func(g, "copyable", q, ent(g, "wizards_guild"))
    assert func(g, "historians_find", p, card)                    # p.32: WHEN PLAYED or CONTINUOUS
    assert not func(g, "historians_find", p, ent(g, "academia"))  # THIS ERA
    in_hand(g, p, "academia")
    go(g, "play_on_top", answers={"play which tapestry card on top": "Academia"})
    go(g, "gain_building", "farms")
    assert p.stock["vp"] == 2                                     # covered: no longer active


# ---------------------------------------------------------------------------- reserved items (p.7)


def microbial_magic_at(program, era: int):
    """A 2-player game where P1 plays Microbial Magic on income turn `era`; P1 and P1's capital."""
    g = table(program, 2)
    p = me(g)
    at_era(g, p, era)
    go(g, "put_on_mat", ent(g, "microbial_magic"))
    return g, p, ent(g, "my_capital").copy_for("P1")


def test_microbial_magic_reserves_a_farm_used_on_income_turn_five_even_covered(program):
    """The example of p.7: the next farm goes to the overlay (uncovering the farm row's next space
    and counting when farms are scored), into the capital only on income turn 5, before the
    upgrade, even though the card has been covered meanwhile (p.7)."""
    g, p, city = microbial_magic_at(program, 3)
    assert p.stock["built[farms]"] == 1 and p.stock["reserved[farms]"] == 1
    assert g.field(city, "built") == 0                            # not in the capital
    assert func(g, "uncovered", p, ent(g, "farming"))             # the next farm space's income
    p.stock["vp"] = 0
    go(g, "gain_building", "houses")
    assert g.field(city, "built") == 1
    in_hand(g, p, "academia")
    go(g, "play_on_top", answers={"play which tapestry card on top": "Academia"})
    assert ent(g, "microbial_magic") in p.zones["covered_cards"]
    at_era(g, p, 4)
    answer_by_prompt(g.program.procs["income_turn"](g, p), {"upgrade 1 tech card?": "no"})
    assert p.stock["era"] == 5
    assert p.stock["reserved[farms]"] == 0 and g.field(city, "built") == 2


def test_reserved_items_are_not_used_before_income_turn_five(program):
    g, p, city = microbial_magic_at(program, 2)
    answer_by_prompt(g.program.procs["income_turn"](g, p), {"upgrade 1 tech card?": "no"})
    assert p.stock["era"] == 3 and p.stock["reserved[farms]"] == 1 and g.field(city, "built") == 0


def test_reserving_on_income_turn_five_uses_the_item_at_once(program):
    """FAQ p.30: in era 5, a card that reserves an item uses it immediately."""
    g, p, city = microbial_magic_at(program, 5)
    assert g.field(ent(g, "microbial_magic"), "slot") == 4        # on the era-4 pile
    assert p.stock["reserved[farms]"] == 0
    assert p.stock["built[farms]"] == 1 and g.field(city, "built") == 1


def test_espionage_may_copy_microbial_magic_and_reserve_a_farm(program):
    """p.7: copying the WHEN PLAYED ability of an uncovered card such as Microbial Magic is allowed:
    the copier reserves a farm of their own."""
    g = table(program, 2)
    p, q = me(g), me(g, 1)
    lay(g, q, "microbial_magic", 2)
    at_era(g, p, 2)
    drive(g, g.run_slot(p, ent(g, "espionage"), "play", "test"))
    assert p.stock["reserved[farms]"] == 1 and p.stock["built[farms]"] == 1
    assert q.stock["reserved[farms]"] == 0


# ---------------------------------------------------------------------------- tech cards (p.11, p.23-26)


def test_charm_prerequisite_ignores_neighbours_and_opens_on_income_turn_five(program):
    g = table(program, 3)
    p, q = me(g), me(g, 1)
    golem = ent(g, "golem_minions")
    g.move(golem, g.zone(p, "techs[2]"))
    for t in ("exploration", "science", "military", "technology"):
        p.stock[t] = q.stock[t] = 12
    at_era(g, p, 2)
    assert not func(g, "may_top", p, golem)
    q.vars["charmed_once"] = True
    assert not func(g, "may_top", p, golem)                       # neighbours are irrelevant
    at_era(g, p, 5)
    assert func(g, "may_top", p, golem)
    at_era(g, p, 2)
    run(g, "put_on_mat", ent(g, "wizards_guild"))
    assert func(g, "may_top", p, golem)
    p.stock["military"], p.stock["vp"] = 3, 0
    go(g, "upgrade")
    assert golem in p.zones["techs[3]"]
    assert p.stock["military"] == 4 and p.stock["vp"] == 4       # square: 1 VP per military space


def test_single_use_square_once_then_flipped_and_still_a_tech_card(program):
    g = table(program, 2)
    p = me(g)
    mind = ent(g, "mind_control")
    g.move(mind, g.zone(p, "techs[2]"))
    p.vars["charmed_once"] = True
    p.stock["science"] = 0
    answer_by_prompt(g.program.procs["upgrade"](g, p), {"advance on which track?": "Science"})
    assert mind in p.zones["techs[3]"] and g.field(mind, "flipped")
    assert p.stock["science"] == 1                                 # with its benefit
    assert func(g, "tech_count", p, p) == 1
    calendar = ent(g, "calendar")                                 # square: 7 VP
    g.move(calendar, g.zone(p, "techs[3]"))
    p.stock["vp"] = 0
    asked = run(g, "top_square")
    assert asked == [] and p.stock["vp"] == 7                     # the flipped card is not offered


def test_other_players_cannot_upgrade_your_single_use_card_to_the_top_row(program):
    """p.11: the Inventors' token cannot take an opponent's single-use card to the top row; it may
    take one of the bottom row, and an ordinary card of the middle row."""
    g = table(program, 2)
    p, q = me(g), me(g, 1)
    teleport, calendar = ent(g, "teleportation"), ent(g, "calendar")
    g.move(teleport, g.zone(q, "techs[2]"))
    assert not func(g, "upgradable", p, q, teleport)
    assert func(g, "upgradable", q, q, teleport)                   # its owner may
    g.move(calendar, g.zone(q, "techs[2]"))
    assert func(g, "upgradable", p, q, calendar)
    g.move(teleport, g.zone(q, "techs[1]"))
    assert func(g, "upgradable", p, q, teleport)


def test_inventors_take_a_flipped_single_use_card_which_cannot_be_upgraded(program):
    """FAQ p.29: a single-use card taken by the Inventors stays flipped and cannot be upgraded."""
    g = table(program, 2)
    p, q = me(g), me(g, 1)
    drive(g, g.run_slot(p, ent(g, "inventors"), "power", "test"))
    weather = ent(g, "weather_control")
    g.move(weather, g.zone(q, "techs[1]"))
    g.emit("civ_phase", p, {"turn": 2})
    answer_by_prompt(g.drain(), {"Inventors: a tech card of whose?": "P2",
                                 "Inventors: gain the same benefit?": "no"})
    assert weather in q.zones["techs[2]"] and g.field(weather, "inventor") is p
    q.vars["charmed_once"] = True
    q.stock["exploration"] = 3
    answer_by_prompt(g.program.procs["upgrade"](g, q), {})
    assert weather in p.zones["techs[1]"] and g.field(weather, "flipped")
    assert not func(g, "upgradable", p, p, weather)
    p.stock["vp"] = 0
    assert run(g, "upgrade") == []                                # nothing of P1's can be upgraded


def test_a_flipped_card_comes_back_face_up_when_the_discards_are_reshuffled(program):
    g = table(program, 2)
    levitation = ent(g, "levitation")
    for c in list(g.zone(None, "tech_deck").items):
        g.move(c, g.zone(None, "tech_box"))
    g.move(levitation, g.zone(None, "tech_discard"))
    g.flip(levitation)
    assert g.field(levitation, "flipped")
    run(g, "refill_techs")
    assert levitation in g.zone(None, "tech_deck").items and not g.field(levitation, "flipped")


FIFTH_TRACK = """
track arts_test "Arts (a test track)" {
  space 1 "Sketch" {
    gain 1 vp;
  }
}

lane creating_test "Arts (a test lane)" {
  t = arts_test;
  no = 5;
  tier2 = lighthouse;
  tier3 = lighthouse;
  tier4 = lighthouse;
}
"""


def test_object_cloning_offers_the_arts_track_only_when_an_expansion_adds_it(program, tmp_path, backend):
    """'Advance on the arts or technology track': technology alone in the base game; with a fifth
    lane (Arts & Architecture's arts track is lane 5) both. Mind Control never offers it."""
    def offered(g, card):
        d = g.run_slot(me(g), ent(g, card), "circle", "test").send(None)
        return d.options

    assert offered(table(program, 2), "object_cloning") == ["Technology"]   # a forced move
    pack = write_pack(tmp_path / "fifth", FIFTH_TRACK, extends=[EXPANSION])
    g = table(program_of(pack, backend), 2)
    assert offered(g, "object_cloning") == ["Technology", "Arts (a test lane)"]
    assert offered(g, "mind_control") == ["Science", "Military"]


def test_super_speed_and_pyrokinesis(program):
    g = table(program, 2)
    p = me(g)
    p.stock["vp"] = 0
    for _ in range(3):
        run(g, "gain_territories", 1)
    drive(g, g.run_slot(p, ent(g, "super_speed"), "circle", "test"))
    assert p.stock["vp"] == 3                                     # 1 VP per territory tile in supply
    p.stock["vp"] = 0
    answer_by_prompt(g.run_slot(p, ent(g, "pyrokinesis"), "circle", "test"), {})
    assert p.stock["built[armories]"] == 1
    drive(g, g.run_slot(p, ent(g, "pyrokinesis"), "square", "test"))
    assert p.stock["vp"] == func(g, "controlled", p, p) + 1


# ---------------------------------------------------------------------------- the Psionics (p.16, FAQ p.29-30)


def test_psionics_draw_two_tiles_for_each_and_keep_one(program):
    """FAQ p.29: instead of drawing 2 tiles, the Psionics draw 2 and keep 1, then draw 2 and keep 1;
    each tile left is shuffled back."""
    g = table(program, 2)
    p = me(g)
    with_civilization(g, p, "psionics")
    bag = len(g.zone(None, "bag"))
    held = len(p.zones["territories"])
    asked = run_answering(g.program.procs["gain_territories"](g, p, 2), lambda d: 1, with_forced=True)
    assert [len(d.options) for d in asked] == [2, 2]
    assert all(d.prompt.startswith("Psionics: keep which") for d in asked)
    assert len(p.zones["territories"]) == held + 2
    assert len(g.zone(None, "bag")) == bag - 2


def test_psionics_draw_three_civilizations_keep_one(program):
    """p.16: whenever the Psionics draw civilizations, they draw 3, keep 1 and discard 2."""
    g = table(program, 2)
    p = me(g)
    with_civilization(g, p, "psionics")
    deck = len(g.zone(None, "civ_deck"))
    gen = g.program.procs["choose_civilization"](g, p)
    d = gen.send(None)
    assert len(d.options) == 3
    with pytest.raises(StopIteration):
        gen.send(0)
    assert len(g.zone(None, "civ_deck")) == deck - 1


def test_psionics_roll_every_die_once_more_and_it_adds_to_empiricism(program):
    """The Psionics' mat: whenever you roll a die, roll it twice and choose 1 value; with Empiricism
    (roll the science die twice), 3 rolls, not 4. The conquer dice too."""
    g = table(program, 2)
    p = me(g)
    with_civilization(g, p, "psionics")
    prompts = lambda proc, *args: [d.prompt for d in run_answering(g.program.procs[proc](g, p, *args), lambda d: 0,
                                                                   with_forced=True)]
    assert prompts("kept_roll", "science_die") == ["keep which roll?"]
    assert prompts("kept_roll", "red_die") == ["keep which roll?"]
    drive(g, g.run_slot(p, ent(g, "empiricism"), "play", "test"))
    assert prompts("kept_roll", "science_die") == ["keep which roll?", "keep which roll?"]


def test_psionics_draw_two_and_keep_one_for_every_random_gain(program):
    """The Psionics' mat: a random tapestry card, tech card or space tile from its deck: draw two, keep
    one, shuffle the other back (the face-up tech cards are no random gain)."""
    g = table(program, 2)
    p = me(g)
    with_civilization(g, p, "psionics")
    deck, hand = len(g.zone(None, "tapestry_deck")), len(p.zones["tapestry_hand"])
    asked = run_answering(g.program.procs["gain_tapestries"](g, p, 1), lambda d: 1, with_forced=True)
    assert [(d.prompt, len(d.options)) for d in asked] == [("Psionics: keep which?", 2)]
    assert len(p.zones["tapestry_hand"]) == hand + 1 and len(g.zone(None, "tapestry_deck")) == deck - 1
    assert p.zones["tapestry_hand"][-1].label() == asked[0].options[1]      # the one kept
    techs = len(p.zones["techs[1]"])
    asked = run_answering(g.program.procs["invent"](g, p), lambda d: d.options.index("the top card of the deck")
                          if "the top card of the deck" in d.options else 0, with_forced=True)
    assert [d.prompt for d in asked][-1] == "Psionics: keep which?" and len(p.zones["techs[1]"]) == techs + 1


def test_psionics_income_turns_give_a_territory_a_tapestry_a_tech_and_research(program):
    """The Psionics' mat: at the start of income turns 2-5, a territory (2), a tapestry card (3), a
    tech card (4), research (5)."""
    g = table(program, 2)
    p = me(g)
    with_civilization(g, p, "psionics")
    tiles, cards = len(p.zones["territories"]), len(p.zones["tapestry_hand"])
    for turn in (2, 3):
        g.emit("civ_phase", p, {"turn": turn})
        run_answering(g.drain(), lambda d: 0)
    assert len(p.zones["territories"]) == tiles + 1 and len(p.zones["tapestry_hand"]) == cards + 1


# ---------------------------------------------------------------------------- whole games


def play_ff(program, players: int, seed: int) -> Game:
    """A random game with the base invariants after every decision (test_tapestry's play_random), and
    FF's at the end: every reserved building was used on income turn 5."""
    g = play_random(program, players, seed)
    for p in g.state.players:
        assert all(p.stock[f"reserved[{r}]"] == 0 for r in ROWS)
    return g


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_finish_and_keep_the_invariants(backends, players):
    for seed in range(2):
        assert play_ff(backends["compiled"], players, seed).result()["winners"]


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_hundred_random_games_per_player_count_keep_the_invariants(backends, players):
    for seed in range(games_per_count(100)):
        play_ff(backends["compiled"], players, seed)


@pytest.mark.parametrize("players, seed", [(3, 5), (5, 9)])
def test_compiled_and_interpreted_games_agree(backends, players, seed):
    games = [Game(backends[b], players, seed, [RandomAgent(seed * 10 + i) for i in range(players)])
             for b in ("compiled", "interpreted")]
    assert games[0].play() == games[1].play()
    assert games[0].log == games[1].log


def test_a_logged_game_replays_on_both_backends(backends, tmp_path):
    from rulebook.runtime.record import load, record, replay, save

    game = Game(backends["compiled"], 3, 13, [RandomAgent(130 + i) for i in range(3)])
    game.play()
    save(record(game, BASE, expansions=[EXPANSION], pack_name="tapestry"), tmp_path / "game.json")
    logged = load(tmp_path / "game.json")
    assert replay(backends["compiled"], logged).state.digest() == game.state.digest()
    assert replay(backends["interpreted"], logged).state.digest() == game.state.digest()


def test_play_with_the_expansion_prints_the_winner_and_replays(tmp_path):
    from click.testing import CliRunner

    from rulebook.cli import app

    log = tmp_path / "ff.json"
    played = CliRunner().invoke(app, ["play", "tapestry", "--with", "tapestry_ff", "--players", "4",
                                      "--seed", "2", "--quiet", "--log", str(log)])
    assert played.exit_code == 0, played.output
    assert "winner:" in played.output
    for extra in ([], ["--interpret"]):
        replayed = CliRunner().invoke(app, ["replay", str(log)] + extra)
        assert replayed.exit_code == 0, replayed.output


FF_TECHS = {"golem_minions", "levitation", "mind_control", "object_cloning", "superhuman_strength",
            "remote_viewing", "super_speed", "perfect_memory", "pyrokinesis", "teleportation",
            "transmogrification", "weather_control"}


@pytest.mark.slow
def test_cover_reaches_the_expansions_cards(backends):
    """`rulebook cover tapestry --with tapestry_ff`: every FF tech card (both rows) and tapestry card
    is reached, with the base game's rarest events still allowed to be missed on few seeds."""
    from rulebook.runtime.coverage import cover_games, setups_of

    def missed(report) -> tuple[list, dict]:
        """FF's rules never reached, and every group's (FF's tech rows: the first)."""
        missing = {group: names for group, (_, names) in report.items() if names}
        return [n for names in missing.values() for n in names
                if n.split()[0] in FF_TECHS | {"wizards_guild", "microbial_magic"}], missing

    def enough(report) -> bool:
        ours, missing = missed(report)
        return not ours and (not missing if games >= 200 else set(missing) <= {"civ", "space_tile", "tech"})

    program = backends["compiled"]
    games = games_per_count(40)   # the games stop once everything asked is reached
    report = cover_games(program, range(2, 6), range(1, 1 + games), setups_of(program),
                         enough=lambda c: enough(c.report())).report()
    assert enough(report), missed(report)
