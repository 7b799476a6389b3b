"""Game time: what passing turns does on its own (regeneration, autosave)."""

from __future__ import annotations

from ..state import RunState

__all__ = ["pass_turns", "AUTOSAVE_TURNS"]

AUTOSAVE_TURNS = 25  # the game asks to be saved at least this often while time passes


def pass_turns(run: RunState, n: int) -> None:
    """``n`` game turns pass: the turn counter, healing, the autosave flag."""
    run.turn += n
    run.player.regenerate(n)
    if run.turn % AUTOSAVE_TURNS < n:
        run.dirty = True
