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
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import compare  # noqa: E402
from compare import ROOT, STAGES, shim  # noqa: E402

RUNTIME = ("state", "agents", "program", "view", "kernels", "engine")
# Pure-Python semantics: annotations are not enforced as C types and no local gets a C type inferred
# (`x: int` would refuse a bool, a Fraction; an inferred bint would change what a tuple holds).
CYTHON_DIRECTIVES = ("-X", "annotation_typing=False", "-X", "infer_types=False")

# compare.py's games, with the Program built by the compiled module when NATIVE_PACK names its folder
_BUILT = "program = driver.compile_pack(pack, expansions=expansions).program if expansions else driver.compile_pack(pack).program\n"
PLAY = compare.PLAY.replace(_BUILT, _BUILT + """if os.environ.get("NATIVE_PACK"):   # the same module compiled by Cython: its build() makes the Program
    sys.path.insert(0, os.environ["NATIVE_PACK"])
    import native_pack
    assert native_pack.__file__.endswith(".so"), native_pack.__file__
    program = native_pack.build()
""")
assert PLAY != compare.PLAY, "compare.PLAY no longer builds its Program as bench/native.py expects"


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


def measure(tree: Path, entry: Path, module_dir, args, cache: Path) -> dict:
    """CPU seconds and outcome of the games in one fresh process (compare.measure's), with the compiled
    pack module of `module_dir` when it is given."""
    os.environ.pop("NATIVE_PACK", None)
    if module_dir is not None:
        os.environ["NATIVE_PACK"] = str(module_dir)
    return compare.measure(tree, entry, args, cache, code=PLAY)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pack", default=str(ROOT / "rules" / "federation"))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--builds", default="pure,pack,runtime,both")
    parser.add_argument("--keep", type=Path, help="a folder for the builds, kept and reused")
    args = parser.parse_args()
    args.expansions = []
    if importlib.util.find_spec("Cython") is None or shutil.which("gcc") is None:
        sys.exit("native: needs cython (pip install cython) and gcc")
    builds = args.builds.split(",")
    with tempfile.TemporaryDirectory(prefix="rulebook-native-") as scratch:
        folder = args.keep or Path(scratch)
        pure = (ROOT, shim(ROOT, folder / "pure") if not (folder / "pure").exists() else folder / "pure")
        pack = build_pack(args.pack, folder / "pack") if {"pack", "both"} & set(builds) else None
        runtime = build_runtime(folder / "runtime") if {"runtime", "both"} & set(builds) else None
        compiled_runtime = (runtime, runtime)   # the shim holds the runtime's compiled copy itself
        configs = {"pure": (*pure, None), "pack": (*pure, pack), "runtime": (*compiled_runtime, None),
                   "both": (*compiled_runtime, pack)}
        best, outcomes = {name: float("inf") for name in builds}, {}
        for round_ in range(args.rounds):
            for name in builds if round_ % 2 == 0 else builds[::-1]:
                m = measure(*configs[name], args, folder / f"cache-{name}")
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
