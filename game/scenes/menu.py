"""The pause menu (Esc): resume, help, the ASCII map mode, what walking
over items picks up (everything, useful things, nothing: said in plain
words, with a line on what the mode takes), first-time tips on or off, or
save and return to the title.  The keys the play screen binds to help and
the ASCII map (from the key table) work here too; P cycles the pick-up
mode, H the tips, Q saves and quits."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..shell.app import App
from ..shell.controls import binding, keys_text
from ..rules.run import PICKUP_WORDS
from ..view import ui
from ..view.overlay import Overlay

__all__ = ["MenuScene"]

WIDTH, BUTTON_W = 420, 340


class MenuScene(Overlay):
    def __init__(self, app: App, save: Callable[[], bool], toggle_ascii: Callable[[], None] | None = None,
                 cycle_pickup: Callable[[], str] | None = None, pickup: str = "smart",
                 toggle_tips: Callable[[], bool] | None = None, tips: bool = True) -> None:
        super().__init__(app)
        self.save = save
        self.toggle_ascii = toggle_ascii
        self.cycle_pickup = cycle_pickup
        self.toggle_tips = toggle_tips
        self.pickup = pickup
        rows = [("Resume (Esc)", self.app.pop), (f"Help ({keys_text('help')})", self._help)]
        if toggle_ascii is not None:
            rows.append((f"ASCII map on/off ({keys_text('ascii')})", self._ascii))
        if cycle_pickup is not None:
            rows.append((self._pickup_label(pickup), self._pickup))
        if toggle_tips is not None:
            rows.append((self._tips_label(tips), self._tips))
        rows.append(("Save and quit to title (Q)", self.quit))
        self.height = 62 + 44 * len(rows) + (44 if cycle_pickup is not None else 0)
        top = 240 - self.height // 2 + 48
        self.buttons = [ui.Button(label, pygame.Rect(360 - BUTTON_W // 2, top + 44 * i, BUTTON_W, 34), action)
                        for i, (label, action) in enumerate(rows)]

    @staticmethod
    def _pickup_label(mode: str) -> str:
        return f"Walking picks up: {PICKUP_WORDS[mode][0]} (P)"

    @staticmethod
    def _tips_label(on: bool) -> str:
        return f"First-time tips: {'on' if on else 'off'} (H)"

    def _ascii(self) -> None:
        self.toggle_ascii()
        self.app.pop()

    def _pickup(self) -> None:
        """The next pick-up mode; the menu stays open, its button says which."""
        self.pickup = self.cycle_pickup()
        button = next(b for b in self.buttons if b.action == self._pickup)
        button.label = self._pickup_label(self.pickup)

    def _tips(self) -> None:
        """Tips on or off; the menu stays open, its button says which."""
        on = self.toggle_tips()
        next(b for b in self.buttons if b.action == self._tips).label = self._tips_label(on)

    def _help(self) -> None:
        self.app.pop()
        self.app.open("help")

    def quit(self) -> None:
        """Save, then go to the title; a save that failed is said there (the
        play scene that would have shown it is gone)."""
        saved = self.save()
        self.app.pop()
        told = () if saved else ("The game could not be saved just now; the last good save is kept.",)
        self.app.switch("title", messages=told, auto=False)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            command = (binding(event) or ("",))[0]
            char = getattr(event, "unicode", "") or ""
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key == pygame.K_q:
                self.quit()
            elif command == "help":
                self._help()
            elif command == "ascii" and self.toggle_ascii is not None:
                self._ascii()
            elif char in ("p", "P") and self.cycle_pickup is not None:
                self._pickup()
            elif char in ("h", "H") and self.toggle_tips is not None:
                self._tips()
            return True
        ui.click(self.buttons, event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.box(surface, WIDTH, self.height)
        ui.text(surface, "Paused", (rect.centerx, rect.y + 10), 28, ui.ACCENT, "midtop")
        ui.draw_buttons(surface, self.buttons)
        if self.cycle_pickup is not None:  # what the pick-up mode takes, in a line or two
            words = f"Walking over items picks up {PICKUP_WORDS[self.pickup][1]}."
            for i, line in enumerate(ui.wrap(words, WIDTH - 24, 15)[:2]):
                ui.text(surface, line, (rect.centerx, self.buttons[-1].rect.bottom + 10 + 17 * i), 15, ui.DIM,
                        "midtop")
