"""The demo's replay (Space): a run played picture by picture at a pace a reader can follow.

Each finished stage is held :data:`HOLD_FRAMES` (a second); the steps inside
a stage (growth loops, rooms, automaton iterations, the particle pile-up)
play in about :data:`STAGE_FRAMES`, each held at most
:data:`MOST_STEP_FRAMES`; a stage's first step with a note of its own (the
caverns' random fill) is held like a stage; a check (a debug view) is not
stopped at.  A mixin of :class:`~game.scenes.demo.DemoScene`.
"""

from __future__ import annotations

from typing import NamedTuple

from worldgen.core.registry import Stage
from worldgen.generators import captions

__all__ = ["HOLD_FRAMES", "STAGE_FRAMES", "MOST_STEP_FRAMES", "View", "DemoReplay"]

HOLD_FRAMES = 60  # a finished stage, and a stage's first step when it has a note of its own (the random fill)
STAGE_FRAMES = 120  # the steps inside one stage take about this long however many the generator makes
MOST_STEP_FRAMES = 12  # one step is held at most this long


class View(NamedTuple):
    """The picture on screen: ``label`` ("growth 24%"), the stage, the name of the
    stage it belongs to, and whether it is that stage's first step (its ``start`` note)."""

    label: str
    stage: Stage
    name: str
    start: bool = False


class DemoReplay:
    """Playing a run picture by picture (the scene's ``work``, ``view``, ``anim_*`` fields)."""

    def _advance(self, budget_ms: float | None) -> bool:
        """Play the replay on to its next picture, pulling items one at a time for
        at most ``budget_ms`` (None: until a picture comes); sets how long it is held.
        True when a new picture is on screen."""
        work = self.work
        clock = work.clock if work is not None else None
        start = clock() if clock else 0.0
        while work is not None and not work.done:
            count = len(work.stages)
            work.step(0)  # exactly one item
            if len(work.stages) > count and self._show_finished(*next(reversed(work.stages.items()))):
                return True
            if len(work.stages) == count and self._show_step(work.progress):
                return True
            if budget_ms is not None and (clock() - start) * 1000.0 >= budget_ms:
                self.anim_wait = 1
                return False
        self.animating = False
        return False

    def _show_finished(self, name: str, stage: Stage) -> bool:
        if captions.note(self.spec, name).check:
            return False  # a check is not a step: the replay ends on the map it checks
        self.view = View(name, stage, name)
        self.stage_index = self.spec.stages.index(name)
        self.anim_wait = HOLD_FRAMES
        return True

    def _show_step(self, progress) -> bool:
        """Show a step inside a stage when the stage has gone far enough since the last one shown
        (about :data:`STAGE_FRAMES` frames for the whole stage)."""
        if progress is None or progress.preview is None:
            return False
        first = progress.stage != self.anim_stage
        if not first and progress.done - self.anim_done < 2.0 / STAGE_FRAMES:
            return False
        gone = progress.done - (0.0 if first else self.anim_done)
        self.anim_stage, self.anim_done = progress.stage, progress.done
        start = first and bool(captions.note(self.spec, progress.stage).start)
        preview = progress.preview
        self.view = View(f"{progress.stage} {progress.done:.0%}", _copy(preview), progress.stage, start)
        self.stage_index = self.spec.stages.index(progress.stage)
        self.anim_wait = HOLD_FRAMES if start else max(2, min(MOST_STEP_FRAMES, round(gone * STAGE_FRAMES)))
        return True


def _copy(stage: Stage) -> Stage:
    return Stage(stage.name, stage.data.copy(), stage.kind, stage.vrange, dict(stage.points), stage.info)
