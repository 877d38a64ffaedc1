"""`shows FIELD, ...;` in a kind (docs/language.md 3.7): the fields the hot seat's screen writes after each card
of the kind, as they stand; both backends give the screen the list (the `card_shows` table, only in packs that
write one); E445, W435; fmt, explain, the editor; the shipped packs' content digests are unchanged."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.workspace import Workspace
from rulebook.dsl.parser import parse_text
from rulebook.runtime.agents import HumanAgent
from rulebook.runtime.console import PlainConsole, zone_text
from rulebook.runtime.engine import Game

from .conftest import explained, printed_back, random_games_agree

# Wingspan, simplified: each player plays a bird from the feeder into their habitat and lays an egg on it
BIRDS = """
resource food "Food";
counter vp "VP";
kind bird { points: int; food: int; eggs: int = 0; power: effect; shows points, food, eggs; }
zone feeder of bird;
zone habitat per_player of bird;
bird blue_jay "Blue Jay" { points = 4; food = 1; power { gain 1 food; } }
bird raven "Raven" { points = 5; food = 2; power { gain 2 food; } }
bird wren "Wren" { points = 2; food = 1; power { gain 1 food; } }
proc turn() {
  pick b from feeder "play which bird?" {
    move b to habitat;
    set b.eggs = b.eggs + 1;
    gain b.food food;
  }
}
game wingspan { seats 2 to 2; phase setup { fill feeder with bird; } phase play { each players: turn(); }
  phase final { each players: gain total(b in habitat, b.points) vp; } winner most vp; }
"""


def test_lints_clean():
    assert [d for d in analyse_text(BIRDS).diagnostics if d.severity != "info"] == []


@pytest.mark.parametrize("interpreted", [False, True])
def test_the_screen_shows_the_fields_after_each_card(interpreted):
    g = Game(build_text(BIRDS, interpreted=interpreted), 2, 1)
    g.start()
    g.apply(1)   # P1 takes the Raven
    view = g.view(1)
    assert view["shows"] == {"bird": ["points", "food", "eggs"]}
    assert zone_text(view["zones"]["feeder"], view) == "[Blue Jay (points 4, food 1, eggs 0), Wren (points 2, food 1, eggs 0)]"
    # the egg play laid is written once, in its place in the list
    assert zone_text(view["players"][0]["zones"]["habitat"], view) == "[Raven (points 5, food 2, eggs 1)]"


def test_the_hot_seat_screen_lists_them():
    import io
    console = PlainConsole(width=120, file=io.StringIO(), color_system=None)
    console.input = lambda prompt: "1"
    agent = HumanAgent(console)
    g = Game(build_text(BIRDS), 2, 1, [agent, agent])
    g.play()
    assert "Blue Jay (points 4, food 1, eggs 0)" in console.file.getvalue()


def test_a_pack_without_shows_has_no_table_and_views_as_before():
    program = build_text(BIRDS.replace(" shows points, food, eggs;", ""))
    assert program.card_shows == {}
    g = Game(program, 2, 1)
    g.start()
    view = g.view(0)
    assert "shows" not in view and zone_text(view["zones"]["feeder"], view) == "[Blue Jay, Raven, Wren]"
    assert "shows=" not in repr(parse_text(BIRDS.replace(" shows points, food, eggs;", "")))


def test_random_games_agree():
    random_games_agree(BIRDS, seeds=range(1, 4), counts=(2,))


def test_fmt_writes_it_back():
    _module, text = printed_back(BIRDS)
    assert "shows points, food, eggs;" in text
    spread = BIRDS.replace("kind bird { points: int; food: int; eggs: int = 0; power: effect; shows points, food, eggs; }",
                           "kind bird {\n  shows points, food;\n  points: int;\n  food: int;\n  power: effect;\n"
                           "  whenever you gain in habitat { }\n}").replace(" eggs = 0;", "").replace("set b.eggs = b.eggs + 1;", "")
    _module, text = printed_back(spread)
    assert "  power: effect;\n  shows points, food;\n  whenever you gain" in text


def test_explain_reads_it():
    assert "The players' screens show each bird's points, food and eggs after it." in explained(analyse_text(BIRDS), "bird")


def test_shows_is_a_name_before_a_colon_or_equals():
    text = "kind sign { shows: int; } sign stop { shows = 2; }"
    kind = parse_text(text).items[0]
    assert [f.name for f in kind.fields] == ["shows"] and kind.shows is None


@pytest.mark.parametrize("written, code, said", [
    ("shows points, powr;", "E445", "no field 'powr'"),
    ("shows points, power;", "E445", "is an effect"),
    ("shows points, worth;", "E445", "is a computed field"),
    ("shows points, points;", "W435", "twice"),
])
def test_what_it_lists_is_checked(written, code, said):
    text = f"kind bird {{ points: int; power: effect; func worth: int; {written} }}\n" \
        'bird raven "Raven" { points = 5; power { } worth = 1; }\n'
    found = [d for d in analyse_text(text).diagnostics if d.code == code]
    column = text.index(written) + written.index(", ") + 3   # at the second name
    assert found and said in found[0].message and (found[0].span.line, found[0].span.column) == (1, column)


def test_two_lists_in_a_kind_are_e445():
    found = analyse_text("kind bird { points: int; shows points; shows points; }").diagnostics
    assert [d.code for d in found if d.severity == "error"] == ["E445"]


def test_the_editor_finds_the_fields_it_names(tmp_path):
    (tmp_path / "pack.toml").write_text('name = "birds"\n')
    (tmp_path / "birds.rules").write_text(BIRDS)
    view = Workspace().view(tmp_path / "birds.rules")
    shown = next(s for s in view.paths if s.endswith("birds.rules"))
    line = 4
    column = BIRDS.splitlines()[line - 1].index("shows points") + len("shows ") + 1
    target = view.target_at(shown, line, column)
    assert target.key == ("field", "bird", "points")
    assert [(o.span.line, o.span.column) for o in view.definitions(target.key)] == [(4, 13)]
