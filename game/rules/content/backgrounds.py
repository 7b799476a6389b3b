"""Backgrounds: who the player was before the first dungeon.  Chosen on the
title screen (a ``world=NAME`` link starts with :data:`DEFAULT_BACKGROUND`);
each gives a kit, its strengths and the perks it starts with, so two runs in
the same world play differently from the first fight.

``known`` lists the item kinds it knows from the start (an adept knows its
wands and scrolls).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Background", "BACKGROUNDS", "BACKGROUND_BY_ID", "DEFAULT_BACKGROUND"]


@dataclass(frozen=True, kw_only=True)
class Background:
    id: str
    name: str
    note: str  # what it is good at, as the title screen says it
    hp: int
    attack: int
    defence: int = 0
    weapon: str  # item ids
    armour: str
    swap: str | None = None  # the second weapon, ready to swap with the one in hand (W)
    pack: tuple[str, ...]
    perks: tuple[str, ...] = ()  # ids in content.perks
    known: tuple[str, ...] = ()  # item kinds known from the start


BACKGROUNDS: tuple[Background, ...] = (
    Background(id="fighter", name="Fighter", note="a short sword, studded leather, vigour: meets it head on",
               hp=32, attack=3, weapon="short_sword", armour="studded", swap="sling",
               pack=("potion", "potion") + ("stone",) * 12, perks=("vigour",)),
    Background(id="hunter", name="Hunter", note="a bow and a quiver, a quiet cloak: strikes from afar",
               hp=30, attack=3, weapon="short_bow", armour="cloak", swap="dagger",
               pack=("potion", "potion") + ("arrow",) * 24, perks=("marksman",)),
    Background(id="adept", name="Adept", note="wands and scrolls it knows, little armour: wins with magic",
               hp=26, attack=2, weapon="dagger", armour="leather",
               pack=("potion", "potion") + ("wand_slow",) * 5 + ("wand_fire",) * 4
               + ("scroll_blink", "scroll_fear", "scroll_identify"),
               perks=("wandlore",), known=("wand_slow", "wand_fire", "scroll_blink", "scroll_fear", "scroll_identify")),
    Background(id="rogue", name="Rogue", note="a quick dagger, quiet feet, fire and invisibility in flasks",
               hp=30, attack=3, weapon="dagger", armour="cloak",
               pack=("potion", "potion", "potion_invisibility", "potion_fire", "potion_fire"),
               perks=("stealthy",), known=("potion_invisibility", "potion_fire")),
)
BACKGROUND_BY_ID = {b.id: b for b in BACKGROUNDS}
DEFAULT_BACKGROUND = "fighter"
