"""Screenshots of the game for the README and docs/PLAYING.md: ``python -m game.tools.shots [OUTDIR] [WORLD]``.

A developer tool: not shipped in the web build.

Runs the real app under SDL's dummy driver: the title with its preview, the
overworld and the next goal on it (the objective line, the relic site
ringed, sites entered and cleared), then one site of each dungeon style
(caverns, mosaic, rooms), explored a little by auto-explore, then the
comforts (look, pack, history, help, ASCII map, touch buttons) and the
tactics (aiming a bow, by keys and by touch, a status in the panel, a room
dressed with features, the victory screen), then the
creatures and growth in a run of their own (:mod:`.creature_shots`), then
every demo stage at embed size and the gallery (:mod:`.demo_shots`), saved
as ``game-*.png`` in OUTDIR (default ``docs/img``).  The player is made sturdy
so the walk survives.
"""

from __future__ import annotations

import os
import sys
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from ..shell import app as app_module  # noqa: E402
from ..shell.browser import Storage  # noqa: E402
from ..launch import make_app  # noqa: E402
from ..shell.settings import parse_query  # noqa: E402
from .drive import press as _key  # noqa: E402
from .drive import run_frames as _run  # noqa: E402
from .drive import settle as _settle  # noqa: E402
from .drive import title_with_preview  # noqa: E402
from .creature_shots import NAMES as CREATURE_NAMES  # noqa: E402
from .creature_shots import creature_shots  # noqa: E402
from .demo_shots import main as demo_shots  # noqa: E402


def _explore(app, g, legs: int) -> None:
    """Auto-explore (the ``o`` key) ``legs`` times, fighting what comes next to the player."""
    lv = g.level
    g.player.base_attack = 40
    for _ in range(legs):
        for m in list(lv.monsters):
            if max(abs(m.x - g.pos[0]), abs(m.y - g.pos[1])) == 1:
                g.move(m.x - g.pos[0], m.y - g.pos[1])
        g.player.hp = g.player.max_hp
        _key(pygame.K_o, "o")
        for _ in range(400):
            _run(app, 1)
            g.player.hp = max(g.player.hp, g.player.max_hp // 2)
            if not (g.exploring or g.path):
                break
        if any("explored everything" in line for line, _, _ in g.log[-2:]):
            return


def _tap(pos: tuple[int, int]) -> None:
    """A finger down and up on ``pos``, posted for one frame (a tap: a slow frame between the two would
    make it a hold, and the pictures would differ on a loaded machine)."""
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        pygame.event.post(pygame.event.Event(kind, x=pos[0] / 960, y=pos[1] / 540, dx=0.0, dy=0.0, finger_id=1,
                                             touch_id=1, pressure=1.0))


def _comforts(app, g, out: str) -> None:
    """The comforts in pictures: look at a monster, the pack's stacks, the
    message history, the help (every key, the goal), the ASCII map, and the
    thumb buttons of a touch screen."""
    lv = g.level
    seen = [m for m in lv.monsters if lv.visible[m.y, m.x]] or lv.monsters[:1]
    px, py = g.pos
    near = [(x, y) for y in range(py - 2, py + 3) for x in range(px - 2, px + 3)
            if lv.inside(x, y) and lv.walkable[y, x] and lv.visible[y, x] and max(abs(x - px), abs(y - py)) == 2]
    if seen and near:
        seen[0].x, seen[0].y = near[0]
        seen[0].awake = False
        lv.update_view(*g.pos)
    g.version += 1
    _key(pygame.K_x, "x")
    _run(app, 2)
    look = app.top
    if seen:
        look.cursor = (seen[0].x, seen[0].y)
    _run(app, 2)
    pygame.image.save(app.screen, f"{out}/game-look.png")
    print("game-look.png look panel: " + " | ".join(look.lines))  # what its caption may say (tests/test_readme_pictures.py)
    _key(pygame.K_ESCAPE)
    _run(app, 1)  # a key that closes a scene is the last its frame delivers
    g.player.inventory = ["potion", "potion", "potion", "short_sword", "herbs", "herbs", "iron_ore", "iron_ore",
                          "iron_ore", "leather", "big_potion"]
    _key(pygame.K_i, "i")
    _run(app, 3)
    pygame.image.save(app.screen, f"{out}/game-pack.png")
    _key(pygame.K_ESCAPE)
    _run(app, 1)  # a key that closes a scene is the last its frame delivers
    _key(pygame.K_p, "p")
    _run(app, 3)
    pygame.image.save(app.screen, f"{out}/game-history.png")
    _key(pygame.K_ESCAPE)
    _run(app, 1)  # a key that closes a scene is the last its frame delivers
    _key(pygame.K_SLASH, "?")
    _run(app, 3)
    pygame.image.save(app.screen, f"{out}/game-help.png")
    _key(pygame.K_ESCAPE)
    _run(app, 1)
    _key(pygame.K_v, "v")
    _run(app, 3)
    pygame.image.save(app.screen, f"{out}/game-ascii.png")
    _key(pygame.K_v, "v")
    _run(app, 1)
    _tap((840, 430))  # on the panel: it only shows the thumb buttons
    _run(app, 3)
    pygame.image.save(app.screen, f"{out}/game-touch.png")


def _objective(app, g, out: str) -> None:
    """The next goal on screen: the objective line under the map, the relic
    site ringed in magenta (near enough to be on the map), sites entered and
    cleared marked on the map and the minimap; then back where the tour was."""
    g.stop_walk()
    back = g.pos
    relic = g.relic_site()
    near = sorted((s for s in g.loc.sites if s.index != relic.index),
                  key=lambda s: abs(s.x - relic.x) + abs(s.y - relic.y))[:4]
    for s in near[:2]:  # two sites gone into (their first levels kept), one of them cleared
        g.deltas[f"{g.location}:{s.index}:1"] = {}
    g.cleared[g.location].add(near[0].index)
    g.pos = next((x, y) for d in range(8, 0, -1) for x, y in ((relic.x + d, relic.y), (relic.x, relic.y + d),
                                                               (relic.x - d, relic.y), (relic.x, relic.y - d))
                 if 0 <= y < g.loc.tiles.shape[0] and 0 <= x < g.loc.tiles.shape[1] and g.loc.passable[y, x])
    g.version += 1
    _run(app, 3)
    pygame.image.save(app.screen, f"{out}/game-objective.png")
    for s in near[:2]:
        del g.deltas[f"{g.location}:{s.index}:1"]
    g.cleared[g.location].discard(near[0].index)
    g.pos = back
    g.version += 1
    _run(app, 2)


def _touch_aim(app, g, out: str) -> None:
    """Aiming by touch: a finger on the *Fire* button opens the aiming with a
    prompt for a tap and buttons for the keys' work."""
    _tap((840, 430))  # a first touch (on the panel: it does nothing but show the buttons)
    _run(app, 3)
    fire = app.top.touch.rects["fire"].center
    _tap(fire)
    _run(app, 3)
    pygame.image.save(app.screen, f"{out}/game-touch-aim.png")
    cancel = app.top.buttons[-1].rect.center
    _tap(cancel)
    _run(app, 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(840, 440), rel=(1, 1), buttons=(0, 0, 0)))
    _run(app, 2)  # a mouse again: the thumb buttons make way


def _tactics(app, g, out: str) -> None:
    """Issue 14 in pictures: a bow aimed past a pillar, statuses in the panel,
    a room dressed with features, and the victory screen with the high scores."""
    from worldgen.core.tiles import T

    from ..rules import content
    from ..rules.creatures import status

    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(840, 440), rel=(1, 1), buttons=(0, 0, 0)))
    _run(app, 1)  # a mouse hides the thumb buttons the touch picture showed
    lv = g.level
    lv.seen[:] = True
    px, py = g.pos
    g.player.weapon, g.player.swap = "short_bow", "dagger"
    g.player.inventory = ["arrow"] * 12 + ["potion_speed", "scroll_map"]
    # two goblins in view: the panel lists them, the preview stops at the nearer
    spots = [(x, y) for y in range(py - 5, py + 6) for x in range(px - 5, px + 6)
             if lv.inside(x, y) and lv.walkable[y, x] and lv.visible[y, x] and 3 <= max(abs(x - px), abs(y - py))]
    for m, (x, y) in zip(lv.monsters[:2], spots[::7]):
        m.x, m.y, m.awake = x, y, True
    status.add(g.player, "hasted", 9)
    status.add(g.player, "poisoned", 4)
    g.version += 1
    _run(app, 2)
    _key(pygame.K_f, "f")
    _run(app, 3)
    pygame.image.save(app.screen, f"{out}/game-target.png")
    _key(pygame.K_ESCAPE)
    _run(app, 2)
    _touch_aim(app, g, out)
    pygame.image.save(app.screen, f"{out}/game-status.png")
    # a room dressed with features: the nearest of them, lit
    dressed = [(int(x), int(y)) for y, x in zip(*((lv.tiles >= T.statue) & (lv.tiles <= T.altar)).nonzero())]
    if dressed:  # the feature with the most others within 6 cells
        fx, fy = max(dressed, key=lambda c: sum(max(abs(c[0] - x), abs(c[1] - y)) <= 6 for x, y in dressed))
        spot = next(((x, y) for y in range(fy - 2, fy + 3) for x in range(fx - 2, fx + 3)
                     if lv.inside(x, y) and lv.walkable[y, x] and lv.monster_at(x, y) is None), g.pos)
        g.pos = spot
        lv.update_view(*spot)
    g.player.statuses.clear()
    g.version += 1
    _run(app, 3)
    pygame.image.save(app.screen, f"{out}/game-features.png")
    # victory: the final relic carried out (the shortened run the tests use)
    content.dungeons.FINAL_LOCATION = 0
    g.relics, g.carrying_relic = set(range(0)), True
    g.site = g.site if g.site is not None else 0
    g.leave_site()
    _run(app, 4)
    pygame.image.save(app.screen, f"{out}/game-victory.png")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = argv[0] if argv else "docs/img"
    world = argv[1] if len(argv) > 1 else "Avalon"
    os.makedirs(out, exist_ok=True)
    app_module.FPS = 0
    app = make_app(parse_query(""), storage=Storage(tempfile.mkdtemp()), seed=11)
    app.top.set_date("2026-06-01")  # the day's world changes daily: pin one, or the picture would
    title = title_with_preview(app, world)
    _run(app, 2)
    title.blink = 0.0  # the caret blinks by wall-clock time: pin it shown, or pictures differ run to run
    app.screen.fill((0, 0, 0))
    app.draw()
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
    _objective(app, g, out)
    g.player.hp = g.player.max_hp = 30  # as a new hero (the walks below heal it when low, out of sight)
    for style in ("caverns", "mosaic", "rooms"):
        if g.mode != "overworld":
            g.leave_site()
        s = next(s for s in g.loc.sites if s.style == style)
        g.stop_walk()  # (a key would stop a walk still under way instead of entering)
        g.pos = (s.x, s.y)
        g.version += 1
        _key(pygame.K_RETURN, "\r")
        _run(app, 2)
        _settle(app, g)
        _explore(app, g, 12)
        g.player.inventory = ["potion", "dagger", "iron_ore", "iron_ore"]
        g.player.base_attack = 3
        g.player.max_hp, g.player.hp = 30, 23
        g.version += 1
        _run(app, 2)
        pygame.image.save(app.screen, f"{out}/game-{style}.png")
    _comforts(app, g, out)
    _tactics(app, g, out)
    creature_shots(out, world)
    demo_shots([out])
    print(f"wrote {out}/game-{{title,overworld,objective,caverns,mosaic,rooms,look,pack,history,help,ascii,touch,"
          f"target,touch-aim,status,features,victory,{','.join(CREATURE_NAMES)}}}.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
