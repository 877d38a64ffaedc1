"""The executable form of a pack that the runtime plays: built by codegen or by the interpreter."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional


# A cost is a function (game, you) -> list of (mode, name, amount), mode in plain/any/different.
CostFn = Callable[..., list]


@dataclass
class SpaceDef:
    """One space of a track: its tier, cost, benefit and optional paid bonus."""

    position: int
    title: Optional[str]
    tier: int
    cost: Optional[CostFn]
    benefit: Callable
    bonus_cost: Optional[CostFn]
    bonus: Optional[Callable]
    span: str


@dataclass
class TrackDef:
    """A track: spaces by position and first-to-reach rewards."""

    name: str
    title: Optional[str]
    spaces: dict
    reaches: dict
    top: int


@dataclass
class GameDef:
    """The game structure: seats, the three phases and the winner's keys."""

    name: str
    title: Optional[str]
    min_players: int
    max_players: int
    setup: Callable
    play: Callable
    final: Callable
    winner_keys: list


@dataclass
class Program:
    """Everything the runtime needs of a pack, whichever backend produced it."""

    name: str
    resources: dict = field(default_factory=dict)   # name -> (cap or None, group or None)
    groups: dict = field(default_factory=dict)      # name -> (cap or None, members)
    counters: dict = field(default_factory=dict)    # name -> (is_global, low, high)
    tracks: dict = field(default_factory=dict)      # name -> TrackDef
    entities: dict = field(default_factory=dict)    # name -> EntityDef
    kinds: dict = field(default_factory=dict)       # kind -> [EntityDef] in declaration order
    zones: dict = field(default_factory=dict)       # name -> (per_player, kind)
    actors: list = field(default_factory=list)
    dice: dict = field(default_factory=dict)        # name -> [(title, fn)]
    triggers: dict = field(default_factory=dict)    # tid -> (fn, span)
    procs: dict = field(default_factory=dict)       # name -> fn
    funcs: dict = field(default_factory=dict)       # name -> fn
    game: Optional[GameDef] = None
    variants: dict = field(default_factory=dict)    # name -> title
    line_map: dict = field(default_factory=dict)    # generated line -> "file:line"
    module_file: Optional[str] = None
    digest: str = ""

