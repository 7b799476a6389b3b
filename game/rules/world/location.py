"""The game's view of a world: locations with an overworld map and dungeon sites.

:class:`WorldMap` wraps ``worldgen.generators.world.World`` and turns each generated
location into a small :class:`LocationData` the game relies on (tiles,
sites with terrain and seed, a start cell).  Location generation is an
iterator (``Progress`` items, then the :class:`LocationData`) that the play
scene drains a few milliseconds per frame through :class:`game.shell.work.Work`.
No pygame here.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from worldgen.core import seeding
from worldgen.core.registry import Progress, Stage
from worldgen.generators.world import World
from worldgen.toolkit import grid

from ..text import words
from ..content import SIZE_NAMES, Theme, level_params, level_style, move_cost_array, style_for, theme_of

__all__ = ["WorldMap", "LocationData", "SiteData"]

_COST = move_cost_array()


@dataclass(frozen=True)
class SiteData:
    index: int
    x: int
    y: int
    terrain: int
    seed: str  # seed text of the site's dungeon levels

    @property
    def style(self) -> str:
        return style_for(self.terrain)

    @property
    def theme(self) -> Theme:
        """The site's theme (``content.themes``), drawn from its seed."""
        return theme_of(self.seed_int())

    def describe(self) -> str:
        """How the overworld names the site: "a flooded caverns dungeon", "an infested rooms dungeon"."""
        theme = self.theme.name
        return words.a(f"{self.style} dungeon" if theme == "plain" else f"{theme} {self.style} dungeon")

    def level_style(self, depth: int) -> str:
        """The generator of its level ``depth`` (``content.themes.level_style``)."""
        return level_style(self.seed_int(), self.style, depth)

    def level_params(self, style: str, last: bool) -> dict[str, float]:
        """What its levels ask the generator for (``content.themes.level_params``)."""
        return level_params(self.theme, style, last)

    def seed_int(self) -> int:
        return seeding.seed_from_text(self.seed)


@dataclass
class LocationData:
    index: int
    name: str
    tiles: np.ndarray  # uint8 [y, x]
    sites: list[SiteData]
    start: tuple[int, int]  # (x, y)

    def __post_init__(self) -> None:
        h, w = self.tiles.shape
        self.site_at = np.full((h, w), -1, dtype=np.int32)
        for s in self.sites:
            self.site_at[s.y, s.x] = s.index
        self.cost = _COST[self.tiles]
        self.passable = (self.cost > 0) | (self.site_at >= 0)


class WorldMap:
    """A named world: ``WorldMap("Avalon", "medium")``; the name is the seed.

    Raises ``ValueError`` (``worldgen.generators.world.WorldNameError``) with a message
    for the player when the name cannot be used (empty, too long)."""

    def __init__(self, name: str, size: str = "medium") -> None:
        self._world = World.from_name(name, size=size if size in SIZE_NAMES else "medium")
        self.name = self._world.name
        self.key = self._world.key
        self.seed = self._world.seed
        self.n_locations = int(self._world.n_locations)

    def location_name(self, index: int) -> str:
        return str(self._world.location_name(index))

    def sites_to_unlock(self, n_sites: int) -> int:
        """Cleared sites of a location that open the next (the world's ``unlock_share``)."""
        return self._world.sites_to_unlock(n_sites)

    def location_iterator(self, index: int) -> Iterator:
        """``Progress`` and ``Stage`` items, then one :class:`LocationData`."""
        return _adapt(index, self._world.iter_location(index))


def _adapt(index: int, inner: Iterator) -> Iterator:
    last = None
    for item in inner:
        if isinstance(item, (Progress, Stage)):
            yield item
        else:
            last = item
    yield _to_location_data(index, last)


def _to_location_data(index: int, loc) -> LocationData:
    tiles = np.asarray(loc.tiles, dtype=np.uint8)
    sites = [SiteData(i, int(s.x), int(s.y), int(s.tile), str(s.seed)) for i, s in enumerate(loc.sites)]
    data = LocationData(index, str(loc.name), tiles, sites, (0, 0))
    data.start = _start_cell(data, loc.start)
    return data


def _start_cell(data: LocationData, hint) -> tuple[int, int]:
    """The hint if it is passable, else the passable cell of the largest
    region nearest the map centre."""
    h, w = data.tiles.shape
    if hint is not None:
        x, y = (int(v) for v in np.asarray(hint).reshape(-1)[:2])
        if 0 <= x < w and 0 <= y < h and data.passable[y, x]:
            return (x, y)
    region = grid.largest_region(data.passable, 8)
    if not region.any():
        region = data.passable
    ys, xs = np.nonzero(region)
    if ys.size == 0:
        return (w // 2, h // 2)
    d = (ys - h // 2) ** 2 + (xs - w // 2) ** 2
    k = int(np.argmin(d))
    return (int(xs[k]), int(ys[k]))
