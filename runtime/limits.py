"""Games stopped at a limit of the command line: `--max-decisions N` and `--max-rounds N` of `play`
and `simulate` (docs 11). A pack needs no safety round counter that its rules do not have: a game
that runs past the limit is stopped at its next decision, reported as stopped and not scored, and
its log (`unfinished`, with `stopped` saying why) replays to that same pending decision and state.

A limited game is the game the program makes (Game, SuppliedGame, ...) turned into a subclass of
its class with `Limited` mixed in: a game without limits is untouched, and Game has no attribute more.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple, Optional

from .engine import Game


class Stopped(Exception):
    """A game stopped at a limit, at its pending decision (`game.decision`)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class Limits(NamedTuple):
    """The limits of one command: the most decisions, the most rounds of the round loop (the first
    `while` or `repeat` reached from the game's play phases: `round_loop`), and where that loop is written (its
    rules position, as the loop's step names it on both backends)."""

    decisions: Optional[int] = None
    rounds: Optional[int] = None
    round_at: Optional[str] = None

    def __bool__(self) -> bool:
        return self.decisions is not None or self.rounds is not None

    def reason(self) -> str:
        """The options as typed, for the report and the log: `--max-rounds 60`."""
        parts = [f"--max-decisions {self.decisions}" if self.decisions is not None else "",
                 f"--max-rounds {self.rounds}" if self.rounds is not None else ""]
        return " ".join(p for p in parts if p)


class Limited:
    """Mixed into a game's class by `limit`: counts the rounds of the round loop (each round's step)
    and, when a decision is to be offered past a limit, stops the game there (Stopped)."""

    limits: Limits
    rounds: int
    stopped: Optional[str]

    def step(self, where: str) -> None:
        if where == self.limits.round_at:
            self.rounds += 1
        Game.step(self, where)

    def offer(self, d):
        limits = self.limits
        if limits.decisions is not None and self.decisions_made >= limits.decisions:
            self.stopped = f"stopped after {self.decisions_made} decisions (--max-decisions {limits.decisions})"
        elif limits.rounds is not None and self.rounds > limits.rounds:
            self.stopped = (f"stopped after {limits.rounds} rounds and {self.decisions_made} decisions "
                            f"(--max-rounds {limits.rounds}), at the first decision of round {self.rounds}")
        if self.stopped is not None:
            raise Stopped(self.stopped)
        return Game.offer(self, d)


@lru_cache(maxsize=None)
def _limited_class(base: type) -> type:
    return type(f"Limited{base.__name__}", (Limited, base), {"__doc__": f"A {base.__name__} with limits (Limited)."})


def limit(game: Game, limits: Limits) -> Game:
    """The game, with `limits` when there are any (a game not started yet)."""
    if limits:
        game.__class__ = _limited_class(type(game))
        game.limits, game.rounds, game.stopped = limits, 0, None
    return game


def round_loop(pack: str, expansions=()) -> Optional[str]:
    """Where the round loop of a pack's game is written, as a loop's step names it (`file:line:column`):
    the first `while` or `repeat` reached from its play phases, in the order they are written, a proc
    they call looked into where the call is (and each proc once: a recursive one is not entered
    again); None if none is reached."""
    from rulebook.compiler.driver import analyse

    sym = analyse(pack, expansions).symbols
    game = sym.game
    return first_loop(game.play if game is not None else (), sym)


def first_loop(roots, sym) -> Optional[str]:
    """`round_loop`'s search, over the statements or nodes `roots` of an analysed pack (`sym`)."""
    from rulebook.compiler.check import called
    from rulebook.compiler.layout import where
    from rulebook.dsl import ast as A

    seen: set = set()
    stack = list(reversed(list(roots)))   # depth first, in the order written, as A.walk goes
    while stack:
        node = stack.pop()
        if isinstance(node, (A.While, A.Repeat, A.RepeatStable)):
            return where(node)
        if type(node) in (A.CallStmt, A.Call, A.Method):
            name = called(node)
            decl = sym.decls.get(name)
            if isinstance(decl, A.Proc) and name not in seen:   # the body runs once the arguments are worked out
                seen.add(name)
                stack.extend(reversed(decl.body))
        stack.extend(reversed(list(node.children())))
    return None
