"""tests/packs/resistance: The Resistance written by a designer new to the language (the session's trial):
the spies dealt by the number of players and shown to each other only, the mission sizes of the rulebook's
table, the open vote taken at once (a tie rejects), the mission cards played in secret (the resistance can
only succeed, and is asked all the same: `always asked`) and the two Fails the fourth mission needs with 7 players or more, the fifth team rejected in
a row winning for the spies; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.agents import Agent
from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends, run_answering, run_proc, screens

PACK = str(Path(__file__).parent / "packs" / "resistance")

# The rulebook's table: the team of each mission by the number of players
TEAMS = {5: [2, 3, 2, 3, 3], 6: [2, 3, 4, 3, 4], 7: [2, 3, 3, 4, 4], 8: [3, 4, 4, 5, 5], 9: [3, 4, 4, 5, 5],
         10: [3, 4, 4, 5, 5]}
SPIES = {5: 2, 6: 2, 7: 3, 8: 3, 9: 3, 10: 4}


program = pack_program(PACK)


def spies(game: Game) -> list[str]:
    return [p.name for p in game.holders("spy")]


def seated(program, players: int, spy_seats: list[int]) -> Game:
    """A game whose loyalties are seated: the seats listed (from 1) are spies."""
    game = Game(program, players, 1, roles=["spy" if seat in spy_seats else "loyal" for seat in range(1, players + 1)])
    for e in program.entities.values():
        if e.kind == "mission_card":
            game.move(e, game.zone(None, "mission_cards"))
    game.state.gvars["leader"] = game.state.players[0]
    return game


@pytest.mark.parametrize("players", sorted(SPIES))
def test_the_spies_by_the_number_of_players_see_each_other_and_nobody_else_sees_them(program, players):
    game = Game(program, players, players)   # the seats line deals the loyalties as the game is made
    found = spies(game)
    assert len(found) == SPIES[players]
    assert [p.name for p in game.holders("loyal")] == [p.name for p in game.state.players if p.name not in found]
    for seat, p in enumerate(game.state.players):
        seen = {q["name"] for q in game.view(seat)["players"] if q["name"] != p.name
                and q["zones"]["role.held"].get("items")}
        assert seen == (set(found) - {p.name} if p.name in found else set()), p.name
        screen = screens(game, seats=(seat,))[0]   # the hot seat's screen: a loyal player sees no role but their own
        others = screen.replace("your Role", "")
        assert others.count("Role [Spy]") == (len(found) - 1 if p.name in found else 0), p.name
        assert "Role [Resistance]" not in others and others.count("Role 1 hidden") == players - 1 - others.count("Role [Spy]")


def test_the_missions_have_the_sizes_of_the_rulebooks_table(program):
    for players, sizes in TEAMS.items():
        game = Game(program, players, 1)
        got = []
        for mission in range(1, 6):
            game.state.globals["mission"] = mission
            got.append(program.funcs["team_size"](game, game.state.players[0]))
        assert got == sizes, players


def test_a_majority_approves_the_team_and_a_tie_rejects_it(program):
    game = seated(program, 6, [1, 2])
    game.state.globals["mission"] = 1
    run_proc(game, "propose", answers=["P3", "P4"] + ["Approve"] * 4 + ["Reject"] * 2)
    assert game.state.gvars["approved"] is True and game.state.gvars["leader"].name == "P2"
    assert [p.name for p in game.state.players if p.vars["on_team"]] == ["P3", "P4"]
    run_proc(game, "propose", player=1, answers=["P1", "P2"] + ["Approve"] * 3 + ["Reject"] * 3)
    assert game.state.gvars["approved"] is False and game.state.globals["rejected"] == 1
    assert game.state.gvars["leader"].name == "P3"


def mission(game: Game, team: list[int], answers: list[str]) -> str:
    for seat, p in enumerate(game.state.players, 1):
        p.vars["on_team"] = seat in team
    script = list(answers)   # the spies' answers: a member of the resistance has one card to play
    asked = run_answering(game.program.procs["go_on_mission"](game, game.state.players[0]),
                          lambda d: d.index_of(script.pop(0)), with_forced=True)
    assert not script
    assert [d.player.name for d in asked] == [game.state.players[s - 1].name for s in sorted(team)]
    for d in asked:   # everyone holds a Success and a Fail; the resistance may play only Success, and is asked all the same
        assert d.options == (["Success", "Fail"] if d.player.name in spies(game) else ["Success"]), d.options
        assert d.where in game.program.asked   # `always asked`: the one-option question is not skipped in play
    assert all(len(game.zone(p, "mission_hand").items) == 0 for p in game.state.players)
    return "failed" if game.state.globals.get("failures") else "succeeded"


def test_one_fail_fails_a_mission_and_the_resistance_can_only_succeed(program):
    game = seated(program, 5, [1, 4])
    game.state.globals["mission"] = 1
    assert mission(game, [2, 3], []) == "succeeded"
    game = seated(program, 5, [1, 4])
    game.state.globals["mission"] = 1
    assert mission(game, [1, 2], ["Fail"]) == "failed"
    game = seated(program, 5, [1, 4])
    game.state.globals["mission"] = 1
    assert mission(game, [1, 4], ["Success", "Success"]) == "succeeded"
    assert len(game.zone(None, "mission_cards").items) == 20


def test_the_fourth_mission_needs_two_fails_with_seven_players(program):
    game = seated(program, 7, [1, 2, 3])
    game.state.globals["mission"] = 4
    assert mission(game, [1, 4, 5, 6], ["Fail"]) == "succeeded"
    game = seated(program, 7, [1, 2, 3])
    game.state.globals["mission"] = 4
    assert mission(game, [1, 2, 5, 6], ["Fail", "Fail"]) == "failed"
    game = seated(program, 6, [1, 2])
    game.state.globals["mission"] = 4
    assert mission(game, [1, 4, 5], ["Fail"]) == "failed"   # with six, one Fail is enough


class Rejecting(Agent):
    """Rejects every team; anything else: the first option."""

    def choose(self, decision, view) -> int:
        return decision.index_of("Reject") if decision.prompt == "approve the team?" else 0


def test_the_fifth_team_rejected_in_a_row_wins_for_the_spies(program):
    game = Game(program, 5, 3, [Rejecting()] * 5)
    result = game.play()
    assert game.state.globals["rejected"] == 5 and game.state.globals.get("mission") == 1
    assert sorted(result["winners"]) == sorted(spies(game))


@pytest.mark.parametrize("players,seed", [(5, 1), (7, 2), (10, 3)])
def test_random_games_end_at_three_missions_and_agree_on_both_backends(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        g = game.state.globals
        spies_won = g.get("failures", 0) >= 3 or g.get("rejected", 0) >= 5
        assert spies_won or g.get("successes", 0) >= 3
        assert sorted(result["winners"]) == sorted(spies(game) if spies_won else
                                                  [p.name for p in game.state.players if p.name not in spies(game)])


def test_a_resistance_member_is_asked_in_play_as_a_spy_is(program):
    """In a played game (not a proc driven alone) the one-option question of a member of the resistance is
    put to them as a spy's two-option one is: who is asked tells nothing."""
    game = seated(program, 5, [1, 4])
    game.state.globals["mission"] = 1
    for seat, p in enumerate(game.state.players, 1):
        p.vars["on_team"] = seat in (2, 4)
    d = game.start(game.program.procs["go_on_mission"](game, game.state.players[0]))
    asked = []
    while d is not None:
        asked.append((d.player.name, d.options))
        d = game.apply(0)
    assert asked == [("P2", ["Success"]), ("P4", ["Success", "Fail"])]
