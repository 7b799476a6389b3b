"""Driving the real app loop from tests: scripted events, frame by frame.

Shared by the demo, gallery and game tests.  ``run`` posts ``events`` (a map
from frame offset to events) at the start of those frames, then awaits the
loop exactly as ``main.py`` does.
"""

from __future__ import annotations

import asyncio
import os

import pygame

from game import launch
from game.shell.app import App
from game.shell.browser import Storage
from game.shell.settings import parse_query


def make_app(query: str, where: Storage | str | os.PathLike) -> App:
    """An app started as the URL ``query`` asks, saving to ``where``."""
    storage = where if isinstance(where, Storage) else Storage(where)
    return launch.make_app(parse_query(query), storage=storage, seed=1)


def key(k: int, u: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=u, scancode=0)


def text(t: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=t)


def click(pos: tuple[int, int] = (480, 270)) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)


def run(app: App, frames: int, events: dict | None = None, script=None) -> None:
    """Run ``frames`` frames; ``events`` maps a frame offset (0 = the first of
    these frames) to events posted at its start; ``script(app)`` runs first
    in every frame."""
    start = app.frame
    events = events or {}

    def each(a: App) -> None:
        if script is not None:
            script(a)
        for event in events.get(a.frame - start, ()):
            pygame.event.post(event)

    asyncio.run(app.run(frames=start + frames, script=each))


def run_until(app: App, condition, limit: int = 4000) -> bool:
    """Run frame by frame until ``condition()`` holds (at most ``limit`` frames).

    A frame's share of a build is a few milliseconds of the wall clock
    (``WORK_BUDGET_MS``), so on a busy machine a build takes more frames (a
    small world then its first level: 24 and 51 frames with six processes on
    two cores); the bound leaves room for a far busier one, and a condition
    met returns at once."""
    for _ in range(limit):
        if condition():
            return True
        run(app, 1)
    return condition()


def press(app: App, *events: pygame.event.Event, frames: int = 2) -> None:
    """Post ``events`` together in one frame, then run ``frames`` frames."""
    run(app, frames, {0: list(events)})
