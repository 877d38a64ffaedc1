"""Tagged losses (`lose N RES for ACTION(args);`) and the modifier lines that change them (`lose +N;`,
`lose -N;`, `lose = N;`, `forbid;`), on both backends: King of Tokyo's Armor Plating and Acid
Attack, Dominion's Moat; the trace naming what a modifier changed (gains too); the printer, explain,
lint (W416) and the hot path's untouched untagged loss."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_text
from rulebook.runtime.engine import Effect, Game
from rulebook.runtime.state import State

from .conftest import run_proc, the_one_error

PACK = """
resource coin;
resource debt;
counter health from 0 to 10;
counter vp;
event damage(n: int);
event festival();
kind card { now: effect; }
card armor "Armor Plating" { now { modifier you damage(n = 1) { lose = 0; } } }
card acid "Acid Attack" { now { modifier opponents damage { lose +1; } } }
card shield "Shield" { now { modifier you damage { lose -2; } } }
card moat "Moat" { now { modifier you damage once { forbid; } } }
card fair "Fairground" { now { modifier you festival { gain +1; } } }
proc hit(n: int) { lose n health for damage(n); }
proc hit_or_debt(n: int) { lose n coin else debt for damage(n); }
proc plain(n: int) { lose n health; }
proc fest() { gain 3 vp for festival(); }
proc play(c: card) { copy c.now; }
"""


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def game(request):
    g = Game(build_text(PACK, interpreted=request.param, name="t.rules"), 2, 1)
    for p in g.state.players:
        p.stock.update(health=10, coin=5)
    return g


def health(g: Game, seat: int = 0) -> int:
    return g.state.players[seat].stock["health"]


def play(g: Game, card: str, seat: int = 0) -> None:
    run_proc(g, "play", g.program.entities[card], player=seat)


def traced(g: Game) -> list[Effect]:
    entries: list[Effect] = []
    g.tracer = entries.append
    return entries


def test_without_modifiers_a_tagged_loss_is_a_loss(game):
    run_proc(game, "hit", 3)
    assert health(game) == 7


def test_an_opponents_extra_damage_and_armor_plating(game):
    play(game, "acid", seat=1)                  # Acid Attack: the opponents of its owner lose 1 more
    run_proc(game, "hit", 2)
    assert health(game) == 7
    run_proc(game, "hit", 2, player=1)          # its owner is no opponent of itself
    assert health(game, 1) == 8
    play(game, "armor")                         # `lose = 0` for damage of 1, then Acid's +1
    run_proc(game, "hit", 1)
    assert health(game) == 6
    run_proc(game, "hit", 2)                    # (n = 1) does not match damage of 2
    assert health(game) == 3


def test_a_reduction_never_goes_below_zero_and_a_loss_of_zero_is_none(game):
    play(game, "shield")
    run_proc(game, "hit", 1)                    # 1 - 2: nothing lost, never a gain
    assert health(game) == 10
    play(game, "acid", seat=1)
    run_proc(game, "hit", 0)                    # a loss of 0 is none: Acid Attack adds nothing to it
    assert health(game) == 10


def test_a_forbidden_loss_does_not_happen_and_a_once_forbid_is_used_up(game):
    play(game, "moat")
    run_proc(game, "hit", 4)                    # no E606: the player is unaffected
    assert health(game) == 10 and not game.state.modifiers
    run_proc(game, "hit", 4)
    assert health(game) == 6


def test_a_tagged_loss_with_debt_is_changed_first(game):
    play(game, "acid", seat=1)
    asked = run_proc(game, "hit_or_debt", 1, answers=[1])   # 2 to lose: pay 1 coin, take 1 debt
    assert asked[0].prompt == "lose 2 coin"
    stock = game.state.players[0].stock
    assert (stock["coin"], stock["debt"]) == (4, 1)
    play(game, "moat")
    assert run_proc(game, "hit_or_debt", 3) == [] and stock["coin"] == 4   # forbidden: nothing asked


def test_an_untagged_loss_is_not_changed(game):
    play(game, "acid", seat=1)
    run_proc(game, "plain", 2)
    assert health(game) == 8


def test_the_trace_says_what_modifiers_changed_a_loss_and_a_gain(game):
    entries = traced(game)
    play(game, "acid", seat=1)
    play(game, "shield")
    play(game, "fair")
    run_proc(game, "hit", 3)
    run_proc(game, "fest")
    run_proc(game, "plain", 1)
    assert [e.describe() for e in entries if e.kind in ("gain", "lose")] == [
        "P1: lose 2 health (3, +1 by Acid Attack, -2 by Shield)",
        "P1: gain 4 vp (3, +1 by Fairground)",
        "P1: lose 1 health",
    ]
    play(game, "moat")
    entries.clear()
    run_proc(game, "hit", 3)
    assert [e.describe() for e in entries if e.kind == "lose"] == ["P1: lose 0 health (3, forbidden by Moat)"]


def test_lose_modifiers_are_saved_and_read_back(game):
    play(game, "acid", seat=1)
    data = game.state.to_json()
    assert data["modifiers"][0][9] == [["lose", "+", 1]]
    assert State.from_json(data, game.program.entities).to_json() == data


# ---------------------------------------------------------------------------- printer, explain, lint


def test_the_printer_gives_tagged_losses_and_lose_lines_back():
    out = format_text(PACK)
    assert "lose n coin else debt for damage(n);" in out and "lose = 0;" in out and "lose -2;" in out
    assert parse_text(out) == parse_text(PACK)


def test_explain_reads_a_tagged_loss_and_a_lose_line():
    module = parse_text(PACK)
    decls = {getattr(d, "name", None): d for d in module.items}
    assert reading(decls["hit"])[1].strip() == "(for damage(n): modifiers may change it)."
    assert "The loss is increased by 1." in [line.strip() for line in reading(decls["acid"])]
    assert "The loss becomes 0." in [line.strip() for line in reading(decls["armor"])]


def test_a_lose_line_of_an_action_no_loss_is_tagged_with_is_W416():
    text = PACK.replace("lose n health for damage(n);", "lose n health;").replace(" for damage(n);", ";")
    found = [d for d in analyse_text(text).diagnostics if d.code == "W416"]
    assert [d.span.line for d in found] == [9, 10, 11]   # Armor Plating, Acid Attack, Shield (Moat forbids)
    assert "no loss of the pack is tagged with 'damage'" in found[0].message
    assert not [d for d in analyse_text(PACK).diagnostics if d.code == "W416"]


@pytest.mark.parametrize("body, code", [
    ("lose 1 health for damag(1);", "E206"),
    ("lose 1 health for damage(1, 2);", "E302"),
    ("modifier you damage { lose +(coin > 1); }", "E303"),
    ("modifier you damage { forbid; lose -1; }", "E311"),
])
def test_misused_tagged_losses_are_positioned_errors(body, code):
    the_one_error(analyse_text(PACK + "proc p() { " + body + " }"), code, line=PACK.count("\n") + 1)


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_tagged_loss_of_a_supplied_resource_goes_back_to_its_bank(interpreted):
    text = ("resource ruby supply 9;\nevent theft();\nkind card { now: effect; }\n"
            "card thief \"Thief\" { now { modifier opponents theft { lose +1; } } }\n"
            "proc play(c: card) { copy c.now; }\nproc p() { gain 4 ruby; lose 2 ruby for theft(); }\n")
    g = Game(build_text(text, interpreted=interpreted), 2, 1)
    run_proc(g, "play", g.program.entities["thief"], player=1)
    run_proc(g, "p")
    assert g.state.players[0].stock["ruby"] == 1 and g.state.supply["ruby"] == 8
