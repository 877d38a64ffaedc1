"""Five small gaps (branch smalls21): constants at the seats, an option's range, a space's number and an index
range's low end; every seat clockwise (`all_players_from`, `all_others_from`) and `retired(p)`; W584 for an
`each` of a player taken from every seat; W578 for public variables; `--show-state`'s adjusted field values."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import analyse, analyse_text
from rulebook.dsl import ast as A

from .conftest import found_at, played_on_both_backends, printed_back, write_pack

PACKS = Path(__file__).parent / "packs"

# 1. Constants wherever a count of seats or an option's range is written --------------------------------------

# Oware-like: six pits a side of four seeds, a race to the store; the seats, the option's range, the index
# ranges' low ends and the store's space are constants.
OWARE = """
const seated "Players" = 2;
const first "First pit" = 1;
const pits "Pits a side" = 6;
const store "Store space" = 3;
const below "Handicap floor" = 0 - 2;
option target "Seeds to win": pits..48 = 25;
option handicap "Handicap": below..2 = below;
counter seeds[first..pits] "Seeds" from 0 to 48 start 4;
counter stored "Stored";
kind bead "Bead" { sown: bool[first..pits] = false; }
bead red "Red bead" * 2 {}

track race "Race to the store" {
  space 1 {}
  space 2 {}
  space store {
    gain 1 stored;
    if stored >= target {
      end game "{you} stored {target} seeds";
    }
  }
}

game oware {
  seats seated;
  phase play {
    repeat 3 {
      each players {
        pick p from first..pits where seeds[p] > 0 "sow from pit" {
          lose 1 seeds[p];
          advance race by 1;
        }
      }
    }
  }
  winner most stored + seeds[first] + handicap;
}
"""

# A house rule: up to four players, eight pits, the store a space further, each amended by a constant.
WIDE = """
const most "Most players" = 4;
const beads "Beads" = 3;
override const pits "Pits a side" = 8;
amend oware {
  seats seated to most;
}
amend red * beads {}
amend race {
  space store {
    gain 2 stored;
  }
}
"""


def test_the_seats_an_options_range_a_space_and_an_index_read_constants_and_a_house_rule_changes_them(tmp_path):
    base = write_pack(tmp_path / "oware", OWARE, "oware")
    wide = write_pack(tmp_path / "wide", WIDE, "wide", extends=["../oware"])
    result = analyse(str(base))
    assert [d.headline() for d in result.diagnostics if d.code[0] in "EW"] == []
    sym = result.symbols
    assert (sym.game.min_players, sym.game.max_players, sym.game.min_players.const) == (2, 2, "seated")
    target, handicap = sym.decls["target"], sym.decls["handicap"]
    assert (target.low, target.high, handicap.low, handicap.default) == (6, 48, -2, -2)   # below 0: an option's
    assert (sym.decls["seeds"].indexes.low, sym.decls["seeds"].indexes.high) == (1, 6)
    assert sym.decls["bead"].fields[0].index_range == (1, 6)
    assert [sp.position for sp in sym.decls["race"].spaces] == [1, 2, 3]
    changed = analyse(str(wide))
    assert [d.headline() for d in changed.diagnostics if d.code[0] in "EW"] == []
    sym = changed.symbols
    assert (sym.game.min_players, sym.game.max_players) == (2, 4)
    assert (sym.decls["seeds"].indexes.high, sym.decls["target"].low, sym.decls["red"].copies) == (8, 8, 3)
    amended = [d.message for d in changed.diagnostics if d.code == "I404"]
    assert "amends bead 'red' (now 3 copies, the constant beads, from 2 copies)" in amended
    assert "amends space store (3) of track 'race'" in amended
    for seed in (1, 2):
        (compiled, _result), _interpreted = played_on_both_backends(wide, 4, seed)
        pits = [name for name in compiled.state.players[0].stock if name.startswith("seeds")]
        assert len(pits) == 8 and len(compiled.state.players) == 4   # eight pits, four players


def test_fmt_prints_each_constants_name_back_and_explain_shows_them(tmp_path):
    module, printed = printed_back(OWARE + WIDE)
    for line in ("seats seated;", "seats seated to most;", 'option target "Seeds to win": pits..48 = 25;',
                 'option handicap "Handicap": below..2 = below;', 'counter seeds[first..pits] "Seeds"',
                 "sown: bool[first..pits] = false;", "space store {"):
        assert line in printed
    game = next(i for i in module.items if isinstance(i, A.Game))
    assert (game.min_players, game.max_players) == (A.ConstNumber("seated"), A.ConstNumber("seated"))
    base = write_pack(tmp_path / "oware", OWARE, "oware")
    runner = CliRunner()
    shown = runner.invoke(app, ["explain", str(base), "oware"]).output
    assert "seats seated;" in shown and "(seated = 2, as oware sets it;" in shown and "For 2 players." in shown
    shown = runner.invoke(app, ["explain", str(base), "seeds"]).output
    assert "counter seeds[first..pits]" in shown and "for each number from 1 to 6" in shown
    shown = runner.invoke(app, ["explain", str(base), "handicap"]).output
    assert "below..2 = below" in shown and "-2 to 2: -2 unless" in shown
    assert "space store {" in runner.invoke(app, ["explain", str(base), "race"]).output


def test_a_name_at_the_seats_or_a_space_that_is_no_constant_is_e597_and_below_zero_e598():
    at = OWARE.splitlines().index("  seats seated;") + 1
    assert found_at(OWARE.replace("seats seated;", "seats seatd;")) == [("E597", at, 9)]
    assert [f[:2] for f in found_at(OWARE.replace("seats seated;", "seats below to 2;")) if f[0] != "W555"] \
        == [("E598", at)]
    space = OWARE.splitlines().index("  space store {") + 1
    assert [f for f in found_at(OWARE.replace("space store {", "space stor {")) if f[0][0] == "E"] \
        == [("E597", space, 9)]   # (no E305 besides for the 1 standing in its place)
    moved = [d.message for d in analyse_text(OWARE.replace("= 3;", "= 4;", 1)).diagnostics if d.code == "E305"]
    assert moved == ["space store (4) of track 'race' should be space 3: spaces are numbered 1, 2, 3 ... in order"]
    hint = next(d.hint for d in analyse_text(OWARE.replace("seats seated;", "seats seatd;")).diagnostics)
    assert "did you mean 'seated'?" in hint


def test_an_index_ranges_low_end_above_its_high_end_is_e566():
    higher = OWARE.replace('const first "First pit" = 1;', 'const first "First pit" = 7;')
    found = [d for d in analyse_text(higher).diagnostics if d.code == "E566"]
    assert len(found) == 2 and "'seeds[first..pits]' ranges from 7 to 6" in found[0].message   # the counter, the field


def test_an_amended_space_is_found_by_its_constants_number(tmp_path):
    # Ticket to Ride-like: the last space of a route track, named by a constant; a house rule amends it
    base = write_pack(tmp_path / "routes", """
const longest "Longest route" = 3;
counter vp "Points";
track route "Route" {
  space 1 {}
  space 2 {}
  space longest {
    gain 4 vp;
  }
}
game routes {
  seats 2;
  phase play {
    each players: advance route by 3;
  }
  winner most vp;
}
""", "routes")
    house = write_pack(tmp_path / "bonus", "amend route {\n  space longest {\n    base();\n    gain 2 vp;\n  }\n}\n",
                       "bonus", extends=["../routes"])
    result = analyse(str(house))
    assert [d.code for d in result.diagnostics if d.code[0] in "EW"] == []
    (compiled, outcome), _ = played_on_both_backends(house, 2, 1)
    assert outcome["scores"] == [6, 6] or list(outcome["scores"].values()) == [[6], [6]] or outcome["scores"]


def test_space_stays_a_name_where_a_local_is_picked():
    found = found_at("""
counter vp;
proc score() {
  pick space from 1..3 "pick a number" {
    gain space vp;
  }
}
""")
    assert [f for f in found if f[0][0] == "E"] == []


# 2. Every seat clockwise from a player, the players out and retired too ----------------------------------------

# Tichu-like: each turn the player plays a card; out of cards, they retire; every seat clockwise from the
# leader's left, the retired too, sees the trick (counted), and the lead goes to the next seat still holding cards.
TABLE = """
counter seen "Tricks seen";
counter played "Cards played";
counter out_seen "Tricks seen while out";
kind card { value: int = 1; }
card five "Five" * 7 {}
zone deck of card secret;
zone hand per_player of card hidden;
var leader "Leader" global: player;

proc turn() {
  pick c from hand "play a card" {
    move c to deck;
    gain 1 played;
  }
  each all_others_from(you) {
    gain 1 seen;
    if retired() {
      gain 1 out_seen;
    }
  }
  if size(hand) == 0 {
    retire;
    set leader = first(q in all_others_from(you) where not retired(q));
  }
}

game tichu_like {
  seats 3;
  phase setup {
    fill deck with card;
    shuffle deck;
    deal all of deck to hand;
  }
  phase play {
    while size(players) > 0 {
      each players: turn();
    }
  }
  winner most seen;
}
"""


def test_all_others_from_reaches_the_retired_in_seat_order_on_both_backends(tmp_path):
    pack = write_pack(tmp_path / "tichu", TABLE, "tichu")
    assert [d.headline() for d in analyse(str(pack)).diagnostics if d.code[0] in "EW"] == []
    (compiled, _), (interpreted, _) = played_on_both_backends(pack, 3, 1)
    for game in (compiled, interpreted):
        stock = [p.stock for p in game.state.players]
        # P1 holds 3 cards, P2 and P3 two: every play is seen by both other seats, so 7 plays, 14 seen in all;
        # P2 retires in the second round before P3 plays; P1 plays alone in the third, seen by both retired
        assert sum(s["played"] for s in stock) == 7 and sum(s["seen"] for s in stock) == 14
        assert [s["out_seen"] for s in stock] == [0, 2, 1]
        assert len(game.state.retired) == 3


def test_the_builtins_give_every_seat_clockwise_and_retired_asks():
    from rulebook.compiler.driver import build_text
    from rulebook.runtime.engine import Game

    for interpreted in (False, True):
        game = Game(build_text(TABLE, interpreted=interpreted), 3, 1)
        p1, p2, p3 = game.state.players
        game.state.retired.append(p3)
        game.state.out.append(p2)
        assert game.all_others_from(p1) == [p2, p3] and game.others_from(p1) == []
        assert game.all_players_from(p3) == [p3, p1, p2] and game.players_from(p3) == [p1]
        assert (game.retired(p3), game.retired(p2), game.eliminated(p2)) == (True, False, True)


def test_cluedo_finds_its_disprover_with_all_others_from():
    text = (PACKS / "cluedo" / "cluedo.rules").read_text()
    assert "first(q in all_others_from(you) where" in text and "% player_count" not in text
    shown = CliRunner().invoke(app, ["explain", str(PACKS / "cluedo"), "suggest"]).output
    assert "the first of q among every seat clockwise from your left but you, players out or retired too" in shown


def test_a_player_argument_is_needed():
    assert [f[0] for f in found_at("proc p() { each all_others_from(3) { } }\n") if f[0][0] == "E"] == ["E303"]


# 3. W584 for an `each` over one player taken from every seat --------------------------------------------------

# Werewolf: the Hunter killed in the night shoots at once; found among every seat, then asked with `each`.
HUNTED = """
counter hunter "Hunter" from 0 to 1;
proc night_kill(p: player) { each p: eliminate; }
proc last_shot() {
  TAKEN
}
"""
LOOPED = """for each p in all_players where p.hunter == 1 {
    each p {
      pick q from players "shoot whom?" { eliminate q; }
    }
  }"""
FOUND = """let h = first(q in all_players where q.hunter == 1);
  each h {
    pick q from players "shoot whom?" { eliminate q; }
  }"""


def test_w584_an_each_of_a_player_taken_from_every_seat():
    for taken, line, column in ((LOOPED, 6, 10), (FOUND, 6, 8)):
        (d,) = analyse_text(HUNTED.replace("TAKEN", taken)).diagnostics
        assert (d.code, d.span.line, d.span.column) == ("W584", line, column)
        assert "taken from 'all_players'" in d.message and "'retire' them" in d.hint
    clockwise = FOUND.replace("all_players", "all_others_from(you)")
    assert [d.code for d in analyse_text(HUNTED.replace("TAKEN", clockwise)).diagnostics] == ["W584"]
    direct = "each all_others_from(you): gain 1 hunter;"
    assert [d.code for d in analyse_text(HUNTED.replace("TAKEN", direct)).diagnostics] == ["W584"]


def test_w584_stays_quiet_when_the_player_is_taken_from_the_players_in_or_the_out_are_asked_about():
    quiet = (LOOPED.replace("all_players", "players"),
             LOOPED.replace("where p.hunter == 1", "where p.hunter == 1 and not eliminated(p)"),
             FOUND.replace("q.hunter == 1", "q.hunter == 1 and not q.eliminated()"),
             LOOPED.replace("each p {", "each p where not eliminated() {"),
             "for each p in all_players { set p.hunter = 0; }")
    for taken in quiet:
        assert analyse_text(HUNTED.replace("TAKEN", taken)).diagnostics == [], taken
    restored = HUNTED.replace("TAKEN", LOOPED + "\n  restore all_players;")
    assert analyse_text(restored).diagnostics == []
    shadowed = HUNTED.replace("TAKEN", LOOPED.replace("each p {", "for each p in players { each p {") + "}")
    assert [d.code for d in analyse_text(shadowed).diagnostics] == ["W423"]   # (the inner p is another local)


# 4. W578 for a public variable a hidden role's rules alone set ------------------------------------------------

# The Resistance: a spy who plays a fail card marks the mission; the mark is a public variable, so it tells who
# the spy is when only the spy's rule sets it.
MARKED = """
counter vp "VP" hidden from 0 to 9;
var failed_by "Failed by" global: player;
var voted "Voted" global: bool = false;
role spy "Spy" shared hidden known to holders { }
role loyal "Resistance" shared hidden { }
proc mission() {
  set voted = true;
  if you is spy {
    set failed_by = you;
  } else {
    gain 1 vp;
  }
}
game resistance "The Resistance" {
  seats 4 roles spy, spy, loyal, loyal at random;
  phase play {
    repeat 2 {
      each players: mission();
    }
  }
  winner most vp;
}
"""


def test_w578_a_public_variable_only_a_spys_rule_sets():
    [w578] = [d for d in analyse_text(MARKED).diagnostics if d.code == "W578"]
    assert (w578.span.line, w578.span.column) == (10, 5)
    assert w578.message.startswith("variable 'failed_by' is public, and only rules of the hidden role Spy ('spy')")
    assert "when it changes, everyone learns who holds the role" in w578.message
    assert w578.hint.startswith("make the variable 'internal'")


def test_w578_is_quiet_for_a_variable_kept_off_the_screens_hidden_or_set_by_both_sides():
    for change in (('var failed_by "Failed by" global:', 'var failed_by "Failed by" global internal:'),
                   ("  set voted = true;\n", "  set voted = true;\n  set failed_by = none;\n"),
                   ('role spy "Spy" shared hidden known to holders', 'role spy "Spy" shared')):
        text = MARKED.replace(*change)
        assert text != MARKED and "W578" not in [c for c, _l, _c in found_at(text)], change
    own = MARKED.replace('var failed_by "Failed by" global: player;', 'var failed_by "Failed by" hidden: player;')
    assert "W578" not in [c for c, _l, _c in found_at(own)]


# 5. The CLI's state table shows a field's adjusted value ------------------------------------------------------

# Race for the Galaxy-like: a world's cost is adjustable; a discount of P1's lowers what P1 would pay.
WORLDS = """
counter vp;
event world_cost(w: world);
kind world { cost: int = 1 for world_cost; }
world alien_colony "Alien Colony" { cost = 5; }
world rebel_base "Rebel Base" { cost = 4; }
zone offered of world;
proc deal() { fill offered with world; }
proc discount() { modifier you world_cost once { value -2; } }
proc everyone() { modifier anyone world_cost { value -1; } }
proc buy(w: world) { set vp = w.cost; }
"""


def test_the_state_table_shows_each_seats_adjusted_value_without_using_a_once_modifier():
    from rulebook.cli import _marks_text
    from rulebook.compiler.driver import build_text
    from rulebook.runtime.engine import Game

    from .conftest import run_proc

    for interpreted in (False, True):
        game = Game(build_text(WORLDS, interpreted=interpreted), 2, 1)
        run_proc(game, "deal")
        colony = game.program.entities["alien_colony"]
        assert _marks_text(game, colony) == ""   # no modifier in force: the printed value alone, as before
        run_proc(game, "discount", player=0)
        for _ in range(2):   # the `once` discount is not used up by the table
            assert _marks_text(game, colony) == " [cost 3 for P1 now, 5 printed]"
        run_proc(game, "everyone", player=1)
        assert _marks_text(game, colony) == " [cost 2 for P1, 4 for P2 now, 5 printed]"
        run_proc(game, "buy", colony, player=0)   # P1's read uses the discount up: both read the same now
        assert game.state.players[0].stock["vp"] == 2 and _marks_text(game, colony) == " [cost 4 now, 5 printed]"
