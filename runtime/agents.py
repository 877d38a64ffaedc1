"""Agents answer decisions: random (seeded), first-option, scripted (for tests and replay) and human."""

from __future__ import annotations

import random
from typing import Optional, Sequence

from .engine import Decision, RulesRuntimeError


class Agent:
    """Answers a decision with an option index."""

    def choose(self, decision: Decision, game) -> int:
        raise NotImplementedError


class FirstAgent(Agent):
    """Always takes the first option."""

    def choose(self, decision: Decision, game) -> int:
        return 0


class RandomAgent(Agent):
    """Picks uniformly with its own seeded RNG (separate from the game's, so it never shifts game luck)."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, decision: Decision, game) -> int:
        return self.rng.randrange(decision.size)


class ScriptedAgent(Agent):
    """Answers from a list shared by all seats: option indexes, or option labels."""

    def __init__(self, answers: Sequence, fallback: Optional[Agent] = None):
        self.answers = list(answers)
        self.position = 0
        self.fallback = fallback

    def choose(self, decision: Decision, game) -> int:
        if self.position >= len(self.answers):
            if self.fallback is not None:
                return self.fallback.choose(decision, game)
            raise RulesRuntimeError("E603", f"the script has no answer for {decision.player.name}: "
                                    f"{decision.prompt} {decision.options}", decision.where)
        answer = self.answers[self.position]
        self.position += 1
        if isinstance(answer, str):
            if answer not in decision.options:
                raise RulesRuntimeError("E603", f"scripted answer {answer!r} is not an option of "
                                        f"{decision.prompt!r}: {decision.options}", decision.where)
            return decision.options.index(answer)
        return answer


class HumanAgent(Agent):
    """Asks at the terminal."""

    def __init__(self, console=None):
        from rich.console import Console

        self.console = console or Console()

    def choose(self, decision: Decision, game) -> int:
        c = self.console
        c.print(f"\n[bold]{decision.player.name}[/bold]: {decision.prompt}  [dim]({decision.where})[/dim]")
        for i, option in enumerate(decision.options, start=1):
            c.print(f"  {i}. {option}")
        while True:
            text = c.input("choice> ").strip()
            if text.isdigit() and 1 <= int(text) <= len(decision.options):
                return int(text) - 1
            c.print(f"type a number from 1 to {len(decision.options)}")


class TracingAgent(Agent):
    """Wraps another agent and prints each decision it takes (`rulebook play --trace`)."""

    def __init__(self, inner: Agent, console):
        self.inner, self.console = inner, console

    def choose(self, decision: Decision, game) -> int:
        choice = self.inner.choose(decision, game)
        self.console.print(f"{decision.player.name}: {decision.prompt} -> {decision.options[choice]}"
                           f"  ({decision.where})", markup=False, highlight=False)
        return choice


def make_agents(kind: str, players: int, seed: int) -> list[Agent]:
    """One agent per seat: 'random', 'first' or 'human'."""
    if kind == "random":
        return [RandomAgent(seed * 1000 + i) for i in range(players)]
    if kind == "first":
        return [FirstAgent() for _ in range(players)]
    if kind == "human":
        agent = HumanAgent()
        return [agent for _ in range(players)]
    raise ValueError(f"unknown agent {kind!r}")
