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

__all__ = ["MAX_SEED_CHARS", "normalize_seed_text", "clean_seed_text", "is_invisible", "seed_from_text", "derive", "rng"]

#: Longer seed texts are refused by the CLI and clamped by the URL parser.
MAX_SEED_CHARS = 200


def normalize_seed_text(text: str) -> str:
    """NFC-normalize so that the same visible text is the same seed everywhere.

    (A name typed on a phone may arrive decomposed, ``e`` + combining accent.)
    """
    return unicodedata.normalize("NFC", text)


def clean_seed_text(text: str) -> str:
    r"""The one normalization of seed text, wherever it comes from: the CLI, a
    link, the title screen or a save.

    NFC (:func:`normalize_seed_text`), then every character that cannot be
    seen or that could break a one-line label is dropped (controls, format
    characters such as zero-width spaces and joiners, line and paragraph
    separators), and so is text that was lost on the way (:func:`is_invisible`),
    then surrounding whitespace is trimmed.  Length is not cut here: callers
    refuse (CLI) or clamp (links) texts over :data:`MAX_SEED_CHARS`.

    >>> clean_seed_text(" Ava\u200blon\n ") == clean_seed_text("Avalon") == "Avalon"
    True
    >>> clean_seed_text("Cafe\u0301") == "Caf\u00e9"
    True
    >>> clean_seed_text("x\ud800y") == clean_seed_text("x\ufffd\ufffd\ufffdy") == "xy"
    True
    """
    norm = normalize_seed_text(text)
    return "".join(ch for ch in norm if not is_invisible(ch)).strip()


#: Dropped from seed text: controls, format characters (zero-width spaces,
#: joiners, direction marks), lone surrogates, line and paragraph separators.
#: Unassigned code points (Cn) are kept: which ones are unassigned changes with
#: the Unicode version of the Python running, and a seed must not.
_INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
#: U+FFFD, what decoders write where they could not read the text.
_LOST = "\ufffd"


def is_invisible(ch: str) -> bool:
    """Whether ``ch`` is dropped from seed text: the categories of
    :data:`_INVISIBLE`, and U+FFFD.

    Text that could not travel intact arrives as lone surrogates or as
    U+FFFD, and as how many depends on the way it came: a bad byte on the
    command line is one surrogate; a lone surrogate typed in a page reaches a
    link as one U+FFFD, or as three when its bytes were percent-encoded
    (``%ED%A0%80``).  Dropping both, the seed is the text that did arrive,
    the same from the command line and from a link.
    """
    return ch == _LOST or unicodedata.category(ch) in _INVISIBLE


def _digest(data: bytes) -> int:
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "little")


def seed_from_text(text: str | int) -> int:
    r"""Turn any text (a world name, a URL seed) into a 64-bit integer seed.

    The text is cleaned first (:func:`clean_seed_text`), so the same visible
    text is the same seed however it was typed or pasted.  Integers are
    treated as their decimal text, so ``42`` and ``"42"`` agree.

    >>> seed_from_text(" Avalon ") == seed_from_text("Avalon\u200b")
    True
    """
    return _digest(clean_seed_text(str(text)).encode("utf-8", "surrogatepass"))


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
