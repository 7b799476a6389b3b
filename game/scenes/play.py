"""The play scene: input becomes actions on the run, maps are built over
several frames with a progress bar, and the game is saved whenever something
worth keeping changed and no map is being built.

Controls
--------
Move: arrows, numpad 1-9, vi-keys ``hjklyubn``, ``WASD`` + ``QEZC`` (diagonals).
Wait: ``.`` or numpad 5.  Enter/Space: enter a site, take stairs, pick up.
``>``/``<``: take the stairs, or walk to them.  ``o``: auto-explore.
``x`` or ``;``: look.  ``p``: message history.  ``v``: ASCII map.
``g`` or ``,``: pick up.  ``i``/Tab: pack.  ``m``: world map.  ``?``: help.
Esc: menu.  Click a tile (or the minimap) to travel there; hovering names
what is there; any key stops a walk.  Touch: tap to walk or attack, hold to
look, and the on-screen buttons (shown once a finger touches the game).

Saving is write-then-verify (:func:`game.rules.save.write`); a save that
fails keeps the last good one and says so.

A replay is this same screen driven by a recording (``replay=``, a
:class:`~game.rules.run.Replayer`): its commands are given at 1x, 4x, 16x
or as fast as frames allow, maps are built over frames as in play, nothing
is saved, and every digest is compared as it plays (a difference pauses it
and says so); its keys and banner are :class:`~game.view.replay_bar.ReplayBar`.
"""

from __future__ import annotations

import time

import pygame

from ..app import WORK_BUDGET_MS, App, Scene, collector_paused
from ..controls import INTERACT_KEYS, MOVE_KEYS, WAIT_KEYS
from ..rules.run import Game, Replayer
from ..settings import OPTIONS_KEY, Options, read_options
from ..view import ui
from ..view.game_view import PANEL_RECT, GameView, describe_box
from ..view.replay_bar import ReplayBar
from ..view.touch import Gestures, TouchControls
from ..work import Work

__all__ = ["PlayScene", "MOVE_KEYS", "TRAVEL_FRAMES"]

TRAVEL_FRAMES = 3  # frames per step when walking to a clicked tile
SIGHT_ANY = 10**6  # a range that takes every monster in view (report)
LOOK_CHARS = ("x", ";")  # the issue asked for l, but l is vi-keys' step right


class PlayScene(Scene):
    handles_touch = True  # taps walk, holds look (view.touch.Gestures)

    def __init__(self, app: App, game: Game | None = None, messages: tuple[str, ...] = (),
                 replay: Replayer | None = None) -> None:
        super().__init__(app)
        self.replay = replay  # the recording that drives the run (None: the player does)
        self.game = game = replay.game if replay is not None else game
        self.bar = ReplayBar(replay) if replay is not None else None
        self.view = GameView(game)
        self.work: Work | None = None
        self.toasts = ui.Toasts()
        for m in messages:
            self.toasts.add(m, ui.BAD)
        self.travel_wait = 0
        self.install_next = False
        self.save_failures = 0
        self.last_saved: str | None = None  # the last save text written and verified
        self.options = read_options(app.storage.get(OPTIONS_KEY))
        self.view.map.ascii = self.options.ascii_map
        self.hover: tuple[int, int] | None = None  # the cell under a still mouse
        self.gestures = Gestures(app.size)
        self.touch = TouchControls()
        self.buttons = self._panel_buttons()

    # -- lifecycle -------------------------------------------------------------
    def enter(self) -> None:
        pygame.key.set_repeat(220, 70)

    def exit(self) -> None:
        pygame.key.set_repeat()

    # -- saving ------------------------------------------------------------------
    def save_now(self) -> bool:
        """Save the game (:meth:`Game.save_to`); True when it is safely kept (or
        there is nothing to keep yet).  A failure is told once until a save works again."""
        with collector_paused():   # its JSON is freed by reference counts: no collection walks it
            outcome = self.game.save_to(self.app.storage, self.last_saved)
        if outcome.text is not None:
            self.last_saved, self.save_failures = outcome.text, 0
        elif outcome.why:
            self.save_failures += 1
            if self.save_failures == 1:
                self.toasts.add(outcome.why, ui.BAD)
        return outcome.ok

    # -- events ----------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        g = self.game
        if event.type == pygame.KEYDOWN:
            if self.bar is not None:
                if self.bar.key(event) == "leave":
                    self.app.switch("title", auto=False)
                return True
            if g.path or g.exploring:  # any key interrupts a walk
                g.interrupt()
                if event.key not in MOVE_KEYS:
                    return True
            if g.dead:  # the death screen comes this frame and erases the save: no menu to quit by first
                return True
            if g.busy:
                return event.key != pygame.K_ESCAPE or self._menu()
            return self._key(event)
        if self.replay is not None:
            return False
        if event.type in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            self.touch.shown = True
            self.hover = None
            gesture = self.gestures.handle(event)
            if gesture is not None:
                self._gesture(*gesture)
            return True
        if event.type == pygame.MOUSEMOTION:
            self.touch.shown = False  # a real mouse: the thumb buttons make way
            self.hover = self.view.map.screen_to_tile(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.point(event.pos)
        return False

    def point(self, pos: tuple[int, int]) -> bool:
        """A click or a tap at ``pos``: a button, else walk, attack or interact there."""
        g = self.game
        name = self.touch.hit(pos)
        if name is not None:
            self.command(name)
            return True
        if ui.click(self.buttons, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)):
            return True
        cell = self.view.screen_to_tile(pos) if not g.busy else None
        if cell is None:
            return False
        if cell == g.pos:
            g.interact()
        elif max(abs(cell[0] - g.pos[0]), abs(cell[1] - g.pos[1])) == 1:
            self.stop_walk()
            g.move(cell[0] - g.pos[0], cell[1] - g.pos[1])
        else:
            g.travel_to(*cell)
            self.travel_wait = 0
        return True

    def _gesture(self, kind: str, pos: tuple[int, int]) -> None:
        if kind == "tap":
            self.point(pos)
            return
        cell = self.view.map.screen_to_tile(pos)  # a hold: look there
        if cell is not None and self.touch.hit(pos) is None and not self.game.busy:
            self.stop_walk()
            self.app.open("look", self.game, self.view, cell)

    def command(self, name: str) -> None:
        """What a key, a panel button or a thumb button asks for, by name."""
        g = self.game
        if name == "menu":
            self._menu()
        elif g.busy:
            return
        elif name == "explore":
            if g.explore():
                self.travel_wait = 0
        elif name == "stairs":
            if g.stairs_button():
                self.travel_wait = 0
        elif name == "wait":
            self.stop_walk()
            g.wait()
        elif name == "pack":
            self.app.open("pack", g)
        elif name == "fire":
            self.aim_weapon()
        elif name == "history":
            self.app.open("history", g)
        elif name == "look":
            self.app.open("look", g, self.view)
        elif name == "ascii":
            self.toggle_ascii()

    def _key(self, event: pygame.event.Event) -> bool:
        g, key, char = self.game, event.key, getattr(event, "unicode", "") or ""
        if char in (">", "<"):
            if g.stairs(char == ">"):
                self.travel_wait = 0
        elif char == "?":
            self.app.open("help")
        elif char in LOOK_CHARS:
            self.command("look")
        elif char in ("o", "p", "v"):
            self.command({"o": "explore", "p": "history", "v": "ascii"}[char])
        elif key in MOVE_KEYS:
            g.move(*MOVE_KEYS[key])
        elif key in WAIT_KEYS:
            g.wait()
        elif key in INTERACT_KEYS:
            g.interact()
        elif key in (pygame.K_g, pygame.K_COMMA):
            g.pick_up()
        elif key in (pygame.K_i, pygame.K_TAB):
            self.app.open("pack", g)
        elif char == "f":
            self.command("fire")
        elif char == "t":
            self.app.open("pack", g, "throw")
        elif char == "M":
            muted = self.app.audio.toggle_mute()
            self.toasts.add("Sound off (M turns it on)" if muted else "Sound on")
        elif key == pygame.K_m:
            self.app.open("world_map", g)
        elif key == pygame.K_ESCAPE:
            self._menu()
        else:
            return False
        return True

    def stop_walk(self) -> None:
        """Stop the walk in progress, if any (a recorded command)."""
        if self.game.path or self.game.exploring:
            self.game.interrupt()

    def aim_weapon(self) -> None:
        """``f``: choose a target for the wielded launcher or reach weapon."""
        if self.game.ready_to_fire():
            self.app.open("target", self.game, "fire")

    def explore(self) -> None:
        """``o`` (or the explore buttons): auto-explore."""
        self.command("explore")

    def toggle_ascii(self) -> None:
        """``v`` (or the menu): the ASCII map on or off, remembered in storage."""
        self.options = Options(ascii_map=not self.options.ascii_map)
        self.view.map.ascii = self.options.ascii_map
        if not self.app.storage.set(OPTIONS_KEY, self.options.to_text()):
            self.toasts.add("Could not store the map mode; it lasts until you leave.", ui.BAD)

    def _menu(self) -> bool:
        self.app.open("menu", self.save_now, self.toggle_ascii)
        return True

    def _panel_buttons(self) -> list[ui.Button]:
        """Mouse buttons at the foot of the side panel (the keys' names in brackets)."""
        specs = (("Explore o", "explore"), ("Pack i", "pack"), ("Log p", "history"), ("Menu", "menu"))
        out, x = [], PANEL_RECT.x + 10
        for label, name in specs:
            w = ui.text_size(label, 18)[0] + 14
            out.append(ui.Button(label, pygame.Rect(x, PANEL_RECT.bottom - 32, w, 26),
                                 lambda n=name: self.command(n)))
            x += w + 4
        return out

    def report(self) -> dict:
        """The run as the page reports it: where, which turn, what is in view (``near``:
        visible monsters, relative to the player) and the last lines of the log."""
        g = self.game
        level = g.level if g.mode == "dungeon" else None
        (px, py), seen = g.pos, [] if level is None else g.targets(SIGHT_ANY)
        return {"world": g.name, "size": g.size_name, "mode": g.mode, "location": g.location, "depth": g.depth,
                "style": None if level is None else level.style, "pos": [px, py], "turn": g.turn,
                "busy": g.busy, "walking": bool(g.path or g.exploring), "hp": g.player.hp, "dead": g.dead,
                "won": g.won, "near": [[x - px, y - py] for x, y in seen], "log": [str(line) for line, _, _ in g.log[-3:]]}

    # -- frame -----------------------------------------------------------------
    def update(self, dt: float) -> None:
        g = self.game
        self.toasts.update(dt)
        for event in g.events:
            self.app.audio.play(event)
        g.events.clear()
        if g.pending is not None:
            self._build()
            return
        if self.replay is not None:
            self._play_back()
            return
        if g.dead or g.won:  # the run is over: its save goes (its recording is kept), its score stays
            g.end_run(self.app.storage)
            self.app.audio.play("win" if g.won else "die")
            self.app.switch("end", g)
            return
        gesture = self.gestures.update(dt)
        if gesture is not None:
            self._gesture(*gesture)
            if self.app.top is not self:
                return
        if g.path or g.exploring:
            self.travel_wait -= 1
            if self.travel_wait <= 0:
                g.travel_step()
                self.travel_wait = TRAVEL_FRAMES
        if g.dirty and not g.busy:
            self.save_now()

    def _build(self) -> None:
        """Drain the pending build a few ms per frame; install it in a frame of its own."""
        g = self.game
        request = g.pending
        if self.install_next:
            self.install_next = False
            work, self.work = self.work, None
            if work.error is not None:
                self._build_failed(work.error, request)
                return
            try:
                g.install_build(work.stages, work.result)
            except Exception as exc:  # noqa: BLE001 - a map the game cannot use: say so, keep running
                self._build_failed(exc, request)
            return
        if self.work is None:
            try:
                self.work = Work(g.build_iterator(), g.build_stage_names(), WORK_BUDGET_MS)
            except Exception as exc:  # noqa: BLE001 - shown to the player, never kills the loop
                self._build_failed(exc, request)
                return
        if self.work.step():
            self.install_next = True

    def _build_failed(self, error, request) -> None:
        self.work = None
        self.toasts.add(f"Building the map failed: {error}", ui.BAD)
        if not self.game.build_failed(request):
            self.app.switch("title", messages=(("The world could not be built: " + str(error))[:120],),
                            auto=False)

    # -- a replay ------------------------------------------------------------------
    def _play_back(self) -> None:
        """Give the commands due this frame; adopt the run a reload made; end
        on the end screen once the final digest was compared."""
        replay, bar = self.replay, self.bar
        if replay.game is not self.game:  # the recording reloaded its save here
            self.game = replay.game
            self.view = GameView(self.game)
            self.view.map.ascii = self.options.ascii_map
            return
        g = self.game
        if replay.finished and (g.dead or g.won):
            self.app.audio.play("win" if g.won else "die")
            self.app.switch("end", g, replay=bar.verdict)
            return
        start = time.perf_counter()
        for _ in range(bar.due_now()):
            if not replay.step():
                break
            bar.given()
            if replay.game is not g or g.pending is not None or (time.perf_counter() - start) * 1000 > WORK_BUDGET_MS:
                break
        if verdict := bar.ended():
            self.toasts.add(verdict, ui.BAD if replay.mismatch is not None else ui.INK)

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)
        g = self.game
        ui.draw_buttons(surface, self.buttons)
        if self.bar is not None:
            self.bar.draw(surface, g.turn)
        elif self.app.top is self and not g.busy:
            if self.hover is not None and not self.touch.shown:
                describe_box(surface, g.describe(*self.hover))
            self.touch.draw(surface, "Enter" if g.mode == "overworld" else "Stairs")
        if g.pending is not None or self.install_next:
            frac = self.work.fraction if self.work is not None else 0.0
            bar = pygame.Rect(0, 0, 420, 18)
            bar.center = (360, 216)
            ui.progress_bar(surface, bar, frac, g.build_label())
        self.toasts.draw(surface, 420)
