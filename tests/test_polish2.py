"""Small frictions today's designer trials met (branch polish2, nineteenth session): each test reads what a
designer now sees, on both backends where the game is played."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.engine import Game

from .conftest import both_built, run_proc

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
    # (W589 too: this fixture's `dealer` is each player's variable, read in a proc the phase calls for the first)
    assert [d.code for d in analyse_text(text).diagnostics if d.code != "W589"] == ["W564"]


# 3. a card's stock named like a player's counter or a func (Wingspan's eggs): both backends keep them apart,
# but only `on` tells them apart in a statement, so W519 at the stock; the editor's index finds each stock's
# declaration (an implied `= 0` spanned the whole field and hid its name) and reads `gain 1 eggs on b` as the field
NEST = """
counter eggs "Eggs";
counter vp;
func food(): int = 2;
kind bird "Bird" { eggs: stock cap 3; food: stock; nest: stock; }
bird robin "Robin" { }
zone board per_player of bird;
proc lay() {
  move robin to board;
  for each b in board { gain 2 eggs on b; gain 1 food on b; gain 1 eggs; }
  gain food() vp;
}
"""


def test_w519_at_a_stock_named_like_a_counter_or_a_func():
    found = [(d.code, d.span.line, d.span.column, d.hint) for d in analyse_text(NEST).diagnostics]
    assert found == [("W519", 5, 20, "give the card's stock a name of its own: 'bird_eggs: stock;'"),
                     ("W519", 5, 39, "give the card's stock a name of its own: 'bird_food: stock;'")]


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_stock_named_like_a_counter_is_kept_apart_from_it(interpreted):
    game = Game(build_text(NEST, interpreted=interpreted), 2, 1)
    run_proc(game, "lay")
    me = game.state.players[0]
    robin = game.program.entities["robin"]
    assert (me.stock["eggs"], me.stock["vp"]) == (1, 2)
    assert (game.field(robin, "eggs"), game.field(robin, "food")) == (2, 1)


def test_the_editor_indexes_a_stock_and_its_gains_on_a_card(tmp_path):
    from rulebook.compiler.workspace import Workspace

    (tmp_path / "pack.toml").write_text('name = "nest"\n')
    (tmp_path / "main.rules").write_text(NEST)
    view = Workspace().view(tmp_path / "main.rules")
    fields_of = view._fields_by_name()
    keys = {(o.span.line, o.span.column): view._key(o, fields_of) for o in next(iter(view.index["file"].values()))}
    assert keys[(5, 20)] == keys[(10, 32)] == ("field", "bird", "eggs")   # the declaration, `gain 2 eggs on b`
    assert keys[(5, 52)] == ("field", "bird", "nest")   # a stock named like nothing else is found too
    assert keys[(10, 68)] == ("name", "eggs")   # `gain 1 eggs;`: the player's counter


# 4. the trace says where a move went when the rules say it (trial14's `move X to bottom of circle` read
# `move X to circle`), and `fmt` keeps the words; a die on its face of no value shows that face on screens
BOTTOM = """
kind disc "Disc" { }
disc red "Red disc" { }
disc blue "Blue disc" { }
zone circle "Circle" of disc;
zone pile "Pile" of disc;
proc p() {
  move red to circle;
  move blue to bottom of circle;
  move red to top of circle;
  move all of circle to bottom of pile;
  move all of pile where it is blue to top of circle;
}
"""


def test_the_trace_says_a_move_to_the_bottom_as_written():
    from .conftest import printed_back

    printed_back(BOTTOM)
    for program in both_built(BOTTOM):
        game = Game(program, 2, 1)
        entries = []
        game.tracer = entries.append
        run_proc(game, "p")
        assert [e.describe() for e in entries] == [
            "move Red disc to circle", "move Blue disc to the bottom of circle", "move Red disc to the top of circle",
            "P1: move all of circle (2) to the bottom of pile: Red disc, Blue disc",
            "P1: move 1 of pile (all that match) to the top of circle: Blue disc"]
        assert [c.name for c in game.zone(None, "pile").items] == ["red"]


def test_a_screen_shows_a_die_on_its_face_of_no_value_by_the_faces_title():
    from rulebook.runtime.console import zone_text
    from rulebook.runtime.view import build_view

    from .test_trial16_fixes import FEEDER

    for program in both_built(FEEDER):
        game = Game(program, 2, 1)
        feeder = game.zone(None, "feeder")
        for e, face in zip([e for e in program.entities.values() if e.kind == "feeder_piece"], ["seed", None]):
            game.move(e, feeder)
            game.set_field(e, "shows", face)
        view = build_view(game, 0)
        assert zone_text(view["zones"]["feeder"], view) == "[Die (shows seed), Die (shows Seed or fish)]"


# 5. W528: a `for each` over a zone whose body adds to that zone, itself or through a proc (trial13: the
# loop walks the cards the zone held when it started, so what it draws is never visited)
DRAWING = """
kind card "Card" { }
card ace "Ace" * 4 { }
zone deck of card;
zone hand per_player of card;
zone discard of card;
counter vp;
proc refill() { draw 1 from deck to hand; }
proc play_hand() {
  for each c in hand { gain 1 vp; refill(); }
}
proc direct() {
  for each c in hand where c is ace { move first(deck) to hand; }
}
proc mulligan() {
  for each c in hand { move c to deck; draw 1 from deck to hand; }
}
proc others() {
  for each c in hand { each opponents { draw 1 from deck to hand; } }
}
proc clear_hand() {
  for each c in hand { move c to discard; }
  draw 5 from deck to hand;
}
"""


def test_w528_at_a_loop_over_a_zone_that_its_body_adds_to():
    found = [(d.code, d.span.line, d.span.column, d.notes) for d in analyse_text(DRAWING, "t.rules").diagnostics
             if d.code == "W528"]
    # through refill(), and directly; not the card-by-card mulligan, another player's hand, or a draw after
    assert found == [("W528", 10, 17, ("the zone is added to at t.rules:8:17",)),
                     ("W528", 13, 17, ("the zone is added to at t.rules:13:39",))]
    hint = next(d.hint for d in analyse_text(DRAWING).diagnostics if d.code == "W528")
    assert "'while size(hand) > 0 { let c = first(hand); ... }'" in hint
