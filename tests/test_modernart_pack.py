"""tests/packs/modernart: Modern Art written by a designer new to the language: its five auctions (open, once
around and sealed as `auction`, fixed price as `first ... may ... always asked`, double as a second card
added by the auctioneer or a player after them, also `always asked`), the round ended by a fifth painting,
the artists' values over the rounds, both backends alike."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "modernart")


program = pack_program(PACK)


def card(game: Game, name: str):
    """The first copy of a painting that no player holds (`card_krypto_open`, ...)."""
    held = {id(c) for p in game.state.players for z in ("hand", "bought") for c in game.zone(p, z).items}
    return next(e for e in game.program.entities.values() if e.name.split("#")[0] == name and id(e) not in held)


def give(game: Game, player: int, names: list[str], zone: str = "hand") -> None:
    for name in names:
        game.move(card(game, name), game.zone(game.state.players[player], zone))


def money(game: Game) -> list[int]:
    return [p.stock["money"] for p in game.state.players]


def bought(game: Game, player: int) -> list[str]:
    return sorted(c.name.split("#")[0] for c in game.zone(game.state.players[player], "bought").items)


def test_seventy_paintings_by_five_artists(program):
    game = Game(program, 3, 1)
    artists = Counter(e.fields["artist"] for e in game.program.entities.values() if e.kind == "painting")
    assert artists == {"lite_metal": 12, "yoko": 13, "christin_p": 14, "karl_gitter": 15, "krypto": 16}
    assert money(game) == [100] * 3


def test_the_cards_dealt_each_round_by_the_number_of_players(program):
    for players, sizes in ((3, [10, 6, 6, 0]), (4, [9, 4, 2, 0]), (5, [8, 3, 3, 0])):
        game = Game(program, players, 1)
        dealt = []
        for round_no in range(1, 5):
            game.state.globals["round_no"] = round_no
            dealt.append(game.program.funcs["deal_size"](game, game.state.players[0]))
        assert dealt == sizes


def test_once_around_from_the_auctioneers_left_the_auctioneer_last(program):
    game = Game(program, 3, 1)
    give(game, 0, ["card_yoko_once_around"])
    asked = run_proc(game, "play_turn", answers=["5", "pass", "9"])
    assert [d.player.name for d in asked] == ["P2", "P3", "P1"]
    assert bought(game, 0) == ["card_yoko_once_around"] and money(game) == [91, 100, 100]   # his own: the bank


def test_the_buyer_pays_the_auctioneer(program):
    game = Game(program, 3, 1)
    give(game, 0, ["card_krypto_open"])
    # open in any order: P2 10, P3 20, P1 passes at once; then P2 and P1 pass
    run_proc(game, "play_turn", answers=["10", "20", "pass", "pass", "pass"])
    assert bought(game, 2) == ["card_krypto_open"] and money(game) == [120, 100, 80]


def test_a_sealed_tie_goes_to_the_auctioneer_then_to_their_left(program):
    game = Game(program, 3, 1)
    give(game, 1, ["card_christin_p_sealed"])
    run_proc(game, "play_turn", player=1, answers=["7", "7", "7"])
    assert bought(game, 1) == ["card_christin_p_sealed"] and money(game) == [100, 93, 100]
    give(game, 1, ["card_christin_p_sealed"])
    run_proc(game, "play_turn", player=1, answers=["3", "7", "7"])   # P2 (the auctioneer), P3, P1
    assert bought(game, 2) == ["card_christin_p_sealed"] and money(game) == [100, 100, 93]


def test_fixed_price_the_first_from_the_left_who_accepts_buys_else_the_auctioneer(program):
    game = Game(program, 3, 1)
    give(game, 0, ["card_lite_metal_fixed"])
    asked = run_proc(game, "play_turn", answers=["12", "no", "yes"])
    assert [d.player.name for d in asked] == ["P1", "P2", "P3"]
    assert bought(game, 2) == ["card_lite_metal_fixed"] and money(game) == [112, 100, 88]
    give(game, 0, ["card_lite_metal_fixed"])
    run_proc(game, "play_turn", answers=["12", "no", "no"])
    assert bought(game, 0) == ["card_lite_metal_fixed"] and money(game) == [100, 100, 88]


def questions(game: Game, proc: str, answers: list[str]) -> list[tuple[str, list[str]]]:
    """`proc` run for P1 as play runs it (a lone option is asked where the rules say `always asked`): each
    question as (who, its options), answered in turn by label."""
    d = game.start(game.program.procs[proc](game, game.state.players[0]))
    asked = []
    while d is not None:
        asked.append((d.player.name, list(d.options)))
        d = game.apply(d.index_of(answers[len(asked) - 1]))
    return asked


def test_who_cannot_pay_a_fixed_price_is_asked_all_the_same_and_may_only_decline(program):
    """Money is hidden: a player skipped for being short would tell the table so (W573), so everyone is asked."""
    game = Game(program, 3, 1)
    game.state.players[1].stock["money"] = 5
    give(game, 0, ["card_lite_metal_fixed"])
    asked = questions(game, "play_turn", ["12", "no", "yes"])
    assert asked[1:] == [("P2", ["no"]), ("P3", ["no", "yes"])]
    assert bought(game, 2) == ["card_lite_metal_fixed"] and money(game) == [112, 5, 88]


def test_a_double_is_sold_with_a_second_painting_by_its_auction(program):
    game = Game(program, 3, 1)
    give(game, 0, ["card_karl_gitter_double", "card_karl_gitter_fixed"])
    run_proc(game, "play_turn", answers=["Karl Gitter (Double)", "Karl Gitter (Fixed price)", "20", "yes"])
    assert bought(game, 1) == ["card_karl_gitter_double", "card_karl_gitter_fixed"]
    assert money(game) == [120, 80, 100] and game.state.globals["shown[karl_gitter]"] == 2


def test_a_double_nobody_adds_to_goes_to_the_auctioneer_for_nothing(program):
    game = Game(program, 3, 1)
    give(game, 0, ["card_yoko_double"])
    give(game, 2, ["card_krypto_open"])   # nobody holds another Yoko: each other player may only say no
    assert [(d.player.name, list(d.options)) for d in run_proc(game, "play_turn", answers=["no", "no"])] == [
        ("P2", ["no"]), ("P3", ["no"])]
    assert bought(game, 0) == ["card_yoko_double"] and money(game) == [100] * 3
    game = Game(program, 3, 1)
    give(game, 0, ["card_yoko_double"])
    give(game, 2, ["card_krypto_open"])
    # in play each other player is asked all the same, with the one answer "no": who holds a Yoko stays hidden
    assert questions(game, "play_turn", ["no", "no"]) == [("P2", ["no"]), ("P3", ["no"])]
    assert bought(game, 0) == ["card_yoko_double"]


def test_the_fifth_painting_of_an_artist_ends_the_round_unsold(program):
    game = Game(program, 3, 1)
    game.state.globals["shown[krypto]"] = 4
    give(game, 0, ["card_krypto_open"])
    assert run_proc(game, "play_turn") == []
    assert game.program.funcs["round_over"](game, game.state.players[0])
    assert all(bought(game, i) == [] for i in range(3))


def test_the_top_three_gain_30_20_10_and_sell_for_their_total_value(program):
    game = Game(program, 3, 1)
    for artist, shown in (("krypto", 5), ("yoko", 3), ("lite_metal", 3), ("christin_p", 2)):
        game.state.globals[f"shown[{artist}]"] = shown
    game.state.globals["value[yoko]"] = 20        # from an earlier round
    game.state.globals["value[christin_p]"] = 30  # not in the top three this round: worth nothing now
    give(game, 0, ["card_yoko_open", "card_krypto_open"], "bought")
    give(game, 1, ["card_christin_p_open", "card_lite_metal_open"], "bought")
    run_proc(game, "end_round")
    values = {a: game.state.globals[f"value[{a}]"] for a in ("krypto", "lite_metal", "yoko", "christin_p")}
    assert values == {"krypto": 30, "lite_metal": 20, "yoko": 30, "christin_p": 30}   # Lite Metal wins the tie
    assert money(game) == [100 + 30 + 30, 100 + 20, 100]
    assert all(bought(game, i) == [] for i in range(3))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_play_four_rounds_and_agree_on_both_backends(players):
    for game, result in played_on_both_backends(PACK, players, 4):
        assert game.state.globals["round_no"] == 5
        assert all(not game.zone(p, "bought").items for p in game.state.players)
        assert result["scores"]
