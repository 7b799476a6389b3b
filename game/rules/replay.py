"""Playing a recording back: its commands given to a new run of the same
world, size and seed, and every digest it carries compared on the way.

The caller builds the maps a command asks for (over frames in the play
screen, at once headless) before the next :meth:`Replayer.step`, exactly
as the game accepts no command between a request and its install.

>>> from game.rules.record import Recording
>>> from game.rules.run import Game
>>> r = Replayer(Recording("Avalon", "small", 7), Game)
>>> r.game.pending is not None  # the first location is asked for, as in a new run
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from .digest import state_digest
from .record import COMMANDS, RELOAD, Recording, parse_commands

__all__ = ["Replayer", "Mismatch"]


class Mismatch(NamedTuple):
    command: int  # the index of the command before which the states differ
    turn: int  # the turn the recording gives there
    line: str  # one line for the player


class Replayer:
    def __init__(self, recording: Recording, game_class: Any) -> None:
        """``game_class`` is :class:`game.rules.run.Game` (passed in: the facade imports this module).
        Raises ``ValueError`` when the recording names a world that cannot be made."""
        self.recording = recording
        self.commands = parse_commands("".join(recording.commands))
        self.game_class = game_class
        self.game = game_class.new(recording.world, recording.size, recording.seed, daily=recording.daily,
                                   background=recording.background, record=False)
        self.index = 0  # the next command
        self.checks = {k: (turn, digest) for k, turn, digest in recording.checks}
        self.matched = 0  # digests that matched so far
        self.mismatch: Mismatch | None = None
        self.finished = False  # every command given, the final digest compared
        self._resume_body: dict | None = None  # the last command's resume point (a map build it asked for)

    @property
    def total(self) -> int:
        return len(self.commands)

    def step(self) -> bool:
        """Give the next command (after comparing a digest due before it);
        False when none was given: the end, a mismatch, or a map still to build."""
        if self.mismatch is not None or self.finished or self.game.pending is not None:
            return False
        if not self._compare(self.index):
            return False
        if self.index >= len(self.commands):
            self._compare_final()
            return False
        self._give()
        while self.mismatch is None and self.index < len(self.commands) and self.commands[self.index][0] == RELOAD:
            self._give()  # a reload right after a build request: no need to build it first
        return self.mismatch is None

    def play_to_end(self, build: Callable[[Any], None]) -> Mismatch | None:
        """Every command, with ``build(game)`` settling each map asked for (headless)."""
        for _ in range(len(self.commands) + 2):
            build(self.game)
            if not self.step():
                break
        return self.mismatch

    def _give(self) -> None:
        code, args = self.commands[self.index]
        g = self.game
        self.index += 1
        try:
            if code == RELOAD:
                self._reload(args)
            else:
                getattr(g, COMMANDS[code])(*args)
        except Exception as exc:  # noqa: BLE001 - an edited recording: say where, never crash
            self.mismatch = Mismatch(self.index - 1, g.turn, f"command {self.index} (turn {g.turn}) cannot be "
                                                             f"played here ({type(exc).__name__})")
            return
        if self.game.pending is not None:
            self._resume_body = self.game.resume_point

    def _reload(self, args: tuple) -> None:
        """What loading the save did: the state as saved (or as it was before
        the map build then under way), without what a save does not keep."""
        body = self._resume_body if args == (1,) else self.game.to_json()
        if body is None:
            raise ValueError("no map build to go back to")
        self.game = self.game_class.resume(body)
        self._resume_body = None

    def _compare(self, k: int) -> bool:
        if k not in self.checks:
            return True
        turn, expected = self.checks[k]
        if state_digest(self.game) == expected and self.game.turn == turn:
            self.matched += 1
            return True
        self.mismatch = Mismatch(k, turn, f"the replay differs from the recording at turn {turn} "
                                          f"(before command {k + 1}; the replay is at turn {self.game.turn})")
        return False

    def _compare_final(self) -> None:
        final = self.recording.final
        if final is not None and final[2]:
            if state_digest(self.game) != final[2] or self.game.turn != final[1]:
                self.mismatch = Mismatch(len(self.commands), final[1],
                                         f"the replay differs from the recording at its end, turn {final[1]} "
                                         f"(the replay is at turn {self.game.turn})")
                return
            self.matched += 1
        self.finished = True
