"""Branch amendpick: a pick or a choose labelled `as LABEL` (as a loop is) is found by an amend by that
label, `pick as LABEL ...;` / `choose as LABEL { ... }`: a pick at random, which has no prompt, can be
narrowed, made a player's pick (a prompt after the label) or a player's pick made random (`at random`);
in a proc, a phase or a card's effect; on both backends; E344, E351, E326 at the amend; fmt, explain,
lint."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.dsl.parser import parse_text
from rulebook.runtime.engine import Game

from .conftest import explained, printed_back, random_games_agree, run_proc, run_slot, the_one_error

# Catan's robber (values for illustration): a random card is stolen from the victim; a Dominion-like
# Bandit card trashes a random card of each opponent's hand; the start player is drawn at random
BASE = """
counter vp;
var starter global: player;
kind res { worth: int; }
res brick "Brick" * 2 { worth = 1; }
res ore "Ore" { worth = 2; }
res wool "Wool" { worth = 3; }
zone bank of res;
zone hand per_player of res;
zone trash of res;
proc deal() { fill bank with res; each players { draw 2 from bank to hand; } }
proc rob(victim: player) {
  pick c from victim.hand at random as steal {
    move c to hand;
    gain c.worth vp;
  } else {
    say "nothing to steal";
  }
  choose as reward { option "one" { gain 1 vp; } option "two" { gain 2 vp; } }
  pick g from hand "give one back?" optional as give_back { move g to victim.hand; }
}
kind action { play: effect; }
action bandit "Bandit" {
  play { each opponents { pick c from hand at random as trashed { move c to trash; } } }
}
game robbers {
  seats 2 to 4;
  phase setup { deal(); pick p from players at random as first_player { set starter = p; } }
  phase play { each players: rob(left); }
  winner most vp;
}
"""

# the thief chooses (and may only take cards worth 2 or more); the reward is two VP only; giving back is
# drawn at random, no longer chosen
HOUSE = """
amend rob {
  pick as steal "steal which card?" where c.worth >= 2;
  choose as reward "how much?" { remove option "one"; }
  pick as give_back exactly 1 at random;
}
"""


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def interpreted(request) -> bool:
    return request.param


def robbed(interpreted: bool, house: str, *answers):
    """P1 robs P2 after the deal (seed 3): the decisions asked, P1's hand and vp, P2's hand."""
    game = Game(build_text(BASE + house, interpreted=interpreted), 2, 3)
    run_proc(game, "deal")
    asked = run_proc(game, "rob", game.state.players[1], answers=answers)
    p1, p2 = game.state.players
    return asked, game, p1, p2


def test_the_base_draws_at_random_and_asks_only_the_choose_and_the_give_back(interpreted):
    asked, _game, p1, p2 = robbed(interpreted, "", "two", "none")
    assert [d.prompt for d in asked] == ["choose one", "give one back?"]
    assert len(p1.zones["hand"]) == 3 and len(p2.zones["hand"]) == 1


def test_a_random_pick_amended_by_its_label_is_the_thiefs_choice(interpreted):
    game = Game(build_text(BASE + HOUSE, interpreted=interpreted), 2, 3)
    run_proc(game, "deal")
    victim = game.state.players[1]
    candidates = [c for c in victim.zones["hand"] if c.fields["worth"] >= 2]
    asked = run_proc(game, "rob", victim, answers=[0] if len(candidates) > 1 else [])
    prompts = [d.prompt for d in asked]
    assert "how much?" not in prompts   # one option left: taken without asking
    assert "give one back?" not in prompts   # now at random: nobody is asked
    p1 = game.state.players[0]
    assert p1.stock["vp"] == (candidates[0].fields["worth"] if candidates else 0) + 2
    assert len(p1.zones["hand"]) == (2 if candidates else 1)   # stole one, gave one back at random


def test_the_thiefs_choice_is_asked_whenever_two_cards_qualify(interpreted):
    seen = 0
    for seed in range(1, 15):
        game = Game(build_text(BASE + HOUSE, interpreted=interpreted), 2, seed)
        run_proc(game, "deal")
        victim = game.state.players[1]
        candidates = [c.label() for c in victim.zones["hand"] if c.fields["worth"] >= 2]
        if len(candidates) < 2:
            continue
        asked = run_proc(game, "rob", victim, answers=[1])
        assert [(d.prompt, d.options) for d in asked] == [("steal which card?", candidates)]
        assert game.state.players[0].stock["vp"] == 3 + 2   # the second: Wool, after Ore
        seen += 1
    assert seen


def test_a_random_picks_condition_and_a_phase_pick_are_amended_by_label(interpreted):
    house = "amend rob { pick as steal where c.worth == 1; }\n" \
            "amend setup { pick as first_player where p != starter; }\n"
    _asked, _game, p1, p2 = robbed(interpreted, house, "two", "none")
    assert all(c.fields["worth"] == 1 for c in p1.zones["hand"][2:])
    assert len(p1.zones["hand"]) + len(p2.zones["hand"]) == 4
    game = Game(build_text(BASE + house, interpreted=interpreted), 3, 5)
    game.start()
    assert game.state.gvars["starter"] is not None


def test_a_card_effects_random_pick_is_amended_by_its_label(interpreted):
    house = 'amend bandit.play { pick as trashed "trash which card?" where c.worth > 1; }\n'
    for seed in range(1, 10):
        game = Game(build_text(BASE + house, interpreted=interpreted), 2, seed)
        run_proc(game, "deal")
        hand = game.state.players[1].zones["hand"]
        worthy = [c.label() for c in hand if c.fields["worth"] > 1]
        asked = run_slot(game, "bandit", "play", answers=[0] if len(worthy) > 1 else [])
        assert [d.options for d in asked] == ([worthy] if len(worthy) > 1 else [])
        assert [c.label() for c in game.state.zones["trash"]] == worthy[:1]


def test_amends_are_reported_printed_back_and_explained():
    result = analyse_text(BASE + HOUSE)
    assert not [d for d in result.diagnostics if d.severity == "error"], [d.headline() for d in result.diagnostics]
    infos = [d.message for d in result.diagnostics if d.code == "I404"]
    assert "amends the prompt and the condition of pick labelled steal of proc 'rob'" in infos
    assert "amends the mode and the picker ('at random') of pick labelled give_back of proc 'rob'" in infos
    assert "removes option \"one\" from choose labelled reward of proc 'rob'" in infos
    _module, printed = printed_back(BASE + HOUSE)
    assert "  pick c from victim.hand at random as steal {\n" in printed
    assert "  choose as reward {\n" in printed
    assert '  pick g from hand "give one back?" optional as give_back {\n' in printed
    assert '  pick as steal "steal which card?" where c.worth >= 2;\n' in printed
    assert '  choose as reward "how much?" {\n' in printed
    assert "  pick as give_back exactly 1 at random;\n" in printed
    reading = explained(result, "rob")
    assert "(steal which card?) (labelled steal) (amended by <text>:" in reading
    assert "Choose one (how much?) (labelled reward):" in reading
    assert "at random (nobody chooses) from your hand (labelled give_back) (amended by" in reading


def test_a_label_changes_no_content_digest_where_it_is_not_written():
    pick = parse_text("proc p() { pick c from 3 at random { } choose { option \"a\" { } } }", "a.rules").items[0]
    assert "stmt_label" not in repr(pick)
    labelled = parse_text("proc p() { pick c from 3 at random as x { } }", "a.rules").items[0]
    assert "stmt_label='x'" in repr(labelled)


@pytest.mark.parametrize("house, code, message, line", [
    ("amend rob { pick as steel where c.worth > 1; }", "E344",
     "proc 'rob' has no pick labelled steel", 1),
    ("amend rob { choose as steal { remove option \"one\"; } }", "E344",
     "'steal' labels a pick of proc 'rob', not a choose", 1),
    ("amend rob { pick as steal optional; }", "E326",
     "the pick labelled steal of proc 'rob' would be at random with 'optional'", 1),
    ("amend rob { pick as steal as \"{c}\"; }", "E326", "would be at random with a label", 1),
    ("amend rob { pick as give_back \"x\" at random; }", "E326", "would be at random with a prompt", 1),
    ("amend rob { pick as steal where true; pick as steal where false; }", "E215",
     "the pick labelled steal is amended twice here", 1),
    ("amend rob { pick as steal; }", "E223", "changes nothing", 1),
])
def test_misuse_is_positioned_at_the_amend(house, code, message, line):
    result = analyse_text(BASE + house)
    the_one_error(result, code, message, BASE.count("\n") + line)


def test_an_unknown_label_gets_a_did_you_mean_and_the_labels_there_are():
    result = analyse_text(BASE + "amend rob { pick as steel where c.worth > 1; }")
    error = next(d for d in result.diagnostics if d.code == "E344")
    assert error.hint == "did you mean 'steal'?"
    assert error.notes == ("its labelled picks: steal, give_back",)
    assert error.span.column == 13


def test_two_picks_or_chooses_of_one_body_labelled_alike_are_e351():
    text = BASE.replace('"give one back?" optional as give_back', '"give one back?" optional as steal')
    result = analyse_text(text)
    error = next(d for d in result.diagnostics if d.severity == "error")
    assert error.code == "E351" and "this pick is labelled 'steal', as the pick at line" in error.message
    line = text.splitlines()[error.span.line - 1]
    assert line[error.span.column - 1:error.span.end_column - 1] == "steal" and "give one back?" in line
    # an amend of either is then unclear too
    result = analyse_text(text + "amend rob { pick as steal where true; }")
    assert {d.code for d in result.diagnostics if d.severity == "error"} == {"E351", "E222"}
    # the same label in two bodies (a proc and a card's effect) is fine
    ok = BASE.replace("at random as trashed", "at random as steal")
    assert not [d for d in analyse_text(ok).diagnostics if d.severity == "error"]


def test_random_games_with_the_house_rules_agree_on_both_backends_and_replay():
    random_games_agree(BASE + HOUSE + 'amend bandit.play { pick as trashed "trash which?"; }\n')


def test_a_label_written_without_as_in_an_amend_gets_a_hint():
    from .conftest import parse_error
    error = parse_error("proc rob() { pick c from 3 at random as steal { } }\namend rob { pick steal \"x\"; }\n")
    assert error.code == "E100" and error.hint.endswith("an amend names a labelled pick 'pick as steal ...;'")
