"""Screenshots of the creatures and of growth for docs/MONSTERS.md, made by
``python -m game.tools.shots`` after its own (a run of their own, so the
other pictures do not change when these do).

A new adept's pack (a background's start), a shackled captive looked at, the
captive freed and fighting a kobold beside the player, new monsters looked at, and
the perk choice at a level gained; saved as ``game-{start,captive,ally,
monsters,perks}.png``.  The monsters are put where the pictures need them on
a real level; the player is made sturdy so nothing dies by chance.
"""

from __future__ import annotations

import tempfile

import pygame

from ..shell import app as app_module
from ..shell.browser import Storage
from ..launch import make_app
from ..shell.settings import parse_query
from .drive import press as _key
from .drive import run_frames as _run
from .drive import settle as _settle

__all__ = ["creature_shots", "NAMES"]

NAMES = ("start", "captive", "ally", "monsters", "perks")


def _start(out: str, world: str):
    """The title with the adept chosen, started: the app, the run and its first level."""
    app_module.FPS = 0
    app = make_app(parse_query(""), storage=Storage(tempfile.mkdtemp()), seed=23)
    title = app.top
    title.name = world
    title._name_changed()
    _key(pygame.K_DOWN)
    _key(pygame.K_DOWN)  # fighter, hunter, adept
    _run(app, 2)
    _key(pygame.K_RETURN, "\r")
    _run(app, 3)
    g = app.top.game
    _settle(app, g)
    _key(pygame.K_i, "i")
    _run(app, 3)
    pygame.image.save(app.screen, f"{out}/game-start.png")
    _key(pygame.K_ESCAPE)
    _run(app, 1)
    site = next(s for s in g.loc.sites if s.style == "rooms")
    g.pos = (site.x, site.y)
    g.touch()
    _key(pygame.K_RETURN, "\r")
    _run(app, 2)
    _settle(app, g)
    return app, g


def _room(g, need: int) -> list[tuple[int, int]]:
    """Open floor cells in view around the player, nearest first (for staging)."""
    lv, (px, py) = g.level, g.pos
    cells = [(x, y) for y in range(py - 5, py + 6) for x in range(px - 7, px + 8)
             if lv.inside(x, y) and lv.walkable[y, x] and lv.visible[y, x] and (x, y) != (px, py)
             and lv.monster_at(x, y) is None]
    cells.sort(key=lambda c: (max(abs(c[0] - px), abs(c[1] - py)), c[1], c[0]))
    return cells[:need]


def _open_room(g) -> None:
    """Stand where the most floor is in view (a room, not a corridor)."""
    lv = g.level
    best = max((c for c in zip(*lv.walkable.nonzero())), key=lambda c: int(lv.walkable[
        max(0, c[0] - 3):c[0] + 4, max(0, c[1] - 4):c[1] + 5].sum()))
    lv.monsters = [m for m in lv.monsters if max(abs(m.x - best[1]), abs(m.y - best[0])) > 8]
    g.pos = (int(best[1]), int(best[0]))
    lv.update_view(*g.pos)


def _put(g, kind_id: str, cell, **state):
    from ..rules.content import MONSTER_BY_ID, monster_stats
    from ..rules.creatures.entities import Monster
    kind = MONSTER_BY_ID[kind_id]
    hp, atk, dfn = monster_stats(kind, g.level.tier)
    m = Monster(g.level.new_index(), kind, x=cell[0], y=cell[1], hp=hp, max_hp=hp, attack=atk, defence=dfn,
                **state)
    g.level.monsters.append(m)
    return m


def _look_at(app, g, cell, name: str, out: str) -> None:
    _key(pygame.K_x, "x")
    _run(app, 2)
    app.top.cursor = cell
    _run(app, 2)
    pygame.image.save(app.screen, f"{out}/game-{name}.png")
    _key(pygame.K_ESCAPE)
    _run(app, 1)


def creature_shots(out: str, world: str = "Avalon") -> None:
    """Write the pictures of :data:`NAMES` into ``out``."""
    app, g = _start(out, world)
    p = g.player
    p.hp = p.max_hp = 42  # a new fighter's
    _open_room(g)
    near = _room(g, 12)
    captive = _put(g, "orc", near[1], captive=True)
    g.touch()
    _run(app, 2)
    _look_at(app, g, captive.pos, "captive", out)
    # walk into it (from beside it) and fight a goblin together
    beside = next(c for c in _room(g, 30) if max(abs(c[0] - captive.x), abs(c[1] - captive.y)) == 1)
    g.pos = beside
    g.level.update_view(*g.pos)
    g.move(captive.x - g.pos[0], captive.y - g.pos[1])
    spots = [c for c in _room(g, 30) if max(abs(c[0] - captive.x), abs(c[1] - captive.y)) == 1]
    foe = _put(g, "kobold", spots[0], awake=True)
    foe.hp = foe.max_hp = 60
    for _ in range(3):
        g.wait()
    g.touch()
    _run(app, 2)
    pygame.image.save(app.screen, f"{out}/game-ally.png")
    # new monsters: a conjurer among its imps, an acid jelly, a vampire bat
    g.level.monsters = [m for m in g.level.monsters if m.ally]
    cells = _room(g, 14)[3:]
    conjurer = _put(g, "conjurer", cells[4], awake=True)
    for kind, cell in (("imp", cells[5]), ("imp", cells[6]), ("jelly", cells[1]), ("vampire_bat", cells[9])):
        _put(g, kind, cell, awake=True)
    g.touch()
    _run(app, 2)
    _look_at(app, g, conjurer.pos, "monsters", out)
    # a level gained: the perk choice
    p.gain_xp(40)
    g.touch()
    _run(app, 3)
    pygame.image.save(app.screen, f"{out}/game-perks.png")
    _key(pygame.K_1, "1")
    _run(app, 1)
