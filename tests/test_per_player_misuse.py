"""A missing `per_player` (or `global` too many): a shared zone, or a global counter or variable, read
as if each player had one (`left.discard`, `size(p.hand)`, `q.pot`) is E303, whose hint gives the
declaration made one per player; the converse, a per-player zone or value named alone in a phase's
own statements (the first player's only), is W417. Each positioned."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text

PACK = """
kind card { v: int; }
card a "A" { v = 1; }
zone deck of card;
zone discard "Discard" of card;
zone row[1..3] of card secret;
zone hand per_player of card hidden;
counter vp;
counter pot "Pot" global from 0 to 50;
var starter global: player;
"""
LINE = PACK.count("\n") + 1   # the line of the text under test


def found(text: str) -> list:
    """(code, line, column, message, hint) of each finding of the analysis of the pack and `text`."""
    return [(d.code, d.span.line, d.span.column, d.message, d.hint) for d in analyse_text(PACK + text).diagnostics]


ZONE_HINT = "or, for one per player, declare it per_player: 'zone discard \"Discard\" per_player of card;'"
POT = ("'pot' is one value for the whole game, not one per player: write pot",
       "or, for one per player, declare it without 'global': 'counter pot \"Pot\" from 0 to 50;'")


@pytest.mark.parametrize("text, column, message, hint", [
    # a shared zone read through a player: one's own, another's, a parameter's, a loop's
    ("proc p() { move first(deck) to you.discard; }", 32,
     "'discard' is one zone shared by all players, not one per player: write discard", ZONE_HINT),
    ("proc p() { move first(deck) to left.discard; }", 32, None, ZONE_HINT),
    ("func f(p: player): int = size(p.discard);", 31, None, ZONE_HINT),
    ("func f(): int = total(p in players, size(p.discard));", 42, None, ZONE_HINT),
    # an indexed one: the declaration keeps its indexes and visibility
    ("func f(): int = size(left.row[1]);", 22, "'row' is one zone shared by all players, not one per player: write row",
     "or, for one per player, declare it per_player: 'zone row[1..3] per_player of card secret;'"),
    # a global counter or variable read or set through a player
    ("func f(q: player): int = q.pot;", 26, *POT),
    ("func f(): int = you.pot;", 17, *POT),
    ("func f(q: player): int = q.amount(pot);", 35, *POT),
    ("func f(): int = total(p in players, p.pot);", 37, *POT),
    ("proc p(q: player) { set q.starter = q; }", 21,
     "'starter' is one value for the whole game, not one per player: write starter",
     "or, for one per player, declare it without 'global': 'var starter: player;'"),
])
def test_a_shared_thing_read_as_each_players_is_e303_with_the_per_player_declaration(text, column, message, hint):
    (code, line, col, said, told), = found(text)
    assert (code, line, col, told) == ("E303", LINE, column, hint)
    assert message is None or said == message


def game(setup: str, play: str = "", seats: str = "2 to 4") -> str:
    return f"game g {{ seats {seats}; phase setup {{ {setup} }} phase play {{ {play} }} winner most vp; }}"


@pytest.mark.parametrize("text, at, name", [
    (game("fill hand with card;"), "hand with", "hand"),                     # P1's hand alone is filled
    (game("fill deck with card; draw 2 from deck to hand;"), "hand;", "hand"),
    (game("", "while vp < 10 { each players: gain 1 vp; }"), "vp <", "vp"),   # read for P1 only
    (game("for each p in players { move first(deck) to hand; }"), "hand;", "hand"),   # `for each` keeps `you`
])
def test_a_per_player_thing_named_alone_in_a_phase_is_w417(text, at, name):
    (code, line, col, message, hint), = found(text)
    assert (code, line, col) == ("W417", LINE, text.index(at) + 1)
    assert f"names {name!r}, which each player has" in message and "the first player's only" in message
    assert hint == f"for every player, loop: 'each players: ...'; for the first player's alone, say so: you.{name}"


@pytest.mark.parametrize("text", [
    game("fill deck with card; each players: draw 2 from deck to hand;"),    # each player as `you`
    game("fill deck with card; move first(deck) to you.hand;"),             # the first player's, said so
    game("fill deck with card; for each p in players { move first(deck) to p.hand; }"),
    game("fill hand with card;", seats="1 to 1"),                            # alone: P1's is everyone's
    game("", "rank players by vp award [3, 1] vp;"),                         # ranked for each player
    game("fill deck with card; each players simultaneously pick c from deck where size(hand) < 3 { }"),
    game("gain 1 vp; gain 2 pot;"),   # a gain names no value: not warned of (nor the global pot's)
])
def test_loops_saying_whose_and_solo_games_are_fine(text):
    assert found(text) == []
