"""Branch rings: a record's range that goes round, `place: 1..8 around;` (3.4a, "A ring"): the board builtins
(neighbours, shift, step, ray, leap, between, edge, a variable indexed by a board's sides) step past its end to
its start on both backends, a ray round it ends before its own cell, between goes the short way round; fmt,
explain and highlight; E683, E685 and W663; Nine Men's Morris's points written as a ring (its seeded games are
test_trial35's)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.explain import explain
from rulebook.compiler.layout import edge_keys
from rulebook.dsl.highlight import RulesLexer
from rulebook.runtime.engine import RulesRuntimeError
from pygments.token import Keyword

from .conftest import analyse_text, found_at, printed_back, rules_programs
from .test_board_cells import value

PACKS = Path(__file__).parent / "packs"

# Imperial's rondel: eight spaces round a wheel; a nation moves its marker clockwise, up to three spaces free.
# A mill board's points (Nine Men's Morris, Twelve Men's): three squares, eight places round each.
RINGS = """
record space "{at}" { at: 1..8 around; }
record point "{square}.{place}" { square: 1..3; place: 1..8 around; }
enum way { ds: int; dp: int; clockwise(ds = 0, dp = 1), widdershins(ds = 0, dp = -1), inward(ds = 1, dp = 0) }
func s(n: int): space = space(at = n);
func p(q: int, n: int): point = point(square = q, place = n);
func free_moves(x: space): list of space = [shift(x, at = 1), shift(x, at = 2), shift(x, at = 3)];
var wall[edge of point] global: bool = false;
"""

rings = rules_programs(RINGS)


def labels(cells) -> list[str]:
    """Cells by their titles: `1.8`."""
    def one(c) -> str:
        return ".".join(str(v) for v in c.fields.values())
    return [one(c) for c in cells] if isinstance(cells, list) else one(cells)


def test_the_neighbours_round_a_ring_wrap_in_the_boards_order(rings):
    assert labels(value(rings, "neighbours(s(8))")) == ["1", "7"]
    assert labels(value(rings, "neighbours(s(1))")) == ["2", "8"]
    # round each square, and in across the squares (a range that ends): the corner 1.8's three
    assert labels(value(rings, "neighbours(p(1, 8))")) == ["1.1", "1.7", "2.8"]
    assert labels(value(rings, "neighbours(p(3, 1))")) == ["2.1", "3.2", "3.8"]
    assert len(value(rings, "neighbours(p(2, 1), diagonal)")) == 8


def test_shift_and_step_go_past_the_end_to_the_start_either_way(rings):
    assert labels(value(rings, "free_moves(s(7))")) == ["8", "1", "2"]
    assert labels(value(rings, "shift(s(2), at = -3)", result_type="space")) == "7"
    assert labels(value(rings, "shift(s(2), at = 17)", result_type="space")) == "3"   # twice round and one on
    assert labels(value(rings, "step(p(1, 1), widdershins)", result_type="point")) == "1.8"
    # off the end of the square's range (no ring) is still off the board
    assert value(rings, "step(p(3, 1), inward)", result_type="point") is None


def test_a_ray_round_the_ring_ends_before_its_own_cell_and_across_at_the_edge(rings):
    assert labels(value(rings, "ray(p(2, 6), clockwise)")) == ["2.7", "2.8", "2.1", "2.2", "2.3", "2.4", "2.5"]
    assert labels(value(rings, "ray(c from p(2, 6) via widdershins until c.place == 3)")) == ["2.5", "2.4", "2.3"]
    assert labels(value(rings, "ray(p(1, 4), inward)")) == ["2.4", "3.4"]


def test_between_goes_the_short_way_round_and_up_between_opposite_places(rings):
    assert labels(value(rings, "between(s(7), s(2))")) == ["8", "1"]
    assert labels(value(rings, "between(s(2), s(7))")) == ["1", "8"]
    assert labels(value(rings, "between(s(3), s(7))")) == ["4", "5", "6"]   # four either way: up
    assert labels(value(rings, "between(s(7), s(3))")) == ["8", "1", "2"]
    assert value(rings, "between(s(8), s(1))") == []   # beside each other, round the end
    assert labels(value(rings, "between(p(1, 8), p(3, 2))")) == ["2.1"]   # diagonally, across the wrap
    assert labels(value(rings, "leap(s(1), 3)")) == ["4", "6"]


def test_the_side_between_the_last_place_and_the_first_is_one_side(rings):
    assert labels(value(rings, "edge(p(1, 8), p(1, 1))")) == ["1.1", "1.8"]
    assert value(rings, "edge(p(1, 1), p(1, 8))") == value(rings, "edge(p(1, 8), p(1, 1))")
    assert value(rings, "wall[edge(p(2, 1), p(2, 8))]", setup="set wall[edge(p(2, 8), p(2, 1))] = true;",
                 result_type="bool") is True
    result = analyse_text(RINGS)
    sides = edge_keys(result.symbols.decls["point"], result.symbols)
    assert len(sides) == 3 * 8 + 2 * 8 and ((1, 1), (1, 8)) in sides   # round each square, and in across them
    assert [c for c, _, _ in found_at(RINGS + "func last_side(): list of point = edge(p(1, 8), p(1, 1));\n")] == []
    assert [c for c, _, _ in found_at(RINGS + "func no_side(): list of point = edge(point(square = 1, place = 8), "
                                              "point(square = 1, place = 2));\n")] == ["E675"]


def test_a_ring_is_built_within_its_range_only(rings):
    # the ring wraps the builtins' steps, not a value built by hand: 9 is no place of 1..8
    with pytest.raises(RulesRuntimeError, match="holds a number from 1 to 8, not 9"):
        value(rings, "s(9)", result_type="space")
    assert len(value(rings, "space")) == 8 and len(value(rings, "point")) == 24


def test_fmt_prints_around_back_explain_reads_it_and_highlight_marks_it():
    module, text = printed_back(RINGS + "record seat { at: 1..6 around = 1; }\n")
    assert "record point \"{square}.{place}\" { square: 1..3; place: 1..8 around; }" in text
    assert "at: 1..6 around = 1;" in text
    result = analyse_text(RINGS)
    reading = "\n".join(explain(result.symbols.decls["point"], result.symbols))
    assert "place (a number from 1 to 8, going round: 1 follows 8)" in reading
    tokens = list(RulesLexer().get_tokens("record space { at: 1..8 around; }\ncounter around;\n"))
    assert [t for t, v in tokens if v == "around"][0] in Keyword and [t for t, v in tokens if v == "around"][1] \
        not in Keyword


@pytest.mark.parametrize("field, code, column, words", [
    ("at: int around;", "E683", 15, "only a record's range of whole numbers with fixed ends goes round"),
    ("at: bool around;", "E683", 15, "'at: bool around'"),
    ("at: 1..2 around;", "E685", 15, "a ring of 2 places"),
    ("at: 5..5 around;", "E685", 15, "a ring of 1 place:"),
])
def test_around_on_what_is_no_ring_is_e683_and_a_ring_of_fewer_than_three_e685(field, code, column, words):
    text = f"record spot {{ {field} }}\n"
    assert found_at(text) == [(code, 1, column)]
    assert words in analyse_text(text).diagnostics[0].message


def test_around_on_a_range_up_to_an_option_or_an_enums_field_is_e683():
    text = "option size: 6 | 8 = 8;\nrecord spot { at: 1..size around; }\n"
    assert ("E683", 2, 15) in found_at(text)
    assert found_at("enum wind { d: 1..4 around; east(d = 1) }\n") == [("E683", 1, 13)]


def test_a_remainder_by_the_rings_size_on_its_field_is_w663():
    text = RINGS + "func next_place(x: point): int = x.place % 8 + 1;\nfunc back(x: space): int = (x.at + 6) % 8;\n"
    found = found_at(text)
    assert [(c, line) for c, line, _ in found] == [("W663", 9), ("W663", 10)]
    d = next(d for d in analyse_text(text).diagnostics if d.code == "W663")
    assert "'% 8' of x.place, which goes round a ring of 8" in d.message and "shift(x, place = 1)" in d.hint
    # a remainder by another number (a corner is an odd place) is no wrap
    assert found_at(RINGS + "func corner(x: point): bool = x.place % 2 == 1;\n") == []


def test_nine_mens_morris_joins_its_points_round_each_square_without_arithmetic():
    text = (PACKS / "nine_mens_morris" / "nine_mens_morris.rules").read_text()
    assert "place: 1..8 around;" in text and "% 8" not in text
    assert found_at(text) == []


AMENDED = """
record seat "{at}" { at: 1..6; }
amend seat "{at}/{facing}" { facing: 1..4 around = 1; }
func turned(s: seat): seat = shift(s, facing = 5);
"""

amended = rules_programs(AMENDED)


def test_an_amend_adds_a_ring_which_goes_round_and_is_checked_as_the_records_own(amended):
    assert labels(value(amended, "turned(seat(at = 2, facing = 4))", result_type="seat")) == "2.1"
    _, text = printed_back(AMENDED)
    assert "facing: 1..4 around = 1;" in text
    assert ("E685", 3, 30) in found_at(AMENDED.replace("1..4 around", "1..2 around"))
