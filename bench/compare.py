"""Game speed before and after a change, side by side in one run: this tree against a git commit.

    python bench/compare.py 798db44                      # federation, 4 players, 100 games
    python bench/compare.py 798db44 --pack federation --players 2 --games 200 --rounds 6
    python bench/compare.py 798db44 --interpreted --games 20     # the interpreter's games

The commit is checked out into a temporary folder. Each round plays the same seeded random games
once with each tree, in fresh processes and alternating which goes first, and the fastest round of
each is kept: on a shared machine the least disturbed round is the truest, and both trees meet the
same disturbances. Both trees must give the same games (logs, scores and final state digests): a
speed-up that changes a game is a bug, and the comparison says so. `--with EXPANSION` stacks
expansions on the pack.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STAGES = ("dsl", "compiler", "runtime", "rules", "cli")

# Run in a fresh interpreter per tree: the `rulebook` package is found in the tree's shim folder, never
# in the editable install of this checkout (its finders are dropped from sys.meta_path first).
PLAY = """
import hashlib, json, os, sys, time
sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in type(f).__name__.lower()]
sys.path.insert(0, sys.argv[1])
from rulebook.compiler import driver
from rulebook.runtime.agents import RandomAgent
from rulebook.runtime.engine import Game
import rulebook.runtime.engine as engine
assert os.path.realpath(engine.__file__).startswith(os.path.realpath(sys.argv[2])), engine.__file__
pack, players, games = sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
expansions, digests = [e for e in sys.argv[6].split(",") if e], sys.argv[7] == "1"
if sys.argv[8:] == ["interpreted"]:   # the reference interpreter's games (`--interpreted`)
    program = driver.interpret_pack(pack, expansions=expansions)
else:
    program = driver.compile_pack(pack, expansions=expansions).program if expansions else driver.compile_pack(pack).program
played, finished = [], []
t = time.process_time()
for seed in range(games):
    game = Game(program, players, seed, [RandomAgent(seed * 10 + i) for i in range(players)])
    played.append((game.log, game.play()["scores"]))
    finished.append(game)
spent = time.process_time() - t
if digests:   # the final states too, worked out after the clock stops
    played.append([game.state.digest() for game in finished])
print(json.dumps({"seconds": spent, "outcome": hashlib.sha256(json.dumps(played).encode()).hexdigest()}))
"""


def play_command(tree: Path, path_entry: Path, args, games: int, digests: bool, code: str = PLAY) -> list:
    """The command that plays `games` seeded games of `args.pack` (and `args.expansions`) in one fresh
    interpreter running the given tree; with `digests`, the outcome holds the final states too. `code`:
    PLAY, or a variant of it (bench/native.py's)."""
    return [sys.executable, "-c", code, str(path_entry), str(tree), args.pack, str(args.players), str(games),
            ",".join(args.expansions), "1" if digests else "0", *(["interpreted"] if args.interpreted else [])]


def shim(tree: Path, into: Path) -> Path:
    """A folder holding a `rulebook` package whose stages are the tree's stage folders."""
    package = into / "rulebook"
    package.mkdir(parents=True)
    for stage in STAGES:
        (package / stage).symlink_to(tree / stage, target_is_directory=True)
    return into


def measure(tree: Path, path_entry: Path, args, cache: Path, code: str = PLAY) -> dict:
    """CPU seconds for the games in one fresh process running the given tree, and their outcome (logs,
    scores and final states)."""
    env = dict(os.environ, RULEBOOK_CACHE=str(cache), PYTHONDONTWRITEBYTECODE="1")
    run = subprocess.run(play_command(tree, path_entry, args, args.games, digests=True, code=code),
                         capture_output=True, text=True, env=env)
    if run.returncode != 0:
        sys.exit(f"compare: the games failed in {tree}:\n{run.stderr}")
    return json.loads(run.stdout.strip().splitlines()[-1])


def before_and_after(doc: str, games: int) -> argparse.ArgumentParser:
    """The arguments of a comparison of this tree with a commit (this script's, bench/instructions.py's)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("commit", help="the commit to compare this tree with (before)")
    parser.add_argument("--pack", default="federation")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--with", dest="expansions", action="append", default=[], metavar="EXPANSION",
                        help="an expansion stacked on the pack (repeatable)")
    parser.add_argument("--interpreted", action="store_true", help="the games interpreted (compiler/interpret.py)")
    return parser


@contextmanager
def checked_out(commit: str, folder: Path):
    """The commit checked out into `folder` (a detached worktree) while the block runs."""
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(folder), commit], check=True)
    try:
        yield folder
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(folder)], check=True)


def main() -> None:
    parser = before_and_after(__doc__, games=100)
    parser.add_argument("--rounds", type=int, default=4, help="alternating rounds (the best of each is kept)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="rulebook-compare-") as scratch:
        scratch = Path(scratch)
        with checked_out(args.commit, scratch / "before") as before:
            trees = {"before": (before, shim(before, scratch / "shim-before")),
                     "after": (ROOT, shim(ROOT, scratch / "shim-after"))}
            best = {name: float("inf") for name in trees}
            outcomes = {}
            for round_ in range(args.rounds):
                order = list(trees) if round_ % 2 == 0 else list(reversed(trees))
                for name in order:
                    tree, entry = trees[name]
                    m = measure(tree, entry, args, scratch / f"cache-{name}")
                    best[name] = min(best[name], m["seconds"])
                    outcomes[name] = m["outcome"]
    rate = {name: args.games / seconds for name, seconds in best.items()}
    stacked = "".join(f" + {e}" for e in args.expansions) + (" interpreted" if args.interpreted else "")
    print(f"{args.pack}{stacked} {args.players}p, {args.games} games, best of {args.rounds} alternating rounds:")
    print(f"  before ({args.commit}): {rate['before']:,.1f} games/s")
    print(f"  after  (this tree):  {rate['after']:,.1f} games/s  ({rate['after'] / rate['before']:.2f}x)")
    if outcomes["before"] != outcomes["after"]:
        print("  the two trees played DIFFERENT games (logs, scores or final states differ)")
        sys.exit(1)
    print("  the same games (logs, scores and final states) in both trees")


if __name__ == "__main__":
    main()
