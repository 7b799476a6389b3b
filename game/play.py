"""The play scene and its overlays (pack, world map, help, menu, death).

Input maps to :class:`~game.session.Game` actions; maps are built over
several frames through :class:`~game.work.Work` with a progress bar; the game
is saved (write-then-verify, see :mod:`game.save`) whenever something worth
keeping changed and no map is being built.

Controls
--------
Move: arrows, numpad 1-9, vi-keys ``hjklyubn``, ``WASD`` + ``QEZC`` (diagonals).
Wait: ``.`` or numpad 5.  Enter/Space: enter a site, take stairs, pick up.
``>``/``<``: stairs.  ``g`` or ``,``: pick up.  ``i``/Tab: pack.  ``m``: world
map.  ``?``: help.  Esc: menu.  Click or tap a tile (or the minimap) to travel
there; any key stops the walk.
"""

from __future__ import annotations

import pygame

from worldgen import registry
from worldgen.world import LOCATION_STAGES

from . import save, ui
from .app import WORK_BUDGET_MS, App, Scene
from .content import ITEM_BY_ID, RECIPES, sites_to_unlock
from .session import BAD, Game, usable
from .view import GameView
from .work import Work

__all__ = ["PlayScene", "InventoryScene", "WorldMapScene", "HelpScene", "MenuScene", "DeathScene",
           "MOVE_KEYS", "TRAVEL_FRAMES"]

TRAVEL_FRAMES = 3  # frames per step when walking to a clicked tile

MOVE_KEYS: dict[int, tuple[int, int]] = {
    pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1),
    pygame.K_KP4: (-1, 0), pygame.K_KP6: (1, 0), pygame.K_KP8: (0, -1), pygame.K_KP2: (0, 1),
    pygame.K_KP7: (-1, -1), pygame.K_KP9: (1, -1), pygame.K_KP1: (-1, 1), pygame.K_KP3: (1, 1),
    pygame.K_h: (-1, 0), pygame.K_l: (1, 0), pygame.K_k: (0, -1), pygame.K_j: (0, 1),
    pygame.K_y: (-1, -1), pygame.K_u: (1, -1), pygame.K_b: (-1, 1), pygame.K_n: (1, 1),
    pygame.K_a: (-1, 0), pygame.K_d: (1, 0), pygame.K_w: (0, -1), pygame.K_s: (0, 1),
    pygame.K_q: (-1, -1), pygame.K_e: (1, -1), pygame.K_z: (-1, 1), pygame.K_c: (1, 1),
}
WAIT_KEYS = {pygame.K_PERIOD, pygame.K_KP5, pygame.K_5, pygame.K_KP_PERIOD}
INTERACT_KEYS = {pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER}


class PlayScene(Scene):
    def __init__(self, app: App, game: Game, messages: tuple[str, ...] = ()) -> None:
        super().__init__(app)
        self.game = game
        self.view = GameView(game)
        self.work: Work | None = None
        self.toasts = ui.Toasts()
        for m in messages:
            self.toasts.add(m, ui.BAD)
        self.travel_wait = 0
        self.install_next = False
        self.save_failures = 0
        self.last_saved: str | None = None  # the last save text written and verified

    # -- lifecycle -------------------------------------------------------------
    def enter(self) -> None:
        pygame.key.set_repeat(220, 70)

    def exit(self) -> None:
        pygame.key.set_repeat()

    # -- saving ------------------------------------------------------------------
    def save_now(self) -> bool:
        """Save the game; while a map is being built, save the moment before
        the build was asked for (nothing to save when the game just started)."""
        g = self.game
        if g.dead or g.loc is None:
            return False
        if g.pending is not None:
            if g.resume_point is None:
                return False
            text = save.encode(g.resume_point)
        else:
            text = save.encode(g.to_json())
        ok = save.write(self.app.storage, text, self.last_saved, check=usable)
        g.dirty = False
        if ok:
            self.last_saved = text
        if not ok:
            self.save_failures += 1
            self.toasts.add("Could not save the game (storage full or blocked); the last good save is kept.",
                            ui.BAD)
        return ok

    # -- events ----------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        g = self.game
        if event.type == pygame.KEYDOWN:
            if g.path:  # any key interrupts a walk
                g.path = []
                if event.key not in MOVE_KEYS:
                    return True
            if g.dead:  # the death screen comes this frame and erases the save: no menu to quit by first
                return True
            if g.busy:
                return event.key != pygame.K_ESCAPE or self._menu()
            return self._key(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not g.busy:
            cell = self.view.screen_to_tile(event.pos)
            if cell is not None:
                if cell == g.pos:
                    g.interact()
                elif max(abs(cell[0] - g.pos[0]), abs(cell[1] - g.pos[1])) == 1:
                    g.move(cell[0] - g.pos[0], cell[1] - g.pos[1])
                else:
                    g.travel_to(*cell)
                    self.travel_wait = 0
                return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        g, key, char = self.game, event.key, getattr(event, "unicode", "") or ""
        if char == ">":
            g.descend() if g.mode == "dungeon" else g.interact()
        elif char == "<":
            g.ascend()
        elif char == "?":
            self.app.push(HelpScene(self.app))
        elif key in MOVE_KEYS:
            g.move(*MOVE_KEYS[key])
        elif key in WAIT_KEYS:
            g.wait()
        elif key in INTERACT_KEYS:
            g.interact()
        elif key in (pygame.K_g, pygame.K_COMMA):
            g.pick_up()
        elif key in (pygame.K_i, pygame.K_TAB):
            self.app.push(InventoryScene(self.app, g))
        elif key == pygame.K_m:
            self.app.push(WorldMapScene(self.app, g))
        elif key == pygame.K_ESCAPE:
            self._menu()
        else:
            return False
        return True

    def _menu(self) -> bool:
        self.app.push(MenuScene(self.app, self))
        return True

    # -- frame -----------------------------------------------------------------
    def update(self, dt: float) -> None:
        g = self.game
        self.toasts.update(dt)
        if g.pending is not None:
            self._build()
            return
        if g.dead:
            save.erase(self.app.storage)
            self.app.replace(DeathScene(self.app, g))
            return
        if g.path:
            self.travel_wait -= 1
            if self.travel_wait <= 0:
                g.travel_step()
                self.travel_wait = TRAVEL_FRAMES
        if g.dirty and not g.busy:
            self.save_now()

    def _build(self) -> None:
        g = self.game
        request = g.pending
        if self.install_next:  # the work finished last frame: install now, in a frame of its own
            self.install_next = False
            work, self.work = self.work, None
            if work.error is not None or (request[0] == "level" and "final" not in work.stages):
                self._build_failed(work.error, request)
                return
            try:
                if request[0] == "location":
                    g.install_location(work.result)
                else:
                    g.install_level(work.stages["final"])
            except Exception as exc:  # noqa: BLE001 - a map the game cannot use: say so, keep running
                self._build_failed(exc, request)
            return
        if self.work is None:
            try:
                iterator = g.build_iterator()
            except Exception as exc:  # noqa: BLE001 - shown to the player, never kills the loop
                self._build_failed(exc, request)
                return
            names = (registry.get(g.loc.sites[g.pending[1]].style).stages if g.pending[0] == "level"
                     else LOCATION_STAGES)
            self.work = Work(iterator, names, WORK_BUDGET_MS)
        if self.work.step():
            self.install_next = True

    def _build_failed(self, error, request: tuple) -> None:
        """``request`` is what was being built (an install may have cleared
        ``game.pending`` before it failed)."""
        g = self.game
        self.work = None
        self.toasts.add(f"Building the map failed: {error}", ui.BAD)
        kind = request[0]
        g.pending = None
        if kind == "level":
            if g.level is None or g.loc is None:  # entering from the overworld: stay outside
                g.mode, g.site, g.levels, g.level, g.depth = "overworld", None, {}, None, 0
                if g.loc is not None:
                    g.pos = g._valid_over(g.pos, g.loc)
            else:  # changing depth: stay where we are
                g.mode, g.depth = "dungeon", g.level.key.depth
            g.say("The way is blocked by rubble.", BAD)
            g.version += 1
        elif g.loc is None:
            self.app.replace(_title(self.app, (("The world could not be built: " + str(error))[:120],)))
        else:
            g.mode = "overworld"

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)
        g = self.game
        if g.pending is not None or self.install_next:
            frac = self.work.fraction if self.work is not None else 0.0
            bar = pygame.Rect(0, 0, 420, 18)
            bar.center = (360, 216)
            ui.progress_bar(surface, bar, frac, g.build_label())
        self.toasts.draw(surface, 420)


def _title(app: App, messages: tuple[str, ...] = ()):
    from .title import TitleScene

    return TitleScene(app, messages=messages, auto=False)


# -- overlays ------------------------------------------------------------------
class _Overlay(Scene):
    opaque = False
    _layer_key = None
    _shades: dict = {}  # (size, alpha) -> a translucent surface, shared by all overlays

    def box(self, surface: pygame.Surface, w: int, h: int) -> pygame.Rect:
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (360, 240)
        surface.blit(self._shade(surface.get_size(), 110), (0, 0))
        surface.blit(self._shade(rect.size, 235), rect.topleft)
        pygame.draw.rect(surface, ui.DIM, rect, 1)
        return rect

    def _shade(self, size: tuple[int, int], alpha: int) -> pygame.Surface:
        """What ``ui.panel`` draws, made once instead of every frame."""
        shade = self._shades.get((size, alpha))
        if shade is None:
            shade = pygame.Surface(size, pygame.SRCALPHA)
            shade.fill((8, 10, 16, alpha))
            self._shades[(size, alpha)] = shade
        return shade

    def layer(self, key, size: tuple[int, int], paint) -> pygame.Surface:
        """The box's text, painted by ``paint(layer)`` onto a transparent surface
        only when ``key`` changes (dozens of text renders, not every frame)."""
        if key != self._layer_key:
            self._layer = pygame.Surface(size, pygame.SRCALPHA)
            paint(self._layer)
            self._layer_key = key
        return self._layer


class InventoryScene(_Overlay):
    """The pack: a letter uses that item (drink, equip, craft); arrows + Enter
    use the selected one; x discards it; Esc/Tab (or i) closes."""

    TOP = 74  # y of the first row (the box is centred on the map area)
    ROW = 18  # row height: a full pack (20 rows) ends inside the box

    def __init__(self, app: App, game: Game) -> None:
        super().__init__(app)
        self.game = game
        self.selected = 0

    def handle_event(self, event: pygame.event.Event) -> bool:
        g = self.game
        inv = g.player.inventory
        if event.type == pygame.KEYDOWN:
            char = getattr(event, "unicode", "") or ""
            if event.key in (pygame.K_ESCAPE, pygame.K_TAB) or (event.key == pygame.K_i and len(inv) <= 8):
                self.app.pop()
            elif event.key in (pygame.K_UP, pygame.K_KP8):
                self.selected = max(0, self.selected - 1)
            elif event.key in (pygame.K_DOWN, pygame.K_KP2):
                self.selected = min(max(0, len(inv) - 1), self.selected + 1)
            elif event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_u, pygame.K_KP_ENTER):
                self._use()
            elif event.key == pygame.K_x:
                g.drop(self.selected)
                self.selected = min(self.selected, max(0, len(inv) - 1))
            elif len(char) == 1 and "a" <= char <= "t":
                slot = ord(char) - ord("a")
                if slot < len(inv):
                    self.selected = slot
                    self._use()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            slot = (event.pos[1] - self.TOP) // self.ROW
            if 0 <= slot < len(inv) and abs(event.pos[0] - 360) < 300:
                if slot == self.selected:
                    self._use()
                self.selected = slot
            else:
                self.app.pop()
            return True
        return True

    def _use(self) -> None:
        g = self.game
        g.use_item(self.selected)
        self.selected = min(self.selected, max(0, len(g.player.inventory) - 1))
        if g.dead or g.busy:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.box(surface, 600, 420)
        key = (tuple(self.game.player.inventory), self.selected)
        surface.blit(self.layer(key, rect.size, self._paint), rect.topleft)

    def _paint(self, layer: pygame.Surface) -> None:
        p = self.game.player
        rect = layer.get_rect()
        top = self.TOP - 30  # the box's top is at y = 30 on screen
        ui.text(layer, "Pack", (16, 10), 28, ui.ACCENT)
        ui.text(layer, "letter/Enter: use, equip or craft   x: discard   Esc: close", (90, 16), 18, ui.DIM)
        if not p.inventory:
            ui.text(layer, "(empty)", (16, top), 20, ui.DIM)
        counts: dict[str, int] = {}
        for i in p.inventory:
            counts[i] = counts.get(i, 0) + 1
        for slot, item_id in enumerate(p.inventory):
            kind = ITEM_BY_ID[item_id]
            y = top + slot * self.ROW - 1
            if slot == self.selected:
                pygame.draw.rect(layer, (60, 60, 90), (8, y, rect.width - 16, self.ROW))
            note = _describe(kind, counts.get(item_id, 0))
            ui.text(layer, f"{chr(ord('a') + slot)})  {kind.name}", (16, y + 1), 20, kind.colour)
            ui.text(layer, note, (250, y + 2), 18, ui.DIM)


def _describe(kind, count: int) -> str:
    if kind.kind == "potion":
        return f"drink: heal {kind.power}"
    if kind.kind == "weapon":
        return f"wield: attack +{kind.power}"
    if kind.kind == "armour":
        return f"wear: defence +{kind.power}"
    if kind.kind == "resource" and kind.id in RECIPES:
        need, _, desc = RECIPES[kind.id]
        return f"craft {need}: {desc} ({count}/{need})"
    return ""


class WorldMapScene(_Overlay):
    """The ten locations; 1-9/0 or click to travel to an open one."""

    def __init__(self, app: App, game: Game) -> None:
        super().__init__(app)
        self.game = game

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            char = getattr(event, "unicode", "") or ""
            if len(char) == 1 and char in "0123456789":  # not str.isdigit: "²" is a digit int() refuses
                index = (int(char) - 1) % 10
                if index < self.game.world.n_locations:
                    self._go(index)
            else:
                self.app.pop()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            row = (event.pos[1] - 110) // 26
            if 0 <= row < self.game.world.n_locations and abs(event.pos[0] - 360) < 280:
                self._go(row)
            else:
                self.app.pop()
            return True
        return True

    def _go(self, index: int) -> None:
        g = self.game
        if g.mode != "overworld":
            g.say("Leave the dungeon before travelling.", BAD)
            g.version += 1
        else:
            g.go_location(index)
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        g = self.game
        rect = self.box(surface, 560, 380)
        key = (g.location, g.unlocked, tuple(len(g.cleared.get(i, ())) for i in range(g.world.n_locations)))
        surface.blit(self.layer(key, rect.size, self._paint), rect.topleft)

    def _paint(self, layer: pygame.Surface) -> None:
        g = self.game
        ui.text(layer, f"The world of {g.name}", (16, 10), 28, ui.ACCENT)
        ui.text(layer, "1-9, 0: travel to an open location", (16, 36), 18, ui.DIM)
        for i in range(g.world.n_locations):
            y = 60 + i * 26  # 110 on screen: the box's top is at y = 50
            open_ = i < g.unlocked
            cleared = len(g.cleared.get(i, ()))
            mark = ">" if i == g.location else " "
            line = f"{mark} {(i + 1) % 10}. {g.world.location_name(i) if open_ else '???'}"
            colour = ui.ACCENT if i == g.location else (ui.INK if open_ else ui.DIM)
            ui.text(layer, line, (24, y), 22, colour)
            status = f"{cleared} sites cleared" if open_ else "locked"
            if open_ and i + 1 == g.unlocked and i + 1 < g.world.n_locations:
                status += f" (need {sites_to_unlock(100)} to open the next)"
            ui.text(layer, status, (250, y + 2), 18, ui.DIM)


HELP = (
    "Move: arrows, numpad, hjkl yubn, WASD + QEZC (diagonals)",
    "Wait a turn (and search for secret doors nearby): . or numpad 5",
    "Enter / Space: enter a dungeon site, take stairs, pick up",
    "> and <: stairs down / up     g or , : pick up",
    "i or Tab: pack (drink, wield, wear, craft from resources)",
    "m: world map (travel between open locations)",
    "Click or tap a tile to walk there; any key stops the walk",
    "Bump a monster to attack it. Death is permanent.",
    "Each site's deepest level holds its treasure: take it to clear",
    "the site. Clear 10% of a location's sites to open the next one.",
    "Overworld: deep water and mountains block; shallow water costs",
    "3 turns, forest, hills and swamp 2 (you heal as turns pass).",
)


class HelpScene(_Overlay):
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.pop()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.box(surface, 600, 400)
        surface.blit(self.layer(HELP, rect.size, self._paint), rect.topleft)

    def _paint(self, layer: pygame.Surface) -> None:
        ui.text(layer, "How to play", (16, 10), 28, ui.ACCENT)
        for i, line in enumerate(HELP):
            ui.text(layer, line, (20, 50 + i * 27), 20)


class MenuScene(_Overlay):
    """Esc: resume, save and return to the title, or help."""

    def __init__(self, app: App, play: PlayScene) -> None:
        super().__init__(app)
        self.play = play
        self.buttons = [
            ui.Button("Resume (Esc)", pygame.Rect(260, 170, 200, 34), self.app.pop),
            ui.Button("Help (?)", pygame.Rect(260, 214, 200, 34), self._help),
            ui.Button("Save and quit to title (Q)", pygame.Rect(230, 258, 260, 34), self.quit),
        ]

    def _help(self) -> None:
        self.app.pop()
        self.app.push(HelpScene(self.app))

    def quit(self) -> None:
        self.play.save_now()
        self.app.pop()
        self.app.replace(_title(self.app))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key == pygame.K_q:
                self.quit()
            elif (getattr(event, "unicode", "") or "") == "?":
                self._help()
            return True
        for b in self.buttons:
            if b.handle(event):
                return True
        return True

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.box(surface, 340, 200)
        ui.text(surface, "Paused", (rect.centerx, rect.y + 12), 28, ui.ACCENT, "midtop")
        for b in self.buttons:
            b.draw(surface)


class DeathScene(Scene):
    """The end of a run: a summary, then a new world or the same one again."""

    def __init__(self, app: App, game: Game) -> None:
        super().__init__(app)
        self.game = game
        self.buttons = [
            ui.Button("New world (N)", pygame.Rect(300, 380, 170, 36), self.new_world),
            ui.Button("Same world again (S)", pygame.Rect(490, 380, 190, 36), self.same_world),
        ]

    def new_world(self) -> None:
        self.app.replace(_title(self.app))

    def same_world(self) -> None:
        from .title import start_game

        start_game(self.app, self.game.name, self.game.size_name)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_n:
                self.new_world()
            elif event.key in (pygame.K_s, pygame.K_RETURN, pygame.K_SPACE):
                self.same_world()
            return True
        for b in self.buttons:
            if b.handle(event):
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        g, p = self.game, self.game.player
        surface.fill((20, 6, 10))
        ui.text(surface, "You have died", (480, 90), 64, (230, 80, 80), "midtop")
        loc = g.loc.name if g.loc else g.name
        where = (f"depth {g.depth} of site {g.site + 1}" if g.site is not None else "the overworld")
        lines = [
            f"Killed by {g.killer or 'something'} in {where}, {loc}",
            f"World {g.name!r} ({g.size_name} dungeons), location {g.location + 1} of {g.world.n_locations}",
            f"Reached level {p.level}; {g.kills} monsters slain in {g.turn} turns",
            f"Sites cleared: {sum(len(v) for v in g.cleared.values())}",
        ]
        for i, line in enumerate(lines):
            ui.text(surface, line, (480, 180 + i * 32), 24, ui.INK, "midtop")
        for b in self.buttons:
            b.draw(surface)
