"""The distribution installs one top-level package, `rulebook`, and every import uses it."""

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STAGES = {"dsl", "compiler", "runtime", "rules", "cli"}


def test_every_package_lives_under_the_rulebook_namespace():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert all(p.startswith("rulebook.") for p in config["packages"])
    assert {p.split(".", 1)[1] for p in config["packages"]} == STAGES
    assert config["package-dir"] == {f"rulebook.{s}": s for s in STAGES}


def test_no_module_imports_a_stage_by_its_bare_name():
    offenders = []
    for path in ROOT.rglob("*.py"):
        if ".venv" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module else []
            offenders += [f"{path.relative_to(ROOT)}: {n}" for n in names if n.split(".")[0] in STAGES]
    assert offenders == []
