"""Branch amends2: the domains an amend could not reach, written as amendloops' `to NEW` (`base` in it standing for
the part replaced): a pick's domain (`pick "prompt" to base + [6, 7]`: Catan: Seafarers' robber may go to the
sea), a `first ... may`'s players asked and condition (`may "prompt" to NEW where NEW`: Modern Art's fixed price,
the auctioneer buying last) and a `repeat until stable`'s names (`repeat until stable(temperature) to stable(base,
oxygen)`, found by its names as written or its label). Both backends, I404, fmt, explain, stacked packs, and the
misuse: E646 (a plain `may` has no players nor condition to replace), E647 (names not written `stable(...)`, or a
name twice), W629 (a new domain, written without `base`, that keeps nothing of the base's). And `explain` of an
amended count reads `base` by name (Pandemic: On the Brink's Rate Effect)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse, analyse_text, compile_pack, interpret_pack
from rulebook.runtime.engine import Game

from .conftest import amend_misuse, explained, printed_back, reported, rules_programs, run_proc, write_pack

# Catan: the robber moves to a land hex 1 to 5 other than the one it is on; Modern Art: a painting at a fixed
# price is offered round the table, to those who can pay it; Terraforming Mars: each step of temperature at 0
# or more places an ocean while oceans remain, each ocean raising the oxygen, and 8% oxygen raises the temperature
BASE = """counter money "Money" from 0 to 30 start 5;
counter paintings;
counter robber "The robber's hex" global start 3;
counter temperature global;
counter oxygen global;
counter oceans global;
proc move_robber() {
  pick h from 1..5 where h != robber "move the robber to which hex?" {
    set robber = h;
  }
}
proc sell_painting() {
  first q in others_from(you) where q.money >= 4 may "buy the painting for 4?" {
    each q {
      pay 4 money;
      gain 1 paintings;
    }
  }
}
proc terraform() {
  repeat until stable(temperature) as settling {
    if temperature >= 0 and oceans < 2 {
      gain 1 oceans;
      gain 1 oxygen;
    }
    if oxygen >= 1 and temperature < 2 {
      gain 1 temperature;
    }
  }
}
game catan_modern_art_mars {
  seats 3;
  phase play {
    each players {
      move_robber();
      sell_painting();
    }
    terraform();
  }
  winner most paintings;
}
"""
LINE = BASE.count("\n") + 1

# Seafarers: the robber (the pirate) may go to the sea hexes 6 and 7 too, even stay where it is; the auctioneer
# buys last, if nobody else would, and only a player with 6 money or more is asked; oxygen counts as a parameter
# of the fixed point, so a step of oxygen settles the chain too
HOUSE = """amend move_robber {
  pick "move the robber to which hex?" to base + [6, 7] where true;
}
amend sell_painting {
  may "buy the painting for 4?" to base + [you] where base and q.money >= 6;
}
amend terraform {
  repeat until stable(temperature) to stable(base, oxygen);
}
"""

program = rules_programs(BASE)


def robber_hexes(build, house: str) -> list:
    """The hexes P1 is offered for the robber."""
    game = Game(build(house), 3, 1)
    gen = game.program.procs["move_robber"](game, game.state.players[0])
    return list(next(gen).options)


def test_a_picks_domain_amended(program):
    assert robber_hexes(program, "") == ["1", "2", "4", "5"]
    assert robber_hexes(program, HOUSE) == ["1", "2", "3", "4", "5", "6", "7"]
    # the condition kept: the new domain alone
    assert robber_hexes(program, 'amend move_robber { pick "move the robber to which hex?" to base + [6]; }') == \
        ["1", "2", "4", "5", "6"]


def sold(build, house: str, money: list[int], answers: list[bool]) -> list[int]:
    """P1 offers a painting; each player's money is as given, and those asked answer in turn: paintings held."""
    game = Game(build(house), 3, 1)
    for p, m in zip(game.state.players, money):
        p.stock["money"] = m
    run_proc(game, "sell_painting", answers=answers)
    return [p.stock["paintings"] for p in game.state.players]


@pytest.mark.parametrize("house, money, answers, expected", [
    ("", [5, 5, 5], [False, False], [0, 0, 0]),   # P2, P3 asked; the auctioneer never
    (HOUSE, [5, 5, 5], [], [0, 0, 0]),   # nobody has 6: nobody asked
    (HOUSE, [6, 6, 6], [False, False, True], [1, 0, 0]),   # P2, P3 decline; the auctioneer buys last
    (HOUSE, [6, 5, 6], [True], [0, 0, 1]),   # P2 cannot: P3 asked first, buys
    # the players asked alone: the condition stays the base's (4 money), so only the auctioneer is asked
    ('amend sell_painting { may "buy the painting for 4?" to base + [you]; }', [5, 3, 3], [True], [1, 0, 0]),
])
def test_a_first_mays_players_and_condition_amended(program, house, money, answers, expected):
    assert sold(program, house, money, answers) == expected


def terraformed(build, house: str, temperature: int) -> tuple:
    game = Game(build(house), 3, 1)
    game.state.globals["temperature"] = temperature
    run_proc(game, "terraform")
    g = game.state.globals
    return g["temperature"], g["oceans"], g["oxygen"]


def test_a_repeat_until_stables_names_amended(program):
    # watching the temperature alone, the first pass raises it from 0 to 1 and the second places another ocean
    # (raising the oxygen) and the temperature to 2; a third changes nothing
    assert terraformed(program, "", 0) == (2, 2, 2)
    # watching the oxygen too changes nothing here (the same fixed point), as the rules mean
    assert terraformed(program, HOUSE, 0) == (2, 2, 2)
    # a temperature below 0 places nothing: one pass, whatever is watched
    assert terraformed(program, HOUSE, -1) == (-1, 0, 0)


def test_a_pass_that_moves_only_the_oxygen_runs_again_when_it_is_watched(program):
    # the temperature capped at 1: a pass places an ocean (oxygen up) but leaves the temperature; watching the
    # temperature alone stops there, watching the oxygen too runs until the oceans are gone
    capped = "amend terraform { if oxygen >= 1 and temperature < 2 to oxygen >= 1 and temperature < 1; }\n"
    assert terraformed(program, capped, 1) == (1, 1, 1)
    assert terraformed(program, capped + "amend terraform { repeat as settling to stable(base, oxygen); }\n", 1) == \
        (1, 2, 2)
    assert terraformed(program, capped + "amend terraform { repeat until stable(temperature) to stable(oceans); }\n",
                       1) == (1, 2, 2)


def test_the_items_are_reported_printed_back_and_explained():
    result = analyse_text(BASE + HOUSE)
    assert reported(result) == [
        ("I404", LINE + 1, "amends the domain and the condition of pick \"move the robber to which hex?\" of proc "
                           "'move_robber'"),
        ("I404", LINE + 4, "amends the players asked and the condition of may \"buy the painting for 4?\" of proc "
                           "'sell_painting'"),
        ("I404", LINE + 7, "amends the names of repeat until stable(temperature) of proc 'terraform'"),
    ]
    _module, printed = printed_back(BASE + HOUSE)
    assert printed.endswith(HOUSE.replace("}\namend", "}\n\namend"))
    assert f"(amended by <text>:{LINE + 1}:3)" in explained(result, "move_robber")
    assert "Pick one h from (the numbers from 1 to 5) with the row 6, 7 added at the end" in \
        explained(result, "move_robber")
    reading = explained(result, "sell_painting")
    assert f"(amended by <text>:{LINE + 4}:3)" in reading and "q has at least 6 money" in reading, reading
    assert "until a pass leaves the temperature and the oxygen as they were" in explained(result, "terraform") or \
        "until a pass leaves temperature and oxygen as they were" in explained(result, "terraform"), \
        explained(result, "terraform")


@pytest.mark.parametrize("name, items, code, message, hint, at", [
    ("sell_painting", 'may "buy the painting for 4?" to base where base(1);', "E367",
     "in an amended condition of a first ... may, base is the value it replaces", None, "base(1)"),
    ("terraform", "repeat until stable(temperature) to 3;", "E647",
     "'to' of the repeat until stable(temperature) of proc 'terraform' replaces the names it watches",
     "'to stable(base, NAME)' watches one name more ('base': the base's names)", "3;"),
    ("terraform", "repeat as settling to stable(base, temperature);", "E647",
     "'temperature' is among the names of the repeat labelled settling of proc 'terraform' twice ('base' holds it)",
     "write each name once", "temperature);"),
    ("terraform", "repeat as settling where true;", "E618",
     "the repeat labelled settling of proc 'terraform' has no filter for 'where' to replace", None, "true"),
    ("terraform", "repeat until stable(oxygen) { base(); }", "E222",
     "proc 'terraform' has no loop 'repeat until stable(oxygen)'", None, "repeat"),
])
def test_misuse_is_positioned(name, items, code, message, hint, at):
    amend_misuse(BASE, name, items, code, message, hint, at)


def test_a_plain_may_has_no_players_nor_condition_e646():
    base = "counter vp;\nproc build() {\n  may \"build a knight?\" {\n    gain 1 vp;\n  }\n}\n"
    for items, at in (('may "build a knight?" to players;', "players"), ('may "build a knight?" where true;', "true")):
        amend_misuse(base, "build", items, "E646", "the may \"build a knight?\" of proc 'build' asks its own player "
                     "alone: it has no ", None, at)


@pytest.mark.parametrize("items, at, kept", [
    ('pick "move the robber to which hex?" to 6..7;', "6..7", "1, 2, 3, 4, 5"),
    ("repeat until stable(temperature) to stable(oxygen);", "stable(oxygen)", "temperature"),
])
def test_a_new_domain_that_keeps_nothing_of_the_bases_warns_w629(items, at, kept):
    name = "move_robber" if items.startswith("pick") else "terraform"
    house = f"amend {name} {{ {items} }}\n"
    found = [d for d in analyse_text(BASE + house).diagnostics if d.code == "W629"]
    assert [(d.span.line, d.span.column) for d in found] == [(LINE, house.index(at) + 1)]
    assert f"keep{'s' if 'pick' in items else ''} nothing of the base's (not one of {kept})" in found[0].message
    # with `base`, or sharing a value, it does not warn
    for fine in ('pick "move the robber to which hex?" to 1..7;', 'pick "move the robber to which hex?" to base + [6];',
                 "repeat until stable(temperature) to stable(temperature, oxygen);"):
        name = "move_robber" if fine.startswith("pick") else "terraform"
        assert not [d for d in analyse_text(BASE + f"amend {name} {{ {fine} }}\n").diagnostics if d.code == "W629"]


def test_stacked_packs_build_on_the_earlier(tmp_path):
    base = write_pack(tmp_path / "base", BASE, name="base")
    sea = write_pack(tmp_path / "sea", 'amend move_robber { pick "move the robber to which hex?" to base + [6]; }\n',
                     name="sea", extends=["../base"])
    more = write_pack(tmp_path / "more", 'amend move_robber { pick "move the robber to which hex?" to base + [7]; }\n'
                      'amend terraform { repeat until stable(temperature) to stable(base, oxygen); }\n',
                      name="more", extends=["../sea"])
    result = analyse(str(more))
    assert not [d for d in result.diagnostics if d.severity != "info"], [d.headline() for d in result.diagnostics]
    # each `base` stands for the domain as the pack before left it
    assert "Pick one h from ((the numbers from 1 to 5) with the row 6 added at the end) with the row 7 added at the " \
           "end for which h is not the robber's hex" in explained(result, "move_robber")
    assert base and sea
    for built in (compile_pack(str(more)).program, interpret_pack(str(more))):
        assert robber_hexes(lambda _house: built, "") == ["1", "2", "4", "5", "6", "7"]


def test_explain_reads_an_amended_count_with_the_bases_by_name():
    from pathlib import Path

    brink = Path(__file__).parent / "packs" / "pandemic_brink"
    reading = explained(analyse(str(brink)), "infect_cities")
    assert "Do this as many times as the base's count plus (1 if “Rate Effect”, otherwise 0), the base's count " \
           "being the number printed where the marker stands on the infection rate track (amended by " in reading


def test_a_picks_domain_written_base_alone_changes_nothing_w608():
    house = 'amend move_robber { pick "move the robber to which hex?" to base where true; }\n'
    found = [d for d in analyse_text(BASE + house).diagnostics if d.code == "W608"]
    assert [(d.message, d.span.column) for d in found] == [
        ("the new domain of the pick \"move the robber to which hex?\" of proc 'move_robber' is 'base' alone: it "
         "stays the base's", house.index("base") + 1)]
