"""``python -m worldgen bench``: median time and longest step per generator and size.

Each generator declares its benchmark sizes (``GeneratorSpec.bench_sizes``);
its largest legal size (``max_size``) is always added, because that is where
the longest step between two yields is worst.  A run drains the stage
iterator and times every gap between two items: the sum is the run's time,
the largest gap the longest *step* (what one frame of the game or the demo
may have to wait for).  Seeds differ per run so a lucky map cannot flatter
the median; the peak-memory column is one extra run under
:mod:`tracemalloc` (numpy reports its buffers to it).

``--compare`` times, in the same run, the in-repo reference
(:func:`reference_frontier_fill`, a plain numpy multi-source frontier fill:
the floor any seed-and-grow fill must stand on) and quotes the peers'
published figures (:data:`QUOTED`), so every ratio comes from one machine
and one minute.  A quoted figure is also scaled to this machine by the
reference fill, which issue 13 timed beside the peers
(:data:`FILL_QUOTED_MS`): that ratio says which is faster here, not only on
the issue's machine.  A peer that does less work than our defaults (rot.js's
``Map.Digger`` digs a fifth of the map and keeps its dead ends) is also set
beside our generator run with parameters that ask for the same work, and
the floor share both rows dug is printed.
"""

from __future__ import annotations

import json
import statistics
import time
import tracemalloc
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

import numpy as np

from worldgen.core import registry, seeding
from worldgen.core.registry import Stage

__all__ = ["measure", "run_bench", "drain_timed", "reference_frontier_fill", "QUOTED", "FILL_QUOTED_MS",
           "DIGGER_WORK", "compare_rows", "Drained"]


def _runs_for(width: int, height: int) -> int:
    cells = width * height
    return 31 if cells <= 20_000 else 11 if cells <= 300_000 else 5 if cells <= 1_100_000 else 3


class Drained(NamedTuple):
    """What :func:`drain_timed` measured of one run."""

    total_ms: float
    step_ms: float   # the longest gap between two items
    stage: str       # the stage of the item that ended that gap
    last: object     # the last item (the final Stage of a whole run)


def drain_timed(iterator) -> Drained:
    """Drain a stage iterator, timing every gap between two items.

    The gap before each item is the work done to produce it; the longest one
    is named by the stage its item belongs to.
    """
    clock = time.perf_counter
    longest, where, item = 0.0, "", None
    start = last = clock()
    for item in iterator:
        now = clock()
        if now - last > longest:
            longest = now - last
            where = item.name if isinstance(item, Stage) else getattr(item, "stage", "")
        last = now
    end = clock()
    return Drained((end - start) * 1000.0, longest * 1000.0, where, item)


def _until(items, stage: str | None):
    """The items of a run up to the Stage named ``stage`` (all when None)."""
    for item in items:
        yield item
        if isinstance(item, Stage) and item.name == stage:
            return


def measure(name: str, width: int, height: int, repeat: int = 0, memory: bool = True,
            params: Any = None, stage: str | None = None) -> dict:
    """One table row: median/min/max ms, the longest step over all runs, the
    median floor share (``floor``: the final stage's ``info["floor_fraction"]``,
    None for a generator that reports none), peak MiB.  ``params``: the
    generator's parameters for every run (a mapping of overrides, or None);
    ``stage``: each run timed only until that stage is produced."""
    runs = repeat or _runs_for(width, height)
    registry.generate(name, "warm-up", width, height, params)  # first-call imports and caches
    done = [drain_timed(_until(registry.run(name, f"bench-{i}", width, height, params), stage))
            for i in range(runs)]
    times = [d.total_ms for d in done]
    worst = max(done, key=lambda d: d.step_ms)
    shares = [getattr(d.last, "info", {}).get("floor_fraction") for d in done]
    row = {"generator": name, "width": width, "height": height, "runs": runs,
           "median_ms": round(statistics.median(times), 2), "min_ms": round(min(times), 2),
           "max_ms": round(max(times), 2), "step_ms": round(worst.step_ms, 2),
           "step_stage": worst.stage, "floor": None if None in shares else statistics.median(shares)}
    if memory:
        tracemalloc.start()
        registry.generate(name, "bench-memory", width, height, params, stage)
        row["peak_mib"] = round(tracemalloc.get_traced_memory()[1] / 2**20, 2)
        tracemalloc.stop()
    return row


def _sizes(spec: registry.GeneratorSpec) -> list[tuple[int, int]]:
    sizes = list(spec.bench_sizes or (spec.default_size,))
    if tuple(spec.max_size) not in sizes:
        sizes.append(tuple(spec.max_size))
    return sizes


# --------------------------------------------------------------------------- references

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
    """A peer's published figure, set beside one of our rows."""

    generator: str
    size: tuple[int, int]     # our size to compare with
    peer: str
    peer_ms: float
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

#: Peers' figures as issue 13 measured and quoted them (never re-run here:
#: they are JavaScript or C).  Our row at ``size`` is timed in the same run.
QUOTED: tuple[Quote, ...] = (
    Quote("rooms", (79, 29), "rot.js Map.Digger 80x25", 0.73, "no dead-end removal, no loops"),
    Quote("rooms", (80, 25), "rot.js Map.Digger 80x25", 0.73, "no dead-end removal, no loops",
          DIGGER_WORK, "Digger's work: a fifth dug, dead ends kept, no loops, no features"),
    Quote("island", (88, 32), "libtcod noise alone 88x32", 0.27, "noise only, no particles"),
    Quote("island", (88, 32), "libtcod noise alone 88x32", 0.27, "noise only, no particles",
          ours="the noise stage alone (octaves finer than a tile skipped)", stage="noise"),
    Quote("caverns", (300, 300), "rot.js Cellular 300x300", 455.0 + 2400.0,
          "5 generations 455 ms + connect 2.4 s"),
)


def _beside_reference(width: int, height: int, repeat: int, name: str | None = "biomes") -> tuple[float, float]:
    """Median ms of generator ``name`` and of the reference fill, timed
    alternately (same load for both); ``name`` None times the fill alone (0.0 for ours)."""
    runs = repeat or _runs_for(width, height)
    reference_frontier_fill(width, height, seed=1 << 32)   # warm-up
    if name is not None:
        registry.generate(name, "warm-up", width, height)
    ours, ref = [], []
    for i in range(runs):
        start = time.perf_counter()
        reference_frontier_fill(width, height, seed=i)
        middle = time.perf_counter()
        if name is not None:
            drain_timed(registry.run(name, f"bench-{i}", width, height))
        ours.append((time.perf_counter() - middle) * 1000.0)
        ref.append((middle - start) * 1000.0)
    return (statistics.median(ours) if name is not None else 0.0), statistics.median(ref)


def compare_rows(repeat: int = 0, only: list[str] | None = None) -> list[dict]:
    """Our figure beside each reference, all measured now: one dict per comparison.

    ``ratio`` is ours over the peer's figure as quoted; ``ratio_here`` over
    that figure scaled to this machine (``peer_here_ms``: times the reference
    fill's median now, over :data:`FILL_QUOTED_MS`).
    """
    quotes = [q for q in QUOTED if not only or q.generator in only]
    with_biomes = not only or "biomes" in only
    ours_ms, fill_ms = _beside_reference(1000, 1000, repeat, "biomes" if with_biomes else None)
    rows = []
    if with_biomes:
        rows.append({"generator": "biomes", "size": "1000x1000", "ours": "defaults", "ours_ms": round(ours_ms, 2),
                     "peer": "numpy multi-source frontier fill (in-repo, timed alternately)",
                     "peer_ms": round(fill_ms, 2), "ratio": round(ours_ms / fill_ms, 3),
                     "peer_here_ms": round(fill_ms, 2), "ratio_here": round(ours_ms / fill_ms, 3), "floor": None})
    scale = fill_ms / FILL_QUOTED_MS
    for q in quotes:
        row = measure(q.generator, *q.size, repeat, memory=False, params=q.params, stage=q.stage)
        here = q.peer_ms * scale
        rows.append({"generator": q.generator, "size": f"{q.size[0]}x{q.size[1]}", "ours": q.ours,
                     "ours_ms": row["median_ms"], "peer": f"{q.peer} (quoted: {q.note})",
                     "peer_ms": q.peer_ms, "ratio": round(row["median_ms"] / q.peer_ms, 3),
                     "peer_here_ms": round(here, 2), "ratio_here": round(row["median_ms"] / here, 3),
                     "floor": row["floor"]})
    for row in rows:
        row["fill_ms"] = round(fill_ms, 2)
    return rows


# --------------------------------------------------------------------------- printing

def run_bench(only: list[str] | None = None, repeat: int = 0, as_json: bool = False,
              memory: bool = True, compare: bool = False, params: Any = None,
              sizes: list[tuple[int, int]] | None = None) -> int:
    """Print the table (or JSON lines); ``params`` for every run of the one
    generator in ``only`` (the CLI's ``--param``: how a setting moves the
    time), ``sizes`` in place of each generator's own (:func:`_sizes`)."""
    if compare:
        rows = compare_rows(repeat, only)
        if not as_json:
            print(f"reference fill 1000x1000: {rows[0]['fill_ms']:.1f} ms here, {FILL_QUOTED_MS:.0f} ms on "
                  "issue 13's machine: 'peer here' is the quoted figure scaled by that ratio")
            print(f"{'generator':<10} {'size':>10} {'ours ms':>9} {'floor':>6} {'peer ms':>9} {'peer here':>10} "
                  f"{'ratio':>6}  ours / peer")
        for row in rows:
            floor = "-" if row["floor"] is None else f"{row['floor']:.0%}"
            print(json.dumps(row) if as_json else
                  f"{row['generator']:<10} {row['size']:>10} {row['ours_ms']:>9.2f} {floor:>6} "
                  f"{row['peer_ms']:>9.2f} {row['peer_here_ms']:>10.2f} {row['ratio_here']:>6.3g}  "
                  f"{row['ours']} / {row['peer']}", flush=True)
        return 0
    specs = [registry.get(n) for n in only] if only else registry.all_specs()
    if not as_json:
        print(f"{'generator':<10} {'size':>10} {'runs':>5} {'median ms':>10} {'min ms':>8} "
              f"{'max ms':>8} {'step ms':>8} {'(stage)':<14} {'floor':>6} {'peak MiB':>9}")
    for spec in specs:
        for width, height in sizes or _sizes(spec):
            row = measure(spec.name, width, height, repeat, memory, params)
            if as_json:
                print(json.dumps(row))
            else:
                peak = f"{row['peak_mib']:>9.2f}" if memory else f"{'-':>9}"
                floor = "-" if row["floor"] is None else f"{row['floor']:.0%}"
                print(f"{spec.name:<10} {f'{width}x{height}':>10} {row['runs']:>5} "
                      f"{row['median_ms']:>10.2f} {row['min_ms']:>8.2f} {row['max_ms']:>8.2f} "
                      f"{row['step_ms']:>8.2f} {row['step_stage']:<14} {floor:>6} {peak}", flush=True)
    return 0
