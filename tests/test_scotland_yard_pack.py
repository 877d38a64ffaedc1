"""tests/packs/scotland_yard: Scotland Yard written by a designer new to the language (the trial10 session), on a
provisional map of 20 stations: Mister X alone against the detectives (`teams 2 solo`), the real game's tickets and reveal moves, Mister X's station a `hidden` variable
(the station he picks is told to the detectives as `…`, the ticket in the open), the detectives' tickets going to
him, a detective landing on him; both backends alike; lint clean and in canonical form."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game, GameEnded
from rulebook.runtime.view import told_answer

from .conftest import pack_program, played_on_both_backends, run_proc, sudden_outcome

PACK = str(Path(__file__).parent / "packs" / "scotland_yard")


program = pack_program(PACK)


def tickets(game: Game, seat: int) -> dict:
    p = game.state.players[seat - 1]
    return {t: p.stock[f"tickets[{t}]"] for t in ("taxi", "bus", "underground", "black")}


def placed(program, players: int, hideout: str, detectives: list[str]) -> Game:
    """A game past its setup (its first decision asked), Mister X and the detectives moved to the stations given."""
    game = Game(program, players, 1)
    game.start()
    game.state.players[0].vars["hideout"] = hideout
    for p, s in zip(game.state.players[1:], detectives):
        p.vars["at"] = s
    return game


@pytest.mark.parametrize("players", [3, 6])
def test_the_tickets_of_the_real_game_and_a_black_ticket_per_detective(program, players):
    game = Game(program, players, 1)
    game.start()
    assert tickets(game, 1) == {"taxi": 4, "bus": 3, "underground": 3, "black": players - 1}
    assert game.state.players[0].stock["doubles"] == 2
    for seat in range(2, players + 1):
        assert tickets(game, seat) == {"taxi": 10, "bus": 8, "underground": 4, "black": 0}
    stations = [p.vars["at"] for p in game.state.players[1:]]
    assert len(set(stations)) == players - 1 and game.state.players[0].vars["hideout"] not in stations


def test_a_detectives_ticket_goes_to_mister_x(program):
    game = placed(program, 3, "s20", ["s1", "s2"])
    run_proc(game, "detective_turn", player=1, answers=["Bus", "11"])
    assert game.state.players[1].vars["at"] == "s11"
    assert tickets(game, 2)["bus"] == 7 and tickets(game, 1)["bus"] == 3 + 1


def test_a_detective_landing_on_mister_x_catches_him(program):
    game = placed(program, 3, "s13", ["s1", "s2"])
    with pytest.raises(GameEnded):   # 1 -> 13, the only underground line: the detectives win at once
        run_proc(game, "detective_turn", player=1, answers=["Underground"])
    result = game.result()
    assert result["winners"] == ["P2", "P3"] and result["sudden"] == "won"
    assert result["reason"] == "Mister X is caught" and result["teams"] == {"P1": 1, "P2": 2, "P3": 2}
    assert "P2 catches Mister X at 13" in game.messages


def test_mister_x_surfaces_after_his_third_move_only(program):
    game = placed(program, 3, "s20", ["s1", "s2"])
    game.state.globals["moves"] = 1
    run_proc(game, "x_step", answers=["Taxi", "15"])
    assert game.state.globals["moves"] == 2 and game.state.gvars["last_seen"] is None
    run_proc(game, "x_step", answers=["Black ticket", "5"])   # the black ticket takes the bus too
    assert game.state.globals["moves"] == 3 and game.state.gvars["last_seen"] == "s5"
    assert tickets(game, 1)["black"] == 1


def test_mister_x_may_not_move_onto_a_detective_and_is_caught_when_he_cannot_move(program):
    game = placed(program, 3, "s2", ["s1", "s3"])   # 2's only links are taxis to 1, 3 and 7
    asked = run_proc(game, "x_step", answers=["Taxi"])
    assert [d.options for d in asked] == [["Taxi", "Black ticket"]] and game.state.players[0].vars["hideout"] == "s7"
    game = placed(program, 4, "s2", ["s1", "s3", "s7"])
    with pytest.raises(GameEnded):
        run_proc(game, "x_step")
    assert sudden_outcome(game) == (["P2", "P3", "P4"], "won", "Mister X cannot move")


def test_the_detectives_are_told_the_ticket_but_not_the_station(program):
    game = placed(program, 3, "s1", ["s19", "s18"])
    gen = game.program.procs["x_step"](game, game.state.players[0])
    d = gen.send(None)
    assert told_answer(game, d, 1, d.options.index("Taxi")) == "travel with which ticket? → Taxi"
    d = gen.send(d.options.index("Taxi"))
    assert d.options == ["2", "6"]
    assert told_answer(game, d, 0, 1) == "to which station? → 6"
    assert told_answer(game, d, 1, 1) == "to which station? → …"


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (5, 3), (6, 4)])
def test_random_games_agree_on_both_backends_and_one_side_wins(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        # Mister X wins when his log is full or no detective can move; the detectives, when he is caught or stuck
        x_won = result["reason"] in ("Mister X's travel log is full", "no detective can move")
        assert result["sudden"] == "won" and (x_won or result["reason"] == "Mister X cannot move"
                                              or result["reason"] == "Mister X is caught")
        assert x_won == (result["reason"] == "no detective can move" or game.state.globals["moves"] == 24)
        expected = ["P1"] if x_won else [f"P{i}" for i in range(2, players + 1)]
        assert result["winners"] == expected and list(result["teams"].values()) == [1] + [2] * (players - 1)
