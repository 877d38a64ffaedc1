"""Hostile files and folders (issue 8, sections 2 and 4): only regular files are read, size-checked
first; manifests and extends chains too deep for Python's recursion give positioned E5xx findings."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse, analyse_file, compile_pack
from rulebook.compiler.pack import MAX_EXTENDS, MAX_MANIFEST_NESTING, pack_chain
from rulebook.dsl.diagnostics import RulesError
from rulebook.dsl.files import read_limited

from .conftest import write_pack

PACK = "resource coin;\nproc p() { gain 1 coin; }\n"


def codes(error: RulesError) -> list[tuple[str, int]]:
    return [(d.code, d.span.line) for d in error.diagnostics]


def finishes_within(seconds: float, fn):
    """Run fn in a thread; fail (instead of hanging the suite) when it blocks."""
    box = {}

    def run():
        try:
            box["value"] = fn()
        except BaseException as e:  # noqa: BLE001 - handed back to the test
            box["error"] = e

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), "blocked reading a file"
    if "error" in box:
        raise box["error"]
    return box["value"]


def test_a_rules_symlink_to_dev_zero_is_refused_before_reading(tmp_path):
    pack = write_pack(tmp_path / "p", PACK)
    (pack / "zero.rules").symlink_to("/dev/zero")
    result = finishes_within(10, lambda: analyse(str(pack)))
    assert [(d.code, d.span.file.endswith("zero.rules")) for d in result.diagnostics] == [("E107", True)]
    assert "not a regular file" in result.diagnostics[0].message


def test_a_rules_fifo_does_not_block(tmp_path):
    pack = write_pack(tmp_path / "p", PACK)
    os.mkfifo(pack / "pipe.rules")
    result = finishes_within(10, lambda: analyse(str(pack)))
    assert [d.code for d in result.diagnostics] == ["E107"]
    with pytest.raises(RulesError) as info:
        finishes_within(10, lambda: compile_pack(str(pack)))
    assert [d.code for d in info.value.diagnostics] == ["E107"]


def test_a_folder_named_like_a_rules_file_is_walked_not_read(tmp_path):
    pack = write_pack(tmp_path / "p", PACK)
    (pack / "folder.rules").mkdir()
    assert "E107" not in [d.code for d in analyse(str(pack)).diagnostics]
    (pack / "folder.rules" / "more.rules").write_text("counter extra;\n")
    assert "extra" in analyse(str(pack)).symbols.decls


def test_a_file_is_size_checked_before_it_is_read(tmp_path):
    path = tmp_path / "sparse.rules"
    with open(path, "wb") as f:   # 1 GB on paper, nothing on disk: reading it would take the memory
        f.truncate(1 << 30)
    with pytest.raises(RulesError) as info:
        read_limited(path, 1000)
    assert codes(info.value) == [("E105", 1)]
    assert [d.code for d in analyse_file(path).diagnostics] == ["E105"]


def test_a_missing_file_is_e107_at_its_path(tmp_path):
    with pytest.raises(RulesError) as info:
        read_limited(tmp_path / "gone.rules", 1000)
    assert codes(info.value) == [("E107", 0)] and info.value.diagnostics[0].span.file.endswith("gone.rules")


def test_a_manifest_symlink_to_dev_zero_is_refused(tmp_path):
    root = tmp_path / "p"
    root.mkdir()
    (root / "main.rules").write_text(PACK)
    (root / "pack.toml").symlink_to("/dev/zero")
    with pytest.raises(RulesError) as info:
        finishes_within(10, lambda: pack_chain(str(root)))
    assert [d.code for d in info.value.diagnostics] == ["E107"]


def test_3000_nested_arrays_in_pack_toml_are_a_positioned_e502(tmp_path):
    root = tmp_path / "p"
    root.mkdir()
    (root / "main.rules").write_text(PACK)
    manifest = 'name = "p"\n# [ in a comment\ntitle = "[[[ in a string"\nx = ' + "[" * 3000 + "]" * 3000 + "\n"
    (root / "pack.toml").write_text(manifest)
    with pytest.raises(RulesError) as info:
        pack_chain(str(root))
    d = info.value.diagnostics[0]
    assert (d.code, d.span.line, d.span.column) == ("E502", 4, 5 + MAX_MANIFEST_NESTING)
    assert "nests" in d.message


def test_ordinary_nesting_in_pack_toml_still_reads(tmp_path):
    root = write_pack(tmp_path / "p", PACK)
    (root / "pack.toml").write_text('name = "p"\ndescription = """a ]]] [[[ tricky\n"text"""\nextends = []\n')
    assert [p.name for p in pack_chain(str(root))] == ["p"]


def extends_chain(tmp_path: Path, length: int) -> Path:
    """Packs p0 <- p1 <- ... <- p{length-1}; returns the last."""
    for i in range(length):
        write_pack(tmp_path / f"p{i}", f"counter c{i};\n", name=f"p{i}",
                   extends=[f"../p{i - 1}"] if i else None)
    return tmp_path / f"p{length - 1}"


def test_an_extends_chain_of_1000_packs_is_a_positioned_e507(tmp_path):
    top = extends_chain(tmp_path, 1000)
    with pytest.raises(RulesError) as info:
        pack_chain(str(top))
    d = info.value.diagnostics[0]
    assert d.code == "E507" and d.span.file.endswith("pack.toml") and d.span.line == 2   # at the extends entry
    assert str(MAX_EXTENDS) in d.message


def test_an_extends_chain_at_the_limit_is_read(tmp_path):
    top = extends_chain(tmp_path, MAX_EXTENDS)
    assert len(pack_chain(str(top))) == MAX_EXTENDS


def test_a_diamond_of_bases_is_read_once_per_pack(tmp_path):
    # every pack extends the two before it: without memoising, the walk is exponential
    for i in range(30):
        bases = [f"../d{j}" for j in (i - 1, i - 2) if j >= 0]
        write_pack(tmp_path / f"d{i}", f"counter c{i};\n", name=f"d{i}", extends=bases or None)
    chain = finishes_within(20, lambda: pack_chain(str(tmp_path / "d29")))
    assert [p.name for p in chain][:3] == ["d0", "d1", "d2"] and len(chain) == 30
