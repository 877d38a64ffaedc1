"""tests/packs/onitama: Onitama written by a designer new to the language (branch trial27), with the
rulebook's cases as assertions: a card's moves seen from each side of the board, the card used passing to the
opponent by the side, the pass when no move is possible, the two ways to win (the Way of the Stone, the Way
of the Stream); random games on both backends alike, lint clean and `fmt` stable."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse
from rulebook.dsl.printer import format_text
from rulebook.runtime.engine import Game, GameEnded

from .conftest import drive, pack_program, played_on_both_backends

PACK = Path(__file__).parent / "packs" / "onitama"

program = pack_program(PACK)


def at(s: str) -> str:
    """A square written `c3` (column c, row 3) as the state's index `3,3`."""
    return f"{'abcde'.index(s[0]) + 1},{s[1]}"


def table(program, pieces: dict, blue: str, red: str, side: str) -> Game:
    """A game with the pieces given ({square: "S1"/"M1"/"S2"/"M2": student or master of P1 or P2}), P1 holding
    the cards `blue`, P2 `red` (names, space-separated) and `side` on the side."""
    game = Game(program, 2, 1)
    players = game.state.players
    for s, what in pieces.items():
        game.state.gvars[f"board[{at(s)}]"] = "student" if what[0] == "S" else "master"
        game.state.gvars[f"owner[{at(s)}]"] = players[int(what[1]) - 1]
    for holder, names in ((players[0], blue), (players[1], red)):
        for name in names.split():
            game.move(program.entities[name], game.zone(holder, "hand"))
    game.move(program.entities[side], game.zone(None, "side"))
    return game


def hand(game: Game, player: int) -> list[str]:
    return sorted(c.name for c in game.zone(game.state.players[player], "hand").items)


def pieces(game: Game) -> dict[str, str]:
    found = {}
    for key, value in game.state.gvars.items():
        if key.startswith("board[") and value != "no_piece":
            col, row = key[6:-1].split(",")
            owner = game.state.gvars[f"owner[{col},{row}]"]
            found["abcde"[int(col) - 1] + row] = ("M" if value == "master" else "S") + owner.name[1]
    return found


def label(s: str) -> str:
    """A square written `c3` as the pack titles it: column and row numbers, `33`."""
    return f"{'abcde'.index(s[0]) + 1}{s[1]}"


def turn(game: Game, answers, player: int = 0) -> list:
    """Run `turn` for a player, answering squares written `c3`; the decisions asked."""
    answers = [label(a) if len(a) == 2 and a[0] in "abcde" and a[1].isdigit() else a for a in answers]
    return drive(game, game.program.procs["turn"](game, game.state.players[player]), answers)


def test_the_card_used_passes_to_the_opponent_by_the_side(program):
    game = table(program, {"c1": "M1", "c5": "M2"}, "tiger crab", "ox cobra", "boar")
    turn(game, ["Tiger"])   # the master, and c3, are the only piece and square Tiger offers
    assert pieces(game) == {"c3": "M1", "c5": "M2"}
    assert [c.name for c in game.zone(None, "side").items] == ["tiger"]
    assert hand(game, 0) == ["boar", "crab"]
    # the opponent moves next with Ox or Cobra, and the Tiger then comes to them from the side
    turn(game, ["Ox", "c4"], player=1)
    assert hand(game, 1) == ["cobra", "tiger"] and [c.name for c in game.zone(None, "side").items] == ["ox"]


def test_a_card_is_read_from_its_holders_side_of_the_board(program):
    # Tiger: two forward or one back; the second seat's forward is towards row 1
    game = table(program, {"a1": "M1", "c4": "S2", "e5": "M2"}, "crab boar", "tiger ox", "horse")
    asked = turn(game, ["Tiger", "c4", "c2"], player=1)
    assert asked[-1].options == [label("c2"), label("c5")]
    assert pieces(game)["c2"] == "S2"


def test_a_move_never_lands_on_your_own_piece_and_captures_an_opponents(program):
    game = table(program, {"b1": "S1", "c1": "M1", "b2": "S2", "e5": "M2"}, "boar crab", "ox cobra", "horse")
    asked = turn(game, ["Boar", "b1", "b2"])
    assert asked[1].options == [label("b1"), label("c1")]   # the pieces Boar moves
    assert asked[2].options == [label("a1"), label("b2")]   # b1: left, forward (capturing), not c1 (its own)
    assert pieces(game) == {"b2": "S1", "c1": "M1", "e5": "M2"}


def test_capturing_the_master_wins_by_the_way_of_the_stone(program):
    game = table(program, {"c1": "M1", "c3": "M2", "a5": "S2"}, "tiger crab", "ox cobra", "boar")
    with pytest.raises(GameEnded):
        turn(game, ["Tiger"])
    assert game.result()["winners"] == ["P1"] and "Stone" in str(game.result())


def test_the_master_on_the_opponents_temple_arch_wins_by_the_way_of_the_stream(program):
    game = table(program, {"c3": "M1", "a5": "M2"}, "tiger crab", "ox cobra", "boar")
    with pytest.raises(GameEnded):
        turn(game, ["Tiger", "c5"])
    assert game.result()["winners"] == ["P1"] and "Stream" in str(game.result())


def test_a_student_on_the_temple_arch_wins_nothing(program):
    game = table(program, {"a1": "M1", "c3": "S1", "e1": "M2"}, "tiger crab", "ox cobra", "boar")
    turn(game, ["Tiger", "c3", "c5"])   # (the master on a1 may take Tiger to a3 too)
    assert pieces(game)["c5"] == "S1"


def test_with_no_move_possible_a_card_still_passes(program):
    # P1's five pieces fill the a file: Tiger goes up and down it, Horse also left, off the board
    five = {"a1": "M1", "a2": "S1", "a3": "S1", "a4": "S1", "a5": "S1", "e3": "M2"}
    game = table(program, five, "tiger horse", "ox cobra", "boar")
    asked = turn(game, ["Horse"])
    assert asked[0].prompt.startswith("no move is possible") and asked[0].options == ["Tiger", "Horse"]
    assert hand(game, 0) == ["boar", "tiger"] and pieces(game) == five


@pytest.mark.parametrize("seed", range(4))
def test_random_games_end_at_once_with_one_winner_and_agree_on_both_backends(seed):
    for game, result in played_on_both_backends(PACK, 2, seed):
        assert len(result["winners"]) == 1 and result.get("sudden") == "won"
        assert sum(len(game.zone(p, "hand").items) for p in game.state.players) == 4


def test_the_pack_lints_clean_and_is_in_canonical_form():
    assert [d for d in analyse(str(PACK)).diagnostics if d.severity != "info"] == []
    for path in PACK.glob("*.rules"):
        assert format_text(path.read_text(encoding="utf-8"), str(path)) == path.read_text(encoding="utf-8")
