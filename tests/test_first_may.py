"""`first VAR in PLAYERS [where C] may ["prompt"] [cost COST] { ... } [else { ... }]`: the players of a
list asked in its order, each deciding as themselves; the first who accepts runs the body with VAR
bound, `you` still the acting player; on both backends, logged and replayed, traced, printed back,
explained, checked (E385, W461); and Coup's challenges and blocks written with it (tests/coup_first)."""

from __future__ import annotations

from pathlib import Path

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.runtime.engine import Game

from .conftest import drive, holding, found_at, on_both_backends, printed_back, random_games_agree, replays_through_json, the_one_error

# Liar's Dice in small: after a bid, any other player may call it, asked from the bidder's left; the
# first who calls does. A call costs a chip; who has none is not asked.
PACK = """
resource chip "Chips";
counter vp;
counter calls global;
var caller global: player;
proc bid(n: int) {
  first q in others_from(you) where q.vp < 5 may "call {you}'s bid of {n}?" cost 1 chip {
    set caller = q;
    gain 1 calls;
    each q { gain 1 vp; }
  } else {
    gain 1 vp;
  }
}
proc plain() {
  first q in others_from(you) may { gain 1 chip; }
}
"""

GAME = """
game dice {
  seats 2 to 5;
  phase setup { each players { gain 2 chip; } }
  phase play {
    repeat 3 {
      each players { bid(2); plain(); }
    }
  }
  winner most vp;
}
"""

program = on_both_backends(lambda interpreted: build_text(PACK + GAME, interpreted=interpreted))



def run(g, proc, seat=0, answers=(), args=()):
    return drive(g, g.program.procs[proc](g, g.state.players[seat], *args), answers)


def test_asked_in_the_lists_order_and_the_first_who_accepts_runs_the_body(program):
    g = holding(program, chip=[1, 1, 1, 1])
    asked = run(g, "bid", seat=1, answers=["no", "yes"], args=(3,))   # from P2's left: P3, then P4 accepts
    assert [d.player.name for d in asked] == ["P3", "P4"]
    assert asked[0].prompt == "call P2's bid of 3?" and asked[0].options == ["no", "yes"]   # `you`: the bidder
    assert g.state.gvars["caller"].name == "P4" and g.state.globals["calls"] == 1
    assert [p.stock["chip"] for p in g.state.players] == [1, 1, 1, 0]   # the caller paid
    assert [p.stock["vp"] for p in g.state.players] == [0, 0, 0, 1]     # `each q`: the caller's side


def test_nobody_accepting_runs_else_as_the_actor(program):
    g = holding(program, chip=[1, 1, 1])
    asked = run(g, "bid", answers=["no", "no"], args=(2,))
    assert [d.player.name for d in asked] == ["P2", "P3"]
    assert g.state.globals["calls"] == 0 and [p.stock["vp"] for p in g.state.players] == [1, 0, 0]


def test_who_cannot_pay_or_fails_where_is_not_asked(program):
    g = holding(program, chip=[1, 0, 1, 1])   # P2 has no chip
    g.state.players[2].stock["vp"] = 5   # P3 fails `where q.vp < 5`
    asked = run(g, "bid", answers=["yes"], args=(2,))
    assert [d.player.name for d in asked] == ["P4"] and g.state.gvars["caller"].name == "P4"
    g = holding(program, chip=[0, 0])
    assert run(g, "bid", args=(1,)) == [] and g.state.players[0].stock["vp"] == 1   # nobody to ask: else


def test_the_default_prompt_and_the_trace(program):
    g = holding(program, chip=[0, 0, 0])
    trace = []
    g.tracer = trace.append
    asked = run(g, "plain", answers=["no", "yes"])
    assert asked[0].prompt == "take this optional effect?"
    assert "P1: first asked P2, P3: P3 accepted" in [e.describe() for e in trace]
    g = holding(program, chip=[0, 0])
    g.tracer = trace.append
    run(g, "plain", answers=["no"])
    assert "P1: first asked P2: nobody accepted" in [e.describe() for e in trace]


def test_random_agents_play_to_the_end_on_both_backends_alike():
    random_games_agree(PACK + GAME)


def test_a_logged_game_replays(program):
    replays_through_json(program, 7)


def test_it_prints_back_and_reads_in_words():
    module, printed = printed_back(PACK + GAME)
    assert """first q in others_from(you) where q.vp < 5 may "call {you}'s bid of {n}?" cost 1 chip {""" in printed
    assert "  } else {" in printed
    result = analyse_text(PACK + GAME)
    assert result.ok and not result.diagnostics, result.diagnostics
    words = " ".join(reading(result.symbols.decls["bid"], result.symbols))
    assert "Ask every player but you in turn order" in words and ", those for whom q has fewer than 5 VP, one after " \
           "another in that order, as q, whether they accept (call [you]'s bid of [n]?) (paying 1 chip)" in words
    assert "(paying 1 chip)" in words and "If q accepted, you (still acting) do:" in words
    assert "If nobody accepted:" in words


def test_misuse_is_placed():
    base = "resource chip;\nproc a(p: player) {\n"
    the_one_error(analyse_text(base + "  first q in p may { gain 1 chip; }\n}\n"), "E385", "not a player", line=3)
    the_one_error(analyse_text(base + "  first q in 1..3 may { gain 1 chip; }\n}\n"), "E385", "not a number", line=3)
    assert ("E385", 3, 14) in found_at(base + "  first q in 1..3 may { gain 1 chip; }\n}\n")
    assert ("W461", 3, 14) in found_at(base + "  first q in opponents may { gain 1 chip; }\n}\n")
    assert not [f for f in found_at(base + "  first q in others_from(p) may { gain 1 chip; }\n}\n") if f[0] != "W401"]


def test_a_proc_may_return_through_it_on_both_backends(program):
    text = PACK + GAME + """
proc stands(p: player): bool {
  first q in others_from(p) may "challenge {p}?" { return false; }
  return true;
}
"""
    for interpreted in (False, True):
        g = Game(build_text(text, interpreted=interpreted), 3, 1)
        gen = g.program.procs["stands"](g, g.state.players[0], g.state.players[0])
        asked = drive(g, gen, ["no", "yes"])
        assert [d.prompt for d in asked] == ["challenge P1?"] * 2


COUP = Path(__file__).parent / "coup_first"


def test_coups_challenges_and_blocks_need_no_flag():
    text = (COUP / "coup.rules").read_text()
    assert "let taker" not in text and "set challenges" not in text and "set blocks" not in text.split("proc assassinate")[0]
    result = analyse_text(text)
    assert result.ok and not [d for d in result.diagnostics if d.severity != "info"], result.diagnostics
    random_games_agree(text, seeds=range(1, 4), counts=(2, 4))


def test_each_one_asked_sees_their_own_question_only(program):
    g = Game(program, 3, 5)
    d = g.start()
    seen = 0
    while d is not None and seen < 40:
        views = [g.view(i) for i in range(3)]
        assert [v["decision"] is not None for v in views] == [i == d.player.index for i in range(3)]
        if d.prompt.startswith("call "):   # the bidder's name in it, the caller deciding
            seen += 1
            assert d.prompt != f"call {d.player.name}'s bid of 2?"
        d = g.apply(d.size - 1)
    assert seen


def test_you_and_the_each_player_shown_in_one_text_are_warned_about():
    text = """resource coin;
proc steal(t: player) {
  each t {
    may "{t}: block {you}'s steal?" { gain 1 coin; }
    say "{t} and {left(you)} have {t.coin} and {coin}";
  }
  let thief = you;
  each t { may "{t}: block {thief}'s steal?" { gain 1 coin; } }
  first q in others_from(t) may "{q}: block {you}'s steal?" { gain 1 coin; }
  each others_from(t) { say "{you} and {t}"; }
  each t { for each t in others_from(you) { say "{you} asks {t}"; } }
}
"""
    found = [f for f in found_at(text) if f[0].startswith("W46")]
    assert found == [("W462", 4, 22)]   # the audit's mistake only: not left(you), t.coin, thief, first, another t
    (d,) = [d for d in analyse_text(text).diagnostics if d.code == "W462"]
    assert "'let actor = you;'" in d.hint and "first" not in d.hint   # t is one player: `first t in t` is E385
    listed = "resource coin;\nproc steal(t: player) {\n  let ts = others_from(t);\n" \
             "  each ts { may \"{ts}: block {you}'s steal?\" { gain 1 coin; } }\n}\n"
    (d,) = [d for d in analyse_text(listed).diagnostics if d.code == "W462"]
    assert "'first p in ts may'" in d.hint   # a list of players: `first` asks them in turn
