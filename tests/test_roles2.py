"""A hidden side whose holders do not know each other (3.17): `role loyal "Resistance" shared hidden { }` keeps
who holds the role, and its state, to each holder alone, and `known to holders` after `hidden` lets the holders of
a hidden side see each other (The Resistance's spies). Before, every hidden side's holders saw each other, so a
loyal player's screen showed the other loyal players' role and told them the spies by elimination."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.engine import Game
from rulebook.runtime.view import build_view

from .conftest import explained, found_at, parse_error, printed_back, random_games_agree, screens

# The Resistance (simplified), as docs/language.md 3.17 writes it: the spies know each other, the resistance
# knows nobody; each player's score hidden (a public score only the loyal gained would tell who is loyal).
RESISTANCE = """
counter vp "VP" hidden from 0 to 9;
role spy "Spy" shared hidden known to holders {
  counter sabotage "Sabotage" from 0 to 9;
  var target "Target" hidden: bool = false;
}
role loyal "Resistance" shared hidden {
  counter trust "Trust" hidden from 0 to 9;
}
proc mission() {
  if you is spy {
    gain 1 sabotage;
    set target = true;
  }
  if you is loyal {
    gain 1 vp;
    gain 1 trust;
  }
}
game resistance "The Resistance" {
  seats 4 roles spy, spy, loyal, loyal at random;
  phase play {
    repeat 2 {
      each players: mission();
    }
  }
  winner most vp;
}
"""


def started(interpreted: bool = False, seed: int = 3) -> tuple:
    """A 4-player game of RESISTANCE (it asks nothing: played out at its start), and each seat's role."""
    g = Game(build_text(RESISTANCE, interpreted=interpreted), 4, seed)
    g.start()
    return g, [g.role_of(p).name for p in g.state.players]


@pytest.mark.parametrize("interpreted", [False, True])
def test_a_loyal_players_screen_shows_no_other_players_role(interpreted):
    g, roles = started(interpreted)
    for seat in (i for i, r in enumerate(roles) if r == "loyal"):
        screen = screens(g, seats=(seat,))[0]
        assert screen.count("Role 1 hidden") == 3   # the fellow loyal player's role too: no spy by elimination
        assert "Spy" not in screen and "Sabotage" not in screen and "Target" not in screen
        assert "your Role: [Resistance]" in screen and "Role [Resistance]" not in screen.replace("your Role", "")


@pytest.mark.parametrize("interpreted", [False, True])
def test_the_spies_still_see_each_other_and_each_others_hidden_state(interpreted):
    g, roles = started(interpreted)
    spies = [i for i, r in enumerate(roles) if r == "spy"]
    for seat in spies:
        screen = screens(g, seats=(seat,))[0]
        assert screen.count("Role [Spy]") == 1 and screen.count("Role 1 hidden") == 2   # the other spy; not the loyal
        assert "Resistance" not in screen
    view = build_view(g, spies[0])["players"]
    assert [p["zones"]["role.held"].get("items") is not None for p in view] == [r == "spy" for r in roles]


def test_a_hidden_sides_state_is_each_holders_alone_unless_known_to_holders():
    g, roles = started()   # the game has no decision: it is played out, each loyal player with 2 trust
    loyal = [i for i, r in enumerate(roles) if r == "loyal"]
    spies = [i for i, r in enumerate(roles) if r == "spy"]
    trust = [("trust" in p["stock"]) for p in build_view(g, loyal[0])["players"]]
    assert trust == [i == loyal[0] for i in range(4)]   # its own trust only, not the other loyal player's
    sabotage = [("sabotage" in p["stock"]) for p in build_view(g, spies[0])["players"]]
    assert sabotage == [r == "spy" for r in roles]      # a spy sees the other spy's sabotage


def test_a_hidden_side_plays_alike_on_both_backends():
    random_games_agree(RESISTANCE, seeds=range(1, 3), counts=(4,))


def test_known_to_holders_prints_back_and_explain_reads_both_kinds_of_side():
    _module, printed = printed_back(RESISTANCE)
    assert 'role spy "Spy" shared hidden known to holders {' in printed
    assert 'role loyal "Resistance" shared hidden {' in printed
    result = analyse_text(RESISTANCE)
    assert not [d for d in result.diagnostics if d.severity != "info"]
    spy, loyal = explained(result, "spy"), explained(result, "loyal")
    assert "its holders know each other" in spy and "seen by its holders alone, who see each other" in spy
    assert "none of them sees another's, nor who else holds it" in loyal and "seen by its holder alone" in loyal
    assert "know each other" not in loyal


def test_known_to_holders_on_a_role_not_hidden_is_e571_at_the_word():
    found = parse_error('role detective "Detective" shared known to holders { }\n')
    assert (found.code, found.span.line, found.span.column) == ("E571", 1, 35) and "not 'hidden'" in found.message


def test_known_to_holders_on_a_lone_role_is_w565():
    text = RESISTANCE.replace('role loyal "Resistance" shared hidden {', 'role loyal "Resistance" hidden known to holders {') \
        .replace("seats 4 roles spy, spy, loyal, loyal at random;", "seats 3 roles spy, spy, loyal at random;")
    assert ("W565", 7, 32) in found_at(text)   # at `known to holders`, the words that change nothing
    assert not [c for c, _l, _c in found_at(RESISTANCE) if c in ("W565", "E571")]


def test_a_misspelt_known_or_holders_is_e100_with_did_you_mean():
    known = parse_error('role spy "Spy" shared hidden knwon to holders { }\n')
    assert (known.code, known.span.column) == ("E100", 30) and "did you mean 'known'" in known.hint
    holders = parse_error('role spy "Spy" shared hidden known to holder { }\n')
    assert (holders.code, holders.span.column) == ("E100", 39) and "did you mean 'holders'" in holders.hint


def test_known_to_holders_on_a_card_of_a_packs_own_kind_role_is_e570():
    card = parse_error('kind role { }\nrole duke "Duke" known to holders * 3 { }\n')
    assert (card.code, card.span.line, card.span.column) == ("E570", 2, 18) and "'known to holders'" in card.message
