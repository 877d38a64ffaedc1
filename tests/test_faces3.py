"""What a player is shown of a face (branch faces3), faces2's leftovers. A value read from the faces of items seen
item by item (`seen by FIELD`, 3.9) is shown to whoever sees those faces ('f') also when it reaches a prompt
(1) through a local bound more than once (in two branches, again by `set`, from itself): each binding keeps the
items it read beside the value, so the prompt shows it as the faces of the binding that gave it are; (2) through a
proc's parameter: each call gives the items its argument read (an open argument none), a call the checker did not
see (the engine's, a test's) masks it; (3) through a face func given an argument itself read from faces: the call's
items and the argument's; and (4) the FIELD naming who sees an item's face (`holder`, `side`) is shown on every
item, so a prompt shows it read off a face-down item to everyone ('v'). Every seat's view of every prompt and label
of seeded random games is checked against who may see the card, on both backends, in replays and in games resumed
from a saved log."""

from __future__ import annotations

import re

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.compiler.hidden import marks, open_values
from rulebook.dsl import ast as A
from rulebook.runtime.engine import Game
from rulebook.runtime.record import load, record, replay, resume, save
from rulebook.runtime.view import MASK, shown_prompt, told, told_label

from .conftest import build_text, found_at, on_both_backends, played, run_proc
from .test_faces2 import COUP as FACES2_COUP
from .test_faces2 import influence_of as card_of

# Coup (test_faces2's cards, zones and deal): each seat's influence lies face down before it, seen by its holder
# alone (the court deck: nobody)
COUP = FACES2_COUP[:FACES2_COUP.index("func doubled")] + """func plus(s: int, more: int) = power_at(s) + more;
""" + FACES2_COUP[FACES2_COUP.index("proc deal_influence"):FACES2_COUP.index("proc turn")] + """proc turn(s: int) {
  let claim = 0;
  if coins > 1 {
    set claim = first(facedown[s]).power;
  } else {
    set claim = power_at(s) * 2;
  }
  set claim = claim + 1;
  may "claim {claim}?" { gain 1 coins; }
  may "add {plus(s, first(facedown[s]).power)}?" { gain 1 coins; }
  may "whose is it? {first(facedown[s]).holder}" { gain 1 coins; }
  show(first(facedown[s]).title, first(facedown[s]).power, s);
  let bluff = first(facedown[s]).power;
  set bluff = 4;
  may "bluff {bluff}?" { gain 1 coins; }
  show("Ambassador", bluff, s);
}
proc show(called: str, worth: int, s: int) {
  choose "show your {called}?" {
    option "yes, worth {worth}" { reveal first(facedown[s]); }
    option "no" { gain 1 coins; }
  }
}
game coup {
  seats 2;
  phase setup { deal_influence(); }
  phase play { repeat 2 { for each s in 1..2 { each players[s]: turn(s); } } }
  winner most coins;
}
"""

program = on_both_backends(lambda interpreted: build_text(COUP, interpreted=interpreted))


def prompt_marks() -> dict:
    """Each prompt's and label's text as written -> its marks."""
    sym = analyse_text(COUP).symbols
    found = open_values(sym)
    return {n.title: marks(n.title_parts, found) for d in sym.decls.values()
            for n in A.walk(d) if type(n) in (A.May, A.Choose, A.Option)}


def test_the_checker_marks_each_way_a_face_reaches_a_prompt():
    assert prompt_marks() == {
        "claim {claim}?": "-f-",                                 # (1) bound in two branches, then from itself
        "add {plus(s, first(facedown[s]).power)}?": "-f-",       # (3) a face func given a face
        "whose is it? {first(facedown[s]).holder}": "-v",        # (4) who sees the face: on every item
        "show your {called}?": "-f-", "yes, worth {worth}": "-f",  # (2) a parameter given faces
        "bluff {bluff}?": "-f-", "no": "",
    }
    assert not [f for f in found_at(COUP) if f[0] in ("W640", "W641")]


def started(program) -> tuple:
    """A seeded game and its first question: seat 1's."""
    game = Game(program, 2, 3)
    return game, game.start()


def test_a_local_bound_in_two_branches_and_again_is_shown_to_its_owner_alone(program):
    game, d = started(program)
    power = card_of(game, 1).fields["power"]
    assert d.prompt == f"claim {2 * power + 1}?"   # no coins yet: the `else` branch, then `set claim = claim + 1`
    assert shown_prompt(game, d) == d.prompt and told(game, 1, d.prompt) == f"claim {MASK}?"


def test_a_face_func_given_a_face_is_shown_to_its_owner_alone(program):
    game, d = started(program)
    power = card_of(game, 1).fields["power"]
    d = game.apply("no")
    assert d.prompt == f"add {2 * power}?"
    assert shown_prompt(game, d) == d.prompt and told(game, 1, d.prompt) == f"add {MASK}?"


def test_whose_card_it_is_is_shown_to_everyone(program):
    game, d = started(program)
    d = game.apply("no")
    d = game.apply("no")
    assert d.prompt == "whose is it? P1" and told(game, 1, d.prompt) == "whose is it? P1"


def test_a_parameter_given_a_face_is_shown_to_its_owner_and_an_open_one_to_everyone(program):
    game, d = started(program)
    card = card_of(game, 1)
    for _ in range(3):
        d = game.apply("no")
    assert d.prompt == f"show your {card.label()}?" and shown_prompt(game, d) == d.prompt
    assert told(game, 1, d.prompt) == f"show your {MASK}?"
    assert [told_label(game, 1, label, value) for label, value in zip(d.options, d.values)] == [f"yes, worth {MASK}", "no"]
    d = game.apply("no")   # `set bluff = 4;`: the open binding's items (none) go with it
    assert d.prompt == "bluff 4?" and told(game, 1, d.prompt) == "bluff 4?"
    d = game.apply("no")   # the same proc called with open values: shown to everyone
    assert told(game, 1, d.prompt) == "show your Ambassador?"
    assert [told_label(game, 1, label, value) for label, value in zip(d.options, d.values)] == ["yes, worth 4", "no"]


def test_once_revealed_every_way_shows_the_face_to_both(program):
    game, d = started(program)
    power = card_of(game, 1).fields["power"]
    for _ in range(3):
        d = game.apply("no")
    d = game.apply(f"yes, worth {power}")   # seat 1's card revealed
    d = game.apply("no")
    d = game.apply("no")
    asked = game.program.procs["turn"](game, game.state.players[0], 1).send(None)   # seat 1's turn, asked again
    assert told(game, 1, asked.prompt) == asked.prompt == f"claim {2 * power + 1}?"


def test_a_call_the_checker_did_not_see_masks_the_parameter(program):
    game = Game(program, 2, 3)
    game.start()
    asked = run_proc(game, "show", "Duke", 3, 1, answers=["no"])   # the engine's call: no items given
    assert asked[0].prompt == "show your Duke?" and told(game, 0, asked[0].prompt, own=True) == f"show your {MASK}?"


# --- every seat's view of every question of seeded random games, against who may see the card

FACE_READS = {"{claim}", "{plus(s, first(facedown[s]).power)}", "{called}", "{worth}"}


def expected(text, sees: bool) -> str:
    """A prompt or label as a seat may be told it, worked out from how it is written: its face reads masked
    unless the seat sees the card (`sees`)."""
    written = getattr(text, "written", None)
    if written is None:
        return text
    values = [t for mark, t in zip(text._marks, text._texts) if mark != "-"]
    return "".join((values.pop(0) if sees or piece not in FACE_READS else MASK) if piece.startswith("{") else piece
                   for piece in re.split(r"(\{[^}]*\})", written))


def views(game: Game, d) -> list:
    """Every seat's told prompt and labels at decision `d`."""
    return [(told(game, seat, d.prompt, own=seat == d.player.index),
             [told_label(game, seat, label, value, own=seat == d.player.index)
              for label, value in zip(d.options, d.values)]) for seat in (0, 1)]


def checked_game(program, seed: int) -> tuple[Game, list]:
    """A seeded game of random answers, every seat's view of every question checked against who may see the card
    it reads (its holder; both once a `yes` revealed it), as it is asked; the game and the views."""
    import random
    rng, game, revealed, seen = random.Random(seed), Game(program, 2, seed), set(), []
    d = game.start()
    while d is not None:
        asker = d.player.index
        opened = d.prompt == "show your Ambassador?"   # the show proc's open call: nothing read from a face
        for seat, (prompt, labels) in enumerate(views(game, d)):
            sees = seat == asker or asker in revealed or opened
            assert prompt == expected(d.prompt, sees), (seed, str(d.prompt), seat)
            # (a choose option's label is filled in as its value)
            assert labels == [expected(value if hasattr(value, "written") else label, sees)
                              for label, value in zip(d.options, d.values)], (seed, list(d.options), seat)
        seen.append(views(game, d))
        choice = rng.randrange(len(d.options))
        if str(d.options[choice]).startswith("yes, worth"):   # the show proc reveals the card
            revealed.add(asker)
        d = game.apply(choice)
    return game, seen


@pytest.fixture(scope="module")
def games():
    """Seeded random games on both backends (seeds 1-8), each seat's view of each question checked as it is asked."""
    built = {"compiled": build_text(COUP), "interpreted": build_text(COUP, interpreted=True)}
    return {name: [(p, seed, *checked_game(p, seed)) for seed in range(1, 9)] for name, p in built.items()}


def test_random_games_show_no_face_to_a_seat_that_may_not_see_it_and_agree_on_both_backends(games):
    masked = shown = 0
    for (_, _, a, views_a), (_, _, b, views_b) in zip(games["compiled"], games["interpreted"]):
        assert a.log == b.log and a.state.digest() == b.state.digest() and views_a == views_b
        masked += sum(MASK in prompt for v in views_a for prompt, _ in v)
        shown += sum(MASK not in prompt for v in views_a for prompt, _ in v)
    assert masked > 20 and shown > 20   # both happen: the property is not checked on one side only


def test_replayed_and_resumed_games_show_the_same(games, tmp_path):
    for name, runs in games.items():
        for program, seed, game, seen in runs[:3]:
            log = record(game)
            assert replay(program, log).state.digest() == game.state.digest()
            save(log, tmp_path / f"{name}{seed}.json")
            loaded = load(tmp_path / f"{name}{seed}.json")
            for until in (3, 7, len(seen) - 2):   # a saved game resumed mid-turn: the same views of its question
                back = resume(program, loaded, until=until)
                assert views(back, back.decision) == seen[until], (name, seed, until)


# an aggregate reading the faces of items it works out itself: its items name its own variable, which cannot be
# worked out beside the value (faces2 marked it 'f', and the game stopped with E601 where the prompt was asked)
AGGREGATE = """kind influence "Influence" { power: int; holder: player = none; }
influence duke "Duke" * 3 { power = 3; }
zone court "Court deck" of influence secret;
zone facedown[1..2] "Face down" of influence seen by holder;
counter coins;
proc lay(s: int) {
  set first(court).holder = you;
  move first(court) to facedown[s];
}
proc claim() {
  let best = highest(s in 1..2, first(facedown[s]).power);
  may "claim {best} coins?" { gain best coins; }
  may "or {highest(t in 1..2, first(facedown[t]).power)}?" { gain 1 coins; }
}
game g { seats 2; phase setup { fill court with influence; lay(1); lay(2); } phase play { each players: claim(); } winner most coins; }
"""


def test_an_aggregate_of_faces_is_masked_from_everyone_and_plays_on_both_backends():
    assert [f for f in found_at(AGGREGATE) if f[0] == "W640"] == [("W640", 12, 15)]
    for built in (build_text(AGGREGATE), build_text(AGGREGATE, interpreted=True)):
        game = Game(built, 2, 1)
        d = game.start()
        assert d.prompt == "claim 3 coins?" and shown_prompt(game, d) == f"claim {MASK} coins?"
        d = game.apply("no")
        assert d.prompt == "or 3?" and shown_prompt(game, d) == f"or {MASK}?"
        assert played(built, 2, 2).state.over
