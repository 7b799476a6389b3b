"""Perks: at each level gained the player chooses one of three (drawn from
the run's seed, so a replay is offered the same three: ``game.rules.play.growth``).

A perk either gives at once (``max_hp``, ``attack``, ``defence``: the
``Improve`` effect unit), or guards against statuses (``immune``: they never
take hold; ``halves``: they last half as long), or changes one rule, named
by its id where the rule lives (``Player.has("fleet")`` in
``game.rules.creatures.entities``, ``"marksman"`` in ``actions.ranged`` ...; the
``rule`` column says where, and docs/MONSTERS.md lists them all).  Perks
that only give may be chosen up to ``most`` times (three: a fourth Thick
skin would make a hero that blows barely touch); the others once.  A hero
who holds every perk as often as it may be held is owed no more choices
(:data:`PERK_CHOICES`).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["PerkKind", "PERKS", "PERK_BY_ID", "PERKS_OFFERED", "PERK_CHOICES"]

PERKS_OFFERED = 3  # perks offered at each level gained


@dataclass(frozen=True, kw_only=True)
class PerkKind:
    id: str
    name: str
    note: str  # what it does, as the choice shows it
    max_hp: int = 0  # given at once
    attack: int = 0
    defence: int = 0
    immune: tuple[str, ...] = ()  # statuses that never take hold of you
    halves: tuple[str, ...] = ()  # statuses that last half as long on you
    most: int = 1  # times it may be chosen
    rule: str = ""  # the module whose rule reads it (a perk that changes a rule)


PERKS: tuple[PerkKind, ...] = (
    PerkKind(id="vigour", name="Vigour", note="+10 max HP", max_hp=10, most=3),
    PerkKind(id="might", name="Might", note="+2 attack: your blows strike harder (not shots or throws)", attack=2, most=3),
    PerkKind(id="thick_skin", name="Thick skin", note="+2 defence", defence=2, most=3),
    PerkKind(id="fleet", name="Fleet foot", note="your steps take a fifth less time", rule="entities"),
    PerkKind(id="quick_blows", name="Quick blows", note="your blows take a fifth less time", rule="entities"),
    PerkKind(id="berserk", name="Berserk", note="+3 attack to your blows while below half your HP", rule="entities"),
    PerkKind(id="stealthy", name="Stealthy", note="your steps are much quieter", rule="entities"),
    PerkKind(id="regrowth", name="Regrowth", note="you heal twice as fast", rule="entities"),
    PerkKind(id="marksman", name="Marksman", note="+3 damage with launchers", rule="actions.ranged"),
    PerkKind(id="thrower", name="Thrower", note="+3 damage with thrown things, thrown 2 cells farther",
             rule="actions.ranged"),
    PerkKind(id="alchemist", name="Alchemist", note="healing heals half again as much", rule="actions.effects"),
    PerkKind(id="wandlore", name="Wand lore", note="a zap keeps its charge one time in three",
             rule="actions.items"),
    PerkKind(id="antivenom", name="Antivenom", note="poison never takes hold of you", immune=("poisoned",)),
    PerkKind(id="fireproof", name="Fireproof", note="you never catch fire", immune=("burning",)),
    PerkKind(id="steady", name="Steady mind",
             note="paralysis, confusion and fear last half as long, and leave you steadfast twice as long",
             halves=("paralysed", "confused", "afraid")),
    PerkKind(id="keen_eyes", name="Keen eyes", note="secret doors and traps are found twice as readily",
             rule="level"),
    PerkKind(id="bloodlust", name="Bloodlust", note="each kill by your hand heals 4 HP", rule="harm"),
    PerkKind(id="leader", name="Leader", note="your allies strike 2 harder and learn twice as fast",
             rule="actions.melee"),
    PerkKind(id="lucky", name="Lucky", note="blows aimed at you miss one time in six more", rule="actions.melee"),
)
#: Perk choices in all: every perk as often as it may be held.
PERK_CHOICES = sum(p.most for p in PERKS)
PERK_BY_ID = {p.id: p for p in PERKS}
