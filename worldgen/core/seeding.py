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
import numbers
import unicodedata

import numpy as np
from numpy.random.bit_generator import ISeedSequence

__all__ = ["MAX_SEED_CHARS", "ROLL_LETTERS", "ROLL_LENGTH", "normalize_seed_text", "clean_seed_text", "is_invisible",
           "clean_seed", "roll_seed", "seed_text", "seed_from_text", "derive", "rng"]

#: Longer seed texts are refused by the library and the CLI, and clamped by the URL parser.
MAX_SEED_CHARS = 200
#: A rolled seed: letters and digits that cannot be misread for one another (no l, o, 0 or 1).
ROLL_LETTERS = "abcdefghijkmnpqrstuvwxyz23456789"
ROLL_LENGTH = 6


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


def clean_seed(seed: str | int | None) -> str:
    """A seed as every entry point reads it: text cleaned (:func:`clean_seed_text`),
    an int as its decimal text, None as ``""`` (no seed).  Raises ``ValueError``
    for text over :data:`MAX_SEED_CHARS` characters once cleaned, ``TypeError``
    for anything but text or an int.

    >>> clean_seed(" Avalon\u200b "), clean_seed(42), clean_seed(None), clean_seed("  ")
    ('Avalon', '42', '', '')
    """
    if seed is None:
        return ""
    if isinstance(seed, bool) or not isinstance(seed, (str, numbers.Integral)):
        raise TypeError(f"a seed is text or an int; got {type(seed).__name__}")
    text = clean_seed_text(seed if isinstance(seed, str) else str(int(seed)))
    if len(text) > MAX_SEED_CHARS:
        raise ValueError(f"seed longer than {MAX_SEED_CHARS} characters once cleaned (got {len(text)})")
    return text


def roll_seed(generator: np.random.Generator | None = None) -> str:
    """A fresh seed: :data:`ROLL_LENGTH` characters of :data:`ROLL_LETTERS`, drawn
    from ``generator`` (default: a new one from the operating system's entropy).

    >>> roll_seed(np.random.default_rng(1))
    'rs28be'
    """
    draw = np.random.default_rng() if generator is None else generator
    return "".join(ROLL_LETTERS[i] for i in draw.integers(0, len(ROLL_LETTERS), ROLL_LENGTH))


def seed_text(seed: str | int | None, generator: np.random.Generator | None = None) -> str:
    """The one seed rule, in the library, the CLI and links alike: the seed
    cleaned (:func:`clean_seed`); no seed (None, or text that is empty once
    cleaned) rolls a fresh one (:func:`roll_seed`), which callers report so
    the same map can be made again.

    >>> seed_text(" Avalon "), len(seed_text(None)), len(seed_text("\u200b"))
    ('Avalon', 6, 6)
    """
    return clean_seed(seed) or roll_seed(generator)


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
    return _digest(clean_seed_text(str(text)).encode())  # UTF-8: cleaning dropped every lone surrogate


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
    """A PCG64 generator for ``(seed, *labels)``; same inputs, same stream:
    ``np.random.Generator(np.random.PCG64(derive(seed, *labels)))``, its
    state worked out by :class:`_Seeded` (numpy's own seeding, through its
    SeedSequence arrays and error-state context, was 7% of a small island's
    time and about 2% of a small rooms map's).

    >>> a, b = rng(7, "x"), np.random.Generator(np.random.PCG64(derive(7, "x")))
    >>> bool((a.random(4) == b.random(4)).all())
    True
    """
    return np.random.Generator(np.random.PCG64(_Seeded(derive(seed, *labels))))


_M32 = 0xFFFF_FFFF


def _hash_constants(start: int, mult: int, n: int) -> tuple[tuple[int, int], ...]:
    """The ``(xor, multiplier)`` pair of each of a SeedSequence hash's first
    ``n`` uses: its constant runs on by itself, whatever the data hashed."""
    out, h = [], start
    for _ in range(n):
        out.append((h, h * mult & _M32))
        h = h * mult & _M32
    return tuple(out)


#: numpy's SeedSequence hashes: ``INIT_A``/``MULT_A`` (the pool), ``INIT_B``/``MULT_B`` (the state).
_POOL_HASH = _hash_constants(0x43B0D7E5, 0x931E8875, 16)
_STATE_HASH = _hash_constants(0x8B51F9DD, 0x58F38DED, 8)
#: The pool's mixing: every word into every other, ``((from, into), hash constants)``, in numpy's order.
_MIXES = tuple(zip([(a, b) for a in range(4) for b in range(4) if a != b], _POOL_HASH[4:]))


class _Seeded(ISeedSequence):
    """numpy's ``SeedSequence(entropy)`` for a 64-bit ``entropy`` (at most two
    32-bit words, so the pool of four is mixed once and no word is left),
    as far as ``PCG64`` reads it: :meth:`generate_state` ``(4, uint64)``, on
    Python ints.  The same state as numpy's (tests/test_seeding.py compares
    them over many seeds, and numpy keeps SeedSequence's output stable
    across versions); other requests go to numpy's.  No ``spawn``: nothing
    here spawns."""

    __slots__ = ("entropy",)

    def __init__(self, entropy: int) -> None:
        if not 0 <= entropy < 1 << 64:
            raise ValueError(f"a 64-bit entropy, got {entropy}")
        self.entropy = entropy

    def generate_state(self, n_words: int, dtype=np.uint32) -> np.ndarray:
        if n_words != 4 or np.dtype(dtype) != np.uint64:
            return np.random.SeedSequence(self.entropy).generate_state(n_words, dtype)
        pool = []
        for i, (xor, mult) in enumerate(_POOL_HASH[:4]):  # the entropy's words, then zeros, hashed in
            v = ((self.entropy >> 32 * i & _M32) ^ xor) * mult & _M32
            pool.append(v ^ v >> 16)
        for (src, dst), (xor, mult) in _MIXES:  # every word mixed into every other
            v = (pool[src] ^ xor) * mult & _M32
            v = (0xCA01F9DD * pool[dst] - 0x4973F715 * (v ^ v >> 16)) & _M32
            pool[dst] = v ^ v >> 16
        words = []
        for i, (xor, mult) in enumerate(_STATE_HASH):  # eight 32-bit words from the pool, cycled
            v = (pool[i & 3] ^ xor) * mult & _M32
            words.append(v ^ v >> 16)
        return np.array([words[i] | words[i + 1] << 32 for i in range(0, 8, 2)], dtype=np.uint64)
