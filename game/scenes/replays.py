"""The last finished runs, to watch again or share (from the title, F3).

Each row is a run kept in storage (:func:`game.rules.run.finished_runs`):
its world, how it ended, its score and turns.  Enter watches the chosen
one; D downloads (natively: writes) its recording file; L copies a link
that opens it, when the run is short enough for a link; O opens a
recording file (in the page; natively ``python -m game.replay FILE``).
A recording the game cannot replay says why, in one line, and nothing else
happens.
"""

from __future__ import annotations

import pygame

from ..shell import browser
from ..shell.app import App, Scene
from ..rules.run import death_text, finished_runs, open_replay
from ..shell.settings import replay_link
from ..view import ui

__all__ = ["ReplaysScene", "MAX_OPEN_CHARS"]

MAX_OPEN_CHARS = 3_000_000  # a file opened in the page is read up to this (and one more, to see it is too long)


COLUMNS = ((62, "topleft"), (270, "topleft"), (620, "topright"), (760, "topright"), (790, "topleft"))


def _cells(summary: dict) -> tuple[str, ...]:
    """A row of the list: world, how it ended, score, turns, the day of a daily world."""
    how = "won" if summary.get("outcome") == "won" else death_text(str(summary.get("cause", "something")))
    return (str(summary.get("world", "?"))[:20], how[:30], f"score {summary.get('score', 0)}",
            f"{summary.get('turns', 0)} turns", f"day {summary['date']}" if summary.get("date") else "")


class ReplaysScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.runs = finished_runs(app.storage)
        self.chosen = 0
        self.waiting = False  # a file was asked for in the page
        self.toasts = ui.Toasts(8.0)

    def watch(self, text: str) -> None:
        replay, why = open_replay(text)
        if replay is None:
            self.toasts.add(f"Cannot replay it: {why}", ui.BAD)
        else:
            self.app.switch("play", replay=replay)

    def _text(self) -> str | None:
        return self.runs[self.chosen][1] if self.runs else None

    def download(self) -> None:
        text = self._text()
        if text is not None:
            world = str(self.runs[self.chosen][0].get("world", "run"))
            said = browser.download(f"deepisle-{world}.replay.txt", (text + "\n").encode("ascii"), "text/plain")
            self.toasts.add(said, ui.BAD if said.startswith("Could not") else ui.INK)

    def copy_link(self) -> None:
        text = self._text()
        if text is None:
            return
        link = replay_link(browser.page_url(), text)
        if link is None:
            self.toasts.add("This run is too long for a link: share its file (D).", ui.BAD)
        elif browser.copy_text(link):
            self.toasts.add("Link copied.")
        else:
            self.toasts.add("The link is printed on the terminal.")

    def open_file(self) -> None:
        if browser.ask_for_file(".txt", MAX_OPEN_CHARS):
            self.waiting = True
        else:
            self.toasts.add("Natively, watch a file with: python -m game.replay FILE", ui.BAD)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.switch("title", auto=False)
            elif event.key in (pygame.K_UP, pygame.K_DOWN) and self.runs:
                self.chosen = (self.chosen + (1 if event.key == pygame.K_DOWN else -1)) % len(self.runs)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.runs:
                self.watch(self.runs[self.chosen][1])
            elif event.key == pygame.K_d:
                self.download()
            elif event.key == pygame.K_l:
                self.copy_link()
            elif event.key == pygame.K_o:
                self.open_file()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = (event.pos[1] - 110) // 30
            if 0 <= i < len(self.runs) and 60 <= event.pos[0] <= 900:
                if i == self.chosen:
                    self.watch(self.runs[i][1])
                self.chosen = i
            return True
        return False

    def update(self, dt: float) -> None:
        self.toasts.update(dt)
        if self.waiting:
            text = browser.opened_file()
            if text is not None:
                self.waiting = False
                self.watch(text)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((14, 16, 26))
        ui.text(surface, "Replays", (60, 30), 44, ui.ACCENT)
        ui.text(surface, "The last finished runs on this device: watch one again, or share it.", (62, 78), 20, ui.DIM)
        if not self.runs:
            ui.text(surface, "No finished run yet: every run you finish is kept here.", (60, 120), 22)
        for i, (summary, _) in enumerate(self.runs):
            y = 110 + i * 30
            if i == self.chosen:
                pygame.draw.rect(surface, (40, 44, 66), (56, y - 3, 850, 28))
            for (x, anchor), cell in zip(COLUMNS, _cells(summary)):
                ui.text(surface, cell, (x, y), 19, ui.ACCENT if i == self.chosen else ui.INK, anchor)
        ui.text(surface, "Enter watch   D download the file   L copy a link   O open a file   Esc back",
                (480, 470), 20, ui.DIM, "midtop")
        if self.waiting:
            ui.text(surface, "Choose a recording file...", (480, 440), 20, ui.INK, "midtop")
        self.toasts.draw(surface)
