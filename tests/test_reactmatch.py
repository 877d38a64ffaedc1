"""Reactions and windows as the seat sees its cards, cover of a kind's slots and of match expressions,
E217's slot candidates, a range case on none, and the Agricola leftovers (an over-cap choice, `**`,
`space` and `affordable` as names): both backends where it is play."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.engine import Game

from .conftest import random_games_agree, replays_through_json, run_proc

backends = pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])


def vp(g: Game) -> list[int]:
    return [p.stock["vp"] for p in g.state.players]


# ---------------------------------------------------------------- 1. windows and reactions follow the zone

# Pandemic-like events (for illustration): each may be played at any window from the hand; an Outbreak
# lets a holder play one at once.
EVENTS = """
counter vp;
event outbreak();
kind event_card "Event" {
  play: effect;
  anytime in hand { move this to discards; copy this.play; }
}
zone box of event_card;
zone hand per_player of event_card hidden;
zone discards of event_card;
event_card airlift "Airlift" * 2 { play { gain 2 vp; } }
event_card grant "Government Grant" { play { gain 3 vp; } }
event_card forecast "Forecast" * 2 {
  play { gain 1 vp; }
  whenever opponents outbreak in hand may "play Forecast?" { move this to discards; gain 1 vp; }
}
proc fill_box() { fill box with event_card; }
proc take(c: event_card) { move c to hand; }
proc show(c: event_card) { reveal c; }
proc turn() { window; }
proc spread() { emit outbreak(); }
"""
EVENTS_GAME = """
game g {
  seats 2 to 3;
  phase setup { fill_box(); shuffle box; each players { draw 2 from box to hand; } }
  phase play { repeat 2 { each players { turn(); spread(); } } }
  winner most vp;
}
"""


def events(interpreted: bool, *cards: str, seat: int = 0) -> Game:
    g = Game(build_text(EVENTS, interpreted=interpreted, name="t.rules"), 2, 1)
    run_proc(g, "fill_box")
    for card in cards:
        run_proc(g, "take", g.program.entities[card], player=seat)
    return g


def hand(g: Game, seat: int = 0) -> list[str]:
    return [e.name for e in g.state.players[seat].zones["hand"]]


@backends
def test_a_window_offers_the_cards_in_the_order_of_the_hand(interpreted):
    g = events(interpreted, "grant", "airlift#2", "airlift")
    asked = run_proc(g, "turn", player=1, answers=["Airlift", "pass"])
    assert asked[0].options == ["Government Grant", "Airlift", "pass"]   # the two Airlifts alike: one option
    assert hand(g) == ["grant", "airlift"] and vp(g) == [2, 0]   # the first Airlift in the hand was played
    g = events(interpreted, "airlift", "grant")
    assert run_proc(g, "turn", player=1, answers=["pass"])[0].options == ["Airlift", "Government Grant", "pass"]


@backends
def test_copies_told_apart_in_a_window_are_placed_as_in_the_hand_never_by_copy_number(interpreted):
    g = events(interpreted, "airlift#2", "airlift")
    run_proc(g, "show", g.program.entities["airlift"])   # the second in the hand is revealed: no longer alike
    asked = run_proc(g, "turn", player=1, answers=["Airlift (1 of 2)", "pass"])
    assert asked[0].options == ["Airlift (1 of 2)", "Airlift (2 of 2)", "pass"]
    assert hand(g) == ["airlift"]   # the first in the hand, copy 2, was played
    g = events(interpreted, "airlift", "airlift#2")
    run_proc(g, "show", g.program.entities["airlift#2"])
    run_proc(g, "turn", player=1, answers=["Airlift (2 of 2)", "pass"])
    assert hand(g) == ["airlift"]


@backends
def test_one_holder_s_alike_reactions_go_as_their_cards_lie_in_the_hand(interpreted):
    g = events(interpreted, "forecast#2", "grant", "forecast")
    asked = run_proc(g, "spread", player=1, answers=["yes", "no"])
    assert [d.prompt for d in asked] == ["play Forecast?"] * 2
    assert hand(g) == ["grant", "forecast"] and vp(g) == [1, 0]   # the first Forecast in the hand answered
    g = events(interpreted, "forecast", "forecast#2")
    run_proc(g, "spread", player=1, answers=["yes", "no"])
    assert hand(g) == ["forecast#2"]


def test_whole_games_with_windows_in_the_hand_s_order_agree_and_replay():
    random_games_agree(EVENTS + EVENTS_GAME, seeds=range(1, 5), counts=(2, 3))
    replays_through_json(build_text(EVENTS + EVENTS_GAME), 3)


# ---------------------------------------------------------------- 2. cover: a kind's reaction, card by card

KIND_REACTION = """
counter vp;
event outbreak();
kind event_card "Event" {
  play: effect;
  whenever opponents outbreak in hand may "play it now?" { move this to discards; copy this.play; }
}
zone box of event_card;
zone hand per_player of event_card hidden;
zone discards of event_card;
event_card airlift "Airlift" * 2 { play { gain 2 vp; } }
event_card grant "Government Grant" { play { gain 3 vp; } }
proc deal() { fill box with event_card where it is grant; each players { draw 1 from box to hand; } }
game g {
  seats 2 to 3;
  phase setup { deal(); }
  phase play { repeat 2 { each players { emit outbreak(); } } }
  winner most vp;
}
"""


@pytest.mark.parametrize("branches", [False, True], ids=["rules", "branches"])
def test_cover_counts_a_kind_s_reaction_for_each_card_that_fired_it(branches):
    from rulebook.runtime.coverage import cover_games
    program = build_text(KIND_REACTION, name="t.rules")
    points = {"t.rules:99:1": ("if branch", "never")} if branches else None
    total, missing = cover_games(program, [2], range(1, 3), [[]], "random", points).report()["event_card"]
    assert "grant whenever outbreak in hand" not in missing   # the Grant was dealt and fired
    assert "airlift whenever outbreak in hand" in missing     # no Airlift was ever dealt
    assert total == 4   # each card's effect and reaction


# ---------------------------------------------------------------- 3. E217 names a card's slots too

SLOTS = """
counter vp;
event outbreak();
kind event_card "Event" {
  play: effect;
  anytime in hand { move this to discards; copy this.play; }
}
zone hand per_player of event_card hidden;
zone discards of event_card;
event_card airlift "Airlift" {
  play { gain 2 vp; }
  whenever opponents outbreak in hand may "play it now?" { gain 1 vp; }
}
"""


@pytest.mark.parametrize("house, message, hint, at", [
    ("amend airlift.anytime { }", "'airlift' has no effect 'anytime'",
     "did you mean 'anytime in hand'? a slot is amended whole, named by its event and zones: "
     "'amend airlift { anytime in hand { base(); ... } }'", "airlift"),
    ("amend airlift.outbreak { }", "'airlift' has no effect 'outbreak'",
     "did you mean 'whenever outbreak in hand'? a slot is amended whole, named by its event and zones: "
     "'amend airlift { whenever outbreak in hand { base(); ... } }'", "airlift"),
    ("amend airlift.plai { }", "'airlift' has no effect 'plai'", "did you mean 'play'?", "airlift"),
    ("amend airlift.zzz { }", "'airlift' has no effect 'zzz'",
     "'airlift' has effects 'play'; slots 'whenever outbreak in hand', 'anytime in hand'", "airlift"),
    ("amend event_card { play { gain 1 vp; } }", "amending 'event_card' takes",
     "'play' is an effect each card gives: amend it in a card ('amend airlift { play { ... } }'), or give every "
     "card a slot ('anytime in ZONE { ... }', 'whenever EVENT in ZONE { ... }')", "play {"),
    ("amend event_card { anytme = 1; }", "amending 'event_card' takes",
     "did you mean 'anytime in hand'? a slot is amended whole, named by its event and zones: "
     "'amend event_card { anytime in hand { base(); ... } }'", "anytme"),
    ("amend airlift { x: int; }", "a slot ('whenever EVENT in ZONE { ... }', 'anytime in ZONE { ... }')",
     "'airlift' has effects 'play'; slots 'whenever outbreak in hand', 'anytime in hand'", "x:"),
])
def test_e217_offers_a_card_s_and_a_kind_s_slots_as_well_as_its_fields(house, message, hint, at):
    found = [d for d in analyse_text(SLOTS + house + "\n", "t.rules").diagnostics if d.severity == "error"]
    assert [d.code for d in found] == ["E217"] and message in found[0].message and found[0].hint == hint
    assert (found[0].span.line, found[0].span.column) == (SLOTS.count("\n") + 1, house.index(at) + 1)


# ---------------------------------------------------------------- 4. a range case on none

NONE_RANGE = """
counter vp;
counter banked;
proc banked_points(): int { if banked > 0 { return banked; } }
proc by_band() { let n = banked_points(); gain match n { 1..4: 1, 5..: 2, else: 7 } vp; }
proc by_arm() { let n = banked_points(); match n { 1..4 { gain 1 vp; } 5.. { gain 2 vp; } else { gain 5 vp; } } }
proc none_first() { let n = banked_points(); gain match n { 1..4: 1, none: 4, else: 9 } vp; }
proc no_else() { let n = banked_points(); gain match n { 1..4: 1, 5..: 2 } vp; }
proc quiet() { let n = banked_points(); match n { 1..4 { gain 1 vp; } } }
"""


@backends
@pytest.mark.parametrize("proc, banked, gained", [
    ("by_band", 0, 7), ("by_band", 3, 1), ("by_band", 6, 2), ("by_arm", 0, 5), ("by_arm", 2, 1),
    ("none_first", 0, 4), ("quiet", 0, 0), ("quiet", 4, 1)])
def test_none_meets_no_range_case_and_goes_on_to_the_next(interpreted, proc, banked, gained):
    program = build_text(NONE_RANGE, interpreted=interpreted, name="t.rules")
    g = Game(program, 2, 1)
    g.state.players[0].stock["banked"] = banked
    g.start(program.procs[proc](g, g.state.players[0]))
    assert vp(g) == [gained, 0]


@backends
def test_a_match_expression_that_none_meets_in_no_case_stops_play_where_it_is(interpreted):
    from rulebook.runtime.engine import RulesRuntimeError
    program = build_text(NONE_RANGE, interpreted=interpreted, name="t.rules")
    g = Game(program, 2, 1)
    with pytest.raises(RulesRuntimeError) as stopped:
        g.start(program.procs["no_else"](g, g.state.players[0]))
    lines = NONE_RANGE.split("\n")
    line = next(i for i, t in enumerate(lines, 1) if t.startswith("proc no_else"))
    assert stopped.value.code == "E601" and "no case of this match is none" in stopped.value.message
    assert stopped.value.where == f"t.rules:{line}:{lines[line - 1].index('gain') + 1}"   # at the statement


# ---------------------------------------------------------------- 5b. a power: `**`

POWER = """
counter points;
counter doubles from 0 to 70;
func stake() = 2 ** doubles;
func signed() = -2 ** 2;
func tower() = 2 ** 3 ** 2;
func bracketed() = (-2) ** 2;
func scaled(n: int) = 3 * 2 ** n + 1;
func power_of(a: int, b: int) = a ** b;
proc win(gammon: bool) { gain (if gammon then 2 else 1) * stake() points; }
proc halve() { let d = doubles - 1; gain 2 ** d points; }
proc values() { gain signed() + 10 points; gain tower() points; gain bracketed() points; gain scaled(2) points; }
"""


@backends
def test_a_power_binds_as_written_and_right_to_left_on_both_backends(interpreted):
    program = build_text(POWER, interpreted=interpreted, name="t.rules")
    g = Game(program, 2, 1)
    run_proc(g, "values")
    assert g.state.players[0].stock["points"] == (-4 + 10) + 512 + 4 + 13
    g.state.players[0].stock["doubles"] = 3
    run_proc(g, "win", True)
    assert g.state.players[0].stock["points"] == 535 + 16
    for a in (-3, -1, 0, 1, 2, 5):
        for b in (0, 1, 2, 7):
            assert program.funcs["power_of"](g, g.state.players[0], a, b) == a ** b


@backends
@pytest.mark.parametrize("doubles, message", [(0, "2 ** -1: a negative exponent gives no whole number"),
                                              (66, "2 ** 65: an exponent is at most 64")])
def test_an_exponent_out_of_range_during_play_stops_it_where_it_is(interpreted, doubles, message):
    from rulebook.runtime.engine import RulesRuntimeError
    program = build_text(POWER, interpreted=interpreted, name="t.rules")
    g = Game(program, 2, 1)
    g.state.players[0].stock["doubles"] = doubles
    with pytest.raises(RulesRuntimeError) as stopped:
        g.start(program.procs["halve"](g, g.state.players[0]))
    line = next(i for i, t in enumerate(POWER.split("\n"), 1) if t.startswith("proc halve"))
    assert stopped.value.code == "E601" and message in stopped.value.message
    assert stopped.value.where.startswith(f"t.rules:{line}:")


@pytest.mark.parametrize("func, code, column", [
    ("func f() = 2 ** -1;", "E384", 17), ("func f(n: int) = n ** -(3);", "E384", 23), ("func f() = 3 ** 65;", "E384", 17),
    ('func f() = "two" ** 2;', "E303", 12), ("func f(p: player) = 2 ** p;", "E303", 26)])
def test_misuse_of_a_power_is_positioned(func, code, column):
    found = [d for d in analyse_text("counter points;\n" + func, "t.rules").diagnostics if d.severity == "error"]
    assert [(d.code, d.span.line, d.span.column) for d in found] == [(code, 2, column)]


def test_a_power_is_printed_back_and_explained():
    from rulebook.compiler.explain import reading
    from .conftest import printed_back
    _module, printed = printed_back(POWER)
    for written in ("2 ** doubles", "-2 ** 2", "2 ** 3 ** 2", "(-2) ** 2", "3 * 2 ** n + 1"):
        assert written in printed
    assert "(2 ** 3) ** 2" in printed_back("func f() = (2 ** 3) ** 2;")[1]
    analysis = analyse_text(POWER)
    assert reading(analysis.symbols.decls["stake"], analysis.symbols) == ["Equals 2 to the power of your doubles."]
    assert reading(analysis.symbols.decls["scaled"], analysis.symbols) == ["Equals 3 times (2 to the power of n) plus 1."]


def test_ones_and_zeros_take_any_exponent_and_powers_fold_as_constants():
    assert not [d for d in analyse_text("func f() = 1 ** 90 + 0 ** 80 + (-1) ** 99;").diagnostics if d.severity == "error"]
    from rulebook.dsl.ast import as_const
    from rulebook.dsl.parser import parse_text
    func = parse_text("func f() = 2 ** 10;").items[0]
    assert as_const(func.value) == 1024


# ---------------------------------------------------------------- 5c. `space` and `affordable` are names too

# Agricola (simplified): a room has space for people; building one is affordable while you have the
# wood, and the farm track's spaces pay as they are reached.
WORDS = """
counter vp;
counter space "Free room";
counter affordable "Rooms you could still pay for";
resource wood;
kind room { space: int; affordable: bool = true; }
room parlour "Parlour" { space = 2; }
room cellar "Cellar" { space = 1; affordable = false; }
track farm { space 1 { gain 1 vp; } space 2 { gain 2 vp; } }
proc build(r: room) {
  if affordable(2 wood) and r.affordable { pay 2 wood; gain r.space space; }
  set affordable = wood / 2;
  let space_now = space + affordable;
  if space_now > 2 { advance farm; }
  reactivate farm space 1;
  say "{space} free, {affordable} more affordable";
}
proc start() { gain 5 wood; }
"""


@backends
def test_space_and_affordable_name_counters_and_fields_beside_their_constructs(interpreted):
    program = build_text(WORDS, interpreted=interpreted, name="t.rules")
    g = Game(program, 2, 1)
    run_proc(g, "start")
    run_proc(g, "build", program.entities["parlour"])
    me = g.state.players[0]
    assert (me.stock["space"], me.stock["affordable"], me.stock["wood"]) == (2, 1, 3)
    run_proc(g, "build", program.entities["cellar"])   # not affordable as a room: nothing built
    assert (me.stock["space"], me.stock["affordable"], me.stock["wood"]) == (2, 1, 3)
    assert me.stock["vp"] == (1 + 1) + (2 + 1)   # advanced to space 1 then 2, space 1 reactivated each time


def test_the_words_are_printed_back_and_lint_clean():
    from .conftest import printed_back
    module, printed = printed_back(WORDS)
    assert "counter space" in printed and "if affordable(2 wood) and r.affordable" in printed
    found = [d.headline() for d in analyse_text(WORDS).diagnostics if d.severity in ("error", "warning")]
    assert found == []
    from rulebook.compiler.workspace import keywords, statement_words
    assert not {"space", "affordable"} & keywords() and {"space", "affordable"} <= statement_words()


@pytest.mark.parametrize("text, kind", [("func affordable(n: int) = n > 2;", "func"), ("proc affordable() { }", "proc")])
def test_a_proc_or_func_named_affordable_could_never_be_called(text, kind):
    found = [d for d in analyse_text("counter vp;\n" + text, "t.rules").diagnostics if d.severity == "error"]
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("E389", 2, len(kind) + 2)]
    assert found[0].message.startswith(f"a {kind} named 'affordable' could never be called")


def test_a_proc_named_space_is_called_and_a_track_still_has_spaces():
    text = "counter vp;\ntrack farm { space 1 { } }\nproc space(n: int) { gain n vp; }\nproc p() { space(2); }\n"
    assert [d for d in analyse_text(text).diagnostics if d.severity == "error"] == []
    g = Game(build_text(text, name="t.rules"), 2, 1)
    run_proc(g, "p")
    assert vp(g) == [2, 0]


# ---------------------------------------------------------------- 5a. a cap that hands the excess to a proc

# Agricola (simplified): each pasture holds 2 sheep; sheep with no room are cooked (2 food each) or
# released, the player's choice; a cellar of grain with a bank (the grain over it stays in the bank).
FARM = """
counter pasture "Room in your pastures" from 0 to 30;
counter silo from 0 to 10 start 2;
resource sheep "Sheep" cap pasture over too_many_sheep;
resource grain "Grain" cap silo over spilt supply 5;
resource food "Food";
counter spilled;
proc too_many_sheep(n: int) {
  choose "{n} sheep have no room" {
    option "cook them" { gain 2 * n food; }
    option "release them" { }
  }
}
proc spilt(n: int) { gain n spilled; }
proc fence() { gain 2 pasture; }
proc take(n: int) { gain n sheep; }
proc harvest(n: int) { gain n grain; }
"""
FARM_GAME = """
game farm {
  seats 1 to 3;
  phase play {
    repeat 3 {
      each players {
        choose "what now?" {
          option "fence" { fence(); }
          option "sheep" { take(3); }
          option "grain" { harvest(2); }
        }
      }
    }
  }
  winner most food + sheep + grain;
}
"""


def farm(interpreted: bool) -> Game:
    g = Game(build_text(FARM, interpreted=interpreted, name="t.rules"), 2, 1)
    g.state.players[0].stock["silo"] = 2
    return g


@backends
def test_sheep_over_the_pasture_s_room_are_cooked_or_released_as_the_player_chooses(interpreted):
    g = farm(interpreted)
    me = g.state.players[0]
    run_proc(g, "fence")
    asked = run_proc(g, "take", 5, answers=["cook them"])
    assert [(d.prompt, d.options) for d in asked] == [("3 sheep have no room", ["cook them", "release them"])]
    assert (me.stock["sheep"], me.stock["food"]) == (2, 6)
    asked = run_proc(g, "take", 1, answers=["release them"])
    assert [d.prompt for d in asked] == ["1 sheep have no room"] and (me.stock["sheep"], me.stock["food"]) == (2, 6)
    run_proc(g, "fence")
    assert run_proc(g, "take", 2) == [] and me.stock["sheep"] == 4   # room enough: nothing asked


@backends
def test_with_a_supply_what_does_not_fit_stays_in_the_bank_and_the_proc_is_told(interpreted):
    g = farm(interpreted)
    me = g.state.players[0]
    run_proc(g, "harvest", 3)
    assert (me.stock["grain"], me.stock["spilled"], g.state.supply["grain"]) == (2, 1, 3)
    run_proc(g, "harvest", 9)   # the bank has 3: none fits, all 3 over
    assert (me.stock["grain"], me.stock["spilled"], g.state.supply["grain"]) == (2, 4, 3)


def test_whole_farm_games_agree_and_replay():
    random_games_agree(FARM + FARM_GAME, seeds=range(1, 5), counts=(1, 3))
    replays_through_json(build_text(FARM + FARM_GAME), 2)


def test_the_over_clause_is_printed_back_traced_and_explained():
    from rulebook.compiler.explain import reading
    from .conftest import printed_back
    _module, printed = printed_back(FARM)
    assert "resource sheep \"Sheep\" cap pasture over too_many_sheep;" in printed
    assert "resource grain \"Grain\" cap silo over spilt supply 5;" in printed
    analysis = analyse_text(FARM)
    assert reading(analysis.symbols.decls["sheep"], analysis.symbols)[1] == \
        "What a gain brings over it is not lost: “too many sheep” is run with the number of sheep that do not fit."
    g = farm(False)
    seen = []
    g.tracer = seen.append
    run_proc(g, "take", 1, answers=["release them"])
    assert any(e.kind == "over" and "sheep: 1 over the cap of 0, to too_many_sheep()" in e.what for e in seen)


@pytest.mark.parametrize("decl, proc, code, at", [
    ("resource wool cap pasture over cok;", "proc cook(n: int) { }", "E207", "cok"),
    ("resource wool cap pasture over cook;", "func cook(n: int) = n;", "E303", "cook"),
    ("resource wool cap pasture over cook;", "proc cook() { }", "E303", "cook"),
    ("resource wool cap pasture over cook;", "proc cook(b: bool) { }", "E303", "cook"),
    ("resource wool over cook;", "proc cook(n: int) { }", "W484", "cook"),
    ("resource wool cap pasture over cook;", "proc cook(n: int) {\n  gain n wool;\n}", "W487", "gain"),
])
def test_misuse_of_over_is_positioned(decl, proc, code, at):
    text = "counter pasture from 0 to 9;\n" + decl + "\n" + proc + "\n"
    found = [d for d in analyse_text(text, "t.rules").diagnostics if d.severity in ("error", "warning")]
    line, column = next((i, t.index(at) + 1) for i, t in enumerate(text.split("\n"), 1)
                        if at in t and (code != "W487" or t.strip().startswith("gain")) and (i > 1))
    assert [(d.code, d.span.line, d.span.column) for d in found] == [(code, line, column)]


# ---------------------------------------------------------------- 4. cover counts a match expression's cases

# Stone Age (values for illustration): huts score by thresholds; a bonus table read in a statement.
HUTS = """
counter vp;
counter huts from 0 to 10;
func hut_points() = match huts { 0: 0, 1..2: 1, 3..5: 4, 6..: 9 };
func lone_hut() = match huts { 1: 5, else: 0 };
proc build() { gain 1 huts; gain match huts { 1..3: 1, 4: 2, else: match huts { 5: 3, else: 7 } } vp; }
game g {
  seats 1 to 2;
  phase play { repeat 2 { each players { build(); } } }
  winner most vp + hut_points() + lone_hut();
}
"""


def test_cover_branches_counts_the_cases_of_match_expressions_taken_or_not():
    from rulebook.runtime.coverage import branch_points, cover_games
    program = build_text(HUTS, name="t.rules")
    points = branch_points(analyse_text(HUTS, "t.rules").symbols)
    assert sorted(name for group, name in points.values() if group == "match case") == [
        "t.rules:4 0", "t.rules:4 1..2", "t.rules:4 3..5", "t.rules:4 6..", "t.rules:5 1", "t.rules:5 else",
        "t.rules:6 1..3", "t.rules:6 4", "t.rules:6 5", "t.rules:6 else", "t.rules:6 else"]   # an inner match
    total, missing = cover_games(program, [1], range(1, 2), [[]], "random", points).report()["match case"]
    # one player builds twice: huts 1 then 2; the end scores 1..2 and lone_hut's else
    assert total == 11 and missing == ["t.rules:4 0", "t.rules:4 3..5", "t.rules:4 6..", "t.rules:5 1",
                                       "t.rules:6 4", "t.rules:6 5", "t.rules:6 else", "t.rules:6 else"]


def test_the_case_map_places_each_result_on_its_generated_line():
    program = build_text(HUTS, name="t.rules")
    source = open(program.module_file).read().split("\n")
    for line, spans in program.case_map.items():
        for start, end, at, _alone in spans:
            written = source[line - 1].encode()[start:end].decode()
            rules_line, column = (int(n) for n in at.rsplit(":", 2)[1:])
            shown = "match" if written.startswith("(lambda") else written   # a match in a case: a lambda
            assert HUTS.split("\n")[rules_line - 1][column - 1:].startswith(shown), (written, at)


def test_a_resource_without_over_keeps_its_content_digest():
    """`over` was added after packs were digested: a resource that does not write it reads as before in
    the AST's repr (the content digest a log names its pack by), so recorded logs still find their pack."""
    from rulebook.dsl.parser import parse_text

    plain, over = (parse_text(t).items[0] for t in ("resource coin cap 5;", "resource coin cap 5 over spill;"))
    assert "over=" not in repr(plain) and "over=" in repr(over)
