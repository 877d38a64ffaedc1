"""A card's modifier works its amount out at each use (7.7b): the Cosmic Encounter audit's Warrior
(`value +this.tokens;`, the tokens growing during the game) and Virus (`value *it.card;`, the encounter
card played) were frozen at the start of the game, silently, on both backends."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text

from .conftest import explained, new_game, rules_programs, run_proc

ALIENS = """
counter seen;
event encounter_total(card: int);
kind alien { tokens: stock; }
zone power per_player of alien;
zone box of alien;
alien warrior "Warrior" { modifier you encounter_total in power { value +this.tokens; } }
alien virus "Virus" { modifier you encounter_total in power { value *it.card; } }
alien macron "Macron" { modifier you encounter_total in power { value +4; } }
proc fight(card: int) { set seen = 10 for encounter_total(card); }
game g { seats 1 to 2; phase play { } winner most seen; }
"""

program = rules_programs(ALIENS)


def seen_after(program, body: str) -> int:
    game = new_game(program("proc p() { " + body + " }"))
    run_proc(game, "p")
    return game.state.players[0].stock["seen"]


def test_the_warriors_tokens_count_as_they_are_at_each_use(program):
    assert seen_after(program, "move warrior to power; fight(1);") == 10
    assert seen_after(program, "move warrior to power; gain 3 tokens on warrior; fight(1);") == 13
    # the same modifier, read again after more tokens: 10 + 5
    assert seen_after(program, "move warrior to power; gain 3 tokens on warrior; fight(1); "
                               "gain 2 tokens on warrior; fight(1);") == 15


def test_the_virus_multiplies_by_the_card_of_the_use(program):
    assert seen_after(program, "move virus to power; fight(7);") == 70
    assert seen_after(program, "move virus to power; fight(0);") == 0
    # the one order of 7.7: additions first, then the product (10 + 4) * 3
    assert seen_after(program, "move virus to power; move macron to power; fight(3);") == 42


def test_a_card_out_of_its_zone_changes_nothing(program):
    assert seen_after(program, "gain 3 tokens on warrior; fight(5);") == 10


def test_a_saved_game_keeps_the_live_amount_as_a_name(program):
    game = new_game(program("proc p() { move warrior to power; gain 2 tokens on warrior; fight(1); }"))
    run_proc(game, "p")
    saved = [m.to_json() for m in game.state.modifiers if m.action == "encounter_total"]
    assert ["value", "+", "live"] in [line for m in saved for line in m[-1]]   # JSON: names and numbers only


def test_it_in_a_modifier_put_in_force_by_a_statement_is_e303():
    text = ALIENS + "proc wrong() {\n  modifier you encounter_total { value +it.card; }\n}\n"
    found = [(d.code, d.span.line, d.hint) for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert found == [("E303", 13, "write one modifier per case, 'while it.ARG == ...', or put the modifier on a card")]


def test_explain_says_the_amount_is_read_at_each_use():
    result = analyse_text(ALIENS)
    assert "The value is increased by this card's tokens, as it stands at each use." in explained(result, "warrior")
    assert "multiplied by the “encounter total” action's card (after the additions and reductions), as it stands " \
           "at each use." in explained(result, "virus")
    assert "The value is increased by 4." in explained(result, "macron")
