"""The gallery: every registered generator, a live thumbnail per stage.

Rows come from the registry, so a new generator appears here without any
change to this file.  Thumbnails are generated a few ms per frame (one
:class:`~game.shell.work.Work` per generator, drained in turn); click a thumbnail
to open that stage's demo with the same seed, Esc there to come back.
Up/Down or the mouse wheel scroll; R rolls new seeds for every row; Esc
returns to the title screen when the gallery was opened from it.

Each row is a card with a "copy embed code" button: the HTML that shows its
final stage as a figure in a blog post, with the page's own address filled in
(:mod:`game.shell.embed_code`).  The rows start at :data:`FIRST_SEED`, whose posters
every build draws (``web/embeds.txt``), so the first codes work as pasted.
"""

from __future__ import annotations

import pygame

from worldgen.core import registry
from worldgen.core.registry import GeneratorSpec

from ..shell import browser, embed_code
from ..shell.app import WORK_BUDGET_MS, App, Scene
from ..shell.settings import parse_query
from ..view import ui
from ..view.render import fitted_stage_surface
from ..shell.work import Work

__all__ = ["GalleryScene"]

ROW_H = 118
LEFT = 150  # the label column
TOP = 44
GAP = 8
HEADER_H = 34  # the title strip; rows scroll under it
FIRST_SEED = "deepisle"  # every row's seed until R rolls new ones (web/embeds.txt lists their posters)
COPY_LABEL = "copy embed code"


class _Row:
    def __init__(self, spec: GeneratorSpec, seed: str, thumb: tuple[int, int]) -> None:
        self.spec = spec
        self.seed = seed
        self.thumb = thumb
        self.work = Work(registry.run(spec.name, seed), spec.stages, WORK_BUDGET_MS)
        self.thumbs: dict[str, pygame.Surface] = {}

    def harvest(self) -> None:
        for name, stage in self.work.stages.items():
            if name not in self.thumbs:
                self.thumbs[name], _ = fitted_stage_surface(stage, pygame.Rect((0, 0), self.thumb))


class GalleryScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        specs = registry.all_specs()
        columns = max(len(spec.stages) for spec in specs)
        width = (app.size[0] - LEFT - GAP) // columns - GAP
        self.thumb = (width, min(ROW_H - 36, width * 3 // 5))
        self.rows = [_Row(spec, FIRST_SEED, self.thumb) for spec in specs]
        self.scroll = 0
        self.toasts = ui.Toasts()
        for message in app.settings.messages:
            self.toasts.add(message, ui.BAD)

    # -- layout -------------------------------------------------------
    def thumb_rect(self, row: int, col: int) -> pygame.Rect:
        return pygame.Rect(LEFT + col * (self.thumb[0] + GAP), TOP + row * ROW_H - self.scroll + 18,
                           *self.thumb)

    def hit(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        if pos[1] < HEADER_H:
            return None  # a thumbnail scrolled under the header is not there to click
        for r, row in enumerate(self.rows):
            for c in range(len(row.spec.stages)):
                if self.thumb_rect(r, c).collidepoint(pos):
                    return r, c
        return None

    def copy_rect(self, row: int) -> pygame.Rect:
        """Where row ``row``'s "copy embed code" button is."""
        return pygame.Rect(12, TOP + row * ROW_H - self.scroll + 84, LEFT - 24, 26)

    def hit_copy(self, pos: tuple[int, int]) -> int | None:
        if pos[1] < HEADER_H:
            return None
        return next((r for r in range(len(self.rows)) if self.copy_rect(r).collidepoint(pos)), None)

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

    @property
    def max_scroll(self) -> int:
        return max(0, TOP + len(self.rows) * ROW_H - self.app.size[1] + 8)

    # -- events ----------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            row = self.hit_copy(event.pos)
            if row is not None:
                self.copy_embed_code(row)
                return True
            target = self.hit(event.pos)
            if target is not None:
                self.open(*target)
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 40)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.scroll_by(ROW_H)
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroll_by(-ROW_H)
            elif event.key == pygame.K_r:
                self.rows = [_Row(row.spec, self.app.roll_seed(), self.thumb) for row in self.rows]
            elif event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE) and len(self.app.scenes) > 1:
                self.app.pop()  # opened from the title screen
            else:
                return False
            return True
        return False

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
        # Rows scroll under the header: clip them to the band below it, so the
        # header never shows a row through it.
        surface.set_clip(pygame.Rect(0, HEADER_H, surface.get_width(), surface.get_height() - HEADER_H))
        for r, row in enumerate(self.rows):
            y = TOP + r * ROW_H - self.scroll
            if y > surface.get_height() or y + ROW_H < 0:
                continue
            ui.text(surface, row.spec.name, (12, y + 22), 24, ui.ACCENT)
            ui.text(surface, (_wrap(row.spec.title, LEFT - 20, 16) or [''])[0], (12, y + 46), 16, ui.DIM)
            ui.text(surface, f"seed {row.seed}", (12, y + 64), 16, ui.DIM)
            ui.Button(COPY_LABEL, self.copy_rect(r), None).draw(surface)
            for c, name in enumerate(row.spec.stages):
                rect = self.thumb_rect(r, c)
                pygame.draw.rect(surface, (40, 44, 54), rect)
                thumb = row.thumbs.get(name)
                if thumb is not None:
                    surface.blit(thumb, thumb.get_rect(center=rect.center))
                elif row.work.error is not None:
                    ui.text(surface, "failed", rect.center, 16, ui.BAD, "center")
                if rect.collidepoint(pygame.mouse.get_pos()):
                    pygame.draw.rect(surface, ui.ACCENT, rect, 2)
                ui.text(surface, f"{c + 1}. {name}", (rect.x, rect.y - 16), 15, ui.INK)
        surface.set_clip(None)
        pygame.draw.rect(surface, (8, 10, 16), (0, 0, surface.get_width(), HEADER_H))
        pygame.draw.line(surface, (40, 44, 54), (0, HEADER_H - 1), (surface.get_width(), HEADER_H - 1))
        ui.text(surface, "Deepisle generators: click a stage to open its demo", (12, 8), 22)
        ui.text(surface, "R: new seeds   wheel/up/down: scroll", (surface.get_width() - 12, 10), 18,
                ui.DIM, "topright")
        self.toasts.draw(surface)


def _wrap(content: str, width: int, size: int) -> list[str]:
    """Greedy word wrap to ``width`` pixels."""
    lines: list[str] = []
    for word in content.split():
        if lines and ui.text_size(lines[-1] + " " + word, size)[0] <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines
