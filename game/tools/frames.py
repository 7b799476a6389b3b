"""The worst frame while maps are built: ``python -m game.tools.frames [SIZE ...] [--world NAME]``.

A developer tool: not shipped in the web build.  Runs the real app under
SDL's dummy driver as ``main.py`` does (the garbage collector's start-up
objects frozen, no frame cap), starts a world, enters one site of each
dungeon style (caverns, mosaic, rooms) and takes the stairs down every level,
each level built over frames behind the progress bar.  Prints, per dungeon
size and style, the longest frame (ms) and the levels built.  The benchmarks'
"Frames in the game" figure (docs/BENCHMARKS.md) comes from here; a frame holds the work budget
(``game.app.WORK_BUDGET_MS``) or one generator step, plus drawing.
"""

from __future__ import annotations

import argparse
import gc
import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from .. import app as app_module  # noqa: E402
from ..browser import Storage  # noqa: E402
from ..launch import make_app  # noqa: E402
from ..settings import SIZE_NAMES, parse_query  # noqa: E402
from .drive import press, run_frames, settle  # noqa: E402

STYLES = ("caverns", "mosaic", "rooms")
#: Levels taken per site at most (a site has at most this many: a bound, not a goal).
MAX_LEVELS = 12


def worst_frames(size: str, world: str = "Avalon") -> dict[str, tuple[float, int]]:
    """``{style: (worst frame ms, levels built)}`` for one dungeon size."""
    app_module.FPS = 0
    app = make_app(parse_query(f"world={world}&size={size}"), storage=Storage(tempfile.mkdtemp()), seed=1)
    gc.collect()
    gc.freeze()  # as game.launch.main does before its loop
    for _ in range(2000):
        g = getattr(app.top, "game", None)
        if g is not None and not g.busy and g.loc is not None:
            break
        run_frames(app, 1)
    else:
        raise RuntimeError("the world did not start within 2000 frames")
    worst = {}
    for style in STYLES:
        if g.mode != "overworld":
            g.leave_site()
            run_frames(app, 2)
        site = next(s for s in g.loc.sites if s.style == style)
        g.stop_walk()
        g.pos = (site.x, site.y)
        g.version += 1
        app.stats.worst_ms = 0.0
        press(pygame.K_RETURN, "\r")
        run_frames(app, 1)
        levels = 0
        for _ in range(MAX_LEVELS):
            settle(app, g)
            levels += 1
            if g.level.down is None:  # the bottom
                break
            g.pos = g.level.down
            g.version += 1
            press(pygame.K_PERIOD, ">")
            run_frames(app, 2)
        worst[style] = (round(app.stats.worst_ms, 1), levels)
    return worst


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.frames", description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", choices=SIZE_NAMES, help="dungeon sizes (default: all)")
    parser.add_argument("--world", default="Avalon", help="the world's name (its seed)")
    args = parser.parse_args(argv)
    for size in args.sizes or SIZE_NAMES:
        found = worst_frames(size, args.world)
        print(f"{size}: " + ", ".join(f"{style} {ms} ms over {n} levels" for style, (ms, n) in found.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
