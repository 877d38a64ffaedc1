"""Game logs and saved states (pydantic at this boundary): record a game, save it, load it, replay it
exactly; every field of a file is validated before the runtime sees it."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from typing import Literal, Optional, Sequence, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_serializer, model_validator

from rulebook.dsl.ast import decimal_text
from rulebook.dsl.diagnostics import RulesError
from rulebook.dsl.files import read_limited, write_atomic

from .engine import MAX_SEATS, SEED_LIMIT, Game, RulesRuntimeError, checked_seat_roles, seating_refusal
from .program import Program
from .state import State, StateError, check_saved, seat_names

LOG_FORMAT = "rulebook-log/4"   # /3 (no unfinished games) and /2 (expansions as typed, not located) are still read
MAX_FILE_BYTES = 16 * 1024 * 1024     # a log or a saved state; a long game's log is about 20 KB
MAX_OPTIONS = 1_000_000

NAME = r"^[A-Za-z_][A-Za-z0-9_]*$"
Digest = Field(pattern=r"^[0-9a-f]{16,64}$")


def without_absent(data: dict, *keys: str) -> dict:
    """A model's dumped `data` without those of `keys` that are None: fields added to the files later are left
    out where a game has none, so every other file reads as it always did."""
    for key in keys:
        if data.get(key) is None:
            data.pop(key, None)
    return data


class Result(BaseModel):
    """A game's final scores (by the winner keys), its winners and the final state digest."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    # a decimal key's value (`most area() + komi`, branch decimal) as its digits, "7.5": exact, never a float
    scores: dict[str, list[Union[int, str]]]
    winners: list[str]
    digest: str = Digest
    team_score: Optional[int] = None   # a cooperative game's score (`winner together ... score EXPR`)
    draw: Optional[bool] = None   # a drawn game (`winner ... else draw`)
    reason: Optional[str] = None   # why the game ended (`end game "REASON";`)
    sudden: Optional[str] = None   # "won", "lost" or "drawn": `end game won by P;` / `lost by P` / `drawn` decided it at once

    @model_serializer(mode="wrap")
    def _without_absent_score(self, handler):
        """The team's score, the draw and the reason only when the game has them: other games' logs read as
        they always did."""
        return without_absent(handler(self), "team_score", "draw", "reason", "sudden")


def _logged_result(game) -> Result:
    """The part of a game's result that a log holds (the score table's key texts and parts are not)."""
    result = game.result()
    logged = {key: result[key] for key in Result.model_fields if key in result}
    if any(type(v) is Fraction for values in logged["scores"].values() for v in values):
        logged["scores"] = {p: [decimal_text(v) if type(v) is Fraction else v for v in values]
                            for p, values in logged["scores"].items()}
    return Result.model_validate(logged)


class Expansion(BaseModel):
    """An expansion a logged game was stacked with (`--with`), recorded as the base pack is: by name and
    the content digest of its own rules, with its absolute folder as a hint for finding it again."""

    model_config = ConfigDict(extra="forbid", strict=True)

    name: str = Field(pattern=r"^[a-z][a-z0-9_-]*$")
    digest: str = Digest
    location: str


def expansion_entries(refs: Sequence[Union[str, Expansion]]) -> list[Expansion]:
    """The log entries of the expansions given as on the command line (paths or pack names): each
    located now, so a replay from another folder finds it."""
    from rulebook.compiler.driver import pack_digest
    from rulebook.compiler.pack import load_pack, locate

    entries = []
    for ref in refs:
        if isinstance(ref, Expansion):
            entries.append(ref)
            continue
        root = locate(ref)
        entries.append(Expansion(name=load_pack(root).name, digest=pack_digest(root), location=str(root)))
    return entries


class Unfinished(BaseModel):
    """Where the log of a game saved before its end stops: the seat the pending decision asks and the
    state's digest there (not a final digest: the game goes on when it is resumed)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    player: int = Field(ge=0, lt=MAX_SEATS)
    digest: str = Digest
    # a game stopped at a limit of the command line (`--max-rounds 60`): why, as the report said it
    stopped: Optional[str] = Field(default=None, max_length=200)

    @model_serializer(mode="wrap")
    def _without_absent_stop(self, handler):
        """`stopped` only for a stopped game: a saved game's log reads as it always did."""
        return without_absent(handler(self), "stopped")


DecisionEntry = tuple[int, int]
RandomEntry = tuple[Literal["roll", "shuffle", "pick"], str, int]   # pick: `pick VAR ... at random`


class GameLog(BaseModel):
    """Everything needed to replay a game: the pack (by name and content digest, with where it was as a
    hint), the expansions stacked on it, the seed, seats, variants, the roles seated (if any) and every
    decision and random outcome."""

    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)

    format: Literal["rulebook-log/4", "rulebook-log/3", "rulebook-log/2"] = LOG_FORMAT
    pack: str = Field(pattern=r"^[a-z][a-z0-9_-]*$|^text$")
    digest: str = Digest                                    # the stack's content digest, blind to layout
    location: Optional[str] = None                          # the pack folder when the game was played
    # `--with` packs, in stacking order: an Expansion each (a path or name as typed in rulebook-log/2)
    expansions: list[Union[Expansion, str]] = Field(default_factory=list, alias="with")
    players: int = Field(ge=1, le=MAX_SEATS)
    seed: int = Field(ge=-SEED_LIMIT, lt=SEED_LIMIT)
    variants: list[str] = []
    # the roles seated by the caller (`Game(..., roles=[...])`, `play --roles`), one a seat in seat order; absent
    # (left out of the file) when the seats line dealt them from the seed, as in every log written before
    roles: Optional[list[str]] = Field(default=None, max_length=MAX_SEATS)
    entries: list[Union[DecisionEntry, RandomEntry]]
    final_digest: Optional[str] = Digest
    result: Optional[Result] = None
    error: Optional[str] = None   # a game that stopped on a rules error: `error[CODE]: message` instead of a result
    unfinished: Optional[Unfinished] = None   # a game saved before its end (rulebook-log/4): no result yet

    @model_validator(mode="after")
    def _one_outcome(self) -> "GameLog":
        outcomes = [self.result, self.error, self.unfinished]
        if sum(o is not None for o in outcomes) != 1 or (self.result is None) != (self.final_digest is None):
            raise ValueError("a log ends with either a result and a final digest, an error, or `unfinished`")
        if self.unfinished is not None and (self.format != LOG_FORMAT or self.unfinished.player >= self.players):
            raise ValueError(f"`unfinished` is a {LOG_FORMAT} field naming one of the log's players")
        return self

    @model_serializer(mode="wrap")
    def _without_absent_roles(self, handler):
        """`roles` only for a game whose roles were seated: every other log reads as it always did."""
        return without_absent(handler(self), "roles")


def record(game: Game, location: Optional[str] = None, expansions: Optional[Sequence[str]] = None,
           pack_name: Optional[str] = None) -> GameLog:
    """The log of a game, finished or not. `location` is the base pack's folder, kept as a hint for
    replaying, `expansions` the packs stacked on it with `--with` (as typed: they are located and
    recorded by name, digest and absolute folder) and `pack_name` the base pack's name; each defaults
    to what the program remembers of the stack it was compiled from (a program built from a text:
    its own name, no folder, no expansions). A game not over yet is logged `unfinished`, with the
    seat its pending decision asks and the state's digest there, and no result; a game stopped by a
    rules error is logged with that error (`error[CODE]: message`), which its replay reproduces. A game whose
    roles the caller seated (`Game(..., roles=[...])`) logs them (`roles`), and its replay seats them again."""
    stack = game.program.stack
    if stack is not None:
        location = stack.location if location is None else location
        expansions = stack.expansions if expansions is None else expansions
        pack_name = pack_name or stack.pack
    state, decision, failure = game.state, game.decision, getattr(game, "error", None)
    if failure is not None:
        outcome = dict(final_digest=None, error=f"error[{failure.code}]: {failure.message}")
    elif state.over:
        outcome = dict(final_digest=state.digest(), result=_logged_result(game))
    elif decision is not None:
        outcome = dict(final_digest=None, unfinished=Unfinished(player=decision.player.index, digest=state.digest(),
                                                                stopped=getattr(game, "stopped", None)))
    else:
        raise RulesRuntimeError("E601", "the game has not started: there is nothing to record")
    return GameLog(pack=pack_name or game.program.name, digest=game.program.digest, location=location,
                   expansions=expansion_entries(expansions or ()), players=len(state.players), seed=game.seed,
                   variants=sorted(game.variants), roles=list(game.seated_roles) or None, entries=[tuple(e) for e in game.log], **outcome)


def dump(log: GameLog) -> str:
    """A log as JSON text."""
    return log.model_dump_json(indent=1, by_alias=True)


def save(log: GameLog, path: Path) -> None:
    """Write a log as JSON (atomically)."""
    write_atomic(path, dump(log))


def load(path: Path) -> GameLog:
    """Read and validate a log; anything else is E604 at the file (E105/E107 when it cannot be read)."""
    return _validated(GameLog, path, "E604", "a rulebook game log")


def _validated(model, path: Path, code: str, what: str):
    """A file read (size-checked, regular) and validated as `model`, or a RulesRuntimeError at the file."""
    try:
        data = read_limited(path, MAX_FILE_BYTES).removeprefix(b"\xef\xbb\xbf")   # an editor's byte order mark
        return model.model_validate_json(data)
    except RulesError as e:
        d = e.diagnostics[0]
        raise RulesRuntimeError(d.code, d.message, str(path)) from None
    except ValidationError as e:
        err = e.errors(include_url=False)[0]
        where, message = str(path), err["msg"]
        if err["type"] == "json_invalid":
            at = re.search(r"at line (\d+) column (\d+)", message)
            if at:   # said once, in the position (serde's column 0 is the line's start)
                where, message = f"{path}:{at[1]}:{max(1, int(at[2]))}", message[:at.start()].rstrip()
        else:
            field = ".".join(str(x) for x in err["loc"])
            message = f"{field}: {message}"
        raise RulesRuntimeError(code, f"not {what}: {message}", where) from None


def check_log(program: Program, log: GameLog, where: Optional[str] = None) -> None:
    """The checks a log needs against the pack it is replayed on: the same rules (E508), its seats,
    variants and seated roles (E604)."""
    # a stacked program is named after its last expansion: its digest, of every pack in order, decides
    if program.digest != log.digest or (not log.expansions and program.name != log.pack):
        raise RulesRuntimeError("E508", f"the log was played with pack {log.pack!r} of rules digest {log.digest}, "
                                f"not {program.name!r} of digest {program.digest}", where)
    refused = seating_refusal(program, log.players, log.variants)
    if refused:
        raise RulesRuntimeError("E604", f"the log's game cannot be played: {refused}", where)
    if log.roles is not None:
        try:   # the checks of Game(..., roles=[...]), said of the log
            checked_seat_roles(program, log.players, log.roles)
        except RulesRuntimeError as e:
            raise RulesRuntimeError("E604", f"the log's roles cannot be seated: {e.message}", where) from None


def replay(program: Program, log: GameLog, where: Optional[str] = None) -> Game:
    """Play the logged decisions again; any difference in random outcomes, final state or result is
    E603. The game of an unfinished log is returned at its pending decision, checked against the
    state the log stopped at; that of a log ending on a rules error has it as `error`."""
    game = _played_back(program, log, None, where)
    if getattr(game, "error", None) is not None:
        return game
    if log.error is not None:
        raise RulesRuntimeError("E603", f"the logged game stopped with {log.error}; the replay did not", where)
    _check_entries(game, log, where, whole=True)
    d = game.decision
    if log.unfinished is not None:
        if d is None:
            raise RulesRuntimeError("E603", f"the log is of an unfinished game; the replay ended after "
                                    f"{game.decisions_made} decisions", where)
        if d.player.index != log.unfinished.player or game.state.digest() != log.unfinished.digest:
            raise RulesRuntimeError("E603", f"the replay stops at {d.player.name} to answer in state "
                                    f"{game.state.digest()}; the log at {game.state.players[log.unfinished.player].name} in state "
                                    f"{log.unfinished.digest}", where)
        return game
    if d is not None:
        raise RulesRuntimeError("E603", f"the log ends after {game.decisions_made} decisions, but the game asks "
                                f"{d.player.name}: {d.prompt}", where, [f"at {d.where}"])
    if game.state.digest() != log.final_digest:
        raise RulesRuntimeError("E603", f"final state {game.state.digest()} differs from the logged "
                                f"{log.final_digest}", where)
    replayed = _logged_result(game)
    if replayed != log.result:
        raise RulesRuntimeError("E603", f"the replayed result {replayed.model_dump()} differs from the logged "
                                f"{log.result.model_dump()}", where)
    return game


def resume(program: Program, log: GameLog, until: Optional[int] = None, agents: Optional[list] = None,
           where: Optional[str] = None, limits=None) -> Game:
    """The logged game after its first `until` decisions (all of them by default), at its pending
    decision, ready for `apply`, with `agents` (one per seat) as its agents: a saved game continued, or
    one undone (`until=game.decisions_made - 1` goes back one decision). Every random outcome up to
    there is checked against the log (E603); the rest of the log is not played. With `limits`
    (runtime.limits.Limits) the game has them from its start, its rounds counted while the log is
    played back (which offers no decision, so nothing stops there): `play()` stops it at the first
    decision past them, the pending one if the log already went past. The agents that catch up
    (`Agent.catches_up`: random, focused, first) are asked each logged decision of their seat as it is played back, so
    that, given as the game was played (`make_agents(kind, players, log.seed)`), they go on as in the
    game played straight through."""
    answers = sum(isinstance(e[0], int) for e in log.entries)
    if until is not None and not 0 <= until <= answers:
        raise RulesRuntimeError("E604", f"cannot resume after decision {until}: the log has {answers} decisions",
                                where)
    game = _played_back(program, log, until, where, limits, agents)
    failure = getattr(game, "error", None)
    if failure is not None:   # the logged game broke there: there is no decision to resume at
        raise failure
    _check_entries(game, log, where, whole=False)
    game.agents = list(agents or [])
    return game


def _played_back(program: Program, log: GameLog, until: Optional[int], where: Optional[str], limits=None,
                 agents=None) -> Game:
    """A game of the log's seats, seed and variants, answered with the log's first `until` decisions
    (all by default) through `start` and `apply`. A rules error is E603, unless it is the one the log
    ends with, reproduced: the game then has it as `error`. With `agents` (resume's), each decision is
    asked of its seat's agent first (agents.catch_up: a random agent's stream goes on as it was)."""
    check_log(program, log, where)
    answers = [e[1] for e in log.entries if isinstance(e[0], int)]
    game = Game(program, log.players, log.seed, None, log.variants, log.roles)
    if limits:
        from .limits import limit
        limit(game, limits)
    wanted = answers[:until]
    try:
        d = game.start()
        catching = [a for a in agents or () if getattr(a, "catches_up", False)]
        if catching and len(agents) == log.players:
            from .agents import catch_up
            while d is not None and game.decisions_made < len(wanted):
                catch_up(agents[d.player.index], game, d)
                d = game.apply(wanted[game.decisions_made])
        while d is not None and game.decisions_made < len(wanted):
            d = game.apply(wanted[game.decisions_made])
        if d is None and log.error is not None and game.state.over:
            game.result(digest=False)   # a game that stopped in its winner line: reproduced there
    except RulesRuntimeError as e:
        if log.error is not None and f"error[{e.code}]: {e.message}" == log.error:
            game.error = e   # the logged failure, reproduced
            return game
        # the logged game went on; a replay that cannot is a log that differs
        raise RulesRuntimeError("E603", f"replay diverged after {game.decisions_made} decisions: {e.message}",
                                where, [f"at {e.where}"] if e.where else []) from None
    if game.decisions_made < len(wanted):
        raise RulesRuntimeError("E603", f"the game ended after {game.decisions_made} decisions; the log goes on to "
                                f"{len(answers)}", where)
    return game


def _check_entries(game: Game, log: GameLog, where: Optional[str], whole: bool) -> None:
    """E603 at the first entry of the game's log (decisions and random outcomes) that differs from
    the logged one, or when the game made more entries than the log holds (or, `whole`, fewer)."""
    for i, (got, want) in enumerate(zip(game.log, log.entries)):
        if list(got) != list(want):
            raise RulesRuntimeError("E603", f"replay diverged at entry {i}: logged {list(want)}, replayed "
                                    f"{list(got)}", where)
    if len(game.log) > len(log.entries) or (whole and len(game.log) != len(log.entries)):
        raise RulesRuntimeError("E603", f"replay made {len(game.log)} entries, the log has {len(log.entries)}",
                                where)


Value = Union[int, bool, str, None, list, dict]


class HolderState(BaseModel):
    """A player's or actor's stocks and zones (entity names)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    stock: dict[str, int]
    zones: dict[str, list[str]]
    vars: dict[str, Value] = Field(default_factory=dict)   # `var` declarations (absent without any)
    markers: dict[str, list[int]] = Field(default_factory=dict)   # tracks with other than one marker


class SavedState(BaseModel):
    """The JSON form of a game state, validated when it is read back (names and invariants are then
    checked against the pack by `State.from_json`)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    players: list[HolderState] = Field(min_length=1, max_length=MAX_SEATS)
    actors: dict[str, HolderState]
    globals: dict[str, int]
    gvars: dict[str, Value] = Field(default_factory=dict)   # global `var` declarations
    zones: dict[str, list[str]]
    evars: dict[str, dict[str, Value]]
    flipped: list[str]
    triggers: list[list[Value]]
    modifiers: list[list[Value]] = []
    once: list[str]
    claimed: list[str]
    over: bool
    known: dict[str, list[int]] = Field(default_factory=dict)   # what reveal/look showed to whom
    # the fields of cards `reveal c.colour;`/`look c.colour;` showed to whom: card -> field -> seats
    known_fields: dict[str, dict[str, list[int]]] = Field(default_factory=dict)
    # what players still believe lies in a zone a swap they did not see emptied (`swap ... unseen`): zone -> card -> seats
    remembered: dict[str, dict[str, list[int]]] = Field(default_factory=dict)
    supply: dict[str, int] = Field(default_factory=dict)   # what is left of each limited supply
    out: list[int] = Field(default_factory=list)   # the seats knocked out (`eliminate`), in that order
    retired: list[int] = Field(default_factory=list)   # the seats out of the turns who still take part (`retire`)
    # the labels of the loops `end game after` marked ([label, reason] for `end game after LABEL "REASON";`)
    ends_after: list[Union[str, list[str]]] = Field(default_factory=list)
    held: dict[str, list[str]] = Field(default_factory=dict)   # the zones cards hold: "CARD.FIELD" -> its items
    filled: list[str] = Field(default_factory=list)   # the piles piles() reads that ever held an item
    shown: list[str] = Field(default_factory=list)   # the displays laid out (`fill market;`), which keep themselves filled
    # each remembered position's record, [changed since the last decision, {hash: decisions}] (3.3b); [] without any
    seen: list[list[Union[bool, dict[str, int]]]] = Field(default_factory=list)
    # the cards set aside: [card, who set it aside, until, [holder, zone, top, card holding], [holder, zone]]
    aside: list[list[Value]] = Field(default_factory=list)
    # the timestamps of a pack whose cards' modifiers replace (613.7): the clock, and each card's when it came into its zone
    clock: Optional[int] = None
    entered: dict[str, int] = Field(default_factory=dict)


def save_state(state: State, path: Path) -> None:
    """Write a state as JSON (atomically)."""
    write_atomic(path, SavedState.model_validate(state.to_json(), strict=False).model_dump_json(indent=1))


def load_state(path: Path, program: Program) -> State:
    """Read a state written by `save_state`, checking its shape, that its names exist in the pack and
    that it is a state a game can reach (E605)."""
    data = _validated(SavedState, path, "E605", "a saved rulebook state").model_dump()
    try:
        check_saved(data, program)
        return State.from_json(data, program.entities, seat_names(program, len(data["players"])), program.actor_titles)
    except StateError as e:
        raise RulesRuntimeError("E605", f"not a state of pack {program.name!r}: {e}", str(path)) from None
