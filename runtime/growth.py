"""`rulebook simulate`'s early warning for a game that keeps growing and does not end (W642).

A game that never ends (a Monopoly with no time limit and random players) used to show only as E602, the
decision limit (engine.MAX_DECISIONS, 100,000 decisions), after minutes and with a huge failure log. Here each
simulated game looks, every WATCH_EVERY decisions, at what its state holds (each counter's and
resource's value, each zone's and list variable's size, added up over the players), and once the game is far
longer than the games finished before it in the same process (WATCH_TIMES times their median length, and at
least WATCH_FROM decisions; WATCH_ALONE decisions when none has finished yet, as every game that finishes grows
its scores), it says which of those kept rising at each of its last WATCH_RISES looks, and where
the rules declare them, at once (on stderr: the game is still running) and in the report.

The hook is the engine's check of the decision limit, which reads the game's `decisions_allowed` and calls
`Game.past_allowed` past it: `watch` and `Watched` set the watched game's to its next look (another game in the
process, such as a clone an agent plays out, keeps its own), so a game pays for nothing but the looks
(a call per decision, overriding `offer` or the log's `append`, cost Federation a few per cent, and `offer`
turns off the random agents' fast path, Game._play_from).
"""

from __future__ import annotations

import sys
from typing import Callable, Optional

from .engine import MAX_DECISIONS, Game

WATCH_EVERY = 500    # decisions between two looks at the state
WATCH_FROM = 5_000   # the fewest decisions a game has made before it is said not to end (E602 is at 100,000)
WATCH_TIMES = 10     # ... and this many times the median length of the games finished before it
WATCH_ALONE = 20_000   # ... or, with no game finished before it to compare with, this many
WATCH_RISES = 4      # the looks in a row at which what grows has risen (none fell back)
SHOWN = 3            # the growing names a warning lists, the fastest first


def measures(state) -> dict:
    """What the state holds, by declared name (flat: `supply[copper]`): counters, resources and track
    positions by value, zones and list variables by size, each added up over the players and actors."""
    held: dict = dict(state.globals)
    for name, items in state.zones.items():
        held[name] = len(items)
    for name, value in state.gvars.items():
        if type(value) in (list, tuple):
            held[name] = len(value)
    for holder in (*state.players, *state.actors.values()):
        for name, value in holder.stock.items():
            held[name] = held.get(name, 0) + value
        for name, items in holder.zones.items():
            held[name] = held.get(name, 0) + len(items)
        for name, value in holder.vars.items():
            if type(value) in (list, tuple):
                held[name] = held.get(name, 0) + len(value)
    return held


class Growth:
    """One game's watch: its looks at the state (decisions made, measures), the decisions past which it counts
    as long (`floor`), and what it found (`found`: the decisions, the floor and the growing names with their
    values at each look), told once to `warn`."""

    def __init__(self, floor: int, median: Optional[float], warn: Callable[[dict], None]):
        self.floor, self.median, self.warn = floor, median, warn
        self.looks: list = []
        self.found: Optional[dict] = None

    def look(self, game) -> None:
        """Measure the state; once the game is long, find what rose at each of the last looks."""
        if self.found is not None:
            return
        self.looks.append((game.decisions_made, measures(game.state)))
        del self.looks[:-(WATCH_RISES + 1)]
        if game.decisions_made < self.floor or len(self.looks) <= WATCH_RISES:
            return
        first, last = self.looks[0][1], self.looks[-1][1]
        rising = []
        for name, now in last.items():
            values = [held.get(name, 0) for _d, held in self.looks]
            if values[-1] > values[0] and all(a <= b for a, b in zip(values, values[1:])):
                rising.append((-(values[-1] - values[0]) / max(1, abs(first.get(name, 0))), name, values))
        # without a median to compare with, a long game is only said not to end when something grows
        if not rising and self.median is None:
            return
        self.found = {"decisions": game.decisions_made, "median": self.median,
                      "grows": [{"name": name, "values": values} for _r, name, values in sorted(rising)[:SHOWN]],
                      "looks": [d for d, _held in self.looks]}
        self.warn(self.found)


class Watched:
    """Mixed into a simulated game's class (simulate's `_tallied_class`): the game's decision limit check
    stops at each look (its `decisions_allowed`, every WATCH_EVERY decisions) and asks the Growth of the game
    under way, a class attribute set by `watch` before each game (a process plays one game at a time, as
    Tallied's tally): a Game keeps its attributes few (tests/test_engine_speed.py)."""

    growth: Optional[Growth] = None

    def past_allowed(self, d) -> None:
        Game.past_allowed(self, d)   # E602 past the decision limit
        growth = Watched.growth
        if growth is not None:
            growth.look(self)
        done = growth is None or growth.found is not None
        self.decisions_allowed = MAX_DECISIONS if done else min(self.decisions_made + WATCH_EVERY - 1, MAX_DECISIONS)


def watch(game: Game, lengths: list, warn: Callable[[dict], None]) -> Growth:
    """Watch `game`, the next game this process plays (of a class with Watched mixed in): long once past WATCH_FROM
    decisions and WATCH_TIMES times the median of `lengths`, the decisions of the games finished before it,
    sorted (read in the middle: no sort per game, however many games a worker plays)."""
    n = len(lengths)
    median = None if not n else lengths[n // 2] if n % 2 else (lengths[n // 2 - 1] + lengths[n // 2]) / 2
    floor = WATCH_ALONE if median is None else max(WATCH_FROM, int(WATCH_TIMES * median))
    Watched.growth = Growth(floor, median, warn)
    # the first look WATCH_RISES looks before the floor, so that a game that ends sooner (every game of most
    # packs) is never looked at; the looks' decisions are multiples of WATCH_EVERY (checked after a decision
    # is counted, hence the - 1)
    first = max(WATCH_EVERY, (floor // WATCH_EVERY - WATCH_RISES) * WATCH_EVERY)
    game.decisions_allowed = first - 1
    return Watched.growth


def unwatch(game: Game) -> None:
    """The watched game over: it checks the decision limit alone again, and no game is watched."""
    Watched.growth = None
    game.decisions_allowed = MAX_DECISIONS


def declared_places(symbols) -> dict:
    """Where each counter, resource, track, zone and variable of an analysed stack is declared
    (`file:line:column`), by name: what a W642 warning names."""
    from rulebook.dsl import ast as A

    kinds = (A.Counter, A.Resource, A.Track, A.Zone, A.Var)
    return {name: str(d.span) for name, d in symbols.decls.items() if isinstance(d, kinds)}


def growth_text(seed: int, found: dict, places: dict) -> str:
    """The W642 warning of one game, as simulate prints it."""
    median = found["median"]
    than = f", {found['decisions'] / median:.0f} times the median of the games that finished ({median:g})" \
        if median else ", and no game has finished yet"
    grows = []
    for g in found["grows"]:
        name = g["name"]
        at = places.get(name.split("[", 1)[0])
        values = g["values"]
        grows.append(f"{name!r} ({values[0]:,} -> {values[-1]:,} over the last {len(values) - 1} looks"
                     + (f"; declared at {at}" if at else "") + ")")
    what = "still growing: " + ", ".join(grows) if grows else \
        "nothing it holds keeps growing (it may go round in a cycle)"
    return (f"warning[W642]: the game of seed {seed} has made {found['decisions']:,} decisions and not ended{than}; "
            f"{what}. A game that cannot end stops only at the decision limit (E602): give it an ending, or run "
            "simulate with --max-rounds N")


def to_stderr(seed: int, places: dict) -> Callable[[dict], None]:
    """A Growth's `warn` that prints the warning at once, while the game goes on."""
    return lambda found: print(growth_text(seed, found, places), file=sys.stderr, flush=True)
