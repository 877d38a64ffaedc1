"""tests/packs/sagrada: Sagrada written by a designer new to the language (the eighteenth session's trial): 90
dice kept as pieces drafted from a pool into a 4 x 5 window (`record spot`, `var at[spot]`, `neighbours`),
the placement rules (an edge first, then next to a die, never beside the same colour or value, the pattern's
colours and shades), three tool cards paid with favour tokens (1, then 2), the public and private objectives;
both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import compile_pack
from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends, run_answering

PACK = str(Path(__file__).parent / "packs" / "sagrada")
DRAFT, PLACE, TOOL = "draft which die?", "place it where?", "use a tool card on it?"


program = pack_program(PACK)


def table(program, pool: list[tuple[str, int]], window: str = "virtus", favour: int = 0) -> Game:
    """A one-player game with `window` and `favour` tokens, the pool holding dice of the colours and values given."""
    game = Game(program, 1, 1)
    you = game.state.players[0]
    you.vars["window"], you.stock["favour"] = window, favour
    taken = set()
    for colour, value in pool:
        die = next(e for e in program.entities.values()
                   if e.kind == "sdie" and e.fields["colour"] == colour and e.name not in taken)
        taken.add(die.name)
        game.move(die, game.zone(None, "pool"))
        game.set_field(die, "shows", value)
    return game


def draft(game: Game, answers: dict) -> list:
    """The acting player's draft, each decision answered by the label `answers` gives for its prompt (the first
    option when not given); returns (prompt, options) of each decision asked."""
    asked = []

    def answer(d):
        labels = [str(o) for o in d.options]
        asked.append((d.prompt, labels))
        return labels.index(answers[d.prompt]) if d.prompt in answers else 0

    run_answering(game.program.procs["draft"](game, game.state.players[0]), answer)
    return asked


def window(game: Game) -> dict[str, tuple[str, int]]:
    """The dice of the window by space (`1,2`): (colour, value)."""
    you = game.state.players[0]
    return {k[3:-1]: (v.fields["colour"], game.state.evars[v.key]["shows"]) for k, v in you.vars.items()
            if k.startswith("at[") and v is not None}


def test_the_first_die_goes_on_an_edge_space_its_pattern_allows(program):
    # Virtus' first row is 4, -, 2, 5, green: a red 3 fits only the blank space of it; the inner spaces never
    game = table(program, [("red", 3)])
    asked = draft(game, {PLACE: "row 1, column 2"})
    assert ("row 2, column 2" not in asked[-1][1] and "row 1, column 1" not in asked[-1][1]
            and "row 1, column 2" in asked[-1][1] and "row 4, column 5" in asked[-1][1])
    assert window(game) == {"1,2": ("red", 3)}


def test_a_later_die_touches_one_and_never_sits_beside_its_colour_or_value(program):
    game = table(program, [("red", 3), ("blue", 6), ("red", 5), ("blue", 3)])
    draft(game, {DRAFT: "Red die: 3", PLACE: "row 1, column 2"})
    # blue 6: next to the red 3 (diagonally too), and where Virtus allows a 6: 2,1 and 2,2 blank, 2,3 a 6
    assert draft(game, {DRAFT: "Blue die: 6"})[-1] == (PLACE, ["row 2, column 1", "row 2, column 2", "row 2, column 3"])
    assert window(game)["2,1"] == ("blue", 6)
    # the red 5: 2,2 is beside the red 3, 1,1 and 1,3 want a 4 and a 2, 3,2 a 3: below the blue 6, 3,1 is the one
    # space left, taken without asking
    assert draft(game, {DRAFT: "Red die: 5"})[-1][0] == DRAFT and window(game)["3,1"] == ("red", 5)
    # the blue 3 may go nowhere beside the red 3 (same value: 2,2) nor the blue 6 (same colour): 3,2 (a 3) is left
    draft(game, {})
    assert window(game)["3,2"] == ("blue", 3)


def test_a_tool_costs_one_favour_token_the_first_time_and_two_after(program):
    game = table(program, [("red", 3), ("green", 2)], favour=3)
    asked = draft(game, {DRAFT: "Red die: 3", TOOL: "Grinding Stone", PLACE: "row 1, column 1"})
    you = game.state.players[0]
    assert (TOOL, ["Grozing Pliers", "Flux Brush", "Grinding Stone", "none"]) in asked
    assert window(game) == {"1,1": ("red", 4)} and you.stock["favour"] == 2   # flipped 3 to 4, the 1,1 space's 4
    draft(game, {DRAFT: "Green die: 2", TOOL: "Grinding Stone"})
    assert you.stock["favour"] == 0 and game.state.globals["uses[grinding_stone]"] == 2
    assert game.state.evars[game.program.entities["green_die"].key]["shows"] == 5


def test_the_objectives_score_as_their_cards_say(program):
    game = table(program, [])
    you = game.state.players[0]
    dice = iter(e for e in program.entities.values() if e.kind == "sdie")
    row = [("red", 1), ("yellow", 2), ("green", 1), ("blue", 2), ("purple", 6)]
    for col, (colour, value) in enumerate(row, 1):
        die = next(d for d in dice if d.fields["colour"] == colour)
        game.set_field(die, "shows", value)
        you.vars[f"at[1,{col}]"] = die
    points = lambda name: program.funcs["objective_points"](game, you, program.entities[name])  # noqa: E731
    # five colours in a full row: 6; two sets of a 1 and a 2: 2 points each; one of each colour: 4
    assert (points("row_colour_variety"), points("light_shades"), points("colour_variety")) == (6, 4, 4)
    assert (points("shade_variety"), points("column_shade_variety")) == (0, 0)   # no 3, 4, 5; no full column


@pytest.mark.parametrize("players", [1, 2, 4])
def test_random_games_place_legal_windows_and_agree_on_both_backends(players):
    for game, result in played_on_both_backends(PACK, players, players):
        assert len(game.zone(None, "round_track").items) == 10 * (2 * players + 1) - sum(
            len(game.zone(p, "placed").items) for p in game.state.players)
        for p in game.state.players:
            placed = {k[3:-1]: v for k, v in p.vars.items() if k.startswith("at[") and v is not None}
            assert len(placed) == len(game.zone(p, "placed").items) <= 20
            for k, die in placed.items():
                r, c = map(int, k.split(","))
                for rr, cc in ((r + 1, c), (r, c + 1)):
                    other = placed.get(f"{rr},{cc}")
                    assert other is None or (other.fields["colour"] != die.fields["colour"] and
                                             game.state.evars[other.key]["shows"] != game.state.evars[die.key]["shows"])


def test_the_window_board_shows_each_die_by_its_face_first():
    """A board cell keeps a few characters: a die kept as a piece shows its face before its title (`6 Purpl…`),
    so the window reads as the table sees it (it showed `Purple …`, the face cut away)."""
    from rich.console import Console

    from rulebook.runtime.agents import RandomAgent
    from rulebook.runtime.console import cell_words, view_boards
    from rulebook.runtime.limits import Limits, Stopped, limit

    game = limit(Game(compile_pack(PACK).program, 2, 1, [RandomAgent(1), RandomAgent(2)]), Limits(decisions=30))
    with pytest.raises(Stopped):
        game.play()
    view = game.view(0)
    mine = game.state.players[0].vars
    placed = {name: die for name, die in mine.items() if die is not None and getattr(die, "kind", None) == "sdie"}
    assert placed
    console = Console(width=100, record=True)
    for board in view_boards(view):
        console.print(board)
    shown = console.export_text()
    for name, die in placed.items():
        face = game.field(die, "shows")
        words = cell_words(view["players"][0]["vars"][name], view)
        assert words == f"{face} {die.title}", words
        assert words[:7] in shown
