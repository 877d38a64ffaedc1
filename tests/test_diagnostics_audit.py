"""Diagnostics of house rules on a base pack (overrides, removals) and of the new lints, from a new
user's audit: each error is reported where the designer wrote the change, naming what it changes."""

from __future__ import annotations

from pathlib import Path

from rulebook.compiler.driver import analyse, analyse_text

from .conftest import write_pack

SEVEN_WONDERS = str(Path(__file__).resolve().parent.parent / "rules" / "seven_wonders")

BASE = """
resource coin;
counter vp;
counter shields;
kind card { worth: int; play: effect; }
proc conflicts() { gain shields vp; }
func science() = 2 + 1;
func victory_tokens() = [1, 3, 5][2];
proc income(): int { gain 1 coin; return 1; }
game g {
  seats 2 to 2;
  phase play { each players { conflicts(); gain science() vp; let n = income(); gain n coin; } }
  phase final { each players { gain victory_tokens() vp; lose shields shields; } }
  winner most vp;
}
"""


def house(tmp_path, text: str):
    """The findings (code, file name, line, message, hint, notes) of a house pack on BASE, the
    overrides' notes (I404) left out."""
    write_pack(tmp_path / "base", BASE, name="base")
    pack = write_pack(tmp_path / "house", text, name="house", extends=["../base"])
    return [(d.code, Path(d.span.file).parent.name, d.span.line, d.message, d.hint, d.notes)
            for d in analyse(str(pack)).diagnostics if d.code != "I404"]


def test_an_override_may_state_the_type_an_untyped_func_gives(tmp_path):
    assert house(tmp_path, "override func science(): int = 3;") == []


def test_an_override_of_another_type_is_one_error_at_the_override(tmp_path):
    (finding,) = house(tmp_path, "\noverride func science(): bool = true;")
    code, pack, line, message, _hint, notes = finding
    assert (code, pack, line) == ("E219", "house", 2)
    assert message == "this override of 'science' gives a condition, but the declaration it replaces gives a number"
    assert len(notes) == 1 and notes[0].startswith("'science' is declared at ") and notes[0].endswith("main.rules:7:1")


def test_a_result_type_added_to_or_dropped_from_a_proc_is_e219(tmp_path):
    (finding,) = house(tmp_path, "override proc income() { gain 2 coin; }")
    assert finding[0] == "E219" and finding[3].endswith("gives no value, but the declaration it replaces gives a number")


def test_changed_parameters_are_one_error_at_the_override(tmp_path):
    (finding,) = house(tmp_path, "override proc conflicts(extra: int) { base(); gain extra coin; }")
    code, pack, line, message, hint, _notes = finding
    assert (code, pack, line) == ("E220", "house", 1)
    assert message.startswith("this override changes the parameters of 'conflicts' declared at ")
    assert message.endswith("main.rules:6:1: the base takes (), this takes (extra: int)")
    assert "keep them" in hint


def test_a_parameter_of_another_type_is_e220_too(tmp_path):
    write_pack(tmp_path / "base", "counter vp;\nproc bump(n: int) { gain n vp; }\n", name="base")
    pack = write_pack(tmp_path / "house", "override proc bump(n: bool) { gain 1 vp; }", name="house",
                      extends=["../base"])
    assert [d.code for d in analyse(str(pack)).diagnostics if d.code not in ("I404", "W401")] == ["E220"]


def test_a_removal_that_leaves_uses_is_one_error_at_the_remove_listing_them(tmp_path):
    (finding,) = house(tmp_path, "# no military\nremove shields;")
    code, pack, line, message, _hint, notes = finding
    assert (code, pack, line) == ("E221", "house", 2)
    assert message == "'shields' is removed, but the rules still use it in 3 places"
    assert [n.rsplit("/", 1)[-1] for n in notes] == ["main.rules:6:25", "main.rules:13:58", "main.rules:13:63"]
    assert all(n.startswith("used at ") for n in notes)


def test_a_removal_then_a_new_declaration_is_fine(tmp_path):
    assert house(tmp_path, 'remove shields;\ncounter shields "Shields";') == []


def test_an_override_of_nothing_suggests_the_closest_name_and_is_not_also_unused(tmp_path):
    (finding,) = house(tmp_path, "override func victory_token() = 2;")
    assert finding[:3] == ("E212", "house", 1)
    assert finding[4] == "did you mean 'victory_tokens'?"
    (e212,) = [d for d in analyse(str(tmp_path / "house")).diagnostics if d.code == "E212"]
    assert (e212.span.column, e212.span.end_column) == (15, 28)   # at the name `victory_token`, as I404 is


def test_the_audited_house_rules_on_seven_wonders(tmp_path):
    """The auditor's h_e219 and h_param packs: a right type accepted, a wrong one and new parameters
    reported once at the house rule, never inside the shipped pack."""
    def findings(text: str):
        pack = write_pack(tmp_path / "h", text, name="h", extends=[SEVEN_WONDERS])
        return [(d.code, Path(d.span.file).name, d.span.line) for d in analyse(str(pack)).diagnostics
                if d.code != "I404"]

    assert findings("override func science_points(): int = 3;") == []
    assert findings("override func science_points(): bool = true;") == [("E219", "main.rules", 1)]
    assert findings("override proc conflicts(bonus_tokens: int) { base(); gain bonus_tokens coin; }") == \
        [("E220", "main.rules", 1)]


def test_unknown_field_names_the_field_then_its_kind():
    text = 'kind card { strength: int; }\ncard g "Guard" { strength = 1; colour = 2; }\n'
    (d,) = analyse_text(text).diagnostics
    assert (d.code, d.message) == ("E205", "unknown field 'colour' of card")


def test_a_trigger_argument_names_the_argument_then_its_event():
    text = "counter vp;\nevent scored(n: int);\nproc p() { whenever you scored(m = 1) { gain 1 vp; } emit scored(1); }\n"
    (d,) = [d for d in analyse_text(text).diagnostics if d.code == "E205"]
    assert d.message == "unknown argument 'm' of event scored"


def test_recursion_behind_a_condition_or_a_return_is_not_reported():
    text = """
    counter vp;
    func fall(n: int) = if n > 9 then n else fall(n + 1);
    func either(n: int) = n > 3 and either(n - 1);
    proc count_down(n: int): int { if n <= 0 { return 0; } let m = count_down(n - 1); return m + 1; }
    proc loop() { if vp < 5 { gain 1 vp; loop(); } }
    proc sweep() { gain 1 vp; sweep_more(); }
    proc sweep_more() { if vp < 3 { sweep(); } }
    """
    assert [d.code for d in analyse_text(text).diagnostics if d.code in ("W411", "W412")] == []


def test_recursion_on_every_branch_of_an_if_is_reported():
    text = "counter vp;\nproc spin() { if vp > 1 { spin(); } else { gain 1 vp; spin(); } }\n"
    assert [(d.code, d.span.line) for d in analyse_text(text).diagnostics if d.code == "W411"] == [("W411", 2)]


def test_comparisons_that_make_sense_are_accepted():
    text = """
    counter vp;
    kind card { strength: int; }
    zone hand per_player of card;
    proc p(q: player) {
      if first(hand).strength == 3 and size(hand) > 0 and q != you and first(hand) != none { gain 1 vp; }
      while size(hand) > 0 { move first(hand) to q.hand; }
    }
    """
    assert [d.code for d in analyse_text(text).diagnostics if d.code in ("E303", "W412")] == []


def test_a_player_ordered_with_a_number_is_e303():
    text = "counter vp;\nproc p(q: player) { if q > 2 { gain 1 vp; } }\n"
    (d,) = [d for d in analyse_text(text).diagnostics if d.code == "E303"]
    assert d.message == "cannot order a player and a number"


def test_an_if_on_a_count_at_least_zero_is_w412():
    text = "counter vp;\nkind card { }\nzone deck of card;\nproc p() { if 0 <= count(c in deck where c.flipped) { gain 1 vp; } }\n"
    (d,) = [d for d in analyse_text(text).diagnostics if d.code == "W412"]
    assert d.message == "the condition is always true: 0 <= count(c in deck where c.flipped) holds whatever the " \
        "game holds (a size or a count is never below 0)"


def test_the_caret_of_an_unknown_name_is_at_the_name():
    text = ('resource chips;\ncounter pot global;\nkind card { }\n'
            'proc take() {\n  gain pot chps;\n  tak();\n  whenever you gian(res = chips) { }\n}\n'
            'cart c "C" { }\n')
    found = {d.code: (d.span.line, d.span.column, d.span.end_column) for d in analyse_text(text).diagnostics}
    assert found["E202"] == (5, 12, 16)    # chps
    assert found["E207"] == (6, 3, 6)      # tak
    assert found["E206"] == (7, 16, 20)    # gian
    assert found["E204"] == (9, 1, 5)      # cart


def test_a_name_written_twice_in_the_statement_keeps_the_statement_span():
    # `gain chps chps;`: the amount is an expression of its own (E201 at it); which word the
    # statement's E202 means is not certain, so its span stays the statement's
    found = {d.code: (d.span.column, d.span.end_column)
             for d in analyse_text("resource chips;\nproc p() { gain chps chps; }\n").diagnostics}
    assert found == {"E201": (17, 21), "E202": (12, 27)}
