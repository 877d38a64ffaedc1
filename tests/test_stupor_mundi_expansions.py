"""Stupor Mundi's expansions: "A Cruzada Protelada" (rules/stupor_mundi_crusade) and "Os Projetos
Imperiais" (rules/stupor_mundi_projects), stacked on the base game as `--with` does: their worked
examples and rules on both backends, and whole games with both expansions."""

from __future__ import annotations

from collections import Counter

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.runtime.engine import Game
from rulebook.runtime.record import load, record, replay, save

from .conftest import games_per_count, pack_backends
from .test_stupor_mundi import PACK, build_at, edicts, entity, fred, func, give, names, proc, stock, table, zone
from .test_stupor_mundi import play_checked as play_base

CRUSADE, PROJECTS = "stupor_mundi_crusade", "stupor_mundi_projects"
BOTH = (CRUSADE, PROJECTS)


@pytest.fixture(scope="module")
def backends(tmp_path_factory):
    """Compiled and interpreted Programs of the base game with both expansions, built once."""
    return pack_backends(tmp_path_factory, PACK, tuple(BOTH))


def boards(g: Game, *names_in_play: str) -> None:
    """Exactly these crusade boards are in play (their items as the setup placed them, if any)."""
    for b in g.program.kinds["crusade_board"]:
        g.move(b, zone(g, None, "crusade_boards" if b.name in names_in_play else "crusade_box"))


def fill_board(g: Game, n: int, *items: str) -> None:
    ref = zone(g, None, "items", n)
    for e in list(ref.items):
        g.move(e, zone(g, None, "item_box"))
    for name in items:
        g.move(entity(g, name), ref)


# ---------------------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_places_players_plus_one_boards_and_items(program, players):
    g = table(program, players=players)
    in_play = zone(g, None, "crusade_boards").items
    assert len(in_play) == players + 1
    for b in in_play:
        if b.name == "crusaders":
            assert len(zone(g, None, "knight_board").items) == players + 1
            assert len(zone(g, None, "lone_knights").items) == players + 1
        elif b.name == "papal_works":
            assert len(zone(g, None, "items", 3).items) == players + 2
        else:
            assert len(zone(g, None, "items", b.fields["n"]).items) == players + 1
    kinds = Counter(p.fields["type"] for p in zone(g, None, "projects_offer").items)
    assert kinds == {2: {"fort": 1, "wall": 1, "tower": 2}, 3: {"fort": 1, "wall": 2, "tower": 3},
                     4: {"fort": 2, "wall": 3, "tower": 3}}[players]
    assert all(g.field(p, "goal_tile") is not None for p in zone(g, None, "projects_offer").items)


# ---------------------------------------------------------------------------- the crusade boards


def test_port_supply_ships_five_vp_then_two_after_the_last_one(program):
    # Exemplo 1 p.20: Oliver plays on his second space (promote or market) and uses the Port
    # instead: a ship for 3 Augustalis and 1 stone. Later Lavínia buys the last ship for 2 grain,
    # issues an edict and turns the Port to excommunication: each ship is then worth 2 VP.
    g = table(program)
    boards(g, "port")
    fill_board(g, 2, "ship1", "ship2")
    give(g, 0, augustalis=3, stone=1, ship=1, vp=0)              # Roma: no market
    proc(g, "board_action", 2, answers=["a_market", "buy the top supply ship"])
    assert stock(g, 0, "supply_ships") == 1 and stock(g, 0, "augustalis") == 0 and stock(g, 0, "stone") == 0
    edicts(g)
    give(g, 1, grain=2, ship=1, vp=0)
    proc(g, "visit_market", i=1, answers=["buy the top supply ship", "1", "add", "1 Tower + 1 Fort"])
    assert stock(g, 1, "edicts_issued") == 1 and g.field(entity(g, "port"), "flipped")
    for i in (0, 1):
        give(g, i, augustalis=0, grain=0, stone=0)
    proc(g, "final_scoring")
    # each: 2 structures, +4 for the most (a tie), and one ship now worth 2 VP
    assert stock(g, 0, "vp") == stock(g, 1, "vp") == 2 + 4 + 2


def test_ana_builds_a_papal_wall_for_a_stone_less_then_a_grand_papal_wall(program):
    # Exemplo 2 p.20: the space costs 1 grain and 1 stone; papal: 1 grain. Then a grand papal wall:
    # 1 grain and 3 Augustalis, replacing her grand wall, and its bonus: issue an edict.
    g = table(program, players=4)
    boards(g, "papal_works")
    build_at(g, 0, "t2", "t3", "t4")
    give(g, 0, grain=1, stone=0, augustalis=0)
    assert func(g, "can_build_papal", 0) and func(g, "can_build", 0)
    proc(g, "build", 0, answers=["build a papal structure", "Wall"])
    assert entity(g, "w3", 0) and g.field(entity(g, "w3", 0), "stands") == "papal"
    # paid 1 grain, no stone; the wall closes side 3 (towers 3 and 4), whose income is 1 grain
    assert stock(g, 0, "grain") == 1 and stock(g, 0, "stone") == 0 and stock(g, 0, "papal_built") == 1
    assert g.field(entity(g, "side3", 0), "closed")
    give(g, 0, grain=0)
    edicts(g)
    give(g, 0, grain=2, stone=0, augustalis=3)                  # wall space 4: 1 stone 2 grain, papal 2 grain
    g.move(entity(g, "wall_b", 0), zone(g, 0, "castle"))         # only grand walls are left
    g.move(entity(g, "wall_c", 0), zone(g, 0, "castle"))
    g.move(entity(g, "grand_wall_promote", 0), zone(g, 0, "castle"))
    proc(g, "build", 0, answers=["build a papal structure",
                                 "1", "add", "1 Tower + 1 Fort",           # the grand wall's edict
                                 "1", "add", "add", "1 Fort + 1 Grain"])   # then the space's
    # 3 Augustalis paid for the grand wall, then 3 from the first edict space, twice
    assert g.field(entity(g, "w4", 0), "stands") == "papal" and stock(g, 0, "augustalis") == 6
    assert stock(g, 0, "grain") == 0 and stock(g, 0, "grand_built") == 1 and stock(g, 0, "edicts_issued") == 2


def test_excommunicated_papal_structures_are_ignored_in_the_final_scoring(program):
    g = table(program)
    boards(g, "papal_works")
    for i in (0, 1):
        give(g, i, papal_built=2, vp=0, augustalis=0, grain=0, stone=0)
    assert func(g, "structures") == 2
    g.flip(entity(g, "papal_works"))
    assert func(g, "structures") == 0


def test_vatican_library_books_score_on_every_promotion_then_pay_coins(program):
    g = table(program)
    boards(g, "library")
    fill_board(g, 1, "book", "book#2")
    for j in list(zone(g, None, "jobs_in_play").items):     # no job ability muddles the count
        g.move(j, zone(g, None, "box"))
    give(g, 0, grain=0, vp=0, augustalis=0)
    proc(g, "promote", False, answers=["take a papal book"])
    assert stock(g, 0, "books") == 1 and stock(g, 0, "vp") == 0
    proc(g, "promote", False, answers=["promote a specialist", "Specialist 1", "1"])
    assert stock(g, 0, "vp") == 1
    g.flip(entity(g, "library"))
    proc(g, "promote", False, answers=["promote a specialist", "Specialist 1"])
    assert stock(g, 0, "vp") == 1 and stock(g, 0, "augustalis") == 1


def test_papal_mantles_raise_an_allys_income_then_less_after_excommunication(program):
    g = table(program)
    boards(g, "papal_allies")
    fill_board(g, 4, "mantle", "mantle#2")
    ally = entity(g, "treasurer")                                 # Frederick has 9 Augustalis or more
    g.move(ally, zone(g, 0, "ally_space", 1))
    proc(g, "summon", 0, answers=["take a papal mantle"])
    assert g.field(ally, "mantled")
    fred(g).stock["augustalis"] = 6
    assert func(g, "ally_points", ally) == 2
    fred(g).stock["augustalis"] = 9
    assert func(g, "ally_points", ally) == 6
    g.flip(entity(g, "papal_allies"))
    assert func(g, "ally_points", ally) == 4
    fred(g).stock["augustalis"] = 6
    assert func(g, "ally_points", ally) == 1


def test_crusade_knights_cost_two_give_resources_and_become_lone_knights(program):
    g = table(program)
    boards(g, "crusaders")
    knights, lone = zone(g, None, "knight_board"), zone(g, None, "lone_knights")
    for e in list(knights.items) + list(lone.items):
        g.move(e, zone(g, None, "knight_box"))
    g.move(entity(g, "knight"), knights)                          # the last crusade knights card
    for name in ("lone_knight", "lone_knight#2", "lone_knight#3"):
        g.move(entity(g, name), lone)
    give(g, 0, augustalis=2, grain=0, stone=0, ship=1)
    for c in list(zone(g, None, "offer", 1).items):
        g.move(c, zone(g, None, "level_a"))
    edicts(g)
    proc(g, "buy_card", 0, answers=["buy a crusade knights card (2 Augustalis)", "1", "add", "1 Tower + 1 Fort"])
    # 2 - 2 + 3 Augustalis from the card, 3 more from the edict's space
    assert (stock(g, 0, "grain"), stock(g, 0, "stone"), stock(g, 0, "augustalis")) == (1, 1, 6)
    assert g.field(entity(g, "crusaders"), "flipped")               # the last knights card was taken
    hand = [c.title for c in zone(g, 0, "hand").items]
    assert "Lone knight" in hand and "Crusade knights" not in hand
    assert len(lone.items) == 2


# ---------------------------------------------------------------------------- imperial projects


def test_bernardo_meets_two_conditions_takes_the_fort_project_and_builds_the_imperial_fort(program):
    # Exemplo p.23: after 3 edicts and with 2 allies whose requirement holds he may take either
    # project; he takes the fort; later his last fort (the grand one, 4 Augustalis) is the imperial
    # fort, which flips the project: 1 VP per edict issued at the end.
    g = table(program, players=3)
    boards(g)                                                     # no crusade board in play
    offer = zone(g, None, "projects_offer")
    for p in list(offer.items):
        g.move(p, zone(g, None, "project_pile", p.fields["type"]))
    for p, goal in (("fort_edicts", "goal_edicts"), ("tower_towers", "goal_allies_met")):
        g.move(entity(g, p), offer)
        g.set_field(entity(g, p), "goal_tile", entity(g, goal))
    give(g, 0, edicts_issued=3)
    for k, ally in enumerate(["marshal", "mason"], start=1):
        g.move(entity(g, ally), zone(g, 0, "ally_space", k))
    build_at(g, 0, "t2", "t3", "w2", "w3")                        # more towers and walls than Frederick
    asked = proc(g, "claim_project", answers=["Fort project: 1 VP per edict you issued"])
    assert len(asked[0].options) == 3                             # both projects, or none
    assert names(zone(g, 0, "won")) == ["fort_edicts"]
    build_at(g, 0, "f1", "f2")
    give(g, 0, stone=2, grain=2, augustalis=4)
    edicts(g)
    proc(g, "build", 0, answers=["Fort space: hand limit +1", "yes", "1", "add", "1 Tower + 1 Fort"])
    assert g.field(entity(g, "fort_edicts"), "flipped") and g.field(entity(g, "f3", 0), "stands") == "imperial"
    for i in range(3):
        give(g, i, vp=0, augustalis=0, grain=0, stone=0)
    proc(g, "final_scoring")
    assert stock(g, 0, "imperial_penalty") == 0
    assert stock(g, 0, "vp") >= stock(g, 0, "edicts_issued") == 4


def test_an_unbuilt_imperial_structure_costs_four_vp_even_below_zero(program):
    g = table(program)
    g.move(entity(g, "wall_walls"), zone(g, 0, "won"))
    for i in (0, 1):
        give(g, i, vp=0, augustalis=0, grain=0, stone=0)
    proc(g, "final_scoring")
    assert stock(g, 0, "imperial_penalty") == 4
    assert g.result()["scores"]["P1"][0] == stock(g, 0, "vp") - 4


def test_only_one_project_a_turn(program):
    g = table(program)
    give(g, 0, augustalis=20, edicts_issued=5)
    for p in zone(g, None, "projects_offer").items:
        g.set_field(p, "goal_tile", entity(g, "goal_coins"))
    count = len(zone(g, None, "projects_offer").items)
    proc(g, "claim_project", answers=[zone(g, None, "projects_offer").items[0].title])
    assert len(zone(g, 0, "won").items) == 1 and len(zone(g, None, "projects_offer").items) == count - 1


# ---------------------------------------------------------------------------- whole games


def play_checked(program, players: int, seed: int, seen: dict | None = None) -> Game:
    """A random game checked after every decision; `seen` collects the allies summoned, the projects
    built and the crusade boards emptied."""
    g = play_base(program, players, seed)
    if seen is not None:
        for p in g.state.players:
            for k in range(1, 6):
                seen["allies"].update(a.name.split("#")[0] for a in p.zones[g.program.indexed["ally_space"][k]])
            seen["projects"].update(e.name for e in p.zones["won"] if g.field(e, "flipped"))
        seen["boards"].update(b.name for b in g.state.zones["crusade_boards"] if g.field(b, "flipped"))
    return g


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_random_game_with_both_expansions_keeps_the_invariants(backends, players):
    play_checked(backends["compiled"], players, 3)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_both_expansions_keep_the_invariants_and_reach_every_face(backends, players):
    seen = {"allies": set(), "projects": set(), "boards": set()}
    for seed in range(games_per_count()):
        play_checked(backends["compiled"], players, seed, seen)
    program = backends["compiled"]
    assert seen["allies"] == {e.name.split("#")[0] for e in program.kinds["ally"]}
    assert seen["projects"] == {e.name for e in program.kinds["project"]}
    assert seen["boards"] == {e.name for e in program.kinds["crusade_board"]}


def test_compiled_and_interpreted_games_with_both_expansions_agree(backends):
    games = [play_checked(backends[b], 3, 5) for b in ("compiled", "interpreted")]
    assert games[0].log == games[1].log
    assert games[0].state.digest() == games[1].state.digest()


def test_a_log_with_both_expansions_replays_on_both_backends(backends, tmp_path):
    g = play_checked(backends["compiled"], 2, 8)
    path = tmp_path / "game.json"
    save(record(g, PACK, expansions=BOTH), path)
    for program in backends.values():
        assert replay(program, load(path)).state.digest() == g.state.digest()


def test_play_and_replay_from_the_command_line_with_both_expansions(tmp_path):
    log = tmp_path / "game.json"
    runner = CliRunner()
    played = runner.invoke(app, ["play", "stupor_mundi", "--with", CRUSADE, "--with", PROJECTS,
                                 "--players", "2", "--seed", "4", "--quiet", "--log", str(log)])
    assert played.exit_code == 0, played.output
    assert "winner" in played.output
    again = runner.invoke(app, ["replay", str(log), "--interpret"])
    assert again.exit_code == 0, again.output
