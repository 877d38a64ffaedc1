"""Branch amendloops: an amend of a proc or a phase finds a loop by its keyword and head as written (`repeat 2`,
`while COND`, `for each h in 1..5`, `each PLAYERS`) or by its label, and writes `to NEW` (a repeat's count, a
while's condition, a for each's or an each's domain), `where NEW` (the filter) and a new body, `base` standing for
the part replaced; and a `may`'s body and else (`may "prompt" { base(); ... }`). Both backends, the diagnostics at
their places (E618, W608, E612, E222, E223, E365-E367), I404, fmt, explain, stacked packs (W406, `base` building
on the earlier), and Pandemic: On the Brink's Rate Effect written as an amend of the base's infection count."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse, analyse_text
from rulebook.runtime.engine import Game

from .conftest import amend_misuse, explained, printed_back, rules_programs, run_proc, write_pack

# Catan (values for illustration): the hexes 1 to 5 produce but the robber's (3); two trades each give a point; a
# hand over 3 cards is cut down; a knight may be built (a point otherwise)
BASE = """counter cards;
counter vp;
counter knights;
proc produce() {
  for each h in 1..5 where h != 3 {
    gain 1 cards;
  }
  repeat 2 as trades {
    gain 1 vp;
  }
  while cards > 3 {
    lose 1 cards;
  }
  may "build a knight?" {
    gain 1 knights;
  } else {
    gain 1 vp;
  }
}
game catan {
  seats 2;
  phase play {
    each players: produce();
  }
  winner most vp;
}
"""
LINE = BASE.count("\n") + 1   # the first line of a house rule after the base

# Seafarers as a house rule: the frame adds hexes 6 and 7, 6 a sea that produces nothing; a third trade; a hand is
# cut only while no knight guards it, each card cut giving a point; a knight built gives a point too
HOUSE = """amend produce {
  for each h in 1..5 to 1..7 where base and h != 6;
  repeat as trades to base + 1;
  while cards > 3 to base and knights == 0 {
    base();
    gain 1 vp;
  }
  may "build a knight?" {
    base();
    gain 1 vp;
  }
}
"""

program = rules_programs(BASE)


def produced(build, house: str, knight: bool) -> tuple:
    """P1 produces, answering the knight's `may` with `knight`: (cards, vp, knights)."""
    game = Game(build(house), 2, 1)
    run_proc(game, "produce", answers=[knight])
    you = game.state.players[0]
    return you.stock["cards"], you.stock["vp"], you.stock["knights"]


def test_the_base_plays_as_written(program):
    assert produced(program, "", True) == (3, 2, 1)
    assert produced(program, "", False) == (3, 3, 0)


def test_a_domain_a_filter_a_count_a_condition_and_a_mays_body_amended(program):
    # 1, 2, 4, 5, 7 produce (5 cards); 3 trades; the hand cut twice, a point each; the knight's point
    assert produced(program, HOUSE, True) == (3, 6, 1)
    assert produced(program, HOUSE, False) == (3, 6, 0)   # the else is the base's


@pytest.mark.parametrize("house, knight, expected", [
    ("amend produce { repeat 2 to 4; }", True, (3, 4, 1)),   # found by its count as written
    ("amend produce { for each h in 1..5 where true; }", True, (3, 2, 1)),   # five cards, cut to 3
    ("amend produce { for each h in 1..5 to 1..2; }", True, (2, 2, 1)),   # the filter stays the base's
    ("amend produce { while cards > 3 to cards > 1; }", True, (1, 2, 1)),
    ('amend produce { may "build a knight?" else { base(); gain 2 cards; } }', False, (5, 3, 0)),
    ('amend produce { may "build a knight?" { gain 2 knights; } }', True, (3, 2, 2)),   # replaced whole
])
def test_each_part_alone(program, house, knight, expected):
    assert produced(program, house, knight) == expected


def test_the_items_are_reported_printed_back_and_explained():
    result = analyse_text(BASE + HOUSE)
    assert [(d.code, d.span.line, d.message) for d in result.diagnostics] == [
        ("I404", LINE + 1, "amends the domain and the filter of for each h in 1..5 of proc 'produce'"),
        ("I404", LINE + 2, "amends the count of repeat labelled trades of proc 'produce'"),
        ("I404", LINE + 3, "amends the condition and the body of while cards > 3 of proc 'produce', keeping the "
                           "base's"),
        ("I404", LINE + 7, "amends the body of may \"build a knight?\" of proc 'produce', keeping the base's"),
    ], [d.headline() for d in result.diagnostics]
    _module, printed = printed_back(BASE + HOUSE)
    assert printed.endswith(HOUSE)
    reading = explained(result, "produce")
    for line in (f"For each h from 1 to 7 for which the base's filter and h is not 6 (the base's filter being h is not 3) "
                 f"(amended by <text>:{LINE + 1}:3):",
                 "As long as the base's condition and you have no knights (the base's condition being you have more "
                 f"than 3 cards) (amended by <text>:{LINE + 3}:3, keeping the base's):",
                 f"Do this 3 times (the base's count plus 1, the base's count being 2) (each time through is one trades) "
                 f"(amended by <text>:{LINE + 2}:3):",
                 f"(amended by <text>:{LINE + 3}:3, keeping the base's):",
                 f"You may (build a knight?) (amended by <text>:{LINE + 7}:3, keeping the base's):"):
        assert line in reading, reading


@pytest.mark.parametrize("items, code, message, hint, at", [
    ("repeat 3 to base + 1;", "E222", "proc 'produce' has no loop 'repeat 3'", "did you mean 'repeat 2'?", "repeat"),
    ("repeat as trades where base;", "E618", "the repeat labelled trades of proc 'produce' has no filter for 'where' "
     "to replace", "'where' is a for each's or an each's filter: amend the body, or an 'if' in it", "base"),
    ("for each as trades to 1..3;", "E612", "the loop labelled trades of proc 'produce' is written 'repeat', not "
     "'for each'", "write it as the base does: 'repeat as trades { ... }'", "for"),
    ("repeat 2;", "E223", "this amend of the repeat 2 of proc 'produce' changes nothing", None, "repeat"),
    ('may "build a knight?";', "E223", "this amend of the may \"build a knight?\" of proc 'produce' changes nothing",
     None, "may"),
    ('may "build a knight?" else { base(); } if cards > 9 { }', "E222", "proc 'produce' has no if on cards > 9", None,
     "if"),
    ("for each h in 1..5 where base(1);", "E367", "in an amended filter of a for each, base is the value it "
     "replaces", None, "base(1)"),
    ('may "build a knight?" { base(); base(); }', "E366", "base() is written 2 times", None, "base(); }"),
    ("repeat 2 to base + 1; repeat as trades to 3;", "E215", f"the loop at <text>:{BASE.count(chr(10), 0, BASE.index('repeat 2')) + 1}:3 is amended twice here", None, "repeat as"),
])
def test_misuse_is_positioned(items, code, message, hint, at):
    amend_misuse(BASE, "produce", items, code, message, hint, at)


def test_a_part_written_base_alone_warns_and_a_filter_added_has_no_base():
    house = "amend produce { while cards > 3 to base; }\n"
    found = [d for d in analyse_text(BASE + house).diagnostics if d.code == "W608"]
    assert [(d.message, d.span.column) for d in found] == [
        ("the new condition of the while cards > 3 of proc 'produce' is 'base' alone: it stays the base's",
         house.index("base") + 1)]
    unfiltered = BASE.replace("for each h in 1..5 where h != 3 {", "for each h in 1..5 {")
    found = [d for d in analyse_text(unfiltered + "amend produce { for each h in 1..5 where base and h > 1; }\n")
             .diagnostics if d.severity == "error"]
    assert [(d.code, d.hint) for d in found] == [
        ("E365", "the for each has no filter: write the new one without 'base'")]


def test_a_repeat_until_stable_has_no_count():
    # (its `to` replaces the names it watches since branch amends2: a count there is E647, no longer E618)
    base = "counter vp;\nproc settle() {\n  repeat until stable(vp) as settling {\n    gain 0 vp;\n  }\n}\n"
    found = [d for d in analyse_text(base + "amend settle { repeat as settling to 3; }\n").diagnostics
             if d.severity == "error"]
    assert [d.code for d in found] == ["E647"] and "replaces the names it watches" in found[0].message


def test_stacked_packs_build_on_the_earlier_and_find_the_loop_as_the_base_wrote_it(tmp_path):
    base = write_pack(tmp_path / "base", BASE, name="base")
    frame = write_pack(tmp_path / "frame", "amend produce { for each h in 1..5 to 1..7; repeat 2 to base + 1; }\n",
                       name="frame", extends=["../base"])
    # the later pack finds the for each and the repeat by the heads the base wrote, and builds on the frame's
    sea = write_pack(tmp_path / "sea", "amend produce { for each h in 1..5 where base and h != 6; "
                     "repeat 2 to base * 2; }\n", name="sea", extends=["../base"])
    other = write_pack(tmp_path / "other", "amend produce { repeat 2 to 5; }\n", name="other", extends=["../base"])
    result = analyse(str(base), [str(frame), str(sea)])
    assert not [d for d in result.diagnostics if d.severity == "error" or d.code == "W406"], \
        [d.headline() for d in result.diagnostics]
    reading = explained(result, "produce")
    assert "For each h from 1 to 7 for which the base's filter and h is not 6 (the base's filter being h is not 3)" \
        in reading
    assert "Do this 6 times (the base's count times 2, the base's count being 3) (each time through is one trades) " \
           "(amended by " in reading, reading
    assert [d.message for d in analyse(str(base), [str(frame), str(other)]).diagnostics if d.code == "W406"] == [
        "the count of the repeat 2 of proc 'produce' is amended by both 'frame' and 'other'; 'other' comes later in "
        "the stack and wins"]


# Modern Art (values for illustration): each player with money may, in turn order, buy the painting at its fixed
# price, the first to accept taking it; then everyone with a painting scores. The house rule: only players with
# two paintings score, and the buyer gets 2 points
AUCTION = """counter money from 0 to 20 start 5;
counter paintings;
counter vp;
proc offer() {
  first q in others_from(you) where q.money >= 3 may "buy the painting for 3?" {
    each q: lose 3 money;
    each q: gain 1 paintings;
  }
  each players where paintings > 0 {
    gain 1 vp;
  }
}
game modern_art {
  seats 3;
  phase play { each players: offer(); }
  winner most vp;
}
"""
AUCTION_HOUSE = """amend offer {
  may "buy the painting for 3?" { base(); each q: gain 2 vp; }
  each players where base and paintings >= 2;
}
"""

auction = rules_programs(AUCTION)


@pytest.mark.parametrize("house, expected", [("", [(2, 1, 1), (5, 0, 0)]), (AUCTION_HOUSE, [(2, 1, 2), (5, 0, 0)])])
def test_a_first_mays_body_and_an_eachs_filter(auction, house, expected):
    game = Game(auction(house), 3, 1)
    run_proc(game, "offer", answers=[True])   # P2, the first opponent, buys
    assert [(p.stock["money"], p.stock["paintings"], p.stock["vp"]) for p in game.state.players[1:]] == expected


def test_explain_reads_an_amended_if_condition_with_the_bases_by_name():
    """An amended `if`'s condition written with `base` reads the base's part by name and then says what it is, as an
    amended loop head does."""
    text = ("counter vp;\ncounter cards;\nproc produce() {\n  if vp > 2 {\n    gain 1 cards;\n  }\n}\n"
            "amend produce { if vp > 2 to base or cards > 4; }\n")
    reading = explained(analyse_text(text), "produce")
    assert "If the base's condition or you have more than 4 cards (the base's condition being you have more than 2 VP)" \
        in reading, reading
