"""Branch amends2: an amend of a named phase changes its chooses, picks, ifs and loops as an amend of a proc
does (`amend age_two { choose "..." { ... } }`: 7 Wonders' second age, options added, replaced and removed,
`base();`), on both backends, reported, printed back and explained with the game; and `break PHASE;`, which is no
construct (a phase is left by running to its end), says what to write instead (E335, E336: Brass's canal era
ends when its rounds do, a loop's condition or `break` of that loop)."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game

from .conftest import explained, printed_back, reported, rules_programs

# 7 Wonders, in small: two ages of two turns each; in each turn every player builds the card in hand (paying the
# age's cost in coins, scoring as much) or sells it for 3 coins
SEVEN = """counter vp;
counter coins start 3;
proc play_card(age: int) {
  choose "play an age I card" {
    option "build it" when coins >= age { pay age coins; gain age vp; }
    option "sell it" { gain 3 coins; }
  }
}
game seven_wonders {
  seats 2;
  phase age_one after play { repeat 2 { each players: play_card(1); } }
  phase age_two after age_one {
    repeat 2 {
      each players {
        choose "play an age II card" {
          option "build it" when coins >= 2 { pay 2 coins; gain 2 vp; }
          option "sell it" { gain 3 coins; }
        }
      }
    }
  }
  winner most vp;
}
"""
LINE = SEVEN.count("\n") + 1

# a house rule for the second age: a card sold there gives 4 coins, a built card a coin back too (base();), and a
# wonder stage may be built instead (7 coins, 5 VP)
HOUSE = """amend age_two {
  choose "play an age II card" {
    option "sell it" { gain 4 coins; }
    option "build it" when coins >= 2 { base(); gain 1 coins; }
    option "build a wonder stage" when coins >= 7 { pay 7 coins; gain 5 vp; }
  }
}
"""

program = rules_programs(SEVEN)


def offered(program, more: str, answers: list[str]) -> tuple:
    """Play a game answering each decision with the option labelled as `answers` says (one per decision, in turn):
    the options of each age II decision, and each player's (vp, coins) at the end."""
    game = Game(program(more), 2, 1)
    decision, seen, answers = game.start(), [], list(answers)
    while decision is not None:
        if decision.prompt == "play an age II card":
            seen.append(tuple(decision.options))
        decision = game.apply(decision.options.index(answers.pop(0)))
    assert not answers and game.result()["over"]
    return seen, [(p.stock["vp"], p.stock["coins"]) for p in game.state.players]


def test_the_base_second_age(program):
    seen, ended = offered(program, "", ["sell it"] * 4 + ["build it"] * 4)
    assert seen == [("build it", "sell it")] * 4
    assert ended == [(4, 5), (4, 5)]   # 3 + 3 + 3 coins, two builds of 2


def test_a_house_rule_amends_the_choose_of_a_named_phase(program):
    seen, ended = offered(program, HOUSE, ["sell it"] * 4 + ["build a wonder stage"] * 2 + ["build it"] * 2)
    # the options of the base in place, the new one at the end (while a player has the 7 coins it costs)
    assert seen == [("build it", "sell it", "build a wonder stage")] * 2 + [("build it", "sell it")] * 2
    # 9 coins after age I; 7 for the stage (5 VP), then a build of 2 with a coin back: 9 - 7 - 2 + 1
    assert ended == [(7, 1), (7, 1)]


def test_an_option_of_a_named_phase_removed(program):
    house = 'amend age_two { choose "play an age II card" { remove option "sell it"; } }\n'
    seen, ended = offered(program, house, ["sell it"] * 4)   # building, the one option left, is not asked
    assert seen == [] and ended == [(4, 5), (4, 5)]


def test_reported_printed_back_and_explained_with_the_game():
    result = analyse_text(SEVEN + HOUSE)
    assert reported(result) == [
        ("I404", LINE + 2, "amends option \"sell it\" of choose \"play an age II card\" of phase 'age_two'"),
        ("I404", LINE + 3, "amends option \"build it\" of choose \"play an age II card\" of phase 'age_two', "
                           "keeping the base's"),
        ("I404", LINE + 4, "adds option \"build a wonder stage\" to choose \"play an age II card\" of phase 'age_two'"),
    ]
    _module, printed = printed_back(SEVEN + HOUSE)
    assert printed.endswith('    option "build a wonder stage" when coins >= 7 {\n      pay 7 coins;\n      gain 5 vp;\n'
                            '    }\n  }\n}\n') and "amend age_two {\n" in printed
    reading = explained(result, "seven_wonders")
    for line in (f"1. Build it (only if you have at least 2 coins) (amended by <text>:{LINE + 3}:5, keeping the base's):",
                 f"2. Sell it (amended by <text>:{LINE + 2}:5):",
                 f"3. Build a wonder stage (only if you have at least 7 coins) (added by <text>:{LINE + 4}:5):"):
        assert line in reading, reading


def test_a_misspelt_phase_is_told_the_phases_of_the_game():
    found = [d for d in analyse_text(SEVEN + 'amend age_tow { choose "play an age II card" { } }\n').diagnostics
             if d.severity == "error"]
    assert [(d.code, d.hint) for d in found] == [("E217", "did you mean 'age_two'?")]


# Brass: the canal era is played in rounds until the deck runs out; then the era is scored
BRASS = """counter vp;
counter deck "Cards in the draw deck" global;
game brass {
  seats 2;
  phase setup { set deck = 5; }
  phase canal_era after play {
    while true as rounds {
      each players: gain 1 vp;
      lose 1 deck;
      if deck == 0 { BREAK }
    }
    each players: gain 10 vp;
  }
  winner most vp;
}
"""


def test_break_of_a_phase_says_what_to_write_instead():
    found = [d for d in analyse_text(BRASS.replace("BREAK", "break canal_era;")).diagnostics if d.severity == "error"]
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("E336", 10, 28)]
    assert "names phase 'canal_era': a phase is left by running to its end" in found[0].message
    assert found[0].hint.startswith("to end the phase's rounds early, 'break rounds;' leaves the loop labelled "
                                    "rounds") and "'end game after canal_era;'" in found[0].hint
    # written in the phase's own steps, outside its rounds: E335, the hint saying to label the rounds' loop
    text = BRASS.replace("BREAK", "break rounds;").replace("    each players: gain 10 vp;", "    break canal_era;")
    found = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert [d.code for d in found] == ["E335"] and "label the loop of its rounds" in found[0].hint


brass = rules_programs(BRASS.replace("BREAK", "break rounds;"))


def test_what_to_write_instead_ends_the_rounds_and_scores_the_era(brass):
    game = Game(brass(), 2, 1)
    game.play()
    # five rounds until the deck ran out, then the era's scoring (which leaving the phase would have skipped)
    assert [p.stock["vp"] for p in game.state.players] == [15, 15]
