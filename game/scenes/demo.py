"""The click-to-regenerate demo of one generator, one stage at a time.

Controls: click/tap the map = new seed; Left/Right or 1..9 = stage; Space =
animate (each finished stage held a second, the steps inside one played in
about two: growth loops, rooms, automaton iterations, the particle pile-up),
N = the next picture, paused; H = hide the words; ? = the keys; E/T = export
PNG/text, L = share link; Esc = back to the gallery.

Every stage is shown with what the stage table
(:mod:`worldgen.generators.captions`) says of it (``game.view.demo_view``
lays it out): its place ("3/6", or "check" for a debug view, which a replay
does not stop at), its sentence, a key, the source's credit.  A bare figure
(``ui=0``, a blog embed) shows only the map until the reader points at it,
then one line: the stage and "click for a new map" (a first tap only shows
it).  The demo starts from the generator's demo parameters (the island's
tile-by-tile mask) unless the link sets them."""

from __future__ import annotations

import re
from typing import NamedTuple

import pygame

from worldgen.core import registry
from worldgen.core.image import encode_png, stage_rgb, tiles_text
from worldgen.core.registry import Stage
from worldgen.generators import captions

from ..shell import browser
from ..shell.app import WORK_BUDGET_MS, App, Scene
from ..shell.settings import Settings, to_query
from ..view import demo_view, ui
from ..view.demo_view import MIN_TEXT
from ..view.render import fitted_stage_surface
from ..shell.work import Work

__all__ = ["DemoScene", "View"]

HOLD_FRAMES = 60  # a finished stage, and a stage's first step when it has a note of its own (the random fill)
STAGE_FRAMES = 120  # the steps inside one stage take about this long however many the generator makes
MOST_STEP_FRAMES = 12  # one step is held at most this long
HINT = "click for a new map"
HELP = [("click the map", "a new map"), ("<- ->  1..9", "stage"), ("space", "animate / pause"),
        ("N", "next picture, paused"), ("H", "hide the words"), ("E  T", "save as PNG / as text"),
        ("L", "share link"), ("Esc", "back to the gallery")]


class View(NamedTuple):
    """The picture on screen: ``label`` ("growth 24%"), the stage, the name of the
    stage it belongs to, and whether it is that stage's first step (its ``start`` note)."""

    label: str
    stage: Stage
    name: str
    start: bool = False


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
        self.params = self.spec.make_params(captions.demo_params(self.spec, params))
        self.stage_index = self.spec.stages.index(stage or self.spec.final_stage)
        self.show_ui = show_ui
        self.from_gallery = from_gallery
        self.toasts = ui.Toasts(size=MIN_TEXT)
        for message in messages:
            self.toasts.add(message, ui.BAD)
        note = self.spec.budget_note(self.width, self.height, self.params)   # the work budget's cut, one line
        if note is not None and note not in messages:
            self.toasts.add(note)
        self.work: Work | None = None
        self.animating = False
        self.paused = False
        self.anim_wait = 0
        self.anim_stage: str | None = None  # the stage whose steps are playing, and how far the last shown was
        self.anim_done = 0.0
        self.view: View | None = None
        self.pointed = False  # a bare figure's caption: shown once the reader points at the figure
        self.help_open = False
        self.show_timing = True  # the generation's ms (pictures for the docs leave it out: it varies)
        self._surface_key: object = None
        self._surface: pygame.Surface | None = None
        self._rect = pygame.Rect(0, 0, 0, 0)
        self._words_key: object = None
        self._words: tuple[demo_view.Words, demo_view.Layout] | None = None
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
        self.anim_stage, self.anim_done = None, 0.0

    def set_stage(self, index: int) -> None:
        self.stage_index = max(0, min(len(self.spec.stages) - 1, index))
        self.animating = False  # leave a replay: the rest is generated normally

    # -- events ----------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if self.help_open:
                self.help_open = False
                return True
            return self._key(event)
        if event.type == pygame.MOUSEMOTION:
            self.pointed = True
            return False
        if event.type == pygame.WINDOWLEAVE:
            self.pointed = False
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event)
        return False

    def _click(self, event: pygame.event.Event) -> bool:
        if self.help_open:
            self.help_open = False
            return True
        if self.show_ui and ui.click(self.buttons, event):
            return True
        if not self.show_ui and not self.pointed and getattr(event, "touch", False):
            self.pointed = True  # a first tap says what a tap does; the next one makes a new map
            return True
        self.pointed = True
        self.regenerate(self.app.roll_seed())
        return True

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
        elif key == pygame.K_SLASH or getattr(event, "unicode", "") == "?":
            self.help_open = True
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
        """Show the next picture of the replay, and pause there."""
        if not self.animating:
            self.regenerate(animate=True)
        self.paused = True
        self._advance(budget_ms=None)

    # -- export and share -------------------------------------------------------
    def current_stage(self) -> Stage | None:
        return self.view.stage if self.view else None

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
                        ui=self.show_ui, params=captions.link_params(self.spec, self.params))

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
                and self.view.label == self.stage_name, "cpu_ms": round(work.cpu_ms, 1) if done else None}

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
                    self._advance(WORK_BUDGET_MS / 2)  # the frame also draws the picture it finds
            return
        if self._render_pending():
            return  # a big stage's render fills this frame; generation resumes next frame
        if not work.done:
            work.step()
        stage = work.stages.get(self.stage_name)
        if stage is not None:
            self.view = View(self.stage_name, stage, self.stage_name)
        elif work.error is not None:
            self.toasts.add(f"generation failed: {work.error}", ui.BAD)
            self.work = None

    def _advance(self, budget_ms: float | None) -> bool:
        """Play the replay on to its next picture, pulling items one at a time for
        at most ``budget_ms`` (None: until a picture comes); sets how long it is held.
        True when a new picture is on screen."""
        work = self.work
        clock = work.clock if work is not None else None
        start = clock() if clock else 0.0
        while work is not None and not work.done:
            count = len(work.stages)
            work.step(0)  # exactly one item
            if len(work.stages) > count and self._show_finished(*next(reversed(work.stages.items()))):
                return True
            if len(work.stages) == count and self._show_step(work.progress):
                return True
            if budget_ms is not None and (clock() - start) * 1000.0 >= budget_ms:
                self.anim_wait = 1
                return False
        self.animating = False
        return False

    def _show_finished(self, name: str, stage: Stage) -> bool:
        if captions.note(self.spec, name).check:
            return False  # a check is not a step: the replay ends on the map it checks
        self.view = View(name, stage, name)
        self.stage_index = self.spec.stages.index(name)
        self.anim_wait = HOLD_FRAMES
        return True

    def _show_step(self, progress) -> bool:
        """Show a step inside a stage when the stage has gone far enough since the last one shown
        (about :data:`STAGE_FRAMES` frames for the whole stage)."""
        if progress is None or progress.preview is None:
            return False
        first = progress.stage != self.anim_stage
        if not first and progress.done - self.anim_done < 2.0 / STAGE_FRAMES:
            return False
        gone = progress.done - (0.0 if first else self.anim_done)
        self.anim_stage, self.anim_done = progress.stage, progress.done
        start = first and bool(captions.note(self.spec, progress.stage).start)
        preview = progress.preview
        self.view = View(f"{progress.stage} {progress.done:.0%}", _copy(preview), progress.stage, start)
        self.stage_index = self.spec.stages.index(progress.stage)
        self.anim_wait = HOLD_FRAMES if start else max(2, min(MOST_STEP_FRAMES, round(gone * STAGE_FRAMES)))
        return True

    # -- drawing ------------------------------------------------------------
    def words(self) -> demo_view.Words:
        """What is said about the picture on screen (the stage asked for while none is)."""
        view = self.view
        stages = self.work.stages if self.work is not None else {}
        return demo_view.words_for(self.spec, view.name if view else self.stage_name, view.stage if view else None,
                                   stages, self.params, (self.width, self.height), bool(view and view.start))

    def map_area(self) -> pygame.Rect:
        """Where the map is drawn: the whole window for a bare figure, else what the words leave."""
        if not self.show_ui:
            return pygame.Rect((0, 0), self.app.size)
        return self._layout()[1].map_area

    def _layout(self) -> tuple[demo_view.Words, demo_view.Layout]:
        view = self.view
        key = (id(view.stage), view.label, view.start, id(self.work), self.show_ui) if view else self.stage_name
        if key != self._words_key or self._words is None:
            words = self.words()
            size = view.stage.data.shape[::-1] if view else (self.width, self.height)
            self._words = (words, demo_view.layout(self.app.size, size, words))
            self._words_key = key
        return self._words

    def _view_key(self, area: pygame.Rect) -> object:
        return (id(self.view.stage), self.view.label, area.size, area.topleft) if self.view is not None else None

    def _render_pending(self) -> bool:
        return self.view is not None and self._view_key(self.map_area()) != self._surface_key

    def draw(self, surface: pygame.Surface) -> None:
        area = self.map_area()
        if self.view is not None:
            key = self._view_key(area)
            if key != self._surface_key:
                self._surface, self._rect = self._fitted(area)
                self._surface_key = key
            surface.blit(self._surface, self._rect)
        work = self.work
        waiting = self.view is None or self.view.label != self.stage_name
        if work is not None and not work.done and waiting and (not self.animating or self.view is None):
            bar = pygame.Rect(0, 0, min(420, area.width - 40), 18)
            bar.center = area.center
            ui.progress_bar(surface, bar, work.fraction, f"generating {self.spec.name}...", MIN_TEXT)
        if self.show_ui:
            self._draw_overlay(surface)
        elif self.pointed and self.view is not None:
            words = self._layout()[0]
            demo_view.draw_caption(surface, f"{words.title}: {words.sentence}", HINT)
        if self.help_open:
            demo_view.draw_help(surface, HELP if self.from_gallery else HELP[:-1])
        self.toasts.draw(surface, surface.get_height() - (demo_view.BOTTOM_BAND + 2 if self.show_ui else 48))

    def _fitted(self, area: pygame.Rect) -> tuple[pygame.Surface, pygame.Rect]:
        view, stages = self.view, self.work.stages if self.work else {}
        finished = stages.get(view.name) is view.stage
        before = captions.before(self.spec, stages, view.name) if finished else None
        changes = captions.changes_of(self.spec, view.name) if finished else ()
        return fitted_stage_surface(view.stage, area, before, changes)

    def _draw_overlay(self, surface: pygame.Surface) -> None:
        words, spot = self._layout()
        demo_view.draw_words(surface, spot, words)
        ms = "" if not self.show_timing else f"{self.work.cpu_ms:.1f} ms" if self.work and self.work.done else "..."
        mode = "  animating" if self.animating and not self.paused else "  paused" if self.animating else ""
        info = f"seed {self.seed[:24]!r}  {self.width}x{self.height}  {ms}{mode}"
        h = surface.get_height()
        room = self.buttons[-1].rect.left - 3 * demo_view.MARGIN
        ui.text(surface, ui.fit(info, room, MIN_TEXT), (demo_view.MARGIN, h - demo_view.BOTTOM_BAND + 10), MIN_TEXT,
                ui.DIM)
        ui.draw_buttons(surface, self.buttons)

    def _make_buttons(self) -> list[ui.Button]:
        w, h = self.app.size
        specs = [("<", lambda: self.set_stage(self.stage_index - 1)),
                 (">", lambda: self.set_stage(self.stage_index + 1)),
                 ("animate", self.toggle_animation), ("new map", lambda: self.regenerate(self.app.roll_seed())),
                 ("PNG", lambda: self.export("png")), ("link", self.share),
                 ("?", lambda: setattr(self, "help_open", True))]
        if self.from_gallery:
            specs.append(("back", self.app.pop))
        buttons, x = [], w - demo_view.MARGIN
        for label, action in reversed(specs):
            width = max(40, ui.text_size(label, MIN_TEXT)[0] + 20)
            x -= width
            buttons.append(ui.Button(label, pygame.Rect(x, h - 40, width, 34), action, MIN_TEXT))
            x -= 6
        return buttons


def _copy(stage: Stage) -> Stage:
    return Stage(stage.name, stage.data.copy(), stage.kind, stage.vrange, dict(stage.points), stage.info)
