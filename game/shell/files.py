"""Files on this computer, the careful way (natively only: the page has none).

Three rules every file the game reads or writes keeps:

- **Names are safe** (:func:`safe_name`): any world name becomes a file
  name of letters, digits, ``-``, ``_`` and ``.`` (``AC/DC`` is
  ``AC-DC``), never a path, never hidden, at most :data:`MAX_NAME` long.
- **Reads are bounded** (:func:`read_regular`): a regular file only (a
  FIFO, a device, a directory or a link to one is refused, never waited
  on), and at most ``limit`` bytes are read (``/dev/zero`` cannot flood).
- **Writes are whole or nothing** (:func:`write_atomic`, through the
  library's :mod:`worldgen.core.files`): a temporary file beside the
  target, flushed to disk, then renamed over it; on any failure the
  temporary file is removed and the target is as it was.

Every failure is one line for the player (:func:`why`), never a traceback.

>>> safe_name("deepisle-AC/DC run 1.replay.txt"), safe_name("../../etc/passwd"), safe_name("Ærøskøbing.txt")
('deepisle-AC-DC-run-1.replay.txt', 'etc-passwd', 'AEroskobing.txt')
"""

from __future__ import annotations

import errno
import os
import re
import stat
import unicodedata
from pathlib import Path

from worldgen.core.files import write_bytes

__all__ = ["safe_name", "read_regular", "write_atomic", "why", "MAX_NAME", "FULL", "READ_ONLY"]

MAX_NAME = 120  # characters of a file name the game makes
FULL = (errno.ENOSPC, errno.EDQUOT)  # the disk (or the user's quota) is full
READ_ONLY = (errno.EROFS, errno.EACCES, errno.EPERM)  # the folder cannot be written at all
#: Letters NFKD does not take apart, written as plain Latin letters.
_LETTERS = str.maketrans({"Æ": "AE", "æ": "ae", "Ø": "O", "ø": "o", "ß": "ss", "Þ": "Th", "þ": "th", "Ð": "D",
                          "ð": "d", "Ł": "L", "ł": "l", "Œ": "OE", "œ": "oe", "ı": "i"})


def safe_name(name: str, default: str = "deepisle") -> str:
    """``name`` as a file name that is safe on every system (see the module)."""
    ascii_name = unicodedata.normalize("NFKD", str(name).translate(_LETTERS)).encode("ascii", "ignore").decode("ascii")
    cleaned = re.sub(r"[^A-Za-z0-9._-]+", "-", ascii_name)
    cleaned = re.sub(r"-{2,}", "-", cleaned).lstrip(".-")
    return cleaned[:MAX_NAME].rstrip(".-") or default


def why(exc: OSError) -> str:
    """An ``OSError`` in words: "the disk is full", "the folder is read-only", or its own."""
    if exc.errno in FULL:
        return "the disk is full"
    if exc.errno == errno.EROFS:
        return "the disk is read-only"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return "permission denied"
    return (exc.strerror or str(exc) or type(exc).__name__).rstrip(".").lower()


def read_regular(path: str | os.PathLike, limit: int) -> tuple[bytes | None, str]:
    """``(the file's bytes, "")`` for a regular file of at most ``limit``
    bytes, else ``(None, why)``: missing, not a regular file, too large, or
    unreadable.  Never blocks: the file is opened without waiting and
    checked before a byte is read."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        return None, "there is no such file"
    except IsADirectoryError:
        return None, "it is a folder, not a file"
    except OSError as exc:
        return None, why(exc)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return None, "it is a folder, not a file" if stat.S_ISDIR(info.st_mode) else "it is not a regular file"
        if info.st_size > limit:
            return None, f"it is too large ({info.st_size:,} bytes; at most {limit:,})"
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:  # it grew while being read
            return None, f"it is too large (over {limit:,} bytes)"
        return b"".join(chunks), ""
    except OSError as exc:
        return None, why(exc)
    finally:
        os.close(fd)


def write_atomic(path: str | os.PathLike, data: bytes) -> str:
    """Write ``data`` as the file ``path`` whole, or leave it as it was
    (:func:`worldgen.core.files.write_bytes`, the library's own writer);
    ``""`` once written, else why not (one line).  The folder is made if it
    is missing."""
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_bytes(target, data)
        return ""
    except OSError as exc:
        return why(exc)
