"""Game logs and saved states (pydantic at this boundary): record a game, save it, load it, replay it
exactly; every field of a file is validated before the runtime sees it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal, Optional, Sequence, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from rulebook.dsl.diagnostics import RulesError
from rulebook.dsl.files import read_limited, write_atomic

from .agents import ScriptedAgent
from .engine import Game, RulesRuntimeError
from .program import Program
from .state import State, StateError, check_saved

LOG_FORMAT = "rulebook-log/3"   # /2 (expansions as typed, not located) is still read
MAX_FILE_BYTES = 16 * 1024 * 1024     # a log or a saved state; a long game's log is about 20 KB
SEED_LIMIT = 2 ** 63                  # seeds are integers in [-2^63, 2^63)
MAX_SEATS = 12                        # the checker's bound on `seats` (E307)
MAX_OPTIONS = 1_000_000

NAME = r"^[A-Za-z_][A-Za-z0-9_]*$"
Digest = Field(pattern=r"^[0-9a-f]{16,64}$")


class Result(BaseModel):
    """A game's final scores (by the winner keys), its winners and the final state digest."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    scores: dict[str, list[int]]
    winners: list[str]
    digest: str = Digest


def _logged_result(game) -> Result:
    """The part of a game's result that a log holds (the score table's key texts and parts are not)."""
    result = game.result()
    return Result.model_validate({key: result[key] for key in Result.model_fields})


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


DecisionEntry = tuple[int, int]
RandomEntry = tuple[Literal["roll", "shuffle"], str, int]


class GameLog(BaseModel):
    """Everything needed to replay a game: the pack (by name and content digest, with where it was as a
    hint), the expansions stacked on it, the seed, seats, variants and every decision and random outcome."""

    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)

    format: Literal["rulebook-log/3", "rulebook-log/2"] = LOG_FORMAT
    pack: str = Field(pattern=r"^[a-z][a-z0-9_-]*$|^text$")
    digest: str = Digest                                    # the stack's content digest, blind to layout
    location: Optional[str] = None                          # the pack folder when the game was played
    # `--with` packs, in stacking order: an Expansion each (a path or name as typed in rulebook-log/2)
    expansions: list[Union[Expansion, str]] = Field(default_factory=list, alias="with")
    players: int = Field(ge=1, le=MAX_SEATS)
    seed: int = Field(ge=-SEED_LIMIT, lt=SEED_LIMIT)
    variants: list[str] = []
    entries: list[Union[DecisionEntry, RandomEntry]]
    final_digest: Optional[str] = Digest
    result: Optional[Result] = None
    error: Optional[str] = None   # a game that stopped on a rules error: `error[CODE]: message` instead of a result

    @model_validator(mode="after")
    def _one_outcome(self) -> "GameLog":
        if (self.error is None) == (self.result is None) or (self.result is None) != (self.final_digest is None):
            raise ValueError("a log ends with either a result and a final digest, or an error")
        return self


def record(game: Game, location: Optional[str] = None, expansions: Sequence[str] = (),
           pack_name: Optional[str] = None) -> GameLog:
    """The log of a finished game; `location` is the pack folder, kept as a hint for replaying,
    `expansions` the packs stacked on it with `--with` (as typed: they are located and recorded by
    name, digest and absolute folder) and `pack_name` the base pack's name (the program's own name,
    that of the last pack stacked, by default)."""
    return GameLog(pack=pack_name or game.program.name, digest=game.program.digest, location=location,
                   expansions=expansion_entries(expansions), players=len(game.state.players), seed=game.seed,
                   variants=sorted(game.variants), entries=[tuple(e) for e in game.log],
                   final_digest=game.state.digest(), result=_logged_result(game))


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
        data = read_limited(path, MAX_FILE_BYTES)
        return model.model_validate_json(data)
    except RulesError as e:
        d = e.diagnostics[0]
        raise RulesRuntimeError(d.code, d.message, str(path)) from None
    except ValidationError as e:
        err = e.errors(include_url=False)[0]
        where, message = str(path), err["msg"]
        if err["type"] == "json_invalid":
            at = re.search(r"at line (\d+) column (\d+)", message)
            where = f"{path}:{at[1]}:{at[2]}" if at else where
        else:
            field = ".".join(str(x) for x in err["loc"])
            message = f"{field}: {message}"
        raise RulesRuntimeError(code, f"not {what}: {message}", where) from None


def check_log(program: Program, log: GameLog, where: Optional[str] = None) -> None:
    """The checks a log needs against the pack it is replayed on: the same rules (E508), its seats and
    variants (E604)."""
    # a stacked program is named after its last expansion: its digest, of every pack in order, decides
    if program.digest != log.digest or (not log.expansions and program.name != log.pack):
        raise RulesRuntimeError("E508", f"the log was played with pack {log.pack!r} of rules digest {log.digest}, "
                                f"not {program.name!r} of digest {program.digest}", where)
    g = program.game
    if g is not None and not g.min_players <= log.players <= g.max_players:
        raise RulesRuntimeError("E604", f"the log has {log.players} players; {g.title or g.name} is for "
                                f"{g.min_players} to {g.max_players}", where)
    unknown = [v for v in log.variants if v not in program.variants]
    if unknown:
        raise RulesRuntimeError("E604", f"the log switches on variant {unknown[0]!r}, which the pack does not "
                                f"have", where)


def replay(program: Program, log: GameLog, where: Optional[str] = None) -> Game:
    """Play the logged decisions again; any difference in random outcomes, final state or result is E603."""
    check_log(program, log, where)
    answers = [e[1] for e in log.entries if isinstance(e[0], int)]
    game = Game(program, log.players, log.seed, [ScriptedAgent(answers)] * log.players, log.variants)
    try:
        game.play()
    except RulesRuntimeError as e:
        if log.error is not None and f"error[{e.code}]: {e.message}" == log.error:
            game.error = e   # the logged failure, reproduced
            return game
        # the logged game ended; a replay that cannot is a log that differs
        raise RulesRuntimeError("E603", f"replay diverged after {game.decisions_made} decisions: {e.message}",
                                where, [f"at {e.where}"] if e.where else []) from None
    if log.error is not None:
        raise RulesRuntimeError("E603", f"the logged game stopped with {log.error}; the replay ended", where)
    for i, (got, want) in enumerate(zip(game.log, log.entries)):
        if list(got) != list(want):
            raise RulesRuntimeError("E603", f"replay diverged at entry {i}: logged {list(want)}, replayed "
                                    f"{list(got)}", where)
    if len(game.log) != len(log.entries):
        raise RulesRuntimeError("E603", f"replay made {len(game.log)} entries, the log has {len(log.entries)}",
                                where)
    if game.state.digest() != log.final_digest:
        raise RulesRuntimeError("E603", f"final state {game.state.digest()} differs from the logged "
                                f"{log.final_digest}", where)
    replayed = _logged_result(game)
    if replayed != log.result:
        raise RulesRuntimeError("E603", f"the replayed result {replayed.model_dump()} differs from the logged "
                                f"{log.result.model_dump()}", where)
    return game


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


def save_state(state: State, path: Path) -> None:
    """Write a state as JSON (atomically)."""
    write_atomic(path, SavedState.model_validate(state.to_json(), strict=False).model_dump_json(indent=1))


def load_state(path: Path, program: Program) -> State:
    """Read a state written by `save_state`, checking its shape, that its names exist in the pack and
    that it is a state a game can reach (E605)."""
    data = _validated(SavedState, path, "E605", "a saved rulebook state").model_dump()
    try:
        check_saved(data, program)
        return State.from_json(data, program.entities)
    except StateError as e:
        raise RulesRuntimeError("E605", f"not a state of pack {program.name!r}: {e}", str(path)) from None
