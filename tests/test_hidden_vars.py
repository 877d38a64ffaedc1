"""A variable only its holder sees (`var NAME ... hidden: TYPE;`, 3.3a): Scotland Yard's Mr. X keeps his
station to himself and shows it on the reveal rounds by setting a public variable. Views, the hot seat's
screen, the masking of prompts told to the others, both backends, fmt, explain, E522 and W518."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.hidden import marks, open_values
from rulebook.dsl import ast as A
from rulebook.runtime.engine import Game
from rulebook.runtime.view import build_view

from .conftest import explained, found_at, printed_back, random_games_agree, run_proc, screens

YARD = """
enum station { baker "Baker Street", euston "Euston", soho "Soho", bank "Bank" }
var hideout "Station" hidden: station = baker;
var last_seen "Last seen at" global: station = baker;
counter rounds "Rounds" global;
counter caught "Caught";

proc move_x() {
  pick s from station where s != hideout "from {hideout}, take the underground to where?" { set hideout = s; }
  gain 1 rounds;
  if rounds == 3 { set last_seen = hideout; }
}
proc search() {
  pick s from station "search which station?" {
    if s == all_players[1].hideout { gain 1 caught; }
  }
}
game yard {
  seats 2 to 4;
  phase play {
    repeat 4 {
      each players where seat(you) == 1 { move_x(); }
      each players where seat(you) > 1 { search(); }
    }
  }
  winner most caught;
}
"""


def test_only_the_holder_sees_a_hidden_variable_in_a_view():
    g = Game(build_text(YARD), 2, 1)
    run_proc(g, "move_x", answers=["Soho"])
    mine, theirs = build_view(g, 0), build_view(g, 1)
    assert mine["players"][0]["vars"]["hideout"] == "soho"
    assert "hideout" not in theirs["players"][0]["vars"]        # P2 does not see Mr. X's station
    assert theirs["players"][1]["vars"]["hideout"] == "baker"   # but sees their own
    assert g.state.players[0].vars["hideout"] == "soho"         # the state (save, digest, replay) keeps it


def test_the_hot_seat_screen_of_another_player_does_not_show_it():
    g = Game(build_text(YARD), 2, 1)
    run_proc(g, "move_x", answers=["Soho"])
    shown = screens(g)
    assert "Soho" in shown[0] and "Soho" not in shown[1]


def test_a_reveal_round_shows_it_through_a_public_variable():
    g = Game(build_text(YARD), 2, 1)
    for to in ("Soho", "Bank", "Euston"):
        run_proc(g, "move_x", answers=[to])
    assert build_view(g, 1)["vars"]["last_seen"] == "euston"


def test_a_prompt_showing_it_is_masked_from_the_others_not_from_its_holder():
    sym = analyse_text(YARD).symbols
    found = open_values(sym)
    got = {n.title: marks(n.title_parts, found) for d in sym.decls.values() for n in A.walk(d) if type(n) is A.Pick}
    # 'h': the deciding player (its holder) is shown it; the other players are told the answer masked
    assert got["from {hideout}, take the underground to where?"] == "-h-"


def test_both_backends_play_the_same_games():
    random_games_agree(YARD)


def test_fmt_and_explain():
    _module, text = printed_back(YARD)
    assert 'var hideout "Station" hidden: station = baker;' in text
    assert "Hidden: only the player who keeps it sees it." in explained(analyse_text(YARD), "hideout")


@pytest.mark.parametrize("declaration, column", [
    ('var spot "Spot" global hidden: station = baker;', 5),
    ("var seen[station] global hidden: bool = false;", 5),
])
def test_a_global_hidden_variable_is_e522_at_its_name(declaration, column):
    line = YARD.count("\n") + 1
    assert ("E522", line, column) in found_at(YARD + declaration + "\n")


def test_a_say_showing_it_is_w518_at_the_read():
    text = YARD.replace("set hideout = s; }", 'set hideout = s; say "Mr. X is at {hideout}"; }')
    line = next(i for i, t in enumerate(text.split("\n"), start=1) if "Mr. X is at" in t)
    column = text.split("\n")[line - 1].rindex("{hideout}") + 2
    assert ("W518", line, column) in found_at(text)
    assert "W518" not in [c for c, *_ in found_at(YARD)]
