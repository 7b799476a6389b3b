"""The click-to-regenerate demo of one generator, one stage at a time.

Controls: click/tap = new seed; Left/Right or 1..9 = stage; Space = animate
the generation step by step (growth loops, rooms, automaton iterations, where
the generator yields them), N = one step while paused; H = hide the overlay;
E = export PNG, T = export text, L = share link; Esc = back to the gallery.
Generation drains the generator's stage iterator a few ms per frame.
"""

from __future__ import annotations

import re

import pygame

from worldgen.core import registry
from worldgen.core.image import encode_png, stage_rgb, tiles_text
from worldgen.core.registry import Stage

from ..shell import browser
from ..shell.app import WORK_BUDGET_MS, App, Scene
from ..shell.settings import Settings, to_query
from ..view import ui
from ..view.render import fitted_stage_surface
from ..shell.work import Work

__all__ = ["DemoScene"]

ANIMATE_FRAMES = 3  # frames each animation step stays on screen
CAPTION_BOTTOM = 56  # the caption box spans y 6..52
BUTTON_BAND = 42  # the buttons span the bottom 36 pixels


class DemoScene(Scene):
    def __init__(self, app: App, generator: str, seed: str | None = None, stage: str | None = None,
                 width: int | None = None, height: int | None = None, params: dict | None = None,
                 show_ui: bool = True, from_gallery: bool = False,
                 messages: tuple[str, ...] = ()) -> None:
        super().__init__(app)
        self.spec = registry.get(generator)
        self.seed = seed if seed is not None else app.roll_seed()
        self.width, self.height = width or self.spec.default_size[0], height or self.spec.default_size[1]
        self.explicit_size = width is not None or height is not None
        self.params = self.spec.make_params(params or {})
        self.stage_index = self.spec.stages.index(stage or self.spec.final_stage)
        self.show_ui = show_ui
        self.from_gallery = from_gallery
        self.toasts = ui.Toasts()
        for message in messages:
            self.toasts.add(message, ui.BAD)
        note = self.spec.budget_note(self.width, self.height, self.params)   # the work budget's cut, one line
        if note is not None and note not in messages:
            self.toasts.add(note)
        self.work: Work | None = None
        self.animating = False
        self.paused = False
        self.anim_wait = 0
        self.view: tuple[str, Stage] | None = None  # (label, stage) on screen
        self._surface_key: object = None
        self._surface: pygame.Surface | None = None
        self._rect = pygame.Rect(0, 0, 0, 0)
        self.buttons = self._make_buttons()

    # -- state ------------------------------------------------------------
    @property
    def stage_name(self) -> str:
        return self.spec.stages[self.stage_index]

    def enter(self) -> None:
        self.regenerate()

    def regenerate(self, seed: str | None = None, animate: bool = False) -> None:
        if seed is not None:
            self.seed = seed
        iterator = registry.run(self.spec.name, self.seed, self.width, self.height, self.params)
        self.work = Work(iterator, self.spec.stages, WORK_BUDGET_MS)
        self.animating = animate
        self.paused = False
        self.anim_wait = 0

    def set_stage(self, index: int) -> None:
        self.stage_index = max(0, min(len(self.spec.stages) - 1, index))
        self.animating = False  # leave a replay: the rest is generated normally

    # -- events ----------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.show_ui:
                if ui.click(self.buttons, event):
                    return True
            self.regenerate(self.app.roll_seed())
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_RIGHT:
            self.set_stage(self.stage_index + 1)
        elif key == pygame.K_LEFT:
            self.set_stage(self.stage_index - 1)
        elif pygame.K_1 <= key <= pygame.K_9:
            if key - pygame.K_1 < len(self.spec.stages):
                self.set_stage(key - pygame.K_1)
        elif key in (pygame.K_r, pygame.K_RETURN):
            self.regenerate(self.app.roll_seed())
        elif key == pygame.K_SPACE:
            self.toggle_animation()
        elif key in (pygame.K_n, pygame.K_PERIOD):
            self.step_animation()
        elif key == pygame.K_h:
            self.show_ui = not self.show_ui
        elif key == pygame.K_e:
            self.export("png")
        elif key == pygame.K_t:
            self.export("txt")
        elif key == pygame.K_l:
            self.share()
        elif key in (pygame.K_ESCAPE, pygame.K_BACKSPACE) and self.from_gallery:
            self.app.pop()
        else:
            return False
        return True

    def toggle_animation(self) -> None:
        if self.animating:
            self.paused = not self.paused
        else:
            self.regenerate(animate=True)

    def step_animation(self) -> None:
        if not self.animating:
            self.regenerate(animate=True)
        self.paused = True
        self._advance_one()

    # -- export and share -------------------------------------------------------
    def current_stage(self) -> Stage | None:
        return self.view[1] if self.view else None

    def file_stem(self) -> str:
        slug = re.sub(r"[^A-Za-z0-9_-]+", "-", self.seed).strip("-")[:40] or "seed"
        return f"{self.spec.name}-{self.stage_name}-{slug}"

    def export(self, kind: str) -> str | None:
        stage = self.work.stages.get(self.stage_name) if self.work else None
        if stage is None:
            self.toasts.add("still generating; try again in a moment")
            return None
        if kind == "png":
            scale = max(1, min(8, 1024 // max(stage.data.shape)))
            where = browser.download(self.file_stem() + ".png", encode_png(stage_rgb(stage), scale), "image/png")
        elif stage.kind != "tiles":
            self.toasts.add(f"{stage.name} is a height layer; text export needs a tile stage")
            return None
        else:
            where = browser.download(self.file_stem() + ".txt", tiles_text(stage.data).encode("utf-8"),
                                     "text/plain")
        self.toasts.add(where)
        return where

    def share_settings(self) -> Settings:
        return Settings(mode="demo", generator=self.spec.name, stage=self.stage_name, seed=self.seed,
                        width=self.width if self.explicit_size else None,
                        height=self.height if self.explicit_size else None,
                        ui=self.show_ui, params=self.spec.non_default(self.params))

    def share_link(self) -> str:
        return browser.page_url() + to_query(self.share_settings())

    def share(self) -> str:
        link = self.share_link()
        copied = browser.copy_text(link)
        self.toasts.add(("link copied: " if copied else "link: ") + link)
        return link

    def report(self) -> dict:
        """The map asked for and whether it is on screen (``map``), with its generation's CPU ms once done."""
        work = self.work
        done = work is not None and work.done
        return {"generator": self.spec.name, "stage": self.stage_name, "seed": self.seed,
                "size": [self.width, self.height], "map": done and self.view is not None
                and self.view[0] == self.stage_name, "cpu_ms": round(work.cpu_ms, 1) if done else None}

    # -- frame ----------------------------------------------------------
    def update(self, dt: float) -> None:
        self.toasts.update(dt)
        work = self.work
        if work is None:
            return
        if self.animating:
            if not self.paused:
                self.anim_wait -= 1
                if self.anim_wait <= 0:
                    # an item with nothing to show (a room library being grown
                    # on the first map) is not held on screen: the next comes next frame
                    self.anim_wait = ANIMATE_FRAMES if self._advance_one() else 1
            return
        if self._render_pending():
            return  # a big stage's render fills this frame; generation resumes next frame
        if not work.done:
            work.step()
        stage = work.stages.get(self.stage_name)
        if stage is not None:
            self.view = (self.stage_name, stage)
        elif work.error is not None:
            self.toasts.add(f"generation failed: {work.error}", ui.BAD)
            self.work = None

    def _advance_one(self) -> bool:
        """Advance the replay by exactly one item; True when it gave a picture to show."""
        work = self.work
        if work is None or work.done:
            self.animating = False
            return False
        before, stages = work.items, len(work.stages)
        while work.items == before and not work.done:
            work.step(0)  # exactly one item
        shown = False
        if work.progress is not None and work.progress.preview is not None:
            preview = work.progress.preview
            self.view = (f"{work.progress.stage} {work.progress.done:.0%}", _copy(preview))
            shown = True
        elif work.stages:
            name, stage = next(reversed(work.stages.items()))
            self.view = (name, stage)
            self.stage_index = self.spec.stages.index(name)
            shown = len(work.stages) > stages
        if work.done:
            self.animating = False
        return shown

    def map_area(self) -> pygame.Rect:
        """Where the map is drawn: the whole window for a bare figure, else the
        band between the caption (top) and the buttons (bottom), so neither
        ever covers the map."""
        w, h = self.app.size
        if not self.show_ui:
            return pygame.Rect(0, 0, w, h)
        return pygame.Rect(0, CAPTION_BOTTOM, w, h - CAPTION_BOTTOM - BUTTON_BAND)

    def _view_key(self, area: pygame.Rect) -> object:
        return (id(self.view[1]), self.view[0], area.size, area.top) if self.view is not None else None

    def _render_pending(self) -> bool:
        return self.view is not None and self._view_key(self.map_area()) != self._surface_key

    def draw(self, surface: pygame.Surface) -> None:
        area = self.map_area()
        if self.view is not None:
            key = self._view_key(area)
            if key != self._surface_key:
                self._surface, self._rect = fitted_stage_surface(self.view[1], area)
                self._surface_key = key
            surface.blit(self._surface, self._rect)
        work = self.work
        waiting = self.view is None or self.view[0] != self.stage_name
        if work is not None and not work.done and waiting and (not self.animating or self.view is None):
            bar = pygame.Rect(0, 0, min(420, area.width - 40), 18)
            bar.center = area.center
            ui.progress_bar(surface, bar, work.fraction, f"generating {self.spec.name}...")
        if self.show_ui:
            self._draw_overlay(surface)
        self.toasts.draw(surface, surface.get_height() - (BUTTON_BAND + 2 if self.show_ui else 8))

    def _draw_overlay(self, surface: pygame.Surface) -> None:
        n = len(self.spec.stages)
        label = self.view[0] if self.view else self.stage_name
        ms = f"{self.work.cpu_ms:.1f} ms" if self.work and self.work.done else "..."
        mode = "  [animating]" if self.animating and not self.paused else "  [paused]" if self.animating else ""
        line1 = (f"{self.spec.name} / {label} ({self.stage_index + 1}/{n})  seed {self.seed[:32]!r}  "
                 f"{self.width}x{self.height}  {ms}{mode}")
        line2 = "click: new map  <- ->: stage  space: animate  H: hide  E/T: export  L: link"
        if self.from_gallery:
            line2 += "  Esc: back"
        box = pygame.Rect(6, 6, max(ui.text_size(line1, 20)[0], ui.text_size(line2, 16)[0]) + 16, 46)
        ui.panel(surface, box)
        ui.text(surface, line1, (14, 10), 20)
        ui.text(surface, line2, (14, 32), 16, ui.DIM)
        ui.draw_buttons(surface, self.buttons)

    def _make_buttons(self) -> list[ui.Button]:
        w, h = self.app.size
        specs = [("<", lambda: self.set_stage(self.stage_index - 1)),
                 (">", lambda: self.set_stage(self.stage_index + 1)),
                 ("animate", self.toggle_animation), ("step", self.step_animation),
                 ("PNG", lambda: self.export("png")), ("TXT", lambda: self.export("txt")),
                 ("link", self.share)]
        if self.from_gallery:
            specs.append(("back", self.app.pop))
        buttons, x = [], w - 8
        for label, action in reversed(specs):
            width = max(36, ui.text_size(label, 18)[0] + 18)
            x -= width
            buttons.append(ui.Button(label, pygame.Rect(x, h - 36, width, 28), action))
            x -= 6
        return buttons


def _copy(stage: Stage) -> Stage:
    return Stage(stage.name, stage.data.copy(), stage.kind, stage.vrange, dict(stage.points), stage.info)

