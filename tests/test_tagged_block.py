"""Tagged blocks (`for ACTION(args) { ... }`): the part of an effect a `forbid` modifier of its action
skips for the player it would affect (Dominion's Moat against any attack, not only a loss), on both
backends; the trace naming what stopped it; the printer, explain and the lints (W419, W420, W414)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_text
from rulebook.runtime.engine import Effect, Game

from .conftest import run_proc, the_one_error

PACK = """
counter cards from 0 to 10;
counter vp;
var warded: bool = false;
event attack(n: int);
event end_turn();
kind card { now: effect; }
card moat "Moat" { now { modifier you attack until end_turn { forbid; } } }
card lighthouse "Lighthouse" { now { modifier you attack once { forbid; } } }
card ward "Ward" { now { modifier you attack while warded { forbid; } } }
card bold "Bold" { now { modifier you attack { allow; } } }
card wall "Wall" { now { modifier opponents attack(n = 2) { forbid; } } }
proc militia(n: int) {
  gain 1 vp;
  each opponents {
    for attack(n) {
      lose 2 cards;
      gain 1 vp;
    }
  }
}
proc witch() { each opponents: for attack(1): gain 1 cards; }
proc shielded(): bool {
  for attack(1) { return false; }
  return true;
}
proc play(c: card) { copy c.now; }
proc finish() { emit end_turn(); }
proc set_ward(on: bool) { set warded = on; }
"""


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def game(request):
    g = Game(build_text(PACK, interpreted=request.param, name="t.rules"), 3, 1)
    for p in g.state.players:
        p.stock.update(cards=5)
    return g


def stock(g: Game, name: str) -> list[int]:
    return [p.stock[name] for p in g.state.players]


def play(g: Game, card: str, seat: int) -> None:
    run_proc(g, "play", g.program.entities[card], player=seat)


def test_without_modifiers_the_block_runs_for_each_player(game):
    run_proc(game, "militia", 1)
    assert stock(game, "cards") == [5, 3, 3] and stock(game, "vp") == [1, 1, 1]


def test_a_forbid_skips_the_block_for_its_owner_only_until_it_ends(game):
    play(game, "moat", seat=1)
    run_proc(game, "militia", 1)
    assert stock(game, "cards") == [5, 5, 3] and stock(game, "vp") == [1, 0, 1]   # the whole block skipped
    run_proc(game, "witch")
    assert stock(game, "cards") == [5, 5, 4]
    run_proc(game, "finish")
    run_proc(game, "militia", 1)
    assert stock(game, "cards") == [5, 3, 2]


def test_a_once_forbid_is_used_up_by_the_first_block_it_skips(game):
    play(game, "lighthouse", seat=2)
    run_proc(game, "militia", 1)
    assert stock(game, "cards") == [5, 3, 5] and not game.state.modifiers
    run_proc(game, "militia", 1)
    assert stock(game, "cards") == [5, 1, 3]


def test_a_forbid_while_a_condition_holds(game):
    play(game, "ward", seat=1)
    run_proc(game, "militia", 1)
    assert stock(game, "cards") == [5, 3, 3]
    run_proc(game, "set_ward", True, player=1)
    run_proc(game, "militia", 1)
    assert stock(game, "cards") == [5, 3, 1]


def test_an_allow_overrides_a_forbid_and_filters_choose_the_uses(game):
    play(game, "wall", seat=0)                  # Wall's owner's opponents are spared attacks with n = 2
    run_proc(game, "militia", 2, player=1)      # seat 0 owns it: not spared; seat 2 is
    assert stock(game, "cards") == [3, 5, 5]
    run_proc(game, "militia", 1, player=1)      # n = 1: not filtered
    assert stock(game, "cards") == [1, 5, 3]
    play(game, "bold", seat=2)                  # Bold allows it again for seat 2
    run_proc(game, "militia", 2, player=1)
    assert stock(game, "cards") == [0, 5, 1]


def test_a_return_inside_a_tagged_block(game):
    assert run_proc_value(game, "shielded", player=0) is False
    play(game, "moat", seat=0)
    assert run_proc_value(game, "shielded", player=0) is True


def run_proc_value(g: Game, name: str, player: int):
    gen = g.program.procs[name](g, g.state.players[player])
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        return stop.value


def test_the_trace_says_what_stopped_a_block(game):
    entries: list[Effect] = []
    game.tracer = entries.append
    play(game, "moat", seat=1)
    play(game, "lighthouse", seat=1)
    run_proc(game, "militia", 3)
    assert [e.describe() for e in entries if e.kind == "skip"] == ["P2: skip attack(3) (forbidden by Moat, Lighthouse)"]
    assert [e.where for e in entries if e.kind == "skip"] == ["t.rules:16:5"]   # the block, on both backends


# ---------------------------------------------------------------------------- printer, explain, lint


def test_the_printer_gives_tagged_blocks_back():
    out = format_text(PACK)
    assert "    for attack(n) {\n" in out and "each opponents: for attack(1): gain 1 cards;" in out
    assert parse_text(out) == parse_text(PACK)
    # without arguments, as a tagged loss: `for a` (the parentheses may be written)
    assert format_text("event a();\nproc p() { for a() { } }\n").endswith("proc p() {\n  for a {}\n}\n")


def test_explain_reads_a_tagged_block():
    decls = {getattr(d, "name", None): d for d in parse_text(PACK).items}
    lines = [line.strip() for line in reading(decls["militia"])]
    assert "For attack(n), unless a modifier forbids it to you (then skip this):" in lines


def test_a_typed_proc_ending_in_a_tagged_block_may_give_none_W414():
    found = [d for d in analyse_text(PACK.replace("  return true;\n", "")).diagnostics if d.code == "W414"]
    assert len(found) == 1 and "when this 'for attack' block is skipped" in found[0].message


def test_a_permission_of_an_action_nothing_is_tagged_with_is_W419():
    text = PACK + "event duel();\ncard peace \"Peace\" { now { modifier you duel { forbid; } } }\n"
    found = [d for d in analyse_text(text).diagnostics if d.code == "W419"]
    assert [d.span.line for d in found] == [PACK.count("\n") + 2]
    assert "nothing of the pack is tagged with 'duel', so this line forbids nothing" in found[0].message
    assert not [d for d in analyse_text(PACK).diagnostics if d.code in ("W419", "W420")]
    tagged = text + "proc q() { if allowed(duel()) { gain 1 vp; } }\n"   # `allowed(...)` consults it
    assert not [d for d in analyse_text(tagged).diagnostics if d.code == "W419"]


def test_a_tagged_block_for_a_for_each_player_is_W420():
    text = PACK + "proc q() { for each p in opponents { for attack(1) { set p.warded = true; } } }\n"
    found = [d for d in analyse_text(text).diagnostics if d.code == "W420"]
    assert len(found) == 1 and "not to 'p'" in found[0].message and "each p {" in found[0].hint
    fine = PACK + "proc q() { for each p in opponents { each p { for attack(1) { set warded = true; } } } }\n"
    assert not [d for d in analyse_text(fine).diagnostics if d.code == "W420"]


@pytest.mark.parametrize("body, code", [
    ("for attak(1) { gain 1 vp; }", "E206"),
    ("for attack(1, 2) { gain 1 vp; }", "E302"),
    ("for vp() { gain 1 vp; }", "E301"),
])
def test_misused_tagged_blocks_are_positioned_errors(body, code):
    the_one_error(analyse_text(PACK + "proc p() { " + body + " }"), code, line=PACK.count("\n") + 1)


# ---------------------------------------------------------------------------- the reference's Moat

def moat_example() -> str:
    from .test_docs import blocks
    return next(body for info, body, _line in blocks() if body.startswith("# Dominion: Militia gives +2 coins"))


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_the_references_moat_example_stops_militia_for_the_player_who_reveals_it(interpreted):
    text = moat_example() + """
zone box of card;
proc deal() {
  fill box with card where it is copper;
  each opponents: draw 4 from box to hand;
  each left: move moat to hand;
  each right: draw 1 from box to hand;
}
"""
    g = Game(build_text(text, interpreted=interpreted, name="moat.rules"), 3, 1)
    run_proc(g, "deal")   # P2: 4 Coppers and the Moat; P3: 5 Coppers
    asked = run_proc(g, "resolve", g.program.entities["militia"], answers=["yes"])
    # the Moat is a reaction (7.2a), asked from the attacker's left; P3's Coppers are one option
    # (`pick ... alike`): taken without asking
    assert [(d.player.name, d.prompt) for d in asked] == [("P2", "reveal Moat to be unaffected by the attack?")]
    assert [len(p.zones["hand"]) for p in g.state.players] == [0, 5, 3]
    assert g.state.players[0].stock["coin"] == 2 and not g.state.modifiers   # the Moat's forbid ended with the resolve


def test_the_editor_finds_the_action_of_a_tag_as_a_use_of_the_event():
    from rulebook.compiler.workspace import file_occurrences
    text = "event attack();\ncounter vp;\nproc p() { for attack() { gain 1 vp; } lose 1 vp for attack(); }\n"
    found = [(o.span.line, o.span.column, o.role) for o in file_occurrences(parse_text(text), text)
             if o.name == "attack"]
    assert found == [(1, 7, "decl"), (3, 16, "ref"), (3, 54, "ref")]


def test_W419_is_silent_for_a_lone_file(tmp_path):
    from rulebook.compiler.driver import analyse_file
    path = tmp_path / "peace.rules"   # another file of a pack could tag 'duel'
    path.write_text("event duel();\nproc peace() { modifier you duel { forbid; } }\n")
    assert not [d for d in analyse_file(path).diagnostics if d.code == "W419"]
