"""What a replay adds to the play screen: its controls and the line that
says it is one (a banner over the map's top).

:class:`ReplayBar` keeps the pace (1x, 4x, 16x or as fast as frames
allow), pause and single steps; it says how many commands are due each
frame and what the replay found.  The play scene gives the commands
(``Replayer.step``) and draws the rest of the screen as in play.
"""

from __future__ import annotations

import pygame

from ..rules.run import Replayer
from . import ui

__all__ = ["ReplayBar", "SPEEDS", "BANNER"]

#: Speeds: name and commands per second (None: as many as a frame's work budget allows).
SPEEDS = (("1x", 6.0), ("4x", 24.0), ("16x", 96.0), ("instant", None))
BANNER = pygame.Rect(0, 0, 640, 24)
FRAME_RATE = 60.0
UNLIMITED = 10**9


class ReplayBar:
    def __init__(self, replay: Replayer) -> None:
        self.replay = replay
        self.speed, self.paused, self.due, self.steps_asked = 0, False, 0.0, 0
        self.verdict = ""  # what the replay found, once it ended or differed

    def key(self, event: pygame.event.Event) -> str | None:
        """Space pauses, ``.`` or Right steps, 1-4 set the speed; ``"leave"`` for Esc."""
        char = getattr(event, "unicode", "") or ""
        if event.key == pygame.K_ESCAPE:
            return "leave"
        if event.key == pygame.K_SPACE:
            self.paused = not self.paused
        elif char == "." or event.key == pygame.K_RIGHT:
            self.paused, self.steps_asked = True, self.steps_asked + 1
        elif char in ("1", "2", "3", "4"):
            self.speed, self.paused = int(char) - 1, False
        return None

    def due_now(self) -> int:
        """Commands to give this frame (a step asked for while paused counts)."""
        per_second = SPEEDS[self.speed][1]
        if self.paused:
            self.due = 0.0
            return self.steps_asked
        if per_second is None:
            return UNLIMITED
        self.due += per_second / FRAME_RATE
        count = int(self.due)
        self.due -= count
        return count

    def given(self) -> None:
        self.steps_asked = max(0, self.steps_asked - 1)

    def ended(self) -> str:
        """The verdict once the replay ended or differed ("" while it plays); a difference pauses it."""
        r = self.replay
        if self.verdict or (r.mismatch is None and not r.finished):
            return ""
        if r.mismatch is not None:
            self.verdict, self.paused = f"Replay: {r.mismatch.line}.", True
        elif r.recording.cut:
            self.verdict = f"Replay: the recording stops here (too long to keep whole); {r.matched} digests matched."
        else:
            self.verdict = f"Replay: the recorded run, exactly ({r.matched} digests matched)."
        return self.verdict

    def draw(self, surface: pygame.Surface, turn: int) -> None:
        r = self.replay
        state = "paused" if self.paused else SPEEDS[self.speed][0]
        line = (f"REPLAY {state}  turn {turn}  command {min(r.index, r.total)}/{r.total}   "
                "Space pause  . step  1-4 speed  Esc leave")
        ui.panel(surface, BANNER, 210)
        ui.text(surface, line, (BANNER.x + 8, BANNER.y + 3), 18, ui.BAD if r.mismatch is not None else ui.ACCENT)
