"""tests/packs/bang_lite: Bang! (a subset) written by a designer new to the language (the twenty-fourth session's
trial32): the roles by player count (`seats ... roles ... shuffled`), the Sheriff known, the distance round the table among the living changed
by a Mustang and a Scope, BANG! within reach, Missed!, Beer, the rewards and penalties of a kill and the three
role-based victories; both backends."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game, GameEnded

from .conftest import func_for, pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "bang_lite")

program = pack_program(PACK)


def seated(program, roles: list[str], seed: int = 1) -> Game:
    """A game of len(roles) players, P1 holding the first role named, and so on, each at full life with no card."""
    game = Game(program, len(roles), seed, roles=roles)
    for p in game.state.players:
        p.stock["life"] = func_for(game, "max_life", p)
    for name in list(program.entities):
        if program.entities[name].kind == "card":
            game.move(program.entities[name], game.zone(None, "deck"))
    return game


def give(game: Game, seat: int, card: str, zone: str = "hand") -> None:
    game.move(game.program.entities[card], game.zone(game.state.players[seat], zone))


def roles_dealt(program, players: int) -> list[str]:
    game = Game(program, players, 3)
    game.start()
    return sorted(game.role_of(p).title for p in game.state.players)


def test_the_roles_by_the_number_of_players(program):
    assert roles_dealt(program, 4) == ["Outlaw", "Outlaw", "Renegade", "Sheriff"]
    assert roles_dealt(program, 5) == ["Deputy", "Outlaw", "Outlaw", "Renegade", "Sheriff"]
    assert roles_dealt(program, 6) == ["Deputy", "Outlaw", "Outlaw", "Outlaw", "Renegade", "Sheriff"]
    assert roles_dealt(program, 7) == ["Deputy", "Deputy", "Outlaw", "Outlaw", "Outlaw", "Renegade", "Sheriff"]


def test_the_sheriff_is_known_has_one_more_life_point_and_as_many_cards(program):
    game = Game(program, 5, 2)
    game.start()
    for p in game.state.players:
        sheriff = game.role_of(p).title == "Sheriff"
        assert p.stock["life"] == (5 if sheriff else 4)
        # as many cards as life points; the Sheriff, who plays first, has drawn his turn's two already
        assert len(game.zone(p, "hand").items) == p.stock["life"] + (2 if sheriff else 0)
        # every player sees the Sheriff's role, nobody another's
        for viewer in range(5):
            zone = game.view(viewer)["players"][p.index]["zones"]["role.held"]
            seen = zone.get("items", []) + zone.get("known", [])   # your own: its items; another's: what you know
            assert bool(seen) == (sheriff or viewer == p.index), (viewer, p.name)


def test_distance_counts_the_living_and_a_mustang_or_a_scope_change_it(program):
    game = seated(program, ["sheriff", "outlaw", "outlaw", "renegade", "deputy"])
    p1, p2, p3, p4, p5 = game.state.players
    assert [func_for(game, "distance_to", p) for p in (p2, p3, p4, p5)] == [1, 2, 2, 1]
    give(game, 2, "mustang", "in_play")                 # others see P3 one further
    assert func_for(game, "distance_to", p3) == 3
    give(game, 0, "scope", "in_play")                   # P1 sees everyone one nearer
    assert [func_for(game, "distance_to", p) for p in (p2, p3, p4, p5)] == [0, 2, 1, 0]
    game.eliminate(p2)                                  # with P2 dead, P3 sits next to P1
    assert func_for(game, "distance_to", p3) == 1


def test_a_bang_reaches_only_within_range_and_a_gun_reaches_further(program):
    game = seated(program, ["sheriff", "outlaw", "outlaw", "renegade", "deputy"])
    give(game, 0, "bang")
    (asked,) = run_proc(game, "play_card", game.program.entities["bang"], answers=["P5"])
    assert [str(o) for o in asked.options] == ["P2", "P5"]
    assert game.state.players[4].stock["life"] == 3
    give(game, 0, "schofield", "in_play")
    assert func_for(game, "reach") == 2
    assert func_for(game, "playable", game.program.entities["bang#2"]) is False   # one BANG! a turn


def test_a_missed_cancels_the_shot(program):
    game = seated(program, ["sheriff", "outlaw", "outlaw", "renegade"])
    give(game, 1, "missed")
    run_proc(game, "shot_by", game.state.players[0], player=1, answers=["yes"])   # P2 plays the Missed!
    assert game.state.players[1].stock["life"] == 4 and not game.zone(game.state.players[1], "hand").items
    run_proc(game, "shot_by", game.state.players[0], player=1)              # no Missed! left
    assert game.state.players[1].stock["life"] == 3


def test_a_beer_regains_a_point_but_not_with_two_players_left(program):
    game = seated(program, ["sheriff", "outlaw", "outlaw", "renegade"])
    beer = game.program.entities["beer"]
    give(game, 1, "beer")
    assert func_for(game, "playable", beer, seat=1) is False   # at full life
    game.state.players[1].stock["life"] = 2
    assert func_for(game, "playable", beer, seat=1) is True
    game.eliminate(game.state.players[2])
    game.eliminate(game.state.players[3])
    assert func_for(game, "playable", beer, seat=1) is False   # two players left


def test_killing_an_outlaw_draws_three_cards(program):
    game = seated(program, ["sheriff", "outlaw", "outlaw", "renegade", "deputy"])
    p1, p2 = game.state.players[:2]
    p2.stock["life"] = 1
    run_proc(game, "shot_by", p1, player=1)
    assert p2 in game.state.out and len(game.zone(p1, "hand").items) == 3


def test_a_player_who_dies_shows_their_hidden_role_to_everyone(program):
    game = seated(program, ["sheriff", "outlaw", "outlaw", "renegade", "deputy"])

    def seen_by_all(seat: int) -> bool:
        return all(q["zones"]["role.held"].get("items") or q["zones"]["role.held"].get("known")
                   for q in (game.view(viewer)["players"][seat] for viewer in range(5)))
    assert [seen_by_all(seat) for seat in range(5)] == [True, False, False, False, False]   # the Sheriff's alone
    game.state.players[3].stock["life"] = 1
    run_proc(game, "shot_by", game.state.players[0], player=3)                # the Renegade dies
    assert [seen_by_all(seat) for seat in range(5)] == [True, False, False, True, False]


def test_a_sheriff_who_kills_his_deputy_discards_everything(program):
    game = seated(program, ["sheriff", "deputy", "outlaw", "outlaw", "renegade"])
    p1, p2 = game.state.players[:2]
    give(game, 0, "beer")
    give(game, 0, "scope", "in_play")
    p2.stock["life"] = 1
    run_proc(game, "shot_by", p1, player=1)
    assert p2 in game.state.out
    assert not game.zone(p1, "hand").items and not game.zone(p1, "in_play").items


def ended(game: Game, shooter: int, victim: int) -> tuple[list[str], str]:
    """The victim, at 1 life point, shot by the shooter: the game ends; the winners and why."""
    game.state.players[victim].stock["life"] = 1
    with pytest.raises(GameEnded):
        run_proc(game, "shot_by", game.state.players[shooter], player=victim)
    verb, named = game.state.sudden
    assert verb == "won"
    return [p.name for p in named], game.state.reason


def test_the_outlaws_win_when_the_sheriff_dies_even_dead(program):
    game = seated(program, ["sheriff", "outlaw", "outlaw", "renegade", "deputy"])
    game.eliminate(game.state.players[2])
    assert ended(game, 3, 0) == (["P2", "P3"], "the Sheriff is dead")


def test_the_renegade_wins_as_the_last_one_alive(program):
    game = seated(program, ["sheriff", "outlaw", "outlaw", "renegade"])
    game.eliminate(game.state.players[1])
    game.eliminate(game.state.players[2])
    assert ended(game, 3, 0) == (["P4"], "the Renegade is the last one alive")


def test_the_sheriff_and_deputies_win_when_outlaws_and_renegade_are_dead(program):
    game = seated(program, ["sheriff", "outlaw", "outlaw", "renegade", "deputy"])
    for seat in (1, 2):
        game.eliminate(game.state.players[seat])
    game.eliminate(game.state.players[4])   # a dead Deputy wins with his side
    assert ended(game, 0, 3) == (["P1", "P5"], "every Outlaw and the Renegade is dead")


def test_seating_the_roles_the_seed_deals_plays_the_same_game_and_others_another(program):
    def played(seed: int, **seated) -> Game:
        game = Game(program, 5, seed, make_agents("random", 5, seed), **seated)
        game.play()
        return game
    dealt = played(4)
    again = played(4, roles=[r.name for r in map(dealt.role_of, dealt.state.players)])
    assert (again.log, again.state.digest()) == (dealt.log, dealt.state.digest())   # the deck shuffled alike
    moved = [r.name for r in map(dealt.role_of, dealt.state.players)]
    moved = moved[1:] + moved[:1]   # each role one seat round: the Sheriff plays first from another seat
    assert played(4, roles=moved).log[:3] != dealt.log[:3]


@pytest.mark.parametrize("players,seed", [(4, 1), (7, 2)])
def test_random_games_end_with_a_side_winning_alike_on_both_backends(players, seed):
    (game, result), _ = played_on_both_backends(PACK, players, seed)
    sides = {"the Sheriff is dead": ["outlaw"], "the Renegade is the last one alive": ["renegade"],
             "every Outlaw and the Renegade is dead": ["sheriff", "deputy"]}
    assert result["sudden"] and game.state.reason in sides
    assert sorted(result["winners"]) == sorted(p.name for p in game.state.players
                                               if game.role_of(p).name in sides[game.state.reason])
    dealt = sorted(game.role_of(p).name for p in game.state.players)
    assert dealt == sorted(["sheriff", "renegade", "outlaw", "outlaw", "deputy", "outlaw", "deputy"][:players])
