"""Several dice rolled into one value (`let a = roll N DIE;`, the values highest first) and card sets of one of
each (`N cards from ZONE different by FIELD [wild COND] to ZONE`), on both backends, with replay, fmt, explain
and their diagnostics (E488, E489, W438)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse_text, compile_pack, interpret_pack
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import (explained, found_at, played_on_both_backends, printed_back, random_games_agree,
                       replays_through_json, rules_program, rules_programs, run_proc)

RISK = str(Path(__file__).parent / "packs" / "risk")

# King of Tokyo, cut down: each turn a player throws the dice and scores the best of them; a die's claw face
# also hurts (an effect beside its value)
KING = """
counter vp "Victory points" from 0 to 99;
counter claws "Claws dealt" from 0 to 99;
counter dice_count "Dice" from 0 to 8 start 3;
die kd: int { face = 1; face = 2; face = 3; face = 4 { gain 1 claws; } face = 5; face = 6; }
game king "King of Tokyo" {
  seats 2 to 4;
  phase play {
    repeat 3 {
      each players {
        let thrown = roll dice_count kd;
        gain thrown[1] vp;
        gain 1 dice_count;
      }
    }
  }
  winner most vp;
}
"""

king = rules_program(KING)
dice = rules_programs("""
counter vp "VP" from 0 to 999;
counter n "N" signed start 3;
die d6: int { face = 1; face = 2; face = 3; face = 4; face = 5; face = 6; }
die tick: int { face = 7 { gain 1 vp; } }
""")


def test_several_dice_are_the_single_rolls_of_the_same_seed_highest_first(dice):
    singles = dice("proc p() { let a = roll d6; let b = roll d6; let c = roll d6; let d = roll d6; let e = roll d6; "
                   "say \"{a} {b} {c} {d} {e}\"; }")
    game = Game(singles, 2, 5)
    run_proc(game, "p")
    rolled = [int(v) for v in game.messages[-1].split()[-5:]]
    many = Game(dice("proc p() { let all = roll 5 d6; say \"{all}\"; gain all[1] * 100 + all[5] vp; }"), 2, 5)
    run_proc(many, "p")
    assert many.state.players[0].stock["vp"] == max(rolled) * 100 + min(rolled)
    assert [e for e in many.log if e[0] == "roll"] == [e for e in game.log if e[0] == "roll"]   # logged one by one


def test_the_count_is_an_expression_and_zero_rolls_nothing(dice):
    game = Game(dice("proc p() { let a = roll n + 1 d6; let none_rolled = roll 0 d6; "
                     "gain 10 * size(a) + size(none_rolled) vp; }"), 2, 1)
    run_proc(game, "p")
    assert game.state.players[0].stock["vp"] == 40 and sum(e[0] == "roll" for e in game.log) == 4


def test_each_face_rolled_runs_its_effect_and_is_announced(dice):
    game = Game(dice("proc p() { whenever roll(name = tick) { gain 100 vp; } let sevens = roll 3 tick; "
                     "gain total(x in sevens, x) vp; }"), 2, 1)
    run_proc(game, "p")
    assert game.state.players[0].stock["vp"] == 3 * 1 + 3 * 7 + 3 * 100   # the faces' effects, values, announcements


def test_the_trace_shows_each_die_rolled(dice):
    game = Game(dice("proc p() {\n  let a = roll 3 d6;\n  gain a[1] vp;\n}"), 2, 1)
    trace = []
    game.tracer = trace.append
    run_proc(game, "p")
    rolls = [e.describe() for e in trace if "roll d6" in e.describe()]
    assert len(rolls) == 3 and all(r.startswith("P1: roll d6 -> face ") for r in rolls), rolls


def test_a_die_parameter_rolls_several_of_the_die_it_holds(dice):
    game = Game(dice("proc throw(d: die) { let a = roll 4 d; gain total(x in a, x) vp; } proc p() { throw(tick); }"), 2, 1)
    run_proc(game, "p")
    assert game.state.players[0].stock["vp"] == 4 * 7 + 4   # four sevens, and each face's effect


def test_a_die_kept_as_a_piece_is_not_rolled_several_times():
    text = ("die d6: int { face = 1; face = 2; }\nkind piece { shows: d6 = 1; }\nzone cup of piece;\ncounter vp;\n"
            "proc p() {\n  for each x in cup {\n    roll x;\n    let b = roll 2 x;\n    gain size(b) vp;\n  }\n}\n")
    assert [f for f in found_at(text) if f[0][0] == "E"] == [("E303", 8, 20)]


def test_a_count_below_zero_in_play_stops_the_game(dice):
    game = Game(dice("proc p() { lose 5 n; let a = roll n d6; gain size(a) vp; }"), 2, 1)
    with pytest.raises(RulesRuntimeError) as err:
        run_proc(game, "p")
    assert err.value.code == "E601" and "-2" in str(err.value)


def test_king_of_tokyo_plays_alike_on_both_backends_and_replays(king):
    random_games_agree(KING, seeds=range(1, 3), counts=(2, 3))
    replays_through_json(king, 4)
    game = Game(king, 2, 3)
    game.play()
    # 3 + 4 + 5 dice each, the best die scored each time: at least 1 a throw, at most 6
    assert all(3 <= p.stock["vp"] <= 18 for p in game.state.players)
    assert sum(e[0] == "roll" for e in game.log) == 2 * (3 + 4 + 5)


def test_risk_rolls_its_battles_with_several_dice_on_both_backends():
    played_on_both_backends(RISK, 3, 2, decisions=300)
    game = Game(compile_pack(RISK).program, 3, 1)
    losses = [game.program.funcs["defender_losses"](game, game.state.players[0], a, d)
              for a, d in (([6, 3, 1], [6, 2]), ([2], [1, 1]))]
    assert losses == [1, 1]   # 6 ties 6 (defender), 3 beats 2; one pair: 2 beats 1


def test_the_dice_diagnostics_are_placed_and_coded():
    base = ("die d6: int { face = 1; face = 2; }\ndie coin { face { } face { } }\ncounter vp;\n"
            "proc p() {\n")
    cases = [
        ('  let a = roll "two" d6;\n', ("E488", 5, 16)),
        ("  let a = roll -2 d6;\n", ("E488", 5, 16)),
        ("  let a = roll 1.5 d6;\n", ("E546", 5, 16)),
        ("  let a = roll 2 coin;\n", ("E489", 5, 3)),
        ("  let a = roll 2 d7;\n", ("E210", 5, 18)),
    ]
    for line, expected in cases:
        found = [f for f in found_at(base + line + "  gain size(a) vp;\n}\n") if f[0][0] == "E"]
        assert found[0] == expected, (line, found)
    misspelt = analyse_text(base + "  let a = roll 2 d6s;\n  gain size(a) vp;\n}\n").diagnostics[0]
    assert misspelt.code == "E210" and "'d6'" in (misspelt.hint or "")


def test_several_dice_print_back_and_read_in_words():
    text = "die d6: int { face = 1; face = 2; }\n\ncounter vp;\n\nproc p() {\n  let a = roll vp + 2 d6;\n  gain a[1] vp;\n}\n"
    module, printed = printed_back(text)
    assert printed == text
    words = explained(analyse_text(text), "p")
    assert "Roll the D6 die as many times as your VP plus 2, applying each face rolled. Let a be the list of the " \
           "values rolled, highest first." in words


SETS = """
enum colour { red "Red", blue "Blue", green "Green" }
kind card { colour: colour = none; wild: bool = false; }
card red_card "Red" * 3 { colour = red; }
card blue_card "Blue" * 2 { colour = blue; }
card green_card "Green" { colour = green; }
card wild_card "Wild" * 2 { wild = true; }
zone stock of card;
zone hand per_player of card;
zone paid per_player of card;
counter vp;
"""
sets = rules_programs(SETS)


def holding(program, names: list[str]) -> Game:
    """A game whose first player holds the cards named (declarations, one copy each time named)."""
    game = Game(program, 2, 1)
    hand = game.zone(game.state.players[0], "hand")
    free = [e for e in game.program.entities.values() if e.kind == "card"]
    for name in names:
        card = next(e for e in free if e.declared == name)
        free.remove(card)
        game.move(card, hand)
    return game


def paid_colours(game: Game) -> list:
    return sorted(e.declared for e in game.zone(game.state.players[0], "paid").items)


@pytest.mark.parametrize("hand, affordable", [
    (["red_card", "red_card", "blue_card"], False),   # two of a colour, none of a third
    (["red_card", "blue_card", "green_card"], True),
    (["red_card", "red_card", "wild_card"], False),   # a wild card stands in for one colour, not two
    (["red_card", "blue_card", "wild_card"], True),
    (["wild_card", "wild_card", "red_card"], True),
])
def test_different_by_affords_one_of_each_a_wild_card_standing_in(sets, hand, affordable):
    game = holding(sets("func can(): bool = affordable(3 cards from hand different by colour wild it.wild to paid);"), hand)
    assert game.program.funcs["can"](game, game.state.players[0]) is affordable


def test_different_by_pays_no_two_cards_of_one_colour(sets):
    program = sets("proc p() { pay 3 cards from hand different by colour wild it.wild to paid; }")
    game = holding(program, ["red_card", "red_card", "blue_card", "green_card", "wild_card"])
    asked = run_proc(game, "p", answers=["Red", "Blue", "Green"])
    # after a Red card no Red is offered again (copies once), nor a Blue after a Blue; the wild card always is
    assert [d.options for d in asked] == [["Red", "Blue", "Green", "Wild"], ["Blue", "Green", "Wild"], ["Green", "Wild"]]
    assert paid_colours(game) == ["blue_card", "green_card", "red_card"]


def test_different_by_with_just_the_cards_owed_asks_nothing(sets):
    program = sets("proc p() { pay 3 cards from hand different by colour to paid; }")
    game = holding(program, ["red_card", "blue_card", "green_card"])
    assert run_proc(game, "p") == []
    assert paid_colours(game) == ["blue_card", "green_card", "red_card"]


def test_risk_trades_one_of_each_symbol_with_a_wild_card():
    for program in (compile_pack(RISK).program, interpret_pack(RISK)):
        game = Game(program, 3, 1)
        me = game.state.players[0]
        hand = game.zone(me, "hand")
        for name in ("alaska", "northwest_territory", "wild_card"):   # infantry, cavalry, a wild card
            card = next(e for e in game.program.entities.values() if e.kind == "risk_card" and e.declared.endswith(name)
                        and e not in hand.items)
            game.move(card, hand)
        assert game.program.funcs["can_trade_mixed"](game, me) and not game.program.funcs["can_trade_alike"](game, me)
        run_proc(game, "trade_set", answers=[])
        assert not hand.items and me.stock["to_place"] == 4   # the first set traded: 4 armies


def test_different_by_diagnostics_print_back_and_explain():
    text = SETS + "\nproc p() {\n  pay 4 cards from hand different by colour to paid;\n}\n"
    assert found_at(text) == [("W438", 14, 7)]
    assert [f[0] for f in found_at(SETS + "proc p() { pay 2 cards from hand different by colur to paid; }")] == ["E496"]
    assert found_at(SETS + "proc p() { pay 4 cards from hand different by colour wild it.wild to paid; }") == []
    module, printed = printed_back(SETS + "\nproc p() {\n  pay 2 cards from hand different by colour wild it.wild to paid;\n}\n")
    assert "different by colour wild it.wild" in printed
    words = explained(analyse_text(SETS + "proc p() { pay 2 cards from hand different by colour wild it.wild to paid; }"), "p")
    assert "each of another colour" in words
