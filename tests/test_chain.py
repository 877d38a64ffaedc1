"""`proc NAME(...) once per P` (3.12a): a chain reaction that visits each value once, within one outermost
call; and `split ZONE into N piles as PILE { ... }` (4.14a): a deck built in piles. From the Pandemic
audit (W2, W10): its board's outbreak chain and its player deck's epidemic piles. On both backends."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.agents import ScriptedAgent, make_agents
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.record import record, replay, resume

from .conftest import explained, found_at, on_both_backends, printed_back

# The audit's board (/tmp/audit-audit-pandemic/board.rules) on a small map, its `var outbroken[city]`
# and `reset outbroken;` replaced by `once per c`. Each outbreak asks the player whether to note it, so
# the chain has decisions in its middle.
BOARD = """
enum disease { blue "Blue", red "Red" }
enum city {
  near: list of city = [];
  atlanta "Atlanta" (near = [chicago, miami]),
  chicago "Chicago" (near = [atlanta, miami, montreal]),
  miami "Miami" (near = [atlanta, chicago]),
  montreal "Montreal" (near = [chicago])
}
counter cubes[city, disease] "Disease cubes" global from 0 to 3;
counter outbreaks "Outbreaks" global;
counter outbroke[city] "Outbreaks of the city" global;
counter notes "Notes";

# Put n cubes of k on c; a city that would hold more than 3 has an outbreak instead.
proc add_cubes(c: city, k: disease, n: int) {
  let room = 3 - cubes[c, k];
  gain min(n, room) cubes[c, k];
  if n > room { outbreak(c, k); }
}

# A city outbreaks at most once a chain.
proc outbreak(c: city, k: disease) once per c {
  gain 1 outbreaks;
  gain 1 outbroke[c];
  choose "note the outbreak of {c}?" { option "note" { gain 1 notes; } option "pass" { } }
  for each n in c.near { add_cubes(n, k, 1); }
}
"""

SETUP = """
game pandemic {
  seats 2 to 4;
  phase setup {
    gain 3 cubes[atlanta, blue]; gain 3 cubes[chicago, blue]; gain 2 cubes[miami, blue];
    add_cubes(atlanta, blue, 1);
  }
  winner most notes;
}
"""

program = on_both_backends(lambda interpreted: lambda more="", game=SETUP: build_text(BOARD + more + game,
                                                                                          interpreted=interpreted))


def played(p, answers=(), players: int = 2) -> Game:
    g = Game(p, players, 1, [ScriptedAgent(list(answers), None)] * players)
    g.play()
    return g


def test_a_city_next_to_two_outbreaks_gets_both_cubes_and_outbreaks_once(program):
    g = played(program(), ["pass"] * 3)
    gl = g.state.globals
    # Atlanta outbreaks: Chicago (3 cubes) outbreaks, Miami gets its 3rd cube from Chicago, Atlanta's
    # outbreak skipped (visited); then Atlanta's own spread gives Miami its 4th: Miami outbreaks, once
    assert [gl[f"outbroke[{c}]"] for c in ("atlanta", "chicago", "miami", "montreal")] == [1, 1, 1, 0]
    assert gl["outbreaks"] == 3
    assert gl["cubes[miami,blue]"] == 3 and gl["cubes[montreal,blue]"] == 1
    assert g.decisions_made == 3


def test_the_skip_is_traced_with_its_reason(program):
    lines = []
    g = Game(program(), 2, 1, [ScriptedAgent(["pass"] * 3)] * 2)
    g.tracer = lambda e: lines.append(e.describe())
    g.play()
    skips = [line for line in lines if line.startswith("skip outbreak(")]
    assert skips and all(line.endswith("(once per value in a chain: visited already)") for line in skips)
    assert "skip outbreak(Atlanta) (once per value in a chain: visited already)" in skips


def test_the_visited_values_are_forgotten_when_the_outermost_call_returns(program):
    # two chains in a row: the second outbreaks the same cities again, with nothing reset
    game = SETUP.replace("add_cubes(atlanta, blue, 1);", "add_cubes(atlanta, blue, 1); add_cubes(atlanta, blue, 1);")
    g = played(program(game=game), ["pass"] * 10)
    gl = g.state.globals
    assert gl["outbroke[atlanta]"] == 2 and gl["outbroke[chicago]"] == 2 and gl["outbroke[miami]"] == 2
    assert "chain outbreak" not in [getattr(lp, "label", None) for lp in g.state.loops]


def test_nothing_is_skipped_before_a_value_is_visited_and_the_key_is_the_parameter_named(program):
    # `once per c, k`: the same city outbreaks once per disease in one chain
    more = """
proc both(c: city) once per c { outbreak2(c, blue); outbreak2(c, red); }
proc outbreak2(c: city, k: disease) once per c, k { gain 1 outbroke[c]; both(c); }
"""
    game = SETUP.replace("add_cubes(atlanta, blue, 1);", "both(atlanta);")
    g = played(program(more, game))
    assert g.state.globals["outbroke[atlanta]"] == 2


def test_a_decision_in_the_middle_of_the_chain_clone_resume_and_replay_agree(program):
    p = program()
    g = Game(p, 2, 1)
    asked = g.start()   # Atlanta's outbreak asks
    g.apply(0)   # note Atlanta's: Chicago's outbreak asks now, in the middle of the chain
    assert asked is not None and g.state.globals["outbroke[chicago]"] == 1
    twin = g.clone()
    assert twin.state.digest() == g.state.digest()
    log = record(g)
    back = resume(p, log, until=1)
    for game in (g, twin, back):
        game.apply(1)   # pass Chicago's
        game.apply(0)   # note Miami's
        assert game.state.over
    assert g.state.digest() == twin.state.digest() == back.state.digest()
    assert [g.state.globals[f"outbroke[{c}]"] for c in ("atlanta", "chicago", "miami")] == [1, 1, 1]
    assert replay(p, record(g)).state.digest() == g.state.digest()


def test_a_roles_override_of_the_proc_is_in_the_chain(program):
    more = """
role medic "Medic" {
  override proc outbreak(c: city, k: disease) { gain 1 outbroke[c]; for each n in c.near { add_cubes(n, k, 1); } }
}
role other "Other" { }
"""
    game = SETUP.replace("seats 2 to 4;", "seats 2 to 2 roles medic, other;") \
        .replace("add_cubes(atlanta, blue, 1);", "each you: add_cubes(atlanta, blue, 1);")
    g = played(program(more, game))
    assert [g.state.globals[f"outbroke[{c}]"] for c in ("atlanta", "chicago", "miami", "montreal")] == [1, 1, 1, 0]
    assert g.state.globals["outbreaks"] == 0 and g.decisions_made == 0   # the Medic's version ran, asking nothing


def test_a_state_saved_in_the_middle_of_a_chain_is_read_back(program, tmp_path):
    from rulebook.runtime.record import load_state, save_state
    p = program()
    g = Game(p, 2, 1)
    g.start()
    g.apply(0)
    save_state(g.state, tmp_path / "mid.json")
    assert load_state(tmp_path / "mid.json", p).to_json() == g.state.to_json()


def test_both_backends_play_the_same_games():
    compiled, interpreted = (build_text(BOARD + SETUP.replace("add_cubes(atlanta, blue, 1);",
                                                              "add_cubes(atlanta, blue, 1); add_cubes(montreal, blue, 4);"),
                                        interpreted=i) for i in (False, True))
    for seed in range(1, 6):
        games = []
        for p in (compiled, interpreted):
            lines = []
            g = Game(p, 3, seed, make_agents('random', 3, seed))
            g.tracer = lambda e, lines=lines: lines.append((e.describe(), e.where))
            g.play()
            games.append((g.state.digest(), lines, g.log))
        assert games[0] == games[1]


def test_fmt_and_explain():
    module, text = printed_back(BOARD + SETUP)
    assert "proc outbreak(c: city, k: disease) once per c {" in text
    result = analyse_text(BOARD + SETUP)
    assert not [d for d in result.diagnostics if d.severity == "error"]
    words = explained(result, "outbreak")
    assert "At most once per city in one chain" in words


@pytest.mark.parametrize("text, code", [
    ("enum space { a, b }\nproc explode(s: space) once per t { explode(s); }", "E458"),
    ("enum space { a, b }\nproc explode(s: space) once per s, s { explode(s); }", "E458"),
    ("enum space { a, b }\nproc explode(s: space): int once per s { explode(s); return 1; }", "E459"),
    ("enum space { a, b }\ncounter d global;\nproc explode(s: space) once per s { gain 1 d; }", "W501"),
    ("enum space { a, b }\ncounter d global;\nproc explode(s: space) once per s { gain 1 d; explode(s); }", None),
])
def test_misuse_is_positioned(text, code):
    found = [c for c, _line, _col in found_at(text)]
    assert found == ([code] if code else [])   # (calling itself on every path is no W411 once per a value)


@pytest.mark.parametrize("text, column", [
    ("enum space { a, b }\nproc explode(s: space) once per t { explode(s); }", 33),
    ("enum space { a, b }\nproc explode(s: space) once per s, s { explode(s); }", 36),   # at the repeat
])
def test_e458_is_at_the_name_after_per(text, column):
    assert found_at(text) == [("E458", 2, column)]


def test_recursion_through_another_proc_is_no_w501():
    assert "W501" not in [c for c, _l, _c in found_at(BOARD)]


@pytest.mark.parametrize("text", [
    "enum space { a, b }\nfunc f(s: space): int once per s = 1;",
    "enum space { a, b }\nproc explode(s: space) once for s { explode(s); }",
])
def test_once_per_elsewhere_or_misspelt_is_a_syntax_error(text):
    assert [c for c, _l, _c in found_at(text)] == ["E100"]


def test_a_pack_may_still_use_the_word_split_as_a_name():
    text = "counter split;\nproc split_it() { gain 1 split; }\nproc split2(n: int) { gain n split; split_it(); }"
    assert not [d for d in analyse_text(text).diagnostics if d.severity == "error"]


# ------------------------------------------------------------------ split ... into N piles

DECK = """
kind city_card "City card" { }
city_card card "City" * 44 { }
kind epidemic_card "Epidemic" { }
epidemic_card epidemic "Epidemic" * 6 { }
zone player_deck "Player deck" of city_card or epidemic_card secret;
zone epidemic_box "Epidemics set aside" of epidemic_card;
zone hand "Hand" per_player of city_card or epidemic_card;
counter epidemics "Epidemics" global start 4;
counter order_seen "Cards seen by the checks" global;
"""

DEAL = """
game pandemic {
  seats 2 to 4;
  phase setup {
    fill player_deck with city_card;
    shuffle player_deck;
    each players: draw 2 from player_deck to hand;
    fill epidemic_box with epidemic_card where it.copy_number <= epidemics;
    split player_deck into epidemics piles as pile {
      draw 1 from epidemic_box to pile;
      shuffle pile;
    }
  }
  winner together if true;
}
"""

deck_program = on_both_backends(lambda interpreted: lambda cards=44, epidemics=4, game=DEAL: build_text(
    DECK.replace("* 44", f"* {cards}").replace("start 4", f"start {epidemics}") + game, interpreted=interpreted))


def chunks(items: list, sizes: list) -> list:
    out, start = [], 0
    for n in sizes:
        out.append(items[start:start + n])
        start += n
    return out


def test_two_players_four_epidemics_forty_cards_four_piles_of_ten(deck_program):
    g = Game(deck_program(), 2, 3)
    g.play()
    deck = g.state.zones["player_deck"]
    assert len(deck) == 44 and not g.state.zones["epidemic_box"]   # 48 - 2 hands of 2 (here 44 - 4) + 4
    for pile in chunks(deck, [11] * 4):
        assert sum(e.kind == "epidemic_card" for e in pile) == 1
    assert all(g.state.where[e.key][2] is deck for e in deck)   # every card's place is the deck again


def test_five_epidemics_thirty_nine_cards_the_smaller_pile_at_the_bottom(deck_program):
    p = deck_program(cards=43, epidemics=5)   # 43 - 4 dealt: 39 left, piles of 8, 8, 8, 8, 7
    g = Game(p, 2, 5)
    lines = []
    g.tracer = lambda e: lines.append(e.describe())
    g.play()
    deck = g.state.zones["player_deck"]
    assert len(deck) == 44
    piles = chunks(deck, [9, 9, 9, 9, 8])
    assert all(sum(e.kind == "epidemic_card" for e in pile) == 1 for pile in piles)
    assert "P1: split player_deck (39 cards) into 5 piles of 8, 8, 8, 8, 7" in lines
    assert "P1: stack the piles of player_deck back, the largest on top: 9, 9, 9, 9, 8" in lines
    assert any(line.startswith("P1: draw 1 from epidemic_box to player_deck (pile 5)") for line in lines)


def deck_before_split(g: Game) -> list:
    """The player deck as it stands when the epidemics are set aside, just before the split."""
    before = []
    g.tracer = lambda e: before.append(list(g.state.zones["player_deck"])) \
        if e.kind == "fill" and "epidemic_box" in e.what else None
    g.play()
    return before[0]


def test_piles_are_cut_from_the_top_and_the_smaller_goes_to_the_bottom(deck_program):
    # no shuffle in the block: each pile's epidemic on its top, the piles' cards in their order
    game = DEAL.replace("shuffle pile;", "").replace("draw 1 from epidemic_box to pile;",
                                                      "draw 1 from epidemic_box to top of pile;")
    g = Game(deck_program(cards=43, epidemics=5, game=game), 2, 5)
    before = deck_before_split(g)
    deck = g.state.zones["player_deck"]
    assert len(before) == 39 and len(deck) == 44
    assert [i for i, e in enumerate(deck) if e.kind == "epidemic_card"] == [0, 9, 18, 27, 36]
    assert [e for e in deck if e.kind == "city_card"] == before   # cut from the top, stacked back in order


def test_the_piles_are_stacked_by_their_size_after_the_block(deck_program):
    # the first pile loses 3 cards in the block (10 + 1 - 3 = 8: its epidemic and 2 cities): it goes to the bottom, the others keep their order
    game = DEAL.replace("shuffle pile;", "gain 1 order_seen; if order_seen == 1 { draw 3 from pile to hand; }") \
        .replace("draw 1 from epidemic_box to pile;", "draw 1 from epidemic_box to top of pile;")
    g = Game(deck_program(game=game), 2, 2)
    before = deck_before_split(g)
    deck = g.state.zones["player_deck"]
    assert len(before) == 40 and len(deck) == 41
    assert [i for i, e in enumerate(deck) if e.kind == "epidemic_card"] == [0, 11, 22]   # pile 1's went to hand
    assert [e for e in deck if e.kind == "city_card"] == before[10:] + before[2:10]


def test_the_piles_are_stacked_back_when_the_block_ends_the_game(deck_program):
    game = DEAL.replace("shuffle pile;", "shuffle pile; if size(epidemic_box) == 2 { end game; }")
    g = Game(deck_program(game=game), 2, 1)
    g.play()
    assert len(g.state.zones["player_deck"]) == 40 + 2


def test_a_decision_in_a_pile_replays_and_clones(deck_program):
    game = DEAL.replace("shuffle pile;", 'shuffle pile; choose "again?" { option "yes" { shuffle pile; } '
                        'option "no" { } }')
    p = deck_program(game=game)
    g = Game(p, 2, 7)
    g.start()
    g.apply(0)
    twin = g.clone()
    back = resume(p, record(g), until=1)
    for game_ in (g, twin, back):
        game_.apply(1)
        game_.apply(0)
        game_.apply(1)
        assert game_.state.over
    assert g.state.digest() == twin.state.digest() == back.state.digest()
    assert replay(p, record(g)).state.digest() == g.state.digest()


def test_split_on_both_backends_alike():
    compiled, interpreted = (build_text(DECK + DEAL, interpreted=i) for i in (False, True))
    for seed in range(1, 6):
        runs = []
        for p in (compiled, interpreted):
            lines = []
            g = Game(p, 2, seed, make_agents('random', 2, seed))
            g.tracer = lambda e, lines=lines: lines.append((e.describe(), e.where))
            g.play()
            runs.append((g.state.digest(), lines, g.log))
        assert runs[0] == runs[1]


def test_a_computed_pile_count_below_one_stops_play(deck_program):
    with pytest.raises(RulesRuntimeError) as info:
        Game(deck_program(epidemics=0), 2, 1).play()
    assert info.value.code == "E601"


def test_split_fmt_and_explain():
    _module, text = printed_back(DECK + DEAL)
    assert "split player_deck into epidemics piles as pile {" in text
    words = explained(analyse_text(DECK + DEAL), "pandemic")
    assert "Deal the player deck from the top into the epidemics piles as equal as possible" in words
    assert "Then stack the piles back into the player deck, the larger ones on top." in words


@pytest.mark.parametrize("body, code", [
    ("split player_deck into 0 piles as pile { shuffle pile; }", "E460"),
    ("split player_deck into true piles as pile { shuffle pile; }", "E303"),
    ("split player_deck into 2 piles as pile { shuffle pile; } shuffle pile;", "E209"),
    ("split player_deck into 2 pile as pile { shuffle pile; }", "E100"),
    ("split player_deck onto 2 piles as pile { shuffle pile; }", "E100"),
])
def test_split_misuse(body, code):
    found = [c for c, _l, _c in found_at(DECK + f"proc build() {{ {body} }}")]
    assert found == [code]


def test_split_of_a_zone_a_card_holds_is_e460():
    text = DECK + "kind box { inside: zone of city_card; }\nbox b \"Box\" { }\n" \
        "proc build() { split b.inside into 2 piles as pile { shuffle pile; } }"
    assert "E460" in [c for c, _l, _c in found_at(text)]


def test_a_piles_cards_are_as_hidden_as_the_decks():
    from rulebook.compiler.hidden import marks, open_values
    from rulebook.dsl import ast as A
    text = DECK + """zone table "Table" of city_card or epidemic_card;
proc look_at_piles() {
  split player_deck into 2 piles as pile { for each c in pile { may "keep {c}?" { } } }
  split table into 2 piles as heap { for each t in heap { may "take {t}?" { } } }
}
"""
    sym = analyse_text(text).symbols
    found = open_values(sym)
    got = {n.title: marks(n.title_parts, found) for d in sym.decls.values() for n in A.walk(d)
           if type(n) is A.May}
    assert got == {"keep {c}?": "-s-", "take {t}?": "-v-"}
