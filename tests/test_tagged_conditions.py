"""A tagged value may be a condition (7.7c): a yes/no rule of the base that a card sets with `value = true;`
or `value = false;` (the Cosmic Encounter audit's W7: the Oracle's "foresees", the Pacifist's "a negotiate
beats an attack" had to be funcs made only for a card's override). Citadels' Bishop and Great Wall here."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text

from .conftest import explained, new_game, rules_programs, run_proc

CITADELS = """
counter destroyed;
counter cheap_seen;
event destructible(d: district);
kind district { cost: int = 1; }
district tavern "Tavern" { cost = 1; }
district castle "Castle" { cost = 4; }
zone city per_player of district;
zone discard of district;
kind character { }
character bishop "Bishop" { modifier you destructible in roles { value = false; } }
character keep_guard "Keep Guard" { modifier you destructible in roles { value = it.d.cost < 4; } }
character armorer "Armorer" { modifier you destructible in roles { value = true; } }
zone roles per_player of character;
zone discard_roles of character;
func can_destroy(d: district): bool = true for destructible(d);
proc warlord_hits(d: district) {
  if can_destroy(d) { move d to discard; gain 1 destroyed; }
}
game g { seats 1 to 2; phase play { } winner most destroyed; }
"""

program = rules_programs(CITADELS)


def destroyed_after(program, body: str) -> tuple[int, list[str]]:
    game = new_game(program("proc p() { " + body + " }"))
    run_proc(game, "p")
    return game.state.players[0].stock["destroyed"], [c.name for c in game.state.players[0].refs["city"].items]


def test_a_condition_holds_as_written_while_no_modifier_sets_it(program):
    assert destroyed_after(program, "move tavern to city; move castle to city; warlord_hits(tavern);") == (1, ["castle"])


def test_the_bishop_in_play_sets_it_false(program):
    assert destroyed_after(program, "move tavern to city; move bishop to roles; warlord_hits(tavern);") == (0, ["tavern"])
    # out of play again: the rule is the base's
    assert destroyed_after(program, "move tavern to city; move bishop to roles; move bishop to discard_roles; "
                                    "warlord_hits(tavern);") == (1, [])


def test_a_card_sets_it_from_the_use_at_each_use(program):
    # the Keep Guard's value is `it.d.cost < 4`: the tavern may be destroyed, the castle not
    assert destroyed_after(program, "move tavern to city; move castle to city; move keep_guard to roles; "
                                    "warlord_hits(castle); warlord_hits(tavern);") == (1, ["castle"])


def test_the_value_line_of_the_card_that_came_into_play_last_wins(program):
    # `value = ...` lines apply in the order their sources came into force, the last one winning (7.7c's
    # order; Magic's timestamps, 613.7): a card's held modifier dates from when its card entered the zone.
    # Before the timestamps branch, cards' modifiers went by the order the cards are declared (the Armorer's
    # won whichever came first), which this test asserted.
    for first, second, destroyed in (("bishop", "armorer", (1, [])), ("armorer", "bishop", (0, ["tavern"]))):
        assert destroyed_after(program, f"move tavern to city; move {first} to roles; move {second} to roles; "
                                        "warlord_hits(tavern);") == destroyed


def test_the_trace_says_what_set_it(program):
    game = new_game(program("proc p() { move tavern to city; move bishop to roles; warlord_hits(tavern); }"))
    lines = []
    game.tracer = lambda effect: lines.append(f"{effect.player}: {effect.what}")
    run_proc(game, "p")
    assert "P1: destructible(Tavern) yes → no (= no by Bishop)" in lines, lines


def errors(more: str) -> list[tuple]:
    return [(d.code, d.span.line, d.message) for d in analyse_text(CITADELS + more).diagnostics if d.severity == "error"]


def test_arithmetic_on_a_condition_is_e422():
    [(code, line, message)] = errors("character thief { modifier you destructible in roles { value +1; } }\n")
    assert (code, line) == ("E422", 21) and "are conditions, and this line changes a number" in message
    [(code, line, message)] = errors("proc q() { modifier you destructible { value *true; } }\n")
    assert (code, line) == ("E422", 21) and "a condition is set, not changed by arithmetic" in message


def test_a_condition_set_on_numbers_is_e422():
    more = ("event tax(d: district);\nfunc tax_of(d: district): int = d.cost for tax(d);\n"
            "proc q() { modifier you tax { value = false; } }\n")
    [(code, line, message)] = errors(more)
    assert (code, line) == ("E422", 23) and "'tax' are numbers, and this line sets a condition" in message


def test_an_action_tagging_numbers_and_conditions_is_e423():
    more = "func destroy_cost(d: district): int = d.cost for destructible(d);\n"
    [(code, line, message)] = errors(more)
    assert (code, line) == ("E423", 21) and "tags numbers and conditions" in message


def test_a_text_is_still_no_tagged_value():
    [(code, _line, message)] = errors("event named(d: district);\nfunc name_of(d: district) = \"x\" for named(d);\n")
    assert code == "E423" and "or a condition they set, not a text" in message


def test_explain_reads_the_line():
    result = analyse_text(CITADELS)
    assert "The value becomes false." in explained(result, "bishop")
    # the cards whose modifiers change it, named (in declaration order): the Cosmic pack's explain named none
    assert "Equals true, as the modifiers of destructible(d) change the value (cards that change it where they lie: " \
           "Bishop, Keep Guard, Armorer)." in explained(result, "can_destroy")
