"""The only names generated pack modules import: keep this surface small and stable."""

from fractions import Fraction   # a decimal of the rules (`7.5`), exact

from .engine import Elements, LeaveLoop, MemberData, Settling, TableCells, best_of, in_order   # an indexed element's name by index; top/bottom's reduction
from .kernels import KERNELS
from .program import assemble
from .state import EntityDef, Holder   # the classes a generated read tests before reading directly
from .state import Cells, Record   # a grid's values by cell; a value of a `record` of the rules

__all__ = ["KERNELS", "Fraction", "assemble", "Elements", "EntityDef", "MemberData", "TableCells", "LeaveLoop", "Settling", "Holder", "Record", "Cells", "best_of", "in_order"]
