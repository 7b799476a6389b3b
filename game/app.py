"""The application: one window, one clock, one async loop, a stack of scenes.

Scenes follow a documented lifecycle (after Tuxemon): ``enter`` when they
become active, ``exit`` when removed, ``handle_event`` returns True when it
consumed the event (otherwise it passes down the stack), ``update(dt)`` advances
state, ``draw(surface)`` only draws.  Only the top scene is updated; scenes
are drawn from the highest opaque one upwards.

The loop awaits ``asyncio.sleep(0)`` once per frame, which is what lets the
browser breathe under pygbag.  Tests drive the very same loop with a
``script`` callback that posts events and inspects state frame by frame.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import numpy as np
import pygame
import pygame.surfarray  # noqa: F401  (pygbag needs the explicit import)

from . import browser
from .settings import Settings

__all__ = ["App", "Scene", "FrameStats", "main", "WINDOW_SIZE"]

WINDOW_SIZE = (960, 540)
FPS = 60
WORK_BUDGET_MS = 8.0  # per frame, for generation spread over frames


class Scene:
    """Base class: override what you need."""

    opaque = True  # False: the scene below is drawn first (dialogs)

    def __init__(self, app: "App") -> None:
        self.app = app

    def enter(self) -> None: ...

    def exit(self) -> None: ...

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...


class FrameStats:
    """Per-frame work time (event handling + update + draw + flip), in ms."""

    def __init__(self) -> None:
        self.count = 0
        self.worst_ms = 0.0
        self.last_ms = 0.0
        self.total_ms = 0.0
        self.worst_frame = -1

    def add(self, ms: float) -> None:
        self.count += 1
        self.last_ms = ms
        self.total_ms += ms
        if ms > self.worst_ms:
            self.worst_ms, self.worst_frame = ms, self.count

    def reset(self) -> None:
        self.__init__()


class App:
    def __init__(self, settings: Settings | None = None, *, storage: browser.Storage | None = None,
                 seed: int | None = None, size: tuple[int, int] = WINDOW_SIZE) -> None:
        pygame.init()
        pygame.display.set_caption("Deepisle")
        self.screen = pygame.display.set_mode(size)
        self.size = size
        self.clock = pygame.time.Clock()
        self.settings = settings or Settings()
        self.storage = storage or browser.Storage()
        # Only for rolling fresh seeds in the UI; every map comes from its seed text.
        self.ui_rng = np.random.default_rng(time.time_ns() if seed is None else seed)
        self.scenes: list[Scene] = []
        self.running = True
        self.frame = 0
        self.stats = FrameStats()
        self._announced = False

    # -- scene stack -------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        self.scenes.append(scene)
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if not self.scenes:
            self.running = False
        return scene

    def replace(self, scene: Scene) -> Scene:
        if self.scenes:
            self.scenes.pop().exit()
        return self.push(scene)

    def roll_seed(self) -> str:
        """A fresh, short, readable seed text for 'new map'."""
        letters = "abcdefghijkmnpqrstuvwxyz23456789"
        return "".join(letters[i] for i in self.ui_rng.integers(0, len(letters), 6))

    # -- the loop -------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        for scene in reversed(self.scenes):
            if scene.handle_event(event):
                return
            if scene.opaque:
                return

    def draw(self) -> None:
        first = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                first = i
                break
        for scene in self.scenes[first:]:
            scene.draw(self.screen)

    def frame_once(self, script: Callable[["App"], None] | None = None) -> None:
        dt = self.clock.tick(FPS) / 1000.0
        start = time.perf_counter()
        if script is not None:
            script(self)
        for event in pygame.event.get():
            self.dispatch(event)
        if self.top is not None:
            self.top.update(dt)
        self.screen.fill((0, 0, 0))
        self.draw()
        pygame.display.flip()
        self.stats.add((time.perf_counter() - start) * 1000.0)
        self.frame += 1
        if not self._announced:
            browser.ready()
            self._announced = True

    async def run(self, frames: int | None = None, script: Callable[["App"], None] | None = None) -> None:
        """Run until quit (or for ``frames`` frames); awaits every frame."""
        while self.running and (frames is None or self.frame < frames) and self.scenes:
            self.frame_once(script)
            await asyncio.sleep(0)


def first_scene(app: App) -> Scene:
    """The scene the settings ask for (``mode=play|demo|gallery``)."""
    mode = app.settings.mode
    if mode == "demo":
        from .demo import DemoScene

        return DemoScene.from_settings(app, app.settings)
    if mode == "gallery":
        from .gallery import GalleryScene

        return GalleryScene(app)
    from .title import TitleScene

    return TitleScene(app)


async def main(argv: list[str] | None = None) -> None:
    """The entry point ``main.py`` runs, in the page and natively."""
    import sys

    from .settings import parse_argv, parse_query

    if browser.IS_BROWSER:
        settings = parse_query(browser.query_string())
    else:
        settings = parse_argv(sys.argv[1:] if argv is None else argv)
    app = App(settings)
    app.push(first_scene(app))
    await app.run()
    pygame.quit()
