"""Resolve and check stages: names across packs, kinds of names, arities, overrides and lints."""

from __future__ import annotations

from rulebook.compiler.driver import analyse, analyse_text

from .conftest import write_pack


def findings(text: str):
    return [(d.code, d.span.line, d.message, d.hint) for d in analyse_text(text).diagnostics]


def test_unknown_resource_suggests_the_close_name():
    assert findings("resource lavandium;\nproc p() { gain 2 lavandum; }") == [
        ("E202", 2, "unknown resource or counter 'lavandum'", "did you mean 'lavandium'?")]


def test_you_cannot_gain_a_track():
    assert findings("track military { space 1 { } }\nproc p() { gain 1 military; }") == [
        ("E301", 2, "'military' is a track, not a resource or counter", None)]


def test_advance_needs_a_track():
    (code, line, message, _), = findings("resource coin;\nproc p() { advance coin; }")
    assert (code, message) == ("E301", "'coin' is a resource, not a track")


def test_arity_of_procs_and_builtins():
    codes = [f[:2] for f in findings("proc q(n: int) { }\nproc p() { q(); q(1, 2); }\nfunc f() = min();")]
    assert codes == [("E302", 2), ("E302", 2), ("E302", 3)]


def test_entity_fields_are_typed_against_their_kind():
    text = ("enum planet { neo, atalum }\nkind erudite { level: int; color: planet; now: effect; }\n"
            "erudite e1 { level = \"one\"; color = neon; }\nerudite e2 { colour = neo; level = 2; }")
    codes = [(c, l) for c, l, _, _ in findings(text)]
    assert codes == [("E303", 3), ("E303", 3), ("E304", 4), ("E205", 4)]


def test_trigger_on_an_event_nothing_emits_is_flagged():
    text = "event act(planet: int);\nresource coin;\nproc p() { whenever you act(planet = 1) { gain 1 coin; } }"
    assert [f[0] for f in findings(text)] == ["W403"]


def test_unreachable_branches_and_unused_locals():
    text = "resource coin;\nproc p() { if false { gain 1 coin; } let n = 2; repeat 0 { } }"
    assert sorted(f[0] for f in findings(text)) == ["W402", "W402", "W405"]


def test_extension_packs_override_remove_and_list_overrides(tmp_path):
    base = write_pack(tmp_path / "base", """
        resource coin cap 8;
        counter vp;
        kind card { play: effect; }
        card hideout "Hideout" { play { gain 2 vp; } }
        card gambling_den "Gambling Den" { play { gain 6 coin; } }
    """, name="base")
    house = write_pack(tmp_path / "house", """
        override card hideout "Hideout" { play { gain 3 vp; gain 1 coin; } }
        remove gambling_den;
        override resource coin cap 10;
    """, name="house", extends=["../base"])
    result = analyse(str(house))
    assert [(d.code, d.message) for d in result.diagnostics] == [
        ("I404", "overrides entity 'hideout'"), ("I404", "overrides resource 'coin'")]
    assert "gambling_den" not in result.symbols.decls
    assert base.exists()


def test_redeclaring_without_override_is_an_error_with_a_hint(tmp_path):
    write_pack(tmp_path / "base", "resource coin;", name="base")
    ext = write_pack(tmp_path / "ext", "resource coin cap 3;", name="ext", extends=["../base"])
    (d,) = [d for d in analyse(str(ext)).diagnostics if d.severity == "error"]
    assert d.code == "E208" and d.hint == "write 'override' before it to replace the extended pack's one"


def test_override_of_nothing_and_cycles(tmp_path):
    lone = write_pack(tmp_path / "lone", "override resource coin;", name="lone")
    assert [d.code for d in analyse(str(lone)).diagnostics] == ["E212", "W401"]
    write_pack(tmp_path / "a", "resource x;", name="a", extends=["../b"])
    write_pack(tmp_path / "b", "resource y;", name="b", extends=["../a"])
    import pytest

    from rulebook.dsl.diagnostics import RulesError
    with pytest.raises(RulesError) as info:
        analyse(str(tmp_path / "a"))
    assert info.value.diagnostics[0].code == "E504"


def test_manifest_problems_are_positioned(tmp_path):
    import pytest

    from rulebook.dsl.diagnostics import RulesError
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "pack.toml").write_text('name = "Bad Name"\n')
    with pytest.raises(RulesError) as info:
        analyse(str(bad))
    assert info.value.diagnostics[0].code == "E502"
    (bad / "pack.toml").write_text('name = "x"\nextends = [\n')
    with pytest.raises(RulesError) as info:
        analyse(str(bad))
    assert info.value.diagnostics[0].code == "E502"
