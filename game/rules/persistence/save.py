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

:func:`load` never deletes: a save or backup it cannot use (bytes that are
not text, a damaged or foreign save, another version's) is copied aside
under ``save.unreadable`` / ``save.bak.unreadable`` before a new game can
write over it, and the message says so.

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
from collections.abc import Callable
from typing import Any

import numpy as np

__all__ = ["VERSION", "KEY", "BACKUP_KEY", "KEPT_SUFFIX", "encode", "decode", "write", "load", "erase",
           "saves_off", "write_failed", "pack_mask", "unpack_mask"]

VERSION = 1
GAME = "deepisle"
KEY = "save"
BACKUP_KEY = "save.bak"
KEPT_SUFFIX = ".unreadable"  # a save load cannot use is copied to KEY + KEPT_SUFFIX
MAX_SAVE_CHARS = 4_000_000  # well inside a browser's localStorage quota


def _sum(body_json: str) -> str:
    return hashlib.blake2b(body_json.encode("utf-8"), digest_size=16).hexdigest()


def encode(body: dict) -> str:
    """The save text (the body is serialized once; keys sorted, ASCII only)."""
    body_json = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return f'{{"body":{body_json},"game":"{GAME}","sum":"{_sum(body_json)}","version":{VERSION}}}'


def _finite(text: str) -> float:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError("not a finite number")
    return value


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number a save may hold")


def decode(text: str | None) -> tuple[dict | None, str]:
    """``(body, "")`` for a good save, else ``(None, why)``; never raises.

    NaN, Infinity and float literals that overflow (``1e999``) are refused
    with the rest of a damaged save (the game never writes them); integers
    of any size pass, for the reader to clamp."""
    if text is None:
        return None, "no save"
    if not isinstance(text, str):
        return None, "the save is damaged (not text)"
    if len(text) > MAX_SAVE_CHARS:
        return None, "the save is too large"
    try:
        outer = json.loads(text, parse_float=_finite, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        return None, "the save is damaged (not JSON)"
    if not isinstance(outer, dict) or outer.get("game") != GAME:
        return None, "that is not a Deepisle save"
    if outer.get("version") != VERSION:
        return None, f"the save is from another version ({str(outer.get('version'))[:12]}); ignored"
    body = outer.get("body")
    if not isinstance(body, dict):
        return None, "the save is damaged (no body)"
    try:
        body_json = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    except (ValueError, RecursionError):  # nested deeper than the encoder goes
        return None, "the save is damaged (not JSON)"
    if outer.get("sum") != _sum(body_json):
        return None, "the save is damaged (checksum mismatch)"
    return body, ""


def _get(storage: Any, key: str) -> str | None:
    """``storage.get`` that never raises (a storage that throws holds nothing)."""
    try:
        value = storage.get(key)
    except Exception:  # noqa: BLE001 - any storage failure reads as "no value"
        return None
    return value if isinstance(value, str) else None


def _set(storage: Any, key: str, text: str) -> bool:
    """``storage.set`` then read back; False on any failure, never raises."""
    try:
        ok = storage.set(key, text)
    except Exception:  # noqa: BLE001 - quota, blocked storage, a disk error: a failed write
        return False
    return bool(ok) and _get(storage, key) == text


def _passes(body: dict, check: Callable[[dict], bool] | None) -> bool:
    try:
        return check is None or bool(check(body))
    except Exception:  # noqa: BLE001 - a check that fails refuses the save
        return False


def _usable(text: str | None, check: Callable[[dict], bool] | None) -> bool:
    body, _ = decode(text)
    return body is not None and _passes(body, check)


def write(storage: Any, text: str, known_good: str | None = None,
          check: Callable[[dict], bool] | None = None) -> bool:
    """Write ``text`` as the save; True once it reads back equal.  Never raises.

    The previous good save is copied to the backup key first; on any failure
    (``set`` returning False or raising, a read-back that differs) the
    previous save is restored and False returned.  ``known_good`` is the
    text of the last save this process wrote and verified (saves re-checking
    it); ``check(body)`` says whether a decoded save is usable, so a
    well-formed but unusable save never replaces a good backup.  A text too
    large for :func:`decode` to accept, or that does not decode (or pass
    ``check``) itself, is not written at all: a damaged save is never
    reported as saved."""
    if len(text) > MAX_SAVE_CHARS or not _usable(text, check):
        return False
    previous = _get(storage, KEY)
    if previous == text:
        return True
    good_previous = previous is not None and (previous == known_good or _usable(previous, check))
    if good_previous and not _set(storage, BACKUP_KEY, previous):
        return False  # no safe copy of the old save: do not touch it
    if _set(storage, KEY, text):
        return True
    if good_previous:
        _set(storage, KEY, previous)
    return False


def _holds(storage: Any, key: str, text: str | None) -> bool:
    """Whether ``key`` holds anything (``text`` is what ``get`` read).  A
    storage without ``holds`` holds exactly what it can read."""
    probe = getattr(storage, "holds", None)
    try:
        return text is not None or (callable(probe) and bool(probe(key)))
    except Exception:  # noqa: BLE001 - a storage that cannot even say holds nothing we can reach
        return False


def _keep_aside(storage: Any, key: str, text: str | None) -> bool:
    """Copy the value under ``key`` to ``key + KEPT_SUFFIX`` as it is stored; True once done."""
    copy = getattr(storage, "copy", None)
    try:
        if callable(copy):
            return bool(copy(key, key + KEPT_SUFFIX))
    except Exception:  # noqa: BLE001 - a failed copy is reported, never raised
        return False
    return text is not None and _set(storage, key + KEPT_SUFFIX, text)


def _why_unreadable(storage: Any, key: str) -> str:
    """The storage's own word on why ``key`` cannot be read (not a regular file, too large ...), if it has one."""
    probe = getattr(storage, "unreadable", None)
    try:
        why = probe(key) if callable(probe) else ""
    except Exception:  # noqa: BLE001 - a storage that cannot even say
        why = ""
    return why if isinstance(why, str) else ""


def _why_unusable(text: str | None, held: bool, check: Callable[[dict], bool] | None, unreadable: str = "") -> str:
    """Why a stored value cannot be played ("" when it can, or when nothing is there)."""
    if text is None:
        if not held:
            return ""
        return f"the save cannot be read ({unreadable})" if unreadable not in ("", "it is not text") \
            else "the save cannot be read as text"
    body, why = decode(text)
    if body is not None and not _passes(body, check):
        return "the save could not be read"
    return why


def load(storage: Any, check: Callable[[dict], bool] | None = None) -> tuple[dict | None, str]:
    """The saved body, or the backup if the main save is unusable.

    Returns ``(body, message)``; the message tells the player what happened
    (empty when the main save loaded, or when there is no save at all; it
    always says so when the backup was used, and names a damaged save
    "damaged", never "missing").  Whatever is stored but cannot be used is
    first copied aside (:data:`KEPT_SUFFIX`), so a new game never writes
    over it unkept; when neither save can be used the message has a second
    line saying where they went.  ``check(body)`` can refuse a save that
    decodes but cannot be played."""
    found = {}
    for key in (KEY, BACKUP_KEY):
        text = _get(storage, key)
        held = _holds(storage, key, text)
        found[key] = (text, held, _why_unusable(text, held, check, _why_unreadable(storage, key) if held and text is None
                                                else ""))
        if key == KEY and held and not found[key][2]:
            return decode(text)[0], ""
    (main_text, main_held, main_why), (back_text, back_held, back_why) = found[KEY], found[BACKUP_KEY]
    bad = [key for key, (text, held, why) in found.items() if held and why]
    kept = [key for key in bad if _keep_aside(storage, key, found[key][0])]
    if back_held and not back_why:
        why = main_why if main_held else "the latest save is missing"
        return decode(back_text)[0], f"{why}; loaded the previous save"
    if not bad:
        return None, ""
    why = main_why if main_held else "the latest save is missing"
    if back_held:
        why += ", and its backup cannot be used either"
    names = " and ".join(key + KEPT_SUFFIX for key in kept)
    if kept == bad:
        where = f"Kept aside as {names}: a new game will not write over {'them' if len(bad) > 1 else 'it'}."
    else:
        where = (f"Could not keep {'them' if len(bad) > 1 else 'it'} aside: "
                 f"a new game will write over {'them' if len(bad) > 1 else 'it'}.")
    return None, f"{why}\n{where}"


def erase(storage: Any) -> None:
    for key in (KEY, BACKUP_KEY):
        try:
            storage.delete(key)
        except Exception:  # noqa: BLE001 - a storage that cannot delete keeps a save death meant to end
            pass


def saves_off(storage: Any) -> str:
    """``"Saves are off: <why>."`` when ``storage`` can keep nothing at all (its
    optional ``unavailable()`` gives a reason: a browser that blocks storage),
    else ``""``.  Never raises.

    >>> saves_off(object())
    ''
    """
    probe = getattr(storage, "unavailable", None)
    try:
        why = probe() if callable(probe) else ""
    except Exception:  # noqa: BLE001 - a storage that cannot even say keeps nothing
        why = "the storage cannot be reached"
    return f"Saves are off: {why}." if why else ""


def write_failed(storage: Any, check: Callable[[dict], bool] | None = None) -> str:
    """What to tell the player when :func:`write` returned False, true to the
    case: why (saves are off: storage blocked or read-only; or the store is
    full, as the storage's ``failure`` says), and whether a good save is still
    kept (the latest or its backup, by ``check``) or nothing is saved yet."""
    kept = any(_usable(_get(storage, key), check) for key in (KEY, BACKUP_KEY))
    off = saves_off(storage)
    if off:
        return f"Could not save the game. {off}" + (" The last good save is kept." if kept else "")
    failure = getattr(storage, "failure", "")
    failure = failure if isinstance(failure, str) and failure else "the storage is full"
    return f"Could not save the game: {failure}. " + ("The last good save is kept." if kept else "Nothing is saved yet.")


def pack_mask(mask: np.ndarray) -> str:
    """A bool mask as base64(zlib(packbits)); the shape is stored by the caller."""
    return base64.b64encode(zlib.compress(np.packbits(mask.astype(bool), axis=None).tobytes(), 9)).decode("ascii")


def unpack_mask(text: str, shape: tuple[int, int]) -> np.ndarray | None:
    """The mask back, or None if the text is damaged or of another size."""
    n = int(shape[0]) * int(shape[1])
    size = (n + 7) // 8
    try:
        inflate = zlib.decompressobj()
        # At most one byte more than a mask of this shape: a zlib bomb is refused unread.
        raw = inflate.decompress(base64.b64decode(text.encode("ascii"), validate=True), size + 1)
    except (ValueError, zlib.error, AttributeError):
        return None
    if len(raw) != size or not inflate.eof:
        return None
    bits = np.unpackbits(np.frombuffer(raw, dtype=np.uint8))[:n]
    return bits.reshape(shape).astype(bool)
