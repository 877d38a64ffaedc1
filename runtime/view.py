"""What one player may see of a game: the view agents receive instead of the Game.

A zone is `public` (everyone sees its contents in order), `hidden` (a per-player zone only its owner
sees) or `secret` (nobody sees it). A zone a player may not see shows its size and the entities that
player learnt by `reveal`/`look` (sorted by name, so the view tells nothing of their order). A
decision is shown only to the player who takes it.

The view is data, not a sandbox: agents run in the same Python process and could reach the game
through private attributes. Everything public an agent is handed (the question's attributes, the
view's contents) holds only what its player may know; `tests/test_view.py` checks that.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, NamedTuple, Optional

from rulebook.dsl.ast import ROLE_ZONE

from .state import NOT, EntityDef, Holder, Record, encode, not_key, zone_place


class Seat(NamedTuple):
    """The player a question is for: their seat index and name (not their live state)."""

    index: int
    name: str


class Asked:
    """A decision as its player is asked it: the prompt, the options' labels, where in the rules.
    Built for every decision, so it wraps the decision and reads all but its size on demand."""

    __slots__ = ("_decision", "size", "_game", "_shown")

    def __init__(self, decision, game=None):
        """With the `game`, the prompt and options are those its player is shown (`shown_prompt`,
        `shown_options`: a card they cannot see is masked, an option by position), worked out the
        first time an agent reads them, as the view is: an agent that reads only `size` (random
        play) pays nothing for them."""
        self._decision, self._game = decision, game
        self._shown = None if game is not None else (None, None)
        self.size = len(decision.values)   # how many options there are (random agents read only this)

    @property
    def _prompt(self) -> Optional[str]:
        """The prompt as shown, when it differs from the decision's."""
        return self._as_shown()[0]

    @property
    def _options(self) -> Optional[list]:
        """The options' labels as shown, when some differ from the decision's."""
        return self._as_shown()[1]

    def _as_shown(self) -> tuple:
        if self._shown is None:
            d = self._decision
            prompt = shown_prompt(self._game, d)
            self._shown = (prompt if prompt != d.prompt else None, shown_options(self._game, d))
        return self._shown

    @property
    def player(self) -> Seat:
        """The seat asked (index and name)."""
        p = self._decision.player
        return Seat(p.index, p.name)

    @property
    def prompt(self) -> str:
        """The question, its `{...}` values filled in (those the player may not see masked)."""
        return self._prompt if self._prompt is not None else str(self._decision.prompt)

    @property
    def written_prompt(self) -> str:
        """The question as the rules write it, its `{...}` values unfilled: the same at every asking."""
        return self._decision.written_prompt

    @property
    def repeated(self) -> bool:
        """Whether this is the question of a `may ... repeatedly`, asked again each time it is taken
        ("roll again?"): how long to push one's luck."""
        return getattr(self._decision, "repeated", False)

    @property
    def where(self) -> str:
        """The rules position that asks."""
        return self._decision.where

    @property
    def options(self) -> list[str]:
        """The options' labels (built on first use: random agents need only `size`); a card or tile
        the player cannot see is labelled by its position (`card 2`), never by its title."""
        return list(self._options if self._options is not None else self._decision.options)

    @property
    def written_options(self) -> list[str]:
        """The options' labels, those with `{...}` values as the rules write them (the others as shown)."""
        if self._options is not None:
            return [shown if type(v) is EntityDef and shown != label else written
                    for v, shown, label, written in zip(self._decision.values, self._options,
                                                        self._decision.options, self._decision.written_options)]
        return self._decision.written_options

    def index_of(self, label: str) -> int:
        """The option a label names (an alike option's shared label names the first of them);
        ValueError if none. Where options are shown masked or by position, only the labels shown
        name them (a title the player may not see would tell, by its answer, whether it is there)."""
        if self._options is not None:
            for labels in (self._options, self.written_options):
                if label in labels:
                    return labels.index(label)
            raise ValueError(f"{label!r} is not one of the options shown")
        return self._decision.index_of(label)

    @property
    def number_range(self) -> Optional[tuple[int, int]]:
        """(LOW, HIGH) when the options are the numbers LOW to HIGH in order, one each (a pick over a
        range, `pick t from 40..1500`): a person is asked for a number, not shown a list; None otherwise.
        The answer is still the option's index (LOW is 0), so logs and replays are as for any pick."""
        values = self._decision.values
        if len(values) < 2 or type(values[0]) is not int:
            return None
        low = values[0]
        for i, v in enumerate(values):
            if type(v) is not int or v != low + i:
                return None
        return low, low + len(values) - 1

    @property
    def untold(self) -> bool:
        """Whether the decision is asked only when a condition on what some player may not see holds, or offered
        by one (Program.untold), or is asked within a call made only when one holds (`Game.asking_untold`): that
        it was asked, or its answer, would tell the other players the condition."""
        game = self._game
        return game is not None and (self._decision.where in game.program.untold or game.asking_untold)

    @property
    def of_items(self) -> bool:
        """Whether the options are cards or tiles: their answer may name what other players cannot
        see (a pick from a hidden hand), so a screen never tells it to them."""
        return any(isinstance(v, EntityDef) for v in self._decision.values)

    def __repr__(self) -> str:
        return f"Asked({self.player.name}, {self.prompt!r}, {self.options})"


MASK = "…"


def told_answer(game, d, seat: int, choice: int) -> str:
    """The answer `choice` to decision `d` as another seat's screen tells it (the hot seat tells each
    player the others' answers): `prompt → option`, each value filled into the prompt or the chosen
    option's label that this seat's view could not show masked (see `told`). Asked before the answer
    is applied: the game is still at this decision. A pick whose answer a `hidden` variable or counter
    keeps, or a choose option that sets one (Program.kept), is told masked: it would show what only the
    variable's holder sees; one kept in the state of a side whose holders see each other's (Program.kept_sides:
    the hunters', the spies' known to holders) is told in full to the asker's fellow holders."""
    kept = game.program.kept if game is not None and seat != d.player.index else ()
    option = (d.where, getattr(d.options[choice], "written", d.options[choice]))
    answer = d.where if d.where in kept else option if option in kept else None
    if answer is not None:
        role = game.program.kept_sides.get(answer)   # kept in a side's state: its fellow holders see it anyway
        if role is None or not (holds(game.state.players[seat], role) and holds(d.player, role)):
            return f"{told(game, seat, d.prompt)} → {MASK}"
    return f"{told(game, seat, d.prompt)} → {told_label(game, seat, d.options[choice], d.values[choice])}"


def told_label(game, seat: int, label: str, value, own: bool = False) -> str:
    """An option's label as player `seat` may be told it (`told`): its values, whether the label is
    the rules' (`pick ... as`) or the value itself (a `choose` option), masked as their view needs."""
    for source in (label, value):   # a `choose` option's label is its value
        if getattr(source, "_marks", None) is not None and label.startswith(source):
            return told(game, seat, source, own) + label[len(source):]   # and how alike ones are told apart
    return label


def told(game, seat: int, text: str, own: bool = False) -> str:
    """A prompt or option label as player `seat` may be told it: each value filled in (see
    engine.Filled) that their own view could not show masked as `…`: a card or tile (of a zone, a
    list) they cannot see where it is now, or any other value worked out from hidden cards (marked
    'h' or 's' by the checker: `{c.strength}` of a card in a hidden hand); other values (players,
    numbers, members, texts: a view shows them) as filled in; one read from the faces of items of a zone
    seen item by item ('f': `{first(at[s]).rank}`) to whoever sees each of those items' faces now (the
    deciding player too), masked from the others. A text without values is as written.
    `own`: the text is the deciding player's own question, which shows them a value worked out
    from what only they see ('h') and masks one worked out from what they may not see ('s': a
    secret zone, a zone hidden from its owner)."""
    marks = getattr(text, "_marks", None)
    if marks is None or game is None:
        return text
    masked = "s" if own else "hs"
    shown = []
    for mark, part, line in zip(marks, text._parts, text._texts):
        if mark == "f":   # read from items' faces: shown to whoever sees each of those faces now, the asker too
            part, faces = part
            if not all(cards_of(item) and all(seen(game, seat, e) for e in cards_of(item)) for item in faces):
                shown.append(MASK)
                continue
        if mark != "-":
            cards = cards_of(part)
            if (cards is None and mark in masked) or (cards and not all(seen(game, seat, e) for e in cards)):
                line = masked_card(game, seat, cards[0]) if cards and len(cards) == 1 else MASK
        shown.append(line)
    return "".join(shown)


def masked_card(game, seat: int, e: EntityDef) -> str:
    """A card player `seat` may not see, as a text they are told names it: masked, with the fields
    they see of it all the same (`… (colour Red)`: `partly_known`)."""
    place = game.state.where.get(e.key)
    words = fields_text(game, partly_known(game, seat, e, place[0])) if place is not None else ""
    return f"{MASK} ({words})" if words else MASK


def shown_prompt(game, d) -> str:
    """A decision's prompt as its own player is shown it (`told`, `own`)."""
    prompt = d.prompt
    if getattr(prompt, "_marks", None) is None or not d.player.is_player:
        return str(prompt)
    return told(game, d.player.index, prompt, own=True)


def cards_of(value) -> Optional[list]:
    """The cards or tiles a value is or holds (an entity, a zone, a list of them), else None."""
    if isinstance(value, EntityDef):
        return [value]
    items = getattr(value, "items", value)   # a zone's handle (engine.ZoneRef): its entities
    if isinstance(items, (list, tuple)) and items and all(isinstance(e, EntityDef) for e in items):
        return list(items)
    if isinstance(items, list) and not items and items is not value:
        return []   # an empty zone: shown as "nothing", its size is no secret
    return None


# who sees into a zone of each visibility (docs/language.md 3.9; the words are dsl.ast.Zone's, the
# runtime does not import the AST): (the zone's owner, None for a shared zone; the viewer) -> bool
SEES_INTO = {
    "public": lambda owner, viewer: True,
    "hidden": lambda owner, viewer: owner is viewer,
    "hidden from owner": lambda owner, viewer: owner is not None and owner is not viewer,
    "secret": lambda owner, viewer: False,
}


def element_place(program, name: str) -> tuple:
    """Where a zone comes in a view's list: by its name, an element of an indexed zone (`deck[two]`) by its
    declaration's name and then its place among the declaration's elements, as its indexes are declared."""
    base, bracket, _ = name.partition("[")
    elements = program.indexed.get(base) if bracket else None
    if not elements:
        return (name, 0)
    return (base, next((i for i, flat in enumerate(elements.values(), 1) if flat == name), 0))


def sees_into(program, owner: Optional[Holder], name: str, viewer: Holder) -> bool:
    """Whether `viewer` sees the contents and order of zone `name` of `owner` (None: a shared zone)."""
    if name == ROLE_ZONE and program.veiled_roles and owner is not None and owner is not viewer:
        held = owner.zones.get(ROLE_ZONE)   # a `hidden` role: who holds it is its holder's alone to know, or its
        if held and held[0].declared in program.veiled_roles:   # holders' when they know each other
            return held[0].declared in program.known_roles and holds(viewer, held[0].declared)
    return SEES_INTO.get(program.visibility.get(name, "public"), _sees_nothing)(owner, viewer) or fellow(program, name, viewer)


def _sees_nothing(owner, viewer) -> bool:
    """A zone seen item by item (`seen by side`, `hidden from holder`: `face_seen`) is seen into by nobody whole."""
    return False


def face_seen(game, index: int, e: EntityDef, zone: str) -> bool:
    """Whether player `index` sees the face of an item of a zone seen item by item (Program.faces): under `seen by
    side` the player its field names alone (none: nobody), under `hidden from holder` every player but that one."""
    words, name = game.program.faces[zone]
    who = (game.state.vals.get(e) or e.fields).get(name)
    named = who is not None and getattr(who, "index", None) == index and getattr(who, "is_player", False)
    return named if words == "seen by" else not named


def holds(viewer: Holder, role: str) -> bool:
    """Whether a player holds the role (by its name)."""
    return any(e.declared == role for e in viewer.zones.get(ROLE_ZONE, ()))


def fellow(program, name: str, viewer: Holder) -> bool:
    """Whether `name` is the state of a `shared` or `hidden` role the viewer holds: a side's members see each
    other's (the hunters each other's clues), and a hidden side's only when it is `known to holders` (the
    spies', not the resistance's: a fellow's state would tell who holds the role); the other players see it
    as any hidden state, and nothing of a `hidden` role's (its state would tell who holds it)."""
    role = (program.sides.get(name) if program.sides else None) or \
        (program.veiled.get(name) if program.veiled else None)
    return role is not None and (role not in program.veiled_roles or role in program.known_roles) \
        and holds(viewer, role)


def seen(game, index: int, e: EntityDef) -> bool:
    """Whether player `index` may see which card or tile `e` is: one in no zone, in a zone they see
    into (`sees_into`) or one they learnt (`reveal`/`look`)."""
    state = game.state
    place = state.where.get(e.key)
    if place is None:
        return True
    if place[1] is None:   # set aside (`set aside`): seen as in the zone it came from
        place = next((a.came + (a.items,) for a in state.aside if a.items and a.card is e), place)
    faces = game.program.faces
    return sees_into(game.program, place[0], place[1], state.players[index]) \
        or index in state.known.get(e.place_key(place[0]), ()) \
        or bool(faces) and place[1] in faces and face_seen(game, index, e, place[1]) \
        or _on_top_public(game.program, place, e) \
        or bool(state.remembered) and any(index in d.get(e.key, ()) for d in state.remembered.values())


def remembered_in(game, index: int, owner: Optional[Holder], name: str) -> list:
    """The cards player `index` still believes lie in a zone, having seen them there before a swap they did not
    see (`swap ... unseen`) took them elsewhere: shown as known there, so that the swap tells them nothing."""
    believed = game.state.remembered.get(zone_place(owner, name)) if game.state.remembered else None
    if not believed:
        return []
    where = game.state.where
    return [e for key, seats in believed.items() if index in seats and key in where
            for e in where[key][2] if e.key == key]


def _on_top_public(program, place: tuple, e: EntityDef) -> bool:
    """Whether an entity is the top item of a zone declared `top public`, which every player sees."""
    glimpses = getattr(program, "glimpses", None)
    return bool(glimpses) and place[1] in glimpses and glimpses[place[1]][0] and place[2][0] is e


def partly_known(game, index: int, e: EntityDef, owner: Optional[Holder]) -> dict:
    """The fields of an entity player `index` may not see that they see all the same: its kind's
    `shown` fields and those they learnt (`reveal c.colour;`), by name in declaration order, then, under
    `FIELD!=`, the values they were told a field they do not know is not (`reveal c.colour == red;`);
    empty when none."""
    state = game.state
    shown = game.program.shown_fields.get(e.kind, ())
    learnt = state.known_fields.get(e.place_key(owner)) if state.known_fields else None
    if not shown and not learnt:
        return {}
    values = state.vals.get(e) or e.fields
    # (a field declared `bool[ENUM]` is one field per member: `not_colour[red]`)
    fields = {k: values[k] for k in values
              if k in shown or "[" in k and k.partition("[")[0] in shown or learnt and index in learnt.get(k, ())}
    if learnt and any(NOT in k for k in learnt):   # what it is not (`reveal c.colour == red;` said no): `colour!=`
        for k in values:
            if k not in fields:
                ruled_out = [v for v in game.program.field_values(e.kind, k) if index in learnt.get(not_key(k, v), ())]
                if ruled_out:
                    fields[k + NOT] = ruled_out
    return fields


def field_known(game, index: int, e: EntityDef, name: str) -> bool:
    """Whether player `index` knows a field of an entity: they see the entity, the field is `shown`, or
    they learnt it (`reveal c.colour;`, or the "no"s of `reveal c.colour == red;` left one value)."""
    if name in game.program.shown_fields.get(e.kind, ()) or seen(game, index, e):
        return True
    learnt = game.state.known_fields.get(e.key) if game.state.known_fields else None
    return learnt is not None and index in learnt.get(name, ())


def field_possible(game, index: int, e: EntityDef, name: str, value) -> bool:
    """Whether player `index` cannot rule out that a field of an entity has `value`: the value when they
    know the field, else any value they were not told it is not (`reveal c.colour == red;`, a "no")."""
    if field_known(game, index, e, name):
        return game.field(e, name) == value
    learnt = game.state.known_fields.get(e.key) if game.state.known_fields else None
    return learnt is None or index not in learnt.get(not_key(name, value), ())


def possible_values(game, index: int, e: EntityDef, name: str) -> list:
    """The values of a field of an entity that player `index` cannot rule out, among those its kind's cards
    have (Program.field_values): the one value when they know it."""
    if field_known(game, index, e, name):
        return [game.field(e, name)]
    return [v for v in game.program.field_values(e.kind, name) if field_possible(game, index, e, name, v)]


def changed_fields(e: EntityDef, evars: Optional[dict]) -> dict:
    """The variable fields of an entity that play has changed (`set c.level = 2`), by name in the
    order set: those whose value differs from the card's own (a field set back to it is left out, as
    a screen leaves out a counter at 0); empty when none."""
    if not evars:
        return {}
    printed = e.fields
    return {k: v for k, v in evars.items() if k not in printed or printed[k] != v or type(printed[k]) is not type(v)}


def adjusted_fields(game, index: Optional[int], e: EntityDef) -> dict:
    """The fields of a card that modifiers adjust (`cost: int for costs;`, 7.7f) whose value, as player `index`
    would read it now, is not the printed one: field -> the ways it comes to (Game.seen_ways: no `once` modifier
    used up, nothing run; one way for a number, every way a discounted list cost may be paid, 7.7g); empty for
    most cards, and for a viewer who is no player."""
    fields = game.program.adjusted_fields.get(e.kind)
    if not fields or index is None:
        return {}
    h, out = game.state.players[index], {}
    for name, event, param in fields:
        printed = e.fields.get(name)
        ways = game.seen_ways(h, printed, (event, {param: e}))
        if len(ways) > 1 or ways[0] != printed or type(ways[0]) is not type(printed):
            out[name] = ways
    return out


def ways_text(ways: list, text) -> str:
    """The ways an adjusted field comes to (adjusted_fields), as screens and the state table write them with
    `text`: the one value as it is, else every way a discounted list cost may be paid, `ore + clay or wood + clay`."""
    if len(ways) == 1:
        return text(ways[0])
    return " or ".join(" + ".join(map(text, way)) or "nothing" for way in ways)


def shown_marks(program, e: EntityDef, evars: Optional[dict]) -> dict:
    """What screens add to a card: the fields play changed (changed_fields) and, for a die kept as a piece,
    the face it shows, always (a die at rest shows a face too, the one it lies on)."""
    changed = changed_fields(e, evars)
    rolled = program.die_fields.get(e.kind) if program.die_fields else None
    if rolled is not None:
        field = rolled[0]
        changed = {field: (evars or {}).get(field, e.fields.get(field)), **changed}
    return changed


def position_label(game, e: EntityDef, zoned: bool, index: Optional[int] = None) -> str:
    """A card or tile its player cannot see, as an option of theirs names it: by its position in its
    zone (`card 2`, counted from the top), with the zone (`card 2 of P2.hand`) when `zoned` (the
    options come from more than one zone)."""
    place = game.state.where[e.key]
    label = f"card {place[2].index(e) + 1}"
    if zoned:
        label = f"{label} of {place[0].name + '.' if place[0] is not None else ''}{place[1]}"
    words = fields_text(game, partly_known(game, index, e, place[0])) if index is not None else ""
    return f"{label} ({words})" if words else label


def fields_text(game, fields: dict) -> str:
    """The fields of a card seen in part, as a prompt shows them (`fields_words`)."""
    return fields_words(fields, game.text)


def fields_words(fields: dict, text) -> str:
    """Fields of a card seen in part as a screen or a prompt shows them, each value by `text`: `colour
    Red, told yes`; a condition that is false or a value that is none is left out (a mark not laid), and
    the members of a `bool[ENUM]` field that hold are listed after its name (`not_colour Blue, Red`), and
    the values a card was told it is not after the field's (`colour not Red, not White`); empty when
    nothing is left."""
    words, members = [], {}
    for k, v in fields.items():
        base, bracket, member = k.partition("[")
        if k.endswith(NOT):   # the values it is not: `colour not Red, not White`
            words.append(f"{k[:-len(NOT)]} " + ", ".join(f"not {text(x)}" for x in v))
        elif bracket and isinstance(v, bool):
            if base not in members:
                members[base] = []
                words.append(base)   # its place among the fields
            if v:
                members[base].append(text(member[:-1]))
        elif v is not False and v is not None:   # a mark not laid, a player not named: nothing to show
            words.append(f"{k} {text(v)}")
    return ", ".join(f"{w} {', '.join(members[w])}" if w in members else w for w in words
                     if w not in members or members[w])


def shown_options(game, d) -> Optional[list]:
    """The options' labels as the deciding player is shown them, when some differ from the game's:
    a card or tile they cannot see is labelled by its position (`position_label`), and a label's
    values they may not see are masked (`told_label`, `own`); None when every option shows as
    labelled. The log, the trace and `Decision.options` keep the real labels."""
    if not d.player.is_player:
        return None
    values, seat = d.values, d.player.index
    entities = any(type(v) is EntityDef for v in values)
    labels = d.options
    if not entities and not any(getattr(v, "_marks", None) is not None for v in (*values, *labels)):
        return None   # (the common case: no card, no value filled into a label)
    unseen = [type(v) is EntityDef and not seen(game, seat, v) for v in values] if entities else [False] * len(values)
    where = game.state.where
    zoned = len({where[v.key][:2] for v, hide in zip(values, unseen) if hide}) > 1
    shown = [position_label(game, v, zoned, seat) if hide else told_label(game, seat, label, v, own=True)
             for v, hide, label in zip(values, unseen, labels)]
    if shown == labels:
        return None
    if len(set(shown)) < len(shown):   # masked labels alike: told apart as alike options are
        from .engine import told_apart   # the engine imports this module

        shown = told_apart(values, shown)
    return shown


def copy_alias(e: EntityDef) -> str:
    """How a seat's view names one of alike copies (`* N` copies that share a title): by its
    declaration's name (`contessa`; a per-player copy `contessa@P2`), the same for every copy, so
    that a copy cannot be followed through a zone the seat does not see (docs/language.md 9)."""
    return e.declared if e.of is None else f"{e.declared}@{e.of}"


def look(item: dict) -> str:
    """What a seat sees of an item of its view, but its place: two items that look the same are
    alike (the same declaration, title, fields, side and owner)."""
    return json.dumps({k: v for k, v in item.items() if k not in ("copy", "alike", "at", "from_bottom")}, sort_keys=True)


def placed(items: list[dict]) -> list[dict]:
    """A listing of a view (a zone's items, the cards learnt in a zone) with each of alike copies
    told apart by its place among the alike ones in it, the only way a seat at the table tells
    them apart: `copy` (1, 2, ...) and `alike` (how many there are); copies that differ in what the
    seat sees (a field, a side, an owner) are not alike, and each is its place among its own."""
    counts: dict[str, int] = {}
    looks = [look(e) if "copy" in e else None for e in items]
    for key in looks:
        if key is not None:
            counts[key] = counts.get(key, 0) + 1
    at: dict[str, int] = {}
    for e, key in zip(items, looks):
        if key is not None:
            at[key] = at.get(key, 0) + 1
            e["copy"], e["alike"] = at[key], counts[key]
    return items


def unseen_elements(game, index: int) -> set:
    """The elements of indexed counters and variables (by flat name: `told[c#3]`) whose index is, or
    holds, a card or tile player `index` cannot see: a view leaves them out (their names would name
    the card)."""
    program = game.program
    hidden = set()
    for flat, cards in program.card_elements().items():
        if not all(seen(game, index, program.entities[c]) for c in cards):
            hidden.add(flat)
    return hidden


class PlayerView(Mapping):
    """The view of the player a decision asks, built from the game the first time it is read (random
    agents never read it). It belongs to that decision: read once the game has gone on (a later
    answer), it refuses (E608) rather than describe a later state; once read, it is kept."""

    __slots__ = ("_game", "_decision", "_data", "_program")

    def __init__(self, game, decision):
        self._game, self._decision, self._data = game, decision, None
        self._program = game.program   # the pack's static tables: what a card has printed on it

    def printed(self, item: dict) -> list[tuple[str, str]]:
        """The fields printed on a card or tile of this view (an item of its zones, which the player
        sees): (field, its value as words), the kind's defaults first, as declared, before play changed any
        (the screen shows those after the card); its effects and computed fields are rules, not values."""
        from .engine import describe_cost   # the engine imports this module

        e = self._program.entities.get(item.get("name", "").partition("#")[0])
        if e is None:
            return []

        def words(v) -> str:
            if type(v) is tuple:   # a cost written on the card (a field declared `cost`)
                return describe_cost(list(v)) if v else "nothing"
            if isinstance(v, list):
                return ", ".join(map(words, v)) or "nothing"
            if isinstance(v, bool):
                return "yes" if v else "no"
            if v is None:
                return "none"
            if hasattr(v, "declared"):   # a card
                return v.title or v.declared
            return self._program.index_title(v) if isinstance(v, str) else str(v)
        return [(k, words(v)) for k, v in e.origin.fields.items() if v != ""]   # (an empty text: nothing printed)

    def teller(self):
        """How another seat is told this decision's answer, `(seat, choice) -> line` (see
        `told_answer`); taken before the view is read, since a read view lets go of the game."""
        game, d = self._game, self._decision
        return None if game is None else (lambda seat, choice: told_answer(game, d, seat, choice))

    @property
    def data(self) -> dict:
        """The view as a JSON-ready dict."""
        if self._data is None:
            game, d = self._game, self._decision
            if game.decision is not d:
                from .engine import misuse   # the engine imports this module

                raise misuse(f"this view was offered to {d.player.name} for {d.prompt!r}, which is no longer "
                             "the pending decision: read a view before answering, or ask Game.view(i) for "
                             "the state now", d.where)
            self._data = build_view(game, d.player.index)
            self._game = None   # built once: the view keeps no handle on the game after that
        return self._data

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def __iter__(self):
        return iter(self.data)

    def __len__(self) -> int:
        return len(self.data)

    def __repr__(self) -> str:
        return f"PlayerView({self._decision.player.index})"


def seat_title(program, names: list, places: frozenset, at: int, key) -> str:
    """One index of an element as a screen heads it, where the index is a seat of an index of players (its place
    `at` among `places`): the player's name (`names`, this game's, in seat order); any other as program.index_title."""
    return names[key - 1] if at in places and type(key) is int and 0 < key <= len(names) else program.index_title(key)


def seat_labels(program, names: list) -> dict:
    """The elements of the counters, variables and zones indexed by players (Program.seat_places) as screens name
    them in this game: the declaration's title (else its name) and the index, each seat by its player's name
    (`Support given Bob`, `Ships (Bob, 3)`); empty for the other packs."""
    shown = {}
    for base, places in program.seat_places().items():
        for index, flat in program.indexed[base].items():
            parts = index if type(index) is tuple else (index,)
            titles = [seat_title(program, names, places, at, key) for at, key in enumerate(parts)]
            written = ", ".join(program.index_title(key) for key in parts)
            label = program.label(flat)
            suffix = f" {written}" if len(parts) == 1 else f" ({written})"   # as compiler.layout.labels writes it
            if label == flat:   # no title: the name, the seats by name (`support[Bob]`)
                shown[flat] = f"{base}[{', '.join(titles)}]"
            elif label.endswith(suffix):   # (else a label told apart from a like one by its name: kept)
                head = label[:-len(suffix)]
                shown[flat] = f"{head} {titles[0]}" if len(parts) == 1 else f"{head} ({', '.join(titles)})"
    return shown


def seat_lists(program, lists: dict, names: list) -> dict:
    """`lists` (Program.lists' shape) with the elements of an index of players titled by the players' names, and a
    variable so indexed shown as a table (a row per player, as a map's spaces are); the others as they are."""
    places = program.seat_places()
    return {base: spec if base not in places else
            {**spec, "elements": {flat: seat_title(program, names, places[base], 0, index)
                                  for index, flat in program.indexed[base].items() if flat in spec["elements"]},
             **({"table": True} if not spec.get("table") and next(iter(spec["start"]), None) in program.variables
                and not all(v is False for v in spec["start"].values()) else {})}
            for base, spec in lists.items()}


# a board's place with no element (past a ragged row's end, off a record's shape): blank on the screens
NO_CELL = ""


def grids_of(program, unseen: frozenset = frozenset(), out: frozenset = frozenset(), names: list = ()) -> dict:
    """A view's `grids`: how each counter or variable declared with two indexes or more is laid out as
    boards, for screens and embedders (its elements' values stay where every counter's or variable's
    are: `vars`, `globals`, a player's `stock` or `vars`, under flat names such as `wall[1,2]`). Board
    name (the grid's name, or for a grid of more indexes one per value of the indexes after the first
    two: `meeple[*,*,north]`) -> `rows` and `columns` (the first index's values and the second's),
    `row_titles` and `column_titles` (as a screen heads them: members and cards by title), `elements`
    (the flat names, row by row; None for one left out of the view, see `unseen_elements`; NO_CELL, "", where the
    board has no square: past the end of a ragged row, `[g: gear, 0..(g.positions - 1)]`, off a record's shape) and
    `per_player`; a board of a grid of more indexes adds `grid` (its name) and `at` (those values). `out`: the
    elements not in play in this game (Game.out_of_play: a board sized by an option), whose rows and columns
    are left out (a 9 x 9 game is a board of 9 rows and 9 columns). `names`: the players' names, which head the rows
    and columns of an index of players (Program.seat_places)."""
    shown, seats = {}, program.seat_places() if names else {}
    for name, (rows, columns, elements, rest) in program.grids().items():
        if name.partition("[")[0] in program.internal:   # `internal`: off the screens
            continue
        if out:
            rows = [r for r in rows if any(elements.get((r, c), out) not in out for c in columns)]
            columns = [c for c in columns if any(elements.get((r, c), out) not in out for r in rows)]
        first = next(iter(elements.values()))
        spec = program.counters.get(first) or program.variables[first]
        places = seats.get(name.partition("[")[0], frozenset()) if program.ranked.get(name) is None else frozenset()
        shown[name] = {
            "rows": rows, "columns": columns,
            "row_titles": [seat_title(program, names, places, 0, r) for r in rows],
            "column_titles": [seat_title(program, names, places, 1, c) for c in columns],
            "elements": [[NO_CELL if (r, c) not in elements else None if elements[r, c] in unseen else elements[r, c]
                          for c in columns] for r in rows],
            "per_player": not spec[0],
        }
        if rest:
            shown[name].update(grid=name.partition("[")[0], at=list(rest))
    return shown


def build_view(game, index: int) -> dict:
    """The state as player `index` sees it (JSON-serialisable)."""
    state, program = game.state, game.program
    viewer = state.players[index]

    def open_to_viewer(owner: Optional[Holder], name: str) -> bool:
        return sees_into(program, owner, name, viewer)

    def known(e: EntityDef, owner: Optional[Holder]) -> bool:
        """Whether the viewer learnt an entity of a zone they do not see into (`reveal`/`look`)."""
        return index in state.known.get(e.place_key(owner), ())

    def sees(e: EntityDef) -> bool:
        """Whether the viewer may see which card a value names (see `seen`)."""
        return seen(game, index, e)

    alike = program.alike_copies()

    def value(v):
        """A variable's value as the viewer may see it: a card they cannot see is only its kind
        (a variable holding the card an opponent chose in secret must not name it); one of alike
        copies by its declaration's name, never which copy it is (`copy_alias`)."""
        if isinstance(v, EntityDef):
            if not sees(v):
                return {"entity": None, "kind": v.kind}
            if v.name in alike:
                return {"entity": copy_alias(v)}
        if isinstance(v, (list, tuple)):
            return [value(x) for x in v]
        if type(v) is Record:   # its record's name and fields, a card inside as any card the viewer sees
            return {"record": v.record, "fields": {k: value(x) for k, x in v.fields.items()}}
        return encode(v)

    def possible_of(e: EntityDef, fields: dict) -> dict:
        """A card seen in part that the viewer was told is not something: `possible`, each field they know
        something of -> the values they cannot rule out (one when known); nothing otherwise (views stay as they were)."""
        if not any(k.endswith(NOT) for k in fields):
            return {}
        names = dict.fromkeys(k.partition(NOT)[0] for k in fields if "[" not in k)
        return {"possible": {k: [value(v) for v in possible_values(game, index, e, k)] for k in names}}

    def entity(e: EntityDef) -> dict:
        fields = {k: encode(v) for k, v in e.fields.items()}
        changed = shown_marks(program, e, state.evars.get(e.key))
        fields.update({k: value(v) for k, v in changed.items()})
        shown = {"name": e.name, "title": e.title, "kind": e.kind, "fields": fields,
                 "flipped": e.key in state.flipped}
        if changed:   # what play changed on it (`set c.level = 2`): screens show it (only then: other views stay as they were)
            shown["changed"] = {k: fields[k] for k in changed}
        adjusted = adjusted_fields(game, index, e) if program.adjusted_fields else None
        if adjusted:   # a field the modifiers in force adjust (7.7f), as the viewer would read it now (only then)
            shown["adjusted"] = {k: value(ways[0]) for k, ways in adjusted.items()}
            several = {k: [value(w) for w in ways] for k, ways in adjusted.items() if len(ways) > 1}
            if several:   # a list cost a discount leaves payable more ways than one (7.7g): every way (only then)
                shown["ways"] = several
        if program.die_fields and e.kind in program.die_fields:   # a die kept as a piece: the field it shows
            rolled, die = program.die_fields[e.kind][:2]
            shown["rolled"] = rolled
            if fields.get(rolled) is None and (face := game.blank_face(die)) is not None:
                shown["face"] = face   # lying on its face of no value: that face's title, as picks offer it
        if e.key != e.name:   # a per-player entity's copy: one per holder, told apart by `name@holder`
            shown["key"] = e.key
        holds = program.held.get(e.kind) if program.held else None
        if holds:   # the zones the card holds, each while it holds something, as its visibility shows it
            held = {k: zone(None, k, items) for k in holds for items in [state.held.get(f"{e.key}.{k}")] if items}
            if held:
                shown["holds"] = held
        if e.name in alike:   # one of `* N` copies alike in title and fields: no copy identity (`copy_alias`)
            shown["name"] = e.declared
            if e.key != e.name:
                shown["key"] = copy_alias(e)
            shown["copy"] = 1   # its place among the alike ones of its listing: `placed`
        return shown

    def partly_seen(shown: dict, owner: Optional[Holder], unseen: list) -> None:
        """A zone's `partly`: of its items the viewer does not see, (place, item), what they see all the same
        (`partly_known`), by place; only when there is some (views of packs without it stay as they were)."""
        partly = [(at, e, fields) for at, e in unseen for fields in [partly_known(game, index, e, owner)] if fields]
        if partly:
            shown["partly"] = [{"at": at, "kind": e.kind, "fields": {k: value(v) for k, v in fields.items()},
                                **possible_of(e, fields)} for at, e, fields in partly]

    def zone(owner: Optional[Holder], name: str, items: list) -> dict:
        shown = {"visibility": program.visibility.get(name, "public"), "size": len(items)}
        if name == ROLE_ZONE and program.veiled_roles and not open_to_viewer(owner, name):
            shown["visibility"] = "hidden"   # a `hidden` role another holds (sees_into)
        if open_to_viewer(owner, name):
            shown["items"] = placed([entity(e) for e in items])
        elif program.faces and name in program.faces:   # item by item (`seen by side`): each face the viewer
            # sees (or learnt), with its place when there are several, since the table sees where each lies
            seeing = [known(e, owner) or face_seen(game, index, e, name) for e in items]
            shown["known"] = placed([{**entity(e), **({"at": at} if len(items) > 1 else {})}
                                     for at, (e, sees_face) in enumerate(zip(items, seeing), start=1) if sees_face])
            partly_seen(shown, owner, [(at, e) for at, (e, sees_face) in enumerate(zip(items, seeing), start=1)
                                       if not sees_face])
        else:   # learnt ones sorted by what the viewer sees of them, so their order tells nothing
            learnt = [entity(e) for e in items if known(e, owner)]
            if state.known_fields and learnt:   # the places learnt (`move ... known`): `at` from the top, or from the bottom
                ends = [state.known_fields.get(e.place_key(owner), {}) for e in items if known(e, owner)]
                at = [i for i, e in enumerate(items, start=1) if known(e, owner)]
                for shown_e, end, i in zip(learnt, ends, at):
                    if index in end.get("@top", ()):
                        shown_e["at"] = i
                    elif index in end.get("@bottom", ()):
                        shown_e["from_bottom"] = len(items) + 1 - i
            if state.remembered:   # what they saw there before a swap they did not see (`swap ... unseen`)
                learnt += [entity(e) for e in remembered_in(game, index, owner, name)]
            shown["known"] = placed(sorted(learnt, key=lambda e: (e["name"], json.dumps(e, sort_keys=True))))
            partly_seen(shown, owner, [(at, e) for at, e in enumerate(items, start=1) if not known(e, owner)])
            glimpse = program.glimpses.get(name) if program.glimpses else None
            if glimpse is not None:   # `top public`: the top item; `size owner`: the others see no size
                if glimpse[0] and items:
                    shown["top"] = placed([entity(items[0])])[0]
                if glimpse[1] and owner is not viewer:
                    shown["size"], shown["empty"] = None, not items
        return shown

    unseen = unseen_elements(game, index)   # elements named by a card the viewer cannot see: left out
    if program.internal:   # and the variables declared `internal`: bookkeeping no player's screen shows
        unseen |= program.internal

    def in_order(zones: dict) -> list:
        """A holder's zones by name, the zones of one indexed zone in the order of its indexes (`deck[one]`,
        `deck[two]`, `deck[three]`: the screens list them so), not alphabetically."""
        return sorted(zones.items(), key=lambda item: element_place(program, item[0]))

    def shows(h: Holder, k: str) -> bool:
        """Whether the viewer sees h's counter or variable k: variables are public, hidden cards not; one
        declared `hidden` is its holder's alone, or its side's (a `shared` role's state), and a `hidden`
        role's state is its holders' (that h has it would tell the role)."""
        return k not in unseen and (h is viewer or k not in program.hidden_vars and k not in program.veiled
                                    or fellow(program, k, viewer))

    def holder(h: Holder) -> dict:
        # an actor with a title (`actor neutral "Neutral player";`) is shown by it (`title`, only then)
        return {"name": h.name, **({"title": h.title} if h.title else {}), "stock": dict(sorted((k, v) for k, v in h.stock.items() if shows(h, k))),
                "vars": {k: value(v) for k, v in sorted(h.vars.items()) if shows(h, k)},
                "zones": {z: zone(h, z, items) for z, items in in_order(h.zones)
                          if h is viewer or z not in program.veiled or fellow(program, z, viewer)}}

    view = {
        "you": index,
        "players": [holder(p) for p in state.players],
        "actors": {n: holder(a) for n, a in sorted(state.actors.items())},
        "globals": dict(sorted((k, v) for k, v in state.globals.items() if k not in unseen)),
        "vars": {k: value(v) for k, v in sorted(state.gvars.items()) if k not in unseen},
        "zones": {z: zone(None, z, items) for z, items in in_order(state.zones)},
        "over": state.over,
        "messages": list(game.messages),   # the `say` log: every player reads it
        "titles": dict(program.member_titles),   # enum member -> title: values stay names, screens show titles
        # stock, counter, zone, var, track -> its title (keys stay names); not an element left out above
        "labels": {k: v for k, v in program.labels.items() if k not in unseen},
        "decision": None,
    }
    if program.phase_names:   # the named phase under way, None outside them (only then: other views stay as they were)
        view["phase"] = game.phase_now()
    if program.shown_funcs:   # the funcs declared `shown "Title"`, worked out for the viewer (only then, as below)
        view["shown"] = {name: value(program.funcs[name](game, viewer)) for name, _title in program.shown_funcs}
    if program.card_shows:   # kind -> the fields screens show after each of its cards (only then, as below)
        view["shows"] = {kind: list(names) for kind, names in program.card_shows.items()}
    if program.record_titles:   # record -> its title's parts, as the program reads them (only then: other views stay as they were)
        view["record_titles"] = {name: list(parts) for name, parts in program.record_titles.items()}
    told = [{"owner": owner, "zone": zone_name, "at": at, "field": field_name, "value": value(v)}
            for seats, owner, zone_name, at, field_name, v in game.learnt_lines if index in seats]
    if told:   # the fields this player learnt, where the card was then (only then: other views stay as they were)
        view["learnt_fields"] = told
    if state.supply:   # what is left of each limited supply, in the order the banks are declared: everyone sees them
        declared = {name: i for i, name in enumerate([*program.resources, *program.counters])}
        view["supply"] = dict(sorted(state.supply.items(), key=lambda item: (declared.get(item[0], len(declared)), item[0])))
    prints = program.track_prints()
    if prints:   # the number each position of a track prints (a scale's, a `prints` list's): screens show it
        view["prints"] = prints
    out = game.out_of_play() if program.sized else frozenset()   # (a board sized by an option: what is in play)
    names = [p.name for p in state.players] if program.seat_places() else []   # (an index of players: by name)
    if names:
        view["labels"].update((k, v) for k, v in seat_labels(program, names).items() if k not in unseen)
    if program.grids():   # the counters and variables with two indexes or more, which screens show as boards
        view["grids"] = grids_of(program, unseen, out, names)
    if program.lists():   # those with one index, which screens show as one entry each (only then, as above);
        # an element left out above (its index a card the viewer cannot see) is left out here too
        unseen = unseen | out
        view["lists"] = {base: {**spec, "elements": {flat: title for flat, title in spec["elements"].items()
                                                     if flat not in unseen},
                                "start": {flat: value(v) for flat, v in spec["start"].items() if flat not in unseen}}
                         for base, spec in seat_lists(program, program.lists(), names).items()}
    if any(a.items for a in state.aside):   # the cards set aside (`set aside`), each seen as in the zone it came
        # from: a card of a hidden hand is its owner's alone to see (only then: other views stay as they were)
        view["aside"] = [{"from": a.came[0].name if a.came[0] is not None else None, "zone": a.came[1],
                          **({"item": placed([entity(a.card)])[0]} if sees(a.card) else {"kind": a.card.kind})}
                         for a in state.aside if a.items]
    if state.out:   # the players knocked out, in the order they went out (everyone sees it)
        view["out"] = [p.name for p in state.out]
    if state.retired:   # the players out of the turns who still take part (`retire`), likewise
        view["retired"] = [p.name for p in state.retired]
    d = game.decision
    if d is not None and d.player is viewer:
        view["decision"] = {"prompt": shown_prompt(game, d), "options": shown_options(game, d) or list(d.options),
                            "where": d.where}
    if game.secret_round is not None:   # who has already chosen in this simultaneous pick, never what
        view["chosen_in_secret"] = [p.name for p in game.secret_round]

        def shown(pick):   # (a card they cannot see, from their own hand hidden from them: its kind only)
            return placed([entity(pick)])[0] if isinstance(pick, EntityDef) and sees(pick) else value(pick)
        if viewer in game.secret_round:   # but the viewer's own pick is theirs to see until all have chosen
            pick = game.secret_round[viewer]   # several (`up to N`, `exactly N`): a list of them
            view["picked_in_secret"] = [shown(p) for p in pick] if type(pick) is list else shown(pick)
        elif game.secret_partial is not None and game.secret_partial[0] is viewer:   # still picking several
            view["picked_in_secret"] = [shown(p) for p in game.secret_partial[1]]
    return view


# ---------------------------------------------------------------- reading views as text
def item_label(item: dict, numbered: bool = True) -> str:
    """An entity of a view as a player reads it: its title, and for one of alike copies (`placed`)
    its place among them where it is (`Contessa (2 of 2)`), unless `numbered` is off or it is the
    only one there. Never a copy's number: a seat cannot follow a copy through a shuffle."""
    label = item["title"] or item["name"].partition("#")[0]
    return f"{label} ({item['copy']} of {item['alike']})" if numbered and item.get("alike", 1) > 1 else label


def screen_name(name: str, view: dict) -> str:
    """A stock, counter, zone, variable or track of a view as a screen names it: by its title (the
    view's `labels`), else by its name."""
    return view.get("labels", {}).get(name, name)


def seen_item(value: dict, view: dict) -> Optional[dict]:
    """The item of a view that a card value (`{"entity": key}`) names, where the view shows it; else None."""
    return next((e for _, z in _zones_of(view) for e in z.get("items", z.get("known", ()))
                 if e.get("key", e["name"]) == value["entity"]), None)


def value_text(value: Any, view: dict) -> str:
    """A counter's or variable's value in a view, as words: a player by name, a card by title when
    the view shows it (else only its kind of thing), an enum member by its title, a condition as
    yes/no, none as `none`."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):   # a list inside a list in brackets, and its own lists too; a list of lists
        def item(v):              # in brackets as well, `[[1, 2], [3]]`, as `say` shows it (Game.text)
            return f"[{', '.join(map(item, v))}]" if isinstance(v, list) else value_text(v, view)
        shown = ", ".join(map(item, value))
        return "nothing" if not value else f"[{shown}]" if isinstance(value[0], list) else shown
    if isinstance(value, dict):
        if "player" in value:
            return view["players"][value["player"]]["name"]
        if "actor" in value:
            return value["actor"]
        if "decimal" in value:   # `7.5`, as the rules write it (state.encode)
            return value["decimal"]
        if "entity" in value:
            seen = seen_item(value, view)
            return item_label(seen, numbered=False) if seen else "a card or tile you cannot see"
        if "record" in value:   # by its title (`c4`), else as the rules build it: `spot(row = 1, col = 2)`
            title = view.get("record_titles", {}).get(value["record"])
            if title is not None:   # literal texts at the even places, field names at the odd ones (Record.label)
                def shown(v):   # a list as its items, as Record.label shows it
                    return ", ".join(value_text(x, view) for x in v) if isinstance(v, list) else value_text(v, view)
                return "".join(part if i % 2 == 0 else shown(value["fields"][part]) for i, part in enumerate(title))
            fields = (f"{k} = [{value_text(v, view) if v else ''}]" if isinstance(v, list) else
                      f"{k} = {value_text(v, view)}" for k, v in value["fields"].items())
            return f"{value['record']}({', '.join(fields)})"
    if isinstance(value, str):
        return view.get("titles", {}).get(value, value)
    return str(value)


def _zones_of(view: dict):
    """Every zone of a view as (its label for the viewer, the zone's data)."""
    for i, p in enumerate(view["players"]):
        whose = "your" if i == view["you"] else f"{p['name']}'s"
        for name, z in p["zones"].items():
            yield f"{whose} {screen_name(name, view)}", z
    for actor, a in view["actors"].items():
        for name, z in a["zones"].items():
            yield f"{a.get('title', actor)}'s {screen_name(name, view)}", z
    for name, z in view["zones"].items():
        yield screen_name(name, view), z


def _visible_items(view: dict) -> dict:
    """The entities the viewer can see (their zone's contents, or known by `reveal`/`look`): (the
    zone's label, the entity, whether it is known only: learnt in a zone the viewer does not see
    into), by name; one of alike copies, which has no name of its own in a view, by where it is and
    its place among those that look as it does there, its side aside (`_copy_key`)."""
    found = {}
    for label, z in _zones_of(view):
        at: dict = {}
        for e in z.get("items", z.get("known", ())):
            key = e.get("key", e["name"])
            if "copy" in e:
                key = _copy_key(label, e, at)
            found[key] = (label, e, "items" not in z)
    at = {}
    for a in view.get("aside", ()):   # the cards set aside the viewer sees (`set aside`): "hand → set aside: Haven"
        if "item" in a:
            e = a["item"]
            found[_copy_key("set aside", e, at) if "copy" in e else e.get("key", e["name"])] = ("set aside", e, False)
    return found


def _copy_key(label: str, e: dict, at: dict) -> tuple:
    """The key of one of alike copies in `_visible_items`: (the zone, how it looks but its side,
    its place among those of that look there so far, counted in `at`)."""
    rolled = e.get("rolled")   # a die kept as a piece: the same die whatever face it shows (a roll is no move)
    seen = look({**e, "flipped": None} if rolled is None else
                {**e, "flipped": None, "fields": {k: v for k, v in e["fields"].items() if k != rolled},
                 "changed": {k: v for k, v in e.get("changed", {}).items() if k != rolled}})
    at[seen] = at.get(seen, 0) + 1
    return label, seen, at[seen]


def changed_text(item: dict, view: dict) -> str:
    """The fields play changed on a card of a view (its `changed`), as a screen shows them after the
    card: ` (level 2, dome yes)`, after those its kind `shows` (` (points 4, food 1)`); empty when none."""
    changed = item.get("changed")
    face = item.get("face")   # a die on its face of no value: the face's title (Game.blank_face), not `none`

    def words(k, v) -> str:
        return f"{k} {face if face is not None and k == item.get('rolled') else value_text(v, view)}"

    parts = [words(k, v) for k, v in changed.items()] if changed else []
    shows = view.get("shows", {}).get(item.get("kind")) if "shows" in view else None
    if shows:   # the kind's `shows` fields first, as they stand (a field play changed is among them, once)
        fields = item.get("fields", {})
        listed = [(k, fields[k]) for name in shows for k in fields if k == name or k.startswith(name + "[")]
        parts = [words(k, v) for k, v in listed] + \
            [p for p, k in zip(parts, changed or ()) if k not in dict(listed)]
    printed = item.get("fields", {})
    ways = item.get("ways", {})   # (7.7g: a discounted list cost, every way it may be paid)
    parts += [f"{k} {ways_text(ways.get(k, [v]), lambda x: value_text(x, view))} now, "
              f"{value_text(printed.get(k), view)} printed"
              for k, v in item.get("adjusted", {}).items()]   # (7.7f: as the viewer would read it)
    for k, z in item.get("holds", {}).items():   # a zone the card holds: its cards when seen, else how many
        seen = [item_label(x) for x in z["items"]] if "items" in z else None
        parts.append(f"{screen_name(k, view)} {len(seen)}: {', '.join(seen)}" if seen else f"{screen_name(k, view)} {z['size']}")
    return f" ({', '.join(parts)})" if parts else ""


def learnt(after: dict, before: Optional[dict] = None) -> list[str]:
    """The cards and tiles the viewer has learnt (`reveal`, `look`) since `before` (None: since the
    start), in a zone they do not see into: `you learnt: Card 5 in P2's hand`, one line per zone."""
    known_before = _visible_items(before) if before is not None else {}
    found: dict[str, list[str]] = {}   # the zone's label -> what was learnt there, in its order
    for name, (label, e, known) in _visible_items(after).items():
        if known and name not in known_before:
            found.setdefault(label, []).append(item_label(e, numbered=False))
    return [f"you learnt: {', '.join(items)} in {label}" for label, items in found.items()] + \
        learnt_fields(after, before)


def learnt_fields(after: dict, before: Optional[dict] = None) -> list[str]:
    """The fields of hidden cards the viewer has learnt (`reveal c.colour;`) since `before`, each
    placed where the card was when it was learnt: `P2 learnt: the colour of card 3 of your hand is Red`."""
    told = after.get("learnt_fields", ())
    me = after["players"][after["you"]]["name"]
    lines = []
    for t in told[len(before.get("learnt_fields", ())) if before is not None else 0:]:
        owner, name = t["owner"], screen_name(t["zone"], after)
        zone = name if owner is None else f"{owner}'s {name}" if type(owner) is str else \
            f"your {name}" if owner == after["you"] else f"{after['players'][owner]['name']}'s {name}"
        lines.append(f"{me} learnt: the {t['field'].replace('_', ' ')} of card {t['at']} of {zone} is "
                     f"{value_text(t['value'], after)}")
    return lines


def changes(before: dict, after: dict) -> list[str]:
    """What changed between two views of one player, as lines: counters and variables, the fields
    play changed on the cards the player sees (`set c.level = 2`), the moves of
    the cards and tiles the player can see (from or to a zone they cannot see into), the cards and
    tiles they learnt where they do not see (`learnt`), how many cards
    the zones they cannot see into hold, and sides turned. Built from the views alone, so it tells
    nothing the player's view hides."""
    lines = []

    def moved(old: dict, new: dict) -> list[str]:
        return [f"{screen_name(name, after)} {value_text(old.get(name), before)} → {value_text(v, after)}"
                for name, v in new.items() if old.get(name) != v]

    game = moved(before["globals"], after["globals"]) + moved(before["vars"], after["vars"]) + \
        moved(before.get("shown", {}), after.get("shown", {})) + \
        [f"supply of {line}" for line in moved(before.get("supply", {}), after.get("supply", {}))]
    if game:
        lines.append(", ".join(game))
    for old, new in zip(before["players"], after["players"]):
        theirs = moved(old["stock"], new["stock"]) + moved(old["vars"], new["vars"])
        if theirs:
            lines.append(f"{new['name']}: {', '.join(theirs)}")
    seen_before, seen_after = _visible_items(before), _visible_items(after)
    moves: dict[tuple[str, str], list[str]] = {}   # (from, to) -> what went, in order
    # alike copies have no names in views: one that left a zone and one that came into another,
    # looking the same, are taken to be one that moved (to the viewer they are the same)
    gone = {}   # how a copy that left looks -> the keys of those that left looking so, in order
    for name, (label, e, known) in seen_before.items():
        if type(name) is tuple and name not in seen_after:
            gone.setdefault(name[1], []).append(name)
    paired = {}   # the key of a copy that came -> that of the one that left
    for name in seen_after:
        if type(name) is tuple and name not in seen_before and gone.get(name[1]):
            paired[name] = gone[name[1]].pop(0)
    went = set(paired.values())
    for name in [*seen_before, *(n for n in seen_after if n not in seen_before)]:
        if name in went:
            continue   # told where it came
        was, now = seen_before.get(paired.get(name, name)), seen_after.get(name)
        if was is None and now[2]:
            continue   # learnt where the viewer does not see: said by `learnt`
        if was is not None and now is not None and was[0] == now[0]:
            if was[1]["flipped"] != now[1]["flipped"]:
                lines.append(f"{item_label(now[1])} (in {now[0]}) turned over")
            old, new = was[1]["fields"], now[1]["fields"]
            fields = [f"{k} {value_text(old.get(k), before)} → {value_text(new[k], after)}"
                      for k in dict.fromkeys([*was[1].get("changed", ()), *now[1].get("changed", ())])
                      if k in new and old.get(k) != new[k]]
            if fields:   # a card's fields changed in play (`set c.level = 2`), told as counters are
                lines.append(f"{item_label(now[1])} (in {now[0]}): {', '.join(fields)}")
            continue
        path = (was[0] if was else "unseen", now[0] if now else "out of sight")
        moves.setdefault(path, []).append(item_label((now or was)[1], numbered=False))
    lines.extend(f"{a} → {b}: {', '.join(items)}" for (a, b), items in moves.items())
    lines.extend(learnt(after, before))
    sizes_before = {label: z["size"] for label, z in _zones_of(before) if "items" not in z}
    for label, z in _zones_of(after):
        old = sizes_before.get(label)
        if "items" not in z and old is not None and old != z["size"]:
            lines.append(f"{label}: {old} → {z['size']} ({z['visibility']})")
    return lines
