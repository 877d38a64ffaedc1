"""Dice kept as pieces (docs/language.md 3.11): a kind's field typed by a die makes its cards dice that
`roll x;` and `roll all of ZONE [where COND];` roll through the game's seeded RNG, that keep their face
in zones, logs, saved games and resumes, that announce `roll` with the die as `on`, and that `set` turns
only to a face they have. From Yahtzee (keep and re-roll twice) and King of Tokyo (three rolls, then
the kept faces resolve), on both backends."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse, analyse_text, build_text
from rulebook.runtime.coverage import Coverage
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.record import GameLog, record, replay, resume

from .conftest import explained, on_both_backends, printed_back, random_games_agree, the_one_error

# Yahtzee: five dice; each turn the player rolls them all, keeps some and rolls the others again, twice
# at most, then scores the five (here: their total, "chance"; a Yahtzee of five alike scores 50).
YAHTZEE = """
counter score;
counter yahtzees;
die d6 "Die": int { face = 1; face = 2; face = 3; face = 4; face = 5; face = 6; }
kind die_piece "Die" { shows: d6; }
die_piece dice "Die" * 5 { }
zone cup of die_piece;
zone kept per_player of die_piece;
func alike(n: int) = count(x in kept where x.shows == n);
proc turn() {
  roll all of cup;
  repeat 2 {
    pick x from cup "keep which dice?" up to 5 { move x to kept; }
    roll all of cup;
  }
  move all of cup to kept;
  gain total(x in kept, x.shows) score;
  if alike(first(kept).shows) == 5 { gain 50 score; gain 1 yahtzees; }
  move all of kept to cup;
}
game yahtzee {
  seats 1 to 4;
  phase setup { fill cup with die_piece; }
  phase play { repeat 3 { each player { turn(); } } }
  winner most score;
}
"""

# King of Tokyo: six dice, rolled up to three times, keeping any between rolls; then the kept faces
# resolve: three of a number score it (each more, 1 more), each claw hits the others, each heart heals,
# each energy gives an energy cube.
KING_OF_TOKYO = """
counter vp;
counter health from 0 to 12 start 10;
counter energy;
die kot "King of Tokyo die" {
  face "1" { } face "2" { } face "3" { } face "claw" { } face "heart" { } face "energy" { }
}
kind kot_die "Die" { face: kot; }
kot_die black "Black die" * 6 { }
zone tray of kot_die;
zone set_aside of kot_die;
func showing(f: str) = count(x in set_aside where x.face == f);
func number(n: int, f: str) = if showing(f) >= 3 then n + showing(f) - 3 else 0;
proc turn() {
  move all of set_aside to tray;
  roll all of tray;
  repeat 2 {
    pick x from tray "keep which dice?" up to 6 { move x to set_aside; }
    roll all of tray;
  }
  move all of tray to set_aside;
  gain number(1, "1") + number(2, "2") + number(3, "3") vp;
  gain showing("energy") energy;
  gain showing("heart") health;
  each opponents { lose showing("claw") health; }
}
game king_of_tokyo {
  seats 2 to 6;
  phase setup { fill tray with kot_die; }
  phase play { repeat 4 { each player { turn(); } } }
  winner most vp;
}
"""

yahtzee = on_both_backends(lambda interpreted: build_text(YAHTZEE, interpreted=interpreted))
kot = on_both_backends(lambda interpreted: build_text(KING_OF_TOKYO, interpreted=interpreted))


def keeping(game: Game, keep, stop: int = 10_000) -> list:
    """Play a game answering every pick with the first option `keep` accepts (a label: `Die: 6`), else
    `none`; returns the decisions' option lists, in order."""
    asked, d = [], game.start()
    while d is not None and len(asked) < stop:
        asked.append(list(d.options))
        i = next((k for k, label in enumerate(d.options) if label != "none" and keep(label)), d.options.index("none"))
        d = game.apply(i)
    return asked


def rolls(game: Game) -> list:
    return [entry for entry in game.log if entry[0] == "roll"]


def test_yahtzee_keeps_the_dice_kept_and_rolls_the_others_again(yahtzee):
    g = Game(yahtzee, 1, 7)
    me = g.state.players[0]
    d, kept_at, offered = g.start(), [], []
    while len(kept_at) < 2:   # the first turn's two keeps: every six, one pick at a time, then none
        kept = g.zone(me, "kept").items
        # a pick offers each die of the cup with the face it shows; the dice kept show 6 and stay so
        assert [label.partition(" (")[0] for label in d.options[:-1]] == \
            [f"Die: {g.field(x, 'shows')}" for x in g.zone(None, "cup").items]
        assert all(g.field(x, "shows") == 6 for x in kept)
        offered.append(len(d.options) - 1)
        six = next((i for i, label in enumerate(d.options) if label.startswith("Die: 6")), None)
        if six is None:
            kept_at.append(len(kept))
        d = g.apply(d.options.index("none") if six is None else six)
    k1, k2 = kept_at
    assert k1 < 5 and k1 <= k2   # (this seed keeps some sixes, not five at once)
    # three rolls of the cup (5 dice, then those not kept at each keep), then the next turn's 5
    logged = rolls(g)
    assert len(logged) == 5 + (5 - k1) + (5 - k2) + 5
    last = logged[-5 - (5 - k2):-5]   # the third roll of the first turn: what the cup showed at the end
    assert me.stock["score"] == 6 * k2 + sum(face + 1 for _roll, _die, face in last)


def test_yahtzee_scores_the_faces_kept(yahtzee):
    g = Game(yahtzee, 2, 11)
    keeping(g, lambda label: label.startswith(("Die: 5", "Die: 6")))
    assert g.result()["over"]
    # every die rolled is a face of d6 (logged by position), and the score is the faces' total per turn
    assert all(entry[1] == "d6" and 0 <= entry[2] < 6 for entry in rolls(g))
    for p in g.state.players:
        assert 3 <= p.stock["score"] - 50 * p.stock["yahtzees"] <= 90


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
@pytest.mark.parametrize("seed", [3, 8])
def test_king_of_tokyo_resolves_the_kept_faces_after_three_rolls(interpreted, seed):
    one_turn = KING_OF_TOKYO.replace("phase play { repeat 4 { each player { turn(); } } }", "phase play { turn(); }")
    g = Game(build_text(one_turn, interpreted=interpreted), 2, seed)
    keeps = []
    d = g.start()
    while d is not None:   # keep the claws and the 3s, one pick at a time, then none
        keep = next((i for i, label in enumerate(d.options) if label.startswith("Black die: ")
                     and label.partition(": ")[2].partition(" (")[0] in ("claw", "3")), None)
        if keep is None:
            keeps.append(len(g.zone(None, "set_aside").items))
        d = g.apply(d.options.index("none") if keep is None else keep)
    aside = g.zone(None, "set_aside").items
    faces = [g.field(x, "face") for x in aside]
    assert len(aside) == 6 and set(faces) <= {"1", "2", "3", "claw", "heart", "energy"}
    # three rolls of the tray: six dice, then those not set aside at each of the two keeps
    assert len(rolls(g)) == 6 + sum(6 - k for k in keeps[:2])
    p1, p2 = g.state.players
    count = faces.count
    assert p1.stock["vp"] == sum(n + count(str(n)) - 3 for n in (1, 2, 3) if count(str(n)) >= 3)
    assert p1.stock["energy"] == count("energy")
    assert p1.stock["health"] == min(12, 10 + count("heart"))
    assert p2.stock["health"] == max(0, 10 - count("claw"))


def test_the_same_seed_gives_the_same_faces_and_the_backends_agree():
    random_games_agree(YAHTZEE, seeds=range(1, 4), counts=(1, 3))
    random_games_agree(KING_OF_TOKYO, seeds=range(1, 4), counts=(2, 4))


def test_replay_and_resume_keep_the_faces(kot):
    from .conftest import played

    g = played(kot, 5, 3)
    log = GameLog.model_validate_json(record(g).model_dump_json())
    assert replay(kot, log).state.digest() == g.state.digest()
    # resumed halfway: every die shows what it showed then in the game played through
    half = sum(isinstance(e[0], int) for e in log.entries) // 2
    again, twin = resume(kot, log, until=half), Game(kot, 3, 5)
    d = twin.start()
    for e in [e for e in log.entries if isinstance(e[0], int)][:half]:
        d = twin.apply(e[1])
    faces = lambda game: [(x.key, game.field(x, "face")) for z in ("tray", "set_aside") for x in game.zone(None, z).items]
    assert faces(again) == faces(twin) and again.state.digest() == twin.state.digest()
    del d


ROLLED_SIX = """
counter vp;
counter seen;
die d6: int { face = 1; face = 2; face = 3; face = 4; face = 5; face = 6; }
kind die_piece "Die" { shows: d6; }
die_piece dice "Die" * 4 { }
zone cup of die_piece;
proc listen() {
  whenever you roll(value = 6) { gain 1 vp; }
  whenever you roll { if it.on != none and it.on.shows == it.value { gain 1 seen; } }
}
game sixes {
  seats 1 to 2;
  phase setup { fill cup with die_piece; each player { listen(); } }
  phase play { repeat 3 { roll all of cup where it.shows != 6; } }
  winner most vp;
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_roll_announces_the_die_as_on_and_where_leaves_sixes_alone(interpreted):
    program = build_text(ROLLED_SIX, interpreted=interpreted)
    g = Game(program, 1, 4, make_agents("random", 1, 4))
    g.play()
    sixes = [e for e in g.log if e[0] == "roll" and e[2] == 5]
    p = g.state.players[0]
    assert p.stock["vp"] == len(sixes)   # every six rolled, heard through `roll(value = 6)`
    assert p.stock["seen"] == len(rolls(g))   # `it.on` is the die, which shows the value already
    # a six is never rolled again: the dice showing 6 at the end were rolled to 6 once each
    assert len(sixes) == sum(g.field(x, "shows") == 6 for x in g.zone(None, "cup").items)


TURNED = """
counter vp;
die d6: int { face = 1; face = 2; face = 3; face = 4; face = 5; face = 6; }
kind die_piece "Die" { shows: d6; }
die_piece dice "Die" * 2 { }
zone cup of die_piece;
proc bump(n: int) { set first(cup).shows = first(cup).shows + n; }
game bumps {
  seats 1 to 2;
  phase setup { fill cup with die_piece; }
  phase play { roll all of cup; set first(cup).shows = 6; bump(-5); gain first(cup).shows vp; bump(7); }
  winner most vp;
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_die_turned_to_a_face_it_has_not_stops_with_E439(interpreted):
    program = build_text(TURNED, interpreted=interpreted)
    g = Game(program, 1, 2, make_agents("random", 1, 2))
    with pytest.raises(RulesRuntimeError) as err:
        g.play()
    assert err.value.code == "E439" and "no face of d6 shows" in err.value.message
    assert g.state.players[0].stock["vp"] == 1   # 6 - 5: turned to a face it has, then read


def test_the_faces_rolled_are_covered():
    program = build_text(YAHTZEE)   # (compiled, as `rulebook cover` plays: one function per face)
    cover = Coverage(program)
    cover.measure(lambda: Game(program, 1, 3, make_agents("random", 1, 3)).play())
    faces = cover.report()["die d6"]
    assert faces == (6, [])   # six faces, each rolled in a game of three turns


def test_it_prints_back_and_reads_in_words():
    _module, printed = printed_back(YAHTZEE + "proc again() { roll all of cup where it.shows < 3; }")
    assert "roll all of cup;" in printed and "roll all of cup where it.shows < 3;" in printed
    assert 'kind die_piece "Die" { shows: d6; }' in printed
    result = analyse_text(YAHTZEE + "proc one(x: die_piece) { let v = roll x; gain v score; }")
    assert result.ok, [d.headline() for d in result.diagnostics]
    words = explained(result, "turn")
    assert "Roll each of the dice of the cup, one after the other in its order: each shows the face rolled" in words
    assert "Roll x (a die kept as a piece): it shows the face rolled" in explained(result, "one")


@pytest.mark.parametrize("rules, code, where", [
    ("kind card { cost: int; }\ncard c1 { cost = 1; }\nzone hand of card;\nproc p() { roll all of hand; }",
     "E438", "'hand' holds cards of kind card, not a die"),
    ("kind card { cost: int; }\ncard c1 { cost = 1; }\nproc p() { roll c1; }", "E438", "'c1' is a card, not a die"),
    ("kind card { cost: int; }\nproc p(x: card) { roll x; }", "E438", "'x' is a card, not a die"),
    ("kind die_piece { shows: d6; }\ndie_piece a { shows = 7; }", "E439", "no face of 'd6' shows 7"),
    ("kind die_piece { shows: d6 = 0; }", "E439", "no face of 'd6' shows 0"),
    ("kind die_piece { shows: d6; }\nproc p(x: die_piece) { set x.shows = 9; }", "E439", "shows 9"),
    ("kind two { a: d6; b: d6; }", "E440", "two fields typed by a die"),
    ("kind many { a: d6[colour]; }\nenum colour { red, blue }", "E440", "has an index"),
    ("die plain { face { } face \"two\" { } }\nkind p { up: plain; }", "E441", "face 1 has none"),
    ("kind kdie { face: kot; }\nproc p(x: kdie) { set x.face = \"skull\"; }", "E439", "'claw'"),
])
def test_misuse_is_a_positioned_error(rules, code, where):
    dice = ("die d6: int { face = 1; face = 2; face = 3; face = 4; face = 5; face = 6; }\n"
            "die kot { face \"1\" { } face \"claw\" { } }\n")
    the_one_error(analyse_text(dice + rules), code, where)


def test_dice_no_rule_rolls_and_the_hand_made_roll_are_warned():
    found = [(d.code, d.span.line) for d in analyse_text(
        "die d6: int { face = 1; face = 2; face = 3; face = 4; face = 5; face = 6; }\n"
        "kind die_piece \"Die\" { shows: d6; }\n"
        "kind idle \"Idle die\" { shows: d6; }\n"
        "zone cup of die_piece;\n"
        "proc p() { for each x in cup { let v = roll d6; set x.shows = v; } }\n").diagnostics]
    assert ("W433", 5) in found and ("W432", 3) in found and ("W432", 2) not in found


def test_a_die_that_only_types_a_kinds_field_is_used(tmp_path):
    # Zombie Dice: three colours of dice, each a kind whose cards roll their own die; no rule names a die
    text = ("enum symbol { brain, footprint, shotgun }\n"
            "die green_die: symbol { face * 3 = brain; face * 2 = footprint; face = shotgun; }\n"
            "die red_die: symbol { face = brain; face * 2 = footprint; face * 3 = shotgun; }\n"
            "die spare: symbol { face = brain; }\n"
            "kind green { shows: green_die; }\nkind red { shows: red_die; }\n"
            "green g * 6 { }\nred r * 3 { }\nzone cup of green or red;\n"
            "proc turn() { for each d in cup { roll d; } }\n"
            "counter brains;\n"
            "game zombie { seats 2 to 8; winner most brains; phase play { each players { turn(); } } }\n")
    (tmp_path / "pack.toml").write_text('name = "zombie"\nversion = "0.1.0"\n')
    (tmp_path / "zombie.rules").write_text(text)
    unused = [(d.code, d.span.line) for d in analyse(str(tmp_path)).diagnostics if d.code == "W401"]   # (a pack's lint)
    assert unused == [("W401", 4)]   # the spare die alone


def test_packs_without_dice_pay_nothing():
    from rulebook.compiler.driver import compile_pack  # noqa: F401  (the shipped packs' tables are unchanged)
    program = build_text("counter vp;\ngame g { seats 1 to 2; phase play { gain 1 vp; } winner most vp; }")
    assert program.die_fields == {}


# Dice Forge style: a die's own effect rolls it again (`roll this;`); a func of no declared type gives
# the die to roll (its type is known in play only).
OWN = """
counter vp;
die d6: int { face = 1; face = 2; face = 3; face = 4; face = 5; face = 6; }
kind die_piece "Die" { shows: d6; again: effect; }
die_piece dice "Die" * 2 { again { roll this; gain this.shows vp; } }
zone cup of die_piece;
func any_die() = first(cup);
proc p() { let y = any_die(); let v = roll y; gain v vp; run_slot_of(y); }
proc run_slot_of(x: die_piece) { copy x.again; }
game g { seats 1 to 1; phase setup { fill cup with die_piece; } phase play { p(); } winner most vp; }
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_die_rolls_itself_and_a_local_of_any_type_is_rolled_in_play(interpreted):
    result = analyse_text(OWN)
    assert result.ok and not result.diagnostics, [d.headline() for d in result.diagnostics]
    g = Game(build_text(OWN, interpreted=interpreted), 1, 6, make_agents("random", 1, 6))
    g.play()
    first, second = [face + 1 for _roll, _die, face in rolls(g)]
    assert g.state.players[0].stock["vp"] == first + second
    assert g.field(g.zone(None, "cup").items[0], "shows") == second
