"""`deal all of ZONE to HAND [from PLAYER];` and `deal N of ...` (branch deal): a deck dealt out one card at a
time round the players still in, each into their own zone, as Cluedo, Bridge and Hearts deal; both backends,
fmt, explain, the lint (E591, E592, W579) and the converted packs' seeded games."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import both_built, explained, found_at, played_on_both_backends, printed_back, rules_programs, \
    run_proc

PACKS = Path(__file__).parent / "packs"

# Ten numbered cards, unshuffled (card 1 on top): who gets which card shows the order of the deal.
TABLE = """
kind card { value: int; }
card c1 "1" { value = 1; } card c2 "2" { value = 2; } card c3 "3" { value = 3; } card c4 "4" { value = 4; }
card c5 "5" { value = 5; } card c6 "6" { value = 6; } card c7 "7" { value = 7; } card c8 "8" { value = 8; }
card c9 "9" { value = 9; } card c10 "10" { value = 10; }
zone deck of card secret;
zone discard of card;
zone hand per_player of card hidden from owner;
var dealer "Dealer" global: player;
game g "G" { seats 2 to 5; phase play { } winner most size(hand); }
"""

program = rules_programs(TABLE)


def hands(game: Game) -> list[list[int]]:
    """Each player's hand as the cards' values, in the order received."""
    return [[e.fields["value"] for e in game.zone(p, "hand").items] for p in game.state.players]


def after(program, body: str, players: int = 3, more: str = "") -> Game:
    """A game (declaring `more` too) whose proc `p` (`fill deck with card;` then `body`) has run for P1."""
    game = Game(program(f"{more}proc p() {{ fill deck with card; {body} }}"), players, 1)
    run_proc(game, "p")
    return game


def test_all_of_a_deck_goes_round_from_the_first_seat_an_uneven_deck_leaving_the_first_one_more(program):
    game = after(program, "deal all of deck to hand;")
    assert hands(game) == [[1, 4, 7, 10], [2, 5, 8], [3, 6, 9]]
    assert game.zone(None, "deck").items == []


def test_from_the_dealers_left_the_first_card_goes_to_that_player(program):
    # Bridge: "the dealer deals the cards one at a time, face down, starting with the player on the left"
    game = after(program, "set dealer = all_players[3]; deal all of deck to hand from left(dealer);", players=4)
    assert hands(game) == [[2, 6, 10], [3, 7], [4, 8], [1, 5, 9]]   # P4, on P3's left, first


def test_n_each_deals_n_rounds_one_card_at_a_time(program):
    game = after(program, "deal 2 of deck to hand;")
    assert hands(game) == [[1, 4], [2, 5], [3, 6]] and len(game.zone(None, "deck").items) == 4


def test_n_each_stops_when_the_deck_runs_out(program):
    game = after(program, "deal 4 of deck to hand;")
    assert hands(game) == [[1, 4, 7, 10], [2, 5, 8], [3, 6, 9]]
    assert after(program, "deal 0 of deck to hand;").zone(None, "deck").items != []


def test_a_player_knocked_out_is_dealt_nothing(program):
    game = after(program, "eliminate all_players[2]; deal all of deck to hand;")
    assert hands(game) == [[1, 3, 5, 7, 9], [], [2, 4, 6, 8, 10]]


def test_a_zone_dealt_into_itself_stops_play_rather_than_never_running_out(program):
    with pytest.raises(RulesRuntimeError, match="into that same zone") as caught:
        after(program, "deal 1 of deck to hand; deal all of hand to hand;")
    assert caught.value.code == "E601"


def test_the_hand_written_loop_and_deal_all_of_end_alike_on_both_backends():
    """The loop Cluedo wrote (and W579 names) deals the same cards to the same players as `deal all of`."""
    loop = TABLE + """
proc p() { fill deck with card; shuffle deck;
  while size(deck) > 0 { each players { if size(deck) > 0 { draw 1 from deck to hand; } } } }
"""
    dealt_by_loop = [hands(run_and_keep(p, 4)) for p in both_built(loop)]
    dealt = [hands(run_and_keep(p, 4)) for p in both_built(TABLE + "proc p() { fill deck with card; shuffle deck; "
                                                             "deal all of deck to hand; }")]
    assert dealt_by_loop[0] == dealt_by_loop[1] == dealt[0] == dealt[1]
    assert sorted(len(h) for h in dealt[0]) == [2, 2, 3, 3]


def run_and_keep(program, players: int) -> Game:
    """A game (seed 7) whose proc `p` has run for P1."""
    game = Game(program, players, 7)
    run_proc(game, "p")
    return game


def test_a_deck_that_refills_refills_for_n_each(program):
    game = after(program, "move all of deck to discard; deal 2 of stock to hand;",
                 more="zone stock of card secret refills from discard;\n")
    assert [len(h) for h in hands(game)] == [2, 2, 2] and len(game.zone(None, "discard").items) == 0


@pytest.mark.parametrize("seed", [1, 2])
def test_cluedo_deals_with_it_alike_on_both_backends(seed):
    (game, _result), _ = played_on_both_backends(PACKS / "cluedo", 4, seed, decisions=20)
    # 18 cards after the envelope's three, among four: 5, 5, 4, 4 (dealt from P1)
    assert sum(len(game.zone(p, "hand").items) for p in game.state.players) + \
        len(game.zone(None, "envelope").items) == 21


def test_printed_back_as_written():
    _module, printed = printed_back(TABLE + "proc p() {\n  deal all of deck to hand from left(dealer);\n"
                                            "  deal 2 + 1 of deck to hand;\n}\n")
    assert "deal all of deck to hand from left(dealer);" in printed and "deal 2 + 1 of deck to hand;" in printed


def test_a_proc_named_deal_is_still_called():
    text = TABLE + "proc deal() { deal all of deck to hand; }\nproc p() { deal(); }\n"
    assert [c for c, *_ in found_at(text)] == []


def test_explained_in_words():
    result = analyse_text(TABLE + "proc p() { deal all of deck to hand from left(dealer); deal 3 of deck to hand; }\n")
    words = explained(result, "p")
    assert "Deal all the cards of the deck one at a time round the players still in, starting from the player to " \
           "the left of “Dealer”, each into their own hand" in words
    assert "Deal 3 cards of the deck to each player still in, one at a time round them, in seat order" in words


@pytest.mark.parametrize("body,code,col", [
    ("deal all of deck to discard;", "E591", 32),           # a shared zone: no "each player's own"
    ("deal all of deck to all_players[1].hand;", "E591", 32),   # one player's hand, not each receiver's
    ("deal all of deck to hand from 3;", "E592", 42),       # a number, not the player dealt to first
    ("deal true of deck to hand;", "E303", 17),
])
def test_misuse_is_positioned(body, code, col):
    found = found_at(TABLE + f"proc p() {{ {body} }}\n")
    line = TABLE.count("\n") + 1
    assert (code, line, col) in found, found


def test_w579_names_the_loop_written_by_hand():
    text = TABLE + """proc p() {
  while size(deck) > 0 {
    each players_from(left(dealer)) {
      if size(deck) > 0 {
        draw 1 from deck to hand;
      }
    }
  }
}
"""
    result = analyse_text(text)
    warned = [d for d in result.diagnostics if d.code == "W579"]
    assert len(warned) == 1 and "'deal all of deck to hand from left(dealer);'" in warned[0].message
    assert warned[0].span.line == TABLE.count("\n") + 2


def test_no_w579_for_a_loop_that_does_more_than_deal():
    text = TABLE + """counter dealt;
proc p() {
  while size(deck) > 0 {
    each players {
      if size(deck) > 0 {
        draw 1 from deck to hand;
        gain 1 dealt;
      }
    }
  }
}
"""
    assert "W579" not in [c for c, *_ in found_at(text)]


def test_a_deal_in_a_phase_is_every_players_not_the_first_players():
    text = TABLE.replace("phase play { }", "phase play { deal all of deck to hand; }")
    assert "W417" not in [c for c, *_ in found_at(text)]
    # nor in a proc the phase calls (W589, one call deeper: Bridge's and Hearts' `proc deal_hands()`)
    text = TABLE.replace("phase play { }", "phase play { deal_hands(); }") + \
        "proc deal_hands() { deal all of deck to hand; }\n"
    assert [c for c, *_ in found_at(text) if c in ("W417", "W589")] == []
    # while a draw there is the first player's
    text = text.replace("deal all of deck to hand;", "draw 1 from deck to hand;")
    assert [c for c, *_ in found_at(text) if c in ("W417", "W589")] == ["W589"]


# ---------------------------------------------------------------- retire: out of the turns, still taking part
SEATS = """
counter vp "VP";
counter asked "Asked";
game g "G" { seats 3 to 4; phase play { } winner most vp; }
"""
seated = rules_programs(SEATS)


def test_a_retired_player_leaves_the_player_domains_but_still_acts_when_named(seated):
    game = Game(seated("""proc p() {
  retire all_players[2];
  say "{size(players)} {left(all_players[1])} {size(others_from(all_players[3]))}";
  each all_players: gain 1 vp;
  each all_players[2] { pick n from [1, 2] "which?" { gain n asked; } }
}"""), 3, 1)
    run_proc(game, "p", answers=[1])
    assert game.messages == ["P2 takes no more turns", "2 P3 1"]   # P1's left is P3 now; P3's others: P1
    assert [p.stock["vp"] for p in game.state.players] == [1, 1, 1]   # `each all_players` runs for P2 too
    assert [p.stock["asked"] for p in game.state.players] == [0, 2, 0]   # and P2 is asked
    assert game.state.retired == [game.state.players[1]] and game.state.out == []


def test_restore_brings_a_retired_player_back_into_the_turns(seated):
    game = Game(seated("proc p() { retire; restore all_players; say \"{size(players)}\"; }"), 3, 1)
    run_proc(game, "p")
    assert game.messages == ["P1 takes no more turns", "P1 is back in the turns", "P1: 3"] and game.state.retired == []


def test_a_retired_player_may_still_win(seated):
    game = Game(seated("proc p() { gain 5 vp; retire; }"), 3, 1)
    run_proc(game, "p")
    assert game.result()["winners"] == ["P1"]


def test_retire_printed_back_and_explained():
    text = SEATS + "proc p() {\n  retire;\n  retire all_players[2];\n}\n"
    _module, printed = printed_back(text)
    assert "  retire;\n  retire all_players[2];\n" in printed
    words = explained(analyse_text(text), "p")
    assert "You take no more turns, but still take part" in words
    assert "takes no more turns, but still takes part (asked, and acting when named)" in words


def test_retire_of_what_is_no_player_is_positioned():
    assert ("E303", SEATS.count("\n") + 1, 19) in found_at(SEATS + "proc p() { retire 3; }\n")


def test_w584_is_silent_where_players_only_retire():
    text = SEATS + "proc p() { retire; each all_players: gain 1 vp; }\n"
    assert "W584" not in [c for c, *_ in found_at(text)]


def test_a_saved_game_with_retired_players_loads_back_alike(tmp_path):
    # Cluedo: every wrong accuser retires; the saved state keeps who, in order (its record once refused the key)
    from rulebook.compiler.driver import compile_pack
    from rulebook.runtime.agents import RandomAgent
    from rulebook.runtime.record import load_state, save_state

    program = compile_pack("tests/packs/cluedo").program
    game = Game(program, 4, 1, [RandomAgent(10 + i) for i in range(4)])
    game.play()
    assert game.state.retired
    save_state(game.state, tmp_path / "state.json")
    loaded = load_state(tmp_path / "state.json", program)
    assert [p.name for p in loaded.retired] == [p.name for p in game.state.retired]
    assert loaded.digest() == game.state.digest()


def test_screens_and_the_state_table_mark_a_retired_player(tmp_path):
    # Cluedo after the wrong accusations: everyone sees who is out of the turns, as for a player knocked out
    from click.testing import CliRunner

    from rulebook.cli import app
    from rulebook.compiler.driver import compile_pack
    from rulebook.runtime.agents import RandomAgent

    from .conftest import screens

    program = compile_pack("tests/packs/cluedo").program
    game = Game(program, 4, 1, [RandomAgent(10 + i) for i in range(4)])
    game.play()
    retired = game.state.retired[0].name
    for shown in screens(game, seats=(0, 1)):
        assert f"{retired} (retired)" in shown or f"{retired} (you) (retired)" in shown
    out = CliRunner().invoke(app, ["play", "tests/packs/cluedo", "--players", "4", "--seed", "1", "--show-state"])
    assert out.exit_code == 0 and "(retired)" in out.output
