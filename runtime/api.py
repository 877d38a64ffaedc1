"""The only names generated pack modules import: keep this surface small and stable."""

from .kernels import KERNELS
from .program import assemble
from .state import EntityDef, Holder   # the classes a generated read tests before reading directly

__all__ = ["KERNELS", "assemble", "EntityDef", "Holder"]
