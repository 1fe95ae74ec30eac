"""Files philtre keeps between runs to start faster: in $XDG_CACHE_HOME/philtre (~/.cache/philtre).

Nothing here is needed: a missing, unreadable or stale file is made again, and a folder
that cannot be written costs each start the work, nothing else. Files are written whole,
then renamed, so two processes never read half of one. Each file starts with its content's
SHA-256 (hex, then a newline): a file whose bytes no longer give it (one byte changed on the
disk, a file cut short, one of an older philtre's without it) is not used but made again, as
is anything in the folder that is not a regular file (a FIFO, a link to a device) or is
larger than MAX_BYTES.
"""

from __future__ import annotations

import os
import stat

try:  # CPython's own SHA-256 (_sha256; _sha2 from 3.12): hashlib's digests, without loading OpenSSL (3-4 ms of a start)
    from _sha256 import sha256
except ImportError:  # pragma: no cover - another Python
    try:
        from _sha2 import sha256
    except ImportError:
        from hashlib import sha256


def folder() -> str:
    """Where the files are kept."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):  # the XDG spec: a relative path is invalid and ignored (it made a folder wherever philtre ran)
        base = os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "philtre")


MAX_BYTES = 64 << 20  # a kept file larger than this is not read (the largest philtre writes: well under 1 MB)

# opened without waiting (a FIFO where a file was: no writer to wait for) and, on Windows, as bytes
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def framed(data: bytes) -> bytes:
    """``data`` as write keeps it: its SHA-256 (hex), a newline, the bytes."""
    return sha256(data).hexdigest().encode("ascii") + b"\n" + data


def read(name: str) -> bytes | None:
    """The bytes write kept as the file ``name``, or None: no such file, one that cannot be read, is not a regular
    file or is larger than MAX_BYTES, or one whose bytes do not give the SHA-256 it starts with (damaged, or written
    without it). The caller makes it again."""
    try:
        fd = os.open(os.path.join(folder(), name), _OPEN_FLAGS)
    except OSError:
        return None
    try:
        with os.fdopen(fd, "rb") as f:
            found = os.fstat(f.fileno())
            if not stat.S_ISREG(found.st_mode) or found.st_size > MAX_BYTES:
                return None
            data = f.read(MAX_BYTES + 1)
    except OSError:
        return None
    digest, newline, content = data.partition(b"\n")
    if not newline or len(digest) != 64 or digest != sha256(content).hexdigest().encode("ascii"):
        return None
    return content


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
    """Keep ``data`` as the file ``name`` (after its SHA-256, which read checks); quietly nothing where the folder
    cannot be written."""
    path = os.path.join(folder(), name)
    partial = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(folder(), exist_ok=True)
        with open(partial, "wb") as f:
            f.write(framed(data))
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
