"""The project's benchmark (not a test): lint+compile throughput, cache hits, and game speed.

    python bench/benchmark.py                 # everything, shipped packs
    python bench/benchmark.py --games 200     # more games per measurement

Every comparison (cold vs cached, compiled vs interpreted) is measured side by side in one run on
this machine, with the same seeds, so the ratios are fair even when the absolute numbers move.
The start-up of the `rulebook` command (fresh processes) is measured by bench/startup.py.
"""

from __future__ import annotations

import argparse
import functools
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulebook.compiler import driver  # noqa: E402
from rulebook.compiler.pack import pack_chain, shipped_packs  # noqa: E402
from rulebook.dsl.parser import _lark  # noqa: E402
from rulebook.runtime.agents import RandomAgent  # noqa: E402
from rulebook.runtime.engine import Game  # noqa: E402


def rules_lines(pack: str) -> int:
    """Lines of every rules file in a pack and the packs it extends."""
    return sum(len(p.read_text(encoding="utf-8").splitlines()) for pk in pack_chain(pack) for p in pk.files())


def best_of(fn, repeat: int) -> float:
    """The least CPU time of `repeat` runs of fn() (the run least disturbed by other work on the machine)."""
    times = []
    for _ in range(repeat):
        t = time.process_time()
        fn()
        times.append(time.process_time() - t)
    return min(times)


def bench_compile(packs: list[str], repeat: int) -> None:
    print("== lint + compile ==")
    t = time.perf_counter()
    _lark()
    print(f"grammar load (once per process): {1000 * (time.perf_counter() - t):.0f} ms")
    for pack in packs:
        lines = rules_lines(pack)

        def cold():
            with tempfile.TemporaryDirectory() as tmp:
                os.environ["RULEBOOK_CACHE"] = tmp
                driver.compile_pack(pack, use_cache=True)

        cold_s = best_of(cold, repeat)
        with tempfile.TemporaryDirectory() as tmp:
            os.environ["RULEBOOK_CACHE"] = tmp
            first = driver.compile_pack(pack)

            def warm():
                sys.modules.pop(driver.module_name(first.key), None)  # re-import from disk
                assert driver.compile_pack(pack).cached

            warm_s = best_of(warm, repeat)
        lint_s = best_of(lambda: driver.analyse(pack), repeat)
        print(f"{pack}: {lines} lines | lint {lines / lint_s:,.0f} lines/s | lint+compile cold "
              f"{lines / cold_s:,.0f} lines/s ({1000 * cold_s:.0f} ms) | cache hit {1000 * warm_s:.1f} ms")


def play_many(program, players: int, seeds: range, repeat: int = 3) -> float:
    """CPU seconds to play one random game per seed (the best of `repeat` batches: this machine is
    shared, and the fastest batch is the one least disturbed)."""
    best = float("inf")
    for _ in range(repeat):
        t = time.process_time()
        for seed in seeds:
            Game(program, players, seed, _agents(players, seed)).play()
        best = min(best, time.process_time() - t)
    return best


# expansions measured stacked on their base, at one player count: (base, expansions, players)
STACKS = [("seven_wonders", ("seven_wonders_cities",), 3),
          ("stupor_mundi", ("stupor_mundi_crusade", "stupor_mundi_projects"), 4),
          ("tapestry", ("tapestry_pp",), 4),
          ("tapestry", ("tapestry_aa",), 4),
          ("tapestry", ("tapestry_ff",), 4),
          ("tapestry", ("tapestry_pp", "tapestry_aa", "tapestry_ff"), 4)]


def bench_games(packs: list[str], games: int, interpreted_games: int) -> None:
    print("== full random games (one core, random agents) ==")
    engine, bare, protocol = engine_floor()
    print(f"engine floor (a rules game that only asks: 3 options, no rules work, 4 players): {engine:.2f} us "
          f"a decision = {engine / bare:.0f}x the bare generator floor ({bare:.2f} us), "
          f"{engine / protocol:.1f}x the decision-protocol floor ({protocol:.2f} us)")
    stacked = {e for _base, expansions, _players in STACKS for e in expansions}
    for pack in packs:
        if Path(pack).name in stacked:
            continue   # measured on its base by bench_stacks
        compiled = driver.compile_pack(pack).program
        if compiled.game is None:
            continue
        interpreted = driver.interpret_pack(pack)
        for players in compiled.seats():
            bench_line(pack, compiled, interpreted, players, games, interpreted_games)


def bench_stacks(packs: list[str], games: int, interpreted_games: int) -> None:
    """Games per second of each expansion of STACKS on its base, when the base or it is measured."""
    names = {Path(p).name for p in packs}
    for base, expansions, players in STACKS:
        if not names & {base, *expansions}:
            continue
        compiled = driver.compile_pack(base, expansions=expansions).program
        interpreted = driver.interpret_pack(base, expansions=expansions)
        bench_line(" + ".join((base, *expansions)), compiled, interpreted, players, games, interpreted_games)


def bench_line(label: str, compiled, interpreted, players: int, games: int, interpreted_games: int) -> None:
    """The lines of one player count: compiled and interpreted games per second, the cost per decision
    against the floors, by tenth of the game, and peak memory."""
    n_i = max(1, interpreted_games)
    seeds = range(n_i)
    comp_same = play_many(compiled, players, seeds)
    interp = play_many(interpreted, players, seeds)
    comp = play_many(compiled, players, range(games))
    sizes = [_decision_sizes(compiled, players, s) for s in range(games)]
    made = sum(map(len, sizes))
    per = 1e6 * comp / made
    bare, protocol = floor(sizes, bare_game), floor(sizes, protocol_game)
    engine = engine_floor()[0]
    print(f"{label} {players}p: compiled {games / comp:,.1f} games/s ({games} games) | interpreted "
          f"{n_i / interp:,.1f} games/s | compiled/interpreted on the same {n_i} seeds: "
          f"{interp / comp_same:.1f}x | ~{made / games:.0f} decisions/game")
    print(f"    per decision: {per:.1f} us = {per / bare:.0f}x the bare generator floor ({bare:.2f} us), "
          f"{per / protocol:.1f}x the decision-protocol floor ({protocol:.2f} us), "
          f"{per / engine:.1f}x the engine floor ({engine:.2f} us)")
    timed = timed_decisions(compiled, players, range(min(games, 50)))
    print("    us per decision by tenth of the game: " + _tenths(by_tenth(timed))
          + f" | peak memory per game {peak_memory_kib(compiled, players):,.0f} KiB")
    for prompt, share, tenths in by_tenth_per_prompt(timed):
        print(f"      after {prompt!r} ({share:.0%} of decisions): " + _tenths(tenths))
    print("    mix-adjusted (each decision's cost / its prompt's mean, x100): " + _tenths(mix_adjusted(timed)))


def _agents(players: int, seed: int) -> list:
    return [RandomAgent(seed * 10 + i) for i in range(players)]


def _decision_sizes(program, players: int, seed: int) -> list[int]:
    """The option count of every decision of one random game, in order."""
    game = Game(program, players, seed, _agents(players, seed))
    sizes = []
    d = game.start()
    while d is not None:
        sizes.append(d.size)
        d = game.apply(game.agents[d.player.index].choose(*game.offer(d)))
    return sizes


def bare_game(sizes: list[int]):
    """The floor of any engine: a generator that asks as many questions of the same sizes."""
    for size in sizes:
        yield size


class _Question:
    __slots__ = ("player", "prompt", "options", "size")

    def __init__(self, player, prompt, options, size):
        self.player, self.prompt, self.options, self.size = player, prompt, options, size


def _nested(inner, depth: int):
    if depth == 0:
        return (yield from inner)
    return (yield from _nested(inner, depth - 1))


def protocol_game(sizes: list[int]):
    """The floor of this engine's protocol: questions as objects, 5 effects deep, an agent, a log."""
    def leaf():
        for size in sizes:
            yield _Question(0, "which?", None, size)
    return _nested(leaf(), 5)


def floor(sizes: list[list[int]], make, repeat: int = 3) -> float:
    """CPU microseconds per decision of a floor game (bare_game or protocol_game) that makes the same
    random choices as the measured games."""
    import random

    best = float("inf")
    for _ in range(repeat):
        rng = random.Random(1)
        agent = RandomAgent(1) if make is protocol_game else None
        t = time.process_time()
        for game_sizes in sizes:
            gen, log = make(game_sizes), []
            try:
                asked = next(gen)
                while True:
                    if agent is None:
                        asked = gen.send(rng.randrange(asked))
                    else:
                        choice = agent.choose(asked, None)
                        log.append([asked.player, choice])
                        asked = gen.send(choice)
            except StopIteration:
                pass
        best = min(best, time.process_time() - t)
    return 1e6 * best / sum(map(len, sizes))


# a game whose decisions carry no rules work: what this engine costs a decision by itself
ENGINE_FLOOR_PACK = """
counter vp;
game floor {
  seats 1 to 4;
  phase play {
    repeat 100 {
      each players {
        choose "which?" {
          option "a" { gain 1 vp; }
          option "b" {}
          option "c" {}
        }
      }
    }
  }
  winner most vp;
}
"""


@functools.cache
def engine_floor(players: int = 4, games: int = 20) -> tuple[float, float, float]:
    """CPU microseconds per decision of a compiled rules game that only asks (three options, no
    rules work), the engine's own cost of a decision, with the bare and protocol floors of the same
    choices."""
    program = driver.build_text(ENGINE_FLOOR_PACK, name="engine-floor")
    sizes = [_decision_sizes(program, players, s) for s in range(games)]
    per = 1e6 * play_many(program, players, range(games)) / sum(map(len, sizes))
    return per, floor(sizes, bare_game), floor(sizes, protocol_game)


def timed_decisions(program, players: int, seeds: range) -> list[list[tuple[str, float]]]:
    """Per game, (the prompt answered, CPU seconds from that answer to the next question) for every
    step: the engine's and the rules' work between two decisions is charged to the decision whose
    answer set it off (the game's start is charged to the prompt "(start)")."""
    played = []
    for seed in seeds:
        game = Game(program, players, seed, _agents(players, seed))
        steps = []
        t = time.process_time()
        d = game.start()
        steps.append(("(start)", time.process_time() - t))
        while d is not None:
            prompt = d.prompt
            t = time.process_time()
            d = game.apply(game.agents[d.player.index].choose(*game.offer(d)))
            steps.append((prompt, time.process_time() - t))
        played.append(steps)
    return played


def _tenth_means(played, value) -> list[float]:
    """The mean of value(prompt, seconds) over the steps in each tenth of the games (None: no step)."""
    spent, counts = [0.0] * 10, [0] * 10
    for steps in played:
        for i, (prompt, seconds) in enumerate(steps):
            v = value(prompt, seconds)
            if v is not None:
                spent[10 * i // len(steps)] += v
                counts[10 * i // len(steps)] += 1
    return [s / c if c else None for s, c in zip(spent, counts)]


def _tenths(values) -> str:
    return " ".join("-" if v is None else f"{v:.0f}" for v in values)


def by_tenth(played) -> list[float]:
    """CPU microseconds per decision in each tenth of the games: a cost that grows as a game goes on
    shows here, whether a kind of decision grows or the costlier kinds come later (see mix_adjusted)."""
    return _tenth_means(played, lambda prompt, seconds: 1e6 * seconds)


def by_tenth_per_prompt(played, top: int = 3) -> list[tuple[str, float, list]]:
    """For the `top` most frequent prompts: (the prompt, its share of the steps, CPU microseconds
    after it in each tenth of the games): whether one kind of decision costs more as the game goes on."""
    counts: dict = {}
    for steps in played:
        for prompt, _ in steps:
            counts[prompt] = counts.get(prompt, 0) + 1
    total = sum(counts.values())
    return [(prompt, n / total, _tenth_means(played, lambda p, s, prompt=prompt: 1e6 * s if p == prompt else None))
            for prompt, n in sorted(counts.items(), key=lambda kv: -kv[1])[:top]]


def mix_adjusted(played) -> list[float]:
    """Each step's cost divided by the mean cost of its prompt over all the games, x100, by tenth: 100
    throughout when no kind of decision grows over a game, whatever the mix of kinds in each tenth."""
    spent: dict = {}
    for steps in played:
        for prompt, seconds in steps:
            s, n = spent.get(prompt, (0.0, 0))
            spent[prompt] = s + seconds, n + 1
    mean = {prompt: s / n for prompt, (s, n) in spent.items()}
    return _tenth_means(played, lambda prompt, seconds: 100 * seconds / mean[prompt] if mean[prompt] else None)


def peak_memory_kib(program, players: int, seed: int = 0) -> float:
    """The peak of memory allocated while one game is set up and played (tracemalloc), in KiB."""
    import tracemalloc

    tracemalloc.start()
    try:
        Game(program, players, seed, _agents(players, seed)).play()
        return tracemalloc.get_traced_memory()[1] / 1024
    finally:
        tracemalloc.stop()


EFFECT_PACK = """
resource coin cap 30;
resource food;
counter vp;
track path { space 1 { gain 1 coin; } space 2 { gain 1 vp; } space 3 { gain 2 vp; } }
func worth(n: int) = n * n + min(coin, 3) * 2 - 1;
proc effect() {
  repeat 20 {
    let n = count(p in players where p.coin > 1) + total(p in opponents, p.vp);
    if worth(n) > 3 and coin < 25 { gain 1 coin; } else { lose 1 coin; }
    each opponents: gain max(0, min(2, n - 1)) food;
    set vp = vp + (food * food) % 7;
  }
}
"""


def bench_effects(repeat: int, runs: int) -> None:
    """Expression- and statement-heavy effects without decisions: where the backends differ most."""
    print("== effect execution, compiled vs interpreted ==")
    compiled = driver.build_text(EFFECT_PACK)
    interpreted = driver.build_text(EFFECT_PACK, interpreted=True)

    def run(program):
        def go():
            game = Game(program, 4, 1)
            you = game.state.players[0]
            for _ in range(runs):
                for _ in program.procs["effect"](game, you):
                    raise AssertionError("no decisions expected")
        return go

    c = best_of(run(compiled), repeat)
    i = best_of(run(interpreted), repeat)
    print(f"{runs} runs of a 20-step effect: compiled {1000 * c:.1f} ms | interpreted {1000 * i:.1f} ms | "
          f"compiled is {i / c:.1f}x faster")


def bench_editor(pack: str, repeat: int) -> None:
    """`rulebook lsp` after a keystroke: re-lint the whole pack when one file changed (unsaved)."""
    from rulebook.compiler.workspace import Workspace, split_declarations

    print("== editor: re-lint the pack after an edit in one file (rulebook lsp) ==")
    files = pack_chain(pack)[-1].files()
    workspace = Workspace()
    for f in files:
        workspace.set_text(f, f.read_text(encoding="utf-8"))
    workspace.view(files[0]).diagnostics()
    worst = {"typing within a line": (0.0, ""), "a new line (later lines move)": (0.0, ""),
             "a syntax error": (0.0, "")}
    for f in files:
        text = f.read_text(encoding="utf-8")
        chunks = split_declarations(text)
        if not chunks:
            continue
        cut = chunks[len(chunks) // 2].offset + len(chunks[len(chunks) // 2].text) - 1  # before its last ';'/'}'
        for label, typed in zip(worst, (" ", "\n", " x")):
            edits = iter(range(1, 10 ** 6))

            def keystroke():
                workspace.set_text(f, text[:cut] + typed * (1 + next(edits) % 2) + text[cut:])
                workspace.view(f).diagnostics()

            worst[label] = max(worst[label], (best_of(keystroke, repeat), f.name))
        workspace.set_text(f, text)
    print(f"{pack}: {len(files)} files, slowest file per edit: " + " | ".join(
        f"{label} {1000 * t:.1f} ms ({name})" for label, (t, name) in worst.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="compiled games per player count")
    parser.add_argument("--interpreted-games", type=int, default=20, help="games per backend for the ratio")
    parser.add_argument("--repeat", type=int, default=5, help="timings per measurement (the best is kept)")
    parser.add_argument("packs", nargs="*", help="packs to measure (default: every shipped pack)")
    args = parser.parse_args()
    packs = args.packs or shipped_packs()
    keep = os.environ.get("RULEBOOK_CACHE")
    scratch = tempfile.mkdtemp(prefix="rulebook-bench-")
    try:
        bench_compile(packs, args.repeat)
        for pack in packs:
            bench_editor(pack, args.repeat)
        os.environ["RULEBOOK_CACHE"] = scratch
        bench_effects(args.repeat, 200)
        bench_games(packs, args.games, args.interpreted_games)
        bench_stacks(packs, args.games, args.interpreted_games)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        if keep is None:
            os.environ.pop("RULEBOOK_CACHE", None)
        else:
            os.environ["RULEBOOK_CACHE"] = keep


if __name__ == "__main__":
    main()
