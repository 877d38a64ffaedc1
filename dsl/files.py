"""Reading and writing user files safely: only regular files are read, their size checked first;
writes are atomic and keep the file's mode.

A rules file, a manifest, a log or a saved state may be a symlink to a device (`/dev/zero` never
ends), a FIFO (reading blocks until a writer comes) or a folder; none of them is read.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Optional

from .ast import Span
from .diagnostics import Diagnostic, RulesError

MAX_FILE_BYTES = 2_000_000   # the largest rules file read (here, not in the parser: a cache hit reads none)
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)


def cache_dir() -> Path:
    """Where rulebook caches what it derives (compiled packs, the parser's tables): $RULEBOOK_CACHE
    or ~/.cache/rulebook."""
    return Path(os.environ.get("RULEBOOK_CACHE") or Path.home() / ".cache" / "rulebook")


def read_limited(path: Path, limit: int, shown: Optional[str] = None) -> bytes:
    """The bytes of a regular file of at most `limit` bytes, else a RulesError (E107 unreadable, E105 too large)."""
    name = shown or str(path)

    def refuse(code: str, message: str) -> RulesError:
        # E105 points at the file's start, as the decoder's own size check does; E107 at the path
        span = Span(name, 1, 1, 1, 2) if code == "E105" else Span(name, 0, 0, 0, 0)
        return RulesError([Diagnostic(code, message, span)])

    try:
        _check_regular(os.stat(path), limit, refuse)       # before opening: opening a device can act
        fd = os.open(path, _OPEN_FLAGS)                     # non-blocking: a FIFO swapped in cannot hang
    except OSError as e:
        raise refuse("E107", f"cannot read file: {e.strerror or e}") from None
    except ValueError as e:                                 # a NUL byte in the path
        raise refuse("E107", f"cannot read file: {e}") from None
    try:
        _check_regular(os.fstat(fd), limit, refuse)         # the file opened may not be the file checked
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as e:
        raise refuse("E107", f"cannot read file: {e.strerror or e}") from None
    finally:
        os.close(fd)
    if size > limit:
        raise refuse("E105", f"the file grew past the limit of {limit} bytes while it was read")
    return b"".join(chunks)


def _check_regular(info: os.stat_result, limit: int, refuse) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise refuse("E107", "cannot read file: not a regular file (a folder, device, pipe or socket)")
    if info.st_size > limit:
        raise refuse("E105", f"the file is {info.st_size} bytes; the limit is {limit}")


def write_atomic(path: Path, content) -> None:
    """Write text or bytes so that readers see the old or the new content, never a half-written one.

    Through a symlink the target is written (the link stays); a file that exists keeps its mode, a
    new one gets the mode the umask allows (mkstemp alone would make it 0600).
    """
    path = Path(os.path.realpath(path))
    try:
        info = os.stat(path)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    else:
        if not stat.S_ISREG(info.st_mode):  # renaming over /dev/null would replace the device itself
            raise OSError(errno.EEXIST, "not a regular file (a folder, device, pipe or socket)", str(path))
        mode = stat.S_IMODE(info.st_mode)
    import tempfile   # here: it takes longer to import than a lint of a small file takes to check it

    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=path.suffix)
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as f:
            f.write(content.encode("utf-8") if isinstance(content, str) else content)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    """The process's umask, read without changing it where /proc shows it (changing it races threads)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    old = os.umask(0o022)
    os.umask(old)
    return old
