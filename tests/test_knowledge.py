"""What players know of a card they may not see: one field of it learnt (`reveal c.colour [to PLAYERS];`,
`look c.colour;`) and the fields everyone sees on its back (`shown NAME: TYPE;` in the kind): in the
views, prompts, the hot seat's screen, the trace, saved states and replays, on both backends; and the
misuse of both (docs/language.md 3.7, 3.9, 4.23)."""

from __future__ import annotations

import json

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.runtime.agents import RandomAgent
from rulebook.runtime.console import zone_text
from rulebook.runtime.engine import Game
from rulebook.runtime.record import load_state, record, replay, save_state
from rulebook.runtime.state import State, StateError, check_saved

from .conftest import found_at, printed_back, rules_program, run_proc

# a Hanabi-like pack: hands held facing away; a clue tells a player the colour of their red cards,
# and a mark laid on a card says which cards were clued (everyone sees it)
PACK = """
enum colour { red "Red", blue "Blue" }
kind card { colour: colour; rank: int; shown clued: bool = false; }
card r1 "Red 1" { colour = red; rank = 1; }
card b2 "Blue 2" { colour = blue; rank = 2; }
card r3 "Red 3" { colour = red; rank = 3; }
card b4 "Blue 4" { colour = blue; rank = 4; }
zone deck of card secret;
zone hand per_player of card hidden from owner;
zone pile of card;
proc deal() { fill deck with card; each players { draw 2 from deck to hand; } }
proc clue_red() {
  for each c in left.hand {
    if c.colour == red { reveal c.colour to left; set c.clued = true; }
  }
}
proc clue_all() { for each c in left.hand { reveal c.rank; } }
proc peek() { look first(hand).rank; }
proc drop() { move first(left.hand) to pile; }
proc play() { pick c from hand "play which card?" { move c to pile; } }
proc ask() { may "keep {first(hand)}?" { say "kept"; } }
game g {
  seats 2 to 3;
  phase setup { deal(); }
  phase play { each players { clue_red(); play(); } }
  winner together if true;
}
"""

program = rules_program(PACK)


def hand_view(game, seat: int, whose: int) -> dict:
    return game.view(seat)["players"][whose]["zones"]["hand"]


def dealt(program) -> Game:
    """Seed 1, 2 players: P1 holds Red 1 and Blue 2, P2 Red 3 and Blue 4 (the deck is not shuffled)."""
    g = Game(program, 2, 1)
    run_proc(g, "deal")
    assert [e.title for e in g.state.players[1].zones["hand"]] == ["Red 3", "Blue 4"]
    return g


# ---------------------------------------------------------------- the language
def test_the_statements_and_the_modifier_print_back():
    module, printed = printed_back(PACK)
    assert "shown clued: bool = false;" in printed and "reveal c.colour to left;" in printed
    assert "look first(hand).rank;" in printed
    kind = next(d for d in module.items if getattr(d, "name", None) == "card")
    assert [f.name for f in kind.fields if f.shown] == ["clued"]


def test_shown_is_a_name_before_a_colon_or_an_equals_sign():
    text = ("kind card { shown: int = 0; shown told: bool = false; }\ncard a { shown = 2; }\n"
            "zone hand per_player of card hidden;\n")
    module, printed = printed_back(text)
    kind = module.items[0]
    assert [(f.name, f.shown) for f in kind.fields] == [("shown", False), ("told", True)]
    assert not [d for d in analyse_text(text).diagnostics if d.severity == "error"]


def test_the_pack_is_clean():
    # `play` picks from a hand unseen, but the clues tell its player something of each card: no W421
    assert [d.code for d in analyse_text(PACK).diagnostics] == []


@pytest.mark.parametrize("body, code, col", [
    ("reveal first(hand).worth;", "E329", 31),         # computed
    ("look first(hand).play;", "E329", 29),            # an effect
    ("reveal first(hand).name;", "E329", 31),          # kept by the game: reveal the card itself
    ("reveal first(hand).told;", "W429", 31),          # everyone sees it already
    ("reveal first(hand).nope;", "E205", 31),          # no such field
    ("reveal first(hand).rank to 3;", "E303", 39),     # to a number
    ("reveal hand.rank;", "E303", 19),                 # a zone has no fields
])
def test_misuse_of_a_field_reveal(body, code, col):
    text = ("kind card { rank: int; func worth: int = 1; play: effect; shown told: bool = false; }\n"
            "zone hand per_player of card hidden;\n"
            f"proc p() {{ {body} }}\n")
    assert found_at(text) == [(code, 3, col)]


def test_shown_on_an_effect_and_on_a_kind_nothing_hides():
    assert found_at("kind card { shown play: effect; }\nzone hand per_player of card hidden;\n") == [("E329", 1, 13)]
    assert found_at("kind tile { shown told: bool = false; }\nzone board of tile;\n") == [("W429", 1, 13)]


def test_explain_reads_the_field_and_the_mark():
    sym = analyse_text(PACK).symbols
    text = "\n".join(line for name in ("card", "clue_red", "peek") for line in reading(sym.decls[name], sym))
    assert "Show your left neighbour the colour of c, which stays hidden otherwise, until it moves." in text
    assert "Look at the rank of the first of your hand (only you see it, and nothing else of the card)" in text
    assert "clued (seen by every player even while the card's face is hidden)" in text


# ---------------------------------------------------------------- play: views
def test_the_owner_learns_a_field_and_the_mark_everyone_sees(program):
    g = dealt(program)
    before = hand_view(g, 1, 1)
    assert before == {"visibility": "hidden from owner", "size": 2, "known": [],
                      "partly": [{"at": 1, "kind": "card", "fields": {"clued": False}},
                                 {"at": 2, "kind": "card", "fields": {"clued": False}}]}
    run_proc(g, "clue_red", player=0)   # P1 clues P2's red card (Red 3, first)
    after = hand_view(g, 1, 1)
    assert after["known"] == []   # the card itself stays hidden
    assert after["partly"] == [{"at": 1, "kind": "card", "fields": {"colour": "red", "clued": True}},
                               {"at": 2, "kind": "card", "fields": {"clued": False}}]
    # the others see the whole card, the mark with it
    seen = hand_view(g, 0, 1)
    assert "partly" not in seen and seen["items"][0]["fields"]["clued"] is True
    # what P2 is shown on the hot seat's screen
    assert zone_text(after, g.view(1)) == "2 hidden from owner (you know: card 1: clued yes, colour Red)"
    assert zone_text(before, g.view(1)) == "2 hidden from owner"   # a mark not laid is not said


def test_a_reveal_to_nobody_named_is_to_everyone_and_a_look_to_the_looker(program):
    g = dealt(program)
    run_proc(g, "clue_all", player=0)   # every player learns the rank of each card of P2's hand
    assert [p["fields"]["rank"] for p in hand_view(g, 1, 1)["partly"]] == [3, 4]
    run_proc(g, "peek", player=0)       # P1 looks at the rank of their own first card
    assert hand_view(g, 0, 0)["partly"][0]["fields"] == {"rank": 1, "clued": False}
    assert hand_view(g, 0, 0)["partly"][1]["fields"] == {"clued": False}


def test_what_was_learnt_is_forgotten_when_the_card_moves(program):
    g = dealt(program)
    run_proc(g, "clue_red", player=0)
    run_proc(g, "drop", player=0)   # Red 3 leaves P2's hand for the open pile
    assert hand_view(g, 1, 1)["partly"] == [{"at": 1, "kind": "card", "fields": {"clued": False}}]
    assert g.state.known_fields == {}
    pile = g.view(1)["zones"]["pile"]["items"]
    assert pile[0]["title"] == "Red 3" and pile[0]["fields"]["clued"] is True   # the mark stays on the card


def test_a_prompt_shows_what_its_player_knows_of_an_unseen_option(program):
    g = dealt(program)
    run_proc(g, "clue_red", player=0)
    d = next(program.procs["play"](g, g.state.players[1]))
    g.decision = d   # as the engine makes it pending
    asked, view = g.offer(d)
    assert asked.options == ["card 1 (clued yes, colour Red)", "card 2"]
    assert d.options == ["Red 3", "Blue 4"]   # the game's own decision keeps the titles


def test_a_text_naming_an_unseen_card_shows_it_masked_with_what_is_known(program):
    g = dealt(program)
    run_proc(g, "clue_red", player=0)
    d = next(program.procs["ask"](g, g.state.players[1]))
    g.decision = d
    asked, view = g.offer(d)
    assert asked.prompt == "keep … (clued yes, colour Red)?" == view["decision"]["prompt"]
    assert d.prompt == "keep Red 3?"


def test_the_trace_names_the_card_and_the_field(program):
    g = dealt(program)
    entries: list = []
    g.tracer = entries.append
    run_proc(g, "clue_red", player=0)
    run_proc(g, "peek", player=1)
    lines = [f"{e.player}: {e.kind} {e.what}" for e in entries if e.kind in ("reveal", "look")]
    assert lines == ["P1: reveal the colour of P2.hand[1] (Red 3) to P2: Red",
                     "P2: look at the rank of P2.hand[1] (Red 3): 3"]


# ---------------------------------------------------------------- saved, digested, replayed
def test_saved_and_loaded_with_the_state(program, tmp_path):
    g = dealt(program)
    plain = g.state.digest()
    run_proc(g, "clue_red", player=0)
    data = g.state.to_json()
    assert data["known_fields"] == {"r3": {"colour": [1]}}
    assert g.state.digest() != plain
    save_state(g.state, tmp_path / "s.json")
    loaded = load_state(tmp_path / "s.json", program)
    assert loaded.known_fields == {"r3": {"colour": {1}}} and loaded.digest() == g.state.digest()
    for bad in ({"r3": {"nope": [1]}}, {"r3": {"colour": [5]}}, {"zz": {"colour": [1]}}):
        with pytest.raises(StateError):
            check_saved({**json.loads(json.dumps(data)), "known_fields": bad}, program)
    assert State.from_json(data, program.entities).known_fields == loaded.known_fields


def test_a_logged_game_replays_the_same_and_both_backends_agree():
    digests = []
    for interpreted in (False, True):
        built = build_text(PACK, interpreted=interpreted)
        for seed in (1, 2, 3):
            g = Game(built, 3, seed, [RandomAgent(seed)] * 3)
            g.play()
            again = replay(built, record(g))
            assert again.state.digest() == g.state.digest()
            digests.append(g.state.digest())
    assert digests[:3] == digests[3:]


# ---------------------------------------------------------------- marks per member (Hanabi's "not red")
MARKS = """
enum colour { red "Red", blue "Blue" }
kind card { colour: colour; shown not_colour: bool[colour] = false; }
card r1 "Red 1" { colour = red; }
card b2 "Blue 2" { colour = blue; }
zone deck of card secret;
zone hand per_player of card hidden from owner;
proc deal() { fill deck with card; each players { draw 1 from deck to hand; } }
proc clue(col: colour) {
  for each c in left.hand {
    if c.colour == col { reveal c.colour; } else { set c.not_colour[col] = true; }
  }
}
"""

marks = rules_program(MARKS)


def test_a_mark_per_member_is_seen_by_everyone(marks):
    g = Game(marks, 2, 1)
    run_proc(g, "deal")   # P2 holds Blue 2
    run_proc(g, "clue", "red", player=0)
    assert hand_view(g, 1, 1)["partly"] == [{"at": 1, "kind": "card",
                                             "fields": {"not_colour[red]": True, "not_colour[blue]": False}}]
    run_proc(g, "clue", "blue", player=0)
    z = hand_view(g, 1, 1)
    assert z["partly"][0]["fields"] == {"colour": "blue", "not_colour[red]": True, "not_colour[blue]": False}
    assert zone_text(z, g.view(1)) == "1 hidden from owner (you know: card 1: colour Blue, not_colour Red)"


def test_a_field_with_a_value_per_member_is_not_revealed_whole():
    text = MARKS + "proc p() { reveal first(hand).not_colour; }\n"
    assert [d.code for d in analyse_text(text).diagnostics] == ["E312"]   # one value per member: which?


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_the_hot_seat_shows_the_owner_what_they_know_of_their_hand(interpreted):
    from rulebook.runtime.agents import HumanAgent

    from .test_screen import ScriptedConsole

    console = ScriptedConsole(["1", "1"])
    agent = HumanAgent(console)
    g = Game(build_text(PACK, interpreted=interpreted), 2, 1, [agent, agent])
    g.play()   # P1 clues P2's Red 3 and plays; P2 clues P1's Red 1 (played already: none) and plays
    p1_screen, p2_screen = console.screens[0], " ".join(console.screens[-1].split())   # (lines wrap at 80)
    assert "1. card 1\n" in p1_screen
    assert "your hand: 2 hidden from owner (you know: card 1: clued yes, colour Red)" in p2_screen
    assert "1. card 1 (clued yes, colour Red) 2. card 2" in p2_screen and "Red 3" not in p2_screen
    assert "hand [Blue 2]" in p2_screen   # P1's hand, which P2 sees whole


CLUEDO = """
kind card { sort: str; }
card rope "Rope" { sort = "weapon"; }
card hall "Hall" { sort = "room"; }
zone hand per_player of card hidden;
proc deal() { fill hand with card; }
proc refute() { reveal first(hand) to left; }
proc everyone() { reveal first(hand) to players; }
"""

cluedo = rules_program(CLUEDO)


def test_a_whole_card_shown_to_one_player_only(cluedo):
    g = Game(cluedo, 3, 1)
    run_proc(g, "deal")
    entries: list = []
    g.tracer = entries.append
    run_proc(g, "refute")   # P1 shows the Rope to P2 alone
    assert [e["title"] for e in g.view(1)["players"][0]["zones"]["hand"]["known"]] == ["Rope"]
    assert g.view(2)["players"][0]["zones"]["hand"]["known"] == []
    assert [e.what for e in entries if e.kind == "reveal"] == ["Rope in P1.hand to P2"]
    run_proc(g, "everyone")
    assert [e["title"] for e in g.view(2)["players"][0]["zones"]["hand"]["known"]] == ["Rope"]


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_the_hot_seat_says_a_field_learnt_where_the_card_was_then(interpreted):
    from rulebook.runtime.agents import HumanAgent
    from rulebook.runtime.view import changes

    from .test_screen import ScriptedConsole

    text = PACK + "proc clue_blue() { for each c in left.hand { if c.colour == blue { reveal c.colour to left; } } }\n"
    g = dealt(build_text(text, interpreted=interpreted))
    before, p1_before = g.view(1), g.view(0)
    run_proc(g, "clue_blue")   # P2's Blue 4, card 2 of their hand
    run_proc(g, "drop")        # their Red 3 leaves: the Blue 4 is card 1 now
    assert "P2 learnt: the colour of card 2 of your hand is Blue" in changes(before, g.view(1))
    assert not any("learnt" in line for line in changes(p1_before, g.view(0)))   # P1 learnt nothing
    assert "learnt_fields" not in g.view(0) and "learnt_fields" not in dealt(build_text(text)).view(1)
    # the hot seat: P2's screen after P1 clued their Red 3
    console = ScriptedConsole(["1", "1"])
    agent = HumanAgent(console)
    Game(build_text(PACK, interpreted=interpreted), 2, 1, [agent, agent]).play()
    assert "P2 learnt: the colour of card 1 of your hand is Red" in " ".join(console.screens[-1].split())
