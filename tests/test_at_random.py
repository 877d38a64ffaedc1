"""`pick VAR from DOMAIN [where C] [exactly N] at random { ... } [else { ... }]`: the game's seeded RNG
picks, nobody is asked; logged as a random outcome and replayed; on both backends, printed back,
explained, checked (E326 for what only a player's pick has)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.agents import ScriptedAgent, make_agents
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.record import GameLog, record, replay, resume
from rulebook.runtime.view import changes, shown_prompt, told

from .conftest import on_both_backends, parse_error, run_answering, run_proc, the_one_error

# Catan's robber steals a random card from a hidden hand; the start player is chosen at random.
PACK = """
counter vp;
var starter global: player;
kind res { worth: int; }
res brick "Brick" * 3 { worth = 1; }
res ore "Ore" * 2 { worth = 2; }
res wool "Wool" { worth = 3; }
zone bank of res;
zone hand per_player of res hidden from owner;
zone discard of res;
proc steal(victim: player) {
  pick c from victim.hand at random {
    move c to hand;
    gain 1 vp;
  } else {
    say "nothing to steal";
  }
}
proc toss(n: int) {
  pick c from hand where c.worth >= 1 exactly n at random { move c to discard; }
}
proc start() {
  pick p from players at random { set starter = p; }
}
"""

GAME = """
game robbers {
  seats 2 to 4;
  phase setup {
    fill bank with res;
    shuffle bank;
    each players { draw 2 from bank to hand; }
    start();
  }
  phase play {
    repeat 2 {
      each players {
        pick v from players where v != you "rob whom?" { steal(v); }
      }
    }
    toss(1);
  }
  winner most vp;
}
"""

program = on_both_backends(lambda interpreted: build_text(PACK + GAME, interpreted=interpreted))


def names(game, zone, seat=0):
    return [e.name for e in game.state.players[seat].zones[zone]]


def deal(game, seat, *cards):
    for name in cards:
        game.move(game.program.entities[name], game.zone(game.state.players[seat], "hand"))


def played(program, seed, players=3):
    g = Game(program, players, seed, make_agents("random", players, seed))
    g.play()
    return g


def test_a_random_pick_asks_nobody_and_takes_one_candidate(program):
    g = Game(program, 2, 1)
    deal(g, 1, "brick", "ore")
    run_proc(g, "steal", g.state.players[1])   # no answers: nothing is asked
    assert len(names(g, "hand", 1)) == 1 and len(names(g, "hand")) == 1
    assert set(names(g, "hand") + names(g, "hand", 1)) == {"brick", "ore"}
    assert g.state.players[0].stock["vp"] == 1
    assert g.log == [["pick", "c", ["brick", "ore"].index(names(g, "hand")[0])]]


def test_an_empty_domain_runs_else_and_draws_nothing(program):
    g = Game(program, 2, 1)
    state = g.rng.getstate()
    run_proc(g, "steal", g.state.players[1])
    assert g.messages == ["P1: nothing to steal"] and g.log == []
    assert g.rng.getstate() == state


def test_exactly_n_at_random_picks_different_ones_fewer_when_fewer_are_left(program):
    g = Game(program, 2, 3)
    deal(g, 0, "brick", "ore", "wool")
    run_proc(g, "toss", 2)
    assert len(names(g, "hand")) == 1 and len(set(e.name for e in g.zone(None, "discard").items)) == 2
    run_proc(g, "toss", 5)
    assert names(g, "hand") == [] and len(g.zone(None, "discard").items) == 3
    assert [e[0] for e in g.log] == ["pick"] * 3


def test_the_same_seed_gives_the_same_game_and_every_seat_can_start(program):
    first = played(program, 7)
    again = played(program, 7)
    assert first.log == again.log and first.state.digest() == again.state.digest()
    assert any(e[0] == "pick" for e in first.log)
    starters = {played(program, seed).state.gvars["starter"].index for seed in range(1, 40)}
    assert starters == {0, 1, 2}   # uniform among the three seats: each comes up


def test_both_backends_pick_alike():
    compiled, interpreted = (build_text(PACK + GAME, interpreted=i) for i in (False, True))
    for seed in (1, 2, 3):
        a, b = played(compiled, seed), played(interpreted, seed)
        assert a.log == b.log and a.state.digest() == b.state.digest()


def test_a_logged_game_replays_and_a_changed_pick_diverges(program):
    g = played(program, 5)
    log = record(g)
    assert replay(program, log).state.digest() == g.state.digest()
    again = GameLog.model_validate_json(log.model_dump_json())   # through JSON, as a file
    assert replay(program, again).state.digest() == g.state.digest()
    entries = [list(e) for e in again.entries]
    i = next(i for i, e in enumerate(entries) if e[0] == "pick")
    entries[i][2] += 1
    tampered = again.model_copy(update={"entries": [tuple(e) for e in entries]})
    with pytest.raises(RulesRuntimeError) as err:
        replay(program, tampered)
    assert err.value.code == "E603"
    back = resume(program, log, until=2)   # a game resumed among random picks goes on alike
    assert back.log == [list(e) for e in log.entries[:len(back.log)]]


def test_the_trace_says_what_was_picked(program):
    g = Game(program, 2, 1)
    deal(g, 1, "wool")
    trace = []
    g.tracer = trace.append
    run_proc(g, "steal", g.state.players[1])
    assert "P1: picked at random: Wool" in [e.describe() for e in trace]


def test_a_random_pick_from_a_hidden_hand_is_no_blind_choice():
    """W421 is for a player picking among cards they cannot see; nobody picks here."""
    result = analyse_text(PACK + GAME)
    assert result.ok and not [d for d in result.diagnostics if d.code == "W421"], result.diagnostics


def test_it_prints_back_and_reads_in_words():
    module = parse_text(PACK + GAME)
    printed = format_module(module)
    assert "pick c from victim.hand at random {" in printed
    assert "pick c from hand where c.worth >= 1 exactly n at random {" in printed
    assert parse_text(printed) == module
    result = analyse_text(PACK + GAME)
    steal = [w.strip() for w in reading(result.symbols.decls["steal"], result.symbols)]
    assert steal[0] == "Pick one c at random (nobody chooses) from victim's hand, then:"
    assert "If there was none to pick:" in steal
    toss = [w.strip() for w in reading(result.symbols.decls["toss"], result.symbols)]
    assert "not picked before at random (nobody chooses)" in toss[0]


@pytest.mark.parametrize("pick, what", [
    ('pick c from hand "which?" at random { }', "a prompt"),
    ('pick c from hand as "{c}" at random { }', "a label"),
    ("pick c from hand optional at random { }", "no 'none'"),
    ("pick c from hand repeatedly at random { move c to discard; }", "'repeatedly'"),
    ("pick c from hand up to 2 at random { }", "'up to N'"),
    ("each players simultaneously pick c from hand at random { }", "simultaneously"),
])
def test_what_only_a_question_has_is_e326(pick, what):
    text = PACK + f"proc q() {{ {pick} }}"
    the_one_error(analyse_text(text), "E326", what, line=PACK.count("\n") + 1)
    module = parse_text(text)   # printed back all the same, `at random` last
    printed = format_module(module)
    assert parse_text(printed) == module and "at random {" in printed


def test_at_and_random_stay_names():
    result = analyse_text(PACK + "counter at; counter random;\nproc q() { gain 1 at; gain random random; }")
    assert not [d for d in result.diagnostics if d.severity == "error"], result.diagnostics
    d = parse_error(PACK + "proc q() { pick c from hand at rando { } }")
    assert d.code == "E100" and "at random" in d.message


def test_a_scripted_game_is_never_asked_for_a_random_pick(program):
    g = Game(program, 2, 4, [ScriptedAgent([0, 0, 0, 0, 0])] * 2)
    g.play()   # two rounds of "rob whom?" for two seats (one candidate: not asked) and no other question
    assert g.state.over and all(type(e[0]) is str or e[1] == 0 for e in g.log)


# Catan's robber seen from each screen: P1 robs P2's hand (hidden: only P2 sees it), P3 looks on
ROBBER = """
kind res { worth: int; }
res brick "Brick" { worth = 1; }
res ore "Ore" { worth = 2; }
res wool "Wool" { worth = 3; }
zone hand per_player of res hidden;
var stolen global: res;
proc rob(victim: player) {
  pick c from victim.hand at random {
    set stolen = c;
    may "keep the one worth {c.worth}?" { move c to hand; }
  }
}
"""

robber = on_both_backends(lambda interpreted: build_text(ROBBER, interpreted=interpreted))


def robbed(program, seed):
    """A robbery of P2's brick, ore and wool by P1 (3 seats, `seed`): the card picked, the log, each
    seat's view before the pick, while P1 is asked whether to keep it and after, and the question as
    P1 is shown it and as each seat is told it."""
    g = Game(program, 3, seed)
    for name in ("brick", "ore", "wool"):
        g.move(program.entities[name], g.zone(g.state.players[1], "hand"))
    before = [g.view(i) for i in range(3)]
    asked = {}

    def answer(d):
        asked.update(views=[g.view(i) for i in range(3)], shown=shown_prompt(g, d),
                     told=[told(g, i, d.prompt) for i in range(3)])
        return d.index_of("yes")

    run_answering(program.procs["rob"](g, g.state.players[0], g.state.players[1]), answer)
    picked = g.state.players[0].zones["hand"][0].name
    return picked, g.log, before, asked, [g.view(i) for i in range(3)]


def test_a_random_pick_shows_each_seat_what_the_rules_say_and_no_more(robber):
    outcomes = {}
    for seed in range(1, 40):
        picked, log, before, asked, after = robbed(robber, seed)
        outcomes.setdefault(picked, (log, before, asked, after))
    assert set(outcomes) == {"brick", "ore", "wool"}   # each card comes up
    for picked, (log, before, asked, after) in outcomes.items():
        assert log == [["pick", "c", ["brick", "ore", "wool"].index(picked)]]
        thief, victim, bystander = (after[i]["players"] for i in range(3))
        # before: only the victim sees their hand
        assert [e["name"] for e in before[1]["players"][1]["zones"]["hand"]["items"]] == ["brick", "ore", "wool"]
        assert all("items" not in before[i]["players"][1]["zones"]["hand"] for i in (0, 2))
        # while the thief is asked: the card is still in the victim's hand, which the thief cannot see,
        # so the variable holding it shows its kind only and its worth is masked from the thief too
        # (it is the victim's hand's card: only the victim is told it)
        assert asked["shown"] == "keep the one worth …?"
        assert asked["told"] == ["keep the one worth …?"] * 3   # a worth is no card: masked from all
        assert [v["vars"]["stolen"] for v in asked["views"]] == [
            {"entity": None, "kind": "res"}, {"entity": picked}, {"entity": None, "kind": "res"}]
        # after: the thief sees the card in their hand, the victim their hand without it (and it gone
        # out of their sight), the bystander two sizes change
        assert [e["name"] for e in thief[0]["zones"]["hand"]["items"]] == [picked]
        assert [e["name"] for e in victim[1]["zones"]["hand"]["items"]] == \
            [n for n in ("brick", "ore", "wool") if n != picked]
        assert [v["vars"]["stolen"] for v in after] == [
            {"entity": picked}, {"entity": None, "kind": "res"}, {"entity": None, "kind": "res"}]
        title = picked.capitalize()
        assert changes(before[0], after[0]) == ["stolen none → " + title, f"unseen → your hand: {title}",
                                                "P2's hand: 3 → 2 (hidden)"]
        assert f"your hand → out of sight: {title}" in changes(before[1], after[1])
        assert changes(before[2], after[2]) == ["stolen none → a card or tile you cannot see",
                                                "P1's hand: 0 → 1 (hidden)", "P2's hand: 3 → 2 (hidden)"]
        for view in (*before, *asked["views"], *after):
            assert "log" not in view and picked not in str(view["messages"])
    # the bystander's screen is the same whichever card was picked, before, during and after; so is
    # the thief's until the card is theirs: neither the log's index nor anything else tells it
    screens = [(before, asked["views"], after) for _log, before, asked, after in outcomes.values()]
    for seat, moments in ((2, (0, 1, 2)), (0, (0, 1))):
        for moment in moments:
            assert all(run[moment][seat] == screens[0][moment][seat] for run in screens), (seat, moment)
