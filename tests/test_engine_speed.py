"""The third speed pass (issue 14): the driving loop of `play()`, the random agent's draw, and the
tables of indexed elements give the answers (and the errors) of the generic paths they replace."""

from __future__ import annotations

import gc
import random
from pathlib import Path

import pytest

from rulebook.compiler.driver import build_text
from rulebook.runtime.agents import RandomAgent, ScriptedAgent
from rulebook.runtime.engine import Elements, Game, RulesRuntimeError, ZoneRef, rng_seed

from .conftest import both_built, rules_programs, run_proc


class Sized:
    """A question of a given size (all the random agent reads)."""

    def __init__(self, size: int):
        self.size = size


def test_the_random_agent_draws_what_randrange_draws():
    agent, reference = RandomAgent(7), random.Random(rng_seed(7))
    sizes = [n for n in range(1, 130)] * 5 + [2**31 + 5, 3, 2**64 + 1]
    assert [agent.choose(Sized(n), None) for n in sizes] == [reference.randrange(n) for n in sizes]
    with pytest.raises(ValueError):   # nothing to choose from: refused as randrange refuses it
        agent.choose(Sized(0), None)


def test_a_zone_shuffles_as_random_shuffle_does():
    """Game.shuffle draws its indices itself (no Python frame per item): the same order as
    random.shuffle with the same generator, at every length, and the same draws consumed after."""
    game = Game(build_text("counter vp;\ngame g { seats 2 to 2; phase play {} winner most vp; }"), 2, 5)
    reference = random.Random()
    reference.setstate(game.rng.getstate())
    for n in [0, 1, 2, 3, 7, 8, 9, 31, 33, 200, 1000]:
        items, expected = list(range(n)), list(range(n))
        game.shuffle(ZoneRef(None, "deck", items))
        reference.shuffle(expected)
        assert items == expected
    assert game.rng.random() == reference.random()


def play_by_apply(game: Game) -> dict:
    """A game played by the public protocol, one `apply` a decision (what `play()` did before)."""
    d = game.start()
    while d is not None:
        d = game.apply(game.agents[d.player.index].choose(*game.offer(d)))
    return game.result(digest=False)


@pytest.mark.parametrize("players,seed", [(2, 3), (4, 11)])
def test_play_gives_the_game_the_apply_loop_gives(federation_programs, players, seed):
    program = federation_programs["compiled"]
    games = [Game(program, players, seed, [RandomAgent(seed * 10 + i) for i in range(players)]) for _ in range(2)]
    assert games[0].play() == play_by_apply(games[1])
    assert games[0].log == games[1].log and games[0].decisions_made == games[1].decisions_made
    assert games[0].state.digest() == games[1].state.digest() and games[0].state.over


PACK = """
enum estate { clergy, nobility, cities }
counter influence[estate] from 0 to 10;
kind card { level: int; home: estate = clergy; }
card mine { level = 1; }
card bank { level = 2; home = cities; }
counter held[card] global;
zone tableau per_player of card;
"""


program = rules_programs(PACK)


def test_elements_indexed_by_names_read_from_a_table_on_both_backends(program):
    game = Game(program("""proc p() {
      gain 1 held[mine];
      gain 2 influence[bank.home];
      let c = bank;
      gain 3 held[c];
    }"""), 2, 1)
    run_proc(game, "p")
    assert game.state.players[0].stock["influence[cities]"] == 2
    assert game.state.globals["held[bank]"] == 3 and game.state.globals["held[mine]"] == 1


def test_an_index_that_names_no_element_stops_play_with_the_runtime_message(program):
    game = Game(program("""var chosen: card;
      proc p() { gain 1 influence[mine.home]; gain 1 held[chosen]; }"""), 2, 1)
    with pytest.raises(RulesRuntimeError) as e:
        game.start(game.program.procs["p"](game, game.state.players[0]))
    assert e.value.code == "E601" and e.value.message == "held has no element none (it has mine, bank)"
    assert e.value.where.endswith(":10:47")   # placed at the statement, on both backends


def test_elements_indexed_by_a_cards_number_read_from_a_table_and_fail_as_rt_at(program):
    game = Game(program("""counter moon[1..3] global;
      kind rock { at: int; }
      rock r2 { at = 2; }
      rock r9 { at = 9; }
      rock rn { at = none; }
      proc p() { gain 4 moon[r2.at]; }
      proc q() { gain 1 moon[rn.at]; }
      proc s() { gain 1 moon[r9.at]; }"""), 2, 1)
    run_proc(game, "p")
    assert game.state.globals["moon[2]"] == 4
    if game.program.module_file:
        assert "_AT_moon" in Path(game.program.module_file).read_text()
    for proc, shown in (("q", "none"), ("s", "9")):
        with pytest.raises(RulesRuntimeError) as e:
            game.start(game.program.procs[proc](game, game.state.players[0]))
        assert e.value.message == f"moon has no element {shown} (it has 1, 2, 3)"


def test_elements_indexed_by_a_local_number_read_from_a_table_and_fail_as_rt_at(program):
    """A loop's or a parameter's number reads the table when it is a whole number; anything else
    (none here) gets `rt.at`'s answer, on both backends."""
    game = Game(program("""counter moon[1..3] global;
      kind rock { at: int; }
      rock rn { at = none; }
      proc bump(k: int) { gain k moon[k]; }
      proc p() { for each k in 1..3 { gain 1 moon[k]; } bump(3); }
      proc q() { bump(4); }
      proc s() { bump(rn.at); }"""), 2, 1)
    run_proc(game, "p")
    assert [game.state.globals[f"moon[{k}]"] for k in (1, 2, 3)] == [1, 1, 4]
    if game.program.module_file:
        assert "_AT_moon" in Path(game.program.module_file).read_text()
    for proc, shown in (("q", "4"), ("s", "none")):
        with pytest.raises(RulesRuntimeError) as e:
            game.start(game.program.procs[proc](game, game.state.players[0]))
        assert e.value.message == f"moon has no element {shown} (it has 1, 2, 3)"


def test_the_element_table_answers_as_rt_at():
    program = build_text(PACK, interpreted=False)
    game = Game(program, 2, 1)
    table = Elements("held", program.indexed["held"])
    mine = program.entities["mine"]
    assert table["mine"] == game.at("held", "mine") == table[mine] == "held[mine]"
    for bad in (True, 1, "nowhere", None):
        with pytest.raises(RulesRuntimeError) as by_table:
            table[bad]
        with pytest.raises(RulesRuntimeError) as by_at:
            game.at("held", bad)
        assert by_table.value.message == by_at.value.message


def test_play_reports_an_answer_out_of_range_as_apply_does(program):
    procs = 'proc p() { choose "which?" { option "a" { } option "b" { } } }'
    game = Game(program(procs + "\ngame g { seats 2 to 2; phase play { p(); } winner most influence[clergy]; }"), 2, 1,
                [ScriptedAgent([5])] * 2)
    with pytest.raises(RulesRuntimeError) as e:
        game.play()
    assert e.value.code == "E608" and "option 5 is not one of the 2 options" in e.value.message



AGGREGATES = """
resource coin;
counter vp;
kind card { worth: int; }
card a { worth = 1; }
card b { worth = 0; }
card c { worth = 3; }
zone hand per_player of card;
func any_rich() = some(x in hand where x.worth >= 3);
func any_worth() = some(x in hand, x.worth > 0);
func any_kept_worth() = some(x in hand where x.worth != 3, x.worth - 1 > 0);
func all_rich() = every(x in hand where x.worth >= 1);
func all_kept() = every(x in hand where x.worth > 0, x.worth >= 3);
func how_many() = count(x in hand where x.worth < 3);
func how_many_all() = count(x in hand);
func worth() = total(x in hand, x.worth * 2);
func worth_kept() = total(x in hand where x.worth > 0, x.worth);
func players_rich() = count(p in players where p.coin > 2);
func broken() = total(x in hand, 10 / x.worth);
func rich_or_count() = coin > 5 or some(x in hand where x.worth >= 3) or count(x in hand) > 1;
func all_and_total() = coin > 0 and every(x in hand, x.worth > 0) and total(x in hand, x.worth) > 2;
func zero_or_coin() = some(x in hand where x.worth == 0) or coin - 3 > 0;
func none_and() = vp > 0 and some(x in hand where x.worth < 2);
func held(c: card) = some(x in hand where x == c) and c.worth > 0;
func mixed() = (coin > 1 and some(x in hand where x.worth > 0)) or every(x in hand, x.worth == 1);
"""
QUERIES = ["any_rich", "any_worth", "any_kept_worth", "all_rich", "all_kept", "how_many", "how_many_all", "worth",
           "worth_kept", "players_rich", "rich_or_count", "all_and_total", "zero_or_coin", "none_and", "mixed"]


@pytest.mark.parametrize("hand", [[], ["a"], ["b"], ["c"], ["a", "b"], ["b", "c", "a"], ["c", "c"]])
def test_a_func_whose_value_is_an_aggregate_runs_as_a_loop_with_the_same_answers(hand):
    backends = both_built(AGGREGATES)
    source = Path(backends[0].module_file).read_text()
    # a loop over a zone (or the players) is bounded by the pack: compiled code does not count it
    assert "def f7_worth(rt, you):\n    'func worth'\n    total = 0\n    for v_x in you.refs['hand'].items:" in source
    answers = []
    for program, interpreted in zip(backends, (False, True)):
        game = Game(program, 2, 1)
        me = game.state.players[0]
        me.stock["coin"] = 3
        for name in hand:   # a hand may hold one card twice here: only the answers are compared
            me.zones["hand"].append(program.entities[name])
        steps = game.steps
        answers.append([program.funcs[q](game, me) for q in QUERIES[:10]])
        # a loop over a zone or the players is bounded by the pack: neither backend counts it
        assert game.steps == 0
        for coin in (0, 3, 9):
            me.stock["coin"] = coin
            answers.append([program.funcs[q](game, me) for q in QUERIES[10:]])
            answers.append([program.funcs["held"](game, me, program.entities[c]) for c in "abc"])
        assert game.steps == steps == 0
    half = len(answers) // 2
    assert answers[:half] == answers[half:]
    assert [type(v) for a in answers[:half] if type(a) is list for v in a] == \
        [type(v) for a in answers[half:] if type(a) is list for v in a]
    assert "    if not _v" in source and "return True  #" in source   # the chains run as loops too


def test_a_failing_aggregate_func_fails_alike_on_both_backends():
    errors = []
    for interpreted in (False, True):
        program = build_text(AGGREGATES + "proc q() { fill hand with card; gain broken() vp; }",
                             interpreted=interpreted)
        game = Game(program, 2, 1)
        with pytest.raises(RulesRuntimeError) as e:
            game.start(program.procs["q"](game, game.state.players[0]))
        errors.append((e.value.code, e.value.message, e.value.where))
    assert errors[0] == errors[1] and errors[0][0] == "E601" and "ZeroDivisionError" in errors[0][1]
    assert errors[0][2] == "_text_:19:17"   # at the func's value, on both backends


def test_a_game_keeps_at_most_30_attributes_of_its_own(federation_programs):
    """CPython 3.11 shares the names of an instance dict between the instances of a class while there
    are at most 30 of them; past that, every attribute read of every Game (the hot path: `self.state`,
    `self.pending`, `self.tracer`...) takes the slow way. Two attributes more once cost Federation 5%
    (bench/compare.py). An attribute needed only rarely is a class attribute, set on a game when used
    (Game.fell_off, Game.none_from)."""
    for program in federation_programs.values():
        game = Game(program, 4, 1, [RandomAgent(i) for i in range(4)])
        game.play()
        assert len(vars(game)) <= 30, sorted(vars(game))


def _inline_attributes(obj) -> bool:
    """Whether an object's attributes are still held inline (CPython 3.11: `gc.get_referents` gives
    its attributes' values), not in a dict made by reading its `__dict__` (then: the dict and the type)."""
    return not (len(gc.get_referents(obj)) == 2 and type(gc.get_referents(obj)[0]) is dict)


def test_playing_a_game_never_turns_its_attributes_into_a_dict(federation_programs):
    """Reading `vars(game)` or `game.__dict__` makes the game's attributes a dict for the rest of its
    life, and every attribute read after it slower: a `vars(self)` test in `play()` once cost Federation
    5% of its instructions (bench/instructions.py 40.8 -> 45.0 M a game). The engine tests what it needs
    another way (`Game.offer` replaced? `none_from` still the class's?)."""
    class Probe:
        def __init__(self):
            self.a, self.b, self.c = [], [], []
    probe = Probe()
    if not _inline_attributes(probe):
        pytest.skip("this Python keeps no inline attributes")
    vars(probe)
    assert not _inline_attributes(probe)   # the probe can tell
    for program in federation_programs.values():
        game = Game(program, 4, 1, [RandomAgent(i) for i in range(4)])
        game.play()
        assert _inline_attributes(game)


def test_an_agent_that_overrides_choose_is_asked_the_question(federation_programs):
    """A random agent is asked by the number of options alone; a subclass with a `choose` of its own
    is given the question and the view, as every other agent."""
    class Watching(RandomAgent):
        def choose(self, decision, view):
            self.asked += 1
            assert view is not None and decision.prompt
            return super().choose(decision, view)
    agents = [Watching(i) for i in range(2)]
    for agent in agents:
        agent.asked = 0
    game = Game(federation_programs["compiled"], 2, 5, agents)
    game.play()
    assert sum(a.asked for a in agents) == game.decisions_made
    plain = Game(federation_programs["compiled"], 2, 5, [RandomAgent(i) for i in range(2)])
    plain.play()
    assert plain.log == game.log   # the same draws either way


def test_a_question_works_out_its_shown_labels_only_when_read(federation_programs, monkeypatch):
    """`offer` gives every agent the question as its player is shown it (cards they cannot see by
    position), worked out when first read: an agent that reads only the size (random play through
    `apply`, an embedder's loop) pays nothing for it. Worked out for every decision, it once made that
    loop 1.5 times slower than `play()` (18.6 against 12.1 us a Federation decision)."""
    import rulebook.runtime.engine as engine
    import rulebook.runtime.view as view
    worked = []
    real = view.shown_options
    counting = lambda game, d: worked.append(d) or real(game, d)   # noqa: E731
    monkeypatch.setattr(view, "shown_options", counting)
    monkeypatch.setattr(engine, "shown_options", counting, raising=False)   # wherever it is called from
    game = Game(federation_programs["compiled"], 3, 2, [RandomAgent(i) for i in range(3)])
    assert play_by_apply(game)["winners"] and worked == []
    game = Game(federation_programs["compiled"], 3, 2, [RandomAgent(i) for i in range(3)])
    d = game.start()
    asked, _view = game.offer(d)
    assert asked.options and worked == [d]   # read: worked out once
    asked.options
    assert worked == [d]


NESTED = AGGREGATES + """
func pair_of_two() = some(x in hand where x.worth > 0 and some(y in hand where y.worth == x.worth + 2));
func pair_in_range() = coin > 0 and some(k in coin where some(x in hand where x.worth == k));
func first_rich() = first(x in hand where x.worth >= 1);
func first_any() = first(x in hand);
func hand_size() = size(hand);
"""


@pytest.mark.parametrize("hand", [[], ["a"], ["b", "c"], ["c", "a"], ["b", "a", "c"]])
def test_nested_some_first_and_size_run_without_generator_frames_and_answer_alike(hand):
    """`some(x where A and some(y where C))` runs as nested loops, a func's `first(...)` as a loop,
    `size(zone)` reads the live list: the same answers as the interpreter (issue 14)."""
    backends = both_built(NESTED)
    source = Path(backends[0].module_file).read_text()
    pair = source[source.index("def f17_pair_of_two"):source.index("def f18_")]
    assert "any(" not in pair and "        for v_y in you.refs['hand'].items:" in pair
    first = source[source.index("def f19_first_rich"):source.index("def f20_")]
    assert "next(" not in first and "return v_x  #" in first and "len(you.refs['hand'].items)" in source
    answers = []
    for program in backends:
        game = Game(program, 2, 1)
        me = game.state.players[0]
        for name in hand:
            me.zones["hand"].append(program.entities[name])
        for coin in (0, 1, 3):
            me.stock["coin"] = coin
            answers.append([repr(program.funcs[q](game, me)) for q in   # (each backend has its own cards)
                            ("pair_of_two", "pair_in_range", "first_rich", "first_any", "hand_size")])
    half = len(answers) // 2
    assert answers[:half] == answers[half:]
