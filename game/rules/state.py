"""The state of one run in a named world.  No pygame, no rules.

:class:`RunState` holds the player, where they are (a location's overworld,
or a level of one of its dungeon sites), what play changed, and the message
log.  The rules that change it are elsewhere: actions
(:mod:`game.rules.actions`), the turn engine (:mod:`game.rules.engine`),
map building (:mod:`game.rules.play.build`) and the save codec
(:mod:`game.rules.persistence.codec`); :class:`game.rules.run.Game` puts them behind one
small facade for the scenes.

Random rolls during play (combat, wandering, secret doors) come from a
generator derived from ``(run seed, turn, label)``; maps and their contents
come from the world name alone, so "same world again" gives the same
overworld and dungeons.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from worldgen.core import seeding

from . import content
from .creatures import status
from .creatures.entities import Monster, Player
from .world.geometry import chebyshev
from .world.level import Level
from .world.location import LocationData, SiteData, WorldMap
from .text.log import NOTE, Cue, Message
from .text.log import add as add_line

__all__ = ["RunState", "Activity", "LocationRequest", "LevelRequest", "Arrival", "ARRIVALS", "REST_KINDS", "EXPLORING",
           "PICKUP_MODES",
           "DEFAULT_PICKUP"]

#: What walking over items may pick up (the player's option; the rule is :mod:`game.rules.play.pickup`).
PICKUP_MODES = ("all", "smart", "none")
DEFAULT_PICKUP = "smart"

#: Where the player arrives on a level: by the stairs ``"up"`` or ``"down"``,
#: or ``("at", (x, y))`` when a save says where they stood.
Arrival = str | tuple
#: The arrivals a build may take the player to (a save made while one is built keeps it).
ARRIVALS = ("up", "down", "fall")
#: What a rest may be: until healed, or a search of a few turns.
REST_KINDS = ("rest", "search")
#: The plans that explore leg by leg (plain auto-explore, the goal key's, towards a tapped cell).
EXPLORING = ("explore", "seek", "head")


@dataclass
class Activity:
    """What the player goes on doing by themselves, a turn at a time: a plan
    of ``kind`` (``"walk"``, ``"explore"``, ``"seek"`` (the goal key's explore,
    which stops once the goal is in sight), ``"head"`` (explore towards a
    tapped cell not yet seen, then walk onto it), ``"rest"``, ``"search"``: its
    rules are :data:`game.rules.actions.travel.PLANS`), the cells a walk has still
    to step on, the turns a rest has taken, and what it has watched so far
    (what stops it is what is new since: ``travel.danger``)."""

    kind: str
    path: list[tuple[int, int]] = field(default_factory=list)
    turns: int = 0  # turns a rest or search has taken so far
    seen: set[int] = field(default_factory=set)  # monsters in view while it went on
    awake: set[int] = field(default_factory=set)  # those of them seen awake
    hp: int = 0  # the player's HP after its last turn
    blows: int = 0  # the run's ``blows`` then
    finds: int = 0  # secret doors and traps found on the level when it began
    target: tuple[int, int] | None = None  # "head": the cell not yet seen it explores towards


@dataclass(frozen=True)
class LocationRequest:
    """Build location ``index`` (its overworld and sites)."""

    index: int


@dataclass(frozen=True)
class LevelRequest:
    """Build level ``depth`` of site ``site`` of the current location."""

    site: int
    depth: int
    arrive: Arrival


class RunState:
    """Everything a run is; see the module docstring for who changes it."""

    def __init__(self, world: WorldMap, size_name: str = "medium", run_seed: int = 0) -> None:
        self.world = world
        self.name = world.name
        self.size_name = size_name if size_name in content.DUNGEONS else "medium"
        self.size = content.DUNGEONS[self.size_name]
        self.run_seed = int(run_seed)
        self.turn = 0
        self.player = Player()
        self.location = 0
        self.unlocked = 1
        self.cleared: dict[int, set[int]] = {}
        self.carrying: int | None = None  # the site (of this location) whose treasure the player carries
        self.over_pos: dict[int, tuple[int, int]] = {}
        self.deltas: dict[str, dict] = {}
        self.mode = "overworld"  # overworld | dungeon | overworld-loading | dungeon-loading
        self.site: int | None = None
        self.depth = 0
        self.loc: LocationData | None = None
        self.level: Level | None = None
        self.levels: dict[int, Level] = {}  # depth -> level, for the current site
        self.log: list[Message] = []
        self.pending: LocationRequest | LevelRequest | None = LocationRequest(0)
        self.saved_place: dict | None = None  # where to put the player after loading
        self.resume_activity: dict | None = None  # the walk or rest a loaded save was made in, until its level is in
        # What goes on by itself, a turn at a time, until done or interrupted: a plan
        # the engine steps (actions.travel.PLANS: a walk, auto-explore, a rest, a search).
        self.activity: Activity | None = None
        self.blows = 0  # blows, shots and bursts that have hurt the player (not their own statuses' ticks)
        self.told: set = set()  # floor items already announced (left for a full pack, or not wanted)
        self.pickup = DEFAULT_PICKUP  # what walking over items takes: all | smart | none (see pickup)
        self.tips_seen: set[str] = set()  # first-time tips said this run (saved: game.rules.play.tips)
        self.tips_on = True  # the player's choice of messages (not of rules: it changes no digest)
        self.warned: int | None = None  # the foe the weak-weapon prompt last named (while it stays beside)
        self.dead = False
        self.killer = ""
        self.kills = 0
        self.slain: dict[str, int] = {}  # monsters killed, by kind id
        self.daily = ""  # the UTC date ("2025-06-01") when this is that day's world
        self.recording = None  # the run's record.Recording (None: not recorded)
        self.deepest = 0
        self.version = 0  # bumped whenever something visible changed
        self.dirty = False  # something worth saving changed
        self.repaired: list[str] = []  # parts of the save this run was loaded from that were clamped
        self.known: set[str] = set()  # item kinds identified this run
        self.relics: set[int] = set()  # locations whose relic was carried out of its site
        self.carrying_relic = False  # the current site's relic is in hand (lost if you die)
        self.won = False
        self.noise = 0  # the loudest sound the player made this turn (sleepers may hear it)
        self.events: list[Cue] = []  # what happened since the screen last looked (sounds, flashes)
        self.companions: list[Monster] = []  # allies travelling with the player, between levels or outside
        self.freed = 0  # captives freed this run
        # Actions that what just happened set off (a jelly splitting when struck, a
        # bloat bursting as it dies): the engine resolves them after the action
        # that caused them (engine.resolve), as its first reactions.
        self.triggered: list = []

    @property
    def pos(self) -> tuple[int, int]:
        """Where the player stands (the hero's own cell: ``player.pos``)."""
        return self.player.pos

    @pos.setter
    def pos(self, cell: tuple[int, int]) -> None:
        self.player.pos = cell

    def place(self, actor, cell: tuple[int, int]) -> None:
        """Put ``actor`` at ``cell`` by force or magic (a blink, a blow that hurls
        it, a drift down): not a step of its own.  When it is the player, the
        view follows them and whatever went on by itself stops."""
        actor.pos = cell
        if actor is self.player and self.level is not None:
            self.level.update_view(*cell)
            self.stop_walk()

    # -- messages and change -----------------------------------------------------
    def say(self, text: str, kind: str = NOTE) -> None:
        add_line(self.log, text, kind, self.turn)

    def stop_walk(self) -> None:
        """End any walk or rest in progress (a key, a failed step, danger, a new level)."""
        self.activity = None

    @property
    def ongoing(self) -> bool:
        """A walk or a rest goes on by itself, a turn at a time (a walk whose
        cells are all walked is over; auto-explore plans its next leg)."""
        act = self.activity
        return act is not None and (act.kind != "walk" or bool(act.path))

    # What goes on, as the screens and tools ask it (read only; the plan is ``activity``).
    @property
    def path(self) -> list[tuple[int, int]]:
        """The cells a walk has still to step on."""
        return self.activity.path if self.activity is not None else []

    @property
    def exploring(self) -> bool:
        """Auto-explore goes on (plain, the goal key's, or towards a tapped cell)."""
        return self.activity is not None and self.activity.kind in EXPLORING

    @property
    def resting(self) -> str:
        """``"rest"`` (until healed) or ``"search"`` (a few turns) while one goes on, else ``""``."""
        return self.activity.kind if self.activity is not None and self.activity.kind in REST_KINDS else ""

    @property
    def rest_turns(self) -> int:
        return self.activity.turns if self.activity is not None else 0

    def touch(self) -> None:
        """Something visible changed: the view redraws what it caches."""
        self.version += 1

    # -- questions ----------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """A map is being built, or the run is over: no action can be taken."""
        return self.pending is not None or self.dead or self.won

    def emit(self, cue: Cue) -> None:
        """Tell the screens ``cue`` happened (the last 64 are kept until they look)."""
        self.events.append(Cue(cue))
        del self.events[:-64]

    def take_cues(self) -> list[Cue]:
        """The cues since the screens last took them, oldest first; the queue is emptied."""
        cues, self.events = self.events, []
        return cues

    def trigger(self, action) -> None:
        """Something that happened sets ``action`` off (see ``triggered``)."""
        self.triggered.append(action)

    def sees(self, m: Monster) -> bool:
        """Whether the player sees monster ``m`` now: in view, not hidden (a
        mimic passes for an item, an eel is under the water), not invisible
        beyond one step."""
        level = self.level
        return (level is not None and bool(level.visible[m.y, m.x]) and not m.hidden
                and status.seen_at(m, chebyshev(m.pos, self.pos)))

    def foes_in_view(self) -> list[Monster]:
        """The hostile monsters the player sees (allies and captives are not foes)."""
        return [m for m in self.level.monsters if m.hostile and self.sees(m)] if self.level is not None else []

    def allies(self) -> list[Monster]:
        """The player's allies on this level."""
        return [m for m in self.level.monsters if m.ally] if self.level is not None else []

    def make_noise(self, loudness: int) -> None:
        """The player made a sound this turn (see ``behaviours.Behaviour.hears``)."""
        self.noise = max(self.noise, int(loudness))

    def rng(self, *labels: str) -> np.random.Generator:
        """The rolls of this turn; each roller in a turn has its own label (the
        same stream for the player's blow and the monsters' reply would make
        them miss and hit together)."""
        return seeding.rng(self.run_seed, "turn", self.turn, *labels)

    def current_site(self) -> SiteData | None:
        return self.loc.sites[self.site] if self.site is not None and self.loc else None

    def site_under(self) -> SiteData | None:
        if self.mode != "overworld" or self.loc is None:
            return None
        i = int(self.loc.site_at[self.pos[1], self.pos[0]])
        return self.loc.sites[i] if i >= 0 else None

    def is_cleared(self, site_index: int, location: int | None = None) -> bool:
        return site_index in self.cleared.get(self.location if location is None else location, set())

    def valid_over(self, pos, data: LocationData | None = None) -> tuple[int, int]:
        """``pos`` if the player can stand there on the overworld, else its start."""
        data = data or self.loc
        h, w = data.tiles.shape
        try:
            x, y = int(pos[0]), int(pos[1])
        except (TypeError, ValueError, IndexError):
            return data.start
        if 0 <= x < w and 0 <= y < h and data.passable[y, x]:
            return (x, y)
        return data.start
