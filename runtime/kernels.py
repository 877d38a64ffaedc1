"""Kernels: the few game mechanics that are geometry, not rules, with typed signatures packs declare.

A pack names the kernels it uses with `extern NAME(param: type, ...);` so the linter can check
calls; the runtime looks them up here. Kernels are generators like every effect.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Kernel:
    """A kernel function and the number of arguments it takes after (game, you)."""

    fn: Callable
    arity: int
    doc: str


KERNELS: dict[str, Kernel] = {}


def kernel(arity: int):
    """Register a generator function as a kernel."""
    def register(fn: Callable) -> Callable:
        KERNELS[fn.__name__] = Kernel(fn, arity, (fn.__doc__ or "").strip())
        return fn
    return register
