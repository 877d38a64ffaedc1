"""Card actions once per period, costs that gate what is offered, gains onto a zone's cards (branch
anytime; the Terraforming Mars audit's W5, W9, W10 and the Wingspan audit's eggs and caches):

* `anytime in ZONE once per PATTERN { ... }` (7.2b): each holder's copy is played at most once until
  PATTERN, kept as a reaction's `once per` period (saved, cloned); a slot whose block pays first is
  offered only to a holder who can pay; E409 for a filtered period, W422 when nothing wakes it;
* a choose option gated by a cost paid first inside a `pick` or by a proc it calls (4.6), `can PROC`
  of a proc that pays first, `can copy E.SLOT` of a slot that pays first, `can PROC` of a proc cards
  change (the version in force for you; E411 when one version opens with no decision); W494 for an
  option whose cost is paid after another statement;
* `gain N STOCK on ZONE` (the player picks the card of each unit among those with room) and `lose N
  STOCK on CARD to P` (to a player's own resource, or to another card's stock); E410.

Both backends, fmt, explain."""

from __future__ import annotations

import json

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.engine import Game
from rulebook.runtime.state import State

from .conftest import explained, found_at, printed_back, random_games_agree, run_proc

backends = pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])

# Res Arcana-like: artifacts turned to use their power, once a round; Race for the Galaxy-like worlds
ARTIFACTS = """
resource gold;
resource elan;
counter vp;
event round_start();
event turn_start();
kind artifact { }
zone tableau per_player of artifact;
zone supply of artifact;
artifact tower "Alchemist's Tower" * 2 {
  anytime in tableau once per round_start { pay 2 gold; gain 3 elan; }
}
artifact fountain "Fountain" {
  anytime in tableau once per you turn_start { gain 1 gold; }
}
artifact statue "Statue" {
  anytime in tableau when vp < 1 { gain 1 vp; }
}
proc fill_supply() { fill supply with artifact; }
proc take(a: artifact) { move a to tableau; }
proc new_round() { emit round_start(); }
proc turn() { emit turn_start(); }
proc act() { window; }
"""


def artifacts(interpreted: bool, players: int = 2) -> Game:
    g = Game(build_text(ARTIFACTS, interpreted=interpreted, name="t.rules"), players, 1)
    run_proc(g, "fill_supply")
    return g


def window(g: Game, player: int, plays: list) -> list:
    """Run a window for `player`, playing the options named in `plays` in turn (then passing); returns
    each offer's options."""
    gen = g.program.procs["act"](g, g.state.players[player])
    offers, script = [], list(plays)
    try:
        d = gen.send(None)
        while True:
            offers.append([str(o) for o in d.options])
            d = gen.send(d.index_of(script.pop(0)) if script else len(d.options) - 1)
    except StopIteration:
        pass
    return offers


def holding(g: Game, *names: str, player: int = 0) -> None:
    for name in names:
        run_proc(g, "take", g.program.entities[name], player=player)


@backends
def test_a_card_played_once_per_period_rests_until_its_event(interpreted):
    g = artifacts(interpreted)
    holding(g, "fountain")
    assert window(g, 0, ["Fountain"]) == [["Fountain", "pass"]]
    assert g.state.players[0].stock["gold"] == 1
    assert window(g, 0, []) == []   # used this turn: nobody is asked
    run_proc(g, "turn", player=1)   # another player's turn_start: `once per you turn_start` is the holder's
    assert window(g, 0, []) == []
    run_proc(g, "turn", player=0)
    assert window(g, 0, ["Fountain"]) == [["Fountain", "pass"]]
    assert g.state.players[0].stock["gold"] == 2


@backends
def test_each_copy_keeps_its_own_period_and_a_leading_pay_gates_the_offer(interpreted):
    g = artifacts(interpreted)
    holding(g, "tower", "tower#2")
    p0 = g.state.players[0]
    p0.stock["gold"] = 1
    assert window(g, 0, []) == []   # 2 gold to pay: not offered (nothing is asked)
    p0.stock["gold"] = 5
    # copies alike are one option; the second copy is still offered once the first is used
    assert window(g, 0, ["Alchemist's Tower", "Alchemist's Tower"]) == [["Alchemist's Tower", "pass"]] * 2
    assert (p0.stock["gold"], p0.stock["elan"]) == (1, 6)
    p0.stock["gold"] = 5
    assert window(g, 0, []) == []   # both used this round
    run_proc(g, "new_round")
    assert window(g, 0, ["Alchemist's Tower"]) == [["Alchemist's Tower", "pass"], ["Alchemist's Tower", "pass"]]


@backends
def test_the_period_is_each_players_own(interpreted):
    g = artifacts(interpreted)
    holding(g, "fountain", player=0)
    window(g, 0, ["Fountain"])
    run_proc(g, "take", g.program.entities["fountain"], player=1)   # the same card, now another player's
    assert window(g, 1, ["Fountain"]) == [["Fountain", "pass"]]     # P2's period is unused


@backends
def test_a_saved_game_keeps_whether_a_copy_is_used(interpreted):
    g = artifacts(interpreted)
    holding(g, "fountain")
    window(g, 0, ["Fountain"])
    data = json.loads(json.dumps(g.state.to_json()))
    resting = [t[-1] for t in data["triggers"] if t[0] == "anytime in tableau" and t[1] == {"player": 0}
               and t[7] == {"this": {"entity": "fountain"}}]
    assert resting == [True]
    loaded = State.from_json(data, g.program.entities)
    assert loaded.digest() == g.state.digest()
    assert [t.resting for t in loaded.triggers if t.owner.index == 0 and t.env["this"].name == "fountain"] == [True]


def test_a_game_without_periods_registers_nothing():
    g = Game(build_text(ARTIFACTS.replace(" once per round_start", "").replace(" once per you turn_start", ""),
                        name="t.rules"), 2, 1)
    assert g.state.triggers == []


GAME = ARTIFACTS + """
game g {
  seats 2 to 4;
  phase setup { fill_supply(); each players { gain 2 gold; } }
  phase play {
    repeat 4 {
      new_round();
      each players {
        turn();
        pick a from supply "take which artifact?" optional { take(a); }
        act();
      }
    }
  }
  winner most elan + vp;
}
"""


def test_random_games_with_periods_agree_on_both_backends():
    random_games_agree(GAME)


def test_fmt_and_explain_read_the_period():
    _module, printed = printed_back(ARTIFACTS)
    assert "anytime in tableau once per round_start {" in printed
    assert "anytime in tableau once per you turn_start {" in printed
    text = explained(analyse_text(ARTIFACTS), "tower")
    assert "at most once until someone round starts (then again), while this is in your tableau" in text


def test_a_filtered_period_is_E409_and_one_nothing_wakes_is_W422():
    rules = ("counter vp; event round(n: int); kind w { } zone wz per_player of w;\n"
             "w x { anytime in wz once per round(n = 2) { gain 1 vp; } }\nproc r() { emit round(1); window; }")
    assert ("E409", 2, 36) in found_at(rules)
    quiet = ("counter vp; event round(); kind w { } zone wz per_player of w;\n"
             "w x { anytime in wz once per round { gain 1 vp; } }\nproc r() { window; }")
    assert [c for c, _l, _c in found_at(quiet)] == ["W422"]


# 4.6: an option's cost paid first inside a pick, or by a proc it calls (Terraforming Mars milestones)
MILESTONES = """
resource mc;
counter vp;
kind milestone { price: int = 8; claimed: bool = false; }
milestone mayor "Mayor" { }
milestone gardener "Gardener" { price = 12; }
zone milestones of milestone;
kind project { act: effect; }
project pump "Water Pump" { act { pay 3 mc; gain 1 vp; } }
proc fill_milestones() { fill milestones with milestone; }
proc claim(m: milestone) { pay m.price mc; set m.claimed = true; gain 5 vp; }
proc fund() { pay 20 mc; gain 1 vp; }
proc turn() {
  choose "your action" {
    option "claim a milestone" { pick m from milestones where not m.claimed { claim(m); } }
    option "fund an award" { fund(); }
    option "pass" { }
  }
}
func can_fund() = can fund();
func can_pump() = can copy pump.act;
"""


@backends
@pytest.mark.parametrize("mc, offered", [(0, ["pass"]), (8, ["claim a milestone", "pass"]),
                                         (20, ["claim a milestone", "fund an award", "pass"])])
def test_an_option_paid_first_inside_a_pick_or_a_proc_is_gated(interpreted, mc, offered):
    program = build_text(MILESTONES, interpreted=interpreted, name="t.rules")
    g = Game(program, 2, 1)
    run_proc(g, "fill_milestones")
    g.state.players[0].stock["mc"] = mc
    d = program.procs["turn"](g, g.state.players[0]).send(None)
    assert [str(o) for o in d.options] == offered
    assert program.funcs["can_fund"](g, g.state.players[0]) is (mc >= 20)
    assert program.funcs["can_pump"](g, g.state.players[0]) is (mc >= 3)


@backends
def test_a_claimed_candidate_no_longer_opens_the_option(interpreted):
    program = build_text(MILESTONES, interpreted=interpreted, name="t.rules")
    g = Game(program, 2, 1)
    run_proc(g, "fill_milestones")
    g.state.players[0].stock["mc"] = 10   # the Mayor (8) only; the Gardener costs 12
    run_proc(g, "claim", program.entities["mayor"])
    g.state.players[0].stock["mc"] = 10
    d = program.procs["turn"](g, g.state.players[0]).send(None)
    assert [str(o) for o in d.options] == ["pass"]


def test_an_option_whose_cost_comes_late_is_W494():
    rules = MILESTONES.replace('option "pass" { }', 'option "late" { gain 1 vp; pay 3 mc; }\n    option "pass" { }')
    found = [(c, line) for c, line, _col in found_at(rules)]
    assert found == [("W494", 17)]
    guarded = MILESTONES.replace('option "pass" { }', 'option "late" when mc >= 3 { gain 1 vp; pay 3 mc; }')
    assert found_at(guarded) == []


# 4.6a: `can PROC` of a proc that cards change: the version in force for the asking player
HELD = """
resource coin;
counter vp;
kind card { }
zone tableau per_player of card;
card market "Market" {
  override proc buy() in tableau { choose { option "cheap" { pay 1 coin; gain 1 vp; } } }
}
proc buy() { choose { option "buy" { pay 3 coin; gain 1 vp; } } }
proc take(c: card) { move c to tableau; }
func can_buy() = can buy();
"""


@backends
def test_can_of_a_proc_cards_change_reads_the_version_in_force(interpreted):
    program = build_text(HELD, interpreted=interpreted, name="t.rules")
    g = Game(program, 2, 1)
    p0, p1 = g.state.players
    p0.stock["coin"] = p1.stock["coin"] = 2
    assert program.funcs["can_buy"](g, p0) is False
    run_proc(g, "take", program.entities["market"])
    assert (program.funcs["can_buy"](g, p0), program.funcs["can_buy"](g, p1)) == (True, False)


def test_can_of_a_proc_one_card_changes_to_open_with_no_decision_is_E411():
    rules = HELD.replace("in tableau { choose", "in tableau { gain 1 vp; choose")
    diags = analyse_text(rules).diagnostics
    assert [d.code for d in diags] == ["E411"]
    assert "the version of card 'market' does not start with one (it starts at line 7, column 36)" in diags[0].message


# 3.7: stocks gained onto a zone's cards, and moved off a card (Wingspan's eggs and cached food)
BIRDS = """
resource seed;
kind bird { eggs: stock cap this.limit; limit: int = 2; seed: stock; }
bird jay "Blue Jay" { }
bird wren "Wren" { limit = 4; }
bird owl "Owl" { }
zone board per_player of bird;
proc play(b: bird) { move b to board; }
proc lay(n: int) { gain n eggs on board; }
proc cache(b: bird) { pay 1 seed; gain 1 seed on b; }
proc eat_cache(b: bird) { lose 1 seed on b to you; }
proc move_egg(a: bird, b: bird) { lose 1 eggs on a to b; }
"""


@backends
def test_a_gain_on_a_zone_asks_the_card_of_each_unit_among_those_with_room(interpreted):
    program = build_text(BIRDS, interpreted=interpreted, name="t.rules")
    g = Game(program, 2, 1)
    e = program.entities
    run_proc(g, "play", e["jay"])
    run_proc(g, "play", e["wren"])
    asked = run_proc(g, "lay", 5, answers=["Blue Jay", "Blue Jay"])
    assert [d.prompt for d in asked] == ["gain 1 eggs on which card (1 of 5)?", "gain 1 eggs on which card (2 of 5)?"]
    assert (g.field(e["jay"], "eggs"), g.field(e["wren"], "eggs")) == (2, 3)   # the Jay full: the rest to the Wren
    assert run_proc(g, "lay", 5) == []   # one card has room: unasked, cut to its cap
    assert (g.field(e["jay"], "eggs"), g.field(e["wren"], "eggs")) == (2, 4)


@backends
def test_a_cards_stock_moves_to_a_player_or_another_card(interpreted):
    program = build_text(BIRDS, interpreted=interpreted, name="t.rules")
    g = Game(program, 2, 1)
    e, p0 = program.entities, g.state.players[0]
    p0.stock["seed"] = 2
    run_proc(g, "cache", e["jay"])
    assert (p0.stock["seed"], g.field(e["jay"], "seed")) == (1, 1)
    run_proc(g, "eat_cache", e["jay"])
    run_proc(g, "eat_cache", e["jay"])   # nothing left on it: nothing moves
    assert (p0.stock["seed"], g.field(e["jay"], "seed")) == (2, 0)
    run_proc(g, "play", e["wren"])
    run_proc(g, "lay", 2)
    run_proc(g, "move_egg", e["wren"], e["owl"])
    assert (g.field(e["wren"], "eggs"), g.field(e["owl"], "eggs")) == (1, 1)


def test_stock_moves_misused_are_E410_and_E395():
    base = BIRDS + "kind tile { }\nzone tiles per_player of tile;\n"
    assert ("E410", 15, 34) in found_at(base + "proc a() { lose 1 eggs on jay to you; }")   # players hold no eggs
    assert ("E410", 15, 34) in found_at(base + "proc a() { lose 1 seed on jay to 3; }")
    # (W519 at the birds' stock 'seed', named like the resource: branch polish2)
    assert [c for c, _l, _c in found_at(base + "proc a(t: tile) { lose 1 seed on jay to t; }")] == ["W519", "E395"]
    assert [c for c, _l, _c in found_at(base + "proc a() { gain 1 eggs on tiles; }")] == ["W519", "E395"]


def test_fmt_and_explain_read_the_stock_moves():
    _module, printed = printed_back(BIRDS)
    assert "gain n eggs on board;" in printed and "lose 1 seed on b to you;" in printed
    result = analyse_text(BIRDS)
    assert "Add n eggs to cards of your board, choosing the card of each" in explained(result, "lay")
    assert "Take 1 seed off b (or as many as it holds), and you gain what is taken." in explained(result, "eat_cache")
    assert "and b gains what is taken" in explained(result, "move_egg")


BIRD_GAME = BIRDS + """
resource fish;
bird heron "Heron" { limit = 3; }
zone supply of bird;
proc fill_supply() { fill supply with bird; }
game g {
  seats 2 to 4;
  phase setup { fill_supply(); each players { gain 3 seed; } }
  phase play {
    repeat 5 {
      each players {
        choose {
          option "play a bird" { pick b from supply { play(b); } }
          option "lay eggs" { lay(2); }
          option "cache" { pick b from board { cache(b); } }
          option "eat" { pick b from board where b.seed > 0 { eat_cache(b); } }
        }
      }
    }
  }
  winner most total(b in board, b.eggs) + seed;
}
"""


def test_random_bird_games_agree_on_both_backends():
    random_games_agree(BIRD_GAME)


# 7.2b: a kind's effect slot used as each card's action, once per generation (Terraforming Mars's
# blue cards): `anytime ... { copy this.action; }` is offered while that slot can do something
PROJECTS = """
resource mc;
counter ocean;
event generation_start();
kind project {
  action: effect;
  anytime in tableau once per generation_start { copy this.action; }
}
zone tableau per_player of project;
project water_import "Water Import" { action { pay 12 mc; gain 1 ocean; } }
project searching "Searching for Life" { action { may "search?" cost 1 mc { gain 1 ocean; } } }
project plain "Plain Card" { action { } }
proc take(p: project) { move p to tableau; }
proc act() { window; }
proc generation() { emit generation_start(); }
"""


@backends
@pytest.mark.parametrize("mc, offered", [(0, []), (1, [["Searching for Life", "pass"]]),
                                         (12, [["Water Import", "Searching for Life", "pass"]])])
def test_a_copied_action_is_offered_while_its_slot_can_do_something(interpreted, mc, offered):
    program = build_text(PROJECTS, interpreted=interpreted, name="t.rules")
    g = Game(program, 2, 1)
    for name in ("water_import", "searching", "plain"):
        run_proc(g, "take", program.entities[name])
    g.state.players[0].stock["mc"] = mc
    assert window(g, 0, []) == offered


def test_save_state_and_load_state_keep_a_used_period(tmp_path):
    from rulebook.runtime.record import load_state, save_state

    g = artifacts(False)
    holding(g, "fountain")
    window(g, 0, ["Fountain"])
    save_state(g.state, tmp_path / "state.json")
    assert load_state(tmp_path / "state.json", g.program).to_json() == g.state.to_json()
