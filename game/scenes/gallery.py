"""The gallery: every registered generator, a card per stage.

Each generator is a section: its full title and the post it follows, its
seed with a "new seed" button (that row only) and a "copy embed code"
button, then a card per stage in rows of :data:`COLUMNS`: a live thumbnail
(changes tinted, as in the demo), where the stage stands ("3/6") and its
title, and its sentence in the source's words, from the stage table
(:mod:`worldgen.generators.captions`).  Sections come from the registry, so
a new generator appears here without any change to this file.

Thumbnails are generated a few ms per frame (one :class:`~game.shell.work.Work`
per generator, drained in turn); click a card to open that stage's demo
with the same seed, Esc there to come back.  Up/Down or the mouse wheel
scroll; R rolls new seeds for every row; Esc returns to the title screen
when the gallery was opened from it.

The "copy embed code" button gives the HTML that shows the row's final
stage as a figure in a blog post, with the page's own address filled in
(:mod:`game.shell.embed_code`).  The rows start at :data:`FIRST_SEED`, whose posters
every build draws (``web/embeds.txt``), so the first codes work as pasted.
"""

from __future__ import annotations

import pygame

from worldgen.core import registry
from worldgen.core.legend import wrap
from worldgen.core.registry import GeneratorSpec
from worldgen.generators import captions

from ..shell import browser, embed_code
from ..shell.app import WORK_BUDGET_MS, App, Scene
from ..shell.settings import parse_query
from ..view import ui
from ..view.demo_view import MIN_TEXT
from ..view.render import fitted_stage_surface
from ..shell.work import Work

__all__ = ["GalleryScene"]

COLUMNS = 3
MARGIN = 12
GAP = 12
LINE = 24
HEADER_H = 40  # the title strip; sections scroll under it
SUMMARY_LINES = 2  # a section's summary, wrapped beside its buttons
SECTION_HEAD = 96 + (SUMMARY_LINES - 1) * LINE  # a section's title, credit, summary and buttons
SENTENCE_LINES = 5
FIRST_SEED = "deepisle"  # every row's seed until R rolls new ones (web/embeds.txt lists their posters)
COPY_LABEL = "copy embed code"
REROLL_LABEL = "new seed"


class _Row:
    def __init__(self, spec: GeneratorSpec, seed: str, thumb: tuple[int, int]) -> None:
        self.spec = spec
        self.seed = seed
        self.thumb = thumb
        self.params = spec.make_params(captions.demo_params(spec))
        self.work = Work(registry.run(spec.name, seed, params=self.params), spec.stages, WORK_BUDGET_MS)
        self.thumbs: dict[str, pygame.Surface] = {}
        self.sentences: dict[str, tuple[str, ...]] = {}

    def harvest(self) -> None:
        stages = self.work.stages
        for name, stage in stages.items():
            if name not in self.thumbs:
                before = captions.before(self.spec, stages, name)
                self.thumbs[name], _ = fitted_stage_surface(stage, pygame.Rect((0, 0), self.thumb), before,
                                                            captions.changes_of(self.spec, name))

    def sentence(self, name: str, width: int) -> tuple[str, ...]:
        """The stage's sentence wrapped to ``width`` (with its facts once the stage is made)."""
        done = name in self.work.stages
        if (name, done) not in self.sentences:
            info = self.work.stages[name].info if done else None
            text = captions.sentence(self.spec, name, self.params, info)
            self.sentences[(name, done)] = _wrapped(text, width, SENTENCE_LINES)
        return self.sentences[(name, done)]

    def summary(self, width: int) -> tuple[str, ...]:
        """The row's seed and the generator's summary, wrapped to ``width``."""
        return _wrapped(f"seed {self.seed}: {self.spec.summary}", width, SUMMARY_LINES)


def _wrapped(text: str, width: int, most: int) -> tuple[str, ...]:
    """``text`` in lines no wider than ``width``: at most ``most``, the last cut with an ellipsis if need be."""
    lines = wrap(text, lambda line: ui.text_size(line, MIN_TEXT)[0] <= width)
    if len(lines) > most:
        lines = lines[:most - 1] + [ui.fit(" ".join(lines[most - 1:]), width, MIN_TEXT)]
    return tuple(lines)


class GalleryScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        specs = registry.all_specs()
        self.card_w = (app.size[0] - 2 * MARGIN - (COLUMNS - 1) * GAP) // COLUMNS
        self.thumb = (self.card_w, self.card_w * 9 // 16)
        self.card_h = self.thumb[1] + 8 + LINE + SENTENCE_LINES * LINE + 10
        self.rows = [_Row(spec, FIRST_SEED, self.thumb) for spec in specs]
        self.tops: list[int] = []
        y = HEADER_H + 8
        for spec in specs:
            self.tops.append(y)
            y += SECTION_HEAD + -(-len(spec.stages) // COLUMNS) * (self.card_h + GAP) + 16
        self.bottom = y
        self.scroll = 0
        self.toasts = ui.Toasts(size=MIN_TEXT)
        for message in app.settings.messages:
            self.toasts.add(message, ui.BAD)

    # -- layout -------------------------------------------------------
    def card_rect(self, row: int, col: int) -> pygame.Rect:
        """Where stage ``col`` of row ``row``'s card is (thumbnail, title and sentence)."""
        top = self.tops[row] + SECTION_HEAD - self.scroll + (col // COLUMNS) * (self.card_h + GAP)
        return pygame.Rect(MARGIN + (col % COLUMNS) * (self.card_w + GAP), top, self.card_w, self.card_h)

    def thumb_rect(self, row: int, col: int) -> pygame.Rect:
        return pygame.Rect(self.card_rect(row, col).topleft, self.thumb)

    def hit(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        if pos[1] < HEADER_H:
            return None  # a card scrolled under the header is not there to click
        for r, row in enumerate(self.rows):
            for c in range(len(row.spec.stages)):
                if self.card_rect(r, c).collidepoint(pos):
                    return r, c
        return None

    def copy_rect(self, row: int) -> pygame.Rect:
        """Where row ``row``'s "copy embed code" button is."""
        width = ui.text_size(COPY_LABEL, MIN_TEXT)[0] + 24
        return pygame.Rect(self.app.size[0] - MARGIN - width, self.tops[row] - self.scroll + 52, width, 34)

    def reroll_rect(self, row: int) -> pygame.Rect:
        """Where row ``row``'s "new seed" button is."""
        width = ui.text_size(REROLL_LABEL, MIN_TEXT)[0] + 24
        return pygame.Rect(self.copy_rect(row).left - 10 - width, self.tops[row] - self.scroll + 52, width, 34)

    def summary_width(self, row: int) -> int:
        """How wide row ``row``'s summary may be: up to its buttons."""
        return self.reroll_rect(row).left - 2 * MARGIN

    def _button_hit(self, pos: tuple[int, int], rect_of) -> int | None:
        if pos[1] < HEADER_H:
            return None
        return next((r for r in range(len(self.rows)) if rect_of(r).collidepoint(pos)), None)

    def embed_code(self, row: int) -> str:
        """The HTML that shows row ``row``'s final stage as a blog figure, with this page's address."""
        query = embed_code.figure_query(self.rows[row].spec.name, self.rows[row].seed)
        poster = embed_code.poster_path(parse_query(query))
        return embed_code.snippet(query, poster, embed_code.site_of(browser.page_url()))

    def copy_embed_code(self, row: int) -> str:
        code = self.embed_code(row)
        if browser.copy_text(code):
            self.toasts.add(f"embed code for {self.rows[row].spec.name} copied: paste it into your post's HTML")
        else:
            self.toasts.add(f"embed code for {self.rows[row].spec.name} printed on the terminal")
        return code

    def reroll(self, row: int) -> None:
        """A new seed for one row, its thumbnails made again."""
        old = self.rows[row]
        self.rows[row] = _Row(old.spec, self.app.roll_seed(), self.thumb)

    @property
    def max_scroll(self) -> int:
        return max(0, self.bottom - self.app.size[1])

    # -- events ----------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            row = self._button_hit(event.pos, self.copy_rect)
            if row is not None:
                self.copy_embed_code(row)
                return True
            row = self._button_hit(event.pos, self.reroll_rect)
            if row is not None:
                self.reroll(row)
                return True
            target = self.hit(event.pos)
            if target is not None:
                self.open(*target)
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 60)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return False

    def _key(self, key: int) -> bool:
        step = self.card_h + GAP
        if key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.scroll_by(step)
        elif key in (pygame.K_UP, pygame.K_PAGEUP):
            self.scroll_by(-step)
        elif key == pygame.K_r:
            self.rows = [_Row(row.spec, self.app.roll_seed(), self.thumb) for row in self.rows]
        elif key in (pygame.K_ESCAPE, pygame.K_BACKSPACE) and len(self.app.scenes) > 1:
            self.app.pop()  # opened from the title screen
        else:
            return False
        return True

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + dy))

    def open(self, row: int, col: int) -> Scene:
        """Open the demo of stage ``col`` of row ``row``, with the row's seed."""
        spec = self.rows[row].spec
        return self.app.open("demo", spec.name, self.rows[row].seed, spec.stages[col], from_gallery=True)

    def report(self) -> dict:
        """Each row's generator, seed and whether its thumbnails are all made."""
        return {"rows": [[row.spec.name, row.seed, row.work.done] for row in self.rows], "scroll": self.scroll}

    # -- frame ----------------------------------------------------------
    def update(self, dt: float) -> None:
        self.toasts.update(dt)
        # Drain rows in order inside one shared per-frame budget.
        for row in self.rows:
            if not row.work.done:
                row.work.step()
                row.harvest()
                break

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((14, 16, 22))
        # Sections scroll under the header: clip them to the band below it, so the
        # header never shows a card through it.
        surface.set_clip(pygame.Rect(0, HEADER_H, surface.get_width(), surface.get_height() - HEADER_H))
        for r, row in enumerate(self.rows):
            top = self.tops[r] - self.scroll
            bottom = (self.tops[r + 1] if r + 1 < len(self.rows) else self.bottom) - self.scroll
            if top > surface.get_height() or bottom < 0:
                continue
            self._draw_head(surface, r, top)
            for c, name in enumerate(row.spec.stages):
                if self.card_rect(r, c).colliderect(surface.get_rect()):
                    self._draw_card(surface, row, r, c, name)
        surface.set_clip(None)
        pygame.draw.rect(surface, (8, 10, 16), (0, 0, surface.get_width(), HEADER_H))
        pygame.draw.line(surface, (40, 44, 54), (0, HEADER_H - 1), (surface.get_width(), HEADER_H - 1))
        ui.text(surface, "Deepisle generators: click a stage to open its demo", (MARGIN, 9), MIN_TEXT + 1)
        ui.text(surface, "R: new seeds  wheel: scroll", (surface.get_width() - MARGIN, 10), MIN_TEXT,
                ui.DIM, "topright")
        self.toasts.draw(surface)

    def _draw_head(self, surface: pygame.Surface, r: int, top: int) -> None:
        row = self.rows[r]
        ui.text(surface, ui.fit(row.spec.title, surface.get_width() - 2 * MARGIN, 26), (MARGIN, top + 6), 26,
                ui.ACCENT)
        source = captions.credit(row.spec)
        ui.text(surface, ui.fit(source[:1].upper() + source[1:], surface.get_width() - 2 * MARGIN, MIN_TEXT),
                (MARGIN, top + 34), MIN_TEXT, ui.DIM)
        for i, line in enumerate(row.summary(self.summary_width(r))):
            ui.text(surface, line, (MARGIN, top + 60 + i * LINE), MIN_TEXT, ui.INK)
        ui.Button(REROLL_LABEL, self.reroll_rect(r), None, MIN_TEXT).draw(surface)
        ui.Button(COPY_LABEL, self.copy_rect(r), None, MIN_TEXT).draw(surface)

    def _draw_card(self, surface: pygame.Surface, row: _Row, r: int, c: int, name: str) -> None:
        card = self.card_rect(r, c)
        rect = self.thumb_rect(r, c)
        pygame.draw.rect(surface, (24, 27, 35), card)
        pygame.draw.rect(surface, (40, 44, 54), rect)
        thumb = row.thumbs.get(name)
        if thumb is not None:
            surface.blit(thumb, thumb.get_rect(center=rect.center))
        elif row.work.error is not None:
            ui.text(surface, "failed", rect.center, MIN_TEXT, ui.BAD, "center")
        spec = row.spec
        title = f"{captions.counter(spec, name)}  {captions.note(spec, name).title}"
        y = rect.bottom + 6
        ui.text(surface, ui.fit(title, card.width - 12, MIN_TEXT), (card.x + 6, y), MIN_TEXT, ui.ACCENT)
        for line in row.sentence(name, card.width - 12):
            y += LINE
            ui.text(surface, line, (card.x + 6, y), MIN_TEXT, ui.INK)
        if card.collidepoint(pygame.mouse.get_pos()):
            pygame.draw.rect(surface, ui.ACCENT, card, 2)
