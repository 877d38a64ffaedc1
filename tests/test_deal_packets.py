"""`deal N of ZONE to HAND [from PLAYER] K at a time;` (branch hidden2): a deal in packets, each player's K cards
before the next player's (Pinochle's four at a time, Tichu's eight then six), on both backends; fmt, explain, E631,
the `a time` words; Tichu and Cribbage written with `deal` (Tichu's seeded games as before, Cribbage's hands now
dealt one at a time as its rules say: its seeded hands changed), each still dealing the hands its rules give."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import (both_built, explained, analyse_text, found_at, parse_error, played_on_both_backends,
                       printed_back, rules_programs, run_answering)
from .test_deal import TABLE, after, hands, run_and_keep

PACKS = Path(__file__).parent / "packs"

program = rules_programs(TABLE)


def test_n_each_in_packets_gives_each_player_a_packet_before_the_next(program):
    # 3 at a time, 5 each: a packet of 3, then what is left of the 5 (2), round the table each time
    game = after(program, "deal 5 of deck to hand 3 at a time;", players=2)
    assert hands(game) == [[1, 2, 3, 7, 8], [4, 5, 6, 9, 10]]


def test_all_of_a_deck_in_packets_from_the_dealers_left_the_last_packet_short(program):
    # Pinochle deals the whole pack four at a time from the dealer's left; ten cards among three, 4 at a time
    game = after(program, "set dealer = all_players[1]; deal all of deck to hand from left(dealer) 4 at a time;")
    assert hands(game) == [[9, 10], [1, 2, 3, 4], [5, 6, 7, 8]]


def test_one_at_a_time_is_the_deal_without_packets(program):
    assert hands(after(program, "deal 3 of deck to hand 1 at a time;")) == \
        hands(after(program, "deal 3 of deck to hand;")) == [[1, 4, 7], [2, 5, 8], [3, 6, 9]]


def test_a_block_runs_for_each_card_in_the_order_dealt(program):
    game = after(program, "deal 2 of deck to hand 2 at a time as (r, c) { if r == all_players[1] "
                          "{ move c to discard; } }", players=2)
    assert hands(game) == [[], [3, 4]] and [e.fields["value"] for e in game.zone(None, "discard").items] == [1, 2]


def test_a_constant_packet_and_packets_alike_on_both_backends():
    """`deal N of ... N at a time` deals as `each players_from(P): draw N ...` does (the hand-written packets
    Tichu had); a constant's name is a packet too."""
    by_hand = TABLE + "proc p() { fill deck with card; shuffle deck; set dealer = all_players[2]; " \
                      "each players_from(left(dealer)): draw 3 from deck to hand; }"
    dealt = TABLE + "const packet = 3; proc p() { fill deck with card; shuffle deck; set dealer = all_players[2]; " \
                    "deal 3 of deck to hand from left(dealer) packet at a time; }"
    games = [hands(run_and_keep(p, 3)) for p in both_built(by_hand) + both_built(dealt)]
    assert games[0] == games[1] == games[2] == games[3] and [len(h) for h in games[0]] == [3, 3, 3]


def test_tichu_deals_eight_then_six_a_hand_of_fourteen():
    program = both_built((PACKS / "tichu" / "tichu.rules").read_text())   # (a one-file pack)
    for built in program:
        game = Game(built, 4, 3)
        game.state.gvars["dealer"] = game.state.players[0]
        sizes = []

        def answer(d):
            sizes.append((d.prompt.split("?")[0], [len(game.zone(p, "hand").items) for p in game.state.players]))
            return 0

        run_answering(built.procs["deal"](game, game.state.players[0]), answer)
        assert sizes[0] == ("call Grand Tichu", [8, 8, 8, 8])
        assert next(s for p, s in sizes if p.startswith("pass which card")) == [14, 14, 14, 14]
        assert [len(game.zone(p, "hand").items) for p in game.state.players] == [14] * 4   # three given, three got
        assert len(game.zone(None, "deck").items) == 0


@pytest.mark.parametrize("seed", range(2))
def test_tichu_plays_alike_on_both_backends(seed):
    played_on_both_backends(PACKS / "tichu", 4, seed, decisions=40)


def test_cribbage_deals_six_each_one_at_a_time_and_the_crib_holds_four():
    for built in both_built((PACKS / "cribbage" / "cribbage.rules").read_text()):
        game = Game(built, 2, 1)
        p1, p2 = game.state.players
        game.state.gvars["dealer"] = p1
        for entity in built.entities.values():
            if entity.kind == "card":
                game.move(entity, game.zone(None, "deck"))
        seen = []

        def answer(d):
            seen.append((d.prompt, d.player, [len(game.zone(p, "hand").items) for p in (p1, p2)],
                         len(game.zone(None, "crib").items)))
            return 0

        run_answering(built.procs["hand_played"](game, p1), answer)
        # the non-dealer (P2, on the dealer's left, dealt to first) lays two of six first, then the dealer
        assert seen[0] == ("lay which card in the crib?", p2, [6, 6], 0)
        assert next(s for s in seen if s[1] is p1 and s[0].startswith("lay which card in the crib"))[2:] == ([6, 4], 2)
        assert next(s for s in seen if not s[0].startswith("lay which card in the crib"))[2:] == ([4, 4], 4)


@pytest.mark.parametrize("seed", range(2))
def test_cribbage_plays_to_121_alike_on_both_backends(seed):
    for game, _result in played_on_both_backends(PACKS / "cribbage", 2, seed):
        assert max(p.stock["points"] for p in game.state.players) == 121


def test_printed_back_and_explained():
    text = TABLE + "const packet = 4;\nproc p() {\n  deal all of deck to hand from left(dealer) packet at a time;\n" \
                   "  deal 8 of deck to hand 3 at a time as (r, c) {\n    move c to discard;\n  }\n}\n"
    printed = printed_back(text)[1]
    assert "deal all of deck to hand from left(dealer) packet at a time;\n  deal 8 of deck to hand 3 at a time as " \
           "(r, c) {" in printed
    words = explained(analyse_text(text), "p")
    assert "Deal all the cards of the deck 4 at a time (each player's packet before the next player's) round the " \
           "players still in, starting from the player to the left of “Dealer”" in words
    assert "Deal 8 cards of the deck to each player still in, 3 at a time" in words


@pytest.mark.parametrize("body, found", [
    ("deal 8 of deck to hand 0 at a time;", [("E631", 1, 35)]),
    ("deal 8 of deck to hand dealer at a time;", [("E303", 1, 35)]),
])
def test_misuse_is_positioned(body, found):
    assert [f for f in found_at(TABLE + f"proc p() {{ {body} }}") if f[0] != "W401"] == \
        [(code, line + TABLE.count("\n"), col) for code, line, col in found]


def test_the_words_a_time_are_asked_for():
    caught = parse_error(TABLE + "proc p() { deal 8 of deck to hand 4 at the time; }")
    assert caught.code == "E100" and "at a time" in caught.message
