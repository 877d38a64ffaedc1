"""The console every terminal line of rulebook goes through (the CLI's output, the human agent's
prompts and screen): a module of its own so printing does not import the game engine."""

from __future__ import annotations

import os
import re
from typing import Any, Callable, Optional

from rich import box
from rich.columns import Columns
from rich.console import Console, Group
from rich.measure import Measurement
from rich.padding import Padding
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from rulebook.dsl.diagnostics import printable

from .state import nth
from .view import MASK, NO_CELL, changed_text, fields_words, item_label, look, screen_name, seen_item, value_text


class PlainConsole(Console):
    """A rich console that never reads text as markup or emoji codes and shows control characters
    escaped: every line rulebook prints holds user text (titles, prompts, `say` lines, file paths)."""

    def __init__(self, **options):
        super().__init__(markup=False, emoji=False, highlight=False, soft_wrap=True, **options)

    def print(self, *objects, **options) -> None:
        """Print like rich, with plain strings passed through `printable` (line breaks kept)."""
        options.update(markup=False, emoji=False, highlight=False)
        super().print(*(printable(o, newlines=True) if isinstance(o, str) else o for o in objects), **options)

    def on_broken_pipe(self) -> None:
        """The reader has gone (`| head`): print nothing more and let the CLI end quietly with 141 (rich
        would exit 1 here, the status of a failure)."""
        self.quiet = True
        raise BrokenPipeError(32, "the reader of the output has closed it")


# ---------------------------------------------------------------- the human player's screen
def zone_text(z: dict, view: Optional[dict] = None, held: bool = False) -> str:
    """A zone of a view as one line: its items when visible (alike copies in a row counted, `Guard
    (1) x2`, and in a player's zone, `held`, all of them together: `items_text`; after a card, the
    fields play changed on it, `r2c3 (level 2)`), else its size and what the
    player knows of it: the cards they learnt, and what they see of the others by position (`card 3:
    colour Red`)."""
    if "items" not in z:
        placed = [e for e in z["known"] if "at" in e or "from_bottom" in e]   # `move ... known`: by place
        rest = [e for e in z["known"] if e not in placed] if placed else z["known"]
        known = [", ".join(f"{place_text(e)} {item_label(e)}" for e in sorted(
            placed, key=lambda e: (0, e["at"]) if "at" in e else (1, -e["from_bottom"])))] if placed else []
        known += [items_text(rest, view, held=held)] if rest else []
        partly = [(p["at"], fields_words(p["fields"], lambda v: value_text(v, view or {}))) for p in z.get("partly", ())]
        known += [f"card {at}: {words}" for at, words in partly if words]
        top = f" (top: {item_label(z['top'])})" if "top" in z else ""   # `top public`
        size = f"{z['size']} " if z["size"] is not None else ""   # `size owner`: the others see no size
        return f"{size}{z['visibility']}{top}" + (f" (you know: {'; '.join(known)})" if known else "")
    return "[" + items_text(z["items"], view, held) + "]"


def holds(z: dict) -> bool:
    """Whether a zone of a view holds something (one whose size its viewer may not count, `size
    owner`, says only whether it is empty)."""
    return bool(z["size"]) if z["size"] is not None else not z.get("empty", False)


def place_text(e: dict) -> str:
    """Where a card learnt with its place (`move ... known`) is: `1st`, `2nd` from the top; `last`,
    `2nd from the bottom`."""
    if "at" in e:
        return nth(e["at"])
    return "last" if e["from_bottom"] == 1 else f"{nth(e['from_bottom'])} from the bottom"


def items_text(items: list[dict], view: Optional[dict] = None, held: bool = False) -> str:
    """Items of a view by title, alike copies in a row counted (`Copper x46`), one of alike copies
    elsewhere by its place among them (`Contessa (2 of 2)`, `view.item_label`). In a player's zone
    (`held`: a hand, a tableau, whose order the player arranges at will) all the alike copies are
    counted together where the first of them stands, as `pay` and `pick ... alike` offer them (`White
    x2, Purple`, not `White (1 of 2), Purple, White (2 of 2)`); a shared zone (a market row, whose order
    can matter) keeps its order."""
    runs: list[list[dict]] = []
    together: dict = {}   # (held) an alike copy's look -> its run
    for e in items:
        last = runs[-1][-1] if runs else None
        if held and "copy" in e and look(e) in together:
            together[look(e)].append(e)
        elif last is not None and "copy" in e and _alike(last, e):
            runs[-1].append(e)
        else:
            runs.append([e])
            if held and "copy" in e:
                together[look(e)] = runs[-1]
    return ", ".join((item_label(run[0]) if len(run) == 1 else
                      f"{run[0]['title'] or run[0]['name'].partition('#')[0]} x{len(run)}") + changed_text(run[0], view or {})
                     for run in runs)


def _alike(a: dict, b: dict) -> bool:
    """Two alike copies of one `* N` declaration: a seat sees nothing that tells them apart."""
    return "copy" in a and "copy" in b and look(a) == look(b)


def _stocks(stock: dict, view: dict) -> str:
    apart = _apart(view)
    prints = view.get("prints", {})
    return ", ".join([f"{screen_name(k, view)}: {_number(k, v, view)}" for k, v in stock.items()
                      if (v or k in prints) and k not in apart] + _lists(stock, view, True))   # "Cards taken: 1"


def _number(name: str, value: int, view: dict) -> str:
    """A stock, counter or track position as screens show it: a track that prints numbers shows the one
    printed where its marker stands, and the position (`Infection rate: 2 (position 0)`)."""
    prints = view.get("prints")
    if prints and name in prints and 0 <= value < len(prints[name]):
        return f"{prints[name][value]} (position {value})"
    return str(value)


def _values(values: dict, view: dict) -> str:
    apart = _apart(view)
    return ", ".join([f"{screen_name(k, view)}: {value_text(v, view)}" for k, v in values.items()
                      if k not in apart] + _lists(values, view))


def _apart(view: dict) -> frozenset:
    """The elements a screen does not show one by one: those on the grids' boards, and those of the
    counters and variables of one index, each shown as one entry (`_lists`)."""
    return _on_boards(view) | frozenset(flat for spec in view.get("lists", {}).values() for flat in spec["elements"])


def _lists(values: dict, view: dict, quiet: bool = False) -> list:
    """The counters and variables of one index among `values` (a holder's stocks or variables, the
    game's), one entry each naming only the elements away from their start value, in declaration
    order: a condition that starts false by its index alone (`Research station: Atlanta, Paris`),
    any other with its value (`Cubes left: Blue 3`); one whose elements are all at their start says
    so shortly (`Cured: none`, `Cubes left: all 24`; `quiet`: not at all, as a stock at 0)."""
    out = []
    for spec in view.get("lists", {}).values():
        if spec.get("table"):   # shown as a table (`view_tables`)
            continue
        said = list_text(spec, values, lambda v: value_text(v, view), quiet)
        if said is not None:
            out.append(f"{spec['title']}: {said}")
    return out


def list_text(spec: dict, values: dict, text: Callable[[Any], str], quiet: bool = False) -> Optional[str]:
    """A counter's or variable's elements (`spec` as `Program.lists` gives it) among `values`, as one
    entry's words (see `_lists`), each value as `text` words it; None where `values` holds none of
    them, or (`quiet`) all are at their start."""
    flats = [f for f in spec["elements"] if f in values]
    if not flats:
        return None
    start = spec["start"]
    away = [f for f in flats if values[f] != start[f]]
    if away:
        return ", ".join(spec["elements"][f] if start[f] is False and values[f] is True else
                         f"{spec['elements'][f]} {text(values[f])}" for f in away)
    if quiet:
        return None
    starts = [start[f] for f in flats]
    return "none" if all(v is False for v in starts) else \
        f"all {text(starts[0])}" if all(v == starts[0] for v in starts) else "as at the start"


# ---------------------------------------------------------------- grids shown as boards
MARK, BLANK = "●", "·"   # a grid's cell holding true; one holding false, none, 0 or nothing


def _on_boards(view: dict) -> frozenset:
    """The elements of the view's grids (`wall[1,2]`...): shown on their boards, not in lines."""
    return frozenset(flat for g in view.get("grids", {}).values() for row in g["elements"] for flat in row if flat)


def shorten(text: str, width: int) -> str:
    """A text cut to `width` characters, its end marked `…` when cut (to one: its first character)."""
    return text if len(text) <= width else text[:width - 1] + "…" if width > 1 else text[:width]


def distinct_end(texts: list) -> tuple[str, list]:
    """The common start of `texts`, backed off to a word's end, and what follows it in each (the
    distinct ends: "Clearing " and "1", "12" of "Clearing 1", "Clearing 12"); ("", texts) where
    they have no such start or an end would be empty or two ends alike."""
    start = os.path.commonprefix(list(texts))
    cut = max(start.rfind(" "), start.rfind("-"), start.rfind(":"), start.rfind("_")) + 1
    start = start[:cut] if cut < len(start) or any(len(t) == len(start) for t in texts) else start
    ends = [t[len(start):].strip() for t in texts]
    if not start or not all(ends) or len(set(ends)) < len(set(texts)):
        return "", list(texts)
    return start, ends


def distinct_cuts(texts: list, width: int) -> list:
    """Each text cut to `width` characters (`shorten`), and where two different texts would be cut
    alike ("Favor of…" for "Favor of the Mice" and "Favor of the Foxes"), each of those keeps its
    distinct end after the `…` ("Favor…Mice", "Favo…Foxes"), as much of its start as fits before."""
    cuts = [shorten(t, width) for t in texts]
    alike: dict = {}
    for i, cut in enumerate(cuts):
        alike.setdefault(cut, []).append(i)
    for group in alike.values():
        if len({texts[i] for i in group}) < 2:
            continue
        _start, ends = distinct_end([texts[i] for i in group])
        for i, end in zip(group, ends):
            text = texts[i]
            keep = width - 1 - len(end)
            cuts[i] = text[:keep] + "…" + end if keep >= 1 else "…" + end[len(end) - width + 1:] if width > 1 else end[:width]
    return cuts


def cell_text(value: Any, text: Callable[[Any], str], width: int = 8) -> str:
    """A grid's value as its board's cell shows it: `●` for true, `·` for false, none, 0 or nothing,
    a number as digits, anything else as `text` words it (a player by name, a card or member by
    title), cut to `width` characters."""
    if value is None or value is False or value == 0 or value == []:
        return BLANK
    if value is True:
        return MARK
    if isinstance(value, (int, float)):
        return str(value)
    return shorten(text(value), width)


NUMBER = re.compile(r"-?\d+")   # a column heading that is a number: cut, `-4` would read `-`


class Board:
    """A grid as a board: a row per value of its first index and a column per value of its second,
    each headed by it (members and cards by title), the cells' texts (`cell_text`) centred. Drawn at
    the width it is given: a narrow terminal shortens the column headings (`Yell…`), never a row's
    heading nor a cell (`1…` for 100)."""

    HEADING = 8   # the most a column heading takes where there is room

    def __init__(self, title: str, row_titles: list, column_titles: list, cells: list,
                 column_names: Optional[list] = None):
        self.title = printable(title)
        self.rows = [printable(r) for r in distinct_cuts([str(r) for r in row_titles], 12)]
        self.headings = [printable(str(c)) for c in column_titles]
        self.names = [printable(str(c)) for c in column_names] if column_names else None
        self.cells = [[printable(cell) for cell in row] for row in cells]

    def column_headings(self, most: int) -> tuple[str, list]:
        """The title and the column headings to cut to `most`. Where two different headings would be
        cut alike ("Clearing 1", "Clearing 12": `C…`), every heading is its distinct end ("1", "12")
        and the title says their common start ("at (Clearing …)"), or, when they have no such end,
        the column's name (a member's: `c1`)."""
        if len({shorten(h, most) for h in self.headings}) == len(set(self.headings)):
            return self.title, self.headings
        start, ends = distinct_end(self.headings)
        if start:
            return f"{self.title} ({start.strip()} …)", ends
        if self.names and len(set(self.names)) == len(self.names):
            return self.title, self.names
        return self.title, self.headings

    def table(self, width: int) -> Table:
        """The board as a table that fits `width` columns if its cells do."""
        cells = [max((len(row[i]) for row in self.cells), default=1) for i in range(len(self.headings))]
        row_width = max(map(len, self.rows), default=0)
        room = width - 3 * (len(self.headings) + 1) - 1 - row_width   # "│ x " a column, then "│"

        def widths(most: int) -> list:   # each column's width with headings cut to `most` (a number never: `-4`)
            return [max(w, len(h) if NUMBER.fullmatch(h) else min(len(h), most))
                    for h, w in zip(self.column_headings(most)[1], cells)]
        most = next((n for n in range(self.HEADING, 1, -1) if sum(widths(n)) <= room), 1)
        title, headings = self.column_headings(most)
        table = Table(title=Text(title, style="bold"), title_justify="left", box=box.SQUARE, padding=(0, 1),
                      show_header=any(headings))   # (a shared variable's table: one column, no heading)
        table.add_column("", style="bold", no_wrap=True, min_width=row_width)
        for heading, w in zip(headings, widths(most)):
            table.add_column(shorten(heading, w), justify="center", no_wrap=True, min_width=w)
        for r, row in zip(self.rows, self.cells):
            table.add_row(r, *row)
        return table

    def __rich_console__(self, console, options):
        yield self.table(options.max_width)

    def __rich_measure__(self, console, options) -> Measurement:
        return Measurement.get(console, options, self.table(options.max_width))


def boards(label: str, grid: dict, holders: list, text: Callable[[Any], str]):
    """One grid's boards (`grid` as a view's `grids` lays it out): one per holder, each a (whose, its
    element's value by flat name) pair (`whose` before the label: `your `, `P2's `, empty for a
    shared grid), side by side where they fit. An element the holder's values lack shows `…`."""
    shown = []
    for whose, values in holders:
        cells = [["" if flat == NO_CELL else cell_text(values[flat], text) if flat is not None and flat in values
                  else MASK for flat in row]
                 for row in grid["elements"]]
        shown.append(Board(whose + label, grid["row_titles"], grid["column_titles"], cells, grid.get("columns")))
    return shown[0] if len(shown) == 1 else Columns(shown, padding=(0, 3))


def view_boards(view: dict) -> list:
    """The view's grids as boards: a shared grid once, a per-player one for each player (`your
    Wall`, `P2's Wall`) and actor."""
    out: list = []
    for name, g in view.get("grids", {}).items():
        if g["per_player"]:
            holders = [("your " if i == view["you"] else f"{p['name']}'s ", p) for i, p in enumerate(view["players"])]
            holders += [(f"{a.get('title', a['name'])}'s ", a) for a in view["actors"].values()]
            holders = [(whose, {**h["stock"], **h["vars"]}) for whose, h in holders]
        else:
            holders = [("", {**view["globals"], **view["vars"]})]
        out.append(boards(screen_name(name, view), g, holders, lambda v: cell_words(v, view)))
    return out


def cell_words(value: Any, view: dict) -> str:
    """A value of a view as words for a board's cell (`value_text`); a card the view does not show,
    only its kind, is `…`; a die kept as a piece, its face first (`3 Red die`), since a cell keeps
    only a few characters and the face is what the board is read for (Sagrada's window)."""
    if isinstance(value, dict) and "entity" in value:
        if value["entity"] is None:
            return MASK
        seen = seen_item(value, view)
        if seen is not None and seen.get("rolled") in seen.get("fields", {}):
            face = seen.get("face") or value_text(seen['fields'][seen['rolled']], view)
            return f"{face} {item_label(seen, numbered=False)}"
    return value_text(value, view)


TABLE_ROWS = 12   # the most rows a variable's table shows; the others are counted in a last row
CELL_WIDTH = 48   # the characters of a value a variable's table shows in a cell


def list_table(label: str, spec: dict, holders: list, text: Callable[[Any], str]):
    """A variable of one index shown as a table (`spec` as `Program.lists` gives it, with `table`): a row
    per element away from its start for some holder, in declaration order, a column per holder (`holders`:
    (heading, its values by flat name); one, headed "", for a shared variable), at most TABLE_ROWS rows and
    a last one saying how many more (`… 63 more`). Where every element is at its start, one line as
    `list_text` words it (`Owner: none`). An element a holder's values lack shows `…`."""
    flats = [f for f in spec["elements"] if any(f in values for _whose, values in holders)]
    away = [f for f in flats if any(f in values and values[f] != spec["start"][f] for _whose, values in holders)]
    if not away:   # (a map no one holds a space of: `none`, not `all none`)
        said = "none" if flats and all(spec["start"][f] is None for f in flats) else \
            next((list_text(spec, values, text) for _whose, values in holders if any(f in values for f in flats)), None)
        return Text(printable(f"{label}: {said}")) if said is not None else None
    shown = away[:TABLE_ROWS]
    # a cell keeps a value's words up to CELL_WIDTH (a record as built: `mark(at = spot(row = 2, col = 3), hue =
    # Red)`), not a grid's few characters: the table has a row per element, not a square per point
    cells = [[cell_text(values[f], text, CELL_WIDTH) if f in values else MASK for _whose, values in holders]
             for f in shown]
    rows = [spec["elements"][f] for f in shown]
    if len(away) > len(shown):
        rows.append(f"… {len(away) - len(shown)} more")
        cells.append(["" for _ in holders])
    return Board(label, rows, [whose for whose, _values in holders], cells)


def view_tables(view: dict) -> list:
    """The view's variables shown as tables (`list_table`): a shared one with one column, a per-player
    one with a column per player (`you` for the viewer) and actor."""
    out: list = []

    def text(value) -> str:
        return value_text(value, view)
    for spec in view.get("lists", {}).values():
        if not spec.get("table"):
            continue
        if spec["per_player"]:
            holders = [("you" if i == view["you"] else p["name"], {**p["stock"], **p["vars"]})
                       for i, p in enumerate(view["players"])]
            holders += [(a.get("title", a["name"]), {**a["stock"], **a["vars"]}) for a in view["actors"].values()]
        else:
            holders = [("", {**view["globals"], **view["vars"]})]
        shown = list_table(printable(spec["title"]), spec, holders, text)
        if shown is not None:
            out.append(shown)
    return out


def _zone_lines(whose: str, zones: dict, view: dict) -> list:
    """One line per zone that holds something, then one naming the empty ones."""
    lines = [Text(printable(f"{whose}{screen_name(name, view)}: {zone_text(z, view, held=bool(whose))}"))
             for name, z in zones.items() if holds(z)]
    empty = [screen_name(name, view) for name, z in zones.items() if not holds(z)]
    if empty:
        lines.append(Text(printable(f"{whose}empty zones: {', '.join(empty)}"), style="dim"))
    return lines


def screen(view: dict, happened: list[tuple[str, str]]) -> list:
    """What the human player sees before a decision, as rich renderables that fit 80 columns: what
    happened since their last decision (`say` messages, the others' answers, the changes they can
    see), the game's counters and variables, every player's counters, variables and zones, and the
    shared zones. Everything comes from the player's view, which holds only what they may see."""
    me = view["players"][view["you"]]
    out: list = [Rule(printable(f"{me['name']} to decide"), style="bold")]
    if happened:
        out.append(Text("Since your last decision:", style="bold"))
        styles = {"say": "", "answer": "cyan", "change": "dim"}
        lines = Group(*(Text(printable(line), style=styles[kind]) for kind, line in happened))
        out.append(Padding(lines, (0, 0, 0, 2), expand=False))   # a long line wraps under its own start
    apart = _apart(view)
    shared = [f"{screen_name(k, view)}: {_number(k, v, view)}" for k, v in view["globals"].items() if k not in apart]
    if view.get("phase"):   # the game's named phase under way (3.16a)
        shared.insert(0, f"phase {view['phase']}")
    if _values(view["vars"], view):
        shared.append(_values(view["vars"], view))
    if view.get("shown"):   # the funcs declared `shown "Title"`
        shared.append(_values(view["shown"], view))
    shared += _lists(view["globals"], view)
    if shared:
        out.append(Text.assemble(("Game: ", "bold"), printable(", ".join(shared))))
    if view.get("supply"):   # what is left of each limited bank (a resource's, a global counter's)
        out.append(Text.assemble(("Supply: ", "bold"), printable(", ".join(
            f"{screen_name(k, view)}: {v}" for k, v in view["supply"].items()))))
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    for header in ("player", "has", "zones"):
        table.add_column(header, overflow="fold")
    holders = [(i == view["you"], p) for i, p in enumerate(view["players"])] + \
              [(False, a) for a in view["actors"].values()]
    knocked, retired = set(view.get("out", ())), set(view.get("retired", ()))
    for mine, h in holders:
        has = "; ".join(part for part in (_stocks(h["stock"], view), _values(h["vars"], view)) if part) or "nothing"
        zones = "see below" if mine else "; ".join(f"{screen_name(n, view)} {zone_text(z, view, True)}" for n, z in h["zones"].items()
                                                   if holds(z)) or "-"
        name = h.get("title", h["name"]) + (" (you)" if mine else "") + (" (out)" if h["name"] in knocked else "") + \
            (" (retired)" if h["name"] in retired else "")
        table.add_row(Text(printable(name), style="bold" if mine else ""),
                      printable(has), printable(zones))
    out.append(table)
    out.extend(view_boards(view))
    out.extend(view_tables(view))
    out.extend(_zone_lines("your ", me["zones"], view) + _zone_lines("", view["zones"], view))
    if view.get("aside"):   # the cards set aside (`set aside`), each as its zone shows it: a hidden one by its kind
        out.append(Text(printable("set aside: " + ", ".join(
            f"{item_label(a['item']) if 'item' in a else 'a ' + a['kind']} (from {a['from'] + '.' if a['from'] else ''}"
            f"{screen_name(a['zone'], view)})" for a in view["aside"]))))
    if view.get("chosen_in_secret"):   # who has chosen in this secret pick, never what
        out.append(Text(printable("chosen in secret so far: " + ", ".join(view["chosen_in_secret"]))))
    picked = view.get("picked_in_secret")
    if picked:   # your own picks of a secret pick of several (`exactly N`, `up to N`), before all have chosen
        picked = picked if type(picked) is list else [picked]
        out.append(Text(printable("your picks so far, in secret: " + ", ".join(
            item_label(p) if isinstance(p, dict) and "title" in p else value_text(p, view) for p in picked))))
    return out
