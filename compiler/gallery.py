"""Gallery: a static HTML site of a pack's declarations, each with its reading, source and figures.

Every entity, track (and each of its spaces), die, proc, func, resource, counter, zone... becomes an
item grouped by kind, with its title, fields, plain-language reading (explain.py), highlighted source,
its file:line, whether an expansion or house rule overrides, amends or extends it, and (given a
`rulebook simulate` JSON) how often it was used and how its users fared. The page filters by kind and
by text in plain JavaScript; it needs no server and no build step.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Sequence

import jinja2
from markupsafe import Markup, escape

from rulebook.dsl import ast as A
from rulebook.dsl.diagnostics import ERROR, RulesError
from rulebook.dsl.printer import expr

from . import pack as packs
from rulebook.dsl.files import write_atomic

from .driver import Analysis, analyse_chain
from .explain import ExprReader, Reader, capital, heading, plural, reading
from .resolve import CATEGORY

TEMPLATES = Path(__file__).resolve().parent / "templates" / "gallery"
ASSETS = ("gallery.css", "gallery.js")
# Kinds of declaration in the order the page lists them (entities come first, grouped by their kind).
ORDER = ("track", "track space", "die", "game", "proc", "func", "resource", "group", "counter", "zone",
         "kind", "actor", "enum", "event", "variant", "option", "extern")


class StatsError(ValueError):
    """A `--stats` file that is not a `rulebook simulate` JSON report."""


@dataclass
class Item:
    """One card of the gallery."""

    anchor: str
    name: str
    title: Optional[str]
    kind: str                      # what the page groups and filters by ("erudite", "proc", "track space")
    reading: list
    source: Markup
    where: str                     # file:line
    href: str                      # a file:// link to the file
    fields: list = field(default_factory=list)      # (name, words, rules text)
    changes: list = field(default_factory=list)     # what expansions and house rules did to it
    stats: Optional[dict] = None

    @property
    def search_text(self) -> str:
        """Everything the search box matches against, lower-cased."""
        parts = [self.name, self.title or "", self.kind, *self.reading, *(f"{n} {w}" for n, w, _ in self.fields),
                 *self.changes]
        return " ".join(parts).lower()


def analyse_stack(pack: str, expansions: Sequence[str] = ()) -> Analysis:
    """Analyse a pack stacked with expansions (`--with`), bases first, every pack once."""
    stack = getattr(packs, "stack_chain", None)   # the stacking helper, once it is on main
    if stack is not None:
        return analyse_chain(stack(pack, expansions))
    chain: list = []
    for ref in (pack, *expansions):
        for p in packs.pack_chain(ref):
            if all(q.root != p.root for q in chain):
                chain.append(p)
    return analyse_chain(chain)


def load_stats(path: Path) -> dict:
    """The component figures of a `rulebook simulate --json` report, by component name."""
    try:
        report = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as e:
        raise StatsError(f"cannot read {path}: {e}") from None
    except json.JSONDecodeError as e:
        raise StatsError(f"{path} is not JSON: {e.msg} at line {e.lineno}") from None
    components = report.get("components") if isinstance(report, dict) else None
    if not isinstance(components, list) or not all(isinstance(c, dict) and isinstance(c.get("name"), str)
                                                   for c in components):
        raise StatsError(f"{path} is not a `rulebook simulate` report: it has no 'components' list")
    games = report.get("games")
    digest = report.get("digest")   # the rules' content digest the games were played with (older reports: none)
    return {"games": games if isinstance(games, int) else None, "by_name": {c["name"]: c for c in components},
            "digest": digest if isinstance(digest, str) else None}


def _lexer():
    """The Pygments lexer of the rules language, when it is installed (`pygmentize -l rules`)."""
    try:
        from pygments.lexers import get_lexer_by_name
        from pygments.util import ClassNotFound
    except ImportError:
        return None
    try:
        return get_lexer_by_name("rules")
    except ClassNotFound:
        pass
    try:  # registered through the package's entry point; an editable install may predate it
        from rulebook.dsl.highlight import RulesLexer
    except ImportError:
        return None
    return RulesLexer()


class Highlighter:
    """Rules source as HTML: Pygments spans when the lexer is there, else escaped text (the hook)."""

    def __init__(self):
        self.lexer = _lexer()
        if self.lexer is not None:
            from pygments.formatters import HtmlFormatter
            self.formatter = HtmlFormatter(nowrap=True)

    def __call__(self, text: str) -> Markup:
        if self.lexer is None:
            return Markup(escape(text))
        from pygments import highlight
        return Markup(highlight(text, self.lexer, self.formatter))

    def stylesheet(self) -> str:
        """The CSS for the highlighted tokens (empty without Pygments)."""
        return self.formatter.get_style_defs(".source") if self.lexer is not None else ""


class Gallery:
    """Builds the gallery items of an analysed pack."""

    def __init__(self, analysis: Analysis, stats: Optional[dict] = None):
        self.analysis = analysis
        self.symbols = analysis.symbols
        self.stats = stats
        self.words = ExprReader(self.symbols)
        self.highlight = Highlighter()
        self.files = {pack.display(path): path.resolve() for pack in analysis.chain for path in pack.files()}
        self.base_pack = analysis.chain[0].name if analysis.chain else None
        self.changes = self._changes()

    def _changes(self) -> dict:
        """What each pack after the first did to a name: overrides, amendments, before/after steps."""
        changes: dict = {}
        for decl, _old in self.symbols.overrides:
            changes.setdefault(decl.name, []).append(
                f"overridden by {self.symbols.origin.get(decl.name)} at {self.where(decl.span)}")
        for pack_name, modules in self.analysis.modules:
            for module in modules:
                for item in module.items:
                    if isinstance(item, A.Amend):
                        for name in item.names():
                            changes.setdefault(name, []).append(f"amended by {pack_name} at {self.where(item.span)}")
                    elif isinstance(item, A.Extend):
                        target = item.name if item.name in self.symbols.decls else getattr(self.symbols.game, "name", item.name)
                        changes.setdefault(target, []).append(
                            f"steps added {item.when} {item.name} by {pack_name} at {self.where(item.span)}")
        return changes

    def where(self, span: A.Span) -> str:
        return f"{span.file}:{span.line}"

    def href(self, span: A.Span) -> str:
        path = self.files.get(span.file)
        return path.as_uri() if path is not None else ""

    def source(self, span: A.Span) -> str:
        """The declaration's own lines of its file, comments included."""
        text = self.analysis.sources.get(span.file, "")
        lines = text.splitlines()[span.line - 1: span.end_line]
        return "\n".join(lines)

    def items(self) -> list:
        """Every item of the page, grouped by kind (entities first) and in declaration order within one."""
        found = []
        for name, decl in self.symbols.decls.items():
            if "." in name:
                continue   # the hidden copy an override's base() calls
            found.append(self.item(decl))
            if isinstance(decl, A.Track):
                found.extend(self.space(decl, sp) for sp in decl.spaces)
        order = {k: i for i, k in enumerate(ORDER)}
        entity_kinds = list(dict.fromkeys(i.kind for i in found if i.kind not in order))
        rank = {k: i for i, k in enumerate(entity_kinds)} | {k: len(entity_kinds) + i for k, i in order.items()}
        return sorted(found, key=lambda i: rank[i.kind])   # sorted() is stable: declaration order stays

    def item(self, decl) -> Item:
        kind = decl.kind if isinstance(decl, A.Entity) else CATEGORY.get(type(decl), "declaration")
        return Item(anchor=f"{kind}-{decl.name}".replace(" ", "-"), name=decl.name, title=getattr(decl, "title", None),
                    kind=kind, reading=reading(decl, self.symbols, values=False) or [capital(heading(decl)) + "."],
                    source=self.highlight(self.source(decl.span)), where=self.where(decl.span),
                    href=self.href(decl.span), fields=self.fields(decl),
                    changes=self.changes.get(decl.name, []), stats=self.figures(decl))

    def space(self, track: A.Track, sp: A.Space) -> Item:
        reader = Reader(self.symbols)
        reader.space(sp, 0)
        name = f"{track.name} {sp.position}"
        return Item(anchor=f"space-{track.name}-{sp.position}", name=name, title=sp.title, kind="track space",
                    reading=reader.lines, source=self.highlight(self.source(sp.span)), where=self.where(sp.span),
                    href=self.href(sp.span), fields=[("track", track.title or track.name, track.name)],
                    changes=self.changes.get(track.name, []), stats=self.component(name))

    def fields(self, decl) -> list:
        """An entity's field values (its kind's defaults included) in words and as written."""
        if not isinstance(decl, A.Entity):
            return []
        given = {v.name: v.value for v in decl.values}
        kind = self.symbols.decls.get(decl.kind)
        each = {}   # a field declared `int[ENUM]` the card leaves at its default: the same for every member
        for f in getattr(kind, "fields", ()):
            if f.name not in given and f.default is not None and f.type != "effect":
                given[f.name] = f.default
                if f.index is not None:
                    each[f.name] = f" for each {self.words.noun(f.index)}"
        rows = [(name, self.words.read(value) + each.get(name, ""), expr(value)) for name, value in given.items()]
        if decl.copies > 1:
            rows.append(("copies", str(decl.copies), A.number_text(decl.copies, False)))   # `* knight_cards`
        return rows

    def figures(self, decl) -> Optional[dict]:
        if isinstance(decl, A.Entity):
            return self.component(decl.name)
        if isinstance(decl, A.Die):
            faces = [self.component(f"{decl.name} {i}") for i in range(1, len(decl.faces) + 1)]
            used = [f for f in faces if f is not None]
            if used:
                return {"games_used": max(f["games_used"] for f in used), "faces": used, "games": used[0]["games"]}
        return None

    def component(self, name: str) -> Optional[dict]:
        """The simulate figures of one component, as the template shows them."""
        if self.stats is None:
            return None
        row = self.stats["by_name"].get(name)
        if row is None:
            return None
        return {"games": self.stats["games"], "games_used": row.get("games_used", 0),
                "win_rate_used": _percent(row.get("win_rate_used")), "win_rate_unused": _percent(row.get("win_rate_unused")),
                "ci_low": _percent(row.get("ci_low")), "ci_high": _percent(row.get("ci_high"))}


def _kind_title(analysis: Analysis, kind: str) -> str:
    """A group's heading: the entity kind's title ("Erudite tile") or the category ("proc")."""
    decl = analysis.symbols.decls.get(kind)
    return decl.title if isinstance(decl, A.Kind) and decl.title else kind


def _percent(value) -> Optional[str]:
    return f"{100 * value:.1f}%" if isinstance(value, (int, float)) else None


def _environment() -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True,
                              undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                              keep_trailing_newline=True)


def render(analysis: Analysis, stats: Optional[dict] = None, title: Optional[str] = None) -> dict:
    """The files of the gallery site, by name: index.html and its assets."""
    gallery = Gallery(analysis, stats)
    items = gallery.items()
    kinds = list(dict.fromkeys(i.kind for i in items))
    game = analysis.symbols.game
    name = title or (game.title or game.name if game is not None else analysis.chain[-1].name if analysis.chain else "rules")
    page = _environment().get_template("index.html.j2").render(
        title=name, items=items, kinds=[(k, plural(_kind_title(analysis, k)), sum(1 for i in items if i.kind == k)) for k in kinds],
        packs=[p.name for p in analysis.chain], with_stats=stats is not None,
        highlighted=gallery.highlight.lexer is not None)
    files = {"index.html": page, "highlight.css": gallery.highlight.stylesheet()}
    for asset in ASSETS:
        files[asset] = (TEMPLATES / asset).read_text(encoding="utf-8")
    return files


def build(pack: str, out: Path, expansions: Sequence[str] = (), stats_path: Optional[Path] = None) -> list:
    """Write the gallery of a pack (stacked with expansions) into a folder; returns the files written.

    Nothing is written when the pack has errors (RulesError) or the stats file is bad (StatsError);
    OSError when the folder or a file cannot be written.
    """
    stats = load_stats(stats_path) if stats_path is not None else None
    analysis = analyse_stack(pack, expansions)
    if not analysis.ok:
        raise RulesError([d for d in analysis.diagnostics if d.severity == ERROR])
    if stats is not None and stats["digest"] is not None and stats["digest"] != analysis.identity():
        raise StatsError(f"{stats_path} was made from other rules than the pack's now (rules digest "
                         f"{stats['digest']}, the pack's {analysis.identity()}): its figures are of the game as it "
                         f"was; run `rulebook simulate --json` on the pack again")
    files = render(analysis, stats)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, content in files.items():
        write_atomic(out / name, content)
        written.append(out / name)
    return written
