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

__all__ = ["Work", "BuildJob", "settle"]


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


class BuildJob:
    """The map a run asked for (``game.pending``), from its first step to its
    install, shared by the play screen (a few ms a frame), :func:`settle`
    (at once) and the replays they drive.

    :meth:`step` drains the build for at most its budget; the call after
    the last step installs it (``game.install_build``), so a frame never
    holds both.  Any error, in the generator or in the install, fails the
    build: the run is put back where it was (``game.build_failed``) and
    :attr:`error` says why; :attr:`recovered` is False when there is
    nowhere to go back to (the first location could not be built).
    """

    def __init__(self, game: Any, budget_ms: float = 8.0) -> None:
        self.game = game
        self.request = game.pending
        self.budget_ms = budget_ms
        self.work: Work | None = None
        self.built = False  # every step drained: the install comes next
        self.done = False
        self.error: BaseException | None = None
        self.recovered = True

    def step(self, budget_ms: float | None = None) -> bool:
        """One frame's share of the work; True once installed or failed."""
        if self.done:
            return True
        try:
            if self.work is None:
                self.work = Work(self.game.build_iterator(), self.game.build_stage_names(), self.budget_ms)
            if self.built:
                if self.work.error is not None:
                    raise self.work.error
                self.game.install_build(self.work.stages, self.work.result)
                self.done = True
            else:
                self.built = self.work.step(budget_ms)
        except Exception as exc:  # noqa: BLE001 - a map the game cannot build or use: put the run back
            self.error, self.done = exc, True
            self.recovered = self.game.build_failed(self.request)
        return self.done

    @property
    def fraction(self) -> float:
        return self.work.fraction if self.work is not None else 0.0

    def finish(self) -> "BuildJob":
        """Run to the end now (headless)."""
        for _ in range(3):  # the drain (an unbounded budget), then the install
            if self.step(float("inf")):
                break
        return self


def settle(game: Any, limit: int = 8) -> None:
    """Build whatever map ``game`` (a :class:`game.rules.run.Game`) asked for,
    now, and install it (a failed build puts the run back, as the play screen
    does; a loaded save asks for its location, then its level).  For
    headless play: tests, the balance harness, replay checks."""
    for _ in range(limit):
        if game.pending is None:
            return
        if BuildJob(game).finish().error is not None:
            return
