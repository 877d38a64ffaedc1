"""The only names generated pack modules import: keep this surface small and stable."""

from .kernels import KERNELS
from .program import GameDef, Program, SpaceDef, TrackDef
from .state import EntityDef


NONE_OPTION = "none"  # the extra option of `pick ... optional`


__all__ = ["NONE_OPTION", "KERNELS", "EntityDef", "GameDef", "Program", "SpaceDef", "TrackDef"]
