"""Roles (docs/language.md 3.17): state a role's holders alone have, the rules it changes for them, given
by seat or by `give`; both backends, saved states, the view, the narrowing lint (W443, E424), misuse
(E425-E427, W444), fmt and explain."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.state import State, check_saved

from rulebook.runtime.view import told_answer

from .conftest import explained, found_at, holding, parse_error, played, printed_back, random_games_agree, screens

# Twilight Struggle, simplified (the docs' example): each side its own state and turn.
SIDES = """
counter vp "VP" from 0 to 20;
counter defcon "DEFCON" global from 1 to 5 start 5;
kind token { }
proc turn() { }
func influence(n: int): int = n;
role ussr "USSR" {
  counter coups "Coups" from 0 to 10;
  override proc turn() {
    if defcon > 2 {
      gain 1 coups;
      lose 1 defcon;
    }
    gain influence(1) vp;
  }
}
role usa "USA" {
  counter dollars "Dollars" from 0 to 20 start 2;
  zone aid "Foreign aid" of token hidden;
  override proc turn() {
    choose "aid?" { option "dollars" { gain 1 dollars; } option "vp" { gain 1 vp; } }
  }
  override func influence(n: int): int = n + dollars;
}
proc report() {
  for each p in holders(ussr) { say "{p} ({role_of(p)}) made {p.coups} coups"; }
  if you is usa { say "the USA has {dollars} dollars"; }
}
"""

GAME = """
game twilight "Twilight Struggle" {
  seats 2 to 2 roles ussr, usa;
  phase play {
    repeat 4 { each players: turn(); }
    each players: report();
  }
  winner most vp;
}
"""


def test_the_pack_lints_clean():
    assert [d for d in analyse_text(SIDES + GAME).diagnostics if d.severity != "info"] == []


@pytest.mark.parametrize("interpreted", [False, True])
def test_a_roles_state_is_its_holders_alone(interpreted):
    program = build_text(SIDES + GAME, interpreted=interpreted)
    g = Game(program, 2, 1)
    ussr, usa = g.state.players
    assert "coups" in ussr.stock and "dollars" not in ussr.stock and "aid" not in ussr.zones
    assert "dollars" in usa.stock and usa.stock["dollars"] == 2 and "coups" not in usa.stock and "aid" in usa.zones
    assert [e.name for e in ussr.zones["role.held"]] == ["ussr"]
    g = played(program, 1, 2)
    assert g.state.players[0].stock["coups"] == 3   # DEFCON 5 -> 2: three coups, then none
    assert "dollars" not in g.state.to_json()["players"][0]["stock"]
    assert any("P1 (USSR) made 3 coups" in m for m in g.messages)
    assert any("the USA has" in m for m in g.messages) and not any("the USA has" in m for m in g.messages[:1])


def test_both_backends_play_the_same_games():
    random_games_agree(SIDES + GAME, seeds=range(1, 6), counts=(2,))


@pytest.mark.parametrize("interpreted", [False, True])
def test_a_saved_state_keeps_each_players_roles(interpreted):
    program = build_text(SIDES + GAME, interpreted=interpreted)
    g = played(program, 3, 2)
    data = g.state.to_json()
    check_saved(data, program)
    assert State.from_json(data, program.entities).digest() == g.state.digest()
    data["players"][0]["stock"]["dollars"] = 1   # the USSR has no dollars
    with pytest.raises(ValueError, match="dollars"):
        check_saved(data, program)


def test_the_view_shows_a_roles_hidden_zone_to_its_holder_only():
    program = build_text(SIDES + GAME)
    g = Game(program, 2, 1)
    g.state.players[1].zones["aid"].append(program.entities["usa"])   # (any card: the zone is what is tested)
    from rulebook.runtime.view import build_view
    mine, theirs = build_view(g, 1), build_view(g, 0)
    assert "aid" not in mine["players"][0]["zones"] and "aid" in mine["players"][1]["zones"]
    assert theirs["players"][1]["zones"]["aid"] != mine["players"][1]["zones"]["aid"]


@pytest.mark.parametrize("interpreted", [False, True])
def test_a_roles_state_read_for_another_player_stops_play_at_the_line(interpreted):
    text = SIDES + "proc peek() { say \"{dollars}\"; }\n" + GAME.replace("each players: report();", "each players: peek();")
    assert ("W443", len(SIDES.splitlines()) + 1, 21) in found_at(text)
    g = Game(build_text(text, interpreted=interpreted), 2, 1, make_agents("random", 2, 1))
    with pytest.raises(RulesRuntimeError) as err:
        g.play()
    assert err.value.code == "E601" and "role USA" in str(err.value) and f":{len(SIDES.splitlines()) + 1}:" in err.value.where


def test_narrowing_by_is_holders_and_each():
    narrowed = SIDES + """
proc a(p: player) { if p is usa and p.dollars > 1 { say "rich"; } }
proc b() { each holders(usa) { gain 1 dollars; } }
proc c(p: player) { if p is ussr { each p { gain 1 coups; } } }
func d(): int = total(q in players where q is usa, q.dollars);
""" + GAME
    assert [x for x in found_at(narrowed) if x[0] in ("W443", "E424")] == []
    loose = SIDES + "proc a(p: player) { say \"{p.dollars}\"; each p { gain 1 coups; } }\n" + GAME
    assert [x[0] for x in found_at(loose) if x[0] in ("W443", "E424")] == ["W443", "W443"]


def test_another_roles_state_in_a_role_is_e424():
    text = SIDES.replace("gain influence(1) vp;", "gain dollars vp;") + GAME
    assert [x[0] for x in found_at(text) if x[0] in ("W443", "E424")] == ["E424"]


def test_misuse():
    codes = lambda text: [d.code for d in analyse_text(text).diagnostics if d.severity != "info"]  # noqa: E731
    assert "E424" in codes("counter vp; role r { counter x global; } game g { seats 1 to 1 roles r; winner most vp; }")
    assert "E425" in codes("counter vp; role vp { } game g { seats 1 to 1 roles vp; winner most vp; }")
    assert "E425" in codes("counter vp; enum role { a } role r { } game g { seats 1 to 1 roles r; winner most vp; }")
    assert "E426" in codes("counter vp; role r { override proc nothing() { } } game g { seats 1 to 1 roles r; winner most vp; }")
    assert "E426" in codes("counter vp; role r { override proc vp() { } } game g { seats 1 to 1 roles r; winner most vp; }")
    assert "E427" in codes("counter vp; role r { } game g { seats 2 to 2 roles r, r; winner most vp; }")
    assert "E427" in codes("counter vp; role r { } role s { } game g { seats 2 to 2 roles r, s; "
                           "phase setup { give you role s; } winner most vp; }")
    assert codes("counter vp; role r { } role s { } game g { seats 1 to 1 roles r; winner most vp; }") == ["W444"]


@pytest.mark.parametrize("interpreted", [False, True])
def test_give_at_setup_and_a_second_role_at_play(interpreted):
    chosen = SIDES + """
game twilight {
  seats 2 to 2;
  phase setup {
    choose "which side?" { option "USSR" { give you role ussr; each opponents: give you role usa; }
                           option "USA" { give you role usa; each opponents: give you role ussr; } }
  }
  phase play { repeat 2 { each players: turn(); } }
  winner most vp;
}
"""
    assert [d for d in analyse_text(chosen).diagnostics if d.severity == "error"] == []
    program = build_text(chosen, interpreted=interpreted)
    g = played(program, 5, 2)
    assert sorted(e.name for p in g.state.players for e in p.zones["role.held"]) == ["usa", "ussr"]
    twice = build_text(SIDES + "game t { seats 2 to 2; phase setup { give you role ussr; give you role usa; } "
                       "winner most vp; }", interpreted=interpreted)
    g = Game(twice, 2, 1, make_agents("random", 2, 1))
    with pytest.raises(RulesRuntimeError, match="holds the role USSR already"):
        g.play()


def test_fmt_and_explain():
    _module, printed = printed_back(SIDES + GAME)
    assert "role ussr \"USSR\" {" in printed and "seats 2 roles ussr, usa;" in printed
    assert "  override proc turn() {" in printed
    result = analyse_text(SIDES + GAME)
    turn = explained(result, "turn")
    assert "USSR" in turn and "USA" in turn
    assert "holds the role USA" in explained(result, "report")


def test_fmt_prints_give_once_terminated_in_a_block_and_in_a_match_arm():
    # the Pandemic audit's D1: `give P role R;` came back as `give P role R;;`, which no longer parses
    text = SIDES + """enum side { east, west }
proc deal(s: side) {
  match s {
    east: give you role ussr;
    west { give you role usa; }
  }
  if false { give you role usa; }
}
game t { seats 2 to 2; phase setup { each players: deal(east); } winner most vp; }
"""
    _module, printed = printed_back(text)
    assert "    east: give you role ussr;\n    west: give you role usa;\n" in printed
    assert ";;" not in printed


def test_fmt_prints_an_empty_role_as_an_empty_kind():
    # the Pandemic audit's D8: `role medic "Medic" { }` came back over two lines, `kind k { }` as `{}`
    _module, printed = printed_back('counter vp;\nrole medic "Medic" { }\nkind k { }\n')
    assert 'role medic "Medic" {}\n' in printed and "kind k {}\n" in printed


def test_fmt_keeps_the_blank_lines_written_inside_a_role():
    from rulebook.dsl.printer import format_text
    grouped = SIDES.replace('  counter dollars "Dollars" from 0 to 20 start 2;\n',
                            '  counter dollars "Dollars" from 0 to 20 start 2;\n\n\n') \
        .replace("    gain influence(1) vp;\n  }\n", "    gain influence(1) vp;\n  }\n  # the USSR's own\n\n")
    printed = format_text(grouped + GAME)
    usa = printed[printed.index("role usa"):printed.index("proc report")]
    assert usa.startswith('role usa "USA" {\n  counter dollars "Dollars" from 0 to 20 start 2;\n\n'
                          '  zone aid "Foreign aid" of token hidden;\n  override proc turn() {')   # one blank line, none added
    assert "  }\n  # the USSR's own\n\n}" in printed   # a comment's blank lines not doubled
    assert format_text(printed) == printed
    assert "\n\n  counter coups" not in format_text(SIDES + GAME)   # none where none was written


def test_explain_prints_a_role_as_written_with_its_blank_lines_and_comments(tmp_path):
    from click.testing import CliRunner

    from rulebook.cli import app

    from .conftest import write_pack

    grouped = SIDES.replace('  counter dollars "Dollars" from 0 to 20 start 2;\n',
                            '  # what the USA has\n  counter dollars "Dollars" from 0 to 20 start 2;  # a start of 2\n\n')
    pack = write_pack(tmp_path, grouped + GAME, "twilight")
    result = CliRunner().invoke(app, ["explain", str(pack), "usa"], terminal_width=200)
    shown = result.output.partition("In words")[0].splitlines()[1:]
    assert [line.strip() for line in shown[:6]] == [
        'role usa "USA" {', "# what the USA has", 'counter dollars "Dollars" from 0 to 20 start 2;  # a start of 2', "",
        'zone aid "Foreign aid" of token hidden;', "override proc turn() {"], result.output
    plain = CliRunner().invoke(app, ["explain", str(write_pack(tmp_path / "plain", SIDES + GAME, "twilight")), "usa"],
                               terminal_width=200).output
    assert "start 2;\n    zone aid" in plain   # no blank line where none was written


def test_simulate_reports_the_games_won_per_role():
    from rulebook.runtime.simulate import GameRecord, role_table

    records = [GameRecord(1, wins=[1.0, 0.0], roles=["USSR", "USA"]), GameRecord(2, wins=[0.0, 1.0], roles=["USA", "USSR"]),
               GameRecord(3, wins=[1.0, 0.0], roles=["USSR", None])]
    rows = {r["role"]: r for r in role_table(records)}
    assert rows["USSR"]["games"] == 3 and rows["USSR"]["win_rate"] == 1.0
    assert rows["USA"]["games"] == 2 and rows["USA"]["win_rate"] == 0.0
    assert role_table([GameRecord(1, wins=[1.0])]) == []


def test_cover_lists_a_pack_version_every_seats_role_replaces_apart(tmp_path):
    from click.testing import CliRunner

    from rulebook.cli import app
    from rulebook.runtime.coverage import cover_games

    from .conftest import write_pack

    def covered(text, counts=(2,)):
        return cover_games(build_text(text), counts, range(1, 6), [[]], "random")

    coverage = covered(SIDES + GAME)   # both seats' roles override turn: the pack's turn never runs
    assert coverage.replaced() == [("proc", "turn.base")]
    assert coverage.report()["proc"] == (3, [])
    # a seat without a role runs the pack's version: missed when never reached, as any rule
    three = covered(SIDES + GAME.replace("seats 2 to 2", "seats 2 to 3"))
    assert three.replaced() == [] and three.report()["proc"] == (4, ["turn.base"])
    # a role that keeps the pack's turn: not replaced by every role (and it runs)
    kept = covered(SIDES.replace("  override proc turn() {\n    choose", "  proc own_turn() {\n    choose") + GAME)
    assert kept.replaced() == [] and "turn.base" not in kept.report()["proc"][1]
    # a role's base() runs it: reached, neither missed nor listed apart
    based = covered(SIDES.replace("    gain influence(1) vp;\n", "    gain influence(1) vp;\n    base();\n") + GAME)
    assert based.replaced() == [] and based.report()["proc"] == (4, [])
    result = CliRunner().invoke(app, ["cover", str(write_pack(tmp_path, SIDES + GAME, "twilight")), "-g", "5"],
                                terminal_width=200)
    table, _, under = result.output.partition("replaced by every role")
    assert "turn.base" in under and "turn.base" not in table, result.output


def test_content_digest_of_games_without_roles_is_unchanged():
    from rulebook.dsl.parser import parse_text
    assert "roles=" not in repr(parse_text("counter vp; game g { seats 2 to 4; winner most vp; }"))
    assert "roles=" in repr(parse_text("counter vp; role r { } game g { seats 1 to 1 roles r; winner most vp; }"))


LEADERS = """
counter vp;
kind leader { }
zone leaders of leader;
func hits(): int = 1;
proc turn() { gain hits() vp; }
leader commander "Commander" { override func hits(): int in slot = 3; }
role eyrie "Eyrie" {
  zone slot "Leader" of leader;
  proc lead() { move commander to slot; }
}
role cats "Cats" { }
game g {
  seats 2 to 2 roles eyrie, cats;
  phase setup { each holders(eyrie): lead(); }
  phase play { each players: turn(); }
  winner most vp;
}
"""


@pytest.mark.parametrize("interpreted", [False, True])
def test_a_card_held_in_a_roles_zone_changes_the_rule_for_that_role_alone(interpreted):
    assert [d for d in analyse_text(LEADERS).diagnostics if d.severity != "info"] == []
    g = played(build_text(LEADERS, interpreted=interpreted), 1, 2)
    assert [p.stock["vp"] for p in g.state.players] == [3, 1]   # the cats have no leader slot, and no E601


def test_a_card_of_a_packs_own_kind_role_is_still_a_card():
    # Coup's characters as cards of `kind role`, written before roles: `role duke "Duke" { ... }` with a value,
    # an effect or an override in a zone is a card, and so is an empty one when the pack declares `kind role`
    text = """
resource coin;
kind role { worth: int = 0; }
zone hand per_player of role;
proc act() { gain 1 coin; }
role duke "Duke" { override proc act() in hand { gain 3 coin; } }
role captain "Captain" { worth = 2; }
role ambassador "Ambassador" { }
proc take(r: role) { move r to hand; }
"""
    result = analyse_text(text)
    assert [d for d in result.diagnostics if d.severity == "error"] == []
    assert {n for n, d in result.symbols.decls.items() if getattr(d, "kind", None) == "role"} >= {"duke", "captain", "ambassador"}
    assert not result.symbols.roles


COVER_ROLE_SLOT = """
counter cleaned "Cubes removed" global;
var cured "Cured" global: bool = false;
event place_cube();
proc treat() { gain 1 cleaned; }
proc infect() { for place_cube() { lose 1 cleaned; } }
role medic "Medic" {
  override proc treat() { gain 3 cleaned; }
  modifier anyone place_cube while cured { forbid; }
}
role scientist "Scientist" {
  modifier anyone place_cube while cured { forbid; }
}
game g {
  seats 2 to 2 roles medic, scientist;
  phase play { repeat 3 { each players { treat(); infect(); } } }
  winner together if cleaned > 0;
}
"""


def test_cover_names_a_roles_slot_that_never_ran_not_the_role():
    # Pandemic audit D2: the Medic's override of treat ran in every game, only its modifier never did
    # (nothing cures): cover names that slot, as it names a card's (3.7); a role of one slot keeps its name
    from rulebook.runtime.coverage import cover_games

    report = cover_games(build_text(COVER_ROLE_SLOT), [2], range(1, 4), [[]], "random").report()
    assert report["role"] == (3, ["medic modifier place_cube", "scientist"])


# ---------------------------------------------------------------- an amend's `always asked` on a `first ... may`
# High Society-like (docs, section 1): a card at a fixed price is offered round the table, money hidden; the
# house rule asks everyone, so that who cannot pay does not show it by being skipped.
OFFER = """
counter money "Money" hidden from 0 to 30 start 12;
counter cards "Cards" from 0 to 10;
proc offer() {
  first q in others may "buy the card for 4?" cost 4 money {
    each q: gain 1 cards;
  }
  may "peek at the deck?" { gain 1 money; }
}
game high_society { seats 3; phase play { repeat 3 { each players: offer(); } } winner most cards; }
"""

ASKS_ALL = OFFER + 'amend offer {\n  may "buy the card for 4?" always asked;\n}\n'


def offered(program, money: list[int], answers: list[int]) -> list[tuple[str, list[str]]]:
    """`offer()` run for P1, the others holding `money`: each question as (who, its options), answered in turn."""
    game = holding(program, money=money)
    d = game.start(game.program.procs["offer"](game, game.state.players[0]))
    asked = []
    while d is not None:
        asked.append((d.player.name, list(d.options)))
        d = game.apply(answers[len(asked) - 1])
    return asked


@pytest.mark.parametrize("interpreted", [False, True])
def test_an_amend_adds_always_asked_to_a_first_may(interpreted):
    base, amended = (build_text(t, interpreted=interpreted) for t in (OFFER, ASKS_ALL))
    # P2 cannot pay 4: the base skips them, the house rule asks them with the one answer "no"
    assert offered(base, [12, 2, 12], [0, 0]) == [("P3", ["no", "yes"]), ("P1", ["no", "yes"])]
    assert offered(amended, [12, 2, 12], [0, 0, 0]) == [("P2", ["no"]), ("P3", ["no", "yes"]), ("P1", ["no", "yes"])]


@pytest.mark.parametrize("interpreted", [False, True])
def test_an_amend_removes_always_asked_and_makes_a_may_secret(interpreted):
    text = ASKS_ALL + 'amend offer {\n  may "buy the card for 4?" remove always asked;\n  may "peek at the deck?" secret;\n}\n'
    for program, shown in ((build_text(OFFER, interpreted=interpreted), "yes"),
                           (build_text(text, interpreted=interpreted), "…")):
        game = holding(program, money=[12, 2, 12])
        assert offered(program, [12, 2, 12], [0, 0]) == [("P3", ["no", "yes"]), ("P1", ["no", "yes"])]
        d = game.start(game.program.procs["offer"](game, game.state.players[0]))
        d = game.apply(0)   # P3 does not buy (P2, who cannot pay, is not asked); P1 is asked whether they peek
        assert d.prompt == "peek at the deck?"
        # the hot seat tells the others the answer of a secret `may` masked, the asker their own
        assert told_answer(game, d, 1, 1) == f"peek at the deck? → {shown}"
        assert told_answer(game, d, 0, 1) == "peek at the deck? → yes"


def test_amended_games_agree_on_both_backends():
    random_games_agree(ASKS_ALL, seeds=range(1, 3), counts=(3,))


@pytest.mark.parametrize("amend, code, column", [
    ('may "peek at the deck?" always asked;', "E569", 3),          # a plain may asks its player anyway
    ('may "buy the card for 4?" secret;', "E569", 3),              # who accepted shows by the body
    ('may "buy the card for 4?" remove always asked;', "E581", 3),
    ('may "peek at the deck?" secret;\n  may "peek at the deck?" remove secret;', "E215", 3),
    ('may "peek at deck?" secret;', "E222", 3),
])
def test_misuse_of_an_amended_may(amend, code, column):
    found = found_at(OFFER + "amend offer {\n  " + amend + "\n}\n")
    assert (code, OFFER.count("\n") + 2 + (code == "E215"), column) in found


def test_an_amend_adding_a_word_the_may_has_is_w570_and_a_word_twice_e583():
    twice = ASKS_ALL + 'amend offer {\n  may "buy the card for 4?" always asked;\n}\n'
    assert ("W570", twice.count("\n") - 1, 3) in found_at(twice)
    assert parse_error(OFFER + 'amend offer { may "peek at the deck?" secret remove secret; }').code == "E583"
    wrong = parse_error(OFFER + 'amend offer { may "peek at the deck?" exactly 2 with repeats; }')
    assert wrong.code == "E100"
    random = parse_error(OFFER + 'amend offer { may "peek at the deck?" at random; }')
    assert (random.code, random.span.column) == ("E569", 15)


def test_an_amended_may_prints_back_and_explain_reads_it_asking_everyone():
    module, printed = printed_back(ASKS_ALL + 'amend offer {\n  may "peek at the deck?" remove secret;\n}\n')
    assert 'may "buy the card for 4?" always asked;' in printed and 'may "peek at the deck?" remove secret;' in printed
    assert "also those who cannot accept" in explained(analyse_text(ASKS_ALL), "offer")
    assert "also those who cannot accept" not in explained(analyse_text(OFFER), "offer")


# ---------------------------------------------------------------- a side: `role NAME shared { ... }`
# Fury of Dracula, simplified (the docs' example): Dracula hides in secret; the hunters are a side, each with a
# city and clues the other hunters see and Dracula does not.
FURY = """
enum city { london "London", paris "Paris", rome "Rome", madrid "Madrid" }
counter vp "VP" from 0 to 20;
role dracula "Dracula" {
  var lair "Lair" hidden: city = london;
  proc hide() {
    pick c from city "hide where?" secret {
      set lair = c;
    }
  }
}
role hunter "Hunter" shared {
  var at "City": city = paris;
  counter clues "Clues" hidden from 0 to 9;
  proc hunt() {
    pick c from city "search which city?" {
      set at = c;
    }
    if some(d in holders(dracula) where d.lair == at) {
      gain 1 vp;
      gain 1 clues;
    }
  }
}
game fury "Fury of Dracula" {
  seats 3 to 4 roles dracula, hunter, hunter, hunter;
  phase play {
    repeat 3 {
      each holders(dracula): hide();
      each holders(hunter): hunt();
    }
  }
  winner most vp;
}
"""


def test_a_shared_role_lints_clean():
    assert [d for d in analyse_text(FURY).diagnostics if d.severity != "info"] == []


@pytest.mark.parametrize("interpreted", [False, True])
def test_several_players_hold_a_shared_role_each_with_its_state(interpreted):
    program = build_text(FURY, interpreted=interpreted)
    g = Game(program, 4, 1)
    g.start()
    assert [p.name for p in g.holders("hunter")] == ["P2", "P3", "P4"] and [p.name for p in g.holders("dracula")] == ["P1"]
    assert [g.role_of(p).name for p in g.state.players] == ["dracula", "hunter", "hunter", "hunter"]
    assert "at" not in g.state.players[0].vars and all(p.vars["at"] == "paris" for p in g.state.players[1:])
    assert "lair" in g.state.players[0].vars and all("lair" not in p.vars for p in g.state.players[1:])
    with pytest.raises(RulesRuntimeError, match="Hunter already"):   # a second role to one player stays E601
        g.give_role(g.state.players[1], "hunter")


def test_a_shared_role_plays_alike_on_both_backends():
    random_games_agree(FURY, seeds=range(1, 4), counts=(3, 4))


@pytest.mark.parametrize("interpreted", [False, True])
def test_a_saved_state_keeps_a_sides_holders(interpreted):
    program = build_text(FURY, interpreted=interpreted)
    g = played(program, 2, 4)
    data = g.state.to_json()
    check_saved(data, program)
    again = State.from_json(data, program.entities)
    assert again.digest() == g.state.digest()
    assert [[e.key for e in p.zones["role.held"]] for p in again.players] == \
        [["dracula"], ["hunter@P2"], ["hunter@P3"], ["hunter@P4"]]


def test_a_side_sees_its_members_hidden_state_on_the_hot_seat_screens():
    from rulebook.runtime.view import build_view

    g = Game(build_text(FURY), 3, 1)
    g.start()
    g.state.players[0].vars["lair"] = "rome"
    g.state.players[1].stock["clues"], g.state.players[2].stock["clues"] = 4, 7
    views = [build_view(g, seat) for seat in range(3)]
    assert [v["players"][2]["stock"].get("clues") for v in views] == [None, 7, 7]   # P2 sees P3's, Dracula not
    assert [v["players"][0]["vars"].get("lair") for v in views] == ["rome", None, None]   # Dracula's own alone
    dracula, hunter, _other = screens(g, seats=(0, 1, 2))
    assert "Rome" in dracula and "Rome" not in hunter
    assert any(line.startswith("P3") and "Clues: 7" in line for line in hunter.splitlines())   # a fellow hunter's
    assert "Clues: 4" in hunter and "Clues" not in dracula


def test_misuse_of_shared():
    once = FURY.replace("roles dracula, hunter, hunter, hunter", "roles dracula, hunter")
    assert ("W550", 12, 1) in found_at(once)
    assert ("W550", 12, 1) not in found_at(once + "proc recruit() { give you role hunter; }\n")
    twice = FURY.replace(' shared {', ' {')
    assert ("E427", 26, 39) in found_at(twice)   # not shared: a role is one player's (at its second seat)
    card = parse_error('kind role { }\nrole duke "Duke" shared * 3 { }\n')
    assert (card.code, card.span.line, card.span.column) == ("E570", 2, 18)
    typo = parse_error('role hunter "Hunter" shard { }\n')
    assert (typo.code, typo.span.column) == ("E100", 22) and "did you mean 'shared'" in typo.hint


def test_a_shared_role_prints_back_and_explain_calls_it_a_side():
    _module, printed = printed_back(FURY)
    assert 'role hunter "Hunter" shared {' in printed and 'role dracula "Dracula" {' in printed
    assert "A side: several players may hold the Hunter at once" in explained(analyse_text(FURY), "hunter")
    assert "A side" not in explained(analyse_text(FURY), "dracula")


# ---------------------------------------------------------------- `hidden`: who holds a role is its holders' to know
# The Resistance, simplified: the spies know each other (`known to holders`), the resistance knows nothing;
# the roles dealt at random. (tests/test_roles2.py: a hidden side whose holders do not know each other.)
SPIES = """
counter vp "VP" from 0 to 9;
role spy "Spy" shared hidden known to holders {
  counter sabotage "Sabotage" from 0 to 9;
}
role loyal "Resistance" shared hidden { }
proc mission() {
  if you is spy {
    gain 1 sabotage;
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


@pytest.mark.parametrize("interpreted", [False, True])
def test_a_hidden_role_and_its_state_are_seen_by_its_holders_alone(interpreted):
    from rulebook.runtime.view import build_view

    g = Game(build_text(SPIES, interpreted=interpreted), 4, 3)
    g.start()
    roles = [g.role_of(p).name for p in g.state.players]
    assert sorted(roles) == ["loyal", "loyal", "spy", "spy"]
    spy, loyal = roles.index("spy"), roles.index("loyal")
    seen_by = {seat: [p["zones"]["role.held"].get("items") is not None for p in build_view(g, seat)["players"]]
               for seat in (spy, loyal)}
    assert seen_by[spy] == [r == "spy" for r in roles]       # a spy sees the spies, not who is loyal
    assert seen_by[loyal] == [seat == loyal for seat in range(4)]   # and a loyal player nobody but themselves
    assert [("sabotage" in p["stock"]) for p in build_view(g, loyal)["players"]] == [False] * 4
    assert [("sabotage" in p["stock"]) for p in build_view(g, spy)["players"]] == [r == "spy" for r in roles]
    screen = screens(g, seats=(loyal,))[0]
    assert "Spy" not in screen and "Sabotage" not in screen and "Role 1 hidden" in screen


def test_a_hidden_role_plays_alike_on_both_backends_and_is_dealt_by_the_seed():
    random_games_agree(SPIES, seeds=range(1, 4), counts=(4,))


def test_a_hidden_role_given_by_seat_order_is_w552_and_prints_back():
    assert ("W552", 15, 17) in found_at(SPIES.replace(" at random;", ";"))
    assert not [d for d in analyse_text(SPIES).diagnostics if d.severity != "info"]
    _module, printed = printed_back(SPIES)
    assert 'role spy "Spy" shared hidden known to holders {' in printed
    assert "Hidden: who holds the Spy, and its state, is seen by its holders alone, who see each other" in \
        explained(analyse_text(SPIES), "spy")
    card = parse_error('kind role { }\nrole duke "Duke" hidden * 3 { }\n')
    assert (card.code, card.span.line, card.span.column) == ("E570", 2, 18)


def test_a_sides_hidden_zone_is_seen_by_its_fellows_and_no_other():
    from rulebook.runtime.view import build_view

    text = FURY.replace('  counter clues "Clues" hidden from 0 to 9;\n',
                        '  counter clues "Clues" hidden from 0 to 9;\n  zone notes "Notes" of city_card hidden;\n') + \
        'kind city_card { }\ncity_card tip "Tip" { }\n'
    g = Game(build_text(text), 3, 1)
    g.start()
    g.move(g.program.entities["tip"], g.state.players[2].refs["notes"])
    shown = [build_view(g, seat)["players"][2]["zones"].get("notes", {}).get("items") for seat in range(3)]
    assert shown[1] == shown[2] and [e["name"] for e in shown[1]] == ["tip"]   # P2, a fellow hunter, sees P3's
    assert shown[0] is None   # Dracula is told its size, not what it holds
