"""The title screen: name a world (or roll a name), pick a dungeon size
(Left/Right) and a background (Up/Down: a fighter, a hunter, an adept, a
rogue), start; or continue the saved game; or play the day's world (F4:
its name comes from the UTC date, the same for every player that day, with
its own score table); or watch the last finished runs (F3).  ``world=NAME``
in the URL skips it (and starts as the default background); so does
``replay=...`` (a recorded run, watched at once, or one line saying why it
cannot be).

The first location of the typed world is generated in the background (a few
milliseconds per frame) and shown as a preview; starting then reuses it.
"""

from __future__ import annotations

import time

import pygame

from worldgen.core.tiles import PALETTE

from ..shell.app import WORK_BUDGET_MS, App, Scene
from ..shell.controls import hint, keys_text
from ..rules.run import BACKGROUNDS, DEFAULT_BACKGROUND, LEVELS, SIZE_NAMES, Game, WorldPreview, daily_world, load_saved, open_replay, roll_world_name, run_seed, same_world, saves_off
from ..shell.settings import clean_text
from ..view import ui
from ..view.render import rgb_surface
from ..shell.work import Work

__all__ = ["TitleScene", "start_game", "continue_game", "MAX_NAME"]

MAX_NAME = 40
PREVIEW_DELAY = 0.35  # seconds after the last keystroke before the preview is generated
PREVIEW_RECT = pygame.Rect(540, 70, 400, 400)


def start_game(app: App, name: str, size: str, preview=None, daily: str = "",
               background: str = DEFAULT_BACKGROUND, seed: str | None = None) -> Scene:
    """A new run in world ``name`` as ``background`` (replaces the current
    scene), its own rolls from ``seed`` when a link gave one; raises
    ``ValueError`` for an unusable name."""
    return app.switch("play", Game.new(name, size, run_seed(app.ui_rng, seed), preview, daily=daily,
                                       background=background))


def today() -> str:
    """The UTC date, as the daily world is named by it ("2025-06-01")."""
    return time.strftime("%Y-%m-%d", time.gmtime())


def continue_game(app: App, body: dict, messages: tuple[str, ...] = ()) -> Scene | None:
    """Resume a saved run (and its recording); None if the save cannot be used."""
    try:
        game = Game.resume(body, app.storage)
    except Exception:  # noqa: BLE001 - any save the game cannot use is refused with a message
        return None
    if game.repaired:
        messages = tuple(messages) + (f"Saved game: unusable values in {', '.join(game.repaired)} were reset.",)
    return app.switch("play", game, messages)


def _int(value) -> int:
    try:
        return max(0, min(99, int(value)))
    except (TypeError, ValueError, OverflowError):
        return 0


class TitleScene(Scene):
    def __init__(self, app: App, messages: tuple[str, ...] = (), auto: bool = True) -> None:
        super().__init__(app)
        self.toasts = ui.Toasts(10.0)
        for m in tuple(app.settings.messages if auto else ()) + tuple(messages):
            self.toasts.add(m, ui.BAD)
        self.auto = auto and bool(app.settings.world or app.settings.replay)
        self.date = today()
        self.daily = daily_world(self.date)
        self.size = app.settings.dungeon_size if app.settings.dungeon_size in SIZE_NAMES else "medium"
        self.background = DEFAULT_BACKGROUND
        self.saved, why = load_saved(app.storage)
        said = [f"Saved game: {line}" if i == 0 else line for i, line in enumerate(why.splitlines())]
        for line in said:
            self.toasts.add(line, ui.BAD)
        # Said again in the game when that save is continued (e.g. the backup was used).
        self.save_note = tuple(said) if self.saved is not None else ()
        if off := saves_off(app.storage):
            self.toasts.add(off, ui.BAD)
        if self.saved is not None and not isinstance(self.saved.get("world"), str):
            self.toasts.add("Saved game: the save is damaged (no world name); ignored", ui.BAD)
            self.saved = None
        if self.saved is not None:
            self.name = str(self.saved["world"])[:MAX_NAME]
            self.size = self._saved_size()
        else:
            self.name = roll_world_name(app.ui_rng)
        self.preview_work: Work | None = None
        self.preview = None  # the first location of the named world, once built
        self.preview_world: WorldPreview | None = None
        self.preview_surface: pygame.Surface | None = None
        self.preview_wait = 0.0
        self.blink = 0.0
        self.buttons = self._buttons()

    # -- actions -----------------------------------------------------------------
    def _buttons(self) -> list[ui.Button]:
        b = [ui.Button("Roll a name (Tab)", pygame.Rect(40, 250, 200, 32), self.roll),
             ui.Button("Start (Enter)", pygame.Rect(260, 250, 200, 32), self.start)]
        for i, size in enumerate(SIZE_NAMES):
            b.append(ui.Button(size, pygame.Rect(40 + i * 110, 322, 100, 28), lambda s=size: self.set_size(s)))
        for i, bg in enumerate(BACKGROUNDS):
            b.append(ui.Button(bg.name, pygame.Rect(40 + i * 106, 396, 100, 28),
                               lambda n=bg.id: self.set_background(n)))
        if self.saved is not None:
            b.append(ui.Button("Continue (F1)", pygame.Rect(40, 456, 200, 32), self.continue_saved))
        b.append(ui.Button("Generators (F2)", pygame.Rect(260, 456, 200, 32), self.open_gallery))
        b.append(ui.Button("Replays (F3)", pygame.Rect(480, 456, 150, 32), self.open_replays))
        b.append(ui.Button(f"Today's world: {self.daily} (F4)", pygame.Rect(540, 22, 400, 34), self.start_daily))
        return b

    def set_date(self, date: str) -> None:
        """Offer the world of UTC day ``date`` (the screenshot tool pins one)."""
        self.date, self.daily = date, daily_world(date)
        self.buttons = self._buttons()

    def open_replays(self) -> None:
        """The last finished runs, to watch or share."""
        self.app.switch("replays")

    def start_daily(self) -> None:
        """The day's world, the same for every player today (its own score table)."""
        if self.saved is not None and self.saved.get("daily") == self.date and same_world(
                self.daily, str(self.saved.get("world"))):
            self.continue_saved()
            return
        start_game(self.app, self.daily, "medium", daily=self.date, background=self.background)

    def open_gallery(self) -> None:
        """The click-to-regenerate demos of every generator; Esc comes back here."""
        self.app.open("gallery")

    def _background(self):
        return next((bg for bg in BACKGROUNDS if bg.id == self.background), BACKGROUNDS[0])

    def _saved_size(self) -> str:
        """The saved game's dungeon size, read as :meth:`Game.from_json` reads it."""
        size = self.saved.get("size") if self.saved is not None else None
        return size if isinstance(size, str) and size in SIZE_NAMES else "medium"

    def roll(self) -> None:
        self.name = roll_world_name(self.app.ui_rng)
        self._name_changed()

    def set_size(self, size: str) -> None:
        self.size = size

    def set_background(self, background: str) -> None:
        self.background = background

    def start(self) -> None:
        name, _ = clean_text(self.name, MAX_NAME)
        if not name:
            self.toasts.add("Type a world name first (or Tab to roll one).", ui.BAD)
            return
        if (self.saved is not None and same_world(name, str(self.saved.get("world")))
                and self.size == self._saved_size()):
            self.continue_saved()
            return
        same = self.preview_world is not None and self.preview_world.is_same(name)
        try:
            start_game(self.app, name, self.size, self.preview if same else None, background=self.background)
        except ValueError as exc:
            self.toasts.add(str(exc), ui.BAD)

    def continue_saved(self) -> None:
        if self.saved is None:
            return
        if continue_game(self.app, self.saved, self.save_note) is None:
            self.toasts.add("The saved game could not be read; it was ignored.", ui.BAD)
            self.saved = None
            self.buttons = self._buttons()

    def _name_changed(self) -> None:
        self.preview_wait = PREVIEW_DELAY
        self.preview_work = None

    # -- events -------------------------------------------------------------------
    def enter(self) -> None:
        pygame.key.start_text_input()
        self._name_changed()
        self.preview_wait = 0.0

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT:
            text = "".join(ch for ch in event.text if ch.isprintable())
            if text:
                self.name = (self.name + text)[:MAX_NAME]
                self._name_changed()
            return True
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
            elif key == pygame.K_F1:
                self.continue_saved()
            elif key == pygame.K_F2:
                self.open_gallery()
            elif key == pygame.K_F3:
                self.open_replays()
            elif key == pygame.K_F4:
                self.start_daily()
            elif key == pygame.K_TAB:
                self.roll()
            elif key == pygame.K_BACKSPACE:
                if event.mod & pygame.KMOD_CTRL:
                    self.name = ""
                else:
                    self.name = self.name[:-1]
                self._name_changed()
            elif key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = -1 if key == pygame.K_LEFT else 1
                i = SIZE_NAMES.index(self.size) if self.size in SIZE_NAMES else 1
                self.size = SIZE_NAMES[(i + step) % len(SIZE_NAMES)]
            elif key in (pygame.K_UP, pygame.K_DOWN):
                ids = [bg.id for bg in BACKGROUNDS]
                i = ids.index(self.background) if self.background in ids else 0
                self.background = ids[(i + (-1 if key == pygame.K_UP else 1)) % len(ids)]
            elif key == pygame.K_ESCAPE:
                self.name = ""
                self._name_changed()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return ui.click(self.buttons, event)
        return False

    def report(self) -> dict:
        """The typed name, the size, the saved game's world (None without one), whether the preview shows."""
        saved = None if self.saved is None else str(self.saved.get("world"))
        return {"world": self.name, "size": self.size, "background": self.background, "saved": saved,
                "preview": self.preview_surface is not None}

    # -- frame ---------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.toasts.update(dt)
        self.blink = (self.blink + dt) % 1.0
        if self.auto:
            self.auto = False
            self._auto_start()
            return
        name, _ = clean_text(self.name, MAX_NAME)
        if self.preview_work is None and name and (self.preview_world is None or not self.preview_world.is_same(name)):
            self.preview_wait -= dt
            if self.preview_wait <= 0:
                try:
                    self.preview_world = WorldPreview(name)
                except ValueError:
                    self.preview_wait = 1e9  # an unusable name: no preview until it changes
                    return
                self.preview_work = Work(self.preview_world.steps(), (), WORK_BUDGET_MS)
                self.preview = None
                self.preview_surface = None
        if self.preview_work is not None:
            if self.preview_work.step():
                result = self.preview_work.result
                self.preview_work = None
                if WorldPreview.is_location(result):
                    self.preview = result
                    self._render_preview()

    def _auto_start(self) -> None:
        if self.app.settings.replay is not None:
            replay, why = open_replay(self.app.settings.replay)
            if replay is not None:
                self.app.switch("play", replay=replay)
            else:
                self.toasts.add(f"The replay in the link cannot be watched: {why}", ui.BAD)
            return
        world = self.app.settings.world
        if self.saved is not None and same_world(str(self.saved.get("world")), world):
            if continue_game(self.app, self.saved, self.save_note) is not None:
                return
        try:
            start_game(self.app, world, self.app.settings.dungeon_size, seed=self.app.settings.seed)
        except ValueError as exc:
            self.name = world[:MAX_NAME]
            self.toasts.add(str(exc), ui.BAD)

    def _render_preview(self) -> None:
        data = self.preview
        rgb = PALETTE[data.tiles].copy()
        for s in data.sites:
            rgb[s.y, s.x] = (20, 12, 16)
        h, w = data.tiles.shape
        scale = max(1, min(PREVIEW_RECT.width // w, PREVIEW_RECT.height // h))
        self.preview_surface = pygame.transform.scale(rgb_surface(rgb), (w * scale, h * scale))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((14, 16, 26))
        # Preview of the world's first location.
        if self.preview_surface is not None:
            rect = self.preview_surface.get_rect(center=PREVIEW_RECT.center)
            surface.blit(self.preview_surface, rect)
            pygame.draw.rect(surface, (90, 90, 110), rect.inflate(4, 4), 2)
            ui.text(surface, f"{self.preview.name}, first of {self.preview_world.n_locations} locations",
                    (rect.centerx, rect.bottom + 8), 18, ui.DIM, "midtop")
        else:
            pygame.draw.rect(surface, (40, 40, 56), PREVIEW_RECT, 2)
            ui.text(surface, "charting the world...", PREVIEW_RECT.center, 20, ui.DIM, "center")
        ui.text(surface, "DEEPISLE", (40, 40), 84, ui.ACCENT)
        ui.text(surface, "ten islands, a thousand dungeons. The name is the seed.", (44, 106), 22, ui.DIM)
        ui.text(surface, "Name a world: the same name gives the same world", (40, 160), 20)
        field = pygame.Rect(40, 184, 420, 44)
        ui.panel(surface, field, 220)
        pygame.draw.rect(surface, ui.ACCENT, field, 2)
        shown = self.name[-28:]
        r = ui.text(surface, shown, (field.x + 12, field.y + 8), 36)
        if self.blink < 0.5:
            pygame.draw.rect(surface, ui.INK, (r.right + 3, field.y + 10, 3, 26))
        ui.text(surface, "Dungeon size (Left / Right)", (40, 296), 22)
        ui.draw_buttons(surface, self.buttons)
        for b in self.buttons:
            if b.label == self.size or b.label == self._background().name:
                pygame.draw.rect(surface, ui.ACCENT, b.rect, 3)
        levels = LEVELS.get(self.size, 4)
        ui.text(surface, f"{levels} levels per dungeon", (40, 352), 16, ui.DIM)
        ui.text(surface, "Background (Up / Down)", (40, 372), 22)
        ui.text(surface, self._background().note, (40, 428), 16, ui.DIM)
        if self.saved is not None:
            s, size = self.saved, self._saved_size()
            where = s.get("where", {}) if isinstance(s.get("where"), dict) else {}
            depth = max(1, min(LEVELS[size], _int(where.get("depth"))))  # as the game will clamp it
            depth = f", depth {depth}" if where.get("mode") == "dungeon" else ""
            ui.text(surface, f"Saved game: {str(s.get('world'))[:30]} ({size}), location "
                             f"{_int(s.get('location')) + 1}{depth}", (40, 494), 18)
            if not same_world(self.name, str(s.get("world"))) or self.size != size:
                ui.text(surface, "Start begins a new game in place of the saved one.", (40, 514), 16, ui.DIM)
        else:
            ui.text(surface, f"Move: {keys_text('move')}.  Click: walk there.  In the game, {hint('help')}",
                    (40, 512), 18, ui.DIM)
        self.toasts.draw(surface)
