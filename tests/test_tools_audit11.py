"""What the Ticket to Ride and Chess designer audits found in the tools (`explain`, the trace, the score
table, the hot seat's lists, `fmt`'s layout), each from the audit's repro, rewritten as a test pack."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.engine import Game

from .conftest import explained, run_proc, write_pack
from .test_cli import invoke
from .test_trace import traced

# Ticket to Ride: a route joins two cities, its ends `a` and `b`; a double route is two routes with the
# same ends (the audit's repro explain_two_fields, its market and its secret tickets at setup)
ROUTES = """
enum city { denver, omaha, chicago }
kind route { a: city; b: city; length: int; }
kind train { loco: bool; }
kind ticket "Destination ticket" { here: city; there: city; }
route denver_omaha "Denver - Omaha" { a = denver; b = omaha; length = 4; }
route denver_omaha_2 "Denver - Omaha (second track)" { a = denver; b = omaha; length = 4; }
route omaha_chicago "Omaha - Chicago" { a = omaha; b = chicago; length = 4; }
train white "White" { loco = false; }
train loco "Locomotive" { loco = true; }
ticket dc "Denver - Chicago" { here = denver; there = chicago; }
ticket oc "Omaha - Chicago" { here = omaha; there = chicago; }
zone open_routes of route;
zone closed_routes of route;
zone claimed per_player of route;
zone market "Face-up cards" of train;
zone hand per_player of train;
zone tickets per_player of ticket hidden;
zone ticket_pile of ticket;
counter points "Points" from -300 to 400;
counter completed "Tickets completed";
func twin_mine(r: route): bool = some(q in claimed where q.a == r.a and q.b == r.b);
func path_length(): int = longest_path(r in claimed, r.a, r.b, r.length);
proc claim(r: route) {
  if not twin_mine(r) { move r to claimed; }
  move all of open_routes where it.a == r.a and it.b == r.b to closed_routes;
}
proc open_all() { fill open_routes with route; }
proc take(n: int) {
  choose "train card {n} of 2" {
    option "a face-up card" when some(t in market where n == 1 or not t.loco) {
      pick t from market where n == 1 or not t.loco "take which face-up card?" { move t to hand; }
    }
    option "a locomotive" when n == 1 {
      pick t from market where t.loco "take which locomotive?" { move t to hand; }
    }
  }
}
game ttr "Ticket to Ride" {
  seats 2 to 3;
  phase setup {
    fill open_routes with route;
    fill ticket_pile with ticket;
    each players simultaneously pick t from ticket_pile "keep which ticket?" { move t to tickets; }
  }
  phase play { each players: claim(denver_omaha); }
  winner most points then completed then path_length();
}
"""


@pytest.fixture(scope="module")
def routes():
    return analyse_text(ROUTES)


def test_explain_reads_two_fields_of_one_type_by_their_names(routes):
    # the audit's defect 1: "q's city is r's city and q's city is r's city"
    assert "q's city a is r's city a and q's city b is r's city b" in explained(routes, "twin_mine")
    assert "(each joining r's city a and r's city b)" in explained(routes, "path_length")
    # a field alone of its type keeps reading by the type (the ticket's ends are `here`, `there`)
    text = "kind tile { t: track; n: int; }\ntrack nile { space 1 {} }\ntile x { t = nile; n = 1; }\n" \
           "zone tiles of tile;\nfunc at_start(l: tile): bool = position(l.t) == 0;\n"
    assert "l's track" in explained(analyse_text(text), "at_start")


def test_explain_says_an_options_condition_once_when_its_when_and_its_pick_agree(routes):
    reading = explained(routes, "take")
    face_up = next(line for line in reading.splitlines() if "A face-up card" in line)
    assert face_up.count("only") == 1 and "only if at least one of" in face_up
    # a `when` that says something else keeps the pick's own condition beside it
    locomotive = next(line for line in reading.splitlines() if "A locomotive" in line)
    assert "(only if n is 1)" in locomotive and "(only when there is some t to pick" in locomotive


def test_explain_reads_a_winner_key_func_by_its_name_and_a_secret_pick_reveals_nothing(routes):
    reading = explained(routes, "ttr")
    assert "(ties broken by the most tickets completed, then the most path length)" in reading
    assert "revealed" not in reading   # kept tickets go into a hidden zone: nothing is revealed
    assert "Once all have picked (nobody sees another's pick but by what this does with it), each of " \
           "them, in seat order, does:" in reading


def test_the_score_table_is_headed_by_titles_and_func_names(tmp_path):
    root = write_pack(tmp_path / "ttr", ROUTES)
    output = invoke("play", root, "--players", 2, "--seed", 1).output
    assert "Points" in output and "then Tickets completed" in output and "then path length" in output
    assert "path_length()" not in output
    brief = invoke("play", root, "--players", 2, "--seed", 1, "-q").output   # one line: the rules text
    assert "points, then completed, then path_length()" in brief


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_the_trace_of_a_move_all_where_says_how_many_matched(interpreted):
    game = Game(build_text(ROUTES, interpreted=interpreted), 2, 1)
    run_proc(game, "open_all")
    entries = traced(game)
    run_proc(game, "claim", game.program.entities["denver_omaha"])
    assert [e.describe() for e in entries if e.kind == "move"] == [   # (was "move those that match of ...")
        "P1: move Denver - Omaha to P1.claimed",
        "P1: move 1 of open_routes (all that match) to closed_routes: Denver - Omaha (second track)"]


# Ticket to Ride's train cards: a hand drawn White, Purple, White; a market row of the same cards
TRAINS = """
kind card { c: int; }
card white "White" * 3 { c = 1; }
card purple "Purple" * 2 { c = 2; }
zone deck of card;
zone market "Face-up cards" of card;
zone hand per_player of card;
counter vp;
proc deal() {
  fill deck with card;
  each players {
    draw 1 from deck where it.c == 1 to hand;
    draw 1 from deck where it.c == 2 to hand;
    draw 1 from deck where it.c == 1 to hand;
  }
  move all of deck to market;
}
proc turn() { pick t from hand "play which card?" { move t to market; } }
game ttr "Ticket to Ride" { seats 1 to 1; phase setup { deal(); } phase play { turn(); } winner most vp; }
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_the_hot_seat_groups_your_alike_copies_as_it_groups_a_row(interpreted):
    # the audit: "White (1 of 2), Purple, White (2 of 2)" in your hand, "Orange x3" in the market
    import io

    from rulebook.runtime.agents import HumanAgent
    from rulebook.runtime.console import PlainConsole, zone_text

    g = Game(build_text(TRAINS, interpreted=interpreted), 1, 1)
    g.start()
    view = g.view(0)
    assert zone_text(view["players"][0]["zones"]["hand"], view, held=True) == "[White x2, Purple]"
    # a shared row keeps its order: alike copies in a row counted, the others by their place among them
    assert zone_text(view["zones"]["market"], view) == "[White, Purple]"
    console = PlainConsole(width=120, file=io.StringIO(), color_system=None)
    console.input = lambda prompt: "1"
    Game(build_text(TRAINS, interpreted=interpreted), 1, 1, [HumanAgent(console)]).play()
    screen = console.file.getvalue()
    assert "your hand: [White x2, Purple]" in screen and "White (1 of 2)" in screen   # the pick still tells them apart
