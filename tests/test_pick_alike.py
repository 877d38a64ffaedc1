"""`pick VAR from DOMAIN alike ...`: copies nothing tells apart are one option (`Copper (x4)`), answered
by the first of them in the zone; on both backends, with `exactly N`, `up to N`, `repeatedly`; printed
back, explained, checked (E454 over values with no copies, E455 at random or simultaneously). Dominion's
Militia (audit of the ninth session: a pick offered `Copper (1 of 4)` ... as five options)."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.engine import Game

from .conftest import on_both_backends, random_games_agree, run_answering, the_one_error

PACK = """
counter done;
var chosen_one global: card;
kind card { worth: int = 1; marked: bool = false; }
card copper "Copper" * 4 {}
card estate "Estate" { worth = 0; }
card gem "Gem" * 2 { worth = copy_number; }
zone supply of card;
zone hand per_player of card hidden;
zone discard per_player of card;
proc militia() {
  pick c from hand alike "discard a card (down to 3)" exactly 2 { move c to discard; }
}
proc plain() {
  pick c from hand "discard a card (down to 3)" exactly 2 { move c to discard; }
}
proc chapel() {
  pick c from hand alike "trash a card?" up to 2 { move c to discard; gain 1 done; }
}
proc cellar() {
  pick c from hand where c.worth > 0 alike "discard a card?" repeatedly { move c to discard; }
}
proc labelled() {
  pick c from hand alike "which?" as "{c} worth {c.worth}" optional { gain c.worth done; }
}
"""

GAME = """
game militia_game {
  seats 2 to 4;
  phase setup {
    fill supply with card;
    shuffle supply;
    each players { draw 3 from supply to hand; }
  }
  phase play {
    each players { cellar(); chapel(); }
  }
  winner most done;
}
"""

program = on_both_backends(lambda interpreted: build_text(PACK, interpreted=interpreted))


def hand_of(game, *names):
    """P1's hand made of these cards (by name), in this order."""
    hand = game.zone(game.state.players[0], "hand")
    for name in names:
        game.move(game.program.entities[name], hand)
    return hand


def names(game, zone):
    return [e.name for e in game.state.players[0].zones[zone]]


def asked(game, proc, answers):
    """The options of each decision P1 is asked (forced ones too) while `proc` runs, answered in turn."""
    seen, answers = [], list(answers)

    def answer(d):
        return answers.pop(0)
    gen = game.program.procs[proc](game, game.state.players[0])
    for d in run_answering(gen, answer, with_forced=True):
        seen.append(list(d.options))
    return seen


def test_militia_offers_each_group_once_and_takes_the_first_copy(program):
    game = Game(program, 2, 1)
    hand_of(game, "estate", "copper", "copper#2", "copper#3", "copper#4")
    options = asked(game, "militia", [1, 1])
    assert options == [["Estate", "Copper (x4)"], ["Estate", "Copper (x3)"]]
    assert names(game, "discard") == ["copper", "copper#2"]   # the first copy in the hand, each time
    assert names(game, "hand") == ["estate", "copper#3", "copper#4"]


def test_without_alike_each_copy_is_offered(program):
    game = Game(program, 2, 1)
    hand_of(game, "copper", "copper#2", "copper#3", "copper#4", "estate")
    first = asked(game, "plain", [3, 0])[0]
    assert first == ["Copper (1 of 4)", "Copper (2 of 4)", "Copper (3 of 4)", "Copper (4 of 4)", "Estate"]


def test_all_alike_is_taken_without_asking(program):
    game = Game(program, 2, 1)
    hand_of(game, "copper", "copper#2", "copper#3")
    assert asked(game, "militia", []) == [["Copper (x3)"], ["Copper (x2)"]]   # lone options: forced
    assert names(game, "hand") == ["copper#3"]


def test_a_copy_with_a_variable_set_is_not_alike(program):
    game = Game(program, 2, 1)
    hand_of(game, "copper", "copper#2", "copper#3")
    game.set_field(game.program.entities["copper#2"], "marked", True)
    first = asked(game, "militia", [1, 0])[0]
    assert first == ["Copper (x2)", "Copper"]
    assert names(game, "discard")[0] == "copper#2"


def test_a_copy_a_variable_names_is_not_alike(program):
    game = Game(program, 2, 1)
    hand_of(game, "copper", "copper#2", "copper#3")
    game.state.gvars["chosen_one"] = game.program.entities["copper#3"]
    assert asked(game, "militia", [0, 0])[0] == ["Copper (x2)", "Copper"]


def test_copies_whose_fields_differ_are_not_alike(program):
    game = Game(program, 2, 1)
    hand_of(game, "gem", "gem#2", "copper", "copper#2")
    first = asked(game, "militia", [0, 0])[0]
    assert len(first) == 3 and first[2] == "Copper (x2)"   # the two Gems (worth 1 and 2) apart


def test_up_to_and_repeatedly_group_anew_before_each_pick(program):
    game = Game(program, 2, 1)
    hand_of(game, "copper", "estate", "copper#2", "copper#3")
    assert asked(game, "chapel", [0, 1]) == [["Copper (x3)", "Estate", "none"], ["Estate", "Copper (x2)", "none"]]
    assert names(game, "discard") == ["copper", "copper#2"]
    game = Game(program, 2, 1)
    hand_of(game, "copper", "estate", "copper#2")
    assert asked(game, "cellar", [0, 0, 1]) == [["Copper (x2)", "none"], ["Copper", "none"]]
    assert names(game, "hand") == ["estate"]


def test_a_label_is_the_first_copys_with_the_count(program):
    game = Game(program, 2, 1)
    hand_of(game, "copper", "copper#2", "estate")
    assert asked(game, "labelled", [2])[0] == ["Copper worth 1 (x2)", "Estate worth 0", "none"]


def test_random_games_agree_on_both_backends():
    random_games_agree(PACK + GAME, seeds=range(1, 4))


def test_printed_back_and_explained():
    text = "kind card {}\nzone hand per_player of card;\nproc p() {\n  pick c from hand alike \"discard\" exactly 2 {\n" \
           "    move c to hand;\n  }\n}\n"
    printed = format_module(parse_text(text))
    assert "pick c from hand alike \"discard\" exactly 2 {" in printed
    assert format_module(parse_text(printed)) == printed
    symbols = analyse_text(PACK).symbols
    assert any("identical copies offered once" in line for line in reading(symbols.decls["militia"], symbols))


def test_alike_is_still_a_name_elsewhere():
    result = analyse_text("counter alike;\nkind card {}\nzone hand of card;\n"
                          "proc p() { gain 1 alike; pick c from hand where alike > 0 alike { gain 1 alike; } }")
    assert not [d for d in result.diagnostics if d.severity == "error"], [d.headline() for d in result.diagnostics]


def test_alike_over_values_with_no_copies_is_e454():
    the_one_error(analyse_text("counter done;\nproc p() { pick q from players alike { gain 1 done; } }"), "E454",
                  "no copies")
    the_one_error(analyse_text("counter done;\nproc p() { pick n from 1..3 alike { gain n done; } }"), "E454")


def test_alike_at_random_or_simultaneous_is_e455():
    base = "counter done;\nkind card {}\ncard copper \"Copper\" * 3 {}\nzone hand per_player of card;\n"
    the_one_error(analyse_text(base + "proc p() { pick c from hand alike at random { gain 1 done; } }"), "E455",
                  "at random")
    the_one_error(analyse_text(base + "proc p() { each players simultaneously pick c from hand alike { gain 1 done; } }"),
                  "E455", "simultaneously")


def test_over_distinct_cards_it_says_nothing():
    result = analyse_text("counter done;\nkind card {}\ncard a \"A\" {}\ncard b \"B\" {}\nzone hand per_player of card;\n"
                          "proc p() { pick c from hand alike { gain 1 done; } }")
    assert result.diagnostics == [] or not [d for d in result.diagnostics if d.code in ("E454", "E455")]


ORDER = PACK + """
proc sentry() {
  for each c in hand in any order alike "put back which card first?" { move c to discard; }
}
proc numbers() {
  for each n in 1..3 in any order { gain n done; }
}
"""

order_program = on_both_backends(lambda interpreted: build_text(ORDER, interpreted=interpreted))


def test_for_each_in_any_order_alike_asks_identical_copies_once(order_program):
    """Dominion's Sentry: two Coppers to put back are not asked "which Copper first?"."""
    game = Game(order_program, 2, 1)
    hand_of(game, "copper", "estate", "copper#2")
    assert asked(game, "sentry", [1, 0, 0]) == [["Copper (x2)", "Estate"], ["Copper (x2)"], ["Copper"]]
    assert names(game, "discard") == ["estate", "copper", "copper#2"]


def test_for_each_in_any_order_alike_is_printed_back_and_checked():
    text = "kind card {}\nzone hand per_player of card;\nproc p() {\n  for each c in hand in any order alike \"next?\" {\n" \
           "    move c to hand;\n  }\n}\n"
    printed = format_module(parse_text(text))
    assert "for each c in hand in any order alike \"next?\" {" in printed
    the_one_error(analyse_text("counter done;\nproc p() { for each n in 1..3 in any order alike { gain n done; } }"),
                  "E454", "no copies")
