"""Long work spread over frames (Hauberk's loading-screen pattern).

A :class:`Work` wraps a generator's stage iterator and drains it for at most
``budget_ms`` per call of :meth:`step`, so a frame never freezes the page.
It stops early when the next step, guessed to cost what the last one did,
would end past the budget: a frame then holds at most the budget or one
step, never the budget plus a long step (8 + 12 ms in the largest caverns).
It keeps the stages produced so far, the latest progress, and the CPU time
spent, which is what the demo reports as "generation ms".
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from worldgen.core.registry import Progress, Stage

__all__ = ["Work", "settle"]


class Work:
    def __init__(self, iterator: Iterator[Any], stage_names: tuple[str, ...] = (),
                 budget_ms: float = 8.0) -> None:
        self.iterator = iterator
        self.stage_names = stage_names
        self.budget_ms = budget_ms
        self.stages: dict[str, Stage] = {}
        self.progress: Progress | None = None
        self.result: Any = None  # the last non-stage, non-progress item (e.g. a Location)
        self.done = False
        self.error: BaseException | None = None
        self.cpu_ms = 0.0
        self.items = 0
        self.clock = time.perf_counter  # seconds (tests give a scripted clock)

    def step(self, budget_ms: float | None = None) -> bool:
        """Advance until the budget is spent or the work ends; True when done."""
        if self.done:
            return True
        budget = (self.budget_ms if budget_ms is None else budget_ms) / 1000.0
        clock = self.clock
        start = last = clock()
        try:
            while True:
                item = next(self.iterator)
                self.items += 1
                if isinstance(item, Stage):
                    self.stages[item.name] = item
                    self.progress = None
                elif isinstance(item, Progress):
                    self.progress = item
                else:
                    self.result = item
                now = clock()
                if 2 * now - last - start >= budget:  # spent + the last step's cost again
                    break
                last = now
        except StopIteration:
            self.done = True
        except Exception as exc:  # noqa: BLE001 - shown to the player, never kills the loop
            self.error = exc
            self.done = True
        self.cpu_ms += (clock() - start) * 1000.0
        return self.done

    def drain(self) -> "Work":
        """Run to the end now (tests, native tools)."""
        while not self.step(1e9):
            pass
        return self

    @property
    def fraction(self) -> float:
        """Overall progress 0..1 from stages done and progress inside the current one."""
        if self.done:
            return 1.0
        total = len(self.stage_names) or 1
        inside = self.progress.done if self.progress is not None else 0.0
        return min(1.0, (len(self.stages) + max(0.0, min(1.0, inside))) / total)


def settle(game: Any, limit: int = 8) -> None:
    """Build whatever map ``game`` (a :class:`game.rules.run.Game`) asked for,
    now, and install it (a failed build puts the run back, as the play screen
    does).  For headless play: tests, the balance harness, replay checks."""
    for _ in range(limit):
        if game.pending is None:
            return
        work = Work(game.build_iterator()).drain()
        if work.error is not None:
            game.build_failed(game.pending)
            return
        game.install_build(work.stages, work.result)
