"""A designer's house rules and printed variants on the four shipped games, each a small pack under
tests/packs that extends the shipped one: each rule takes effect, and what it does not name plays as
the base plays it (the frictions they found are in docs/architecture.md, branch trial23)."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse, compile_pack, interpret_pack
from rulebook.dsl.printer import format_text
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game

from .conftest import answer_by_prompt, drive, played_on_both_backends, run_proc, write_pack

PACKS = Path(__file__).parent / "packs"
HOUSE_RULES = {
    "federation": ["fed_short", "fed_crystals", "fed_two_ships"],
    "stupor_mundi": ["sm_rich", "sm_short", "sm_houses", "sm_majority"],
    "seven_wonders": ["sw_science8", "sw_no_spies", "sw_war3"],
    "tapestry": ["tap_no_traps", "tap_catchup", "tap_rafts"],
}
ALL = [(base, house) for base, houses in HOUSE_RULES.items() for house in houses]


@functools.cache
def program(pack: str):
    """The compiled Program of a shipped game or of a house rule, built once for this module."""
    return compile_pack(pack if pack in HOUSE_RULES else str(PACKS / pack)).program


def started(pack: str, players: int = 3, seed: int = 1) -> Game:
    """A game at its first decision, the setup done."""
    g = Game(program(pack), players, seed, make_agents("random", players, seed))
    g.start()
    return g


def played(pack: str, players: int = 2, seed: int = 1) -> Game:
    """A whole seeded game of random agents."""
    g = Game(program(pack), players, seed, make_agents("random", players, seed))
    g.play()
    return g


@pytest.mark.parametrize("base,house", ALL)
def test_each_house_rule_extends_its_game_lints_with_only_i404_and_is_in_canonical_form(base, house):
    pack = PACKS / house
    assert f'extends = ["{base}"]' in (pack / "pack.toml").read_text()
    result = analyse(str(pack))
    assert [d.headline() for d in result.diagnostics if d.code[0] in "EW"] == []
    assert {d.code for d in result.diagnostics if str(d.span.file).endswith("house.rules")} == {"I404"}
    text = (pack / "house.rules").read_text()
    assert format_text(text) == text


# ------------------------------------------------------------------------------------------ Federation


def test_fed_short_plays_four_rounds_and_reveals_the_laws_a_round_earlier():
    base, short = played("federation"), played("fed_short")
    assert (base.state.globals["round"], short.state.globals["round"]) == (5, 4)
    # one law pair fewer is revealed: each law stack keeps one tile more than in the base's game
    assert [len(short.state.zones[z]) - len(base.state.zones[z]) for z in ("laws_left", "laws_right")] == [1, 1]
    assert short.result()["over"]


def test_fed_short_sets_up_as_the_base_does():
    assert started("fed_short").state.digest() == started("federation").state.digest()


def leftovers(pack: str, **stock) -> int:
    """The prestige P1 scores from leftovers holding `stock` (and nothing else to score)."""
    g = started(pack)
    me = g.state.players[0]
    for name in ("lavandium", "copernium", "oceanium", "diamond", "ships"):
        me.stock[name] = stock.get(name, 0)
    me.zones["variations"].clear()
    before = me.stock["prestige"]
    run_proc(g, "final_leftovers")
    return me.stock["prestige"] - before


def test_fed_crystals_scores_each_leftover_crystal_and_the_rest_as_printed():
    assert leftovers("federation", lavandium=3, oceanium=2) == 2
    assert leftovers("fed_crystals", lavandium=3, oceanium=2) == 5
    # diamonds and ships score as printed
    assert leftovers("fed_crystals", diamond=2, ships=3) == leftovers("federation", diamond=2, ships=3) == 5


def test_fed_two_ships_starts_with_a_second_ship_from_the_reserve_and_nothing_else():
    base, house = started("federation"), started("fed_two_ships")
    for b, h in zip(base.state.players, house.state.players):
        assert (h.stock["ships"], h.stock["ship_reserve"]) == (b.stock["ships"] + 1, b.stock["ship_reserve"] - 1) == (2, 6)
        assert {k: v for k, v in h.stock.items() if "ship" not in k} == {k: v for k, v in b.stock.items() if "ship" not in k}


def test_fed_short_plays_alike_on_both_backends():
    (_, result), _ = played_on_both_backends(PACKS / "fed_short", 2, 3)
    assert result["over"]


# ---------------------------------------------------------------------------------------- Stupor Mundi


def test_sm_rich_gives_two_more_augustalis_at_the_start_and_the_rest_as_printed():
    base, house = started("stupor_mundi"), started("sm_rich")
    assert [p.stock["augustalis"] for p in base.state.players] == [6, 7, 8]
    assert [p.stock["augustalis"] for p in house.state.players] == [8, 9, 10]
    assert [p.stock["grain"] for p in house.state.players] == [p.stock["grain"] for p in base.state.players]


def ends_with(pack: str, structures: tuple[int, int, int]) -> bool:
    """Whether the game is to end after this round once P1 holds (towers, walls, forts)."""
    g = started(pack)
    me = g.state.players[0]
    me.stock["towers"], me.stock["walls"], me.stock["forts"] = structures
    run_proc(g, "check_end")
    return any(lp.pending for lp in g.state.loops)


def test_sm_short_ends_the_game_at_eleven_structures_not_thirteen():
    assert not ends_with("stupor_mundi", (4, 4, 3))
    assert ends_with("sm_short", (4, 4, 3))
    assert not ends_with("sm_short", (4, 3, 3))
    assert ends_with("stupor_mundi", (5, 5, 3)) and ends_with("sm_short", (5, 5, 3))


def test_sm_houses_asks_the_last_player_first_and_each_keeps_the_house_chosen():
    g = Game(program("sm_houses"), 3, 1)
    d = g.start()
    chosen = []
    while d.prompt == "choose your house":
        chosen.append((d.player.label(), d.options[-1]))
        d = g.apply(len(d.options) - 1)
    assert [seat for seat, _ in chosen] == ["P3", "P2", "P1"]
    assert {p.label(): p.vars["crest"].title for p in g.state.players} == dict(chosen)
    # the base draws them: its first question is of the game, not of the setup
    assert Game(program("stupor_mundi"), 3, 1).start().prompt != "choose your house"


def majority(pack: str) -> list[int]:
    """The VP each of three players scores at the end with 9, 7 and 5 structures and nothing else."""
    g = started(pack)
    for p, (towers, walls, forts) in zip(g.state.players, [(4, 3, 2), (3, 3, 1), (2, 2, 1)]):
        p.stock.update(towers=towers, walls=walls, forts=forts, grain=0, stone=0, augustalis=0, vp=0)
    drive(g, g.program.procs["final_scoring"](g, g.state.players[0]))
    return [p.stock["vp"] for p in g.state.players]


def test_sm_majority_gives_the_most_structures_six_and_the_second_place_as_printed():
    assert majority("stupor_mundi") == [9 + 4, 7 + 2, 5]
    assert majority("sm_majority") == [9 + 6, 7 + 2, 5]


AFTER_SCORING = """
# a house rule: a VP more for everyone at the end, after the printed scoring
counter heard "VP when the score was announced";

after final_scoring {
  each players {
    gain 1 vp;
  }
}

whenever you scored {
  set heard = vp;
}
"""


@pytest.mark.parametrize("build", [compile_pack, interpret_pack], ids=["compiled", "interpreted"])
def test_steps_added_after_the_final_scoring_are_in_the_score_its_listeners_hear(tmp_path, build):
    """An `after` hook runs after the whole proc, an `emit` at its end included: Stupor Mundi announces
    `scored()` in its final phase after `final_scoring()` returns, so a house rule adding points after the
    scoring is heard by whatever listens to the announcement (it was heard one VP short)."""
    pack = write_pack(tmp_path / "sm_after", AFTER_SCORING, name="sm_after", extends=["stupor_mundi"])
    built = build(str(pack))
    g = Game(built.program if hasattr(built, "program") else built, 3, 1, make_agents("random", 3, 1))
    g.start()
    first = g.state.players[0]   # the final phase runs as the first player: the one `whenever you` hears
    drive(g, g.program.game.final(g, first))
    assert first.stock["heard"] == first.stock["vp"] > 0


def test_sm_houses_plays_alike_on_both_backends():
    played_on_both_backends(PACKS / "sm_houses", 2, 1, decisions=200)


# ------------------------------------------------------------------------------------------ 7 Wonders


def science(pack: str, compass: int, gear: int, tablet: int) -> int:
    """The science VP of P1 holding those symbols."""
    g = started(pack)
    me = g.state.players[0]
    me.stock.update({"symbols[compass]": compass, "symbols[gear]": gear, "symbols[tablet]": tablet})
    return g.program.funcs["science_points"](g, me)


def test_sw_science8_makes_a_set_worth_eight_and_the_squares_as_printed():
    assert (science("seven_wonders", 1, 1, 1), science("sw_science8", 1, 1, 1)) == (10, 11)
    assert (science("seven_wonders", 2, 2, 1), science("sw_science8", 2, 2, 1)) == (16, 17)
    assert science("seven_wonders", 3, 0, 0) == science("sw_science8", 3, 0, 0) == 9


def test_sw_no_spies_leaves_the_spies_guild_out_and_deals_as_many_guilds():
    base, house = played("seven_wonders", 3, 1), played("sw_no_spies", 3, 1)
    assert "spies_guild" in base.program.entities and "spies_guild" not in house.program.entities
    # 3 players: 5 guilds go into the age III deck in both, of 10 printed in the base and 9 in the house rule
    assert [len(g.state.zones["guild_pool"]) for g in (base, house)] == [10 - 5, 9 - 5]


def tokens(pack: str) -> list[int]:
    """The VP of a military victory in ages I, II and III."""
    g = started(pack)
    me, won = g.state.players[0], []
    for age in (1, 2, 3):
        g.state.globals["age"] = age
        won.append(g.program.funcs["victory_tokens"](g, me))
    return won


def test_sw_war3_makes_an_age_three_victory_worth_six_and_the_others_as_printed():
    assert tokens("seven_wonders") == [1, 3, 5]
    assert tokens("sw_war3") == [1, 3, 6]


def test_sw_war3_plays_alike_on_both_backends():
    (_, result), _ = played_on_both_backends(PACKS / "sw_war3", 3, 2)
    assert result["over"]


# ------------------------------------------------------------------------------------------- Tapestry


def test_tap_no_traps_deals_a_deck_without_the_seven_traps():
    base, house = started("tapestry"), started("tap_no_traps")
    def tapestries(g):
        return [c.name for cards in [*g.state.zones.values(), *(z for p in g.state.players for z in p.zones.values())]
                for c in cards if c.kind == "tapestry"]
    assert sum(c.startswith("trap") for c in tapestries(base)) == 7
    assert [c for c in tapestries(house) if c.startswith("trap")] == []
    assert len(tapestries(house)) == len(tapestries(base)) - 7


def income_gained(pack: str, era: int, lowest: bool) -> int:
    """The VP P1 gains from an income turn of `era`, holding the fewest VP or not."""
    g = started(pack)
    me = g.state.players[0]
    for p in g.state.players:
        p.stock.update(vp=10, era=era - 1)  # the income turn starts the era
    me.stock["vp"] = 5 if lowest else 20
    before = me.stock["vp"]
    answer_by_prompt(g.program.procs["income_turn"](g, me), {})
    return me.stock["vp"] - before


def test_tap_catchup_gives_the_last_three_vp_in_eras_two_to_four_only():
    assert income_gained("tap_catchup", 2, lowest=True) == income_gained("tapestry", 2, lowest=True) + 3
    assert income_gained("tap_catchup", 2, lowest=False) == income_gained("tapestry", 2, lowest=False)


def rafts(pack: str) -> int:
    """The coins P1 holds after advancing from space 1 to Rafts (space 2) of exploration, first options."""
    g = started(pack)
    me = g.state.players[0]
    me.stock["exploration"] = 1
    answer_by_prompt(g.program.procs["advance_on"](g, me, "exploration"), {"take the bonus": "no"})
    return me.stock["coin"]


def test_tap_rafts_gives_one_more_coin_on_rafts():
    assert rafts("tap_rafts") == rafts("tapestry") + 1


def test_tap_rafts_plays_alike_on_both_backends():
    played_on_both_backends(PACKS / "tap_rafts", 3, 1, decisions=150)


# --------------------------------------------------------------------------------- what the designer met


def findings(tmp_path, text: str, base: str = "federation") -> list[tuple]:
    """(code, file name, line, message) of a house rule's warnings and errors on a shipped game."""
    result = analyse(str(write_pack(tmp_path / "house", text, "house", [base])))
    return [(d.code, Path(str(d.span.file)).name, d.span.line, d.message) for d in result.diagnostics
            if d.code[0] in "EW"]


def test_an_override_of_a_counter_by_a_constant_is_w599_at_the_override_with_the_constant_meant(tmp_path):
    found = findings(tmp_path, "override const round = 4;\n")
    w599 = [f for f in found if f[0] == "W599"]
    assert [f[1:3] for f in w599] == [("main.rules", 1)]
    assert "replaces counter 'round'" in w599[0][3]
    result = analyse(str(tmp_path / "house"))
    assert next(d for d in result.diagnostics if d.code == "W599").hint == "did you mean 'rounds'?"


def test_an_override_of_the_same_category_is_no_w599(tmp_path):
    assert [f for f in findings(tmp_path, "override const rounds = 3;\n") if f[0] == "W599"] == []


def test_a_constant_overridden_below_zero_leaves_a_repeat_that_never_runs_w402(tmp_path):
    found = findings(tmp_path, "override const rounds = -1;\n")
    assert [(f[1], f[3]) for f in found if f[0] == "W402"] == [("game.rules", "'repeat -1' never runs its body")]
    (w402,) = [d for d in analyse(str(tmp_path / "house")).diagnostics if d.code == "W402"]
    assert w402.notes == (f"the constant 'rounds' is -1 by its declaration at {tmp_path / 'house' / 'main.rules'}:1:10",)


def test_an_empty_amend_is_w600_at_its_name_and_one_with_a_title_or_copies_is_not(tmp_path):
    found = findings(tmp_path / "a", "# science is worth more\namend science_points { }\n", "seven_wonders")
    assert [(f[0], f[2]) for f in found] == [("W600", 2)] and "'science_points' is empty" in found[0][3]
    assert findings(tmp_path / "b", 'amend spies_guild "Guild of Spies" { }\n', "seven_wonders") == []
    assert [f[0] for f in findings(tmp_path / "c", "amend spies_gild { }\n", "seven_wonders")] == ["E217"]
