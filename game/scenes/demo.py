"""The click-to-regenerate demo of one generator, one stage at a time.

Controls: click/tap the map = new seed; Left/Right or 1..9 = stage; Space =
animate (each finished stage held a second, the steps inside one played in
about two: growth loops, rooms, automaton iterations, the particle pile-up),
N = the next picture, paused; H = hide the words; ? = the keys; P = the
parameter panel (``game.demo.playground``; while it is open the arrows are
its own); V = compare (``game.demo.compare``); E/T/M = export PNG/text/Tiled
map, L = share link, C = embed code (``game.demo.share``); Esc = back
to the gallery.

Every stage is shown with what the stage table
(:mod:`worldgen.generators.captions`) says of it (``game.view.demo_view``
lays it out): its place ("3/6", or "check" for a debug view, which a replay
does not stop at), its sentence, a key, the source's credit.  A bare figure
(``ui=0``, a blog embed) shows only the map until the reader points at it,
then one line: the stage and "click for a new map" (a first tap only shows
it).  The demo starts from the generator's demo parameters (the island's
tile-by-tile mask) unless the link sets them."""

from __future__ import annotations

import dataclasses

import pygame

from worldgen.core import registry
from worldgen.core.registry import Stage
from worldgen.generators import captions

from ..shell.app import WORK_BUDGET_MS, App, Scene
from ..shell.work import Work
from ..view import demo_view, knob_panel, ui
from ..view.demo_view import MIN_TEXT
from ..view.render import fitted_stage_surface
from ..demo import compare as compare_view
from ..demo.replay import HOLD_FRAMES, MOST_STEP_FRAMES, STAGE_FRAMES, DemoReplay, View
from ..demo.share import DemoShare
from ..demo.playground import DemoKnobs, Playground

__all__ = ["DemoScene", "View", "HOLD_FRAMES", "STAGE_FRAMES", "MOST_STEP_FRAMES"]

HINT = "click for a new map"
HELP = [("click the map", "a new map"), ("<- ->  1..9", "stage"), ("space", "animate / pause"),
        ("N", "next picture, paused"), ("H", "hide the words"), ("P", "parameters (arrows: pick, set)"),
        ("V", "compare two maps"), ("E  T  M", "save as PNG / text / Tiled map"), ("L  C", "link / embed code"),
        ("Esc", "back to the gallery")]


class DemoScene(DemoKnobs, DemoReplay, DemoShare, Scene):
    def __init__(self, app: App, generator: str, seed: str | None = None, stage: str | None = None,
                 width: int | None = None, height: int | None = None, params: dict | None = None,
                 show_ui: bool = True, from_gallery: bool = False,
                 messages: tuple[str, ...] = (), panel: bool = False, compare: dict | None = None) -> None:
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
        self.stale = False  # a knob moved while the work ran: regenerate once it is done
        self.request: tuple = ()
        self.playground = Playground(self, panel)
        self.compare: compare_view.Side | None = None  # the compare view's left map (this scene's is the right)
        if compare is not None:
            self.compare = self._side()
            self.seed = compare.get("seed") or self.seed
            self.params = dataclasses.replace(self.params, **compare.get("params", {}))
        self.buttons = self._make_buttons()

    # -- state ------------------------------------------------------------
    @property
    def stage_name(self) -> str:
        return self.spec.stages[self.stage_index]

    def enter(self) -> None:
        self.regenerate()

    def regenerate(self, seed: str | None = None, animate: bool = False) -> None:
        if seed is not None:
            if self.compare is not None:  # both sides get a new map; one with a seed of its own, another
                old = self.compare
                self.compare = compare_view.Side(self.spec, seed if old.seed == self.seed else self.app.roll_seed(),
                                                 old.params, (self.width, self.height), WORK_BUDGET_MS)
            self.seed = seed
        done, was = self.work is not None and self.work.done and self.work.error is None, self.request
        self.request = (self.seed, self.width, self.height, self.params)
        self.stale = False
        if done and not animate and was[:3] == self.request[:3]:  # a knob moved: keep what it leaves alone
            iterator = registry.rerun(self.spec.name, *self.request, self.work.stages, was[3])
        else:
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
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and self.help_open:
            self.help_open = False
            return True
        if self.playground.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN:
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
        elif key == pygame.K_p:
            self.playground.toggle()
        elif key == pygame.K_v:
            self.toggle_compare()
        elif key == pygame.K_c:
            self.copy_embed_code()
        elif key == pygame.K_m:
            self.export("tmj")
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

    # -- export and share: demo_share.DemoShare ---------------------------------
    def current_stage(self) -> Stage | None:
        return self.view.stage if self.view else None

    def report(self) -> dict:
        """The map asked for and whether it is on screen (``map``), with its generation's CPU ms once done."""
        work = self.work
        done = work is not None and work.done
        return {"generator": self.spec.name, "stage": self.stage_name, "seed": self.seed,
                "size": [self.width, self.height], "map": done and self.view is not None
                and self.view.label == self.stage_name, "cpu_ms": round(work.cpu_ms, 1) if done else None,
                "panel": self.playground.open, "params": captions.link_params(self.spec, self.params),
                "compare": self.compare is not None}

    # -- frame ----------------------------------------------------------
    def update(self, dt: float) -> None:
        self.toasts.update(dt)
        work = self.work
        if work is None:
            return
        if self.stale and work.done:
            self.regenerate()  # the value a held slider reached while the last map was made
            work = self.work
        if self.compare is not None and not self.compare.work.done:
            self.compare.update(self.stage_name, WORK_BUDGET_MS / 2)  # the two sides share the frame
            if not work.done:
                return
        elif self.compare is not None:
            self.compare.update(self.stage_name, 0)
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

    # -- drawing ------------------------------------------------------------
    def words(self) -> demo_view.Words:
        """What is said about the picture on screen (the stage asked for while none is)."""
        view = self.view
        stages = self.work.stages if self.work is not None else {}
        return demo_view.words_for(self.spec, view.name if view else self.stage_name, view.stage if view else None,
                                   stages, self.params, (self.width, self.height), bool(view and view.start))

    def window(self) -> tuple[int, int]:
        """What the words and the map share: the window, less the panel's column when it is open."""
        w, h = self.app.size
        return (w - knob_panel.WIDTH, h) if self.playground.open else (w, h)

    def map_area(self) -> pygame.Rect:
        """Where the map is drawn: the whole window for a bare figure, else what the words leave."""
        if not self.show_ui:
            w, h = self.window()
            return pygame.Rect(0, 0, w, h - (demo_view.BOTTOM_BAND if self.playground.open else 0))
        return self._layout()[1].map_area

    def _layout(self) -> tuple[demo_view.Words, demo_view.Layout]:
        view = self.view
        key = (id(view.stage), view.label, view.start, id(self.work), self.show_ui, self.window(),
               self.compare is not None) if view else (self.stage_name, self.window())
        if key != self._words_key or self._words is None:
            words = self.words()
            size = view.stage.data.shape[::-1] if view else (self.width, self.height)
            if self.compare is not None:  # two maps share the area: lay the words out for one of them
                size = (size[0] * 2, size[1]) if size[0] <= size[1] else (size[0], size[1] * 2)
            self._words = (words, demo_view.layout(self.window(), size, words))
            self._words_key = key
        return self._words

    def picture_area(self) -> pygame.Rect:
        """Where this scene's own map is drawn: the map area, or its right part when comparing."""
        area = self.map_area()
        return area if self.compare is None else \
            compare_view.map_part(compare_view.split(area, (self.width, self.height))[1])

    def _view_key(self, area: pygame.Rect) -> object:
        return (id(self.view.stage), self.view.label, area.size, area.topleft) if self.view is not None else None

    def _render_pending(self) -> bool:
        return self.view is not None and self._view_key(self.picture_area()) != self._surface_key

    def draw(self, surface: pygame.Surface) -> None:
        if self.compare is not None:
            self._draw_left(surface)
        area = self.picture_area()
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
        self.playground.draw(surface, self._status(), None if work is None or work.done else work.fraction,
                             self.compare is not None)
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
                 ("knobs", self.playground.toggle),
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
