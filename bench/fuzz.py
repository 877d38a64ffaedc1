"""Mutation fuzzing of the whole toolchain: lint, compile and play on both backends.

Inputs are mutations of real rules text: every file of the malformed corpus, every example of the
language reference, every declaration of every shipped pack, and differential programs (a small
game whose turn is a generated body). Each input must lint to diagnostics without any other
exception; an input that lints clean and declares a game is compiled AND interpreted, and one
seeded game on each backend must give the same log, final state and errors.

    python bench/fuzz.py --inputs 1000000 --workers 2          # the long run
    python bench/fuzz.py --inputs 2000 --seed 7 --out /tmp/f   # a quick one
    python bench/fuzz.py --pack rules/tapestry --pack ../tfm   # mutate these packs' declarations only

Findings (a non-diagnostic exception, or a difference between the backends) are written to
--out with the input that caused them; the summary is printed as JSON.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import re
import resource
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAY_EVERY = 1   # every clean program with a game is played; mutations rarely get that far

DIFF_GAME = """
resource coin cap 8;
resource food;
counter vp;
counter round global;
event ping(n: int);
track path {
  space 1 tier 1 { gain 1 coin; }
  space 2 tier 1 cost 1 any { gain 2 vp; } bonus cost 1 coin { gain 1 food; }
  first to 2 { gain 5 vp; }
}
kind card { worth: int; play: effect; }
zone deck of card;
zone hand per_player of card;
card c1 * 2 { worth = 1; play { gain 1 vp; } }
card c2 { worth = 2; play { advance path; } }
func best() = max(vp, coin);
proc body() {
  gain 1 coin;
  if coin > 2 { choose { option "a" { pay 1 coin; gain 2 vp; } option "b" { advance path; } } }
  pick c from hand optional { copy c.play; move c to top of deck; }
  each opponents { lose 1 coin else food; }
  rank players by vp award [2, 1] coin ties split;
  while coin < 3 and round < 5 { gain 1 coin; }
  gain match vp { 0: 1, 1: 2, else: 0 } food;
  whenever you ping(n = 1) until ping { gain 1 vp; }
}
game g {
  seats 2 to 3;
  phase setup { fill deck with card; shuffle deck; each players { draw 1 from deck to hand; } }
  phase play { repeat 3 { each players: body(); emit ping(1); set round = round + 1; } }
  winner most vp then coin;
}
"""


def corpus(packs: tuple = ()) -> list[str]:
    """Real rules text to mutate: by default the malformed corpus, the reference's examples and the
    shipped packs; with `packs` (folders), each file and each declaration of those packs only."""
    from rulebook.dsl.parser import parse_text

    texts = []
    if not packs:
        texts += [p.read_text(encoding="utf-8", errors="replace")
                  for p in sorted((ROOT / "tests" / "malformed").rglob("*.rules"))]
        doc = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
        texts += [m.group(1) for m in re.finditer(r"^```rules[^\n]*\n(.*?)^```", doc, re.S | re.M)]
    for path in sorted(p for folder in (packs or (ROOT / "rules",)) for p in Path(folder).rglob("*.rules")):
        text = path.read_text(encoding="utf-8")
        if packs:
            texts.append(text)   # the whole file too: its declarations together
        lines = text.splitlines(keepends=True)
        for item in parse_text(text, path.name).items:   # each declaration on its own
            s = item.span
            texts.append("".join(lines[s.line - 1:s.end_line]))
    texts += [DIFF_GAME] * max(1, len(texts) // 4)   # a quarter of the inputs can reach play
    return texts


TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|[A-Za-z_][A-Za-z0-9_]*|[0-9]+|==|!=|<=|>=|.', re.S)
VOCAB = ["{", "}", "(", ")", ";", ",", ".", "=", "==", "<", "+", "-", "*", "/", "[", "]", ":", "0", "1", "7",
         "-1", "99999999999999999999", '"x"', '"{"', "you", "none", "true", "if", "then", "else", "gain", "lose",
         "pay", "each", "for", "in", "where", "repeat", "while", "match", "first", "move", "to", "top", "of",
         "draw", "from", "pick", "optional", "choose", "option", "when", "may", "cost", "whenever", "next",
         "until", "emit", "copy", "once", "rank", "by", "award", "ties", "say", "let", "set", "override",
         "remove", "before", "after", "amend", "base", "left", "right", "players", "opponents", "count",
         "total", "some", "every", "size", "min", "max", "coin", "vp", "deck", "hand", "c1", "c2", "path",
         "advance", "regress", "reactivate", "bonus", "no_benefit", "no_bonus", "no_reward", "paying", "fill", "with", "shuffle", "flip", "roll", "#", "\n",
         "\r", "\t", "\u00e9", "\\"]


def mutate(text: str, rng: random.Random) -> str:
    """One to four token-level or character-level edits."""
    tokens = TOKEN.findall(text)
    for _ in range(rng.randint(1, 4)):
        if not tokens:
            tokens = [rng.choice(VOCAB)]
        i = rng.randrange(len(tokens))
        op = rng.random()
        if op < 0.25:
            del tokens[i]
        elif op < 0.45:
            tokens.insert(i, rng.choice(VOCAB) + " ")
        elif op < 0.6:
            tokens[i] = rng.choice(VOCAB)
        elif op < 0.7:
            j = rng.randrange(len(tokens))
            tokens[i], tokens[j] = tokens[j], tokens[i]
        elif op < 0.8:
            tokens.insert(i, tokens[rng.randrange(len(tokens))])
        elif op < 0.9 and tokens[i].isdigit():
            tokens[i] = str(rng.choice([0, 1, 2, 3, 10, 100, 10**6, 10**17]))
        else:   # duplicate a run of tokens (nesting, repeated declarations)
            j = min(len(tokens), i + rng.randint(1, 12))
            tokens[i:i] = tokens[i:j]
    return "".join(tokens)


def outcome(program, players: int, seed: int):
    from rulebook.runtime.agents import RandomAgent
    from rulebook.runtime.engine import Game, RulesRuntimeError

    game = Game(program, players, seed, [RandomAgent(seed * 10 + i) for i in range(players)])
    try:
        result = game.play()
    except RulesRuntimeError as e:
        return ("error", e.code, e.message, e.where, game.log)
    return ("done", game.log, game.state.to_json(), result, game.messages)


def check_one(text: str, seed: int) -> tuple[str, str]:
    """('ok' | 'played' | 'finding', detail) for one input."""
    from rulebook.compiler.driver import analyse_text, build_text
    from rulebook.dsl.diagnostics import RulesError

    try:
        result = analyse_text(text)
        if not result.ok or result.symbols is None or result.symbols.game is None:
            return "ok", ""
        g = result.symbols.game
        players = max(g.min_players, min(g.max_players, 2 + seed % 2))
        compiled, interpreted = build_text(text), build_text(text, interpreted=True)
        a, b = outcome(compiled, players, seed), outcome(interpreted, players, seed)
        if a != b:
            return "finding", f"backends differ: {str(a)[:300]} != {str(b)[:300]}"
        return "played", ""
    except RulesError:
        return "ok", ""   # a diagnostic found after lint (compile limits) is still a diagnostic
    except RecursionError:
        return "finding", "RecursionError\n" + traceback.format_exc()[-1500:]
    except MemoryError:   # no traceback: formatting it would need the memory the input took
        return "finding", "MemoryError (past --memory-mb)"
    except Exception:
        return "finding", traceback.format_exc()[-3000:]


def worker(args) -> dict:
    first, count, seed, out, deadline, memory_mb, packs = args
    os.environ.setdefault("RULEBOOK_CACHE", tempfile.mkdtemp(prefix="fuzz-cache-"))
    if memory_mb:   # an input that needs more is a finding (MemoryError), not a worker the OOM killer ends
        limit = memory_mb * 2 ** 20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))
    texts = corpus(packs)
    rng = random.Random(seed * 1_000_003 + first)
    counts = {"inputs": 0, "ok": 0, "played": 0, "findings": 0}
    kinds: dict[str, int] = {}
    for n in range(first, first + count):
        if time.monotonic() > deadline:
            break
        text = mutate(rng.choice(texts), rng)
        verdict, detail = check_one(text, n)
        counts["inputs"] += 1
        counts[verdict if verdict != "finding" else "findings"] += 1
        if verdict == "finding":
            key = detail.strip().splitlines()[-1][:120]
            kinds[key] = kinds.get(key, 0) + 1
            if kinds[key] <= 3:
                Path(out).mkdir(parents=True, exist_ok=True)
                (Path(out) / f"finding-{n}.rules").write_text(text, encoding="utf-8")
                (Path(out) / f"finding-{n}.txt").write_text(detail, encoding="utf-8")
    counts["kinds"] = kinds
    return counts


def run(inputs: int, workers: int, seed: int, out: str, seconds: float, memory_mb: int = 0,
        packs: tuple = ()) -> dict:
    """Fuzz `inputs` mutations split over `workers` processes; returns the summary."""
    deadline = time.monotonic() + seconds
    chunk = 2_000
    jobs = [(first, min(chunk, inputs - first), seed, out, deadline, memory_mb, tuple(packs))
            for first in range(0, inputs, chunk)]
    total = {"inputs": 0, "ok": 0, "played": 0, "findings": 0, "kinds": {}}
    start = time.monotonic()
    # a fresh process per chunk: what one chunk's inputs allocate never accumulates in a worker
    with multiprocessing.get_context("fork").Pool(workers, maxtasksperchild=1) as pool:
        for counts in pool.imap_unordered(worker, jobs):
            for k in ("inputs", "ok", "played", "findings"):
                total[k] += counts[k]
            for k, v in counts["kinds"].items():
                total["kinds"][k] = total["kinds"].get(k, 0) + v
            elapsed = time.monotonic() - start   # progress on stderr: a long run can be watched
            print(f"{total['inputs']:,} inputs, {total['findings']} findings, "
                  f"{total['inputs'] / max(elapsed, 1e-9):,.0f} inputs/s", file=sys.stderr, flush=True)
    total["seconds"] = round(time.monotonic() - start, 1)
    total["inputs_per_second"] = round(total["inputs"] / max(total["seconds"], 1e-9), 1)
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=10 ** 9, help="stop after this long")
    parser.add_argument("--out", default="fuzz-findings")
    parser.add_argument("--memory-mb", type=int, default=3000, help="address space per worker (0: no limit)")
    parser.add_argument("--pack", action="append", default=[], help="mutate this pack folder's rules (repeatable)")
    a = parser.parse_args()
    summary = run(a.inputs, a.workers, a.seed, a.out, a.seconds, a.memory_mb, tuple(a.pack))
    print(json.dumps(summary, indent=2))
    sys.exit(1 if summary["findings"] else 0)


if __name__ == "__main__":
    main()
