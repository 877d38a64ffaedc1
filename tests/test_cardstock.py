"""Stocks a card holds (`kind bird { eggs: stock cap this.egg_limit; }`, docs 3.7): `gain/lose N eggs on b;`,
the cost term `N eggs on CARD|ZONE` wherever a cost goes, its cap worked out for the card at each gain (the
excess lost, a fallen cap keeping what is there), the `gain`/`lose`/`pay` events with `on`, the card's
variable while it differs from its start (saved, digested, reset, shown with the card); misuse E395, E398,
W491, W492; fmt and explain; random games alike on both backends. From the Wingspan and Terraforming Mars
audits (eggs on birds, animals on cards)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.state import State

from .conftest import (found_at, printed_back, random_games_agree, rules_programs, run_answering,
                       run_proc, the_one_error)

PACK = """
counter vp;
counter laid;
resource coin;
event activate(b: bird);
kind bird "Bird" { egg_limit: int = 2; eggs: stock cap this.egg_limit; food: stock; }
kind tile "Tile" { x: int = 0; }
bird jay "Blue Jay" { egg_limit = 3; }
bird wren "Wren" { food = 2; }
bird owl "Owl" { egg_limit = 1; }
tile t1 { }
zone board per_player of bird;
proc setup_board() { move jay to board; move wren to board; }
"""

program = rules_programs(PACK)


def game(program, procs: str, players: int = 2) -> Game:
    g = Game(program(procs), players, 1)
    run_proc(g, "setup_board")
    return g


def eggs(g: Game, card: str, field: str = "eggs") -> int:
    return g.field(g.program.entities[card], field)


def test_gain_is_cut_to_the_cap_worked_out_for_the_card(program):
    g = game(program, "proc p() { gain 2 eggs on jay; gain 2 eggs on jay; gain 5 eggs on wren; gain 4 food on wren; }")
    run_proc(g, "p")
    assert eggs(g, "jay") == 3 and eggs(g, "wren") == 2   # egg limits 3 and 2: the excess is lost
    assert eggs(g, "wren", "food") == 6   # no cap; started at 2


def test_lose_never_below_zero_and_a_negative_gain_is_a_loss(program):
    g = game(program, "proc p() { gain 2 eggs on jay; lose 5 eggs on jay; gain 3 eggs on wren; gain -1 eggs on wren; }")
    run_proc(g, "p")
    assert eggs(g, "jay") == 0 and eggs(g, "wren") == 1


def test_a_cap_that_falls_keeps_what_is_there(program):
    g = game(program, "proc p() { gain 3 eggs on jay; set jay.egg_limit = 1; gain 1 eggs on jay; }"
                      "proc q() { lose 2 eggs on jay; gain 1 eggs on jay; }")
    run_proc(g, "p")
    assert eggs(g, "jay") == 3   # nothing taken away, nothing gained above the cap
    run_proc(g, "q")
    assert eggs(g, "jay") == 1   # 1 left: at the cap, the gain gives nothing


def test_the_stock_is_a_variable_only_while_it_differs_from_its_start(program):
    g = game(program, "proc p() { gain 1 eggs on jay; lose 1 food on wren; } proc q() { lose 1 eggs on jay; gain 1 food on wren; }")
    before = g.state.digest()
    run_proc(g, "p")
    assert g.state.evars == {"jay": {"eggs": 1}, "wren": {"food": 1}}
    run_proc(g, "q")
    assert g.state.evars == {} and g.state.vals == {} and g.state.digest() == before


def test_saved_and_loaded_with_the_card(program):
    g = game(program, "proc p() { gain 2 eggs on jay; }")
    run_proc(g, "p")
    again = State.from_json(g.state.to_json(), g.program.entities)
    assert again.digest() == g.state.digest() and again.vals[g.program.entities["jay"]]["eggs"] == 2


def test_a_saved_state_holds_no_stock_below_zero(program):
    from rulebook.runtime.state import StateError, check_saved
    g = game(program, "proc p() { gain 2 eggs on jay; }")
    run_proc(g, "p")
    data = g.state.to_json()
    check_saved(data, g.program)
    data["evars"]["jay"]["eggs"] = -1
    with pytest.raises(StateError, match="jay.eggs is -1"):
        check_saved(data, g.program)
    data["evars"]["jay"]["eggs"] = "two"
    with pytest.raises(StateError, match="a whole number"):
        check_saved(data, g.program)


def test_reset_starts_the_stock_again(program):
    g = game(program, "proc p() { gain 2 eggs on jay; lose 2 food on wren; reset eggs, food of bird; }")
    run_proc(g, "p")
    assert eggs(g, "jay") == 0 and eggs(g, "wren", "food") == 2


def test_pay_on_a_card_and_affordable(program):
    g = game(program, "proc p() { gain 2 eggs on jay; if affordable(3 eggs on jay) { gain 10 vp; } "
                      "if affordable(2 eggs on jay, 1 food on wren) { pay 2 eggs on jay, 1 food on wren; gain 1 vp; } }")
    run_proc(g, "p")
    assert g.state.players[0].stock["vp"] == 1 and eggs(g, "jay") == 0 and eggs(g, "wren", "food") == 1


def test_pay_more_than_the_card_holds_is_E601(program):
    g = game(program, "proc p() { pay 1 eggs on jay; }")
    with pytest.raises(RulesRuntimeError) as err:
        run_proc(g, "p")
    assert err.value.code == "E601" and "cannot pay 1 eggs on Blue Jay" in str(err.value)


def test_pay_on_a_zone_asks_the_card_of_each_unit_only_when_there_is_a_choice(program):
    g = game(program, "proc stock_up() { gain 2 eggs on jay; gain 1 eggs on wren; } proc p() { pay 2 eggs on board; }")
    run_proc(g, "stock_up")
    asked = run_answering(g.program.procs["p"](g, g.state.players[0]), lambda d: d.index_of("Wren"))
    assert [d.options for d in asked] == [["Blue Jay", "Wren"]]   # then only the Jay holds any: unasked
    assert eggs(g, "jay") == 1 and eggs(g, "wren") == 0
    g = game(program, "proc stock_up() { gain 1 eggs on jay; gain 1 eggs on wren; } proc p() { pay 2 eggs on board; }")
    run_proc(g, "stock_up")
    assert run_answering(g.program.procs["p"](g, g.state.players[0]), lambda d: 0) == []   # all that is left
    assert eggs(g, "jay") == 0 and eggs(g, "wren") == 0


CHOOSE = """
proc p() {
  choose "what?" {
    option "spend an egg" { pay 1 eggs on board; gain 1 vp; }
    option "pass" { }
  }
  may "spend food?" cost 1 food on wren { gain 1 vp; }
}
"""


def test_a_choose_option_and_a_may_led_by_a_stock_on_a_card(program):
    g = game(program, CHOOSE)
    asked = run_answering(g.program.procs["p"](g, g.state.players[0]),
                          lambda d: d.index_of("yes") if "yes" in d.options else 0, with_forced=True)
    assert [d.options for d in asked][0] == ["pass"]   # no egg anywhere: only passing
    assert eggs(g, "wren", "food") == 1 and g.state.players[0].stock["vp"] == 1   # the may was offered and taken


def test_a_modifier_takes_one_off_the_term(program):
    g = game(program, """
proc p() {
  gain 2 eggs on jay;
  modifier you activate { cost -1 eggs; }
  pay 2 eggs on jay for activate(jay);
}""")
    run_proc(g, "p")
    assert eggs(g, "jay") == 1


def test_events_carry_the_card_and_the_amount_actually_moved(program):
    g = game(program, """
proc watch() {
  whenever you gain(res = eggs) { gain it.amount laid; say "eggs on {it.on}"; }
  whenever you pay(res = eggs) { say "paid {it.amount} from {it.on}"; }
  whenever you gain(res = coin) { if it.on == none { say "coin for a player"; } }
}
proc p() { gain 5 eggs on jay; pay 2 eggs on jay; gain 1 coin; }""")
    run_proc(g, "watch")
    run_proc(g, "p")
    assert g.state.players[0].stock["laid"] == 3   # cut to the cap of 3
    assert g.messages == ["P1: eggs on Blue Jay", "P1: paid 2 from Blue Jay", "P1: coin for a player"]


def test_a_card_with_no_such_stock_stops_play_with_E601(program):
    g = game(program, "proc p(c: any) { gain 1 eggs on c; }")
    with pytest.raises(RulesRuntimeError) as err:
        run_proc(g, "p", g.program.entities["t1"])
    assert err.value.code == "E601" and "holds no stock 'eggs'" in str(err.value)


def test_shown_with_the_card_only_while_it_holds_some(program):
    g = game(program, "proc p() { gain 1 eggs on jay; gain 1 eggs on wren; lose 1 eggs on wren; }")
    run_proc(g, "p")
    items = g.view(0)["players"][0]["zones"]["board"]["items"]
    assert [i.get("changed") for i in items] == [{"eggs": 1}, None]   # the Wren's egg came and went


def test_random_games_agree_and_replay():
    text = PACK + """
proc turn() {
  choose "what?" {
    option "lay" { pick b from board where b.eggs < b.egg_limit "lay on?" { gain 1 eggs on b; } }
    option "spend 2" { pay 2 eggs on board; gain 3 vp; }
    option "feed" { pick b from board "feed?" { gain 1 food on b; } }
    option "eat" { pick b from board where b.food > 0 "eat from?" { lose 1 food on b; gain 1 coin; } }
  }
}
game g "Eggs" {
  seats 2 to 4;
  phase setup { each players: move owl to board; setup_board(); }
  phase play { repeat 6 { each players: turn(); } }
  winner most vp + total(b in board, b.eggs);
}"""
    random_games_agree(text, seeds=range(1, 4))


def test_fmt_round_trip():
    _module, printed = printed_back("""kind bird { egg_limit: int = 2; eggs: stock cap this.egg_limit; food: stock = 1 cap 5; cubes: stock = 0; }
bird jay { }
zone board per_player of bird;
proc p(b: bird) { gain 1 eggs on b; lose 1 food on b; pay 1 eggs on board, 1 food on b; }
""")
    assert "eggs: stock cap this.egg_limit;" in printed and "food: stock = 1 cap 5;" in printed
    assert "cubes: stock;" in printed and "pay 1 eggs on board, 1 food on b;" in printed


def test_content_digest_of_other_packs_is_unchanged():
    from rulebook.dsl.parser import parse_text
    text = "resource coin; kind k { x: int = 1; } proc p() { gain 1 coin; lose 1 coin; pay 1 coin; }"
    assert "on=" not in repr(parse_text(text)) and "stock=" not in repr(parse_text(text))


def test_misuse_E395():
    base = "counter vp; kind bird { eggs: stock; } kind tile { x: int = 0; } bird jay { } tile t { }\n"
    the_one_error(analyse_text(base + "proc p(q: player) { gain 1 eggs on q; }"), "E395", "q is a player, not a card")
    the_one_error(analyse_text(base + "proc p() { lose 1 eggs on 3; }"), "E395", "not a card")
    the_one_error(analyse_text(base + "proc p() { gain 1 x on t; }"), "E395", "its 'x' is a field, not a stock")
    the_one_error(analyse_text(base + "proc p() { pay 1 vp on jay; }"), "E395", "a bird holds no stock 'vp'")
    the_one_error(analyse_text(base + "proc p() { modifier you pay { cost +1 eggs on jay; } }"), "E395",
                  "a modifier's cost line")


def test_misuse_E398():
    the_one_error(analyse_text('kind bird { nest: str = "cup"; eggs: stock cap this.nest; }'), "E398", "not a text")
    the_one_error(analyse_text("kind bird { size: int = 0; eggs: int = 0 cap 3; }"), "E398", "only a stock has a cap")
    the_one_error(analyse_text("kind bird { eggs: stock = -1; }"), "E398", "starts at -1")
    the_one_error(analyse_text("kind bird { eggs: stock cap -2; }"), "E398", "the cap of 'eggs' is -2")


def test_warnings_W491_W492():
    base = "kind bird { eggs: stock; } bird jay { }\n"
    assert ("W491", 2, 37) in found_at(base + "proc p() { gain 1 eggs on jay; gain -1 eggs on jay; }")
    assert [c for c, _l, _c in found_at(base + "proc p() { set jay.eggs = 2; }")] == ["W492"]
    assert found_at(base + "proc p() { gain 1 eggs on jay; lose 1 eggs on jay; pay 0 eggs on jay; }") == []


def test_explain_reads_them():
    from rulebook.compiler.explain import reading
    result = analyse_text(PACK + "proc p(b: bird) { gain 1 eggs on b; lose 2 food on b; pay 1 eggs on board; }")
    assert result.ok, result.diagnostics
    kind = " ".join(reading(result.symbols.decls["bird"], result.symbols))
    assert "eggs (tokens the card holds, at most this card's egg limit, none at first)" in kind
    proc = reading(result.symbols.decls["p"], result.symbols)
    assert proc == ["Add 1 eggs to b (up to its cap: the rest is lost).", "Take 2 food off b (or as many as it holds).",
                    "Pay 1 eggs from your board."]
