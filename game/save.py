"""Saved games: versioned JSON, masks as base64(zlib(packbits)), written safely.

A save is one JSON object::

    {"game": "deepisle", "version": 1, "sum": "<blake2b of body>", "body": {...}}

The body holds only what play changed (the levels themselves are rebuilt
from their seeds): explored masks, killed monsters, taken items, found secret
doors, the player, cleared sites.  :func:`decode` refuses anything that is
not our format, another version, or whose checksum does not match (a
truncated write, a hand edit), with a plain message and no exception.

:func:`write` keeps the previous good save under ``save.bak`` until the new
one has been written *and read back equal*; if that fails the old save is
put back, so a good save is never replaced by a failed write.

>>> text = encode({"world": "Avalon"})
>>> decode(text)
({'world': 'Avalon'}, '')
>>> decode(text.replace("Avalon", "Avalom"))[1]
'the save is damaged (checksum mismatch)'
>>> import numpy as np
>>> m = np.eye(3, dtype=bool); bool((unpack_mask(pack_mask(m), (3, 3)) == m).all())
True
"""

from __future__ import annotations

import base64
import hashlib
import json
import zlib
from typing import Any

import numpy as np

__all__ = ["VERSION", "KEY", "BACKUP_KEY", "encode", "decode", "write", "load", "erase",
           "pack_mask", "unpack_mask"]

VERSION = 1
GAME = "deepisle"
KEY = "save"
BACKUP_KEY = "save.bak"
MAX_SAVE_CHARS = 4_000_000  # well inside a browser's localStorage quota


def _sum(body_json: str) -> str:
    return hashlib.blake2b(body_json.encode("utf-8"), digest_size=16).hexdigest()


def encode(body: dict) -> str:
    """The save text (the body is serialized once; keys sorted, ASCII only)."""
    body_json = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return f'{{"body":{body_json},"game":"{GAME}","sum":"{_sum(body_json)}","version":{VERSION}}}'


def decode(text: str | None) -> tuple[dict | None, str]:
    """``(body, "")`` for a good save, else ``(None, why)``; never raises."""
    if text is None:
        return None, "no save"
    if len(text) > MAX_SAVE_CHARS:
        return None, "the save is too large"
    try:
        outer = json.loads(text)
    except (ValueError, RecursionError):
        return None, "the save is damaged (not JSON)"
    if not isinstance(outer, dict) or outer.get("game") != GAME:
        return None, "that is not a Deepisle save"
    if outer.get("version") != VERSION:
        return None, f"the save is from another version ({str(outer.get('version'))[:12]}); ignored"
    body = outer.get("body")
    if not isinstance(body, dict):
        return None, "the save is damaged (no body)"
    body_json = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    if outer.get("sum") != _sum(body_json):
        return None, "the save is damaged (checksum mismatch)"
    return body, ""


def write(storage: Any, text: str, known_good: str | None = None) -> bool:
    """Write ``text`` as the save; True once it reads back equal.

    The previous good save is copied to the backup key first; on any failure
    the previous save is restored and False returned.  ``known_good`` is the
    text of the last save this process wrote and verified (saves re-checking
    it)."""
    previous = storage.get(KEY)
    if previous == text:
        return True
    good_previous = previous is not None and (previous == known_good or decode(previous)[0] is not None)
    if good_previous:
        if not storage.set(BACKUP_KEY, previous) or storage.get(BACKUP_KEY) != previous:
            return False  # no safe copy of the old save: do not touch it
    if storage.set(KEY, text) and storage.get(KEY) == text:
        return True
    if good_previous:
        storage.set(KEY, previous)
    return False


def load(storage: Any) -> tuple[dict | None, str]:
    """The saved body, or the backup if the main save is unusable.

    Returns ``(body, message)``; the message tells the player what happened
    (empty when the main save loaded, or when there is no save at all)."""
    main_text = storage.get(KEY)
    body, why = decode(main_text)
    if body is not None:
        return body, ""
    back, _ = decode(storage.get(BACKUP_KEY))
    if back is not None:
        return back, f"{why}; loaded the previous save" if main_text is not None else ""
    if main_text is None:
        return None, ""
    return None, why


def erase(storage: Any) -> None:
    storage.delete(KEY)
    storage.delete(BACKUP_KEY)


def pack_mask(mask: np.ndarray) -> str:
    """A bool mask as base64(zlib(packbits)); the shape is stored by the caller."""
    return base64.b64encode(zlib.compress(np.packbits(mask.astype(bool), axis=None).tobytes(), 9)).decode("ascii")


def unpack_mask(text: str, shape: tuple[int, int]) -> np.ndarray | None:
    """The mask back, or None if the text is damaged or of another size."""
    try:
        raw = zlib.decompress(base64.b64decode(text.encode("ascii"), validate=True))
    except (ValueError, zlib.error, AttributeError):
        return None
    n = int(shape[0]) * int(shape[1])
    if len(raw) != (n + 7) // 8:
        return None
    bits = np.unpackbits(np.frombuffer(raw, dtype=np.uint8))[:n]
    return bits.reshape(shape).astype(bool)
