"""The embedding API refuses misuse with E608 and leaves the game as it was: start() twice, bad
answers, answers from a player not asked, calls on a finished or broken game, bad seats, variants,
seeds and agents, views of seats that are not there or read after the game went on."""

from __future__ import annotations

import threading

import pytest

from rulebook.compiler.driver import build_text
from rulebook.runtime.agents import Agent, FirstAgent, RandomAgent, ScriptedAgent, make_agents
from rulebook.runtime.engine import SEED_LIMIT, Game, RulesRuntimeError, seating_refusal
from rulebook.runtime.record import GameLog, record, replay

# a small race: each round every player moves 1, 2 or 3 (or tries a crash: a rules error), then rolls
PACK = """
counter vp;
counter zero global;
die coin_flip { face "heads" { gain 1 vp; } face "tails" { } }
variant long "Four rounds";
proc turn() {
  choose "move" {
    option "one" { gain 1 vp; }
    option "two" { gain 2 vp; }
    option "three" { gain 3 vp; }
    option "crash" when vp >= 100 { gain (1 / zero) vp; }
  }
  roll coin_flip;
}
game race "Race" {
  seats 2 to 3;
  phase play { repeat 3 { each players { turn(); } } if enabled(long) { each players { turn(); } } }
  winner most vp;
}
"""


@pytest.fixture(scope="module", params=[False, True], ids=["compiled", "interpreted"])
def program(request):
    return build_text(PACK, interpreted=request.param)


def refused(call, *words: str) -> RulesRuntimeError:
    """The E608 a call raises; its message holds every word given."""
    with pytest.raises(RulesRuntimeError) as e:
        call()
    assert e.value.code == "E608", e.value
    for word in words:
        assert word in e.value.message, (word, e.value.message)
    return e.value


def snapshot(g: Game) -> tuple:
    """What a refused call must leave alone."""
    d = g.decision
    return ([list(e) for e in g.log], g.decisions_made, g.state.digest(), d and (d.player.index, d.prompt, d.options))


def replays(program, g: Game) -> None:
    """The game's log replays to the same state (a finished game) or its record is exact."""
    assert g.state.over
    again = replay(program, GameLog.model_validate(record(g).model_dump()))
    assert again.state.digest() == g.state.digest() and again.log == g.log


# ---------------------------------------------------------------- 1. start once; play continues
def test_start_twice_is_refused_and_changes_nothing(program):
    g = Game(program, 2, 4)
    g.start()
    g.apply(0)
    before = snapshot(g)
    refused(g.start, "already started")
    assert snapshot(g) == before


def test_play_after_answers_continues_from_the_pending_decision_and_replays(program):
    g = Game(program, 3, 4, make_agents("random", 3, 4))
    g.start()
    for answer in (2, 0, 1):
        g.apply(answer)
    assert [e for e in g.log if isinstance(e[0], int)] == [[0, 2], [1, 0], [2, 1]]
    g.play()
    decisions = [e for e in g.log if isinstance(e[0], int)]
    assert decisions[:3] == [[0, 2], [1, 0], [2, 1]] and len(decisions) == 9
    replays(program, g)
    refused(g.start, "over")
    assert g.play()["winners"] == g.result()["winners"]   # a finished game's play() is its result


# ---------------------------------------------------------------- 2. answers checked before the log
@pytest.mark.parametrize("answer", [1.0, None, True, "1", "four", [0], -1, 3])
def test_a_bad_answer_is_refused_before_it_is_logged(program, answer):
    g = Game(program, 2, 42)
    g.start()
    g.apply(0)
    before = snapshot(g)
    e = refused(lambda: g.apply(answer))
    assert e.where == g.decision.where   # placed at the decision asked
    assert snapshot(g) == before
    while g.decision is not None:   # the game goes on and replays
        g.apply(1)
    replays(program, g)


def test_labels_and_numpy_like_ints_are_answers_and_are_logged_as_indexes(program):
    class Index:   # what numpy.int64 offers: __index__, and no int type
        def __index__(self):
            return 2

    g = Game(program, 2, 7)
    g.start()
    g.apply("two")
    g.apply(Index())
    assert [e for e in g.log if isinstance(e[0], int)] == [[0, 1], [1, 2]]
    assert all(type(e[1]) is int for e in g.log if isinstance(e[0], int))
    refused(lambda: g.apply("crash"), "is not an option of 'move'", "'one', 'two', 'three'")


def test_an_agent_answering_with_a_label_plays(program):
    class ByLabel(Agent):
        def choose(self, decision, view):
            return "three"

    g = Game(program, 2, 3, [ByLabel(), ByLabel()])
    g.play()
    assert g.result()["scores"]["P1"][0] >= 9
    replays(program, g)


def test_the_player_asked_may_be_checked_by_index_or_name(program):
    g = Game(program, 2, 1)
    d = g.start()
    assert d.player.index == 0
    before = snapshot(g)
    refused(lambda: g.apply(0, player=1), "P1's (seat 0)", "not 1's")
    refused(lambda: g.apply(0, player="P2"), "not 'P2''s")
    assert snapshot(g) == before
    assert g.apply(0, player=0).player.name == "P2"
    g.apply(1, player="P2")


def test_apply_on_a_finished_or_unstarted_game_is_refused(program):
    g = Game(program, 2, 1)
    refused(lambda: g.apply(0), "start() the game first")
    g.start()
    while g.decision is not None:
        g.apply(0)
    result = g.result()
    refused(lambda: g.apply(0), "the game is over")
    assert g.result() == result


def test_after_a_rules_error_every_call_names_it_and_nothing_fakes_an_end(program):
    g = Game(program, 2, 1, make_agents("first", 2, 1))
    g.start()
    g.state.players[0].stock["vp"] = 100   # opens the crash option
    g.apply(0)
    g.apply(0)   # P2 moves; P1 is asked again, with "crash" offered
    assert g.decision.options[-1] == "crash"
    with pytest.raises(RulesRuntimeError) as first:
        g.apply("crash")
    assert first.value.code == "E601" and "ZeroDivisionError" in first.value.message
    assert g.error is first.value and g.decision is None and not g.state.over
    for call in (lambda: g.apply(0), g.start, g.play, g.clone):
        e = refused(call, "stopped on an error", "ZeroDivisionError")
        assert e.where == first.value.where
    assert not g.state.over


# ---------------------------------------------------------------- 3. what Game() checks
@pytest.mark.parametrize("players, words", [(1, "Race is for 2 to 3 players, not 1"), (4, "not 4"),
                                            (0, "not 0"), (True, "whole number"), ("2", "whole number")])
def test_game_refuses_a_player_count_the_pack_does_not_seat(program, players, words):
    refused(lambda: Game(program, players, 1), words)


def test_the_seat_check_is_the_one_logs_and_the_cli_give(program):
    assert seating_refusal(program, 4, []) == "Race is for 2 to 3 players, not 4"
    assert seating_refusal(program, 2, ["bogus"]) == "unknown variant 'bogus'; the pack has: long"
    assert seating_refusal(program, 3, ["long"]) is None
    assert program.seats() == range(2, 4) and list(program.variants) == ["long"]
    g = Game(program, 2, 1, make_agents("first", 2, 1))
    g.play()
    log = record(g).model_dump()
    with pytest.raises(RulesRuntimeError) as e:
        replay(program, GameLog.model_validate(dict(log, players=5)))
    assert e.value.code == "E604" and "Race is for 2 to 3 players, not 5" in e.value.message


def test_game_refuses_unknown_variants_seeds_and_agent_counts(program):
    refused(lambda: Game(program, 2, 1, variants=["bogus"]), "unknown variant 'bogus'; the pack has: long")
    refused(lambda: Game(program, 2, 1, variants="long"), "a list of names")
    refused(lambda: Game(program, 2, SEED_LIMIT), "within ±2^63")
    refused(lambda: Game(program, 2, -SEED_LIMIT - 1), "within ±2^63")
    refused(lambda: Game(program, 2, "x"), "the seed must be a whole number")
    refused(lambda: Game(program, 3, 1, make_agents("first", 2, 1)), "2 agents for 3 players")
    for seed in (SEED_LIMIT - 1, -SEED_LIMIT):
        g = Game(program, 2, seed, make_agents("first", 2, 1), ["long"])
        g.play()
        replays(program, g)


# ---------------------------------------------------------------- 4. views, agents, clone
def test_view_of_a_seat_that_is_not_there_is_refused(program):
    g = Game(program, 2, 1)
    g.start()
    assert g.view(1)["you"] == 1
    for seat in (-1, 2, 99):
        refused(lambda: g.view(seat), f"no seat {seat}", "0 to 1")
    refused(lambda: g.view(None), "whole number")


def test_play_without_agents_says_so_and_can_go_on_once_given(program):
    g = Game(program, 2, 1)
    refused(g.play, "one agent per seat (2), not 0")
    assert g.decision is not None and g.decisions_made == 0   # started, at its first decision
    g.agents = [FirstAgent()]
    refused(g.play, "not 1")
    g.agents = make_agents("first", 2, 1)
    g.play()
    replays(program, g)


def test_clone_takes_agents_instead_of_copying_them(program):
    class Locked(Agent):
        def __init__(self):
            self.lock = threading.Lock()   # cannot be deep-copied

        def choose(self, decision, view):
            with self.lock:
                return 1

    g = Game(program, 2, 5, [Locked(), Locked()])
    g.start()
    g.apply(2)
    with pytest.raises(TypeError):
        g.clone()
    twin = g.clone(agents=make_agents("first", 2, 5))
    assert twin.log == g.log and twin.state.digest() == g.state.digest()
    twin.play()
    g.play()
    assert twin.log != g.log   # each played on with its own agents


# ---------------------------------------------------------------- 5. a view belongs to its decision
def test_a_view_read_after_the_game_went_on_is_refused(program):
    g = Game(program, 2, 1)
    d = g.start()
    asked, early = g.offer(d)
    _asked, read = g.offer(d)
    _asked, late = g.offer(d)
    assert read["decision"]["options"] == ["one", "two", "three"]   # read in time: built now
    g.apply(0)
    assert read["you"] == 0 and read["decision"]["prompt"] == "move"   # built once, kept
    refused(lambda: early["decision"], "offered to P1 for 'move', which is no longer the pending decision",
            "Game.view(i)")
    refused(lambda: dict(late))
    assert asked.prompt == "move" and asked.size == 3


def test_a_refused_answer_keeps_the_offered_view_valid(program):
    g = Game(program, 2, 1)
    d = g.start()
    _asked, view = g.offer(d)
    refused(lambda: g.apply(7))
    assert view["decision"]["prompt"] == "move"


def test_random_play_is_unchanged_by_the_checks(program):
    """Seeded random games still play and replay (the checks sit on the hot path)."""
    for seed in range(3):
        g = Game(program, 3, seed, [RandomAgent(seed * 1000 + i) for i in range(3)], ["long"])
        g.play()
        replays(program, g)
        assert len([e for e in g.log if isinstance(e[0], int)]) == 12
        scripted = Game(program, 3, seed, [ScriptedAgent([e[1] for e in g.log if isinstance(e[0], int)])] * 3,
                        ["long"])
        scripted.play()
        assert scripted.state.digest() == g.state.digest()


def test_a_game_for_one_number_of_players_says_that_number_once():
    # the Chess audit: "Chess is for 2 to 2 players, not 4"
    chess = build_text('counter won;\ngame chess "Chess" { seats 2 to 2; phase play { end game; } winner most won; }\n')
    assert seating_refusal(chess, 4, []) == "Chess is for 2 players, not 4"
    solo = build_text('counter won;\ngame patience "Patience" { seats 1 to 1; phase play { end game; } winner most won; }\n')
    assert seating_refusal(solo, 2, []) == "Patience is for 1 player, not 2"


def test_simulate_prints_a_rate_below_one_game_a_second_with_its_digits():
    # the Chess and Ticket to Ride audits: an interpreted run printed "(0 games/s)"
    from rulebook.cli.simulate import _rate
    assert [_rate(r) for r in (0.08, 0.2, 3.456, 12.6, 183.8)] == ["0.08", "0.2", "3.5", "13", "184"]
