"""Branch trial35: three games by a designer new to the language, from their published rules, as test packs
(tests/packs/connect_four, no_thanks, nine_mens_morris), each played from start to end by random agents on both
backends and checked against the rules' worked examples; and the one construct they were missing,
`ray(c from CELL via DIRECTION while COND)` (3.4a): the cells as long as COND holds, the first it fails for left
out (a run of one's own discs, a penguin's slide of Hey, That's My Fish!), W662 for the `until` ray less its last
cell, and the E100 hint for Python's slice `xs[0:3]`."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.explain import explain
from rulebook.runtime.engine import Game, GameEnded
from rulebook.runtime.state import Record

from .conftest import analyse_text, drive, found_at, func_for, pack_program, played_on_both_backends, printed_back, \
    rules_programs, sudden_outcome
from .test_board_cells import value

PACKS = Path(__file__).parent / "packs"

# --- the construct: ray(... while COND) -----------------------------------------------------------------------

# Hey, That's My Fish!: a penguin slides in a straight line over floes still there and free of penguins,
# stopping before a gap, the edge or another penguin
FISH = """
record hex "{q},{r}" { q: 1..8; r: 1..8; }
enum way { dq: int; dr: int;
  east(dq = 1, dr = 0), west(dq = -1, dr = 0), north_east(dq = 1, dr = -1),
  south_west(dq = -1, dr = 1), north_west(dq = 0, dr = -1), south_east(dq = 0, dr = 1) }
var floe[hex] "Floes" global: bool = true;
var penguin[hex] "Penguins" global: player;
func h(q: int, r: int): hex = hex(q = q, r = r);
func slide(s: hex, w: way): list of hex = ray(t from s via w while floe[t] and penguin[t] == none);
func slide_until(s: hex, w: way): list of hex = ray(t from s via w until not floe[t] or penguin[t] != none);
func slides(s: hex): list of hex = gather(w in way, slide(s, w));
"""

fish = rules_programs(FISH)


def qr(cells) -> list[tuple]:
    return [(c.fields["q"], c.fields["r"]) for c in cells]


def test_a_slide_stops_before_a_gap_and_before_a_penguin_on_both_backends(fish):
    assert qr(value(fish, "slide(h(2, 4), east)")) == [(q, 4) for q in range(3, 9)]   # to the edge
    gap = "set floe[h(5, 4)] = false;"
    assert qr(value(fish, "slide(h(2, 4), east)", gap)) == [(3, 4), (4, 4)]             # the gap left out
    # the until ray keeps the cell it stops at: the gap itself
    assert qr(value(fish, "slide_until(h(2, 4), east)", gap)) == [(3, 4), (4, 4), (5, 4)]
    other = "set penguin[h(2, 6)] = all_players[2];"
    assert qr(value(fish, "slide(h(2, 4), south_east)", other)) == [(2, 5)]              # the penguin left out
    assert value(fish, "slide(h(2, 4), south_east)", "set floe[h(2, 5)] = false;") == []  # a gap beside: nothing
    assert value(fish, "slide(h(1, 1), west)") == []                                      # the edge beside
    # every way at once: from the middle of an 8x8 rhombus, 3+4 along q, 3+4 along r, 3+3 on the diagonal
    assert len(value(fish, "slides(h(4, 4))")) == 20


def test_fmt_prints_the_while_ray_back_and_explain_reads_it():
    _, text = printed_back(FISH)
    assert "ray(t from s via w while floe[t] and penguin[t] == none)" in text
    assert "ray(t from s via w until not floe[t] or penguin[t] != none)" in text
    result = analyse_text(FISH)
    reading = "\n".join(explain(result.symbols.decls["slide"], result.symbols))
    assert "as long as" in reading and "up to the first for which it does not, that one left out" in reading
    reading = "\n".join(explain(result.symbols.decls["slide_until"], result.symbols))
    assert "that one included" in reading


GOMOKU = """
record point { col: 1..15; row: 1..15; }
enum way { dc: int; dr: int; east(dc = 1, dr = 0), west(dc = -1, dr = 0) }
var board[point] global: player;
"""


def test_the_until_ray_less_its_last_cell_is_w662_whose_hint_is_the_while_ray():
    text = GOMOKU + ("func beside(x: point, w: way, p: player): int =\n"
                     "  count(y in ray(c from x via w until board[c] != p) where board[y] == p);\n")
    found = [(code, line) for code, line, _ in found_at(text)]
    assert found == [("W662", 6)]
    d = next(d for d in analyse_text(text).diagnostics if d.code == "W662")
    assert "drops the cell the ray stops at" in d.message
    assert d.hint.startswith("write 'ray(c from x via w while board[c] == p)'")
    # `not X` for `until X` too, in a gather
    text = GOMOKU + ("var open[point] global: bool = true;\nfunc run(x: point, w: way): list of point =\n"
                     "  gather(y in ray(c from x via w until open[c]) where not open[y], [y]);\n")
    assert [code for code, _, _ in found_at(text)] == ["W662"]
    # the cell the ray stops at is wanted (Reversi's flank: its last disc is the mover's own): no warning
    for kept in ("count(y in ray(c from x via w until board[c] != p) where board[y] != none)",
                 "size(ray(c from x via w while board[c] == p))"):
        assert found_at(GOMOKU + f"func beside(x: point, w: way, p: player): int = {kept};\n") == []


def test_a_while_that_never_reads_its_cell_is_w511():
    text = GOMOKU + "var calm global: bool = true;\nfunc run(x: point): list of point = ray(c from x via east while calm);\n"
    d = next(d for d in analyse_text(text).diagnostics if d.code == "W511")
    assert "'while calm' does not read c: the ray gives no cells" in d.message


def test_pythons_slice_is_e100_with_the_languages_slice_as_its_hint():
    text = "var xs global: list of int = [1, 2, 3, 4];\nfunc firsts(): list of int = xs[0:3];\n"
    [d] = analyse_text(text).diagnostics
    assert (d.code, d.span.line, d.span.column) == ("E100", 2, 34)
    assert "written with '..', not ':'" in d.message and "'[1..3]'" in d.hint


def test_the_while_form_on_a_packs_own_ray_is_e523():
    text = GOMOKU + ("func ray(x: point, w: way): list of point = [x];\n"
                     "func run(x: point): list of point = ray(c from x via east while board[c] == none);\n")
    assert "E523" in [code for code, _, _ in found_at(text)]


# --- Connect Four ---------------------------------------------------------------------------------------------

FOUR = PACKS / "connect_four"
connect_four = pack_program(FOUR)
COLUMNS = "abcdefg"


def grid(program, rows: list[str]) -> Game:
    """A game whose grid holds `rows` (bottom row first, a letter a column: Y, R or . for none)."""
    game = Game(program, 2, 1)
    game.start()
    for r, row in enumerate(rows, start=1):
        for k, disc in zip(COLUMNS, row):
            game.state.gvars[f"grid[{k},{r}]"] = {"Y": game.state.players[0], "R": game.state.players[1]}.get(disc)
    return game


def drop(game: Game, seat: int, column: str) -> None:
    drive(game, game.program.procs["turn"](game, game.state.players[seat]), [column])


def test_a_disc_falls_to_the_lowest_free_cell_and_a_full_column_is_not_offered(connect_four):
    game = grid(connect_four, ["YR.....", "RY.....", "YR.....", "RY.....", "YR.....", "R......"])
    asked = drive(game, game.program.procs["turn"](game, game.state.players[0]), ["b"])
    assert asked[0].options == ["b", "c", "d", "e", "f", "g"]   # column a is full
    assert game.state.gvars["grid[b,6]"] is game.state.players[0]
    drop(game, 1, "c")
    assert game.state.gvars["grid[c,1]"] is game.state.players[1] and game.state.gvars["grid[c,2]"] is None


@pytest.mark.parametrize("rows, column, line", [
    (["YYY.RRR"], "d", "across, the disc dropped at the end"),
    (["YY.YRRR"], "c", "across, the disc dropped in the middle of the row"),
    (["YRR....", "YR.....", "Y......"], "a", "upright"),
    (["YRRY...", ".YRY...", "..YR...", "......."], "d", "rising: a1 b2 c3 d4"),
])
def test_four_in_a_row_wins_at_once(connect_four, rows, column, line):
    game = grid(connect_four, rows)
    with pytest.raises(GameEnded):
        drop(game, 0, column)
    assert sudden_outcome(game) == (["Yellow"], "won", "four in a row"), line


def test_three_in_a_row_or_four_broken_by_the_other_colour_is_no_win(connect_four):
    game = grid(connect_four, ["YYRY..."])
    drop(game, 0, "e")   # Y Y R Y Y: two and two, broken
    drop(game, 0, "f")   # R's disc breaks the row: Y at d, e, f is three
    assert game.state.gvars["grid[f,1]"] is game.state.players[0]


def test_the_last_disc_without_four_in_a_row_draws(connect_four):
    rows = ["YRYRYRY", "YRYRYRY", "RYRYRYR", "RYRYRYR", "YRYRYRY", "YRYRYR."]   # 21 and 20 discs
    game = grid(connect_four, rows)
    with pytest.raises(GameEnded):
        drop(game, 1, "g")   # Red's 21st disc, the 42nd
    result = game.result()
    assert result["winners"] == [] and "the grid is full" in result["reason"]


def four_in_a_row(game: Game, seat: int) -> bool:
    """Whether the final grid holds four of a seat's discs in a row (checked here apart from the pack's funcs)."""
    player = game.state.players[seat]
    mine = {(c, r) for c in range(7) for r in range(1, 7) if game.state.gvars[f"grid[{COLUMNS[c]},{r}]"] is player}
    return any(all((c + i * dc, r + i * dr) in mine for i in range(4))
               for c, r in mine for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)))


@pytest.fixture(scope="module")
def connect_four_games():
    return [played_on_both_backends(FOUR, 2, seed) for seed in (1, 2, 3, 4)]


def test_random_connect_four_games_end_alike_with_four_in_a_row_for_the_winner(connect_four_games):
    for games in connect_four_games:
        for game, result in games:
            seat = ["Yellow", "Red"].index(result["winners"][0])
            assert result["sudden"] == "won" and four_in_a_row(game, seat) and not four_in_a_row(game, 1 - seat)
            discs = [sum(v is p for k, v in game.state.gvars.items() if k.startswith("grid[")) for p in game.state.players]
            assert discs[seat] in (discs[1 - seat], discs[1 - seat] + 1)   # turns alternate, Yellow first


# --- No Thanks! -----------------------------------------------------------------------------------------------

NO_THANKS = PACKS / "no_thanks"
no_thanks = pack_program(NO_THANKS)


def cards_of(game: Game, zone) -> list[int]:
    return [c.fields["value"] for c in zone]


def all_cards(game: Game) -> dict:
    """Every card of the game by its value."""
    zones = [game.state.zones[z] for z in ("deck", "box", "offer")]
    return {c.fields["value"]: c for z in zones for c in z}


@pytest.mark.parametrize("players, chips", [(3, 11), (5, 11), (6, 9), (7, 7)])
def test_the_setup_nine_cards_out_unseen_one_on_offer_and_the_chips(no_thanks, players, chips):
    game = Game(no_thanks, players, 3)
    game.start()
    assert len(game.state.zones["box"]) == 9 and len(game.state.zones["offer"]) == 1
    assert len(game.state.zones["deck"]) == 23
    assert sorted(all_cards(game)) == list(range(3, 36))
    assert [p.stock["chips"] for p in game.state.players] == [chips] * players


def test_a_run_counts_only_its_lowest_card_and_each_chip_takes_off_a_point(no_thanks):
    # the rules' example: 27, 28, 29 and 30 count 27; with 3 and 5 beside them and 11 chips kept, 35 - 11
    game = Game(no_thanks, 3, 1)
    game.start()
    cards = all_cards(game)
    me = game.state.players[0]
    for v in (30, 3, 28, 27, 5, 29):
        me.zones["taken"].append(cards[v])
    assert func_for(game, "points") == 27 + 3 + 5 - 11
    me.zones["taken"].append(cards[4])   # 3, 4, 5 become one run: 3
    assert func_for(game, "points") == 27 + 3 - 11


def test_refusing_pays_a_chip_and_passes_left_taking_keeps_the_turn(no_thanks):
    game = Game(no_thanks, 3, 1)
    game.start()
    first, second = game.state.players[0], game.state.players[1]
    top = game.state.zones["offer"][0]
    drive(game, game.program.procs["turn"](game, first), ["No thanks!"])
    assert first.stock["chips"] == 10 and game.state.globals["pot"] == 1 and game.state.gvars["acting"] is second
    drive(game, game.program.procs["turn"](game, second), ["take it"])
    assert list(second.zones["taken"]) == [top] and second.stock["chips"] == 12
    assert game.state.globals["pot"] == 0 and game.state.gvars["acting"] is second   # acts again
    assert len(game.state.zones["offer"]) == 1 and len(game.state.zones["deck"]) == 22


def test_a_player_without_chips_must_take_the_card(no_thanks):
    game = Game(no_thanks, 3, 1)
    game.start()
    me = game.state.players[0]
    me.stock["chips"] = 0
    asked = drive(game, game.program.procs["turn"](game, me), [])   # one option: taken without asking
    assert asked == [] and len(me.zones["taken"]) == 1


@pytest.fixture(scope="module")
def no_thanks_games():
    return {players: played_on_both_backends(NO_THANKS, players, seed) for players, seed in ((3, 1), (5, 2), (7, 3))}


def test_random_no_thanks_games_take_all_24_cards_and_the_fewest_points_win(no_thanks_games):
    for players, games in no_thanks_games.items():
        for game, result in games:
            taken = [c for p in game.state.players for c in p.zones["taken"]]
            assert len(taken) == 24 and not game.state.zones["deck"] and not game.state.zones["offer"]
            start = {3: 11, 5: 11, 7: 7}[players]
            assert sum(p.stock["chips"] for p in game.state.players) == start * players   # no chip lost
            points = {p.name: func_for(game, "points", seat=i) for i, p in enumerate(game.state.players)}
            assert result["winners"] == [n for n, v in points.items() if v == min(points.values())]


# --- Nine Men's Morris ----------------------------------------------------------------------------------------

MORRIS = PACKS / "nine_mens_morris"
morris = pack_program(MORRIS)


def board(program, white: list[str], black: list[str], in_hand=(0, 0)) -> Game:
    """A game whose board holds these men ("square.place"), each side with these men still in hand."""
    game = Game(program, 2, 1)
    game.start()
    for key in [k for k in game.state.gvars if k.startswith("board[")]:
        game.state.gvars[key] = None
    for seat, points in enumerate((white, black)):
        for point in points:
            game.state.gvars["board[{},{}]".format(*point.split("."))] = game.state.players[seat]
        game.state.players[seat].stock["in_hand"] = in_hand[seat]
    return game


def men_at(game: Game, seat: int) -> list[str]:
    player = game.state.players[seat]
    return sorted(k[6:-1].replace(",", ".") for k, v in game.state.gvars.items() if k.startswith("board[") and v is player)


def test_sixteen_mills_and_every_point_in_two_of_them(morris):
    game = board(morris, [], [])
    mills = func_for(game, "mills")
    assert len(mills) == 16 and all(len(m) == 3 for m in mills)
    seen = [p for m in mills for p in m]
    assert len(set(seen)) == 24 and all(seen.count(p) == 2 for p in seen)


def targets(game: Game, at: str, seat: int = 0) -> list[str]:
    """The points the man at `at` may go to, by the pack's func."""
    square, place = at.split(".")
    found = func_for(game, "targets", Record("point", {"square": int(square), "place": int(place)}),
                     game.state.players[seat])
    return sorted(f"{t.fields['square']}.{t.fields['place']}" for t in found)


def test_a_man_moves_along_a_line_to_the_next_free_point_only(morris):
    game = board(morris, ["1.1", "2.2", "3.3", "3.7"], ["1.8", "2.5", "3.5", "3.6"])
    assert targets(game, "1.1") == ["1.2"]                           # a corner: along its sides (1.8 is taken)
    assert targets(game, "2.2") == ["1.2", "2.1", "2.3", "3.2"]      # a midpoint: its side and across the squares
    assert targets(game, "3.3") == ["3.2", "3.4"]                    # a corner of the inner square
    assert targets(game, "3.7") == ["3.8"]                           # 3.6 taken; 3.8 to 3.1 around the corner


def test_three_men_left_fly_to_any_free_point(morris):
    game = board(morris, ["1.1", "2.2", "3.3"], ["1.5", "2.5", "3.5", "3.6"])
    assert len(targets(game, "1.1")) == 24 - 7
    game = board(morris, ["1.1", "2.2", "3.3"], ["1.5"], in_hand=(1, 2))   # still placing: no flying
    assert targets(game, "1.1") == ["1.2", "1.8"]


def place(game: Game, seat: int, answers: list) -> list:
    return drive(game, game.program.procs["turn"](game, game.state.players[seat]), answers)


def test_a_mill_removes_a_man_that_is_in_no_mill(morris):
    # White closes 1.1-1.2-1.3; Black's 2.1-2.2-2.3 is a mill, so only 3.5 may be taken (asked of no one)
    game = board(morris, ["1.1", "1.2"], ["2.1", "2.2", "2.3", "3.5"], in_hand=(5, 5))
    asked = place(game, 0, ["1.3"])
    assert len(asked) == 1 and men_at(game, 1) == ["2.1", "2.2", "2.3"]
    assert game.messages[-1] == "White closes a mill at 1.3 and removes the man on 3.5"


def test_when_every_man_is_in_a_mill_any_may_be_taken(morris):
    game = board(morris, ["1.1", "1.2"], ["2.1", "2.2", "2.3"], in_hand=(5, 5))
    asked = place(game, 0, ["1.3", "2.2"])
    assert asked[1].options == ["2.1", "2.2", "2.3"] and men_at(game, 1) == ["2.1", "2.3"]


def test_a_man_moved_into_a_mill_removes_one_too_and_two_men_left_lose(morris):
    game = board(morris, ["1.1", "1.2", "1.4"], ["2.5", "2.6", "3.8"])
    with pytest.raises(GameEnded):
        place(game, 0, ["1.4", "1.3", "2.5"])
    assert men_at(game, 0) == ["1.1", "1.2", "1.3"] and men_at(game, 1) == ["2.6", "3.8"]
    assert sudden_outcome(game) == (["White"], "won", "the opponent has two men left")


def test_a_player_who_cannot_move_loses(morris):
    # Black's four men on the outer corners, each hemmed in by White's men on the midpoints beside it
    game = board(morris, ["1.2", "1.4", "1.6", "1.8"], ["1.1", "1.3", "1.5", "1.7"])
    assert not func_for(game, "can_move", game.state.players[1]) and func_for(game, "can_move", game.state.players[0])
    with pytest.raises(GameEnded):
        place(game, 1, [])
    assert sudden_outcome(game) == (["White"], "lost", "no man can move")


@pytest.fixture(scope="module")
def morris_games():
    return played_on_both_backends(MORRIS, 2, 3)


def test_a_random_morris_game_ends_alike_with_the_loser_down_to_two_men(morris_games):
    for game, result in morris_games:
        loser = 1 - ["White", "Black"].index(result["winners"][0])
        assert result["sudden"] == "won" and len(men_at(game, loser)) == 2
        assert game.state.players[loser].stock["in_hand"] == 0


def test_the_same_position_with_the_same_player_to_move_a_third_time_draws(morris):
    # eighteen men placed without a mill (White on the outer corners, Black on the outer midpoints, ...)
    placed = "1.1 1.2 1.3 1.4 1.5 1.6 1.7 1.8 2.2 3.2 2.4 3.4 2.6 3.6 3.1 3.8 3.5 2.1"
    game = Game(morris, 2, 1)
    d = game.start()
    for point in placed.split():
        d = game.apply(point)
    assert [p.stock["in_hand"] for p in game.state.players] == [0, 0] and d.prompt.startswith("move the man on")
    # then each side moves a man out and back (2.2 to 2.3 and back is forced, as is 3.7 to 3.8): the position
    # White had to move in after the placing is back after each round, the third time a draw
    out_and_back = ["2.2", "3.8", "3.7", "2.3", "3.7"]
    for answer in out_and_back:
        game.apply(answer)
    assert game.decision is not None and game.decision.player.name == "White"
    for answer in out_and_back[:-1]:
        assert game.apply(answer) is not None
    assert game.apply(out_and_back[-1]) is None   # the game is over
    result = game.result()
    assert result["winners"] == [] and "the same position for the third time" in result["reason"]
