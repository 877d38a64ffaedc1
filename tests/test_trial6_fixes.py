"""The toolchain fixes of the session's trial6 (a designer writing Splendor, Azul and Kingdomino): a group whose
cap is its only use is no unused declaration (W401 said it was), and `or blind` of an indexed zone, or of one
of its zones, says what cannot be written and the way round (it was "unexpected '['", or a "did you mean"
naming the very zone written); a player variable nothing sets, whose `each` runs for nobody, is W564; a board
cell read as an index is worked out once; fmt breaks a long `regions(...)` before `via` (it left 179 columns); a
view lists an indexed zone's zones in the order of its indexes (the screen read Level 1, Level 3, Level 2), and the
banks in the order they are declared."""

from __future__ import annotations

from rulebook.compiler.driver import analyse, compile_pack
from rulebook.dsl.printer import LINE_WIDTH, format_text
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game
from rulebook.runtime.state import Record

from .conftest import write_pack
from .test_kingdomino_pack import PACK as KINGDOMINO
from .test_splendor_pack import PACK as SPLENDOR

TOKENS = """
resource ruby "Ruby" supply 7;
resource onyx "Onyx" supply 7;
resource gold "Gold" supply 5;
group gems "Gems" { ruby, onyx }
group tokens "Tokens" cap 10 { ruby, onyx, gold }
proc take() { pick g from gems "take which gem?" { gain 2 g; } }
game splendor { seats 2 to 4; phase play { repeat 8 { each players: take(); } } winner most ruby; }
"""


def findings(tmp_path, text: str) -> list:
    return [d for d in analyse(str(write_pack(tmp_path / "p", text))).diagnostics if d.severity != "info"]


def test_a_group_whose_cap_is_its_use_is_not_unused(tmp_path):
    assert findings(tmp_path, TOKENS) == []


def test_a_group_without_a_cap_that_nothing_names_is_still_unused(tmp_path):
    found = findings(tmp_path, TOKENS.replace('group tokens "Tokens" cap 10', 'group tokens "Tokens"'))
    assert [(d.code, d.span.line) for d in found] == [("W401", 6)] and "'tokens'" in found[0].message


BLIND = """
enum level {{ one "Level 1", two "Level 2" }}
kind development {{ level: level; }}
development mine * 4 {{ level = one; }}
zone deck[level] of development secret;
zone row of development;
zone reserved per_player of development hidden;
proc reserve() {{
  pick c from row or blind {blind} "reserve which card?" {{ move c to reserved; }}
}}
game splendor {{ seats 2 to 4; phase play {{ each players: reserve(); }} winner most reserved_count; }}
counter reserved_count;
"""


def test_blind_of_an_indexed_zone_offers_the_top_of_each_of_its_zones(tmp_path):
    # (it was E524; branch shapes made it the top card of each zone, which is what the designer meant)
    assert findings(tmp_path, BLIND.format(blind="deck")) == []


def test_blind_of_one_zone_of_an_indexed_zone_is_that_zone(tmp_path):
    assert findings(tmp_path, BLIND.format(blind="deck[one]")) == []


def test_one_blind_deck_twice_in_one_pick_is_e585_at_the_second(tmp_path):
    text = BLIND.replace("zone row of", "zone deck_two of development secret;\nzone row of")
    found = findings(tmp_path, text.format(blind="deck[one] or blind deck_two or blind deck_two"))
    assert [(d.code, d.span.line) for d in found] == [("E585", 10)]
    assert "offered already" in found[0].message


def test_a_board_cell_names_its_element_alike_when_read_again_and_the_games_agree(tmp_path):
    """`Game.at` keeps the element a record's value names (a board's cell is otherwise taken apart on every read:
    most of Kingdomino's time); the name is the one worked out from its fields, read after read, and two games of
    one program (which share the names kept) play alike."""
    program = compile_pack(KINGDOMINO).program
    game = Game(program, 2, 1)
    for _ in range(2):
        assert [game.at("land_at", Record("cell", {"x": x, "y": y})) for x, y in ((1, 1), (5, 5), (9, 3))] == \
            ["land_at[1,1]", "land_at[5,5]", "land_at[9,3]"]
    assert program.cell_names["land_at"][Record("cell", {"x": 9, "y": 3})] == "land_at[9,3]"
    digests = []
    for _ in range(2):
        played = Game(program, 3, 5, make_agents("random", 3, 5))
        played.play()
        digests.append(played.state.digest())
    assert digests[0] == digests[1]


EACH = """
counter score;
var starter "Start player" global: player = none;
proc take() {{ gain 1 score; }}
game azul {{ seats 2 to 4; phase setup {{ {setup} }} phase play {{ repeat 3 {{ each starter {{ take(); }} }} }} winner most score; }}
"""


def test_each_of_a_player_variable_nothing_sets_is_w564_at_the_variable(tmp_path):
    found = findings(tmp_path, EACH.format(setup=""))
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("W564", 5, 73)]
    assert "runs its body for nobody" in found[0].message and "set starter" in found[0].hint


def test_each_of_a_player_variable_a_rule_sets_is_clean(tmp_path):
    assert findings(tmp_path, EACH.format(setup="set starter = first(players);")) == []
    # `reset` puts it back to none: no help
    assert [d.code for d in findings(tmp_path, EACH.format(setup="reset starter;"))] == ["W564"]


REGIONS = """enum land { empty, castle, wheat }
record cell "{x},{y}" { x: 1..9; y: 1..9; }
var land_at[cell] "Kingdom": land = empty;
func properties(): list of list of cell = regions(c in cell where land_at[c] != empty and land_at[c] != castle via gather(n in neighbours(c) where land_at[n] == land_at[c], [n]));
"""


def test_fmt_breaks_a_long_regions_call_before_via_and_keeps_it():
    printed = format_text(REGIONS)
    assert max(len(line) for line in printed.splitlines()) <= LINE_WIDTH   # it was one line of 179
    assert "\n    via gather(n in neighbours(c) where land_at[n] == land_at[c], [n]));" in printed
    assert format_text(printed) == printed


def test_a_view_lists_the_zones_of_an_indexed_zone_in_the_order_of_its_indexes():
    # Splendor's decks and rows are indexed by the levels one, two, three: the screen read "Level 1, Level 3,
    # Level 2" (the names in alphabetical order)
    game = Game(compile_pack(SPLENDOR).program, 2, 1)
    game.start()
    shared = list(game.view(0)["zones"])
    assert shared == ["deck[one]", "deck[two]", "deck[three]", "noble_deck", "nobles",
                      "row[one]", "row[two]", "row[three]"]


def test_a_view_lists_the_banks_in_the_order_they_are_declared():
    # the screen read "Supply: Diamond, Emerald, Gold, Onyx, Ruby, Sapphire"
    game = Game(compile_pack(SPLENDOR).program, 2, 1)
    game.start()
    assert list(game.view(0)["supply"]) == ["diamond", "sapphire", "emerald", "ruby", "onyx", "gold"]
