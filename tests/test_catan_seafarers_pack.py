"""tests/packs/catan_seafarers: Catan: Seafarers ("Heading for New Shores") written as an expansion on the base
pack (branch trial26), with the rules as assertions: the sea around the base's island and the four small
islands, the first settlements on the home island, roads on land and ships on the sea, a ship moved from the
open end of its line, the pirate (ships beside it blocked, a theft from a ship's owner) and the robber kept on
land, gold fields paying a resource of the owner's choice, 2 points for the first settlement on each new island,
the trade route of roads and ships; both backends alike, lint clean and `fmt` stable."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from rulebook.compiler.driver import analyse
from rulebook.runtime.engine import Game
from rulebook.runtime.state import Record

from .conftest import answer_by_prompt, pack_program, played_on_both_backends, run_proc
from .test_catan_pack import bottom, island, key, top

PACK = Path(__file__).parent / "packs" / "catan_seafarers"

program = pack_program(PACK)


def hexagon(q: int, r: int) -> Record:
    return Record("hex", {"q": q, "r": r})


def call(game: Game, func: str, *args, seat: int = 0):
    you = game.state.players[seat]
    return game.program.funcs[func](game, you, *args)


def test_the_base_island_lies_in_a_sea_with_four_small_islands_and_two_gold_fields(program):
    game = island(program)
    gv = game.state.gvars
    terrains = Counter(v for k, v in gv.items() if k.startswith("terrain_of["))
    assert sum(terrains.values()) == 61 and terrains["sea"] == 34 and terrains["gold"] == 2
    # the base's 19 hexes keep the beginner layout: the desert in the middle, the robber on it
    assert gv[key("terrain_of", hexagon(0, 0))] == "desert" and gv["robber"] == hexagon(0, 0)
    assert gv[key("terrain_of", hexagon(0, -2))] == "mountains" and game.state.globals[key("token", hexagon(0, -2))] == 10
    isles = Counter(v for k, v in gv.items() if k.startswith("isle_of[") and v)
    assert isles == {"home": 19, "north": 2, "east": 2, "south": 2, "west": 2}
    assert gv[key("terrain_of", gv["pirate"])] == "sea"


def test_the_first_settlements_go_on_the_home_island(program):
    game = island(program)
    asked = answer_by_prompt(program.procs["first_settlement"](game, game.state.players[0]), {})
    # the base island's 54 corners, none of the small islands' nor of the open sea
    assert asked[0].prompt == "place your first settlement on" and len(asked[0].options) == 54


def test_a_road_keeps_to_land_and_a_ship_to_the_sea(program):
    game = island(program)
    run_proc(game, "place_settlement", top(0, -2))   # a coastal corner of the home island's top row
    roads = {str(e) for e in call(game, "open_edges", game.state.players[0])}
    ships = {str(e) for e in call(game, "open_sea_edges", game.state.players[0])}
    # two edges leave the corner into the sea ring (sea on both sides): ships only; the coast both
    assert ships and roads and ships != roads
    for e in call(game, "open_sea_edges", game.state.players[0]):
        assert call(game, "beside_sea", e)
    for e in call(game, "open_edges", game.state.players[0]):
        assert call(game, "beside_land", e)
    # ships go on from a ship of the same player, never from a road
    sea_edge = next(e for e in call(game, "open_sea_edges", game.state.players[0]) if not call(game, "beside_land", e))
    run_proc(game, "place_ship", sea_edge)
    assert game.state.players[0].stock["ships_left"] == 14
    assert not call(game, "road_fits", sea_edge, game.state.players[0])
    further = call(game, "open_sea_edges", game.state.players[0])
    assert any(sea_edge.fields != e.fields and set(map(str, call(game, "ends", e))) & set(map(str, call(game, "ends", sea_edge)))
               for e in further)


def test_no_ship_is_built_or_moved_beside_the_pirate(program):
    game = island(program)
    run_proc(game, "place_settlement", top(0, -2))
    e = next(e for e in call(game, "open_sea_edges", game.state.players[0]) if not call(game, "beside_land", e))
    game.state.gvars["pirate"] = call(game, "sides", e)[0]
    assert e not in call(game, "open_sea_edges", game.state.players[0])


def test_the_robber_stays_on_land_and_the_pirate_steals_from_a_ships_owner(program):
    game = island(program)
    asked = answer_by_prompt(program.procs["move_robber"](game, game.state.players[0]),
                             {"move the robber or the pirate?": "the robber"})
    robber_places = asked[1].options
    assert len(robber_places) == 18 + 8   # the 27 land hexes but the one the robber is on
    # P2's ship beside a sea hex; P1 moves the pirate there and takes P2's only card
    game = island(program)
    p2 = game.state.players[1]
    run_proc(game, "place_settlement", top(0, -2), player=1)
    ship = next(e for e in call(game, "open_sea_edges", p2, seat=1) if not call(game, "beside_land", e))
    run_proc(game, "place_ship", ship, player=1)
    sea = call(game, "sides", ship)[0]
    p2.stock["wool"] = 1
    game.state.supply["wool"] -= 1
    answer_by_prompt(program.procs["move_robber"](game, game.state.players[0]),
                     {"move the robber or the pirate?": "the pirate", "move the pirate to": f"{sea.fields['q']},{sea.fields['r']}"})
    assert game.state.gvars["pirate"] == sea
    assert p2.stock["wool"] == 0 and game.state.players[0].stock["wool"] == 1


def test_a_gold_field_pays_a_resource_of_the_owners_choice(program):
    game = island(program)
    run_proc(game, "place_settlement", top(2, -4))   # the north island's gold field, token 10
    assert game.state.gvars[key("terrain_of", hexagon(2, -4))] == "gold"
    answer_by_prompt(program.procs["produce"](game, game.state.players[0], 10), {"take from the gold field": "Ore"})
    assert game.state.players[0].stock["ore"] == 1


def test_the_first_settlement_on_each_new_island_scores_two_points(program):
    game = island(program)
    p1 = game.state.players[0]
    before = call(game, "points", p1)
    run_proc(game, "place_settlement", top(1, -4))   # the north island
    assert call(game, "points", p1) == before + 1 + 2
    run_proc(game, "place_settlement", bottom(2, -4))   # the north island again: the settlement only
    assert call(game, "points", p1) == before + 2 + 2
    run_proc(game, "place_settlement", top(4, -1))   # the east island
    assert call(game, "points", p1) == before + 3 + 4
    # another player's first settlement on the north island scores for them too
    run_proc(game, "place_settlement", bottom(1, -4), player=1)
    assert game.state.players[1].stock["island_points"] == 2


def test_the_trade_route_counts_roads_and_ships_together(program):
    game = island(program)
    p1 = game.state.players[0]
    run_proc(game, "place_settlement", top(0, -2))
    # three ships out to sea, each on from the last one's far end, then two roads inland
    end = top(0, -2)
    for _ in range(3):
        ship = next(e for e in call(game, "open_sea_edges", p1) if end in call(game, "ends", e))
        run_proc(game, "place_ship", ship)
        end = next(x for x in call(game, "ends", ship) if x != end)
    assert call(game, "road_length", p1) == 3 and game.state.gvars["road_holder"] is None
    end = top(0, -2)
    for _ in range(2):
        road = next(e for e in call(game, "open_edges", p1) if end in call(game, "ends", e))
        run_proc(game, "place_road", road)
        end = next(x for x in call(game, "ends", road) if x != end)
    assert call(game, "road_length", p1) == 5 and game.state.gvars["road_holder"] is p1


def test_thirteen_points_win_a_seeded_game_alike_on_both_backends():
    (game, result), _ = played_on_both_backends(PACK, 3, 1)
    winner = next(p for p in game.state.players if p.name == result["winners"][0])
    assert call(game, "points", winner) >= 13


def test_explain_says_the_override_replaces_the_proc_as_the_amend_before_it_left_it():
    """The robber's pick is amended (land only), then the proc overridden with a choice that runs it by `base()`:
    explain's "which replaces" shows the base's text and names the amend it replaced with it."""
    from rulebook.compiler.explain import changes, history

    result = analyse(str(PACK))
    replaced = changes(history("move_robber", result.modules), result.symbols)
    amend_line = next(i for i, line in enumerate((PACK / "seafarers.rules").read_text().splitlines(), 1)
                      if line.startswith("amend move_robber"))
    header = next(line for line in replaced if line.startswith("Overridden by"))
    assert ", which replaces (as amended by " in header and header.endswith(f"seafarers.rules:{amend_line}:1):")
