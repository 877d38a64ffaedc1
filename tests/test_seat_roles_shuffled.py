"""`seats LOW to HIGH roles R1, R2, ... shuffled;` (3.17): the roles a rulebook gives by the number of players,
the first as many as seats, dealt at random. Avalon's table (5 players: 3 loyal servants of Arthur and 2 minions
of Mordred; 6: 4/2; 7: 4/3; 8: 5/3; 9: 6/3; 10: 6/4) written once in the order a larger table adds to it; its
misuse (E676, W657, a misspelt word), fmt, explain, an amend of the seats line and both backends."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.engine import Game

from .conftest import explained, found_at, parse_error, printed_back, random_games_agree

AVALON_TABLE = {5: (3, 2), 6: (4, 2), 7: (4, 3), 8: (5, 3), 9: (6, 3), 10: (6, 4)}

AVALON = """
counter quests "Quests won" hidden from 0 to 5;
role good "Loyal Servant of Arthur" shared hidden { }
role evil "Minion of Mordred" shared hidden known to holders { }
game avalon "Avalon" {
  seats 5 to 10 roles good, good, good, evil, evil, good, evil, good, good, evil shuffled;
  phase play {
    repeat 2 {
      each players: if you is good { gain 1 quests; }
    }
  }
  winner most quests;
}
"""


@pytest.fixture(scope="module", params=[False, True], ids=["compiled", "interpreted"])
def avalon(request):
    return build_text(AVALON, interpreted=request.param)


def dealt(program, players: int, seed: int) -> list[str]:
    game = Game(program, players, seed)
    return [game.role_of(p).name for p in game.state.players]


@pytest.mark.parametrize("players", sorted(AVALON_TABLE))
def test_each_table_is_dealt_the_rulebooks_roles_for_its_size(avalon, players):
    for seed in range(1, 4):
        roles = dealt(avalon, players, seed)
        assert (roles.count("good"), roles.count("evil")) == AVALON_TABLE[players], (players, seed)


def test_the_deal_is_at_random_by_the_seed_and_alike_on_both_backends(avalon):
    deals = {tuple(dealt(avalon, 7, seed)) for seed in range(1, 13)}
    assert len(deals) > 3   # the seats get different roles from one seed to another
    assert dealt(avalon, 7, 5) == dealt(avalon, 7, 5)


def test_both_backends_deal_the_same_roles_for_a_seed():
    compiled, interpreted = (build_text(AVALON, interpreted=i) for i in (False, True))
    assert all(dealt(compiled, n, s) == dealt(interpreted, n, s) for n in (5, 9) for s in range(1, 4))


def test_random_games_agree_on_both_backends():
    random_games_agree(AVALON, seeds=range(1, 4), counts=(5, 8, 10))


def test_shuffled_prints_back_and_explain_says_how_the_roles_are_dealt():
    _module, printed = printed_back(AVALON)
    assert "seats 5 to 10 roles good, good, good, evil, evil, good, evil, good, good, evil shuffled;" in printed
    result = analyse_text(AVALON)
    assert not [d for d in result.diagnostics if d.severity != "info"]
    said = " ".join(explained(result, "avalon").split())
    assert ("Roles dealt at random as the game starts, one a seat, from the first as many as there are seats of: "
            "Loyal Servant of Arthur, ") in said and "(with 5 players the first 5)" in said
    plain = " ".join(explained(analyse_text(AVALON.replace(" shuffled;", " at random;")), "avalon").split())
    assert "(with fewer seats, some are not dealt)" in plain
    ordered = AVALON.replace("seats 5 to 10 roles good, good, good, evil, evil, good, evil, good, good, evil shuffled;",
                             "seats 2 roles good, evil;")
    assert "The seats' roles, in seat order: Loyal Servant of Arthur and Minion of Mordred." in \
        " ".join(explained(analyse_text(ordered), "avalon").split())


def test_shuffled_with_fewer_roles_than_the_most_seats_is_e676_at_the_last_role():
    short = AVALON.replace("good, good, evil shuffled;", "good shuffled;")
    found = [d for d in analyse_text(short).diagnostics if d.code == "E676"]
    assert len(found) == 1 and "8 roles are listed for up to 10 seats" in found[0].message
    assert "list 2 more" in found[0].hint
    line = short.splitlines()[5]
    assert (found[0].span.line, found[0].span.column) == (6, line.index("good shuffled") + 1)


def test_roles_past_the_most_seats_are_w657_in_order_or_shuffled_and_not_at_random():
    longer = AVALON.replace("good, evil shuffled;", "good, evil, good shuffled;")
    line = longer.splitlines()[5]
    assert ("W657", 6, line.index("good shuffled") + 1) in found_at(longer)
    ordered = AVALON.replace("seats 5 to 10 roles good, good, good, evil, evil, good, evil, good, good, evil shuffled;",
                             "seats 2 roles good, evil, evil;")
    assert [c for c, _l, _c in found_at(ordered) if c == "W657"] == ["W657"]
    anyone = AVALON.replace("good, evil shuffled;", "good, evil, good at random;")
    assert not [c for c, _l, _c in found_at(anyone) if c in ("W657", "E676")]


def test_a_misspelt_shuffled_is_e100_with_did_you_mean():
    found = parse_error("game g { seats 2 roles a, b shufled; }\n")
    assert (found.code, found.span.column) == ("E100", 29) and "did you mean 'shuffled'" in found.hint


def test_an_amend_deals_the_roles_shuffled_and_prints_back():
    house = AVALON.replace(" shuffled;", ";") + \
        "amend avalon { seats 5 to 10 roles good, good, good, evil, evil, good, evil, good, good, evil shuffled; }\n"
    _module, printed = printed_back(house)
    assert "amend avalon {\n  seats 5 to 10 roles good, good, good, evil, evil, good, evil, good, good, evil shuffled;" in printed
    program = build_text(house)
    deals = {tuple(dealt(program, 5, seed)) for seed in range(1, 9)}
    assert len(deals) > 1 and all(d.count("evil") == 2 for d in deals)   # without the amend: always seats 4 and 5


def test_a_hidden_role_revealed_is_seen_by_every_player_on_both_backends():
    text = AVALON.replace("each players: if you is good { gain 1 quests; }",
                          "each players: if you is good { gain 1 quests; } else { reveal role_of(you); }")
    for interpreted in (False, True):
        game = Game(build_text(text, interpreted=interpreted), 5, 2)
        roles = [game.role_of(p).name for p in game.state.players]
        before = {viewer: [bool(q["zones"]["role.held"].get("items") or q["zones"]["role.held"].get("known"))
                           for q in game.view(viewer)["players"]] for viewer in range(5)}
        game.play()
        after = {viewer: [bool(q["zones"]["role.held"].get("items") or q["zones"]["role.held"].get("known"))
                          for q in game.view(viewer)["players"]] for viewer in range(5)}
        for viewer in range(5):   # a good player saw only their own role; now every minion's too
            if roles[viewer] == "good":
                assert before[viewer] == [seat == viewer for seat in range(5)]
            assert after[viewer] == [seat == viewer or roles[seat] == "evil" for seat in range(5)]
