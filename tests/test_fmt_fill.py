"""`rulebook fmt` on long lines that were left long or laid out badly: a long list of numbers or names is
filled onto as few lines as fit (a score table, a track's rewards), instead of one item a line, and texts
(often rows of a picture) stay one a line; a `regions(...)` whose condition does not fit is broken before
`where` as before `via`."""

from __future__ import annotations

from rulebook.dsl.printer import LINE_WIDTH, format_text

# Power Grid: the Elektro paid for powering 0 to 30 cities (the printed table to 20, then provisional)
PAYMENT = ("counter vp;\nfunc payment(n: int): int = item([10, 22, 33, 44, 54, 64, 73, 82, 90, 98, 105, 112, 118, "
           "124, 129, 134, 138, 142, 145, 148, 150, 152, 154, 156, 158, 160, 162, 164, 166, 168, 170], n);\n")


def test_a_long_table_of_numbers_is_filled_to_the_width():
    out = format_text(PAYMENT)
    assert out.splitlines() == [
        "counter vp;",
        "",
        "func payment(n: int): int = item(",
        "  [",
        "    10, 22, 33, 44, 54, 64, 73, 82, 90, 98, 105, 112, 118, 124, 129, 134, 138, 142, 145, 148, 150, 152, 154,",
        "    156, 158, 160, 162, 164, 166, 168, 170",
        "  ],",
        "  n",
        ");",
    ]
    assert max(map(len, out.splitlines())) <= LINE_WIDTH
    assert format_text(out) == out   # a fixed point


def test_names_and_negative_numbers_fill_too_and_texts_stay_one_a_line():
    terrains = ", ".join(["mountains", "pasture", "forest", "fields", "hills"] * 5)
    text = (f"enum terrain {{ mountains, pasture, forest, fields, hills }}\n"
            f"func board(): list of terrain = [{terrains}];\n"
            f"func steps(): list of int = [{', '.join(str(-n) for n in range(40))}];\n"
            f"func rows(): list of text = [{', '.join(repr('0' * 9).replace(chr(39), chr(34)) for _ in range(12))}];\n")
    lines = format_text(text).splitlines()
    board = lines[lines.index("func board(): list of terrain = [") + 1]
    assert board.startswith("  mountains, pasture, forest, fields, hills, mountains,") and len(board) <= LINE_WIDTH
    steps = lines[lines.index("func steps(): list of int = [") + 1]
    assert steps.startswith("  0, -1, -2, -3,")
    rows = lines.index("func rows(): list of text = [")
    assert lines[rows + 1: rows + 3] == ['  "000000000",', '  "000000000",']


def test_a_regions_whose_condition_is_too_long_is_broken_before_where_and_via():
    # Tigris & Euphrates: the kingdoms beside a square, each once (a line of 147 characters was left whole)
    text = ("record sq { row: 1..8; col: 1..12; }\nvar occupied_at[sq] global: bool = false;\n"
            "func kingdoms(near: list of sq): list of list of sq = regions(x in sq where contains(near, x) and "
            "occupied_at[x] and x != first(near) via neighbours(x));\n")
    out = format_text(text)
    assert out.splitlines()[-3:] == [
        "func kingdoms(near: list of sq): list of list of sq = regions(x in sq",
        "    where contains(near, x) and occupied_at[x] and x != first(near)",
        "    via neighbours(x));",
    ]
    assert format_text(out) == out
