"""A modifier a card holds while it is in a zone (`modifier ... in ZONE`, 7.7b), durations to the end of a
proc's call or a labelled loop's round (`until end of NAME`, 7.3), and multiplying lines (`gain *N`, 7.7):
the Race for the Galaxy audit's W1, W2 and W5."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.state import check_saved

from .conftest import explained, printed_back, random_games_agree, rules_programs, run_proc, the_one_error

# Race for the Galaxy's Develop: Investment Credits pays 1 card less for every development while it is
# in your tableau, the Alien Research Lab (a kind's line) 1 less for Alien developments.
PACK = """
resource card_ "Card";
counter vp;
event build_dev(d: dev);
event consume();
kind dev { cost: int = 2; alien: bool = false; modifier you build_dev in tableau while it.d.alien and this.alien { cost -1 card_; } }
zone supply of dev;
zone tableau per_player of dev;
zone discards per_player of dev;
dev investment_credits "Investment Credits" { cost = 1; modifier you build_dev in tableau { cost -1 card_; } }
dev alien_lab "Alien Research Lab" { cost = 3; alien = true; }
dev alien_tech "Alien Technology" { cost = 4; alien = true; }
proc place(d: dev) { move d to tableau; }
proc lose_it(d: dev) { move d to discards; }
proc build(d: dev) { pay d.cost card_ for build_dev(d); }
"""

program = rules_programs(PACK)


def paid(g: Game, d: str, player: int = 0) -> int:
    before = g.state.players[player].stock["card_"]
    run_proc(g, "build", g.program.entities[d], player=player)
    return before - g.state.players[player].stock["card_"]


def rich(p) -> Game:
    g = Game(p, 2, 1)
    for pl in g.state.players:
        pl.stock["card_"] = 20
    return g


def test_a_cards_modifier_is_in_force_for_its_holder_only_while_it_is_in_their_zone(program):
    g = rich(program())
    assert paid(g, "alien_tech") == 4
    run_proc(g, "place", g.program.entities["investment_credits"])   # by a plain move: nothing registers it
    assert paid(g, "alien_tech") == 3
    assert paid(g, "alien_tech", player=1) == 4                       # the other player holds nothing
    run_proc(g, "place", g.program.entities["alien_lab"])            # the kind's line, for an Alien one
    assert paid(g, "alien_tech") == 2 and paid(g, "investment_credits") == 0
    run_proc(g, "lose_it", g.program.entities["investment_credits"])  # it leaves: the change goes with it
    assert paid(g, "alien_tech") == 3
    run_proc(g, "place", g.program.entities["investment_credits"], player=1)
    assert paid(g, "alien_tech", player=1) == 3 and paid(g, "alien_tech") == 3


def test_an_amend_replaces_or_removes_a_cards_modifier_by_its_action_and_zones(program):
    g = rich(program("amend investment_credits { modifier you build_dev in tableau { cost -2 card_; } }"))
    run_proc(g, "place", g.program.entities["investment_credits"])
    assert paid(g, "alien_tech") == 2
    g = rich(program("amend investment_credits { remove modifier build_dev in tableau; }"))
    run_proc(g, "place", g.program.entities["investment_credits"])
    assert paid(g, "alien_tech") == 4
    the_one_error(analyse_text(PACK + "amend investment_credits { remove modifier build_dve in tableau; }"),
                  "E382", "modifier build_dve in tableau")


def test_gain_times_n_multiplies_after_the_additions_whatever_the_order_they_came_in(program):
    p = program("""
proc double() { modifier you consume until end of phase_ { gain *2; } }
proc extra() { modifier you consume { gain +1; } }
proc score() { gain 3 vp for consume(); }
proc phase_() { double(); extra(); score(); }
""")
    g = Game(p, 2, 1)
    run_proc(g, "phase_")
    assert g.state.players[0].stock["vp"] == 8   # (3 + 1) * 2, not 3 * 2 + 1
    run_proc(g, "score")                          # the doubling ended with the phase's call; +1 stays
    assert g.state.players[0].stock["vp"] == 12


def test_until_end_of_a_proc_lasts_through_its_running_call_however_deep_it_was_put_in_force(program):
    p = program("""
proc bridge() { modifier you build_dev until end of turn { cost -1 card_; } }
proc turn() { bridge(); build(alien_tech); build(alien_tech); }
proc rounds() {
  repeat 2 as round {
    if vp == 0 { modifier you build_dev until end of round { cost -2 card_; } }
    build(alien_tech);
    gain 1 vp;
  }
  build(alien_tech);
}
proc stray() { modifier you build_dev until end of turn { cost -1 card_; } }
""")
    g = rich(p)
    held = len(g.state.modifiers)   # the cards' own, given as the game is made
    run_proc(g, "turn")
    assert 20 - g.state.players[0].stock["card_"] == 6 and len(g.state.modifiers) == held
    g = rich(p)
    run_proc(g, "rounds")
    assert 20 - g.state.players[0].stock["card_"] == 2 + 4 + 4 and len(g.state.modifiers) == held
    with pytest.raises(RulesRuntimeError) as caught:
        run_proc(g, "stray")
    assert caught.value.code == "E419" and "no call of proc 'turn'" in str(caught.value)


@pytest.mark.parametrize("text,code,where", [
    ("dev x { modifier you build_dev in tableau until consume { cost -1 card_; } }", "E418", "no 'until'"),
    ("dev x { modifier you build_dev in tableau once { cost -1 card_; } }", "E418", "no 'once'"),
    ("dev x { modifier you build_dev in supply { cost -1 card_; } }", "E331", "shared"),
    ("dev x { modifier you build_dev in tablaeu { cost -1 card_; } }", "E330", "tablaeu"),
    ("dev x { modifier you build_dev in tableau { cost -1 card_; } modifier you build_dev in tableau { gain +1; } }",
     "E215", "two modifiers"),
    ("func military(d: dev): int = 0; dev x { modifier you military in tableau { gain +1; } }", "E420", "is a func"),
    ("proc p() { modifier you build_dev until end of trun { cost -1 card_; } } proc turn() { }", "E419", "'trun'"),
    ("game g { seats 2 to 2; phase play { repeat 2 as round { build(alien_tech); } "
     "modifier you build_dev until end of round { cost -1 card_; } } winner most vp; }", "E419", "play phase"),
])
def test_misuse_is_a_positioned_error(text, code, where):
    the_one_error(analyse_text(PACK + text), code, where)


def test_a_modifier_registered_while_contains_zone_this_is_linted_toward_the_cards_own():
    found = analyse_text(PACK.replace("kind dev {", "kind dev { played: effect;") +
                         "dev x { played { modifier you build_dev while contains(tableau, this) { cost -1 card_; } } }")
    assert [d.code for d in found.diagnostics].count("W497") == 1
    timed = analyse_text(PACK.replace("kind dev {", "kind dev { played: effect;") +
                         "dev x { played { modifier you build_dev until consume while contains(tableau, this) "
                         "{ cost -1 card_; } } }")
    assert "W497" not in [d.code for d in timed.diagnostics]


def test_fmt_and_explain_read_a_cards_modifier_and_the_new_lines():
    text = PACK + """
amend alien_lab { modifier opponents build_dev in tableau, discards while it.d.cost >= 3 { gain *2; lose *3; } }
proc p() { whenever you consume until end of p { gain 1 vp; } }
"""
    _module, printed = printed_back(text)
    assert "modifier opponents build_dev in tableau, discards while it.d.cost >= 3 {" in printed
    assert "gain *2;" in printed and "until end of p {" in printed
    result = analyse_text(text)
    reading = explained(result, "investment_credits")
    assert "While Investment Credits is in your tableau, on your build dev:" in reading
    assert "The cost is reduced by 1 card" in reading
    assert "While Alien Research Lab is in your tableau or discards" in explained(result, "alien_lab")
    assert "The gain is multiplied by 2 (after the additions and reductions)." in explained(result, "alien_lab")
    assert "until the end of “p”" in explained(result, "p")


def test_cover_reaches_a_cards_modifier_when_it_applies_not_when_it_is_given():
    from rulebook.runtime.coverage import Coverage

    p = build_text(PACK)
    coverage = Coverage(p)
    rows = {name for group, name in coverage.rules.values() if group == "dev"}
    assert "investment_credits" in rows
    g = rich(p)
    coverage.measure(lambda: (run_proc(g, "build", p.entities["alien_tech"]),))
    assert "investment_credits" in coverage.report()["dev"][1]
    coverage.measure(lambda: (run_proc(g, "place", p.entities["investment_credits"]),
                              run_proc(g, "build", p.entities["alien_tech"])))
    assert "investment_credits" not in coverage.report()["dev"][1]


def test_a_saved_state_with_a_multiplying_modifier_reads_back():
    p = build_text(PACK + "proc double() { modifier you consume { gain *2; } }")
    g = Game(p, 2, 1)
    run_proc(g, "double")
    data = g.state.to_json()
    check_saved(data, p)   # a `*` line is one a saved modifier may have
    assert data["modifiers"][-1][9] == [["gain", "*", 2]]


GAME = PACK + """
proc double() { modifier you consume until end of develop { gain *2; } }
proc develop() {
  double();
  pick d from supply where affordable(d.cost card_ for build_dev(d)) "develop which?" optional {
    pay d.cost card_ for build_dev(d);
    move d to tableau;
    gain 2 vp for consume();
  }
}
game race "Race" {
  seats 2 to 4;
  phase setup { fill supply with dev; each players: gain 4 card_; }
  phase play {
    while true as round {
      each players: develop();
      each players: gain 1 card_;
      if size(supply) == 0 { end game after round; }
    }
  }
  winner most vp;
}
"""


def test_both_backends_play_the_same_games():
    random_games_agree(GAME)
