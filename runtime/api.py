"""The only names generated pack modules import: keep this surface small and stable."""

from .kernels import KERNELS
from .program import GameDef, Program, SpaceDef, TrackDef
from .state import EntityDef


def first(items):
    """The first element of a zone or list, or None when it is empty."""
    for item in items:
        return item
    return None


__all__ = ["KERNELS", "EntityDef", "GameDef", "Program", "SpaceDef", "TrackDef", "first"]
