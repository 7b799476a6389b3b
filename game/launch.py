"""Starting the game: settings decide the first scene; the app gets the
scene table.  ``main.py`` runs :func:`main` in the page and natively; the
installed ``deepisle`` command runs :func:`run`, the same thing."""

from __future__ import annotations

import asyncio
import gc
import sys

import pygame

import worldgen.generators  # noqa: F401  (every generator imported before the loop starts: see main)

from .shell import browser
from .shell.app import App, Scene
from .shell.browser import Storage
from .scenes import SCENES
from .shell.settings import HelpRequested, Settings, UsageError, parse_argv, parse_query

__all__ = ["main", "run", "make_app", "first_scene", "start_settings", "native_settings"]


def first_scene(app: App) -> Scene:
    """The scene the settings ask for (``mode=play|demo|gallery``)."""
    settings = app.settings
    if settings.mode == "demo":
        return app.make("demo", settings.generator, settings.seed, settings.stage, settings.width,
                        settings.height, settings.params, settings.ui, messages=settings.messages,
                        panel=settings.panel, compare=settings.compare)
    if settings.mode == "gallery":
        return app.make("gallery")
    return app.make("title")


def make_app(settings: Settings, *, storage: Storage | None = None, seed: int | None = None) -> App:
    """An app with every scene registered, showing the first scene."""
    app = App(settings, scenes=SCENES, storage=storage, seed=seed)
    app.push(first_scene(app))
    return app


def start_settings(argv: list[str] | None = None) -> Settings:
    """In the page the URL's query (``location.search``), natively the command line."""
    if browser.in_page():
        return parse_query(browser.query_string())
    return native_settings(sys.argv[1:] if argv is None else argv)


def native_settings(argv: list[str]) -> Settings:
    """The settings a native command line asks for.  ``--help`` prints the
    usage and exits 0; a bad argument prints one line on stderr and exits 2
    (as ``python -m worldgen`` does), before any window opens."""
    try:
        return parse_argv(argv)
    except HelpRequested as usage:
        print(usage, end="")
        raise SystemExit(0) from None
    except UsageError as exc:
        print(f"deepisle: error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None


async def main(argv: list[str] | None = None, replay: str | None = None) -> None:
    """The entry point ``main.py`` runs, in the page and natively.

    Every generator module is imported with this one, while the page still
    shows its loader: imported on first use instead (the registry's lazy
    import), compiling them held the title's first preview frame 80-130 ms
    natively, several times that in the browser.  ``replay`` is a recording's
    text to show first (``python -m game.replay FILE``).

    An exception that stops the game is told to the page with its traceback
    (:func:`game.shell.browser.report_error`), then raised as before.
    """
    try:
        app = make_app(start_settings(argv) if replay is None else Settings(replay=replay))
        # What start-up made (tables, sprite caches, the cave library) lives for the
        # whole run: frozen, the collector no longer walks it, and its full passes,
        # 10-18 ms that could land inside a frame, become short.
        gc.collect()
        gc.freeze()
        await app.run()
    except Exception as exc:
        browser.report_error(exc)  # the page shows it (natively: nothing; the traceback prints)
        raise
    pygame.quit()


def run() -> None:
    """The ``deepisle`` command: what ``python main.py`` does (its options: ``deepisle --help``)."""
    asyncio.run(main())
