"""Real snippets of the four rulebooks, compiled and run (compiled and interpreted) against small states.

Sources: Tapestry track data (Rafts, exploration space 2) and tech/tapestry cards (Zeppelins,
Academia); Stupor Mundi edicts (002, lines 553-651: identical icons move the same way, the
other direction is forced when one is impossible); Federation Erudite 1E1 (003, line 1642) and
the project ranking (16/8/4, tied places split); 7 Wonders Cities coin loss with debt (004).
"""

from __future__ import annotations

import pytest

from rulebook.runtime.kernels import KERNELS, Kernel

from .conftest import new_game, program_of, run_proc, run_slot, write_pack

TAPESTRY = """
resource food cap 8;
resource workers cap 8;
resource coin cap 8;
resource culture cap 8;
counter vp "Victory points";
counter explored;
extern explore();
kind tapestry { text: str; play: effect; }
zone tapestry_deck of tapestry;
zone tapestry_hand per_player of tapestry;
tapestry t1 "Trap" { text = "a tapestry card"; }
tapestry t2 "Espionage" { text = "a tapestry card"; }

track exploration "Exploration" {
  space 1 "Scouting" tier 1 cost 1 any { gain 1 explored; }
  space 2 "Rafts" tier 1 cost 1 any { explore(); } bonus cost 1 any {
    draw 1 from tapestry_deck to tapestry_hand;
  }
  space 3 "Wagons" tier 1 cost 1 any { choose { option "explore" { explore(); } option "farm" { gain 1 food; } } }
  space 4 "Navigation" tier 2 cost 1 food, 1 any { explore(); }
  space 5 "Ships" tier 2 cost 1 food, 1 any { gain explored vp; }
}

kind tech { prereq: track; prereq_tier: int; circle: effect; square: effect; }
tech zeppelins "Zeppelins" {
  prereq = exploration;
  prereq_tier = 2;
  circle { advance exploration no_benefit; }
  square { gain position(exploration) vp; }
}
proc upgrade(card: tech) {
  if tier(card.prereq) >= card.prereq_tier or some(p in neighbours where p.tier(card.prereq) >= card.prereq_tier) {
    copy card.square;
  }
}
proc advance_turn() { advance exploration paying; }

event invent();
event end_of_era();
tapestry academia "Academia" {
  text = "THIS ERA: Whenever you invent Technology or gain Tapestry, gain 3 VP";
  play {
    whenever you invent() until end_of_era { gain 3 vp; }
    whenever you draw(source = tapestry_deck) until end_of_era { gain 3 vp; }
  }
}
proc invent_tech() { emit invent(); }
proc end_era() { emit end_of_era(); }
proc take_tapestry() { draw 1 from tapestry_deck to tapestry_hand; }
proc setup() { fill tapestry_deck with tapestry where it.text != ""; }
"""


@pytest.fixture
def explore_kernel(monkeypatch):
    """A stand-in for the hex-map kernel: counts explorations (the map itself is geometry, not rules)."""
    def explore(rt, you):
        rt.gain(you, "explored", 1)
        return
        yield

    monkeypatch.setitem(KERNELS, "explore", Kernel(explore, 0, "place a territory tile"))


@pytest.fixture
def tapestry(tmp_path, explore_kernel, backend):
    return program_of(write_pack(tmp_path / "tapestry", TAPESTRY), backend)


def test_rafts_space_pays_its_cost_explores_and_offers_the_paid_bonus(tapestry):
    program = tapestry
    g = new_game(program)
    me = g.state.players[0]
    run_proc(g, "setup")
    me.stock.update(exploration=1, coin=2)
    # pay 1 any (coin is the only resource held, so no decision), explore, then accept the bonus
    asked = run_proc(g, "advance_turn", answers=["yes"])
    assert [d.prompt for d in asked] == ["take the bonus of Rafts?"]
    assert me.stock["exploration"] == 2 and me.stock["explored"] == 1
    assert me.stock["coin"] == 0
    assert [e.name for e in me.zones["tapestry_hand"]] == ["t1"]


def test_rafts_bonus_is_not_offered_when_unaffordable(tapestry):
    program = tapestry
    g = new_game(program)
    me = g.state.players[0]
    me.stock.update(exploration=1, coin=1)
    assert run_proc(g, "advance_turn") == []
    assert me.stock["coin"] == 0 and me.zones["tapestry_hand"] == []


def test_tier_two_space_costs_food_and_any(tapestry):
    program = tapestry
    g = new_game(program)
    me = g.state.players[0]
    me.stock.update(exploration=3, food=1, workers=1, coin=1)
    asked = run_proc(g, "advance_turn", answers=["workers"])  # 1 food, then which 'any'
    assert asked[0].options == ["workers", "coin"]
    assert (me.stock["food"], me.stock["workers"], me.stock["coin"]) == (0, 0, 1)


def test_zeppelins_upgrade_needs_you_or_a_neighbour_at_tier_two(tapestry):
    program = tapestry
    g = new_game(program, players=3)
    me, left, right = g.state.players
    zeppelins = "zeppelins"
    me.stock["exploration"] = 2
    run_proc(g, "upgrade", g.program.entities[zeppelins])
    assert me.stock["vp"] == 0  # nobody at tier 2 yet
    left.stock["exploration"] = 4  # left neighbour reaches tier 2
    run_proc(g, "upgrade", g.program.entities[zeppelins])
    assert me.stock["vp"] == 2  # 1 VP per exploration space of yours
    run_slot(g, zeppelins, "circle")
    assert me.stock["exploration"] == 3 and me.stock["explored"] == 0  # advanced without benefit


def test_academia_triggers_this_era_only(tapestry):
    program = tapestry
    g = new_game(program)
    me, other = g.state.players
    run_proc(g, "setup")
    run_slot(g, "academia", "play")
    run_proc(g, "invent_tech")
    run_proc(g, "invent_tech", player=1)  # another player's invention does not count
    run_proc(g, "take_tapestry")
    assert me.stock["vp"] == 6 and other.stock["vp"] == 0
    run_proc(g, "end_era")
    run_proc(g, "invent_tech")
    assert me.stock["vp"] == 6 and g.state.triggers == []


STUPOR_MUNDI = """
actor frederick "Frederick's palace";
resource grain cap 6;
resource stone cap 6;
resource walls cap 4;
resource towers cap 4;
resource forts cap 2;
resource augustalis;
counter vp;
kind edict { reward: effect; icons: effect; }
proc icon(res: resource, n: int) {
  choose "add to or remove from Frederick's palace" {
    option "add" when frederick.room(res) >= n { each frederick: gain n res; }
    option "remove" when frederick.amount(res) >= n { each frederick: lose n res; }
  }
}
edict walls_and_fort "2 Walls + 1 Fort" {
  reward { gain 3 augustalis; }
  icons { icon(walls, 2); icon(forts, 1); }
}
edict towers_and_wall "2 Towers + 1 Wall" {
  reward { gain 1 vp; }
  icons { icon(towers, 2); icon(walls, 1); }
}
proc issue(e: edict) { copy e.reward; copy e.icons; }
func more_walls_than_frederick() = walls > frederick.walls;
"""


def test_edict_identical_icons_move_together_and_a_full_palace_forces_removal(tmp_path, backend):
    program = program_of(write_pack(tmp_path / "sm", STUPOR_MUNDI), backend)
    g = new_game(program)
    fred = g.state.actors["frederick"]
    fred.stock.update(walls=4, forts=1, towers=2)
    # walls at 4: both walls must go (no decision); the fort may go either way: add it
    asked = run_proc(g, "issue", g.program.entities["walls_and_fort"], answers=["add"])
    assert [d.options for d in asked] == [["add", "remove"]]
    assert (fred.stock["walls"], fred.stock["forts"]) == (2, 2)
    assert g.state.players[0].stock["augustalis"] == 3
    asked = run_proc(g, "issue", g.program.entities["towers_and_wall"], answers=["remove", "add"])
    assert (fred.stock["towers"], fred.stock["walls"]) == (0, 3)


def test_comparison_against_frederick(tmp_path, backend):
    program = program_of(write_pack(tmp_path / "sm", STUPOR_MUNDI), backend)
    g = new_game(program)
    g.state.actors["frederick"].stock["walls"] = 2
    me = g.state.players[0]
    me.stock["walls"] = 2
    assert program.funcs and g.program.funcs["more_walls_than_frederick"](g, me) is False
    me.stock["walls"] = 3
    assert g.program.funcs["more_walls_than_frederick"](g, me) is True


FEDERATION = """
enum planet { neo, lua6, atalum, arratooine, e81216 }
group crystals cap 10 { lavandium, copernium, oceanium }
resource lavandium;
resource copernium;
resource oceanium;
counter prestige;
counter influence;
counter joint;
event act(planet: planet);
kind erudite { level: int; color: planet; now: effect; }
erudite e1E1 "1E1" {
  level = 1;
  color = neo;
  now { next you act(planet = neo) { gain 2 lavandium; flip this; } }
}
proc act_on(p: planet) { emit act(p); }
proc score_projects() { rank players where joint > 0 by influence award [16, 8, 4] prestige ties split; }
"""


def test_erudite_1E1_pays_the_next_time_you_act_on_neo_only(tmp_path, backend):
    program = program_of(write_pack(tmp_path / "fed", FEDERATION), backend)
    g = new_game(program)
    me = g.state.players[0]
    run_slot(g, "e1E1", "now")
    run_proc(g, "act_on", "atalum")
    run_proc(g, "act_on", "neo", player=1)  # an opponent acting on Neo does not trigger it
    assert me.stock["lavandium"] == 0
    run_proc(g, "act_on", "neo")
    assert me.stock["lavandium"] == 2 and "e1E1" in g.state.flipped
    run_proc(g, "act_on", "neo")
    assert me.stock["lavandium"] == 2


def test_crystals_share_a_cap_of_ten(tmp_path, backend):
    program = program_of(write_pack(tmp_path / "fed", FEDERATION), backend)
    g = new_game(program)
    me = g.state.players[0]
    me.stock.update(lavandium=6, copernium=3)
    g.gain(me, "oceanium", 5)
    assert me.stock["oceanium"] == 1


def test_project_ranking_splits_tied_places(tmp_path, backend):
    program = program_of(write_pack(tmp_path / "fed", FEDERATION), backend)
    g = new_game(program, players=4)
    for p, influence in zip(g.state.players, [5, 5, 3, 1]):
        p.stock.update(influence=influence, joint=1)
    run_proc(g, "score_projects")
    # two players tied for first share 16 + 8; the third takes 4; the fourth nothing
    assert [p.stock["prestige"] for p in g.state.players] == [12, 12, 4, 0]


def test_ranking_skips_players_who_did_not_fund(tmp_path, backend):
    program = program_of(write_pack(tmp_path / "fed", FEDERATION), backend)
    g = new_game(program, players=3)
    for p, (influence, joint) in zip(g.state.players, [(9, 0), (2, 1), (1, 1)]):
        p.stock.update(influence=influence, joint=joint)
    run_proc(g, "score_projects")
    assert [p.stock["prestige"] for p in g.state.players] == [0, 16, 8]


CITIES = """
resource coin;
resource debt;
counter vp;
kind city { age: int; text: str; play: effect; }
city hideout "Hideout" {
  age = 1;
  text = "2 VP and everyone else loses 1 Coin";
  play { gain 2 vp; each opponents: lose 1 coin else debt; }
}
city gambling_den "Gambling Den" {
  age = 2;
  text = "gain 6 coins, every other player gains 1";
  play { gain 6 coin; each opponents: gain 1 coin; }
}
func score(p: any) = p.vp - p.debt;
"""


def test_hideout_opponents_pay_coins_or_take_debt(tmp_path, backend):
    program = program_of(write_pack(tmp_path / "cities", CITIES), backend)
    g = new_game(program, players=3)
    me, rich, broke = g.state.players
    rich.stock["coin"] = 3
    # the rich neighbour chooses to take debt instead of paying; the broke one has no choice
    asked = run_slot(g, "hideout", "play", answers=["pay 0 coin, take 1 debt"])
    assert len(asked) == 1 and asked[0].player is rich
    assert me.stock["vp"] == 2
    assert (rich.stock["coin"], rich.stock["debt"]) == (3, 1)
    assert (broke.stock["coin"], broke.stock["debt"]) == (0, 1)
    assert g.program.funcs["score"](g, me, rich) == -1


CITIES_TEAMS = """
resource coin;
resource debt;
counter vp;
counter shields;
counter victory_points_military;
kind city { play: effect; }
city hideout "Hideout" { play { gain 2 vp; each opponents: lose 1 coin else debt; } }
# team variant (004:176-230): no fight with your teammate; double tokens against the other neighbour
proc conflict() {
  for each rival in neighbours where rival != teammate {
    if shields > rival.shields { gain 2 victory_points_military; }
  }
}
func team_score(p: any) = p.vp + p.victory_points_military - p.debt;
"""


def test_cities_team_variant_fights_only_the_rival_neighbour(tmp_path, backend):
    program = program_of(write_pack(tmp_path / "teams", CITIES_TEAMS), backend)
    g = new_game(program, players=4)
    p1, p2, p3, p4 = g.state.players
    assert g.teammate(p1) is p2 and g.teammate(p4) is p3
    p1.stock["shields"] = 3   # stronger than both neighbours: P2 (teammate) and P4 (rival)
    run_proc(g, "conflict")
    assert p1.stock["victory_points_military"] == 2
    # every other player, the teammate included, loses a coin (taken as debt: no coins)
    run_slot(g, "hideout", "play")
    assert [p.stock["debt"] for p in g.state.players] == [0, 1, 1, 1]
    assert g.program.funcs["team_score"](g, p1, p1) + g.program.funcs["team_score"](g, p1, p2) == 3


ERA = """
counter vp;
event income_turn();
event invent();
kind tapestry { play: effect; }
# Tapestry: "this era" lasts until the start of *your* next income turn, not anyone's
tapestry academia "Academia" { play { whenever you invent() until you income_turn() { gain 3 vp; } } }
proc income() { emit income_turn(); }
proc invent_tech() { emit invent(); }
"""


def test_this_era_ends_on_your_own_income_turn_only(tmp_path, backend):
    program = program_of(write_pack(tmp_path / "era", ERA), backend)
    g = new_game(program, players=2)
    me = g.state.players[0]
    run_slot(g, "academia", "play")
    run_proc(g, "income", player=1)      # the other player's income turn: the era goes on
    run_proc(g, "invent_tech")
    assert me.stock["vp"] == 3
    run_proc(g, "income")                # your income turn: the era is over
    run_proc(g, "invent_tech")
    assert me.stock["vp"] == 3 and g.state.triggers == []
