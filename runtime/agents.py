"""Agents answer decisions: random (seeded), first-option, scripted (for tests and replay) and human.

An agent is asked `choose(decision, view)`: the question (`runtime.view.Asked`: player, prompt, options,
size, where) and the view of the state its player may see (`runtime.view.PlayerView`), never the Game."""

from __future__ import annotations

import random
from typing import Optional, Sequence

from rich.text import Text

from rulebook.dsl.diagnostics import printable

from .console import PlainConsole
from .engine import Decision, RulesRuntimeError, rng_seed
from .view import Asked, PlayerView


class Agent:
    """Answers a decision with an option index."""

    def choose(self, decision: Asked, view: PlayerView) -> int:
        """The index of the option taken."""
        raise NotImplementedError


class FirstAgent(Agent):
    """Always takes the first option."""

    def choose(self, decision: Asked, view: PlayerView) -> int:
        return 0


class RandomAgent(Agent):
    """Picks uniformly with its own seeded RNG (separate from the game's, so it never shifts game luck)."""

    def __init__(self, seed: int):
        self.rng = random.Random(rng_seed(seed))

    def choose(self, decision: Asked, view: PlayerView) -> int:
        n = decision.size
        if n <= 0:
            return self.rng.randrange(n)   # refused, as ever
        # what `randrange(n)` draws, without its two Python frames (random play asks this at every
        # decision); tests/test_engine_speed.py checks it draws the same numbers as randrange
        getrandbits, k = self.rng.getrandbits, n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return r


class FocusedAgent(Agent):
    """Random, but keeps to a plan: the first answer it gives to a question (a prompt) is its plan,
    given again whenever that answer is offered; otherwise (not offered, or not planned yet) it picks
    uniformly. So it climbs one track or collects one kind of card, which uniform play seldom does,
    and an answer unaffordable for now stays the plan. A refusal ("no" to a `may`, "none" to an
    optional `pick`) never becomes the plan, or it would decline for ever."""

    REFUSALS = ("no", "none")

    def __init__(self, seed: int):
        self.rng = random.Random(rng_seed(seed))
        self.plan: dict[str, str] = {}

    def choose(self, decision: Asked, view: PlayerView) -> int:
        options = decision.options
        planned = self.plan.get(decision.prompt)
        if planned in options:
            return options.index(planned)
        index = self.rng.randrange(decision.size)
        if planned is None and options[index] not in self.REFUSALS:
            self.plan[decision.prompt] = options[index]
        return index


class ScriptedAgent(Agent):
    """Answers from a list shared by all seats: option indexes, or option labels."""

    def __init__(self, answers: Sequence, fallback: Optional[Agent] = None):
        self.answers = list(answers)
        self.position = 0
        self.fallback = fallback

    def choose(self, decision: Asked, view: PlayerView) -> int:
        if self.position >= len(self.answers):
            if self.fallback is not None:
                return self.fallback.choose(decision, view)
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
    """Asks at the terminal; an answer that is not an option's number is asked again."""

    MAX_ANSWER = 9  # digits: more is no option number (and int() of 4,301+ digits fails)

    def __init__(self, console=None):
        self.console = console or PlainConsole()

    def choose(self, decision: Asked, view: Optional[PlayerView]) -> int:
        c = self.console
        if view is not None:
            self.show(view)
        c.print(Text.assemble("\n", (printable(decision.player.name), "bold"), f": {printable(decision.prompt)}  ",
                              (f"({printable(str(decision.where))})", "dim")))
        for i, option in enumerate(decision.options, start=1):
            c.print(f"  {i}. {printable(option)}")
        while True:
            text = c.input("choice> ").strip()
            # isdigit() also accepts '²' and other digits int() refuses: only ASCII digits are numbers here
            if text.isascii() and text.isdigit() and len(text) <= self.MAX_ANSWER \
                    and 1 <= int(text) <= len(decision.options):
                return int(text) - 1
            c.print(f"type a number from 1 to {len(decision.options)}")

    def __deepcopy__(self, memo) -> "HumanAgent":
        return self  # one person at one terminal: a cloned game asks the same person

    def show(self, view: PlayerView) -> None:
        """The player's own stocks and zones (their hand), then what everyone sees of the others."""
        c = self.console
        me = view["players"][view["you"]]
        c.print(Text.assemble("\n", (printable(f"You are {me['name']}"), "bold"), f": {_stocks(me['stock'])}"))
        for name, z in me["zones"].items():
            c.print(printable(f"  your {name}: {_zone_text(z)}"))
        for i, p in enumerate(view["players"]):
            if i != view["you"]:
                zones = "; ".join(f"{name} {_zone_text(z)}" for name, z in p["zones"].items())
                c.print(printable(f"  {p['name']}: {_stocks(p['stock'])}" + (f" | {zones}" if zones else "")))
        for name, z in view["zones"].items():
            c.print(printable(f"  {name}: {_zone_text(z)}"))


def _stocks(stock: dict) -> str:
    return ", ".join(f"{v} {k}" for k, v in stock.items() if v) or "nothing"


def _zone_text(z: dict) -> str:
    """A zone as a line: its items when visible, else its size (and what the player knows of it)."""
    if "items" in z:
        return "[" + ", ".join(e["title"] or e["name"] for e in z["items"]) + "]"
    known = ", ".join(e["title"] or e["name"] for e in z["known"])
    return f"{z['size']} {z['visibility']}" + (f" (you know: {known})" if known else "")


def make_agents(kind: str, players: int, seed: int) -> list[Agent]:
    """One agent per seat: 'random', 'focused', 'mixed' (focused and random seats in turn, the first
    seat's kind alternating with the seed), 'first' or 'human'."""
    if kind == "random":
        return [RandomAgent(seed * 1000 + i) for i in range(players)]
    if kind == "focused":
        return [FocusedAgent(seed * 1000 + i) for i in range(players)]
    if kind == "mixed":
        return [(FocusedAgent if (seed + i) % 2 else RandomAgent)(seed * 1000 + i) for i in range(players)]
    if kind == "first":
        return [FirstAgent() for _ in range(players)]
    if kind == "human":
        agent = HumanAgent()
        return [agent for _ in range(players)]
    raise ValueError(f"unknown agent {kind!r}")
