"""tests/packs/innovation: Innovation's dogmas (an opponent with as many of the featured icon shares the effect
and the activating player then draws; "I demand" strikes the opponents with fewer), icons counted through
splays, achieving by score and top card, Monument, both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import answer_by_prompt, pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "innovation")


program = pack_program(PACK)


def dealt(program, players: int = 2) -> Game:
    """A game whose decks are filled and shuffled and whose achievements are set out, no card in play."""
    game = Game(program, players, 1)
    run_proc(game, "setup_game", answers=[0] * players)
    for p in game.state.players:
        for zone in ["hand"] + [f"board[{c}]" for c in ("red", "yellow", "green", "blue", "purple")]:
            for card in list(game.zone(p, zone).items):
                game.move(card, game.zone(None, f"deck[{card.fields['age']}]"))
    return game


def melded(game: Game, seat: int, *cards: str) -> None:
    """The cards melded by the seat, in order (the last on top)."""
    for name in cards:
        run_proc(game, "meld", game.program.entities[name], player=seat)


def icons(game: Game, seat: int, icon: str) -> int:
    return game.program.funcs["icons"](game, game.state.players[seat], icon)


def activate(game: Game, card: str, answers: dict | None = None) -> None:
    you = game.state.players[0]
    answer_by_prompt(game.program.procs["dogma"](game, you, game.program.entities[card]), answers or {})


def test_an_opponent_with_as_many_icons_shares_and_the_activating_player_draws_once_more(program):
    game = dealt(program)
    melded(game, 0, "the_wheel")          # 3 castles
    melded(game, 1, "masonry")            # 3 castles: shares
    activate(game, "the_wheel")
    you, other = game.state.players
    assert len(game.zone(other, "hand").items) == 2
    assert len(game.zone(you, "hand").items) == 3   # two 1s, and one for the sharing


def test_an_opponent_with_fewer_icons_neither_shares_nor_gives_the_extra_draw(program):
    game = dealt(program)
    melded(game, 0, "the_wheel")
    melded(game, 1, "domestication")      # 2 castles
    activate(game, "the_wheel")
    you, other = game.state.players
    assert len(game.zone(other, "hand").items) == 0 and len(game.zone(you, "hand").items) == 2


def test_a_demand_strikes_the_opponent_with_fewer_icons_only(program):
    game = dealt(program, 3)
    melded(game, 0, "archery")            # 2 castles
    melded(game, 1, "sailing")            # none: demanded of
    melded(game, 2, "metalworking")       # 3 castles: left alone (Archery shares nothing)
    you, weak, strong = game.state.players
    game.move(game.program.entities["calendar"], game.zone(weak, "hand"))
    activate(game, "archery")
    assert [c.name for c in game.zone(you, "hand").items] == ["calendar"]
    assert len(game.zone(weak, "hand").items) == 1 and len(game.zone(strong, "hand").items) == 0


def test_a_splay_left_shows_the_bottom_right_icon_of_each_card_under_the_top(program):
    game = dealt(program)
    melded(game, 0, "domestication", "masonry")   # the last melded lies on top
    you = game.state.players[0]
    top = game.program.funcs["top_card"](game, you, "yellow")
    assert top.name == "masonry" and icons(game, 0, "castle") == 3
    you.vars["splayed[yellow]"] = "left"
    assert icons(game, 0, "castle") == 4 and icons(game, 0, "crown") == 0


def test_an_age_is_achieved_with_five_points_per_age_and_a_top_card_of_that_age(program):
    game = dealt(program)
    you = game.state.players[0]
    can = game.program.funcs["can_achieve"]
    age1 = game.zone(None, "age_achievements").items[0]
    melded(game, 0, "sailing")
    assert not can(game, you, age1)
    for name in ("writing", "oars", "pottery", "the_wheel", "mysticism"):
        game.move(game.program.entities[name], game.zone(you, "scored"))
    assert can(game, you, age1)


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 4), (4, 3)])
def test_random_games_agree_on_both_backends(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        assert result["winners"]
        if result.get("sudden"):   # won by achievements: the one who claimed them, at once
            assert result["sudden"] == "won" and len(result["winners"]) == 1
            assert result["reason"].endswith(" achievements")
