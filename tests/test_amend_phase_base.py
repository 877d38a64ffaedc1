"""Branch amendpick: a game's setup (or play, or final) phase is no named proc, yet a house rule builds
on it as on one: `before setup` / `after setup` add steps, `amend setup { pick ...; }` changes its
constructs, and `amend GAME { phase setup { base(); ... } }` replaces it keeping the base's steps
where `base();` stands (E366, E367 as in an amended arm; W465 when the base's phase is empty); on both
backends, stacked packs building on each other, lint, fmt and explain."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse, analyse_text, build_text
from rulebook.runtime.engine import Game

from .conftest import explained, printed_back, program_of, write_pack

# Kingdomino-like (values for illustration): the setup lays each player's castle and draws the first king
BASE = """
counter vp;
counter castles;
var first_king global: player;
game kingdom {
  seats 2 to 4;
  phase setup {
    say "castles";
    each players: gain 1 castles;
    pick p from players at random as first_king_draw { set first_king = p; }
  }
  phase play { each players: gain 1 vp; }
  winner most vp;
}
"""
LINE = BASE.count("\n")

HOUSE = """
amend kingdom {
  phase setup {
    say "house: before";
    base();
    say "house: after";
    each players: gain 2 vp;
  }
}
"""


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def interpreted(request) -> bool:
    return request.param


def said(game: Game) -> list[str]:
    """The game's `say` messages without the speaker (`P1: `)."""
    return [m.split(": ", 1)[1] for m in game.messages]


def set_up(program, players: int = 2) -> Game:
    game = Game(program, players, 1)
    game.play()
    return game


def test_base_runs_the_phase_it_replaces_where_it_stands(interpreted):
    game = set_up(build_text(BASE + HOUSE, interpreted=interpreted))
    assert said(game)[:3] == ["house: before", "castles", "house: after"]
    assert [p.stock["castles"] for p in game.state.players] == [1, 1]
    assert [p.stock["vp"] for p in game.state.players] == [3, 3]
    assert game.state.gvars["first_king"] is not None


def test_before_after_and_amend_build_on_the_unnamed_setup_together(interpreted):
    house = HOUSE + 'before setup { say "first of all"; }\nafter setup { say "last of all"; }\n' \
        'amend setup { pick as first_king_draw where p != first_king; }\n'
    game = set_up(build_text(BASE + house, interpreted=interpreted))
    assert said(game)[:5] == ["first of all", "house: before", "castles", "house: after", "last of all"]


def test_a_random_game_agrees_on_both_backends():
    logs = [set_up(build_text(BASE + HOUSE, interpreted=i), 3) for i in (False, True)]
    assert logs[0].log == logs[1].log and logs[0].state.digest() == logs[1].state.digest()


def test_lint_fmt_and_explain_say_the_base_is_kept():
    result = analyse_text(BASE + HOUSE)
    assert result.ok
    assert [d.message for d in result.diagnostics if d.code == "I404"] == \
        ["amends game 'kingdom': phase setup, keeping the base's"]
    _module, printed = printed_back(BASE + HOUSE)
    assert "  phase setup {\n    say \"house: before\";\n    base();\n" in printed
    reading = explained(result, "kingdom")
    assert "Note: house: before\n    Note: castles" in reading


@pytest.mark.parametrize("phase, code, message", [
    ("phase setup { base(); base(); }", "E366", "base() is written 2 times in this amended phase"),
    ("phase setup { base(1); }", "E367", "in an amended phase, base() is a step that runs the phase it replaces"),
    ("phase setup { let x = base(); }", "E367", "write it as a statement"),
])
def test_misuse_is_a_positioned_diagnostic(phase, code, message):
    result = analyse_text(BASE + "amend kingdom { " + phase + " }\n")
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == [code] and message in errors[0].message, [d.headline() for d in errors]
    assert errors[0].span.line == LINE + 1 and errors[0].span.column > 30


def test_base_of_a_phase_the_base_leaves_empty_is_w465():
    result = analyse_text(BASE + "amend kingdom { phase final { base(); say \"done\"; } }\n")
    assert result.ok
    warning = next(d for d in result.diagnostics if d.code == "W465")
    assert "phase final of game 'kingdom'" in warning.message and warning.span.column == 31
    assert not [d for d in analyse_text(BASE + HOUSE).diagnostics if d.code == "W465"]


def test_stacked_packs_build_on_each_other_and_warn_only_when_one_discards(tmp_path):
    base = write_pack(tmp_path / "base", BASE, name="base")
    one = write_pack(tmp_path / "one", HOUSE, name="one", extends=["../base"])
    two = write_pack(tmp_path / "two", 'amend kingdom { phase setup { base(); say "two"; } }\n', name="two",
                     extends=["../base"])
    result = analyse(str(base), [str(one), str(two)])
    assert result.ok and not [d for d in result.diagnostics if d.code == "W406"]
    house = write_pack(tmp_path / "house", 'amend kingdom { phase setup { base(); say "two"; } }\n', name="house",
                       extends=["../one"])
    for backend in ("compiled", "interpreted"):
        game = set_up(program_of(house, backend))
        assert said(game)[:4] == ["house: before", "castles", "house: after", "two"]
    plain = write_pack(tmp_path / "plain", 'amend kingdom { phase setup { say "plain"; } }\n', name="plain",
                       extends=["../base"])
    w406 = [d for d in analyse(str(base), [str(one), str(plain)]).diagnostics if d.code == "W406"]
    assert len(w406) == 1 and "phase setup of game 'kingdom' is amended by both 'one' and 'plain'" in w406[0].message


def test_an_extension_builds_on_the_game_as_its_own_pack_overrode_or_amended_it(tmp_path):
    """`override game` (or `amend GAME { phase ... }`) and then `after setup` in one pack: the extension
    wraps the new phase, not the base's (it used to wrap the base's, and the override was lost)."""
    base = write_pack(tmp_path / "base", BASE, name="base")
    over = BASE[BASE.index("game kingdom"):].replace('say "castles";', 'say "overridden";')
    house = write_pack(tmp_path / "house", f"override {over}\nafter setup {{ say \"after\"; }}\n", name="house",
                       extends=["../base"])
    amended = write_pack(tmp_path / "amended", HOUSE + 'after setup { say "after"; }\n', name="amended",
                         extends=["../base"])
    for backend in ("compiled", "interpreted"):
        assert said(set_up(program_of(house, backend)))[:2] == ["overridden", "after"]
        assert said(set_up(program_of(amended, backend)))[:4] == ["house: before", "castles", "house: after", "after"]
    assert analyse(str(base)).ok
