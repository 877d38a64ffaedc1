"""The compile cache (issue 8, section 5): an unambiguous key that covers every stage's sources, each
entry verified before it runs, never read with --no-cache; a bad entry is a miss, never an error."""

from __future__ import annotations

import json
import marshal
import sys
from pathlib import Path

import pytest

from rulebook.compiler import driver
from rulebook.compiler.driver import cache_dir, cache_key, compile_pack, compiler_salt, module_name
from rulebook.compiler.pack import pack_chain

from .conftest import new_game, run_proc, write_pack

RULES = "counter vp;\nproc p() { gain 1 vp; }\n"


def fresh_process(compiled) -> None:
    """Forget the module this process already runs, as a new process would not have it."""
    sys.modules.pop(module_name(compiled.key), None)


def gained(program) -> int:
    g = new_game(program)
    run_proc(g, "p")
    return g.state.players[0].stock["vp"]


def entry_files(compiled) -> dict[str, Path]:
    stem = compiled.path.stem
    files = {p.suffix: p for p in cache_dir().glob(f"{stem}.*")}
    assert set(files) == {".py", ".json", ".code"}, files
    return files


def test_an_edited_cached_module_is_not_run(tmp_path):
    pack = write_pack(tmp_path / "p", RULES)
    first = compile_pack(str(pack))
    fresh_process(first)
    py = entry_files(first)[".py"]
    py.write_text(py.read_text().replace("import", "raise SystemExit('edited cache ran')\nimport", 1))
    again = compile_pack(str(pack))
    assert not again.cached and gained(again.program) == 1
    assert "edited cache ran" not in py.read_text()          # the entry was rewritten


def forged_code() -> bytes:
    return marshal.dumps(compile("import builtins\nbuiltins.FORGED_CACHE_RAN = True\ndef build(): pass\n",
                                 "forged", "exec"))


def test_a_forged_bytecode_file_is_not_run(tmp_path):
    pack = write_pack(tmp_path / "p", RULES)
    first = compile_pack(str(pack))
    fresh_process(first)
    entry_files(first)[".code"].write_bytes(forged_code())
    again = compile_pack(str(pack))
    import builtins
    assert not getattr(builtins, "FORGED_CACHE_RAN", False)
    assert not again.cached and gained(again.program) == 1


def test_no_cache_never_reads_the_cache(tmp_path, monkeypatch):
    pack = write_pack(tmp_path / "p", RULES)
    first = compile_pack(str(pack))
    files = entry_files(first)
    files[".code"].write_bytes(forged_code())
    files[".py"].write_text("raise SystemExit('read with --no-cache')\n")
    files[".json"].write_text("{}")
    read = []
    real = driver.read_limited
    monkeypatch.setattr(driver, "read_limited", lambda p, *a: read.append(Path(p)) or real(p, *a))
    again = compile_pack(str(pack), use_cache=False)
    import builtins
    assert not getattr(builtins, "FORGED_CACHE_RAN", False)
    assert not again.cached and gained(again.program) == 1
    assert not [p for p in read if p.parent == cache_dir()]


@pytest.mark.parametrize("damage", ["garbage", "empty", "other key", "list", "deep", "missing code"])
def test_a_damaged_entry_is_a_miss(tmp_path, damage):
    pack = write_pack(tmp_path / "p", RULES)
    first = compile_pack(str(pack))
    fresh_process(first)
    files = entry_files(first)
    meta = json.loads(files[".json"].read_text())
    if damage == "garbage":
        files[".json"].write_bytes(b"\xff\x00{")
    elif damage == "empty":
        files[".json"].write_text("")
    elif damage == "other key":
        files[".json"].write_text(json.dumps({**meta, "key": "0" * 24}))
    elif damage == "list":
        files[".json"].write_text(json.dumps({**meta, "findings": [{"code": 1}]}))
    elif damage == "deep":
        files[".json"].write_text("[" * 5000 + "]" * 5000)
    else:
        files[".code"].unlink()
    again = compile_pack(str(pack))
    assert not again.cached and gained(again.program) == 1
    fresh_process(again)
    assert compile_pack(str(pack)).cached                       # and the entry is whole again


def test_the_key_frames_paths_and_contents_unambiguously(tmp_path):
    # one file whose bytes spell the old "\0 path \0 content" framing of a second file must not share
    # the key of the pack that really has the second file
    pack = write_pack(tmp_path / "p", "counter a;\n")
    (pack / "z.rules").write_text("counter b;\n")
    two_files = cache_key(pack_chain(str(pack)))
    shown = pack_chain(str(pack))[0].display(pack / "z.rules")
    (pack / "z.rules").unlink()
    (pack / "main.rules").write_bytes(b"counter a;\n\0" + shown.encode() + b"\0counter b;\n")
    assert cache_key(pack_chain(str(pack))) != two_files


def test_the_key_depends_on_each_files_place(tmp_path):
    pack = write_pack(tmp_path / "p", RULES)
    before = cache_key(pack_chain(str(pack)))
    (pack / "main.rules").rename(pack / "other.rules")
    assert cache_key(pack_chain(str(pack))) != before


@pytest.mark.parametrize("source", ["dsl/ast.py", "dsl/lexer.py", "runtime/state.py", "runtime/program.py",
                                    "compiler/codegen.py", "compiler/templates/module.py.j2", "dsl/rules.lark"])
def test_the_salt_covers_every_source_that_shapes_generated_code(source, tmp_path, monkeypatch):
    root = Path(driver.__file__).resolve().parent.parent
    original = (root / source).read_bytes()
    salt = compiler_salt()
    real_read = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes",
                        lambda p: original + b"\n# changed" if p == root / source else real_read(p))
    compiler_salt.cache_clear()
    try:
        assert compiler_salt() != salt
    finally:
        monkeypatch.undo()
        compiler_salt.cache_clear()
    assert compiler_salt() == salt


def test_a_read_only_cache_still_compiles(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("RULEBOOK_CACHE", str(blocker / "cache"))   # no folder can be made below a file
    pack = write_pack(tmp_path / "p", RULES)
    compiled = compile_pack(str(pack))
    assert not compiled.cached and gained(compiled.program) == 1
