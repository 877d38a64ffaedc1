"""A role's own reactions, modifiers, anytime slots and options (docs/language.md 3.17): written in the role
without a zone, they are its holder's alone (the role's zone holds it for them); both backends, the
narrowing lint, fmt and explain."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text, build_text

from .conftest import explained, played, printed_back, random_games_agree

# Cosmic Encounter, simplified: each alien's power is a rule its holder alone has.
ALIENS = """
counter vp "Colonies" from 0 to 50;
event attack(ships: int);
event won(ships: int);
proc encounter() {
  let ships = 2 for attack(1);
  gain ships vp;
  emit won(ships);
  choose "after the encounter?" as regroup_or_rest open {
    option "rest" { gain 1 vp; }
  }
}
role macron "Macron" {
  counter tokens "Tokens" from 0 to 20;
  modifier you attack() { value *2; }
  whenever you won while it.ships > 3 { gain 1 tokens; }
  option in regroup_or_rest "regroup" { gain 2 tokens; }
}
role oracle "Oracle" {
  counter foresight "Foresight" from 0 to 7;
  anytime when foresight < 7 { gain 1 foresight; }
}
game cosmic { seats 2 to 2 roles macron, oracle; phase play { repeat 3 { each players { encounter(); window; } } }
  winner most vp; }
"""


def test_lints_clean_without_a_zone_or_a_narrowing_test():
    assert [d for d in analyse_text(ALIENS).diagnostics if d.severity != "info"] == []


def test_each_power_is_its_holders_alone_on_both_backends():
    for interpreted in (False, True):
        g = played(build_text(ALIENS, interpreted=interpreted), 3, 2)
        macron, oracle = g.state.players
        assert macron.stock["vp"] >= 3 * 4 and oracle.stock["vp"] <= 3 * 3   # 2 ships doubled, against 2 (+1 rest)
        assert macron.stock["tokens"] >= 3   # won with 4 ships each encounter
        assert "tokens" not in oracle.stock and "foresight" not in macron.stock
        assert oracle.stock["foresight"] >= 1   # its anytime slot, played at a window
        asked = [e for e in g.log if isinstance(e[0], int)]
        assert all("regroup" not in str(e) for e in asked if e[0] == 1)   # the option is the Macron's alone


def test_random_games_agree():
    random_games_agree(ALIENS, seeds=range(1, 5), counts=(2,))


def test_fmt_writes_them_back_without_a_zone():
    _module, text = printed_back(ALIENS)
    assert "modifier you attack {" in text and "whenever you won while it.ships > 3 {" in text
    assert 'option in regroup_or_rest "regroup" {' in text and "anytime when foresight < 7 {" in text
    assert "role.held" not in text


def test_explain_reads_them_as_the_role_s():
    said = explained(analyse_text(ALIENS), "macron")
    assert "For the Macron, on your attack:" in said and "The value is multiplied by 2" in said
    assert "Whenever you won" in said and "your role (you hold it)" in said and "for their own copy" not in said
    assert "adds to the choice labelled regroup_or_rest" in said


def test_a_card_of_a_pack_s_own_kind_role_keeps_its_zone():
    # before roles, `role NAME { whenever ... in ZONE }` is a card of the pack's `kind role` (Coup): unchanged
    text = """
counter coins;
kind role { }
zone court per_player of role;
role duke "Duke" { whenever you gain in court { gain 1 coins; } }
"""
    assert [d for d in analyse_text(text).diagnostics if d.severity == "error"] == []


def test_a_zone_on_a_role_s_slot_says_to_leave_it_out():
    # in a pack with roles, `in hand` on a role's reaction makes its braces a card's (of the kind role), which no
    # hand holds: E332 at the zone, and the hint says the role's own reaction is written without one
    text = ALIENS.replace("whenever you won while", "whenever you won in hand while") + \
        "kind card { }\nzone hand per_player of card;\n"
    found = [d for d in analyse_text(text).diagnostics if d.code == "E332"]
    assert found and "written without a zone" in found[0].hint
