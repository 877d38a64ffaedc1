"""Small frictions today's designer trials met (branch polish2, nineteenth session): each test reads what a
designer now sees, on both backends where the game is played."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.engine import Game

from .conftest import run_proc

# 1. a `say` that names a player says whom it is about: no acting player's name before it (trial13's
# "P1: P4 takes the trick"); a text that names no one keeps the acting player's name
TRICK = """
counter tricks;
proc score(taker: player) {
  each taker { gain 1 tricks; }
  say "{taker} takes the trick";
  say "Trick {taker.tricks} for {taker}";
  say "leads again";
  say "{taker} wins" as game;
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_say_naming_a_player_has_no_speakers_prefix(interpreted):
    game = Game(build_text(TRICK, interpreted=interpreted, name="t.rules"), 4, 1)
    entries = []
    game.tracer = entries.append
    run_proc(game, "score", game.state.players[3], player=0)
    assert game.messages == ["P4 takes the trick", "Trick 1 for P4", "P1: leads again", "P4 wins"]
    # the trace (and so the log, play's console and the hot seat, which read these) says the same lines
    assert [e.describe() for e in entries if e.kind == "say"] == game.messages


# 2. a declaration refused as declared twice (E208) is not walked: W564 "no rule sets it" is not said
# when the refused one is where the variable is set (trial15: a game named like its variable)
REFUSED_GAME = """
counter vp;
var dealer "Dealer": player;
proc deal() {
  each dealer { gain 1 vp; }
}
game dealer {
  seats 2;
  phase play {
    set dealer = first(players);
    deal();
  }
  winner most vp;
}
"""


def test_no_w564_in_cascade_of_a_refused_game():
    codes = [d.code for d in analyse_text(REFUSED_GAME).diagnostics]
    assert codes == ["E208"]


def test_w564_still_said_when_nothing_sets_the_variable():
    text = REFUSED_GAME.replace("set dealer = first(players);", "gain 1 vp;").replace("game dealer", "game cards")
    assert [d.code for d in analyse_text(text).diagnostics] == ["W564"]
