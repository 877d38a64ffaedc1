"""Reactions: `whenever EVENT in ZONE [may ["prompt"]] { ... }` written in a card, a trigger every player
has for each copy, firing while that copy is in their ZONE (Dominion's Moat revealed from the hand
against an attack; Magic's instants) on both backends; the checker's E330-E332, fmt, explain."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.dsl.parser import parse_text
from rulebook.runtime.engine import Game

from .conftest import found_at, parse_error, printed_back, random_games_agree, replays_through_json, run_proc
from .conftest import the_one_error

PACK = """
counter vp;
event attacked();
event attack_played();
kind card { play: effect; }
zone hand per_player of card hidden;
zone discard per_player of card;
zone box of card;
card moat "Moat" * 3 {
  play { gain 1 vp; }
  whenever opponents attack_played in hand may "reveal Moat to be unaffected?" {
    reveal this;
    modifier you attacked once { forbid; }
  }
}
card militia "Militia" {
  play {
    emit attack_played();
    each opponents: for attacked: lose 1 vp;
  }
}
proc fill_box() { fill box with card where it.name == moat.name; }
proc give(n: int) { draw n from box to hand; }
proc attack() { copy militia.play; }
proc discard_all() { move all of hand to discard; }
"""

GAME = """
game g {
  seats 2 to 4;
  phase setup { fill_box(); each players { gain 5 vp; give(1); } }
  phase play { repeat 2 { each players { attack(); if size(hand) > 0 and vp < 4 { discard_all(); } } } }
  winner most vp;
}
"""


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def game(request):
    g = Game(build_text(PACK, interpreted=request.param, name="t.rules"), 3, 1)
    run_proc(g, "fill_box")
    for p in g.state.players:
        p.stock["vp"] = 5
    return g


def vp(g: Game) -> list[int]:
    return [p.stock["vp"] for p in g.state.players]


def test_the_holder_of_a_moat_is_asked_and_revealing_it_spares_them(game):
    run_proc(game, "give", 1, player=1)
    asked = run_proc(game, "attack", player=0, answers=["yes"])
    assert [d.player.name for d in asked] == ["P2"] and asked[0].prompt == "reveal Moat to be unaffected?"
    assert vp(game) == [5, 5, 4]
    run_proc(game, "attack", player=0, answers=["no"])   # the `once` forbid was used up: asked again
    assert vp(game) == [5, 4, 3]


def test_nobody_is_asked_without_the_card_in_the_zone_nor_about_their_own_attack(game):
    assert run_proc(game, "attack", player=0) == []
    run_proc(game, "give", 1, player=0)
    assert run_proc(game, "attack", player=0) == []        # `opponents`: not its holder's own attack
    run_proc(game, "discard_all", player=0)
    assert run_proc(game, "attack", player=1) == []        # in the discard pile it does nothing
    assert vp(game) == [4, 3, 2]


def test_each_holder_and_each_copy_is_asked_in_turn_order_from_the_attackers_left(game):
    run_proc(game, "give", 1, player=2)
    run_proc(game, "give", 1, player=1)
    asked = run_proc(game, "attack", player=0, answers=["no", "yes"])
    assert [d.player.name for d in asked] == ["P2", "P3"] and vp(game) == [5, 4, 5]
    run_proc(game, "give", 1, player=1)   # two Moats: each copy is the holder's to reveal
    asked = run_proc(game, "attack", player=0, answers=["yes", "no", "no"])
    assert [d.player.name for d in asked] == ["P2", "P2", "P3"] and vp(game) == [5, 4, 4]


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_holders_are_asked_from_the_left_of_the_acting_player_who_comes_last(interpreted):
    text = PACK.replace("whenever opponents attack_played", "whenever anyone attack_played").replace("* 3", "* 4")
    g = Game(build_text(text, interpreted=interpreted, name="t.rules"), 4, 1)
    run_proc(g, "fill_box")
    for seat in (0, 1, 2, 3):
        run_proc(g, "give", 1, player=seat)
    asked = run_proc(g, "attack", player=2, answers=["no"] * 4)   # P3 attacks: P4, P1, P2, then P3
    assert [d.player.name for d in asked] == ["P4", "P1", "P2", "P3"]
    asked = run_proc(g, "attack", player=1, answers=["no"] * 4)
    assert [d.player.name for d in asked] == ["P3", "P4", "P1", "P2"]
    game3 = Game(build_text(PACK, interpreted=interpreted, name="t.rules"), 3, 1)   # `opponents`: not the attacker
    run_proc(game3, "fill_box")
    for seat in (0, 1, 2):
        run_proc(game3, "give", 1, player=seat)
    assert [d.player.name for d in run_proc(game3, "attack", player=1, answers=["no"] * 2)] == ["P3", "P1"]
    assert [d.player.name for d in run_proc(game3, "attack", player=2, answers=["no"] * 2)] == ["P1", "P2"]


def test_copies_alike_are_not_ordered_once_one_has_been_revealed(game):
    """What players have seen of a copy is no difference in what it does: a revealed Moat and a hidden
    one react alike, so their holder is not asked "which first?" (7.2a)."""
    run_proc(game, "give", 2, player=1)
    asked = run_proc(game, "attack", player=0, answers=["yes", "no"])   # one copy revealed, one not
    assert [d.prompt for d in asked] == ["reveal Moat to be unaffected?"] * 2
    asked = run_proc(game, "attack", player=0, answers=["no", "no"])
    assert [d.prompt for d in asked] == ["reveal Moat to be unaffected?"] * 2 and vp(game) == [5, 4, 3]


def test_whole_games_agree_on_both_backends_and_replay():
    random_games_agree(PACK + GAME, seeds=range(1, 4))
    replays_through_json(build_text(PACK + GAME), 2)


def test_a_reaction_without_may_runs_without_asking():
    text = PACK.replace('may "reveal Moat to be unaffected?" ', "")
    for interpreted in (False, True):
        g = Game(build_text(text, interpreted=interpreted), 2, 1)
        run_proc(g, "fill_box")
        run_proc(g, "give", 1, player=1)
        assert run_proc(g, "attack", player=0) == [] and g.state.players[1].stock["vp"] == 0
        assert [e.name for e in g.state.players[1].zones["hand"]] == ["moat"]


def test_fmt_gives_reactions_back():
    module, printed = printed_back(PACK)
    assert 'whenever opponents attack_played in hand may "reveal Moat to be unaffected?" {' in printed
    _, bare = printed_back("event e();\nkind card { }\nzone hand per_player of card;\n"
                           "card c { whenever anyone e in hand may { } whenever you e in hand { say \"x\"; } }")
    assert "whenever anyone e in hand may {}" in bare and "whenever you e in hand {" in bare


def test_explain_reads_a_reaction():
    analysis = analyse_text(PACK)
    lines = reading(analysis.symbols.decls["moat"], analysis.symbols)
    assert any(line.strip().startswith("Whenever") and "while this is in your hand" in line for line in lines), lines
    assert any("may (reveal Moat to be unaffected?)" in line for line in lines), lines


def test_a_reaction_is_written_whenever_event_in_zone():
    assert parse_error("event e();\nkind card { }\ncard c { whenever e { } }").code == "E100"
    assert parse_error("event e();\nkind card { }\ncard c { whenever e in hand may may { } }").code == "E100"


BASE = "event e();\nkind card { }\nkind tile { }\nzone hand per_player of card;\nzone pile of card;\n" \
       "zone mat per_player of tile;\ncounter vp;\n"


@pytest.mark.parametrize("zone, code, words", [
    ("hnad", "E330", "'hnad' is not declared"),
    ("vp", "E330", "'vp' is a counter"),
    ("pile", "E331", "zone 'pile' is shared"),
    ("mat", "E332", "never a card"),
])
def test_the_zone_of_a_reaction_is_one_each_player_has_that_holds_the_card(zone, code, words):
    text = BASE + f"card c {{ whenever e in {zone} {{ gain 1 vp; }} }}\n"
    the_one_error(analyse_text(text), code, words, line=8)
    assert (code, 8, 24) in found_at(text)


def test_the_body_and_pattern_of_a_reaction_are_checked_as_a_trigger_in_the_card():
    the_one_error(analyse_text(BASE + "card c { whenever ee in hand { } }\n"), "E206")
    the_one_error(analyse_text(BASE + "card c { whenever e in hand { gain 1 vpp; } }\n"), "E202")
    assert not [d for d in analyse_text(BASE + "card c { whenever e in hand { move this to pile; } }\n").diagnostics
                if d.severity == "error"]
    the_one_error(analyse_text(BASE + "card c { whenever e in hand { } whenever e in hand { } }\n"), "E215")


def test_parse_keeps_the_reaction_among_the_effects():
    card = parse_text(BASE + "card c { whenever e in hand { } }\n", "a.rules").items[-1]
    assert [type(e).__name__ for e in card.effects] == ["Reaction"] and card.effects[0].zones == ("hand",)


# ---------------------------------------------------------------- cards played at any time (`window;`)

EVENTS = """
counter vp;
kind card { }
zone box of card;
zone hand per_player of card;
zone discard of card;
card airlift "Airlift" * 2 { anytime in hand { move this to discard; gain 2 vp; } }
card quiet "One Quiet Night" { anytime in hand { move this to discard; gain 1 vp; } }
card city "City" * 3 { }
proc fill_box() { fill box with card; }
proc take(c: card) { move c to hand; }
proc turn() { window; gain 1 vp; }
"""

EVENTS_GAME = """
game g {
  seats 2 to 4;
  phase setup { fill_box(); shuffle box; each players: draw 2 from box to hand; }
  phase play { repeat 3 { each players: turn(); } }
  winner most vp;
}
"""


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def events(request):
    g = Game(build_text(EVENTS, interpreted=request.param, name="t.rules"), 3, 1)
    run_proc(g, "fill_box")
    return g


def take(g: Game, card: str, seat: int) -> None:
    run_proc(g, "take", g.program.entities[card], player=seat)


def test_a_window_asks_the_holders_from_the_acting_player_until_all_pass(events):
    take(events, "airlift", 0)
    take(events, "quiet", 2)
    asked = run_proc(events, "turn", player=1, answers=["pass", "pass"])
    assert [d.player.name for d in asked] == ["P3", "P1"]   # P2 acts and holds none: P3, then P1
    assert vp(events) == [0, 1, 0]


def test_the_offers_of_a_window_in_order(events):
    take(events, "airlift", 0)
    take(events, "quiet", 2)
    asked = run_proc(events, "turn", player=1, answers=["pass", "Airlift", "One Quiet Night"])
    assert [d.player.name for d in asked] == ["P3", "P1", "P3"]
    assert [d.options for d in asked] == [["One Quiet Night", "pass"], ["Airlift", "pass"], ["One Quiet Night", "pass"]]
    assert vp(events) == [2, 1, 1]   # P3 answered Airlift with the Quiet Night; nobody holds one then


def test_copies_alike_are_one_option_and_nobody_is_asked_without_one(events):
    assert run_proc(events, "turn", player=0) == []
    take(events, "airlift", 1)
    take(events, "airlift#2", 1)
    asked = run_proc(events, "turn", player=0, answers=["Airlift", "Airlift"])
    assert [d.options for d in asked] == [["Airlift", "pass"]] * 2   # each copy once a window
    assert vp(events) == [2, 4, 0]


def test_whole_games_with_windows_agree_and_replay():
    random_games_agree(EVENTS + EVENTS_GAME, seeds=range(1, 4))
    replays_through_json(build_text(EVENTS + EVENTS_GAME), 3)


def test_fmt_and_explain_of_anytime_cards_and_windows():
    _module, printed = printed_back(EVENTS)
    assert "  anytime in hand {" in printed and "  window;" in printed
    analysis = analyse_text(EVENTS)
    assert any("At any window" in line and "your hand" in line
               for line in reading(analysis.symbols.decls["airlift"], analysis.symbols))
    assert any("may now play a card" in line for line in reading(analysis.symbols.decls["turn"], analysis.symbols))


def test_anytime_and_window_stay_names_elsewhere():
    text = "counter window;\ncounter anytime;\nkind card { anytime: int; }\ncard c { anytime = 2; }\n" \
           "proc p() { gain 1 window; gain c.anytime anytime; }\n"
    assert not [d for d in analyse_text(text).diagnostics if d.severity == "error"]


def test_the_zone_of_an_anytime_card_is_checked_as_a_reaction_s():
    text = BASE + "card c { anytime in pile { gain 1 vp; } }\n"
    the_one_error(analyse_text(text), "E331", "'anytime' slot", line=8)
    assert ("E331", 8, 21) in found_at(text)


def test_windows_without_anytime_cards_and_cards_without_windows_are_warned():
    assert ("W477", 8, 12) in found_at(BASE + "proc p() { window; }\n")
    assert ("W478", 8, 10) in found_at(BASE + "card c { anytime in hand { } }\n")
    assert not [f for f in found_at(BASE + "card c { anytime in hand { } }\nproc p() { window; }\n")
                if f[0] in ("W477", "W478")]
