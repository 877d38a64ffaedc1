"""Effect slots with parameters (`attack: effect(by: player);`, 3.7, 4.18): each card's block reads them as
locals, and every `copy` (and `can copy`) gives them, in order or by name. E636, W613; both backends, fmt, explain,
and an amend whose `base();` keeps them."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game

from .conftest import (answer_by_prompt, explained, found_at, parse_error, played_on_both_backends, printed_back,
                       program_of, random_games_agree, rules_program, run_proc, write_pack)

# Dominion Intrigue's Swindler, simplified (a game of its own, not the pack's)
SWINDLE = """\
# Dominion Intrigue's Swindler (simplified): each opponent trashes their top card, and the attacker
# chooses a card of the same cost for that opponent to gain.
counter vp;
kind card "Card" {
  cost: int;
  worth: int = 0;
  attack: effect(by: player, times: int = 1);
}
zone deck per_player of card hidden;
zone discard per_player of card;
zone supply of card;
zone trash of card;
card copper "Copper" * 6 { cost = 0; }
card estate "Estate" * 6 { cost = 2; worth = 1; }
card silver "Silver" * 6 { cost = 3; }
card duchy "Duchy" * 4 { cost = 5; worth = 3; }
card swindler "Swindler" * 4 {
  cost = 3;
  attack {
    let victim = you;
    repeat times {
      if size(deck) > 0 {
        let trashed = draw one from deck to trash;
        each by {
          pick c from supply where c.cost == trashed.cost "{victim} gains which card?" {
            move c to victim.discard;
          }
        }
      }
    }
  }
}
card militia "Militia" * 4 {
  cost = 4;
  attack {
    if by != you and size(deck) > 0 {
      draw 1 from deck to discard;
    }
  }
}
proc attack_with(c: card) {
  let me = you;
  each opponents {
    copy c.attack(me);
  }
  if can copy c.attack(by = me, times = 2) {
    gain 1 vp;
  }
}
game swindle {
  seats 2 to 4;
  phase setup {
    fill supply with card;
    each players {
      repeat 3 {
        pick c from supply where c.cost <= 3 at random {
          move c to deck;
        }
      }
    }
  }
  phase play {
    repeat 4 {
      each players {
        pick c from supply where c.name == "swindler" or c.name == "militia" "attack with?" {
          attack_with(c);
        }
      }
    }
  }
  winner most total(c in discard, c.worth) + vp;
}
"""

# Cosmic Encounter-like: a power told who the encounter's opponent is, by name or in order
POWERS = """\
counter coins;
counter vp;
kind power "Power" { encounter: effect(opponent: player, ships: int = 1); }
power trader "Trader" {
  encounter {
    gain ships coins;
    each opponent: gain 1 vp;
  }
}
proc p() {
  let rival = left(you);
  copy trader.encounter(rival, 3);
  copy trader.encounter(ships = 2, opponent = rival);
  copy trader.encounter(opponent = rival);
}
proc q() {
  if can copy trader.encounter(opponent = you) {
    gain 10 coins;
  }
}
"""

program = rules_program(POWERS)


def test_arguments_in_order_and_by_name_reach_the_block(program):
    """Each copy gives the block its own values: 3, 2 and the default 1 coins; the rival gains a VP each time."""
    game = Game(program, 2, 1)
    run_proc(game, "p")
    me, rival = game.state.players
    assert (me.stock["coins"], me.stock["vp"]) == (6, 0)
    assert (rival.stock["coins"], rival.stock["vp"]) == (0, 3)


def test_can_copy_gives_the_arguments(program):
    game = Game(program, 2, 1)
    run_proc(game, "q")
    assert game.state.players[0].stock["coins"] == 10


def test_swindler_asks_the_attacker_what_each_victim_gains():
    """The pick inside `each by { ... }` is the attacker's (P1's), and the card chosen goes to the victim's discard."""
    for program in (build(SWINDLE, False), build(SWINDLE, True)):
        game = Game(program, 2, 1)
        p1, p2 = game.state.players
        run_proc(game, "deal_to", p2, program.entities["silver"])
        asked = answer_by_prompt(program.procs["attack_with"](game, p1, program.entities["swindler"]),
                                 {"P2 gains": "Silver"})
        assert [(d.player, d.prompt) for d in asked] == [(p1, "P2 gains which card?")]
        assert [c.title for c in game.zone(p2, "discard").items] == ["Silver"]


def build(text: str, interpreted: bool):
    from rulebook.compiler.driver import build_text

    return build_text(text + "proc deal_to(p: player, c: card) { fill supply with card; move c to p.deck; }\n", interpreted=interpreted)


def test_random_games_agree_on_both_backends():
    random_games_agree(SWINDLE, seeds=range(1, 4), counts=(2, 4))


def test_an_amend_keeps_the_parameters_through_base(tmp_path):
    """A house rule on the Militia: `base();` runs the card's attack (the victim discards their top card), and the
    amended block reads `by` and `times` (the attacker gains a VP per hit, besides the VP of `can copy`)."""
    write_pack(tmp_path / "swindle", SWINDLE, "swindle")
    house = write_pack(tmp_path / "house", """\
        amend militia {
          attack {
            base();
            each by: gain times vp;
          }
        }
        """, "house", extends=["../swindle"])
    for backend in ("compiled", "interpreted"):
        program = program_of(house, backend)
        game = Game(program, 2, 1)
        me, victim = game.state.players
        game.move(program.entities["silver"], game.zone(victim, "deck"))
        run_proc(game, "attack_with", program.entities["militia"])
        assert [c.name for c in game.zone(victim, "discard").items] == ["silver"]
        assert me.stock["vp"] == 2
    played_on_both_backends(house, 3, 2)


def test_e636_arguments_that_do_not_match():
    text = POWERS.replace("proc q() {", """proc r() {
  copy trader.encounter;
  copy trader.encounter(you, 2, 3);
  copy trader.encounter(oponent = you);
  copy trader.encounter(opponent = you, opponent = you);
}
proc q() {""")
    found = [(d.code, d.span.line, d.message) for d in analyse_text(text).diagnostics if d.code.startswith("E")]
    assert [(c, line) for c, line, _ in found] == [("E636", 17), ("E636", 18), ("E636", 19), ("E636", 20)]
    assert "does not give 'opponent' (player)" in found[0][2]
    assert "gives 3 arguments, and the slot takes 2 arguments" in found[1][2]
    misnamed = next(d for d in analyse_text(text).diagnostics if d.span.line == 19)
    assert "no parameter 'oponent'" in misnamed.message and "did you mean 'opponent'" in misnamed.hint
    assert "'opponent' twice" in found[3][2]


def test_arguments_to_a_slot_without_parameters_and_of_the_wrong_type():
    text = """\
counter coins;
kind card { play: effect; hit: effect(by: player); }
card c1 "C1" { play { gain 1 coins; } hit { each by: gain 1 coins; } }
proc p() {
  copy c1.play(you);
  copy c1.hit(by = 3);
}
"""
    assert [(c, line) for c, line, _col in found_at(text) if c[0] == "E"] == [("E636", 5), ("E303", 6)]
    play = next(d for d in analyse_text(text).diagnostics if d.code == "E636")
    assert "takes none" in play.message and "play: effect(by: player);" in play.hint


def test_w613_a_parameter_no_card_reads():
    """Warned once at the parameter when no card's block reads it; one card not reading it is no finding."""
    text = """\
counter coins;
kind card { hit: effect(by: player, n: int = 1, _spare: int = 0); }
card c1 "C1" { hit { each by: gain 1 coins; } }
card c2 "C2" { hit { gain 1 coins; } }
proc p() { copy c1.hit(you); copy c2.hit(you); }
"""
    found = [(d.code, d.span.line, d.span.column) for d in analyse_text(text).diagnostics if d.code == "W613"]
    assert found == [("W613", 2, 37)]


def test_only_an_effect_takes_parameters():
    d = parse_error("kind card { hit: int(by: player); }")
    assert d.code == "E100" and "expected 'effect' before the parameters" in d.message


def test_fmt_prints_the_slots_and_copies_back():
    _module, printed = printed_back(POWERS)
    assert "encounter: effect(opponent: player, ships: int = 1);" in printed
    assert "copy trader.encounter(rival, 3);" in printed and "copy trader.encounter(ships = 2, opponent = rival);" in printed
    assert "if can copy trader.encounter(opponent = you) {" in printed


def test_explain_reads_the_parameters():
    result = analyse_text(POWERS)
    assert "the effects encounter (given opponent (player) and ships (int) by whoever runs it)" in explained(result, "power")
    assert "Encounter (given opponent and ships):" in explained(result, "trader")
    proc = explained(result, "p")
    assert "effect of “Trader”, with opponent: rival and ships: 3." in proc
    assert "with ships: 2 and opponent: rival." in proc
