"""Dataclasses whose methods are made when the first instance is, not at import (start-up).

`dataclasses.dataclass` compiles its generated methods (`__init__`, `__eq__`, ...) from source as the
class statement runs: 0.3-1.5 ms a class, paid by every command that imports the module, whether or
not it ever makes one (a lint imports the layout and the driver but makes no `Layout` and no
`Compiled`). `dataclass_when_used` defers that to the first instance. The AST's node classes do the
same their own way (dsl/ast.py `node`).
"""

from __future__ import annotations

import dataclasses
import threading

_MAKING = threading.Lock()   # the language server checks on worker threads: a class is made once


def dataclass_when_used(**options):
    """`@dataclass(**options)`, applied to the class when its first instance is made. Not for
    `slots=True` (that makes a new class, which names bound at import would not see), nor for a class
    that other dataclasses derive from (theirs would be made without its fields)."""
    if options.get("slots"):
        raise TypeError("dataclass_when_used: slots=True makes a new class; use @dataclass")

    def mark(cls):
        def first_init(self, *args, **kwargs):
            with _MAKING:
                if cls.__dict__.get("__init__") is first_init:   # (another thread may have made it)
                    del cls.__init__   # dataclass writes no method the class defines itself
                    dataclasses.dataclass(cls, **options)
            cls.__init__(self, *args, **kwargs)

        cls.__init__ = first_init
        return cls

    return mark
