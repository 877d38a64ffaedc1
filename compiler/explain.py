"""Explain: a declaration's source, where it is, and a plain-language reading of what it does.

The reading is meant to be printable on a card: amounts in words ("Gain 1 prestige point for each
spaceship in the hangar you have."), the titles the pack declares for its resources and counters,
conditions and choices in words. The rules text is shown only where no wording fits.
"""

from __future__ import annotations

import re
from typing import Optional

from rulebook.dsl import ast as A
from rulebook.dsl.ast import replace
from rulebook.dsl.printer import Printer, cost, declaration_text, expr, precedence

from rulebook.dsl.diagnostics import did_you_mean
from rulebook.runtime.state import decimal_text

from .layout import record_shape, deciding, is_live, is_field_value, is_filter, proc_result_call, subject_mode
from .layout import copy_fields, edge_label, never_runs, set_fields, at_seats, binder, period_end, element_parts, indexed_counter, option_gate, paid_first, seated, VAR_EVENT, heard_var, repeats_pick
from .hidden import ASKING, untold_reasons
from .resolve import BASE, CATEGORY, CELL_WALKS, HELD_FORCE, HELD_HAS, HELD_USES, HEX, KEEPING, blocks_kept, held_test, in_force_of, NEIGHBOURS, PHASES, ROUNDINGS, STEPS, shortfall_of, shortfall_holder, card_shortfall_of, card_term_zone

# Words that take no plural ("3 prestige", "2 lavandium").
MASS_NOUNS = {"prestige", "influence", "money", "gold", "food", "wood", "stone", "debt", "income",
              "glory", "fame", "honour", "honor", "energy", "science", "culture", "faith", "power",
              "people", "sheep", "fish", "deer", "clay", "grain", "ore", "wheat", "cattle",   # plural already, or mass
              # what a counter measures, not things counted: "gain 2 score" never reads "2 scores"
              "score", "progress", "health", "damage", "wealth", "knowledge", "renown", "reputation", "favour",
              "favor", "luck", "morale", "fuel", "water", "oil", "coal", "garbage", "research", "heat", "unrest",
              "stress", "pollution", "experience", "xp", "hp", "mp",
              # a strength a counter measures: "gain 3 military until the end of the phase"
              "military", "defense", "defence", "might", "income", "influence", "armor", "armour", "speed",
              # a rate or a level: "gain 3 heat production", "2 terraform rating"
              "production", "rating", "temperature", "oxygen", "strength", "capacity", "growth"}
# Prepositions that end the head of a title: "spaceships in the hangar" pluralises "spaceships".
PREPOSITIONS = (" in ", " on ", " of ", " at ", " for ", " until ", " from ", " to ", " off ", " per ", " with ", " (")
COMPARISONS = {">=": "is at least", ">": "is more than", "<=": "is at most", "<": "is less than",
               "==": "is", "!=": "is not"}
# two members of one enum ordered by their places in its declaration (language.md 3.4)
ORDER_COMPARISONS = {">=": "is no earlier than", ">": "is later than", "<=": "is no later than",
                     "<": "is earlier than"}
ARITHMETIC = {"+": "plus", "-": "minus", "*": "times", "/": "divided by", "**": "to the power of"}
PLAYER_DOMAINS = {"opponents": ("each opponent", "an opponent"), "players": ("each player", "any player"),
                  "anyone": ("each player", "any player"), "neighbours": ("each neighbour", "a neighbour"),
                  "left": ("your left neighbour", "your left neighbour"),
                  "right": ("your right neighbour", "your right neighbour"),
                  "teammate": ("your teammate", "your teammate"),
                  "teammates": ("each of your teammates", "one of your teammates")}


def spoken(name: str) -> str:
    """A rules name as words: `ship_reserve` is "ship reserve"."""
    return name.replace("_", " ")


# a value type as a noun (`var`, `let` and field types; a declared name reads by its noun instead)
TYPE_NOUNS = {"int": "number", "str": "text", "bool": "condition", "player": "player"}


def type_noun(t: str, noun=spoken) -> str:
    """A value type as a singular noun: "number", "text", "city", "list of numbers", "list of lists of
    texts" (`noun`: how a declared name reads)."""
    if t.startswith("list of "):
        return f"list of {plural(type_noun(t[len('list of '):], noun))}"
    if t.startswith("zone of "):   # `zone of card or joker`: "zone of cards or jokers"
        return f"zone of {' or '.join(plural(noun(k)) for k in t[len('zone of '):].split(' or '))}"
    if " or " in t:   # `c: wager or expedition_card`: "wager or expedition card"
        return " or ".join(noun(k) for k in t.split(" or "))
    return TYPE_NOUNS.get(t) or noun(t)


def called(func: str) -> str:
    """A proc or func by name; `base(...)` in an override (resolved as NAME.base) is the declaration
    the override replaces; in a card's version read within the rule it changes (NAME.below), that rule
    (`below` says which reading of it: Reader.held_rule)."""
    name, base, _ = func.partition(".base")
    if base:
        return f"the replaced {spoken(name)}"
    return spoken(func.partition(".below")[0])


def below(func: str) -> str:
    """What follows a call of NAME.below, after its arguments: in a card's version read within the rule it
    changes, the rule as the lines below read it without that card (another card you hold, else the
    pack's version), never a bare "as below" where nothing may be written below."""
    return " as read below without this card" if ".below" in func else ""


def _lower_first(title: str) -> str:
    # "Prestige points" reads "prestige points"; "VP" and "Neo medal" keep their capitals
    words = title.split()
    if len(title) > 1 and title[0].isupper() and title[1].islower() and not any(w[:1].isupper() for w in words[1:]):
        return title[0].lower() + title[1:]
    return title


# words that follow a noun to say where it stands, not to name it: "Food still due", "Cards left"
POSTMODIFIER = re.compile(r" (?:still|yet|already|now|left|due|remaining|owed|waiting|needed|not)\b")


def _split_head(words: str) -> tuple[str, str]:
    """A noun phrase as its head (whose last word takes the plural) and the rest: from the first
    preposition ("coin| of the realm") or word after the noun that says where it stands ("Food| still due")."""
    after = POSTMODIFIER.search(words)
    found = [at for at in (words.find(prep) for prep in PREPOSITIONS) if at > 0] + \
        ([after.start()] if after is not None and after.start() > 0 else [])
    return (words[:min(found)], words[min(found):]) if found else (words, "")


def _is_mass(word: str) -> bool:
    """A word that takes no plural s: a mass noun, or no noun at all (a participle as a counter's name,
    `counter explored;`: "2 explored", never "2 exploreds")."""
    w = word.lower()
    return w in MASS_NOUNS or w.endswith("ium") or w.endswith("ness") or \
        len(w) > 4 and w.endswith("ed") and not w.endswith("eed")


def _looks_plural(word: str) -> bool:
    return word.isalpha() and word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3


def plural(words: str) -> str:
    """The plural of a noun phrase: "gold diamond" is "gold diamonds", "coin of the realm" is
    "coins of the realm"; mass nouns, phrases already in the plural ("robots left") and head words
    ending in a single s ("Augustalis") stay; -ss and -us take -es ("glasses", "bonuses"). Alternatives
    (what a zone of several kinds holds, `item_noun`) each: "city cards or events or epidemics"."""
    if " or " in words:
        return " or ".join(map(plural, words.split(" or ")))
    head, tail = _split_head(words)
    last = head.split()[-1] if head.split() else head
    if not last.isalpha() or last.isupper() or _is_mass(last) or any(_looks_plural(w) for w in head.split()) \
            or len(last) == 1:   # an untitled one-letter name (`counter n;`) is a symbol, said as written: "2 n"
        return words
    if last.lower() == "die":   # a die kept as a piece: dice
        last_plural = last[:-1] + "ce"
    elif last.endswith("y") and len(last) > 1 and last[-2] not in "aeiou":
        last_plural = last[:-1] + "ies"
    elif last.endswith(("ss", "sh", "ch", "x", "z", "us")):
        last_plural = last + "es"
    elif last.endswith("s"):
        # any other final s: a plural already ("Workers") or a name with no English plural
        # ("Augustalis"); either way another s would be wrong
        return words
    else:
        last_plural = last + "s"
    return head[: len(head) - len(last)] + last_plural + tail


def singular(words: str) -> str:
    """The singular of a noun phrase: "prestige points" is "prestige point"; alternatives each."""
    if " or " in words:
        return " or ".join(map(singular, words.split(" or ")))
    head, tail = _split_head(words)
    parts = head.split(" ")
    for i in reversed(range(len(parts))):
        word = parts[i]
        if word.endswith("ies") and len(word) > 4:
            parts[i] = word[:-3] + "y"
        elif word.endswith(("sses", "shes", "ches", "xes")):
            parts[i] = word[:-2]
        elif _looks_plural(word):
            parts[i] = word[:-1]
        else:
            continue
        return " ".join(parts) + tail
    return words


def counted(n, noun: str) -> str:
    """"1 coin", "2 coins", "3 prestige"; a title that is a whole phrase is quoted (alternatives,
    "1 city card or event", are phrases each)."""
    if any(len(_split_head(alternative)[0].split()) > 3 for alternative in noun.split(" or ")):
        return f"{n} “{noun}”"
    return f"{n} {singular(noun) if n == 1 else plural(noun)}"


def the(noun: str) -> str:
    """A noun phrase with "the" before it, unless its title already starts with one ("The map")."""
    return noun if noun.lower().startswith("the ") else f"the {noun}"


def capital(text: str) -> str:
    """A sentence's first letter in capitals."""
    return text[:1].upper() + text[1:]


# past participles and past tenses that do not end in -ed: an event named for what happened
# (`laid_eggs`, `built`) reads as written, never "laid eggses"
_PAST = frozenset({"laid", "built", "paid", "drew", "drawn", "took", "taken", "won", "lost", "made", "gave", "given",
                   "got", "bought", "sold", "sent", "kept", "held", "ran", "went", "came", "began", "chose",
                   "chosen", "found", "spent", "left", "fed", "bred", "dealt", "struck", "wrote", "flew"})


def _predicate(title: str) -> bool:
    """Whether a title says where things are rather than naming a place: a past participle and a
    preposition first ("Removed from the game", "Set aside", "Kept in reserve"), which reads "the removed
    from the game" as a noun; "Removed cubes", "Discard pile" are nouns."""
    words = title.lower().split()
    return len(words) > 1 and (words[0].endswith("ed") and not words[0].endswith("eed") or words[0] in _PAST
                               or words[0] in ("set", "put", "cut", "laid")) \
        and words[1] in ("from", "in", "into", "on", "onto", "out", "aside", "away", "off", "under", "to", "at", "by")


def _third_person(verb: str) -> str:
    """A verb (an event's name) said of someone else: "gains", "passes"; a past tense stays as
    written ("laid eggs", "played bird"), and a verb with a plural object takes the -s on the verb
    ("discards cards")."""
    words = verb.split("_")
    if words[0].endswith("ed") and not words[0].endswith("eed") or words[0] in _PAST:
        return verb
    if len(words) > 1 and words[-1].endswith("s") and not words[-1].endswith("ss"):
        return "_".join([_third_person(words[0])] + words[1:])
    if verb.endswith(("s", "sh", "ch", "x")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ies"
    return {"have": "has", "do": "does"}.get(verb, verb + "s")


def _passive(event: str) -> Optional[str]:
    """An event named by a noun and what happened to it (`tile_placed`, `route_claimed`,
    `cards_drawn`) in the passive, to say who did it after: "a tile is placed", "cards are drawn";
    None for any other name (a verb first: `gain`, `laid_eggs`, `played_card`)."""
    words = event.split("_")
    last = words[-1]
    if len(words) < 2 or not (last.endswith("ed") and not last.endswith("eed") or last in _PAST):
        return None
    head = words[:-1]
    if head[0].endswith("ed") or head[0] in _PAST:   # a past tense first: `played_card_placed` is no noun
        return None
    noun = " ".join(head)
    if _looks_plural(head[-1]):
        return f"{noun} are {last}"
    return f"{'an' if noun[0] in 'aeiou' else 'a'} {noun} is {last}"


def with_values(parts: tuple) -> str:
    """A text with `{...}` values (`say`, a prompt, a label) read with each value named in brackets."""
    return "".join(p if isinstance(p, str) else f"[{expr(p)}]" for p in parts)


def shown(s) -> str:
    """A decision's prompt or an option's label as read: its values named in brackets (a plain one as written)."""
    return with_values(s.title_parts) if s.title_parts else s.title


def asking_said(s, untold: str = "") -> str:
    """What `secret` and a pick's `always asked` add to a decision's reading ("" for neither), then `untold`
    (`Reader.untold_said`: the question not told at all, which a `secret` one's reading then gives alone)."""
    said = [" in secret (the other players are told the question, never the answer)"] * (s.secret and not untold)
    asked = getattr(s, "asked", False)
    said += [" (asked even when none is left to pick, with 'none' alone)" if asked and getattr(s, "optional", False)
             else " (asked even when only one is left to pick)"] * asked
    return "".join(said) + untold


def stmt_labelled(s) -> str:
    """` (labelled steal)` after a pick or choose written `as steal`: the name a house rule amends it by."""
    return f" (labelled {s.stmt_label})" if getattr(s, "stmt_label", None) is not None else ""


def prompt(s) -> str:
    """A decision's prompt in parentheses after its reading, or nothing when it has none; a pick's
    label for its candidates after it (`as "..."`)."""
    labelled = f", each shown as “{with_values(s.label_parts)}”" if getattr(s, "label", None) is not None else ""
    return (f" ({shown(s)})" if s.title else "") + labelled


def _below_zero(e) -> bool:
    """Whether an expression is a constant below 0 (a counter's LOW it starts at)."""
    try:
        value = A.as_const(e) if e is not None else None
    except A.NotConstant:
        return False
    return type(value) is int and value < 0



def _teams_text(teams: tuple) -> str:
    """A seats line's teams in words: how many, and who sits with whom."""
    number, by_size, seating = teams
    many = f"Teams of {number}" if by_size else f"{number} teams"
    if seating == "solo":
        others = "all the others" if number == 2 else f"the others, dealt to the other {number - 1} teams in turn"
        return f"{many}: the first seat plays alone against {others}."
    if seating == "alternating":
        how = ("partners sit apart, every other seat" if by_size else
               "the seats go to the teams in turn (seats 1, 3, 5 ... in the first with two teams)")
    else:
        how = "partners sit side by side (seats 1 and 2, 3 and 4 ...)" if by_size and number == 2 else \
              "each team sits together, side by side"
    return f"{many}: {how}; when the seats do not divide, the last teams are a player short."

def folded(value):
    """A table's values as the rules print them, each worked out (`base * 2 + 1` is 7): its lists item by item, a
    value of constants as its number, text or condition, any other value as written."""
    if isinstance(value, A.ListLit):
        return A.replace(value, items=tuple(folded(v) for v in value.items))
    try:
        known = A.as_const(value)
    except A.NotConstant:
        return value
    made = {bool: A.Bool, int: A.Int}.get(type(known))
    return made(known, span=value.span) if made is not None else value


class ExprReader(A.Visitor):
    """Expressions in words: `count(x in hand where x.color == red)` is "the number of red cards in
    your hand"; the rules text only where no wording fits (a name the pack gives no meaning to)."""

    def __init__(self, symbols=None):
        self.symbols = symbols
        # the acting player: "you" in a rule, "they" in the condition that picks the players of an
        # `each` ("each player for whom they have ..."), where "you" would read as the reader
        self.you, self.your = "you", "your"
        self.its = "its"   # `it.`: "its" (an event's, an entity's); "the buy's" in a modifier's condition
        self.held: dict[str, str] = {}   # the `resource` and `counter` parameters of the proc read: name -> type
        self.typed: dict[str, str] = {}  # the typed parameters and lets of the proc or func read: name -> type
        self.runs: dict[int, str] = {}   # the procs an `if`/`while` condition runs (by id): their words
        self.standing: dict[int, str] = {}   # the base's part in an amended part (by id), read by its name
        self.bound: dict[str, str] = {}  # a short func read in place of its call: its parameters -> the arguments' words
        self.force: Optional[str] = None  # the card read's `in force while` condition, in words: `held.force(this)`

    def about_the_use(self, e, action: str) -> str:
        """A modifier's condition, with `it.ARG` read as an argument of the use consulted ("the buy's card")."""
        # a use named by one word reads as a noun, "the buy's card"; by several, a verb phrase: "the
        # “place cubes” action's city", never "the place cubes's city"
        self.its = f"the {spoken(action)}'s" if "_" not in action else f"the “{spoken(action)}” action's"
        try:
            return self.read(e)
        finally:
            self.its = "its"

    def about_them(self, e) -> str:
        """A condition on each player of an `each` or a `rank`, with that player as "they"."""
        self.you, self.your = "they", "their"
        try:
            return self.read(e)
        finally:
            self.you, self.your = "you", "your"

    def read(self, e) -> str:
        """The words for an expression."""
        return self.standing.get(id(e)) or self.visit(e)

    # ---------------------------------------------------------------- what names stand for
    def holds_a_player(self, e) -> bool:
        """Whether `none` in what `e` holds means "nobody": false for a variable or a field declared to
        hold something else (a card, a member: "nothing"); true when unknown."""
        if isinstance(e, A.Name):
            if e.id in self.typed:   # a parameter or a let of a declared type (a record: "m is none")
                return self.typed[e.id] in ("player", "any")
            decl = self.decl(e.id)
            return not isinstance(decl, A.Var) or decl.type == "player"
        if isinstance(e, A.Index) and isinstance(e.obj, A.Name) and isinstance(self.decl(e.obj.id), A.Var):
            return self.decl(e.obj.id).type == "player"   # an element of an indexed variable: `at[s]` of cards
        if isinstance(e, A.Attr) and self.symbols is not None:
            types = {f.type for d in self.symbols.decls.values() if isinstance(d, (A.Kind, A.Record))
                     for f in d.fields if f.name == e.name}
            return not types or "player" in types
        return True

    def holds_a_record(self, e) -> bool:
        """Whether `e` is a parameter, let or variable declared to hold a record: `none` there reads "none"."""
        t = self.typed.get(e.id) if isinstance(e, A.Name) and e.id in self.typed else \
            getattr(self.decl(e.id), "type", None) if isinstance(e, A.Name) and isinstance(self.decl(e.id), A.Var) else None
        return t is not None and isinstance(self.decl(t), A.Record)

    def per_member(self, t) -> bool:
        """Whether a cost term pays a card's field member by member (`b.cost food`, 4.3)."""
        return t.mode == "plain" and t.index is None and type(t.amount) is A.Attr \
            and getattr(self.decl(t.name), "indexes", None) is not None

    def computed_field(self, name: str) -> bool:
        """Whether a kind of the pack declares a computed field so named (False without symbols)."""
        decls = self.symbols.decls.values() if self.symbols is not None else ()
        return any(f.name == name and f.computed for d in decls if type(d) is A.Kind for f in d.fields)

    def seen_words(self, func: str, arg, word: str, negated: bool = False) -> str:
        """`seen_before(board)`: "the board has been in this position before"; of a position of several
        variables (`remembered as position`), "the position (the board and who is to move) has been ..." (3.3b)."""
        from .resolve import remembered

        name = arg.id if isinstance(arg, A.Name) else None
        variables = remembered(self.symbols).get(name, []) if self.symbols is not None and name else []
        if len(variables) > 1 or variables and variables[0].name != name:   # "the position (“Spot” and ...) has occurred"
            what = f"the {spoken(name)} ({_either([self.read(A.Name(v.name, span=arg.span)) for v in variables], 'and')})"
            been = "occurred"
        else:
            what, been = word, "been in this position"
        if func == "seen_before":
            return f"{what} has {'not ' if negated else ''}{been} before (at an earlier decision)"
        return f"the number of times {what} has {been} (at a decision of any player, this time included)"

    def knowledge_words(self, func: str, args: tuple, words: list) -> str:
        """`known(c.colour)`: "you know the colour of c"; `possible(p, c.colour, red)`: "p cannot rule out that
        the colour of c is red" (what they see, were shown, or ruled out with `reveal c.colour == red;`, 4.23)."""
        from .resolve import knowledge_args

        who, field, asked = knowledge_args(func, args)
        whom = self.you if who is None else self.read(who)
        s = "" if who is None or isinstance(who, A.You) else "s"
        what = f"the {spoken(field.name)} of {self.read(field.obj)}" if isinstance(field, A.Attr) else self.read(field)
        if func == "known":
            return f"{whom} know{s} {what}"
        return f"{whom} cannot rule out that {what} is {self.read(asked)}"

    def decl(self, name: str):
        """The declaration a name stands for, or None (a local, a builtin, no symbols)."""
        return self.symbols.decls.get(name) if self.symbols is not None else None

    def using(self, t) -> str:
        """What stands for a term's resource: "each titanium counting as 3, each steel as 2"."""
        return ", ".join(f"each {singular(self.noun(u.name))} {'counting ' if i == 0 else ''}as {self.read(u.rate)}"
                         for i, u in enumerate(t.substitutes))

    def noun(self, name: str) -> str:
        """A resource's, counter's, zone's or kind's name as a noun phrase: its title when declared (as
        written when it is a place's name: `zone mars "Mars"`)."""
        d = self.decl(name)
        title = getattr(d, "title", None)
        if title and isinstance(d, A.Record) and "{" in title:   # `"{f}{rank}"` shows a value; it names no thing
            title = None
        if title and isinstance(d, A.Zone) and _predicate(title):   # "Removed from the game": no noun to put "the" before
            return f"zone “{title}”"
        if title:
            return title if self.place_name(name) else _lower_first(title)
        return name.upper() if len(name) == 2 else spoken(name)   # `vp` reads VP; `x` stays x

    def place_name(self, name: str) -> bool:
        """Whether a zone's title is read as a name, as written and without "the" ("in Mars", "on Neo"):
        the one zone of its name in the game, titled by one capitalised word that is not just the plural
        of what it holds (`zone ally_pile "Allies" of ally` is "the allies"). A title of several words is a
        phrase, "the discard pile"; each player's zone is theirs, "your hand"; an indexed one a family."""
        d = self.decl(name)
        title = getattr(d, "title", None) or ""
        return isinstance(d, A.Zone) and not d.per_player and d.indexes is None and title.isalpha() \
            and title[:1].isupper() and all(plural(self.noun(k)).lower() != title.lower() for k in d.kinds)

    def item_noun(self, zone: str) -> str:
        """What a zone holds, in words: "card" for a hand of cards (the kind's title when declared)."""
        d = self.decl(zone)
        if isinstance(d, A.Zone):
            return " or ".join(singular(self.noun(k)) for k in d.kinds)
        return "item"

    def category(self, name: str):
        return self.symbols.category(name) if self.symbols is not None else None

    def per_player(self, name: str) -> bool:
        """Whether a name is something each player has (a stock, a counter, a track, a zone of theirs)."""
        d = self.decl(name)
        if isinstance(d, A.Counter) or isinstance(d, A.Var) and d.type != "bool":
            return not d.is_global   # (a condition of each player's, `var may_play "..." : bool`, keeps its title)
        if isinstance(d, A.Zone):
            return d.per_player
        return isinstance(d, A.Resource) or isinstance(d, A.Track) and not d.is_global

    def shared(self, name) -> bool:
        """Whether a name is a `global` counter: paid, gained and lost from the one shared value."""
        d = self.decl(name) if name else None
        return isinstance(d, A.Counter) and d.is_global

    def owned(self, owner: str, name: str) -> str:
        """A player's thing in words: "your coins", "p's position on the science track"."""
        if name in self.held:   # a parameter holding a resource's or a counter's name
            return f"{owner} amount of the {self.held[name]} held by {name}"
        d = self.decl(name)
        if isinstance(d, A.Track):
            return f"{owner} position on {self.track(name)}"
        noun = self.noun(name) if d is not None else spoken(name)
        if isinstance(d, (A.Resource, A.Group)):
            noun = plural(noun)
        if noun.lower().startswith("your ") and owner != "your":
            noun = noun[5:]   # a zone titled "Your discs" is p's "discs"
        return noun if noun.lower().startswith("your ") else f"{owner} {noun}"

    def track(self, name: str) -> str:
        """A track by name: "the science track" ("the Renegades' track": a title that says track
        already), or "track t" for a local or a parameter that holds one."""
        if not isinstance(self.decl(name), A.Track):
            return f"track {name}"
        noun = self.noun(name)
        return the(noun if noun.lower().endswith("track") else f"{noun} track")

    def track_of(self, e) -> str:
        """The track an expression names: a name as `track` reads it, else "l's track"."""
        if isinstance(e, A.Name):
            return self.track(e.id)
        words = self.read(e)
        return words if words.endswith("track") else f"the {words} track"

    def field_word(self, field: str) -> Optional[str]:
        """A short field (`l.t`) by what it holds, when every kind that declares it agrees: "track",
        "landmark"; None for plain values (numbers, flags), which keep their name."""
        if self.symbols is None:
            return None
        kinds = [d for d in self.symbols.decls.values() if isinstance(d, A.Kind) and any(f.name == field for f in d.fields)]
        types = {f.type for d in kinds for f in d.fields if f.name == field}
        word = FIELD_TYPE_WORDS[next(iter(types))] if len(types) == 1 and next(iter(types)) in FIELD_TYPE_WORDS \
            else self.held_word(types)
        # a kind with two fields of that type (a route's ends `a` and `b`): the word alone would read them
        # alike ("q's city is r's city"), so the field's name follows it ("q's city a is r's city a")
        if word is not None and any(sum(g.type == t for g in d.fields) > 1 for d in kinds for t in types):
            return f"{word} {field}"
        return word

    def held_word(self, types: set) -> Optional[str]:
        """The one kind or enum all the declarations of a short name agree it holds, as a noun; None if
        they disagree or it holds plain values."""
        if len(types) != 1:
            return None
        (kind,) = types
        return singular(self.noun(kind)) if isinstance(self.decl(kind), (A.Kind, A.Enum)) else None

    def argument_word(self, name: str) -> Optional[str]:
        """A short event argument (`it.w`) by what it holds, when every event that declares it agrees
        and it holds cards or members: "worker"; None otherwise (it keeps its name)."""
        if self.symbols is None:
            return None
        return self.held_word({p.type for d in self.symbols.decls.values() if isinstance(d, A.Event)
                               for p in d.params if p.name == name})

    def possessive(self, e) -> str:
        """ "your", "p's", "the leader's"."""
        if isinstance(e, A.You):
            return self.your
        if isinstance(e, A.Name) and e.id == "it":
            return self.its
        if isinstance(e, A.Name) and e.id == "this":
            return "this card's"
        return f"{self.read(e)}'s"

    # ---------------------------------------------------------------- leaves
    def visit_Int(self, e):
        return str(e.value)

    def visit_Dec(self, e):
        return decimal_text(e.value)   # `7.50` reads 7.5, as a text shows it

    def visit_Str(self, e):
        return f"“{with_values(e.parts) if e.parts else e.value}”"

    def visit_Bool(self, e):
        return "true" if e.value else "false"

    def visit_Nothing(self, e):
        return "nobody"

    def visit_You(self, e):
        return self.you

    def visit_Name(self, e):
        name = e.id
        if name in self.bound:   # a parameter of a func read in place (`call`): the argument given
            return self.bound[name]
        if name in PLAYER_DOMAINS:
            return {"opponents": "your opponents", "players": "all players", "anyone": "all players",
                    "neighbours": "your neighbours", "teammates": "your teammates"}.get(name, PLAYER_DOMAINS[name][0])
        if name == "player_count":
            return "the number of players"
        if name == "team_count":
            return "the number of teams"
        if name == "all_players":
            return "every player, knocked out or not"
        if name == "this":
            return "this"
        if name == "copy_number":   # in a card's field value (`tile t * 6 { n = copy_number; }`)
            return "the copy's number"
        d = self.decl(name)
        if d is None:
            if self.symbols is not None and name in self.symbols.members:
                title = self.symbols.decls[self.symbols.members[name]].title_of(name)
                return f"“{title}”" if title else spoken(name)   # (an empty title `""` reads by the name)
            return name  # a local or a parameter: its own name is the best word for it
        if self.symbols is not None and id(e) in self.symbols.named:   # the resource (track...) itself
            return f"“{d.title}”" if getattr(d, "title", None) else spoken(name)
        if self.per_player(name):
            return self.owned(self.your, name)
        if isinstance(d, A.Track):   # a global track: its one marker's position
            return f"the position on {self.track(name)}"
        if isinstance(d, (A.Counter, A.Zone)):
            return self.noun(name) if self.place_name(name) else the(self.noun(name))
        if isinstance(d, A.Kind):   # as a value: the list of its cards
            return f"every {singular(self.noun(name))}"
        if isinstance(d, A.Record):   # as a domain: every value it can hold (its title shows one: `"{f}{rank}"`)
            return f"every {singular(self.noun(name))}"
        title = getattr(d, "title", None)
        return f"“{title}”" if title else spoken(name)

    def visit_Attr(self, e):
        adjusted = getattr(self.symbols, "adjusted", {}).get(id(e))
        if adjusted is not None:   # `cost: int for costs;`: read as the tagged value it is (7.7c)
            return f"{self.read(adjusted.value)} (as the modifiers of {spoken(adjusted.tag.action)} change it)"
        if e.name == "subject" and isinstance(e.obj, A.Name) and e.obj.id == "it":
            return "the player it happened to"   # `it.subject` (7.2): no event argument is so named (E400)
        if self.decl(e.name) is not None and self.category(e.name) != "entity":
            return self.owned(self.possessive(e.obj), e.name)
        word = spoken(e.name) if len(e.name) > 2 or id(e) in getattr(self.symbols, "enum_reads", {}) else \
            (isinstance(e.obj, A.Name) and e.obj.id == "it" and self.argument_word(e.name)) \
            or self.field_word(e.name) or e.name
        # a short event argument (`it.w`) reads "its worker"; a field reads as written: `m.to` is "m's to",
        # `c.vp` "c's vp" (a counter `vp`'s abbreviation reads VP: `p.vp`, by the declaration above)
        return f"{self.possessive(e.obj)} {word}"

    def visit_Pair(self, e):   # a grid's indexes: "wall (row, 3)"
        return ", ".join(map(self.read, e.parts))

    def table_read(self, e: A.Index, table: A.Table) -> str:
        """`payout[r]`: "the payout for rank r (10, 6, 4, 3, 2, 1)": the table's noun, each index by its name and
        the value read, and a one-index table's values when they are few; a grid's are left to its declaration."""
        parts = e.index.parts if isinstance(e.index, A.Pair) else (e.index,)
        said = []
        for dim, part in zip(table.index.dims(), parts):
            read = self.read(part)
            said.append(read if dim.name is None or read == spoken(dim.name) else f"{spoken(dim.name)} {read}")
        values = folded(table.value).items if isinstance(table.value, A.ListLit) else ()
        listed = f" ({', '.join(self.read(v) for v in values)})" if table.index.second is None \
            and 0 < len(values) <= 12 and not any(isinstance(v, A.ListLit) for v in values) \
            and not table.index.edge else ""   # (a table of sides lists the sides that hold, read at its declaration)
        return f"the {self.noun(table.name)} for {_either(said, 'and')}{listed}"

    def visit_Index(self, e):
        table = self.decl(e.obj.id) if isinstance(e.obj, A.Name) else None
        if isinstance(table, A.Table):
            return self.table_read(e, table)
        if isinstance(e.index, A.Name) and self.cost_field(A.CostTerm(e.obj, "each", None)):   # `b.cost[fish]`
            what = self.decl(e.index.id)
            if isinstance(what, A.Group):
                return f"the number of wild {what.title or what.name} icons in {self.read(e.obj)}"
            name = e.index.id if what is not None else f"the resource {e.index.id}"
            return f"the number of {name} in {self.read(e.obj)}"
        base = e.obj.id if isinstance(e.obj, A.Name) else e.obj.name if isinstance(e.obj, A.Attr) else None
        if self.member_field(e.obj, A.Enum):   # `window.shade[s]`: a grid's value at a cell
            return f"{self.read(e.obj)} at {self.read(e.index)}"
        if base is not None and getattr(self.decl(base), "indexes", None) is not None or self.member_field(e.obj):
            return f"{self.read(e.obj)} ({self.read(e.index)})"   # an indexed counter's or zone's element
        if isinstance(e.index, A.Int):
            return f"the {ordinal(e.index.value)} of {self.entries(e.obj)}"
        if isinstance(e.index, A.Range):   # a slice
            return f"the entries at places {self.from_to(e.index)} of {self.entries(e.obj)} (those there are)"
        if isinstance(e.index, A.Call) and e.index.func == "size" and len(e.index.args) == 1 \
                and expr(e.index.args[0]) == expr(e.obj):
            return f"the last of {self.read(e.obj)}"   # z[size(z)]
        index = self.read(e.index)
        if isinstance(e.obj, A.ListLit) and 1 < len(e.obj.items) <= LISTED_CHOICES \
                and all(isinstance(i, A.Int) for i in e.obj.items):
            # [2, 4, 6][age]: "2, 4 or 6 as the age is 1, 2 or 3"
            positions = _either([str(i) for i in range(1, len(e.obj.items) + 1)], "or")
            if isinstance(e.index, A.Binary) or self.phrase(e.index):
                index = f"({index})"   # "as (age minus 1) is 1, 2 or 3"
            return f"{_either([self.read(i) for i in e.obj.items], 'or')} as {index} is {positions}"
        return f"the entry at place ({index}) of {self.entries(e.obj)}"

    def entries(self, e) -> str:
        """A list that is indexed, in words: a row of numbers as they are ("2, 5, 9")."""
        if isinstance(e, A.ListLit) and all(isinstance(i, A.Int) for i in e.items):
            return ", ".join(self.read(i) for i in e.items)
        return self.read(e)

    def visit_CostValue(self, e):
        """A card's printed cost: as written ("1 fish or 1 rodent")."""
        return cost(e.terms)

    def cost_field(self, t) -> bool:
        """Whether a cost term reads a card's field declared `cost` (`pay b.cost;`)."""
        return t.mode == "each" and isinstance(t.amount, A.Attr) and self.symbols is not None and any(
            f.name == t.amount.name and f.type == "cost" for d in self.symbols.decls.values() if isinstance(d, A.Kind)
            for f in d.fields)

    def visit_Affordable(self, e):
        tag = f" for {e.tag.action}" if e.tag is not None else ""
        return f"you can pay {self.cost(e.terms)}{tag} (as modifiers change it)"

    def visit_Valued(self, e):   # a tagged value (7.7c)
        args = f"({', '.join(self.read(a) for a in e.tag.args)})" if e.tag.args else ""
        cards = self.changing_cards(e.tag.action)
        held = f" (cards that change it where they lie: {', '.join(cards)})" if cards else ""
        return f"{self.read(e.value)}, as the modifiers of {spoken(e.tag.action)}{args} change the value{held}"

    def changing_cards(self, action: str) -> list[str]:
        """The cards (by title, in declaration order) holding a modifier of `action` (7.7b), their kind's or their
        own: who may change a tagged value, which the value's reading names (the Cosmic pack's Warrior and Virus)."""
        if self.symbols is None:
            return []
        decls = self.symbols.decls.values()
        kinds = {k.name for k in decls if isinstance(k, A.Kind) and any(
            isinstance(s, A.HeldModifier) and s.modifier.pattern.event == action for s in k.slots)}
        return [d.title or spoken(d.name) for d in decls if isinstance(d, A.Entity) and (d.kind in kinds or any(
            isinstance(s, A.HeldModifier) and s.modifier.pattern.event == action for s in d.effects))]

    def idle_held(self, card: A.Entity) -> set:
        """The ids of the modifiers a card holds from a zone (7.7b) whose `while` never holds for it, worked out
        from what it is printed with (as W544's): a kind's `while this is creature` on a land changes nothing, so
        the land is not named among the cards that change a field."""
        kind = self.symbols.decls.get(card.kind)
        if not isinstance(kind, A.Kind):
            return set()
        if getattr(self, "_unset", None) is None:
            self._unset = set_fields(self.symbols)
        idle = set()
        for slot in card.effects:
            if type(slot) is A.HeldModifier and slot.when is not None:
                try:
                    if all(never_runs(slot, card.name, copy_fields(card, kind, i, self.symbols), self.symbols,
                                      self._unset) for i in range(1, max(card.copies, 1) + 1)):
                        idle.add(id(slot.modifier))
                except A.NotConstant:
                    pass
        return idle

    def adjusted_field(self, f) -> str:
        """How a kind's field declared `cost: int for costs;` is said: adjusted wherever it is read, and by which
        cards' modifiers (held, or put in force by their effects), in declaration order."""
        if f.tag is None:
            return ""
        decls = self.symbols.decls.values() if self.symbols is not None else ()
        cards = [d.title or spoken(d.name) for d in decls if isinstance(d, A.Entity) and any(
            isinstance(n, A.Modifier) and n.pattern.event == f.tag.action and id(n) not in self.idle_held(d)
            for n in A.walk(d))]
        if f.type == "list":   # a list cost (7.7g): units the cost lines take off or add
            return (f" (as printed; wherever it is read, and by the kernels that price it, the cost lines of the "
                    f"modifiers of {spoken(f.tag.action)} take units off it or add some, a unit of the payer's choosing "
                    f"by every way it may go" + (f": those of {_either(cards, 'and')}" if cards else "") + ")")
        return (f" (as printed; wherever it is read, the modifiers of {spoken(f.tag.action)} change it"
                + (f": those of {_either(cards, 'and')}" if cards else "") + ")")

    def visit_Allowed(self, e):
        args = f"({', '.join(self.read(a) for a in e.tag.args)})" if e.tag.args else ""
        return f"you may {spoken(e.tag.action)}{args} (no modifier forbids it, or one allows it)"

    def visit_IndexIn(self, e):
        which = ("" if e.which is None else f" {e.which}" if type(e.which) is str else f" number {e.which}")
        whose = f" of {self.read(e.holder)}" if e.holder is not None else ""   # `in p.techs`: p's alone
        return (f"the index{which} of the place of {self.grid_title(e.grid)}{whose} that {self.read(e.item)} lies in "
                "(none when in none of them)")

    def grid_title(self, name: str) -> str:
        """A zone with indexes by its title ("Pyramid"), or its name in words."""
        decl = self.decl(name)
        return getattr(decl, "title", None) or spoken(name)

    def visit_During(self, e):
        game = getattr(self.symbols, "game", None)
        if game is not None and any(p.name == e.label for p in game.phases or ()):
            return f"phase {e.label} is under way"
        return f"a round of the loop labelled {e.label} is under way"

    def visit_CanOpen(self, e):
        args = f" with {', '.join(self.read(a) for a in e.args)}" if e.args else ""
        return (f"{spoken(e.proc)}{args} would offer you a choice now (its first decision is open: an option of "
                "its choose whose condition holds, not used up, whose cost you can pay; a may you would be asked; "
                "a pick with something to pick; nothing is done)")

    def visit_After(self, e):   # 5.1d: "true when, after making m, you are not in check"
        args = f" with {', '.join(self.read(a) for a in e.args)}" if e.args else ""
        return (f"{self.read(e.value)}, as it would be after {spoken(e.proc)}{args} (the call run on a scratch copy "
                "of the game and thrown away: nothing of it is kept, nobody is asked)")

    def slot_given(self, ref, args, with_event: Optional[str] = None) -> str:
        """`, with by: you and times: 2` of a `copy c.SLOT(ARGS)`: each argument by the parameter it gives (`with
        it`: the event's, by name)."""
        if with_event is not None:
            return ", given the event's arguments, each to the parameter of its name"
        if not args:
            return ""
        field = getattr(self.symbols, "slot_fields", {}).get(ref.span)
        names = [p.name for p in field.params] if field is not None else []
        named = [(a.name, a.value) if type(a) is A.FieldValue else (names[i] if i < len(names) else f"#{i + 1}", a)
                 for i, a in enumerate(args)]
        return ", with " + _either([f"{spoken(n)}: {self.read(v)}" for n, v in named], "and")

    def visit_CanCopy(self, e):
        t = e.target
        what = f"{self.read(t.obj)}'s {spoken(t.name)}{self.slot_given(t, e.args, e.with_event)}" if type(t) is A.Attr \
            else self.read(t)
        return (f"running {what} now would do something (it has that effect; its first decision, if it starts "
                "with one, is open; nothing is done)")

    def visit_Range(self, e):
        return f"the numbers {self.from_to(e)}"

    def visit_RowMembers(self, e):
        return f"the {e.enum}s in {e.row_of}"

    def from_to(self, e: A.Range) -> str:
        """`2..12` as "from 2 to 12"; `row g of at` (the resolver's range) as "in row g of at (from 0 to ...)"."""
        numbers = f"from {self.read(e.low)} to {self.read(e.high)}"
        return f"in {e.row_of} ({numbers})" if e.row_of is not None else numbers

    def member_field(self, e, holder: type = A.Kind) -> bool:
        """Whether `e` reads a field some kind declares `int[ENUM]` (one value per member), or with `holder` A.Enum
        some enum declares `int[RECORD]` (a grid: one value per cell)."""
        return isinstance(e, A.Attr) and self.symbols is not None and any(
            f.name == e.name and f.index is not None for d in self.symbols.decls.values() if isinstance(d, holder)
            for f in d.fields)

    def visit_MemberMap(self, e):
        """`{white: 3, red: 1}`: "3 white, 1 red"; of conditions, the members that hold ("red and blue")."""
        if e.items and all(isinstance(i.value, A.Bool) for i in e.items):
            held = [str(i.member) if type(i.member) is int else self.read(A.Name(i.member, span=i.span))
                    for i in e.items if i.value.value]
            return _either(held, "and") or "none"
        shown = [self.member_amount(i) for i in e.items]
        return ", ".join(shown) or "none"

    def member_amount(self, item) -> str:
        """One entry of a member map: "3 white"; of a resource (an `int[GROUP]` cost), the resource itself,
        counted ("1 fish", "2 seeds"), never a player's stock of it ("1 your fish")."""
        if type(item.member) is int:   # a field indexed by a range (`{1: 2, 3: 5}`): "2 for 1"
            return f"{self.read(item.value)} for {item.member}"
        if isinstance(self.decl(item.member), A.Resource):
            noun = self.noun(item.member)
            if isinstance(item.value, A.Int):
                return counted(item.value.value, noun)
            return f"{self.read(item.value)} {plural(noun)}"
        return f"{self.read(item.value)} {self.read(A.Name(item.member, span=item.span))}"

    def visit_ListLit(self, e):
        if not e.items:
            return "none"   # `uses = []`: an empty list
        items = [self.read(i) for i in e.items]
        return "the row " + ", ".join(items) if all(isinstance(i, A.Int) for i in e.items) else _either(items, "and")

    # ---------------------------------------------------------------- calls
    def visit_LetIn(self, e):
        """A func's value after its lets, as one phrase: "a plus b, where a is ... and b is ..."."""
        return f"{self.read(e.value)}, where {_either([f'{s.name} is {self.read(s.value)}' for s in e.lets], 'and')}"

    def visit_Construct(self, e):
        """`corner(hex = 4, vertex = 2)`: "a corner with hex 4 and vertex 2" (a field left out: its default)."""
        fields = [f"{spoken(f.name)} {self.read(f.value)}" for f in e.fields]
        return f"{article_of(spoken(e.record))} with {_either(fields, 'and')}"

    def visit_Call(self, e):
        if id(e) in self.runs:   # a proc the condition read runs (Reader.condition)
            return self.runs[id(e)]
        if e.func in (HELD_USES, HELD_HAS):   # a card override's dispatcher: whether its holder holds it
            zones = " or ".join(self.read(z) for z in e.args[1:])
            return f"a copy of {self.read(e.args[0])} is in {zones}"
        if e.func == HELD_FORCE:   # a slot of a kind's card gated by `in force while COND;`: the card's own, or its kind's
            card = self.decl(e.args[0].id) if type(e.args[0]) is A.Name else None
            cond = in_force_of(self.symbols, card) if isinstance(card, A.Entity) else None
            if cond is None and self.force is not None:
                return self.force
            return self.read(cond) if cond is not None else f"{self.read(e.args[0])} is in force ('in force while')"
        return self.call(e.func, e.args, self.your)

    def visit_Method(self, e):
        if len(e.args) == 1 and self.computed_field(e.name):   # `m.reached(p)`: worked out for p
            return f"{self.possessive(e.obj)} {spoken(e.name)} as worked out for {self.read(e.args[0])}"
        return self.call(e.name, (e.obj,) + e.args, self.possessive(e.obj), about=True)

    def call(self, func: str, args: tuple, owner: str, about: bool = False) -> str:
        """A builtin or a func of the pack in words; `owner` is whose it is ("your", "p's")."""
        if func in CELL_WALKS and self.decl(func) is None and args:   # a board's cell moved along its fields
            return self.walk(func, args)
        words = [self.read(a) for a in args]
        if func in ("tier", "position", "amount", "room", "can_advance", "printed") and args:
            if len(args) == 2 and not about:
                owner = self.possessive(args[0])
            name = args[-1].id if isinstance(args[-1], A.Name) else None
            thing = self.noun(name) if name else words[-1]
            if name is not None and getattr(self.decl(name), "is_global", False) and isinstance(self.decl(name), A.Track):
                owner = "the"   # a global track's one marker: nobody's own
                if func == "can_advance":
                    return f"{self.you} can advance the marker on {self.track_of(args[-1])}"
            if func == "printed":
                return f"the number printed where {owner} marker stands on {self.track_of(args[-1])}"
            if func == "tier":
                return f"{owner} level on {self.track_of(args[-1])}"
            if func == "position":
                return f"{owner} position on {self.track_of(args[-1])}"
            if func == "amount":
                return self.owned(owner, name) if name else f"{owner} {thing}"
            if func == "room":
                return f"the room left for {self.owned(owner, name) if name else thing}"
            return f"{self.you if owner == self.your else owner[:-2]} can advance on {self.track_of(args[-1])}"
        if func == "supply" and args:
            name = args[0].id if isinstance(args[0], A.Name) else None
            of = f" of {words[1]}" if len(args) == 2 else ""   # `supply(cubes, red)`: one member's bank
            return f"the number of {plural(self.noun(name)) if name else words[0]}{of} left in the supply"
        if func == "size" and args:
            zone = args[0].id if isinstance(args[0], A.Name) else None
            return f"the number of {plural(self.item_noun(zone)) if zone else 'items'} in {words[0]}"
        if func in ("min", "max"):
            which = "smaller" if func == "min" else "larger"
            if len(args) == 2:
                return f"the {which} of {words[0]} and {words[1]}"
            return f"the {'lowest' if func == 'min' else 'highest'} of {_either(words, 'and')}"
        if func == "abs":
            return f"the size of {words[0]} (ignoring its sign)"
        if func in ROUNDINGS and self.decl(func) is None and len(args) == 1:
            return {"floor": f"{words[0]} rounded down", "ceil": f"{words[0]} rounded up",
                    "round": f"{words[0]} rounded to the nearest whole number (a half up, away from zero)"}[func]
        if func == "contains" and len(args) == 2:
            return f"{words[1]} is in {words[0]}"
        if func == "declaration" and len(args) == 1:
            return f"the card {words[0]} is a copy of"
        if func == "refills" and self.decl("refills") is None and len(args) == 1:   # 3.9
            return f"how many times {words[0]} was refilled from its pile so far"
        if func == "in_force" and self.decl("in_force") is None and len(args) == 1:   # 7.7e
            return f"{words[0]} is in force (it lies where its slots work, and its 'in force while' holds for its holder)"
        if func == NEIGHBOURS and self.decl(NEIGHBOURS) is None and args:
            if len(args) == 2 and type(args[1]) is A.Name and args[1].id == HEX:
                return f"the six hexes around {words[0]} (its two fields read as axial coordinates; those on the board)"
            if len(args) == 2:
                return f"the cells next to {words[0]}, beside it or diagonally (those on the board)"
            return f"the cells beside {words[0]} (those on the board, not diagonally)"
        if func == "ordinal" and len(args) == 1:
            return f"the place of {words[0]} in its order (1 for the first)"
        if func in STEPS:
            by, around = STEPS[func]
            side, end, other = ("after", "the last", "the first") if by > 0 else ("before", "the first", "the last")
            other_way = "before" if side == "after" else "after"
            one = f"the one {side} {words[0]}" if len(args) == 1 else \
                f"the one {words[1]} places {side} {words[0]}" + \
                ("" if isinstance(args[1], A.Int) else f" ({other_way} it for a count below 0)")
            return (f"{one} in its order ("
                    + (f"{side} {end} comes {other})" if around else f"{end} stays {end})"))
        if func == "steps_around" and self.decl("steps_around") is None and len(args) == 2:
            return (f"the steps from {words[0]} round to {words[1]} in their order (0 when they are the same; "
                    f"after the last comes the first)")
        if func == "index_of" and len(args) == 2:
            return f"where {words[1]} stands in {words[0]} (1 for the first, 0 if it is not there)"
        if func == "enabled":
            return f"the {words[0]} variant is in play"
        if func in ("left", "right"):
            return f"the player to the {func} of {words[0]}"
        if func == "first":
            return f"the first of {words[0]}"
        if func == "last" and self.decl("last") is None and len(args) == 1:   # a zone's bottom item, a list's last
            return f"the last of {words[0]}"
        if func == "reverse":
            return f"{words[0]} in reverse order (last first)"
        if func == "disjoint" and self.decl("disjoint") is None and len(args) == 1:
            return f"every choice of the groups of {words[0]} no two of which share an item (none chosen too)"
        if func == "subsets" and len(args) == 2:
            return f"every choice of {words[1]} of {words[0]} (each keeping their order)"
        if func in ("turns", "orientations") and len(args) == 1:
            turned = "turned a quarter at a time" + (" or flipped over" if func == "orientations" else "")
            return f"the different ways {words[0]} lies, {turned} (each from 0 across and down)"
        if func == "distinct":
            return f"the different values (each once, where it first stands) of {words[0]}"
        if func in ("seen_before", "times_seen") and self.decl(func) is None and len(args) == 1:
            return self.seen_words(func, args[0], words[0])
        if func in ("known", "possible") and self.decl(func) is None and len(args) in ((1, 2) if func == "known" else (2, 3)):
            return self.knowledge_words(func, args, words)
        if func == "piles" and self.decl("piles") is None and len(args) == 1:
            return f"the piles of {words[0]} that were ever set out (every pile that has held a card, emptied since or not)"
        if func == "aside" and self.decl("aside") is None:   # the cards set aside from a player's zones (4.14b)
            whose = self.your if not args or isinstance(args[0], A.You) else words[0] + "'s"
            return f"the cards set aside from {whose} zones"
        if func == "seats_apart" and self.decl("seats_apart") is None and args:
            start, end = (self.you, words[0]) if len(args) == 1 else (words[0], words[1])
            return (f"the seats between {start} and {end} round the table, the shorter way, counting only the "
                    f"players still in (1 for neighbours)")
        if func == "seat":
            return f"the seat of {words[0]} (P1 is 1)" if args else f"{self.your} seat (P1 is 1)"
        if func == "team" and self.decl("team") is None:
            return f"the team of {words[0]}" if args and not isinstance(args[0], A.You) else f"{self.your} team"
        if func == "eliminated":
            return f"{words[0]} is knocked out" if args else f"{self.you} are knocked out"
        if func == "players_from":
            return f"every player in turn order starting with {words[0]}"
        if func == "others_from":
            return f"every player but {words[0]} in turn order, starting on their left"
        if func == "retired":
            return f"{words[0]} is retired" if args else f"{self.you} are retired"
        if func == "all_players_from":
            return f"every seat clockwise starting with {words[0]}, players out or retired too"
        if func == "all_others_from":
            whose = self.your if isinstance(args[0], A.You) else words[0] + "'s"
            return f"every seat clockwise from {whose} left but {words[0]}, players out or retired too"
        if func == "players_counterclockwise_from":
            return f"every player counter-clockwise starting with {words[0]}"
        # a func of the pack: its name quoted, about a player when its first argument is one
        rest = words[1:] if about else words
        if not about and args and isinstance(args[0], A.You):
            owner, about, rest = self.your, True, words[1:]
        if len(args) > 1 and not about and (inline := self.in_place(func, args, words)) is not None:
            return inline
        head = f"{owner} “{called(func)}”" if about else f"“{called(func)}”"
        if len(rest) > 1:   # "“has tag” for (c, “Building”)": an "and" between arguments would read as the logical and
            return f"{head} for ({', '.join(rest)}){below(func)}"
        return (f"{head} for {rest[0]}" if rest else head) + (f",{below(func)}" if rest and below(func) else below(func))

    def in_place(self, func: str, args: tuple, words: list) -> Optional[str]:
        """A func of the pack called with several arguments, read as its body with the arguments in place of
        its parameters (`is_a(c, action)` for `func is_a(c, t) = contains(c.types, t);`: "“Action” is in c's
        types", not "“is a” for (c, “Action”)"), when that body is one line of builtins that binds no name
        of its own and calls no func or proc of the pack; else None."""
        decl = self.decl(func)
        if not isinstance(decl, A.Func) or len(decl.params) != len(args) or self.bound:
            return None
        params = {p.name for p in decl.params}
        for n in A.walk(decl.value):
            if type(n) in (A.Call, A.Method) and isinstance(self.decl(n.func if type(n) is A.Call else n.name),
                                                           (A.Func, A.Proc, A.Extern)):
                return None
            if getattr(n, "var", None) is not None or type(n) in (A.LetIn, A.Match):
                return None   # a name of its own (`count(x in ...)`): read the call as a call
        self.bound = {p.name: w for p, w in zip(decl.params, words)}
        try:
            text = self.read(decl.value)
        finally:
            self.bound = {}
        if type(decl.value) is A.Cond:   # "(n minus 1 if c is Red, otherwise 13 minus n) is more than ...":
            text = f"({text})"          # unbracketed, the comparison would read as the else branch's
        return text if len(text) <= 80 and params else None

    # ---------------------------------------------------------------- costs
    def shared_counter(self, name: str, index=None) -> str:
        """A global counter as gained, lost or paid: "the shared clues"; one element of an indexed one
        with its index, as a player's reads: "the shared birdfeeders (“Fish”)"."""
        return f"the shared {plural(self.noun(name))}" + (f" ({self.read(index)})" if index is not None else "")

    def cost(self, terms) -> str:
        """A cost in words, with the titles of what is paid: "2 coins and 1 crystal of any kind" (a `pay`,
        a modifier's cost line, `affordable`, a space's cost: one reading)."""
        parts, trading = [], ""
        for t in terms:
            n = t.amount.value if isinstance(t.amount, A.Int) else None
            amount = self.read(t.amount)
            if t.mode == "or":   # alternatives: the payer picks one they can pay
                parts.append(" or else ".join(self.cost(alt.terms) for alt in t.alternatives) + " (your choice)")
            elif t.mode == "trade":   # an exchange within a group
                trading = f"; any {amount} {plural(singular(self.noun(t.name)))} may be paid as 1 of them"
            elif self.cost_field(t):   # `pay b.cost;` of a field declared `cost`
                parts.append(amount)
            elif self.per_member(t):   # `pay b.cost food;`
                shown = self.decl(t.name).indexes.shown()
                parts.append(f"{amount} from your {self.noun(t.name)} (each {shown} from its own)")
            elif t.mode == "plain" and t.name in self.held:   # `pay 1 c;` with c a parameter
                parts.append(f"{amount} of the {self.held[t.name]} held by {t.name}")
            elif t.mode == "plain" and self.shared(t.name):   # `pay 1 clues;` of a global counter
                parts.append(f"{amount} of {self.shared_counter(t.name, t.index)}")
            elif t.mode == "plain":
                noun = self.noun(t.name) + (f" ({self.read(t.index)})" if t.index is not None else "")
                parts.append(counted(n, noun) if n is not None else f"{self.read(t.amount)} {plural(noun)}")
            elif t.mode == "held":   # `pay 1 c.good;`
                parts.append(f"{amount} of {self.read(A.Attr(t.source, t.name))} (the resource it names)")
            elif t.mode == "each":   # `pay q.needs;`
                parts.append(f"{amount} (each resource's number of its own)")
            elif t.mode == "any":
                what = singular(self.noun(t.name)) if t.name else "resource"
                parts.append(f"{amount} {what if n == 1 else plural(what)} of any kind")
            elif t.mode == "cards":
                parts.append(self.cards(t, n, amount))
            elif t.mode == "on":   # a stock on a card, or on the cards of a zone (the payer picks which)
                parts.append(f"{amount} {spoken(t.name)} from {self.read(t.source)}")
            elif t.mode == "worth":
                noun = self.noun(t.name)
                paid = counted(n, noun) if n is not None else f"{amount} {plural(noun)}"
                parts.append(f"{paid} ({self.using(t)}, as many as you choose)")
            else:
                parts.append(f"{amount} different {plural(singular(self.noun(t.name)))}")
        return _either(parts, "and") + trading

    def cards(self, t, n, amount: str) -> str:
        """A cost in cards: "3 cards of your choice from your hand (not c), put into discards"."""
        noun = "card" if n == 1 else "cards"
        if t.source is None:
            return f"{amount} {noun}" if n is not None else f"as many cards as {amount}"
        left_out = f" (not {self.read(t.exclude)})" if t.exclude is not None else ""
        if t.where is not None:
            left_out += f" (only those for which {self.read(t.where)})"
        if t.alike is not None:   # `alike by colour`: one value of the field for all; `different by`: none shared
            left_out += f", each of another {spoken(t.alike.name)}" if t.different else f", all of one {spoken(t.alike.name)}"
        if t.wild is not None:   # `wild it.loco`: those stand in for any
            left_out += f" (and those for which {self.read(t.wild)}: wild cards, standing in for any" + (
                f" {spoken(t.alike.name)})" if t.alike is not None else " card)")
        many = f"{amount} {noun}" if n is not None else "cards"
        counted_as = "" if n is not None else f", as many as {amount}"
        return f"{many} of your choice from {self.read(t.source)}{left_out}{counted_as}, put into {self.read(t.dest)}"

    # ---------------------------------------------------------------- aggregates and operators
    def domain_noun(self, e) -> tuple[str, str]:
        """What an aggregate ranges over: the noun for one element and the words for the whole."""
        if isinstance(e, A.Name):
            if e.id in PLAYER_DOMAINS or e.id == "players":
                return ("opponent" if e.id == "opponents" else "player"), self.read(e)
            d = self.decl(e.id)
            if isinstance(d, A.Zone):
                return self.item_noun(e.id), self.read(e)
        if isinstance(e, A.Attr) and isinstance(self.decl(e.name), A.Zone):
            return self.item_noun(e.name), self.read(e)
        return "", self.read(e)

    def adjective(self, var: str, where) -> tuple[str, object]:
        """`x.color == red` as the adjective "red"; the rest of the condition stays a condition."""
        if (isinstance(where, A.Binary) and where.op == "==" and isinstance(where.left, A.Attr)
                and isinstance(where.left.obj, A.Name) and where.left.obj.id == var
                and isinstance(where.right, A.Name) and self.symbols is not None
                and where.right.id in self.symbols.members):
            return spoken(where.right.id) + " ", None
        return "", where

    def among(self, e) -> tuple[str, str]:
        """What an aggregate (or a network) ranges over and the condition on its elements, read:
        ("red cards c in your hand", " for which ...")."""
        noun, whole = self.domain_noun(e.domain)
        adjective, rest = self.adjective(e.var, e.where) if noun and getattr(e, "op", None) != "every" else ("", e.where)
        if noun in ("player", "opponent"):
            among = whole if rest is None else f"{whole} ({e.var})"
        elif noun:
            among = f"{plural(adjective + noun)}{' ' + e.var if rest is not None else ''} in {whole}"
        elif isinstance(e.domain, A.Range):
            among = f"{e.var} {self.from_to(e.domain)}"
        else:
            among = f"{e.var} among {whole}"
        return among, f" for which {self.read(rest)}" if rest is not None else ""

    def visit_Network(self, e):
        among, such = self.among(e)
        if e.through is not None:   # the places a path may pass: read with the edges' filter
            such += (f", passing only through places {e.through_var} for which {self.read(e.through)} (it may "
                     f"start or end at any place)")
        ends = f"each joining {self.read(e.ends[0])} and {self.read(e.ends[1])}" if len(e.ends) == 2 else "each an edge"
        length = f"by {self.read(e.length())}" if e.length() is not None else "in edges"
        if e.op in ("connects", "shortest_path") and len(e.args) >= 2:
            start, goal = (("any of " if isinstance(x, A.ListLit) else "") + self.read(x) for x in e.args[:2])
            if e.op == "connects":
                return f"whether {start} is {goal} or reached from it along {among}{such} ({ends}, either way)"
            return (f"the cheapest total length of a path from {start} to {goal} along "
                    f"{among}{such} ({ends}, either way), counted {length} (0 if they meet, none if there is no path)")
        if e.op == "reachable" and e.args:
            return (f"the places reached from {self.read(e.args[0])} along {among}{such} ({ends}, either way), "
                    f"nearest first, its own included")
        return (f"the length of the longest chain of {among}{such} ({ends}) end to end, none used twice (places "
                f"may repeat), counted {length} (0 if there is none)")

    def walk(self, func: str, args: tuple) -> str:
        """shift(), step(), ray(), leap(), between() and edge() of a board's cell, in words."""
        cell = self.read(args[0])
        rest = args[1:]
        if func == "shift":
            moves = " and ".join(f"{self.read(a.value)} along {spoken(a.name)}" for a in rest if type(a) is A.FieldValue)
            return f"the cell {moves} from {cell} (none off the board)"
        if func == "edge":
            other = self.read(rest[0]) if rest else "(no cell)"
            return (f"the side between {cell} and {other}, cells beside each other (the same side read from either "
                    f"cell; none off the board)")
        if func == "between":
            other = self.read(rest[0]) if rest else "(no cell)"
            return (f"the cells strictly between {cell} and {other} on the straight line joining them, along one field "
                    f"or diagonally, nearest {cell} first (none when they are beside each other or not on one line)")
        if func == "leap":
            return (f"the cells a leap of {' and '.join(self.read(a) for a in rest)} away from {cell}, along the board's "
                    "fields in any order and either way (those on the board)")
        way = self.read(rest[0]) if rest else "(no direction)"
        if func == "step":
            return f"the cell one step {way} of {cell} (none off the board)"
        return f"the cells from {cell} going {way} to the edge of the board, nearest first ({cell} left out)"

    def visit_Ray(self, e):
        ray = self.walk("ray", (e.cell, e.direction))
        if e.until is None:
            return ray
        if e.while_form:
            return (f"{ray[:-len(' left out)')]} left out), as long as {self.read(e.until)} for each cell {e.var}, up to the "
                    f"first for which it does not, that one left out")
        return f"{ray[:-len(' left out)')]} left out), up to the first cell {e.var} for which {self.read(e.until)}, that one included"

    def visit_Regions(self, e):
        kept = f" for which {self.read(e.where)}" if e.where is not None else ""
        return (f"the connected regions of the {e.var} in {self.read(e.domain)}{kept}, each {e.var} joined to "
                f"{self.read(e.next)}: a list of lists, each region once, by its first place in that order")

    def visit_Flood(self, e):
        start = ("any of " if isinstance(e.start, A.ListLit) else "") + self.read(e.start)
        rule = self.read(e.next) if e.next is not None else "(no rule given)"
        passing = (f", going on only from places {e.through_var} for which {self.read(e.through)} (the others are "
                   f"reached, not left)") if e.through is not None else ""
        if e.goal is not None:
            goal = ("any of " if isinstance(e.goal, A.ListLit) else "") + self.read(e.goal)
            return (f"whether {goal} is reached from {start} (or is one of its places), going from each place "
                    f"{e.var} reached to {rule}{passing}")
        return (f"the places reached from {start}, going from each place {e.var} reached to {rule}{passing}: its own "
                f"first, then nearest first, each once")

    def ordered(self, e) -> bool:
        """Whether an expression holds an enum member read by its place in the enum's order."""
        return id(e) in getattr(self.symbols, "ordered", {})

    def most(self, e, highest: bool) -> str:
        """'highest' or 'lowest' of a number; 'latest' or 'earliest' of a member in its enum's order."""
        if self.ordered(e):
            return "latest" if highest else "earliest"
        return "highest" if highest else "lowest"

    def visit_Sorted(self, e):
        among, such = self.among(e)
        keys = ", then ".join(f"the {self.most(key, order != 'fewest')} {self.read(key)} first"
                              for order, key in zip(e.orders, e.keys))
        return f"{among}{such}, in order: {keys} (on a tie, in the order of {self.read(e.domain)})"

    def visit_Aggregate(self, e):
        among, such = self.among(e)
        if e.op == "count":
            return f"the number of {among}{such}"
        if e.op == "total" and type(e.value) is A.Aggregate and e.value.op == "total" and e.value.value is not None:
            return self.gathered(e)   # a total of totals: the one total over every pair
        if e.op in ("total", "highest", "lowest"):
            return (f"the {e.op}{' of' if e.op == 'total' else ''} {self.read(e.value) if e.value is not None else e.var} over {among}{such}"
                    + (" (0 if there is none)" if e.op != "total" else ""))
        if e.op == "first":
            return f"the first of {among}{such}"
        if e.op in ("top", "bottom"):
            most = self.most(e.value, e.op == "top")
            key = self.read(e.value) if e.value is not None else e.var
            return f"the one of {among}{such} with the {most} {key} (the first such on a tie; nobody if none)"
        if e.op == "gather":
            return self.gathered(e) if e.value is not None else among
        if e.value is not None:  # some/every(x in D where C, V): V for the kept elements
            test = f" for which {self.read(e.value)}"
            return f"{'at least one' if e.op == 'some' else 'every one'} of {among}{such}{test.replace(' for which', ',', 1) if such else test}"
        if e.op == "some":
            return f"at least one of {among}{such}" if such else f"there is at least one of {among}"
        return f"every one of {among} satisfies that {self.read(e.where)}" if e.where is not None else "always"

    def gathered(self, e: A.Aggregate) -> str:
        """`gather(x in D, V)`, nested gathers as one list: "the list of V, for each card x in your hand and
        each l among x's links" (the loops outermost first, as the items come); V written as a list of one
        item (`[x.colour]`) is that item, any other list "the items of" it."""
        loops, inner = [], e
        while True:
            loops.append(self.each_of(inner))
            if type(inner.value) is A.Aggregate and inner.value.op == e.op and inner.value.value is not None:
                inner = inner.value
                continue
            break
        value = inner.value
        if e.op == "total":   # `total(p in players, total(x in p.built, V))`
            return f"the total of {self.read(value)}, for each {' and each '.join(loops)}"
        what = self.read(value) if type(value) is A.ListLit and value.items else f"the items of {self.read(value)}"
        return f"the list of {what}, for each {' and each '.join(loops)}"

    def each_of(self, e) -> str:
        """One element of an aggregate's domain, named by its variable, as a loop over it reads: "card x
        in your hand", "brown card x in your built", "player p", "r from 1 to 3", "l among x's links"."""
        return self.element(e, named=True)

    def one_of(self, e: A.Aggregate) -> str:
        """One of the elements a count counts: "red card in your hand", "opponent p for which ..."."""
        return self.element(e, named=False)

    def element(self, e, named: bool) -> str:
        """An element of an aggregate's domain in words, its variable said when `named` or when a
        condition left over after the adjective names it."""
        noun, whole = self.domain_noun(e.domain)
        adjective, rest = self.adjective(e.var, e.where) if noun else ("", e.where)
        such = f" for which {self.read(rest)}" if rest is not None else ""
        var = f" {e.var}" if named or rest is not None else ""
        if noun in ("player", "opponent"):
            return f"{noun}{var}{such}"
        if noun:
            return f"{adjective}{noun}{var} in {whole}{such}"
        if isinstance(e.domain, A.Range):
            return f"{e.var} {self.from_to(e.domain)}{such}"
        return f"{e.var} among {whole}{such}"

    def holding(self, e: A.Binary):
        """A stock compared with a number as what a player has: "you have at least 3 coins"."""
        stock, n = e.left, e.right
        if not isinstance(n, A.Int):
            return None
        if isinstance(stock, A.Name) and self.category(stock.id) in ("resource", "counter") and self.per_player(stock.id):
            who, have, name = self.you, "have", stock.id
        elif isinstance(stock, A.Attr) and self.category(stock.name) in ("resource", "counter"):
            who, have, name = self.read(stock.obj), "have" if isinstance(stock.obj, A.You) else "has", stock.name
        else:
            return None
        how = {">=": "at least ", ">": "more than ", "<=": "at most ", "<": "fewer than ", "==": "exactly ",
               "!=": "other than "}[e.op]
        if n.value == 0 and e.op in ("==", "<=", "<"):
            return f"{who} {have} no {plural(self.noun(name))}" if e.op != "<" else "never"
        return f"{who} {have} {how}{counted(n.value, self.noun(name))}"

    def cases(self, values: tuple) -> str:
        """The cases of an arm of either `match`: "3 or 4", "at least 5", "1, 2 or 7 to 9"."""
        return _either([self.case(v) for v in values], "or")

    def case(self, v) -> str:
        """One case: a value as read, a range `A..B` as "A to B" ("3 or 4" for two numbers; "between
        A and B" with an end known only in play), `A..` as "at least A"."""
        if type(v) is not A.Range:
            return self.read(v)
        if v.high is None:
            return f"at least {self.read(v.low)}"
        low, high = (n.value if type(n) is A.Int else None for n in (v.low, v.high))
        if low is None or high is None:
            return f"between {self.read(v.low)} and {self.read(v.high)}"
        return f"{low}" if low == high else f"{low} or {high}" if high == low + 1 else f"{low} to {high}"

    def visit_Match(self, e):
        results = [self.read(c.result) for c in e.cases] + ([self.read(e.otherwise)] if e.otherwise is not None else [])
        if len(results) > 1:   # a result read with commas of its own is grouped: the commas between cases stay clear
            results = [f"({r})" if "," in r and not r.startswith("(") else r for r in results]
        cases = [f"{r} if it is {self.cases(c.values)}" for r, c in zip(results, e.cases)]
        if e.otherwise is not None:
            cases.append(f"{results[-1]} otherwise")
        return f"depending on {self.read(e.subject)}: {_either(cases, 'or')}"

    def visit_Cond(self, e):
        # an `if` or a `match` as the value when the condition holds is grouped: `if a then (if b then 1
        # else 2) else 3` reads "(1 if b, otherwise 2) if a, otherwise 3", never the chain "1 if b,
        # otherwise 2 if a, ..." (one after `else` is that chain, and reads as one)
        then = self.read(e.then)
        if isinstance(e.then, (A.Cond, A.Match)):
            then = f"({then})"
        return f"{then} if {self.read(e.cond)}, otherwise {self.read(e.otherwise)}"

    def phrase(self, e) -> bool:
        """Whether an operand of + - * / % reads as a phrase that takes words after it in ("the
        smaller of slots and 7", "the entry at place 2 of ...", "the sum of ...", "“f” for x"): such
        an operand is grouped, so that `min(slots, 7) + 1` reads "(the smaller of slots and 7) plus 1",
        never "the smaller of slots and 7 plus 1". Names, fields, numbers, an indexed counter's
        element and a func called without arguments read as one thing and are not grouped."""
        if id(e) in self.standing:   # "the base's count plus 1"
            return False
        if isinstance(e, (A.Aggregate, A.Sorted, A.Network, A.Flood, A.Cond, A.Match)):
            return True
        if isinstance(e, A.Binary):
            return e.op == "%"   # "the remainder of a divided by 5"
        if isinstance(e, A.Call):
            return bool(e.args)
        if isinstance(e, A.Method):
            return bool(e.args)
        if isinstance(e, A.Index):
            base = e.obj.id if isinstance(e.obj, A.Name) else e.obj.name if isinstance(e.obj, A.Attr) else None
            return not (base is not None and getattr(self.decl(base), "indexes", None) is not None
                        or self.member_field(e.obj))
        return False

    def visit_Unary(self, e):
        if e.op == "not":
            if isinstance(e.operand, A.Call) and e.operand.func == "contains" and len(e.operand.args) == 2:
                return f"{self.read(e.operand.args[1])} is not in {self.read(e.operand.args[0])}"
            if isinstance(e.operand, A.Call) and e.operand.func == "seen_before" and len(e.operand.args) == 1 \
                    and self.decl("seen_before") is None:   # "the board has not been in this position before"
                return self.seen_words("seen_before", e.operand.args[0], self.read(e.operand.args[0]), negated=True)
            return f"not ({self.read(e.operand)})" if isinstance(e.operand, A.Binary) else f"not {self.read(e.operand)}"
        grouped = isinstance(e.operand, A.Binary) or self.phrase(e.operand)   # -(a + b): "minus (a plus b)"
        return f"minus ({self.read(e.operand)})" if grouped else f"minus {self.read(e.operand)}"

    def visit_IsKind(self, e):
        if id(e) in getattr(self.symbols, "held_role", ()):   # `p is r`, r a local or a var holding a role
            return f"{self.read(e.subject)} holds the role {self.read(A.Name(e.kind, span=e.span))}"
        if id(e) in getattr(self.symbols, "same_card", ()):   # `x is c`, c a local card
            return f"{self.read(e.subject)} is the same card as {self.read(A.Name(e.kind, span=e.span))}"
        d = self.decl(e.kind)
        if isinstance(d, A.Entity) and d.kind == A.ROLE_KIND:   # `p is marquise`: a player's role
            return f"{self.read(e.subject)} holds the role {d.title or spoken(e.kind)}"
        return f"{self.read(e.subject)} is {self.is_what(e.kind)}"

    def is_what(self, name: str) -> str:
        """What `is NAME` asks in words: "a card" for a kind, "a Silver" for a declared card (any copy)."""
        from .check import article   # (the checker's, by the word's sound)
        d = self.decl(name)
        enum = self.symbols.members.get(name) if self.symbols is not None and d is None else None
        if enum is not None and isinstance(self.decl(enum), A.Enum):   # `c is attack`: "an Attack", the type's title
            return article(self.decl(enum).title_of(name) or spoken(name))
        return article(d.title or spoken(name)) if isinstance(d, A.Entity) else article(self.noun(name))

    def chain(self, e: A.Binary) -> str:
        """`A and B and C` (or `or`) read operand by operand. A mixed chain of and/or is grouped so that
        the reading keeps the meaning, and so is an operand before the last that ends in an aggregate's
        open clause: `not some(r in D where A) and B` would read B into "for which A", and an `after`
        (only its operand is read after the call)."""
        operands = [e.right]
        while isinstance(e.left, A.Binary) and e.left.op == e.op:
            e = e.left
            operands.append(e.right)
        operands.append(e.left)
        operands.reverse()
        mixed = {"and": "or", "or": "and"}[e.op]
        words = []
        for i, operand in enumerate(operands):
            said = self.read(operand)
            # `n == 0 and n > 2 after bump(k)`: `after` binds tighter than `and` (5.1d), and its words (", as
            # it would be after ...") would read the whole chain as read after the call: the operand is grouped
            if isinstance(operand, (A.Cond, A.Match, A.After)) or isinstance(operand, A.Binary) and operand.op == mixed \
                    or i < len(operands) - 1 and _ends_in_a_clause(operand) and not said.startswith("("):
                said = f"({said})"
            words.append(said)
        return f" {e.op} ".join(words)

    def list_op(self, e: A.Binary) -> bool:
        """Whether `+` or `-` joins or takes from lists (Symbols.list_ops; without symbols, a list
        written in brackets on either side)."""
        return e.op in ("+", "-") and (id(e) in getattr(self.symbols, "list_ops", ()) or any(
            isinstance(side, A.ListLit) for side in (e.left, e.right)))

    def visit_Binary(self, e):
        if e.op in ("and", "or"):
            return self.chain(e)
        left, right = self.read(e.left), self.read(e.right)
        # an `if ... then ... else` or a `match` inside an operation reads "A if C, otherwise B" with
        # commas of its own: grouped, so that the rest of the operation is not read into its `otherwise`
        if isinstance(e.left, (A.Cond, A.Match)):
            left = f"({left})"
        if isinstance(e.right, (A.Cond, A.Match)):
            right = f"({right})"
        if e.op in COMPARISONS:
            if isinstance(e.right, A.Bool):
                return left + (" holds" if e.right.value == (e.op == "==") else " does not hold")
            if isinstance(e.right, A.Nothing):
                if type(e.left) is A.IndexIn:   # `index of c in row != none`: whether c lies in the grid at all
                    return (f"{self.read(e.left.item)} lies in {'none' if e.op == '==' else 'one'} of the places of "
                            f"{self.grid_title(e.left.grid)}")
                if self.holds_a_player(e.left):
                    return f"{left} is {'nobody' if e.op == '==' else 'someone'}"
                if self.holds_a_record(e.left):   # "m is none": no m was given (not "nobody")
                    return f"{left} is {'none' if e.op == '==' else 'not none'}"
                return f"{left} is {'nothing' if e.op == '==' else 'something'}"
            held = self.holding(e)
            if held is not None:
                return held
            verb = ORDER_COMPARISONS[e.op] if self.ordered(e.left) else COMPARISONS[e.op]
            return f"{left} {'are' + verb[2:] if left == 'they' else verb} {right}"
        # arithmetic reads as it is worked out when read left to right: (4 - b.builders) * 2 reads
        # "(4 minus b's builders) times 2", a + b / 2 "a plus (b divided by 2 (rounded down))"; and an
        # operand that reads as a phrase is grouped (a condition or a match is, above already)
        named = id(e.left) in self.standing, id(e.right) in self.standing   # "the base's count": one thing
        if not named[0] and (precedence(e.left) < precedence(e) or self.phrase(e.left) and not left.startswith("(")):
            left = f"({left})"
        if not named[1] and (isinstance(e.right, A.Binary) or self.phrase(e.right) and not right.startswith("(")):
            right = f"({right})"
        if e.op == "%":
            # "the remainder of a divided by b (rounded down) divided by 9" would not say which division is
            # the remainder's: an arithmetic left side is grouped
            if isinstance(e.left, A.Binary) and not enclosed(left):
                left = f"({left})"
            return f"the remainder of {left} divided by {right}"
        if self.list_op(e):   # `seen + [c]`, `seen - [c]`, `seen + other`: a new list
            items = right if isinstance(e.right, A.ListLit) else f"the items of {right}"
            left = f"({left})" if isinstance(e.left, A.Binary) and self.list_op(e.left) else left
            return f"{left} with {items} added at the end" if e.op == "+" else f"{left} without {items}"
        return f"{left} {ARITHMETIC[e.op]} {right}" + (" (rounded down)" if e.op == "/" else "")


def enclosed(text: str) -> bool:
    """Whether a reading is one group in parentheses, "(a minus 1)", and not "(a minus 1) divided by 4"."""
    depth = 0
    for i, ch in enumerate(text):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0:
            return i == len(text) - 1 and ch == ")"
    return False


# What a short field holds, in words: `l.t` of type track is "l's track".
FIELD_TYPE_WORDS = {"track": "track", "resource": "resource", "player": "player", "zone": "zone", "die": "die"}

LISTED_CHOICES = 5   # `[a, b, c][i]` with at most this many entries reads "a, b or c as i is 1, 2 or 3"


def _ends_in_a_clause(e) -> bool:
    """Whether the words for `e` end in an aggregate's open clause ("... for which C", "..., V"), which
    would read the rest of an `and`/`or` chain as part of it: `not some(r in D where A) and B`."""
    while True:
        if isinstance(e, A.Unary):
            e = e.operand
        elif isinstance(e, A.Binary) and e.op in ("and", "or"):
            e = e.right
        else:
            return isinstance(e, A.Aggregate) and (e.where is not None or e.value is not None)


def said_by_guard(guard, pick: A.Pick) -> bool:
    """Whether an option's `when` (one of its `and`ed terms) is the test that the pick its body starts with
    has a candidate (layout.repeats_pick, W667's): the option's condition and its pick's candidates say the
    same."""
    if guard is None:
        return False
    if type(guard) is A.Binary and guard.op == "and":
        return said_by_guard(guard.left, pick) or said_by_guard(guard.right, pick)
    return repeats_pick(guard, pick)


def article_of(noun: str) -> str:
    """`a corner`, `an edge`: a noun with its article."""
    from .check import article
    return article(noun)


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 22nd."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _either(words: list, joiner: str) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {joiner} " + words[-1]


class Reader(A.Visitor):
    """Reads statements and declarations out in English, one line per sentence, indented by nesting.

    `subject` is who the sentences are about: None for "you" (imperative: "Gain 2 coins."), or a
    phrase such as "each opponent" for the one-line body of `each` ("Each opponent loses 1 coin.").
    """

    def __init__(self, symbols=None, values: bool = True):
        self.lines: list[str] = []
        self.values = values          # an entity's field values are read out too (the gallery tabulates them)
        self.words = ExprReader(symbols)
        self.symbols = symbols
        self.subject = None
        self.subject_local = False   # the subject is a local or parameter, read as written
        self.returns = None   # the result type of the proc being read (`return none;` of a member: "nothing")

    def say(self, depth: int, text: str) -> None:
        self.lines.append("  " * depth + text)

    def block(self, stmts: tuple, depth: int) -> None:
        for s in stmts:
            self.visit(s, depth)

    def x(self, e) -> str:
        """An expression in words."""
        return self.words.read(e)

    def local(self, e) -> bool:
        """Whether an expression is a local or a parameter (`o` of `let o = ...`), read as written: a sentence
        it begins keeps its name's letters ("o gains 1 coin.", not "O gains ...")."""
        return type(e) is A.Name and self.words.visit_Name(e) == e.id and self.words.decl(e.id) is None

    def opening(self, text: str, e) -> str:
        """The start of a sentence in capitals, unless it is a local's name, which reads as written."""
        return text if self.local(e) else capital(text)

    def act(self, verb: str, rest: str) -> str:
        """A sentence with the current subject: "Gain 2 coins." or "Each opponent gains 2 coins."."""
        if self.subject is None:
            return f"{capital(verb)} {rest}."
        rest = f" {rest} ".replace(" you ", " they ").replace(" your ", " their ").strip()
        subject = self.subject if self.subject_local else capital(self.subject)
        return f"{subject} {_third_person(verb)} {rest}."

    def noun(self, name: str) -> str:
        return self.words.noun(name)

    def whom(self, where) -> str:
        """Which players an `each` or a `rank` takes, after "each player": " with no shields" for
        what they hold, else " for whom they ..." (the condition is about each of them)."""
        held = self.words.holding(where) if isinstance(where, A.Binary) else None
        if held is not None and held.startswith("you have "):
            return " with " + held[len("you have "):]
        if isinstance(where, (A.Name, A.Attr)):   # a condition of theirs: `where seventh_card`
            return f" for whom {self.words.about_them(where)} holds"
        if isinstance(where, A.Unary) and where.op == "not" and isinstance(where.operand, (A.Name, A.Attr)):
            return f" for whom {self.words.about_them(where.operand)} does not hold"
        return f" for whom {self.words.about_them(where)}"

    def amount(self, e, resource: str, index=None) -> str:
        """ "2 coins", "1 prestige point for each spaceship you have", "coins equal to ...", "2 votes (mid)"."""
        if self.words.symbols is not None and self.words.decl(resource) is None:   # a parameter or local holding one
            return f"{self.x(e)} of the {self.words.held.get(resource, 'resource')} held by {resource}"
        noun = self.noun(resource) + (f" ({self.x(index)})" if index is not None else "")
        if isinstance(e, A.Int):
            return counted(e.value, noun)
        unit, each = 1, e
        if isinstance(e, A.Binary) and e.op == "*" and isinstance(e.left, A.Int):
            unit, each = e.left.value, e.right
        elif isinstance(e, A.Binary) and e.op == "*" and isinstance(e.right, A.Int):
            unit, each = e.right.value, e.left
        per = self.for_each(each)
        if per is not None:
            return f"{counted(unit, noun)} for each {per}"
        return f"{plural(noun)} equal to {self.x(e)}"

    def for_each(self, e):
        """What an amount counts, after "for each": "spaceship you have", "red card in your hand"."""
        w = self.words
        if isinstance(e, A.Name) and w.decl(e.id) is not None and w.per_player(e.id) and w.category(e.id) in ("resource", "counter"):
            return f"{singular(self.noun(e.id))} you have"
        if isinstance(e, A.Attr) and w.category(e.name) in ("resource", "counter"):
            return f"{singular(self.noun(e.name))} {self.x(e.obj)} {'have' if isinstance(e.obj, A.You) else 'has'}"
        if isinstance(e, A.Call) and e.func == "size" and len(e.args) == 1:
            zone = e.args[0].id if isinstance(e.args[0], A.Name) else None
            return f"{w.item_noun(zone) if zone else 'item'} in {self.x(e.args[0])}"
        if isinstance(e, A.Aggregate) and e.op == "count":
            return w.one_of(e)
        return None

    def shared_counter(self, name: str, index=None) -> str:
        return self.words.shared_counter(name, index)

    def cost(self, terms) -> str:
        return self.words.cost(terms)

    def visit_Expr(self, e, depth: int) -> None:
        self.say(depth, self.opening(self.x(e), e) + ".")

    def owned(self, s, verb: str, rest: str, depth: int) -> None:
        """`gain N P.R;` / `lose N P.R;`: a sentence about P ("The player to your left gains 1 won."), the
        amount read as yours (it is worked out by the acting player)."""
        self.say(depth, f"{self.opening(self.x(s.owner), s.owner)} {_third_person(verb)} {rest}.")
        if s.tag is not None:
            self.say(depth + 1, _tag_words(s.tag).strip().capitalize() + ".")

    def held_stock(self, s, verb: str, depth: int) -> bool:
        """`gain N X.FIELD;` / `lose N X.FIELD;` of a resource a field holds (`gain 1 c.good;`): said, and True."""
        sym = self.symbols
        if sym is None or id(s) not in sym.held_resources:
            return False
        self.say(depth, self.act(verb, f"{self.x(s.amount)} of {self.x(sym.held_resources[id(s)])} (the resource it names)"))
        if s.tag is not None:
            self.say(depth + 1, _tag_words(s.tag).strip().capitalize() + ".")
        return True

    def visit_Gain(self, s, depth: int) -> None:
        if self.held_stock(s, "gain", depth):
            return
        if s.owner is not None:   # another player's stock
            self.owned(s, "gain", self.amount(s.amount, s.resource, s.index), depth)
            return
        if s.on is not None and self.zone_named(s.on):   # onto a zone's cards, the card of each unit chosen
            self.say(depth, self.act("add", f"{self.x(s.amount)} {spoken(s.resource)} to cards of {self.x(s.on)}, "
                                            "choosing the card of each (up to each card's cap: the rest is lost)"))
        elif s.on is not None:   # a stock the card holds
            self.say(depth, self.act("add", f"{self.x(s.amount)} {spoken(s.resource)} to {self.x(s.on)}"
                                            " (up to its cap: the rest is lost)"))
        elif self.words.shared(s.resource):   # `gain 1 clues;` of a global counter: the shared value grows
            self.say(depth, self.act("add", f"{self.x(s.amount)} to {self.shared_counter(s.resource, s.index)}"))
        else:
            self.say(depth, self.act("gain", self.amount(s.amount, s.resource, s.index)))
        if s.tag is not None:
            self.say(depth + 1, _tag_words(s.tag).strip().capitalize() + ".")

    def visit_Lose(self, s, depth: int) -> None:
        if self.held_stock(s, "lose", depth):
            return
        if s.on is not None:   # a stock the card holds
            short = self.symbols is not None and card_shortfall_of(s, self.symbols)
            self.say(depth, self.act("take", f"{self.x(s.amount)} {spoken(s.resource)} off {self.x(s.on)}" +
                                     (" (holding less, it must raise it: see its shortfall)" if short else
                                      " (or as many as it holds)") +
                                     ("" if s.to is None else ", and you gain what is taken" if type(s.to) is A.You
                                      else f", and {self.x(s.to)} gains what is taken")))
            if s.tag is not None:
                self.say(depth + 1, _tag_words(s.tag).strip().capitalize() + ".")
            return
        if s.owner is not None:   # another player's stock
            self.owned(s, "lose", self.amount(s.amount, s.resource, s.index) + " (or as many as they have)", depth)
            return
        who = "you" if self.subject is None else "they"
        extra = (f" (taking {self.noun(s.debt)} for what {who} cannot pay)" if s.debt
                 else f" (holding less, {who} must raise it: see its shortfall)" if self.symbols is not None
                 and shortfall_of(s, self.symbols) else self.floor_words(s.resource, who))
        if self.words.shared(s.resource):   # `lose 1 fuses;` of a global counter: the shared value shrinks
            extra = f" (taking {self.noun(s.debt)} for what it lacks)" if s.debt else " (or as many as are left)"
            self.say(depth, self.act("take", f"{self.x(s.amount)} from {self.shared_counter(s.resource, s.index)}{extra}"))
        else:
            self.say(depth, self.act("lose", self.amount(s.amount, s.resource, s.index) + extra +
                                     (f", and {self.x(s.to)} gains what is lost" if s.to is not None else "")))
        if s.tag is not None:
            self.say(depth + 1, _tag_words(s.tag).strip().capitalize() + ".")

    def floor_words(self, name: str, who: str) -> str:
        """What a loss of a player's stock stops at: "(or as many as you have)" where it stops at zero (a
        resource, a counter without bounds or from 0), nothing more on a `signed` counter ("even below
        zero"), "(but not below -300)" on a counter whose LOW is another number."""
        d = self.words.decl(name)
        if isinstance(d, A.Counter) and not d.is_global and not d.elements:
            if d.signed:
                return " (even below zero)"
            try:
                low = A.as_const(d.low) if d.low is not None else 0
            except A.NotConstant:
                low = 0
            if type(low) is int and low != 0:
                return f" (but not below {low})"
        return f" (or as many as {who} have)"

    def visit_Take(self, s, depth: int) -> None:
        self.say(depth, f"Take one {self.x(s.value)} out of {self.x(s.list)} (the other copies stay).")

    def visit_Share(self, s, depth: int) -> None:
        odd = "nobody gains the units left over" if type(s.odd) is A.Nothing else \
            f"{self.x(s.odd)} gains the units left over" if s.odd is not None else \
            "the first of them gains the units left over"
        self.say(depth, f"Share {self.x(s.amount)} {spoken(s.resource)} among {self.x(s.among)}: each of them gains "
                        f"an equal part, rounded down, in their order; {odd}.")

    def visit_Shift(self, s, depth: int) -> None:
        if self.words.shared(s.counter):   # a global counter: "Move 1 from the cubes (blue, paris) to ..."
            what = f"{self.x(s.amount)} from {self.shared_counter(s.counter, s.index)} to " \
                   f"{self.shared_counter(s.dest_counter, s.dest_index)}"
        else:   # "Move 2 warriors (a) to (b)"
            what = f"{self.amount(s.amount, s.counter, s.index)} to " + \
                self.amount(A.Int(0, span=s.span), s.dest_counter, s.dest_index).split(" ", 1)[1]
        self.say(depth, self.act("move", f"{what} (or as many as there are; what does not fit stays where it was)"))

    def zone_named(self, e) -> bool:
        """Whether an expression names a zone (`board`, `row[forest]`), not a card."""
        name = e.obj if type(e) is A.Index else e
        return type(name) is A.Name and isinstance(self.words.decl(name.id), A.Zone)

    def visit_GainEach(self, s, depth: int) -> None:
        self.say(depth, self.act("gain", f"{self.x(s.amount)} (each resource's number of its own)"))
        if s.tag is not None:
            self.say(depth + 1, _tag_words(s.tag).strip().capitalize() + ".")

    def visit_GainAny(self, s, depth: int) -> None:
        chooser = "you choosing" if self.subject is None else "each choosing"
        self.say(depth, self.act("gain", f"{self.x(s.amount)} of any of {s.group} ({chooser} each one's "
                                         "resource, the same one again if you like, among those with room)"))

    def visit_LoseRandom(self, s, depth: int) -> None:
        to = f", and {self.x(s.to)} gains each one" if s.to is not None else ""
        self.say(depth, self.act("lose", f"{self.x(s.amount)} of {self.words.owned('your', s.group)} drawn at random, "
                                         f"each one held as likely as another{to}"))

    def visit_Pay(self, s, depth: int) -> None:
        self.say(depth, self.act("pay", self.cost(s.terms)))
        raised = [] if self.symbols is None else list(dict.fromkeys(   # (a plain term's `name`, in an `or` too)
            n.name for t in s.terms for n in A.walk(t) if type(n) is A.CostTerm and n.mode in ("plain", "on")
            and n.name in self.symbols.shortfalls))
        if raised:   # Game._raise_for
            ways = s.tag is not None or any(getattr(n, "alternatives", None) for t in s.terms for n in A.walk(t))
            self.say(depth + 1, f"(Holding less {_either([self.noun(r) for r in raised], 'or')}, you must raise it: "
                                "see its shortfall" + ("; unable to pay any way, you pick which way to raise for"
                                                       if ways else "") + ".)")
        zones = [] if self.symbols is None else list(dict.fromkeys(   # a zone with a shortfall (Game._raised_cards)
            card_term_zone(n) for t in s.terms for n in A.walk(t) if type(n) is A.CostTerm
            and card_term_zone(n) in self.symbols.shortfalls))
        if zones:
            self.say(depth + 1, f"(Holding too few cards in {_either([self.noun(z) for z in zones], 'or')}, you must "
                                "raise them: see its shortfall.)")
        if s.name is not None:
            self.say(depth + 1, f"Let {s.name} be how many were paid (after any change to the cost" +
                     ("; not covered, what was paid)." if raised or zones else ")."))
        if s.tag is not None:
            self.say(depth + 1, _tag_words(s.tag).strip().capitalize() + ".")
        if s.announce:   # `and emit`: read as the `emit` it stands for
            self.say(depth + 1, "Once paid:")
            self.visit_Emit(s.announcement, depth + 2)

    def visit_Advance(self, s, depth: int) -> None:
        steps = counted(s.by.value, "space") if isinstance(s.by, A.Int) else (
            "1 space" if s.by is None else f"{self.x(s.by)} spaces")
        paid = ", paying each space's cost" if s.paying else ""
        benefit = "" if s.benefit else " without taking its benefit or bonus"
        bonus = " and take its benefit without its bonus" if s.benefit and not s.bonus else ""
        bonus += ", claiming no reward for reaching a space first" if not s.rewards else ""
        self.say(depth, self.act("advance", f"{steps} on {self.words.track(s.track)}{paid}{benefit}{bonus}"))

    def visit_Reactivate(self, s, depth: int) -> None:
        bonus = "" if s.bonus else ", without its bonus"
        where = f"space {self.x(s.space)}" if s.space is not None else "the space they stand on"
        self.say(depth, self.act("take", f"the benefit of {where}, on {self.words.track(s.track)}{bonus}"))

    def visit_Bonus(self, s, depth: int) -> None:
        where = f"space {self.x(s.space)}" if s.space is not None else "the space they stand on"
        paid = "paying its cost" if s.paying else "for free"
        self.say(depth, self.act("take", f"the bonus of {where}, on {self.words.track(s.track)}, if wanted, {paid}"))

    def visit_Marker(self, s, depth: int) -> None:
        where = f"space {self.x(s.space)}" if s.space is not None else (
            "the start" if s.adds else "the space they choose")
        if s.adds:
            self.say(depth, self.act("put", f"one more marker on {where} of {self.words.track(s.track)}"))
        else:
            self.say(depth, self.act("take", f"their marker on {where} off {self.words.track(s.track)}"))

    def visit_Regress(self, s, depth: int) -> None:
        steps = counted(s.by.value, "space") if isinstance(s.by, A.Int) else (
            "1 space" if s.by is None else f"{self.x(s.by)} spaces")
        self.say(depth, self.act("move", f"back {steps} on {self.words.track(s.track)}"))

    def visit_Choose(self, s, depth: int) -> None:
        head = "Do each of these once, in the order you choose" if s.any_order else "Choose one"
        self.say(depth, head + prompt(s) + stmt_labelled(s) + asking_said(s, self.untold_said(s)) + ":")
        held = {id(o): (d, h) for d, h, o in getattr(self.symbols, "held_options", ())}
        for i, o in enumerate(s.options, start=1):
            card = held.get(id(o))
            if card is not None:   # a card's, added for its holder (its written `when` after the card's test)
                d, h = card
                guard = f" (added by {d.title or spoken(d.name)}, while it is in {self.nouns(h.places)}" + \
                    (f"; only if {self.x(h.option.guard)})" if h.option.guard is not None else ")")
            else:
                guard = f" (only if {self.x(o.guard)})" if o.guard is not None else ""
            guard += self.option_marks(o)
            self.say(depth + 1, f"{i}. {capital(shown(o)) if o.title else 'Option ' + str(i)}{guard}"
                     f"{self.option_amended(o)}:")
            self.block(o.body, depth + 2)
        self.removed(s, depth + 1)

    def option_marks(self, o: A.Option) -> str:
        """What else decides whether an option is offered, after its `when`: the candidate of the pick it
        starts with, `once` (per game), `once per PATTERN`."""
        marks = self.pick_gate(o) + (" (once per game)" if o.once else "")
        if o.rest is not None:
            marks += f" (at most once until {self.event(o.rest, anyone=True)}, then again)"
        if o.limit is not None:   # `as NAME`: one limit with the other options naming it
            marks += f" (one limit with every option marked “{o.limit}”: taking any of them uses it)"
        return marks

    def pick_gate(self, o: A.Option) -> str:
        """` (only when your hand has a x for which ...)` after an option offered only when the pick its body
        starts with has a candidate (layout.option_gate; a pick that pays first reads as before)."""
        gate = option_gate(o.body, self.symbols) if o.body and type(o.body[0]) is A.Pick else None
        if type(gate) is not A.Opening or paid_first(o.body, self.symbols) is not None:
            return ""
        s = gate.stmt
        if said_by_guard(o.guard, s):   # its `when` says it already (`when some(t in market where ...)`)
            return ""
        where = f" for which {self.x(s.where)}" if s.where is not None else ""
        return f" (only when there is some {s.var} to pick {self.picked_from(s.domain)}{where})"

    def removed(self, s, depth: int, key=None) -> None:
        """`(option "exchange" removed by FILE:L:C)` under a choose (or the arm under a match) for each
        option or arm an amend of it removed, so the reading says what the base had and lost (`key`:
        ("decl", NAME) for the reactions and anytime slots of a card or kind)."""
        for what, where in getattr(self.symbols, "removed_from", {}).get(key or s.span, ()):
            self.say(depth, f"({what} removed by {where})")

    def option_amended(self, o: A.Option) -> str:
        """` (amended by FILE:L:C)` or ` (added by ...)` after an option an amend of its choose wrote."""
        old = next((old for _w, _p, new, old in getattr(self.symbols, "amended_options", ()) if new is o), False)
        return "" if old is False else f" ({'added' if old is None else 'amended'} by {o.span}{self.kept(o)})"

    def kept(self, part) -> str:
        """`, keeping the base's` after `amended by ...` of an arm or option whose `base();` runs the body
        it replaces."""
        return KEEPING if part.span in getattr(self.symbols, "kept_base", ()) else ""

    def arm_amended(self, arm) -> str:
        """` (amended by FILE:L:C)` or ` (added by ...)` after an arm (or an else body) an amend of its
        match wrote (a case, or the else value, of a func's match expression likewise)."""
        found = next(((new, old) for _w, _s, new, old in getattr(self.symbols, "amended_arms", ())
                      if new is arm or (type(new) in (A.Arm, A.Case) and not new.values
                                        and getattr(new, "body" if type(new) is A.Arm else "result") is arm)), None)
        return "" if found is None else \
            f" ({'added' if found[1] is None else 'amended'} by {found[0].span}{self.kept(found[0])})"

    def cases_amended(self, match: A.Match, depth: int) -> None:
        """Under a func's reading, a line for each case of its match expression an amend wrote (`(the case
        “Workers Guild” amended by FILE:L:C, keeping the base's)`) and for each it removed."""
        for case in match.cases:
            marked = self.arm_amended(case)
            if marked:
                self.say(depth, f"(the case {self.words.cases(case.values)} {marked[2:-1]})")
        if match.otherwise is not None and self.arm_amended(match.otherwise):
            self.say(depth, f"(the else value {self.arm_amended(match.otherwise)[2:-1]})")
        self.removed(match, depth)

    def visit_May(self, s, depth: int) -> None:
        paid = f" pay {self.cost(s.cost)} to" if s.cost else ""
        when = "You" if s.when is None else f"{'As long as' if s.repeated else 'If'} {self.x(s.when)}, you"
        again = ", as many times as you like" if s.repeated else ""
        self.say(depth, f"{when} may{paid}" + prompt(s) + f"{again}{asking_said(s, self.untold_said(s))}"
                        f"{self.pick_amended(s, 'amended_mays')}:")
        self.block(s.body, depth + 1)
        if s.otherwise:
            self.say(depth, "Otherwise:")
            self.block(s.otherwise, depth + 1)

    def condition(self, cond, when: str) -> str:
        """An `if` or `while` condition in words; one that runs procs reads each as what carrying it
        out gives, and says when they are carried out (`when`) and that `and`/`or` may skip one."""
        runs = deciding(cond, self.symbols) if self.symbols is not None else frozenset()
        calls = [n for n in A.walk(cond) if id(n) in runs and type(n) is A.Call]
        if not calls:
            return self.x(cond)
        self.words.runs = {id(c): f"what carrying out {self.carried(c.func, c.args)} gives" for c in calls}
        try:
            text = self.x(cond)
        finally:
            self.words.runs = {}
        skipped = ", each only while what comes before leaves the answer open" if any(
            type(n) is A.Binary and n.op in ("and", "or") for n in A.walk(cond) if id(n) in runs) else ""
        return f"{text} (carried out {when}, from left to right{skipped})"

    def visit_While(self, s, depth: int) -> None:
        old = self.base_part(s, "amended_loops", "cond")
        was = self.being("condition", self.naming_base(old, "condition"))
        head = "Again and again" if isinstance(s.cond, A.Bool) and s.cond.value else \
            f"As long as {self.condition(s.cond, 'before each round')}"
        self.forget_base(old)
        self.say(depth, f"{head}{was}{self.loop_read(s)}:")
        self.block(s.body, depth + 1)

    def base_part(self, node, table: str, field: str):
        """The base's part `field` (a condition, a count, a domain, a filter) of a statement an amend wrote anew with
        `base` standing for it in the new part (`Symbols.amended_loops`, `amended_ifs`); None for any other."""
        found = next((a for a in getattr(self.symbols, table, ()) if a[4] is node), None)
        old = getattr(found[3], field, None) if found is not None and type(found[3]) is type(node) else None
        new = getattr(node, field, None)
        return old if old is not None and new is not None and old is not new and any(n is old for n in A.walk(new)) \
            else None

    def naming_base(self, old, noun: str) -> str:
        """Read the base's part `old` as "the base's NOUN" until `forget_base(old)`; the base's part itself in words
        ("cards is more than 3", a number as its value), or "" when there is none."""
        if old is None:
            return ""
        was = constant_int(old)
        was = self.x(old) if was is None else str(was)
        self.words.standing[id(old)] = f"the base's {noun}"
        return was

    @staticmethod
    def being(noun: str, was: str) -> str:
        """What the base's part read by name is: " (the base's condition being cards is more than 3)"."""
        return f" (the base's {noun} being {was})" if was else ""

    def forget_base(self, old) -> None:
        """Read the base's part as itself again (see naming_base)."""
        if old is not None:
            self.words.standing.pop(id(old), None)

    def visit_Repeat(self, s, depth: int) -> None:
        times = {1: "once", 2: "twice"}.get(s.count.value, f"{s.count.value} times") if isinstance(s.count, A.Int) \
            else self.amended_count(s) or f"{self.x(s.count)} times"
        self.say(depth, f"Do this {times}{self.loop_read(s)}:")
        self.block(s.body, depth + 1)

    def amended_count(self, s: A.Repeat) -> Optional[str]:
        """How many times a `repeat` whose count an amend wrote with `base` runs, the base's count read by that
        name: "3 times (the base's count plus 1, the base's count being 2)", "as many times as the base's count
        plus (1 if “Rate Effect”, otherwise 0), the base's count being ..."; None for any other repeat."""
        old = self.base_part(s, "amended_loops", "count")
        if old is None:
            return None
        was = self.naming_base(old, "count")
        try:
            reading = self.x(s.count)
        finally:
            self.forget_base(old)
        folded = constant_int(s.count)
        if folded is not None:
            return f"{folded} times ({reading}, the base's count being {was})"
        return f"as many times as {reading}, the base's count being {was}"

    def visit_RepeatStable(self, s, depth: int) -> None:
        watched = _either([spoken(n.id) for n in s.names], "and")
        self.say(depth, f"Do this, then again, until a pass leaves {watched} as {'it was' if len(s.names) == 1 else 'they were'}"
                        f"{self.loop_read(s)}:")
        self.block(s.body, depth + 1)

    def visit_ForEach(self, s, depth: int) -> None:
        olds = self.base_part(s, "amended_loops", "domain"), self.base_part(s, "amended_loops", "where")
        was = self.being("domain", self.naming_base(olds[0], "domain")) + \
            self.being("filter", self.naming_base(olds[1], "filter"))
        where = f" for which {self.x(s.where)}" if s.where is not None else ""
        domain = f"from 1 to {s.domain.value}" if isinstance(s.domain, A.Int) else \
            self.words.from_to(s.domain) if isinstance(s.domain, A.Range) else f"in {self.x(s.domain)}"
        for old in olds:
            self.forget_base(old)
        where += was
        order = ", in the order you choose" + (" (identical copies asked once)" if s.alike else "") + prompt(s) \
            if s.any_order else ""
        self.say(depth, f"For each {s.var} {domain}{where}{order}{self.loop_read(s)}:")
        self.block(s.body, depth + 1)

    def visit_Each(self, s, depth: int) -> None:
        if s.body and all(type(t) is A.Whenever and subject_mode(t.pattern) == "nobody" for t in s.body):
            self.say(depth, "For the table (once, not for each player):")   # the top-level `whenever nobody`
            self.block(s.body, depth + 1)
            return
        text = expr(s.domain)
        if text in PLAYER_DOMAINS:
            who = PLAYER_DOMAINS[text][0]
        elif isinstance(s.domain, (A.Call, A.Aggregate, A.Sorted, A.ListLit)):
            who = f"each of {self.x(s.domain)}"
        else:
            who = self.x(s.domain)   # one player: `each p: ...` runs the body as p
        if s.where is not None:
            who += self.whom(s.where)
        if getattr(s, "settled", False):
            among = self.x(s.domain) + (self.whom(s.where) if s.where is not None else "")
            self.say(depth, f"Take turns round and round among {among}, in that order, until everyone still in has had "
                            f"a turn since the last reopening{self.loop_read(s)}; on their turn, each does this:")
            self.block(s.body, depth + 1)
            return
        if len(s.body) == 1 and type(s.body[0]) in (A.Gain, A.Lose, A.Pay, A.Advance, A.Regress) and \
                self.subject is None and s.loop_label is None:
            self.subject, self.subject_local = who, self.local(s.domain)
            try:
                self.visit(s.body[0], depth)
            finally:
                self.subject, self.subject_local = None, False
            return
        self.say(depth, f"{self.opening(who, s.domain)} does this{self.loop_read(s)}:")
        self.block(s.body, depth + 1)

    def visit_If(self, s, depth: int) -> None:
        chain = A.else_if_chain(s)
        for i, branch in enumerate(chain):
            old = self.base_part(branch, "amended_ifs", "cond")
            was = self.being("condition", self.naming_base(old, "condition"))
            cond = self.condition(branch.cond, 'when this is read')
            self.forget_base(old)
            self.say(depth, f"{'Otherwise, if' if i else 'If'} {cond}{was}"
                            f"{stmt_labelled(branch)}{self.pick_amended(branch, 'amended_ifs')}:")
            self.block(branch.then, depth + 1)
        if chain[-1].otherwise:
            self.say(depth, "Otherwise:")
            self.block(chain[-1].otherwise, depth + 1)

    def visit_MatchStmt(self, s, depth: int) -> None:
        self.say(depth, f"Depending on {self.x(s.subject)}:")
        for arm in s.arms:
            self.say(depth + 1, f"If it is {self.words.cases(arm.values)}{self.arm_amended(arm)}:")
            self.block(arm.body, depth + 2)
        if s.otherwise:
            self.say(depth + 1, f"Otherwise{self.arm_amended(s.otherwise)}:")
            self.block(s.otherwise, depth + 2)
        self.removed(s, depth + 1)

    def visit_Let(self, s, depth: int) -> None:
        if s.type in ("resource", "counter"):   # `gain 1 r;` then reads "of the resource held by r"
            self.words.held[s.name] = s.type
        if s.type is not None:
            self.words.typed[s.name] = s.type if s.of is None else f"list of {s.of}"
        typed = f", a list of {plural(type_noun(s.of, lambda t: singular(self.noun(t))))}," if s.of else \
            f", a {type_noun(s.type, lambda t: singular(self.noun(t)))}," if s.type and (s.type.startswith("zone of ")
                                                                           or " or " in s.type) \
            else f", a {s.type}," if s.type else ""
        if isinstance(s.value, A.ListLit) and not s.value.items:   # `let seen: list of city = [];`
            self.say(depth, f"Let {s.name}{typed} be an empty list.")
            return
        self.storing(depth, f"let {s.name}{typed} be", s.value)

    def storing(self, depth: int, verb: str, value) -> None:
        """A `let` or `set`: of a value, or of what a typed proc gives."""
        if self.symbols is not None and proc_result_call(value, self.symbols):
            self.say(depth, f"Do {self.x(value)}{self.untold_said(value)}, and {verb} what it gives.")
            return
        self.say(depth, f"{verb[0].upper()}{verb[1:]} {self.x(value)}.")

    def visit_Return(self, s, depth: int) -> None:
        if s.value is None:
            self.say(depth, "Stop here (the rest of this procedure is skipped).")
            return
        if self.symbols is not None and proc_result_call(s.value, self.symbols):
            self.say(depth, f"Do {self.x(s.value)}{self.untold_said(s.value)}, and stop here, giving what it gives.")
            return
        if isinstance(s.value, A.Nothing) and self.returns not in (None, "player"):
            self.say(depth, "Stop here, giving nothing.")   # none of a member, a card...: not "nobody"
            return
        self.say(depth, f"Stop here, giving {self.x(s.value)}.")

    def visit_SetName(self, s, depth: int) -> None:
        if self.words.held.get(s.name) == "counter":   # `set c = ...` sets the counter c holds
            self.say(depth, self.act("set", f"your counter held by {s.name} to {self.x(s.value)}"))
            return
        target = A.Name(s.name) if s.index is None else A.Index(A.Name(s.name), s.index)
        self.set_to(depth, target, A.Name(s.name), s.value)

    def visit_SetAttr(self, s, depth: int) -> None:
        target = A.Attr(s.obj, s.name) if s.index is None else A.Index(A.Attr(s.obj, s.name), s.index)
        self.set_to(depth, target, A.Attr(s.obj, s.name), s.value)

    def set_to(self, depth: int, target, holder, value) -> None:
        """`set TARGET = VALUE;` in words; `none` is "nothing" where a card or member is held."""
        if isinstance(value, A.Nothing) and not self.words.holds_a_player(holder):
            self.say(depth, f"Set {self.x(target)} to nothing.")
            return
        self.storing(depth, f"set {self.x(target)} to", value)

    def visit_CallStmt(self, s, depth: int) -> None:
        self.say(depth, f"Carry out {self.carried(s.func, s.args)}{self.untold_said(s)}.")

    def untold_said(self, s) -> str:
        """What the hot seat does not tell of a decision or call (a statement, or a proc's value a `let`, `set` or
        `return` keeps) made under a condition on hidden cards (compiler/hidden.py `untold_reasons`): "" for any
        other, or without the analysed symbols."""
        if self.symbols is None or not isinstance(s, (A.CallStmt, A.Call, *ASKING)):
            return ""
        why = untold_reasons(self.symbols).get(id(s))
        if why is None:
            return ""
        what, cond = why
        if what == "called":
            return f" (no question it asks is told to the other players: whether it is carried out depends on " \
                   f"{self.x(cond)}, which they may not see)"
        which = "which of its options are offered" if type(s) is A.Choose else f"whether it is {what}"
        return f" (not told to the other players: {which} depends on {self.x(cond)}, which they may not see)"

    def carried(self, func: str, args: tuple) -> str:
        """A proc (or kernel) carried out, with its arguments, each named as its parameter where it is
        not that name already: "“claim” with you as claimant and the duke as r" (the argument first,
        `as` between: "with c w" read as one phrase)."""
        decl = self.words.decl(func)
        params = decl.params if isinstance(decl, (A.Proc, A.Extern)) else [A.Param("", "any")] * len(args)
        given = _either([w if w == p.name or not p.name else f"{w} as {spoken(p.name)}"
                         for p, w in ((p, self.argument(p, a)) for p, a in zip(params, args))], "and")
        return f"“{called(func)}”" + (f" with {given}" if given else "") + ("," if given and below(func) else "") + below(func)

    def argument(self, param, a) -> str:
        """A call's argument in words: a bare resource or counter name given for a parameter of that
        type is the thing itself ("the counter heat prod"), not the acting player's amount of it."""
        if param.type in ("resource", "counter") and isinstance(a, A.Name) and a.id not in self.words.held \
                and self.words.category(a.id) in ("resource", "counter"):
            return f"the {self.words.category(a.id)} {self.noun(a.id)}"
        return self.x(a)

    def visit_Draw(self, s, depth: int) -> None:
        zone = s.source.id if isinstance(s.source, A.Name) else None
        item = self.words.item_noun(zone) if zone else "item"
        which = f" (only those for which {self.x(s.where)})" if s.where is not None else ""
        dest = (f"onto the top of {self.x(s.dest)}" if s.top else f"into {self.x(s.dest)}") if s.dest else "into your hand"
        if s.until is not None:   # `draw from deck to hand until size(hand) >= 7 each c { ... }`
            head = self.act("draw", f"from {self.x(s.source)}{which} {dest}, one {singular(item)} at a time, until "
                                    f"{self.condition(s.until, 'before each one')}")[:-1]
            each = f" (or nothing is left to draw); for each {singular(item)} {s.var} drawn:" if s.var is not None \
                and s.body else " (or nothing is left to draw)."
            self.say(depth, head + each)
            if s.var is not None and s.body:
                self.block(s.body, depth + 1)
            return
        # a count that is not a number written: "as many as" it, never a name before the noun ("“hand size” cards")
        many = counted(s.count.value, item) if isinstance(s.count, A.Int) else \
            f"{plural(item)}, as many as {self.x(s.count)},"
        keep = f" Let {s.name} be the {singular(item)} drawn (none when there was none)." if s.single else \
            f" Let {s.name} be the list of the {plural(item)} drawn (empty when there was none)." if s.name else ""
        self.say(depth, self.act("draw", f"{many} from {self.x(s.source)}{which} {dest}") + keep)

    def visit_Move(self, s, depth: int) -> None:
        known = ""
        if s.known is not None:
            who = "you" if s.known_to is None else self.x(s.known_to)
            end = s.depth_from or ("top" if s.top else "bottom")
            known = f" It stays known to {who}, with its place from the {end}, until it moves or the zone is shuffled."
        where = self.at_depth(s, "it goes") if s.depth is not None else \
            f"{'on top of' if s.top else 'at the bottom of'} {self.x(s.dest)}"
        self.say(depth, f"Put {self.x(s.item)} {where}.{known}")

    def at_depth(self, s, goes: str) -> str:
        """A move's `at N from top|bottom` in words: where in the zone the items go, and what a short zone does."""
        other = "bottom" if s.depth_from == "top" else "top"
        place = f"as the {ordinal(s.depth.value)}" if isinstance(s.depth, A.Int) else f"at place {self.x(s.depth)}"
        return f"into {self.x(s.dest)} {place} counted from the {s.depth_from} (1 is the {s.depth_from} itself; " \
               f"when the zone holds too few, {goes} to its {other})"

    def visit_MoveAll(self, s, depth: int) -> None:
        zone = s.source.id if isinstance(s.source, A.Name) else None
        items = plural(self.words.item_noun(zone)) if zone else "items"
        where = f"{self.at_depth(s, 'they go')}, together in the same order" if s.depth is not None else \
            f"on top of {self.x(s.dest)}, in the same order" if s.top else f"at the bottom of {self.x(s.dest)}, in order"
        which = f" for which {self.x(s.where)}" if s.where is not None else ""
        self.say(depth, f"Put all the {items} of {self.x(s.source)}{which} {where}.")

    def visit_Swap(self, s, depth: int) -> None:
        zone = s.zone.id if isinstance(s.zone, A.Name) else None
        items = plural(self.words.item_noun(zone)) if zone else "items"
        self.say(depth, f"Swap the {items} of {self.x(s.zone)} with those of {self.x(s.other)}: each takes "
                        f"all the other held, in the same order." + (
                            " Unseen: only the acting player sees it done; the others still believe what they "
                            "saw where they saw it." if s.unseen else ""))

    def visit_PassOn(self, s, depth: int) -> None:
        zone = s.zone.id if isinstance(s.zone, A.Name) else None
        items = plural(self.words.item_noun(zone)) if zone else "items"
        name = zone or self.x(s.zone)
        self.say(depth, f"Every player still in passes all the {items} of their {name} to the {name} of {self.x(s.to)} "
                        f"(worked out with each of them as you), all at once: each {name} is emptied before any is "
                        f"filled.")

    def visit_Deal(self, s, depth: int) -> None:
        """`deal`: "Deal all the cards of deck one at a time round the players still in, starting from left(dealer),
        each into their own hand, until none is left (the first players may get one more)"."""
        source = s.source.id if isinstance(s.source, A.Name) else None
        items = plural(self.words.item_noun(source)) if source else "items"
        name = s.dest.id if isinstance(s.dest, A.Name) else self.x(s.dest)
        start = f", starting from {self.x(s.start)}" if s.start is not None else ", in seat order"
        # `K at a time`: each player's packet of K before the next player's
        pace = "one at a time" if s.packet is None else f"{self.x(s.packet)} at a time (each player's packet before " \
            "the next player's)"
        how = f"Deal all the {items} of {self.x(s.source)} {pace} round the players still in{start}, " \
              f"each into their own {name}, until none is left (the first players may get {'one more' if s.packet is None else 'more'})" \
            if s.count is None else f"Deal {self.x(s.count)} {items} of {self.x(s.source)} to each player still in, " \
              f"{pace} round them{start}, each into their own {name} (fewer if it runs out)"
        self.say(depth, how + ".")
        if s.body is not None:   # `as (p, c) { ... }`: each card dealt, once the deal is over
            self.say(depth, f"Once the deal is over, for each card in the order dealt, its receiver ({s.receiver}), "
                            f"acting as you, with the card ({s.var}), does:")
            self.block(s.body, depth + 1)

    def visit_SetAside(self, s, depth: int) -> None:
        """`set aside`: "Set Zapped power aside (...) until the end of “encounter”, then it returns to where it was"."""
        if s.all:
            zone = s.item.id if isinstance(s.item, A.Name) else None
            items = plural(self.words.item_noun(zone)) if zone else "items"
            which = f" for which {self.x(s.where)}" if s.where is not None else ""
            what, it = f"all the {items} of {self.x(s.item)}{which}", "each"
        else:
            what, it = self.x(s.item), "it"
        back = f"{it} returns to where it was" if s.dest is None else \
            f"{it} goes {'on top of' if s.top else 'to the bottom of'} {self.x(s.dest)}"
        self.say(depth, f"Set {what} aside (out of every zone) until {self.until(s.until)}, then {back} "
                        "(unless moved meanwhile).")

    def visit_EndGame(self, s, depth: int) -> None:
        why = f" ({s.reason})" if s.reason is not None else ""   # `end game "REASON";`
        if s.named:   # `end game won by P;` / `lost by P` / `drawn`
            who = "nobody" if s.drawn or type(s.by) is A.ListLit and not s.by.items else self.x(s.by)   # `won by []`
            you = who == "you"   # "you win", "P wins"
            outcome = "a draw, nobody wins" if s.drawn else \
                f"{who} {'lose' if you else 'loses'} and every other player still in wins" if s.lost else \
                f"{who} {'win' if you else 'wins'}"
            game = self.symbols.game if self.symbols is not None else None
            scores = "nothing is scored" if game is not None and game.winner is None else "the winner line only scores"
            self.say(depth, f"The game ends at once{why}: {outcome}; what was under way stops and the final phase is "
                            f"skipped ({scores}).")
            return
        self.say(depth, f"The game ends at once{why}: what was under way stops, the final phase runs, and the winner "
                        "is decided.")

    def visit_EndAfter(self, s, depth: int) -> None:
        why = f" ({s.reason})" if s.reason is not None else ""   # `end game after LABEL "REASON";`
        self.say(depth, f"The game ends after this {s.label}{why}: the rest of the {s.label} is played (its triggers "
                        "too), then the final phase runs, and the winner is decided.")

    def visit_Window(self, s, depth: int) -> None:
        which = "at any time" if s.name is None else f"at the {s.name} window"
        self.say(depth, f"Each player, from you on, may now play a card they may play {which} (again "
                        "after each one played, until all pass).")

    def visit_Break(self, s, depth: int) -> None:
        which = "the loop" if s.label is None else f"the loop labelled {s.label}"
        self.say(depth, f"Stop {which} now: the rest of it is not done, and it goes round no more.")

    def visit_Reopen(self, s, depth: int) -> None:
        self.say(depth, "Reopen the round: every other player still in must have a turn again before it ends.")

    def visit_Split(self, s, depth: int) -> None:
        self.say(depth, f"Deal {self.x(s.zone)} from the top into {self.x(s.count)} piles as equal as possible (the "
                 f"first piles one card larger when it does not divide evenly); for each pile, in order, as {s.pile}:")
        self.block(s.body, depth + 1)
        self.say(depth, f"Then stack the piles back into {self.x(s.zone)}, the larger ones on top.")

    def visit_Shuffle(self, s, depth: int) -> None:
        self.say(depth, f"Shuffle {self.x(s.zone)}.")

    def visit_Fill(self, s, depth: int) -> None:
        if s.kind is None:   # `fill market;`: a display laid out (`fill row;` an indexed one's every element)
            zone = s.zone.obj if type(s.zone) is A.Index else s.zone
            shown = self.words.decl(zone.id) if type(zone) is A.Name else None
            if not isinstance(shown, A.Zone) or shown.show is None:
                self.say(depth, f"Lay out {self.x(s.zone)}; from now on it is refilled at once.")
            elif shown.indexes is not None and s.zone is zone:
                self.say(depth, f"Lay out {self.x(s.zone)} ({_indexed_by(shown.indexes)[4:]}) from "
                         f"{self.x(shown.show_from)}{_same_index(shown.show_each)}; from now on each is refilled "
                         f"at once.")
            else:
                self.say(depth, f"Lay out {self.x(s.zone)} from {self.x(shown.show_from)}"
                         f"{_same_index(shown.show_each)}; from now on it is refilled at once.")
            return
        where = f" for which {self.x(s.where)}" if s.where is not None else ""
        self.say(depth, f"Put every {singular(self.noun(s.kind))}{where} into {self.x(s.zone)}.")

    def visit_Reset(self, s, depth: int) -> None:
        if s.kind is not None:
            self.say(depth, f"Put the {_either(list(s.names), 'and')} of every {singular(self.noun(s.kind))} back as declared.")
            return
        sym = self.symbols
        kinds = [n for n in s.names if sym is not None and sym.category(n) == "kind"]
        values = [self.noun(n) for n in s.names if n not in kinds]
        if values:
            self.say(depth, f"Put {_either(values, 'and')} back as {'it was' if len(values) == 1 else 'they were'} at the start "
                            "of the game (every player's).")
        for k in kinds:
            self.say(depth, f"Put the fields with a default of every {singular(self.noun(k))} back as declared.")

    def visit_Flip(self, s, depth: int) -> None:
        self.say(depth, f"Turn {self.x(s.item)} over.")

    def visit_Roll(self, s, depth: int) -> None:
        keep = f" Let {s.name} be the value it shows." if s.name else ""
        if s.source is not None:   # dice kept as pieces
            zone = s.source.id if isinstance(s.source, A.Name) else None
            items = plural(self.words.item_noun(zone)) if zone else "dice"
            which = f" for which {self.x(s.where)}" if s.where is not None else ""
            self.say(depth, f"Roll each of the {items} of {self.x(s.source)}{which}, one after the other in its "
                            "order: each shows the face rolled, and that face's effect applies.")
            return
        if self.symbols is not None and id(s) in self.symbols.piece_rolls:
            self.say(depth, f"Roll {self.x(A.Name(s.die, span=s.span))} (a die kept as a piece): it shows the face "
                            f"rolled, and that face's effect applies.{keep}")
            return
        die = self.noun(s.die)   # a die titled "Die" (or "Red die") is not "the die die"
        die = die if die.split()[-1:] in (["die"], ["dice"]) else f"{die} die"
        if s.count is not None:   # `let a = roll 3 d6;`
            times = f"{s.count.value} times" if isinstance(s.count, A.Int) else f"as many times as {self.x(s.count)}"
            self.say(depth, f"Roll the {die} {times}, applying each face rolled. Let {s.name} be the list of the values "
                            "rolled, highest first.")
            return
        self.say(depth, f"Roll the {die} and apply the face rolled.{keep}")

    def visit_Whenever(self, s, depth: int) -> None:
        when = f"{'The next time' if s.once else 'Whenever'} {self.event(s.pattern)}"
        rest = f", at most once until {self.event(s.rest, anyone=True)} (then again)" if s.rest else ""
        until = f", until {self.until(s.until)}" if s.until else ""
        lasting = f", while {self.x(s.cond)}" if s.cond is not None else ""
        self.say(depth, f"{when}{rest}{until}{lasting}:")
        self.block(s.body, depth + 1)

    def until(self, p: A.Pattern) -> str:
        """An `until` in words, its ends joined: "you turn start or the end of this round"."""
        return " or ".join(self.event(end, anyone=True) for end in A.endings(p))

    def event(self, p: A.Pattern, anyone: bool = False) -> str:
        """An event pattern in words: "you gain coins", "an opponent acts (planet atalum)". `anyone`: a
        pattern of `until` or `once per`, which without a subject is anyone's event (7.3); `until end of
        NAME`: "the end of develop phase" (a proc's call or a labelled loop's round)."""
        if p.end or anyone and self.words.symbols is not None and period_end(p, self.words.symbols):
            label = not isinstance(self.words.decl(p.event), A.Proc)   # (`once per generation`: its end, 7.2b)
            return f"the end of this {spoken(p.event)}" if label else f"the end of “{spoken(p.event)}”"
        subject = expr(p.subject) if p.subject is not None else None
        if subject == "nobody":   # the events of no player: "a card is moved into discard by no player"
            args = ", ".join(f"{spoken(a.name)} {self.filter_words(a.value)}" for a in p.args if a.name != "dest")
            dest = next((a.value for a in p.args if a.name == "dest"), None)
            into = f" into {self.x(dest)}" if dest is not None else " into a shared zone"
            what = "a card is moved" if p.event == "move" else "a card is flipped"
            return f"{what}{into if p.event == 'move' else ''}, by no player (once for the table)" + \
                (f" ({args})" if args else "")
        if p.event == VAR_EVENT:
            return self.change_words(p, subject, anyone)
        if subject is None:
            who, verb = ("someone", _third_person(p.event)) if anyone or p.event in ("end_of_era", "end_of_round") \
                else ("you", p.event)
        elif isinstance(p.subject, A.You):
            who, verb = "you", p.event
        else:
            who, verb = PLAYER_DOMAINS.get(subject, (None, subject))[1], _third_person(p.event)
        args = {a.name: a.value for a in p.args}
        res = args.pop("res", None)
        element = type(res) is A.Index and type(res.obj) is A.Name and self.symbols is not None \
            and indexed_counter(res.obj.id, self.symbols) is not None
        thing = f" {plural(self.noun(res.id))}" if isinstance(res, A.Name) else self.element_words(res) \
            if element else ""
        if p.event == "shift":   # "you move warriors from a clearing a into a clearing c"
            dest = args.pop("dest", None)
            verb = "move" if who == "you" else "moves"
            if element:
                thing = self.element_words(res, "from")
            if type(dest) is A.Index and type(dest.obj) is A.Name and self.symbols is not None \
                    and indexed_counter(dest.obj.id, self.symbols) is not None:
                into = self.element_words(dest, "into")
                thing = (thing or f" {plural(self.noun(dest.obj.id))}") + into[len(plural(self.noun(dest.obj.id))) + 1:]
            elif dest is not None:
                thing += f" into {self.x(dest)}"
            thing = thing or " units between elements of a counter"
        on = args.pop("on", None)
        track = f" on {self.words.track(on.id)}" if isinstance(on, A.Name) and p.event != "move" else ""
        if on is not None and p.event == "move":   # a move into a zone a card holds: `move(on = this)`
            track = f" a card into a zone {'this card' if isinstance(on, A.Name) and on.id == 'this' else self.x(on)} holds"
        rest = ", ".join(f"{spoken(k)} {self.filter_words(v)}" for k, v in args.items())
        passive = _passive(p.event)
        if passive is not None and p.event not in ("end_of_era", "end_of_round"):   # "a tile is placed by you"
            return f"{passive} by {who}{thing}{track}" + (f" ({rest})" if rest else "")
        return f"{who} {spoken(verb)}{thing}{track}" + (f" ({rest})" if rest else "")

    def change_words(self, p: A.Pattern, subject: Optional[str], anyone: bool) -> str:
        """A `set` pattern in words: "your Vagabond's clearing changes", "an opponent's cell in a row r
        changes (to c2)"; a global variable's "the robber's hex is changed by you"."""
        args = {a.name: a.value for a in p.args}
        named = args.pop("name", None)
        base = named.obj if type(named) is A.Index else named
        decl = heard_var(base.id, self.symbols) if type(base) is A.Name and self.symbols is not None else None
        noun = self.noun(base.id) if type(base) is A.Name else self.x(named) if named is not None else "a variable"
        if type(named) is A.Index and decl is not None and decl.indexes is not None:
            noun += self.element_words(named, decl=decl)[len(f" {plural(self.noun(base.id))}"):]
        if subject is None and not anyone or isinstance(p.subject, A.You):
            who, whose = "you", "your"
        elif subject is None:
            who, whose = "someone", "someone's"
        else:
            who = PLAYER_DOMAINS.get(subject, (None, subject))[1]
            whose = f"{who}'s"
        told = [f"{ {'old': 'from', 'new': 'to'}.get(k, spoken(k))} {self.filter_words(v)}" for k, v in args.items()]
        said = f"the {noun} is changed by {who}" if decl is not None and decl.is_global else f"{whose} {noun} changes"
        return said + (f" ({', '.join(told)})" if told else "")

    def element_words(self, res: A.Index, prep: str = "in", decl=None) -> str:
        """An element a pattern names, its bound indexes as what they range over: "warriors in a clearing c",
        "at (warrior) in a spot s"; one written out as it is: "warriors (b)". `prep`: a shift's side
        ("from a clearing a", "into (c2)"). `decl`: the variable whose element it is (a `set` pattern's),
        else the counter's."""
        counter = decl or indexed_counter(res.obj.id, self.symbols)
        said = []
        for part, d in zip(element_parts(res.index), counter.indexes.dims()):
            name = binder(part, self.symbols)
            if name is None:
                said.append(f"({self.x(part)})" if prep == "in" else f"{prep} ({self.x(part)})")
            elif not name.startswith("_"):
                what = singular(self.noun(d.enum)) if d.enum is not None else "number"
                said.append(f"{prep} {article_of(what)} {name}")
        return f" {plural(self.noun(res.obj.id))}" + "".join(f" {w}" for w in said)

    def filter_words(self, v) -> str:
        """A pattern's filter value in words: "gold" for `c = gold`, "is a Silver" for `c is silver`."""
        return f"is {self.words.is_what(v.kind)}" if type(v) is A.IsKind and v.subject is None else self.x(v)

    def visit_Modifier(self, s, depth: int, held: str = "") -> None:
        """A modifier put in force ("From now on, on your build: ..."), or, `held` its head, a card's
        (`modifier ... in ZONE`: "While Quarry is in your tableau, on your build: ...")."""
        p = s.pattern
        who = {"you": "your", "opponents": "your opponents'", "teammates": "your teammates'"}.get(subject_mode(p),
                                                                                            "everyone's")
        args = ", ".join(f"{a.name} {self.filter_words(a.value) if is_filter(a) else expr(a.value)}" for a in p.args
                         if not a.element)
        element = next((a.value for a in p.args if a.element and a.name == "res"), None)   # `gain(warriors[c])`
        if type(element) is A.Index and type(element.obj) is A.Name and self.symbols is not None \
                and indexed_counter(element.obj.id, self.symbols) is not None:
            args = (f"of{self.element_words(element)}" + (f", {args}" if args else "")).strip()
        elif type(element) is A.Name:
            args = f"of {plural(self.noun(element.id))}" + (f", {args}" if args else "")
        cond = s.cond.right if held and type(s.cond) is A.Binary and s.cond.op == "and" else None if held else s.cond
        lasting = (", the next use only" if s.once else "") + \
            (f", until {self.until(s.until)}" if s.until else "") + (f", while {self.words.about_the_use(cond, p.event)}" if cond is not None else "")
        if s.ask is not None:   # 7.7d: its holder is asked each time it would change a use
            lasting += ", if you choose to use it" + (f" (asked “{s.ask}”)" if s.ask else "")
        self.say(depth, (held or "From now on, ") + f"on {who} {spoken(p.event)}" + (
            f" {args}" if args.startswith("of ") else f" ({args})" if args else "")
                 + f"{lasting}:")
        for a in s.adjustments:
            if a.op == "using":   # what may stand for a resource of the cost
                t = a.terms[0]
                self.say(depth + 1, f"{capital(self.words.noun(t.name))} may be paid with "
                         f"{self.words.using(t)} (the best rate counts).")
                continue
            if a.what == "cost" and _listed_cost(self.symbols, p.event):   # a list cost's units (7.7g)
                self.say(depth + 1, _listed_words(a, self.x))
                continue
            if held and is_live(a):   # a card's modifier works such an amount out at each use (7.7b)
                words = _adjustment_words(a, self.cost, lambda e: self.words.about_the_use(e, p.event))
                self.say(depth + 1, words[:-1] + ", as it stands at each use.")
                continue
            self.say(depth + 1, _adjustment_words(a, self.cost, self.x))
        if s.then is not None:   # what using it costs its holder (7.7d)
            self.say(depth + 1, "Each time you use it, right after the use it changed:")
            self.block(s.then, depth + 2)

    def visit_Emit(self, s, depth: int) -> None:
        args = ", ".join(self.x(a) for a in s.args)
        self.say(depth, f"Announce “{spoken(s.event)}”" + (f" for {args}" if args else "") + ".")

    def visit_Copy(self, s, depth: int) -> None:
        if isinstance(s.ref, A.Attr):
            self.say(depth, f"Carry out the “{spoken(s.ref.name)}” effect of {self.x(s.ref.obj)}"
                     f"{self.words.slot_given(s.ref, s.args, s.with_event)}.")
        else:
            self.say(depth, f"Carry out the effect of {self.x(s.ref)}.")

    def visit_Hold(self, s, depth: int) -> None:
        self.say(depth, f"With {self.x(s.zone)} not refilled meanwhile:")
        self.block(s.body, depth + 1)
        self.say(depth, "Then:")
        self.visit_Fill(s.laid_out(), depth + 1)

    def visit_Once(self, s, depth: int) -> None:
        self.say(depth, "Once per game:")
        self.block(s.body, depth + 1)

    def visit_Tagged(self, s, depth: int) -> None:
        args = ", ".join(self.x(a) for a in s.tag.args)
        self.say(depth, f"For {s.tag.action}({args}), unless a modifier forbids it to you (then skip this):")
        self.block(s.body, depth + 1)

    def visit_Rank(self, s, depth: int) -> None:
        prizes = ", ".join(self.x(p) for p in s.prizes)
        rule = {"split": "tied players share the prizes of the places they take",
                "share": "tied players share the prize of the place they tie for, and the places after it "
                         "that they fill are not given",
                "all": "every tied player gets the full prize",
                "lower": "every tied player gets the prize of the place below the one they tie for",
                "none": "tied players get nothing"}.get(s.ties, s.ties)
        where = self.whom(s.where) if s.where is not None else ""
        self.say(depth, f"Rank {self.x(s.domain)}{where} by {self.words.about_them(s.key)}: by place they get "
                        f"{prizes} {plural(self.noun(s.resource))} ({rule}).")

    def visit_Pick(self, s, depth: int) -> None:
        where = f" for which {self.x(s.where)}" if s.where is not None else ""
        if s.best is not None:   # `fewest KEY`: among those, the ones with the lowest, every tie
            where += f"{',' if where else ''} keeping those for which {self.x(s.best)} is " \
                     f"{'highest' if s.best_most else 'lowest'} (every tie offered)"
        if s.alike:   # copies nothing tells apart: one option, the first of them in the zone taken
            where += ", identical copies offered once (the first of them taken)"
        none = f"“{s.declined}”, picking none" if s.declined else "none"   # `optional as "pass"`
        optional = f" (or {none})" if s.optional else ""
        if s.optional_when is not None:   # compulsory unless the condition holds
            optional = f" (or {none}, if {self.x(s.optional_when)}; otherwise one must be picked)"
        chance = " at random (nobody chooses)" if s.random else ""
        then = f"{stmt_labelled(s)}{self.pick_amended(s)}{asking_said(s, self.untold_said(s))}, then:"
        if s.budget is not None:   # `budget N cost EXPR`: asked while something fits in what is left
            stop = "nothing left fits or you pick none" if s.optional else "nothing left fits"
            self.say(depth, f"With a budget of {self.x(s.budget)}, one at a time until {stop}: pick one {s.var} "
                            f"{self.picked_from(s.domain, s.blind)}{where} costing no more than what is left ({s.var} costs "
                            f"{self.x(s.cost)}){prompt(s)}, which spends its cost{then}")
        elif s.least is not None:   # `at least M [up to N]`: no "none" before M picks
            least = self.x(s.least)
            most = f" and at most {self.x(s.limit)}" if s.limit is not None else ""
            due = "is" if type(s.least) is A.Int and s.least.value == 1 else "are"
            fewer = "" if s.repeats else " (all of them if there are fewer)"   # (repeats: never fewer)
            self.say(depth, f"Keep at least {least}{most} of them{fewer}, one at a time; "
                            f"none ends the picks once {least} {due} picked: pick one {s.var}"
                            f"{' (one picked before may be picked again)' if s.repeats else ' not picked before'}"
                            f"{chance} {self.picked_from(s.domain, s.blind)}{where}{self.distinct_said(s)}{prompt(s)}"
                            f"{then}")
        elif s.limit is not None:
            times = "once" if isinstance(s.limit, A.Int) and s.limit.value == 1 else f"{self.x(s.limit)} times"
            how = f"{times[0].upper()}{times[1:]}" + ("" if s.repeats else " (fewer if fewer are left)") if s.exactly else \
                f"At most {times}, until you pick none"
            again = " (one picked before may be picked again)" if s.repeats else " not picked before"
            self.say(depth, f"{how}: pick one {s.var}{again}{chance} {self.picked_from(s.domain, s.blind)}{where}"
                            f"{self.distinct_said(s)}{then}")
        elif s.random:
            self.say(depth, f"Pick one {s.var}{chance} {self.picked_from(s.domain, s.blind)}{where}{then}")
        elif s.compulsory:   # `repeated [longest [, then highest KEY]]`: again while a candidate remains
            if s.longest:
                where += f"{',' if where else ''} keeping only those that begin a run of the most picks any order " \
                         f"allows"
                if s.longest_key is not None:
                    order = "lowest" if s.longest_lowest else "highest"
                    where += f" (among those runs, the ones whose {order} {self.x(s.longest_key)}, counting the " \
                             f"picks already made, is {order})"
            self.say(depth, f"Again and again while there is one to pick: pick one {s.var} "
                            f"{self.picked_from(s.domain, s.blind)}{where}{prompt(s)}{then}")
        elif s.repeated:
            self.say(depth, f"As many times as you like, until you pick none: pick one {s.var} "
                            f"{self.picked_from(s.domain, s.blind)}{where}{then}")
        else:
            self.say(depth, f"Pick one {s.var} {self.picked_from(s.domain, s.blind)}{where}{optional}{prompt(s)}{then}")
        self.block(s.body, depth + 1)
        if s.otherwise:
            self.say(depth, "If there was none to pick:" if s.random else
                     f"If none was picked (“{s.declined}”, or no option):" if s.declined else "If none was picked:")
            self.block(s.otherwise, depth + 1)
        if s.count is not None:   # `let n = pick ...;`
            self.say(depth, f"Let {s.count} be how many were picked (0 if none was).")

    def distinct_said(self, p) -> str:
        """`different by FIELD` read aloud: ", its FIELD not the FIELD of one picked before" ("" without it)."""
        if p.distinct is None:
            return ""
        field = p.distinct.name.replace("_", " ")
        return f", its {field} not the {field} of one picked before"

    def best_claim_said(self, p, each: Optional[str] = None) -> str:
        """What `best by KEY [ties by seat from P]` does once all have picked ("" without it); `each`: the
        element a pick was made for (`simultaneously for each U`), whose picks compete apart."""
        if p.claim_key is None:
            return ""
        ties = "the first of them in seat order" if p.claim_from is None else \
            f"the first of them in seat order from {self.x(p.claim_from)}"
        one = f"for each {each}, only the pick" if each else "only the pick"
        return f" {one} whose {self.x(p.claim_key)} is highest is kept (a tie going to {ties}), and its " \
               "picker, with it,"

    def loop_read(self, loop) -> str:
        """What a loop's label adds to its reading (`labelled`), and ` (amended by ...)` after one an amend changed."""
        return labelled(loop) + self.pick_amended(loop, "amended_loops")

    def pick_amended(self, s: A.Pick, amends: str = "amended_picks") -> str:
        """` (amended by FILE:L:C)` after a pick (an `if`, a loop, a may, with `amended_ifs`...) an amend changed (`, by ...` for each
        later one; `, keeping the base's` after one whose new block runs the one it replaces)."""
        spans, amends = [], getattr(self.symbols, amends, ())
        while (found := next((a for a in amends if a[4] is s), None)) is not None:   # back to the base's pick
            spans.insert(0, f"{found[2].span}{blocks_kept(found[2])}")
            s = found[3]
        return f" (amended by {', by '.join(spans)})" if spans else ""

    def picked_from(self, domain, blind=None) -> str:
        """What a pick chooses among: "from your hand", "from 2 to 12", "among the resources" (a kind's
        cards, an enum's members: not "from every resource"); with `or blind ZONE` (`blind`), "from the
        face-up cards or the unseen top card of the train deck"."""
        if blind is not None:
            tops = [f"each zone of {self.x(z)}" if type(z) is A.Name and getattr(self.words.decl(z.id), "indexes", None)
                    is not None else self.x(z) for z in blind]
            tops = tops[0] if len(tops) == 1 else f"{', of '.join(tops[:-1])} or of {tops[-1]}"
            return f"{self.picked_from(domain)} or the unseen top card of {tops} (drawn when picked)"
        if isinstance(domain, A.Range):
            return self.words.from_to(domain)
        if isinstance(domain, A.Name) and isinstance(self.words.decl(domain.id), (A.Kind, A.Enum)):
            return f"among the {plural(singular(self.words.noun(domain.id)))}"
        return f"from {self.x(domain)}"

    def visit_Simultaneous(self, s, depth: int) -> None:
        p = s.pick
        text = expr(s.domain)
        who = PLAYER_DOMAINS[text][0] if text in PLAYER_DOMAINS else f"each of {self.x(s.domain)}"
        where = f" for whom {self.x(s.where)}" if s.where is not None else ""
        pwhere = f" for which {self.x(p.where)}" if p.where is not None else ""
        if p.least is not None:   # at least M (up to N), each a different one
            most = f" and at most {self.x(p.limit)}" if p.limit is not None else ""
            many = f"at least {self.x(p.least)}{most} different {p.var} (all of them if there are fewer)" + \
                self.distinct_said(p)
            each = "each pick of each of them, in seat order (a player's picks in the order picked), does:"
        elif p.limit is not None:   # several, each a different one
            many = f"{'exactly' if p.exactly else 'up to'} {self.x(p.limit)} " + \
                (f"{p.var} (each may be one picked before)" if p.repeats else f"different {p.var}") + \
                self.distinct_said(p)
            each = "each pick of each of them, in seat order (a player's picks in the order picked), does:"
        else:
            many = f"{'at most ' if p.optional else ''}one {p.var}"
            each = "each of them, in seat order, does:"
        if s.each_var is not None:   # one pick per element of each player's own list
            ewhere = f" for which {self.x(s.each_where)}" if s.each_where is not None else ""
            many = f"{many} for each {s.each_var} {self.picked_from(s.each_domain)}{ewhere} (their own, all before " \
                   f"anyone's is seen)"
            each = f"each pick of each of them, in seat order (a player's in the order of their {s.each_var}), does:"
        self.say(depth, f"{who[0].upper()}{who[1:]}{where} secretly picks {many} "
                        f"{self.picked_from(p.domain, p.blind)}{pwhere}{prompt(p)}{stmt_labelled(p)}{self.pick_amended(p)}{asking_said(p, self.untold_said(p))}. Once all have "
                        f"picked (nobody sees another's pick but by what this does with it),"
                        f"{self.best_claim_said(p, s.each_var) or ''} {each if p.claim_key is None else 'does:'}")
        self.block(p.body, depth + 1)

    def visit_Auction(self, s, depth: int) -> None:
        where = f" for whom {self.x(s.where)}" if s.where is not None else ""
        start = "you" if s.start is None else self.x(s.start)
        low = "1" if s.low is None else self.x(s.low)
        step = "" if s.step is None else f", in steps of {self.x(s.step)}"
        most = "no limit" if s.most is None else self.x(s.most)
        bids = f"bids of at least {low}{step}, each bidder bidding at most {most} (their own)" if s.calls is None else \
            (f"each bidder bids one of the numbers of {self.x(s.calls)}, worked out for that bidder as you"
             + ("" if s.mode == "sealed" else ", above the bid standing") + ("" if s.low is None else f", at least {low}")
             + ("" if s.most is None else f", at most {most} (their own)")) if s.held else \
            (f"the bids are the calls of {self.x(s.calls)}, each ranked by its place there, lowest first, and must "
             f"outrank the call standing" + ("" if s.most is None else f", each bidder calling at most {most} (their own)"))
        how = {"open": "in turn, again and again, each bidder raises the bid or passes (a pass is for good), "
                       "skipping the high bidder, until one bidder is left holding the bid",
               "once around": "each bidder in turn, once, raises the bid or passes; the last raise wins",
               "sealed": "every bidder bids at once, in secret, or passes; the highest bid wins, a tie going "
                         "to the first of them in seat order",
               "open in any order": "round after round, every bidder but the high bidder says at once, in secret, "
                                    "whether and how much they raise (a pass is for this round only); the highest "
                                    "raise takes the bid, a tie going to the first of them in seat order, and the "
                                    "round's raises are told to everyone; it ends when a round has no raise",
               "open until all pass": "in turn, again and again, each bidder raises the bid or passes (a pass is for "
                                      "that turn only), until all but the high bidder pass in a row, or all pass "
                                      "without a bid"}
        if s.form is None:
            form, how = s.mode, how[s.mode]
        else:   # `form FORM`: each form the value may name (Symbols.auction_forms: every form if not known), said once
            form = f"the form {self.x(s.form)} names"
            named = self.symbols.auction_forms.get(id(s), A.AUCTION_MODES) if self.symbols is not None else A.AUCTION_MODES
            how = "by that form: " + "; ".join(f"{mode}: {how[mode]}" for mode in named)
        first = f"in seat order from {start}, who opens (their first bid cannot be a pass)" if s.opening else \
            f"in seat order from {start}"
        doubles = "" if s.doubling is None else \
            (f"; instead of bidding, an opponent of the high bidder (of another team; without teams, anyone else) may "
             f"double the standing bid, then the high bidder's side redouble it, and so on, at most "
             f"{self.x(s.doubling)} times in all: a double "
             f"outranks nothing, a new bid cancels the doubles, and all but the last caller passing in a row ends "
             f"the bidding")
        self.say(depth, f"Auction ({form}){prompt(s)} among {self.x(s.domain)}{where}, {first}: {bids}; {how}{doubles}.")
        if s.passer is not None:   # `passed as (p, bid) { ... }`: each passer, once the bidding is over
            self.say(depth, f"Once the bidding is over, each bidder who passed ({s.passer}), in the order they passed, "
                            f"acting as you, with the bid they had made ({s.passed_bid}; 0 if none), does:")
            self.block(s.passed, depth + 1)
        if s.bidder is not None:   # `bids as (p, call) { ... }`: each bid, once the bidding is over
            self.say(depth, f"Once the bidding is over, for each bid in the order made, its bidder ({s.bidder}), acting "
                            f"as you, with the bid ({s.bid_made}), does:")
            self.block(s.bids, depth + 1)
        stakes = "" if s.stakes is None else f" and the stakes ({s.stakes}: 1, doubled 2, redoubled 4, ...)"
        self.say(depth, f"If somebody won, the winner ({s.winner}), acting as you, with the price ({s.price}) they bid"
                        f"{stakes} (paying is not automatic), does:")
        self.body_or_nobody(s, depth, "bid")

    def asked_of_card(self, s, whom: str):
        """The sentence of `reveal c.FIELD == VALUE;` (`look ...`): whether the field has the value; None for
        another reveal."""
        item = s.item
        if not (isinstance(item, A.Binary) and item.op == "==" and isinstance(item.left, A.Attr)):
            return None
        field, card, value = spoken(item.left.name), self.x(item.left.obj), self.x(item.right)
        return (f"Tell {whom} whether the {field} of {card} is {value}, and nothing else of the card: if it is, the "
                f"{field} is known; if not, that it is not {value} (once every other {field} is ruled out, the "
                f"{field} is known), until the card moves.")

    def field_of_card(self, s):
        """The field a `reveal`/`look` shows of a card (`reveal c.colour;`), or None for a whole card or zone."""
        if not isinstance(s.item, A.Attr):
            return None
        sym = self.symbols
        if sym is not None and id(s) in sym.field_reveals:
            return s.item.name
        fields = {f.name for d in (sym.decls.values() if sym is not None else ()) if isinstance(d, A.Kind)
                  for f in d.fields}
        return s.item.name if s.item.name in fields and (sym is None or sym.category(s.item.name) is None) else None

    def body_or_nobody(self, s, depth: int, verb: str) -> None:
        """The body of an auction, an offer or a `first ... may`, then its `else` read "If nobody VERB:"."""
        self.block(s.body, depth + 1)
        if s.otherwise:
            self.say(depth, f"If nobody {verb}:")
            self.block(s.otherwise, depth + 1)

    def visit_Offer(self, s, depth: int) -> None:
        where = f" for whom {self.x(s.where)} (read as each of them)" if s.where is not None else ""
        start = "your left" if s.start is None else self.x(s.start)
        how = "the first to accept is the partner (the rest are not asked)" if s.mode == "first" else \
            "all are asked, then you choose the partner among those who accepted"
        self.say(depth, f"Offer{prompt(s)} to {self.x(s.domain)}{where} (never you), asked in seat order from "
                        f"{start}, each accepting or declining: {how}. If somebody accepted, you (still acting), with "
                        f"the partner as {s.partner} (the exchange is not automatic), do:")
        self.body_or_nobody(s, depth, "accepted")

    def visit_FirstMay(self, s, depth: int) -> None:
        paid = f" (paying {self.cost(s.cost)})" if s.cost else ""
        needs = ([f"that {self.x(s.where)}"] if s.where is not None else []) + ["that they can pay"] * bool(s.cost)
        if s.asked:   # `always asked`: who cannot take it is asked too (who is asked then tells nothing)
            whom = f"Ask {self.x(s.domain)}, all of them"
            unable = f", also those who cannot accept (it needs {', and '.join(needs)}), who may only decline" \
                if needs else ""
        else:
            whom = f"Ask {self.x(s.domain)}" + (f", those for whom {self.x(s.where)}" if s.where is not None else "")
            unable = ""
        self.say(depth, f"{whom}, one after another in that order, as {s.var}, whether they accept"
                        f"{prompt(s)}{paid}, each deciding for themselves{unable}; once one accepts, the rest are not "
                        f"asked{self.pick_amended(s, 'amended_mays')}. If {s.var} accepted, you (still acting) do:")
        self.body_or_nobody(s, depth, "accepted")

    def visit_Reveal(self, s, depth: int) -> None:
        whom = "every player" if s.to is None else self.x(s.to)
        if s.top is not None:
            self.say(depth, f"Reveal the top {self.x(s.top)} of {self.x(s.item)} to {whom}, where they are: "
                            "each stays known with its place from the top until it moves or the zone is shuffled.")
            return
        asked = self.asked_of_card(s, whom)
        field = self.field_of_card(s)
        if asked is not None:
            self.say(depth, asked)
        elif field is not None:
            self.say(depth, f"Show {whom} the {spoken(field)} of {self.x(s.item.obj)}, which stays hidden "
                            f"otherwise, until it moves.")
        else:
            self.say(depth, f"Reveal {self.x(s.item)} to {whom}.")

    def visit_GiveRole(self, s, depth: int) -> None:
        role = self.words.decl(s.role.id) if type(s.role) is A.Name else None
        named = role.title if isinstance(role, A.Entity) and role.title else s.role.id if isinstance(role, A.Entity) \
            else self.x(s.role)   # `give p role r;`, r a value holding a role (`c.role`, `first(drafted)`)
        who = self.x(s.who)
        self.say(depth, f"{who[:1].upper()}{who[1:]} take{'' if isinstance(s.who, A.You) else 's'} "
                        f"the role {named} (its state is made for them; its rules are theirs from now on).")

    def visit_Eliminate(self, s, depth: int) -> None:
        if s.retire:
            self.say(depth, "You take no more turns, but still take part (asked, and acting when named)."
                     if s.who is None else f"{capital(self.x(s.who))} takes no more turns, but still takes part "
                     "(asked, and acting when named).")
            return
        if s.who is None:
            self.say(depth, "You are back in the game." if s.restore else "You are knocked out of the game.")
        elif isinstance(s.who, A.Name) and s.who.id == "all_players":
            self.say(depth, "Bring every knocked-out player back into the game." if s.restore
                     else "Knock every player out of the game.")
        else:
            self.say(depth, f"Bring {self.x(s.who)} back into the game." if s.restore
                     else f"Knock {self.x(s.who)} out of the game.")

    def visit_Look(self, s, depth: int) -> None:
        if s.top is not None:
            self.say(depth, f"Look at the top {self.x(s.top)} of {self.x(s.item)} (only you see them), where they "
                            "are: each stays known with its place from the top until it moves or the zone is shuffled.")
            return
        asked = self.asked_of_card(s, "you alone")
        field = self.field_of_card(s)
        if asked is not None:
            self.say(depth, asked)
        elif field is not None:
            self.say(depth, f"Look at the {spoken(field)} of {self.x(s.item.obj)} (only you see it, and nothing "
                            f"else of the card), until it moves.")
        else:
            self.say(depth, f"Look at {self.x(s.item)} (only you see it).")

    def visit_Say(self, s, depth: int) -> None:
        self.say(depth, ("The game announces: " if s.as_game else "Note: ") + with_values(s.parts))


    # ------------------------------------------------------------------ declarations
    def visit_Decl(self, d, depth: int) -> None:
        """Declarations whose heading says it all (groups, enums, kinds, zones, variants...)."""

    def visit_Override(self, d, depth: int) -> None:
        self.visit(d.decl, depth)

    def visit_Entity(self, d, depth: int) -> None:
        made = self.words.symbols.generated.get(d.name) if self.words.symbols is not None else None
        if made is not None:   # `KIND NAME for each c in DOMAIN`: which declaration made it, and for what
            template, member, bound, domain, heads = made
            kept = " its filters keep" if " where " in heads else ""   # (`for each s in suit where s.suited`)
            if ", " in bound:   # several domains (`for each s in suit, r in 2..14`): one per combination
                stands = ", ".join(f"{b} for {m}" for b, m in zip(bound.split(", "), member.split(", ")))
                self.say(depth, f"Made by '{d.kind} {template} for each {heads}', one {d.kind} for each combination "
                         f"of {' and '.join(domain.split(', '))}{kept}: this one for {member} ({stands}).")
            else:
                self.say(depth, f"Made by '{d.kind} {template} for each {heads}', one {d.kind} for each "
                         f"of {domain}{kept}: this one for {member} ({bound} stands for {member}).")
        elif d.each is not None:   # the declaration as written (explain of a module, fmt's reading)
            from rulebook.dsl.printer import each_domain
            pairs = (d.each,) + tuple(d.each_more or ())
            # `s in suit where s.suited`: the domain and what its filter keeps of it, in words
            domains = [each_domain(dom) + (f" (those for which {self.x(where)})" if where is not None else "")
                       for (_b, dom), where in zip(pairs, d.each_where or (None,) * len(pairs))]
            if len(pairs) > 1:
                self.say(depth, f"One {d.kind} for each combination of "
                         f"{' and '.join(domains)}, each named {d.name}_ and their "
                         f"names, with {', '.join(b for b, _dom in pairs)} standing for them.")
            else:
                self.say(depth, f"One {d.kind} for each of {domains[0]}, each named {d.name}_ and that "
                         f"one's name, with {d.each[0]} standing for it.")
            if d.copies_by is not None:   # `* (EXPR)`: how many copies of each, and of all when the pack is known
                symbols = self.words.symbols
                made = [symbols.decls[n].copies for n, m in symbols.generated.items() if m[0] == d.name] \
                    if symbols is not None else []
                total = f" ({sum(made)} {d.kind}s in all)" if made else ""
                self.say(depth, copies_by_words(d.copies_by, [b for b, _dom in pairs]) + total + ".")
        if d.copies > 1 and self.values:   # `* N` (the gallery's table has a row for it): the others NAME#2 ...
            others = f"{d.name}#2" if d.copies == 2 else f"{d.name}#2 to {d.name}#{d.copies}"
            named = f" (the constant {d.copies.const})" if isinstance(d.copies, A.Numbered) else ""
            self.say(depth, f"{d.copies} copies of it{named} are in the game: {d.name}, then {others}.")
        if d.kind == A.ROLE_KIND and self.symbols is not None and d.name in getattr(self.symbols, "roles", {}):
            self.role(d, depth)
            return
        kind = self.words.decl(d.kind)
        # a computed field's value is a rule, read out always: the kind says which, else any value not constant
        names = {f.name for f in kind.fields if f.computed} if isinstance(kind, A.Kind) else set()
        computed = [v for v in d.values if v.name in names or kind is None and not is_field_value(v.value)]
        shown = [v for v in d.values if self.values or v in computed]
        if not d.effects and not shown:
            noun = singular(self.noun(d.kind))
            self.say(depth, f"{'An' if noun[:1] in 'aeiouAEIOU' else 'A'} {noun}" + (" with nothing printed on it." if not d.values else "."))
        grids = {f.name for f in kind.fields if f.index is not None} if isinstance(kind, A.Kind) else set()
        adjusted = {f.name: f for f in kind.fields if f.tag is not None} if isinstance(kind, A.Kind) else {}
        for v in shown:
            worked = " (worked out for the player it is read for)" if v in computed else \
                self.words.adjusted_field(adjusted[v.name]) if v.name in adjusted else ""
            # a grid (`layout: int[spot];`) as the card prints it, row by row, as an enum member's
            value = self.grid(v.value) if v.name in grids and isinstance(v.value, A.ListLit) else self.x(v.value)
            if v not in computed and type(v.value) is A.Name and \
                    isinstance(self.words.decl(v.value.id), (A.Resource, A.Counter, A.Track)):
                value = singular(self.noun(v.value.id))   # the resource printed on it, not "your bricks"
            if d.copies > 1 and any(type(n) is A.Name and n.id == "copy_number" for n in A.walk(v.value)):
                value += f" (1 to {d.copies})" if type(v.value) is A.Name else \
                    f" (the copy's number: 1 to {d.copies})"
            self.say(depth, f"{capital(spoken(v.name))}{worked}: {value}.")
        force = in_force_of(self.symbols, d) if self.symbols is not None else None
        outer, self.words.force = self.words.force, self.x(force) if force is not None else None
        try:
            if force is not None:
                self.say(depth, f"In force only while {self.words.force}" + ("" if d.in_force else
                         f" (as every {singular(self.noun(d.kind))})") + ": what it does from a zone below holds only "
                         "then, worked out at each use.")
            self.entity_slots(d, kind, depth)
        finally:
            self.words.force = outer
        self.removed(d, depth, ("decl", d.name))

    def entity_slots(self, d: A.Entity, kind, depth: int) -> None:
        """A card's effects and slots (its kind's among them), each read as it holds."""
        for e in d.effects:
            if isinstance(e, A.HeldModifier):
                inherited = isinstance(kind, A.Kind) and any(e is s for s in kind.slots)
                after = f" (as every {singular(self.noun(d.kind))})" if inherited else \
                    f" (besides every {singular(self.noun(d.kind))}'s){self.effect_amended(d, e)}" if e.also else \
                    self.effect_amended(d, e)
                self.visit_Modifier(e.modifier, depth, f"While {d.title or spoken(d.name)} is in "
                                    f"{self.nouns(e.places)}{after}, ")
                continue
            if isinstance(e, (A.Reaction, A.Anytime)):
                inherited = isinstance(kind, A.Kind) and any(e is s for s in kind.slots)
                self.slot(e, depth, f" (as every {singular(self.noun(d.kind))})" if inherited else
                          self.effect_amended(d, e))
                continue
            if isinstance(e, A.HeldOverride):
                self.held_override(d, e, depth)
                continue
            if isinstance(e, A.HeldOption):
                inherited = isinstance(kind, A.Kind) and any(e is s for s in kind.slots)
                self.held_option(d, e, depth, f" (as every {singular(self.noun(d.kind))})" if inherited else
                                 self.effect_amended(d, e))
                continue
            field = next((f for f in kind.fields if f.name == e.name), None) if isinstance(kind, A.Kind) else None
            given = f" (given {_either([spoken(p.name) for p in field.params], 'and')})" if getattr(field, "params", None) else ""
            self.say(depth, f"{capital(spoken(e.name))}{given}{self.effect_amended(d, e)}:")
            self.block(e.body, depth + 1)

    def slot(self, e: "A.Reaction | A.Anytime", depth: int, after: str = "") -> None:
        """A card's (or its kind's) reaction or `anytime` slot, `after` said after its head."""
        if isinstance(e, A.HeldOption):   # a kind's option, each card's (`this`: the card)
            self.held_option(None, e, depth, after)
            return
        if isinstance(e, A.HeldModifier):   # a kind's, for every card of it
            self.visit_Modifier(e.modifier, depth, f"While a card of this kind is in {self.nouns(e.places)}{after}, ")
            return
        if isinstance(e, A.Reaction):
            self.reaction(e, depth, after)
            return
        when = f" and {self.x(e.when)}" if e.when is not None else ""
        rest = f", at most once until {self.event(e.rest, anyone=True)} (then again)" if e.rest is not None else ""
        if e.windows:   # `at NAME, ...`: the windows so named alone
            names = e.window_names
            at = f"the {' or the '.join(names)} window" + "".join(f" (`window {n};`)" for n in names[-1:])
            self.say(depth, f"It may be played at {at} alone{rest}, while this is in {self.nouns(e.places)}{when}"
                            f"{after}:")
        else:
            self.say(depth, f"At any window (`window;`){rest}, while this is in {self.nouns(e.places)}{when}, you may "
                            f"play it{after}:")
        self.block(e.body, depth + 1)

    def reaction(self, r: A.Reaction, depth: int, amended: str = "") -> None:
        """`whenever EVENT in ZONE [may ...]`: whose it is, when, and what it does."""
        t = r.trigger
        rest = f", at most once until {self.event(t.rest, anyone=True)} (then again)" if t.rest else ""
        when = f" and {self.x(r.when)}" if r.when is not None else ""
        when += f" and {self.words.force}" if self.words.force is not None else ""   # `in force while` (its trigger's)
        whose = "" if A.role_own(r) else " (each player, for their own copy)"   # a role's: its holder's alone
        self.say(depth, f"Whenever {self.event(t.pattern)}{rest}, while this is in {self.nouns(r.places)}{when}"
                        f"{whose}{amended}:")
        self.block(t.body, depth + 1)

    def role(self, d: A.Entity, depth: int) -> None:
        """A role (3.17): what its holder has that nobody else has, its own procs and funcs, then the rules
        it changes for its holder ("On the USSR's turn: ...")."""
        title = d.title or spoken(d.name)
        own = [n for n, r in self.symbols.role_of.items() if r == d.name]
        state = [n for n in own if self.symbols.category(n) in ("counter", "var", "zone")]
        rules = [n for n in own if self.symbols.category(n) in ("proc", "func")]
        def named(n: str) -> str:
            decl = self.symbols.decls[n]
            return f"{decl.title or spoken(n)} (a {CATEGORY[type(decl)]})"
        self.say(depth, f"The {title} has: {', '.join(map(named, state))}; no other player has them." if state else
                 f"The {title} has no state of its own.")
        if rules:
            self.say(depth, f"Its own rules, run for its holder: {', '.join(spoken(n) for n in rules)}.")
        declared = self.symbols.roles.get(d.name)
        apart = declared is not None and declared.hidden and not declared.known   # holders who know nobody
        if declared is not None and declared.shared:
            self.say(depth, f"A side: several players may hold the {title} at once, each with their own of its state; "
                     + ("none of them sees another's, nor who else holds it." if apart else
                        "what of it is hidden, each of them sees of the others', and no other player does"
                        + ("; its holders know each other." if declared.known else ".")))
        if declared is not None and declared.hidden:
            self.say(depth, f"Hidden: who holds the {title}, and its state, is seen by "
                            f"{'its holders alone, who see each other' if declared.known else 'its holder alone'}; "
                            "the other players see neither.")
        for e in d.effects:
            if isinstance(e, A.HeldOverride):
                self.held_override(d, e, depth)
            elif isinstance(e, A.HeldModifier):
                self.visit_Modifier(e.modifier, depth, f"For the {title}, ")
            elif isinstance(e, A.HeldOption):
                self.held_option(d, e, depth)
            elif isinstance(e, (A.Reaction, A.Anytime)):
                self.slot(e, depth)

    def held_override(self, d: A.Entity, h: A.HeldOverride, depth: int) -> None:
        """A card's `override func|proc NAME(...) in ZONE`: for whom, while when, and the rule as it reads
        then (its `base(...)` the rule as it was)."""
        decl = A.rewrite(h.decl, lambda n: replace(n, func=f"{h.func}.base")
                         if type(n) in (A.Call, A.CallStmt) and n.func == BASE else None)
        what = f"{CATEGORY[type(decl)]} {spoken(h.func)}({', '.join(p.name for p in decl.params)})"
        if d.kind == A.ROLE_KIND:   # a role's: its holder's rule
            title = d.title or spoken(d.name)
            self.say(depth, f"On the {title}'s {spoken(h.func)}:" if isinstance(decl, A.Proc) else
                     f"For the {title}, the {what} reads:")
            self.version(decl, depth + 1)
            return
        self.say(depth, f"While you hold {d.title or spoken(d.name)} in {self.nouns(h.places)}{self.held_while(d, h)}, "
                        f"the {what} reads, for you{self.effect_amended(d, h)}:")
        self.version(decl, depth + 1)

    def held_while(self, d: A.Entity, h: A.HeldOverride) -> str:
        """" and COND" for each condition a card's override holds under besides the card in its zone: the card's
        `in force while` (its own or its kind's), then the override's own `while` (`this` the card)."""
        conds = [c for c in (in_force_of(self.symbols, d) if self.symbols is not None else None, h.when)
                 if c is not None]
        return "".join(f" and {self.x(c)}" for c in conds)

    def held_option(self, d: "A.Entity | None", h: A.HeldOption, depth: int, after: str = "") -> None:
        """A card's `option in LABEL in ZONE "label" ...`: "Colony Ship, while in your tableau, adds to the
        choice labelled pay_world (proc pay_for_world): ...", then the option as the choose reads one."""
        o = h.option
        procs = [n for n, x in self.symbols.decls.items() if isinstance(x, A.Proc) and "." not in n and any(
            type(c) is A.Choose and c.open and c.stmt_label == h.choose for c in A.walk(x))]
        where = f" (proc {', '.join(map(spoken, procs))})" if procs else ""
        holder = "This card" if d is None else d.title or spoken(d.name)
        self.say(depth, f"{holder}, while in {self.nouns(h.places)}{after}, adds to the choice "
                        f"labelled {h.choose}{where}, for you:")
        guard = f" (only if {self.x(o.guard)})" if o.guard is not None else ""
        guard += self.option_marks(o)
        self.say(depth + 1, f"{capital(shown(o))}{guard}:")
        self.block(o.body, depth + 2)

    def held_rule(self, d, depth: int) -> bool:
        """A func or proc some cards change for their holder, read as one rule: the card declared last
        first (it is outermost), each card's version under "If you hold CARD in your ZONE", its
        `base(...)` the rule as the lines below read it, then "Otherwise:" the pack's version. False
        (nothing said) for one no card changes."""
        cards = getattr(self.symbols, "held", {}).get(d.name)
        if not cards:
            return False
        for i, (card, h, _version) in enumerate(reversed(cards)):
            version = A.rewrite(h.decl, lambda n: replace(n, func=f"{d.name}.below")
                                if type(n) in (A.Call, A.CallStmt) and n.func == BASE else None)
            if card.kind == A.ROLE_KIND:   # a role's version: its holder's
                self.say(depth, f"{'If' if i == 0 else 'Otherwise, if'} you are the {card.title or spoken(card.name)}"
                                f"{self.effect_amended(card, h)}:")
            else:
                self.say(depth, f"{'If' if i == 0 else 'Otherwise, if'} you hold {card.title or spoken(card.name)} in "
                                f"{self.nouns(h.places)}{self.held_while(card, h)}{self.effect_amended(card, h)}:")
            self.version(version, depth + 1)
        declared = as_declared(d, self.symbols)
        if isinstance(declared, A.Proc) and not declared.body:   # the pack's own version does nothing: say so
            self.say(depth, "Otherwise, nothing happens.")
            return True
        self.say(depth, "Otherwise:")
        self.version(declared, depth + 1)
        return True

    def version(self, d, depth: int) -> None:
        """A func's or proc's own reading, its resource and counter parameters read as such."""
        outer, returns, typed = self.words.held, self.returns, self.words.typed
        self.words.held = held_names(d)
        self.words.typed = {p.name: p.type for p in d.params}
        if isinstance(d, A.Func):
            self.func(d, depth)
        else:
            self.returns = d.returns   # `return none;` of a proc giving a member reads "nothing"
            if d.once_per:   # "At most once per city in one chain: ..."
                types = {p.name: p.type for p in d.params}
                what = " and ".join(singular(self.noun(types[n])) if types.get(n) and self.words.decl(types[n])
                                    is not None else n for n in d.once_per)
                self.say(depth, f"At most once per {what} in one chain: a call of {d.name} made while another runs "
                         f"(the chain's first) is skipped for a {what} the chain has visited already.")
            self.block(d.body, depth)
        self.words.held, self.returns, self.words.typed = outer, returns, typed

    def nouns(self, places: tuple) -> str:
        """`your hand`, `your hand or graveyard`: the zones of a card's reaction or `anytime` slot; `your row
        (wetland)` an element of an indexed zone, `any of your rows` an indexed zone named alone."""
        def one(place) -> str:
            if type(place) is A.Index:
                return f"{self.noun(place.obj.id)} ({self.x(place.index)})"
            if getattr(self.words.decl(place.id), "indexes", None) is not None:
                return f"any of your {plural(self.noun(place.id))}"
            return self.noun(place.id)
        if len(places) == 1 and type(places[0]) is A.Name and places[0].id == A.ROLE_ZONE:   # a role's own slot
            return "your role (you hold it)"
        return "your " + " or ".join(map(one, places)) if type(places[0]) is not A.Name or \
            getattr(self.words.decl(places[0].id), "indexes", None) is None else " or ".join(map(one, places))

    def effect_amended(self, d: A.Entity, e: A.FieldEffect) -> str:
        """` (amended by FILE:L:C)` after an effect an `amend` of the entity wrote (one written outside
        the entity's declaration), `, keeping the base's` when its `base();` runs the one it replaced."""
        inside = e.span.file == d.span.file and \
            (d.span.line, d.span.column) <= (e.span.line, e.span.column) <= (d.span.end_line, d.span.end_column)
        return "" if inside or not e.span.line else f" (amended by {e.span}{self.kept(e)})"

    def visit_Track(self, d, depth: int) -> None:
        if d.is_global:
            self.say(depth, "One marker for all players: whoever moves it gets the benefit of the space it enters "
                     "(and any reward of reaching one first).")
        if d.scale is not None and d.top():
            low, high, step = d.scale
            self.say(depth, f"Its {d.top()} spaces print {d.printed(1)} to {high}, in steps of {abs(step)}"
                     f"{' down' if step < 0 else ''}; the start prints {low}"
                     + ("; the spaces not listed give nothing." if len(d.spaces) < d.top() else "."))
        elif d.prints is not None and d.top():
            self.say(depth, f"Its {d.top()} spaces print {', '.join(map(str, d.prints[1:]))}; the start prints "
                     f"{d.prints[0]}" + ("; the spaces not listed give nothing." if len(d.spaces) < d.top() else "."))
        for sp in d.spaces:
            self.space(sp, depth, d)
        for r in d.reaches:
            change = next((("added" if old is None else "amended") for _t, new, old in
                           getattr(self.symbols, "amended_spaces", ()) if new is r), None)
            marked = f" ({change} by {r.span}{self.kept(r)})" if change else ""
            self.say(depth, f"The first player to reach space {r.position}{marked}:")
            self.block(r.body, depth + 1)

    def space(self, sp: A.Space, depth: int, track: Optional[A.Track] = None) -> None:
        """One space of a track: its heading (and the amend that made it so), benefit and bonus."""
        title = f" (“{sp.title}”)" if sp.title else ""
        if track is not None and (track.scale is not None or track.prints is not None) and 1 <= sp.position <= track.top():
            title = f", printed {track.printed(sp.position)}{title}"
        tier = f", level {sp.tier}" if sp.tier else ""
        cost = f", costing {self.cost(sp.cost)} to enter" if sp.cost else ""
        amended = any(new is sp for _t, new, _old in getattr(self.symbols, "amended_spaces", ()))
        amended = f" (amended by {sp.span}{self.kept(sp)})" if amended else ""
        self.say(depth, f"Space {sp.position}{title}{tier}{cost}{amended}" + (":" if sp.body or sp.bonus else "."))
        self.block(sp.body, depth + 1)
        if sp.bonus:
            self.say(depth + 1, f"Bonus: you may pay {self.cost(sp.bonus_cost)} to:" if sp.bonus_cost else "Bonus:")
            self.block(sp.bonus, depth + 2)

    def visit_Proc(self, d, depth: int) -> None:
        if not self.held_rule(d, depth):
            self.version(d, depth)

    def visit_Shortfall(self, d, depth: int) -> None:
        """`shortfall RES { raise by { ... } else { ... } }`: when a payment of RES is more than its payer holds."""
        res = self.noun(d.resource)
        holder = shortfall_holder(self.symbols, d.resource) if self.symbols is not None else None
        on_card = holder not in (None, "player", "zone")
        if holder == "zone":   # a cost term of cards paid from the zone (Game._raised_cards)
            self.say(depth, f"When you must pay more cards from {res} than it holds:")
            self.say(depth + 1, "(The cards owed, with those of the zone the payment may not take, are the debt; "
                                "the cards still lacking are missing.)")
        elif on_card:   # a stock cards hold: paid off the card (the holder), to the bank (resolve.card_shortfall_of)
            self.say(depth, f"When a card must pay more {res} than it holds:")
            self.say(depth + 1, "(The card is the holder, the payment the debt, what it lacks missing; you are the "
                                "player paying from it, and it pays the bank.)")
        else:
            self.say(depth, f"When you must pay more {res} than you have:")
            self.say(depth + 1, "(A payment to a player or to the bank: the payment is the debt, what you lack is "
                                "missing, and the player paid is the creditor, nobody for the bank.)")
        amends = [a for a, _old in getattr(self.symbols, "amended_shortfalls", ()) if a.resource == d.resource]
        if d.options:
            guard = f" while {self.x(d.guard)}" if d.guard is not None else ""
            guard += "".join(f" (amended by {a.span})" for a in amends if a.guard is not None)
            self.say(depth + 1, f"You raise what is missing{guard}, one of these at a time, until the debt is "
                                "covered, none is open or one raises nothing (you may not stop before):")
            self.visit_Choose(A.Choose(None, d.options, span=d.span), depth + 2)
        self.say(depth + 1, "Covered, you pay the debt.")
        if holder == "zone":
            self.say(depth + 1, ("Otherwise" + (":" if d.otherwise else ", you pay every card the payment may take, "
                                                "and the rest of the debt is forgiven.")))
            self.block(d.otherwise, depth + 2)
            if d.otherwise:
                self.say(depth + 1, "Then you pay every card the payment may take; the rest of the debt is forgiven.")
            return
        self.say(depth + 1, (f"Otherwise the holder pays all its {res} to the bank" if on_card else
                             f"Otherwise you pay all your {res} to the creditor (or the bank)") +
                 (", then" if d.otherwise else ", and the rest of the debt is forgiven") +
                 "".join(f" (amended by {a.span}{KEEPING if a.else_span in self.symbols.kept_base else ''})"
                         for a in amends if a.otherwise is not None) + (":" if d.otherwise else "."))
        self.block(d.otherwise, depth + 2)

    def visit_Func(self, d, depth: int) -> None:
        if not self.held_rule(d, depth):
            self.version(d, depth)

    def func(self, d, depth: int) -> None:
        value = d.value
        if type(value) is A.LetIn:   # its lets read as a proc's ("Let r be ..."), in order, then the value
            for s in value.lets:
                self.visit_Let(s, depth)
            value = value.value
        read = value.value if type(value) is A.After else value   # `n > 2 after bump(k)`: a condition read later
        condition = (isinstance(read, A.Binary) and read.op in (*COMPARISONS, "and", "or")) or \
            isinstance(read, A.Unary) and read.op == "not" or \
            isinstance(read, A.Aggregate) and read.op in ("some", "every")
        self.say(depth, ("True when " if condition else "Equals ") + self.x(value) + ".")
        for match in (n for n in A.walk(value) if type(n) is A.Match):   # the cases an amend changed
            self.cases_amended(match, depth)
        if d.shown is not None:   # `shown "Title"`: every player's screen shows it, worked out for them
            self.say(depth, f"Every player's screen shows it as “{d.shown}”.")

    def visit_Game(self, d, depth: int) -> None:
        seats = d.min_players if d.min_players == d.max_players else f"{d.min_players} to {d.max_players}"
        self.say(depth, f"For {seats} players.")   # ("for 2 players", as play's E510 says it)
        symbols = self.words.symbols
        options = [o for o in symbols.decls.values() if isinstance(o, A.Setting)] if symbols is not None else []
        if options:   # the numbers chosen as the game is made, which its setup may read
            self.say(depth, "Chosen before play: " + "; ".join(self.option_text(o) for o in options) + ".")
        if d.seat_names:   # `seats ... named "White", "Black";`
            self.say(depth, f"The seats, in order: {_either([n.value for n in d.seat_names], 'and')}.")
        if d.teams:   # `seats ... teams 2 alternating;`
            self.say(depth, _teams_text(d.teams))
        if d.roles:   # `seats ... roles a, b, c [at random|shuffled];`
            roles = symbols.roles if symbols is not None else {}
            self.say(depth, _seat_roles_text(d, [getattr(roles.get(r.id), "title", None) or r.id for r in d.roles]))
        named = d.named_phases()
        for phase, heading in (("setup", "Setup"), ("play", "Play"), ("final", "At the end of the game")):
            if getattr(d, phase):   # a phase the game does not have is not read as an empty heading
                self.say(depth, f"{heading}:")
                self.block(getattr(d, phase), depth + 1)
            if phase == "play":   # the game's named phases, in the order they run, each once
                for i, p in enumerate(named):
                    after = named[i - 1].name if i else "play"
                    self.say(depth, f"Then phase {p.name} (after {after}, once)" + (":" if p.body else
                                                                                    ": no steps of its own."))
                    self.block(p.body, depth + 1)
        if d.winner is not None:
            w = d.winner
            def ranked(key) -> str:   # "the most points", "the most cards in your hand" (not "the most the number of")
                if type(key) is A.Call and not key.args and isinstance(self.words.decl(key.func), A.Func):
                    return spoken(key.func)   # a func's value by its name: "the most path length"
                return self.x(key).removeprefix("your ").removeprefix("the number of ")
            if w.together:
                score = f"the team's score is {self.x(w.score)}" if w.score is not None else ""
                if w.cond is None:   # `winner together score EXPR;`: a score, nobody wins or loses
                    self.say(depth, f"A cooperative game, scored and not won or lost: when the game ends, {score}.")
                    return
                self.say(depth, f"A cooperative game: all the players win together if {self.x(w.cond)} when "
                         "the game ends, and all lose otherwise" + (f"; won or lost, {score}" if score else "") + ".")
                return
            ties = "".join(f", then the {w.order(i)} {ranked(t)}" for i, t in enumerate(w.tiebreaks, 1))
            team = {True: ", its members' added up", "once": ", read once for each team (its first member's: a value "
                    "its members share)"}.get(w.by_team, "")
            self.say(depth, f"The winner is the {'team' if w.by_team else 'player'} with the {w.order(0)} {ranked(w.key)}{team}"
                     + (f" (ties broken by {ties[7:]})" if ties else "")
                     + (f", but only if {self.x(w.cond)} when the game ends: otherwise "
                        f"{'the game is a draw' if w.draw else 'nobody wins'}" if w.cond is not None else "")
                     + ("; when no single player has it (a tie), the game is a draw" if w.draw else "")
                     + ("; every member of the winning team wins" if w.by_team else "") + ".")
        else:   # every ending names its outcome (4.24b): the checker refuses a game that could end otherwise (E641)
            team = " (a team wins or loses whole)" if d.teams else ""
            self.say(depth, "No winner line: nothing is scored, and the game is won and lost only where it ends at once "
                            f"('end game won by' or 'lost by', or drawn by 'end game drawn'), which names the outcome{team}.")

    def visit_Die(self, d, depth: int) -> None:
        for i, f in enumerate(d.faces, start=1):
            shows = f", showing {self.x(f.value)}" if f.value is not None else ""
            # a face that only shows its value ends its line: nothing follows a colon
            self.say(depth, f"Face {i}" + (f" (“{f.title}”)" if f.title else "") + shows
                     + (":" if f.body else ("." if shows else ": nothing happens.")))
            self.block(f.body, depth + 1)

    def visit_Group(self, d, depth: int) -> None:
        members = _either([plural(self.noun(m)) for m in d.members], "and")
        self.say(depth, f"{capital(members)} share one stock of at most {self.cap(d.cap)}." if d.cap is not None else
                 f"{capital(members)}: a group of resources, for costs that take any of them (no cap).")

    def visit_Enum(self, d, depth: int) -> None:
        titles = d.titles or (None,) * len(d.members)
        self.say(depth, f"One of: {_either([_member_words(m, t) for m, t in zip(d.members, titles)], 'or')}.")
        if d.fields:   # the members' data: what each holds, then each member's values
            self.say(depth, f"Each holds {_either([self.field_words(f) for f in d.fields], 'and')}, fixed here: "
                     + "; ".join(f"{spoken(m)} {self.member_values(d, m)}" for m in d.members) + ".")

    def member_values(self, d: A.Enum, member: str) -> str:
        """A member's values of its enum's fields, in the fields' order (a default where it gives none):
        "dx 0 and dy -1"."""
        given = {v.name: v.value for v in d.values_of(member)}
        return _either([f"{spoken(f.name)} {self.grid(given[f.name]) if f.index is not None and f.name in given else self.x(given.get(f.name, f.default)) if f.name in given or f.default is not None else '?'}"
                        for f in d.fields], "and")

    def grid(self, value) -> str:
        """A grid's values as the card prints them, a row after another: "(0 0 1 / 5 0 4)"; a record of one field's
        a list in order, "(3 5 8)"."""
        if not isinstance(value, A.ListLit):
            return self.x(value)
        rows = [" ".join(map(self.grid, r.items)) if isinstance(r, A.ListLit) else self.x(r) for r in value.items]
        return "(" + (" / " if any(isinstance(r, A.ListLit) for r in value.items) else " ").join(rows) + ")"

    def field_words(self, f: A.FieldDecl) -> str:
        """A record's or an enum's field as read: "row (a number from 1 to 5)", "tiebreak (a number, 0 unless given)"."""
        kind = f"a list of {plural(type_noun(f.of, lambda t: singular(self.noun(t))))}" if f.of is not None else \
            f"a number from {f.within[0]} to {f.bound}, the option chosen for each game: at most {f.within[1]}" \
            if f.bound is not None and f.within is not None else \
            f"{article_of(spoken(f.type))}, among the first {f.bound} (the option chosen for each game)" \
            if f.bound is not None else \
            f"a number from {f.within[0]} to {f.within[1]}" + (f", going round: {f.within[0]} follows {f.within[1]}"
                                                                if f.around else "") if f.within is not None else \
            {"int": "a number", "bool": "true or false", "str": "a text"}.get(f.type) or \
            article_of(spoken(f.type))
        if f.index is not None:   # an enum's grid: a value per cell of a record, written row by row
            kind = f"{kind} for each {spoken(f.index)}, written row by row"
        return f"{spoken(f.name)} ({kind}" + (f", {'empty' if f.default == A.ListLit(()) else self.x(f.default)} unless given" if f.default is not None
                                              else "") + ")"

    def visit_Amend(self, d, depth: int) -> None:
        """An amend of an enum's members (the other amends are read in what they amend)."""
        for m in d.items:
            if not isinstance(m, A.EnumMember):
                continue
            member, enum = _member_words(m.name, m.title), spoken(d.name)
            added = self.symbols.member_spans.get(m.name) if self.symbols is not None else None
            holds = f", holding {_either([f'{spoken(v.name)} {self.x(v.value)}' for v in m.values], 'and')}" \
                if m.values else ""
            if m.title is None and m.values and (added is None or (added.file, added.line, added.column) !=
                                                 (m.span.file, m.span.line, m.span.column)) and self.symbols is not None:
                self.say(depth, f"Gives {spoken(m.name)} of {enum} new values{holds[len(', holding'):] and ':' + holds[len(', holding'):]}.")
            elif m.title is None or added is not None and (added.file, added.line, added.column) == \
                    (m.span.file, m.span.line, m.span.column):   # the member this item added
                self.say(depth, f"Adds {member} at the end of {enum}{holds}.")
            elif self.symbols is None:   # without the pack, whether it is new is not known
                self.say(depth, f"{capital(member)}: added at the end of {enum}, or given this title if it is "
                         "already one of them.")
            else:
                self.say(depth, f"Shows {spoken(m.name)} of {enum} as “{m.title}”.")

    def visit_Event(self, d, depth: int) -> None:
        about = f", about {_either([spoken(p.name) for p in d.params], 'and')}" if d.params else ""
        self.say(depth, f"Something that happens in the game{about}, which triggers can wait for.")
        decls = self.symbols.decls.values() if self.symbols is not None else ()
        fields = [f"the {spoken(f.name)} of {plural(self.words.noun(k.name))}" for k in decls if isinstance(k, A.Kind)
                  for f in k.fields if f.tag is not None and f.tag.action == d.name]
        if fields:   # `cost: int for costs;` (7.7f)
            self.say(depth, f"Its modifiers' value lines adjust {_either(fields, 'and')} wherever it is read.")

    def visit_Kind(self, d, depth: int) -> None:
        slots = [spoken(f.name) + (f" (given {_either([f'{spoken(p.name)} ({p.type})' for p in f.params], 'and')} "
                                   "by whoever runs it)" if f.params else "") for f in d.fields if f.type == "effect"]
        data = [spoken(f.name) + (f" (one for each number {range_words(*f.index_range, None)})" if f.index_range
                                  is not None else f" (one for each {singular(self.noun(f.index))})" if f.index is not None else "")
                + (f" (a list of {plural(singular(self.noun(f.of)))})" if f.of is not None and f.held is None else "")
                + ((f" (a pile of {plural(singular(self.noun(f.of)))} the card holds, empty at first"
                    + (", face down: only how many is seen" if f.held == "secret" else "") + ")")
                   if f.held is not None else "")
                + (" (worked out for the player reading it, by each one's rule"
                   + (f", else {self.x(f.default)}" if f.default is not None else "") + ")" if f.computed else "")
                + (" (seen by every player even while the card's face is hidden)" if f.shown else "")
                + self.words.adjusted_field(f)
                + ((" (tokens the card holds, " + (f"at most {self.x(f.cap)}, " if f.cap is not None else "")
                    + ("none at first" if f.default == A.Int(0) else f"{self.x(f.default)} at first") + ")")
                   if f.stock else "")
                for f in d.fields if f.type != "effect"]
        self.say(depth, capital(plural(self.noun(d.name))) + (" (each player has their own)" if d.per_player else "")
                 + (f" have {_either(data, 'and')}" if data else "")
                 + (f"{' and' if data else ''} the effects {_either(slots, 'and')}" if slots else "") + ".")
        if d.shows is not None:   # `shows FIELD, ...;`: what the screen shows after each card
            self.say(depth, f"The players' screens show each {singular(self.noun(d.name))}'s "
                     f"{_either([spoken(n) for n in d.shows.names], 'and')} after it.")
        if d.in_force:
            self.say(depth, f"Each {singular(self.noun(d.name))} is in force only while {self.x(d.in_force[0])} (unless "
                     "it says its own): its reactions, modifiers, overrides, anytime slots and options hold only then, "
                     "worked out at each use.")
        outer, self.words.force = self.words.force, self.x(d.in_force[0]) if d.in_force else None
        try:
            if d.slots:
                self.say(depth, f"Every {singular(self.noun(d.name))} has these (unless it writes its own):")
            for slot in d.slots:
                self.slot(slot, depth + 1)
        finally:
            self.words.force = outer
        self.removed(d, depth, ("decl", d.name))

    def visit_Record(self, d, depth: int) -> None:
        self.say(depth, f"{capital(article_of(spoken(d.name)))} is a value made of {_either([self.field_words(f) for f in d.fields], 'and')}: "
                 f"built by naming its fields, read by name, never changed once built; two are equal when all "
                 f"their fields are.")
        if d.title is not None:   # `"r{row}c{col}"`: each field's value in its place
            shown = "".join(p if isinstance(p, str) else f"[{spoken(p.id)}]" for p in d.title_parts or (d.title,))
            self.say(depth, f"{capital(article_of(spoken(d.name)))} reads as \"{shown}\" in texts and options.")
        if d.shape is not None:   # `where COND;`: the values kept, as every domain, board and neighbour sees them
            kept, _odd = record_shape(d, self.symbols)
            many = f" ({len(kept)} of them)" if kept is not None else ""
            self.say(depth, f"Only the values where {self.x(d.shape)} are {plural(spoken(d.name))}{many}: going over "
                     f"every {spoken(d.name)}, a board keyed by {plural(spoken(d.name))} and the neighbours of one "
                     "see no other.")

    def visit_Zone(self, d, depth: int) -> None:
        if d.indexes is not None:
            self.say(depth, f"{'Each player has one zone' if d.per_player else 'One shared zone'} "
                     f"{_indexed_by(d.indexes)}, holding {' or '.join(plural(self.noun(k)) for k in d.kinds)}.")
        else:
            self.say(depth, f"{'Each player has one' if d.per_player else 'One shared zone'}, "
                     f"holding {' or '.join(plural(self.noun(k)) for k in d.kinds)}.")
        if d.visibility in VISIBILITY_WORDS:   # a public zone (the default) goes without saying
            self.say(depth, VISIBILITY_WORDS[d.visibility])
        elif d.faces is not None:   # `seen by side`, `hidden from holder`: item by item
            words, field = d.faces
            who = "only the player" if words == "seen by" else "every player but the one"
            self.say(depth, f"Face down item by item: {who} its {spoken(field)} names sees an item's face (once "
                     f"revealed, everyone); everyone sees where each item lies and whose it is, and what a player "
                     f"learnt of an item stays known while it moves from one such zone to another.")
        if d.top_public:
            self.say(depth, "Every player sees its top card.")
        if d.size_owner:
            self.say(depth, "Only its owner may count its cards.")
        if d.refills is not None:
            source = self.words.decl(d.refills)   # without symbols: the deck holder's own, as most are
            whose = "the shared " if source is not None and not source.per_player else \
                "its owner's " if d.per_player else ""
            times = {1: "once", 2: "twice"}.get(d.refill_limit, f"{d.refill_limit} times")
            limit = "" if d.refill_limit is None else f" This happens at most {times}; after that it simply runs out."
            self.say(depth, f"When a draw runs it out, {whose}{self.noun(d.refills)} is shuffled to form a new "
                     f"one and the draw goes on.{limit}")
        if d.show is not None:   # a display that keeps itself filled (an indexed one: one sentence for all)
            cards = plural(self.noun(d.kind)) if d.show != 1 else singular(self.noun(d.kind))
            each = "In each, " if d.indexes is not None else ""
            self.say(depth, f"{each}{d.show} {cards} lie face up, laid out by “fill {d.name}” and refilled at once "
                     f"from {self.x(d.show_from)}{_same_index(d.show_each)}: after each rule that takes one, the gap "
                     f"is filled (a source run out leaves it short).")
            if d.redeal_to is not None:
                self.say(depth, f"After a refill (and when laid out), if {self.x(d.redeal_when)}, all {d.show} go to "
                         f"{self.x(d.redeal_to)}{_same_index(d.redeal_each)} and {d.show} new ones are laid out, again "
                         f"while it holds; it stops when as many cards have come up as the source and its refill pile "
                         f"held: the cards left cannot avoid it.")
        if d.cap is not None and d.over is not None:   # a hand limit, read as a resource's `over`
            most = f"as many cards as {self.cap(d.cap)}" if isinstance(d.cap, A.Name) else f"{self.x(d.cap)} cards"
            self.say(depth, f"It holds at most {most}: once a rule that puts cards into it is done, "
                     f"a player holding more runs “{spoken(d.over.id)}” with the number of cards over.")

    def visit_Actor(self, d, depth: int) -> None:
        self.say(depth, "A neutral actor with its own stocks and counters" + (
            f", named {d.title!r} in prompts, messages and the trace." if d.title is not None else "."))

    def visit_Variant(self, d, depth: int) -> None:
        self.say(depth, f"An optional rule, in play when the game is started with the {spoken(d.name)} variant"
                 + (f", which may be chosen only if {self.x(d.when)}." if d.when is not None else "."))

    def option_text(self, d) -> str:
        """`option handicap "Handicap stones": 0..9 = 0;` as "Handicap stones (handicap), 0 to 9: 0 unless
        the game is started with --option handicap=N"."""
        values = _either([str(v) for v in d.values], "or") if d.values else f"{d.low} to {d.high}"
        sized = [(r.name, [f for f in r.fields if f.bound == d.name]) for r in self.symbols.decls.values()
                 if isinstance(r, A.Record)] if self.symbols is not None else []
        sizes = "; ".join(f"a {spoken(name)}'s {_either([spoken(f.name) for f in fields], 'and')} "
                          f"{'each ' if len(fields) > 1 else ''}from {fields[0].within[0]} to it"
                          if len({f.within[0] if f.within is not None else None for f in fields}) == 1
                          and fields[0].within is not None else
                          f"a {spoken(name)}'s " + _either([f"{spoken(f.name)} from {f.within[0]}" if f.within is not None
                                                            else f"{spoken(f.name)} among the first {d.name} {spoken(f.type)}s"
                                                            for f in fields], "and")
                          + " to it" for name, fields in sized if fields)
        return (f"{d.title or spoken(d.name)} ({d.name}), {values}: {d.default} unless the game is "
                f"started with --option {d.name}=N" + (f" ({sizes})" if sizes else ""))

    def visit_Const(self, d, depth: int) -> None:
        self.say(depth, f"A number fixed by the rules, the same in every game ({d.name}), read by its name: "
                 f"{self.x(d.value)}.")

    def visit_Table(self, d, depth: int) -> None:
        dims = d.index.dims()
        if dims[0].edge:   # `table wall[edge of square]: bool = [edge(a, b), ...]`: the sides it lists hold
            self.side_table(d, depth)
            return
        tops = self.symbols.table(d.name).tops or (None,) * len(dims)
        each = []
        for x, top in zip(dims, tops):
            enum = self.words.decl(x.enum) if x.enum is not None else None
            named = spoken(x.name) if x.name else spoken(x.enum) if x.enum else "number"
            ends = f"from {A.number_text(x.low, False)} to {x.high if top is None else top}" + (
                "" if top is None else f" (the last also for every {named} past {top})")
            each.append(f"{named} ({_either([spoken(m) for m in enum.members], 'or')})" if isinstance(enum, A.Enum)
                        else named if x.enum else f"{named} {ends}")
        kind = {"int": "whole number", "str": "text", "bool": "condition (true or false)"}.get(d.type) \
            or singular(self.words.noun(d.type))
        by = "" if len(dims) == 1 else f", a row for each {each[0].split(' ')[0]}"
        self.say(depth, f"A table printed in the rules, the same in every game and never changed: one {kind} for each "
                 f"{_either(each, 'and')}{by}, read as {d.name}[{', '.join(x.name or x.enum or 'n' for x in dims)}]: "
                 f"{self.grid(folded(d.value))}.")

    def side_table(self, d, depth: int) -> None:
        """A table of a board's sides: the sides it lists, each by its cells' title (`c3|c4`), as a screen shows them."""
        record = self.symbols.decls.get(d.index.enum)
        titles = {m: t for e in self.symbols.decls.values() if isinstance(e, A.Enum)
                  for m, t in zip(e.members, e.titles or ()) if t}
        listed = [edge_label(tuple(tuple(c.fields.values()) for c in pair), record, titles)
                  for pair, holds in self.symbols.table(d.name).cells.items() if holds]
        self.say(depth, f"A table printed in the rules, the same in every game and never changed: one condition "
                 f"{_indexed_by(d.index)}, true on the sides it lists and false on every other, read as "
                 f"{d.name}[edge(a, b)]: {', '.join(listed) or 'none listed'}.")

    def visit_Setting(self, d, depth: int) -> None:
        self.say(depth, f"A number chosen for each game, read by its name in the rules: {self.option_text(d)}.")

    def visit_Extern(self, d, depth: int) -> None:
        gives = f" and gives a value ({d.returns})" if d.returns else ""
        self.say(depth, f"Worked out by the game engine (a kernel of the runtime){gives}.")

    def cap(self, cap) -> str:
        """A resource's or group's cap: a number, or "your ..." for the per-player counter it names."""
        return f"your {self.noun(cap.id)}" if isinstance(cap, A.Name) else self.x(cap)

    def visit_Resource(self, d, depth: int) -> None:
        self.say(depth, f"{capital(plural(self.noun(d.name)))}: a stock each player keeps"
                 + (f", at most {self.cap(d.cap)}" if d.cap else "") + ".")
        if d.over is not None and d.cap is not None:
            self.say(depth, f"What a gain brings over it is not lost: “{spoken(d.over.id)}” is run with the number "
                     f"of {plural(self.noun(d.name))} that do not fit.")
        if d.supply is not None and d.overdraw:
            self.say(depth, f"They come from a supply ({self.x(d.supply)}): gaining takes from it, even past empty "
                     f"(it then counts what was taken beyond it), and losing, paying and discarding put them back.")
        elif d.supply is not None:
            self.say(depth, f"They come from a limited supply ({self.x(d.supply)}): gaining takes from it (what it "
                     f"lacks is not gained), and losing, paying and discarding put them back.")

    def visit_Counter(self, d, depth: int) -> None:
        bounds = (f", from {self.x(d.low) if d.low else 0} to {self.x(d.high)}" if d.high is not None else "")
        if seated(d):   # worked out from the seats: per number of them where known
            bounds += f", starting at {self.seated_start(d.start)}"
        elif d.start is not None:
            bounds += f", starting at {self.x(d.start)}"
        elif _below_zero(d.low):   # starting below 0: say it
            bounds += f", starting at {self.x(d.low)}"
        if d.signed:   # no bounds, below zero too
            bounds += ", with no bounds: it may go below zero"
        one = ("a shared counter" if d.is_global else "a counter each player keeps")
        if d.indexes is not None:
            one = ("shared counters" if d.is_global else "counters each player keeps") + " " + _indexed_by(d.indexes)
        self.say(depth, f"{capital(self.noun(d.name))}: {one}{bounds}.{_kept(d)}")
        self.frame(d, depth + 1)
        if d.per is not None:   # `per turn`: back to its start at the end of each call (round)
            label = self.symbols is not None and d.per not in self.symbols.of("proc")
            end = f"each round of the loop labelled {d.per}" if label else f"each call of “{spoken(d.per)}”"
            whose = "" if d.is_global else ", every player's"
            self.say(depth + 1, f"It goes back to its start at the end of {end}{whose} (nothing is "
                                f"gained or lost: what is left is gone).")
        for b in d.elements:   # one element's own bounds (or start), the others the counter's
            low, high, start = d.bounds_of(b.key)
            own = [f"from {self.x(low) if low is not None else 0}" if b.low is not None else "",
                   f"to {self.x(high)}" if b.high is not None else "",
                   f"starting at {self.x(start)}" if b.start is not None else ""]
            self.say(depth + 1, f"Except {self.noun(d.name)} {b.key}: {', '.join(w for w in own if w)}.")
        if d.supply is not None:   # a global counter's bank
            per = f" for each {spoken(d.supply_per.id)}" if d.supply_per is not None else ""
            self.say(depth, f"They come from a limited supply ({self.x(d.supply)}{per}): gaining takes from it, and "
                     "losing and paying put them back. " + (
                         f"When it cannot pay a gain, what it has is gained, then “{spoken(d.short.id)}” is run with "
                         + (f"the {spoken(d.supply_per.id)} and " if d.supply_per is not None else "") + "the number missing."
                         if d.short is not None else "What it lacks is not gained."))

    def seated_start(self, start) -> str:
        """A start worked out from the seats in words: "75 with 3 players, 100 with 4, 122 with 5" for the
        seats of the pack's game where each is known, else the expression read out ("12 times the number of
        players")."""
        game = self.symbols.game if self.symbols is not None else None
        seats = range(game.min_players, game.max_players + 1) if game is not None else range(0)
        values = [at_seats(start, n, self.symbols) for n in seats]
        if not values or any(type(v) not in (int, bool, str) for v in values):
            return self.x(start)
        values = [("true" if v else "false") if type(v) is bool else self.x(A.Name(v)) if type(v) is str else v
                  for v in values]
        if len(set(values)) == 1:
            return f"{values[0]} (with {seats[0]} to {seats[-1]} players)" if len(values) > 1 else \
                f"{values[0]} (with {seats[0]} players)"
        return ", ".join(f"{v} with {n}" + (" players" if i == 0 else "")
                         for i, (n, v) in enumerate(zip(seats, values)))

    def visit_Var(self, d, depth: int) -> None:
        start = f", starting as {self.seated_start(d.default)}" if seated(d) else \
            f", starting as {self.x(d.default)}" if d.default is not None else ""
        holds = {"bool": "true or false", "player": "a player", "str": "a text", "track": "a track",
                 "resource": "a resource"}.get(d.type, f"a {spoken(d.type)}")
        if d.type.startswith("list of "):   # a list of values (3.3a): "starting empty", not "as none"
            holds = f"a {type_noun(d.type, lambda t: singular(self.noun(t)))}"
            if d.default is None or d.default == A.ListLit(()):
                start = ", starting empty"
            elif type(d.default) is A.ListLit:   # "starting with red and blue"
                start = f", starting with {self.x(d.default)}"
        if d.indexes is not None:
            one = ("shared values" if d.is_global else "values each player keeps") + " " + _indexed_by(d.indexes)
            holds = f"each {holds}"
        else:
            one = "one value for the game" if d.is_global else "a value each player keeps"
        kept = _kept(d)
        if d.remembered is not None:   # (3.3b)
            kept += (" Remembered: the game keeps every position it has had at a decision"
                     + (f", with the other parts of the {spoken(d.remembered)}" if d.remembered != d.name else "") + ".")
        self.say(depth, f"{capital(self.noun(d.name))}: {one}, holding {holds}{start}.{kept}")
        self.frame(d, depth + 1)

    def frame(self, d, depth: int) -> None:
        """A range numbered from each side (`numbered t as (...)`, 3.3): which of the board's numbers each
        seat's run through, as the checker worked them out."""
        ix = d.indexes
        table = self.symbols.frames.get(d.name) if self.symbols is not None and ix is not None else None
        if not table:
            return
        game = self.symbols.game
        names = [n.value for n in game.seat_names] if game is not None and game.seat_names else ()
        seats = range(1, (game.max_players if game is not None else max(table)) + 1)
        own = "; ".join(f"{names[s - 1] if s <= len(names) else f'seat {s}'}'s {ix.low} to {ix.high} are the "
                        f"board's {_runs([table[s][t] for t in range(ix.low, ix.high + 1)])}" for s in seats if s in table)
        self.say(depth, f"Numbered from each player's side: a number in a rule is the acting player's own; "
                        f"{own}. Another player's "
                        f"{self.noun(d.name)} at {ix.frame_var} are read at the acting player's {ix.frame_var}; the "
                        "trace and the screens show the board's numbers.")


def _kept(d) -> str:
    """The sentence a variable's or counter's `internal` or `hidden` adds to its reading (none without)."""
    return " Bookkeeping: no player's screen shows it." if d.internal else \
        " Hidden: only the player who keeps it sees it." if d.hidden else ""


# who sees a hidden or secret zone's contents (docs/language.md, "Who sees a zone")
VISIBILITY_WORDS = {
    "hidden": "Hidden: only its owner sees what it holds, the others see how many items it holds.",
    "secret": "Secret: nobody sees what it holds, its owner neither, but everyone sees how many items it holds.",
    "hidden from owner": "Hidden from its owner: every other player sees what it holds, its owner sees only how "
                         "many items it holds.",
}


def _member_words(member: str, title) -> str:
    """An enum member and the title it is shown by: "duke (shown “The Duke”)"."""
    return spoken(member) + (f" (shown “{title}”)" if title else " (shown as no text)" if title == "" else "")


def _same_index(ix: Optional[A.Indexes]) -> str:
    """" of the same level", " of the same number": an indexed display's source (or pile) of each element's index."""
    if ix is None:
        return ""
    return " of the same " + " and ".join(spoken(d.enum) if d.enum is not None else "number" for d in ix.dims())


def _runs(numbers: list) -> str:
    """Numbers in order as their runs: `1 to 24`, `24 down to 1`, `14 to 52, then 1 to 13`."""
    runs = []
    for n in numbers:
        if runs and len(runs[-1]) == 1 and abs(n - runs[-1][0]) == 1 or \
                runs and len(runs[-1]) > 1 and n - runs[-1][-1] == runs[-1][1] - runs[-1][0] and abs(n - runs[-1][-1]) == 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    said = [str(r[0]) if len(r) == 1 else f"{r[0]} {'to' if r[1] > r[0] else 'down to'} {r[-1]}" for r in runs]
    return said[0] if len(said) == 1 else ", then ".join(said)


def range_words(low: int, high: int, bound: Optional[str]) -> str:
    """"from 1 to 5", or for a range up to an option "from 1 to size (the option chosen for each game, at most 9)"."""
    if bound is None:
        return f"from {low} to {high}"
    return f"from {low} to {bound} (the option chosen for each game, at most {high})"


def _indexed_by(ix: A.Indexes) -> str:
    """"for each floor" or "for each number from 1 to 7": what an indexed declaration has one of; a grid
    "for each number from 1 to 5 and each colour", "for each number from 1 to 15, each number from 1 to
    15 and each side", "for each pair (triple) of numbers from 1 to 5" when its indexes are alike."""
    dims = ix.dims()
    if ix.edge:   # `[edge of square]`: a board's sides
        return (f"for each side between two {plural(spoken(ix.enum))} beside each other (the same side read from "
                "either cell, 'edge(a, b)')")
    if len(dims) in (2, 3) and all(d == dims[0] for d in dims):
        group = "pair" if len(dims) == 2 else "triple"
        return f"for each {group} of {plural(spoken(ix.enum))}" if ix.enum is not None else \
            f"for each {group} of numbers {range_words(ix.low, ix.high, ix.bound)}"
    each = [("each player of the game (one per seat)" if d.enum == "player" else f"each {spoken(d.enum)}")
            if d.enum is not None else ragged_words(d) if d.ragged is not None else
            f"each number {range_words(d.low, d.high, d.bound)}" for d in dims]
    return "for " + (each[0] if len(each) == 1 else ", ".join(each[:-1]) + " and " + each[-1])


def ragged_words(d: A.Indexes) -> str:
    """A ragged range read aloud: "each number from 0 to g.positions - 1 (0 to 9 for palenque, yaxchilan and
    tikal; 0 to 12 for chichen itza)", the values of the indexes before it grouped by the end they give."""
    ends: dict = {}
    for key, high in d.rows:
        ends.setdefault(high, []).append(", ".join(spoken(str(v)) for v in key))
    said = [f"{f'{d.low} to {high}' if high >= d.low else 'none'} for "
            f"{keys[0] if len(keys) == 1 else ', '.join(keys[:-1]) + ' and ' + keys[-1]}" for high, keys in ends.items()]
    return f"each number from {d.low} to {expr(d.ragged)} ({'; '.join(said)})"


def describe(stmts: tuple, depth: int = 0, symbols=None) -> list[str]:
    """English sentences for a block, indented by nesting."""
    reader = Reader(symbols)
    reader.block(stmts, depth)
    return reader.lines


def heading(decl) -> str:
    """What a declaration is and its title: `erudite e1A1 “1A1”`."""
    kind = decl.kind if isinstance(decl, A.Entity) else "amend" if isinstance(decl, A.Amend) else \
        "shortfall" if isinstance(decl, A.Shortfall) else CATEGORY.get(type(decl), "declaration")
    title = f" \"{decl.title}\"" if getattr(decl, "title", None) else ""
    name = ', '.join(decl.names()) if isinstance(decl, A.Amend) else \
        decl.resource if isinstance(decl, A.Shortfall) else decl.name
    return f"{kind} {name}{title}"


def reading(decl, symbols=None, values: bool = True) -> list[str]:
    """The plain-language lines for a declaration's body (its heading aside); `values`: an entity's
    field values too."""
    reader = Reader(symbols, values)
    reader.visit(decl, 0)
    return reader.lines


def held_names(d) -> dict:
    """A proc's or func's parameters that hold a resource's or a counter's name: name -> type."""
    return {p.name: p.type for p in d.params if p.type in ("resource", "counter")}


def explain(decl, symbols=None) -> list[str]:
    """A plain-language reading of any declaration, its heading first; with the pack's symbols,
    resources, counters and zones are called by their titles."""
    return [heading(decl)] + indented(reading(decl, symbols))


def indented(lines) -> list[str]:
    """Lines shown inside a heading, two spaces in; a blank line stays empty (no trailing spaces)."""
    return ["  " + line if line else "" for line in lines]

def _tag_words(t) -> str:
    """` (for build(b): modifiers may change it)` after a tagged cost, gain or loss."""
    if t is None:
        return ""
    return f" (for {t.action}({', '.join(expr(a) for a in t.args)}): modifiers may change it)"


def _adjustment_words(a: A.Adjust, cost_words=cost, amount_words=expr) -> str:
    """One modifier line in words: its cost in `cost_words` and its amount in `amount_words` (as written
    without a pack's symbols; the explain reader passes its own, which reads titles as `pay` does)."""
    if a.what == "forbid":
        return "It is not allowed."
    if a.what == "allow":
        return "It is allowed, even where a modifier forbids it."
    value = cost_words(a.terms) if a.what == "cost" else amount_words(a.amount)
    noun = {"cost": "The cost", "gain": "The gain", "lose": "The loss", "value": "The value"}[a.what]
    verb = {"+": "is increased by", "-": "is reduced by", "=": "becomes", "*": "is multiplied by"}[a.op]
    after = " (never below zero, nor below where it started)." if a.op == "-" and a.what == "value" else \
        " (never below zero)." if a.op == "-" else " (after the additions and reductions)." if a.op == "*" else "."
    return f"{noun} {verb} {value}{after}"


def _listed_cost(sym, event: str) -> bool:
    """Whether a list cost (`needs: list for card_needs;`, 7.7g) is tagged with the event."""
    decls = sym.decls.values() if sym is not None else ()
    return any(f.tag is not None and f.tag.action == event and f.type == "list"
               for k in decls if isinstance(k, A.Kind) for f in k.fields)


def _listed_words(a: A.Adjust, amount_words) -> str:
    """A modifier's cost line on a list cost (7.7g) in words: units taken off (of the payer's choosing for `any`),
    added, or listed instead."""
    def units(t) -> str:
        n = amount_words(t.amount)
        return f"{n} unit{'' if n == '1' else 's'} of the payer's choosing" if t.mode == "any" \
            else f"{n} {spoken(t.name)}"
    if a.op == "=":
        listed = [t for t in a.terms if t.mode != "any"]
        return "It lists no unit: free of them." if not listed else \
            f"It lists {', '.join(units(t) for t in listed)} instead."
    return f"{'Taken off it' if a.op == '-' else 'Added to it'}: {', '.join(units(t) for t in a.terms)}."


# ---------------------------------------------------------------- where a declaration comes from
def titled(sym, asked: str) -> dict[str, list[int]]:
    """The declarations whose title reads `asked` (case aside): name -> the numbers of the copies
    titled so, for a card declared `* N` with a title showing its fields (`"Red {rank}"`: "Red 1" is
    copies 1 to 3), else []. `explain PACK "Red 5"` explains the card by its title."""
    from .layout import copy_fields, copy_title

    wanted, found = asked.strip().casefold(), {}
    if not wanted:   # a blank name is no title (nor is an untitled declaration's missing one)
        return found
    for name, d in sym.decls.items():
        kind = sym.decls.get(d.kind) if isinstance(d, A.Entity) else None
        if isinstance(d, A.Entity) and d.title_parts and isinstance(kind, A.Kind):
            for number in range(1, max(d.copies, 1) + 1):
                try:
                    title = copy_title(d, kind, number, copy_fields(d, kind, number), sym)
                except (A.NotConstant, KeyError):   # a title worked out in play only: not a name to look up
                    continue
                if (title or "").casefold() == wanted:
                    found.setdefault(name, []).append(number)
        elif (getattr(d, "title", None) or "").casefold() == wanted:
            found[name] = []
    return found


def copies_by_words(e, bound: list) -> str:
    """How many copies of each entity `* (EXPR)` of a `for each` declaration makes: a `match` on a bound name
    of numbers case by case ("3 copies of each with r 1, 1 with r 5, 2 otherwise"), an `if` of two numbers by
    its condition, any other expression as written."""
    def number(v):
        try:
            return A.as_const(v)
        except A.NotConstant:
            return None

    def copies(n) -> str:
        return f"{n} {'copy' if n == 1 else 'copies'}"

    if type(e) is A.Match and type(e.subject) is A.Name and e.subject.id in bound and \
            all(type(number(c.result)) is int for c in e.cases) and (e.otherwise is None or type(number(e.otherwise)) is int):
        parts = [f"{number(c.result)} with {e.subject.id} {' or '.join(expr(v) for v in c.values)}" for c in e.cases]
        parts[0] = copies(number(e.cases[0].result)) + " of each" + parts[0][len(str(number(e.cases[0].result))):]
        parts.append(f"{number(e.otherwise)} otherwise" if e.otherwise is not None else
                     f"any other {e.subject.id} stops play (no case names it)")
        return ", ".join(parts)
    if type(e) is A.Cond and type(number(e.then)) is int and type(number(e.otherwise)) is int:
        return f"{copies(number(e.then))} of each where {expr(e.cond)}, {number(e.otherwise)} otherwise"
    return f"As many copies of each as {expr(e)}, worked out for each before play"


def copies_words(numbers: list[int], of: int) -> str:
    """`copies 1 to 3 of 10`, `copy 10 of 10`, `copies 2, 5 of 6`: which copies of a card a title names."""
    if len(numbers) == 1:
        return f"copy {numbers[0]} of {of}"
    run = numbers == list(range(numbers[0], numbers[-1] + 1))
    shown = f"{numbers[0]} to {numbers[-1]}" if run and len(numbers) > 2 else \
        ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"
    return f"copies {shown} of {of}"


def history(name: str, modules_by_pack: list) -> list[tuple[str, object]]:
    """Where a declaration of a pack chain comes from and what the stacked packs did to it, in merge
    order: ("declared", decl), then ("overridden", item), ("amended", item), ("extended", item) for
    `before`/`after` (a game's phases too), ("standing", item) for a top-level trigger added to the
    game's setup, and ("removed", item). `modules_by_pack` is an analysis's (pack, modules) list."""
    events: list[tuple[str, object]] = []
    for _pack, modules in modules_by_pack:
        for module in modules:
            for item in module.items:
                event = _change_to(name, item, events)
                if event is not None:
                    events.append((event, item))
    return events


def _change_to(name: str, item, events: list) -> Optional[str]:
    """What a top-level item does to the declaration `name`, or None."""
    game = next((d for e, d in events if e == "declared" and isinstance(d, A.Game)), None)
    if isinstance(item, A.Override):
        return "overridden" if getattr(item.decl, "name", None) == name and events else None
    on_game = game is not None and game.name == name and getattr(item, "name", None) in game_phase_names(events)
    if isinstance(item, A.Amend):   # an amend of a phase's chooses amends the game
        return "amended" if name in item.names() or on_game else None
    if isinstance(item, A.ShortfallAmend):   # (named as the proc its shortfall runs as)
        return "amended" if item.name == name else None
    if isinstance(item, A.Extend):
        return "extended" if item.name == name or on_game else None
    if isinstance(item, A.Standing):
        return "standing" if game is not None and game.name == name else None
    if isinstance(item, A.Remove):
        return "removed" if name in item.names() else None
    if getattr(item, "name", None) == name and not events:
        return "declared"
    return None


def constant_int(e) -> Optional[int]:
    """The value of a count written with numbers, `+`, `-` and `*` alone (`2 + 1`), else None."""
    if type(e) is A.Int:
        return e.value
    if type(e) is A.Binary and e.op in ("+", "-", "*"):
        left, right = constant_int(e.left), constant_int(e.right)
        if left is not None and right is not None:
            return left + right if e.op == "+" else left - right if e.op == "-" else left * right
    return None


def _seat_roles_text(d, names: list) -> str:
    """How a seats line deals its roles (`names`: their titles), in words: in seat order, any of them at random,
    or the first as many as seats at random."""
    listed = _either(names, "and")
    if d.roles_dealt == "at random":
        return f"Roles dealt at random as the game starts, one a seat, from: {listed} (with fewer seats, some are not dealt)."
    if d.roles_dealt == "shuffled":
        return (f"Roles dealt at random as the game starts, one a seat, from the first as many as there are seats of: "
                f"{listed} (with {d.min_players} players the first {d.min_players}).")
    return f"The seats' roles, in seat order: {listed}."


def game_phase_names(events: list) -> set:
    """The phases of the game among `events`: the three, the named phases it declares and those amends put."""
    names = set(PHASES)
    for _, item in events:
        if isinstance(item, A.Game):
            names.update(p.name for p in item.phases or ())
        for change in getattr(item, "items", ()) if isinstance(item, A.Amend) else ():
            if type(change) is A.GamePart and change.place is not None:
                names.add(change.part)
    return names


def constants_read(decl, symbols, modules) -> list[str]:
    """Each constant a declaration reads (in an expression, a range's end or a number's place, `* knights`), with
    its value and the pack that sets it last: "radius = 3, as catan_56 sets it" (explain shows the rules as
    written, the constants by name: this says what they come to)."""
    names = []
    for n in A.walk(decl):
        for value in (getattr(n, f) for f in n._fields):
            for v in value if type(value) is tuple else (value,):
                const = v.const if type(v) in (A.Int, A.Numbered) else None
                if const is not None and const not in names:
                    names.append(const)
    lines = []
    for name in names:
        setter = [pack for pack, mods in modules for m in mods for item in m.items
                  if getattr(getattr(item, "decl", item), "name", None) == name
                  and isinstance(getattr(item, "decl", item), A.Const)]
        value = symbols.consts.get(name) if symbols is not None else None
        lines.append(f"{name} = {value}" + (f", as {setter[-1]} sets it" if setter else ""))
    return lines


VERBS = {"overridden": "overridden by", "amended": "amended by", "removed": "removed by",
         "standing": "given a standing trigger by"}


def origin(name: str, events: list[tuple[str, object]]) -> str:
    """Where a declaration is and what changed it, as one line: "declared at age1.rules:135:1,
    amended by sw_house/house.rules:10:1"."""
    parts = []
    for event, item in events:
        if event == "declared":
            parts.append(f"declared at {item.span}")
        elif event == "extended":
            phase = f" its {item.name} phase" if item.name != name else ""
            parts.append(f"extended{phase} ({item.when}) by {item.span}")
        else:
            parts.append(f"{VERBS[event]} {item.span}")
    return ", ".join(parts)


def as_made(decl, symbols=None):
    """An entity a `for each` made, with its title as that entity is called: `"{c.title}"` filled
    ("Lima") where its values are known before play, else each `{...}` reading the member it was
    made for (`"{lima.title}"`); any other declaration as it is."""
    from .layout import copy_fields, copy_title

    if not isinstance(decl, A.Entity) or not decl.title_parts or symbols is None \
            or decl.name not in symbols.generated:
        return decl
    kind = symbols.decls.get(decl.kind)
    if isinstance(kind, A.Kind) and decl.copies <= 1:
        try:
            return replace(decl, title=copy_title(decl, kind, 1, copy_fields(decl, kind, 1), symbols), title_parts=())
        except (A.NotConstant, KeyError):   # worked out in play only
            pass
    return replace(decl, title="".join(p if isinstance(p, str) else "{" + expr(p) + "}" for p in decl.title_parts))


def as_declared(decl, symbols=None):
    """A func or proc that cards change for their holder (the resolver's dispatcher) as the packs
    declare it; any other declaration as it is."""
    hidden = getattr(symbols, "held_base", {}).get(getattr(decl, "name", None))
    return decl if hidden is None or symbols.decls.get(decl.name) is not decl else \
        replace(symbols.decls[hidden], name=decl.name)


def as_written(decl, events: list[tuple[str, object]]):
    """A declaration as its source reads, for `explain` to print: an override as written (with
    `override`, calling `base()`), never as the resolver keeps it (`NAME.base()`)."""
    if events and events[-1][0] == "overridden":
        return events[-1][1]
    return A.rewrite(decl, lambda n: replace(n, func=BASE)
                     if type(n) in (A.Call, A.CallStmt) and ".base" in n.func else
                     replace(n, options=tuple(o for o in n.options if not held_option(o)))
                     if type(n) is A.Choose and n.open else None)


def _comment_above(lines: list[str]) -> int:
    """How many of a declaration's printed lines (`declaration_text`) are the comment written above it."""
    return next((i for i, line in enumerate(lines) if not line.startswith("#")), len(lines))


def with_amends_comments(lines: list[str], decl, events: list[tuple[str, object]], sources: dict) -> list[str]:
    """A declaration's lines for `explain` when stacked packs amend it: the comment above it labelled as
    written over the declaration before its amends (a house rule may contradict it), then each amend's own
    comment (the lines just above it), labelled with where it is; as they are when nothing amends it."""
    amends = [item for event, item in events if event == "amended"]
    if not amends:
        return lines
    above = _comment_above(lines)
    out = [f"# (above the declaration at {decl.span}, before its amends:)"] + lines[:above] if above else []
    for item in amends:
        own = declaration_text(item, sources.get(item.span.file))
        if _comment_above(own):
            out += [f"# (above the amend at {item.span}:)"] + own[:_comment_above(own)]
    return out + lines[above:]


def held_option(o: A.Option) -> bool:
    """Whether an option of an open choose is a card's (resolve.held_options guards it with `held.uses(...)`,
    which no rules file can write)."""
    return held_test(o.guard) is not None


def changes(events: list[tuple[str, object]], symbols=None, sources=None) -> list[str]:
    """What each stacked pack changed, for `explain` after the declaration as it now reads: each
    change's rules text (with its comments, given the files' `sources`) and, for the steps an
    extension adds, those steps in words."""
    lines = []
    latest = None   # the declaration an override replaces
    amended_since = []   # the amends the rules text of `latest` does not show (the override replaced them too)
    for event, item in events:
        if event == "declared":
            latest, amended_since = item, []
            continue
        verb = VERBS.get(event) or f"extended ({item.when}) by"
        replaced = event == "overridden" and latest is not None
        also = f" (as amended by {', '.join(str(a.span) for a in amended_since)})" if replaced and amended_since else ""
        lines.append(f"{capital(verb)} {item.span}" + (f", which replaces{also}:" if replaced else ":"))
        if event == "amended":
            amended_since.append(item)
        shown = latest if replaced else item
        lines.extend(indented(declaration_text(shown, (sources or {}).get(shown.span.file))))
        if event == "overridden":
            latest, amended_since = item.decl, []
        if event == "extended":
            own = "the phase's" if item.name in game_phase_names(events) else "the proc's"
            lines.append(f"  In words, the steps it adds ({item.when} {own} own):")
            lines.extend(describe(item.body, 2, symbols))
    return lines


# ---------------------------------------------------------------- a track's space by the name the reports use
# `simulate` names a space "exploration 5", `cover` "track exploration: 5 Ships"; explain takes either
SPACE_NAME = re.compile(r"^(?:track\s+)?([A-Za-z_][A-Za-z0-9_]*):?\s+(?:space\s+)?([0-9]+)\b")


def named_space(symbols, name: str) -> tuple[Optional[A.Track], Optional[A.Space]]:
    """The track and space a name such as "exploration 5" stands for: (track, space), (track, None)
    for a number the track does not have, (None, None) for a name that names no track's space."""
    match = SPACE_NAME.match(name.strip())
    track = symbols.decls.get(match.group(1)) if match else None
    if not isinstance(track, A.Track):
        return None, None
    position = int(match.group(2))
    space = next((sp for sp in track.spaces if sp.position == position), None)
    if space is None and (track.scale is not None or track.prints is not None) and 1 <= position <= track.top():   # a space of a scale left empty
        space = A.Space(position, None, None, None, (), None, None, span=track.span)
    return track, space


def space_hint(symbols, name: str) -> Optional[str]:
    """How to name a track space, for a name that is neither a declaration nor a space: the space of
    that title, the closest "TRACK N", or the form with an example."""
    spaces = {f"{t.name} {sp.position}": sp for t in symbols.decls.values() if isinstance(t, A.Track)
              for sp in t.spaces}
    titled = [n for n, sp in spaces.items() if sp.title and sp.title.casefold() == name.strip().casefold()]
    if titled:
        return f"did you mean {titled[0]!r} (“{spaces[titled[0]].title}”)?"
    if not spaces or not re.search(r"\s|[0-9]", name):
        return None
    return did_you_mean(name, spaces) or f"a track's space is named 'TRACK N', e.g. {next(iter(spaces))!r}"


def space_amends(symbols, track: A.Track, position: int) -> list[tuple[A.Space, A.Space]]:
    """The amends of one space of a track, in merge order: (the space as amended, the space it replaced)."""
    return [(new, old) for t, new, old in getattr(symbols, "amended_spaces", ())
            if t == track.name and isinstance(new, A.Space) and new.position == position]


def space_origin(track: A.Track, space: A.Space, symbols=None) -> str:
    """Where a track space is declared and which amends replaced it: "declared at tracks.rules:40:3,
    amended by house.rules:3:3"."""
    amends = space_amends(symbols, track, space.position)
    declared = amends[0][1].span if amends else space.span
    return ", ".join([f"space {space.position} of track {track.name}, declared at {declared}"] +
                     [f"amended by {new.span}" for new, _old in amends])


def explain_space(track: A.Track, space: A.Space, symbols=None) -> list[str]:
    """A track space in canonical text (indented) and in words, and the space each amend replaced."""
    printer = Printer()
    printer.space(space)
    reader = Reader(symbols)
    reader.space(space, 0, track)
    lines = indented(printer.lines) + ["", "In words"] + reader.lines
    for new, old in space_amends(symbols, track, space.position):
        printer = Printer()
        printer.space(old)
        lines += ["", f"Amended by {new.span}, which replaces:"] + indented(printer.lines)
    return lines


def labelled(loop) -> str:
    """What a loop's label (`repeat 5 as round`) adds to its reading: each time through is one round."""
    return f" (each time through is one {loop.loop_label})" if loop.loop_label is not None else ""
