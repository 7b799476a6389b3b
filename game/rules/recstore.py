"""Where recordings are kept: beside the save while the run goes on, in a
short list of finished runs after (``localStorage`` in the page, the data
folder natively, through the same storage as the save).

The run in progress is stored as it is saved, so the two always go
together.  Its commands are stored in chunks of :data:`CHUNK`, each
compressed and written once (``recording.0``, ``recording.1`` ...), and one
small entry (``recording``) holds the rest: the header, the commands since
the last full chunk, the digests, and the last two save points.  A save
point names the save text it goes with (a digest of it), how many commands
had been given, and whether the save was the moment before a map build
(what "save and quit" writes while a map is being built).  When a save is
loaded (the latest or its backup), the recording is cut back to that save's
point and goes on with a reload mark: the replay does what loading did.  A
save no recording matches continues unrecorded.

Finished runs go to ``replays``: the newest :data:`MAX_FINISHED` recordings
with what the title lists of them, at most :data:`MAX_FINISHED_CHARS` in all.
"""

from __future__ import annotations

import base64
import hashlib
import json
import zlib
from typing import Any

from . import save
from .record import CHECK_EVERY, MAX_COMMANDS, Recording, RecordingError, encode_command, parse_commands, version

__all__ = ["store", "load", "clear", "keep_finished", "finished", "save_sum", "KEY", "FINISHED_KEY", "CHUNK",
           "MAX_FINISHED", "MAX_FINISHED_CHARS"]

KEY = "recording"
FINISHED_KEY = "replays"
CHUNK = 4096  # commands per stored chunk
MAX_CHUNKS = MAX_COMMANDS // CHUNK + 1
MAX_FINISHED = 6
MAX_FINISHED_CHARS = 900_000  # the finished runs' list in storage, at most


def save_sum(text: str) -> str:
    """What names a save text (its body re-encoded gives the same text: :func:`save.encode`)."""
    return hashlib.blake2b(text.encode("utf-8"), digest_size=12).hexdigest()


def _chunk_key(i: int) -> str:
    return f"{KEY}.{i}"


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


def store(storage: Any, rec: Recording, save_text: str, at_resume_point: bool) -> bool:
    """Keep ``rec`` beside the save ``save_text`` just written; True once kept."""
    n = len(rec.commands)
    full = n // CHUNK
    written = min(rec.stored_chunks, full)
    for i in range(written, full):
        piece = "".join(rec.commands[i * CHUNK:(i + 1) * CHUNK]).encode("ascii")
        if not _set(storage, _chunk_key(i), base64.b64encode(zlib.compress(piece, 9)).decode("ascii")):
            rec.stored_chunks = i
            return False
    rec.stored_chunks = full
    points = [[save_sum(save_text), n, at_resume_point]]
    points += [p for p in rec.save_points[:1] if p[0] != points[0][0]]
    rec.save_points = points
    entry = dict(rec.header(), format=1, chunks=full, tail="".join(rec.commands[full * CHUNK:]),
                 checks=[list(c) for c in rec.checks], cut=rec.cut, saves=points)
    return _set(storage, KEY, json.dumps(entry, separators=(",", ":"), ensure_ascii=True))


def load(storage: Any, body: dict) -> Recording | None:
    """The recording that goes with the save ``body`` just loaded, cut back to
    it and marked as reloaded; None when none matches (the run goes on unrecorded)."""
    try:
        return _load(storage, body)
    except (RecordingError, ValueError, TypeError, KeyError, zlib.error, RecursionError):
        return None


def _load(storage: Any, body: dict) -> Recording | None:
    text = _get(storage, KEY)
    if text is None or len(text) > 2 * CHUNK * 64:
        return None
    entry = json.loads(text)
    if not isinstance(entry, dict) or entry.get("version") != version():
        return None
    wanted = save_sum(save.encode(body))
    point = next((p for p in entry.get("saves", []) if isinstance(p, list) and len(p) == 3 and p[0] == wanted), None)
    chunks = entry.get("chunks")
    if point is None or not isinstance(chunks, int) or not 0 <= chunks <= MAX_CHUNKS:
        return None
    parts = []
    for i in range(chunks):
        stored = _get(storage, _chunk_key(i))
        if stored is None:
            return None
        inflate = zlib.decompressobj()
        parts.append(inflate.decompress(base64.b64decode(stored, validate=True), CHUNK * 64).decode("ascii"))
    parts.append(str(entry.get("tail", "")))
    commands = [encode_command(code, args) for code, args in parse_commands("".join(parts))]
    seed = entry.get("seed")
    rec = Recording(str(entry["world"]), str(entry["size"]), int(seed), daily=str(entry.get("daily", "")),
                    commands=commands)
    rec.checks = [(int(c[0]), int(c[1]), str(c[2])) for c in entry.get("checks", [])
                  if isinstance(c, list) and len(c) == 3]
    rec.next_check = (rec.checks[-1][1] // CHECK_EVERY + 1) * CHECK_EVERY if rec.checks else 0
    rec.cut = entry.get("cut") is True
    n = int(point[1])
    if not 0 <= n <= len(commands):
        return None
    rec.truncate(n)
    rec.reloaded(bool(point[2]))
    rec.stored_chunks = n // CHUNK
    rec.save_points = [point]
    return rec


def clear(storage: Any) -> None:
    """The run in progress has ended: its recording goes from beside the save."""
    text = _get(storage, KEY)
    try:
        chunks = json.loads(text).get("chunks", 0) if text and len(text) < 2 * CHUNK * 64 else 0
    except (ValueError, AttributeError, RecursionError):
        chunks = 0
    for i in range(max(0, min(int(chunks) if isinstance(chunks, int) else 0, MAX_CHUNKS))):
        _delete(storage, _chunk_key(i))
    _delete(storage, KEY)


def _delete(storage: Any, key: str) -> None:
    try:
        storage.delete(key)
    except Exception:  # noqa: BLE001 - a storage that cannot delete keeps a stale entry, never used
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
