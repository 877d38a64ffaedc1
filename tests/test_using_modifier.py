"""What may stand for a resource, given by a modifier (`modifier you play_card while it.c.building {
cost mc using steel at 2; }`), on both backends: a tagged cost of that resource may then be split with
the substitute, only while the modifier applies to the use; two modifiers naming one substitute give
the better rate; reductions come off the amount before the payer splits it; a cost that already names
substitutes gains the modifier's; `affordable` agrees with paying; saved and loaded; the printer,
explain and the misuse diagnostics. The cases are Terraforming Mars's printed rules: steel pays 2 M€
towards a building card, titanium 3 towards a space card (4 with Advanced Alloys), and Helion's heat
may be spent as M€."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.compiler.explain import reading
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_text
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.state import State

from .conftest import make_agents, rules_programs, run_proc, the_one_error

PACK = """
resource mc; resource steel; resource titanium; resource heat; counter vp;
event play_card(c: project);
kind project { cost: int = 0; building: bool = false; space: bool = false; }
project mine "Mine" { cost = 4; building = true; }
project satellites "Satellites" { cost = 10; space = true; }
project research "Research" { cost = 11; }
project io_mining "Io Mining Industries" { cost = 14; space = true; building = true; }
game g { seats 1 to 4; phase play { } winner most vp; }
proc stock(m: int, s: int, t: int, h: int) { gain m mc; gain s steel; gain t titanium; gain h heat; }
proc printed_rules() {
  modifier you play_card while it.c.building { cost mc using steel at 2; }
  modifier you play_card while it.c.space { cost mc using titanium at 3; }
}
proc helion() { modifier you play_card { cost mc using heat at 1; } }
proc advanced_alloys() { modifier you play_card while it.c.space { cost mc using titanium at 4; } }
proc discount() { modifier you play_card { cost -2 mc; } }
proc play(c: project) { pay c.cost mc for play_card(c); gain 1 vp; }
proc play_untagged(c: project) { pay c.cost mc; }
proc play_with_heat(c: project) { pay c.cost mc using heat at 1 for play_card(c); }
func can_play(c: project) = affordable(c.cost mc for play_card(c));
"""

program = rules_programs(PACK)


@pytest.fixture
def game(program):
    return Game(program(), 2, 1)


def holding(g: Game, mc: int = 0, steel: int = 0, titanium: int = 0, heat: int = 0, *rules: str) -> Game:
    run_proc(g, "stock", mc, steel, titanium, heat)
    for name in rules:
        run_proc(g, name)
    return g


def can_play(g: Game, name: str) -> bool:
    return g.program.funcs["can_play"](g, g.state.players[0], g.program.entities[name])


def stock(g: Game) -> tuple:
    s = g.state.players[0].stock
    return s["mc"], s["steel"], s["titanium"], s["heat"]


def test_steel_pays_for_a_building_card_only_while_the_rule_is_in_force(game):
    holding(game, 0, 2)
    assert not can_play(game, "mine")   # no rule yet: steel is only steel
    run_proc(game, "printed_rules")
    assert can_play(game, "mine")       # 2 steel pay 4 M€
    assert not can_play(game, "research")   # not a building card: the modifier does not apply
    assert run_proc(game, "play", game.program.entities["mine"]) == []   # one split: not asked
    assert stock(game) == (0, 0, 0, 0) and game.state.players[0].stock["vp"] == 1


def test_an_untagged_cost_is_not_changed(game):
    holding(game, 0, 2, 0, 0, "printed_rules")
    with pytest.raises(RulesRuntimeError, match="E601"):
        run_proc(game, "play_untagged", game.program.entities["mine"])


def test_the_payer_splits_among_the_sensible_ways(game):
    holding(game, 9, 0, 0, 5, "helion")
    asked = run_proc(game, "play", game.program.entities["research"], answers=["pay 3 heat and 8 mc"])
    assert [(d.prompt, d.options) for d in asked] == [
        ("how to pay 11 mc?", ["pay 2 heat and 9 mc", "pay 3 heat and 8 mc", "pay 4 heat and 7 mc",
                               "pay 5 heat and 6 mc"])]
    assert stock(game) == (1, 0, 0, 2)


def test_the_better_rate_counts(game):
    holding(game, 0, 0, 3, 0, "printed_rules")
    assert not can_play(game, "satellites")   # 3 titanium at 3 pay 9 of 10
    run_proc(game, "advanced_alloys")
    assert can_play(game, "satellites")       # at 4 they pay 12: the last one may overpay
    run_proc(game, "play", game.program.entities["satellites"])
    assert stock(game) == (0, 0, 0, 0)


def test_two_modifiers_both_apply_to_a_card_of_both_tags(game):
    holding(game, 0, 1, 4, 0, "printed_rules")
    asked = run_proc(game, "play", game.program.entities["io_mining"])
    # steel at 2 and titanium at 3 over 14 M€ with no M€: 1 steel + 4 titanium (14), or 4 titanium
    # alone would leave 2 to pay: only the first covers it
    assert asked == [] and stock(game) == (0, 0, 0, 0)


def test_a_reduction_comes_off_the_amount_before_the_split(game):
    holding(game, 0, 1, 0, 0, "printed_rules", "discount")
    assert can_play(game, "mine")   # 4 - 2 = 2 M€: one steel
    run_proc(game, "play", game.program.entities["mine"])
    assert stock(game) == (0, 0, 0, 0)


def test_a_cost_naming_substitutes_gains_the_modifiers(game):
    holding(game, 0, 2, 0, 2, "printed_rules")   # mine: 4 M€ using heat at 1 (written) and steel at 2 (rule)
    asked = run_proc(game, "play_with_heat", game.program.entities["mine"], answers=["pay 2 heat and 1 steel"])
    assert asked[0].options == ["pay 2 steel", "pay 2 heat and 1 steel"]
    assert stock(game) == (0, 1, 0, 0)


def test_saved_and_loaded_with_the_modifier_in_force(game):
    holding(game, 0, 2, 0, 0, "printed_rules")
    data = game.state.to_json()
    again = State.from_json(data, game.program.entities)
    assert again.to_json() == data
    assert again.modifiers[0].adjustments == game.state.modifiers[0].adjustments


def test_a_broken_saved_substitute_is_refused(game, tmp_path):
    import json

    from rulebook.runtime.record import load_state, save_state

    holding(game, 0, 2, 0, 0, "helion")
    path = tmp_path / "state.json"
    save_state(game.state, path)
    assert load_state(path, game.program).to_json() == game.state.to_json()
    data = json.loads(path.read_text())
    data["modifiers"][0][9] = [["cost", "using", [["worth", ["mc", [["gold", 1]]], 0]]]]   # no such resource
    path.write_text(json.dumps(data))
    with pytest.raises(Exception) as err:
        load_state(path, game.program)
    assert "E" in str(err.value)


def test_random_games_agree_on_both_backends():
    from rulebook.compiler.driver import build_text

    text = PACK.replace("phase play { }", "phase setup { each players { printed_rules(); helion(); stock(5, 2, 2, 3); } } "
                        "phase play { repeat 3 { pick c from [mine, satellites, research, io_mining] "
                        "where can_play(c) \"play which?\" optional { play(c); } } }")
    for seed in range(6):
        games = []
        for interpreted in (False, True):
            g = Game(build_text(text, interpreted=interpreted), 2, seed, make_agents("random", 2, seed))
            g.play()
            games.append((g.log, g.state.digest()))
        assert games[0] == games[1]


def test_printed_back_and_explained():
    text = "resource mc; resource heat;\nevent play_card();\nproc helion() {\n  modifier you play_card {\n" \
           "    cost mc using heat at 1 + 1;\n  }\n}\n"
    out = format_text(text, "t.rules")
    assert "cost mc using heat at 1 + 1;" in out
    assert parse_text(out, "t.rules") == parse_text(text, "t.rules")
    assert format_text(out, "t.rules") == out
    decls = {getattr(d, "name", None): d for d in parse_text(text, "t.rules").items}
    assert reading(decls["helion"])[1].strip() == "MC may be paid with each heat counting as 1 plus 1 (the best rate counts)."


@pytest.mark.parametrize("line, code, where", [
    ("cost mc using mc at 1;", "E323", "cannot stand for itself"),
    ("cost mc using heat at 0;", "E323", "at least 1"),
    ("cost mc using heat at 1 and heat at 2;", "E323", "named twice"),
    ("cost mc using haet at 1;", "E202", "haet"),
    ("cost mc using clues at 1;", "E323", "global counter"),
    ("cost mc using heat at true;", "E303", "rate"),
])
def test_misuse(line, code, where):
    text = ("resource mc; resource heat; counter clues global;\nevent play_card();\n"
            f"proc helion() {{ modifier you play_card {{ {line} }} }}\n")
    the_one_error(analyse_text(text), code, where)


def test_a_word_other_than_using_is_said_plainly():
    text = "resource mc; resource heat;\nevent play_card();\nproc helion() { modifier you play_card { cost mc usin heat at 1; } }\n"
    errors = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert errors and errors[0].code == "E100" and "using" in errors[0].message, [d.headline() for d in errors]
