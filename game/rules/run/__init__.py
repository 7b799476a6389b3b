"""The rules facade: what the screens may ask of the game, and nothing else.

:class:`Game` holds a run (:class:`~game.rules.state.RunState`, ``game.run``)
and offers one small method per thing a player can ask for
(:mod:`.commands`: a command builds an action and hands it to the turn
engine, ``game.move(1, 0)`` is ``engine.perform(run, Walk(1, 0))`` in a
dungeon), one per question a screen asks (:mod:`.questions`), and the run's
life (:mod:`.lifecycle`: new, resumed, saved, ended; the maps it asks for).
None holds a rule of its own.  The module-level functions serve the screens
before and after a run (the title's saved game and world preview, the daily
world, the names of the dungeon sizes, a replay).

The run's state reads through the game (``game.turn``, ``game.level``):
the screens read only what :data:`~.questions.SCREEN_VIEW` names and never
write (``tests/test_architecture.py`` checks every scene), while tools and
tests that set a scene up may reach any of it, to read or to write.

Scenes import this package and no other module of ``game.rules``: a rule
lives behind the facade, never in a scene.  How a key press flows: the play
scene maps the key to a command here, the command performs an action
(:mod:`game.rules.actions`), the engine lets time pass
(:mod:`game.rules.engine`), ``version`` changes, and the view redraws what
it caches.  See ``docs/ARCHITECTURE.md``.  A command marked
``@recorded("code")`` goes into the run's recording
(:mod:`game.rules.persistence.record`); a replay gives the same commands again
(:mod:`game.rules.persistence.replay`).
"""

from __future__ import annotations

from typing import Any

from .. import content
from ..actions.ranged import AIM_PURPOSES
from ..creatures.entities import MAX_INVENTORY
from ..world.location import WorldMap
from ..text.log import Cue
from ..play.look import PackRow
from ..play.objective import Objective
from ..play.pickup import PICKUP_MODES, PICKUP_WORDS
from ..content.tips import TIPS
from ..persistence.replay import Mismatch, Replayer
from ..state import RunState
from . import lifecycle
from .commands import Commands
from .buttons import ButtonState
from .lifecycle import (BACKGROUNDS, DEFAULT_BACKGROUND, Choice, Lifecycle, SaveOutcome, ScoreRecord, WorldPreview,
                        crafting_words, daily_world, death_text, finished_runs, load_saved, roll_world_name, run_seed,
                        same_world, saves_off)
from .questions import SCREEN_VIEW, Questions

__all__ = ["Game", "Cue", "SaveOutcome", "ScoreRecord", "WorldPreview", "PackRow", "AIM_PURPOSES", "SIZE_NAMES",
           "LEVELS", "PACK_SLOTS", "PICKUP_MODES", "BACKGROUNDS", "DEFAULT_BACKGROUND", "Choice", "load_saved",
           "saves_off", "roll_world_name", "run_seed", "same_world", "daily_world", "open_replay", "finished_runs",
           "Replayer", "Mismatch", "death_text", "SCREEN_VIEW", "PICKUP_WORDS", "Objective", "ButtonState", "TIPS",
           "crafting_words"]

SIZE_NAMES = content.SIZE_NAMES
LEVELS = {name: rules.levels for name, rules in content.DUNGEONS.items()}  # levels per dungeon, by size
PACK_SLOTS = MAX_INVENTORY


class Game(Commands, Questions, Lifecycle):
    """The game of one run: it holds the run and is the one door the screens
    use.  ``Game(run)`` wraps a run; ``Game(world, size, run_seed)`` starts
    an empty one (tests); :meth:`new` and :meth:`resume` are the game's own."""

    __slots__ = ("run",)

    def __init__(self, run: RunState | WorldMap, size: str = "medium", run_seed: int = 0) -> None:
        object.__setattr__(self, "run", run if isinstance(run, RunState) else RunState(run, size, run_seed))

    def __getattr__(self, name: str) -> Any:
        """The run's state, read through the game (see the module)."""
        return getattr(self.run, name)

    def __setattr__(self, name: str, value: Any) -> None:
        """Tools and tests set the run up through the game (see the module).
        A name of the game's own methods is refused: set on the run, it would
        never be called, and a tool that wraps ``game.save_to`` would time nothing."""
        if callable(getattr(type(self), name, None)):
            raise AttributeError(f"{name!r} is a method of the game, not state of the run: patch the class")
        setattr(self.run, name, value)


def open_replay(text: Any) -> tuple[Replayer | None, str]:
    """A replay of a recording's text (a file, a link), ready to play, or
    ``(None, why)`` in one line (:func:`game.rules.persistence.record.read_file`); never raises."""
    return lifecycle.open_replay(text, Game)
