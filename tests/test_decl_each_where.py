"""A `for each` declaration's domains filtered by their own `where` (branch decleach): `for each c in colour
where not c.rainbow, v in 1..5` makes one entity per kept combination, the filter worked out before play over the
names bound up to it (the data of enum members, the fields of declared entities, constants, `ordinal`), on both
backends; `fmt` prints it back and `explain` reads it; E642 (a filter that reads the game), E643 (a filter that
reads a name a later domain binds), W627 (a filter that keeps nothing), E303 (a filter that is no condition)."""

from __future__ import annotations

from pathlib import Path

from rulebook.compiler.driver import analyse, analyse_text
from rulebook.runtime.engine import Game

from .conftest import explained, found_at, printed_back, rules_programs, run_answering

# Hanabi without the rainbow suit: the sixth colour is in the enum (an expansion's), the base deck leaves it out;
# three 1s, two each of 2 to 4 and one 5 per colour (50 cards)
HANABI = """
enum colour {
  rainbow: bool = false;
  white "White", yellow "Yellow", green "Green", blue "Blue", red "Red",
  multi "Rainbow" (rainbow = true),
}
kind firework { colour: colour; value: int; }
firework card "{c.title} {v}" * (match v { 1: 3, 5: 1, else: 2 }) for each c in colour where not c.rainbow, v in 1..5 {
  colour = c;
  value = v;
}
zone deck of firework secret;
counter dealt;
proc build() { fill deck with firework; gain count(x in deck) dealt; }
game g { seats 2; phase play { } winner most dealt; }
"""

hanabi = rules_programs(HANABI)

# Dominoes: a double-six set, one tile per pair of ends (the second end not below the first): 28 tiles, the filter
# of the second domain reading the first's bound name
DOMINOES = """
kind domino { low: int; high: int; }
domino tile "{a}-{b}" for each a in 0..6, b in 0..6 where b >= a { low = a; high = b; }
zone boneyard of domino secret;
counter doubles;
proc build() { fill boneyard with domino; gain count(d in boneyard where d.low == d.high) doubles; }
game g { seats 2; phase play { } winner most doubles; }
"""

dominoes = rules_programs(DOMINOES)


def test_a_filtered_enum_domain_leaves_its_members_out_on_both_backends(hanabi):
    program = hanabi()
    made = sorted({name.split("#")[0] for name in program.entities})
    assert len(made) == 25 and not any("multi" in name for name in made)
    assert program.entities["card_white_1#3"].fields["value"] == 1 and "card_red_5#2" not in program.entities
    game = Game(program, 2, 1)
    p1 = game.state.players[0]
    run_answering(program.procs["build"](game, p1), lambda d: 0)
    assert p1.stock["dealt"] == 50


def test_a_filter_reads_the_names_earlier_domains_bind(dominoes):
    program = dominoes()
    names = list(program.entities)
    assert len(names) == 28
    # the first domain's values vary slowest, each kept combination once, named NAME_M1_M2
    assert names[:8] == ["tile_0_0", "tile_0_1", "tile_0_2", "tile_0_3", "tile_0_4", "tile_0_5", "tile_0_6", "tile_1_1"]
    assert "tile_2_1" not in program.entities and program.entities["tile_6_6"].fields["high"] == 6
    game = Game(program, 2, 1)
    p1 = game.state.players[0]
    run_answering(program.procs["build"](game, p1), lambda d: 0)
    assert p1.stock["doubles"] == 7


def test_a_filter_over_a_kind_reads_its_entities_fields_and_constants_and_ordinal():
    text = """
enum weapon { rope "Rope", dagger "Dagger", wrench "Wrench", candlestick "Candlestick" }
const first_weapons = 2;
kind suspect { colour: str; playable: bool = true; }
kind clue { who: suspect = none; what: weapon = none; }
suspect scarlet "Miss Scarlet" { colour = "red"; }
suspect plum "Professor Plum" { colour = "purple"; }
suspect white "Mrs White" { colour = "white"; playable = false; }
clue suspect_card "{s.title}" for each s in suspect where s.playable and s.colour != "purple" { who = s; }
clue weapon_card "{w.title}" for each w in weapon where ordinal(w) <= first_weapons or w == candlestick { what = w; }
zone envelope of clue;
counter n;
game g { seats 2; phase play { } winner most n; }
"""
    result = analyse_text(text)
    assert not [d for d in result.diagnostics if d.code in ("E642", "E643", "W627", "E303", "E345")]
    made = [n for n in result.symbols.decls if n.startswith(("suspect_card_", "weapon_card_"))]
    assert made == ["suspect_card_scarlet", "weapon_card_rope", "weapon_card_dagger", "weapon_card_candlestick"]


def test_fmt_prints_each_filter_back_where_it_was_written():
    _module, printed = printed_back(HANABI)
    assert "for each c in colour where not c.rainbow, v in 1..5 {" in printed
    _module, printed = printed_back(DOMINOES)
    assert 'domino tile "{a}-{b}" for each a in 0..6, b in 0..6 where b >= a {' in printed


def test_explain_reads_the_filter_of_the_declaration_and_of_each_entity_it_made():
    result = analyse_text(DOMINOES)
    assert "Made by 'domino tile for each a in 0..6, b in 0..6 where b >= a', one domino for each combination of " \
           "0..6 and 0..6 its filters keep: this one for 2, 5 (a for 2, b for 5)." in explained(result, "tile_2_5")
    from rulebook.compiler.explain import explain
    module = result.modules[0][1][0]
    family = next(i for i in module.items if getattr(i, "name", None) == "tile" and getattr(i, "each", None))
    reading = "\n".join(explain(family, result.symbols))
    assert "One domino for each combination of 0..6 and 0..6 (those for which b is at least a), each named tile_" \
        in reading, reading


def only(text: str, code: str) -> tuple:
    """The one finding of `text` with `code`: (line, column, message, hint)."""
    found = [d for d in analyse_text(text).diagnostics if d.code == code]
    assert len(found) == 1, [d.headline() for d in analyse_text(text).diagnostics]
    return found[0].span.line, found[0].span.column, found[0].message, found[0].hint


def column(line: str, word: str) -> int:
    """The column (from 1) of the first `word` in `line`."""
    return line.index(word) + 1


def with_deck(line: str) -> str:
    """DOMINOES with its `for each` line replaced by `line`."""
    return DOMINOES.replace('domino tile "{a}-{b}" for each a in 0..6, b in 0..6 where b >= a { low = a; high = b; }',
                            line)


def test_e642_a_filter_reading_a_counter_or_a_zone_is_not_known_before_play():
    deck = 'domino tile "{a}-{b}" for each a in 0..6, b in 0..6 where b >= doubles { low = a; high = b; }'
    line, col, message, hint = only(with_deck(deck), "E642")
    assert (line, col) == (3, column(deck, "doubles")) and "'doubles', which is not known before play" in message
    assert "filter where they are used" in hint
    deck = 'domino tile "{a}-{b}" for each a in 0..6 where count(d in boneyard) > a, b in 0..6 { low = a; high = b; }'
    line, col, message, _hint = only(with_deck(deck), "E642")
    assert (line, col) == (3, column(deck, "boneyard")) and "'boneyard'" in message


def test_e642_a_field_the_bound_member_does_not_hold_and_a_title_that_it_does():
    deck = HANABI.replace("where not c.rainbow", "where not c.rainbw")
    _line, _col, message, hint = only(deck, "E642")
    assert "reads 'c.rainbw', and 'white' holds no 'rainbw' known before play" in message
    assert hint == "did you mean 'rainbow'?"
    titled = analyse_text(HANABI.replace("where not c.rainbow", 'where c.title != "Rainbow"'))
    assert len([n for n in titled.symbols.decls if n.startswith("card_")]) == 25
    named = analyse_text(HANABI.replace("where not c.rainbow", 'where c.name != "multi"'))
    assert len([n for n in named.symbols.decls if n.startswith("card_")]) == 25


def test_e643_a_filter_reading_a_name_a_later_domain_binds():
    deck = 'domino tile "{a}-{b}" for each a in 0..6 where a <= b, b in 0..6 { low = a; high = b; }'
    line, col, message, hint = only(with_deck(deck), "E643")
    assert (line, col) == (3, column(deck, "b, b")) and "'b', which a later domain binds" in message
    assert hint.startswith("move the condition after 'b in ...'")


def test_w627_a_filter_that_keeps_nothing_and_the_deck_is_empty():
    deck = 'domino tile "{a}-{b}" for each a in 0..6 where a > 6, b in 0..6 { low = a; high = b; }'
    text = with_deck(deck)
    line, col, message, _hint = only(text, "W627")
    assert (line, col) == (3, column(deck, "a > 6")) and "keeps none of its values: it makes no domino" in message
    assert not [d for d in analyse_text(text).diagnostics if d.code == "W473"]   # said once, by the filter


def test_a_filter_emptying_some_rows_only_is_no_warning():
    # the second end 0..6 where b > a keeps nothing for a = 6, something for the others
    assert not found_at(with_deck('domino tile "{a}-{b}" for each a in 0..6, b in 0..6 where b > a '
                                  '{ low = a; high = b; }'))


def test_e303_a_filter_that_is_no_condition():
    deck = 'domino tile "{a}-{b}" for each a in 0..6, b in 0..6 where b - a { low = a; high = b; }'
    line, col, message, _hint = only(with_deck(deck), "E303")
    assert (line, col) == (3, column(deck, "b - a")) and "is 0, not a condition" in message


def test_e345_the_bound_applies_to_what_the_filters_keep():
    # 60 x 60 = 3,600 combinations, 1,830 kept: too many; 30 x 30 kept 465: fine
    big = with_deck('domino tile "{a}-{b}" for each a in 1..60, b in 1..60 where b >= a { low = a; high = b; }')
    assert "would make more than 1,000 dominos" in only(big, "E345")[2]
    fine = with_deck('domino tile "{a}-{b}" for each a in 1..30, b in 1..30 where b >= a { low = a; high = b; }')
    assert not found_at(fine)
    unfiltered = with_deck('domino tile "{a}-{b}" for each a in 1..60, b in 1..60 { low = a; high = b; }')
    assert "would make 3,600 dominos" in only(unfiltered, "E345")[2]


def test_w474_says_a_name_read_only_by_a_filter_leaves_the_entities_alike():
    text = HANABI.replace("colour = c;\n", "").replace("colour: colour;", "colour: colour = white;") \
        .replace('"{c.title} {v}"', '"Firework {v}"')
    _line, _column, message, hint = only(text, "W474")
    assert "'c' is used nowhere in 'card' but a where: its 5 fireworks are alike along it" in message
    assert hint == "drop 'c in ...' and give the declaration '* 5' copies"


def test_the_cli_refuses_a_filter_of_play_with_a_positioned_error(tmp_path):
    from click.testing import CliRunner

    from rulebook.cli import app
    rules = tmp_path / "deck.rules"
    rules.write_text(with_deck('domino tile "{a}-{b}" for each a in 0..6 where a < roll_total(), b in 0..6 '
                               '{ low = a; high = b; }'))
    outcome = CliRunner().invoke(app, ["lint", str(rules)])
    assert outcome.exit_code != 0 and "E642" in outcome.output and "Traceback" not in outcome.output


MAHJONG = Path(__file__).parent / "packs" / "mahjong"


def test_mahjong_declares_its_three_suits_once():
    text = (MAHJONG / "tiles.rules").read_text()
    assert text.count("for each s in suit where s.suited, r in 1..9") == 1 and "dots_tile" not in text
    result = analyse(str(MAHJONG))
    suited = [n for n in result.symbols.decls if n.startswith("suit_tile_")]
    assert suited[:2] == ["suit_tile_dots_1", "suit_tile_dots_2"] and suited[-1] == "suit_tile_characters_9"
    assert len(suited) == 27 and all(result.symbols.decls[n].copies == 4 for n in suited)


def test_trial15s_bridge_deck_with_a_where_is_now_valid():
    # once in the malformed corpus (E100: "an entity declaration's 'for each' ... takes no 'where'"): the text
    # trial15 wrote first makes the 52 cards, no trump left out
    text = """
enum strain { clubs "Clubs", diamonds "Diamonds", hearts "Hearts", spades "Spades", notrump "No trump" }
kind card { suit: strain; rank: int; }
card playing "{r} of {s.title}" for each s in strain where s != notrump, r in 2..14 { suit = s; rank = r; }
"""
    result = analyse_text(text)
    assert not [d for d in result.diagnostics if d.severity == "error"]
    made = [n for n in result.symbols.decls if n.startswith("playing_")]
    assert len(made) == 52 and made[0] == "playing_clubs_2" and not any("notrump" in n for n in made)


def test_e345_for_a_list_of_members_points_to_the_where():
    deck = HANABI.replace("for each c in colour where not c.rainbow", "for each c in [white, red]")
    _line, _col, _message, hint = only(deck, "E345")
    assert "with a 'where' ('for each s in suit where s.suited')" in hint
