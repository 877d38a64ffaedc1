"""`reset NAME, ...;` and `reset FIELD, ... of KIND;`: vars, counters and the fields of every entity of
a kind back to their initial values between hands, on both backends; `fill ZONE with KIND;` gathering
every card back (E381 for a zone that cannot hold it); the checker's E379, E380, W457; fmt and explain;
the Crew audit's deal() written with them (tests/packs/crew_reset)."""

from __future__ import annotations

from pathlib import Path

from rulebook.compiler.driver import analyse, analyse_text
from rulebook.compiler.explain import explain
from rulebook.compiler.workspace import file_occurrences
from rulebook.dsl.parser import parse_text

from .conftest import (Game, found_at, printed_back, random_games_agree, rules_program, run_proc,
                       the_one_error, played)

PACK = """
enum suit { hearts, spades }
kind card { suit: suit; rank: int; shown marked: bool = false; won_by: player = none; pips: int[suit] = 0; }
card heart "Heart {rank}" * 4 { suit = hearts; rank = copy_number; }
card spade "Spade {rank}" * 4 { suit = spades; rank = copy_number; marked = true; }
kind goal per_player { done: bool = false; }
goal slam "Slam" { }
zone deck of card secret;
zone hand per_player of card hidden;
zone tricks per_player of card;
zone goals per_player of goal;
var passed "Passed": bool = false;
var trumps "Trumps" global: suit = hearts;
counter tricks_taken "Tricks";
counter hand_no "Hand" global from 1 to 9 start 1;
counter seen[suit] global;
proc deal() {
  fill deck with card;
  reset marked, won_by, pips of card;
  reset goal;
  reset passed, trumps, tricks_taken, hand_no, seen;
  shuffle deck;
  each players: draw 2 from deck to hand;
}
proc play_out() {
  each players {
    fill goals with goal;
    for each c in hand { set c.marked = not c.marked; set c.won_by = you; set c.pips[spades] = 4; }
    move all of hand to tricks;
    for each g in goals { set g.done = true; }
    set passed = true; gain 2 tricks_taken;
  }
  set trumps = spades; set hand_no = 5; gain 3 seen[hearts];
  look first(deck);
}
game whist {
  seats 2 to 3;
  phase setup { deal(); }
  phase play { repeat 2 { play_out(); deal(); } }
  winner most tricks_taken;
}
"""

program = rules_program(PACK)


def fields_of(g: Game, name: str) -> dict:
    e = g.program.entities[name]
    return {f: g.field(e, f) for f in ("marked", "won_by", "pips[spades]")}


def test_reset_puts_vars_counters_and_fields_back_as_the_game_started(program):
    g = Game(program, 2, 1)
    run_proc(g, "deal")
    run_proc(g, "play_out")
    p1 = g.state.players[0]
    assert p1.vars["passed"] is True and p1.stock["tricks_taken"] == 2 and g.state.globals["hand_no"] == 5
    assert g.field(g.program.entities["spade"], "marked") is False and g.state.known   # P1 looked at a card
    run_proc(g, "deal")
    assert p1.vars["passed"] is False and g.state.gvars["trumps"] == "hearts" and p1.stock["tricks_taken"] == 0
    assert g.state.globals["hand_no"] == 1 and g.state.globals["seen[hearts]"] == 0   # its start; every element
    # each card as it was declared (a spade starts marked), wherever it was
    assert fields_of(g, "spade") == {"marked": True, "won_by": None, "pips[spades]": 0}
    assert fields_of(g, "heart#2") == {"marked": False, "won_by": None, "pips[spades]": 0}
    slam = g.program.entities["slam"]
    assert all(g.field(copy, "done") is False for copy in slam.copies.values())   # every player's copy
    assert sum(len(h.zones["hand"]) for h in g.state.players) == 4 and not g.state.known   # looked at: forgotten


def test_random_games_agree_on_both_backends():
    random_games_agree(PACK, seeds=range(1, 4), counts=(2, 3))


def test_the_crew_deal_with_fill_and_reset_has_no_copies_left():
    pack = Path(__file__).parent / "packs" / "crew_reset"
    text = (pack / "main.rules").read_text()
    deal = text[text.index("proc deal()"):text.index("\n}\n", text.index("proc deal()"))]
    assert "move all of" not in deal and "for each c" not in deal and "for each t" not in deal
    assert "reset token of card;" in deal and "fill deck with card;" in deal
    assert [d.code for d in analyse(str(pack)).diagnostics] == []
    random_games_agree(text, seeds=(1, 2), counts=(3,))


def test_misuse_is_positioned():
    head = PACK.split("proc deal()")[0]
    cases = {
        "reset deck;": ("E379", "'deck' is a zone"),
        "reset nothing_here;": ("E379", "nothing_here"),
        "reset rank of card;": ("E380", "no default"),
        "reset colour of card;": ("E379", "colour"),
        "reset marked of suit;": ("E379", "suit"),
        "let x = 1; reset x;": ("E379", "a local"),
    }
    for stmt, (code, words) in cases.items():
        result = analyse_text(head + f"proc p() {{\n  {stmt}\n}}\n")
        the_one_error(result, code, words, line=head.count("\n") + 2)


def test_a_kind_with_nothing_to_reset_is_w457():
    text = PACK.split("proc deal()")[0] + "kind coin { value: int; }\ncoin c { value = 1; }\nproc p() { reset coin; }\n"
    assert [f for f in found_at(text) if f[0] == "W457"] == [("W457", text.count("\n"), 12)]


def test_fill_into_a_zone_that_cannot_hold_the_kind_is_e381():
    base = PACK.split("proc deal()")[0]
    the_one_error(analyse_text(base + "proc p() {\n  fill goals with card;\n}\n"), "E381", "a zone of goal")
    # a shared zone of per-player cards is E652 where it is declared (trial30), and filling it E381 where it is filled
    head = base + "zone pool of goal;\n"
    found = sorted((d.code, d.span.line) for d in analyse_text(head + "proc p() {\n  fill pool with goal;\n}\n").diagnostics
                   if d.severity == "error")
    assert found == [("E381", head.count("\n") + 2), ("E652", head.count("\n"))]


def test_printed_back_and_read_in_words():
    text = PACK.split("game whist")[0]
    module, printed = printed_back(text)
    assert "  reset marked, won_by, pips of card;\n  reset goal;\n  reset passed, trumps, tricks_taken, hand_no, seen;\n" \
        in printed
    deal = next(d for d in module.items if getattr(d, "name", None) == "deal")
    lines = [line.strip() for line in explain(deal)]
    assert "Put the marked, won_by and pips of every card back as declared." in lines
    assert any(line.startswith("Put passed, trumps, tricks taken, hand no and seen back as they were at the start") for line in lines)


def test_the_editor_finds_the_names_a_reset_writes():
    text = PACK.split("game whist")[0]
    found = [(o.name, o.role, o.kind) for o in file_occurrences(parse_text(text, "a.rules"), text)
             if o.span.line == text[:text.index("reset marked")].count("\n") + 1 or
             o.span.line == text[:text.index("reset passed")].count("\n") + 1]
    assert found == [("marked", "field", "card"), ("won_by", "field", "card"), ("pips", "field", "card"),
                     ("card", "ref", None), ("passed", "ref", None), ("trumps", "ref", None),
                     ("tricks_taken", "ref", None), ("hand_no", "ref", None), ("seen", "ref", None)]


def test_reset_is_contextual():
    module = parse_text("proc reset(n: int) {}\nproc p() { reset(1); }\ncounter x;\nproc q() { reset x; }\n", "a.rules")
    assert [type(s).__name__ for s in module.items[1].body] == ["CallStmt"]
    assert [type(s).__name__ for s in module.items[3].body] == ["Reset"]


def test_a_whole_game_ends(program):
    assert played(program, 4, 3).result()["over"]


def test_the_fields_of_a_kind_are_put_back_from_a_plan_made_once(program):
    # resetcost: `reset ... of KIND;` sets the fields of a kind that is not per-player from one tuple
    # of (entity, field, declared value) in declaration order, worked out at the first reset (a loop
    # and two iterators per entity cost 7 Wonders 1.8% of a game); a per-player kind walks its copies
    g = Game(program, 2, 1)
    calls = []
    set_field = g.set_field
    g.set_field = lambda e, name, value: (calls.append((e.name, name)), set_field(e, name, value))
    run_proc(g, "deal")
    cards = [e.name for e in program.kinds["card"]]
    plans = program._reset_plans
    card_fields = next(k for k in plans if k[0][0] == "card")
    names = card_fields[0][1]   # marked, won_by and each element of pips
    # entity by entity in declaration order, field by field: the order of the walk it replaces
    assert calls[:len(cards) * len(names)] == [(c, f) for c in cards for f in names]
    plan = plans[card_fields]
    assert [(e.name, f) for e, f, _v in plan] == [(c, f) for c in cards for f in names]
    assert all(value is e.fields[f] for e, f, value in plan)
    assert plans[(("goal", ("done",)),)] is None   # per-player: its copies are made during play
    run_proc(g, "deal")
    assert plans[card_fields] is plan   # not worked out again
    # the goal and each copy made so far (by this program's earlier games), at each of the two deals
    assert sum(1 for e, _ in calls if e.startswith("slam")) == 2 * (1 + len(program.entities["slam"].copies))


def test_a_reset_of_a_per_player_kind_touches_only_this_games_copies(program):
    # copies of a per-player entity are shared by every game of a program: a 3-player game played
    # after a 4-player one must not reset (and so give state to) the fourth seat's copy
    fresh = Game(program, 2, seed=3)
    fresh.play()
    Game(program, 3, seed=3).play()   # makes P3's copies of the goal
    again = Game(program, 2, seed=3)
    again.play()
    assert again.state.digest() == fresh.state.digest()
