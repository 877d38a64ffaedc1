"""The second-edition constructs on both backends: while, match, first(x in Z where C), draw ... where,
move to top of, N copies of an entity, left(p)/right(p), and a func evaluated for another player."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import explain
from rulebook.dsl.diagnostics import RulesError
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.agents import ScriptedAgent
from rulebook.runtime.engine import Game, RulesRuntimeError, told_apart
from rulebook.runtime.state import State, check_saved
from rulebook.runtime.view import Asked

from .conftest import rules_programs, run_proc

PACK = """
resource coin;
counter vp;
enum color { red, blue, green }
kind card { color: color; worth: int; }
zone deck of card;
zone hand per_player of card;
card lumber "Lumber Yard" * 3 { color = red; worth = 1; }
card bath "Baths" { color = blue; worth = 3; }
card altar "Altar" * 2 { color = blue; worth = 2; }
func score() = total(c in hand, c.worth) + coin;
func points(c: color) = match c { red: 1, blue: 5, else: 0 };
"""


program = rules_programs(PACK)


def hand(game, seat=0):
    return [e.name for e in game.state.players[seat].zones["hand"]]


def round_trip(procs: str):
    """The pack with `procs` parsed and printed back; the printed text must parse to the same module."""
    module = parse_text(PACK + procs, "a.rules")
    printed = format_module(module)
    assert parse_text(printed, "a.rules") == module
    return module, printed


def reading(module, name: str) -> list[str]:
    """The plain-language lines of one declaration, unindented."""
    return [line.strip() for line in explain(next(d for d in module.items if getattr(d, "name", None) == name))]


def test_copies_are_distinct_entities_sharing_their_fields(program):
    p = program("proc p() { fill deck with card; }")
    assert [n for n in p.entities] == ["lumber", "lumber#2", "lumber#3", "bath", "altar", "altar#2"]
    assert {p.entities[n].title for n in ("lumber", "lumber#3")} == {"Lumber Yard"}
    g = Game(p, 2, 1)
    run_proc(g, "p")
    assert len(g.state.zones["deck"]) == 6


def test_options_of_alike_copies_are_told_apart_as_the_screen_tells_them(program):
    """Copies of one declaration share a title; as options they read `Lumber Yard (2 of 3)`, by
    their place among the alike ones as other alike values (never the copy's number, which would
    follow a copy through a shuffle); a script may still answer with the shared title, which names
    the first of them."""
    g = Game(program("proc p() { fill deck with card; pick c from deck \"take which?\" { move c to hand; } }"), 2, 1)
    gen = g.program.procs["p"](g, g.state.players[0])
    d = gen.send(None)
    assert d.options == ["Lumber Yard (1 of 3)", "Lumber Yard (2 of 3)", "Lumber Yard (3 of 3)", "Baths",
                         "Altar (1 of 2)", "Altar (2 of 2)"]
    assert d.index_of("Altar (2 of 2)") == 5 and d.index_of("Altar") == 4 and d.index_of("Baths") == 3
    with pytest.raises(ValueError):
        d.index_of("Temple")
    with pytest.raises(StopIteration):
        gen.send(d.index_of("Lumber Yard (3 of 3)"))
    assert hand(g) == ["lumber#3"]
    assert told_apart([1, 1, 2], ["1", "1", "2"]) == ["1 (1 of 2)", "1 (2 of 2)", "2"]


def test_a_scripted_answer_names_an_alike_option_by_its_own_label_or_the_shared_one(program):
    g = Game(program("proc p() { fill deck with card; pick c from deck \"take which?\" { move c to hand; } }"), 2, 1)
    d = g.program.procs["p"](g, g.state.players[0]).send(None)
    agent = ScriptedAgent(["Altar (2 of 2)", "Lumber Yard", "Altar #2"])
    assert agent.choose(Asked(d), None) == 5
    assert agent.choose(Asked(d), None) == 0
    with pytest.raises(RulesRuntimeError, match="'Altar #2' is not an option"):
        agent.choose(Asked(d), None)


def test_draw_where_takes_the_top_items_that_match(program):
    g = Game(program("proc p() { fill deck with card; draw 2 from deck where it.color == blue to hand; }"), 2, 1)
    run_proc(g, "p")
    assert hand(g) == ["bath", "altar"]


def test_move_to_top_and_bottom(program):
    g = Game(program("proc p() { fill deck with card; move bath to bottom of deck; move altar to top of deck;\n"
                     "  draw 1 from deck to hand; }"), 2, 1)
    run_proc(g, "p")
    assert hand(g) == ["altar"]
    assert g.state.zones["deck"][-1].name == "bath"


def test_while_runs_as_long_as_its_condition_holds(program):
    g = Game(program("proc p() { fill deck with card; while size(hand) < 4 { draw 1 from deck to hand; } }"), 2, 1)
    run_proc(g, "p")
    assert hand(g) == ["lumber", "lumber#2", "lumber#3", "bath"]


# the interpreter takes a second to spend its step budget; CI runs this on both backends
@pytest.mark.parametrize("program", [False, pytest.param(True, marks=pytest.mark.slow)], ids=["compiled", "interpreted"],
                         indirect=True)
def test_while_forever_stops_at_the_step_budget(program):
    g = Game(program("proc p() { while coin >= 0 { gain 0 coin; } }"), 2, 1)   # (`while true`: E562 at lint)
    with pytest.raises(RulesRuntimeError) as e:
        run_proc(g, "p")
    assert e.value.code == "E602" and e.value.where.endswith(":13:12")


def test_first_where_and_match(program):
    g = Game(program("proc p() { fill deck with card;\n"
                     "  let c = first(x in deck where x.worth > 1);\n"
                     "  gain points(c.color) vp; move c to hand;\n"
                     "  gain points(green) coin;\n"
                     "  if first(x in hand where x.color == red) == none { gain 10 vp; } }"), 2, 1)
    run_proc(g, "p")
    assert hand(g) == ["bath"] and g.state.players[0].stock["vp"] == 15 and g.state.players[0].stock["coin"] == 0


def test_a_match_without_else_stops_on_an_unnamed_value(program):
    g = Game(program("proc p() { gain match vp { 1: 2 } coin; }"), 2, 1)
    with pytest.raises(RulesRuntimeError) as e:
        run_proc(g, "p")
    assert e.value.code == "E601" and "no case of this match is 0" in e.value.message


def test_left_and_right_of_a_player_and_a_func_for_another_player(program):
    g = Game(program("proc p() { gain 7 coin; each opponents { gain 2 coin; }\n"
                     "  gain left(you).score() vp; gain right(left(you)).coin * 10 vp; }"), 3, 1)
    run_proc(g, "p")
    assert g.state.players[0].stock["vp"] == 2 + 70
    assert g.state.players[1].stock["vp"] == 0


@pytest.mark.parametrize("text, code, line", [
    ("proc p() { while hand { } }", "E303", 13),
    ("proc p() { gain match vp { red: 1, 2: 2 } coin; }", "E303", 13),
    ("func f(c: color) = match c { red: 1 };", "W408", 13),
    ("card x * 0 { color = red; worth = 1; }", "E303", 13),
    ("proc p() { gain left(3).coin vp; }", "E303", 13),
    ("proc p() { gain bath.score() vp; }", "E303", 13),
    ("proc p() { draw 1 from deck where it.colour == red to hand; }", "E205", 13),
])
def test_misuse_is_positioned(text, code, line):
    found = [(d.code, d.span.line) for d in analyse_text(PACK + text).diagnostics if d.code != "W401"]
    assert (code, line) in found, found


def test_highest_and_lowest_over_the_kept_elements_and_0_over_none(program):
    # Stupor Mundi's majority reads the most structures; Federation's 2-player projects the least
    g = Game(program("proc p() { fill deck with card;\n"
                     "  gain highest(c in deck, c.worth) vp;\n"                          # 3 (the Baths)
                     "  gain 10 * lowest(c in deck where c.color == blue, c.worth) vp;\n"  # 20 (an Altar)
                     "  gain highest(c in hand, c.worth) + lowest(c in hand, c.worth) coin; }"), 2, 1)
    run_proc(g, "p")
    me = g.state.players[0]
    assert me.stock["vp"] == 23 and me.stock["coin"] == 0


GROWING_CAP = """
resource red_wine;
resource white_wine;
counter cellar from 3 to 9;
group wine cap cellar { red_wine, white_wine }
proc press() { gain 2 red_wine; gain 2 white_wine; }
proc enlarge() { gain 2 cellar; }
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_group_cap_naming_a_counter_grows_with_each_holders_counter(interpreted):
    prog = build_text(GROWING_CAP, interpreted=interpreted)
    g = Game(prog, 2, 1, [None, None])
    me, other = g.state.players
    run_proc(g, "press", answers=["white_wine"])        # 4 wines into a cellar of 3: discard one
    assert (me.stock["red_wine"], me.stock["white_wine"]) == (2, 1)
    run_proc(g, "enlarge")
    assert g.room(me, "red_wine") == 2 and g.room(other, "red_wine") == 3   # each holder's own cap
    run_proc(g, "press", answers=["red_wine", "red_wine"])
    assert me.stock["red_wine"] + me.stock["white_wine"] == 5


ZONE_PARAMETER = """
kind card { v: int; }
card a { v = 1; }
card b { v = 2; }
zone pile of card;
zone hand per_player of card;
proc put(c: card, z: zone) { move c to z; }
proc deal() { put(a, hand); put(b, pile); shuffle pile; }
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_zone_parameter_receives_the_callers_zone(interpreted):
    # Stupor Mundi's excommunication puts a lone knight where each crusade knights card was
    g = Game(build_text(ZONE_PARAMETER, interpreted=interpreted), 2, 1, [None, None])
    run_proc(g, "deal", player=1)
    assert [e.name for e in g.state.players[1].zones["hand"]] == ["a"]
    assert not g.state.players[0].zones["hand"] and [e.name for e in g.state.zones["pile"]] == ["b"]


TRACKS = """
track fame {
  space 1 "Song" { gain 1 vp; } bonus cost 1 coin { gain 5 vp; }
  space 2 "Statue" { gain 2 vp; }
  first to 2 { gain 10 vp; }
}
proc again() { reactivate fame; }
proc again_plain() { reactivate fame no_bonus; }
proc climb() { advance fame no_bonus; }
proc on(t: track) { advance t; reactivate t; }
proc song_again() { reactivate fame space 1 no_bonus; }
proc leap() { advance fame by 2 no_benefit no_reward; }
proc song_gift(gratis: bool) { if gratis { bonus fame space 1; } else { bonus fame space 1 paying; } }
"""


def test_reactivate_runs_the_space_you_stand_on_without_moving(program):
    p = program(TRACKS)
    g = Game(p, 1, 1)
    you = g.state.players[0]
    assert run_proc(g, "again") == [] and you.stock["vp"] == 0        # before the first space: nothing
    you.stock["fame"], you.stock["coin"] = 1, 1
    run_proc(g, "again", answers=["yes"])                              # benefit, then the paid bonus
    assert (you.stock["fame"], you.stock["vp"], you.stock["coin"]) == (1, 6, 0)
    you.stock["coin"] = 1
    assert run_proc(g, "again_plain") == []                            # no_bonus: the bonus is not offered
    assert you.stock["vp"] == 7 and you.stock["coin"] == 1


def test_advance_no_bonus_gives_the_benefit_and_the_reward_but_offers_no_bonus(program):
    p = program(TRACKS)
    g = Game(p, 1, 1)
    you = g.state.players[0]
    you.stock["coin"] = 3
    assert run_proc(g, "climb") == []
    assert (you.stock["fame"], you.stock["vp"]) == (1, 1)
    run_proc(g, "on", "fame")                                          # a track parameter; reward at 2
    assert (you.stock["fame"], you.stock["vp"]) == (2, 1 + 2 + 10 + 2)


def test_reactivate_space_n_and_bonus_paid_or_free(program):
    p = program(TRACKS)
    g = Game(p, 1, 1)
    you = g.state.players[0]
    you.stock["fame"] = 2
    assert run_proc(g, "song_again") == [] and you.stock["vp"] == 1    # space 1's benefit, no bonus
    assert run_proc(g, "song_gift", False) == []                      # no coin: the paid bonus is not offered
    run_proc(g, "song_gift", True, answers=["yes"])                   # free: offered and taken
    assert (you.stock["vp"], you.stock["coin"], you.stock["fame"]) == (6, 0, 2)
    you.stock["coin"] = 1
    run_proc(g, "song_gift", False, answers=["yes"])
    assert (you.stock["vp"], you.stock["coin"]) == (11, 0)


def test_advance_no_reward_leaves_the_first_to_reward_for_later(program):
    p = program(TRACKS)
    g = Game(p, 2, 1)
    run_proc(g, "leap")
    assert (g.state.players[0].stock["fame"], g.state.players[0].stock["vp"]) == (2, 0)
    run_proc(g, "climb", player=1)
    run_proc(g, "climb", player=1)
    assert g.state.players[1].stock["vp"] == 1 + 2 + 10        # the reward was still there


def test_copy_number_numbers_the_copies_of_a_declaration(program):
    # 7 Wonders keeps the first copies a player count prints: no card compared with every other
    g = Game(program("proc p() { fill deck with card where it.copy_number <= 2;\n"
                     "  gain total(c in deck, c.copy_number) vp; }"), 2, 1)
    run_proc(g, "p")
    assert [e.name for e in g.state.zones["deck"]] == ["lumber", "lumber#2", "bath", "altar", "altar#2"]
    assert g.state.players[0].stock["vp"] == 1 + 2 + 1 + 1 + 2


BENEFITS = TRACKS + """
# a patron copies the benefit of each Fame space their protege gains (never its bonus)
proc sponsor(p: player, t: track) {
  whenever opponents benefit(on = t, who = p) { reactivate t space it.at no_bonus; }
}
"""


def test_benefit_event_follows_whose_benefit_a_space_gave(program):
    g = Game(program(BENEFITS), 3, 1)
    sponsor, protege, other = g.state.players
    run_proc(g, "sponsor", protege, "fame")   # a track local, captured by the trigger
    protege.stock["coin"] = 1
    run_proc(g, "climb", player=1)                       # the protege lands on Song: the sponsor copies it
    assert (protege.stock["vp"], sponsor.stock["vp"], sponsor.stock["fame"]) == (1, 1, 0)
    run_proc(g, "again", player=1, answers=["yes"])      # reactivate with the bonus: the copy has no bonus
    assert (protege.stock["vp"], protege.stock["coin"], sponsor.stock["vp"]) == (7, 0, 2)
    run_proc(g, "climb", player=2)                       # another player's benefit is not copied
    run_proc(g, "leap", player=1)                        # no_benefit announces nothing
    assert (other.stock["vp"], sponsor.stock["vp"]) == (1, 2)
    run_proc(g, "song_again")                            # the sponsor's own benefit is no opponent's
    assert sponsor.stock["vp"] == 3 and protege.stock["vp"] == 7


MAY_ELSE = """
proc p() {
  may "take the free card?" when coin > 0 {
    lose 1 coin;
    draw 1 from deck to hand;
  } else {
    gain 5 vp;
  }
}
proc paid() { may "buy?" cost 3 coin { gain 1 vp; } else { gain 10 vp; } }
"""


@pytest.mark.parametrize("coin, answers, expected", [
    (1, ["yes"], (0, 1, 0)),    # offered and taken: the first block
    (1, ["no"], (1, 0, 5)),     # offered and declined: the else block
    (0, [], (0, 0, 5)),         # the condition is false: not asked, the else block
], ids=["taken", "declined", "not-offered"])
def test_may_when_else_runs_exactly_one_block(program, coin, answers, expected):
    g = Game(program("proc setup() { fill deck with card; }" + MAY_ELSE), 2, 1)
    run_proc(g, "setup")
    me = g.state.players[0]
    me.stock["coin"] = coin
    asked = run_proc(g, "p", answers=answers)
    assert [d.prompt for d in asked] == ["take the free card?"] * len(answers)
    assert (me.stock["coin"], len(hand(g)), me.stock["vp"]) == expected


def test_may_else_runs_when_the_cost_is_not_affordable(program):
    g = Game(program(MAY_ELSE), 2, 1)
    me = g.state.players[0]
    me.stock["coin"] = 2
    assert run_proc(g, "paid") == []
    assert me.stock["vp"] == 10
    me.stock["coin"] = 3
    run_proc(g, "paid", answers=["yes"])
    assert (me.stock["coin"], me.stock["vp"]) == (0, 11)


def test_may_when_else_is_explained_printed_and_checked():
    module, printed = round_trip(MAY_ELSE)
    assert 'may "take the free card?" when coin > 0 {' in printed and "} else {" in printed
    assert reading(module, "p")[1:] == [
        "If coin is more than 0, you may (take the free card?):", "Lose 1 coin (or as many as you have).",
        "Draw 1 item from deck into hand.", "Otherwise:", "Gain 5 VP."]
    warned = analyse_text(PACK + 'proc q() { may "x" when false { gain 1 vp; } }').diagnostics
    assert [d.code for d in warned] == ["W402"]
    bad = analyse_text(PACK + 'proc q() { may "x" when "yes" { gain 1 vp; } }').diagnostics
    assert [d.code for d in bad] == ["E303"]


TYPED_FUNCS = """
track ladder { space 1 { gain 1 vp; } space 2 { gain 2 vp; } }
func paid_in(c: color): resource = match c { red: coin, else: vp };
func climbed(): track = if coin > 0 then ladder else ladder;
func pile(): zone = if coin > 5 then deck else hand;
proc earn(res: resource, n: int) { gain n res; }
proc p() {
  for each c in color {
    earn(paid_in(c), 2);
  }
  let t = climbed();
  advance t;
  fill deck with card;
  draw 1 from pile() to hand;
}
"""


def test_a_typed_func_gives_the_resource_track_or_zone_it_names(program):
    """`func f(): resource = match c { red: coin, ... }` gives the resource coin, not the player's
    amount of it; calls have the declared type, so the value reaches a `resource` parameter."""
    g = Game(program(TYPED_FUNCS), 2, 1)
    me = g.state.players[0]
    run_proc(g, "p")
    assert me.stock["coin"] == 2 and me.stock["vp"] == 4 + 1   # blue and green pay VP; the ladder's space 1
    assert me.stock["ladder"] == 1 and len(hand(g)) == 0       # coin 2: the pile is the hand itself


def test_a_typed_func_is_checked_and_printed():
    assert "func paid_in(c: color): resource = match c { red: coin, else: vp };" in round_trip(TYPED_FUNCS)[1]
    bad = analyse_text(PACK + "func f(): resource = 3;\nfunc g(c: color): track = match c { red: coin, else: coin };\n"
                       "func h(): nothing = 1;").diagnostics
    assert [(d.code, d.span.line) for d in bad if d.severity == "error"] == [
        ("E303", PACK.count("\n") + 1), ("E301", PACK.count("\n") + 2), ("E301", PACK.count("\n") + 2),
        ("E201", PACK.count("\n") + 3)]


PICK_ELSE = """
proc p() {
  pick c from hand where c.worth > 1 "keep which?" optional {
    move c to deck;
  } else {
    gain 7 vp;
  }
}
proc deal() { fill deck with card; draw 6 from deck to hand; }
"""


@pytest.mark.parametrize("dealt, answers, expected", [
    (True, ["Baths"], (5, 0)),     # picked: the first block
    (True, ["none"], (6, 7)),      # none chosen: the else block
    (False, [], (0, 7)),           # nothing to pick: the else block, nothing asked
], ids=["picked", "none", "nothing-to-pick"])
def test_pick_else_runs_when_nothing_was_picked(program, dealt, answers, expected):
    g = Game(program(PICK_ELSE), 2, 1)
    if dealt:
        run_proc(g, "deal")
    asked = run_proc(g, "p", answers=answers)
    assert len(asked) == len(answers)
    assert (len(hand(g)), g.state.players[0].stock["vp"]) == expected


def test_pick_else_is_printed_explained_and_refused_in_a_simultaneous_pick():
    module, printed = round_trip(PICK_ELSE)
    assert '  } else {\n    gain 7 vp;' in printed
    assert "If none was picked:" in reading(module, "p")
    bad = analyse_text(PACK + "proc q() { each players simultaneously pick c from hand { move c to deck; } "
                       "else { gain 1 vp; } }").diagnostics
    assert [d.code for d in bad] == ["E304"]


SLOT_READS = """
kind relic { score: effect; }
zone relics of relic;
relic crown "Crown" { score { gain 3 vp; } }
relic shard "Shard" {}
proc p() {
  fill relics with relic;
  for each r in relics where r.score {
    copy r.score;
  }
  gain count(r in relics where not r.score) coin;
}
"""


def test_an_effect_slot_read_as_a_value_is_whether_the_card_writes_it(program):
    g = Game(program(SLOT_READS), 2, 1)
    run_proc(g, "p")
    assert (g.state.players[0].stock["vp"], g.state.players[0].stock["coin"]) == (3, 1)


def test_an_effect_slot_compared_with_none_or_set_is_refused():
    bad = analyse_text(PACK + SLOT_READS + "proc q() { if crown.score != none { gain 1 vp; } set crown.score = true; }")
    assert [(d.code, "score" in d.message) for d in bad.diagnostics if d.severity == "error"] == [
        ("E303", True), ("E303", True)]


PROC_RESULTS = """
proc claim(): card {
  pick c from deck where c.worth > 1 "claim which?" optional {
    move c to hand;
    return c;
  }
  return none;
}
proc sort_out(c: color): resource {
  for each x in color {
    if x == c and x == red {
      return coin;
    }
  }
  return vp;
}
proc silent(): int {
  gain 1 coin;
}
proc p() {
  fill deck with card;
  let got = claim();
  if got != none {
    gain got.worth vp;
  }
  let r = sort_out(red);
  gain_of(r);
  let nothing = silent();
  if nothing == none {
    gain 100 vp;
  }
}
proc gain_of(res: resource) { gain 10 res; }
"""


@pytest.mark.parametrize("answers, vp", [(["Baths"], 3 + 100), (["none"], 100)], ids=["claimed", "declined"])
def test_a_proc_gives_its_value_to_let_and_return_ends_it(program, answers, vp):
    g = Game(program(PROC_RESULTS), 2, 1)
    run_proc(g, "p", answers=answers)
    me = g.state.players[0]
    assert (me.stock["vp"], me.stock["coin"]) == (vp, 10 + 1)   # return inside a loop ends the proc
    assert len(hand(g)) == (1 if answers == ["Baths"] else 0)


def test_proc_results_are_checked():
    text = PACK + PROC_RESULTS + ("proc bad1() { return 3; }\n"
                                  "proc bad2(): int { whenever you gain { return 1; } return true; }\n"
                                  "proc bad3() { let x = p(); gain claim() vp; }\n")
    found = [(d.code, d.span.line - PACK.count("\n") - PROC_RESULTS.count("\n"))
             for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert found == [("E303", 1), ("E303", 2), ("E303", 2), ("E303", 3), ("E301", 3)]


PASSED_ON = """
proc claim_for_you(): card {
  say "claiming";
  return claim();
}
proc q() {
  fill deck with card;
  let got = claim_for_you();
  if got != none {
    gain got.worth vp;
  }
}
"""


@pytest.mark.parametrize("answers, vp", [(["Baths"], 3), (["none"], 0)], ids=["claimed", "declined"])
def test_return_of_a_typed_proc_runs_it_and_gives_on_what_it_gives(program, answers, vp):
    """`return claim();` in a typed proc: the proc runs (and may decide) and what it gives is given on,
    with no local in between."""
    g = Game(program(PROC_RESULTS + PASSED_ON), 2, 1)
    run_proc(g, "q", answers=answers)
    assert g.state.players[0].stock["vp"] == vp and len(hand(g)) == (1 if answers == ["Baths"] else 0)
    analysed = analyse_text(PACK + PROC_RESULTS + PASSED_ON)
    claimer = analysed.symbols.decls["claim_for_you"]
    assert "Do “claim”, and stop here, giving what it gives." in [
        line.strip() for line in explain(claimer, analysed.symbols)]


def test_return_of_a_proc_is_checked_like_let():
    """The proc's result type must fit the one declared (E303), a proc with no result type gives nothing
    to return (E303), `return` of a proc outside a typed proc is E303, and a proc that returns its own
    call on every path never ends (W411)."""
    text = PACK + PROC_RESULTS + ("proc bad1(): int { return claim(); }\n"
                                  "proc bad2(): int { return gain_of(coin); }\n"
                                  "proc bad3() { return claim(); }\n"
                                  "proc bad4(): int { return bad4(); }\n")
    found = [(d.code, d.span.line - PACK.count("\n") - PROC_RESULTS.count("\n"))
             for d in analyse_text(text).diagnostics if d.severity != "note" and d.code not in ("W401", "W414")]
    assert found == [("E303", 1), ("E303", 2), ("E303", 3), ("W411", 4)]   # (silent() ends without return: W414)


KIND_INDEXED = """
counter used[card] "Times each card was used" from 0 to 3;
zone pile[card] of card;
proc p() {
  fill deck with card;
  for each c in deck where c.color == blue {
    gain 1 used[c];
  }
  gain 2 used[bath];
  move lumber to pile[lumber];
}
func uses(c: card) = used[c];
"""


def test_a_counter_or_zone_indexed_by_a_kind_has_one_element_per_declaration(program):
    """`counter used[card]`: one counter per declared card of the kind, indexed by the card itself; the
    copies of a card `* N` share their declaration's element (Dominion's `zone supply[card]` is one pile
    per card, not one per copy); a kind that gains cards (an expansion's) gains elements with no override."""
    p = program(KIND_INDEXED)
    assert [n for _i, n in p.indexed["used"].items()][:3] == ["used[lumber]", "used[bath]", "used[altar]"]
    assert not [n for n in p.indexed["pile"].values() if "#" in n]
    g = Game(p, 2, 1)
    run_proc(g, "p")
    me = g.state.players[0]
    assert (me.stock["used[bath]"], me.stock["used[altar]"], me.stock["used[lumber]"]) == (3, 2, 0)
    assert "used[altar#2]" not in me.stock
    assert [e.name for e in g.state.zones["pile[lumber]"]] == ["lumber"]


def test_every_copy_of_a_card_indexes_its_declarations_pile(program):
    """A pile per card: `fill pile[c] with card where it.name == c.name` for each card of the kind
    (one per declaration) puts all three Lumber Yards in one pile, and any copy names that pile."""
    g = Game(program(KIND_INDEXED + """
proc piles() {
  for each c in card { fill pile[c] with card where it.name == c.name; }
  for each c in pile[lumber] { gain 1 used[c]; }
}
"""), 2, 1)
    run_proc(g, "piles")
    me = g.state.players[0]
    assert [e.name for e in g.state.zones["pile[lumber]"]] == ["lumber", "lumber#2", "lumber#3"]
    assert [e.name for e in g.state.zones["pile[altar]"]] == ["altar", "altar#2"]
    assert me.stock["used[lumber]"] == 3


def test_an_index_of_a_kind_indexed_counter_must_be_a_card_of_that_kind():
    bad = analyse_text(PACK + KIND_INDEXED + "proc q() { gain 1 used[2]; gain 1 used[red]; }\n"
                       "counter wrong[coin];").diagnostics
    assert [d.code for d in bad if d.severity == "error"] == ["E303", "E303", "E301"]


def test_a_value_kernel_is_declared_with_its_type_and_used_in_expressions():
    """`extern quote(item: any): int;` is a value kernel (7 Wonders): used in expressions; declared
    without its type, or called as a statement, it is refused."""
    ok = analyse_text(PACK + "extern quote(item: any): int;\nfunc cheap(c: card) = quote(c) <= coin;\n")
    assert not [d for d in ok.diagnostics if d.severity == "error"]
    untyped = analyse_text(PACK + "extern quote(item: any);\n").diagnostics
    assert [d.code for d in untyped if d.severity == "error"] == ["E303"]
    statement = analyse_text(PACK + "extern quote(item: any): int;\nproc p() { quote(bath); }\n").diagnostics
    assert [d.code for d in statement if d.severity == "error"] == ["E301"]
    typed_statement = analyse_text(PACK + "extern assess(item: any): int;\n").diagnostics
    assert [d.code for d in typed_statement if d.severity == "error"] == ["E303"]


ONCE_OPTIONS = """
proc favour() {
  choose "which favour?" {
    option "coin" once { gain 3 coin; }
    option "vp" once when coin > 0 { gain 5 vp; }
    option "nothing" {}
  }
}
"""


def test_an_option_marked_once_is_taken_once_per_game_by_each_player(program):
    g = Game(program(ONCE_OPTIONS), 2, 1)
    me, other = g.state.players
    assert run_proc(g, "favour", answers=["coin"])[0].options == ["coin", "nothing"]   # vp: no coin yet
    assert run_proc(g, "favour", answers=["vp"])[0].options == ["vp", "nothing"]       # coin taken
    assert run_proc(g, "favour") == []                  # only "nothing" is left: taken without asking
    assert (me.stock["coin"], me.stock["vp"]) == (3, 5)
    assert run_proc(g, "favour", player=1, answers=["coin"])[0].options == ["coin", "nothing"]  # each player's own
    assert 'option "vp" once when coin > 0 {' in round_trip(ONCE_OPTIONS)[1]


DIE_PARAMS = """
die d2: int { face = 1; face = 2; }
die d3: int { face = 3; face = 3; face = 3; }
proc best_of(d: die): any {
  let a = roll d;
  let b = roll d;
  if d == d3 {
    return a + 10;
  }
  return max(a, b);
}
proc p() {
  let x = best_of(d3);
  let y = best_of(d2);
  gain x + y vp;
}
"""


def test_a_die_parameter_is_rolled_and_compared_with_a_die_name(program):
    g = Game(program(DIE_PARAMS), 2, 5)
    run_proc(g, "p")
    vp = g.state.players[0].stock["vp"]
    assert vp in (13 + 1, 13 + 2)
    assert [entry[1] for entry in g.log if entry[0] == "roll"] == ["d3", "d3", "d2", "d2"]
    bad = analyse_text(PACK + DIE_PARAMS + "proc q(n: int) { roll n; }\nfunc f() = d3 == 3;\n").diagnostics
    assert [d.code for d in bad if d.severity == "error"] == ["E303", "E301"]


PICK_REPEATEDLY = """
proc p() {
  fill deck with card;
  draw 4 from deck to hand;
  pick c from hand where c.worth > 0 and vp < 6 "discard which?" repeatedly {
    move c to deck;
    gain c.worth vp;
  }
}
"""


@pytest.mark.parametrize("answers, left, vp", [
    (["none"], 4, 0),                                  # declined at once
    (["Lumber Yard", "none"], 3, 1),                   # one, then declined
    (["Lumber Yard", "Lumber Yard", "Baths", "Lumber Yard"], 0, 6),   # until nothing is left
], ids=["none", "one", "all"])
def test_pick_repeatedly_asks_again_until_none_or_nothing_left(program, answers, left, vp):
    g = Game(program(PICK_REPEATEDLY), 2, 1)
    asked = run_proc(g, "p", answers=answers)
    assert all(d.options[-1] == "none" for d in asked)
    assert (len(hand(g)), g.state.players[0].stock["vp"]) == (left, vp)


def test_pick_repeatedly_is_printed_and_its_misuse_refused():
    assert '"discard which?" repeatedly {' in round_trip(PICK_REPEATEDLY)[1]
    bad = analyse_text(PACK + "proc q() { pick c from hand repeatedly { move c to deck; } else { gain 1 vp; } }\n"
                       "proc r() { each players simultaneously pick c from hand repeatedly { move c to deck; } }").diagnostics
    assert [d.code for d in bad if d.severity == "error"] == ["E304", "E304"]


# Dominion's Chapel, with the cards kept in hand: each pick is of a card not picked before, and the
# limit (the coins held when the pick starts) is worked out once, though the body spends coins.
PICK_UP_TO = """
proc p(purse: int) {
  fill deck with card;
  draw 4 from deck to hand;
  gain purse coin;
  pick c from hand where c.worth > 0 "score which?" up to coin {
    gain c.worth vp;
    lose 1 coin;
  }
}
"""


@pytest.mark.parametrize("purse, answers, vp, offered", [
    (2, ["none"], 0, [4]),                                           # declined at once
    (2, ["Baths", "Lumber Yard"], 4, [4, 3]),                        # the limit: two picks, no third question
    (9, ["Lumber Yard", "Lumber Yard", "Lumber Yard", "Baths"], 6, [4, 3, 2, 1]),   # each card once, then nothing left
    (0, [], 0, []),                                                  # up to 0 (at run time): nothing asked
], ids=["none", "limit", "each-once", "zero"])
def test_pick_up_to_asks_at_most_n_times_never_the_same_element_twice(program, purse, answers, vp, offered):
    g = Game(program(PICK_UP_TO), 2, 1)
    asked = run_proc(g, "p", purse, answers=answers)
    assert [len(d.options) - 1 for d in asked] == offered   # the candidates, "none" aside
    assert all(d.options[-1] == "none" for d in asked)
    assert (len(hand(g)), g.state.players[0].stock["vp"]) == (4, vp)


def test_pick_up_to_is_printed_read_and_its_misuse_refused():
    module, printed = round_trip(PICK_UP_TO)
    assert '"score which?" up to coin {' in printed
    assert reading(module, "p")[4].startswith("At most coin times, until you pick none: pick one c not picked before")
    bad = analyse_text(PACK + "proc q() { pick c from hand up to 2 { move c to deck; } else { gain 1 vp; } }\n"
                       "proc r() { each players simultaneously pick c from hand up to 2 { move c to deck; } }\n"
                       "proc s() { pick c from hand up to 0 { move c to deck; } }\n"
                       "proc t() { pick c from hand up to deck { move c to deck; } }").diagnostics
    assert [d.code for d in bad if d.severity == "error"] == ["E304", "E303"]   # a secret `up to` is fine
    assert [d.code for d in bad if d.severity != "error"] == ["W402"]   # up to 0
    with pytest.raises(RulesError) as wrong_word:
        parse_text(PACK + "proc u() { pick c from hand down to 2 { move c to deck; } }", "a.rules")
    assert wrong_word.value.diagnostics[0].code == "E100"


# Splendor: take three gems of different colours (a player may not stop at two while a third colour
# is left; with fewer colours left, fewer): `exactly N` offers no "none".
PICK_EXACTLY = """
proc p(n: int) {
  fill deck with card;
  draw n from deck to hand;
  pick c from hand "keep which?" exactly 3 {
    gain c.worth vp;
  }
}
"""


@pytest.mark.parametrize("drawn, answers, vp, offered", [
    (6, ["Baths", "Lumber Yard", "Altar"], 6, [6, 5, 4]),   # three picks, each of a card not picked before
    (2, ["Lumber Yard"], 2, [2]),                            # fewer cards than three: both (the last one forced)
    (0, [], 0, []),                                          # nothing to pick: nothing asked
], ids=["three", "fewer", "none-left"])
def test_pick_exactly_asks_n_times_without_none(program, drawn, answers, vp, offered):
    g = Game(program(PICK_EXACTLY), 2, 1)
    asked = run_proc(g, "p", drawn, answers=answers)
    assert [len(d.options) for d in asked] == offered
    assert not any("none" in d.options for d in asked)
    assert g.state.players[0].stock["vp"] == vp


def test_pick_exactly_is_printed_read_and_its_misuse_refused():
    module, printed = round_trip(PICK_EXACTLY)
    assert '"keep which?" exactly 3 {' in printed
    assert reading(module, "p")[3].startswith("3 times (fewer if fewer are left): pick one c not picked before")
    bad = analyse_text(PACK + "proc q() { pick c from hand exactly 2 { move c to deck; } else { gain 1 vp; } }\n"
                       "proc r() { each players simultaneously pick c from hand exactly 2 { move c to deck; } }\n"
                       "proc s() { pick c from hand exactly 0 { move c to deck; } }\n"
                       "proc t() { pick c from hand exactly deck { move c to deck; } }").diagnostics
    assert [(d.code, d.message) for d in bad if d.severity == "error"] == [
        ("E304", "'pick ... exactly' has no 'else': it ends when its picks are made or nothing is left to pick"),
        ("E303", "an amount must be a number, not a zone of card")]
    assert [d.message for d in bad if d.severity != "error"] == ["'pick ... exactly 0' never asks and never runs its body"]
    with pytest.raises(RulesError) as wrong_word:
        parse_text(PACK + "proc u() { pick c from hand precisely 2 { move c to deck; } }", "a.rules")
    assert wrong_word.value.diagnostics[0].code == "E100"


# 7 Wonders: what your neighbours have built, and (with Streaming Implants' shape) a pick among the
# cards of every hand but one.
GATHER = """
proc deal() {
  fill deck with card;
  each players { draw 2 from deck to hand; }
}
func neighbours_worth() = total(c in gather(q in opponents, q.hand), c.worth);
func all_cards() = size(gather(q in players, q.hand));
proc p() {
  deal();
  gain neighbours_worth() vp;
  pick c from gather(q in players where q != you, q.hand) where c.worth > 1 "take which?" up to 1 {
    move c to hand;
  }
}
"""


def test_gather_joins_the_zones_of_each_element_in_order(program):
    g = Game(program(GATHER), 3, 1)
    run_proc(g, "deal")
    funcs = g.program.funcs
    assert funcs["all_cards"](g, g.state.players[0]) == 6
    assert funcs["neighbours_worth"](g, g.state.players[0]) == sum(
        e.fields["worth"] for p in g.state.players[1:] for e in p.zones["hand"])


def test_gather_gives_a_domain_to_pick_from(program):
    g = Game(program(GATHER), 3, 1)
    asked = run_proc(g, "p", answers=[1])
    others = [e for p in g.state.players[1:] for e in p.zones["hand"]]
    assert len(hand(g)) == 3 and len(others) == 3
    assert asked[0].options[-1] == "none"


def test_gather_is_printed_read_and_its_misuse_refused():
    module, printed = round_trip(GATHER)
    assert "func all_cards() = size(gather(q in players, q.hand));" in printed
    assert "the list of the items of q's hand, for each player q" in " ".join(reading(module, "all_cards"))
    bad = analyse_text(PACK + "func f() = size(gather(p in players, p.vp));\n"
                       "func g() = size(gather(p in players));").diagnostics
    assert [d.code for d in bad if d.severity == "error"] == ["E303", "E302"]


# 7 Wonders: the uses of the card chosen this turn, each shown by the words on the table.
ENUM_TITLES = """
enum use { build "build it", stage "build a wonder stage", discard "discard it for 3 coins" }
proc p() {
  pick u from use "how?" {
    match u {
      build: gain 1 vp;
      stage: gain 2 vp;
      discard {}
    }
    say "used: {u}";
  }
}
"""


def test_enum_member_titles_show_in_decisions_messages_and_readings(program):
    g = Game(program(ENUM_TITLES), 2, 1)
    asked = run_proc(g, "p", answers=["build a wonder stage"])
    assert asked[0].options == ["build it", "build a wonder stage", "discard it for 3 coins"]
    assert g.state.players[0].stock["vp"] == 2 and g.messages == ["P1: used: build a wonder stage"]
    module, printed = round_trip(ENUM_TITLES)
    assert 'enum use { build "build it", stage "build a wonder stage", discard "discard it for 3 coins" }' in printed
    symbols = analyse_text(PACK + ENUM_TITLES).symbols
    lines = [line.strip() for line in explain(symbols.decls["p"], symbols)]
    assert "If it is “build a wonder stage”:" in lines, lines


def test_enum_members_shown_alike_are_warned():
    found = analyse_text(PACK + 'enum side { west, east "West" }\nenum ok { a "A", b }').diagnostics
    assert [(d.code, d.severity) for d in found] == [("W409", "warning")]


MAY_REPEATEDLY = """
proc bought(): int {
  draw 1 from deck to hand;
  return size(hand);
}
proc p(purse: int) {
  fill deck with card;
  gain purse coin;
  let held = 0;
  may "buy a card for 2 coins?" repeatedly cost 2 coin when held < 3 {
    set held = bought();
  }
  set vp = held;
}
"""


@pytest.mark.parametrize("purse, answers, asked, held", [
    (9, ["no"], 1, 0),                   # declined at once
    (9, ["yes", "no"], 2, 1),            # once, then declined
    (5, ["yes", "yes"], 2, 2),           # until the cost is out of reach (1 coin left)
    (9, ["yes", "yes", "yes"], 3, 3),    # until the condition turns false (3 coins left)
], ids=["no", "once", "cost", "when"])
def test_may_repeatedly_asks_again_until_declined_or_no_longer_offered(program, purse, answers, asked, held):
    g = Game(program(MAY_REPEATEDLY), 2, 1)
    questions = run_proc(g, "p", purse, answers=answers)
    assert [d.prompt for d in questions] == ["buy a card for 2 coins?"] * asked
    me = g.state.players[0]
    assert (len(hand(g)), me.stock["vp"], me.stock["coin"]) == (held, held, purse - 2 * held)


def test_may_repeatedly_and_set_from_a_proc_are_printed_and_read():
    printed = round_trip(MAY_REPEATEDLY)[1]
    assert 'may "buy a card for 2 coins?" repeatedly cost 2 coin when held < 3 {' in printed
    assert "set held = bought();" in printed
    symbols = analyse_text(PACK + MAY_REPEATEDLY).symbols
    lines = [line.strip() for line in explain(symbols.decls["p"], symbols)]
    assert any(line.startswith("As long as") and "as many times as you like" in line for line in lines), lines
    assert any(line.startswith("Do ") and "set held to what it gives" in line for line in lines), lines


IN_ANY_ORDER = """
proc p() {
  fill deck with card;
  draw 6 from deck to hand;
  for each c in hand where c.worth < 3 in any order "score which card next?" {
    gain c.worth vp;
    set vp = vp * 2;
  }
  choose "first which?" in any order {
    option "coin" { gain 1 coin; }
    option "double" { set coin = coin * 2; }
    option "later" when coin >= 2 { gain 10 coin; }
  }
}
"""


@pytest.mark.parametrize("answers, vp, coin", [
    # the hand is the whole deck: Lumber Yard (1) x3, Altar (2) x2 and Baths (3, never offered)
    (["Altar", "Lumber Yard", "Altar", "Lumber Yard", "coin"], 102, 12),
    (["Lumber Yard", "Lumber Yard", "Lumber Yard", "Altar", "double"], 68, 1),
], ids=["later-offered-once-coin-reaches-2", "later-never-offered"])
def test_in_any_order_runs_each_once_in_the_order_chosen(program, answers, vp, coin):
    g = Game(program(IN_ANY_ORDER), 2, 1)
    asked = [d for d in run_proc(g, "p", answers=answers) if len(d.options) > 1]
    me = g.state.players[0]
    assert (me.stock["vp"], me.stock["coin"]) == (vp, coin)
    assert [d.prompt for d in asked] == ["score which card next?"] * 4 + ["first which?"]
    assert "Baths" not in asked[0].options and len(asked[0].options) == 5


def test_in_any_order_is_printed_read_and_its_misuse_reported():
    printed = round_trip(IN_ANY_ORDER)[1]
    assert 'for each c in hand where c.worth < 3 in any order "score which card next?" {' in printed
    assert 'choose "first which?" in any order {' in printed
    lines = reading(parse_text(PACK + IN_ANY_ORDER, "a.rules"), "p")
    assert "For each c in hand for which c's worth is less than 3, in the order you choose (score which card next?):" \
        in lines, lines
    assert "Do each of these once, in the order you choose (first which?):" in lines
    found = analyse_text(PACK + 'proc q() { choose in any order { option "x" { gain 1 vp; } } }\n').diagnostics
    assert [d.code for d in found] == ["W402"]
    with pytest.raises(RulesError) as bad:
        parse_text(PACK + "proc q() { for each c in hand in any ordre { gain 1 vp; } }\n", "a.rules")
    assert bad.value.diagnostics[0].code == "E100"


SEATS = """
proc p() {
  for each q in players_counterclockwise_from(right(left)) {
    each q {
      gain 1 vp;
      set vp = vp + count(r in players where r.vp > 0);
    }
  }
}
"""


def test_players_counterclockwise_from_walks_to_the_right(program):
    g = Game(program(SEATS), 4, 1)
    run_proc(g, "p", player=1)   # P2 acting: right(left) is P2 itself, then P1, P4, P3
    assert [p.stock["vp"] for p in g.state.players] == [1 + 2, 1 + 1, 1 + 4, 1 + 3]
    assert g.players_counterclockwise_from(g.state.players[2]) == [g.state.players[i] for i in (2, 1, 0, 3)]


OTHERS = """
counter order;
counter called global;
proc witch() {
  each others_from(you) { gain 1 called; set order = called; }
}
proc asked() { pick q from others_from(you) "curse whom first?" { gain 1 vp; } }
"""


def test_others_from_is_every_other_player_in_turn_order_from_the_left(program):
    """`each others_from(you)`: P3's attack reaches P4, P1, P2 in that order ("each other player, in
    turn order starting on your left"), where `opponents` goes in seat order (P1, P2, P4); a player
    knocked out is passed over."""
    g = Game(program(OTHERS), 4, 1)
    run_proc(g, "witch", player=2)
    ps = g.state.players
    assert [p.stock["order"] for p in ps] == [2, 3, 0, 1]
    assert g.others_from(ps[2]) == [ps[3], ps[0], ps[1]] and g.opponents(ps[2]) == [ps[0], ps[1], ps[3]]
    asked = run_proc(g, "asked", player=2, answers=["P4"])
    assert asked[0].options == ["P4", "P1", "P2"]
    g.eliminate(ps[0])
    assert g.others_from(ps[2]) == [ps[3], ps[1]] and g.others_from(ps[0]) == [ps[1], ps[2], ps[3]]


def test_others_from_takes_one_player():
    from .conftest import the_one_error
    the_one_error(analyse_text(PACK + OTHERS + "proc bad() { each others_from(3): gain 1 vp; }"), "E303",
                  "others_from() takes a player")
    the_one_error(analyse_text(PACK + OTHERS + "proc bad() { each others_from(): gain 1 vp; }"), "E302")
    the_one_error(analyse_text(PACK + OTHERS + "proc bad() { each players_from(bath): gain 1 vp; }"), "E303",
                  "players_from() takes a player")
    module, _printed = round_trip(OTHERS)
    assert "every player but you in turn order, starting on their left" in " ".join(reading(module, "witch"))


MATCH_STATEMENT = """
proc by_color(c: color) {
  match c {
    red: gain 1 vp;
    blue, green {
      gain 2 vp;
      gain 1 coin;
    }
  }
}
proc by_number(n: int) {
  match n + 1 {
    1: gain 1 coin;
    2, 3 {
      gain n coin;
    }
    else: gain 10 vp;
  }
}
"""


@pytest.mark.parametrize("proc, arg, stock", [
    ("by_color", "red", (1, 0)), ("by_color", "green", (2, 1)),
    ("by_number", 0, (0, 1)), ("by_number", 2, (0, 2)), ("by_number", 7, (10, 0)),
])
def test_match_statement_runs_the_first_arm_naming_the_value(program, proc, arg, stock):
    g = Game(program(MATCH_STATEMENT), 2, 1)
    run_proc(g, proc, arg)
    me = g.state.players[0]
    assert (me.stock["vp"], me.stock["coin"]) == stock


def test_match_statement_is_printed_read_and_its_misuse_reported():
    printed = round_trip(MATCH_STATEMENT)[1]
    assert "    red: gain 1 vp;\n    blue, green {\n" in printed and "    else: gain 10 vp;\n" in printed
    lines = reading(parse_text(PACK + MATCH_STATEMENT, "a.rules"), "by_number")
    assert lines[1:4] == ["Depending on n plus 1:", "If it is 1:", "Gain 1 coin."], lines
    found = analyse_text(PACK + "proc q(c: color) { match c { red: gain 1 vp; 3: gain 1 vp; red {} } }\n").diagnostics
    assert [(d.code, d.span.column) for d in found] == [("W408", 20), ("E303", 46), ("W402", 60)]


LET_PAY = """
event trade(side: int);
proc p(discounted: bool) {
  gain 5 coin;
  if discounted {
    modifier you trade(side = 1) once { cost -1 coin; }
  }
  let paid = pay 2 coin for trade(1);
  let again = pay 2 coin for trade(1);
  each left {
    gain paid * 10 + again vp;
  }
}
"""


@pytest.mark.parametrize("discounted, coin, vp", [(False, 1, 22), (True, 2, 12)])
def test_let_pay_binds_what_the_payment_took_after_the_modifiers(program, discounted, coin, vp):
    g = Game(program(LET_PAY), 2, 1)
    run_proc(g, "p", discounted)
    assert (g.state.players[0].stock["coin"], g.state.players[1].stock["vp"]) == (coin, vp)
    printed = round_trip(LET_PAY)[1]
    assert "let paid = pay 2 coin for trade(1);" in printed


def test_a_failure_inside_a_func_is_placed_at_the_func_on_both_backends(program):
    # a division by zero inside `value` is placed at its value, not at the statement that asked for it
    text = "func value(c: color) = points(c) / (coin - coin);\nproc p() { gain value(green) vp; }\n"
    g = Game(program(text), 2, 1)
    with pytest.raises(RulesRuntimeError) as e:
        g.start(g.program.procs["p"](g, g.state.players[0]))
    assert (e.value.code, e.value.where) == ("E601", "_text_:13:24")


FACES = """
die d: int {
  face "one" = 1;
  face "two" * 3 = 2;
}
proc p() {
  repeat 400 {
    let x = roll d;
    gain x vp;
  }
}
"""


def test_a_face_printed_n_times_comes_up_n_times_as_often(program):
    g = Game(program(FACES), 2, 3)
    run_proc(g, "p")
    twos = g.state.players[0].stock["vp"] - 400   # each roll gives 1, or 2 for a "two"
    assert 240 <= twos <= 360                      # 3 faces in 4: about 300 of 400
    assert [face[0] for face in g.program.dice["d"]] == ["one", "two", "two", "two"]
    assert 'face "two" * 3 = 2;' in round_trip(FACES)[1]


# ---------------------------------------------------------------------------- winner fewest

FEWEST_GAME = """
proc p() { gain 1 coin; }
game g {
  seats 3 to 3;
  phase play { each players { if you == first(q in players where true) { gain 2 vp; } else { gain 1 vp; } } }
  phase final { each players where vp == 1 { gain 1 coin; } }
  winner fewest vp then fewest coin then most score();
}
"""


def test_winner_fewest_ranks_the_lowest_value_first_and_keeps_the_scores_as_they_are(program):
    """No Thanks!'s fewest points win: the keys are shown as they are (not negated), players 2 and 3
    tie on the fewest vp and coin, so the third key (most score, equal too) shares the win."""
    game = Game(program(FEWEST_GAME), 3, 1)
    result = game.play()
    assert result["scores"] == {"P1": [2, 0, 0], "P2": [1, 1, 1], "P3": [1, 1, 1]}
    assert result["winners"] == ["P2", "P3"]
    assert result["keys"] == ["fewest vp", "fewest coin", "score()"]


def test_winner_fewest_on_a_tie_break_only(program):
    """`winner most vp then fewest coin`: everyone has 1 vp, and the tie goes to the fewest coins."""
    text = FEWEST_GAME.replace("winner fewest vp then fewest coin then most score();", "winner most vp then fewest coin;")
    text = text.replace("if you == first(q in players where true) { gain 2 vp; } else { gain 1 vp; }", "gain 1 vp;")
    game = Game(program(text.replace("each players where vp == 1 { gain 1 coin; }", "")), 3, 1)
    for player, coins in zip(game.state.players, (2, 0, 1)):
        player.stock["coin"] = coins
    result = game.play()
    assert result["scores"] == {"P1": [1, 2], "P2": [1, 0], "P3": [1, 1]} and result["winners"] == ["P2"]


def test_winner_fewest_prints_reads_and_warns_on_a_negated_key():
    module, printed = round_trip(FEWEST_GAME)
    assert "winner fewest vp then fewest coin then score();" in printed
    assert reading(module, "g")[-1] == ("The winner is the player with the fewest vp (ties broken by the "
                                        "fewest coin, then the most “score”).")
    negated = FEWEST_GAME.replace("winner fewest vp then fewest coin then most score();",
                                  "winner most -vp then 0 - coin then coin - vp;")
    found = [d for d in analyse_text(PACK + negated).diagnostics if d.code == "W410"]
    assert [d.message.split("'")[1] for d in found] == ["fewest vp", "fewest coin"]   # not `coin - vp`


# ---------------------------------------------------------------------------- numbered copies

NUMBERED = """
kind numbered { value: int; bonus_vp: int = copy_number * 0 + 1; }
zone line of numbered;
numbered nt "Card {value}" * 4 { value = copy_number + 2; }
numbered odd "Odd {{one}} #{copy_number}, {value * 10}" * 2 { value = 7 - copy_number; }
proc q() { fill line with numbered; gain total(c in line, c.value + c.bonus_vp) coin; }
"""


def test_copies_take_their_fields_and_titles_from_copy_number(program):
    """No Thanks!-style numbered cards: one declaration, each copy its own value and title, on
    both backends (the fields and titles are data the layout works out once)."""
    p = program(NUMBERED)
    assert [p.entities[n].title for n in ("nt", "nt#2", "nt#3", "nt#4", "odd", "odd#2")] == \
        ["Card 3", "Card 4", "Card 5", "Card 6", "Odd {one} #1, 60", "Odd {one} #2, 50"]
    assert [p.entities[n].fields["value"] for n in ("nt", "nt#4", "odd#2")] == [3, 6, 5]
    g = Game(p, 2, 1)
    run_proc(g, "q")
    assert g.state.players[0].stock["coin"] == (3 + 4 + 5 + 6 + 6 + 5) + 6
    assert g.text(g.state.zones["line"][:2]) == "Card 3, Card 4"


def test_numbered_copies_print_back_and_report_what_cannot_be_worked_out():
    module, printed = round_trip(NUMBERED)
    assert 'numbered odd "Odd {{one}} #{copy_number}, {value * 10}" * 2 {' in printed
    found = analyse_text(PACK + NUMBERED.replace("{value * 10}", "{valeu * 10}")).diagnostics
    assert [(d.code, d.span.column, d.hint) for d in found if d.code == "E303"] == \
        [("E303", 44, "did you mean 'value'?")]
    found = analyse_text(PACK + NUMBERED.replace("copy_number + 2", "12 / (copy_number - 3)")).diagnostics
    assert [(d.code, "copy 3" in d.message) for d in found] == [("E303", True)]


def test_the_nouns_a_card_is_described_by_may_name_its_fields(program):
    """Splendor's development cards: `cost`, `bonus`, `rank` and `first` are keywords elsewhere, and
    name fields here (declared, given, read after a dot), on both backends, printed back the same."""
    text = """
kind development { cost: int; bonus: color; rank: int = 1; first: bool = false; }
zone shop of development;
development ruby_mine { cost = 3; bonus = red; rank = 2; first = true; }
development onyx_pit { cost = 1; bonus = blue; }
proc buy() { fill shop with development; for each d in shop where d.first or d.cost < 2 { gain d.cost * d.rank coin; } }
"""
    g = Game(program(text), 2, 1)
    run_proc(g, "buy")
    assert g.state.players[0].stock["coin"] == 3 * 2 + 1 * 1
    module, printed = round_trip(text)
    assert "kind development { cost: int; bonus: color; rank: int = 1; first: bool = false; }" in printed
    assert "development onyx_pit { cost = 1; bonus = blue; }" in printed and "d.first or d.cost < 2" in printed


RACE = """
counter vp;
counter columns "Columns claimed";
proc claim() {
  gain 1 columns;
  if columns >= 2 {
    say "{you} claims a second column and wins at once";
    end game;
  }
  gain 100 vp;
}
game race {
  seats 2 to 3;
  phase play {
    repeat 10 {
      each players {
        may "claim a column?" {
          claim();
        }
        gain 1 vp;
      }
    }
  }
  phase final {
    each players: gain columns * 10 vp;
    end game;
    each players: gain 1000 vp;
  }
  winner most vp;
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_end_game_stops_everything_under_way_and_goes_to_the_final_phase(interpreted):
    """Can't Stop's "a player who claims a third column wins at once": `end game;` stops the proc, the
    turn and the round loop; the final phase runs (and an `end game` there stops it); the log
    replays to the same state."""
    from rulebook.runtime.record import record, replay

    p = build_text(RACE, interpreted=interpreted)
    g = Game(p, 2, 1, [ScriptedAgent(["yes", "no", "yes"])] * 2)
    g.play()
    assert g.state.over and g.decisions_made == 3
    me, other = g.state.players
    assert (me.stock["vp"], other.stock["vp"]) == (100 + 1 + 2 * 10, 1)   # no +100, no +1000
    assert g.messages[-1] == "P1 claims a second column and wins at once"
    assert g.result()["winners"] == ["P1"]
    assert replay(p, record(g)).state.digest() == g.state.digest()


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_end_game_in_an_effect_run_alone_ends_that_game(interpreted):
    p = build_text(RACE, interpreted=interpreted)
    g = Game(p, 2, 1)
    g.state.players[0].stock["columns"] = 1
    assert g.start(p.procs["claim"](g, g.state.players[0])) is None
    assert g.state.over and g.state.players[0].stock["vp"] == 0


def test_end_game_prints_back_and_reads_in_words():
    analysed = analyse_text(RACE)
    module = parse_text(RACE, "a.rules")
    assert parse_text(format_module(module), "a.rules") == module and "    end game;\n" in format_module(module)
    words = [line.strip() for line in explain(analysed.symbols.decls["claim"], analysed.symbols)]
    assert "The game ends at once: what was under way stops, the final phase runs, and the winner is decided." in words


MAKI = """
counter maki "Maki rolls";
proc score_maki() {
  rank players by maki award [6, 3] vp ties share;
}
proc score_maki_split() {
  rank players by maki award [6, 3] vp ties split;
}
"""


@pytest.mark.parametrize("rolls, shared, split", [
    ([5, 5, 2, 0], [3, 3, 0, 0], [4, 4, 0, 0]),     # two tied for most: they share the 6, nobody second
    ([5, 2, 2, 0], [6, 1, 1, 0], [6, 1, 1, 0]),     # one first, two tied second: they share the 3
    ([4, 4, 4, 1], [2, 2, 2, 0], [3, 3, 3, 0]),     # three tied for most
    ([4, 3, 1, 0], [6, 3, 0, 0], [6, 3, 0, 0]),     # no tie: the same
], ids=["tie-first", "tie-second", "three-tied", "no-tie"])
def test_ties_share_split_only_the_prize_of_the_place_tied_for(program, rolls, shared, split):
    """Sushi Go's maki rolls: a tie for most splits the 6 and gives no second place (`ties share`);
    `ties split` shares the prizes of every place the tied players cover."""
    p = program(MAKI)
    for proc, expected in (("score_maki", shared), ("score_maki_split", split)):
        g = Game(p, 4, 1)
        for player, n in zip(g.state.players, rolls):
            player.stock["maki"] = n
        run_proc(g, proc)
        assert [pl.stock["vp"] for pl in g.state.players] == expected, proc


def test_a_tie_mode_that_is_not_one_of_the_four_is_refused_with_a_suggestion():
    (d,) = [d for d in analyse_text(PACK + MAKI.replace("ties share", "ties shared")).diagnostics
            if d.severity == "error"]
    assert d.code == "E308" and "'split', 'share', 'all', 'lower' or 'none'" in d.message and d.hint == "did you mean 'share'?"


PUSH = """
proc push() {
  may "roll again?" repeatedly {
    gain 1 coin;
  }
  may "bank it?" {
    gain 1 vp;
  }
}
"""


def test_the_question_of_a_may_repeatedly_says_so_and_a_focused_agent_never_plans_on_it(program):
    """Can't Stop's "roll again?": a focused agent that kept its first "yes" pushed its luck for ever
    (a game between two of them never ended); the question of a `may ... repeatedly` is marked
    `repeated`, on both backends, and a focused agent answers it at random, making no plan of it."""
    from rulebook.runtime.agents import FocusedAgent

    p = program(PUSH)
    g = Game(p, 2, 1)
    d = g.start(p.procs["push"](g, g.state.players[0]))
    assert (d.prompt, Asked(d).repeated) == ("roll again?", True)
    d = g.apply(1)
    assert (d.prompt, Asked(d).repeated) == ("roll again?", True)
    d = g.apply(0)
    assert (d.prompt, Asked(d).repeated) == ("bank it?", False)
    agents = [FocusedAgent(seed) for seed in range(20)]
    d = Game(p, 2, 1).start(p.procs["push"](g, g.state.players[0]))
    answers = [[a.choose(Asked(d), None) for _ in range(10)] for a in agents]
    assert all(not a.plan for a in agents) and any(0 < sum(row) < 10 for row in answers)


FAILING_FUNC = """
func peak(c: int) = [3, 5, 7][c - 1];
func twice(c: int) = peak(c) * 2;
zone row of card;
proc score_it(n: int) {
  gain twice(n) vp;
}
proc choose_high() {
  fill row with card;
  pick c from row where peak(c.worth + 5) > 0 "which?" { gain 1 vp; }
}
game fp {
  seats 2 to 2;
  phase play {
    score_it(2);
    score_it(%s);
  }
  winner most vp;
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_failure_inside_a_func_names_the_func_its_arguments_and_the_statement_that_asked(interpreted):
    """Found writing Can't Stop: `peak(7)` failing reported only the func's own line, which does not
    say who called it with 7. The note names the innermost func with its arguments and the statement
    it was worked out for, the same on both backends (a statement's filter too)."""
    p = build_text(PACK + FAILING_FUNC % 7, interpreted=interpreted)
    with pytest.raises(RulesRuntimeError) as failed:
        Game(p, 2, 1).play()
    e = failed.value
    line = (PACK + FAILING_FUNC).split("\n").index("  gain twice(n) vp;") + 1
    assert e.message == "there is no item 6 in a list of 3" and e.where.endswith(f":{line - 4}:21")
    file = e.where.rsplit(":", 2)[0]
    assert e.notes == [f"in peak(c = 7), worked out for the statement at {file}:{line}:3"]
    g = Game(p, 2, 1)
    with pytest.raises(RulesRuntimeError) as failed:
        g.start(p.procs["choose_high"](g, g.state.players[0]))
    pick_line = (PACK + FAILING_FUNC).split("\n").index('  pick c from row where peak(c.worth + 5) > 0 "which?" '
                                                        '{ gain 1 vp; }') + 1
    assert failed.value.notes == [f"in peak(c = 6), worked out for the statement at {file}:{pick_line}:3"]


@pytest.mark.parametrize("body", ["gain first(hand).worth vp;", "let top_card = first(hand); gain top_card.worth vp;"],
                         ids=["expression", "local"])
def test_a_field_of_none_is_the_same_error_on_both_backends(body):
    """Hearts' trick with no card played: the compiled code reads a field no rule sets straight from
    the card, and of `none` Python failed with an AttributeError the interpreter does not give; both
    now say "none has no field", so a failed game's log replays on either backend."""
    errors = []
    for interpreted in (False, True):
        p = build_text(PACK + f"proc p() {{ {body} }}", interpreted=interpreted)
        g = Game(p, 2, 1)
        with pytest.raises(RulesRuntimeError) as failed:
            g.start(p.procs["p"](g, g.state.players[0]))
        errors.append((failed.value.code, failed.value.message, failed.value.where))
    assert errors[0] == errors[1] and errors[0][:2] == ("E601", "none has no field 'worth'")


def test_a_field_of_a_none_card_parameter_in_the_winner_line_is_the_same_error_on_both_backends():
    """The winner keys are worked out outside any effect: a card parameter given none there was
    'the winner line failed: AttributeError: ...' on the compiled backend only."""
    text = PACK + "var held: card;\nfunc held_worth(c: card) = c.worth;\n" \
        "game g { seats 2 to 2; phase play { gain 1 vp; } winner most vp + held_worth(held); }"
    errors = []
    for interpreted in (False, True):
        p = build_text(text, interpreted=interpreted)
        g = Game(p, 2, 1)
        g.start()
        with pytest.raises(RulesRuntimeError) as failed:
            g.result()
        errors.append((failed.value.code, failed.value.message, failed.value.where))
    assert errors[0] == errors[1] and errors[0][:2] == ("E601", "none has no field 'worth'") and errors[0][2] is not None


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_field_named_by_a_keyword_may_be_shown_in_a_title(interpreted):
    """Hearts: `kind card { rank: int; }` is allowed (rank may name a field), and so is `{rank}` in a
    card's title; it was E108 "unexpected 'rank'"."""
    text = ('enum suit { clubs }\nkind playing { rank: int; suit: suit; }\n'
            'playing club "{rank} of Clubs" * 3 { rank = copy_number + 1; suit = clubs; }\n')
    p = build_text(PACK + text, interpreted=interpreted)
    assert [e.title for n, e in p.entities.items() if n.startswith("club")] == ["2 of Clubs", "3 of Clubs", "4 of Clubs"]


TRICK = """
enum suit { hearts, spades }
kind playing { suit: suit; value: int; }
playing h2 "2 of Hearts" { suit = hearts; value = 2; }
playing h9 "9 of Hearts" { suit = hearts; value = 9; }
playing s5 "5 of Spades" { suit = spades; value = 5; }
playing h9b "Another 9 of Hearts" { suit = hearts; value = 9; }
zone trick of playing;
func takes(led: suit) = top(c in trick where c.suit == led, c.value);
proc play_out() {
  fill trick with playing;
  let w = takes(hearts);
  say "{w}, {bottom(c in trick, c.value)}, {top(q in players, q.coin)}, {takes(spades)}";
  say "{bottom(c in trick where c.value > 100, c.value)}";
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_top_and_bottom_give_the_element_with_the_highest_or_lowest_value(interpreted):
    """Hearts' trick goes to the highest card of the led suit, For Sale's auction to the highest bid:
    `top` and `bottom` give the element, the first such on a tie, none over no element."""
    g = Game(build_text(PACK + TRICK, interpreted=interpreted), 3, 1)
    g.state.players[1].stock["coin"] = g.state.players[2].stock["coin"] = 4
    run_proc(g, "play_out")
    assert g.messages == ["9 of Hearts, 2 of Hearts, P2, 5 of Spades", "P1: nothing"]   # a line naming a player: no prefix


def test_top_and_bottom_are_checked_printed_and_read():
    bad = [(d.code, d.message) for d in analyse_text(PACK + TRICK + "func no_key() = top(c in trick);\n"
                                                     "func words() = top(c in trick, c.title);\n").diagnostics
           if d.severity == "error"]
    assert bad[0][0] == "E302" and "top(...) needs a number for each element" in bad[0][1]
    assert bad[1][0] == "E303"   # a text; an enum member is ordered by its place (test_enum_order.py)
    analysed = analyse_text(PACK + TRICK)
    module = parse_text(PACK + TRICK, "a.rules")
    assert parse_text(format_module(module), "a.rules") == module
    words = " ".join(explain(analysed.symbols.decls["takes"], analysed.symbols))
    assert "with the highest c's value (the first such on a tie; nobody if none)" in words


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_copys_field_may_be_an_item_of_a_list_by_copy_number(interpreted):
    """Hearts' face cards: `name = ["Jack", "Queen", "King", "Ace"][copy_number];` is worked out for
    each copy before play (it was E303 twice, the second "a division by zero?"); an item past the
    list's end says what may be there."""
    text = ('kind face_card { face_name: str; rank: int; }\n'
            'face_card spade_face "{face_name} of Spades" * 4 { rank = copy_number + 10; '
            'face_name = ["Jack", "Queen", "King", "Ace"][copy_number]; }\n')
    p = build_text(PACK + text, interpreted=interpreted)
    assert [e.title for n, e in p.entities.items() if n.startswith("spade_face")] == [
        "Jack of Spades", "Queen of Spades", "King of Spades", "Ace of Spades"]
    bad = [d.message for d in analyse_text(PACK + text.replace("* 4", "* 5")).diagnostics if d.severity == "error"]
    assert len(bad) == 1 and "cannot be worked out for copy 5" in bad[0] and "no item past a list's end" in bad[0]


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_counter_with_a_negative_floor_goes_below_zero_down_to_it(interpreted):
    """Omnibus Hearts' Jack of Diamonds is -10: a score with a negative floor goes below zero, down to
    the floor, and starts at it (a setup sets it to 0)."""
    p = build_text(PACK + "counter penalty from -20 to 50;\nproc jack() { set penalty = 0; lose 10 penalty; }\n"
                   "proc more() { lose 15 penalty; }\n", interpreted=interpreted)
    g = Game(p, 2, 1)
    assert g.state.players[0].stock["penalty"] == -20
    run_proc(g, "jack")
    assert g.state.players[0].stock["penalty"] == -10
    run_proc(g, "more")
    assert g.state.players[0].stock["penalty"] == -20


ORDERED = """
zone pile of card;
proc deal() {
  fill deck with card where it.color == blue;
  whenever you move {
    gain 1 coin;
    say "moved {it.item}";
  }
  draw 3 from deck to hand;
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_the_firings_of_one_statement_run_one_after_another_in_order(interpreted):
    """Dominion-lite: three cards drawn fire `whenever you move` three times; each firing ran its first
    statement, then the next firing started (a drain inside a firing ran its queued siblings), so the
    messages came out last card first. A firing now runs to its end before the next one."""
    g = Game(build_text(PACK + ORDERED, interpreted=interpreted), 2, 1)
    run_proc(g, "deal")
    drawn = hand(g)
    assert len(drawn) == 3
    titles = {e.name: e.title for e in g.program.entities.values()}
    assert g.messages == [f"P1: moved {titles[name]}" for name in drawn]


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_cost_term_of_zero_pays_nothing_and_announces_nothing(interpreted):
    """Stone Age-lite: a building costing `b.s stone` with no stone on it traced `pay 0 stone` and fired
    `whenever you pay` with amount 0; a zero term is skipped, as `gain 0` is."""
    text = "counter paid;\nproc listen() { whenever you pay { gain 1 paid; } }\nproc buy(n: int) { pay 1 coin, n vp; }\n"
    p = build_text(PACK + text, interpreted=interpreted)
    g = Game(p, 2, 1)
    me = g.state.players[0]
    me.stock["coin"] = 2
    seen = []
    g.tracer = seen.append
    run_proc(g, "listen")
    run_proc(g, "buy", 0)
    assert me.stock["paid"] == 1 and [e.what for e in seen if e.kind == "pay"] == ["coin"]


LABELLED = """
counter tool[1..3] "Tool level";
proc use_tool() {
  pick t from 1..3 where tool[t] > 0 "use which tool?" as "tool {t} (level {tool[t]})" optional {
    gain tool[t] coin;
  }
}
proc upgrade() {
  pick t from 1..3 "raise which tool?" as "level {tool[t]}" repeatedly {
    gain 1 tool[t];
  }
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_picks_candidates_are_shown_by_their_label(interpreted):
    """Stone Age-lite: a pick over tool slots showed 1, 2, 3; `as "..."` shows each candidate by a text
    worked out with the variable standing for it, again at each asking of a repeated pick, alike
    labels told apart."""
    p = build_text(PACK + LABELLED, interpreted=interpreted)
    g = Game(p, 2, 1)
    me = g.state.players[0]
    me.stock["tool[1]"], me.stock["tool[3]"] = 2, 4
    d = g.start(p.procs["use_tool"](g, me))
    assert d.options == ["tool 1 (level 2)", "tool 3 (level 4)", "none"]
    assert g.apply(d.index_of("tool 3 (level 4)")) is None and me.stock["coin"] == 4
    g = Game(p, 2, 1)
    me = g.state.players[0]
    d = g.start(p.procs["upgrade"](g, me))
    assert d.options == ["level 0 (1 of 3)", "level 0 (2 of 3)", "level 0 (3 of 3)", "none"]
    d = g.apply(1)
    assert d.options == ["level 0 (1 of 2)", "level 1", "level 0 (2 of 2)", "none"]


def test_labels_are_checked_printed_and_read():
    module = parse_text(PACK + LABELLED, "a.rules")
    assert parse_text(format_module(module), "a.rules") == module
    analysed = analyse_text(PACK + LABELLED)
    words = " ".join(explain(analysed.symbols.decls["use_tool"], analysed.symbols))
    assert "each shown as “tool [t] (level [tool[t]])”" in words
    bad = PACK + ('proc p() { pick c from hand "take {c}?" as "{c.wroth}" { } '
                  'each players simultaneously pick d from hand as "{d}" { } }\n')
    found = [(d.code, d.message, d.hint) for d in analyse_text(bad).diagnostics if d.severity == "error"]
    assert ("E201", "the prompt is asked before 'c' is picked: it cannot show 'c'",
            "show each candidate in its label: 'as \"{c}\"'") in found
    assert any(code == "E205" and "wroth" in message for code, message, _ in found)
    # a simultaneous pick shows its candidates by a label too (each player's, worked out for them): no E304
    assert not any(code == "E304" for code, _message, _ in found)


FIRST_WHO_ACCEPTS = """
proc partner(): player {
  each opponents where coin >= 1 {
    may "give 1 coin for 2 vp?" {
      return you;
    }
  }
  return none;
}
proc p() {
  let who = partner();
  if who != none { each who { lose 1 coin; gain 2 vp; } }
}
"""


@pytest.mark.parametrize("answers, asked, traded", [
    ([1], 1, 1),          # P2 accepts: P3 and P4 are never asked
    ([0, 1], 2, 2),       # P2 declines, P3 accepts, P4 is not asked
    ([0, 0, 0], 3, None),  # nobody accepts
])
def test_a_return_inside_each_and_may_stops_at_the_first_player_who_accepts(program, answers, asked, traded):
    """Docs 4.10, "The first player who accepts" (a Coup audit: a reaction any player may make, the
    first who does settling it)."""
    g = Game(program(FIRST_WHO_ACCEPTS), 4, 1)
    for p in g.state.players:
        p.stock["coin"] = 1
    questions = run_proc(g, "p", answers=answers)
    assert [d.player.index for d in questions] == list(range(1, 1 + asked))
    assert [p.stock["vp"] for p in g.state.players] == [2 if i == traded else 0 for i in range(4)]


# Century: Spice Road-like merchant cards: what a card gives and needs, one number per colour of
# PACK's enum; a flag per colour; a gem counter per colour to pay with.
MERCHANTS = """
counter gems[color];
kind merchant "Merchant card" { gives: int[color]; needs: int[color] = 1; sweet: bool[color] = false; }
zone market of merchant;
merchant upgrade "Upgrade" { gives = {red: 2}; needs = {}; sweet = {blue: true}; }
merchant trade "Trade" { gives = {blue: 1, green: 3}; needs = {red: 3}; }
merchant ladder "Ladder" * 3 { gives = {green: copy_number}; }
var favourite: color = none;
func affordable_by_gems(m: merchant) = every(g in color where gems[g] >= m.needs[g]);
proc play(m: merchant) {
  for each g in color { gain m.gives[g] gems[g]; }
  gain total(g in color, m.gives[g]) vp;
  if m.sweet[blue] { gain 10 coin; }
  if affordable_by_gems(trade) { gain 100 coin; }
}
proc wear(m: merchant) { set m.needs[red] = m.needs[red] + 2; gain m.needs[red] vp; }
"""


def test_a_field_per_member_is_read_summed_and_set(program):
    p = program(MERCHANTS)
    assert {k: v for k, v in p.entities["trade"].fields.items() if k.startswith("gives")} == \
        {"gives[red]": 0, "gives[blue]": 1, "gives[green]": 3}
    assert p.entities["upgrade"].fields["needs[green]"] == 1 and p.entities["trade"].fields["needs[blue]"] == 1
    assert [p.entities[n].fields["gives[green]"] for n in ("ladder", "ladder#2", "ladder#3")] == [1, 2, 3]
    g = Game(p, 2, 1)
    me = g.state.players[0]
    run_proc(g, "play", p.entities["upgrade"])   # 2 red: the trade needs 3 red, 1 blue, 1 green
    assert (me.stock["gems[red]"], me.stock["vp"], me.stock["coin"]) == (2, 2, 10)
    run_proc(g, "play", p.entities["trade"])     # 2 red, 1 blue, 3 green: still 1 red short
    assert (me.stock["gems[green]"], me.stock["vp"], me.stock["coin"]) == (3, 6, 10)
    run_proc(g, "play", p.entities["upgrade"])   # 4 red: now enough
    assert me.stock["coin"] == 10 + 10 + 100
    run_proc(g, "wear", p.entities["trade"])
    run_proc(g, "wear", p.entities["trade"])
    assert me.stock["vp"] == 8 + 5 + 7 and g.state.evars == {"trade": {"needs[red]": 7}}
    assert p.entities["trade"].fields["needs[red]"] == 3   # the card as printed is untouched
    view = g.view(0)
    assert view["zones"]["market"]["size"] == 0
    again = State.from_json(g.state.to_json(), p.entities)
    assert again.digest() == g.state.digest() and again.evars == g.state.evars
    check_saved(g.state.to_json(), p)


def test_a_field_per_member_read_with_no_member_stops_play_alike_on_both_backends(program):
    g = Game(program(MERCHANTS +
                     "proc p() { gain upgrade.gives[favourite] vp; }"), 2, 1)
    with pytest.raises(RulesRuntimeError) as e:
        run_proc(g, "p")
    assert e.value.code == "E601" and e.value.message == "field gives has no element none (it has red, blue, green)"


def test_a_field_per_member_is_shown_in_views_with_its_members():
    p = build_text(PACK + MERCHANTS + "proc p() { fill market with merchant; }")
    g = Game(p, 2, 1)
    run_proc(g, "p")
    shown = {i["name"]: i["fields"] for i in g.view(0)["zones"]["market"]["items"]}
    assert {k: v for k, v in shown["trade"].items() if k.startswith("gives")} == \
        {"gives[red]": 0, "gives[blue]": 1, "gives[green]": 3}


def test_a_field_per_member_is_printed_back_and_read_in_words():
    module, printed = round_trip(MERCHANTS)
    assert "kind merchant \"Merchant card\" { gives: int[color]; needs: int[color] = 1; sweet: bool[color] = false; }" \
        in printed
    assert "merchant trade \"Trade\" { gives = {blue: 1, green: 3}; needs = {red: 3}; }" in printed
    long = ("enum essence { elan_essence_of_fire, life_essence_of_trees, calm_essence_of_water, death_essence_of_night, gold }\n"
            "kind artifact { cost: int[essence]; }\n"
            "artifact egg { cost = {gold: 1, death_essence_of_night: 1, elan_essence_of_fire: 3, life_essence_of_trees: 2, calm_essence_of_water: 7}; }\n")
    module = parse_text(long, "a.rules")
    printed = format_module(module)   # too long for a line: one member a line
    assert parse_text(printed, "a.rules") == module and printed.endswith(
        "artifact egg {\n  cost = {\n    gold: 1,\n    death_essence_of_night: 1,\n    elan_essence_of_fire: 3,\n    life_essence_of_trees: 2,\n"
        "    calm_essence_of_water: 7\n  };\n}\n")
    analysed = analyse_text(PACK + MERCHANTS)
    assert not [d for d in analysed.diagnostics if d.severity == "error"]
    words = lambda name: [line.strip() for line in explain(analysed.symbols.decls[name], analysed.symbols)]  # noqa: E731
    assert "Gives: 1 blue, 3 green." in words("trade") and "Needs: 3 red." in words("trade")
    assert "Sweet: blue." in words("upgrade") and "Needs: none." in words("upgrade")
    assert "Gain VP equal to the total of m's gives (g) over g among color." in words("play")
    assert "Set m's needs (red) to m's needs (red) plus 2." in words("wear")
    assert words("merchant") == ["kind merchant \"Merchant card\"", "Merchant cards have gives (one for each color), "
                                 "needs (one for each color) and sweet (one for each color)."]


@pytest.mark.parametrize("text, code, message", [
    ("merchant m { gives = {red: 1, red: 2}; }", "E215", "member 'red' of field 'gives' is given twice"),
    ("merchant m { gives = {rde: 1}; }", "E303", "rde is not a color (one of red, blue, green)"),
    ("merchant m { gives = {red: true}; }", "E303", "each value of field 'gives' (int[color]) is a whole number"),
    ("merchant m { sweet = {red: 1}; }", "E303", "each value of field 'sweet' (bool[color]) is true or false"),
    ("merchant m { gives = 2; }", "E303", "field 'gives' holds one number per color (int[color]): give them by member"),
    ("card c { color = red; worth = {red: 1}; }", "E303", "field 'worth' is a number, not one value per member"),
    ("kind k { name_of: str[color]; }", "E303", "field 'name_of' holds one value per member of color"),
    ("kind k { x: int[colour]; }", "E201", "unknown enum 'colour'"),
    ("kind k { x: int[card]; }", "E301", "'card' is a kind, not an enum"),
    ("kind k { x: int[color] = true; }", "E303", "each value of field 'x' (int[color]) is a whole number"),
    ("proc q(m: merchant) { gain m.gives vp; }", "E312", "field 'gives' of merchant holds one number per color: "
     "say which one, as in m.gives[red]"),
    ("proc q(m: merchant) { gain m.gives[2] vp; }", "E303", "an index of field 'gives' is a color, not a number"),
    ("proc q(m: merchant) { gain m.gives[upgrade] vp; }", "E303", "an index of field 'gives' is a color, not a merchant"),
    ("proc q(m: merchant) { set m.gives = 1; }", "E312", "field 'gives' of merchant holds one number per color"),
    ("proc q(m: merchant) { set m.sweet[red] = 1; }", "E303", "'sweet' holds a condition, not a number"),
    ("proc q(m: merchant) { if m.sweet[red] == 1 { } }", "E303", "cannot compare a condition with a number"),
])
def test_misuse_of_a_field_per_member_is_positioned(text, code, message):
    source = PACK + MERCHANTS + text + "\n"
    line = source.count("\n")
    found = [(d.code, d.span.line, d.message) for d in analyse_text(source).diagnostics if d.severity == "error"]
    assert any(c == code and n == line and message in m for c, n, m in found), found


def test_a_title_cannot_show_a_field_per_member():
    source = PACK + MERCHANTS.replace('"Ladder"', '"Ladder {gives}"')
    found = [(d.code, d.message, d.hint) for d in analyse_text(source).diagnostics if d.severity == "error"]
    assert found == [("E303", "a title can show the card's own fields and copy_number, not 'gives'", None)]


# Azul: the wall's pattern shifts each row one place to the right, so the column of a colour in a row
# is worked out from the colour's place in the enum (ordinal: index_of(tile, t) says it twice, W453).
INDEX_OF = """
enum tile { blue_tile, yellow_tile, red_tile, black_tile, white_tile }
func column(row: int, t: tile) = (ordinal(t) - 1 + row - 1) % 5 + 1;
func place_in_hand(c: card) = index_of(hand, c);
proc p() {
  fill deck with card;
  draw 3 from deck to hand;
  gain column(1, blue_tile) * 100 + column(2, blue_tile) * 10 + column(3, white_tile) vp;
  gain place_in_hand(first(hand)) * 10 + index_of(hand, first(deck)) coin;
}
"""


def test_index_of_counts_from_one_and_gives_zero_when_absent(program):
    g = Game(program(INDEX_OF), 2, 1)
    run_proc(g, "p")
    me = g.state.players[0]
    assert (me.stock["vp"], me.stock["coin"]) == (122, 10)   # columns 1, 2 and 2 (row 3: black, white, ...)
    module, _ = round_trip(INDEX_OF)
    assert "the place of t in its order (1 for the first)" in " ".join(reading(module, "column"))
    assert "where c stands in hand (1 for the first, 0 if it is not there)" in " ".join(reading(module, "place_in_hand"))


# King of Tokyo: Friend of Children, "when you gain energy, gain 1 extra": a turn that gains none gets none.
ZERO_GAIN = """
event get_energy();
proc p(n: int) {
  modifier you get_energy { gain +1; }
  gain n coin for get_energy();
  gain 1 coin for get_energy();
}
"""


@pytest.mark.parametrize("n, coins", [(0, 2), (2, 5)])
def test_a_tagged_gain_of_zero_is_no_gain_for_the_modifiers(program, n, coins):
    """A gain of 0 is none (4.1): the +1 does not turn it into 1 (0 then 1 gives 0 + 2; 2 then 1 gives
    3 + 2)."""
    g = Game(program(ZERO_GAIN), 2, 1)
    run_proc(g, "p", n)
    assert g.state.players[0].stock["coin"] == coins


# Pandemic: treating a disease in a city with no cube of it does nothing; `return;` leaves the proc early.
EARLY_RETURN = """
proc treat(n: int) {
  if n == 0 {
    say "nothing to treat";
    return;
  }
  for each i in 1..n {
    gain 1 vp;
    if vp >= 2 { return; }
  }
  gain 10 coin;
}
proc p(n: int) {
  treat(n);
  gain 1 coin;
}
"""


@pytest.mark.parametrize("n, vp, coin", [(0, 0, 1), (1, 1, 11), (3, 2, 1)])
def test_a_bare_return_ends_a_proc_early_from_any_block(program, n, vp, coin):
    g = Game(program(EARLY_RETURN), 2, 1)
    run_proc(g, "p", n)
    me = g.state.players[0]
    assert (me.stock["vp"], me.stock["coin"]) == (vp, coin)


def test_a_bare_return_is_printed_read_and_refused_where_it_ends_nothing_or_gives_nothing():
    module, printed = round_trip(EARLY_RETURN)
    assert "    return;\n" in printed
    assert "Stop here (the rest of this procedure is skipped)." in reading(module, "treat")
    bad = analyse_text(PACK + "proc q(): int { if coin > 1 { return; } return 2; }\n"
                       "kind relic { use: effect; }\nrelic urn { use { return; } }\n").diagnostics
    assert [(d.code, d.message) for d in bad if d.severity == "error"] == [
        ("E303", "q() gives a number: 'return;' gives nothing"),
        ("E303", "'return;' ends a proc; here there is none to end (a card's effect, a trigger or a phase runs "
                 "to its end: put what should not run in an 'if')")]


MOVE_ALL = """
zone discard per_player of card;
counter seen;
proc setup() { fill deck with card; }
proc to_bottom() { draw 2 from deck to hand; move all of deck to hand; }
proc to_top() {
  draw 2 from deck to discard;
  draw 2 from deck to hand;
  move all of discard to top of hand;
}
proc listened() {
  whenever you move(dest = hand) { gain 1 seen; }
  draw 1 from deck to discard;
  move all of deck to hand;
}
proc from_each() { each players: move all of hand to deck; }
proc nothing() { move all of discard to hand; }
proc itself(p: player) { move all of p.hand to hand; }
"""


def test_move_all_keeps_the_order_at_the_bottom_or_on_top(program):
    """`move all of Z to W;` puts Z's items at the end of W in Z's order; `to top of W` puts them on
    top in the same order: Z's top card becomes W's top card. Z is left empty."""
    g = Game(program(MOVE_ALL), 2, 1)
    run_proc(g, "setup")
    order = [e.name for e in g.state.zones["deck"]]
    run_proc(g, "to_bottom")
    assert hand(g) == order and g.state.zones["deck"] == []
    g = Game(program(MOVE_ALL), 2, 1)
    run_proc(g, "setup")
    run_proc(g, "to_top")
    assert hand(g) == order[:4] and g.state.players[0].zones["discard"] == []


def test_move_all_announces_move_for_each_item_and_traces_once(program):
    """Each item moved fires `move` as `move` does (a trigger on the destination counts them); the trace
    has one `move` line naming them all, as `draw` has one; an empty zone moves nothing."""
    g = Game(program(MOVE_ALL), 2, 1)
    run_proc(g, "setup")
    seen = []
    g.tracer = seen.append
    run_proc(g, "listened")
    assert g.state.players[0].stock["seen"] == 5 and len(hand(g)) == 5
    moves = [e for e in seen if e.kind == "move"]
    assert len(moves) == 1 and moves[0].what.startswith("all of deck (5) to P1.hand: ") and moves[0].amount is None
    assert moves[0].describe().startswith("P1: move all of deck (5) to P1.hand: ")
    run_proc(g, "nothing")   # the card drawn to the discard pile
    assert len(hand(g)) == 6 and g.state.players[0].stock["seen"] == 6
    seen.clear()
    run_proc(g, "nothing")
    assert [e for e in seen if e.kind == "move"] == [] and len(hand(g)) == 6


def test_move_all_for_each_player_and_into_itself_during_play(program):
    """`each players: move all of hand to deck;` empties every hand into the shared deck; a zone
    computed to be the one it is moved into stops play with E601 (written out, it is E313)."""
    g = Game(program(MOVE_ALL), 2, 1)
    run_proc(g, "setup")
    run_proc(g, "to_bottom")
    run_proc(g, "from_each")
    assert hand(g) == [] and len(g.state.zones["deck"]) == 6
    with pytest.raises(RulesRuntimeError, match="E601.*into itself"):
        run_proc(g, "itself", g.state.players[0])
    run_proc(g, "itself", g.state.players[1])


def test_move_all_misuse_is_refused_where_written():
    """Moving a zone into itself as written is E313 at the destination; a source or destination that
    is no zone is E303 (a number), E209 (no such name); a word other than `all` is E100."""
    from .conftest import the_one_error
    base = PACK + "zone discard per_player of card;\n"
    the_one_error(analyse_text(base + "proc p() { move all of discard to discard; }"), "E313", "into itself")
    the_one_error(analyse_text(base + "proc p() { move all of vp to discard; }"), "E303", "expected a zone")
    the_one_error(analyse_text(base + "proc p() { move all of discard to piles; }"), "E209", "piles")
    the_one_error(analyse_text(base + "proc p() { move al of discard to hand; }"), "E100", "move all of ZONE")
    ok = analyse_text(base + "proc p(q: player) { move all of q.discard to discard; move all of deck to bottom of hand; }")
    assert not [d for d in ok.diagnostics if d.severity == "error"]


def test_move_all_prints_back_and_reads_plainly():
    module, printed = round_trip("zone discard per_player of card;\n"
                                 "proc p() { move all of discard to top of deck; move all of hand to discard; }\n")
    assert "move all of discard to top of deck;" in printed and "move all of hand to discard;" in printed
    lines = reading(module, "p")
    assert any(line.startswith("Put all the") and "on top of" in line and "same order" in line for line in lines)
    assert any(line.startswith("Put all the") and "at the bottom of" in line for line in lines), lines
