"""Parse rules text into AST nodes; syntax errors become positioned, friendly diagnostics."""

from __future__ import annotations

import gc
import re
import sys
import threading
from contextlib import contextmanager
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple, Optional

from lark import Lark, Token, Tree
from lark.lexer import LineCounter
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from . import ast as A
from .diagnostics import Diagnostic, RulesError, closest, did_you_mean
from .files import MAX_FILE_BYTES, read_limited
from .lexer import COMMENT, LINE_BREAK, ODD_BREAK, STRING, Comment, LazyPattern, RulesLexer, line_and_column

GRAMMAR_PATH = Path(__file__).with_name("rules.lark")
MAX_NESTING = 100
# How deep an AST may grow: every later stage walks it recursively, under deep_recursion().
MAX_DEPTH = 1000
# Integer literals have at most this many digits (not counting leading zeros): below 2**63.
MAX_INT_DIGITS = 18
MAX_SYNTAX_ERRORS = 20


def _span_of(file: str, meta) -> A.Span:
    if getattr(meta, "empty", True):
        return A.Span(file, 0, 0, 0, 0)
    return A.Span(file, meta.line, meta.column, meta.end_line, meta.end_column)



class Word(NamedTuple):
    """A construct's word that the grammar reads as a NAME, so that it stays free as a name everywhere else
    (`size owner`, `at random`, `in any order`): the word (or words) the builder accepts there, and the E100's
    message and hint for another word, where `{found}` is the word written and `{NAME}` a value the builder
    passes (other braces are text)."""

    words: tuple
    message: str
    hint: str


# the hint of a deal's `K at a time` written otherwise (both of its words)
PACKETS_HINT = "write 'deal 8 of deck to hand 4 at a time;': each player's packet of 4 before the next player's"

# Every such word, by the grammar rule (or alias) whose NAME holds it, with the word after a space where one
# rule holds two; adding a contextual word to the grammar is one line here and one call in its rule's builder
# (tests/test_tools2.py checks the table against rules.lark and the calls). The lexer's CONTEXTUAL words are
# another kind: keywords where the parser takes them.
WORDS: dict[str, Word] = {
    "auction_over_each": Word(("over",), "expected 'over each HOLDINGS'; found '{found} each'",
                              "'over each suns' bids one of the numbers each bidder holds (worked out for them)"),
    "slot_decl": Word(("effect",), "expected 'effect' before the parameters; found '{name}: {found}('",
                        "only an effect slot takes parameters: '{name}: effect(by: player);', read as locals in "
                        "each card's block and given by 'copy c.{name}(you);'"),
    "auction_passed": Word(("passed", "bids"), "expected 'passed as (PLAYER, BID) { ... }' or 'bids as (PLAYER, "
                           "CALL) { ... }'; found '{found} as'",
                           "an auction's 'passed as (p, bid) { ... }' runs for each bidder who passed, once the "
                           "bidding is over, and 'bids as (p, call) { ... }' for each bid made"),
    "until_all_pass": Word(("all",), "expected 'open until all pass'; found 'until {found} pass'",
                           "'open until all pass': a pass is for that turn only, and the bidding ends when all "
                           "but the high bidder pass in a row"),
    "set_aside_all": Word(("all",), "expected 'set aside all of ZONE'; found 'set aside {found} of'",
                          "write 'set aside all of ZONE until EVENT;' (every item of a zone), or "
                          "'set aside CARD until EVENT;'"),
    "in_force": Word(("force",), "expected 'in force while COND;'; found 'in {found}'",
                     "{near}write 'in force while COND;': the cards hold their slots only while COND does"),
    "force_removed": Word(("force",), "expected 'remove in force;'; found 'remove in {found}'",
                          "{near}write 'remove in force;': the amended kind's (card's) 'in force while' line is dropped"),
    "supply": Word(("supply",), "expected 'supply', 'over' or ';' after the resource; found '{found}'",
                   "a limited bank is written 'resource gem supply 7;', the proc that takes what goes over a cap "
                   "'resource sheep cap room over cook_or_release;'"),
    "var_internal internal": Word(("internal",), "expected 'internal' before 'remembered'; found '{found}'",
                                  "write 'global internal remembered: TYPE;'"),
    "var_internal remembered": Word(("remembered",), "expected 'internal', 'remembered' or ':' in the variable's "
                                    "declaration; found '{found}'",
                                    "write 'var NAME \"Title\" global remembered: TYPE;' to keep the positions it "
                                    "had (3.3b), or put the type after ':'"),
    "prints": Word(("prints",), "expected 'prints [N, ...]', a scale 'from LOW to HIGH' or '{' after the track; "
                   "found '{found}'", "'track infection_rate global prints [2, 2, 2, 3, 3, 4, 4] { ... }'"),
    "size_owner": Word(("owner",), "expected 'size owner'; found 'size {found}'",
                       "write 'size owner' (only the zone's owner sees how many it holds)"),
    "zone_cap": Word(("over",), "expected 'cap N over PROC'; found '{found}' after the cap",
                     "a zone's cap names the proc that runs past it: 'cap 7 over discard_down;'"),
    "visibility": Word(("seen",), "expected 'seen by FIELD' or a zone's visibility; found '{found} by'",
                       "write 'seen by FIELD' (only the player an item's FIELD names sees its face), 'hidden from "
                       "FIELD' (every player but that one), 'hidden from owner', 'hidden', 'secret' or 'public'"),
    "end_by_stmt": Word(("won", "lost"), "expected 'end game won by PLAYER;' or 'end game lost by PLAYER;'; found "
                        "'end game {found} by'",
                        "'end game won by p;' ends the game at once with p the winner, 'end game lost by p;' with the "
                        "others winning"),
    "end_drawn_stmt": Word(("drawn",), "expected 'end game drawn;', 'end game won by PLAYER;' or 'end game lost by "
                           "PLAYER;'; found 'end game {found}'",
                           "'end game drawn;' ends the game at once in a draw (nobody wins); 'end game;' ends it and "
                           "lets the final phase and the winner line decide"),
    "once_per": Word(("per",), "expected 'once per PARAMETER'; found 'once {found}'",
                     "write 'once per c' (c a parameter): in one chain of calls, the proc runs at most once for "
                     "each value of c"),
    "record_bounded_enum_field": Word(("up",), "expected 'up to'; found '{found} to'",
                                      "write '{field}: {enum} up to OPTION;': the enum's first members, as many as "
                                      "the option says"),
    "seat_teams": Word(("teams",), "expected 'named', 'teams' or 'roles' after the seats; found '{found}'",
                       "write 'seats 4 to 8 teams 2 alternating;' (seats 1, 3, 5 and 2, 4, 6), 'teams of 2 "
                       "alternating' (partners opposite) or 'teams of 2 adjacent' (partners side by side)"),
    "seat_teams alternating": Word(("alternating", "adjacent", "solo"), "expected 'alternating', 'adjacent' or 'solo' "
                               "after the teams; found '{found}'",
                               "'alternating' deals the seats to the teams in turn (1, 3, 5 and 2, 4, 6; partners "
                               "opposite at four), 'adjacent' seats a team side by side (1-2, 3-4), 'solo' sets the "
                               "first seat alone against the others ('teams 2 solo': one against all)"),
    "winner_by": Word(("team",), "expected 'by team' after the winner's key; found 'by {found}'",
                      "write 'winner most KEY by team;': each team scored by the sum of its members' KEY (or "
                      "'by team once' for a score each team keeps as one, as 'score[team()]')"),
    "seat_shuffled": Word(("shuffled",), "expected ',' between the roles, or 'shuffled' or 'at random' after the last; "
                          "found '{found}'", "write 'roles a, b, c;' (in seat order), '... at random;' (any of them "
                          "dealt) or '... shuffled;' (the first as many as seats, dealt at random)"),
    "seat_names": Word(("named",), "expected 'named' or 'roles' after the seats; found '{found}'",
                       "write 'seats 2 named \"White\", \"Black\";': one name for each seat"),
    "share_stmt among": Word(("among",), "expected 'share N RESOURCE among PLAYERS'; found '{found}' after the "
                             "resource", "write 'share N RESOURCE among PLAYERS;' or '... odd to PLAYER;'"),
    "share_stmt odd": Word(("odd",), "expected 'odd to PLAYER' after the players; found '{found}'",
                           "write 'share N RESOURCE among PLAYERS;' or '... odd to PLAYER;'"),
    "split_stmt into": Word(("into",), "expected 'split ZONE into N piles'; found '{found}' after the zone",
                            "write 'split deck into N piles as pile { ... }'"),
    "split_stmt piles": Word(("piles",), "expected 'split ZONE into N piles'; found '{found}' after the number",
                             "write 'split deck into N piles as pile { ... }'"),
    "cost_worth": Word(("using",), "expected 'using RESOURCE at RATE' or ';'; found '{found}'",
                       "write 'N RESOURCE using OTHER at RATE'"),
    "substitute": Word(("at",), "expected '{name} at RATE'; found '{name} {found}'",
                       "write 'N RESOURCE using OTHER at RATE'"),
    "cost_cards": Word(("card", "cards"), "expected 'cards from ZONE'; found '{found} from'",
                       "a cost paid in cards: 'N cards from ZONE [except CARD] [where COND] to ZONE'"),
    "cost_except": Word(("except",), "expected 'except CARD' or 'to ZONE'; found '{found}'",
                        "write 'N cards from ZONE [except CARD] [where COND] to ZONE'"),
    "adjust_using": Word(("using",), "expected 'cost {base} using OTHER at RATE;'; found '{found}'",
                         "a modifier's cost line is 'cost +N RES;', 'cost -N RES;', 'cost = COST;' or "
                         "'cost RES using OTHER at RATE;'"),
    "any_order": Word(("order",), "expected 'in any order'; found 'in any {found}'", "write 'in any order'"),
    "repeat_stable": Word(("stable",), "expected 'repeat until stable(NAME, ...)'; found 'repeat until {found}'",
                          "write 'repeat until stable(a, b) { ... }': the body runs again until a pass leaves the "
                          "named counters and variables unchanged"),
    # an amend finds `repeat until stable(a, b)` by its names, written as the loop writes them
    "stable_amend": Word(("stable",), "expected 'repeat until stable(NAME, ...)'; found 'repeat until {found}'",
                         "write 'repeat until stable(a, b) to stable(...);' with the names the base's loop writes"),
    "move_all_stmt": Word(("all",), "expected 'move all of ZONE to ZONE'; found 'move {found} of'",
                          "write 'move all of ZONE to ZONE;' (every item of a zone), or 'move ITEM to ZONE;'"),
    "roll_all_stmt": Word(("all",), "expected 'roll all of ZONE;'; found 'roll {found} of'",
                          "write 'roll all of ZONE;' (every die kept in a zone), or 'roll DIE;'"),
    "rest": Word(("per",), "expected 'once per EVENT'; found 'once {found}'",
                 "write 'once per EVENT': the trigger fires at most once, then rests until EVENT (as 'once per "
                 "you turn_start')"),
    "at_least": Word(("least",), "expected 'at least M' or 'at random'; found 'at {found}'",
                     "write 'at least M': no 'none' before M picks; or 'at random': the RNG picks"),
    "budget": Word(("budget",), "expected 'budget N cost EXPR'; found '{found}'",
                   "write 'budget N cost EXPR': picks while each one's cost fits in what is left of N"),
    "role_shared": Word(("shared",), "expected 'shared' or '{{' after the role's name; found '{found}'",
                        "write 'role NAME \"Title\" shared { ... }': a side several players hold at once"),
    "role_known known": Word(("known",), "expected 'known to holders', 'hidden' or '{{' after the role's name; found "
                             "'{found}'", "write 'role NAME \"Title\" shared hidden known to holders { ... }': a hidden "
                             "side whose holders know each other"),
    "role_known holders": Word(("holders",), "expected 'known to holders'; found 'known to {found}'",
                               "write 'known to holders': the role's holders know each other"),
    "swap_unseen": Word(("unseen",), "expected 'unseen' or ';' after the swap; found '{found}'",
                        "write 'swap held with p.held unseen;': only the acting player sees the swap done"),
    "best_ties": Word(("seat",), "expected 'ties by seat from P'; found 'ties by {found}'",
                      "write 'ties by seat from P': a tie goes to the first picker in seat order from P"),
    "always_asked": Word(("asked",), "expected 'always asked'; found 'always {found}'",
                         "write 'always asked': the pick is asked even when one candidate is left (a 'first ... may' "
                         "asks those who cannot accept too), so that who is asked tells nothing"),
    "deal_packets a": Word(("a",), "expected 'K at a time' after the deal's zones; found 'at {found}'", PACKETS_HINT),
    "deal_packets time": Word(("time",), "expected 'K at a time'; found 'at a {found}'", PACKETS_HINT),
    "at_random": Word(("random",), "expected 'at random'; found 'at {found}'",
                      "write 'at random': the game's seeded RNG picks, nobody is asked"),
    "up_to": Word(("up",), "expected 'up to'; found '{found} to'",
                  "write 'up to N': at most N picks, each of a different element"),
    "exactly": Word(("exactly",), "expected 'exactly N' or 'up to N'; found '{found}'",
                    "write 'exactly N': N picks, each of a different element, or 'up to N': at most N; an amend "
                    "names a labelled pick 'pick as {found} ...;'"),
    "refill_times": Word(("times",), "expected 'refills from PILE N times'; found '{found}' after the number",
                         "write 'refills from discard 2 times': the deck refills at most twice, then runs out"),
    "with_repeats": Word(("repeats",), "expected 'with repeats' after the pick's count; found 'with {found}'",
                         "write 'exactly N with repeats' (or 'up to N with repeats'): each pick may take an "
                         "element picked before"),
    "auction_stmt": Word(("among",), "expected 'among PLAYERS'; found '{found}'",
                         "write 'auction \"prompt\" among players ... as (WINNER, PRICE) { ... }'"),
    "auction_opened": Word(("opened",), "expected 'opened by PLAYER'; found '{found} by'",
                           "'opened by P': P bids first and must bid; 'from P': P bids first"),
    "auction_once": Word(("around",), "expected 'once around'; found 'once {found}'",
                         "an auction is 'open', 'once around', 'sealed', 'open in any order' or 'form FORM'"),
    "auction_up_to": Word(("up",), "expected 'up to AMOUNT'; found '{found} to'",
                          "'up to AMOUNT': the most each bidder may bid, read for each"),
    "auction_amount": Word(("min", "step", "form", "over", "doubling"), "'{found}' is no clause of an auction",
                           "an auction takes 'from P' or 'opened by P', 'open', 'once around', 'sealed', "
                           "'open in any order', 'open until all pass' or 'form FORM', 'over CALLS', 'min N', "
                           "'step N', 'up to AMOUNT', 'doubling N'"),
}
CARD_WORDS = WORDS["cost_cards"].words   # a cost term of cards: `3 cards from hand to discards`, `cost -1 cards;`
# how `rank ... ties MODE;` gives tied players their prizes (4.20; Game.rank): the checker's E308 and the parser's
# message for a reserved word written there (`ties lowest`) list them
TIE_MODES = ("split", "share", "all", "lower", "none")
_FILLED = re.compile(r"\{(\w+)\}")


class _Held(NamedTuple):
    """An auction's `over each HOLDINGS` while its clauses are gathered (the expression, told from `over CALLS`)."""

    value: A.Expr


def _unheld(calls):
    """The expression of an auction's `over` clause, either form."""
    return calls.value if type(calls) is _Held else calls


def _slot_ref(operand) -> tuple:
    """A `copy` operand (or `can copy`'s) as (ENTITY.SLOT, its arguments): `copy c.demand(you);` is read as a
    method call, whose arguments are the slot's, in order (None when none are written)."""
    if type(operand) is A.Method:
        return A.Attr(operand.obj, operand.name, span=_attr_span(operand.obj, operand.name)), operand.args or None
    return operand, None


def _attr_span(obj: A.Expr, name: str) -> A.Span:
    """The span of `OBJ.NAME` written on one line after OBJ (a slot named before its arguments)."""
    at = obj.span
    return A.Span(at.file, at.line, at.column, at.end_line, at.end_column + 1 + len(name))


def _expect_word(place: str, found, span, **values) -> None:
    """E100 at `span` with the message and hint of `WORDS[place]` unless `found`, the NAME the grammar read
    there, is the word (one of the words) it expects; `values` fill the message's other `{NAME}`s."""
    word = WORDS[place]
    if str(found) not in word.words:
        values["found"] = found

        def fill(text: str) -> str:
            return _FILLED.sub(lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0), text)

        close = closest(str(found), word.words)   # `teams 2 sollo`: the word it was meant to be first
        hint = fill(word.hint)
        raise RulesError([Diagnostic("E100", fill(word.message), span,
                                     hint=f"did you mean '{close}'? {hint}" if close else hint)])


def _secret(items) -> bool:
    """Whether a decision is written `secret` before its block."""
    return any(isinstance(t, Token) and t.type == "SECRET" for t in items)


def _in_force(items) -> Optional[tuple]:
    """The conditions of a kind's or card's `in force while COND;` lines, as written (None: no line)."""
    found = tuple(i.value for i in items if isinstance(i, _Marker) and i.tag == "in_force")
    return found or None


def _token_span(file: str, tok: Token) -> A.Span:
    return A.Span(file, tok.line, tok.column, tok.end_line or tok.line, tok.end_column or tok.column + 1)


_ESCAPES = {'"': '"', "\\": "\\", "n": "\n"}


def _unquote(tok: str) -> str:
    return re.sub(r'\\(["\\\\n])', lambda m: _ESCAPES[m.group(1)], tok[1:-1])


def _title(items: list) -> Optional[str]:
    for item in items:
        if isinstance(item, _Title):
            return item.text
    return None


class _Title(str):
    @property
    def text(self) -> str:
        return str(self)


class _Placed:
    """A member's values given by their places (`north(0, -1)`), kept only to be refused (E339) once the
    enum's fields are known, with the named form in the hint."""

    __slots__ = ("texts", "span")

    def __init__(self, texts: tuple, span):
        self.texts, self.span = texts, span


class _Marker:
    """A small tagged value passed between transformer callbacks (never in the final AST)."""

    __slots__ = ("tag", "value", "extra")

    def __init__(self, tag: str, value, extra=None):
        # `extra`: what a nested clause adds (a pick count's `different by FIELD`)
        self.tag, self.value, self.extra = tag, value, extra




# what each clause of an auction is called in the message for one written twice
AUCTION_CLAUSES = {"mode": "its form ('open', 'once around', 'sealed', 'open in any order', 'open until all pass' or "
                   "'form FORM')", "start": "'from P' or 'opened by P'", "min": "'min N'", "step": "'step N'",
                   "up": "'up to AMOUNT'", "passed": "'passed as (P, BID)'", "bids": "'bids as (P, CALL)'",
                   "over": "'over CALLS'", "doubling": "'doubling N'"}


SUBJECT_WORDS = ("you", "opponents", "opponent", "others", "teammates", "teammate", "anyone", "players")   # a pattern's subjects (7.2)


def _or_kinds(typed: str, local_type: tuple) -> str:
    """A declared type with the kinds `or` joins after it (`c: chameleon or joker`, `z: zone of card or joker`), kept
    as that text, which the checker reads (Checker.declared)."""
    return " or ".join([typed, *local_type[2]])


def _valued(items: list) -> list:
    """The items of a `let`, `set` or func whose value is tagged (`... = EXPR for ACTION(args);`), its
    value made the tagged value (dsl.ast.Valued: the expression the modifiers' `value` lines change)."""
    if not items or not isinstance(items[-1], _Marker) or items[-1].tag != "tag":
        return items
    value, tag = items[-2], items[-1].value
    span = A.Span(value.span.file, value.span.line, value.span.column, tag.span.end_line, tag.span.end_column)
    return list(items[:-2]) + [A.Valued(value, tag, span=span)]


def _ended(items: list) -> list:
    """An amend's items with its `amend_end` (the blocks it writes) laid out among them."""
    return [i for item in items for i in (item.value if isinstance(item, _Marker) and item.tag == "amend_end"
                                          else (item,))]


def _around(items) -> bool:
    """Whether a record's field is written `around` (`place: 1..8 around;`: a ring, its range wrapping)."""
    return any(isinstance(t, Token) and t.type == "AROUND" for t in items)


def _pick(items: list, tag: str, default=None):
    for item in items:
        if isinstance(item, _Marker) and item.tag == tag:
            return item.value
    return default


def _count_distinct(items: list, var: str) -> Optional[A.Attr]:
    """A pick count's `different by FIELD` (`up to N` or `exactly N`) as the key `VAR.FIELD` its picks may not
    share, None without it."""
    written = next((i.extra for i in items if isinstance(i, _Marker) and i.tag in ("up_to", "exactly")), None)
    if written is None:
        return None
    field, span = written
    return A.Attr(A.Name(var, span=span), field, span=span)


def _known_number(value) -> bool:
    """Whether a number place holds a number known before play: written, or a constant's name (`* knights`)."""
    return type(value) is int or type(value) is A.ConstNumber


def _known_copies(items: list, default):
    """`* N` where only a number known before play is read (a die's face, an amend): E303 for `* (EXPR)` of a value."""
    copies = _pick(items, "copies", default)
    if copies is not None and not _known_number(copies):
        raise RulesError([Diagnostic("E303", "the number of copies here is a number known before play; copies worked "
                                     "out from a value ('* (EXPR)') are a 'for each' declaration's", copies.span,
                                     hint="write '* N'")])
    return copies


def _framed(items: list):
    """A declaration's index, with its frame (`numbered t as (EXPR)`) when one is written."""
    ix, frame = _pick(items, "indexes"), _pick(items, "frame")
    return ix if frame is None else A.replace(ix, frame_var=frame[0], frame=frame[1])


def _eaches(pairs) -> tuple:
    """An entity's `each` (its first `for each` pair, or None), `each_more` (the pairs after it) and `each_where`
    (each domain's `where`, or None when none is written); `pairs` holds (name, domain, where) triples."""
    if not pairs:
        return None, None, None
    wheres = tuple(where for _b, _d, where in pairs)
    pairs = [(bound, domain) for bound, domain, _w in pairs]
    return pairs[0], tuple(pairs[1:]) or None, wheres if any(w is not None for w in wheres) else None


def _join(a: A.Span, b: A.Span) -> A.Span:
    """The span from the start of `a` to the end of `b`."""
    return A.Span(a.file, a.line, a.column, b.end_line, b.end_column)


def _or_chain(e) -> list:
    """`a or b or c` as [a, b, c]; any other expression as [e]."""
    if type(e) is A.Binary and e.op == "or":
        return _or_chain(e.left) + _or_chain(e.right)
    return [e]


def _bare(terms: tuple):
    """A cost that was written as one bare expression (a field's value: `points = 3;`, `fast = a or b;`,
    which `_split_or` read as alternatives): that expression; any other cost as it is."""
    if len(terms) == 1 and terms[0].mode == "each":
        return terms[0].amount
    if len(terms) == 1 and terms[0].mode == "or" and all(len(a.terms) == 1 and a.terms[0].mode == "each"
                                                         for a in terms[0].alternatives):
        parts = [a.terms[0].amount for a in terms[0].alternatives]
        e = parts[0]
        for p in parts[1:]:
            e = A.Binary("or", e, p, span=_join(e.span, p.span))
        return e
    return terms


def _split_or(alts: list) -> list:
    """A cost's alternatives with those the expression grammar swallowed split out: in `pay q.needs or 2
    coin;` the parser reads the amount `q.needs or 2` (a number is no condition, so an `or` in a term's
    amount always separates alternatives): the term before `or` is a whole field (`each`), the one after
    the term as written with the last operand for its amount."""
    out = []
    for alt in alts:
        current: list = []
        for t in alt:
            chain = _or_chain(t.amount) if t.mode != "or" else [t.amount]
            for e in chain[:-1]:
                current.append(A.CostTerm(e, "each", None, span=e.span))
                out.append(tuple(current))
                current = []
            current.append(t if len(chain) == 1 else A.replace(t, amount=chain[-1], span=_join(chain[-1].span, t.span)))
        out.append(tuple(current))
    return out


def _arm_body(item) -> tuple:
    """The statements of a `match` arm, an `each` or a tagged block: its block, or the one statement
    after `:`."""
    return item.value if isinstance(item, _Marker) and item.tag == "block" else (item,)


def _block(items: list) -> tuple:
    for item in items:
        if isinstance(item, _Marker) and item.tag == "block":
            return item.value
    return ()


class _Meta:
    """Where a rule matched: the start of its first token to the end of its last."""

    __slots__ = ("line", "column", "end_line", "end_column", "empty")

    def __init__(self, line, column, end_line, end_column):
        self.line, self.column, self.end_line, self.end_column = line, column, end_line, end_column
        self.empty = line is None


# Rules whose keyword tokens are their value (`!rule` in the grammar).
_KEEP_TOKENS = {"type_ref", "event_name", "call_name", "agg_name", "network_name", "attr_name", "winner_order", "field_name", "longest_order"}
# Rules that pass their child through (or hold a list) add no level to the AST's depth.
_DEPTH_STEP = {"atom": 0, "else_part": 0, "start": 0, "args": 0, "params": 0, "tiebreak": 0}
# Flat operator chains: one AST level per operator.
_WORD_INFIX = {"or_expr", "and_expr"}  # their operator keywords are dropped from the items
_INFIX = {"sum", "product", "compare"} | _WORD_INFIX
_NAMED_TERMINALS = set(re.findall(r"^([A-Z][A-Z_]*)\s*:", GRAMMAR_PATH.read_text(), re.M))


def _too_many_digits(file: str, tok: Token) -> Diagnostic:
    digits = len(tok.lstrip("0"))
    return Diagnostic("E308", f"this number has {digits} digits; a number in rules has at most {MAX_INT_DIGITS}",
                      _token_span(file, tok))


def _refused_decimal(file: str, tok: Token) -> Diagnostic | None:
    """E547: a decimal literal with more places than the language keeps, or more digits than a number has."""
    whole, _, places = tok.partition(".")
    if len(places) > A.MAX_DECIMAL_PLACES:
        return Diagnostic("E547", f"{tok} has {len(places)} places after the point; a decimal has at most "
                          f"{A.MAX_DECIMAL_PLACES}", _token_span(file, tok),
                          f"write it to {A.MAX_DECIMAL_PLACES} places, or count in smaller units")
    if len(whole.lstrip("0")) + len(places) > MAX_INT_DIGITS:
        return Diagnostic("E547", f"{tok} has {len(whole.lstrip('0')) + len(places)} digits; a number in rules has "
                          f"at most {MAX_INT_DIGITS}", _token_span(file, tok))
    return None


class _Builder:
    """Builds AST nodes bottom-up from the parse tree.

    The tree is parsed with every token kept and without Lark's position propagation (the most
    expensive part of parsing): positions come from the first and last token under each rule, and
    the punctuation and keyword tokens are dropped here before a rule's callback sees its children.
    """

    file = "<string>"

    def build(self, tree: Tree):
        """The AST value of a parse tree (positions computed on the way).

        The walk keeps its own stack instead of recursing, so no input can exhaust Python's; it
        measures how deep the AST grows and stops with E106 past MAX_DEPTH, which keeps the later
        stages (each of them recursive) within their limits."""
        self._blinds = []   # the `DOMAIN or blind ZONE` read, until a pick takes each
        self._open_ranges = []   # the ranges open at the top (`2..`) read, until a table's index takes each
        # one frame per open rule: [tree, next child, items, first, last, deepest child]
        stack = [[tree, 0, [], None, None, 0]]
        while True:
            frame = stack[-1]
            node, index, items = frame[0], frame[1], frame[2]
            children = node.children
            keep_all = node.data in _KEEP_TOKENS
            while index < len(children):
                child = children[index]
                index += 1
                if isinstance(child, Tree):
                    break
                if isinstance(child, Token):
                    if frame[3] is None:
                        frame[3] = (child.line, child.column)
                    frame[4] = (child.end_line, child.end_column)
                    if child.type == "INT" and len(child.lstrip("0")) > MAX_INT_DIGITS:
                        raise RulesError([_too_many_digits(self.file, child)])
                    if child.type == "DECIMAL":
                        refused = _refused_decimal(self.file, child)
                        if refused is not None:
                            raise RulesError([refused])
                    if keep_all or child.type in _NAMED_TERMINALS:
                        items.append(child)
                else:  # a placeholder for an absent optional part
                    items.append(child)
            else:
                child = None
            frame[1] = index
            if child is not None:
                stack.append([child, 0, [], None, None, 0])
                continue
            first, last = frame[3], frame[4]
            meta = _Meta(first[0], first[1], last[0], last[1]) if first else _Meta(None, None, None, None)
            value = getattr(self, node.data)(meta, items)
            depth = frame[5] + _DEPTH_STEP.get(node.data, 1)
            if node.data in _INFIX:  # `a - b - c` nests one Binary per operator
                depth = frame[5] + (len(items) - 1 if node.data in _WORD_INFIX else len(items) // 2)
            if depth > MAX_DEPTH:
                raise RulesError([Diagnostic(
                    "E106", f"this nests more than {MAX_DEPTH} levels deep (each operator, '-', "
                    f"'not', 'else if' and '.' counts as one); split it with 'let' or a 'func'",
                    A.Span(self.file, first[0], first[1], last[0], last[1]))])
            stack.pop()
            if not stack:
                if self._open_ranges:   # `2..` that no table took: a counter's, variable's or zone's index
                    raise RulesError([Diagnostic(
                        "E665", "a range open at the top ('2..') indexes only a printed table, whose last value "
                        "stands for every number past it: a counter, variable or zone has one element per number",
                        self._open_ranges[0].span, hint="write its high end ('LOW..HIGH')")])
                if self._blinds:   # `blind ZONE` that no pick took: in a condition, a value, a `for each`...
                    zone = self._blinds[0].value[1][0]
                    name = A.blind_zone_name(zone)
                    raise RulesError([Diagnostic(
                        "E524", f"'blind {name}' stands for the unseen top card of a zone only among a pick's "
                        "candidates", zone.span, hint=f"write 'pick VAR from DOMAIN or blind {name} {{ ... }}'; "
                        f"elsewhere, 'draw 1 from {name} to ZONE;' takes its top card")])
                return value
            parent = stack[-1]
            parent[2].append(value)
            if first is not None:
                if parent[3] is None:
                    parent[3] = first
                parent[4] = last
            parent[5] = max(parent[5], depth)

    def atom(self, meta, items):
        return items[0]  # "(" expr ")": the parentheses are dropped

    def else_part(self, meta, items):
        return items[0]

    def _s(self, meta) -> A.Span:
        return _span_of(self.file, meta)

    # -------------------------------------------------------------- helpers
    def start(self, meta, items):
        return tuple(items)

    def title(self, meta, items):
        title = _Title(_unquote(items[0]))
        title.token = items[0]   # a card's title may hold values (`"Card {value}"`): entity_decl reads them
        return title

    def cap(self, meta, items):
        return _Marker("cap", items[0])

    def supply(self, meta, items):
        word, amount = items
        if str(word) in ("per", "short"):   # a counter's bank: `supply 24 per disease short no_cubes_left`
            if type(amount) is not A.Name:
                raise RulesError([Diagnostic("E100", f"'{word}' names "
                                             + ("an index of the counter" if str(word) == "per" else
                                                "the proc a gain the supply cannot pay runs"), amount.span,
                                             hint="'counter cubes[city, disease] global from 0 to 3 supply 24 per disease "
                                             "short no_cubes_left;'")])
            return _Marker(str(word), amount)
        if str(word) == "over":   # `cap C over PROC`: a word, not a keyword
            if type(amount) is not A.Name:
                raise RulesError([Diagnostic("E100", "'over' names the proc that takes what goes over the cap",
                                             amount.span, hint="'resource sheep cap room over cook_or_release;'")])
            return _Marker("over", amount)
        _expect_word("supply", word, self._s(meta))
        return _Marker("supply", amount)

    def bounds(self, meta, items):
        return _Marker("bounds", (items[0], items[1]))

    def initial(self, meta, items):
        return _Marker("initial", items[1])

    def name_list(self, meta, items):
        return tuple(str(t) for t in items)

    def block(self, meta, items):
        return _Marker("block", tuple(items))

    def params(self, meta, items):
        return tuple(items)

    def param(self, meta, items):
        typed = self._list_type(meta, items[1], f"'{items[0]}: list of {items[1][1]}'")
        return A.Param(str(items[0]), typed, items[2] if len(items) > 2 else None, span=self._s(meta))

    def param_kind(self, meta, items):
        return _Marker("param_kind", str(items[0]))

    def _list_type(self, meta, local_type: tuple, hint: str) -> str:
        """A parameter's or result's type (`local_type`, as a `let` writes it): `list of ITEM` or `zone of KIND`
        is kept as that text, which the checker reads (`Checker.declared`); E343 for `TYPE of ITEM` after another type."""
        typed, of = local_type[:2]
        if typed == "zone" and of is not None:   # `z: zone of card`: a zone whose items are cards of that kind
            return _or_kinds(f"zone of {of}", local_type)
        self._only_a_list(meta, typed, of, f"write {hint}")
        return _or_kinds(typed if of is None else f"list of {of}", local_type)

    def type_ref(self, meta, items):
        return str(items[0])

    def args(self, meta, items):
        return tuple(items)

    def where(self, meta, items):
        return _Marker("where", items[0])

    def guard(self, meta, items):
        return _Marker("guard", items[0])

    def by(self, meta, items):
        return _Marker("by", items[0])

    def tier(self, meta, items):
        return _Marker("tier", items[0])

    def paid(self, meta, items):
        return _Marker("paid", items[0])

    def bonus(self, meta, items):
        return _Marker("bonus", (items[0].value, items[1].value))

    def default(self, meta, items):
        return _Marker("default", items[0])

    def into(self, meta, items):   # `to [top of | bottom of] ZONE`: the zone, and whether to its top
        top = any(isinstance(t, Token) and t.type == "TOP" for t in items)
        return _Marker("into", (next(i for i in items if not isinstance(i, Token)), top))

    def debt(self, meta, items):
        return _Marker("debt", str(items[0]))

    def at(self, meta, items):
        return _Marker("at", items[0])

    def at_pair(self, meta, items):   # `gain 1 wall[r, c];` an element of a grid
        return _Marker("at", A.Pair(tuple(items), span=self._s(meta)))

    def indexes(self, meta, items):   # `[A, B, C]`: A with B as its `second`, and C as B's
        chain = items[-1]
        for dim in reversed(items[:-1]):
            chain = A.replace(dim, second=chain)
        return _Marker("indexes", chain if len(items) == 1 else A.replace(chain, span=self._s(meta)))

    def frame(self, meta, items):   # `numbered t as (EXPR)`: kept on the range it numbers (`_framed`)
        return _Marker("frame", (str(items[1]), items[2]))

    def index_dim(self, meta, items):
        return A.Indexes(str(items[0]), span=self._s(meta))

    def index_range(self, meta, items):
        low, high = items[0], int(items[1])   # (a constant's low end is checked once written in: E566)
        if type(low) is int and low > high:
            raise RulesError([Diagnostic("E303", f"the range {low}..{high} is empty: write the lower number first",
                                         self._s(meta))])
        return A.Indexes(None, low, high, span=self._s(meta))

    def index_edge(self, meta, items):
        """`[edge of square]`: one element per side of the board's cells, the unordered pair of two cells beside each
        other (read `wall[edge(a, b)]`); the record is checked to be a board's cell (E486) and the index alone (E679)."""
        return A.Indexes(str(items[1]), edge=True, span=self._s(meta))

    def index_bounded(self, meta, items):
        """`[1..size]`: from a number to an option's value in each game (the resolver sets the largest, `high`;
        a name that is no option is E551)."""
        return A.Indexes(None, items[0], items[0], bound=str(items[1]), span=self._s(meta))

    def index_ragged(self, meta, items):
        """`[g: gear, 0..(g.positions - 1)]`: a range whose end is worked out before play for each value of the
        indexes named before it (the resolver sets `rows` and the largest, `high`; E620 for what it cannot)."""
        return A.Indexes(None, items[0], items[0], ragged=items[1], span=self._s(meta))

    def index_open(self, meta, items):
        """`[n: 2..]`: a table's range open at the top, its high end the last value's number (the layout works it
        out from the values; its last value stands for every number past it). Anywhere else it is E665."""
        dim = A.Indexes(None, items[0], items[0], open=True, span=self._s(meta))
        self._open_ranges.append(dim)   # a table's declaration takes it; anywhere else it is E665 (see build)
        return dim

    def index_named(self, meta, items):
        """`g: gear`: an index with a name, which a ragged range after it reads."""
        return A.Indexes(str(items[1]), name=str(items[0]), span=self._s(meta))

    def index_named_range(self, meta, items):
        """`r: 1..5`: a range with a name, which a ragged range after it reads."""
        return A.replace(self.index_range(meta, items[1:]), name=str(items[0]))

    def index_named_open(self, meta, items):
        """`n: 2..`: a table's range open at the top, with a name."""
        return A.replace(self.index_open(meta, items[1:]), name=str(items[0]))

    def index_named_ragged(self, meta, items):
        """`c: 1..(5 - r)`: a ragged range with a name, which a further ragged range reads."""
        return A.replace(self.index_ragged(meta, items[1:]), name=str(items[0]))

    def until(self, meta, items):
        """`until PATTERN [or PATTERN ...]`: the first ending, the others its `or_until` (dsl.ast.Pattern)."""
        first = items[0] if len(items) == 1 else A.replace(items[0], or_until=tuple(items[1:]))
        return _Marker("until", first)

    def until_end(self, meta, items):
        """`until end of NAME`: a pattern marked `end`, NAME its event (dsl.ast.Pattern)."""
        return A.Pattern(None, str(items[0]), (), True, span=_token_span(self.file, items[0]))

    def ties(self, meta, items):
        return _Marker("ties", str(items[0]))

    def winner_order(self, meta, items):
        return _Marker("winner_order", str(items[0]))

    def tiebreak(self, meta, items):
        """(`most` or `fewest`, the key): a tie-break without a word is `most`."""
        return (items[0].value if isinstance(items[0], _Marker) else "most", items[-1])

    # -------------------------------------------------------------- declarations
    def resource_decl(self, meta, items):
        words = [i.tag for i in items if isinstance(i, _Marker) and i.tag in ("supply", "over", "per", "short")]
        if "per" in words or "short" in words:   # a counter's words
            raise RulesError([Diagnostic("E100", "'per' and 'short' belong to a global counter's supply; a "
                                         "resource's bank is one for the whole table", self._s(meta),
                                         hint="'resource gem supply 7;'")])
        if len(set(words)) < len(words):   # each once
            raise RulesError([Diagnostic("E100", "a resource writes 'supply' and 'over' once each: "
                                         "'resource NAME cap C over PROC supply N;'", self._s(meta))])
        overdraw = any(isinstance(t, Token) and t.type == "OVERDRAW" for t in items)
        return A.Resource(str(items[0]), _title(items), _pick(items, "cap"), _pick(items, "supply"),
                          _pick(items, "over"), overdraw, span=self._s(meta))

    def group_decl(self, meta, items):
        return A.Group(str(items[0]), _title(items), _pick(items, "cap"), items[-1], span=self._s(meta))

    def counter_decl(self, meta, items):
        low, high = _pick(items, "bounds", (None, None))
        is_global = any(isinstance(t, Token) and t.type == "GLOBAL" for t in items)
        words = [i.tag for i in items if isinstance(i, _Marker) and i.tag in ("supply", "over", "per", "short")]
        per_call = supply = supply_per = short = None
        if words == ["per"]:   # `per turn`: the proc or loop label whose end puts it back to its start
            per_call = _pick(items, "per").id
        elif words and words[0] != "per":
            if "over" in words or len(set(words)) < len(words) or words[0] != "supply":
                raise RulesError([Diagnostic("E100", "a counter's bank is written 'supply N [per INDEX] [short PROC]', "
                                             "each word once, 'supply' first", self._s(meta),
                                             hint="'counter cubes[city, disease] global from 0 to 3 supply 24 per disease "
                                             "short no_cubes_left;'")])
            supply, supply_per, short = _pick(items, "supply"), _pick(items, "per"), _pick(items, "short")
        elif words:
            raise RulesError([Diagnostic("E100", "a counter writes 'per NAME' once, alone: 'per turn' puts it back to its "
                                         "start when each call of the proc 'turn' ends; a bank is 'supply N per INDEX'",
                                         self._s(meta), hint="'counter actions start 1 per turn;'")])
        return A.Counter(str(items[0]), _title(items), is_global, low, high, _framed(items),
                         _pick(items, "initial"), tuple(i for i in items if isinstance(i, A.ElementBound)),
                         per_call, supply, supply_per, short,
                         signed=any(isinstance(t, Token) and t.type == "SIGNED" for t in items),
                         internal=_pick(items, "counter_kept") == "internal", hidden=_pick(items, "counter_kept") == "hidden",
                         span=self._s(meta))

    def counter_kept(self, meta, items):   # `internal` or `hidden` (3.3)
        return _Marker("counter_kept", str(items[0]))

    def signed(self, meta, items):   # `-5`, `8`: a whole number as written
        return -int(items[-1]) if len(items) > 1 else int(items[0])

    def element_bound(self, meta, items):   # `mc from -5;`, `3 to 4 start 1;`: a name or a number, then its own bounds
        key = str(items[0]) if isinstance(items[0], Token) else items[0]
        return A.ElementBound(key, _pick(items, "element_low"), _pick(items, "element_high"), _pick(items, "initial"),
                              span=self._s(meta))

    def element_low(self, meta, items):
        return _Marker("element_low", items[0])

    def element_high(self, meta, items):
        return _Marker("element_high", items[0])

    def var_decl(self, meta, items):
        is_global = any(isinstance(t, Token) and t.type == "GLOBAL" for t in items)
        type_ = next(i for i in items[1:] if type(i) is str)
        of = _pick(items, "element_of")
        self._only_a_list(meta, type_, of, f"write 'var {items[0]}: list of {of};' or 'var {items[0]}: {type_};'")
        if of is not None:   # a list of records (the checker says what else a list may not be)
            type_ = f"list of {of}"
        internal, remembered = _pick(items, "var_internal", (False, None))
        return A.Var(str(items[0]), _title(items), is_global, type_, _pick(items, "default"), _framed(items),
                     internal, hidden=_pick(items, "var_hidden", False),
                     remembered=None if remembered is None else remembered or str(items[0]), span=self._s(meta))

    def var_hidden(self, meta, items):
        return _Marker("var_hidden", True)

    def var_internal(self, meta, items):
        """`internal`, `remembered`, `internal remembered`, each `remembered` with its `as POSITION` or not:
        (whether internal, None or the position's name: "" for the variable's own)."""
        words = [w for w in items if isinstance(w, Token)]
        named = _pick(items, "remembered_as")
        if len(words) == 2:
            _expect_word("var_internal internal", words[0], _token_span(self.file, words[0]))
        if len(words) == 2 or named is not None or str(words[0]) != "internal":
            word = words[-1]
            _expect_word("var_internal remembered", word, _token_span(self.file, word))
        internal = str(words[0]) == "internal"
        return _Marker("var_internal", (internal, None if words[-1] == "internal" and named is None
                                        else (named or "")))

    def remembered_as(self, meta, items):
        return _Marker("remembered_as", str(items[0]))

    def enum_decl(self, meta, items):
        fields = tuple(i for i in items[1:] if isinstance(i, A.FieldDecl))
        given = [i for i in items[1:] if isinstance(i, A.EnumMember)]
        for m in given:
            self._named_member_values(m, fields)
        members = tuple(m.name for m in given)
        titles = tuple(m.title for m in given)
        data = tuple(m.values for m in given) if any(m.values for m in given) else ()
        return A.Enum(str(items[0]), members, titles if any(t is not None for t in titles) else (), fields, data,
                      span=self._s(meta))

    @staticmethod
    def _named_member_values(m, fields: tuple) -> None:
        """E339 for a member's values given by their places (`north(0, -1)`): each is named, as in a record's
        construction, so a reader sees which is which and a field added later shifts nothing."""
        if type(m.values) is not _Placed:
            return
        names = [f.name for f in fields]
        shown = ", ".join(f"{n} = {v}" for n, v in zip(names, m.values.texts)) if names and \
            len(names) == len(m.values.texts) else ", ".join(f"{n} = ..." for n in names) or "FIELD = VALUE"
        raise RulesError([Diagnostic("E339", f"member {m.name!r} gives its values by their places: each value is "
                                     f"named by its field", m.values.span, hint=f"write {m.name}({shown})")])

    def enum_member(self, meta, items):
        title = next((_unquote(i) for i in items[1:] if isinstance(i, Token)), None)
        values = next((i for i in items[1:] if isinstance(i, (tuple, _Placed))), ())
        return A.EnumMember(str(items[0]), title, values, span=self._s(meta))

    def member_data(self, meta, items):
        return tuple(items)

    def member_data_placed(self, meta, items):
        """`north(0, -1)`: refused once the enum is known (E339); `north()` gives no values, as `north`."""
        from .printer import expr as _printed
        return _Placed(tuple(_printed(i) for i in items[0]), self._s(meta)) if items[0] else ()

    def event_decl(self, meta, items):
        return A.Event(str(items[0]), self._untyped_lists(items[1] or (), "an event's"), span=self._s(meta))

    def _untyped_lists(self, params: tuple, whose: str) -> tuple:
        """An event's or extern's parameters: `list of ITEM` and `zone of KIND` are for procs and funcs (E357)."""
        for p in params:
            if p.type.startswith(("list of ", "zone of ")):
                held = p.type.partition(" of ")[0]
                raise RulesError([Diagnostic("E357", f"{whose} parameter {p.name!r} cannot say what its {held} holds "
                                             f"('{p.type}'): only a proc's or func's can", p.span,
                                             hint=f"write '{p.name}: {held}'")])
        return params

    def space_decl(self, meta, items):
        bonus_cost, bonus = _pick(items, "bonus", (None, None))
        return A.Space(items[0], _title(items), _pick(items, "tier"), _pick(items, "paid"),
                       _block(items), bonus_cost, bonus, span=self._s(meta))

    def space_at(self, meta, items):   # `at -24 { ... }`: the position is worked out from the track's scale
        bonus_cost, bonus = _pick(items, "bonus", (None, None))
        return A.Space(0, _title(items), _pick(items, "tier"), _pick(items, "paid"), _block(items), bonus_cost,
                       bonus, value=items[0], span=self._s(meta))

    def scale(self, meta, items):
        numbers = [i for i in items if type(i) is int]
        return _Marker("scale", (numbers[0], numbers[1], numbers[2] if len(numbers) > 2 else 1))

    def prints(self, meta, items):   # `prints [2, 2, 2, 3]`: a word, not a keyword
        _expect_word("prints", items[0], self._s(meta))
        return _Marker("prints", tuple(i for i in items[1:] if type(i) is int))

    def reach_decl(self, meta, items):
        return A.Reach(items[-2], _block(items), span=self._s(meta))

    def track_decl(self, meta, items):
        spaces = tuple(i for i in items if isinstance(i, A.Space))
        reaches = tuple(i for i in items if isinstance(i, A.Reach))
        is_global = any(isinstance(t, Token) and t.type == "GLOBAL" for t in items)
        scale = _pick(items, "scale")
        if scale is not None:   # a space written by its printed number stands at the position printing it
            track = A.Track(str(items[0]), None, (), (), scale=scale)
            spaces = tuple(A.replace(sp, position=track.position_of(sp.value) or 0) if sp.value is not None else sp
                           for sp in spaces)
        return A.Track(str(items[0]), _title(items), spaces, reaches, is_global, scale, _pick(items, "prints"),
                       span=self._s(meta))

    def field_decl(self, meta, items):
        shown = isinstance(items[0], Token) and items[0].type == "SHOWN"
        items = items[1:] if shown else items
        of = _pick(items, "element_of")
        seen = _pick(items, "visibility")
        if items[1] == "zone" and (of is not None or seen is not None):   # a zone each card holds (3.7)
            return A.FieldDecl(str(items[0]), "zone", _pick(items, "default"), _pick(items, "field_index"),
                               shown=shown, of=of, cap=_pick(items, "field_cap"), held=seen or "public",
                               tag=_pick(items, "tag"), span=self._s(meta))
        if seen is not None:
            raise RulesError([Diagnostic("E100", f"'{items[0]}: {items[1]} {seen}': only a zone a card holds says "
                                         "who sees it", self._s(meta),
                                         hint=f"write '{items[0]}: zone of KIND {seen};' for cards the card holds")])
        self._only_a_list(meta, items[1], of, f"write '{items[0]}: list of {of};' or '{items[0]}: {items[1]};'")
        cap = _pick(items, "field_cap")
        if items[1] == "stock":   # `eggs: stock [cap EXPR];` a whole number the card holds (a cap elsewhere: E398)
            # a stock starts empty unless told; the implied start is written nowhere (no span: the editor's
            # index finds the field's name among the words its children do not cover)
            start = _pick(items, "default") or A.Int(0, span=A.Span(self._s(meta).file, 0, 0, 0, 0))
            return A.FieldDecl(str(items[0]), "int", start, _pick(items, "field_index"), shown=shown,
                               of=of, stock=True, cap=cap, tag=_pick(items, "tag"), span=self._s(meta))
        ranged = _pick(items, "field_index_range")   # (low, high), or (low, low, option): `bool[1..size]`
        index = f"{ranged[0]}..{ranged[-1]}" if ranged is not None else _pick(items, "field_index")
        return A.FieldDecl(str(items[0]), items[1], _pick(items, "default"), index, shown=shown, of=of, cap=cap,
                           tag=_pick(items, "tag"), index_range=ranged[:2] if ranged is not None else None,
                           index_bound=ranged[2] if ranged is not None and len(ranged) > 2 else None,
                           span=self._s(meta))

    def field_cap(self, meta, items):
        return _Marker("field_cap", items[0])

    def element_of(self, meta, items):
        """`of ITEM`, or `of list of ... of ITEM` (a list of lists): the item type as the checker reads it."""
        for outer, inner in zip(items, items[1:]):
            self._only_a_list(meta, str(outer), str(inner), "a list of lists is 'list of list of ITEM'")
        return _Marker("element_of", "list of " * (len(items) - 1) + str(items[-1]))

    def _only_a_list(self, meta, typed, of, hint: str) -> None:
        """`TYPE of ITEM` (a field's or a let's type) says what a list's items are: E343 after another type."""
        if of is not None and typed != "list":
            raise RulesError([Diagnostic("E343", f"'{typed} of {of}': only a list says what its items are",
                                         self._s(meta), hint=hint)])

    def slot_decl(self, meta, items):
        """`demand: effect(by: player);` an effect slot with parameters (only `effect` takes them)."""
        _expect_word("slot_decl", items[1], self._s(meta), name=items[0])
        return A.FieldDecl(str(items[0]), "effect", None, params=items[2] or (), span=self._s(meta))

    def computed_decl(self, meta, items):
        return A.FieldDecl(str(items[0]), items[1], _pick(items, "default"), computed=True, span=self._s(meta))

    def field_index(self, meta, items):
        return _Marker("field_index", str(items[0]))

    def field_index_range(self, meta, items):
        """`bool[1..75]`: one value per number of the range (its text as the index; the numbers in `index_range`)."""
        self.index_range(meta, items)   # (an empty range: E303, as an index's)
        return _Marker("field_index_range", (items[0], int(items[1])))

    def field_index_bounded(self, meta, items):
        """`bool[1..size]`: one value per number up to an option's value in each game (the resolver sets the largest,
        the range's high end; a name that is no option is E551)."""
        return _Marker("field_index_range", (items[0], items[0], str(items[1])))

    def member_map(self, meta, items):
        return A.MemberMap(tuple(i for i in items if i is not None), span=self._s(meta))

    def member_value(self, meta, items):   # `white: 3`, or a number's, `6: 2` (a field indexed by a range)
        key = int(items[0]) if items[0].type == "INT" else str(items[0])
        return A.MemberValue(key, items[1], span=self._s(meta))

    def kind_decl(self, meta, items):
        fields = tuple(i for i in items if isinstance(i, A.FieldDecl))
        slots = A.Reaction.told_apart(tuple(i for i in items if isinstance(i, (A.Reaction, A.Anytime, A.HeldOption))))   # (a HeldModifier is a Reaction)
        per_player = any(isinstance(t, Token) and t.type == "PER_PLAYER" for t in items)
        shows = [i for i in items if isinstance(i, A.KindShows)]
        if len(shows) > 1:   # one list a kind: what its cards show, in order
            raise RulesError([Diagnostic("E445", "a kind has one 'shows' list: the fields its cards show, in order",
                                         shows[1].span, f"write them in one: 'shows {', '.join(n for s in shows for n in s.names)};'")])
        return A.Kind(str(items[0]), _title(items), per_player, fields, slots, shows[0] if shows else None,
                      _in_force(items), span=self._s(meta))

    def in_force(self, meta, items):
        """`in force while COND;` in a kind or a card (`force` read as a name, so it stays free elsewhere)."""
        near = "did you mean 'force'? " if closest(str(items[0]), ["force"]) else ""
        _expect_word("in_force", items[0], _token_span(self.file, items[0]), near=near)
        return _Marker("in_force", items[1])

    def kind_shows(self, meta, items):
        return A.KindShows(tuple(str(i) for i in items[1:]), span=self._s(meta))

    def record_decl(self, meta, items):
        indexed = next((i for i in items[2:] if isinstance(i, A.FieldDecl) and i.index is not None), None)
        if indexed is not None:   # a record is a value built field by field: a grid is an enum's data (E572)
            raise RulesError([Diagnostic("E572", f"'{indexed.name}: {indexed.type}[{indexed.index}]' in a record: "
                                         "only an enum's members hold a value per cell, written as a grid",
                                         indexed.span, hint=f"write '{indexed.name}: {indexed.type};' or move the "
                                         f"field into an enum")])
        title = next((i for i in items if isinstance(i, _Title)), None)
        shape = next((i.value for i in items if isinstance(i, _Marker) and i.tag == "shape"), None)
        return A.Record(str(items[1]), tuple(i for i in items[2:] if isinstance(i, A.FieldDecl)), _title(items),
                        self._title_parts(title), shape=shape, span=self._s(meta))

    def record_shape(self, meta, items):
        """`where COND;` after a record's fields: the condition its values keep to."""
        return _Marker("shape", items[-1])

    def record_range_field(self, meta, items):
        """`row: 1..5;`: a whole number from the first to the second (an empty range is E303, as an index's);
        `col: 1..size;` up to an option's value in each game (the resolver sets the largest it may be; a name
        that is no option nor constant is E539); `q: -radius..radius;` between constants, which the resolver
        works out (E530, E566)."""
        name, low, high, around = str(items[0]), items[1], items[2], _around(items)
        if type(low) is int and type(high) is int:
            self.index_range(meta, items[1:3])
            return A.FieldDecl(name, "int", _pick(items, "default"), within=(low, high), around=around,
                               span=self._s(meta))
        if type(low) is int and type(high) is A.Name:
            return A.FieldDecl(name, "int", _pick(items, "default"), within=(low, low), bound=high.id, around=around,
                               span=self._s(meta))
        ends = tuple(A.Int(e, span=self._s(meta)) if type(e) is int else e for e in (low, high))
        return A.FieldDecl(name, "int", _pick(items, "default"), ends=ends, around=around, span=self._s(meta))

    amend_range_field = record_range_field   # the same field, added by an amend of the record

    def range_end(self, meta, items):   # `-2`, `5`: a number as written
        return items[0]

    def range_end_name(self, meta, items):   # `radius`, `-radius`: a constant (or, at the high end, an option)
        name = A.Name(str(items[-1]), span=_token_span(self.file, items[-1]))
        return A.Unary("-", name, span=self._s(meta)) if len(items) > 1 else name

    def range_end_expr(self, meta, items):   # `(radius + 2)`, `-(radius + 2)`: an expression of constants
        return A.Unary("-", items[-1], span=self._s(meta)) if len(items) > 1 else items[-1]

    def table_decl(self, meta, items):   # `table payout[r: 1..6] "Payout": int = [10, 6, 4, 3, 2, 1];`
        index = next(i.value for i in items if type(i) is _Marker)
        span = self._s(meta)   # a table's range may be open at the top (`[n: 2..]`): the ranges inside are its own
        self._open_ranges = [r for r in self._open_ranges if not (span.line, span.column) <= (r.span.line, r.span.column)
                             <= (span.end_line, span.end_column)]
        return A.Table(str(items[1]), _title(items), index, str(items[-2]), items[-1], span=self._s(meta))

    def const_decl(self, meta, items):   # `const radius "Island radius" = 2;`
        return A.Const(str(items[1]), _title(items), items[-1], span=self._s(meta))

    def record_field(self, meta, items):
        of = _pick(items, "element_of")
        seen = _pick(items, "visibility")
        if items[1] == "zone" and (of is not None or seen is not None):   # only a card holds a zone (3.7)
            raise RulesError([Diagnostic("E417", f"'{items[0]}: zone of ...' in a record: a record is a value, and "
                                         "only a card holds a zone of its own", self._s(meta),
                                         hint="declare the zone in the kind of the cards that hold it")])
        if seen is not None:
            raise RulesError([Diagnostic("E100", f"'{items[0]}: {items[1]} {seen}': only a zone a card holds says "
                                         "who sees it", self._s(meta),
                                         hint=f"write '{items[0]}: zone of KIND {seen};' for cards the card holds")])
        self._only_a_list(meta, items[1], of, f"write '{items[0]}: list of {of};' or '{items[0]}: {items[1]};'")
        if _pick(items, "field_index_range") is not None:   # an enum's grid is indexed by a record (E572)
            raise RulesError([Diagnostic("E572", f"'{items[0]}: {items[1]}[...]': an enum's field is indexed by a "
                                         "record whose values are a domain (a board's cells), not by a range",
                                         self._s(meta), hint=f"declare 'record cell {{ row: 1..4; col: 1..5; }}' and "
                                         f"write '{items[0]}: {items[1]}[cell];'")])
        return A.FieldDecl(str(items[0]), items[1], _pick(items, "default"), _pick(items, "field_index"), of=of,
                           around=_around(items), span=self._s(meta))

    def construct(self, meta, items):
        return A.Construct(items[0], tuple(items[1:]), span=self._s(meta))

    def field_arg(self, meta, items):
        return A.FieldValue(str(items[0]), items[1], span=self._s(meta))

    def field_name(self, meta, items):
        return str(items[0])

    def field_value(self, meta, items):
        value = items[1]
        if type(value) is tuple:   # a cost: a bare expression is the value itself, a cost written out a CostValue
            value = _bare(value)
            if type(value) is tuple:
                value = A.CostValue(value, span=_join(value[0].span, value[-1].span))
        return A.FieldValue(str(items[0]), value, span=self._s(meta))

    def field_effect(self, meta, items):
        return A.FieldEffect(str(items[0]), items[1].value, span=self._s(meta))

    def reaction(self, meta, items):
        pattern, places, span = items[1], items[2], self._s(meta)
        body, asked = _block(items), _pick(items, "reaction_may")
        if asked is not None:   # `may ["prompt"]`: the holder is asked, as a `may` around the block
            title, parts, paid = asked
            body = (A.May(title, paid, body, title_parts=parts, span=span),)
        cond, rest = _pick(items, "lasting"), _pick(items, "rest")
        paid = asked[2] if asked is not None and rest is not None else None
        trigger = A.Whenever(False, pattern, None, body, A.Reaction.condition(places, cond, paid, span), rest, span=span)
        return A.Reaction(A.Reaction.slot_name(pattern.event, tuple(map(A.place_key, places))), (trigger,), places,
                          cond, span=span)

    def held_modifier(self, meta, items):
        """`modifier PATTERN in ZONE [while COND] { ... }` in a card (dsl.ast.HeldModifier): in force while a
        copy is in its holder's ZONE; `once` and `until` are durations it has not (E418)."""
        pattern, places, span = items[1], items[2], self._s(meta)
        once = next((t for t in items if isinstance(t, Token) and t.type == "ONCE"), None)
        until = _pick(items, "until")
        if once is not None or until is not None:
            at = _token_span(self.file, once) if once is not None else until.span
            word = "once" if once is not None else "until"
            if [getattr(p, "id", None) for p in places] == [A.ROLE_ZONE]:   # a role's own (no zone written)
                raise RulesError([Diagnostic(
                    "E418", f"a role's modifier is in force while its holder holds the role: it takes no '{word}'",
                    at, "register it in an effect the role runs ('whenever ... { modifier ... " + word +
                    " ... { ... } }'), or test the time in its 'while' condition")])
            raise RulesError([Diagnostic(
                "E418", f"a card's modifier is in force while the card is in its zone: it takes no '{word}'", at,
                "register it in an effect the card runs ('played { modifier ... " + word + " ... { ... } }'), "
                "or test the time in its 'while' condition")])
        cond = _pick(items, "lasting")
        mod = A.Modifier(pattern, False, None, A.Reaction.condition(places, cond, None, span),
                         tuple(i for i in items if isinstance(i, A.Adjust)), _pick(items, "asking"),
                         _pick(items, "consequence"), span=span)
        also = any(isinstance(t, Token) and t.type == "ALSO" for t in items)   # beside the kind's, not in its place
        return A.HeldModifier(A.HeldModifier.slot_name(pattern.event, tuple(map(A.place_key, places)), also), (mod,),
                              places, cond, also=also, span=span)

    def held_func(self, meta, items):
        return self._held(meta, items, A.Func(str(items[1]), items[2] or (), items[-1], _pick(items, "returns"),
                                             span=self._s(meta)))

    def held_proc(self, meta, items):
        return self._held(meta, items, A.Proc(str(items[1]), items[2] or (), _block(items), _pick(items, "returns"),
                                             span=self._s(meta)))

    def held_phase(self, meta, items):
        """`override phase NAME in ZONE { ... }` in a card: refused (E353). A phase is the game's, run once
        with the first player as `you`; what a holder does differently is in the proc the phase runs
        for each player, which the card overrides."""
        name = items[1]
        raise RulesError([Diagnostic(
            "E353", f"a card's override changes a func or proc for its holder; phase {str(name)!r} is the game's, "
                    "run once for everyone (with the first player as 'you'): no holder to change it for",
            _token_span(self.file, name), "override the proc the phase runs for each player ('each players: turn();'): "
                           "'override proc turn() in ZONE { ... }' in the card runs for its holder's turn")])

    def _held(self, meta, items, decl):
        """A card's `override func|proc NAME(...) in ZONE ...` (dsl.ast.HeldOverride)."""
        places = next(i for i in items if isinstance(i, tuple) and i and isinstance(i[0], (A.Name, A.Index)))
        return A.HeldOverride(A.HeldOverride.slot_name(decl.name), (decl,), places, _pick(items, "lasting"),
                              span=self._s(meta))

    def held_option(self, meta, items):
        """`option in LABEL in ZONE "label" [once] [when COND] { ... }` in a card or kind (dsl.ast.HeldOption)."""
        label, places = str(items[0]), items[1]
        option = self.option(meta, items[2:])
        return A.HeldOption(A.HeldOption.slot_name(label, option.title), (option,), places, label, span=self._s(meta))

    def force_removed(self, meta, items):
        """`remove in force;` in an amend: the kind's or card's `in force while COND;` dropped (A.IN_FORCE_SLOT)."""
        near = "did you mean 'force'? " if closest(str(items[0]), ["force"]) else ""
        _expect_word("force_removed", items[0], _token_span(self.file, items[0]), near=near)
        return A.SlotRemoved(A.IN_FORCE_SLOT, span=self._s(meta))

    def option_slot_removed(self, meta, items):
        return A.SlotRemoved(A.HeldOption.slot_name(str(items[0]), _title(items)), span=self._s(meta))

    def anytime_slot(self, meta, items):
        places, rest, windows = items[1], _pick(items, "rest"), _pick(items, "window_at")
        # ANYTIME, zones, [at WINDOW, ...], [once per], [condition], block
        when = next((i for i in items[2:-1] if not isinstance(i, _Marker)), None)
        return A.Anytime(A.Anytime.slot_name(tuple(map(A.place_key, places)), tuple(w.id for w in windows or ())),
                         _block(items), places, when, rest, windows, span=self._s(meta))

    def window_at(self, meta, items):
        """`at NAME, ...` after an anytime slot's zones: the named windows that offer it (Names)."""
        return _Marker("window_at", tuple(A.Name(str(t), span=_token_span(self.file, t))
                                          for t in items if isinstance(t, Token) and t.type == "NAME"))

    def slot_zones(self, meta, items):
        return tuple(items)

    def slot_place(self, meta, items):
        """A zone of a card's slot: its name, or an element of an indexed zone (`row[wetland]`, an Index)."""
        name = A.Name(str(items[0]), span=_token_span(self.file, items[0]))
        if len(items) == 1:
            return name
        index = items[1] if len(items) == 2 else A.Pair(tuple(items[1:]), span=A.Span(
            items[1].span.file, items[1].span.line, items[1].span.column, items[-1].span.end_line,
            items[-1].span.end_column))
        return A.Index(name, index, span=self._s(meta))

    def window_stmt(self, meta, items):
        name = next((str(t) for t in items if isinstance(t, Token) and t.type == "NAME"), None)
        return A.Window(name, span=self._s(meta))

    def reaction_may(self, meta, items):
        return _Marker("reaction_may", (_title(items), self._prompt_parts(items), _pick(items, "paid")))

    def entity_decl(self, meta, items):
        values = tuple(i for i in items if isinstance(i, A.FieldValue))
        effects = A.Reaction.told_apart(tuple(i for i in items if isinstance(i, A.FieldEffect)))
        title = next((i for i in items if isinstance(i, _Title)), None)
        copies = _pick(items, "copies", 1)
        each = _pick(items, "each")
        if not _known_number(copies) and each is None:
            raise RulesError([Diagnostic("E303", "copies worked out from a value ('* (EXPR)') need a 'for each' declaration, "
                                         "whose elements it reads; a plain declaration's copies are a number known before play",
                                         copies.span, hint="write '* N'")])
        return A.Entity(str(items[0]), str(items[1]), _title(items), values, effects, copies if _known_number(copies) else 1,
                        self._title_parts(title), *_eaches(each)[:2], copies_by=None if _known_number(copies) else copies,
                        in_force=_in_force(items), each_where=_eaches(each)[2], span=self._s(meta))

    def per_each(self, meta, items):
        """`for each c in DOMAIN [where COND] [, d in DOMAIN2 ...]`: the first (name, domain) pair is the entity's
        `each`, the others its `each_more`, the filters its `each_where`; a domain is a name (a kind or an enum), a
        (low, high) pair of constants (a range), or any other expression, which the resolver refuses (E345)."""
        return _Marker("each", tuple(items))

    def each_over(self, meta, items):
        """`c in DOMAIN [where COND]`: (c, the domain as `per_each` keeps it, the filter or None)."""
        return self._each_pair(items) + (_pick(items, "where"),)

    def _each_pair(self, items) -> tuple:
        domain = items[1]
        if type(domain) is A.Name:
            return (str(items[0]), domain.id)
        if type(domain) is A.Range and domain.high is not None:
            ends = tuple(e.value if type(e) is A.Int else -e.operand.value
                         if type(e) is A.Unary and e.op == "-" and type(e.operand) is A.Int else None
                         for e in (domain.low, domain.high))
            if None not in ends:
                return (str(items[0]), ends)
        return (str(items[0]), domain)

    def _title_parts(self, title) -> tuple:
        """A title with braces is a text with values (`"Card {value}"`, `{{` for a brace), as a `say`
        text: its literal texts and expressions; () for a plain title. A card's is worked out per copy,
        a decision's prompt or an option's label when the decision is asked."""
        return say_parts(title.token, self.file) if title is not None and ("{" in title or "}" in title) else ()

    def _prompt_parts(self, items) -> tuple:
        """The parts of the prompt (or option label) among a statement's items (see _title_parts)."""
        return self._title_parts(next((i for i in items if isinstance(i, _Title)), None))

    def number(self, meta, items):
        """A number where the grammar takes one alone: written (`* 14`), or a constant's name (`* knights`), which
        the resolver writes in (`_constant_numbers`)."""
        if items[0].type == "INT":
            return int(items[0])
        return A.ConstNumber(str(items[0]), span=self._s(meta))

    def copies(self, meta, items):
        """`* N`, or `* (EXPR)`: a constant folds to N; else the copies of each entity a `for each` declaration
        makes, worked out per element by the resolver (`copies_by`), and refused anywhere else (E303)."""
        if isinstance(items[-1], (int, A.ConstNumber)):
            return _Marker("copies", items[-1])
        try:
            value = A.as_const(items[-1])
        except A.NotConstant:
            return _Marker("copies", items[-1])
        if type(value) is not int:
            raise RulesError([Diagnostic("E303", "the number of copies is a whole number", items[-1].span)])
        return _Marker("copies", value)

    def overridden(self, meta, items):
        return A.Override(items[1], span=self._s(meta))

    def zone_decl(self, meta, items):
        per_player = any(isinstance(t, Token) and t.type == "PER_PLAYER" for t in items)
        visibility = _pick(items, "visibility", "public")
        kinds = [str(i) for i in items[1:] if isinstance(i, Token) and i.type == "NAME"]
        cap, over = _pick(items, "zone_cap", (None, None))
        refills, refill_limit = _pick(items, "refill", (None, None))
        return A.Zone(str(items[0]), _title(items), per_player, kinds[0], visibility, _pick(items, "indexes"),
                      _pick(items, "visibility") == "public", refills, tuple(kinds[1:]), cap, over,
                      _pick(items, "top_public", False), _pick(items, "size_owner", False),
                      *_pick(items, "zone_show", (None,) * 6), refill_limit=refill_limit, span=self._s(meta))

    def zone_show(self, meta, items):
        """`show N from ZONE [redeal to PILE when COND]`: (N, ZONE, PILE, COND), the zones as Names."""
        count, source = items[1], items[2]
        each = _pick(items, "indexes")   # `from deck[level]`: element by element
        redeal = next((i for i in items[3:] if type(i) is tuple), (None, None, None))
        return _Marker("zone_show", (count, A.Name(str(source), span=_token_span(self.file, source)), *redeal[:2],
                                     each, redeal[2]))

    def zone_redeal(self, meta, items):
        pile = items[1]
        return (A.Name(str(pile), span=_token_span(self.file, pile)), items[-1], _pick(items, "indexes"))

    def top_public(self, meta, items):
        return _Marker("top_public", True)

    def size_owner(self, meta, items):
        word = items[-1]
        _expect_word("size_owner", word, self._s(meta))
        return _Marker("size_owner", True)

    def zone_cap(self, meta, items):
        """`cap N over PROC` of a zone: (N, PROC as a Name)."""
        cap, word, proc = items
        _expect_word("zone_cap", word, _token_span(self.file, word))
        return _Marker("zone_cap", (cap, A.Name(str(proc), span=_token_span(self.file, proc))))

    def refill(self, meta, items):
        """`refills from PILE [N times]`: (PILE, N or None)."""
        name = next(str(i) for i in items[1:] if isinstance(i, Token) and i.type == "NAME")
        return _Marker("refill", (name, _pick(items, "refill_times")))

    def refill_times(self, meta, items):
        """`N times` after a deck's `refills from PILE`: how many times it refills at most."""
        count, word = items
        _expect_word("refill_times", word, _token_span(self.file, word))
        return _Marker("refill_times", count)

    def visibility(self, meta, items):
        """The visibility's words: `hidden from owner`, and `seen by FIELD`, `hidden from FIELD` as written (their
        field the checker reads: A.face_rule)."""
        if len(items) == 1:
            return _Marker("visibility", str(items[0]))
        first, field = items
        if first.type == "NAME":   # `seen by FIELD`
            _expect_word("visibility", first, _token_span(self.file, first))
            return _Marker("visibility", f"seen by {field}")
        return _Marker("visibility", f"hidden from {field}")

    def actor_decl(self, meta, items):
        return A.Actor(str(items[0]), _title(items), span=self._s(meta))

    def face(self, meta, items):
        value = next((i for i in items if isinstance(i, A.Expr)), None)
        return A.Face(_title(items), _block(items), value, _known_copies(items, 1), span=self._s(meta))

    def die_decl(self, meta, items):
        type_ = next((i for i in items[1:] if type(i) is str), None)
        return A.Die(str(items[0]), _title(items), tuple(i for i in items if isinstance(i, A.Face)), type_,
                     span=self._s(meta))

    def proc_decl(self, meta, items):
        return A.Proc(str(items[0]), items[1] or (), _block(items), _pick(items, "returns"),
                      _pick(items, "once_per"), span=self._s(meta))

    def once_per(self, meta, items):   # ONCE per NAME ("," NAME)*
        _once, word, *names = items
        _expect_word("once_per", word, self._s(meta))
        return _Marker("once_per", tuple(str(n) for n in names))

    def return_stmt(self, meta, items):
        return A.Return(items[0] if items else None, span=self._s(meta))

    def end_stmt(self, meta, items):
        reason = next((t for t in items if isinstance(t, Token) and t.type == "STRING"), None)
        return A.EndGame(*self._reason(reason), span=self._s(meta))

    def end_after_stmt(self, meta, items):
        label = next(t for t in items if isinstance(t, Token) and t.type == "NAME")
        reason = next((t for t in items if isinstance(t, Token) and t.type == "STRING"), None)
        return A.EndAfter(str(label), *self._reason(reason), span=self._s(meta))

    def end_by_stmt(self, meta, items):
        word = next(t for t in items if isinstance(t, Token) and t.type == "NAME")
        _expect_word("end_by_stmt", word, self._s(meta))
        who = next(i for i in items if isinstance(i, A.Expr))
        reason = next((t for t in items if isinstance(t, Token) and t.type == "STRING"), None)
        return A.EndGame(*self._reason(reason), by=who, lost=str(word) == "lost", span=self._s(meta))

    def end_drawn_stmt(self, meta, items):
        # (no NAME: the keyword `draw` was written, and the grammar keeps no token of it)
        word = next((t for t in items if isinstance(t, Token) and t.type == "NAME"), "draw")
        _expect_word("end_drawn_stmt", word, self._s(meta))
        reason = next((t for t in items if isinstance(t, Token) and t.type == "STRING"), None)
        return A.EndGame(*self._reason(reason), drawn=True, span=self._s(meta))

    def _reason(self, reason: Optional[Token]) -> tuple:
        """An `end game` reason as written, and its parts when it shows values or braces (`"{you} reached 10 VP"`),
        as a `say` text's; a reason of plain words has none, and is kept as the constant it is."""
        if reason is None:
            return None, None
        parts = say_parts(reason, self.file) if "{" in reason or "}" in reason else ()
        return _unquote(reason), parts or None   # (`{{` alone is a brace too: the parts say so)

    def break_stmt(self, meta, items):
        return A.Break(str(items[1]) if items[1] is not None else None, span=self._s(meta))

    def reopen_stmt(self, meta, items):
        return A.Reopen(span=self._s(meta))

    def eliminate_stmt(self, meta, items):
        word = str(items[0])   # `eliminate`, `restore` or `retire`
        return A.Eliminate(items[1], word == "restore", word == "retire", span=self._s(meta))

    def func_decl(self, meta, items):
        items = _valued(items)
        lets = tuple(i for i in items[2:-1] if isinstance(i, A.Let))
        value = items[-1]
        if lets:   # from the first let to the value's end
            first, last = lets[0].span, value.span
            value = A.LetIn(lets, value, span=A.Span(first.file, first.line, first.column, last.end_line, last.end_column))
        return A.Func(str(items[0]), items[1] or (), value, _pick(items, "returns"), shown=_pick(items, "shown"),
                      span=self._s(meta))

    def func_shown(self, meta, items):
        return _Marker("shown", _title(items))

    def func_let(self, meta, items):
        return self.let_stmt(meta, items)

    def returns(self, meta, items):
        return _Marker("returns", self._list_type(meta, items[0], f"': list of {items[0][1]}'"))

    def extern_decl(self, meta, items):
        returns = _pick(items, "returns")
        if returns is not None and returns.startswith(("list of ", "zone of ")):
            held = returns.partition(" of ")[0]
            raise RulesError([Diagnostic("E357", f"an extern's result cannot say what its {held} holds ('{returns}'): "
                                         "only a proc's or func's can", self._s(meta), hint=f"write ': {held}'")])
        return A.Extern(str(items[0]), self._untyped_lists(items[1] or (), "an extern's"), returns, span=self._s(meta))

    def variant_decl(self, meta, items):
        when = next((i for i in items if isinstance(i, A.Expr)), None)
        return A.Variant(str(items[0]), _title(items), when, span=self._s(meta))

    def setting_decl(self, meta, items):   # `option handicap "Handicap stones": 0..9 = 0;`
        low, high, default = (i for i in items if _known_number(i))
        return A.Setting(str(items[0]), _title(items), low, high, default, span=self._s(meta))

    def record_bounded_enum_field(self, meta, items):
        """`col: column up to size;`: one of the enum's first members, as many as an option's value in each game
        (Go's lettered columns on a 9 x 9 board: A to J)."""
        _expect_word("record_bounded_enum_field", items[2], self._s(meta), field=items[0], enum=items[1])
        return A.FieldDecl(str(items[0]), str(items[1]), _pick(items, "default"), bound=str(items[3]), span=self._s(meta))

    def setting_listed(self, meta, items):   # `option size "Board size": 9 | 13 | 19 = 19;` (none listed: E538)
        values = next((i for i in items if isinstance(i, tuple)), ())
        default = next(i for i in reversed(items) if isinstance(i, int))
        return A.Setting(str(items[0]), _title(items), min(values, default=default), max(values, default=default),
                         default, values, span=self._s(meta))

    def setting_end(self, meta, items):
        """An option's low or high end or its default: a number as written (`-2` too), or a constant's name, which
        may come to a number below 0 here (`A.ConstNumber.signed`)."""
        if isinstance(items[0], int):
            return items[0]
        return A.ConstNumber(str(items[0]), signed=True, span=self._s(meta))

    def setting_values(self, meta, items):
        return tuple(items)

    def shortfall_decl(self, meta, items):   # SHORTFALL NAME "{" shortfall_raise? else_block? "}"
        raising = _pick(items, "raise")
        guard, options = raising if raising is not None else (None, ())
        return A.Shortfall(str(items[1]), guard, options, _pick(items, "else_block", ()), raising is not None,
                           span=self._s(meta))

    def shortfall_raise(self, meta, items):   # RAISE guard? "by" "{" option* "}"
        return _Marker("raise", (_pick(items, "guard"), tuple(i for i in items if isinstance(i, A.Option))))

    def amend_shortfall_decl(self, meta, items):   # "amend" SHORTFALL NAME "{" shortfall_raise_change? else_block? "}"
        raising = _pick(items, "raise")
        guard, changes = raising if raising is not None else (None, ())
        return A.ShortfallAmend(str(items[1]), guard, changes, _pick(items, "else_block", None), raising is not None,
                                span=self._s(meta))

    def shortfall_raise_change(self, meta, items):   # RAISE guard? "by" "{" option_change* "}"
        return _Marker("raise", (_pick(items, "guard"),
                                 tuple(i for i in items if isinstance(i, (A.Option, A.OptionRemoved)))))

    def remove_decl(self, meta, items):
        return A.Remove(str(items[0]), also=_pick(items, "also", None), span=self._s(meta))

    def extend_decl(self, meta, items):
        return A.Extend(items[0].value, str(items[1]), _block(items), span=self._s(meta))

    def amend_decl(self, meta, items):
        title = next((i for i in items if isinstance(i, _Title)), None)
        changes = A.Reaction.told_apart(tuple(
            (i.value if i.tag == "in_force" else self._game_part(i)) if isinstance(i, _Marker) else i for i in items[1:]
            if not isinstance(i, _Title) and not (isinstance(i, _Marker) and i.tag in ("copies", "also"))))
        return A.Amend(str(items[0]), changes, _title(items), self._title_parts(title), _known_copies(items, None),
                       also=_pick(items, "also", None), span=self._s(meta))

    def amend_also(self, meta, items):
        return _Marker("also", tuple(map(str, items)))

    def amend_effect_decl(self, meta, items):
        return A.Amend(str(items[0]), tuple(items[2:]), part=items[1], span=self._s(meta))

    def amend_enum_decl(self, meta, items):
        for m in items[1:]:
            if isinstance(m, A.EnumMember):
                self._named_member_values(m, ())
        return A.Amend(str(items[0]), tuple(i for i in items[1:] if isinstance(i, A.EnumMember)), _title(items),
                       also=_pick(items, "also", None), span=self._s(meta))   # (several enums: E573)

    @staticmethod
    def _game_part(marker: "_Marker") -> A.GamePart:
        """`seats A to B;` or `phase NAME { ... }` of an amended game, as the AST keeps it."""
        if marker.tag == "seats":
            low, high, roles, dealt, names, teams, span = marker.value
            return A.GamePart("seats", (low, high) + ((roles,) if roles else ()) + ((dealt,) if dealt else ()) +
                              ((("named", names),) if names else ()) + ((("teams", teams),) if teams else ()),
                              span=span)
        name, body, place, span = marker.value
        return A.GamePart(name, body, place[:2] if place else None, span=span)

    def choose_amend(self, meta, items):
        label = next((str(t) for t in items if isinstance(t, Token) and t.type == "NAME"), None)
        return A.ChooseAmend(_title(items), tuple(i for i in items if isinstance(i, (A.Option, A.OptionRemoved))),
                             self._prompt_parts(items), label, _pick(items, "secret"), span=self._s(meta))

    def choose_amend_words(self, meta, items):
        """An amended choose's `secret` (True) or `remove secret` (False); E583 for the word twice."""
        if len(items) > 1:
            removed = [isinstance(i, _Marker) for i in items]
            raise RulesError([Diagnostic(
                "E583", "'secret' is written twice in this amend of the choose"
                + (", once added and once removed" if len(set(removed)) > 1 else ""), self._s(meta),
                hint="write 'secret' to add it or 'remove secret' to take it away, once")])
        return _Marker("secret", not isinstance(items[0], _Marker))

    def choose_word_removed(self, meta, items):
        return _Marker("removed", items[-1])

    def pick_amend_words(self, meta, items):
        """What an amend writes after a pick's mode: the words it adds or removes (`with repeats`, `secret`,
        `always asked`, `remove secret`...) as {part: added}, and its `at random` (E583: a word twice)."""
        words = {}
        for item in items:
            if isinstance(item, _Marker) and item.tag == "at_random":
                continue
            removed = isinstance(item, _Marker) and item.tag == "removed"
            word = item.value if removed else item
            part = "secret" if isinstance(word, Token) else {"with_repeats": "repeats", "always_asked": "asked"}[word.tag]
            if part in words:
                written = {"secret": "secret", "repeats": "with repeats", "asked": "always asked"}[part]
                raise RulesError([Diagnostic(
                    "E583", f"'{written}' is written twice in this amend"
                    + (", once added and once removed" if words[part] == removed else ""), self._s(meta),
                    hint=f"write '{written}' to add it or 'remove {written}' to take it away, once")])
            words[part] = not removed
        return _Marker("amend_words", (words, _pick(items, "at_random", False)))

    def pick_word_removed(self, meta, items):
        return _Marker("removed", items[-1])

    def may_amend(self, meta, items):
        """`may ["prompt"] WORDS;` in an amend: a pick's words (`pick_amend_words`), of which a `may` takes
        `secret` and `always asked` alone (E569 at the amend for `with repeats` or `at random`); a block after
        them replaces its body, `else { ... }` its else."""
        items = _ended(items)
        words, random = _pick(items, "amend_words", ({}, False))
        wrong = ["with repeats"] * ("repeats" in words) + ["at random"] * random
        if wrong:
            raise RulesError([Diagnostic(
                "E569", f"a 'may' cannot take '{wrong[0]}': an amend of a 'may' adds or removes 'secret' or "
                "'always asked'", self._s(meta), "to change more, override the proc")])
        return A.MayAmend(_title(items), self._prompt_parts(items), secret=words.get("secret"),
                          asked=words.get("asked"), body=_pick(items, "block"),
                          otherwise=_pick(items, "else_change"), domain=_pick(items, "if_cond_change"),
                          where=_pick(items, "where"), span=self._s(meta))

    def pick_amend(self, meta, items):
        items = _ended(items)
        words, random = _pick(items, "amend_words", ({}, False))
        exactly = _pick(items, "exactly")
        limit = _pick(items, "up_to") if exactly is None else exactly
        label = _pick(items, "pick_label")
        least = _pick(items, "at_least")   # `at least M` (with `up to N` or alone): asked again, as a pick's
        return A.PickAmend(_title(items), _pick(items, "where"), _unquote(label) if label is not None else None,
                           say_parts(label, self.file) if label is not None else (),
                           any(isinstance(t, Token) and t.type == "OPTIONAL" for t in items), _pick(items, "guard"),
                           limit is not None or least is not None
                           or any(isinstance(t, Token) and t.type == "REPEATEDLY" for t in items),
                           limit, exactly is not None, self._prompt_parts(items),
                           next((str(t) for t in items if isinstance(t, Token) and t.type == "NAME"), None),
                           random, least, secret=words.get("secret"), asked=words.get("asked"),
                           repeats=words.get("repeats"), body=_pick(items, "block"),
                           otherwise=_pick(items, "else_change"), domain=_pick(items, "if_cond_change"),
                           distinct=_count_distinct(items, "_"),
                           span=self._s(meta))

    def amend_end(self, meta, items):   # `;`, or the blocks an amend of a pick or an `if` writes: its markers
        return _Marker("amend_end", tuple(items))

    def else_change(self, meta, items):
        return _Marker("else_change", items[0].value)

    def if_cond_change(self, meta, items):
        return _Marker("if_cond_change", items[0])

    def loop_repeat(self, meta, items):   # the keyword of a loop an amend names (`repeat as round { ... }`)
        return _Marker("loop_word", "repeat")

    def loop_while(self, meta, items):
        return _Marker("loop_word", "while")

    def loop_for_each(self, meta, items):
        return _Marker("loop_word", "for each")

    def loop_each(self, meta, items):
        return _Marker("loop_word", "each")

    def loop_amend(self, meta, items):   # `repeat as round ...`: found by its keyword and label
        return self._loop_amend(meta, items[0].value, items[-1].value, label=str(items[1]))

    def repeat_amend(self, meta, items):   # `repeat printed(rate) ...`: found by its keyword and head
        return self._loop_amend(meta, "repeat", items[-1].value, head=items[0])

    def while_amend(self, meta, items):
        return self._loop_amend(meta, "while", items[-1].value, head=items[0])

    def for_each_amend(self, meta, items):
        return self._loop_amend(meta, "for each", items[-1].value, head=items[1], var=str(items[0]))

    def each_amend(self, meta, items):
        return self._loop_amend(meta, "each", items[-1].value, head=items[0])

    def stable_amend(self, meta, items):   # `repeat until stable(a, b) ...`: found by its names
        word = items[0]
        _expect_word("stable_amend", word, _token_span(self.file, word))
        names = _pick(items, "stable_names", ())
        head = A.Call("stable", names, span=names[0].span if names else _token_span(self.file, word))
        return self._loop_amend(meta, "repeat", items[-1].value, head=head, until=True)

    def _loop_amend(self, meta, word: str, changes: list, label=None, head=None, var=None,
                    until: bool = False) -> A.LoopAmend:
        """A LoopAmend of the loop so found with what `loop_changes` writes: `to NEW`, `where NEW`, a block."""
        return A.LoopAmend(word, label, _pick(changes, "block"), head, var, _pick(changes, "if_cond_change"),
                           _pick(changes, "where"), until, span=self._s(meta))

    def loop_changes(self, meta, items):   # what an amend of a loop writes after the part that finds it
        return _Marker("loop_changes", list(items))

    def if_amend(self, meta, items):
        items = _ended(items)
        label = next((str(t) for t in items if isinstance(t, Token) and t.type == "NAME"), None)
        return A.IfAmend(None if label is not None else items[0], _pick(items, "if_cond_change"),
                         _pick(items, "block"), _pick(items, "else_change"), label, span=self._s(meta))

    def match_amend(self, meta, items):
        return A.MatchAmend(items[0], tuple(i for i in items[1:] if isinstance(i, (A.Arm, A.ArmRemoved, A.Case))),
                            span=self._s(meta))

    def case_change(self, meta, items):   # `VALUE = EXPR;` (`else = EXPR;`: no value) of an amended func's match
        value = items[0] if len(items) > 1 and isinstance(items[0], Token) else None
        values = () if value is None else \
            (A.Int(int(value), span=_token_span(self.file, value)) if value.type == "INT" else
             A.Name(str(value), span=_token_span(self.file, value)),)
        return A.Case(values, items[-1], span=self._s(meta))

    def arm_removed(self, meta, items):
        return A.ArmRemoved(next((i for i in items if type(i) is tuple), ()), span=self._s(meta))

    def slot_removed(self, meta, items):
        windows = _pick(items, "window_at")
        items = [i for i in items if not isinstance(i, _Marker)]
        zones = tuple(map(A.place_key, items[-1]))
        if str(items[0]) == "anytime":
            return A.SlotRemoved(A.Anytime.slot_name(zones, tuple(w.id for w in windows or ())), span=self._s(meta))
        if str(items[0]) == "modifier":
            return A.SlotRemoved(A.HeldModifier.slot_name(str(items[1]), zones), span=self._s(meta))
        subject = None   # `remove whenever anyone X in Z;` (a word that is no subject is kept: it names no reaction)
        if len(items) > 3:
            word = getattr(items[1], "id", "you")
            subject = A.subject_word(A.Pattern(items[1], "", ())) if word in SUBJECT_WORDS else word
        return A.SlotRemoved(A.Reaction.slot_name(str(items[-2]), zones), subject, span=self._s(meta))

    def option_removed(self, meta, items):
        return A.OptionRemoved(_title(items), span=self._s(meta))

    def standing_decl(self, meta, items):
        return A.Standing(items[0], span=self._s(meta))

    def players_decl(self, meta, items):
        roles, dealt = next((i.value for i in items if isinstance(i, _Marker) and i.tag == "seat_roles"),
                            (None, ""))
        names = _pick(items, "seat_names")
        counts = [item for item in items if _known_number(item)]  # `seats 2;`: one (a number or a constant's name)
        return _Marker("seats", (counts[0], counts[-1], roles, dealt, names, _pick(items, "seat_teams"),
                                 self._s(meta)))

    def seat_teams(self, meta, items):
        """`teams 2 alternating`, `teams of 2 alternating`, `teams of 2 adjacent` of a seats line: (the
        number of teams or, after `of`, of players a team, whether it is the size, the seating)."""
        word, size, seating = items
        _expect_word("seat_teams", word, _token_span(self.file, word))
        _expect_word("seat_teams alternating", seating, _token_span(self.file, seating))
        by_size = isinstance(size, _Marker)
        number = size.value if by_size else int(size)
        if number < 1:
            raise RulesError([Diagnostic("E100", "a game has at least one team, of at least one player",
                                         self._s(meta), hint="write 'teams 2 alternating' or 'teams of 2 adjacent'")])
        if str(seating) == "solo" and (by_size or number < 2):   # the first seat alone, against one team or more
            raise RulesError([Diagnostic(
                "E567", f"'teams {'of ' if by_size else ''}{number} solo': 'solo' sets the first seat alone against "
                        "the others, so it counts the teams, two or more (the lone seat's and the others')",
                self._s(meta), hint="write 'teams 2 solo' (one against all: Scotland Yard, Fury of Dracula)")])
        return _Marker("seat_teams", (number, by_size, str(seating)))

    def teams_of(self, meta, items):
        return _Marker("teams_of", int(items[0]))

    def seat_names(self, meta, items):
        """`named "A", "B", ...` of a seats line: each seat's name, in seat order (`named` is a word here)."""
        word = items[0]
        _expect_word("seat_names", word, self._s(meta))
        return _Marker("seat_names", tuple(A.Str(_unquote(t), (), span=_token_span(self.file, t))
                                           for t in items[1:] if isinstance(t, Token) and t.type == "STRING"))

    def owner(self, meta, items):
        """Whose stock a `gain`/`lose` names (`other(you).won`): the expression (a name, a call, or one in
        parentheses)."""
        return next(i for i in items if isinstance(i, A.Node))

    def gain_of(self, meta, items):
        nodes = [i for i in items if isinstance(i, A.Node)]
        name = next(t for t in items if isinstance(t, Token) and t.type == "NAME")
        return A.Gain(nodes[0], str(name), _pick(items, "tag"), _pick(items, "at"), owner=nodes[1],
                      span=self._s(meta))

    def lose_of(self, meta, items):
        nodes = [i for i in items if isinstance(i, A.Node)]
        name = next(t for t in items if isinstance(t, Token) and t.type == "NAME")
        return A.Lose(nodes[0], str(name), None, _pick(items, "at"), _pick(items, "tag"), owner=nodes[1],
                      span=self._s(meta))

    def seat_roles(self, meta, items):
        """`roles R1, R2, ...` of a seats line, and how they are dealt: "" (in seat order), "at random" (any of
        them) or "shuffled" (the first as many as seats, at random)."""
        names = tuple(A.Name(str(t), span=_token_span(self.file, t)) for t in items[1:] if isinstance(t, Token))
        dealt = next((t.tag for t in items if isinstance(t, _Marker) and t.tag in ("at_random", "shuffled")), "")
        return _Marker("seat_roles", (names, dealt.replace("_", " ")))

    def seat_shuffled(self, meta, items):
        _expect_word("seat_shuffled", items[0], _token_span(self.file, items[0]))
        return _Marker("shuffled", True)

    def role_decl(self, meta, items):
        """`role NAME "Title" { ... }`: a role (3.17); or, when its braces hold a card's values, effects or
        overrides in a zone (or it has `* N` or `for each`), a card of a pack's own `kind role`, as before."""
        body = tuple(i for i in items[2:] if isinstance(i, A.Node))
        card = any(isinstance(i, _Marker) and i.tag in ("copies", "each") for i in items) or any(
            isinstance(i, (A.FieldValue, A.FieldEffect)) and not A.role_own(i) for i in body)
        shared = next((i for i in items if isinstance(i, _Marker) and i.tag == "role_shared"), None)
        hidden = next((i for i in items if isinstance(i, Token) and i.type == "HIDDEN"), None)
        known = next((i for i in items if isinstance(i, _Marker) and i.tag == "role_known"), None)
        if card and (shared is not None or hidden is not None or known is not None):
            shared = shared or (_Marker("hidden", _token_span(self.file, hidden)) if hidden is not None else known)
            word = {"role_shared": "shared", "hidden": "hidden", "role_known": "known to holders"}[shared.tag]
            raise RulesError([Diagnostic(
                "E570", f"'{word}' on {items[1]!r}, a card of the "
                "pack's own kind 'role' (its braces hold a card's "
                "values, effects or a zone's overrides, or it has copies): only a role is held by a side", shared.value,
                "drop 'shared' (a card held by several players is a card with copies, '* N'), or make it a role: "
                "its state, procs, overrides and powers in its braces")])
        if card:
            return self.entity_decl(meta, [items[0]] + list(items[1:]))
        if known is not None and hidden is None:   # a side not hidden is seen by all: the words would promise a secret
            raise RulesError([Diagnostic(
                "E571", f"'known to holders' on role {items[1]!r}, which is not 'hidden': every player sees who holds "
                "it, not its holders alone", known.value,
                f"write 'role {items[1]} ... shared hidden known to holders {{ ... }}' for a secret side whose holders "
                "know each other (the spies), or drop the words: a side not hidden is known to all")])
        return A.Role(str(items[1]), _title(items), body, shared=shared is not None, hidden=hidden is not None,
                      known=known is not None, span=self._s(meta))

    def role_shared(self, meta, items):
        """`shared` after a role's name and title (a contextual word, read as a name)."""
        _expect_word("role_shared", items[0], _token_span(self.file, items[0]))
        return _Marker("role_shared", _token_span(self.file, items[0]))

    def role_known(self, meta, items):
        """`known to holders` after a role's `hidden` (two contextual words): its holders know each other."""
        _expect_word("role_known known", items[0], _token_span(self.file, items[0]))
        _expect_word("role_known holders", items[1], _token_span(self.file, items[1]))
        return _Marker("role_known", self._s(meta))

    # a role's reaction, modifier, anytime slot or option: a card's, in the role's own zone (its holder's alone)
    def role_reaction(self, meta, items):
        return self.reaction(meta, items[:2] + [self._role_zone(meta)] + items[2:])

    def role_modifier(self, meta, items):
        return self.held_modifier(meta, items[:2] + [self._role_zone(meta)] + items[2:])

    def role_anytime(self, meta, items):
        return self.anytime_slot(meta, items[:1] + [self._role_zone(meta)] + items[1:])

    def role_option(self, meta, items):
        return self.held_option(meta, items[:1] + [self._role_zone(meta)] + items[1:])

    def _role_zone(self, meta) -> tuple:
        """The zones of a role's slot: the role's own zone, which holds it for its holder (not written)."""
        return (A.Name(A.ROLE_ZONE, span=self._s(meta)),)

    def role_func(self, meta, items):
        decl = A.Func(str(items[1]), items[2] or (), items[-1], _pick(items, "returns"), span=self._s(meta))
        return A.HeldOverride(A.HeldOverride.slot_name(decl.name), (decl,), (), span=self._s(meta))

    def role_proc(self, meta, items):
        decl = A.Proc(str(items[1]), items[2] or (), _block(items), _pick(items, "returns"), span=self._s(meta))
        return A.HeldOverride(A.HeldOverride.slot_name(decl.name), (decl,), (), span=self._s(meta))

    def give_stmt(self, meta, items):
        return A.GiveRole(items[1], items[3], span=self._s(meta))

    def phase_decl(self, meta, items):
        place = items[1].value if isinstance(items[1], _Marker) and items[1].tag == "phase_place" else None
        return _Marker("phase", (str(items[0]), items[-1].value, place, self._s(meta)))

    def phase_place(self, meta, items):
        """`after canal_era` / `before final` of a named phase: where it runs among the game's phases."""
        return _Marker("phase_place", (items[0].value, str(items[1]), _token_span(self.file, items[1])))

    def winner_if(self, meta, items):
        return _Marker("winner_if", items[0])

    def winner_score(self, meta, items):
        if str(items[0]) != "score":
            raise RulesError([Diagnostic("E100", f"a cooperative game's score is 'score EXPR' (the team's score), "
                                         f"not '{items[0]} ...'", _token_span(self.file, items[0]))])
        return _Marker("winner_score", items[1])

    def winner_decl(self, meta, items):
        if _pick(items, "winner_score") is not None:
            raise RulesError([Diagnostic("E100", "a team score belongs to a cooperative game ('winner together "
                                         "score EXPR;'): 'winner most ...' scores each player by its keys",
                                         self._s(meta))])
        cond = _pick(items, "winner_if")
        tiebreaks = [item for item in items[2:] if not isinstance(item, _Marker)]
        return A.Winner(items[1], tuple(key for _order, key in tiebreaks), span=self._s(meta),
                        orders=(items[0].value,) + tuple(order for order, _key in tiebreaks), cond=cond,
                        draw=_pick(items, "winner_draw", False), by_team=_pick(items, "winner_by", False))

    def winner_by(self, meta, items):
        """`by team` after a winner's key: the teams are ranked, by the sum of their members' keys; `by team
        once`: by the key read once a team (its first member's), which its members share."""
        _expect_word("winner_by", items[0], _token_span(self.file, items[0]))
        return _Marker("winner_by", "once" if len(items) > 1 else True)

    def winner_draw(self, meta, items):
        return _Marker("winner_draw", True)

    def winner_together(self, meta, items):
        if str(items[0]) != "together":
            raise RulesError([_not_a_winner_line(self.file, items[0])])
        cond = _pick(items, "winner_if")
        if any(isinstance(item, _Marker) and item.tag == "winner_order" for item in items):   # both forms at once
            raise RulesError([Diagnostic("E100", "a cooperative game has no key to rank the players by: "
                                         "'winner together if CONDITION;', or 'winner most KEY;' for a game "
                                         "with a winner", self._s(meta))])
        score = _pick(items, "winner_score")
        if cond is None and score is None:
            raise RulesError([Diagnostic("E100", "a cooperative game says when the players win: 'winner together "
                                         "if CONDITION;', or what the team scored: 'winner together score EXPR;'",
                                         self._s(meta))])
        return A.Winner(None, (), span=self._s(meta), cond=cond, together=True, score=score)

    def game_decl(self, meta, items):
        phases = {"setup": (), "play": (), "final": ()}
        named: list = []   # the named phases (A.NamedPhase), in the order written
        seats = (0, 0)
        roles, dealt, names, teams = None, False, None, None
        winner = None
        given: dict[str, A.Span] = {}   # each phase, the seats and the winner line: where it is given
        twice, misplaced = [], []
        for item in items:
            part = (item.value[0] if isinstance(item, _Marker) and item.tag == "phase" else
                    "seats" if isinstance(item, _Marker) and item.tag == "seats" else
                    "winner" if isinstance(item, A.Winner) else None)
            if part is None:
                continue
            where = item.span if isinstance(item, A.Winner) else item.value[-1]
            if part == "seats":
                roles, dealt, names, teams = item.value[2:6]
            place = item.value[2] if isinstance(item, _Marker) and item.tag == "phase" else None
            if place is not None and part in ("setup", "play", "final"):
                raise RulesError([Diagnostic("E623", f"phase {part} is one of the three every game has: it runs where "
                                             f"it does, and 'after'/'before' puts a phase of the game's own", where,
                                             f"write 'phase {part} {{ ... }}', or give the new phase a name of its own")])
            if isinstance(item, _Marker) and item.tag == "phase" and place is None:
                unknown = unknown_phase(item.value[0], where)
                if unknown is not None:
                    raise RulesError([unknown])
            if part in given:   # the second would silently replace the first
                shown = f"the {part} line" if part in ("seats", "winner") else f"phase {part}"
                twice.append(Diagnostic("E215", f"{shown} is given twice in game {str(items[0])!r}: the second "
                                        "would replace the first", where,
                                        "write its steps in one block; a house pack changes a base's phase "
                                        "with 'amend game' or 'before'/'after'",
                                        notes=(f"first given at {given[part]}",)))
                continue
            given[part] = where
            if part == "seats":
                seats = item.value[:2]
            elif part == "winner":
                winner = item
            elif place is not None:   # kept in the order written: the order they run follows from the places
                wrong = misplaced_phase([p.name for p in named], part, place[:2], place[2])
                if wrong is not None:
                    misplaced.append(wrong)
                named.append(A.NamedPhase(part, item.value[1], place[:2], span=where))
            else:
                phases[part] = item.value[1]
        if twice or misplaced:
            raise RulesError(twice + misplaced)
        return A.Game(str(items[0]), _title(items), seats[0], seats[1], phases["setup"],
                      phases["play"], phases["final"], winner, roles if "seats" in given else None,
                      dealt if roles else "", names if "seats" in given else None, teams=teams,
                      phases=tuple(named) or None, span=self._s(meta))

    # -------------------------------------------------------------- statements
    def gain_stmt(self, meta, items):
        return A.Gain(items[0], str(items[1]), _pick(items, "tag"), _pick(items, "at"), span=self._s(meta))

    def gain_on(self, meta, items):
        return A.Gain(items[0], str(items[1]), _pick(items, "tag"), on=items[3], span=self._s(meta))

    def lose_on(self, meta, items):
        return A.Lose(items[0], str(items[1]), None, tag=_pick(items, "tag"), on=items[3], span=self._s(meta))

    def lose_on_to(self, meta, items):
        return A.Lose(items[0], str(items[1]), None, to=items[-1], on=items[3], span=self._s(meta))

    def cost_on(self, meta, items):
        return A.CostTerm(items[0], "on", str(items[1]), source=items[3], span=self._s(meta))

    def gain_each(self, meta, items):
        return A.GainEach(items[0], _pick(items, "tag"), span=self._s(meta))

    def gain_any(self, meta, items):
        return A.GainAny(items[0], str(items[2]), span=self._s(meta))

    def lose_stmt(self, meta, items):
        return A.Lose(items[0], str(items[1]), _pick(items, "debt"), _pick(items, "at"), _pick(items, "tag"),
                      span=self._s(meta))

    def shift_stmt(self, meta, items):   # SHIFT amount NAME [at] NAME [at] (an index left out: E312 or E436)
        at, dest_at = (i.value if i is not None else None for i in (items[3], items[5]))
        return A.Shift(items[1], str(items[2]), at, str(items[4]), dest_at, span=self._s(meta))

    def take_stmt(self, meta, items):   # TAKE value "from" list
        rest = [i for i in items if not isinstance(i, Token)]
        return A.Take(rest[0], rest[1], span=self._s(meta))

    def swap_stmt(self, meta, items):   # SWAP zone "with" zone swap_unseen?
        rest = [i for i in items if not isinstance(i, Token)]
        return A.Swap(rest[0], rest[1], unseen=len(rest) > 2, span=self._s(meta))

    def swap_unseen(self, meta, items):   # NAME: `unseen`
        _expect_word("swap_unseen", items[0], self._s(meta))
        return _Marker("swap_unseen", True)

    def pass_stmt(self, meta, items):   # PASS zone "to" player
        rest = [i for i in items if not isinstance(i, Token)]
        return A.PassOn(rest[0], rest[1], span=self._s(meta))

    def deal_stmt(self, meta, items):   # DEAL (all | count) "of" zone "to" zone ["from" player] [K at a time] [as (P, C) { }]
        each = _pick(items, "deal_each", (None, None, None))
        count, source, dest, *start = [i for i in items[1:] if not isinstance(i, _Marker)]
        if isinstance(count, A.Name) and count.id == "all":
            count = None   # `deal all of`: a local named `all` cannot be dealt as a count (it reads as the word)
        return A.Deal(count, source, dest, start[0] if start else None, *each, packet=_pick(items, "deal_packets"),
                      span=self._s(meta))

    def deal_packets(self, meta, items):   # K "at" a time
        packet, a, time = items[0], items[-2], items[-1]
        _expect_word("deal_packets a", a, _token_span(self.file, a))
        _expect_word("deal_packets time", time, _token_span(self.file, time))
        if type(packet) is int:   # an expression, as a deal's count is (a constant's name reads as one)
            packet = A.Int(packet, span=self._s(meta))
        elif type(packet) is A.ConstNumber:
            packet = A.Name(packet.name, span=packet.span)
        return _Marker("deal_packets", packet)

    def deal_each(self, meta, items):
        receiver, card = [str(i) for i in items if isinstance(i, Token) and i.type == "NAME"]
        return _Marker("deal_each", (receiver, card, _block(items)))

    def share_stmt(self, meta, items):   # SHARE amount NAME among players [odd to player]
        _share, amount, resource, among, players = items[:5]
        _expect_word("share_stmt among", among, self._s(meta))
        odd = None
        if len(items) > 5:
            _expect_word("share_stmt odd", items[5], self._s(meta))
            odd = items[6]
        return A.Share(amount, str(resource), players, odd, span=self._s(meta))

    def split_stmt(self, meta, items):   # SPLIT zone into count piles as PILE block
        _split, zone, into, count, piles, pile = items[:6]
        _expect_word("split_stmt into", into, self._s(meta))
        _expect_word("split_stmt piles", piles, self._s(meta))
        return A.Split(zone, count, str(pile), _block(items), span=self._s(meta))

    def lose_to(self, meta, items):
        return A.Lose(items[0], str(items[1]), None, _pick(items, "at"), to=items[-1], span=self._s(meta))

    def lose_random(self, meta, items):
        amount, _any, group, word = items[:4]
        to = items[-1] if len(items) > 4 and isinstance(items[-1], A.Expr) else None   # after the `to` token
        self.at_random(meta, [word])   # `at random`, or E100
        return A.LoseRandom(amount, str(group), to, span=self._s(meta))

    def cost(self, meta, items):
        alts = _split_or([i for i in items if isinstance(i, tuple)])
        terms = alts[0] if len(alts) == 1 else \
            (A.CostTerm(A.Int(1, span=self._s(meta)), "or", None, alternatives=tuple(
                A.CostAlt(a, span=_join(a[0].span, a[-1].span)) for a in alts), span=self._s(meta)),)
        trade = _pick(items, "trading")
        return (trade,) + terms if trade is not None else terms   # (the exchange first, where `pay` finds it)

    def cost_alt(self, meta, items):
        return tuple(items)

    def trading(self, meta, items):
        _word, amount, _any, group, per = items
        if not (type(per) is A.Int and per.value == 1):
            raise RulesError([Diagnostic("E407", "an exchange pays 1 unit of a resource with several of its group: "
                                         "write 'as 1'", per.span,
                                         hint="'trading 2 any(food) as 1': any 2 food may be paid as 1 food")])
        return _Marker("trading", A.CostTerm(amount, "trade", str(group), span=self._s(meta)))

    def cost_plain(self, meta, items):
        return A.CostTerm(items[0], "plain", str(items[1]), _pick(items, "at"), span=self._s(meta))

    def cost_worth(self, meta, items):
        amount, base, word = items[:3]
        _expect_word("cost_worth", word, self._s(meta))
        subs = tuple(item for item in items[3:] if isinstance(item, A.Substitute))
        return A.CostTerm(amount, "worth", str(base), substitutes=subs, span=self._s(meta))

    def substitute(self, meta, items):
        name, word, rate = items
        _expect_word("substitute", word, self._s(meta), name=name)
        return A.Substitute(str(name), rate, span=self._s(meta))

    def cost_cards(self, meta, items):
        amount, word, source, exclude, keep, alike, wild, dest = items
        _expect_word("cost_cards", word, self._s(meta))   # `cards` stays free as a name everywhere else
        alike, different = alike if alike is not None else (None, False)
        return A.CostTerm(amount, "cards", None, None, source, exclude, dest, keep.value if keep is not None else None,
                          alike=alike, wild=wild, different=different, span=self._s(meta))

    def alike_by(self, meta, items):   # `alike by colour`: the field read of each card, as `it.colour` (where `it` is)
        name = items[-1]
        at = self._s(meta)
        field_at = A.Span(at.file, name.line, name.column, name.end_line, name.end_column) \
            if getattr(name, "line", None) is not None else at
        return A.Attr(A.Name("it", span=field_at), str(name), span=field_at), items[0].type == "DIFFERENT"

    def wild(self, meta, items):
        return items[-1]

    def cost_except(self, meta, items):
        word, card = items
        _expect_word("cost_except", word, self._s(meta))
        return card

    def cost_any(self, meta, items):
        return A.CostTerm(items[0], "any", str(items[2]) if items[2] is not None else None,
                          span=self._s(meta))

    def cost_held(self, meta, items):
        nodes = [i for i in items if isinstance(i, A.Node)]
        name = next(t for t in items if isinstance(t, Token) and t.type == "NAME")
        return A.CostTerm(nodes[0], "held", str(name), source=nodes[1], span=self._s(meta))

    def cost_each(self, meta, items):
        return A.CostTerm(items[0], "each", None, span=self._s(meta))

    def cost_different(self, meta, items):
        return A.CostTerm(items[0], "different", str(items[2]), span=self._s(meta))

    def pay_stmt(self, meta, items):
        return A.Pay(items[0], _pick(items, "tag"), announce=_pick(items, "announce", False), span=self._s(meta))

    def announce(self, meta, items):
        return _Marker("announce", True)

    def tag(self, meta, items):
        return _Marker("tag", A.Tag(str(items[0]), items[1] or () if len(items) > 1 else (), span=self._s(meta)))

    def lasting(self, meta, items):
        return _Marker("lasting", items[0])

    def adjust_cost(self, meta, items):
        term = items[1]
        if term.mode == "plain" and term.name in CARD_WORDS and term.index is None:   # `cost -1 cards;`
            term = A.CostTerm(term.amount, "cards", None, span=term.span)
        return A.Adjust("cost", str(items[0]), (term,), None, span=self._s(meta))

    def adjust_using(self, meta, items):
        base, word = items[:2]
        _expect_word("adjust_using", word, self._s(meta), base=base)
        subs = tuple(item for item in items[2:] if isinstance(item, A.Substitute))
        # the amount is no word of the file (spanning the line, it hid the resource's name from the editor's index)
        term = A.CostTerm(A.Int(0), "worth", str(base), substitutes=subs, span=self._s(meta))
        return A.Adjust("cost", "using", (term,), None, span=self._s(meta))

    def replace_cost(self, meta, items):
        return A.Adjust("cost", "=", items[0], None, span=self._s(meta))

    def adjust_gain(self, meta, items, what="gain"):
        return A.Adjust(what, str(items[0]), (), items[1], span=self._s(meta))

    def replace_gain(self, meta, items, what="gain"):
        return A.Adjust(what, "=", (), items[0], span=self._s(meta))

    def adjust_value(self, meta, items):
        return A.Adjust("value", str(items[1]), (), items[2], span=self._s(meta))

    def replace_value(self, meta, items):
        return A.Adjust("value", "=", (), items[1], span=self._s(meta))

    def adjust_lose(self, meta, items):
        return self.adjust_gain(meta, items, "lose")

    def replace_lose(self, meta, items):
        return self.replace_gain(meta, items, "lose")

    def permission(self, meta, items):
        return A.Adjust(str(items[0]), "", (), None, span=self._s(meta))

    def modifier_stmt(self, meta, items):
        if isinstance(items[0], Token) and items[0].type == "MODIFIER":   # (the word a card's modifier shares)
            items = items[1:]
        once = any(isinstance(t, Token) and t.type == "ONCE" for t in items)
        return A.Modifier(items[0], once, _pick(items, "until"), _pick(items, "lasting"),
                          tuple(i for i in items if isinstance(i, A.Adjust)), _pick(items, "asking"),
                          _pick(items, "consequence"), span=self._s(meta))

    def asking(self, meta, items):
        """`optional ["question"]` (7.7d): the question ("" when none is written)."""
        text = next((i for i in items if isinstance(i, Token) and i.type == "STRING"), None)
        return _Marker("asking", _unquote(text) if text is not None else "")

    def consequence(self, meta, items):
        """`then { ... }` (7.7d): its statements."""
        return _Marker("consequence", items[0].value)

    def advance_stmt(self, meta, items):
        no_benefit = any(isinstance(t, Token) and t.type == "NO_BENEFIT" for t in items)
        paying = any(isinstance(t, Token) and t.type == "PAYING" for t in items)
        no_bonus = any(isinstance(t, Token) and t.type == "NO_BONUS" for t in items)
        no_reward = any(isinstance(t, Token) and t.type == "NO_REWARD" for t in items)
        return A.Advance(str(items[0]), _pick(items, "by"), not no_benefit, paying, not no_bonus, not no_reward,
                         span=self._s(meta))

    def reactivate_stmt(self, meta, items):
        no_bonus = any(isinstance(t, Token) and t.type == "NO_BONUS" for t in items)
        return A.Reactivate(str(items[0]), not no_bonus, _pick(items, "on_space"), span=self._s(meta))

    def bonus_stmt(self, meta, items):
        paying = any(isinstance(t, Token) and t.type == "PAYING" for t in items)
        return A.Bonus(str(items[0]), paying, _pick(items, "on_space"), span=self._s(meta))

    def add_marker(self, meta, items):
        return A.Marker(str(items[0]), True, _pick(items, "on_space"), span=self._s(meta))

    def remove_marker(self, meta, items):
        return A.Marker(str(items[0]), False, _pick(items, "on_space"), span=self._s(meta))

    def on_space(self, meta, items):
        return _Marker("on_space", items[0])

    def regress_stmt(self, meta, items):
        return A.Regress(str(items[0]), _pick(items, "by"), span=self._s(meta))

    def option(self, meta, items):
        return A.Option(_title(items), _pick(items, "guard"), _block(items), _pick(items, "once", False),
                        self._prompt_parts(items), _pick(items, "rest"), _pick(items, "limit"), span=self._s(meta))

    def once_mark(self, meta, items):
        return _Marker("once", True)

    def option_limit(self, meta, items):
        return _Marker("limit", str(items[0]))

    def choose_stmt(self, meta, items):
        return A.Choose(_title(items), tuple(i for i in items if isinstance(i, A.Option)),
                        _pick(items, "any_order", False), self._prompt_parts(items), _pick(items, "loop_label"),
                        secret=_secret(items), span=self._s(meta))

    def open_choose(self, meta, items):
        """`choose ... as LABEL open { ... }`: cards add options to it (dsl.ast.HeldOption)."""
        return A.replace(self.choose_stmt(meta, items), open=True)

    def any_order(self, meta, items):
        word = items[-1]
        _expect_word("any_order", word, self._s(meta))
        return _Marker("any_order", True)

    def may_stmt(self, meta, items):
        repeated = any(isinstance(t, Token) and t.type == "REPEATEDLY" for t in items)
        return A.May(_title(items), _pick(items, "paid"), _block(items), _pick(items, "tag"),
                     _pick(items, "guard"), _pick(items, "else_block", ()), repeated, self._prompt_parts(items),
                     secret=_secret(items), span=self._s(meta))

    def else_block(self, meta, items):
        return _Marker("else_block", items[0].value)

    def repeat_stmt(self, meta, items):
        return A.Repeat(items[0], _block(items), _pick(items, "loop_label"), span=self._s(meta))

    def repeat_stable(self, meta, items):
        word = items[0]
        _expect_word("repeat_stable", word, _token_span(self.file, word))
        return A.RepeatStable(_pick(items, "stable_names", ()), _block(items), _pick(items, "loop_label"),
                              span=self._s(meta))

    def stable_names(self, meta, items):
        return _Marker("stable_names", tuple(A.Name(str(t), span=_token_span(self.file, t)) for t in items))

    def loop_label(self, meta, items):
        return _Marker("loop_label", str(items[0]))

    def settled(self, meta, items):
        return _Marker("settled", True)

    def for_stmt(self, meta, items):
        return A.ForEach(str(items[0]), items[1], _pick(items, "where"), _block(items),
                         _pick(items, "any_order", False), _title(items), self._prompt_parts(items), _pick(items, "loop_label"),
                         any(isinstance(t, Token) and t.type == "ALIKE" for t in items), span=self._s(meta))

    def each_stmt(self, meta, items):
        return A.Each(items[0], _pick(items, "where"), _arm_body(items[-1]), _pick(items, "loop_label"),
                      settled=_pick(items, "settled", False), span=self._s(meta))

    def if_stmt(self, meta, items):
        label = _pick(items, "loop_label")
        rest = [i for i in items[1:] if not (isinstance(i, _Marker) and i.tag == "loop_label")]
        otherwise = ()
        if len(rest) > 1:
            otherwise = rest[1].value if isinstance(rest[1], _Marker) else (rest[1],)
        return A.If(items[0], rest[0].value, otherwise, label, span=self._s(meta))

    def match_stmt(self, meta, items):
        arms = tuple(i for i in items[1:] if isinstance(i, A.Arm) and i.values)
        otherwise = next((i.body for i in items[1:] if isinstance(i, A.Arm) and not i.values), None)
        return A.MatchStmt(items[0], arms, otherwise, span=self._s(meta))

    def match_branch(self, meta, items):
        return A.Arm(items[0], _arm_body(items[-1]), span=self._s(meta))

    def match_cases(self, meta, items):
        """The cases of an arm of either `match`, as a tuple."""
        return tuple(i for i in items if isinstance(i, A.Expr))

    def range_from(self, meta, items):
        """`A..` as a case: every number from A up."""
        return A.Range(items[0], None, span=self._s(meta))

    def match_otherwise(self, meta, items):
        """`else` of a match statement, as an arm without values (the match keeps its body apart; an
        amended match replaces its else arm with it)."""
        return A.Arm((), _arm_body(items[-1]), span=self._s(meta))

    def local_type(self, meta, items):
        """(TYPE, ITEM or None, the kinds joined with `or` after them): `zone of card or joker` is ("zone", "card",
        ("joker",))."""
        return (items[0], _pick(items, "element_of"),
                tuple(i.value for i in items[1:] if isinstance(i, _Marker) and i.tag == "param_kind"))

    def let_stmt(self, meta, items):
        items = _valued(items)
        typed, of, more = items[1] if len(items) == 3 else (None, None, ())
        if typed == "zone" and of is not None:   # `let z: zone of card = ...`: kept as one text, as a parameter's
            typed, of = _or_kinds(f"zone of {of}", items[1]), None
        elif more and of is not None:   # (`list of card or joker`, as a parameter's: the item's text)
            of = _or_kinds(of, items[1])
        elif more:   # `let c: chameleon or joker = ...`
            typed = _or_kinds(typed, items[1])
        self._only_a_list(meta, typed, of, f"write 'let {items[0]}: list of {of} = ...;' or 'let {items[0]}: {typed} = ...;'")
        return A.Let(str(items[0]), items[-1], typed, of, span=self._s(meta))

    def set_stmt(self, meta, items):
        items = _valued(items)
        target, value, index = items[0], items[1], None
        brackets, inner = [], target
        while isinstance(inner, A.Index):   # `set wall[r][c] = ...`, `set built[r, c][l] = ...`
            brackets.insert(0, inner.index)
            inner = inner.obj
        if len(brackets) > 1 and isinstance(inner, (A.Name, A.Attr)):
            from .printer import expr as _printed
            raise RulesError([Diagnostic("E100", "a grid's element takes its indexes in one pair of brackets: "
                                         f"set {_printed(inner)}[{', '.join(map(_printed, brackets))}] = ...;",
                                         target.span)])
        if isinstance(target, A.Index) and isinstance(target.obj, (A.Name, A.Attr)):
            target, index = target.obj, target.index   # `set votes[f] = ...`: an indexed counter's element
        if isinstance(target, A.Name):
            return A.SetName(target.id, value, index, span=self._s(meta))
        if isinstance(target, A.Attr):
            return A.SetAttr(target.obj, target.name, value, index, span=self._s(meta))
        raise RulesError([Diagnostic("E100", "'set' changes a name (a counter, a variable, a local), a field "
                                     "(p.name, card.name) or an indexed counter (votes[f]), not this",
                                     target.span, hint="set NAME = VALUE;")])

    def call_stmt(self, meta, items):
        return A.CallStmt(str(items[0]), items[1] or (), span=self._s(meta))

    def draw_stmt(self, meta, items, name=None):
        dest, top = _pick(items, "into") or (None, False)
        return A.Draw(items[0], items[1], dest, _pick(items, "where"), top, name, span=self._s(meta))

    def let_draw(self, meta, items):   # `let took = draw 1 from deck to revealed;`: the cards drawn
        return self.draw_stmt(meta, items[1:], str(items[0]))

    def let_draw_one(self, meta, items):   # `let c = draw one from deck to hand;`: the card drawn, or none
        one = next(t for t in items if isinstance(t, Token) and t.type == "ONE")
        rest = [i for i in items[1:] if i is not one]
        dest, top = _pick(rest, "into")
        return A.Draw(A.Int(1, span=_token_span(self.file, one)), rest[0], dest, _pick(rest, "where"), top,
                      str(items[0]), single=True, span=self._s(meta))

    def draw_until(self, meta, items):   # `draw from deck to hand until size(hand) >= 7 each c { ... }`
        exprs = [i for i in items if not isinstance(i, (Token, _Marker))]
        count = exprs[0] if len(exprs) == 3 else None
        dest, top = _pick(items, "into")
        var, body = _pick(items, "draw_each", (None, None))
        return A.Draw(count, exprs[-2], dest, _pick(items, "where"), top, None, exprs[-1], var, body,
                      span=self._s(meta))

    def draw_each(self, meta, items):
        return _Marker("draw_each", (str(items[0]), _block(items)))

    def move_stmt(self, meta, items):
        top = any(isinstance(t, Token) and t.type == "TOP" for t in items)
        bottom = any(isinstance(t, Token) and t.type == "BOTTOM" for t in items)
        rest = [i for i in items if not isinstance(i, (Token, _Marker))]
        depth, depth_from = self._depth(items, top or bottom)
        known = _pick(items, "move_known")
        if known is None:
            return A.Move(rest[0], rest[1], top, bottom=bottom, depth=depth, depth_from=depth_from,
                          span=self._s(meta))
        end = depth_from or ("top" if top else "bottom" if bottom else "")   # `known`: counted from the end written
        return A.Move(rest[0], rest[1], top, end, known[0], depth=depth, depth_from=depth_from, span=self._s(meta))

    @staticmethod
    def _depth(items: list, end_written: bool) -> tuple:
        """A move's `at N from top|bottom` as (N, "top" or "bottom"), (None, None) without one; E671 after `to top of`
        or `to bottom of`, which already say where the items go."""
        depth = _pick(items, "move_depth")
        if depth is None:
            return None, None
        if end_written:
            raise RulesError([Diagnostic("E671", "'to top of' or 'to bottom of' with 'at N from ...': the move says "
                                         "twice where the item goes", depth[2],
                                         hint=f"write 'to ZONE at N from {depth[1]}' (the Nth from that end), or "
                                              "'to top of ZONE' alone")])
        return depth[0], depth[1]

    def move_depth(self, meta, items):   # "at" N "from" (TOP | BOTTOM)
        end = next(t for t in items if isinstance(t, Token) and t.type in ("TOP", "BOTTOM"))
        return _Marker("move_depth", (items[0], str(end), self._s(meta)))

    def move_known(self, meta, items):
        return _Marker("move_known", (_pick(items, "reveal_to"),))

    def move_all_stmt(self, meta, items):
        word = items[0]
        _expect_word("move_all_stmt", word, self._s(meta))
        top = any(isinstance(t, Token) and t.type == "TOP" for t in items)
        bottom = any(isinstance(t, Token) and t.type == "BOTTOM" for t in items)
        rest = [i for i in items[1:] if not isinstance(i, (Token, _Marker))]
        depth, depth_from = self._depth(items, top or bottom)
        return A.MoveAll(rest[0], rest[1], top, _pick(items, "where"), bottom=bottom, depth=depth,
                         depth_from=depth_from, span=self._s(meta))

    def set_aside_stmt(self, meta, items):
        back = _pick(items, "into")   # `then to [top of] ZONE`: (the zone, whether to its top)
        rest = [i for i in items if not isinstance(i, (Token, _Marker))]
        return A.SetAside(rest[0], _pick(items, "until"), *(back or (None, False)), span=self._s(meta))

    def set_aside_all(self, meta, items):
        word = next(t for t in items if isinstance(t, Token) and t.type == "NAME")
        _expect_word("set_aside_all", word, self._s(meta))
        back = _pick(items, "into")
        rest = [i for i in items if not isinstance(i, (Token, _Marker))]
        return A.SetAside(rest[0], _pick(items, "until"), *(back or (None, False)), True, _pick(items, "where"),
                          span=self._s(meta))

    def aside_back(self, meta, items):
        return items[0]

    def while_stmt(self, meta, items):
        return A.While(items[0], _block(items), _pick(items, "loop_label"), span=self._s(meta))

    def shuffle_stmt(self, meta, items):
        return A.Shuffle(items[0], span=self._s(meta))

    def reset_stmt(self, meta, items):
        # the field names (plain strings), then the NAME after `of` (a token) when there is one
        kind = next((str(t) for t in items[1:] if isinstance(t, Token)), None)
        names = tuple(n for n in items[1:] if n is not None and not isinstance(n, Token))
        return A.Reset(names, kind, span=self._s(meta))

    def fill_stmt(self, meta, items):
        kind = str(items[1]) if len(items) > 1 and isinstance(items[1], Token) else None   # `fill market;`
        return A.Fill(items[0], kind, _pick(items, "where"), span=self._s(meta))

    def flip_stmt(self, meta, items):
        return A.Flip(items[0], span=self._s(meta))

    def roll_stmt(self, meta, items):
        return A.Roll(str(items[0]), span=self._s(meta))

    def roll_all_stmt(self, meta, items):
        word = items[0]
        _expect_word("roll_all_stmt", word, self._s(meta))
        return A.Roll(None, source=items[1], where=_pick(items, "where"), span=self._s(meta))

    def let_pick(self, meta, items):   # `let n = pick c from hand ... repeatedly { ... };`: how many were picked
        return A.replace(items[1], count=str(items[0]), span=self._s(meta))

    def let_pay(self, meta, items):
        return A.Pay(items[1], _pick(items, "tag"), str(items[0]), _pick(items, "announce", False), span=self._s(meta))

    def let_roll(self, meta, items):
        return A.Roll(str(items[1]), str(items[0]), span=self._s(meta))

    def let_roll_many(self, meta, items):
        return A.Roll(str(items[2]), str(items[0]), count=items[1], span=self._s(meta))

    def event_name(self, meta, items):
        return str(items[0])

    def pattern_arg(self, meta, items):
        return A.PatternArg(str(items[0]), items[1], span=self._s(meta))

    def pattern_is(self, meta, items):
        """`played(c is silver)`: the argument is (a copy of) a declaration, or of a kind."""
        return A.PatternArg(str(items[0]), A.IsKind(None, str(items[1]), span=self._s(meta)), span=self._s(meta))

    def pattern_element(self, meta, items):
        """`gain(warriors[c])`: the counter's element, each index a name it binds or a value it must be."""
        parts = [i for i in items[1:] if not isinstance(i, Token)]
        index = parts[0] if len(parts) == 1 else A.Pair(tuple(parts), span=self._s(meta))
        counter = A.Name(str(items[0]), span=_token_span(self.file, items[0]))
        return A.PatternArg("res", A.Index(counter, index, span=self._s(meta)), True, span=self._s(meta))

    def pattern_whole(self, meta, items):
        """`gain(warriors)`: any element of the counter (or the counter itself)."""
        return A.PatternArg("res", A.Name(str(items[0]), span=self._s(meta)), True, span=self._s(meta))

    def pattern_side(self, meta, items):   # NAME, or NAME [ indexes ]: an element or the whole counter
        parts = [i for i in items[1:] if i is not None and not isinstance(i, Token)]
        counter = A.Name(str(items[0]), span=_token_span(self.file, items[0]))
        if not parts:
            return counter
        index = parts[0] if len(parts) == 1 else A.Pair(tuple(parts), span=self._s(meta))
        return A.Index(counter, index, span=self._s(meta))

    def pattern_shift(self, meta, items):
        """`shift(warriors[a] to warriors[c])`: the source (`res`) and destination (`dest`) elements."""
        return [A.PatternArg("res", items[0], True, span=items[0].span),
                A.PatternArg("dest", items[1], True, span=items[1].span)]

    def pattern_args(self, meta, items):
        return tuple(a for i in items for a in (i if isinstance(i, list) else [i]))

    def pattern(self, meta, items):
        subject = next((i for i in items if isinstance(i, (A.You, A.Name))), None)
        event = next(i for i in items if isinstance(i, str))
        args = next((i for i in items if isinstance(i, tuple)), ())
        if event == "set":   # `set(pawn)`, `set(at[c])`: the variable set, its argument `name` (not a gain's `res`)
            args = tuple(A.replace(a, name="name") if a.element else a for a in args)
        return A.Pattern(subject, event, args, span=self._s(meta))

    def whenever_stmt(self, meta, items):
        once = items[0].type == "NEXT"
        if once and _pick(items, "rest") is not None:
            raise RulesError([Diagnostic("E100", "'next' fires once and is gone: 'once per' is for 'whenever'",
                                         self._s(meta), hint="write 'whenever EVENT once per EVENT { ... }' for "
                                         "a trigger that fires at most once in each period")])
        return A.Whenever(once, items[1], _pick(items, "until"), _block(items), _pick(items, "lasting"),
                          _pick(items, "rest"), span=self._s(meta))

    def rest(self, meta, items):
        _once, word, pattern = items
        _expect_word("rest", word, self._s(meta))
        return _Marker("rest", pattern)

    def emit_stmt(self, meta, items):
        return A.Emit(str(items[0]), items[1] or (), span=self._s(meta))

    def copy_stmt(self, meta, items):
        return A.Copy(*_slot_ref(items[0]), span=self._s(meta))

    def copy_named(self, meta, items):   # `copy c.demand(by = you);`: the arguments by name (A.FieldValue)
        ref = A.Attr(items[0], str(items[1]), span=_attr_span(items[0], str(items[1])))
        return A.Copy(ref, tuple(items[2:]), span=self._s(meta))

    def copy_with(self, meta, items):   # `copy this.answer with it;`: the event's arguments, by name
        ref, args = _slot_ref(items[0])
        return A.Copy(ref, args, with_event=str(items[1]), span=self._s(meta))

    def once_stmt(self, meta, items):
        return A.Once(_block(items), span=self._s(meta))

    def hold_stmt(self, meta, items):   # HOLD zone block
        return A.Hold(items[1], _block(items), span=self._s(meta))

    def tagged_stmt(self, meta, items):
        return A.Tagged(items[0].value, _arm_body(items[-1]), span=self._s(meta))

    def rank_stmt(self, meta, items):
        rest = [i for i in items if not isinstance(i, _Marker)]
        return A.Rank(rest[0], _pick(items, "where"), rest[1], rest[2], str(rest[3]), _pick(items, "ties", "split"),
                      span=self._s(meta))

    def pick_stmt(self, meta, items):
        blind = None
        if isinstance(items[1], _Marker):   # `pick t from market or blind train_deck`: the zone's unseen top card too
            self._blinds.remove(items[1])
            (domain, blind), items = items[1].value, list(items)
            items[1] = domain
        elif type(items[1]) is A.Binary and items[1].op == "or" and type(items[1].right) is A.Name \
                and items[1].right.id == "blind":   # `pick c from row or blind {`: no zone
            raise RulesError([_blind_without_zone(items[1].right)])
        optional = any(isinstance(t, Token) and t.type == "OPTIONAL" for t in items)
        exactly = _pick(items, "exactly")
        limit = _pick(items, "up_to") if exactly is None else exactly
        compulsory = any(isinstance(t, Token) and t.type == "REPEATED" for t in items)   # `repeated`: no "none"
        repeated = limit is not None or any(isinstance(t, Token) and t.type == "REPEATEDLY" for t in items) \
            or _pick(items, "at_least") is not None or _pick(items, "budget") is not None or compulsory
        longest = _pick(items, "longest")   # `longest [, then highest KEY]`: (the key, whether lowest)
        label = _pick(items, "pick_label")
        return A.Pick(str(items[0]), items[1], _pick(items, "where"), _title(items), _block(items), optional,
                      _pick(items, "else_block", ()), repeated, limit, self._prompt_parts(items),
                      _unquote(label) if label is not None else None,
                      say_parts(label, self.file) if label is not None else (), exactly is not None,
                      _pick(items, "guard"), _pick(items, "at_random", False), _pick(items, "loop_label"),
                      *_pick(items, "pick_best", (None, False)),
                      any(isinstance(t, Token) and t.type == "ALIKE" for t in items),
                      least=_pick(items, "at_least"), **dict(zip(("budget", "cost"), _pick(items, "budget", ()))),
                      blind=blind, declined=_pick(items, "declined"), compulsory=compulsory,
                      longest=longest is not None, longest_key=longest[0] if longest else None,
                      longest_lowest=longest[1] if longest else False, secret=_secret(items),
                      asked=_pick(items, "always_asked", False),
                      repeats=_pick(items, "with_repeats", False), distinct=_count_distinct(items, str(items[0])),
                      **dict(zip(("claim_key", "claim_from"), _pick(items, "best_claim", ()))), span=self._s(meta))

    def best_claim(self, meta, items):
        """`best by KEY [ties by seat from P]`: (KEY, P or None)."""
        rest = [i for i in items[1:] if not isinstance(i, Token)]
        return _Marker("best_claim", (rest[0], rest[1] if len(rest) > 1 else None))

    def best_ties(self, meta, items):
        """`ties by seat from P`: P, from whose seat a tie is settled."""
        _expect_word("best_ties", items[0], self._s(meta))
        return items[-1]

    def pick_distinct(self, meta, items):
        """`different by FIELD` after a pick's count: the FIELD no two picks may share a value of."""
        return _Marker("pick_distinct", (str(items[-1]), _token_span(self.file, items[-1])))

    def always_asked(self, meta, items):
        """`always asked`: the pick is asked even when one candidate is left (a `first ... may`, also those
        who cannot accept)."""
        _expect_word("always_asked", items[-1], _token_span(self.file, items[-1]))
        return _Marker("always_asked", True)

    def longest(self, meta, items):
        """`longest [, then highest KEY | , then lowest KEY]`: (KEY or None, whether lowest)."""
        rest = [i for i in items if not isinstance(i, Token)]
        key = rest[-1] if len(rest) > 1 else None
        return _Marker("longest", (key, "lowest" in rest[:1]))

    def longest_order(self, meta, items):
        return str(items[0])

    def declined(self, meta, items):   # `optional as "pass"`
        return _Marker("declined", _unquote(items[0]))

    def at_least(self, meta, items):
        """`at least M` (before or after `up to N`): no "none" before M picks."""
        word, count = items
        if str(word) == "random":
            # `at random "Prompt"` reads as `at least M` with M the prompt: say what the writer meant
            raise RulesError([Diagnostic(
                "E326", "'pick ... at random': a prompt is shown to no one: nobody is asked (the game's seeded "
                "RNG picks)", self._s(meta), hint="drop the prompt after 'at random'")])
        _expect_word("at_least", word, self._s(meta))
        return _Marker("at_least", count)

    def budget(self, meta, items):
        """`budget N cost EXPR`: picks while the candidate's cost fits in what is left of N."""
        word, amount, cost = items
        _expect_word("budget", word, self._s(meta))
        return _Marker("budget", (amount, cost))

    def pick_best(self, meta, items):
        """`fewest KEY` / `most KEY` after a pick's domain and filter: (the key, whether most)."""
        return _Marker("pick_best", (items[-1], items[0].value == "most"))

    def at_random(self, meta, items):
        word = items[-1]
        if str(word) == "least":   # `at least` without its number
            raise RulesError([Diagnostic("E493", "'at least' takes a number: the fewest picks to make", self._s(meta),
                                         hint="write 'at least M' (no 'none' before M picks), alone or with "
                                              "'up to N': 'at least 1 up to 2'")])
        _expect_word("at_random", word, self._s(meta))
        return _Marker("at_random", True)

    def pick_label(self, meta, items):
        return _Marker("pick_label", items[0])

    def up_to(self, meta, items):
        word, count, *distinct = items
        _expect_word("up_to", word, self._s(meta))
        return _Marker("up_to", count, _pick(distinct, "pick_distinct"))

    def with_repeats(self, meta, items):
        """`with repeats` after a pick's count: each pick may take an element picked before."""
        _expect_word("with_repeats", items[-1], self._s(meta))
        return _Marker("with_repeats", True)

    def exactly(self, meta, items):
        word, count, *distinct = items
        if str(word) == "budget":   # `budget N {` without its cost
            raise RulesError([Diagnostic("E495", "a pick's budget takes its cost: 'budget N cost EXPR', each candidate "
                                         "costing EXPR", self._s(meta),
                                         hint="write 'budget N cost 1' if every candidate costs 1, or the cost of "
                                              "each ('cost (if c.big then 2 else 1)')")])
        _expect_word("exactly", word, self._s(meta))
        return _Marker("exactly", count, _pick(distinct, "pick_distinct"))

    def simultaneous_stmt(self, meta, items):
        each = next((i.value for i in items if isinstance(i, _Marker) and i.tag == "secret_each"), (None, None, None))
        return A.Simultaneous(items[0], _pick(items, "where"), items[-1], *each, span=self._s(meta))

    def secret_each(self, meta, items):
        names = [i for i in items if isinstance(i, Token) and i.type == "NAME"]
        exprs = [i for i in items if not isinstance(i, (Token, _Marker))]
        return _Marker("secret_each", (str(names[0]), exprs[0], _pick(items, "where")))

    def auction_stmt(self, meta, items):
        rest = [i for i in items if not isinstance(i, _Title)]
        among, bidders = rest[1], rest[2]
        _expect_word("auction_stmt", among, self._s(meta))   # `among` stays free as a name everywhere else
        clauses: dict = {}
        for item in items:
            if isinstance(item, _Marker) and item.tag.startswith("auction_"):
                tag, value, span = item.tag[len("auction_"):], item.value[0], item.value[1]
                key = "mode" if tag in ("open", "sealed", "once", "form") else "start" if tag in ("from", "opened") else tag
                if key in clauses:
                    raise RulesError([Diagnostic("E100", f"an auction says {AUCTION_CLAUSES[key]} once", span,
                                                 hint="drop the second one")])
                clauses[key] = (tag, value)
        names = [i for i in items if isinstance(i, Token) and i.type == "NAME"][1:]
        winner, price = str(names[0]), str(names[1])
        stakes = str(names[2]) if len(names) > 2 else None
        mode, form = clauses.get("mode", ("open", None))
        start = clauses.get("start", (None, None))
        passer, passed_bid, passed = clauses.get("passed", (None, (None, None, None)))[1]
        bidder, bid_made, bids = clauses.get("bids", (None, (None, None, None)))[1]
        # `open` carries the words after it, if any (`in any order`); `form FORM` the form's expression (the mode
        # read at play)
        mode = {"once": "once around", "form": "open", "open": f"open {form}" if form else "open"}.get(mode, mode)
        return A.Auction(bidders, _pick(items, "where"), mode, start[1],
                         start[0] == "opened", clauses.get("min", (None, None))[1],
                         clauses.get("step", (None, None))[1], clauses.get("up", (None, None))[1], winner, price,
                         _block(items), _pick(items, "else_block", ()), _title(items), self._prompt_parts(items),
                         passer, passed_bid, passed, form if mode == "open" and form is not None else None,
                         _unheld(clauses.get("over", (None, None))[1]), bidder, bid_made, bids,
                         clauses.get("doubling", (None, None))[1], stakes,
                         type(clauses.get("over", (None, None))[1]) is _Held, span=self._s(meta))

    def auction_from(self, meta, items):
        return _Marker("auction_from", (items[0], self._s(meta)))

    def auction_opened(self, meta, items):
        word, who = items
        _expect_word("auction_opened", word, self._s(meta))
        return _Marker("auction_opened", (who, self._s(meta)))

    def auction_open(self, meta, items):
        words = "in any order" if _pick(items, "any_order", False) else _pick(items, "until_all_pass", None)
        return _Marker("auction_open", (words, self._s(meta)))

    def until_all_pass(self, meta, items):
        _expect_word("until_all_pass", items[0], self._s(meta))
        return _Marker("until_all_pass", "until all pass")

    def auction_sealed(self, meta, items):
        return _Marker("auction_sealed", (None, self._s(meta)))

    def auction_once(self, meta, items):
        _expect_word("auction_once", items[-1], self._s(meta))
        return _Marker("auction_once", (None, self._s(meta)))

    def auction_up_to(self, meta, items):
        word, most = items
        _expect_word("auction_up_to", word, self._s(meta))
        return _Marker("auction_up", (most, self._s(meta)))

    def auction_passed(self, meta, items):
        word, passer, bid = [i for i in items if isinstance(i, Token) and i.type == "NAME"]
        _expect_word("auction_passed", word, self._s(meta))
        return _Marker(f"auction_{word}", ((str(passer), str(bid), _block(items)), self._s(meta)))

    def auction_over_each(self, meta, items):   # `over each HOLDINGS`: each bidder's own numbers
        word, value = items
        _expect_word("auction_over_each", word, self._s(meta))
        return _Marker("auction_over", (_Held(value), self._s(meta)))

    def auction_amount(self, meta, items):
        word, value = items
        _expect_word("auction_amount", word, self._s(meta))
        return _Marker(f"auction_{word}", (value, self._s(meta)))

    def offer_stmt(self, meta, items):
        clauses: dict = {}
        for item in items:
            if isinstance(item, _Marker) and item.tag.startswith("offer_"):
                tag, value, span = item.tag[len("offer_"):], item.value[0], item.value[1]
                key = "start" if tag == "from" else "mode"
                if key in clauses:
                    raise RulesError([Diagnostic("E100", "an offer says " + ("'from P'" if key == "start" else
                                                 "'first' or 'chosen'") + " once", span, hint="drop the second one")])
                clauses[key] = (tag, value)
        rest = [i for i in items if not isinstance(i, (_Title, _Marker)) and not (isinstance(i, Token) and i.type == "OFFER")]
        partner = [i for i in items if isinstance(i, Token) and i.type == "NAME"][-1]
        return A.Offer(rest[0], _pick(items, "where"), clauses.get("mode", ("first", None))[0],
                       clauses.get("start", (None, None))[1], str(partner), _block(items),
                       _pick(items, "else_block", ()), _title(items), self._prompt_parts(items), span=self._s(meta))

    def first_may_stmt(self, meta, items):
        return A.FirstMay(str(items[1]), items[2], _pick(items, "where"), _block(items), _pick(items, "else_block", ()),
                          _pick(items, "paid"), _title(items), self._prompt_parts(items),
                          asked=_pick(items, "always_asked", False), span=self._s(meta))

    def offer_from(self, meta, items):
        return _Marker("offer_from", (items[0], self._s(meta)))

    def offer_first(self, meta, items):
        return _Marker("offer_first", (None, self._s(meta)))

    def offer_chosen(self, meta, items):
        if str(items[0]) != "chosen":
            raise RulesError([Diagnostic("E100", f"'{items[0]}' is no clause of an offer", self._s(meta),
                                         hint="an offer takes 'from P', and 'first' (the first to accept) or "
                                              "'chosen' (the offerer chooses among those who accept)")])
        return _Marker("offer_chosen", (None, self._s(meta)))

    def reveal_stmt(self, meta, items):
        return A.Reveal(items[0], _pick(items, "reveal_to"), span=self._s(meta))

    def reveal_to(self, meta, items):
        return _Marker("reveal_to", items[0])

    def look_stmt(self, meta, items):
        return A.Look(items[0], span=self._s(meta))

    def top_count(self, meta, items):
        t = items[0]
        return A.Int(int(t), span=self._s(meta)) if t.type == "INT" else A.Name(str(t), span=self._s(meta))

    def look_top(self, meta, items):
        rest = [i for i in items if not isinstance(i, Token)]
        return A.Look(rest[1], rest[0], span=self._s(meta))

    def reveal_top(self, meta, items):
        rest = [i for i in items if not isinstance(i, (Token, _Marker))]
        return A.Reveal(rest[1], _pick(items, "reveal_to"), rest[0], span=self._s(meta))

    def log_stmt(self, meta, items):
        return A.Say(say_parts(items[0], self.file), len(items) > 1, span=self._s(meta))

    def say_as_game(self, meta, items):
        return True

    # -------------------------------------------------------------- expressions
    def _chain(self, meta, items, op):
        result = items[0]
        for right in items[1:]:
            result = A.Binary(op, result, right, span=self._s(meta))
        return result

    def cond_expr(self, meta, items):
        return A.Cond(items[0], items[1], items[2], span=self._s(meta))

    def or_expr(self, meta, items):
        blind = [i for i, item in enumerate(items) if isinstance(item, _Marker) and item.tag == "blind"]
        if not blind:
            return self._chain(meta, items, "or")
        if blind[0] == 0 or blind != list(range(blind[0], len(items))):   # `a or blind deck or b`
            zone = items[blind[0]].value
            after = items[-1]
            if type(after) is A.Name and after.id == "blind":   # `or blind deck or blind {`: the last names no zone
                raise RulesError([_blind_without_zone(after)])
            raise RulesError([Diagnostic("E524", "'or blind ZONE' comes last among a pick's candidates", zone.span,
                                         hint="write 'pick VAR from DOMAIN or blind ZONE ...'")])
        zones = tuple(items[i].value for i in blind)   # `or blind deck[one] or blind deck[two]`: each deck's top
        domain = items[0] if blind[0] == 1 else self._chain(meta, items[:blind[0]], "or")
        marker = _Marker("blind_domain", (domain, zones))
        self._blinds.append(marker)   # a pick takes it; anywhere else it is E524 (see build)
        return marker

    def blind_top(self, meta, items):
        """`blind ZONE` or `blind ZONE[INDEX]` after the `or` of a pick's candidates: the zone's unseen top card."""
        name = items[1] if len(items) > 1 and isinstance(items[1], Token) else items[0]
        zone = A.Name(str(name), span=_token_span(self.file, name))
        if isinstance(items[-1], Token):
            return _Marker("blind", zone)
        return _Marker("blind", A.Index(zone, items[-1], span=A.Span(self.file, zone.span.line, zone.span.column,
                                                                     meta.end_line, meta.end_column)))

    def and_expr(self, meta, items):
        return self._chain(meta, items, "and")

    def is_kind(self, meta, items):
        return A.IsKind(items[0], str(items[-1]), span=self._s(meta))

    def not_op(self, meta, items):
        return A.Unary("not", items[0], span=self._s(meta))

    def neg(self, meta, items):
        return A.Unary("-", items[1], span=self._s(meta))

    def pow_op(self, meta, items):
        return A.Binary("**", items[0], items[2], span=self._s(meta))

    def _infix(self, meta, items):
        result = items[0]
        for i in range(1, len(items), 2):
            result = A.Binary(str(items[i]), result, items[i + 1], span=self._s(meta))
        return result

    compare = sum = product = _infix

    def range_expr(self, meta, items):
        return A.Range(items[0], items[1], span=self._s(meta))

    def attr(self, meta, items):
        return A.Attr(items[0], str(items[1]), span=self._s(meta))

    def index(self, meta, items):
        return A.Index(items[0], items[1], span=self._s(meta))

    def index_pair(self, meta, items):   # `wall[r, c]`, `meeple[r, c, s]`: an element of a grid
        first, last = items[1].span, items[-1].span
        pair = A.Pair(tuple(items[1:]), span=A.Span(first.file, first.line, first.column, last.end_line,
                                                    last.end_column))
        return A.Index(items[0], pair, span=self._s(meta))

    def method(self, meta, items):
        return A.Method(items[0], str(items[1]), items[2] or (), span=self._s(meta))

    def int_lit(self, meta, items):
        return A.Int(int(items[0]), span=self._s(meta))

    def decimal_lit(self, meta, items):
        return A.Dec(str(items[0]), span=self._s(meta))

    def str_lit(self, meta, items):
        """A text; one with `{...}` values keeps its parts, as a `say` text (filled in where evaluated)."""
        tok = items[0]
        parts = say_parts(tok, self.file) if "{" in tok or "}" in tok else ()
        return A.Str(_unquote(tok), parts, span=self._s(meta))

    def bool_lit(self, meta, items):
        return A.Bool(items[0] == "true", span=self._s(meta))

    def none_lit(self, meta, items):
        return A.Nothing(span=self._s(meta))

    def you(self, meta, items):
        return A.You(span=self._s(meta))

    def name(self, meta, items):
        return A.Name(str(items[0]), span=self._s(meta))

    def affordable(self, meta, items):
        return A.Affordable(items[1], _pick(items, "tag"), span=self._s(meta))

    def allowed(self, meta, items):
        return A.Allowed(A.Tag(str(items[1]), items[2] or (), span=self._s(meta)), span=self._s(meta))

    def row_of(self, meta, items):
        """`row g of at`: the values of a grid's index after the given ones (the resolver writes its range in)."""
        return A.RowOf(tuple(items[:-1]), str(items[-1]), span=self._s(meta))

    def index_in(self, meta, items):
        """`index r of c in pyramid`: the value of the grid's index r for the element c lies in."""
        which = items[0] if items[0] is None else int(items[0]) if items[0].type == "INT" else str(items[0])
        grid = items[2]
        if type(grid) is A.Name:
            return A.IndexIn(which, items[1], grid.id, span=self._s(meta))
        if type(grid) is A.Attr:   # `in p.techs`: the holder's zones alone
            return A.IndexIn(which, items[1], grid.name, grid.obj, span=self._s(meta))
        raise RulesError([Diagnostic("E678", "'index ... of ITEM in GRID': the grid is a zone's name ('techs') "
                                     "or a holder's zone ('p.techs'), not an element of it or another value",
                                     grid.span, "name the zone alone: 'index of c in techs'")])

    def during_expr(self, meta, items):
        return A.During(str(items[0]), span=self._s(meta))

    def can_open(self, meta, items):
        return A.CanOpen(str(items[1]), items[2] or (), span=self._s(meta))

    def after_expr(self, meta, items):   # EXPR after PROC(args)
        return A.After(items[0], str(items[2]), items[3] or (), span=self._s(meta))

    def can_copy(self, meta, items):
        return A.CanCopy(*_slot_ref(items[-1]), span=self._s(meta))

    def can_copy_named(self, meta, items):   # `can copy c.demand(by = you)`: as `copy_named`
        ref = A.Attr(items[1], str(items[2]), span=_attr_span(items[1], str(items[2])))
        return A.CanCopy(ref, tuple(items[3:]), span=self._s(meta))

    def can_copy_with(self, meta, items):   # `can copy this.answer with it`: as `copy_with`
        ref, args = _slot_ref(items[1])
        return A.CanCopy(ref, args, with_event=str(items[2]), span=self._s(meta))

    def call(self, meta, items):
        return A.Call(str(items[0]), items[1] or (), span=self._s(meta))

    def call_fields(self, meta, items):   # `shift(s, rank = 2)`: the cell, then each field's offset (A.FieldValue)
        return A.Call(str(items[0]), tuple(items[1:]), span=self._s(meta))

    def ray_expr(self, meta, items):
        """`ray(c from CELL via DIRECTION [until COND | while COND])`."""
        func, var, cell, direction = str(items[0]), str(items[1]), items[2], _pick(items, "via")
        stop = items[-1] if isinstance(items[-1], _Marker) and items[-1].tag in ("until", "while") else None
        return A.Ray(func, var, cell, direction, stop and stop.value, stop is not None and stop.tag == "while",
                     span=self._s(meta))

    def ray_until(self, meta, items):
        return _Marker("until", items[0])

    def ray_while(self, meta, items):
        return _Marker("while", items[0])

    def call_name(self, meta, items):
        return str(items[0])

    attr_name = call_name

    def agg_name(self, meta, items):
        return str(items[0])

    def aggregate(self, meta, items):
        op, var, domain = items[0], str(items[1]), items[2]
        where = _pick(items, "where")
        value = items[-1] if not isinstance(items[-1], _Marker) else None
        if value is domain:
            value = None
        return A.Aggregate(op, var, domain, where, value, span=self._s(meta))

    def first_of(self, meta, items):
        return A.Aggregate("first", str(items[1]), items[2], _pick(items, "where"), None, span=self._s(meta))

    def sorted_expr(self, meta, items):
        """`sorted(x in D [where C], most KEY [then [most|fewest] KEY2 ...])`."""
        var, domain = str(items[0]), items[1]
        rest = [i for i in items[2:] if not (isinstance(i, _Marker) and i.tag == "where")]
        keys = [(rest[0].value, rest[1])] + rest[2:]   # the main key, then the (order, key) tie-breaks
        return A.Sorted(var, domain, _pick(items, "where"), tuple(k for _o, k in keys), tuple(o for o, _k in keys),
                        span=self._s(meta))

    network_name = agg_name

    def network(self, meta, items):
        op, var, domain = items[0], str(items[1]), items[2]
        rest = tuple(i for i in items[3:] if not isinstance(i, _Marker))
        through = _pick(items, "through")
        return A.Network(op, var, domain, _pick(items, "where"), rest[:2], rest[2:],
                         *(through if through is not None else (None, None)), span=self._s(meta))

    def reach(self, meta, items):
        """`reachable(p from START [via NEXT] [through q where PASSABLE])`; `connects(p from START to GOAL via
        NEXT ...)`."""
        op, var, start = items[0], str(items[1]), items[2]
        next_, through = _pick(items, "via"), _pick(items, "through")
        return A.Flood(op, var, start, next_, *(through if through is not None else (None, None)),
                       goal=_pick(items, "reach_goal"), span=self._s(meta))

    def reach_goal(self, meta, items):
        return _Marker("reach_goal", items[0])

    def regions(self, meta, items):
        """`regions(p in DOMAIN [where COND] via NEXT)`."""
        func, var, domain = str(items[0]), str(items[1]), items[2]
        if func != "regions":
            raise RulesError([Diagnostic("E536", f"{func}(...) takes no '{var} in ... via ...': only regions(...) does",
                                         self._s(meta), hint=f"'regions({var} in DOMAIN where COND via NEXT)'")])
        return A.Regions(var, domain, _pick(items, "where"), _pick(items, "via"), span=self._s(meta))

    def via(self, meta, items):
        return _Marker("via", items[1])

    def through(self, meta, items):
        return _Marker("through", (str(items[1]), items[2]))

    def match_expr(self, meta, items):
        cases = tuple(i for i in items[1:] if isinstance(i, A.Case))
        otherwise = next((i.value for i in items[1:] if isinstance(i, _Marker)), None)
        return A.Match(items[0], cases, otherwise, span=self._s(meta))

    def match_arm(self, meta, items):
        return A.Case(items[0], items[-1], span=self._s(meta))

    def match_else(self, meta, items):
        return _Marker("else", items[0])

    def list_lit(self, meta, items):
        # `[]` gives one placeholder; a trailing comma (`[1, 2,]`, as an enum's members allow) adds nothing
        return A.ListLit(tuple(item for item in items if item is not None), span=self._s(meta))


_lock = threading.Lock()
_builder = _Builder()


def say_parts(tok: Token, file: str) -> tuple:
    """The parts of a `say` text: literal strings and the expressions written in `{...}`.

    `{{` and `}}` are literal braces. Each expression is parsed on its own, placed at its real line
    and column, so a mistake inside it is reported where it is."""
    raw = tok[1:-1]
    first_column = tok.column + 1          # the column of raw[0]
    parts: list = []
    literal: list[str] = []

    def problem(message: str, start: int, end: int, hint: Optional[str] = None) -> RulesError:
        span = A.Span(file, tok.line, first_column + start, tok.line, first_column + end)
        return RulesError([Diagnostic("E108", message, span, hint=hint)])

    i = 0
    while i < len(raw):
        c = raw[i]
        if c == "\\":
            literal.append(raw[i:i + 2])
            i += 2
        elif c in "{}" and raw[i + 1:i + 2] == c:
            literal.append(c)
            i += 2
        elif c == "}":
            raise problem("a lone '}' in a text", i, i + 1, hint="write '}}' for a brace")
        elif c == "{":
            close = raw.find("}", i + 1)
            if close < 0:
                raise problem("this '{' is not closed", i, i + 1,
                              hint="end the value with '}', or write '{{' for a brace")
            source = raw[i + 1:close]
            if not source.strip():
                raise problem("'{}' holds no value", i, close + 1, hint="write a value, or '{{}}' for braces")
            if literal:
                parts.append(_unquote('"' + "".join(literal) + '"'))
                literal = []
            parts.append(_say_value(source, file, tok.line, first_column + i + 1, problem, i + 1, close))
            i = close + 1
        else:
            literal.append(c)
            i += 1
    if literal or not parts:
        parts.append(_unquote('"' + "".join(literal) + '"'))
    return tuple(parts)


def _say_value(source: str, file: str, line: int, column: int, problem, start: int, end: int) -> A.Expr:
    """Parse the expression of one `{...}`, padded so that its tokens sit at their real position."""
    if "#" in source or '"' in source or "\\" in source:
        raise problem("a value in '{...}' cannot hold '#', quotes or escapes", start, end)
    word = source.strip()
    if word in _field_keywords():   # `{rank}` in a card's title: a keyword that may name a field, alone
        at = column + source.index(word)
        return A.Name(word, span=A.Span(file, line, at, line, at + len(word)))
    padded = "\n" * (line - 1) + " " * (column - 1) + source
    try:
        tree = _expr_lark().parse(padded)
    except UnexpectedCharacters as err:
        at = err.column - column + start
        raise problem("the value in '{...}' is not an expression: unexpected character", at, at + 1) from None
    except UnexpectedInput as err:
        token = getattr(err, "token", None)
        if token is None or token.type == "$END" or not getattr(err, "column", 0) or err.column < 0:
            at, what = end, "the value ends too early"
        else:
            at, what = err.column - column + start, f"unexpected {str(token)!r}"
        if word in _keywords():   # `{from}` in a record's title: any reserved word may name a field (the lexer's
            at = column + source.index(word)   # `_names_field`), and alone it is no expression: the field's name
            return A.Name(word, span=A.Span(file, line, at, line, at + len(word)))
        raise problem(f"the value in '{{...}}' is not an expression: {what}", at, at + 1) from None
    builder = _Builder()
    builder.file = file
    return builder.build(tree)


@lru_cache(maxsize=1)
def _field_keywords() -> frozenset:
    """The keywords that may name a field (`field_name` in the grammar: `rank`, `cost`, `first`, ...)."""
    by_type = {kind: word for word, kind in _keywords().items()}
    return frozenset(by_type[sym.name] for rule in _lark().rules if rule.origin.name == "field_name"
                     for sym in rule.expansion if sym.name in by_type)


@lru_cache(maxsize=1)
def _expr_lark() -> Lark:
    """A parser for a lone expression (the values inside a `say` text)."""
    return _load_parser("expr")


@lru_cache(maxsize=1)
def _lark() -> Lark:
    """The parser of rules files, made at its first use."""
    return _load_parser("start")


def _load_parser(start: str) -> Lark:
    """The grammar's parser from `start` (its tables cached between processes: dsl/tables.py)."""
    from .tables import load_parser

    return load_parser(GRAMMAR_PATH.read_text(), parser="lalr", lexer=RulesLexer, keep_all_tokens=True,
                       maybe_placeholders=True, start=start)


SEMICOLON_LABEL = "a statement must end with ';'"
# `winner together score EXPR` just before an `if`: the score written before the condition
TEAM_SCORE_FIRST = LazyPattern(r"\bwinner\s+together\s+score\b[^;{}]*\Z")
# `auction ... form up to ...`, `auction ... open in any up to ...`: an auction's form without the word it needs
AUCTION_FORM_SLIP = LazyPattern(r"\bauction\b[^;{}]*\b(form|open\s+in\s+any)\s+up\s*\Z")
DECLARATION_SEMICOLON_LABEL = "a declaration must end with ';'"   # outside every '{ }'
def _value_slip(text: str, tok, accepts: set) -> Optional[tuple]:
    """(message, hint) for a value written as another language writes it, where the parser wanted a value
    or a match case's ':' (a new designer's Memoir '44 and Terraforming Mars): an `if ... then ... else`
    value as an operand (`a + if c then 1 else 0`), `any(x in ... where ...)` for `some(...)`, and a match
    case `VALUE => RESULT`. None for anything else."""
    wants_value = {"NAME", "INT"} <= accepts
    if tok.type == "IF" and wants_value and re.search(r"[-+*/%<>=]\s*$|\b(and|or|not)\s*$", text[:tok.start_pos]):
        return ("an 'if ... then ... else' value inside a larger expression goes in parentheses",
                "write '(if CONDITION then A else B)'")
    if str(tok) == "any" and wants_value and text[tok.end_pos:tok.end_pos + 1] == "(":
        return ("'any(GROUP)' is a cost's wild term; whether some element holds a condition is 'some(...)'",
                "write 'some(VAR in DOMAIN where CONDITION)'")
    if tok.type == "EQUAL" and text[tok.end_pos:tok.end_pos + 1] == ">":
        return ("a case of 'match' is written 'VALUE: RESULT', and the rest 'else: RESULT'",
                "write 'match x { a: 1, b, c: 2, else: 0 }'")
    return None


NETWORK_AGGREGATES = frozenset(("connects", "longest_path", "shortest_path", "reachable"))


def _through_after_network(text: str, tok: Token, span) -> Optional[Diagnostic]:
    """E650 for `shortest_path(...) through p where COND`: the clause that says where a path may pass written
    after the aggregate's closing ')' (a new designer's Age of Steam), where the parser would ask for a ';'
    before it. The hint writes the call with the clause moved inside. None when no such call ends just before."""
    close = len(text[:tok.start_pos].rstrip()) - 1
    if close < 0 or text[close] != ")":
        return None
    depth, at = 0, close
    while at >= 0:   # back to the '(' that this ')' closes
        depth += {")": 1, "(": -1}.get(text[at], 0)
        if depth == 0:
            break
        at -= 1
    name = re.search(r"(\w+)\s*\Z", text[:max(at, 0)])
    if at < 0 or name is None or name.group(1) not in NETWORK_AGGREGATES:
        return None
    clause = re.match(r"through\s+\w+\s+where\s+[^;{}\n]*", text[tok.start_pos:])
    clause_text = clause.group(0).rstrip() if clause else "through P where PASSABLE"
    call = " ".join(text[name.start(1):close].split())
    return Diagnostic("E650", f"'through' goes inside the parentheses of {name.group(1)}(...), after its last "
                      f"argument; found it after the closing ')'", span,
                      hint=f"write '{call} {clause_text})'")


KEYWORD_LABEL = "a keyword cannot be used as a name here"
BOUND_NEXT = LazyPattern(r"\s*(?::|(?:in|from)\b)")
# the text before a name an auction or a deal binds: `as (winner, price)` (a new designer's Age of Steam)
AS_BINDERS = LazyPattern(r"\bas\s*\(\s*(?:\w+\s*,\s*)*\Z")
# after the name of a card declared by its kind's name: its title, its copies or its block (`monster_card advance "Advance" {`)
ENTITY_NEXT = LazyPattern(r"\s*(?:\"|\{|\*)")   # after a name being bound: a parameter's or field's ':', a loop's 'in'
EVENT_PARAMS = LazyPattern(r"(?m)(?:^|[;}])\s*event\s+\w+\s*\([^()]*\Z")   # the text before an event's argument declared
ENUM_OPEN = LazyPattern(r"\benum\s+\w+\s*\{[^{}]*\Z")   # the text before a member of an enum being declared
IT_DOT = LazyPattern(r"\bit\s*\.\s*\Z")   # the text before an event's argument read from `it`
UNCLOSED_LABEL = "a block is not closed: a '}' is missing"
NESTED_LABEL = "a declaration stands at the top level of a file, not inside a block (every '{' of the file has its '}')"
_UNCLOSED_HINT = "'{}' begins a declaration, at the top level: close the blocks before it with '}}'"
DECLARATION_LABEL = "a declaration must start with a keyword such as 'resource', 'track', 'kind' or a kind name"
COMPARE_LABEL = "use '==' to compare; '=' only sets a value"
ELSE_LABEL = "a '}' is missing before 'else': 'else' follows the '}' that closes an 'if', 'may' or 'pick' block"
STRAY_ELSE_LABEL = "this 'else' follows no 'if', 'may' or 'pick' block: the block before it has its 'else' or takes none"
COMMA_LABEL = "a ',' is missing: the items between these braces are separated by ','"
MATCH_ARM_LABEL = "an arm of a match statement ends its statement with ';', not ','"
MATCH_STATEMENT_HEADER = LazyPattern(r"\s*match\b.*\{\s*(#.*)?$")   # a line opening a match statement's arms
OPTION_LABEL = "'option' is an item of 'choose { ... }', not a statement: it goes directly inside a 'choose' block"
RANGE_CHAIN_LABEL = "a range has one '..' between two numbers, as in '2..12'"
RANGE_LOW_LABEL = "a range starts with its lowest number, as in '2..12'"
COOPERATIVE_LABEL = "a cooperative line says when the team wins after 'if': 'winner together if CONDITION;'"
RANGE_HIGH_LABEL = "a range ends with its highest number, as in '2..12'"


# words a designer writes for "the last player left wins" after `winner`
LAST_STANDING_WORDS = frozenset(("last", "standing", "survivor", "survivors", "alive", "remaining", "last_standing"))


def _not_a_winner_line(file: str, word: Token) -> Diagnostic:
    """E100 at the word after `winner` that starts no winner line (`winner last standing;`); for "the last one
    standing", the hint says that a knocked-out player never wins, so any ranking line says it."""
    hint = ("a player knocked out ('eliminate', 4.25) never wins: when one is left, any ranking line names them, "
            "'winner most KEY;'") if str(word) in LAST_STANDING_WORDS else None
    return Diagnostic("E100", f"a winner line is 'winner most ...', 'winner fewest ...' or 'winner together if ...', "
                              f"not 'winner {word}'", _token_span(file, word), hint=hint)


def _scanner() -> RulesLexer:
    """The parser's own lexer (made once, with the tables: a second one would compile its pattern again)."""
    return _lark().parser.lexer


def scan(text: str) -> tuple[list[Token], list[Comment]]:
    """The tokens of a text and, apart, its comments; raises Lark's UnexpectedCharacters where the
    text cannot be read (parse it first for a diagnostic)."""
    return _scanner().scan(text, LineCounter("\n"))


# Known-bad snippets for mistakes no general rule below recognises. An error is matched to an
# example by the LALR state the parser was in AND the token it met (not by the depth of the parse
# stack, nor by the state alone), so one example covers the same mistake anywhere in a file and
# never speaks for a different mistake that happens to stop in a similar state.
# A statement's body written without its braces (`if a > 1 gain 1 x;`, `for each i in 1..4 gain 1 x;`): one
# parser state for every such head, so the message names the head found on the stack (BRACED_HEADS).
BRACES_LABEL = "a condition or loop needs braces around its body"
BRACED_HEADS = {"if": ("if", "if COND { ... }"), "while": ("while", "while COND { ... }"),
                "for": ("for each", "for each x in DOMAIN { ... }"), "repeat": ("repeat", "repeat N { ... }")}

SYNTAX_EXAMPLES: dict[str, list[str]] = {
    "'gain' and 'lose' need an amount before the resource, as in 'gain 1 coin;'": [
        "proc p() { gain coin; }", "proc p() { lose coin; }", "proc p() { gain; }", "proc p() { lose; }",
        "proc p() { gain coin 5; }", "proc p() { lose coin 5; }", "proc p() { gain coin + 1; }",
    ],
    "a modifier's 'gain' and 'lose' lines change the amount of a tagged gain or loss, which names the resource: "
    "'gain +1;', 'lose -1;'": [
        f"proc p() {{ modifier you a {{ {verb} {op}1 x; }} }}" for verb in ("gain", "lose") for op in ("+", "-", "= ")
    ],
    "an option of 'choose' must start with 'option'": [
        "proc p() { choose { gain 1 x; } }", "proc p() { choose { { gain 1 x; } } }",
    ],
    "the runtime announces its own events: 'emit' takes an event declared with 'event'": [
        f"proc p() {{ emit {event}(1); }}" for event in
        ("gain", "lose", "pay", "advance", "regress", "draw", "move", "flip", "roll")
    ],
    "the resource of 'gain' and 'lose' is a name: work a computed one out first, 'let r = good_of(p); gain 2 r;'": [
        f"proc p() {{ {verb} 2 f(1); }}" for verb in ("gain", "lose")
    ],
    "an enum member's title comes right after its name, before its values: 'crag \"Crag\" (land = mountain)'": [
        f"enum e {{ n: int; m: int = 0; {first}a({data}) \"A\"{rest} }}" for first in ("", "z \"Z\" (n = 0), ")
        for data in ("n = 1", "n = 1, m = 2", "1") for rest in ("", ",", ", b(n = 2)")
    ],
    "a declaration's title comes right after its name (and its indexes), before its other words: "
    "'counter runner[2..12] \"Runner\" global;', 'var passed \"Passed\" global: bool;'": [
        f"{decl} w{index} {word} \"T\"{rest}" for decl, rest in (("counter", ";"), ("var", ": bool;"))
        for index in ("", "[1..3]") for word in ("global", "internal", "hidden")
    ] + [f"zone w{index} {word} \"T\" of t;" for index in ("", "[1..3]") for word in ("per_player",)],
    "a counter, var or zone takes its indexes in one pair of brackets: 'counter wall[1..5, 1..5];'": [
        f"{decl} w[{a}][{b}]{rest}" for decl, rest in (("counter", ";"), ("var", ": int;"), ("zone", " of t;"))
        for a in ("1..5", "c") for b in ("1..5", "c")
    ],
    "an index of numbers is a range from its first number: 'var code[1..4] ...;', 'counter seeds[player, 1..6];'": [
        f"{decl} w[{before}4{after}]{rest}" for decl, rest in (("counter", ";"), ("var", ": int;"), ("zone", " of t;"))
        for before, after in (("", ""), ("player, ", ""), ("", ", player"))
    ],
    "a grid's element takes its indexes in one pair of brackets: 'gain 1 wall[r, c];'": [
        f"proc p() {{ {verb} 1 w[{first}][2]; }}" for verb in ("gain", "lose", "pay") for first in ("1", "1, 2")
    ],
    "a kind declares fields ('name: type;'), not statements: a statement goes in an effect slot of the "
    "kind ('play: effect;', given by each card as 'play { ... }') or in a proc": [
        f"kind k {{ {before}{stmt} }}" for before in ("", "a: int; ")
        for stmt in ("gain 1 x;", "lose 1 x;", "pay 1 x;", "say \"x\";", "if a { }",
                     "set a = 1;", "let a = 1;", "draw 1 from a to b;", "advance t;", "copy c.play;")
    ],
    "a value is changed with 'set' (and a new local made with 'let'), as in 'set passed = true;'": [
        "proc p() { a = 1; }", "proc p() { a.b = 1; }", "proc p() { a[1] = 1; }", "proc p() { gain 1 x; a = 1; }",
    ],
    "a pick's prompt comes before its label: 'pick VAR from DOMAIN \"prompt\" as \"label\" ...'": [
        'proc p() { pick d from z as "x" "y" { } }', 'proc p() { pick d from z where a as "x" "y" { } }',
    ],
    BRACES_LABEL: [
        f"proc p() {{ if a {cond}{stmt} }}" for cond in ("", "> 1 ", "and b ", "or b ")
        for stmt in ("gain 1 x;", "lose 1 x;", "pay 1 x;", "advance t;", "say \"x\";", "let a = 1;", "set a = 1;")
    ] + [f"proc p() {{ {head} gain 1 x; }}" for head in ("for each c in z", "for each i in 1..4", "while a", "repeat 3")],
    "'gain', 'lose' and 'pay' name a resource or counter of 'you'; another player's is 'gain 1 p.vp;' or "
    "'lose 1 p.vp;' (a name or a call before the dot), and a payment is the payer's own: make that player "
    "act, as in 'each p: pay 1 clues;'; the resource a card's field names is 'gain 1 c.good;' or 'pay 1 c.good;' (a "
    "name or a call before the dot)": [
        f"proc p() {{ {verb} 1 {who}.x{rest}; }}" for verb in ("gain", "lose", "pay") for who in ("q[1]", "you")
        for rest in ("", " for a()")
    ],
    "a zone has one visibility: 'public', 'hidden' or 'secret'": [
        f"zone z{per} of k {first} {second};" for per in ("", " per_player") for first in ("public", "hidden", "secret")
        for second in ("public", "hidden", "secret")
    ],
    "'each' runs its body for players ('each opponents: ...'); did you mean 'for each c in ZONE { ... }', "
    "which goes through a zone or a list": [
        f"proc p() {{ each c in {d} {{ }} }}" for d in ("z", "[1]")
    ],
    COOPERATIVE_LABEL: [
        f"game g {{ winner together {cond}; }}" for cond in
        ("a < 3", "f(a)", "3 > a", "not a", "(a)", "-a", "true", "false", "none", "\"x\"", "some(p in players where a)",
         "every(p in players where a)", "count(p in players) > 1", "size(a) > 0", "a.b", "this", "you")
    ],
    "'until' comes before 'while': 'whenever EVENT until EVENT while COND { ... }' (the same for 'next' "
    "and 'modifier')": [
        f"proc p() {{ {head} you e while {cond} until f {{ }} }}" for head in ("whenever", "next", "modifier")
        for cond in ("a", "1", "f(a)", "a.b", "this", "true", "false", "a[1]", "\"x\"", "you", "none")
    ],
    "'once per' (a modifier's 'once') comes right after the event (a reaction's zones), before 'until', "
    "'while' and 'may': 'whenever EVENT once per EVENT until EVENT while COND { ... }', 'whenever EVENT in ZONE "
    "once per EVENT while COND may { ... }'": [
        f"proc p() {{ whenever you e {clause} once per f {{ }} }}" for clause in
        [f"while {cond}" for cond in ("a", "1", "f(a)", "a.b", "this", "true", "false", "a[1]", "\"x\"", "you", "none",
                                      "it.a > 0", "a == b")]
        + ["until f", "until you f", "until f(a = 1)", "until f while a"]
    ] + [
        f"kind k {{ }} k c {{ whenever e in z{zones} {clause} once per f {{ }} }}" for zones in ("", ", y")
        for clause in ("while a", "while a.b", "while f(a)", "while it.a > 0", "may", "may \"x\"")
    ],
    "a card's reaction or 'anytime' slot lasts while the card is in its zones: it takes no 'until' (a reaction "
    "takes 'once per EVENT' and 'while COND' after its zones); for a trigger that ends, register one in an effect "
    "slot of the card": [
        f"kind k {{ }} k c {{ whenever e in z{zones} until f {{ }} }}" for zones in ("", ", y")
    ],
    "a reaction names its event, then its zones, then 'once per EVENT': 'whenever EVENT in ZONE once per EVENT "
    "{ ... }'": [
        "kind k { } k c { whenever e once per f in z { } }", "kind k { } k c { whenever you e(a = 1) once per f in z { } }",
    ],
}


@lru_cache(maxsize=1)
def _example_index() -> dict:
    """(LALR state, token type) of every example's error -> its label (the first example keeps it)."""
    index: dict = {}
    for label, examples in SYNTAX_EXAMPLES.items():
        for example in examples:
            try:
                _lark().parse(example)
            except UnexpectedToken as e:
                index.setdefault((e.state.position, e.token.type), label)
    return index


@lru_cache(maxsize=1)
def _keywords() -> dict[str, str]:
    """Every reserved word -> its token type."""
    return dict(_scanner().keywords)


@lru_cache(maxsize=1)
def _contextual() -> dict[str, str]:
    """Every contextual word (a keyword only where the parser takes it, dsl/lexer.py) -> its token type."""
    return dict(_scanner().contextual)


@lru_cache(maxsize=1)
def _spellable() -> dict[str, str]:
    """The words "did you mean" may offer: the reserved and the contextual ones."""
    return {**_keywords(), **_contextual()}


@lru_cache(maxsize=1)
def _item_starts() -> frozenset:
    """Token types that begin a declaration, or an item of a track, game, die or 'choose' block:
    met where a '}' could still come, they show a block left open."""
    return frozenset(_lark().parse_interactive("").accepts() - {"$END"}) | _CONTAINER_ITEMS


_CONTAINER_ITEMS = frozenset({"SPACE", "FIRST", "PHASE", "SEATS", "WINNER", "FACE", "OPTION"})
# an item of a block met between declarations: the block it goes in, and an example
_BLOCK_ITEMS = {
    "PHASE": ("a game", "game NAME { seats 2 to 4; phase play { ... } winner most vp; }"),
    "SEATS": ("a game", "game NAME { seats 2 to 4; ... }"),
    "WINNER": ("a game", "game NAME { ... winner most vp; }"),
    "SPACE": ("a track", "track NAME { space 1 { ... } }"),
    "FACE": ("a die", "die NAME { face 1 { ... } }"),
    "OPTION": ("a 'choose' block", "choose { option \"...\" { ... } }"),
}


@lru_cache(maxsize=1)
def _statement_starts() -> frozenset:
    """Keyword token types that begin a statement but no declaration (`modifier`, `pay`...)."""
    inside = _lark().parse_interactive("proc p() {")
    inside.exhaust_lexer()
    return frozenset(t for t in inside.accepts() if t in _spellable().values()) - _item_starts()


def _declaration_start(err: UnexpectedToken) -> int:
    """Where the declaration the parser was in when it failed begins: the parse from there on does
    not depend on the declarations before it."""
    for value in err.state.value_stack:
        if isinstance(value, Tree) and value.data.startswith("__"):  # the declarations already read
            continue
        while isinstance(value, Tree):
            value = next((c for c in value.children if c is not None), None)
        if isinstance(value, Token):
            return value.start_pos
        break
    return 0


def _accepts_keyword(text: str, start: int, pos: int, words: list, after: list) -> bool:
    """Whether the parser, having read `text[start:pos]` from the start of a declaration, would take
    the keywords `words` next, and then the tokens `after` (up to the one it failed at): a word
    offered in place of a name must carry the parse past the point where it stopped."""
    try:
        parser = _lark().parse_interactive(text[start:pos])
        parser.exhaust_lexer()
        for word in words:
            parser.feed_token(Token(_spellable()[word], word))
        contextual = _contextual()
        for tok in after:   # (`scan` read a contextual word as a name: the keyword where the parser takes it)
            if tok.type == "NAME" and str(tok) in contextual and contextual[str(tok)] in parser.accepts():
                tok = Token(contextual[str(tok)], str(tok))
            parser.feed_token(tok)
    except (UnexpectedInput, RulesError):
        return False
    return True


# Words from other languages, with the rules language's own.
_FOREIGN_WORDS = {"elif": "else if", "elsif": "else if", "elseif": "else if", "otherwise": "else"}


def _close_words(word: str) -> list:
    """The keywords a misspelt word may be (up to three, closest first)."""
    import difflib   # here, on a syntax error: a clean parse never loads it

    return difflib.get_close_matches(word, list(_spellable()), n=3, cutoff=0.7)


def _misspelt_keyword(err: UnexpectedToken, text: str, file: str) -> Optional[Diagnostic]:
    """"did you mean 'gain'?" at a name among the last few tokens that is close to a keyword the
    parser would have taken in its place (`gian 1 vp;` fails only at the '1')."""
    # texts and comments never span lines, so lexing from the start of a line is safe
    starts = [0] + [m.end() for m in LINE_BREAK.finditer(text, 0, err.token.start_pos)]
    first_line = max(1, len(starts) - 3)
    base = starts[first_line - 1]
    tokens, _ = scan(text[base: err.token.end_pos])
    if len(tokens) >= 2 and tokens[-1].line > tokens[-2].line and "SEMICOLON" in (err.accepts or err.expected):
        return None   # a line that ends where a ';' could: it is missing (`... + column` then `proc`)
    start = _declaration_start(err)
    for back, tok in enumerate(reversed(tokens[-6:])):
        if back and tok.type in ("SEMICOLON", "RBRACE"):
            break
        if tok.type != "NAME" or base + tok.start_pos < start or tok in _contextual():
            continue   # (`scan` reads a contextual word as a name: it is spelt right)
        words = [_FOREIGN_WORDS[tok]] if tok in _FOREIGN_WORDS else _close_words(str(tok))
        after = tokens[len(tokens) - back:] if back else []
        for word in words:
            if _accepts_keyword(text, start, base + tok.start_pos, word.split(), after):
                line = tok.line + first_line - 1
                return Diagnostic("E100", f"'{tok}' is not a keyword; did you mean '{word}'?",
                                  A.Span(file, line, tok.column, line, tok.end_column))
    return None


# functions of other languages over a domain -> the aggregate of the rules language
_AGGREGATE_FOR = {"max": "highest", "min": "lowest", "sum": "total", "any": "some", "all": "every",
                  "len": "count", "filter": "gather"}
# the words designers reach for to order a domain: `sorted(x in D, most KEY)` is the expression
_SORTED_FOR = ("sort", "sort_by", "order", "ordered", "order_by", "ranked")
_OVER_DOMAIN = ("count", "total", "some", "every", "highest", "lowest", "gather", "top", "bottom", "first", "sorted",
                "connects", "longest_path")


def _top_of_a_zone(text: str, base: int, before: list, tok: Token, span) -> Optional[Diagnostic]:
    """`top(p.mat)`, `bottom(deck)`: the top item of a zone is `first(ZONE)` (its bottom one `last(ZONE)`);
    `top(...)` and `bottom(...)` are the aggregates over a domain, `top(x in DOMAIN, KEY)`."""
    opened = next((i for i in range(len(before) - 1, 0, -1) if before[i].type == "LPAR"), None)
    if opened is None or str(before[opened - 1]) not in ("top", "bottom") or str(tok) == "in" or \
            any(t.type in ("LPAR", "RPAR", "SEMICOLON", "LBRACE", "RBRACE") or str(t) == "in" for t in before[opened + 1:]):
        return None
    word, end = str(before[opened - 1]), text.find(")", base + before[opened].end_pos)
    zone = text[base + before[opened].end_pos: end].strip() if end >= 0 and "\n" not in \
        text[base + before[opened].end_pos: end] else "ZONE"
    meant = "first" if word == "top" else "last"
    return Diagnostic("E100", f"'{word}(...)' is the aggregate over a domain, '{word}(x in DOMAIN, KEY)'; the {word} "
                              f"item of a zone is '{meant}(ZONE)'", span(before[opened - 1]),
                      hint=f"write '{meant}({zone})'")


def _known_slip(err: UnexpectedToken, text: str, file: str) -> Optional[Diagnostic]:
    """A mistake recognised by the few tokens before the failure: `max(p in players, ...)` for
    `highest(...)`, `move all z to w;` without its 'of', `each players: { ... }` with a ':' before a
    block. None for anything else."""
    starts = [0] + [m.end() for m in LINE_BREAK.finditer(text, 0, err.token.start_pos)]
    first_line = max(1, len(starts) - 3)
    base = starts[first_line - 1]
    try:
        tokens, _ = scan(text[base: err.token.end_pos])
    except UnexpectedInput:
        return None

    def span(tok: Token) -> A.Span:
        line = tok.line + first_line - 1
        return A.Span(file, line, tok.column, line, tok.end_column)

    *before, tok = tokens or [None]
    if tok is None:
        return None
    if tok.type == "COLON" and "RSQB" in err.expected:
        # `ray(s, d)[0:3]` (a newcomer's Connect Four): Python's slice; the language's counts from 1, both ends kept
        low = before[-1] if before and before[-1].type == "INT" and len(before) >= 2 and before[-2].type == "LSQB" \
            else None
        after = text[err.token.end_pos: err.token.end_pos + 12].split("]")[0].strip()
        example = (f"[{int(low) + 1}..{after}]" if low is not None and after.isdigit() else "[A..B]")
        return Diagnostic("E100", "a slice of a list is written with '..', not ':', its places counted from 1 and both "
                          "ends kept", span(tok), hint=f"write '{example}' (Python's [0:3] is [1..3], 5.1)")
    over = _call_over_a_domain(before, tok)
    if over is not None:
        call, name, var = over
        agg = _AGGREGATE_FOR.get(name)
        if agg is not None:
            return Diagnostic("E100", f"'{name}' takes values, as in '{name}(a, b)', not '{var} in DOMAIN': over a "
                              f"domain, write '{agg}({var} in DOMAIN, EXPR)'", span(call),
                              hint=f"write '{agg}' for '{name}'")
        if name in _SORTED_FOR:
            return Diagnostic("E100", f"the elements of a domain in order are 'sorted({var} in DOMAIN, most KEY)', "
                              f"not '{name}(...)'", span(call), hint=f"write 'sorted' for '{name}'")
        return Diagnostic("E100", f"only an aggregate goes over '{var} in DOMAIN' (count, total, some, every, "
                          f"highest, lowest, gather, top, bottom, sorted), not '{name}'", span(call),
                          hint=did_you_mean(name, _OVER_DOMAIN))
    end_of = _top_of_a_zone(text, base, before, tok, span)
    if end_of is not None:
        return end_of
    if len(before) >= 2 and str(before[-2]) == "seats" and before[-1].type == "INT" and \
            (tok.type == _range_token() or str(tok) == "-"):
        # `seats 2..6;` (a range elsewhere) or `seats 3-7;` (as a box prints it): the seat counts read 'to'
        low, high = str(before[-1]), re.match(r"\s*(\d+)", text[err.token.end_pos:])
        written = f"seats {low} to {high.group(1) if high else 'MAX'}"
        return Diagnostic("E100", f"a game's player counts are written '{written}', not with '{tok}'",
                          span(tok), hint=f"write '{written};'")
    two = _two_domains(before, tok, span)
    if two is not None:
        return two
    if len(before) >= 3 and [str(t) for t in before[-3:]] == ["at", "random", "as"] and tok.type == "STRING":
        # `pick c from hand at random as "discard {c}"`: the label of a question nobody is asked
        return Diagnostic("E326", "'pick ... at random': a label is shown to no one: nobody is asked (the game's "
                          "seeded RNG picks)", span(tok),
                          hint="drop the label; 'as NAME' after 'at random' names the pick for 'break NAME'")
    if len(before) >= 2 and str(before[-2]) == "move" and str(before[-1]) == "all" and \
            tok.type in _expression_starts():
        end = text.find(";", err.token.start_pos)
        rest = text[err.token.start_pos: end + 1] if end >= 0 and "\n" not in text[err.token.start_pos: end] else ""
        return Diagnostic("E100", f"'move all' takes 'of' before its zone; found '{tok}'", span(tok),
                          hint=f"write 'move all of {rest}'" if rest else "write 'move all of ZONE to ZONE;'")
    if tok.type == "LSQB" and "FOR" in err.expected and len(before) >= 2 and before[-1].type == "NAME":
        # `property house[v in 1..30] { ... }`: one entity per number is a `for each` after the title
        close = text.find("]", err.token.start_pos)
        inside = " ".join(text[err.token.end_pos: close].split()) if close >= 0 else ""
        domains = inside if " in " in inside else "v in 1..30"
        title = re.match(r'\s*("[^"\n]*")', text[close + 1:]) if close >= 0 else None
        return Diagnostic("E100", f"an entity declaration takes no index after its name ('{before[-1]}[...]'): one "
                          "entity per number or member is written with 'for each' after the title", span(tok),
                          hint=f"write '{before[-2]} {before[-1]} {title.group(1) if title else chr(34) + 'Title' + chr(34)}"
                          f" for each {domains} {{ ... }}'")
    if tok.type == "WHERE" and before and before[-1].type in ("NAME", "RPAR", "RSQB", "INT"):
        late = _where_after_destination(text, base, before, err, span(tok))
        if late is not None:
            return late
        if str(before[-1]) == "alike" and any(str(t) == "pick" for t in before[-12:]):
            # `pick t from storage alike where ...` (a newcomer's Castles of Burgundy): the words go in order
            at = max(i for i, t in enumerate(before) if str(t) == "pick")
            written = " ".join(text[base + before[at].start_pos: base + before[-1].start_pos].split())
            return Diagnostic("E100", "in a pick, 'where' comes before 'alike': 'pick VAR from DOMAIN [where COND] "
                              "[alike] [\"Prompt\"] ...'", span(tok),
                              hint=f"move 'alike' after the condition: '{written} where COND alike ...'")
        # `opponents where p.protected == 0` as a list: a condition filters where a domain is gone over
        return Diagnostic("E100", "'where' filters a domain where something goes over it (a pick, a loop, an "
                          "aggregate), not a list standing alone", span(tok),
                          hint="write the condition where the list is used: 'pick p from opponents where COND', "
                          "'for each p in opponents where COND', 'count(p in opponents where COND)'")
    if tok.type == "COMMA" and len(before) >= 3 and str(before[-2]) == "with" and before[-1].type == "NAME":
        head = len(before)
        while head > 0 and before[head - 1].type not in ("SEMICOLON", "LBRACE", "RBRACE", "COLON"):
            head -= 1
        if str(before[head]) == "fill":
            # `fill deck with chameleon, joker;` (a newcomer's Coloretto): one kind a fill, as many fills as kinds
            zone = " ".join(text[base + before[head + 1].start_pos: base + before[-2].start_pos].split())
            end = text.find(";", err.token.start_pos)
            rest = text[err.token.end_pos: end] if end >= 0 and "\n" not in text[err.token.end_pos: end] else ""
            kinds = [str(before[-1])] + [k.strip() for k in rest.split(",") if k.strip()]
            return Diagnostic("E100", "'fill ZONE with KIND' fills the cards of one kind: a zone of several kinds is "
                              "filled with one 'fill' for each", span(tok),
                              hint="write '" + " ".join(f"fill {zone} with {k};" for k in kinds) + "'")
    if tok.type == "COMMA" and "LBRACE" in err.expected:
        head = len(before)
        while head > 0 and before[head - 1].type not in ("SEMICOLON", "LBRACE", "RBRACE"):
            head -= 1
        if len(before) - head >= 4 and before[head].type == "FOR" and before[head + 3].type == "IN":
            # `for each t in 1..2, s in strain { ... }`: several domains are an entity declaration's (3.8)
            outer = " ".join(text[base + before[head].start_pos: err.token.start_pos].split())
            inner = " ".join(text[err.token.end_pos: text.find("{", err.token.end_pos)].split()) or "s in DOMAIN"
            return Diagnostic("E100", "a 'for each' statement goes over one domain: for every combination of two, "
                              "put a second 'for each' inside the first", span(tok),
                              hint=f"write '{outer} {{ for each {inner} {{ ... }} }}'")
    if tok.type == "LBRACE" and before and before[-1].type == "COLON":
        head = len(before) - 1
        while head > 0 and before[head - 1].type not in ("SEMICOLON", "LBRACE", "RBRACE"):
            head -= 1
        if head < len(before) - 1:
            header = " ".join(text[base + before[head].start_pos: base + before[-1].start_pos].split())
            return Diagnostic("E100", "a ':' takes one statement; a block '{ ... }' comes without it", span(before[-1]),
                              hint=f"drop the ':': '{header} {{ ... }}', or '{header}: STATEMENT;' for one statement")
    var_at = max((i for i, t in enumerate(before) if str(t) == "var"), default=None)
    if str(tok) in _VAR_WORDS and var_at is not None and all(str(t) not in (";", "{", "}") for t in before[var_at:]) \
            and any(t.type == "COLON" for t in before[var_at:]):
        # `var starter: player global;`: the words of where a variable lives come before its type
        colon = next(i for i in range(var_at, len(before)) if before[i].type == "COLON")
        head = " ".join(str(t) for t in before[var_at:colon])
        kind = " ".join(str(t) for t in before[colon + 1:])
        return Diagnostic("E100", f"'{tok}' comes before the ':' of a variable, not after its type", span(tok),
                          hint=f"write '{head} {tok}: {kind}'")
    member = _membership_slip(text, base, before, tok, err, span)
    if member is not None:
        return member
    slip = _func_case_slip(text, base, before, tok, span)
    if slip is not None:
        return slip
    return _statement_slip(err, text, base, before, tok, span)


def _membership_slip(text: str, base: int, before: list, tok: Token, err: UnexpectedToken,
                     span) -> Optional[Diagnostic]:
    """`if left in players { ... }`: 'in' tests nothing (it only follows a loop's or an aggregate's name);
    whether a list or a zone holds a value is `contains(LIST, X)`."""
    if str(tok) != "in" or not before or before[-1].type not in ("NAME", "RPAR", "RSQB", "INT"):
        return None
    start = len(before) - 1   # the item: a name, a number, or a chain of names and dots (`p.hand`)
    while start >= 2 and before[start - 1].type == "DOT" and before[start - 2].type == "NAME":
        start -= 2
    if before[start].type not in ("NAME", "INT") or (start >= 1 and str(before[start - 1]) in ("each", "(", "pick")):
        return None   # `for each x in`, `count(x in`, `pick x in`: the loop's own name, a slip of another kind
    item = text[base + before[start].start_pos: base + before[-1].end_pos]
    return Diagnostic("E100", f"'in' is no test: whether a list or a zone holds a value is 'contains(LIST, X)'",
                      span(tok), hint=f"write 'contains({_operand_after(text, err.token.end_pos)}, {item})'")


def _operand_after(text: str, at: int) -> str:
    """The operand written from `at` on (`current()`, `p.hand`, `[1, 2]`, `zones[k]`): a name or a list,
    each '(...)' or '[...]' after it taken whole; "LIST" when there is none."""
    name = re.compile(r"\s*[A-Za-z_][\w.]*").match(text, at)
    end = name.end() if name else len(text) - len(text[at:].lstrip())
    if name is None and not text.startswith("[", end):
        return "LIST"
    while end < len(text) and text[end] in "([":
        depth, close = 0, end
        for close in range(end, len(text)):
            if text[close] in "([":
                depth += 1
            elif text[close] in ")]":
                depth -= 1
            if depth == 0 or text[close] in ";{}\n":
                break
        if depth != 0:
            return "LIST"
        end = close + 1
    return text[at:end].strip() or "LIST"


def _blind_without_zone(word: A.Name) -> Diagnostic:
    """E586: `or blind` at the end of a pick's candidates, with no zone after it (`blind` read as a value)."""
    return Diagnostic("E586", "'or blind' offers the unseen top card of a zone, and no zone follows it", word.span,
                      hint="write the zone after it: 'or blind deck', or one zone of an indexed zone: 'or blind "
                      "deck[one]'")


# the words of a `var` declaration written between its name (or title) and the ':' of its type
_VAR_WORDS = ("global", "internal", "hidden")


def _where_after_destination(text: str, base: int, before: list, err: UnexpectedToken,
                             at: A.Span) -> Optional[Diagnostic]:
    """`draw 1 from deck to hand where it.fail;`: the condition of a draw or a `move all of` filters the zone
    taken from, so it stands after that zone, before `to`. The E100 that says so, at the `where` (with the
    statement rewritten when it is on one line), or None for a `where` elsewhere."""
    head = len(before)
    while head > 0 and before[head - 1].type not in ("SEMICOLON", "LBRACE", "RBRACE", "COLON"):
        head -= 1
    words = [str(t) for t in before[head:]]
    if not words or words[0] not in ("draw", "move") or "to" not in words[1:] or \
            (words[0] == "move" and words[1:3] != ["all", "of"]):
        return None
    to = head + len(words) - 1 - words[::-1].index("to")
    taken = " ".join(text[base + before[head].start_pos: base + before[to].start_pos].split())
    destination = " ".join(text[base + before[to].start_pos: base + before[-1].end_pos].split())
    end = text.find(";", err.token.end_pos)
    condition = " ".join(text[err.token.end_pos: end].split()) if end >= 0 else ""
    written = f"'{taken} where {condition} {destination};'" if condition and "{" not in condition else \
        f"'{taken} where COND {destination};'"
    return Diagnostic("E100", f"a {words[0]}'s 'where' tests the items of the zone it takes from, so it comes "
                      "before 'to', not after the zone they go to", at, hint=f"write {written}")


# an amend's match whose block has held no block so far (the arms of a func's match expression have none)
_AMEND_MATCH_OPEN = LazyPattern(r"\bamend\s+[A-Za-z_][A-Za-z0-9_]*\s*\{\s*match\b[^{};]*\{[^{}]*$")


def _func_case_slip(text: str, base: int, before: list, tok: Token, span) -> Optional[Diagnostic]:
    """`amend f { match a { plague: false; } }`: a case of a func's match expression written as the
    expression writes it, `VALUE: EXPR`, where an amend reads a statement after ':' (a proc's arm), or
    `a, b = EXPR;` naming several values: the amend writes `VALUE = EXPR;`, one value a line. Told only
    inside an amend's match, after ':' what no statement starts with, or at a '=' after several values."""
    head = len(before)
    while head > 0 and before[head - 1].type not in ("SEMICOLON", "LBRACE", "RBRACE"):
        head -= 1
    if head == len(before) or not _AMEND_MATCH_OPEN.search(text, 0, base + before[head].start_pos):
        return None
    colon = next((i for i in range(head, len(before)) if before[i].type == "COLON"), None)
    if colon is None:
        if tok.type != "EQUAL":
            return None
        end, at = len(before), span(tok)
        message = "in an amended func's match, 'VALUE = EXPR;' names one value, a name or a number: write a line for each"
    else:
        value = before[colon + 1] if colon + 1 < len(before) else tok
        if colon == head or value.type not in _expression_starts():   # `1: gain 1 vp` is a proc's arm
            return None
        end, at = colon, span(before[colon])
        message = "a case of a func's match expression is amended as 'VALUE = EXPR;': after ':' an amend reads " \
                  "steps (the arm of a proc's match statement)"
    cases = " ".join(text[base + before[head].start_pos: base + before[end - 1].end_pos].split())
    values = [str(t) for t in before[head:end] if t.type != "COMMA"]
    if all(t.type in ("NAME", "INT", "COMMA") for t in before[head:end]):
        hint = f"write '{' '.join(f'{v} = ...;' for v in values)}' (its value), or 'remove {cases};'"
    else:   # a range: no case is named by one value
        hint = f"a range's case is removed, 'remove {cases};', or changed by overriding the func"
    return Diagnostic("E100", message, at, hint=hint)


# the words that begin a declaration and only a declaration (E100 when one is met among statements)
_DECLARATION_WORDS = {"COUNTER": "counter", "VAR": "var", "ZONE": "zone", "RESOURCE": "resource",
                      "TRACK": "track", "KIND": "kind", "ENUM": "enum", "EVENT": "event", "DIE": "die",
                      "GROUP": "group"}


def _statement_slip(err: UnexpectedToken, text: str, base: int, before: list, tok: Token, span) -> Optional[Diagnostic]:
    """Slips judged by the statement the failure is in (its tokens since the last ';', '{' or '}'): a
    declaration among statements, `gain AMOUNT;` without its resource, `func f() { ... }` written as
    a proc, `emit e(t = X);` with a trigger filter's named argument."""
    accepts = set(err.accepts or err.expected)
    head = len(before)
    while head > 0 and before[head - 1].type not in ("SEMICOLON", "LBRACE", "RBRACE"):
        head -= 1
    statement = before[head:]
    first = statement[0] if statement else None
    operators = ("PLUS", "MINUS", "STAR", "SLASH", "PERCENT", "POW", "COMPARE")
    rolled = [t.type for t in statement[:5]] == ["LET", "NAME", "EQUAL", "ROLL", "NAME"]
    if rolled and len(statement) >= 6 and tok.type == "SEMICOLON" and statement[5].type in operators:
        tok = statement[5]   # `roll N DIE` reads `d6 + 2` as a count of dice still waiting for its die
    if rolled and tok.type in operators and (len(statement) == 5 or tok is statement[5]):
        # `let a = roll d6 + 1;`: a roll's value is the whole value of its `let` (Qwixx's sums of dice)
        name = str(statement[1])
        return Diagnostic("E100", f"a roll's value is the whole value of its 'let'; found '{tok}' after "
                          f"'roll {statement[4]}'", span(tok),
                          hint=f"roll into a local first, then work with it: 'let r = roll {statement[4]}; "
                          f"let {name} = r {tok} ...;'")
    if first is not None and first.type == "ZONE" and tok.type == "COMMA" and len(statement) >= 3 \
            and statement[-1].type == "NAME" and statement[-2].type in ("OF", "OR"):
        # `zone cup of green, yellow, red;` (Zombie Dice's three colours of dice in one cup)
        listed = re.match(r"(?:[ \t]*,[ \t]*[A-Za-z_]\w*)*", text[base + tok.start_pos:]).group(0)
        kinds = [str(statement[-1]), *re.findall(r"[A-Za-z_]\w*", listed)]
        return Diagnostic("E100", "a zone of several kinds joins them with 'or', not ','", span(tok),
                          hint=f"write 'of {' or '.join(kinds)}': the zone holds items of any of them (3.9)")
    if tok.type in _DECLARATION_WORDS and not statement and "RBRACE" in accepts and "GAIN" in accepts \
            and tok.column > 1:   # (at the start of its line, it follows a block left open: not this)
        word = _DECLARATION_WORDS[tok.type]
        end = text.find(";", err.token.start_pos)
        written = " ".join(text[err.token.start_pos: end + 1].split()) if end >= 0 else f"{word} NAME;"
        local = "" if tok.type not in ("COUNTER", "VAR") else \
            f"; a value for this block only is a local, 'let NAME = VALUE;'"
        return Diagnostic("E100", f"'{word}' declares at the top level of a file, not inside a block{local}",
                          span(tok), hint=f"move '{written}' out of the block, before or after it")
    if first is None:
        return None
    moving = _moving_slip(err, text, base, statement, tok, span)
    if moving is not None:
        return moving
    if first.type in ("GAIN", "LOSE") and tok.type == "SEMICOLON" and \
            (len(statement) > 2 or len(statement) == 2 and statement[1].type == "INT") and \
            not any(t.type in ("FOR", "TO", "FROM") for t in statement):
        amount = " ".join(text[base + statement[1].start_pos: base + statement[-1].end_pos].split())
        # the amount is all before the last call: `gain sum / s.divisor yields(s);` (Stone Age's spots)
        called = re.fullmatch(r"(.*[\w)\]]) ([A-Za-z_]\w*\((?:[^()]|\([^()]*\))*\))", amount)
        if called is not None:   # `gain 1 produces(terrain_of[h]);`: the resource a func gives (Catan's hexes)
            func = called.group(2).split("(")[0]
            at = next((t for t in statement[2:] if t.type == "NAME" and str(t) == func), tok)
            return Diagnostic("E100", f"'{first}' names its resource (or counter) after the amount; "
                              f"'{called.group(2)}' is a call, which names none here", span(at),
                              hint=f"take the func's resource into a local first: 'let r = {called.group(2)}; "
                              f"{first} {called.group(1)} r;'")
        return Diagnostic("E100", f"'{first}' takes an amount, then the resource (or counter): the resource "
                          f"is missing after '{amount}'", span(tok),
                          hint=f"write it before ';', as in '{first} {amount} vp;'")
    if first.type == "SET" and len(statement) > 2 and str(statement[1]) == "aside" and tok.type == "SEMICOLON" \
            and not any(str(t) == "until" for t in statement):   # `set aside c;`: for how long?
        item = " ".join(text[base + statement[2].start_pos: base + statement[-1].end_pos].split())
        return Diagnostic("E100", "'set aside' lasts until an event: 'until EVENT' is missing", span(tok),
                          hint=f"write 'set aside {item} until EVENT;' (it comes back then); a card out of play for "
                               "good is moved to a zone: 'move CARD to ZONE;'")
    if first.type == "OPTION" and tok.type == "IF":   # `option "x" if COND {`: an option's guard is `when`
        return Diagnostic("E100", "an option's condition is written with 'when', not 'if'", span(tok),
                          hint="write 'when' for 'if': 'option \"...\" when COND { ... }'")
    modes = [i for i, t in enumerate(statement) if t.type in ("OPTIONAL", "REPEATEDLY")
             or t.type == "NAME" and str(t) in ("exactly", "up", "least") and i > 0 and statement[i - 1].type != "DOT"]
    if first.type == "PICK" and len(statement) >= 3 and str(before[-1]) == "least" and str(before[-2]) == "at" \
            and tok.type == "INT" and any(str(t) in ("exactly", "optional", "repeatedly") for t in statement[:-2]):
        other = next(str(t) for t in statement[:-2] if str(t) in ("exactly", "optional", "repeatedly"))
        return Diagnostic("E494", f"'at least M' goes alone or before 'up to N': '{other}' has no minimum",
                          span(before[-2]), hint=f"drop '{other}' ('at least {tok}' alone), or write 'at least {tok} "
                          "up to N'")
    words = [str(t) for t in statement]
    if first.type == "PICK" and "budget" in words[1:] and "cost" not in words[words.index("budget", 1):] \
            and tok.type in ("STRING", "LBRACE", "NAME") and str(tok) != "cost":
        return Diagnostic("E495", "a pick's budget takes its cost: 'budget N cost EXPR', each candidate costing EXPR",
                          span(statement[words.index("budget", 1)]),
                          hint="write 'budget N cost 1' if every candidate costs 1, or the cost of each "
                               "('cost (if c.big then 2 else 1)')")
    if first.type == "PICK" and str(tok) == "cost" and before and str(before[-2] if len(before) > 1 else "") == "budget" \
            and any(t.type == "STRING" for t in statement):
        return Diagnostic("E495", "a pick's budget comes before its prompt: 'pick VAR from DOMAIN budget N cost EXPR "
                          "\"prompt\" { ... }'", span(before[-2]), hint="move 'budget N cost EXPR' before the prompt")
    if first.type == "PICK" and tok.type == "STRING" and modes:   # `pick ... exactly 2 "prompt" {`
        mode = statement[modes[-1]]
        if str(mode) == "least" and modes[-1] > 0 and str(statement[modes[-1] - 1]) == "at":
            mode = statement[modes[-1] - 1]
        head = " ".join(text[base + first.start_pos: base + mode.start_pos].split())
        how = " ".join(text[base + mode.start_pos: base + before[-1].end_pos].split())
        return Diagnostic("E100", f"a pick's prompt comes before its mode ('{mode}'), not after it", span(tok),
                          hint=f"write '{head} {tok} {how} {{ ... }}'")
    if first.type == "PICK" and tok.type == "INT":   # `pick ... 1 to 3 {`: a range for a count
        upper = re.match(r"\s*to\s+([^\s{;]+)", text[err.token.end_pos:])
        if upper is not None:
            return Diagnostic("E493", f"a pick's count is not written '{tok} to {upper.group(1)}': the fewest picks "
                              f"are 'at least M', the most 'up to N'", span(tok),
                              hint=f"write 'at least {tok} up to {upper.group(1)}'")
    if first.type == "FUNC" and tok.type == "LBRACE" and before and before[-1].type == "RPAR":
        name = str(statement[1]) if len(statement) > 1 else "f"
        return Diagnostic("E100", f"a func is an expression, written 'func {name}(...) = EXPR;': it gives a value "
                          f"and changes nothing", span(tok),
                          hint=f"effects (gain, move, ...) belong in a proc: 'proc {name}(...) {{ ... }}'")
    if first.type == "EMIT" and tok.type == "EQUAL" and len(before) >= 2 and before[-1].type == "NAME" \
            and before[-2].type in ("LPAR", "COMMA"):
        end = text.find(";", err.token.start_pos)
        call = text[base + first.start_pos: end + 1] if end >= 0 else ""
        positional = re.sub(r"([(,]\s*)[A-Za-z_]\w*\s*=(?!=)\s*", r"\1", call) if "\n" not in call else ""
        return Diagnostic("E100", f"'emit' takes its arguments by position, in the order the event declares them; "
                          f"'{before[-1]} = VALUE' is the form of a trigger's filter "
                          f"('whenever you {statement[1] if len(statement) > 1 else 'EVENT'}({before[-1]} = VALUE)')",
                          span(before[-1]), hint=f"write '{positional}'" if positional else "drop the names")
    return None


def _moving_slip(err: UnexpectedToken, text: str, base: int, statement: list, tok: Token, span) -> Optional[Diagnostic]:
    """Slips of the statements that move cards and set values, in the words of other languages or of the
    table: `draw 2 to hand from deck`, `draw 2 cards from deck`, `move c to end of pile`, `move top of deck
    to pile`, `set n *= 2`, `for each r in 1..4: STATEMENT` (only `each` takes a ':')."""
    words = [str(t) for t in statement]
    end = text.find(";", err.token.start_pos)
    line = text[base + statement[0].start_pos: end + 1] if end >= 0 else ""
    line = " ".join(line.split()) if line.count("\n") <= 1 else ""
    if words[0] == "draw" and len(words) >= 2 and str(tok) == "to" and "from" not in words:
        rewritten = re.match(r"draw (.+?) to (.+?) from (.+?);$", line)
        return Diagnostic("E100", "a draw names the zone it takes from first, then where the cards go", span(tok),
                          hint=f"write 'draw {rewritten.group(1)} from {rewritten.group(3)} to {rewritten.group(2)};'"
                          if rewritten else "write 'draw N from ZONE to ZONE;'")
    if words[0] == "draw" and len(words) == 2 and tok.type == "NAME" and statement[1].type == "INT":
        rest = re.match(r"draw \S+ \S+ (from .+;)$", line)
        return Diagnostic("E100", f"a draw's amount is a number alone: '{tok}' is no word of the statement", span(tok),
                          hint=f"write 'draw {words[1]} {rest.group(1)}'" if rest else f"drop '{tok}'")
    if words[0] == "move" and str(tok) == "of" and words[-1] in ("end", "back") and \
            len(words) >= 3 and words[-2] == "to":
        zone = re.match(r".* to \S+ of (.+?);$", line)
        return Diagnostic("E100", f"a card moved to a zone goes to its end already: '{words[-1]} of' is not written",
                          span(statement[-1]), hint=(f"write '{' '.join(words[:-1])} {zone.group(1)};'" if zone else
                                                     "write 'move CARD to ZONE;'") + " ('to top of ZONE' puts it on top)")
    if words[0] == "move" and str(tok) == "of" and words[1:] == ["top"]:
        rest = re.match(r"move top of (\S+) (to .+;)$", line)
        return Diagnostic("E100", "the top card of a zone is 'first(ZONE)', not 'top of ZONE'", span(statement[1]),
                          hint=f"write 'move first({rest.group(1)}) {rest.group(2)}', or 'draw 1 from {rest.group(1)} "
                          f"{rest.group(2)}'" if rest else "write 'move first(ZONE) to ZONE;'")
    if words[0] == "set" and tok.type in ("STAR", "PLUS", "MINUS", "SLASH", "PERCENT") and \
            text[err.token.end_pos: err.token.end_pos + 1] == "=" and len(words) >= 2:
        target = " ".join(text[base + statement[1].start_pos: base + statement[-1].end_pos].split())
        value = re.match(r".*?[-+*/%]=\s*(.+?);$", line)
        return Diagnostic("E100", f"'set' takes '=' alone: '{tok}=' is not written", span(tok),
                          hint=f"write 'set {target} = {target} {tok} {value.group(1)};'" if value else
                          f"write 'set {target} = {target} {tok} VALUE;'")
    if words[:2] == ["for", "each"] and tok.type == "COLON":
        head = " ".join(text[base + statement[0].start_pos: base + statement[-1].end_pos].split())
        body = " ".join(text[err.token.end_pos: end + 1].split()) if end >= 0 else ""
        return Diagnostic("E100", "'for each' takes a block: only 'each PLAYERS:' takes one statement after ':'", span(tok),
                          hint=f"write '{head} {{ {body if body and '{' not in body else 'STATEMENT'} }}'")
    return None


def _next_is_brace(text: str, pos: int) -> bool:
    """Whether the next thing after `pos`, past blanks and comments, is a '{'."""
    return _COMMENT.sub("", text[pos:pos + 200]).lstrip().startswith("{")


def _statement_outside(err: UnexpectedToken, text: str, file: str) -> Optional[Diagnostic]:
    """A statement of a contextual word written between declarations (`eliminate left;` outside any
    effect): there the word is a name, read as the kind of a card, and the parse fails before the
    card's '{'. None for anything else (a card of a kind named `end` is a declaration)."""
    start = _declaration_start(err)
    try:
        tokens, _ = scan(text[start: err.token.start_pos])
    except UnexpectedInput:
        return None
    if not tokens or tokens[0].type != "NAME" or _contextual().get(str(tokens[0])) not in _statement_starts() \
            or any(t.type in ("STRING", "STAR", "LBRACE") for t in tokens) or err.token.type == "INT":
        return None
    word = tokens[0]
    line, column = line_and_column(text, start)
    return Diagnostic("E100", f"{DECLARATION_LABEL}; found '{word}'", A.Span(file, line, column, line, column + len(word)),
                      hint=f"'{word}' is a statement: it goes inside an effect (a card's effect, a proc, a phase)")


def _quote_in_value(err: UnexpectedToken, text: str, file: str) -> Optional[Diagnostic]:
    """A text whose `{...}` value holds a quote (`"{if n == 0 then "centre" else "display"}"`): the
    quote ends the text there, and the parser fails further on, at what follows it."""
    line_start = text.rfind("\n", 0, err.token.start_pos) + 1
    tokens, _ = scan(text[line_start: err.token.end_pos])
    for tok in tokens:
        if tok.type == "STRING" and tok.count("{") > tok.count("}"):
            line = err.token.line
            return Diagnostic("E100", "a quote inside a text's {...} value ends the text there",
                              A.Span(file, line, tok.column, line, tok.end_column),
                              hint="work the words out in a func and show its value, as in {side(n)}")
    return None


def _classify(err: UnexpectedToken, text: str, file: str) -> tuple[Diagnostic, bool]:
    """The diagnostic for an unexpected token, and whether it is a missing ';' (which the parser
    can supply and carry on); met outside every block, with a note on the '}' that looks like one
    too many when the layout points at one."""
    diagnostic, missing_semicolon = _classify_token(err, text, file)
    tok = err.token
    # (a keyword used as a name is wrong inside a block or out of it: no brace is to blame)
    if not missing_semicolon and not _inside_braces(text, tok.line, tok.column) \
            and not diagnostic.message.startswith(KEYWORD_LABEL):
        diagnostic = replace(diagnostic, notes=diagnostic.notes + _extra_brace_note(text, tok.line, tok.column))
    return diagnostic, missing_semicolon


def _statement_indent(lines: list, number: int) -> int:
    """The indentation of the statement a line belongs to: a line that goes on from an unfinished
    one above (a header wrapped by fmt) takes that one's."""
    while number > 1 and _last_code_char(lines[number - 2].strip()) not in "{};" and lines[number - 2].strip():
        number -= 1
    body = lines[number - 1].expandtabs(8)
    return len(body) - len(body.lstrip())


def _extra_brace_note(text: str, line: int, column: int) -> tuple:
    """A note naming the '}' before (line, column) that looks like one too many, judged by
    indentation: the first '}' starting a line that closes a '{' opened by a line indented less
    (the '}' of an inner block closes an outer one); none when the layout says nothing, as it does not
    of a block whose first statement is on the line of its '{' (`card c { points = 2;`: its '}' may end
    any line of it). Inside a block (an `option` after a `choose`'s '}' too many), only a '}' of the
    blocks inside that one is looked at."""
    lines = LINE_BREAK.split(text)
    opened: list[tuple[int, int]] = []
    suspects = []   # (the '{' it closes, the note), in the order of the '}'
    for kind, at_line, at_column in _scan_brackets(text):
        if (at_line, at_column) >= (line, column):
            break
        if kind == "{":
            opened.append((at_line, at_column))
        elif kind == "}" and opened:
            open_line, open_column = opened.pop()
            body = lines[at_line - 1].expandtabs(8)
            indent = len(body) - len(body.lstrip())
            # a '}' starting its line, or one after a block opened and closed on its line (`if a { } }`)
            alone = body.lstrip().startswith("}") or "{" in lines[at_line - 1][:at_column - 1]
            compact = _last_code_char(lines[open_line - 1][open_column:]) not in ("", "{")
            if open_line < at_line and alone and not compact and indent > _statement_indent(lines, open_line):
                suspects.append(((open_line, open_column),
                                 f"the '}}' at line {at_line}, column {at_column} looks like one too many: by its "
                                 f"indentation it ends an inner block, but it closes the '{{' at line {open_line}, "
                                 f"column {open_column}, and the code after it is read outside that block"))
    inside = opened[-1] if opened else (0, 0)   # the block the position is in (none: the top level)
    return next(((note,) for opening, note in suspects if opening > inside), ())


def _block_head(text: str, end: int) -> bool:
    """Whether the statement ending at `end` (since the last ';', '{' or '}') is more than one word:
    the head of a block (`whenever you built once per you turn_start`), not a name alone, which may
    be a field cut short (`v#otes = 2;`)."""
    start = max(text.rfind(c, 0, end) for c in ";{}") + 1
    return len(_COMMENT.sub("", text[start:end]).split()) > 1


_COMMENT = re.compile(r"#[^\n]*")


def _classify_token(err: UnexpectedToken, text: str, file: str) -> tuple[Diagnostic, bool]:
    """`_classify` without the note on a '}' too many."""
    tok = err.token
    word = _last_token(err)
    if tok.type == "INT" and word is not None and word.type == "NAME" and _contextual().get(str(word)) in _CONTAINER_ITEMS:
        # `space 1 { ... }` where no track's block is open (at the top, or after a space left open):
        # the contextual word was read as a name; said as its keyword would be
        keyword = _as_keyword(text, word)
        if keyword is not None:
            return _classify_token(keyword, text, file)
    span = _token_span(file, tok)
    accepts = set(err.accepts or err.expected)
    found = f"'{tok}'"
    expected = _expected_text(accepts)
    outside = _statement_outside(err, text, file) if "RBRACE" not in accepts else None
    if outside is not None:
        return outside, False
    slip = _known_slip(err, text, file)
    if slip is not None:
        return slip, False
    if str(tok) == "through" and "THROUGH" not in accepts:
        misplaced = _through_after_network(text, tok, span)
        if misplaced is not None:
            return misplaced, False
    member = _field_name_read(err) if "COLON" in accepts and tok.type in ("COMMA", "RBRACE", "LPAR", "STRING") else None
    if member is not None and member.type in _keywords().values() and ENUM_OPEN.search(text[:member.start_pos]):
        # `enum tip { top, bottom }`: a member named with a word that may name a field (`top: int;`), so read
        # as a field's declaration missing its ':'
        return Diagnostic("E100", f"{KEYWORD_LABEL}; found '{member}'",
                          _token_span(file, member), hint=_another_name(member, None, "member")), False
    prompt = _last_token(err)
    if "LBRACE" in accepts and prompt is not None and tok.line > prompt.end_line and \
            (prompt.type == "STRING" or "SEMICOLON" not in accepts and _block_head(text, prompt.end_pos)):
        # `pick d from disease where ... "treat which?"`, `whenever ... once per you turn_start`, and the
        # block's first statement on the next line (where a ';' could end the line instead, it is that)
        after = str(prompt) if prompt.type == "STRING" else f"'{prompt}'"
        end = A.Span(file, prompt.end_line, prompt.end_column, prompt.end_line, prompt.end_column + 1)
        return Diagnostic("E100", f"a '{{' is missing after {after}: the block it begins is not opened; "
                          f"found {found} at line {tok.line}", end, hint=f"write '{{' after {after}"), False
    if tok.type == "RBRACE" and not _inside_braces(text, tok.line, tok.column):   # `}` with no block open
        return Diagnostic("E100", "this '}' closes nothing: every block before it is closed already", span,
                          hint="remove it, or the '}' too many before it"), False
    misspelt = None if tok.type == "EQUAL" and "COMPARE" in accepts else _misspelt_keyword(err, text, file)
    if misspelt is not None:   # (`energy = 0` in a condition is a '=' for '==', not a misspelt `every`)
        return misspelt, False
    quoted = _quote_in_value(err, text, file)
    if quoted is not None:
        return quoted, False
    range_problem = _misplaced_range(err, accepts)
    if range_problem is not None:
        return Diagnostic("E100", f"{range_problem}; found {found}", span, hint="write LOW..HIGH"), False
    label = _example_index().get((err.state.position, tok.type))
    before = _after_last_value(err, file)
    if label and "SEMICOLON" in accepts and before is not None and tok.line > before.line:
        label = None   # a statement that could end where its line does, and the next one starts: a ';' is missing
    if label == BRACES_LABEL:   # the statement whose body lacks its braces (a loop as much as an `if`)
        head = next((str(v) for v in reversed(err.state.value_stack)
                     if isinstance(v, Token) and str(v) in BRACED_HEADS), "if")
        name, form = BRACED_HEADS[head]
        return Diagnostic("E100", f"the body of '{name}' goes in braces: '{form}'; found {found}",
                          span, hint=f"write '{{' before {found} and '}}' after the body"), False
    if label == COOPERATIVE_LABEL:   # `winner together fuses < 3;`: 'fuses' was read as the word of a score
        *_, winner, together, word = [None, None, None] + list(err.state.value_stack)
        if isinstance(winner, Token) and winner.type == "WINNER" and isinstance(together, Token) and \
                str(together) != "together":   # `winner last standing;`: no cooperative line at all
            return _not_a_winner_line(file, together), False
        if isinstance(winner, Token) and winner.type == "WINNER" and isinstance(word, Token) and \
                word.type == "NAME" and str(word) != "score":
            return Diagnostic("E100", f"{label}; found '{word}'", _token_span(file, word),
                              hint=f"write 'if' before '{word}'"), False
    if tok.type in _keywords().values() and "NAME" in accepts and EVENT_PARAMS.search(text, 0, tok.start_pos):
        # `event built(where: cell);`: an argument named with a reserved word
        return Diagnostic("E100", f"'{tok}' is a reserved word: rename the event's argument", span,
                          hint=_another_name(tok, None, "argument")), False
    if tok.type in _keywords().values() and IT_DOT.search(text, 0, tok.start_pos):
        # `it.where`: an event's argument cannot have a reserved word's name, so none is read so
        return Diagnostic("E100", f"'{tok}' is a reserved word: rename the event's argument (no argument can be "
                          f"read as 'it.{tok}')", span, hint=_another_name(tok, None, "argument")), False
    if str(tok) in LET_ONLY and SET_VALUE.search(text, 0, tok.start_pos):
        # `set a = roll d6;`: a roll, a payment, a draw or a pick gives a value only to a new `let` (4.12)
        return Diagnostic("E100", f"'{tok}' gives a value only to a new name, as 'let NAME = {tok} ...;'; found {found} "
                          "after 'set ... ='", span, hint=f"write 'let r = {tok} ...;' and then 'set ... = r;'"), False
    if str(tok) in LET_ONLY and "INT" in accepts:
        # `[roll d6, roll d6]`, `roll d6 + 1`: the same statements, where an expression stands (Qwixx's six dice)
        return Diagnostic("E100", f"'{tok}' gives a value only as the whole value of a new name, 'let NAME = {tok} "
                          "...;', not inside an expression", span,
                          hint=f"{tok} into a local of its own first ('let a = {tok} ...;'), then use the local"), False
    if slip := _value_slip(text, tok, accepts):   # `+ if`, `any(...)`, `=>`: another language's way
        return Diagnostic("E100", f"{slip[0]}; found {found}", span, hint=slip[1]), False
    if label:
        return Diagnostic("E100", f"{label}; found {found}", span, hint=f"expected {expected}"), False
    if tok.type == "EQUAL" and "COMPARE" in accepts:
        return Diagnostic("E100", f"{COMPARE_LABEL}; found {found}", span, hint="write '==' here"), False
    if tok.type == "IF" and "SEMICOLON" in accepts and TEAM_SCORE_FIRST.search(text, 0, tok.start_pos):
        return Diagnostic("E100", "a cooperative game's condition comes before its score: 'winner together "
                          "if CONDITION score EXPR;'", span, hint="the score is kept whether the team wins or "
                          "loses: it is no score 'if' the condition holds"), False
    slip = AUCTION_FORM_SLIP.search(text, 0, tok.start_pos) if str(tok) == "to" else None
    if slip is not None:   # `form up to`: the form's value left out; `open in any up to`: its last word
        if slip.group(1) == "form":
            return Diagnostic("E100", "'form' takes the value that names the auction's form, before 'up to'; found "
                              "'up to' after 'form'", span, hint="write 'form how up to ...' (a member named after a "
                              "form, or a text: 4.21b), or the form itself: 'sealed up to ...'"), False
        return Diagnostic("E100", "the shouted auction is 'open in any order'; found 'up to' after 'open in any'", span,
                          hint="write 'open in any order up to ...'"), False
    if "SEMICOLON" in accepts and tok.type != "SEMICOLON" and _semicolon_helps(err):
        label = SEMICOLON_LABEL if _inside_braces(text, tok.line, tok.column) else DECLARATION_SEMICOLON_LABEL
        return Diagnostic("E100", f"{label}: add ';' here (before {found})", before or span), True
    keyword_as_name = tok.type in _keywords().values() and "NAME" in accepts and "INT" not in accepts
    slot = _last_token(err)
    if tok.type in ("COLON", "EQUAL") and slot is not None and slot.type == "WHENEVER" and \
            text[:slot.start_pos].rstrip()[-1:] in ("{", ";", "}"):
        # `kind city { whenever: city; }`: a field named `whenever`, not a reaction (7.2a) missing its event
        return Diagnostic("E100", f"{KEYWORD_LABEL}; found '{slot}'", _token_span(file, slot),
                          hint=_another_name(slot, None, "field")), False
    if keyword_as_name and "RBRACE" in accepts and text[tok.end_pos:tok.end_pos + 40].lstrip()[:1] in (":", "="):
        # `kind city { next: city; }`, `city a { once = 2; }`: a field named with a reserved word, not
        # a block left open before a `next` trigger nor an effect outside a slot
        return Diagnostic("E100", f"{KEYWORD_LABEL}; found {found}", span,
                          hint=_another_name(tok, None, "field")), False
    led = _last_token(err)
    if str(tok) in _SYNONYMS and tok.type in _keywords().values() and {"NAME", "INT"} <= accepts and \
            not (led is not None and led.type in _statement_starts() and led.type not in ("IF", "WHILE", "RETURN")):
        # `let at = from;`, `where to != from`: a reserved word a rule would name a square by, read where a value
        # goes (a parameter so named is told at its declaration; this is a use of one); not right after a
        # statement's word, where the value is missing (`move to table;`, `draw from deck ...`)
        return Diagnostic("E100", f"{KEYWORD_LABEL}; found {found}", span, hint=_another_name(tok, None, "value")), False
    if tok.type in ("IS", "AND", "OR") and {"NAME", "INT"} <= accepts:
        # `gain is vp;`, `if is > 2`: an operator word where a value goes, a name to the writer (not a
        # statement's own word, `move to table;` missing its item): said reserved, as where it is declared
        return Diagnostic("E100", f"{KEYWORD_LABEL}; found {found}", span, hint=_another_name(tok, None, "value")), False
    in_card = _entity_body(err) if "RBRACE" in accepts or {"EQUAL", "LBRACE"} <= accepts else None
    if in_card is not None and str(tok) == "func" and re.match(r"\s*\w+\s*[:=]", text[tok.end_pos:]):
        # `district vault { func bonus: int = gold; }`: the kind's way of declaring a computed field
        name = re.match(r"\s*(\w+)", text[tok.end_pos:]).group(1)
        return Diagnostic("E100", f"a {in_card} gives a computed field's expression as '{name} = EXPR;' "
                          f"('func {name}: TYPE' declares the field, in the kind); found {found}", span,
                          hint=f"write '{name} = ...;'"), False
    trigger = tok if str(tok) in ("next", "once") else slot if slot is not None and str(slot) in ("next", "once") \
        and tok.type != "EQUAL" and tok.type != "LBRACE" else None
    if in_card is not None and trigger is not None:
        # `next opponents destroyed in city may ...` straight in a card: a reaction is a `whenever`
        return Diagnostic("E100", f"a {in_card}'s reaction is written with 'whenever': 'whenever PATTERN in ZONE "
                          f"[may \"prompt\"] {{ ... }}'; found '{trigger}'", _token_span(file, trigger),
                          hint=f"write 'whenever' for '{trigger}' (the card reacts while in that zone of its "
                          f"holder's); '{trigger}' registers a trigger inside an effect"), False
    body = _entity_body(err) if tok.type in _statement_starts() and "RBRACE" in accepts else None
    if body is not None:   # `card smithy { cost = 4; gain 1 coins; }`: the effect outside its slot
        return _effect_outside_a_slot(body, found, text, span), False
    if "RBRACE" not in accepts and accepts >= _item_starts() - _CONTAINER_ITEMS:  # between declarations
        hint = f"'{tok}' is a statement: it goes inside an effect (a card's effect, a proc, a phase)" \
            if tok.type in _statement_starts() else f"expected {expected}"
        if tok.type in _BLOCK_ITEMS:   # `phase final { }` at the top level: it belongs to a game
            inside, example = _BLOCK_ITEMS[tok.type]
            return Diagnostic("E100", f"'{tok}' goes inside {inside}, not at the top of a file; found {found}",
                              span, hint=f"as in '{example}'"), False
        return Diagnostic("E100", f"{DECLARATION_LABEL}; found {found}", span, hint=hint), False
    if tok.type == "ELSE" and "RBRACE" in accepts:
        if text[:tok.start_pos].rstrip().endswith("}"):   # `if a { } else { } else { }`
            return Diagnostic("E100", f"{STRAY_ELSE_LABEL}; found {found}", span), False
        # `gain 1 x;\n else {`: the block before it is still open
        return Diagnostic("E100", f"{ELSE_LABEL}; found {found}", span, hint="write '}' before 'else'"), False
    if tok.type == "NAME" and {"COMMA", "RBRACE"} <= accepts:   # `enum colour { red green }`
        return Diagnostic("E100", f"{COMMA_LABEL}; found {found}", span, hint=f"write ',' before {found}"), False
    if tok.type == "OPTION" and "OPTION" not in accepts:   # a choose's item met among statements
        return Diagnostic("E100", f"{OPTION_LABEL}; found {found}", span,
                          hint="write 'choose { option \"...\" { ... } option ... }'",
                          # (a '}' too many that closed the choose before it: `} }` after an option)
                          notes=_left_open_note(text, tok.line) + _extra_brace_note(text, tok.line, tok.column)), False
    if keyword_as_name and ENUM_OPEN.search(text[:tok.start_pos]):   # a member a line, as fmt lays out an enum
        return Diagnostic("E100", f"{KEYWORD_LABEL}; found {found}", span, hint=_another_name(tok, None, "member")), False
    if keyword_as_name and before is not None and before.line == tok.line and \
            text[:tok.start_pos].rstrip().endswith(","):   # `enum kind { city, event }`: a list goes on
        return Diagnostic("E100", f"{KEYWORD_LABEL}; found {found}", span, hint=_another_name(tok, None, "member")), False
    if str(tok) in ("setup", "play", "final") and "PHASE" in accepts and _next_is_brace(text, tok.end_pos):
        # `game g { setup { ... } }`: a phase of the game, which the word 'phase' introduces
        return Diagnostic("E100", f"a game's phase is written 'phase {tok} {{ ... }}'; found {found}", span,
                          hint=f"write 'phase' before '{tok}'"), False
    if "RBRACE" in accepts and tok.type in _item_starts() and tok.type not in _CONTAINER_ITEMS and _balanced(text):
        # `game g { variant quick "..."; ... }`: nothing is left open, the declaration was put inside the block
        return Diagnostic("E100", f"{NESTED_LABEL}; found {found}", span,
                          hint=f"move the '{tok}' declaration out of the block, before or after it"), False
    if "RBRACE" in accepts and tok.type in _item_starts():
        return Diagnostic("E100", f"{UNCLOSED_LABEL}; found {found}", span,
                          hint=f"expected {expected}" if tok.type in _CONTAINER_ITEMS else _UNCLOSED_HINT.format(tok),
                          notes=_left_open_note(text, tok.line)), False
    word = _last_token(err)
    if tok.type == "NAME" and word is not None and word.type == "NAME" and word.column == 1 and \
            word.line == tok.line and _inside_braces(text, word.line, word.column):
        # `card laboratory "Laboratory" {` at the start of a line inside a block: a card declared
        # after a block left open, read as a name in the block (a field, a proc called)
        return Diagnostic("E100", f"{UNCLOSED_LABEL}; found '{word}' declaring '{tok}'", _token_span(file, word),
                          hint=_UNCLOSED_HINT.format(word), notes=_left_open_note(text, word.line)), False
    if keyword_as_name and slot is not None and str(slot) == "ties":   # `ties lowest`: a reserved word, no tie mode
        modes = ", ".join(f"'{m}'" for m in TIE_MODES[:-1]) + f" or '{TIE_MODES[-1]}'"
        return Diagnostic("E100", f"{KEYWORD_LABEL}; found {found} after 'ties', which takes a tie mode: {modes}",
                          span, hint=did_you_mean(str(tok), TIE_MODES) or "expected a tie mode"), False
    if keyword_as_name:
        declared = _last_token(err)   # a name being declared (`kind space`): offer free ones
        # or bound (a parameter or a record's field, `where: int`; a loop's or a pick's variable, `for each
        # where in`, `pick total from`): free ones too; a reserved word only referred to (`zone z of any`)
        # gets what the parser expected, as no new name would help
        bound = declared is not None and declared.type in _NAMED_FOR or BOUND_NEXT.match(text, tok.end_pos) \
            or AS_BINDERS.search(text, 0, tok.start_pos) is not None \
            or declared is not None and declared.type == "NAME" and ENTITY_NEXT.match(text, tok.end_pos) is not None
        hint = _another_name(tok, declared) if bound else f"expected {expected}"
        return Diagnostic("E100", f"{KEYWORD_LABEL}; found {found}", span, hint=hint), False
    if tok.type in _statement_starts() and tok.type in _keywords().values() and {"NAME", "INT"} <= accepts:
        # `func face: str = match rank { ... }` in a kind with a field `rank`: a statement's word where a value
        # goes, the name of a field (a field may be so named, and is read on its card) or of nothing
        return Diagnostic("E100", f"{KEYWORD_LABEL}; found {found}", span,
                          hint=f"{_another_name(tok, None, 'value')}; a card's field of that name is read on the "
                          f"card: 'this.{tok}', 'c.{tok}'"), False
    if tok.type == "COMMA" and "SEMICOLON" in accepts and _in_match_statement(text, tok.line, tok.column):
        # `match g { palenque: harvest(3), ... }`: a match statement's arm written as a match value's
        return Diagnostic("E100", f"{MATCH_ARM_LABEL}; found {found}", span,
                          hint="end the arm's statement with ';' ('1: gain 1 vp;'); commas separate the arms of a "
                          "match value ('= match n { 1: 2, else: 0 }')"), False
    named = _last_token(err)
    if accepts == {"LPAR"} and tok.type == "SEMICOLON" and named is not None and named.type == "NAME":
        # `each players: auction_turn;`: a statement that is a name alone calls a proc, with its brackets
        return Diagnostic("E100", f"a proc is called with brackets, even with no arguments: call it as "
                          f"'{named}()'; found {found}", span), False
    # a name where a field's '=' or '{' was due: a card left open before the next one (`power
    # armor_plating ...` read as a field of the card above)
    open_card = tok.type == "NAME" and {"EQUAL", "LBRACE"} <= accepts
    return Diagnostic("E100", f"unexpected {found}; expected {expected}", span,
                      notes=_left_open_note(text, tok.line) if open_card else ()), False


def _two_domains(before: list, tok: Token, span) -> Optional[Diagnostic]:
    """`some(o in outcome, c in camel where ...)`: an aggregate goes over one domain; a second `VAR in` after a comma
    of its still open call is the E100 that says to nest them, at that variable (None for anything else)."""
    if tok.type != "IN" or len(before) < 6 or before[-1].type != "NAME" or before[-2].type != "COMMA":
        return None
    depth = 0
    for i in range(len(before) - 3, 0, -1):
        depth += {"RPAR": 1, "LPAR": -1}.get(before[i].type, 0)
        if depth < 0:   # the call the comma belongs to
            name = str(before[i - 1])
            if name not in _OVER_DOMAIN or [t.type for t in before[i + 1:i + 3]] != ["NAME", "IN"]:
                return None
            first, second = str(before[i + 1]), str(before[-1])
            nested = f"{name}({first} in DOMAIN where {name}({second} in DOMAIN2 where COND))" \
                if name in ("some", "every") else f"total({first} in DOMAIN, {name}({second} in DOMAIN2 ...))" \
                if name in ("count", "total") else f"{name}({first} in DOMAIN, ...) around an aggregate over {second}"
            return Diagnostic("E100", f"'{name}(...)' goes over one domain: '{first} in ...' is its variable, and "
                              f"'{second} in ...' a second one", span(before[-1]), hint=f"nest them: '{nested}'")
    return None


def _call_over_a_domain(before: list, tok: Token):
    """(the call's name token, its name, the variable) when a call `NAME(VAR in ...` of something that is
    no aggregate failed: at its `in` (`max(p in players, ...)`), or, since `regions(p in D where C via N)`
    reads such a call as far as its `via`, at the ',' or ')' of that still open call; None otherwise."""
    types = [t.type for t in before]
    if tok.type == "IN" and types[-3:] == ["NAME", "LPAR", "NAME"]:
        return before[-3], str(before[-3]), str(before[-1])
    if tok.type not in ("COMMA", "RPAR"):
        return None
    for i in range(len(before) - 4, -1, -1):
        if types[i:i + 4] == ["NAME", "LPAR", "NAME", "IN"]:
            depth = sum(1 if t == "LPAR" else -1 if t == "RPAR" else 0 for t in types[i + 1:])
            if depth == 1 and str(before[i]) != "regions":   # the call is the one still open
                return before[i], str(before[i]), str(before[i + 2])
            return None
    return None


# the statements a `let` may take the value of (`let r = roll d6;`), which a `set` may not
LET_ONLY = ("roll", "pay", "draw", "pick")
SET_VALUE = LazyPattern(r"\bset\s[^;{}]*=\s*$")

# the declarations whose word makes a fitting ending for a name: `kind space` -> `space_kind`
_NAMED_FOR = {"KIND": "kind", "COUNTER": "count", "ZONE": "zone", "ENUM": "kind", "TRACK": "track",
              "DIE": "die", "EVENT": "event", "RESOURCE": "points", "GROUP": "group", "VAR": "value",
              "LET": "value", "FUNC": "value", "PROC": "step"}


def _as_keyword(text: str, word: Token) -> Optional[UnexpectedToken]:
    """The failure a contextual word would have been as its keyword, where the parser read it as a
    name (`space` outside a track): None when the keyword would have been taken there."""
    try:
        parser = _lark().parse_interactive(text[:word.start_pos])
        parser.exhaust_lexer()
    except (UnexpectedInput, RulesError):
        return None
    term, accepts = _contextual()[str(word)], parser.accepts()
    if term in accepts:
        return None
    keyword = Token(term, str(word), word.start_pos, word.line, word.column, word.end_line, word.end_column, word.end_pos)
    return UnexpectedToken(keyword, accepts, state=parser.parser_state, interactive_parser=parser)


def _field_name_read(err: UnexpectedToken) -> Optional[Token]:
    """The word just read as a field's name (`top` in `enum tip { top, ...`), if the parser's last item is one."""
    stack = getattr(err.state, "value_stack", None) or []
    last = stack[-1] if stack else None
    if isinstance(last, Tree) and last.data == "field_name" and last.children and isinstance(last.children[0], Token):
        return last.children[0]
    return None


def _last_token(err: UnexpectedToken) -> Optional[Token]:
    """The token the parser read last before the failure, if it is still a token on its stack."""
    stack = getattr(err.state, "value_stack", None) or []
    last = stack[-1] if stack else None
    while isinstance(last, Tree) and last.data == "rest" and last.children:   # `once per PATTERN`, reduced
        last = last.children[-1]   # when a reaction could go on (`may`): its last token, read last
        while isinstance(last, Tree) and last.children:
            last = next((c for c in reversed(last.children) if c is not None), None)
    return last if isinstance(last, Token) else None


# a reserved word a rule would name a thing by, and the name offered first instead (a move's `to`, a
# parameter `from`: Diplomacy's orders)
_SYNONYMS = {"to": "dest", "from": "src", "in": "inside", "with": "partner", "for": "target", "count": "tally"}


# reserved words that are no nouns: a plural of them reads as no name ('befores', 'publics', 'ands')
# (the words with a synonym, `to` -> 'dest', keep theirs first)
_NO_PLURAL = frozenset({"after", "and", "before", "different", "each", "else", "false", "global", "hidden", "highest",
                        "if", "is", "lowest", "may", "no_benefit", "no_bonus", "no_reward", "not", "of", "once",
                        "optional", "or", "paying", "per_player", "public", "secret", "some", "then", "top", "true",
                        "until", "when", "whenever", "while", "you"})


def _another_name(word, before: Optional[Token], ending: str = "name") -> str:
    """The hint for a reserved word used as a name: two names that are free, one fitted to what is
    declared (`kind space` -> 'spaces' or 'space_kind'; else ENDING: a field's 'next_field')."""
    word = str(word)
    ending = _NAMED_FOR.get(before.type if before is not None else "", ending)
    plural = f"{word}s" if word[-1] not in "sy" and word not in _NO_PLURAL and not word.endswith(("ed", "ly")) else None
    fitted = f"{word}_{ending}" if ending != word else None   # not 'count_count' for a counter named count
    names = [n for n in (_SYNONYMS.get(word), plural, fitted, f"my_{word}")
             if n and n not in _spellable()][:2]
    return f"'{word}' is reserved: call it {' or '.join(repr(n) for n in names)}, say"


def _semicolon_helps(err: UnexpectedToken) -> bool:
    """Whether the token would be read after a ';' put before it: else a missing ';' is not the
    mistake (`lose 1 p.clues;`, `secret hidden`), and saying so would add an error after it."""
    parser = getattr(err, "interactive_parser", None)
    if parser is None:
        return True
    try:
        after = parser.copy()
        after.feed_token(Token("SEMICOLON", ";"))
        return err.token.type in after.accepts()
    except UnexpectedInput:
        return False


def _entity_body(err: UnexpectedToken) -> Optional[str]:
    """The kind of the card, tile or space whose body (`KIND NAME ... { ... }`) the parser was reading
    an item of when it failed, or None."""
    stack = [v for v in err.state.value_stack if not (isinstance(v, Tree) and v.data.startswith("__"))]
    if len(stack) >= 3 and all(isinstance(v, Token) and v.type == "NAME" for v in stack[:2]) and \
            any(isinstance(v, Token) and v.type == "LBRACE" for v in stack[2:5]):
        return str(stack[0])
    return None


def _effect_outside_a_slot(kind: str, found: str, text: str, span: A.Span, slots: Optional[list] = None) -> Diagnostic:
    """E100 for a statement written straight in a card's body: it goes in one of the kind's effect
    slots, named when the kind is declared in the same file (`play: effect;`) or, for a pack, in
    another of its files (`slots`: slots_named)."""
    slots = slots if slots is not None else _effect_slots(kind, text)
    slot = slots[0] if slots else "play"
    notes = (f"the effect slots of {kind}: {', '.join(slots)}",) if slots else \
        (f"a slot is declared in the kind, as 'kind {kind} {{ {slot}: effect; }}'",)
    return Diagnostic("E100", f"an effect goes inside one of the {kind}'s effect slots, not straight in "
                      f"its body; found {found}", span, hint=f"write '{slot} {{ ... }}' around it", notes=notes)


OUTSIDE_A_SLOT = LazyPattern(r"an effect goes inside one of the (\w+)'s effect slots, not straight in its body; found (.*)")


def slots_named(d: Diagnostic, modules) -> Diagnostic:
    """An E100 for an effect outside a card's slot whose kind its file does not declare, with the slots
    of the kind as another file of the pack (`modules`) declares it; any other finding as it is."""
    m = OUTSIDE_A_SLOT.fullmatch(d.message)
    if d.code != "E100" or m is None or not d.notes or not d.notes[0].startswith("a slot is declared in the kind"):
        return d
    kind = next((item for module in modules for item in module.items
                 if isinstance(item, A.Kind) and item.name == m.group(1)), None)
    if kind is None:
        return d
    return _effect_outside_a_slot(kind.name, m.group(2), "", d.span, [f.name for f in kind.fields if f.type == "effect"])


def _effect_slots(kind: str, text: str) -> list[str]:
    """The effect slots (`NAME: effect;`) of `kind KIND { ... }` declared in this text, in order."""
    head = re.search(rf"\bkind\s+{re.escape(kind)}\b[^{{;]*\{{", text)
    if head is None:
        return []
    depth, end = 1, head.end()
    while end < len(text) and depth:
        depth += {"{": 1, "}": -1}.get(text[end], 0)
        end += 1
    return re.findall(r"\b([A-Za-z_]\w*)\s*:\s*effect\b", text[head.end():end])


def _open_by_indentation(text: str, upto_line: int) -> Optional[tuple[int, int]]:
    """The (line, column) of the '{' that most likely lacks its '}', judged by indentation: a '{'
    ending its line is open when a later line comes back to its indentation (or less) without
    starting with '}'. None when the layout says nothing (one-line blocks, no indentation)."""
    lines = LINE_BREAK.split(text)
    openers: dict[int, int] = {}  # line -> column of a '{' that ends it
    for kind, line, col in _scan_brackets(text):
        if line > upto_line:
            break
        if kind == "{" and _REST_IS_BLANK.match(lines[line - 1], col):
            openers[line] = col
    stack: list[tuple[int, int, int]] = []  # (indentation, line, column) of open blocks
    culprit = None
    statement_indent: Optional[int] = None
    continued = False   # the line before left its statement unfinished (a header wrapped by fmt)
    for number, raw in enumerate(lines[:upto_line], start=1):
        body = raw.expandtabs(8)
        stripped = body.lstrip()
        if not stripped or stripped.startswith("#"):
            continue
        was_continued, continued = continued, _last_code_char(stripped) not in "{};"
        if was_continued and not stripped.startswith("}"):
            # a wrapped line belongs to the statement above: its '{' opens a block at that
            # statement's indentation, and it closes nothing (a '}' closes, whatever the line above:
            # an enum's members end with ',' or nothing, and its '}' is no wrapped header)
            if number in openers and statement_indent is not None:
                stack.append((statement_indent, number, openers[number]))
            continue
        indent = statement_indent = len(body) - len(stripped)
        closes = stripped.startswith("}")
        while stack and (stack[-1][0] > indent or (stack[-1][0] == indent and not closes)):
            left = stack.pop()
            if culprit is None or left[1] > culprit[0]:
                culprit = left[1:]
        if closes and stack and stack[-1][0] == indent:
            stack.pop()
        if number in openers:
            stack.append((indent, number, openers[number]))
    return culprit


_REST_IS_BLANK = re.compile(r"[ \t]*(?:#.*)?$")


def _last_code_char(line: str) -> str:
    """The last character of a line that is code (not a comment or the blank after it), '' if none."""
    last, quoted, escaped = "", False, False
    for ch in line:
        if escaped:
            escaped = False
        elif quoted:
            escaped, quoted = ch == "\\", ch != '"'
        elif ch == "#":
            break
        elif ch == '"':
            quoted = True
        if not ch.isspace():
            last = ch
    return last


def _left_open_note(text: str, upto_line: int, reported: Optional[A.Span] = None) -> tuple:
    """A note naming the '{' the indentation says is left open (none if it is the one reported)."""
    found = _open_by_indentation(text, upto_line)
    if found is None or (reported is not None and (reported.line, reported.column) == found):
        return ()
    return (f"the '{{' at line {found[0]}, column {found[1]} looks like the one left open: the code after it "
            f"comes back to its indentation without a '}}'",)


_TOKEN_WORDS = {
    "NAME": "a name", "INT": "a number", "STRING": "a quoted text", "$END": "the end of the file",
    "SEMICOLON": "';'", "LBRACE": "'{'", "RBRACE": "'}'", "LPAR": "'('", "RPAR": "')'",
    "LSQB": "'['", "RSQB": "']'", "COMMA": "','", "COLON": "':'", "EQUAL": "'='", "DOT": "'.'",
    "COMPARE": "a comparison", "PLUS": "'+'", "MINUS": "'-'", "STAR": "'*'", "POW": "'**'", "SLASH": "'/'",
}


@lru_cache(maxsize=1)
def _range_token() -> str:
    """The token type of `..` (an anonymous terminal of the grammar)."""
    return next(t.name for t in _lark().terminals if t.pattern.value == "..")


def _misplaced_range(err: UnexpectedToken, accepts: set) -> Optional[str]:
    """The label for a `..` where a range cannot be: a second one (`1..2..3`), one with no number
    before it (`in ..12`) or after it (`in 2.. {`); None for any other mistake."""
    tok, dots = err.token, _range_token()
    wants_value = {"INT", "MINUS", "LPAR"} <= accepts
    if tok.type == dots:
        if wants_value:
            return RANGE_LOW_LABEL
        if dots not in accepts and "COMPARE" in accepts:   # just after a whole range
            return RANGE_CHAIN_LABEL
        return None
    stack = getattr(err.state, "value_stack", None) or []
    if wants_value and stack and isinstance(stack[-1], Token) and stack[-1].type == dots:
        return RANGE_HIGH_LABEL
    return None


@lru_cache(maxsize=1)
def _expression_starts() -> frozenset:
    """The tokens an expression may start with."""
    parser = _lark().parse_interactive("func f() = ")
    parser.exhaust_lexer()
    return frozenset(parser.accepts())


def _describe(token_type: str) -> str:
    if token_type in _TOKEN_WORDS:
        return _TOKEN_WORDS[token_type]
    for term in _lark().terminals:
        if term.name == token_type and term.pattern.type == "str":
            return f"'{term.pattern.value}'"
    return token_type.lower()


def _expected_text(expected) -> str:
    expected = set(expected)
    words = []
    if {"INT", "MINUS", "LPAR"} <= expected:  # everything an expression may start with
        expected -= _expression_starts()
        words.append("an expression")
    words += sorted({_describe(t) for t in expected})
    if len(words) > 6:
        words = words[:6] + ["..."]
    return ", ".join(words)


def _after_last_value(err: UnexpectedToken, file: str) -> Optional[A.Span]:
    """Just after the last complete token before the error: where a missing ';' belongs."""
    stack = getattr(err.state, "value_stack", None) or []
    for value in reversed(stack):
        end = (value.end_line, value.end_column) if isinstance(value, Token) else \
            (getattr(value.meta, "end_line", None), getattr(value.meta, "end_column", None)) \
            if hasattr(value, "meta") and not getattr(value.meta, "empty", True) else (None, None)
        if end[0]:
            return A.Span(file, end[0], end[1], end[0], end[1] + 1)
    return None


def _syntax_diagnostic(err: UnexpectedInput, text: str, file: str) -> Diagnostic:
    line, column = getattr(err, "line", 0) or 0, getattr(err, "column", 0) or 0
    if isinstance(err, UnexpectedCharacters):
        char = text[err.pos_in_stream] if err.pos_in_stream < len(text) else ""
        if char == '"':
            return _string_diagnostic(text, err.pos_in_stream, line, column, file)
        return Diagnostic("E101", f"the character {char!r} is not part of the rules language",
                          A.Span(file, line, column, line, column + 1))
    if isinstance(err, UnexpectedEOF) or (isinstance(err, UnexpectedToken) and err.token.type == "$END"):
        expected = getattr(err, "expected", None) or getattr(err, "accepts", None) or []
        unclosed = _unclosed_brace(text, file) if "RBRACE" in expected else None
        if unclosed is not None:
            return Diagnostic("E102", "the file ends before this '{' is closed with '}'", unclosed,
                              notes=_left_open_note(text, len(LINE_BREAK.split(text)), unclosed))
        last = text.rstrip().splitlines() or [""]
        end_line = max(1, len(last))
        end_col = len(last[-1]) + 1
        msg = "the file ends too early" + (f"; expected {_expected_text(expected)}" if expected else "")
        return Diagnostic("E102", msg, A.Span(file, end_line, end_col, end_line, end_col + 1))
    return _classify(err, text, file)[0]


# a name with `#N` after it (`c#2`): the `#` starts a comment there, which cuts the line short
_HASH_AFTER_NAME = LazyPattern(r'^[^"#]*(?:"[^"]*"[^"#]*)*[A-Za-z0-9_](#[0-9]+)')


def _with_copy_name_note(found: list, text: str) -> list:
    """The syntax errors, the first with a note when a line writes a copy's name as `NAME#2`: `#`
    starts a comment, so the rest of that line (a ';', a '}') is not read."""
    for number, line in enumerate(LINE_BREAK.split(text), start=1):
        m = _HASH_AFTER_NAME.match(line)
        if m is not None:
            note = (f"line {number}: '#' starts a comment, so the rest of that line after "
                    f"'{line[:m.start(1)].split()[-1]}' is not read; in rules a copy is named by its declaration "
                    "('copy_number' tells copies apart)")
            return [replace(found[0], notes=found[0].notes + (note,))] + found[1:]
    return found


_ESCAPE_HELP = "a text may use \\\" for a quote, \\\\ for a backslash and \\n for a new line"


def _string_diagnostic(text: str, start: int, line: int, column: int, file: str) -> Diagnostic:
    """Why the text opening at `start` did not lex: an invalid escape in it, or no closing quote."""
    pos = start + 1
    while pos < len(text) and text[pos] not in '"\r\n':
        if text[pos] == "\\":
            escaped = text[pos + 1: pos + 2]
            if escaped not in ('"', "\\", "n"):
                if escaped in ("", "\r", "\n"):
                    break
                col = column + pos - start
                return Diagnostic("E101", f"'\\{escaped}' is not an escape in a text",
                                  A.Span(file, line, col, line, col + 2), hint=_ESCAPE_HELP)
            pos += 1
        pos += 1
    return Diagnostic("E103", "this text is not closed with '\"' before the end of the line",
                      A.Span(file, line, column, line, column + 1))


_BRACKETS = LazyPattern(rf'[{{(\[]|[}})\]]|\r\n|\r|\n|{STRING}|{COMMENT}')


def _balanced(text: str) -> bool:
    """Whether every '{' of the text (outside strings and comments) has its '}', and none comes before its '{'."""
    depth = 0
    for kind, _line, _col in _scan_brackets(text):
        depth += 1 if kind == "{" else -1 if kind == "}" else 0
        if depth < 0:
            return False
    return depth == 0


def _scan_brackets(text: str):
    """Yield (kind, line, column) for every bracket outside strings and comments."""
    line, line_start = 1, 0
    for m in _BRACKETS.finditer(text):
        tok = m.group()
        if tok in ("\n", "\r", "\r\n"):
            line += 1
            line_start = m.end()
        elif tok in "{([})]":
            yield tok, line, m.start() - line_start + 1


def between_declarations(text: str, diagnostics) -> bool:
    """Whether a syntax error is met outside every block of the whole text: the file's layout before
    it may then earn it a note on a '}' too many (which a parse of its declaration alone cannot see)."""
    return any(d.span is not None and not _inside_braces(text, d.span.line, d.span.column) for d in diagnostics)


def _in_match_statement(text: str, line: int, column: int) -> bool:
    """Whether a position is in an arm of a match statement: the innermost '{' open there ends a line that reads
    `match VALUE {` and begins no value (`let x = match ...`, `func f() = match ...` are match values)."""
    opened: list[int] = []
    for tok, at_line, at_column in _scan_brackets(text):
        if (at_line, at_column) >= (line, column):
            break
        if tok == "{":
            opened.append(at_line)
        elif tok == "}" and opened:
            opened.pop()
    if not opened:
        return False
    header = LINE_BREAK.split(text)[opened[-1] - 1]
    return MATCH_STATEMENT_HEADER.match(header) is not None


def _inside_braces(text: str, line: int, column: int) -> bool:
    """Whether a position of the text is inside a '{ ... }' (a block or a card's body), not between
    declarations."""
    depth = 0
    for tok, at_line, at_column in _scan_brackets(text):
        if (at_line, at_column) >= (line, column):
            break
        depth += (tok == "{") - (tok == "}")
    return depth > 0


def _unclosed_brace(text: str, file: str) -> Optional[A.Span]:
    open_braces = []
    for tok, line, col in _scan_brackets(text):
        if tok == "{":
            open_braces.append((line, col))
        elif tok == "}" and open_braces:
            open_braces.pop()
    if not open_braces:
        return None
    line, col = open_braces[-1]
    return A.Span(file, line, col, line, col + 1)


_ODD_BREAK_NAMES = {"\x0b": "a vertical tab", "\x0c": "a form feed", "\x1c": "U+001C", "\x1d": "U+001D",
                    "\x1e": "U+001E", "\x85": "U+0085 (next line)", "\u2028": "U+2028 (line separator)",
                    "\u2029": "U+2029 (paragraph separator)"}


def _check_line_breaks(text: str, file: str) -> Optional[Diagnostic]:
    """E101 at the first character that some tools show as a line break and the language does not."""
    m = ODD_BREAK.search(text)
    if m is None:
        return None
    line, col = line_and_column(text, m.start())
    return Diagnostic("E101", f"{_ODD_BREAK_NAMES[m.group()]} is not a line break in rules files, "
                      "and may appear nowhere, not even in a comment or a text",
                      A.Span(file, line, col, line, col + 1), hint="end lines with a plain newline")


def _check_nesting(text: str, file: str) -> Optional[Diagnostic]:
    depth = 0
    for tok, line, col in _scan_brackets(text):
        if tok in "{([":
            depth += 1
            if depth > MAX_NESTING:
                return Diagnostic("E106", f"brackets nest more than {MAX_NESTING} deep",
                                  A.Span(file, line, col, line, col + 1))
        else:
            depth -= 1
    return None


@contextmanager
def deep_recursion(limit: int = 20_000):
    """Let the tree-walking stages handle long `else if` and operator chains (restored afterwards)."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, limit))
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


def decode(data: bytes, file: str) -> str:
    """Turn file bytes into text, or raise a positioned E104/E105 diagnostic."""
    if len(data) > MAX_FILE_BYTES:
        raise RulesError([Diagnostic("E105", f"the file is {len(data)} bytes; the limit is {MAX_FILE_BYTES}",
                                     A.Span(file, 1, 1, 1, 2))])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        before = data[: e.start].decode("utf-8", errors="replace")
        line, col = line_and_column(before, len(before))
        raise RulesError([Diagnostic("E104", f"byte 0x{data[e.start]:02x} is not valid UTF-8",
                                     A.Span(file, line, col, line, col + 1))]) from None
    nul = text.find("\x00")
    if nul >= 0:
        line, col = line_and_column(text, nul)
        raise RulesError([Diagnostic("E104", "the file contains a NUL byte: it looks binary",
                                     A.Span(file, line, col, line, col + 1))])
    return text.removeprefix("\ufeff")


def parse_text(text: str, file: str = "<string>") -> A.Module:
    """Parse one rules file's text into a Module, or raise RulesError with a syntax diagnostic."""
    odd = _check_line_breaks(text, file) or _check_nesting(text, file)
    if odd:
        raise RulesError([odd])
    with _lock, _no_cyclic_gc():
        _builder.file = file
        found: list[Diagnostic] = []
        try:
            tree = _lark().parse(text, on_error=lambda err: _recover(err, text, file, found))
        except UnexpectedInput as err:
            found.append(_syntax_diagnostic(err, text, file))
            if found[-1].message.startswith(KEYWORD_LABEL):   # the parse stops there: name the others too
                found += _keywords_as_names(text, file, found[-1])
        if found:
            raise RulesError(_with_copy_name_note(found, text)) from None
        items = _builder.build(tree)
    return A.Module(file, items)


@contextmanager
def _no_cyclic_gc():
    """Pause the cycle collector: parsing makes hundreds of thousands of acyclic objects, and the
    collector's repeated passes over them took most of the time on large files."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _recover(err: UnexpectedInput, text: str, file: str, found: list) -> bool:
    """Record a missing ';' and carry on as if it were there, so one run reports every missing ';'
    of a file; any other mistake ends the parse (recovering from it would report its consequences
    as mistakes of their own)."""
    if not isinstance(err, UnexpectedToken) or err.token.type == "$END" or len(found) >= MAX_SYNTAX_ERRORS:
        raise err
    diagnostic, missing_semicolon = _classify(err, text, file)
    if not missing_semicolon:
        raise err
    found.append(diagnostic)
    err.interactive_parser.feed_token(Token("SEMICOLON", ";"))
    err.interactive_parser.feed_token(err.token)
    return True


# Where a name is being declared: after `let`, `func` or `proc` (and before `=` or `(`), a keyword is a
# keyword used as a name whatever the parser would have made of the rest.
_DECLARING = frozenset({"LET", "FUNC", "PROC"})


def _keywords_as_names(text: str, file: str, first: Diagnostic) -> list[Diagnostic]:
    """Every later `let KEYWORD =`, `func KEYWORD(` or `proc KEYWORD(` of the text (after the first,
    which stopped the parse), so that one run names each reserved word used as a name rather than
    one per run; nothing is reported past the parse's own stop beyond these sure cases."""
    try:
        tokens, _comments = scan(text)
    except UnexpectedInput:
        return []
    keywords = set(_keywords().values())
    out = []
    for head, name, after in zip(tokens, tokens[1:], tokens[2:]):
        if head.type in _DECLARING and name.type in keywords and str(after) in ("=", "(") and \
                (name.line, name.column) > (first.span.line, first.span.column):
            span = A.Span(file, name.line, name.column, name.end_line, name.end_column)
            out.append(Diagnostic("E100", f"{KEYWORD_LABEL}; found {str(name)!r}", span, hint=_another_name(name, head)))
    return out[:MAX_SYNTAX_ERRORS]


def unknown_phase(name: str, span: A.Span, named: tuple = ()) -> Optional[Diagnostic]:
    """E100 for a phase a game does not have (in a game, or in an `amend` of one), or None; `named` are the
    game's own named phases, which an amend may change too."""
    phases = ("setup", "play") + tuple(named) + ("final",)
    if name in phases:
        return None
    meant = closest(name, phases)
    return Diagnostic("E100", f"a game has the phases {', '.join(phases[:-1])} and {phases[-1]}, not {name!r}", span,
                      hint=f"did you mean '{meant}'?" if meant is not None else
                      f"a phase of the game's own says where it runs: 'phase {name} after play {{ ... }}'")


def misplaced_phase(names: list, name: str, place: tuple, anchor_span: A.Span) -> Optional[Diagnostic]:
    """E622 when a named phase's `after OTHER` or `before OTHER` is no place among the named phases `names`
    (which run after play and before final, in the order they are put), else None."""
    when, other = place
    if A.phase_slot(names, when, other) is not None:
        return None
    if other in ("setup", "play", "final"):
        return Diagnostic("E622", f"a named phase runs between play and final: phase {name!r} cannot run {when} "
                          f"{other}", anchor_span, "write 'after play' for the first of them, 'before final' for the last")
    meant = closest(other, names + ["play", "final"])
    return Diagnostic("E622", f"phase {name!r} is put {when} {other!r}, which is no phase of the game"
                      + (f" (its named phases: {', '.join(names)})" if names else ""), anchor_span,
                      f"did you mean '{meant}'?" if meant is not None else
                      "name a phase of the game: 'after play', or after one of its named phases written above")


def parse_file(path: Path, display: Optional[str] = None) -> tuple[A.Module, str]:
    """Read, decode and parse one file; returns the module and its text."""
    name = display or str(path)
    text = decode(read_limited(path, MAX_FILE_BYTES, name), name)
    return parse_text(text, name), text
