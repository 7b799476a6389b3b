"""``python -m worldgen bench --compare``: our rows beside a reference timed
in the same run and the peers' published figures.

The in-repo reference is :func:`reference_frontier_fill`, a plain numpy
multi-source frontier fill: the floor any seed-and-grow fill must stand on.
The peers' figures (:data:`QUOTED`) were measured by issue 13 on another
machine, where the fill took :data:`FILL_QUOTED_MS`; each is scaled to this
machine by the fill's time here ("peer here"), so a ratio says which is
faster here, not only there.  A peer that does less work than our defaults
(rot.js's ``Map.Digger`` digs a fifth of the map and keeps its dead ends) is
also set beside our generator run with parameters that ask for the same
work, and the floor share both rows dug is printed.

Every row is timed *interleaved* with the fill: rounds of one fill, then a
few runs of each row, so a machine whose load changes during the run moves
both sides of each ratio alike.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import NamedTuple

import numpy as np

from worldgen.core import registry, seeding
from .timing import CLOCKS, drain_total

__all__ = ["reference_frontier_fill", "Quote", "QUOTED", "FILL_QUOTED_MS", "DIGGER_WORK", "compare_rows",
           "COMPARE_ROUNDS", "until"]

#: Rounds of the fill (each followed by runs of every row) when no ``repeat`` is given.
COMPARE_ROUNDS = 9
#: Runs of a small row per comparison when no ``repeat`` is given (spread over the rounds).
_SMALL_RUNS = 45


def reference_frontier_fill(width: int, height: int, seeds: int = 100, seed: int = 0) -> np.ndarray:
    """REFERENCE ONLY (timed by ``bench --compare``, used by no generator).

    The plainest whole-array seed-and-grow: ``seeds`` random cells of 5
    types, then every loop each frontier cell claims all its blank
    8-neighbours (the last writer wins a contested cell) until the grid is
    full.  Every cell is claimed exactly once and examined a bounded number
    of times, so this is the floor that a seed-and-grow fill with random
    growth chances, transitions and a clean-up (``biomes``) is measured
    against.  Returns the ``uint8`` owner map ``[y, x]``.

    >>> bool(reference_frontier_fill(6, 4, seeds=2).min() > 0)
    True
    """
    rng = seeding.rng(seed, "reference")
    W = width + 2
    owner = np.full((height + 2) * W, 255, dtype=np.uint8)   # 255: frame
    inner = owner.reshape(height + 2, W)[1:-1, 1:-1]
    inner[...] = 0
    cells = rng.choice(width * height, size=min(seeds, width * height), replace=False)
    y, x = np.divmod(cells, width)
    frontier = ((y + 1) * W + x + 1).astype(np.intp)
    owner[frontier] = rng.integers(1, 6, size=frontier.size, dtype=np.uint8)
    steps = np.array([-W - 1, -W, -W + 1, -1, 1, W - 1, W, W + 1], dtype=np.intp)
    stamp = np.zeros(owner.size, dtype=np.intp)
    while frontier.size:
        nb = (frontier[:, None] + steps).ravel()
        src = np.repeat(owner[frontier], steps.size)
        blank = owner[nb] == 0
        nb, src = nb[blank], src[blank]
        owner[nb] = src
        order = np.arange(nb.size, dtype=np.intp)
        stamp[nb] = order
        frontier = nb[stamp[nb] == order]
    return inner.copy()


class Quote(NamedTuple):
    """A figure set beside one of our rows: a peer's, as published, or the
    in-repo fill's (``peer_ms`` None: timed here, in the same rounds)."""

    generator: str
    size: tuple[int, int]     # our size to compare with
    peer: str
    peer_ms: float | None
    note: str
    #: Parameter overrides for our row (None: the defaults), and what they ask for.
    params: Mapping | None = None
    ours: str = "defaults"
    #: Our row timed only until this stage is produced (None: the whole run).
    stage: str | None = None


#: What the reference fill (:func:`reference_frontier_fill`, 1000x1000) took
#: on issue 13's machine, in the run that timed the peers below.
FILL_QUOTED_MS = 70.0
#: Our rooms generator asked for rot.js ``Map.Digger``'s work: it stops once
#: a fifth of the interior is dug (its ``dugPercentage`` 0.2; ours grows to
#: ``GROW_FLOOR``, a fifth, past its fewest designs), keeps its dead ends and
#: opens no loops.  Ours still places stairs and spawn points.
DIGGER_WORK = MappingProxyType({"room_attempts": 4, "dead_end_keep": 1.0, "loops": 0.0, "features": 0.0})

#: The fill, then the peers' figures as issue 13 measured and quoted them
#: (never re-run here: they are JavaScript or C).  Our row at ``size`` is
#: timed in the same rounds as the fill.
QUOTED: tuple[Quote, ...] = (
    Quote("biomes", (1000, 1000), "numpy multi-source frontier fill", None, "in-repo, timed interleaved"),
    Quote("rooms", (79, 29), "rot.js Map.Digger 80x25", 0.73, "no dead-end removal, no loops"),
    Quote("rooms", (80, 25), "rot.js Map.Digger 80x25", 0.73, "no dead-end removal, no loops",
          DIGGER_WORK, "Digger's work: a fifth dug, dead ends kept, no loops, no features"),
    Quote("island", (88, 32), "libtcod noise alone 88x32", 0.27, "noise only, no particles"),
    Quote("island", (88, 32), "libtcod noise alone 88x32", 0.27, "noise only, no particles",
          ours="the noise stage alone (octaves finer than a tile skipped)", stage="noise"),
    Quote("caverns", (300, 300), "rot.js Cellular 300x300", 455.0 + 2400.0,
          "5 generations 455 ms + connect 2.4 s"),
)


def until(items, stage: str | None):
    """The items of a run up to the Stage named ``stage`` (all when None)."""
    for item in items:
        yield item
        if isinstance(item, registry.Stage) and item.name == stage:
            return


def _runs_per_round(quote: Quote, repeat: int, rounds: int) -> int:
    """Runs of ``quote``'s row after each fill: one with ``repeat``; else
    enough for about :data:`_SMALL_RUNS` of a small map, one of a big one."""
    if repeat:
        return 1
    cells = quote.size[0] * quote.size[1]
    return max(1, math.ceil(_SMALL_RUNS / rounds)) if cells <= 100_000 else 1


def compare_rows(repeat: int = 0, only: list[str] | None = None, clock: str = "wall") -> list[dict]:
    """Our figure beside each reference, all measured now: one dict per comparison.

    ``repeat`` rounds (default :data:`COMPARE_ROUNDS`) of one fill and runs
    of every row (seeds ``bench-0``, ``bench-1`` ... per row).  ``ratio`` is
    ours over the peer's figure as quoted; ``ratio_here`` over that figure
    scaled to this machine (``peer_here_ms``: times the fill's median now,
    over :data:`FILL_QUOTED_MS`); the fill's own row compares with its
    median directly.  ``ratios`` are the per-round ratios (ours' median in
    the round over that round's fill, scaled alike).  Each run is timed
    whole, between two reads of the clock (:func:`~.timing.drain_total`),
    as the fill is: a read at every item would bill our side for the meter.
    """
    quotes = [q for q in QUOTED if not only or q.generator in only]
    rounds = repeat or COMPARE_ROUNDS
    tick = CLOCKS[clock]
    reference_frontier_fill(1000, 1000, seed=1 << 32)   # warm-up
    for q in quotes:
        registry.generate(q.generator, "warm-up", *q.size, q.params)
    fills: list[float] = []
    ours: list[list[list[float]]] = [[] for _ in quotes]
    floors: list[list] = [[] for _ in quotes]
    for r in range(rounds):
        start = tick()
        reference_frontier_fill(1000, 1000, seed=r)
        fills.append((tick() - start) * 1000.0)
        for q, times, shares in zip(quotes, ours, floors):
            k = _runs_per_round(q, repeat, rounds)
            done = [drain_total(until(registry.run(q.generator, f"bench-{r * k + i}", *q.size, q.params), q.stage),
                                tick) for i in range(k)]
            times.append([ms for ms, _ in done])
            shares += [getattr(last, "info", {}).get("floor_fraction") for _, last in done]
    fill_ms = statistics.median(fills)
    return [_row(q, times, shares, fills, fill_ms) for q, times, shares in zip(quotes, ours, floors)]


def _row(q: Quote, times: list[list[float]], shares: list, fills: list[float], fill_ms: float) -> dict:
    """One comparison's dict (see :func:`compare_rows`)."""
    ours_ms = round(statistics.median(t for each in times for t in each), 2)
    here: Callable[[float], float] = ((lambda fill: fill) if q.peer_ms is None
                                      else (lambda fill: q.peer_ms * fill / FILL_QUOTED_MS))
    peer_ms = fill_ms if q.peer_ms is None else q.peer_ms
    note = "" if q.peer_ms is None else "quoted: "
    return {"generator": q.generator, "size": f"{q.size[0]}x{q.size[1]}", "ours": q.ours,
            "ours_ms": ours_ms, "peer": f"{q.peer} ({note}{q.note})", "peer_ms": round(peer_ms, 2),
            "ratio": round(ours_ms / peer_ms, 3), "peer_here_ms": round(here(fill_ms), 2),
            "ratio_here": round(ours_ms / here(fill_ms), 3),
            "ratios": [round(statistics.median(each) / here(fill), 3) for each, fill in zip(times, fills)],
            "floor": None if None in shares else statistics.median(shares), "fill_ms": round(fill_ms, 2),
            "runs": sum(len(each) for each in times)}
