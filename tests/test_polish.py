"""The Terraforming Mars audit's leftovers (seventh session of 2026-12-05, branch polish): explain's
wording (D4), a pack's func or proc named like a builtin, words a designer needs as names (W12), and
one step budget for both backends."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text

from .conftest import explained

# Terraforming Mars, as the audit wrote it (repro/explain_words): a resource with a title that is no
# word ("M€"), a production counter, a tag enum, a project whose modifier makes Space tags cheaper.
TM = '''
resource mc "M€";
resource steel "Steel";
counter heat_prod "Heat production";
enum tag { building "Building", space_tag "Space" }
event play_card(c: project);
kind project { cost: int; tags: list of tag = []; play: effect; }
zone tableau per_player of project;
zone mars "Mars" of project;
zone pile "Projects" of project;
func has_tag(c: project, t: tag) = contains(c.tags, t);
func both(c: project) = has_tag(c, building) and has_tag(c, space_tag);
func one(c: project) = has_tag(c, building);
project station "Space Station" {
  cost = 10; tags = [space_tag];
  play { modifier you play_card while has_tag(it.c, space_tag) { cost -2 mc; } gain 3 heat_prod; }
}
func in_mars() = count(c in mars where c.cost > 1);
func in_pile() = count(c in pile);
func can_buy(c: project) = affordable(c.cost mc for play_card(c));
proc pay_for(c: project) { pay c.cost mc using steel at 2 for play_card(c); }
'''


def tm():
    result = analyse_text(TM)
    assert not [d for d in result.diagnostics if d.severity == "error"], result.diagnostics
    return result


def test_a_call_with_several_arguments_keeps_them_apart_from_the_logical_and():
    words = explained(tm(), "both")
    assert "“has tag” for (c, “Building”) and “has tag” for (c, “Space”)" in words, words
    assert "“has tag” for c and “Building”" not in words
    assert "“has tag” for (c, “Building”)" in explained(tm(), "one")


def test_a_modifier_and_affordable_read_the_resource_by_its_title_as_pay_does():
    result = tm()
    assert "The cost is reduced by 2 M€ (never below zero)." in explained(result, "station")
    assert "M€" in explained(result, "pay_for")
    assert "you can pay c's cost M€ for play_card" in explained(result, "can_buy"), explained(result, "can_buy")
    assert " mc" not in explained(result, "station") + explained(result, "can_buy")


def test_a_place_is_read_by_its_title_and_a_pile_as_a_common_noun():
    result = tm()
    assert "projects c in Mars for which" in explained(result, "in_mars"), explained(result, "in_mars")
    # the plural of what it holds is a pile, not a place: "the projects"
    assert "in the projects" in explained(result, "in_pile"), explained(result, "in_pile")


def test_a_production_counter_is_not_pluralised():
    assert "Gain 3 heat production." in explained(tm(), "station")
