"""Lint fixes from the sixteenth session's trial (three games written by a designer new to the language):
W553, `you.X` in the body of `each P` (Bohnanza's trade gave the card back to its taker, silently), and a game
named like a card: one E208 with a hint, not a W401 for every proc its phases call; `reveal ZONE[N];` learns
the card with its place (Codenames' grid showed a card turned over only among the cards known)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse, analyse_text, compile_pack, interpret_pack
from rulebook.runtime.engine import Game

from .conftest import run_proc, write_pack

TRADE = """
kind bean { variety: str; }
zone hand per_player of bean hidden;
zone traded per_player of bean;
proc offer(b: bean) {
  first q in opponents may "take {you}'s {b}?" {
    each q {
      move b to traded;
      pick c from hand "give which card in return?" optional {
        move c to %s.traded;
      }
    }
  }
}
"""


def codes(text: str) -> list[tuple[str, int, int]]:
    return [(d.code, d.span.line, d.span.column) for d in analyse_text(text).diagnostics if d.code == "W553"]


def test_you_in_the_body_of_each_is_the_player_it_runs_for_and_is_warned_about():
    [found] = [d for d in analyse_text(TRADE % "you").diagnostics if d.code == "W553"]
    assert (found.span.line, found.span.column) == (10, 19)
    assert "'you' inside 'each q' is q" in found.message and "'you.traded' is the same as 'traded'" in found.message
    assert "let giver = you;" in found.hint and "write 'traded'" in found.hint


def test_the_player_named_before_the_each_is_not_warned_about():
    fixed = TRADE.replace('first q', 'let giver = you;\n  first q') % "giver"
    assert codes(fixed) == []


def test_each_you_and_bare_names_and_each_players_are_told_apart():
    base = "counter vp;\nproc p() { %s }"
    assert codes(base % "each you { gain you.vp vp; }") == []   # 'each you' keeps the same player
    assert codes(base % "each players { gain vp vp; }") == []
    [(code, line, col)] = codes(base % "each players { gain you.vp vp; }")
    assert (code, line, col) == ("W553", 2, 32)
    # a nested each is looked at once, with its own players
    assert len(codes(base % "each players { each opponents { gain you.vp vp; } }")) == 1


def test_a_game_named_like_a_card_is_one_error_with_a_hint_and_no_unused_warnings(tmp_path):
    root = write_pack(tmp_path, """
kind character { side: int; }
character werewolf "Werewolf" { side = 2; }
zone box of character;
proc night() { fill box with character; }
game werewolf "One Night Ultimate Werewolf" {
  seats 3 to 10;
  phase play { night(); }
  winner most 0;
}
""")
    found = [d for d in analyse(str(root)).diagnostics]
    assert [d.code for d in found] == ["E208"]
    assert "call the game 'werewolf_game'" in found[0].hint


MEMORY = """
kind tile { motif: str; }
tile sun "Sun" * 2 { motif = "sun"; }
tile moon "Moon" * 2 { motif = "moon"; }
zone grid of tile secret;
proc turn_over(i: int) { reveal grid[i]; }
proc peek(i: int) { look grid[i]; }
"""


@pytest.mark.parametrize("backend", ["compiled", "interpreted"])
def test_a_card_revealed_by_its_place_is_seen_where_it_lies(tmp_path, backend):
    root = write_pack(tmp_path, MEMORY + 'game memory "Memory" { seats 2 to 2; winner most 0; }')
    program = compile_pack(str(root)).program if backend == "compiled" else interpret_pack(str(root))
    game = Game(program, 2, 1)
    grid = game.zone(None, "grid")
    for name in ("sun", "moon", "sun#2", "moon#2"):
        game.move(program.entities[name], grid)
    run_proc(game, "turn_over", 3)
    assert [(c["title"], c.get("at")) for c in game.view(1)["zones"]["grid"]["known"]] == [("Sun", 3)]
    run_proc(game, "peek", 2, player=1)   # P2 alone sees the Moon, and where
    assert [(c["title"], c.get("at")) for c in game.view(1)["zones"]["grid"]["known"]] == [("Moon", 2), ("Sun", 3)]
    assert [(c["title"], c.get("at")) for c in game.view(0)["zones"]["grid"]["known"]] == [("Sun", 3)]
    game.move(program.entities["sun"], grid)   # the first card leaves the top: the places follow
    assert [(c["title"], c.get("at")) for c in game.view(1)["zones"]["grid"]["known"]] == [("Moon", 1), ("Sun", 2)]
