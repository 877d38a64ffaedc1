"""The console every terminal line of rulebook goes through (the CLI's output, the human agent's
prompts): a module of its own so printing does not import the game engine."""

from __future__ import annotations

from rich.console import Console

from rulebook.dsl.diagnostics import printable


class PlainConsole(Console):
    """A rich console that never reads text as markup or emoji codes and shows control characters
    escaped: every line rulebook prints holds user text (titles, prompts, `say` lines, file paths)."""

    def __init__(self, **options):
        super().__init__(markup=False, emoji=False, highlight=False, soft_wrap=True, **options)

    def print(self, *objects, **options) -> None:
        """Print like rich, with plain strings passed through `printable` (line breaks kept)."""
        options.update(markup=False, emoji=False, highlight=False)
        super().print(*(printable(o, newlines=True) if isinstance(o, str) else o for o in objects), **options)
