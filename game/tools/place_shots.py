"""Screenshots of the terrain and the vaults for docs/PLACES.md:
``python -m game.tools.place_shots [OUTDIR] [WORLD]``.

A developer tool: not shipped in the web build.

Runs the real app under SDL's dummy driver, starts a run, enters a site,
then puts the player on levels built by the real generators with the
terrain and vaults asked for (each from a fixed seed, the first that holds
what the picture shows): deep water, a chasm and its bridge, a meadow on
fire, a cloud drifting through a door, doors, and each vault design.  The
log's last lines say what the picture shows.  Saved as ``game-place-*.png``
in OUTDIR (default ``docs/img``).
"""

from __future__ import annotations

import os
import sys
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

from worldgen.core.registry import generate  # noqa: E402
from worldgen.core.tiles import T  # noqa: E402
from worldgen.toolkit.vaults import DESIGNS  # noqa: E402

from ..shell import app as app_module  # noqa: E402
from ..shell.browser import Storage  # noqa: E402
from ..launch import make_app  # noqa: E402
from ..rules.world import hazards  # noqa: E402
from ..rules.content import DUNGEONS, TERRAIN_RULES, VAULTS  # noqa: E402
from ..rules.world.level import Level, LevelKey  # noqa: E402
from ..shell.settings import parse_query  # noqa: E402
from .drive import press as _key  # noqa: E402
from .drive import run_frames as _run  # noqa: E402
from .drive import settle as _settle  # noqa: E402
from .drive import title_with_preview  # noqa: E402

SEEDS = 60  # seeds tried for a level that holds what a picture shows
DRESSED = {"lakes": 1.5, "chasms": 1.5, "meadows": 1.5, "vaults": 8.0}


def _level(style: str, seed: str, params: dict) -> Level:
    stage = generate(style, seed, 64, 40, params).stages["final"]
    return Level(LevelKey(0, 0, 2), stage, style=style, terrain=int(T.grass), seed=len(seed) * 7919 + 11,
                 tier=2, size=DUNGEONS["medium"], last=False)


def _put(app, g, level: Level, pos: tuple[int, int], lines: list[str]) -> None:
    """Stand the player on ``level`` at ``pos``, the whole level remembered (as if mapped)."""
    g.levels[g.depth] = level
    g.level, g.pos = level, pos
    level.seen[...] = True
    level.update_view(*pos)
    g.log.clear()
    for line in lines:
        g.say(line)
    g.version += 1
    _run(app, 3)


def _near(level: Level, cells: np.ndarray, reach: int = 3) -> tuple[int, int] | None:
    """A plain floor cell within ``reach`` of the first of ``cells`` (``[y, x]`` rows)."""
    for y0, x0 in cells.tolist():
        for r in range(1, reach + 1):
            for y in range(y0 - r, y0 + r + 1):
                for x in range(x0 - r, x0 + r + 1):
                    if level.inside(x, y) and level.tiles[y, x] == T.floor and level.monster_at(x, y) is None:
                        return (x, y)
    return None


def _widest_view(level: Level, x0: int, y0: int, reach: int = 4) -> tuple[int, int]:
    """The floor cell within ``reach`` of ``(x0, y0)`` that sees most of the level."""
    best, seen = (x0, y0), -1
    for y in range(y0 - reach, y0 + reach + 1):
        for x in range(x0 - reach, x0 + reach + 1):
            if level.inside(x, y) and level.tiles[y, x] == T.floor and level.monster_at(x, y) is None:
                level.update_view(x, y)
                n = int(level.visible.sum())
                if n > seen:
                    best, seen = (x, y), n
    return best


def _terrain_pictures(app, g, out: str) -> list[str]:
    made = []
    scenes = (("water", T.deep_water, "caverns", {"lakes": 3.0}),
              ("chasm", T.bridge, "caverns", {"chasms": 3.0}),
              ("fire", T.brush, "rooms", {"meadows": 4.0}),
              ("gas", T.door, "rooms", {}),
              ("doors", T.door, "caverns", {"doors": 6.0}))
    for name, tile, style, params in scenes:
        for k in range(SEEDS):
            level = _level(style, f"{name}-{k}", params)
            cells = np.argwhere(level.tiles == tile)
            cells = np.concatenate([cells[len(cells) // 2:], cells[:len(cells) // 2]])  # from the middle one
            spot = _near(level, cells)
            if spot is not None:
                break
        else:
            continue
        rule = TERRAIN_RULES[int(tile)]
        lines = [f"{rule.name[:1].upper() + rule.name[1:]}: {rule.note}."]
        if name == "water":  # the player swims
            y, x = cells[len(cells) // 2]
            spot = (int(x), int(y))
            lines.append("You swim (you cannot fight in deep water).")
        if name == "fire":  # the meadow alight, a few turns on
            _put(app, g, level, spot, [])
            y, x = cells[0]
            hazards.ignite(level, int(x), int(y))
            for _ in range(6):
                g.wait()
            g.player.statuses.clear()
            lines = ["Brush burns fast and fire spreads to the grass beside it; it burns out to ash."]
        if name == "gas":  # a door opened on a cloud, seen from the room it drifts into
            y, x = (int(v) for v in cells[0])
            hazards.set_tile(level, x, y, T.open_door)
            level.refresh()
            spot = _widest_view(level, x, y)
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    if level.transparent[y + dy, x + dx]:
                        hazards.release(level, "poison", x + dx, y + dy, 1000)
            for _ in range(8):
                hazards.drift(level)
            level.refresh()
            lines = ["A cloud of poison drifts through the open door and fades; a shut door stops it."]
        g.player.hp = g.player.max_hp
        _put(app, g, level, spot, lines)
        path = f"{out}/game-place-{name}.png"
        pygame.image.save(app.screen, path)
        made.append(path)
    return made


def _vault_pictures(app, g, out: str) -> list[str]:
    made = []
    for design in DESIGNS:
        for k in range(SEEDS):
            level = _level(("rooms", "caverns")[k % 2], f"vault-{design}-{k}", DRESSED)
            vault = next((v for v in level.vaults if v["design"] == design), None)
            if vault is not None:
                break
        else:
            continue
        x, y, w, h = vault["box"]
        level.seen[max(0, y - 2):y + h + 2, max(0, x - 2):x + w + 2] = True
        dx, dy = vault["door"]
        if design == "locked":  # outside its door: the room behind remembered
            outside = next((c for c in ((dx, dy + 1), (dx, dy - 1), (dx + 1, dy), (dx - 1, dy))
                            if level.walkable[c[1], c[0]] and not (x <= c[0] < x + w and y <= c[1] < y + h)))
            spot = outside
        else:  # inside, by its door (opened)
            if level.tiles[dy, dx] == T.door:
                hazards.set_tile(level, dx, dy, T.open_door)
                level.refresh()
            spot = next(((cx, cy) for cy in range(y, y + h) for cx in range(x, x + w)
                         if level.walkable[cy, cx] and level.tiles[cy, cx] in (T.vault_floor, T.shallow_water)
                         and abs(cx - dx) + abs(cy - dy) == 1 and level.monster_at(cx, cy) is None), (dx, dy))
        info = VAULTS[design]
        _put(app, g, level, spot, [f"{info.title[:1].upper() + info.title[1:]}: {info.rule}."])
        path = f"{out}/game-place-vault-{design}.png"
        pygame.image.save(app.screen, path)
        made.append(path)
    return made


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = argv[0] if argv else "docs/img"
    world = argv[1] if len(argv) > 1 else "Avalon"
    os.makedirs(out, exist_ok=True)
    app_module.FPS = 0
    app = make_app(parse_query(""), storage=Storage(tempfile.mkdtemp()), seed=11)
    title_with_preview(app, world)
    _key(pygame.K_RETURN, "\r")
    _run(app, 3)
    g = app.top.game
    _settle(app, g)
    site = g.loc.sites[0]
    g.pos = (site.x, site.y)
    _key(pygame.K_RETURN, "\r")
    _run(app, 2)
    _settle(app, g)
    g.player.hp = g.player.max_hp = 30  # as a new hero
    made = _terrain_pictures(app, g, out) + _vault_pictures(app, g, out)
    print("wrote " + " ".join(made))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
