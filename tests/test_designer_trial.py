"""What the session's trial (a designer new to the language writing The Resistance, 6 nimmt! and Uno) mended:
an enum field given its member by the copy's number, the E100 of a draw's `where` written after its
destination, and W547, a simultaneous pick whose `where` reads the picker's own hidden state."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game

from .conftest import both_built, parse_error

LOST_CITIES = """
enum colour { red "Red", green "Green", blue "Blue" }
kind card { colour: colour; value: int = 0; }
zone deck of card;
card wager "{colour.title} Wager" * 6 { colour = [red, green, blue][(copy_number - 1) / 2 + 1]; }
card number "{colour.title} {value}" * 3 { colour = [red, green, blue][copy_number]; value = copy_number + 1; }
counter vp;
game g { seats 2 to 2; phase setup { fill deck with card; } winner most vp; }
"""


def test_an_enum_field_takes_its_member_from_a_list_by_the_copys_number_on_both_backends():
    assert [d.code for d in analyse_text(LOST_CITIES).diagnostics if d.severity != "info"] == []
    for program in both_built(LOST_CITIES):
        game = Game(program, 2, 1)
        shown = [(e.title, e.fields["colour"]) for e in program.entities.values()]
        assert shown == [("Red Wager", "red"), ("Red Wager", "red"), ("Green Wager", "green"),
                         ("Green Wager", "green"), ("Blue Wager", "blue"), ("Blue Wager", "blue"),
                         ("Red 2", "red"), ("Green 3", "green"), ("Blue 4", "blue")]
        game.play()   # the copies deal and play as any cards
        assert len(game.zone(None, "deck").items) == 9


def test_an_enum_field_from_a_list_names_members_only_and_no_copy_past_the_list():
    misspelt = analyse_text(LOST_CITIES.replace("[red, green, blue][copy_number]", "[red, gren, blue][copy_number]"))
    found = [d for d in misspelt.diagnostics if d.severity == "error"]   # the title it shows is not said wrong too
    assert [(d.code, d.message, d.hint, d.span.line, d.span.column) for d in found] == [
        ("E303", "gren is not a colour (one of red, green, blue)", "did you mean 'green'?", 6, 59)]
    short = analyse_text(LOST_CITIES.replace("[red, green, blue][copy_number]", "[red, green][copy_number]"))
    [found] = [d for d in short.diagnostics if d.severity == "error"]
    assert found.code == "E303" and "cannot be worked out for copy 3" in found.message


def test_a_draws_where_after_its_destination_is_placed_before_to():
    found = parse_error("kind card { fail: bool; }\nzone deck of card;\nzone hand per_player of card;\n"
                        "proc p() {\n  draw 2 from deck to hand where it.fail;\n}\n")
    assert (found.code, found.span.line, found.span.column) == ("E100", 5, 28)
    assert found.message == ("a draw's 'where' tests the items of the zone it takes from, so it comes before 'to', "
                             "not after the zone they go to")
    assert found.hint == "write 'draw 2 from deck where it.fail to hand;'"
    moved = parse_error("kind card { fail: bool; }\nzone deck of card;\nzone hand per_player of card;\n"
                        "proc p() {\n  each players: move all of hand to deck where it.fail;\n}\n")
    assert moved.hint == "write 'move all of hand where it.fail to deck;'"
    # a list filtered alone still says so
    alone = parse_error("counter c;\nfunc targets() = opponents where c == 0;\n")
    assert alone.message.startswith("'where' filters a domain where something goes over it")


WEREWOLF = """
enum night { sleep "Sleep", hunt "Hunt" }
kind role_card { wolf: bool; cost: int = 0; }
zone identity per_player of role_card hidden;
zone hand per_player of role_card hidden;
var sided "Side" hidden: bool = false;
counter hunts global;
counter coins;
func is_wolf(): bool = some(c in identity where c.wolf);
proc night_falls() {
  each players simultaneously pick a from night where a == sleep or is_wolf() "what do you do tonight?" {
    if a == hunt { gain 1 hunts; }
  }
}
"""


def warnings(text: str) -> list[tuple]:
    return [(d.code, d.span.line, d.span.column) for d in analyse_text(text).diagnostics if d.code == "W547"]


def test_a_simultaneous_picks_where_reading_the_pickers_hidden_state_is_w547():
    assert warnings(WEREWOLF) == [("W547", 11, 69)]
    [found] = [d for d in analyse_text(WEREWOLF).diagnostics if d.code == "W547"]
    assert found.message.startswith("a simultaneous pick's 'where' reads the picker's own hidden zone 'identity' "
                                    "(through is_wolf())")
    # a hidden variable read straight
    assert warnings(WEREWOLF.replace("where a == sleep or is_wolf()", "where a == sleep or sided")) == [("W547", 11, 69)]
    # the candidate's own fields, a hand's size, a public counter: nobody learns more from who is asked
    for where in ("where a == sleep or coins > 2", "where a == sleep or size(hand) > 1"):
        assert warnings(WEREWOLF.replace("where a == sleep or is_wolf()", where)) == [], where
    own_hand = WEREWOLF + "proc buy() {\n  each players simultaneously pick c from hand where c.cost <= coins { }\n}\n"
    assert warnings(own_hand) == [("W547", 11, 69)]
    # one player picking alone is no simultaneous pick: W547 says nothing
    alone = WEREWOLF.replace("each players simultaneously pick", "pick")
    assert warnings(alone) == []


def test_w547_can_be_allowed_where_the_designer_accepts_what_it_tells():
    allowed = WEREWOLF.replace('"what do you do tonight?" {', '"what do you do tonight?" {  # lint: allow W547')
    assert warnings(allowed) == [] and not [d for d in analyse_text(allowed).diagnostics if d.code == "W531"]


CRAZY_EIGHTS = """
kind card { suit: str; }
zone stock of card secret refills from discards;
zone discards of card secret top public;
func fits(c: card): bool = c.suit == first(discards).suit;
"""


def w548(text: str) -> list:
    return [d for d in analyse_text(text).diagnostics if d.code == "W548"]


def test_a_deck_refilling_from_the_pile_whose_card_in_play_the_rules_read_is_w548():
    [found] = w548(CRAZY_EIGHTS)
    assert (found.span.line, found.span.column) == (3, 40)
    assert found.message == ("zone 'stock' refills from 'discards', whose first card the rules read (first(discards)): "
                             "every card of it is shuffled in, that one too")
    for read in ("last(discards).suit", "discards[1].suit"):
        assert len(w548(CRAZY_EIGHTS.replace("first(discards).suit", read))) == 1, read
    per_player = ("kind card { suit: str; }\nzone deck per_player of card secret refills from discard;\n"
                  "zone discard per_player of card;\nfunc shown(p: player): card = last(p.discard);\n")
    assert len(w548(per_player)) == 1
    # Dominion: the discard pile shows its top card and is reshuffled whole; no rule reads it
    assert w548(CRAZY_EIGHTS.replace("first(discards).suit", "\"spades\"")) == []
    # the card in play kept apart (Uno's `pile`): no finding
    apart = CRAZY_EIGHTS.replace("first(discards)", "first(showing)") + "zone showing of card;\n"
    assert w548(apart) == []


def test_the_uno_pack_keeps_the_card_showing_when_the_draw_pile_is_reshuffled():
    from pathlib import Path

    from rulebook.compiler.driver import compile_pack
    from .conftest import run_proc

    program = compile_pack(str(Path(__file__).parent / "packs" / "uno")).program
    game = Game(program, 2, 1)
    cards = [e for e in program.entities.values() if e.kind == "card"]
    for e in cards[:-1]:
        game.move(e, game.zone(None, "discard"))
    game.move(cards[-1], game.zone(None, "pile"))
    game.state.gvars["colour_now"] = "red"
    game.state.gvars["current"] = game.state.players[0]
    run_proc(game, "turn", answers=[])   # P1 holds nothing: draws, from the discards shuffled in
    assert [c.name for c in game.zone(None, "pile").items] == [cards[-1].name]
    assert len(game.zone(None, "deck").items) + len(game.zone(game.state.players[0], "hand").items) == 107


def test_explain_groups_the_division_a_remainder_is_taken_of():
    from .conftest import explained

    text = ("kind card { value: int; }\ncard digit \"{value}\" * 18 { value = (copy_number - 1) / 2 % 9 + 1; }\n"
            "func spread(n: int): int = n / 2 % 9;\nfunc simple(n: int): int = n % 9;\n")
    result = analyse_text(text)
    assert "Value: (the remainder of ((the copy's number minus 1) divided by 2 (rounded down)) divided by 9) plus 1" \
        in explained(result, "digit")
    assert "the remainder of (n divided by 2 (rounded down)) divided by 9" in explained(result, "spread")
    assert "the remainder of n divided by 9" in explained(result, "simple")


def test_a_role_dealt_to_several_seats_points_to_a_shared_role():
    # (a hidden card dealt to each player was the way before `role NAME shared`, branch roles)
    text = ('role spy "Spy" { }\nrole loyal "Resistance" { }\ncounter won;\n'
            "game r { seats 5 to 5 roles spy, spy, loyal, loyal, loyal at random; winner most won; }\n")
    found = [d for d in analyse_text(text).diagnostics if d.code == "E427"]
    assert [(d.span.line, d.span.column) for d in found] == [(4, 34), (4, 46), (4, 53)]
    assert found[0].hint.startswith("seat 1 holds it already; a side several players hold")
    assert "'role spy shared { ... }'" in found[0].hint
    shared = analyse_text(text.replace('role spy "Spy" { }', 'role spy "Spy" shared { }')
                          .replace('role loyal "Resistance" { }', 'role loyal "Resistance" shared { }'))
    assert not [d for d in shared.diagnostics if d.code == "E427"]


def test_explain_reads_last_as_the_bottom_card_not_as_a_pack_func():
    from .conftest import explained

    text = ("kind card { value: int; }\nzone row[1..4] of card;\n"
            "func tail(r: int): int = last(row[r]).value;\nfunc head(r: int): int = first(row[r]).value;\n")
    result = analyse_text(text)
    assert explained(result, "tail").splitlines()[-1].strip() == "Equals the last of the row (r)'s value."
    assert explained(result, "head").splitlines()[-1].strip() == "Equals the first of the row (r)'s value."


def test_explain_groups_a_matchs_case_that_reads_with_commas():
    from .conftest import explained

    text = ("counter mission global;\nfunc team_size(): int = match player_count { 5: [2, 3, 2][mission], "
            "else: [3, 4, 4][mission] };\nfunc spies(): int = match player_count { 5: 2, 6: 2, else: 3 };\n")
    result = analyse_text(text)
    assert explained(result, "team_size").splitlines()[-1].strip() == (
        "Equals depending on the number of players: (2, 3 or 2 as the mission is 1, 2 or 3) if it is 5 "
        "or (3, 4 or 4 as the mission is 1, 2 or 3) otherwise.")
    assert explained(result, "spies").splitlines()[-1].strip() == (
        "Equals depending on the number of players: 2 if it is 5, 2 if it is 6 or 3 otherwise.")
