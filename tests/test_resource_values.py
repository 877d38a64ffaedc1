"""Resources as values: a group as the list of its resources, typed `let`, a field holding a resource
named by gain/lose, a group without a cap, and `lose N any(GROUP) at random`."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.record import record, replay

from .conftest import (both_built, found_at, printed_back, rules_program, rules_programs, run_proc,
                       the_one_error)


def read(text: str, name: str) -> list[str]:
    """The plain-language reading of one declaration of `text`."""
    symbols = analyse_text(text).symbols
    return reading(symbols.decls[name], symbols)

HEAD = """
resource brick;
resource wool;
resource ore;
counter vp;
"""


def test_amount_of_a_number_is_a_lint_error_not_a_keyerror():
    # each name in a list literal is the player's amount: amount() of it used to stop play with KeyError: 0
    text = HEAD + 'proc p() { pick r from [brick, wool] where amount(r) > 0 "which?" { gain 1 vp; } }\n'
    result = analyse_text(text)
    the_one_error(result, "E303", "amount() takes a resource or counter, and r is a number", line=6)
    assert "group" in result.diagnostics[0].hint
    assert ("E303", 6, 51) in found_at(text)


def test_amount_of_a_resource_parameter_is_fine():
    assert found_at(HEAD + "func f(r: resource) = amount(r) + wool;\nproc p() { gain f(ore) vp; }\n") == []


GROUPED = HEAD + """
resource grain;
group cards "Resource cards" { brick, wool, ore, grain }
"""

program = rules_programs(GROUPED)


def test_a_group_is_the_list_of_its_resources_in_order(program):
    body = """
      gain 2 wool; gain 1 grain;
      for each r in cards where amount(r) > 0 { say "{r}"; gain 1 vp; }
      gain 10 * count(r in cards where amount(r) > 0 and r != wool) vp;
      pick r from cards where amount(r) > 0 "which?" { gain 100 * amount(r) vp; lose 1 r; }
    """
    g = Game(program(f"proc p() {{ {body} }}"), 2, 1)
    run_proc(g, "p", answers=["grain"])
    p1 = g.state.players[0]
    assert p1.stock["vp"] == 2 + 10 + 100 and p1.stock["grain"] == 0 and p1.stock["wool"] == 2


def test_amount_of_a_group_is_its_members_sum(program):
    g = Game(program("proc p() { gain 2 wool; gain 3 ore; gain amount(cards) + 10 * total(r in cards, amount(r)) vp; }"),
             2, 1)
    run_proc(g, "p")
    assert g.state.players[0].stock["vp"] == 5 + 50


def test_a_group_without_a_cap_caps_nothing(program):
    g = Game(program("proc p() { gain 50 wool; gain 60 ore; pay 3 any(cards); gain amount(left, cards) vp; }"), 2, 1)
    run_proc(g, "p", answers=["wool", "wool", "ore"])
    p1 = g.state.players[0]
    assert (p1.stock["wool"], p1.stock["ore"], p1.stock["vp"]) == (48, 59, 0)


def test_a_group_without_a_cap_prints_back_and_reads():
    _module, printed = printed_back('resource a;\nresource b;\ngroup g "G" { a, b }\ngroup h cap 3 { a }\n')
    assert 'group g "G" { a, b }' in printed and "group h cap 3 { a }" in printed
    assert "no cap" in read(GROUPED, "cards")[0]


def test_a_list_literal_of_resources_is_still_amounts():
    # one rule: a group names resources as values; [brick, wool] is the player's amounts, which W521 says at
    # the loop (branch trial16) and E303 at the gain of a number
    text = HEAD + "proc p() { for each r in [brick, wool] { gain 1 r; } }\n"
    assert [c for c, _l, _c in found_at(text)] == ["W521", "E303"]


def test_typed_let_holds_the_resource_itself(program):
    body = """
      let r: resource = if x then wool else brick;
      let c: counter = vp;
      gain 2 r;
      gain 1 c;
      if r == wool { gain 10 vp; }
    """
    g = Game(program(f"proc p(x: bool) {{ {body} }}"), 2, 1)
    run_proc(g, "p", True)
    p1 = g.state.players[0]
    assert (p1.stock["wool"], p1.stock["brick"], p1.stock["vp"]) == (2, 0, 11)


def test_untyped_let_of_a_resource_is_an_amount_and_the_hint_says_the_typed_let():
    result = analyse_text(HEAD + "proc p() { let r = wool; gain 1 r; }\n")
    the_one_error(result, "E303", "local 'r' here (declared on line 6) is a number")
    assert "'let r: resource = ...;'" in result.diagnostics[0].hint


def test_typed_let_misuse():
    assert [c for c, _l, _c in found_at(HEAD + "proc p() { let r: resource = 3; gain 1 r; }\n")] == ["E303"]
    assert [c for c, _l, _c in found_at(HEAD + "proc p() { let r: resource = nowhere; gain 1 r; }\n")] == ["E202"]
    assert [c for c, _l, _c in found_at(HEAD + "proc p() { let r: bogus = 3; }\n") if c.startswith("E")] == ["E201"]


def test_typed_let_prints_back_and_reads():
    text = HEAD + "proc p(x: bool) {\n  let r: resource = if x then wool else brick;\n  gain 1 r;\n}\n"
    module, printed = printed_back(text)
    assert "let r: resource = if x then wool else brick;" in printed
    assert read(text, "p")[:2] == ["Let r, a resource, be wool if x, otherwise brick.",
                                   "Gain 1 of the resource held by r."]


def test_gain_of_a_field_holding_a_resource_gains_it():
    """`gain 1 h.yields;` gains the resource the card's field holds (wins21: `gain N X.FIELD`), as the local did."""
    text = "resource wool;\nkind hex { yields: resource; }\nhex h1 { yields = wool; }\nproc p(h: hex) { gain 1 h.yields; }\n"
    assert found_at(text) == []
    assert found_at(text.replace("gain 1 h.yields;", "let y = h.yields; gain 1 y;")) == []


STEAL = GROUPED + """
proc steal(v: player) {
  let thief = you;
  each v: lose 1 any(cards) at random to thief;
}
proc hand(n: int) { gain n wool; gain 1 ore; }
"""

steal_program = rules_program(STEAL)


def stolen(program, seed: int, wool: int = 9) -> tuple:
    g = Game(program, 2, seed)
    run_proc(g, "hand", wool, player=1)
    run_proc(g, "steal", g.state.players[1])
    p1, p2 = g.state.players
    return g, (p1.stock["wool"], p1.stock["ore"]), (p2.stock["wool"], p2.stock["ore"])


def test_a_random_loss_moves_one_card_weighted_by_what_the_victim_holds(steal_program):
    ores = 0
    for seed in range(1, 201):
        g, mine, theirs = stolen(steal_program, seed)
        assert sum(mine) == 1 and sum(theirs) == 9 and g.log == [["pick", "cards", g.log[0][2]]]
        assert (g.log[0][2] == 9) == (mine == (0, 1))   # units in order: wool 0..8, then ore 9
        ores += mine[1]
    assert 8 <= ores <= 40   # 1 card in 10 is the ore


def test_both_backends_lose_alike_and_nothing_is_drawn_from_an_empty_hand():
    compiled, interpreted = both_built(STEAL)
    for seed in (1, 2, 3, 7):
        assert stolen(compiled, seed)[1:] == stolen(interpreted, seed)[1:]
    g, mine, theirs = stolen(compiled, 1, wool=0)
    assert g.log == [["pick", "cards", 0]] and mine == (0, 1)
    run_proc(g, "steal", g.state.players[1])
    assert len(g.log) == 1 and g.state.players[0].stock["ore"] == 1


def test_losing_more_than_held_loses_all_and_the_trace_says_what(program):
    g = Game(program("proc p() { gain 2 wool; gain 1 brick; lose 5 any(cards) at random; }"), 2, 3)
    trace = []
    g.tracer = trace.append
    run_proc(g, "p")
    said = [e.describe() for e in trace]
    assert sum(g.state.players[0].stock[r] for r in ("wool", "brick")) == 0 and len(g.log) == 3
    assert "P1: lost at random: brick" in said and any("no cards to lose at random" in s for s in said)


def test_a_random_loss_replays_and_a_changed_draw_diverges():
    program = build_text(STEAL + """
game g { seats 2 to 2; phase play { each players: gain 3 wool; pick i from 1..5 "how many?" { } steal(left); }
  winner most vp; }
""")
    g = Game(program, 2, 4, make_agents("random", 2, 4))
    g.play()
    log = record(g)
    assert replay(program, log).state.digest() == g.state.digest()
    entries = [list(e) for e in log.entries]
    i = next(i for i, e in enumerate(entries) if e[0] == "pick")
    entries[i][2] += 1
    with pytest.raises(RulesRuntimeError) as err:
        replay(program, log.model_copy(update={"entries": [tuple(e) for e in entries]}))
    assert err.value.code == "E603"


def test_random_loss_misuse():
    codes = lambda body: [c for c, _l, _c in found_at(GROUPED + f"proc p(_v: player) {{ {body} }}\n")]  # noqa: E731
    assert codes("lose 1 any(nope) at random;") == ["E202"]
    assert codes("lose 1 any(wool) at random;") == ["E301"]
    assert codes("lose 1 any(cards) at random to 3;") == ["E303"]
    assert codes("lose true any(cards) at random;") == ["E303"]
    assert codes("lose -1 any(cards) at random;") != []
    assert "E100" in [d.code for d in analyse_text(GROUPED + "proc p() { lose 1 any(cards) at once; }\n").diagnostics]


def test_random_loss_prints_back_and_reads():
    _module, printed = printed_back(STEAL)
    assert "each v: lose 1 any(cards) at random to thief;" in printed
    assert read(STEAL, "steal")[-1].strip() == ("Lose 1 of your resource cards drawn at random, each one held as "
                                                "likely as another, and thief gains each one.")


def test_a_group_where_a_number_is_meant_hints_at_its_sum():
    for body in ("if cards > 3 { gain 1 vp; }", "gain cards vp;"):
        result = analyse_text(GROUPED + f"proc p() {{ {body} }}\n")
        the_one_error(result, "E303")
        assert result.diagnostics[0].hint.endswith("amount(cards)")


TITLED = HEAD.replace("resource brick;", 'resource brick "Brick";').replace("resource wool;", 'resource wool "Wool";') + """
group cards { brick, wool, ore }
var chosen global: resource = ore;
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_resource_picked_from_a_group_shows_by_its_title(interpreted):
    from rulebook.runtime.view import build_view, value_text
    text = TITLED + 'proc p() { pick r from cards "which?" { gain 1 r; set chosen = r; say "took {r}"; } }\n'
    g = Game(build_text(text, interpreted=interpreted), 2, 1)
    lines = []
    g.tracer = lines.append
    asked = run_proc(g, "p", answers=["Brick"])
    assert asked[0].options == ["Brick", "Wool", "ore"]   # a resource without a title: its name
    assert g.state.players[0].stock["brick"] == 1 and g.messages[-1].endswith("took Brick")
    assert ("say", "took Brick") in [(e.kind, e.what) for e in lines]
    view = build_view(g, 0)
    assert value_text(g.state.gvars["chosen"], view) == "Brick" and value_text("ore", view) == "ore"
