"""A counter only its holder sees (`counter NAME ... hidden;`) or no player's screen shows (`counter NAME
... internal;`), as a variable's `hidden` and `internal` (3.3a): Dune's spice behind each player's shield,
a poker table's "has acted this round". Views, the hot seat's screen and the answers it tells the others,
--show-state, both backends, fmt, explain, and the lints a hidden or internal variable has (E522, W518,
W504, W505, W523, E534) reading a counter alike."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.hidden import hidden_funcs, marks, open_values
from rulebook.dsl import ast as A
from rulebook.runtime.engine import Game
from rulebook.runtime.view import build_view

from .conftest import explained, found_at, printed_back, random_games_agree, run_proc, screens

DUNE = """
counter spice "Spice" hidden from 0 to 99 start 10;
counter turns "Turns taken" internal;
counter vp "Victory points";

proc harvest() {
  choose "harvest how much? (you hold {spice})" {
    option "two" { gain 2 spice; }
    option "five" { gain 5 spice; }
  }
  gain 1 turns;
}
proc bribe() {
  may "pay 3 spice for a point?" { pay 3 spice; gain 1 vp; }
}
game dune {
  seats 2 to 4;
  phase play {
    repeat 3 { each players { harvest(); bribe(); } }
  }
  winner most vp;
}
"""


def test_only_the_holder_sees_a_hidden_counter_and_nobody_an_internal_one():
    g = Game(build_text(DUNE), 2, 1)
    run_proc(g, "harvest", answers=["five"])
    mine, theirs = build_view(g, 0), build_view(g, 1)
    assert mine["players"][0]["stock"]["spice"] == 15
    assert "spice" not in theirs["players"][0]["stock"]           # P2 does not see behind P1's shield
    assert theirs["players"][1]["stock"]["spice"] == 10           # but sees their own
    assert "turns" not in mine["players"][0]["stock"] and "turns" not in theirs["players"][0]["stock"]
    assert mine["players"][0]["stock"]["vp"] == 0 and theirs["players"][0]["stock"]["vp"] == 0   # public as ever
    assert g.state.players[0].stock["spice"] == 15 and g.state.players[0].stock["turns"] == 1   # kept in the state


def test_the_hot_seat_screen_of_another_player_does_not_show_it():
    g = Game(build_text(DUNE), 2, 1)
    run_proc(g, "harvest", answers=["five"])   # P1 holds 15, P2 still 10
    shown = screens(g)
    assert "15" in shown[0] and "15" not in shown[1]
    assert "Turns taken" not in shown[0] + shown[1]


def test_a_prompt_showing_it_is_masked_from_the_others_not_from_its_holder():
    sym = analyse_text(DUNE).symbols
    found = open_values(sym)
    got = {n.title: marks(n.title_parts, found) for d in sym.decls.values() for n in A.walk(d) if type(n) is A.Choose}
    # 'h': the deciding player (its holder) is shown it; the other players are told the answer masked
    assert got["harvest how much? (you hold {spice})"] == "-h-"


def test_both_backends_play_the_same_games():
    random_games_agree(DUNE)


def test_show_state_marks_an_internal_counter(tmp_path):
    (tmp_path / "pack.toml").write_text('name = "dune"\n')
    (tmp_path / "game.rules").write_text(DUNE)
    result = CliRunner().invoke(app, ["play", str(tmp_path), "-n", "2", "--seed", "1", "--show-state"])
    assert result.exit_code == 0, result.output
    assert "Turns taken (internal)" in result.output and "Spice (internal)" not in result.output


def test_fmt_and_explain():
    _module, text = printed_back(DUNE)
    assert 'counter spice "Spice" hidden from 0 to 99 start 10;' in text
    assert 'counter turns "Turns taken" internal;' in text
    analysed = analyse_text(DUNE)
    assert "Hidden: only the player who keeps it sees it." in explained(analysed, "spice")
    assert "Bookkeeping: no player's screen shows it." in explained(analysed, "turns")


def test_internal_and_hidden_stay_names_elsewhere():
    text = "counter internal;\ncounter hidden_ones;\nvar note internal: bool;\n"   # a counter may be named so
    assert not [c for c, *_ in found_at(text) if c.startswith("E")]


@pytest.mark.parametrize("declaration, column", [
    ('counter bank "Bank" global hidden;', 9),
    ("counter seen[1..3] global hidden;", 9),
])
def test_a_global_hidden_counter_is_e522_at_its_name(declaration, column):
    line = DUNE.count("\n") + 1
    found = [d for d in analyse_text(DUNE + declaration + "\n").diagnostics if d.code == "E522"]
    assert [(d.span.line, d.span.column) for d in found] == [(line, column)]
    assert "counter" in found[0].message


def test_a_say_showing_it_is_w518_at_the_read():
    text = DUNE.replace("gain 1 turns;", 'gain 1 turns; say "I hold {spice}";')
    line = next(i for i, t in enumerate(text.split("\n"), start=1) if "I hold" in t)
    column = text.split("\n")[line - 1].rindex("{spice}") + 2
    assert ("W518", line, column) in found_at(text)
    assert "W518" not in [c for c, *_ in found_at(DUNE)]


def test_a_text_showing_an_internal_counter_is_w504_and_the_winner_line_reading_it_w505():
    text = DUNE.replace("gain 1 turns;", 'gain 1 turns; say "turn {turns}";')
    assert "W504" in [c for c, *_ in found_at(text)]
    by_turns = DUNE.replace("winner most vp;", "winner most vp + turns;")
    found = [d for d in analyse_text(by_turns).diagnostics if d.code == "W505"]
    assert found and found[0].message.startswith("counter 'turns'") and (found[0].span.line, found[0].span.column) == (3, 9)


def test_an_offer_reading_another_players_hidden_counter_is_w523():
    text = DUNE.replace('may "pay 3 spice for a point?"',
                        'choose "sabotage?" { option "yes" when some(p in opponents where p.spice > 20) { gain 1 vp; } '
                        'option "no" { } }\n  may "pay 3 spice for a point?"')
    found = [d for d in analyse_text(text).diagnostics if d.code == "W523"]
    assert found and "another player's hidden counter 'spice'" in found[0].message


def test_a_shown_func_reading_a_hidden_counter_is_e534():
    text = DUNE + 'func richest(): int shown "Most spice" = highest(p in players, p.spice);\n'
    assert "richest" in hidden_funcs(analyse_text(text).symbols)
    assert "E534" in [c for c, *_ in found_at(text)]
