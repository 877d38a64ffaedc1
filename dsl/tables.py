"""The parser's LALR tables, kept between processes in the user's cache folder.

Building the tables from the grammar takes about 3 s of CPU (it took 73 s while `pick_stmt`, flat, expanded
into 7,168 alternatives: tests/test_grammar_size.py keeps every rule small); Lark's own `save`/`load`
rebuilds every rule, terminal and table entry in Python when loading. Here the whole parser object is
pickled instead, so loading it is pickle's C code (a 1.4 MB entry, about 12 ms; 100 ms before its rows
were packed, and 800 ms for the 16 MB entry of the flat grammar). Two kinds of object cannot be pickled as they are: modules (the lexer settings hold `re`)
and the LALR actions `Shift` and `Reduce`, which the parser compares by identity; both are written
as a call that returns the loading process's own object (once each: pickle memoizes the result).
The pickle keeps the lexer object as our lexer code made it, so that code is part of the key.

Most of an entry is the LALR table (4,145 states, 112,549 entries), and a small file's parse reads a few
hundred of its rows: the rows are written packed (each an array of numbers in one bytes object) and a row
is decoded the first time the parser reads it (`PackedStates`), so loading an entry no longer builds
112,549 tuples and their dictionaries. Lark's `Grammar` (the rules' definitions) is left out: Lark reads
it only while building the tables.
"""

from __future__ import annotations

import copyreg
import hashlib
from array import array
import importlib
import pickle
import sys
import types
from functools import partial
from pathlib import Path

from lark import Lark
from lark import __version__ as LARK_VERSION
from lark.parsers.lalr_analysis import Action, Reduce, Shift

from .files import cache_dir, read_limited, write_atomic

# A table entry is about 2.5 MB (test_grammar_size keeps it so); anything much larger is not one of ours.
MAX_TABLE_BYTES = 16 * 1024 * 1024
TABLE_FORMAT = "rulebook-tables/4"   # the format of an entry (1 was Lark.save's, 2 had unpacked rows, 3 unshared symbols)
_ACTIONS = {"Shift": Shift, "Reduce": Reduce}
_MODULES = ("re", "regex")           # the regular expression modules Lark's lexer settings may hold


def _action(name: str) -> Action:
    """The LALR action of this name in this process."""
    return _ACTIONS[name]


def _module(name: str) -> types.ModuleType:
    """A regular expression module, imported in this process."""
    if name not in _MODULES:
        raise pickle.UnpicklingError(f"a table entry refers to the module {name!r}")
    return importlib.import_module(name)


class PackedStates(dict):
    """An LALR table's rows by state number, each decoded from its packed form (symbol and action
    numbers in one bytes object) when first read (`__missing__`, so a row read again is a plain dict
    lookup); a dict to every reader (iterating, `items`, `==` decode every row first)."""

    __slots__ = ("_symbols", "_rules", "_rows")

    def __init__(self, symbols: tuple, rules: tuple, rows: tuple):
        super().__init__()
        self._symbols, self._rules, self._rows = symbols, rules, rows

    @classmethod
    def packing(cls, states: dict) -> PackedStates:
        """The packed form of a table whose states are numbered 0, 1, ... (Lark's IntParseTable)."""
        symbols, rules = {}, {}
        rows = []
        for number in range(len(states)):
            packed = array("i")
            for symbol, (action, arg) in states[number].items():
                code = arg if action is Shift else ~rules.setdefault(arg, len(rules))
                packed.extend((symbols.setdefault(symbol, len(symbols)), code))
            rows.append(packed.tobytes())
        return cls(tuple(symbols), tuple(rules), tuple(rows))

    def __missing__(self, state):
        if type(state) is not int or not 0 <= state < len(self._rows):
            raise KeyError(state)
        packed = array("i", self._rows[state])
        symbols, rules = self._symbols, self._rules
        row = {symbols[symbol]: (Shift, code) if code >= 0 else (Reduce, rules[~code])
               for symbol, code in zip(packed[::2], packed[1::2])}
        self[state] = row
        return row

    def _decoded(self) -> PackedStates:
        if dict.__len__(self) < len(self._rows):     # every row, in state order as the table had them
            rows = [self[state] for state in range(len(self._rows))]
            dict.clear(self)
            dict.update(self, enumerate(rows))
        return self

    def __iter__(self):
        return dict.__iter__(self._decoded())

    def __len__(self):
        return len(self._rows)

    def __contains__(self, state):
        return type(state) is int and 0 <= state < len(self._rows)

    def get(self, state, default=None):
        return self[state] if state in self else default

    def copy(self):
        return dict(self.items())

    def __eq__(self, other):
        return dict.__eq__(self._decoded(), other)

    def __ne__(self, other):
        return not self == other

    __hash__ = None

    def keys(self):
        return dict.keys(self._decoded())

    def items(self):
        return dict.items(self._decoded())

    def values(self):
        return dict.values(self._decoded())

    def __reduce__(self):
        return PackedStates, (self._symbols, self._rules, self._rows)


class _TablePickler(pickle.Pickler):
    """Pickles a parser, writing modules and the LALR actions as calls that find them when loading."""

    dispatch_table = {**copyreg.dispatch_table,
                      Action: lambda action: (_action, (action.name,)),
                      types.ModuleType: lambda module: (_module, (module.__name__,))}


def dumps(parser: Lark) -> bytes:
    """A parser as bytes that `loads` turns back into a working parser."""
    import io

    table = parser.parser.parser.parser.parse_table
    unpacked, grammar, builder = table.states, parser.grammar, parser._parse_tree_builder
    _share_equal_parts(parser.rules, parser._callbacks)
    if not isinstance(unpacked, PackedStates):
        table.states = PackedStates.packing(unpacked)
    # the rules' definitions and the maker of their callbacks, which Lark reads only while building
    parser.grammar = parser._parse_tree_builder = None
    buffer = io.BytesIO()
    try:
        _TablePickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(parser)
    finally:
        table.states, parser.grammar, parser._parse_tree_builder = unpacked, grammar, builder
    return buffer.getvalue()


def _share_equal_parts(rules: list, callbacks: dict) -> None:
    """Make the rules' equal symbols, options and tree builders one object each: Lark makes a symbol
    object at every place a rule names it (9,473 for 523 symbols), options for every rule (407 for 53)
    and a `partial(Tree, name)` for every rule's callback (2,042 for 439), and pickle writes, and
    loading makes, each object it meets (a third of an entry's loading time)."""
    symbols: dict = {}
    options: dict = {}

    def symbol(s):
        return symbols.setdefault((type(s), s.name, getattr(s, "filter_out", None)), s)

    for rule in rules:
        rule.origin = symbol(rule.origin)
        rule.expansion = [symbol(s) for s in rule.expansion]
        rule.options = options.setdefault(repr(sorted(vars(rule.options).items())), rule.options)
    builders: dict = {}

    def shared(builder: partial) -> partial:
        return builders.setdefault((builder.func, builder.args, tuple(builder.keywords.items())), builder)

    for rule, callback in callbacks.items():
        if isinstance(callback, partial):
            callbacks[rule] = shared(callback)
            continue
        while not isinstance(getattr(callback, "node_builder", None), (partial, type(None))):
            callback = callback.node_builder     # the wrappers (child filters, single-child expansion) around it
        if isinstance(getattr(callback, "node_builder", None), partial):
            callback.node_builder = shared(callback.node_builder)


def loads(data: bytes) -> Lark:
    """The parser `dumps` wrote; raises (pickle, or TypeError) for anything else."""
    parser = pickle.loads(data)
    if not isinstance(parser, Lark):
        raise TypeError(f"a table entry holds a {type(parser).__name__}, not a parser")
    return parser


def table_key(grammar: str, options: dict) -> str:
    """What a table entry depends on: the grammar text, the options, Lark's and Python's versions, and
    the source of a custom lexer's module (the entry keeps the lexer object that code made)."""
    key = hashlib.sha256(repr([TABLE_FORMAT, grammar, sorted(options.items()), LARK_VERSION,
                               sys.version_info[:2]]).encode())
    lexer = options.get("lexer")
    if isinstance(lexer, type):
        key.update(Path(sys.modules[lexer.__module__].__file__).read_bytes())
    return key.hexdigest()[:24]


def load_parser(grammar: str, **options) -> Lark:
    """The grammar's LALR parser with these options, loaded from the user's cache folder when an entry
    with its `table_key` is there and readable; built (and stored for the next process) otherwise. A
    damaged, foreign or unwritable entry is only a miss."""
    path = cache_dir() / "grammar" / f"{options.get('start', 'start')}-lark{LARK_VERSION}-{table_key(grammar, options)}.pickle"
    try:
        return loads(read_limited(path, MAX_TABLE_BYTES))
    except Exception:  # noqa: BLE001 - no entry yet (RulesError), or a damaged one, which fails inside
        pass           # pickle in many ways: either way the tables are built again
    parser = Lark(grammar, **options)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, dumps(parser))
    except OSError:
        pass        # a read-only cache: build the tables in every process
    return parser
