"""A lexer for the rules language: one regular expression and a keyword table.

Lark's basic lexer tries every keyword pattern again on each name it meets; here a name is matched
once and looked up in a dict, which halves the lexing time. The token types are the grammar's own
terminal names, taken from Lark, so the LALR parser and its error messages are unchanged.
"""

from __future__ import annotations

import re

from lark.exceptions import UnexpectedCharacters
from lark.lexer import Lexer, Token

IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
# Terminals this lexer matches itself (their patterns in the grammar say the same).
OWN = {"NAME", "INT", "STRING", "COMMENT", "WS"}


class RulesLexer(Lexer):
    """Turns rules text into Lark tokens with positions (1-based lines and columns).

    It keeps its place in Lark's line counter, so the parser can resume it after a syntax error.
    """

    __future_interface__ = 1

    def __init__(self, lexer_conf):
        self.keywords: dict[str, str] = {}
        symbols: list[tuple[str, str]] = []
        patterns: list[tuple[str, str]] = []
        for term in lexer_conf.terminals:
            if term.name in OWN:
                continue
            if term.pattern.type == "str":
                if IDENTIFIER.match(term.pattern.value):
                    self.keywords[term.pattern.value] = term.name
                else:
                    symbols.append((term.name, term.pattern.value))
            else:
                patterns.append((term.name, term.pattern.to_regexp()))
        # longest symbols first, so `==` is never read as `=` `=`
        parts = [r"(?P<WS>\s+)", r"(?P<COMMENT>#[^\n]*)", r'(?P<STRING>"(?:[^"\\\n]|\\["\\n])*")',
                 r"(?P<WORD>[A-Za-z_][A-Za-z0-9_]*)", r"(?P<INT>[0-9]+)"]
        parts += [f"(?P<{name}>{regexp})" for name, regexp in patterns]
        parts += [f"(?P<{name}>{re.escape(value)})" for name, value in sorted(symbols, key=lambda s: -len(s[1]))]
        self.master = re.compile("|".join(parts))

    def lex(self, lexer_state, parser_state):
        """Yield the tokens from where the lexer state stands; an unknown character raises Lark's
        UnexpectedCharacters."""
        data = lexer_state.text.text
        counter = lexer_state.line_ctr
        match = self.master.match
        keywords = self.keywords
        end = len(data)
        while counter.char_pos < end:
            pos, line, line_start = counter.char_pos, counter.line, counter.line_start_pos
            m = match(data, pos)
            if m is None:
                raise UnexpectedCharacters(data, pos, line, pos - line_start + 1)
            kind = m.lastgroup
            value = m.group()
            counter.feed(value, kind == "WS" or kind == "COMMENT")
            if kind == "WS" or kind == "COMMENT":
                continue
            if kind == "WORD":
                kind = keywords.get(value, "NAME")
            column = pos - line_start + 1
            token = Token(kind, value, pos, line, column, line, column + len(value), counter.char_pos)
            lexer_state.last_token = token
            yield token
