"""A card's own change to a func or proc (`override func NAME(...) in ZONE = ...;` in a card): run for its
holder while the card is in their ZONE, `base(...)` the version below it (an earlier held card's, or the
pack's); both backends, two cards on one func, the card leaving, amend, misuse, fmt, explain, cover."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import as_declared, reading
from rulebook.runtime.coverage import Coverage
from rulebook.runtime.engine import Game

from .conftest import found_at, printed_back, programs, random_games_agree, replays_through_json, rules_program, run_proc
from .conftest import write_pack
from .conftest import the_one_error

# Cosmic Encounter: each player's alien power changes a rule of the game for them alone.
PACK = """
counter ships;
kind alien { text: str; }
zone aliens of alien;
zone power per_player of alien public;
zone lost of alien;
func reward(n: int): int = n;
proc collect(n: int) { gain reward(n) ships; }
alien amoeba "Amoeba" {
  text = "You get one ship more.";
  override func reward(n: int): int in power = base(n) + 1;
}
alien virus "Virus" * 2 {
  text = "Your reward is doubled.";
  override func reward(n: int): int in power = base(n) * 2;
  override proc collect(n: int) in power { say "the Virus multiplies"; base(n); gain 1 ships; }
}
proc deal() { fill aliens with alien; }
proc take(a: alien) { move a to power; }
proc drop(a: alien) { move a to lost; }
"""

GAME = """
game encounter {
  seats 2 to 4;
  phase setup { deal(); each players { pick a from aliens "which alien?" { take(a); } } }
  phase play {
    repeat 3 {
      each players {
        choose "what now?" { option "collect" { collect(2); } option "give up the power" { move all of power to lost; } }
      }
    }
  }
  winner most ships;
}
"""

program = rules_program(PACK)


def ships(g: Game) -> list[int]:
    return [p.stock["ships"] for p in g.state.players]


def dealt_with(program, *holdings) -> Game:
    """A game of len(holdings) players, each holding the aliens named (in that order)."""
    g = Game(program, len(holdings), 1)
    run_proc(g, "deal")
    for seat, names in enumerate(holdings):
        for n in names:
            run_proc(g, "take", g.program.entities[n], player=seat)
    return g


def test_each_holder_runs_their_own_cards_version_and_nobody_else_does(program):
    g = dealt_with(program, ["amoeba"], ["virus"], [])
    for seat in range(3):
        run_proc(g, "collect", 3, player=seat)
    assert ships(g) == [4, 7, 3]   # 3 + 1; collect of the Virus: (3 * 2) + 1; the pack's rule


def test_two_held_cards_nest_in_declaration_order(program):
    g = dealt_with(program, ["amoeba", "virus"], ["virus#2"])   # copies of a card alike: held is held
    run_proc(g, "collect", 3, player=0)
    run_proc(g, "collect", 3, player=1)
    assert ships(g) == [9, 7]   # Virus (declared last) outermost: (3 + 1) * 2, its collect adds 1
    run_proc(g, "take", g.program.entities["amoeba"], player=1)   # Amoeba goes over to P2
    run_proc(g, "collect", 3, player=0)
    run_proc(g, "collect", 3, player=1)
    assert ships(g) == [9 + 7, 7 + 9]


def test_the_change_stops_when_the_card_leaves_the_zone(program):
    g = dealt_with(program, ["virus"], [])
    run_proc(g, "collect", 2, player=0)
    run_proc(g, "drop", g.program.entities["virus"], player=0)
    run_proc(g, "collect", 2, player=0)
    assert ships(g) == [5 + 2, 0]


def test_whole_games_agree_on_both_backends_and_replay():
    random_games_agree(PACK + GAME, seeds=range(1, 4))
    replays_through_json(build_text(PACK + GAME), 2)


def test_fmt_gives_overrides_back():
    _module, printed = printed_back(PACK)
    assert "  override func reward(n: int): int in power = base(n) + 1;" in printed
    assert "  override proc collect(n: int) in power {" in printed


def test_an_amend_replaces_a_cards_override_and_base_is_the_rule_below():
    house = PACK + """
    amend amoeba { override func reward(n: int): int in power = base(n) + 5; }
    """
    for interpreted in (False, True):
        g = dealt_with(build_text(house, interpreted=interpreted), ["amoeba"])
        run_proc(g, "collect", 1, player=0)
        assert ships(g) == [6]


MISUSE = """
counter ships;
kind alien { text: str; }
kind ship { }
zone aliens of alien;
zone power per_player of alien public;
zone docks per_player of ship;
func reward(n: int): int = n;
proc collect(n: int) { gain reward(n) ships; }
"""


def findings(card: str) -> list:
    return [f for f in found_at(MISUSE + card) if f[0][0] in "EW"]


def test_an_override_of_nothing_the_pack_declares_is_e353_with_a_did_you_mean():
    result = analyse_text(MISUSE + 'alien a { text = ""; override func rewrd(n: int): int in power = base(n); }')
    the_one_error(result, "E353", "no func 'rewrd' is declared", line=10)
    assert "reward" in result.diagnostics[0].hint
    assert findings('alien a { text = ""; override func ships(n: int): int in power = base(n); }') == [("E353", 10, 36)]


def test_an_override_of_another_signature_is_e354():
    the_one_error(analyse_text(MISUSE + 'alien a { text = ""; override func reward(n: bool): int in power = 1; }'),
                  "E354", "takes reward(n: bool): int, but the func it changes is reward(n: int): int")
    the_one_error(analyse_text(MISUSE + 'alien a { text = ""; override proc reward(n: int) in power { base(n); } }'),
                  "E354", "'reward' is a func")


def test_the_same_func_twice_in_a_card_is_e358():
    assert findings('alien a { text = ""; override func reward(n: int): int in power = 1; '
                    'override func reward(n: int): int in power = 2; }') == [("E358", 10, 70)]


def test_the_zone_is_one_each_player_has_and_can_hold_the_card_as_a_reactions():
    assert findings('alien a { text = ""; override func reward(n: int): int in aliens = base(n); }') == [("E331", 10, 59)]
    assert findings('alien a { text = ""; override func reward(n: int): int in powr = base(n); }') == [("E330", 10, 59)]
    assert findings('alien a { text = ""; override func reward(n: int): int in docks = base(n); }') == [("E332", 10, 59)]


def test_an_override_hiding_another_cards_and_one_calling_itself_are_warned():
    assert findings('alien a { text = ""; override func reward(n: int): int in power = base(n) + 1; }\n'
                    'alien b { text = ""; override func reward(n: int): int in power = 7; }') == [("W472", 11, 36)]
    assert findings('alien a { text = ""; override func reward(n: int): int in power = '
                    'if n > 0 then reward(n - 1) else 0; }') == [("W476", 10, 81)]


def test_the_body_is_checked_where_it_is_written():
    assert findings('alien a { text = ""; override func reward(n: int): int in power = base(n) + "x"; }') \
        == [("E303", 10, 77)]


def test_explain_reads_a_cards_override_and_the_func_it_changes():
    result = analyse_text(PACK + GAME)
    sym = result.symbols
    words = "\n".join(reading(sym.decls["amoeba"], sym))
    assert "While you hold Amoeba in your power, the func reward(n) reads, for you:\n" \
           "  Equals (“the replaced reward” for n) plus 1." in words
    words = "\n".join(reading(as_declared(sym.decls["reward"], sym), sym))   # one rule, the last card outermost
    assert words == "If you hold Virus in your power:\n  Equals (“reward” for n, as read below without this card) times 2.\n" \
        "Otherwise, if you hold Amoeba in your power:\n  Equals (“reward” for n, as read below without this card) plus 1.\n" \
        "Otherwise:\n  Equals n."


def test_cover_counts_a_cards_override_as_reached_when_it_runs():
    program = build_text(PACK + GAME)
    coverage = Coverage(program)
    assert ("alien", "virus override collect") in coverage.rules.values()
    g = dealt_with(program, ["amoeba"], [])
    coverage.measure(lambda: run_proc(g, "collect", 1, player=0))
    missing = coverage.report()["alien"][1]
    assert "amoeba override reward" not in missing and "virus override reward" in missing


def test_a_house_pack_amends_a_card_and_overrides_the_rule_under_the_cards(tmp_path):
    write_pack(tmp_path / "base", PACK + GAME, name="base")
    house = write_pack(tmp_path / "house", """
        override func reward(n: int): int = n + 10;
        amend virus { override func reward(n: int): int in power = base(n) * 3; }
        """, name="house", extends=["../base"])
    for program in programs(house):
        g = dealt_with(program, ["virus"], ["amoeba"], [])
        for seat in range(3):
            run_proc(g, "collect", 1, player=seat)
        assert ships(g) == [(1 + 10) * 3 + 1, 1 + 10 + 1, 1 + 10]


def test_a_proc_with_a_result_gives_the_holders_version():
    text = PACK + """
    proc haul(n: int): int { return n; }
    proc bank() { let got = haul(2); gain got ships; }
    alien trader "Trader" { text = ""; override proc haul(n: int): int in power { let b = base(n); return b + 3; } }
    """
    for interpreted in (False, True):
        g = dealt_with(build_text(text, interpreted=interpreted), ["trader"], [])
        run_proc(g, "bank", player=0)
        run_proc(g, "bank", player=1)
        assert ships(g) == [5, 2]
