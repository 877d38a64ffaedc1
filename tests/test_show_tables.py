"""A variable indexed by an enum (or a record) whose values are not conditions is shown as a table, a
row per element away from its start and a column per holder, on the hot seat's screen and in `play
--show-state` (Diplomacy D7): Ticket to Ride's routes, each claimed by a player, and a Cluedo
notebook per player; at most TABLE_ROWS rows and a last row counting the others."""

from __future__ import annotations

from rich.console import Console
from rulebook.compiler.driver import build_text
from rulebook.runtime.console import TABLE_ROWS, screen
from rulebook.runtime.engine import Game

ROUTES = ["r" + str(i) for i in range(1, 16)]
TICKETS = "enum route { " + ", ".join(f'{r} "Route {r[1:]}"' for r in ROUTES) + " }\n" + """
enum mark { seen "seen", doubt "suspect" }
enum suspect { plum "Prof. Plum", scarlet "Miss Scarlet", mustard "Col. Mustard" }
var claimed[route] "Claimed" global: player;
var note[suspect] "Notebook": mark = none;
var done[route] global: bool;
game tickets {
  seats 2 to 2;
  phase play { each players { may "pass?" {} } }
  winner most 0;
}
"""


def _shown(renderables) -> str:
    console = Console(width=80, record=True)
    for r in renderables:
        console.print(r)
    return console.export_text()


def _game(claimed: int) -> Game:
    game = Game(build_text(TICKETS), 2, 1)
    for i, route in enumerate(ROUTES[:claimed]):
        game.state.gvars[f"claimed[{route}]"] = game.state.players[i % 2]
    game.state.players[1].vars["note[scarlet]"] = "doubt"
    game.state.gvars["done[r2]"] = True
    return game


def test_a_shared_variable_of_an_enum_is_a_table_of_the_routes_claimed_bounded():
    text = _shown(screen(_game(15).view(0), []))
    rows = [line for line in text.splitlines() if line.startswith("│ Route")]
    assert len(rows) == TABLE_ROWS and "│ … 3 more" in text   # 15 claimed: 12 shown
    assert [c.strip() for c in rows[0].split("│")[1:3]] == ["Route 1", "P1"] and "P2" in rows[1]
    assert "Claimed:" not in text and "done: Route 2" in text   # a condition stays one line


def test_a_players_variable_of_an_enum_has_a_column_per_player_and_none_at_the_start_says_so():
    text = _shown(screen(_game(0).view(0), []))
    assert "Claimed: none" in text and "Route 1" not in text
    row = next(line for line in text.splitlines() if "Miss Scarlet" in line)
    assert [c.strip() for c in row.split("│")[2:4]] == ["·", "suspect"]   # you (P1) have no note, P2 suspects her
    assert "you" in text.splitlines()[text.splitlines().index(row) - 2]


def test_show_state_shows_the_tables_too(capsys):
    from rulebook.cli import _print_state

    _print_state(_game(3), "state")
    text = capsys.readouterr().out
    assert "Claimed" in text and "│ Route 3 │ P1 │" in text.replace("  ", " ")
    assert "Prof. Plum" not in text and "Miss Scarlet" in text
