"""Agents answer decisions: random (seeded), first-option, scripted (for tests and replay) and human.

An agent is asked `choose(decision, view)`: the question (`runtime.view.Asked`: player, prompt, options,
size, where) and the view of the state its player may see (`runtime.view.PlayerView`), never the Game."""

from __future__ import annotations

import io
import random
from typing import Optional, Sequence

from rich.console import Console
from rich.text import Text

from rulebook.dsl.diagnostics import printable

from .console import PlainConsole, screen
from .engine import Decision, Game, RulesRuntimeError, rng_seed
from .state import Declined
from .view import Asked, PlayerView, changes, item_label, learnt


class Agent:
    """Answers a decision with an option index."""

    # Whether a game resumed from a log (record.resume) asks it the logged decisions of its seat again as
    # they are played back, its answers left aside, so that it goes on as it was there: a random agent's
    # stream, a focused one's plans, the first agent's patience (`catch_up`). A person, or a script, is not.
    catches_up = False

    def choose(self, decision: Asked, view: PlayerView) -> int:
        """The index of the option taken."""
        raise NotImplementedError


class BlindAgent(Agent):
    """An agent that answers knowing only how many options there are: `Game.play()` asks it
    `choose_blind(size)` without building the question and the view (random play makes hundreds of
    decisions a game, and that is a fifth of the engine's own cost of one). A subclass that
    overrides `choose` is asked through `choose` as any agent."""

    def choose(self, decision: Asked, view: PlayerView) -> int:
        return self.choose_blind(decision.size)

    def choose_blind(self, size: int) -> int:
        """The index of the option taken, from `size` options."""
        raise NotImplementedError


def catch_up(agent: Agent, game, d: Decision) -> None:
    """Ask an agent that `catches_up` a decision of the log being played back (record.resume), as
    `Game.play` would have asked it there, and leave its answer aside (the log's is applied): its
    generator draws, its plans and counts move on as in the game played straight through. The
    question is offered by `Game.offer` itself, so a game's limits (runtime.limits) stop nothing here."""
    if not getattr(agent, "catches_up", False):
        return
    draw = blind_chooser(agent)
    if draw is not None:
        draw(len(d.values))
    else:
        agent.choose(*Game.offer(game, d))


def blind_chooser(agent: Agent):
    """`agent.choose_blind` when the agent answers by the number of options alone (its `choose` is
    BlindAgent's), else None."""
    return agent.choose_blind if type(agent).choose is BlindAgent.choose else None


# How many times in a row an agent that repeats itself (first, focused) gives its usual answer to one
# question before it answers otherwise once: a game whose round asks a question that, always answered
# alike, never moves the game on (Race for the Galaxy's "choose an action": explore, for ever) ends.
PATIENCE = 100


class FirstAgent(Agent):
    """Takes the first option, except that each PATIENCE-th time one question (its prompt as written)
    is asked, it takes another option once: the second, then the third the next time, and so
    on round the options. So a game that only the first option of some question never moves on still
    ends, and the agent stays deterministic."""

    catches_up = True

    def __init__(self):
        self.asked: dict[str, int] = {}   # question -> times asked since its last other answer
        self.turned: dict[str, int] = {}  # question -> how many other answers it has had

    def choose(self, decision: Asked, view: PlayerView) -> int:
        question = decision.written_prompt
        asked = self.asked.get(question, 0) + 1
        if asked < PATIENCE:
            self.asked[question] = asked
            return 0
        self.asked[question] = 0
        turned = self.turned[question] = self.turned.get(question, 0) + 1
        return turned % decision.size


class RandomAgent(BlindAgent):
    """Picks uniformly with its own seeded RNG (separate from the game's, so it never shifts game luck)."""

    catches_up = True

    def __init__(self, seed: int):
        self.rng = random.Random(rng_seed(seed))

    def choose_blind(self, size: int) -> int:
        n = size
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
    optional `pick`) never becomes the plan, or it would decline for ever; nor does an answer to a
    `may ... repeatedly` ("roll again?", answered at random each time), or it would push its luck for
    ever (a push-your-luck game between focused players would never end). A question and an option
    with `{...}` values are known as the rules write them, not as filled in: "{a}+{b}" is one option
    whatever the dice showed, and a prompt naming a player one question for every player named.

    A plan is given at most PATIENCE times in a row for one question: the next time, the agent drops
    it and answers that question at random, and that answer is its new plan (a refusal is none: the
    plan is made at the next asking). So a game that one plan never moves on (every round's "choose
    an action" answered "explore", which ends nothing) still ends."""

    catches_up = True

    REFUSALS = ("no", "none")

    def __init__(self, seed: int):
        self.rng = random.Random(rng_seed(seed))
        self.plan: dict[str, str] = {}
        self.kept: dict[str, int] = {}   # question -> times in a row its plan was given

    def choose(self, decision: Asked, view: PlayerView) -> int:
        if getattr(decision, "repeated", False):   # a question object of another make may lack it
            return self.rng.randrange(decision.size)
        options, question = decision.written_options, decision.written_prompt
        planned = self.plan.get(question)
        if planned in options:
            kept = self.kept.get(question, 0) + 1
            if kept <= PATIENCE:
                self.kept[question] = kept
                return options.index(planned)
            del self.plan[question]   # patience ran out: a new plan, from an answer at random
            planned = None
        self.kept[question] = 0
        index = self.rng.randrange(decision.size)
        if planned is None and options[index] not in self.REFUSALS and not declines(decision, index):
            self.plan[question] = options[index]
        return index


def declines(decision, index: int) -> bool:
    """Whether option `index` of a question picks nothing under a label of the rules' own (`pick ...
    optional as "pass"`): a refusal, as "none" is."""
    values = getattr(getattr(decision, "_decision", decision), "values", None)
    return values is not None and type(values[index]) is Declined


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
            try:
                return decision.index_of(answer)
            except ValueError:
                raise RulesRuntimeError("E603", f"scripted answer {answer!r} is not an option of "
                                        f"{decision.prompt!r}: {decision.options}", decision.where) from None
        return answer


class HumanAgent(Agent):
    """Asks at the terminal; an answer that is not an option's number is asked again. Before each
    question it shows the player's screen (`console.screen`): what happened since that player's last
    decision, then the state their view shows. One agent may sit at every seat (hot seat): it then
    also tells each player the others' answers, except answers that could name a hidden card or
    tile (a pick of cards or tiles, a secret pick) or tell what a condition on hidden cards asking or offering
    it found (`Asked.untold`), each with the values filled into its prompt and
    chosen option that this player's own view could not show masked (`view.teller()`: "P1: tell nobody
    that P2 holds …? → no")."""

    MAX_ANSWER = 9  # digits: more is no option number (and int() of 4,301+ digits fails)

    def __init__(self, console=None):
        self.console = console or PlainConsole()
        # (seat, the answer as a line for each other seat, messages before it)
        self.answers: list[tuple[int, dict[int, str], int]] = []
        self.last: dict[int, tuple[dict, int]] = {}     # seat -> (its view at its last decision, answers then)

    def choose(self, decision: Asked, view: Optional[PlayerView]) -> int:
        c = self.console
        tell = view.teller() if view is not None else None   # before the read: a read view lets go of the game
        data = dict(view) if view is not None else None
        if data is not None:
            self.show(data)
        span = getattr(decision, "number_range", None)   # (a bare Decision, as tests and embedders pass, has none)
        bounds = f" ({span[0]} to {span[1]})" if span is not None else ""
        c.print(Text.assemble("\n", (printable(decision.player.name), "bold"), f": {printable(decision.prompt)}{bounds}  ",
                              (f"({printable(str(decision.where))})", "dim")))
        choice = self.number(span) if span is not None else self.option(decision, data, view)
        if data is not None:
            if not decision.of_items and "chosen_in_secret" not in data and not getattr(decision, "untold", False):
                seat = decision.player.index
                lines = {other: f"{decision.player.name}: " + (tell(other, choice) if tell is not None else
                                                                f"{decision.prompt} → {decision.options[choice]}")
                         for other in range(len(data["players"])) if other != seat}
                self.answers.append((seat, lines, len(data["messages"])))
            self.last[decision.player.index] = (data, len(self.answers))
        return choice

    def option(self, decision: Asked, data: Optional[dict], view: Optional[PlayerView]) -> int:
        """The options, numbered, and the index of the one whose number is typed."""
        c = self.console
        for i, option in enumerate(decision.options, start=1):
            c.print(f"  {i}. {printable(option)}")
        while True:
            text = c.input("choice> ").strip()
            if text.startswith("?") or text.lower().startswith("info "):   # a card's printed fields, then ask again
                self.details(text[1:] if text.startswith("?") else text[5:], decision, data, view)
                continue
            # isdigit() also accepts '²' and other digits int() refuses: only ASCII digits are numbers here
            if text.isascii() and text.isdigit() and len(text) <= self.MAX_ANSWER \
                    and 1 <= int(text) <= len(decision.options):
                return int(text) - 1
            c.print(f"type a number from 1 to {len(decision.options)} (or '? N', '? NAME': what a card shows)")

    def number(self, span: tuple[int, int]) -> int:
        """A pick over a range of numbers (`Asked.number_range`): the number itself is typed, within its
        bounds (asked again otherwise); the answer is its option's index, as any pick's."""
        low, high = span
        while True:
            text = self.console.input("number> ").strip()
            digits = text[1:] if text.startswith("-") else text
            if digits.isascii() and digits.isdigit() and len(digits) <= self.MAX_ANSWER and low <= int(text) <= high:
                return int(text) - low
            self.console.print(f"type a number from {low} to {high}")

    def details(self, query: str, decision: Asked, data: Optional[dict], view: Optional[PlayerView]) -> None:
        """`? 3` (the card option 3 names) or `? Blue Jay` / `info blue_jay`: the fields printed on a card
        the player's view shows (`PlayerView.printed`), one line each. Nothing of the game changes and
        nothing is logged: the question is asked again."""
        c, query = self.console, query.strip()
        if query.isascii() and query.isdigit() and len(query) <= self.MAX_ANSWER:
            if not 1 <= int(query) <= len(decision.options):
                c.print(f"no option {query}: type '? N' with N from 1 to {len(decision.options)}")
                return
            query = decision.options[int(query) - 1]
        found = [item for item in _items(data)
                 if query.lower() in (item_label(item).lower(), (item["title"] or "").lower(), item["name"].lower(),
                                      item["name"].partition("#")[0].lower())] if data is not None else []
        if not found or view is None:
            c.print(f"no card {query!r} in sight: '? N' for an option that is a card, '? NAME' for a card on the screen")
            return
        item = found[0]
        lines = view.printed(item)
        c.print(Text.assemble((printable(item_label(item)), "bold"), ": " + ("nothing printed" if not lines else "")))
        for field, value in lines:
            c.print(f"  {printable(field)}: {printable(value)}")

    def __deepcopy__(self, memo) -> "HumanAgent":
        return self  # one person at one terminal: a cloned game asks the same person

    def happened(self, view: dict) -> list[tuple[str, str]]:
        """What the viewer's screen tells happened since their last decision, in order: `say`
        messages ("say") and the other seats' answers ("answer") as they came, then the changes their
        view shows ("change")."""
        seat = view["you"]
        before, answered = self.last.get(seat, (None, 0))
        messages = view["messages"]
        shown = len(before["messages"]) if before is not None else 0
        lines = []
        for who, told, at in self.answers[answered:]:
            lines.extend(("say", m) for m in messages[shown:at])
            shown = max(shown, at)
            if who != seat:
                lines.append(("answer", told[seat]))
        lines.extend(("say", m) for m in messages[shown:])
        if before is not None:
            lines.extend(("change", line) for line in changes(before, view))
        else:   # the seat's first decision: no screen before it, but what they learnt is news
            lines.extend(("change", line) for line in learnt(view))
        return lines

    def show(self, view: dict) -> None:
        """The player's screen: what happened since their last decision, then what their view shows."""
        for part in screen(view, self.happened(view)):
            self._print(part)

    def _print(self, part) -> None:
        """Print a line or a rich renderable; a console that is no rich console (a test's) gets the
        renderable as the text lines it shows at 80 columns."""
        if isinstance(self.console, Console) or isinstance(part, str):
            self.console.print(part, soft_wrap=False)   # long lines wrap at the terminal's width
            return
        capture = PlainConsole(width=80, file=io.StringIO(), color_system=None)
        capture.print(part)
        for line in capture.file.getvalue().rstrip("\n").split("\n"):
            self.console.print(line.rstrip())


def _items(data) -> list[dict]:
    """Every card or tile a view shows (zones' items and the cards learnt), each once, in order."""
    out, stack = [], [data]
    while stack:
        v = stack.pop(0)
        if isinstance(v, dict):
            if "name" in v and "title" in v and isinstance(v["name"], str):
                out.append(v)
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return out


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
