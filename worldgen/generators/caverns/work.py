"""The caverns' work model (:mod:`worldgen.core.work`) and its cuts.

Every stage is a pass or a few over the map, but for two parts a request
can make as long as it likes: the automaton (``iterations`` generations,
each a dozen passes: 400 at 2000x2000 took 4.8 s of CPU) and the terrain
(``lakes``, ``chasms``, ``meadows`` and ``doors`` per 1000 tiles: each pool
about a millisecond of Python, and the top of every range asks for 120,000
pools at 2000x2000).  When the two need more than the budget leaves, the
automaton is given 70% of what is left, the terrain 30% (a part that needs
less leaves the rest to the other: :func:`worldgen.core.work.split`), and
each is cut to its part: fewer generations; fewer pools and doors, every
kind cut alike.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from worldgen.core.work import AIM_MS, Estimate, estimate, split
from worldgen.toolkit import terrain_work

__all__ = ["COSTS", "Plan", "plan", "work"]

#: CPU ms natively per unit of each term (``python -m worldgen.tools.workfit --gen caverns``).
COSTS = {
    "run": 4.408,            # a run's fixed calls
    "cells": 0.0001057,      # the passes of every stage, per cell
    "submaps": 0.001591,     # a submap's walls, gates and anchor
    "generations": 1.5e-06,  # a cell of one automaton generation (as at 2000x2000; smaller maps stay in cache)
    "iterations": 0.03,      # a generation's fixed calls
    "pools": 1.5,            # a lake or a chasm (its ways kept)
    "pools_skipped": 0.01,   # one past the blocking cells' budget
    "meadows": 0.5,          # a meadow
    "doors": 0.008014,       # a door looked for
    "vaults": 10.71,         # a vault design carved (or tried)
    "features": 0.0,         # features density x cells
    "spawns": 9.823e-05,     # spawn density x cells
}
#: How the budget left is shared when both cuttable parts need more (see the module doc).
SHARES = {"automaton": 0.7, "terrain": 0.3}


class Plan(NamedTuple):
    """What a run does: automaton generations at most, the pools wanted (kind,
    count), the doors looked for; and the estimate."""

    iterations: int
    pools: list[tuple[str, int]]
    doors: int
    estimate: Estimate


@lru_cache(maxsize=256)
def plan(width: int, height: int, p, aim: float = AIM_MS) -> Plan:
    """The run of a request, cut to ``aim`` ms (the module doc)."""
    cells, amounts, wanted, doors, budget, fixed = terrain_work.asked(p, width, height)
    fixed |= {"submaps": max(1, width // p.submap) * max(1, height // p.submap), "spawns": (p.monsters + p.items) * cells}
    per_generation = COSTS["generations"] * cells + COSTS["iterations"]
    needs = {"automaton": per_generation * p.iterations,
             "terrain": sum(COSTS[k] * v for k, v in terrain_work.work_terms(wanted, doors, budget).items())}
    allowed = split(aim - sum(COSTS[k] * v for k, v in fixed.items()), needs, SHARES)
    iterations, cuts = p.iterations, []
    if allowed["automaton"] < needs["automaton"]:
        iterations = int(allowed["automaton"] // per_generation)
        cuts.append(f"iterations {p.iterations} -> {iterations}")
    if allowed["terrain"] < needs["terrain"]:
        wanted, doors, more = terrain_work.work_cut(amounts, cells, doors, budget, allowed["terrain"], COSTS)
        cuts += more
    terms = fixed | terrain_work.work_terms(wanted, doors, budget)
    terms |= {"generations": cells * iterations, "iterations": iterations}
    return Plan(iterations, wanted, doors, estimate(terms, COSTS, tuple(cuts)))


def work(width: int, height: int, p, aim: float = AIM_MS) -> Estimate:
    """The caverns' :class:`~worldgen.core.work.Estimate` at ``aim`` ms."""
    return plan(width, height, p, aim).estimate
