"""Many seeded games of a pack on worker processes (or a Ray cluster), and the statistics a designer
reads from them: win rates with Wilson intervals, scores, game lengths, component use, and paired
differences between two packs.

It lives in runtime/ because it plays and measures games; it reaches the compiler only to compile the
pack once in the parent and to load the generated module in each worker, as the CLI does. Workers get
the generated module's source, not the pack's files, so a Ray node needs no copy of the packs.
Results depend only on the seeds: each game is played alone from its seed and the records are sorted
by seed before anything is counted, so the number of workers and the backend change nothing.
"""

from __future__ import annotations

import bisect
import functools
import math
import multiprocessing
import statistics
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

from rulebook.dsl.ast import ROLE_KIND

from .agents import make_agents
from .engine import HYPOTHETICAL, Game, RulesRuntimeError, follow_moves
from .growth import Watched, growth_text, to_stderr, unwatch, watch
from .coverage import reaction_tids
from .limits import Limits, Stopped, limit
from .program import Program, is_reaction_slot
from .state import team_of_seat

CONFIDENCE = 0.95


class BackendError(Exception):
    """The chosen backend cannot run the games (for example no Ray cluster at the address)."""


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to play games of one pack stack: picklable, and small to ship."""

    pack: str            # the base pack's folder (as found)
    expansions: tuple
    name: str            # the compiled module's pack name
    base: str            # the base pack's name, as logs name it
    digest: str          # the cache key of the stack
    source: str          # the generated module
    players: int
    variants: tuple = ()
    agent: str = "random"
    together: bool = False   # a cooperative game (`winner together if ...`): the team's win rate, per game
    team_score: Optional[str] = None   # its score's rules text (`winner together ... score EXPR`), if it has one
    won_or_lost: bool = True   # false for `winner together score EXPR;`: a score and no win rate
    interpreted: bool = False   # play on the reference interpreter: each worker builds it from `texts`
    limits: Limits = Limits()   # `--max-decisions`, `--max-rounds`: a game past them is stopped, not scored
    used: tuple = ()   # the zones the manifests name `used` (UsageRecorder), () when none do
    draws: bool = False   # `winner ... else draw`: the report counts the draws beside the wins
    seat_names: tuple = ()   # `seats ... named`: each seat's name (P1, P2, ... without)
    texts: tuple = ()   # interpreted: the stack's rules texts as the parent read them (driver.stack_texts);
                        # `source` is then empty, and no worker reads the pack's folder
    teams: tuple = ()   # `seats ... teams ...`: each seat's team, from 1 (() without teams)
    by_team: bool = False   # `winner ... by team`: the members of a team win together
    # (name, `file:line:column`) of each counter, resource, track, zone and variable (growth.declared_places):
    # where a W642 warning says what keeps growing is declared; () when the caller analysed nothing
    declared: tuple = ()
    roles: tuple = ()   # `--roles`: the role each seat holds from the start (Game's `roles=`); () when dealt


@dataclass
class GameRecord:
    """What one game left behind: win shares, scores, length and which seat used which component."""

    seed: int
    wins: list = field(default_factory=list)       # per seat: 1/k when k players share the win
    scores: list = field(default_factory=list)     # per seat: the winner keys' values
    decisions: int = 0
    used: list = field(default_factory=list)       # (component index, seat), sorted
    error: Optional[dict] = None                   # message, where, notes, entries (the log so far)
    team: Optional[float] = None                   # a cooperative game: 1.0 when the team won, else 0.0
    team_score: Optional[int] = None               # a cooperative game with a score: the team's
    stopped: Optional[str] = None                  # a game stopped at a limit (`--max-rounds`): why; not scored
    roles: Optional[list] = None                   # a pack with roles: per seat, the title of the role held at the end
    draw: bool = False                             # a game drawn (`winner ... else draw`): no seat won
    # a game ended at once (`end game won by P "REASON";`, `drawn`): "won", "lost" or "drawn", and its reason (None without one)
    sudden: Optional[str] = None
    reason: Optional[str] = None
    # [name, "cap" or "floor", units] of each resource or counter a change left units out of at a bound (Tallied)
    bounds: list = field(default_factory=list)
    # W642: a game far longer than those finished before it, and what kept growing (growth.Growth's `found`)
    growing: Optional[dict] = None

    @property
    def finished(self) -> bool:
        """Played to its end: neither failed nor stopped at a limit (only those are counted)."""
        return self.error is None and self.stopped is None


def prepare(pack: str, expansions: Sequence[str], players: int, variants: Sequence[str] = (),
            agent: str = "random", interpreted: bool = False, limits: Limits = Limits()) -> tuple[Job, Program]:
    """Compile the stack once (raising RulesError on bad rules) and describe the work for the workers;
    `interpreted`: build it on the reference interpreter instead (the same digest: a failed game's log
    replays on either backend)."""
    from rulebook.compiler.driver import compile_pack, interpret_stack
    from rulebook.compiler.pack import load_pack, locate, stack_chain, used_zones

    if interpreted:
        (program, texts), source = interpret_stack(pack, expansions), ""
    else:
        compiled = compile_pack(pack, expansions=expansions)
        program, source, texts = compiled.program, compiled.source, ()
    root = locate(pack)
    game = program.game
    job = Job(str(root), tuple(expansions), program.name, load_pack(root).name, program.digest, source,
              players, tuple(variants), agent, game is not None and game.together,
              game.team_score_text if game is not None else None, game is None or game.win_if is not None
              or not game.together, interpreted, limits, used_zones(stack_chain(pack, expansions)),
              game is not None and game.draw, game.seat_names if game is not None else (), texts,
              tuple(team_of_seat(game.teams, i, players) for i in range(players)) if game is not None and game.teams
              else (), game is not None and game.by_team)
    return job, program


class UsageRecorder:
    """Wraps a Program's component functions (entity effects, track spaces and rewards, die faces) so
    that each game records which player used which component.

    A wrapper only notes (component, seat) and returns the effect's generator, so the game runs the
    same code; a profile hook would see procs too, but it made Federation games four times slower.
    """

    def __init__(self, program: Program, used: Sequence[str] = ()):
        self.components: list[tuple[str, str]] = []
        self.titles: list[Optional[str]] = []   # the title a player knows each component by, or None
        self.used: set = set()
        # a card with no effect (a Splendor development card: buying it is all it does; a Coup character:
        # holding it is what it does) is used by each seat that held it at some time, in a zone of
        # theirs they see: a tableau, a hand (`hidden` hides it from the others only), a zone a func
        # ranges over (a Victory Point card in a hand scores through `vp()`); not one that is `secret`
        # (a face-down vault) or `hidden from owner`. The kinds no player's public zone can hold (money
        # only ever in hands, waiting to be spent) are no component: all of it would be everyone's.
        # A card of a kind that no player's zone can hold at all (a Carcassonne tile: stack, drawn
        # tile, table) is used in a game when a rule moves it (`move`, `draw`...; not `fill`, which
        # sets it out), by no one seat: it counts its games, with no win rate to compare (seat -1).
        # A per-player piece is every seat's.
        self.held: dict[str, int] = {}    # the entity's name before '#' -> its component
        self.moved: dict[str, int] = {}   # the same, of a card that only shared zones hold
        declared: dict = {}   # the copies of one declaration (`card guard * 5`: guard, guard#2, ...) are one component
        copies: dict = {}     # its component -> the title of each copy, in order
        zones, visibility, counted = program.zones, program.visibility, program.counted
        fired = reaction_tids(program)   # a reaction is used when it fires, not when a game gives it out
        # a card whose rules are card overrides (`override func NAME(...) in ZONE`, the declarations
        # `NAME.CARD`) is used by a seat when one of them runs for it (Game.held_use), not by holding it
        overriders = {name.partition(".")[2] for name in list(program.procs) + list(program.funcs)}
        self.overrides: dict[str, int] = {}
        reactions: dict = {}   # a reaction's trigger -> {card: its component} (a kind's reaction: every card's)
        self.public = {zone for zone, (per_player, _kind) in zones.items()
                       if per_player and (zone not in visibility or zone in counted)}
        self.seen = {zone for zone, (per_player, _kind) in zones.items()
                     if per_player and (visibility.get(zone) not in ("secret", "hidden from owner") or zone in counted)}
        # a pack whose manifest names its `used` zones (Race for the Galaxy's tableau, where a hand is
        # money): a card without effects is used by the seat whose zone of those holds it, and only the
        # kinds those zones hold are components
        used = [zone for zone in used if zone in zones and zones[zone][0]]
        if used:
            self.public = self.seen = set(used)
        held_kinds = {kind for zone in self.public for kind in zones[zone][1]}
        players_kinds = {kind for zone, (per_player, kinds) in zones.items() if per_player for kind in kinds}
        # A card that only zones hidden from the other players hold (a Wingspan bonus card in a hand) but
        # that has computed fields (its `worth`, read when scoring) is used by the seat a rule reads one
        # of them for (`b.worth`: you; `b.worth(p)`: p), not by holding it: holding it is all it does
        # until its value decides something.
        defaults = program.computed_defaults
        for e in program.entities.values():
            shared_only = not e.per_player and not ({e.kind, "any"} & players_kinds)
            name = e.name.split("#", 1)[0]
            # (a per-player piece, every seat's, is a component only where the pack names `used`
            # zones: an action card each player has is used when it lies in one, Race's chosen action; a
            # `shared` role, each holder's own copy of it, is one component as a role one player holds is)
            public = (not e.per_player or bool(used) or e.kind == ROLE_KIND) and \
                (e.kind in held_kinds or "any" in held_kinds)
            # (a slot its kind gives it that can never run for it, `when this.boost` of an attack card, is no
            # effect of the card: it is used as a card without effects is, Program.idle)
            live = program.live_effects(e)
            if e.computed and not (live or name in overriders or shared_only or public):
                index = declared.get((e.kind, name))
                if index is None:
                    index = declared[e.kind, name] = self._add(e.kind, name, e.title)
                    copies[index] = []
                copies[index].append(e.title)
                e.computed = {f: self._wrap_read(fn, index) for f, fn in e.computed.items()}   # its own dict
                continue
            if live or name in overriders or shared_only or public:
                index = declared.get((e.kind, name))
                if index is None:
                    index = declared[e.kind, name] = self._add(e.kind, name, e.title)
                    copies[index] = []
                copies[index].append(e.title)
                if name in overriders:
                    self.overrides[name] = index
                # a computed field the card gives itself (Gardens' `points = ...;`) is one of its rules, as
                # `cover` counts it: read for a seat, the card is used by that seat, wherever it lies
                own = {f for f, fn in e.computed.items() if fn is not defaults.get(e.kind, {}).get(f)}
                if own:
                    e.computed = {f: self._wrap_read(fn, index) if f in own else fn for f, fn in e.computed.items()}
                if live:
                    # (a reaction's slot runs for every player when a game is made: it registers, it is no
                    # use; the triggers it registers are, when they fire for the holder)
                    e.effects = {slot: fn if is_reaction_slot(slot) else self._wrap(fn, index)
                                 for slot, fn in e.effects.items()}
                    for slot in e.effects:
                        for tid in fired.get((e.name, slot), ()):
                            reactions.setdefault(tid, {})[name] = index
                elif name in overriders:
                    pass
                elif shared_only:
                    self.moved[name] = index
                else:
                    self.held[name] = index
        for tid, cards in reactions.items():
            if tid in program.triggers:
                fn, span = program.triggers[tid]
                program.triggers[tid] = (self._wrap_reaction(fn, cards), span)
            elif program.hooks.get(tid, (None, None))[1] is not None:   # one with a consequence (7.7d): used
                ask, fn = program.hooks[tid]                              # when its holder uses it
                program.hooks[tid] = (ask, self._wrap_reaction(fn, cards))
            else:   # a card's modifier (`modifier ... in ZONE`): used by its holder when it applies to a use
                program.conditions[tid] = self._wrap_held(program.conditions[tid], cards)
        for index, titles in copies.items():
            if len(titles) > 1:   # one row for the declaration: it says how many copies it stands for
                name = self.components[index][1]
                self.titles[index] = copies_title([t or name for t in titles])
        for t in program.tracks.values():
            for pos, space in sorted(t.spaces.items()):
                space.benefit = self._wrap(space.benefit, self._add("track space", f"{t.name} {pos}",
                                                                    t.title and f"{t.title} {pos}"))
            for pos in sorted(t.reaches):
                t.reaches[pos] = self._wrap(t.reaches[pos], self._add("track reward", f"{t.name} {pos}",
                                                                      t.title and f"{t.title} {pos}"))
        for die, faces in program.dice.items():   # a face is shown with its die: "Die: 6", not a bare "6"
            named = program.die_titles.get(die, die)
            faces[:] = [(title, self._wrap(fn, self._add(ROLLED, f"{die} {i}", title and (
                             f"{named} {title}" if title.startswith("= ") else f"{named}: {title}"))), value)
                        for i, (title, fn, value) in enumerate(faces, start=1)]

    def note_held(self, game: Game) -> None:
        """Each card without effects that a zone of a player's they see holds now is used by them (see
        __init__): where the game put them, and at the end."""
        held, used, seen = self.held, self.used, self.seen
        if held:
            where = game.state.where
            for key, (owner, zone, *rest) in where.items():
                index = held.get(key.split("#", 1)[0].partition("@")[0])   # (a per-player piece: NAME@P1)
                if index is not None and len(rest) > 1:   # under a card (`b.tucked`): that card's player's, if
                    place = where.get(rest[1].key)         # it is in a zone they see (one level up)
                    owner, zone = (place[0], place[1]) if place is not None else (None, zone)
                if index is not None and owner is not None and owner.is_player and zone in seen:
                    used.add((index, owner.index))

    def follow(self, game: Game) -> None:
        """Follow a game's cards without effects as rules put them somewhere (see __init__)."""
        held, moved, used, seen = self.held, self.moved, self.used, self.seen
        if self.overrides:
            overrides = self.overrides

            def held_use(card, holder) -> None:
                index = overrides.get(card.name.split("#", 1)[0])
                if index is not None and holder.is_player:
                    used.add((index, holder.index))

            game.held_use = held_use
        if not held and not moved:
            return
        self.note_held(game)

        def watch(e, owner, zone: str, by_rule: bool) -> None:
            name = e.name.split("#", 1)[0]
            index = held.get(name)
            if index is not None and owner is None and game.state.held:   # under a card: its player's
                place = game.state.where.get(e.key)
                if place is not None and len(place) > 3:
                    up = game.state.where.get(place[3].key)
                    owner, zone = (up[0], up[1]) if up is not None else (None, zone)
            if index is not None:
                if owner is not None and owner.is_player and zone in seen:
                    used.add((index, owner.index))
            elif by_rule and (index := moved.get(name)) is not None:
                used.add((index, -1))

        follow_moves(game, watch)

    def _add(self, kind: str, name: str, title: Optional[str] = None) -> int:
        self.components.append((kind, name))
        self.titles.append(title or None)
        return len(self.components) - 1

    def _wrap(self, fn: Callable, index: int) -> Callable:
        used = self.used

        def recorded(game, you, *rest):
            if you.is_player:
                used.add((index, you.index))
            return fn(game, you, *rest)

        return recorded

    def _wrap_read(self, fn: Callable, index: int) -> Callable:
        """A computed field's function (rt, reader, this), noting its card used by the reader, a seat."""
        used = self.used

        def recorded(game, reader, this):
            if getattr(reader, "is_player", False):
                used.add((index, reader.index))
            return fn(game, reader, this)

        return recorded

    def _wrap_reaction(self, fn: Callable, cards: dict) -> Callable:
        """A reaction's trigger, noting its card (`this`, as saved when registered) used by its holder."""
        used = self.used

        def recorded(game, you, it, env):
            this = env.get("this")
            index = cards.get(this.name.split("#", 1)[0]) if this is not None else None
            if index is not None and you.is_player:
                used.add((index, you.index))
            return fn(game, you, it, env)

        return recorded


    def _wrap_held(self, fn: Callable, cards: dict) -> Callable:
        """A card's modifier's `while` (its copy in its zone, and COND): the card used by its holder when
        it holds for a use (the modifier changes it)."""
        used = self.used

        def recorded(game, you, env, it):
            held = fn(game, you, env, it)
            if held:
                this = env.get("this")
                index = cards.get(this.name.split("#", 1)[0]) if this is not None else None
                if index is not None and you.is_player:
                    used.add((index, you.index))
            return held

        return recorded


def copies_title(titles: list) -> str:
    """A declaration of copies as a table lists it: "Blue 1-9 (9 copies)" when the titles count up
    at their end, "Guard (5 copies)" when they are one, "Red 1 ... Green 9 (9 copies)" otherwise."""
    first, last, n = titles[0], titles[-1], len(titles)
    if first == last and len(set(titles)) == 1:
        return f"{first} ({n} copies)"
    stem = first.rstrip("0123456789")
    if stem and last.startswith(stem) and first[len(stem):] and last[len(stem):].isdigit():
        return f"{first}-{last[len(stem):]} ({n} copies)"
    return f"{first} ... {last} ({n} copies)"


class SharedOnly(tuple):
    """A component (kind, name, title) of a card that only shared zones hold: a report leaves it out
    when no game moved it (the spaces of a board, dice in a pool: set out, never something to use)."""


def component_names(program: Program, used: Sequence[str] = ()) -> list[tuple[str, str, Optional[str]]]:
    """The (kind, name, title or None) of every component the recorder follows, in its index order
    (this wraps the program's functions, harmlessly: pass one loaded for the purpose); those of cards
    only shared zones hold are SharedOnly."""
    recorder = UsageRecorder(program, used)
    moved = set(recorder.moved.values())
    return [(SharedOnly if i in moved else tuple)((kind, name, title))
            for i, ((kind, name), title) in enumerate(zip(recorder.components, recorder.titles))]


def score_keys(pack: str, expansions: Sequence[str]) -> list[str]:
    """The winner keys of the stack's game as written (`prestige`, `vp - debt`, then tie-breaks)."""
    return stack_facts(pack, expansions)[0]


def stack_facts(pack: str, expansions: Sequence[str]) -> tuple[list[str], tuple]:
    """From one analysis of the stack: its winner keys (score_keys) and where its counters, resources, tracks,
    zones and variables are declared (Job.declared, for W642)."""
    from rulebook.compiler.driver import analyse
    from rulebook.compiler.layout import key_texts

    from .growth import declared_places

    symbols = analyse(pack, expansions).symbols
    places = tuple(declared_places(symbols).items())
    if symbols.game is None:
        return ["score"], places
    # none for a game without a winner line (every ending sudden), as for `together`
    return key_texts(symbols.game), places


class Tallied:
    """Mixed into a game's class by `play_game`: adds up the units each resource or counter left out at a
    bound (`Game.cut_at_bound`: a gain past a cap, a loss below a floor), by name and bound, in the class's
    `tally`, which play_game empties before each game (a process plays one game at a time) and reads
    after it. A hypothetical run (`EXPR after PROC()`) changes nothing, so what it cuts is not counted.
    No attribute is added to the game: a Game keeps its attributes few (tests/test_engine_speed.py)."""

    tally: dict = {}

    def cut_at_bound(self, name: str, amount: int, over: bool) -> None:
        if amount > 0 and HYPOTHETICAL not in self.memo:
            key = (name, over)
            Tallied.tally[key] = Tallied.tally.get(key, 0) + amount


@functools.lru_cache(maxsize=None)
def _tallied_class(base: type) -> type:
    return type(f"Tallied{base.__name__}", (Tallied, Watched, base),
                {"__doc__": f"A {base.__name__} that tallies (Tallied) and is watched (growth.Watched)."})


def play_game(program: Program, recorder: UsageRecorder, job: Job, seed: int) -> GameRecord:
    """Play one seeded game; a game that fails is recorded with its log so far, never raised."""
    recorder.used.clear()
    Tallied.tally.clear()
    game = Game(program, job.players, seed, make_agents(job.agent, job.players, seed), job.variants,
                job.roles or None)
    game.__class__ = _tallied_class(type(game))
    game = limit(game, job.limits)
    recorder.follow(game)
    lengths = _LENGTHS.setdefault(_key(job), [])
    growth = watch(game, lengths, to_stderr(seed, dict(job.declared)))   # W642, said at once while it plays
    try:
        result = game.play()
    except Stopped as e:   # at a limit: counted apart, not scored
        return GameRecord(seed, decisions=game.decisions_made, stopped=e.reason, growing=growth.found)
    except Exception as e:  # the run goes on; the failure is reported with a replayable log
        rules = isinstance(e, RulesRuntimeError)
        where, notes = (e.where, list(e.notes)) if rules else (None, [])
        message = f"error[{e.code}]: {e.message}" if rules else f"{type(e).__name__}: {e}"
        return GameRecord(seed, decisions=game.decisions_made,
                          error={"message": message, "where": where, "notes": notes,
                                 "entries": [list(x) for x in game.log]}, growing=growth.found)
    finally:
        unwatch(game)
    bisect.insort(lengths, game.decisions_made)   # kept sorted: the next watch reads its median at once
    recorder.note_held(game)
    names = [p.name for p in game.state.players]
    winners = result["winners"]
    # a shared win is split between the winners; nobody winning gives every seat 0; a cooperative
    # game's win is the whole team's: every seat 1 (and the record's `team` says it once); a team game's
    # (`winner ... by team`) is each member's whole, split only between teams that tie
    sharing = len({result["teams"][n] for n in winners}) if "teams" in result else len(winners)
    share = 1.0 if result.get("together") else 1 / sharing if winners else 0.0
    # a cooperative game scored and neither won nor lost (`team_won` null) has no team win to count
    won_or_lost = result.get("together") and result.get("team_won", False) is not None
    return GameRecord(seed, wins=[share if n in winners else 0.0 for n in names],
                      scores=[result["scores"][n] for n in names], decisions=game.decisions_made,
                      used=sorted(recorder.used), team=(1.0 if winners else 0.0) if won_or_lost else None,
                      team_score=result.get("team_score"), draw=bool(result.get("draw")),
                      sudden=result.get("sudden"), reason=result.get("reason") if "sudden" in result else None,
                      roles=[next((e.label() for e in p.zones.get("role.held", ())), None) for p in game.state.players]
                      if program.roles else None,
                      bounds=[[name, "cap" if over else "floor", units] for (name, over), units in Tallied.tally.items()],
                      growing=growth.found)


# ---------------------------------------------------------------- workers

_LOADED: dict = {}   # per worker process: (digest, interpreted, used) -> (Program, UsageRecorder)
# per worker process, by the same key: the decisions of each game it finished, sorted, which a game's watch compares with
_LENGTHS: dict = {}


def _key(job: Job) -> tuple:
    return job.digest, job.interpreted, job.used


def _loaded(job: Job) -> tuple[Program, UsageRecorder]:
    """The job's Program with its recorder, loaded once per process from the shipped module source (or
    built on the interpreter from the shipped rules texts): never from the pack's folder."""
    key = _key(job)
    if key not in _LOADED:
        from rulebook.compiler.driver import interpret_texts, program_from_source

        program = interpret_texts(job.texts, job.name) if job.interpreted else \
            program_from_source(job.source, job.digest, f"<{job.name} {job.digest}>")
        _LOADED[key] = (program, UsageRecorder(program, job.used))
    return _LOADED[key]


def play_chunk(job: Job, seeds: Sequence[int]) -> list[GameRecord]:
    """Play a run of seeds in this process (the unit of work a worker receives)."""
    program, recorder = _loaded(job)
    return [play_game(program, recorder, job, s) for s in seeds]


def _load_afresh(job: Job) -> None:
    """Build the job's Program again in this process. A module builds a fresh Program each time it
    is loaded, and an earlier one does not survive a later build in the same process (they share the
    module's entity table), so a forked worker or an in-process run must not reuse an older one."""
    _LOADED.pop(_key(job), None)
    _LENGTHS.pop(_key(job), None)   # (a new run: a watch compares with this run's games)
    _loaded(job)


def chunks(seeds: Sequence[int], workers: int) -> list[list[int]]:
    """Seeds in runs small enough for a smooth progress bar and an even share between workers."""
    size = max(1, min(25, len(seeds) // (workers * 8) or 1))
    return [list(seeds[i:i + size]) for i in range(0, len(seeds), size)]


def _start_method():
    """'fork' where the OS has it: a worker starts in milliseconds with everything already imported
    (spawn re-imports the command and the compiler in each worker, about half a second). The caller
    must then have no other threads running (the CLI's progress bar refreshes by hand); 'spawn'
    elsewhere."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def run(job: Job, seeds: Sequence[int], workers: int = 1, backend: str = "local",
        ray_address: Optional[str] = None,
        progress: Callable[[list], None] = lambda records: None) -> list[GameRecord]:
    """Play every seed on the chosen backend; `progress` sees each chunk's records as they arrive (in
    any order), and the records come back sorted by seed."""
    parts = chunks(seeds, workers)
    if backend == "ray":
        records = _run_ray(job, parts, ray_address, progress)
    elif workers <= 1:
        _load_afresh(job)
        records = []
        for part in parts:
            part_records = play_chunk(job, part)
            records += part_records
            progress(part_records)
    else:
        records = []
        with ProcessPoolExecutor(workers, mp_context=_start_method(), initializer=_load_afresh,
                                 initargs=(job,)) as pool:
            for done in as_completed([pool.submit(play_chunk, job, part) for part in parts]):
                part_records = done.result()
                records += part_records
                progress(part_records)
    return sorted(records, key=lambda r: r.seed)


def _run_ray(job: Job, parts: list, address: Optional[str], progress: Callable[[list], None]) -> list:
    """The same chunks as Ray tasks: a cluster at `address` (or $RAY_ADDRESS), else a local Ray."""
    import ray

    started = not ray.is_initialized()
    if started:
        try:
            ray.init(address=address, log_to_driver=False, include_dashboard=False)
        except Exception as e:  # Ray's own errors (no cluster at the address...) become one clean message
            raise BackendError(f"cannot start or reach Ray{f' at {address}' if address else ''}: "
                               f"{type(e).__name__}: {e}") from None
    try:
        remote = ray.remote(play_chunk)
        job_ref = ray.put(job)
        pending = [remote.remote(job_ref, part) for part in parts]
        records = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            part_records = ray.get(done[0])
            records += part_records
            progress(part_records)
        return records
    finally:
        if started:
            ray.shutdown()


# ---------------------------------------------------------------- statistics

@functools.lru_cache(maxsize=None)
def _z() -> float:
    from scipy.special import ndtri   # the normal quantile (scipy.special loads in half scipy.stats' time)

    return float(ndtri(0.5 + CONFIDENCE / 2))


def wilson(successes: float, n: int) -> tuple[float, float]:
    """The Wilson score interval of a proportion (successes may be fractional: shared wins)."""
    if n == 0:
        return (0.0, 1.0)
    z = _z()
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    # at 0 or n successes the bound is exactly 0 or 1 (rounding would leave 3e-18 in a report)
    return (0.0 if successes == 0 else max(0.0, centre - half), 1.0 if successes == n else min(1.0, centre + half))


def difference_interval(s1: float, n1: int, s2: float, n2: int) -> tuple[float, float]:
    """Newcombe's interval for p1 - p2 of two independent proportions, from their Wilson intervals."""
    p1, p2 = s1 / n1, s2 / n2
    (l1, u1), (l2, u2) = wilson(s1, n1), wilson(s2, n2)
    d = p1 - p2
    return (d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2))


def paired_interval(deltas: Sequence[float]) -> tuple[float, float, float]:
    """Mean of paired differences and its t interval (a zero spread gives a zero-width interval)."""
    from scipy.special import stdtrit   # Student's t quantile

    n = len(deltas)
    mean = statistics.fmean(deltas) if n else 0.0
    if n < 2:
        return mean, -math.inf, math.inf
    half = float(stdtrit(n - 1, 0.5 + CONFIDENCE / 2)) * statistics.stdev(deltas) / math.sqrt(n)
    return mean, mean - half, mean + half


def _spread(values: Sequence[float]) -> dict:
    return {"mean": statistics.fmean(values), "sd": statistics.pstdev(values), "min": min(values),
            "max": max(values), "median": statistics.median(values)}


def seat_table(records: list[GameRecord], players: int, keys: Sequence[str], names: Sequence[str] = ()) -> list[dict]:
    """Per seat (by its name, `names`, or P1, P2, ...): win rate with its interval, and the mean and spread
    of each scoring key."""
    played = [r for r in records if r.finished]
    n = len(played)
    seats = []
    for seat in range(players):
        wins = sum(r.wins[seat] for r in played)
        low, high = wilson(wins, n)
        scores = {label: _spread([float(r.scores[seat][k]) for r in played]) if played else None
                  for k, label in enumerate(keys)}
        first = scores[keys[0]]["mean"] if played and keys else None
        seats.append({"seat": names[seat] if names else f"P{seat + 1}", "win_rate": wins / n if n else None, "ci_low": low,
                      "ci_high": high, "mean_score": first, "scores": scores})
    return seats


def team_table(records: list[GameRecord], teams: Sequence[int], by_team: bool) -> list[dict]:
    """A game with teams: per team (from 1), its win rate with its interval. A team's share of a game is
    its members' shares added up, or, when they win together (`by team`), one member's."""
    played = [r for r in records if r.finished]
    rows = []
    for team in range(1, max(teams) + 1):
        seats = [i for i, t in enumerate(teams) if t == team]
        wins = sum((max if by_team else sum)(r.wins[i] for i in seats) for r in played)
        low, high = wilson(wins, len(played))
        rows.append({"team": team, "win_rate": wins / len(played) if played else None, "ci_low": low, "ci_high": high})
    return rows


def role_table(records: list[GameRecord]) -> list[dict]:
    """A pack with roles: per role (by title), the games a seat held it, and its win rate with its interval, in
    the order the roles were first met; none for a pack without roles."""
    played = [r for r in records if r.finished and r.roles]
    held: dict = {}
    for r in played:
        for seat, role in enumerate(r.roles):
            if role is not None:
                entry = held.setdefault(role, [0, 0.0])
                entry[0] += 1
                entry[1] += r.wins[seat]
    rows = []
    for role, (n, wins) in held.items():
        low, high = wilson(wins, n)
        rows.append({"role": role, "games": n, "win_rate": wins / n if n else None, "ci_low": low, "ci_high": high})
    return rows


def draw_rate(records: list[GameRecord]) -> dict:
    """A game that may be drawn (`winner ... else draw`): the share of the finished games drawn, with its interval."""
    played = [r for r in records if r.finished]
    draws = sum(r.draw for r in played)
    low, high = wilson(draws, len(played))
    return {"draws": draws, "rate": draws / len(played) if played else None, "ci_low": low, "ci_high": high,
            "games": len(played)}


def sudden_endings(records: list[GameRecord]) -> Optional[dict]:
    """The finished games that ended at once (`end game won by P "REASON";` / `lost by P`): how many, their
    share with its interval, and the games of each outcome and reason, most first; None when none did."""
    played = [r for r in records if r.finished]
    sudden = [r for r in played if r.sudden is not None]
    if not sudden:
        return None
    counts: dict = {}
    for r in sudden:
        counts[r.sudden, r.reason] = counts.get((r.sudden, r.reason), 0) + 1
    low, high = wilson(len(sudden), len(played))
    return {"games": len(sudden), "rate": len(sudden) / len(played), "ci_low": low, "ci_high": high,
            "endings": [{"outcome": outcome, "reason": reason, "games": n} for (outcome, reason), n in
                        sorted(counts.items(), key=lambda item: (-item[1], item[0][0], item[0][1] or ""))]}


def team_rate(records: list[GameRecord]) -> dict:
    """A cooperative game's win rate: the share of the finished games the team won, with its interval."""
    played = [r for r in records if r.finished]
    wins = sum(r.team or 0.0 for r in played)
    low, high = wilson(wins, len(played))
    return {"win_rate": wins / len(played) if played else None, "ci_low": low, "ci_high": high,
            "games": len(played)}


def team_score_table(records: list[GameRecord], text: str) -> Optional[dict]:
    """A cooperative game's score over the finished games: its rules text, mean with a 95% t interval,
    spread, median, extremes and distribution (each score reached, with the number of games, lowest
    first); None when no game finished."""
    values = [r.team_score for r in records if r.finished and r.team_score is not None]
    if not values:
        return None
    _mean, low, high = paired_interval(values)   # the t interval of a mean (of scores, not differences)
    counts: dict = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return {"text": text, **_spread(values), "ci_low": low if len(values) > 1 else None,
            "ci_high": high if len(values) > 1 else None, "games": len(values),
            "distribution": [[v, counts[v]] for v in sorted(counts)]}


# The kind of component that is rolled, not chosen: a die's face. A seat "uses" it when it rolls it, which
# says how long the game lasted (or who played first), not what the face is worth: its row counts the games
# and seats that rolled it, with no win rate to compare (`rolled`: listed apart).
ROLLED = "die face"


def component_table(records: list[GameRecord], players: int, components: list[tuple[str, str, Optional[str]]],
                    together: bool = False) -> list[dict]:
    """Per component: games it was used in, and the win rate of seats that used it versus those that
    did not (with intervals), sorted by that difference, largest first; a die's face (ROLLED) has
    its counts and no rates. In a cooperative game
    (`together`) the unit is the game: the team's win rate in the games where anyone used the
    component versus the games where nobody did (`seats_used` then counts those games)."""
    played = [r for r in records if r.finished]
    if together:   # one seat standing for the team: each game counts once, won or lost
        records = [GameRecord(r.seed, wins=[r.team or 0.0], used=sorted({(c, 0) for c, _seat in r.used}))
                   for r in played]
        rows = component_table(records, 1, components)
        if played and all(r.team is None for r in played):   # a score, no win or loss: uses, no rates
            for row in rows:
                row.update({k: None for k in row if k.startswith(("win_rate", "ci_", "effect"))})
            rows.sort(key=lambda row: (row["kind"], row["name"]))
        return rows
    used_wins = [0.0] * len(components)
    used_seats = [0] * len(components)
    games_used = [0] * len(components)
    for r in played:
        for index in {c for c, _seat in r.used}:
            games_used[index] += 1
        for index, seat in r.used:
            if seat >= 0:   # -1: used in the game by no one seat (a card only shared zones hold)
                used_wins[index] += r.wins[seat]
                used_seats[index] += 1
    all_seats = len(played) * players
    total_wins = sum(sum(r.wins) for r in played)
    rows = []
    for index, (kind, name, title) in enumerate(components):
        if type(components[index]) is SharedOnly and not games_used[index]:
            continue   # no game moved it: set out and left, nothing a player used or failed to use
        n_used, n_unused = used_seats[index], all_seats - used_seats[index]
        # the unused seats' wins by subtraction: shared wins (1/3 each) leave a float's error, which
        # must not show as a negative rate ("-0.0%", -3.55e-15) when those seats won nothing
        w_used, w_unused = used_wins[index], max(0.0, round(total_wins - used_wins[index], 9))
        rolled = kind == ROLLED   # a die's face: the dice chose it, not the seat (Backgammon audit D6)
        low, high = wilson(w_used, n_used) if n_used and not rolled else (None, None)
        effect, e_low, e_high = None, None, None
        if n_used and n_unused and not rolled:
            effect = w_used / n_used - w_unused / n_unused
            e_low, e_high = difference_interval(w_used, n_used, w_unused, n_unused)
        rows.append({"name": name, "title": title, "kind": kind, "games_used": games_used[index], "seats_used": n_used,
                     "win_rate_used": w_used / n_used if n_used and not rolled else None,
                     "win_rate_unused": w_unused / n_unused if n_unused and not rolled else None,
                     "ci_low": low, "ci_high": high, "effect": effect, "effect_ci_low": e_low,
                     "effect_ci_high": e_high, **({"rolled": True} if rolled else {})})
    return sorted(rows, key=lambda row: (row["effect"] is None, -(row["effect"] or 0.0), row["kind"], row["name"]))


def paired_differences(mine: list[GameRecord], theirs: list[GameRecord], players: int,
                       names: Sequence[str] = (), teams: Sequence[int] = (), by_team: bool = False) -> list[dict]:
    """Per seat (by my pack's seat names, `names`, or P1, P2, ...): the mean of (my win share - their win
    share) over seeds both packs finished, then, for a game with `teams` (each seat's, from 1; both packs
    seating them alike), a row `team N` per team: its share as `team_table` counts it; when
    both packs are cooperative, one row, `team`: the difference of the team's wins, and when both
    are scored, a row `team score`: the difference of the team's scores (either row alone when only
    it applies)."""
    theirs_by_seed = {r.seed: r for r in theirs if r.finished}
    pairs = [(r, theirs_by_seed[r.seed]) for r in mine if r.finished and r.seed in theirs_by_seed]
    team_rows = []
    for row, field in (("team", "team"), ("team score", "team_score")):
        if pairs and all(getattr(a, field) is not None and getattr(b, field) is not None for a, b in pairs):
            delta, low, high = paired_interval([getattr(a, field) - getattr(b, field) for a, b in pairs])
            team_rows.append({"seat": row, "delta": delta, "ci_low": low, "ci_high": high, "pairs": len(pairs)})
    if team_rows:
        return team_rows
    rows = []
    for seat in range(players):
        delta, low, high = paired_interval([a.wins[seat] - b.wins[seat] for a, b in pairs])
        rows.append({"seat": names[seat] if names else f"P{seat + 1}", "delta": delta, "ci_low": low, "ci_high": high, "pairs": len(pairs)})
    share = max if by_team else sum   # as team_table: one member's share when they win together
    for team in range(1, max(teams, default=0) + 1):
        seats = [i for i, t in enumerate(teams) if t == team]
        delta, low, high = paired_interval([share(a.wins[i] for i in seats) - share(b.wins[i] for i in seats)
                                            for a, b in pairs])
        rows.append({"seat": f"team {team}", "team": team, "delta": delta, "ci_low": low, "ci_high": high,
                     "pairs": len(pairs)})
    return rows


def bound_table(records: list[GameRecord]) -> list[dict]:
    """Per resource or counter and bound (`cap`: gains and sets past it; `floor`: losses and sets below it),
    in the games that finished: in how many games units were left out there, how many in all, and how
    many a game; the most frequent first."""
    finished = [r for r in records if r.finished]
    games: dict = {}
    units: dict = {}
    for r in finished:
        for name, at, n in r.bounds:
            games[name, at] = games.get((name, at), 0) + 1
            units[name, at] = units.get((name, at), 0) + n
    return [{"name": name, "at": at, "games": games[name, at], "rate": games[name, at] / len(finished),
             "units": units[name, at], "per_game": units[name, at] / len(finished)}
            for name, at in sorted(games, key=lambda k: (-games[k], -units[k], k))]


def growing_games(job: Job, records: list[GameRecord]) -> list[dict]:
    """W642: each game found far longer than those finished before it (finished since, failed at the decision
    limit or stopped at a limit of the command line), with what kept growing, where it is declared, and the
    warning's text."""
    places = dict(job.declared)
    return [{"seed": r.seed, **r.growing, "warning": growth_text(r.seed, r.growing, places),
             "grows": [{**g, "at": places.get(g["name"].split("[", 1)[0])} for g in r.growing["grows"]]}
            for r in records if r.growing is not None]


def length_table(records: list[GameRecord]) -> Optional[dict]:
    """Game length in decisions: mean, spread, extremes."""
    lengths = [r.decisions for r in records if r.finished]
    return _spread(lengths) if lengths else None


def failure_logs(job: Job, records: list[GameRecord], folder) -> list[dict]:
    """Write a replayable log of every failed game (`rulebook replay` reproduces the error)."""
    from pathlib import Path

    from rulebook.compiler.driver import write_atomic

    from .record import GameLog, expansion_entries

    failures = []
    located = None   # the expansions as a log records them, found once for all the failed games
    for r in records:
        if r.error is None:
            continue
        located = located if located is not None else expansion_entries(job.expansions)
        path = Path(folder) / f"{job.name}-{job.players}p-seed{r.seed}.json"
        log = GameLog(pack=job.base, location=job.pack, expansions=located, digest=job.digest,
                      players=job.players, seed=r.seed, variants=sorted(job.variants), roles=list(job.roles) or None,
                      entries=[tuple(e) for e in r.error["entries"]], final_digest=None, error=r.error["message"])
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, log.model_dump_json(indent=1, by_alias=True))
        failures.append({"seed": r.seed, "error": r.error["message"], "where": r.error["where"],
                         "log": str(path)})
    return failures


def summary(job: Job, records: list[GameRecord], keys: Sequence[str], components: list, seed: int) -> dict:
    """The report of one pack's games (the JSON `rulebook simulate` writes, less `against`)."""
    return {
        "pack": job.pack, "with": list(job.expansions), "players": job.players, "games": len(records),
        "seed": seed, "variants": list(job.variants), "agent": job.agent, "score_keys": list(keys),
        "seats": seat_table(records, job.players, keys, job.seat_names), "length": length_table(records),
        "bounds": bound_table(records),
        **({"teams": list(job.teams), "team_rates": team_table(records, job.teams, job.by_team)} if job.teams else {}),
        # only for a game that may be drawn: by its winner line's `else draw`, or one of these games ended `drawn`
        **({"draws": draw_rate(records)} if job.draws or any(r.draw for r in records) else {}),
        **({"sudden": sudden} if (sudden := sudden_endings(records)) else {}),   # only when a game ended at once
        "components": component_table(records, job.players, components, job.together),
        "failed": sum(r.error is not None for r in records),
        **({"stopped": sum(r.stopped is not None for r in records), "limits": job.limits.reason(),
            "stopped_seeds": [r.seed for r in records if r.stopped is not None]} if job.limits else {}),
        **({"roles": roles} if (roles := role_table(records)) else {}),   # only for packs with roles
        **({"seated_roles": list(job.roles)} if job.roles else {}),   # only when `--roles` seated them
        **({"growing": growing} if (growing := growing_games(job, records)) else {}),   # W642: only when one grew
        **({"together": True, "team": team_rate(records) if job.won_or_lost else None} if job.together else {}),
        **({"team_score": team_score_table(records, job.team_score)} if job.team_score is not None else {}),
    }
