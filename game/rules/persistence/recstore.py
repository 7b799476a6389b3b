"""Where recordings are kept: inside the save while the run goes on, in a
short list of finished runs after (``localStorage`` in the page, the data
folder natively, through the same storage as the save).

The recording of the run in progress travels in the save itself: the save
body's :data:`ENTRY` (:func:`entry`) holds the header, the digests of the
full chunks of :data:`CHUNK` commands stored under their own keys
(``recording.0``, ``recording.1`` ..., each compressed and written once,
before the save that first names it), the commands since, the state digests,
and whether the save was made while a map was being built.  The storage
replaces a value whole (``os.replace`` natively, one ``setItem`` in the
page), so whatever kills the game, the save on disk and the recording it
carries agree: every chunk it names was written first, and is checked
against its digest when read.  A chunk that cannot be written stays in the
entry's tail (the save grows; nothing is lost).

When a save is loaded (the latest or its backup), its recording goes on
with a reload mark (:meth:`~game.rules.persistence.record.Recording.reloaded`): the
replay does what loading did.  A save without a recording (one from an
older version, or a run that was not recorded) goes on unrecorded, and one
whose recording cannot be read back whole says so in one line.

Finished runs go to ``replays``: the newest :data:`MAX_FINISHED` recordings
with what the title lists of them, at most :data:`MAX_FINISHED_CHARS` in all.
"""

from __future__ import annotations

import base64
import hashlib
import json
import zlib
from typing import Any

from .record import MAX_COMMANDS, Recording, RecordingError, from_parts, version

__all__ = ["entry", "load", "clear", "keep_finished", "finished", "ENTRY", "CHUNK_KEY", "FINISHED_KEY", "CHUNK",
           "MAX_CHUNKS", "MAX_FINISHED", "MAX_FINISHED_CHARS", "FORMAT"]

ENTRY = "recording"  # the save body's key for the recording of the run in progress
CHUNK_KEY = "recording"  # chunk i is stored under "recording.i"; rules 8 kept its entry under this key itself
FINISHED_KEY = "replays"
FORMAT = 2  # of the entry (1: beside the save, rules 8 and before)
CHUNK = 4096  # commands per stored chunk
MAX_CHUNKS = MAX_COMMANDS // CHUNK + 1
MAX_CHUNK_CHARS = CHUNK * 64  # a stored chunk read is at most this long, and inflates to at most this
MAX_FINISHED = 6
MAX_FINISHED_CHARS = 900_000  # the finished runs' list in storage, at most


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode("ascii"), digest_size=12).hexdigest()


def _chunk_key(i: int) -> str:
    return f"{CHUNK_KEY}.{i}"


def _get(storage: Any, key: str) -> str | None:
    try:
        value = storage.get(key)
    except Exception:  # noqa: BLE001 - a storage that throws holds nothing
        return None
    return value if isinstance(value, str) else None


def _set(storage: Any, key: str, text: str) -> bool:
    try:
        return bool(storage.set(key, text))
    except Exception:  # noqa: BLE001 - quota, blocked storage: not kept
        return False


def entry(storage: Any, rec: Recording, building: bool) -> dict:
    """What the save about to be written carries of ``rec`` (``building``:
    the save is made while a map is being built).  Full chunks not stored
    yet are written first; one that cannot be written, and every command
    after it, stays in the entry's tail."""
    if rec.chunks_in is not storage:  # chunks named so far were written elsewhere (or never): write them here
        rec.chunk_sums, rec.chunks_in = [], storage
    full = len(rec.commands) // CHUNK
    for i in range(len(rec.chunk_sums), full):
        piece = "".join(rec.commands[i * CHUNK:(i + 1) * CHUNK]).encode("ascii")
        stored = base64.b64encode(zlib.compress(piece, 9)).decode("ascii")
        if not _set(storage, _chunk_key(i), stored):
            break
        rec.chunk_sums.append(_digest(stored))
    kept = len(rec.chunk_sums)
    return dict(rec.header(), format=FORMAT, chunks=list(rec.chunk_sums),
                tail="".join(rec.commands[kept * CHUNK:]), checks=[list(c) for c in rec.checks], cut=rec.cut,
                building=bool(building))


def load(storage: Any, body: dict) -> tuple[Recording | None, str]:
    """The recording the save ``body`` carries, marked as reloaded, and ``""``;
    or ``(None, why)``: ``why`` is ``""`` when the save carries none (an
    older version's save, a run not recorded), else one line for the player
    (the run then goes on unrecorded).  Never raises."""
    value = body.get(ENTRY) if isinstance(body, dict) else None
    if value is None:
        return None, ""
    try:
        return _load(storage, value), ""
    except (RecordingError, ValueError, TypeError, KeyError, zlib.error, RecursionError, UnicodeError) as exc:
        return None, f"This run's recording could not be read back ({_reason(exc)}): the run goes on unrecorded."


def _reason(exc: Exception) -> str:
    return str(exc) if isinstance(exc, RecordingError) else "it is damaged"


def _load(storage: Any, value: Any) -> Recording:
    if not isinstance(value, dict) or value.get("format") != FORMAT:
        raise RecordingError("it is of another format")
    if value.get("version") != version():
        raise RecordingError(f"it was made under other rules, {str(value.get('version'))[:40]}")
    sums = value.get("chunks")
    if not isinstance(sums, list) or len(sums) > MAX_CHUNKS or not all(isinstance(x, str) for x in sums):
        raise RecordingError("its list of parts is damaged")
    parts = [_read_chunk(storage, i, expected) for i, expected in enumerate(sums)]
    tail = value.get("tail")
    if not isinstance(tail, str):
        raise RecordingError("its last commands are missing")
    rec = from_parts(value, "".join(parts) + tail)
    rec.chunk_sums, rec.chunks_in = list(sums), storage
    rec.reloaded(value.get("building") is True)
    return rec


def _read_chunk(storage: Any, i: int, expected: str) -> str:
    stored = _get(storage, _chunk_key(i))
    if stored is None or len(stored) > MAX_CHUNK_CHARS or _digest(stored) != expected:
        raise RecordingError(f"part {i + 1} of it is missing or changed")
    inflate = zlib.decompressobj()
    text = inflate.decompress(base64.b64decode(stored, validate=True), MAX_CHUNK_CHARS + 1)
    if len(text) > MAX_CHUNK_CHARS or not inflate.eof:
        raise RecordingError(f"part {i + 1} of it is damaged")
    return text.decode("ascii")


def clear(storage: Any) -> None:
    """The run in progress has ended: its stored chunks go (its entry went
    with the save), and the entry an older version kept beside the save."""
    for i in range(MAX_CHUNKS):
        if not (_holds(storage, _chunk_key(i)) or _get(storage, _chunk_key(i)) is not None):
            break
        _delete(storage, _chunk_key(i))
    _delete(storage, CHUNK_KEY)


def _holds(storage: Any, key: str) -> bool:
    probe = getattr(storage, "holds", None)
    try:
        return callable(probe) and bool(probe(key))
    except Exception:  # noqa: BLE001 - a storage that cannot say holds nothing we can reach
        return False


def _delete(storage: Any, key: str) -> None:
    try:
        storage.delete(key)
    except Exception:  # noqa: BLE001 - a storage that cannot delete keeps a stale chunk, never used
        pass


# -- finished runs --------------------------------------------------------------------------
def _read_finished(storage: Any) -> list[dict]:
    text = _get(storage, FINISHED_KEY)
    try:
        value = json.loads(text) if text is not None and len(text) <= MAX_FINISHED_CHARS * 2 else []
    except (ValueError, RecursionError):
        return []
    return [e for e in value if isinstance(e, dict) and isinstance(e.get("text"), str)
            and isinstance(e.get("summary"), dict)][:MAX_FINISHED] if isinstance(value, list) else []


def keep_finished(storage: Any, rec: Recording) -> bool:
    """Put a finished recording at the head of the list (the oldest go when it
    is full or too large); True once kept."""
    text = rec.to_file()
    if len(text) > MAX_FINISHED_CHARS:
        return False
    runs = [{"summary": rec.summary, "text": text}] + _read_finished(storage)
    while runs:
        kept = json.dumps(runs[:MAX_FINISHED], separators=(",", ":"), ensure_ascii=True)
        if len(kept) <= MAX_FINISHED_CHARS and _set(storage, FINISHED_KEY, kept):
            return True
        runs = runs[:min(len(runs), MAX_FINISHED) - 1]
    return False


def finished(storage: Any) -> list[tuple[dict, str]]:
    """The finished runs kept, newest first: ``(summary, file text)``."""
    return [({k: v for k, v in e["summary"].items() if isinstance(v, (str, int))}, e["text"])
            for e in _read_finished(storage)]
