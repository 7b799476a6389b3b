"""The application: one window, one clock, one async loop, a stack of scenes.

Scenes follow a documented lifecycle (after Tuxemon): ``enter`` when they
become active, ``exit`` when removed, ``handle_event`` returns True when it
consumed the event (otherwise it passes down the stack), ``update(dt)`` advances
state, ``draw(surface)`` only draws.  Only the top scene is updated; scenes
are drawn from the highest opaque one upwards.

Touch is the same natively, in the page and in tests: SDL finger events
(positions normalized to 0..1) go to scenes that set ``handles_touch``;
every other scene gets them as the left mouse button, and SDL's own mouse
copies of touches are dropped.  ``touch_input`` says whether the last input
was a finger (a key or a real mouse clears it): a scene then prompts with
buttons rather than keys.

Scenes never import each other: the app is given a table of scene
factories by name (``game.scenes.SCENES``, by :func:`game.launch.main`), and
a scene asks for another through it (``app.open("help")``,
``app.switch("title", messages=...)``).  The app imports no scene.

An event that changes the scene stack is the last one its frame delivers:
the rest of that frame's events were meant for the scene that was on top
when they were fetched, so they are dropped (a quit request excepted), and
the text a key press types (SDL sends ``TEXTINPUT`` after its ``KEYDOWN``,
in the same frame or the next) never reaches the scene that key opened.
Pressing Q in the pause menu therefore cannot type "q" into the title's
name field.

The loop awaits ``asyncio.sleep(0)`` once per frame, which is what lets the
browser breathe under pygbag.  Tests drive the very same loop with a
``script`` callback that posts events and inspects state frame by frame.

In the page the app also says what it is doing (``window.deepisle.python``,
:class:`game.shell.browser.PageState`): after each frame, its time and
:meth:`App.page_report`, the scenes' own :meth:`Scene.report` merged.
Natively there is no page state and the loop does not build a report.
"""

from __future__ import annotations

import asyncio
import gc
import re
import sys
import time
import weakref
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager

import numpy as np
import pygame
import pygame.surfarray  # noqa: F401  (pygbag needs the explicit import)

from worldgen.core import seeding

from . import browser
from .audio import Audio
from .controls import INPUT_EVENTS
from .settings import Settings

__all__ = ["App", "Scene", "SceneFactory", "FrameStats", "WINDOW_SIZE", "WORK_BUDGET_MS", "finger_pos",
           "scene_name", "versions", "collector_paused"]

WINDOW_SIZE = (960, 540)
FPS = 60
WORK_BUDGET_MS = 8.0  # per frame, for generation spread over frames


class Scene:
    """Base class: override what you need."""

    opaque = True  # False: the scene below is drawn first (dialogs)
    handles_touch = False  # True: gets SDL finger events; else a finger is a left mouse button

    def __init__(self, app: "App") -> None:
        self.app = app

    def enter(self) -> None: ...

    def exit(self) -> None: ...

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def report(self) -> dict:
        """What this scene shows, for the page's state (JSON values; see :meth:`App.page_report`)."""
        return {}


def scene_name(scene: Scene) -> str:
    """The name a scene class is registered under by convention.

    >>> class WorldMapScene(Scene): ...
    >>> scene_name(WorldMapScene.__new__(WorldMapScene))
    'world_map'
    """
    return re.sub(r"(?<!^)(?=[A-Z])", "_", type(scene).__name__.removesuffix("Scene")).lower()


def versions() -> dict[str, str]:
    """The interpreter's and the packages' versions, as the page reports them."""
    return {"python": ".".join(map(str, sys.version_info[:3])), "numpy": np.__version__,
            "pygame-ce": pygame.version.ver}


@contextmanager
def collector_paused() -> Iterator[None]:
    """Run a block with the cyclic garbage collector off (as it was after).

    For work that builds a large tree of short-lived objects and drops it
    (a save: the run as JSON, read back to check it): their reference
    counts free them, but a collection triggered midway walks the whole
    tree and moves it to the older generations, which makes the next full
    collection walk it again (up to 35 ms of CPU in a long session's save).

    >>> with collector_paused():
    ...     gc.isenabled()
    False
    """
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


_MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
_FINGER_EVENTS = (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION)


def finger_pos(event: pygame.event.Event, size: tuple[int, int]) -> tuple[int, int]:
    """A finger event's position in window pixels (SDL gives 0..1 across the window)."""
    return (min(size[0] - 1, max(0, int(event.x * size[0]))), min(size[1] - 1, max(0, int(event.y * size[1]))))


def _as_mouse(event: pygame.event.Event, size: tuple[int, int]) -> pygame.event.Event:
    """A finger event as the left mouse button a scene without touch handling understands."""
    pos = finger_pos(event, size)
    if event.type == pygame.FINGERMOTION:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(int(event.dx * size[0]), int(event.dy * size[1])),
                                  buttons=(1, 0, 0), touch=True)
    kind = pygame.MOUSEBUTTONDOWN if event.type == pygame.FINGERDOWN else pygame.MOUSEBUTTONUP
    return pygame.event.Event(kind, pos=pos, button=1, touch=True)


#: Makes a scene: ``factory(app, *args, **kwargs)``.
SceneFactory = Callable[..., Scene]


class FrameStats:
    """Per-frame work time (event handling + update + draw + flip), in ms, and
    the time spent saving (a tool reads ``save_ms`` before and after a frame
    to see what that frame's saves took)."""

    def __init__(self) -> None:
        self.count = 0
        self.worst_ms = 0.0
        self.last_ms = 0.0
        self.total_ms = 0.0
        self.worst_frame = -1
        self.saves = 0
        self.save_ms = 0.0

    def saved(self, ms: float) -> None:
        """A save took ``ms`` (counted, not kept one by one: a long game makes many)."""
        self.saves += 1
        self.save_ms += ms

    def add(self, ms: float) -> None:
        self.count += 1
        self.last_ms = ms
        self.total_ms += ms
        if ms > self.worst_ms:
            self.worst_ms, self.worst_frame = ms, self.count

    def reset(self) -> None:
        self.__init__()


class App:
    def __init__(self, settings: Settings | None = None, *, scenes: Mapping[str, SceneFactory] | None = None,
                 storage: browser.Storage | None = None, seed: int | None = None,
                 size: tuple[int, int] = WINDOW_SIZE) -> None:
        pygame.init()
        pygame.display.set_caption("Deepisle")
        self.screen = pygame.display.set_mode(size)
        self.size = size
        self.clock = pygame.time.Clock()
        self.settings = settings or Settings()
        self.storage = storage or browser.Storage()
        # Only for rolling fresh seeds in the UI; every map comes from its seed text.
        self.ui_rng = np.random.default_rng(time.time_ns() if seed is None else seed)
        self.factories: dict[str, SceneFactory] = dict(scenes or {})
        self.audio = Audio()  # silent until the reader's first input
        self.scenes: list[Scene] = []
        self.running = True
        self.touch_input = False  # the last input was a finger (screens then offer buttons before keys)
        self.frame = 0
        self.stats = FrameStats()
        self._announced = False
        self._text_of_closed = -1  # the frame up to which a TEXTINPUT belongs to a scene that closed
        self.page = browser.page_state()  # None natively: then no report is made
        self._told: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # toasts -> messages already told
        if self.page is not None:
            self.page.start(versions())

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

    def make(self, name: str, *args, **kwargs) -> Scene:
        """A new scene from the factory registered as ``name``."""
        try:
            factory = self.factories[name]
        except KeyError:
            raise KeyError(f"no scene named {name!r} (known: {', '.join(sorted(self.factories))})") from None
        return factory(self, *args, **kwargs)

    def open(self, name: str, *args, **kwargs) -> Scene:
        """Push the scene named ``name`` over the current one."""
        return self.push(self.make(name, *args, **kwargs))

    def switch(self, name: str, *args, **kwargs) -> Scene:
        """Replace the current scene with the one named ``name``."""
        return self.replace(self.make(name, *args, **kwargs))

    def roll_seed(self) -> str:
        """A fresh, short, readable seed text for 'new map': the library's roll
        (``worldgen.core.seeding.roll_seed``), drawn from the interface's generator."""
        return seeding.roll_seed(self.ui_rng)

    # -- the loop -------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in INPUT_EVENTS and not self.audio.unlocked:
            self.audio.unlock()
        if event.type in _MOUSE_EVENTS and getattr(event, "touch", False):
            return  # SDL's mouse copy of a touch: the app makes its own (below), the same natively and in tests
        if event.type in _FINGER_EVENTS:
            self.touch_input = True
        elif event.type in (pygame.KEYDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.touch_input = False
        for scene in reversed(self.scenes):
            if event.type in _FINGER_EVENTS and not scene.handles_touch:
                offered = _as_mouse(event, self.size)
            else:
                offered = event
            if scene.handle_event(offered):
                return
            if scene.opaque:
                return

    def dispatch_frame(self, events: list[pygame.event.Event]) -> None:
        """Offer one frame's events; stop at the first that changes the top scene."""
        top = self.top
        for event in events:
            if event.type != pygame.QUIT and self.top is not top:
                continue  # fetched for a scene that is no longer on top
            if event.type == pygame.TEXTINPUT and self.frame <= self._text_of_closed:
                self._text_of_closed = -1
                continue  # typed by the key that changed the scene
            if event.type == pygame.KEYDOWN:
                self._text_of_closed = -1
            self.dispatch(event)
            if event.type == pygame.KEYDOWN and self.top is not top:
                self._text_of_closed = self.frame + 1

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
        self.dispatch_frame(pygame.event.get())
        if self.top is not None:
            self.top.update(dt)
        self.screen.fill((0, 0, 0))
        self.draw()
        pygame.display.flip()
        ms = (time.perf_counter() - start) * 1000.0
        self.stats.add(ms)
        self.frame += 1
        if self.page is not None:
            self.page.frame(ms, self.page_report(), self.new_messages())
        if not self._announced:
            browser.ready()
            self._announced = True

    # -- what the page is told ------------------------------------------------
    def page_report(self) -> dict:
        """The scene stack's state: ``{"scene": top, "stack": [...], **reports}``,
        each scene's :meth:`Scene.report` merged from the bottom up (the
        play scene's turn stays in view under its menu)."""
        report: dict = {"scene": scene_name(self.top) if self.scenes else None,
                        "stack": [scene_name(s) for s in self.scenes]}
        for scene in self.scenes:
            report.update(scene.report())
        return report

    def new_messages(self) -> list[str]:
        """Messages the top scene's toasts showed since the last call (each once)."""
        toasts = getattr(self.top, "toasts", None)
        added = getattr(toasts, "added", None)
        if added is None:
            return []
        new = added - self._told.get(toasts, 0)
        self._told[toasts] = added
        said = getattr(toasts, "said", None) or [item[0] for item in toasts.items]
        return said[-new:] if new > 0 else []

    async def run(self, frames: int | None = None, script: Callable[["App"], None] | None = None) -> None:
        """Run until quit (or for ``frames`` frames); awaits every frame."""
        while self.running and (frames is None or self.frame < frames) and self.scenes:
            self.frame_once(script)
            await asyncio.sleep(0)
