"""Leftovers of the slots branch (branch slots2): `can PROC(args)` of a proc that starts with an `if` or a
`match` whose every branch opens on a decision (the branch its condition takes is tested; an empty or
absent branch: nothing is open), E377 at the branch that does not; root_lite's Decree written with it;
W443 following a proc called only where its caller holds the role; a role's modifier beside the others."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game

from .conftest import explained, printed_back, rules_programs, run_proc, the_one_error

# ---------------------------------------------------------------------------- `can PROC` of a leading if / match

# Catan (simplified): a development card is played only when it has something to do: the Knight moves the
# robber to a hex it is not on, Road Building needs two roads left; a Victory Point card is never played.
# The test is the play itself: `can play(d)` reads the arm the card's type takes.
CATAN = """
enum development { knight, road_building, victory_point }
kind hex "Hex" { }
hex hills "Hills" { }
hex pasture "Pasture" { }
zone board of hex;
zone robbed of hex;
counter knights "Knights";
counter roads "Roads";
counter roads_left "Roads left" start 2;
counter passes "Passes";
proc lay() {
  move hills to board;
  move pasture to board;
}
proc play(d: development) {
  match d {
    knight {
      pick h from board "move the robber where?" {
        move all of robbed to board;
        move h to robbed;
        gain 1 knights;
      }
    }
    road_building {
      may "build two roads?" when roads_left >= 2 {
        lose 2 roads_left;
        gain 2 roads;
      }
    }
    else { }
  }
}
proc try_play(d: development) {
  if can play(d) {
    play(d);
  } else {
    gain 1 passes;
  }
}
proc try_knight() { try_play(knight); }
proc try_roads() { try_play(road_building); }
proc try_point() { try_play(victory_point); }
# an if ... else if ... else: the branch the count takes; no `else` at the end would be false there
proc build(n: int) {
  if n > roads_left {
    pick h from robbed "build beside the robber?" { gain 1 roads; }
  } else if n == 1 {
    pick h from board "build where?" { gain 1 roads; }
  } else {
    may "build {n} roads?" { gain n roads; }
  }
}
proc try_build(n: int) {
  if can build(n) { build(n); } else { gain 1 passes; }
}
"""

catan = rules_programs(CATAN)


def test_can_of_a_leading_match_tests_the_arm_the_subject_takes(catan):
    game = Game(catan(), 2, 1)
    p1 = game.state.players[0]
    run_proc(game, "try_knight")   # no hex on the board: the Knight's pick has no candidate
    assert (p1.stock["knights"], p1.stock["passes"]) == (0, 1)
    run_proc(game, "lay")
    run_proc(game, "try_knight", answers=["Hills"])
    run_proc(game, "try_roads", answers=["yes"])
    assert (p1.stock["knights"], p1.stock["roads"], p1.stock["roads_left"], p1.stock["passes"]) == (1, 2, 0, 1)
    run_proc(game, "try_roads")   # no roads left: the may's `when` fails, nothing is asked
    run_proc(game, "try_point")   # the empty `else`: nothing would be done
    assert (p1.stock["roads"], p1.stock["passes"]) == (2, 3)


def test_can_of_a_leading_if_tests_the_branch_the_condition_takes(catan):
    game = Game(catan(), 2, 1)
    p1 = game.state.players[0]
    run_proc(game, "try_build", 3)   # 3 > 2 roads left: the robber's zone is empty, nothing to pick
    run_proc(game, "try_build", 1)   # the board is empty too
    assert (p1.stock["roads"], p1.stock["passes"]) == (0, 2)
    run_proc(game, "lay")
    run_proc(game, "try_build", 1, answers=["Pasture"])
    run_proc(game, "try_build", 2, answers=["yes"])
    assert (p1.stock["roads"], p1.stock["passes"]) == (3, 2)


def line_of(text: str, words: str) -> int:
    """The line of `text` (as the analysis counts them) where `words` first stand."""
    return text[:text.index(words)].count("\n") + 1


def test_a_branch_that_starts_with_no_decision_is_e377_at_it():
    text = CATAN.replace("    else { }", "    else {\n      gain 1 passes;\n    }")
    at = line_of(text, "gain 1 passes;\n    }")
    the_one_error(analyse_text(text), "E377", f"a branch of its 'match' starts at line {at}, column 7")
    text = CATAN.replace('may "build {n} roads?" { gain n roads; }', "gain n roads;")
    at = line_of(text, "gain n roads;")
    the_one_error(analyse_text(text), "E377", f"a branch of its 'if' starts at line {at}, column 5")
    # (a branch that is itself an if, one of whose branches does something first, is followed down)
    text = CATAN.replace('pick h from robbed "build beside the robber?" { gain 1 roads; }',
                         "if n > 5 { gain 1 roads; }")
    at = line_of(text, "gain 1 roads; }")
    the_one_error(analyse_text(text), "E377", f"a branch of its 'if' starts at line {at}, column 16")


def test_the_proc_prints_back_and_can_is_explained():
    _module, printed = printed_back(CATAN)
    assert "  if can play(d) {" in printed
    assert "play with d would offer you a choice now" in explained(analyse_text(CATAN), "try_play")


# ---------------------------------------------------------------------------- W443 follows a proc's calls

# Vast (simplified): the Dragon scores its hoard at the end of each round; the pack's `score_hoard` is called only
# for the Dragon's holders, so reading the Dragon's state there needs no test
VAST = """
counter vp "VP";
role dragon "Dragon" {
  counter hoard "Hoard" start 3;
}
role knight "Knight" {
  counter grit "Grit" start 2;
}
proc score_hoard() {
  gain hoard vp;
  tally();
}
proc tally() {
  gain hoard vp;
}
game vast "Vast" {
  seats 2 roles dragon, knight;
  phase play {
    repeat 2 {
      each holders(dragon) { score_hoard(); }
    }
  }
  winner most vp;
}
"""


def role_codes(text: str) -> list:
    """The role findings of an analysis, as (code, line)."""
    return [(d.code, d.span.line) for d in analyse_text(text).diagnostics if d.code in ("W443", "E424")]


def test_a_proc_called_only_for_a_roles_holders_reads_its_state_without_w443():
    assert role_codes(VAST) == []   # score_hoard through `each holders(dragon)`, tally through score_hoard


def test_a_proc_also_called_for_anyone_is_still_w443():
    text = VAST.replace("each holders(dragon) { score_hoard(); }", "each holders(dragon) { score_hoard(); }\n"
                        "      each players { tally(); }")
    assert role_codes(text) == [("W443", line_of(text, "gain hoard vp;\n}\ngame"))]
    text = VAST.replace("each holders(dragon) { score_hoard(); }", "each players { score_hoard(); }")
    assert role_codes(text) == [("W443", line_of(text, "gain hoard vp;\n  tally")),
                                ("W443", line_of(text, "gain hoard vp;\n}\ngame"))]


def test_a_proc_only_one_role_runs_reading_anothers_state_is_e424():
    text = VAST.replace("proc tally() {\n  gain hoard vp;", "proc tally() {\n  gain grit vp;")
    the_one_error(analyse_text(text), "E424", "here you hold the role Dragon")


# ---------------------------------------------------------------------------- a role's modifier stands beside the others

# Memoir '44-like (for illustration): a banner on the table adds a die to an attack, a rally adds ten; the
# Dragon's own modifier doubles the attack. A role replaces no kind's modifier: all three hold together.
RALLY = """
event attack(n: int);
counter dice "Dice";
kind card "Card" {
  modifier you attack in table {
    value +1;
  }
}
card banner "Banner" { }
zone table per_player of card;
role dragon "Dragon" {
  modifier you attack {
    value *2;
  }
}
role knight "Knight" { }
func strength(n: int): int = n for attack(n);
proc fight() {
  move banner to table;
  gain strength(3) dice;
}
proc rally() {
  modifier you attack {
    value +10;
  }
}
game rally_game "Rally" {
  seats 2 roles dragon, knight;
  phase play {
    each players { fight(); }
  }
  winner most dice;
}
"""

rally = rules_programs(RALLY)


def test_a_roles_modifier_is_in_force_beside_the_cards_and_the_packs(rally):
    game = Game(rally(), 2, 1)
    run_proc(game, "rally", player=0)
    run_proc(game, "fight", player=0)   # the Dragon: (3 + the banner's 1 + the rally's 10) doubled
    assert game.state.players[0].stock["dice"] == 28
    run_proc(game, "fight", player=1)   # the Knight: no rally, no doubling; the banner is P1's now
    assert game.state.players[1].stock["dice"] == 4


def test_also_on_a_roles_modifier_is_e648_and_prints_back():
    text = RALLY.replace("  modifier you attack {\n    value *2;", "  modifier you attack also {\n    value *2;")
    the_one_error(analyse_text(text), "E648", "role 'dragon''s modifier replaces no other")
    assert not [d for d in analyse_text(text).diagnostics if d.code == "W617"]
    _module, printed = printed_back(text)
    assert "  modifier you attack also {" in printed


def test_can_of_a_proc_whose_branches_are_all_empty_is_w630():
    text = CATAN + "proc idle(d: development) {\n  match d {\n    knight { }\n    else { }\n  }\n}\n" \
        "func playable(d: development): bool = can idle(d);\n"
    (finding,) = [d for d in analyse_text(text).diagnostics if d.code == "W630"]
    assert "'can idle(...)' never holds" in finding.message and finding.span.line == line_of(text, "func playable")
    assert not [d for d in analyse_text(CATAN).diagnostics if d.code == "W630"]
