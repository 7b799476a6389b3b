"""A whole run played through the real loop with keys and clicks alone:
``python -m game.tools.keyrun [OUTDIR] [--world NAME] [--size SIZE]
[--background ID] [--max-frames N]``.

A developer tool: not shipped in the web build.  Runs the real app under
SDL's dummy driver and plays as a person at the keyboard would, posting
events only (no call changes the run): on the title screen it types the
world's name (Backspace, then the letters), picks the size (Right) and the
background (Down) and presses Enter; ``?`` reads the help first; on the
overworld a click walks to the nearest site not cleared and Enter goes in;
in a dungeon ``o`` explores, ``R`` rests when hurt and alone, ``f`` readies
the sling and shoots what comes, ``W`` swaps back to the blade for a fight,
a step key bumps a monster, the pack (``i``, a letter, ``u``) gives a
healing potion when low, ``S`` searches when nothing is left to explore,
``>`` goes down and ``<`` carries a prize out; when a level gained opens
the perk choice it takes the first perk offered (``1``).  The run goes on until death
or victory (or ``--max-frames``).  Saves the screens worth looking at in
OUTDIR (``keyrun-title.png``, ``-help``, ``-rest``, ``-swap``, ``-fire``,
``-perks``, ``-end``) and
prints what happened: frames, turns, depth, how it ended, and how often each
key was pressed.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections import Counter

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from ..shell import app as app_module  # noqa: E402
from ..shell.browser import Storage  # noqa: E402
from ..shell.controls import MOVES, key_codes  # noqa: E402
from ..launch import make_app  # noqa: E402
from ..rules.actions.travel import explore_target  # noqa: E402
from ..rules.content import BACKGROUNDS, DEFAULT_BACKGROUND, ITEM_BY_ID, relic_site  # noqa: E402
from ..shell.settings import parse_query  # noqa: E402
from .drive import run_frames  # noqa: E402

__all__ = ["play", "KeyRun"]

_STEP_KEYS = {step: label for label, step in MOVES.items() if len(label) == 1 and label in "hjklyubn"}
_CHARS = {"Enter": "\r", "Esc": "\x1b"}


def _press(label: str) -> pygame.event.Event:
    """The key press a player makes for key ``label`` (as the key table writes it)."""
    codes = key_codes(label) or key_codes(label.lower())
    return pygame.event.Event(pygame.KEYDOWN, key=codes[0] if codes else 0, mod=0, scancode=0,
                              unicode=_CHARS.get(label, label if len(label) == 1 else ""))


def _near(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _step_to(level, start: tuple[int, int], goal: tuple[int, int]) -> tuple[int, int] | None:
    """The first step of a shortest walk from ``start`` to ``goal`` (None when there is none)."""
    dist = level.distance_from(*goal)
    here = dist[start[1], start[0]]
    if here <= 0:
        return None
    return next(((dx, dy) for dx, dy in _STEP_KEYS if level.inside(start[0] + dx, start[1] + dy)
                 and dist[start[1] + dy, start[0] + dx] == here - 1), None)


class KeyRun:
    """The scripted player: each frame it looks at the screen's game and posts at most one event."""

    def __init__(self, out: str | None, world: str = "Keyrun", size: str = "small",
                 background: str = DEFAULT_BACKGROUND) -> None:
        self.out = out
        self.world, self.size, self.background = world, size, background
        self.pressed: Counter = Counter()
        self.shots: set[str] = set()
        self.refused_rest = -1  # the turn a rest was last refused (do not ask again that turn)
        self.asked_down = -1  # the turn > was last pressed (pressed again that turn: it was refused, so wait)
        self.searches = 0  # searches since the last new thing was explored
        self.drinking = ""  # in the pack for a potion: "select", then "use"
        self.waited = 0  # turns waited for a monster in view to come
        self.entered: tuple[int, int] = (-1, -1)  # (location, site) last entered
        self.given_up: set[tuple[int, int]] = set()  # sites whose way on was not found
        self.swapped = False  # a swap was just asked for (its screen is kept)
        self.fired_at = -1  # the turn f was last pressed (pressed again that turn, it was refused: no clear shot)

    def shot(self, app, name: str) -> None:
        """Keep the first screen of each kind (in OUTDIR, if one was given)."""
        if name not in self.shots:
            self.shots.add(name)
            if self.out:
                pygame.image.save(app.screen, os.path.join(self.out, f"keyrun-{name}.png"))

    def post(self, label: str) -> None:
        self.pressed[label] += 1
        pygame.event.post(_press(label))

    def type(self, text: str) -> None:
        """Characters typed (the text a key press gives a text field)."""
        self.pressed["typed"] += 1
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))

    def click(self, pos: tuple[int, int]) -> None:
        self.pressed["click"] += 1
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))

    # -- one frame ----------------------------------------------------------------------------
    def frame(self, app) -> None:
        scene = app.top
        kind = type(scene).__name__
        if kind == "TitleScene":
            self._title(app, scene)
        elif kind == "PerksScene":  # a level gained: the first perk offered
            self.shot(app, "perks")
            self.post("1")
        elif kind == "EnchantScene":  # a scroll of enchanting read: the first card (the weapon in hand)
            self.shot(app, "enchant")
            self.post("1")
        elif kind == "HelpScene":
            self.shot(app, "help")
            self.post("Esc")
        elif kind == "TargetScene":  # on the nearest monster: f fires; nothing in range (it moved away): Esc
            self.shot(app, "fire")
            self.post("f" if scene.cursor != scene.game.pos else "Esc")
        elif kind == "PackScene":
            self._drink(scene.game)
        elif kind == "WorldMapScene":  # travel on to the location just opened
            g = scene.game
            self.post(str((g.location + 2) % 10) if g.location + 1 < g.unlocked else "Esc")
        elif kind in ("MenuScene", "LookScene", "HistoryScene"):
            self.post("Esc")
        elif kind == "PlayScene":
            g = scene.game
            if "help" not in self.shots:
                self.post("?")
            elif g.resting:
                if g.rest_turns >= 3:
                    self.shot(app, "rest")
            elif not (g.busy or g.ongoing):
                self._play(scene, g)

    def _title(self, app, scene) -> None:
        """The world's name, the size and the background, each by its keys; then Enter."""
        if scene.name != self.world:
            if self.world.startswith(scene.name):
                self.type(self.world[len(scene.name)])
            else:
                self.post("Backspace")
        elif scene.size != self.size:
            self.post("Right")
        elif scene.background != self.background:
            self.post("Down")
        else:
            self.shot(app, "title")
            self.post("Enter")

    def _drink(self, g) -> None:
        """In the pack: select the healing potion, then use it, then close."""
        rows = g.pack_rows()
        heal = next((r for r, row in enumerate(rows) if ITEM_BY_ID[row.item].effect == "heal"), None)
        if self.drinking == "select" and heal is not None:
            self.post(rows[heal].letter)
            self.drinking = "use"
        elif self.drinking == "use":
            self.post("u")
            self.drinking = ""
        else:
            self.post("Esc")
            self.drinking = ""

    def _play(self, scene, g) -> None:
        if g.mode == "overworld":
            self._overworld(scene, g)
        elif g.mode == "dungeon":
            self._dungeon(scene, g)

    def _overworld(self, scene, g) -> None:
        """Two ordinary sites for experience, then the relic site; the world map once the relic is out."""
        if g.location in g.relics and g.location + 1 < g.unlocked:
            self.post("m")
            return
        relic = relic_site(len(g.loc.sites))
        ordinary = [s for s in g.loc.sites if s.index != relic and not g.is_cleared(s.index)
                    and (g.location, s.index) not in self.given_up]
        cleared = len(g.cleared.get(g.location, ()))
        todo = ordinary if cleared < 2 and ordinary else [g.loc.sites[relic]]
        target = min(todo, key=lambda s: _near((s.x, s.y), g.pos))
        if g.pos == (target.x, target.y):
            self.entered = (g.location, target.index)
            self.post("Enter")
            return
        rect = scene.view.map.cell_rect(target.x, target.y)
        if scene.view.map.screen_to_tile(rect.center) == (target.x, target.y):
            self.click(rect.center)
        else:  # off the screen: a click on the minimap walks there
            self.click(scene.view.panel.minimap_point(target.x, target.y))

    def _dungeon(self, scene, g) -> None:
        lv, p = g.level, g.player
        seen = [m for m in lv.monsters if lv.visible[m.y, m.x] and (m.awake or _near(m.pos, g.pos) == 1)]
        nearest = min(seen, key=lambda m: _near(m.pos, g.pos), default=None)  # a sleeper far off is left alone
        w, ready = p.weapon_kind, p.swap_kind
        heal = any(ITEM_BY_ID[i].effect == "heal" for i in p.inventory)
        if nearest is not None and _near(nearest.pos, g.pos) == 1:
            if p.hp * 4 < p.max_hp and heal:
                self.post("i")
                self.drinking = "select"
            elif w is not None and w.ammo and ready is not None and not ready.ammo:
                self.post("W")
                self.swapped = True
            else:
                self.post(_STEP_KEYS[(nearest.x - g.pos[0], nearest.y - g.pos[1])])
            return
        shooter = next((k for k in (w, ready) if k is not None and k.ammo and k.ammo in p.inventory), None)
        if (nearest is not None and shooter is not None and _near(nearest.pos, g.pos) <= shooter.range
                and self.fired_at != g.turn):
            self.fired_at = g.turn
            self.post("f")
            return
        step = _step_to(lv, g.pos, nearest.pos) if nearest is not None and not nearest.fleeing else None
        if step is not None:  # let it come a few turns, then go for it
            self.waited += 1
            self.post(_STEP_KEYS[step] if self.waited > 3 else ".")
            return
        self.waited = 0
        if p.hp * 5 < p.max_hp * 3 and self.refused_rest != g.turn:
            self.refused_rest = g.turn
            self.post("R")
            return
        if g.carrying is not None or g.carrying_relic or g.is_cleared(g.site) or self.entered in self.given_up:
            self.post("<")
            return
        prize = next((it for it in lv.items if it.kind.kind in ("treasure", "relic") and lv.seen[it.y, it.x]), None)
        if prize is not None:  # click it (a walk there), or step towards it while it is off the screen
            rect = scene.view.map.cell_rect(prize.x, prize.y)
            step = _step_to(lv, g.pos, (prize.x, prize.y))
            if scene.view.map.screen_to_tile(rect.center) == (prize.x, prize.y):
                self.click(rect.center)
                return
            if step is not None:
                self.post(_STEP_KEYS[step])
                return
        if explore_target(g) is not None:  # what o would say: something is left to explore
            self.searches = 0
            self.post("o")
        elif lv.down is not None and lv.seen[lv.down[1], lv.down[0]]:
            self.post(">" if self.asked_down != g.turn else ".")   # refused (a cloud in the way): wait a turn
            self.asked_down = g.turn
        elif self.searches < 12:
            self.searches += 1
            self.post("S")
        else:  # the way on is nowhere to be found: give this site up
            self.given_up.add(self.entered)
            self.post("<")


def play(out: str | None = None, world: str = "Keyrun", size: str = "small", max_frames: int = 60_000,
         background: str = DEFAULT_BACKGROUND) -> dict:
    """Play one run to its end by keys from the title screen (at most
    ``max_frames`` frames); what happened."""
    app_module.FPS = 0
    if out:
        os.makedirs(out, exist_ok=True)
    app = make_app(parse_query(""), storage=Storage(tempfile.mkdtemp()), seed=1)
    player = KeyRun(out, world, size, background)
    g = None
    for _ in range(max_frames):
        if type(app.top).__name__ == "EndScene":
            run_frames(app, 2)
            player.shot(app, "end")
            break
        g = getattr(app.top, "game", g)
        player.frame(app)
        run_frames(app, 1)
        if player.swapped:
            run_frames(app, 1)
            player.shot(app, "swap")
            player.swapped = False
    end = "won" if g is not None and g.won else "died" if g is not None and g.dead else "stopped"
    return {"frames": app.frame, "turns": g.turn if g else 0, "deepest": g.deepest if g else 0,
            "background": g.player.background if g else "", "level": g.player.level if g else 0,
            "perks": list(g.player.perks) if g else [], "relics": len(g.relics) if g else 0,
            "end": end, "killer": g.killer if g is not None and g.dead else "", "keys": dict(player.pressed),
            "shots": sorted(player.shots)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.tools.keyrun", description=__doc__.split("\n\n")[0])
    ap.add_argument("out", nargs="?", default=None)
    ap.add_argument("--world", default="Keyrun")
    ap.add_argument("--size", default="small")
    ap.add_argument("--max-frames", type=int, default=60_000)
    ap.add_argument("--background", choices=[b.id for b in BACKGROUNDS], default=DEFAULT_BACKGROUND)
    args = ap.parse_args(sys.argv[1:] if argv is None else argv)
    for name, value in play(args.out, args.world, args.size, args.max_frames, args.background).items():
        print(f"{name}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
