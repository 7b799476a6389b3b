"""The biomes' work model (:mod:`worldgen.core.work`).

A run is a few passes over the map (the ground field, the delays, the
transitions, the clean-up), one small step per growth loop (the loops
grow with the seeds' spacing and shrink with the chance ``spread`` that a
tile is won each loop; ``rough`` slows the growth in places) and a little
Python per seed.  No legal request comes near the budget (the largest,
1024x1024, takes about a second at the slowest settings), so nothing is cut.
"""

from __future__ import annotations

import math
from functools import lru_cache

from worldgen.core.work import AIM_MS, Estimate, estimate

__all__ = ["COSTS", "work"]

#: CPU ms natively per unit of each term (``python -m worldgen.tools.workfit --gen biomes``).
COSTS = {
    "run": 2.168,            # a run's fixed calls
    "cells": 0.0001114,      # the passes over the map, per cell
    "loops": 0.01363,        # a growth loop (seed spacing / spread)
    "rough_loops": 0.05333,  # the loops the rough ground adds
    "seeds": 0.0004231,      # a seed placed and listed
}


@lru_cache(maxsize=256)
def work(width: int, height: int, p, aim: float = AIM_MS) -> Estimate:
    """The biomes' :class:`~worldgen.core.work.Estimate` (``aim`` is never reached: nothing is cut)."""
    cells = width * height
    seeds = min(p.seeds, cells)
    loops = max(3.0, math.sqrt(cells / max(seeds, 1))) / p.spread
    return estimate({"run": 1, "cells": cells, "loops": loops, "rough_loops": loops * p.rough, "seeds": seeds},
                    COSTS)
