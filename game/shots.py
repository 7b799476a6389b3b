"""Screenshots of the game for the README: ``python -m game.shots [OUTDIR] [WORLD]``.

Runs the real app under SDL's dummy driver: the title with its preview, the
overworld, then one site of each dungeon style (caverns, mosaic, rooms),
explored a little by a scripted walk, saved as ``game-*.png`` in OUTDIR
(default ``docs/img``).  The player is made sturdy so the walk survives.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

from worldgen import grid  # noqa: E402

from . import app as app_module  # noqa: E402
from .browser import Storage  # noqa: E402
from .settings import parse_query  # noqa: E402


def _run(app, frames: int) -> None:
    asyncio.run(app.run(frames=app.frame + frames))


def _settle(app, g, max_frames: int = 2000) -> None:
    """Run frames until the map being built is in (bounded: a stuck build fails loudly)."""
    for _ in range(max_frames):
        if not g.busy:
            return
        _run(app, 1)
    raise RuntimeError(f"a map build did not finish within {max_frames} frames")


def _key(k: int, u: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=u))


def _explore(app, g, steps: int) -> None:
    """Walk to the nearest unexplored edge ``steps`` times, fighting what is adjacent."""
    lv = g.level
    g.player.base_attack = 40
    for _ in range(steps):
        for m in list(lv.monsters):
            if max(abs(m.x - g.pos[0]), abs(m.y - g.pos[1])) == 1:
                g.move(m.x - g.pos[0], m.y - g.pos[1])
        frontier = lv.walkable & lv.seen & (grid.neighbour_count(~lv.seen, 1) > 0)
        dist = grid.distance_map(lv.walkable, [(g.pos[1], g.pos[0])], 8)
        cand = frontier & (dist > 0)
        if not cand.any():
            for _ in range(3):
                g.wait()
            continue
        flat = int(np.argmin(np.where(cand, dist, 1 << 30)))
        y, x = divmod(flat, dist.shape[1])
        g.travel_to(x, y)
        for _ in range(200):
            g.path_seen = {m.index for m in lv.monsters}
            g.player.hp = g.player.max_hp
            if not g.path:
                break
            _run(app, 1)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = argv[0] if argv else "docs/img"
    world = argv[1] if len(argv) > 1 else "Avalon"
    os.makedirs(out, exist_ok=True)
    app_module.FPS = 0
    app = app_module.App(parse_query(""), storage=Storage(tempfile.mkdtemp()), seed=11)
    app.push(app_module.first_scene(app))
    title = app.top
    title.name = world
    title._name_changed()
    title.preview_wait = 0
    for _ in range(200):
        _run(app, 1)
        if title.preview_surface is not None:
            break
    _run(app, 2)
    pygame.image.save(app.screen, f"{out}/game-title.png")
    _key(pygame.K_RETURN, "\r")
    _run(app, 3)
    g = app.top.game
    _settle(app, g)
    site = sorted(g.loc.sites, key=lambda s: abs(s.x - g.pos[0]) + abs(s.y - g.pos[1]))[1]
    g.travel_to(site.x, site.y)
    _run(app, 12)
    g.cleared.setdefault(0, set()).update({3, 7})
    g.version += 1
    _run(app, 2)
    pygame.image.save(app.screen, f"{out}/game-overworld.png")
    g.player.hp = g.player.max_hp = 400
    for style in ("caverns", "mosaic", "rooms"):
        if g.mode != "overworld":
            g.leave_site()
        s = next(s for s in g.loc.sites if s.style == style)
        g.pos = (s.x, s.y)
        g.version += 1
        _key(pygame.K_RETURN, "\r")
        _run(app, 2)
        _settle(app, g)
        _explore(app, g, 40)
        g.player.inventory = ["potion", "dagger", "iron_ore", "iron_ore"]
        g.player.base_attack = 3
        g.player.max_hp, g.player.hp = 30, 23
        g.version += 1
        _run(app, 2)
        pygame.image.save(app.screen, f"{out}/game-{style}.png")
    print(f"wrote {out}/game-{{title,overworld,caverns,mosaic,rooms}}.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
