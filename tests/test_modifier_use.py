"""A modifier's `while` condition sees the use it changes: `it.ARG` is the argument ARG of the
tagged use being consulted (Dominion's Quarry: "Action cards cost 2 less while this is in play"),
in paying, affordability, gains, losses, tagged blocks and `allowed`, on both backends; saved games;
misuse diagnostics; the printer and explain."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_text
from rulebook.runtime.agents import RandomAgent
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.record import record, replay, resume
from rulebook.runtime.state import State

from .conftest import run_proc, the_one_error

# Dominion: the Quarry makes Action cards cost 2 less while it is in play; the Highway makes
# every card of cost 4 or more cost 1 less; the Moat stops attacks that cost 5 or more.
PACK = """
resource coin;
counter vp;
counter health;
enum ctype { action_card, treasure_card }
event buy(c: card);
event attack(strength: int);
event festival();
kind card { cost: int = 0; types: list = []; now: effect; }
card village "Village" { cost = 3; types = [action_card]; }
card silver "Silver" { cost = 3; types = [treasure_card]; }
card smithy "Smithy" { cost = 4; types = [action_card]; }
card gold "Gold" { cost = 6; types = [treasure_card]; }
card quarry "Quarry" {
  cost = 4; types = [treasure_card];
  now {
    modifier you buy while contains(in_play, this) and contains(it.c.types, action_card) { cost -2 coin; }
  }
}
card highway "Highway" { cost = 5; now { modifier you buy once while it.c.cost >= 4 { cost -1 coin; } } }
card moat "Moat" { cost = 2; now { modifier you attack while it.strength >= 5 { forbid; } } }
card bazaar "Bazaar" { cost = 5; now { modifier you buy while it.c.cost >= 4 { gain +1; } } }
card shield "Shield" { cost = 3; now { modifier you attack while it.strength < 3 { lose = 0; } } }
zone in_play per_player of card;
zone discard of card;
proc play(c: card) { move c to in_play; copy c.now; }
proc put_away(c: card) { move c to discard; }
proc purchase(c: card) { pay c.cost coin for buy(c); gain 1 vp for buy(c); }
proc can_buy(c: card) { if affordable(c.cost coin for buy(c)) { gain 1 vp; } }
proc may_buy(c: card) { may "buy it?" cost c.cost coin for buy(c) { gain 1 vp; } }
proc hit(n: int) { lose n health for attack(n); }
proc raid(n: int) { for attack(n) { lose 1 coin; } }
proc ask(n: int) { if allowed(attack(n)) { gain 1 vp; } }
"""


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def game(request) -> Game:
    g = Game(build_text(PACK, interpreted=request.param), 2, 1)
    for p in g.state.players:
        p.stock.update(coin=20, health=10)
    return g


def card(g: Game, name: str):
    return g.program.entities[name]


def me(g: Game) -> dict:
    return g.state.players[0].stock


def test_the_quarry_discounts_action_cards_only(game):
    run_proc(game, "play", card(game, "quarry"))
    run_proc(game, "purchase", card(game, "village"))      # an action card: 3 - 2
    assert me(game)["coin"] == 19
    run_proc(game, "purchase", card(game, "silver"))       # a treasure: the printed 3
    assert me(game)["coin"] == 16
    run_proc(game, "purchase", card(game, "smithy"))       # 4 - 2
    assert me(game)["coin"] == 14
    run_proc(game, "put_away", card(game, "quarry"))       # its own `while` still holds it back
    run_proc(game, "purchase", card(game, "village"))
    assert me(game)["coin"] == 11


def test_affordability_agrees_with_paying(game):
    run_proc(game, "play", card(game, "quarry"))
    me(game)["coin"] = 2
    for name in ("smithy", "silver", "village", "gold"):   # 2, 3, 1 and 6 coins
        run_proc(game, "can_buy", card(game, name))
    assert me(game)["vp"] == 2
    assert run_proc(game, "may_buy", card(game, "silver")) == []          # not affordable: not asked
    asked = run_proc(game, "may_buy", card(game, "smithy"), answers=[True])
    assert [a.prompt for a in asked] == ["buy it?"] and me(game)["coin"] == 0


def test_a_once_modifier_is_not_used_up_by_a_use_its_condition_rejects(game):
    run_proc(game, "play", card(game, "highway"))
    run_proc(game, "purchase", card(game, "silver"))       # cost 3: not for the Highway
    assert me(game)["coin"] == 17 and len(game.state.modifiers) == 1
    run_proc(game, "purchase", card(game, "gold"))         # cost 6: 1 less, and the Highway is spent
    assert me(game)["coin"] == 12 and not game.state.modifiers


def test_a_gain_tagged_with_the_use_is_changed_by_its_argument(game):
    run_proc(game, "play", card(game, "bazaar"))
    run_proc(game, "purchase", card(game, "silver"))
    run_proc(game, "purchase", card(game, "gold"))
    assert me(game)["vp"] == 1 + 2


def test_losses_blocks_and_allowed_read_the_use(game):
    run_proc(game, "play", card(game, "moat"))
    run_proc(game, "play", card(game, "shield"))
    run_proc(game, "hit", 2)                               # weak: the Shield makes it nothing
    run_proc(game, "hit", 4)                               # neither applies
    run_proc(game, "hit", 5)                               # strong: the Moat stops it
    assert me(game)["health"] == 6
    run_proc(game, "raid", 4)
    run_proc(game, "raid", 6)                              # skipped
    assert me(game)["coin"] == 19
    run_proc(game, "ask", 4)
    run_proc(game, "ask", 5)
    assert me(game)["vp"] == 1


def test_the_trace_names_the_modifier_the_use_let_apply(game):
    from .test_tagged_loss import traced
    entries = traced(game)
    run_proc(game, "play", card(game, "moat"))
    run_proc(game, "hit", 5)
    run_proc(game, "raid", 6)
    assert [e.describe() for e in entries if e.kind in ("lose", "skip")] == [
        "P1: lose 0 health (5, forbidden by Moat)", "P1: skip attack(6) (forbidden by Moat)"]


def test_a_filter_and_a_condition_on_the_same_argument_agree():
    text = PACK + "proc p() { modifier you buy(c = gold) while it.c.cost > 5 { cost -3 coin; } }"
    assert not [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    for interpreted in (False, True):
        g = Game(build_text(text, interpreted=interpreted), 2, 1)
        me(g)["coin"] = 10
        run_proc(g, "p")
        run_proc(g, "purchase", card(g, "gold"))
        run_proc(g, "purchase", card(g, "silver"))
        assert me(g)["coin"] == 10 - 3 - 3


def test_an_argument_the_use_does_not_give_reads_as_none():
    # a builtin event's tag may give its first arguments only (a track space's cost: advance(on), no steps);
    # a declared event's gives every argument (E302, test_a_use_leaving_out_an_argument_of_its_event_is_an_error)
    text = PACK + "track war { space 1 { } space 2 { } }\n" \
                  "proc p() { modifier you advance while it.steps == none { cost -1 coin; } }\n" \
                  "proc untold() { pay 2 coin for advance(war); }\nproc told() { pay 2 coin for advance(war, 1); }"
    for interpreted in (False, True):
        g = Game(build_text(text, interpreted=interpreted), 2, 1)
        me(g)["coin"] = 5
        run_proc(g, "p")
        run_proc(g, "untold")
        run_proc(g, "told")
        assert me(g)["coin"] == 5 - 1 - 2


def test_a_modifier_reading_the_use_is_saved_as_data(game):
    run_proc(game, "play", card(game, "quarry"))
    data = game.state.to_json()
    assert data["modifiers"][0][8] is True                 # `while`: referenced by its site, not saved
    assert State.from_json(data, game.program.entities).to_json() == data


# a whole game: each turn a player buys what they can afford, the Quarry in play from the start
GAME = PACK + """
zone supply of card;
proc turn() {
  gain 3 coin;
  pick c from supply where affordable(c.cost coin for buy(c)) "buy which card?" {
    pay c.cost coin for buy(c);
  }
}
game market "Market" {
  seats 2 to 3;
  phase setup { fill supply with card; each players { play(quarry); } }
  phase play { repeat 3 { each players: turn(); } }
  winner most coin;
}
"""


def test_a_saved_game_replays_and_resumes_alike_on_both_backends():
    digests = set()
    for interpreted in (False, True):
        program = build_text(GAME, interpreted=interpreted)
        g = Game(program, 2, 3, [RandomAgent(i) for i in range(2)])
        paid = []
        g.tracer = lambda e: paid.append(e.describe()) if e.kind == "pay" else None
        g.play()
        assert "P2: pay 1 coin" in paid                    # the Quarry's owner bought an action card
        log = record(g)
        assert replay(program, log).state.digest() == g.state.digest()
        half = resume(program, log, until=g.decisions_made // 2)
        assert half.decisions_made == g.decisions_made // 2 and len(half.state.modifiers) == 2
        digests.add(g.state.digest())
    assert len(digests) == 1


# ---------------------------------------------------------------------------- misuse


@pytest.mark.parametrize("body, code, where", [
    ("modifier you buy while it.cc.cost > 2 { cost -1 coin; }", "E205", "unknown argument 'cc' of event buy"),
    ("modifier you attack while it.strenght > 2 { forbid; }", "E205", "unknown argument 'strenght'"),
    ("modifier you festival while it.c == none { gain +1; }", "E205", "event 'festival' has no arguments"),
    ("modifier you festival while it == none { gain +1; }", "E303", "'it' alone is no value"),
    ("modifier you buy while it == none { cost -1 coin; }", "E303", "'it' alone is no value"),
    ("modifier you attack while it.strength { forbid; }", "E303", "a condition must be true or false"),
])
def test_misused_it_in_a_modifier_is_a_positioned_error(body, code, where):
    the_one_error(analyse_text(PACK + "proc p() { " + body + " }"), code, where, line=PACK.count("\n") + 1)


@pytest.mark.parametrize("use", ["pay 3 coin for buy;", "pay 3 coin for buy();", "gain 1 vp for attack;",
                                 "if affordable(3 coin for buy) { gain 1 vp; }", "let n = 2 for attack;"])
def test_a_use_leaving_out_an_argument_of_its_event_is_an_error(use):
    # `pay 3 coin for buy;` would meet no Quarry (its condition reads `it.c`): a silent miss before
    the_one_error(analyse_text(PACK + "proc p() { " + use + " }"), "E302", "this use gives none",
                  line=PACK.count("\n") + 1)
    assert "give every argument: 'for " in [d for d in analyse_text(PACK + "proc p() { " + use + " }")
                                            .diagnostics if d.severity == "error"][0].hint


def test_a_misspelt_argument_suggests_the_declared_one():
    found = [d for d in analyse_text(PACK + "proc p() { modifier you attack while it.strenght > 2 { forbid; } }")
             .diagnostics if d.severity == "error"]   # (the pack's cards draw W497 besides)
    assert found[0].hint == "did you mean 'strength'?"


def test_a_local_named_it_is_that_local():
    text = PACK + "proc p(it: int) { modifier you buy while it > 2 { cost -1 coin; } }"
    assert not [d for d in analyse_text(text).diagnostics if d.severity == "error"]


# ---------------------------------------------------------------------------- printer, explain


def test_the_printer_gives_the_condition_back():
    out = format_text(PACK)
    assert "modifier you buy once while it.c.cost >= 4 {" in out
    assert parse_text(out) == parse_text(PACK)


def test_explain_reads_the_use_in_the_condition():
    decls = {getattr(d, "name", None): d for d in parse_text(PACK).items}
    assert "From now on, on your buy, while this is in in_play and action_card is in the buy's c's types:" in \
        [line.strip() for line in reading(decls["quarry"])]
    assert "From now on, on your attack, while the attack's strength is at least 5:" in \
        [line.strip() for line in reading(decls["moat"])]


def test_a_use_error_in_the_condition_stops_play_alike_on_both_backends():
    text = PACK + "proc p() { modifier you buy while it.c.cost > 2 { cost -1 coin; } pay 1 coin for buy(none); }"
    codes = set()
    for interpreted in (False, True):
        g = Game(build_text(text, interpreted=interpreted), 2, 1)
        me(g)["coin"] = 5
        with pytest.raises(RulesRuntimeError) as e:
            run_proc(g, "p")
        codes.add((e.value.code, e.value.message))
    assert len(codes) == 1, codes
