"""Branch tidy: consistency items the twenty-fifth session left. (1) A value worked out before play reads the same
things wherever it stands: a resource's or a bank's `supply`, a counter's `start` and a variable's default take
options and printed tables read at values known as the game is made, and a table read at a value known only in
play is E677 in all of them (one check, `Checker.read_in_play`)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game

from .conftest import explained, printed_back, rules_programs, run_proc
from .test_member_data_unknown import PACK as MEMBER_DATA

# Splendor-like (for illustration): the gems of each colour by the seats, a variant's bank by an option
BANKS = """game g { seats 2 to 4; phase play { } winner most vp; }
option gems "Gems per colour": 3..7 = 5;
table gem_tokens[n: 2..4] "Gem tokens": int = [4, 5, 7];
resource ruby "Ruby" supply gems;
resource onyx "Onyx" supply gem_tokens[player_count] + gems;
counter vp;
counter pool global from 0 to 20 supply gem_tokens[player_count] * 2;
proc p() { gain supply(ruby) * 100 + supply(onyx) vp; }
"""

banks = rules_programs(BANKS)


@pytest.mark.parametrize("players, settings, ruby, onyx, pool", [
    (2, (), 5, 9, 8),
    (3, (), 5, 10, 10),
    (4, ("gems=3",), 3, 10, 14),
])
def test_a_supply_reads_an_option_and_a_table_at_it_on_both_backends(banks, players, settings, ruby, onyx, pool):
    game = Game(banks(), players, 1, variants=settings)
    assert game.state.supply == {"ruby": ruby, "onyx": onyx, "pool": pool}
    run_proc(game, "p")
    assert game.state.players[0].stock["vp"] == ruby * 100 + onyx


def test_the_banks_lint_clean_and_explain_reads_the_option():
    result = analyse_text(BANKS)
    assert [d.code for d in result.diagnostics] == []
    assert "They come from a limited supply (“Gems per colour”)" in explained(result, "ruby")


def findings(text: str, *codes: str) -> list[tuple]:
    """The findings of `codes` in the analysis of `text`: (code, line, column, message, hint)."""
    return [(d.code, d.span.line, d.span.column, d.message, d.hint) for d in analyse_text(text).diagnostics
            if d.code in codes]


@pytest.mark.parametrize("old, new, value, what", [
    ("resource ruby \"Ruby\" supply gems;", "resource ruby \"Ruby\" supply gem_tokens[vp];", "vp]", "the supply of 'ruby'"),
    ("supply gem_tokens[player_count] + gems;", "supply gem_tokens[player_count + vp] + gems;", "vp]",
     "the supply of 'onyx'"),
    ("supply gem_tokens[player_count] * 2;", "supply gem_tokens[most()] * 2;", "most()", "the supply of 'pool'"),
    ("var x: bool = false;", "var x: bool = gem_tokens[pool] > 4;", "pool]", "the start of variable 'x'"),
    ("counter vp;", "counter vp start gem_tokens[pool];", "pool]", "the start of counter 'vp'"),
])
def test_a_table_read_in_play_is_E677_in_a_supply_a_bank_and_a_start_alike(old, new, value, what):
    text = (BANKS + "func most(): int = highest(q in players, q.vp);\nvar x: bool = false;\n").replace(old, new)
    line = next(n for n, written in enumerate(text.splitlines(), 1) if new in written)
    found = findings(text, "E677", "E303", "E322")
    assert [f[:3] for f in found] == [("E677", line, text.splitlines()[line - 1].index(value) + 1)]
    assert found[0][3].startswith(what + " is worked out before play, and reads table 'gem_tokens' at ")
    settable = ", or set it in setup" if "start" in what else ""
    assert found[0][4] == f"read it at numbers, player_count, options or constants ('gem_tokens[player_count]'){settable}"


def test_a_supply_reading_a_counter_outside_a_table_is_still_E303():
    found = findings(BANKS.replace("supply gems;", "supply gems + vp;"), "E677", "E303")
    assert [f[:3] for f in found] == [("E303", 4, 36)] and "cannot read 'vp'" in found[0][3]


# (2) zoneparam's left items: W656's hint types a zone `zone of KIND`; a card's version of a func whose zone
# parameter it types by kind (or whose kinds it writes in another order) keeps the func's signature (E354 only
# when the kinds disagree), as an extending pack's override is read (E220).

# Gin Rummy's deadwood (test_member_data_unknown's pack), the suits holding points too
RANKS = MEMBER_DATA + "enum suit { points: int; hearts (points = 2) }\n"


def test_w656s_hint_types_the_zone_by_the_kind_that_holds_the_field():
    (w656,) = [d for d in analyse_text(RANKS).diagnostics if d.code == "W656"]
    assert w656.hint == "give the value a type: a parameter 'z: zone of card' types a zone's items (a list's, " \
                        "'cards: list of card')"
    typed = RANKS.replace("points_in(z: zone)", "points_in(z: zone of card)")
    assert [d.code for d in analyse_text(typed).diagnostics] == []   # as the hint says, the data is then found


# Cosmic Encounter-like (for illustration): an alien's power counts the strength of any zone of ships one more
SHIPS = """
counter strength_seen;
kind alien { text: str; strength: int = 1; }
kind joker { strength: int = 0; }
zone aliens of alien;
zone jokers of joker;
zone power per_player of alien public;
func strength_of(z: BASE): int = total(c in z, c.strength);
proc tally() { gain strength_of(aliens) strength_seen; }
alien amoeba "Amoeba" {
  text = "Your aliens count one more.";
  override func strength_of(z: VERSION): int in power = base(z) + 10;
}
alien scout "Scout" { text = ""; strength = 3; }
proc deal() { fill aliens with alien; }
proc take(a: alien) { move a to power; }
"""


def ships(base: str, version: str) -> str:
    return SHIPS.replace("BASE", base).replace("VERSION", version)


@pytest.mark.parametrize("base, version", [
    ("zone of alien", "zone"),
    ("zone of alien or joker", "zone of joker or alien"),
    ("zone of alien", "zone of alien or joker"),   # (base(z) gives the base a wider zone: E667 says that, not E354)
])
def test_a_card_version_of_a_zone_whose_kinds_agree_keeps_the_signature(base, version):
    assert "E354" not in [d.code for d in analyse_text(ships(base, version)).diagnostics]


@pytest.mark.parametrize("base, version", [
    ("zone of alien", "zone of joker"),
    ("zone of alien or joker", "zone of alien"),   # the base's calls may pass a zone of jokers
    ("int", "zone of alien"),
])
def test_a_card_version_of_a_zone_of_other_kinds_is_E354(base, version):
    found = [d for d in analyse_text(ships(base, version)).diagnostics if d.code == "E354"]
    assert len(found) == 1 and found[0].message == f"this override takes strength_of(z: {version}): int, but the " \
                                                   f"func it changes is strength_of(z: {base}): int"


@pytest.mark.parametrize("base, version, agree", [
    ("zone", "zone of alien", True),   # the version gives a zone the base's callers read
    ("zone of alien", "zone", True),
    ("zone of alien", "zone of joker", False),
])
def test_a_card_versions_zone_result_agrees_by_its_kinds(base, version, agree):
    text = SHIPS.replace("func strength_of(z: BASE): int = total(c in z, c.strength);",
                         f"func strength_of(z: zone): int = 0;\nfunc mine(): {base} = aliens;").replace(
        "override func strength_of(z: VERSION): int in power = base(z) + 10;",
        f"override func mine(): {version} in power = aliens;")
    assert ("E354" in [d.code for d in analyse_text(text).diagnostics]) is not agree


typed_version = rules_programs(ships("zone", "zone of alien"))


def test_a_card_version_typing_a_zone_parameter_plays_on_both_backends(typed_version):
    game = Game(typed_version(), 2, 1)
    run_proc(game, "deal")
    run_proc(game, "tally")
    you = game.state.players[0]
    assert you.stock["strength_seen"] == 1 + 3   # amoeba and scout in the aliens, no version held
    run_proc(game, "take", game.program.entities["amoeba"])
    run_proc(game, "tally")
    assert you.stock["strength_seen"] == 4 + 3 + 10   # the scout left, the amoeba's version read


# (3) `index ... of ITEM in HOLDER.GRID` with the holder reached through a card: `c.owner.techs` reads the tier of
# whichever player's grid the card lies in (Tapestry's tech rows; here Race for the Galaxy-like tiers of a tableau)
TIERS = """
kind card { coins: int; }
card tavern "Tavern" * 6 { coins = 4; }
zone deck of card;
zone techs[1..3] "Tech cards" per_player of card;
counter vp;
func tier_of(c: card): int = index of c in c.owner.techs;
proc deal() {
  fill deck with card;
  draw 1 from deck to techs[3];
  draw 1 from deck to left.techs[2];
}
proc score() {
  gain tier_of(first(techs[3])) vp;
  gain 10 * tier_of(first(left.techs[2])) vp;   # another player's card: its owner's tier
  if tier_of(first(deck)) == none { gain 1000 vp; }   # a shared zone's card has no owner: no tier
}
proc up(c: card) { move c to c.owner.techs[index of c in c.owner.techs + 1]; }
"""

tiers = rules_programs(TIERS)


def test_an_index_in_the_grid_of_a_cards_owner_plays_on_both_backends(tiers):
    game = Game(tiers(), 2, 1)
    run_proc(game, "deal")
    run_proc(game, "score")
    assert game.state.players[0].stock["vp"] == 3 + 10 * 2 + 1000
    theirs = game.zone(game.state.players[1], "techs[2]").items[0]
    run_proc(game, "up", theirs)   # moved up one tier in its owner's grid, whoever runs it
    assert game.zone(game.state.players[1], "techs[3]").items == [theirs]
    assert game.program.funcs["tier_of"](game, game.state.players[0], theirs) == 3


# zoneparam's `zone of KIND or KIND` and a card of several kinds (`c: chameleon or joker`) were read in a parameter
# only: a func's or proc's result and a `let` (language.md 3.12 and 4.12 say they are typed the same way) stopped
# at `or` (E100). Now one `local_type` takes the kinds after `or` wherever a type is declared.
# Lost Cities-like (for illustration): wager cards beside the expedition cards
KINDS = """
kind expedition_card { value: int; }
kind wager { value: int = 0; }
expedition_card red_5 "Red 5" { value = 5; }
expedition_card red_7 "Red 7" { value = 7; }
wager red_wager "Red wager" { }
zone red of expedition_card;
zone wagers of wager;
zone dealt per_player of expedition_card public;
counter vp;
func laid(): zone of expedition_card or wager = red;
func worth(z: zone of wager or expedition_card, c: expedition_card or wager): int = total(q in z, q.value) + c.value;
func staked(): int =
  let w: zone of wager or expedition_card = wagers;
  size(w);
proc p() {
  let z: zone of expedition_card or wager = laid();
  let c: wager or expedition_card = first(wagers);
  gain worth(z, c) + 100 * staked() vp;
}
proc deal() { fill red with expedition_card; fill wagers with wager; }
"""

kinds = rules_programs(KINDS)


def test_a_result_and_a_let_of_several_kinds_lint_clean_print_back_and_play_on_both_backends(kinds):
    assert [d.code for d in analyse_text(KINDS).diagnostics] == []
    _module, printed = printed_back(KINDS)
    assert "func laid(): zone of expedition_card or wager = red;" in printed
    assert "let w: zone of wager or expedition_card = wagers;" in printed
    assert "let c: wager or expedition_card = first(wagers);" in printed
    said = explained(analyse_text(KINDS), "p")
    assert "Let z, a zone of expedition cards or wagers, be" in said and "Let c, a wager or expedition card, be" in said
    game = Game(kinds(), 2, 1)
    run_proc(game, "deal")
    run_proc(game, "p")
    assert game.state.players[0].stock["vp"] == 5 + 7 + 0 + 100


@pytest.mark.parametrize("old, new, code", [
    ("func laid(): zone of expedition_card or wager = red;", "func laid(): zone of expedition_card or vp = red;", "E204"),
    ("let c: wager or expedition_card", "let c: wager or int", "E303"),
    ("func laid(): zone of expedition_card or wager = red;", "func laid(): zone of wager = red;", "E667"),
])
def test_a_result_or_a_let_of_several_kinds_is_checked_as_a_parameter_is(old, new, code):
    assert code in [d.code for d in analyse_text(KINDS.replace(old, new)).diagnostics]

