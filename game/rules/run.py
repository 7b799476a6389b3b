"""The rules facade: what the screens may ask of the game, and nothing else.

:class:`Game` is the state of a run (:class:`~game.rules.state.RunState`)
with one small method per thing a player can ask for, and one per question
a screen asks.  A command builds an action and hands it to the turn engine
(``game.move(1, 0)`` is ``engine.perform(game, Walk(1, 0))`` in a
dungeon); a question reads the state (``game.describe(x, y)``).  None holds
a rule of its own.  The module-level functions serve the screens before and
after a run (the title's saved game and world preview, the names of the
dungeon sizes).

Scenes import this module and no other of ``game.rules``
(``tests/test_architecture.py`` checks it): a rule lives behind the facade,
never in a scene.  How a key press flows: the play scene maps the key to a
method here, the method performs an action (:mod:`game.rules.actions`), the
engine lets time pass (:mod:`game.rules.engine`), ``version`` changes, and
the view redraws what it caches.  See ``docs/ARCHITECTURE.md``.

A command marked ``@recorded("code")`` goes into the run's recording
(:mod:`game.rules.record`) when the player gives it; a replay gives the same
commands again (:mod:`game.rules.replay`).

Long because it is the one door of the rules for the screens: each of its
methods is a line or a few, and splitting it would give the scenes several
facades to know.
"""

from __future__ import annotations

import datetime
import functools
from collections.abc import Iterator
from typing import Any, NamedTuple

import numpy as np

from worldgen.core import seeding
from worldgen.core.registry import Stage
from worldgen.core.tiles import T
from worldgen.generators.world import WorldNameError, world_key

from . import build, codec, content, engine, recstore, save, score, words
from .actions.allies import OrderAllies
from .actions.growth import ChoosePerk
from .actions.items import Craft, Drop, PickUp, Swap, UseItem
from .actions.places import Ascend, Descend, EnterSite, GoLocation, Interact, LeaveSite
from .actions.ranged import (AIM_PURPOSES, Fire, ReadyLauncher, Throw, aim_label, aim_preview, aim_range,
                             aim_refusal, can_fire, targets)
from .actions.travel import plan_path, stairs_target, start_explore, start_rest, start_walk, step_action
from .actions.terrain import CloseDoors
from .actions.walk import Rest
from .buttons import ButtonState, button_states
from .content.keys import hint
from .entities import MAX_INVENTORY
from .growth import perk_offer, start_as
from .location import LocationData, SiteData, WorldMap
from .log import BAD, Cue
from .look import PackRow, describe_cell, pack_rows, unreachable
from .morgue import morgue_text
from .names import make_name
from .objective import Objective, objective, stairs_refusal, unvisited_site, visited
from .pickup import PICKUP_MODES, PICKUP_WORDS
from .record import Recording, read_file, recorded
from .replay import Mismatch, Replayer
from .state import LevelRequest, LocationRequest, RunState
from .tips import TIPS, tip

__all__ = ["Game", "Cue", "SaveOutcome", "ScoreRecord", "WorldPreview", "PackRow", "AIM_PURPOSES", "SIZE_NAMES",
           "LEVELS", "PACK_SLOTS", "PICKUP_MODES", "PICKUP_WORDS", "BACKGROUNDS", "DEFAULT_BACKGROUND", "Choice",
           "load_saved", "saves_off", "roll_world_name", "run_seed", "same_world", "daily_world", "open_replay",
           "finished_runs", "Replayer", "Mismatch", "death_text", "Objective", "ButtonState", "TIPS", "crafting_words"]

SIZE_NAMES = content.SIZE_NAMES
LEVELS = {name: rules.levels for name, rules in content.DUNGEONS.items()}  # levels per dungeon, by size
PACK_SLOTS = MAX_INVENTORY


class Choice(NamedTuple):
    """One thing a screen offers to choose (a background, a perk)."""

    id: str
    name: str
    note: str


#: The backgrounds a run may start as, in the title screen's order.
BACKGROUNDS = tuple(Choice(b.id, b.name, b.note) for b in content.BACKGROUNDS)
DEFAULT_BACKGROUND = content.DEFAULT_BACKGROUND


class SaveOutcome(NamedTuple):
    ok: bool  # the game is safely kept (or there is nothing to keep yet)
    text: str | None  # the save text written and verified (None: nothing written)
    why: str  # what to tell the player when it failed


class ScoreRecord(NamedTuple):
    entry: dict  # this run's line of the table
    table: list[dict]  # the table, best first, with this run in its place
    rank: int  # this run's place (0 is the best), -1 when it did not make the table
    kept: bool  # the table was stored (a blocked storage shows it, keeps nothing)


class Game(RunState):
    @classmethod
    def new(cls, name: str, size: str, run_seed: int, preview: LocationData | None = None, *,
            background: str = DEFAULT_BACKGROUND, daily: str = "", record: bool = True) -> "Game":
        """A new run in world ``name`` as ``background`` (an id of
        :data:`BACKGROUNDS`; an unknown one is the default); ``preview`` is
        its first location if already built; ``daily`` the UTC date when it
        is that day's world.  The run records its commands
        (:mod:`game.rules.record`) unless ``record`` is False.  Raises
        ``ValueError`` for an unusable name."""
        game = cls(WorldMap(name, size), size, run_seed)
        game.daily = daily
        start_as(game, background)
        bg = content.BACKGROUND_BY_ID[game.player.background]
        game.say(f"Welcome to the world of {name}, {bg.name.lower()}.")
        game.say("Carry each location's relic out of its site; the last relic wins.")
        game.say(f"Your next goal is always the line under the map ({hint('goal')}).")
        game.say(f"Dungeon sites are the doors: stand on one and go in ({hint('interact')}). ({hint('help')})")
        if preview is not None and preview.index == 0:
            game.install_location(preview)
        game.recording = Recording.start(game) if record else None
        return game

    @classmethod
    def resume(cls, body: dict, storage: Any = None) -> "Game":
        """The run a save body holds, welcomed back; with ``storage``, the
        recording the save carries goes on (:func:`recstore.load`; the log
        says so when it cannot).  Raises ``ValueError`` (or ``TypeError``)
        for a body that is no run."""
        game = cls.from_json(body)
        game.say(f"Welcome back to {game.name}.")
        if storage is not None:
            game.recording, why = recstore.load(storage, body)
            if why:
                game.say(why, BAD)
        return game

    # -- actions ---------------------------------------------------------------------
    @recorded("m")
    def move(self, dx: int, dy: int) -> bool:
        """A step (an attack when a monster is there); True when time passed."""
        return self.mode in ("overworld", "dungeon") and engine.perform(self, step_action(self, dx, dy))

    @recorded("w")
    def wait(self) -> bool:
        """Rest a turn (in a dungeon, searching for secret doors nearby)."""
        return self.mode in ("overworld", "dungeon") and engine.perform(self, Rest())

    @recorded("r")
    def rest(self) -> bool:
        """Rest until healed (and harmful statuses worn off), or until something
        comes; no time passes now: the screen steps it a turn at a time
        (:meth:`go_on`).  False, and the log says why, when it cannot begin."""
        return self._begin_rest("rest")

    @recorded("k")
    def search(self) -> bool:
        """Search a few turns for secret doors and traps (stepped as a rest is)."""
        return self._begin_rest("search")

    def _begin_rest(self, kind: str) -> bool:
        if self.busy or self.mode not in ("overworld", "dungeon"):
            return False
        why = start_rest(self, kind)
        if why is not None:
            self.say(why)
            self.touch()
        return why is None

    @recorded("e")
    def interact(self) -> bool:
        """Enter / Space: enter a site, take the stairs underfoot, or pick up."""
        return self.mode in ("overworld", "dungeon") and engine.perform(self, Interact())

    @recorded("E")
    def enter_site(self) -> bool:
        return self.mode == "overworld" and engine.perform(self, EnterSite())

    @recorded("d")
    def descend(self) -> bool:
        return self.mode == "dungeon" and engine.perform(self, Descend())

    @recorded("a")
    def ascend(self) -> bool:
        return self.mode == "dungeon" and engine.perform(self, Ascend())

    @recorded("L")
    def leave_site(self) -> bool:
        return self.mode == "dungeon" and engine.perform(self, LeaveSite())

    @recorded("g")
    def pick_up(self) -> bool:
        return self.mode == "dungeon" and engine.perform(self, PickUp())

    @recorded("u")
    def use_item(self, slot: int, target: tuple[int, int] | None = None) -> bool:
        """Drink, read, equip or craft with the item in pack ``slot``; a wand
        (or a scroll that acts at a distance) is aimed at ``target``."""
        return engine.perform(self, UseItem(slot, target))

    @recorded("t")
    def throw(self, slot: int, target: tuple[int, int]) -> bool:
        """Throw the item in pack ``slot`` at ``target`` (potions shatter)."""
        return self.mode == "dungeon" and engine.perform(self, Throw(slot, target))

    @recorded("f")
    def fire(self, target: tuple[int, int]) -> bool:
        """Shoot the wielded launcher (or strike with a reach weapon) at ``target``."""
        return self.mode == "dungeon" and engine.perform(self, Fire(target))

    @recorded("c")
    def craft(self, slot: int) -> bool:
        return engine.perform(self, Craft(slot))

    @recorded("W")
    def swap_weapons(self) -> bool:
        """Swap the weapon in hand and the one ready (a launcher and a blade); a turn."""
        return self.mode in ("overworld", "dungeon") and engine.perform(self, Swap())

    @recorded("P")
    def set_pickup(self, mode: str) -> bool:
        """What walking over items picks up: one of :data:`PICKUP_MODES` (the
        player's option); False (nothing changed) for any other value, or
        while the run is busy (a command refused then is not recorded)."""
        if self.busy or mode not in PICKUP_MODES:
            return False
        self.pickup = mode
        return True

    @recorded("D")
    def drop(self, slot: int, count: int = 1) -> bool:
        """Put down the item in pack ``slot`` (and ``count - 1`` more of its kind)."""
        return engine.perform(self, Drop(slot, count))

    @recorded("C")
    def close_doors(self) -> bool:
        """``C``: shut the open doors beside the player (nothing may stand in them)."""
        return self.mode == "dungeon" and engine.perform(self, CloseDoors())

    @recorded("G")
    def go_location(self, index: int) -> bool:
        return engine.perform(self, GoLocation(index))

    @recorded("K")
    def choose_perk(self, choice: int) -> bool:
        """Take perk ``choice`` (0..2) of :meth:`perk_offer` (no time passes)."""
        return engine.perform(self, ChoosePerk(choice))

    @recorded("O")
    def order_allies(self, wait: bool | None = None) -> bool:
        """Tell the allies here to wait (True) or follow (False); None turns
        the order around (wait when any follows, else follow)."""
        if self.mode != "dungeon":
            return False
        if wait is None:
            wait = any(m.order == "follow" for m in self.allies())
        return engine.perform(self, OrderAllies("wait" if wait else "follow"))

    @recorded("x")
    def interrupt(self) -> None:
        """A key stops what goes on (a click-walk, auto-explore, a rest, a search)."""
        self.stop_walk()

    @recorded("S")
    def stairs(self, down: bool) -> bool:
        """``>`` / ``<`` (and the *Down* / *Up* buttons): take the stairs
        underfoot, else walk to them (on the overworld ``>`` enters the site
        underfoot).  True when something was done or a walk began; else the
        log says why (:func:`~game.rules.objective.stairs_refusal`)."""
        if self.busy or self.mode not in ("overworld", "dungeon"):
            return False
        why = stairs_refusal(self, down)
        if why is not None:
            self.stop_walk()
            self.say(why)
            self.touch()
            return False
        if self.mode == "overworld":
            return self.interact()
        if self.level.tiles[self.pos[1], self.pos[0]] == (T.stairs_down if down else T.stairs_up):
            return self.descend() if down else self.ascend()
        return self.travel_to_stairs(down)

    @recorded("B")
    def stairs_button(self) -> bool:
        """The one stairs button of old (kept so recordings that used it still
        replay; the screens now have a *Down* and an *Up* button): the stairs
        underfoot, else down when the stairs down are known (else up)."""
        if self.mode != "dungeon":
            return self.stairs(True)
        level, (x, y) = self.level, self.pos
        if level.tiles[y, x] in (T.stairs_down, T.stairs_up):
            return self.stairs(level.tiles[y, x] == T.stairs_down)
        return self.stairs(level.down is not None and bool(level.seen[level.down[1], level.down[0]]))

    @recorded("F")
    def ready_to_fire(self) -> bool:
        """Whether ``f`` can choose a target now: a launcher with missiles, or a
        reach weapon, in a dungeon, and a foe it can reach
        (:func:`~game.rules.actions.ranged.aim_refusal`).  A launcher carried
        but not in hand is then taken up first (that takes a turn; never when
        there is nothing to shoot at); if it cannot be, the log says why."""
        if self.mode != "dungeon":
            self.say("There is nothing to shoot at here.")
            self.touch()
            return False
        if not self._aim_allowed("fire"):
            return False
        if can_fire(self):
            return True
        return engine.perform(self, ReadyLauncher()) and can_fire(self) and not self.busy

    @recorded("A")
    def ready_to_aim(self, purpose: str = "throw", slot: int | None = None) -> bool:
        """Whether the item in pack ``slot`` can be aimed (``purpose`` "use")
        or thrown now: only in a dungeon, and a wand only with a foe it can
        reach; if not, the log says why (no time passes)."""
        if self.mode != "dungeon":
            self.say("There is nothing to aim at here.")
            self.touch()
            return False
        return self._aim_allowed(purpose, slot)

    def _aim_allowed(self, purpose: str, slot: int | None = None) -> bool:
        why = aim_refusal(self, purpose, slot) if not self.busy else None
        if why is not None:
            self.stop_walk()
            self.say(why)
            self.touch()
        return why is None and not self.busy

    @recorded("J")
    def go_to_goal(self) -> bool:
        """``T`` (or the *Goal* button): the step :meth:`objective` names, one
        command whatever it is (travel to the relic site, go in, walk to the
        stairs or take them, explore, travel on to the next island); True
        when something was done or a walk began."""
        if self.busy or self.mode not in ("overworld", "dungeon"):
            return False
        goal = self.objective()
        if goal.action == "travel" and goal.cell is not None:
            return self.travel_to(*goal.cell)
        if goal.action in ("down", "up"):
            return self.stairs(goal.action == "down")
        if goal.action == "enter":
            return self.enter_site()
        if goal.action == "explore":  # (only in a site: the overworld's goal is always a place)
            return start_explore(self, "seek")
        if goal.action == "location":
            return self.go_location(goal.target)
        self.say(goal.text)
        self.touch()
        return False

    # -- walks: click-walk, travel to the stairs, auto-explore ----------------------------------
    @recorded("T")
    def travel_to(self, x: int, y: int) -> bool:
        """Plan a walk to ``(x, y)`` over known ground (no time passes)."""
        if self.busy or self.mode not in ("overworld", "dungeon"):
            return False
        path = plan_path(self, x, y)
        if not path and (x, y) != self.pos:
            self.say("You see no way there." if path is None else unreachable(self, x, y))
            self.touch()
        start_walk(self, path or [])
        return bool(self.path)

    @recorded("V")
    def travel_to_stairs(self, down: bool) -> bool:
        """Plan a walk to the stairs down (or up) if they have been seen."""
        if self.busy or self.mode != "dungeon":
            return False
        cell = stairs_target(self, down)
        if cell is None:
            self.say(stairs_refusal(self, down) or "You see no way there.")
            self.touch()
            return False
        return self.travel_to(*cell)

    @recorded("o")
    def explore(self) -> bool:
        """Auto-explore: walk leg by leg to the nearest unexplored edge or item,
        until danger stops it or nothing reachable is left (no time passes now).
        On the overworld: walk to the nearest site not yet entered."""
        if self.busy or self.mode not in ("overworld", "dungeon"):
            return False
        if self.mode == "overworld":
            site = unvisited_site(self)
            if site is None:
                self.say(f"You have been into every site you can reach here ({hint('world_map')}).")
                self.touch()
                return False
            self.say(f"You head for site {site.index + 1}, {site.describe()}: the nearest you have not entered.")
            return self.travel_to(site.x, site.y)
        return start_explore(self)

    @recorded("H")
    def head_to(self, x: int, y: int) -> bool:
        """A click or a tap on a cell: walk there over known ground (as
        :meth:`travel_to`); a dungeon cell not explored yet: explore towards
        it, leg by leg, until it is seen (then walk on to it, if a way is
        known) or no way on is left (the "head" plan).  No time passes now."""
        if self.busy or self.mode not in ("overworld", "dungeon"):
            return False
        level = self.level
        if self.mode == "overworld" or not level.inside(x, y) or level.seen[y, x]:
            return self.travel_to(x, y)
        self.stop_walk()
        if not start_explore(self, "head", (x, y)):
            return False
        self.say("You head into the unexplored.")
        self.touch()
        return True

    @recorded("s")
    def go_on(self) -> bool:
        """The next turn of what goes on by itself (:func:`engine.go_on`): a
        walk's next step (auto-explore plans its next leg first) or a turn of
        a rest; False when nothing goes on."""
        return engine.go_on(self)

    # -- first-time tips (messages only: no time passes, no digest changes) ----------------------------
    @recorded("y")
    def tip(self, tip_id: str) -> bool:
        """Say the first-time tip ``tip_id`` (:data:`game.rules.tips.TIPS`) once
        this run, if tips are on; the screens say those only they can see
        (the first arrow-key step).  True if it was said.  Recorded, so a
        replay shows the same log (it changes no digest)."""
        return not self.busy and tip(self, tip_id)

    def set_tips(self, on: bool) -> None:
        """Tips on or off (the player's option, kept with the others; it changes
        only what the log says, so it is no recorded command)."""
        self.tips_on = bool(on)

    # -- questions the screens ask (no time passes) -----------------------------------------
    def describe(self, x: int, y: int) -> list[str]:
        """What the player knows of cell ``(x, y)``, in lines (look, hover, hold)."""
        return describe_cell(self, x, y)

    def objective(self) -> Objective:
        """The run's next goal: one line, the cell it points at, what ``T`` does
        (:func:`game.rules.objective.objective`)."""
        return objective(self)

    def buttons(self) -> dict[str, ButtonState]:
        """What each on-screen button would do now (its label, whether it
        applies, its words): :func:`game.rules.buttons.button_states`."""
        return button_states(self)

    def relic_site(self) -> SiteData | None:
        """The site of this location that holds its relic (None before it is built)."""
        return self.loc.sites[content.relic_site(len(self.loc.sites))] if self.loc is not None else None

    def visited_sites(self) -> set[int]:
        """The sites of this location the player has gone into."""
        return visited(self)

    def pack_rows(self) -> list[PackRow]:
        return pack_rows(self)

    def aim_range(self, purpose: str, slot: int | None = None) -> int:
        return aim_range(self, purpose, slot)

    def aim_label(self, purpose: str, slot: int | None = None) -> str:
        return aim_label(self, purpose, slot)

    def targets(self, max_range: int) -> list[tuple[int, int]]:
        """Cells of the monsters in view within ``max_range``, nearest first."""
        return targets(self, max_range)

    def aim_preview(self, target: tuple[int, int], max_range: int):
        """How a shot at ``target`` would fly: ``(cells, cell hit or None, cells past its stop)``."""
        return aim_preview(self, target, max_range)

    def perk_offer(self) -> list[Choice]:
        """The perks offered for a level gained, empty when no choice is owed."""
        return [Choice(p.id, p.name, p.note) for p in perk_offer(self)]

    def ally_count(self) -> tuple[int, int]:
        """``(allies on this level, those told to wait)``."""
        allies = self.allies()
        return len(allies), sum(1 for m in allies if m.order == "wait")

    def location_status(self, index: int) -> str:
        """What the world map says of location ``index``: "2 sites cleared (need 3 or the relic)", "locked"."""
        if index >= self.unlocked:
            return "locked"
        status = words.number("site", len(self.cleared.get(index, ()))) + " cleared"
        if index in self.relics:
            return "relic kept, " + status
        if index + 1 == self.unlocked and index + 1 < self.world.n_locations:
            status += f" (need {self.world.sites_to_unlock(len(self.loc.sites) if self.loc else 100)} or the relic)"
        return status

    def monster_name_at(self, x: int, y: int) -> str | None:
        """The name of the monster the player sees at ``(x, y)``, if any."""
        level = self.level
        if level is None or not level.inside(x, y) or not level.visible[y, x]:
            return None
        m = level.monster_at(x, y)
        return None if m is None or not self.sees(m) else m.name

    # -- building maps -----------------------------------------------------------------
    def build_iterator(self) -> Iterator:
        return build.build_iterator(self)

    def build_stage_names(self) -> tuple[str, ...]:
        return build.stage_names(self)

    def build_label(self) -> str:
        return build.build_label(self)

    def install_build(self, stages: dict[str, Stage], result: Any) -> None:
        """Put the finished build of the pending request in place."""
        build.install(self, stages, result)

    def build_failed(self, request: LocationRequest | LevelRequest) -> bool:
        """The build of ``request`` failed: put the run back where it was.
        False when there is no place to go back to (the first location)."""
        return build.fail_build(self, request)

    def install_location(self, data: LocationData) -> None:
        build.install_location(self, data)

    def install_level(self, stage: Stage) -> None:
        build.install_level(self, stage)

    # -- saves and scores ------------------------------------------------------------------
    def save_to(self, storage: Any, known_good: str | None = None) -> SaveOutcome:
        """Write the run, with its recording inside, to ``storage``
        (write-then-verify, :func:`game.rules.save.write`); while a map is
        being built, the run on its way there (loading it builds the same
        map).  ``known_good`` is the text this process last wrote and verified."""
        if self.dead or self.won:
            return SaveOutcome(False, None, "")  # a finished run keeps no save
        if self.loc is None:
            return SaveOutcome(True, None, "")  # nothing to keep yet: the first location is being built
        body = self.to_json()
        if self.recording is not None:
            body[recstore.ENTRY] = recstore.entry(storage, self.recording, building=self.pending is not None)
        text = save.encode(body)
        ok = save.write(storage, text, known_good, check=codec.usable)
        self.dirty = False
        return SaveOutcome(ok, text if ok else None, "" if ok else save.write_failed(storage, codec.usable))

    def erase_save(self, storage: Any) -> None:
        """The run is over: its save goes (its score stays)."""
        save.erase(storage)

    def end_run(self, storage: Any) -> None:
        """The run is over: its save goes, its recording is finished and kept
        with the last finished runs (:func:`recstore.keep_finished`)."""
        save.erase(storage)
        if self.recording is not None:
            self.finish_recording()
            recstore.keep_finished(storage, self.recording)
        recstore.clear(storage)

    def finish_recording(self) -> str | None:
        """The recording with the final digest, as a file's text (None: not recorded)."""
        if self.recording is None:
            return None
        self.recording.finish(self, dict(score.entry(self), date=self.daily))
        return self.recording.to_file()

    def morgue(self) -> str:
        """The character dump of the run as it stands (plain text)."""
        return morgue_text(self)

    def score_key(self) -> str:
        """Where this run's table is kept: the day's own for a daily world."""
        return score.DAILY_KEY if self.daily else score.KEY

    def record_score(self, storage: Any) -> ScoreRecord:
        """Put this finished run in the high-score table kept in ``storage``
        (a daily world's run in that day's table)."""
        entry = score.entry(self)
        try:
            table = score.decode_table(storage.get(self.score_key()), self.daily)
        except Exception:  # noqa: BLE001 - a storage that throws holds no table
            table = []
        table, rank = score.add(table, entry)
        try:
            kept = bool(storage.set(self.score_key(), score.encode_table(table, self.daily)))
        except Exception:  # noqa: BLE001 - blocked storage: the table is shown, not kept
            kept = False
        return ScoreRecord(entry, table, rank, kept)

    def to_json(self) -> dict:
        return codec.run_to_json(self)

    @classmethod
    def from_json(cls, body: dict, world: WorldMap | None = None) -> "Game":
        return codec.run_from_json(cls, body, world)


# -- before a run ----------------------------------------------------------------------------
def load_saved(storage: Any) -> tuple[dict | None, str]:
    """The saved run's body (or its backup's), and what to tell the player, one
    line or two (:func:`game.rules.save.load`, refusing a save the game cannot
    play; a save it cannot use is kept aside first)."""
    return save.load(storage, check=codec.usable)


def saves_off(storage: Any) -> str:
    """``"Saves are off: <why>."`` when ``storage`` keeps nothing, else ``""``."""
    return save.saves_off(storage)


def death_text(cause: str) -> str:
    """How a run ended, for the death screen and the score table: "killed by a
    goblin archer", "died of poison" (:func:`game.rules.words.died`)."""
    return words.died(cause)


def crafting_words() -> list[str]:
    """Every recipe in plain words, for the help: "3 iron ore make +1 attack for good (a honed edge)"."""
    return [f"{words.number(content.ITEM_BY_ID[rid].name, r.need)} make {r.description}"
            for rid, r in content.RECIPES.items()]


def roll_world_name(rng: np.random.Generator) -> str:
    return make_name(rng)


def run_seed(rng: np.random.Generator, text: str | None = None) -> int:
    """A new run's own seed: from ``text`` when a link gives one (``?world=A&seed=7``:
    the same link plays the same run, rolls and all), else rolled from ``rng``.

    >>> run_seed(np.random.default_rng(0), "7") == run_seed(np.random.default_rng(1), "7") < 2**62
    True
    """
    return seeding.seed_from_text(text) % 2**62 if text is not None else int(rng.integers(0, 2**62))


def daily_world(date: str) -> str:
    """The world of the UTC day ``date`` ("2025-06-01"): the same name for
    every player that day, and another world every day of the year: day
    ``k`` of a year (0 on 1 January) is the ``k``-th distinct world among
    the names the name model draws from that year's stream.  A date that is
    not ``YYYY-MM-DD`` has a name of its own, drawn from its text."""
    try:
        day = datetime.date.fromisoformat(date) if len(date) == 10 else None
    except ValueError:
        day = None
    if day is None:
        return make_name(seeding.rng(seeding.seed_from_text("daily world"), date))
    return _daily_names(day.year)[day.timetuple().tm_yday - 1]


@functools.lru_cache(maxsize=2)
def _daily_names(year: int) -> tuple[str, ...]:
    """The first 366 distinct worlds of ``year``'s stream, drawn once a year
    (about 50 ms; bounded: at most :data:`MAX_DAILY_DRAWS` names are drawn,
    and a shorter list repeats from its start)."""
    rng = seeding.rng(seeding.seed_from_text("daily world"), str(year))
    names: list[str] = []
    keys: set[str] = set()
    for _ in range(MAX_DAILY_DRAWS):
        if len(names) >= 366:
            break
        name = make_name(rng)
        if world_key(name) not in keys:
            keys.add(world_key(name))
            names.append(name)
    return tuple(names[i % len(names)] for i in range(366))


MAX_DAILY_DRAWS = 20 * 366  # names drawn for a year's daily worlds, at most (about 420 are needed)


def open_replay(text: Any) -> tuple[Replayer | None, str]:
    """A replay of a recording's text (a file, a link), ready to play, or
    ``(None, why)`` in one line (:func:`game.rules.record.read_file`); never raises."""
    recording, why = read_file(text)
    if recording is None:
        return None, why
    try:
        return Replayer(recording, Game), ""
    except (ValueError, TypeError):
        return None, "the recording names a world this game cannot make"


def finished_runs(storage: Any) -> list[tuple[dict, str]]:
    """The last finished runs kept in ``storage``, newest first: ``(summary, recording text)``."""
    return recstore.finished(storage)


def same_world(a: str, b: str) -> bool:
    """Whether two typed names are the same world (case, spacing, accents)."""
    try:
        return world_key(a) == world_key(b)
    except ValueError:
        return False


class WorldPreview:
    """The first location of world ``name``, built step by step for the title
    screen (``steps()`` is drained a few milliseconds per frame; the last item
    is the :class:`~game.rules.location.LocationData`, handed to
    :meth:`Game.new` to start there).  Raises ``ValueError`` for an unusable name."""

    def __init__(self, name: str) -> None:
        self.world = WorldMap(name)
        self.key = self.world.key
        self.n_locations = self.world.n_locations

    def steps(self) -> Iterator:
        return self.world.location_iterator(0)

    def is_same(self, name: str) -> bool:
        try:
            return self.key == world_key(name)
        except WorldNameError:
            return False

    @staticmethod
    def is_location(result: Any) -> bool:
        return isinstance(result, LocationData)
