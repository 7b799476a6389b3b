"""The mosaic's work model (:mod:`worldgen.core.work`) and its cut.

The mask, the styles, the repair and the walks are passes over the map
(the smoothing one per pass and area); the terrain is per pool (each about
a millisecond of Python) and per door looked for, and the top of every
range asks for 30,000 pools at 1000x1000 (15 s).  Only the terrain is cut:
pools and doors alike, every kind in proportion, to what the budget
leaves once the rest is paid.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from worldgen.core.work import AIM_MS, Estimate, estimate
from worldgen.toolkit import terrain_work

__all__ = ["COSTS", "Plan", "plan", "work"]

#: CPU ms natively per unit of each term (``python -m worldgen.tools.workfit --gen mosaic``).
COSTS = {
    "run": 5.118,            # a run's fixed calls
    "cells": 0.0003173,      # the passes of every stage, per cell
    "shapes": 4.136e-06,     # a shape drawn, per cell of the map
    "smooth": 4.889e-06,     # a smoothing pass, per area and cell
    "pools": 0.9,            # a lake or a chasm (its ways kept; about half find room in their styles)
    "pools_skipped": 0.01,   # one past the blocking cells' budget
    "meadows": 0.35,         # a meadow (about half find room)
    "doors": 0.003754,       # a door looked for
    "vaults": 0.1602,        # a vault design
    "features": 2.067e-07,   # features density x cells
    "spawns": 7.065e-05,     # spawns per 1000 tiles x cells / 1000
}


class Plan(NamedTuple):
    """What a run does: the pools wanted of each kind, the doors looked for; and the estimate."""

    pools: dict[str, int]
    doors: int
    estimate: Estimate


@lru_cache(maxsize=256)
def plan(width: int, height: int, p, aim: float = AIM_MS) -> Plan:
    """The run of a request, its terrain cut to ``aim`` ms (the module doc)."""
    cells, amounts, wanted, doors, budget, fixed = terrain_work.asked(p, width, height)
    fixed |= {"shapes": p.shapes * cells, "smooth": p.smooth * (p.areas + 1) * cells,
              "spawns": (p.monsters + p.items) * cells / 1000}
    room = max(0.0, aim - sum(COSTS[k] * v for k, v in fixed.items()))
    wanted, doors, cuts = terrain_work.work_cut(amounts, cells, doors, budget, room, COSTS, per_kind=True)
    terms = fixed | terrain_work.work_terms(wanted, doors, budget, per_kind=True)
    return Plan(dict(wanted), doors, estimate(terms, COSTS, tuple(cuts)))


def work(width: int, height: int, p, aim: float = AIM_MS) -> Estimate:
    """The mosaic's :class:`~worldgen.core.work.Estimate` at ``aim`` ms."""
    return plan(width, height, p, aim).estimate
