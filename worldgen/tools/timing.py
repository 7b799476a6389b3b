"""Timing a stage iterator: every gap between two items, the longest named.

A generator's run is drained item by item; the gap before each item is the
work done to produce it, what one frame of the game or the demo may have to
wait for (a *step*).  The longest step is named by where it ended: its
stage, and when that stage yields several items (Progress events, then its
Stage), which of them (``"final 3/7"``: the gap before the third of the
stage's seven items, the last being the Stage itself).

Two clocks: ``wall`` (``time.perf_counter``, what a frame sees) and ``cpu``
(``time.thread_time``, this thread's time on the CPU: other programs on a
loaded machine move it far less, so it serves to compare code, not frames).

>>> def run():
...     yield Progress("a", 0.5)
...     yield Stage("a", np.zeros((1, 1), np.uint8))
...     yield Stage("b", np.zeros((1, 1), np.uint8))
>>> drained = drain_timed(run())
>>> drained.where in ("a 1/2", "a 2/2", "b"), drained.last.name
(True, 'b')
"""

from __future__ import annotations

import time
import tracemalloc
from collections import Counter
from collections.abc import Callable, Iterable
from typing import NamedTuple

import numpy as np  # noqa: F401  (the doctest's)

from worldgen.core.registry import Progress, Stage

__all__ = ["CLOCKS", "Drained", "drain_timed", "drain_total", "stage_of", "peak_mib"]

#: The clocks a run may be timed with (seconds): what a frame waits, or this thread's CPU time.
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.thread_time}


class Drained(NamedTuple):
    """What :func:`drain_timed` measured of one run."""

    total_ms: float
    step_ms: float   # the longest gap between two items
    stage: str       # the stage of the item that ended that gap
    last: object     # the last item (the final Stage of a whole run)
    where: str = ""  # the stage, and which of its items ended the gap when it has several ("final 3/7")


def stage_of(item: object) -> str:
    """The stage an item belongs to: a Stage's name, a Progress event's
    stage, else the item's type in lower case (a world's ``location``)."""
    if isinstance(item, Stage):
        return item.name
    if isinstance(item, Progress):
        return item.stage
    return type(item).__name__.lower()


def drain_timed(iterator: Iterable, clock: Callable[[], float] = time.perf_counter) -> Drained:
    """Drain a stage iterator, timing every gap between two items with ``clock`` (seconds).

    The gap before each item is the work done to produce it; the longest
    one is named by its item's stage and that item's place among the stage's
    items (only the stage names are kept, not the items).
    """
    longest, at, item = 0.0, -1, None
    stages: list[str] = []
    start = last = clock()
    for item in iterator:
        now = clock()
        if now - last > longest:
            longest, at = now - last, len(stages)
        stages.append(stage_of(item))
        last = now
    end = clock()
    if at < 0:
        return Drained((end - start) * 1000.0, 0.0, "", item, "")
    stage = stages[at]
    count = Counter(stages)[stage]
    where = stage if count == 1 else f"{stage} {stages[:at + 1].count(stage)}/{count}"
    return Drained((end - start) * 1000.0, longest * 1000.0, stage, item, where)


def drain_total(iterator: Iterable, clock: Callable[[], float] = time.perf_counter) -> tuple[float, object]:
    """Drain a stage iterator between two reads of ``clock``: the whole run's
    milliseconds (every item still yielded, none timed apart) and the last item.

    What a whole map costs, without the meter's own cost: :func:`drain_timed`
    reads the clock at every item, which on a run of a hundred small items
    (rooms at 79x29) adds a few percent.

    >>> reads = iter([1.0, 1.25])
    >>> drain_total(iter("abc"), lambda: next(reads))
    (250.0, 'c')
    """
    item = None
    start = clock()
    for item in iterator:
        pass
    return (clock() - start) * 1000.0, item


def peak_mib(work: Callable[[], object]) -> float:
    """The peak of memory ``work()`` held (MiB, :mod:`tracemalloc`: numpy
    reports its buffers to it), measured from what was held before."""
    tracemalloc.start()
    try:
        work()
        return round(tracemalloc.get_traced_memory()[1] / 2**20, 2)
    finally:
        tracemalloc.stop()

