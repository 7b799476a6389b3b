"""World names from a tiny letter model (an order-2 Markov chain over letters).

The model is trained once, at import, on the built-in list :data:`WORDS` of
fantasy place-name-like words.  :func:`make_name` walks the chain with a numpy
``Generator`` passed in, so the same generator state gives the same name, and
every loop is bounded by a count (no wall-clock limits).

>>> import numpy as np
>>> name = make_name(np.random.default_rng(7))
>>> 4 <= len(name) <= MAX_LEN and name[0].isupper() and name.isalpha()
True
"""

from __future__ import annotations

import numpy as np

__all__ = ["WORDS", "ORDER", "MIN_LEN", "MAX_LEN", "make_name", "NameModel"]

#: Built-in training words (invented for this project).
WORDS: tuple[str, ...] = tuple("""
avalon brindle caldera dunmere eldoria farrow galdur harrowmere islay jorvik
kalmar lindor mirewood northsea oakhaven pellmar quarrow ravenholm silverdell
thornwick umbral valerin westmarch yarrow zephyra ashford belmont corrin
deepwater estmoor fendral glimmer hollowby ironvale kestrel lorwyn marrow
nettlefield orrin pyrewood quill rosmer stormhold tarrin ulden vesper
wyrmhold amberly barrowdown cindervale drakmoor embergate frosthaven greywater
hearth irongate juniper kingsbury lowmarsh mistral northmoor oldcastle
pendle redmarch saltmere tidewell underhill valemont whitby brackenridge
caerlin durnholm elmstead fallowmere gildenhall highmoor ivywood karsk
lunmere moorfield norrow ostvale penrith ruthven skerry tollan vanterra
wexmoor aldmere brightwater coldharbour duskvale everhold fjarrow glenmore
haldor isenmark kilnara lochmere marrowind nimbrel orlan pallas rivenhold
sunmere talvane ulmoor verdance wintermere yewdale zarnak
""".split())

ORDER = 2
MIN_LEN = 4
MAX_LEN = 11
MAX_TRIES = 40  # bounded retries for a name of an acceptable length that is not a training word
START, END = "^", "$"


class NameModel:
    """Counts of the next letter after every ``ORDER``-letter context."""

    def __init__(self, words: tuple[str, ...] = WORDS, order: int = ORDER) -> None:
        self.order = order
        self.words = frozenset(words)
        alphabet = sorted({ch for w in words for ch in w} | {END})
        self.alphabet = alphabet
        index = {ch: i for i, ch in enumerate(alphabet)}
        table: dict[str, np.ndarray] = {}
        for word in words:
            padded = START * order + word + END
            for i in range(order, len(padded)):
                context = padded[i - order:i]
                row = table.setdefault(context, np.zeros(len(alphabet), dtype=np.int64))
                row[index[padded[i]]] += 1
        # Cumulative integer weights: sampling is an integer draw + searchsorted,
        # identical on every platform.
        self.cumulative = {ctx: np.cumsum(row) for ctx, row in table.items()}

    def sample(self, rng: np.random.Generator) -> str:
        """One raw word (may be too short, too long, or a training word)."""
        context = START * self.order
        out: list[str] = []
        for _ in range(MAX_LEN + 1):
            cum = self.cumulative.get(context)
            if cum is None:
                break
            pick = int(rng.integers(0, int(cum[-1])))
            ch = self.alphabet[int(np.searchsorted(cum, pick, side="right"))]
            if ch == END:
                break
            out.append(ch)
            context = (context + ch)[-self.order:]
        return "".join(out)

    def make(self, rng: np.random.Generator) -> str:
        word = ""
        for _ in range(MAX_TRIES):
            word = self.sample(rng)
            if MIN_LEN <= len(word) <= MAX_LEN and word not in self.words:
                break
        else:  # bounded: fall back to a cut or padded last try
            word = (word + "mere")[:MAX_LEN]
        return word[:1].upper() + word[1:]


_MODEL: NameModel | None = None


def make_name(rng: np.random.Generator) -> str:
    """A new world name, e.g. ``"Harrowind"``."""
    global _MODEL
    if _MODEL is None:
        _MODEL = NameModel()
    return _MODEL.make(rng)
