"""What the players' screens show of counters and variables with one index (Pandemic audit D4: 48
`Station Atlanta: no` lines before every question), and the variables declared `internal`,
bookkeeping kept off the players' screens and views but not out of the game."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import build_text
from rulebook.runtime.agents import HumanAgent, make_agents
from rulebook.runtime.engine import Game

from .conftest import found_at, printed_back, random_games_agree, write_pack
from .test_cli import invoke
from .test_screen import ScriptedConsole

# Dominion's Supply in small: which piles are in the Supply is bookkeeping (`internal`); the piles
# emptied, the cards left and each player's buys are what the table reads
SUPPLY = """
enum pile { copper "Copper", silver "Silver", gold "Gold", estate "Estate", duchy "Duchy" }
var in_supply[pile] "In the Supply" global internal: bool = false;
var emptied[pile] "Empty piles" global: bool = false;
counter left[pile] "Cards left" global from 0 to 9 start 2;
counter bought[pile] "Bought";
var last "Last bought" global: pile = copper;
counter vp;
proc buy() {
  choose "buy what?" {
    option "Silver" when in_supply[silver] and left[silver] > 0 {
      lose 1 left[silver]; gain 1 bought[silver]; set last = silver;
      if left[silver] == 0 { set emptied[silver] = true; }
    }
    option "Gold" when in_supply[gold] and left[gold] > 0 {
      lose 1 left[gold]; gain 1 bought[gold]; gain 1 vp; set last = gold;
      if left[gold] == 0 { set emptied[gold] = true; }
    }
    option "nothing" {}
  }
}
game supply "Supply" {
  seats 2 to 4;
  phase setup { set in_supply[silver] = true; set in_supply[gold] = true; }
  phase play { repeat 3 { each players: buy(); } }
  winner most vp;
}
"""


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def interpreted(request):
    return request.param


def screens(text: str, answers: list, interpreted: bool, players: int = 2) -> list[str]:
    console = ScriptedConsole(answers)
    game = Game(build_text(text, interpreted=interpreted), players, 1, [HumanAgent(console)] * players)
    game.play()
    return console.screens


def test_a_list_shows_only_what_is_away_from_its_start_in_one_entry(interpreted):
    # P1 buys a Silver, P2 a Silver (the pile of 2 is then empty), P1 a Gold
    first, second, third, fourth = screens(SUPPLY, ["1", "1", "1"], interpreted)[:4]
    game_line = first.split("Game: ")[1].split("\nplayer")[0].replace("\n", " ")
    # all at the start: one short entry each, not five lines each
    assert "Empty piles: none" in game_line and "Cards left: all 2" in game_line
    assert "Cards left Silver" not in first and "Empty piles Copper" not in first
    assert "Last bought: Copper" in game_line   # a variable without an index as before
    # a bought counter at 0 everywhere is said of no player, as a stock at 0
    assert "Bought" not in first.split("player")[1]
    assert "Cards left: Silver 1" in second and "P1 " in second and "Bought: Silver 1" in second
    third_line = third.split("Game: ")[1].split("\nplayer")[0].replace("\n", " ")
    # a condition that starts false: by its index alone; a count: with its value
    assert "Empty piles: Silver" in third_line and "Cards left: Silver 0" in third_line
    assert "Cards left: Silver 0, Gold 1" in fourth.replace("\n", " ")
    # the changes since the last decision still name each element that changed
    assert "Empty piles Silver no → yes" in third.split("Since your last decision:")[1].replace("\n", " ")


def test_an_internal_variable_stays_in_the_game_off_the_screens_and_views(interpreted):
    program = build_text(SUPPLY, interpreted=interpreted)
    game = Game(program, 2, 1, make_agents("random", 2, 1))
    game.play()
    # in the state (saves, digests, rules): the options read it
    assert game.state.gvars["in_supply[silver]"] is True and game.state.gvars["in_supply[copper]"] is False
    view = game.view(0)
    assert not any(k.startswith("in_supply") for k in view["vars"]) and "in_supply" not in view.get("lists", {})
    assert not any(k.startswith("in_supply") for k in view["labels"])
    assert "emptied" in view["lists"] and "left" in view["lists"]
    assert all("In the Supply" not in s for s in screens(SUPPLY, ["1", "1", "1"], interpreted))


def test_both_backends_play_the_same_games_with_internal_variables():
    random_games_agree(SUPPLY, seeds=range(1, 4), counts=(2, 3))


def test_show_state_shows_lists_in_one_row_and_internal_variables_marked(tmp_path):
    root = write_pack(tmp_path / "supply", SUPPLY)
    out = invoke("play", root, "-n", 2, "--show-state", "-q").output
    assert "In the Supply (internal)" in out and "Silver, Gold" in out   # the designer's view: everything
    assert "Cards left" in out and "Cards left Silver" not in out
    assert out.count("Empty piles") == 1


def test_internal_is_printed_back_and_a_wrong_word_is_a_positioned_error():
    module, printed = printed_back(SUPPLY)
    assert 'var in_supply[pile] "In the Supply" global internal: bool = false;' in printed
    assert 'var emptied[pile] "Empty piles" global: bool = false;' in printed
    assert found_at('var seen global intern: bool;\n') == [("E100", 1, 17)]


def test_internal_misused_w504_in_a_text_w505_read_by_the_winner():
    text = SUPPLY.replace('set last = gold;', 'set last = gold; say "{you} (supply: {in_supply[gold]})";')
    assert found_at(text) == [("W504", 16, 96)]   # at the read in the `say`
    tied = SUPPLY.replace("winner most vp;", "winner most vp if not in_supply[copper];")
    assert ("W505", 3, 5) in found_at(tied)
    assert not [f for f in found_at(SUPPLY) if f[0] in ("W504", "W505")]


def test_explain_says_an_internal_variable_is_bookkeeping():
    from rulebook.compiler.driver import analyse_text

    from .conftest import explained

    result = analyse_text(SUPPLY)
    assert explained(result, "in_supply").endswith(
        "In the Supply: shared values for each pile, holding each true or false, starting as false. "
        "Bookkeeping: no player's screen shows it.")
    assert "Bookkeeping" not in explained(result, "emptied")
