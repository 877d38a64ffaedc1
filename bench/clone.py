"""What `Game.clone()` and `record.resume` cost as a game goes on (not a test): both replay the game
from its start, so their cost grows with the decisions made.

    python bench/clone.py                      # the shipped packs at 100 and 1000 decisions
    python bench/clone.py stupor_mundi --at 100 500 1500

Each figure is the least CPU time of `--repeat` runs on the compiled backend (`--interpret`: the
reference interpreter), with a game of random
agents stopped at that many decisions (a pack whose games end sooner is measured where they end).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulebook.compiler.driver import compile_pack, interpret_pack  # noqa: E402
from rulebook.compiler.pack import shipped_packs  # noqa: E402
from rulebook.runtime.agents import make_agents  # noqa: E402
from rulebook.runtime.engine import Game  # noqa: E402
from rulebook.runtime.record import record, resume  # noqa: E402

from benchmark import best_of  # noqa: E402  (bench/ is on the path: this script's folder)


def stopped_at(program, players: int, seed: int, decisions: int) -> Game:
    """A game of random agents left at its pending decision after `decisions` decisions (or over)."""
    g = Game(program, players, seed, make_agents("random", players, seed))
    d = g.start()
    while d is not None and g.decisions_made < decisions:
        d = g.apply(g.agents[d.player.index].choose(*g.offer(d)))
    return g


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("packs", nargs="*", help="packs to measure (default: every shipped pack)")
    parser.add_argument("--at", type=int, nargs="+", default=[100, 1000], help="decisions made")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--interpret", action="store_true", help="measure the reference interpreter")
    args = parser.parse_args()
    print(f"{'pack':<22}{'decisions':>10}{'clone ms':>10}{'resume ms':>11}{'ms / 100 decisions':>20}")
    for pack in args.packs or sorted(shipped_packs()):
        program = interpret_pack(pack) if args.interpret else compile_pack(pack).program
        for at in args.at:
            g = stopped_at(program, args.players, args.seed, at)
            log = record(g)
            clone_ms = 1000 * best_of(g.clone, args.repeat)
            resume_ms = 1000 * best_of(lambda: resume(program, log), args.repeat)
            made = g.decisions_made
            print(f"{pack:<22}{made:>10}{clone_ms:>10.1f}{resume_ms:>11.1f}{100 * clone_ms / max(made, 1):>20.2f}"
                  + ("  (the game ended)" if g.state.over else ""))
            if g.state.over:
                break


if __name__ == "__main__":
    main()
