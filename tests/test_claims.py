"""Two frictions of the trials (docs/architecture.md, trial27 and trial28), now constructs:
`each PLAYERS simultaneously pick ... best by KEY [ties by seat from P]` (claims made at once, the best one
alone taken: Mahjong's claims on a discard, a trade's best offer), and `pick ... up to N different by FIELD`
(several picks that must differ by a field: Quacks' two chips of two colours); both backends, E644/E645/W628,
fmt and explain."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.dsl.printer import format_text
from rulebook.runtime.engine import Game

from .conftest import (drive, explained, parse_error, printed_back, proc_findings, random_games_agree, rules_programs,
                       run_answering)

# Bohnanza-like trading (the docs' example): the active player puts a bean card up, the others offer coins
# at once, in secret; the best offer takes the card, a tie going to the first offerer after the seller.
TRADE = """
counter coins "Coins" start 3;
counter wins "Bids won";
kind bean { colour: colour; }
enum colour { red "Red", green "Green", blue "Blue" }
enum suit { clubs "Clubs", diamonds "Diamonds", hearts "Hearts", spades "Spades" }
bean red_bean "Red bean" * 4 { colour = red; }
bean green_bean "Green bean" * 4 { colour = green; }
bean blue_bean "Blue bean" * 4 { colour = blue; }
zone offered "Up for trade" of bean;
zone market "Market" of bean;
zone field "Field" per_player of bean;

proc trade() {
  let seller = you;
  each others_from(you)
      simultaneously pick n from 1..3
      where n <= coins
      "offer how many coins?" optional
      best by n
      ties by seat from seller {
    lose n coins to seller;
    move all of offered to field;
  }
}

# a bid of a suit: the highest suit wins (a member ranks by its place); a tie to the first asked
proc bid_suit() {
  each players simultaneously pick s from suit "bid which suit?" best by s {
    gain 1 wins;
  }
}

# buy up to two beans, never two of one colour
proc buy() {
  pick b from market "buy which bean?" up to 2 different by colour {
    move b to field;
  }
}

# everyone keeps up to two beans of their field at once, of two colours
proc keep() {
  each players simultaneously pick b from field "keep which bean?" up to 2 different by colour {
    move b to market;
  }
}

game trading "Trading" {
  seats 2 to 4;
  phase setup {
    fill market with bean;
    shuffle market;
  }
  phase play {
    repeat 3 {
      each players {
        draw 1 from market to offered;
        trade();
        buy();
        move all of offered to market;
      }
      bid_suit();
      keep();
    }
  }
  winner most coins;
}
"""

program = rules_programs(TRADE)


def game_of(program, players: int = 4) -> Game:
    """A new game of the trading rules (seed 1)."""
    return Game(program(), players, 1)


def put(game: Game, zone, *names: str) -> None:
    """Move the cards named (entity keys) into `zone`."""
    for name in names:
        game.move(game.program.entities[name], zone)


def answered(script: dict):
    """Each player's answers (labels) from `script` ({player name: [labels]}), in order."""
    script = {k: list(v) for k, v in script.items()}

    def answer(d):
        return d.index_of(script[d.player.name].pop(0))
    return answer


def run(game: Game, proc: str, script: dict, seat: int = 0) -> list:
    """Run a proc for the player at `seat`, each player answering from `script`; the decisions asked."""
    gen = game.program.procs[proc](game, game.state.players[seat])
    return run_answering(gen, answered(script), always=game.program.asked)


def coins(game: Game) -> list[int]:
    return [p.stock["coins"] for p in game.state.players]


def field(game: Game, seat: int) -> list[str]:
    return sorted(c.title for c in game.zone(game.state.players[seat], "field").items)


def test_the_best_offer_alone_takes_the_card(program):
    game = game_of(program)
    put(game, game.zone(None, "offered"), "red_bean")
    asked = run(game, "trade", {"P2": ["1"], "P3": ["3"], "P4": ["2"]})
    assert [d.player.name for d in asked] == ["P2", "P3", "P4"]   # every other player asked, in turn
    assert coins(game) == [6, 3, 0, 3]   # P3's 3 coins to the seller; the others pay nothing
    assert field(game, 2) == ["Red bean"] and field(game, 1) == field(game, 3) == []


def test_a_tie_goes_to_the_first_after_the_seller_in_seat_order(program):
    game = game_of(program)
    put(game, game.zone(None, "offered"), "red_bean")
    # P3 sells: P4, P1, P2 offer; P1 and P2 tie at 2, P1 sits first after P3 (after P4)
    run(game, "trade", {"P4": ["1"], "P1": ["2"], "P2": ["2"]}, seat=2)
    assert coins(game) == [1, 3, 5, 3] and field(game, 0) == ["Red bean"]


def test_the_tie_follows_the_seats_from_P_not_the_order_asked(program):
    game = game_of(program)
    put(game, game.zone(None, "offered"), "red_bean")
    # P2 sells: P3, P4, P1 asked; P4 and P1 tie: P4 comes first from P2's seat
    run(game, "trade", {"P3": ["none"], "P4": ["3"], "P1": ["3"]}, seat=1)
    assert field(game, 3) == ["Red bean"] and coins(game) == [3, 6, 3, 0]


def test_nobody_offering_runs_nothing(program):
    game = game_of(program)
    put(game, game.zone(None, "offered"), "red_bean")
    run(game, "trade", {"P2": ["none"], "P3": ["none"], "P4": ["none"]})
    assert coins(game) == [3, 3, 3, 3] and len(game.zone(None, "offered").items) == 1


def test_a_member_key_ranks_by_its_place_and_a_tie_goes_to_the_first_asked(program):
    game = game_of(program)
    run(game, "bid_suit", {"P1": ["Hearts"], "P2": ["Spades"], "P3": ["Spades"], "P4": ["Clubs"]})
    assert [p.stock["wins"] for p in game.state.players] == [0, 1, 0, 0]


def test_up_to_two_different_by_colour_offers_no_second_of_a_colour(program):
    game = game_of(program, 2)
    put(game, game.zone(None, "market"), "red_bean", "red_bean#2", "green_bean", "blue_bean")
    asked = drive(game, game.program.procs["buy"](game, game.state.players[0]), ["Red bean", "Blue bean"])
    assert not any(str(o).startswith("Red") for o in asked[1].options)
    assert field(game, 0) == ["Blue bean", "Red bean"]


def test_different_by_in_a_simultaneous_pick(program):
    game = game_of(program, 2)
    put(game, game.zone(game.state.players[0], "field"), "red_bean", "red_bean#2", "green_bean")
    put(game, game.zone(game.state.players[1], "field"), "red_bean#3", "red_bean#4", "green_bean#2")
    asked = run(game, "keep", {"P1": ["Green bean", "Red bean"], "P2": ["Red bean", "none"]})
    assert [d.player.name for d in asked] == ["P1", "P1", "P2", "P2"]
    assert not any(str(o).startswith("Red") for o in asked[3].options)   # P2 took a red one first
    assert field(game, 0) == ["Red bean"] and field(game, 1) == ["Green bean", "Red bean"]


def test_random_games_agree_on_both_backends():
    random_games_agree(TRADE, seeds=range(1, 4), counts=(2, 4))


def test_printed_back():
    _module, printed = printed_back(TRADE)
    assert "      best by n\n      ties by seat from seller {" in printed
    assert 'pick s from suit "bid which suit?" best by s {' in printed
    assert '"buy which bean?" up to 2 different by colour {' in printed


def test_explained():
    result = analyse_text(TRADE)
    assert "only the pick whose n is highest is kept (a tie going to the first of them in seat order from seller)" \
        in explained(result, "trade")
    assert "(a tie going to the first of them in seat order)" in explained(result, "bid_suit")
    assert "its colour not the colour of one picked before" in explained(result, "buy")
    assert "its colour not the colour of one picked before" in explained(result, "keep")


def test_the_example_lints_clean():
    assert [d.headline() for d in analyse_text(TRADE).diagnostics] == []


BASE = """counter coins;
kind bean { colour: int; name_of: str = ""; }
zone market of bean;
zone field per_player of bean;
"""
LINE = BASE.count("\n") + 1


@pytest.mark.parametrize("body, code, at, message", [
    # best by on one player's pick
    ('pick b from market "take?" best by b.colour { move b to field; }', "E644", "b.colour",
     "it is for 'each ... simultaneously pick'"),
    # a key that is no number nor member
    ('each players simultaneously pick b from market best by b.name_of { move b to field; }', "E645", "b.name_of",
     "and b.name_of is a text"),
    # ties from a number
    ('each players simultaneously pick b from market best by b.colour ties by seat from 2 { move b to field; }',
     "E645", "2 {", "P is a player, not a number"),
    # different by with up to 1: nothing to differ from
    ('pick b from market up to 1 different by colour { move b to field; }', "W628", "colour",
     "'up to 1 different by colour': one pick at most"),
    # different by with repeats
    ('pick b from market up to 2 different by colour with repeats { move b to field; }', "W628", "colour",
     "'with repeats' changes nothing"),
])
def test_misuse(body, code, at, message):
    found = proc_findings(BASE, body)
    assert [(f[0], f[1], f[2]) for f in found] == [(code, LINE, len("proc p() { ") + body.index(at) + 1)], found
    assert message in found[0][3]


def test_a_misspelt_word_is_E100():
    d = parse_error(BASE + "proc p() { each players simultaneously pick b from market bets by b.colour { } }")
    assert d.code == "E100"
    d = parse_error(BASE + "proc p() { each players simultaneously pick b from market best by b.colour "
                           "ties by place from you { } }")
    assert d.code == "E100" and "ties by seat from P" in d.message


AMENDED = """
kind chip { colour: int; }
chip red "Red" * 2 { colour = 1; }
chip green "Green" { colour = 2; }
zone market of chip;
zone bag per_player of chip;

proc buy() {
  pick c from market "buy?" up to 2 {
    move c to bag;
  }
}

# a house rule: three chips, never two of a colour
amend buy {
  pick "buy?" up to 3 different by colour;
}

game g "G" {
  seats 2;
  phase setup {
    fill market with chip;
  }
  phase play {
    each players: buy();
  }
  winner most 0;
}
"""
amended = rules_programs(AMENDED)


def test_an_amend_writes_different_by_in_the_mode(amended):
    game = Game(amended(), 2, 1)
    put(game, game.zone(None, "market"), "red", "red#2", "green")
    asked = drive(game, game.program.procs["buy"](game, game.state.players[0]), ["Red", "Green"])
    assert [str(o) for o in asked[1].options] == ["Green", "none"]   # the other Red is no longer offered
    assert sorted(c.title for c in game.zone(game.state.players[0], "bag").items) == ["Green", "Red"]
    assert format_text(AMENDED) == AMENDED.lstrip("\n")


LOTS = """
enum lot { vase "Vase", clock "Clock" }
counter won;
proc sale() {
  each players simultaneously for each l in lot pick b from 1..3 "bid for {l}" best by b {
    gain b won;
  }
}
game g "G" {
  seats 3;
  phase play {
    sale();
  }
  winner most won;
}
"""
lots = rules_programs(LOTS)


def test_for_each_element_its_own_best_pick(lots):
    game = Game(lots(), 3, 1)
    # vase: P2's 3 is best; clock: P1 and P3 tie at 2, the first asked (P1) takes it
    run(game, "sale", {"P1": ["1", "2"], "P2": ["3", "1"], "P3": ["2", "2"]})
    assert [p.stock["won"] for p in game.state.players] == [2, 3, 0]


def test_for_each_explained():
    assert "for each l, only the pick whose b is highest is kept" in explained(analyse_text(LOTS), "sale")
