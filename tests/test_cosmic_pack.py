"""tests/packs/cosmic: the Cosmic Encounter audit's pack rewritten with the constructs built for its workarounds
(the alien kind's `in force while`, card modifiers whose amounts are read at each use, tagged conditions,
`set aside ... until end of encounter`, `swap`, planets indexed by their player, and in tests/packs/cosmic_house
`remove plague;` with `amend FUNC { match ... }`): random games alike on both backends, a replay, and the
rewritten rules one by one."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import compile_pack, interpret_pack
from rulebook.runtime.engine import Game

from .conftest import answer_by_prompt, played, replays_through_json, run_answering

PACKS = Path(__file__).parent / "packs"
PACK = str(PACKS / "cosmic")
HOUSE = str(PACKS / "cosmic_house")


def build(interpreted: bool, *expansions: str):
    """The pack (with expansions stacked) on one backend."""
    if interpreted:
        return interpret_pack(PACK, expansions=list(expansions))
    return compile_pack(PACK, expansions=list(expansions)).program


@pytest.fixture(scope="module", params=["compiled", "interpreted"])
def program(request):
    return build(request.param == "interpreted")


def board(program, powers: dict, players: int = 3) -> Game:
    """A game before setup with 4 ships on each home planet and each seat (0-based) given its alien."""
    game = Game(program, players, 1)
    for seat, p in enumerate(game.state.players, start=1):
        for k in range(1, 6):
            p.stock[f"ships_at[{seat},{k}]"] = 4
    for seat, alien in powers.items():
        holder = game.state.players[seat]
        game.move(program.entities[alien], game.zone(holder, "power"))
    return game


def give(game: Game, seat: int, zone: str, cards: list[str]) -> None:
    """Cards of the cosmic deck into a zone of a seat (0-based)."""
    for name in cards:
        game.move(game.program.entities[name], game.zone(game.state.players[seat], zone))


def names(game: Game, seat: int, zone: str) -> list[str]:
    return [c.name for c in game.zone(game.state.players[seat], zone).items]


def func(game: Game, name: str, seat: int, *args):
    return game.program.funcs[name](game, game.state.players[seat], *args)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_agree_on_both_backends(players):
    compiled, interpreted = build(False), build(True)
    for seed in (1, 2):
        a, b = played(compiled, seed, players), played(interpreted, seed, players)
        assert a.result()["over"] and a.log == b.log and a.state.digest() == b.state.digest()


def test_a_game_replays_through_json(program):
    replays_through_json(program, 2)


def test_a_power_is_out_of_force_below_three_home_colonies_and_back(program):
    game = board(program, {0: "pacifist"})
    assert func(game, "negotiate_beats_attack", 0) is True and func(game, "negotiate_beats_attack", 1) is False
    you = game.state.players[0]
    you.stock["ships_at[1,1]"] = you.stock["ships_at[1,2]"] = you.stock["ships_at[1,3]"] = 0
    assert func(game, "home_colonies", 0) == 2 and func(game, "negotiate_beats_attack", 0) is False
    assert names(game, 0, "power") == ["pacifist"]   # no card moved: the kind's `in force while` reads it
    you.stock["ships_at[1,3]"] = 1
    assert func(game, "negotiate_beats_attack", 0) is True


def test_the_warrior_adds_its_tokens_as_they_are_now_and_the_virus_multiplies(program):
    game = board(program, {0: "warrior", 1: "virus"})
    assert [func(game, "combined", seat, 10, 3) for seat in range(3)] == [13, 30, 13]
    game.gain_on(game.state.players[0], program.entities["warrior"], "tokens", 2)
    assert [func(game, "combined", seat, 10, 3) for seat in range(3)] == [15, 30, 13]


def encounter(program, zap: bool) -> Game:
    """P1 (the Pacifist) attacks P2 with a Negotiate against P2's Attack 10; P2 holds a Cosmic Zap, played
    at the reveal on P1's power or not."""
    game = board(program, {0: "pacifist"})
    for e in program.entities.values():
        if e.kind == "destiny":
            game.move(e, game.zone(None, "destiny_deck"))
    game.move(program.entities["blue_destiny"], game.zone(None, "destiny_deck"), top=True)   # P2's colour
    give(game, 0, "hand", ["negotiate_card"])
    give(game, 1, "hand", ["attack10", "cosmic_zap"])
    game.state.gvars["offense"] = game.state.players[0]
    answers = {"play a card now?": "Cosmic Zap" if zap else "pass", "zap whose power?": "P1",
               "join which side?": "none", "invite whom": "none"}
    answer_by_prompt(program.procs["encounter"](game, game.state.players[0]), answers)
    return game


def test_a_zapped_power_is_out_for_the_encounter_and_back_after_it(program):
    kept = encounter(program, zap=False)
    assert kept.state.gvars["succeeded"] is True   # the Pacifist's negotiate beats the attack
    zapped = encounter(program, zap=True)
    assert "P2 zaps the power of P1" in zapped.messages
    assert zapped.state.gvars["succeeded"] is False and zapped.state.players[0].stock["warp"] > 0
    assert names(zapped, 0, "power") == ["pacifist"] and zapped.aside(zapped.state.players[0]) == []


def test_only_a_power_in_force_may_be_zapped(program):
    game = board(program, {0: "pacifist"})
    game.state.gvars["now_step"] = "reveal_step"
    zap = program.entities["cosmic_zap"]
    assert func(game, "artifact_ok", 1, zap) is True
    for k in (1, 2, 3):
        game.state.players[0].stock[f"ships_at[1,{k}]"] = 0
    assert func(game, "artifact_ok", 1, zap) is False


def main_players(game: Game) -> None:
    """P1 attacks P2."""
    game.state.gvars["offense"], game.state.gvars["defense"] = game.state.players[0], game.state.players[1]


def planning_as_p2_sees_it(program, alien: str, p2_home_colonies: int = 5) -> tuple:
    """Planning with P2 (the defense) holding `alien`: what P2's view shows of P1's card as P2 chooses."""
    game = board(program, {1: alien})
    for k in range(p2_home_colonies + 1, 6):
        game.state.players[1].stock[f"ships_at[2,{k}]"] = 0
    give(game, 0, "hand", ["attack10", "negotiate_card"])
    give(game, 1, "hand", ["attack20", "negotiate_card#2"])
    main_players(game)
    seen = []

    def answer(d) -> int:
        if d.player is game.state.players[1] and d.prompt == "play which encounter card?":
            view = game.view(1)
            seen.append(([c["name"] for c in view["players"][0]["zones"]["played"]["known"]],
                         view.get("chosen_in_secret")))
        return 0

    run_answering(program.procs["planning"](game, game.state.players[0]), answer)
    return seen[0]


def test_the_oracles_tagged_condition_makes_the_other_main_player_choose_first_face_up(program):
    assert planning_as_p2_sees_it(program, "oracle") == (["attack10"], None)
    assert planning_as_p2_sees_it(program, "loser") == ([], ["P1"])   # both choose in secret
    assert planning_as_p2_sees_it(program, "oracle", p2_home_colonies=2) == ([], ["P1"])


@pytest.mark.parametrize("trade", ["yes", "no"])
def test_the_trader_swaps_hands_with_the_other_main_player(program, trade):
    game = board(program, {0: "trader"})
    give(game, 0, "hand", ["attack10", "reinforce2"])
    give(game, 1, "hand", ["negotiate_card", "attack20", "cosmic_zap"])
    main_players(game)
    answer_by_prompt(program.procs["planning"](game, game.state.players[0]),
                     {"trade hands with your opponent?": trade})
    p1, p2 = (sorted(names(game, seat, "hand") + names(game, seat, "played")) for seat in (0, 1))
    mine, theirs = ["attack10", "reinforce2"], ["attack20", "cosmic_zap", "negotiate_card"]
    assert (p1, p2) == ((theirs, mine) if trade == "yes" else (mine, theirs))


@pytest.mark.parametrize("players", [3, 5])
def test_ships_at_is_read_by_player(program, players):
    game = board(program, {}, players)
    assert all(sum(key.startswith("ships_at[") for key in p.stock) == players * 5 for p in game.state.players)
    game.state.players[1].stock["ships_at[1,3]"] = 2
    assert func(game, "foreign_colonies", 1) == 1 and func(game, "home_colonies", 0) == 5
    assert func(game, "ships_on_board", 1) == 22
    asked = answer_by_prompt(program.procs["return_ship"](game, game.state.players[1]), {})
    assert "P1's planet 3" in asked[0].options and "P3's planet 1" not in asked[0].options


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_the_house_pack_plays_without_the_plague(interpreted):
    house = build(interpreted, HOUSE)
    cards = [e.name for e in house.entities.values() if e.kind == "ecard"]
    assert "plague" not in cards and len(cards) == 56 and "mobius_tubes" in cards
    game = played(house, 3, 4)
    assert game.result()["over"] and game.state.digest() == played(build(not interpreted, HOUSE), 3, 4).state.digest()
