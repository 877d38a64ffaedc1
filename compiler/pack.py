"""Rules packs on disk: the manifest (pydantic at this boundary), pack discovery and file listing."""

from __future__ import annotations

import hashlib
import tomllib
from pathlib import Path
from typing import Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rulebook.dsl.ast import Span
from rulebook.dsl.diagnostics import Diagnostic, RulesError

MANIFEST = "pack.toml"
SHIPPED = Path(__file__).resolve().parent.parent / "rules"


class Manifest(BaseModel):
    """`pack.toml`: what a pack is called and which pack it extends."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(pattern=r"^[a-z][a-z0-9_-]*$")
    version: str = "0.1.0"
    title: Optional[str] = None
    description: Optional[str] = None
    extends: list[str] = Field(default_factory=list)


class Pack:
    """A pack folder: its manifest and its `.rules` files in a stable order."""

    def __init__(self, root: Path, manifest: Manifest, only: Optional[Path] = None):
        self.root, self.manifest, self.only = root, manifest, only

    @classmethod
    def lone_file(cls, path: Path) -> "Pack":
        """A one-file pack for linting a rules file that belongs to no pack."""
        return cls(path.parent, Manifest(name="file"), only=path)

    @property
    def name(self) -> str:
        return self.manifest.name

    def files(self) -> list[Path]:
        """The pack's rules files, sorted by path."""
        if self.only is not None:
            return [self.only]
        return sorted(self.root.rglob("*.rules"))

    def display(self, path: Path) -> str:
        """The path shown in diagnostics and `# file:line` comments: `rules/<pack>/<file>`."""
        for base in (SHIPPED.parent, Path.cwd()):
            try:
                return str(path.resolve().relative_to(base))
            except ValueError:
                continue
        return str(path)


def shipped_packs() -> list[str]:
    """Names of the packs shipped in rules/."""
    return sorted(p.parent.name for p in SHIPPED.glob(f"*/{MANIFEST}"))


def locate(ref: str, relative_to: Optional[Path] = None) -> Path:
    """A pack folder from a path or the name of a shipped pack."""
    candidates = []
    if relative_to is not None:
        candidates.append(relative_to / ref)
    candidates += [Path(ref), SHIPPED / ref]
    for c in candidates:
        if (c / MANIFEST).is_file():
            return c.resolve()
    hint = None
    from rulebook.dsl.diagnostics import did_you_mean
    hint = did_you_mean(ref, shipped_packs())
    raise RulesError([Diagnostic("E503", f"no pack named or at {ref!r}", Span(ref, 0, 0, 0, 0), hint)])


def load_pack(root: Path) -> Pack:
    """Read a pack's manifest, with positioned diagnostics for a missing or invalid one."""
    path = root / MANIFEST
    shown = str(path)
    if not path.is_file():
        raise RulesError([Diagnostic("E501", f"{root} has no {MANIFEST}", Span(shown, 0, 0, 0, 0))])
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise RulesError([Diagnostic("E502", f"{MANIFEST} is not valid TOML: {e}", Span(shown, 1, 1, 1, 2))]) from None
    try:
        return Pack(root, Manifest.model_validate(data))
    except ValidationError as e:
        err = e.errors()[0]
        where = ".".join(str(x) for x in err["loc"])
        raise RulesError([Diagnostic("E502", f"{MANIFEST}: {where}: {err['msg']}", Span(shown, 1, 1, 1, 2))]) from None


def pack_chain(ref: str) -> list[Pack]:
    """The pack and every pack it extends, bases first; cycles are E504."""
    chain: list[Pack] = []
    seen: list[str] = []

    def visit(root: Path) -> None:
        pack = load_pack(root)
        if str(root) in seen:
            raise RulesError([Diagnostic("E504", f"pack {pack.name!r} extends itself through "
                                         + " -> ".join(Path(s).name for s in seen),
                                         Span(str(root / MANIFEST), 1, 1, 1, 2))])
        seen.append(str(root))
        for base in pack.manifest.extends:
            visit(locate(base, root))
        seen.pop()
        if all(p.root != pack.root for p in chain):
            chain.append(pack)

    visit(locate(ref))
    return chain


def chain_digest(chain: list[Pack], salt: str) -> str:
    """A content hash of every file of every pack in the chain (and the compiler's own salt)."""
    h = hashlib.sha256(salt.encode())
    for pack in chain:
        for path in [pack.root / MANIFEST] + pack.files():
            h.update(pack.display(path).encode())  # positions in the module name the files
            h.update(b"\0")
            h.update(path.read_bytes())
            h.update(b"\0")
    return h.hexdigest()[:20]
