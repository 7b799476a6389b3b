"""Seeding in one place: text becomes an int seed, labels derive child seeds.

Every random decision in :mod:`worldgen` flows from an integer seed through
this module.  Nothing uses the ``random`` module, ``hash()`` of strings (it
changes per process) or numpy's global state, so the same text gives the same
bytes on every platform, natively and in the browser.

>>> seed_from_text("Deepisle") == seed_from_text("Deepisle")
True
>>> derive(1, "mask") != derive(1, "noise")
True
"""

from __future__ import annotations

import hashlib
import unicodedata

import numpy as np

__all__ = ["MAX_SEED_CHARS", "normalize_seed_text", "seed_from_text", "derive", "rng"]

#: Longer seed texts are refused by the CLI and clamped by the URL parser.
MAX_SEED_CHARS = 200


def normalize_seed_text(text: str) -> str:
    """NFC-normalize so that the same visible text is the same seed everywhere.

    (A name typed on a phone may arrive decomposed, ``e`` + combining accent.)
    """
    return unicodedata.normalize("NFC", text)


def _digest(data: bytes) -> int:
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "little")


def seed_from_text(text: str | int) -> int:
    """Turn any text (a world name, a URL seed) into a 64-bit integer seed.

    Integers are treated as their decimal text, so ``42`` and ``"42"`` agree.
    """
    return _digest(normalize_seed_text(str(text)).encode("utf-8", "surrogatepass"))


def derive(seed: int, *labels: str | int) -> int:
    """A child seed for a sub-step, e.g. ``derive(seed, "mask")``.

    Children are independent of each other, so changing how one step draws
    numbers never changes another step's map.
    """
    parts = [int(seed).to_bytes(8, "little", signed=False)]
    for label in labels:
        parts.append(b"\x00" + str(label).encode("utf-8", "surrogatepass"))
    return _digest(b"".join(parts))


def rng(seed: int, *labels: str | int) -> np.random.Generator:
    """A PCG64 generator for ``(seed, *labels)``; same inputs, same stream."""
    return np.random.Generator(np.random.PCG64(derive(seed, *labels)))
