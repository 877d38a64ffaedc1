"""Game logs (pydantic at this boundary): record a game, save it, load it and replay it exactly."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal, Sequence, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .agents import ScriptedAgent
from .engine import Game, RulesRuntimeError
from .program import Program
from .state import State

LOG_FORMAT = "rulebook-log/1"

class GameLog(BaseModel):
    """Everything needed to replay a game: pack, seed, seats, variants and every decision and random outcome."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    format: Literal["rulebook-log/1"] = LOG_FORMAT
    pack: str
    expansions: list[str] = Field(default_factory=list, alias="with")   # `--with` packs, in stacking order
    digest: str
    players: int
    seed: int
    variants: list[str] = []
    entries: list[list[Union[int, str]]]
    final_digest: str
    result: dict


def record(game: Game, pack_ref: str, expansions: Sequence[str] = ()) -> GameLog:
    """The log of a finished game (of PACK stacked with the expansions)."""
    return GameLog(pack=pack_ref, expansions=list(expansions), digest=game.program.digest, players=len(game.state.players), seed=game.seed,
                   variants=sorted(game.variants), entries=[list(e) for e in game.log],
                   final_digest=game.state.digest(), result=game.result())


def save(log: GameLog, path: Path) -> None:
    """Write a log as JSON."""
    path.write_text(log.model_dump_json(indent=1, by_alias=True))


def load(path: Path) -> GameLog:
    """Read a log, with a clean error for a file that is not one."""
    try:
        return GameLog.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, ValidationError) as e:
        raise RulesRuntimeError("E603", f"{path} is not a rulebook game log: {str(e).splitlines()[0]}") from None


def replay(program: Program, log: GameLog) -> Game:
    """Play the logged decisions again; any difference in random outcomes or final state is E603."""
    answers = [e[1] for e in log.entries if isinstance(e[0], int)]
    game = Game(program, log.players, log.seed, [ScriptedAgent(answers)] * log.players, log.variants)
    game.play()
    for i, (got, want) in enumerate(zip(game.log, log.entries)):
        if list(got) != list(want):
            raise RulesRuntimeError("E603", f"replay diverged at entry {i}: logged {want}, replayed {list(got)}")
    if len(game.log) != len(log.entries):
        raise RulesRuntimeError("E603", f"replay made {len(game.log)} entries, the log has {len(log.entries)}")
    if game.state.digest() != log.final_digest:
        raise RulesRuntimeError("E603", f"final state {game.state.digest()} differs from the logged "
                                f"{log.final_digest}")
    return game


class HolderState(BaseModel):
    """A player's or actor's stocks and zones (entity names)."""

    model_config = ConfigDict(extra="forbid")

    stock: dict[str, int]
    zones: dict[str, list[str]]


class SavedState(BaseModel):
    """The JSON form of a game state, validated when it is read back."""

    model_config = ConfigDict(extra="forbid")

    players: list[HolderState]
    actors: dict[str, HolderState]
    globals: dict[str, int]
    zones: dict[str, list[str]]
    evars: dict[str, dict[str, object]]
    flipped: list[str]
    triggers: list[list]
    once: list[str]
    claimed: list[str]
    over: bool


def save_state(state: State, path: Path) -> None:
    """Write a state as JSON."""
    path.write_text(SavedState.model_validate(state.to_json()).model_dump_json(indent=1))


def load_state(path: Path, program: Program) -> State:
    """Read a state written by `save_state`, checking its shape and that its names exist in the pack."""
    try:
        data = SavedState.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, ValidationError) as e:
        raise RulesRuntimeError("E603", f"{path} is not a saved rulebook state: {str(e).splitlines()[0]}") from None
    try:
        return State.from_json(data.model_dump(), program.entities)
    except (KeyError, IndexError) as e:
        raise RulesRuntimeError("E603", f"{path} names {e} which the pack does not have") from None
