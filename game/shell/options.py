"""Choices a player makes in play that outlive a run, kept in storage like
the save (``localStorage`` in the page, a file natively): the ASCII map
mode, what walking over items picks up (``all``, ``smart`` or ``none``:
:mod:`game.rules.play.pickup`; the play screen gives it to the run as a command,
``Game.set_pickup``, so replays see it), and whether first-time tips are
said (:mod:`game.rules.play.tips`; ``Game.set_tips``).  Reading never trusts the stored
text: anything unreadable or of the wrong type keeps its default."""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..rules.state import DEFAULT_PICKUP, PICKUP_MODES

__all__ = ["Options", "read_options", "OPTIONS_KEY"]

OPTIONS_KEY = "options"  # the storage key


@dataclass(frozen=True)
class Options:
    ascii_map: bool = False
    pickup: str = DEFAULT_PICKUP
    tips: bool = True

    def to_text(self) -> str:
        return json.dumps({"ascii_map": self.ascii_map, "pickup": self.pickup, "tips": self.tips}, sort_keys=True)


def read_options(text: str | None) -> Options:
    """Options from storage.

    >>> read_options('{"ascii_map": true, "pickup": "none"}'), read_options("{garbage")
    (Options(ascii_map=True, pickup='none', tips=True), Options(ascii_map=False, pickup='smart', tips=True))
    >>> read_options('{"ascii_map": "yes", "pickup": ["all"], "tips": false}')
    Options(ascii_map=False, pickup='smart', tips=False)
    """
    try:
        value = json.loads(text) if isinstance(text, str) and len(text) < 10_000 else None
    except (ValueError, RecursionError):
        value = None
    value = value if isinstance(value, dict) else {}
    ascii_map, pickup, tips = value.get("ascii_map"), value.get("pickup"), value.get("tips")
    return Options(ascii_map=ascii_map if isinstance(ascii_map, bool) else False,
                   pickup=pickup if isinstance(pickup, str) and pickup in PICKUP_MODES else DEFAULT_PICKUP,
                   tips=tips if isinstance(tips, bool) else True)
