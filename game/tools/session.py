"""A long play session through the real loop, frame by frame: what ``python
-m game.tools.frames --long`` runs and reports.

A script plays as a reader would with the keys: on the overworld it walks
to the nearest site not yet entered (a click: the play scene walks it) and
enters; in a dungeon it fights what it sees (steps into it), picks up what
lies underfoot and fits in the pack, auto-explores for a while (``o``: the scene walks), then
takes the stairs down (``>``: walk to them, then down), and from the bottom
climbs back out (``<``).  Every command is a :class:`~game.rules.run.Game`
method, as a key press is, performed inside the frame; what to do next is
decided between frames, outside the timed work.  The hero cannot die: its
hit points are topped up between frames, so one run lasts the session.  The
play scene saves whenever something worth keeping changed, as in play.

Each frame is recorded (:class:`Frame`): its time (the app's own frame
time: events, update, draw, flip) and this thread's CPU time in it, the top
scene, what the script or the scene did (``attack``, ``explore``, ``walk``,
``build`` ...), the build in progress (its kind and generator stage), the
save made in it (ms), and the garbage collections inside it (generation,
ms, CPU ms: :mod:`gc`'s callbacks).  Saves go to memory, as the page's
``localStorage`` keeps them, unless asked for the native files.
:func:`summary` turns the frames into the figures the benchmarks page
quotes: the worst frame, the frames over 16 ms and what they were doing,
collections by generation.
"""

from __future__ import annotations

import asyncio
import gc
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from ..shell import app as app_module
from ..shell.app import scene_name
from ..shell.browser import Storage
from ..launch import make_app
from ..rules.creatures.pack import fits
from ..rules.state import LevelRequest
from ..shell.settings import parse_query
from .autoplay import _step_toward
from .drive import run_frames

__all__ = ["Frame", "GcWatch", "Session", "Played", "long_session", "summary", "OVER_MS", "TURNS_PER_LEVEL"]

#: A frame over this many milliseconds misses a 60 Hz display's refresh.
OVER_MS = 16.0
#: Turns the script spends on a level (fighting, exploring) before it takes the stairs.
TURNS_PER_LEVEL = 120
#: Frames the app gets to start the world at most (a bound: start-up fails loudly).
START_FRAMES = 2000


@dataclass
class Frame:
    """One frame of the session."""

    index: int
    ms: float
    scene: str
    action: str                    # what the script commanded, or what the scene did on its own
    build: str = ""                # "level caverns: automata", "location: sites", "install" ...
    save_ms: float = 0.0           # the save made in this frame (0: none)
    gc: tuple[tuple[int, float, float], ...] = ()   # (generation, ms, cpu ms) of the collections in the frame
    cpu_ms: float = 0.0            # this thread's CPU time in the frame (what other programs do not move)

    def describe(self) -> str:
        """One line: what the frame was doing."""
        parts = [f"frame {self.index}: {self.ms:.1f} ms (cpu {self.cpu_ms:.1f})", self.scene, self.action]
        if self.build:
            parts.append(self.build)
        if self.save_ms:
            parts.append(f"save {self.save_ms:.1f} ms")
        parts += [f"gc gen{g} {ms:.1f} ms (cpu {cpu:.1f})" for g, ms, cpu in self.gc]
        return ", ".join(parts)


class GcWatch:
    """The garbage collections while it is on (``gc.callbacks``): each as
    ``(generation, ms, cpu ms, frame)``, ``frame`` the index :attr:`frame`
    held when it ran (None: between frames, in the script).
    ``with GcWatch() as watch:``."""

    def __init__(self) -> None:
        self.frame: int | None = None
        self.collections: list[tuple[int, float, float, int | None]] = []
        self._start = self._cpu = 0.0

    def _callback(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._start, self._cpu = time.perf_counter(), time.thread_time()
        else:
            self.collections.append((info["generation"], (time.perf_counter() - self._start) * 1000.0,
                                     (time.thread_time() - self._cpu) * 1000.0, self.frame))

    def __enter__(self) -> "GcWatch":
        gc.callbacks.append(self._callback)
        return self

    def __exit__(self, *exc) -> None:
        gc.callbacks.remove(self._callback)


class _Commands:
    """The game as the script sees it: reads pass through, commands are
    recorded (name and arguments) to be performed inside the next frame."""

    COMMANDS = frozenset({"move", "wait", "pick_up", "enter_site", "travel_to", "explore", "stairs"})

    def __init__(self, game) -> None:
        self._game = game
        self.calls: list[tuple[str, tuple]] = []

    def __getattr__(self, name: str):
        if name in self.COMMANDS:
            return lambda *args: self.calls.append((name, args)) or True
        return getattr(self._game, name)


class Session:
    """The script's state over the session: the sites entered, the turn it
    came to the current level, whether it is climbing out, and how long the
    game has stood still (a command that did nothing: a full pack, a site
    with no way there)."""

    #: Decisions in a row that changed nothing before the script waits a turn instead.
    STALL = 3

    def __init__(self, game) -> None:
        self.game = game
        self.entered: set[tuple[int, int]] = set()   # (location, site)
        self.level_key = None
        self.level_turn = 0
        self.leaving = False
        self.state = None
        self.stalled = 0
        self.stuck_at = None

    def decide(self) -> tuple[str, list[tuple[str, tuple]]]:
        """What to do in the next frame: ``(label, commands)``; no commands
        while the scene walks or builds."""
        g = self.game
        if g.pending is not None or g.busy:
            return "build", []
        if g.path or g.exploring:
            return "walk", []
        state = (g.turn, g.pos, g.mode, g.depth, len(g.player.inventory))
        self.stalled = self.stalled + 1 if state == self.state else 0
        self.state = state
        if self.stalled >= self.STALL:
            self.stalled = 0
            self.stuck_at = (g.mode, g.depth, g.pos)   # nothing to pick up here, say (a full pack)
            return "wait", [("wait", ())]
        cmd = _Commands(g)
        label = self._dungeon(cmd) if g.mode == "dungeon" else self._overworld(cmd)
        return label, cmd.calls

    def _overworld(self, cmd: _Commands) -> str:
        g = self.game
        here = next((s for s in g.loc.sites if (s.x, s.y) == g.pos), None)
        if here is not None and (g.location, here.index) not in self.entered:
            self.entered.add((g.location, here.index))
            self.leaving = False
            cmd.enter_site()
            return "enter site"
        if self.stalled:   # no way to the nearest: count it as entered, try the next
            self.entered.add((g.location, min(g.loc.sites, key=lambda s: _steps(s, g.pos)).index))
        todo = [s for s in g.loc.sites if (g.location, s.index) not in self.entered]
        if not todo:
            self.entered = {(loc, i) for loc, i in self.entered if loc != g.location}
            todo = list(g.loc.sites)
        site = min(todo, key=lambda s: _steps(s, g.pos))
        cmd.travel_to(site.x, site.y)
        return "travel"

    def _dungeon(self, cmd: _Commands) -> str:
        g = self.game
        lv, (px, py) = g.level, g.pos
        if lv.key != self.level_key:
            self.level_key, self.level_turn = lv.key, g.turn
        seen = [m for m in lv.monsters if lv.visible[m.y, m.x]]
        if seen:
            m = min(seen, key=lambda m: max(abs(m.x - px), abs(m.y - py)))
            if max(abs(m.x - px), abs(m.y - py)) == 1:
                cmd.move(m.x - px, m.y - py)
                return "attack"
            goal = np.zeros_like(lv.walkable)
            goal[m.y, m.x] = True
            step = _step_toward(g, lv.walkable & lv.seen | goal, goal)
            if step is not None:
                cmd.move(*step)
                return "close in"
        if (g.mode, g.depth, g.pos) != self.stuck_at and any(
                it.x == px and it.y == py and fits(g.player.inventory, it.kind.id) for it in lv.items):
            cmd.pick_up()
            return "pick up"
        if g.turn - self.level_turn < TURNS_PER_LEVEL and not self.leaving:
            cmd.explore()
            return "explore"
        down = lv.down is not None and not self.leaving
        if down and not lv.seen[lv.down[1], lv.down[0]]:
            cmd.explore()
            return "explore"
        self.leaving |= lv.down is None
        cmd.stairs(down)
        return "stairs down" if down else "stairs up"


def _steps(site, pos: tuple[int, int]) -> int:
    return abs(site.x - pos[0]) + abs(site.y - pos[1])


def _start(size: str, world: str, seed: int, storage):
    """The app on the play scene of a new run, its first location built."""
    app = make_app(parse_query(f"world={world}&size={size}"), storage=storage, seed=seed)
    gc.collect()
    gc.freeze()  # as game.launch.main does before its loop
    for _ in range(START_FRAMES):
        g = getattr(app.top, "game", None)
        if g is not None and not g.busy and g.loc is not None:
            return app, g
        run_frames(app, 1)
    raise RuntimeError(f"the world did not start within {START_FRAMES} frames")


def _build_label(scene) -> str:
    """The build in progress in the play scene: what it makes and its generator
    stage (``"level caverns: automata"``), or ``install`` in the frame that puts it in place."""
    job, g = getattr(scene, "job", None), scene.game
    if g.pending is None:
        return ""
    kind = f"level {g.loc.sites[g.pending.site].style}" if isinstance(g.pending, LevelRequest) else "location"
    if job is not None and job.built:
        return f"{kind}: install"
    work = job.work if job is not None else None
    stage = ""
    if work is not None:
        stage = work.progress.stage if work.progress is not None else next(reversed(work.stages), "")
    return f"{kind}: {stage or 'start'}"


class Played(NamedTuple):
    """What :func:`long_session` played: every frame, and the collections
    that ran between frames (in the script, outside the timed work)."""

    frames: list[Frame]
    between: list[tuple[int, float, float]]    # (generation, ms, cpu ms)
    turns: int
    sites: int                          # sites entered


class MemoryStorage:
    """A store kept in memory, as ``localStorage`` is to the page (the
    browser writes it to disk later, off the frame): what the session
    saves to unless asked for the native files (:class:`game.shell.browser.Storage`,
    whose every write waits for the disk)."""

    def __init__(self) -> None:
        self.values: dict[str, str] = {}

    def get(self, key: str) -> str | None:
        return self.values.get(key)

    def set(self, key: str, value: str) -> bool:
        self.values[key] = value
        return True

    def holds(self, key: str) -> bool:
        return key in self.values

    def delete(self, key: str) -> None:
        self.values.pop(key, None)


def long_session(frames: int = 3000, size: str = "medium", world: str = "Longplay", seed: int = 1,
                 files: bool = False, on_frame: Callable[[Frame], None] | None = None) -> Played:
    """Play ``frames`` frames of the real loop (see the module doc), saving to
    memory as the page does (``files``: to the native files)."""
    app_module.FPS = 0  # no frame cap: the session is timed, not paced
    app, g = _start(size, world, seed, Storage(tempfile.mkdtemp()) if files else MemoryStorage())
    session, out = Session(g), []
    frame_once = app.frame_once

    def played_frame(script=None) -> None:
        """Decide (untimed), then the app's own frame with the commands performed in it."""
        index = len(out)
        seen = len(watch.collections)   # those before: between frames
        if g.player.hp < g.player.max_hp // 2:
            g.player.hp = g.player.max_hp
        choosing = scene_name(app.top) == "perks"   # a level gained: the choice opened by itself
        label, calls = ("choose a perk", []) if choosing else session.decide()
        build = _build_label(app.top)
        saved_ms = app.stats.save_ms   # the play scene times its saves (FrameStats.saved)

        def perform(_app) -> None:
            watch.frame = index
            if choosing:
                app.top.choose(0)   # the first offered, as a key press would
            for name, args in calls:
                getattr(g, name)(*args)

        cpu = time.thread_time()
        frame_once(perform)
        cpu = (time.thread_time() - cpu) * 1000.0
        watch.frame = None
        # Kept as a plain tuple of numbers and strings, which the collector stops
        # tracking: thousands of records would otherwise lengthen its passes.
        row = (index, app.stats.last_ms, scene_name(app.top) if app.top else "", label,
               build or _build_label(app.top), app.stats.save_ms - saved_ms,
               tuple(c[:3] for c in watch.collections[seen:] if c[3] == index), cpu)
        watch.collections[seen:] = [c for c in watch.collections[seen:] if c[3] is None]
        out.append(row)
        if on_frame is not None:
            on_frame(Frame(*row))
        if g.dead or getattr(app.top, "game", None) is not g:
            app.running = False   # the run ended (it cannot, but a bound is a bound)

    app.frame_once = played_frame
    with GcWatch() as watch:
        asyncio.run(app.run(frames=app.frame + frames))
    return Played([Frame(*row) for row in out], [c[:3] for c in watch.collections], g.turn, len(session.entered))


def summary(played: Played) -> dict:
    """The session's figures: frames, worst, over :data:`OVER_MS`, saves, collections
    (by generation, inside frames; ``gc_between``: between frames)."""
    frames = played.frames
    times = sorted(f.ms for f in frames)
    worst = max(frames, key=lambda f: f.ms)
    over = [f for f in frames if f.ms > OVER_MS]
    saves = [f.save_ms for f in frames if f.save_ms]
    return {
        "frames": len(frames), "worst_ms": round(worst.ms, 2), "worst": worst.describe(),
        "worst_cpu_ms": round(max(f.cpu_ms for f in frames), 2),
        "worst_cpu": [f.describe() for f in sorted(frames, key=lambda f: -f.cpu_ms)[:10]],
        "over_16ms_cpu": sum(1 for f in frames if f.cpu_ms > OVER_MS),
        "median_ms": round(statistics.median(times), 2), "p99_ms": round(times[int(0.99 * (len(times) - 1))], 2),
        "over_16ms": len(over), "over": [f.describe() for f in sorted(over, key=lambda f: -f.ms)],
        "actions": dict(Counter(f.action for f in frames).most_common()),
        "saves": len(saves), "save_median_ms": round(statistics.median(saves), 2) if saves else 0.0,
        "save_max_ms": round(max(saves), 2) if saves else 0.0,
        "gc": _by_generation(c for f in frames for c in f.gc),
        "gc_between": _by_generation(played.between), "turns": played.turns, "sites": played.sites,
    }


def _by_generation(collections) -> dict[int, dict]:
    """``{generation: {count, total_ms, max_ms, max_cpu_ms}}`` of ``(generation, ms, cpu ms)``."""
    by_gen: dict[int, list[tuple[float, float]]] = {}
    for gen, ms, cpu in collections:
        by_gen.setdefault(gen, []).append((ms, cpu))
    return {gen: {"count": len(t), "total_ms": round(sum(ms for ms, _ in t), 2),
                  "max_ms": round(max(ms for ms, _ in t), 2), "max_cpu_ms": round(max(cpu for _, cpu in t), 2)}
            for gen, t in sorted(by_gen.items())}
