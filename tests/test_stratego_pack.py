"""tests/packs/stratego: Stratego written by a designer new to the language (trial3), its pieces since cards on
the squares (`zone at[square] of piece seen by side;`: each rank seen by its side alone, by both once an attack
reveals it, and still while it moves), set up by a `secret` pick the opponent is told masked;
the rulebook's attacks (lower rank loses, both on a tie, the spy takes the marshal when it strikes, the miner
defuses a bomb), the scout's run, the lakes, immobile bombs and flag; both backends alike."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game, GameEnded
from rulebook.runtime.state import Record
from rulebook.runtime.view import build_view, seen, told_answer

from .conftest import pack_program, played_on_both_backends, run_proc, sudden_outcome

PACK = str(Path(__file__).parent / "packs" / "stratego")


program = pack_program(PACK)


def square(x: int, y: int) -> Record:
    return Record("square", {"x": x, "y": y})


def board(game: Game, pieces: dict) -> Game:
    """A game whose box holds both armies and whose board holds only `pieces`: (x, y) -> (seat 1 or 2, grade),
    each set up by the pack's own `place` for its side."""
    run_proc(game, "fill_box")
    for (x, y), (seat, grade) in pieces.items():
        run_proc(game, "place", square(x, y), grade, player=seat - 1)
    return game


def piece(game: Game, x: int, y: int):
    """The piece on x-y, or None."""
    items = game.state.zones.get(f"at[{x},{y}]", [])
    return items[0] if items else None


def at(game: Game, x: int, y: int):
    """(seat, grade) of the piece on x-y, or None."""
    u = piece(game, x, y)
    return None if u is None else (game.field(u, "side").index + 1, u.fields["rank"])


def seen_by(game: Game, x: int, y: int) -> list[int]:
    """The seats (1, 2) that see the rank of the piece on x-y."""
    return [i + 1 for i in range(2) if seen(game, i, piece(game, x, y))]


def options(game: Game, seat: int = 1) -> list[str]:
    gen = game.program.procs["turn"](game, game.state.players[seat - 1])
    return gen.send(None).options


def test_each_player_sets_up_the_forty_pieces_on_their_four_rows(program):
    game = Game(program, 2, 3, make_agents("random", 2, 3))
    game.start()
    while game.state.gvars.get("moves_made", 0) == 0 and game.decision.prompt.startswith("what stands"):
        game.apply(0)
    for seat, rows in ((1, range(1, 5)), (2, range(7, 11))):
        grades = Counter(at(game, x, y)[1] for x in range(1, 11) for y in rows)
        assert grades == {"flag": 1, "spy": 1, "scout": 8, "miner": 5, "sergeant": 4, "lieutenant": 4,
                          "captain": 4, "major": 3, "colonel": 2, "general": 1, "marshal": 1, "bomb": 6}
    # the ranks are each player's own: the other's view holds none of them, only whose the piece is
    assert build_view(game, 1)["zones"]["at[1,1]"] == {"visibility": "seen by side", "size": 1, "known": [],
                                                      "partly": [{"at": 1, "kind": "piece",
                                                                  "fields": {"side": {"player": 0}}}]}
    assert [e["fields"]["side"] for e in build_view(game, 0)["zones"]["at[1,1]"]["known"]] == [{"player": 0}]


def test_the_lower_rank_loses_and_is_shown_with_the_winner(program):
    game = board(Game(program, 2, 1), {(1, 4): (1, "captain"), (1, 5): (2, "lieutenant"), (10, 10): (2, "flag")})
    run_proc(game, "turn", answers=["1-4 to 1-5"])
    assert at(game, 1, 4) is None and at(game, 1, 5) == (1, "captain")
    assert seen_by(game, 1, 5) == [1, 2]   # seen by both now, and still after its move
    game = board(Game(program, 2, 1), {(1, 4): (1, "captain"), (1, 5): (2, "major"), (10, 10): (2, "flag")})
    run_proc(game, "turn", answers=["1-4 to 1-5"])
    assert at(game, 1, 4) is None and at(game, 1, 5) == (2, "major") and seen_by(game, 1, 5) == [1, 2]


def test_equal_ranks_are_both_taken(program):
    game = board(Game(program, 2, 1), {(1, 4): (1, "major"), (1, 5): (2, "major"), (10, 10): (2, "flag")})
    run_proc(game, "turn", answers=["1-4 to 1-5"])
    assert at(game, 1, 4) is None and at(game, 1, 5) is None


def test_the_spy_takes_the_marshal_only_when_it_strikes(program):
    game = board(Game(program, 2, 1), {(1, 4): (1, "spy"), (1, 5): (2, "marshal"), (10, 10): (2, "flag")})
    run_proc(game, "turn", answers=["1-4 to 1-5"])
    assert at(game, 1, 5) == (1, "spy")
    game = board(Game(program, 2, 1), {(1, 4): (1, "marshal"), (1, 5): (2, "spy"), (10, 10): (2, "flag")})
    run_proc(game, "turn", answers=["1-4 to 1-5"])
    assert at(game, 1, 5) == (1, "marshal")
    game = board(Game(program, 2, 1), {(1, 4): (1, "spy"), (1, 5): (2, "sergeant"), (10, 10): (2, "flag")})
    run_proc(game, "turn", answers=["1-4 to 1-5"])
    assert at(game, 1, 5) == (2, "sergeant")


def test_a_bomb_takes_any_attacker_but_a_miner(program):
    game = board(Game(program, 2, 1), {(1, 4): (1, "marshal"), (1, 5): (2, "bomb"), (10, 10): (2, "flag")})
    run_proc(game, "turn", answers=["1-4 to 1-5"])
    assert at(game, 1, 4) is None and at(game, 1, 5) == (2, "bomb")
    game = board(Game(program, 2, 1), {(1, 4): (1, "miner"), (1, 5): (2, "bomb"), (10, 10): (2, "flag")})
    run_proc(game, "turn", answers=["1-4 to 1-5"])
    assert at(game, 1, 5) == (1, "miner")


def test_a_scout_runs_along_a_line_up_to_a_piece_or_a_lake_and_may_strike(program):
    game = board(Game(program, 2, 1), {(3, 1): (1, "scout"), (3, 3): (1, "bomb"), (1, 1): (1, "flag"),
                                       (6, 1): (2, "sergeant"), (10, 10): (2, "flag")})
    # east to 4-1 and 5-1, striking 6-1; north stops at its own bomb; the bomb and the flag never move
    assert sorted(options(game)) == ["3-1 to 2-1", "3-1 to 3-2", "3-1 to 4-1", "3-1 to 5-1", "3-1 to 6-1"]
    game = board(Game(program, 2, 1), {(3, 4): (1, "scout"), (1, 1): (1, "flag"), (10, 10): (2, "flag")})
    # the lake (3-5 and 3-6) stops it going north; it goes no further than the board
    assert "3-4 to 3-5" not in options(game) and "3-4 to 3-1" in options(game) and "3-4 to 10-4" in options(game)


def test_taking_the_flag_wins_and_a_player_who_cannot_move_loses(program):
    game = board(Game(program, 2, 1), {(1, 4): (1, "scout"), (1, 9): (2, "flag"), (10, 1): (1, "flag")})
    with pytest.raises(GameEnded):
        run_proc(game, "turn", answers=["1-4 to 1-9"])
    assert sudden_outcome(game) == (["Red"], "won", "the flag is taken")
    game = board(Game(program, 2, 1), {(1, 1): (1, "flag"), (1, 2): (1, "bomb"), (5, 9): (2, "flag"),
                                       (5, 8): (2, "miner")})
    with pytest.raises(GameEnded):
        run_proc(game, "turn")
    assert sudden_outcome(game) == (["Blue"], "lost", "no piece can move")


@pytest.mark.parametrize("seed", range(2))
def test_random_games_end_and_agree_on_both_backends(seed):
    for game, result in played_on_both_backends(PACK, 2, seed):
        assert result["over"]


def test_the_opponent_is_told_a_rank_was_set_up_not_which(program):
    game = Game(program, 2, 1)
    d = game.start()
    marshal = d.options.index("Marshal")
    assert told_answer(game, d, 1, marshal) == "what stands on 1-1? → …"
    assert told_answer(game, d, 0, marshal) == "what stands on 1-1? → Marshal"


def test_a_move_is_told_to_the_opponent_in_full(program):
    # (the rank moved with it is read from the hidden variable at the square picked: that tells nothing)
    game = board(Game(program, 2, 1), {(1, 4): (1, "captain"), (10, 10): (2, "flag")})
    d = game.program.procs["turn"](game, game.state.players[0]).send(None)
    assert told_answer(game, d, 1, d.options.index("1-4 to 1-5")) == "move which piece where? → 1-4 to 1-5"


def test_a_rank_stays_hidden_from_the_opponent_when_its_piece_moves(program):
    game = board(Game(program, 2, 1), {(1, 4): (1, "captain"), (10, 10): (2, "flag")})
    assert seen_by(game, 1, 4) == [1] and seen_by(game, 10, 10) == [2]
    run_proc(game, "turn", answers=["1-4 to 1-5"])
    assert at(game, 1, 5) == (1, "captain") and seen_by(game, 1, 5) == [1]
    assert build_view(game, 1)["zones"]["at[1,5]"]["known"] == []   # Blue sees a piece of Red's, no rank
