"""The size of a rules pack: files, lines, lines of rules (not blank, not only a comment), tokens.

    python bench/pack_size.py rules/federation
    python bench/pack_size.py rules/federation --git 352b6e4   # the same pack at an older commit

Tokens are the rules lexer's (comments and whitespace are not tokens), so reformatting a pack
does not change its token count: it is the measure of how much a designer had to write.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulebook.dsl.parser import scan  # noqa: E402


def measure(texts: dict[str, str]) -> dict:
    """Files, lines, rules lines and tokens of a pack's rules files (by name)."""
    lines = rules_lines = tokens = 0
    for text in texts.values():
        all_lines = text.splitlines()
        lines += len(all_lines)
        rules_lines += sum(1 for line in all_lines if line.strip() and not line.strip().startswith("#"))
        tokens += len(scan(text)[0])
    return {"files": len(texts), "lines": lines, "rules lines": rules_lines, "tokens": tokens}


def pack_texts(pack: Path, commit: str | None) -> dict[str, str]:
    """The rules files of a pack folder, as they are now or at a git commit."""
    if commit is None:
        return {p.name: p.read_text(encoding="utf-8") for p in sorted(pack.glob("*.rules"))}
    rel = pack.resolve().relative_to(ROOT)
    names = subprocess.run(["git", "-C", str(ROOT), "ls-tree", "--name-only", commit, f"{rel}/"],
                           check=True, capture_output=True, text=True).stdout.split()
    return {Path(n).name: subprocess.run(["git", "-C", str(ROOT), "show", f"{commit}:{n}"], check=True,
                                         capture_output=True, text=True).stdout
            for n in names if n.endswith(".rules")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pack", type=Path)
    parser.add_argument("--git", help="measure the pack at this commit too, side by side")
    args = parser.parse_args()
    now = measure(pack_texts(args.pack, None))
    if args.git:
        then = measure(pack_texts(args.pack, args.git))
        for key in now:
            change = now[key] - then[key]
            print(f"{key:12} {then[key]:>7,} at {args.git} -> {now[key]:>7,} now ({change:+,}, "
                  f"{100 * change / then[key]:+.1f}%)")
    else:
        for key, value in now.items():
            print(f"{key:12} {value:>7,}")


if __name__ == "__main__":
    main()
