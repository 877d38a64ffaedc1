"""Continuous effects (`modifier`) on both backends: cost and gain changes, forbid/allow, durations
(`once`, `until`, `while`), the one consult point shared by affordability and payment, saved state,
lint diagnostics, and Federation's 1B1/2B1 discount (deviation A of issue 6)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.state import State

from .conftest import run_proc, run_slot, the_one_error
from .test_federation import backends, ent, fresh, proc, program, stock  # noqa: F401  (fixtures)

# 7 Wonders: buying a raw material from a neighbour costs 2 coins; a trading post makes it 1 while
# it is built. Tapestry: "costs 1 less" on a track. Stupor Mundi: an edict forbids building walls.
PACK = """
resource coin;
resource wood;
resource stone;
group raw "Raw materials" cap 99 { wood, stone }
counter vp;
event trade(side: int);
event build_wall();
event festival();
kind card { now: effect; }
zone built per_player of card;
zone discard of card;
card east "East Trading Post" {
  now {
    modifier you trade(side = 1) while contains(built, this) {
      cost = 1 coin;
    }
  }
}
track science "Science" {
  space 1 cost 2 coin {}
  space 2 cost 2 coin, 1 wood {}
}
proc buy(side: int) {
  pay 2 coin for trade(side);
  gain 1 wood;
}
"""


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def build(request):
    def make(procs: str = ""):
        return build_text(PACK + procs, interpreted=request.param)
    return make


def me(game: Game, seat: int = 0) -> dict:
    return game.state.players[seat].stock


def test_trading_post_costs_one_coin_while_it_is_built(build):
    g = Game(build("proc build_post() { move east to built; copy east.now; }\n"
                   "proc lose_post() { move east to discard; }"), 2, 1)
    me(g).update(coin=3)
    run_proc(g, "build_post")
    run_proc(g, "buy", 1)                       # from the left: the trading post's 1 coin
    assert (me(g)["coin"], me(g)["wood"]) == (2, 1)
    run_proc(g, "buy", 2)                       # from the right: the printed 2 coins
    assert me(g)["coin"] == 0
    me(g)["coin"] = 2
    run_proc(g, "lose_post")                    # `while` is read when the cost is: 2 coins again
    run_proc(g, "buy", 1)
    assert me(g)["coin"] == 0
    assert len(g.state.modifiers) == 1          # the modifier stays; its condition is false


def test_affordability_and_payment_agree(build):
    g = Game(build("proc post() { move east to built; copy east.now; }\n"
                   "proc offer() { choose { option \"left\" { pay 2 coin for trade(1); }\n"
                   "  option \"right\" { pay 2 coin for trade(2); } option \"pass\" {} } }"), 2, 1)
    me(g)["coin"] = 1
    # without the trading post neither purchase is affordable: only "pass" is left, answered silently
    assert run_proc(g, "offer") == []
    run_proc(g, "post")
    asked = run_proc(g, "offer", answers=["left"])
    assert asked[0].options == ["left", "pass"]
    assert me(g)["coin"] == 0


def test_tapestry_costs_one_less_on_a_track(build):
    g = Game(build("proc lab() { modifier you advance(on = science) { cost -1 coin; } }\n"
                   "proc go() { advance science paying; }\n"
                   "func can() = can_advance(science);"), 2, 1)
    me(g)["coin"] = 1
    assert not g.program.funcs["can"](g, g.state.players[0])
    run_proc(g, "lab")
    assert g.program.funcs["can"](g, g.state.players[0])
    run_proc(g, "go")
    assert (me(g)["coin"], me(g)["science"]) == (0, 1)
    me(g).update(coin=1, wood=1)                # space 2: 2 coin, 1 wood less 1 coin
    run_proc(g, "go")
    assert (me(g)["coin"], me(g)["wood"], me(g)["science"]) == (0, 0, 2)


def test_once_modifier_is_used_up_by_the_payment_it_changes(build):
    g = Game(build("proc deal() { modifier you trade once { cost -2 coin; } }"), 2, 1)
    me(g)["coin"] = 2
    run_proc(g, "deal")
    run_proc(g, "buy", 1)
    assert me(g)["coin"] == 2 and not g.state.modifiers
    run_proc(g, "buy", 2)
    assert me(g)["coin"] == 0


def test_any_discount_leaves_the_payer_a_choice_among_affordable_costs(build):
    g = Game(build("proc cheap() { modifier you build_wall { cost -1 any(raw); } }\n"
                   "proc wall() { pay 1 wood, 1 stone, 1 coin for build_wall(); }\n"
                   "func can() = affordable(1 wood, 1 stone, 1 coin for build_wall());"), 2, 1)
    me(g).update(wood=1, stone=1, coin=1)
    run_proc(g, "cheap")
    asked = run_proc(g, "wall", answers=["1 wood, 1 coin"])
    assert asked[0].options == ["1 stone, 1 coin", "1 wood, 1 coin"]
    assert (me(g)["wood"], me(g)["stone"], me(g)["coin"]) == (0, 1, 0)
    me(g).update(wood=1, stone=0, coin=1)       # one raw material short: the discount covers it
    assert g.program.funcs["can"](g, g.state.players[0])
    assert run_proc(g, "wall") == []            # one affordable way: no question
    assert (me(g)["wood"], me(g)["coin"]) == (0, 0)
    me(g).update(wood=0, stone=0, coin=1)
    assert not g.program.funcs["can"](g, g.state.players[0])


def test_gain_changes_add_and_replace(build):
    g = Game(build("proc fest() { gain 2 vp for festival(); }\n"
                   "proc more() { modifier you festival until you pay(res = coin) { gain +1; } }\n"
                   "proc spoil() { modifier opponents festival once { gain = 0; } }"), 2, 1)
    run_proc(g, "more")
    run_proc(g, "fest")
    assert me(g)["vp"] == 3
    me(g)["coin"] = 2
    run_proc(g, "buy", 1)                       # `until you pay(res = coin)`: the bonus ends
    run_proc(g, "fest")
    assert me(g)["vp"] == 5
    run_proc(g, "spoil", player=1)               # player 2's modifier reaches its opponents only
    run_proc(g, "fest", player=1)
    assert me(g, 1)["vp"] == 2
    run_proc(g, "fest")
    assert me(g)["vp"] == 5 and not g.state.modifiers


def test_forbid_hides_options_and_may_and_allow_overrides_it(build):
    g = Game(build("proc siege() { modifier opponents build_wall { forbid; } }\n"
                   "proc pardon() { modifier you build_wall { allow; } }\n"
                   "proc turn() { choose { option \"wall\" { pay 1 stone for build_wall(); gain 1 vp; }\n"
                   "  option \"rest\" { gain 1 coin; } } }\n"
                   "proc maybe() { may \"build?\" for build_wall() { gain 1 vp; } }\n"
                   "proc force() { pay 1 stone for build_wall(); }"), 2, 1)
    me(g)["stone"] = me(g, 1)["stone"] = 5
    run_proc(g, "siege", player=1)
    assert run_proc(g, "turn") == [] and me(g)["coin"] == 1     # only "rest" was left
    assert run_proc(g, "maybe") == [] and me(g)["vp"] == 0
    with pytest.raises(RulesRuntimeError) as err:
        run_proc(g, "force")
    assert err.value.code == "E606"
    assert run_proc(g, "turn", player=1, answers=["rest"])      # the owner is not an opponent of itself
    run_proc(g, "pardon")
    assert run_proc(g, "turn", answers=["wall"])[0].options == ["wall", "rest"]
    assert me(g)["vp"] == 1


def test_modifiers_are_state_saved_and_in_the_digest(build):
    g = Game(build("proc post() { move east to built; copy east.now; }"), 2, 1)
    before = g.state.digest()
    run_proc(g, "post")
    assert g.state.digest() != before
    data = g.state.to_json()
    assert data["modifiers"][0][3] == "trade" and data["modifiers"][0][7] == {"this": {"entity": "east"}}
    again = State.from_json(data, g.program.entities)
    assert again.to_json() == data
    assert again.modifiers[0].env["this"] is g.program.entities["east"]


def test_captured_locals_feed_the_while_condition(build):
    g = Game(build("proc deal(limit: int) { let n = limit; modifier you trade while coin >= n { cost -1 coin; } }"), 2, 1)
    run_proc(g, "deal", 3)
    assert g.state.modifiers[0].env == {"n": 3}
    me(g)["coin"] = 3
    run_proc(g, "buy", 1)                        # 3 >= 3: 1 coin
    assert me(g)["coin"] == 2
    run_proc(g, "buy", 1)                        # 2 < 3: the printed 2 coins
    assert me(g)["coin"] == 0


def test_no_modifier_no_change_and_compiled_equals_interpreted():
    text = PACK + "proc p() { modifier you trade(side = 2) { cost +1 wood; } pay 2 coin for trade(1); }"
    for interpreted in (False, True):
        g = Game(build_text(text, interpreted=interpreted), 2, 1)
        me(g)["coin"] = 2
        run_proc(g, "p")
        assert me(g)["coin"] == 0 and me(g)["wood"] == 0


# ---------------------------------------------------------------------------- lint


@pytest.mark.parametrize("body, code", [
    ("modifier you trad { cost -1 coin; }", "E206"),
    ("modifier you trade { cost -1 coins; }", "E202"),
    ("modifier you trade { forbid; gain +1; }", "E311"),
    ("modifier you trade { cost -1 different(raw); }", "E311"),
    ("pay 1 coin for trade(1, 2);", "E302"),
    ("gain 1 coin for build_wal();", "E206"),
    ("modifier you trade while \"yes\" { cost -1 coin; }", "E303"),
    ("modifier you trade { gain +(coin > 1); }", "E303"),
])
def test_misused_modifiers_are_positioned_errors(body, code):
    the_one_error(analyse_text(PACK + "proc p() { " + body + " }"), code, line=PACK.count("\n") + 1)


def test_unknown_action_suggests_the_declared_one():
    result = analyse_text(PACK + "proc p() { modifier you trad { cost -1 coin; } }")
    first = next(d for d in result.diagnostics if d.severity == "error")   # (the pack's cards draw W497 besides)
    assert "did you mean 'trade'" in (first.hint or "") + first.message


# ---------------------------------------------------------------------------- Federation, deviation A


def test_1B1_lets_a_player_one_crystal_short_take_E81216(program):  # noqa: F811  (the fixture)
    g = fresh(program, 2, variants=["first_game"])
    mine = stock(g, 0)
    mine.update(copernium=1)
    can = g.program.funcs["can_build_any"]
    assert not can(g, g.state.players[0])       # the Military Academy costs 2 Coppernium
    proc(g, "take_erudite", ent(g, "e1B1"))
    assert can(g, g.state.players[0])           # the discount counts when deciding availability
    proc(g, "e81_action", answers=["Military Academy"])
    assert mine["copernium"] == 0 and mine["robots"] == 5 and mine["inf_e81"] == 1
    assert not g.state.modifiers                # spent by that build


def test_1B1_discount_makes_the_spy_and_mission_7_offer_E81216(program):  # noqa: F811  (the fixture)
    for spy in ("spy_action", "mission7"):
        g = fresh(program, 2, variants=["first_game"])
        mine = stock(g, 0)
        mine.update(lavandium=1, copernium=1)    # the copy costs 1 Lavandium; the Academy 2 Coppernium
        proc(g, "take_erudite", ent(g, "e1B1"))
        answers = ["E81216", "Military Academy"]
        asked = proc(g, spy, answers=answers) if spy == "spy_action" else run_slot(g, spy, "run", answers=answers)
        assert "E81216" in asked[0].options
        assert mine["copernium"] == 0 and mine["robots"] == 5, spy


def test_modifier_outside_an_effect_says_it_is_a_statement():
    from pathlib import Path

    from rulebook.compiler.driver import analyse_file

    found = analyse_file(Path(__file__).parent / "malformed" / "modifier_outside_an_effect.rules").diagnostics
    assert [(d.code, d.span.line) for d in found] == [("E100", 5)]
    assert "'modifier' is a statement" in found[0].hint


def test_saved_modifiers_load_back_and_a_broken_one_is_refused(build, tmp_path):
    import json

    from rulebook.runtime.record import load_state, save_state

    g = Game(build("proc post() { move east to built; copy east.now; }\n"
                   "proc deal() { modifier you trade once { cost -1 any(raw); } }"),
             2, 1)
    run_proc(g, "post")
    run_proc(g, "deal")
    path = tmp_path / "state.json"
    save_state(g.state, path)
    assert load_state(path, g.program).to_json() == g.state.to_json()
    data = json.loads(path.read_text())
    data["modifiers"][1][9] = [["cost", "-", [["plain", "gold", 1]]]]   # a resource the pack lacks
    path.write_text(json.dumps(data))
    with pytest.raises(RulesRuntimeError) as err:
        load_state(path, g.program)
    assert err.value.code == "E605"


PERMISSION = """
counter food;
event place_on_occupied();
kind hut { occupied: bool = false; }
hut hunting "Hunting grounds" { occupied = true; }
hut forest "Forest" { }
zone huts of hut;
proc setup_rules() { modifier anyone place_on_occupied { forbid; } fill huts with hut; }
proc great_hall() { modifier you place_on_occupied { allow; } }
proc place_worker() {
  pick h from huts where not h.occupied or allowed(place_on_occupied()) "place a worker where?" {
    gain 1 food;
  }
}
proc count_options() { gain count(h in huts where not h.occupied or allowed(place_on_occupied())) food; }
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_allowed_tests_a_permission_a_standing_forbid_and_a_cards_allow(interpreted):
    rules = build_text(PERMISSION, interpreted=interpreted)
    game = Game(rules, 2, 1)
    run_proc(game, "setup_rules")
    run_proc(game, "count_options", player=0)
    assert game.state.players[0].stock["food"] == 1        # the occupied hut is not offered
    run_proc(game, "great_hall", player=1)                 # only its owner may join an occupied hut
    run_proc(game, "count_options", player=1)
    run_proc(game, "count_options", player=0)
    assert [p.stock["food"] for p in game.state.players] == [2, 2]
    asked = run_proc(game, "place_worker", player=1, answers=["Hunting grounds"])
    assert asked[0].options == ["Hunting grounds", "Forest"]
