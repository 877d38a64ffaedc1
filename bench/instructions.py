"""Machine instructions per game before and after a change (callgrind): a measure that load cannot move.

    python bench/instructions.py 798db44                          # federation, 4 players, 3 games
    python bench/instructions.py 798db44 --pack tapestry --games 5
    python bench/instructions.py 798db44 --interpreted --games 2    # the interpreter's games

On a shared machine, CPU times move by a third from one minute to the next (bench/compare.py keeps
the best of alternating rounds, which still needs a quiet moment); the instructions a game executes
do not move at all. Each tree plays the same seeded games as bench/compare.py, under valgrind's
callgrind, once with no game and once with `--games` games, so imports and compiling drop out of
the difference. Instructions are not time (cache misses and branch mispredictions weigh too), so a
claim of speed still names compare.py's figures; this says which way a change goes, and by how much,
when timings cannot. Needs valgrind (Debian: apt-get install valgrind).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compare import ROOT, before_and_after, checked_out, play_command, shim  # noqa: E402


def instructions(tree: Path, path_entry: Path, args, games: int, cache: Path) -> tuple[int, str]:
    """(instructions callgrind counted for one process playing `games` games, the games' outcome:
    logs and scores; the final states' digests are left out, so that they are not counted)."""
    # a fixed hash seed: string hashing (set and dict orders of names) otherwise moves a count by ~0.2%
    env = dict(os.environ, RULEBOOK_CACHE=str(cache), PYTHONDONTWRITEBYTECODE="1", PYTHONHASHSEED="0")
    command = play_command(tree, path_entry, args, games, digests=False)
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
                         capture_output=True, text=True, env=env)
    counted = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode != 0 or counted is None:
        sys.exit(f"instructions: the games failed in {tree}:\n{run.stderr[-2000:]}")
    return int(counted.group(1)), json.loads(run.stdout.strip().splitlines()[-1])["outcome"]


def per_game(tree: Path, entry: Path, args, cache: Path) -> tuple[float, str]:
    """Instructions per game (the process with the games less the one without), and their outcome."""
    subprocess.run(play_command(tree, entry, args, 1, digests=False), check=True,
                   capture_output=True, env=dict(os.environ, RULEBOOK_CACHE=str(cache)))   # compile outside
    empty, _ = instructions(tree, entry, args, 0, cache)
    full, outcome = instructions(tree, entry, args, args.games, cache)
    return (full - empty) / args.games, outcome


def main() -> None:
    args = before_and_after(__doc__, games=3).parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("instructions: valgrind is not installed")
    with tempfile.TemporaryDirectory(prefix="rulebook-instructions-") as scratch:
        scratch = Path(scratch)
        with checked_out(args.commit, scratch / "before") as before:
            counts = {name: per_game(tree, shim(tree, scratch / f"shim-{name}"), args, scratch / f"cache-{name}")
                      for name, tree in (("before", before), ("after", ROOT))}
    report(args, counts["before"], counts["after"], (f"before ({args.commit})", "after (this tree)"),
           ("the two trees played", "in both trees"))


def report(args, before: tuple[float, str], after: tuple[float, str], names: tuple[str, str],
           phrases: tuple[str, str]) -> None:
    """Print the two (instructions a game, outcome) measures side by side and whether the games were
    the same (`phrases`: who played different games, where the same ones were played); exit 1 if not."""
    (b, b_outcome), (a, a_outcome) = before, after
    label = args.pack + (" interpreted" if getattr(args, "interpreted", False) else "")
    print(f"{label} {args.players}p, {args.games} games: {names[0]} {b / 1e6:,.2f} M instructions "
          f"a game | {names[1]} {a / 1e6:,.2f} M ({b / a:.3f}x fewer)")
    if b_outcome != a_outcome:
        print(f"  {phrases[0]} DIFFERENT games (logs or scores differ)")
        sys.exit(1)
    print(f"  the same games (logs and scores) {phrases[1]}")


if __name__ == "__main__":
    main()
