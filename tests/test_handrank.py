"""Ranking by lists, subsets, sharing an amount, a deck of two domains (branch handrank; the Texas Hold'em
designer audit of 2026-12-06).

- Lists of numbers (or of members of one enum) are ordered item by item, with `<` and as the key of
  top/bottom/highest/lowest, sorted(...) and a pick's `most`/`fewest` (one definition: Checker.ranks_as);
  a list against another type, or lists of items without an order, is E531 at the operator or the key.
- `subsets(xs, k)`: every k-item sub-list, in a fixed order, counted against the step budget; E532.
- `share AMOUNT RESOURCE among PLAYERS [odd to PLAYER];`: equal parts rounded down, the odd units to one.
- `for each r in 2..14` and `for each s in suit, r in 2..14`: one entity per number or combination; any
  other domain is E345 (not a parse error), a title leaving out a bound name W524.
tests/packs/holdem_rank is the audit's hand ranking rewritten with them, run against known hands on both
backends."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import found_at, pack_backends, printed_back, random_games_agree, rules_programs, run_proc

HOLDEM = Path(__file__).parent / "packs" / "holdem_rank"
HOLDEM_TEXT = (HOLDEM / "game.rules").read_text(encoding="utf-8")


def errors(text: str) -> list[tuple]:
    return [(d.code, d.span.line, d.span.column) for d in analyse_text(text).diagnostics if d.severity == "error"]


def message(text: str, code: str) -> str:
    return next(d.message for d in analyse_text(text).diagnostics if d.code == code)


# ---------------------------------------------------------------- the hand ranking (tests/packs/holdem_rank)

@pytest.fixture(scope="module", params=["compiled", "interpreted"])
def holdem(request, tmp_path_factory):
    return pack_backends(tmp_path_factory, str(HOLDEM))[request.param]


def cards(program, *names: str) -> list:
    """Cards by their short names: `14h` is the Ace of Hearts (c_hearts_14)."""
    suits = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
    return [program.entities[f"c_{suits[n[-1]]}_{n[:-1]}"] for n in names]


def value5(program, *names: str) -> list:
    g = Game(program, 2, 1)
    return program.funcs["value5"](g, g.state.players[0], cards(program, *names))


def test_the_deck_is_one_card_per_suit_and_rank(holdem):
    made = [name for name in holdem.entities if name.startswith("c_")]
    assert len(made) == 52 and made[:2] == ["c_clubs_2", "c_clubs_3"] and made[-1] == "c_spades_14"
    assert holdem.entities["c_hearts_12"].title == "12 of Hearts"
    assert (holdem.entities["c_hearts_12"].fields["suit"], holdem.entities["c_hearts_12"].fields["rank"]) == ("hearts", 12)


def test_known_hands_rank_as_printed(holdem):
    flush = value5(holdem, "2h", "5h", "9h", "11h", "13h")
    straight = value5(holdem, "4c", "5d", "6s", "7h", "8c")
    assert flush == [5, 13, 11, 9, 5, 2] and straight == [4, 8] and flush > straight
    # two pairs: the higher pairs decide before the kicker
    assert value5(holdem, "14h", "14s", "13c", "13d", "2c") > value5(holdem, "14c", "14d", "12h", "12s", "13h")
    # the kickers decide one by one: A-A-K-Q-J over A-A-K-Q-10
    aakqj, aakq10 = value5(holdem, "14h", "14s", "13c", "12d", "11c"), value5(holdem, "14c", "14d", "13h", "12s", "10h")
    assert aakqj == [1, 14, 13, 12, 11] and aakq10 == [1, 14, 13, 12, 10] and aakqj > aakq10
    # the wheel is a straight, five high: the lowest straight, above three of a kind
    wheel = value5(holdem, "14h", "2s", "3c", "4d", "5c")
    assert wheel == [4, 5] and wheel < value5(holdem, "2h", "3s", "4c", "5d", "6c")
    assert wheel > value5(holdem, "14h", "14s", "14c", "13d", "12c")
    # a full house by its trips first, a straight flush above four of a kind
    assert value5(holdem, "3h", "3s", "3c", "2d", "2c") > value5(holdem, "2h", "2s", "2d", "14d", "14c")
    assert value5(holdem, "5h", "6h", "7h", "8h", "9h") > value5(holdem, "14h", "14s", "14c", "14d", "13c")
    # the same ranks in other suits: equal (a split pot)
    assert value5(holdem, "14h", "13s", "9c", "7d", "2c") == value5(holdem, "14c", "13d", "9h", "7s", "2d")


def showdown(program, players: int, board: tuple, holes: tuple) -> list[int]:
    """Each player's chips after a showdown of the given board and hole cards (P1's first)."""
    g = Game(program, players, 1)
    for c in cards(program, *board):
        g.move(c, g.zone(None, "board"))
    for p, hole in zip(g.state.players, holes):
        for c in cards(program, *hole):
            g.move(c, g.zone(p, "hole"))
    run_proc(g, "showdown")
    return [p.stock["chips"] for p in g.state.players]


def test_the_best_five_of_seven_wins_the_pot(holdem):
    # P2's flush (four hearts on the board) beats P1's straight and P3's two pair
    board = ("3h", "7h", "9h", "12h", "8c")
    assert showdown(holdem, 3, board, (("10s", "11d"), ("2h", "5c"), ("9s", "12s"))) == [0, 100, 0]


def test_a_split_pot_gives_the_odd_chip_to_the_first_winner(holdem):
    # the board is a royal flush: every hand is it; 100 among three is 34, 33, 33
    board = ("10s", "11s", "12s", "13s", "14s")
    assert showdown(holdem, 3, board, (("2c", "3c"), ("2d", "3d"), ("2h", "3h"))) == [34, 33, 33]
    # two of four share (the kicker on the board plays for both): 50 each, nothing odd
    board = ("14c", "14d", "9h", "5s", "2c")
    assert showdown(holdem, 4, board, (("13h", "3d"), ("4h", "6d"), ("13s", "3s"), ("12s", "7c"))) == [50, 0, 50, 0]


def test_holdem_plays_alike_on_both_backends():
    random_games_agree(HOLDEM_TEXT, seeds=range(1, 4), counts=(2, 6))


# ---------------------------------------------------------------- lists ordered item by item

LISTS = """
counter vp;
enum colour { red "Red", green "Green", blue "Blue" }
kind card { v: int = 0; }
card a "A" { v = 1; }
func key(x: player): list of int = [seat(x) % 2, seat(x)];
func colours(x: player): list of colour = if seat(x) == 1 then [blue, red] else [green, blue];
"""

lists = rules_programs(LISTS)


def vp(program, body: str, players: int = 3) -> int:
    g = Game(program("proc go() { " + body + " }"), players, 1)
    run_proc(g, "go")
    return g.state.players[0].stock["vp"]


def test_lists_compare_item_by_item(lists):
    assert vp(lists, "if [1, 2] > [1, 1] and [1] < [1, 0] and [] < [0] and [2] > [1, 9, 9] { gain 1 vp; }") == 1
    # members by their places in the enum, not by their names (blue > green > red)
    assert vp(lists, "if [blue, red] > [green, blue] and [red] < [green] { gain 1 vp; }") == 1


def test_a_list_is_a_ranking_key(lists):
    # key: [1, 1], [0, 2], [1, 3]: P3 is the highest, P2 the lowest
    assert vp(lists, "gain seat(top(p in players, key(p))) * 10 + seat(bottom(p in players, key(p))) vp;") == 32
    assert vp(lists, "gain total(x in highest(p in players, key(p)), x) + size(lowest(p in players where seat(p) > 5, key(p))) vp;") == 4
    assert vp(lists, "let s = sorted(p in players, most key(p)); gain seat(s[1]) * 100 + seat(s[2]) * 10 + seat(s[3]) vp;") == 312
    assert vp(lists, "let s = sorted(p in players, fewest colours(p)); gain seat(s[1]) vp;") == 2
    assert vp(lists, "pick q from players most colours(q) { gain seat(q) vp; }") == 1
    assert vp(lists, "pick q from players fewest key(q) { gain seat(q) vp; }") == 2


@pytest.mark.parametrize("func, words", [
    ("func f(): bool = [1, 2] > 3;", "a list of numbers and a number"),
    ("func f(x: card) = [x] < [x];", "a list of cards and a list of cards"),
    ("func f(q: player) = [1] < colours(q);", "a list of numbers and a list of colours"),
    ('func f() = ["a"] <= ["b"];', "a list of texts and a list of texts"),
])
def test_ordering_lists_of_what_has_no_order_is_e531(func, words):
    assert errors(LISTS + func + "\n") == [("E531", 8, func.index("[") + 1)]   # at the comparison
    assert f"cannot order {words}" in message(LISTS + func + "\n", "E531")


@pytest.mark.parametrize("func, key", [
    ("func f(): player = top(q in players, [q]);", "[q]"),
    ("func f(): list of player = sorted(q in players, most [q, q]);", "[q, q]"),
    ("func f(): list of int = highest(q in players, colours(q));", "colours(q)"),
    ("proc f() { pick q from players most [a] { gain 1 vp; } }", "[a]"),
])
def test_a_key_that_is_a_list_without_an_order_is_e531(func, key):
    assert errors(LISTS + func + "\n") == [("E531", 8, func.index(key) + 1)]   # at the key


def test_a_number_key_keeps_its_findings():
    assert errors(LISTS + "func f(): player = top(q in players, q == you);\n")[0][0] == "E303"
    assert errors(LISTS + "proc f() { pick q from players most q { gain 1 vp; } }\n")[0][0] == "E433"


# ---------------------------------------------------------------- subsets(xs, k)

def test_subsets_are_every_k_items_in_a_fixed_order(lists):
    # [1,2], [1,3], [1,4], [2,3], [2,4], [3,4]: read back as two-digit numbers
    assert vp(lists, "gain total(s in subsets([1, 2, 3, 4], 2), s[1] * 10 + s[2]) vp;") == 12 + 13 + 14 + 23 + 24 + 34
    assert vp(lists, "let s = subsets(1..4, 3); gain s[1][3] * 10 + s[4][1] vp;") == 32
    assert vp(lists, "let k = 3; gain size(subsets(1..7, 5)) + size(subsets([1], 0)) * 100 + size(subsets([1, 2], k)) vp;") == 121
    # the best pair of a list by a list key
    assert vp(lists, "gain total(x in highest(s in subsets([3, 1, 4, 1, 5], 2), sorted(y in s, most y)), x) vp;") == 9


def test_subsets_past_the_step_budget_stop_play(lists):
    with pytest.raises(RulesRuntimeError) as failure:
        vp(lists, "let n = 40; gain size(subsets(1..n, 20)) vp;")
    assert failure.value.code == "E602"


@pytest.mark.parametrize("call, at", [
    ("subsets(3, 2)", "3"), ("subsets([1, 2], 3)", "3)"), ("subsets(1..4, -1)", "-1"), ("subsets(1..60, 30)", "30"),
])
def test_subsets_misused_is_e532(call, at):
    func = f"func f(): int = size({call});"
    assert errors(LISTS + func + "\n") == [("E532", 8, func.rindex(at) + 1)]


def test_subsets_is_read_in_words():
    result = analyse_text(LISTS + "func f(): int = size(subsets(1..5, 2));\n")
    from .conftest import explained
    assert "every choice of 2 of the numbers from 1 to 5 (each keeping their order)" in explained(result, "f")


# ---------------------------------------------------------------- share AMOUNT R among PLAYERS

SHARE = """
resource coin;
counter pool global;
func tied(): list of player = gather(x in players where seat(x) >= 2, [x]);
"""

shared = rules_programs(SHARE)


def coins(program, body: str, players: int = 3) -> list[int]:
    g = Game(program("proc go() { " + body + " }"), players, 1)
    run_proc(g, "go")
    return [p.stock["coin"] for p in g.state.players]


def test_share_gives_equal_parts_and_the_odd_units_to_one(shared):
    assert coins(shared, "share 7 coin among players;") == [3, 2, 2]   # the first of the list by default
    assert coins(shared, "share 7 coin among tied() odd to last(tied());") == [0, 3, 4]
    assert coins(shared, "share 7 coin among tied() odd to you;") == [1, 3, 3]   # anyone, in the list or not
    assert coins(shared, "share 7 coin among tied() odd to none;") == [0, 3, 3]   # rounded down: the rest is lost
    assert coins(shared, "share 7 coin among gather(p in players where seat(p) > 5, [p]);") == [0, 0, 0]
    assert coins(shared, "share 2 coin among players;") == [2, 0, 0]


@pytest.mark.parametrize("stmt, code, at", [
    ("share 3 pool among players;", "E521", "pool"), ("share -3 coin among players;", "E308", "-3"),
    ("share 3 coin among 4;", "E303", "4"), ("share 3 coin among players odd to 2;", "E303", "2"),
])
def test_share_is_checked(stmt, code, at):
    proc = f"proc p() {{ {stmt} }}"
    assert found_at(SHARE + proc + "\n") == [(code, 5, proc.rindex(at) + 1)]


def test_share_misspelt_and_a_proc_named_share():
    assert found_at(SHARE + "proc p() { share 3 coin amid players; }\n")[0][0] == "E100"
    # `share` is a contextual word: a proc of that name is still called
    assert found_at(SHARE + "proc share(n: int) { gain n coin; }\nproc p() { share(3); }\n") == []


def test_share_prints_back_and_reads_in_words():
    _module, printed = printed_back(SHARE + "proc p() { share 7 coin among tied() odd to none; share 1 coin among players; }\n")
    assert "share 7 coin among tied() odd to none;" in printed and "share 1 coin among players;" in printed
    from .conftest import explained
    words = explained(analyse_text(SHARE + "proc p() { share 7 coin among players; }\n"), "p")
    assert "Share 7 coin among all players: each of them gains an equal part, rounded down" in words


def test_share_plays_alike_on_both_backends():
    random_games_agree(SHARE + """
proc payout() { share 10 coin among tied() odd to last(tied()); share 7 coin among players; }
game g { seats 2 to 4; phase play { payout(); } winner most coin; }
""", seeds=range(1, 3), counts=(2, 3, 4))


# ---------------------------------------------------------------- for each over a range, over two domains

DECK = """
enum colour { yellow "Yellow", blue "Blue", white "White", green "Green", red "Red" }
kind card { colour: colour; value: int; }
"""


def test_a_deck_of_five_colours_by_values():
    # Lost Cities: one card per colour and value from 2 to 10
    program = build_text(DECK + 'card x "{k.title} {v}" for each k in colour, v in 2..10 { colour = k; value = v; }\n')
    made = [n for n in program.entities if n.startswith("x_")]
    assert len(made) == 45 and made[:2] == ["x_yellow_2", "x_yellow_3"] and made[-1] == "x_red_10"
    assert program.entities["x_white_7"].title == "White 7" and program.entities["x_white_7"].fields["value"] == 7


def test_a_range_alone_and_negative_numbers():
    program = build_text(DECK + 'card t "{n}" for each n in -1..1 { colour = red; value = n; }\n')
    assert [(n, program.entities[n].fields["value"]) for n in program.entities] == [("t_m1", -1), ("t_0", 0), ("t_1", 1)]


@pytest.mark.parametrize("domain, column", [("1..m", 28), ("[1, 2]", 28), ("m", 28), ("size(x)", 28)])
def test_any_other_domain_is_e345_not_a_parse_error(domain, column):
    text = DECK + "counter m;\n" + f'card t "{{r}}" for each r in {domain} {{ colour = red; value = r; }}\n'
    assert [e for e in errors(text) if e[0] == "E345"] == [("E345", 5, column)]


def test_too_many_or_none_or_bound_twice():
    assert errors(DECK + 'card t "{r}" for each r in 1..2000 { colour = red; value = r; }\n') == [("E345", 4, 1)]
    assert found_at(DECK + 'card t "{r}" for each r in 3..1 { colour = red; value = r; }\n') == [("W473", 4, 1)]
    assert errors(DECK + 'card t "{r}" for each r in colour, r in 1..3 { colour = red; value = r; }\n')[0][0] == "E346"


def test_a_title_that_leaves_out_a_bound_name_is_w524():
    text = DECK + 'card t "{k.title}" for each k in colour, r in 2..4 { colour = k; value = r; }\n'
    assert found_at(text) == [("W524", 4, text.splitlines()[3].index("r in") + 1)]   # at the name left out
    assert "cannot tell them apart" in message(text, "W524")


def test_for_each_prints_back_and_reads_in_words():
    text = DECK + 'card x "{k.title} {v}" for each k in colour, v in 2..10 { colour = k; value = v; }\n'
    _module, printed = printed_back(text)
    assert "for each k in colour, v in 2..10 {" in printed
    from .conftest import explained
    words = explained(analyse_text(text), "x_blue_3")
    assert "one card for each combination of colour and 2..10: this one for blue, 3 (k for blue, v for 3)" in words


def test_the_deck_plays_alike_on_both_backends():
    random_games_agree(DECK + """
card x "{k.title} {v}" for each k in colour, v in 2..10 { colour = k; value = v; }
zone deck of card secret;
zone hand per_player of card;
resource vp;
game g { seats 2 to 4; phase setup { fill deck with card; shuffle deck; each players: draw 8 from deck to hand; }
  phase play { each players: gain total(c in top(s in subsets(hand, 3),
    sorted(x in gather(c in s, [c.value]), most x)), c.value) vp; }
  winner most vp; }
""", seeds=range(1, 3), counts=(2, 4))
