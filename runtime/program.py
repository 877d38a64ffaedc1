"""The executable form of a pack that the runtime plays: built by codegen or by the interpreter."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

# in runtime/state.py, which the checker loads too: a lint never imports this module (tests/test_startup.py)
from rulebook.dsl.ast import ROLE_KIND, face_rule

from .state import IN_FORCE, MAX_VALUE, SEATS, board_name, by_sides  # noqa: F401 - the engine and view import them from here

# the `is_global` of a global counter some pattern names (Program.heard_globals), in Program.counters: truthy as
# True is, and not True, the one test Game._set_global makes to announce its changes
HEARD = "heard"


# A cost is a function (game, you) -> list of (mode, name, amount), mode in plain/any/different.
CostFn = Callable[..., list]


@dataclass
class SpaceDef:
    """One space of a track: its tier, cost, benefit and optional paid bonus."""

    position: int
    title: Optional[str]
    tier: int
    cost: Optional[CostFn]
    benefit: Callable
    bonus_cost: Optional[CostFn]
    bonus: Optional[Callable]
    span: str
    empty: bool = False   # no benefit: entered for its position only (coverage does not ask for it)


@dataclass
class TrackDef:
    """A track: spaces by position and first-to-reach rewards."""

    name: str
    title: Optional[str]
    spaces: dict
    reaches: dict
    top: int
    shared: bool = False   # `global`: one marker for all players, its position kept in State.globals
    low: int = 0           # a scale (`from LOW to HIGH step S`): the number printed at position 0 ...
    step: int = 0          # ... and how much each space adds (0: the track prints no numbers)
    prints: tuple = ()     # `prints [2, 2, 3]`: the number printed at each position (the start's first)

    def printed_at(self, position: int):
        """The number printed at a position (a scale's, or the `prints` list's); None when the track prints none."""
        if self.prints:
            return self.prints[position]
        return self.low + self.step * position if self.step else None


@dataclass
class GameDef:
    """The game structure: seats, the three phases and the winner's keys."""

    name: str
    title: Optional[str]
    min_players: int
    max_players: int
    setup: Callable
    play: Callable
    final: Callable
    winner_keys: list
    key_columns: list = field(default_factory=list)   # per key: (its rules text, the stocks it adds up)
    fewest: tuple = ()   # the positions of the keys whose lowest value wins (`winner fewest ...`)
    win_if: Optional[Callable] = None   # `winner ... if COND`: nobody (no team) wins unless it holds at the end
    together: bool = False   # `winner together if COND`: a cooperative game, every player wins or none
    team_score: Optional[Callable] = None   # `winner together ... score EXPR`: the team's score, a number
    team_score_text: Optional[str] = None   # ... and its rules text (`score()`), as reports head it
    draw: bool = False   # `winner ... else draw`: no single best player is a draw (`draw: true`, no winner)
    seat_names: tuple = ()   # `seats ... named "White", "Black";`: each seat's name (P1, P2, ... without)
    teams: Optional[tuple] = None   # `seats ... teams 2 alternating;`: (number, by_size, seating), state.team_of_seat
    # `winner most KEY by team`: the teams ranked by their members' keys summed (True), or with `by team once`
    # ("once") by their first members' keys, a value the members share
    by_team: bool | str = False


@dataclass(frozen=True)
class Stack:
    """The packs a Program was compiled from, as a log names them: the base pack (the one named on
    the command line) by name and folder, then the expansions stacked on it (`--with`), in order,
    by folder. Variants are chosen per game, so they are not part of it."""

    pack: str
    location: str
    expansions: tuple = ()


class SeatArgs(dict):
    """The arguments an element's event carries (Program.elements, Program.heard: the counter or variable and its
    indexes) where some indexes are seats (`counter support[player]`): `seated` gives each its player in a game, so
    a pattern binds and compares players (`whenever you gain(support[p])`). Only such elements' are of this type."""

    __slots__ = ("places",)

    def __init__(self, args: dict, places: frozenset):
        super().__init__(args)
        self.places = places

    def seated(self, players: list) -> dict:
        """The arguments with each seat its player (`players`: the game's, in seat order)."""
        return {k: players[v - 1] if k in self.places else v for k, v in self.items()}


@dataclass
class Program:
    """Everything the runtime needs of a pack, whichever backend produced it."""

    name: str
    resources: dict = field(default_factory=dict)   # name -> (cap or None, group or None)
    groups: dict = field(default_factory=dict)      # name -> (cap or None, members)
    # name -> (is_global, low, high); is_global is HEARD (truthy) for a global counter a pattern names (heard_globals)
    counters: dict = field(default_factory=dict)
    floors: dict = field(default_factory=dict)      # per-player counter whose floor is above 0 -> the floor
    starts: dict = field(default_factory=dict)      # counter -> the value it starts at, where not its low (`start`)
    tracks: dict = field(default_factory=dict)      # name -> TrackDef
    entities: dict = field(default_factory=dict)    # name -> EntityDef
    kinds: dict = field(default_factory=dict)       # kind -> [EntityDef] in declaration order
    reactions: list = field(default_factory=list)   # (EntityDef, slot) of each card's reactions, each copy's
    reaction_tids: frozenset = frozenset()          # the triggers those slots register (Game._react finds them)
    # (EntityDef, slot, zones, its offer test or None, its `once per` rest or None) of each card playable at a `window;`
    anytime: list = field(default_factory=list)
    # window name (None for `window;`) -> those of `anytime` that it offers (`at NAME`: the windows so named alone)
    windows: dict = field(default_factory=dict)
    # (card, slot) of the slots a card's kind gives it that never run for it (layout.idle_slots: `when this.boost` of
    # an attack card): not the card's rules for `cover` and `simulate` (live_effects)
    idle: frozenset = frozenset()
    # trigger -> the (stock, +1 or -1) its firing changes, fixed amounts only (layout.order_free): firings of such
    # triggers that agree on each stock's direction run in registration order, unasked (Game._order_simultaneous)
    order_free: dict = field(default_factory=dict)
    # (site, its `once per` rest) of each choose option taken once per PATTERN (Game._periods)
    option_periods: list = field(default_factory=list)
    # the rules positions of the picks whose answer a hidden value keeps, and (position, label) of the choose
    # options that set one: told to the other players masked (hidden.kept_answers)
    kept: frozenset = frozenset()
    # the rules positions of the decisions asked only when a condition on hidden cards holds, or offered by one:
    # not told to the other players at all (hidden.untold_answers, view.Asked.untold)
    untold: frozenset = frozenset()
    # the rules positions of the picks written `always asked`: asked with one candidate too (layout.asked_picks)
    asked: frozenset = frozenset()
    piled: frozenset = frozenset()   # the flat names of the zones of the indexed zones `piles(ZONE)` reads
    # declared card -> the flat names of the zones its slots are used from (`in_force(c)`: Game.card_in_force)
    force_zones: dict = field(default_factory=dict)
    # display (an indexed one's every element, by flat name: `row[2]`) -> (count, source, redeal pile or None, the
    # redeal's test or None, the display's declared name, the index values the test is given)
    shows: dict = field(default_factory=dict)
    zone_caps: dict = field(default_factory=dict)   # zone -> (cap: int or a counter's name, proc) (`cap N over PROC`)
    # (declared entity, effect slot) -> (rt, you, this) -> whether running it now would do something,
    # for the slots a `can copy e.SLOT` tests (none: it would, if the entity has the slot at all)
    slot_tests: dict = field(default_factory=dict)
    zones: dict = field(default_factory=dict)       # name -> (per_player, kinds)
    visibility: dict = field(default_factory=dict)  # zone name -> "hidden" | "secret" (absent: public)
    shown_fields: dict = field(default_factory=dict)   # kind -> its `shown` fields (seen on a hidden card)
    card_shows: dict = field(default_factory=dict)   # kind -> its `shows` list: fields screens show after each card
    # kind -> ((field, event, the event's one parameter), ...) of its fields modifiers adjust (`cost: int for costs;`,
    # 7.7f): screens show them as their viewer would read them (view.adjusted_fields); empty for the other packs
    adjusted_fields: dict = field(default_factory=dict)
    shown_funcs: tuple = ()   # (name, title) of each func declared `shown "Title"`: in every view and on screens
    stocks: dict = field(default_factory=dict)   # kind -> its stock fields (`eggs: stock;`) -> whether it has a cap
    held: dict = field(default_factory=dict)   # kind -> the zones its cards hold (`tucked: zone of card;`) -> visibility
    records: dict = field(default_factory=dict)   # record -> its fields' names, in order
    counted: frozenset = frozenset()                # the zones a func ranges over (simulate: cards held there are used)
    refills: dict = field(default_factory=dict)     # deck -> (zone a draw shuffles in when it runs out, that zone is shared)
    # the decks whose refills are counted (`refills(deck)` read, or `refills from PILE N times`) -> N (None: no limit)
    refill_counts: dict = field(default_factory=dict)
    glimpses: dict = field(default_factory=dict)    # zone -> (`top public`, `size owner`): zones that say either
    # a shared zone whose items' faces a field's player sees (`seen by side`) or does not (`hidden from holder`) ->
    # ("seen by" | "hidden from", the field): view.seen reads it per item; empty for the other packs
    faces: dict = field(default_factory=dict)
    indexed: dict = field(default_factory=dict)     # indexed counter or zone -> {index: flat name}
    # an indexed counter, variable or zone whose index is a board's cell -> {record: flat name}, filled by play as
    # cells are read (`Game.at`): a cell's name is then one lookup, not its fields taken apart each time
    cell_names: dict = field(default_factory=dict, compare=False, repr=False)
    # an indexed zone read by `index ... of ITEM in GRID` -> {flat name: index}, `indexed` turned round by play when
    # first read: the element a card lies in is then one lookup
    grid_keys: dict = field(default_factory=dict, compare=False, repr=False)
    # a counter or variable indexed by a record of an enum and a range (a chess square) -> the range's place in its
    # keys: its board is shown with the range as rows, highest first (grids)
    ranked: dict = field(default_factory=dict)
    internal: frozenset = frozenset()   # the variables declared `internal` and their elements: kept off screens and views
    hidden_vars: frozenset = frozenset()   # the (per-player) variables and counters declared `hidden`: in their holder's view only
    variables: dict = field(default_factory=dict)   # var -> (is_global, default value)
    member_titles: dict = field(default_factory=dict)   # enum member (or resource, a value of a group) -> its title
    record_titles: dict = field(default_factory=dict)   # record -> its title's parts (state.Record.label)
    shapes: dict = field(default_factory=dict)   # record with a shape -> the tuples of field values it keeps
    domains: dict = field(default_factory=dict)   # record -> its values, once worked out (Game.record_values)
    # (cell, around, axes) -> the cells next to it, once worked out (Game.cell_neighbours): a path search reads them
    neighbours: dict = field(default_factory=dict)
    labels: dict = field(default_factory=dict)   # stock, counter, zone, var, track -> its title on screens
    actors: list = field(default_factory=list)
    actor_titles: dict = field(default_factory=dict)   # actor -> its title: how prompts, messages and the trace name it
    dice: dict = field(default_factory=dict)        # name -> [(title, fn, value fn or None)]
    die_titles: dict = field(default_factory=dict)  # die name -> its title, where it has one
    variant_rules: dict = field(default_factory=dict)   # variant -> (its `when` as written, condition fn)
    supplies: dict = field(default_factory=dict)    # resource -> (fn(game, you) -> its supply, its position)
    overdrawn: frozenset = frozenset()              # the supplied resources declared `overdraw`: gains are never cut
    # a global counter's bank (`supply 24 per disease short no_cubes_left`): each element of it -> its bank's key
    # in `supplies` and State.supply (`cubes[red]`, or the counter's name for one bank), and -> (the `short`
    # proc, the arguments it is given before the number missing) for a counter that names one
    banked: dict = field(default_factory=dict)
    bank_short: dict = field(default_factory=dict)
    # counter (each element of an indexed one) whose start is worked out from the seats -> (fn(game, you) -> it,
    # its position); empty for the other packs (Game.seated_start)
    seated: dict = field(default_factory=dict)
    overflows: dict = field(default_factory=dict)   # resource -> the proc a `gain` past its cap hands the excess (`over`)
    shortfalls: dict = field(default_factory=dict)   # resource -> the proc its `shortfall` runs as (Game.lose_short)
    die_fields: dict = field(default_factory=dict)   # kind -> (its field typed by a die, the die): dice kept as pieces
    triggers: dict = field(default_factory=dict)    # tid -> (fn, span)
    # modifier id -> (its question, None when it is not optional; its consequence fn(game, holder, the use's
    # args, env), a generator, or None): the modifiers that ask or cost something to use (7.7d)
    hooks: dict = field(default_factory=dict)
    conditions: dict = field(default_factory=dict)  # modifier or trigger id -> fn(game, owner, env, the use's or event's args) -> bool (`while`)
    # (card modifier id, line) -> fn(game, owner, env, the use's args) -> its amount, worked out at each use (7.7b)
    amounts: dict = field(default_factory=dict)
    # the triggers and modifiers that read `it.subject`: their args carry the event's subject (the use's player)
    subjects: frozenset = frozenset()
    modifier_phases: dict = field(default_factory=dict)   # modifier id -> the game's phase it is written in (the trace's name)
    phase_names: tuple = ()   # the game's named phases (3.16a), in the order they run: screens show the one under way
    # an element of an indexed counter a pattern names (`gain(warriors[c])`) -> what its gain, loss and
    # payment carry besides `res`: the counter ("res[]") and each index ("[0]", ...); empty for the other packs
    elements: dict = field(default_factory=dict)
    # a variable (each element of an indexed one) a `set` pattern names (`whenever you set(pawn)`) -> what its
    # change announces besides `name`, `old` and `new`: the variable ("res[]") and each index ("[0]", ...), as
    # an element's gain; empty for the other packs, whose sets announce nothing (Game.set_heard_var)
    heard: dict = field(default_factory=dict)
    # the global counters (each element of an indexed one) a `gain` or `lose` pattern names (`whenever anyone
    # gain(oceans)`): their changes announce, the acting player the subject (Game._set_global, which tells them by
    # their `is_global` of HEARD in `counters`); empty for the other packs, whose global counters' changes cost
    # what they did
    heard_globals: frozenset = frozenset()
    # the remembered positions (3.3b): (name, the flat names of its variables' elements), in the order State.seen
    # keeps their records, and each such element's name -> its position's place in that list; empty for the others
    memories: list = field(default_factory=list)
    remembered: dict = field(default_factory=dict)
    zobrist: dict = field(default_factory=dict)   # (element, type, value) -> its 128-bit value (Game._zobrist), as met
    procs: dict = field(default_factory=dict)       # name -> fn
    funcs: dict = field(default_factory=dict)       # name -> fn
    computed_defaults: dict = field(default_factory=dict)   # kind -> {computed field: fn(game, reader, this)}
    game: Optional[GameDef] = None
    variants: dict = field(default_factory=dict)    # name -> title
    options: dict = field(default_factory=dict)     # numeric option -> (title, low, high, default)
    listed: dict = field(default_factory=dict)      # an option of listed values (`9 | 13 | 19`) -> those values
    # an indexed counter or variable whose index is a record sized by an option (`var board[point]`, `col: 1..size;`)
    # -> ((the place in its elements' keys, the option), ...): an element past an option's value is not in play
    # (Game._trim_sized: the state holds none of it); empty for the other packs
    sized: dict = field(default_factory=dict)
    line_map: dict = field(default_factory=dict)    # generated line -> "file:line"
    # generated line -> ((start, end, "file:line:col"), ...): the columns of each case's result of a
    # `match` expression on it (compiled packs only; `cover --branches` reads it)
    case_map: dict = field(default_factory=dict)
    module_file: Optional[str] = None
    digest: str = ""
    stack: Optional[Stack] = None   # where it was compiled from (None: from a text, not a pack)
    roles: dict = field(default_factory=dict)   # role -> the flat names of its counters, vars and zones (its holders' alone)
    seat_roles: tuple = ()   # `seats ... roles R1, R2, ...`: each seat's role from the start, in seat order
    # "at random" (any of them) or "shuffled" (the first as many as seats): dealt by the game's RNG ("": in order)
    seat_roles_dealt: str = ""
    role_bases: dict = field(default_factory=dict)   # a func or proc roles override -> its pack version's hidden name
    sides: dict = field(default_factory=dict)   # a flat name of a `shared` role's state -> the role (its side sees it)
    veiled_roles: frozenset = frozenset()   # the `hidden` roles: who holds one is its holders' to know
    # the `hidden` roles written `known to holders`: their holders see each other (the spies); the others' see
    # nobody but themselves (the resistance)
    known_roles: frozenset = frozenset()
    veiled: dict = field(default_factory=dict)   # a flat name of a `hidden` role's state -> the role
    # a kept answer (Program.kept) kept only in the state of a role whose holders see each other's -> the role:
    # told in full to the asked player's fellow holders (hidden.side_answers)
    kept_sides: dict = field(default_factory=dict)
    role_scoped: frozenset = frozenset()   # every role's state's flat names (no player has them until given the role)
    _starting: Optional[tuple] = field(default=None, repr=False, compare=False)
    _limited: Optional[frozenset] = field(default=None, repr=False, compare=False)
    _alike: Optional[frozenset] = field(default=None, repr=False, compare=False)
    _card_elements: Optional[dict] = field(default=None, repr=False, compare=False)
    _grids: Optional[dict] = field(default=None, repr=False, compare=False)
    _lists: Optional[dict] = field(default=None, repr=False, compare=False)
    _field_values: dict = field(default_factory=dict, repr=False, compare=False)
    _reset_plans: dict = field(default_factory=dict, repr=False, compare=False)

    def alike_copies(self) -> frozenset:
        """The copies of `* N` declarations that have a twin: another copy of the declaration with
        the same title and the same fields (`card contessa "Contessa" * 3`), so that only a copy
        number, which a seat must not see (docs/language.md 9), would tell them apart; by name.
        Copies whose titles or fields differ ("{rank} of Diamonds", `value = copy_number`) are told
        apart by what differs. Once per program."""
        if self._alike is None:
            looks: dict = {}
            for e in self.entities.values():
                looks.setdefault((e.declared, e.title, repr(sorted(e.fields.items()))), []).append(e.name)
            self._alike = frozenset(name for names in looks.values() if len(names) > 1 for name in names)
        return self._alike

    def field_values(self, kind: str, name: str) -> list:
        """The values a field of a kind may have, as a player who knows the rules counts them: those the kind's
        cards are declared with, each once, in the order first met (what `reveal c.colour == red;` answered
        "no" rules out of them: `possible`, 4.23). Once per program and field."""
        values = self._field_values.get((kind, name))
        if values is None:
            values = []
            for e in self.kinds.get(kind, ()):
                v = e.fields.get(name)
                if v is not None and v not in values:
                    values.append(v)
            self._field_values[(kind, name)] = values
        return values

    def card_elements(self) -> dict:
        """The elements of indexed counters and variables whose index is or holds a card or tile (a
        declaration: its copies share the element): flat name (`told[guard]`) -> the names of those
        cards, every copy (a view leaves the element out unless its player sees them all). Once per
        program."""
        if self._card_elements is None:
            copies: dict = {}   # a declaration -> its cards (`guard`, `guard#2`, ...)
            for name in self.entities:
                copies.setdefault(name.partition("#")[0], []).append(name)
            self._card_elements = {}
            for elements in self.indexed.values():
                for index, flat in elements.items():
                    if flat not in self.variables and flat not in self.counters:
                        continue   # a zone's element: its contents are shown as its visibility says
                    parts = index if isinstance(index, tuple) else str(index).split(",")
                    cards = [c for p in map(str, parts) for c in copies.get(p, [p] if p in self.entities else [])]
                    if cards:
                        self._card_elements[flat] = cards
        return self._card_elements

    def track_prints(self) -> dict:
        """Each track that prints numbers (a scale, a `prints` list) -> the number printed at each position."""
        return {name: [t.printed_at(pos) for pos in range(t.top + 1)] for name, t in self.tracks.items()
                if t.step or t.prints}

    def grids(self) -> dict:
        """The counters and variables declared with two indexes or more (`var wall[1..5, 1..5]`,
        `var meeple[1..15, 1..15, side]`), which screens show as boards: board name -> (the first
        index's values: the rows, the second's: the columns, the element's flat name by (row, column),
        the values of the indexes after the first two: none for two indexes), in declaration order. A
        grid of two indexes is one board, named as the grid; one of more is a board for each value of
        the indexes after the first two (`meeple[*,*,north]`, see board_name). Zones with indexes are
        not among them (a zone is shown by its contents). Once per program."""
        if self._grids is None:
            self._grids = {}
            for base, elements in self.indexed.items():
                if not elements or not all(isinstance(index, tuple) for index in elements) or by_sides(elements):
                    continue   # one index, or none (a board's sides are listed one by one)
                if any(flat not in self.variables and flat not in self.counters for flat in elements.values()):
                    continue   # a zone's elements
                boards: dict = {}   # the indexes after the first two -> that board's cells
                rank = self.ranked.get(base)
                for index, flat in elements.items():   # a board of a chess square's: (rank, file) -> its element
                    place = index[:2] if rank is None else (index[rank], index[1 - rank])
                    boards.setdefault(index[2:], {})[place] = flat
                for rest, cells in boards.items():
                    rows = list(dict.fromkeys(index[0] for index in cells))
                    columns = list(dict.fromkeys(index[1] for index in cells))
                    if all(type(c) is int for c in columns):   # (a shaped board's rows start at different numbers)
                        columns.sort()
                    if rank is not None:   # the highest rank at the top, as a board is printed
                        rows.reverse()
                    self._grids[board_name(base, rest)] = (rows, columns, cells, rest)
        return self._grids

    def lists(self, internal: bool = False) -> dict:
        """The counters and variables declared with one index (`var station[city]`), which screens show as
        one entry each, naming only the elements away from their start (`Research station: Atlanta,
        Paris`): name -> {`title` (the declaration's, as its elements' labels start: else its name),
        `elements` (flat name -> its index's title, in declaration order), `start` (flat name -> the
        value it starts at), `per_player`, and `table` (true alone) for a variable indexed by enum members
        or records whose values are not conditions (`var owner[province]: player`), which screens show as
        a table, a row per element (console.list_table)}. Those declared `internal` are not among them (no player's
        screen shows them) unless `internal` is given (`play --show-state` shows them, marked). Once per program."""
        if self._lists is None:
            self._lists = {}
            stock, values, _zones, counters, variables, _shared = self.starting_values()
            starts = {**stock, **values, **counters, **variables}
            for base, elements in self.indexed.items():
                sides = by_sides(elements)
                if not elements or any(isinstance(index, tuple) for index in elements) and not sides:
                    continue   # a grid (a board)
                flats = list(elements.values())
                if any(flat not in self.variables and flat not in self.counters for flat in flats):
                    continue   # a zone's elements
                titles = {flat: self.side_title(base, flat) if sides else self.index_title(index)
                          for index, flat in elements.items()}
                first = flats[0]
                label = self.label(first)
                title = self.label(base) if sides else \
                    label[:-len(titles[first]) - 1] if label.endswith(" " + titles[first]) else base
                spec = self.counters.get(first) or self.variables[first]
                self._lists[base] = {"title": title, "elements": titles, "start": {f: starts.get(f) for f in flats},
                                     "per_player": not spec[0]}
                if first not in self.counters and not any(type(index) is int for index in elements) \
                        and not all(starts.get(f) is False for f in flats):
                    self._lists[base]["table"] = True   # a map's spaces, each holding a value: one row each
        if internal or not self.internal:
            return self._lists
        return {base: spec for base, spec in self._lists.items() if base not in self.internal}

    def seat_places(self) -> dict:
        """The counters, variables and zones indexed by players (`counter support[player]`, `var owner[spot]` of a
        record with a player's field) -> the places of their elements' keys that are seats (0 for one index, a grid's
        or a record's axis otherwise); empty for the other packs."""
        return {base: frozenset(at for at, option, _members in places if option == SEATS)
                for base, places in self.sized.items() if any(option == SEATS for _at, option, _m in places)}

    def index_title(self, index) -> str:
        """One index of an element as a screen heads it: an enum member by its title, a card by its
        declaration's title, a number as it is."""
        if index in self.member_titles:
            return self.member_titles[index]
        e = self.entities.get(index) if isinstance(index, str) else None
        return e.title or index if e is not None else str(index)

    def side_title(self, base: str, flat: str) -> str:
        """A side of a board's cells (`var wall[edge of square]`) as a screen heads it: its cells by the record's title
        (`c3|c4`, compiler.layout.edge_label), else as its element is named (`c,3|c,4`)."""
        label, title = self.label(flat), self.label(base)
        return label[len(title) + 1:] if label != flat and label.startswith(title + " ") else flat[len(base) + 1:-1]

    def label(self, name: str) -> str:
        """How screens show a resource, counter, zone, variable or track: by its title (see
        `compiler.layout.labels`), else as declared."""
        return self.labels.get(name, name)

    def live_effects(self, e) -> dict:
        """A card's effect slots that can run for it: all but those its kind gives it in name only (`idle`)."""
        if not self.idle:
            return e.effects
        return {slot: fn for slot, fn in e.effects.items() if (e.name, slot) not in self.idle}

    def limited(self) -> frozenset:
        """The resources and counters with a cap or a ceiling (a gain of them must look), once per program."""
        if self._limited is None:
            self._limited = frozenset(
                {n for n, (cap, group) in self.resources.items() if cap is not None or group is not None} |
                {n for n, (_g, _low, high) in self.counters.items() if high is not None})
        return self._limited

    def starting_values(self) -> tuple:
        """What every game starts with, worked out once per program: (a holder's stocks, a holder's
        variables, the zones each holder has, the global counters, the global variables, the shared
        zones). Resources and tracks start at 0, counters at their `start` or their floor, variables at their default."""
        if self._starting is None:
            stock = {name: 0 for name in self.resources}
            stock.update((name, self.starts.get(name, low or 0)) for name, (is_global, low, _high)
                         in self.counters.items() if not is_global)
            stock.update((name, 0) for name, t in self.tracks.items() if not t.shared)
            self._starting = (
                stock,
                {name: default for name, (is_global, default) in self.variables.items() if not is_global},
                [name for name, (per_player, _kind) in self.zones.items() if per_player],
                {**{name: self.starts.get(name, low or 0) for name, (is_global, low, _high) in self.counters.items()
                    if is_global}, **{name: 0 for name, t in self.tracks.items() if t.shared}},
                {name: default for name, (is_global, default) in self.variables.items() if is_global},
                [name for name, (per_player, _kind) in self.zones.items() if not per_player],
            )
        return self._starting

    def reset_plan(self, fields: tuple) -> Optional[tuple]:
        """The fields a `reset ... of KIND;` puts back (`fields`: (kind, field names), ...), worked out once
        per program: every (entity, field, declared value) in the order `Game.reset` sets them (kind by
        kind, entity by entity in declaration order, field by field); None when one of the kinds is
        per-player (its copies are made during play, so `Game.reset` walks them each time)."""
        plan = self._reset_plans.get(fields, False)
        if plan is False:
            kinds = self.kinds
            if any(e.per_player for kind, _names in fields for e in kinds.get(kind, ())):
                plan = None
            else:
                plan = tuple((e, name, e.fields[name]) for kind, names in fields
                             for e in kinds.get(kind, ()) for name in names)
            self._reset_plans[fields] = plan
        return plan

    def seats(self) -> range:
        """The player counts the pack's game is for (`seats 2 to 5` gives range(2, 6)); empty when
        the pack declares no game. `variants` (name -> title) lists the variants a game may switch on."""
        g = self.game
        return range(g.min_players, g.max_players + 1) if g is not None else range(0)



def is_reaction_slot(name: str) -> bool:
    """Whether an entity's effect slot is a reaction's, `whenever EVENT in ZONE` (dsl.ast.Reaction.slot_name:
    a name no field can have), or a card's modifier, `modifier EVENT in ZONE` (dsl.ast.HeldModifier): each
    player is given both for every copy as the game is made (Game._react)."""
    return name.startswith(("whenever ", "modifier "))


def anytime_zones(name: str) -> Optional[tuple]:
    """The zones of an entity's `anytime in ZONE, ...` slot (dsl.ast.Anytime.slot_name), None for another
    slot."""
    return tuple(name[len("anytime in "):].split(" at ")[0].split(", ")) if name.startswith("anytime in ") else None


def anytime_windows(name: str) -> tuple:
    """The windows of an entity's `anytime in ZONE, ... at WINDOW, ...` slot (dsl.ast.Anytime.slot_name): (None,)
    for one without `at` (offered at each `window;`)."""
    _zones, at, windows = name.partition(" at ")
    return tuple(windows.split(", ")) if at else (None,)


def _cards_in_records(program: Program, cards: dict) -> None:
    """Put the cards in the records kept from the start (variables' starts, cards' fields): the tables
    name them (`claim(card = "t1", ...)`), in the fields `cards` lists for each record (those of a kind's
    type or a list of them); a record inside another, or in a list, is looked into as well."""
    from .state import Record

    entities = program.entities

    def card(v):   # a card by name, or a list (of lists) of them
        return entities[v] if type(v) is str else [card(x) for x in v] if type(v) is list else v

    def put(v):
        if type(v) is list:
            return [put(x) for x in v]
        if type(v) is Record:
            own = cards.get(v.record, ())
            return Record(v.record, {k: card(x) if k in own else put(x) for k, x in v.fields.items()})
        return v

    program.variables = {name: (is_global, put(default)) for name, (is_global, default) in program.variables.items()}
    for e in entities.values():
        for k, v in e.fields.items():
            if type(v) in (Record, list):
                e.fields[k] = put(v)


def _nothing(rt, you):
    """The benefit of a space of a scale that the track does not write: nothing."""
    return
    yield


def assemble(tables: dict, fns: dict) -> Program:
    """Build a Program from a pack's data tables and its effect callables, keyed as the layout names
    them: the one place both backends (the generated module and the interpreter) assemble a pack."""
    from .state import EntityDef

    program = Program(tables["name"])
    for key in ("resources", "groups", "counters", "zones", "visibility", "actors", "variants"):
        setattr(program, key, tables[key])
    program.actor_titles = tables.get("actor_titles", {})
    # a player's counter is paid only down to a floor above 0, as a global's is (Game.affordable)
    program.floors = {name: low for name, (shared, low, _high) in program.counters.items()
                      if not shared and low is not None and low > 0}
    indexed = tables.get("indexed", {})   # an `anytime in row` slot is used from each of row's zones
    spread = {base: tuple(flat for _i, flat in pairs) for base, pairs in indexed.items()}
    # (card, anytime slot) -> its `once per` pattern as a trigger's rest: (subject mode, event, no filters)
    periods = {(name, slot): (subject, event, {}) for name, slot, subject, event in tables.get("periods", ())}
    own: dict = {}   # entity -> its computed fields' callables (copies share their declaration's)
    for key, fn in fns.items():
        if key[0] == "can":   # ("can", entity, slot): `can copy e.SLOT`
            program.slot_tests[key[1], key[2]] = fn
        if key[0] == "computed":   # ("computed", kind, entity or None for the kind's default, field)
            _c, kind, name, field_name = key
            (program.computed_defaults.setdefault(kind, {}) if name is None else own.setdefault(name, {}))[field_name] = fn
    # a `shared` role is each of its holders' own copy, as a card of a `per_player` kind (copy_for)
    sides = frozenset(tables.get("roles", {}).get("shared", ()))
    for kind, name, title, fields, slots, span, per_player, source, number in tables["entities"]:
        e = EntityDef(kind, name, title, dict(fields), {s: fns["entity", source, s] for s in slots}, span,
                      per_player or kind == ROLE_KIND and name in sides, number)
        defaults = program.computed_defaults.get(kind, {})
        e.computed = {**defaults, **own[source]} if source in own else defaults
        program.entities[name] = e
        program.kinds.setdefault(kind, []).append(e)
        program.reactions += [(e, s) for s in slots if is_reaction_slot(s)]
        program.anytime += [(e, s, tuple(f for z in anytime_zones(s) for f in spread.get(z, (z,))),
                             fns.get(("offer", source, s)), periods.get((source, s)))
                            for s in slots if anytime_zones(s) is not None]
    for card in program.anytime:   # which windows offer each (Game.window)
        for window in anytime_windows(card[1]):
            program.windows.setdefault(window, []).append(card)
    program.idle = frozenset(map(tuple, tables.get("idle", ())))
    program.kept = frozenset(tuple(k) if isinstance(k, list) else k for k in tables.get("kept", ()))
    program.untold = frozenset(tables.get("untold", ()))
    program.asked = frozenset(tables.get("asked", ()))
    program.order_free = {tid: tuple(map(tuple, moves)) for tid, moves in tables.get("order_free", ())}
    program.option_periods = [(site, (subject, event, {})) for site, subject, event in tables.get("option_periods", ())]
    program.zone_caps = dict(tables.get("zone_caps", {}))
    program.force_zones = {card: frozenset(f for z in zones for f in spread.get(z, (z,)))
                           for card, zones in tables.get("force_zones", {}).items()}
    program.shows = {name: (count, source, pile, fns["redeal_when", display] if pile is not None else None, display, args)
                     for name, count, source, pile, display, args in tables.get("shows", ())}
    program.starts = dict(tables.get("starts", {}))
    program.overflows = dict(tables.get("overflows", {}))
    program.shortfalls = dict(tables.get("shortfalls", {}))
    program.die_fields = {k: tuple(v) for k, v in tables.get("die_fields", {}).items()}
    program.shown_fields = {kind: tuple(names) for kind, names in tables.get("shown_fields", {}).items()}
    program.card_shows = {kind: tuple(names) for kind, names in tables.get("card_shows", {}).items()}
    program.adjusted_fields = {kind: tuple(map(tuple, fields)) for kind, fields in tables.get("adjusted_fields", {}).items()}
    program.shown_funcs = tuple((name, title) for name, title in tables.get("shown_funcs", ()))
    program.stocks = dict(tables.get("stocks", {}))
    program.held = dict(tables.get("held", {}))
    if "roles" in tables:
        program.roles = {role: tuple(names) for role, names in tables["roles"]["roles"]}
        program.seat_roles = tuple(tables["roles"]["seats"])
        program.seat_roles_dealt = tables["roles"].get("dealt", "")
        program.role_bases = dict(tables["roles"].get("bases", ()))
        program.sides = {name: role for role in sides for name in program.roles[role]}
        program.veiled_roles = frozenset(tables["roles"].get("hidden", ()))
        program.known_roles = frozenset(tables["roles"].get("known", ()))
        program.veiled = {name: role for role in program.veiled_roles for name in program.roles[role]}
        program.role_scoped = frozenset(n for names in program.roles.values() for n in names)
        program.kept_sides = {tuple(k) if isinstance(k, list) else k: role for k, role in tables["roles"].get("kept", ())}
    program.records = {name: tuple(names) for name, names in tables.get("records", {}).items()}
    program.counted = frozenset(tables.get("counted", ()))
    program.refills = {deck: tuple(source) for deck, source in tables.get("refills", {}).items()}
    program.refill_counts = dict(tables.get("refill_counts", {}))
    program.glimpses = {zone: tuple(words) for zone, words in tables.get("glimpses", {}).items()}
    program.faces = {zone: rule for zone, words in program.visibility.items() for rule in [face_rule(words)] if rule}
    for zone, (_words, name) in program.faces.items():   # who sees a face is the table's to see (whose piece it is)
        for kind in program.zones[zone][1]:
            if name not in program.shown_fields.get(kind, ()):
                program.shown_fields[kind] = (*program.shown_fields.get(kind, ()), name)
    program.internal = frozenset(tables.get("internal", ()))
    program.hidden_vars = frozenset(tables.get("hidden_vars", ()))
    program.indexed = {base: dict(pairs) for base, pairs in tables.get("indexed", {}).items()}
    program.ranked = dict(tables.get("ranked", {}))
    program.piled = frozenset(flat for base in tables.get("piled", ()) for flat in program.indexed.get(base, {}).values())
    program.member_titles = dict(tables.get("member_titles", {}))
    program.record_titles = {name: tuple(parts) for name, parts in tables.get("record_titles", {}).items()}
    program.shapes = {name: frozenset(map(tuple, kept)) for name, kept in tables.get("shapes", {}).items()}
    program.labels = dict(tables.get("labels", {}))
    program.labels.update(program.shown_funcs)   # a shown func goes by its title on screens

    def named(default):   # a start naming a card, or a list (of lists) of cards (`var kept: list of token = [gem]`)
        return program.entities[default] if type(default) is str else [named(x) for x in default] \
            if type(default) is list else default
    program.variables = {name: (is_global, named(default) if holds_entity else default)
                         for name, (is_global, default, holds_entity) in tables.get("variables", {}).items()}
    for name, field_name, target in tables["entity_refs"]:   # a card, or a list of cards
        program.entities[name].fields[field_name] = program.entities[target] if type(target) is str else \
            [program.entities[t] for t in target]
    if "record_cards" in tables:   # records kept from the start that name cards: the cards put in
        _cards_in_records(program, tables["record_cards"])
    for name, title, spaces, reaches, top, *shape in tables["tracks"]:
        program.tracks[name] = TrackDef(name, title, {
            pos: SpaceDef(pos, space_title, tier, fns.get(("cost", name, pos)), fns["benefit", name, pos],
                          fns.get(("bonus_cost", name, pos)), fns.get(("bonus", name, pos)), span, empty)
            for pos, space_title, tier, span, empty in spaces
        }, {pos: fns["reach", name, pos] for pos in reaches}, top, *shape[:3], *map(tuple, shape[3:]))
        if shape:   # (shared, low, step): a scale's spaces not written are empty ones, as `space N {}` is
            t = program.tracks[name]
            for pos in range(1, top + 1):
                if pos not in t.spaces:
                    t.spaces[pos] = SpaceDef(pos, None, 0, None, _nothing, None, None, "", True)
            t.spaces = dict(sorted(t.spaces.items()))
    program.options = dict(tables.get("options", {}))
    program.listed = dict(tables.get("listed", {}))
    program.sized = dict(tables.get("sized", {}))
    program.variant_rules = {name: (text, fns["variant_when", name]) for name, text in tables.get("variant_rules", ())}
    program.supplies = {name: (fns["supply", name], at) for name, at in tables.get("supplies", ())}
    program.overdrawn = frozenset(tables.get("overdrawn", ()))
    for name, per, short in tables.get("banks", ()):   # a global counter's bank: one, or one per member of an index
        amount = program.supplies.pop(name)
        for index, flat in (program.indexed[name].items() if name in program.indexed else ((None, name),)):
            member = None if per is None else (index if type(index) is tuple else (index,))[per]
            key = name if per is None else f"{name}[{member}]"
            program.supplies[key] = amount
            program.banked[flat] = key
            if per is not None and key not in program.labels:   # screens show a bank by the counter's title and member's
                shown = program.member_titles.get(member, getattr(program.entities.get(member), "title", None) or member)
                program.labels[key] = f"{program.label(name)}, {shown}"
            if short is not None:
                program.bank_short[flat] = (short, () if per is None else (program.entities.get(member, member),))
    for name, at in tables.get("seated", ()):
        for flat in (program.indexed[name].values() if name in program.indexed else (name,)):
            program.seated[flat] = (fns["start", name], at)
    program.die_titles = dict(tables.get("die_titles", {}))
    for name, faces in tables["dice"]:
        program.dice[name] = [(title, fns["face", name, i], fns.get(("face_value", name, i)))
                              for i, title in enumerate(faces)]
    for tid, span in tables["triggers"]:
        program.triggers[tid] = (fns["trigger", tid], span)
    program.conditions = {mid: fns["condition", mid] for mid in tables.get("conditions", ())}
    program.amounts = {(mid, line): fns["amount", mid, line] for mid, line in tables.get("amounts", ())}
    program.hooks = {mid: (ask, fns["consequence", mid] if then else None) for mid, ask, then in tables.get("hooks", ())}
    program.subjects = frozenset(tables.get("subjects", ()))
    program.modifier_phases = dict(tables.get("modifier_phases", {}))
    program.phase_names = tuple(tables.get("phases", ()))
    seats = program.seat_places()

    def event_args(base: str, keys: tuple) -> dict:   # an index of players: the seat, its player in each game
        args = {"res[]": base, **{f"[{i}]": program.entities.get(k, k) if type(k) is str else k for i, k in enumerate(keys)}}
        return SeatArgs(args, frozenset(f"[{i}]" for i in seats[base])) if base in seats else args
    for base in tables.get("watched", ()):   # an index of a counter indexed by a kind is the declared card
        for index, flat in program.indexed[base].items():
            program.elements[flat] = event_args(base, index if type(index) is tuple else (index,))
    for base in tables.get("heard", ()):   # likewise for a variable's set (an unindexed one: itself)
        for index, flat in (program.indexed[base].items() if base in program.indexed else ((None, base),)):
            program.heard[flat] = event_args(base, () if index is None else index if type(index) is tuple else (index,))
    program.heard_globals = frozenset(flat for base in tables.get("heard_globals", ())
                                      for flat in (program.indexed[base].values() if base in program.indexed else (base,)))
    if program.heard_globals:   # their `is_global` is HEARD: Game._set_global announces their changes
        program.counters = {**program.counters, **{flat: (HEARD, *program.counters[flat][1:])
                                                   for flat in program.heard_globals}}
    for i, (position, bases) in enumerate(tables.get("remembered", ())):   # (each variable's elements, flat)
        flats = [flat for base in bases for flat in (program.indexed[base].values() if base in program.indexed else (base,))]
        program.memories.append((position, flats))
        program.remembered.update(dict.fromkeys(flats, i))
    program.procs = {name: fns["proc", name] for name in tables["procs"]}
    program.funcs = {name: fns["func", name] for name in tables["funcs"]}
    if tables["game"] is not None:
        name, title, low, high, keys, columns, fewest, win_if, together, team_score = tables["game"]
        program.game = GameDef(name, title, low, high, fns["setup",], fns["play",], fns["final",],
                               [fns["key", i] for i in range(keys)], [(t, list(parts)) for t, parts in columns],
                               tuple(fewest), fns["win_if",] if win_if else None, together,
                               fns["team_score",] if team_score is not None else None, team_score,
                               tables.get("draw", False), tuple(tables.get("seat_names", ())),
                               tuple(tables["teams"]) if "teams" in tables else None, tables.get("by_team", False))
    return program
