"""tests/packs/root_lite: Root with two asymmetric factions, the Marquise de Cat and the Eyrie Dynasties,
as roles with completely different turns (branch trial28). The rulebook's cases: the setup, who rules a
clearing (the Eyrie's Lords of the Forest on a tie), battles (the higher die to the attacker, each side's
hits capped by its warriors, a defenceless defender taking one more, a building removed worth 1 VP),
building from wood in ruled clearings on the Marquise's cost and VP track, recruiting once a turn,
overwork, the Decree carried out card by card and the turmoil when a card cannot be, the roost track's
VP in Evening, 30 VP winning at once; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import compile_pack, interpret_pack
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game, GameEnded

from .conftest import answer_by_prompt, drive, func_for, pack_program, run_proc, started

PACK = str(Path(__file__).parent / "packs" / "root_lite")

program = pack_program(PACK)

MARQUISE, EYRIE = 0, 1


def func(game: Game, name: str, *args, seat: int = MARQUISE):
    return func_for(game, name, *args, seat=seat)


def warriors(game: Game, clearing: str, seat: int) -> int:
    return game.state.globals.get(f"warriors[{clearing},{seat + 1}]", 0)


def set_warriors(game: Game, clearing: str, seat: int, n: int) -> None:
    game.state.globals[f"warriors[{clearing},{seat + 1}]"] = n


def test_the_setup(program):
    game = started(program)
    assert [warriors(game, f"c{k}", MARQUISE) for k in range(1, 9)] == [1] * 7 + [0]
    assert warriors(game, "c8", EYRIE) == 6 and game.state.globals["built[c8,roost]"] == 1
    assert [game.state.globals[f"built[{c},{b}]"] for c, b in (("c1", "sawmill"), ("c2", "workshop"),
                                                               ("c4", "recruiter"))] == [1, 1, 1]
    eyrie = game.state.players[EYRIE]
    assert [c.declared for c in eyrie.refs["decree[recruit_col]"].items] == ["vizier"]
    assert [c.declared for c in eyrie.refs["decree[move_col]"].items] == ["vizier"]
    assert "decree[recruit_col]" not in game.state.players[MARQUISE].refs   # the Eyrie's alone
    assert [len(p.refs["hand"].items) for p in game.state.players] == [3, 3]


def test_the_most_pieces_rule_and_the_eyrie_rule_a_tie(program):
    game = started(program)
    set_warriors(game, "c5", EYRIE, 1)               # one cat, one bird: the Eyrie's Lords of the Forest
    assert not func(game, "rules", game.state.players[MARQUISE], "c5")
    assert func(game, "rules", game.state.players[EYRIE], "c5")
    set_warriors(game, "c5", MARQUISE, 2)
    assert func(game, "rules", game.state.players[MARQUISE], "c5")
    assert func(game, "rules", game.state.players[MARQUISE], "c1")   # a warrior and a sawmill
    set_warriors(game, "c3", MARQUISE, 0)
    assert not func(game, "rules", game.state.players[MARQUISE], "c3")   # nobody's pieces: nobody rules


def rolls(lines: list[str]) -> list[int]:
    return [int(line.rsplit("= ", 1)[1]) for line in lines if "roll battle_die" in line]


@pytest.mark.parametrize("seed", range(1, 9))
def test_a_battle_higher_die_to_the_attacker_capped_by_warriors(program, seed):
    game = started(program, 2, seed)
    set_warriors(game, "c5", MARQUISE, 2)
    set_warriors(game, "c5", EYRIE, 1)
    lines = []
    game.tracer = lambda e: lines.append(e.describe())
    run_proc(game, "battle", "c5", player=MARQUISE)
    high, low = max(rolls(lines)), min(rolls(lines))
    assert warriors(game, "c5", EYRIE) == 1 - min(high, 2, 1)      # the defender has one warrior to lose
    assert warriors(game, "c5", MARQUISE) == 2 - min(low, 1)       # the defender hits with one warrior at most


def test_hits_take_warriors_first_then_buildings_each_worth_a_vp(program):
    game = started(program)
    set_warriors(game, "c8", EYRIE, 1)
    run_proc(game, "take_hits", game.state.players[EYRIE], "c8", 3, player=MARQUISE)
    assert warriors(game, "c8", EYRIE) == 0 and game.state.globals["built[c8,roost]"] == 0
    assert game.state.players[MARQUISE].stock["vp"] == 1               # the roost; the third hit is lost
    assert game.state.players[EYRIE].stock["reserve"] == 15


def test_a_defenceless_defender_takes_one_more_hit(program):
    for seed in range(1, 6):
        game = started(program, 2, seed)
        set_warriors(game, "c8", MARQUISE, 3)
        set_warriors(game, "c8", EYRIE, 0)                           # the roost alone
        lines = []
        game.tracer = lambda e: lines.append(e.describe())
        run_proc(game, "battle", "c8", player=MARQUISE)
        assert game.state.globals["built[c8,roost]"] == 0          # at least the extra hit, even on a 0
        assert warriors(game, "c8", MARQUISE) == 3                  # no warriors to hit back


def test_building_pays_wood_from_ruled_clearings_and_scores_the_track(program):
    game = started(program)
    game.state.globals["wood[c1]"] = 1
    game.state.globals["wood[c6]"] = 1
    set_warriors(game, "c6", EYRIE, 2)                               # the Eyrie rule c6: its wood is not usable
    marquise = game.state.players[MARQUISE]
    assert func(game, "wood_held") == 1
    drive(game, game.program.procs["build"](game, marquise), ["Sawmill", "Clearing 5"])
    assert game.state.globals["built[c5,sawmill]"] == 1 and game.state.globals["wood[c1]"] == 0
    assert marquise.stock["vp"] == 1 and marquise.stock["placed[sawmill]"] == 2
    assert game.state.globals["wood[c6]"] == 1
    assert func(game, "build_cost", "sawmill") == 2                    # the third costs 2


def test_recruit_places_a_warrior_at_each_recruiter(program):
    game = started(program)
    game.state.globals["built[c5,recruiter]"] = 1
    run_proc(game, "recruit", player=MARQUISE)
    assert (warriors(game, "c4", MARQUISE), warriors(game, "c5", MARQUISE)) == (2, 2)
    assert game.state.players[MARQUISE].stock["reserve"] == 16


def first_card(game: Game, name: str):
    return next(c for c in game.zone(None, "deck").items if c.declared == name)


def test_the_decree_that_cannot_be_carried_out_throws_the_eyrie_into_turmoil(program):
    game = started(program)
    eyrie = game.state.players[EYRIE]
    eyrie.stock["vp"] = 5
    hand = game.zone(eyrie, "hand")
    for c in list(hand.items):
        game.move(c, game.zone(None, "discard"))
    game.move(first_card(game, "fox_card"), hand)                   # the card the Eyrie add this turn
    game.move(first_card(game, "bird_card"), eyrie.refs["decree[build_col]"])
    set_warriors(game, "c8", EYRIE, 0)
    set_warriors(game, "c7", MARQUISE, 0)
    # the Decree: recruit (vizier) at the roost of c8, move (vizier) that warrior to c7, battle in a fox
    # clearing (the card added): no Eyrie warrior is left in one, so the Eyrie fall into turmoil
    answer_by_prompt(game.program.procs["turn"](game, eyrie),
                     {"to which column?": "Battle", "add a second": "no", "move to which": "Clearing 7",
                      "how many": "1"})
    assert warriors(game, "c7", EYRIE) == 1 and eyrie.stock["turmoils"] == 1
    assert eyrie.stock["vp"] == 5 - 3                                # 1 VP for each bird: the viziers and one
    left = sorted(c.declared for col in ("recruit", "move", "battle", "build")
                  for c in eyrie.refs[f"decree[{col}_col]"].items)
    assert left == ["vizier", "vizier"]                              # the rest of the Decree is discarded


def test_a_decree_carried_out_scores_the_roost_track(program):
    game = started(program)
    eyrie = game.state.players[EYRIE]
    hand = game.zone(eyrie, "hand")
    for c in list(hand.items):
        game.move(c, game.zone(None, "discard"))
    game.move(first_card(game, "fox_card"), hand)
    for c in ("c5", "c6"):
        game.state.globals[f"built[{c},roost]"] = 1                 # three roosts on the map: 2 VP
    # recruit (vizier) and recruit (the fox card) at c8's roost, then move (vizier) one warrior to c7
    answer_by_prompt(game.program.procs["turn"](game, eyrie),
                     {"to which column?": "Recruit", "add a second": "no", "recruit where?": "Clearing 8",
                      "move from where?": "Clearing 8", "move to which": "Clearing 7", "how many": "1"})
    assert eyrie.stock["turmoils"] == 0 and eyrie.stock["vp"] == 2
    assert (warriors(game, "c8", EYRIE), warriors(game, "c7", EYRIE)) == (7, 1)


def test_the_roost_track_scores_in_evening(program):
    game = started(program)
    assert func(game, "roost_vp", seat=EYRIE) == 0                  # one roost: 0 VP
    for c in ("c5", "c6", "c7"):
        game.state.globals[f"built[{c},roost]"] = 1
    assert func(game, "roost_vp", seat=EYRIE) == 3


def test_thirty_vp_wins_at_once(program):
    game = started(program)
    game.state.players[EYRIE].stock["vp"] = 29
    with pytest.raises(GameEnded):
        run_proc(game, "score", 1, player=EYRIE)
    assert game.state.players[EYRIE].stock["vp"] == 30
    assert game.state.sudden == ("won", (game.state.players[EYRIE],)) and game.state.reason == "30 victory points"


def test_both_backends_play_the_same_games():
    compiled, interpreted = compile_pack(PACK).program, interpret_pack(PACK)
    for seed in range(1, 3):
        a = Game(compiled, 2, seed, make_agents("random", 2, seed))
        b = Game(interpreted, 2, seed, make_agents("random", 2, seed))
        a.play(), b.play()
        assert a.log == b.log and a.state.digest() == b.state.digest()
