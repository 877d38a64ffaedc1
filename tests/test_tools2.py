"""Branch tools2: cover/simulate and a kind's slot some cards can never use (the Cosmic Encounter audit's
D4), commuting reactions asked no "which first?" (W8), the parser's table of contextual words."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from rulebook.cli import app

from .conftest import program_of, write_pack

# ---------------------------------------------------------------- D4: a kind's slot only some cards can use
# The audit's repro (repros/never_used): attack cards are played every turn; only the reinforcements can use
# the kind's `anytime` slot, whose `when` reads a field no rule sets.
NEVER_USED = """
counter vp;
kind ecard { value: int = 0; boost: bool = false; anytime in hand when this.boost { move this to discard; gain 1 vp; } }
ecard attack10 "Attack 10" * 4 { value = 10; }
ecard attack20 "Attack 20" * 4 { value = 20; }
ecard boost3 "Reinforcement +3" * 4 { boost = true; }
zone deck of ecard;
zone hand per_player of ecard hidden;
zone played per_player of ecard;
zone discard of ecard;
proc turn() {
  window;
  pick c from hand where not c.boost "play which attack?" { move c to played; gain c.value vp; }
}
game g {
  seats 2 to 2;
  phase setup { fill deck with ecard; shuffle deck; each players: draw 6 from deck to hand; }
  phase play { repeat 2 { each players: turn(); } }
  winner most vp;
}
"""


def _never_used(tmp_path, text: str = NEVER_USED):
    pack = write_pack(tmp_path / "never_used", text, name="never_used")
    (pack / "pack.toml").write_text((pack / "pack.toml").read_text() + 'used = ["played"]\n')
    return pack


@pytest.mark.parametrize("backend", ["compiled", "interpreted"])
def test_a_kind_slot_whose_when_is_false_for_a_card_is_idle_for_it(tmp_path, backend):
    program = program_of(_never_used(tmp_path), backend)
    idle = {name for name, _slot in program.idle}
    assert idle == {f"attack{v}{c}" for v in (10, 20) for c in ("", "#2", "#3", "#4")}
    assert program.live_effects(program.entities["attack10#3"]) == {}
    assert list(program.live_effects(program.entities["boost3"])) == ["anytime in hand"]
    # the game still has the slot: the window tests it as before
    assert "anytime in hand" in program.entities["attack10"].effects


def test_cover_counts_a_card_its_kinds_slot_never_applies_to_as_one_without_effects(tmp_path):
    result = CliRunner().invoke(app, ["cover", str(_never_used(tmp_path)), "--games", "5"], terminal_width=200)
    # before: "ecard 1/3, never reached: attack10, attack20" and exit 1 for ever
    assert result.exit_code == 0, result.output
    assert "│ ecard │     3/3 │ -" in result.output, result.output


def test_simulate_counts_the_attack_cards_played_as_used(tmp_path):
    from rulebook.runtime import simulate as sim

    job, program = sim.prepare(str(_never_used(tmp_path)), [], 2)
    names = sim.component_names(program, job.used)
    records = sim.run(job, range(1, 21), 1)
    rows = {c["name"]: c for c in sim.summary(job, records, ["vp"], names, 1)["components"]}
    # each seat plays two attack cards a game: both declarations are used, in (nearly) every game
    assert rows["attack10"]["games_used"] >= 15 and rows["attack20"]["games_used"] >= 15, rows
    assert rows["boost3"]["games_used"] >= 1


COSMIC_WHEN = """
counter vp;
counter step;
enum ctype { attack, negotiate, reinforcement, artifact }
kind ecard { type: ctype; value: int = 0; anytime in hand when playable_now(this) { move this to discard; gain 1 vp; } }
func playable_now(c: ecard): bool = match c.type {
  reinforcement: step == 1,
  artifact: zap_ok(c),
  else: false,
};
func zap_ok(a: ecard): bool = match a { card_zap: step == 2, else: false };
ecard attack4 "Attack 4" { type = attack; value = 4; }
ecard negotiate08 "Negotiate" { type = negotiate; }
ecard plus2 "Reinforcement +2" { type = reinforcement; value = 2; }
ecard card_zap "Card Zap" { type = artifact; }
ecard plague "Plague" { type = artifact; }
ecard morph "Morph" { type = attack; anytime in hand when false { gain 1 vp; } }
zone hand per_player of ecard;
zone discard of ecard;
game g {
  seats 2 to 2;
  phase play { window; }
  winner most vp;
}
"""


def test_idle_slots_are_found_through_funcs_and_matches_on_the_cards_fields(tmp_path):
    program = program_of(write_pack(tmp_path / "cosmic", COSMIC_WHEN, name="cosmic"), "compiled")
    # Cosmic Encounter's `when playable_now(this)`: false whatever happens for an attack, a Negotiate and an
    # artifact the func names no case for; the reinforcement and the Card Zap may be played; the Morph's own
    # slot (written for it) is its designer's to see, never idle
    assert program.idle == {("attack4", "anytime in hand"), ("negotiate08", "anytime in hand"),
                            ("plague", "anytime in hand")}


def test_a_comparison_decides_for_the_card_and_a_state_read_beside_it_only_when_it_could_hold(tmp_path):
    text = NEVER_USED.replace("when this.boost", "when this.value >= 15 and vp > 2")
    program = program_of(_never_used(tmp_path, text), "compiled")
    assert {name.partition("#")[0] for name, _slot in program.idle} == {"attack10", "boost3"}


def test_a_slot_reading_a_field_a_rule_sets_is_no_idle_slot(tmp_path):
    text = NEVER_USED.replace("move c to played; gain c.value vp;", "move c to played; gain c.value vp; set c.boost = true;")
    program = program_of(_never_used(tmp_path, text), "compiled")
    assert program.idle == frozenset()


# ---------------------------------------------------------------- W8: reactions that commute ask nothing
# Everdell's production cards on a harvest: the Farm gains 1 berry, the Mine 1 pebble, the Twig Barge 2 twigs;
# in any order the same stock results, so their holder is not asked which first. The Granary (made up for the
# test) turns a berry into 2 VP when there is one: before the Farm or after it is another game, so it asks.
EVERDELL = """
resource berry;
resource pebble;
resource twig;
counter vp;
event harvest();
kind construction { }
zone city per_player of construction;
zone quarry of construction;
construction farm "Farm" * 2 { whenever you harvest in city { gain 1 berry; } }
construction mine "Mine" { whenever you harvest in city { gain 1 pebble; } }
construction barge "Twig Barge" { whenever you harvest in city { gain 2 twig; } }
construction granary "Granary" { whenever you harvest in city { if berry >= 1 { lose 1 berry; gain 2 vp; } } }
construction tax "Berry Tax" { whenever you harvest in city { lose 1 berry; } }
proc build(c: construction) { move c to city; }
proc harvest_now() { emit harvest(); }
game everdell { seats 2 to 2; phase setup { fill quarry with construction; } phase play { } winner most vp; }
"""
ORDER = "several of your effects on harvest at once: which first?"


@pytest.fixture
def everdell(tmp_path, backend):
    return program_of(write_pack(tmp_path / "everdell", EVERDELL, name="everdell"), backend)


def _harvest(program, *cards: str, answers=()):

    from .conftest import drive, new_game

    g = new_game(program)
    me = g.state.players[0]
    for c in cards:
        drive(g, program.procs["build"](g, me, program.entities[c]), [])
    asked = drive(g, program.procs["harvest_now"](g, me), list(answers))
    return asked, me.stock


@pytest.mark.parametrize("backend", ["compiled", "interpreted"])
def test_two_farms_and_other_fixed_gains_run_unasked_in_declaration_order(everdell):
    asked, stock = _harvest(everdell, "farm", "farm#2", "mine", "barge")
    assert asked == [] and (stock["berry"], stock["pebble"], stock["twig"]) == (2, 1, 2)


@pytest.mark.parametrize("backend", ["compiled", "interpreted"])
@pytest.mark.parametrize("answers, berry, vp", [(["Farm", "Mine"], 0, 2), (["Granary"], 1, 0)])
def test_a_reaction_reading_the_state_still_asks(everdell, answers, berry, vp):
    asked, stock = _harvest(everdell, "farm", "mine", "granary", answers=answers)
    assert asked[0].prompt == ORDER and asked[0].options == ["Farm", "Mine", "Granary"]
    # the Granary first: the Farm and the Mine left commute, and are not asked about; else Mine or Granary?
    assert [d.options for d in asked[1:]] == ([["Mine", "Granary"]] if answers[0] == "Farm" else [])
    assert (stock["berry"], stock["vp"]) == (berry, vp)


@pytest.mark.parametrize("backend", ["compiled", "interpreted"])
def test_a_gain_and_a_loss_of_one_stock_still_ask(everdell):
    # with no berry, the tax first takes nothing and the farm's berry stays; after the farm it takes it
    asked, stock = _harvest(everdell, "farm", "tax", answers=["Berry Tax"])
    assert [d.options for d in asked] == [["Farm", "Berry Tax"]] and stock["berry"] == 1
    asked, stock = _harvest(everdell, "farm", "tax", "mine", answers=["Mine", "Farm"])
    assert [d.options for d in asked] == [["Farm", "Berry Tax", "Mine"], ["Farm", "Berry Tax"]]
    assert stock["berry"] == 0
    asked, stock = _harvest(everdell, "farm", "tax", "mine", answers=["Farm"])   # then the tax and the mine commute
    assert len(asked) == 1 and stock["berry"] == 0


def test_only_fixed_gains_of_plain_stocks_are_order_free(tmp_path):
    from rulebook.compiler.driver import analyse
    from rulebook.compiler.layout import layout

    scout = 'counter seen;\nconstruction scout "Scout" { whenever you gain(res = twig) in city { gain 1 seen; } }\n'
    for text, free in [(EVERDELL, {("berry", 1), ("pebble", 1), ("twig", 1), ("berry", -1)}),
                       # a capped group asks which to discard past its cap: its members' gains are not order-free
                       (EVERDELL + "group goods cap 3 { berry, pebble }\n", {("twig", 1)}),
                       # a trigger listening to the twigs' gains reads the order of the gains it hears
                       (EVERDELL + scout, {("berry", 1), ("pebble", 1), ("berry", -1), ("seen", 1)})]:
        sym = analyse(str(write_pack(tmp_path / str(len(text)), text, name="everdell"))).symbols
        assert {tuple(m) for _tid, moves in layout(sym).order_free for m in moves} == free, text[-120:]


# ---------------------------------------------------------------- the parser's table of contextual words
def test_the_parsers_word_table_and_the_grammar_agree():
    """Each place of `parser.WORDS` is a rule (or alias) of rules.lark that reads a NAME, its words are no
    reserved keyword (they would never reach the builder as a NAME), and each `_expect_word` call names a
    place of the table from the builder of that very rule, each place called."""
    import ast
    import re
    from pathlib import Path

    from rulebook.dsl import parser as P

    grammar = Path(P.__file__).with_name("rules.lark").read_text()
    reserved = set(P._keywords())
    for place, word in P.WORDS.items():
        rule, _, named = place.partition(" ")
        found = re.search(rf"^\??{rule}:(.*)$", grammar, re.M) or re.search(rf"^(.*)->\s*{rule}\s*$", grammar, re.M)
        assert found is not None and "NAME" in found.group(1), place
        assert not set(word.words) & reserved, place
        assert not named or named in word.words, place
        assert "{found}" in word.message, place
    called: dict = {}
    for fn in ast.walk(ast.parse(Path(P.__file__).read_text())):
        if isinstance(fn, ast.FunctionDef) and fn.name != "_expect_word":
            for n in ast.walk(fn):
                if isinstance(n, ast.Call) and getattr(n.func, "id", None) == "_expect_word":
                    called.setdefault(n.args[0].value, set()).add(fn.name)
    assert set(called) == set(P.WORDS)
    assert all(names == {place.partition(" ")[0]} for place, names in called.items()), called


@pytest.mark.parametrize("text, message, hint", [
    ("resource coin;\nresource gem;\nproc p() { pay 2 coin using gem by 1; }\n",
     "expected 'gem at RATE'; found 'gem by'", "write 'N RESOURCE using OTHER at RATE'"),
    ("track t global printz [1, 2] { }\n",
     "expected 'prints [N, ...]', a scale 'from LOW to HIGH' or '{' after the track; found 'printz'",
     "did you mean 'prints'? 'track infection_rate global prints [2, 2, 2, 3, 3, 4, 4] { ... }'"),
    ("kind card { }\nzone hand per_player of card;\nproc p() { pick c from hand exacty 2 { } }\n",
     "expected 'exactly N' or 'up to N'; found 'exacty'",
     "did you mean 'exactly'? write 'exactly N': N picks, each of a different element, or 'up to N': at most N; "
     "an amend names a labelled pick 'pick as exacty ...;'"),
    ("enum column { a, b }\noption size \"S\": 1..2 = 2;\nrecord sq { col: column upp to size; }\n",
     "expected 'up to'; found 'upp to'", "did you mean 'up'? write 'col: column up to OPTION;': the enum's first "
     "members, as many as the option says"),
    ("resource coin;\nproc p() { auction \"bid\" among players maxi 3 as (w, b) { } }\n",
     "'maxi' is no clause of an auction", "an auction takes 'from P' or 'opened by P', 'open', 'once around', "
     "'sealed', 'open in any order', 'open until all pass' or 'form FORM', 'over CALLS', 'min N', 'step N', "
     "'up to AMOUNT', 'doubling N'"),
])
def test_the_tables_messages_fill_in_the_word_and_the_builders_values(text, message, hint):
    from rulebook.dsl.diagnostics import RulesError
    from rulebook.dsl.parser import parse_text

    with pytest.raises(RulesError) as e:
        parse_text(text, "x.rules")
    d = e.value.diagnostics[0]
    assert (d.code, d.message, d.hint) == ("E100", message, hint)


# The audit's own case (Cosmic Encounter, house Warrior Flare): the Warrior's `gain 1 tokens on this` and the
# flare's `gain 1 tokens on warrior` both fire on an encounter won; a card's stock no kind caps commutes too.
WARRIOR = """
counter vp;
event encounter_won();
kind alien { tokens: stock; }
kind flare { }
zone power per_player of alien;
zone flares per_player of flare;
alien warrior "Warrior" { whenever you encounter_won in power { gain 1 tokens on this; } }
flare warrior_flare "Warrior Flare" { whenever you encounter_won in flares { gain 1 tokens on warrior; gain 1 vp; } }
proc take() { move warrior to power; move warrior_flare to flares; }
proc win() { emit encounter_won(); }
game g { seats 2 to 2; phase play { } winner most vp; }
"""


@pytest.mark.parametrize("backend", ["compiled", "interpreted"])
def test_the_warrior_and_its_flare_gain_tokens_unasked(tmp_path, backend):
    from .conftest import drive, new_game

    program = program_of(write_pack(tmp_path / "warrior", WARRIOR, name="warrior"), backend)
    g = new_game(program)
    me = g.state.players[0]
    drive(g, program.procs["take"](g, me), [])
    assert drive(g, program.procs["win"](g, me), []) == []
    assert g.field(program.entities["warrior"], "tokens") == 2 and me.stock["vp"] == 1
    # a cap on the stock (`tokens: stock cap 3;`) is worked out per card: the order is asked again
    capped = program_of(write_pack(tmp_path / "capped", WARRIOR.replace("tokens: stock;", "tokens: stock cap 3;"),
                                   name="capped"), backend)
    assert capped.order_free == {}


# ---------------------------------------------------------------- W544: a slot no card that has it can use
def _lint(tmp_path, text: str) -> list:
    from rulebook.compiler.driver import analyse

    return [d for d in analyse(str(write_pack(tmp_path, text, name="w544"))).diagnostics if d.code == "W544"]


def test_a_kind_slot_no_card_can_use_and_a_cards_own_slot_that_never_runs_are_w544(tmp_path):
    found = _lint(tmp_path / "cosmic", COSMIC_WHEN)
    # the Morph's own `when false` (line 17); the kind's slot, usable by the reinforcement and the Card Zap, is not
    assert [(d.span.line, d.span.column) for d in found] == [(17, 59)], found
    assert found[0].message == "this 'anytime' slot never runs: its condition is false for card 'morph', whatever happens"
    only_attacks = NEVER_USED.replace('ecard boost3 "Reinforcement +3" * 4 { boost = true; }\n', "")
    found = _lint(tmp_path / "attacks", only_attacks)
    assert [(d.span.line, d.message) for d in found] == [
        (3, "this 'anytime' slot never runs: its condition is false for any of the 2 cards that have it, whatever happens")]
    # a field some rule sets may change: no finding
    assert _lint(tmp_path / "set", only_attacks.replace("gain c.value vp;", "gain c.value vp; set c.boost = true;")) == []
