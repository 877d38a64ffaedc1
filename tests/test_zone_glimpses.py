"""Finer zone visibility (docs/language.md 3.9): `top public` (every player sees the top card of a
discard pile, the rest stays hidden) and `size owner` (only the owner may count their deck), from
Dominion's rulebook (2nd ed., p. 9) as the audit found it: "You can count the number of cards in your
deck at any time ... but cannot look through or count ... another player's deck ... the top card of
each discard pile [is public]". Views, the hot seat, prompts, both backends; the misuse."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.runtime.agents import RandomAgent
from rulebook.runtime.console import holds, zone_text
from rulebook.runtime.engine import Game
from rulebook.runtime.record import record, replay
from rulebook.runtime.view import seen

from .conftest import found_at, printed_back, rules_program, run_proc

PACK = """
counter vp;
kind card {}
card gold "Gold" {}
card estate "Estate" {}
card copper "Copper" {}
card silver "Silver" {}
card duchy "Duchy" {}
zone deck per_player of card secret size owner refills from discard;
zone discard per_player of card secret top public;
zone hand per_player of card hidden;
proc deal() { fill deck with card; }
# Cellar, in small: discard a card from the hand (onto the pile: its top)
proc draw_two() { draw 2 from deck to hand; }
proc discard_one() { pick c from hand "discard which card?" { move c to top of discard; } }
proc keep_top() { may "keep {first(discard)} there?" { gain 1 vp; } }
proc their_top() { may "take {first(left.discard)}?" { gain 1 vp; } }
proc their_hand() { may "take {first(left.hand)}?" { gain 1 vp; } }
game dominion {
  seats 2 to 2;
  phase setup { deal(); }
  phase play { each players { draw_two(); discard_one(); keep_top(); } }
  winner most vp;
}
"""

program = rules_program(PACK)


def zones(game, seat: int, whose: int) -> dict:
    return game.view(seat)["players"][whose]["zones"]


def dealt(program) -> Game:
    g = Game(program, 2, 1)
    run_proc(g, "deal")
    assert [e.title for e in g.state.players[0].zones["deck"]] == ["Gold", "Estate", "Copper", "Silver", "Duchy"]
    return g


# ---------------------------------------------------------------- the language
def test_the_words_print_back_and_size_is_still_a_name():
    module, printed = printed_back(PACK + "counter size;\nfunc n() = size(hand) + size;\n")
    assert "zone deck per_player of card secret size owner refills from discard;" in printed
    assert "zone discard per_player of card secret top public;" in printed
    deck = next(d for d in module.items if getattr(d, "name", None) == "deck")
    assert deck.size_owner and not deck.top_public and "size_owner=True" in repr(deck)
    hand = next(d for d in module.items if getattr(d, "name", None) == "hand")
    assert "size_owner" not in repr(hand) and "top_public" not in repr(hand)   # the digests of other packs stay
    assert not [d for d in analyse_text(PACK + "counter size;\n").diagnostics if d.severity == "error"]


@pytest.mark.parametrize("decl, code", [
    ("zone pile of card secret size owner;", "E452"),            # shared: no owner to count it
    ("zone pile per_player of card top public;", "W480"),        # public: every card shows anyway
    ("zone pile per_player of card size owner;", "W480"),        # public: the others count what they see
    ("zone pile per_player of card hidden from owner size owner;", "W480"),
])
def test_misuse(decl, code):
    assert found_at(f"kind card {{}}\n{decl}\n") == [(code, 2, 6)]


def test_explain_says_what_the_table_shows():
    sym = analyse_text(PACK).symbols
    assert "Every player sees its top card." in reading(sym.decls["discard"], sym)
    assert "Only its owner may count its cards." in reading(sym.decls["deck"], sym)


# ---------------------------------------------------------------- play
def test_only_the_owner_counts_their_deck(program):
    g = dealt(program)
    assert zones(g, 0, 0)["deck"]["size"] == 5
    theirs = zones(g, 1, 0)["deck"]
    assert theirs == {"visibility": "secret", "size": None, "empty": False, "known": []}
    assert zone_text(theirs, g.view(1)) == "secret" and holds(theirs)
    assert zone_text(zones(g, 0, 0)["deck"], g.view(0)) == "5 secret"
    assert g.view(1)["players"][1]["zones"]["deck"]["size"] == 0   # P2's own, empty: they count it
    assert zones(g, 0, 1)["deck"] == {"visibility": "secret", "size": None, "empty": True, "known": []}
    assert not holds(zones(g, 0, 1)["deck"])


def test_every_player_sees_the_top_of_a_discard_pile_only(program):
    g = dealt(program)
    run_proc(g, "draw_two")                          # Gold, Estate
    run_proc(g, "discard_one", answers=["Gold"])
    run_proc(g, "discard_one")   # the Estate, the one card left: on top of the Gold
    theirs = zones(g, 1, 0)["discard"]
    assert theirs["size"] == 2 and theirs["top"]["title"] == "Estate" and theirs["known"] == []
    assert zone_text(theirs, g.view(1)) == "2 secret (top: Estate)"
    gold, estate = g.state.players[0].zones["discard"][1], g.state.players[0].zones["discard"][0]
    assert seen(g, 1, estate) and not seen(g, 1, gold)
    assert "top" not in zones(g, 1, 0)["hand"]


def test_a_prompt_names_the_top_card_to_everyone(program):
    g = dealt(program)
    run_proc(g, "draw_two")
    run_proc(g, "discard_one", answers=["Gold"])   # the Estate stays in P1's hand
    p2 = g.state.players[1]
    for proc, prompt in (("their_top", "take Gold?"), ("their_hand", "take …?")):
        d = next(program.procs[proc](g, p2))   # P2's left neighbour is P1
        g.decision = d
        asked, _view = g.offer(d)
        assert asked.prompt == prompt


def test_both_backends_play_alike_and_replay():
    digests = []
    for interpreted in (False, True):
        built = build_text(PACK, interpreted=interpreted)
        for seed in (1, 2):
            g = Game(built, 2, seed, [RandomAgent(seed)] * 2)
            g.play()
            assert replay(built, record(g)).state.digest() == g.state.digest()
            digests.append((g.state.digest(), [g.view(i) for i in (0, 1)]))
    assert digests[:2] == digests[2:]


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_the_hot_seat(interpreted):
    from rulebook.runtime.agents import HumanAgent

    from .test_screen import ScriptedConsole

    console = ScriptedConsole(["1", "1", "1", "1"])
    agent = HumanAgent(console)
    Game(build_text(PACK, interpreted=interpreted), 2, 1, [agent, agent]).play()
    p2 = " ".join(" ".join(console.screens[2:]).split())
    assert "deck secret; discard 1 secret (top: Gold)" in p2   # P1's row as P2 sees it: no deck size
    assert "your deck: 3 secret" in " ".join(console.screens[0].split())   # P1 counts their own
