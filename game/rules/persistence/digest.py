"""One digest of the whole state of a run: what a save keeps, what a
replay checks, what two runs compare.

:func:`state` is the run's rules state as plain JSON: everything the save
body holds (:func:`game.rules.persistence.codec.run_to_json`: the player, where they
are, every visited level as it stands, what is known, cleared and carried)
without the message history and the first-time tips said, plus how the run ended.  It leaves out only
what the screens hold for the moment (the log, a walk in progress, sounds
to play, the view's version).  :func:`state_digest` is its blake2b: equal
digests mean equal games, whatever the path (played straight through, or
saved and loaded on the way, or replayed from a recording).

>>> from game.rules.world.location import WorldMap
>>> from game.rules.run import Game
>>> a, b = Game(WorldMap("Avalon")), Game(WorldMap("Avalon"))
>>> state_digest(a) == state_digest(b)
True
>>> b.player.hp -= 1
>>> state_digest(a) == state_digest(b)
False
"""

from __future__ import annotations

import hashlib
import json

from .codec import run_to_json
from ..state import RunState

__all__ = ["state", "state_digest"]


def state(run: RunState) -> dict:
    """The run's rules state (call between actions, not while a map is being built)."""
    body = run_to_json(run)
    del body["log"]
    body.pop("tips", None)  # first-time tips are messages, as the log is (and the player may turn them off)
    body["end"] = {"dead": run.dead, "won": run.won, "killer": run.killer}
    return body


def state_digest(run: RunState) -> str:
    """32 hex digits that change whenever :func:`state` does."""
    text = json.dumps(state(run), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.blake2b(text.encode("ascii"), digest_size=16).hexdigest()
