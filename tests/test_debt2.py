"""debt2: a shortfall (docs 3.1a) changed by a house rule (`amend shortfall RES { ... }`: Monopoly without
mortgages, tests/packs/monopoly_house), and the payments it now covers: a `pay` of an `or` cost (the payer
picks which alternative to raise for), of a cost with `any` terms, and of a tagged cost a modifier made
dearer; both backends, fmt, explain and the diagnostics (E668)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game

from .conftest import drive, pack_program, printed_back, rules_programs, run_proc

PACKS = Path(__file__).parent / "packs"

# An 18xx-like railway: a president short of cash sells shares (at 40) or, once, takes a loan of 100.
RAILWAY = """
resource cash "Cash";
resource shares "Shares";
resource coal "Coal";
resource oil "Oil";
group fuel "Fuel" { coal, oil }
var bankrupt "Bankrupt" global: bool = false;
event build();
var surcharged global: bool = false;
shortfall cash {
  raise when shares > 0 by {
    option "sell a share" when shares > 0 {
      lose 1 shares;
      gain 40 cash;
    }
  }
  else {
    say "{you} is bankrupt, {missing} short";
    set bankrupt = true;
  }
}
proc start(money: int, held: int) {
  gain money cash;
  gain held shares;
  modifier you build while surcharged { cost +30 cash; }
}
proc train_or_bonds() { pay 100 cash or 3 shares; }
proc fuelled_train() { pay 60 cash, 1 any(fuel); }
proc station() { pay 50 cash for build(); }
game railway { seats 2 to 4; phase play { start(10, 0); } winner most cash; }
"""

railway = rules_programs(RAILWAY)


def started(program, money: int, shares: int) -> tuple[Game, object]:
    """A railway game of 2 players (seed 1) whose P1 starts with `money` cash and `shares` shares; and P1."""
    game = Game(program, 2, 1)
    run_proc(game, "start", money, shares)
    return game, game.state.players[0]


def test_an_or_cost_none_affordable_is_raised_for_the_one_a_shortfall_covers(railway):
    # 100 cash or 3 shares, with 30 cash and 2 shares: only the cash has a shortfall, so it is raised for
    # without asking: two shares sold (30 + 80), 100 paid
    game, you = started(railway(), 30, 2)
    assert run_proc(game, "train_or_bonds") == []
    assert (you.stock["cash"], you.stock["shares"], game.state.gvars["bankrupt"]) == (10, 0, False)


def test_an_or_cost_one_affordable_is_paid_without_raising(railway):
    game, you = started(railway(), 30, 3)
    assert run_proc(game, "train_or_bonds") == []   # 3 shares held: that one is paid, nothing sold
    assert (you.stock["cash"], you.stock["shares"]) == (30, 0)


def test_a_cost_with_an_any_term_raises_its_plain_term_when_the_rest_is_held(railway):
    game, you = started(railway(), 30, 2)
    you.stock["oil"] = 1
    run_proc(game, "fuelled_train")   # 60 cash and 1 fuel: one share sold (70), the oil paid
    assert (you.stock["cash"], you.stock["shares"], you.stock["oil"]) == (10, 1, 0)


def test_a_cost_whose_other_terms_are_not_held_is_still_e601(railway):
    game, _you = started(railway(), 30, 2)
    with pytest.raises(Exception, match="E601"):
        run_proc(game, "fuelled_train")   # no fuel: raising cash would not pay it
    assert game.state.players[0].stock["shares"] == 2   # nothing sold


def test_a_tagged_cost_a_modifier_makes_dearer_is_raised_for(railway):
    game, you = started(railway(), 60, 2)
    game.state.gvars["surcharged"] = True
    run_proc(game, "station")   # 50 + 30 with 60 held: one share sold (100), 80 paid
    assert (you.stock["cash"], you.stock["shares"]) == (20, 1)


# A house rule of the railway: a president may also take a loan (100 cash, once a game, into a debt counter),
# only while holding fewer than 3 shares; the bankrupt's shares go back to the market first.
HOUSE = """
counter loans "Loans" from 0 to 3;
amend shortfall cash {
  raise when base or loans == 0 by {
    option "take a loan" when loans == 0 {
      gain 1 loans;
      gain 100 cash;
    }
  }
  else {
    say "{you} hands back {shares} shares";
    lose shares shares;
    base();
  }
}
proc buy_train(cost: int) { pay cost cash; }
"""

house = rules_programs(RAILWAY + HOUSE)


def test_an_amended_shortfall_offers_the_added_option_under_its_amended_condition(house):
    game = Game(house(), 2, 1)
    you = game.state.players[0]
    run_proc(game, "start", 30, 0)   # no share to sell: the base's condition alone would raise nothing
    assert run_proc(game, "buy_train", 100) == []   # the loan, the one open option, taken without asking
    assert (you.stock["cash"], you.stock["loans"], game.state.gvars["bankrupt"]) == (30, 1, False)


def test_an_amended_shortfall_asks_between_the_base_option_and_the_added_one(house):
    game, you = started(house(), 30, 1)
    asked = run_proc(game, "buy_train", 100, answers=["sell a share"])
    assert [d.prompt for d in asked] == ["raise 70 more cash"]   # (after the share, the loan is the one left)
    assert (you.stock["cash"], you.stock["shares"], you.stock["loans"]) == (70, 0, 1)


def test_an_amended_else_runs_the_base_else_where_base_stands(house):
    game, you = started(house(), 0, 1)
    you.stock["loans"] = 1   # the loan taken: one share (40) is all there is to raise
    run_proc(game, "buy_train", 100)
    assert (you.stock["cash"], you.stock["shares"], game.state.gvars["bankrupt"]) == (0, 0, True)
    assert game.messages[-2:] == ["P1 hands back 0 shares", "P1 is bankrupt, 60 short"]


def test_the_amend_prints_back_and_lint_and_explain_say_what_it_changes():
    _module, printed = printed_back(RAILWAY + HOUSE)
    assert "amend shortfall cash {\n  raise when base or loans == 0 by {" in printed
    result = analyse_text(RAILWAY + HOUSE)
    infos = sorted(d.message for d in result.diagnostics if d.code == "I404")
    assert infos == ['adds option "take a loan" to choose "raise {missing} more cash" of the shortfall of \'cash\'',
                     "amends the raising's condition and the else of the shortfall of 'cash', keeping the base's"]
    from rulebook.compiler.explain import explain

    reading = "\n".join(explain(result.symbols.shortfalls["cash"], result.symbols))
    assert "while you have more than 0 shares or you have no loans (amended by <text>:33:1)" in reading
    assert "Take a loan (only if you have no loans) (added by <text>:35:5)" in reading
    assert "then (amended by <text>:33:1, keeping the base's):" in reading


MONOPOLY_HOUSE = PACKS / "monopoly_house"

monopoly_house = pack_program(MONOPOLY_HOUSE)


def test_monopoly_without_mortgages_sells_a_deed_back_to_the_bank_for_its_mortgage_value(monopoly_house):
    # the rent of two railroads (50) with 20 held and Baltic Avenue (mortgage value 30): the house rule's option
    # is the one open, so its pick alone asks; Baltic goes back to the bank, unmortgaged
    game = Game(monopoly_house, 3, 1)
    game.start()
    for p in game.state.players:
        p.stock["cash"], p.stock["square"], p.vars["in_jail"] = 1500, 0, False
    p1, p2 = game.state.players[:2]
    p1.stock["cash"], p1.stock["square"] = 20, 5
    for seat, names in {0: ["mediterranean", "baltic"], 1: ["reading", "pennsylvania_rr"]}.items():
        for name in names:
            game.move(game.program.entities[name], game.zone(game.state.players[seat], "deeds"))
    asked = drive(game, game.program.procs["land"](game, p1, 4), ["Baltic Avenue"])
    assert [d.prompt for d in asked] == ["sell which deed to the bank?"]
    assert "baltic" in {d.name for d in game.zone(None, "bank")} and not game.state.gvars["mortgaged[baltic]"]
    assert (p1.stock["cash"], p2.stock["cash"]) == (0, 1550)


@pytest.mark.parametrize("text, code, line", [
    # no shortfall of coal to amend
    ('amend shortfall coal { else { say "x"; } }\n', "E668", 1),
    # a label the raising has not
    ('amend shortfall cash { raise by { remove option "sell a bond"; } }\n', "E223", 1),
    # the one option removed: the raising would ask nothing (to drop the raising, override the shortfall)
    ('amend shortfall cash { raise by { remove option "sell a share"; } }\n', "E223", 1),
    # `base` for a condition the shortfall has not: the Age of Steam-like one below raises by nothing
    ('amend shortfall cash { raise when base by { } }\n', None, None),
])
def test_a_misused_amend_of_a_shortfall_is_reported_at_it(text, code, line):
    found = [(d.code, d.span.line) for d in analyse_text(RAILWAY + text).diagnostics if d.code[0] == "E"]
    if code is None:
        assert found == []
    else:
        assert (code, RAILWAY.count("\n") + line) in found, found


@pytest.mark.parametrize("amend", ["amend shortfall cash { }", "amend shortfall cash { raise by { } }"])
def test_an_amend_of_a_shortfall_that_changes_nothing_is_w600(amend):
    found = [(d.code, d.span.line) for d in analyse_text(RAILWAY + amend + "\n").diagnostics]
    assert found == [("W600", RAILWAY.count("\n") + 1)], found


def test_base_in_the_condition_of_a_shortfall_without_one_is_e365():
    text = ("resource cash;\nshortfall cash { raise by { option \"beg\" { gain 1 cash; } } }\n"
            "amend shortfall cash { raise when base and cash < 3 by { } }\n"
            "game g { seats 2; phase play { lose 5 cash; } winner most cash; }\n")
    assert [(d.code, d.span.line) for d in analyse_text(text).diagnostics if d.code[0] == "E"] == [("E365", 3)]


# Monopoly's Income Tax as the older rulebooks print it: "pay $200 or 10% of your total worth", the player
# choosing; short of both, the player picks which to raise for. Here two purses each with a shortfall.
PURSES = """
resource gold;
resource silver;
resource gems;
shortfall gold { raise by { option "sell a gem for 5 gold" when gems > 0 { lose 1 gems; gain 5 gold; } } }
shortfall silver { raise by { option "sell a gem for 8 silver" when gems > 0 { lose 1 gems; gain 8 silver; } } }
proc start() { gain 3 gold; gain 4 silver; gain 2 gems; }
proc tax() { pay 10 gold or 12 silver; }
game g { seats 2; phase play { start(); } winner most gold; }
"""

purses = rules_programs(PURSES)


@pytest.mark.parametrize("answer, held", [("10 gold", (3, 4, 0)), ("12 silver", (3, 0, 1))])
def test_short_of_every_alternative_the_payer_picks_which_to_raise_for(purses, answer, held):
    game = Game(purses(), 2, 1)
    you = game.state.players[0]
    run_proc(game, "start")
    asked = run_proc(game, "tax", answers=[answer])
    assert [(d.prompt, list(d.options)) for d in asked] == [("raise for which cost?", ["10 gold", "12 silver"])]
    assert (you.stock["gold"], you.stock["silver"], you.stock["gems"]) == held


def test_explain_says_a_payment_is_raised_and_when_the_payer_picks_what_for():
    from rulebook.compiler.explain import explain

    symbols = analyse_text(RAILWAY).symbols
    read = {name: "\n".join(explain(symbols.decls[name], symbols)) for name in ("train_or_bonds", "fuelled_train")}
    assert "(Holding less cash, you must raise it: see its shortfall; unable to pay any way, you pick which way " \
           "to raise for.)" in read["train_or_bonds"]
    assert "(Holding less cash, you must raise it: see its shortfall.)" in read["fuelled_train"]


# A stock held on a card: an 18xx company's treasury. A company short of money for a train or its upkeep
# has its president (the player operating it, `you`) contribute from their own cash, 10 at a time; the
# card is `holder`. Not covered, the company pays what it holds to the bank and the `else` runs.
COMPANIES = """
resource cash "Cash";
kind company "Company" { treasury: stock; }
company prr "Pennsylvania" { treasury = 50; }
company nyc "New York Central" { treasury = 20; }
shortfall treasury {
  raise when cash > 0 by {
    option "contribute 10 from your own cash" when cash >= 10 {
      lose 10 cash;
      gain 10 treasury on holder;
    }
  }
  else {
    say "{you} cannot pay for {holder}: {missing} short";
  }
}
proc start(money: int) { gain money cash; }
proc buy_train(c: company, cost: int) { pay cost treasury on c; }
proc upkeep(c: company, n: int) { lose n treasury on c; }
game railways { seats 2; phase play { each players: start(30); } winner most cash; }
"""

companies = rules_programs(COMPANIES)


def test_a_cards_stock_short_of_a_cost_is_raised_by_the_player_paying_from_it(companies):
    game = Game(companies(), 2, 1)
    you = game.state.players[0]
    prr, nyc = game.program.entities["prr"], game.program.entities["nyc"]
    run_proc(game, "start", 30)
    run_proc(game, "buy_train", prr, 70)   # 50 in the treasury: the president puts in 10, then 10
    assert (you.stock["cash"], game.field(prr, "treasury"), game.field(nyc, "treasury")) == (10, 0, 20)


def test_a_cards_loss_not_covered_pays_what_the_card_holds_and_runs_the_else(companies):
    game = Game(companies(), 2, 1)
    you = game.state.players[0]
    nyc = game.program.entities["nyc"]
    run_proc(game, "start", 10)
    run_proc(game, "upkeep", nyc, 50)   # 20 held, 10 put in: 30, all paid, 20 short
    assert (you.stock["cash"], game.field(nyc, "treasury")) == (0, 0)
    assert game.messages[-1] == "P1 cannot pay for New York Central: 20 short"


def test_the_shortfall_of_a_cards_stock_and_a_loss_it_covers_read_as_the_cards():
    from rulebook.compiler.explain import explain

    symbols = analyse_text(COMPANIES).symbols
    reading = "\n".join(explain(symbols.shortfalls["treasury"], symbols))
    assert reading.splitlines()[1] == "  When a card must pay more treasury than it holds:"
    assert "Otherwise the holder pays all its treasury to the bank, then:" in reading
    assert "Take n treasury off c (holding less, it must raise it: see its shortfall)." in \
        "\n".join(explain(symbols.decls["upkeep"], symbols))


def test_a_shortfall_of_a_stock_two_kinds_hold_is_e669():
    text = COMPANIES.replace('kind company "Company" { treasury: stock; }',
                             'kind company "Company" { treasury: stock; }\nkind mine "Mine" { treasury: stock; }')
    found = [(d.code, d.span.line) for d in analyse_text(text).diagnostics if d.code[0] == "E"]
    assert found == [("E669", 7)], found


# Into debt instead of bankruptcy: the shortfall's `else` takes what is missing as a loan, and a loss
# written `else DEBT` (7 Wonders: Cities) keeps its own rule, the payer choosing how much to take as
# debt even when they could pay: it never runs the shortfall.
LOANS = """
resource coin;
resource loans "Loans";
resource goods;
shortfall coin {
  raise by {
    option "sell a good" when goods > 0 { lose 1 goods; gain 2 coin; }
  }
  else {
    gain missing loans;
  }
}
proc start() { gain 3 coin; gain 1 goods; }
proc fined(n: int) { lose n coin; }
proc hideout() { lose 2 coin else loans; }
game g { seats 2; phase play { start(); } winner most coin; }
"""

loans = rules_programs(LOANS)


def test_a_shortfalls_else_may_take_the_rest_as_debt(loans):
    game = Game(loans(), 2, 1)
    you = game.state.players[0]
    run_proc(game, "start")
    run_proc(game, "fined", 9)   # 3 held, a good sold for 2: 5 paid, 4 taken as debt
    assert (you.stock["coin"], you.stock["goods"], you.stock["loans"]) == (0, 0, 4)


def test_a_loss_written_else_debt_keeps_its_own_choice_and_runs_no_shortfall(loans):
    game = Game(loans(), 2, 1)
    you = game.state.players[0]
    run_proc(game, "start")
    you.stock["coin"] = 1
    asked = run_proc(game, "hideout", answers=["pay 0 coin, take 2 loans"])
    assert [d.prompt for d in asked] != [] and "raise" not in asked[0].prompt
    assert (you.stock["coin"], you.stock["goods"], you.stock["loans"]) == (1, 1, 2)


def test_two_stacked_house_rules_changing_one_else_warn_unless_the_later_runs_the_earlier(tmp_path):
    from rulebook.compiler.driver import analyse

    from .conftest import write_pack

    base = str(write_pack(tmp_path / "base", RAILWAY, name="base"))
    one, kept, plain = (str(write_pack(tmp_path / name, f"amend shortfall cash {{ else {{ {body} }} }}\n", name=name,
                                       extends=["../base"]))
                        for name, body in (("one", 'say "one";'), ("kept", 'base(); say "kept";'),
                                           ("plain", 'say "plain";')))
    assert not [d for d in analyse(base, [one, kept]).diagnostics if d.code == "W406"]
    w406 = [d.message for d in analyse(base, [one, plain]).diagnostics if d.code == "W406"]
    assert w406 == ["the else of the shortfall of 'cash' is amended by both 'one' and 'plain'; 'plain' comes later "
                    "in the stack and wins"], w406
