"""Start-up of the `rulebook` command (not a test): wall time of fresh processes, best of N.

    python bench/startup.py              # 15 rounds
    python bench/startup.py --rounds 30

Measures side by side in one run, interleaved round by round so a busy moment on this shared
machine hits every command alike: a bare `python -c pass` (the floor), a click app whose one
command takes `lint`'s parameters and does nothing (click's own floor), `rulebook --help`,
`rulebook lint` of a two-line rules file, and `rulebook play federation --players 2 --seed 1` with
no compiled pack in the cache (a first play after an edit: it compiles) and with one (cache hit).
Both find the parser's tables cached, as every run after the first does. Each is printed in ms and as a multiple
of `python -c pass`; the target of issue 7 is lint at most 6x. The CPU time (user + system) of
the same runs is printed beside: other work on the machine stretches wall times, much less CPU times.

The runs keep compiled bytecode (`__pycache__`) as an installed package does, even when this shell
sets PYTHONDONTWRITEBYTECODE: compiling every module from source each time is not start-up.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SMALL_RULES = "resource coin;\nproc take() { gain 1 coin; }\n"
# The floor click sets: an app whose one command takes `lint`'s parameters and does nothing.
CLICK_ONLY = """
from enum import Enum
from pathlib import Path

import click


class Format(str, Enum):
    text = "text"
    json = "json"


@click.group()
def app() -> None:
    pass


@app.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path), help="Files.")
@click.option("--format", type=click.Choice(Format), default=Format.text, help="text or json")
@click.option("--with", "expansions", multiple=True, help="Expansions.")
def lint(paths, format, expansions) -> None:
    pass


app()
"""
LINT_BUDGET = 6.0


def rulebook_command() -> list[str]:
    """The `rulebook` console script beside this interpreter, else the same entry point through -c."""
    script = Path(sys.executable).parent / "rulebook"
    if script.is_file():
        return [str(script)]
    return [sys.executable, "-c", "import sys; from rulebook.cli import main; sys.argv[0] = 'rulebook'; main()"]


def run_once(argv: list[str], env: dict, before=None) -> tuple[float, float]:
    """Seconds of wall time and of CPU time of one run of argv; it must succeed (a clean lint exits 0)."""
    if before is not None:
        before()
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} exited {done.returncode}: {done.stderr.decode(errors='replace')}")
    return elapsed, after.ru_utime + after.ru_stime - cpu.ru_utime - cpu.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15, help="runs of each command (the fastest is kept)")
    args = parser.parse_args()
    rulebook = rulebook_command()
    scratch = Path(tempfile.mkdtemp(prefix="rulebook-startup-"))
    try:
        small = scratch / "small.rules"
        small.write_text(SMALL_RULES, encoding="utf-8")
        click_only = scratch / "click_only.py"
        click_only.write_text(CLICK_ONLY, encoding="utf-8")
        base_env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        warm_env = {**base_env, "RULEBOOK_CACHE": str(scratch / "warm")}
        cold_env = {**base_env, "RULEBOOK_CACHE": str(scratch / "cold")}
        play = rulebook + ["play", "federation", "--players", "2", "--seed", "1", "--quiet"]

        def clear_cold() -> None:
            """Empty the cold cache of compiled packs, keeping the parser's tables (grammar/)."""
            for entry in (scratch / "cold").iterdir():
                if entry.name != "grammar":
                    entry.unlink()
        run_once(play, warm_env)       # fills the warm cache (and the parser cache) and writes bytecode
        run_once(play, cold_env)
        run_once(rulebook + ["lint", str(small)], warm_env)
        run_once(rulebook + ["--help"], warm_env)
        commands = {
            "python -c pass": ([sys.executable, "-c", "pass"], warm_env, None),
            "click alone (no-op lint)": ([sys.executable, str(click_only), "lint", str(small)], warm_env, None),
            "rulebook --help": (rulebook + ["--help"], warm_env, None),
            "rulebook lint small.rules": (rulebook + ["lint", str(small)], warm_env, None),
            "rulebook play (compiles)": (play, cold_env, clear_cold),
            "rulebook play (cache hit)": (play, warm_env, None),
        }
        wall = {label: float("inf") for label in commands}
        cpu = dict(wall)
        for _ in range(args.rounds):
            for label, (argv, env, before) in commands.items():
                w, c = run_once(argv, env, before)
                wall[label], cpu[label] = min(wall[label], w), min(cpu[label], c)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    floor, cpu_floor = wall["python -c pass"], cpu["python -c pass"]
    print(f"best of {args.rounds} runs, {sys.executable} (Python {sys.version.split()[0]}), "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"{'':28} {'wall':>9}  {'x':>5}   {'CPU':>9}  {'x':>5}")
    for label in commands:
        print(f"{label:28} {1000 * wall[label]:6.1f} ms  {wall[label] / floor:5.1f}   "
              f"{1000 * cpu[label]:6.1f} ms  {cpu[label] / cpu_floor:5.1f}")
    lint = wall["rulebook lint small.rules"] / floor
    print(f"lint is {lint:.1f}x python -c pass (budget {LINT_BUDGET:.0f}x): {'within' if lint <= LINT_BUDGET else 'OVER'}")


if __name__ == "__main__":
    main()
