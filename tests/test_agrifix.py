"""What the Agricola audit found (branch agrifix): a draw from an empty zone in the trace, simulate's
table that leaves components out, notes and suggestions of diagnostics, plurals in explain."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import counted, plural, reading
from rulebook.dsl.diagnostics import closest
from rulebook.runtime.engine import Effect, Game

from .conftest import found_at, parse_error, played, printed_back, random_games_agree, run_proc, write_pack

DRAWS = """counter vp;
kind card { }
card a "Apple" { }
card b "Bean" { }
zone deck "Round cards" of card;
zone hand per_player of card;
proc p() {
  fill deck with card;
  draw 3 from deck to hand;
  draw 1 from deck to hand;
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_draw_from_an_empty_zone_is_traced(interpreted):
    game = Game(build_text(DRAWS, interpreted=interpreted, name="t.rules"), 1, 1)
    entries: list[Effect] = []
    game.tracer = entries.append
    run_proc(game, "p")
    lines = [(e.describe(), e.where) for e in entries if e.kind in ("draw", "nothing")]
    assert lines == [
        ("P1: draw 2 from deck to P1.hand: Apple, Bean", "t.rules:9:3"),
        ("P1: draws only 2 of 3: Round cards (deck) is empty", "t.rules:9:3"),
        ("P1: draws nothing: Round cards (deck) is empty", "t.rules:10:3"),
    ]


# 30 cards, two drawn by the first player: most are used in some games and not in others
MANY = "counter vp;\nkind card { points: int; }\n" + "".join(f"card c{i} {{ points = {i % 5}; }}\n" for i in range(30)) + """
zone deck of card;
zone hand per_player of card;
game g { seats 2 to 2; phase setup { fill deck with card; shuffle deck; }
  phase play { draw 2 from deck to hand; for each c in hand { gain c.points vp; } } winner most vp; }
"""


def test_simulate_says_how_many_components_its_table_leaves_out(tmp_path):
    pack = write_pack(tmp_path / "many", MANY, name="many")
    run = ["simulate", str(pack), "-n", "2", "-g", "40", "-w", "1", "--json", str(tmp_path / "r.json")]
    result = CliRunner().invoke(app, run)
    rated = [c for c in json.loads((tmp_path / "r.json").read_text())["components"] if c["effect"] is not None]
    assert result.exit_code == 0 and len(rated) > 20
    left_out = len(rated) - 20
    assert f"… {left_out} more" in result.output
    assert (f"the table shows 20 of the {len(rated)} components with a difference: the 10 largest and the 10 "
            f"smallest; --components 0 shows them all") in result.output
    result = CliRunner().invoke(app, run + ["--components", "0"])
    assert result.exit_code == 0 and "more" not in result.output and "the table shows" not in result.output
    assert all(f"│ {c['name']} " in result.output for c in rated)
    result = CliRunner().invoke(app, run + ["--components", "5"])
    assert f"… {len(rated) - 5} more" in result.output and "the 3 largest and the 2 smallest" in result.output


# a card whose first field is on the line of its '{' and whose '}' ends its last line: correct
COMPACT_CARD = """kind major { points: int; bought: effect; }
major clay_oven "Clay Oven" { points = 2;
  bought { } }
"""


def test_a_reserved_name_has_no_note_on_a_brace():
    d = parse_error(COMPACT_CARD + "func marker(m: major): bool = true;\n")   # (`affordable` is contextual now)
    assert "'marker' is reserved" in d.hint and (d.span.line, d.span.column) == (4, 6)
    assert not any("one too many" in note for note in d.notes), d.notes


def test_a_compact_block_s_last_brace_is_not_one_too_many():
    d = parse_error(COMPACT_CARD + "zone 3;\n")
    assert d.span.line == 4 and not any("one too many" in note for note in d.notes), d.notes
    # laid out with its '{' last on its line, the same '}' does look like one too many
    d = parse_error(COMPACT_CARD.replace("{ points = 2;", "{\n  points = 2;") + "zone 3;\n")
    assert any("the '}' at line 4, column 14 looks like one too many" in note for note in d.notes), d.notes


def test_a_misspelt_field_two_slips_away_is_suggested():
    result = analyse_text("counter vp;\nkind action { acc: int; }\naction a1 { acum = 1; }\n")
    assert [(d.code, d.hint) for d in result.diagnostics if d.severity == "error"] == \
        [("E205", "did you mean 'acc'?")]   # and no E304 for the field it meant
    assert closest("acum", ["acc", "points"]) == "acc"
    assert closest("acum", ["acc", "act"]) is None        # two as close: neither is suggested
    assert closest("xcum", ["acc"]) is None and closest("ac", ["acc_x"]) is None


def test_a_misspelt_phase_is_suggested():
    d = parse_error("counter vp;\ngame g { seats 1 to 1; phase plya { gain 1 vp; } winner most vp; }\n")
    assert "the phases setup, play and final, not 'plya'" in d.message and d.hint == "did you mean 'play'?"


CHOOSE = """counter vp;
resource wood;
proc p() {
  choose "which?" {
    option "wood" {
      gain 1 wood;
    } }
    option "vp" {
      gain 1 vp;
    }
  }
}
"""


@pytest.mark.parametrize("text, brace, option", [(CHOOSE, (7, 7), 8),
                                                  (CHOOSE.replace("    } }\n", "    }\n    }\n"), (8, 5), 9)],
                         ids=["same line", "own line"])
def test_an_option_after_a_brace_too_many_in_a_choose_points_back_at_it(text, brace, option):
    d = parse_error(text)
    assert "'option' is an item of 'choose" in d.message and (d.span.line, d.span.column) == (option, 5)
    assert f"the '}}' at line {brace[0]}, column {brace[1]} looks like one too many: by its indentation it ends " \
           "an inner block, but it closes the '{' at line 4, column 19" in " ".join(d.notes), d.notes


def test_the_plural_of_a_title_takes_its_noun_not_the_words_after_it():
    assert counted(5, "Food still due from the Well") == "5 Food still due from the Well"
    assert plural("Card left") == "Cards left" and plural("Worker still at home") == "Workers still at home"
    assert plural("Stone due") == "Stone due" and plural("coin of the realm") == "coins of the realm"
    assert counted(1, "Cards left") == "1 Card left" and plural("gold diamond") == "gold diamonds"


def test_explain_of_a_card_gaining_a_counter_with_a_title_of_several_words():
    text = """counter well_food "Food still due from the Well" from 0 to 10;
kind major { bought: effect; }
major well "Well" { bought { gain 5 well_food; } }
"""
    symbols = analyse_text(text).symbols
    assert "  Gain 5 Food still due from the Well." in reading(symbols.decls["well"], symbols)


# `most` and `fewest` as names (counters, a resource), next to a winner line with keys in
# parentheses and a counter named `most` as a tie-break
SPACES = """counter vp;
counter most "Most wood";
resource fewest;
kind plot { wood: int; }
plot forest "Forest" { wood = 3; }
plot grove "Grove" { wood = 1; }
zone plots of plot;
zone taken per_player of plot;
track path { space 1 { gain 1 vp; } space 2 { gain 1 most; } }
game g {
  seats 2 to 2;
  phase setup { fill plots with plot; }
  phase play {
    each players {
      pick s from plots "which plot?" { move s to taken; gain s.wood fewest; }
      advance path by 1;
      bonus path space (1 + 1);
      set most = size(sorted(s in taken, most (s.wood) then fewest s.wood));
    }
  }
  winner most (vp + most) then fewest (fewest) then most most;
}
"""


def test_most_and_fewest_are_names_where_their_constructs_are_not_written():
    random_games_agree(SPACES, seeds=range(1, 4), counts=(2,))
    printed_back(SPACES)
    game = played(build_text(SPACES, interpreted=True), 1, 2)
    assert sorted(len(p.zones["taken"]) for p in game.state.players) == [1, 1]
    assert [d.code for d in analyse_text(SPACES).diagnostics] == []
    assert [d.code for d in analyse_text("counter space;\n").diagnostics] == []   # a contextual word (reactmatch)
    assert "a keyword cannot be used as a name" in parse_error("counter marker;\n").message   # still reserved


LOOPED = """counter vp;
kind card { }
card a { }
zone deck[1..6] of card;
zone hand per_player of card;
proc p() {
  for each n in 1..6 {
    draw 1 from deck[INDEX] to hand;
  }
}
"""


@pytest.mark.parametrize("index, found", [("n + 6", True), ("6 + n", True), ("n - 6", True), ("n + 1", False),
                                          ("n", False), ("n * 2", False), ("n + 0", False)])
def test_an_index_outside_the_declaration_for_every_value_of_its_loop_is_w481(index, found):
    text = LOOPED.replace("INDEX", index)
    assert [f for f in found_at(text) if f[0] == "W481"] == ([("W481", 8, 22)] if found else [])
    if found:
        d = next(d for d in analyse_text(text).diagnostics if d.code == "W481")
        assert d.message.startswith(f"deck[{index}] is outside deck[1..6] for every n of its loop (n in 1..6 gives ")
