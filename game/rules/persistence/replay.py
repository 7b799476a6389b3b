"""Playing a recording back: its commands given to a new run of the same
world, size, seed and background, and every digest compared on the way.

The caller builds the maps a command asks for (over frames in the play
screen, at once headless) whenever :attr:`Replayer.needs_build` says so,
and calls :meth:`Replayer.step` for each command, exactly as the game
accepts no command between a request and its install.  A reload (``R``)
is given when the game gave it: after the build when the save was made
with no build under way, before it (``R[1]``) when the save was made while
the map was being built.

A replay trusts nothing in the file but its commands: every digest the
recorder must have written (before the first command, then before the first
command at or past each :data:`~game.rules.persistence.record.CHECK_EVERY` turns, and
at the end) must be there and match, and what the file says of the run's
end (its outcome, turn, score ...) must be what the replay reached
(:meth:`Replayer.claims`).

>>> from game.rules.persistence.record import Recording
>>> from game.rules.run import Game
>>> r = Replayer(Recording("Avalon", "small", 7), Game)
>>> r.game.pending is not None, r.needs_build  # the first location is asked for, as in a new run
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from . import score
from .digest import state_digest
from .record import COMMANDS, RELOAD, Recording, next_check_after, parse_commands

__all__ = ["Replayer", "Mismatch", "CLAIMED"]

#: What a finished recording's summary says of its run, checked against the replay (in this order).
CLAIMED = ("outcome", "turns", "score", "relics", "deepest", "level", "cause", "world", "size", "date")


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
        self.compared: list = []  # the checks met so far, as the recorder keeps them (for when the next is due)
        self.mismatch: Mismatch | None = None
        self.finished = False  # every command given, the final digest compared

    @property
    def total(self) -> int:
        return len(self.commands)

    @property
    def needs_build(self) -> bool:
        """A map is asked for and must be built before the next command (a
        reload made while it was being built comes first)."""
        return self.game.pending is not None and not self._next_is(RELOAD, (1,))

    def _next_is(self, code: str, args: tuple) -> bool:
        return self.index < len(self.commands) and self.commands[self.index] == (code, args)

    def step(self) -> bool:
        """Give the next command (after comparing a digest due before it);
        False when none was given: the end, a mismatch, or a map still to build."""
        if self.mismatch is not None or self.finished or self.needs_build:
            return False
        if not self._compare(self.index):
            return False
        if self.index >= len(self.commands):
            self._compare_final()
            return False
        self._give()
        return self.mismatch is None

    def play_to_end(self, build: Callable[[Any], None]) -> Mismatch | None:
        """Every command, with ``build(game)`` settling each map asked for (headless)."""
        for _ in range(2 * len(self.commands) + 2):
            if self.needs_build:
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

    def _reload(self, args: tuple) -> None:
        """What loading the save did: the run as saved (a body says what a
        build under way will make), without what a save does not keep."""
        if args not in ((), (1,)) or (args == (1,)) != (self.game.pending is not None):
            raise ValueError("a reload where the run was not saved")
        self.game = self.game_class.resume(self.game.to_json())

    def _compare(self, k: int) -> bool:
        """The digest before command ``k``: compared when the file has one; one the
        recorder would have written and the file lacks is a mismatch too."""
        reload = k < len(self.commands) and self.commands[k][0] == RELOAD
        due = not reload and k < len(self.commands) and self.game.turn >= next_check_after(self.compared)
        if k not in self.checks:
            if due and not self.recording.cut:
                return self._differs(k, self.game.turn, f"the recording lacks the digest due before command {k + 1} "
                                                        f"(turn {self.game.turn}): it cannot be checked")
            return True
        turn, expected = self.checks[k]
        if state_digest(self.game.run) != expected or self.game.turn != turn:
            return self._differs(k, turn, f"the replay differs from the recording at turn {turn} "
                                          f"(before command {k + 1}; the replay is at turn {self.game.turn})")
        self.matched += 1
        self.compared.append((k, turn, expected))
        return True

    def _differs(self, k: int, turn: int, line: str) -> bool:
        self.mismatch = Mismatch(k, turn, line)
        return False

    def _compare_final(self) -> None:
        final = self.recording.final
        n = len(self.commands)
        if final is None:
            self._differs(n, self.game.turn, "the recording has no final digest: its end cannot be checked")
            return
        if final[2]:
            if state_digest(self.game.run) != final[2] or self.game.turn != final[1]:
                self._differs(n, final[1], f"the replay differs from the recording at its end, turn {final[1]} "
                                           f"(the replay is at turn {self.game.turn})")
                return
            self.matched += 1
        elif not self.recording.cut:
            self._differs(n, final[1], "the recording has no final digest: its end cannot be checked")
            return
        self.finished = True

    # -- what the file claims ----------------------------------------------------------------
    def outcome(self) -> str:
        """How the replayed run stands: "won", "died" or "playing"."""
        g = self.game
        return "won" if g.won else "died" if g.dead else "playing"

    def reached(self) -> dict:
        """What the replay reached, in the terms of a recording's summary
        (:func:`game.rules.persistence.score.entry`: a run handed over unfinished reads "died" there)."""
        run = self.game.run
        return dict(score.entry(run), date=run.daily)

    def claims(self) -> list[tuple[str, Any, Any]]:
        """``(field, the file's value, the replay's)`` for every end the file
        states that the replay did not reach (empty when all agree): the
        final outcome and turn, and each field of the summary.  A recording
        cut short (too long to record whole) states an end its commands do
        not reach: nothing past its cut is claimed."""
        final, summary = self.recording.final, self.recording.summary
        if self.recording.cut:
            return []
        out = []
        if final is not None and final[3] != self.outcome():
            out.append(("outcome", final[3], self.outcome()))
        if final is not None and final[1] != self.game.turn:
            out.append(("turn", final[1], self.game.turn))
        reached = self.reached()
        for key in CLAIMED:
            if key in summary and summary[key] != reached.get(key) and not any(c[0] == key for c in out):
                out.append((key, summary[key], reached.get(key)))
        return out
