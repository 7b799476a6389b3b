"""The playground: the demo's parameter panel, live (its state and its input).

P (or the "knobs" button, or a link's ``ui=panel``) opens a column of
controls, one per knob of the generator's spec (``game.view.knobs``): the
seed, the size, every parameter.  Mouse, keys and touch all work it:

* click or tap a slider's track and drag (a finger too): the map follows
  while the work allows, and the value let go of is the map made last;
  ``-``/``+`` step it; a segment picks a choice or turns a toggle;
  the seed's field takes typed text (Enter keeps it, Esc drops it), "roll"
  picks a new one;
* Up/Down (Tab) pick a knob, Left/Right step it (with Shift ten steps),
  Home sets its default, Enter edits the seed or flips a toggle;
* the wheel, or a finger dragged down the rows, scrolls them;
* "reset" puts every parameter and the size back to the demo's start;
  "compare" splits the map in two (``game.demo.compare``); "close", P or
  Esc close the panel.

Every change goes to the demo (:meth:`~game.scenes.demo.DemoScene.set_knob`),
which regenerates: from the start, since no generator resumes from a later
stage (the map on screen stays until the new one's stage is ready, the
progress shown in the panel's status line, the work spread over frames
within the frame budget).  The status line says what the work budget cuts
for the values shown (``GeneratorSpec.budget_note``), in one line.
"""

from __future__ import annotations

from typing import Any

import dataclasses

import pygame

from worldgen.generators import captions

from ..shell.app import WORK_BUDGET_MS
from ..shell.settings import clean_text
from ..view import knob_panel, ui
from ..view.demo_view import MIN_TEXT
from ..view.knobs import SEED, Knob, knobs
from . import compare as compare_view

__all__ = ["Playground", "DemoKnobs"]

WHEEL_STEP = 60
MAX_SEED_TYPED = 80


class Playground:
    def __init__(self, demo: Any, open_: bool = False) -> None:
        self.demo = demo
        self.knobs: tuple[Knob, ...] = knobs(demo.spec)
        self.open = open_
        self.focus = 0
        self.scroll = 0
        self.drag: int | None = None  # the knob whose slider is held
        self.pan: tuple[int, int] | None = None  # a finger scrolling the rows: where it started, the scroll then
        self.editing: str | None = None  # the seed being typed

    # -- geometry -------------------------------------------------------
    @property
    def window(self) -> tuple[int, int]:
        return self.demo.app.size

    @property
    def max_scroll(self) -> int:
        return max(0, len(self.knobs) * knob_panel.ROW - knob_panel.list_rect(self.window).height)

    def scroll_to(self, i: int) -> None:
        """Scroll so knob ``i`` is whole in view."""
        area = knob_panel.list_rect(self.window)
        top = i * knob_panel.ROW
        self.scroll = min(self.scroll, top)
        self.scroll = max(self.scroll, top + knob_panel.ROW - area.height)
        self.scroll = max(0, min(self.max_scroll, self.scroll))

    def index(self, key: str) -> int:
        return next(i for i, k in enumerate(self.knobs) if k.key == key)

    # -- changes ----------------------------------------------------------
    def toggle(self) -> None:
        self.open = not self.open
        self.drag = self.pan = self.editing = None

    def set(self, i: int, value: Any, final: bool = True) -> None:
        self.demo.set_knob(self.knobs[i], value, final)

    def _value(self, i: int) -> Any:
        return self.demo.knob_values()[self.knobs[i].key]

    def _slide(self, i: int, x: int, final: bool) -> None:
        track = next(p.rect for p in knob_panel.parts(self.knobs[i], knob_panel.row_rect(self.window, i, self.scroll))
                     if p.what == "track")
        self.set(i, self.knobs[i].at((x - track.left) / max(1, track.width)), final)

    # -- events -----------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the panel took the event (only while it is open)."""
        if not self.open:
            return False
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.TEXTINPUT and self.editing is not None:
            self.editing = (self.editing + event.text)[:MAX_SEED_TYPED]
            return True
        if event.type == pygame.MOUSEWHEEL:
            if knob_panel.panel_rect(self.window).collidepoint(pygame.mouse.get_pos()):
                self.scroll = max(0, min(self.max_scroll, self.scroll - event.y * WHEEL_STEP))
                return True
            return False
        if event.type == pygame.MOUSEMOTION:
            return self._motion(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            part = knob_panel.hit(self.window, self.knobs, self.scroll, event.pos)
            if part is None:
                return False
            self._press(part, event.pos)
            return True
        return False

    def _motion(self, event: pygame.event.Event) -> bool:
        if self.drag is not None and event.buttons[0]:
            self._slide(self.drag, event.pos[0], final=False)
            return True
        if self.pan is not None and event.buttons[0]:
            start, scroll = self.pan
            self.scroll = max(0, min(self.max_scroll, scroll + start - event.pos[1]))
            return True
        return False

    def _release(self, event: pygame.event.Event) -> bool:
        if self.drag is not None:
            self._slide(self.drag, event.pos[0], final=True)  # the value let go of is the map made
            self.drag = None
            return True
        if self.pan is not None:
            self.pan = None
            return True
        return False

    def _press(self, part: knob_panel.Part, pos: tuple[int, int]) -> None:
        if part.what == "button":
            name = knob_panel.HEADER_BUTTONS[part.index]
            if name == "reset":
                self.demo.reset_knobs()
            elif name == "compare":
                self.demo.toggle_compare()
            else:
                self.toggle()
            return
        if part.knob < 0:
            return
        i = self.focus = part.knob
        knob = self.knobs[i]
        if part.what != "field" and self.editing is not None:
            self.editing = None
        if part.what == "track":
            self.drag = i
            self._slide(i, pos[0], final=False)
        elif part.what in ("minus", "plus"):
            self.set(i, knob.nudge(self._value(i), -1 if part.what == "minus" else 1))
        elif part.what == "segment":
            self.set(i, knob.choices[part.index] if knob.kind == "choice" else bool(part.index))
        elif part.what == "roll":
            self.set(i, self.demo.app.roll_seed())
        elif part.what == "field":
            self.editing = str(self._value(i))
        else:
            self.pan = (pos[1], self.scroll)

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if self.editing is not None:
            return self._typing(key)
        knob = self.knobs[self.focus]
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        if key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            down = key == pygame.K_DOWN or (key == pygame.K_TAB and not shift)
            self.focus = (self.focus + (1 if down else -1)) % len(self.knobs)
            self.scroll_to(self.focus)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            if knob.kind != "seed":
                steps = (10 if shift else 1) * (1 if key == pygame.K_RIGHT else -1)
                self.set(self.focus, knob.nudge(self._value(self.focus), steps))
        elif key == pygame.K_HOME and knob.kind != "seed":
            self.set(self.focus, self.demo.start_value(knob))
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if knob.kind == "seed":
                self.editing = str(self._value(self.focus))
            elif knob.kind == "toggle":
                self.set(self.focus, not self._value(self.focus))
        elif key in (pygame.K_p, pygame.K_ESCAPE):
            self.toggle()
        else:
            return False
        return True

    def _typing(self, key: int) -> bool:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            typed, self.editing = self.editing.strip(), None
            if typed:
                self.set(self.index(SEED), typed)
        elif key == pygame.K_ESCAPE:
            self.editing = None
        elif key == pygame.K_BACKSPACE:
            self.editing = self.editing[:-1]
        return True  # every other key is the text's (TEXTINPUT brings it)

    # -- drawing -----------------------------------------------------------
    def draw(self, surface: pygame.Surface, status: tuple[str, tuple[int, int, int]], fraction: float | None,
             comparing: bool) -> None:
        if self.open:
            knob_panel.draw(surface, self.knobs, self.demo.knob_values(), scroll=self.scroll, focus=self.focus,
                            editing=self.editing, status=status, fraction=fraction, comparing=comparing)


class DemoKnobs:
    """The demo's side of the panel and of the compare view: a mixin of
    :class:`~game.scenes.demo.DemoScene` (its seed, size, ``params`` and ``compare``)."""

    def knob_values(self) -> dict[str, Any]:
        """Each knob's value now: ``seed``, ``w``, ``h`` and ``p.NAME``."""
        values = {"seed": self.seed, "w": self.width, "h": self.height}
        return {**values, **{f"p.{s.name}": getattr(self.params, s.name) for s in self.spec.param_specs}}

    def start_value(self, knob: Knob) -> Any:
        """What a knob is when the demo starts (the demo's own parameters, the generator's size)."""
        return captions.demo_params(self.spec).get(knob.param, knob.default) if knob.param else knob.default

    def set_knob(self, knob: Knob, value: Any, final: bool = True) -> None:
        """Set one knob and make the map again: now when ``final`` or when nothing is being made,
        else (a slider held) once the running work is done."""
        if knob.key == "seed":
            self.seed = clean_text(str(value))[0] or self.seed
        elif knob.key in ("w", "h"):
            self.width, self.height = (value, self.height) if knob.key == "w" else (self.width, value)
            self.explicit_size = True
        else:
            self.params = dataclasses.replace(self.params, **{knob.param: knob.clamp(value)})
        self._changed(final)

    def _changed(self, final: bool) -> None:
        if knob_size := (self.compare is not None and self.compare.size != (self.width, self.height)):
            self.compare = self._side(self.compare.seed, self.compare.params)
        if (self.seed, self.width, self.height, self.params) == self.request and not knob_size:
            return
        if final or self.work is None or self.work.done:
            self.regenerate()
        else:
            self.stale = True

    def reset_knobs(self) -> None:
        """Every parameter and the size back to the demo's start (the seed stays)."""
        self.params = self.spec.make_params(captions.demo_params(self.spec))
        self.width, self.height = self.spec.default_size
        self.explicit_size = False
        self._changed(True)

    def _side(self, seed: str | None = None, params: Any = None) -> compare_view.Side:
        return compare_view.Side(self.spec, seed or self.seed, params or self.params, (self.width, self.height),
                                 WORK_BUDGET_MS)

    def toggle_compare(self) -> None:
        """Keep this map as the left one and let the knobs set the right one; or leave (the right stays)."""
        self.compare = None if self.compare is not None else self._side()
        self.animating = False
        self._surface_key = None

    def compare_settings(self) -> dict | None:
        """The link's ``vs`` keys: how the right map differs from the left one."""
        if self.compare is None:
            return None
        left = self.compare.params
        return {"seed": self.seed if self.seed != self.compare.seed else None,
                "params": {s.name: getattr(self.params, s.name) for s in self.spec.param_specs
                           if getattr(self.params, s.name) != getattr(left, s.name)}}

    def _draw_left(self, surface: pygame.Surface) -> None:
        """The compare view's left map and both maps' labels (what sets each apart)."""
        left, right = compare_view.split(self.map_area(), (self.width, self.height))
        labels = compare_view.differences(self.spec, (self.compare.seed, self.compare.params),
                                          (self.seed, self.params))
        self.compare.draw(surface, left, self.stage_name, labels[0])
        ui.text(surface, ui.fit(labels[1], right.width - 8, MIN_TEXT), (right.x + 4, right.y + 1), MIN_TEXT,
                ui.ACCENT)

    def _status(self) -> tuple[str, tuple[int, int, int]]:
        """The panel's status line: what the work budget cuts, else how long the map took."""
        note = self.spec.budget_note(self.width, self.height, self.params)
        if note is not None:
            return note, ui.BAD
        done = self.work is not None and self.work.done
        ms = f" in {self.work.cpu_ms:.1f} ms" if done and self.show_timing else ""
        return f"{self.width}x{self.height} made{ms}" if done else "making...", ui.DIM
