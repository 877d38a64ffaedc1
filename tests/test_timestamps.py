"""Replacements ordered by timestamp (Magic's 613.7: within a layer, effects apply in timestamp order; a permanent's
static ability has the timestamp of when the permanent came into play): the `=` lines in force on a use apply in the
order their sources came into force, a card's modifier (`modifier ... in ZONE`, 7.7b) from when its card came into
the zone, a `modifier` statement's from when it ran; the last one wins. Turn to Frog against Goblin Chieftain in
tests/packs/magic on both orders, the rule on inline rules, saved games, and packs that keep no timestamps."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game
from rulebook.runtime.record import load_state, save_state
from rulebook.runtime.state import HELD, StateError, check_saved

from .conftest import pack_program, rules_programs, run_answering, run_proc

MAGIC = Path(__file__).parent / "packs" / "magic"

magic = pack_program(MAGIC)


def frog_turn(program, lord_first: bool) -> tuple[list, Game]:
    """P1's turn with a Goblin Piker in play: P2 casts Turn to Frog on it at the beginning of combat; the Goblin
    Chieftain (other Goblins have haste) is in play before that (`lord_first`) or cast in P1's second main phase.
    Gives whether the Piker had haste, and its power, at each decision after the Frog resolved, and the game."""
    game = Game(program, 2, 1)
    me, them = game.state.players
    entities = program.entities

    def put(name, player, zone="battlefield"):
        game.move(entities[name], game.zone(player, zone))
        return entities[name]

    piker = put("goblin_piker", me)
    for k in range(1, 4):
        put("mountain" if k == 1 else f"mountain#{k}", me)
    for k in range(1, 5):
        put("forest" if k == 1 else f"forest#{k}", them)
    put("goblin_chieftain", me, "battlefield" if lord_first else "hand")
    put("turn_to_frog", them, "hand")
    put("giant_growth", them, "hand")   # keeps P2 asked at each window (declined)
    has = program.funcs["has"]
    frog = entities["turn_to_frog"]
    seen = []

    def answer(d):
        if frog in game.zone(them, "graveyard").items:   # the Frog resolved
            seen.append((has(game, me, piker, "haste"), game.valued(me, piker.fields["power"], ("power_of", {"c": piker}))))
        if d.prompt.startswith("play a card now") and frog in game.zone(them, "hand").items:
            return d.index_of("Turn to Frog")
        if d.prompt.startswith("target which") and d.player is them:
            return d.index_of("Goblin Piker")
        if d.prompt.startswith("play a land or cast") and "Goblin Chieftain" in d.options and seen:
            return d.index_of("Goblin Chieftain")   # the second main phase, after the Frog
        return len(d.options) - 1   # pass, decline, no attack
    run_answering(program.procs["turn"](game, me, True), answer)
    return seen, game


def test_a_lord_that_comes_into_play_after_the_frog_grants_its_haste(magic):
    """613.7: the Chieftain's "have haste" came into play after Turn to Frog's "loses all abilities": it wins."""
    seen, game = frog_turn(magic, lord_first=False)
    assert seen[0] == (False, 1)    # frogged: 1/1, no haste (the Chieftain still in hand)
    assert seen[-1] == (True, 2)    # the Chieftain cast after it: haste (layer 6, later), +1/+1 over the base 1/1
    entered = game.state.entered
    assert entered["goblin_chieftain"] > entered["turn_to_frog"] > entered["goblin_piker"]   # (the Frog: to the stack)


def test_a_lord_already_in_play_loses_to_the_later_frog(magic):
    """The Chieftain first, then Turn to Frog: the Frog's removal is later, and wins; the power is the Frog's
    base 1 with the lord's +1 on top whatever the order (layer 7b before 7c)."""
    seen, _game = frog_turn(magic, lord_first=True)
    assert seen and set(seen) == {(False, 2)}


TIMES = """
event bid(c: card);
kind card { }
zone board per_player of card;
zone box of card;
card appraiser "Appraiser" {
  modifier you bid in board { value = 2; }
}
proc enter(c: card) { move c to board; }
proc leave(c: card) { move c to box; }
proc decree() { modifier you bid { value = 5; } }
proc boost() { modifier you bid { value +1; } }
"""

times = rules_programs(TIMES)


def bid(game: Game) -> int:
    return game.valued(game.state.players[0], 0, ("bid", {"c": None}))


def played(program, *steps) -> Game:
    game = Game(program, 2, 1)
    card = game.program.entities["appraiser"]
    for step in steps:
        run_proc(game, step, *((card,) if step in ("enter", "leave") else ()))
    return game


def test_the_last_replacement_to_come_into_force_wins(times):
    program = times()
    assert bid(played(program, "enter", "decree")) == 5     # the statement's, later
    assert bid(played(program, "decree", "enter")) == 2     # the card's: it came into play after
    # a card that leaves and comes back is a new object: its timestamp is its new entry
    assert bid(played(program, "enter", "decree", "leave", "enter")) == 2
    # the additions come after the replacements whatever the order (7.7)
    assert bid(played(program, "boost", "enter", "decree")) == 6
    assert bid(played(program, "decree", "boost", "enter")) == 3


def test_a_saved_game_keeps_its_timestamps(times, tmp_path):
    program = times()
    game = played(program, "decree", "enter")
    data = game.state.to_json()
    assert data["clock"] == 2 and data["entered"] == {"appraiser": 2}
    assert [m[-1] for m in data["modifiers"]] == [HELD, HELD, 1]   # each seat's card modifier takes its card's timestamp
    save_state(game.state, tmp_path / "s.json")
    loaded = load_state(tmp_path / "s.json", program)
    assert loaded.to_json() == data and loaded.clock == 2 and [m.since for m in loaded.modifiers] == [HELD, HELD, 1]
    bad = dict(data, modifiers=[m[:10] + ["late"] for m in data["modifiers"]])
    with pytest.raises(StateError):
        check_saved(bad, program)


ADDS = TIMES.replace("value = 2;", "value +2;")

adds = rules_programs(ADDS)


def test_a_pack_without_card_replacements_keeps_no_timestamps(adds):
    """Only a card's `=` line can come into force out of the order of registration: without one the game keeps
    no timestamps, and its saved games and digests are as they were."""
    game = played(adds(), "enter", "decree")
    assert game.state.clock is None and "clock" not in game.state.to_json()
    assert bid(game) == 7 and all(len(m) == 10 for m in game.state.to_json()["modifiers"])


# the example of the language reference (7.7, timestamps): Dominion (a variant)
GUILD = """
resource coin "Coins";
event buy_province();
kind card { }
zone in_play per_player of card;
zone supply of card;
card bazaar_guild "Bazaar Guild" * 2 {
  modifier anyone buy_province in in_play { cost = 7 coin; }
}
proc trade_embargo() { modifier anyone buy_province until end of turn { cost = 10 coin; } }
proc setup() { gain 40 coin; fill supply with card; move first(supply) to in_play; }
proc buy() { pay 1 coin for buy_province(); }
proc turn(second: bool) {
  trade_embargo();
  buy();
  if second { move first(supply) to in_play; }
  buy();
}
"""

guild = rules_programs(GUILD)


def coins_after(program, second: bool) -> int:
    game = Game(program, 2, 1)
    for step, args in (("setup", ()), ("buy", ()), ("turn", (second,)), ("buy", ())):
        run_proc(game, step, *args)
    return game.state.players[0].stock["coin"]


def test_a_card_played_after_a_statement_replaces_its_cost(guild):
    program = guild()
    assert coins_after(program, second=False) == 40 - 7 - 10 - 10 - 7   # the Embargo's 10 while the turn lasts
    assert coins_after(program, second=True) == 40 - 7 - 10 - 7 - 7     # the second Guild came later: 7 again


def test_positions_alike_but_for_the_clock_are_one_position(times):
    """Only the order of the ticks counts (`pick ... longest` keys its positions by State.position): a card put in
    and taken out again leaves the clock further on, and the position as it was."""
    program = times()
    game = played(program, "decree", "enter")
    before, saved = game.state.position(), game.state.to_json()
    card = program.entities["appraiser"]
    for step in ("leave", "enter"):
        run_proc(game, step, card)
    assert game.state.to_json() != saved and game.state.position() == before
    run_proc(game, "decree")   # a second statement, later than the card: another position
    assert game.state.position() != before
