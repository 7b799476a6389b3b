"""Site themes: each dungeon site's levels get one, drawn from the site's
seed.  A theme changes what the generator is asked for (its terrain and
vault parameters: ``worldgen.toolkit.terrain``, ``worldgen.toolkit.vaults``)
and what the level is filled with (more monsters, fires already burning);
the overworld's line for a site names it ("a flooded caverns dungeon").

>>> [t.name for t in THEMES]
['plain', 'flooded', 'burning', 'infested', 'ruined', 'vault-heavy']
>>> theme_of(12345).name in THEME_BY_NAME
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from worldgen.core import registry, seeding

from .terrain import DUNGEON_STYLES

__all__ = ["Theme", "THEMES", "THEME_BY_NAME", "theme_of", "BASE_TERRAIN", "level_style", "level_params",
           "OTHER_STYLE"]

#: How often a site's level below the first is dug in another dungeon style than the site's own.
OTHER_STYLE = 0.3

#: What every level asks its generator for (per 1000 map tiles; vaults: tried per level).
BASE_TERRAIN = {"lakes": 0.25, "chasms": 0.2, "meadows": 0.35, "doors": 1.0, "vaults": 1.3}


@dataclass(frozen=True, kw_only=True)
class Theme:
    """A site's theme: ``terrain`` multiplies :data:`BASE_TERRAIN` by name;
    ``monsters`` multiplies the level's monster cap; ``fires``: grass cells
    already alight when the level is first entered; ``weight``: how often."""

    name: str
    description: str
    terrain: dict[str, float] = field(default_factory=dict)
    monsters: float = 1.0
    fires: int = 0
    weight: int = 1


THEMES: tuple[Theme, ...] = (
    Theme(name="plain", description="an old dungeon", weight=3),
    Theme(name="flooded", description="half drowned: lakes and shallows everywhere",
          terrain={"lakes": 5.0, "meadows": 0.5}),
    Theme(name="burning", description="dry brush, and fires already burning",
          terrain={"meadows": 4.0, "lakes": 0.3}, fires=3),
    Theme(name="infested", description="crawling with monsters in tall brush",
          terrain={"meadows": 2.0}, monsters=1.6),
    Theme(name="ruined", description="broken floors over chasms, doors long gone",
          terrain={"chasms": 4.0, "doors": 0.2, "lakes": 0.5}),
    Theme(name="vault-heavy", description="full of sealed vaults",
          terrain={"vaults": 2.5}),
)
THEME_BY_NAME = {t.name: t for t in THEMES}
_WEIGHTS = [t.weight for t in THEMES]


def theme_of(site_seed: int) -> Theme:
    """The theme of the site whose levels are built from ``site_seed``."""
    rng = seeding.rng(site_seed, "theme")
    pick = int(rng.integers(0, sum(_WEIGHTS)))
    for theme, weight in zip(THEMES, _WEIGHTS):
        if pick < weight:
            return theme
        pick -= weight
    return THEMES[0]


def level_style(site_seed: int, style: str, depth: int) -> str:
    """The generator of level ``depth`` of a site of ``style``: its own on the
    first level, and now and then (:data:`OTHER_STYLE`) another dungeon
    style deeper down, drawn from the site's seed (a cave opening onto old
    halls ...)."""
    others = [s for s in DUNGEON_STYLES if s != style]
    rng = seeding.rng(site_seed, "level style", depth)
    if depth <= 1 or not others or rng.random() >= OTHER_STYLE:
        return style
    return others[int(rng.integers(0, len(others)))]


def level_params(theme: Theme, style: str, last: bool) -> dict[str, float]:
    """What a level of a ``theme`` site asks generator ``style`` for: the
    terrain and vault parameters it has, :data:`BASE_TERRAIN` scaled by the
    theme; the last level has no chasm (there is nowhere to fall to).

    >>> level_params(THEME_BY_NAME["ruined"], "rooms", True)["chasms"], "doors" in level_params(THEMES[0], "rooms", False)
    (0.0, False)
    """
    names = {p.name for p in registry.get(style).param_specs}
    out = {name: round(BASE_TERRAIN[name] * theme.terrain.get(name, 1.0), 4)
           for name in BASE_TERRAIN if name in names}
    if last and "chasms" in out:
        out["chasms"] = 0.0
    return out
