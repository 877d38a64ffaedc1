"""A card of a `per_player` kind taken from another player's zone (`first(p.mat)`, a pick from `p.hand`) is that
player's copy: `reveal`/`look` of it learn that copy (they learnt the acting player's own copy of the same card,
wherever it lay); moved into a zone of the acting player's it moves the acting player's own copy (a move takes the
destination's copy, as a bare name's does), which lint warns of (W563). Found by the trial5 designer writing Skull."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.engine import Game

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


def test_moving_an_opponents_copy_into_your_own_zone_is_warned_at_the_item_with_the_zone_to_move_it_to():
    found = [d for d in analyse_text(RULES).diagnostics if d.code == "W563"]
    assert [(d.span.line, d.span.column) for d in found] == [(23, 10)]
    assert "'d' is p's copy of a per_player disc (from p.mat)" in found[0].message
    assert "'move d to p.shown;'" in found[0].hint
    fixed = RULES.replace("    move d to shown;", "    move d to p.shown;")
    assert [d for d in analyse_text(fixed).diagnostics if d.code == "W563"] == []
    mine = RULES.replace("    let d = first(p.mat);\n    move d to shown;", "    move skull_disc to shown;")
    assert [d for d in analyse_text(mine).diagnostics if d.code == "W563"] == []   # your own, by its name


def test_what_the_warned_move_does_your_own_copy_moves_and_the_opponents_stays(game):
    run_proc(game, "take_top")
    assert [len(game.zone(p, "mat").items) for p in game.state.players] == [0, 1]
    assert [d.of for d in game.zone(game.state.players[0], "shown").items] == ["P1"]
