"""The compare view: two maps side by side, so a reader sees what a knob does.

"compare" in the panel (or V, or a link's ``vs.`` keys) keeps the map on
screen as the left one and makes the right one follow the knobs: change one
parameter and the two differ by it; roll the seed and they are the same
parameters on two seeds.  Both are the same size and show the same stage;
each is labelled with what sets it apart from the other (``water 0.60`` /
``water 0.45``, or the seeds).  A click makes a new map on both sides (a
new seed for each that has its own).  Leaving keeps the right map, the one
the knobs set.  A link says it with ``vs.p.NAME=VALUE`` and ``vs.seed=TEXT``
for the right map (``vs=1``: the two alike), so it opens the same pair.

A :class:`Side` is one map: its seed and parameters, its :class:`Work`
(the frame's work budget is shared by both sides), the stage on screen and
its fitted picture.
"""

from __future__ import annotations

from typing import Any

import pygame

from worldgen.core import registry
from worldgen.core.registry import GeneratorSpec, Stage
from worldgen.generators import captions

from ..shell.work import Work
from ..view import ui
from ..view.demo_view import MIN_TEXT
from ..view.knobs import knobs
from ..view.render import fitted_stage_surface

__all__ = ["Side", "differences", "split", "map_part"]

GAP = 8
LABEL = 26  # a side's label line


class Side:
    def __init__(self, spec: GeneratorSpec, seed: str, params: Any, size: tuple[int, int], budget_ms: float) -> None:
        self.spec, self.seed, self.params, self.size = spec, seed, params, size
        self.work = Work(registry.run(spec.name, seed, size[0], size[1], params), spec.stages, budget_ms)
        self._key: object = None
        self._picture: tuple[pygame.Surface, pygame.Rect] | None = None
        self.shown: Stage | None = None

    def update(self, stage: str, budget_ms: float) -> None:
        if not self.work.done:
            self.work.step(budget_ms)
        if stage in self.work.stages:
            self.shown = self.work.stages[stage]

    def draw(self, surface: pygame.Surface, area: pygame.Rect, stage: str, label: str) -> None:
        """The map under its label in ``area`` (the label's line at the top)."""
        ui.text(surface, ui.fit(label, area.width - 8, MIN_TEXT), (area.x + 4, area.y + 1), MIN_TEXT, ui.ACCENT)
        area = map_part(area)
        if self.shown is not None:
            key = (id(self.shown), area.size, area.topleft)
            if key != self._key:
                stages = self.work.stages
                finished = stages.get(stage) is self.shown
                before = captions.before(self.spec, stages, stage) if finished else None
                self._picture = fitted_stage_surface(self.shown, area, before,
                                                     captions.changes_of(self.spec, stage) if finished else ())
                self._key = key
            surface.blit(*self._picture)
        if not self.work.done:
            bar = pygame.Rect(0, 0, min(300, area.width - 40), 14)
            bar.center = area.center
            ui.progress_bar(surface, bar, self.work.fraction)


def map_part(area: pygame.Rect) -> pygame.Rect:
    """Where a side's map goes in its ``area``: under its label's line."""
    return pygame.Rect(area.x, area.y + LABEL, area.width, area.height - LABEL)


def differences(spec: GeneratorSpec, a: tuple[str, Any], b: tuple[str, Any]) -> tuple[str, str]:
    """What sets two ``(seed, params)`` apart, as each side's label: ``("water 0.60", "water 0.45")``,
    the seeds when they differ, ``("as it was", "the same")`` when nothing does."""
    shown = {k.param: k for k in knobs(spec) if k.param}
    left, right = [], []
    if a[0] != b[0]:
        left.append(f"seed {a[0][:16]}")
        right.append(f"seed {b[0][:16]}")
    for name, knob in shown.items():
        va, vb = getattr(a[1], name), getattr(b[1], name)
        if va != vb:
            left.append(f"{name} {knob.show(va)}")
            right.append(f"{name} {knob.show(vb)}")
    if not left:
        return "as it was", "the same: change a knob"
    return ", ".join(left), ", ".join(right)


def split(area: pygame.Rect, map_size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
    """The two maps' areas in ``area``: side by side, or one above the other when that draws them larger."""
    w, h = map_size
    beside = (pygame.Rect(area.x, area.y, (area.width - GAP) // 2, area.height),
              pygame.Rect(area.x + (area.width + GAP) // 2, area.y, (area.width - GAP) // 2, area.height))
    stacked = (pygame.Rect(area.x, area.y, area.width, (area.height - GAP) // 2),
               pygame.Rect(area.x, area.y + (area.height + GAP) // 2, area.width, (area.height - GAP) // 2))

    def scale(rect: pygame.Rect) -> float:
        return min(rect.width / w, (rect.height - LABEL) / h)

    return beside if scale(beside[0]) >= scale(stacked[0]) else stacked
