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
from pathlib import Path

from lark import Lark
from lark import __version__ as LARK_VERSION
from lark.grammar import Rule
from lark.parse_tree_builder import ParseTreeBuilder
from lark.parsers.lalr_analysis import Action, Reduce, Shift
from lark.tree import Tree

from .files import cache_dir, read_limited, write_atomic

# A table entry is about 2.5 MB (test_grammar_size keeps it so); anything much larger is not one of ours.
MAX_TABLE_BYTES = 16 * 1024 * 1024
TABLE_FORMAT = "rulebook-tables/5"   # the format of an entry (1 was Lark.save's, 2 had unpacked rows, 3 unshared symbols,
# 4 every callback)
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


class _MadeWhenRead(dict):
    """A dict whose values are made the first time each is read (`__missing__` calls `_make(key)`, and a
    value read again is a plain dict lookup), and which is a whole dict to every other reader: iterating,
    `items`, `len`, `==` make every value first, in the order of `_keys()`."""

    __slots__ = ()

    def _keys(self):
        raise NotImplementedError

    def _make(self, key):
        raise NotImplementedError

    def __missing__(self, key):
        value = self._make(key)
        self[key] = value
        return value

    def _decoded(self) -> dict:
        keys = self._keys()
        if dict.__len__(self) < len(keys):     # every value, in the order of the keys
            values = [self[key] for key in keys]
            dict.clear(self)
            dict.update(self, zip(keys, values))
        return self

    def __iter__(self):
        return dict.__iter__(self._decoded())

    def __len__(self):
        return len(self._keys())

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

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


class PackedStates(_MadeWhenRead):
    """An LALR table's rows by state number, each decoded from its packed form (symbol and action
    numbers in one bytes object) when first read."""

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

    def _keys(self):
        return range(len(self._rows))

    def _make(self, state):
        if type(state) is not int or not 0 <= state < len(self._rows):
            raise KeyError(state)
        packed = array("i", self._rows[state])
        symbols, rules = self._symbols, self._rules
        return {symbols[symbol]: (Shift, code) if code >= 0 else (Reduce, rules[~code])
                for symbol, code in zip(packed[::2], packed[1::2])}

    def __contains__(self, state):
        return type(state) is int and 0 <= state < len(self._rows)

    def __reduce__(self):
        return PackedStates, (self._symbols, self._rules, self._rows)


class LazyCallbacks(_MadeWhenRead):
    """The parser's callbacks by rule (what makes a tree of a rule's children when the parser reduces by
    it), each made by Lark's own `ParseTreeBuilder` the first time the parser reduces by its rule: a small
    file's parse reduces by a few hundred of the grammar's 2,106 rules, and loading every callback made
    two thirds of an entry's loading time. `settings` are the builder's arguments as Lark gave them; the
    callbacks of the start rules (which every parse reduces by) and any keyed by a terminal's name (Lark's
    lexer callbacks) are made at once. `in` and `len` are the dict's own, of the callbacks made so far: the
    parser asks `in` of every token's type (a terminal's name, made at once), never of a rule."""

    __slots__ = ("_rules", "_settings", "_all")

    def __init__(self, rules: tuple, settings: tuple, made: dict):
        super().__init__(made)
        self._rules, self._settings = rules, settings
        self._all = rules + tuple(key for key in made if not isinstance(key, Rule))

    @classmethod
    def of(cls, parser: Lark) -> LazyCallbacks:
        """The lazy form of a parser's callbacks (made as `Lark._prepare_callbacks` makes them)."""
        o = parser.options
        settings = (o.tree_class or Tree, o.propagate_positions, o.parser != "lalr" and o.ambiguity == "explicit",
                    o.maybe_placeholders)
        made = {key: callback for key, callback in parser._callbacks.items()
                if not isinstance(key, Rule) or key.origin.name in o.start}
        return cls(tuple(parser.rules), settings, made)

    def _keys(self):
        return self._all

    # the parser tests the dict's truth at every reduce (`callbacks[rule](s) if callbacks else s`): the dict's
    # own length (the callbacks made so far, never none) keeps that test in C, where a length of every rule
    # cost a Python call each time (1.5% of a large file's lint)
    __len__ = dict.__len__

    def _make(self, rule):
        if not isinstance(rule, Rule):
            raise KeyError(rule)
        return ParseTreeBuilder([rule], *self._settings).create_callback(None)[rule]

    def __reduce__(self):
        return LazyCallbacks, (self._rules, self._settings, dict(dict.items(self)))


class _TablePickler(pickle.Pickler):
    """Pickles a parser, writing modules and the LALR actions as calls that find them when loading."""

    dispatch_table = {**copyreg.dispatch_table,
                      Action: lambda action: (_action, (action.name,)),
                      types.ModuleType: lambda module: (_module, (module.__name__,))}


def _callback_holders(parser: Lark) -> list:
    """The objects holding the parser's one dict of callbacks, each with the attribute it holds it in:
    the parser itself, its frontend's configuration and its LALR parser."""
    return [(parser, "_callbacks"), (parser.parser.parser_conf, "callbacks"), (parser.parser.parser.parser, "callbacks")]


def dumps(parser: Lark) -> bytes:
    """A parser as bytes that `loads` turns back into a working parser."""
    import io

    table = parser.parser.parser.parser.parse_table
    unpacked, grammar, builder = table.states, parser.grammar, parser._parse_tree_builder
    _share_equal_parts(parser.rules)
    if not isinstance(unpacked, PackedStates):
        table.states = PackedStates.packing(unpacked)
    # the rules' definitions and the maker of their callbacks, which Lark reads only while building
    parser.grammar = parser._parse_tree_builder = None
    callbacks, lazy = parser._callbacks, LazyCallbacks.of(parser)
    holders = _callback_holders(parser)
    if any(getattr(holder, name) is not callbacks for holder, name in holders):
        raise TypeError("dumps: this Lark keeps its callbacks elsewhere than dsl/tables.py knows")
    buffer = io.BytesIO()
    try:
        for holder, name in holders:
            setattr(holder, name, lazy)
        _TablePickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(parser)
    finally:
        table.states, parser.grammar, parser._parse_tree_builder = unpacked, grammar, builder
        for holder, name in holders:
            setattr(holder, name, callbacks)
    return buffer.getvalue()


def _share_equal_parts(rules: list) -> None:
    """Make the rules' equal symbols and options one object each: Lark makes a symbol object at every
    place a rule names it (9,473 for 523 symbols) and options for every rule (407 for 53), and pickle
    writes, and loading makes, each object it meets. (The rules' callbacks are not written at all:
    `LazyCallbacks`.)"""
    symbols: dict = {}
    options: dict = {}

    def symbol(s):
        return symbols.setdefault((type(s), s.name, getattr(s, "filter_out", None)), s)

    for rule in rules:
        rule.origin = symbol(rule.origin)
        rule.expansion = [symbol(s) for s in rule.expansion]
        rule.options = options.setdefault(repr(sorted(vars(rule.options).items())), rule.options)


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
