"""bench/handedit.py: a hand edit of a pack's compiled module is stored as a valid cache entry, so the
edited module is what the games run (a code-generation change measured before it is built)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rulebook.compiler.driver import compile_pack
from rulebook.dsl.files import cache_dir

from .conftest import new_game, write_pack

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import handedit  # noqa: E402

GAME = """
resource coin;
func worth(n: int) = n + 1;
"""


def test_an_edited_entry_loads_as_a_cache_hit_and_runs_the_edit(tmp_path):
    pack = write_pack(tmp_path / "edited", GAME, name="edited")
    plain = compile_pack(str(pack))
    assert plain.program.funcs["worth"](new_game(plain.program), None, 2) == 3
    old = "return v_n + 1"
    assert old in plain.source
    handedit.edit_entry(cache_dir(), [(old, "return v_n + 10")])
    edited = compile_pack(str(pack))
    assert edited.cached and "return v_n + 10" in edited.source   # the hashes were written anew: a hit
    assert edited.program.funcs["worth"](new_game(edited.program), None, 2) == 12


def test_an_edit_whose_text_is_not_in_the_module_stops_the_run(tmp_path):
    compile_pack(str(write_pack(tmp_path / "edited", GAME, name="edited")))
    with pytest.raises(SystemExit, match="not in the compiled module"):
        handedit.edit_entry(cache_dir(), [("no such text", "")])
