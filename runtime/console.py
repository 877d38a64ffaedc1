"""The console every terminal line of rulebook goes through (the CLI's output, the human agent's
prompts and screen): a module of its own so printing does not import the game engine."""

from __future__ import annotations

from rich import box
from rich.console import Console, Group
from rich.padding import Padding
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from rulebook.dsl.diagnostics import printable

from .view import item_label, screen_name, value_text


class PlainConsole(Console):
    """A rich console that never reads text as markup or emoji codes and shows control characters
    escaped: every line rulebook prints holds user text (titles, prompts, `say` lines, file paths)."""

    def __init__(self, **options):
        super().__init__(markup=False, emoji=False, highlight=False, soft_wrap=True, **options)

    def print(self, *objects, **options) -> None:
        """Print like rich, with plain strings passed through `printable` (line breaks kept)."""
        options.update(markup=False, emoji=False, highlight=False)
        super().print(*(printable(o, newlines=True) if isinstance(o, str) else o for o in objects), **options)


# ---------------------------------------------------------------- the human player's screen
def zone_text(z: dict) -> str:
    """A zone of a view as one line: its items when visible (alike copies in a row counted, `Guard
    (1) x2 (#1, #4)`), else its size and what the player knows of it."""
    if "items" not in z:
        known = ", ".join(item_label(e) for e in z["known"])
        return f"{z['size']} {z['visibility']}" + (f" (you know: {known})" if known else "")
    runs: list[list[dict]] = []
    for e in z["items"]:
        last = runs[-1][-1] if runs else None
        if last is not None and "copy" in e and _alike(last, e):
            runs[-1].append(e)
        else:
            runs.append([e])
    shown = [item_label(run[0]) if len(run) == 1 else
             f"{run[0]['title'] or run[0]['name'].partition('#')[0]} x{len(run)} "
             f"({copy_numbers([e['copy'] for e in run])})" for run in runs]
    return "[" + ", ".join(shown) + "]"


def copy_numbers(numbers: list[int], most: int = 4) -> str:
    """Copy numbers as a screen shows them: consecutive ones as a range (`#15 to #60`, not 46 numbers
    over four lines), at most `most` ranges or numbers, then how many more copies there are."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    shown = [f"#{r[0]}" if len(r) == 1 else f"#{r[0]}, #{r[1]}" if len(r) == 2 else f"#{r[0]} to #{r[-1]}"
             for r in runs[:most]]
    rest = sum(len(r) for r in runs[most:])
    return ", ".join(shown) + (f" and {rest} more" if rest else "")


def _alike(a: dict, b: dict) -> bool:
    """Two copies of one `* N` declaration that differ in nothing but their copy number."""
    return "copy" in a and a["name"].partition("#")[0] == b["name"].partition("#")[0] and \
        (a["title"], a["fields"], a["flipped"]) == (b["title"], b["fields"], b["flipped"])


def _stocks(stock: dict, view: dict) -> str:
    return ", ".join(f"{screen_name(k, view)}: {v}" for k, v in stock.items() if v)   # "Cards taken: 1"


def _values(values: dict, view: dict) -> str:
    return ", ".join(f"{screen_name(k, view)}: {value_text(v, view)}" for k, v in values.items())


def _zone_lines(whose: str, zones: dict, view: dict) -> list:
    """One line per zone that holds something, then one naming the empty ones."""
    lines = [Text(printable(f"{whose}{screen_name(name, view)}: {zone_text(z)}")) for name, z in zones.items() if z["size"]]
    empty = [screen_name(name, view) for name, z in zones.items() if not z["size"]]
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
    shared = [f"{screen_name(k, view)}: {v}" for k, v in view["globals"].items()]
    if view["vars"]:
        shared.append(_values(view["vars"], view))
    if shared:
        out.append(Text.assemble(("Game: ", "bold"), printable(", ".join(shared))))
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    for header in ("player", "has", "zones"):
        table.add_column(header, overflow="fold")
    holders = [(i == view["you"], p) for i, p in enumerate(view["players"])] + \
              [(False, a) for a in view["actors"].values()]
    knocked = set(view.get("out", ()))
    for mine, h in holders:
        has = "; ".join(part for part in (_stocks(h["stock"], view), _values(h["vars"], view)) if part) or "nothing"
        zones = "see below" if mine else "; ".join(f"{screen_name(n, view)} {zone_text(z)}" for n, z in h["zones"].items()
                                                   if z["size"]) or "-"
        name = h["name"] + (" (you)" if mine else "") + (" (out)" if h["name"] in knocked else "")
        table.add_row(Text(printable(name), style="bold" if mine else ""),
                      printable(has), printable(zones))
    out.append(table)
    out.extend(_zone_lines("your ", me["zones"], view) + _zone_lines("", view["zones"], view))
    if view.get("chosen_in_secret"):   # who has chosen in this secret pick, never what
        out.append(Text(printable("chosen in secret so far: " + ", ".join(view["chosen_in_secret"]))))
    picked = view.get("picked_in_secret")
    if picked:   # your own picks of a secret pick of several (`exactly N`, `up to N`), before all have chosen
        picked = picked if type(picked) is list else [picked]
        out.append(Text(printable("your picks so far, in secret: " + ", ".join(
            item_label(p) if isinstance(p, dict) and "title" in p else value_text(p, view) for p in picked))))
    return out
