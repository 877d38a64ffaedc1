"""`explain` wording the embedding audit found wrong (finding 14): plurals of titles that end in s,
"the" doubled before a title that has one, tracks held by locals and fields, overrides shown as
written, and a removed declaration explained rather than refused."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import analyse, analyse_text
from rulebook.compiler.explain import counted, plural, reading

from .conftest import explained

# A river-trading game: a coin with a Latin name, a board titled with its article, four rivers as values
# that each name their track, and a proc that takes a track.
TRADE = '''
resource solidus "Solidus";
resource glass "Glass";
counter vp "VP";
track nile "Nile" { space 1 { gain 1 vp; } space 2 { gain 1 vp; } }
track upper "Upper river track" { space 1 { gain 1 vp; } }
kind river "River" { t: track; n: int; }
river east "East" { t = nile; n = 1; }
zone rivers "The rivers" of river;
zone board "The board" of river;
proc sail(t: track) { advance t by 1; if position(t) >= 2 { gain 2 solidus; } }
proc pick_river() {
  pick r from rivers where position(r.t) < 2 "a river" {
    let t = r.t;
    sail(t);
  }
}
proc count_board() { gain count(x in board) vp; gain 2 glass; advance upper by 1; }
game trade { seats 2 to 4; phase setup { fill rivers with river; } phase play { pick_river(); count_board(); }
  winner most vp; }
'''


@pytest.fixture(scope="module")
def symbols():
    result = analyse_text(TRADE)
    assert result.ok, result.diagnostics
    return result.symbols


def test_a_title_ending_in_s_gets_no_second_s():
    assert plural("solidus") == "soliduses"            # -us is English (bonus, bonuses)
    assert plural("augustalis") == "augustalis"        # a single final s stays: a name with no English plural
    assert plural("workers") == "workers" and plural("glass") == "glasses"
    assert counted(4, "augustalis") == "4 augustalis"
    assert counted(1, "augustalis") == "1 augustalis"


def test_gains_read_with_the_rule(symbols):
    assert reading(symbols.decls["count_board"], symbols) == [
        "Gain 1 VP for each river in the board.",
        "Gain 2 glasses.",
        "Advance 1 space on the upper river track.",
    ]


def test_a_title_with_its_own_article_is_not_doubled(symbols):
    lines = reading(symbols.decls["pick_river"], symbols)
    head = "Pick one r from the rivers for which your position on r's track is less than 2"
    assert lines[0] == head + " (a river), then:"   # the pick's prompt, as choose's and may's
    assert not any("the the" in line for line in lines)


def test_a_track_held_by_a_local_a_parameter_or_a_field_reads_as_english(symbols):
    assert reading(symbols.decls["pick_river"], symbols)[1:] == ["  Let t be r's track.", "  Carry out “sail” with t."]
    assert reading(symbols.decls["sail"], symbols) == [
        "Advance 1 space on track t.",
        "If your position on track t is at least 2:",
        "  Gain 2 soliduses.",
    ]


def test_an_override_is_shown_as_written_with_base(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "base").mkdir()
    (tmp_path / "base" / "pack.toml").write_text('name = "base"\n')
    (tmp_path / "base" / "main.rules").write_text(TRADE + "func hand_limit() = 5;\n")
    (tmp_path / "house").mkdir()
    (tmp_path / "house" / "pack.toml").write_text('name = "house"\nextends = ["../base"]\n')
    (tmp_path / "house" / "main.rules").write_text("override func hand_limit() = base() + 1;\n")
    shown = CliRunner().invoke(app, ["explain", str(tmp_path / "house"), "hand_limit"])
    assert shown.exit_code == 0, shown.output
    assert shown.output.splitlines()[1] == "  override func hand_limit() = base() + 1;"
    assert "hand_limit.base" not in shown.output
    # the reading names what base() stands for
    assert "Equals “the replaced hand limit” plus 1." in shown.output
    assert analyse(str(tmp_path / "house")).ok


def test_an_override_changed_again_later_still_calls_base(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name, text, extends in (("base", TRADE + "proc payday() { gain 1 solidus; }\n", ""),
                                ("house", "override proc payday() { base(); gain 1 vp; }\n", 'extends = ["../base"]\n'),
                                ("later", "after payday { gain 2 vp; }\n", 'extends = ["../house"]\n')):
        (tmp_path / name).mkdir()
        (tmp_path / name / "pack.toml").write_text(f'name = "{name}"\n{extends}')
        (tmp_path / name / "main.rules").write_text(text)
    shown = CliRunner().invoke(app, ["explain", str(tmp_path / "later"), "payday"])
    assert shown.exit_code == 0, shown.output
    assert "    base();" in shown.output.split("\nIn words")[0]
    assert "payday.base" not in shown.output


CANT_STOP = """
counter columns "Columns claimed";
counter runners "Runners in use";
counter runner[2..12] "Runner height";
zone hand per_player of card;
kind card { worth: int; }
die d6 "Die": int { face "one" = 1; face "two" = 2; }
func fits(x: int, y: int) = runners + (if runner[x] > 0 then 0 else 1) + (if runner[y] > 0 then 0 else 1) <= 3;
proc roll_one() { let a = roll d6; say "{a}"; }
game cant_stop { seats 2 to 4; phase play { } winner most columns then size(hand); }
"""


def test_conditional_operands_keep_their_grouping_and_no_word_is_doubled():
    """Found writing Can't Stop: `a + (if c then 0 else 1) <= 3` must not read the rest of the sum into
    the `otherwise`; a die titled "Die" is "the die", not "the die die"; a tie-break on a count is
    "the most cards in your hand", not "the most the number of cards"."""
    result = analyse_text(CANT_STOP)
    words = {name: " ".join(reading(result.symbols.decls[name], result.symbols))
             for name in ("fits", "roll_one", "cant_stop")}
    assert ("plus (0 if your runner height (x) is more than 0, otherwise 1) plus "
            "(0 if your runner height (y) is more than 0, otherwise 1) is at most 3") in words["fits"]
    assert "Roll the die and apply the face rolled." in words["roll_one"]
    assert "the most columns claimed (ties broken by the most cards in your hand)" in words["cant_stop"].lower()


def test_none_reads_as_nothing_where_no_player_is_held_and_absent_phases_have_no_heading():
    """Found writing Hearts: `set led = none;` of a suit read "Set led to nobody", a game with no final
    phase read an empty "At the end of the game:" heading, and a card asked for by its title was not
    found with no word of its name."""
    text = ('counter vp;\nenum suit { hearts, spades }\nvar led "Led suit" global: suit;\nvar taker global: player;\n'
            "proc p() { set led = none; set taker = none; if led == none { gain 1 vp; } }\n"
            "game hearts_game { seats 3 to 4; phase play { p(); } winner most vp; }\n")
    result = analyse_text(text)
    words = reading(result.symbols.decls["p"], result.symbols)
    assert [w.strip() for w in words] == ["Set “Led suit” to nothing.", "Set taker to nobody.",
                                          "If “Led suit” is nothing:", "Gain 1 VP."]
    game = [w.strip() for w in reading(result.symbols.decls["hearts_game"], result.symbols)]
    assert "Play:" in game and "At the end of the game:" not in game and "Setup:" not in game
    asked = CliRunner().invoke(app, ["explain", "seven_wonders", "Baths"])
    assert asked.exit_code == 0 and asked.output.startswith("“Baths” is the title of baths (each of its 2 copies)\nbaths is ")


def test_a_resource_held_by_a_local_and_words_with_no_plural_read_as_english():
    """Stone Age-lite: `gain n / 2 g;` of a local read "Gain G equal to ...", and "10 peoples"."""
    text = ("resource wood;\nresource food;\ncounter people;\nfunc good_of(i: int): resource = if i == 1 then wood else food;\n"
            "proc collect(n: int) { let g = good_of(1); gain n / 2 g; if people >= 10 { gain 1 wood; } }\n")
    result = analyse_text(text)
    words = [w.strip() for w in reading(result.symbols.decls["collect"], result.symbols)]
    assert "Gain n divided by 2 (rounded down) of the resource held by g." in words
    assert "If you have at least 10 people:" in words


# ---------------------------------------------------------------- explain: an event named noun + past
def test_an_event_named_for_what_happened_to_a_thing_reads_in_the_passive():
    from rulebook.dsl.parser import parse_text
    text = """counter vp;
event tile_placed(what: str);
event cards_drawn(n: int);
event route_claimed(n: int);
event gained_tile(n: int);
whenever anyone tile_placed(what = "city") { gain 1 vp; }
whenever you cards_drawn { gain 1 vp; }
whenever opponents route_claimed { gain 1 vp; }
whenever you gained_tile { gain 1 vp; }
game g { seats 2 to 2; phase play { emit tile_placed("city"); emit cards_drawn(1); emit route_claimed(1);
  emit gained_tile(1); } winner most vp; }
"""
    symbols = analyse_text(text).symbols
    heads = [reading(d.trigger, symbols)[0] for d in parse_text(text, "a.rules").items if hasattr(d, "trigger")]
    assert heads == ["Whenever a tile is placed by any player (what “city”):",
                     "Whenever cards are drawn by you:",
                     "Whenever a route is claimed by an opponent:",
                     "Whenever you gained tile:"]


# ---------------------------------------------------------------- explain: what the Azul audit found
def test_nested_conditions_copy_numbers_empty_lists_and_counters_that_take_no_s():
    """A Patchwork-like pack: an `if` inside the `then` of another is grouped (the inner condition
    never seems to guard the outer branch), `copy_number` reads as the copy's number with its range,
    `[]` reads "none", and a counter named `score` or `explored` (or titled so) takes no plural s."""
    text = ('counter score;\ncounter explored;\ncounter buttons;\ncounter time_left "Score";\n'
            "kind patch { size: int; links: list; }\npatch square * 4 { size = copy_number; links = []; }\n"
            "patch strip * 3 { size = copy_number + 1; links = []; }\n"
            "proc p(a: int) { let x = if a > 1 then (if a > 2 then 3 else 4) else 5;\n"
            "  let y = if a > 1 then 3 else if a > 2 then 4 else 5;\n"
            "  gain 2 score; gain 2 explored; gain 2 buttons; gain 2 time_left; gain x score; gain y score; }\n"
            "game g { seats 2 to 2; phase play { p(1); } winner most score; }\n")
    result = analyse_text(text)
    assert result.ok, result.diagnostics
    words = [w.strip() for w in reading(result.symbols.decls["p"], result.symbols)]
    assert words[:6] == ["Let x be (3 if a is more than 2, otherwise 4) if a is more than 1, otherwise 5.",
                         "Let y be 3 if a is more than 1, otherwise 4 if a is more than 2, otherwise 5.",
                         "Gain 2 score.", "Gain 2 explored.", "Gain 2 buttons.", "Gain 2 score."]
    square = [w.strip() for w in reading(result.symbols.decls["square"], result.symbols, values=True)]
    assert "Size: the copy's number (1 to 4)." in square and "Links: none." in square
    strip = [w.strip() for w in reading(result.symbols.decls["strip"], result.symbols, values=True)]
    assert "Size: the copy's number plus 1 (the copy's number: 1 to 3)." in strip


# ---------------------------------------------------------------- explain: what the Carcassonne re-audit found
def test_short_fields_keep_their_letters_and_a_step_count_reads_its_direction():
    """A one-letter field (a record's `e.y`) reads as written, not "e's Y" (two letters, `vp`, are
    still an abbreviation); `prev_around(d, r)` says a count below 0 goes the other way (after), and
    a constant count says nothing of it."""
    text = ("enum side { north, east, south, west }\nrecord edge { y: int; x: int; d: side; }\n"
            "func across(e: edge) = edge(y = e.y + 1, x = e.x, d = next_around(e.d, 2));\n"
            "func turned(d: side, r: int) = prev_around(d, r);\n")
    result = analyse_text(text)
    assert result.ok, result.diagnostics
    across = " ".join(reading(result.symbols.decls["across"], result.symbols))
    assert "e's y plus 1" in across and "e's Y" not in across
    assert "the one 2 places after e's d in its order" in across and "below 0" not in across
    turned = " ".join(reading(result.symbols.decls["turned"], result.symbols))
    assert "the one r places before d (after it for a count below 0)" in turned


# Audits of the tenth session (Pandemic D7, Dominion D6): a Carcassonne-like deal of tiles and
# meeples, whose phrases had the same causes as theirs
DEAL = '''
counter vp;
kind land_tile "Land tile" { }
kind river_tile "River" { }
kind start_tile "Start tile" { }
land_tile road "Road" * 4 { }
river_tile spring "Spring" { }
start_tile crossing "Crossing" { }
zone bag "The bag" of land_tile or river_tile or start_tile;
zone hand per_player of land_tile or river_tile or start_tile;
zone aside "Set aside" of land_tile or river_tile or start_tile;
enum area { road_area, city_area }
event place_meeple(t: land_tile, a: area);
func deal_size(): int = match player_count { 2: 3, else: 2 };
proc deal() {
  draw deal_size() from bag to hand;
  draw 1 from bag to hand;
  pick t from hand "set which tile aside?" { move t to aside; }
}
proc meeple() { for place_meeple(road, road_area) { gain 1 vp; } }
role farmer "Farmer" { modifier anyone place_meeple while it.a == road_area { forbid; } }
role thief "Thief" { }
game carcassonne {
  seats 2 to 2 roles farmer, thief;
  phase setup { fill bag with land_tile; }
  phase play { each players { deal(); meeple(); } }
  winner most vp;
}
'''


def test_explain_reads_the_audits_phrases_by_their_general_causes():
    result = analyse_text(DEAL)
    deal = explained(result, "deal")
    # a zone of several kinds: each alternative in the plural ("... or epidemics" was "city card or event
    # or epidemics"); a count that is a func's value: "as many as" it, not "“deal size” tiles"
    assert "Draw land tiles or rivers or start tiles, as many as “deal size”, from the bag into your hand." in deal
    # one of several kinds: counted as words, not quoted as one phrase
    assert "Draw 1 land tile or river or start tile from the bag into your hand." in deal
    # a zone titled by where things are ("Set aside", "Removed from the game"): no "the set aside"
    assert "Put t at the bottom of the zone “Set aside”." in deal
    # a use named by several words: "the “place meeple” action's area", never "the place meeple's area"
    assert "on everyone's place meeple, while the “place meeple” action's area is road area:" in explained(result, "farmer")


def test_plurals_and_counts_of_alternatives():
    assert plural("city card or event or epidemic") == "city cards or events or epidemics"
    assert counted(1, "city card or event or epidemic") == "1 city card or event or epidemic"
    assert counted(2, "city card or event") == "2 city cards or events"


# A Chess move as a record of two squares: two-letter fields (`to`, `fr`) and a card's `vp` read as written,
# never as abbreviations ("m's TO's x" was read); a counter named `hp` still reads HP.
SQUARES = '''
record square { x: int; y: int; }
record step { fr: square; to: square; }
kind card { vp: int; ok: bool; }
counter score;
counter hp;
func far(m: step): bool = m.to.x > m.fr.y;
proc p(c: card) { if c.ok { gain c.vp score; gain 1 hp; } }
'''


def test_a_two_letter_field_reads_as_written():
    result = analyse_text(SQUARES)
    assert explained(result, "far").splitlines()[-1].strip() == "True when m's to's x is more than m's fr's y."
    text = explained(result, "p")
    assert "If c's ok:" in text and "Gain score equal to c's vp." in text and "Gain 1 HP." in text
