"""The Root and Race for the Galaxy audits' smaller gaps and false findings (branch lintfix): an enum's or
a record's list field read by position whatever a kind declares under its name (no false E303), an enum
member's `name` and `title`, `seat(p)`, W448 (a bare per-player name read both outside and inside an
`each OTHER`), ... Both backends where it runs."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import both_built, explained, random_games_agree, rules_programs, run_proc, said

# Root (the audit's map): the buildings' cost ladders, the factions by title, and a card whose cost is by suit
ROOT = """
counter vp;
enum suit { fox, rabbit, mouse }
kind card { cost: int[suit]; }
card armorers "Armorers" { cost = {fox: 1}; }
enum building { cost: list of int; sawmill(cost = [0, 1, 2, 3]), workshop(cost = [0, 2, 2, 3]) }
record ladder_row { cost: list of int; }
enum faction { cats "Marquise de Cat", birds "Eyrie Dynasties", vagabond }
kind board { }
board cats_board "Marquise de Cat" { }
board birds_board "Eyrie Dynasties" { }
func next_cost(m: building, n: int): int = m.cost[n];
func ladder(t: ladder_row, n: int): int = t.cost[n];
func board_of(f: faction): board = first(gather(b in board where b.title == f.title, [b]));
game g { seats 2 to 4; winner most vp; }
"""

program = rules_programs(ROOT)


# ---------------------------------------------------------------- 1. a list field read by position
def test_an_enums_list_field_is_read_by_position_whatever_a_kind_names_so():
    """Root D1: `m.cost[n]` of `enum building { cost: list of int; }` was E303 (read as `card`'s
    `cost: int[suit]`, found by the field's name alone); a record's list field alike."""
    assert [d.code for d in analyse_text(ROOT).diagnostics if d.severity == "error"] == []


def test_an_enums_list_field_by_position_on_both_backends(program):
    assert said(program, 'say "{next_cost(sawmill, 2)} {next_cost(workshop, 4)} '
                         '{ladder(ladder_row(cost = [5, 6]), 2)} {armorers.cost[fox]}";') == ["P1: 1 3 6 1"]


def test_an_enums_list_field_by_position_is_still_checked():
    """The index is a number (E303 for a member), as for any list."""
    found = analyse_text(ROOT + "func bad(m: building): int = m.cost[fox];\n").diagnostics
    assert [d.code for d in found if d.severity == "error"] == ["E303"]


# ---------------------------------------------------------------- 2. an enum member's name and title, seat(p)
def test_a_members_title_and_name_are_texts(program):
    """Root D8: `f.title` was E303; a member's title is its title, else its name (as a card's); its name is
    the text of the member's name (shown, as the member is, by its title)."""
    body = ('for each f in faction { let is_cats = f.name == "cats"; '
            'say "{is_cats} [{f.title}] {count(b in board where b.title == f.title)}"; }')
    assert said(program, body) == ["P1: yes [Marquise de Cat] 1", "P1: no [Eyrie Dynasties] 1", "P1: no [vagabond] 0"]
    assert said(program, 'say "{board_of(birds).name} {cats.title}";') == ["P1: birds_board Marquise de Cat"]


def test_a_members_title_cannot_be_set():
    found = analyse_text(ROOT + "var fav: faction = cats;\nproc p() { set fav.title = \"x\"; }\n").diagnostics
    assert "E339" in [d.code for d in found]


def test_seat_is_the_players_place_from_one(program):
    for players in (2, 4):
        game = Game(program('proc p() { each all_players: say "{seat()} {seat(left)} {seat(you) == 1}"; }'), players, 1)
        run_proc(game, "p")
        assert game.messages == [f"P{i}: {i} {i % players + 1} {'yes' if i == 1 else 'no'}" for i in range(1, players + 1)]


def test_seat_of_an_actor_stops_play_alike_on_both_backends():
    from .conftest import both_built

    text = ROOT + "actor banker;\nproc p() { say \"{seat(banker)}\"; }\n"
    errors = []
    for built in both_built(text):
        g = Game(built, 2, 1)
        with pytest.raises(RulesRuntimeError) as failed:
            g.start(built.procs["p"](g, g.state.players[0]))
        errors.append((failed.value.code, failed.value.message))
    assert errors[0] == errors[1] == ("E601", "banker is an actor: only a player has a seat")


def test_seat_is_explained():
    result = analyse_text(ROOT + "func first_seat(p: player): bool = seat(p) == 1;\n")
    assert "the seat of p (P1 is 1)" in explained(result, "first_seat")


# ---------------------------------------------------------------- 3. W448: a bare per-player name inside `each P`
STRIKE = """
enum spot { a, b }
var pawn "Pawn": spot = none;
counter warriors[spot] from 0 to 5;
zone hand per_player of card;
kind card { }
card ambush { }
proc strike() {
  pick d from opponents where d.warriors[pawn] > 0 "strike whom?" {
    BODY
  }
}
game g "G" { seats 2 to 2; phase play { each players: strike(); } winner most warriors[a]; }
"""


def w448(body: str) -> list:
    return [(f.span.line, f.span.column, f.hint) for f in analyse_text(STRIKE.replace("BODY", body)).diagnostics
         if f.code == "W448"]


def test_w448_a_name_the_statement_around_read_as_yours_is_ps_inside_each_p():
    """Root D7: the Vagabond's strike read the target's `pawn` inside `each d`."""
    found = w448("each d { lose 1 warriors[pawn]; if pawn == a { lose 1 warriors[pawn]; } }")
    assert [(line, column) for line, column, _ in found] == [(10, 30)]   # once per name, at its first read
    assert "'let my_pawn = pawn;'" in found[0][2] and "'d.pawn'" in found[0][2]


def test_w448_is_silenced_by_either_fix_and_not_given_for_reads_beside_the_each():
    assert w448("let here = pawn; each d { lose 1 warriors[here]; }") == []
    assert w448("each d { lose 1 warriors[d.pawn]; }") == []
    # each side plays from its own hand, one after the other: the `each` is beside the first read
    assert w448('pick c from hand "ambush?" optional { move c to hand; } '
                'each d { pick c from hand "ambush?" optional { move c to hand; } }') == []
    # `each you` does not change the acting player
    assert w448("each you { lose 1 warriors[pawn]; }") == []


def test_w448_on_a_list_of_players_and_a_where():
    found = w448("each opponents where warriors[pawn] > 0 { lose 1 vp; }".replace("lose 1 vp;", "say \"x\";"))
    assert [(line, column) for line, column, _ in found] == [(10, 35)]   # the `where` is each opponent's
    assert "'let my_pawn = pawn;'" in found[0][2] and "each of them" in found[0][2]


# ---------------------------------------------------------------- 4. `x is c`: the same card as a card held
# Race for the Galaxy: no second copy of a development you already have
RACE = """
counter vp;
kind development { cost: int = 1; }
kind world { }
development gambling "Gambling World" * 2 { }
development survey "Survey Team" { }
world alpha { }
zone deck of development;
zone tableau per_player of development;
zone hand per_player of development;
func owned(c: development): bool = some(x in tableau where x is c);
proc develop() {
  pick c from hand where not owned(c) "develop which?" optional {
    move c to tableau;
    gain 1 vp;
  }
}
game g { seats 2 to 3; phase setup { fill deck with development; shuffle deck; each players: draw 3 from deck to hand; }
  phase play { repeat 3 { each players: develop(); } } winner most vp; }
"""

race = rules_programs(RACE)


def test_is_a_card_held_is_any_copy_of_its_declaration(race):
    body = ('let g1 = first(gather(x in deck where x is gambling, [x])); let g2 = last_gambling(); '
            'let s = first(gather(x in deck where x is survey, [x])); let nothing: development = none; '
            'say "{g1 is g2} {g2 is g1} {g1 is s} {g1 == g2} {nothing is g1} {g1 is nothing}";')
    game = Game(race("func last_gambling(): development = first(reverse(gather(x in deck where x is gambling, [x])));\n"
                     f"proc p() {{ fill deck with development; {body} }}"), 2, 1)
    run_proc(game, "p")
    assert game.messages == ["P1: yes yes no no no no"]


def test_is_a_card_held_plays_alike_on_both_backends():
    random_games_agree(RACE, seeds=range(1, 4), counts=(2, 3))


def test_is_a_value_that_is_no_card_is_e303():
    found = analyse_text(RACE + 'proc q() { let n = 2; pick c from hand where c is n "?" { } }\n').diagnostics
    errors = [d for d in found if d.severity == "error"]
    assert [d.code for d in errors] == ["E303"] and "'x is c', c a card" in errors[0].hint


def test_is_a_card_held_is_explained():
    assert "x is the same card as c" in explained(analyse_text(RACE), "owned")


# ---------------------------------------------------------------- 6. a forbidden tagged gain gives nothing
# Root: once you activate a dominance card you score no more points
DOMINANCE = """
counter vp;
event scoring();
proc activate() { modifier you scoring() { forbid; } }
proc score(n: int) { gain n vp for scoring(); }
game g { seats 2 to 4; winner most vp; }
"""

dominance = rules_programs(DOMINANCE)


def test_a_forbidden_tagged_gain_gives_nothing_as_a_forbidden_loss_takes_nothing(dominance):
    game = Game(dominance(), 2, 1)
    run_proc(game, "score", 2)
    run_proc(game, "activate")
    run_proc(game, "score", 3)             # no E606: the points are not scored
    run_proc(game, "score", 4, player=1)   # the other player still scores
    assert [p.stock["vp"] for p in game.state.players] == [2, 4]


# ---------------------------------------------------------------- 7. W449: a neighbours list that is one way once
MAP = """
enum clearing {
  near: list of clearing = [];
  c1(near = [c2, c3]), c2(near = [c1, c3]), c3(near = [c1, c2, c4]), c4(near = [C4NEAR]),
}
func linked(a: clearing, b: clearing): bool = contains(a.near, b);
"""


def test_w449_names_the_member_and_the_missing_partner():
    found = [d for d in analyse_text(MAP.replace("C4NEAR", "c1")).diagnostics if d.code == "W449"]
    # c3 lists c4, c4 lists c1 only: c4-c3 and c4-c1 are one way (2 of 8 links)
    assert [(d.span.line, d.message.split(":")[0]) for d in found] == [
        (4, "c3 lists c4 in its near, but c4 does not list c3"), (4, "c4 lists c1 in its near, but c1 does not list c4")]
    assert found[0].hint == "add c3 to c4's near, or take c4 out of c3's"


def test_w449_not_for_a_symmetric_map_nor_a_one_way_relation():
    assert [d for d in analyse_text(MAP.replace("C4NEAR", "c3")).diagnostics if d.code == "W449"] == []
    # rock, paper, scissors: each beats one other, never back
    beats = "enum hand { beats: list of hand; rock(beats = [scissors]), paper(beats = [rock]), scissors(beats = [paper]) }\n"
    assert [d for d in analyse_text(beats).diagnostics if d.code == "W449"] == []


# ---------------------------------------------------------------- 5. a supply gains may overdraw
# Race for the Galaxy: 12 VP chips per player; when they run out the game ends after the round, and players
# still take chips
CHIPS = """
resource chip "VP chip" supply 3 * player_count overdraw;
resource ore supply 3;
proc earn(n: int) { gain n chip; gain n ore; }
func chips_gone(): bool = supply(chip) <= 0;
game g { seats 2 to 4; phase play { while not chips_gone() as round { each players: earn(2); } } winner most chip; }
"""

chips = rules_programs(CHIPS)


def test_an_overdrawn_supply_pays_every_gain_and_goes_below_zero(chips):
    game = Game(chips(), 3, 1)
    game.play()
    assert [p.stock["chip"] for p in game.state.players] == [4, 4, 4]    # 9 chips, 12 taken
    assert game.state.supply == {"chip": -3, "ore": 0}                    # ore, not overdrawn, is cut
    assert [p.stock["ore"] for p in game.state.players] == [2, 1, 0]


def test_an_overdrawn_supply_plays_and_saves_alike_on_both_backends():
    random_games_agree(CHIPS, seeds=range(1, 3), counts=(2, 4))
    from rulebook.runtime.state import State, check_saved

    for program in both_built(CHIPS):
        game = Game(program, 4, 1)
        game.play()
        data = game.state.to_json()
        check_saved(data, program)   # a bank below 0 is a saved state's own, when declared overdraw
        assert State.from_json(data, program.entities).supply == {"chip": -4, "ore": 0}


def test_overdraw_is_printed_back_and_explained():
    from .conftest import printed_back

    _module, text = printed_back(CHIPS)
    assert 'resource chip "VP chip" supply 3 * player_count overdraw;' in text
    assert "even past empty" in explained(analyse_text(CHIPS), "chip")


def test_overdraw_without_a_supply_is_e303():
    found = [d for d in analyse_text("resource chip overdraw;\n").diagnostics if d.severity == "error"]
    assert [d.code for d in found] == ["E303"] and "supply N overdraw" in found[0].hint


# ---------------------------------------------------------------- 7. pick ... fewest KEY / most KEY
# Root: the Eyrie recruit in the clearings with the fewest warriors (every tie offered)
FEWEST = """
enum clearing { c1, c2, c3, c4 }
counter warriors[clearing] from 0 to 20;
counter vp;
proc place() {
  pick c from clearing where c != c4 fewest total(p in players, p.warriors[c]) "place a warrior where?" {
    gain 1 warriors[c];
    gain 1 vp;
  }
}
proc richest() { pick c from clearing most warriors[c] at random { say "{c}"; } }
game g { seats 2 to 4; phase play { repeat 6 { each players: place(); } } winner most vp; }
"""

fewest = rules_programs(FEWEST)


def test_pick_fewest_offers_every_tied_candidate_and_only_them(fewest):
    game = Game(fewest(), 2, 1)
    game.state.players[0].stock["warriors[c1]"] = 2
    game.state.players[1].stock["warriors[c2]"] = 1
    assert run_proc(game, "place") == []   # c3 alone has the fewest (c4 is left out by the where): not asked
    assert game.state.players[0].stock["warriors[c3]"] == 1


def test_pick_fewest_ties_and_most(fewest):
    game = Game(fewest(), 2, 1)
    game.state.players[1].stock["warriors[c2]"] = 1
    asked = run_proc(game, "place", answers=["c3"])
    assert asked[0].options == ["c1", "c3"]
    game.state.players[0].stock["warriors[c4]"] = 3
    run_proc(game, "richest")
    assert game.messages[-1] == "P1: c4"


def test_pick_fewest_plays_alike_on_both_backends():
    random_games_agree(FEWEST, seeds=range(1, 4), counts=(2, 3))


def test_pick_fewest_is_printed_back_and_explained():
    from .conftest import printed_back

    _module, text = printed_back(FEWEST)
    assert "pick c from clearing where c != c4 fewest total(p in players, p.warriors[c]) " in text
    assert "pick c from clearing most warriors[c] at random" in text
    assert "keeping those for which" in explained(analyse_text(FEWEST), "place")


def test_pick_fewest_misuse():
    found = analyse_text(FEWEST + 'proc bad() { pick c from clearing fewest c "x" { } pick d from clearing most vp "y" { } }\n'
                         'proc both() { each players simultaneously pick c from clearing fewest warriors[c] { } }\n').diagnostics
    assert sorted((d.code, d.span.line) for d in found if d.code in ("E433", "E434", "W479")) == \
        [("E434", 14), ("W479", 13)]   # (`fewest c` of a member ranks by its place since branch handrank)
