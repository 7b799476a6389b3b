"""Choosing a perk: one of the three offered (``game.rules.play.growth.perk_offer``)
for a level gained.  It takes no time."""

from __future__ import annotations

from ..play.growth import perk_offer
from ..text.log import loot, note
from ..state import RunState
from .base import Action, Result, fail, succeed
from .effects import Improve

__all__ = ["ChoosePerk"]


class ChoosePerk(Action):
    """Take perk ``choice`` (0, 1 or 2) of the current offer: what it gives
    comes at once (the ``Improve`` unit), a rule it changes from now on."""

    def __init__(self, choice: int) -> None:
        self.choice = choice

    def perform(self, run: RunState) -> Result:
        offer = perk_offer(run)
        if not offer:
            return fail(note("You have no perk to choose."))
        if not (isinstance(self.choice, int) and 0 <= self.choice < len(offer)):
            return fail()
        perk, p = offer[self.choice], run.player
        p.perks.append(perk.id)
        p.perks_owed -= 1
        run.dirty = True
        gives = (Improve(p, attack=perk.attack, max_hp=perk.max_hp, defence=perk.defence),) \
            if perk.attack or perk.max_hp or perk.defence else ()
        return succeed(loot(f"You take {perk.name}: {perk.note}."), turns=0, then=gives)
