"""The language fixes of branch trial27 (three games written by a newcomer: Mahjong, Robo Rally, Onitama):
`always asked` on an `optional` pick asks a player with no candidate too (the one answer "none"), so who is
asked tells nothing; W559 is said only where a candidate is always left; and a keyed search (`count(x in Z
where x.F == V)`) over a computed field F reads the field as the card works it out, on both backends."""

from __future__ import annotations

from rulebook.runtime.engine import Game

from rulebook.compiler.driver import analyse_text

from .conftest import explained, found_at, printed_back, rules_programs, run_answering

CLAIMS = """
kind card { rank: int; }
card low "Low" * 2 { rank = 1; }
card high "High" * 2 { rank = 9; }
zone hand per_player of card hidden;
zone discard of card;
counter taken;
func fits(c: card): bool = some(h in hand where h.rank == c.rank);
proc offer() {
  each others_from(you) simultaneously pick c from discard where fits(c) "take the discard?" optional%s {
    gain 1 taken;
  }
}
game g { seats 3; phase play { } winner most taken; }
"""

asked_always = rules_programs(CLAIMS % " always asked")
asked_plain = rules_programs(CLAIMS % "")


def offered(program) -> list:
    """P1 offers a Low discard; P2 holds a Low, P3 a High: who is asked, with which options."""
    game = Game(program, 3, 1)
    p1, p2, p3 = game.state.players
    game.move(program.entities["low"], game.zone(None, "discard"))
    game.move(program.entities["low#2"], game.zone(p2, "hand"))
    game.move(program.entities["high"], game.zone(p3, "hand"))
    seen = []

    def answer(d):
        seen.append((d.player.name, list(d.options)))
        return len(d.options) - 1   # none

    run_answering(program.procs["offer"](game, p1), answer, always=program.asked)
    return seen


def test_always_asked_asks_a_player_with_no_candidate_with_none_alone(asked_always):
    assert offered(asked_always()) == [("P2", ["Low", "none"]), ("P3", ["none"])]


def test_without_the_words_who_has_no_candidate_is_not_asked(asked_plain):
    assert offered(asked_plain()) == [("P2", ["Low", "none"])]


def test_explain_reads_the_question_with_none_alone_and_fmt_prints_it_back():
    reading = explained(analyse_text(CLAIMS % " always asked"), "offer")
    assert "(asked even when none is left to pick, with 'none' alone)" in reading
    _module, printed = printed_back(CLAIMS % " always asked")
    assert "optional\n      always asked {" in printed


def test_w559_only_where_a_candidate_is_always_left():
    enum_pick = """
enum colour { red, blue }
counter score;
proc p() { pick c from colour "which?" optional always asked { gain 1 score; } }
game g { seats 2; phase play { } winner most score; }
"""
    assert ("W559", 4, 12) in found_at(enum_pick)
    narrowed = enum_pick.replace('from colour "which?"', 'from colour where score > 0 "which?"')
    assert not [f for f in found_at(narrowed) if f[0] == "W559"]
    assert not [f for f in found_at(CLAIMS % " always asked") if f[0] in ("W559", "W547")]
    assert [f[0] for f in found_at(CLAIMS % "") if f[0] == "W547"] == ["W547"]


COMPUTED = """
enum suit { dots, winds }
kind tile { suit: suit; rank: int; func code: int = ordinal(this.suit) * 10 + this.rank; }
tile dot "{r} Dots" * 2 for each r in 1..3 { suit = dots; rank = r; }
tile east "East" { suit = winds; rank = 1; }
zone hand per_player of tile;
counter alike;
proc count_alike(t: tile) { gain count(u in hand where u.code == t.code) alike; }
game g { seats 2; phase play { } winner most alike; }
"""

computed = rules_programs(COMPUTED)


def test_a_search_by_a_computed_field_reads_it_on_both_backends(computed):
    program = computed()
    game = Game(program, 2, 1)
    p1 = game.state.players[0]
    for name in ("dot_2", "dot_2#2", "dot_3", "east"):
        game.move(program.entities[name], game.zone(p1, "hand"))
    run_answering(program.procs["count_alike"](game, p1, program.entities["dot_2"]), lambda d: 0)
    assert p1.stock["alike"] == 2


ORDINAL = """
enum wind { east "East", south "South", west "West", north "North" }
kind tile { rank: int; }
tile wind_tile "{w.title} Wind" * 4 for each w in wind { rank = ordinal(w); }
zone wall of tile;
counter seen;
proc count_ranks() { fill wall with tile; gain total(t in wall, t.rank) seen; }
game g { seats 2; phase play { } winner most seen; }
"""

ordinal_programs = rules_programs(ORDINAL)


def test_ordinal_of_a_bound_member_is_its_place_in_a_for_each_field_value(ordinal_programs):
    program = ordinal_programs()
    assert [program.entities[f"wind_tile_{w}"].fields["rank"] for w in ("east", "south", "west", "north")] == [1, 2, 3, 4]
    game = Game(program, 2, 1)
    run_answering(program.procs["count_ranks"](game, game.state.players[0]), lambda d: 0)
    assert game.state.players[0].stock["seen"] == 4 * (1 + 2 + 3 + 4)


def test_ordinal_of_anything_but_the_bound_name_is_still_no_field_value():
    text = ORDINAL.replace("rank = ordinal(w);", "rank = ordinal(east);")
    assert ("E303", 4, 65) in found_at(text)
