"""Driving the real app from developer tools: frames, keys, waiting for a build."""

from __future__ import annotations

import asyncio

import pygame

__all__ = ["run_frames", "settle", "press", "title_with_preview"]


def run_frames(app, frames: int, script=None) -> None:
    """Run ``frames`` frames of the real loop (awaiting every frame, as in the
    page); ``script(app)`` runs at the start of each, inside its timing."""
    asyncio.run(app.run(frames=app.frame + frames, script=script))


def settle(app, g, max_frames: int = 2000) -> None:
    """Run frames until the map being built is in (bounded: a stuck build fails loudly)."""
    for _ in range(max_frames):
        if not g.busy:
            return
        run_frames(app, 1)
    raise RuntimeError(f"a map build did not finish within {max_frames} frames")


def press(k: int, u: str = "") -> None:
    """Post a key press for the next frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=u))


def title_with_preview(app, world: str, max_frames: int = 200):
    """The title scene of ``app`` with ``world`` typed in and its preview drawn
    (bounded by ``max_frames``); returns the scene."""
    title = app.top
    title.name = world
    title._name_changed()
    title.preview_wait = 0
    for _ in range(max_frames):
        run_frames(app, 1)
        if title.preview_surface is not None:
            break
    return title
