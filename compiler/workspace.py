"""An editor's view of rules packs: incremental analysis of unsaved texts, and an index of names for
definitions, references, hover, completion, symbols and rename.

Everything here is plain Python on the AST (no LSP types): `rulebook lsp` (cli/lsp.py) only turns
these answers into protocol messages. Positions are 1-based lines and columns in code points, as in
every Span; `lsp_range` gives the protocol's 0-based form.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Optional

from rulebook.dsl import ast as A
from rulebook.dsl.diagnostics import Diagnostic, RulesError, sort_key
from rulebook.dsl.lexer import COMMENT, ODD_BREAK, STRING
from rulebook.dsl.parser import (MAX_SYNTAX_ERRORS, between_declarations, decode, deep_recursion, parse_file,
                                  parse_text)
from rulebook.dsl.printer import expr, format_text, grid_lines

from .check import ENTITY_ATTRS
from .driver import LONE_FILE_SILENT, Analysis, analyse_chain
from .explain import as_declared, constants_read, explain
from .pack import MANIFEST, SHIPPED, Pack, load_pack, pack_chain
from .resolve import BUILTIN_DOMAINS, BUILTIN_FUNCS, CATEGORY, CELL_WALKS, Symbols

IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
# the roles of an occurrence that declares what it names (a card's own version of a func or proc, "held", too)
DECLARING = ("decl", "member", "field_def", "local_def", "held")


@lru_cache(maxsize=1)
def keywords() -> frozenset:
    """The grammar's reserved words (never usable as names); the contextual words (`eliminate`, `end`,
    ...: dsl/lexer.py's CONTEXTUAL) are not among them."""
    from rulebook.dsl.parser import _keywords

    return frozenset(_keywords())


def statement_words() -> frozenset:
    """Every word completion offers as a keyword: the reserved ones and the contextual ones."""
    from rulebook.dsl.lexer import CONTEXTUAL

    return keywords() | frozenset(CONTEXTUAL)


def lsp_range(span: A.Span) -> tuple[tuple[int, int], tuple[int, int]]:
    """A span as the protocol's 0-based ((line, character), (line, character)), end exclusive.

    Spans that name a whole file (line 0, such as an empty pack's) become the file's first position.
    """
    if span.line <= 0:
        return (0, 0), (0, 0)
    end_line, end_column = (span.end_line, span.end_column) if span.end_line > 0 else (span.line, span.column)
    return (span.line - 1, max(span.column - 1, 0)), (end_line - 1, max(end_column - 1, 0))


# ---------------------------------------------------------------------------- incremental parsing

# Line breaks, blanks, comments, texts, brackets and ';', anything else (a lone '"' is an unclosed text).
_SCAN = re.compile(rf'\r\n|\r|\n|[^\S\r\n]+|{COMMENT}|{STRING}|"|[{{}}()\[\];]|[^\s#"{{}}()\[\];]+')


@dataclass(frozen=True)
class Chunk:
    """One top-level declaration's text and where it starts (1-based line and column)."""

    text: str
    offset: int
    line: int
    column: int


_BREAKS = ("\n", "\r\n", "\r")


def located(pattern: re.Pattern, text: str):
    """(match, line, column) of every match of `pattern` in `text` except line breaks, which the
    pattern must match on their own; lines and columns are 1-based."""
    line, line_start = 1, 0
    for m in pattern.finditer(text):
        if m.group() in _BREAKS:
            line += 1
            line_start = m.end()
        else:
            yield m, line, m.start() - line_start + 1


def split_declarations(text: str) -> list[Chunk]:
    """Cut a file's text into its top-level declarations: each ends with ';' or '}' outside brackets.

    Comments and strings are skipped, so braces inside them do not count. Text that does not split
    cleanly (an unclosed brace) simply makes a chunk that will not parse on its own.
    """
    chunks: list[Chunk] = []
    depth, start, start_line, start_col = 0, None, 0, 0
    closed = None   # where a '}' at depth 0 ended: the declaration ends there unless a ';' follows
    for m, line, column in located(_SCAN, text):
        tok = m.group()
        if tok[0] in " \t\r\f\v#":
            continue
        if closed is not None:   # `func f() = match x { ... };` ends at its ';', not at the '}'
            if tok != ";":
                chunks.append(Chunk(text[start:closed], start, start_line, start_col))
                start = None
            closed = None
        if start is None:
            start, start_line, start_col = m.start(), line, column
        if tok in "{([":
            depth += 1
        elif tok in "})]":
            depth -= 1
        if depth <= 0 and tok == "}":
            closed, depth = m.end(), 0
        elif depth <= 0 and tok == ";":
            chunks.append(Chunk(text[start:m.end()], start, start_line, start_col))
            start, depth = None, 0
    if closed is not None:
        chunks.append(Chunk(text[start:closed], start, start_line, start_col))
    elif start is not None:
        chunks.append(Chunk(text[start:], start, start_line, start_col))
    return chunks


def shift(node, lines: int):
    """A copy of an AST value with every span moved down by `lines` lines."""
    if isinstance(node, tuple):
        return tuple(shift(n, lines) for n in node)
    if not isinstance(node, A.Node):
        return node  # str, int, bool, None
    span = node.span
    moved = A.Span(span.file, span.line + lines, span.column, span.end_line + lines, span.end_column) \
        if span.line else span
    return type(node)(**{name: shift(getattr(node, name), lines) for name in node._fields}, span=moved)


class ModuleCache:
    """Parsed declarations by file and text: an edit re-parses only the declarations it touched.

    A declaration that only moved (lines added above it) is reused with its spans shifted. Syntax
    errors are lint's: a broken declaration parsed on its own gives the positions and messages of
    parsing the whole file (the parser starts a declaration in the same state either way); when that
    is not certain (see `_as_lint_would`) the whole file is parsed, exactly as `rulebook lint` does.
    """

    def __init__(self):
        self._chunks: dict[str, dict] = {}      # file -> {(chunk text, column): (line, items)}
        self._last: dict[str, tuple] = {}       # file -> (text, module)
        self.partial: dict[str, tuple] = {}     # file with syntax errors -> stand-in declarations
        self._good: dict[str, tuple] = {}       # file -> the declarations of its last text that parsed
        self.parsed_chunks = 0                  # declarations parsed so far (tests watch it)

    def parse(self, text: str, shown: str) -> A.Module:
        """The module of `text`, or RulesError with lint's diagnostics."""
        last = self._last.get(shown)
        if last is not None and last[0] == text:
            return last[1]
        if ODD_BREAK.search(text):   # refused anywhere, in comments too: the whole file's E101
            self.partial[shown] = self._good.get(shown, ())
            self._last.pop(shown, None)
            parse_text(text, shown)
        old = self._chunks.get(shown, {})
        new: dict = {}
        items: list = []
        errors: list[list[Diagnostic]] = []
        for chunk in split_declarations(text):
            key = (chunk.text, chunk.column)
            cached = new.get(key) or old.get(key)
            if cached is None:
                padded = "\n" * (chunk.line - 1) + " " * (chunk.column - 1) + chunk.text
                self.parsed_chunks += 1
                try:
                    cached = (chunk.line, parse_text(padded, shown).items)
                except RulesError as e:
                    errors.append(e.diagnostics)
                    continue
            if cached[0] == chunk.line:
                found = cached[1]
            else:
                with deep_recursion():   # a declaration may nest as deep as the parser allows
                    found = shift(cached[1], chunk.line - cached[0])
            new[key] = (chunk.line, found)
            items.extend(found)
        self._chunks[shown] = new
        self._last.pop(shown, None)
        if errors:
            # the declarations that parse, and for the broken ones their last version that did
            names = {_bound(i) for i in items}
            self.partial[shown] = tuple(items) + tuple(i for i in self._good.get(shown, ()) if _bound(i) not in names)
            diagnostics = _as_lint_would(errors, text)
            if diagnostics:
                raise RulesError(diagnostics)
            module = parse_text(text, shown)   # raises lint's diagnostics (or the split was wrong: parsed whole)
        else:
            module = A.Module(shown, tuple(items))
        self.partial.pop(shown, None)
        self._good[shown] = module.items
        self._last[shown] = (text, module)
        return module


def _bound(item) -> tuple:
    """What a top-level item declares, overrides, removes, extends or amends."""
    if isinstance(item, A.Override):
        return "decl", item.decl.name
    if isinstance(item, A.Standing):
        return "trigger", item.trigger.pattern.event
    return type(item).__name__, getattr(item, "when", ""), item.name


def _as_lint_would(errors: list[list[Diagnostic]], text: str) -> list[Diagnostic]:
    """The syntax errors of a file's broken declarations as one parse of the whole file reports them,
    or [] when only the whole file can tell.

    With one broken declaration its errors are the file's: the parser reaches it in the state a
    fresh parse starts in. With more, which are reported depends on how lint's parse carries on
    after the first (past a missing ';' it does, past other errors it does not, and a game's
    misnamed phase is only found once the whole file parses), so the whole file decides. So it does
    for an early end of file (where, and what else is unclosed, depends on the rest), for too
    deep nesting (looked for in the whole file before it is parsed), for a note naming the '{'
    left open (the whole file's indentation says which) and for an error met between declarations
    (the whole file's layout may point at a '}' too many before it).
    """
    if len(errors) != 1 or len(errors[0]) >= MAX_SYNTAX_ERRORS:
        return []
    if any(d.code in ("E102", "E106") for d in errors[0]):
        return []
    if any(d.notes for d in errors[0]):   # a note on the '{' left open reads the whole file's layout
        return []
    if between_declarations(text, errors[0]):
        return []
    return errors[0]


# ---------------------------------------------------------------------------- names in a file

_WORDS = re.compile(rf'\r\n|\r|\n|{COMMENT}|{STRING}|"[^"\r\n]*|[0-9]+|[A-Za-z_][A-Za-z0-9_]*')


def words(text: str) -> list[tuple[int, int, str]]:
    """Every identifier or keyword outside comments and strings: (line, column, text), in order."""
    return [(line, column, m.group()) for m, line, column in located(_WORDS, text)
            if m.group()[0].isalpha() or m.group()[0] == "_"]


# Which string fields of a node are names, in source order, and what they are:
# decl (declares a top-level name), member (declares an enum member), ref (uses a declared name),
# field_def / field (declares / uses a field of a known kind), attr (`x.name`, resolved later).
_NAMES: dict = {
    **{cls: (("name", "decl"),) for cls in (A.Resource, A.Event, A.Track, A.Kind, A.Record, A.Actor,
                                            A.Variant, A.Setting, A.Const, A.Game)},
    A.Counter: (("name", "decl"), ("per", "ref")),   # `per turn`: a proc's name (a loop's label is no declaration)
    A.After: (("proc", "ref"),),   # `... after make(m)`
    **{cls: (("name", "decl"), ("returns", "ref")) for cls in (A.Proc, A.Func, A.Extern)},   # `proc p(): tech`
    A.Var: (("name", "decl"), ("type", "ref")),   # `var crest: house;`
    A.Table: (("name", "decl"), ("type", "ref")),   # `table best[1..3]: colour = [...];` (its index: A.Indexes)
    A.Indexes: (("enum", "ref"),),   # `counter led[lane]`, `zone pile[structure] of ...`
    A.Marker: (("track", "ref"),),   # `remove marker from technology space 12;`
    A.Group: (("name", "decl"), ("members", "ref")),
    A.Enum: (("name", "decl"), ("members", "member")),
    A.EnumMember: (("name", "member"),),   # in an `amend ENUM`: a member added or retitled, as an override is a decl
    A.Die: (("name", "decl"), ("type", "ref")),
    # `for each c in city`: city is a use (and so is each later domain: `for each c in colour, r in rank`)
    A.Entity: (("kind", "ref"), ("name", "decl"), ("each", "ref"), ("each_more", "ref")),
    # `refills from discards`: a zone named in the declaration (`show N from`, `redeal to`: Names, found as uses)
    # (`seen by side`: a field of the zone's kind)
    A.Zone: (("name", "decl"), ("kind", "ref"), ("more_kinds", "ref"), ("refills", "ref"), ("face_field", "field")),
    A.IsKind: (("kind", "ref"),),
    A.Remove: (("name", "ref"), ("also", "ref")), A.Extend: (("name", "ref"),), A.Amend: (("name", "ref"), ("also", "ref")),
    A.Param: (("name", None), ("type", "ref")),
    A.Let: (("name", None), ("type", "ref"), ("of", "ref")),   # `let seen: list of city = [];`
    A.FieldDecl: (("name", "field_def"), ("type", "ref"), ("index", "ref"), ("of", "ref"), ("bound", "ref")),   # `types: list of card_type;`, `col: 1..size;`
    A.MemberValue: (("member", "ref"),),
    A.FieldValue: (("name", "field"),), A.FieldEffect: (("name", "field"),),
    A.Gain: (("resource", "ref"),), A.Lose: (("resource", "ref"), ("debt", "ref")),
    A.LoseRandom: (("group", "ref"),), A.GainAny: (("group", "ref"),),
    A.Shift: (("counter", "ref"), ("dest_counter", "ref")), A.Share: (("resource", "ref"),),
    A.CostTerm: (("name", "ref"),), A.Substitute: (("name", "ref"),), A.Advance: (("track", "ref"),), A.Regress: (("track", "ref"),),
    A.Reactivate: (("track", "ref"),), A.Bonus: (("track", "ref"),),
    A.CallStmt: (("func", "ref"),), A.Call: (("func", "ref"),), A.Method: (("name", "ref"),), A.CanOpen: (("proc", "ref"),),
    A.Fill: (("kind", "ref"),), A.Roll: (("name", None), ("die", "ref")), A.Pay: (("name", None),),
    A.Draw: (("name", None),),
    A.Pattern: (("event", "ref"),), A.Tag: (("action", "ref"),),
    A.Emit: (("event", "ref"),), A.Rank: (("resource", "ref"),), A.SetName: (("name", "ref"),),
    A.SetAttr: (("name", "attr"),), A.Attr: (("name", "attr"),),
    A.Construct: (("record", "ref"),),
    A.HeldOption: (("choose", "label"),),
    A.Role: (("name", "decl"),),
    A.Shortfall: (("resource", "ref"),),   # `shortfall cash { ... }`: the stock it covers
    A.ShortfallAmend: (("resource", "ref"),),   # `amend shortfall cash { ... }`: likewise
    A.RowOf: (("grid", "ref"),),   # `row r of pyramid`: the grid it names
    A.IndexIn: (("grid", "ref"),),   # `index r of c in pyramid`: the grid it names
    A.KindShows: (("names", "field"),),   # `shows points, food;` in a kind: its fields   # `option in LABEL ...`: an option added to the open choose LABEL   # `spot(row = 1, col = 2)`: its fields are found apart (_FileIndexer.visit)
}
# the fields of `_NAMES` that name a type, which no local can stand for
TYPE_ATTRS = frozenset({"type", "of", "returns"})
_LOCALS = {A.Offer: "partner", A.FirstMay: "var", A.Let: "name", A.Roll: "name", A.Pay: "name", A.Draw: "name", A.ForEach: "var", A.Pick: "var", A.Aggregate: "var", A.Sorted: "var", A.Network: "var", A.Flood: "var", A.Regions: "var", A.Ray: "var",
           A.Param: "name"}
# the field of a node that binds its locals' words, for the name walk (_FileIndexer.names): the locals' and
# a per-entity declaration's `for each c in city` (`each`: the c is its binding, `local_def`, and no use)
_BINDING_WORDS = {**_LOCALS, A.Entity: "each"}


class _Scopes:
    """Where each local of a declaration is bound, as the checker scopes it: a parameter (and the `c` of
    `card x for each c in city`) in the whole declaration; `let`, `let NAME = roll/pay/draw ...` from
    its statement to the end of its block; the variable of a loop, a pick, an aggregate, an offer, an
    auction... inside that construct. A name is the innermost binding whose region holds it (an inner
    `let v` shadows the outer `v` for the rest of its block), or a declared name when none does."""

    def __init__(self, decl, file: str):
        self.regions: list[tuple] = []   # (name, start, end, scope key), outer first
        self.bound: dict[int, list] = {}   # id of a binding node -> [(name, scope key)]
        whole = ((decl.span.line, decl.span.column), (decl.span.end_line, decl.span.end_column))
        if isinstance(decl, A.Entity) and decl.each is not None:
            for bound, _domain in (decl.each,) + tuple(decl.each_more or ()):
                self._add(decl, bound, *whole, file)
        for n in A.walk(decl):
            if type(n) is A.Param:
                self._add(n, n.name, *whole, file)
            elif type(n) in _LOCALS and not getattr(type(n), "binds", None):
                self._add(n, getattr(n, _LOCALS[type(n)]), *self._span(n), file)
            if type(n) is A.Auction:   # the winner's names, and those of its `passed` and `bids` blocks
                for name in (n.winner, n.price, n.stakes, n.passer, n.passed_bid, n.bidder, n.bid_made):
                    if name is not None:
                        self._add(n, name, *self._span(n), file)
            elif type(n) is A.Deal and n.body is not None:   # `deal ... as (receiver, card) { ... }`
                for name in (n.receiver, n.var):
                    self._add(n, name, *self._span(n), file)
            elif type(n) in (A.Network, A.Flood) and n.through_var:
                self._add(n, n.through_var, *self._span(n), file)
            elif type(n) is A.Draw and n.var is not None:   # `draw ... until COND each c { ... }`
                self._add(n, n.var, *self._span(n), file)
            if type(n) is A.LetIn:   # a func's lets: each from its statement to the end of the func's value
                for stmt in n.lets:
                    self._add(stmt, stmt.name, (stmt.span.line, stmt.span.column), (n.span.end_line, n.span.end_column),
                              file)
                continue
            for block in (v for v in (getattr(n, f) for f in type(n)._fields) if isinstance(v, tuple) and v):
                last = block[-1]
                if not isinstance(last, A.Node) or not last.span.line:
                    continue
                end = (last.span.end_line, last.span.end_column)
                for stmt in block:   # a statement that binds a name for the rest of its block
                    field_name = getattr(type(stmt), "binds", None) if isinstance(stmt, A.Node) else None
                    if field_name and type(stmt) is not A.Param:
                        self._add(stmt, getattr(stmt, field_name), (stmt.span.line, stmt.span.column), end, file)

    @staticmethod
    def _span(n) -> tuple:
        return (n.span.line, n.span.column), (n.span.end_line, n.span.end_column)

    def _add(self, node, name: Optional[str], start: tuple, end: tuple, file: str) -> None:
        if not name:
            return
        key = (file, start[0], start[1], name)
        self.regions.append((name, start, end, key))
        self.bound.setdefault(id(node), []).append((name, key))

    def of(self, name: str, line: int, column: int) -> Optional[tuple]:
        """The scope key of the local `name` read at a position, or None for a declared name."""
        at, best = (line, column), None
        for bound, start, end, key in self.regions:
            if bound == name and start <= at <= end and (best is None or start >= best[0]):
                best = (start, key)
        return best[1] if best else None

    def binding(self, node) -> list:
        """(name, scope key) of each local the node binds."""
        return self.bound.get(id(node), [])


@dataclass(frozen=True)
class Occurrence:
    """One name at one place: what it is (`role`), the node it belongs to and, for fields, the kind."""

    name: str
    span: A.Span
    role: str
    node: object = field(compare=False, repr=False)
    kind: Optional[str] = None        # field / field_def: the kind; attr: the kind of `this`/`it` if known
    obj: Optional[str] = None         # attr: the object's bare name (an entity, `you`...), if any
    scope: Optional[tuple] = None     # local / local_def: the binding it is (file, line, column, name)


class _FileIndexer:
    """Finds the exact position of every name in one parsed file (AST spans cover whole nodes; the
    name's own word is the one inside the node but outside its children)."""

    def __init__(self, module: A.Module, text: str):
        self.words = words(text)
        self.keys = [(w[0], w[1]) for w in self.words]
        self.file = module.path
        self.found: list[Occurrence] = []
        self.versions: set[int] = set()   # ids of the funcs and procs a card's `override ... in ZONE` writes
        for item in module.items:
            decl = item.decl if isinstance(item, A.Override) else item
            local = _Scopes(decl, self.file)
            # the kind whose fields are named inside: an entity's (also `this`), or the kind declared;
            # inside `amend NAME` the fields are NAME's, whose kind the symbol table knows
            # (and a zone's `seen by FIELD` names a field of its kind)
            kind = decl.kind if isinstance(decl, A.Entity) or isinstance(decl, A.Zone) and decl.face_field else \
                decl.name if isinstance(decl, (A.Kind, A.Record)) else None
            self.amended = decl.name if isinstance(decl, A.Amend) else None
            # a record's title names its fields (`"{row}/{col}"`), as an amend's title of a record may
            self.title_fields = {id(p) for p in getattr(decl, "title_parts", ()) if type(p) is A.Name} \
                if isinstance(decl, (A.Record, A.Amend)) else set()
            self.visit(item, local, kind, None)

    def visit(self, node, local: set, this_kind, it_kind) -> None:
        if type(node) is A.HeldOverride:   # its func's or proc's name declares a card's version of it ("held")
            self.versions.add(id(node.decl))
        if isinstance(node, A.Name) and node.id == A.ROLE_ZONE:   # a role's own zone: not written (spans its slot)
            return
        spec = _NAMES.get(type(node))
        if type(node) is A.Choose and node.open and node.stmt_label:   # `choose ... as LABEL open`: the options'
            spec = (("stmt_label", "label_def"),)                       # cards add are found under it
        if type(node) is A.Reset:   # `reset FIELD, ... of KIND;` names fields of KIND, `reset NAME, ...;` declarations
            spec, this_kind = ((("names", "field"), ("kind", "ref")), node.kind) if node.kind else ((("names", "ref"),),
                                                                                                      this_kind)
        if type(node) is A.SlotRemoved and not node.name.startswith("option in "):
            self.slot_words(node)   # `remove anytime in hand;`: the zones (and event) its name holds
            return
        children = [c for c in node.children() if not (type(c) is A.Name and c.id == A.ROLE_ZONE)]
        if type(node) is A.HeldOption:   # its option spans the whole slot: the label is outside the option's parts
            self.names(node, spec, [c for c in children if c is not node.option] + list(node.option.children()),
                       local, this_kind, it_kind)
        elif spec:
            self.names(node, spec, children, local, this_kind, it_kind)
        if isinstance(node, A.Name) and id(node) in self.title_fields:   # `{row}` in a record's title
            self.found.append(Occurrence(node.id, node.span, "field", node, kind=this_kind, obj=self.amended))
            return
        if type(node) is A.Construct:   # `spot(row = 1, ...)`: the names given are the record's fields
            for value in node.fields:
                self.names(value, _NAMES[A.FieldValue], list(value.children()), local, node.record, it_kind)
                self.visit(value.value, local, this_kind, it_kind)
            return
        if isinstance(node, A.Name):
            scope = local.of(node.id, node.span.line, node.span.column)
            self.found.append(Occurrence(node.id, node.span, "ref", node) if scope is None else
                              Occurrence(node.id, node.span, "local", node, scope=scope))
        for name, bound in local.binding(node):   # the word that binds a local: `let v`, `for each c`
            word = next((w for w in self.own_words(node, children) if w[2] == name), None)
            if word is not None:
                span = A.Span(self.file, word[0], word[1], word[0], word[1] + len(name))
                self.found.append(Occurrence(name, span, "local_def", node, scope=bound))
        for child in children:
            inner_it = node.kind if isinstance(node, A.Fill) and child is node.where else it_kind
            self.visit(child, local, this_kind, inner_it)
        if type(node) is A.Enum:   # a member's data (`good = food`, `back = south`): uses, nested a tuple a member
            for values in node.data:
                for value in values:
                    self.visit(value.value, local, this_kind, it_kind)

    def slot_words(self, node) -> None:
        """The names a removed slot's name holds (`remove whenever scored in hand, row[wetland];`, `remove
        anytime in hand at combat;`): the event and the zones (an element's indexes too) are uses, found
        where they are written; the words of the statement and a window's name are not."""
        head, _, rest = node.name.partition(" in ")
        places = rest.partition(" at ")[0]
        named = {w for place in places.split(", ") for w in re.split(r"[\[\],]", place) if w}
        if head.split()[0] in ("whenever", "modifier"):
            named.add(head.split()[-1])
        for line, col, word in self.own_words(node, []):
            if word in named:
                span = A.Span(self.file, line, col, line, col + len(word))
                self.found.append(Occurrence(word, span, "ref", node))

    def own_words(self, node, children: list) -> list:
        s = node.span
        lo = bisect.bisect_left(self.keys, (s.line, s.column))
        hi = bisect.bisect_left(self.keys, (s.end_line, s.end_column))
        inside: list[list] = []   # the children's spans, merged into disjoint intervals
        for start, end in sorted(((c.span.line, c.span.column), (c.span.end_line, c.span.end_column))
                                 for c in children if c.span.line):
            if inside and start <= inside[-1][1]:
                inside[-1][1] = max(inside[-1][1], end)
            else:
                inside.append([start, end])
        out, i = [], 0
        for w in self.words[lo:hi]:
            at = (w[0], w[1])
            while i < len(inside) and inside[i][1] <= at:
                i += 1
            if i < len(inside) and inside[i][0] <= at:
                continue
            out.append(w)
        return out

    def names(self, node, spec, children, local, this_kind, it_kind) -> None:
        own = self.own_words(node, children)
        pos = 0
        for attr, role in spec:
            value = getattr(node, attr)
            if attr == "each_more":   # a per-entity declaration's later (bound, domain) pairs, in order
                value = tuple(word for pair in value or () for word in pair)
            if attr in TYPE_ATTRS and isinstance(value, str) and " or " in value:   # `c: chameleon or joker`, a
                # result's `zone of card or joker`: each kind
                value = tuple(value.split(" or "))
            for name in (value if isinstance(value, tuple) else (value,)):
                if not isinstance(name, str):
                    continue
                # `list of spot`, `list of list of spot`, `zone of card`: the item's name
                name = name.rpartition("list of ")[2].removeprefix("zone of ")
                at = next((i for i in range(pos, len(own)) if own[i][2] == name), None)
                if at is None and type(node) is A.Attr and node.span.end_column > len(name):
                    # `{s.row}` in a text: no word of the file outside its strings, but its span ends with the name
                    line, col = node.span.end_line, node.span.end_column - len(name)
                elif at is None and type(node) in (A.Construct, A.FieldValue) and node.span.line:
                    line, col = node.span.line, node.span.column   # `{spot(row = 1)}`: its span starts with it
                elif at is None:
                    continue
                else:
                    pos = at + 1
                    line, col, _ = own[at]
                if role is None or attr in (_BINDING_WORDS.get(type(node)), "each_more") and any(
                        name == bound for bound, _key in local.binding(node)):
                    continue   # a binding's own word (`c` of `for each c in city`) is recorded as one
                    # (but the type of `planet: planet` is the enum's name)
                if role == "ref" and attr not in TYPE_ATTRS and (scope := local.of(name, line, col)) is not None:
                    # a local's use (a type is never one: `planet: planet` names the enum)
                    self.found.append(Occurrence(name, A.Span(self.file, line, col, line, col + len(name)), "local",
                                                 node, scope=scope))
                    continue
                span = A.Span(self.file, line, col, line, col + len(name))
                self.found.append(self._occurrence(node, name, span, role, this_kind, it_kind))

    def _occurrence(self, node, name, span, role, this_kind, it_kind) -> Occurrence:
        if role == "decl" and id(node) in self.versions:
            return Occurrence(name, span, "held", node)
        if role in ("field", "field_def"):
            return Occurrence(name, span, role, node, kind=this_kind, obj=self.amended)
        if role == "attr" or role == "ref" and type(node) is A.Method:   # `obj.name`, `obj.name(...)`
            obj = node.obj
            obj_name = obj.id if isinstance(obj, A.Name) else "you" if isinstance(obj, A.You) else None
            kind = this_kind if obj_name == "this" else it_kind if obj_name == "it" else None
            return Occurrence(name, span, role, node, kind=kind, obj=obj_name)
        return Occurrence(name, span, role, node)


def file_occurrences(module: A.Module, text: str) -> list[Occurrence]:
    """Every declared, used or field name of one file with its exact span, in source order."""
    with deep_recursion():   # the walk recurses as deep as the declarations nest
        found = _FileIndexer(module, text).found
    # once each: a node the parser puts in two places (a reaction's zone, in its trigger's `while` too) is
    # one word of the file, and a rename edits it once (an editor refuses overlapping edits)
    return sorted(dict.fromkeys(found), key=lambda o: (o.span.line, o.span.column))


# ---------------------------------------------------------------------------- a pack in view


class _EditorPack(Pack):
    """A pack whose files include the editor's open documents that are not saved to disk yet."""

    def __init__(self, pack: Pack, open_paths):
        super().__init__(pack.root, pack.manifest, pack.only)
        self.from_cwd = pack.from_cwd   # the stack's one form of path
        self._open = open_paths
        self._files: Optional[list[Path]] = None

    def files(self) -> list[Path]:
        """The files on disk and the open ones in the folder (listed once: a view is one moment)."""
        if self._files is None:
            on_disk = super().files()
            extra = [p for p in self._open if p.suffix == ".rules" and self.root in p.parents and p not in on_disk
                     and not self.excludes(p)] \
                if self.only is None else []
            self._files = sorted(on_disk + extra)
        return self._files


def pack_root(path: Path) -> Optional[Path]:
    """The folder of the pack a rules file belongs to, or None for a file outside any pack (or one
    its pack's `exclude` leaves out)."""
    for parent in path.parents:
        if (parent / MANIFEST).is_file():
            try:
                excluded = load_pack(parent, validate=False).excludes(path)
            except RulesError:
                excluded = False   # the manifest's findings are the pack's to report
            return None if excluded else parent
    return None


class Workspace:
    """The editor's open documents and the caches that make re-analysis cheap."""

    def __init__(self):
        self.open: dict[Path, str] = {}
        self.modules = ModuleCache()
        self._disk: dict[Path, tuple] = {}          # path -> ((mtime, size), text)
        self._occurrences: dict[str, tuple] = {}    # file -> (text, occurrences)

    def set_text(self, path: Path, text: str) -> None:
        """An open document's current (unsaved) text."""
        self.open[path.resolve()] = text

    def close(self, path: Path) -> None:
        """The document is closed: its file on disk counts again."""
        self.open.pop(path.resolve(), None)

    def text_of(self, path: Path, shown: Optional[str] = None) -> str:
        """A file's text: the editor's when it is open, else the disk's (cached by mtime and size);
        undecodable bytes raise RulesError naming the file as `shown`."""
        return self._text(path.resolve(), shown)

    def _text(self, path: Path, shown: Optional[str]) -> str:
        if path in self.open:
            return self.open[path]
        stat = path.stat()
        key = (stat.st_mtime_ns, stat.st_size)
        cached = self._disk.get(path)
        if cached is None or cached[0] != key:
            cached = (key, decode(path.read_bytes(), shown or str(path)))
            self._disk[path] = cached
        return cached[1]

    def view(self, path: Path) -> "View":
        """Analyse the pack of `path` (or the file alone outside a pack) with every open text."""
        path = path.resolve()
        root = pack_root(path)
        view = View(self, path, root)
        try:
            chain = [Pack.lone_file(path)] if root is None else pack_chain(str(root))
        except RulesError as e:
            view.analysis = Analysis([], diagnostics=list(e.diagnostics))
            return view
        chain = [_EditorPack(p, list(self.open)) for p in chain]
        view.analysis = analysis = analyse_chain(chain, parse=view.parse)
        if view.syntax_errors:
            # as lint: no unused-declaration lints while a file does not parse, and nothing but its
            # syntax errors in the file
            kept = [d for d in analysis.diagnostics if d.code != "W401" and d.span.file not in view.broken]
            analysis.diagnostics = sorted(kept + view.syntax_errors, key=sort_key)
        if root is None:
            analysis.diagnostics = [d for d in analysis.diagnostics if d.code not in LONE_FILE_SILENT]
        return view

    def occurrences(self, module: A.Module, text: str) -> list[Occurrence]:
        """A file's occurrences, recomputed only when its text changed."""
        cached = self._occurrences.get(module.path)
        if cached is None or cached[0] != text:
            cached = (text, file_occurrences(module, text))
            self._occurrences[module.path] = cached
        return cached[1]


@dataclass
class Target:
    """What a name at a position stands for: a declared name, or a field of a kind."""

    key: tuple                      # ("name", name) or ("field", kind, field)
    occurrence: Occurrence


class View:
    """One analysed pack chain as the editor sees it: diagnostics per file and the name index."""

    def __init__(self, workspace: Workspace, path: Path, root: Optional[Path]):
        self.workspace, self.path, self.root = workspace, path, root
        self.analysis: Analysis = Analysis([])
        self.paths: dict[str, Path] = {}     # shown file name -> path
        self.resolved: dict[Path, Path] = {}  # a pack's listing of a file -> its resolved path
        self.texts: dict[str, str] = {}      # shown file name -> text analysed
        self.syntax_errors: list[Diagnostic] = []
        self.broken: set[str] = set()        # files with syntax errors

    def parse(self, path: Path, shown: str):
        """The parse step of analyse_chain: open texts first, parsed through the module cache."""
        path = self.paths[shown] = self.resolved[path] = path.resolve()
        try:
            text = self.workspace._text(path, shown)
        except OSError:
            return parse_file(path, shown)   # raises its positioned E107
        self.texts[shown] = text
        if path in self.workspace.open:
            # the editor's text passes the same checks as a file read from disk
            text = decode(text.encode("utf-8", errors="surrogatepass"), shown)
        try:
            return self.workspace.modules.parse(text, shown), text
        except RulesError as e:
            # Lint leaves a file with syntax errors out, and every use of its names elsewhere becomes
            # an error too; while typing, that cascade is noise (and slow), so the declarations that
            # still parse, and the last version of those that do not, stand in for the file. The
            # file itself shows only its syntax errors, as in lint.
            self.syntax_errors.extend(e.diagnostics)
            self.broken.add(shown)
            return A.Module(shown, self.workspace.modules.partial.get(shown, ())), text

    @property
    def symbols(self) -> Symbols:
        """The chain's symbol table (empty when the packs could not be read)."""
        return self.analysis.symbols or Symbols()

    def own_files(self) -> list[Path]:
        """The files whose diagnostics this view publishes: those of the document's own pack."""
        if not self.analysis.chain:
            return [self.path]
        return [self.resolved.get(p) or p.resolve() for p in self.analysis.chain[-1].files()]

    def diagnostics(self) -> dict[Path, list[Diagnostic]]:
        """Findings per file of the pack (every own file has an entry, empty when clean); findings
        about a manifest go to that pack.toml."""
        out: dict[Path, list[Diagnostic]] = {p: [] for p in self.own_files()}
        for d in self.analysis.diagnostics:
            path = self.paths.get(d.span.file) or Path(d.span.file)
            if not path.is_absolute() and path.name == MANIFEST:
                path = path.resolve()
            if path in out or path.name == MANIFEST and path.is_file():
                out.setdefault(path, []).append(d)
            elif not self.analysis.chain:
                out[self.path].append(d)   # an unreadable pack: say it on the document
        return out

    # ------------------------------------------------------------------ the index
    @cached_property
    def index(self) -> dict:
        """(file -> occurrences in order, key -> occurrences) over every module of the chain."""
        by_file: dict[str, list[Occurrence]] = {}
        by_key: dict[tuple, list[Occurrence]] = {}
        fields_of = self._fields_by_name()
        for _pack, modules in self.analysis.modules:
            for module in modules:
                occurrences = self.workspace.occurrences(module, self.texts.get(module.path, ""))
                by_file[module.path] = occurrences
                for o in occurrences:
                    key = self._key(o, fields_of)
                    if key is not None:
                        by_key.setdefault(key, []).append(o)
        return {"file": by_file, "key": by_key}

    def _fields_by_name(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for decl in self.symbols.decls.values():
            if isinstance(decl, A.Kind):
                for f in decl.fields:
                    out.setdefault(f.name, []).append(decl.name)
        return out

    def _key(self, o: Occurrence, fields_of: dict) -> Optional[tuple]:
        sym = self.symbols
        if o.role in ("local", "local_def"):   # one binding of a local: its own uses, not another's
            return ("local",) + o.scope
        if o.role in ("decl", "member", "held"):
            return ("name", o.name)
        if o.role in ("label", "label_def"):   # an open choose's label, and the options cards add to it
            return ("label", o.name)
        if o.role == "ref" and type(o.node) in (A.Gain, A.Lose) and o.node.on is not None:
            # `gain 1 eggs on b;` names b's stock, a field, whatever else is named so (a counter `eggs`)
            owners = [k for k in fields_of.get(o.name, []) if any(f.name == o.name and f.stock for f in self._kind_fields(k))]
            return ("field", owners[0], o.name) if len(owners) == 1 else None
        if o.role == "ref" and not (type(o.node) is A.Method and o.name not in sym.decls):
            return ("name", o.name) if o.name in sym.decls or o.name in sym.members else None
        # an attr, or `card.field(p)`: a computed field worked out for a player
        if o.role in ("field", "field_def"):
            kind = o.kind or self._kind_of(o.obj)
            return ("field", kind, o.name) if kind else None
        if id(o.node) in sym.record_reads:   # `s.row`: the checker knew s to be a record
            return ("field", sym.record_reads[id(o.node)], o.name)
        # attr: a field of a known kind, a player's resource/counter/track/zone, or a unique field
        kind = o.kind
        if kind is None and o.obj in ("this", "it"):
            return None   # an event's argument, or `this` where there is none
        if kind is None and isinstance(sym.decls.get(o.obj), A.Entity):
            kind = sym.decls[o.obj].kind
        if kind is not None:
            return ("field", kind, o.name) if o.name in {f.name for f in self._kind_fields(kind)} else None
        if sym.category(o.name) in ("resource", "counter", "track", "zone"):
            return ("name", o.name)
        owners = fields_of.get(o.name, [])
        return ("field", owners[0], o.name) if len(owners) == 1 else None

    def _kind_of(self, name: Optional[str]) -> Optional[str]:
        """The kind whose fields an amended entity or kind has."""
        decl = self.symbols.decls.get(name) if name else None
        return decl.kind if isinstance(decl, A.Entity) else decl.name if isinstance(decl, (A.Kind, A.Record)) else None

    def _kind_fields(self, kind: str) -> tuple:
        """The fields of a kind, or of a record (after amends: those they add too)."""
        decl = self.symbols.decls.get(kind)
        return decl.fields if isinstance(decl, (A.Kind, A.Record)) else ()

    def target_at(self, shown: str, line: int, column: int) -> Optional[Target]:
        """The name under a position (1-based), or None."""
        occurrences = self.index["file"].get(shown, [])
        i = bisect.bisect_right([(o.span.line, o.span.column) for o in occurrences], (line, column)) - 1
        if i < 0:
            return None
        o = occurrences[i]
        if not (o.span.line == line and o.span.column <= column <= o.span.end_column):
            return None
        key = self._key(o, self._fields_by_name())
        return Target(key, o) if key is not None else None

    def occurrences_of(self, key: tuple) -> list[Occurrence]:
        """Every occurrence of a name or field across the chain, in file order."""
        return sorted(self.index["key"].get(key, []), key=lambda o: (o.span.file, o.span.line, o.span.column))

    def references(self, key: tuple, declarations: bool) -> list[Occurrence]:
        """Every occurrence of a name or field, or (`declarations` False) its uses alone."""
        return [o for o in self.occurrences_of(key) if declarations or o.role not in DECLARING]

    def definitions(self, key: tuple) -> list[Occurrence]:
        """Where a name or field is declared: the one in force first (an override before what it replaces),
        then the cards' own versions of it (`override func NAME(...) in ZONE`), in the order the cards
        stack, the outermost (declared last) first."""
        order = {m.path: i for i, m in enumerate(m for _p, ms in self.analysis.modules for m in ms)}
        found = self.occurrences_of(key)
        if key[0] == "label":   # the open choose, then the options the cards (and roles) add to it, as they stack
            def chained(o):
                return order.get(o.span.file, -1), o.span.line, o.span.column
            return sorted((o for o in found if o.role == "label_def"), key=chained) + \
                sorted((o for o in found if o.role == "label"), key=chained)
        defs = [o for o in found if o.role in ("decl", "member", "field_def", "local_def")]
        # packs come bases first, so the last declaration in chain order is the one in force
        defs.sort(key=lambda o: (-order.get(o.span.file, -1), o.span.line, o.span.column))
        stacked = [h.decl for _card, h, _v in reversed(self.symbols.held.get(key[-1], ()))] if key[0] == "name" else []
        versions = [o for o in found if o.role == "held"]
        # an amend's version replaces the card's own: only the ones in force are known to the stack, the
        # others (replaced) come last
        rank = {id(decl): i for i, decl in enumerate(stacked)}
        versions.sort(key=lambda o: (rank.get(id(o.node), len(rank)), -order.get(o.span.file, -1), o.span.line))
        return defs + versions

    # ------------------------------------------------------------------ answers
    def hover(self, target: Target) -> Optional[str]:
        """Markdown for a hover: the declaration's plain-language reading and where it is."""
        sym = self.symbols
        if target.key[0] == "local":
            return f"local `{target.key[-1]}`, bound at line {target.key[2]}, column {target.key[3]}"
        if target.key[0] == "label":
            found = self.occurrences_of(target.key)
            chooses = [o for o in found if o.role == "label_def"]
            added = [o for o in found if o.role == "label"]
            where = f"declared at `{chooses[0].node.span}`" if chooses else "no open choose has this label"
            return f"the open choose `{target.key[1]}`: {len(added)} option{'' if len(added) == 1 else 's'} " \
                   f"added by cards or roles\n\n{where}"
        if target.key[0] == "field":
            _f, kind, name = target.key
            decl = next((f for f in self._kind_fields(kind) if f.name == name), None)
            if decl is None:
                return None
            default = " (optional)" if decl.default is not None or decl.index is not None else ""
            what = "record" if isinstance(sym.decls.get(kind), A.Record) else "kind"
            return f"field `{name}: {decl.type_text()}` of {what} `{kind}`{default}\n\ndeclared at `{decl.span}`"
        name = target.key[1]
        if name in sym.members:
            enum = sym.decls[sym.members[name]]
            grids = [v for v in enum.values_of(name) if any(f.name == v.name and f.index is not None for f in enum.fields)]
            drawn = "".join("\n\n```rules\n" + "\n".join(grid_lines(v)) + "\n```" for v in grids)   # as printed
            return f"`{name}`: one of enum `{enum.name}` ({', '.join(enum.members)}){drawn}\n\ndeclared at `{enum.span}`"
        decl = sym.decls.get(name)
        if decl is None:
            return None
        reading = "\n".join(explain(as_declared(decl, sym), sym))   # a func cards change: one rule, with them
        origin = sym.origin.get(name)
        where = f"declared at `{decl.span}`" + (f" (pack {origin})" if origin else "")
        constants = constants_read(decl, sym, self.analysis.modules)   # the numbers it names, as the packs set them
        read = f"\n\nreads {'; '.join(f'`{c}`' for c in constants)}" if constants else ""
        return f"```text\n{reading}\n```{read}\n\n{where}"

    def symbols_of(self, shown: str) -> list[dict]:
        """The declarations of one file, for the outline: name, category, span, name span, children."""
        occurrences = self.index["file"].get(shown, [])
        name_span = {id(o.node): o.span for o in occurrences if o.role in ("decl", "field_def", "held")}
        module = next((m for _p, ms in self.analysis.modules for m in ms if m.path == shown), None)
        out = []
        for item in module.items if module else ():
            decl = item.decl if isinstance(item, A.Override) else item
            if isinstance(decl, A.Remove):
                continue
            children = []
            if isinstance(decl, (A.Kind, A.Record)):   # a kind's fields, a record's
                children = [{"name": f.name, "category": "field", "detail": ("func " if f.computed else "")
                             + f.type_text(), "span": f.span,
                             "name_span": name_span.get(id(f), f.span), "children": []} for f in decl.fields]
            if isinstance(decl, (A.Entity, A.Amend)):   # a card's own versions of funcs and procs
                children += [{"name": f"override {h.func}", "category": CATEGORY[type(h.decl)],
                              "detail": f"in {', '.join(h.zones)}" + (f" while {expr(h.when)}" if h.when else ""),
                              "span": h.span,
                              "name_span": name_span.get(id(h.decl), h.span), "children": []}
                             for h in getattr(decl, "effects", getattr(decl, "items", ())) if isinstance(h, A.HeldOverride)]
            if isinstance(decl, A.Extend):
                name, category, detail = f"{decl.when} {decl.name}", "extend", decl.when
            elif isinstance(decl, A.Amend):
                name, category, detail = f"amend {', '.join(decl.names())}", "amend", "amend"
            elif isinstance(decl, A.Role):   # a role: its own declarations and slots are in its braces
                name, category, detail = decl.name, "role", "role"
                children += [{"name": f"override {h.func}", "category": CATEGORY[type(h.decl)], "detail": "role",
                              "span": h.span, "name_span": name_span.get(id(h.decl), h.span), "children": []}
                             for h in decl.body if isinstance(h, A.HeldOverride)]
            elif isinstance(decl, A.Shortfall):   # run as a proc (resolve.lowered_shortfall)
                name, category, detail = f"shortfall {decl.resource}", "proc", "shortfall"
            elif isinstance(decl, A.ShortfallAmend):
                name, category, detail = f"amend shortfall {decl.resource}", "amend", "amend"
            elif isinstance(decl, A.Standing):
                name = f"{'next' if decl.trigger.once else 'whenever'} {decl.trigger.pattern.event}"
                category = detail = "trigger"
            else:
                name, category = decl.name, CATEGORY[type(decl)]
                detail = decl.kind if isinstance(decl, A.Entity) else category
            out.append({"name": name, "category": category, "detail": detail, "span": item.span,
                        "name_span": name_span.get(id(decl), decl.span), "children": children})
        return out

    def completions(self, text: str, line: int, column: int) -> list[tuple[str, str]]:
        """(label, category) pairs for a completion at a position of `text` (1-based)."""
        lines = text.split("\n")
        before = lines[line - 1][:column - 1] if 0 < line <= len(lines) else ""
        dotted = re.search(r"([A-Za-z_][A-Za-z0-9_]*)\s*\.\s*[A-Za-z0-9_]*\Z", before)
        if dotted:
            offset = sum(len(x) + 1 for x in lines[:line - 1]) + column - 1
            return self._attributes(dotted.group(1), text, offset)
        sym = self.symbols
        windowed = re.search(r"\b(window|at)\s+[A-Za-z0-9_]*\Z", before)
        if windowed:   # `window NAME;` and a card's `anytime ... at NAME`: the named windows of the pack
            shown = [(w, "window") for w in self._windows()]
            if windowed.group(1) == "window":
                return shown
        else:
            shown = []
        out = shown + [(name, CATEGORY[type(decl)]) for name, decl in sym.decls.items() if IDENTIFIER.match(name)]
        out += [(m, "member") for m in sym.members]
        out += [(k, "keyword") for k in sorted(statement_words() - sym.decls.keys())]
        # the board's cell builtins (shift, step, ray, leap, between, edge) are kept out of BUILTIN_FUNCS so a pack's
        # own func of the name keeps it (resolve.cell_walk): offered where the pack has none
        out += [(f, "function") for f in sorted(set(BUILTIN_FUNCS) | set(CELL_WALKS)) if f not in sym.decls]
        out += [(d, "domain") for d in sorted(BUILTIN_DOMAINS) if d not in sym.decls]
        return out

    def _windows(self) -> list[str]:
        """The names of the pack's windows (7.2b): those a `window NAME;` opens and those a card's `at NAME`
        names (the one still being written may be either)."""
        names = set()
        for decl in self.symbols.decls.values():
            for n in A.walk(decl):
                if isinstance(n, A.Window) and n.name is not None:
                    names.add(n.name)
                elif isinstance(n, A.Anytime):
                    names.update(w.id for w in n.windows or ())
        return sorted(names)

    def _attributes(self, obj: str, text: str, offset: int) -> list[tuple[str, str]]:
        """What may follow `obj.`: the fields of its kind when known, else a player's stocks."""
        sym = self.symbols
        kind = None
        if obj == "this":
            enclosing = [c for c in split_declarations(text) if c.offset <= offset]
            head = [w[2] for w in words(enclosing[-1].text)[:2] if w[2] != "override"][:1] if enclosing else []
            if head and isinstance(sym.decls.get(head[0]), A.Kind):
                kind = head[0]
        elif isinstance(sym.decls.get(obj), A.Entity):
            kind = sym.decls[obj].kind
        fields = [(f.name, "field") for f in self._kind_fields(kind)] + [(a, "field") for a in sorted(ENTITY_ATTRS)] \
            if kind else []
        player = [(n, CATEGORY[type(d)]) for n, d in sym.decls.items()
                  if CATEGORY[type(d)] in ("resource", "counter", "track", "zone")]
        if kind:
            return fields
        if obj == "you" or obj in BUILTIN_DOMAINS or isinstance(sym.decls.get(obj), A.Actor):
            return player
        every_field = sorted({f.name for d in sym.decls.values() if isinstance(d, A.Kind) for f in d.fields})
        return player + [(f, "field") for f in every_field if f not in sym.decls]

    def rename(self, target: Target, new: str) -> dict[str, list[A.Span]]:
        """The spans to rewrite (by file) to rename a name or a field everywhere in the chain; a
        RenameRefused says why not."""
        if target.key[0] == "label":   # an amend finds a choose by its label too, which the index does not follow
            raise RenameRefused(f"{target.key[1]!r} is a choose's label: rename it by hand in the choose, the "
                                "options added to it and the amends that find it")
        if not IDENTIFIER.match(new):
            raise RenameRefused(f"{new!r} is not a name: use letters, digits and '_', starting with a letter")
        if new in keywords():
            raise RenameRefused(f"{new!r} is a keyword of the rules language")
        if target.key[0] == "field":
            taken = {f.name for f in self._kind_fields(target.key[1])} | ENTITY_ATTRS
            if new in taken:
                what = "record" if isinstance(self.symbols.decls.get(target.key[1]), A.Record) else "kind"
                raise RenameRefused(f"{what} {target.key[1]!r} already has a field {new!r}")
        else:   # a local takes no declared name either (it would hide that one)
            declared = set(self.symbols.decls) | set(self.symbols.members) | {
                o.name for occ in self.index["file"].values() for o in occ if o.role in ("decl", "member")}
            if new in declared or new in BUILTIN_FUNCS or new in BUILTIN_DOMAINS:
                raise RenameRefused(f"{new!r} is already declared" if new in declared else f"{new!r} is a builtin name")
        if target.key[0] == "local":   # another local of that name where this one is read would take its place
            mine = self.occurrences_of(target.key)
            first, last = (mine[0].span.line, mine[0].span.column), (mine[-1].span.line, mine[-1].span.column)
            if any(o.name == new and o.role in ("local", "local_def") and first <= (o.span.line, o.span.column) <= last
                   for o in self.index["file"].get(target.key[1], [])):
                raise RenameRefused(f"{new!r} is already a local there")
        edits: dict[str, list[A.Span]] = {}
        for o in self.occurrences_of(target.key):
            spans = edits.setdefault(o.span.file, [])
            if o.span not in spans:   # a guard: the index holds each word once (file_occurrences), and an
                spans.append(o.span)  # editor refuses overlapping edits
        for file in edits:   # a pack shipped with rulebook is a library to the packs that extend it
            path = self.paths.get(file, Path(file))
            if SHIPPED in path.parents and (self.root is None or self.root not in path.parents):
                raise RenameRefused(f"{target.key[-1]!r} is also in {file}, a pack shipped with rulebook: "
                                    "rename it there")
        return edits

    def format(self, text: str, shown: str) -> Optional[str]:
        """The file in the canonical layout of `rulebook fmt` (comments kept), or None when it does
        not parse."""
        try:
            return format_text(text, shown, parse_text(text, shown))
        except RulesError:
            return None


class RenameRefused(Exception):
    """A rename that would break the rules (a keyword, a clash, not a name)."""
