"""Running a stepped computation to its end.

Long work in this library is a generator: it yields progress between pieces
and *returns* its result (``result = yield from work(...)`` inside another
generator).  Outside one, these run it through.

>>> def work():
...     yield 0.5
...     return "done"
>>> finish(work())
'done'
>>> finish_with_events(work())
('done', [0.5])
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

__all__ = ["finish", "finish_with_events"]


def finish(steps: Generator) -> Any:
    """Run ``steps`` to its end, dropping what it yields; its return value."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def finish_with_events(steps: Generator) -> tuple[Any, list]:
    """Run ``steps`` to its end: ``(return value, everything it yielded)``."""
    events = []
    while True:
        try:
            events.append(next(steps))
        except StopIteration as done:
            return done.value, events
