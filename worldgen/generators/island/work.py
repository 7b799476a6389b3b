"""The island's work model (:mod:`worldgen.core.work`) and its one cut: the
particles of the mask (:func:`worldgen.toolkit.particles.work_cap`).

The noise and the terrain cost a pass or two per cell (the noise one per
octave kept); the mask costs its batches, lock-steps and moves
(:func:`worldgen.toolkit.particles.work_terms`).  Only the mask can run
long (the parameter ranges allow millions of particles, each rolled alone),
so only it is cut: to what :data:`worldgen.core.work.AIM_MS` leaves once
the rest is paid.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from worldgen.core.work import AIM_MS, Estimate, estimate
from worldgen.toolkit.noise import kept_octaves
from worldgen.toolkit.particles import work_cap, work_terms
from .mask import particle_scale
from .params import IslandParams

__all__ = ["COSTS", "MaskPlan", "work", "plan"]

#: CPU ms natively per unit of each term (``python -m worldgen.tools.workfit --gen island``).
COSTS = {
    "run": 1.373,            # a run's fixed numpy calls
    "cells": 4.744e-05,      # terrain, the mask's upsampling and the combined height, per cell
    "octaves": 0.1334,       # an octave's fixed numpy calls
    "noise": 1.355e-05,      # one octave of noise, per cell
    "rows": 0.0003505,       # a row of the map (bands of rows, the upsampling's taps)
    "batches": 0.04,         # a batch's set-up
    "starts": 2.2e-05,       # a particle placed (measured alone, as the held costs below)
    "tiny_steps": 0.0003,    # a lock-step rolled in Python
    "tiny_moves": 0.00145,   # a particle moved in Python
    "steps": 0.016,          # a lock-step's numpy calls
    "moves": 1.1e-05,        # a particle moved by numpy
    "gathered": 0.00017,     # a particle's 3x3 read alone (few particles on a big grid)
    "compared": 1.992e-06,   # a cell compared by a whole-grid lock-step
}


class MaskPlan(NamedTuple):
    """The mask's particle run as it goes: the grid (``ws`` x ``hs`` cells,
    ``scale`` times coarser than the map), the particles, life and
    batches (cut), and the start margin, all on that grid."""

    ws: int
    hs: int
    particles: int
    life: int
    batches: int
    margin: int
    scale: int


def work(width: int, height: int, p: IslandParams, aim: float = AIM_MS) -> Estimate:
    """The island's :class:`~worldgen.core.work.Estimate` at ``aim`` ms."""
    return plan(width, height, p, aim)[0]


@lru_cache(maxsize=256)
def plan(width: int, height: int, p: IslandParams, aim: float = AIM_MS) -> tuple[Estimate, MaskPlan]:
    """The run's estimate at ``aim`` ms, and its mask's particle run, cut to
    what ``aim`` leaves once the noise and the terrain are paid."""
    cells = width * height
    octaves = kept_octaves(width, height, p.octaves, p.divisor)
    rest = {"run": 1, "cells": cells, "octaves": octaves, "noise": cells * octaves, "rows": height}
    sp = particle_scale(width, height, p)
    s = sp["scale"]
    ws, hs = -(-width // s), -(-height // s)
    asked = (max(1, round(sp["particles"] / (s * s))), max(1, round(sp["life"] / s)))
    asked = (*asked, min(p.batches, asked[0]))
    budget = max(0.0, aim - sum(COSTS[k] * v for k, v in rest.items()))
    n, life, batches = work_cap(*asked, ws, hs, budget, COSTS)
    on = f" (rolled on {ws}x{hs})" if s > 1 else ""
    cuts = tuple(f"mask {name} {before} -> {after}{on}" for name, before, after in   # in the order cut
                 zip(("batches", "life", "particles"), asked[::-1], (batches, life, n)) if after != before)
    mask = MaskPlan(ws, hs, n, life, batches, round(sp["margin"] / s), s)
    return estimate(rest | work_terms(n, life, batches, ws, hs), COSTS, cuts), mask
