"""The toolchain's mends from trial12 (a designer writing Hearts, Small World and Tichu), one test each."""

from __future__ import annotations

from rulebook.runtime.engine import Game

from .conftest import both_built, played, random_games_agree

# Tichu's passing (and a Hearts variant's "one card to each opponent"): each player gives one card of their
# hand to each other player, all chosen in secret at once
GIFTS = """
kind card { n: int; }
card c "C{i}" for each i in 1..12 { n = i; }
zone deck "Deck" of card secret;
zone hand "Hand" per_player of card hidden;
counter held "Cards held";
game gifts {
  seats 3;
  phase play {
    fill deck with card;
    each players: draw 4 from deck to hand;
    each players simultaneously for each q in others_from(you) pick c from hand "give {q} which card?" {
      move c to q.hand;
    }
    each players: gain size(hand) held;
  }
  winner most held;
}
"""


def test_a_card_picked_in_secret_for_one_element_is_not_offered_for_the_next():
    for program in both_built(GIFTS):
        game = Game(program, 3, 1)
        first = game.start()
        assert first.prompt == "give P2 which card?" and first.options == ["C1", "C2", "C3", "C4"]
        second = game.apply("C2")
        # C2 is already given to P2: asked one element at a time, it would have left the hand
        assert second.prompt == "give P3 which card?" and second.options == ["C1", "C3", "C4"]


def test_every_player_ends_with_as_many_cards_as_dealt():
    random_games_agree(GIFTS, seeds=range(1, 9), counts=(3,))
    for program in both_built(GIFTS):
        for seed in range(1, 9):
            game = played(program, seed, 3)
            assert [p.stock["held"] for p in game.state.players] == [4, 4, 4]


# Bridge: the declarer's partner lays out the dummy; `teammate(p)` is another player's teammate, as `left(p)`
# is another player's left neighbour
DUMMY = """
var declarer "Declarer" global: player;
kind card { rank: int; }
card c "C{i}" for each i in 1..8 { rank = i; }
zone deck "Deck" of card secret;
zone hand "Hand" per_player of card hidden;
zone dummy "Dummy" per_player of card;
counter laid "Cards laid";
game bridge {
  seats 4 teams of 2 alternating;
  phase play {
    fill deck with card;
    each players: draw 2 from deck to hand;
    set declarer = all_players[2];
    each teammate(declarer) {
      move all of hand to dummy;
      gain size(dummy) laid;
    }
  }
  winner most laid;
}
"""


def test_teammate_of_a_player_on_both_backends():
    for program in both_built(DUMMY):
        game = played(program, 1, 4)
        assert [p.stock["laid"] for p in game.state.players] == [0, 0, 0, 2]


def test_teammate_of_no_player_is_e303():
    from .conftest import analyse_text

    errors = [d for d in analyse_text(DUMMY.replace("teammate(declarer)", "teammate(3)")).diagnostics
              if d.severity == "error"]
    assert [d.code for d in errors] == ["E303"] and "teammate() takes a player" in errors[0].message


def test_an_enum_members_title_after_its_values_says_where_the_title_goes():
    from pathlib import Path

    from rulebook.compiler.driver import analyse_file

    bad = Path(__file__).parent / "malformed" / "enum_member_title_after_values.rules"
    [finding] = analyse_file(bad).diagnostics
    assert finding.code == "E100" and (finding.span.line, finding.span.column) == (7, 47)
    assert "an enum member's title comes right after its name, before its values" in finding.message


def test_another_players_teammate_read_as_a_field_is_told_the_call():
    from pathlib import Path

    from rulebook.compiler.driver import analyse_file

    bad = Path(__file__).parent / "malformed" / "teammate_of_a_player_as_a_field.rules"
    [finding] = analyse_file(bad).diagnostics
    assert finding.code == "E202" and (finding.span.line, finding.span.column) == (6, 21)
    assert "turn.teammate is no field of a player: write 'teammate(turn)'" in finding.message
