"""tests/packs/las_vegas: Las Vegas written by a designer new to the language (the session's trial30): the
banknotes dealt to each casino until it holds $50,000, a roll of all the dice left and all of one value placed
in that casino, the payout where equal numbers of dice cancel out and the rest take the notes by dice count,
the starting player passing left; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "las_vegas")


program = pack_program(PACK)


def values(zone) -> list[int]:
    return [b.fields["value"] for b in zone.items]


def test_each_casino_is_dealt_notes_until_it_holds_at_least_50000(program):
    for seed in (1, 2, 3):
        game = Game(program, 3, seed)
        game.start()
        dealt = 0
        for v in range(1, 7):
            notes = values(game.zone(None, f"notes[{v}]"))
            assert sum(notes) >= 50 and sum(notes) - notes[-1] < 50   # the last note dealt reached 50
            dealt += len(notes)
        assert len(game.zone(None, "stack").items) == 54 - dealt


def test_a_player_rolls_every_die_left_and_places_all_of_one_value_in_that_casino(program):
    game = Game(program, 3, 5)
    first = game.start()
    you = game.state.players[0]
    shown = [game.field(d, "shows") for d in game.zone(you, "cup").items]
    assert first.player.name == "P1" and first.prompt == "which casino?" and len(shown) == 8
    assert sorted(first.options) == [f"casino {v}" for v in sorted(set(shown))]   # only values rolled are offered
    v = shown[0]
    nxt = game.apply(f"casino {v}")
    assert len(game.zone(you, f"casino[{v}]").items) == shown.count(v)
    assert len(game.zone(you, "cup").items) == 8 - shown.count(v)
    assert nxt.player.name == "P2"


def laid_out(program, dice: list[int], notes: list[int]) -> Game:
    """A 4-player game whose casino 5 holds `dice[i]` dice of player i and the banknotes `notes`."""
    game = Game(program, len(dice), 1)
    game.start()
    casino = game.zone(None, "notes[5]")
    for b in list(casino.items):
        game.move(b, game.zone(None, "stack"))
    for value in notes:
        game.move(next(b for b in game.zone(None, "stack").items if b.fields["value"] == value), casino)
    for p, n in zip(game.state.players, dice):
        for d in list(game.zone(p, f"casino[5]").items):
            game.move(d, game.zone(p, "cup"))
        for d in game.zone(p, "cup").items[:n]:
            game.move(d, game.zone(p, "casino[5]"))
    return game


def test_equal_dice_cancel_out_and_the_others_take_the_notes_by_dice_count(program):
    # the rulebook's example: blue and red have 3 dice each and cancel out; green (2 dice) takes the
    # highest note, yellow (1 die) the next; the third note goes back to the box
    game = laid_out(program, [3, 3, 2, 1], [30, 60, 10])
    run_proc(game, "pay_out", 5)
    assert [p.stock.get("money", 0) for p in game.state.players] == [0, 0, 60, 30]
    assert values(game.zone(None, "box")) == [10] and not game.zone(None, "notes[5]").items
    assert [values(game.zone(p, "won")) for p in game.state.players] == [[], [], [60], [30]]
    assert all(len(game.zone(p, "cup").items) == 8 and not game.zone(p, "casino[5]").items
               for p in game.state.players)   # the dice come back


def test_all_tied_take_nothing_and_a_lone_player_takes_only_the_highest_note(program):
    game = laid_out(program, [2, 2, 0, 0], [90, 20])
    run_proc(game, "pay_out", 5)
    assert [p.stock.get("money", 0) for p in game.state.players] == [0, 0, 0, 0]
    assert sorted(values(game.zone(None, "box"))) == [20, 90]
    game = laid_out(program, [0, 4, 0, 0], [50, 40, 10])
    run_proc(game, "pay_out", 5)
    assert [p.stock.get("money", 0) for p in game.state.players] == [0, 50, 0, 0]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_random_games_play_four_rounds_and_agree_on_both_backends(players):
    for game, result in played_on_both_backends(PACK, players, 7):
        won = [sum(values(game.zone(p, "won"))) for p in game.state.players]
        assert won == [p.stock.get("money", 0) for p in game.state.players]   # money is the notes won
        kept = sum(len(game.zone(p, "won").items) for p in game.state.players)
        assert kept + len(game.zone(None, "box").items) + len(game.zone(None, "stack").items) == 54
        assert all(len(game.zone(p, "cup").items) == 8 for p in game.state.players)
        # four rounds: the starting player passed left four times
        assert game.state.gvars["starter"] is game.state.players[4 % players]
        best = max(won)
        assert result["winners"] == [p.name for p, w in zip(game.state.players, won) if w == best]
