"""tests/packs/kingoftokyo: King of Tokyo written by a designer new to the language: the dice kept as pieces
and resolved by the rulebook (numbers, energy, hearts, claws from and into Tokyo), Tokyo entered and yielded,
power cards as a holder's versions of the rules (Armor Plating, Extra Head, Spiked Tail with Acid Attack,
Regeneration); both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "kingoftokyo")


program = pack_program(PACK)


def rolled(program, faces: list[str], players: int = 3, tokyo: int | None = None) -> Game:
    """A game whose first player's kept dice show `faces`; the player of seat `tokyo` (from 0) is in Tokyo."""
    game = Game(program, players, 1)
    dice = [e for e in game.program.entities.values() if e.kind == "kot_die"]
    for die, face in zip(dice, faces):
        game.move(die, game.zone(None, "kept_dice"))
        game.set_field(die, "face", face)
    game.state.gvars["tokyo"] = None if tokyo is None else game.state.players[tokyo]
    return game


def stock(game: Game, what: str) -> list[int]:
    return [p.stock[what] for p in game.state.players]


def holds(game: Game, seat: int, *cards: str) -> None:
    for c in cards:
        game.move(game.program.entities[c], game.zone(game.state.players[seat], "kept"))


def test_three_of_a_number_score_it_and_each_more_one_point(program):
    game = rolled(program, ["2", "2", "2", "2", "1", "1"], tokyo=1)
    run_proc(game, "resolve")
    assert stock(game, "vp") == [2 + 1, 0, 0]
    game = rolled(program, ["1", "1", "1", "3", "3", "energy"], tokyo=1)
    run_proc(game, "resolve")
    assert stock(game, "vp") == [1, 0, 0] and stock(game, "energy") == [1, 0, 0]


def test_claws_from_outside_hit_only_the_monster_in_tokyo_which_may_yield_to_the_attacker(program):
    game = rolled(program, ["claw", "claw", "1", "2", "3", "heart"], tokyo=1)
    run_proc(game, "resolve", answers=["yes"])   # P2 yields Tokyo: P1 enters it, for a point
    assert stock(game, "health") == [10, 8, 10] and game.state.gvars["tokyo"].name == "P1"
    assert stock(game, "vp") == [1, 0, 0]
    game = rolled(program, ["claw", "claw", "1", "2", "3", "heart"], tokyo=1)
    run_proc(game, "resolve", answers=["no"])    # P2 stays
    assert game.state.gvars["tokyo"].name == "P2" and stock(game, "vp") == [0, 0, 0]


def test_claws_from_tokyo_hit_every_other_monster_and_hearts_do_not_heal_there(program):
    game = rolled(program, ["claw", "claw", "claw", "heart", "heart", "1"], tokyo=0)
    game.state.players[0].stock["health"] = 5
    run_proc(game, "resolve")
    assert stock(game, "health") == [5, 7, 7]


def test_hearts_heal_outside_tokyo_up_to_ten(program):
    game = rolled(program, ["heart"] * 4 + ["1", "2"], tokyo=1)
    game.state.players[0].stock["health"] = 8
    run_proc(game, "resolve")
    assert stock(game, "health")[0] == 10


def test_a_monster_starting_its_turn_in_tokyo_scores_two(program):
    game = Game(program, 2, 3)
    game.state.gvars["tokyo"] = game.state.players[0]
    gen = game.program.procs["turn"](game, game.state.players[0])
    next(gen)   # the first question: which dice to keep, the 2 points already scored
    assert stock(game, "vp")[0] == 2


def test_armor_plating_ignores_a_single_damage(program):
    game = rolled(program, ["claw", "1", "1", "2", "2", "3"], tokyo=1)
    holds(game, 1, "armor_plating")
    run_proc(game, "resolve", answers=["no"])
    assert stock(game, "health") == [10, 10, 10]
    game = rolled(program, ["claw", "claw", "1", "2", "2", "3"], tokyo=1)
    holds(game, 1, "armor_plating")
    run_proc(game, "resolve", answers=["no"])
    assert stock(game, "health") == [10, 8, 10]


def test_spiked_tail_and_acid_attack_stack_and_acid_attack_hits_without_a_claw(program):
    game = rolled(program, ["claw", "1", "1", "2", "2", "3"], tokyo=0)
    holds(game, 0, "spiked_tail", "acid_attack")
    run_proc(game, "resolve")
    assert stock(game, "health") == [10, 7, 7]
    game = rolled(program, ["1", "1", "2", "2", "3", "3"], tokyo=0)
    holds(game, 0, "acid_attack")
    run_proc(game, "resolve")
    assert stock(game, "health") == [10, 9, 9]


def test_an_extra_head_rolls_seven_dice(program):
    game = Game(program, 2, 1)
    for e in game.program.entities.values():
        if e.kind == "kot_die":
            game.move(e, game.zone(None, "box"))
    holds(game, 0, "extra_head")
    gen = game.program.procs["roll_dice"](game, game.state.players[0])
    next(gen)
    assert len(game.zone(None, "tray").items) == 7


def test_a_monster_destroyed_in_tokyo_leaves_it_to_the_attacker(program):
    game = rolled(program, ["claw", "claw", "claw", "1", "2", "3"], tokyo=1)
    game.state.players[1].stock["health"] = 3
    run_proc(game, "resolve")
    assert [p.name for p in game.state.out] == ["P2"] and game.state.gvars["tokyo"].name == "P1"


@pytest.mark.parametrize("players, seed", [(2, 1), (4, 2), (6, 3)])
def test_random_games_end_at_twenty_points_or_one_monster_and_agree_on_both_backends(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        assert max(stock(game, "vp")) >= 20 or len(game.state.out) >= players - 1
        assert all(p.stock["health"] <= 10 for p in game.state.players)


def test_friend_of_children_and_regeneration_add_one_to_each_gain_of_energy_or_health(program):
    game = rolled(program, ["energy", "heart", "heart", "1", "2", "3"], tokyo=1)
    holds(game, 0, "friend_of_children", "regeneration")
    game.state.players[0].stock["health"] = 5
    run_proc(game, "resolve")
    assert stock(game, "energy")[0] == 1 + 1 and stock(game, "health")[0] == 5 + 2 + 1
    game.state.players[0].stock["health"] = 9
    run_proc(game, "use_power", game.program.entities["heal_card"])   # 2 + 1, up to 10
    run_proc(game, "use_power", game.program.entities["energize"])
    assert stock(game, "health")[0] == 10 and stock(game, "energy")[0] == 2 + 9 + 1
    game = rolled(program, ["heart", "heart", "1", "2", "3", "1"], tokyo=1)
    holds(game, 1, "regeneration")   # another monster's card does nothing for this one
    game.state.players[0].stock["health"] = 5
    run_proc(game, "resolve")
    assert stock(game, "health")[0] == 7


def test_two_energy_sweep_the_three_cards_for_sale_for_three_new_ones(program):
    game = Game(program, 2, 1)
    run_proc(game, "deal_powers")
    before = [c.name for c in game.zone(None, "shop").items]
    game.state.players[0].stock["energy"] = 2
    run_proc(game, "buy", answers=["sweep the cards for sale (2 energy)"])   # then only "no": nothing asked
    after = [c.name for c in game.zone(None, "shop").items]
    assert len(after) == 3 and not set(after) & set(before) and stock(game, "energy")[0] == 0
    assert [c.name for c in game.zone(None, "discarded").items] == before


def test_two_extra_heads_roll_eight_dice(program):
    game = Game(program, 2, 1)
    for e in game.program.entities.values():
        if e.kind == "kot_die":
            game.move(e, game.zone(None, "box"))
    holds(game, 0, "extra_head", "extra_head#2")
    next(game.program.procs["roll_dice"](game, game.state.players[0]))
    assert len(game.zone(None, "tray").items) == 8
