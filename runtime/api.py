"""The only names generated pack modules import: keep this surface small and stable."""

from .kernels import KERNELS
from .program import assemble

__all__ = ["KERNELS", "assemble"]
