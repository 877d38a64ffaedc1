"""tests/packs/el_grande: El Grande written by a designer new to the language (trial18): power cards that
no one else has played this round, caballeros placed next to the king's region, majorities scored with tied
players dropping a place (`rank ... ties lower`), the grande's and the king's bonus, the Castillo's secret
choice; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import answer_by_prompt, pack_program, played_on_both_backends, screens

PACK = Path(__file__).parent / "packs" / "el_grande"


program = pack_program(PACK)


def run(game: Game, proc: str, *args, answers: dict | None = None, player: int = 0) -> list:
    return answer_by_prompt(game.program.procs[proc](game, game.state.players[player], *args), answers or {})


def troops(game: Game, region: str, counts: list[int]) -> None:
    for p, n in zip(game.state.players, counts):
        p.stock[f"troops[{region}]"] = n


def vp(game: Game) -> list[int]:
    return [p.stock["vp"] for p in game.state.players]


def test_each_player_has_the_power_cards_1_to_13(program):
    game = Game(program, 4, 1)
    run(game, "setup")
    for p in game.state.players:
        assert sorted(c.fields["value"] for c in game.zone(p, "powers").items) == list(range(1, 14))
        assert p.stock["court"] == 5 and sum(v for k, v in p.stock.items() if k.startswith("troops[")) == 2


def test_a_majority_scores_first_second_and_third(program):
    game = Game(program, 4, 1)
    game.state.gvars["king_at"] = "galicia"
    troops(game, "castilla_nueva", [5, 3, 2, 0])
    run(game, "score", "castilla_nueva")
    assert vp(game) == [8, 5, 2, 0]


def test_tied_players_take_the_prize_of_the_place_below(program):
    game = Game(program, 4, 1)
    game.state.gvars["king_at"] = "galicia"
    troops(game, "castilla_nueva", [4, 4, 2, 1])   # two tied first: the second prize each, the next third
    run(game, "score", "castilla_nueva")
    assert vp(game) == [5, 5, 2, 0]
    game = Game(program, 4, 1)
    game.state.gvars["king_at"] = "galicia"
    troops(game, "castilla_nueva", [4, 2, 2, 1])   # two tied second: the third prize each, nothing after
    run(game, "score", "castilla_nueva")
    assert vp(game) == [8, 2, 2, 0]


def test_first_alone_in_the_grandes_or_the_kings_region_scores_2_more(program):
    game = Game(program, 3, 1)
    game.state.gvars["king_at"] = "sevilla"
    game.state.players[0].vars["grande"] = "sevilla"
    troops(game, "sevilla", [3, 1, 0])
    run(game, "score", "sevilla")
    assert vp(game) == [6 + 2 + 2, 3, 0]
    troops(game, "sevilla", [3, 3, 0])   # tied first: no bonus
    run(game, "score", "sevilla")
    assert vp(game) == [10 + 3, 3 + 3, 0]


def test_caballeros_go_next_to_the_king_or_into_the_castillo_never_into_the_kings_region(program):
    game = Game(program, 3, 1)
    game.state.gvars["king_at"] = "galicia"
    game.state.players[0].stock["court"] = 3
    asked = run(game, "place_caballeros", 1, answers={"place a caballero": "Castillo"})
    assert asked[0].options == ["País Vasco", "Castilla la Vieja", "Castillo", "none"]


def test_a_power_card_played_this_round_is_not_played_again(program):
    game = Game(program, 3, 1)
    run(game, "setup")
    run(game, "play_power", answers={"play which power card": "Power 9"})
    asked = run(game, "play_power", player=1, answers={"play which power card": "Power 13"})
    assert "Power 9" not in asked[0].options and len(asked[0].options) == 12
    p1, p2 = game.state.players[:2]
    assert (p1.stock["court"], p1.stock["provinces"]) == (5 + 3, 23 - 3)   # power 9 brings 3 caballeros
    assert p2.stock["court"] == 5   # power 13 brings none


@pytest.mark.parametrize("players,seed", [(3, 2), (5, 3)])
def test_played_alike_on_both_backends(players, seed):
    (game, _), _ = played_on_both_backends(PACK, players, seed, decisions=120)
    assert sum(p.stock["vp"] for p in game.state.players) >= 0


def test_the_castillo_is_emptied_into_regions_chosen_in_secret(program):
    game = Game(program, 3, 1)
    game.state.gvars["king_at"] = "galicia"
    troops(game, "castillo", [2, 1, 0])
    gen = game.program.procs["scoring_round"](game, game.state.players[0])
    decision, asked = gen.send(None), []
    try:
        while True:
            asked.append(decision.prompt)
            if len(asked) == 2:   # P2 chooses after P1: nothing on P2's screen tells P1's region
                p2 = screens(game, seats=(1,))[0]
                assert "Valencia" not in p2 and "valencia" not in p2
            decision = gen.send(decision.index_of("Valencia" if len(asked) == 1 else "Granada"))
    except StopIteration:
        pass
    p1, p2, p3 = game.state.players
    assert asked == ["move your Castillo caballeros to which region?"] * 2   # P3 has none there: not asked
    assert (p1.stock["troops[valencia]"], p2.stock["troops[granada]"], p1.stock["troops[castillo]"]) == (2, 1, 0)
    assert vp(game)[0] >= 5 + 6   # the Castillo (first) and Valencia (first alone) scored
