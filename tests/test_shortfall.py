"""`shortfall RES { raise [when COND] by { option ... } else { ... } }` (docs 3.1a): every payment of more RES
than its payer holds (`lose N RES`, `lose N RES to P`, `pay` of a cost) runs the one rule, on both backends;
Monopoly's rent, tax and bankruptcy (tests/packs/monopoly) and an 18xx president selling shares to buy a train;
its diagnostics (E654, E655, W638, W639), `fmt` and `explain`."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game

from .conftest import drive, explained, pack_program, printed_back, rules_programs, run_proc

MONOPOLY = str(Path(__file__).parent / "packs" / "monopoly")

monopoly = pack_program(MONOPOLY)


def monopoly_game(program, deeds: dict[int, list[str]], cash: int) -> Game:
    """Three players set up, P1 with `cash`, the others with 1500, each seat (from 0) holding the deeds listed."""
    game = Game(program, 3, 1)
    game.start()
    for p in game.state.players:
        p.stock["cash"], p.stock["square"], p.vars["in_jail"] = 1500, 0, False
    game.state.players[0].stock["cash"] = cash
    for seat, names in deeds.items():
        for name in names:
            game.move(game.program.entities[name], game.zone(game.state.players[seat], "deeds"))
    return game


def deeds_of(game: Game, seat: int) -> set[str]:
    return {d.name for d in game.zone(game.state.players[seat], "deeds")}


def test_a_rent_of_50_with_20_cash_asks_to_mortgage_a_deed_then_pays_all_50(monopoly):
    # Reading Railroad with the Pennsylvania: a rent of 50; P1 holds 20 and two deeds mortgaged for 30 each
    game = monopoly_game(monopoly, {0: ["mediterranean", "baltic"], 1: ["reading", "pennsylvania_rr"]}, 20)
    p1, p2 = game.state.players[:2]
    p1.stock["square"] = 5
    asked = drive(game, game.program.procs["land"](game, p1, 4), ["Baltic Avenue"])
    # (the choose of how to raise has one open option, so only the pick asks; one mortgage covers it)
    assert [d.prompt for d in asked] == ["mortgage which deed?"]
    assert game.state.gvars["mortgaged[baltic]"] and not game.state.gvars["mortgaged[mediterranean]"]
    assert (p1.stock["cash"], p2.stock["cash"]) == (0, 1550)
    assert not game.eliminated(p1)


def test_with_one_deed_to_mortgage_the_forced_mortgage_is_made_without_asking_and_50_paid(monopoly):
    game = monopoly_game(monopoly, {0: ["mediterranean"], 1: ["reading", "pennsylvania_rr"]}, 20)
    p1, p2 = game.state.players[:2]
    p1.stock["square"] = 5
    assert drive(game, game.program.procs["land"](game, p1, 4), []) == []   # one answer open: none asked
    assert game.state.gvars["mortgaged[mediterranean]"] and (p1.stock["cash"], p2.stock["cash"]) == (0, 1550)


def test_a_house_is_sold_or_a_deed_mortgaged_one_at_a_time_until_the_rent_is_covered(monopoly):
    # 200 due (four railroads) with 10 held: a house sells back for 25, the light blues mortgage for 50, 50, 60
    # once their houses are gone, Mediterranean for 30
    lights = ["oriental", "vermont", "connecticut"]
    game = monopoly_game(monopoly, {0: lights + ["mediterranean"],
                                    1: ["reading", "pennsylvania_rr", "b_and_o", "short_line"]}, 10)
    p1, p2 = game.state.players[:2]
    for d in lights:
        game.state.globals[f"houses[{d}]"] = 1
    p1.stock["square"] = 5
    asked = drive(game, game.program.procs["land"](game, p1, 4),
                  ["mortgage a deed", "Oriental Avenue", "Vermont Avenue", "Oriental Avenue", "Connecticut Avenue"])
    # (a choose or a pick with one open answer asks nothing: after Mediterranean only houses can be sold,
    # evenly, and once they are gone only the light blues can be mortgaged)
    assert [d.prompt for d in asked] == ["raise 190 more cash"] + ["sell a house from which site?"] * 2 + \
        ["mortgage which deed?"] * 2
    assert (p1.stock["cash"], p2.stock["cash"]) == (10 + 30 + 3 * 25 + 50 + 60 - 200, 1700)
    assert not game.eliminated(p1) and not game.state.gvars["mortgaged[vermont]"]
    assert all(game.state.globals[f"houses[{d}]"] == 0 for d in lights)


def test_with_nothing_to_raise_the_payer_is_bankrupt_to_the_creditor_who_receives_the_deeds(monopoly):
    game = monopoly_game(monopoly, {0: ["mediterranean"], 1: ["reading", "pennsylvania_rr"]}, 20)
    p1, p2 = game.state.players[:2]
    game.state.gvars["mortgaged[mediterranean]"] = True   # nothing left to raise
    p1.stock["square"] = 5
    asked = drive(game, game.program.procs["land"](game, p1, 4), [])
    assert asked == [] and game.eliminated(p1)
    assert p2.stock["cash"] == 1500 + 20 and "mediterranean" in deeds_of(game, 1)
    assert game.state.gvars["mortgaged[mediterranean]"]   # mortgages and all
    assert "P1 is bankrupt" in game.messages


def test_a_tax_the_payer_cannot_cover_bankrupts_them_to_the_bank(monopoly):
    # Income Tax (square 4): 200, with 100 held and a deed worth a 30 mortgage: not enough, so nothing is raised
    game = monopoly_game(monopoly, {0: ["mediterranean"]}, 100)
    p1, p2 = game.state.players[:2]
    asked = drive(game, game.program.procs["move_on"](game, p1, 4), [])
    assert asked == [] and game.eliminated(p1) and p1.stock["cash"] == 0
    assert "mediterranean" in {d.name for d in game.zone(None, "bank")}
    assert not game.state.gvars["mortgaged[mediterranean]"]   # back to the bank unmortgaged


# An 18xx president buying a train for the company: the company's treasury is short, so the president
# sells shares to the bank at the market price until it is covered; one who cannot is bankrupt.
RAILWAY = """
resource cash "Cash";
resource shares "Shares";
counter price "Share price" global from 0 to 400 start 40;
var bankrupt "Bankrupt" global: bool = false;
shortfall cash {
  raise when shares > 0 by {
    option "sell a share" when shares > 0 {
      lose 1 shares;
      gain price cash;
    }
  }
  else {
    say "{you} is bankrupt with {missing} missing to {creditor}";
    set bankrupt = true;
  }
}
proc start(money: int, held: int) { gain money cash; gain held shares; }
proc buy_train(cost: int) { pay cost cash; }
proc pay_out(n: int) { lose n cash to players[2]; }
proc offered() { may "buy the permanent train?" cost 300 cash { gain 1 shares; } }
game railway { seats 2 to 4; phase play { start(10, 0); } winner most cash; }
"""

railway = rules_programs(RAILWAY)


def test_a_cost_the_payer_cannot_pay_raises_until_covered_and_the_payer_cannot_stop(railway):
    game = Game(railway(), 2, 1)
    you = game.state.players[0]
    run_proc(game, "start", 30, 3)
    run_proc(game, "buy_train", 100)   # 70 missing: two shares of 40 (the one option is taken without asking)
    assert (you.stock["cash"], you.stock["shares"], game.state.gvars["bankrupt"]) == (10, 1, False)


def test_a_transfer_short_pays_what_is_held_to_the_creditor_then_the_else_runs(railway):
    game = Game(railway(), 2, 1)
    you, other = game.state.players
    run_proc(game, "start", 30, 1)
    run_proc(game, "pay_out", 200)   # 30 + 40 = 70 held after raising: all of it to P2, 130 missing
    assert (you.stock["cash"], you.stock["shares"], other.stock["cash"]) == (0, 0, 70)
    assert game.state.gvars["bankrupt"] and "P1 is bankrupt with 130 missing to P2" in game.messages


def test_a_cost_that_is_only_offered_when_affordable_never_runs_the_shortfall(railway):
    game = Game(railway(), 2, 1)
    you = game.state.players[0]
    run_proc(game, "start", 30, 3)
    assert drive(game, game.program.procs["offered"](game, you), []) == []   # not offered: nothing sold
    assert (you.stock["cash"], you.stock["shares"]) == (30, 3)


def test_a_payment_covered_by_what_is_held_asks_nothing(railway):
    game = Game(railway(), 2, 1)
    you, other = game.state.players
    run_proc(game, "start", 100, 2)
    run_proc(game, "pay_out", 60)
    assert (you.stock["cash"], you.stock["shares"], other.stock["cash"]) == (40, 2, 60)


plain = rules_programs("resource cash;\nproc pay_out(n: int) { gain 10 cash; lose n cash to players[2]; }\n"
                       "game g { seats 2; phase play { pay_out(1); } winner most cash; }\n")


def test_without_a_shortfall_a_loss_stops_at_zero_as_before(plain):
    game = Game(plain(), 2, 1)
    you, other = game.state.players
    run_proc(game, "pay_out", 50)
    assert (you.stock["cash"], other.stock["cash"]) == (0, 10)


def codes(text: str) -> list[tuple]:
    return [(d.code, d.span.line, d.span.column) for d in analyse_text(text).diagnostics]


GAME = "game g { seats 2; phase play { lose 5 cash; } winner most cash; }\n"


@pytest.mark.parametrize("declared", ["counter cash global;", "counter cash from 1 to 99;", "enum cash { a, b }",
                                      "counter cash signed;", ""])
def test_a_shortfall_of_what_is_no_players_stock_is_e654(declared):
    text = (f"{declared}\nresource coin;\nshortfall cash {{ else {{ say \"broke\"; }} }}\n"
            "game g { seats 2; phase play { lose 5 coin; } winner most coin; }\n")
    found = [c for c in codes(text) if c[0].startswith("E")]
    assert found[0] == ("E654", 3, 1), found


def test_a_second_shortfall_of_one_resource_is_e655_at_its_resource():
    text = "resource cash;\nshortfall cash { else { say \"a\"; } }\nshortfall cash { else { say \"b\"; } }\n" + GAME
    assert [c for c in codes(text) if c[0] != "W401"] == [("E655", 3, 11)]


def test_an_option_that_never_gains_the_resource_is_w638_and_an_empty_raise_is_w639():
    text = ("resource cash;\nresource shares;\n"
            "shortfall cash {\n  raise by {\n    option \"sell\" when shares > 0 { lose 1 shares; }\n  }\n}\n" + GAME)
    assert codes(text) == [("W638", 5, 5)]
    text = "resource cash;\nshortfall cash {\n  raise by {}\n  else { eliminate; }\n}\n" + GAME
    assert codes(text) == [("W639", 2, 1)]


def test_the_shortfall_is_printed_back_and_read_aloud():
    module, printed = printed_back(RAILWAY)
    assert "shortfall cash {\n  raise when shares > 0 by {\n    option \"sell a share\"" in printed
    result = analyse_text(RAILWAY)
    lines = explained_shortfall(result)
    assert lines[0] == "shortfall cash"
    assert lines[1] == "  When you must pay more cash than you have:"
    assert "while you have more than 0 shares, one of these at a time" in lines[3]
    assert "Otherwise you pay all your cash to the creditor (or the bank), then:" in "\n".join(lines)


def explained_shortfall(result) -> list[str]:
    from rulebook.compiler.explain import explain
    return explain(result.symbols.shortfalls["cash"], result.symbols)


def test_a_loss_of_the_resource_is_read_as_raised_by_its_shortfall():
    result = analyse_text(RAILWAY)
    assert "holding less, you must raise it: see its shortfall" in explained(result, "pay_out")


OVERRIDDEN = """resource cash;
shortfall cash { else { say "first"; } }
override shortfall cash { else { say "second"; } }
proc p() { lose 5 cash; }
game g { seats 2; phase play { p(); } winner most cash; }
"""

overridden = rules_programs(OVERRIDDEN)


def test_an_override_replaces_the_shortfall_of_its_resource(overridden):
    assert analyse_text(OVERRIDDEN).diagnostics == []
    game = Game(overridden(), 2, 1)
    run_proc(game, "p")
    assert game.messages == ["P1: second"]
    assert "override shortfall cash {\n  else {" in printed_back(OVERRIDDEN)[1]


def test_the_workspace_outline_lists_the_shortfall(tmp_path):
    from rulebook.compiler.workspace import Workspace

    from .conftest import write_pack

    write_pack(tmp_path / "railway", RAILWAY, name="railway")
    view = Workspace().view(tmp_path / "railway" / "main.rules")
    shown = next(s for s in view.paths if s.endswith("main.rules"))
    assert ("shortfall cash", "proc") in [(s["name"], s["category"]) for s in view.symbols_of(shown)]


def test_rulebook_explain_reads_the_shortfall_by_its_proc_name(tmp_path):
    from click.testing import CliRunner

    from rulebook.cli import app

    from .conftest import write_pack

    write_pack(tmp_path / "railway", RAILWAY, name="railway")
    shown = CliRunner().invoke(app, ["explain", str(tmp_path / "railway"), "shortfall_cash"])
    assert shown.exit_code == 0, shown.output
    assert "shortfall cash {" in shown.output and "When you must pay more cash than you have" in shown.output


# A tagged payment: the modifiers of its action change it first (a discount card), then the shortfall covers it
TAXED = """resource cash;
resource bonds;
event tax();
var discounted global: bool = false;
shortfall cash {
  raise by {
    option "sell a bond" when bonds > 0 { lose 1 bonds; gain 10 cash; }
  }
}
proc start() { gain 25 cash; gain 2 bonds; modifier you tax while discounted { lose -10; } }
proc taxed() { lose 30 cash for tax(); }
proc owed(p: player) { lose 12 p.cash; }
game g { seats 2; phase play { start(); } winner most cash; }
"""

taxed = rules_programs(TAXED)


def test_a_tagged_payment_is_changed_by_its_modifiers_before_the_shortfall_looks_at_it(taxed):
    game = Game(taxed(), 2, 1)
    you = game.state.players[0]
    run_proc(game, "start")
    game.state.gvars["discounted"] = True
    run_proc(game, "taxed")   # 20 with 25 held: nothing raised
    assert (you.stock["cash"], you.stock["bonds"]) == (5, 2)
    game.state.gvars["discounted"] = False
    run_proc(game, "taxed")   # 30 with 5 held: three bonds wanted, two held: all paid, the rest forgiven
    assert (you.stock["cash"], you.stock["bonds"]) == (0, 0)


def test_a_payment_of_another_players_stock_is_raised_by_that_player(taxed):
    game = Game(taxed(), 2, 1)
    you, other = game.state.players
    run_proc(game, "start", player=1)
    run_proc(game, "owed", other)   # P2 owes 12 with 25 held: paid
    run_proc(game, "owed", other)   # 12 with 13: paid
    run_proc(game, "owed", other)   # 12 with 1: P2 sells two bonds (21), pays 12
    assert (other.stock["cash"], other.stock["bonds"], you.stock["cash"]) == (9, 0, 0)


def test_the_bound_names_may_be_declared_too_and_are_the_shortfalls_inside_it():
    # a pack with a `debt` resource (4.2's `lose N RES else debt`) and a `missing` counter: no clash, as parameters;
    # inside the shortfall the bound names are its own (`gain 1 debt;` there would be E309)
    text = ("resource cash;\nresource debt;\nresource owed;\ncounter missing;\n"
            "shortfall cash { else { gain missing owed; } }\n"
            "proc p() { gain 3 cash; lose 5 cash; gain 1 missing; gain 1 debt; }\n"
            "game g { seats 2; phase play { p(); } winner most cash; }\n")
    assert analyse_text(text).diagnostics == []
    from rulebook.compiler.driver import build_text
    for interpreted in (False, True):
        game = Game(build_text(text, interpreted=interpreted), 2, 1)
        run_proc(game, "p")
        assert [game.state.players[0].stock[n] for n in ("cash", "owed", "missing")] == [0, 2, 1]


# A round of raising that raises nothing ends it: a prayer that gives nothing is asked once, not until
# the step budget stops the game (W638 warns of the option; the game still ends the raising).
PRAYER = RAILWAY.replace('''    option "sell a share" when shares > 0 {''', '''    option "pray" { say "{you} prays"; }
    option "sell a share" when shares > 0 {''')

prayer = rules_programs(PRAYER)


def test_a_round_that_raises_nothing_ends_the_raising(prayer):
    game = Game(prayer(), 2, 1)
    you, other = game.state.players
    run_proc(game, "start", 30, 1)
    asked = drive(game, game.program.procs["pay_out"](game, you, 100), ["pray"])   # pray (raises nothing): raising ends
    assert len(asked) == 1 and "raise 70 more cash" in asked[0].prompt
    assert (you.stock["cash"], you.stock["shares"], other.stock["cash"]) == (0, 1, 30)
    assert game.state.gvars["bankrupt"] and "P1 is bankrupt with 70 missing to P2" in game.messages
