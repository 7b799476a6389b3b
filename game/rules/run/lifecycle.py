"""A run's life: its beginning (a new run, a resumed save), what it keeps
(saves with their recording, the score table, the morgue), the maps it asks
for (built by whoever drives it: ``game.shell.work.BuildJob``), its end; and the
functions the title screen calls before a run and after one (the saved game,
the world preview, the daily world, finished runs, a replay's text).
"""

from __future__ import annotations

import datetime
import functools
from collections.abc import Iterator
from typing import Any, NamedTuple

import numpy as np

from worldgen.core import seeding
from worldgen.core.registry import Stage
from worldgen.generators.world import WorldNameError, world_key

from ..play import build
from ..persistence import codec, recstore, save, score
from .. import content
from ..text import words
from ..content.keys import hint
from ..play.growth import start_as
from ..world.location import LocationData, WorldMap
from ..text.log import BAD
from ..play.morgue import morgue_text
from ..text.names import make_name
from ..persistence.record import Recording, read_file
from ..persistence.replay import Replayer
from ..state import LevelRequest, LocationRequest, RunState

__all__ = ["Lifecycle", "SaveOutcome", "ScoreRecord", "Choice", "BACKGROUNDS", "DEFAULT_BACKGROUND", "crafting_words",
           "load_saved",
           "saves_off", "roll_world_name", "run_seed", "same_world", "daily_world", "open_replay", "finished_runs",
           "death_text", "WorldPreview", "MAX_DAILY_DRAWS"]


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


class Lifecycle:
    """A run's beginning, its saves, its maps and its end, for :class:`game.rules.run.Game`."""

    run: RunState

    @classmethod
    def new(cls, name: str, size: str, run_seed: int, preview: LocationData | None = None, *,
            background: str = DEFAULT_BACKGROUND, daily: str = "", record: bool = True):
        """A new run in world ``name`` as ``background`` (an id of
        :data:`BACKGROUNDS`; an unknown one is the default); ``preview`` is
        its first location if already built; ``daily`` the UTC date when it
        is that day's world.  The run records its commands
        (:mod:`game.rules.persistence.record`) unless ``record`` is False.  Raises
        ``ValueError`` for an unusable name."""
        game = cls(WorldMap(name, size), size, run_seed)
        run = game.run
        run.daily = daily
        start_as(run, background)
        bg = content.BACKGROUND_BY_ID[run.player.background]
        run.say(f"Welcome to the world of {name}, {bg.name.lower()}.")
        run.say("Carry each location's relic out of its site; the last relic wins.")
        run.say(f"Your next goal is always the line under the map ({hint('goal')}).")
        run.say(f"Dungeon sites are the doors: stand on one and go in ({hint('interact')}). ({hint('help')})")
        if preview is not None and preview.index == 0:
            build.install_location(run, preview)
        run.recording = Recording.start(run) if record else None
        return game

    @classmethod
    def resume(cls, body: dict, storage: Any = None):
        """The run a save body holds, welcomed back; with ``storage``, the
        recording the save carries goes on (:func:`recstore.load`; the log
        says so when it cannot).  Raises ``ValueError`` (or ``TypeError``)
        for a body that is no run."""
        game = cls.from_json(body)
        run = game.run
        run.say(f"Welcome back to {run.name}.")
        if storage is not None:
            run.recording, why = recstore.load(storage, body)
            if why:
                run.say(why, BAD)
        return game

    @classmethod
    def from_json(cls, body: dict, world: WorldMap | None = None):
        return cls(codec.run_from_json(RunState, body, world))

    def to_json(self) -> dict:
        return codec.run_to_json(self.run)

    # -- building maps -----------------------------------------------------------------
    def build_iterator(self) -> Iterator:
        return build.build_iterator(self.run)

    def build_stage_names(self) -> tuple[str, ...]:
        return build.stage_names(self.run)

    def build_label(self) -> str:
        return build.build_label(self.run)

    def install_build(self, stages: dict[str, Stage], result: Any) -> None:
        """Put the finished build of the pending request in place."""
        build.install(self.run, stages, result)

    def build_failed(self, request: LocationRequest | LevelRequest) -> bool:
        """The build of ``request`` failed: put the run back where it was.
        False when there is no place to go back to (the first location)."""
        return build.fail_build(self.run, request)

    def install_location(self, data: LocationData) -> None:
        build.install_location(self.run, data)

    def install_level(self, stage: Stage) -> None:
        build.install_level(self.run, stage)

    # -- saves and scores ------------------------------------------------------------------
    def save_to(self, storage: Any, known_good: str | None = None) -> SaveOutcome:
        """Write the run, with its recording inside, to ``storage``
        (write-then-verify, :func:`game.rules.persistence.save.write`); while a map is
        being built, the run on its way there (loading it builds the same
        map).  ``known_good`` is the text this process last wrote and verified."""
        run = self.run
        if run.dead or run.won:
            return SaveOutcome(False, None, "")  # a finished run keeps no save
        if run.loc is None:
            return SaveOutcome(True, None, "")  # nothing to keep yet: the first location is being built
        body = codec.run_to_json(run)
        if run.recording is not None:
            body[recstore.ENTRY] = recstore.entry(storage, run.recording, building=run.pending is not None)
        text = save.encode(body)
        ok = save.write(storage, text, known_good, check=codec.usable)
        run.dirty = False
        return SaveOutcome(ok, text if ok else None, "" if ok else save.write_failed(storage, codec.usable))

    def erase_save(self, storage: Any) -> None:
        """The run is over: its save goes (its score stays)."""
        save.erase(storage)

    def end_run(self, storage: Any) -> None:
        """The run is over: its save goes, its recording is finished and kept
        with the last finished runs (:func:`recstore.keep_finished`)."""
        save.erase(storage)
        if self.run.recording is not None:
            self.finish_recording()
            recstore.keep_finished(storage, self.run.recording)
        recstore.clear(storage)

    def finish_recording(self) -> str | None:
        """The recording with the final digest, as a file's text (None: not recorded)."""
        run = self.run
        if run.recording is None:
            return None
        run.recording.finish(run, dict(score.entry(run), date=run.daily))
        return run.recording.to_file()

    def morgue(self) -> str:
        """The character dump of the run as it stands (plain text)."""
        return morgue_text(self.run)

    def score_key(self) -> str:
        """Where this run's table is kept: the day's own for a daily world."""
        return score.DAILY_KEY if self.run.daily else score.KEY

    def record_score(self, storage: Any) -> ScoreRecord:
        """Put this finished run in the high-score table kept in ``storage``
        (a daily world's run in that day's table)."""
        entry = score.entry(self.run)
        try:
            table = score.decode_table(storage.get(self.score_key()), self.run.daily)
        except Exception:  # noqa: BLE001 - a storage that throws holds no table
            table = []
        table, rank = score.add(table, entry)
        try:
            kept = bool(storage.set(self.score_key(), score.encode_table(table, self.run.daily)))
        except Exception:  # noqa: BLE001 - blocked storage: the table is shown, not kept
            kept = False
        return ScoreRecord(entry, table, rank, kept)


# -- before a run ----------------------------------------------------------------------------
def load_saved(storage: Any) -> tuple[dict | None, str]:
    """The saved run's body (or its backup's), and what to tell the player, one
    line or two (:func:`game.rules.persistence.save.load`, refusing a save the game cannot
    play; a save it cannot use is kept aside first)."""
    return save.load(storage, check=codec.usable)


def saves_off(storage: Any) -> str:
    """``"Saves are off: <why>."`` when ``storage`` keeps nothing, else ``""``."""
    return save.saves_off(storage)


def death_text(cause: str) -> str:
    """How a run ended, for the death screen and the score table: "killed by a
    goblin archer", "died of poison" (:func:`game.rules.text.words.died`)."""
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


def open_replay(text: Any, game_class: Any = None) -> tuple[Replayer | None, str]:
    """A replay of a recording's text (a file, a link), ready to play, or
    ``(None, why)`` in one line (:func:`game.rules.persistence.record.read_file`); never
    raises.  ``game_class`` is :class:`game.rules.run.Game` (the facade
    passes itself: it imports this module)."""
    recording, why = read_file(text)
    if recording is None:
        return None, why
    try:
        return Replayer(recording, game_class), ""
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
    is the :class:`~game.rules.world.location.LocationData`, handed to
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
