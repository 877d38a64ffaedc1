"""A board whose size the pack sets: `const NAME = EXPR;`, record ranges bounded by constants (`q: -radius..radius;`),
an expansion's `override const radius = 3;`, on both backends; the misuse (E530, E566, W555), fmt, explain,
and Catan's 5-6 player extension, which now says only what changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse, analyse_text, compile_pack
from rulebook.dsl.highlight import CONTEXTUAL
from rulebook.runtime.engine import Game

from .conftest import (both_built, explained, found_at, played_on_both_backends, printed_back, run_proc, the_one_error,
                       write_pack)

# Abalone: the board is a hexagon of 61 cells, five on a side (four steps from the centre to an edge); each player
# scores a marble pushed off it.
ABALONE = """
const radius "Board radius" = 4;
const rim = radius + 1;
record cell "{q},{r}" { q: -radius..radius; r: -radius..radius; } where abs(q + r) <= radius;
record ring "ring {d}" { d: 0..rim; }
var marble[cell] "Board" global: player;
counter pushed "Marbles pushed off";
func edge_cells(): int = count(c in cell where abs(c.q) == radius or abs(c.r) == radius or abs(c.q + c.r) == radius);
func rows(): list of int = gather(r in -radius..radius, [r]);
game abalone {
  seats 2;
  phase play {
    repeat 3 {
      each players {
        pick c from cell where marble[c] == none "place a marble on" {
          set marble[c] = you;
          if abs(c.q) == radius { gain 1 pushed; }
        }
      }
    }
  }
  winner most pushed;
}
"""

# A house rule: the big board, six on a side.
BIG = """
override const radius "Board radius" = 5;
"""


def test_a_constant_sizes_the_records_ranges_and_is_read_in_the_rules(tmp_path):
    base = write_pack(tmp_path / "abalone", ABALONE, "abalone")
    result = analyse(str(base))
    assert [d.headline() for d in result.diagnostics if d.code[0] in "EW" and d.code != "W401"] == []
    sym = result.symbols
    assert [f.within for f in sym.decls["cell"].fields] == [(-4, 4), (-4, 4)]
    assert sym.decls["ring"].fields[0].within == (0, 5)   # a constant reads those before it
    assert sym.consts == {"radius": 4, "rim": 5}
    assert len(Game(compile_pack(str(base)).program, 2, 1).start().options) == 61


def test_an_expansion_overrides_the_constant_and_the_board_follows(tmp_path):
    write_pack(tmp_path / "abalone", ABALONE, "abalone")
    big = write_pack(tmp_path / "abalone_big", BIG, "abalone_big", extends=["../abalone"])
    result = analyse(str(big))
    assert [d.headline() for d in result.diagnostics if d.code[0] in "EW" and d.code != "W401"] == []
    sym = result.symbols
    assert sym.decls["ring"].fields[0].within == (0, 6)
    first = Game(compile_pack(str(big)).program, 2, 1).start()
    assert len(first.options) == 91   # 3 r (r + 1) + 1 cells with r = 5


@pytest.mark.parametrize("extended", [False, True])
def test_both_backends_play_the_sized_board_alike(tmp_path, extended):
    pack = write_pack(tmp_path / "abalone", ABALONE, "abalone")
    if extended:
        pack = write_pack(tmp_path / "abalone_big", BIG, "abalone_big", extends=["../abalone"])
    for game, result in played_on_both_backends(pack, 2, 7):
        cells = [k for k, v in game.state.gvars.items() if k.startswith("marble[") and v is not None]
        assert len(cells) == 6
        assert all(abs(int(k[7:-1].split(",")[0])) <= (5 if extended else 4) for k in cells)


def test_a_constant_is_written_in_where_it_is_read():
    result = analyse_text(ABALONE)
    assert explained(result, "rows").splitlines()[-1].strip() == "Equals the list of r, for each r from minus 4 to 4."
    reading = explained(result, "radius")
    assert "A number fixed by the rules, the same in every game (radius), read by its name: 4." in reading


def test_fmt_prints_constants_and_range_ends_back():
    text = ("const radius \"Board radius\" = 2;\nconst reach = radius + 2;\n"
            "record corner { q: -(radius + 2)..(radius + 2); r: -reach..reach; n: radius..9; m: 1..reach; }\n")
    _module, printed = printed_back(text)
    assert "const reach = radius + 2;\n" in printed
    assert "{ q: -(radius + 2)..(radius + 2); r: -reach..reach; n: radius..9; m: 1..reach; }" in printed


def test_const_is_a_contextual_word_coloured_by_the_highlighter():
    assert "const" in CONTEXTUAL
    result = analyse_text("counter const;\nconst n = 2;\nproc p() { gain n const; }\n")
    assert [d.code for d in result.diagnostics if d.severity == "error"] == []


# Oware (for illustration): a row of six pits a side; a house rule may play with more.
PITS = """
const pits "Pits a side" = 6;
counter seeds[1..pits] "Seeds" global;
kind board_card { sown: bool[1..pits]; }
board_card row { sown = {1: true, 6: true}; }
proc sow() { for each i in 1..pits { gain 4 seeds[i]; } }
func sown(): int = count(i in 1..pits where row.sown[i]);
func total_seeds(): int = total(i in 1..pits, seeds[i]);
"""


def test_an_index_range_may_end_at_a_constant_on_both_backends():
    for program in both_built(PITS):
        game = Game(program, 2, 1)
        run_proc(game, "sow")
        assert [game.state.globals[f"seeds[{i}]"] for i in range(1, 7)] == [4] * 6
        assert "seeds[7]" not in game.state.globals


def test_an_index_range_a_constant_leaves_empty_is_E566():
    the_one_error(analyse_text("const pits = 0;\ncounter seeds[1..pits] global;\nfunc t(): int = seeds[1];\n"),
                  "E566", "'seeds[1..pits]' ranges from 1 to 0")


# --- misuse

def test_a_range_end_that_changes_in_play_is_E530():
    the_one_error(analyse_text("counter rows_open global;\nrecord square { row: -rows_open..8; col: 1..8; }\n"),
                  "E530", "'rows_open' is a counter")


def test_an_option_at_a_ranges_low_end_is_E530():
    result = analyse_text('option size "Size": 3 | 5 = 5;\nrecord cell { q: -size..size; }\n')
    the_one_error(result, "E530", "only a range's high end may be an option")


def test_a_misspelt_constant_is_E530_with_did_you_mean():
    result = analyse_text("const radius = 2;\nrecord hex { q: -radus..radius; }\n")
    the_one_error(result, "E530", "'radus' is declared nowhere")
    assert next(d for d in result.diagnostics if d.code == "E530").hint == "did you mean 'radius'?"


def test_a_constant_of_what_is_no_number_is_E530():
    result = analyse_text("counter vp;\nconst start = vp + 1;\nconst many = 7 > 2;\nconst word = \"two\";\n"
                          "func f(): int = start + many + word;\n")
    assert [(d.code, d.span.line) for d in result.diagnostics if d.severity == "error"] == \
        [("E530", 2), ("E530", 3), ("E530", 4)]


def test_a_range_the_constants_leave_empty_is_E566(tmp_path):
    write_pack(tmp_path / "abalone", ABALONE, "abalone")
    broken = write_pack(tmp_path / "tiny", "override const radius \"Board radius\" = -1;\n", "tiny",
                        extends=["../abalone"])
    result = analyse(str(broken))
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert errors and {d.code for d in errors} == {"E566"}
    assert "record cell's field 'q' ranges from 1 to -1" in errors[0].message


def test_a_constant_nothing_reads_is_W555():
    assert found_at("const radius = 2;\nconst unused = 3;\nfunc f(): int = radius;\n") == [("W555", 2, 7)]


def test_an_override_of_a_constant_the_base_lacks_is_E212_alone():
    the_one_error(analyse_text("override const radius = 3;\ncounter vp;\n"), "E212", "'radius' overrides nothing")
    assert [d.code for d in analyse_text("override const radius = 3;\ncounter vp;\n").diagnostics] == ["E212"]


def test_a_local_named_like_a_constant_is_E309():
    the_one_error(analyse_text("const radius = 2;\nfunc f(): int = radius;\nproc p() { let radius = 3; }\n"),
                  "E309", "named like the constant 'radius'")


# --- Catan and its 5-6 player extension

PACKS = Path(__file__).parent / "packs"


def test_the_catan_extension_no_longer_restates_the_base_board():
    text = (PACKS / "catan_56" / "extension.rules").read_text()
    assert "override record" not in text and "for each e in edge" not in text
    assert "override const radius" in text
    sym = analyse(str(PACKS / "catan_56")).symbols
    assert [f.within for f in sym.decls["corner"].fields[:2]] == [(-5, 5), (-5, 5)]
    assert [f.within for f in sym.decls["hex"].fields] == [(-3, 3), (-3, 3)]


def test_a_base_constant_a_house_rule_leaves_unread_is_not_W555(tmp_path):
    """W555 is the linted pack's: a house rule that overrides the func reading the base's constant is not told
    that the base's constant is now read nowhere (7 Wonders' science_set under a new science_points)."""
    base = write_pack(tmp_path / "base", "const extra = 2;\ncounter vp;\nfunc score(): int = extra;\n"
                      "game g { seats 2; phase play { each players: gain score() vp; } winner most vp; }\n", name="base")
    house = write_pack(tmp_path / "house", "override func score(): int = 3;\n", name="house", extends=[str(base)])
    assert [d.code for d in analyse(str(house)).diagnostics if d.code == "W555"] == []
    assert [d.code for d in analyse(str(write_pack(tmp_path / "house2", "override const extra = 5;\n"
                                                   "override func score(): int = 3;\n", name="house2",
                                                   extends=[str(base)]))).diagnostics if d.code == "W555"] == ["W555"]
