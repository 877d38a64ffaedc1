"""Pieces whose face only some players see on a board everyone sees (docs/language.md 3.9, "Face down on the
table"): `zone at[1..6] of piece seen by side;` shows each piece's face to the player its `side` names alone (none:
nobody), `hidden from holder` to every player but that one; `reveal` shows it to all, and what a player learnt
stays known while the piece moves from square to square. Dark Chess (banqi) on a row of six squares, on both
backends: each player's view and screen before and after a claim, a reveal and a move, a saved game, random games;
E628, E629, W605, W606, fmt and explain."""

from __future__ import annotations

import pytest

from rulebook.runtime.engine import Game
from rulebook.runtime.record import load_state, save_state
from rulebook.runtime.view import build_view, seen

from .conftest import (analyse_text, explained, found_at, parse_error, played_on_both_backends, printed_back,
                       rules_program, run_proc, screens, write_pack)

DARK = """# Dark Chess (banqi), cut down to a row of six squares: the pieces are laid face down and nobody knows them;
# a player turns one over and it becomes theirs, seen by everyone. A player may also claim a face-down piece
# without turning it (a house rule of this test): it is theirs, and they alone know what it is. A piece
# moves to an empty square or onto an opponent's piece no stronger, which it takes.
kind piece "Piece" { strength: int; side: player = none; }
piece general "General" * 2 { strength = 3; }
piece soldier "Soldier" * 4 { strength = 1; }
zone box "Box" of piece secret;
zone at[1..6] "Board" of piece seen by side;
zone taken "Taken" of piece;
counter captured "Captured";
counter turns "Turns" global from 0 to 12;

func free(i: int): bool = size(at[i]) > 0 and first(at[i]).side == none;
func mine(i: int): bool = size(at[i]) > 0 and first(at[i]).side == you;

func open_to(i: int, j: int): bool = size(at[j]) == 0
    or (first(at[j]).side != you
        and first(at[j]).side != none
        and first(at[j]).strength <= first(at[i]).strength);

proc lay() {
  fill box with piece;
  shuffle box;
  for each i in 1..6 {
    move first(box) to at[i];
  }
}

# Turned over: the piece is the player's, and everyone sees it from now on, wherever it goes on the board.
proc flip_piece(i: int) {
  set first(at[i]).side = you;
  reveal first(at[i]);
}

# Claimed face down: the player alone knows it.
proc claim(i: int) {
  set first(at[i]).side = you;
}

proc shift(i: int, j: int) {
  if size(at[j]) > 0 {
    move first(at[j]) to taken;
    gain 1 captured;
  }
  move first(at[i]) to at[j];
}

proc turn() {
  choose "your turn" {
    option "turn one over" when count(i in 1..6 where free(i)) > 0 {
      pick i from 1..6 where free(i) "turn over which?" {
        flip_piece(i);
      }
    }
    option "claim one" when count(i in 1..6 where free(i)) > 0 {
      pick i from 1..6 where free(i) "claim which?" {
        claim(i);
      }
    }
    option "move" when count(i in 1..6 where mine(i)) > 0 {
      pick i from 1..6 where mine(i) "move which?" {
        pick j from 1..6 where j != i and open_to(i, j) "to where?" {
          shift(i, j);
        }
      }
    }
    option "pass" {}
  }
  gain 1 turns;
}

game dark "Dark Chess" {
  seats 2;
  phase setup {
    lay();
  }
  phase play {
    while turns < 12 {
      each players: turn();
    }
  }
  winner most captured;
}
"""

program = rules_program(DARK)


def laid(program) -> Game:
    """A game (seed 1) whose six pieces lie face down on the row, nobody's."""
    game = Game(program, 2, 1)
    run_proc(game, "lay")
    return game


def piece(game: Game, i: int):
    return game.state.zones[f"at[{i}]"][0]


def seeing(game: Game, i: int) -> list[int]:
    """The seats (1, 2) that see the face of the piece on square i."""
    return [seat + 1 for seat in range(2) if seen(game, seat, piece(game, i))]


def square(game: Game, seat: int, i: int) -> dict:
    return build_view(game, seat - 1)["zones"][f"at[{i}]"]


def test_nobody_sees_a_piece_no_side_names_but_everyone_sees_where_it_lies(program):
    game = laid(program)
    assert [seeing(game, i) for i in range(1, 7)] == [[]] * 6
    assert square(game, 1, 1) == {"visibility": "seen by side", "size": 1, "known": [],
                                  "partly": [{"at": 1, "kind": "piece", "fields": {"side": None}}]}


def test_a_piece_claimed_face_down_is_seen_by_its_side_alone_and_stays_so_when_it_moves(program):
    game = laid(program)
    title = piece(game, 1).title
    run_proc(game, "claim", 1, player=0)
    assert seeing(game, 1) == [1]
    assert [e["title"] for e in square(game, 1, 1)["known"]] == [title]
    assert square(game, 2, 1)["known"] == [] and square(game, 2, 1)["partly"][0]["fields"] == {"side": {"player": 0}}
    run_proc(game, "shift", 1, 3, player=0)   # onto another square: its side still knows it, the other still not
    assert seeing(game, 3) == [1] and [e["title"] for e in square(game, 1, 3)["known"]] == [title]
    assert square(game, 2, 3)["known"] == []


def test_a_piece_turned_over_is_seen_by_both_and_remembered_as_it_moves(program):
    game = laid(program)
    title = piece(game, 2).title
    run_proc(game, "flip_piece", 2, player=1)
    assert seeing(game, 2) == [1, 2]
    run_proc(game, "shift", 2, 5, player=1)   # took the piece on 5, and went there: both still know it
    assert seeing(game, 5) == [1, 2] and [e["title"] for e in square(game, 1, 5)["known"]] == [title]
    assert game.state.known  # what was revealed is kept in the state (saved, digested)
    assert [e.title for e in game.state.zones["taken"]]   # the piece taken lies open


def test_the_hot_seat_shows_each_player_what_they_see(program):
    game = laid(program)
    run_proc(game, "claim", 1, player=0)
    run_proc(game, "flip_piece", 2, player=1)
    mine, theirs = screens(game)
    one, two = piece(game, 1).title, piece(game, 2).title
    assert f"Board 1: 1 seen by side (you know: {one} (side P1))" in mine
    assert "Board 1: 1 seen by side (you know: card 1: side P1)" in theirs
    assert f"Board 2: 1 seen by side (you know: {two} (side P2))" in mine and \
        f"Board 2: 1 seen by side (you know: {two} (side P2))" in theirs
    assert "Board 3: 1 seen by side\n" in mine


def test_a_saved_game_keeps_who_sees_what(tmp_path, program):
    game = laid(program)
    run_proc(game, "claim", 1, player=0)
    run_proc(game, "flip_piece", 2, player=1)
    run_proc(game, "shift", 2, 4, player=1)
    save_state(game.state, tmp_path / "s.json")
    again = Game(program, 2, 1)
    again.state = load_state(tmp_path / "s.json", program)
    assert [again.view(i)["zones"] for i in (0, 1)] == [game.view(i)["zones"] for i in (0, 1)]
    assert seeing(again, 1) == [1] and seeing(again, 4) == [1, 2]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_agree_on_both_backends(tmp_path, seed):
    pack = write_pack(tmp_path / "dark", DARK, "dark")
    for game, result in played_on_both_backends(pack, 2, seed):
        assert result["over"]


HANABI_TABLE = """
kind card "Card" { colour: int; holder: player = none; }
card red_one "Red 1" { colour = 1; }
card blue_one "Blue 1" { colour = 2; }
zone deck of card secret;
zone table "Table" of card hidden from holder;
counter vp;
proc deal() {
  fill deck with card;
  for each p in players {
    set first(deck).holder = p;
    move first(deck) to table;
  }
}
game g {
  seats 2;
  phase setup { deal(); }
  winner most vp;
}
"""

table = rules_program(HANABI_TABLE)


def test_a_card_held_facing_the_others_on_the_table_is_seen_by_all_but_its_holder(table):
    """Hanabi's hands laid on a shared table: `hidden from holder`, the opposite direction."""
    game = Game(table, 2, 1)
    run_proc(game, "deal")
    first, second = game.state.zones["table"]
    assert [seen(game, i, first) for i in (0, 1)] == [False, True]
    assert [seen(game, i, second) for i in (0, 1)] == [True, False]
    view = build_view(game, 0)["zones"]["table"]   # with its place: two cards lie there
    assert [(e["title"], e["at"]) for e in view["known"]] == [(second.title, 2)]
    assert view["partly"] == [{"at": 1, "kind": "card", "fields": {"holder": {"player": 0}}}]


def test_printed_back_and_explained():
    _module, printed = printed_back(DARK)
    assert "zone at[1..6] \"Board\" of piece seen by side;" in printed
    assert "zone table \"Table\" of card hidden from holder;" in printed_back(HANABI_TABLE)[1]
    words = explained(analyse_text(DARK), "at")
    assert "only the player its side names sees an item's face" in words
    assert "every player but the one its holder names" in explained(analyse_text(HANABI_TABLE), "table")


BASE = """kind piece { strength: int; side: player = none; shown mark: player = none; n: int = 0; }
proc own(u: piece) { set u.side = you; set u.mark = you; }
"""


@pytest.mark.parametrize("zone, found", [
    ("zone at[1..3] of piece seen by sid;", [("E628", 3, 32)]),            # misspelt: did you mean 'side'
    ("zone at[1..3] of piece seen by n;", [("E628", 3, 32)]),              # an int says no player
    ("zone at[1..3] per_player of piece seen by side;", [("E629", 3, 6)]),  # a player's zone: 'hidden'
    ("zone row of piece hidden from mark;", [("W606", 3, 31)]),            # shown already
    ("zone row of piece hidden from side;", []),
])
def test_misuse_is_positioned(zone, found):
    assert [f for f in found_at(BASE + zone) if f[0] != "W401"] == found


def test_the_field_is_suggested_and_a_field_never_set_is_w605():
    result = analyse_text(BASE + "zone at[1..3] of piece seen by sid;")
    assert "did you mean 'side'?" in next(d.hint for d in result.diagnostics if d.code == "E628")
    text = "kind piece { strength: int; side: player = none; }\nzone at[1..3] of piece seen by side;\n"
    assert [f for f in found_at(text) if f[0] != "W401"] == [("W605", 2, 32)]
    held = "kind piece { side: player = none; tucked: zone of piece seen by side; }\n"
    assert [c for c, *_ in found_at(held)] == ["E629"]
    ownr = analyse_text(BASE + "zone hand per_player of piece hidden from ownr;").diagnostics
    assert [d.code for d in ownr if d.code != "W401"] == ["E629"] and "did you mean 'hidden from owner'?" in ownr[-1].hint
    d = parse_error(BASE + "zone row of piece sen by side;")
    assert d.code == "E100" and "did you mean 'seen'?" in d.hint and (d.span.line, d.span.column) == (3, 19)


def test_the_editor_renames_the_field_where_the_zone_names_it(tmp_path):
    from rulebook.compiler.workspace import Workspace

    (tmp_path / "m.rules").write_text(DARK)
    view = Workspace().view(tmp_path / "m.rules")
    shown = next(s for s in view.paths if s.endswith("m.rules"))
    lines = DARK.splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "side: player" in text)
    target = view.target_at(shown, line, lines[line - 1].index("side: player") + 1)
    spans = {(s.line, s.column) for v in view.rename(target, "team").values() for s in v}
    zone = next(i for i, text in enumerate(lines, 1) if "seen by side" in text)
    assert (zone, lines[zone - 1].index("seen by side") + len("seen by ") + 1) in spans
