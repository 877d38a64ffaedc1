"""The human player's screen (`rulebook play --agent human`): the game's counters and variables,
every player's counters, variables and zones, and what happened since the player's last decision
(`say` messages, the others' answers, the changes their view shows), never what their view hides."""

from __future__ import annotations

import io
import re

import pytest

from rulebook.compiler.driver import build_text
from rulebook.runtime.agents import HumanAgent
from rulebook.runtime.console import PlainConsole, zone_text
from rulebook.runtime.engine import Game
from rulebook.runtime.view import changes

from .test_view import TITLES

WIDTH = 80


class ScriptedConsole(PlainConsole):
    """A terminal 80 columns wide whose answers come from a list; it keeps each screen (the text
    printed before each question) apart."""

    def __init__(self, answers=()):
        super().__init__(file=io.StringIO(), width=WIDTH, color_system=None)
        self.answers = list(answers)
        self.screens: list[str] = []
        self._mark = 0

    def input(self, prompt: str = "") -> str:
        text = self.file.getvalue()
        self.screens.append(text[self._mark:])
        self._mark = len(text)
        return self.answers.pop(0) if self.answers else "1"


# No Thanks! in small: a global pot, numbered copies that share one title, a `say` line per take
NO_THANKS = """
resource chips "Chips";
counter pot "Chips on the card" global;
counter takes "Cards taken";
var took "Took a card": bool;
var last_taker global: player = none;
kind card "Card" { }
card nt "Card" * 6 { }
zone deck of card secret;
zone table of card;
zone taken per_player of card;
proc turn() {
  may "No thanks!" cost 1 chips { gain 1 pot; } else {
    let c = first(table);
    move c to taken;
    gain pot chips;
    set pot = 0;
    set takes = takes + 1;
    set took = true;
    set last_taker = you;
    say "{you} takes {c} with {chips} chips";
    draw 1 from deck to table;
  }
}
game no_thanks {
  seats 2 to 3;
  phase setup { fill deck with card; shuffle deck; draw 1 from deck to table; each players: gain 2 chips; }
  phase play { while size(table) > 0 { each players where size(table) > 0 { turn(); } } }
  winner most chips;
}
"""

# Love Letter in small: hidden hands with one title per card, a secret deck, open discards, a
# per-player `var out: bool`, and a simultaneous secret bid
LOVE_LETTER = """
counter vp;
var out "Knocked out": bool;
enum bid { low "Low bid", high "High bid" }
kind card { strength: int; }
zone hand per_player of card hidden;
zone deck of card secret;
zone discards per_player of card;
{cards}
proc discard_one() {
  pick c from hand "discard" { move c to discards; gain c.strength vp; if c.strength > 6 { set out = true; } }
}
game love_letter {
  seats 2 to 2;
  phase setup { fill deck with card; shuffle deck; each players { draw 2 from deck to hand; } }
  phase play {
    each players simultaneously pick b from bid "bid" { say "{you} bid {b}"; }
    repeat 2 { each players { discard_one(); draw 1 from deck to hand; } }
  }
  winner most vp;
}
""".replace("{cards}", "\n".join(f'card {t.lower()} "{t}" {{ strength = {i}; }}' for i, t in enumerate(TITLES, 1)))


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def interpreted(request):
    return request.param


def hot_seat(text: str, players: int, seed: int, interpreted: bool, answers=()):
    """A game with one human agent at every seat, answering from a script; returns the game and the
    console."""
    console = ScriptedConsole(answers)
    agent = HumanAgent(console)
    game = Game(build_text(text, interpreted=interpreted), players, seed, [agent] * players)
    return game, console


def test_the_screen_shows_the_global_pot_variables_messages_and_the_others_answers(interpreted):
    game, console = hot_seat(NO_THANKS, 2, 3, interpreted, answers=["2", "1", "2"])
    game.play()
    first, second, third = console.screens[:3]
    # by their titles (`counter pot "Chips on the card"`), what has none by its name (`last_taker`)
    assert "Game: Chips on the card: 0, last_taker: none" in first
    assert "Took a card: no" in first and "Chips: 2" in first
    assert "table: [Card]" in first and "deck: 5 secret" in first and "#" not in first
    # P1 said "No thanks!" (option 2: yes) and paid a chip into the pot: P2 sees the answer and the pot
    assert "P1: No thanks! → yes" in second and "Game: Chips on the card: 1" in second
    # P2 took the card (option 1: no): back at P1, the `say` line, the answer and the changes appear
    since = third.split("Since your last decision:")[1]
    assert "P2: No thanks! → no" in since and "P2 takes Card with 3 chips" in since
    assert "P1: Chips 2 → 1" in since and "P2: Chips 2 → 3, Cards taken 0 → 1, Took a card no → yes" in since
    assert "Chips on the card" not in since.split("Game:")[0]   # 0 at P1's last decision, 0 again now
    assert "last_taker none → P2" in since and re.search(r"unseen → P2's taken: Card *\n", since)
    assert "deck: 5 → 4 (secret)" in since
    assert console.screens[0].count("Since your last decision") == 0   # nothing happened before


def test_every_screen_fits_80_columns(interpreted):
    game, console = hot_seat(LOVE_LETTER, 2, 5, interpreted)
    game.play()
    lines = [line for s in console.screens for line in s.splitlines()]
    assert lines and max(len(line) for line in lines) <= WIDTH


def test_players_variables_appear_and_change(interpreted):
    for seed in range(1, 40):   # a seed where someone discards the Countess or the Princess
        game, console = hot_seat(LOVE_LETTER, 2, seed, interpreted)
        game.play()
        if any(p.vars["out"] for p in game.state.players):
            break
    text = "".join(console.screens)
    assert "out: no" in text and "out no → yes" in text


def test_no_screen_shows_the_opponents_hand_the_deck_or_a_secret_bid(interpreted):
    """At every question, the screen (what happened, the state) names no card of the opponent's
    hidden hand or the secret deck, and no bid before all bids are revealed."""
    for seed in range(6):
        console = ScriptedConsole()
        agent = HumanAgent(console)
        game = Game(build_text(LOVE_LETTER, interpreted=interpreted), 2, seed, [agent, agent])
        hidden, bids = [], []
        original = game.offer

        def offer(d):
            other = game.state.players[1 - d.player.index]
            hidden.append({e.title for e in other.zones["hand"]} | {e.title for e in game.state.zones["deck"]})
            bids.append(game.secret_round is not None)
            return original(d)

        game.offer = offer
        game.play()
        assert len(console.screens) == len(hidden) >= 5
        for screen, unseen, in_secret in zip(console.screens, hidden, bids):
            shown = screen.split("\n\n")[0]   # the screen, not the question's options
            assert not any(re.search(rf"\b{t}\b", shown) for t in unseen), (unseen, shown)
            if in_secret:
                assert "bid →" not in shown and "Low bid" not in shown and "High bid" not in shown
        assert sum(bids) == 2   # both bids were asked in secret, then said aloud
        assert any("chosen in secret so far: P1" in s for s, b in zip(console.screens, bids) if b)
        assert any(re.search(r"P1 bid (Low|High) bid", s) for s in console.screens)


def test_a_pick_of_cards_is_never_told_to_the_others_but_its_visible_move_is(interpreted):
    game, console = hot_seat(LOVE_LETTER, 2, 2, interpreted)
    game.play()
    assert not any("discard →" in s for s in console.screens)
    assert any("your hand → your discards:" in s for s in console.screens)
    # the opponent's discard came from a hand this player cannot see into
    assert any(re.search(r"unseen → P[12]'s discards: \w+", s) for s in console.screens)
    assert any("deck: 4 → 2 (secret)" in s for s in console.screens)   # both drew one since


def test_alike_copies_show_their_place_alone_and_are_counted_in_a_row():
    def card(n: int, of: int = 3) -> dict:
        return {"name": "nt", "title": "Card", "kind": "card", "fields": {}, "flipped": False, "copy": n, "alike": of}

    one = {"name": "king", "title": "King", "kind": "card", "fields": {}, "flipped": False}
    zone = {"visibility": "public", "size": 4, "items": [card(1), card(2), one, card(3)]}
    assert zone_text(zone) == "[Card x2, King, Card (3 of 3)]"
    turned = dict(card(1, 1), flipped=True)
    assert zone_text({"visibility": "public", "size": 2, "items": [card(1, 1), turned]}) == "[Card, Card]"


def test_the_view_numbers_the_copies_of_a_declaration_only(interpreted):
    game = Game(build_text(NO_THANKS + "card lone \"Lone\" { }\nzone spare of card;\n", interpreted=interpreted), 2, 1)
    game.start()
    items = game.view(0)["zones"]["table"]["items"]
    assert items[0]["title"] == "Card" and items[0]["name"] == "nt" and (items[0]["copy"], items[0]["alike"]) == (1, 1)
    game.state.zones["spare"].append(game.program.entities["lone"])
    assert "copy" not in game.view(0)["zones"]["spare"]["items"][0]
    # copies whose titles hold their values ("4 of Diamonds") are told apart by title: no number
    pack = NO_THANKS + 'card diamond "{copy_number + 1} of Diamonds" * 3 { }\nzone spare of card;\n'
    game = Game(build_text(pack, interpreted=interpreted), 2, 1)
    game.start()
    game.state.zones["spare"].extend(game.program.entities[n] for n in ("diamond#3", "diamond"))
    spare = game.view(0)["zones"]["spare"]
    assert [("copy" in e, e["title"]) for e in spare["items"]] == [(False, "4 of Diamonds"), (False, "2 of Diamonds")]
    assert zone_text(spare) == "[4 of Diamonds, 2 of Diamonds]"


def test_changes_are_read_from_two_views_alone():
    def view(pot: int, table: list, deck: int) -> dict:
        return {"you": 0, "players": [{"name": "P1", "stock": {"chips": 3}, "vars": {}, "zones": {}}],
                "actors": {}, "globals": {"pot": pot}, "vars": {}, "messages": [],
                "zones": {"table": {"visibility": "public", "size": len(table),
                                    "items": [{"name": n, "title": n.title(), "kind": "card", "fields": {},
                                               "flipped": False} for n in table]},
                          "deck": {"visibility": "secret", "size": deck, "known": []}}}

    assert changes(view(0, ["ace"], 3), view(2, ["two"], 2)) == [
        "pot 0 → 2", "table → out of sight: Ace", "unseen → table: Two", "deck: 3 → 2 (secret)"]
    assert changes(view(1, ["ace"], 3), view(1, ["ace"], 3)) == []


def test_a_human_among_random_agents_sees_the_changes_not_the_answers(interpreted):
    from rulebook.runtime.agents import RandomAgent

    console = ScriptedConsole()
    game = Game(build_text(NO_THANKS, interpreted=interpreted), 3, 4,
                [HumanAgent(console), RandomAgent(1), RandomAgent(2)])
    game.play()
    later = [s for s in console.screens[1:] if "Since your last decision:" in s]
    assert later and not any(re.search(r"P[23]: No thanks! →", s) for s in console.screens)
    assert any(re.search(r"P[23]: Chips \d+ → \d+", s) for s in later)   # what they paid or took shows


# Coup audit: a prompt or a label may show what only the deciding player sees (a card they looked
# at); the others are told the answer with each value their own view could not show masked
SPY = """
kind card { v: int; }
card ace "Ace" { v = 1; }
card king "King" { v = 2; }
card queen "Queen" { v = 3; }
card jack "Jack" { v = 4; }
zone deck of card secret;
zone hand per_player of card hidden;
zone table of card;
counter vp;
func held(p: player): int = size(p.hand);
func worth(p: player): int = first(p.hand).v;
proc ask(n: int) { may "score {n}?" { } }
proc peek() {
  let c = first(left.hand);
  let t = first(table);
  look c;
  may "tell nobody that {left} holds {c}?" { }
  may "{left} has {held(left)} cards worth {worth(left)}?" { }
  ask(c.v);
  choose "say what?" { option "{c} is {left}'s" { } option "{t} is on the table" { } }
  reveal c;
  may "now everyone knows {c}?" { }
  pick p from opponents "whose?" as "{p} ({worth(p)} points, {held(p)} cards)" { }
}
game spy {
  seats 3 to 3;
  phase setup { fill deck with card; shuffle deck; each players: draw 1 from deck to hand; draw 1 from deck to table; }
  phase play { peek(); each right: may "pass?" { } each left: may "pass?" { } }
  winner most vp;
}
"""


def since(screen: str) -> list[str]:
    """The lines a screen shows under "Since your last decision:", without the padding."""
    part = screen.split("Since your last decision:\n")[1].split("\n")
    return [line.strip() for line in part[:part.index(next(x for x in part if not x.startswith("  ")))]]


def test_the_others_are_told_an_answer_with_the_values_their_view_could_not_show_masked(interpreted):
    game, console = hot_seat(SPY, 3, 1, interpreted)
    entries = []
    game.tracer = entries.append
    game.play()
    p1, p2, p3 = game.state.players
    card, table = p2.zones["hand"][0].title, game.state.zones["table"][0].title
    asked = [s.split("\n\n")[-1].split("  (")[0].strip() for s in console.screens[:6]]
    # the player who decides sees every value
    assert asked[0] == f"P1: tell nobody that P2 holds {card}?"
    assert f"1. {card} is P2's" in console.screens[3] and f"2. {table} is on the table" in console.screens[3]
    # P3 cannot see P2's card, nor anything worked out from a hidden hand (its worth, through a func
    # or a parameter); players, sizes and a card on the table show; a revealed card shows to all
    assert since(console.screens[6]) == [
        "P1: tell nobody that P2 holds …? → no",
        "P1: P2 has 1 cards worth …? → no",
        "P1: score …? → no",
        "P1: say what? → … is P2's",
        f"P1: now everyone knows {card}? → no",
        "P1: whose? → P2 (… points, 1 cards)",
        f"you learnt: {card} in P2's hand",   # revealed (P3's first decision: news all the same)
    ]
    # P2 sees their own card; its worth, worked out from a hidden hand, is masked from every other player
    assert since(console.screens[7])[:4] == [
        f"P1: tell nobody that P2 holds {card}? → no",
        "P1: P2 has 1 cards worth …? → no",
        "P1: score …? → no",
        f"P1: say what? → {card} is P2's",
    ]
    # the trace (and the log: answers are numbers) keep everything
    choices = [e.what for e in entries if e.kind == "choice"]
    assert choices[:2] == [f"tell nobody that P2 holds {card}? -> no",
                           f"P2 has 1 cards worth {game.program.entities[p2.zones['hand'][0].name].fields['v']}? -> no"]


def test_alike_options_are_told_apart_and_keep_their_masks(interpreted):
    text = SPY.replace('option "{t} is on the table" { }', 'option "{t} is on the table" { } option "{t} is on the table" { }')
    text = text.replace('as "{p} ({worth(p)} points, {held(p)} cards)"', 'as "a hand worth {worth(p) * 0}"')
    game, console = hot_seat(text, 3, 1, interpreted, answers=["1", "1", "1", "3", "1", "2"])
    game.play()
    table = game.state.zones["table"][0].title
    # (the asker cannot see an opponent's hand: a worth read from it is masked from them too)
    assert "2. a hand worth … (2 of 2)" in console.screens[5]
    told = since(console.screens[6])
    assert f"P1: say what? → {table} is on the table (2 of 2)" in told
    assert "P1: whose? → a hand worth … (2 of 2)" in told


# Azul in small: titled zones, an indexed zone, counters and variables, two that share a title
TITLED = """
enum colour { blue "Blue", red "Red" }
kind tile { colour: colour; }
tile bt "Blue tile" * 3 { colour = blue; }
tile rt "Red tile" * 3 { colour = red; }
zone bag "Bag" of tile secret;
zone factory[1..2] "Factory display" of tile;
zone line[colour] "Pattern line" per_player of tile;
zone floor per_player of tile;
counter score "Score";
counter extra "Score" from 0 to 9;
var first_player "First player" global: player;
game small_azul {
  seats 2 to 2;
  phase setup { fill bag with tile; shuffle bag; draw 5 from bag to factory[1]; set first_player = players[1]; }
  phase play {
    repeat 2 { each players { pick t from factory[1] "take which?" { move t to line[t.colour]; gain 1 score; } } }
  }
  winner most score;
}
"""


def test_screens_name_zones_counters_and_variables_by_their_titles(interpreted):
    program = build_text(TITLED, interpreted=interpreted)
    assert program.labels == {
        "bag": "Bag", "factory[1]": "Factory display 1", "factory[2]": "Factory display 2",
        "line[blue]": "Pattern line Blue", "line[red]": "Pattern line Red",   # a member index by its title
        "score": "Score (score)", "extra": "Score (extra)",   # a title two share: each with its name
        "first_player": "First player"}   # `floor` has no title: shown by its name
    game, console = hot_seat(TITLED, 2, 1, interpreted)
    game.play()
    first, third = console.screens[0], console.screens[2]   # P1's first two screens
    assert "Game: First player: P1" in first and "Factory display 1: [" in first and "Bag: 1 secret" in first
    assert "empty zones: floor, Pattern line Blue, Pattern line Red" in first
    assert "Factory display 2" in first and "factory[" not in first and "first_player" not in first
    since = third.split("Since your last decision:")[1]
    assert "P1: Score (score) 0 → 1" in since and "Factory display 1 → your Pattern line " in since
    assert re.search(r"P2 +Score \(score\): 1 +Pattern line (Red|Blue) \[", third)   # the others' zones too
