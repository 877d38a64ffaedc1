"""tests/packs/ttr_europe: Ticket to Ride: Europe's rules as an expansion of the picks pack (branch trial26),
with the rules as assertions: a route claimed with cards of its colour (a grey one in any), scored by its
length; a ferry needs its locomotives; a tunnel turns up three cards and costs one more for each of the colour
paid, or is given up; stations cost 1, 2, 3 cards, each lets its owner use one opponent's route from its city,
and each one not built scores 4; tickets completed score and the others cost their points; the European
Express; whole games alike on both backends, lint clean and `fmt` stable."""

from __future__ import annotations

from pathlib import Path

from rulebook.runtime.engine import Game

from .conftest import answer_by_prompt, pack_program, played_on_both_backends, run_proc

PACK = Path(__file__).parent / "packs" / "ttr_europe"

program = pack_program(PACK)


def card(game: Game, name: str):
    """One copy of a train card in the deck."""
    return next(c for c in game.state.zones["train_deck"] if c.name.split("#")[0] == name)


def give(game: Game, seat: int, *names: str) -> None:
    for name in names:
        game.move(card(game, name), game.zone(game.state.players[seat], "hand"))


def on_top(game: Game, *names: str) -> None:
    """Put copies of these train cards on top of the deck, the first named on top."""
    for name in reversed(names):
        game.move(card(game, name), game.zone(None, "train_deck"), top=True)


def started(program, players: int = 2) -> Game:
    """A game past its setup (the tickets kept), every train card back in the deck."""
    game = Game(program, players, 1)
    d = game.start()
    while d.prompt != "your turn":
        d = game.apply(0)
    deck = game.zone(None, "train_deck")
    for held in [p.zones["hand"] for p in game.state.players] + [game.state.zones["market"]]:
        for c in list(held):
            game.move(c, deck)
    return game


def route(game: Game, name: str):
    return next(r for r in game.state.zones["open_routes"] if r.name == name)


def take(game: Game, seat: int, zone: str, name: str, to: str) -> None:
    """Move a route or ticket by its name from a shared zone to a player's zone."""
    found = next(x for x in game.state.zones[zone] if x.name == name)
    game.move(found, game.zone(game.state.players[seat], to))


def test_a_route_is_claimed_with_cards_of_its_colour_and_scores_by_its_length(program):
    game = started(program)
    p1 = game.state.players[0]
    give(game, 0, "red_card", "red_card", "red_card", "locomotive", "blue_card")
    before = p1.stock["points"]
    answer_by_prompt(program.procs["claim_route"](game, p1),
                     {"claim which route?": "Edinburgh - London", "pay in which colour?": "Red"})
    assert [r.name for r in p1.zones["claimed"]] == ["edinburgh_london"]
    assert p1.stock["points"] == before + 7 and p1.stock["trains_left"] == 11
    assert [c.name.split("#")[0] for c in p1.zones["hand"]] == ["blue_card"]   # three reds and the locomotive paid
    # a blue card alone claims no red route, and a grey route may be paid in any colour
    assert not program.funcs["can_claim"](game, p1, route(game, "bruxelles_paris"))
    assert program.funcs["can_claim"](game, p1, route(game, "amsterdam_bruxelles"))


def test_a_ferry_needs_its_locomotives(program):
    game = started(program)
    p1 = game.state.players[0]
    give(game, 0, "green_card", "green_card", "locomotive")
    ferry = route(game, "london_amsterdam")   # two spaces, both locomotives
    assert not program.funcs["can_claim"](game, p1, ferry)
    give(game, 0, "locomotive")
    assert program.funcs["can_claim"](game, p1, ferry)


def test_a_tunnel_costs_one_more_card_for_each_of_the_colour_turned_up(program):
    game = started(program)
    p1 = game.state.players[0]
    give(game, 0, "red_card", "red_card", "red_card")
    # the top three of the deck: a red, a blue and a green: one more red to pay
    on_top(game, "red_card", "blue_card", "green_card")
    answer_by_prompt(program.procs["claim_route"](game, p1), {"claim which route?": "Frankfurt - Zurich"})
    assert [r.name for r in p1.zones["claimed"]] == ["frankfurt_zurich"] and p1.zones["hand"] == []
    # the next tunnel turns up two blues the player cannot pay: the claim is given up, the cards kept
    give(game, 0, "blue_card", "blue_card", "blue_card", "blue_card")
    on_top(game, "blue_card", "locomotive", "green_card")
    answer_by_prompt(program.procs["claim_route"](game, p1), {"claim which route?": "Zurich - Roma"})
    assert [r.name for r in p1.zones["claimed"]] == ["frankfurt_zurich"] and len(p1.zones["hand"]) == 4
    assert "P1 cannot pay for the tunnel and gives up the claim" in game.messages


def test_stations_cost_more_each_time_and_each_borrows_one_opponents_route_at_the_end(program):
    game = started(program)
    p1, p2 = game.state.players[:2]
    give(game, 0, "red_card", "blue_card", "blue_card")
    answer_by_prompt(program.procs["build_station"](game, p1), {"build a station in": "Zurich", "pay in": "Red"})
    assert p1.stock["stations_left"] == 2 and [c.name.split("#")[0] for c in p1.zones["hand"]] == ["blue_card", "blue_card"]
    answer_by_prompt(program.procs["build_station"](game, p1), {"build a station in": "Edinburgh"})
    assert p1.stock["stations_left"] == 1 and p1.zones["hand"] == []   # the second costs two
    # P1 holds Paris - Zurich, P2 Zurich - Roma: through the station in Zurich P1 completes Paris - Roma
    take(game, 0, "open_routes", "paris_zurich", "claimed")
    take(game, 1, "open_routes", "zurich_roma", "claimed")
    for t in list(p1.zones["tickets"]):
        game.move(t, game.zone(None, "ticket_pile"))
    take(game, 0, "ticket_pile", "paris_roma", "tickets")
    take(game, 0, "ticket_pile", "london_madrid", "tickets")
    before = p1.stock["points"]
    run_proc(game, "score")
    # +6 for Paris - Roma, -10 for London - Madrid, +4 for the station not built
    assert p1.stock["points"] == before + 6 - 10 + 4


def test_the_european_express_goes_to_the_longest_path(program):
    game = started(program)
    p1, p2 = game.state.players[:2]
    for name in ("paris_brest", "brest_pamplona"):   # 3 + 4
        take(game, 0, "open_routes", name, "claimed")
    take(game, 1, "open_routes", "edinburgh_london", "claimed")
    # the longest continuous path counts the routes' lengths
    assert program.funcs["express"](game, p1, p1) == 7 and program.funcs["express"](game, p2, p2) == 4


def test_whole_games_end_with_a_player_out_of_trains_alike_on_both_backends():
    for game, result in played_on_both_backends(PACK, 3, 2):
        assert result["winners"]
        assert any(p.stock["trains_left"] <= 2 for p in game.state.players) or game.state.globals["rounds_played"] == 40
