"""Would a native build pay? Cython (pure-Python mode, no source changes) against the pure path, side by side.

    python bench/native.py                                   # federation 4p, 60 games, every build
    python bench/native.py --builds pure,pack --games 30     # only the pack module compiled
    python bench/native.py --keep /tmp/native                # keep (and reuse) the builds

Issue 14 allows an optional native backend if pure Python cannot reach its target. This measures the
two native builds the issue names, Cython first (`pip install cython`; gcc and the Python headers):
`pack` compiles the generated module of the pack (the compiled backend's output, as compile_pack
caches it) into an extension; `runtime` compiles the hot runtime modules (RUNTIME below) in a copy of
the runtime; `both` is both. Each build plays the same seeded random games as the pure path, in fresh
processes, in alternating rounds (the best round of each kept, as bench/compare.py does), and the
games must be the same (logs, scores, final digests). The builds take minutes (the Federation module is
about 260,000 lines of C; engine.py about 400,000): see "Native builds" in docs/architecture.md for
what they gave.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compare import ROOT, STAGES, shim  # noqa: E402

RUNTIME = ("state", "agents", "program", "view", "kernels", "engine")
# Pure-Python semantics: annotations are not enforced as C types and no local gets a C type inferred
# (`x: int` would refuse a bool, a Fraction; an inferred bint would change what a tuple holds).
CYTHON_DIRECTIVES = ("-X", "annotation_typing=False", "-X", "infer_types=False")

PLAY = """
import hashlib, json, sys, time
sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in type(f).__name__.lower()]
sys.path.insert(0, sys.argv[1])
from rulebook.compiler import driver
from rulebook.runtime.agents import RandomAgent
from rulebook.runtime.engine import Game
pack, module_dir, players, games = sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
program = driver.compile_pack(pack).program
if module_dir != "-":   # the same module, compiled by Cython: its build() makes the Program
    sys.path.insert(0, module_dir)
    import native_pack
    assert native_pack.__file__.endswith(".so"), native_pack.__file__
    program = native_pack.build()
played, finished = [], []
t = time.process_time()
for seed in range(games):
    game = Game(program, players, seed, [RandomAgent(seed * 10 + i) for i in range(players)])
    played.append((game.log, game.play()["scores"]))
    finished.append(game)
spent = time.process_time() - t
played.append([game.state.digest() for game in finished])
print(json.dumps({"seconds": spent, "outcome": hashlib.sha256(json.dumps(played).encode()).hexdigest()}))
"""


def cythonize(source: Path, module: str, into: Path) -> None:
    """Compile one Python file into an extension module named `module`, in the folder `into`."""
    c_file = into / (module.rsplit(".", 1)[-1] + ".c")
    subprocess.run([sys.executable, "-m", "cython", "-3", *CYTHON_DIRECTIVES, "--module-name", module, str(source), "-o", str(c_file)],
                   check=True, capture_output=True)
    include = sysconfig.get_paths()["include"]
    target = c_file.with_suffix(sysconfig.get_config_var("EXT_SUFFIX"))
    subprocess.run(["gcc", "-shared", "-fPIC", "-O2", f"-I{include}", str(c_file), "-o", str(target)], check=True)


def build_pack(pack: str, into: Path) -> Path:
    """The pack's generated module compiled as `native_pack` in `into` (reused when already there)."""
    into.mkdir(parents=True, exist_ok=True)
    if not list(into.glob("native_pack.*.so")):
        from rulebook.compiler import driver
        source = into / "native_pack.py"
        source.write_text(driver.compile_pack(pack).source, encoding="utf-8")
        cythonize(source, "native_pack", into)
    return into


def build_runtime(into: Path) -> Path:
    """A shim folder like compare.shim's whose runtime is a copy with RUNTIME compiled beside the sources."""
    package = into / "rulebook"
    runtime = package / "runtime"
    if not runtime.exists():
        shutil.copytree(ROOT / "runtime", runtime, ignore=shutil.ignore_patterns("__pycache__"))
        for stage in STAGES:
            if stage != "runtime":
                (package / stage).symlink_to(ROOT / stage, target_is_directory=True)
    for name in RUNTIME:
        if not list(runtime.glob(f"{name}.*.so")):
            cythonize(runtime / f"{name}.py", f"rulebook.runtime.{name}", runtime)
    return into


def measure(entry: Path, module_dir, args) -> dict:
    """CPU seconds and outcome of the games in one fresh process."""
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    run = subprocess.run([sys.executable, "-c", PLAY, str(entry), args.pack, str(module_dir or "-"),
                          str(args.players), str(args.games)], capture_output=True, text=True, env=env)
    if run.returncode != 0:
        sys.exit(f"native: the games failed:\n{run.stderr[-3000:]}")
    return json.loads(run.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pack", default=str(ROOT / "rules" / "federation"))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--builds", default="pure,pack,runtime,both")
    parser.add_argument("--keep", type=Path, help="a folder for the builds, kept and reused")
    args = parser.parse_args()
    if importlib.util.find_spec("Cython") is None or shutil.which("gcc") is None:
        sys.exit("native: needs cython (pip install cython) and gcc")
    builds = args.builds.split(",")
    with tempfile.TemporaryDirectory(prefix="rulebook-native-") as scratch:
        folder = args.keep or Path(scratch)
        pure = shim(ROOT, folder / "pure") if not (folder / "pure").exists() else folder / "pure"
        pack = build_pack(args.pack, folder / "pack") if {"pack", "both"} & set(builds) else None
        runtime = build_runtime(folder / "runtime") if {"runtime", "both"} & set(builds) else None
        configs = {"pure": (pure, None), "pack": (pure, pack), "runtime": (runtime, None), "both": (runtime, pack)}
        best, outcomes = {name: float("inf") for name in builds}, {}
        for round_ in range(args.rounds):
            for name in builds if round_ % 2 == 0 else builds[::-1]:
                m = measure(*configs[name], args)
                best[name] = min(best[name], m["seconds"])
                outcomes[name] = m["outcome"]
    print(f"{Path(args.pack).name} {args.players}p, {args.games} games, best of {args.rounds} alternating rounds:")
    for name in builds:
        ratio = f"  ({best['pure'] / best[name]:.2f}x)" if "pure" in best else ""
        print(f"  {name:8s} {args.games / best[name]:8.1f} games/s{ratio}")
    if len(set(outcomes.values())) != 1:
        print("  the builds played DIFFERENT games (logs, scores or final states differ)")
        sys.exit(1)
    print("  the same games (logs, scores and final states) in every build")


if __name__ == "__main__":
    main()
