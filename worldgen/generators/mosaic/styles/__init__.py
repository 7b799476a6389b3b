"""The style table: one small module per style, declared here in a fixed order.

To add a style: write ``styles/NAME.py`` with one entry point taking a
:class:`~worldgen.generators.mosaic.style.Job`, and add its :class:`~worldgen.generators.mosaic.style.Style`
line below (tiles it writes, solid and dig tiles, ``after``, preset weights).
"""

from __future__ import annotations

import numpy as np

from worldgen.core.tiles import T
from ..params import MosaicParams
from ..style import Style
from .border import border
from .caves import caves
from .garden import GARDEN_STAMPS, STAMPS, garden, parse_stamp
from .noise import noise
from .ruins import ruins
from .water import water

__all__ = ["STYLES", "GARDEN_STAMPS", "STAMPS", "parse_stamp", "style_phases", "assign"]

#: The style table, in a fixed order (it decides ties in the run order).
STYLES: dict[str, Style] = {s.name: s for s in (
    Style("border", border, (T.wall,), solid=T.wall, dig=T.wall),
    Style("caves", caves, (T.ground, T.wall), solid=T.wall, dig=T.ground,
          weights=(4, 1), beach=True),
    Style("noise", noise, (T.ground, T.wall), solid=T.wall, dig=T.ground,
          weights=(3, 2), beach=True),
    Style("garden", garden, (T.ground, T.hedge, T.shallow_water, T.wall), solid=T.hedge,
          dig=T.ground, weights=(1, 4), beach=True),
    Style("ruins", ruins, (T.ground, T.wall), solid=T.wall, dig=T.ground,
          weights=(0, 3), beach=True),
    Style("water", water, (T.deep_water, T.shallow_water, T.ground), solid=T.deep_water,
          dig=T.shallow_water, after=("border", "caves", "noise", "garden", "ruins"),
          weights=(3, 2), wet=True),
)}


def style_phases(names) -> dict[str, int]:
    """Phase of each named style: 0 without dependencies among ``names``, else one
    more than its latest dependency.

    >>> style_phases(["water", "caves", "border"])
    {'water': 1, 'caves': 0, 'border': 0}
    """
    present = set(names)
    phase: dict[str, int] = {}

    def depth(name: str, seen: frozenset) -> int:
        if name in phase:
            return phase[name]
        if name in seen:
            raise ValueError(f"style dependency cycle through {name!r}")
        deps = [d for d in STYLES[name].after if d in present and d != name]
        phase[name] = 1 + max(depth(d, seen | {name}) for d in deps) if deps else 0
        return phase[name]

    for name in names:
        depth(name, frozenset())
    return {name: phase[name] for name in names}


def assign(rng: np.random.Generator, p: MosaicParams) -> list[Style]:
    """Style per area index: border for 0, then weighted picks without replacement
    (the pool refills once empty), so more styles than areas gives variety."""
    col = 0 if p.preset == "wild" else 1
    table = [s for s in STYLES.values() if s.weights[col] > 0]
    pool: list[Style] = []
    out = [STYLES["border"]]
    for _ in range(p.areas):
        if not pool:
            pool = list(table)
        cum = np.cumsum([s.weights[col] for s in pool])
        pick = int(np.searchsorted(cum, int(rng.integers(0, int(cum[-1]))), side="right"))
        out.append(pool.pop(pick))
    return out
