"""Reactions and `anytime` cards, second pass: amended by a house rule (`amend CARD { whenever ... in
ZONE { } }`, `anytime in ZONE { }`, `remove whenever EVENT in ZONE;`, `base();`), on both backends;
E382, fmt, explain, lint."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.runtime.engine import Game

from rulebook.compiler.driver import analyse

from .conftest import found_at, printed_back, program_of, run_proc, the_one_error, write_pack
from .test_reactions import EVENTS, PACK, take, vp


def moat_game(house: str, interpreted: bool, players: int = 3) -> Game:
    g = Game(build_text(PACK + house, interpreted=interpreted, name="t.rules"), players, 1)
    run_proc(g, "fill_box")
    for p in g.state.players:
        p.stock["vp"] = 5
    return g


backends = pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])


# ---------------------------------------------------------------- amend: add, replace, remove, base()

@backends
def test_an_amended_reaction_replaces_the_one_of_the_same_event_and_zone(interpreted):
    house = 'amend moat { whenever opponents attack_played in hand may "block?" { gain 1 vp; } }\n'
    g = moat_game(house, interpreted)
    run_proc(g, "give", 1, player=1)
    asked = run_proc(g, "attack", player=0, answers=["yes"])
    assert [d.prompt for d in asked] == ["block?"]            # one reaction, the house rule's
    assert vp(g) == [5, 5, 4]                                  # +1, then the attack's -1: no forbid


@backends
def test_base_in_an_amended_reaction_runs_the_block_it_replaces_without_asking_again(interpreted):
    house = 'amend moat { whenever opponents attack_played in hand may "reveal?" { base(); gain 2 vp; } }\n'
    g = moat_game(house, interpreted)
    run_proc(g, "give", 1, player=1)
    asked = run_proc(g, "attack", player=0, answers=["yes"])
    assert [d.prompt for d in asked] == ["reveal?"] and vp(g) == [5, 7, 4]   # spared, and +2


@backends
def test_a_reaction_on_another_zone_is_added_and_a_removed_one_is_gone(interpreted):
    house = "amend moat { whenever opponents attack_played in discard { gain 1 vp; } }\n"
    g = moat_game(house, interpreted)
    run_proc(g, "give", 1, player=1)
    run_proc(g, "discard_all", player=1)
    assert run_proc(g, "attack", player=0) == [] and vp(g) == [5, 5, 4]   # from the discard pile: +1 -1
    g = moat_game("amend moat { remove whenever attack_played in hand; }\n", interpreted)
    run_proc(g, "give", 1, player=1)
    assert run_proc(g, "attack", player=0) == [] and vp(g) == [5, 4, 4]   # nobody is asked any more
    assert not g.program.reactions


@backends
def test_an_anytime_slot_is_added_replaced_and_removed_by_amend(interpreted):
    def events(house: str) -> Game:
        g = Game(build_text(EVENTS + house, interpreted=interpreted, name="t.rules"), 3, 1)
        run_proc(g, "fill_box")
        return g
    g = events("amend city { anytime in hand { move this to discard; gain 5 vp; } }\n")
    take(g, "city", 0)
    run_proc(g, "turn", player=1, answers=["City"])
    assert vp(g) == [5, 1, 0]
    g = events("amend airlift { anytime in hand { base(); gain 1 vp; } }\n")
    take(g, "airlift", 0)
    run_proc(g, "turn", player=1, answers=["Airlift"])
    assert vp(g) == [3, 1, 0]
    g = events("amend airlift { remove anytime in hand; }\n")
    take(g, "airlift", 0)
    assert run_proc(g, "turn", player=1) == [] and vp(g) == [0, 1, 0]


@pytest.mark.parametrize("house, code, words, column", [
    ("amend moat { remove whenever attack_played in discard; }", "E382",
     "'moat' has no 'whenever attack_played in discard' to remove", 14),
    ("amend moat { remove anytime in hand; }", "E382", "'moat' has no 'anytime in hand'", 14),
    ("amend militia { whenever attacked in hand { base(); } }", "E365", "this reaction is added, it replaces none", 45),
    ("amend vp { whenever attacked in hand { } }", "E217", "'amend' changes an entity", 7),
])
def test_misuse_of_an_amended_reaction_is_positioned(house, code, words, column):
    text = PACK + house + "\n"
    line = text.count("\n")
    the_one_error(analyse_text(text), code, words, line=line)
    assert (code, line, column) in found_at(text)


def test_a_house_pack_amends_a_reaction_and_stacked_packs_warn_when_one_discards(tmp_path):
    base = write_pack(tmp_path / "base", PACK, name="base")
    house = write_pack(tmp_path / "house", 'amend moat { whenever opponents attack_played in hand may "reveal?" '
                       '{ base(); gain 2 vp; } }\n', name="house", extends=["../base"])
    for backend in ("compiled", "interpreted"):
        g = Game(program_of(house, backend), 3, 1)
        run_proc(g, "fill_box")
        run_proc(g, "give", 1, player=1)
        assert [d.prompt for d in run_proc(g, "attack", player=0, answers=["yes"])] == ["reveal?"]
        assert vp(g) == [0, 2, 0]
    gone = write_pack(tmp_path / "gone", "amend moat { remove whenever attack_played in hand; }\n", name="gone",
                      extends=["../base"])
    w406 = [d for d in analyse(str(base), [str(house), str(gone)]).diagnostics if d.code == "W406"]
    assert len(w406) == 1 and w406[0].message.startswith(
        "the reaction 'whenever attack_played in hand' of 'moat' is amended by both 'house' and 'gone'")


def test_e382_offers_the_slot_the_card_has():
    result = analyse_text(PACK + "amend moat { remove whenever attack_playd in hand; }\n")
    e382 = [d for d in result.diagnostics if d.code == "E382"]
    assert e382 and "whenever attack_played in hand" in e382[0].hint


def test_fmt_prints_amended_reactions_and_removals_back():
    text = PACK + ('amend moat {\n  whenever opponents attack_played in hand may "reveal?" { base(); }\n'
                   '  remove whenever attack_played in discard;\n  remove anytime in hand;\n'
                   '  anytime in discard { }\n}\n')
    _module, printed = printed_back(text)
    assert "  remove whenever attack_played in discard;\n  remove anytime in hand;\n" in printed
    assert '  whenever opponents attack_played in hand may "reveal?" {\n    base();\n  }\n' in printed


def test_lint_and_explain_name_an_amended_reaction():
    text = PACK + 'amend moat { whenever opponents attack_played in hand may "reveal?" { base(); gain 1 vp; } }\n'
    analysis = analyse_text(text)
    lines = reading(analysis.symbols.decls["moat"], analysis.symbols)
    assert any(line.strip().startswith("Whenever") and "(amended by" in line and "keeping the base's" in line
               for line in lines), lines
    assert "I404" in [d.code for d in analysis.diagnostics]


# ---------------------------------------------------------------- one slot, several zones

FLASH = """
counter vp;
event attacks();
kind card { }
zone box of card;
zone hand per_player of card;
zone graveyard per_player of card;
card flash "Flash" * 3 {
  anytime in hand, graveyard { move this to box; gain 2 vp; }
  whenever opponents attacks in hand, graveyard may "flash back?" { gain 1 vp; }
}
proc fill_box() { fill box with card; }
proc to_hand(c: card) { move c to hand; }
proc to_graveyard(c: card) { move c to graveyard; }
proc turn() { window; }
proc attack() { emit attacks(); }
"""
FLASH_GAME = """
game g {
  seats 2 to 3;
  phase setup { fill_box(); each players { draw 1 from box to hand; } }
  phase play { repeat 2 { each players { turn(); attack(); if size(hand) > 0 { move all of hand to graveyard; } } } }
  winner most vp;
}
"""


def flash_game(interpreted: bool, hand=(), graveyard=(), text: str = FLASH) -> Game:
    g = Game(build_text(text, interpreted=interpreted, name="t.rules"), 2, 1)
    run_proc(g, "fill_box")
    for seat, copy in hand:
        run_proc(g, "to_hand", g.program.entities[copy], player=seat)
    for seat, copy in graveyard:
        run_proc(g, "to_graveyard", g.program.entities[copy], player=seat)
    return g


@backends
def test_an_anytime_slot_of_two_zones_offers_each_copy_where_it_is(interpreted):
    g = flash_game(interpreted, hand=[(0, "flash")], graveyard=[(0, "flash#2"), (0, "flash#3")])
    asked = run_proc(g, "turn", player=1, answers=["Flash (from graveyard)", "pass"])
    assert [d.options for d in asked] == [["Flash (from hand)", "Flash (from graveyard)", "pass"]] * 2
    assert vp(g) == [2, 0] and [e.name for e in g.state.players[0].zones["graveyard"]] == ["flash#3"]
    g = flash_game(interpreted, hand=[(1, "flash")])
    assert [d.options for d in run_proc(g, "turn", player=0, answers=["pass"])] == [["Flash (from hand)", "pass"]]


@backends
def test_a_reaction_of_two_zones_answers_once_a_copy_from_either(interpreted):
    g = flash_game(interpreted, hand=[(1, "flash")], graveyard=[(1, "flash#2")])
    asked = run_proc(g, "attack", player=0, answers=["yes", "no"])
    assert [(d.player.name, d.prompt) for d in asked] == [("P2", "flash back?")] * 2 and vp(g) == [0, 1]
    g = flash_game(interpreted, graveyard=[(0, "flash")])
    assert run_proc(g, "attack", player=0) == []   # `opponents`: not its holder's own attack


def test_whole_games_with_two_zone_slots_agree_and_replay():
    from .conftest import random_games_agree, replays_through_json
    random_games_agree(FLASH + FLASH_GAME, seeds=range(1, 4), counts=(2, 3))
    replays_through_json(build_text(FLASH + FLASH_GAME), 2)


def test_the_zones_of_a_slot_are_each_checked():
    base = FLASH.replace("zone box of card;", "zone box of card;\nzone pool of card;")
    text = base.replace("anytime in hand, graveyard", "anytime in hand, pool")
    line = next(i for i, t in enumerate(text.split("\n"), 1) if "anytime in" in t)
    the_one_error(analyse_text(text), "E331", "zone 'pool' is shared", line=line)
    assert ("E331", line, 20) in found_at(text)
    text = base.replace("anytime in hand, graveyard", "anytime in hand, graveyrd")
    the_one_error(analyse_text(text), "E330", "'graveyrd' is not declared", line=line)
    text = base.replace("whenever opponents attacks in hand, graveyard", "whenever opponents attacks in hand, hand")
    the_one_error(analyse_text(text), "E383", "zone 'hand' is written twice", line=line + 1)
    assert ("E383", line + 1, 39) in found_at(text)


def test_fmt_and_explain_of_two_zones():
    _module, printed = printed_back(FLASH + "amend flash { remove anytime in hand, graveyard; }\n")
    assert "  anytime in hand, graveyard {" in printed and 'attacks in hand, graveyard may "flash back?" {' in printed
    assert "remove anytime in hand, graveyard;" in printed
    analysis = analyse_text(FLASH)
    lines = reading(analysis.symbols.decls["flash"], analysis.symbols)
    assert any("while this is in your hand or graveyard" in line and "At any window" in line for line in lines), lines
    assert any("while this is in your hand or graveyard" in line and "Whenever" in line for line in lines), lines


@pytest.mark.parametrize("house, slot", [
    ("amend flash { whenever opponents attacks in hand { } }", "'whenever attacks in hand, graveyard'"),
    ("amend flash { anytime in graveyard, hand { } }", "'anytime in hand, graveyard'"),
])
def test_an_amend_adding_a_slot_beside_one_sharing_a_zone_is_warned(house, slot):
    text = FLASH + house + "\n"
    w469 = [d for d in analyse_text(text).diagnostics if d.code == "W469"]
    assert len(w469) == 1 and slot in w469[0].message and w469[0].span.line == text.count("\n")
    assert not [d for d in analyse_text(FLASH + "amend flash { anytime in hand, graveyard { } }\n").diagnostics
                if d.code == "W469"]


# ---------------------------------------------------------------- slots on a kind

# Pandemic: every Event card may be played at any time from the hand (its own effect run), and here,
# for illustration, when an epidemic is drawn; One Quiet Night writes its own way to be played.
EVENT_KIND = """
counter vp;
event epidemic();
kind event_card "Event" {
  play: effect;
  anytime in hand { move this to discards; copy this.play; }
  whenever anyone epidemic in hand may "play it now?" { move this to discards; copy this.play; }
}
zone box of event_card;
zone hand per_player of event_card;
zone discards of event_card;
event_card airlift "Airlift" { play { gain 2 vp; } }
event_card quiet "One Quiet Night" { play { gain 1 vp; } anytime in hand { move this to discards; gain 5 vp; } }
event_card grant "Government Grant" { play { gain 3 vp; } }
proc fill_box() { fill box with event_card; }
proc take(c: event_card) { move c to hand; }
proc turn() { window; }
proc outbreak() { emit epidemic(); }
"""


def pandemic(interpreted: bool, house: str = "", cards=("airlift", "quiet", "grant")) -> Game:
    g = Game(build_text(EVENT_KIND + house, interpreted=interpreted, name="t.rules"), 2, 1)
    run_proc(g, "fill_box")
    for card in cards:
        run_proc(g, "take", g.program.entities[card], player=0)
    return g


@backends
def test_every_card_of_a_kind_has_the_kind_s_slots_unless_it_writes_its_own(interpreted):
    g = pandemic(interpreted)
    assert [(e.name, s) for e, s, _z, _when, _rest in g.program.anytime] == \
        [("airlift", "anytime in hand"), ("quiet", "anytime in hand"), ("grant", "anytime in hand")]
    asked = run_proc(g, "turn", player=1, answers=["Government Grant", "One Quiet Night", "pass"])
    assert [d.options for d in asked][0] == ["Airlift", "One Quiet Night", "Government Grant", "pass"]
    assert vp(g) == [8, 0]   # the Grant's own effect through the kind's slot, the Quiet Night's own slot
    asked = run_proc(g, "outbreak", player=1, answers=["yes"])
    assert [d.prompt for d in asked] == ["play it now?"] and vp(g) == [10, 0]


@backends
def test_an_amend_removes_or_replaces_a_kind_s_slot_for_one_card_or_for_the_kind(interpreted):
    g = pandemic(interpreted, "amend grant { remove anytime in hand; }\n", cards=("grant",))
    assert run_proc(g, "turn", player=1) == []
    g = pandemic(interpreted, "amend grant { anytime in hand { base(); gain 1 vp; } }\n", cards=("grant",))
    run_proc(g, "turn", player=1, answers=["Government Grant"])
    assert vp(g) == [4, 0]
    g = pandemic(interpreted, "amend event_card { remove anytime in hand; }\n")
    assert [s for _e, s, _z, _when, _rest in g.program.anytime] == ["anytime in hand"]   # the Quiet Night's own only
    g = pandemic(interpreted, 'amend event_card { whenever anyone epidemic in hand may "now?" { base(); } }\n',
                 cards=("airlift",))
    asked = run_proc(g, "outbreak", player=1, answers=["yes"])
    assert [d.prompt for d in asked] == ["now?"] and vp(g) == [2, 0]


def test_a_kind_s_slots_are_checked_once_at_the_kind():
    text = EVENT_KIND.replace("anytime in hand {", "anytime in box {", 1)
    line = next(i for i, t in enumerate(text.split("\n"), 1) if "anytime in box" in t)
    the_one_error(analyse_text(text), "E331", "zone 'box' is shared", line=line)
    text = EVENT_KIND.replace("copy this.play; }\n  whenever", "gain 1 vpp; }\n  whenever")
    the_one_error(analyse_text(text), "E202", line=line)
    text = EVENT_KIND.replace("  play: effect;\n", "  play: effect;\n  anytime in hand { }\n")
    the_one_error(analyse_text(text), "E215", "'anytime' slot 'anytime in hand' is written twice")


def test_fmt_and_explain_of_a_kind_s_slots():
    _module, printed = printed_back(EVENT_KIND)
    assert 'kind event_card "Event" {\n  play: effect;\n  anytime in hand {\n' in printed
    analysis = analyse_text(EVENT_KIND)
    kind = reading(analysis.symbols.decls["event_card"], analysis.symbols)
    assert any("Every event has these" in line for line in kind) and any("At any window" in line for line in kind)
    card = reading(analysis.symbols.decls["airlift"], analysis.symbols)
    assert any("At any window" in line and "(as every event)" in line for line in card), card
    own = reading(analysis.symbols.decls["quiet"], analysis.symbols)
    assert not any("At any window" in line and "as every" in line for line in own), own


# ---------------------------------------------------------------- cards of a per_player kind

# A mission board (each player has their own copy of every mission): a Shield on your board answers
# another player's attack, and may be cashed in at a window; only your own copy, from your own board.
MISSIONS = """
counter vp;
event attacked();
kind mission per_player { }
zone board per_player of mission;
zone done per_player of mission;
mission shield "Shield" {
  whenever opponents attacked in board { gain 1 vp; }
  anytime in board { move this to done; gain 3 vp; }
}
proc place() { move shield to board; }
proc attack() { emit attacked(); }
proc turn() { window; }
"""
MISSIONS_GAME = """
game g {
  seats 2 to 4;
  phase setup { each players { place(); } }
  phase play { repeat 3 { each players { turn(); attack(); } } }
  winner most vp;
}
"""


@backends
def test_each_player_s_copy_of_a_per_player_card_answers_from_their_own_zone(interpreted):
    g = Game(build_text(MISSIONS, interpreted=interpreted, name="t.rules"), 3, 1)
    run_proc(g, "place", player=1)
    run_proc(g, "place", player=2)
    run_proc(g, "attack", player=1)
    assert vp(g) == [0, 0, 1]   # P3's copy answers P2's attack; P2's own copy does not; P1 has none on board
    asked = run_proc(g, "turn", player=0, answers=["Shield", "pass"])
    assert [(d.player.name, d.options) for d in asked] == [("P2", ["Shield", "pass"]), ("P3", ["Shield", "pass"])]
    assert vp(g) == [0, 3, 1] and [e.key for e in g.state.players[1].zones["done"]] == ["shield@P2"]
    assert [e.key for e in g.state.players[2].zones["board"]] == ["shield@P3"]   # P3's copy stays


def test_whole_games_with_per_player_reactions_agree_and_replay():
    from .conftest import random_games_agree, replays_through_json
    random_games_agree(MISSIONS + MISSIONS_GAME, seeds=range(1, 4))
    replays_through_json(build_text(MISSIONS + MISSIONS_GAME), 2)


# ---------------------------------------------------------------- cover

def test_cover_counts_a_reaction_when_it_fires_and_an_anytime_card_when_played():
    from rulebook.runtime.coverage import cover_games
    from .test_reactions import EVENTS_GAME, GAME
    reaction = "moat whenever attack_played in hand"
    fired = cover_games(build_text(PACK + GAME), [3], range(1, 2), [[]], "random").report()
    assert reaction not in fired["card"][1] and fired["card"][0] == 3
    quiet = cover_games(build_text(PACK + GAME.replace("attack();", "")), [3], range(1, 2), [[]], "random").report()
    assert reaction in quiet["card"][1]   # given to every player, never fired: not reached
    never = EVENTS_GAME.replace("each players: turn();", "each players: gain 1 vp;")
    offered = cover_games(build_text(EVENTS + never), [2], range(1, 2), [[]], "random").report()
    assert {"airlift", "quiet"} <= set(offered["card"][1])
    played = cover_games(build_text(EVENTS + EVENTS_GAME), [4], range(1, 4), [[]], "random").report()
    assert "airlift" not in played["card"][1]


def test_explain_says_which_slot_an_amend_removed():
    analysis = analyse_text(EVENT_KIND + "amend grant { remove whenever epidemic in hand; }\n"
                            "amend event_card { remove anytime in hand; }\n")
    card = reading(analysis.symbols.decls["grant"], analysis.symbols)
    assert card[-1].startswith("(the reaction 'whenever epidemic in hand' removed by "), card
    kind = reading(analysis.symbols.decls["event_card"], analysis.symbols)
    assert kind[-1].startswith("(the slot 'anytime in hand' removed by "), kind


def test_a_field_named_whenever_reads_as_a_field_in_a_card_as_in_a_kind():
    # a reserved word before '=' in a card names a field (2, "Keywords"): one the kind lacks is E205
    from .conftest import found_at
    assert ("E205", 2, 10) in found_at("kind card { x: int; }\ncard a { whenever = 2; }")
    assert found_at("kind card { whenever: int = 0; }\ncard a { whenever = 2; }") == []
