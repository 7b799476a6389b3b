"""Files written whole or not at all.

Every file the library and the command line write (PNG, text, ``.npz``,
Tiled maps and their tileset, a world's JSON) goes through
:func:`atomic_file`: the bytes go to a temporary file in the target's own
folder, which replaces the target (``os.replace``, atomic on one file
system) only once it is complete.  A failed write (a full disk, a quota, a
read-only folder, Ctrl+C) leaves the folder as it was: no truncated map, no
temporary file, and an older file of that name untouched.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> with atomic_file(folder / "map.txt") as fh:
...     _ = fh.write(b"#..#")
>>> (folder / "map.txt").read_bytes(), sorted(p.name for p in folder.iterdir())
(b'#..#', ['map.txt'])
>>> try:
...     with atomic_file(folder / "map.txt") as fh:
...         _ = fh.write(b"half a ma")
...         raise OSError(28, "No space left on device")
... except OSError as exc:
...     print(exc.strerror)
No space left on device
>>> (folder / "map.txt").read_bytes(), sorted(p.name for p in folder.iterdir())
(b'#..#', ['map.txt'])
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

__all__ = ["atomic_file", "write_bytes", "write_text", "TEMP_SUFFIX"]

#: The ending of a temporary file while it is written (``.NAME.RANDOM.part``, hidden on Unix).
TEMP_SUFFIX = ".part"


def _new_temporary(target: Path) -> tuple[int, Path]:
    """A new, private file beside ``target`` (``.NAME.RANDOM.part``), opened for writing:
    what ``tempfile.mkstemp`` does, without the module (the page imports this one)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _ in range(100):  # a name already taken is tried again, a few times at most
        temp = target.with_name(f".{target.name}.{os.urandom(6).hex()}{TEMP_SUFFIX}")
        try:
            return os.open(temp, flags, 0o600), temp
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name beside {target}")


def _open_fd(fd: int) -> BinaryIO:
    """The temporary file's descriptor as a binary file (tests put a full disk here)."""
    return os.fdopen(fd, "wb")


def _new_file_mode() -> int:
    """The permissions ``open(path, "w")`` would give a new file: 0o666 less the umask
    (a temporary file starts at 0o600, private, until it is complete)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


@contextlib.contextmanager
def atomic_file(path: str | os.PathLike) -> Iterator[BinaryIO]:
    """A binary file to write ``path`` through: it appears, complete, when the block ends
    without an exception, and never otherwise (see the module's doc)."""
    target = Path(path)
    fd, temp = _new_temporary(target)
    try:
        with _open_fd(fd) as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())  # on the disk before it takes the target's name
        os.chmod(temp, _new_file_mode())
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def write_bytes(path: str | os.PathLike, data: bytes | bytearray | memoryview) -> None:
    """``data`` into ``path``, whole or not at all."""
    with atomic_file(path) as fh:
        fh.write(data)


def write_text(path: str | os.PathLike, text: str) -> None:
    """``text`` (UTF-8) into ``path``, whole or not at all."""
    write_bytes(path, text.encode("utf-8"))
