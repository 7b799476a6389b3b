"""The play scene: input becomes actions on the run, maps are built over
several frames with a progress bar, and the game is saved (written, then
verified: :func:`game.rules.persistence.save.write`, with the garbage collector paused)
whenever something worth keeping changed and no map is being built.

Every key is in the one key table (:mod:`game.rules.content.keys`, read
through :func:`game.shell.controls.binding`): a press becomes the command the
table names, and :meth:`PlayScene.command` does it (a method of ``Game``,
or a screen).  Click or tap a tile (or the minimap) to travel there, or to
explore towards it; any key stops a walk or a rest.  Touch: tap to walk or
attack, hold to look, and the thumb buttons (:mod:`game.view.hud` draws
them as ``Game.buttons`` says).  Walks and rests go on by themselves
(``Game.go_on``): a step every :data:`TRAVEL_FRAMES` frames,
:data:`REST_TURNS_PER_FRAME` turns of rest a frame.  The perk choice opens
by itself when a level is gained.

A replay is this same screen driven by a recording (``replay=``, a
:class:`~game.rules.run.Replayer`) at 1x, 4x, 16x or as fast as frames
allow; nothing is saved, and every digest is compared as it plays; its keys
and banner are :class:`~game.view.replay_bar.ReplayBar`.
"""

from __future__ import annotations

import time
from dataclasses import replace

import pygame

from ..shell.app import WORK_BUDGET_MS, App, Scene, collector_paused
from ..shell.controls import MOVE_KEYS, MOVES, binding, hint
from ..rules.run import PICKUP_MODES, Cue, Game, Replayer
from ..shell.options import OPTIONS_KEY, Options, read_options
from ..view import ui
from ..view.game_view import GameView
from ..view.hud import Hud, panel_buttons
from ..view.replay_bar import ReplayBar
from ..view.touch import BAR_HEIGHT, Gestures, TouchControls
from ..shell.work import BuildJob

__all__ = ["PlayScene", "MOVE_KEYS", "TRAVEL_FRAMES", "REST_TURNS_PER_FRAME", "PANEL_BUTTONS"]

TRAVEL_FRAMES = 3  # frames per step when walking to a clicked tile
REST_TURNS_PER_FRAME = 5  # a rest of 300 turns takes a second, drawn as it goes
PANEL_BUTTONS = ("explore", "pack", "history", "menu")  # the mouse buttons under the side panel
SIGHT_ANY = 10**6  # a range that takes every monster in view (report)


class PlayScene(Scene):
    handles_touch = True  # taps walk, holds look (view.touch.Gestures)

    def __init__(self, app: App, game: Game | None = None, messages: tuple[str, ...] = (),
                 replay: Replayer | None = None) -> None:
        super().__init__(app)
        self.replay = replay  # the recording that drives the run (None: the player does)
        self.game = game = replay.game if replay is not None else game
        self.bar = ReplayBar(replay) if replay is not None else None
        self.job: BuildJob | None = None  # the map being built, a few ms a frame
        self.toasts = ui.Toasts()
        for m in messages:
            self.toasts.add(m, ui.BAD)
        self.travel_wait = 0
        self.save_failures = 0
        self.last_saved: str | None = None  # the last save text written and verified
        self.options = read_options(app.storage.get(OPTIONS_KEY))
        game.set_tips(self.options.tips)
        self.pointer: tuple[int, int] | None = None  # where the mouse was last (its cell follows the camera)
        self.gestures = Gestures(app.size)
        self.touch = TouchControls()
        self.buttons = panel_buttons(PANEL_BUTTONS, self.command)
        self._show(game)
        self.perks_asked = game.player.perks_owed  # choices owed when the perk choice last opened by itself

    def _show(self, game: Game) -> None:
        """The views of ``game`` (a replay that reloads its save shows the new run)."""
        self.view = GameView(game)
        self.view.map.ascii = self.options.ascii_map
        self.hud = Hud(game, self.view, self.touch, self.gestures, list(zip(PANEL_BUTTONS, self.buttons)))
        self.follow_input(camera=True)

    # -- lifecycle -------------------------------------------------------------
    def enter(self) -> None:
        pygame.key.set_repeat(220, 70)

    def exit(self) -> None:
        pygame.key.set_repeat()

    # -- saving ------------------------------------------------------------------
    def save_now(self) -> bool:
        """Save (:meth:`Game.save_to`); True when safely kept or nothing to keep.
        A failure is told once until a save works again."""
        start = time.perf_counter()
        with collector_paused():   # the save's JSON is freed by reference counts, not walked
            outcome = self.game.save_to(self.app.storage, self.last_saved)
        self.app.stats.saved((time.perf_counter() - start) * 1000.0)
        if outcome.text is not None:
            self.last_saved, self.save_failures = outcome.text, 0
        elif outcome.why:
            self.save_failures += 1
            if self.save_failures == 1:
                self.toasts.add(outcome.why, ui.BAD)
        return outcome.ok

    # -- events ----------------------------------------------------------------
    def follow_input(self, camera: bool = False) -> None:
        """The thumb buttons show while touch is the input (``App.touch_input``:
        a key or a real mouse hides them); with ``camera``, and no finger down
        (the camera never moves under a gesture), the map keeps its foot clear for them."""
        self.touch.shown = self.app.touch_input and self.replay is None
        if camera and self.gestures.finger is None:
            self.view.map.reserve = BAR_HEIGHT if self.touch.shown else 0

    def handle_event(self, event: pygame.event.Event) -> bool:
        g = self.game
        self.follow_input()
        if event.type == pygame.KEYDOWN:
            if self.bar is not None:
                if self.bar.key(event) == "leave":
                    self.app.switch("title", auto=False)
                return True
            if g.ongoing:  # any key interrupts a walk or a rest (a step key then steps)
                g.interrupt()
                if (binding(event) or ("",))[0] != "move":
                    return True
            if g.dead:  # the death screen comes this frame and erases the save: no menu to quit by first
                return True
            if g.busy:
                return event.key != pygame.K_ESCAPE or self._menu()
            return self._key(event)
        if self.replay is not None:
            return False
        if event.type in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            self.pointer = None
            gesture = self.gestures.handle(event)
            if gesture is not None:
                self._gesture(*gesture)
            return True
        if event.type == pygame.MOUSEMOTION:  # a real mouse (the thumb buttons made way)
            self.pointer = event.pos
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
        if self.view.map.goal.hit(pos):  # the objective line: go for it
            self.command("goal")
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
            g.head_to(*cell)  # over known ground, or exploring towards a cell not seen yet
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
        """What a key, a panel button or a thumb button asks for, by its name
        in the key table: one ``Game`` command, or a screen."""
        g = self.game
        if name == "menu":
            self._menu()
        elif g.busy:
            return
        elif name in _SCREENS:
            _SCREENS[name](self)
        elif name in _SWITCHES:
            _SWITCHES[name](self)
        elif name in _WALKS:
            if _WALKS[name](g):
                self.travel_wait = 0
        elif name == "fire":
            self.aim_weapon()
        else:
            self.stop_walk()
            _COMMANDS[name](g)

    def _key(self, event: pygame.event.Event) -> bool:
        bound = binding(event)
        if bound is None:
            return False
        name, label = bound
        if name == "move":
            if label in ("Left", "Right", "Up", "Down"):  # straight only: the first time, say where diagonals are
                self.game.tip("diagonals")
            self.game.move(*MOVES[label])
        else:
            self.command(name)
        return True

    def stop_walk(self) -> None:
        """Stop the walk or rest in progress, if any (a recorded command)."""
        if self.game.ongoing:
            self.game.interrupt()

    def toggle_mute(self) -> None:
        """``M``: the sound off or on."""
        muted = self.app.audio.toggle_mute()
        self.toasts.add(f"Sound off ({hint('mute')})" if muted else "Sound on")

    def aim_weapon(self) -> None:
        """``f``: choose a target for the wielded launcher or reach weapon."""
        if self.game.ready_to_fire():
            self.app.open("target", self.game, "fire")

    def toggle_ascii(self) -> None:
        """``v`` (or the menu): the ASCII map on or off, remembered in storage."""
        self._set_options(replace(self.options, ascii_map=not self.options.ascii_map), "the map mode")
        self.view.map.ascii = self.options.ascii_map

    def cycle_pickup(self) -> str:
        """The menu: the next pick-up mode (all, smart, none), remembered in storage; returns it."""
        mode = PICKUP_MODES[(PICKUP_MODES.index(self.options.pickup) + 1) % len(PICKUP_MODES)]
        self._set_options(replace(self.options, pickup=mode), "the pick-up mode")
        self.game.set_pickup(mode)
        return mode

    def toggle_tips(self) -> bool:
        """The menu: first-time tips on or off, remembered in storage; returns whether on."""
        self._set_options(replace(self.options, tips=not self.options.tips), "the tips choice")
        self.game.set_tips(self.options.tips)
        return self.options.tips

    def _set_options(self, options: Options, what: str) -> None:
        self.options = options
        if not self.app.storage.set(OPTIONS_KEY, options.to_text()):
            self.toasts.add(f"Could not store {what}; it lasts until you leave.", ui.BAD)

    def _menu(self) -> bool:
        self.app.open("menu", self.save_now, self.toggle_ascii, self.cycle_pickup, self.options.pickup,
                      self.toggle_tips, self.options.tips)
        return True

    def button_states(self) -> dict:
        """What every button would do now (``Game.buttons``)."""
        return self.hud.states()

    def report(self) -> dict:
        """The run as the page reports it: where, which turn, what is in view (``near``:
        visible monsters, relative to the player) and the last lines of the log."""
        g = self.game
        level = g.level if g.mode == "dungeon" else None
        (px, py), seen = g.pos, [] if level is None else g.targets(SIGHT_ANY)
        return {"world": g.name, "size": g.size_name, "mode": g.mode, "location": g.location, "depth": g.depth,
                "style": None if level is None else level.style, "pos": [px, py], "turn": g.turn,
                "busy": g.busy, "walking": bool(g.path or g.exploring), "resting": g.resting, "hp": g.player.hp,
                "dead": g.dead, "won": g.won, "near": [[x - px, y - py] for x, y in seen],
                "log": [str(line) for line, _, _ in g.log[-3:]]}

    # -- frame -----------------------------------------------------------------
    def update(self, dt: float) -> None:
        g = self.game
        self.follow_input(camera=True)
        self.toasts.update(dt)
        for cue in g.take_cues():
            self.app.audio.play(cue)
        if g.pending is not None and (self.replay is None or self.replay.needs_build):
            self._build()
            return
        if self.replay is not None:
            self._play_back()
            return
        if g.dead or g.won:  # the run is over: its save goes (its recording is kept), its score stays
            g.end_run(self.app.storage)
            self.app.audio.play(Cue.WIN if g.won else Cue.DIE)
            self.app.switch("end", g)
            return
        if not g.busy and g.pickup != self.options.pickup:  # the player's option, given as a command
            g.set_pickup(self.options.pickup)
        gesture = self.gestures.update(dt)
        if gesture is not None:
            self._gesture(*gesture)
            if self.app.top is not self:
                return
        self.perks_asked = min(self.perks_asked, g.player.perks_owed)
        if g.player.perks_owed > self.perks_asked and not g.busy:  # a level gained: the choice opens by itself
            self.perks_asked = g.player.perks_owed
            self.stop_walk()
            self.app.open("perks", g)
            return
        if g.reading() and not g.busy:  # a scroll read waits for its choice: where it acts, or what it enchants
            self.stop_walk()
            if g.reading() == "gear":
                self.app.open("enchant", g)
            else:
                self.app.open("target", g, "read")
            return
        if g.resting:
            for _ in range(REST_TURNS_PER_FRAME):
                if not (g.resting and g.go_on()):
                    break
        elif g.ongoing:
            self.travel_wait -= 1
            if self.travel_wait <= 0:
                g.go_on()
                self.travel_wait = TRAVEL_FRAMES
        if g.dirty and not g.busy:
            self.save_now()

    def _build(self) -> None:
        """Drain the pending build a few ms per frame; install it in a frame of its own."""
        if self.job is None or self.job.game is not self.game or self.job.request is not self.game.pending:
            self.job = BuildJob(self.game, WORK_BUDGET_MS)
        if not self.job.step():
            return
        job, self.job = self.job, None
        if job.error is None:
            return
        self.toasts.add(f"Building the map failed: {job.error}", ui.BAD)
        if not job.recovered:
            self.app.switch("title", messages=(("The world could not be built: " + str(job.error))[:120],),
                            auto=False)

    # -- a replay ------------------------------------------------------------------
    def _play_back(self) -> None:
        """Give the commands due this frame; adopt the run a reload made; end
        on the end screen once the final digest was compared."""
        replay, bar = self.replay, self.bar
        if replay.game is not self.game:  # the recording reloaded its save here
            self.game = replay.game
            self._show(self.game)
            return
        g = self.game
        if replay.finished and (g.dead or g.won):
            self.app.audio.play(Cue.WIN if g.won else Cue.DIE)
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
        self.hud.draw(surface, self.pointer, self.bar is None and self.app.top is self and not g.busy)
        if self.bar is not None:
            self.bar.draw(surface, g.turn)
        if g.pending is not None:
            frac = self.job.fraction if self.job is not None else 0.0
            bar = pygame.Rect(0, 0, 420, 18)
            bar.center = (360, 216)
            ui.progress_bar(surface, bar, frac, g.build_label())
        self.toasts.draw(surface, 420)


#: Commands that open a screen over the play screen.
_SCREENS = {
    "pack": lambda s: s.app.open("pack", s.game), "throw": lambda s: s.app.open("pack", s.game, "throw"),
    "history": lambda s: s.app.open("history", s.game), "look": lambda s: s.app.open("look", s.game, s.view),
    "world_map": lambda s: s.app.open("world_map", s.game), "help": lambda s: s.app.open("help"),
    "perks": lambda s: s.app.open("perks", s.game) if s.game.perk_offer() else s.toasts.add("You have no perk "
                                                                                            "to choose."),
}
#: Options of the screen (no time passes).
_SWITCHES = {"ascii": PlayScene.toggle_ascii, "mute": PlayScene.toggle_mute}
#: Commands that begin something that goes on (a walk, a rest): ``Game.go_on`` steps it.
_WALKS = {"explore": Game.explore, "goal": Game.go_to_goal, "descend": lambda g: g.stairs(True),
          "ascend": lambda g: g.stairs(False), "rest": Game.rest, "search": Game.search}
#: Commands that are one ``Game`` method of that name, done now.
_COMMANDS = {n: getattr(Game, n) for n in ("wait", "interact", "pick_up", "close_doors")} | {
    "swap": Game.swap_weapons, "allies": Game.order_allies}
