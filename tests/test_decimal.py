"""Decimals (branch decimal): exact numbers with a fractional part, for Go's komi 7.5 and a chess
tournament's half points (the Go audit's workaround 4 kept its scores in half points). Literals
`7.5` (E547 past 6 places), the checker's type `decimal` next to `int` (a whole number widens, a
decimal never narrows: E546 with the floor/ceil/round hint), W532 for zeros after the point, texts
showing `7.5`, `14`, `-0.5`, saved games, logs and digests keeping the digits; both backends alike,
and their arithmetic against Python's Fraction (a property test)."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.dsl.ast import Dec, decimal_text, walk
from rulebook.dsl.parser import parse_text
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.record import GameLog, record, replay
from rulebook.runtime.state import State, StateError, check_saved

from .conftest import examples, explained, parse_error, played, printed_back, random_games_agree, run_proc

# A Go-like game scored by area (each seat claims points, as stones and territory would be counted):
# White adds the komi, 7.5, so the game cannot be drawn. (The Go audit's pack, rewritten with a decimal.)
KOMI = """
counter area "Area" from 0 to 40;
var komi global: decimal = 7.5;
func handicap(p: player): decimal = if seat(p) == 2 then komi else 0;
func score(p: player): decimal = p.area + handicap(p);
proc claim() {
  pick n from 0..3 "claim how many points?" { gain n area; }
}
game komi_go "Komi" {
  seats 2 to 2 named "Black", "White";
  phase play {
    repeat 4 { each players { claim(); } }
    say "Black {score(all_players[1])}, White {score(all_players[2])}";
  }
  winner most area + handicap(you) else draw;
}
"""

# Chess, a tournament: a win scores 1 and a draw half a point to each player
CHESS = """
counter wins;
counter draws;
var bonus_half global: decimal = 0.5;
func points(p: player): decimal = p.wins + p.draws * bonus_half;
proc game_played() {
  choose "how did it end?" {
    option "you won" { gain 1 wins; }
    option "a draw" { each players { gain 1 draws; } }
  }
}
"""


def codes(text: str) -> list[str]:
    return [d.code for d in analyse_text(text).diagnostics if d.severity != "info"]


def messages(text: str, interpreted: bool, players: int = 2) -> list[str]:
    game = Game(build_text(text, interpreted=interpreted), players, 1)
    run_proc(game, "p")
    return game.messages


# ---------------------------------------------------------------------------- literals


def test_a_decimal_literal_is_exact_and_keeps_its_text():
    module = parse_text("var komi global: decimal = 7.50;\n", "a.rules")
    (dec,) = [n for item in module.items for n in walk(item) if type(n) is Dec]
    assert dec.text == "7.50" and dec.value == Fraction(15, 2)
    _module, printed = printed_back("var komi global: decimal = 7.50;\nfunc f(): decimal = komi * 0.25 + 1;\n")
    assert "= 7.50;" in printed and "komi * 0.25 + 1" in printed   # fmt prints the literal as written


def test_a_range_is_not_read_as_a_decimal():
    assert codes("counter vp;\nproc p() { for each i in 1..3 { gain i vp; } }\n") == []


@pytest.mark.parametrize("literal, said", [("0.3333333", "7 places"), ("12345678901234.56789", "19 digits")])
def test_a_literal_past_the_places_kept_is_e547(literal, said):
    d = parse_error(f"var x global: decimal = {literal};\n")
    assert d.code == "E547" and said in d.message and (d.span.line, d.span.column) == (1, 25)


def test_zeros_after_the_point_are_w532():
    found = [(d.code, d.message, d.hint) for d in analyse_text("func f(): decimal = 7.50 + 3.0;\n").diagnostics]
    assert [(c, h) for c, _m, h in found] == [("W532", "write 7.5"),
                                             ("W532", "write 3: a whole number widens to a decimal where one is wanted")]


# ---------------------------------------------------------------------------- the checker

BASE = "counter vp;\nvar komi global: decimal = 7.5;\n"


@pytest.mark.parametrize("body, place", [
    ("proc p() { gain komi vp; }", "an amount"),
    ("proc p() { lose 0.5 vp; }", "an amount"),
    ("proc p() { repeat komi { gain 1 vp; } }", "an amount"),
    ("resource coin;\nproc p() { pay komi coin; }", "an amount"),
    ("proc p() { set vp = komi; }", "what 'vp' holds"),
    ("func f(): int = [1, 2, 3][komi * 0.2];", "an amount"),
    ("proc p() { for each i in 1..komi { gain i vp; } }", "an end of a range"),
    ("func f(): int = 2 ** komi;", "the exponent of a power"),
    ("func g(n: int): int = n;\nfunc f(): int = g(komi);", "argument 1 of g() ('n') must be"),
    ("func f(): int = -komi;", "what f() gives"),
    ("func f(): int = komi % 2;", "what f() gives"),
    ("game g { seats 2 to 2; phase play { } winner together score komi; }", "the team's score"),
    ("proc p() { let x: int = komi; gain x vp; }", "'let x: int' holds"),
    ("proc p() { for each k in komi { gain 1 vp; } }", "how many numbers a loop counts"),
    ("track lane from 0 to 10 { }\nproc p() { advance lane by komi; }", "an amount"),
])
def test_a_decimal_where_a_whole_number_is_wanted_is_e546(body, place):
    found = [d for d in analyse_text(BASE + body).diagnostics if d.severity == "error"]
    assert [d.code for d in found] == ["E546"], [d.headline() for d in found]
    assert found[0].message.startswith(place) and "is a decimal" in found[0].message
    assert "floor(" in found[0].hint and "round(" in found[0].hint


@pytest.mark.parametrize("body", [
    "func f(): decimal = 3;",                                     # a whole number widens
    "func f(): decimal = if komi > 7 then komi else 0;",
    "func f(n: int): decimal = match n { 1: 0.5, else: 1 };",
    "var halves global: list of decimal = [0.5, 1];\nfunc f(): decimal = total(x in halves, x);",
    "func f(): int = round(komi) + floor(komi) + ceil(-komi);",   # (floor(3) is 3, and W543 says so)
    "func f(): int = komi / 2;",                                   # `/` stays a whole number
    "func f(): decimal = max(komi, 3) + min(0.5, 1) + abs(-komi) + 0.5 ** 2;",
    "func f(): bool = komi > 7 and komi == 7.5 and 0.1 + 0.2 == 0.3;",
    "func f(): bool = [komi, 1] > [7, 2];",                      # lists ranked item by item
    "func f(): player = top(p in players, p.vp * 0.5);",
    "func f(): list of player = sorted(p in players, most p.vp + komi);",
    "func f(): decimal = highest(p in players, p.vp * 0.5);",
    "proc p() { pick q from players most q.vp * 0.5 \"who?\" { gain round(komi) vp; } }",
    "proc p() { let x = komi * 2; let y: decimal = 3; set komi = x + y; say \"{x} {y}\"; }",
    "kind card { price: decimal = 0.5; }\ncard a { price = 2.25; }",
    "game g { seats 2 to 2; phase play { } winner most vp + komi then fewest vp * 0.5; }",
])
def test_decimals_stand_where_numbers_are_read(body):
    assert codes(BASE + body) == []


def test_rounding_takes_a_number():
    found = [d for d in analyse_text(BASE + 'func f(): int = round("x");').diagnostics if d.severity == "error"]
    assert [(d.code, d.message) for d in found] == [("E303", 'round() makes a number whole, and "x" is a text')]


def test_a_pack_s_own_round_keeps_its_name():
    # many packs count rounds: `counter round` and a func of that name are theirs, not the builtin
    assert codes("counter vp;\ncounter round global;\nproc p() { gain 1 round; gain round vp; }\n") == []
    own = "counter vp;\nfunc round(n: int): int = n + 100;\nproc p() { gain round(1) vp; }\n"
    assert codes(own) == []
    for interpreted in (False, True):
        game = Game(build_text(own, interpreted=interpreted), 2, 1)
        run_proc(game, "p")
        assert game.state.players[0].stock["vp"] == 101


# ---------------------------------------------------------------------------- play, both backends

SHOWN = BASE + """
var halves: list of decimal = [0.5, 1];
kind card { price: decimal = 0.5; }
card a "A" { price = 2.25; }
card b "B" { }
proc p() {
  let x = komi * 2;
  set halves = halves + [komi - 0.25];
  say "{x} {halves} {a.price} {b.price} {-0.5} {14.0 * 1} {0.1 + 0.2} {komi / 2} {komi % 2} {0.5 ** 3}";
  say "{round(2.5)} {round(-2.5)} {round(2.4)} {round(-0.5)} {floor(-0.5)} {ceil(0.25)} {floor(3)} {0.1 + 0.2 == 0.3}";
  gain round(komi) vp;
}
"""


@pytest.mark.parametrize("interpreted", [False, True])
def test_texts_show_a_decimal_as_written_without_trailing_zeros(interpreted):
    assert messages(SHOWN, interpreted) == [
        "P1: 15 0.5, 1, 7.25 2.25 0.5 -0.5 14 0.3 3 1.5 0.125",
        "P1: 3 -3 2 -1 -1 1 3 yes",   # round takes a half away from zero
    ]


def test_a_decimal_is_saved_and_digested_as_its_digits():
    digests = set()
    for interpreted in (False, True):
        program = build_text(SHOWN, interpreted=interpreted)
        game = Game(program, 2, 1)
        run_proc(game, "p")
        data = json.loads(json.dumps(game.state.to_json()))
        assert data["gvars"] == {"komi": {"decimal": "7.5"}}
        assert data["players"][0]["vars"]["halves"] == [{"decimal": "0.5"}, 1, {"decimal": "7.25"}]
        check_saved(data, program)
        again = State.from_json(data, program.entities)
        assert again.gvars["komi"] == Fraction(15, 2) and type(again.gvars["komi"]) is Fraction
        assert again.digest() == game.state.digest()
        digests.add(game.state.digest())
        data["gvars"]["komi"] = {"decimal": "7.5e3"}   # only digits and a point
        with pytest.raises(StateError):
            check_saved(data, program)
    assert len(digests) == 1


@pytest.mark.parametrize("interpreted", [False, True])
def test_a_decimal_that_grows_past_its_places_stops_play(interpreted):
    text = BASE + "proc p() { repeat 70 { set komi = komi * 0.5; } }"
    with pytest.raises(RulesRuntimeError) as err:
        messages(text, interpreted)
    assert err.value.code == "E601" and "18 places" in err.value.message


def komi_game(program, areas: tuple[int, int]) -> Game:
    """A komi game whose players have claimed these areas, scored."""
    game = Game(program, 2, 1)
    for player, area in zip(game.state.players, areas):
        player.stock["area"] = area
    return game


@pytest.mark.parametrize("interpreted", [False, True])
def test_the_komi_decides_the_winner_by_a_half_point(interpreted):
    program = build_text(KOMI, interpreted=interpreted)
    result = komi_game(program, (20, 13)).result()
    assert result["winners"] == ["White"] and result["scores"] == {"Black": [20], "White": [Fraction(41, 2)]}
    result = komi_game(program, (21, 13)).result()
    assert result["winners"] == ["Black"] and "draw" not in result


def test_komi_games_agree_and_replay_through_json():
    assert codes(KOMI) == []
    random_games_agree(KOMI, seeds=range(1, 5), counts=(2,))
    for interpreted in (False, True):
        program = build_text(KOMI, interpreted=interpreted)
        game = played(program, 3, 2)
        white = game.result()["scores"]["White"][0]
        assert type(white) is Fraction and white.denominator == 2
        assert any(m.startswith("Black: Black ") and m.endswith(f"White {decimal_text(white)}") for m in game.messages)
        text = record(game).model_dump_json()
        assert f'"{decimal_text(white)}"' in text   # the log's score: its digits, never a float
        again = replay(program, GameLog.model_validate_json(text))
        assert again.state.digest() == game.state.digest()


@pytest.mark.parametrize("interpreted", [False, True])
def test_a_chess_tournament_scores_half_points(interpreted):
    text = CHESS + 'proc p() { game_played(); game_played(); say "{points(you)} {points(all_players[2])}"; }'
    game = Game(build_text(text, interpreted=interpreted), 2, 1)
    from .conftest import drive
    drive(game, game.program.procs["p"](game, game.state.players[0]), answers=[0, 1])
    assert game.messages[-1] == "P1: 1.5 0.5"


def test_explain_reads_decimals_and_rounding():
    text = CHESS + "func rounded(p: player): int = floor(points(p)) + round(points(p) * 1.50);"
    reading = explained(analyse_text(text), "rounded")
    assert "rounded down" in reading and "rounded to the nearest whole number" in reading and "1.5" in reading


# ---------------------------------------------------------------------------- arithmetic against Fraction

LITERALS = st.one_of(
    st.integers(0, 30).map(lambda n: (str(n), Fraction(n))),
    st.tuples(st.integers(0, 99), st.integers(1, 3), st.integers(0, 999)).map(
        lambda t: (f"{t[0]}.{str(t[2] % 10 ** t[1]).rjust(t[1], '0')}", Fraction(f"{t[0]}.{str(t[2] % 10 ** t[1]).rjust(t[1], '0')}"))),
)


def _rounded(how: str, x: Fraction) -> int:
    if how == "floor":
        return math.floor(x)
    if how == "ceil":
        return math.ceil(x)
    half = math.floor(abs(x) + Fraction(1, 2))   # a half away from zero
    return half if x >= 0 else -half


def _combine(children):
    """(text, value) pairs made of smaller ones, fully parenthesized."""
    pairs = st.tuples(children, children)
    small = st.integers(1, 5)
    return st.one_of(
        st.tuples(pairs, st.sampled_from("+-*")).map(
            lambda t: (f"({t[0][0][0]} {t[1]} {t[0][1][0]})",
                       {"+": t[0][0][1] + t[0][1][1], "-": t[0][0][1] - t[0][1][1], "*": t[0][0][1] * t[0][1][1]}[t[1]])),
        children.map(lambda c: (f"(-{c[0]})", -c[1])),
        st.tuples(children, small).map(lambda t: (f"({t[0][0]} / {t[1]})", Fraction(t[0][1] // t[1]))),
        st.tuples(children, small).map(lambda t: (f"({t[0][0]} % {t[1]})", t[0][1] % t[1])),
        st.tuples(children, st.integers(0, 2)).map(lambda t: (f"({t[0][0]} ** {t[1]})", t[0][1] ** t[1])),
        st.tuples(children, st.sampled_from(["floor", "ceil", "round"])).map(
            lambda t: (f"{t[1]}({t[0][0]})", Fraction(_rounded(t[1], t[0][1])))),
    )


EXPRESSIONS = st.recursive(LITERALS, _combine, max_leaves=6)


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(EXPRESSIONS, min_size=1, max_size=6), st.tuples(EXPRESSIONS, EXPRESSIONS))
def test_arithmetic_agrees_with_fraction_on_both_backends(exprs, compared):
    lines = "\n".join(f'  say "{{{text}}}";' for text, _v in exprs)
    (a, x), (b, y) = compared
    text = f'proc p() {{\n{lines}\n  say "{{{a} < {b}}} {{{a} == {b}}}";\n}}\n'
    assert [d.headline() for d in analyse_text(text).diagnostics if d.severity == "error"] == []
    expected = [f"P1: {decimal_text(Fraction(v))}" for _t, v in exprs] + \
        [f"P1: {'yes' if x < y else 'no'} {'yes' if x == y else 'no'}"]
    assert messages(text, False) == expected
    assert messages(text, True) == expected


def test_the_screen_shows_a_decimal_variable_as_written():
    from rulebook.runtime.view import build_view, value_text

    game = Game(build_text(KOMI), 2, 1)
    view = build_view(game, 0)
    assert view["vars"]["komi"] == {"decimal": "7.5"} and value_text(view["vars"]["komi"], view) == "7.5"
