"""`EXPR after PROC(args)` (5.1d): a value read in the state a proc call would leave, the call run on the
game and everything put back. The Chess audit's pack rewritten with it (tests/packs/chess_after: its overlay
of the board after a move replaced by `not in_check(p) after make(m)`; its board a `var board[square]`, the
pieces' moves `ray ... until`, `leap`, `step` and `shift`, the king found by a search) plays the FIDE facts
on both backends: the counts of legal moves of known positions (checked against an independent move
generator when they were written), castling, en passant, promotion, check, pins and mate; a small pack checks that nothing of the real game moves (state, RNG, log, messages), that
triggers run in the run, that its random draws are its own and replay, and the diagnostics."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse, analyse_text, build_text
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import pack_backends, sudden_outcome

CHESS = Path(__file__).parent / "packs" / "chess_after"
BACKENDS = ["compiled", "interpreted"]


@pytest.fixture(scope="module")
def chess(tmp_path_factory) -> dict:
    return pack_backends(tmp_path_factory, str(CHESS))


def moved(program, moves: str):
    """A game with these moves made (each a label of the mover's pick: `e1g1 castles`, `e5d6 e.p.` are one); its
    pending decision."""
    g = Game(program, 2, 1)
    d = g.start()
    for m in re.findall(r"\S+(?: castles| e\.p\.)?", moves):
        d = g.apply(m)
    return g, d


def test_the_chess_pack_lints_without_a_finding():
    assert [d.headline() for d in analyse(str(CHESS)).diagnostics] == []


@pytest.mark.parametrize("backend", BACKENDS)
def test_in_check_only_the_moves_that_answer_it_are_offered(chess, backend):
    # 1.e4 Na6 2.d3 Nb4 3.h3 Nxc2+: the knight checks; take it with the queen, or step the king aside
    _g, d = moved(chess[backend], "e2e4 b8a6 d2d3 a6b4 h2h3 b4c2")
    assert sorted(d.options) == ["d1c2", "e1d2", "e1e2"]


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_pinned_piece_does_not_leave_the_pin_and_the_king_does_not_step_into_check(chess, backend):
    # 1.d4 e6 2.Nc3 Bb4: the knight on c3 is pinned to the king on e1 (d2 is empty)
    _g, d = moved(chess[backend], "d2d4 e7e6 b1c3 f8b4")
    assert not [o for o in d.options if o.startswith("c3")] and "a2a3" in d.options
    # 1.e4 e5 2.f4 Qh4+: f2 is attacked by the queen, e2 is not; g3 blocks
    _g, d = moved(chess[backend], "e2e4 e7e5 f2f4 d8h4")
    assert "e1f2" not in d.options and sorted(d.options) == ["e1e2", "g2g3"]


@pytest.mark.parametrize("backend", BACKENDS)
def test_fools_mate_ends_in_mate(chess, backend):
    g, d = moved(chess[backend], "f2f3 e7e5 g2g4 d8h4")
    assert d is None and "Checkmate: P2 wins." in g.messages
    assert sudden_outcome(g) == (["P2"], "lost", "checkmate")   # P1 is mated: a loss at once


def test_both_backends_play_the_same_chess_games(chess):
    for seed in (1, 2, 3):
        games = []
        for b in BACKENDS:
            g, rng = Game(chess[b], 2, seed), random.Random(seed)
            d = g.start()
            for _ in range(24):
                games.append(sorted(d.options))
                d = g.apply(rng.randrange(len(d.options)))
            games.append((g.log, g.state.digest()))
        half = len(games) // 2
        assert games[:half] == games[half:]   # the same options at every decision, the same game


# Legal moves of known positions (FIDE 3): the counts, and the moves that change a third square.
@pytest.mark.parametrize("moves, count, special", [
    ("", 20, []),                                         # the initial position: 16 pawn moves, 4 knight moves
    ("e2e4", 20, []),
    ("e2e4 e7e5", 29, []),
    ("e2e4 e7e5 g1f3 b8c6 f1c4 f8c5", 33, ["e1g1 castles"]),          # short castling (3.8.2)
    ("e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1 castles", 29, []),           # Black may not castle yet (f8 taken)
    ("e2e4 a7a6 e4e5 d7d5", 31, ["e5d6 e.p."]),                        # en passant (3.7.3.1)
    ("d2d4 e7e5 d4e5 f7f5", 33, ["e5f6 e.p."]),
    ("e2e4 a7a6 e4e5 d7d5 g1f3 a6a5", 27, []),                        # ... only on the move right after
    # a pawn reaching the last rank must become a queen, rook, bishop or knight (3.7.5), capturing too
    ("b2b4 g7g5 b4b5 g5g4 b5b6 g4g3 b6a7 g3h2", 23, ["a7b8Bishop", "a7b8Knight", "a7b8Queen", "a7b8Rook"]),
    # the king may not castle across an attacked square (3.8.2.2: f1 under the bishop on a6)
    ("e2e4 b7b6 g1f3 c8a6 g2g3 e7e6 f1g2 g8f6", 24, []),
])
@pytest.mark.parametrize("backend", BACKENDS)
def test_the_legal_moves_of_known_positions(chess, backend, moves, count, special):
    _g, d = moved(chess[backend], moves)
    assert len(d.options) == count and sorted(o for o in d.options if len(o) > 4) == special


@pytest.mark.parametrize("backend", BACKENDS)
def test_two_plies_from_the_start_are_400_games(chess, backend):
    # perft(2) of the initial position: each of White's 20 first moves leaves Black 20 answers
    _g, d = moved(chess[backend], "")
    answers = [len(moved(chess[backend], first)[1].options) for first in d.options]
    assert answers == [20] * 20


PACK = """
kind coin { worth: int; }
coin a { worth = 1; }
coin b { worth = 2; }
coin c { worth = 3; }
zone deck of coin;
zone hand per_player of coin;
counter gold;
counter extra;
counter kept;
counter note global;
proc spend() {
  gain 5 gold;
  shuffle deck;
  draw 1 from deck to hand;
  set note = 7;
  say "spent";
}
whenever you gain(gold) { gain 1 extra; }
func top_worth(): int = if size(deck) > 0 then first(deck).worth else 0;
proc turn() {
  choose "first" { option "one" { } option "two" { } }
  let x = gold + extra + note + total(h in hand, h.worth) after spend();
  let t = top_worth() after spend();
  choose "second" { option "one" { set kept = x; } option "two" { set kept = t; } }
}
game g {
  seats 2 to 2;
  phase setup { move a to deck; move b to deck; move c to deck; }
  phase play { repeat 2 { each players: turn(); } }
  winner most kept;
}
"""


@pytest.mark.parametrize("interpreted", [False, True])
def test_nothing_of_the_real_game_moves(interpreted):
    program = build_text(PACK, interpreted=interpreted)
    g = Game(program, 2, 3)
    d = g.start()
    before = (g.state.digest(), g.rng.getstate(), list(g.log), list(g.messages), len(g.state.triggers))
    d = g.apply(0)   # the two hypotheticals run here
    assert d.prompt == "second"
    assert (g.state.digest(), g.rng.getstate(), g.log[:-1], list(g.messages), len(g.state.triggers)) == before
    d = g.apply(0)   # kept: 5 gold, the trigger's 1 bonus, the note 7, and the card drawn
    kept = g.state.players[0].stock["kept"]
    assert 5 + 1 + 7 + 1 <= kept <= 5 + 1 + 7 + 3 and g.state.players[0].zones["hand"] == []


def test_the_run_draws_from_its_own_generator_and_replays():
    compiled, interpreted = build_text(PACK), build_text(PACK, interpreted=True)
    for seed in range(1, 6):
        games = [Game(p, 2, seed, make_agents("random", 2, seed)) for p in (compiled, interpreted, compiled)]
        for g in games:
            g.play()
        assert games[0].log == games[1].log == games[2].log
        assert games[0].state.digest() == games[1].state.digest() == games[2].state.digest()


def test_a_trigger_that_asks_is_found_statically_with_its_path():
    # the run gains gold, and the game's trigger on gold asks: E480 at the 'after', through the trigger
    text = PACK.replace("whenever you gain(gold) { gain 1 extra; }",
                        'whenever you gain(gold) { choose "how?" { option "a" { } option "b" { } } }')
    d, e = analyse_text(text).diagnostics   # (both hypotheticals of the turn)
    assert d.code == e.code == "E480" and (d.span.line, e.span.line) == (23, 24) and "spend -> whenever you gain(gold)" in d.message
    assert any(":19:" in n and "choose" in n for n in d.notes)
    # a trigger on another counter is not fired by the run: no finding
    assert codes(text.replace("whenever you gain(gold)", "whenever you gain(kept)")) == []


def test_a_decision_reached_at_run_time_is_a_positioned_error():
    # the coin drawn is known only in play: its effect, copied in the run, asks (E480 at run time, at the 'after')
    text = PACK.replace("kind coin { worth: int; }", 'kind coin { worth: int; use: effect; }') \
        .replace("coin a { worth = 1; }", 'coin a { worth = 1; use { choose "how?" { option "a" { } option "b" { } } } }') \
        .replace("coin b { worth = 2; }", 'coin b { worth = 2; use { choose "how?" { option "a" { } option "b" { } } } }') \
        .replace("coin c { worth = 3; }", 'coin c { worth = 3; use { choose "how?" { option "a" { } option "b" { } } } }') \
        .replace('  say "spent";\n', '  say "spent";\n  for each x in hand { copy x.use; }\n')
    assert codes(text) == []
    for interpreted in (False, True):
        g = Game(build_text(text, interpreted=interpreted), 2, 1)
        g.start()
        with pytest.raises(RulesRuntimeError) as err:
            g.apply(0)
        assert err.value.code == "E480" and "how?" in str(err.value) and err.value.where is not None


def test_a_copy_of_a_named_card_that_asks_is_found_statically():
    text = PACK.replace("kind coin { worth: int; }", 'kind coin { worth: int; use: effect; }') \
        .replace("coin a { worth = 1; }", 'coin a { worth = 1; use { may "double?" { gain 1 gold; } } }') \
        .replace("coin b { worth = 2; }", "coin b { worth = 2; use { gain 2 gold; } }") \
        .replace('  say "spent";\n', '  say "spent";\n  copy b.use;\n')
    assert codes(text) == []   # b's effect does not ask (its gain fires the trigger on gold, which does not either)
    d, _ = analyse_text(text.replace("copy b.use;", "copy a.use;")).diagnostics
    assert d.code == "E480" and d.span.line == 24 and "spend -> copy a.use" in d.message and "a may" in d.message
    # through a trigger the copied effect fires: b gains gold, the trigger on gold asks
    asks = text.replace("whenever you gain(gold) { gain 1 extra; }", 'whenever you gain(gold) { may "more?" { } }') \
        .replace("gain 5 gold;", "gain 5 extra;")
    d, _ = analyse_text(asks).diagnostics
    assert d.code == "E480" and "spend -> copy b.use -> whenever you gain(gold)" in d.message


def test_an_end_of_the_game_through_a_trigger_is_e482():
    text = PACK.replace("whenever you gain(gold) { gain 1 extra; }",
                        "whenever you gain(gold) { gain 1 extra; }\nwhenever you gain(extra) { end game; }")
    d, _ = analyse_text(text).diagnostics
    assert d.code == "E482" and "spend -> whenever you gain(gold) -> whenever you gain(extra)" in d.message


def codes(text: str) -> list:
    return [(d.code, d.span.line) for d in analyse_text(text).diagnostics]


def test_a_decision_through_calls_is_e480_with_a_note_at_it():
    text = """counter vp;
proc ask() { may "take one?" { gain 1 vp; } }
proc go() { gain 1 vp; ask(); }
func more(): bool = vp > 1 after go();
"""
    (d,) = analyse_text(text).diagnostics
    assert d.code == "E480" and d.span.line == 4 and "go -> ask" in d.message
    assert any(":2:" in n and "may" in n for n in d.notes)


def test_misuse_codes():
    base = "counter vp;\nproc p() { gain 1 vp; }\nfunc f(): int = 1;\n"
    assert codes(base + "func a(): bool = vp > 1 after f();\n") == [("E481", 4)]
    assert codes(base + "func a(): bool = vp > 1 after nothing();\n")[0][0] == "E207"
    assert codes(base + "proc q() { gain 1 vp; end game; }\nfunc a(): bool = vp > 1 after q();\n") == [("E482", 5)]
    assert codes(base + "func a(n: int): bool = n > 1 after p();\n") == [("W510", 4)]
    assert codes(base + "func a(): bool = vp > 1 after p(3);\n")[0][0] == "E302"
    assert codes(base + "proc r() { pick x from 1..3 at random { gain x vp; } }\nfunc a(): bool = vp > 1 after r();\n") == []


@pytest.mark.parametrize("source, grouped", [
    ("a and b after p()", "Binary(op='and', left=Name(id='a'), right=After("),
    ("not a after p()", "After(value=Unary("),
    ("(a and b) after p()", "After(value=Binary("),
    ("not (a after p())", "Unary(op='not', operand=After("),
    ("a or b > 2 after p(1, x)", "Binary(op='or', left=Name(id='a'), right=After("),
])
def test_how_it_binds_and_prints_back(source, grouped):
    module = parse_text(f"func f(): bool = {source};\n", "t.rules")
    assert grouped in repr(module.items[0].value)
    text = format_module(module)
    assert parse_text(text, "t.rules") == module and format_module(parse_text(text, "t.rules")) == text


GO = """
record point "{x}-{y}" { x: 1..4; y: 1..4; }
var stone[1..4, 1..4] "Board" global: player;
counter captured "Captured";
func near(p: point): list of point = gather(q in point where abs(q.x - p.x) + abs(q.y - p.y) == 1, [q]);
func chain(p: point): list of point =
  reachable(q from p via gather(r in near(q) where stone[r.x, r.y] == stone[p.x, p.y], [r]));
func free(p: point): bool = some(q in chain(p), some(r in near(q) where stone[r.x, r.y] == none));
proc place(p: point) {
  set stone[p.x, p.y] = you;
  for each q in near(p) where stone[q.x, q.y] != none and stone[q.x, q.y] != you and not free(q) {
    for each r in chain(q) { set stone[r.x, r.y] = none; gain 1 captured; }
  }
}
proc turn() {
  pick p from point where stone[p.x, p.y] == none and free(p) after place(p) "place a stone" optional {
    place(p);
  }
}
game go "Go" {
  seats 2 to 2;
  phase play { repeat 12 { each players: turn(); } }
  winner most captured;
}
"""


def test_go_suicide_is_refused_and_both_backends_agree():
    compiled, interpreted = build_text(GO), build_text(GO, interpreted=True)
    for seed in range(1, 4):
        a, b = (Game(p, 2, seed, make_agents("random", 2, seed)) for p in (compiled, interpreted))
        a.play()
        b.play()
        assert a.log == b.log and a.state.digest() == b.state.digest()
    # P1 at 1-2 and 2-1 around the corner 1-1: P2 may not fill it (no liberty, nothing captured)
    g = Game(compiled, 2, 1)
    d = g.start()
    for label in ("1-2", "4-4", "2-1"):
        d = g.apply(label)
    assert "1-1" not in d.options and "3-3" in d.options


def test_a_trigger_the_proc_registers_is_not_its_decision():
    text = """counter vp;
proc arm() { gain 1 vp; whenever you gain(vp) { may "again?" { gain 1 vp; } } }
func more(): bool = vp > 1 after arm();
"""
    assert codes(text) == []
