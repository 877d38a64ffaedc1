"""An open choose (`choose ... as LABEL open { ... }`, 4.6b): the options held cards add to it for their
holder (`option in LABEL in ZONE "label" ... { ... }` in a card or a kind), after the choose's own, in the
cards' order, each with its guard and leading cost, reading the proc's parameters and `this`; `can` of the
proc sees them; amend and remove; both backends; fmt; explain; E430-E432, W447. And `can base(...)` in a
card's override (4.6a): whether the version it replaces would offer a choice."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import as_written
from rulebook.dsl import ast as A
from rulebook.runtime.engine import Game

from .conftest import explained, found_at, printed_back, random_games_agree, replays_through_json, rules_program
from .conftest import run_proc, the_one_error

# Terraforming Mars: a project is paid in M€; Helion's heat pays too, Phobolog's titanium for a space
# project (its `when` reads the choose's parameter), the Mining Guild's steel once per game.
PACK = """
resource mc "M€";
resource heat;
resource titanium;
resource steel;
counter temperature;
kind corporation { }
zone corporations per_player of corporation;
zone lost of corporation;
corporation helion "Helion" {
  option in pay_project in corporations "pay {n} heat" { pay n heat; }
}
corporation phobolog "Phobolog" {
  option in pay_project in corporations "pay {(n + 2) / 3} titanium ({this})" when space {
    pay (n + 2) / 3 titanium;
  }
}
corporation guild "Mining Guild" {
  option in pay_project in corporations "pay {n} steel" once { pay n steel; }
}
proc pay_project(n: int, space: bool) {
  choose "pay {n} M€ for the project" as pay_project open {
    option "pay {n} M€" { pay n mc; }
  }
}
proc asteroid() {
  if can pay_project(14, true) {
    pay_project(14, true);
    gain 1 temperature;
  }
}
proc take(c: corporation) { move c to corporations; }
proc drop(c: corporation) { move c to lost; }
"""

GAME = """
game tm {
  seats 2 to 4;
  phase setup {
    each players { gain 20 mc; gain 15 heat; gain 5 titanium; gain 14 steel; }
    move helion to first(players).corporations;
    move phobolog to left(first(players)).corporations;
    move guild to left(first(players)).corporations;
  }
  phase play { repeat 3 { each players: asteroid(); } }
  winner most temperature;
}
"""

program = rules_program(PACK)


def holding(program, *holdings, **stocks) -> Game:
    g = Game(program, len(holdings), 1)
    for seat, names in enumerate(holdings):
        p = g.state.players[seat]
        for r, n in stocks.items():
            p.stock[r] = n
        for n in names:
            run_proc(g, "take", g.program.entities[n], player=seat)
    return g


def options_of(asked) -> list:
    return [list(d.options) for d in asked]


def test_the_holder_is_offered_the_cards_options_after_the_chooses_own_in_card_order(program):
    g = holding(program, ["guild", "phobolog", "helion"], [], mc=20, heat=20, titanium=9, steel=20)
    asked = run_proc(g, "pay_project", 14, True, answers=["pay 14 heat"])
    assert options_of(asked) == [["pay 14 M€", "pay 14 heat", "pay 5 titanium (Phobolog)", "pay 14 steel"]]
    assert g.state.players[0].stock["heat"] == 6 and g.state.players[0].stock["mc"] == 20
    # nobody else has them: the other player's lone option runs without asking
    assert run_proc(g, "pay_project", 3, True, player=1) == [] and g.state.players[1].stock["mc"] == 17


def test_a_cards_when_reads_the_chooses_parameter_and_its_leading_cost_gates_it(program):
    g = holding(program, ["phobolog", "helion"], mc=20, heat=3, titanium=9)
    asked = run_proc(g, "pay_project", 14, False)
    assert options_of(asked) == []   # not space (Phobolog), 3 heat of 14 (Helion): the M€ alone, unasked
    assert g.state.players[0].stock["mc"] == 6


def test_a_once_option_is_not_offered_again_and_the_card_leaving_takes_its_options(program):
    g = holding(program, ["guild", "helion"], mc=30, heat=30, steel=30)
    run_proc(g, "pay_project", 2, False, answers=["pay 2 steel"])
    assert options_of(run_proc(g, "pay_project", 2, False, answers=[0])) == [["pay 2 M€", "pay 2 heat"]]
    run_proc(g, "drop", g.program.entities["helion"])
    assert run_proc(g, "pay_project", 2, False) == []


def test_can_of_the_proc_sees_the_options_its_callers_cards_add(program):
    g = holding(program, ["helion"], [], mc=0, heat=14)
    run_proc(g, "asteroid", player=0)
    run_proc(g, "asteroid", player=1)
    assert [p.stock["temperature"] for p in g.state.players] == [1, 0]


def test_whole_games_agree_on_both_backends_and_replay():
    random_games_agree(PACK + GAME, seeds=range(1, 4))
    replays_through_json(build_text(PACK + GAME), 2)


def test_a_kinds_option_is_every_cards_and_this_is_each_card():
    text = """
    counter vp;
    kind bird { worth: int; option in extra in forest "{this}: {worth_of(this)} VP" { gain this.worth vp; } }
    zone forest per_player of bird;
    func worth_of(b: bird): int = b.worth;
    bird jay "Blue Jay" { worth = 2; }
    bird crow "Crow" { worth = 3; }
    proc extra() { choose "which bonus?" as extra open { } }
    proc take(b: bird) { move b to forest; }
    """
    for interpreted in (False, True):
        g = Game(build_text(text, interpreted=interpreted), 2, 1)
        run_proc(g, "take", g.program.entities["crow"])
        run_proc(g, "take", g.program.entities["jay"])
        asked = run_proc(g, "extra", answers=["Crow: 3 VP"])
        assert options_of(asked) == [["Blue Jay: 2 VP", "Crow: 3 VP"]]   # declaration order, not the zone's
        assert g.state.players[0].stock["vp"] == 3
        assert run_proc(g, "extra", player=1) == [] and g.state.players[1].stock["vp"] == 0   # none: nothing


def test_an_amend_replaces_a_cards_option_and_remove_drops_it():
    house = PACK + """
    amend helion { option in pay_project in corporations "pay {n} heat" { pay n heat; gain 1 temperature; } }
    amend guild { remove option in pay_project "pay {n} steel"; }
    """
    for interpreted in (False, True):
        g = holding(build_text(house, interpreted=interpreted), ["helion", "guild"], mc=20, heat=20, steel=20)
        asked = run_proc(g, "pay_project", 4, False, answers=["pay 4 heat"])
        assert options_of(asked) == [["pay 4 M€", "pay 4 heat"]]
        assert g.state.players[0].stock["temperature"] == 1


def test_fmt_gives_the_open_choose_and_the_cards_options_back():
    _module, printed = printed_back(PACK + 'amend guild { remove option in pay_project "pay {n} steel"; }\n')
    assert '  choose "pay {n} M€ for the project" as pay_project open {' in printed
    assert '  option in pay_project in corporations "pay {(n + 2) / 3} titanium ({this})" when space {' in printed
    assert '  option in pay_project in corporations "pay {n} steel" once {' in printed
    assert '  remove option in pay_project "pay {n} steel";' in printed
    printed_back("proc p() { choose as extra open { } }\n")


def test_explain_reads_the_card_and_the_choose():
    result = analyse_text(PACK)
    card = explained(result, "helion")
    assert "Helion, while in your corporations, adds to the choice labelled pay_project (proc pay project), for you:" \
        in card and "Pay [n] heat:" in card
    proc = explained(result, "pay_project")
    assert "2. Pay [n] heat (added by Helion, while it is in your corporations):" in proc
    shown = as_written(result.symbols.decls["pay_project"], [])   # the text explain prints: as written
    assert [o.title for c in A.walk(shown) if type(c) is A.Choose for o in c.options] == ["pay {n} M€"]
    assert "3. Pay [(n + 2) / 3] titanium ([phobolog]) (added by Phobolog, while it is in your corporations; only if space):" in proc


def test_a_pack_without_an_open_choose_builds_as_before():
    text = "counter vp;\nproc p() { choose as x { option \"a\" { gain 1 vp; } option \"b\" { } } }\n"
    assert repr(analyse_text(text).symbols.decls["p"]) == repr(analyse_text(text).symbols.decls["p"])
    assert not analyse_text(text).symbols.held_options


MISUSE = """
resource mc;
kind corporation { }
zone corporations per_player of corporation;
zone pile of corporation;
proc pay_project(n: int) { choose "pay {n}" as pay_project open { option "pay {n} M€" { pay n mc; } } }
proc closed() { choose as shut { option "a" { } option "b" { } } }
"""


def test_an_option_for_no_open_choose_is_e430_with_a_did_you_mean_or_a_note():
    result = analyse_text(MISUSE + 'corporation c { option in pay_projct in corporations "x" { } }')
    the_one_error(result, "E430", "no open choose is labelled 'pay_projct'", line=8)
    assert "pay_project" in next(d for d in result.diagnostics if d.code == "E430").hint
    result = analyse_text(MISUSE + 'corporation c { option in shut in corporations "x" { } }')
    the_one_error(result, "E430", "the choose labelled 'shut' is not open", line=8)
    assert "as shut open" in next(d for d in result.diagnostics if d.code == "E430").hint


def test_name_clashes_are_e431():
    the_one_error(analyse_text(MISUSE + 'corporation c { option in pay_project in corporations "pay {n} M€" { } }'),
                  "E431", "has an option of that label already", line=8)
    the_one_error(analyse_text(MISUSE + 'corporation c { option in pay_project in corporations "x {m}" { } }'),
                  "E431", "reads 'm', which the choose does not have", line=8)
    assert found_at(MISUSE + 'corporation c { option in pay_project in corporations "x" { } }\n'
                    'proc q() { choose as pay_project open { option "y" { } } }') == [("E431", 9, 22)]


def test_an_open_choose_outside_a_proc_is_e432_and_one_nobody_adds_to_is_w447():
    text = MISUSE + 'kind spot { play: effect; }\nspot s { play { choose as here open { option "a" { } } } }\n'
    assert ("E432", 9, 32) in found_at(text)
    assert [f for f in found_at(MISUSE) if f[0] == "W447"] == [("W447", 6, 60)]


def test_an_option_from_a_shared_zone_is_e331():
    assert [f for f in found_at(MISUSE + 'corporation c { option in pay_project in pile "x" { } }')
            if f[0][0] == "E"] == [("E331", 8, 42)]


# Race for the Galaxy: Contact Specialist pays for a military world in cards, or, when the version below
# it (New Military Tactics', while held) offers a way, that one.
RACE = """
counter military;
resource cards_;
kind card { cost: int = 0; }
zone tableau per_player of card;
zone pool of card;
proc pay_for_world(w: card) {
  choose "conquer {w}?" { option "conquer" when military >= w.cost { } }
}
card nmt "New Military Tactics" {
  override proc pay_for_world(w: card) in tableau {
    choose "discard New Military Tactics?" { option "discard it" when military + 3 >= w.cost { move this to pool; } }
  }
}
card cs "Contact Specialist" * 2 {
  override proc pay_for_world(w: card) in tableau {
    choose "how do you place {w}?" {
      option "pay {w.cost - 1} cards" { pay w.cost - 1 cards_; }
      option "the other way" when can base(w) { base(w); }
    }
  }
}
card world "Rebel Base" { cost = 6; }
proc take(c: card) { move c to tableau; }
"""


def test_can_base_tests_the_version_below_a_cards_own():
    for interpreted in (False, True):
        program = build_text(RACE, interpreted=interpreted)
        g = Game(program, 2, 1)
        w = g.program.entities["world"]
        for seat, names in enumerate((["cs", "nmt"], ["cs#2"])):
            g.state.players[seat].stock["military"] = 4
            g.state.players[seat].stock["cards_"] = 9
            for n in names:
                run_proc(g, "take", g.program.entities[n], player=seat)
        # P1 holds both: "the other way" is New Military Tactics' (4 + 3 >= 6); P2's below is the pack's (4 < 6)
        assert options_of(run_proc(g, "pay_for_world", w, answers=["the other way"])) == \
            [["pay 5 cards", "the other way"]]
        assert run_proc(g, "pay_for_world", w, player=1) == [] and g.state.players[1].stock["cards_"] == 4


def test_can_base_of_a_version_without_a_decision_first_is_e411_in_rules_words():
    # (an `if` whose every branch opens on a decision is tested by its branches, 4.6a: the else does something)
    text = RACE.replace("choose \"discard New Military Tactics?\" {", "if true { choose { ").replace(
        "move this to pool; } }", "move this to pool; } } } else { gain 1 military; }")
    result = analyse_text(text)
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["E411"], [d.headline() for d in errors]
    assert "'can base(...)' tests the first decision of the version of 'pay_for_world' below this one" in \
        errors[0].message and "version of card 'nmt'" in errors[0].message and ".below." not in errors[0].message


def test_a_cards_option_that_pays_after_another_statement_is_w494_at_the_card():
    text = MISUSE + 'counter t;\ncorporation c { option in pay_project in corporations "x" { gain 1 t; pay 2 mc; } }'
    assert [f for f in found_at(text) if f[0][0] in "EW"] == [("W494", 9, 17)]


def test_an_open_choose_in_a_proc_cards_override_gets_the_options_below_the_cards_version():
    text = """
    resource mc "M€";
    resource heat;
    kind corp { }
    zone tableau per_player of corp;
    corp helion "Helion" { option in pay_project in tableau "pay {n} heat" { pay n heat; } }
    corp discount "Discount" { override proc pay_project(n: int) in tableau { base(n - 2); } }
    proc pay_project(n: int) { choose "pay {n}" as pay_project open { option "pay {n} M€" { pay n mc; } } }
    proc take(c: corp) { move c to tableau; }
    """
    assert [f for f in found_at(text) if f[0][0] in "EW"] == []
    for interpreted in (False, True):
        g = Game(build_text(text, interpreted=interpreted), 1, 1)
        g.state.players[0].stock["mc"] = g.state.players[0].stock["heat"] = 9
        for n in ("helion", "discount"):
            run_proc(g, "take", g.program.entities[n])
        assert options_of(run_proc(g, "pay_project", 5, answers=["pay 3 heat"])) == [["pay 3 M€", "pay 3 heat"]]
        assert g.state.players[0].stock["heat"] == 6


def test_can_base_outside_an_override_is_e207_saying_where_it_belongs():
    result = analyse_text("proc p() { choose { option \"a\" { } option \"b\" when can base() { } } }")
    the_one_error(result, "E207", "'can base(...)' tests the version an override replaces")
    assert "override proc" in result.diagnostics[0].hint


def test_explain_reads_a_kinds_option_for_every_card():
    text = """
    counter vp;
    kind bird { worth: int; option in extra in forest "{this}: {this.worth} VP" { gain this.worth vp; } }
    zone forest per_player of bird;
    bird jay "Blue Jay" { worth = 2; }
    proc extra() { choose "which bonus?" as extra open { } }
    """
    result = analyse_text(text)
    assert "This card, while in your forest, adds to the choice labelled extra (proc extra), for you:" in \
        explained(result, "bird")
    assert "Blue Jay, while in your forest (as every bird), adds to the choice labelled extra" in \
        explained(result, "jay")
