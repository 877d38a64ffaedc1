"""tests/packs/qwixx: Qwixx written by a designer new to the language (the eighteenth session's trial): six
dice kept as pieces, four rows a player crossed left to right (`counter last[hue]`), the white sum crossed by
everyone at once (`each players simultaneously pick`), the active player's white and coloured die, penalties,
locks that remove a die, the end at a fourth penalty or a second lock; both backends alike."""

from __future__ import annotations

from pathlib import Path


from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends, run_answering

PACK = str(Path(__file__).parent / "packs" / "qwixx")
ROWS = ["red", "yellow", "green", "blue"]
WHITE, COLOURED, WITH = "cross the white dice's sum in which row?", "cross a white and which coloured die?", "with which white die?"


program = pack_program(PACK)


def rolled(program, white: tuple[int, int], coloured: dict[str, int], players: int = 2) -> Game:
    """A game whose pool holds the six dice, showing `white` and the `coloured` faces (1 for those not given)."""
    game = Game(program, players, 1)
    pool = game.zone(None, "pool")
    shows = {"white_die": white[0], "white_die#2": white[1]}
    shows.update({f"{c}_die": coloured.get(c, 1) for c in ROWS})
    for name, face in shows.items():
        game.move(game.program.entities[name], pool)
        game.set_field(game.program.entities[name], "shows", face)
    return game


def use_roll(game: Game, answers: dict, active: int = 0) -> list:
    """The roll used with the active player P`active + 1`: each decision answered by the label `answers` gives
    for its (player, prompt), `none` when not given; returns (player, prompt, options) asked."""
    asked = []

    def answer(d):
        asked.append((d.player.name, d.prompt, [str(o) for o in d.options]))
        label = answers.get((d.player.name, d.prompt), "none")
        return [str(o) for o in d.options].index(label)

    run_answering(game.program.procs["use_roll"](game, game.state.players[active]), answer)
    return asked


def row(game: Game, player: int, colour: str) -> tuple[int, int]:
    """(crosses, rightmost place) of a player's row."""
    you = game.state.players[player]
    return you.stock.get(f"crosses[{colour}]", 0), you.stock.get(f"last[{colour}]", 0)


def test_everyone_crosses_the_white_sum_only_right_of_their_crosses_and_the_active_player_adds_a_coloured_die(program):
    game = rolled(program, (3, 4), {"green": 6})
    p1 = game.state.players[0]
    p1.stock["last[red]"], p1.stock["crosses[red]"] = 6, 1   # P1 crossed red 7: red 7 is no longer open
    asked = use_roll(game, {("P1", WHITE): "Yellow", ("P2", WHITE): "Red", ("P1", COLOURED): "Green die: 6",
                            ("P1", WITH): "White die: 4"})
    assert asked[0] == ("P1", WHITE, ["Yellow", "Green", "Blue", "none"])
    assert asked[1] == ("P2", WHITE, ["Red", "Yellow", "Green", "Blue", "none"])
    assert row(game, 0, "yellow") == (1, 6) and row(game, 1, "red") == (1, 6)
    # then P1 alone: green 6 with a white 3 (9) or 4 (10), green running 12 to 2, and blue 1 (4 or 5); red
    # and yellow 1 make 4 or 5, left of P1's red 7 and of the yellow 7 just crossed
    assert asked[2] == ("P1", COLOURED, ["Green die: 6", "Blue die: 1", "none"])
    assert asked[3] == ("P1", WITH, ["White die: 3", "White die: 4"]) and len(asked) == 4
    assert row(game, 0, "green") == (1, 3) and p1.stock.get("penalties", 0) == 0


def test_the_active_player_who_crosses_nothing_takes_a_penalty_the_others_do_not(program):
    game = rolled(program, (3, 4), {})
    use_roll(game, {})
    assert [p.stock.get("penalties", 0) for p in game.state.players] == [1, 0]


def test_a_row_is_locked_by_its_last_number_after_five_crosses_which_crosses_the_lock_and_removes_its_die(program):
    game = rolled(program, (6, 6), {"red": 6})
    p1, p2 = game.state.players
    p1.stock["last[red]"], p1.stock["crosses[red]"] = 8, 5
    p2.stock["last[red]"], p2.stock["crosses[red]"] = 8, 4   # four crosses: 12 is not open to P2
    asked = use_roll(game, {("P1", WHITE): "Red"})
    assert asked[1][0] == "P2" and "Red" not in asked[1][2]
    assert row(game, 0, "red") == (7, 11) and game.state.gvars.get("locked[red]") is True
    assert [e.name for e in game.zone(None, "removed").items] == ["red_die"]
    # the red die is gone: the active player's coloured die is offered from the others only
    assert asked[2] == ("P1", COLOURED, ["Yellow die: 1", "Green die: 1", "Blue die: 1", "none"])


def test_rows_score_1_3_6_10_by_crosses_less_5_a_penalty_and_the_game_ends_at_four_penalties_or_two_locks():
    for seed in range(4):
        for game, result in played_on_both_backends(PACK, 3, seed):
            locks = sum(1 for c in ROWS if game.state.gvars.get(f"locked[{c}]"))
            assert locks >= 2 or any(p.stock.get("penalties", 0) == 4 for p in game.state.players)
            for p in game.state.players:
                crosses = [p.stock.get(f"crosses[{c}]", 0) for c in ROWS]
                assert p.stock["score"] == sum(n * (n + 1) // 2 for n in crosses) - 5 * p.stock.get("penalties", 0)
            assert len(game.zone(None, "removed").items) == locks
