"""A role as a value (docs/language.md 3.17, "A role as a value"): `pick r from role ...`, `give P role r` with
r a local, a parameter or a var, `holders(r)`, `p is r`, comparisons, a var of the type `role`; Pandemic's
random deal and Citadels' draft on both backends; misuse (E465, E466, E467, W503); fmt and explain. And a
card's `anytime` slot in a role's zone (the Contingency Planner's stored event)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.state import State, check_saved

from .conftest import explained, played, printed_back, random_games_agree

# Pandemic (the audit's W1): "shuffle the Role cards and deal 1 to each player", with no enum mirroring them.
PANDEMIC = """
counter vp;
role medic "Medic" { }
role scientist "Scientist" { }
role dispatcher "Dispatcher" { }
role researcher "Researcher" { }
game pandemic { seats 2 to 4;
  phase setup {
    each players {
      pick r from role where size(holders(r)) == 0 at random { give you role r; }
    }
  }
  phase play { each players { say "{you} is the {role_of(you)}"; if you is scientist { gain 1 vp; } } }
  winner most vp; }
"""

# Citadels' draft: one character set aside face down, then each player in turn takes one of those left;
# a character's power is its holder's rule.
CITADELS = """
counter gold "Gold" from 0 to 99 start 2;
var set_aside "Set aside" global: role;
var drafted "Drafted": role;
proc income() { gain 2 gold; }
role assassin "Assassin" { }
role thief "Thief" { }
role king "King" { override proc income() { gain 3 gold; } }
role merchant "Merchant" { override proc income() { gain 4 gold; } }
func taken(r: role): bool = size(holders(r)) > 0 or r == set_aside;
proc crown(r: role) { each players { if you is r { gain 10 gold; } } }
game citadels "Citadels (the draft)" {
  seats 2 to 3;
  phase setup {
    pick r from role at random { set set_aside = r; }
    each players {
      pick r from role where not taken(r) "take which character?" { give you role r; set drafted = r; }
    }
  }
  phase play {
    each players { say "{you} is the {drafted}"; income(); }
    for each r in role { if r != set_aside and r != king { say "{r}: {size(holders(r))}"; } }
    crown(king);
  }
  winner most gold;
}
"""


def errors(text: str) -> list:
    return [(d.code, d.span.line) for d in analyse_text(text).diagnostics if d.severity != "info"]


def roles_held(g) -> list:
    return [[e.name for e in p.zones["role.held"]] for p in g.state.players]


def test_the_audits_repro_and_the_docs_deal_lint_clean():
    assert errors(PANDEMIC) == [] and errors(CITADELS) == []
    repro = PANDEMIC.replace("pick r from role where", "pick r from [medic, scientist, dispatcher] where")
    assert errors(repro) == []


@pytest.mark.parametrize("interpreted", [False, True])
def test_pandemic_deals_each_player_a_role_nobody_holds(interpreted):
    program = build_text(PANDEMIC, interpreted=interpreted)
    dealt = set()
    for seed in range(1, 9):
        g = played(program, seed, 4)
        held = roles_held(g)
        assert sorted(r for h in held for r in h) == ["dispatcher", "medic", "researcher", "scientist"]
        assert [p.stock["vp"] for p in g.state.players] == [int(h == ["scientist"]) for h in held]
        dealt.add(held[0][0])
        g = played(program, seed, 2)
        assert len({r for h in roles_held(g) for r in h}) == 2 and all(len(h) == 1 for h in roles_held(g))
    assert len(dealt) > 1   # at random: the first seat's role changes with the seed


def test_both_backends_deal_and_draft_the_same_games():
    random_games_agree(PANDEMIC, seeds=range(1, 6), counts=(2, 3, 4))
    random_games_agree(CITADELS, seeds=range(1, 6), counts=(2, 3))


@pytest.mark.parametrize("interpreted", [False, True])
def test_citadels_drafts_the_characters_left_one_by_one(interpreted):
    program = build_text(CITADELS, interpreted=interpreted)
    for seed in range(1, 7):
        g = Game(program, 3, seed, make_agents("first", 3, seed))
        g.play()
        aside = g.state.gvars["set_aside"]
        left = [r for r in ("assassin", "thief", "king", "merchant") if r != aside.name]
        # each in turn takes the first of those left (the first agent), none the set-aside one
        assert roles_held(g) == [[r] for r in left]
        assert [p.vars["drafted"].name for p in g.state.players] == left
        income = {"king": 3 + 10, "merchant": 4}
        assert [p.stock["gold"] for p in g.state.players] == [2 + income.get(r, 2) for r in left]
        assert f"P1 is the {program.entities[left[0]].title}" in g.messages   # a role shows its title
        assert [m for m in g.messages if m.startswith("P1: ") and m.endswith(": 1")] == \
            [f"P1: {program.entities[r].title}: 1" for r in left if r != "king"]


@pytest.mark.parametrize("interpreted", [False, True])
def test_a_saved_state_keeps_a_var_holding_a_role(interpreted):
    program = build_text(CITADELS, interpreted=interpreted)
    g = played(program, 2, 3)
    data = g.state.to_json()
    check_saved(data, program)
    again = State.from_json(data, program.entities)
    assert again.digest() == g.state.digest() and again.gvars["set_aside"] is g.state.gvars["set_aside"]


@pytest.mark.parametrize("interpreted", [False, True])
def test_giving_a_role_held_already_from_a_value_stops_play(interpreted):
    text = PANDEMIC.replace("pick r from role where size(holders(r)) == 0 at random", "pick r from [medic] at random")
    assert ("W503", 10) in errors(text)
    g = Game(build_text(text, interpreted=interpreted), 2, 1, make_agents("random", 2, 1))
    with pytest.raises(RulesRuntimeError, match="P1 holds the role Medic already, and it is given to P2") as err:
        g.play()
    assert err.value.code == "E601"


def test_misuse():
    base = PANDEMIC.replace("phase play {", "phase play { each players { misuse(); }")
    misuse = lambda body: errors(base + "enum colour { red, blue }\nkind card { }\ncard ace { }\n"  # noqa: E731
                                 "var mine: role;\nvar c: colour = red;\nproc misuse() { " + body + " }\n")
    last = len(base.splitlines()) + 6
    assert misuse("let n = 3; give you role n;") == [("E465", last)]
    assert misuse("give you role c;") == [("E465", last)]
    assert misuse("say \"{size(holders(ace))}\";") == [("E465", last)]
    assert misuse("if mine == red { }") == [("E466", last)]
    assert misuse("if mine != c { }") == [("E466", last)]
    assert misuse("if role_of(you) == you { }") == [("E466", last)]
    assert misuse("if mine == ace { }") == [("E466", last)]
    assert misuse("set mine = red;") == [("E303", last)]
    assert misuse("give you role nobody;") == [("E204", last)]
    fine = "if mine == medic or mine == none or role_of(you) == mine or you is mine { give you role mine; }"
    assert misuse(fine) == []
    assert errors(PANDEMIC + "zone aside of role secret;\n")[:1] == [("E467", len(PANDEMIC.splitlines()) + 1)]
    # a pack's own `kind role` (Coup's characters, no roles): its cards go in zones as before
    assert errors("resource coin; kind role { } zone hand per_player of role; role duke \"Duke\" { } "
                  "proc take(r: role) { move r to hand; }")[:1] != [("E467", 1)]


def test_w503_is_for_a_pick_among_all_the_roles_run_again():
    looped = PANDEMIC.replace(" where size(holders(r)) == 0 at random", " at random")
    assert [c for c, _ in errors(looped)] == ["W503"]
    once = looped.replace("each players {", "if player_count > 1 {")
    assert errors(once) == []
    # giving by value gives any role: no W444 for roles nobody names
    assert "W444" not in [c for c, _ in errors(PANDEMIC)]


def test_fmt_and_explain():
    _module, printed = printed_back(CITADELS)
    assert "give you role r;" in printed and "var set_aside \"Set aside\" global: role;" in printed
    result = analyse_text(CITADELS)
    game = explained(result, "citadels")
    assert "among the roles for which not" in game and "You take the role r" in game
    assert "If you holds the role r:" in explained(result, "crown")
    assert "holding a role" in explained(result, "set_aside")


# `give P role EXPR`: Citadels' draft with character cards (a card's field holding the role), the player after
# taking what you chose for them (another player's var), and Pandemic's choice among two dealt (a list's item).
CHARACTERS = """
counter gold "Gold" from 0 to 99 start 2;
var chosen "Chosen for the next player": role;
proc income() { gain 2 gold; }
role thief "Thief" { }
role king "King" { override proc income() { gain 3 gold; } }
role merchant "Merchant" { override proc income() { gain 4 gold; } }
role bishop "Bishop" { }
kind character { plays: role; rank: int; }
character c_thief "Thief card" { plays = thief; rank = 2; }
character c_king "King card" { plays = king; rank = 4; }
character c_merchant "Merchant card" { plays = merchant; rank = 6; }
zone lineup of character;
zone faceup of character;
game citadels "Citadels (character cards)" {
  seats 2 to 2;
  phase setup {
    fill lineup with character;
    shuffle lineup;
    pick c from lineup "take which character?" { give you role c.plays; move c to faceup; }
    pick r from [bishop, first(lineup).plays] "which role for the next player?" { set chosen = r; }
    give left(you) role you.chosen;
  }
  phase play { each players { income(); } }
  winner most gold;
}
"""


@pytest.mark.parametrize("interpreted", [False, True])
def test_a_role_given_by_an_expression(interpreted):
    p = build_text(CHARACTERS, interpreted=interpreted)
    for seed in range(1, 7):
        g = played(p, seed, 2)
        first, second = roles_held(g)
        # the first player holds the character card's role; the second, the one the first chose for them
        taken = [e.declared for e in g.state.zones["faceup"]]
        assert len(first) == len(second) == 1 and first[0].endswith(taken[0].removeprefix("c_"))
        assert second[0] != first[0]
        income = {"king": 3, "merchant": 4}
        assert [pl.stock["gold"] for pl in g.state.players] == [
            2 + income.get(held[0].rpartition(".")[2].removeprefix("role_"), 2) for held in (first, second)]
    random_games_agree(CHARACTERS, seeds=range(1, 5), counts=(2,))


@pytest.mark.parametrize("text, code, where", [
    ("give you role 3;", "E465", "and 3 is a number"),
    ("give you role [a, b];", "E465", "[a, b] is a list of roles"),
    ("give you role first(hand);", "E465", "first(hand) is a token"),
    ("give you role zz;", "E204", "unknown role 'zz'"),
])
def test_a_value_that_is_no_role_is_refused_at_the_expression(text, code, where):
    pack = f"role a {{ }}\nrole b {{ }}\nkind token {{ }}\nzone hand per_player of token;\nproc p() {{ {text} }}\n"
    result = analyse_text(pack)
    errs = [d for d in result.diagnostics if d.severity == "error"]
    assert [d.code for d in errs] == [code] and where in errs[0].message, [d.headline() for d in errs]
    assert errs[0].span.line == 5 and errs[0].span.column == len("proc p() { give you role ") + 1


def test_an_expression_given_as_a_role_is_printed_back_and_explained():
    _module, printed = printed_back(CHARACTERS)
    assert "give you role c.plays;" in printed and "give left(you) role you.chosen;" in printed
    result = analyse_text(CHARACTERS)
    game = explained(result, "citadels")
    assert "You take the role c's plays (its state" in game
    assert "The player to the left of you takes the role your chosen for the next player (its state" in game
    assert [d.code for d in result.diagnostics if d.severity != "info"] == []


# The Contingency Planner (the audit's W9): she stores an event on her role card and plays it from there,
# after which it is removed from the game; every player plays events from the hand.
PLANNER = """
counter vp;
kind event_card { effect: effect; anytime in hand, planner_slot { play_event(this); } }
zone hand per_player of event_card;
zone discard of event_card;
zone out_of_game of event_card;
proc play_event(e: event_card) {
  if you is planner and contains(planner_slot, e) { move e to out_of_game; } else { move e to discard; }
  copy e.effect;
}
event_card grant "Government Grant" { effect { gain 2 vp; } }
event_card night "One Quiet Night" { effect { gain 1 vp; } }
event_card airlift "Airlift" * 2 { effect { gain 3 vp; } }
role planner "Contingency Planner" {
  zone planner_slot "Stored event" of event_card;
  proc store() {
    pick e from discard where size(planner_slot) == 0 "store which event?" optional { move e to planner_slot; }
  }
}
role medic "Medic" { }
game pandemic {
  seats 2 to 2 roles planner, medic;
  phase setup { move grant to discard; move night to discard; each holders(medic): move airlift to hand; }
  phase play { repeat 3 { each players { window; if you is planner { store(); } } } }
  winner most vp;
}
"""


@pytest.mark.parametrize("interpreted", [False, True])
def test_the_planner_plays_a_stored_event_from_her_role_zone_and_it_leaves_the_game(interpreted):
    assert errors(PLANNER) == []
    program = build_text(PLANNER, interpreted=interpreted)
    stored = 0
    for seed in range(1, 13):
        g = played(program, seed, 2)
        planner, medic = g.state.players
        out = [e.name for e in g.state.zones["out_of_game"]]
        # what left the game was played from her slot: she scored it; the medic never holds the slot
        assert "planner_slot" not in medic.zones
        assert planner.stock["vp"] == sum({"grant": 2, "night": 1, "airlift": 3}[x] for x in out)
        assert medic.stock["vp"] in (0, 3, 6)
        stored += len(out)
    assert stored > 0


def test_both_backends_play_the_planner_alike():
    random_games_agree(PLANNER, seeds=range(1, 8), counts=(2,))


def test_a_slot_used_from_the_role_zone_alone_reads_the_roles_state_without_a_test():
    alone = PLANNER.replace("anytime in hand, planner_slot { play_event(this); }",
                            "anytime in planner_slot { move this to out_of_game; copy this.effect; }") \
        .replace("role planner \"Contingency Planner\" {", "role planner \"Contingency Planner\" {\n  counter plans;") \
        .replace("copy this.effect; }", "gain 1 plans; copy this.effect; }")
    assert [c for c, _ in errors(alone) if c in ("W443", "E424")] == []
    mixed = PLANNER.replace("role planner \"Contingency Planner\" {", "role planner \"Contingency Planner\" {\n  counter plans;") \
        .replace("{ play_event(this); }", "{ gain 1 plans; play_event(this); }")
    assert [c for c, _ in errors(mixed) if c in ("W443", "E424")] == ["W443"]   # from the hand: anyone's


# A card's reaction, modifier and option of an open choose in a role's zone (a relic in the Priest's shrine):
# for the role's holders alone, beside a zone every player has (the hand) or alone.
SHRINE = """
counter vp;
event scored();
event attack();
kind relic {
  whenever opponents scored in hand, shrine { gain 1 vp; }
  modifier you attack() in shrine { value *2; }
  option in then_what in shrine "pray" { gain 5 vp; gain 1 faith; }
}
relic idol "Idol" { }
relic bead "Bead" * 2 { }
role priest "Priest" {
  counter faith;
  zone shrine "Shrine" of relic;
  proc keep() { move idol to shrine; }
}
role knight "Knight" { }
role squire "Squire" { }
zone hand per_player of relic;
proc fight() { let hits = 1 for attack(); gain hits vp; }
proc turn() { emit scored(); fight(); choose "then?" as then_what open { option "rest" { gain 1 vp; } } }
game g { seats 3 to 3 roles priest, knight, squire;
  phase setup { each holders(priest): keep(); each holders(knight): move bead to hand; }
  phase play { repeat 2 { each players: turn(); } }
  winner most vp; }
"""


@pytest.mark.parametrize("interpreted", [False, True])
def test_a_cards_reaction_modifier_and_option_in_a_roles_zone_are_its_holders_alone(interpreted):
    assert errors(SHRINE) == []   # no W443: the role's state is read in slots used from its zone alone
    program = build_text(SHRINE, interpreted=interpreted)
    prayed = 0
    for seed in range(1, 9):
        g = played(program, seed, 3)   # no E601 for the knight and the squire, who have no shrine
        priest, knight, squire = g.state.players
        faith = priest.stock["faith"]
        # the priest: 2 opponents' scored x 2 rounds, her attacks doubled (2 x 2), then "pray" (5) or "rest" (1)
        assert priest.stock["vp"] == 4 + 4 + 5 * faith + (2 - faith)
        # the knight: the bead in hand answers the 2 others' scored x 2 rounds; no doubling, never "pray"
        assert knight.stock["vp"] == 4 + 2 + 2 and squire.stock["vp"] == 2 + 2 and "faith" not in knight.stock
        prayed += faith
    assert prayed > 0


def test_both_backends_play_the_shrine_alike():
    random_games_agree(SHRINE, seeds=range(1, 6), counts=(3,))
