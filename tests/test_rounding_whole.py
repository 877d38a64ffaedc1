"""W543: floor, ceil or round of a whole number changes nothing (the Cosmic Encounter audit's Tripler:
"cards under 10 count triple, over 10 a third, rounded up", written `ceil(v / 3)`, counted 11 as 3)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text

GAME = "counter pts;\ngame g { seats 1 to 2; phase play { } winner most pts; }\n"


def w543(funcs: str) -> list[tuple[int, int, str, str]]:
    diags = analyse_text(GAME + funcs).diagnostics
    return [(d.span.line, d.span.column, d.message, d.hint) for d in diags if d.code == "W543"]


def test_ceil_of_a_division_says_it_is_the_division_and_how_to_round_up():
    assert w543("func tripled(v: int): int = if v < 10 then 3 * v else ceil(v / 3);\n") == [
        (3, 60, "ceil(v / 3) is v / 3: '/' gives a whole number, already rounded down (before ceil sees it)",
         "to round a division up, write '(v + 3 - 1) / 3'")]


def test_round_of_a_division_bracketed_sides_and_floor_of_a_whole_number():
    found = w543("func halved(v: int, n: int): int = round((v + 1) / n);\nfunc plain(v: int): int = floor(v);\n")
    assert [(line, hint) for line, _c, _m, hint in found] == [
        (3, "to round a division to the nearest, a half up, write '(2 * (v + 1) + n) / (2 * n)'"),
        (4, "write 'v': floor() makes a decimal whole, such as 7.5 or a 'decimal' variable")]


@pytest.mark.parametrize("body", ["ceil(v)", "round(v * 0.5)", "floor(v / 2 + 0.5)"])
def test_a_decimal_made_whole_is_no_warning(body):
    assert w543(f"func f(v: decimal): int = {body};\n") == []


def test_the_hinted_division_rounds_as_its_name_says():
    # the hints' forms, against exact arithmetic, for the signs a rules file meets (a positive divisor)
    from fractions import Fraction
    from math import ceil, floor
    for v in range(-20, 21):
        for b in range(1, 7):
            assert (v + b - 1) // b == ceil(Fraction(v, b))
            assert (2 * v + b) // (2 * b) == floor(Fraction(v, b) + Fraction(1, 2))
