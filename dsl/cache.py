"""Files philtre keeps between runs to start faster: in $XDG_CACHE_HOME/philtre (~/.cache/philtre).

Nothing here is needed: a missing, unreadable or stale file is made again, and a folder
that cannot be written costs each start the work, nothing else. Files are written whole,
then renamed, so two processes never read half of one.
"""

from __future__ import annotations

import os

try:  # CPython's own SHA-256 (_sha256; _sha2 from 3.12): hashlib's digests, without loading OpenSSL (3-4 ms of a start)
    from _sha256 import sha256
except ImportError:  # pragma: no cover - another Python
    try:
        from _sha2 import sha256
    except ImportError:
        from hashlib import sha256


def folder() -> str:
    """Where the files are kept."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "philtre")


def read(name: str) -> bytes | None:
    """The file ``name``'s bytes, or None if there is none (or it cannot be read)."""
    try:
        with open(os.path.join(folder(), name), "rb") as f:
            return f.read()
    except OSError:
        return None


def read_value(name: str, kind: type):
    """The value marshal kept as the file ``name``, if it reads as one of type ``kind``; else None (no file, or a
    damaged or foreign one: made again by the caller)."""
    import marshal

    data = read(name)
    if data is None:
        return None
    try:
        value = marshal.loads(data)
    except (ValueError, EOFError, TypeError):
        return None
    return value if type(value) is kind else None


KEEP = 256  # files of one kind (the name's part before the first '-') kept; the oldest go first


def write(name: str, data: bytes) -> None:
    """Keep ``data`` as the file ``name``; quietly nothing where the folder cannot be written."""
    path = os.path.join(folder(), name)
    partial = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(folder(), exist_ok=True)
        with open(partial, "wb") as f:
            f.write(data)
        os.replace(partial, path)
        _prune(name.split("-", 1)[0] + "-")
    except OSError:
        try:
            os.remove(partial)
        except OSError:
            pass


def _prune(kind: str) -> None:
    """Remove the oldest files of one kind beyond KEEP: each edit of a ruleset leaves one more."""
    with os.scandir(folder()) as entries:
        files = [e for e in entries if e.name.startswith(kind) and not e.name.endswith(".tmp")]
    if len(files) > KEEP:
        files.sort(key=lambda e: e.stat().st_mtime)
        for entry in files[: len(files) - KEEP]:
            try:
                os.remove(entry.path)
            except OSError:
                pass
