"""What a newcomer tripped on (branch trial34): a card declared `card NAME` where the pack's kind is `item`
(Hanamikoji) is E204 with the hint of how a card of that kind is declared, a misspelt kind keeping its
did-you-mean; `pick t from storage alike where ...` (Castles of Burgundy) is E100 saying that `where` comes
before `alike`; `"{s} {r}"` in the title of a `for each s in suit` (Gin Rummy) is E303 saying that the member
itself is shown by its title."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text

from .conftest import found_at


def test_a_card_declared_with_the_word_card_is_told_to_start_with_its_kind():
    text = 'kind item { v: int; }\ncard purple_item "Purple item" * 2 { v = 1; }\n'
    assert found_at(text) == [("E204", 2, 1)]
    (d,) = analyse_text(text).diagnostics
    assert "a card's declaration starts with the name of its kind" in d.message
    assert d.hint == "'item purple_item ...' declares a card of kind item"


def test_a_misspelt_kind_keeps_its_did_you_mean():
    (d,) = analyse_text("kind tile { w: int; }\ntil t1 { w = 1; }\n").diagnostics
    assert d.code == "E204" and "did you mean 'tile'?" in str(d.hint) + d.message


def test_alike_before_where_in_a_pick_is_told_the_order():
    text = ('kind tile { v: int; }\nzone storage per_player of tile;\n'
            'proc p() { pick t from storage alike where t.v > 1 "which?" { move t to storage; } }\n')
    (d,) = analyse_text(text).diagnostics
    assert (d.code, d.span.line, d.span.column) == ("E100", 3, 38)
    assert "in a pick, 'where' comes before 'alike'" in d.message
    assert d.hint == "move 'alike' after the condition: 'pick t from storage where COND alike ...'"
    # the list standing alone keeps its own message
    (d,) = analyse_text("proc q() { let xs = opponents where true; }\n").diagnostics
    assert "not a list standing alone" in d.message


def test_a_for_each_member_shown_bare_in_a_title_is_told_to_show_its_title():
    text = ('enum suit { hearts "Hearts", spades "Spades" }\nkind card { suit: suit; rank: int; }\n'
            'card playing_card "{s} {r}" for each s in suit, r in 1..2 { suit = s; rank = r; }\n')
    found = analyse_text(text).diagnostics
    assert [(d.code, d.span.line) for d in found] == [("E303", 3), ("E303", 3)]   # one per member
    assert "not the suit 'hearts' itself" in found[0].message and "'{s.title}'" in found[0].hint
    assert analyse_text(text.replace('"{s} {r}"', '"{s.title} {r}"')).diagnostics == []
