"""The end of a run, won or lost: a summary, the local high-score table
(this run's entry marked), then a new world or the same one again.

The entry is recorded once, when the scene is made, in the app's storage
(``localStorage`` in the page, a file natively); a storage that fails only
means the table is not kept, and the screen says so.
"""

from __future__ import annotations

import pygame

from ..app import App, Scene
from ..rules.run import Game, death_text
from ..view import ui

__all__ = ["EndScene"]


class EndScene(Scene):
    def __init__(self, app: App, game: Game) -> None:
        super().__init__(app)
        self.game = game
        record = game.record_score(app.storage)
        self.entry, self.table, self.rank, self.kept = record.entry, record.table, record.rank, record.kept
        self.buttons = [
            ui.Button("New world (N)", pygame.Rect(300, 488, 170, 36), self.new_world),
            ui.Button("Same world again (S)", pygame.Rect(490, 488, 190, 36), self.same_world),
        ]

    def new_world(self) -> None:
        self.app.switch("title", auto=False)

    def same_world(self) -> None:
        g = self.game
        self.app.switch("play", Game.new(g.name, g.size_name, int(self.app.ui_rng.integers(0, 2**62))))

    def report(self) -> dict:
        """How the run ended: its world, last turn, won or dead."""
        g = self.game
        return {"world": g.name, "turn": g.turn, "dead": g.dead, "won": g.won}

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_n:
                self.new_world()
            elif event.key in (pygame.K_s, pygame.K_RETURN, pygame.K_SPACE):
                self.same_world()
            return True
        return ui.click(self.buttons, event)

    def summary(self) -> list[str]:
        g, p = self.game, self.game.player
        loc = g.loc.name if g.loc else g.name
        if g.won:
            head = f"You carried the last relic out of {loc}"
        else:
            where = f"depth {g.depth} of site {g.site + 1}" if g.site is not None else "the overworld"
            cause = death_text(g.killer)
            head = f"{cause[:1].upper()}{cause[1:]} in {where}, {loc}"
        return [
            head,
            f"World {g.name!r} ({g.size_name} dungeons), location {g.location + 1} of {g.world.n_locations}",
            f"Reached level {p.level}; {g.kills} monsters slain in {g.turn} turns",
            f"Relics {len(g.relics)}, sites cleared {sum(len(v) for v in g.cleared.values())}"
            f"   Score {self.entry['score']}",
        ]

    def draw(self, surface: pygame.Surface) -> None:
        won = self.game.won
        surface.fill((8, 20, 12) if won else (20, 6, 10))
        ui.text(surface, "Victory!" if won else "You have died", (480, 24), 56,
                (255, 215, 90) if won else (230, 80, 80), "midtop")
        for i, line in enumerate(self.summary()):
            ui.text(surface, line, (480, 90 + i * 26), 22, ui.INK, "midtop")
        top = 206
        ui.text(surface, "Best runs on this device" + ("" if self.kept else " (could not be saved)"),
                (480, top), 20, ui.ACCENT, "midtop")
        for i, e in enumerate(self.table):
            y = top + 26 + i * 24
            colour = ui.ACCENT if i == self.rank else ui.DIM if i > 2 else ui.INK
            how = "won" if e["outcome"] == "won" else death_text(e["cause"])
            for x, cell, anchor in ((190, f"{i + 1}.", "topright"), (262, str(e["score"]), "topright"),
                                    (282, e["world"][:18], "topleft"), (470, how[:26], "topleft"),
                                    (700, f"relics {e['relics']}, level {e['level']}", "topleft")):
                ui.text(surface, cell, (x, y), 20, colour, anchor)
        if self.rank < 0:
            ui.text(surface, f"This run: {self.entry['score']} (not in the table)", (480, 468), 18, ui.DIM,
                    "midtop")
        ui.draw_buttons(surface, self.buttons)
