"""A modifier its holder may decline (`optional ["question"]`) and what using it costs (`then { ... }`),
7.7d: Root's Armorers and Sappers written on the cards (the Root audit wrote them as a `pick ... optional`
inside the battle), Terraforming Mars' space discounts, Race for the Galaxy's tactics consumed when used,
and a shield used up as it applies."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.engine import Game
from rulebook.runtime.state import check_saved

from .conftest import explained, printed_back, random_games_agree, rules_programs, run_proc, the_one_error

# Root: "In battle, you may discard this card to ignore all rolled hits you would take" (Armorers);
# "In battle as defender, you may discard this card to deal an extra hit" (Sappers).
ROOT = """
counter warriors start 9;
counter vp;
event hits(target: player, dealer: player, defending: bool);
kind card { }
zone effects per_player of card;
zone discard of card;
card armorers "Armorers" * 2 {
  modifier anyone hits(target = you) in effects optional "discard Armorers to ignore the rolled hits?" {
    value = 0;
    then { move this to discard; }
  }
}
card sappers "Sappers" * 2 {
  modifier anyone hits(dealer = you, defending = true) in effects optional "discard Sappers to deal an extra hit?" {
    value +1;
    then { move this to discard; }
  }
}
proc equip(c: card) { move c to effects; }
proc battle(defender: player, high: int, low: int) {
  let dealt = high for hits(defender, you, false);
  let suffered = low for hits(you, defender, true);
  each defender: lose dealt warriors;
  lose suffered warriors;
}
"""

root = rules_programs(ROOT)


def equip(g: Game, card: str, player: int) -> None:
    run_proc(g, "equip", g.program.entities[card], player=player)


def battle(g: Game, high: int, low: int, answers=()) -> list:
    return run_proc(g, "battle", g.state.players[1], high, low, answers=answers)


def names(zone) -> list[str]:
    return [e.name for e in zone]


def warriors(g: Game) -> list[int]:
    return [p.stock["warriors"] for p in g.state.players]


def test_armorers_is_asked_of_its_holder_and_discarded_when_used(root):
    g = Game(root(), 2, 1)
    equip(g, "armorers", 1)   # the defender's
    asked = battle(g, 3, 1, answers=["yes"])
    assert [(d.player.name, d.prompt) for d in asked] == [("P2", "discard Armorers to ignore the rolled hits?")]
    assert warriors(g) == [8, 9]   # the 3 hits the defender would take are ignored
    assert names(g.state.zones["discard"]) == ["armorers"] and not g.state.players[1].zones["effects"]
    battle(g, 3, 1)                # gone: nothing asked any more
    assert warriors(g) == [7, 6]


def test_declining_changes_nothing_and_keeps_the_card(root):
    g = Game(root(), 2, 1)
    equip(g, "armorers", 1)
    battle(g, 2, 1, answers=["no"])
    assert warriors(g) == [8, 7] and names(g.state.players[1].zones["effects"]) == ["armorers"]
    assert not g.state.zones["discard"]


def test_not_asked_when_it_would_change_nothing(root):
    g = Game(root(), 2, 1)
    equip(g, "armorers", 1)
    assert battle(g, 0, 1) == []   # no hits to ignore: no question, the card stays
    assert names(g.state.players[1].zones["effects"]) == ["armorers"]


def test_sappers_deal_an_extra_hit_as_defender_only(root):
    g = Game(root(), 2, 1)
    equip(g, "sappers", 1)   # the defender's: the hits the attacker suffers
    asked = battle(g, 1, 0, answers=["yes"])
    assert [d.prompt for d in asked] == ["discard Sappers to deal an extra hit?"]   # an extra hit on a miss
    assert warriors(g) == [8, 8] and names(g.state.zones["discard"]) == ["sappers"]
    g = Game(root(), 2, 1)
    equip(g, "sappers", 0)   # the attacker's: never as defender here
    assert battle(g, 1, 0) == [] and warriors(g) == [9, 8]


def test_both_sides_are_asked_in_the_order_their_modifiers_came_into_force(root):
    """A card's modifier comes into force as its card comes into the zone (timestamps, 613.7): the Sappers
    equipped first are asked first, whichever card the rules declare first."""
    g = Game(root(), 2, 1)
    equip(g, "sappers", 1)
    equip(g, "armorers", 0)
    asked = battle(g, 0, 2, answers=["no", "yes"])   # the attacker's suffered hits: both apply
    assert [d.player.name for d in asked] == ["P2", "P1"]
    # Armorers (= 0) taken and Sappers (+1) declined: 0 hits; the order of the lines is 7.7's
    assert warriors(g) == [9, 9] and names(g.state.zones["discard"]) == ["armorers"]
    g = Game(root(), 2, 1)
    equip(g, "armorers", 0)
    equip(g, "sappers", 1)
    asked = battle(g, 0, 2, answers=["yes", "no"])
    assert [d.player.name for d in asked] == ["P1", "P2"]
    assert warriors(g) == [9, 9] and names(g.state.zones["discard"]) == ["armorers"]


# Terraforming Mars: "When you play a space card, you pay 2 M€ less for it" (Space Station), written here
# with "... and gain 1 plant"; a one-use rebate its holder may keep for a later card.
TM = """
resource mc; resource plant;
event play_card(c: project);
kind project { cost: int = 0; space: bool = false; }
zone hand per_player of project;
zone tableau per_player of project;
zone discard of project;
project space_station "Space Station" {
  cost = 10; space = true;
  modifier you play_card in tableau while it.c.space { cost -2 mc; then { gain 1 plant; } }
}
project rebate "Rebate" { cost = 1; modifier you play_card in tableau optional "use the Rebate (3 M€ off)?" {
  cost -3 mc;
  then { move this to discard; }
} }
project asteroid "Asteroid" { cost = 14; space = true; }
project farming "Farming" { cost = 16; }
proc take(c: project) { move c to tableau; }
proc play(c: project) {
  if affordable(c.cost mc for play_card(c)) { pay c.cost mc for play_card(c); move c to tableau; }
}
"""

tm = rules_programs(TM)


def test_a_consequence_runs_after_the_payment_it_changed(tm):
    g = Game(tm(), 2, 1)
    run_proc(g, "take", g.program.entities["space_station"])
    g.state.players[0].stock["mc"] = 20
    run_proc(g, "play", g.program.entities["asteroid"])
    assert g.state.players[0].stock["mc"] == 8 and g.state.players[0].stock["plant"] == 1
    run_proc(g, "play", g.program.entities["farming"])   # not a space card: no discount, no plant
    assert g.state.players[0].stock["mc"] == 8 and g.state.players[0].stock["plant"] == 1


def test_an_optional_discount_is_asked_unless_the_cost_cannot_be_paid_without_it(tm):
    g = Game(tm(), 2, 1)
    run_proc(g, "take", g.program.entities["rebate"])
    g.state.players[0].stock["mc"] = 20
    asked = run_proc(g, "play", g.program.entities["farming"], answers=["no"])
    assert [d.prompt for d in asked] == ["use the Rebate (3 M€ off)?"]
    assert g.state.players[0].stock["mc"] == 4 and names(g.state.players[0].zones["tableau"]) == ["rebate", "farming"]
    g = Game(tm(), 2, 1)
    run_proc(g, "take", g.program.entities["rebate"])
    g.state.players[0].stock["mc"] = 12   # affordable only with the rebate: it is used, nothing asked
    assert run_proc(g, "play", g.program.entities["asteroid"]) == []
    assert g.state.players[0].stock["mc"] == 1 and names(g.state.zones["discard"]) == ["rebate"]


# Race for the Galaxy: New Military Tactics, "discard from tableau for +3 Military this phase"; a shield
# that prevents the next 3 damage, used up as it applies.
RACE = """
counter military; counter health start 10;
event settle_military(w: world);
event damaged();
kind world { defense: int = 0; }
world rebel_base "Rebel Base" { defense = 6; }
kind development { }
zone tableau per_player of development;
zone worlds per_player of world;
zone discard of development;
development tactics "New Military Tactics" {
  modifier you settle_military in tableau optional "discard New Military Tactics for +3 Military?" {
    value +3;
    then { move this to discard; }
  }
}
proc develop(d: development) { move d to tableau; }
proc settle(w: world) {
  let strength = military for settle_military(w);
  if strength >= w.defense { move w to worlds; }
}
proc shield() { modifier you damaged once optional "raise the shield?" { lose -3; then { gain 1 military; } } }
proc hit(n: int) { lose n health for damaged(); }
"""

race = rules_programs(RACE)


def test_a_tactic_is_used_up_by_its_consequence(race):
    g = Game(race(), 2, 1)
    run_proc(g, "develop", g.program.entities["tactics"])
    g.state.players[0].stock["military"] = 3
    run_proc(g, "settle", g.program.entities["rebel_base"], answers=["yes"])
    assert names(g.state.players[0].zones["worlds"]) == ["rebel_base"]
    assert names(g.state.zones["discard"]) == ["tactics"]


def test_an_optional_once_loss_modifier_and_its_consequence(race):
    g = Game(race(), 2, 1)
    run_proc(g, "shield")
    run_proc(g, "hit", 2, answers=["no"])   # declined: not used up
    assert g.state.players[0].stock["health"] == 8 and g.state.players[0].stock["military"] == 0
    run_proc(g, "hit", 5, answers=["yes"])
    assert g.state.players[0].stock["health"] == 6 and g.state.players[0].stock["military"] == 1
    assert run_proc(g, "hit", 1) == []      # used up
    assert g.state.players[0].stock["health"] == 5


def test_a_gain_modifier_with_a_consequence_and_locals():
    p = build_text("""
counter vp; counter coin; event festival();
proc p() { let fee = 2; modifier you festival optional { gain +3; then { lose fee coin; } } }
proc score() { gain 1 vp for festival(); }""")
    g = Game(p, 2, 1)
    g.state.players[0].stock["coin"] = 5
    run_proc(g, "p")
    asked = run_proc(g, "score", answers=["yes"])
    assert asked[0].prompt == "use a modifier of p?"
    assert g.state.players[0].stock["vp"] == 4 and g.state.players[0].stock["coin"] == 3
    check_saved(g.state.to_json(), p)   # the consequence's local is saved with the modifier


def test_the_trace_names_the_modifier_used_before_its_consequence():
    from rulebook.runtime.engine import Effect

    p = build_text(ROOT)
    seen: list[Effect] = []
    g = Game(p, 2, 1)
    run_proc(g, "equip", g.program.entities["armorers"], player=1)
    g.tracer = seen.append
    battle(g, 3, 1, answers=["yes"])
    lines = [e.describe() for e in seen]
    assert "P1: value hits(P2, P1, no) 3 → 0 (= 0 by Armorers)" in lines
    used = lines.index("P2: use Armorers")
    assert lines[used + 1].startswith("move Armorers") and lines.index("P1: value hits(P2, P1, no) 3 → 0 (= 0 by Armorers)") < used


@pytest.mark.parametrize("text,code,where", [
    ("proc p() { modifier you hits optional \"stop?\" { forbid; } }", "E442", "cannot be 'optional'"),
    ("proc p() { modifier you hits { allow; then { gain 1 vp; } } }", "E442", "cannot be 'then { ... }'"),
    ("func f(p: player): int = 2 for hits(p, p, false); proc p() { modifier you hits { value +1; then { gain 1 vp; } } }",
     "E443", "nothing can be asked"),
    ("kind token { marks: stock; } token t { } proc q() { gain 1 marks on t for hits(you, you, false); }"
     "proc p() { modifier you hits optional { gain +1; then { gain 1 vp; } } }", "E443", "nothing can be asked"),
    ("kind plan { played: effect; } zone plans of plan; plan war \"War\" { played { modifier you hits optional "
     "{ value = 0; then { move this to plans; } } } }", "E444", "stays in force after the card is gone"),
])
def test_misuse_is_a_positioned_error(text, code, where):
    the_one_error(analyse_text(ROOT + text), code, where)


def test_a_card_may_move_itself_away_from_a_modifier_it_holds_or_a_once_one():
    text = "kind plan { played: effect; } zone plans of plan; plan war \"War\" { played { modifier you hits once " \
        "optional { value = 0; then { move this to plans; } } } }"
    assert not [d for d in analyse_text(ROOT + text).diagnostics if d.severity == "error"]


def test_an_optional_modifier_that_costs_nothing_is_linted():
    found = analyse_text(ROOT + "proc p() { modifier you hits optional { value +1; } "
                                "modifier you hits once optional { value +1; } }")
    assert [d.code for d in found.diagnostics if d.code == "W434"] == ["W434"]
    assert not [d for d in analyse_text(ROOT).diagnostics if d.code in ("W434", "E442", "E443")]


def test_a_consequence_is_checked_as_a_body():
    the_one_error(analyse_text(ROOT + "proc p() { modifier you hits { value +1; then { gain 1 gold; } } }"), "E202")


def test_fmt_and_explain_read_the_question_and_the_consequence():
    _module, printed = printed_back(ROOT)
    assert 'in effects optional "discard Armorers to ignore the rolled hits?" {\n    value = 0;\n    then {\n' \
        '      move this to discard;\n    }\n  }' in printed
    _module, printed = printed_back(RACE)
    assert 'modifier you damaged once optional "raise the shield?" {' in printed
    _module, printed = printed_back("event e(); counter vp; proc p() { modifier you e optional { gain +1; } }")
    assert "modifier you e optional {\n    gain +1;\n  }" in printed
    reading = explained(analyse_text(ROOT), "armorers")
    assert "if you choose to use it (asked “discard Armorers to ignore the rolled hits?”)" in reading
    assert "Each time you use it, right after the use it changed:" in reading
    assert "Move this card to the discard" in reading or "discard" in reading.split("changed:")[1]


def test_cover_reaches_a_card_with_a_consequence_only_when_it_is_used():
    from rulebook.runtime.coverage import Coverage

    p = build_text(ROOT)
    coverage = Coverage(p)
    g = Game(p, 2, 1)
    run_proc(g, "equip", p.entities["armorers"], player=1)
    coverage.measure(lambda: battle(g, 2, 1, answers=["no"]))
    assert "armorers" in coverage.report()["card"][1]
    coverage.measure(lambda: battle(g, 2, 1, answers=["yes"]))
    assert "armorers" not in coverage.report()["card"][1]


def test_a_pack_without_hooks_has_no_hooks_table():
    assert not build_text("counter vp; event e(); proc p() { modifier you e { gain +1; } gain 1 vp for e(); }").hooks
    assert len(build_text(ROOT).hooks) == 2


GAME = ROOT + """
die d4: int { face = 0; face = 1; face = 2; face = 3; }
zone box of card;
game root "Root battles" {
  seats 2 to 4;
  phase setup { fill box with card; shuffle box; each players: draw 1 from box to effects; }
  phase play {
    repeat 4 {
      each players {
        let me = you;
        each opponents { let d = you; let a = roll d4; let b = roll d4; each me: battle(d, max(a, b), min(a, b)); }
      }
    }
  }
  winner most warriors;
}
"""

TM_GAME = TM + RACE.replace("zone tableau per_player of development;", "zone desk per_player of development;") \
    .replace("in tableau optional", "in desk optional").replace("zone discard of development;", "zone trash of development;") \
    .replace("to discard;", "to trash;").replace("move d to tableau;", "move d to desk;") + """
zone deck of project;
zone devs of development;
game mars "Space cards" {
  seats 2 to 3;
  phase setup { fill deck with project; fill devs with development; shuffle deck;
                each players { draw 2 from deck to hand; gain 4 mc; shield(); } }
  phase play {
    repeat 5 {
      each players {
        gain 5 mc;
        gain 1 military;
        pick c from hand where affordable(c.cost mc for play_card(c)) "play which card?" optional {
          pay c.cost mc for play_card(c);
          move c to tableau;
        }
        pick d from devs "develop?" optional { develop(d); }
        hit(2);
        settle(rebel_base);
      }
    }
  }
  winner most plant;
}
"""


def test_both_backends_play_the_same_games():
    random_games_agree(GAME)
    random_games_agree(TM_GAME, counts=(2, 3))


# Cosmic Encounter (simplified): a role's power its holder may use, at a price.
ROLES = """
counter colonies from 0 to 50;
event attack(ships: int);
proc encounter() { let ships = 2 for attack(1); gain ships colonies; }
role macron "Macron" {
  counter tokens from 0 to 20 start 2;
  modifier you attack optional "count each ship as two?" { value *2; then { lose 1 tokens; } }
}
role oracle "Oracle" { counter foresight from 0 to 7; anytime when foresight < 7 { gain 1 foresight; } }
game cosmic { seats 2 to 2 roles macron, oracle;
  phase play { repeat 3 { each players { encounter(); window; } } } winner most colonies; }
"""


def test_a_roles_power_may_be_optional_and_cost_its_holder():
    _module, printed = printed_back(ROLES)
    assert 'modifier you attack optional "count each ship as two?" {\n    value *2;\n    then {\n' in printed
    random_games_agree(ROLES, counts=(2,))


def test_simulate_counts_a_card_with_a_consequence_used_only_when_its_holder_uses_it(tmp_path):
    from click.testing import CliRunner

    from rulebook.cli import app

    from .conftest import write_pack

    pack = write_pack(tmp_path / "root", GAME, name="root")
    declined = CliRunner().invoke(app, ["simulate", str(pack), "-n", "2", "--games", "4", "-w", "1", "--agent", "first"])
    assert declined.exit_code == 0 and "never used: Armorers (2 copies), Sappers (2 copies)" in declined.output   # asked, always "no"
    taken = CliRunner().invoke(app, ["simulate", str(pack), "-n", "2", "--games", "6", "-w", "1"])
    assert taken.exit_code == 0 and "Armorers" not in taken.output.partition("never used")[2]


# Race for the Galaxy: Contact Specialist's "-1 cost to place a military world as a non-military world",
# written as a power once per phase: used, it rests until the next phase.
PHASED = """
resource goods;
event place_world(military: bool);
kind development { spent: bool = false; }
development contact_specialist "Contact Specialist" {
  modifier you place_world(military = true) in tableau while not this.spent optional "use Contact Specialist?" {
    cost -1 goods;
    then { set this.spent = true; }
  }
}
zone tableau per_player of development;
proc develop(d: development) { move d to tableau; }
proc place(military: bool) { pay 3 goods for place_world(military); }
proc new_phase() { for each d in tableau { set d.spent = false; } }
"""

phased = rules_programs(PHASED)


def test_a_power_once_per_phase_rests_once_used(phased):
    g = Game(phased(), 2, 1)
    run_proc(g, "develop", g.program.entities["contact_specialist"])
    g.state.players[0].stock["goods"] = 12
    assert [d.prompt for d in run_proc(g, "place", True, answers=["yes"])] == ["use Contact Specialist?"]
    assert run_proc(g, "place", True) == [] and run_proc(g, "place", False) == []   # spent; not a military world
    assert g.state.players[0].stock["goods"] == 12 - 2 - 3 - 3
    run_proc(g, "new_phase")
    run_proc(g, "place", True, answers=["yes"])
    assert g.state.players[0].stock["goods"] == 4 - 2
