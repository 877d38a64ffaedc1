"""Quoridor's walls before and after a change, side by side in one run: this tree against a git commit.

    python bench/walls.py c2be2807
    python bench/walls.py c2be2807 --seed 2 --no-interpreted-game

Each wall offered is tested with two path searches (`connects(... via open_beside(x))`) read `after put(w)`
(tests/packs/quoridor), the case of a cost that stays flat in issue 14. Each tree, in a fresh process, times
(CPU seconds) the walls offered on the opening position and one seeded random game whose players place their
twenty walls, compiled and interpreted, and both trees must play the same game (its log and its messages), each tree
on its own Quoridor pack (a pack that keeps its walls otherwise holds another state, so the final digests may differ).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compare import ROOT, checked_out, shim  # noqa: E402

PACK = Path("tests") / "packs" / "quoridor"   # within each tree: its own pack

# Run in a fresh interpreter per tree, the `rulebook` package found in the tree's shim folder (as compare.py's)
TIME = """
import hashlib, json, os, sys, time
sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in type(f).__name__.lower()]
sys.path.insert(0, sys.argv[1])
from rulebook.compiler import driver
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game
import rulebook.runtime.engine as engine
assert os.path.realpath(engine.__file__).startswith(os.path.realpath(sys.argv[2])), engine.__file__
pack, seed, backends = sys.argv[3], int(sys.argv[4]), sys.argv[5].split(",")
found = {}
for backend in ("compiled", "interpreted"):
    program = driver.compile_pack(pack).program if backend == "compiled" else driver.interpret_pack(pack)
    game = Game(program, 2, 1)
    game.start()
    t = time.process_time()
    gen = program.procs["turn"](game, game.state.players[0])
    decision = next(gen)
    decision = gen.send(decision.index_of("place a wall"))
    found[f"{backend} offer"] = time.process_time() - t
    found[f"{backend} walls offered"] = len(decision.options)
    if backend not in backends:
        continue
    game = Game(program, 2, seed, make_agents("random", 2, seed))
    t = time.process_time()
    game.play()
    found[f"{backend} game"] = time.process_time() - t
    found[f"{backend} walls placed"] = sum("places a wall" in m for m in game.messages)
    found[f"{backend} outcome"] = hashlib.sha256(json.dumps([game.log, game.messages]).encode()).hexdigest()
print(json.dumps(found))
"""


def timed(tree: Path, entry: Path, args, cache: Path) -> dict:
    """The offering's and the game's CPU seconds in one fresh process running the given tree."""
    env = dict(os.environ, RULEBOOK_CACHE=str(cache), PYTHONDONTWRITEBYTECODE="1")
    games = "compiled" if args.no_interpreted_game else "compiled,interpreted"
    run = subprocess.run([sys.executable, "-c", TIME, str(entry), str(tree), str(tree / PACK), str(args.seed), games],
                         capture_output=True, text=True, env=env)
    if run.returncode != 0:
        sys.exit(f"walls: the run failed in {tree}:\n{run.stderr}")
    return json.loads(run.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commit", help="the commit to compare this tree with (before)")
    parser.add_argument("--seed", type=int, default=1, help="the random game's seed (1: twenty walls placed)")
    parser.add_argument("--no-interpreted-game", action="store_true",
                        help="leave out the interpreted game (a minute before the depth-first `connects`)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="rulebook-walls-") as scratch:
        scratch = Path(scratch)
        with checked_out(args.commit, scratch / "before") as before:
            found = {name: timed(tree, shim(tree, scratch / f"shim-{name}"), args, scratch / f"cache-{name}")
                     for name, tree in (("before", before), ("after", ROOT))}
    print(f"Quoridor's walls, CPU seconds: before ({args.commit}) | after (this tree)")
    for key in found["before"]:
        if key.endswith("outcome"):
            continue
        b, a = found["before"][key], found["after"].get(key)
        if type(b) is float:
            print(f"  {key:<26} {b:8.2f} | {a:8.2f}  ({b / a:.1f}x)")
        else:
            print(f"  {key:<26} {b:8} | {a:8}")
    differ = [k for k in found["before"] if k.endswith("outcome") and found["before"][k] != found["after"].get(k)]
    if differ:
        print(f"  DIFFERENT games: {', '.join(differ)}")
        sys.exit(1)
    print("  the same games (log and messages) in both trees")


if __name__ == "__main__":
    main()
