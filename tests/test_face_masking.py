"""What a prompt shows of pieces seen item by item (branch hidden2): Stratego with its move written with the
rank of the piece moved (`as "{first(at[m.src]).rank} ..."`). A value read from a piece's face (`ITEM.FIELD` of a
zone `seen by FIELD` or `hidden from FIELD`) is shown to whoever sees that piece's face when it is filled in: its
side in its own prompt, and the other player too once an attack has revealed it; masked from the others (the
checker marks it 'f', both backends pass the pieces with the value). W619: a pick that keeps only pieces whose
face the picker never sees."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.compiler.hidden import open_values
from rulebook.runtime.engine import Game
from rulebook.runtime.view import shown_prompt, told, told_label

from .conftest import found_at, on_both_backends, build_text, run_proc
from .test_stratego_pack import board, square

STRATEGO = (Path(__file__).parent / "packs" / "stratego" / "stratego.rules").read_text()
MOVE = 'pick m from options "move which piece where?" {'
LABELLED = STRATEGO.replace(MOVE, 'pick m from options "move which piece where?" as "{first(at[m.src]).rank} moves" {')
# the same rank, asked in a prompt of its own after the move is picked (an attack's own question)
ASKED = LABELLED.replace('''  if size(options) == 0 {''', '''  if size(options) == 1 {
    may "move your {first(at[first(options).src]).rank}, {first(at[first(options).dst]).rank} in its way?" { }
  }
  if size(options) == 0 {''')
assert LABELLED != STRATEGO and ASKED != LABELLED

program = on_both_backends(lambda interpreted: build_text(LABELLED, interpreted=interpreted))


def first_question(game: Game, seat: int):
    """The first question of `turn` for the player in `seat` (1 or 2)."""
    return game.program.procs["turn"](game, game.state.players[seat - 1]).send(None)


def test_the_rank_of_ones_own_piece_is_shown_to_its_side_and_masked_from_the_other(program):
    game = board(Game(program, 2, 1), {(1, 4): (1, "scout"), (1, 7): (2, "marshal"), (9, 9): (2, "flag")})
    d = first_question(game, 1)
    labels = [told_label(game, 0, label, value, own=True) for label, value in zip(d.options, d.values)]
    assert len(labels) == 15 and all(label.startswith("Scout moves (") for label in labels)   # 9 up, 6 across
    assert all(told_label(game, 1, label, value).startswith("… moves") for label, value in zip(d.options, d.values))


def test_once_revealed_the_rank_is_told_to_both(program):
    game = board(Game(program, 2, 1), {(1, 4): (1, "scout"), (1, 7): (2, "marshal"), (9, 9): (2, "flag")})
    run_proc(game, "strike", _move((1, 4), (1, 7)))   # the scout attacks the marshal: both revealed, it is taken
    d = first_question(game, 2)   # the marshal, revealed, moves: both see its rank
    assert [told_label(game, i, d.options[0], d.values[0], own=i == 1) for i in (0, 1)] == ["Marshal moves (1 of 3)"] * 2


def _move(src: tuple, dst: tuple):
    """A move_ record from src to dst."""
    from rulebook.runtime.state import Record
    return Record("move_", {"src": square(*src), "dst": square(*dst)})


def test_a_prompt_of_ones_own_and_the_opponents_rank():
    for built in (build_text(ASKED), build_text(ASKED, interpreted=True)):
        game = board(Game(built, 2, 1), {(1, 1): (1, "bomb"), (1, 4): (1, "scout"), (1, 5): (2, "miner"),
                                         (9, 9): (2, "flag"), (2, 4): (1, "bomb"), (1, 3): (1, "bomb")})
        d = first_question(game, 1)   # the scout's one move: onto the miner
        assert d.prompt == "move your Scout, Miner in its way?"
        assert shown_prompt(game, d) == "move your Scout, … in its way?"   # its side sees its own scout only
        assert told(game, 1, d.prompt) == "move your …, Miner in its way?"   # the other sees their miner only


def test_the_checker_marks_face_reads_and_leaves_others_as_they_were():
    result = analyse_text(LABELLED)
    faces = {}
    found = open_values(result.symbols, faces)
    assert sorted(found.values()).count("f") == 1 and len(faces) == 1
    # the plain pack (no face read in a prompt) has none
    assert "f" not in open_values(analyse_text(STRATEGO).symbols).values()


W619_BASE = """kind piece { rank: int; side: player = none; }
piece soldier "Soldier" * 4 { rank = 1; }
zone at[1..4] of piece seen by side;
zone table of piece hidden from side;
counter won;
game g { seats 2; phase play { each players: turn(); } winner most won; }
"""


@pytest.mark.parametrize("body, found", [
    ('pick c from gather(i in 1..4, at[i]) where c.side != you "which?" { gain 1 won; }', [("W619", 8, 46)]),
    ('pick c from table where c.side == you and c.rank > 0 "which?" { gain 1 won; }', [("W619", 8, 27)]),
    # the picker's own pieces, and the other's on a table hidden from them: seen, no warning
    ('pick c from gather(i in 1..4, at[i]) where c.side == you "which?" { gain 1 won; }', []),
    ('pick c from table where c.side != you "which?" { gain 1 won; }', []),
    # revealed somewhere: the options read what the picker knows
    ('pick c from table where c.side == you "which?" { gain 1 won; }\n  look table;', []),
    # W620: the rank read of pieces not kept to those the picker sees (the options offered tell it)
    ('pick c from gather(i in 1..4, at[i]) where c.rank > 1 "which?" { gain 1 won; }', [("W620", 8, 46)]),
    ('pick c from table where c.side != you or c.rank > 1 "which?" { gain 1 won; }', [("W620", 8, 44)]),
    ('pick c from gather(i in 1..4, at[i]) where c.side == you and c.rank > 1 "which?" { gain 1 won; }', []),
    ('pick c from table where c.rank > 1 and c.side != you "which?" { gain 1 won; }', []),
    ('pick c from gather(i in 1..4, at[i]) where c.side != none "which?" { gain 1 won; }', []),   # the side is shown
])
def test_w619_w620_a_pick_of_faces_its_picker_never_sees_or_filtered_by_them(body, found):
    text = W619_BASE + "proc turn() {\n  " + body + "\n}\n"
    assert [f for f in found_at(text) if f[0] in ("W619", "W620", "W421", "W534")] == found


def test_w619_says_what_to_do():
    text = W619_BASE + 'proc turn() {\n  pick c from table where c.side == you "which?" { gain 1 won; }\n}\n'
    d = next(d for d in analyse_text(text).diagnostics if d.code == "W619")
    assert "'table'" in d.message and "hidden from side" in d.message and "reveal" in d.hint


# W619/W620 of a `choose` in the body of a pick or `for each` over pieces seen item by item (hidden3): an option's
# guard (or, among faces never seen, its label) reading the loop's item's face
def _option(loop: str, option: str) -> str:
    return f'{loop} {{\n    choose "now?" {{ {option} {{ gain 1 won; }} option "wait" {{ }} }}\n  }}'


ON_BOARD = "for each c in gather(i in 1..4, at[i])"


@pytest.mark.parametrize("body, found", [
    # the opponent's pieces: an option offered by their rank, or labelled with it (shown masked)
    (_option(ON_BOARD + " where c.side != you", 'option "attack" when c.rank > 1'), [("W619", 9, 42)]),
    (_option(ON_BOARD + " where c.side != you", 'option "attack the {c.rank}"'), [("W619", 9, 41)]),
    # every piece: the guard tells the rank of the opponent's; a label is masked per viewer (no warning)
    (_option(ON_BOARD, 'option "attack" when c.rank > 1'), [("W620", 9, 42)]),
    (_option(ON_BOARD, 'option "attack the {c.rank}"'), []),
    # one's own pieces: seen, no warning; nor when the guard reads the side, which everyone sees
    (_option(ON_BOARD + " where c.side == you", 'option "attack" when c.rank > 1'), []),
    (_option(ON_BOARD, 'option "attack" when c.side == you'), []),
    # a pick's item alike (the table hidden from its side: the pick's own W619 at the where, the guard's too)
    (_option('pick c from table "which?"', 'option "keep" when c.rank > 1'), [("W620", 9, 40)]),
    (_option('pick c from table where c.side == you "which?"', 'option "keep" when c.rank > 1'),
     [("W619", 8, 27), ("W619", 9, 40)]),
    (_option('pick c from table where c.side != you "which?"', 'option "keep" when c.rank > 1'), []),
    # revealed somewhere: what is offered reads what the chooser knows
    (_option(ON_BOARD, 'option "attack" when c.rank > 1') + "\n  look at[1];", []),
])
def test_w619_w620_a_choose_whose_options_read_faces_the_chooser_does_not_see(body, found):
    text = W619_BASE + "proc turn() {\n  " + body + "\n}\n"
    assert [f for f in found_at(text) if f[0] in ("W619", "W620", "W421", "W534")] == found


def test_w619_of_an_option_says_what_it_reads():
    text = W619_BASE + "proc turn() {\n  " + _option(ON_BOARD + " where c.side != you",
                                                     'option "attack" when c.rank > 1') + "\n}\n"
    d = next(d for d in analyse_text(text).diagnostics if d.code == "W619")
    assert "option's guard reads the rank of c" in d.message and "'at'" in d.message and "reveal" in d.hint


# hidden3: a value a player picked among candidates shown them by value (a move worked out from their own pieces'
# faces by a func, through a local) is theirs to see in their own label and later prompts ('h'), masked from the others
PICKED = STRATEGO.replace(MOVE, 'pick m from options "move which piece where?" as "go {m}" {\n    may "really {m}?" { }')
assert PICKED != STRATEGO


def test_the_move_picked_from_moves_of_you_is_shown_to_its_picker_and_masked_from_the_other():
    found = open_values(analyse_text(PICKED).symbols)
    assert sorted(found.values()) == ["h", "h", "v"]   # the label's {m}, the may's {m}; the may's prompt before
    for built in (build_text(PICKED), build_text(PICKED, interpreted=True)):
        game = board(Game(built, 2, 1), {(1, 4): (1, "scout"), (1, 7): (2, "marshal"), (9, 9): (2, "flag")})
        d = first_question(game, 1)
        assert d.options[0] == "go 1-4 to 1-5"
        assert [told_label(game, i, d.options[0], d.values[0], own=i == 0) for i in (0, 1)] == ["go 1-4 to 1-5", "go …"]
        question = game.program.procs["turn"](game, game.state.players[0])
        question.send(None)
        asked = question.send(0)   # the scout's step: the may after it
        assert asked.prompt == "really 1-4 to 1-5?"
        assert shown_prompt(game, asked) == "really 1-4 to 1-5?" and told(game, 1, asked.prompt) == "really …?"


@pytest.mark.parametrize("pick", [
    'pick m from options "move which piece where?" as "a move" {',   # a label showing something else
    'pick m from options at random {',                                # nobody was asked
])
def test_a_pick_not_shown_by_value_keeps_its_answer_masked_from_its_picker(pick):
    text = STRATEGO.replace(MOVE, pick + '\n    may "really {m}?" { }')
    assert text != STRATEGO
    marks = open_values(analyse_text(text).symbols)
    assert "s" in marks.values() and "h" not in marks.values()


# Colt Express: a bandit goes back to a car where their own jewel lies (their own loot's worth, seen by them alone)
COLT = """kind loot "Loot" { worth: int; bandit: player = none; }
loot purse "Purse" * 4 { worth = 250; }
loot jewel "Jewel" * 2 { worth = 500; }
zone car[1..4] "Car" of loot seen by bandit;
zone box of loot secret;
counter moves;
proc drop(n: int) {
  let l = first(box);
  set l.bandit = you;
  move l to car[n];
}
proc go_back() {
  let rich = gather(k in 1..4 where some(l in car[k] where l.bandit == you and l.worth >= 500), [k]);
  pick n from rich "go back to which car?" {
    may "climb into car {n}?" { gain 1 moves; }
  }
}
game colt "Colt" { seats 2; phase setup { fill box with loot where it.worth == 500; } phase play { } winner most moves; }
"""


def test_a_car_picked_by_ones_own_jewels_is_shown_to_the_bandit_alone():
    from .conftest import run_proc
    found = open_values(analyse_text(COLT).symbols)
    assert "h" in found.values() and "s" not in found.values()
    for built in (build_text(COLT), build_text(COLT, interpreted=True)):
        game = Game(built, 2, 1)
        game.fill(game.zone(None, "box"), "loot", lambda e: e.fields["worth"] == 500)   # (the jewels)
        run_proc(game, "drop", 3, player=0)
        question = game.program.procs["go_back"](game, game.state.players[0])
        d = question.send(None)
        assert d.options == ["3"]
        asked = question.send(0)
        assert shown_prompt(game, asked) == "climb into car 3?" and told(game, 1, asked.prompt) == "climb into car …?"
