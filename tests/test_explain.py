"""The plain-language reading: exact wording of representative cases, and no rules syntax left in the
reading of any shipped declaration."""

from __future__ import annotations

import re

import pytest

from rulebook.compiler.driver import analyse, analyse_text
from rulebook.compiler.explain import ExprReader, Reader, counted, explain, plural, reading, singular
from rulebook.compiler.pack import shipped_packs
from rulebook.dsl import ast as A
from rulebook.dsl.parser import parse_text

PACK = '''
resource coin "Coin";
resource debt "Debt";
resource ships;
resource wood;
counter prestige;
counter vp;
enum color { red, blue }
kind card "Card" { color: color; price: int = 0; play: effect; }
zone hand "Hand" per_player of card;
zone deck of card;
card c1 "Red one" { color = red; play { gain 1 coin; } }
card c2 { color = blue; price = 2; play { gain 3 * count(x in hand where x.color == red) vp; } }
card c3 { color = red; play { gain ships prestige; } }
card c4 { color = red; play { each opponents: lose 1 coin else debt; } }
card c5 { color = red; play { pay 2 coin; } }
card c6 { color = red; play { if coin >= 3 and vp < 2 { gain 1 vp; } else { draw 2 from deck to hand; } } }
card c7 { color = red; play { choose { option "Wood" { gain 2 wood; } option "Coins" when coin == 0 { gain 1 coin; } } } }
card c8 { color = red; play { whenever you gain(res = coin) { gain 1 vp; } } }
card c9 { color = red; play { may cost 1 coin, 1 wood { advance science by 2; } } }
track science "Science" {
  space 1 cost 2 coin { gain 1 vp; }
  space 2 "Summit" { gain 2 coin; } bonus cost 1 coin { gain 1 vp; }
}
func rich(p: player) = p.vp > 3;
proc score() { gain size(hand) vp; }
game g { seats 2 to 3; phase setup { fill deck with card; } phase play { score(); } winner most vp then coin; }
'''


@pytest.fixture(scope="module")
def symbols():
    result = analyse_text(PACK)
    assert result.ok, result.diagnostics
    return result.symbols


@pytest.mark.parametrize("name, expected", [
    ("c1", ["Color: red.", "Play:", "  Gain 1 coin."]),
    ("c2", ["Color: blue.", "Price: 2.", "Play:", "  Gain 3 VP for each red card in your hand."]),
    ("c3", ["Color: red.", "Play:", "  Gain 1 prestige for each ship you have."]),
    ("c4", ["Color: red.", "Play:", "  Each opponent loses 1 coin (taking debt for what they cannot pay)."]),
    ("c5", ["Color: red.", "Play:", "  Pay 2 coins."]),
    ("c6", ["Color: red.", "Play:", "  If you have at least 3 coins and you have fewer than 2 VP:", "    Gain 1 VP.",
            "  Otherwise:", "    Draw 2 cards from the deck into your hand."]),
    ("c7", ["Color: red.", "Play:", "  Choose one:", "    1. Wood:", "      Gain 2 wood.",
            "    2. Coins (only if you have no coins):", "      Gain 1 coin."]),
    ("c8", ["Color: red.", "Play:", "  Whenever you gain coins:", "    Gain 1 VP."]),
    ("c9", ["Color: red.", "Play:", "  You may pay 1 coin and 1 wood to:", "    Advance 2 spaces on the science track."]),
    ("science", ["Space 1, costing 2 coins to enter:", "  Gain 1 VP.", "Space 2 (“Summit”):", "  Gain 2 coins.",
                 "  Bonus: you may pay 1 coin to:", "    Gain 1 VP."]),
    ("rich", ["True when p has more than 3 VP."]),
    ("score", ["Gain 1 VP for each card in your hand."]),
    ("g", ["For 2 to 3 players.", "Setup:", "  Put every card into the deck.", "Play:", "  Carry out “score”.",
           "The winner is the player with the most VP (ties broken by the most coins)."]),
    ("hand", ["Each player has one, holding cards."]),
    ("coin", ["Coins: a stock each player keeps."]),
    ("vp", ["VP: a counter each player keeps."]),
])
def test_reading_of_representative_declarations(symbols, name, expected):
    assert reading(symbols.decls[name], symbols) == expected


def test_the_gallery_reading_leaves_field_values_to_the_table(symbols):
    assert reading(symbols.decls["c1"], symbols, values=False) == ["Play:", "  Gain 1 coin."]


@pytest.mark.parametrize("source, expected", [
    ("count(x in hand where x.color == red)", "the number of red cards in your hand"),
    ("ships", "your ships"),
    ("p.vp", "p's VP"),
    ("size(deck) > player_count + 1", "the number of cards in the deck is more than the number of players plus 1"),
    ("(4 - vp) * 2", "(4 minus your VP) times 2"),
    ("coin >= 1 or vp > 2 and p.coin == 0", "you have at least 1 coin or (you have more than 2 VP and p has no coins)"),
    ("max(coin, vp)", "the larger of your coins and your VP"),
    ("rich(p)", "“rich” for p"),
    # an operand of + - * / that reads as a phrase is grouped: never "the smaller of coin and 7 plus 1"
    ("[0, 1, 2, 4, 6, 8, 11][min(coin, 7) + 1]",
     "the entry at place ((the smaller of your coins and 7) plus 1) of 0, 1, 2, 4, 6, 8, 11"),
    ("2 * max(coin, vp) - size(hand)", "2 times (the larger of your coins and your VP) minus "
                                       "(the number of cards in your hand)"),
    ("rich(p) + total(x in hand, 1) / 2", "(“rich” for p) plus ((the total of 1 over cards in your hand) "
                                          "divided by 2 (rounded down))"),
    ("coin % 5 + 1 - vp * 2", "(the remainder of your coins divided by 5) plus 1 minus (your VP times 2)"),
    ("[2, 4, 6][vp - 1]", "2, 4 or 6 as (your VP minus 1) is 1, 2 or 3"),
    ("-(coin + vp)", "minus (your coins plus your VP)"),
])
def test_expressions_in_words(symbols, source, expected):
    module = parse_text(f"func probe(p: player) = {source};", "<probe>")
    assert ExprReader(symbols).read(module.items[0].value) == expected


def test_titles_are_pluralised_sensibly():
    assert plural("gold diamond") == "gold diamonds"
    assert plural("spaceship in the hangar") == "spaceships in the hangar"
    assert plural("robots left") == "robots left"
    assert plural("lavandium") == "lavandium" and plural("VP") == "VP"
    assert singular("prestige points") == "prestige point"
    assert counted(1, "Prestige points".lower()) == "1 prestige point"
    assert counted(2, "city") == "2 cities"


def test_explain_without_symbols_still_reads():
    lines = explain(A.Proc("p", (), (A.Gain(A.Int(2), "coin"),)))
    assert lines == ["proc p", "  Gain 2 coins."]


RAW_SYNTAX = re.compile(r"[{};]|==|!=|count\(|total\(|some\(|every\(|\w\.\w")
AMEND_MARK = re.compile(r" \((?:amended|added|removed) by [^)]*\)")


def _shipped_declarations():
    for pack in shipped_packs():
        result = analyse(pack)
        assert result.ok
        for name, decl in result.symbols.decls.items():
            yield pack, name, decl, result.symbols


def test_every_shipped_declaration_reads_without_rules_syntax():
    seen = 0
    for pack, name, decl, symbols in _shipped_declarations():
        lines = reading(decl, symbols)
        if isinstance(decl, A.Track):
            lines += [line for sp in decl.spaces for line in _space(sp, symbols)]
        assert lines, f"{pack}: {name} reads as nothing"
        for line in lines:
            assert line.strip(), f"{pack}: {name} has an empty line"
            said = AMEND_MARK.sub("", line)   # where an amend stands is a file's place, not rules syntax
            assert not RAW_SYNTAX.search(said), f"{pack}: {name}: rules syntax in {line!r}"
        seen += 1
    assert seen > 300


def _space(sp, symbols) -> list:
    reader = Reader(symbols)
    reader.space(sp, 0)
    return reader.lines


# ---------------------------------------------------------------- readings found garbled by the audit
HOUSE_BASE = '''
resource coin "Coin";
counter shields "Shield";
counter age "Age" global;
counter defeats "Defeat token";
kind card "Card" { age: int; counts: list; built: effect; }
card tavern "Tavern" { age = 1; counts = [0, 1, 2]; built { gain 5 coin; } }
zone hand per_player of card;
func tokens() = [1, 3, 5][age];
func fifth() = [1, 3, 5, 7, 9][2];
func last_card() = hand[size(hand)];
func many() = [2, 5, 9, 14, 19, 24, 30][age];
proc conflicts() { each players { gain tokens() coin; } }
proc fights(rival: player) { each players where you == rival { gain 1 coin; } }
proc prize() { rank players where shields > 0 by shields award [3, 1] coin ties split; }
game base { seats 2 to 3; phase play { conflicts(); } winner most coin; }
'''
HOUSE = '''
override func tokens() = [2, 4, 6][age];
after conflicts { each players where shields == 0 { gain 1 defeats; } }
amend tavern { built { gain 6 coin; } }
after setup { gain 1 coin; }
'''


def _read(symbols, name: str) -> list[str]:
    return reading(symbols.decls[name], symbols)


def test_each_player_with_what_they_hold_and_they_in_the_condition():
    symbols = analyse_text(HOUSE_BASE + "var seventh \"May play a seventh card\": bool;\n"
                           "proc p() { each players where shields == 0 { gain 1 defeats; } }\n"
                           "proc q() { each players where seventh { gain 1 coin; } }\n"
                           "proc r() { each players where not seventh { gain 1 coin; } }").symbols
    assert _read(symbols, "p") == ["Each player with no shields gains 1 defeat token."]
    assert _read(symbols, "q") == ["Each player for whom “May play a seventh card” holds gains 1 coin."]
    assert _read(symbols, "r") == ["Each player for whom “May play a seventh card” does not hold gains 1 coin."]
    assert _read(symbols, "fights") == ["Each player for whom they are rival gains 1 coin."]
    assert _read(symbols, "prize") == ["Rank all players with more than 0 shields by their shield: by place they "
                                       "get 3, 1 coins (tied players share the prizes of the places they take)."]


def test_an_entry_of_a_list_reads_as_the_choice_it_makes():
    symbols = analyse_text(HOUSE_BASE).symbols
    assert _read(symbols, "tokens") == ["Equals 1, 3 or 5 as the age is 1, 2 or 3."]
    assert _read(symbols, "fifth") == ["Equals the 2nd of 1, 3, 5, 7, 9."]
    assert _read(symbols, "last_card") == ["Equals the last of your hand."]
    assert _read(symbols, "many") == ["Equals the entry at place (the age) of 2, 5, 9, 14, 19, 24, 30."]


@pytest.fixture
def stacked(tmp_path, monkeypatch):
    """A pack and a house-rules pack that overrides, extends and amends it (paths shown from their folder)."""
    monkeypatch.chdir(tmp_path)
    for name, text, extends in (("base", HOUSE_BASE, ""), ("house", HOUSE, 'extends = ["../base"]\n')):
        (tmp_path / name).mkdir()
        (tmp_path / name / "pack.toml").write_text(f'name = "{name}"\n{extends}')
        (tmp_path / name / "main.rules").write_text(text)
    return tmp_path


def test_explain_says_what_each_stacked_pack_changed(stacked):
    from rulebook.compiler.explain import changes, history, origin

    result = analyse(str(stacked / "house"))
    assert result.ok, result.diagnostics

    def origin_of(name: str) -> str:
        return origin(name, history(name, result.modules))

    base, house = "base/main.rules", "house/main.rules"
    assert origin_of("tavern") == f"declared at {base}:7:1, amended by {house}:4:1"
    assert origin_of("tokens") == f"declared at {base}:9:1, overridden by {house}:2:1"
    assert origin_of("conflicts") == f"declared at {base}:13:1, extended (after) by {house}:3:1"
    assert origin_of("base") == f"declared at {base}:16:1, extended its setup phase (after) by {house}:5:1"
    assert origin_of("coin") == f"declared at {base}:2:1"
    added = changes(history("conflicts", result.modules), result.symbols)
    assert added[0] == f"Extended (after) by {house}:3:1:"
    assert "  In words, the steps it adds (after the proc's own):" in added
    assert added[-1] == "    Each player with no shields gains 1 defeat token."
    replaced = changes(history("tokens", result.modules), result.symbols)
    assert replaced == [f"Overridden by {house}:2:1, which replaces:", "  func tokens() = [1, 3, 5][age];"]


def test_the_explain_command_shows_the_house_rules_and_a_removal(stacked):
    from click.testing import CliRunner

    from rulebook.cli import app

    shown = CliRunner().invoke(app, ["explain", str(stacked / "house"), "tavern"])
    assert shown.exit_code == 0, shown.output
    assert "tavern is declared at base/main.rules:7:1, amended by house/main.rules:4:1" in shown.output
    assert "Changed by the stacked packs" in shown.output and "gain 6 coin;" in shown.output
    (stacked / "house" / "main.rules").write_text(HOUSE + "remove fifth;\n")
    gone = CliRunner().invoke(app, ["explain", str(stacked / "house"), "fifth"])
    assert gone.exit_code == 0, gone.output   # a question about the stack, answered: not an error
    assert gone.output.startswith("fifth was declared at base/main.rules:10:1, removed by house/main.rules:6:1\n")
    assert "did you mean" not in gone.output and "declares nothing" not in gone.output
    assert "Removed: not in the game with these packs" in gone.output and "func fifth() = [1, 3, 5, 7, 9][2];" in gone.output
    unknown = CliRunner().invoke(app, ["explain", str(stacked / "house"), "fifht"])
    assert unknown.exit_code == 1 and "did you mean 'fifth'?" not in unknown.output   # removed: no longer a name


COMMENTED = '''# ---------------------------------------------------------------- cards (a heading, not the card's)

kind relic "Relic" { worth: int; found: effect; }

# Three alike urns: the second
# line of the note above it
relic urn "Urn" * 3 {
  worth = 2;   # two points each
  # when found, a coin
  found { gain 1 coin; }
}
resource coin; counter vp;   # stocks
zone vault "Vault" per_player of relic hidden;
zone crypt "Crypt" of relic secret;
zone hall "Hall" of relic;
'''


def test_explain_shows_a_declaration_with_its_comments_and_says_copies_and_visibility(tmp_path):
    from click.testing import CliRunner

    from rulebook.cli import app

    from .conftest import write_pack

    pack = str(write_pack(tmp_path / "relics", COMMENTED))
    urn = CliRunner().invoke(app, ["explain", pack, "urn"])
    assert urn.exit_code == 0, urn.output
    written = urn.output.split("\n\nIn words")[0].splitlines()[1:]
    assert written == ["  # Three alike urns: the second", "  # line of the note above it",
                       '  relic urn "Urn" * 3 {', "    worth = 2;  # two points each", "    # when found, a coin",
                       "    found {", "      gain 1 coin;", "    }", "  }"]   # not the heading a blank line above
    assert "3 copies of it are in the game: urn, then urn#2 to urn#3." in urn.output
    counter = CliRunner().invoke(app, ["explain", pack, "vp"]).output
    assert "  counter vp;  # stocks\n" in counter and "resource" not in counter   # its line's note, not its neighbour
    result = analyse(pack)
    assert reading(result.symbols.decls["vault"], result.symbols) == [
        "Each player has one, holding relics.",
        "Hidden: only its owner sees what it holds, the others see how many items it holds."]
    assert reading(result.symbols.decls["crypt"], result.symbols)[-1].startswith("Secret: nobody sees what it holds")
    assert reading(result.symbols.decls["hall"], result.symbols) == ["One shared zone, holding relics."]
    assert not any("copies" in line for line in reading(result.symbols.decls["urn"], result.symbols, values=False))


def test_a_game_for_one_number_of_players_reads_for_that_number():
    """Chess: "For 2 players.", not "For 2 to 2 players." (the results branch's leftover)."""
    from rulebook.compiler.driver import analyse_text
    from .conftest import explained
    text = "counter won;\nproc t() { gain 1 won; }\ngame g { seats 2 to 2; phase play { each players: t(); } winner most won; }\n"
    assert "  For 2 players." in explained(analyse_text(text), "g").splitlines()
