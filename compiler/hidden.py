"""Which values filled into a decision's prompt or an option's label are open: worked out from nothing
hidden, so the hot seat may tell another player an answer with them filled in.

A prompt is written for the player who decides, and may show what only they can see: `may "tell
nobody that {p} holds {c}?"` of a card they looked at. The hot seat tells the other players each
answer (runtime/agents.py HumanAgent); each value there is shown to a player only as their own view
could show it (runtime/view.py `told`): a card or tile is checked where it is when the answer is
given; any other value (a number, a member, a player, a text) is shown unless this analysis finds it
may be worked out from hidden cards, when it is masked (`…`) from every other player.

The analysis is a may-analysis, flow-insensitive within each declaration: a value is hidden when its
expression reads the contents of a `hidden` or `secret` zone (its size is public: `size(hand)` is not
hidden), the current card or event (`this`, `it`), a local bound from a hidden value (`let`, `set`, a
`for each` or `pick` over or filtered by one, an aggregate's variable), a proc's parameter some call
passes a hidden value to, or a func (or a proc's `return`) whose value may be hidden: a func's by what
it reads itself, or at a call by its arguments (`price(c)` of a chain picked is open, `price(c)` of a
chain next to a tile in a hidden hand is not), or a local set under a condition on hidden cards
(`if holds(you, duke) { set x = 1; }`: an `if`, a `match`, an option's or a `may`'s `when`, a `for
each`'s `where`), whose value tells the condition. A part the analysis did not reach counts as hidden
(it only masks more). A decision asked under such a condition, or offered by one, is not told the
other players at all (`untold_answers`), nor is one asked within a call made under one, in the proc called
or any it calls (`untold_calls`: the backends run such a call in `Game.untold_call`).

The deciding player's own question is masked too where it could show what they may not see: a card
or tile they cannot see where it is, and a value worked out (by the same analysis, without `this`
and `it`) from a `secret` zone or the asker's own zone `hidden from owner` (`hand`, `you.hand`, a func
reading `p.hand` of a parameter given `you`: another player's, read through `left` or a parameter,
is one they see -- Hanabi's clue giver counting the colours of the hand they clue; read through a
local that turns out to be the asker it shows, the one place the analysis trusts how it is written),
or from a `hidden` zone read through another holder than `you` (`victim.hand`: `{c.worth}` of a card picked at random from it is masked from the
thief; read through a player who turns out to be the asker, it is masked all the same). A pick's own
variable shows its asker one of their options: it is open to them when its domain is (a member of an
enum filtered by a `where` on hidden cards; which options are offered is W523's and W534's), and
whatever its domain when its candidates were shown them by value (`sym.value_picks`: no cards, no
label but one showing `{VAR}`, not `at random`): Stratego's move picked from `moves(you)`, a func
reading their own pieces' ranks, is theirs to see in their label and later prompts (`h`)."""

from __future__ import annotations

import weakref

from rulebook.dsl import ast as A

from .layout import opening_reads, opening_test

# the statements and expressions that bind a variable from a domain (with an optional filter)
BINDERS = (A.ForEach, A.Pick, A.Aggregate, A.Sorted, A.Network, A.FirstMay)
# the decisions (and option labels) whose prompts may show values
DECIDING = (A.Choose, A.May, A.Pick, A.ForEach, A.Option, A.Auction, A.Offer, A.FirstMay)


# sym -> (the marks, the items of each face part, the untold decisions) of its build: worked out once, for the layout's
# table of untold decisions and the backend's marks alike (never for the checker's lint, which runs before the
# symbols are complete and asks for what is unshown)
_BUILT: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def open_values(sym, faces_out: dict | None = None, unshown_out: list | None = None,
                untold_out: set | None = None) -> dict[int, str]:
    """The mark of each value part of a decision's prompt, an option's label or a pick's candidate
    label, by id(): 'v' worked out from nothing hidden (see the module's doc), 'h' from what only a
    hidden zone's owner sees (the deciding player may be shown it), 'f' from the faces of items of a
    zone seen item by item (`seen by FIELD`, `hidden from FIELD`), read as `ITEM.field` of items the part
    names (`{first(at[s]).rank}`, `{mine.rank}`): shown to each player, the deciding one too, who sees the
    face of every such item when the text is filled in, masked from the others (Stratego's own pieces,
    one's rank in one's own prompt); `faces_out` gets, by id(), the items' expressions, which both
    backends work out with the value (a name among them: a face local's, whose items the backends keep beside
    it, as `faces_out` gives them by id() of each `let` and `set` of it, and of each argument a call gives a
    proc's such parameter, whose names it gives by id() of the proc); the field naming who sees an item's face
    (`side`, `holder`) is shown on every item, 'v' read off an item whose place is open; 's' from a zone nobody or not its owner sees (`secret`, `hidden from
    owner`, or a face read otherwise: masked from the deciding player too, who may not see it either);
    both backends read it. `unshown_out` gets (code, node, name) of each read of faces that leaves a part
    's' (masked from every player, its owner too): W640 a local or a proc's parameter bound from faces one of
    whose bindings or calls no items go with, W641 a func reading faces of items not worked out from its
    parameters alone, W661 a local set under a condition on faces. `untold_out` gets the rules positions of the
    decisions asked or offered under a condition on hidden cards (`untold_answers`)."""
    found, faces, untold, _reasons = _built(sym, unshown_out)
    if faces_out is not None:
        faces_out.update(faces)
    if untold_out is not None:
        untold_out |= untold
    return dict(found)


def _built(sym, unshown_out: list | None = None) -> tuple:
    """open_values' analysis, memoised by the symbols unless `unshown_out` asks for the checker's lint."""
    built = _BUILT.get(sym) if unshown_out is None else None
    if built is None:
        built = _open_values(sym, unshown_out)
        if unshown_out is None:
            _BUILT[sym] = built
    return built


def untold_calls(sym) -> dict[int, object]:
    """By id() of each call of a proc (or kernel) made only when a condition on hidden cards holds (`_guarded`):
    the condition. Both backends run such a call inside `Game.untold_call`, so every question asked within it,
    in the proc or in any it calls, is untold (`Asked.untold`) there and told where the proc is called otherwise
    (Uno's "name the colour" of a card played from the hand, not of one drawn and played under `fits(drawn)`)."""
    return {key: cond for key, (what, cond) in _built(sym)[3].items() if what == "called"}


def untold_reasons(sym) -> dict[int, tuple]:
    """By id() of each untold decision and each untold call (`untold_calls`): ("asked", "offered" or "called", the
    condition on hidden cards), as `rulebook explain` reads it."""
    return _built(sym)[3]


def _open_values(sym, unshown_out: list | None) -> tuple:
    """open_values' analysis: (the marks, the items of each face part, the untold decisions, `untold_reasons`)."""
    zones = {name: d.visibility for name, d in sym.decls.items() if type(d) is A.Zone}
    # a variable or counter declared `hidden` is seen as a `hidden` zone is: by its holder only
    zones.update({name: "hidden" for name, d in sym.decls.items() if A.kept_hidden(d)})
    faces: dict[int, tuple] = {}
    face_zones = {name for name, v in zones.items() if A.face_rule(v) is not None}
    face_fields = {f.name for name in face_zones for k in (sym.decls[name].kind, *sym.decls[name].more_kinds)
                   if type(sym.decls.get(k)) is A.Kind for f in sym.decls[k].fields}
    if face_zones:   # a card's title and name are read off its face too (`{c.title}`, `{c.name}`)
        face_fields |= {"title", "name"}
    unshown: list = []
    # (the field each such zone names, shown on every item: `seen by side`'s side; and the fields its kinds declare
    # `shown`, 3.7, a mark every player sees on a face-down item: those no kind of such a zone has unshown)
    face_kinds = [sym.decls[k] for name in face_zones for k in (sym.decls[name].kind, *sym.decls[name].more_kinds)
                  if type(sym.decls.get(k)) is A.Kind]
    declared_shown = {f.name for k in face_kinds for f in k.fields if f.shown} \
        - {f.name for k in face_kinds for f in k.fields if not f.shown}
    shown_fields = frozenset(A.face_rule(zones[name])[1] for name in face_zones) | declared_shown
    untold: set = set()
    reasons: dict = {}
    others = _open(sym, {name for name, v in zones.items() if v != "public"}, True,
                   faces=(face_fields, faces, unshown, frozenset(face_zones), shown_fields) if face_zones else None,
                   untold_out=untold, reasons_out=reasons)
    # the deciding player sees their own `hidden` zones, not another player's: `victim.hand`, read through
    # anything but `you`, is hidden from them (Catan's robber asking about a card picked from it)
    # and a zone `hidden from owner` is hidden from them only as their own (`hand`, `you.hand`): another
    # player's is one they see (Hanabi's clue giver counting the colours of the hand they clue); a pick's
    # own variable shows them one of their options, open when its domain is (its `where` only filters)
    mine = _open(sym, {name for name, v in zones.items() if v not in ("public", "hidden", A.HIDDEN_FROM_OWNER)},
                 False, {name for name, v in zones.items() if v == "hidden"},
                 own={name for name, v in zones.items() if v == A.HIDDEN_FROM_OWNER}, picker=True)
    found = {**{part: "s" for part in others.keys() | mine.keys()}, **{part: "f" for part in faces},
             **{part: "h" for part in mine if mine[part]}, **{part: "v" for part in others if others[part]}}
    if unshown_out is not None:
        unshown_out.extend(dict.fromkeys((code, node, name) for part, code, node, name in unshown
                                         if found.get(part) == "s"))
    return found, faces, untold, reasons


def hidden_funcs(sym) -> set[str]:
    """The funcs whose value may be worked out from what some player may not see (a `hidden` or
    `secret` zone's contents, a variable declared `hidden`), by the analysis `open_values` makes for
    the other players: a func declared `shown` on every screen must not be one (E534)."""
    zones = {name: d.visibility for name, d in sym.decls.items() if type(d) is A.Zone}
    zones.update({name: "hidden" for name, d in sym.decls.items() if A.kept_hidden(d)})
    found: set[str] = set()
    _open(sym, {name for name, v in zones.items() if v != "public"}, True, results_out=found)
    return found


def _open(sym, hidden_zones: set, current: bool, theirs: frozenset = frozenset(),
          results_out: set | None = None, own: frozenset = frozenset(), picker: bool = False,
          faces: tuple | None = None, untold_out: set | None = None, reasons_out: dict | None = None) -> dict[int, bool]:
    """Each value part of a decision's prompt or an option's label (by id()) -> whether it is worked
    out from nothing in `hidden_zones` (nor the current card or event, when `current`), nor from a zone
    of `theirs` read as another holder's (`victim.hand`: through anything but `you`), nor from a zone of
    `own` read as the deciding player's (`hand`, `you.hand`, a func's parameter given `you`). With
    `picker`, a pick's variable is bound from its domain only (the deciding player sees their options).
    `faces`, (the fields of the items of zones seen item by item, a dict): a part not open that would be
    but for reads `ITEM.FIELD` of one of those fields on an item worked out from hidden cards is put in
    the dict, by id(), with those ITEM expressions (whose faces the runtime checks per viewer). A local set under
    a condition on hidden cards (`if first(hand).rank > 5 { set n = 2; }`, `_guarded`) is bound from them: its
    value tells the condition. `untold_out` gets the rules positions of the decisions asked only when such a
    condition holds, or offered by one (`untold_answers`); `reasons_out` why each is, and the calls made only when one
    holds, and the sets W664 warns of (`untold_reasons`)."""
    zones = {name for name, d in sym.decls.items() if type(d) is A.Zone}
    callables = {name: d for name, d in sym.decls.items() if type(d) in (A.Proc, A.Func)}
    roots = _roots(sym)
    walked = {id(root): list(A.walk(root)) for root in roots}   # each declaration's nodes, walked once for every pass
    tainted: set[tuple[int, str]] = set()   # (id of the declaration, a local or parameter bound from hidden)
    under: set[tuple[int, str]] = set()     # those of them set under a condition on hidden cards (`_guarded`)
    results: set[str] = set()               # funcs and procs whose value may be hidden
    # (field, expression) of each computed field's value on a card or default of a kind, and the fields
    # whose value may be hidden: a read of one is (its expression's `this` is the card, not the current one)
    kinds = {name: d for name, d in sym.decls.items() if type(d) is A.Kind}
    computed = [(f.name, f.default) for k in kinds.values() for f in k.fields if f.computed and f.default is not None]
    computed += [(v.name, v.value) for e in sym.decls.values() if type(e) is A.Entity and e.kind in kinds
                 for v in e.values if any(f.name == v.name and f.computed for f in kinds[e.kind].fields)]
    computed_roots = {id(value) for _name, value in computed}
    computed_results: set[str] = set()
    # a func reading a zone of `theirs` through a parameter (`holds(p) = some(c in p.hand ...)`) is
    # judged where it is called: hidden when that parameter is given anyone but `you`
    params = {id(d): {p.name for p in d.params} for d in callables.values() if type(d) is A.Func}
    owners = {name: {i for i, p in enumerate(d.params) if any(
        type(n) is A.Attr and n.name in theirs and type(n.obj) is A.Name and n.obj.id == p.name
        for n in A.walk(d.value))} for name, d in callables.items() if type(d) is A.Func} if theirs else {}
    mines = {name: {i for i, p in enumerate(d.params) if any(
        type(n) is A.Attr and n.name in own and type(n.obj) is A.Name and n.obj.id == p.name
        for n in A.walk(d.value))} for name, d in callables.items() if type(d) is A.Func} if own else {}

    def yours(owner, key: int) -> bool:
        """Whether a zone of `theirs` read through `owner` is the deciding player's own: through `you`,
        or through a func's parameter (judged at the call, see `owners`)."""
        return type(owner) is A.You or (type(owner) is A.Name and owner.id in params.get(key, ()))

    def zone_ref(e) -> bool:
        return (type(e) is A.Name and e.id in zones) or (type(e) is A.Attr and e.name in zones) \
            or (type(e) is A.Index and zone_ref(e.obj))

    # the field naming who sees an item's face (`seen by side`, `hidden from holder`) is shown on every item (3.9):
    # read off an item worked out from nothing hidden but which item of such a zone it is, it is open
    face_zones, shown_fields = (faces[3], faces[4]) if faces is not None else (frozenset(), frozenset())
    binders: dict[tuple[int, str], list] = {}
    if shown_fields:
        for root in roots:
            for n in walked[id(root)]:
                for name in _bound_names(n):
                    binders.setdefault((id(root), name), []).append(n)

    def open_item(n, root, seen: set) -> bool:
        """Whether a name read in an item's expression leaves which item it is open, by the table's sight alone: a
        zone seen item by item (the table sees where each item lies), or a local bound only from such items
        (a `let`, a `set`, a `for each` or an aggregate not filtered by anything hidden)."""
        if n.id in face_zones:
            return True
        key = (id(root), n.id)
        if key not in tainted or n.id in hidden_zones or n.id in own or n.id in ("this", "it") or key not in binders:
            return False
        if key in seen:
            return True
        seen.add(key)
        for b in binders[key]:
            t = type(b)
            if t is A.Let or t is A.SetName:
                if hidden(b.value, root, face_open=seen):
                    return False
            elif t in (A.ForEach, A.Aggregate):
                if hidden(b.domain, root, face_open=seen) or (b.where is not None and hidden(b.where, root)):
                    return False
            else:
                return False
        return True

    shown_asked: set = set()   # id() of the shown-field reads whose item is being looked at (`shown_item_hidden`)

    def shown_item_hidden(n, root) -> bool:
        """Whether the item a shown field is read off may be hidden. Asked again for the same read while it is
        being answered (a `for each c ... where c.side != you` binding `c`, whose `where` reads `c.side`), the read
        is not taken as shown: the answer is the conservative one, and the look ends."""
        shown_asked.add(id(n))
        try:
            return hidden(n.obj, root, face_open=set())
        finally:
            shown_asked.discard(id(n))

    def hidden(e, root, opaque: frozenset = frozenset(), face_open: set | None = None, direct: bool = False) -> bool:
        """Whether an expression may be worked out from hidden cards (without recursion: chains can
        be long); the nodes of `opaque` (by id()) count as open. `face_open` (the locals looked at): which item of
        a zone seen item by item counts as open, its face fields do not (`open_item`). `direct`: read there, not
        through a local or a parameter, nor `this` or `it` (a card picked from a hand and played is seen once played)."""
        key = id(root)
        stack = [e]
        while stack:
            n = stack.pop()
            t = type(n)
            if opaque and id(n) in opaque:
                continue
            if t is A.Name:
                if n.id in hidden_zones or n.id in own \
                        or (current and not direct and n.id in ("this", "it") and key not in computed_roots) \
                        or (not direct and (key, n.id) in tainted):
                    if face_open is None or not open_item(n, root, face_open):
                        return True
            elif t is A.Attr and shown_fields and n.name in shown_fields and id(n) not in shown_asked \
                    and not shown_item_hidden(n, root):
                continue   # whose item it is, shown on every item of its zone
            elif t is A.Attr and face_open is not None and n.name in faces[0] and hidden(n.obj, root):
                return True   # a face read: which item it is may be open, its face is not
            elif (t is A.Attr or t is A.Method) and id(n) in sym.computed and n.name in computed_results:
                return True
            elif t is A.Attr and (n.name in hidden_zones or (n.name in theirs and not yours(n.obj, key))):
                return True
            elif t is A.Call and owners.get(n.func) and any(
                    type(n.args[i]) is not A.You for i in owners[n.func] if i < len(n.args)):
                return True
            elif t is A.Attr and n.name in own and _mine(n.obj):
                return True
            elif t is A.Call and mines.get(n.func) and any(
                    _mine(n.args[i]) for i in mines[n.func] if i < len(n.args)):
                return True
            elif (t is A.Call and n.func == "size" and len(n.args) == 1 and zone_ref(n.args[0])) or \
                    (t is A.Aggregate and n.op == "count" and n.where is None and n.value is None
                     and zone_ref(n.domain)):
                # how many a zone holds is public (every view shows it): only whose zone it is counts
                ref = n.args[0] if t is A.Call else n.domain
                while type(ref) is A.Index:
                    stack.append(ref.index)
                    ref = ref.obj
                if type(ref) is A.Attr:
                    stack.append(ref.obj)
                continue
            elif t is A.Call and n.func in results:
                return True
            elif t is A.Call and n.func == "aside" and n.func not in callables and (hidden_zones or theirs or own):
                return True   # the cards set aside (4.14b) from whichever zones: any of them may be one not seen

            elif t is A.CanOpen and type(callables.get(n.proc)) is A.Proc:   # what `can` tests: its opening decision
                stack.extend(x for x in opening_reads(opening_test(callables[n.proc].body, sym), sym) if x is not n)
            elif t is A.CanCopy:   # whichever card's slot: what it tests may be anything
                return True
            stack.extend(n.children())
        return False

    def bind(key: tuple) -> bool:
        if key in tainted:
            return False
        tainted.add(key)
        return True

    # (only those whose parts set a local matter here: what they guard is a binding)
    guard_nodes = {id(root): [n for n in walked[id(root)] if type(n) in GUARDS and any(
        type(x) is A.Let or type(x) is A.SetName for name in GUARDS[type(n)][1] for part in getattr(n, name) or ()
        for x in A.walk(part))] for root in roots}
    changed = True
    while changed:   # until nothing more is found hidden (each round only adds)
        changed = False
        for name, value in computed:
            if name not in computed_results and hidden(value, value):
                computed_results.add(name)
                changed = True
        for root in roots:
            if type(root) is A.Func and root.name not in results and hidden(root.value, root):
                results.add(root.name)
                changed = True
            guarded = _guarded(guard_nodes[id(root)], lambda e: hidden(e, root)) if guard_nodes[id(root)] else ()
            # (a name bound only inside the guarded part lives there alone: that it is asked about at all is
            # the decision's, `untold_answers`; one bound outside too carries the condition out of it)
            outside = {x for n in walked[id(root)] if id(n) not in guarded for x in _bound_names(n)} \
                | {p.name for p in getattr(root, "params", None) or ()} if guarded else ()
            for n in walked[id(root)]:
                t = type(n)
                if t is A.Let or t is A.SetName:
                    if id(n) in guarded and n.name in outside:
                        under.add((id(root), n.name))
                        changed |= bind((id(root), n.name))
                    elif hidden(n.value, root):
                        changed |= bind((id(root), n.name))
                elif picker and t is A.Pick and id(n) in sym.value_picks:
                    continue   # shown every candidate by value (a move worked out from their own faces): theirs to see
                elif t in BINDERS:   # (a pick's `or blind ZONE`: the card drawn is its zone's)
                    if hidden(n.domain, root) or (n.where is not None and hidden(n.where, root)
                                                  and not (picker and t is A.Pick)) \
                            or (t is A.Pick and n.blind is not None and any(hidden(z, root) for z in n.blind)):
                        changed |= bind((id(root), n.var))
                elif t is A.Draw and n.var is not None:   # `draw from deck to hand until ... each c`: a card drawn
                    if any(z is not None and hidden(z, root) for z in (n.source, n.dest, n.where)):
                        changed |= bind((id(root), n.var))
                elif t is A.Split:   # a pile of a split is the zone's (`split deck into 4 piles as pile`)
                    if hidden(n.zone, root):
                        changed |= bind((id(root), n.pile))
                elif t is A.Regions:   # an element of a region is DOMAIN's, kept by COND and NEXT
                    if any(x is not None and hidden(x, root) for x in (n.domain, n.where, n.next)):
                        changed |= bind((id(root), n.var))
                elif t is A.Flood:   # a place reached is worked out from START and NEXT
                    if hidden(n.start, root) or (n.next is not None and hidden(n.next, root)):
                        changed |= bind((id(root), n.var))
                elif (t is A.Call or t is A.CallStmt) and type(callables.get(n.func)) is A.Proc:
                    # (a func's value is judged at each call, where its arguments are read with it: a func given a
                    # hidden value at one call is not hidden at every other, as Acquire's prices were, everywhere,
                    # once a rule asked whether another player's tiles were playable)
                    target = callables[n.func]
                    for param, arg in zip(target.params, n.args):
                        if hidden(arg, root):
                            changed |= bind((id(target), param.name))
                elif t is A.Return and type(root) is A.Proc and root.name not in results and n.value is not None \
                        and hidden(n.value, root):
                    results.add(root.name)
                    changed = True

    if results_out is not None:
        results_out |= results
    # (id of the declaration, a local or a proc's parameter every binding or call of which gives it open values or
    # faces read: a "face local", whose items the backends keep beside it, F_NAME)
    face_lets: set[tuple[int, str]] = set()
    face_funcs: dict[str, tuple] = {}         # a func whose value is read from faces -> the items' expressions

    def face_read(e, root) -> tuple | None:
        """The items whose faces `e` reads, when it is open but for reads of faces (`ITEM.FIELD`), of locals
        bound from them (`let r = first(at[s]).rank;`) and of funcs reading them given open arguments or faces
        (`rank_at(s)`): each an expression, a face local's name (whose items the backends keep beside it), or
        (a call, its func's items' expressions, read with its parameters given the call's arguments); else None."""
        read = [x for x in A.walk(e) if type(x) is A.Attr and x.name in faces[0] and hidden(x.obj, root)]
        named = [x for x in A.walk(e) if type(x) is A.Name and (id(root), x.id) in face_lets]
        # (a call's argument may itself be a face read: its items go with the call's, `rank_at(first(at[1]).rank)`)
        called = [x for x in A.walk(e) if type(x) is A.Call and x.func in face_funcs
                  and all(not hidden(a, root) or face_read(a, root) is not None for a in x.args)]
        if not (read or named or called) or hidden(e, root, frozenset(map(id, read + named + called))):
            return None
        # items worked out from a name `e` binds itself (an aggregate's variable: `highest(t in 1..4, rank_at(t))`)
        # cannot be worked out beside its value: not so
        inner = {name for x in A.walk(e) for name in _bound_names(x)}
        if inner and any(type(y) is A.Name and y.id in inner for x in read + called
                         for y in A.walk(x.obj if type(x) is A.Attr else x)):
            return None
        return tuple(x.obj for x in read) + tuple(dict.fromkeys(x.id for x in named)) \
            + tuple((x, face_funcs[x.func]) for x in called)

    def reads_faces(e, root) -> bool:
        """Whether `e` reads a face field of an item worked out from hidden cards, itself or through a func."""
        return any((type(x) is A.Attr and x.name in faces[0] and hidden(x.obj, root))
                   or (type(x) is A.Call and x.func in face_funcs) for x in A.walk(e))

    def given_faces(proc, name: str) -> bool:
        """Whether some call of `proc` gives its parameter `name` a value read from faces."""
        at = next((i for i, p in enumerate(proc.params) if p.name == name), None)
        return at is not None and any(
            (type(n) is A.Call or type(n) is A.CallStmt) and n.func == proc.name and at < len(n.args)
            and reads_faces(n.args[at], caller) for caller in roots for n in walked[id(caller)])

    def unshown(part, root) -> list:
        """(code, node, name) of each read of faces in `part` the analysis could not tie to its items: a local
        bound from faces that is no face local, or a proc's parameter given faces at a call that is none (W640),
        a func reading faces that is no face func (W641)."""
        out = []
        for x in A.walk(part):
            if type(x) is A.Name and (id(root), x.id) in under:
                out.append(("W661", x, x.id))
            elif type(x) is A.Name and (id(root), x.id) in tainted and (id(root), x.id) not in face_lets and (any(
                    type(n) in (A.Let, A.SetName) and n.name == x.id and reads_faces(n.value, root) for n in A.walk(root))
                    or (type(root) is A.Proc and given_faces(root, x.id))):
                out.append(("W640", x, x.id))
            elif type(x) is A.Call and x.func in results and x.func not in face_funcs \
                    and type(callables.get(x.func)) is A.Func and reads_faces(callables[x.func].value, callables[x.func]):
                out.append(("W641", x, x.func))
        return out

    if faces is not None:
        # a func whose value is open but for faces read of items worked out from its parameters alone (`func
        # rank_at(s: square) = first(at[s]).rank;`): a call shows it as those items' faces are, read at the call
        changed = True
        while changed:   # a func calling another such func
            changed = False
            for name, d in callables.items():
                if type(d) is not A.Func or name in face_funcs or name not in results:
                    continue
                local = {x for n in A.walk(d.value) for x in _bound_names(n)}
                items = face_read(d.value, d)
                if items and not any(type(x) is A.Name and (x.id in local or x.id in ("this", "it"))
                                     for o in items for x in A.walk(o[0] if type(o) is tuple else o)):
                    face_funcs[name] = items
                    changed = True
        # a local whose every binding (a `let`, a `set`) is open but for faces read keeps the items its last binding
        # read beside its value (faces[1][id(binding)], written at each binding: none for an open one), so a prompt
        # reading it is shown as those faces are; a proc's parameter likewise, each call giving the items its
        # argument read (faces[1][id(argument)]; faces[1][id(proc)] names such parameters). Taken as a greatest
        # fixpoint: every candidate first, then those a binding of which reads anything else dropped, until none is
        # (`set r = r + first(at[2]).rank` keeps r's items and the new ones)
        bindings: dict[tuple[int, str], list] = {}
        loops: set[tuple[int, str]] = set()   # bound by a loop's, a pick's or an aggregate's variable: never one
        for root in roots:
            for n in walked[id(root)]:
                for name in _bound_names(n):
                    if type(n) is A.Let or (type(n) is A.SetName and n.index is None):
                        bindings.setdefault((id(root), name), []).append(n)
                    else:
                        loops.add((id(root), name))
        # (a func's `let ... ;` before its value is read by no prompt: it keeps nothing)
        valued = {id(s) for root in roots for n in walked[id(root)] if type(n) is A.LetIn for s in n.lets}
        calls: dict[str, list] = {}   # a proc -> (the caller, the call) of each call of it
        for caller in roots:
            for n in walked[id(caller)]:
                if (type(n) is A.Call or type(n) is A.CallStmt) and type(callables.get(n.func)) is A.Proc:
                    calls.setdefault(n.func, []).append((caller, n))
        params = {(id(d), p.name): (d, i) for d in callables.values() if type(d) is A.Proc for i, p in enumerate(d.params)}
        # (a local set under a condition on faces is none: its value tells the condition, and no binding of it
        # runs when the condition fails, so nothing would go with the value it keeps then: W661)
        face_lets |= {key for key in tainted if key not in loops and key not in under and (key in params or any(
            type(n) is A.Let for n in bindings.get(key, ()))) and not any(id(n) in valued for n in bindings.get(key, ()))}

        def given(value, root) -> tuple | None:
            """The items a binding's value reads: none when it is open, else as `face_read` (None: not so)."""
            if not hidden(value, root):
                return ()
            if type(value) is A.Valued or (type(value) is A.Call and type(callables.get(value.func)) is A.Proc):
                return None
            return face_read(value, root)

        root_of = {id(r): r for r in roots}
        changed = True
        while changed:
            changed = False
            for key in list(face_lets):
                ok = all(given(n.value, root_of[key[0]]) is not None for n in bindings.get(key, ()))
                if ok and key in params:
                    proc, at = params[key]
                    ok = all(at >= len(n.args) or given(n.args[at], caller) is not None for caller, n in calls.get(proc.name, ()))
                if not ok:
                    face_lets.discard(key)
                    changed = True
        for key in sorted(face_lets, key=lambda k: params[k][1] if k in params else -1):   # (parameters in order)
            root = root_of[key[0]]
            for n in bindings.get(key, ()):
                faces[1][id(n)] = given(n.value, root)
            if key in params:
                proc, at = params[key]
                faces[1][id(proc)] = faces[1].get(id(proc), ()) + (key[1],)
                for caller, n in calls.get(proc.name, ()):
                    if at < len(n.args):
                        faces[1][id(n.args[at])] = given(n.args[at], caller)
    if untold_out is not None:
        untold_out |= _untold(roots, walked, callables, lambda e, root: hidden(e, root, direct=True), reasons_out)
    found: dict[int, bool] = {}
    for root in roots:
        for n in walked[id(root)]:
            if isinstance(n, DECIDING):
                for part in n.title_parts + getattr(n, "label_parts", ()):
                    if not isinstance(part, str):
                        found[id(part)] = not hidden(part, root)
                        if faces is not None and not found[id(part)]:
                            if items := face_read(part, root):
                                faces[1][id(part)] = items
                            else:
                                faces[2].extend((id(part), *why) for why in unshown(part, root))
    return found


# the statements whose parts run only when a condition holds: (the condition's field, the fields of those parts)
GUARDS = {A.If: ("cond", ("then", "otherwise")),
          A.MatchStmt: ("subject", ("arms", "otherwise")), A.Option: ("guard", ("body",)),
          A.May: ("when", ("body", "otherwise")), A.ForEach: ("where", ("body",)), A.Each: ("where", ("body",))}
# the decisions the hot seat tells the other players (runtime/agents.py HumanAgent), by their rules position
ASKING = (A.Choose, A.May, A.Pick, A.ForEach, A.Auction, A.Offer, A.FirstMay)


def _guarded(guards: list, hidden) -> dict[int, object]:
    """By id(), the nodes under `guards` (a declaration's statements of GUARDS, parents first) that run only when a
    condition `hidden` says may be worked out from hidden cards holds (or fails), each -> that condition (the
    outermost one): an `if`'s, a `match`'s subject, an option's or a `may`'s `when`, a `for each`'s or an `each
    PLAYERS`'s `where` (One Night Werewolf's `each all_players where dealt is seer`). A `pick`'s `where` only
    filters: its block runs whichever is picked; a `while`'s body runs again and again, as often as the table sees
    it run."""
    out: dict[int, object] = {}
    for n in guards:   # (parents first: a part guarded already needs no second look)
        spec = GUARDS[type(n)]
        if id(n) in out:
            continue
        cond = getattr(n, spec[0])
        if cond is None or not hidden(cond):
            continue
        for name in spec[1]:
            for part in getattr(n, name) or ():
                out.update((id(x), cond) for x in A.walk(part))
    return out


def _untold(roots: list, walked: dict, callables: dict, hidden, reasons_out: dict | None = None) -> set:
    """The rules positions of the decisions asked only when a condition on hidden cards holds (`_guarded`) or whose
    options are offered by one (a choose's option `when`, a `may`'s `when`): that the player was asked, or which
    option they took, tells the condition to whoever is told the answer. `reasons_out` gets, by id(), each call of
    a proc or kernel made only when such a condition holds -> ("called", the condition), each such decision ->
    ("asked" or "offered", the condition), and each set W664 warns of (`silent_sets`) -> ("set", the condition)
    (`untold_reasons`): a decision in a proc is untold where it is called so, at run time (`Game.untold_call`),
    not wherever else. `walked`: each declaration's nodes, by id() of it."""
    from .layout import where
    out = set()
    for root in roots:
        guarded = _guarded([n for n in walked[id(root)] if type(n) in GUARDS], lambda e, root=root: hidden(e, root))
        silent = silent_sets(roots, root, walked[id(root)], lambda e, root=root: hidden(e, root)) if guarded else {}
        for n in walked[id(root)]:
            t = type(n)
            if t is A.CallStmt or (t is A.Call and type(callables.get(n.func)) is A.Proc):
                if id(n) in guarded and reasons_out is not None:
                    reasons_out[id(n)] = ("called", guarded[id(n)])
                continue
            if t is A.SetName and id(n) in silent and reasons_out is not None:
                reasons_out[id(n)] = ("set", silent[id(n)])
            if t not in ASKING or (t is A.ForEach and not n.any_order):
                continue
            offered = n.when if t is A.May and n.when is not None and hidden(n.when, root) else \
                next((o.guard for o in n.options if o.guard is not None and hidden(o.guard, root)), None) \
                if t is A.Choose else None
            if id(n) in guarded or offered is not None:
                out.add(where(n))
                if reasons_out is not None:
                    reasons_out[id(n)] = ("asked", guarded[id(n)]) if id(n) in guarded else ("offered", offered)
    return out


# the statements a guarded part may hold and still do nothing the table sees but set variables (`silent_sets`)
QUIET = (A.SetName, A.Let, A.If, A.MatchStmt)


def silent_sets(roots, root, nodes: list, hidden=lambda e: True) -> dict[int, object]:
    """By id(), the `set`s of a variable every view shows (not `hidden`, not `internal`) in a part of a guard
    (GUARDS: an `if`'s branch, a `match`'s arm, ...) whose condition `hidden` says may be worked out from hidden
    cards and which does nothing else the table sees: only sets, lets and branches, no `say`, no move, no call;
    each -> that condition. Such a variable is the one thing that tells the condition, in every view (W664); a
    part that also says or does something public tells it anyway, as the rules mean it to (One Night Werewolf's
    Hunter, Scotland Yard's Mister X surfacing). `nodes`: the declaration `root`'s, walked."""
    shown = {d.name for d in roots if type(d) is A.Var and not d.hidden and not d.internal}
    local = {x for n in nodes for x in _bound_names(n) if type(n) is not A.SetName} \
        | {p.name for p in getattr(root, "params", None) or ()}
    out: dict[int, object] = {}
    for n in nodes:
        if type(n) not in GUARDS:
            continue
        # each branch: a field's statements, or one arm of a `match`
        branches = [[x for part in branch for x in A.walk(part)] for name in GUARDS[type(n)][1]
                    for branch in ([(arm,) for arm in n.arms] if name == "arms" else [getattr(n, name) or ()])]
        sets = [[x for x in branch if type(x) is A.SetName and x.name in shown and x.name not in local]
                for branch in branches]
        cond = getattr(n, GUARDS[type(n)][0])
        if not any(sets) or cond is None or not hidden(cond):
            continue
        for branch, found in zip(branches, sets):
            if found and all(type(x) in QUIET for x in branch if isinstance(x, A.Stmt)):
                out.update((id(x), cond) for x in found)
    return out


def told_sets(sym) -> list[tuple]:
    """(the `set`, the condition) of each set of a variable every view shows made under a condition on hidden cards
    in a branch that does nothing else the table sees (`silent_sets`): W664, the checker's. Worked out afresh (the
    checker's symbols are not complete yet, as for W640), and only when some branch could hold one."""
    roots = _roots(sym)
    nodes = {id(root): list(A.walk(root)) for root in roots}
    if not any(silent_sets(roots, root, nodes[id(root)]) for root in roots):
        return []
    reasons = _open_values(sym, [])[3]
    return [(n, reasons[id(n)][1]) for root in roots for n in nodes[id(root)]
            if type(n) is A.SetName and reasons.get(id(n), ("",))[0] == "set"]


def _roots(sym) -> list:
    """The declarations the analysis walks: every one of the rules, and each house rule's amends."""
    return list(sym.decls.values()) + [amend for amend, _ in sym.amended] + [space for _, space, _ in sym.amended_spaces]


def untold_answers(sym) -> list:
    """The rules positions of the decisions the hot seat does not tell the other players (runtime/view.py
    `Asked.untold`): asked only when a condition on what some player may not see holds (a `hidden` or `secret`
    zone's contents, a face seen item by item, a variable declared `hidden`), or offered by one (`_untold`); the
    current card or event (`this`, `it`) counts as seen. Told, "P1: discard the Countess? → no" would tell the
    others what P1 holds."""
    found: set = set()
    open_values(sym, untold_out=found)   # (made once a build: the backend's marks come from the same analysis)
    return sorted(found)


def _bound_names(n) -> tuple:
    """The local names a statement or expression binds (a `let`, a `set`, a loop's or pick's variable, a pile)."""
    t = type(n)
    if t is A.Let or t is A.SetName:
        return (n.name,)
    if t in BINDERS or t in (A.Regions, A.Flood) or (t is A.Draw and n.var is not None):
        return (n.var,)
    if t is A.Split:
        return (n.pile,)
    return ()


def _mine(holder) -> bool:
    """Whether a holder a zone `hidden from owner` is read through may be the deciding player: `you`, or
    anything but a player named apart from them (`left`, `right`, a parameter, a local) -- the analysis
    may mask more, never less."""
    return type(holder) is A.You or type(holder) not in (A.Name,)


def marks(parts: tuple, found: dict[int, str]) -> str:
    """One letter per part of a prompt or label with values (runtime.engine.Filled): '-' a literal
    text, else the value's mark (see `open_values`; 'h' for a part the analysis did not reach)."""
    return "".join("-" if isinstance(p, str) else found.get(id(p), "h") for p in parts)


def _answers_kept(sym) -> tuple:
    """The rules positions (layout.where) of the picks whose answer a variable or counter declared `hidden`
    keeps: the block sets one to a value read from the picked value (not merely at an element it names), directly, through a `let` or through a proc it passes
    the value to (Mastermind's `pick c from colour { set code[i] = c; }`, Stratego's ranks set up), or whose
    domain reads one (a pick from a hidden list: the answer is an item of it); then
    [position, label] of each `choose` option whose own statements set one (`option "bid 3" { set bid = 3;
    }`). The hot seat tells the other players such an answer masked (runtime/view.py `told_answer`), as the
    variable's value itself is: the answer would tell them what only its holder may see. Then the position of
    each pick, choose and may written `secret` (One Night Werewolf's Seer): its answer is told so too.
    Returned as (the secret positions, position -> the hidden names a pick keeps its answer in, (position,
    label) -> those an option sets), for kept_answers and side_answers."""
    from .layout import where
    # a `hidden` role's every variable and counter is its holder's alone to see (view: Program.veiled)
    kept = {name for name, d in sym.decls.items() if A.kept_hidden(d) or (
        type(d) in (A.Var, A.Counter) and name in sym.role_of and sym.roles[sym.role_of[name]].hidden)}
    roots = list(sym.decls.values()) + [amend for amend, _ in sym.amended] \
        + [space for _, space, _ in sym.amended_spaces]
    secret = sorted({where(n) for root in roots for n in A.walk(root)
                     if type(n) in (A.Pick, A.Choose, A.May) and n.secret and not getattr(n, "random", False)})
    if not kept:
        return secret, {}, {}
    procs = {name: d for name, d in sym.decls.items() if type(d) is A.Proc}

    def reads(e, names: set) -> bool:
        """Whether `e` reads one of `names` as a value: a name that only says which element of a hidden value
        to read (`piece[a]`, a rank moved from a square picked) tells nothing of the answer."""
        stack = [e] if e is not None else []
        while stack:
            n = stack.pop()
            if type(n) is A.Name and n.id in names:
                return True
            if type(n) is A.Index and ((type(n.obj) is A.Name and n.obj.id in kept)
                                       or (type(n.obj) is A.Attr and n.obj.name in kept)):
                stack.append(n.obj)
                continue
            stack.extend(n.children())
        return False

    def keeps(body, names: set, seen: set) -> set:
        """The hidden variables and counters the statements of `body` put a value read from `names` into."""
        names, found = set(names), set()
        for s in (n for stmt in body for n in A.walk(stmt)):
            t = type(s)
            if t is A.Let and reads(s.value, names):
                names.add(s.name)
            elif t in (A.SetName, A.SetAttr) and s.name in kept and reads(s.value, names):
                found.add(s.name)
            elif t in (A.Gain, A.Lose) and s.resource in kept and reads(s.amount, names):
                found.add(s.resource)
            elif t is A.CallStmt and s.func in procs and (s.func, frozenset(names)) not in seen:
                params = {p.name for p, a in zip(procs[s.func].params, s.args) if reads(a, names)}
                if params:
                    found |= keeps(procs[s.func].body, params, seen | {(s.func, frozenset(names))})
        return found

    def sets_kept(body) -> set:
        """The hidden variables and counters an option's own statements set (whatever the value: the option
        taken tells it); a decision inside it is judged as its own."""
        stack, found = list(body), set()
        while stack:
            s = stack.pop()
            if type(s) in (A.Pick, A.Choose):
                continue
            if type(s) in (A.SetName, A.SetAttr, A.Gain, A.Lose) and getattr(s, "name", getattr(s, "resource", None)) in kept:
                found.add(getattr(s, "name", getattr(s, "resource", None)))
            stack.extend(s.children())
        return found

    def from_kept(domain) -> set:
        """The hidden variables a pick's domain reads (Acquire's `pick t from hand` of a hidden list of tiles):
        its candidates are what only the picker sees, so the answer is one of them."""
        return {x.id if type(x) is A.Name else x.name for x in A.walk(domain)
                if (type(x) is A.Name and x.id in kept) or (type(x) is A.Attr and x.name in kept)}

    nodes = [n for root in roots for n in A.walk(root)]
    picks: dict = {}
    for n in nodes:
        if type(n) is A.Pick and not n.random and (names := keeps(n.body, {n.var}, set()) | from_kept(n.domain)):
            picks.setdefault(where(n), set()).update(names)
    options: dict = {}
    for n in nodes:
        if type(n) is A.Choose:
            for o in n.options:
                if o.title is not None and (names := sets_kept(o.body)):
                    options.setdefault((where(n), o.title), set()).update(names)
    return secret, picks, options


def kept_answers(sym) -> list:
    """The positions of the answers the hot seat tells the other players masked (see _answers_kept): the picks
    whose answer a hidden variable or counter keeps and those written `secret`, then [position, label] of each
    choose option that sets one."""
    secret, picks, options = _answers_kept(sym)
    return sorted(set(picks) | set(secret)) + [list(o) for o in sorted(options)]


def side_answers(sym) -> list:
    """[answer, role] of each kept answer (kept_answers) kept only in the hidden state of one role whose holders
    see each other's (a `shared` role not `hidden`, or `shared hidden known to holders`: view.fellow): told in full to the
    asked player's fellow holders, who see where it went anyway. Never one written `secret`: that is kept from
    everyone (a spy's mission card, not told to the other spies)."""
    secret, picks, options = _answers_kept(sym)
    sides = {name for name, role in sym.role_of.items() if sym.roles[role].shared
             and (not sym.roles[role].hidden or sym.roles[role].known)}
    out = []
    for answer, names in sorted(picks.items()) + [(list(k), v) for k, v in sorted(options.items())]:
        held = {sym.role_of[name] for name in names if name in sides}
        if answer not in secret and len(held) == 1 and all(name in sides for name in names):
            out.append([answer, held.pop()])
    return out
