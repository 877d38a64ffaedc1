"""Branch citfix (the Citadels audit): `amend CARD.EFFECT { pick ...; }`, card overrides in several
zones, `anytime in ZONE when COND`, a reaction's `may ... cost`, `lose N X to P`, what simulate and
cover count for overrides and reactions, and clearer diagnostics; on both backends."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.engine import Game

from .conftest import explained, printed_back, run_slot, the_one_error

# A heist game (values for illustration): a rogue's power picks a target, a scout's chooses
HEIST = """
counter vp;
kind rogue { rank: int; power: effect; }
rogue lookout "Lookout" { rank = 1; power { gain 1 vp; } }
rogue fence "Fence" { rank = 2; power { gain 2 vp; } }
rogue boss "Boss" { rank = 3; power { gain 3 vp; } }
rogue burglar "Burglar" {
  rank = 4;
  power {
    pick r from rogue where r.rank < 4 "rob which rogue?" { gain r.rank vp; }
  }
}
rogue scout "Scout" {
  rank = 5;
  power { choose "scout how?" { option "look" { gain 1 vp; } option "listen" { gain 2 vp; } } }
}
game heist { seats 2 to 2; phase play { } winner most vp; }
"""

HOUSE = """
amend burglar.power { pick "rob which rogue?" where base and r != boss; }
amend scout.power { choose "scout how?" { remove option "look"; option "sneak" { gain 5 vp; } } }
"""


def asked(interpreted: bool, card: str, *answers, house: str = HOUSE):
    game = Game(build_text(HEIST + house, interpreted=interpreted), 2, 1)
    decisions = run_slot(game, card, "power", answers=answers)
    return [d.options for d in decisions], game.state.players[0].stock["vp"]


def test_a_card_effect_s_pick_and_choose_are_amended_on_both_backends():
    for interpreted in (False, True):
        assert asked(interpreted, "burglar", 0, house="") == ([["Lookout", "Fence", "Boss"]], 1)
        assert asked(interpreted, "burglar", 1) == ([["Lookout", "Fence"]], 2)
        assert asked(interpreted, "scout", "sneak") == ([["listen", "sneak"]], 5)


def test_an_effect_amend_is_printed_back_explained_and_reported():
    module, printed = printed_back(HOUSE)
    assert "amend burglar.power {" in printed
    result = analyse_text(HEIST + HOUSE)
    assert not [d for d in result.diagnostics if d.severity == "error"]
    assert any(d.code == "I404" and "pick \"rob which rogue?\" of the power of 'burglar'" in d.message
               for d in result.diagnostics)
    assert "r is not “Boss”" in explained(result, "burglar")


def test_an_effect_amend_of_a_missing_effect_or_pick_is_an_error():
    the_one_error(analyse_text(HEIST + "amend burglar.powr { pick \"rob which rogue?\" where r != boss; }"),
                  "E217", "'burglar' has no effect 'powr'")
    the_one_error(analyse_text(HEIST + "amend burglar.power { pick \"rob whom?\" where r != boss; }"), "E222",
                  "has no pick")
    the_one_error(analyse_text(HEIST + "amend burglar.power { rank = 2; }"), "E217", "amending 'burglar.power'")


# A card whose override holds in either of two zones (a charm in hand or on the table)
CHARM = """
counter vp;
kind card { }
zone hand per_player of card;
zone table per_player of card;
zone box per_player of card;
func boost(): int = 1;
card charm "Charm" { override func boost(): int in hand, table = base() + 2; }
proc score() { gain boost() vp; }
game g { seats 2 to 2; phase play { } winner most vp; }
"""


def test_a_card_override_holds_in_any_of_its_zones_on_both_backends():
    from .conftest import run_proc
    for interpreted in (False, True):
        program = build_text(CHARM, interpreted=interpreted)
        for zone, scores in (("hand", [3, 1]), ("table", [3, 1]), ("box", [1, 1])):
            game = Game(program, 2, 1)
            game.state.players[0].zones[zone].append(game.program.entities["charm"])
            run_proc(game, "score")
            run_proc(game, "score", player=1)
            assert [p.stock["vp"] for p in game.state.players] == scores, (interpreted, zone)


def test_a_card_override_s_zones_are_checked_printed_and_explained():
    the_one_error(analyse_text(CHARM.replace("in hand, table", "in hand, hand")), "E383", "written twice")
    the_one_error(analyse_text(CHARM.replace("in hand, table", "in hand, tabel")), "E330", "'tabel'")
    twice = CHARM.replace('= base() + 2; }', '= base() + 2; override func boost(): int in box = 0; }')
    assert "E358" in [d.code for d in analyse_text(twice).diagnostics]
    _module, printed = printed_back(CHARM)
    assert "override func boost(): int in hand, table = base() + 2;" in printed
    result = analyse_text(CHARM)
    assert "in your hand or table" in explained(result, "charm")


# A card offered at a window only on its holder's own turn (a workshop), beside one offered always
WORKSHOP = """
counter vp;
var current global: player;
kind card { }
zone box of card;
zone hand per_player of card;
card workshop "Workshop" { anytime in hand when current == you and vp < 5 { gain 5 vp; } }
card flare "Flare" { anytime in hand { move this to box; gain 1 vp; } }
proc take(c: card) { move c to hand; }
proc turn() { set current = you; window; }
game g { seats 2 to 2; phase play { repeat 2 { each players: turn(); } } winner most vp; }
"""


def test_an_anytime_card_is_offered_only_while_its_when_holds_on_both_backends():
    from .conftest import random_games_agree, run_proc
    for interpreted in (False, True):
        game = Game(build_text(WORKSHOP, interpreted=interpreted), 2, 1)
        run_proc(game, "take", game.program.entities["workshop"], player=0)
        assert run_proc(game, "turn", player=1) == []   # not P1's turn: P1 is not asked
        asked = run_proc(game, "turn", player=0, answers=["Workshop"])
        assert [(d.player.name, d.options) for d in asked] == [("P1", ["Workshop", "pass"])]
        assert run_proc(game, "turn", player=0) == []   # played once a window; then vp < 5 fails
        run_proc(game, "take", game.program.entities["flare"], player=0)
        asked = run_proc(game, "turn", player=0, answers=["pass"])
        assert [d.options for d in asked] == [["Flare", "pass"]]
    random_games_agree(WORKSHOP, seeds=range(1, 3), counts=(2,))


def test_an_anytime_when_is_checked_printed_and_explained():
    the_one_error(analyse_text(WORKSHOP.replace("when current == you and vp < 5", "when vp")), "E303",
                  "a condition must be true or false")
    _module, printed = printed_back(WORKSHOP)
    assert "anytime in hand when current == you and vp < 5 {" in printed
    result = analyse_text(WORKSHOP)
    assert not [d for d in result.diagnostics if d.severity == "error"], [d.headline() for d in result.diagnostics]
    reading = explained(result, "workshop")
    assert "while this is in your hand and current is you and you have fewer than 5 VP" in reading, reading


# A reaction whose holder pays to use it: one who cannot pay is not asked
PAID = """
resource gold;
counter vp;
event hit();
kind card { }
zone graveyard per_player of card;
card ghost "Ghost" * 2 { whenever opponents hit in graveyard may "haunt?" cost 1 gold { gain 3 vp; } }
proc bury(c: card) { move c to graveyard; }
proc strike() { emit hit(); }
game g { seats 2 to 3; phase play { each players: strike(); } winner most vp; }
"""


def test_a_reaction_s_may_with_a_cost_asks_only_a_holder_who_can_pay_on_both_backends():
    from .conftest import run_proc
    for interpreted in (False, True):
        game = Game(build_text(PAID, interpreted=interpreted), 3, 1)
        run_proc(game, "bury", game.program.entities["ghost"], player=1)
        run_proc(game, "bury", game.program.entities["ghost#2"], player=2)
        game.state.players[1].stock["gold"] = 1
        asked = run_proc(game, "strike", player=0, answers=["yes"])
        assert [(d.player.name, d.prompt, d.options) for d in asked] == [("P2", "haunt?", ["no", "yes"])]   # P3 has no gold
        assert [(p.stock["gold"], p.stock["vp"]) for p in game.state.players] == [(0, 0), (0, 3), (0, 0)]


def test_a_reaction_s_may_with_a_cost_is_printed_back_and_explained():
    from .conftest import random_games_agree
    _module, printed = printed_back(PAID)
    assert 'whenever opponents hit in graveyard may "haunt?" cost 1 gold {' in printed
    result = analyse_text(PAID)
    assert not [d for d in result.diagnostics if d.severity == "error"], [d.headline() for d in result.diagnostics]
    assert "You may pay 1 gold to (haunt?):" in explained(result, "ghost")
    random_games_agree(PAID, seeds=range(1, 3), counts=(2, 3))


# A transfer: the pickpocket takes a fixed amount, or all of it; the receiver gains what was lost
PURSE = """
resource coin cap 6;
proc rob(p: player, n: int) { lose n coin to p; }
proc rob_all(p: player) { lose coin coin to p; }
game g { seats 2 to 2; phase play { } winner most coin; }
"""


def test_a_loss_to_a_player_is_a_transfer_of_what_was_lost_on_both_backends():
    from .conftest import run_proc
    for interpreted in (False, True):
        game = Game(build_text(PURSE, interpreted=interpreted), 2, 1)
        you, thief = game.state.players
        you.stock["coin"], thief.stock["coin"] = 3, 1
        run_proc(game, "rob", thief, 5)   # only 3 to lose: the thief gains 3
        assert (you.stock["coin"], thief.stock["coin"]) == (0, 4)
        you.stock["coin"] = 5
        run_proc(game, "rob_all", thief)   # 5 lost, but the thief's cap of 6 keeps 2 of them out
        assert (you.stock["coin"], thief.stock["coin"]) == (0, 6)


def test_a_transfer_is_checked_printed_and_explained():
    the_one_error(analyse_text(PURSE.replace("lose n coin to p;", "lose n coin to n;")), "E303",
                  "'to' names the player who gains what is lost")
    _module, printed = printed_back(PURSE)
    assert "lose n coin to p;" in printed
    result = analyse_text(PURSE)
    assert "and p gains what is lost" in explained(result, "rob")


# simulate: a card whose only rules are overrides is used when one runs for its holder; a reaction when it fires
USES = """
counter vp;
event hit();
kind card { }
zone table per_player of card;
zone shelf per_player of card;
func boost(): int = 1;
card charm "Charm" { override func boost(): int in table = base() + 2; }
card idle "Idle" { override func boost(): int in shelf = 0; }
card guard "Guard" { whenever opponents hit in table { gain 1 vp; } }
proc score() { gain boost() vp; emit hit(); }
game g {
  seats 2 to 2;
  phase setup { move charm to table; move guard to table; move idle to table; }
  phase play { each players: score(); }
  winner most vp;
}
"""


def test_simulate_counts_overrides_that_ran_and_reactions_that_fired(tmp_path):
    from rulebook.runtime import simulate as sim

    from .conftest import write_pack
    job, program = sim.prepare(str(write_pack(tmp_path / "uses", USES)), [], 2)
    recorder = sim.UsageRecorder(program)
    names = [name for _kind, name in recorder.components]
    record = sim.play_game(program, recorder, job, 1)
    used = {(names[index], seat) for index, seat in record.used}
    # P1 holds all three: Charm's override ran for P1, Guard fired for P1 (P2 hit); Idle's never ran
    assert used == {("charm", 0), ("guard", 0)}, used


# ---------------------------------------------------------------- diagnostics the audit met


def test_a_typed_func_s_wrong_expression_is_said_as_such():
    from .conftest import the_one_error as one
    one(analyse_text("func f(): bool = 1;"), "E303", "f() is declared to give a condition, but its expression is a number")
    one(analyse_text("func g(): int = 1 > 0;"), "E303", "g() is declared to give a number, but its expression is a condition")


def test_the_resolver_s_hidden_names_are_said_as_written(tmp_path):
    from rulebook.compiler.driver import analyse

    from .conftest import write_pack
    write_pack(tmp_path / "base", "func price(n: int): int = n;\n", "base")
    house = write_pack(tmp_path / "house", "override func price(n: int): int = base(n) > 0;\n", "house", ["../base"])
    the_one_error(analyse(str(house)), "E303", "price() is declared to give a number")
    write_pack(tmp_path / "base", "func price(n: int): int = n > 0;\n", "base")   # what the override's base() calls
    house = write_pack(tmp_path / "house", "override func price(n: int): int = base(n);\n", "house", ["../base"])
    the_one_error(analyse(str(house)), "E303", "the base version of price is declared to give a number")
    held = CHARM.replace("= base() + 2;", "= base() > 2;")
    the_one_error(analyse_text(held), "E303", "Charm's version of boost is declared to give a number")


def test_a_card_s_mistakes_of_syntax_are_named():
    from .conftest import parse_error
    d = parse_error("kind d { bonus: int; }\nd a { cost = 2; func bonus: int = 2; }\n")
    assert "gives a computed field's expression as 'bonus = EXPR;'" in d.message and d.hint == "write 'bonus = ...;'"
    d = parse_error("event hit();\nd a { next opponents hit in city may \"x\" { } }\n")
    assert "a d's reaction is written with 'whenever'" in d.message and (d.span.line, d.span.column) == (2, 7)


def test_an_effect_outside_a_slot_names_the_slot_another_file_declares(tmp_path):
    from rulebook.compiler.driver import analyse

    from .conftest import write_pack
    pack = write_pack(tmp_path / "p", "counter vp;\nkind hero { power: effect; }\n")
    (pack / "heroes.rules").write_text('hero ann "Ann" { gain 1 vp; }\n')
    d = next(d for d in analyse(str(pack)).diagnostics if d.code == "E100")
    assert d.hint == "write 'power { ... }' around it" and d.notes == ("the effect slots of hero: power",)
