"""What a player is told of a decision a condition on hidden cards chose (branch faces4), and the `shown` fields of a
face-down item. (1) A local set under a condition on hidden cards (`if forced() { set strength = 7; }`) is worked out
from them: a prompt shows it to the player whose cards they are ('h'), masked from the others, where it was shown to
everyone ('v'); under a condition on faces seen item by item nothing ties the value to the items, so it is masked
from everyone (W661). A decision asked only under such a condition, or whose options such a condition offers (Love
Letter's Countess, discarded when the other card is the King or a Prince), is not told to the other players at all:
"P1: discard the Countess? → no" would tell them what P1 holds. (2) A field a kind declares `shown` (3.7) is shown on
a face-down item to every player: in views, in position labels and in prompts ('v')."""

from __future__ import annotations

from pathlib import Path

from rulebook.compiler.driver import analyse_text
from rulebook.compiler.hidden import marks, open_values, untold_answers
from rulebook.dsl import ast as A
from rulebook.runtime.agents import HumanAgent
from rulebook.runtime.engine import Game
from rulebook.runtime.view import MASK, Asked, shown_prompt, told

from .conftest import (ScriptedConsole, build_text, found_at, on_both_backends, pack_program, run_answering,
                       run_proc)

# Love Letter's Countess rule, written as a choose: the Countess must be played when the other card is the King or
# a Prince; the strength a player announces is worked out from their hand by a branch
COUNTESS = """
kind card { value: int; }
card guard "Guard" * 3 { value = 1; }
card prince "Prince" * 2 { value = 5; }
card king "King" { value = 6; }
card countess "Countess" { value = 7; }
zone deck of card;
zone hand per_player of card hidden;
zone discards per_player of card;
counter tokens;
func holding(k: card): bool = some(c in hand where c is k);
func forced(): bool = holding(countess) and (holding(king) or holding(prince));
proc turn() {
  draw 1 from deck to hand;
  let strength = 0;
  if holding(countess) {
    set strength = 7;
  }
  if forced() {
    may "show the others you must play the Countess?" { gain 1 tokens; }
  }
  choose "play which card?" {
    option "the Countess" when holding(countess) { move first(c in hand where c is countess) to discards; }
    option "the other card" when not forced() { move first(hand) to discards; }
  }
  may "announce strength {strength}?" { gain 1 tokens; }
  may "end the turn?" { gain 1 tokens; }
}
game countess_rule {
  seats 2;
  phase setup { fill deck with card; shuffle deck; each players: draw 1 from deck to hand; }
  phase play { repeat 2 { each players: turn(); } }
  winner most tokens;
}
"""

countess = on_both_backends(lambda interpreted: build_text(COUNTESS, interpreted=interpreted))


def prompt_marks(text: str) -> dict:
    """Each prompt's and label's text as written -> its marks."""
    sym = analyse_text(text).symbols
    found = open_values(sym)
    return {n.title: marks(n.title_parts, found) for d in sym.decls.values()
            for n in A.walk(d) if type(n) in (A.May, A.Choose, A.Option, A.Pick) and n.title is not None}


def untold_lines(text: str) -> list:
    """The source lines of the decisions the hot seat does not tell the others."""
    return sorted(int(w.split(":")[-2]) for w in untold_answers(analyse_text(text).symbols))


def line_of(text: str, words: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if words in line)


def test_a_value_set_under_a_condition_on_a_hand_is_its_holders():
    assert prompt_marks(COUNTESS)["announce strength {strength}?"] == "-h-"


def test_decisions_a_condition_on_a_hand_asks_or_offers_are_untold():
    assert untold_lines(COUNTESS) == [line_of(COUNTESS, "may \"show the others"), line_of(COUNTESS, "choose \"play which")]


def test_love_letter_as_shipped_keeps_every_question_told():
    # its Countess rule is a pick's `where` (which only filters: a card picked is never told anyway), and its
    # `match c` on the card just played reads a parameter, judged seen (the card lies in the discards by then)
    text = Path(__file__).parent.joinpath("packs/loveletter/loveletter.rules").read_text()
    assert untold_lines(text) == []


def hot_seat(program, seed: int, players: int = 2) -> tuple:
    """A game of the hot seat, every answer the first option: (the trace's choices, the lines told the others)."""
    agent = HumanAgent(ScriptedConsole())
    g = Game(program, players, seed, [agent] * players)
    entries: list = []
    g.tracer = entries.append
    g.play()
    return [e.what for e in entries if e.kind == "choice"], \
        [line for _seat, by_seat, _at in agent.answers for line in by_seat.values()]


def test_the_hot_seat_tells_nothing_of_the_decisions_the_hand_asked(countess):
    told_prompts, asked = [], 0
    for seed in range(1, 9):   # (seeds 2 and 4-8 told "P1: show the others you must play the Countess? → no" or
        choices, lines = hot_seat(countess, seed)   # "P2: play which card? → the Countess" before)
        asked += sum("Countess" in what or "play which card" in what for what in choices)
        assert not any("Countess" in line or "play which card" in line for line in lines), lines
        assert sum("end the turn?" in line for line in lines) == 4   # told: asked whatever the hand
        told_prompts += [line for line in lines if "announce strength" in line]
    assert asked >= 6
    assert told_prompts and all(f"announce strength {MASK}?" in line for line in told_prompts)


def test_the_asker_sees_the_strength_the_others_do_not(countess):
    g = Game(countess, 2, 1, [])
    seen = []

    def answer(d):
        if "announce" in str(d.prompt):
            seen.append((shown_prompt(g, d), told(g, 1 - d.player.index, d.prompt)))
            assert not Asked(d, g).untold
        elif "show the others" in str(d.prompt) or "play which" in str(d.prompt):
            assert Asked(d, g).untold
        return 0

    g.start()
    for _ in range(4):
        run_answering(g.program.procs["turn"](g, g.state.players[0]), answer)
    assert seen and all(own == "announce strength 7?" or own == "announce strength 0?" for own, _ in seen)
    assert all(other == f"announce strength {MASK}?" for _, other in seen)


# the same under faces seen item by item: nothing ties a value set under a face to the items, so W661, masked
FACES = """
kind piece "Piece" { rank: int; side: player = none; shown marked: bool = false; }
piece scout "Scout" * 4 { rank = 2; }
piece marshal "Marshal" * 4 { rank = 10; }
zone box "Box" of piece secret;
zone at[1..4] "Board" of piece seen by side;
counter score;
proc lay(s: int) {
  set first(box).side = you;
  move first(box) to at[s];
}
proc mark(s: int) {
  set first(at[s]).marked = true;
  may "marked {first(at[s]).marked}, rank {first(at[s]).rank}?" { gain 1 score; }
}
proc threat(s: int) {
  let claim = 0;
  if first(at[s]).rank > 5 {
    set claim = 2;
  }
  may "take {claim} more?" { gain claim score; }
}
game g {
  seats 2;
  phase setup { fill box with piece; for each s in 1..2 { each players[s]: lay(s); } }
  phase play { for each s in 1..2 { each players[s] { mark(s); threat(s); } } }
  winner most score;
}
"""

faces = on_both_backends(lambda interpreted: build_text(FACES, interpreted=interpreted))


def test_a_value_set_under_a_face_is_masked_and_warned():
    assert prompt_marks(FACES)["take {claim} more?"] == "-s-"
    assert ("W661", line_of(FACES, "may \"take"), FACES.splitlines()[line_of(FACES, "may \"take") - 1].index("claim") + 1) \
        in found_at(FACES)
    assert "W661" not in {code for code, *_ in found_at(COUNTESS)}


def test_a_shown_field_of_a_face_down_item_is_open_in_prompts():
    assert prompt_marks(FACES)["marked {first(at[s]).marked}, rank {first(at[s]).rank}?"] == "-v-f-"


def test_every_player_sees_a_shown_field_of_a_face_down_item(faces):
    g = Game(faces, 2, 3, [])
    prompts = []

    def answer(d):
        prompts.append((told(g, 0, d.prompt), told(g, 1, d.prompt)))
        return 0

    g.start()
    run_proc(g, "lay", 1, player=0)
    run_answering(g.program.procs["mark"](g, g.state.players[0], 1), answer)
    own, other = prompts[0]
    assert own.startswith("marked yes, rank ") and MASK not in own
    assert other == f"marked yes, rank {MASK}?"


def test_the_other_players_view_lists_the_mark(faces):
    g = Game(faces, 2, 3, [])
    g.start()
    run_answering(g.program.procs["mark"](g, g.state.players[0], 1), lambda d: 1)
    assert g.view(1)["zones"]["at[1]"]["partly"] == [{"at": 1, "kind": "piece",
                                                       "fields": {"side": {"player": 0}, "marked": True}}]
    assert g.view(0)["zones"]["at[1]"]["known"][0]["fields"]["marked"] is True


# One Night Werewolf (tests/packs/werewolf): each night role's question is asked under `each all_players where
# dealt is ROLE`, a variable only its holder sees; told, even masked ("P3: Robber: rob whom? → …"), it named the role
NIGHT = ("lone Werewolf", "Seer:", "Robber:", "Troublemaker:", "Drunk:")


werewolf = pack_program(str(Path(__file__).parent / "packs" / "werewolf"))


def test_the_night_roles_questions_are_untold():
    text = Path(__file__).parent.joinpath("packs/werewolf/werewolf.rules").read_text()
    lines = text.splitlines()
    asked = [lines[n - 1] for n in untold_lines(text)]
    assert all(any(role in line for role in NIGHT) for line in asked)
    assert all(any(role in line for line in asked) for role in NIGHT)
    assert not any("vote" in line.lower() for line in asked)


def test_the_hot_seat_tells_nobody_who_holds_a_night_role(werewolf):
    asked = 0
    for seed in (1, 2, 3):   # (44 lines of these three games told the night's questions, masked, before)
        choices, lines = hot_seat(werewolf, seed, 5)
        asked += sum(any(role in what for role in NIGHT) for what in choices)
        assert not any(role in line for line in lines for role in NIGHT), lines
    assert asked >= 10
