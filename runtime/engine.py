"""The game runtime: primitives that effects call, decisions, triggers, RNG, the step budget and the log.

Semantics live here, so the compiled backend and the interpreter are two thin ways of calling the
same primitives. Primitives that may ask for a decision or fire triggers are generators; the
effects drive them with `yield from`.
"""

from __future__ import annotations

import copy
import hashlib
import heapq
import json
import operator
import os
import random
import re
import sys
from itertools import combinations, permutations, product
import math
from fractions import Fraction
from math import comb
from collections import Counter as Tally, defaultdict
from types import CodeType, MappingProxyType
from typing import Any, Callable, Iterable, Iterator, Mapping, NamedTuple, Optional

from rulebook.dsl.ast import AUCTION_FORMS, AUCTION_MODES, MAX_EXPONENT, ROLE_KIND, ROLE_ZONE

from .program import IN_FORCE, MAX_VALUE, SEATS, Program, TrackDef
from .state import NONE_OPTION, Declined, nth, ring_apart, shape_orientations, team_count, team_of_seat
from .state import (HELD, Aside, BadValue, Cells, EntityDef, zone_place, not_key, Holder, IsA, Memory, Modifier, NoField, Record, State, Trigger, as_written, at_least_zero,
                    encode, merged_fields)
from .view import Asked, PlayerView, build_view, field_known, field_possible, possible_values

SUBJECT = "subject"   # `it.subject`: the event's subject, among the args of the triggers that read it (compiler.resolve.SUBJECT)
MAX_CHAIN = 400  # trigger firings allowed between two decisions before the chain counts as runaway
MAX_STEPS = 200_000  # loop iterations and proc or func calls allowed between two decisions
_YOU = object()   # `eliminate;` / `restore;` without a player: the acting one
MAX_DECISIONS = 100_000  # decisions a game may take before it counts as never ending
MAX_ALTERNATIVES = 64  # ways of spreading a payer's-choice discount that are told apart
UNLIMITED = 10**9
RECURSION_LIMIT = 20_000
# landings on track spaces and calls of recursive procs in progress, one inside another: past this
# many, effects call each other without end (E602). A rules count, the same on both backends, reached
# long before Python's recursion limit (which the interpreter's deeper stack would reach sooner)
MAX_NESTING = 1_000
NESTING = "nesting"   # its key in `Game.memo` (the memo's other keys are tuples)
HYPOTHETICAL = "hypothetical"   # in `Game.memo` while a hypothetical run (`after`) goes on
UNTOLD = "untold"   # in `Game.memo`: how many calls made under a condition on hidden cards are running (`untold_call`)
MAX_SEATS = 12   # the most seats a game may declare (the checker's E307)
SEED_LIMIT = 2 ** 63   # seeds are integers in [-2^63, 2^63): what a log can hold


def outcome(result: dict) -> str:
    """A result's outcome in words, as `rulebook play` and `replay` print it: the winners, "everyone
    wins" (a cooperative game the team won), "draw" (`else draw`) or "nobody wins"; a cooperative game's score after it,
    or alone ("the team scored 17") when the game is scored and not won or lost."""
    score = f", team score {result['team_score']}" if "team_score" in result else ""
    why = f" ({result['reason']})" if "reason" in result else ""   # `end game "REASON";`
    if "sudden" in result:   # `end game won by P;` / `lost by P` / `drawn`: the game was decided at once
        why = f" (at once{': ' + result['reason'] if 'reason' in result else ''})"
    if result.get("together") and result.get("team_won", False) is None:   # `winner together score EXPR;`
        return f"the team scored {result['team_score']}{why}"
    if result.get("draw"):   # `winner ... else draw`
        return f"draw{why}"
    if not result["winners"]:
        return "nobody wins" + (" (the team lost)" if result.get("together") else "") + score + why
    if result.get("together"):
        return f"everyone wins (together: {', '.join(result['winners'])})" + score + why
    return f"winner: {', '.join(result['winners'])}{why}"


def rng_seed(seed: int) -> int:
    """The RNG seed of a game seed, one to one: random.Random(n) seeds with abs(n), so 5 and -5 would
    play the same game; non-negative seeds map to even numbers, negative ones to odd numbers."""
    return 2 * seed if seed >= 0 else -2 * seed - 1


# how the trace names the end of a zone a move went to, by `top`: None when the rules wrote `bottom of`
END_WORDS = {True: "the top of ", False: "", None: "the bottom of "}

# what `eliminate`, `retire` and `restore` do to a player, for their E601 on an actor or a value that is no player
KNOCKED = {"eliminate": "knocked out", "retire": "retired", "restore": "brought back"}


class RulesRuntimeError(Exception):
    """A rules file asked for something impossible during play; carries a stable code and a rules position."""

    def __init__(self, code: str, message: str, where: Optional[str] = None, notes: Iterable[str] = ()):
        self.code, self.message, self.where, self.notes = code, message, where, list(notes)
        super().__init__(code, message)

    def __str__(self) -> str:
        return f"{self.where or '<rules>'}: error[{self.code}]: {self.message}"


# a decimal kept in a variable or a local has at most 18 places: its denominator divides this (Game.bounded)
DECIMAL_PLACES = 10 ** 18


def handled_frames() -> Iterator[tuple[Any, int, int]]:
    """The frames of the exception being handled, outermost first: (frame, line, last instruction);
    the one walk every reader of a failure's rules position shares."""
    tb = sys.exc_info()[2]
    while tb is not None:
        yield tb.tb_frame, tb.tb_lineno, tb.tb_lasti
        tb = tb.tb_next


def best_of(pairs: Iterable[tuple], lowest: bool = False):
    """`top(x in D, V)` / `bottom(...)`: the element of the (value, element) pairs whose value is the
    highest (lowest), the first such in order on a tie; none when there is none (both backends)."""
    best = None
    for value, element in pairs:
        if best is None or (value < best[0] if lowest else value > best[0]):
            best = (value, element)
    return None if best is None else best[1]


def unchanged(value, old) -> str:
    """The trace's note on a `set` that leaves the value as it was."""
    return " (unchanged)" if value == old and type(value) is type(old) else ""


def in_order(rows: Iterable[tuple], fewest: tuple) -> list:
    """`sorted(x in D, most K1 then fewest K2 ...)`: the elements of the (keys, element) rows, ordered
    by the first key (a number, or a list of numbers item by item), then the next on a tie, and so on (`fewest[i]`: key i's lowest first, else its
    highest first); rows tied on every key keep their order (each pass is a stable sort). Both
    backends."""
    rows = list(rows)
    for keys, _element in rows:
        for key in keys:
            if type(key) is not int and type(key) is not list and type(key) is not Fraction:   # a list: item by item
                raise RulesRuntimeError("E601", f"sorted(...) orders by numbers, not {label_of(key)}")
    for i in reversed(range(len(fewest))):   # the last tie-break first: the main key's pass decides
        rows.sort(key=lambda row: row[0][i], reverse=not fewest[i])
    return [element for _keys, element in rows]


def _links(edges: list) -> dict:
    """Each end of the (a, b, length) edges -> its (edge's index, other end, length), in order; an
    edge from an end to itself is one link."""
    links = {}
    for index, (a, b, length) in enumerate(edges):
        links.setdefault(a, []).append((index, b, length))
        if b != a:
            links.setdefault(b, []).append((index, a, length))
    return links


def _places(value) -> list:
    """FROM or TO of `connects`/`shortest_path`/`reachable`: a zone's items, a list's elements, no place for none,
    otherwise the one place."""
    if type(value) is ZoneRef:
        return list(value.items)
    if isinstance(value, (list, tuple)):
        return list(value)
    return [] if value is None else [value]


class TooDeep(RecursionError):
    """More than MAX_NESTING landings and recursive calls in progress, one inside another: reported as
    Python's own RecursionError is (E602, "effects call each other without end", placed at the cycle),
    but at the same rules depth on both backends."""


def _frozen(value):
    """A value as it is now, for `repeat until stable`: lists (and tuples, sets, dicts) copied into
    tuples, all the way down; anything else as it is (numbers, texts, records, players, cards)."""
    t = type(value)
    if t is list or t is tuple:
        return tuple(_frozen(v) for v in value)
    if t is dict:
        return tuple((k, _frozen(v)) for k, v in value.items())
    if t is set or t is frozenset:
        return frozenset(value)
    return value


def not_movable(e) -> RulesRuntimeError:
    """E601 for a `move` of what is no card: `none` (the first card of an empty zone, say) is told so."""
    if e is None:
        return RulesRuntimeError("E601", "cannot move none: no card was there to move (first(...), last(...), "
                                 "top(...) and a 'let c = draw one' give none when there is nothing: test for "
                                 "'!= none' or 'size(ZONE) > 0' first)")
    return RulesRuntimeError("E601", f"cannot move {label_of(e)}: it is not a card or tile")


class GameEnded(BaseException):
    """`end game;`: unwinds every running effect to the game's driver, which goes on to the final phase
    (a BaseException, so that no handler turning Python errors into rules errors takes it for one)."""


class OnLoops:
    """What stands in `state.loops` while it runs (a labelled loop, a running call an `until end of` names):
    entered on top, left from wherever it stands (innermost first, as calls and loops end)."""

    __slots__ = ()

    def __enter__(self):
        self.loops.append(self)
        return self

    def leave(self) -> None:
        """Take it off `state.loops`."""
        if self.loops and self.loops[-1] is self:
            self.loops.pop()
        elif self in self.loops:   # pragma: no cover - loops and calls end innermost first
            self.loops.remove(self)


class Looping(OnLoops):
    """A running loop with a label (`while true as round { ... }`), in `state.loops` from its start to
    its end (a context manager: `with game.looping(label, where) as lp:` around the loop). `end game
    after LABEL;` marks it `pending`; each round of the loop ends with `if lp.pending: lp.finish()`,
    and a loop left any other way (its last round, a `return`) finishes too on the way out."""

    __slots__ = ("loops", "label", "where", "pending", "game", "run", "resets", "reason")

    def __init__(self, loops: list, label: str, where: str, game, resets: tuple = ()):
        self.loops, self.label, self.where, self.pending, self.game = loops, label, where, False, game
        self.reason: Optional[str] = None   # `end game after LABEL "REASON";`: the reason it ends with
        # the round under way as an `until end of LABEL` names it (Game.until_end): None until one does
        self.run: Optional[int] = None
        self.resets = resets   # the counters `per LABEL` (3.3): back to their start at the end of each round

    def __exit__(self, kind, value, tb) -> bool:
        self.leave()
        if self.run is not None and (kind is None or getattr(kind, "finishes_rounds", False)):
            self.round_over()
        if self.resets and (kind is None or getattr(kind, "finishes_rounds", False)):   # left by `break`, `return`
            self.game.back_to_start(self.resets)
        if self.pending and (kind is None or getattr(kind, "finishes_rounds", False)):   # its end or a `return`
            self.finish()
        return False

    def round_over(self) -> None:
        """A round of the loop is over: what lasted `until end of LABEL` in it ends, and a period `once per LABEL`
        waits for starts again (written after each round only of a loop whose label an `until end of` or a
        `once per` names; nothing while none is in force)."""
        if self.run is not None or self.game.ending.get(f"end of {self.label}"):
            self.game.end_of(self.label, self.run)
            self.run = None

    def finish(self) -> None:
        """The round the game was to end after is over: the game ends as `end game;` would here (with the
        reason `end game after LABEL "REASON";` gave)."""
        self.game.end_game(self.where, self.reason)

    def round_reset(self) -> None:
        """A round of the loop is over: the counters `per LABEL` go back to their start (3.3)."""
        self.game.back_to_start(self.resets)

    def round_end(self) -> None:
        """The end of one round of the loop, for a driver that does not know which of the two a round needs
        (the interpreter): what lasted until the round's end ends, the counters `per LABEL` go back to their
        start, then the game ends if it was to end after it."""
        self.round_over()
        if self.resets:
            self.game.back_to_start(self.resets)
        if self.pending:
            self.finish()


class Running(OnLoops):
    """A running call of a proc that an `until end of PROC` names (`with game.running(NAME):` around its body),
    in `state.loops` with the labelled loops (its label `proc NAME`, which no loop label can be): what lasts
    until its end ends when the call returns (not when the game ends or stops inside it)."""

    __slots__ = ("loops", "label", "pending", "game", "run", "resets")

    def __init__(self, loops: list, name: str, game, resets: tuple = ()):
        self.loops, self.label, self.pending, self.game, self.run = loops, f"proc {name}", False, game, None
        self.resets = resets   # the counters `per NAME` (3.3): back to their start when the outermost call returns

    def __exit__(self, kind, value, tb) -> bool:
        self.leave()
        returned = kind is None or getattr(kind, "finishes_rounds", False)   # (an interpreted `return` too)
        if returned and (self.run is not None or self.game.ending.get(f"end of {self.label[len('proc '):]}")):
            self.game.end_of(self.label[len("proc "):], self.run)   # (a `once per NAME` period starts again too)
        if self.resets and returned and not any(lp.label == self.label for lp in self.loops):
            # the outermost call of the proc returned: a recursive call's return (one of the proc still running
            # around it) leaves the counters to the call that made it, whose count goes on
            self.game.back_to_start(self.resets)
        return False


class Chain(OnLoops):
    """The running outermost call of a proc declared `once per P, ...` (`with` it around the call's body), in
    `state.loops` with the labelled loops (its label `chain NAME`, which no loop label can be): `seen`, the
    values of P the chain has visited, which nested calls read (Game.once_per). Forgotten when the call
    returns; like the call's locals it is not in the saved state: a clone, replay or resume plays the log
    again, which visits the same values."""

    __slots__ = ("loops", "label", "pending", "seen", "run")

    def __init__(self, loops: list, name: str, key: tuple):
        self.loops, self.label, self.pending, self.seen, self.run = loops, f"chain {name}", False, {key}, None

    def __exit__(self, kind, value, tb) -> bool:
        self.leave()
        return False


class _Inside:
    """What a nested call of a `once per` proc with a value not yet visited runs inside: nothing to do."""

    __slots__ = ()

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb) -> bool:
        return False


INSIDE = _Inside()


class Held:
    """`hold DISPLAY { ... }` running: the display is out of `state.shown` (Game.hold_shown) until the block is
    left, by its end, a `return` or a `break` (an exception that `finishes_rounds`), when it is laid out as
    `fill DISPLAY;` lays it out (Game.lay_out, at the statement); an error, or a game stopped or dropped while
    a decision inside is pending, leaves it as it is (laying out would draw from the source)."""

    __slots__ = ("game", "you", "name", "where")

    def __init__(self, game: "Game", you: Optional[Holder], name: str, where: Optional[str]):
        self.game, self.you, self.name, self.where = game, you, name, where

    def __enter__(self) -> "Held":
        self.game.hold_shown(self.name)
        return self

    def __exit__(self, kind, value, tb) -> bool:
        if kind is None or getattr(kind, "finishes_rounds", False):
            self.game.lay_out(self.you, self.name, self.where)
        return False


class LeaveLoop(BaseException):
    """`break;` / `break LABEL;` (label None: the innermost loop): unwinds to the innermost running loop
    that takes it, which the checker makes the loop written around the statement (E335, E336). A
    BaseException, so no handler that turns Python errors into rules errors takes it for one."""

    finishes_rounds = True   # a labelled loop so left ends its round (Looping), as a `return` does

    def __init__(self, label: Optional[str] = None):
        super().__init__()
        self.label = label

    def leaves(self, label: Optional[str]) -> bool:
        """Whether a loop with this label (None: none) is the one to leave."""
        return self.label is None or self.label == label


class Settling:
    """The players of `each PLAYERS until settled` (both backends iterate it): round and round in
    their order, each given while they owe a turn; all owe one at the start, a player given has spent
    theirs (the loop passes over one who is out or fails its `where`), and `reopen` makes every
    other one owe again. The iteration ends when nobody owes a turn: the round is settled."""

    __slots__ = ("order", "owed", "at", "current")

    def __init__(self, players):
        self.order = list(players)
        self.owed = [True] * len(self.order)
        self.at = 0
        self.current = None

    def __iter__(self):
        return self

    def __next__(self):
        order, owed = self.order, self.owed
        n = len(order)
        for _ in range(n):
            i = self.at
            self.at = i + 1 if i + 1 < n else 0
            if owed[i]:
                owed[i] = False
                self.current = i
                return order[i]
        raise StopIteration

    def reopen(self) -> None:
        """`reopen;`: every player of the round but the one whose turn it is owes a turn again."""
        self.owed = [True] * len(self.order)
        if self.current is not None:
            self.owed[self.current] = False


class Effect(NamedTuple):
    """One entry of a game's trace (`rulebook play --trace`): what happened, to whom, and the rules
    position of the statement that did it."""

    kind: str                # gain, lose, pay, set, move, draw, shuffle, advance, regress, roll, flip,
                             # trigger, choice, say, end, reveal (everyone learns), look (the
                             # player alone learns), skip (a tagged block a modifier forbade),
                             # nothing (a choose or pick with no option: `no_option_line`; a
                             # draw that got fewer cards than asked: `draws nothing: deck is empty`),
                             # pick (`pick ... at random`: "picked at random: X"), modifier (put
                             # in force: "modifier opponents move_up until you turn_start"),
                             # eliminate, restore ("P3 is knocked out"), cost (a tagged cost as
                             # modifiers changed it: "cost of build: 8 mc (printed 11 mc; changed by X)"),
                             # split, stack (a `split` dealing its piles and stacking them back), aside
                             # (`set aside`: "sets aside Haven from P1.hand until you turn_start")
    player: Optional[str]    # the holder it happened to (None: shared state)
    what: str                # the resource, track, item or text
    amount: Optional[int]    # how much, when it is a quantity
    where: Optional[str]     # the rules position ("file:line:column")

    def describe(self) -> str:
        """The entry as one readable line (without its position)."""
        who = f"{self.player}: " if self.player else ""
        if self.kind in ("say", "nothing", "pick", "swap", "aside"):   # reads as in the message log; "picked at random: X"
            return who + self.what
        if self.kind in ("eliminate", "restore"):   # a sentence, as in the message log: "P3 is knocked out"
            return f"{self.player} {self.what}"
        amount = "" if self.amount is None else f"{self.amount} "
        return f"{who}{self.kind} {amount}{self.what}"


def no_option_line(prompt: str, otherwise: bool = False, loop: bool = False) -> str:
    """What the message log and the trace say of a question its player had no option for: nothing
    happens, or (`otherwise`: a pick's `else` block) that block runs, or (`loop`: the question of a
    loop asked round after round, `in any order` or `repeatedly`) no option is left and the loop ends."""
    if loop:
        return f"no option left for {str(prompt)!r} (the loop ends)"
    return f"no option for {str(prompt)!r} ({'its else block runs' if otherwise else 'nothing happens'})"


# Frames that are not generated code but still stand for a rules statement (the interpreter's
# statement loop registers itself here): code object -> frame -> rules position.
STATEMENT_FRAMES: dict[CodeType, Callable[[Any], Optional[str]]] = {}
# Frames of the interpreter that start another body (a proc's, a func's), and the files of its code:
# of a body's nested statement frames, the innermost stands for it (Game._cycle_start)
CALL_FRAMES: set = set()
INTERPRETER_FILES: set = set()
# Frames that evaluate a func in the interpreter: code object -> frame -> (its name, [(parameter,
# value)]) (generated funcs are known by their docstring, see Game._func_call).
FUNC_FRAMES: dict[CodeType, Callable[[Any], tuple]] = {}
# Frames of the interpreter that hold a statement's or a func's locals: code object -> frame -> {name:
# value} (generated frames hold them as `v_NAME`), read to name a local that is none (E601).
LOCAL_FRAMES: dict[CodeType, Callable[[Any], dict]] = {}
# Python's words for an operation on none (`unsupported operand type(s) for +: 'NoneType' and 'int'`,
# `'<' not supported between instances of ...`, `bad operand type for unary -: ...`) and the rules'
RUNTIME_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep
# Python's words for arithmetic on a list (`x - y` of two lists held as `any`: the checker could not tell
# they were lists, so the operator was compiled as a number's)
LIST_OPERATION = re.compile(r"unsupported operand type\(s\) for ([^:\s]+): '(\w+)' and '(\w+)'"
                            r"|can only concatenate (list) \(not \"(\w+)\"\) to list")


def list_arithmetic(error: str) -> Optional[str]:
    """A designer's sentence for arithmetic that met a list the checker did not know was one (E601): what
    to write instead; None when the error is not that."""
    m = LIST_OPERATION.search(error)
    if m is None or "list" not in m.groups():
        return None
    op = m.group(1) or "+"
    if op in "+-" and m.group(2) == m.group(3) == "list":
        verb = "join" if op == "+" else "take one list from another"
        return (f"cannot {verb} with {op} here: both sides are lists, but the rules give them as `any` (a "
                f"parameter or field declared any), so {op} was read as a number's; declare them lists "
                f"(`x: list`, `x: list of card`), which makes {op} {'join them' if op == '+' else 'take the items of the right out of the left'}")
    return (f"cannot use {op} with a list and a number here (a value given as `any` held a list): a list is "
            f"joined with + and taken from with -, another list on each side (write [n] for one item), "
            f"and size(...) counts its items")


NONE_OPERATION = re.compile(r"for (unary )?([^:\s]+): |^'([^']+)' not supported")
NONE_VERBS = {"+": "added", "-": "subtracted", "*": "multiplied", "//": "divided", "/": "divided",
              "%": "divided", "<": "compared with '<'", "<=": "compared with '<='", ">": "compared with '>'",
              ">=": "compared with '>='"}

# What the rules call a Game method that is a builtin under another name (a builtin given none names
# the rules' word), and the parts of a Holder a primitive reads (one given none needs a player).
BUILTIN_OF_METHOD = {"stock": "amount", "room_left": "room", "supply_left": "supply"}
PLAYER_PARTS = {"is_player", "index", "stock", "zones", "vars", "markers", "refs", "name"}


class Filled(str):
    """A decision's prompt or an option's label that shows values (`"which card does {p} hold?"`),
    filled in when the decision is asked; `written` is the text as the rules write it (its braces),
    the same at every asking, so what keys a question or an option across askings (FocusedAgent's
    plans) reads it. A plain prompt or label is a plain str, as written.

    What it is made of is kept for a screen that tells the answer to another player (`told`):
    `_parts`, literal texts and the values filled in; `_texts`, each as shown; `_marks`, one letter
    a part: '-' a literal text, 'v' a value, 'h' or 's' a value worked out from hidden cards, 'f' one
    read from the faces of items of a zone seen item by item, its part then (value, the items), each
    viewer shown it when they see those items' faces (see compiler/hidden.py). Private: an agent's
    question must not hand it the values' live objects."""

    written: str
    _parts: tuple
    _texts: list
    _marks: str


def written(text: str) -> str:
    """A prompt or label as the rules write it (a plain one is as shown)."""
    return text.written if type(text) is Filled else text


class Decision:
    """A question to one player: an enumerable list of options; the answer is an option index."""

    # `repeated` is set (True) only on the question of a `may ... repeatedly`: read with getattr
    __slots__ = ("player", "prompt", "values", "where", "_labels", "orders_triggers", "titles", "repeated")

    def __init__(self, player: Holder, prompt: str, values: list, where: str):
        self.player, self.prompt, self.values, self.where = player, prompt, values, where
        self._labels = None
        self.titles = None   # the pack's enum member titles, when its values may be members (`pick`)
        self.orders_triggers = False   # the order of simultaneous trigger firings: not progress (see apply)

    @property
    def size(self) -> int:
        """How many options there are (cheaper than building their labels)."""
        return len(self.values)

    @property
    def options(self) -> list[str]:
        """The options' labels (built when first asked: random play never needs them)."""
        if self._labels is None:
            titles = self.titles
            self.label([label_of(v, titles) for v in self.values])
        return self._labels

    def label(self, labels: list[str]) -> None:
        """Show the options by these labels, alike ones told apart (`told_apart`)."""
        self._labels = labels if len(set(labels)) == len(labels) else told_apart(self.values, labels)

    def index_of(self, label: str) -> int:
        """The option a label names: its own label, or else the label alike options share (which
        names the first of them, as it did before they were told apart), or else a label with values
        as written (`"{a}+{b}"`, the first option written so), or else an actor shown by its title named
        by its name (`mexican` for `Mexican train`, as a log or script may name it). ValueError if none."""
        options = self.options
        if label in options:
            return options.index(label)
        shared = [label_of(v, self.titles) for v in self.values]
        if label in shared:
            return shared.index(label)
        written = self.written_options
        if label not in written:
            named = [v.name if type(v) is Holder else None for v in self.values]
            if label in named:
                return named.index(label)
        return written.index(label)

    @property
    def written_prompt(self) -> str:
        """The prompt as the rules write it: with its `{...}` values unfilled (see Filled)."""
        return written(self.prompt)

    @property
    def written_options(self) -> list[str]:
        """The options' labels, those with values as the rules write them (see Filled); the others
        as shown."""
        return [written(v) if type(v) is Filled else label for v, label in zip(self.values, self.options)]

    def __repr__(self) -> str:
        return f"Decision({self.player}, {self.prompt!r}, {self.options})"


# at most this many amounts are offered for one bid: the lowest, then the bidder's most (see `bids`)
MAX_BIDS = 40


# what `Game._bid` returns for a double or redouble: no amount, it changes the standing bid's stakes
DOUBLE = object()


def call_rank(calls: list, most) -> int:
    """The rank of the highest call of an auction's `over CALLS` a bidder may bid `up to MOST`: MOST's own, or
    for numbers the highest at most MOST (Skat's 18, 20, 22 ... up to a hand worth 35: 35); -1 for none."""
    return max((rank for rank, call in enumerate(calls)
                if call == most or type(call) is int and type(most) is int and call <= most), default=-1)


def bids(floor: int, most: int, step: int) -> list[int]:
    """The amounts a bidder is offered: from `floor` up to `most` by `step`; beyond MAX_BIDS of them,
    the MAX_BIDS - 1 lowest and the highest (a bidder can always go all in)."""
    count = (most - floor) // step + 1 if most >= floor else 0
    if count <= MAX_BIDS:
        return list(range(floor, most + 1, step))
    return list(range(floor, floor + (MAX_BIDS - 1) * step, step)) + [floor + (count - 1) * step]


class ZoneRef:
    """A zone of one holder (or a shared zone): the live list and where it is."""

    # `card`: the card holding it, for a zone a card holds (`tucked: zone of card;`, Game.card_zone), set only
    # there (unset elsewhere: every other zone's handle is made as before, at no cost; read with getattr)
    # `pile`: the number of a pile of a `split` (Game.split_piles), set only there, likewise
    __slots__ = ("owner", "name", "items", "card", "pile")

    def __init__(self, owner: Optional[Holder], name: str, items: list):
        self.owner, self.name, self.items = owner, name, items

    def __iter__(self):
        return iter(list(self.items))

    def __len__(self) -> int:
        return len(self.items)

    def label(self) -> str:
        """Readable name for prompts."""
        card = getattr(self, "card", None)
        if card is not None:
            return f"{card.label()}.{self.name}"
        name = f"{self.owner.name}.{self.name}" if self.owner else self.name
        pile = getattr(self, "pile", None)
        return name if pile is None else f"{name} (pile {pile})"


class Unseen:
    """The unseen top card of a zone as a candidate of a pick (`pick t from market or blind train_deck`):
    offered while the zone (or the pile it refills from) holds a card, labelled so that nobody learns
    which card it is, and drawn only when picked (`Game.take_unseen`). Its filters read nothing of it (the
    checker's E524): it is in no zone and no list, so `contains(market, t)` is false for it."""

    __slots__ = ("zone",)

    def __init__(self, zone: ZoneRef):
        self.zone = zone

    def label(self) -> str:
        return f"the top of {self.zone.label()} (unseen)"

    def __repr__(self) -> str:
        return f"Unseen({self.zone.label()})"


class CardPayment:
    """Where a cost term of cards (`3 cards from hand except c where it.col == red to discards`)
    takes them: the zone they are picked from, the card never offered (None: none), the test a card
    must pass to be offered (`keep`, the term's `where`; None: any card), the zone they go to. A term
    is `("cards", CardPayment, N)`; a modifier's `cost -1 cards;` is `("cards", None, 1)`.
    `alike` (`alike by colour`: the card's field) and `wild` (`wild it.loco`: the test of a wild card), or None:
    the cards paid that are not wild all share the field's value, a wild card standing in for any (offered
    whatever `keep` says; its field never read). With `distinct` (`different by colour`) the cards not wild
    each hold another value instead. One payment's sets (`sets`) are what `affordable` and `pay` both count."""

    __slots__ = ("source", "exclude", "dest", "keep", "alike", "wild", "distinct")

    def __init__(self, source: ZoneRef, exclude, dest: ZoneRef, keep=None, alike=None, wild=None, distinct=False):
        self.source, self.exclude, self.dest, self.keep = source, exclude, dest, keep
        self.alike, self.wild, self.distinct = alike, wild, distinct

    def _key(self) -> tuple:   # the same zones (their live lists), the same card left out, the same tests
        return id(self.source.items), id(self.dest.items), id(self.exclude), id(self.keep), id(self.alike), \
            id(self.wild), self.distinct

    def __eq__(self, other) -> bool:
        return type(other) is CardPayment and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def offered(self) -> list:
        """The cards the payer may pick from: the zone's, but the one left out, the wild ones and those
        the test keeps."""
        keep, wild = self.keep, self.wild
        if wild is not None:
            return [e for e in self.source.items if e is not self.exclude and (wild(e) or keep is None or keep(e))]
        return [e for e in self.source.items if e is not self.exclude and (keep is None or keep(e))]

    def sets(self, offered: list) -> tuple[list, list]:
        """`offered` split as `alike by` pays them: (the wild cards, [(a value of the field, the cards not
        wild holding it), ...] in the zone's order). Without `alike by`, every card not wild is one set."""
        wild, alike = self.wild, self.alike
        wilds, sets = [], []
        for e in offered:
            if wild is not None and wild(e):
                wilds.append(e)
                continue
            value = alike(e) if alike is not None else None
            for v, cards in sets:
                if v == value:
                    cards.append(e)
                    break
            else:
                sets.append((value, [e]))
        return wilds, sets

    def best(self, offered: list) -> list:
        """The most cards of `offered` one payment takes together: every card without `alike by`; else the
        wild ones and the largest set alike (the first such in the zone); `different by`: the wild ones and
        the first card of each value."""
        if self.alike is None:
            return offered
        wilds, sets = self.sets(offered)
        if self.distinct:
            return wilds + [cards[0] for _v, cards in sets]
        return wilds + max((cards for _v, cards in sets), key=len, default=[])


# How many of its elements the E601 of a missing element lists: all when there are no more than SHOWN_ELEMENTS,
# the first SHOWN_ELEMENTS - 2 and their count otherwise (a board of 64 squares is not listed square by square)
SHOWN_ELEMENTS = 8


def no_element(base: str, index, names: Iterable) -> RulesRuntimeError:
    """The error of an index that names no element of an indexed counter, variable or zone: the elements it has,
    at most SHOWN_ELEMENTS of them listed (`1,1, 1,2, ... (64 in all)`); for a grid's index whose row exists (its
    indexes but the last), that row's elements, since the last index is what went past it (`tiles[coal, 5]` of a
    ragged grid whose coal row ends at 4)."""
    names = list(names)
    row = [n for n in names if type(n) is tuple and type(index) is tuple and len(n) == len(index) > 1
           and index_text(n[:-1]) == index_text(index[:-1])]
    listed = row or names
    shown = listed if len(listed) <= SHOWN_ELEMENTS else listed[:SHOWN_ELEMENTS - 2]
    if row:   # the row's last element closes the list: where the row ends is what the reader needs
        last = f", ... {index_text(row[-1])}" if len(shown) < len(row) else ""
        return RulesRuntimeError("E601", f"{base} has no element {index_text(index)} (its row {index_text(index[:-1])} "
                                         f"has {', '.join(map(index_text, shown))}{last}; {len(names)} elements in all)")
    more = f", ... ({len(names)} in all)" if len(shown) < len(names) else ""
    return RulesRuntimeError("E601", f"{base} has no element {index_text(index)} (it has "
                                     f"{', '.join(map(index_text, shown))}{more})")


def index_text(index) -> str:
    """An index as an element's name shows it: `mid`, `3`, a grid's pair as `2,3`."""
    return ",".join(map(index_text, index)) if type(index) is tuple else label_of(index)


PLAIN_INDEXES = frozenset({int, str})   # indexes an element table is keyed by as they are


# `index ... of ITEM in GRID` of no holder written: the element the item lies in, whoever's zone it is
ANYONE = object()


def cell_key(index):
    """A record as an index (`board[s]`, `var board[square]`), or a grid's tuple holding records: the values of
    its fields in their order, as the grid of the record's fields is keyed (a tuple; one value for a record of one
    field alone)."""
    parts = index if type(index) is tuple else (index,)
    flat = tuple(v for part in parts for v in (part.fields.values() if type(part) is Record else (part,)))
    return flat if len(flat) > 1 else flat[0] if flat else None


def grid_key(index):
    """A grid's pair as its table is keyed: a card by its declaration's name (every copy of a card `* N`
    and every player's copy of a per-player card share it), a player by their seat (an index of players,
    `ships_at[p, 3]`); None when a part is `true` or `false` (no element, though `true == 1`) or an actor
    (no seat)."""
    if type(index) is not tuple:
        return None
    key = tuple(i.declared if type(i) is EntityDef else seat_key(i) if type(i) is Holder else i for i in index)
    return None if any(type(i) is bool or i is None for i in key) else key


def seat_key(holder: Holder) -> Optional[int]:
    """A player as an index of players keys its element (`support[p]` is `support[2]` for the second seat); an
    actor, which has no seat, keys none."""
    return holder.index + 1 if holder.is_player else None


class MemberData(dict):
    """One field of an enum's members (`dx` of `enum side { dx: int; ... }`): member -> value, a plain dict
    read by subscription on both backends; of none (no member yet) the read stops play as a card's field of
    none does (E601)."""

    __slots__ = ("field",)

    def __init__(self, field: str, values: dict):
        super().__init__(values)
        self.field = field

    def __missing__(self, member):
        raise RulesRuntimeError("E601", f"{label_of(member) if member is not None else 'none'} has no field "
                                f"{self.field!r}")

    def __repr__(self) -> str:
        """As Python builds it: the generated module holds each field's table so."""
        return f"MemberData({self.field!r}, {dict(self)!r})"


class TableCells(dict):
    """A printed table's values by index (`table payout[r: 1..6]: int = [...];`: 1 -> 10, ...; a tuple of the
    indexes for two or more), made once before play and read by subscription on both backends; an index outside
    the table stops play (E601), as a list's item past its end does. `tops` holds each index's last number when its
    range is open at the top (`[n: 2..]`: a number past it reads the last value), else None; () when none is."""

    __slots__ = ("name", "tops")

    def __init__(self, name: str, values: dict, tops: tuple = ()):
        super().__init__(values)
        self.name = name
        self.tops = tops

    def key_of(self, index):
        """The index a read looks up: past the top of a range open at the top, that range's last number."""
        if not self.tops:
            return index
        if type(index) is not tuple:
            return self.tops[0] if type(index) is int and index > self.tops[0] else index
        return tuple(top if top is not None and type(i) is int and i > top else i for i, top in zip(index, self.tops))

    def __missing__(self, index):
        key = self.key_of(index)
        if key != index and dict.__contains__(self, key):
            return dict.__getitem__(self, key)
        if type(index) is tuple and len(index) == 2 and type(index[0]) is Record and dict.__contains__(self, index[::-1]):
            return dict.__getitem__(self, index[::-1])   # a board's side (`wall[edge(b, a)]`), its cells either way round
        raise RulesRuntimeError("E601", f"table {self.name!r} has no value at {label_of(index)}")

    def __repr__(self) -> str:
        """As Python builds it: the generated module holds each table so."""
        tops = f", {self.tops!r}" if self.tops else ""
        return f"TableCells({self.name!r}, {dict(self)!r}{tops})"


class Elements(dict):
    """An indexed counter's or zone's element names by index, for one indexed by names (an enum's
    members or a kind's cards): generated code reads `table[index]` where `rt.at(base, index)` would
    be a call. A missing index gets `at`'s answer: a card by its declaration's name (one element for
    all the copies of a card `* N`), otherwise E601 (a number or `true` is no name, so it never matches
    by mistake)."""

    __slots__ = ("base",)

    def __init__(self, base: str, names: dict):
        super().__init__(names)
        self.base = base

    def __missing__(self, index):
        if type(index) is EntityDef:
            name = self.get(index.declared)
            if name is not None:
                return name
        elif type(index) is tuple and grid_key(index) != index:   # a grid's pair holding a card or a player
            name = self.get(grid_key(index))
            if name is not None:
                return name
        elif type(index) is Holder:   # an index of players: the player's seat
            name = self.get(seat_key(index))
            if name is not None:
                return name
        raise no_element(self.base, index, self)


def source_order(where: str) -> tuple:
    """A rules position (`FILE:LINE:COL`) as a key that sorts positions in reading order."""
    path, line, column = where.rsplit(":", 2)
    return path, int(line), int(column)


def cell_place(cell, axes: tuple) -> tuple:
    """A board's cell as its place along each field (a range by its value, an enum by its place in the enum's
    order), the key of the board's order as a domain (the first field slowest). `axes` as cell_neighbours takes them."""
    return tuple(cell.fields[name] if how == "range" else arg.index(cell.fields[name]) for name, how, arg in axes)


def cells_apart(cell, other, axes: tuple) -> list:
    """The steps from `cell` to `other` along each field (a range by its values, an enum by its places): along a
    ring (`place: 1..8 around;`) the short way round, the way up when both ways are as long (opposite places)."""
    apart = []
    for (_name, how, arg), a, b in zip(axes, cell_place(cell, axes), cell_place(other, axes)):
        apart.append(ring_apart(b - a, arg[1] - arg[0] + 1) if how == "range" and len(arg) > 2 else b - a)
    return apart


def label_of(value: Any, titles: Optional[dict] = None) -> str:
    """How a value is shown as a decision option: an enum member by its title in `titles` (the
    pack's `member_titles`), if it has one."""
    if hasattr(value, "label"):   # a player, a card, a record (its members by their titles)
        return value.label(titles) if type(value) is Record else value.label()
    if titles is not None and type(value) is str:
        return titles.get(value, value)
    if type(value) is list:   # a pick over lists (`subsets(...)`): each item as it would be shown alone
        return "[" + ", ".join(label_of(item, titles) for item in value) + "]"
    return as_written(value)   # none/true/false, not Python's


def told_apart(values: list, labels: list[str]) -> list[str]:
    """Option labels where alike options are told apart as a player's screen tells them: one player's
    copy of a per-player card by whose copy it is (`Start tile (P2's)`: the owner is on the table),
    copies of a `* N` declaration whose fields differ (`value = copy_number`) by their numbers, as
    their fields tell them apart, anything else by its place among the alike ones (`Trap (2 of 2)`,
    `Contessa (1 of 2)`). Never twins by their copy numbers: a number survives a shuffle, and a seat
    that saw `Contessa #2` go into the court deck would know it again when an opponent shows it
    (docs/language.md 9, `Program.alike_copies`)."""
    seen: dict[str, list[int]] = {}
    for i, label in enumerate(labels):
        seen.setdefault(label, []).append(i)
    apart = list(labels)
    for label, where in seen.items():
        if len(where) < 2:
            continue
        alike = [values[i] for i in where]
        entities = all(type(v) is EntityDef for v in alike)
        if entities and len({v.of for v in alike}) == len(alike):
            marks = [f" ({v.of}'s)" if v.of is not None else " (shared)" for v in alike]
        elif entities and len({v.declared for v in alike}) == 1 and len({v.copy_number for v in alike}) == len(alike) \
                and len({repr(sorted(v.fields.items())) for v in alike}) == len(alike):
            marks = [f" #{v.copy_number}" for v in alike]   # copies whose fields differ: no twins (9)
        else:
            marks = [f" ({n} of {len(alike)})" for n in range(1, len(alike) + 1)]
        for i, mark in zip(where, marks):
            apart[i] = suffixed(labels[i], mark)
    return apart


def suffixed(label: str, suffix: str) -> str:
    """A label with a literal text after it; a label with values stays one (see Filled)."""
    if type(label) is not Filled:
        return label + suffix
    text = Filled(label + suffix)
    text.written, text._parts = label.written + suffix, label._parts + (suffix,)
    text._texts, text._marks = label._texts + [suffix], label._marks + "-"
    return text


def refusal(program: Program, players: int, variants: Iterable[str]) -> Optional[str]:
    """Why a game of this many players with these variants cannot be made (a variant's `when` is
    false: E607), or None."""
    try:
        Game(program, players, 0, None, variants)
    except RulesRuntimeError as e:
        if e.code == "E607":
            return e.message
        raise
    return None


def seating_refusal(program: Program, players: int, variants: Iterable[str], whose: str = "the pack") -> Optional[str]:
    """Why a pack's game does not seat this many players or has no such variant (the message the CLI,
    a log's check and Game() give; `whose` names the pack), or None. A pack without a game takes 1
    to MAX_SEATS players."""
    seats = program.seats() or range(1, MAX_SEATS + 1)
    if players not in seats:
        g = program.game
        name = f"{g.title or g.name} is" if g is not None else "a game is"
        count = f"{seats[0]}" if seats[0] == seats[-1] else f"{seats[0]} to {seats[-1]}"   # Chess: "for 2 players"
        return f"{name} for {count} player{'s' if seats[-1] > 1 else ''}, not {players}"
    unknown = [v for v in variants if "=" not in v and v not in program.variants]
    if unknown:
        if unknown[0] in program.options:
            return f"{unknown[0]!r} is an option: give its value, {unknown[0]}=N ({option_range(program, unknown[0])})"
        return f"unknown variant {unknown[0]!r}; {whose} has: {', '.join(program.variants) or 'none'}"
    try:
        option_values(program, variants, whose)
    except ValueError as e:
        return str(e)
    return None


def option_range(program: Program, name: str) -> str:
    _title, low, high, default = program.options[name]
    listed = program.listed.get(name)
    return f"{' or '.join(map(str, listed)) if listed else f'{low} to {high}'}, {default} if not given"


def option_values(program: Program, settings: Iterable[str], whose: str = "the pack") -> dict:
    """The value of each numeric option (`option NAME: LOW..HIGH = DEFAULT;`) in a game started with these
    settings: the variants chosen, and `NAME=N` for each option given (`--option NAME=N`); the others
    at their default. ValueError for an unknown option, a value that is not a whole number in its range
    or an option given twice."""
    values = {}
    for text in settings:
        name, equals, value = text.partition("=")
        if not equals:
            continue
        name, value = name.strip(), value.strip()
        if name not in program.options:
            raise ValueError(f"unknown option {name!r}; {whose} has: {', '.join(program.options) or 'none'}")
        if name in values:
            raise ValueError(f"option {name!r} is given twice")
        _title, low, high, _default = program.options[name]
        number = int(value) if re.fullmatch(r"[+-]?[0-9]{1,20}", value) else None
        listed = program.listed.get(name)
        if listed is not None and number not in listed:   # `option size: 9 | 13 | 19 = 19;`
            raise ValueError(f"option {name!r} takes one of {', '.join(map(str, listed))}, not {value!r}")
        if number is None or not low <= number <= high:
            raise ValueError(f"option {name!r} takes a whole number from {low} to {high}, not {value!r}")
        values[name] = number
    return {name: values.get(name, default) for name, (_title, _low, _high, default) in program.options.items()}


def misuse(message: str, where: Optional[str] = None) -> RulesRuntimeError:
    """The error of a program calling the game wrongly (E608): a bad answer, a game started twice,
    a seat that is not there; the game is left as it was."""
    return RulesRuntimeError("E608", message, where)


def checked_seat_roles(program: Program, players: int, roles) -> tuple:
    """The role names of `Game(..., roles=[...])`, one a seat in seat order (a role's name or the role itself), or
    E608: a pack whose seats line gives no roles, a count other than the seats', a name that is no role, a role
    not `shared` named twice."""
    if isinstance(roles, str) or not isinstance(roles, Iterable):
        raise misuse(f"roles must be a list of role names, one a seat, not {roles!r}")
    if not program.seat_roles:
        raise misuse("roles are seated only in a pack whose seats line gives them (`seats ... roles ...`); "
                     "a role given in play is given with Game.give_role")
    names = [r.declared if type(r) is EntityDef and r.kind == ROLE_KIND else r for r in roles]
    if len(names) != players:
        raise misuse(f"{len(names)} roles for {players} players: give one per seat")
    for name in names:
        if type(name) is not str or name not in program.roles:
            raise misuse(f"{name!r} is no role of the pack: its roles are {', '.join(program.roles)}")
        if names.count(name) > 1 and not program.entities[name].per_player:
            raise misuse(f"the role {name} is seated {names.count(name)} times, but it is not `shared`: "
                         f"a role is one player's")
    return tuple(names)


def moved_all_words(source, moved: list, keep) -> str:
    """What `move all of Z [where COND] ...` moved, as its trace says it (`at N from top` too): "all of P1.hand (2)",
    "1 of open_routes (all that match)"."""
    return f"all of {source.label()} ({len(moved)})" if keep is None else \
        f"{len(moved)} of {source.label()} (all that match)"


def whole_number(value, what: str) -> int:
    """`value` as an int if it is one (numpy's ints too: operator.index), else E608; a bool is no
    number here, though Python counts it as one."""
    try:
        if type(value) is not bool:
            return operator.index(value)
    except TypeError:
        pass
    raise misuse(f"{what} must be a whole number, not {as_written(value) if value is None else repr(value)}")


class Game:
    """One game being played: state, program, RNG, agents, triggers and the log."""

    # traced only, so class attributes set on a game when used (at most 30 of its own): the card a player
    # revealed last (holder, card, decisions made then), and each modifier put in force right after its
    # owner revealed one -> that card (how the trace names the modifier)
    _revealed: Optional[tuple] = None
    _shown_by: Mapping = MappingProxyType({})

    # The proc with a result type that last ended without `return` (it gave none), until a `return`
    # gives a value of its own, and the locals that value was stored in -> the proc (E601 names it).
    # Class attributes, set on a game only once a typed proc has ended without `return`: a Game keeps
    # at most 30 attributes of its own, the most whose names CPython 3.11 shares between instances;
    # past them every attribute read of every game is slower (two more cost Federation 5%,
    # tests/test_engine_speed.py holds the line).
    fell_off: Optional[str] = None
    # the decisions made past which Game.past_allowed is called: the decision limit (E602), or, while `rulebook
    # simulate` watches this game (runtime/growth.py, W642), its next look at the state. A class attribute, set
    # on a game only while it is watched, so that another game in the process (a clone an agent plays out) keeps
    # its own; play()'s loop reads it into a local once (and again after each past_allowed), so a decision pays
    # a local read where it paid a global one
    decisions_allowed: int = MAX_DECISIONS
    # in a running simultaneous pick of several (`up to N`, `exactly N`): (the player picking, their
    # picks so far), theirs alone to see; set on a game only when it picks several
    secret_partial: Optional[tuple] = None
    none_from: Mapping[str, str] = MappingProxyType({})
    # the value of each numeric option (`option handicap: 0..9 = 0;`) in this game: set on a game only
    # when its pack declares one (its settings then name each, `handicap=4`, logs and copies with them)
    options: Mapping[str, int] = MappingProxyType({})
    # the fields learnt (`reveal c.colour;`), as the hot seat tells them: (the seats that learnt, the
    # card's holder (a seat, an actor's name, None), its zone, its position there then, the field, the
    # value); a list on a game only once one is learnt in a zone
    learnt_lines: Iterable[tuple] = ()
    # `simulate` counts a card whose rules are card overrides used by a seat when one of them runs for it:
    # called as held_use(card, holder) (set on a game only by it)
    held_use: Optional[Callable] = None
    # the roles a caller seated (`Game(..., roles=[...])`), one a seat in seat order, in place of those the
    # seats line deals; set on a game only when given (a clone is seated alike)
    seated_roles: tuple = ()

    def __new__(cls, program: Program, *args, **kwargs):
        """A pack with a limited supply plays as a SuppliedGame, whose stock primitives keep the banks;
        every other game runs the primitives below untouched (a resource without a supply costs
        nothing more)."""
        if cls is Game and getattr(program, "supplies", None):
            cls = SuppliedGame
        if cls in (Game, SuppliedGame) and getattr(program, "held", None):   # cards hold zones: HoldingGame
            cls = HoldingGame if cls is Game else SuppliedHoldingGame
        if getattr(program, "piled", None) and not issubclass(cls, _Piling):   # piles() read: the piles noted
            cls = _PILED.get(cls) or _PILED.setdefault(cls, type(f"Piled{cls.__name__}", (_Piling, cls), {}))
        if getattr(program, "faces", None) and not issubclass(cls, _Facing):   # pieces face down on a board
            cls = _FACED.get(cls) or _FACED.setdefault(cls, type(f"Faced{cls.__name__}", (_Facing, cls), {}))
        return object.__new__(cls)

    def __init__(self, program: Program, players: int, seed: int, agents: Optional[list] = None,
                 variants: Iterable[str] = (), roles: Optional[Iterable] = None):
        players, seed = whole_number(players, "the number of players"), whole_number(seed, "the seed")
        if isinstance(variants, str):   # one name, which would be taken letter by letter
            raise misuse(f"variants must be a list of names, not the text {variants!r}")
        variants = list(variants)
        refused = seating_refusal(program, players, variants)
        if refused:
            raise misuse(refused)
        if not -SEED_LIMIT <= seed < SEED_LIMIT:
            raise misuse(f"the seed must be within ±2^63 (from -2^63 to 2^63 - 1), not {seed}")
        if agents and len(agents) != players:
            raise misuse(f"{len(agents)} agents for {players} players: give one per seat, or none")
        if roles is not None:   # a scenario's seats (a test's, an implementer's): checked before anything is made
            self.seated_roles = checked_seat_roles(program, players, roles)
        self.program = program
        # enum member -> title (None: no titles); a record with a title under (Record, its name) (Record.label)
        self.member_titles = {**program.member_titles, **{(Record, name): parts for name, parts in
                                                          program.record_titles.items()}} \
            if program.record_titles else program.member_titles or None
        self.seed = seed
        self.rng = random.Random(rng_seed(seed))
        self.state = State(players, list(program.actors), program.game.seat_names if program.game is not None else (),
                           program.actor_titles)
        if program.game is not None and program.game.teams:   # `whenever teammates ...` matches by these
            for h in self.state.players:
                h.team = team_of_seat(program.game.teams, h.index, players)
        if program.options:   # every option by its value, in the settings a log or a copy keeps
            self.options = option_values(program, variants)
            variants = [v for v in variants if "=" not in v] + [f"{k}={v}" for k, v in self.options.items()]
        self.variants = frozenset(variants)
        self.agents = list(agents or [])
        self.log: list = []          # decisions: [player, choice]; random outcomes: ["roll"|"shuffle"|"pick", ...]
        self.messages: list[str] = []
        self.pending: list = []      # trigger firings (trigger, args, emission) queued by events, run at the next statement end
        self.emissions = 0           # events announced so far: tells the firings of one event from the next
        self.by_event: dict[str, list[Trigger]] = {}   # an event is announced only while a key is here
        self.ending: Tally = Tally()   # events that end a duration (`until`) or a trigger's rest (`once per`):
        # announced even if no trigger listens
        self.by_action: dict[str, list[Modifier]] = {}   # empty unless a modifier is in force: the fast test
        self.chain: list[str] = []
        self.steps = 0
        self.stepped: Optional[str] = None   # the last loop round or recursive call counted (E602's note)
        self.shared_refs: dict[str, ZoneRef] = {}   # handles on the shared zones (generated code reads them)
        self._gen: Optional[Iterator] = None
        self.started = False         # start() began the whole game (not just one effect)
        self.decision: Optional[Decision] = None
        self.error: Optional[RulesRuntimeError] = None   # the rules error that stopped the game, if one did
        # in a running simultaneous pick: each player who already chose -> their pick (None: passed)
        self.secret_round: Optional[dict] = None
        self.decisions_made = 0
        # None: no trace (the primitives only test it); a callable receives every Effect in order
        self.tracer: Optional[Callable[[Effect], None]] = None
        # results of pure computations that kernels reuse within this game, keyed by everything
        # they depend on (never saved: a game rebuilt from a log recomputes them)
        self.memo: dict = {}
        # entity fields a memo or a zone's index (`keyed`) depends on -> how many times a rule or
        # kernel has set that field (see set_field); watched_sets: the sets of all of them
        # (No further attribute here without removing one: past 30, CPython 3.11 no longer shares a
        # Game's attribute keys, and every `rt.x` of generated code costs a type lookup: +6% on 7 Wonders.)
        self.watched: dict = {}
        self.watched_sets = 0
        p = program
        self._limited = p.limited()
        self._init_stocks()
        if p.reactions:
            self._react()
        if p.anytime or p.option_periods:
            self._periods()
        for name in sorted(self.variants & p.variant_rules.keys()):
            text, allowed = p.variant_rules[name]
            if not allowed(self, self.state.players[0]):
                others = ", ".join(sorted(self.variants - {name}))
                raise RulesRuntimeError("E607", f"variant {name!r} cannot be played with {players} players"
                                        + (f" and {others}" if others else "") + f": it needs {text}")

    # ------------------------------------------------------------------ setup
    def _init_stocks(self) -> None:
        p = self.program
        holders = self.state.players + list(self.state.actors.values())
        stock, own_vars, own_zones, global_counters, global_vars, shared_zones = p.starting_values()
        self.state.globals.update(global_counters)
        self.state.gvars.update(global_vars)
        if p.memories:   # a pack remembering positions (3.3b): nothing recorded yet, the starting one to come
            self.state.seen = [Memory(None, True, {}) for _ in p.memories]
        # every zone's handle is made once, here: generated code reads `you.refs[name]` and
        # `rt.shared_refs[name]` without a call (the lists live as long as the game: State never swaps them)
        shared = self.shared_refs
        for name in shared_zones:
            items = self.state.zones[name] = []
            shared[name] = ZoneRef(None, name, items)
        for h in holders:
            h.stock = dict(stock)
            h.vars = dict(own_vars)
            zones = h.zones = {name: [] for name in own_zones}
            refs = h.refs = dict(shared)   # a holder reaches the shared zones by name too
            for name, items in zones.items():
                refs[name] = ZoneRef(h, name, items)
        if p.seated:   # starts worked out from the seats (a pack without one: nothing here)
            for name in p.seated:
                value = self.seated_start(name)
                if name in self.state.globals:
                    self.state.globals[name] = value
                elif name in self.state.gvars:
                    self.state.gvars[name] = value
                else:
                    for h in holders:
                        (h.vars if name in p.variables else h.stock)[name] = value
        if p.sized:   # a board sized by an option (`col: 1..size;`, `[1..size]`): the elements past it are not in play
            out = self.out_of_play()
            for h in holders:
                for flat in out:
                    h.stock.pop(flat, None)
                    h.vars.pop(flat, None)
                    h.zones.pop(flat, None)
                    h.refs.pop(flat, None)   # (a shared zone's handle too: each holder reaches it by name)
            for flat in out:
                self.state.globals.pop(flat, None)
                self.state.gvars.pop(flat, None)
                self.state.zones.pop(flat, None)
                shared.pop(flat, None)
        if p.roles:   # a role's state is its holders' alone: made when the role is given
            scoped = p.role_scoped
            for h in holders:
                for name in scoped:
                    h.stock.pop(name, None)
                    h.vars.pop(name, None)
                    if h.zones.pop(name, None) is not None:
                        del h.refs[name]
            roles = list(p.seat_roles)
            if p.seat_roles_dealt == "shuffled":   # Bang!'s: as many as seats, the first listed, dealt at random
                roles = roles[:len(self.state.players)]
            if p.seat_roles_dealt:   # shuffled with the game's RNG, then dealt in seat order
                self.rng.shuffle(roles)
            if self.seated_roles:   # seated by the caller: the deal above still drew from the RNG, so the rest
                roles = self.seated_roles   # of the game's randomness is the seed's, as if dealt
            for h, role in zip(self.state.players, roles):
                self.give_role(h, role)

    def out_of_play(self) -> frozenset:
        """The flat names of the elements of the counters, variables and zones indexed by a record sized by an
        option (`var board[point]`, `record point { col: 1..size; row: 1..size; }`) or by a range up to one (`var
        liberties[1..size]`) that this game's options leave off the board (`board[10,3]` with size=9): the state
        holds none of them, screens and views show none. Once per program and options' values (no attribute of
        the game's)."""
        p = self.program
        key = ("out of play", len(self.state.players), *self.options.values())
        out = p.domains.get(key)
        if out is None:
            # (an index of players, SEATS: this game's seats, as an option's value)
            options, found = {**self.options, SEATS: len(self.state.players)}, set()
            for base, places in p.sized.items():
                for index, flat in p.indexed[base].items():
                    keys = index if type(index) is tuple else (index,)
                    if any(keys[at] > options[name] if members is None else members.index(keys[at]) >= options[name]
                           for at, name, members in places):
                        found.add(flat)
            out = p.domains[key] = frozenset(found)
        return out

    def seated_start(self, name: str):
        """The start of a counter worked out from the seats (`start match player_count { ... }`), as the game
        is made (and as `reset` and `give ... role` put it back): a whole number within the counter's bounds
        (from 0 up for a per-player one without), E601 at the start otherwise; a variable's default so
        worked out (`= player_count > 3`), as the checker typed it."""
        fn, where = self.program.seated[name]
        if name in self.program.variables:
            return fn(self, self.state.players[0])
        is_global, low, high = self.program.counters[name]
        players = len(self.state.players)
        try:
            value = fn(self, self.state.players[0])
        except ZeroDivisionError:
            raise RulesRuntimeError("E601", f"the start of counter {name} divides by zero with {players} players",
                                    where) from None
        if type(value) is not int:
            raise RulesRuntimeError("E601", f"the start of counter {name} is {value} with {players} players: it "
                                    "must be a whole number", where)
        if low is None and not is_global:
            low = 0
        if (low is not None and value < low) or (high is not None and value > high):
            bound = f"above its limit {high}" if high is not None and value > high else f"below its floor {low}"
            raise RulesRuntimeError("E601", f"counter {name} would start at {value} with {players} players, "
                                    f"{bound}", where)
        return value

    # ------------------------------------------------------------------ driving
    def start(self, effect: Optional[Iterator] = None) -> Optional[Decision]:
        """Begin the game; returns the first decision that needs an answer, or None if it ended. Once
        only: a started game goes on with apply() or play(). With `effect` (a proc's generator, say)
        it runs that one effect under the game's rules and budgets instead, on a game not started."""
        if self.started:
            if self.error is not None:
                raise self._stopped()
            raise misuse("the game has already started: answer its pending decision with apply(), or let "
                         "play() continue it" if self.decision is not None else "the game is over")
        if sys.getrecursionlimit() < RECURSION_LIMIT:  # the interpreter walks long `else if` chains
            sys.setrecursionlimit(RECURSION_LIMIT)
        self.error = None   # running one effect after another (tests do) is a fresh start each time
        if effect is None:
            self.started = True
        self._gen = self._whole_game() if effect is None else effect
        return self._advance(None)

    def _react(self) -> None:
        """Give every player the reactions of every card (`whenever EVENT in ZONE` in a card), once, before
        anything runs: each is a trigger of theirs that fires while that copy is in their ZONE. Running
        a reaction's slot only registers its trigger: nothing is asked, nothing is announced. A card of
        a `per_player` kind reacts as each player's own copy (`this`), from that player's zone only."""
        for h in self.state.players:
            for e, slot in self.program.reactions:
                for _ in self.run_slot(h, e.copy_for(h.name) if e.per_player else e, slot, e.span):
                    raise RulesRuntimeError("E601", f"registering {e.name}'s reaction asked a decision", e.span)
        if not self.program.reaction_tids:   # the same in every game of the pack (emit orders their firings)
            self.program.reaction_tids = frozenset(t.tid for t in self.state.triggers)
        held = self.state.modifiers   # (every modifier in force now is a card's)
        if any(len(a) > 1 and a[1] == "=" for m in held for a in m.adjustments):
            # a card's replacement beside others: the last to come into force wins (613.7), so the game keeps
            # timestamps, a card's modifier taking its card's (Game.modifiers_of); a pack without one keeps none
            self.state.clock = 0
            for m in held:
                m.since = HELD

    def _periods(self) -> None:
        """Give every player, for each copy of a card whose `anytime` slot is played `once per PATTERN`, the
        period of that copy: a trigger that never fires (it listens to the slot's name, which no event
        has) and rests from the copy's play until PATTERN wakes it, as a reaction's `once per` does
        (`emit`, saved games and clones keep it). A pack without such slots registers nothing."""
        for h in self.state.players:
            for e, slot, _zones, _when, rest in self.program.anytime:
                if rest is not None:
                    self.register(h, slot, "you", slot, {}, False, None,
                                  {"this": e.copy_for(h.name) if e.per_player else e}, rest)
            for site, rest in self.program.option_periods:   # a choose option taken `once per PATTERN`
                self.register(h, site, "you", site, {}, False, None, {}, rest)

    def period_open(self, h: Holder, site: str) -> bool:
        """Whether player `h` may take the choose option `site` taken `once per PATTERN` (its period, Game._periods,
        is not resting)."""
        return not next(t for t in self.by_event[site] if t.owner is h).resting

    def period_used(self, h: Holder, site: str) -> None:
        """Player `h` took the option `site`: its period rests until its PATTERN (Game._periods)."""
        next(t for t in self.by_event[site] if t.owner is h).resting = True

    def _period(self, p: Holder, e, slot: str) -> Trigger:
        """The period of player `p`'s copy `e` of a card's `anytime ... once per` slot (Game._periods)."""
        return next(t for t in self.by_event[slot] if t.owner is p and t.env["this"] is e)

    def _in_turn_order(self, start: int, subject: Holder) -> None:
        """Reorder the reactions one event queued (from `start` in the queue) into turn order from the
        player after the event's subject (the acting player's left), the subject last: at the table,
        Dominion's reactions go "in turn order from the attacker's left". The other firings keep their
        places, and one holder's reactions go as the holder sees the cards: their zones in order, each
        card where it is (two Moats in a hand, the first in the hand first; never by copy number)."""
        tids, pending = self.program.reaction_tids, self.pending
        slots = [i for i in range(start, len(pending)) if pending[i][0].tid in tids]
        if len(slots) < 2:
            return
        n, after = len(self.state.players), subject.index + 1

        def key(entry):
            t = entry[0]
            return (t.owner.index - after) % n, _place_in(t.owner, t.env.get("this"), None) or ()
        ordered = sorted((pending[i] for i in slots), key=key)
        for i, entry in zip(slots, ordered):
            pending[i] = entry

    def window(self, h: Holder, where: str, name: Optional[str] = None):
        """`window;` (`window NAME;`: `name`, offering the slots written `at NAME` alone): the players holding a card with an `anytime in ZONE` slot in that zone of theirs
        are offered to play one, in seat order from the acting player (the first player for an
        actor): one question each, the cards they may play (copies alike once) and "pass". After a
        card is played (its slot runs for its holder, `this` the copy) the offers start again from
        the first; the window closes when every holder passed in one round. Each copy is played at
        most once a window (a card of a `per_player` kind: each player's own copy). A pack without such
        cards asks nothing (one test)."""
        anytime = self.program.windows.get(name)
        if not anytime:
            return
        players, out = self.state.players, self.state.out
        start = players.index(h) if h in players else 0
        order = players[start:] + players[:start]
        played: set = set()
        while True:
            for p in order:
                if out and p in out:
                    continue
                mine = [(e.copy_for(p.name) if e.per_player else e, slot, zones, when, rest)
                        for e, slot, zones, when, rest in anytime]
                held = [(place, e, slot, len(zones) > 1, rest) for e, slot, zones, when, rest in mine
                        if id(e) not in played for place in [_place_in(p, e, zones)] if place is not None
                        and (rest is None or not self._period(p, e, slot).resting)   # `once per`: unused
                        and (when is None or when(self, p, e))]
                if not held:
                    continue
                held.sort(key=lambda card: card[0])   # as the seat sees them: its zones in order, each card where it is
                # copies alike (`alike_key`, as `pick ... alike`: the same state, title and fields) are one option
                named = self._named_cards(own_slots=False) if len(held) > 1 else frozenset()
                cards = _dedup([(e, slot, ranked[2] if several else "", rest) for ranked, e, slot, several, rest in held],
                               lambda card: (self.alike_key(card[0], named), card[1], card[2]))
                # a named window says which it is (the hot seat shows the prompt): "play a card now (intensify window)?"
                d = Decision(p, "play a card now?" if name is None else f"play a card now ({name} window)?",
                             [e for e, _s, _z, _r in cards] + ["pass"], where)
                if any(z for _e, _s, z, _r in cards):   # a slot of several zones: each option says where from
                    d.label([e.label() + (f" (from {z})" if z else "") for e, _s, z, _r in cards] + ["pass"])
                if self.tracer is not None:
                    self._note("window", p, f"may play {', '.join(d.options[:-1])}"
                                             + (f" at the {name} window" if name is not None else ""), where=where)
                choice = yield d
                if choice == len(cards):
                    continue
                e, slot, _z, rest = cards[choice]
                played.add(id(e))
                if rest is not None:   # `once per`: this copy's period is used (Game._periods)
                    self._period(p, e, slot).resting = True
                yield from self.run_slot(p, e, slot, where)
                break   # a card was played: every holder may answer it, from the first again
            else:
                return

    def apply(self, choice, player=None) -> Optional[Decision]:
        """Answer the pending decision with an option index (or an option's label, see
        Decision.index_of); returns the next decision or None when the game is over. `player`, a
        seat's index or name, if given, must be the player asked. A refused answer (E608) leaves the
        game exactly as it was."""
        d = self.decision
        if d is None:
            raise self._not_pending()
        if type(choice) is not int:
            choice = self._option_index(d, choice)
        if not 0 <= choice < d.size:
            raise misuse(f"option {choice} is not one of the {d.size} options", d.where)
        if player is not None and player != d.player.index and player != d.player.name:
            raise misuse(f"the decision is {d.player.name}'s (seat {d.player.index}), not {player!r}'s: "
                         f"{d.prompt}", d.where)
        self.log.append([d.player.index, choice])
        self.decisions_made += 1
        if self.tracer is not None:
            self.tracer(Effect("choice", d.player.label(), f"{d.prompt} -> {d.options[choice]}", None, d.where))
        if self.decisions_made > self.decisions_allowed:
            self.past_allowed(d)
        # ordering a chain's own firings does not end the chain: a runaway stays one (E602)
        return self._advance(choice, fresh_chain=not d.orders_triggers)

    @staticmethod
    def _option_index(d: Decision, choice) -> int:
        """An answer that is not a plain int as an option index: an option's label, or a whole
        number of another type (numpy's); anything else is refused (E608)."""
        if isinstance(choice, str):
            try:
                return d.index_of(choice)
            except ValueError:
                raise misuse(f"{choice!r} is not an option of {d.prompt!r}: {d.options}", d.where) from None
        try:
            return whole_number(choice, "an answer")
        except RulesRuntimeError as e:
            raise misuse(e.message + " (an option's index or label)", d.where) from None

    def _not_pending(self) -> RulesRuntimeError:
        """Why there is no decision to answer: the game stopped on an error, is over, or has not started."""
        if self.error is not None:
            return self._stopped()
        if self.state.over:
            return misuse("the game is over: there is no decision to answer")
        return misuse("no decision is pending: start() the game first")

    def _stopped(self) -> RulesRuntimeError:
        """The error every call on a game stopped by a rules error gets: it names the first one."""
        e = self.error
        return misuse(f"the game stopped on an error and cannot go on: {e}", e.where)

    def past_allowed(self, d: Decision) -> None:
        """The decisions made went past `decisions_allowed`: past the decision limit, the game counts as never
        ending (E602, at the decision just made)."""
        if self.decisions_made > MAX_DECISIONS:
            raise self._stop(RulesRuntimeError("E602", f"the game did not end within {MAX_DECISIONS} decisions",
                                               d.where))

    def _stop(self, e: RulesRuntimeError) -> RulesRuntimeError:
        """Mark the game stopped by a rules error (its effects died with it) and return the error."""
        self.error = e
        self.decision = None
        return e

    def clone(self, agents: Optional[list] = None) -> "Game":
        """An independent game at the same point, made by replaying this one's decisions (a game is a
        stack of running effects, which Python cannot copy; its seed and decisions determine it).
        The clone gets `agents` if given (one per seat), else deep copies of this game's agents."""
        if self.error is not None:
            raise self._stopped()
        twin = Game(self.program, len(self.state.players), self.seed,
                    copy.deepcopy(self.agents) if agents is None else agents, self.variants, self.seated_roles or None)
        if not self.started:
            return twin
        twin.start()
        for entry in self.log:
            if isinstance(entry[0], int):
                twin.apply(entry[1])
        return twin

    def legal(self) -> list[str]:
        """The options of the pending decision (empty when the game is over)."""
        return list(self.decision.options) if self.decision else []

    def _advance(self, value, fresh_chain: bool = True) -> Optional[Decision]:
        if fresh_chain:
            self.chain.clear()
            self.steps, self.stepped = 0, None
        try:
            while True:
                d = self._gen.send(value)
                if self.state.seen is not None:   # a pack remembering a position keeps it at each decision (3.3b)
                    self._remember()
                if len(d.values) == 1 and d.where not in self.program.asked:  # a forced move is no decision
                    if self.tracer is not None:
                        self._trace_forced(d)
                    value = 0
                    continue
                self.decision = d
                return d
        except (StopIteration, GameEnded):   # an effect run alone (`start(effect)`) may end the game too
            self.decision = None
            self.state.over = True
            return None
        except BrokenPipeError:   # the trace's reader has gone (`| head`): not a rules error
            raise
        except Exception as e:
            raise self._stop(self._positioned(e)) from None

    def _trace_forced(self, d: Decision) -> None:
        """The trace's line for a forced move (one option: no decision, nobody asked): a `forced` effect, so the `choice`
        effects stay the decisions of the log."""
        self.tracer(Effect("forced", d.player.label(), f"{d.prompt} -> {d.options[0]} (the only choice)", None, d.where))

    def _positioned(self, e: Exception) -> RulesRuntimeError:
        """What an effect's failure is reported as, at the rules line of the exception being handled
        (a RulesRuntimeError raised by a primitive: the rules line that called it), never a traceback;
        a failure inside a func names it and the statement it was worked out for."""
        if isinstance(e, RecursionError):   # Python's, or TooDeep: the rules' own nesting budget
            return RulesRuntimeError("E602", "effects call each other without end", self._cycle_start(),
                                     [str(e)] if isinstance(e, TooDeep) else ())
        if isinstance(e, RulesRuntimeError):
            failure = e
            if failure.where is None:
                failure.where = self._rules_line()
        elif isinstance(e, (NoField, BadValue)):
            failure = RulesRuntimeError("E601", str(e), self._rules_line())
        elif type(e) is KeyError and e.args and e.args[0] in self.program.role_scoped:   # a role's state, read
            # for a player who does not hold the role (W443 warns where the checker cannot tell)
            name = e.args[0]
            role = next(r for r, names in self.program.roles.items() if name in names)
            failure = RulesRuntimeError("E601", f"{self.program.label(name)} ({name}) is the state of the role "
                                        f"{self.program.entities[role].label()}, which this player does not hold",
                                        self._rules_line(), ["test it first: 'if p is ROLE { ... }'"])
        elif (message := self._field_of_none(e) or self._none_given(e)) is not None:
            failure = RulesRuntimeError("E601", message, self._rules_line())
        elif type(e) is KeyError and e.args == (None,):   # a stock looked up by a resource that is none
            failure = RulesRuntimeError("E601", "the resource or counter is none: there is none to gain, lose, pay or "
                                        "count", self._rules_line(), ["test it first: 'if r != none { ... }'"])
        elif isinstance(e, TypeError) and (message := list_arithmetic(str(e))) is not None:
            failure = RulesRuntimeError("E601", message, self._rules_line())
        elif isinstance(e, TypeError) and "'NoneType'" in str(e):
            failure = RulesRuntimeError("E601", self._none_used(str(e)), self._rules_line())
        else:
            failure = RulesRuntimeError("E601", f"{type(e).__name__}: {e}", self._rules_line())
        if failure.code == "E601":
            note = self._func_note()
            if note is not None and note not in failure.notes:
                failure.notes.append(note)
        return failure

    def _none_used(self, error: str) -> str:
        """A designer's sentence for Python's TypeError on none (`j + 1` where j is none): what could not
        be done with it, and where the none came from: a proc with a result type that ended without
        `return` (a local it was stored in), or a local or parameter of the failing statement."""
        op = NONE_OPERATION.search(error)
        sign = (op.group(2) or op.group(3)) if op else None
        frames = list(handled_frames())
        innermost = frames[-1][0].f_code if frames else None
        # a primitive was given none, or a cost test the code generator wrote at its site (`_affordN`, the
        # runtime's `affordable` for plain terms): the interpreter's primitive says the same
        if innermost is not None and (innermost.co_filename.startswith(RUNTIME_DIR) or innermost.co_name.startswith("_afford")):
            done = "this statement cannot use none"
        elif op and op.group(1):
            done = "none cannot be negated"
        else:
            done = f"none cannot be {NONE_VERBS.get(sign, f'used with {sign!r}')}" if sign else "none cannot be used here"
        nones = self._none_locals()
        if not nones:
            return f"a value here is none and {done}"
        if nones[0] in self.none_from:
            return f"{self.none_from[nones[0]]}() gave none (it ended without return) and {done}"
        return f"{nones[0]} is none and {done}"

    def _none_locals(self) -> list[str]:
        """The locals and parameters that are none among those the failing statement (or func) reads,
        in the innermost rules frame (a generated one or the interpreter's) of the exception being
        handled, in the order they are read."""
        import dis

        module_file, found = self.program.module_file, []
        for frame, line, _last in reversed(list(handled_frames())):
            if module_file and frame.f_code.co_filename == module_file:
                read = [i.argval for i in dis.get_instructions(frame.f_code) if i.opname in ("LOAD_FAST", "LOAD_DEREF")
                        and i.positions is not None and i.positions.lineno == line]   # one statement, one line
                found += [n[2:] for n in dict.fromkeys(read) if n.startswith("v_") and frame.f_locals.get(n, 0) is None]
                if not frame.f_code.co_name.startswith("<"):   # a comprehension's or lambda's: its statement's too
                    return found
                continue
            read = LOCAL_FRAMES.get(frame.f_code)
            if read is not None:
                return found + [n for n, v in read(frame).items() if v is None]
        return found

    def _field_of_none(self, e: Exception) -> Optional[str]:
        """The interpreter's message for a field of none read by generated code, or None: it reads a
        field no rule sets straight from the card (`x.fields['v']`, the hot path), and of `none` that
        fails in Python at `.fields` (translated here, at failure time)."""
        if isinstance(e, AttributeError) and e.name == "fields" and e.obj is None and \
                (field := self._field_read()) is not None:
            return f"none has no field {field!r}"
        return None

    def _none_given(self, e: Exception) -> Optional[str]:
        """The designer's message for a builtin given none where it needs a player or an actor
        (`players_from(p)`, `left(p)`, `others_from(p)`... with p none: Python fails inside the
        primitive at `p.is_player`), or None: names the builtin the rules called and, when it is a
        local or a parameter of the failing statement, the value that is none. One place for every
        builtin, on both backends (the primitive is the frame the rules code called)."""
        if not (isinstance(e, AttributeError) and e.obj is None):
            return None
        frames = [frame for frame, _line, _last in handled_frames()]
        rules = [i for i, frame in enumerate(frames) if not frame.f_code.co_filename.startswith(RUNTIME_DIR)]
        if not rules or rules[-1] + 1 >= len(frames):
            return None   # not raised inside a primitive the rules called
        method = frames[rules[-1] + 1].f_code.co_name
        builtin = BUILTIN_OF_METHOD.get(method, method)
        needs = "a player" if e.name in PLAYER_PARTS else "a value, not none"
        nones = self._none_locals()
        if nones:
            return f"{nones[0]} is none and {builtin}() needs {needs}"
        return f"{builtin}() was given none and needs {needs}"

    def _field_read(self) -> Optional[str]:
        """The field a generated `X.fields['NAME']` was reading when the exception being handled was
        raised at its `.fields` (the constant the instruction after it loads), or None."""
        import dis

        frames = list(handled_frames())
        if not frames or frames[-1][0].f_code.co_filename != self.program.module_file:
            return None
        frame, _line, last = frames[-1]   # where it was raised
        after = False
        for ins in dis.get_instructions(frame.f_code):
            if after:
                return ins.argval if ins.opname == "LOAD_CONST" and isinstance(ins.argval, str) else None
            after = ins.offset == last and ins.argval == "fields"
        return None

    def _func_note(self) -> Optional[str]:
        """"in peak(c = 7), worked out for the statement at g.rules:4:3": the innermost func the
        exception being handled came from, with its arguments, and the statement that asked for it
        (a func's own position says where it failed, not who called it); None outside a func."""
        frames = list(handled_frames())
        for i in range(len(frames) - 1, -1, -1):
            call = self._func_call(frames[i][0])
            if call is not None:
                break
        else:
            return None
        name, args = call
        shown = f"in {name}({', '.join(f'{p} = {self.text(v)}' for p, v in args)})"
        for frame, line, _last in reversed(frames[:i]):   # the statement: the nearest frame that is not a func's
            if self._func_call(frame) is None:
                where = self._frame_position(frame, line)
                if where is not None:
                    return f"{shown}, worked out for the statement at {where}"
        return shown

    def _func_call(self, frame) -> Optional[tuple[str, list]]:
        """(the func's name, [(parameter, value)]) when `frame` evaluates a func: a generated one
        (its docstring is 'func NAME'; its parameters are v_NAME after rt and you) or one the
        interpreter registered in FUNC_FRAMES; None for any other frame."""
        code = frame.f_code
        read = FUNC_FRAMES.get(code)
        if read is not None:
            return read(frame)
        if not self.program.module_file or code.co_filename != self.program.module_file:
            return None
        doc = code.co_consts[0] if code.co_consts else None
        if not (isinstance(doc, str) and doc.startswith("func ")):
            return None
        params = code.co_varnames[2:code.co_argcount]
        return doc[5:], [(p[2:], frame.f_locals.get(p)) for p in params]

    def play(self) -> dict:
        """Play to the end with the game's agents, from the start or, in a started game, from its
        pending decision; returns the result (without the state digest: `result()` or
        `state.digest()` give it when a caller needs it)."""
        if self.error is not None:
            raise self._stopped()
        d = self.decision if self.started else self.start()
        if d is not None:
            if len(self.agents) != len(self.state.players):   # checked here too: `agents` may be set later
                raise misuse(f"play() needs one agent per seat ({len(self.state.players)}), not "
                             f"{len(self.agents)}: Game(..., agents=...), for instance "
                             "runtime.agents.make_agents('random', players, seed)", d.where)
            self._play_from(d)
        return self.result(digest=False)

    def _play_from(self, d: Decision) -> None:
        """play()'s loop: `apply` and `_advance` in one frame, with the same checks, log, tracer,
        budgets and errors; each decision's agent is asked through `offer` (a decision is the hot
        path of a game: the calls saved are a tenth of the engine's share of it)."""
        from .agents import blind_chooser   # agents import the engine
        agents, log, chain, gen = self.agents, self.log, self.chain, self._gen
        # an agent that needs only the number of options is asked without the question and the view
        # (unless a caller replaced `offer` on this game, to watch what agents are given; tested
        # without `vars(self)`, which would turn the game's inline attributes into a dict for good
        # and slow every attribute read after it)
        own_offer = getattr(self.offer, "__func__", None) is Game.offer
        blind = [blind_chooser(a) for a in agents] if own_offer else [None] * len(agents)
        remember = self._remember if self.state.seen is not None else None
        allowed = self.decisions_allowed
        while True:
            seat, size = d.player.index, len(d.values)   # a question's options never change once asked
            draw = blind[seat]
            if draw is None:
                offered = self.offer(d)
                choice = agents[seat].choose(*offered)
                if type(choice) is not int:   # a label: one of those the agent was shown (`Asked.index_of`)
                    choice = self._option_index(offered[0], choice)
            else:
                choice = draw(size)
                if type(choice) is not int:
                    choice = self._option_index(d, choice)
            if not 0 <= choice < size:
                raise misuse(f"option {choice} is not one of the {size} options", d.where)
            log.append([seat, choice])
            self.decisions_made += 1
            if self.tracer is not None:
                self.tracer(Effect("choice", d.player.label(), f"{d.prompt} -> {d.options[choice]}", None, d.where))
            if self.decisions_made > allowed:
                self.past_allowed(d)
                allowed = self.decisions_allowed   # moved on by a watch's look
            if not d.orders_triggers:   # as in apply: ordering a chain's own firings does not end it
                if chain:
                    chain.clear()
                self.steps, self.stepped = 0, None
            try:
                d = gen.send(choice)
                if remember is not None:   # a pack remembering a position keeps it at each decision (3.3b)
                    remember()
                while len(d.values) == 1 and d.where not in self.program.asked:   # a forced move is no decision
                    if self.tracer is not None:
                        self._trace_forced(d)
                    d = gen.send(0)
                    if remember is not None:
                        remember()
            except (StopIteration, GameEnded):
                self.decision = None
                self.state.over = True
                return
            except BrokenPipeError:   # the trace's reader has gone (`| head`): not a rules error
                raise
            except Exception as e:
                raise self._stop(self._positioned(e)) from None
            self.decision = d

    def offer(self, d: Decision) -> tuple:
        """What an agent is given for a decision: the question and its player's view, not the Game
        (the view is built only if the agent looks at it)."""
        return Asked(d, self), PlayerView(self, d)

    def view(self, player_index: int) -> dict:
        """The state as one player (a seat index, 0 to players - 1) sees it now, JSON-ready (see
        runtime/view.py)."""
        seats = len(self.state.players)
        index = whole_number(player_index, "a player's seat")
        if not 0 <= index < seats:
            raise misuse(f"there is no seat {index}: the seats are 0 to {seats - 1}")
        return build_view(self, index)

    def _whole_game(self):
        g = self.program.game
        if g is None:
            raise RulesRuntimeError("E306", "the pack declares no game")
        first = self.state.players[0]
        try:
            yield from g.setup(self, first)
            yield from g.play(self, first)
        except GameEnded:   # `end game;`: the rest of the setup and play phases is skipped
            self._ended()
            if self.state.sudden is not None:   # `end game won by P;`: the outcome is named, nothing is scored
                return
        try:
            yield from g.final(self, first)
        except GameEnded:   # in the final phase: the scoring stands as it is
            self._ended()

    def _ended(self) -> None:
        """After `end game;`: what was running is gone, so are its pending trigger firings."""
        self.pending.clear()
        self.chain.clear()

    def ended_without_return(self, proc: str) -> None:
        """A proc with a result type reached its end without `return`: it gives none (remembered, so
        that a failure on that none can name the proc)."""
        self.fell_off = proc
        return None

    def returned(self) -> None:
        """A `return` gave a value of its own (not a proc's it passes on)."""
        if self.fell_off is not None:
            self.fell_off = None

    def kept(self, local: str, value):
        """A typed proc's value (just given) stored in a local by `let` or `set`: which proc it came
        from, when it is the none of one that ended without `return`."""
        if value is None and self.fell_off is not None:
            if type(self.none_from) is MappingProxyType:   # the class's empty one (not `vars(self)`:
                self.none_from = {}                         # see _play_from)
            self.none_from[local] = self.fell_off
        elif local in self.none_from:
            del self.none_from[local]
        return value

    def end_game(self, where: Optional[str] = None, reason: Optional[str] = None) -> None:
        """`end game;`: stop every running effect; the final phase runs next, then the winner. `end game
        "REASON";` keeps why (the first reason given: one in the final phase does not replace it)."""
        if self.tracer is not None:
            self._note("end", None, "the game" + (f" ({reason})" if reason is not None else ""), where=where)
        if reason is not None and self.state.reason is None:
            self.state.reason = reason
        raise GameEnded()

    def end_game_by(self, who, lost: bool, where: Optional[str] = None, reason: Optional[str] = None) -> None:
        """`end game won by P;` (`lost` false) / `end game lost by P;`: the game stops at once with its outcome
        named (P a player or a list of players), and the final phase is skipped; said in the final phase, or
        after the game already ended so, the first outcome stands."""
        named = tuple(who) if type(who) is list else (who,)
        for p in named:
            if type(p) is not Holder or not p.is_player:
                raise RulesRuntimeError("E601", f"end game {'lost' if lost else 'won'} by {self.text(p)}: only a player "
                                        "wins or loses", where)
        verb = "lost" if lost else "won"
        self._end_at_once(verb, named, f"{verb} by {', '.join(p.name for p in named) or 'nobody'}", where, reason)

    def end_game_drawn(self, where: Optional[str] = None, reason: Optional[str] = None) -> None:
        """`end game drawn;`: the game stops at once in a draw (nobody wins), and the final phase is skipped;
        said in the final phase, or after the game already ended at once, the first outcome stands."""
        self._end_at_once("drawn", (), "drawn", where, reason)

    def _end_at_once(self, verb: str, named: tuple, told: str, where: Optional[str], reason: Optional[str]) -> None:
        """A sudden end with its outcome named (`won`, `lost` or `drawn`, and the players named): traced as
        `told`, kept unless an outcome was named before, with the first reason given."""
        if self.tracer is not None:
            self._note("end", None, f"the game: {told}" + (f" ({reason})" if reason is not None else ""), where=where)
        if self.state.sudden is None:
            self.state.sudden = (verb, named)
        if reason is not None and self.state.reason is None:
            self.state.reason = reason
        raise GameEnded()

    def looping(self, label: str, where: str, resets: tuple = ()) -> "Looping":
        """A labelled loop (`repeat 5 as round { ... }`) starting: `with` it around the loop (`resets`: the
        counters `per LABEL`)."""
        return Looping(self.state.loops, label, where, self, resets)

    def phase_now(self) -> Optional[str]:
        """The named phase of the game under way (3.16a), or None (in setup, play or final)."""
        return next((lp.label for lp in reversed(self.state.loops)
                     if type(lp) is Looping and lp.label in self.program.phase_names), None)

    def during(self, label: str) -> bool:
        """`during LABEL`: whether a loop so labelled is running (a named phase of the game is one)."""
        return any(type(lp) is Looping and lp.label == label for lp in self.state.loops)

    def once_per(self, name: str, key: tuple, where: Optional[str] = None):
        """A call of the proc NAME declared `once per P, ...` with `key` the values of P: None when a call of
        NAME running around it (the chain's outermost) has visited them already (the call is skipped, and
        the trace says why); else what to run the call's body inside: a new Chain for an outermost call,
        INSIDE for a nested one, the key then visited."""
        label = "chain " + name
        for lp in reversed(self.state.loops):
            if lp.label == label:
                if key in lp.seen:
                    if self.tracer is not None:
                        self._note("skip", None, f"{name}({', '.join(self.text(v) for v in key)}) (once per "
                                   f"{'value' if len(key) == 1 else 'values'} in a chain: visited already)",
                                   where=where)
                    return None
                lp.seen.add(key)
                return INSIDE
        return Chain(self.state.loops, name, key)

    def split_piles(self, h: Optional[Holder], ref: ZoneRef, count, where: Optional[str] = None) -> list:
        """`split ZONE into N piles as PILE`: the zone's items dealt into N piles as equal as possible, cut
        from the top (pile 1 the top items; the first `size % N` piles one item larger), the zone left empty;
        the piles, in order (each a ZoneRef of the zone's name and owner, so it is seen as the zone is)."""
        if type(count) is not int or count < 1:
            raise RulesRuntimeError("E601", f"cannot split {ref.label()} into {self.text(count)} piles: "
                                    "it takes a whole number, at least 1", where)
        items = ref.items
        size, extra = divmod(len(items), count)
        piles, start, places = [], 0, self.state.where
        for i in range(count):
            end = start + size + (i < extra)
            pile = ZoneRef(ref.owner, ref.name, items[start:end])
            pile.pile = i + 1
            for e in pile.items:
                loc = places[e.key]
                places[e.key] = (loc[0], loc[1], pile.items, *loc[3:])
            piles.append(pile)
            start = end
        if self.state.known_fields:   # the places learnt there (`move ... known`) are forgotten, as by a shuffle
            self.forget_places(items)
        del items[:]
        if self.tracer is not None:
            self._note("split", h, f"{ref.label()} ({start} cards) into {count} piles of "
                       f"{', '.join(str(len(p.items)) for p in piles)}", where=where)
        return piles

    def stack_piles(self, h: Optional[Holder], ref: ZoneRef, piles: list, where: Optional[str] = None) -> None:
        """The end of a `split`: its piles stacked back on top of the zone, the largest on top (equal sizes in
        pile order: pile 1 above pile 2), above anything put into the zone meanwhile."""
        stacked = [e for pile in sorted(piles, key=lambda p: -len(p.items)) for e in pile.items]
        if self.tracer is not None:
            self._note("stack", h, f"the piles of {ref.label()} back, the largest on top: "
                       f"{', '.join(str(len(p.items)) for p in sorted(piles, key=lambda p: -len(p.items)))}", where=where)
        places = self.state.where
        for e in stacked:
            loc = places[e.key]
            places[e.key] = (loc[0], loc[1], ref.items, *loc[3:])
        ref.items[:0] = stacked
        for pile in piles:
            pile.items.clear()

    def running(self, name: str, resets: tuple = ()) -> "Running":
        """A call of a proc that an `until end of NAME` (or a counter's `per NAME`, `resets`) names starting:
        `with` it around the proc's body."""
        return Running(self.state.loops, name, self, resets)

    def back_to_start(self, names: tuple) -> None:
        """The counters `per NAME` (3.3) back to their start values at the end of a call of the proc or a round
        of the loop NAME, every player's (and actor's) or the game's: with no event (nothing is gained or
        lost: what was left of the turn is gone), traced as one `reset` line per holder that changed."""
        tracer, told = self.tracer, {}
        for _setter, h, flat, old, value in self._reset_targets(names):
            if old == value:
                continue
            if h is None:
                self.state.globals[flat] = value
            else:
                h.stock[flat] = value
            if tracer is not None:
                told.setdefault(h, []).append(f"{flat} = {value} (was {old})")
        for h, what in told.items():
            self._note("set", h, f"back to start: {', '.join(what)}")

    def until_end(self, name: str, where: Optional[str] = None) -> tuple:
        """`until end of NAME`: the saved ending of a duration (as an `until` pattern's: subject mode,
        event, filters) that ends with the running call of the proc NAME, or the round under way of the
        innermost running loop labelled NAME. None running: E419 at the statement."""
        for lp in reversed(self.state.loops):
            if lp.label == name or lp.label == f"proc {name}":
                if lp.run is None:
                    self.emissions += 1   # a number no other running call or round has
                    lp.run = self.emissions
                return ("anyone", f"end of {name}", {"run": lp.run})
        running = ", ".join(dict.fromkeys(lp.label for lp in reversed(self.state.loops)))
        raise RulesRuntimeError("E419", f"'until end of {name}': no call of proc {name!r} and no loop labelled "
                                f"{name!r} is running here ({'running: ' + running if running else 'none is running'})",
                                where)

    def end_of(self, name: str, run: Optional[int]) -> None:
        """A call or round an `until end of NAME` named is over: what lasted until then ends (`run` None: no
        duration was put in force in it, only a `once per NAME` period waits for it)."""
        event = f"end of {name}"
        if self.ending.get(event):
            self.emit(event, None, {"run": run})

    def end_after(self, label: str, where: Optional[str] = None, reason: Optional[str] = None) -> None:
        """`end game after LABEL;`: mark the innermost running loop labelled LABEL; the game ends when
        its round under way is over (Looping.finish). Marked already, nothing changes but the reason
        (`end game after LABEL "REASON";`) when none was given yet: the first reason given stands."""
        for lp in reversed(self.state.loops):
            if lp.label == label:
                if self.tracer is not None and (not lp.pending or (reason is not None and lp.reason is None)):
                    self._note("end", None, f"the game after this {label}"
                               + (f" ({reason})" if reason is not None else ""), where=where)
                lp.pending = True
                if reason is not None and lp.reason is None:
                    lp.reason = reason
                return
        running = ", ".join(dict.fromkeys(lp.label for lp in reversed(self.state.loops) if " " not in lp.label))
        raise RulesRuntimeError("E609", f"'end game after {label}': no loop labelled {label!r} is running "
                                f"({'the labelled loops running: ' + running if running else 'no labelled loop is running'})",
                                where)

    def _note(self, kind: str, h: Optional[Holder], what: str, amount: Optional[int] = None,
              where: Optional[str] = None) -> None:
        """Hand one effect to the tracer (called only when there is one), placed at the rules
        statement running now unless the caller knows its position."""
        if self.program.sized and "[" in what:   # an element of an index of players: its seats by their players
            what = self._seats_named(what)
        self.tracer(Effect(kind, h.label() if h is not None else None, what, amount, where or self._statement_now()))

    def _seats_named(self, text: str) -> str:
        """A trace's text with each element of an index of players named by its players, as screens name them
        (`support[3]` is `support[Germany]`, `ships[2,4]` `ships[France,4]`): a log and a save keep the seat."""
        players = self.state.players

        def named(m, places):
            parts = m.group(2).split(",")
            return m.group(1) + "[" + ",".join(
                players[int(k) - 1].name if at in places and k.isdigit() and 0 < int(k) <= len(players) else k
                for at, k in enumerate(parts)) + "]"
        for base, places in self.program.seat_places().items():
            if base + "[" in text:
                text = re.sub(rf"\b({re.escape(base)})\[([^\]]*)\]", lambda m: named(m, places), text)
        return text

    def _modifier_name(self, m: Modifier) -> str:
        """How the trace names a modifier: the card or tile that put it in force (in a proc, the card its
        owner revealed just before, with no decision between: Moat), else its declaration."""
        this = m.env.get("this", self._shown_by.get(m))
        # one a proc put in force is its rule there, not the proc: "a modifier of setup_game"; one a phase
        # of the game did, the phase's, as written: "a modifier of phase setup" (its site is the game's)
        if this is not None:
            return label_of(this)
        phase = self.program.modifier_phases.get(m.mid)
        return f"a modifier of phase {phase}" if phase is not None else f"a modifier of {m.mid.split('#')[0]}"

    def _statement_now(self) -> Optional[str]:
        """The rules position of the innermost statement running: the innermost generated frame's
        LINE_MAP entry, or the interpreter's current statement (walks the stack: tracing only)."""
        frame = sys._getframe(2)
        while frame is not None:
            where = self._frame_position(frame, frame.f_lineno)
            if where is not None:
                return where
            frame = frame.f_back
        return None

    def _frame_position(self, frame, line: int) -> Optional[str]:
        """The rules position a frame stands for at `line`: a generated frame's LINE_MAP entry, or
        the statement an interpreter frame is carrying out; None for any other frame."""
        code = frame.f_code
        if self.program.module_file and code.co_filename == self.program.module_file:
            return self.program.line_map.get(line)
        placed = STATEMENT_FRAMES.get(code)
        return placed(frame) if placed is not None else None

    def _cycle_start(self) -> Optional[str]:
        """Where effects that call each other without end are reported: of the rules positions that
        recur on the stack of the RecursionError being handled (the cycle's statements), the first in
        source order. Where the interpreter's deeper stack runs out inside the cycle differs from the
        compiled code's, so the innermost line would differ between the backends; the cycle does not."""
        seen: dict[str, int] = {}
        inner = None   # the innermost statement the interpreter is carrying out in the body being walked
        for frame, line, _last in handled_frames():
            code = frame.f_code
            if code in STATEMENT_FRAMES:
                # an `if` and the `advance` in it are two interpreter frames, one generated frame (at the
                # `advance`): of one body's nested statements, the innermost stands for the body
                inner = STATEMENT_FRAMES[code](frame) or inner
                continue
            if inner is not None and (code in CALL_FRAMES or code.co_filename not in INTERPRETER_FILES):
                seen[inner] = seen.get(inner, 0) + 1   # the body ends here: a proc called, the runtime entered
                inner = None
            where = self._frame_position(frame, line)
            if where is not None:
                seen[where] = seen.get(where, 0) + 1
        if inner is not None:
            seen[inner] = seen.get(inner, 0) + 1
        recurring = [w for w, n in seen.items() if n > 1]
        return min(recurring, key=source_order) if recurring else self._rules_line()

    def _rules_line(self) -> Optional[str]:
        """The rules position of the innermost generated frame of the exception being handled."""
        where = getattr(sys.exc_info()[1], "rules_where", None)
        line_map, module_file = self.program.line_map, self.program.module_file
        for frame, line, _last in handled_frames():
            if module_file and frame.f_code.co_filename == module_file:
                where = line_map.get(line, where)
        return where

    # ------------------------------------------------------------------ results
    def result(self, digest: bool = True) -> dict:
        """Scores by the winner keys and the winners (ties share the win), whether the game is over
        (`over`: before the end they are the standings so far, not a result), and the state's
        digest unless `digest` is false (it serialises the whole state: replays and logs need it, a
        batch of simulated games does not). `winners` is empty when nobody wins (`winner ... if
        COND` with COND false); a cooperative game (`winner together if COND`) has `together: True`
        and `winners` every player (the team won, the knocked-out ones too) or none. One with a score
        (`winner together ... score EXPR`) has `team_score`, a number, and `team_won`: true or false
        with a condition, null without one (a score and no win or loss: `winners` is then empty)."""
        g = self.program.game
        rows = []
        try:   # the winner keys are rules too: a failure is a positioned diagnostic, never a traceback
            for p in self.state.players:
                rows.append((tuple(key(self, p) for key in g.winner_keys), p))
            # `winner ... if COND`: read once, with the first player as `you` (as the phases run)
            won = g.win_if is None or bool(g.win_if(self, self.state.players[0]))
            # a cooperative game's score: read once, with the first player as `you`, like the condition
            team_score = None if g.team_score is None else int(g.team_score(self, self.state.players[0]))
        except Exception as e:   # positioned as an effect's failure is: at the rules line, with its func's note
            failure = self._positioned(e)
            # a finished game whose winner line fails stopped on that error: its log says so and replays to it
            raise (self._stop(failure) if self.state.over else failure) from None
        fewest = g.fewest   # keys whose lowest value wins rank by their negation
        ranks = [tuple(-v if i in fewest else v for i, v in enumerate(k)) if fewest else k for k, _p in rows]
        # a knocked-out player cannot win: the best is taken among the players still in (among all
        # of them when everyone is out); their scores are shown all the same
        out = self.state.out   # (a player retired may win: out of the turns, not of the game)
        teams = None
        if g.by_team:   # `winner most KEY by team`: each member ranks as its team, by the members' keys summed
            teams = [self.team(p) for p in self.state.players]
            members = {t: [rank for rank, u in zip(ranks, teams) if u == t] for t in set(teams)}
            # `by team once`: the key is the team's own value, which each member reads alike: its first member's
            sums = {t: ranked[0] if g.by_team == "once" else tuple(map(sum, zip(*ranked)))
                    for t, ranked in members.items()}
            ranks = [sums[t] for t in teams]
        # a team wins whole, its knocked-out members too
        can_win = () if teams is not None else out
        contenders = [rank for (_k, p), rank in zip(rows, ranks) if p not in can_win] or ranks
        best = max(contenders)
        result = {
            "over": self.state.over,
            "scores": {p.name: list(k) for k, p in rows},
            "winners": [] if not won else [p.name for _k, p in rows] if g.together else
                       [p.name for (_k, p), rank in zip(rows, ranks) if rank == best and (p not in can_win or len(out) == len(rows))],
            "keys": [text for text, _parts in g.key_columns],   # each score's rules text
            # the stocks the keys add or subtract, per player (`vp - debt`: vp and debt apart)
            "parts": {p.name: {n: p.stock[n] for _text, parts in g.key_columns for n in parts} for p in self.state.players},
        }
        if teams is not None:   # each player's team, and each team's summed keys as the winners were read
            result["teams"] = {p.name: t for p, t in zip(self.state.players, teams)}
            result["team_scores"] = [[-v if i in fewest else v for i, v in enumerate(rank)]   # team 1's first
                                     for _t, rank in sorted(dict(zip(teams, ranks)).items())]
        # `else draw`: no single best player (team), or the `if` false
        winning = result["winners"] if teams is None else {result["teams"][w] for w in result["winners"]}
        if g.draw and (len(winning) != 1 or not g.winner_keys):   # (no keys: no winner line, nobody ranked)
            result["winners"], result["draw"] = [], True
        if self.state.sudden is not None:   # `end game won by P;` / `lost by P`: the outcome named, not ranked
            self._sudden_outcome(result, teams)
        if self.state.reason is not None:   # `end game "REASON";`
            result["reason"] = self.state.reason
        if g.together:   # a cooperative game: `winners` is every player (the team won) or nobody
            result["together"] = True
            if team_score is not None:   # scored: with no condition, neither won nor lost (nobody listed)
                scored_only = g.win_if is None
                result["team_score"], result["team_won"] = team_score, None if scored_only else won
                if scored_only:
                    result["winners"] = []
        if out:   # only when someone was knocked out: the results of other games stay as they were
            result["out"] = [p.name for p in out]
        if digest:
            result["digest"] = self.state.digest()
        return result

    def _sudden_outcome(self, result: dict, teams: Optional[list]) -> None:
        """The winners an `end game won by P;` named (with their teams in a team game), or for `lost by P` every
        other player still in (nobody left: a draw), or none for `drawn`; the scores stay as the winner line read them."""
        verb, named = self.state.sudden
        players, out = self.state.players, self.state.out
        if verb == "won":
            winners = [p for p in players if p in named]
        elif verb == "drawn":
            winners = []
        else:
            winners = [p for p in players if p not in named and p not in out]
        if teams is not None:   # a team wins or loses whole
            sides = {teams[p.index] for p in winners}
            if verb == "lost":
                sides -= {teams[p.index] for p in named}
            winners = [p for p in players if teams[p.index] in sides]
        result["winners"] = [p.name for p in winners]
        result.pop("draw", None)
        if verb != "won" and not winners:   # drawn, or everyone lost at once (both queens surrounded)
            result["draw"] = True
        result["sudden"] = verb

    # ------------------------------------------------------------------ decisions
    def decide(self, player: Holder, prompt: str, options: list, where: str) -> Decision:
        """A decision to yield; options are labels or values (shown through their labels)."""
        if not player.is_player and len(options) > 1:
            raise RulesRuntimeError("E601", f"{player.name} is not a player and cannot choose ({prompt}): "
                                    "make the choice before handing the effect to it", where)
        return Decision(player, prompt, options, where)

    # `choose` and `pick` are called as `x = yield from rt.choose(...)`. When nothing is available they
    # return `()`, whose `yield from` is None, without making a generator (a lone option is still
    # asked: the driver answers a forced move, and tests look at it).
    def choose(self, player: Holder, prompt: str, labels: list, available: list, where: str):
        """A `choose`: the player picks one of the available options (indices into `labels`, those
        whose guard holds and whose leading cost is affordable). Returns the index, or None when
        no option is available."""
        if not available:
            return self._no_option(player, prompt, where, True)
        return self._choose(player, prompt, labels, available, where)

    def _no_option(self, player: Holder, prompt: str, where: str, told: bool, otherwise: bool = False) -> tuple:
        """A `choose` or `pick` with no option: nothing is asked and nothing happens, and the trace
        says so; a `choose` (`told`) says so in the message log too, which every player's screen
        shows: its options were the player's choices of the moment (a turn's), where a pick from an
        empty zone is routine (Federation has some 250 a game: told, they would bury the log).
        `otherwise`: a pick's `else` block runs instead, which the line says. Returns `()` (see `choose`)."""
        if told or self.tracer is not None:
            # the question of a counted loop (`in any order`, `repeatedly`): its round's step was just
            # counted at the same statement, and with no option the loop ends
            line = no_option_line(prompt, otherwise, self.stepped == where)
            if told:
                self.messages.append(f"{player.label()}: {line}")
            if self.tracer is not None:
                self._note("nothing", player, line, where=where)
        return ()

    def _choose(self, player: Holder, prompt: str, labels: list, available: list, where: str):
        offered = list(map(labels.__getitem__, available))   # no comprehension frame
        # a player's question is made here, not through `decide` (one call fewer a decision: the hot path)
        return available[(yield Decision(player, prompt, offered, where) if player.is_player
                          else self.decide(player, prompt, offered, where))]

    def may(self, player: Holder, prompt: str, cost: Optional[list], where: str, tag: Optional[tuple] = None,
            repeated: bool = False):
        """A `may` (or a space's paid bonus): offered only when its cost (None: no cost) is affordable
        and its action (`tag`) is not forbidden, paid when taken. Returns whether the player took it
        (not offered: `()`, whose `yield from` is None, without making a generator). `repeated`: the
        question of a `may ... repeatedly` (asked again each time it is taken: push your luck)."""
        if cost is not None and not self.affordable(player, cost, tag):   # (may_open, inline: the hot path)
            return ()
        if cost is None and tag is not None and not self.allowed(player, tag):
            return ()
        return self._may(player, prompt, cost, where, tag, repeated)

    def may_open(self, player: Holder, cost: Optional[list], tag: Optional[tuple] = None) -> bool:
        """Whether a `may` would be offered (its `when` aside): its cost affordable, or, without one, its
        action not forbidden (what `can` tests of a leading `may`; `may` tests the same inline)."""
        if cost is not None:
            return self.affordable(player, cost, tag)
        return tag is None or self.allowed(player, tag)

    def _may(self, player: Holder, prompt: str, cost: Optional[list], where: str, tag: Optional[tuple],
             repeated: bool = False):
        d = Decision(player, prompt, ["no", "yes"], where) if player.is_player \
            else self.decide(player, prompt, ["no", "yes"], where)
        if repeated:
            d.repeated = True
        if not (yield d):
            return False
        if cost is not None:
            yield from self.pay(player, cost, where, tag)
        return True

    def pick(self, player: Holder, prompt: str, candidates: list, optional: bool, where: str,
             labels: Optional[list] = None, otherwise: bool = False):
        """A `pick`: the player picks one candidate; with `optional`, "none" is one more option (a text:
        that option's label, `optional as "pass"`).
        `labels`: each candidate's label (`pick ... as "..."`), else its own. Returns the candidate's
        index, or None when nothing was picked (then its `else` block runs, if it has one: `otherwise`,
        which the trace tells). An `optional` pick written `always asked` is asked with no candidate too ("none"
        its one answer): who is asked then tells nothing of what they hold."""
        if not candidates and not (optional and where in self.program.asked):
            return self._no_option(player, prompt, where, False, otherwise)
        return self._pick(player, prompt, candidates, optional, where, labels)

    def pick_alike(self, player: Holder, prompt: str, candidates: list, optional: bool, where: str,
                   labels: Optional[list] = None, otherwise: bool = False):
        """A `pick ... alike`: as `pick`, but candidates alike (`alike_key`: copies of one declaration
        that nothing in the game tells apart) are one option, shown with how many there are
        (`Copper (x4)`) and answered by the first of them in the candidates' order (the zone's).
        Returns the index of that candidate among `candidates`, or None as `pick` does."""
        if not candidates and not (optional and where in self.program.asked):
            return self._no_option(player, prompt, where, False, otherwise)
        return self._pick_alike(player, prompt, candidates, optional, where, labels)

    def _pick_alike(self, player: Holder, prompt: str, candidates: list, optional: bool, where: str,
                    labels: Optional[list]):
        named = self._named_cards()
        groups: dict = {}
        for i, c in enumerate(candidates):
            groups.setdefault(self.alike_key(c, named), []).append(i)
        if len(groups) == len(candidates):   # nothing alike: the plain pick, its options as ever
            return (yield from self._pick(player, prompt, candidates, optional, where, labels))
        firsts = [members[0] for members in groups.values()]
        titles = self.member_titles
        shown = []
        for members in groups.values():
            base = labels[members[0]] if labels is not None else label_of(candidates[members[0]], titles)
            shown.append(suffixed(base, f" (x{len(members)})") if len(members) > 1 else base)
        choice = yield from self._pick(player, prompt, [candidates[i] for i in firsts], optional, where, shown)
        return None if choice is None else firsts[choice]

    def alike_key(self, e, named: frozenset) -> tuple:
        """What tells a candidate of a `pick ... alike` from the others: for a card, what `_card_state`
        has (its declaration, whose copy it is, its variables and stocks, its side, who has seen it) and
        its title and fields (copies numbered by `copy_number` differ there). A card that holds cards
        (a zone of its kind), or that a variable, a trigger or a modifier names (`named`), is itself
        alone; so is anything but a card, or a list of cards (`pick s from subsets(market, 2) alike`), alike
        item by item."""
        if type(e) is list:
            return ("list",) + tuple(self.alike_key(x, named) for x in e)
        if type(e) is not EntityDef or id(e) in named:
            return ("value", id(e))
        held = self.program.held.get(e.kind)
        if held and any(self.state.held.get(f"{e.key}.{z}") for z in held):
            return ("value", id(e))
        return self._card_state(e) + (e.title, repr(sorted(e.fields.items())))

    def _named_cards(self, own_slots: bool = True) -> frozenset:
        """The ids of the cards some part of the state names by itself: a variable (global, a player's,
        a card's), or what a trigger or a modifier in force keeps (its locals, its filters). Without
        `own_slots` (a window), not the triggers every copy's own slots register for it (its reactions,
        its `anytime ... once per` period): each copy has its own, so they tell no copy apart."""
        out: set = set()

        def add(v) -> None:
            if type(v) is EntityDef:
                out.add(id(v))
            elif type(v) in (list, tuple, set, frozenset):
                for x in v:
                    add(x)
            elif type(v) is dict:
                for x in v.values():
                    add(x)

        state = self.state
        add(state.gvars)
        add(list(state.evars.values()))
        for h in [*state.players, *state.actors.values()]:
            add(h.vars)
        own = () if own_slots else self.program.reaction_tids
        for t in state.triggers:
            if own_slots or not (t.tid in own or t.event.startswith("anytime in ")):
                add(t.env)
                add(t.filters)
        for t in state.modifiers:
            add(t.env)
            add(t.filters)
        return frozenset(out)

    def pick_random(self, player: Holder, candidates: list, var: str, otherwise: bool = False) -> Optional[int]:
        """A `pick ... at random`: the game's seeded RNG picks one candidate uniformly and nobody is
        asked (no decision, so nothing is shown to anyone: what the body does with the pick is what
        players learn). Logged as a random outcome, ["pick", VAR, index], which a replay checks as it
        checks a roll. Returns the candidate's index, or None when there is none (no draw, no entry)."""
        if not candidates:
            if self.tracer is not None:
                self._note("nothing", player, f"nothing to pick {var} from at random"
                                              + (": its else block runs" if otherwise else ""))
            return None
        i = self.rng.randrange(len(candidates))
        self.log.append(["pick", var, i])
        if self.tracer is not None:
            self._note("pick", player, f"picked at random: {self.text(candidates[i])}")
        return i

    def _pick(self, player: Holder, prompt: str, candidates: list, optional: bool, where: str,
              labels: Optional[list] = None):
        # `optional as "pass"`: `optional` is the label of the option that picks nothing
        none = (Declined(optional) if type(optional) is str else NONE_OPTION) if optional else None
        offered = candidates + [none] if optional else candidates
        d = Decision(player, prompt, offered, where) if player.is_player else self.decide(player, prompt, offered, where)
        d.titles = self.member_titles   # an enum member picked is shown by its title
        if labels is not None:   # labels of the rules' own (`pick ... as "..."`)
            d.label(labels + [none] if optional else list(labels))
        elif self.program.die_fields:   # dice kept as pieces are told by the face they show (`Die: 5`)
            d.label([self.piece_label(c) for c in candidates] + ([none] if optional else []))
        choice = yield d
        return choice if choice < len(candidates) else None

    Unseen = Unseen   # (a class attribute: the generated code tells a blind candidate by it)

    def unseen(self, ref: ZoneRef) -> Optional[Unseen]:
        """A candidate of a pick's `or blind ZONE`: the zone's unseen top card, while the zone or the
        pile it refills from holds one; else None (not offered)."""
        if ref.items:
            return Unseen(ref)
        pile = self.refill_pile(ref)
        if pile is not None and pile.items:
            return Unseen(ref)
        return None

    def take_unseen(self, h: Holder, candidate, where: Optional[str] = None):
        """A pick's candidate as picked: the card itself for any but a blind one (`or blind ZONE`), whose
        card is drawn now, at the moment of choosing: the zone's top card (the zone refilled from its `refills
        from` pile first when it is empty, as `draw` refills it) leaves the zone, in no zone until the pick's
        body puts it somewhere (`kept_unseen`). None when no card is left (a simultaneous pick's blind
        candidates, offered together, may outrun the deck)."""
        if type(candidate) is not Unseen:
            return candidate
        ref = candidate.zone
        if not ref.items:
            self._refill(h, ref)
        if not ref.items:
            return None
        e = ref.items[0]
        del ref.items[0]
        state = self.state
        del state.where[e.key]
        if state.known or state.known_fields:   # what was known of it, as a move forgets it
            state.known.pop(e.key, None)
            state.known_fields.pop(e.key, None)
        if self.tracer is not None:
            self._note("draw", h, f"from {ref.label()} (its top, unseen by the others): {self.text(e)}", 1, where)
        return e

    def kept_unseen(self, e, origin) -> None:
        """After the body of a pick with `or blind ZONE`: the card picked (`e`), when it was a blind one that is in
        no zone (the body did not move it), goes back on top of the zone it was drawn from (`origin`: the candidate
        picked, an `Unseen`, or the one blind zone of a simultaneous pick), as a face-up card the body does not
        move stays where it is."""
        if type(e) is not EntityDef or e.key in self.state.where:
            return
        if type(origin) is Unseen:
            self.move(e, origin.zone, top=True)
        elif type(origin) is ZoneRef:
            self.move(e, origin, top=True)

    @staticmethod
    def least_prompt(prompt: str, picked: int, least: int) -> str:
        """The prompt of a pick `at least M` while fewer than M are picked: it says how many more are
        due (no "none" is offered until then)."""
        return prompt if picked >= least else f"{prompt} (at least {least - picked} more)"

    @staticmethod
    def budget_prompt(prompt: str, left: int) -> str:
        """The prompt of a pick with a budget: it says what is left to spend."""
        return f"{prompt} ({left} left to spend)"

    def spent(self, cost, where: str) -> int:
        """What a pick with a budget (`budget N cost EXPR`) spends on the candidate picked: its cost,
        which must be a whole number of at least 1 (a pick that cost nothing could go on for ever)."""
        if type(cost) is not int or cost < 1:
            raise RulesRuntimeError("E601", f"a pick's cost must be a whole number of at least 1, not {cost!r}",
                                    where)
        return cost

    def simultaneous(self, seats: list, prompt, candidates: list, optional: bool, where: str,
                     limits: Optional[list] = None, exactly: bool = False, minima: Optional[list] = None,
                     labels: Optional[list] = None, each: Optional[list] = None, repeats: bool = False,
                     distinct: Optional[list] = None):
        """`each ... simultaneously pick`: each seat picks from its own candidates, asked in seat order
        while nothing changes (a view shows who has chosen, never what); returns [(player, pick)] in
        seat order for those who picked, for the bodies to run once everyone has chosen. `prompt` is
        one text for every seat, or a list of each seat's (a prompt with values, worked out per seat).
        `limits` (`up to N`, `exactly N`: each seat's N): a seat picks up to N different candidates
        in a row, with "none" to stop early unless `exactly`; each of its picks is one pair, in the
        order picked (`repeats`, `with repeats`: each may be one picked before). `minima` (`at least M`: each seat's M): no "none" before M picks (with no `limits`,
        a seat may pick all its candidates). `labels` (`as "..."`): each seat's candidates' labels.
        `each` (`for each U in ELEMENTS`): each seat's elements; its candidates, prompts and labels are
        then one list per element, it is asked once per element (all before the next seat), and each
        of its picks is returned as (player, (element, pick)), in the order of its elements. `distinct`
        (`up to N different by FIELD`): each seat's candidates' FIELDs; a pick takes every candidate of its
        FIELD off the offer (a blind candidate's is None: it takes none off)."""
        chosen, self.secret_round = [], {}
        prompts = prompt if type(prompt) is list else [prompt] * len(seats)
        if minima is not None and limits is None:
            limits = [len(mine) for mine in candidates]
        try:
            for i, (who, mine, asked) in enumerate(zip(seats, candidates, prompts)):
                named = None if labels is None else labels[i]
                if each is not None:   # one pick per element, all theirs before the next seat's
                    picked = []
                    self.secret_partial = (who, picked)   # their picks so far: theirs alone to see
                    for j, element in enumerate(each[i]):
                        due = asked[j] if type(asked) is list else asked
                        # a card picked for an earlier element is not offered again: asked one element
                        # at a time, the body would have moved it before the next question
                        free = [k for k, c in enumerate(mine[j])
                                if type(c) is not EntityDef or not any(c is p for p in picked)]
                        choice = yield from self.pick(who, due, [mine[j][k] for k in free], optional, where,
                                                      None if named is None else [named[j][k] for k in free])
                        if choice is not None:
                            picked.append(mine[j][free[choice]])
                            chosen.append((who, (element, mine[j][free[choice]])))
                    self.secret_partial = None
                    self.secret_round[who] = picked
                    continue
                if limits is None:
                    choice = yield from self.pick(who, asked, mine, optional, where, named)
                    value = None if choice is None else mine[choice]
                    if type(value) is Unseen:   # `or blind ZONE`: its card drawn now (none when they ran out)
                        value = self.take_unseen(who, value, where)
                    self.secret_round[who] = value   # shown to `who` alone
                    if value is not None:
                        chosen.append((who, value))
                    continue
                picked, left = [], list(mine)
                shown = None if named is None else list(named)
                keys = None if distinct is None else list(distinct[i])
                self.secret_partial = (who, picked)   # their picks so far: theirs alone to see
                for _ in range(max(0, limits[i])):
                    due = asked if minima is None else self.least_prompt(asked, len(picked), minima[i])
                    choice = yield from self.pick(who, due, left, not exactly and
                                                  (minima is None or len(picked) >= minima[i]), where, shown)
                    if choice is None:
                        break
                    if type(left[choice]) is Unseen:   # `or blind ZONE`: drawn now, and offered again while cards are left
                        value = self.take_unseen(who, left[choice], where)
                        if value is None:
                            del left[choice]
                            for also in (shown, keys):
                                if also is not None:
                                    also.pop(choice)
                            continue
                        picked.append(value)
                        continue
                    if keys is not None:   # `different by FIELD`: no other candidate of the FIELD picked
                        taken = keys[choice]
                        offer = [k != taken for k in keys]
                        picked.append(left[choice])
                        left, keys = [c for c, on in zip(left, offer) if on], [k for k in keys if k != taken]
                        if shown is not None:
                            shown = [c for c, on in zip(shown, offer) if on]
                        continue
                    if repeats:   # `with repeats`: the candidate stays on offer
                        picked.append(left[choice])
                        continue
                    picked.append(left.pop(choice))
                    if shown is not None:
                        shown.pop(choice)
                self.secret_partial = None
                self.secret_round[who] = picked
                chosen += [(who, value) for value in picked]
        finally:
            self.secret_round = None
            if limits is not None or each is not None:
                self.secret_partial = None
        return chosen

    def auction(self, bidders: list, start: Optional[Holder], mode: str, opening: bool, low: int, step: int,
                maxima: list, prompt, where: str, passes: Optional[list] = None, calls: Optional[list] = None,
                made: Optional[list] = None, held: Optional[list] = None, doubling: int = 0):
        """An auction's bidding (both backends call it; what the winner pays is the rules' body): the
        bidders (each once, in seat order from `start`, the acting player when none), each with the
        most they may bid (`maxima`, read for each); one who cannot bid `low` passes unasked at their turn
        (For Sale: a player with no coins still passes, and so takes the lowest card). Each bid is
        a decision: "pass", then the amounts they may bid (see `bids`). `mode`:
        "open": round and round, skipping the high bidder; a pass is for good; it ends when one bidder
        is left holding a bid, or nobody opened. "once around": each bidder once; the highest bid wins.
        "sealed": each bids once in secret (asked in order, as a simultaneous pick); the highest wins, a
        tie going to the first of them from `start`. "open in any order" (shouted): `open_shouted`.
        "open until all pass" (Bridge, Coinche): round and round, a pass for that turn only; it ends
        when all but the high bidder pass in a row, or all pass without a bid.
        `opening`: `start`'s first bid has no "pass" (a sealed auction has no opener: it is ignored).
        `calls` (`over CALLS`): the bids are those values, ranked by their place (`maxima` are calls too,
        None for the highest; `low` and `step` unused), offered by their labels.
        Returns (winner, price, stakes), or None when nobody bid. `prompt`: one text, or a list of each
        bidder's (a prompt with values, worked out for each). `passes` (an auction with a `passed` block):
        filled with (bidder, the bid they had made, 0 for none) for each pass, in the order passed;
        `made` (a `bids` block) with (bidder, bid) for each bid, in the order made. `doubling` (`doubling N`,
        "open until all pass" only): the standing bid may be doubled that many times in all, the first time by
        an opponent of the high bidder (another team; without teams anyone else), then by the high side, and so
        on (Bridge's double and redouble); such a call outranks nothing, a new bid cancels them, and the
        bidding ends when all but the last caller pass in a row. Returns (winner, price, stakes), the stakes
        2 ** the doublings standing (1 without). `held`
        (`over each HOLDINGS`): each bidder's numbers, in `bidders`' order: a bidder bids one of their own (above
        the bid standing, at most their `maxima`, None for any), the lowest being `low` (None: the lowest anyone
        holds)."""
        if held is not None:   # Ra's suns: each bids one of the numbers they hold
            holdings = {who: sorted(set(numbers)) for who, numbers in zip(bidders, held)}
            low = min((v for numbers in holdings.values() for v in numbers), default=0) if low is None else low
            maxima = [max((v for v in holdings[who] if most is None or v <= most), default=low - 1)
                      for who, most in zip(bidders, maxima)]
            step = 1

            def offered(who, floor: int, most: int) -> list:
                return [v for v in holdings[who] if floor <= v <= most]
        else:
            def offered(_who, floor: int, most: int) -> list:
                return bids(floor, most, step)
        if calls is not None:   # the bids are the calls' ranks, 0 the lowest
            low, step = 0, 1
            maxima = [len(calls) - 1 if most is None else call_rank(calls, most) for most in maxima]
        if step < 1:
            raise RulesRuntimeError("E601", f"an auction's step must be at least 1, not {step}")
        prompts = prompt if type(prompt) is list else [prompt] * len(bidders)
        first = start.index if start is not None and start.is_player else 0
        seats, seen = len(self.state.players), set()
        order = []   # (bidder, their most, their prompt) in seat order from `start`, each once
        for i in sorted(range(len(bidders)), key=lambda i: (bidders[i].index - first) % seats):
            who = bidders[i]
            if who.is_player and who not in seen:
                seen.add(who)
                order.append((who, maxima[i], prompts[i]))
        opener = order[0][0] if opening and order and order[0][0] is start and order[0][1] >= low else None
        shown = (lambda bid: bid) if calls is None else (lambda bid: label_of(calls[bid], self.member_titles))
        high, price, own, doubled = None, None, {}, 0
        made = [] if made is None else made
        if mode == "sealed":
            self.secret_round = {}
            try:
                for who, most, asked in order:
                    bid = yield from self._bid(who, asked, offered(who, low, most), True, where, calls)
                    self.secret_round[who] = bid if calls is None or bid is None else calls[bid]
                    if bid is None and passes is not None:
                        passes.append((who, None))
                    if bid is not None:
                        made.append((who, bid))
                        if price is None or bid > price:
                            high, price = who, bid   # a tie stays with the earlier bidder
                sealed = {who: made_bid for who, made_bid in made}
            finally:
                self.secret_round = None
            if order:   # once all have bid, the bids are revealed to everyone
                self.messages.append("sealed bids: " + ", ".join(
                    f"{who.name} {shown(sealed[who]) if who in sealed else 'passed'}" for who, _most, _asked in order))
        elif mode == "once around":
            for who, most, asked in order:
                floor = low if price is None else max(low, price + step)
                bid = yield from self._bid(who, asked, offered(who, floor, most), who is not opener, where, calls)
                if bid is not None:
                    high, price = who, bid
                    made.append((who, bid))
                elif passes is not None:
                    passes.append((who, None))
        elif mode == "open in any order":
            high, price = yield from self.open_shouted(order, opener, low, step, where, passes, calls, made, offered)
        elif mode == "open until all pass":
            turn, quiet = 0, 0   # `quiet`: the passes in a row since the last call (or the start)
            while order and quiet < len(order) - (high is not None):
                who, most, asked = order[turn % len(order)]
                turn += 1
                floor = low if price is None else max(low, price + step)
                # a double (an odd doubling) is the opponents' of the high bidder, a redouble the high side's
                may_double = high is not None and doubled < doubling and \
                    (who is not high and (who.team == 0 or who.team != high.team)) == (doubled % 2 == 0)
                bid = yield from self._bid(who, asked, offered(who, floor, most), who is not opener or high is not None,
                                           where, calls, ("double" if doubled == 0 else "redouble") if may_double else None)
                if bid is None:
                    quiet += 1
                elif bid is DOUBLE:
                    doubled, quiet = doubled + 1, 0
                    self.messages.append(f"{who.name} {'doubles' if doubled == 1 else 'redoubles'} {shown(price)}")
                else:
                    high, price, own[who], quiet, doubled = who, bid, bid, 0, 0
                    made.append((who, bid))
            if passes is not None:   # a pass is for that turn only: everyone but the winner passed at the end
                passes.extend((who, own.get(who)) for who, _most, _asked in order if who is not high)
        else:   # open: round and round until one bidder is left holding the bid
            active, i = list(order), 0
            while active and not (high is not None and len(active) == 1):
                i %= len(active)
                who, most, asked = active[i]
                if who is high:
                    i += 1
                    continue
                floor = low if price is None else max(low, price + step)
                bid = yield from self._bid(who, asked, offered(who, floor, most), who is not opener or high is not None,
                                           where, calls)
                if bid is None:
                    del active[i]   # out for good
                    if passes is not None:
                        passes.append((who, own.get(who)))
                else:
                    high, price = who, bid
                    own[who] = bid
                    made.append((who, bid))
                    i += 1
        if self.tracer is not None:
            self._note("auction", high, f"won at {shown(price)}{' x' + str(2 ** doubled) if doubled else ''}"
                       if high is not None else "nobody bid", where=where)
        # the bids as the rules read them: calls for ranks; no bid is 0 in an auction of amounts or numbers, else none
        unbid = 0 if calls is None or all(type(call) is int for call in calls) else None
        read = (lambda bid: unbid if bid is None else bid) if calls is None else \
            (lambda bid: unbid if bid is None else calls[bid])
        for bid_list in (passes, made):
            if bid_list:
                bid_list[:] = [(who, read(bid)) for who, bid in bid_list]
        return None if high is None else (high, read(price), 2 ** doubled)

    def open_shouted(self, order: list, opener: Optional[Holder], low: int, step: int, where: str,
                     passes: Optional[list], calls: Optional[list], made: list, offered=None):
        """An open auction in any order (Modern Art's open auction, shouted; the `auction` statement's
        "open in any order"): after the opener's bid, if any, every bidder but the high bidder is asked at
        once, in secret (a simultaneous round, as a sealed auction's), whether and how much to raise; the
        highest raise takes the bid, a tie going to the first of them in `order` (seat order from the
        auction's start); once the round is over its raises are told to everyone. A bidder who did not
        raise may raise in a later round. It ends when a round has no raise. `order`: (bidder, their most,
        their prompt). Returns (high bidder, price), (None, None) when nobody bid; `passes` gets everyone
        but the winner, in `order`, with the last bid each made (None for none); `made` each raise that took the
        bid. `calls`: as `auction`'s (the bids are their ranks); `offered(bidder, floor, most)`: the bids a
        bidder is offered (`auction`'s: the amounts by `step`, or the numbers they hold)."""
        shown = (lambda bid: bid) if calls is None else (lambda bid: label_of(calls[bid], self.member_titles))
        offered = offered or (lambda _who, floor, most: bids(floor, most, step))
        high, price, own = None, None, {}
        if opener is not None:   # the opener bids first, alone, and may not pass
            bid = yield from self._bid(opener, order[0][2], offered(opener, low, order[0][1]), False, where, calls)
            if bid is not None:
                high, price = opener, bid
                own[opener] = bid
                made.append((opener, bid))
        while True:
            floor = low if price is None else max(low, price + step)
            # shown to each bidder alone until the round is over (a call, not its rank)
            self.secret_round, raised = {} if calls is not None else None, {}
            if calls is None:
                self.secret_round = raised
            try:
                for who, most, asked in order:
                    if who is not high:
                        raised[who] = yield from self._bid(who, asked, offered(who, floor, most), True, where, calls)
                        if calls is not None:
                            self.secret_round[who] = None if raised[who] is None else calls[raised[who]]
            finally:
                self.secret_round = None
            best = max((bid for bid in raised.values() if bid is not None), default=None)
            if best is not None:
                high = next(who for who, bid in raised.items() if bid == best)   # a tie: the first from the start
                price = own[high] = best
                made.append((high, best))
            if raised:   # the round's raises, told to everyone at once, and who holds the bid now
                self.messages.append("raises: " + ", ".join(
                    f"{who.name} {'passed' if bid is None else shown(bid)}" for who, bid in raised.items())
                    + (f"; {high.name} holds the bid at {shown(price)}" if high is not None else ""))
            if best is None:
                break
        if passes is not None:
            passes.extend((who, own.get(who)) for who, _most, _asked in order if who is not high)
        return high, price

    def auction_form(self, member, where: str) -> str:
        """The form an auction's `form FORM` names: a text of its words ("once around") or an enum member
        named after it (`once_around`: members are their names at play); E601 at the auction for another."""
        if isinstance(member, str) and member in AUCTION_FORMS:
            return AUCTION_FORMS[member]
        raise RulesRuntimeError("E601", f"{label_of(member)!r} is no form of auction: an auction's form is "
                                f"{', '.join(map(repr, AUCTION_MODES))} (or a member so named: once_around, ...)", where,
                                ["give 'form' only values that name a form: auction the others another way"])

    def deal_offer(self, offerer: Holder, candidates: list, start: Optional[Holder], mode: str, prompt: str,
              choose_prompt: str, where: str):
        """An offer's asking (both backends call it; the exchange is the rules' body): the candidates
        (already filtered by the offer's `where`), each once, never the offerer, in seat order from
        `start` (the offerer when None: so from their left). Each is asked "decline" / "accept", a
        decision. `mode` "first": the first to accept is the partner, the rest are not asked;
        "chosen": all are asked, then the offerer picks among those who accepted (no question for one).
        Returns the partner, or None when nobody accepted."""
        origin = start if start is not None and start.is_player else offerer
        first = origin.index if origin.is_player else 0
        seats, order = len(self.state.players), []
        for who in sorted(candidates, key=lambda h: (h.index - first) % seats if h.is_player else seats):
            if who.is_player and who is not offerer and who not in order:
                order.append(who)
        accepted = []
        for who in order:
            if (yield Decision(who, prompt, ["decline", "accept"], where)):
                accepted.append(who)
                if mode == "first":
                    break
        partner = accepted[0] if accepted else None
        if len(accepted) > 1:
            partner = accepted[(yield Decision(offerer, choose_prompt, [who.name for who in accepted], where))]
        if self.tracer is not None:
            self._note("offer", offerer, f"accepted by {partner.name}" if partner is not None else "nobody accepted",
                       where=where)
        return partner

    def ask_first(self, actor: Holder, asked: list, prompt, costs: Optional[list], where: str,
                  able: Optional[list] = None):
        """A `first VAR in PLAYERS may ...` (both backends call it): the players of `asked` (already
        filtered by its `where`), each once, in the list's order, those still in, each asked "no" /
        "yes" as a `may` of theirs (`prompt`: one text, or each one's; `costs`: None, or each one's
        cost, paid when they accept: who cannot pay is not asked). The rest are not asked once one
        accepts. `always asked`: `asked` is the whole list and `able` whether its `where` holds for
        each; one it fails for, or who cannot pay, is asked all the same with the one answer "no"
        (a decision: `where` is in `Program.asked`). Returns who accepted, or None."""
        seen: list = []
        taker = None
        for i, who in enumerate(asked):
            if not who.is_player or who in seen or who in self.state.out:
                continue
            seen.append(who)
            text, cost = prompt if type(prompt) is str else prompt[i], None if costs is None else costs[i]
            if able is not None and not (able[i] and (cost is None or self.affordable(who, cost))):
                yield Decision(who, text, ["no"], where)   # asked as the others are, so that nobody learns why
                continue
            if (yield from self.may(who, text, cost, where)):
                taker = who
                break
        if self.tracer is not None:
            names = ", ".join(who.name for who in seen) or "nobody"
            self._note("first", actor, f"asked {names}: " + (f"{taker.name} accepted" if taker is not None
                                                             else "nobody accepted"), where=where)
        return taker

    def _bid(self, who: Holder, prompt: str, amounts: list, may_pass: bool, where: str,
             calls: Optional[list] = None, double: Optional[str] = None):
        """One bid of an auction: "pass" (when `may_pass`), then `double` ("double" or "redouble", when the
        bidder may), then the amounts (the ranks of `calls`, offered by the calls' labels). Returns the
        amount, DOUBLE, or None for a pass (also when there is nothing to bid or double: no question)."""
        if not amounts and double is None:
            return None
        shown = amounts if calls is None else [label_of(calls[rank], self.member_titles) for rank in amounts]
        doubles = [double] if double is not None else []
        offered = (["pass"] + doubles + shown) if may_pass else doubles + shown
        choice = (yield Decision(who, prompt, offered, where)) - may_pass
        if choice < 0:
            return None
        return DOUBLE if choice < len(doubles) else amounts[choice - len(doubles)]

    # ------------------------------------------------------------------ hidden information
    def _known_keys(self, h: Optional[Holder], value) -> list:
        """The place keys of what `reveal`/`look` name: an entity (a per-player one named bare: `h`'s copy;
        one taken from a zone: the copy it is) or a zone's entities."""
        if type(value) is ZoneRef:
            return [e.place_key(value.owner) for e in value.items]
        if type(value) is EntityDef:
            if value.of is not None:   # a copy taken from a zone (`first(p.mat)`) is that player's, not `h`'s
                return [value.key]
            return [value.place_key(h if h is not None and h.is_player else None)]
        raise RulesRuntimeError("E601", f"cannot reveal or look at {label_of(value)}: it is not a card, tile "
                                "or zone")

    def reveal(self, h: Optional[Holder], value, to=None) -> None:
        """Every player (the players `to` names) learns an entity (each entity of a zone) until it moves."""
        seats = self._seats(to)
        for key in self._known_keys(h, value):
            if to is None:
                self.state.known[key] = set(seats)
            else:
                self.state.known.setdefault(key, set()).update(seats)
        if self.state.remembered:
            self._seen_again(seats, value)
        if self.tracer is not None:
            self._note("reveal", h, self._learnt(h, value) + self._to_whom(to))
            self._revealed = (h, value, self.decisions_made) if type(value) is EntityDef else None

    def _seats(self, to) -> list:
        """The seats a `reveal ... to` names (a player or a list of players; an actor sees nothing);
        every seat without one."""
        if to is None:
            return list(range(len(self.state.players)))
        who = list(to) if isinstance(to, (list, tuple)) else [to]
        if not all(isinstance(p, Holder) for p in who):
            bad = next(p for p in who if not isinstance(p, Holder))
            raise RulesRuntimeError("E601", f"cannot reveal to {label_of(bad)}: it is not a player")
        return [p.index for p in who if p.is_player]

    def _to_whom(self, to) -> str:
        """` to P2, P3` of a trace line for `reveal ... to` (nothing for everyone)."""
        if to is None:
            return ""
        who = list(to) if isinstance(to, (list, tuple)) else [to]
        return " to " + (", ".join(p.name for p in who) or "nobody")

    def reveal_field(self, h: Optional[Holder], value, name: str, to=None) -> None:
        """`reveal c.FIELD [to PLAYERS];`: every player (those `to` names) learns one field of an entity,
        which stays hidden otherwise, until it moves."""
        self._learn_field(h, value, name, self._seats(to), "reveal", self._to_whom(to))

    def look_field(self, h: Holder, value, name: str) -> None:
        """`look c.FIELD;`: the acting player alone learns one field of an entity, until it moves."""
        if h.is_player:   # an actor has no view to learn with
            self._learn_field(h, value, name, [h.index], "look", "")

    def reveal_is(self, h: Optional[Holder], value, name: str, asked, to=None) -> None:
        """`reveal c.FIELD == VALUE [to PLAYERS];`: every player (those `to` names) learns whether a field of an
        entity has that value: the field if it has, else that it has not, until the entity moves."""
        self._learn_field(h, value, name, self._seats(to), "reveal", self._to_whom(to), (asked,))

    def look_is(self, h: Holder, value, name: str, asked) -> None:
        """`look c.FIELD == VALUE;`: the acting player alone learns whether a field of an entity has that value."""
        if h.is_player:
            self._learn_field(h, value, name, [h.index], "look", "", (asked,))

    def _learn_field(self, h: Optional[Holder], value, name: str, seats: list, verb: str, whom: str,
                     asked: tuple = ()) -> None:
        """The field learnt (`asked`: the value a `reveal c.FIELD == VALUE;` asks about; when the field has
        another, the fact that it is not that value, `not_key`, and the field itself once no other value is
        left)."""
        if type(value) is not EntityDef:
            raise RulesRuntimeError("E601", f"cannot {verb} the {name} of {label_of(value)}: it is not a card, "
                                    "tile or piece")
        key = self._known_keys(h, value)[0]
        e = self.program.entities[key.partition("@")[0]]
        if key != e.name:
            e = e.copy_for(key.partition("@")[2])
        if name not in e.fields:   # (a computed field, an effect or what the game keeps: the checker says so)
            raise RulesRuntimeError("E601", f"cannot {verb} the {name} of {self.text(e)}: a {e.kind} has no "
                                    f"field {name!r} of its own")
        learnt = self.field(e, name)
        fields = self.state.known_fields.setdefault(key, {})
        answer = f": {self.text(learnt)}"
        if asked and learnt != asked[0]:   # "is it red?" "no": that it is not, and the value once nothing else is left
            fields.setdefault(not_key(name, asked[0]), set()).update(seats)
            seats = [i for i in seats if not field_known(self, i, e, name) and possible_values(self, i, e, name) == [learnt]]
            answer = f": no (now known to {', '.join(self.state.players[i].name for i in seats)}: {self.text(learnt)})" \
                if seats else ": no"
        elif asked:
            answer = ": yes"
        if seats:
            fields.setdefault(name, set()).update(seats)
        place = self.state.where.get(key)
        if place is not None and seats:   # placed now: positions shift when cards leave the zone
            if type(self.learnt_lines) is tuple:
                self.learnt_lines = []
            owner = place[0]
            self.learnt_lines.append((tuple(seats), owner if owner is None else owner.index if owner.is_player
                                      else owner.name, place[1], place[2].index(e) + 1, name, learnt))
        if self.tracer is not None:
            at = f"{ZoneRef(place[0], place[1], place[2]).label()}[{place[2].index(e) + 1}] ({self.text(e)})" \
                if place is not None else self.text(e)
            question = f"whether the {name} of {at} is {self.text(asked[0])}" if asked else f"the {name} of {at}"
            self._note(verb, h, f"{'at ' if verb == 'look' and not asked else ''}{question}{whom}{answer}")

    def knows_field(self, h: Holder, value, name: str) -> bool:
        """`known(c.FIELD)`, `known(p, c.FIELD)`: whether a player knows a field of an entity (sees the entity,
        the field is `shown`, or learnt it: `reveal`, `look`); an actor, which has no view, what every player knows."""
        e = self._asked_of(value, name, "known")
        return all(field_known(self, i, e, name) for i in self._knowers(h))

    def may_be(self, h: Holder, value, name: str, candidate) -> bool:
        """`possible(c.FIELD, VALUE)`, `possible(p, c.FIELD, VALUE)`: whether a player cannot rule out that a field
        of an entity has the value (the value itself when they know the field); an actor: no player can."""
        e = self._asked_of(value, name, "possible")
        return all(field_possible(self, i, e, name, candidate) for i in self._knowers(h))

    def _knowers(self, h: Holder) -> range:
        """The seats whose knowledge `known`/`possible` read: a player's own; for an actor, every player's."""
        if not isinstance(h, Holder):   # `known(p, c.colour)` with p none
            raise RulesRuntimeError("E601", f"known() and possible() read what a player knows, and {label_of(h)} is "
                                    "not a player")
        return range(h.index, h.index + 1) if h.is_player else range(len(self.state.players))

    def _asked_of(self, value, name: str, func: str) -> EntityDef:
        """The entity a `known`/`possible` reads a field of (E601 for another value or a field it lacks)."""
        if type(value) is not EntityDef or name not in value.fields:
            raise RulesRuntimeError("E601", f"{func}() reads a field of a card, tile or piece, and {label_of(value)} "
                                    f"has no field {name!r} of its own")
        return value

    def look(self, h: Holder, value) -> None:
        """The acting player alone learns an entity (each entity of a zone) until it moves."""
        if not h.is_player:
            return   # an actor has no view to learn with
        for key in self._known_keys(h, value):
            self.state.known.setdefault(key, set()).add(h.index)
        if self.state.remembered:
            self._seen_again((h.index,), value)
        if self.tracer is not None:
            self._note("look", h, "at " + self._learnt(h, value))

    def move_known(self, h: Optional[Holder], e, dest: ZoneRef, end: str, *to, depth=None) -> None:
        """`move ITEM to top of ZONE known [to PLAYERS];` (`to ZONE at N from END known`: `depth` N, as `move_at`
        puts it): the move, then the acting player (the players `to`
        names) knows the item and its place, counted from the end it went to (`end`: "top", "bottom"), until
        it moves or the zone is shuffled: kept as one more thing learnt of it, the pseudo-field "@top" or
        "@bottom" of `known_fields` (a field name has no "@"), which `move` forgets with the rest. The view
        counts the place from that end as the zone stands (views.py)."""
        if depth is None:
            self.move(e, dest, end == "top")
        else:
            self.move_at(h, e, dest, depth, end)
        seats = self._seats(to[0]) if to else [h.index] if h is not None and h.is_player else []
        if not seats:
            return
        key = e.place_key(dest.owner)
        self.state.known.setdefault(key, set()).update(seats)
        self.state.known_fields.setdefault(key, {}).setdefault("@" + end, set()).update(seats)

    def learn_at(self, h: Optional[Holder], items, n, look: bool, where: Optional[str] = None, to=None) -> None:
        """`reveal ZONE[n] [to PLAYERS];` and `look ZONE[n];`: the item at that place is learnt as `reveal` and
        `look` learn it, and, of a zone, with its place, as `look top N of` leaves the top N: a Codenames card
        turned over in the grid is seen where it lies, not only among the cards known."""
        e = self.item(items, n, where)
        if look:
            self.look(h, e)
        else:
            self.reveal(h, e, to)
        seats = ([h.index] if h is not None and h.is_player else []) if look else self._seats(to)
        if type(items) is ZoneRef and type(e) is EntityDef and seats and items.items.index(e) == n - 1:
            placed = self.state.known_fields.setdefault(e.place_key(items.owner), {})
            placed.setdefault("@top", set()).update(seats)

    def learn_top(self, h: Optional[Holder], ref, count: int, look: bool, to=None) -> None:
        """`look top N of ZONE;` (the acting player) and `reveal top N of ZONE [to PLAYERS];` (every player,
        those `to` names): the top N items of a zone are known with their places from the top, as `move
        ... known` leaves a card, without moving them. A deck declared `refills from Z` with fewer than N has
        Z shuffled and put under it first, as the table does before looking ("shuffle if you need to")."""
        verb = "look" if look else "reveal"
        if type(ref) is not ZoneRef:
            raise RulesRuntimeError("E601", f"cannot {verb} at the top of {label_of(ref)}: it is not a zone")
        at_least_zero(count, verb)
        pile = self.refill_pile(ref) if len(ref.items) < count else None
        if pile is not None and pile.items:
            self.shuffle(pile)
            self.move_all(h, pile, ref)
            self._count_refill(ref)
        seats = ([h.index] if h is not None and h.is_player else []) if look else self._seats(to)
        top = ref.items[:count]
        state = self.state
        for e in top if seats else ():
            key = e.place_key(ref.owner)
            state.known.setdefault(key, set()).update(seats)
            state.known_fields.setdefault(key, {}).setdefault("@top", set()).update(seats)
        if self.tracer is not None and seats:
            self._note(verb, h, f"{'at ' if look else ''}the top {len(top)} of {ref.label()}: {self.text(top)}"
                                + ("" if look else self._to_whom(to)))

    def forget_places(self, items: list) -> None:
        """A shuffle: the places learnt in the zone (`move ... known`) are forgotten; the cards stay known."""
        known_fields = self.state.known_fields
        for e in items:
            fields = known_fields.get(e.key)
            if fields is not None and ("@top" in fields or "@bottom" in fields):
                fields.pop("@top", None)
                fields.pop("@bottom", None)
                if not fields:
                    del known_fields[e.key]

    def _learnt(self, h: Optional[Holder], value) -> str:
        """What a `reveal`/`look` trace line names (a trace is the designer's: it shows the cards):
        the card and where it is, or the zone and its cards."""
        if type(value) is ZoneRef:
            return f"{value.label()}: {self.text(value.items)}"
        place = self.state.where.get(self._known_keys(h, value)[0])
        if place is None:
            return self.text(value)
        return f"{self.text(value)} in {ZoneRef(place[0], place[1], place[2]).label()}"

    # ------------------------------------------------------------------ stocks
    def holder_of(self, value) -> Holder:
        """The holder whose stock a value names (players and actors)."""
        if isinstance(value, Holder):
            return value
        raise RulesRuntimeError("E601", f"{label_of(value)} is not a player or actor")

    def room(self, h: Holder, name: str) -> Optional[int]:
        """How much more of a resource the holder can take (None: unlimited)."""
        spec = self.program.resources.get(name)
        if spec is None:
            high = self.program.counters[name][2] if name in self.program.counters else None
            return None if high is None else high - h.stock[name]
        cap, group = spec
        try:   # (no test of the cap's type: a constant cap costs what it did before caps could be counters)
            room = None if cap is None else cap - h.stock[name]
        except TypeError:   # the name of a per-player counter: the holder's own value of it, now
            room = h.stock[cap] - h.stock[name]
        if group is not None:
            gcap, members = self.program.groups[group]   # (group_cap, without its call)
            if type(gcap) is str:
                gcap = h.stock[gcap]
            if gcap is not None:
                used = sum(map(h.stock.__getitem__, members))   # no generator frame
                room = gcap - used if room is None else min(room, gcap - used)
        return room

    def cut_at_bound(self, name: str, amount: int, over: bool) -> None:
        """`amount` units of the resource or counter `name` that a change left out at a bound: a gain or
        a `set` past its cap or upper bound (`over`), or a loss or a `set` below its floor. Nothing here:
        `rulebook simulate` counts them (runtime/simulate.py `Tallied`); the trace tells them its way."""
        return None

    def own_cap(self, h: Holder, name: str) -> Optional[int]:
        """A resource's own cap for a holder: a number, the holder's value of the counter it names, or None."""
        cap = self.program.resources[name][0]
        return h.stock[cap] if type(cap) is str else cap

    def group_cap(self, h: Holder, group: str) -> Optional[int]:
        """A group's cap for a holder: a number, or the holder's value of the counter the cap names."""
        cap = self.program.groups[group][0]
        return h.stock[cap] if type(cap) is str else cap

    def gain(self, h: Holder, name: str, amount: int, tag: Optional[tuple] = None, why: str = "") -> None:
        """Add to a stock, up to its cap (the excess is lost), and announce the gain; a tagged gain
        is first changed by the modifiers of its action (a gain of 0 is none: nothing changes it).
        `why`: what modifiers already did to the amount, for the trace."""
        if tag is not None and amount and tag[0] in self.by_action:
            amount, why = self.modified_gain(h, tag, amount)
        if amount <= 0:
            if amount < 0:
                self.lose(h, name, -amount)
            elif why and self.tracer is not None:   # a modifier took the whole gain away: the trace says so
                self._note("gain", h, f"{name} ({why})", 0)
            return
        if name in self.state.globals:
            self._set_global(name, self.state.globals[name] + amount, "gain", h)
            return
        offered = amount
        if name in self._limited:
            room = self.room(h, name)
            if room is not None and amount > room:
                amount = max(room, 0)
                self.cut_at_bound(name, offered - amount, True)
        if self.tracer is not None:
            # (units over the cap of a resource with a supply stay in its bank)
            fate = "left in the supply" if name in self.state.supply else "lost"
            lost = [f"{offered - amount} {fate} over the cap"] if amount < offered else []
            cap = self.own_cap(h, name) if lost and name in self.program.resources else None
            if cap is not None and h.stock[name] > cap:   # a cap naming a counter that fell below the stock
                lost = [f"{offered - amount} {fate}: {h.stock[name]} is over the cap of {cap}, which fell"]
            notes = "; ".join(([why] if why else []) + lost)
            self._note("gain", h, f"{name} ({notes})" if notes else name, amount)
        value = h.stock[name] + amount
        if value > MAX_VALUE:
            self.bounded(value)
        h.stock[name] = value
        if amount and "gain" in self.by_event:
            self.emit("gain", h, {"res": name, "amount": amount})

    def share_among(self, players, name: str, amount: int, where: str, odd=None, first: bool = True):
        """`share AMOUNT R among PLAYERS [odd to P];`: each player of the list gains AMOUNT / n rounded down,
        in the list's order, through `gain_or_discard` (as `gain` gains: caps, supply, events); the units left
        over go to P (`odd to none`: to nobody), or with `first` to the first of the list. No players: nothing
        is gained. A negative amount stops play (E601). Both backends."""
        if type(amount) is not int or amount < 0:
            raise RulesRuntimeError("E601", f"share takes an amount of at least 0, not {label_of(amount)}")
        among = [self.holder_of(p) for p in self.domain(players)]
        if not among:
            return
        each, left = divmod(amount, len(among))
        for p in among:
            if each:
                yield from self.gain_or_discard(p, name, each, where)
        to = among[0] if first else odd
        if left and to is not None:
            yield from self.gain_or_discard(self.holder_of(to), name, left, where)

    def gain_or_discard(self, h: Holder, name: str, amount: int, where: str, tag: Optional[tuple] = None,
                        why: str = ""):
        """A `gain` statement. A tagged gain is first changed by the modifiers of its action. Past a
        cap that a group of resources shares, the player chooses which of the group's resources to
        discard, the incoming one included (Federation p.6); past a resource's own cap the excess is
        simply lost, as in `gain` (there is no choice to make), unless the resource hands it to a proc
        (`cap C over PROC`: `_overflow`)."""
        if tag is not None and amount and tag[0] in self.by_action:
            amount, why = self.modified_gain(h, tag, amount)
        spec = self.program.resources.get(name)
        if spec is not None and amount > 0 and spec[0] is not None and name in self.program.overflows:
            fits = max(0, self.own_cap(h, name) - h.stock[name])
            if amount > fits:
                return self._overflow(h, name, amount, fits, where, why)
        group = spec[1] if spec is not None and amount > 0 else None
        shared_cap = self.group_cap(h, group) if group is not None else None
        if shared_cap is None:
            self.gain(h, name, amount, None, why)
            return ()   # asks nothing: no generator (`yield from ()` is None)
        members = self.program.groups[group][1]
        kept = amount if spec[0] is None else max(0, min(amount, self.own_cap(h, name) - h.stock[name]))
        over = sum(map(h.stock.__getitem__, members)) + kept - shared_cap
        if over <= 0:
            self.gain(h, name, amount, None, why)
            return ()
        return self._discard(h, name, group, shared_cap, members, kept, over, where, why)

    def gain_each(self, h: Holder, card, field: str, where: str, tag: Optional[tuple] = None):
        """`gain q.rewards;` of a field declared `int[GROUP]` (`field`: its key in the indexed tables): each
        resource's amount gained in the group's order as `gain N RES;` gains it (a tagged gain changed
        by its modifiers a resource at a time; a shared cap may ask for discards)."""
        for m, key in self.program.indexed[field].items():
            yield from self.gain_or_discard(h, m, self.field(card, key), where, tag)

    def gain_any(self, h: Holder, group: str, amount: int, where: str):
        """`gain N any(GROUP);` N units of the group's resources, the player choosing each unit's resource
        (repeats allowed: one decision a unit, among the resources with room left under their caps and in
        their supply; a lone one is still asked, as a forced move). Fewer when no resource has room."""
        members = self.program.groups[group][1]
        for left in range(amount, 0, -1):
            options = [m for m in members if (self.room(h, m) is None or self.room(h, m) > 0)
                       and self.state.supply.get(m, 1) > 0]
            if not options:
                if self.tracer is not None:
                    self._note("nothing", h, f"no room for any more {group} ({left} not gained)", where=where)
                return
            i = yield self.decide(h, f"gain 1 of {group} ({left} to take)", options, where)
            yield from self.gain_or_discard(h, options[i], 1, where)

    def zone_over(self, you: Holder, name: str, where: str):
        """After a statement that put cards into `name`, a zone with a hand limit (`zone hand per_player of card
        cap 7 over discard_down;`): each holder of it past its cap (a number, or the holder's value of a
        counter, as a resource's own cap: own_cap), in seat order from `you`, runs the zone's proc with the
        number of cards over, and may be asked (which to discard). Generated only after such statements."""
        cap, proc = self.program.zone_caps[name]
        players, out = self.state.players, self.state.out
        start = players.index(you) if you in players else 0
        for h in players[start:] + players[:start]:
            items = h.zones.get(name)   # (a role's zone is its holders' alone)
            if items is None or out and h in out:
                continue
            limit = h.stock[cap] if type(cap) is str else cap
            if len(items) > limit:
                if self.tracer is not None:
                    self._note("over", h, f"{name}: {len(items) - limit} over the cap of {limit}, to {proc}()",
                               None, where)
                yield from self.program.procs[proc](self, h, len(items) - limit)

    def lay_out(self, you: Optional[Holder], name: str, where: Optional[str] = None) -> None:
        """`fill market;` of a display (`zone market of train show 5 from deck [redeal to PILE when COND];`):
        from now on the display keeps itself filled (`state.shown`, saved with the game); it is topped
        up now, and redealt if its condition holds (keep_shown). `name` is a display's or one element's
        (`fill row[2];`: `row[2]`), or an indexed display's own (`fill row;`): each element in index order."""
        shows = self.program.shows
        # (an indexed display's elements this game holds: a board sized by an option, the seats of an index of players)
        out = self.out_of_play() if self.program.sized else ()
        for name in (name,) if name in shows else [n for n, row in shows.items() if row[4] == name and n not in out]:
            if name not in self.state.shown:   # `fill row;` of an indexed display: each element, in index order
                self.state.shown.append(name)
                self.state.shown.sort(key=list(shows).index)   # in declaration order
            self._top_up(you, name, where)

    def holding(self, you: Optional[Holder], name: str, where: Optional[str] = None) -> Held:
        """`hold market { ... }`: the block runs inside it (`with`), so that the display is laid out again
        however the block is left, by its end, `return` or `break` (Held)."""
        return Held(self, you, name, where)

    def hold_shown(self, name: str) -> None:
        """`hold market { ... }`: the display (an indexed one's every element, or one element) is no longer topped
        up, until the block is left and lays it out again (Held, lay_out)."""
        shows = self.program.shows
        self.state.shown = [n for n in self.state.shown if n != name and shows[n][4] != name]

    def keep_shown(self, you: Optional[Holder], where: Optional[str] = None) -> None:
        """After each statement that may have moved an item (generated only in a pack with a display,
        and run only once one is laid out): every display laid out that holds fewer than it shows is
        topped up from its source, which draws as `draw` does (`refills from`: the discard is shuffled in);
        a source run out leaves it short (the trace says so, as for a draw)."""
        for name in self.state.shown:
            if len(self.shared_refs[name].items) < self.program.shows[name][0]:
                self._top_up(you, name, where)

    def _top_up(self, you: Optional[Holder], name: str, where: Optional[str]) -> None:
        """Top one display up to its count; then, when it drew any and has a redeal rule, redeal it while
        the rule's condition holds. Each redeal moves the whole display to the rule's pile and lays out a
        new one; it stops by itself when it has laid out as many cards as its source (and the pile that
        source refills from) held when the redeal began: every card left could have come up once, and more
        redeals would show again what was shown (the trace says so)."""
        count, source, pile, holds, _display, args = self.program.shows[name]
        display, deck = self.shared_refs[name], self.shared_refs[source]
        short = count - len(display.items)
        if short <= 0 or not self.draw(you, deck, display, short) or holds is None:
            return
        refill = self.refill_pile(deck)
        left = len(deck.items) + (len(refill.items) if refill is not None else 0)
        while holds(self, you, *args):
            if left <= 0:
                if self.tracer is not None:
                    self._note("nothing", you, f"{name}: no redeal: the cards left in {source} cannot lay out a "
                                               f"display not shown already", None, where)
                return
            if self.tracer is not None:
                self._note("redeal", you, f"{name}: the redeal rule holds: the display goes to {pile}, "
                                          f"{count} new laid out", None, where)
            self.move_all(you, display, self.shared_refs[pile])
            drawn = self.draw(you, deck, display, count)
            if not drawn:
                return
            left -= len(drawn)

    def _overflow(self, h: Holder, name: str, amount: int, fits: int, where: str, why: str):
        """A `gain` past a resource's own cap when the resource names a proc for what does not fit
        (`resource sheep cap pasture over cook_or_release;`): the units that fit are gained (a group's
        cap may still ask for discards), then the proc runs for the holder with the number that did
        not fit, and may ask (cook them or let them go). With a supply, those units stay in the bank."""
        proc = self.program.overflows[name]
        if self.tracer is not None:
            self._note("over", h, f"{name}: {amount - fits} over the cap of {self.own_cap(h, name)}, to {proc}()",
                       amount - fits, where)
        # (the bank, if any, was drawn on already: Game's own, not SuppliedGame's)
        yield from Game.gain_or_discard(self, h, name, fits, where, None, why)
        yield from self.program.procs[proc](self, h, amount - fits)

    def _discard(self, h: Holder, name: str, group: str, shared_cap: int, members: list, kept: int, over: int,
                 where: str, why: str = ""):
        """The discards of a gain past a group's shared cap, one decision a unit (see gain_or_discard)."""
        # the incoming units are an option too; they are not in the stock yet, so the stock never
        # passes the cap, even while the player decides
        incoming = kept
        for left in range(over, 0, -1):
            options = [m for m in members if h.stock[m] > 0 or (m == name and incoming > 0)]
            i = yield self.decide(h, f"over the {group} cap of {shared_cap}: discard 1 ({left} to discard)",
                                  options, where)
            if options[i] == name and incoming > 0:
                incoming -= 1
            else:
                self._put_back(h, options[i], 1)
            if self.tracer is not None:
                self._note("discard", h, options[i], 1, where)
        self.gain(h, name, incoming, None, why)   # announces what was kept of the incoming resource

    def _put_back(self, h: Holder, name: str, amount: int) -> None:
        """Discard units a holder has (a group's cap asked which): they leave the game."""
        h.stock[name] -= amount

    def supply_left(self, name: str, member=None) -> int:
        """`supply(res)`: what is left in a resource's limited bank (or a global counter's; `supply(cubes, red)`:
        the bank of one member of the counter's `per` index)."""
        if member is not None:
            name = f"{name}[{getattr(member, 'name', member)}]"
        left = self.state.supply.get(name)
        if left is None:
            raise RulesRuntimeError("E601", f"{name} has no supply: every player may gain as much as they like")
        return left

    def lose(self, h: Holder, name: str, amount: int, why: str = "") -> int:
        """Take from a stock, never below its floor; returns how much was actually lost. `why`: what
        modifiers did to the amount of a tagged loss (see lose_for), for the trace."""
        if amount <= 0:
            if why and self.tracer is not None:   # a modifier took the whole loss away: the trace says so
                self._note("lose", h, f"{name} ({why})", 0)
            return 0
        if name in self.state.globals:
            before = self.state.globals[name]
            self._set_global(name, before - amount, "lose", h)
            return before - self.state.globals[name]
        low = self.program.counters[name][1] if name in self.program.counters else 0
        above = h.stock[name] - (low or 0)
        if amount > above:
            self.cut_at_bound(name, amount - max(above, 0), False)
            amount = above
        if amount > 0:
            if self.tracer is not None:
                fell = self._over_fallen_cap(h, name, h.stock[name] - amount)
                self._note("lose", h, (f"{name} ({why})" if why else name) + fell, amount)
            h.stock[name] -= amount
            if "lose" in self.by_event:
                self.emit("lose", h, {"res": name, "amount": amount})
        return max(amount, 0)

    def lose_to(self, h: Holder, name: str, amount: int, to: Optional[Holder], where: str):
        """`lose N R to P;`: a transfer. P gains what `h` actually lost (never below its floor), taken
        from the supply the loss returned it to; a cap may ask P to discard (gain_or_discard)."""
        lost = self.lose(self.holder_of(h), name, amount)
        if lost and to is not None:
            yield from self.gain_or_discard(self.holder_of(to), name, lost, where)

    def lose_short(self, h: Holder, name: str, amount: int, to: Optional[Holder], where: str,
                   tag: Optional[tuple] = None):
        """`lose N R [to P] [for ACTION(args)];` of a stock with a `shortfall` (A.Shortfall): a tagged loss is
        first changed by the modifiers of its action (as lose_for); when the payer holds less than N, the
        shortfall's proc runs first for them (the payer raises, or pays what they hold and its `else` runs);
        the payment is made only when it was covered (the proc gives the whole debt). `to` None: the bank is paid."""
        payer = self.holder_of(h)
        why = ""
        if tag is not None and amount > 0 and tag[0] in self.by_action:
            changed, why = self.modified_amount("lose", payer, tag, amount)
            amount = 0 if changed is None else changed
        if not (yield from self._covered(payer, name, amount, to, where)):
            return
        if to is None:
            self.lose(payer, name, amount, why)
        else:
            yield from self.lose_to(payer, name, amount, to, where)

    def _covered(self, payer: Holder, name: str, amount: int, to: Optional[Holder], where: str):
        """Whether the payer can make a payment of `amount` of their stock `name` (which has a `shortfall`): at
        once when they hold it, else once its shortfall's proc covered it (not covered, the proc paid what
        they held, to `to` or the bank, and ran its `else`)."""
        if amount <= payer.stock[name]:
            return True
        if self.tracer is not None:
            self._note("short", payer, f"{name}: {amount} to pay, {payer.stock[name]} held, to its shortfall",
                       amount - payer.stock[name], where)
        paid = yield from self.program.procs[self.program.shortfalls[name]](
            self, payer, amount, to, amount - payer.stock[name])
        return paid >= amount

    def shift(self, h: Holder, source: str, dest: str, amount: int) -> int:
        """`shift N C[a] to C[b];` (4.2a): units moved from one element of an indexed counter to another
        of the same counter, `h`'s own or the global one. At most what the source holds above its floor
        (as `lose`), and what fits under the destination's ceiling: the rest stays in the source, so a
        move makes and destroys nothing. Announces the source's `lose` and the destination's `gain` (of
        a player's counter: a global one's announce nothing, 7.1), then one `shift` with the acting
        player as subject (`res`: the source, `dest`: the destination, `amount`: what moved); returns it."""
        at_least_zero(amount, "shift")
        _g, low, _high = self.program.counters[source]
        high = self.program.counters[dest][2]
        shared = source in self.state.globals
        values = self.state.globals if shared else h.stock
        held = values[source] - (low or 0)
        room = None if high is None else max(high - values[dest], 0)
        moved = max(min(amount, held) if room is None else min(amount, held, room), 0) if source != dest else 0
        if self.tracer is not None:
            kept = [] if moved == amount else \
                [f"the same element: nothing moves"] if source == dest else \
                [f"{amount} asked, {source} held {max(held, 0)}" + (" above its floor" if low else "")] \
                if room is None or held <= room else [f"{amount} asked, {dest} holds at most {high}"]
            self._note("shift", None if shared else h, f"{source} to {dest}" + (f" ({kept[0]})" if kept else ""),
                       moved)
        if moved <= 0:
            return 0
        self.bounded(values[dest] + moved)
        values[source] -= moved
        values[dest] += moved
        if not shared and "lose" in self.by_event:
            self.emit("lose", h, {"res": source, "amount": moved})
        if not shared and "gain" in self.by_event:
            self.emit("gain", h, {"res": dest, "amount": moved})
        if "shift" in self.by_event:
            args = {"res": source, "dest": dest, "amount": moved}
            elements = self.program.elements
            if elements and dest in elements:   # `shift(warriors[a] to warriors[c])` listens: c's indexes too
                args.update((f"to{k}", v) for k, v in self.seated(elements[dest]).items() if k != "res[]")
            self.emit("shift", h, args)
        return moved

    def element_args(self, args: dict) -> dict:
        """A tag's arguments naming an element (`for gain(warriors[c])`, 7.7): with the counter and the
        indexes an event of that element carries (emit), so a modifier's pattern reads them as a trigger's."""
        elements = self.program.elements
        if elements and args.get("res") in elements:
            args = {**args, **self.seated(elements[args["res"]])}
        if elements and args.get("dest") in elements:
            args.update((f"to{k}", v) for k, v in self.seated(elements[args["dest"]]).items() if k != "res[]")
        return args

    def seated(self, extra: dict) -> dict:
        """An element's event arguments (Program.elements, Program.heard) with each seat its player (SeatArgs)."""
        return extra if type(extra) is dict else extra.seated(self.state.players)

    def lose_at_random(self, h: Holder, group: str, amount: int, to: Optional[Holder], where: str):
        """`lose N any(GROUP) at random [to P];`: N units of the group's resources drawn one at a time by
        the game's RNG, each unit `h` holds as likely as another (a card drawn blind from a hand);
        fewer when `h` holds fewer. Each draw is logged as a random outcome, ["pick", GROUP, index of
        the unit among those held, members in declaration order], which a replay checks as it checks
        a roll. With `to`, that holder gains each unit lost (a group's cap may ask them to discard)."""
        members = self.program.groups[group][1]
        h = self.holder_of(h)
        for _ in range(amount):
            held = sum(h.stock[m] for m in members)
            if held == 0:
                if self.tracer is not None:
                    self._note("nothing", h, f"no {group} to lose at random")
                return
            i = self.rng.randrange(held)
            self.log.append(["pick", group, i])
            for m in members:
                if i < h.stock[m]:
                    break
                i -= h.stock[m]
            if self.tracer is not None:
                self._note("pick", h, f"lost at random: {self.program.label(m)}")
            self.lose(h, m, 1)
            if to is not None:
                yield from self.gain_or_discard(self.holder_of(to), m, 1, where)

    # ------------------------------------------------------------------ stocks a card holds
    def stock_card(self, card, name: str) -> EntityDef:
        """The card of `gain/lose N NAME on CARD;`: a card whose kind declares the stock NAME (`eggs: stock;`);
        anything else stops play (E601: the checker says E395 where it can tell)."""
        if type(card) is not EntityDef or name not in self.program.stocks.get(card.kind, ()):
            held = [k for k, fields in self.program.stocks.items() if name in fields]
            raise RulesRuntimeError("E601", f"{label_of(card)} holds no stock {name!r}" +
                                    (f" (the cards of {' and '.join(held)} do)" if held else ""))
        return card

    def stock_cap(self, card: EntityDef, name: str, h: Optional[Holder]) -> Optional[int]:
        """A card's stock's cap, worked out for the card now (`cap this.egg_limit`), or None."""
        if not self.program.stocks[card.kind][name]:
            return None
        cap = self.computed(card, f"{name} cap", h)
        if type(cap) is not int:
            raise RulesRuntimeError("E601", f"the cap of {name} on {card.label()} must be a whole number, not "
                                    f"{label_of(cap)}")
        return cap

    def _put_stock(self, card: EntityDef, name: str, value: int) -> None:
        """A card's stock is one of its variables while it differs from how the card starts (0 unless
        told): back there, the variable goes, so the card is saved, digested and shown as an untouched one."""
        if value > MAX_VALUE:
            self.bounded(value)
        state = self.state
        merged = state.vals.get(card)
        start = card.fields[name]
        if value == start:
            variables = state.evars.get(card.key)
            if variables is not None and name in variables:
                del variables[name]
                if variables:
                    merged[name] = start
                else:
                    del state.evars[card.key], state.vals[card]
        elif merged is None:
            state.evars[card.key] = {name: value}
            state.vals[card] = merged_fields(card.fields, {name: value})
        else:
            state.evars[card.key][name] = value
            merged[name] = value
        if name in self.watched:   # a memo or an index that read this field is out of date
            self.watched_sets += 1
            self.watched[name] += 1

    def gain_on(self, h: Holder, card, name: str, amount: int, tag: Optional[tuple] = None) -> None:
        """`gain N NAME on CARD;`: the card's stock grows by N, up to its cap (the excess is lost, as a
        capped resource's; above a cap that fell, nothing is gained), announced as `gain(res, amount, on)`.
        A tagged gain is first changed by the modifiers of its action; a negative one is a loss."""
        card = self.stock_card(card, name)
        why = ""
        if tag is not None and amount and tag[0] in self.by_action:
            amount, why = self.modified_gain(h, tag, amount)
        if amount <= 0:
            if amount < 0:
                self.lose_on(h, card, name, -amount)
            elif why and self.tracer is not None:
                self._note("gain", h, f"{name} on {card.label()} ({why})", 0)
            return
        have = self.field(card, name)
        cap = self.stock_cap(card, name, h)
        offered = amount
        if cap is not None and amount > cap - have:
            amount = max(cap - have, 0)
            self.cut_at_bound(name, offered - amount, True)
        if self.tracer is not None:
            lost = [] if amount == offered else [f"{offered - amount} lost: {have} is over the cap of {cap}"] \
                if have > cap else [f"{offered - amount} lost over the cap of {cap}"]
            notes = "; ".join(([why] if why else []) + lost)
            self._note("gain", h, f"{name} on {card.label()}" + (f" ({notes})" if notes else ""), amount)
        if amount:
            self._put_stock(card, name, have + amount)
            if "gain" in self.by_event:
                self.emit("gain", h, {"res": name, "amount": amount, "on": card})

    def gain_onto(self, h: Holder, target, name: str, amount: int, where: str, tag: Optional[tuple] = None):
        """`gain N NAME on ZONE;` (or a list of cards): N units onto the cards of the zone whose kind holds the
        stock, the player picking the card of each unit among those with room under their caps (unasked
        when one card is left: it takes the rest, cut to its cap); what no card has room for is lost. A
        tagged gain is changed by its modifiers first, as a whole. On a card, `gain_on`."""
        if type(target) is not ZoneRef and type(target) is not list:
            self.gain_on(h, target, name, amount, tag)
            return
        _field, cards, label = self.stock_term(target, name)
        why = ""
        if tag is not None and amount and tag[0] in self.by_action:
            amount, why = self.modified_gain(h, tag, amount)
        chosen: dict = {}
        caps = {e.key: self.stock_cap(e, name, h) for e in cards}
        for k in range(max(amount, 0)):
            room = [e for e in cards if caps[e.key] is None or self.field(e, name) + chosen.get(e.key, 0) < caps[e.key]]
            if len(room) <= 1:
                if room:
                    chosen[room[0].key] = chosen.get(room[0].key, 0) + amount - k
                elif self.tracer is not None:
                    self._note("gain", h, f"{name} on {label} ({amount - k} lost: no card has room"
                               + (f"; {why}" if why else "") + ")", 0)
                break
            j = yield from self._pick(h, f"gain 1 {name} on which card ({k + 1} of {amount})?", room, False, where)
            chosen[room[j].key] = chosen.get(room[j].key, 0) + 1
        for e in cards:
            if chosen.get(e.key):
                self.gain_on(h, e, name, chosen[e.key])

    def lose_on_to(self, h: Holder, card, name: str, amount: int, to, where: str):
        """`lose N NAME on CARD to P;`: the card's stock moved, never below 0: P gains what the card actually
        lost, a player their own NAME (a cap may ask them to discard), a card its stock NAME (cut to its cap)."""
        lost = self.lose_on(h, card, name, amount)
        if not lost:
            return
        if type(to) is EntityDef:
            self.gain_on(h, to, name, lost)
        elif isinstance(to, Holder):
            yield from self.gain_or_discard(self.holder_of(to), name, lost, where)
        else:
            raise RulesRuntimeError("E601", f"'lose ... {name} on {card.label()} to' names {label_of(to)}: "
                                    "neither a player nor a card", where)

    def lose_on(self, h: Holder, card, name: str, amount: int, tag: Optional[tuple] = None) -> int:
        """`lose N NAME on CARD;`: never below 0 (what is missing is not lost), announced as `lose(res,
        amount, on)`; a tagged loss is changed by its modifiers (a forbidden one does not happen).
        Gives how much was lost."""
        card = self.stock_card(card, name)
        why = ""
        if tag is not None and amount > 0 and tag[0] in self.by_action:
            changed, why = self.modified_amount("lose", h, tag, amount)
            amount = 0 if changed is None else changed
        if amount <= 0:
            if why and self.tracer is not None:
                self._note("lose", h, f"{name} on {card.label()} ({why})", 0)
            return 0
        have = self.field(card, name)
        amount = min(amount, have)
        if amount > 0:
            if self.tracer is not None:
                self._note("lose", h, f"{name} on {card.label()}" + (f" ({why})" if why else ""), amount)
            self._put_stock(card, name, have - amount)
            if "lose" in self.by_event:
                self.emit("lose", h, {"res": name, "amount": amount, "on": card})
        return max(amount, 0)

    def lose_on_short(self, h: Holder, card, name: str, amount: int, where: str):
        """`lose N F on CARD;` of a cards' stock with a `shortfall`: when the card holds less than N, the
        shortfall's proc runs first, `you` the acting player and `holder` the card (they raise, or the card pays
        what it holds and the `else` runs); the loss is made only when it was covered."""
        card = self.stock_card(card, name)
        if amount > self.field(card, name):
            if (yield from self._raised_on(h, card, name, amount, where)) < amount:
                return
        self.lose_on(h, card, name, amount)

    def _raised_on(self, h: Holder, card, name: str, amount: int, where: str):
        """The shortfall of the stock `name` run for `card`, which holds less than `amount`: what it gives (all of
        `amount` when covered, else what the card paid)."""
        held = self.field(card, name)
        if self.tracer is not None:
            self._note("short", h, f"{name} on {card.label()}: {amount} to pay, {held} held, to its shortfall",
                       amount - held, where)
        return (yield from self.program.procs[self.program.shortfalls[name]](self, h, amount, None, amount - held,
                                                                             card))

    def stock_term(self, where, name: str) -> tuple:
        """What a cost term `N NAME on WHERE` takes from: (NAME, the cards, how to name them). WHERE is a
        card holding the stock, or a zone or list of cards (those of them whose kind declares it)."""
        if type(where) is EntityDef:
            return name, (self.stock_card(where, name),), where.label()
        if type(where) is ZoneRef or type(where) is list:
            stocks = self.program.stocks
            cards = tuple(e for e in where if type(e) is EntityDef and name in stocks.get(e.kind, ()))
            return name, cards, where.label() if type(where) is ZoneRef else "those cards"
        return name, (self.stock_card(where, name),), ""

    def _on_fits(self, taken: dict, field: str, cards: tuple, amount: int) -> bool:
        """Whether the cards hold `amount` of a stock besides what the earlier terms of the cost take
        (`taken`, by (card, stock)); takes it, card by card in order, for the terms after."""
        field_of = self.field
        if sum(field_of(e, field) - taken.get((e.key, field), 0) for e in cards) < amount:
            return False
        for e in cards:
            if amount <= 0:
                break
            key = (e.key, field)
            take = min(field_of(e, field) - taken.get(key, 0), amount)
            taken[key] = taken.get(key, 0) + take
            amount -= take
        return True

    def _pay_on(self, h: Holder, name: tuple, amount: int, where: str):
        """Pay `amount` of a stock cards hold: from one card at once; from several, the payer picks the
        card of each unit among those still holding some (unasked when one card is left, or when the
        units left are just as many as are owed); each card then pays its units, announced as `pay`."""
        field, cards, label = name
        chosen: dict = {}
        for k in range(amount):
            holding = [e for e in cards if self.field(e, field) - chosen.get(e.key, 0) > 0]
            if not holding:   # an earlier term of the same cost took what this one needed
                raise RulesRuntimeError("E601", f"{h.name} cannot pay {describe_cost([('on', name, amount)])}", where)
            left = sum(self.field(e, field) - chosen.get(e.key, 0) for e in holding)
            if len(holding) == 1 or left <= amount - k:
                for e in holding:   # everything left goes, or the one card pays the rest
                    chosen[e.key] = self.field(e, field) if len(holding) > 1 else chosen.get(e.key, 0) + amount - k
                break
            j = yield from self._pick(h, f"pay 1 {field} from which card ({k + 1} of {amount})?", holding, False, where)
            chosen[holding[j].key] = chosen.get(holding[j].key, 0) + 1
        for e in cards:
            if chosen.get(e.key):
                self._spend_on(h, e, field, chosen[e.key])

    def _spend_on(self, h: Holder, card: EntityDef, field: str, amount: int) -> None:
        if self.tracer is not None:
            self._note("pay", h, f"{field} on {card.label()}", amount)
        self._put_stock(card, field, self.field(card, field) - amount)
        if "pay" in self.by_event:
            self.emit("pay", h, {"res": field, "amount": amount, "on": card})

    def _over_fallen_cap(self, h: Holder, name: str, value: int) -> str:
        """For the trace: the stocks a counter caps (`resource R cap COUNTER;`) that its new value
        leaves above the cap. They are kept: a fallen cap only stops gains."""
        over = [f"{r} {h.stock[r]}" for r, (cap, _group) in self.program.resources.items()
                if cap == name and h.stock[r] > value]
        return f" ({', '.join(over)} kept above the new cap of {value})" if over else ""

    def lose_for(self, h: Holder, name: str, amount: int, tag: tuple) -> int:
        """`lose N RES for ACTION(args);`: a loss the modifiers of its action change (`lose +N`,
        `lose -N`, `lose = N`, never below zero). A forbidden loss does not happen (Dominion's Moat:
        "you are unaffected"), with no error: a loss is not something a player takes. A loss of 0 is
        none: nothing changes it. Untagged losses never come here (`lose` is on the hot path)."""
        if amount <= 0 or tag[0] not in self.by_action:
            return self.lose(h, name, amount)
        changed, why = self.modified_amount("lose", h, tag, amount)
        return self.lose(h, name, 0 if changed is None else changed, why)

    def lose_or_debt(self, h: Holder, name: str, amount: int, debt: str, where: str, tag: Optional[tuple] = None):
        """Lose `amount`; the player chooses how much to pay and takes the rest as `debt`. A tagged
        loss is first changed by the modifiers of its action, as in lose_for (forbidden: none)."""
        why = ""
        if tag is not None and amount > 0 and tag[0] in self.by_action:
            changed, why = self.modified_amount("lose", h, tag, amount)
            if not changed:   # forbidden, or brought down to nothing: no decision (the trace says why)
                self.lose(h, name, 0, why)
                return
            amount = changed
        if amount <= 0:
            return
        have = h.stock.get(name)   # a global counter: what the shared value holds above its floor
        most = min(have - self.program.floors.get(name, 0) if have is not None else self._shared_stock(name), amount)
        options = [f"pay {k} {name}, take {amount - k} {debt}" for k in range(most, -1, -1)]
        k = most - (yield self.decide(h, f"lose {amount} {name}", options, where))
        self.lose(h, name, k, why)
        self.gain(h, debt, amount - k)

    def set_stock(self, h: Holder, name: str, value: int) -> None:
        """Set a counter or resource directly (bounded by its floor and cap)."""
        if name in self.state.globals:
            self._set_global(name, value, "set", h)
            return
        current = h.stock[name]
        if value == current:
            if self.tracer is not None:   # told, as a variable's unchanged `set` is
                self._note("set", h, f"{name} = {value} (unchanged)")
            return
        tracer = self.tracer
        if tracer is not None:   # the gain's or loss's own line is told as the `set` written (`set coin = 0 (was 3)`)
            self.tracer = _SetTold(tracer, h.name, name, value, current)
        try:
            if value > current:
                self.gain(h, name, value - current)   # (its trace tells what went over the cap)
            else:
                low = self.program.counters[name][1] if name in self.program.counters else 0
                self.lose(h, name, current - value, f"{value} asked, below its floor {low or 0}"
                          if tracer is not None and value < (low or 0) else "")
        finally:
            if tracer is not None:
                told, self.tracer = self.tracer.done, tracer
        if tracer is not None and not told:   # nothing to lose: at its floor already
            self._note("set", h, f"{name} = {value} (unchanged: {h.stock[name]}, its floor)")

    def _set_global(self, name: str, value: int, verb: str = "set", h: Optional[Holder] = None) -> None:
        """Set a global counter within its bounds. `verb`: how the trace tells the change: a `set`
        (`set pool = 20`), or a `gain` or `lose` of the global counter, told as one with the new
        value (`lose 2 pool (now 20)`). A counter some pattern names (Program.heard_globals) announces the
        change as a player's stock's (7.1): a `gain` or `lose` of what it moved, `h` the subject (the acting
        player; none, `nobody`, for a rule of the table or a `reset`); the others announce nothing."""
        self.bounded(value)
        heard, low, high = self.program.counters[name]
        asked = value
        if low is not None:
            value = max(low, value)
        if high is not None:
            value = min(high, value)
        if value != asked:
            self.cut_at_bound(name, abs(asked - value), asked > value)
        if self.tracer is not None and (verb == "set" or value != self.state.globals[name]):
            if verb == "set":   # a value past the bounds is kept at the bound: the trace says what was asked
                same = unchanged(value, self.state.globals[name])
                if asked != value:
                    same = f" ({asked} asked, {'above its limit' if asked > value else 'below its floor'} {value}" \
                           f"{'; unchanged' if same else ''})"
                self._note("set", None, f"{name} = {value}{same}")
            else:
                self._note(verb, None, f"{name} (now {value})", abs(value - self.state.globals[name]))
        if heard is True:   # (no pattern names it: the one test an unheard change pays)
            self.state.globals[name] = value
            return
        before, self.state.globals[name] = self.state.globals[name], value
        if value != before:
            self.emit("gain" if value > before else "lose", h if h is not None and h.is_player else None,
                      {"res": name, "amount": abs(value - before)})

    def stock(self, h, name: str) -> int:
        """A holder's stock of a resource, counter or track position; of a group, its members' sum."""
        try:
            return self.holder_of(h).stock[name]
        except KeyError:   # a global counter given to a `resource` parameter: a rules message, not Python's
            if name in self.program.groups:
                stock = self.holder_of(h).stock
                return sum(stock[m] for m in self.program.groups[name][1])
            if name in self.state.globals:
                if name in self.program.tracks:   # `position(TRACK)` of a global track: its one marker's
                    return self.state.globals[name]
                raise RulesRuntimeError("E601", f"{name!r} is a global counter, one number for the whole game: "
                                        f"it has no player's amount (read it by its name, {name})") from None
            raise

    def room_left(self, h, name: str) -> int:
        """How much more of a resource a holder can take (a large number when unlimited)."""
        room = self.room(self.holder_of(h), name)
        return UNLIMITED if room is None else room

    def item(self, items, n: int, where: Optional[str] = None):
        """The n-th element of a list or zone, counting from 1; `items[a..b]` (n the list of a range's
        numbers): a new list of the items at those places that there are (the first 4 of 3 cards are 3).
        `where`: the rules position of `items[n]`, where a missing item is reported (E601)."""
        values = items.items if type(items) is ZoneRef else items
        if type(n) is list:
            return [values[i - 1] for i in n if type(i) is int and 1 <= i <= len(values)]
        if not isinstance(n, int) or not 1 <= n <= len(values):
            if type(values) is Cells:   # `window.shade[s]`: a grid's value at a cell (kept off the lists' path)
                if n in values:
                    return values[n]
                raise RulesRuntimeError("E601", f"the grid has no value at {label_of(n)}", where)
            raise RulesRuntimeError("E601", f"there is no item {n} in a list of {len(values)}", where)
        return values[n - 1]

    @staticmethod
    def shown_units(cost, name: str) -> int:
        """`b.cost[fish]`: the units of a resource (or a group's wild icons) a card's printed cost shows."""
        if type(cost) is not tuple:
            raise RulesRuntimeError("E601", f"{label_of(cost)} is no printed cost")
        return shown_units(cost, name)

    @staticmethod
    def power(base, exponent):
        """`base ** exponent` of whole numbers: a negative exponent has no whole result, and one past
        MAX_EXPONENT (a base other than -1, 0, 1) no sensible one: both stop play (E601; the checker
        says E384 where the exponent is written negative). None is refused as `*` refuses it."""
        if type(exponent) is int and (type(base) is int or type(base) is Fraction) and \
                (exponent < 0 or exponent > MAX_EXPONENT and abs(base) not in (0, 1)):
            raise RulesRuntimeError("E601", f"{base} ** {exponent}: " + (
                "a negative exponent gives no whole number" if exponent < 0 else
                f"an exponent is at most {MAX_EXPONENT} (the number would be past any score)"))
        return base ** exponent

    @staticmethod
    def rounded(how: str, value):
        """`floor(x)`, `ceil(x)`, `round(x)` of a number (branch decimal): a whole number; `round` takes a
        half away from zero (2.5 is 3, -2.5 is -3), as a rulebook rounds. A whole number is itself."""
        if type(value) is int:
            return value
        if type(value) is not Fraction:
            raise RulesRuntimeError("E601", f"{how}() takes a number, not {label_of(value)}")
        if how == "floor":
            return math.floor(value)
        if how == "ceil":
            return math.ceil(value)
        whole = math.floor(abs(value) + Fraction(1, 2))
        return whole if value >= 0 else -whole

    def unmatched(self, value):
        """A `match` without `else` met a value none of its cases names."""
        raise RulesRuntimeError("E601", f"no case of this match is {label_of(value)}")

    def bonus_spaces(self, name: str) -> list:
        """The spaces of a track that offer a bonus, in order."""
        return [pos for pos, space in sorted(self.track(name).spaces.items()) if space.bonus is not None]

    def first(self, items):
        """The first element of a zone or list, or None."""
        for item in self.domain(items):
            return item
        return None

    def last(self, items):
        """The last element of a zone (its bottom item) or list, or None."""
        values = items.items if type(items) is ZoneRef else items if type(items) is list else self.domain(items)
        return values[-1] if values else None

    def reverse(self, items) -> list:
        """A new list of a zone's or list's items, last first (a zone's from the bottom up): a loop
        over it is safe while its body moves the items."""
        return self.domain(items)[::-1]

    def piles(self, name: str) -> list:
        """`piles(ZONE)`: the indexes of the shared indexed zone ZONE whose zone has ever held an item (the piles
        set out: one emptied since counts, one never filled does not), in the order of the index; a card index
        gives the declared card, as `for each c in card` does, and an index of players the player."""
        filled, entities = self.state.filled, self.program.entities
        seated = name in self.program.seat_places() if self.program.sized else False
        return [entities.get(index, index) if type(index) is str else self.state.players[index - 1] if seated else index
                for index, flat in self.program.indexed.get(name, {}).items() if flat in filled]

    def turns(self, shape) -> list:
        """`turns(shape)`: the distinct quarter turns of a list of cells (records of two whole numbers), each
        normalised (state.shape_orientations); both backends."""
        return self._orientations("turns", shape, False)

    def orientations(self, shape) -> list:
        """`orientations(shape)`: the distinct quarter turns of a shape and of its mirror image, each normalised."""
        return self._orientations("orientations", shape, True)

    def _orientations(self, func: str, shape, flipped: bool) -> list:
        """The shape's orientations, or E601 for what is no list of cells (a `none` among them)."""
        found = shape_orientations(self.domain(shape), flipped)
        if found is None:
            raise RulesRuntimeError("E601", f"{func}(shape) takes a list of cells, each a record of two whole numbers")
        return found

    def subsets(self, items, k) -> list:
        """`subsets(xs, k)`: every k-item sub-list of a list (or of a zone's items), each keeping the list's
        order, in a fixed order: those with the earlier items first ([a, b], [a, c], [b, c] of [a, b, c]); none
        for k past the list's size. Its sub-lists count against the step budget before any is made (E602
        past it), so a large k of a long list stops play instead of filling memory; both backends."""
        items = self.domain(items)
        if type(k) is not int or k < 0:
            raise RulesRuntimeError("E601", f"subsets(xs, k) takes a count k from 0, not {label_of(k)}")
        made = comb(len(items), k)
        if self.steps + made > MAX_STEPS:
            raise RulesRuntimeError("E602", f"subsets(...) of {len(items)} items taken {k} at a time makes {made:,} "
                                    f"sub-lists, more than the {MAX_STEPS} loop steps left between two decisions")
        self.steps += made
        return [list(c) for c in combinations(items, k)]

    def disjoint(self, groups) -> list:
        """`disjoint(xs)`: every choice of xs's items (each a list or a zone) no two of which share an item, each
        choice a list of those items in xs's order: the empty choice first, then each choice followed by those
        that add a later item to it ([], [a], [a, b], [a, c], [b], [c] of a, b, c where only b and c meet). Each choice made
        and each later group tested against it count one step against the step budget (E602 past it), so a list
        of many small groups that meet nowhere (2^n choices) stops play instead of filling memory; both backends."""
        groups = self.domain(groups)
        members: list = []
        for group in groups:
            if type(group) is not list and type(group) is not ZoneRef:
                raise RulesRuntimeError("E601", f"disjoint(xs) takes a list of lists or zones, and {label_of(group)} is "
                                                f"neither")
            members.append(self.domain(group))
        chosen: list = []
        waiting = [(0, [])]   # (the first group a choice may add, the groups taken): depth first, without recursion
        while waiting:
            start, taken = waiting.pop()
            self.steps += 1 + len(groups) - start   # the choice, and each later group tested against it
            if self.steps > MAX_STEPS:
                raise RulesRuntimeError("E602", f"disjoint(...) of {len(groups)} groups makes more choices than the "
                                        f"{MAX_STEPS} loop steps allowed between two decisions")
            chosen.append([groups[i] for i in taken])
            used = [x for i in taken for x in members[i]]
            for i in reversed(range(start, len(groups))):   # reversed: the earliest group is taken up first
                if not any(x in used for x in members[i]):
                    waiting.append((i + 1, taken + [i]))
        return chosen

    def distinct(self, items) -> list:
        """`distinct(xs)`: a new list of a zone's or list's items, each value once where it first stands
        (values equal by `==` are one: members, numbers, texts, records by value, cards by identity)."""
        items = self.domain(items)
        try:
            return list(dict.fromkeys(items))
        except TypeError:   # an unhashable item (a list of lists): the slow way, by `==`
            kept: list = []
            for x in items:
                if x not in kept:
                    kept.append(x)
            return kept

    def take_one(self, items, item, where: str) -> list:
        """`take X from LIST;` (4.12): a new list, LIST without its first copy of X (the others kept); E601
        when it holds none."""
        items = list(self.domain(items))
        try:
            items.remove(item)
        except ValueError:
            raise RulesRuntimeError("E601", f"'take {self.text(item)} from ...': the list holds no "
                                    f"{self.text(item)} ({', '.join(map(self.text, items)) or 'it is empty'})",
                                    where) from None
        return items

    def joined(self, left, right) -> list:
        """`a + b` between two lists (or a zone's items): a new list, a's items then b's; neither changes."""
        return self.domain(left) + self.domain(right)

    def without(self, left, right) -> list:
        """`a - b` between two lists: a new list of a's items that are not in b (each copy of them)."""
        taken = self.domain(right)
        return [x for x in self.domain(left) if x not in taken]

    def after(self, run: Iterator, read: Callable, where: str, proc: str):
        """`EXPR after PROC(args)` (5.1d): `read()` (EXPR) in the state the call `run()` (the proc's generator)
        would leave, then that state thrown away. The call runs on the game itself, its state saved first
        (`_saved`: every container of the state and of the game's own bookkeeping, shallowly) and put back
        after, in place, so every handle the rules hold (a zone's list, a player) stays the one it was: the
        counters, zones, variables, triggers, durations, `once per` chains, the log and the messages are as
        they were, nothing is traced. The triggers the call fires run, as after a call statement. Its random
        draws come from a generator of its own, seeded from the game's seed and the length of its log (the
        same on a replay, and never the real game's next draws, which it does not move). A decision with
        more than one option is refused (E480, which the checker gives where it sees one); `end game` stops
        the run, and EXPR is read where it stopped. Called only by rules that write `after`: nothing else
        pays for it."""
        depth = self.memo.get(NESTING, 0)
        if depth >= MAX_NESTING:
            raise TooDeep(f"more than {MAX_NESTING} landings, recursive calls and hypothetical runs one inside another")
        saved = _saved(self)
        rng, memo, tracer = self.rng, self.memo, self.tracer
        self.rng = random.Random(f"after {self.seed} {len(self.log)}")
        self.memo, self.tracer = {NESTING: depth + 1, HYPOTHETICAL: True}, None
        gens = (run, self.drain())
        try:
            try:
                for gen in gens:
                    value = None
                    while True:
                        try:
                            d = gen.send(value)
                        except StopIteration:
                            break
                        if len(d.values) != 1:
                            raise RulesRuntimeError(
                                "E480", f"{proc}() asked {d.player.name} a decision ({d.prompt!r}) while run "
                                f"in 'after' (a hypothetical run cannot ask: only a forced move may be in it)",
                                where, [f"{d.where}: the decision" if d.where else "the decision"])
                        value = 0
            except GameEnded:   # the game would end there: EXPR is read as it stands then
                pass
            return read()
        finally:
            try:
                for gen in gens:   # one left at a refused decision ends here, on the run's state (its `with` blocks)
                    gen.close()
            finally:
                self.rng, self.memo, self.tracer = rng, memo, tracer
                _restore(saved)

    def longest_of(self, cands: list, offered: Callable, body: Callable, key, lowest: bool, so_far: list,
                   memo: dict, where: str) -> list:
        """`pick ... repeated longest [, then highest KEY]` (4.21): the candidates that begin a run of the most
        picks any order allows from here, each run searched as `after` runs (5.1d): the pick's body run for a
        candidate on the game, `offered()` (the pick's candidates, worked out as the pick works them out) read
        in the state it leaves, and so on until none is left; the state put back. With KEY (`key(c)`, worked out
        as each candidate is offered), among the longest runs only those whose highest KEY (lowest, `lowest`),
        counting the picks made before in the statement (`so_far`: [that value] or []), is the best. `memo`
        (one per statement) keeps what was found from each position (the state as saved), so that two orders
        reaching one position are searched once. Each position searched counts one step of a budget of its
        own (MAX_STEPS): past it, E602."""
        if len(cands) < 2:
            return cands
        best = max if not lowest else min
        searching: set = set()
        count = [0]

        def better(a, b) -> bool:   # (length, key): longer, then the better key
            if a[0] != b[0]:
                return a[0] > b[0]
            return a[1] is not None and (b[1] is None or best(a[1], b[1]) != b[1])

        def joined(k, rest):
            return k if rest is None else rest if k is None else best(k, rest)

        def run_of(c):   # the best run beginning with c, from the current state
            count[0] += 1
            if count[0] > MAX_STEPS:
                raise RulesRuntimeError("E602", f"'longest' searched more than {MAX_STEPS:,} positions for the "
                                        "longest run of picks", where)
            k = key(c) if key is not None else None
            length, rest = self.after(body(c), from_here, where, "pick")
            return 1 + length, joined(k, rest)

        def from_here():   # the best run from the current state: (length, key or None)
            position = json.dumps(self.state.position(), sort_keys=True, default=str)
            if position in memo:
                return memo[position]
            if position in searching:
                raise RulesRuntimeError("E602", "'longest': a run of picks comes back to a position it left, so "
                                        "it never ends", where)
            searching.add(position)
            found = (0, None)
            for c in offered():
                run = run_of(c)
                if better(run, found):
                    found = run
            searching.discard(position)
            memo[position] = found
            return found

        runs = [run_of(c) for c in cands]
        if so_far:
            runs = [(n, joined(so_far[0], k)) for n, k in runs]
        top = runs[0]
        for run in runs[1:]:
            if better(run, top):
                top = run
        return [c for c, run in zip(cands, runs) if run == top]

    @staticmethod
    def longest_seen(so_far: list, k, lowest: bool) -> None:
        """After a pick of `repeated longest, then highest KEY`: the best KEY of the picks made so far, kept."""
        so_far[:] = [k if not so_far else (min if lowest else max)(so_far[0], k)]

    def can_slot(self, h, e, slot: str, *args) -> bool:
        """`can copy e.SLOT`: whether running the entity's effect slot now, for `h`, would do something:
        not for none, nor an entity without the slot; its opening decision's test (Program.slot_tests:
        false for an empty slot) where it has one; true otherwise. Nothing runs."""
        if e is None:
            return False
        if type(e) is not EntityDef:
            raise RulesRuntimeError("E601", f"'can copy' of {self.text(e)}, which is no card, tile or space")
        if slot not in e.effects:
            return False
        test = self.program.slot_tests.get((e.declared, slot))
        return True if test is None else bool(test(self, h, e, *args))

    def held_uses(self, card, *zones) -> bool:
        """A card override's dispatcher (`held.uses(CARD, ZONE, ...)`, the zones the call's `you`'s): whether
        a copy of the card (any of its `* N`, a per-player card's own) is in one of them, so that its
        version runs; noted for `simulate` (Game.held_use). A loop over the few cards of a hand or a
        power zone, without building a list."""
        name = card.declared
        for zone in zones:
            for e in zone.items:
                if e.declared == name:
                    if self.held_use is not None:
                        self.held_use(card, zone.owner)
                    return True
        return False

    @staticmethod
    def held_has(card, *zones) -> bool:
        """`held.has(CARD, ZONE, ...)`: held_uses without the note for `simulate`, tested before the conditions of
        a card's override or option (its `while`, its kind's `in force while`); held_uses follows them."""
        name = card.declared
        return any(e.declared == name for zone in zones for e in zone.items)

    def in_force(self, holder, card) -> bool:
        """`held.force(CARD)`, which the resolver adds to the tests of the slots of a kind's cards that has an
        `in force while COND;` line: the card's own condition (else its kind's) worked out now with `this` the
        card and `you` its holder; true for a card with none."""
        test = card.computed.get(IN_FORCE) if type(card) is EntityDef else None
        return test is None or test(self, holder, card) is True

    def card_in_force(self, card) -> bool:
        """`in_force(c)`: whether the card's slots apply now: it lies in a zone one of them is used from
        (Program.force_zones), and its `in force while` condition, if any, holds for that zone's owner (as for
        the slots themselves, Game.in_force). False for none, a card set aside or in no such zone."""
        if card is None:
            return False
        if type(card) is not EntityDef:
            raise RulesRuntimeError("E601", f"in_force() takes a card, not {label_of(card)}")
        loc = self.state.where.get(card.key)
        if loc is None or loc[1] not in self.program.force_zones.get(card.declared, ()):
            return False
        return self.in_force(loc[0], card)

    def contains(self, zone, item) -> bool:
        """Whether a zone or list holds an item."""
        return item in self.domain(zone)

    def declaration(self, e):
        """`declaration(c)`: the card c is a copy of, as declared (its first copy; a per-player card's
        declared card); `none` for none. What an index by a kind keys anyway, said on purpose."""
        if e is None:
            return None
        if type(e) is not EntityDef:
            raise RulesRuntimeError("E601", f"declaration() takes a card, not {label_of(e)}")
        return self.program.entities[e.declared]

    @staticmethod
    def ordinal(members: tuple, member) -> int:
        """A member's place in its enum's order, from 1 (`a < b` between two members, a sorted(...) key
        or top/bottom value that is a member, ordinal(m)): both backends. `none` has no place (E601)."""
        try:
            return members.index(member) + 1
        except ValueError:
            if type(member) is list:   # a list of members (`<` between two, a ranking key): item by item
                return [Game.ordinal(members, m) for m in member]
            raise RulesRuntimeError("E601", f"{label_of(member)} has no place in the order of "
                                    f"{', '.join(members)}: a member is wanted") from None

    @staticmethod
    def member_step(members: tuple, place: int, by: int, around: bool):
        """The member `by` places on from the one at `place` (its ordinal, from 1) in an enum's order:
        next(m) and prev(m) stay at the last and the first member; next_around(m) and prev_around(m)
        go round from the last to the first and back. Both backends."""
        index = place - 1 + by
        return members[index % len(members) if around else min(max(index, 0), len(members) - 1)]

    @staticmethod
    def steps_around(size: int, start: int, end: int) -> int:
        """steps_around(a, b): the places next_around goes from the member at `start` to the one at `end`
        (their ordinals, from 1) in an enum of `size` members, 0 to size - 1. Both backends."""
        return (end - start) % size

    @staticmethod
    def step_count(n) -> int:
        """The step count of next(m, n) and its like, a whole number (0 and negative ones too): a
        value computed during play that is not one (none, `true`) stops play. Both backends."""
        if type(n) is not int:
            raise RulesRuntimeError("E601", f"a step count of next(), prev(), next_around() or prev_around() "
                                    f"is a whole number, not {label_of(n)}")
        return n

    def index_of(self, zone, item) -> int:
        """Where an item first stands in a zone or list, counting from 1 (as `xs[n]` does); 0 when it
        is not there."""
        values = self.domain(zone)
        return values.index(item) + 1 if item in values else 0

    # ------------------------------------------------------------------ costs
    def _members(self, group: Optional[str]) -> list[str]:
        if group is None:
            return list(self.program.resources)
        return list(self.program.groups[group][1])

    def spread(self, card, field: str, counter: str) -> list:
        """`pay b.cost food;`: the plain cost terms of a card's field declared `int[ENUM]` (`field` is
        its key in the indexed tables), each member's amount paid from the counter's element for that
        member (terms of 0 pay nothing and announce nothing, as any term of 0)."""
        keys = self.program.indexed.get(field)
        if keys is None:   # `pay b.cost;` of a field declared `cost`: the terms written on the card (none: free)
            terms = self.field(card, field[len("field "):]) or ()
            if any(t[0] == "trade" for t in terms):   # one alternative: its exchange put first, where `pay` finds it
                return [("or", (terms,), 1)]
            return list(terms)
        if counter is None:   # `pay q.needs;` of a field declared `int[GROUP]`: each resource its own term
            return [("plain", m, self.field(card, key)) for m, key in keys.items()]
        return [("plain", name, self.field(card, keys[m])) for m, name in self.program.indexed[counter].items()]

    def substitutes(self, base: str, pairs: list) -> tuple:
        """`14 mc using steel at 2 and titanium at 3`: what a term of mode "worth" takes, `(base,
        ((sub, rate), ...))`; each rate a whole number of at least 1 (E601, where it is worked out)."""
        for sub, rate in pairs:
            if type(rate) is not int or rate < 1:
                raise RulesRuntimeError("E601", f"the rate of {sub} must be a whole number of at least 1, "
                                        f"not {label_of(rate)}")
        return base, tuple(pairs)

    @staticmethod
    def splits(stock: dict, taken: dict, base: str, subs: tuple, amount: int) -> list[tuple[tuple, int]]:
        """The sensible ways to pay `amount` of `base` with its substitutes (`subs`: (sub, rate) pairs)
        out of what the stock holds beyond `taken`: (units of each substitute, units of base). No unit
        of a substitute is wasted (without any one of them the substitutes would not cover the amount:
        overpaying by the last unit is allowed, no change is given), the base pays the rest, and the
        holder has it all. Fewest substitutes first, the first substitute varying slowest."""
        if amount <= 0:
            return [(tuple(0 for _ in subs), 0)]
        ranges = []
        for sub, rate in subs:
            held = stock.get(sub, 0) - taken.get(sub, 0)
            ranges.append(range(max(0, min(held, -(-amount // rate))) + 1))
        have = stock.get(base, 0) - taken.get(base, 0)
        out = []
        for units in product(*ranges):
            covered = sum(u * rate for u, (_sub, rate) in zip(units, subs))
            if any(u and covered - rate >= amount for u, (_sub, rate) in zip(units, subs)):
                continue   # a unit of that substitute would pay nothing
            rest = max(0, amount - covered)
            if rest <= have:
                out.append((units, rest))
        return out

    def _worth_fits(self, stock: dict, taken: dict, terms: list) -> bool:
        """Whether the terms of substitutes (mode "worth") and then the `any`/`different`/card terms
        can be paid from what the stock holds beyond `taken` (what the plain terms take), for some
        split of each term of substitutes."""
        k = next((i for i, t in enumerate(terms) if t[0] == "worth"), None)
        if k is None:
            return self._pooled_fit(stock, taken, terms)
        (base, subs), amount = terms[k][1], terms[k][2]
        rest = terms[:k] + terms[k + 1:]
        for units, paid in self.splits(stock, taken, base, subs, amount):
            after = dict(taken)
            for u, (sub, _rate) in zip(units, subs):
                after[sub] = after.get(sub, 0) + u
            after[base] = after.get(base, 0) + paid
            if self._worth_fits(stock, after, rest):
                return True
        return False

    def affordable(self, h: Holder, terms: list, tag: Optional[tuple] = None) -> bool:
        """Whether the holder can pay every term of a cost, as the modifiers of its action (`tag`)
        change it: the same alternatives `pay` offers. A counter is paid only down to its floor (a
        player's whose floor is above 0, as a global's)."""
        if tag is not None and tag[0] in self.by_action:
            mods = self.modifiers_of(h, tag)   # none may apply to `h` (another player's): the plain test below
            if mods:
                return bool(self._payable(h, tag, terms, mods)[0])
        stock = h.stock
        taken: dict = {**self.program.floors}   # what the plain terms take, by resource (the stock itself is
        # not copied: hot), from a floor above 0 of a player's counter, which is never paid (no Game attribute:
        # one more slows every attribute read of a game, 5% of Federation's instructions)
        pooled = worth = False
        for mode, name, amount in terms:
            if mode == "plain":
                want = taken.get(name, 0) + amount
                have = stock.get(name)
                if (have if have is not None else self._shared_stock(name)) < want:
                    return False
                taken[name] = want
            elif mode == "worth":   # (told in this loop: a search of the terms for one costs Tapestry 1%)
                pooled = worth = True
            elif mode == "or" or mode == "trade":   # alternatives, an exchange (first of its cost): worked apart
                return self._chosen_fits(h, terms)
            else:
                pooled = True
        if not pooled:
            return True
        if worth:   # each split of the substitutes, then the rest
            return self._worth_fits(stock, taken, terms)
        return self._pooled_fit(stock, taken, terms)

    def _chosen_fits(self, h: Holder, terms: list) -> bool:
        """Whether a cost of alternatives (`1 fish or 1 rodent`: some alternative) or with an exchange
        (`trading 2 any(food) as 1`, its first term) can be paid."""
        if any(t[0] == "or" for t in terms):
            return any(self.affordable(h, alt) for alt in _alternatives(terms))
        _trade, group, rate = next(t for t in terms if t[0] == "trade")
        rate = self._rate(rate)
        stock, members = h.stock, self._members(group)
        demand, owed, others = self._traded_terms(terms, group, members)
        plain = [t for t in others if t[0] == "plain"]
        if not self.affordable(h, plain):   # the terms outside the group, as any cost's plain terms
            return False
        taken: dict = {**self.program.floors}   # what they take, before the group's members are counted
        for _mode, name, amount in plain:
            taken[name] = taken.get(name, 0) + amount
        avail = {m: stock[m] - taken.get(m, 0) for m in members}
        if not _exchange_fits(avail, demand, owed, rate):
            return False
        rest = [t for t in others if t[0] != "plain"]   # terms apart from the group's (the checker's E407)
        return not rest or self._worth_fits(stock, taken, rest)

    @staticmethod
    def _rate(rate) -> int:
        """An exchange's units for 1 (`trading N any(GROUP) as 1`): a whole number of at least 2 (E601)."""
        if type(rate) is not int or rate < 2:
            raise RulesRuntimeError("E601", f"an exchange pays 1 unit with a whole number of at least 2, not "
                                    f"{label_of(rate)}")
        return rate

    @staticmethod
    def _traded_terms(terms: list, group: str, members: list) -> tuple[dict, int, list]:
        """A cost with an exchange within `group`: (what each member's plain terms ask, what its `any(GROUP)`
        terms ask, the other terms)."""
        demand: dict = {}
        owed, others = 0, []
        for t in terms:
            mode, name, amount = t
            if mode == "trade":
                continue
            if mode == "plain" and name in members:
                demand[name] = demand.get(name, 0) + amount
            elif mode == "any" and name == group:
                owed += amount
            else:
                others.append(t)
        return demand, owed, others

    def _pay_traded(self, h: Holder, terms: list, where: str):
        """Pay a cost with an exchange (`pay 2 fish trading 2 any(food) as 1;`): the plain terms outside
        the group first; then, member by member in the group's order, how many of the units its terms ask
        are paid as itself, the rest RATE units of any member each: the payer picks among the numbers that
        leave the rest payable (one is not asked); then each unit owed to the group (its `any` terms and
        the exchanges) is a pick among the members held, as an `any` term's. The other terms are left to
        the caller."""
        group, rate = terms[0][1], self._rate(terms[0][2])
        members = self._members(group)
        demand, owed, others = self._traded_terms(terms, group, members)
        for mode, name, amount in others:
            if mode == "plain":
                self._spend(h, name, amount)
        floors = self.program.floors
        avail = {m: h.stock[m] - floors.get(m, 0) for m in members}
        left = dict(demand)
        direct: dict = {}
        for m in members:
            want = left.pop(m, 0)
            if not want:
                continue
            ways = []   # how many units of m pay as themselves, the most first; the rest RATE each
            for k in range(min(want, max(avail[m], 0)), -1, -1):
                avail[m] -= k
                if _exchange_fits(avail, left, owed + rate * (want - k), rate):
                    ways.append(k)
                avail[m] += k
            k = ways[0] if ways else want   # (`affordable` said yes: some way fits)
            if len(ways) > 1:
                labels = [f"{k} {m}" + (f" and {rate * (want - k)} of {group}" if k < want else "") if k else
                          f"{rate * want} of {group}" for k in ways]
                k = ways[(yield self.decide(h, f"pay {want} {m} how ({rate} of {group} pay 1 {m})?", labels, where))]
            avail[m] -= k
            direct[m] = k
            owed += rate * (want - k)
        for m, units in direct.items():
            if units:
                self._spend(h, m, units)
        for _ in range(owed):
            options = [m for m in members if h.stock[m] - floors.get(m, 0) > 0]
            i = (yield self.decide(h, f"pay 1 of {group}", options, where)) if len(options) > 1 else 0
            self._spend(h, options[i], 1)

    def _shared_stock(self, name: str) -> int:
        """What a cost can take of a global counter (no holder's stock keeps it): the team pays from
        the shared value, down to its floor and never below 0 (as a player's stock is never paid below 0).
        Any other name no holder keeps: nothing to pay with."""
        value = self.state.globals.get(name)
        if value is None:
            return 0
        low = self.program.counters[name][1]
        return value - max(low or 0, 0)

    def _pooled_fit(self, stock: dict, taken: dict, terms: list) -> bool:
        """Whether the `any`, `different` and card terms can be paid from what the stock holds beyond
        `taken` (what the other terms take)."""
        cards: dict = {}   # card terms: how many each zone must hold, and how many it offers
        for mode, name, amount in terms:   # what is left after the plain terms, member by member
            if mode == "cards":
                if name is None:   # a zoneless `N cards` (a modifier's line) is paid by no one
                    return False
                offered = name.offered()
                if name.alike is not None:   # `alike by`: the wild cards and one set of a value (`different by`: one of each)
                    offered = name.best(offered)
                if amount > len(offered):
                    return False
                key = id(name.source.items)   # terms paid from one zone: together no more than it offers them
                want, pool = cards.get(key, (0, ()))
                pool = {id(e) for e in offered}.union(pool)
                cards[key] = (want + amount, pool)
                if want + amount > len(pool):
                    return False
            elif mode == "any":
                pool = 0   # (a loop: a generator's frame costs more than it)
                for m in self._members(name):
                    pool += stock[m] - taken.get(m, 0)
                if pool < amount:
                    return False
            elif mode == "different":
                if sum(1 for m in self._members(name) if stock[m] - taken.get(m, 0) > 0) < amount:
                    return False
            elif mode == "on" and not self._on_fits(taken, name[0], name[1], amount):
                return False
        return True

    def pay(self, h: Holder, terms: list, where: str, tag: Optional[tuple] = None):
        """Pay a cost; 'any' and 'different' parts are decisions of the payer. A tagged cost is first
        changed by the modifiers of its action; where a discount leaves the payer a choice (`cost
        -1 any(crystals)`), which of the affordable costs to pay is a decision too. A cost of plain
        terms that no modifier changes asks nothing: paid without a generator."""
        if (tag is None or tag[0] not in self.by_action) and all(term[0] == "plain" for term in terms):
            if not self.affordable(h, terms):
                if any(name in self.program.shortfalls for _mode, name, _amount in terms):
                    return self._pay_short(h, terms, where)
                raise RulesRuntimeError("E601", f"{h.name} cannot pay {describe_cost(terms)}", where)
            for _mode, name, amount in terms:
                self._spend(h, name, amount)
            return self.drain() if self.pending else ()   # triggers on paying run before what it bought
        return self._pay(h, terms, where, tag)

    def _pay_short(self, h: Holder, terms: list, where: str):
        """A cost of plain terms the payer cannot pay, some of resources with a `shortfall`: each such term
        the payer holds too little of runs its shortfall for the bank (lose_short); all covered, the cost is
        paid; a term not covered ends the payment (its `else` ran)."""
        if (yield from self._raised(h, terms)) is None:
            yield from self.pay(h, terms, where)

    def _raised(self, h: Holder, terms: list):
        """Each plain term of `terms` of a resource with a `shortfall` that the payer holds too little of runs
        its shortfall for the bank, in the order written. None when all were covered; else what the one not
        covered paid (it ends the raising: the payer paid what they held and its `else` ran), which is all
        the cost took (`let N = pay ...` binds it)."""
        for (name, card), amount in self._owed(terms).items():
            if amount > self._held(h, name, card):
                paid = yield from (self.program.procs[self.program.shortfalls[name]](
                    self, h, amount, None, amount - h.stock[name]) if card is None else
                    self._raised_cards(h, card, amount, "") if type(card) is CardPayment else
                    self._raised_on(h, card, name, amount, ""))
                if paid < amount:
                    return paid
        return None

    def _held(self, h: Holder, name: str, card) -> int:
        """What the payer holds of a stock with a shortfall: their own, the one card's (`card`), or the cards a
        card term may take of a zone with a shortfall (`card` its CardPayment)."""
        if type(card) is CardPayment:
            return len(card.best(card.offered()))
        return h.stock[name] if card is None else self.field(card, name)

    def _raised_cards(self, h: Holder, pay: "CardPayment", amount: int, where: str):
        """The shortfall of the zone a card term pays from, which offers fewer than `amount` cards: the payer
        raises (its proc counts the zone's cards, so the debt it is given is what the zone must hold: the cards
        owed and those the term may not take); not covered, once its `else` ran, every card the term may
        still take is paid. What was paid: `amount` when covered, else the cards paid."""
        offered = self._held(h, pay.source.name, pay)
        unpaid = len(pay.source) - offered   # cards of the zone the term never takes (`except`, `where`)
        if self.tracer is not None:
            self._note("short", h, f"cards from {pay.source.label()}: {amount} to pay, {offered} to pay with, "
                                   "to its shortfall", amount - offered, where)
        paid = yield from self.program.procs[self.program.shortfalls[pay.source.name]](
            self, h, amount + unpaid, None, amount - offered)
        if paid >= amount + unpaid:
            return amount
        left = self._held(h, pay.source.name, pay)
        yield from self._pay_cards(h, pay, left, where)
        return left

    def _owed(self, terms: list) -> dict:
        """The terms of a cost a `shortfall` may cover, summed by (stock, None) for a player's resource (a
        modifier's `cost +30 cash` is a term of its own beside the printed one) or (stock, card) for a
        stock one card holds (`80 treasury on c`), in the order first written."""
        owed: dict = {}
        for term in terms:
            key = self._owed_key(term)
            if key is not None:
                owed[key] = owed.get(key, 0) + term[2]
        return owed

    def _owed_key(self, term: tuple):
        """(stock, None) or (stock, card) for a cost term a shortfall may cover (_owed), else None."""
        mode, name, _amount = term
        if mode == "plain" and name in self.program.shortfalls:
            return name, None
        if mode == "on" and name[0] in self.program.shortfalls and len(name[1]) == 1 and \
                name[0] not in self.program.resources and name[0] not in self.program.counters:
            # (a cards' stock named like a player's stock, W519: the shortfall is the player's, not the card's)
            return name[0], name[1][0]
        if mode == "cards" and name is not None and name.source.name in self.program.shortfalls and \
                getattr(name.source, "card", None) is None:   # (a zone a card holds is no zone a shortfall names)
            return name.source.name, name
        return None

    def _raisable(self, h: Holder, terms: list) -> bool:
        """Whether a cost the payer cannot pay is one a shortfall may cover: a term of a stock with a
        `shortfall` is short, and the rest (its `any`, `or`'ed, card and other terms) the payer can pay."""
        owed = self._owed(terms)
        return any(amount > self._held(h, name, card) for (name, card), amount in owed.items()) and \
            self.affordable(h, [t for t in terms if self._owed_key(t) is None])

    def _raise_for(self, h: Holder, costs: list, prompt: str, where: str):
        """No cost of `costs` (a tagged cost's as the modifiers leave it, an `or` cost's alternatives, a cost
        with `any` terms) is affordable: the payer picks one a shortfall may cover (`prompt`; unasked when
        one is) and raises for it (_raised). (the cost picked, None when it was covered or else what was paid
        short of it); (None, None) when no shortfall may cover any (E601 then, as before)."""
        raisable = [c for c in costs if self._raisable(h, c)] if self.program.shortfalls else []
        if not raisable:
            return None, None
        cost = raisable[0]
        if len(raisable) > 1:
            labels = [describe_cost([t for t in c if t[0] != "trade"]) for c in raisable]
            cost = raisable[(yield self.decide(h, prompt, labels, where))]
        short = yield from self._raised(h, cost)
        if short is None and not self.affordable(h, cost):   # raising took what the rest of the cost needed
            raise RulesRuntimeError("E601", f"{h.name} cannot pay {describe_cost(cost)} (after raising)", where)
        return cost, short

    def paid(self, h: Holder, terms: list, where: str, tag: Optional[tuple] = None):
        """`let x = pay ...`: pay as `pay` does; gives how many units the payment took (the cost as
        the modifiers left it; a cost a shortfall did not cover: what the payer paid of it before its `else`)."""
        return self._pay(h, terms, where, tag)

    def _pay(self, h: Holder, terms: list, where: str, tag: Optional[tuple]):
        hooked = ()
        if tag is not None and tag[0] in self.by_action:
            options, used = self._payable(h, tag, terms)
            if not options:
                if not self.allowed(h, tag):
                    raise RulesRuntimeError("E606", f"{h.name} may not {tag[0]} here (a modifier forbids it)", where)
                cost, short = yield from self._raise_for(h, self._modified(h, tag, terms)[0],
                                                           f"raise for which cost of {tag[0]}?", where)
                if cost is None:
                    raise RulesRuntimeError("E601", f"{h.name} cannot pay {describe_cost(terms)} "
                                            f"(as modifiers change it)", where)
                if short is not None:   # the shortfall's else ran: nothing more is paid
                    return short
                options = [cost]
            if self.program.hooks and any(m.mid in self.program.hooks for m in used):   # 7.7d: its holder asked
                hooked = yield from self._consent(
                    h, used, lambda ms: self._modified(h, tag, terms, ms)[0], where,
                    lambda ms: any(self.affordable(h, o) for o in self._modified(h, tag, terms, ms)[0]))
                options, used = self._payable(h, tag, terms, hooked)
                hooked = [m for m in hooked if m.mid in self.program.hooks]
            printed, terms = terms, options[0]
            if len(options) > 1:
                terms = options[(yield self.decide(h, f"pay which cost for {tag[0]}?",
                                                   [describe_cost(o) for o in options], where))]
            if self.tracer is not None and used and list(terms) != list(printed):   # why it costs what it does
                names = ", ".join(dict.fromkeys(self._modifier_name(m) for m in used))
                self._note("cost", h, f"of {tag[0]}: {describe_cost(terms)} (printed {describe_cost(printed)}; "
                           f"changed by {names})")
            self._spent(used)
        elif any(t[0] == "or" for t in terms):   # alternatives: the payer picks one they can pay
            options = [alt for alt in _alternatives(terms) if self.affordable(h, alt)]
            if not options:   # none affordable: the payer raises for one a shortfall may cover
                cost, short = yield from self._raise_for(h, _alternatives(terms), "raise for which cost?", where)
                if cost is None:
                    raise RulesRuntimeError("E601", f"{h.name} cannot pay {describe_cost(terms)}", where)
                if short is not None:
                    return short
                options = [cost]
            terms = options[0]
            if len(options) > 1:
                labels = [describe_cost([t for t in o if t[0] != "trade"]) for o in options]   # (the exchange: in each)
                terms = options[(yield self.decide(h, "pay which cost?", labels, where))]
        elif not self.affordable(h, terms):
            cost, short = yield from self._raise_for(h, [terms], "", where)
            if cost is None:
                raise RulesRuntimeError("E601", f"{h.name} cannot pay {describe_cost(terms)}", where)
            if short is not None:
                return short
        total = sum(amount for mode, _name, amount in terms if mode != "trade")
        if terms and terms[0][0] == "trade":   # an exchange within a group: that group's terms paid first
            yield from self._pay_traded(h, terms, where)
            group = terms[0][1]
            terms = [t for t in terms[1:] if t[0] != "plain" and not (t[0] == "any" and t[1] == group)]
        worth = False
        for mode, name, amount in terms:
            if mode == "plain":
                self._spend(h, name, amount)
            elif mode == "worth":
                worth = True
        if worth:
            for k, (mode, name, amount) in enumerate(terms):
                if mode == "worth":
                    yield from self._pay_worth(h, name, amount, [t for t in terms[k + 1:] if t[0] != "plain"], where)
        # A unit at a time, asked only while the answer matters: once what the payer holds of the
        # group is exactly what is still owed (`any`: units; `different`: kinds not yet paid), every
        # order of answers pays the same, so the rest is paid without a question (a lone option is
        # still asked, as everywhere: the driver answers it).
        for mode, name, amount in terms:
            if mode == "any":
                for owed in range(amount, 0, -1):
                    options = [m for m in self._members(name) if h.stock[m] > 0]
                    if len(options) > 1 and sum(h.stock[m] for m in options) == owed:
                        for m in options:
                            for _ in range(h.stock[m]):   # a unit at a time, as when asked
                                self._spend(h, m, 1)
                        break
                    i = yield self.decide(h, f"pay 1 of {name or 'any resource'}", options, where)
                    self._spend(h, options[i], 1)
            elif mode == "different":
                used: set = set()
                for owed in range(amount, 0, -1):
                    options = [m for m in self._members(name) if h.stock[m] > 0 and m not in used]
                    if len(options) == owed > 1:
                        for m in options:
                            self._spend(h, m, 1)
                        break
                    i = yield self.decide(h, f"pay 1 {name} not yet paid", options, where)
                    used.add(options[i])
                    self._spend(h, options[i], 1)
            elif mode == "cards":
                yield from self._pay_cards(h, name, amount, where)
            elif mode == "on":
                yield from self._pay_on(h, name, amount, where)
        if hooked:   # what using the hooked modifiers costs, once paid (7.7d)
            yield from self._consequences(h, hooked, tag)
        yield from self.drain()  # triggers on paying run before what the payment bought
        return total

    def _pay_worth(self, h: Holder, name: tuple, amount: int, later: list, where: str):
        """Pay `amount` of a resource with its substitutes (`name`: (base, ((sub, rate), ...))): the
        payer picks one of the sensible splits (`splits`) after which the `later` terms can still be
        paid; a single one is not asked."""
        base, subs = name
        options = []
        for units, paid in self.splits(h.stock, {}, base, subs, amount):
            after = {sub: u for u, (sub, _rate) in zip(units, subs)}
            after[base] = paid
            if self._worth_fits(h.stock, after, later):
                options.append(list(zip((sub for sub, _rate in subs), units)) + [(base, paid)])
        if not options:   # `affordable` said yes: an earlier term of substitutes took what this one needed
            raise RulesRuntimeError("E601", f"{h.name} cannot pay {describe_cost([('worth', name, amount)])}", where)
        parts = options[0]
        if len(options) > 1:
            labels = ["pay " + _and([f"{u} {res}" for res, u in o if u] or ["nothing"]) for o in options]
            parts = options[(yield self.decide(h, f"how to pay {amount} {base}?", labels, where))]
        for res, units in parts:
            self._spend(h, res, units)

    def card_payment(self, h: Holder, source: ZoneRef, exclude, dest: ZoneRef, keep=None, alike=None,
                     wild=None, distinct=False) -> CardPayment:
        """Where a cost term of cards takes them (see CardPayment). Another player's own zone is
        not the payer's to pay with (E601; the checker says E321 when it is written so)."""
        for z in (source, dest):
            if type(z) is not ZoneRef:
                raise RulesRuntimeError("E601", f"a cost in cards needs a zone, not {label_of(z)}")
        if source.owner is not None and source.owner is not h and source.owner.is_player:
            raise RulesRuntimeError("E601", f"{h.name} cannot pay with the cards of {source.label()}")
        return CardPayment(source, exclude, dest, keep, alike, wild, distinct)

    def _pay_cards(self, h: Holder, pay: CardPayment, amount: int, where: str):
        """Pay `amount` cards: each a pick of the payer's among those offered, moved at once; when
        the cards left are just as many as are still owed, or are all alike, they go unasked. Cards
        alike (copies of one declaration `* N` in the same state) are one option: the first of
        them in the zone is paid."""
        offered = pay.offered()
        if len(pay.best(offered)) < amount:   # an earlier term of the same cost took the cards this one needed
            raise RulesRuntimeError("E601", f"{h.name} cannot pay {amount} cards from {pay.source.label()} "
                                    f"(only {len(pay.best(offered))} left to pay with)", where)
        if pay.alike is not None:
            yield from self._pay_alike(h, pay, offered, amount, where)
            return
        for k in range(amount):
            i = 0
            if len(offered) > amount - k:
                kinds = _dedup(offered, self._card_state)
                if len(kinds) > 1:
                    j = yield from self._pick(h, f"pay with which card from {pay.source.label()} ({k + 1} of "
                                              f"{amount})?", kinds, False, where)
                    i = next(n for n, e in enumerate(offered) if e is kinds[j])
            self.move(offered.pop(i), pay.dest)
        if amount and self.tracer is not None:
            noun = "card" if amount == 1 else "cards"
            self._note("pay", h, f"{noun} from {pay.source.label()} to {pay.dest.label()}", amount)

    def _pay_alike(self, h: Holder, pay: CardPayment, offered: list, amount: int, where: str):
        """Pay `amount` cards `alike by` a field (`pay`'s sets): each a pick among the cards after which the
        rest can still be paid (a wild card, or one of a value whose set and the wild cards are enough), the
        first card not wild fixing the value of the others; asked as `_pay_cards` asks (copies alike one
        option; unasked when one option is left, or when the cards left are just those owed). Paid with
        wild cards alone, no value is ever asked. `different by` (`pay.distinct`): each card not wild of a
        value none paid before holds."""
        wilds, sets = pay.sets(offered)
        wild = {id(e) for e in wilds}
        set_of = {id(e): n for n, (_v, cards) in enumerate(sets) for e in cards}
        sizes = [len(cards) for _v, cards in sets]
        chosen = None   # the set paid in, once a card not wild is paid
        paid = set()   # `different by`: the sets a card was paid from
        for k in range(amount):
            left, spare = amount - k, len(wild)
            # a wild card always leaves a set to pay the rest with; a card of a set, when its set does too;
            # `different by`: any card of a value not paid yet (the values left and the wild ones still pay the rest)
            candidates = [e for e in offered if id(e) in wild or (
                set_of[id(e)] not in paid if pay.distinct else set_of[id(e)] == chosen if chosen is not None
                else sizes[set_of[id(e)]] + spare >= left)]
            e = candidates[0]
            values = {set_of[id(c)] for c in candidates if id(c) not in wild}
            if len(candidates) > left or len(values) > 1 and not pay.distinct:   # (else: the cards left are those owed)
                kinds = _dedup(candidates, self._card_state)
                if len(kinds) > 1:
                    j = yield from self._pick(h, f"pay with which card from {pay.source.label()} ({k + 1} of "
                                              f"{amount})?", kinds, False, where)
                    e = kinds[j]
            if id(e) in wild:
                wild.discard(id(e))
            else:
                chosen = set_of[id(e)]
                sizes[chosen] -= 1
                paid.add(chosen)
            offered = [o for o in offered if o is not e]
            self.move(e, pay.dest)
        if amount and self.tracer is not None:
            noun = "card" if amount == 1 else "cards"
            self._note("pay", h, f"{noun} from {pay.source.label()} to {pay.dest.label()}", amount)

    def _card_state(self, e, seen: bool = True) -> tuple:
        """What tells a card from the other copies of its declaration (`* N`): whose copy it is (per
        player), its variables, its side and (with `seen`, for a pick: which card the others know)
        who has seen it. Anything but a card is itself."""
        if type(e) is not EntityDef:
            return ("value", id(e))
        evars = self.state.evars.get(e.key)
        known = self.state.known.get(e.key) if seen else None
        fields = self.state.known_fields.get(e.key) if seen else None
        return (e.kind, e.declared, e.of, repr(sorted((k, encode(v)) for k, v in evars.items())) if evars else "",
                e.key in self.state.flipped, tuple(sorted(known)) if known else (),
                tuple(sorted((k, tuple(sorted(v))) for k, v in fields.items())) if fields else ())

    def _rules_state(self, e) -> tuple:
        """What tells a card's firing from another copy's: its state as `_card_state` has it, but not who
        has seen it (a Moat revealed once does what the unrevealed one does: the same rules text)."""
        return self._card_state(e, seen=False)

    def _spend(self, h: Holder, name: str, amount: int) -> None:
        if not amount:   # a cost term worked out as 0 pays nothing, as `gain 0` gains nothing: no trace, no event
            return
        if name in h.stock:
            if self.tracer is not None:
                self._note("pay", h, name, amount)
            h.stock[name] -= amount
        else:   # a global counter: the payer pays from the shared value (`affordable` saw it can)
            value = self.state.globals[name] - amount
            if self.tracer is not None:
                self._note("pay", h, f"{name} (now {value})", amount)
            self.state.globals[name] = value
        if "pay" in self.by_event:
            self.emit("pay", h, {"res": name, "amount": amount})

    # ------------------------------------------------------------------ tracks
    def track(self, name: str) -> TrackDef:
        """The track definition (a value that names no track, held by a local, is E601)."""
        t = self.program.tracks.get(name) if type(name) is str else None
        if t is None:
            raise RulesRuntimeError("E601", f"{label_of(name)} is not a track")
        return t

    def tier(self, h: Holder, name: str) -> int:
        """The tier of the space the holder stands on (0 before the first space)."""
        t = self.program.tracks[name]
        space = t.spaces.get((self.state.globals if t.shared else h.stock)[name])
        return space.tier if space else 0

    def printed(self, h: Holder, name: str) -> int:
        """`printed(TRACK)`: the number printed where the holder's marker (a global track's one marker) stands."""
        t = self.track(name)
        if t.prints:   # `prints [2, 2, 3]`
            return t.prints[(self.state.globals if t.shared else self.holder_of(h).stock)[name]]
        if not t.step:
            raise RulesRuntimeError("E601", f"track {name} prints no numbers: it has no scale (from LOW to HIGH) "
                                    "nor a 'prints' list")
        return t.low + t.step * (self.state.globals if t.shared else self.holder_of(h).stock)[name]

    def can_advance(self, h: Holder, name: str) -> bool:
        """Whether the holder can pay for the next space of a track from one of its markers (and there
        is one); the cost is tagged `advance(on = TRACK)`, a tag built only while some modifier is in force."""
        if h.markers and name in h.markers:
            return bool(self._movable(h, self.program.tracks[name], True))
        t = self.program.tracks[name]
        return self._can_step(h, t, (self.state.globals if t.shared else h.stock)[name])

    def _can_step(self, h: Holder, t: TrackDef, position: int) -> bool:
        """Whether a marker on `position` has a next space whose cost the holder can pay."""
        nxt = t.spaces.get(position + 1)
        if nxt is None:
            return False
        return nxt.cost is None or self.affordable(h, nxt.cost(self, h), ("advance", {"on": t.name}) if self.by_action else None)

    # ------------------------------------------------------------------ several markers on a track
    def markers(self, h: Holder, name: str) -> list:
        """Where the holder's markers stand on a track, lowest first (one marker unless `add marker`
        or `remove marker` changed it)."""
        positions = h.markers.get(name) if h.markers else None
        return [h.stock[name]] if positions is None else list(positions)

    def _place_markers(self, h: Holder, name: str, positions: list) -> None:
        """Store a holder's markers on a track: the list only while there are other than one, and the
        most advanced as the track's position (0 with none), which everything else reads."""
        positions.sort()
        if len(positions) == 1:
            h.markers.pop(name, None)
        else:
            h.markers[name] = positions
        h.stock[name] = positions[-1] if positions else 0

    def _movable(self, h: Holder, t: TrackDef, paying: bool) -> list:
        """The distinct positions of the holder's markers that can move on (paying: and afford it)."""
        return [p for p in sorted(set(self.markers(h, t.name))) if p < t.top and (not paying or self._can_step(h, t, p))]

    def _which_marker(self, h: Holder, t: TrackDef, positions: list, verb: str, where: str):
        """The position of the marker a statement acts on: the only candidate, or the holder's choice
        among markers on different spaces; None without a candidate."""
        if len(positions) <= 1:
            return positions[0] if positions else None
        labels = ["the marker on the start" if p not in t.spaces else
                  f"the marker on space {p}" + (f" ({t.spaces[p].title})" if t.spaces[p].title else "")
                  for p in positions]
        return positions[(yield self.decide(h, f"{verb} which marker on {t.title or t.name}?", labels, where))]

    @staticmethod
    def own_markers(t: TrackDef, verb: str) -> None:
        """A global track has one marker, every player's: none is added or removed (E403 where the track is
        named; E601 when a local holding it is reached)."""
        if t.shared:
            raise RulesRuntimeError("E601", f"cannot {verb} {t.name}: it is a global track, with one marker for "
                                    "all players")

    def add_marker(self, h: Holder, name: str, position: Optional[int] = None) -> None:
        """Put one more marker of the holder on a track, on its start (or on space `position`),
        without benefit or event."""
        t = self.track(name)
        self.own_markers(t, "add a marker to")
        at = 0 if position is None else position
        if type(at) is not int or not 0 <= at <= t.top:
            raise RulesRuntimeError("E601", f"{name} has no space {label_of(at)} to put a marker on")
        if self.tracer is not None:
            self._note("marker", h, f"{name}: one more on {at}")
        self._place_markers(h, name, self.markers(h, name) + [at])

    def remove_marker(self, h: Holder, name: str, position: Optional[int], where: str):
        """Take one of the holder's markers off a track (the one on space `position`, or the holder's
        choice among those on different spaces); nothing when there is none there."""
        t = self.track(name)
        self.own_markers(t, "remove a marker from")
        positions = self.markers(h, name)
        at = (yield from self._which_marker(h, t, sorted(set(positions)), "remove", where)) if position is None \
            else position if position in positions else None
        if at is None:
            return
        if self.tracer is not None:
            self._note("marker", h, f"{name}: one fewer on {at}")
        positions.remove(at)
        self._place_markers(h, name, positions)

    def advance(self, h: Holder, name: str, amount: int, benefit: bool, paying: bool, where: str,
                bonus: bool = True, rewards: bool = True):
        """Move along a track; with benefit, the landing space's benefit then (unless `bonus` is off)
        its optional paid bonus; `first to` rewards on the way unless `rewards` is off."""
        t = self.track(name)
        stock = self.state.globals if t.shared else h.stock   # a global track's one marker: whoever moves it
        old = stock[name]
        at_least_zero(amount, "advance")
        several = h.markers and name in h.markers
        if several:   # any of them may move: the holder chooses which
            old = yield from self._which_marker(h, t, self._movable(h, t, paying), "advance", where)
            if old is None:
                return
        if paying:
            nxt = t.spaces.get(old + 1)
            if nxt is not None and nxt.cost is not None:
                yield from self.pay(h, nxt.cost(self, h), where, ("advance", {"on": name}) if self.by_action else None)
        new = min(old + amount, t.top)
        if new <= old:
            return
        if self.tracer is not None:
            self._note("advance", h, f"{name} {old} -> {new}", new - old, where)
        if several:
            positions = self.markers(h, name)
            positions[positions.index(old)] = new
            self._place_markers(h, name, positions)
        else:
            stock[name] = new
        for pos in sorted(t.reaches) if rewards else ():
            key = f"{name}:{pos}"
            if old < pos <= new and key not in self.state.claimed:
                self.state.claimed.add(key)
                yield from t.reaches[pos](self, h)
        if "advance" in self.by_event:
            self.emit("advance", h, {"on": name, "steps": new - old})
            yield from self.drain()
        if benefit:
            yield from self._land(h, t, new, bonus)

    def reactivate(self, h: Holder, name: str, bonus: bool, position: Optional[int] = None, where: str = ""):
        """The benefit, then (unless `bonus` is off) the optional paid bonus, of the space the holder
        stands on (with several markers, the one it chooses), or of space `position` (nothing
        before the first space or past the last)."""
        t = self.track(name)
        if position is None:
            position = (yield from self._standing(h, t, "reactivate", where))
        yield from self._land(h, t, position, bonus)

    def _standing(self, h: Holder, t: TrackDef, verb: str, where: str):
        """The space the holder stands on: with several markers, the one it chooses (0 with none)."""
        if h.markers and t.name in h.markers:
            return (yield from self._which_marker(h, t, sorted(set(h.markers[t.name])), verb, where)) or 0
        return (self.state.globals if t.shared else h.stock)[t.name]

    def offer_bonus(self, h: Holder, name: str, paying: bool, position: Optional[int] = None, where: str = ""):
        """The optional bonus of the space the holder stands on (or of space `position`): free, or
        paid as printed; nothing when the space has no bonus."""
        t = self.track(name)
        if position is None:
            position = (yield from self._standing(h, t, "take the bonus of", where))
        space = t.spaces.get(position)
        if space is None or space.bonus is None:
            return
        terms = (space.bonus_cost(self, h) if space.bonus_cost else []) if paying else None
        if (yield from self.may(h, f"take the bonus of {space.title or space.position}?", terms, space.span)):
            yield from space.bonus(self, h)

    def _land(self, h: Holder, t: TrackDef, position: int, bonus: bool):
        """A space's benefit, then its offered bonus; then announce `benefit(on, at, who)`, so a
        card can follow whose benefit it was (announced after the bonus: the landing is over)."""
        space = t.spaces.get(position)
        if space is None:
            return
        depth = self.enter()   # a benefit may land again (`advance` in it): nesting, counted alike on both backends
        try:
            yield from space.benefit(self, h)
            if bonus:
                yield from self.offer_bonus(h, t.name, True, position)
            if "benefit" in self.by_event:
                self.emit("benefit", h, {"on": t.name, "at": position, "who": h})
                yield from self.drain()
        finally:
            self.leave(depth)

    def regress(self, h: Holder, name: str, amount: int) -> None:
        """Move back along a track (never below 0), without benefits; with several markers, the most
        advanced one."""
        stock = self.state.globals if self.track(name).shared else h.stock   # a global track's one marker
        old = stock[name]
        at_least_zero(amount, "regress")
        if h.markers and name in h.markers:
            positions = self.markers(h, name)
            if positions:
                positions[-1] = max(0, old - amount)
                self._place_markers(h, name, positions)
        else:
            stock[name] = max(0, old - amount)
        if self.tracer is not None and stock[name] != old:
            self._note("regress", h, f"{name} {old} -> {stock[name]}", old - stock[name])
        if stock[name] != old and "regress" in self.by_event:
            self.emit("regress", h, {"on": name, "steps": old - stock[name]})

    # ------------------------------------------------------------------ players and domains
    def _away(self) -> list[Holder]:
        """The players the player domains pass over: those knocked out and those retired (`retire`), who still
        act when named (`each p`, `each all_players`, their triggers): only `State.out` stops them acting."""
        return self.state.out + self.state.retired if self.state.retired else self.state.out

    def players(self, h: Optional[Holder] = None) -> list[Holder]:
        """The players still in, in seat order (a knocked-out or retired player is passed over)."""
        state = self.state
        out = state.out + state.retired if state.retired else state.out   # (Game._away, inline: the hottest domain)
        return [p for p in self.state.players if p not in out] if out else list(self.state.players)

    def all_players(self, h: Optional[Holder] = None) -> list[Holder]:
        """Every seated player in seat order, knocked out or not."""
        return list(self.state.players)

    def player_count(self, h: Optional[Holder] = None) -> int:
        """How many players sit at the table (knocked out or not: `size(players)` counts those still in)."""
        return len(self.state.players)

    def cards_of(self, kind: str, h: Holder) -> list:
        """One card (tile, piece) per declaration of a kind, in declaration order, a declaration `* N` by
        its first copy (as an index by the kind has one element per declaration): the kind's name as a
        value; of a `per_player` kind, the copies of `h` (as a card's bare name is)."""
        cards = [e for e in self.program.kinds.get(kind, ()) if e.copy_number == 1]
        return [e.copy_for(h.name) for e in cards] if cards and cards[0].per_player else cards

    def opponents(self, h: Holder) -> list[Holder]:
        """Every player still in but `h`."""
        out = self._away()
        return [p for p in self.state.players if p is not h and p not in out]

    def _next_in(self, h: Holder, step: int) -> Holder:
        """The next player still in from `h`'s seat, one way round (`h` itself when nobody else is in;
        an actor sits before P1)."""
        ps, out = self.state.players, self._away()
        i = h.index if h.is_player else (-1 if step > 0 else 0)
        for k in range(1, len(ps) + 1):
            p = ps[(i + step * k) % len(ps)]
            if p not in out:
                return p
        return ps[(i + step) % len(ps)]   # everyone is out: the next seat

    def left(self, h: Holder) -> Holder:
        """The next player still in, clockwise."""
        ps = self.state.players
        if self.state.out or self.state.retired:
            return self._next_in(h, 1)
        return ps[(h.index + 1) % len(ps)] if h.is_player else ps[0]

    def right(self, h: Holder) -> Holder:
        """The next player still in, counter-clockwise."""
        ps = self.state.players
        if self.state.out or self.state.retired:
            return self._next_in(h, -1)
        return ps[(h.index - 1) % len(ps)] if h.is_player else ps[-1]

    def teammate(self, h: Holder) -> Optional[Holder]:
        """The other player of your team: with the seats line's `teams`, the one other member of a team
        of two (none in a bigger or smaller team); without, teams of two sit side by side (seats 1-2,
        3-4, 5-6), as in the 7 Wonders team variant, and none with an odd number of players (teams are
        seats: a knocked-out teammate is still the teammate)."""
        ps = self.state.players
        if not h.is_player:
            return None
        if self.program.game is not None and self.program.game.teams:
            others = [p for p in self._team_members(self.team(h)) if p is not h]
            return others[0] if len(others) == 1 else None
        if len(ps) % 2:
            return None
        return ps[h.index ^ 1]

    def _teams(self) -> tuple:
        """The seats line's `teams` (number, by_size, seating); E601 in a game without (the lint's E575)."""
        game = self.program.game
        if game is None or not game.teams:
            raise RulesRuntimeError("E601", "this game's seats line declares no teams: 'seats 4 to 8 teams 2 alternating;'")
        return game.teams

    def team(self, h: Holder) -> int:
        """`team(p)`: the team of p's seat, from 1, by the seats line's `teams` (0 for an actor)."""
        self._teams()   # E601 in a game without teams
        return h.team   # set from the seats when the game was made (0 for an actor)

    def team_count(self, h: Optional[Holder] = None) -> int:
        """`team_count`: how many teams the seats make (`teams of 2` at 6 seats: 3)."""
        return team_count(self._teams(), len(self.state.players))

    def _team_members(self, team: int) -> list[Holder]:
        """Every seated player of a team, in seat order, knocked out or not."""
        self._teams()   # E601 in a game without teams
        return [p for p in self.state.players if p.team == team]

    def teammates(self, h: Holder) -> list[Holder]:
        """`teammates`: the other players of your team still in, in seat order (none for an actor)."""
        out = self._away()
        return [p for p in self._team_members(self.team(h)) if p is not h and p not in out] if h.is_player else []

    def neighbours(self, h: Holder) -> list[Holder]:
        """Left and right neighbours still in, counted once when they are the same player."""
        left, right = self.left(h), self.right(h)
        out = self._away()
        return [p for p in dict.fromkeys([left, right]) if p is not h and p not in out]

    def all_players_from(self, h: Holder) -> list[Holder]:
        """Every seat clockwise starting from `h`'s, knocked out and retired players too (as `all_players`)."""
        ps = self.state.players
        i = h.index if h.is_player else 0
        return ps[i:] + ps[:i]

    def all_others_from(self, h: Holder) -> list[Holder]:
        """Every seat but `h`'s clockwise from h's left, knocked out and retired players too: who is asked in
        turn round the table (Cluedo's disprover, whom a wrong accuser still shows a card). An actor sits
        before P1: every seat from P1."""
        ps = self.state.players
        return ps[h.index + 1:] + ps[:h.index] if h.is_player else list(ps)

    def players_from(self, h: Holder) -> list[Holder]:
        """The players still in, clockwise, starting from `h`'s seat (with `h` if still in)."""
        ordered, out = self.all_players_from(h), self._away()
        return [p for p in ordered if p not in out] if out else ordered

    def others_from(self, h: Holder) -> list[Holder]:
        """The players still in but `h`, in turn order starting on h's left (clockwise from the next
        seat): "each other player, starting on your left". `opponents` is the same players in seat
        order. An actor sits before P1: every player still in, from P1."""
        ordered, out = self.all_others_from(h), self._away()
        return [p for p in ordered if p not in out] if out else ordered

    def players_counterclockwise_from(self, h: Holder) -> list[Holder]:
        """The players still in, counter-clockwise (towards the right), starting from `h`'s seat."""
        ps = self.state.players
        i = h.index if h.is_player else 0
        ordered = [ps[(i - k) % len(ps)] for k in range(len(ps))]
        out = self._away()
        return [p for p in ordered if p not in out] if out else ordered

    # ------------------------------------------------------------------ roles
    def give_role(self, h, role: str) -> None:
        """`give P role R;` (and each seat's role of `seats ... roles`, as the game starts): R's entity goes into
        P's role zone, and R's counters, variables and zones are made for P with their starting values. A
        player holds one role: a second is E601; a role another holds is E601 unless it is `shared` (each
        holder then holds a copy of it, `EntityDef.copy_for`, which `state.where` keys apart)."""
        if type(h) is not Holder or not h.is_player:
            raise RulesRuntimeError("E601", f"a role is given to a player, not {label_of(h)}")
        if type(role) is not str:   # `give p role r;`, r a value: a role (a card of the kind `role`)
            if type(role) is not EntityDef or role.kind != ROLE_KIND or role.declared not in self.program.roles:
                raise RulesRuntimeError("E601", f"a role is given, not {label_of(role)}")
            role = role.declared
        held = h.zones[ROLE_ZONE]
        if held:
            raise RulesRuntimeError("E601", f"{h.name} holds the role {held[0].label()} already, and is given "
                                    f"{self.program.entities[role].label()}: a player holds one role")
        p = self.program
        e = p.entities[role]
        other = self.state.where.get(e.name)
        if other is not None:
            raise RulesRuntimeError("E601", f"{other[0].name} holds the role {e.label()} already, and it is given "
                                    f"to {h.name}: a role is one player's")
        stock, own_vars, own_zones, *_rest = p.starting_values()
        for name in p.roles[role]:
            if name in own_vars:
                h.vars[name] = self.seated_start(name) if name in p.seated else own_vars[name]
            elif name in stock:
                h.stock[name] = self.seated_start(name) if name in p.seated else stock[name]
            else:
                items = h.zones[name] = []
                h.refs[name] = ZoneRef(h, name, items)
        self.move(e, h.refs[ROLE_ZONE], traced=False)

    def holders(self, role) -> list:
        """`holders(R)`: the players holding the role R, in seat order (knocked-out players too)."""
        name = role.declared if type(role) is EntityDef else role
        return [h for h in self.state.players if any(e.declared == name for e in h.zones[ROLE_ZONE])]

    def role_of(self, h):
        """`role_of(P)`: the role P holds (a card of the kind `role`: its title reads), none if none."""
        if type(h) is not Holder:
            raise RulesRuntimeError("E601", f"role_of() takes a player, not {label_of(h)}")
        held = h.zones.get(ROLE_ZONE)
        return held[0].origin if held else None   # (a `shared` role's holder holds a copy of it: the role is its origin)

    # ------------------------------------------------------------------ knocked out
    def seat(self, h) -> int:
        """A player's seat, from 1 (P1): their place in `all_players`, knocked out or not. An actor has
        none (E601); given none it fails at `h.is_player`, as `eliminated` does."""
        if not h.is_player:
            raise RulesRuntimeError("E601", f"{h.name} is an actor: only a player has a seat")
        return h.index + 1

    def seats_apart(self, a, b) -> int:
        """seats_apart(a, b): the fewer seats between two players going either way round the table, counting
        only the players still in (`players`): 0 for one player, 1 for neighbours. An actor, or a player out
        (knocked out or retired), has no place in that count (E601). Given none it fails at `is_player`, as
        `eliminated` does. Both backends."""
        for h in (a, b):
            if not h.is_player:
                raise RulesRuntimeError("E601", f"seats_apart(): {h.name} is an actor: only players sit round the table")
        ring = self.players_from(a)
        for h in (a, b):
            if h not in ring:
                raise RulesRuntimeError("E601", f"seats_apart(): {h.name} is out (knocked out or retired): the seats "
                                                f"are counted among the players still in")
        steps = ring.index(b)
        return min(steps, len(ring) - steps)

    def eliminated(self, h) -> bool:
        """Whether a player is knocked out (an actor never is). Given none it fails at `h.is_player`,
        which `_none_given` reports as for every builtin that takes a player (both backends)."""
        return h.is_player and h in self.state.out

    def retired(self, h) -> bool:
        """Whether a player is retired (`retire`: out of the turns, still taking part); restored, no longer."""
        return h.is_player and h in self.state.retired

    def _knocked(self, h: Holder, value, verb: str) -> list[Holder]:
        """The players an `eliminate`/`restore` names: one player, a list of them (none: you)."""
        who = [h] if value is _YOU else list(value) if isinstance(value, (list, tuple)) else [value]
        if value is _YOU and not h.is_player:
            raise RulesRuntimeError("E601", f"cannot {verb} {h.name}: it is an actor, and only a player can be "
                                    f"{KNOCKED[verb]}")
        for p in who:
            if not isinstance(p, Holder) or not p.is_player:
                raise RulesRuntimeError("E601", f"cannot {verb} {label_of(p)}: only a player can be "
                                        f"{KNOCKED[verb]}")
        return who

    def eliminate(self, h: Holder, value=_YOU) -> None:
        """`eliminate P;`: each player named is knocked out (a player already out stays so), noted in
        the message log and the trace. The effect under way goes on; the domains pass them over."""
        for p in self._knocked(h, value, "eliminate"):
            if p not in self.state.out:
                self.state.out.append(p)
                self.messages.append(f"{p.name} is knocked out")
                if self.tracer is not None:
                    self._note("eliminate", p, "is knocked out")

    def retire(self, h: Holder, value=_YOU) -> None:
        """`retire P;`: each player named leaves the turns (the player domains pass them over) but still takes
        part: asked, acting when named, their triggers and modifiers in force, and may still win."""
        for p in self._knocked(h, value, "retire"):
            if p not in self.state.retired and p not in self.state.out:
                self.state.retired.append(p)
                self.messages.append(f"{p.name} takes no more turns")
                if self.tracer is not None:
                    self._note("retire", p, "takes no more turns")

    def restore(self, h: Holder, value=_YOU) -> None:
        """`restore P;`: each player named who was knocked out or retired is back in (in their seat)."""
        for p in self._knocked(h, value, "restore"):
            if p in self.state.retired:
                self.state.retired.remove(p)
                self.messages.append(f"{p.name} is back in the turns")
                if self.tracer is not None:
                    self._note("restore", p, "is back in the turns")
            if p in self.state.out:
                self.state.out.remove(p)
                self.messages.append(f"{p.name} is back in the game")
                if self.tracer is not None:
                    self._note("restore", p, "is back in the game")

    def domain(self, value) -> list:
        """The elements a `for each`/`each`/aggregate ranges over."""
        if type(value) is ZoneRef:
            return list(value.items)
        if type(value) is list:
            return value[:]
        if type(value) is int and 0 <= value <= MAX_STEPS:   # `for each k in n + 1` (a bool goes on below)
            return list(range(1, value + 1))
        if isinstance(value, (list, tuple)):
            return list(value)
        if isinstance(value, (Holder, EntityDef)):
            return [value]
        if isinstance(value, int):
            if value > MAX_STEPS:
                raise RulesRuntimeError("E602", f"cannot range over {value}: more than {MAX_STEPS} steps")
            return list(range(1, value + 1))
        if value is None:
            return []
        raise RulesRuntimeError("E601", f"cannot range over {label_of(value)}")

    def record_values(self, record: str, axes: tuple, h: Optional[Holder] = None) -> list:
        """A record that is a domain as a value (`for each s in sq`): all its values, the fields in declared
        order, the last varying fastest. `axes`: (field, how, arg) per field (compiler.layout.runtime_axes):
        a range (low, high), false and true, an enum's members, one card per declaration of a kind (as
        its name reads for `h`), the seats, or a record's values (arg: its name and axes). Built once for
        the program when no field is a kind's or a player's (records never change; no attribute of the
        game's, which keeps its inline attributes); a new list each time (a list is the caller's)."""
        known = self.program.domains
        cached = known.get(record)
        if cached is not None:
            return list(cached)
        if self.options:   # a board sized by an option (`col: 1..size;`): kept by the options' values
            cached = known.get((record, *self.options.values()))
            if cached is not None:
                return list(cached)
        values, fixed, sized = [], True, False
        for _field, how, arg in axes:
            if how == "range":
                values.append(range(arg[0], arg[1] + 1))
            elif how == "sized":   # (low, the option): up to the option's value in this game; (an enum's
                # members, the option): its first members, as many as the option's value
                values.append(arg[0][:self.options[arg[1]]] if type(arg[0]) is tuple else
                              range(arg[0], self.options[arg[1]] + 1))
                sized = True
            elif how == "bool":
                values.append((False, True))
            elif how == "enum":
                values.append(arg)
            elif how == "record":
                values.append(self.record_values(arg[0], arg[1], h))
                sized = sized or arg[0] not in known
                fixed = fixed and (arg[0] in known or (arg[0], *self.options.values()) in known)
            else:
                values.append(self.cards_of(arg, h) if how == "kind" else self.state.players)
                fixed = False
        names = [a[0] for a in axes]
        combos = product(*values)
        shape = self.program.shapes.get(record)
        if shape is not None:   # `record hex {...} where COND;`: only the values its shape keeps
            combos = (combo for combo in combos if combo in shape)
        made = [Record(record, dict(zip(names, combo))) for combo in combos]
        if fixed:
            known[(record, *self.options.values()) if sized else record] = made
        return list(made)

    def sized_axes(self, axes: tuple) -> tuple:
        """A board's cell's axes (as cell_neighbours takes them) with each range bounded by an option
        (`col: 1..size;`: (field, "sized", (low, option))) up to the option's value in this game; worked out
        once per program and options' values. Only the code of a pack with such a record calls it."""
        key = (axes, *self.options.values())
        known = self.program.domains
        made = known.get(key)
        if made is None:
            made = known[key] = tuple(((name, "enum", arg[0][:self.options[arg[1]]]) if type(arg[0]) is tuple else
                                       (name, "range", (arg[0], self.options[arg[1]]))) if how == "sized" else
                                      (name, how, arg) for name, how, arg in axes)
        return made

    def cell_neighbours(self, cell, record: str, axes: tuple, around) -> list:
        """`neighbours(CELL [, diagonal | hex])`: the values of `record` one step from `cell` along one of its
        fields (`around` True, `diagonal`: along any of them, at least one; "hex", a hex in axial coordinates:
        also one step up one field and down the other, the six around it), a range field by 1 within its
        range, an enum field to the member before or after in the enum's order; in the record's own order as a
        domain (the last field fastest). `axes` as record_values takes them (ranges and enums only, the
        checker's E303 otherwise). `none` has none; a value of another record stops play (E601). Worked out
        once per cell for the program (records never change; a path search reads a cell's many times), the
        same cells each time (a place's hash is kept in it), in a new list (a list is the caller's)."""
        if cell is None:
            return []
        key = (cell, around, axes)
        known = self.program.neighbours.get(key)
        if known is not None:
            return list(known)
        found = []
        for steps in product((-1, 0, 1), repeat=len(axes)):   # (the record's order: the last field fastest)
            moved = len(axes) - steps.count(0)
            if moved == 1 or (around is True and moved > 1) or (around == "hex" and moved == 2 and sum(steps) == 0):
                near = self.cell_moved(cell, record, axes, steps, "neighbours")   # (one stepping rule: step, ray)
                if near is not None:
                    found.append(near)
        if any(len(arg) > 2 for _name, how, arg in axes if how == "range"):   # round a ring the steps' order is not
            found.sort(key=lambda c: cell_place(c, axes))                       # the board's (1.8's: 1.1, 1.7, 2.8)
        self.program.neighbours[key] = tuple(found)
        return found

    def cell_moved(self, cell, record: str, axes: tuple, steps, what: str):
        """The cell of `record` `steps` away from `cell` (one whole number per field, in the fields' order): a
        range field by its value, an enum field by its place in the enum's order; None when a field would leave
        its range or enum (off the board, never clamped) and for a cell of none. A value of another record, or a
        step that is no whole number, stops play (E601). `axes` as cell_neighbours takes them."""
        if cell is None:
            return None
        if type(cell) is not Record or cell.record != record:
            raise RulesRuntimeError("E601", f"{what}() takes a {record}, not {label_of(cell)}")
        moved = {}
        for (name, how, arg), step in zip(axes, steps):
            if type(step) is not int:
                raise RulesRuntimeError("E601", f"{what}() moves {name} by a whole number, not {label_of(step)}")
            value = cell.fields[name]
            if how == "range":
                value += step
                if len(arg) > 2:   # a ring (`place: 1..8 around;`): past its end is its start again, either way
                    value = arg[0] + (value - arg[0]) % (arg[1] - arg[0] + 1)
                elif not arg[0] <= value <= arg[1]:
                    return None
            else:
                place = arg.index(value) + step
                if not 0 <= place < len(arg):
                    return None
                value = arg[place]
            moved[name] = value
        shape = self.program.shapes.get(record)
        if shape is not None and tuple(moved.values()) not in shape:   # off the board's shape (`where COND`)
            return None
        return Record(record, moved)

    def cell_shift(self, cell, record: str, axes: tuple, offsets: dict):
        """`shift(CELL, FIELD = N, ...)`: the cell the offsets move `cell` to (a field not named stays), or None."""
        return self.cell_moved(cell, record, axes, [offsets.get(a[0], 0) for a in axes], "shift")

    def cell_step(self, cell, record: str, axes: tuple, steps: dict, direction):
        """`step(CELL, DIRECTION)`: the cell one step of `direction` (its steps by member: `steps`) away, or None."""
        if direction is None:
            raise RulesRuntimeError("E601", "step() goes along a direction, not none")
        return self.cell_moved(cell, record, axes, steps[direction], "step")

    def cell_ray(self, cell, record: str, axes: tuple, steps: dict, direction, until=None, keep_last: bool = True) -> list:
        """`ray(CELL, DIRECTION)`: the cells from `cell` (left out) one step of `direction` at a time to the edge,
        in order; with `until` (a test of one cell) the ray ends at the first cell it holds for, that one included
        unless `keep_last` is false (a `while COND` ray: `until` is then COND's negation).
        A direction of no step gives none (it would never leave the cell)."""
        if direction is None:
            raise RulesRuntimeError("E601", "ray() goes along a direction, not none")
        delta = steps[direction]
        found = []
        if not any(delta):
            return found
        here = self.cell_moved(cell, record, axes, delta, "ray")
        # round a ring (`around`) a ray ends before it comes back to its own cell; elsewhere it ends at the edge
        start = cell if any(how == "range" and len(arg) > 2 for _name, how, arg in axes) else None
        while here is not None and (start is None or here != start):
            if until is not None and until(here):
                if keep_last:
                    found.append(here)
                break
            found.append(here)
            here = self.cell_moved(here, record, axes, delta, "ray")
        return found

    def cell_leap(self, cell, record: str, axes: tuple, offsets: tuple) -> list:
        """`leap(CELL, N, ...)`: the cells the offsets (one per field, the ones not given 0) reach from `cell`, in
        every order among the fields and with every sign (a knight's `leap(s, 1, 2)`: eight), each once, on the
        board only, in the record's order as a domain (the last field fastest)."""
        for n in offsets:
            if type(n) is not int:
                raise RulesRuntimeError("E601", f"leap() goes a whole number of steps, not {label_of(n)}")
        if cell is None:
            return []
        padded = tuple(offsets) + (0,) * (len(axes) - len(offsets))
        moves = {tuple(sign * n for sign, n in zip(signs, order)) for order in permutations(padded)
                 for signs in product((1, -1), repeat=len(axes))}
        moves.discard((0,) * len(axes))
        found = {c for c in (self.cell_moved(cell, record, axes, m, "leap") for m in moves) if c is not None}
        return sorted(found, key=lambda c: cell_place(c, axes))

    def cell_between(self, cell, other, record: str, axes: tuple) -> list:
        """`between(A, B)`: the cells strictly between two cells on the straight line joining them, nearest A
        first: along one field, or diagonally (every field that changes by the same number of steps, a range by
        its value, an enum by its place). None when the cells are beside each other, the same, not on one line
        (a knight's leap apart) or one of them is none; a cell of the line off the board's shape is left out."""
        if cell is None or other is None:
            return []
        if type(other) is not Record or other.record != record:
            raise RulesRuntimeError("E601", f"between() takes two cells of {record}, not {label_of(other)}")
        self.cell_moved(cell, record, axes, (0,) * len(axes), "between")   # (a cell of another record: E601)
        apart = cells_apart(cell, other, axes)
        lengths = {abs(d) for d in apart if d}
        if len(lengths) != 1:
            return []
        length = lengths.pop()
        unit = [(d > 0) - (d < 0) for d in apart]
        found = (self.cell_moved(cell, record, axes, [u * k for u in unit], "between") for k in range(1, length))
        return [c for c in found if c is not None]

    def cell_edge(self, cell, other, record: str, axes: tuple) -> list:
        """`edge(A, B)`: the side two cells beside each other share (one step apart along one field), as one value
        for the unordered pair: the two cells in the board's order (the first field slowest), so `edge(a, b) ==
        edge(b, a)`. No cells when either is none (off the board: no side there); cells not beside each other
        (the same cell, diagonal, farther) or of another record stop play (E601)."""
        if cell is None or other is None:
            return []
        for c in (cell, other):
            if type(c) is not Record or c.record != record:
                raise RulesRuntimeError("E601", f"edge() takes two cells of {record}, not {label_of(c)}")
        here, there = cell_place(cell, axes), cell_place(other, axes)
        if sum(map(abs, cells_apart(cell, other, axes))) != 1:   # one step along one field, none along the others
            raise RulesRuntimeError("E601", f"edge() joins two cells beside each other (one step along one field), "
                                    f"and {label_of(cell)} and {label_of(other)} are not")
        return [cell, other] if here < there else [other, cell]

    def within(self, value, low: int, high: int, record: str, field: str, where: Optional[str] = None):
        """The value of a record's range field (`row: 1..5`), checked when the record is built (E601)."""
        if type(value) is not int or not low <= value <= high:
            raise RulesRuntimeError("E601", f"field {field!r} of {record} holds a number from {low} to {high}, "
                                    f"not {label_of(value)}", where)
        return value

    def shaped(self, value, where: Optional[str] = None):
        """A record of a shape (`record hex {...} where COND;`) as built: one of the values its shape keeps, else
        E601 at the construction, as a range field's value outside its range is."""
        if tuple(value.fields.values()) not in self.program.shapes[value.record]:
            raise RulesRuntimeError("E601", f"{value.label()} is outside the shape of {value.record}: no "
                                    f"{value.record} has those fields", where)
        return value

    def among(self, value, members: tuple, count: int, record: str, field: str, where: Optional[str] = None):
        """The value of a record's field counted up to an option (`col: column up to size;`): one of the enum's
        first `count` members, checked when the record is built (E601)."""
        if value not in members[:count]:
            raise RulesRuntimeError("E601", f"field {field!r} of {record} holds one of {', '.join(members[:count])}, "
                                    f"not {label_of(value)}", where)
        return value

    def numbers(self, low, high) -> list:
        """`low..high`: the whole numbers from low to high, both included (none when high < low); a
        range of more numbers than a loop may run between two decisions is refused, as a number is."""
        for end in (low, high):
            if type(end) is not int:
                raise RulesRuntimeError("E601", f"a range runs from a whole number to a whole number, not {label_of(end)}")
        if high - low + 1 > MAX_STEPS:
            raise RulesRuntimeError("E602", f"cannot range over {low}..{high}: more than {MAX_STEPS} steps")
        return list(range(low, high + 1))

    def row_start(self, keys: tuple, rows: tuple, written: str, low):
        """`row KEY, ... of GRID` with a value worked out in play: `low`, the row's first number (or an enum's row,
        its members), once the values are found to begin an element of the grid (`rows`, the resolver's
        row_beginnings); else E601 naming the rows
        there are (`row r of token: token has no row 6 (its rows are 1, 2, 3, 4, 5)`), before the row's end is
        worked out from them."""
        if keys not in rows or any(type(k) is bool for k in keys):   # (`true` would find row 1)
            grid = written.rpartition(" of ")[2]
            shown = rows if len(rows) <= SHOWN_ELEMENTS else rows[:SHOWN_ELEMENTS - 2]
            more = f", ... {index_text(rows[-1])}" if len(shown) < len(rows) else ""
            raise RulesRuntimeError("E601", f"{written}: {grid} has no row {index_text(keys)} (its rows are "
                                            f"{', '.join(map(index_text, shown))}{more})")
        return low

    def index_in(self, item, grid: str, place: int, reading=None, of=ANYONE):
        """`index r of c in pyramid`: the value of the grid's index at `place` (0 the first) for the zone of the
        grid the item lies in, whoever's it is (`of`: only that holder's, `index of c in p.techs`); None when it
        lies in none of them. E601 for what is no card. `reading` says what a key stands for: a zone indexed by a
        record alone (its name and fields' names) gives the record's value (`index of u in on`, the square a
        chessman stands on), "card" the declared card an index of a kind keys, "player" the player of a seat."""
        if type(item) is not EntityDef:
            raise RulesRuntimeError("E601", f"{label_of(item)} lies in no zone of {grid}: only a card, tile or piece "
                                            "lies in a zone")
        loc = self.state.where.get(item.key)
        if loc is None or of is not ANYONE and loc[0] is not of:   # (another holder's zone: none, as no zone)
            return None
        keys = self.program.grid_keys.get(grid)
        if keys is None:
            keys = self.program.grid_keys[grid] = {flat: key for key, flat in self.program.indexed[grid].items()}
        key = keys.get(loc[1])
        if key is None or reading is None:
            return key[place] if type(key) is tuple else key
        if type(reading) is tuple:
            return Record(reading[0], dict(zip(reading[1], key if type(key) is tuple else (key,))))
        key = key[place] if type(key) is tuple else key
        return self.program.entities[key] if reading == "card" else self.state.players[key - 1]

    # ------------------------------------------------------------------ zones and entities
    def zone(self, h: Optional[Holder], name: str) -> ZoneRef:
        """The zone `name` of holder `h` (shared zones ignore `h`)."""
        ref = (h.refs if h is not None else self.shared_refs).get(name)
        if ref is None:
            whose = " (it belongs to each player: say whose)" if h is None and name in self.program.zones else ""
            raise RulesRuntimeError("E601", f"no zone {name!r}{whose}")
        return ref

    def card_zone(self, card, name: str) -> ZoneRef:
        """`b.tucked`: the zone `name` the card holds (declared `tucked: zone of card;` in its kind), one per copy
        (each player's copy of a per-player card its own). Its list is kept in the state's `held` while the
        game lasts (saved and digested only while it holds something); a card of a kind holding no such zone
        stops play (E601: the checker says E415 where it can tell)."""
        if type(card) is not EntityDef or name not in self.program.held.get(card.kind, ()):
            holders = [k for k, zones in self.program.held.items() if name in zones]
            raise RulesRuntimeError("E601", f"{label_of(card)} holds no zone {name!r}" +
                                    (f" (the cards of {' and '.join(holders)} do)" if holders else ""))
        key = f"{card.key}.{name}"
        held = self.state.held
        items = held.get(key)
        if items is None:
            items = held[key] = []
        ref = ZoneRef(None, name, items)
        ref.card = card
        return ref

    def _move_held(self, e, dest: ZoneRef, top: bool, traced: bool, at: Optional[int]) -> None:
        """`move`'s into a zone a card holds: never the card itself nor a card holding it, however deep
        (E601; the checker says E416 where the rules write it); announced with the card as `on` and, as
        subject, the owner of the zone the card is in (nobody in a shared one). What a card holds stays
        with it wherever it goes."""
        if type(e) is not EntityDef:
            raise not_movable(e)
        if e.per_player:
            raise RulesRuntimeError("E601", f"{e.label()} belongs to each player: it cannot go under "
                                    f"{dest.card.label()}")
        state = self.state
        where, holder, seen = state.where, dest.card, 0
        while holder is not None:   # up the chain of the cards holding the destination's card
            if holder is e:
                raise RulesRuntimeError("E601", f"cannot move {e.label()} into {dest.label()}: " +
                                        ("a card cannot hold itself" if dest.card is e else
                                         f"{dest.card.label()} is under {e.label()}"))
            loc = where.get(holder.key)
            holder = loc[3] if loc is not None and len(loc) > 3 else None
            seen += 1
            if seen > MAX_STEPS:
                break
        loc = where.get(e.key)
        if loc is not None:
            loc[2].remove(e)
        items = dest.items
        if at is not None:
            items.insert(at, e)
        elif top:
            items.insert(0, e)
        else:
            items.append(e)
        where[e.key] = (None, dest.name, items, dest.card)
        if state.known or state.known_fields:
            state.known.pop(e.key, None)
            state.known_fields.pop(e.key, None)
        if traced and self.tracer is not None or "move" in self.by_event:
            place = where.get(dest.card.key)
            subject = place[0] if place is not None else None   # whose zone the card is in
            if traced and self.tracer is not None:
                self._note("move", subject, f"{e.label()} to {END_WORDS[top]}{dest.label()}")
            if "move" in self.by_event:
                self.emit("move", subject, {"item": e, "dest": dest.name, "on": dest.card})

    def move(self, e, dest: ZoneRef, top: Optional[bool] = False, traced: bool = True, at: Optional[int] = None) -> None:
        """Put an entity into a zone (at its bottom, or its top: where `draw` takes from; or at the
        position `at`), taking it from wherever it was; `top` None is the bottom as the rules wrote it
        (`to bottom of ZONE`), which the trace says."""
        if type(e) is not EntityDef:
            raise not_movable(e)
        owner = dest.owner
        if e.per_player:
            if owner is None:
                raise RulesRuntimeError("E601", f"{e.label()} belongs to each player: it cannot go to the "
                                        f"shared zone {dest.name!r}")
            if e.of != owner.name:   # each player's copy has its own place, variables and side
                e = e.copy_for(owner.name)
            key = e.key
        else:
            key = e.name
        state = self.state
        where = state.where
        loc = where.get(key)
        if loc is not None:
            loc[2].remove(e)
        if at is not None:
            dest.items.insert(at, e)
        elif top:
            dest.items.insert(0, e)
        else:
            dest.items.append(e)
        where[key] = (owner, dest.name, dest.items)
        if state.clock is not None:   # its timestamp (613.7): a card's modifier is in force from now
            state.clock += 1
            state.entered[key] = state.clock
        if state.known or state.known_fields:   # what was revealed or looked at (a card, or one field of
            state.known.pop(key, None)           # it) is known only until it moves
            state.known_fields.pop(key, None)
        if traced and self.tracer is not None:
            self._note("move", owner, f"{e.label()} to {END_WORDS[top]}{dest.label()}")
        if "move" in self.by_event:
            self.emit("move", dest.owner, {"item": e, "dest": dest.name})

    def set_aside(self, h: Holder, item, until: tuple, dest: Optional[ZoneRef] = None, top: bool = False,
                  keep=None) -> None:
        """`set aside CARD until PATTERN [then to ZONE];` (`item` a card), `set aside all of ZONE [where COND] ...`
        (`item` the zone, `keep` the test): each card leaves its zone for a place no zone names (so no zone,
        reaction, held modifier or override sees it) until an event matching `until` (as a trigger of `h`'s
        ends), then goes to the end of the zone it came from, or to `dest`. Nothing is announced now; the
        return is a `move`. A card in no zone (or set aside already) stops play (E601)."""
        if type(item) is ZoneRef:
            cards = list(item.items) if keep is None else [e for e in self.loop(item.items[:], None) if keep(e)]
        else:
            cards = [item]
        state = self.state
        for e in cards:
            if type(e) is not EntityDef:
                raise RulesRuntimeError("E601", f"cannot set aside {label_of(e)}: it is not a card or tile")
            loc = state.where.get(e.key)
            if loc is None or loc[1] is None:
                raise RulesRuntimeError("E601", f"cannot set aside {e.label()}: it is in no zone" +
                                        ("" if loc is None else " (it is set aside already)"))
            holding = loc[3] if len(loc) > 3 else None
            back = (dest.owner, dest.name, top, getattr(dest, "card", None)) if dest is not None \
                else (loc[0], loc[1], False, holding)
            loc[2].remove(e)
            record = Aside(e, h, until, back, (loc[0], loc[1]))
            state.where[e.key] = (loc[0], None, record.items)
            if state.known or state.known_fields:   # what was known of it, as a move forgets it
                state.known.pop(e.key, None)
                state.known_fields.pop(e.key, None)
            for gone in [a for a in state.aside if not a.items]:   # moved meanwhile: their ends are watched no more
                self._watch_end(gone.until, -1)
            state.aside = [a for a in state.aside if a.items] + [record]
            self._watch_end(until, 1)
            if self.tracer is not None:
                self._note("aside", h, f"sets aside {e.label()} from {ZoneRef(loc[0], loc[1], loc[2]).label()} until "
                                       f"{_pattern_words(until, self.text)}")

    def _come_back(self, event: str, subject: Optional[Holder], args: dict) -> None:
        """The cards set aside until this event go back (`set_aside`), in the order they were set aside; one
        another rule moved meanwhile stays where it went."""
        due = [a for a in self.state.aside if ends_on(a.by, a.until, event, subject, args)]
        if not due:
            return
        self.state.aside = [a for a in self.state.aside if a not in due]
        for a in due:
            self._watch_end(a.until, -1)
        for a in due:
            if not a.items:   # moved meanwhile
                if self.tracer is not None:
                    self._note("aside", a.by, f"{a.card.label()}, set aside, does not come back: it was moved meanwhile")
                continue
            owner, name, top, holding = a.back
            self.move(a.card, self.card_zone(holding, name) if holding is not None else self.zone(owner, name), top)

    def aside(self, h: Optional[Holder] = None) -> list:
        """`aside(p)`: the cards set aside from p's zones (None: every card set aside; the rules' `aside()` is the
        acting player's), in the order they were set aside."""
        return [a.card for a in self.state.aside if a.items and (h is None or a.came[0] is h)]

    def draw(self, h: Holder, source: ZoneRef, dest: ZoneRef, count: int, keep=None, top: bool = False) -> list:
        """Move the top `count` entities of one zone (those `keep` accepts) to another (`top`: onto its
        top, in the order drawn, as `move all of ... to top of` puts them); returns them, in that order.
        A deck declared `refills from Z` that this runs out (left empty with more to draw) has Z moved
        into it and shuffled, and the draw goes on from it; with both used up it gives what there was."""
        at_least_zero(count, "draw")
        drawn = self._draw_some(h, source, dest, count, keep, top)
        if len(drawn) < count and not source.items and self.program.refills and self._refill(h, source):
            drawn += self._draw_some(h, source, dest, count - len(drawn), keep, top, len(drawn))
        if self.tracer is not None and len(drawn) < count:   # the zone ran out: the trace says so, as it says a draw
            self._note_short_draw(h, source, count, len(drawn))
        if drawn and "draw" in self.by_event:
            self.emit("draw", h, {"source": source.name, "amount": len(drawn)})
        return drawn

    def _refill(self, h: Holder, source: ZoneRef) -> bool:
        """A deck declared `refills from Z`, run out: Z is moved into it and shuffled (`draw` and a blind
        pick's draw, `take_unseen`). Returns whether anything came in."""
        pile = self.refill_pile(source)
        if pile is None or not pile.items:
            return False
        self.move_all(h, pile, source)
        self.shuffle(source)
        self._count_refill(source)
        return True

    def refill_pile(self, deck: ZoneRef) -> Optional[ZoneRef]:
        """The pile a deck declared `refills from Z` is refilled from (Z, of the deck's holder when per player);
        None for any other zone, and for a deck `refills from Z N times` refilled N times already."""
        refill = self.program.refills.get(deck.name) if self.program.refills else None
        if refill is None:
            return None
        counts = self.program.refill_counts
        if counts and counts.get(deck.name) is not None and \
                self.state.refilled.get(deck.label(), 0) >= counts[deck.name]:
            return None   # it has refilled as often as it may: it simply runs out
        return self.zone(None if refill[1] else deck.owner, refill[0])

    def _count_refill(self, deck: ZoneRef) -> None:
        """One more refill of a deck the game counts (`refills(deck)`, `refills from Z N times`)."""
        if self.program.refill_counts and deck.name in self.program.refill_counts:
            key = deck.label()
            self.state.refilled[key] = self.state.refilled.get(key, 0) + 1

    def refills_of(self, deck) -> int:
        """`refills(deck)`: how many times the deck was refilled from its `refills from` pile (0 before the first)."""
        if type(deck) is not ZoneRef:
            raise RulesRuntimeError("E601", f"refills() takes a deck, not {label_of(deck)}")
        return self.state.refilled.get(deck.label(), 0)

    def _note_short_draw(self, h: Holder, source: ZoneRef, count: int, got: int) -> None:
        """The trace's line for a draw that got fewer than it asked for (`P1: draws nothing: Round cards 1
        (stage_deck[1]) is empty`), which would otherwise leave no line at all when it got none."""
        name = source.label()
        title = self.program.label(source.name)
        shown = name if title == source.name else f"{title} ({name})"
        why = f"{shown} is empty" if not source.items else f"nothing else in {shown} matches"   # (`where`)
        got_text = "nothing" if got == 0 else f"only {got} of {count}"
        self._note("nothing", h, f"draws {got_text}: {why}")

    def _draw_some(self, h: Holder, source: ZoneRef, dest: ZoneRef, count: int, keep, top: bool = False,
                   placed: int = 0) -> list:
        """What `draw` takes from one zone as it stands (no refill): the top `count` entities (that
        `keep` accepts), moved to `dest` (`top`: to its top, after the `placed` drawn before them)."""
        if keep is None:
            drawn = list(source.items[:count])
        else:
            drawn = [e for e in self.loop(source.items[:], None) if keep(e)][:count]
        if self.tracer is not None and drawn:
            self._note("draw", h, f"from {source.label()} to {'the top of ' if top else ''}{dest.label()}: "
                                  f"{self.text(drawn)}", len(drawn))
        for i, e in enumerate(drawn):
            self.move(e, dest, traced=False, at=placed + i if top else None)
        return drawn

    def move_all(self, h: Holder, source: ZoneRef, dest: ZoneRef, top: Optional[bool] = False, keep=None,
                 depth: Optional[tuple] = None) -> list:
        """`move all of Z [where COND] to [top of] W`: every item of one zone (those `keep` accepts,
        all tested before any moves), in its order, to the end of another; to its top, the items keep
        their order there (Z's top becomes W's top). Each moves as `move` moves it and announces
        `move`; returns them. A zone moved into itself is E601. `depth` (`to W at N from top|bottom`): (N, "top"
        or "bottom"), the items together in their order, placed as `move_at` places one."""
        if source.items is dest.items:
            raise RulesRuntimeError("E601", f"cannot move all of {source.label()} into itself")
        moved = list(source.items) if keep is None else [e for e in self.loop(source.items[:], None) if keep(e)]
        if depth is not None:
            self._move_at(h, moved, dest, *depth, moved_all_words(source, moved, keep))
            return moved
        if self.tracer is not None and moved:   # "move all of P1.hand (2) to ...", "move 1 of open_routes (all that match) to ..."
            self._note("move", h, f"{moved_all_words(source, moved, keep)} to {END_WORDS[top]}{dest.label()}: "
                                  f"{self.text(moved)}")
        for i, e in enumerate(moved):
            self.move(e, dest, traced=False, at=i if top else None)
        return moved

    def move_at(self, h: Optional[Holder], e, dest: ZoneRef, depth, end: str) -> None:
        """`move ITEM to ZONE at N from top|bottom;`: the item put Nth from that end of the zone (1: the end itself;
        Coloretto's last-round card `at 16 from bottom`), moved as `move` moves it. N counts the zone's other items
        (the item itself left out when it is in the zone already); a zone with fewer than N - 1 of them takes it
        at its far end (a short deck's card goes where the table would put it). N below 1 stops play (E601)."""
        if type(e) is not EntityDef:
            raise not_movable(e)
        self._move_at(h, [e], dest, depth, end, e.label())

    def _move_at(self, h: Optional[Holder], moved: list, dest: ZoneRef, depth, end: str, what: str) -> None:
        """`move_at` of several items together, in their order (`move all of Z to W at N from ...`): N - 1 of W's
        other items on the side of `end`, as many as W has, the rest on the other side; traced in one line that
        says where they went."""
        if type(depth) is not int or type(depth) is bool:
            raise RulesRuntimeError("E601", f"a depth must be a number, not {label_of(depth)}")
        if depth < 1:
            raise RulesRuntimeError("E601", f"a depth counts from 1 (the {end} itself), not {depth}: "
                                    f"'at {depth} from {end}'")
        keys = {e.place_key(dest.owner) for e in moved if type(e) is EntityDef}
        others = sum(1 for x in dest.items if getattr(x, "key", None) not in keys)
        beyond = min(depth - 1, others)   # the zone's other items between the end and the items put
        first = beyond if end == "top" else others - beyond
        if self.tracer is not None and moved:
            short = f" (the {'bottom' if end == 'top' else 'top'}: it holds {others} other{'s' * (others != 1)})" \
                if depth - 1 > others else ""
            self._note("move", h if len(moved) > 1 else dest.owner,
                       f"{what} to {nth(depth)} from the {end} of {dest.label()}{short}"
                       + (f": {self.text(moved)}" if len(moved) > 1 else ""))
        for i, e in enumerate(moved):
            self.move(e, dest, traced=False, at=first + i)

    def swap(self, h: Holder, first: ZoneRef, second: ZoneRef, unseen: bool = False) -> None:
        """`swap Z with W`: the two zones exchange their contents, each keeping its order: Z's items go to W,
        then W's to Z, each moved as `move` moves it (announcing `move`; what a player had learnt of it is
        forgotten, and it is seen as its new zone is) and the trace says it in one line. A zone swapped with
        itself is E601, as is a card each player has a copy of going to another player's zone (a swap would
        move the receiver's own copy instead). `unseen`: only `h` sees it done (`_unseen_by_others`)."""
        if first.items is second.items:
            raise RulesRuntimeError("E601", f"cannot swap {first.label()} with itself")
        mine, theirs = list(first.items), list(second.items)
        if first.owner is not second.owner:
            stray = next((e for e in mine + theirs if type(e) is EntityDef and e.per_player), None)
            if stray is not None:
                raise RulesRuntimeError("E601", f"{stray.label()} belongs to each player: it cannot change "
                                        f"hands in 'swap {first.label()} with {second.label()}'")
        if self.tracer is not None:
            self._note("swap", h, self._swap_words(first, second, mine, theirs))
        knew = {e.key: set(seats) for e in mine + theirs for seats in [self.state.known.get(e.key)] if seats} \
            if unseen else None
        for e in mine:
            self.move(e, second, traced=False)
        for e in theirs:
            self.move(e, first, traced=False)
        if knew:
            self._unseen_by_others(h, knew, ((mine, first), (theirs, second)))

    def _unseen_by_others(self, h: Holder, knew: dict, moved: tuple) -> None:
        """After `swap ... unseen` (`knew`: entity key -> the seats that knew it before; `moved`: each zone's
        items with the zone they left): the acting player, who did it, still knows the items they knew, where
        they went; every other player who knew one believes it still lies where they saw it
        (`State.remembered`, which the views show as known there) until they look at it or that zone again.
        So a swap they did not see changes nothing on their screens."""
        state = self.state
        actor = h.index if type(h) is Holder and h.is_player else None
        for items, came in moved:
            if getattr(came, "card", None) is not None:
                continue   # a zone a card holds: its items are seen as the card is (no memory kept)
            place = zone_place(came.owner, came.name)
            for e in items:
                seats = knew.get(e.key)
                if not seats:
                    continue
                if actor in seats:
                    state.known.setdefault(e.key, set()).add(actor)
                if seats - {actor}:
                    state.remembered.setdefault(place, {}).setdefault(e.key, set()).update(seats - {actor})

    def _seen_again(self, seats, value) -> None:
        """A `look` or `reveal` of a zone (or of a card, in its zone) ends what those seats believed lay there
        after a swap they did not see, and where they believed the cards they now see lay."""
        if type(value) is EntityDef:
            place = self.state.where.get(value.key)
            zones = [zone_place(place[0], place[1])] if place is not None and place[1] is not None else []
            keys = {value.key}
        else:
            zones, keys = [zone_place(value.owner, value.name)], {e.key for e in value.items}
        remembered = self.state.remembered
        for place in list(remembered):
            for k, believed in list(remembered[place].items()):
                if place in zones or k in keys:
                    believed.difference_update(seats)
                    if not believed:
                        del remembered[place][k]
            if not remembered[place]:
                del remembered[place]

    def deal(self, h: Holder, count: Optional[int], source: ZoneRef, receivers: list,
             dealt: Optional[list] = None, packet: int = 1) -> None:
        """`deal all of Z to W` (count None) / `deal N of ...`: `receivers` holds each player dealt to, in the
        order dealt, with their own W. One item at a time round them, each drawn as `draw 1` draws it (its
        trace line, its `draw` event): all of Z until it is empty, or N rounds, stopping when nothing is left
        to draw (a deck that `refills from` refills first, as `draw` does). `dealt` (a deal with a block): filled
        with (receiver, card) for each card, in the order dealt. `packet` (`K at a time`): each player's K
        items drawn at once (`draw K`) before the next player's, N items each in rounds of K (the last packet
        what is left of N), so `deal 8 of deck to hand 8 at a time` deals as `each players: draw 8 ...` does."""
        if count is not None:
            at_least_zero(count, "deal")
        if any(dest.items is source.items for _who, dest in receivers):   # it would never run out
            raise RulesRuntimeError("E601", f"'deal' of {source.label()} into that same zone")
        given = 0   # how many each player has been dealt
        while count is None or given < count:
            size = packet if count is None else min(packet, count - given)
            for who, dest in receivers:
                drawn = None if count is None and not source.items else self.draw(who, source, dest, size)
                if not drawn:
                    return
                if dealt is not None:
                    dealt.extend((who, card) for card in drawn)
            given += size

    def pass_on(self, h: Holder, passes: list) -> None:
        """`pass ZONE to PLAYER`: `passes` holds, for each player still in (seat order), their zone and the player
        it goes to. Every zone is emptied before any is filled (the hands of a draft go round at once); each item
        moves to the receiver's zone of the same name as `move` moves it, and the trace says it in one line. A
        receiver that is no player, or a card each player has a copy of going to another player, is E601."""
        held = []
        for zone, to in passes:
            if type(to) is not Holder or not to.is_player:
                raise RulesRuntimeError("E601", f"'pass {zone.name} to ...' names no player for {zone.owner.name}: "
                                        f"{label_of(to)}")
            items = list(zone.items)
            if to is not zone.owner:
                stray = next((e for e in items if type(e) is EntityDef and e.per_player), None)
                if stray is not None:
                    raise RulesRuntimeError("E601", f"{stray.label()} belongs to each player: it cannot be passed "
                                            f"from {zone.owner.name} to {to.name}")
            held.append((self.zone(to, zone.name), items))
        if self.tracer is not None and passes:
            self._note("pass", h, f"{passes[0][0].name}: " + ", ".join(
                f"{zone.owner.name} ({len(items)}) to {to.name}" for (zone, to), (_, items) in zip(passes, held)))
        for (zone, _to), (dest, items) in zip(passes, held):
            if dest.items is not zone.items:   # a player passing to themselves keeps their zone as it is
                for e in items:
                    self.move(e, dest, traced=False)

    def _swap_words(self, first: ZoneRef, second: ZoneRef, mine: list, theirs: list) -> str:
        """The trace's one line for a swap: `P1 and P3 swap hand: P1.hand now holds B; P3.hand A, C` (two
        players' zones of one name), else `swap P1.played (1) with discard (2): ...`."""
        now = f"{first.label()} now holds {self.text(theirs) if theirs else 'nothing'}; " \
              f"{second.label()} {self.text(mine) if mine else 'nothing'}"
        if first.name == second.name and first.owner is not None and second.owner is not None \
                and getattr(first, "card", None) is None is getattr(second, "card", None):
            return f"{first.owner.name} and {second.owner.name} swap {first.name}: {now}"
        return f"swap {first.label()} ({len(mine)}) with {second.label()} ({len(theirs)}): {now}"

    def shuffle(self, ref: ZoneRef) -> None:
        """Shuffle a zone with the game's seeded RNG: what `random.shuffle` does (CPython 3.11's
        Fisher-Yates, each index drawn as `_randbelow` draws it: `getrandbits` of the bit length until
        one is in range), without its Python frame per item (tests/test_engine_speed.py compares them)."""
        items, getrandbits = ref.items, self.rng.getrandbits
        for i in range(len(items) - 1, 0, -1):
            k = (i + 1).bit_length()
            j = getrandbits(k)
            while j > i:
                j = getrandbits(k)
            items[i], items[j] = items[j], items[i]
        self.log.append(["shuffle", ref.name, len(ref.items)])
        if self.state.known_fields:   # the places learnt there (`move ... known`) are forgotten
            self.forget_places(items)
        if self.tracer is not None:
            self._note("shuffle", ref.owner, ref.name if getattr(ref, "pile", None) is None else ref.label(),
                       len(ref.items))

    def fill(self, ref: ZoneRef, kind: str, keep) -> None:
        """Put every entity of a kind (that `keep` accepts) into a zone, in declaration order."""
        kinds = self.program.kinds.get(kind, ())
        filled = list(kinds) if keep is None else list(filter(keep, kinds))   # no comprehension frame
        if self.tracer is not None:
            self._note("fill", ref.owner, f"{ref.name} with {kind}", len(filled))
        if "move" in self.by_event or self.state.known or self.state.known_fields or self.state.clock is not None:
            for e in filled:
                self.move(e, ref, traced=False)
            return
        # in bulk (a setup fills hundreds): an entity needs only its new place (a
        # per-player one: the zone holder's copy); one that is somewhere leaves its place as `move`
        # would take it (no event, tracer or known card to mind here), without a call per entity
        where, items, owner, place = self.state.where, ref.items, ref.owner, (ref.owner, ref.name, ref.items)
        for e in filled:
            if e.per_player:
                if owner is None:
                    self.move(e, ref, traced=False)   # refused: a per-player entity in a shared zone
                e = e.copies.get(owner.name) or e.copy_for(owner.name)
            loc = where.get(e.key)
            if loc is not None:
                loc[2].remove(e)
            items.append(e)
            where[e.key] = place

    def reset(self, values: tuple, fields: tuple = ()) -> None:
        """`reset ...;`: vars and counters (`values`; every element of an indexed one) back to what they
        start the game with, every player's and actor's or the game's (as `set` sets them: a counter's
        change announces its gain or loss); then for each (kind, field names) of `fields`, those fields
        of every entity of the kind (each player's copy of a per-player one) back to the values it was
        declared with, as `set` sets them (no event): what `for each c in deck { set c.token = none; }` did
        for the cards in one zone, done for every card wherever it is."""
        p, state = self.program, self.state
        if values:
            tracer = self.tracer
            if tracer is None:
                for setter, h, flat, _old, value in self._reset_targets(values):
                    setter(h, flat, value)
            else:   # one line for all those already at their start (48 cities' flags are not 48 lines)
                same = 0
                for setter, h, flat, old, value in self._reset_targets(values):
                    if unchanged(value, old):
                        same += 1
                        self.tracer = None
                        try:
                            setter(h, flat, value)
                        finally:
                            self.tracer = tracer
                    else:
                        setter(h, flat, value)
                if same:
                    self._note("set", None, f"{', '.join(values)}: {same} more "
                                            f"{'is at its start value' if same == 1 else 'are at their start values'} (unchanged)")
        if not fields:
            return
        if self.tracer is None:
            self._reset_fields(fields, self.set_field)
            return
        # traced: a line for each field that changes, one for all those already at their value
        tracer, same = self.tracer, []

        def set_field(e, name: str, value) -> None:
            if not isinstance(e, Holder) and unchanged(value, state.evars.get(e.key, e.fields).get(name, e.fields.get(name))):
                same.append(e)
                self.tracer = None
                try:
                    self.set_field(e, name, value)
                finally:
                    self.tracer = tracer
                return
            self.set_field(e, name, value)
        self._reset_fields(fields, set_field)
        if same:
            shown = " and ".join(f"{', '.join(names)} of {kind}" for kind, names in fields)
            self._note("set", None, f"{shown}: {len(same)} more "
                                    f"{'is at its printed value' if len(same) == 1 else 'are at their printed values'} (unchanged)")

    def _reset_targets(self, values: tuple) -> Iterator[tuple]:
        """What `reset` sets for the vars and counters `values` (every element of an indexed one): a
        (setter, holder, flat name, value now, start value) for each player's and actor's or the game's."""
        p, state = self.program, self.state
        stock, own_vars, _zones, global_counters, global_vars, _shared = p.starting_values()
        holders = state.players + list(state.actors.values())
        out = self.out_of_play() if p.sized else ()   # (a board sized by an option: its elements in play alone)
        for name in values:
            for flat in p.indexed[name].values() if name in p.indexed else (name,):
                if flat in out:
                    continue
                if flat in global_counters:
                    yield self._set_global_of, None, flat, state.globals.get(flat), \
                        self.seated_start(flat) if flat in p.seated else global_counters[flat]
                elif flat in global_vars:   # (one a `set(NAME)` pattern listens to is announced, by nobody)
                    yield self._set_remembered_of if flat in p.remembered else \
                        self._set_heard_global if flat in p.heard else self.set_var, None, flat, \
                        state.gvars.get(flat), self.seated_start(flat) if flat in p.seated else global_vars[flat]
                elif flat in own_vars:
                    for h in holders:
                        if flat in h.vars or flat not in p.role_scoped:   # (a role's: its holders')
                            yield self._set_heard_own if flat in p.heard else self.set_var, h, flat, \
                                h.vars.get(flat), self.seated_start(flat) if flat in p.seated else own_vars[flat]
                else:
                    for h in holders:
                        if flat in h.stock or flat not in p.role_scoped:
                            yield self.set_stock, h, flat, h.stock.get(flat), \
                                self.seated_start(flat) if flat in p.seated else stock[flat]

    def _set_remembered_of(self, _nobody, name: str, value) -> None:
        """A reset of a remembered global variable: its position's hash follows (announced if heard, by nobody)."""
        self.set_remembered(name, value, None)

    def set_remembered(self, name: str, value, you: Optional[Holder]) -> None:
        """`set NAME = VALUE;` of a remembered global variable (3.3b): set as `set_var` does (as `set_heard_var`,
        announced, when a `set` pattern names it), then, if the value changed, its position's running hash
        follows (two table lookups, O(1)) and the position is marked changed since the last decision's record.
        Only such variables' sets come here (the generated code chooses)."""
        values = self.state.gvars
        old = values[name]
        memory = self.state.seen[self.program.remembered[name]]
        if memory.hash is None:   # (a loaded game: worked out once from the variables)
            self.position_hash(memory)
        if name in self.program.heard:
            self.set_heard_var(None, name, value, you)
        else:
            self.set_var(None, name, value)
        new = values[name]
        if old is not new and old != new:
            memory.hash ^= self._zobrist(name, old) ^ self._zobrist(name, new)
            memory.changed = True

    def _zobrist(self, name: str, value) -> int:
        """The 128-bit value an element holding a value adds to its position's hash: a hash of the element's
        name and the value as saved (`encode`), the same in every process and on both backends (never Python's
        randomised `hash`), kept per program."""
        table = self.program.zobrist
        t = type(value)
        # (a player by its seat: each game has its own Holder objects; the type keeps true apart from 1)
        key = (name, t, value.index) if t is Holder else (name, t, value)
        try:
            return table[key]
        except TypeError:   # an unhashable value (a list): not kept
            key = None
        except KeyError:
            pass
        text = json.dumps([name, encode(value)], sort_keys=True, separators=(",", ":"))
        code = int.from_bytes(hashlib.blake2b(text.encode(), digest_size=16).digest(), "big")
        if key is not None:
            table[key] = code
        return code

    def position_hash(self, memory: Memory) -> int:
        """A remembered position's running hash, worked out from its variables' elements (once per game, or per
        loaded game: the sets keep it after)."""
        if memory.hash is None:
            values, code = self.state.gvars, 0
            # (a board sized by an option: the elements this game leaves off it are in no position)
            out = self.out_of_play() if self.program.sized else ()
            for name in self.program.memories[self.state.seen.index(memory)][1]:
                if name not in out:
                    code ^= self._zobrist(name, values[name])
            memory.hash = code
        return memory.hash

    def _remember(self) -> None:
        """At a decision (asked or forced, 3.3b): each remembered position that changed since the last record is
        recorded (its hash counted once more)."""
        for memory in self.state.seen:
            if memory.changed:
                code = self.position_hash(memory)
                memory.counts[code] = memory.counts.get(code, 0) + 1
                memory.changed = False

    def times_seen(self, position: str) -> int:
        """`times_seen(POSITION)` (3.3b): how many times the position's variables have had their present contents,
        this time included: the decisions that recorded them so, and one more when they changed since the last
        record (the present position, not recorded yet). Inside `after`, the hypothetical position against the
        game's records. O(1)."""
        i = next(i for i, (name, _flats) in enumerate(self.program.memories) if name == position)
        memory = self.state.seen[i]
        return memory.counts.get(self.position_hash(memory), 0) + memory.changed

    def seen_before(self, position: str) -> bool:
        """`seen_before(POSITION)` (3.3b): whether the present contents occurred at an earlier decision:
        times_seen(POSITION) >= 2."""
        return self.times_seen(position) >= 2

    def _set_heard_global(self, _nobody, name: str, value) -> None:
        """A reset of a global variable a `set(NAME)` pattern listens to: announced, by nobody."""
        self.set_heard_var(None, name, value, None)

    def _set_heard_own(self, h: Holder, name: str, value) -> None:
        """A reset of a player's variable a `set(NAME)` pattern listens to: announced, the holder's."""
        self.set_heard_var(h, name, value, h)

    def _set_global_of(self, _nobody, name: str, value: int) -> None:
        """`_set_global` in `set_var`'s shape (a holder first), for `reset`."""
        self._set_global(name, value)

    def _reset_fields(self, fields: tuple, set_field) -> None:
        """The fields part of `reset`: each (kind, field names) of `fields` back to its declared values."""
        p, state = self.program, self.state
        plan = p._reset_plans.get(fields, False)   # worked out at the first reset of these fields
        if plan is False:
            plan = p.reset_plan(fields)
        if plan is not None:   # no per-player kind: the same calls, without a loop per entity
            for e, name, value in plan:
                set_field(e, name, value)
            return
        # a per-player entity: this game's holders' copies (copies are shared by every game of the
        # program, so one made for a seat this game does not have is none of its state)
        holders = [h.name for h in state.players] + list(state.actors)
        for kind, names in fields:
            for e in p.kinds.get(kind, ()):
                fields_of = e.fields
                for name in names:
                    set_field(e, name, fields_of[name])
                for holder in holders:
                    copy = e.copies.get(holder)
                    if copy is not None:
                        for name in names:
                            set_field(copy, name, copy.fields[name])

    def field(self, e, name: str):
        """An entity's field (its variable if set during play), or a player's stock."""
        if type(e) is EntityDef:  # the hot path: reading a card's or tile's field
            try:   # its variables over its fields (State.vals), else its fields
                return (self.state.vals.get(e) or e.fields)[name]
            except NoField:   # which Fields raises for a name it lacks: owner, zone... (the generated
                pass          # code reads name, title, copy_number and flipped without a call)
            return self._entity_attr(e, name)
        if type(e) is Holder:
            if name in e.zones or name in self.program.zones:
                return self.zone(e, name)
            if name in e.vars:
                return e.vars[name]
            return e.stock[name]
        if type(e) is Record:
            return e.fields[name]
        raise RulesRuntimeError("E601", f"{label_of(e)} has no field {name!r}")

    @staticmethod
    def framed(table: dict, h, index):
        """The board's number of the acting player's number `index` on a range numbered from each side
        (`counter pts[1..24] numbered t as (...)`, 3.3): `table` is the checker's, {seat: {t: number}}. A
        number out of the range, or an actor reading it, keeps its own number (`at` then says E601)."""
        row = table.get(h.index + 1) if h is not None and h.is_player else None
        return row.get(index, index) if row is not None and type(index) is int else index

    def at(self, base: str, index) -> str:
        """The name of one element of an indexed counter, variable or zone (`votes[mid]` is `votes[mid]`,
        `wall[(2, 3)]` is `wall[2,3]`), after checking the index is one of its declared members or numbers."""
        # the common path is this one lookup (a member's name, a number: not `true`, which would find
        # element 1, nor a grid's pair, whose cards and booleans grid_key settles)
        name = self.program.indexed[base].get(index) if type(index) in PLAIN_INDEXES else None
        if name is None:
            if type(index) is EntityDef:   # indexed by a kind: the card's declaration (all its copies)
                name = self.program.indexed[base].get(index.declared)
            elif type(index) is tuple:   # a grid's pair
                name = self.program.indexed[base].get(grid_key(index))
                if name is None and any(type(i) is Record for i in index):   # a board's cell among the indexes
                    name = self.program.indexed[base].get(grid_key(cell_key(index)))
            elif type(index) is Record:   # a board's cell (`var board[square]`): the grid of its fields
                named = self.program.cell_names.get(base)
                name = named.get(index) if named is not None else None
                if name is None:   # (the first read of this cell: its fields, then kept for the next reads)
                    key = cell_key(index)
                    name = self.program.indexed[base].get(grid_key(key) if type(key) is tuple else
                                                          seat_key(key) if type(key) is Holder else key)
                    if name is not None:
                        self.program.cell_names.setdefault(base, {})[index] = name
            elif type(index) is Holder:   # an index of players (`support[p]`): the player's seat
                name = self.program.indexed[base].get(seat_key(index))
            elif type(index) is list:   # a board's side (`var wall[edge of square]`, `wall[edge(a, b)]`)
                name = self.edge_element(base, index)
            if name is None:
                raise no_element(base, index, self.in_play(base) if self.program.sized else self.program.indexed[base])
        return name

    def edge_element(self, base: str, cells: list) -> Optional[str]:
        """The element of a declaration indexed by a board's sides (`wall[edge(a, b)]`) the pair of cells names,
        either way round (the unordered pair; `edge(a, b)` gives them in the board's order), or None for no side
        of the board: kept per pair of cells, as a cell's element is (Program.cell_names)."""
        if len(cells) != 2 or any(type(c) is not Record for c in cells):
            return None
        pair = (cells[0], cells[1])
        named = self.program.cell_names.setdefault(base, {})
        name = named.get(pair)
        if name is None:   # (the first read of this side: its cells' fields, then kept for the next reads)
            table = self.program.indexed[base]
            keys = (cell_key(cells[0]), cell_key(cells[1]))
            name = table.get(keys) or table.get(keys[::-1])
            if name is not None:
                named[pair] = name
        return name

    def in_play(self, base: str) -> list:
        """The indexes of `base`'s elements this game holds (Game.out_of_play), as an error lists them: a seat of an
        index of players as its player (`support has no element none (it has England, France)`)."""
        out, players = self.out_of_play(), self.state.players
        seats = self.program.seat_places().get(base, ())

        def shown(index):
            keys = index if type(index) is tuple else (index,)
            keys = tuple(players[k - 1] if at in seats else k for at, k in enumerate(keys))
            return keys if type(index) is tuple else keys[0]
        return [shown(index) for index, flat in self.program.indexed[base].items() if flat not in out]

    def at_bounded(self, base: str, index) -> str:
        """`at` for a declaration indexed by a range up to an option (`var liberties[1..size]`): an element of the
        largest board that this game's options leave out is no element here either (E601, listing those in play)."""
        name = self.at(base, index)
        out = self.out_of_play()
        if name in out:
            raise no_element(base, index, {i: flat for i, flat in self.program.indexed[base].items() if flat not in out})
        return name

    def set_var(self, h: Optional[Holder], name: str, value) -> None:
        """Set a variable (`var`): the player's own, or the game's when `h` is None. Announces nothing."""
        values = self.state.gvars if h is None else h.vars
        if self.tracer is not None:   # an unchanged value too: a reader checking the rules sees the `set` ran
            self._note("set", h, f"{name} = {self.text(value)}{unchanged(value, values[name])}")
        values[name] = self.bounded(value)

    def set_heard_var(self, h: Optional[Holder], name: str, value, you: Optional[Holder]) -> None:
        """`set NAME = VALUE;` of a variable a `set` pattern names (`whenever you set(pawn)`): set as `set_var`
        does, then, if the value changed, announce `set` with `name` (the element's name), `old`, `new`, and
        the variable and its indexes (Program.heard); its subject is the holder, or for a global variable the
        player whose rule set it (`you`). Only such variables' sets come here (the generated code chooses)."""
        values = self.state.gvars if h is None else h.vars
        old = values[name]
        self.set_var(h, name, value)
        new = values[name]
        if (old is not new and old != new) and ("set" in self.by_event or self.ending.get("set")):
            extra = self.program.heard.get(name)
            self.emit("set", you if h is None else h, {"name": name, "old": old, "new": new,
                                                       **(self.seated(extra) if extra else {})})

    def set_heard_field(self, obj, name: str, value, you: Optional[Holder]) -> None:
        """`set p.NAME = VALUE;` where a `set` pattern names the variable NAME: a player's variable is set and
        announced (`set_heard_var`), anything else set as `set_field` sets it."""
        if isinstance(obj, Holder) and name in obj.vars and name in self.program.heard:
            self.set_heard_var(obj, name, value, you)
        else:
            self.set_field(obj, name, value)

    def _entity_attr(self, e: EntityDef, name: str):
        if name == "flipped":
            return e.key in self.state.flipped
        if name == "owner":
            loc = self.state.where.get(e.key)
            return loc[0] if loc else None
        if name == "zone":
            loc = self.state.where.get(e.key)
            return loc[1] if loc else None
        if name == "name":   # every copy of a declaration `* N` has its name (`copy_number` tells them apart)
            return e.declared
        if name == "title":
            return e.title or e.declared
        if name == "copy_number":
            return e.copy_number
        raise RulesRuntimeError("E601", f"{e.label()} has no field {name!r}")

    def set_field(self, obj, name: str, value) -> None:
        """Set an entity's variable, or a player's counter."""
        if isinstance(obj, Holder):
            if name in obj.vars:
                self.set_var(obj, name, value)
            else:
                self.set_stock(obj, name, value)
        else:
            if self.tracer is not None:
                old = self.state.evars.get(obj.key, obj.fields).get(name, obj.fields.get(name))
                self._note("set", None, f"{obj.label()}.{name} = {self.text(value)}{unchanged(value, old)}")
            if type(value) is int and not -MAX_VALUE <= value <= MAX_VALUE:
                self.bounded(value)   # refused (a call only then: fields are set at every turn)
            key, state = obj.key, self.state
            merged = state.vals.get(obj)
            if merged is None:   # its first variable
                state.evars[key] = {name: value}
                state.vals[obj] = merged = defaultdict(obj.fields.default_factory, obj.fields)
            else:
                state.evars[key][name] = value
            merged[name] = value
            watched = self.watched
            if name in watched:   # a memo or an index that read this field is out of date
                self.watched_sets += 1
                watched[name] += 1

    def keyed(self, op: str, ref: ZoneRef, name: str, value):
        """`some|count|first(x in ZONE where x.FIELD == VALUE)` (`op`; a zone with items) answered from
        the zone's kept index by FIELD, as the scan would answer it. The zone's items count against
        the step budget, as the scan's loop does.

        The index, kept in `memo`, is [a copy of the zone's list, the sets of FIELD it saw, {value:
        how many items have it}, {value: the first item that has it}]. It is checked against the
        zone's list (an equal list: as it was) and against the times a rule set FIELD (`set_field`
        counts them in `watched`); see `_kept_index` for the rest. A city, a tableau grows by an item
        a turn: this is the work of the items added, where the scan read the whole zone at every test.
        Like a loop over a zone, it is not counted against the step budget (the pack bounds a zone)."""
        items = ref.items
        index = self.memo.get((id(items), name))   # `memo`'s other keys begin with a string
        if index is None or index[1] != self.watched[name] or index[0] != items:   # item by item, in C
            index = self._kept_index(items, name, index)
        if index is not None:
            try:
                if op == "some":
                    return value in index[2]
                return index[2].get(value, 0) if op == "count" else index[3].get(value)
            except TypeError:   # an unhashable value: the scan compares it
                pass
        field = self.field
        if op == "some":
            return any(True for e in items if field(e, name) == value)
        if op == "count":
            return sum(1 for e in items if field(e, name) == value)
        return next((e for e in items if field(e, name) == value), None)

    def _kept_index(self, items: list, name: str, index: Optional[list]) -> Optional[list]:
        """A zone's index by a field brought up to date: when only items were added to the zone and
        no rule set the field since, only they are read; otherwise (an item gone, a shuffle, a set)
        it is made afresh. None where the scan must answer: an item lacks the field or has an
        unhashable value (the scan says what it says)."""
        sets = self.watched.get(name)
        if sets is None:
            self.watched[name] = sets = 0
        key = (id(items), name)
        if index is not None and index[1] == sets and len(items) > len(index[0]) \
                and items[:len(index[0])] == index[0]:
            added = items[len(index[0]):]
        else:
            index, added = [None, sets, {}, {}], items
            self.memo.pop(key, None)
        counts, firsts, field = index[2], index[3], self.field
        try:
            for e in added:
                value = field(e, name)
                if value in counts:
                    counts[value] += 1
                else:
                    counts[value] = 1
                    firsts[value] = e
        except (RulesRuntimeError, TypeError):
            self.memo.pop(key, None)
            return None
        index[0] = items[:]
        self.memo[key] = index
        return index

    def flip(self, e: EntityDef) -> None:
        """Turn an entity over."""
        self.state.flipped.symmetric_difference_update((e.key,))
        if self.tracer is not None:
            self._note("flip", None, e.label())
        if "flip" in self.by_event:
            self.emit("flip", self.field(e, "owner"), {"item": e})

    def computed(self, e, name: str, reader):
        """A computed field's value (`m.reached`, `m.reached(p)`): the card's expression worked out with
        `this` the card and `you` the reader; `none` or a card without the field stops play (E601)."""
        fn = e.computed.get(name) if type(e) is EntityDef else None
        if fn is None:
            raise RulesRuntimeError("E601", f"{label_of(e)} has no computed field {name!r}")
        return fn(self, reader, e)

    @staticmethod
    def is_kind(e, name: str) -> bool:
        """`c is advanced`: whether a value is a card (tile, piece...) of that kind; `c is silver`: whether
        it is (a copy of) that declared card (kinds and cards share one namespace); none is of none. `p is
        usa`: whether the player holds the role (its card is in their zone "role.held")."""
        if type(e) is EntityDef:
            return e.kind == name or e.declared == name
        return type(e) is Holder and any(r.declared == name for r in e.zones.get(ROLE_ZONE, ()))

    @staticmethod
    def best_of(cands: list, keys: list, most: bool) -> list:
        """`pick c from DOMAIN fewest KEY` (`most KEY`): the candidates whose key is the lowest (highest), in
        their order, every tie kept; none when there are none."""
        if not cands:
            return cands
        best = max(keys) if most else min(keys)
        return [c for c, k in zip(cands, keys) if k == best]

    def best_claim(self, chosen: list, keys: list, start: Optional[Holder], each: bool = False) -> list:
        """`each ... simultaneously pick ... best by KEY [ties by seat from P]` (both backends): of the picks
        made at once, [(player, pick)], the one whose key is the highest, in a one-pair list (none when nobody
        picked); a tie goes to the first picker in seat order from P (Mahjong's claims: the first after the
        discarder), without P to the first pick made. `each` (`simultaneously for each U in ...`, the picks
        (player, (element, pick))): the best pick of each element, the elements in the order first picked for
        (a sealed bid on each lot: each lot to its highest bid)."""
        if each:
            elements = []
            for _who, (element, _value) in chosen:
                if not any(element is e or element == e for e in elements):
                    elements.append(element)
            return [pair for element in elements
                    for pair in self.best_claim(*zip(*[(pair, key) for pair, key in zip(chosen, keys)
                                                      if pair[1][0] is element or pair[1][0] == element]), start)]
        tied = self.best_of(list(chosen), list(keys), True)
        if start is not None and len(tied) > 1:
            seats = self.all_players_from(start)
            tied = sorted(tied, key=lambda pair: seats.index(pair[0]))   # (stable: one player's picks in order)
        return tied[:1]

    @staticmethod
    def same_card(a, b) -> bool:
        """`x is c`, c a card held in a local: whether x is a copy of the same declared card as c (both `* N`
        copies, or the same card); none is the same card as nothing. `p is r`, r a role held in a local or a
        var: whether the player p holds it."""
        if type(a) is EntityDef:
            return type(b) is EntityDef and a.declared == b.declared
        return type(a) is Holder and type(b) is EntityDef and any(r.declared == b.declared for r in a.zones.get(ROLE_ZONE, ()))

    @staticmethod
    def has_member(e, name: str, member: str) -> bool:
        """`c is attack`: whether a card's field `name` (its `types: list of card_type`, or one member,
        `colour: colour`) holds (is) the member; none, or a card of a kind without the field, is of none."""
        if type(e) is not EntityDef:
            return False
        held = e.fields.get(name)
        return held == member or (type(held) is list and member in held)

    @staticmethod
    def is_filter(name: str, field: Optional[str] = None) -> "IsA":
        """A trigger filter's `c is silver` (`played(c is silver)`): what the event's argument must equal;
        with `field`, `played(c is attack)`: a card whose field holds the member (Engine.has_member)."""
        return IsA(name, field)

    def writes(self, e, slot: str) -> bool:
        """Whether a card (tile, space...) writes an effect slot of its kind (`x.left_bonus` as a value);
        `none` writes nothing."""
        return type(e) is EntityDef and slot in e.effects

    def run_slot(self, h: Holder, e, slot: str, where: str, *args):
        """Run an entity's effect slot for `h` (`copy tile.now`), given the slot's arguments in order
        (`copy c.demand(by = you)`)."""
        if not isinstance(e, EntityDef):
            raise RulesRuntimeError("E601", f"cannot copy {label_of(e)}", where)
        fn = e.effects.get(slot)   # the slot's own generator: no frame of this method between
        if fn is None:
            return _nothing()
        return fn(self, h, e, *args) if args else fn(self, h, e)   # (a plain call where no argument is given)

    # ------------------------------------------------------------------ dice
    def roll(self, h: Holder, die: str):
        """Roll a die with the seeded RNG, run the face's effect and return the face's value (None
        for a face without one); the value is what the face shows, so it is read before the effect."""
        faces = self.program.dice[die]
        i = self.rng.randrange(len(faces))
        value = faces[i][2](self, h) if faces[i][2] is not None else None
        self.log.append(["roll", die, i])
        if self.tracer is not None:
            shows = f" = {label_of(value)}" if faces[i][2] is not None else ""
            self._note("roll", h, f"{die} -> face {i + 1}{shows}")
        if "roll" in self.by_event:
            self.emit("roll", h, {"name": die, "face": i + 1, "value": value, "on": None})
            yield from self.drain()
        yield from faces[i][1](self, h)
        return value

    def roll_many(self, h: Holder, die: str, count):
        """`let a = roll N DIE;` N rolls of the die, each as `roll DIE;` (seeded, logged, announced, its face's
        effect run), in turn; returns the values rolled, highest first (as rolled when they are no numbers),
        the order a designer compares "the highest die" in. A count below 0 is E601."""
        if type(count) is not int or count < 0:
            raise RulesRuntimeError("E601", f"cannot roll {label_of(count)} dice of {die}: a whole number, 0 or more, is needed")
        values = []
        for _ in range(count):
            values.append((yield from self.roll(h, die)))
        if all(type(v) in (int, float) for v in values):
            values.sort(reverse=True)
        return values

    def roll_piece(self, h: Holder, card):
        """`roll x;` of a die kept as a piece (a card whose kind has a field typed by a die): one face of
        its die, chosen with the seeded RNG (logged as `roll DIE` is), is what the card shows from now on
        (its field set to the face's value, or its title for a die without a type); then `roll` is
        announced with the card as `on` and the face's effect runs for `h`, as `roll DIE;` does.
        Returns the value shown. Anything else rolled is E601."""
        rolled = self.program.die_fields.get(card.kind) if type(card) is EntityDef else None
        if rolled is None:
            if type(card) is str and card in self.program.dice:   # a local of no known type holding a die's name
                return (yield from self.roll(h, card))
            raise RulesRuntimeError("E601", f"cannot roll {label_of(card)}: it is no die kept as a piece")
        field, die = rolled
        faces = self.program.dice[die]
        i = self.rng.randrange(len(faces))
        value = faces[i][2](self, h) if faces[i][2] is not None else faces[i][0]
        self.log.append(["roll", die, i])
        if self.tracer is not None:
            self._note("roll", h, f"{card.label()} ({die}) -> face {i + 1} = {label_of(value)}")
        self.set_field(card, field, value)
        if "roll" in self.by_event:
            self.emit("roll", h, {"name": die, "face": i + 1, "value": value, "on": card})
            yield from self.drain()
        yield from faces[i][1](self, h)
        return value

    def piece_label(self, value) -> str:
        """A pick's option: a die kept as a piece by its label and the face it shows (`Die: 5`), anything else
        as `label_of` shows it."""
        rolled = self.program.die_fields.get(value.kind) if type(value) is EntityDef else None
        if rolled is None:
            return label_of(value, self.member_titles)
        shown = self.field(value, rolled[0])
        face = self.blank_face(rolled[1]) if shown is None else None
        return f"{value.label()}: {face if face is not None else label_of(shown, self.member_titles)}"

    def blank_face(self, die: str) -> Optional[str]:
        """The title of the one face of a die that shows no value (Wingspan's "invertebrate or seed"), which
        a die kept as a piece lying on it is read by (picks, screens); None when no face or several are so."""
        titles = {t for t, _f, v in self.program.dice[die] if v is not None and v(self, None) is None}
        return titles.pop() if len(titles) == 1 else None

    def roll_all(self, h: Holder, source: ZoneRef, keep=None):
        """`roll all of ZONE [where COND];` every die kept in a zone (those `keep` accepts, all tested before
        any is rolled), one after the other in the zone's order (its top first), each as `roll x;` rolls it."""
        rolled = list(source.items) if keep is None else [e for e in self.loop(source.items[:], None) if keep(e)]
        for card in rolled:
            yield from self.roll_piece(h, card)

    def set_face(self, card, name: str, value, die: str) -> None:
        """`set x.F = VALUE;` of a die kept as a piece, VALUE worked out in play: one of the faces of its die
        (E439 otherwise), then set as any field is."""
        faces = self.program.dice[die]
        shown = [t if v is None else v(self, None) for t, _f, v in faces]   # a die without a type: the titles
        if not any(value == v and type(value) is type(v) for v in shown):
            raise RulesRuntimeError("E439", f"no face of {die} shows {label_of(value)}: {label_of(card)}.{name} "
                                    f"shows one of {', '.join(dict.fromkeys(label_of(v) for v in shown))}")
        self.set_field(card, name, value)

    # ------------------------------------------------------------------ events and triggers
    def register(self, owner: Holder, tid: str, subject: str, event: str, filters: dict, once: bool,
                 until: Optional[tuple], env: dict, rest: Optional[tuple] = None) -> None:
        """Activate a trigger; it fires on matching events until its `until` event (or once). With
        `rest` (`once per PATTERN`) it rests after each firing until an event matching `rest`."""
        t = Trigger(tid, owner, subject, event, filters, once, until, env, rest)
        self._listen(self.state.triggers, self.by_event, event, t)
        self._watch_end(rest, 1)

    def _unregister(self, t: Trigger) -> None:
        self._unlisten(self.state.triggers, self.by_event, t.event, t)
        self._watch_end(t.rest, -1)

    def _listen(self, active: list, index: dict, key: str, item) -> None:
        """Put a trigger or modifier in force: in the state's list, in its index, its end watched."""
        active.append(item)
        index.setdefault(key, []).append(item)
        self._watch_end(item.until, 1)

    def _unlisten(self, active: list, index: dict, key: str, item) -> None:
        active.remove(item)
        listeners = index[key]
        listeners.remove(item)
        if not listeners and not (index is self.by_event and self.ending.get(key)):
            del index[key]
        self._watch_end(item.until, -1)

    def _watch_end(self, until: Optional[tuple], change: int) -> None:
        """Count a duration's ending event in or out: builtin events are announced only while something
        listens (the hot path), and the end of a duration listens too."""
        if until is None:
            return
        for end in ends_of(until):
            event = end[1]
            self.ending[event] += change
            if change > 0:
                self.by_event.setdefault(event, [])
            elif not self.ending[event]:
                del self.ending[event]
                if not self.by_event.get(event, True):
                    del self.by_event[event]

    def emit(self, event: str, subject: Optional[Holder], args: dict) -> None:
        """Announce an event: matching triggers are queued, durations ending on it expire."""
        self.emissions += 1
        out, conditions = self.state.out, self.program.conditions
        if self.program.elements and args.get("res") in self.program.elements:   # `gain(warriors[c])` listens:
            extra = self.program.elements[args["res"]]   # the counter and the indexes too (a seat: its player)
            args = {**args, **(extra if type(extra) is dict else extra.seated(self.state.players))}
        # (`get`: a Tally's missing key is a Python call, and most events end nothing)
        if self.ending.get(event):   # a new period first: a trigger woken by this event may fire on it
            for t in self.state.triggers:
                if t.resting and t.rest[1] == event and matches(t.owner, t.rest[0], t.rest[2], subject, args):
                    t.resting = False
        queued, subjects = len(self.pending), self.program.subjects
        for t in list(self.by_event.get(event, ())):
            if not matches(t.owner, t.subject, t.filters, subject, args) or out and t.owner in out and t.subject != "nobody":
                continue   # a knocked-out player's triggers do not fire (nor is a `next` used up); the table's do
            if subjects and t.tid in subjects:   # it reads `it.subject`: the player the event happened to
                args = {**args, SUBJECT: subject}
            if conditions and t.tid in conditions and not conditions[t.tid](self, t.owner, t.env, args):
                continue   # `while COND` (`it.ARG`: this event's) does not hold now: not fired, a `next` not used up, still registered
            if t.resting:   # `once per`: it fired already in this period
                if self.tracer is not None:
                    self._note("skip", t.owner, f"trigger on {event} (it fired already: it rests until "
                               f"{_pattern_words(t.rest, self.text)})", None, self.program.triggers[t.tid][1])
                continue
            if t.once:
                self._unregister(t)
            elif t.rest is not None:
                t.resting = True
            self.pending.append((t, args, self.emissions))
        if len(self.pending) - queued > 1 and self.program.reaction_tids and subject is not None and subject.is_player:
            self._in_turn_order(queued, subject)
        if not self.ending.get(event):
            return   # no trigger or modifier lasts until this event (the test of every announcement)
        ending = [t for t in self.state.triggers if t.until is not None and ends_on(t.owner, t.until, event, subject, args)]
        for t in ending:
            self._unregister(t)
        if self.by_action:
            for m in [m for m in self.state.modifiers if m.until is not None
                      and ends_on(m.owner, m.until, event, subject, args)]:
                self._unmodify(m)
        if self.state.aside:
            self._come_back(event, subject, args)

    # ------------------------------------------------------------------ modifiers (continuous effects)
    def modify(self, owner: Holder, mid: str, subject: str, action: str, filters: dict, once: bool,
               until: Optional[tuple], env: dict, lasting: bool, adjustments: list) -> None:
        """Put a modifier in force: it changes the tagged costs and gains of `action` (and whether it
        is allowed) until its `until` event, its first use (`once`), or the end of the game."""
        m = Modifier(mid, owner, subject, action, filters, once, until, env, lasting, adjustments)
        if self.state.clock is not None:   # its timestamp (State.clock)
            self.state.clock += 1
            m.since = self.state.clock
        if self.tracer is not None and "this" not in env and self._revealed is not None \
                and self._revealed[0] is owner and self._revealed[2] == self.decisions_made:
            if type(self._shown_by) is not dict:   # the class's empty one until the first
                self._shown_by = {}
            self._shown_by[m] = self._revealed[1]   # `reveal m; modifier you attacked once { forbid; }`: Moat's
        self._listen(self.state.modifiers, self.by_action, action, m)
        if self.tracer is not None:   # in force from now: "P2: modifier opponents move_up until you turn_start"
            lasts = f" until {_pattern_words(until, self.text)}" if until is not None else " once" if once else ""
            self._note("modifier", owner, f"{_pattern_words((subject, action, filters), self.text)}{lasts}")

    def _unmodify(self, m: Modifier) -> None:
        self._unlisten(self.state.modifiers, self.by_action, m.action, m)

    def modifiers_of(self, h: Holder, tag: tuple) -> list[Modifier]:
        """The modifiers in force on `h`'s use of a tagged action: the one place they are consulted
        (costs, affordability, gains, permissions all go through it)."""
        found, out = [], self.state.out
        for m in self.by_action.get(tag[0], ()):
            if not matches(m.owner, m.subject, m.filters, h, tag[1]) or out and m.owner in out:
                continue   # a knocked-out player's modifiers are not in force while they are out
            if m.lasting and not self.program.conditions[m.mid](
                    self, m.owner, m.env, {**tag[1], SUBJECT: h} if m.mid in self.program.subjects else tag[1]):
                continue   # `while COND` does not hold for this use now (`it.ARG`: the use's arguments, `it.subject` its player)
            found.append(m)
        if self.state.clock is not None and len(found) > 1:   # in the order their sources came into force (613.7)
            found.sort(key=self._since)
        return found

    def _since(self, m: Modifier) -> int:
        """A modifier's timestamp: when it was registered, or for a card's modifier (7.7b) when its card came into
        the zone it is in (0: before the game began)."""
        if m.since != HELD:
            return m.since
        card = m.env.get("this")
        return self.state.entered.get(card.key, 0) if type(card) is EntityDef else 0

    def allowed(self, h: Holder, tag: tuple) -> bool:
        """Whether `h` may take a tagged action: not while a modifier forbids it, unless one allows it."""
        return tag[0] not in self.by_action or not forbidders(self.modifiers_of(h, tag))

    def unforbidden(self, h: Holder, tag: tuple) -> bool:
        """Whether a block tagged with an action (`for ACTION(args) { ... }`) runs for `h`: not while
        a modifier forbids the action to them, unless one allows it. As for a forbidden loss, this is
        no error (Dominion's Moat: "you are unaffected"); the `once` modifiers that forbade it are
        used up, and the trace says which stopped it."""
        if tag[0] not in self.by_action:
            return True
        stoppers = forbidders(self.modifiers_of(h, tag))
        if not stoppers:
            return True
        self._spent(stoppers)
        if self.tracer is not None:
            args = ", ".join(self.text(v) for v in tag[1].values())
            self._note("skip", h, f"{tag[0]}({args}) (forbidden by {', '.join(self._modifier_name(m) for m in stoppers)})")
        return False

    def _spent(self, used: list) -> None:
        """Modifiers that changed a payment or gain: the `once` ones are used up."""
        for m in used:
            if m.once and m in self.state.modifiers:
                self._unmodify(m)

    def _payable(self, h: Holder, tag: tuple, terms: list, mods: Optional[list] = None) -> tuple[list, list]:
        """(the costs `h` can pay for a tagged use, after modifiers (`mods`: those in force on it, when
        already asked); the modifiers that changed it)."""
        options, used = self._modified(h, tag, terms, mods)
        return [o for o in options if self.affordable(h, o)], used

    def modified_costs(self, h: Holder, tag: tuple, terms: list) -> list[list]:
        """Every cost a tagged use of `terms` comes to for `h` as the modifiers in force change it,
        affordable or not ([] while a modifier forbids the action): kernels that plan a payment
        read prices here, so they agree with `pay`."""
        if tag[0] not in self.by_action:
            return [list(terms)]
        return [list(o) for o in self._modified(h, tag, terms)[0]]   # the memo's lists stay unchanged

    def listed_cost(self, h: Holder, e, name: str) -> list[tuple]:
        """A card's list cost (`needs: list for card_needs;`, 7.7g) as `h` would meet it now: each list of units
        the cost lines of the modifiers in force on its event leave (several when a line takes off units of the
        payer's choosing: `cost -1 any;`), sorted; the printed list alone while no modifier of the event is in
        force (one look-up: kernels that price a cost read it here). Nothing is used up: the cost is only read."""
        printed = self.field(e, name)
        fields = self.program.adjusted_fields.get(e.kind) if self.program.adjusted_fields else None
        if fields:
            for field_name, event, param in fields:
                if field_name == name and event in self.by_action:
                    return self._listed(h, printed, (event, {param: e}))
        return [tuple(printed)]

    def _listed(self, h: Holder, printed, tag: tuple) -> list[tuple]:
        """The ways a list cost comes to under the cost lines of the modifiers in force on `h`'s use of `tag`
        (listed_cost), kept for the game by the printed list and the lines."""
        changes = tuple((a[1], tuple(map(tuple, a[2]))) for m in self.modifiers_of(h, tag)
                        for a in m.adjustments if a[0] == "cost")
        if not changes:
            return [tuple(printed)]
        key = ("listed", tuple(printed), changes)
        options = self.memo.get(key)
        if options is None:
            options = self.memo[key] = _listed_options(printed, changes)
        return options

    def _modified(self, h: Holder, tag: tuple, terms: list, mods: Optional[list] = None) -> tuple[list, list]:
        """(the costs a tagged use comes to after modifiers; the modifiers that changed it).
        Replacements apply first, then added terms, then reductions, each never below zero; a
        reduction of `any` terms leaves the payer the choice of which terms it reduces."""
        if mods is None:
            mods = self.modifiers_of(h, tag)
        if forbidders(mods):
            return [], []
        used = [m for m in mods if any(a[0] == "cost" for a in m.adjustments)]
        if not used:   # (alternatives: each a cost of its own)
            return (_alternatives(terms) if any(t[0] == "or" for t in terms) else [list(terms)]), []
        # the same cost under the same modifiers comes to the same costs (their adjustments are data
        # fixed when they came into force): worked out once a game (a planner asks it per option)
        try:   # (card terms name live zones: never kept)
            key = ("modified", tuple(terms), tuple(used)) if all(t[0] != "cards" for t in terms) else None
            options = self.memo.get(key) if key is not None else None
        except TypeError:   # an amount that is no number (the runtime refuses it when paying)
            key = options = None
        if options is None:
            options = self._reductions(terms, used)
            if key is not None:
                self.memo[key] = options
        return options, used

    def _reductions(self, terms: list, used: list) -> list:
        """The costs `terms` comes to under the cost adjustments of `used` (see _modified)."""
        changes = [a for m in used for a in m.adjustments if a[0] == "cost"]
        for _, op, new in changes:
            if op == "=":
                terms = list(new)
        terms = list(terms) + [t for _, op, new in changes if op == "+" for t in new if t[:2] != ("cards", None)]
        for _, op, new in changes:   # `cost +1 cards;`: more cards for the first card term (none: nothing)
            for more in (t for t in new if op == "+" and t[:2] == ("cards", None)):
                i = next((i for i, t in enumerate(terms) if t[0] == "cards"), None)
                if i is not None:
                    terms[i] = ("cards", terms[i][1], terms[i][2] + more[2])
        usings = [t for _, op, new in changes if op == "using" for t in new]
        options = _alternatives(terms) if any(t[0] == "or" for t in terms) else [terms]   # each changed alike
        if usings:
            options = [_with_substitutes(o, usings) for o in options]
        for _, op, less in changes:
            if op == "-":
                for term in less:
                    options = _dedup([r for o in options for r in _reduced(o, term, self._members)])
        options = [[t for t in o if t[2] > 0] for o in options]
        return _dedup(options)

    def modified_gain(self, h: Holder, tag: tuple, amount: int) -> tuple[int, str]:
        """A tagged gain as the modifiers of its action change it (see modified_amount): (the
        amount, what the modifiers did, for the trace). A gain a modifier forbids gives nothing, as a
        forbidden loss takes nothing ("you score no more points"); the trace says why."""
        changed, why = self.modified_amount("gain", h, tag, amount)
        return (0 if changed is None else changed), why

    def modified_amount(self, kind: str, h: Holder, tag: tuple, amount: int) -> tuple[Optional[int], str]:
        """A tagged gain or loss (`kind`: the adjustments' word) as the modifiers of its action change
        it: `= N` first (the last one wins), then `+N` and `-N`, then `*N`, never below zero. Gives (the amount,
        None when a modifier forbids the action; what the modifiers did, for the trace: "2, +1 by Acid
        Attack", "" when none changed it). The `once` modifiers that changed it (or forbade it) are
        used up."""
        mods = self.modifiers_of(h, tag)
        if not mods:
            return amount, ""
        stoppers = forbidders(mods)
        if stoppers:
            self._spent(stoppers)
            return None, f"{amount}, forbidden by {', '.join(self._modifier_name(m) for m in stoppers)}"
        used = [m for m in mods if any(a[0] == kind for a in m.adjustments)]
        if not used:
            return amount, ""
        return self._amount_under(kind, used, amount, (h, tag))

    def _amount_under(self, kind: str, used: list, amount: int, use: Optional[tuple] = None) -> tuple[int, str]:
        """(a tagged gain or loss under the `kind` lines of `used`, never below zero; what they did, for the
        trace); the `once` ones among them are used up."""
        base = amount
        amount, steps = self._adjusted(kind, used, amount, use)
        self._spent(used)
        return max(amount, 0), f"{base}, {', '.join(steps)}" if steps else ""   # "": none changed it

    # A modifier its holder may decline (`optional`) or whose use costs something (`then { ... }`), 7.7d: the
    # tagged uses of its action are worked out by these generators (the pack's other uses as before), and a
    # tagged payment by `_pay`, a generator already.
    def _consent(self, h: Holder, used: list, outcome, where: Optional[str], feasible=None):
        """The modifiers of `used` that apply to this use: each hooked one (Program.hooks) that would change
        nothing (`outcome(mods)`: what the use comes to under mods) is left out unasked; an optional one is
        asked of its holder, unless the use cannot be made without it (`feasible(mods)` false: used, unasked).
        In the order they came into force; the others are kept as they are."""
        hooks, kept = self.program.hooks, list(used)
        for m in used:
            hook = hooks.get(m.mid)
            if hook is None:
                continue
            without = [k for k in kept if k is not m]
            if outcome(kept) == outcome(without):
                kept = without   # it would change nothing: not asked, not used up, no consequence
                continue
            if hook[0] is None or not m.owner.is_player or feasible is not None and not feasible(without):
                continue
            question = hook[0] or f"use {self._modifier_name(m)}?"
            if not (yield Decision(m.owner, question, ["no", "yes"], where)):
                kept = without
        return kept

    def _consequences(self, h: Holder, used: list, tag: tuple):
        """Run the consequence (`then { ... }`) of each hooked modifier of `used`, for its holder, in the order
        they came into force, right after the use they changed; the trace names each one used."""
        hooks = self.program.hooks
        for m in used:
            hook = hooks.get(m.mid)
            if hook is None:
                continue
            if self.tracer is not None:   # "P2: uses Armorers"
                self._note("use", m.owner, self._modifier_name(m))
            if hook[1] is not None:
                yield from hook[1](self, m.owner, {**tag[1], SUBJECT: h}, m.env)

    def _amount_asking(self, kind: str, h: Holder, tag: tuple, amount: int, where: str):
        """modified_amount, asking the holders of optional modifiers; gives (the amount, None when forbidden;
        the trace's note; the modifiers used)."""
        mods = self.modifiers_of(h, tag)
        stoppers = forbidders(mods)
        if stoppers:
            self._spent(stoppers)
            return None, f"{amount}, forbidden by {', '.join(self._modifier_name(m) for m in stoppers)}", []
        used = [m for m in mods if any(a[0] == kind for a in m.adjustments)]
        if used:
            used = yield from self._consent(h, used, lambda ms: max(self._adjusted(kind, ms, amount, (h, tag))[0], 0),
                                            where)
        if not used:
            return amount, "", []
        return (*self._amount_under(kind, used, amount, (h, tag)), used)

    def gain_asking(self, h: Holder, name: str, amount: int, where: str, tag: Optional[tuple] = None):
        """A tagged `gain` of an action a hooked modifier changes (7.7d): its holder asked, then the gain (as
        gain_or_discard), then the consequences."""
        used, why = [], ""
        if tag is not None and amount and tag[0] in self.by_action:
            amount, why, used = yield from self._amount_asking("gain", h, tag, amount, where)
            amount = 0 if amount is None else amount
        yield from self.gain_or_discard(h, name, amount, where, None, why)
        yield from self._consequences(h, used, tag)

    def lose_asking(self, h: Holder, name: str, amount: int, tag: tuple, where: str):
        """A tagged `lose` of an action a hooked modifier changes (7.7d): as lose_for, asking first, then
        the consequences. Of a player's stock with a `shortfall`, the loss as the modifiers left it is a
        payment (lose_short): held short, the payer raises first; not covered, nothing more is lost (the
        consequences of the modifiers used still follow)."""
        short = name in self.program.shortfalls   # (a `lose` without `on`: a player's own stock)
        if amount <= 0 or tag[0] not in self.by_action:
            if not short or (yield from self._covered(self.holder_of(h), name, amount, None, where)):
                self.lose(h, name, amount)
            return
        changed, why, used = yield from self._amount_asking("lose", h, tag, amount, where)
        amount = 0 if changed is None else changed
        if not short or (yield from self._covered(self.holder_of(h), name, amount, None, where)):
            self.lose(h, name, amount, why)
        yield from self._consequences(h, used, tag)

    def valued_asking(self, h: Holder, value, tag: tuple, where: Optional[str] = None):
        """A tagged value of an action a hooked modifier changes (7.7d): as valued, asking first, then the
        consequences, before the value is stored."""
        if tag[0] not in self.by_action:
            return value
        used = [m for m in self.modifiers_of(h, tag) if any(a[0] == "value" for a in m.adjustments)]
        if not used:
            return value
        self._valued_kind(value, tag)
        used = yield from self._consent(h, used, lambda ms: self._floored(self._adjusted("value", ms, value, (h, tag))[0],
                                                                          value),
                                        where)
        if not used:
            return value
        changed = self._value_under(h, value, tag, used, where)
        yield from self._consequences(h, used, tag)
        return changed

    def _adjusted(self, kind: str, used: list, amount: int, use: Optional[tuple] = None) -> tuple[int, list]:
        """An amount under the `kind` lines (gain, lose or value) of the modifiers `used`, in the one
        order of 7.7: `= N` first (the last one wins), then `+N` and `-N`, then `*N` (in the order
        registered); with what each changed, for the trace ("+1 by Fairground"): a line that leaves the amount
        as it was (`+0`, `x1`, `= N` of the amount it had, a `* N` of 0) is no step, though it applied (a `once`
        modifier is used up all the same). No bound: the caller's.
        A card's modifier whose amount reads the game (`value +this.tokens;`, 7.7b) holds "live" for it (a
        name, so a saved game holds plain data), worked out here for this use (`use`: its holder and tag),
        as its `while` is."""
        steps = []
        lines = [(m, a[1], self._live(m, i, use) if type(a[2]) is str else a[2])
                 for m in used for i, a in enumerate(m.adjustments) if a[0] == kind]
        for m, op, n in lines:
            if op == "=":
                if n != amount or type(n) is not type(amount):
                    steps.append(f"= {self.text(n)} by {self._modifier_name(m)}")
                amount = n
        for m, op, n in lines:
            if op in "+-" and n:
                amount += n if op == "+" else -n
                steps.append(f"{op}{n} by {self._modifier_name(m)}")
        for m, op, n in lines:   # `gain *2;`: the amount the lines above left, multiplied (in the order registered)
            if op == "*":
                changed = amount * n
                if changed != amount or type(changed) is not type(amount):
                    steps.append(f"x{n} by {self._modifier_name(m)}")
                amount = changed
        return amount, steps

    def _live(self, m: "Modifier", line: int, use: Optional[tuple]) -> int:
        """The amount of line `line` of a card's modifier, worked out for this use (`it.ARG` its arguments)."""
        h, tag = use
        return self.bounded(self.program.amounts[m.mid, line](self, m.owner, m.env, {**tag[1], SUBJECT: h}))

    def valued(self, h: Holder, value, tag: tuple, where: Optional[str] = None):
        """A tagged value (`let dealt = ... for hits(...);`, 7.7c) as the `value` lines of the modifiers
        in force on `h`'s use of its action change it, in the gain lines' order (`=`, then `+`/`-`,
        then `*`). The lines never take it below zero, nor below where it started if it started
        there (a requirement of -8 may be raised or lowered; a count of hits never goes negative);
        a permission says nothing about a value (forbid and allow are not read). A value of 0 is a
        value: `value +1;` makes it 1, and uses up a `once` modifier, as any value it applies to."""
        if tag[0] not in self.by_action:
            return value   # (the test of every tagged value while no modifier of its action is in force)
        if type(value) is list or type(value) is tuple:   # a rule's read of a list cost (7.7g): its cost lines
            return type(value)(self._listed(h, value, tag)[0])
        used = [m for m in self.modifiers_of(h, tag) if any(a[0] == "value" for a in m.adjustments)]
        if not used:
            return value
        self._valued_kind(value, tag)
        return self._value_under(h, value, tag, used, where)

    def seen_ways(self, h: Holder, value, tag: tuple) -> list:
        """A field modifiers adjust (`cost: int for costs;`, 7.7f) as a screen shows it to `h`, as a list of the
        ways it may come to: read as a rule would read it now, in a state thrown away after, as `after` runs
        (5.1d): a `once` modifier is not used up, a `while` that reads the game changes nothing, nothing is
        traced. One way for a number; for a list cost (7.7g) every way its cost lines leave it, in the order
        the kernels meet them (`cost -1 any;` of wood, ore, clay: three ways), since a rule's read gives only
        the first. The printed value alone while no modifier of the event is in force (the one test of most
        screens), or when the read would stop play."""
        if tag[0] not in self.by_action:
            return [value]
        saved, memo, tracer = _saved(self), self.memo, self.tracer
        self.memo, self.tracer = {NESTING: memo.get(NESTING, 0) + 1, HYPOTHETICAL: True}, None
        try:
            if type(value) is list or type(value) is tuple:
                return [type(value)(way) for way in self._listed(h, value, tag)]
            return [self.valued(h, value, tag)]
        except RulesRuntimeError:   # (a `while` that stops play here is told by the rule that reads the field)
            return [value]
        finally:
            self.memo, self.tracer = memo, tracer
            _restore(saved)

    def _valued_kind(self, value, tag: tuple) -> None:
        """E601 for a tagged value that is neither a number nor a condition (the checker's E423 says so of a
        value it can type; a value of `any` type is known only now)."""
        if type(value) is not int and type(value) is not bool:
            raise RulesRuntimeError("E601", f"a value tagged {tag[0]!r} is {self.text(value)}, not a number")

    @staticmethod
    def _floored(changed, value):
        """A number under value lines never goes below zero, nor below where it started if it started there;
        a condition is what its last `value = ...` line set."""
        return changed if type(value) is bool else max(changed, min(value, 0))

    def _value_under(self, h: Holder, value, tag: tuple, used: list, where: Optional[str]):
        """A tagged value under the value lines of `used` (see valued); the `once` ones are used up."""
        changed, steps = self._adjusted("value", used, value, (h, tag))
        changed = self._floored(changed, value)
        if type(changed) is int and (changed > MAX_VALUE or changed < -MAX_VALUE):
            self.bounded(changed)
        self._spent(used)
        if self.tracer is not None and steps:   # "P1: value hits 2 → 3 (+1 by Brutal Tactics)"; none changed it: no line
            args = ", ".join(self.text(v) for v in tag[1].values())
            self._note("value", h, f"{tag[0]}({args}) {self.text(value)} → {self.text(changed)} ({', '.join(steps)})",
                       where=where)
        return changed

    def drain(self):
        """Run queued trigger firings (and those they cause), within the step budget."""
        while self.pending:
            if len(self.pending) > 1:
                yield from self._order_simultaneous()
            t, args, _emission = self.pending.pop(0)
            if self.state.out and t.owner in self.state.out and t.subject != "nobody":
                continue   # its owner was knocked out after it was queued
            fn, span = self.program.triggers[t.tid]
            if self.tracer is not None:   # an element's event names the element: "on gain of warriors[c7]"
                table = t.subject == "nobody"   # the table's trigger: no player's line
                of = "" if "res[]" not in args else \
                    f" of {args['res']}" + (f" to {args['dest']}" if t.event == "shift" else "") if "res" in args else \
                    f" of {args['name']} ({self.text(args['old'])} to {self.text(args['new'])})"   # a variable's set
                self._note("trigger", None if table else t.owner, f"on {t.event}{of}" + (" (nobody's)" if table else ""),
                           None, span)
            self.chain.append(span)
            if len(self.chain) > MAX_CHAIN:
                counts = Tally(self.chain).most_common(4)
                self.pending.clear()
                raise RulesRuntimeError(
                    "E602", f"more than {MAX_CHAIN} triggers fired without a decision: a runaway chain",
                    counts[0][0], [f"{span} fired {n} times" for span, n in counts])
            # the firings queued before this one wait until its body is done: a drain inside the body
            # runs only what the body itself causes (three cards drawn fire A, B, C in that order)
            waiting, self.pending = self.pending, []
            try:
                yield from fn(self, t.owner, args, t.env)
            finally:
                self.pending.extend(waiting)

    def _order_simultaneous(self):
        """When the next firing is one of several that one event queued for the same player, that
        player chooses which of them runs first (rulebooks let players order their own simultaneous
        effects: Tapestry's "em qualquer ordem"). The chosen firing moves to the head; the player's
        other firings keep their places in the queue, in registration order, and are asked about
        again when the next of them comes up. Firings that would do exactly the same thing are
        not told apart, so one trigger (or identical copies of one) asks nothing."""
        head, _args, emission = self.pending[0]
        owner = head.owner
        if not owner.is_player:
            return   # an actor has no one to ask: registration order
        slots, distinct, copies = [], {}, None
        tids = self.program.reaction_tids
        for i, (t, args, e) in enumerate(self.pending):
            if e != emission:
                break   # one event's firings are queued together: the rest came later
            if t.owner is owner:
                slots.append(i)
                if tids and t.tid in tids:   # a copy's second reaction on the event (another subject) follows
                    this = t.env.get("this")   # its first, in the order the card writes them: not asked about
                    if copies is None:
                        copies = set()
                    elif id(this) in copies:
                        continue
                    copies.add(id(this))
                distinct.setdefault(_firing_key(t, args, self._rules_state), i)
        if len(distinct) < 2:
            return
        firsts = list(distinct.values())
        if self.program.order_free and commuting(self.program.order_free, [self.pending[i][0].tid for i in firsts]):
            return   # any order leaves the same state: registration order, unasked (layout.order_free)
        labels = self._firing_labels([self.pending[i][0] for i in firsts])
        where = self.program.triggers[head.tid][1]
        question = self.decide(owner, f"several of your effects on {head.event} at once: which first?", labels, where)
        question.orders_triggers = True
        chosen = firsts[(yield question)]
        if chosen != slots[0]:
            ordered = [chosen] + [i for i in slots if i != chosen]
            moved = [self.pending[i] for i in ordered]
            for slot, entry in zip(slots, moved):
                self.pending[slot] = entry

    def _firing_labels(self, triggers: list) -> list[str]:
        """How firings read as options: the card or tile whose effect registered the trigger (its
        title), or the trigger's rules position; the position is added where titles repeat."""
        names = []
        for t in triggers:
            this = t.env.get("this")
            names.append(this.label() if isinstance(this, EntityDef) else None)
        labels = []
        for name, t in zip(names, triggers):
            span = self.program.triggers[t.tid][1]
            if name is None:
                labels.append(f"the effect at {span}")
            else:
                labels.append(name if names.count(name) == 1 else f"{name} ({span})")
        return labels

    def step(self, where: str) -> None:
        """Count one loop iteration or call against the budget between two decisions."""
        self.steps += 1
        self.stepped = where   # the last `while`/`repeat` round or recursive call: where a spin is
        if self.steps > MAX_STEPS:
            raise self._over_budget(where)

    def stable_values(self, names: tuple, *locals_) -> tuple:
        """`repeat until stable(NAME, ...)`: the values of the named counters and variables (every element of
        an indexed one; the game's, or every player's in seat order) and then of the named locals, frozen
        (lists as tuples) so that one pass's can be compared with the next's."""
        state = self.state
        indexed = self.program.indexed
        found = []
        for name in names:
            for flat in (indexed[name].values() if name in indexed else (name,)):
                if flat in state.gvars:
                    found.append(state.gvars[flat])
                elif flat in state.globals:
                    found.append(state.globals[flat])
                else:
                    found.extend(p.vars[flat] if flat in p.vars else p.stock.get(flat) for p in state.players)
        found.extend(locals_)
        return _frozen(found)

    def enter(self) -> int:
        """One more landing or recursive proc call in progress (a rules level of nesting); returns the
        nesting before it, which `leave` puts back when it is over. Past MAX_NESTING: TooDeep."""
        memo = self.memo   # the nesting is kept there: a Game keeps its 30 attributes
        depth = memo.get(NESTING, 0)
        if depth >= MAX_NESTING:
            raise TooDeep(f"more than {MAX_NESTING} landings and recursive calls one inside another")
        memo[NESTING] = depth + 1
        return depth

    def leave(self, depth: int) -> None:
        self.memo[NESTING] = depth

    def untold_call(self, run: Iterator):
        """Run a proc's call (its generator) made only when a condition on hidden cards holds (compiler/hidden.py
        `untold_calls`): while it runs, every question asked is untold (`asking_untold`), in the proc and in any
        it calls, so that it was asked tells nobody the condition; the same proc called elsewhere asks as ever.
        Kept in the memo, not the state: no digest, save or log sees it (a replay runs the same calls)."""
        memo = self.memo
        memo[UNTOLD] = memo.get(UNTOLD, 0) + 1
        try:
            return (yield from run)
        finally:
            memo[UNTOLD] -= 1

    @property
    def asking_untold(self) -> bool:
        """Whether the question being asked now is asked within a call made under a condition on hidden cards."""
        return self.memo.get(UNTOLD, 0) > 0

    def impassable(self, edges: list, through) -> set:
        """`through P where COND`: the places the (a, b, length) edges end at for which COND (`through`,
        a test of one place) does not hold, each tested once, in the order the edges name them, so
        both backends test alike; none without a test. A path may start or end at one, not pass it."""
        blocked = set()
        if through is None:
            return blocked
        seen = set()
        for a, b, _length in edges:
            for place in (a, b):
                if place not in seen:
                    seen.add(place)
                    if not through(place):
                        blocked.add(place)
        return blocked

    def connects(self, edges: list, start, goal, through=None) -> bool:
        """`connects(r in EDGES, r.a, r.b, FROM, TO)`: whether a place of `goal` is a place of `start`
        or is reached from one along the (a, b, 1) edges, either way (both backends); FROM and TO are
        each a place, a list or a zone of places (none: no place), as for `shortest_path`. As many
        rounds as edges: not counted against the step budget, as a loop over the zone is not.
        `through`: a test of a place that may be passed (`impassable`)."""
        blocked = self.impassable(edges, through)
        goals = _places(goal)
        todo = _places(start)
        seen = set(todo)
        if not goals or not seen:
            return False
        if any(place in seen for place in goals):
            return True
        links = _links(edges)
        while todo:
            for _edge, other, _length in links.get(todo.pop(), ()):
                if other not in seen:
                    if other in goals:
                        return True
                    seen.add(other)
                    if other not in blocked:   # reached, but not passed through
                        todo.append(other)
        return False

    def nearest(self, edges: list, start, where: str, goal=None, through=None) -> dict:
        """Dijkstra from the places of `start` (a place, a list or a zone) along the (a, b, length)
        edges, either way: each place reached -> its least total length, nearest first (on a tie,
        the one reached first along the edges in order); stops once a place of `goal` is settled.
        A negative length stops play (E601 at `where`), whether or not the search would take that
        edge, so both backends and every FROM agree. Not counted against the step budget, as
        `connects` is not. `through`: a test of a place that may be passed (`impassable`): a place
        it fails is reached but not left (unless the search starts there)."""
        for a, b, length in edges:
            if length < 0:
                raise RulesRuntimeError("E601", f"shortest_path(...) needs lengths of 0 or more: the edge from "
                                        f"{label_of(a)} to {label_of(b)} is {length} long", where)
        blocked = self.impassable(edges, through)
        links = _links(edges)
        goals = _places(goal) if goal is not None else ()
        settled = {}
        starts = _places(start)
        heap = [(0, order, place) for order, place in enumerate(starts)]
        order = len(heap)
        while heap:
            total, _order, place = heapq.heappop(heap)
            if place in settled:
                continue
            settled[place] = total
            if place in goals:
                break
            if place in blocked and place not in starts:
                continue
            for _edge, other, length in links.get(place, ()):
                if other not in settled:
                    heapq.heappush(heap, (total + length, order, other))
                    order += 1
        return settled

    def shortest_path(self, edges: list, start, goal, where: str, through=None):
        """`shortest_path(r in EDGES, r.a, r.b, FROM, TO[, LENGTH])`: the least total length of a path
        from a place of FROM to a place of TO (0 when they share one), none when there is none."""
        goals = _places(goal)
        if not goals:
            return None
        for place, total in self.nearest(edges, start, where, goals, through).items():
            if place in goals:
                return total
        return None

    def reachable(self, edges: list, start, where: str, through=None) -> list:
        """`reachable(r in EDGES, r.a, r.b, FROM)`: the places FROM reaches (its own first), nearest first."""
        return list(self.nearest(edges, start, where, through=through))

    def reaches(self, start, goal, next_of, where: str, through=None) -> bool:
        """`connects(p from START to GOAL via NEXT)`: whether a place of GOAL (a place, a list or a zone;
        `none` is none) is reached from START's (as `flood` reaches them), the search ending at the first one
        reached. Depth first, as `connects` along edges searches: only the answer is seen, never the order, and
        on an open board a search that follows one neighbour on and on reaches a far goal (Quoridor's far row)
        after about a path's length of places, where breadth first reaches nearly every place nearer than the
        goal first. Each place reached counts one step, as `flood`'s do; `through` as for `flood`."""
        goals = set(_places(goal))
        if not goals:
            return False
        seen = set()

        def fresh(places):   # the places not reached before, each counted a step; None once a goal is among them
            found = []
            for place in places:
                if place not in seen:
                    self.step(where)
                    if place in goals:
                        return None
                    seen.add(place)
                    found.append(place)
            return found
        todo = fresh(_places(start))
        if todo is None:
            return True
        starts = set(todo)
        todo.reverse()   # (START's first place searched first, then each place's first neighbour first)
        while todo:
            place = todo.pop()
            if through is not None and place not in starts and not through(place):
                continue   # reached, not left
            found = fresh(_places(next_of(place)))
            if found is None:
                return True
            todo.extend(reversed(found))
        return False

    def flood(self, start, next_of, where: str, through=None) -> list:
        """`reachable(p from START via NEXT)`: the places reached from START's (a place, a list or a
        zone: `_places`) by the rule of neighbours `next_of` (a place -> NEXT, read by either backend,
        a list of places, `none` for none), START's first, then breadth first in the order NEXT gives
        them, each once (places are kept in a set: they hash and compare by value). Each place reached
        counts one step against the budget, so a NEXT that keeps giving new places stops play (E602 at
        `where`) on both backends alike. `through`: a test of a place; NEXT is not read from a place it
        fails (it is reached, not left), unless the place is one of START's. The result is its own queue."""
        reached = []
        seen = set()
        for place in _places(start):
            if place not in seen:
                self.step(where)
                seen.add(place)
                reached.append(place)
        starts = len(reached)
        at = 0
        while at < len(reached):
            place = reached[at]
            at += 1
            if through is not None and at > starts and not through(place):
                continue
            for other in _places(next_of(place)):
                if other not in seen:
                    self.step(where)
                    seen.add(other)
                    reached.append(other)
        return reached

    def regions(self, domain, keep, next_of, where: str) -> list:
        """`regions(p in DOMAIN where COND via NEXT)`: the connected parts of DOMAIN's elements that `keep`
        holds for (None: all), joined by `next_of` (an element -> the list of the elements next to it;
        one outside the kept ones is not joined), a list of lists: each part once, by its first element
        in DOMAIN's order, breadth first from it in NEXT's order (Go's territories: the empty regions).
        Each element tested and each neighbour tried counts one step (E602 at `where`), as `flood`'s
        places do, on both backends alike."""
        members = _places(domain)
        inside = set()
        order = []
        for x in members:
            self.step(where)
            if x not in inside and (keep is None or keep(x)):
                inside.add(x)
                order.append(x)
        seen = set()
        parts = []
        for first in order:
            if first in seen:
                continue
            seen.add(first)
            part = [first]
            at = 0
            while at < len(part):
                for other in _places(next_of(part[at])):
                    self.step(where)
                    if other in inside and other not in seen:
                        seen.add(other)
                        part.append(other)
                at += 1
            parts.append(part)
        return parts

    def longest_path(self, edges: list, where: str, through=None) -> int:
        """`longest_path(r in EDGES, r.a, r.b, LENGTH)`: the greatest total length of a trail along the
        (a, b, length) edges, each edge at most once, an end as often as it comes (Ticket to Ride's
        and Catan's rule); 0 over no edge. An exhaustive search from every end: each edge it tries
        counts one step against the budget (E602 at `where` on a runaway), the same on both backends.
        `through`: a test of a place that may be passed (`impassable`): a trail may start or end at a
        place it fails (an opponent's settlement on Catan's road), not go on from it."""
        blocked = self.impassable(edges, through)
        links = _links(edges)
        used = [False] * len(edges)
        best = 0
        for start in links:
            stack = [[start, 0, 0, None]]   # an end, its next link to try, the length so far, the edge in
            while stack:
                top = stack[-1]
                options = links[top[0]]
                if top[1] == len(options):
                    stack.pop()
                    if top[3] is not None:
                        used[top[3]] = False
                    continue
                edge, other, length = options[top[1]]
                top[1] += 1
                if used[edge]:
                    continue
                self.step(where)
                used[edge] = True
                total = top[2] + length
                best = max(best, total)
                if other in blocked:   # the trail ends there
                    used[edge] = False
                    continue
                stack.append([other, 0, total, edge])
        return best

    def loop(self, values: list, where: str) -> list:
        """Count a whole loop's iterations against the step budget before it runs; returns `values`."""
        self.steps += len(values)
        if self.steps > MAX_STEPS:
            raise self._over_budget(where)
        return values

    def over(self, value, where: str) -> list:
        """`loop(domain(value), where)` in one call: what a loop over a computed value ranges over,
        counted against the step budget before it runs."""
        if type(value) is int and 0 <= value <= MAX_STEPS:   # `some(k in b.cost + 1 ...)`: the numbers 1..n
            self.steps += value
            if self.steps > MAX_STEPS:
                raise self._over_budget(where)
            return range(1, value + 1)
        values = value[:] if type(value) is list else [value] if type(value) is Holder else self.domain(value)
        self.steps += len(values)
        if self.steps > MAX_STEPS:
            raise self._over_budget(where)
        return values

    def _over_budget(self, where: str) -> RulesRuntimeError:
        """E602 at the statement that crossed the step budget, and a note naming the loop (or the
        recursive call) that went round last, where the spin most likely is (a `while` whose body
        asks nothing: the budget may run out in a statement deep inside it)."""
        notes = [f"the last loop or recursive call to go round was at {self.stepped}"] \
            if self.stepped is not None and self.stepped != where else []
        return RulesRuntimeError("E602", f"more than {MAX_STEPS} loop steps and calls without a decision", where,
                                 notes)

    def bounded(self, value):
        """A number a rule computed, refused past MAX_VALUE in size (values must not grow without end)."""
        if type(value) is int:
            if not -MAX_VALUE <= value <= MAX_VALUE:
                raise RulesRuntimeError("E601", f"a value grew past the limit of {MAX_VALUE:.0e} in size")
        elif type(value) is Fraction and (not -MAX_VALUE <= value <= MAX_VALUE or DECIMAL_PLACES % value.denominator):
            # a decimal kept (a variable, a local): at most 18 places, as a number has at most 18 digits
            raise RulesRuntimeError("E601", f"a decimal grew past the limit of {MAX_VALUE:.0e} in size or of 18 places "
                                    f"after the point")
        return value

    # ------------------------------------------------------------------ misc
    def once_open(self, h: Holder, key: str) -> bool:
        """Whether this player has not yet taken the `once` option (or run the `once` block) `key`."""
        return f"{h.name}:{key}" not in self.state.once_done

    def once(self, h: Holder, key: str) -> bool:
        """True the first time a `once` block runs for this player; False after."""
        k = f"{h.name}:{key}"
        if k in self.state.once_done:
            return False
        self.state.once_done.add(k)
        return True

    def rank(self, domain: list, keys: list, prizes: list, counter: str, ties: str) -> None:
        """Award prizes by place; ties 'split' share the prizes of the places they cover (rounded down),
        'share' share the prize of the place they tie for (the places after it that they fill are not
        given), 'all' give every tied player the place's prize, 'lower' give every tied player the prize of
        the place below the one they tie for (El Grande), 'none' give tied players nothing."""
        # highest first, ties in seat order (a stable sort); a list key ranks item by item (the checker lets
        # through numbers and lists of numbers only)
        order = sorted(zip(keys, range(len(domain))), key=lambda kv: kv[0], reverse=True)
        place = 0
        i = 0
        while i < len(order) and place < len(prizes):
            j = i
            while j < len(order) and order[j][0] == order[i][0]:
                j += 1
            tied = [domain[k] for _, k in order[i:j]]
            covered = prizes[place: place + len(tied)]
            if ties == "split":
                share = sum(covered) // len(tied)
            elif ties == "share":
                share = prizes[place] // len(tied)
            elif ties == "all":
                share = prizes[place]
            elif ties == "lower":   # a player alone keeps the place's prize; tied ones drop a place
                share = prizes[place] if len(tied) == 1 else prizes[place + 1] if place + 1 < len(prizes) else 0
            else:
                share = prizes[place] if len(tied) == 1 else 0
            for p in tied:
                self.gain(p, counter, share)
            place += len(tied)
            i = j

    def say(self, h: Optional[Holder], marks: str, *parts) -> None:
        """A line for the game's message log, from its parts (literal texts, `-` in `marks`, and values,
        `v`, shown by `text`), headed by `h`'s name unless a value is a player or actor: a text that
        names someone says who it is about, so "P4 takes the trick" is not "P1: P4 takes the trick"."""
        values = [part for mark, part in zip(marks, parts) if mark == "v"]
        if h is not None and any(type(value) is Holder for value in values):
            h = None
        line = "".join(part if mark == "-" else self.text(part) for mark, part in zip(marks, parts))
        self.messages.append(f"{h.label()}: {line}" if h else line)
        if self.tracer is not None:
            self._note("say", h, line)

    def filled(self, written: str, marks: str, *parts) -> Filled:
        """A prompt or option label with values, from its parts (literal texts and values, `marks`
        telling which: see Filled; values are shown by `text`), that knows how it is written and
        what it is made of (see Filled)."""
        texts = [part if mark == "-" else self.text(part[0] if mark == "f" else part) for mark, part in zip(marks, parts)]
        text = Filled("".join(texts))
        text.written, text._parts, text._texts, text._marks = written, parts, texts, marks
        return text

    def _field_text(self, value) -> str:
        """A record's field in a text: as `text` shows it, but an empty field reads `none`."""
        return "none" if value is None else self.text(value)

    def text(self, value) -> str:
        """How a value reads in a `say` message (one function for both backends): numbers as
        digits, players by name, cards and tiles by title, zones and lists as their elements."""
        if type(value) is ZoneRef:
            value = value.items
        if isinstance(value, (list, tuple)):
            if type(value) is tuple and value and type(value[0]) is tuple:   # a card's printed cost (`b.cost`)
                return describe_cost(list(value))
            def item(v):   # a list inside a list in brackets, and its own lists too
                return f"[{', '.join(map(item, v))}]" if type(v) is list else self.text(v)
            # a flat list reads as its items, `1, 2`; a list of lists keeps its outer brackets too,
            # `[[1, 2], [3]]`, so that a list of one list (`[[1, 2]]`) never reads as that list
            shown = ", ".join(map(item, value))
            return "nothing" if not value else f"[{shown}]" if type(value[0]) is list else shown
        if value is None:
            return "nothing"
        if isinstance(value, bool):
            return "yes" if value else "no"
        if type(value) is Record:   # `corner(hex = 4, vertex = 2)`: its fields as a text shows them, an
            # empty one as `none`, as the record's option label and the view read it
            return value.label(self.member_titles, show=self._field_text)
        return label_of(value, self.member_titles)  # players by name, entities and enum members by title

    def variant(self, name: str) -> bool:
        """Whether an optional rule is switched on."""
        return name in self.variants



class _Watching:
    """The `move` and `fill` of a game whose cards are followed (follow_moves): each reports what it put
    where, after doing what the game's own does."""

    watch: Callable

    def move(self, e, dest: ZoneRef, top: bool = False, traced: bool = True, at: Optional[int] = None) -> None:
        super().move(e, dest, top, traced, at)
        self.watch(e, dest.owner, dest.name, True)

    def fill(self, ref: ZoneRef, kind: str, keep) -> None:
        super().fill(ref, kind, keep)
        for e in list(ref.items):
            self.watch(e, ref.owner, ref.name, False)


class _SetWatching:
    """The `set_var` of a game whose variables are followed (follow_sets): it reports each element set,
    with the value it held and the one it holds, after doing what the game's own does."""

    watch_set: Callable

    def set_var(self, h: Optional[Holder], name: str, value) -> None:
        values = self.state.gvars if h is None else h.vars
        old = values.get(name)
        super().set_var(h, name, value)
        self.watch_set(name, old, values[name])


_WATCHED: dict[tuple, type] = {}   # (a game's class, the primitives that report) -> their subclass


class _Piling:
    """The `move` and `fill` of a game of a pack that reads `piles(ZONE)`: each notes, in `state.filled`, the
    pile of ZONE it put an item into (Game.__new__ makes such a game; the others' primitives are untouched)."""

    def move(self, e, dest: ZoneRef, top: bool = False, traced: bool = True, at: Optional[int] = None) -> None:
        super().move(e, dest, top, traced, at)
        if dest.name in self.program.piled and dest.owner is None:
            self.state.filled.add(dest.name)

    def fill(self, ref: ZoneRef, kind: str, keep) -> None:
        super().fill(ref, kind, keep)
        if ref.items and ref.name in self.program.piled and ref.owner is None:
            self.state.filled.add(ref.name)


_PILED: dict[type, type] = {}


class _Facing:
    """The `move` of a game with zones seen item by item (`zone at[square] of piece seen by side;`): a piece moved
    from one such zone to another (along the board, watched by the table) keeps what the players knew of it, its
    face revealed or a field learnt, where any other move forgets it (`Game.move`); what was learnt of its place
    (`move ... known`) goes, since the place changed. Game.__new__ makes such a game: the others' `move` is untouched."""

    def move(self, e, dest: ZoneRef, top: bool = False, traced: bool = True, at: Optional[int] = None) -> None:
        state, faces = self.state, self.program.faces
        loc = state.where.get(e.key) if type(e) is EntityDef and (state.known or state.known_fields) else None
        if loc is None or loc[1] not in faces or dest.name not in faces:
            return super().move(e, dest, top, traced, at)
        known, learnt = state.known.get(e.key), state.known_fields.get(e.key)
        super().move(e, dest, top, traced, at)
        if known is not None:
            state.known[e.key] = known
        learnt = {k: seats for k, seats in (learnt or {}).items() if not k.startswith("@")}
        if learnt:
            state.known_fields[e.key] = learnt


_FACED: dict[type, type] = {}


def follow_moves(game: "Game", watch: Callable) -> None:
    """Have `watch(card, holder or None, zone name, moved)` called for each card `move`, `draw` and the
    like put somewhere (`moved`), and each card in a zone `fill` set out (not moved): how `simulate` and
    `cover` follow the cards without effects. The game becomes an instance of a subclass whose `move`
    and `fill` report, so a game nobody follows pays nothing for it in its most used primitive (a check
    in `move` cost Federation 0.9% of its instructions, measured with bench/instructions.py)."""
    _report_from(game, _Watching)
    game.watch = watch


def follow_sets(game: "Game", watch: Callable) -> None:
    """Have `watch(flat name, old value, new value)` called for each variable a rule sets (an element of an
    indexed one by its flat name, `owner[bre]`): how `cover` finds the enum members the rules reached. As
    follow_moves, only a game followed pays for it."""
    _report_from(game, _SetWatching)
    game.watch_set = watch


def _report_from(game: "Game", primitives: type) -> None:
    """Make `game` an instance of a subclass of its class whose `primitives` (a mixin) report."""
    cls = type(game)
    watched = _WATCHED.get((cls, primitives))
    if watched is None:
        watched = _WATCHED[cls, primitives] = type(f"Watched{cls.__name__}", (primitives, cls), {})
    game.__class__ = watched


class _Holding:
    """The `move` of a game whose cards hold zones (`tucked: zone of card;` in a kind): a move into one
    goes through `Game._move_held`; a pack without any plays as a plain Game, whose `move` has no such
    test (a check in `move` costs Federation about 1% of its instructions: see follow_moves)."""

    def move(self, e, dest: ZoneRef, top: bool = False, traced: bool = True, at: Optional[int] = None) -> None:
        if getattr(dest, "card", None) is not None:
            return self._move_held(e, dest, top, traced, at)
        return super().move(e, dest, top, traced, at)

    def fill(self, ref: ZoneRef, kind: str, keep) -> None:
        """`fill c.NAME with KIND;`: each card moved as `move` moves it (never under itself); another zone's
        fill is Game's."""
        if getattr(ref, "card", None) is None:
            return super().fill(ref, kind, keep)
        kinds = self.program.kinds.get(kind, ())
        filled = list(kinds) if keep is None else list(filter(keep, kinds))
        if self.tracer is not None:
            self._note("fill", None, f"{ref.label()} with {kind}", len(filled))
        for e in filled:
            self.move(e, ref, traced=False)


class HoldingGame(_Holding, Game):
    """A game of a pack whose cards hold zones (see _Holding)."""


class SuppliedGame(Game):
    """A game of a pack with resources declared `supply N`: each such resource has one bank (in
    `state.supply`), worked out when the game is made. A gain takes from it and never more than it
    holds (what is missing is not gained, and the trace says so); a loss, a payment and a discard
    put the units back. The other resources of the pack go straight to Game's primitives."""

    def __init__(self, program: Program, players: int, seed: int, agents: Optional[list] = None,
                 variants: Iterable[str] = (), roles: Optional[Iterable] = None):
        super().__init__(program, players, seed, agents, variants, roles)
        you = self.state.players[0]
        for name, (amount, where) in program.supplies.items():
            try:
                left = amount(self, you)
            except ZeroDivisionError:
                raise RulesRuntimeError("E601", f"the supply of {name} divides by zero with "
                                        f"{len(self.state.players)} players", where) from None
            if type(left) is not int or left < 0:
                raise RulesRuntimeError("E601", f"the supply of {name} is {left} with {len(self.state.players)} "
                                        f"players: it must be a whole number of at least 0", where)
            self.state.supply[name] = self.bounded(left)

    def _from_supply(self, h: Holder, name: str, amount: int) -> int:
        """A gain of a supplied resource cut to what its bank holds; a bank declared `overdraw` gives it
        whole, and goes below 0 (the trace says when it runs out)."""
        left = self.state.supply[name]
        if name in self.program.overdrawn:
            if amount > left and self.tracer is not None and amount > 0:
                self._note("overdraw", h, f"{name} (the supply had {left} of the {amount})", amount - max(left, 0))
            return amount
        if amount > left:
            if self.tracer is not None:
                self._note("short", h, f"{name} (the supply had {left} of the {amount})", amount - left)
            return left
        return amount

    def gain(self, h: Holder, name: str, amount: int, tag: Optional[tuple] = None, why: str = "") -> None:
        supply = self.state.supply
        if name in self.program.banked:   # an element of a global counter with a bank
            self._bank_gain(h, name, amount, tag, why)
            return
        if name not in supply:
            return Game.gain(self, h, name, amount, tag, why)
        if tag is not None and amount and tag[0] in self.by_action:   # as Game.gain: a gain of 0 is none
            amount, why = self.modified_gain(h, tag, amount)
        amount = self._from_supply(h, name, amount)
        before = h.stock[name]
        Game.gain(self, h, name, amount, None, why)   # a cap may cut it further: what does not fit stays in the bank
        taken = h.stock[name] - before
        if taken > 0:   # (a negative gain is a loss, which put its units back)
            supply[name] -= taken

    def _bank_gain(self, h: Holder, name: str, amount: int, tag: Optional[tuple], why: str) -> int:
        """A gain of a global counter with a bank (`counter cubes[city, disease] global from 0 to 3 supply 24
        per disease`): what fits under its HIGH, cut to what the bank holds (the trace says so, as a
        resource's short supply); the bank pays what the counter gained (_set_global). Returns the units
        the bank could not pay (0 when it paid all that fits)."""
        if tag is not None and amount and tag[0] in self.by_action:   # as Game.gain: a gain of 0 is none
            amount, why = self.modified_gain(h, tag, amount)
        if amount > 0:
            bank, value = self.program.banked[name], self.state.globals[name]
            high = self.program.counters[name][2]
            wanted = amount if high is None else min(amount, max(high - value, 0))
            left = self.state.supply[bank]
            if wanted > left:
                if self.tracer is not None:
                    self._note("short", None, f"{name} (the supply of {bank} had {left} of the {wanted})",
                               wanted - left)
                Game.gain(self, h, name, left, None, why)
                return wanted - left
        Game.gain(self, h, name, amount, None, why)
        return 0

    def _set_global(self, name: str, value: int, verb: str = "set", h: Optional[Holder] = None) -> None:
        """A global counter set, gained or lost; an element of one with a bank takes the units it gains from
        the bank and puts back those it loses (a `set` above what the bank holds is cut to it)."""
        bank = self.program.banked.get(name)
        if bank is None:
            return Game._set_global(self, name, value, verb, h)
        before, supply = self.state.globals[name], self.state.supply
        _g, _low, high = self.program.counters[name]
        if (value if high is None else min(value, high)) - before > supply[bank]:   # (a gain was cut already: _bank_gain)
            if self.tracer is not None:
                self._note("short", None, f"{name} (the supply of {bank} had {supply[bank]} of the "
                           f"{value - before})", value - before - supply[bank])
            value = before + supply[bank]
        Game._set_global(self, name, value, verb, h)   # (an announcement only queues triggers: the bank pays first)
        supply[bank] -= self.state.globals[name] - before

    def gain_or_discard(self, h: Holder, name: str, amount: int, where: str, tag: Optional[tuple] = None):
        if name in self.program.banked:   # a global counter's bank
            missing = self._bank_gain(h, name, amount, tag, "")
            short = self.program.bank_short.get(name) if missing else None
            if short is None:
                return ()
            if self.tracer is not None:
                self._note("short", None, f"{name}: the supply of {self.program.banked[name]} lacks {missing}, "
                           f"to {short[0]}()", missing, where)
            return self.program.procs[short[0]](self, h, *short[1], missing)
        why = ""
        if tag is not None and amount and tag[0] in self.by_action:   # as Game.gain: a gain of 0 is none
            amount, why = self.modified_gain(h, tag, amount)
        if name in self.state.supply:   # the units the bank lacks are not gained, so never discarded
            amount = self._from_supply(h, name, amount)
        return Game.gain_or_discard(self, h, name, amount, where, None, why)

    def lose(self, h: Holder, name: str, amount: int, why: str = "") -> int:
        lost = Game.lose(self, h, name, amount, why)   # (a global counter's bank takes it back: _set_global)
        if lost and name in self.state.supply and name not in self.program.banked:
            self.state.supply[name] += lost
        return lost

    def _spend(self, h: Holder, name: str, amount: int) -> None:
        Game._spend(self, h, name, amount)
        if amount and name in self.program.banked:   # a global counter's units paid go back to its bank
            self.state.supply[self.program.banked[name]] += amount
        elif amount and name in self.state.supply:
            self.state.supply[name] += amount

    def _put_back(self, h: Holder, name: str, amount: int) -> None:
        Game._put_back(self, h, name, amount)
        if name in self.state.supply:
            self.state.supply[name] += amount




# what a hypothetical run (`EXPR after PROC(args)`, Game.after) saves of a game and puts back: the objects holding
# the state whose fields it restores (a Holder's handles, `refs`, never change), and the game's own bookkeeping
_SLOTTED = {State: State.__slots__, Holder: ("stock", "zones", "vars", "markers"), Trigger: Trigger.__slots__,
            Memory: ("hash", "changed"),   # (a position's records, `counts`, are never changed by a run: not copied)
            Modifier: Modifier.__slots__, Looping: ("pending", "run"), Running: ("pending", "run"),
            Chain: ("seen", "run"), Aside: Aside.__slots__}
_ATOMS = frozenset({int, str, bool, float, type(None), EntityDef, Record, IsA, type})
_ATOMS_WALKED = _ATOMS | {Holder}   # (saved apart, first)
_BOOKKEEPING = ("pending", "emissions", "by_event", "ending", "by_action", "chain", "steps", "stepped", "watched",
                "watched_sets", "decisions_made", "secret_round")
_ON_CLASS = ("fell_off", "secret_partial", "none_from", "learnt_lines", "_revealed", "_shown_by", "held_use")


def _saved(game: "Game") -> tuple:
    """Everything a hypothetical run could change, saved: each mutable container reachable from the game's
    state and bookkeeping with a shallow copy of its contents (restored in place by `_restore`), the game's
    own counters, and the lengths of its log and messages (which only grow)."""
    kept, seen, todo = [], set(), [game.state]
    # each player and actor saved once, here: the walk takes them as atoms (a board of `player` values names
    # them many times), their containers walked as any
    for h in (*game.state.players, *game.state.actors.values()):
        values = (h.stock, h.zones, h.vars, h.markers)
        kept.append((h, values))
        todo += values
    todo += [getattr(game, name) for name in _BOOKKEEPING]
    atoms, slotted = _ATOMS_WALKED, _SLOTTED
    while todo:
        o = todo.pop()
        t = type(o)
        if t in atoms or id(o) in seen:
            continue
        seen.add(id(o))
        if t is list:
            kept.append((o, o[:]))
            if not atoms.issuperset(map(type, o)):   # (a zone's cards, a list of records: nothing inside to keep)
                todo.extend(o)
        elif isinstance(o, dict):
            kept.append((o, dict(o)))
            if not atoms.issuperset(map(type, o.values())):   # (a stock, the variables: numbers and values)
                todo.extend(o.values())
        elif isinstance(o, set):
            kept.append((o, set(o)))
        elif t is tuple:
            todo.extend(o)
        elif t in slotted:
            values = tuple(getattr(o, name, _UNSET) for name in slotted[t])
            kept.append((o, values))
            todo.extend(values)
        elif t is ZoneRef:
            todo.append(o.items)
    return (game, kept, tuple(getattr(game, name) for name in _BOOKKEEPING),
            tuple(getattr(game, name) for name in _ON_CLASS), len(game.log), len(game.messages))


_UNSET = object()


def _restore(saved: tuple) -> None:
    """Put a game back as `_saved` found it: each container's contents in place, then its counters."""
    game, kept, bookkeeping, on_class, logged, said = saved
    for o, contents in kept:
        t = type(o)
        if t is list:
            o[:] = contents
        elif t in _SLOTTED:
            for name, value in zip(_SLOTTED[t], contents):
                if value is _UNSET:
                    if hasattr(o, name):
                        delattr(o, name)
                else:
                    setattr(o, name, value)
        else:   # a dict (a defaultdict, a Tally) or a set
            o.clear()
            o.update(contents)
    for name, value in zip(_BOOKKEEPING, bookkeeping):
        setattr(game, name, value)
    for name, value in zip(_ON_CLASS, on_class):
        if getattr(game, name) is not value:
            try:
                delattr(game, name)   # set on the game by the run: the class's again
            except AttributeError:
                pass
            if getattr(game, name) is not value:
                setattr(game, name, value)
    del game.log[logged:]
    del game.messages[said:]


def _nothing():
    """An effect that does nothing (a generator: callers may drive it with send)."""
    return
    yield


def forbidders(mods: list) -> list:
    """The modifiers that forbid a tagged action when it is forbidden (one forbids it and none allows
    it); [] when it is not: the one rule for costs, gains, losses, `allowed` and tagged blocks."""
    kinds = {a[0] for m in mods for a in m.adjustments}
    if "forbid" not in kinds or "allow" in kinds:
        return []
    return [m for m in mods if any(a[0] == "forbid" for a in m.adjustments)]


def matches(owner: Holder, mode: str, filters: dict, subject: Optional[Holder], args: dict) -> bool:
    """Whether an event by `subject` with `args` matches a pattern owned by `owner`."""
    # (the two common modes first, each tested once: this runs for every listener of every event)
    if mode == "you":
        if subject is not owner:
            return False
    elif mode != "anyone":
        if mode == "opponents":
            if subject is owner or subject is None or not subject.is_player:
                return False
        elif mode == "nobody":   # `whenever nobody move(...)`: the events of no one
            if subject is not None:
                return False
        elif subject is owner or subject is None or not subject.is_player or subject.team != owner.team:
            return False   # `teammates`: the other members of the owner's team
    for k, v in filters.items():   # a loop, not all(genexpr): this runs for every listener of every event
        if not args.get(k) == v:
            return False
    return True


def ends_of(until: tuple) -> tuple:
    """Each end of a saved `until`: one (subject mode, event, filters), or a tuple of them (`until A or B`)."""
    return (until,) if type(until[0]) is str else until


def ends_on(owner, until: tuple, event: str, subject, args: dict) -> bool:
    """Whether an event announced ends a duration of `owner`'s: it matches one of the `until`'s ends."""
    if type(until[0]) is str:   # one end (the common case, tested without a loop)
        return until[1] == event and matches(owner, until[0], until[2], subject, args)
    return any(end[1] == event and matches(owner, end[0], end[2], subject, args) for end in until)


def _pattern_words(p: tuple, text) -> str:
    """A saved pattern (subject mode, event, filters) as written: "you turn_start", "turn_start"; the ends
    of an `until A or B` joined by "or"."""
    if type(p[0]) is not str:
        return " or ".join(_pattern_words(end, text) for end in p)
    if p[1].startswith("end of "):   # `until end of NAME` (its run number is no rule's)
        return p[1]
    subject = "" if p[0] == "anyone" else f"{p[0]} "
    return subject + p[1] + (f"({', '.join(f'{k} is {v.name}' if type(v) is IsA else f'{k} = {text(v)}' for k, v in p[2].items())})"
                             if p[2] else "")


def commuting(order_free: dict, tids: list) -> bool:
    """Whether firings of these triggers give the same state in any order: each only gains or loses fixed
    amounts (`order_free`), and no stock is gained by one and lost by another (a cap or floor would cut in one
    order only)."""
    direction: dict = {}
    for tid in tids:
        moves = order_free.get(tid)
        if moves is None:
            return False
        for stock, sign in moves:
            if direction.setdefault(stock, sign) != sign:
                return False
    return True


def _firing_key(t: Trigger, args: dict, card_state: Callable) -> tuple:
    """What a trigger firing does, for telling firings apart: its rules, its saved locals (a card as
    what tells it from the other copies of its declaration, `card_state`: two Moats in one hand
    react alike, revealed or not; players and other objects by identity) and the event's arguments."""
    def frozen(d: dict) -> tuple:
        return tuple(sorted((k, v if isinstance(v, (int, str, bool, type(None))) else
                             card_state(v) if type(v) is EntityDef else id(v)) for k, v in d.items()))
    return t.tid, frozen(t.env), frozen(args)


def _place_in(p: Holder, e, zones: tuple) -> Optional[tuple]:
    """Where a card of an `anytime in ZONE, ...` slot is among player `p`'s zones, as a key that sorts
    a window's options (or one holder's reactions) as the seat sees its cards: the zone's place among
    the player's zones (their order of declaration), the card's place in it, and the zone; None when
    none of `zones` (None: any zone) holds it."""
    for rank, (name, items) in enumerate(p.zones.items()):
        if zones is None or name in zones:
            for at, item in enumerate(items):
                if item is e:
                    return rank, at, name
    return None


class _SetTold:
    """A tracer for the span of a counter's `set` (Game.set_stock), which is carried out as a gain or a
    loss: that one line (the first gain or lose of the counter for its holder) is told as the `set`
    written, `P1: set buys = 1 (was 0)`, what the gain or loss adds kept (`(2 lost over the cap)`);
    every other line (a trigger the gain fires) passes as it is."""

    __slots__ = ("tracer", "who", "name", "value", "was", "done")

    def __init__(self, tracer: Callable, who: str, name: str, value: int, was: int):
        self.tracer, self.who, self.name, self.value, self.was, self.done = tracer, who, name, value, was, False

    def __call__(self, effect: Effect) -> None:
        if not self.done and effect.kind in ("gain", "lose") and effect.player == self.who and \
                (effect.what == self.name or effect.what.startswith(self.name + " ")):
            self.done = True
            notes = effect.what[len(self.name):].strip()   # `(2 lost over the cap)`
            notes = f"; {notes[1:-1]}" if notes.startswith("(") and notes.endswith(")") else f" {notes}" if notes else ""
            effect = effect._replace(kind="set", what=f"{self.name} = {self.value} (was {self.was}{notes})",
                                     amount=None)
        self.tracer(effect)


def _dedup(options: list, same: Callable = tuple) -> list:
    """The options in order, each kept once: two are one when `same` gives them equal keys (a cost's
    terms; cards alike, `Game._card_state`)."""
    seen, out = set(), []
    for o in options:
        key = same(o)
        if key not in seen:
            seen.add(key)
            out.append(o)
    return out


def _listed_options(printed, changes: tuple) -> list[tuple]:
    """The lists of units a list cost comes to under cost lines ((op, terms), Game.listed_cost), in a cost's order:
    `cost =` first (the last one wins: its named units), then the added units, then the reductions, a named unit's
    taking off up to that many of it, an `any` one's a unit of each kind the payer might choose, one at a time.
    The units keep their printed order (the last of a kind taken off first), and so do the ways, as met."""
    units = list(printed)
    for op, terms in changes:
        if op == "=":
            units = [n for m, n, a in terms if m == "plain" for _ in range(a)]
    units += [n for op, terms in changes if op == "+" for m, n, a in terms if m == "plain" for _ in range(a)]
    options = [tuple(units)]
    for op, terms in changes:
        if op != "-":
            continue
        for m, n, a in terms:
            for _ in range(a):
                if m == "plain":
                    options = [_without(o, n) for o in options]
                else:   # one unit of the payer's choosing: every kind of unit the cost still lists
                    options = [_without(o, u) for o in options for u in (dict.fromkeys(o) or (None,))]
                options = list(dict.fromkeys(options))
    return options


def _without(units: tuple, unit) -> tuple:
    """Units with the last `unit` among them taken off (as they were when none is listed)."""
    for i in range(len(units) - 1, -1, -1):
        if units[i] == unit:
            return units[:i] + units[i + 1:]
    return units


def _reduced(terms: list, less: tuple, members) -> list[list]:
    """The costs `terms` becomes when `less` is taken off: a plain term reduces the same resource; an
    `any(group)` term reduces, unit by unit, any plain term of the group or `any` term of that group,
    in every way the payer might choose (at most MAX_ALTERNATIVES are kept)."""
    mode, name, amount = less
    if mode == "plain":   # a term of substitutes is reduced by its own resource, before the payer splits it
        return [[(m, n, max(a - amount, 0) if m == "plain" and n == name or m in ("worth", "on") and n[0] == name else a)
                 for m, n, a in terms]]
    if mode == "cards":   # `cost -N cards;`: N fewer cards, from the card terms in order
        out = []
        for m, n, a in terms:
            if m == "cards" and (name is None or n == name):
                a, amount = max(a - amount, 0), max(amount - a, 0)
            out.append((m, n, a))
        return [out]
    pool = set(members(name))
    fits = [i for i, (m, n, _a) in enumerate(terms) if (m == "plain" and n in pool) or (m == "any" and n == name)
            or (m == "worth" and n[0] in pool)]
    options = [list(terms)]
    for _ in range(amount):
        step = []
        for o in options:
            cut = [i for i in fits if o[i][2] > 0]
            if not cut:
                step.append(o)
            for i in cut:
                m, n, a = o[i]
                step.append(o[:i] + [(m, n, a - 1)] + o[i + 1:])
        options = _dedup(step)[:MAX_ALTERNATIVES]
    return options


def _alternatives(terms: list) -> list[list]:
    """A cost with terms of alternatives (`1 fish or 1 rodent, 2 coin`: ("or", (costs...), 1)) as the costs
    it may be paid as, in the order written: each alternative with the terms beside it (an exchange
    first, where `pay` looks for it), at most MAX_ALTERNATIVES of them."""
    options: list = [[]]
    for t in terms:
        if t[0] == "or":
            options = [o + list(alt) for o in options for alt in t[1]][:MAX_ALTERNATIVES]
        else:
            options = [o + [t] for o in options]
    out = []
    for o in options:
        if any(t[0] == "or" for t in o):   # an alternative that is itself a choice (a card's cost within one)
            out.extend(_alternatives(o))
        else:
            out.append(sorted(o, key=lambda t: t[0] != "trade"))   # (stable: the rest as written)
    return _dedup(out)[:MAX_ALTERNATIVES]


def shown_units(terms: tuple, name: str) -> int:
    """`b.cost[fish]` of a card's printed cost (a field declared `cost`): the units of a resource its
    plain terms show, or of a group its `any(GROUP)` terms (the wild icons); of alternatives, the one
    showing the most."""
    most = 0
    total = 0
    for mode, what, amount in terms:
        if mode == "or":
            most = max([most] + [shown_units(alt, name) for alt in what])
        elif (mode == "plain" or mode == "any") and what == name:
            total += amount
    return total + most


def _exchange_fits(avail: dict, demand: dict, owed: int, rate: int) -> bool:
    """Whether what each member asks (`demand`) and `owed` units of any member can be paid from `avail`
    (member -> units the payer can spend), any `rate` units of the group paying 1 unit of a member: each
    member pays itself as far as it goes (the cheapest way), the rest is traded."""
    missing = left = 0
    for m, have in avail.items():
        want = demand.get(m, 0)
        if have >= want:
            left += have - want
        else:
            missing += want - have
    return left >= owed + rate * missing


def _with_substitutes(terms: list, usings: list) -> list:
    """The terms with what modifiers let stand for their resources (`cost mc using heat at 1;`: each
    `using` a term ("worth", (base, ((sub, rate), ...)), 0)): a plain term of the base becomes a term
    of substitutes, a term of substitutes of the base gains them; where two name the same substitute
    for one resource, the better rate counts (the payer would use it)."""
    extra: dict = {}
    for _mode, (base, pairs), _amount in usings:
        subs = extra.setdefault(base, {})
        for sub, rate in pairs:
            subs[sub] = max(rate, subs.get(sub, 0))
    out = []
    for m, n, a in terms:
        base = n if m == "plain" else n[0] if m == "worth" else None
        if base in extra:
            subs = dict(n[1]) if m == "worth" else {}
            for sub, rate in extra[base].items():
                subs[sub] = max(rate, subs.get(sub, 0))
            out.append(("worth", (base, tuple(subs.items())), a))
        else:
            out.append((m, n, a))
    return out


def _and(parts: list) -> str:
    """`2 titanium and 8 mc`; `1 steel, 4 titanium and 1 mc`."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def describe_cost(terms: list) -> str:
    """A cost in words: `2 coin, 1 any crystals`."""
    parts, trading = [], ""
    for mode, name, amount in terms:
        if mode == "plain":
            parts.append(f"{amount} {name}")
        elif mode == "any":
            parts.append(f"{amount} any {name or 'resource'}")
        elif mode == "cards":
            parts.append(f"{amount} card{'' if amount == 1 else 's'}" + (f" from {name.source.label()}" if name is not None else ""))
        elif mode == "worth":
            parts.append(f"{amount} {name[0]} using " + " and ".join(f"{sub} at {rate}" for sub, rate in name[1]))
        elif mode == "on":
            parts.append(f"{amount} {name[0]}" + (f" on {name[2]}" if name[2] else ""))
        elif mode == "or":
            parts.append(" or ".join(describe_cost(list(alt)) for alt in name))
        elif mode == "trade":
            trading = f" trading {amount} any {name} as 1"
            continue
        else:
            parts.append(f"{amount} different {name}")
    return (", ".join(parts) or "nothing") + trading


class SuppliedHoldingGame(_Holding, SuppliedGame):
    """A game of a pack with a limited supply whose cards hold zones."""
