"""The end of a run, won or lost: a summary, the local high-score table
(this run's entry marked; a daily world's run in that day's own table),
then a new world or the same one again, the morgue file (M) or the run's
replay (R).

The entry is recorded once, when the scene is made, in the app's storage
(``localStorage`` in the page, a file natively); a storage that fails only
means the table is not kept, and the screen says so.  Natively the morgue
file is also written to the data folder (``morgue/``).  At the end of a
replay (``replay=`` the verdict) nothing is recorded or written: the screen
says what the replay found.
"""

from __future__ import annotations

import pygame

from ..shell.app import App, Scene
from ..rules.run import Game, death_text, open_replay
from ..view import ui

__all__ = ["EndScene"]


class EndScene(Scene):
    def __init__(self, app: App, game: Game, replay: str | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.verdict = replay
        self.morgue = game.morgue()
        self.morgue_name = f"deepisle-morgue-{game.name}-{game.turn}.txt"
        self.recording = game.finish_recording() if replay is None else None
        if replay is None:
            record = game.record_score(app.storage)
            self.entry, self.table, self.rank, self.kept = record.entry, record.table, record.rank, record.kept
            self.morgue_path, why = app.storage.keep_file("morgue", self.morgue_name, self.morgue)
        else:
            self.entry, self.table, self.rank, self.kept = {"score": 0}, [], -1, True
            self.morgue_path, why = None, ""
        self.toasts = ui.Toasts(6.0)
        if why:
            self.toasts.add(why, ui.BAD)
        specs = [("New world (N)", self.new_world), ("Same world again (S)", self.same_world),
                 ("Morgue (M)", self.open_morgue)]
        if self.recording is not None:
            specs.append(("Replay (R)", self.watch))
        self.buttons, x = [], 480 - (sum(ui.text_size(label, 18)[0] + 40 for label, _ in specs) - 12) // 2
        for label, action in specs:
            w = ui.text_size(label, 18)[0] + 28
            self.buttons.append(ui.Button(label, pygame.Rect(x, 488, w, 36), action))
            x += w + 12

    def new_world(self) -> None:
        self.app.switch("title", auto=False)

    def same_world(self) -> None:
        g = self.game
        self.app.switch("play", Game.new(g.name, g.size_name, int(self.app.ui_rng.integers(0, 2**62)), daily=g.daily,
                                         background=g.player.background))

    def open_morgue(self) -> None:
        self.app.open("morgue", self.morgue, self.morgue_name, self.morgue_path)

    def watch(self) -> None:
        replay, why = open_replay(self.recording)
        if replay is None:
            self.toasts.add(f"Cannot replay it: {why}", ui.BAD)
        else:
            self.app.switch("play", replay=replay)

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
            elif event.key == pygame.K_m:
                self.open_morgue()
            elif event.key == pygame.K_r and self.recording is not None:
                self.watch()
            return True
        return ui.click(self.buttons, event)

    def update(self, dt: float) -> None:
        self.toasts.update(dt)

    def summary(self) -> list[str]:
        g, p = self.game, self.game.player
        loc = g.loc.name if g.loc else g.name
        if g.won:
            head = f"You carried the last relic out of {loc}"
        else:
            where = f"depth {g.depth} of site {g.site + 1}" if g.site is not None else "the overworld"
            cause = death_text(g.killer)
            head = f"{cause[:1].upper()}{cause[1:]} in {where}, {loc}"
        daily = f", the world of the day {g.daily}" if g.daily else ""
        return [
            head,
            f"World {g.name!r} ({g.size_name} dungeons){daily}, location {g.location + 1} of {g.world.n_locations}",
            f"Reached level {p.level}; {g.kills} monsters slain in {g.turn} turns",
            f"Relics {len(g.relics)}, sites cleared {sum(len(v) for v in g.cleared.values())}"
            + (f"   Score {self.entry['score']}" if self.verdict is None else ""),
        ]

    def draw(self, surface: pygame.Surface) -> None:
        won = self.game.won
        surface.fill((8, 20, 12) if won else (20, 6, 10))
        ui.text(surface, "Victory!" if won else "You have died", (480, 24), 56,
                (255, 215, 90) if won else (230, 80, 80), "midtop")
        for i, line in enumerate(self.summary()):
            ui.text(surface, line, (480, 90 + i * 26), 22, ui.INK, "midtop")
        if self.verdict is not None:
            ui.text(surface, self.verdict, (480, 250), 22, ui.ACCENT, "midtop")
        else:
            self._draw_table(surface)
        if self.morgue_path:
            ui.text(surface, "The morgue file is kept in the data folder (M shows it, and where).", (480, 539),
                    16, ui.DIM, "midbottom")
        ui.draw_buttons(surface, self.buttons)
        self.toasts.draw(surface)

    def _draw_table(self, surface: pygame.Surface) -> None:
        top = 206
        title = f"Best runs in the world of {self.game.daily}" if self.game.daily else "Best runs on this device"
        ui.text(surface, title + ("" if self.kept else " (could not be saved)"), (480, top), 20, ui.ACCENT, "midtop")
        for i, e in enumerate(self.table):
            y = top + 26 + i * 24
            colour = ui.ACCENT if i == self.rank else ui.DIM if i > 2 else ui.INK
            how = "won" if e["outcome"] == "won" else death_text(e["cause"])
            for x, cell, anchor in ((190, f"{i + 1}.", "topright"), (262, str(e["score"]), "topright"),
                                    (282, ui.fit(e["world"], 180, 20), "topleft"), (470, ui.fit(how, 222, 20), "topleft"),
                                    (700, f"relics {e['relics']}, level {e['level']}", "topleft")):
                ui.text(surface, cell, (x, y), 20, colour, anchor)
        if self.rank < 0:
            ui.text(surface, f"This run: {self.entry['score']} (not in the table)", (480, 468), 18, ui.DIM,
                    "midtop")
