"""Growth with choices: the background a run starts as, and the perks
offered at each level gained.

The offer is a pure function of the run's seed and the perks already
chosen (:func:`perk_offer`), so a replay, or a save loaded on another day,
is offered the same three.  Choosing one is an action
(:class:`game.rules.actions.growth.ChoosePerk`, a ``Game`` command).

>>> from game.rules.world.location import WorldMap
>>> from game.rules.run import Game
>>> a, b = Game(WorldMap("Avalon")), Game(WorldMap("Avalon"))
>>> a.player.perks_owed = b.player.perks_owed = 1
>>> [p.id for p in perk_offer(a)] == [p.id for p in perk_offer(b)]
True
"""

from __future__ import annotations

from worldgen.core import seeding

from ..content import BACKGROUND_BY_ID, DEFAULT_BACKGROUND, PERK_BY_ID, PERKS, PERKS_OFFERED, PerkKind
from ..state import RunState

__all__ = ["perk_offer", "start_as"]


def perk_offer(run: RunState) -> list[PerkKind]:
    """The perks offered for the next choice (none when no choice is owed):
    :data:`~game.rules.content.PERKS_OFFERED` different ones the player may
    still take, drawn by the run's seed and how many perks they hold."""
    p = run.player
    if p.perks_owed <= 0:
        return []
    able = [perk for perk in PERKS if p.perks.count(perk.id) < perk.most]
    order = seeding.rng(run.run_seed, "perks", len(p.perks)).permutation(len(able))
    return [able[int(i)] for i in order[:PERKS_OFFERED]]


def start_as(run: RunState, background: str) -> None:
    """The player begins as ``background`` (an unknown one: the default): its
    strengths, its kit, the perks it starts with and the kinds it knows."""
    bg = BACKGROUND_BY_ID.get(background, BACKGROUND_BY_ID[DEFAULT_BACKGROUND])
    p = run.player
    p.background = bg.id
    p.max_hp = p.hp = bg.hp
    p.base_attack, p.base_defence = bg.attack, bg.defence
    p.weapon, p.armour, p.swap = bg.weapon, bg.armour, bg.swap
    p.inventory = list(bg.pack)
    p.perks = [perk for perk in bg.perks if perk in PERK_BY_ID]
    for perk in p.perks:
        p.max_hp += PERK_BY_ID[perk].max_hp
        p.base_attack += PERK_BY_ID[perk].attack
        p.base_defence += PERK_BY_ID[perk].defence
    p.hp = p.max_hp
    run.known.update(bg.known)
