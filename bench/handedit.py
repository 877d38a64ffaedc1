"""Instructions a game with the compiled module edited by hand: a code-generation change measured before it is built.

    python bench/handedit.py edits.py                                  # federation, 4 players, 3 games
    python bench/handedit.py edits.py --pack tapestry --games 5

`edits.py` is a Python file that sets `EDITS`, a list of (old, new) pairs of text: each `old` must
occur in the module this tree compiles for the pack (its functions are named as `rulebook compile`
writes them), and every occurrence is replaced by `new`. The pack's cache entry is compiled in a
scratch folder, measured (bench/instructions.py's measure: callgrind, the process with the games less
the one without), copied, edited and stored again through the compiler's own cache writer (so the
edited module loads as a hit, its hashes recomputed), then measured the same way. Both runs play the
same seeded games; an edit that changes a game is reported (a speed-up that changes a game is a bug).
The edited module's lines keep the LINE_MAP of the unedited one: an edit that adds or removes lines
moves the rules positions of the lines after it, which only an error would show. Needs valgrind.
"""

from __future__ import annotations

import argparse
import json
import runpy
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compare import ROOT, shim  # noqa: E402
from instructions import per_game, report  # noqa: E402


def edit_entry(cache: Path, edits: list) -> str:
    """Apply the (old, new) edits to the one compiled module in `cache` and store it again as a valid
    entry (CacheEntry.store recomputes the bytecode and the hashes); returns the entry's stem."""
    from rulebook.compiler.driver import CacheEntry
    from rulebook.dsl.diagnostics import Diagnostic

    records = sorted(cache.glob("*.json"))
    if len(records) != 1:
        sys.exit(f"handedit: expected one compiled entry in {cache}, found {len(records)}")
    meta = json.loads(records[0].read_text())
    stem = records[0].stem
    source = (cache / f"{stem}.py").read_text()
    for old, new in edits:
        if old not in source:
            sys.exit(f"handedit: this text is not in the compiled module:\n{old}")
        source = source.replace(old, new)
    CacheEntry(cache, stem, meta["key"]).store(source, [Diagnostic.from_json(d) for d in meta["findings"]])
    return stem


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("edits", help="a Python file setting EDITS = [(old, new), ...]")
    parser.add_argument("--pack", default="federation")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--with", dest="expansions", action="append", default=[], metavar="EXPANSION",
                        help="an expansion stacked on the pack (repeatable)")
    args = parser.parse_args()
    edits = runpy.run_path(args.edits)["EDITS"]
    if shutil.which("valgrind") is None:
        sys.exit("handedit: valgrind is not installed")
    with tempfile.TemporaryDirectory(prefix="rulebook-handedit-") as scratch:
        scratch = Path(scratch)
        entry = shim(ROOT, scratch / "shim")
        plain, edited = scratch / "cache-plain", scratch / "cache-edited"
        before = per_game(ROOT, entry, args, plain)   # compiles the entry, then measures
        shutil.copytree(plain, edited)
        edit_entry(edited, edits)
        after = per_game(ROOT, entry, args, edited)
    report(args, before, after, ("as compiled", "edited"), ("the edited module played", "with and without the edits"))


if __name__ == "__main__":
    main()
