"""How monsters think: one small unit per behaviour, chosen by the content
table (``MonsterKind.behaviour``; a site's sleeping guardian is ``guardian``,
a shackled captive ``captive``, the player's ally ``ally``: see
``Monster.behaviour``).

:mod:`.base` holds the mind every behaviour builds on (noticing, choosing a
foe, fear) and the common ones (hunter, sleeper, wanderer, erratic, coward,
pack, archer, guardian); :mod:`.traits` the minds with one trait each
(thief, mimic, alarmist, lurker, flitter, shaman, conjurer, breather,
necromancer, and the relics' guardians: warlord, lich, hydra);
:mod:`.allies` the player's side (captive, ally).

To add a behaviour: subclass :class:`~.base.Behaviour` in the module of its
kind (override ``hunt(ctx, m, foe)``, or ``idle``, ``notice``, ``act``),
register an instance in :data:`BEHAVIOURS` under a name, and give that name
to monster kinds in ``game/rules/content/monsters.py``.
"""

from __future__ import annotations

from .allies import Ally, Captive
from .base import DOOR_MUFFLE, WATER_REACH, Archer, Behaviour, Coward, Erratic, Guardian, Hunter, Pack, Sleeper, Statue, TurnContext, Wanderer, away, to_water, toward, wander
from .traits import Alarmist, Breather, Conjurer, Flitter, Hydra, Lich, Lurker, Mimic, Necromancer, Shaman, Thief, Warlord

__all__ = ["Behaviour", "BEHAVIOURS", "TurnContext", "toward", "away", "wander", "to_water", "WATER_REACH",
           "DOOR_MUFFLE"]

BEHAVIOURS: dict[str, Behaviour] = {
    "hunter": Hunter(),
    "sleeper": Sleeper(),
    "wanderer": Wanderer(),
    "erratic": Erratic(),
    "coward": Coward(),
    "pack": Pack(),
    "archer": Archer(),
    "guardian": Guardian(),
    "statue": Statue(),
    "thief": Thief(),
    "mimic": Mimic(),
    "alarmist": Alarmist(),
    "lurker": Lurker(),
    "flitter": Flitter(),
    "shaman": Shaman(),
    "conjurer": Conjurer(),
    "breather": Breather(),
    "necromancer": Necromancer(),
    "warlord": Warlord(),
    "lich": Lich(),
    "hydra": Hydra(),
    "captive": Captive(),
    "ally": Ally(),
}
