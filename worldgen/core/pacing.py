"""The stage helper: how a generator's long work reports progress, shows a
live preview and stays in short steps on big maps.

A generator is a Python generator; between the pieces of a long stage it
yields :class:`~worldgen.core.registry.Progress` events, so the game, the
demo and the CLI can draw a frame or a bar and carry on.  At 1000x1000 one
whole-map numpy expression takes a few milliseconds and a stage is dozens of
them, so on big maps whole-map steps are split into bands of rows and
separated by events; on small maps a band is the whole map and a pause is
nothing (an event costs more than the work it would split).

:class:`Pace` holds that for one stage: its name, whether the map is big, the
live preview its events show; ``yield from pace.pause(done)`` between pieces,
``pace.bands(h, w)`` to cut a pass into rows, ``yield from pace.relay(steps,
done)`` to run a stepped toolkit function (one that yields, then returns its
result) with this stage's events, ``pace.tick(done)`` for toolkit functions
that take a ``tick``.  The functions below are the same at the level of one
``tick`` (a callable making the event, None on small maps), as the mosaic's
units take it.

>>> pace = Pace(big=True).at("mask")
>>> [(e.stage, e.done) for e in pace.pause(0.5)], pace.bands(5, 1 << 16)
([('mask', 0.5)], [(0, 2), (2, 4), (4, 5)])
>>> small = Pace(big=False).at("mask")
>>> list(small.pause(0.5)), small.bands(5, 1 << 16), small.tick(0.5), pace.tick(0.5)().done
([], [(0, 5)], None, 0.5)
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from worldgen.core.registry import Progress, Stage

__all__ = ["Pace", "Tick", "BAND_CELLS", "pause", "bands", "row_bands", "banded", "random_below"]

Tick = Callable[[], Progress] | None

#: Cells per band of rows on big maps (about a millisecond of numpy per pass).
BAND_CELLS = 1 << 17


def pause(tick: Tick) -> Iterator[Progress]:
    """``yield from pause(tick)``: one Progress on big maps, nothing on small ones."""
    if tick is not None:
        yield tick()


def bands(height: int, width: int, tick: Tick) -> list[tuple[int, int]]:
    """Row ranges ``(r0, r1)`` covering the map: one when ``tick`` is None.

    >>> bands(5, 1 << 16, lambda: None)
    [(0, 2), (2, 4), (4, 5)]
    """
    if tick is None:
        return [(0, height)]
    return row_bands(height, width)


def row_bands(height: int, width: int, cells: int | None = None) -> list[tuple[int, int]]:
    """The bands of rows of :func:`bands` on big maps, whatever the map's
    size: for work whose result may depend on the bands (random draws in
    pieces), so small and big maps are cut the same way.  A band holds about
    ``cells`` cells (default :data:`BAND_CELLS`), at least one row.

    >>> row_bands(3, 1 << 16), row_bands(3, 10, cells=20)
    ([(0, 2), (2, 3)], [(0, 2), (2, 3)])
    """
    step = max(1, (BAND_CELLS if cells is None else cells) // max(width, 1))
    return [(r0, min(height, r0 + step)) for r0 in range(0, height, step)]


def banded(rows: Callable[[int, int], np.ndarray], height: int, width: int, halo: int,
           tick: Tick) -> Iterator[Progress]:
    """``out = yield from banded(rows, h, w, halo, tick)``: a whole-map result
    built band by band, pausing after each.

    ``rows(lo, hi)`` computes the result for map rows ``lo:hi``; each band is
    computed with ``halo`` extra rows each side (clipped to the map) and only
    its own rows are kept, so for any rule that reads at most ``halo`` rows
    away the result is the same as ``rows(0, height)`` (tests check it).

    >>> list(banded(lambda lo, hi: np.arange(lo, hi), 5, 1 << 16, 0, None))
    []
    >>> gen = banded(lambda lo, hi: np.arange(lo, hi), 5, 1 << 16, 0, lambda: "tick")
    >>> list(gen) == ["tick"] * 3
    True
    """
    out = None
    for r0, r1 in bands(height, width, tick):
        lo, hi = max(r0 - halo, 0), min(r1 + halo, height)
        part = rows(lo, hi)[r0 - lo:r1 - lo]
        if out is None:
            out = np.empty((height,) + part.shape[1:], dtype=part.dtype)
        out[r0:r1] = part
        yield from pause(tick)
    return out


def random_below(rng: np.random.Generator, shape: tuple[int, int], fraction: float,
                 tick: Tick) -> Iterator[Progress]:
    """``m = yield from random_below(rng, shape, fraction, tick)``:
    ``rng.random(shape) < fraction`` drawn a band of rows at a time, pausing
    after each: the same mask as one call, since the generator fills an
    array in row-major order (a test checks it).

    >>> a, b = np.random.default_rng(4), np.random.default_rng(4)
    >>> whole = a.random((6, 1 << 16)) < 0.3
    >>> gen = random_below(b, (6, 1 << 16), 0.3, lambda: "tick")
    >>> ticks = [next(gen) for _ in range(3)]
    >>> try:
    ...     next(gen)
    ... except StopIteration as done:
    ...     bool((done.value == whole).all()) and a.random() == b.random()
    True
    """
    h, w = shape
    out = np.empty((h, w), dtype=bool)
    for r0, r1 in bands(h, w, tick):
        out[r0:r1] = rng.random((r1 - r0, w)) < fraction
        yield from pause(tick)
    return out


@dataclass(frozen=True)
class Pace:
    """One stage's pacing: its events' ``stage`` name and ``preview`` (a live
    view of the map being made, valid until the generator is advanced), and
    whether the map is ``big`` enough to split whole-map steps.

    Made once per run (``Pace(big=width * height > SOME_CELLS)``), then
    :meth:`at` each stage.
    """

    big: bool = False
    stage: str = ""
    preview: Stage | None = None

    def at(self, stage: str, preview: Stage | None = None) -> Pace:
        """The pace of ``stage``, whose events show ``preview``."""
        return Pace(self.big, stage, preview)

    def event(self, done: float = 0.0) -> Progress:
        """This stage's Progress event, ``done`` (0..1) far."""
        return Progress(self.stage, done, self.preview)

    def pause(self, done: float = 0.0) -> Iterator[Progress]:
        """``yield from pace.pause(done)``: one event on a big map, none on a small one."""
        if self.big:
            yield Progress(self.stage, done, self.preview)

    def tick(self, done: float = 0.0) -> Tick:
        """For toolkit functions that take a ``tick``: one making this stage's
        event on a big map, None (no events) on a small one."""
        return (lambda: Progress(self.stage, done, self.preview)) if self.big else None

    def bands(self, height: int, width: int, cells: int | None = None) -> list[tuple[int, int]]:
        """Row ranges ``(r0, r1)`` covering the map: bands of about ``cells``
        cells on a big map (:func:`row_bands`), the whole map on a small one."""
        return row_bands(height, width, cells) if self.big else [(0, height)]

    def relay(self, steps: Generator, done: Callable[[Any], float]) -> Generator[Progress, None, Any]:
        """``result = yield from pace.relay(steps, done)``: run a stepped
        computation (a generator that yields, then returns its result),
        yielding this stage's event ``done(what it yielded)`` far for each of
        its yields; returns its result.

        >>> def count():
        ...     yield 1
        ...     yield 2
        ...     return "counted"
        >>> relayed = Pace().at("walk").relay(count(), lambda n: n / 2)
        >>> [e.done for e in relayed]
        [0.5, 1.0]
        """
        while True:
            try:
                item = next(steps)
            except StopIteration as finished:
                return finished.value
            yield Progress(self.stage, done(item), self.preview)
