"""A Pygments lexer for the rules language (`pygmentize -l rules`, and ```rules blocks in docs).

Registered through the `pygments.lexers` entry point in pyproject.toml. The keyword list is the
grammar's reserved words (tests/test_highlight.py checks it against dsl/rules.lark); the contextual
words (dsl/lexer.py's CONTEXTUAL) are keywords only in the shape of their statement.
"""

from __future__ import annotations

from pygments.lexer import RegexLexer, bygroups, include, this, using, words
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Whitespace

# Keywords that begin a declaration: the word after one is the name it declares.
DECLARATIONS = ("actor", "counter", "die", "enum", "event", "extern", "func", "game", "group", "kind", "proc",
                "remove", "resource", "track", "var", "variant", "zone")
CONSTANTS = ("true", "false", "none", "you")
KEYWORDS = DECLARATIONS + CONSTANTS + (
    "add", "advance", "after", "allow", "allowed", "amend", "and", "any", "before", "bonus", "cap", "choose", "connects",
    "copy", "count", "different", "draw", "each", "else", "emit", "every", "face", "fill",
    "flip", "for", "forbid", "from", "gain", "gather", "global", "highest", "if", "in", "is", "let", "longest_path", "lose", "lowest", "marker", "match", "may", "modifier",
    "no_benefit", "no_bonus", "no_reward", "not", "of", "once", "option", "optional", "or", "override", "pay", "paying",
    "per_player", "phase", "pick", "rank", "reachable", "reactivate", "regress", "repeat", "repeatedly", "return", "roll", "say", "seats", "set", "shortest_path", "shuffle",
    "some", "sorted", "then", "tier", "ties", "to", "top", "total", "until", "when", "whenever", "where",
    "while", "winner", "with", "public", "hidden", "secret", "reveal", "look", "simultaneously",
)
# keywords only where their statement is written (a '(' after one makes it a call of a proc named so)
CONTEXTUAL = ("affordable", "alike", "also", "always", "anytime", "around", "aside", "as", "at", "auction", "award", "best", "blind", "bottom", "break", "by", "can", "const", "cost", "deal", "during", "edge", "eliminate", "end", "index",
              "fewest", "first", "give", "hold", "internal", "known", "longest", "most", "move", "next", "offer", "on", "one", "open", "overdraw", "pass", "raise", "record", "redeal", "refills",
              "numbered", "reopen", "repeated", "reset", "restore", "retire", "role", "roles", "row", "sealed", "settled", "share", "shift", "shortfall", "show", "shown", "shows", "signed", "size", "space", "split", "start", "step", "swap", "table", "take", "through", "trading",
              "value", "via", "wild", "window")


class RulesLexer(RegexLexer):
    """Comments, strings, numbers, keywords, declared names and operators of `.rules` files."""

    name = "Rules"
    aliases = ["rules", "rulebook"]
    filenames = ["*.rules"]
    mimetypes = ["text/x-rules"]

    tokens = {
        "root": [
            (r"\s+", Whitespace),
            (r"#.*?$", Comment.Single),
            (r'"(?:[^"\\\n]|\\["\\n])*"', String.Double),
            # an amend's `remove whenever EVENT in ZONE;` / `remove anytime in ZONE;` (a card's slot)
            (r"\b(remove)(\s+)(anytime|whenever)\b(?=\s+[A-Za-z_])", bygroups(Keyword.Declaration, Whitespace, Keyword)),
            # an amend's `remove in force;` (a kind's or card's `in force while` dropped)
            (r"\b(remove)(\s+)(in)(\s+)(force)\b(?=\s*;)",
             bygroups(Keyword.Declaration, Whitespace, Keyword, Whitespace, Keyword)),
            # an amend's `pick "..." remove secret;` (`remove always asked`, `remove with repeats`): no name declared
            (r"\bremove\b(?=\s+(?:secret|with|always)\b)", Keyword),
            (r"\b(" + "|".join(DECLARATIONS) + r")\b(\s+)([A-Za-z_][A-Za-z0-9_]*)",
             bygroups(Keyword.Declaration, Whitespace, Name.Class)),
            # `together` is a keyword only right after `winner` (a cooperative game); elsewhere a name
            (r"\b(winner)(\s+)(together)\b", bygroups(Keyword, Whitespace, Keyword), "team"),
            # `eliminate P;`, `restore;` and `end game;` where a statement starts, `pick ... as "label"`,
            # a loop's `as LABEL` before its block or `:` (`while true as round {`)
            (r"([{};:])(\s*)(eliminate|restore)\b(?!\s*\()", bygroups(Punctuation, Whitespace, Keyword)),
            # `end game won by P;` / `end game lost by P;`: `won` and `lost` keywords there only (a counter `won` is a name)
            (r"\b(end)(\s+)(game)(\s+)(won|lost)(\s+)(by)\b",
             bygroups(Keyword, Whitespace, Keyword, Whitespace, Keyword, Whitespace, Keyword)),
            # `end game drawn;`: `drawn` a keyword there only
            (r"\b(end)(\s+)(game)(\s+)(drawn)\b(?=\s*[;\"])",
             bygroups(Keyword, Whitespace, Keyword, Whitespace, Keyword)),
            (r"\b(end)(\s+)(game)\b", bygroups(Keyword, Whitespace, Keyword)),
            # a trigger that fires once, `next [SUBJECT] EVENT ...`: before a word (`next(m)` is the member after m)
            (r"\bnext\b(?=\s+[A-Za-z_])", Keyword),
            # a search's `through P where COND` (last in its brackets)
            (r"\b(through)(\s+)([A-Za-z_][A-Za-z0-9_]*)(\s+)(where)\b",
             bygroups(Keyword, Whitespace, Name, Whitespace, Keyword)),
            # `reachable(p from START via NEXT)`: `via` before the rule of neighbours (a word, a list or a bracket)
            (r"\bvia\b(?=\s*[A-Za-z_\[(])(?!\s*(?:and|or|then|else|where)\b)", Keyword),
            # a board's sides as an index, `var wall[edge of square]` (`edge(a, b)` is the builtin, `[edge]` a record)
            (r"(\[)(\s*)(edge)(\s+)(of)\b", bygroups(Punctuation, Whitespace, Keyword, Whitespace, Keyword)),
            # a ring, `place: 1..8 around;` (a record's range that goes round): `around` a keyword after a range only
            (r"(\.\.)(\s*)(-?\w+|-?\([^)]*\))(\s+)(around)\b",
             bygroups(Operator, Whitespace, using(this), Whitespace, Keyword)),
            # `break;` / `break LABEL;` where a statement starts
            (r"([{};:])(\s*)(break)\b(?=\s*(?:;|[A-Za-z_][A-Za-z0-9_]*\s*;))", bygroups(Punctuation, Whitespace, Keyword)),
            # `reopen;` where a statement starts; `until settled` of a round (`each ... until settled`)
            (r"([{};:])(\s*)(reopen)\b(?=\s*;)", bygroups(Punctuation, Whitespace, Keyword)),
            (r"\b(until)(\s+)(settled)\b", bygroups(Keyword, Whitespace, Keyword)),
            # `affordable(COST)`, the builtin (anywhere else a name); a track's `space N` and `reactivate T space N`
            (r"\baffordable\b(?=\s*\()", Keyword),
            (r"\bspace\b(?=\s+[0-9A-Za-z_(-])(?!\s+(?:and|or|then|else|where)\b)", Keyword),
            # a seats line's `roles a, b, c shuffled;` (after its last role: a name anywhere else)
            (r"([A-Za-z_][A-Za-z0-9_]*)(\s+)(shuffled)\b(?=\s*;)", bygroups(Name, Whitespace, Keyword)),
            # a seats line's `teams 2 alternating`, `teams of 2 adjacent`, and a winner line's `by team` (names elsewhere)
            (r"\b(teams)(\s+)(?:(of)(\s+))?([0-9]+)(\s+)(alternating|adjacent|solo)\b",
             bygroups(Keyword, Whitespace, Keyword, Whitespace, Number.Integer, Whitespace, Keyword)),
            (r"\b(by)(\s+)(team)\b(?=\s*(?:;|then\b|if\b|else\b))", bygroups(Keyword, Whitespace, Keyword)),
            # `advance T by N`, `rank ... by KEY`; `cost N RESOURCE` (a space's, a `may`'s, a modifier's
            # `cost -1 coin;`); `first(LIST)`, `first to N`, `first p in PLAYERS may`: elsewhere names
            (r"\bby\b(?=\s*[0-9A-Za-z_(-])(?!\s+(?:and|or|then|else|where)\b)", Keyword),
            (r"\bcost\b(?=\s*[-+0-9(]|\s+[A-Za-z_])(?!\s+(?:and|or|then|else|where)\b)", Keyword),
            (r"\bfirst\b(?=\s*\(|\s+to\b|\s+[A-Za-z_][A-Za-z0-9_]*\s+in\b)", Keyword),
            # `window;` where a statement starts; a card's `anytime in ZONE`
            (r"([{};:])(\s*)(window)\b(?=\s*(?:[A-Za-z_][A-Za-z0-9_]*\s*)?;)", bygroups(Punctuation, Whitespace, Keyword)),
            (r"([{};])(\s*)(anytime)\b(?=\s+in\b)", bygroups(Punctuation, Whitespace, Keyword)),
            # an anytime slot's `at WINDOW, ...` (before its block, `once per`, `when`, or an amend's `;`)
            (r"\bat\b(?=(?:\s*,?\s*[A-Za-z_][A-Za-z0-9_]*)+\s*(?:\{|;|once\b|when\b))", Keyword),
            # `auction "..." among ...` / `auction among ...` where a statement starts
            (r"([{};:])(\s*)(auction)\b(?=\s*(?:\"|among\b))", bygroups(Punctuation, Whitespace, Keyword)),
            # `offer "..." to ...` / `offer to ...` where a statement starts, and an offer's `chosen as`
            (r"([{};:])(\s*)(offer)\b(?=\s*(?:\"|to\b))", bygroups(Punctuation, Whitespace, Keyword)),
            (r"\b(chosen)(\s+)(as)\b(?=\s+[A-Za-z_][A-Za-z0-9_]*\s*\{)", bygroups(Keyword, Whitespace, Keyword)),
            # an auction's form before its next clause, and its `as (WINNER, PRICE)`
            (r"\b(open|sealed)\b(?=\s+(?:min|step|up|as|over|doubling|bids|passed|in\s+any\s+order|until\s+all\s+pass)\b)", Keyword),
            # `open until all pass`, the calls of `over CALLS` (a name, a field read or a list written out), and
            # the blocks `passed as (P, BID)` and `bids as (P, CALL)`
            (r"\b(until)(\s+)(all)(\s+)(pass)\b", bygroups(Keyword, Whitespace, Keyword, Whitespace, Keyword)),
            (r"\bover\b(?=\s+(?:\[[^\]\n]*\]|[A-Za-z_][A-Za-z0-9_.]*)\s+(?:min|step|up|as|doubling|bids|passed)\b)", Keyword),
            # `deal all of ...` / `deal N of ...` where a statement starts (`deal();` calls a proc)
            (r"([{};:])(\s*)(deal)\b(?=\s+[A-Za-z0-9_]+\s+of\b)", bygroups(Punctuation, Whitespace, Keyword)),
            # `doubling N` before the blocks of an auction (`doubling` is a name anywhere else)
            (r"\bdoubling\b(?=\s+[A-Za-z0-9_]+\s+(?:as|bids|passed)\b)", Keyword),
            (r"\b(passed|bids)(\s+)(as)\b(?=\s*\(\s*[A-Za-z_][A-Za-z0-9_]*\s*,)", bygroups(Keyword, Whitespace, Keyword)),
            # `open in any order` and `form FORM` (a name, a field read or a text before its next clause)
            (r"\b(in)(\s+)(any)(\s+)(order)\b", bygroups(Keyword, Whitespace, Keyword, Whitespace, Keyword)),
            (r"\bform\b(?=\s+(?:\"[^\"]*\"|[A-Za-z_][A-Za-z0-9_.]*)\s+(?:min|step|up|from|opened)\b)", Keyword),
            (r"\bas\b(?=\s*\(\s*[A-Za-z_][A-Za-z0-9_]*\s*,)", Keyword),
            # a kind's or card's `in force while COND;` (`force` is a name anywhere else)
            (r"\b(in)(\s+)(force)(\s+)(while)\b", bygroups(Keyword, Whitespace, Keyword, Whitespace, Keyword)),
            # `shown told: bool;` in a kind: before a field's name (before ':' or '=' it is a field itself)
            (r"([{;])(\s*)(shown)\b(?=\s+[A-Za-z_])", bygroups(Punctuation, Whitespace, Keyword)),
            # `record NAME {` where a declaration starts: the record's name is declared (`record` alone is a name)
            (r"\b(record)(\s+)([A-Za-z_][A-Za-z0-9_]*)(?=\s*\{)", bygroups(Keyword.Declaration, Whitespace, Name.Class)),
            # `set aside CARD until ...`, `set aside all of ZONE ...`: before a word (`set aside = 2;` sets a name)
            (r"\b(set)(\s+)(aside)\b(?=\s+[A-Za-z_])", bygroups(Keyword, Whitespace, Keyword)),
            # `can PROC(args)`: before a call (`can` alone, or before a '(', is a name)
            (r"\bcan\b(?=\s+[A-Za-z_][A-Za-z0-9_]*\s*\()", Keyword),
            # a pick's or a `first ... may`'s `always asked` (before its block): both words
            # (in an amend of a pick, before its `;`, another word or `at random`)
            (r"\b(always)(\s+)(asked)\b(?=\s*[{;]|\s+(?:remove|secret|with|at)\b)", bygroups(Keyword, Whitespace, Keyword)),
            # a role's `shared` (a side, before its braces or `hidden`: `role hunter "Hunter" shared {`) and a hidden
            # side's `known to holders` (before its braces); elsewhere names
            (r"\bshared\b(?=\s*(?:\{|hidden\b))", Keyword),
            # a zone's `seen by FIELD` (its visibility: a field and the `;` or the zone's next clause follow)
            (r"\b(seen)(\s+)(by)\b(?=\s+[A-Za-z_][A-Za-z0-9_]*\s*(?:;|top\b|size\b|refills\b|show\b|cap\b))",
             bygroups(Keyword, Whitespace, Keyword)),
            # a swap's `unseen` (its last word, before the `;`: `swap held with p.held unseen;`); elsewhere a name
            (r"\bunseen\b(?=\s*;)", Keyword),
            (r"\b(known)(\s+)(to)(\s+)(holders)\b(?=\s*\{)", bygroups(Keyword, Whitespace, Keyword, Whitespace, Keyword)),
            (r"\bas\b(?=\s*\")", Keyword),
            (r"\bas\b(?=\s+[A-Za-z_][A-Za-z0-9_]*\s*[{:])", Keyword),
            (words(CONSTANTS, prefix=r"\b", suffix=r"\b"), Keyword.Constant),
            (words(KEYWORDS, prefix=r"\b", suffix=r"\b"), Keyword),
            (r"[0-9]+\.[0-9]+", Number.Float),   # a decimal, `7.5` (exact: the rules have no floats)
            (r"[0-9]+", Number.Integer),
            (r"[A-Za-z_][A-Za-z0-9_]*", Name),
            (r"\.\.|==|!=|<=|>=|\*\*|[<>=+\-*/%|]", Operator),
            (r"[{}()\[\];:,.]", Punctuation),
        ],
        # the rest of a cooperative game's winner line: `score` before the team's score is a keyword;
        # a `score` that an operator, '(' or the ';' follows is a name (`score()`, `if score > 3`)
        "team": [
            (r"[;}]", Punctuation, "#pop"),
            (r"\bscore\b(?!\s*[(<>=!+\-*/%.;\[\]),])", Keyword),
            include("root"),
        ],
    }
