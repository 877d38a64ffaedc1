"""tests/packs/mahjong: a simple Mahjong written by a designer new to the language (branch trial27), with its
rules as assertions: claims on a discard made by several players at once and settled by priority (a win over
a pung over a chow; two wins to the first after the discarder), a chow by the next player only, every other
player asked whether or not they can claim (`always asked` on an optional pick), the self-drawn win and its
score; random games on both backends alike, lint clean and `fmt` stable."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse
from rulebook.dsl.printer import format_text
from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends, run_answering

PACK = Path(__file__).parent / "packs" / "mahjong"

program = pack_program(PACK)

SUITS = {"d": "suit_tile_dots_", "b": "suit_tile_bamboo_", "c": "suit_tile_characters_"}
HONOURS = {"E": "wind_tile_east", "S": "wind_tile_south", "W": "wind_tile_west", "N": "wind_tile_north",
           "R": "dragon_tile_red_dragon", "G": "dragon_tile_green_dragon", "H": "dragon_tile_white_dragon"}

# P4 waits on 5 Dots for the pair: three chows and a pung of East already made.
WAITING = "d1 d2 d3 b1 b2 b3 c1 c2 c3 E E E d5"
FILLER = "b5 b7 b9 c4 c6 c8 W W G H H"


def tile_name(code: str) -> str:
    return SUITS[code[0]] + code[1] if code[0] in SUITS else HONOURS[code]


def give(game: Game, zone, codes: str) -> None:
    """Move a free copy of each tile written (`d5`: 5 Dots, `E`: East Wind, `R`: Red Dragon) into `zone`."""
    used = {e.key for ref in game.all_refs() for e in ref.items} if hasattr(game, "all_refs") else set()
    for code in codes.split():
        base = tile_name(code)
        for n in range(1, 5):
            key = base if n == 1 else f"{base}#{n}"
            if key not in used and not game.state.where.get(key):
                game.move(game.program.entities[key], zone)
                used.add(key)
                break
        else:
            raise AssertionError(f"no copy of {code} left")


def table(program, hands: dict, discard: str = "d5") -> Game:
    """Four players holding the hands given ({seat index: codes}), the discard on offer."""
    game = Game(program, 4, 1)
    for seat, codes in hands.items():
        give(game, game.zone(game.state.players[seat], "hand"), codes)
    if discard:
        give(game, game.zone(None, "live"), discard)
    return game


def answering(script: dict):
    """An answerer: each player's claim from `script` ({player name: label}) when it is offered (the first
    time only), "none" otherwise; any other decision its first option. Records each claim decision as
    (player, options)."""
    seen = []
    script = dict(script)

    def answer(d):
        if d.prompt.startswith("claim"):
            seen.append((d.player.name, list(d.options)))
            wanted = script.pop(d.player.name, "none")
            return d.index_of(wanted if wanted in d.options else "none")
        return 0

    return answer, seen


def claims(game: Game, script: dict, discarder: int = 0):
    answer, seen = answering(script)
    gen = game.program.procs["claims"](game, game.state.players[discarder], game.state.players[discarder])
    run_answering(gen, answer, always=game.program.asked)
    return seen


def points(game: Game) -> list[int]:
    return [p.stock["points"] for p in game.state.players]


def hand(game: Game, seat: int) -> list[str]:
    return sorted(c.title for c in game.zone(game.state.players[seat], "hand").items)


def exposed(game: Game, seat: int) -> list[str]:
    return sorted(c.title for c in game.zone(game.state.players[seat], "exposed").items)


def test_a_win_beats_a_pung_and_a_chow_claimed_at_the_same_time(program):
    game = table(program, {1: "d4 d6 " + FILLER, 2: "d5 d5 b6 b8 c5 c7 c9 S S N N R G", 3: WAITING})
    seen = claims(game, {"P2": "Chow", "P3": "Pung", "P4": "Mahjong"})
    assert seen == [("P2", ["Chow", "none"]), ("P3", ["Pung", "none"]), ("P4", ["Mahjong", "none"])]
    assert points(game) == [-1, 0, 0, 2]   # 1, +1 concealed; the discarder loses 1
    assert exposed(game, 1) == [] and exposed(game, 2) == []


def test_a_pung_beats_a_chow_and_the_claimant_discards_at_once(program):
    game = table(program, {1: "d4 d6 " + FILLER, 2: "d5 d5 b6 b8 c5 c7 c9 S S N N R G"})
    answer, seen = answering({"P2": "Chow", "P3": "Pung"})
    discarded = []

    def record(d):
        if d.prompt.startswith("discard"):
            discarded.append(d.player.name)
        return answer(d)

    gen = game.program.procs["claims"](game, game.state.players[0], game.state.players[0])
    run_answering(gen, record, always=game.program.asked)
    assert exposed(game, 2) == ["5 Dots", "5 Dots", "5 Dots"] and exposed(game, 1) == []
    assert discarded == ["P3"] and len(game.zone(game.state.players[2], "hand").items) == 10
    assert game.state.gvars["current"].name == "P4"   # play goes on from the claimant's left


def test_two_wins_go_to_the_first_after_the_discarder(program):
    game = table(program, {2: "d5 b4 b5 b6 c4 c5 c6 S S S R R R", 3: WAITING})
    claims(game, {"P3": "Mahjong", "P4": "Mahjong"})
    assert points(game) == [-1, 0, 2, 0]


def test_only_the_next_player_may_chow(program):
    game = table(program, {1: FILLER + " N N", 2: "d4 d6 b6 b8 c5 c7 c9 S S N R G G"})
    seen = claims(game, {})
    assert ("P3", ["none"]) in seen   # P3 holds 4 and 6 Dots, but is not next after P1


def test_the_chow_takes_the_run_the_claimant_chooses(program):
    game = table(program, {1: "d3 d4 d6 d7 " + FILLER[:-4]})
    answer, _ = answering({"P2": "Chow"})

    def choose(d):
        if d.prompt.startswith("chow"):
            assert d.options == ["as the lowest", "in the middle", "as the highest"]
            return d.index_of("as the highest")
        return answer(d)

    gen = game.program.procs["claims"](game, game.state.players[0], game.state.players[0])
    run_answering(gen, choose, always=game.program.asked)
    assert exposed(game, 1) == ["3 Dots", "4 Dots", "5 Dots"]


def test_every_other_player_is_asked_even_with_no_claim_so_nobody_learns_a_hand(program):
    game = table(program, {1: FILLER + " N N"})
    seen = claims(game, {})
    assert seen == [("P2", ["none"]), ("P3", ["none"]), ("P4", ["none"])]
    assert [c.title for c in game.zone(None, "pool").items] == ["5 Dots"]


def test_a_self_drawn_win_scores_three(program):
    game = table(program, {0: WAITING}, discard="")
    give(game, game.zone(None, "wall"), "d5")
    run_answering(game.program.procs["turn"](game, game.state.players[0]),
                  lambda d: d.index_of("yes") if d.prompt.startswith("declare") else 0, always=game.program.asked)
    assert points(game) == [3, 0, 0, 0]   # 1, +1 concealed, +1 self-drawn


@pytest.mark.parametrize("seed", range(2))
def test_random_games_agree_on_both_backends_and_every_tile_is_somewhere(seed):
    for game, _result in played_on_both_backends(PACK, 4, seed, decisions=300):
        assert len(game.state.where) >= 136


def test_the_pack_lints_clean_and_is_in_canonical_form():
    assert [d for d in analyse(str(PACK)).diagnostics if d.severity != "info"] == []
    for path in PACK.glob("*.rules"):
        assert format_text(path.read_text(encoding="utf-8"), str(path)) == path.read_text(encoding="utf-8")
