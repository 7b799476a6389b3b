"""Style ``border``: the cage, wall everywhere in the (ring-shaped) border area."""

from __future__ import annotations

import numpy as np

from worldgen.core.tiles import T
from ..style import Job

__all__ = ["border"]


def border(job: Job) -> np.ndarray:
    """Wall over the whole crop (only the ring is written)."""
    return np.full(job.area.shape, T.wall, dtype=np.uint8)
