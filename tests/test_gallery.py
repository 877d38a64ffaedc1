"""`rulebook gallery`: the static site of a pack, its escaping, its overrides and figures, and the
page itself in a real headless Chromium (skipped when no Chromium is installed)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import analyse
from rulebook.dsl import ast as A

from .conftest import write_pack

runner = CliRunner()

BASE = """
resource coin "Coin";
counter vp "Victory points";
kind card "Card" { price: int = 1; play: effect; }
zone deck of card;
card scout "Scout" { play { gain 1 vp; } }
card market "Market" { price = 2; play { gain 2 coin; } }
card spy "Spy" { play { gain 1 coin; } }
track fame "Fame" { space 1 { gain 1 coin; } space 2 "Laurels" { gain 2 vp; } }
proc income() { gain 1 coin; }
game demo "Demo" { seats 2 to 3; phase setup { fill deck with card; } phase play { income(); } winner most vp; }
"""

HOSTILE = "<script>document.documentElement.setAttribute('data-pwned', 'script')</script>"
HOSTILE_IMG = r'<img src=x onerror=\"document.documentElement.setAttribute(`data-pwned`, `img`)\">'  # a rules string: \" is a quote


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


class Items(HTMLParser):
    """The gallery's items as the page (or a browser's DOM dump) has them: id -> (kind, hidden)."""

    def __init__(self, html: str):
        super().__init__()
        self.items: dict = {}
        self.root: dict = {}
        self.body: dict = {}
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "article" and "item" in attrs.get("class", ""):
            self.items[attrs["id"]] = (attrs["data-kind"], "hidden" in attrs)
        elif tag == "html":
            self.root = attrs
        elif tag == "body":
            self.body = attrs


@pytest.fixture(scope="module")
def federation_site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    result = invoke("gallery", "federation", "-o", out)
    assert result.exit_code == 0, result.output
    return out


def test_every_shipped_card_space_proc_and_die_is_in_the_gallery(federation_site):
    page = (federation_site / "index.html").read_text()
    items = Items(page).items
    symbols = analyse("federation").symbols
    for name, decl in symbols.decls.items():
        if "." in name:
            continue
        kind = decl.kind if isinstance(decl, A.Entity) else None
        assert any(anchor.endswith(f"-{name}") and (kind is None or k == kind) for anchor, (k, _) in items.items()), name
        if isinstance(decl, A.Track):
            for sp in decl.spaces:
                assert f"space-{name}-{sp.position}" in items
    assert "Gain 3 prestige points for each spaceship in the hangar you have." in page   # erudite 3C2
    assert 'href="file://' in page and "rules/federation/erudites.rules:" in page
    assert {"gallery.css", "gallery.js", "highlight.css", "index.html"} <= {p.name for p in federation_site.iterdir()}


def test_titles_and_sources_are_escaped(tmp_path):
    pack = write_pack(tmp_path / "evil", BASE.replace('"Scout"', f'"{HOSTILE}"').replace('"Market"', f'"{HOSTILE_IMG}"'))
    out = tmp_path / "site"
    assert invoke("gallery", pack, "-o", out).exit_code == 0
    page = (out / "index.html").read_text()
    assert "<script>document" not in page and "<img src=x" not in page
    assert "&lt;script&gt;document.documentElement" in page and "&lt;img src=x" in page


def test_overrides_amendments_and_stacked_expansions_are_marked(tmp_path):
    base = write_pack(tmp_path / "base", BASE, name="base")
    write_pack(tmp_path / "house", """
        override card spy "Spy" { play { gain 3 coin; } }
        amend market { price = 5; }
        after income { gain 1 vp; }
    """, name="house", extends=["../base"])
    out = tmp_path / "site"
    result = invoke("gallery", base, "--with", tmp_path / "house", "-o", out)
    assert result.exit_code == 0, result.output
    page = (out / "index.html").read_text()
    spy = page[page.index('id="card-spy"'):]
    spy = spy[:spy.index("</article>")]
    assert "overridden by house at" in spy and "Gain 3 coins." in spy
    market = page[page.index('id="card-market"'):]
    assert "amended by house at" in market[:market.index("</article>")]
    income = page[page.index('id="proc-income"'):]
    assert "steps added after income by house" in income[:income.index("</article>")]
    assert "Packs: base + house" in page


def test_simulate_figures_are_shown(tmp_path):
    pack = write_pack(tmp_path / "demo", BASE, name="demo")
    stats = tmp_path / "sim.json"
    stats.write_text(json.dumps({"pack": "demo", "games": 200, "components": [
        {"name": "scout", "kind": "card", "games_used": 150, "win_rate_used": 0.6, "win_rate_unused": 0.4,
         "ci_low": 0.52, "ci_high": 0.67},
        {"name": "fame 2", "kind": "track space", "games_used": 40, "win_rate_used": 0.5, "win_rate_unused": 0.5,
         "ci_low": 0.35, "ci_high": 0.65}]}))
    out = tmp_path / "site"
    assert invoke("gallery", pack, "-o", out, "--stats", stats).exit_code == 0
    page = (out / "index.html").read_text()
    scout = page[page.index('id="card-scout"'):]
    assert "Used in 150 of 200 games; players who used it won 60.0% (95% CI 52.0% to 67.0%), those who did not 40.0%." \
        in scout[:scout.index("</article>")]
    assert "Used in 40 of 200 games" in page[page.index('id="space-fame-2"'):]
    market = page[page.index('id="card-market"'):]
    assert "Used in" not in market[:market.index("</article>")]


@pytest.mark.parametrize("content", ["{not json", json.dumps({"games": 3}), json.dumps([1, 2])])
def test_a_bad_stats_file_is_a_usage_error_and_writes_nothing(tmp_path, content):
    stats = tmp_path / "sim.json"
    stats.write_text(content)
    out = tmp_path / "site"
    result = invoke("gallery", write_pack(tmp_path / "demo", BASE), "-o", out, "--stats", stats)
    assert result.exit_code == 2 and "--stats" in result.output and "Traceback" not in result.output
    assert not out.exists()


def test_a_pack_with_errors_writes_nothing(tmp_path):
    out = tmp_path / "site"
    result = invoke("gallery", write_pack(tmp_path / "bad", BASE + "card x { play { gain 1 gold; } }"), "-o", out)
    assert result.exit_code == 1 and "gold" in result.output
    assert not out.exists()


def test_an_output_that_cannot_be_written_is_e506(tmp_path):
    taken = tmp_path / "taken"
    taken.write_text("a file, not a folder")
    result = invoke("gallery", write_pack(tmp_path / "demo", BASE), "-o", taken)
    assert result.exit_code == 1 and "E506" in result.output and "Traceback" not in result.output
    assert taken.read_text() == "a file, not a folder"


# ---------------------------------------------------------------------------- in a real browser

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed (.ci/run installs it)")


def browse(url: str, *extra: str) -> tuple[str, str]:
    """Run headless Chromium on a page: its DOM after the scripts ran, and its log (console lines)."""
    done = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                           "--enable-logging=stderr", "--v=0", "--virtual-time-budget=2000", "--hide-scrollbars",
                           *(extra or ("--dump-dom",)), url], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout, done.stderr


def console_lines(log: str) -> list:
    """What the page wrote to the console (script errors included); Chromium's own noise aside."""
    return [line for line in log.splitlines() if ":CONSOLE" in line]


@needs_chromium
@pytest.mark.slow   # ~12 s: two loads of the 460-item Federation page (the small page below runs every time)
def test_the_page_loads_without_errors_and_the_search_filters(federation_site):
    dom, log = browse((federation_site / "index.html").as_uri() + "#q=erudite%203A2")
    page = Items(dom)
    assert console_lines(log) == [] and "data-errors" not in page.root
    assert page.body.get("data-ready") == "1"
    shown = [anchor for anchor, (_, hidden) in page.items.items() if not hidden]
    assert shown == ["erudite-e3A2"]
    assert len(page.items) > 400 and page.body["data-shown"] == "1"
    assert re.search(r'id="count"[^>]*>1 of \d+<', dom)

    dom, log = browse((federation_site / "index.html").as_uri() + "#kind=track%20space")
    page = Items(dom)
    shown = {kind for kind, hidden in page.items.values() if not hidden}
    assert shown == {"track space"} and int(page.body["data-shown"]) >= 10 and console_lines(log) == []


@needs_chromium
def test_hostile_titles_do_not_run_in_the_browser(tmp_path):
    """Also the quick browser check of every run: the page loads, its script runs, the search filters."""
    pack = write_pack(tmp_path / "evil", BASE.replace('"Scout"', f'"{HOSTILE}"').replace('"Market"', f'"{HOSTILE_IMG}"'))
    out = tmp_path / "site"
    assert invoke("gallery", pack, "-o", out).exit_code == 0
    dom, log = browse((out / "index.html").as_uri() + "#q=script")
    page = Items(dom)
    assert "data-pwned" not in page.root and "data-errors" not in page.root and console_lines(log) == []
    assert page.body.get("data-ready") == "1" and page.body.get("data-shown") == "1"
    assert [a for a, (_, hidden) in page.items.items() if not hidden] == ["card-scout"]


@needs_chromium
@pytest.mark.slow
def test_a_screenshot_of_the_gallery(federation_site, tmp_path):
    shot = tmp_path / "gallery.png"
    browse((federation_site / "index.html").as_uri() + "#q=erudite", f"--screenshot={shot}", "--window-size=1280,1000")
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (1280, 1000) and len(data) > 20_000   # a blank page compresses to far less
    Path("/tmp").is_dir() and shutil.copy(shot, Path("/tmp") / "rulebook-gallery.png")   # for a look by hand


def test_sources_are_highlighted_when_a_lexer_is_there(tmp_path, monkeypatch):
    from pygments.lexers.python import PythonLexer   # a stand-in: the `rules` lexer may not be installed

    from rulebook.compiler import gallery
    pack = write_pack(tmp_path / "demo", BASE.replace('"Scout"', '"<b>Scout</b>"'))
    monkeypatch.setattr(gallery, "_lexer", lambda: PythonLexer())
    highlighted = gallery.render(gallery.analyse_stack(str(pack)))
    assert '<span class="' in highlighted["index.html"] and ".source .k" in highlighted["highlight.css"]
    assert "<b>Scout" not in highlighted["index.html"]
    monkeypatch.setattr(gallery, "_lexer", lambda: None)
    plain = gallery.render(gallery.analyse_stack(str(pack)))
    assert highlighted["index.html"] != plain["index.html"] and plain["highlight.css"] == ""
    assert "card scout &#34;&lt;b&gt;Scout&lt;/b&gt;&#34;" in plain["index.html"]
