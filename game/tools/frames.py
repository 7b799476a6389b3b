"""The worst frame while maps are built: ``python -m game.tools.frames [SIZE ...] [--world NAME]``.

A developer tool: not shipped in the web build.  Runs the real app under
SDL's dummy driver as ``main.py`` does (the garbage collector's start-up
objects frozen, no frame cap), starts a world, enters one site of each
dungeon style (caverns, mosaic, rooms) and takes the stairs down every level,
each level built over frames behind the progress bar.  Prints, per dungeon
size and style, the longest frame (ms) and the levels built.  The benchmarks'
"Frames in the game" figure (docs/BENCHMARKS.md) comes from here; a frame holds the work budget
(``game.shell.app.WORK_BUDGET_MS``) or one generator step, plus drawing.

``--long`` plays a long session instead (:mod:`game.tools.session`:
thousands of frames of travel, fights, sites entered and left, saves) and
prints the worst frame, every frame over 16 ms and what it was doing, the
saves' times and the garbage collections by generation, each frame timed
on the wall clock and on this thread's CPU time (what other programs on a
loaded machine do not move)::

    python -m game.tools.frames --long --frames 20000 --size medium
"""

from __future__ import annotations

import argparse
import gc
import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from ..shell import app as app_module  # noqa: E402
from ..shell.browser import Storage  # noqa: E402
from ..launch import make_app  # noqa: E402
from ..shell.settings import SIZE_NAMES, parse_query  # noqa: E402
from . import session  # noqa: E402
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


#: Most frames ``--long`` plays (about half an hour natively).
MAX_LONG_FRAMES = 1_000_000


def print_long(report: dict, over_shown: int = 40) -> None:
    """The long session's report (:func:`game.tools.session.summary`) as lines."""
    print(f"{report['frames']} frames, {report['turns']} turns, {report['sites']} sites entered; "
          f"median {report['median_ms']} ms, 99th percentile {report['p99_ms']} ms")
    print(f"worst frame: {report['worst']}")
    print(f"worst frame on the CPU clock: {report['worst_cpu_ms']} ms; over 16 ms: {report['over_16ms']} "
          f"(on the CPU clock: {report['over_16ms_cpu']})")
    print(f"saves: {report['saves']}, median {report['save_median_ms']} ms, longest {report['save_max_ms']} ms")
    for where in ("gc", "gc_between"):
        label = "collections in frames" if where == "gc" else "collections between frames (the script's)"
        rows = report[where]
        print(f"{label}: " + ("; ".join(f"gen{gen} {r['count']}x, {r['total_ms']} ms in all, longest {r['max_ms']} ms "
                                         f"(cpu {r['max_cpu_ms']})" for gen, r in rows.items()) or "none"))
    print("what the frames did: " + ", ".join(f"{name} {n}" for name, n in report["actions"].items()))
    for line in report["worst_cpu"]:
        print(f"  worst on the CPU clock: {line}")
    for line in report["over"][:over_shown]:
        print(f"  over 16 ms: {line}")
    if len(report["over"]) > over_shown:
        print(f"  ... and {len(report['over']) - over_shown} more")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.frames", description=__doc__.splitlines()[0])
    # The choices are checked below: Python 3.11's argparse refuses an empty list against them.
    parser.add_argument("sizes", nargs="*", metavar="size", help=f"dungeon sizes: {', '.join(SIZE_NAMES)} (default: all)")
    parser.add_argument("--world", default="Avalon", help="the world's name (its seed)")
    parser.add_argument("--long", action="store_true", help="play a long session (see above)")
    parser.add_argument("--frames", type=int, default=10_000, help="frames of the long session")
    parser.add_argument("--files", action="store_true",
                        help="the long session saves to files as the native game does (default: in memory, "
                             "as the page's localStorage)")
    args = parser.parse_args(argv)
    for size in args.sizes:
        if size not in SIZE_NAMES:
            parser.error(f"argument size: invalid choice: {size!r} (choose from {', '.join(map(repr, SIZE_NAMES))})")
    if args.long:
        if not 1 <= args.frames <= MAX_LONG_FRAMES:
            parser.error(f"--frames must be 1..{MAX_LONG_FRAMES}")
        if len(args.sizes) > 1:
            parser.error("--long plays one dungeon size")
        played = session.long_session(args.frames, (args.sizes or ["medium"])[0], args.world, files=args.files)
        print_long(session.summary(played))
        return 0
    for size in args.sizes or SIZE_NAMES:
        found = worst_frames(size, args.world)
        print(f"{size}: " + ", ".join(f"{style} {ms} ms over {n} levels" for style, (ms, n) in found.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
