"""Cutting big maps' work into short steps.

At 1000x1000 one whole-map numpy expression takes a few milliseconds; a stage
is dozens of them.  Helpers take a ``tick`` (None on small maps) and hand
control back with ``yield from pause(tick)`` between pieces of work, and run
the heaviest expressions over bands of rows (:func:`bands`), so no step holds
the game's frame for long.  On small maps there is one band and no pause.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..registry import Progress

__all__ = ["Tick", "BAND_CELLS", "pause", "bands"]

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
    step = max(1, BAND_CELLS // max(width, 1))
    return [(r0, min(height, r0 + step)) for r0 in range(0, height, step)]
