"""game.shell.work: long work spread over frames, within a budget per frame (a scripted clock)."""

import numpy as np

from worldgen.core.registry import Progress, Stage

from game.shell.work import Work


class Clock:
    """Seconds that pass only when the work says so."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def costly(clock: Clock, costs_ms: list[float]):
    """A stage iterator whose steps cost ``costs_ms`` each, then one stage."""
    for i, ms in enumerate(costs_ms):
        clock.now += ms / 1000.0
        yield Progress("work", i / len(costs_ms))
    yield Stage("work", np.zeros((1, 1), np.uint8))


def items_per_frame(costs_ms: list[float], budget_ms: float = 8.0) -> list[int]:
    clock = Clock()
    work = Work(costly(clock, costs_ms), ("work",), budget_ms)
    work.clock = clock
    counts = []
    for _ in range(len(costs_ms) + 2):
        before = work.items
        if work.step():
            counts.append(work.items - before)
            break
        counts.append(work.items - before)
    assert work.done and work.error is None and "work" in work.stages
    return counts


def test_small_steps_fill_the_budget():
    # 1 ms steps: a frame runs 7 (7 ms spent, and the next 1 ms would reach 8).
    assert items_per_frame([1.0] * 20) == [7, 7, 7]


def test_a_step_that_would_overrun_the_budget_waits_for_the_next_frame():
    # After a 5 ms step, another 5 ms one would end at 10 ms: the frame stops at 5
    # (before, frames ran to 10 ms: the budget and then a whole step more).
    assert items_per_frame([5.0] * 4) == [1, 1, 1, 1, 1]


def test_every_frame_makes_progress_even_when_one_step_exceeds_the_budget():
    assert items_per_frame([20.0, 0.5, 0.5]) == [1, 3]
