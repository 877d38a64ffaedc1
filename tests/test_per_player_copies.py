"""A card of a `per_player` kind taken from another player's zone (`first(p.mat)`, a pick from `p.hand`) is that
player's copy: `reveal`/`look` of it learn that copy (they learnt the acting player's own copy of the same card,
wherever it lay), and moving it into a zone of a player it is not (the acting player's) stops play with E601,
where it silently moved the acting player's own copy instead. Found by the trial5 designer writing Skull."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import build_text
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import run_proc

RULES = """
kind disc "Disc" per_player { skull: bool = false; }
disc flower "Flower" {}
disc skull_disc "Skull" { skull = true; }
zone hand per_player of disc hidden;
zone mat per_player of disc hidden;
zone shown per_player of disc;
proc setup_discs() {
  each players {
    fill hand with disc;
    move skull_disc to mat;
  }
}
proc turn_over() {
  pick p from opponents "whose top disc?" {
    let d = first(p.mat);
    reveal d;
  }
}
proc take_top() {
  pick p from opponents "whose top disc?" {
    let d = first(p.mat);
    move d to shown;
  }
}
game g "G" { seats 2 to 4; phase play { setup_discs(); } winner most 0; }
"""


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def game(request):
    g = Game(build_text(RULES, interpreted=request.param), 2, 1)
    run_proc(g, "setup_discs")
    return g


def test_revealing_a_disc_taken_from_an_opponents_mat_shows_their_copy_not_yours(game):
    run_proc(game, "turn_over")
    theirs = game.zone(game.state.players[1], "mat").items[0]
    assert theirs.of == "P2" and game.state.known.get(theirs.key) == {0, 1}
    assert not any(game.state.known.get(d.key) for d in game.zone(game.state.players[0], "mat").items)


def test_moving_an_opponents_copy_into_your_own_zone_stops_play_and_says_whose_it_is(game):
    with pytest.raises(RulesRuntimeError) as err:
        run_proc(game, "take_top")
    assert err.value.code == "E601" and "P2's Skull cannot go to P1.shown" in str(err.value)
    assert [len(game.zone(p, "mat").items) for p in game.state.players] == [1, 1]   # your own copy did not move
