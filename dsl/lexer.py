"""A lexer for the rules language: one regular expression and a keyword table.

Lark's basic lexer tries every keyword pattern again on each name it meets; here a name is matched
once and looked up in a dict, which halves the lexing time. The token types are the grammar's own
terminal names, taken from Lark, so the LALR parser and its error messages are unchanged.

Line breaks are `\\n`, `\\r\\n` and a lone `\\r` (what every editor shows as a new line); the lexer
counts lines itself so that carets agree with `str.splitlines()`. The other characters some tools
break lines at (vertical tab, form feed, U+001C-U+001E, U+0085, U+2028, U+2029) are refused
everywhere, in comments and texts too (see `ODD_BREAK`): an editor that shows them as a new line
would otherwise hide the code after them inside a comment.

Comments never reach the parser; `scan` hands them out separately, for the formatter.

A few words of the grammar are contextual, not reserved (`CONTEXTUAL` below is their one list:
`eliminate`, `end`, `as`, ...; `shown` before a word only): each is its keyword only where the
parser, in the state it has reached, would take that keyword, and not when a '(' follows (`eliminate(p);` calls a proc named so); anywhere else they are
names (`proc eliminate(p: player)`, `counter end;`). `scan`, which has no parser, reads them as names.
"""

from __future__ import annotations

import re
from typing import Iterator

from lark.exceptions import UnexpectedCharacters
from lark.lexer import Lexer, Token

from .lazy import dataclass_when_used


class LazyPattern:
    """A regular expression compiled at its first use: most of the patterns below serve a few words
    or a few mistakes, and compiling them all at import cost every command a few milliseconds."""

    def __init__(self, source: str, flags: int = 0):
        self.source, self.flags = source, flags

    def __getattr__(self, name: str):
        # the first read of a method compiles; every method then lives on the instance (no second call here)
        compiled = re.compile(self.source, self.flags)
        for method in ("match", "fullmatch", "search", "finditer", "findall", "sub", "split", "pattern"):
            setattr(self, method, getattr(compiled, method))
        return getattr(compiled, name)


IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
# Terminals this lexer matches itself (their patterns in the grammar say the same).
OWN = {"NAME", "INT", "DECIMAL", "STRING", "COMMENT", "WS", "WHILE_EQUAL"}
LINE_BREAK = re.compile(r"\r\n|\r|\n")
ODD_BREAK_CHARS = "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
ODD_BREAK = re.compile(f"[{ODD_BREAK_CHARS}]")
_NOT_IN_LINE = "\\n\\r" + ODD_BREAK_CHARS
WHITESPACE = rf"[^\S{ODD_BREAK_CHARS}]+"
COMMENT = rf"#[^{_NOT_IN_LINE}]*"
STRING = rf'"(?:[^"\\{_NOT_IN_LINE}]|\\["\\n])*"'
# The contextual words: each one's keyword only where the parser takes it (see the module's docstring),
# with the statement it writes (for the checker's note when one is written as a call).
CONTEXTUAL = {
    "eliminate": "eliminate PLAYER;",
    "restore": "restore PLAYER;",
    "retire": "retire PLAYER;",
    "end": "end game;",
    "break": "break;' or 'break LABEL;",
    "settled": "each PLAYERS until settled { ... }",
    "reopen": "reopen;",
    "through": "longest_path(r in EDGES, r.a, r.b through P where COND)",
    "via": "reachable(p from START via NEXT)",
    "as": 'pick VAR from DOMAIN as "LABEL" { ... }\' or \'repeat N as LABEL { ... }',
    "refills": "zone NAME of KIND refills from ZONE;",
    "show": "zone NAME of KIND show N from ZONE;",
    "redeal": "zone NAME of KIND show N from ZONE redeal to ZONE when COND;",
    "start": "counter NAME from LOW to HIGH start VALUE;",
    "award": "rank DOMAIN by EXPR award [POINTS] RESOURCE;",
    "at": "pick VAR from DOMAIN at random { ... }",
    "always": "pick VAR from DOMAIN always asked { ... }' or 'first VAR in PLAYERS where COND may always asked { ... }",
    "alike": "pick VAR from DOMAIN alike { ... }' or 'pay N cards from ZONE alike by FIELD to ZONE;",
    "wild": "pay N cards from ZONE alike by FIELD wild COND to ZONE;",
    "signed": "counter NAME signed;",
    "auction": "auction among PLAYERS up to AMOUNT as (WINNER, PRICE) { ... }",
    "open": "auction among PLAYERS open up to AMOUNT as (WINNER, PRICE) { ... }",
    "sealed": "auction among PLAYERS sealed up to AMOUNT as (WINNER, PRICE) { ... }",
    "shown": "kind NAME { shown FIELD: TYPE; }",
    "shows": "kind NAME { shows FIELD, FIELD; }",
    "offer": "offer \"prompt\" to PLAYERS [first | chosen] as PARTNER { ... }",
    "can": "can PROC(args) or can copy ENTITY.SLOT",
    "during": "during PHASE",
    "row": "row KEY of GRID",
    "index": "index [NAME] of ITEM in GRID",
    "next": "next EVENT { ... }",
    "reset": "reset NAME;' or 'reset FIELD of KIND;",
    "anytime": "KIND NAME { anytime in ZONE { ... } }",
    "window": "window;' or 'window NAME;",
    "record": "record NAME { FIELD: TYPE; ... }",
    "const": "const NAME = NUMBER;",
    "shortfall": "shortfall RESOURCE { raise by { option ... } else { ... } }",
    "raise": "shortfall RESOURCE { raise [when COND] by { option ... } }",
    "table": "table NAME[INDEX]: TYPE = [VALUES];",
    "most": "winner most EXPR;' or 'then most EXPR' or 'sorted(VAR in LIST, most EXPR)",
    "fewest": "winner fewest EXPR;' or 'then fewest EXPR' or 'sorted(VAR in LIST, fewest EXPR)",
    "space": "track NAME { space N { ... } }' or 'reactivate TRACK space N;",
    "affordable": "affordable(COST)",
    "on": "gain N STOCK on CARD;",
    "step": "track NAME from LOW to HIGH step S { ... }",
    "cost": "space N cost COST { ... }' or 'may cost COST { ... }' or a modifier's 'cost -N RESOURCE;",
    "by": "advance TRACK by N;' or 'rank DOMAIN by EXPR award [POINTS] RESOURCE;",
    "first": "first(LIST)' or 'first to N { ... }' or 'first VAR in PLAYERS may { ... }",
    "trading": "pay COST trading N any(GROUP) as 1;",
    "value": "a modifier's 'value +N;'",
    "overdraw": "resource NAME supply N overdraw;",
    "known": "move ITEM to top of ZONE known [to PLAYERS];",
    "size": "zone NAME per_player of KIND secret size owner;",
    "role": "role NAME \"Title\" { ... }' or 'give PLAYER role NAME;",
    "roles": "seats LOW to HIGH roles NAME, NAME ...;",
    "give": "give PLAYER role NAME;",
    "shift": "shift N COUNTER[A] to COUNTER[B];",
    "one": "let NAME = draw one from ZONE to ZONE;",
    "bottom": "move ITEM to bottom of ZONE;' or 'move ITEM to ZONE at N from bottom;' or 'bottom(VAR in DOMAIN, KEY)",
    "split": "split ZONE into N piles as PILE { ... }",
    "blind": "pick VAR from DOMAIN or blind ZONE { ... }",
    "share": "share N RESOURCE among PLAYERS [odd to PLAYER];",
    "internal": "counter NAME internal;",
    "numbered": "counter NAME[LOW..HIGH] numbered VAR as (EXPR);",
    "edge": "var NAME[edge of RECORD]: TYPE;",
    "around": "record NAME { FIELD: LOW..HIGH around; }",
    "move": "move ITEM to ZONE;",
    "repeated": "pick VAR from DOMAIN repeated { ... }",
    "longest": "pick VAR from DOMAIN repeated longest { ... }",
    "best": "each PLAYERS simultaneously pick VAR from DOMAIN best by KEY { ... }",
    "take": "take VALUE from LIST;",
    "swap": "swap ZONE with ZONE [unseen];",
    "pass": "pass ZONE to left;",
    "deal": "deal all of ZONE to ZONE [from PLAYER];' or 'deal N of ZONE to ZONE [from PLAYER];",
    "hold": "hold DISPLAY { ... }",
    "aside": "set aside CARD until EVENT [then to ZONE];' or 'set aside all of ZONE until EVENT;",
    "also": "KIND NAME { modifier ACTION in ZONE also { ... } }",
}
# contextual words that a '(' may follow where they are keywords: an auction's `as (WINNER, PRICE)`
# (nowhere the parser takes `as` could a call of a proc named `as` stand), a key in parentheses
# (`winner most (vp + coins)`, `then fewest (x)`: right after `winner`, `then` or a sorted's ',' the
# word is the keyword, so a func named `most` is called elsewhere), a space's number in brackets
# (`reactivate farm space (n + 1);`: only a track's name comes before, where no call stands), `advance
# t by (n + 1)`, `space 2 cost (n + 1) coin`, the builtin `first(deck)` (a func named `by` or `cost` is
# called where no such keyword stands; `first` is the builtin's name, E412), a counter's start in parentheses
# (`start (if player_count <= 4 then 18 else 14)`: after a counter's bounds no call stands)
NEVER_CALLED = frozenset({"as", "most", "fewest", "affordable", "space", "by", "first", "cost", "bottom", "start"})
# contextual words that are names wherever the parser takes a name too (an enum member, a field: `enum
# tag {\n space "Space", ... }` would otherwise be read as a field `space: TYPE`), and their keyword only where no
# name could stand (`space 2 cost 1 coin`, a modifier's `cost -1 coin;`); `first` is the keyword there
# too in its own shapes: before a '(' (the builtin `first(deck)`), `to` (`first to 5 { ... }`) or a
# name that is no reserved word (`first p in players may { ... }`)
NAME_FIRST = frozenset({"cost", "first", "space", "bottom", "blind", "aside", "during", "row", "index", "edge"})
# ... and the shapes in which such a word is its keyword even there: `first(deck)`, `first to 5`, `first p
# in players may`, an offer's `first as p {` (a name that is no reserved word, then a word or `{`: `gain
# first vp;` reads a parameter named `first`, as the Terraforming Mars audit wrote); an amend's `space 2 { ... }`, `space (n + 1)`
KEYWORD_SHAPES = {"first": LazyPattern(rf"(?:{WHITESPACE}|{COMMENT})*+(?:\(|to\b|([A-Za-z_][A-Za-z0-9_]*+)"
                                      rf"(?=(?:{WHITESPACE}|{COMMENT})*+[A-Za-z_{{]))"),
                  # ... or a constant's name before what follows a space's number (`space finish {`, `space
                  # last "Goal"`, `space top tier 2`): `pick space from ...` reads a local named `space`
                  "space": LazyPattern(rf"(?:{WHITESPACE}|{COMMENT})*+(?:[0-9(]|[A-Za-z_][A-Za-z0-9_]*+"
                                       rf"(?:{WHITESPACE}|{COMMENT})*+(?:[{{\"]|tier\b|cost\b))"),
                  # `to bottom of ZONE`, the aggregate `bottom(c in hand, c.cost)`: a local may be called `bottom`
                  # (a move's `at N from bottom` takes no name there: the parser reads the keyword)
                  "bottom": LazyPattern(rf"(?:{WHITESPACE}|{COMMENT})*+(?:\(|of\b)"),
                  # `or blind train_deck`: a name (no reserved word) next; `a or blind` reads a value named `blind`
                  "blind": LazyPattern(rf"(?:{WHITESPACE}|{COMMENT})*+([A-Za-z_][A-Za-z0-9_]*+)"),
                  # `during rail_era`: a name (no reserved word) next; `if during > 0` reads a counter named `during`
                  "during": LazyPattern(rf"(?:{WHITESPACE}|{COMMENT})*+([A-Za-z_][A-Za-z0-9_]*+)"),
                  # `row g of at`, `row l, r of ball`: a number or a name (no reserved word), then `of` before the
                  # line's end, a ';', a brace or a text; `for each r in row where ...` reads an enum named `row`
                  "row": LazyPattern(rf"(?:{WHITESPACE}|{COMMENT})*+(?:[0-9]|([A-Za-z_][A-Za-z0-9_]*+))"
                                     r"[^;{}\"\n\r#]*?\bof\b"),
                  # `index of c in techs`, `index r of c in pyramid`, `index 2 of ...`: `of` next, or a number or a
                  # name (no reserved word) and then `of`; `gain index vp;` reads a counter named `index`
                  "index": LazyPattern(rf"(?:{WHITESPACE}|{COMMENT})*+(?:of\b|(?:[0-9]+|([A-Za-z_][A-Za-z0-9_]*+))"
                                       rf"(?:{WHITESPACE}|{COMMENT})*+of\b)"),
                  # `set aside c until ...`, `set aside all of hand ...`: a word next; `set aside = 2;` sets a
                  # variable named `aside`, `set aside.flag = true;` a field of a local so named
                  "aside": LazyPattern(rf"(?:{WHITESPACE}|{COMMENT})*+[A-Za-z_]"),
                  # `var wall[edge of square]`: `of` next; `var road_at[edge]` is indexed by a record named `edge`
                  "edge": LazyPattern(rf"(?:{WHITESPACE}|{COMMENT})*+of\b")}
# the contextual words that are their keyword only before a '(' (`affordable(2 coins)`, a builtin that
# takes a cost): anywhere else (`counter affordable;`, `if affordable > 0`) they are names, and a func
# or proc so named could never be called (E389)
BEFORE_PAREN = frozenset({"affordable"})
# the contextual words that are their keyword only before another word (`shown told: bool;`): before
# ':' or '=' they name a field (`shown: bool;`, `shown = true;`)
_WORD_NEXT = LazyPattern(rf"(?:{WHITESPACE}|{COMMENT})*+[A-Za-z_]")
BEFORE_WORD = {"shown", "shows", "anytime", "record", "const", "shortfall", "raise", "table"}   # `anytime in ZONE`: `anytime = 2;` names a field
# ... `shown` before a text too: a func's `shown "Title"` (`func pot(): int shown "Pot" = ...;`)
_TEXT_NEXT = LazyPattern(rf'(?:{WHITESPACE}|{COMMENT})*+"')
# the contextual words that are their keyword only before a call of a name that is no reserved word
# (`can place(p)`): `can and ready` reads a value named `can`
BEFORE_CALL = {"can"}
_NAME_CALL_NEXT = LazyPattern(rf"(?:{WHITESPACE}|{COMMENT})*+([A-Za-z_][A-Za-z0-9_]*)(?:{WHITESPACE}|{COMMENT})*+\(")
_COPY_NEXT = LazyPattern(r"\s*copy\b")   # `can copy b.play`: `can` before the word `copy` too
# a '(' next, after blanks and comments: the word is called, so it is a name
_CALL_NEXT = LazyPattern(rf"(?:{WHITESPACE}|{COMMENT})*+\(")
# a ':' or '=' next (not '==' or '=>'): a reserved word there may name a field (`draw: int;`, `draw = 2;`)
_FIELD_NEXT = LazyPattern(rf"(?:{WHITESPACE}|{COMMENT})*+(?::|=(?![=>]))")


def _shifted(parse_table, state_stack: list, term: str):
    """The state an LALR parser with this state stack would reach by shifting the terminal `term`
    next (after the reductions it calls for), or None when it would not take it; worked out on a
    copy of the states alone."""
    states = parse_table.states
    stack = list(state_stack)
    while True:
        entry = states[stack[-1]].get(term)
        if entry is None:
            return None
        action, arg = entry
        if action.name == "Shift":
            return arg
        if arg.expansion:
            del stack[-len(arg.expansion):]
        stack.append(states[stack[-1]][arg.origin.name][1])


def _takes(parse_table, state_stack: list, term: str) -> bool:
    """Whether an LALR parser with this state stack would shift the terminal `term` next."""
    return _shifted(parse_table, state_stack, term) is not None


@dataclass_when_used(frozen=True)   # only fmt and the editor keep comments (dsl/lazy.py)
class Comment:
    """A `# ...` comment: its text, where it starts, and whether code precedes it on its line."""

    text: str
    line: int
    column: int
    trailing: bool


def line_and_column(text: str, pos: int) -> tuple[int, int]:
    """The 1-based line and column of a character offset, with the language's line breaks."""
    line, line_start = 1, 0
    for m in LINE_BREAK.finditer(text, 0, pos):
        line, line_start = line + 1, m.end()
    return line, pos - line_start + 1


class RulesLexer(Lexer):
    """Turns rules text into Lark tokens with positions (1-based lines and columns).

    It keeps its place in Lark's line counter, so the parser can resume it after a syntax error.
    """

    __future_interface__ = 2   # lex(lexer_state, parser_state), no wrapper class (which pickle cannot name)

    def __init__(self, lexer_conf):
        self.keywords: dict[str, str] = {}     # the reserved words -> their terminal
        self.contextual: dict[str, str] = {}   # the contextual words -> their terminal
        symbols: list[tuple[str, str]] = []
        patterns: list[tuple[str, str]] = []
        for term in lexer_conf.terminals:
            if term.name in OWN:
                continue
            if term.pattern.type == "str":
                if term.pattern.value in CONTEXTUAL:
                    self.contextual[term.pattern.value] = term.name
                elif IDENTIFIER.match(term.pattern.value):
                    self.keywords[term.pattern.value] = term.name
                else:
                    symbols.append((term.name, term.pattern.value))
            else:
                patterns.append((term.name, term.pattern.to_regexp()))
        # longest symbols first, so `==` is never read as `=` `=`
        parts = [f"(?P<WS>{WHITESPACE})", f"(?P<COMMENT>{COMMENT})", f"(?P<STRING>{STRING})",
                 r"(?P<WORD>[A-Za-z_][A-Za-z0-9_]*)", r"(?P<DECIMAL>[0-9]+\.[0-9]+)", r"(?P<INT>[0-9]+)"]
        parts += [f"(?P<{name}>{regexp})" for name, regexp in patterns]
        parts += [f"(?P<{name}>{re.escape(value)})" for name, value in sorted(symbols, key=lambda s: -len(s[1]))]
        self.master = re.compile("|".join(parts))
        # a word's terminal; None for a contextual word, which the parser's state decides
        self.words: dict[str, str | None] = {**self.keywords, **dict.fromkeys(self.contextual)}

    def lex(self, lexer_state, parser_state):
        """Yield the tokens from where the lexer state stands; an unknown character raises Lark's
        UnexpectedCharacters."""
        return self._tokens(lexer_state.text.text, lexer_state.line_ctr, lexer_state, None, parser_state)

    def scan(self, text: str, counter) -> tuple[list[Token], list[Comment]]:
        """All tokens of a text and, apart, its comments (for the formatter)."""
        comments: list[Comment] = []
        return list(self._tokens(text, counter, None, comments)), comments

    def _tokens(self, data: str, counter, lexer_state, comments, parser_state=None) -> Iterator[Token]:
        match = self.master.match
        keywords = self.words
        end = len(data)
        last_line = 0  # the line of the last token, to tell trailing comments from full-line ones
        previous = None  # the last token's terminal: after a '.', a reserved word names a field
        while counter.char_pos < end:
            pos, line, line_start = counter.char_pos, counter.line, counter.line_start_pos
            m = match(data, pos)
            if m is None:
                raise UnexpectedCharacters(data, pos, line, pos - line_start + 1)
            kind = m.lastgroup
            value = m.group()
            counter.char_pos = m.end()
            if kind == "WS":
                breaks = None
                for breaks in LINE_BREAK.finditer(value):
                    counter.line += 1
                if breaks is not None:
                    counter.line_start_pos = pos + breaks.end()
                counter.column = counter.char_pos - counter.line_start_pos + 1
                continue
            column = pos - line_start + 1
            counter.column = column + len(value)
            if kind == "COMMENT":
                if comments is not None:
                    comments.append(Comment(value, line, column, last_line == line))
                continue
            if kind == "WORD":
                kind = keywords.get(value, "NAME")
                if kind is None:
                    kind = self._contextual(value, data, counter.char_pos, parser_state)
                elif kind != "NAME" and parser_state is not None:
                    field_next = _FIELD_NEXT.match(data, counter.char_pos)
                    if (previous == "DOT" or field_next) and self._names_field(
                            kind, previous == "DOT", field_next and ("COLON" if field_next.group().endswith(":") else "EQUAL"),
                            parser_state):
                        kind = "NAME"
            elif kind == "EQUAL" and parser_state is not None and \
                    _takes(parser_state.parse_conf.parse_table, parser_state.state_stack, "WHILE_EQUAL"):
                kind = "WHILE_EQUAL"   # after an override's `while COND` (dsl/rules.lark)
            token = Token(kind, value, pos, line, column, line, column + len(value), counter.char_pos)
            previous = kind
            last_line = line
            if lexer_state is not None:
                lexer_state.last_token = token
            yield token

    def _contextual(self, word: str, data: str, after: int, parser_state) -> str:
        """A contextual word's terminal where the parser would take it and no '(' follows; NAME
        anywhere else (and always without a parser, in `scan`)."""
        term = self.contextual[word]
        if parser_state is None or (word not in NEVER_CALLED and _CALL_NEXT.match(data, after)) \
                or (word in BEFORE_WORD and not _WORD_NEXT.match(data, after)
                    and not (word == "shown" and _TEXT_NEXT.match(data, after))) \
                or (word in BEFORE_CALL and not self._name_called(data, after) and not _COPY_NEXT.match(data, after)) \
                or (word in BEFORE_PAREN and not _CALL_NEXT.match(data, after)):
            return "NAME"
        table, stack = parser_state.parse_conf.parse_table, parser_state.state_stack
        if not _takes(table, stack, term):
            return "NAME"
        if word in NAME_FIRST and _takes(table, stack, "NAME") and not self._keyword_shape(word, data, after):
            return "NAME"   # a name stands here too: the word is one
        return term

    @staticmethod
    def _names_field(term: str, after_dot: bool, next_term: str, parser_state) -> bool:
        """Whether a reserved word names a field: after a '.' where the parser would take a name and
        not the keyword (`c.draw`), or before ':' or '=' where the parser would read a name there as
        a field's and the keyword could not be followed by that symbol (`kind world { draw: int; }`,
        `world w1 { draw = 2; }`, `kind city { whenever: city; }`); `let event = 1` stays an error.
        Never in `scan`, which has no parser and reads as Lark's own lexer does."""
        if parser_state is None:
            return False
        table, stack = parser_state.parse_conf.parse_table, parser_state.state_stack
        as_name = _shifted(table, stack, "NAME")
        if as_name is None:
            return False
        as_keyword = _shifted(table, stack, term)
        if after_dot:
            return as_keyword is None
        entry = table.states[as_name].get(next_term)
        return entry is not None and entry[0].name == "Reduce" and entry[1].origin.name == "field_name" \
            and (as_keyword is None or next_term not in table.states[as_keyword])

    def _keyword_shape(self, word: str, data: str, after: int) -> bool:
        """Whether a word of NAME_FIRST is written in one of its keyword's shapes (KEYWORD_SHAPES): a
        name after it must be no reserved word (`p` in `first p in players may`)."""
        shape = KEYWORD_SHAPES.get(word)
        m = shape.match(data, after) if shape is not None else None
        return m is not None and (not m.groups() or m.group(1) is None or m.group(1) not in self.keywords)

    def _name_called(self, data: str, after: int) -> bool:
        """Whether a call of a name (not a reserved word) follows: `can` in `can place(p)`."""
        m = _NAME_CALL_NEXT.match(data, after)
        return m is not None and m.group(1) not in self.keywords
