"""Zones `hidden from owner` (every player sees them but their owner: Indian poker, Hanabi) and what a
player may not see kept from them everywhere: a pick's options by position, their own prompt masked,
W421, elements indexed by unseen cards left out of the view, and the hot seat telling what they learnt
(tests/test_view.py covers the other visibilities)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_text
from rulebook.runtime.agents import HumanAgent
from rulebook.runtime.engine import Game

from .conftest import dealt, rules_program, run_proc
from .test_screen import ScriptedConsole
from .test_view import Spy

# an Indian poker-like pack: each player's cards are on their forehead, seen by all but them
PACK = """
kind card { rank: int; }
card c "Card {rank}" * 9 { rank = copy_number; }
zone deck of card secret;
zone forehead per_player of card hidden from owner;
zone pile of card;
var told[card] "Told" global: bool;
var owner "Owner" global: player;
counter vp;
proc deal() { fill deck with card; each players { draw 2 from deck to forehead; } }
proc tell_first() { set told[first(forehead)] = true; }
proc peek() { look first(forehead); }
proc play_one() {
  pick x from forehead "play which card?" { move x to pile; gain x.rank vp; }
}
proc ask() { may "keep {first(forehead)} worth {first(forehead).rank} of {size(forehead)}?" { gain 1 vp; } }
game indian {
  seats 2 to 3;
  phase setup { deal(); }
  phase play {
    repeat 2 {
      each players {
        play_one();
        draw 1 from deck to forehead;
        let got = forehead[size(forehead)];
        if got.rank > 5 { look got; }
      }
    }
  }
  winner most vp;
}
"""


program = rules_program(PACK)


def titles(items) -> list[str]:
    return [e.title for e in items]


# ---------------------------------------------------------------- the language
def test_the_visibility_prints_back_and_owner_stays_a_free_name():
    module = parse_text(PACK)
    zone = next(d for d in module.items if getattr(d, "name", None) == "forehead")
    assert zone.visibility == "hidden from owner"
    printed = format_text(PACK)
    assert "zone forehead per_player of card hidden from owner;" in printed
    assert parse_text(printed).items == module.items
    # `owner` is a name everywhere else (the pack's own `var owner`)
    assert not [d for d in analyse_text(PACK).diagnostics if d.severity == "error"]


def test_another_word_after_hidden_from_is_refused():
    # (`hidden from FIELD` names a field of a shared zone's items, 3.9: on a player's zone it is E629)
    found = analyse_text("kind card { n: int; }\nzone hand per_player of card hidden from others;\n").diagnostics
    assert [(d.code, d.span.line) for d in found] == [("E629", 2)]
    assert "hidden from owner" in found[0].hint


def test_a_shared_zone_hidden_from_its_owner_is_refused():
    found = analyse_text("kind card { n: int; }\nzone pile of card hidden from owner;\n").diagnostics
    assert [(d.code, d.span.line) for d in found] == [("E320", 2)]


def test_explain_reads_who_sees_it():
    result = analyse_text(PACK)
    assert reading(result.symbols.decls["forehead"], result.symbols)[-1] == \
        "Hidden from its owner: every other player sees what it holds, its owner sees only how many items it holds."


def test_a_pick_over_a_zone_its_picker_never_sees_is_warned_about_unless_the_rules_look_at_it():
    found = [d for d in analyse_text(PACK).diagnostics if d.code == "W421"]
    assert [d.span.line for d in found] == [14] and "by position" in found[0].message
    # another player's forehead is seen; a secret deck is not
    other = PACK.replace("pick x from forehead", "pick x from left.forehead")
    assert not [d for d in analyse_text(other).diagnostics if d.code == "W421"]
    deck = PACK.replace("pick x from forehead", "pick x from deck")
    assert [d.code for d in analyse_text(deck).diagnostics if d.code == "W421"] == ["W421"]
    looked = deck.replace("proc peek() { look first(forehead); }", "proc peek() { look deck; }")
    assert not [d for d in analyse_text(looked).diagnostics if d.code == "W421"]



@pytest.mark.parametrize("domain, warned", [
    ("sorted(c in forehead, most c.rank)", True), ("sorted(c in deck where c.rank > 2, fewest c.rank)", True),
    ("gather(p in players, deck)", True),
    ("gather(k in 1..2, forehead)", True), ("gather(p in players, p.forehead)", False),   # others' are seen
    ("sorted(c in pile, most c.rank)", False), ("sorted(c in gather(k in 1..2, deck), most c.rank)", True),
])
def test_w421_looks_through_sorted_and_gather(domain, warned):
    text = PACK.replace("pick x from forehead", f"pick x from {domain}")
    found = [d for d in analyse_text(text).diagnostics if d.code == "W421"]
    assert [d.span.line for d in found] == ([14] if warned else []), found
# ---------------------------------------------------------------- the view
def test_every_player_but_the_owner_sees_the_zone(program):
    g = dealt(program, 3)
    p1 = g.state.players[0]
    v0, v1 = g.view(0), g.view(1)
    assert v0["players"][0]["zones"]["forehead"] == {"visibility": "hidden from owner", "size": 2, "known": []}
    assert [e["title"] for e in v1["players"][0]["zones"]["forehead"]["items"]] == titles(p1.zones["forehead"])
    assert [e["title"] for e in v0["players"][1]["zones"]["forehead"]["items"]] == \
        titles(g.state.players[1].zones["forehead"])
    # the owner learns a card of it by `look`, listed by name
    run_proc(g, "peek")
    assert [e["title"] for e in g.view(0)["players"][0]["zones"]["forehead"]["known"]] == \
        [p1.zones["forehead"][0].title]


TOLD = """
kind card { rank: int; }
card ace "Ace" { rank = 1; }
card king "King" { rank = 13; }
card two "Two" * 2 { rank = 2; }
zone deck of card secret;
zone forehead per_player of card hidden from owner;
zone pile of card;
var told[card] "Told" global: bool;
proc deal() { fill deck with card; each players { draw 1 from deck to forehead; } }
proc tell() { set told[first(forehead)] = true; }
proc peek() { look first(forehead); }
proc spill() { draw 1 from deck to pile; }
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_an_element_indexed_by_a_card_the_viewer_cannot_see_is_left_out(interpreted):
    g = Game(build_text(TOLD, interpreted=interpreted), 2, 1)
    run_proc(g, "deal")   # P1's forehead: the Ace, P2's: the King; the two Twos in the secret deck
    run_proc(g, "tell")
    assert sorted(g.view(0)["vars"]) == ["told[king]"]            # not their own Ace, nor the Twos
    assert sorted(g.view(1)["vars"]) == ["told[ace]"] and g.view(1)["vars"]["told[ace]"] is True
    run_proc(g, "peek")
    assert g.view(0)["vars"]["told[ace]"] is True                # learnt: shown
    # the Twos share one element: it shows once the viewer sees every copy
    run_proc(g, "spill")
    assert "told[two]" not in g.view(0)["vars"]
    run_proc(g, "spill")
    assert g.view(0)["vars"]["told[two]"] is False


def test_the_owner_picks_their_own_cards_by_position(program):
    g = Game(program, 2, 1)
    d = g.start()
    asked, view = g.offer(d)
    hand = d.player.zones["forehead"]
    assert asked.options == ["card 1", "card 2"] and asked.written_options == ["card 1", "card 2"]
    assert view["decision"]["options"] == ["card 1", "card 2"]
    assert asked.index_of("card 2") == 1
    with pytest.raises(ValueError):   # a title the player may not see names no option (it would tell)
        asked.index_of(hand[0].title)
    assert d.options == titles(hand)                  # the game's own decision keeps the titles
    second = hand[1]
    g.apply(asked.index_of("card 2"))
    assert g.state.zones["pile"] == [second]


def test_the_owner_is_not_shown_their_own_card_in_a_prompt(program):
    g = dealt(program)
    d = next(program.procs["ask"](g, g.state.players[0]))
    g.decision = d   # as the engine makes it pending
    asked, view = g.offer(d)
    card = g.state.players[0].zones["forehead"][0]
    assert card.title in d.prompt
    assert asked.prompt == "keep … worth … of 2?" == view["decision"]["prompt"]


def test_a_spying_agent_never_finds_a_card_of_its_own_forehead(program):
    spies = [Spy(0, tuple(f"Card {n}" for n in range(1, 10))), Spy(1, tuple(f"Card {n}" for n in range(1, 10)))]
    g = Game(program, 2, 5, spies)
    own_at_ask = []
    original = g.offer

    def offer(d):
        mine = d.player.zones["forehead"]
        known = {e.name for e in mine if d.player.index in g.state.known.get(e.key, ())}
        own_at_ask.append((d.player.index, {e.title for e in mine if e.name not in known} |
                           {f"told[{e.name}]" for e in mine if e.name not in known}))
        return original(d)

    g.offer = offer
    g.play()
    asked = {0: iter(spies[0].seen), 1: iter(spies[1].seen)}
    for seat, hidden in own_at_ask:
        seen = next(asked[seat])
        assert not (seen & hidden), (seat, seen & hidden)
        assert any(t.startswith("Card ") for t in seen)   # the other player's forehead shows
    assert len(own_at_ask) == 4


# ---------------------------------------------------------------- the hot seat
def test_the_hot_seat_shows_the_owner_positions_never_their_own_cards(program):
    console = ScriptedConsole(["2", "1", "1", "1"])
    agent = HumanAgent(console)
    g = Game(program, 2, 3, [agent, agent])
    entries: list = []
    g.tracer = entries.append
    g.play()
    assert "1. card 1" in console.screens[0] and "2. card 2" in console.screens[0]
    # the trace keeps the titles
    assert any(e.kind == "choice" and "-> Card " in e.what for e in entries)
    p1 = g.state.players[0]
    for screen in console.screens[0::2]:   # P1's screens: their forehead's size, never its cards
        assert "your forehead: 2 hidden from owner" in screen
        assert not any(f"you know: {e.title}" in screen for e in p1.zones["forehead"])


DRAWN = """
kind card { rank: int; }
card c "Card {rank}" * 9 { rank = copy_number; }
zone deck of card secret;
zone hand per_player of card secret;
zone pile of card;
game g {
  seats 2 to 2;
  phase setup { fill deck with card; each players: draw 2 from deck to hand; }
  phase play {
    repeat 2 {
      each players {
        pick i from 1..size(hand) "play which position?" {
          move hand[i] to pile;
          draw 1 from deck to hand;
          let got = hand[size(hand)];
          each opponents: look got;
        }
      }
    }
  }
  winner together if true;
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_the_hot_seat_tells_a_card_another_player_drew_that_you_looked_at(interpreted):
    console = ScriptedConsole()
    agent = HumanAgent(console)
    g = Game(build_text(DRAWN, interpreted=interpreted), 2, 3, [agent, agent])
    entries: list = []
    g.tracer = entries.append
    g.play()
    looked = [e.what for e in entries if e.kind == "look"]   # "at Card 5 in P1.hand", in order
    drawn = [what.split(" in ")[0].removeprefix("at ") for what in looked]
    # P2's first screen (after P1 drew), then P1's second (after P2 drew)
    assert f"you learnt: {drawn[0]} in P1's hand" in console.screens[1]
    assert f"you learnt: {drawn[1]} in P2's hand" in console.screens[2]


def test_a_label_showing_a_card_of_the_owners_forehead_is_masked_for_them(program):
    labelled = PACK.replace('pick x from forehead "play which card?" {',
                            'pick i from 1..size(forehead) "play which?" as "{forehead[i].rank}" {\n'
                            '    let x = forehead[i];')
    g = Game(build_text(labelled, interpreted=program.module_file is None), 2, 1)
    d = g.start()
    asked, view = g.offer(d)
    ranks = [str(e.fields["rank"]) for e in d.player.zones["forehead"]]
    assert d.options == ranks                         # the game's own labels, as the trace shows them
    assert asked.options == ["… (1 of 2)", "… (2 of 2)"]   # masked, and told apart
    assert asked.index_of("… (2 of 2)") == 1
    assert view["decision"]["options"] == asked.options


def test_an_agent_may_answer_with_a_label_it_was_shown(program):
    from rulebook.runtime.agents import Agent

    class Second(Agent):
        def choose(self, decision, view):
            return decision.options[-1]   # "card 2": a label shown, not the game's title

    g = Game(program, 2, 1, [Second(), Second()])
    g.play()
    assert [entry[1] for entry in g.log if type(entry[0]) is int] == [1, 1, 1, 1]   # (seat, answer)


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_secret_pick_of_a_card_its_player_cannot_see_shows_them_its_position_and_kind_only(interpreted):
    pack = TOLD + """
game bet { seats 2 to 2; phase setup { deal(); }
  phase play { each players simultaneously pick x from forehead "bet on which?" { move x to pile; } }
  winner together if true; }
"""
    g = Game(build_text(pack.replace("draw 1 from deck to forehead", "draw 2 from deck to forehead"),
                        interpreted=interpreted), 2, 1)
    d = g.start()
    asked, _view = g.offer(d)
    assert asked.options == ["card 1", "card 2"]
    d = g.apply(1)
    mine = g.view(0)
    assert mine["picked_in_secret"] == {"entity": None, "kind": "card"}


# the six cards of two colours both Hanabi repros below deal, held facing away from their owner
HANABI_HANDS = """
enum colour { white "White", red "Red" }
kind card { colour: colour; }
card w "White" * 3 { colour = white; }
card r "Red" * 3 { colour = red; }
zone deck of card secret;
zone hand per_player of card hidden from owner;
"""

# Hanabi's clue (the audit's repro label_masked_for_viewer): the clue giver sees the other player's
# hand, hidden from its owner only, so the colours and their counts are open to them
CLUE = HANABI_HANDS + """counter clues global;
func holding(p: player, col: colour): int = count(c in p.hand where c.colour == col);
proc clue(p: player) {
  pick col from colour where some(c in p.hand where c.colour == col) "which colour?"
      as "{col} ({count(c in p.hand where c.colour == col)} cards)" { gain 1 clues; }
}
proc own() {
  pick col from colour where some(c in hand where c.colour == col) "which colour?"
      as "{col} ({count(c in hand where c.colour == col)}, {holding(you, col)}, {holding(left, col)})" { }
}
game label "Label" {
  seats 2 to 2;
  phase setup { fill deck with card; shuffle deck; each players: draw 3 from deck to hand; }
  phase play { clue(left); }
  winner together score clues;
}
"""


def test_a_clue_givers_options_over_a_hand_they_see_are_not_masked_for_them():
    from rulebook.compiler.hidden import marks, open_values
    from rulebook.dsl import ast as A

    sym = analyse_text(CLUE).symbols
    found = open_values(sym)
    labels = {n.label: marks(n.label_parts, found) for d in sym.decls.values() for n in A.walk(d)
              if type(n) is A.Pick}
    # the pick's own variable, a member of a public enum, is open to its picker ('h': the others, who
    # heard no answer yet, are told it masked); left's hand is seen by its clue giver ('h')
    assert labels["{col} ({count(c in p.hand where c.colour == col)} cards)"] == "h-h-"
    # their own hand (bare, or through `you` given to a func) stays masked for them ('s'); left's, open
    assert labels["{col} ({count(c in hand where c.colour == col)}, {holding(you, col)}, "
                  "{holding(left, col)})"] == "h-s-s-h-"


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_the_clue_giver_reads_each_colour_and_its_count(interpreted):
    g = Game(build_text(CLUE, interpreted=interpreted), 2, 1)
    d = g.start()
    asked, _view = g.offer(d)
    held = [e.fields["colour"] for e in g.state.players[1].zones["hand"]]
    expected = [f"{title} ({held.count(name)} cards)" for name, title in (("white", "White"), ("red", "Red"))
                if held.count(name)]
    assert asked.options == expected


# the audit's repro w421_despite_clues: a hand whose cards the clues tell something of
CLUED = HANABI_HANDS + """zone discard of card;
proc clue(p: player, col: colour) {
  for each c in p.hand { if c.colour == col { reveal c.colour; } }
}
proc discard_one() {
  pick c from hand "discard which card?" { move c to discard; }
}
game g "G" {
  seats 2 to 2;
  phase setup { fill deck with card; shuffle deck; each players: draw 2 from deck to hand; }
  phase play { clue(left, white); each left: discard_one(); }
  winner together score size(discard);
}
"""


@pytest.mark.parametrize("change, warned", [
    ("", False),                                                        # a field revealed
    ("reveal c.colour;|look c.colour;", False),                         # or looked at
    ("reveal c.colour;|shuffle deck;", True),                           # nothing told
    ("reveal c.colour;|set c.clued = true;~colour: colour; }|colour: colour; shown clued: bool = false; }", False),
])
def test_w421_is_not_given_for_a_hand_whose_cards_the_rules_tell_of(change, warned):
    text = CLUED
    for one in filter(None, change.split("~")):
        old, new = one.split("|")
        text = text.replace(old, new)
    found = [d for d in analyse_text(text).diagnostics if d.code == "W421"]
    assert [d.span.line for d in found] == ([13] if warned else []), found
    if warned:
        assert "reveal c.FIELD" in found[0].hint


# the audit's repro where_leak: "play a card" filtered by faces its player never sees
LEAK = """
kind card { rank: int; shown back: int = 0; }
card c "Card {rank}" * 5 { rank = copy_number; }
zone deck of card secret;
zone hand per_player of card hidden from owner;
zone played of card;
counter built global;
proc play_card() {
  pick x from hand where x.rank == built + 1 "play which card?" { move x to played; gain 1 built; }
}
proc other() { pick x from left.hand where x.rank == built + 1 "play which card?" { } }
game leak "Leak" {
  seats 2 to 2;
  phase setup { fill deck with card; shuffle deck; each players { draw 2 from deck to hand; } }
  phase play { each players: play_card(); }
  winner together score built;
}
"""


@pytest.mark.parametrize("change, warned", [
    ("", [(9, 26)]),                                                    # the picker's own unseen faces
    ('x.rank == built + 1 "play|x.back == 0 "play', []),                # a face on every card's back
    ("proc other()|proc peek() { look first(hand).rank; } proc other()", []),   # a field some look shows
    ("pick x from hand where|pick x from left.hand where", []),         # another player's hand is seen
    ('"play which card?" { move|"play which card?" at random { move', []),     # nobody picks
])
def test_a_where_reading_faces_its_picker_never_sees_is_w534(change, warned):
    text = LEAK
    if change:
        old, new = change.split("|")
        assert old in text
        text = text.replace(old, new, 1)
    found = [(d.span.line, d.span.column) for d in analyse_text(text).diagnostics if d.code == "W534"]
    assert found == warned


# the audit's repro say_names_hidden_card
SAY = """
kind card { rank: int; shown back: int = 0; }
card crd "Card {rank}" * 5 { rank = copy_number; }
zone deck of card secret;
zone hand per_player of card hidden from owner;
zone pile of card;
counter done global;
proc clue(p: player) {
  for each c in p.hand { say "{you} points at {c} in {p}'s hand"; }
  gain 1 done;
}
"""


@pytest.mark.parametrize("say, warned", [
    ("\"{you} points at {c} in {p}'s hand\"", [(9, 48)]),   # the card itself
    ('"{you} points at a {c.rank}"', [(9, 50)]),             # a face of it
    ('"{you} points at {c.back}"', []),                      # what its back shows
    ('"{size(p.hand)} cards"', []),                          # how many: public
    ('"{first(p.hand)}"', [(9, 32)]),                        # the hand's first card
    ('"{count(x in p.hand where x.rank == 1)} ones"', []),   # what a clue tells: not a card named
    ('"{c.rank}"; reveal c.rank; say "{c.rank}"', [(9, 32)]),   # told once revealed, not before
    ('"{c}"; move c to pile; say "{c}"', [(9, 32)]),            # face up once played
])
def test_a_say_naming_a_card_of_a_hand_hidden_from_its_owner_is_w535(say, warned):
    text = SAY.replace("\"{you} points at {c} in {p}'s hand\"", say)
    found = [(d.span.line, d.span.column) for d in analyse_text(text).diagnostics if d.code == "W535"]
    assert found == warned
