"""Named windows (branch windows; the Pandemic audit's W7): `window NAME;` opens a window that offers the
`anytime in ZONE at NAME` slots alone, `window;` those written without `at` (7.2b). Both backends, fmt,
explain, the hot seat's question, E477-E479 and W508 (W477/W478 about the windows without a name)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.agents import HumanAgent
from rulebook.runtime.engine import Game
from rulebook.runtime.view import Asked

from .conftest import explained, found_at, printed_back, random_games_agree, run_proc
from .test_screen import ScriptedConsole

backends = pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])

PANDEMIC = '''
# Pandemic (the audit's W7): events may be played at any window, but not while an epidemic is being
# resolved; Resilient Population may also be played between the epidemic's Infect and Intensify steps.
counter score;
kind infection_card { }
infection_card atlanta "Atlanta" { }
infection_card lima "Lima" { }
infection_card paris "Paris" { }
infection_card tokyo "Tokyo" { }
infection_card cairo "Cairo" { }
zone infection_deck of infection_card secret;
zone infection_discard of infection_card;
zone removed_infection of infection_card;
kind event_card {
  effect: effect;
  anytime in hand { move this to player_discard; copy this.effect; }
}
zone event_deck of event_card secret;
zone hand per_player of event_card hidden;
zone player_discard of event_card;
event_card airlift "Airlift" * 2 { effect { gain 1 score; } }
event_card quiet_night "One Quiet Night" { effect { gain 2 score; } }
event_card resilient "Resilient Population" * 2 {
  effect {
    pick c from infection_discard "remove which infection card from the game?" optional {
      move c to removed_infection;
      gain 1 score;
    }
  }
  anytime in hand at intensify { move this to player_discard; copy this.effect; }
}
proc setup_decks() {
  fill infection_deck with infection_card;
  shuffle infection_deck;
  fill event_deck with event_card;
  shuffle event_deck;
}
proc deal() { draw 2 from event_deck to hand; }
proc take(e: event_card) { move e to hand; }
proc infect() { draw 1 from infection_deck to infection_discard; }
proc epidemic() {
  infect();
  window intensify;
  shuffle infection_discard;
  move all of infection_discard to top of infection_deck;
}
proc turn() { window; infect(); epidemic(); }
game pandemic {
  seats 2 to 4;
  phase setup { setup_decks(); each players { deal(); } }
  phase play { repeat 3 { each players { turn(); } } }
  winner most score;
}
'''


def pandemic(interpreted: bool, players: int = 2) -> Game:
    g = Game(build_text(PANDEMIC, interpreted=interpreted, name="t.rules"), players, 1)
    run_proc(g, "setup_decks")
    return g


def holding(g: Game, *names: str, player: int = 0) -> None:
    for name in names:
        run_proc(g, "take", g.program.entities[name], player=player)


def offers(g: Game, proc: str, plays: list, player: int = 0) -> list:
    """Run `proc` for `player`, answering each window's question with the options named in `plays` in
    turn (then "pass", and the first option of any other question); returns each window's (prompt,
    options)."""
    gen = g.program.procs[proc](g, g.state.players[player])
    asked, script = [], list(plays)
    try:
        d = gen.send(None)
        while True:
            if d.prompt.startswith("play a card now"):
                asked.append((d.prompt, [str(o) for o in d.options]))
                d = gen.send(d.index_of(script.pop(0)) if script else len(d.options) - 1)
            else:
                d = gen.send(0)
    except StopIteration:
        pass
    return asked


@backends
def test_a_named_window_offers_the_slots_that_name_it_alone(interpreted):
    g = pandemic(interpreted)
    holding(g, "airlift", "resilient")
    # the turn's window (`window;`): every event, Resilient Population by its kind's slot
    assert offers(g, "turn", []) == [("play a card now?", ["Airlift", "Resilient Population", "pass"]),
                                     ("play a card now (intensify window)?", ["Resilient Population", "pass"])]


@backends
def test_resilient_population_between_infect_and_intensify(interpreted):
    g = pandemic(interpreted)
    holding(g, "resilient", "airlift")
    asked = offers(g, "epidemic", ["Resilient Population"])
    assert asked == [("play a card now (intensify window)?", ["Resilient Population", "pass"])]   # once: played
    removed = g.state.zones["removed_infection"]
    assert len(removed) == 1 and not g.state.zones["infection_discard"]   # intensify shuffled back the rest
    assert removed[0] not in g.state.zones["infection_deck"]
    assert [e.name for e in g.state.players[0].zones["hand"]] == ["airlift"]   # never offered at intensify
    assert g.state.players[0].stock["score"] == 1


@backends
def test_an_unnamed_window_does_not_offer_a_named_slot(interpreted):
    text = PANDEMIC.replace("  anytime in hand { move this to player_discard; copy this.effect; }\n", "")
    g = Game(build_text(text, interpreted=interpreted, name="t.rules"), 2, 1)
    run_proc(g, "setup_decks")
    holding(g, "resilient", "airlift")
    assert offers(g, "turn", []) == [("play a card now (intensify window)?", ["Resilient Population", "pass"])]


def test_the_windows_of_a_program():
    program = build_text(PANDEMIC, name="t.rules")
    assert sorted(program.windows, key=str) == [None, "intensify"]
    assert {e.declared for e, *_ in program.windows["intensify"]} == {"resilient"}
    assert {e.declared for e, *_ in program.windows[None]} == {"airlift", "quiet_night", "resilient"}
    plain = build_text(PANDEMIC.replace(
        "  anytime in hand at intensify { move this to player_discard; copy this.effect; }\n", "").replace(
        "window intensify;", "window;"), name="t.rules")
    assert list(plain.windows) == [None]


def test_random_games_with_named_windows_agree_on_both_backends():
    random_games_agree(PANDEMIC)


@backends
def test_the_hot_seat_says_which_window_is_open(interpreted):
    g = pandemic(interpreted)
    holding(g, "resilient")
    gen = g.program.procs["epidemic"](g, g.state.players[0])
    d = gen.send(None)
    console = ScriptedConsole(["1"])
    assert HumanAgent(console).choose(Asked(d, g), None) == 0
    assert "P1: play a card now (intensify window)?" in console.file.getvalue()
    assert "1. Resilient Population" in console.file.getvalue()


def test_fmt_prints_named_windows_back():
    _module, printed = printed_back(PANDEMIC + "amend resilient { remove anytime in hand at intensify; }\n"
                                    "event_card forecast \"Forecast\" { effect { } anytime in hand at intensify, "
                                    "outbreak once per turn_end when score > 0 { move this to player_discard; } }\n")
    assert "  window intensify;\n" in printed and "  anytime in hand at intensify {\n" in printed
    assert "remove anytime in hand at intensify;" in printed
    assert "anytime in hand at intensify, outbreak once per turn_end when score > 0 {" in printed


def test_an_amend_removes_a_named_slot():
    text = PANDEMIC + "amend resilient { remove anytime in hand at intensify; }\n"
    program = build_text(text.replace("window intensify;", "window;"), name="t.rules")
    assert "anytime in hand at intensify" not in program.entities["resilient"].effects
    assert "anytime in hand" in program.entities["resilient"].effects
    assert [c for c, _l, _c in found_at(text.replace("remove anytime in hand at intensify",
                                                     "remove anytime in hand at upkeep")) if c[0] == "E"] == ["E382"]


def test_explain_reads_the_window():
    result = analyse_text(PANDEMIC)
    card = explained(result, "resilient")
    assert "It may be played at the intensify window (`window intensify;`) alone, while this is in your hand:" in card
    assert "At any window (`window;`), while this is in your hand, you may play it (as every event card)" in card
    assert "may now play a card they may play at the intensify window" in explained(result, "epidemic")


def test_a_window_nothing_opens_is_E477_at_the_name():
    text = PANDEMIC.replace("hand at intensify", "hand at intensfy")
    found = found_at(text)
    line = next(i for i, l in enumerate(text.split("\n"), 1) if "at intensfy" in l)
    assert ("E477", line, 22) in found
    d = next(d for d in analyse_text(text).diagnostics if d.code == "E477")
    assert "did you mean 'intensify'?" in d.hint
    window = next(i for i, l in enumerate(text.split("\n"), 1) if "window intensify;" in l)
    assert ("W508", window, 3) in found   # and the window nothing answers now


def test_a_window_twice_in_one_slot_is_E478_and_two_slots_at_one_window_E479():
    text = PANDEMIC.replace("hand at intensify", "hand at intensify, intensify")
    line = next(i for i, l in enumerate(text.split("\n"), 1) if "at intensify, intensify" in l)
    assert [x for x in found_at(text) if x[0].startswith("E")] == [("E478", line, 33)]
    both = PANDEMIC.replace("  anytime in hand at intensify {", "  anytime in hand, hand2 at intensify { }\n"
                            "  anytime in hand at intensify {").replace(
        "zone player_discard", "zone hand2 per_player of event_card;\nzone player_discard")
    line = next(i for i, l in enumerate(both.split("\n"), 1) if l.startswith("  anytime in hand at intensify"))
    assert [x for x in found_at(both) if x[0].startswith("E")] == [("E479", line, 22)]
    # a kind's slot without `at` and a card's `at intensify`: two windows, no finding
    assert not [x for x in found_at(PANDEMIC) if x[0].startswith("E")]


def test_W508_W477_and_W478_for_windows_nothing_answers():
    unanswered = PANDEMIC.replace("proc turn() { window;", "proc turn() { window outbreak; window;")
    line = next(i for i, l in enumerate(unanswered.split("\n"), 1) if "window outbreak;" in l)
    assert ("W508", line, 15) in found_at(unanswered)
    # only named slots: the `window;` offers nothing (W477); only plain slots and no `window;` (W478)
    named_only = PANDEMIC.replace("  anytime in hand { move this to player_discard; copy this.effect; }\n", "")
    assert [c for c, _l, _c in found_at(named_only) if c.startswith("W4")] == ["W477"]
    no_plain_window = PANDEMIC.replace("proc turn() { window;", "proc turn() {")
    assert [c for c, _l, _c in found_at(no_plain_window) if c.startswith("W4")] == ["W478"]


ROLE = """
counter vp;
role medic "Medic" { anytime at intensify { gain 1 vp; } }
role scientist "Scientist" { }
proc epidemic() { window intensify; }
game g { seats 2 to 2 roles medic, scientist; phase play { epidemic(); } winner most vp; }
"""


@backends
def test_a_roles_slot_at_a_named_window(interpreted):
    g = Game(build_text(ROLE, interpreted=interpreted, name="t.rules"), 2, 1)
    assert offers(g, "epidemic", ["Medic"])[0] == ("play a card now (intensify window)?", ["Medic", "pass"])
    assert g.state.players[0].stock["vp"] == 1


# Copies alike at a window are one option, as `pick ... alike` has them (Game.alike_key): copies that differ
# by their title and fields (numbered by copy_number) are each their own; a copy a variable names too.
RELICS = """
counter vp;
kind relic { rank: int; }
relic idol "Idol {rank}" * 3 { rank = copy_number; anytime in hand { move this to pile; gain this.rank vp; } }
relic cup "Cup" * 2 { rank = 1; anytime in hand once per turn_end { gain 1 vp; } }
zone hand per_player of relic;
zone pile of relic;
var chosen: relic;
event turn_end();
proc deal() { fill hand with relic; }
proc choose_cup() { set chosen = cup; }
proc act() { window; }
"""


@backends
def test_copies_alike_are_one_option_copies_told_apart_are_not(interpreted):
    g = Game(build_text(RELICS, interpreted=interpreted, name="t.rules"), 2, 1)
    run_proc(g, "deal")
    # the Idols' titles and ranks differ: the player may play the Idol worth 3; the Cups are alike
    # (each copy's `once per` period names it, as every copy's: that tells none apart)
    assert offers(g, "act", ["Idol 3"]) == [("play a card now?", ["Idol 1", "Idol 2", "Idol 3", "Cup", "pass"]),
                                            ("play a card now?", ["Idol 1", "Idol 2", "Cup", "pass"])]
    assert g.state.players[0].stock["vp"] == 3
    run_proc(g, "choose_cup")   # the first Cup is named by a variable: it is no longer alike with the second
    assert offers(g, "act", [])[0][1] == ["Idol 1", "Idol 2", "Cup (1 of 2)", "Cup (2 of 2)", "pass"]


@backends
def test_two_copies_of_resilient_population_are_one_option(interpreted):
    g = pandemic(interpreted)
    holding(g, "resilient", "resilient#2")
    asked = offers(g, "epidemic", ["Resilient Population"])
    # one option for both; once one is played the other is offered (each copy once a window)
    assert asked == [("play a card now (intensify window)?", ["Resilient Population", "pass"])] * 2


def test_highlight_reads_named_windows():
    from pygments.token import Keyword, Name

    from rulebook.dsl.highlight import RulesLexer

    def tokens(text):
        return [(t, v) for t, v in RulesLexer().get_tokens(text) if not v.isspace()]

    text = "kind k { anytime in hand at intensify, combat once per e { } }\nproc p() { window intensify; }"
    got = tokens(text)
    assert (Keyword, "at") in got and (Name, "intensify") in got
    assert [v for t, v in got if t is Keyword and v == "window"] == ["window"]
    assert (Name, "at") in tokens("proc p() { let at = 2; gain at vp; }")


def test_the_editor_completes_window_names(tmp_path):
    """`rulebook lsp` (the tenth session's leftover): after `window ` the pack's named windows alone, after a
    card's `at ` the windows among the other names (`at random` is written there too)."""
    from rulebook.compiler.workspace import Workspace
    path = tmp_path / "pandemic.rules"
    path.write_text(PANDEMIC)
    view = Workspace().view(path)
    line = next(i for i, text in enumerate(PANDEMIC.split("\n"), start=1) if text.strip() == "window intensify;")
    assert view.completions(PANDEMIC, line, len("  window int") + 1) == [("intensify", "window")]
    at = next(i for i, text in enumerate(PANDEMIC.split("\n"), start=1) if "at intensify" in text)
    column = PANDEMIC.split("\n")[at - 1].index("at intensify") + len("at ") + 1
    found = view.completions(PANDEMIC, at, column)
    assert found[0] == ("intensify", "window") and ("infect", "proc") in found
