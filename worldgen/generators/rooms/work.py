"""The rooms' work model (:mod:`worldgen.core.work`) and its cuts.

A map's time is its designs (each an attempt to attach a room or a
corridor: about 40 us while the map has room, three times that once it is
crowded and most attempts only look for a site), the whole-map searches of
the finishing stages, and the terrain (each pool about a millisecond, and
its room found among all the map's rooms).  Two parts a request can make
as long as it likes: the designs (``room_attempts`` per 1000 tiles, up to
32,000 at 400x400, and the designs made while the floor is short of a
fifth of the map, up to the same number) and the pools.  When the two need
more than the budget leaves, the designs get 70% of what is left and the
pools 30% (:func:`worldgen.core.work.split`), each cut to its part.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from worldgen.core.work import AIM_MS, Estimate, estimate, split
from worldgen.toolkit import terrain_work

__all__ = ["COSTS", "Plan", "plan", "work", "MOST_ATTEMPTS", "CROWDED"]

#: Designs per 1000 tiles at most (``room_attempts``' top, and the top rate of
#: the designs made while the floor is short).
MOST_ATTEMPTS = 200
#: Designs per 1000 tiles from which a map is crowded (most attempts fail).
CROWDED = 30

#: CPU ms natively per unit of each term (``python -m worldgen.tools.workfit --gen rooms``).
COSTS = {
    "run": 0.4602,           # a run's fixed calls (the libraries, once grown)
    "cells": 0.0,            # the finishing stages' passes, per cell
    "searches": 3.397e-07,   # a cell of a whole-map search, per level (cells ^ 1.5)
    "designs": 0.03,         # a design tried (measured alone: 400x400 at the defaults)
    "crowded": 0.03737,      # a design tried on a crowded map (on top)
    "shifts": 0.001424,      # a shift tried, per design
    "crowded_shifts": 0.0,   # a shift tried, per design on a crowded map (on top)
    "crowded_rooms": 0.03414, # a room (not a corridor) designed on a crowded map (on top)
    "loops": 0.0,            # a loop wanted
    "loop_search": 0.0002391, # the two searches that score the loops, per cell
    "pools": 1.5,            # a lake or a chasm (its ways kept)
    "pools_skipped": 0.01,   # one past the blocking cells' budget
    "meadows": 0.5,          # a meadow
    "doors": 0.0,            # (rooms lays no doors here: the term is terrain's)
    "pool_rooms": 0.0003314, # a room looked through for a pool's region
    "vaults": 0.3944,        # a vault design
    "features": 0.0,         # features density x cells
    "spawns": 8.327e-05,     # spawn density x cells
}
#: How the budget left is shared when both cuttable parts need more (see the module doc).
SHARES = {"designs": 0.7, "pools": 0.3}


class Plan(NamedTuple):
    """What a run does: the designs tried (``attempts``, and ``most`` while
    the floor is short), the pools wanted (kind, count); and the estimate."""

    attempts: int
    most: int
    pools: list[tuple[str, int]]
    estimate: Estimate


def _design_terms(designs: int, cells: int, p) -> dict[str, float]:
    crowded = max(0, designs - CROWDED * cells // 1000)
    return {"designs": designs, "crowded": crowded, "shifts": designs * p.shifts, "crowded_shifts": crowded * p.shifts,
            "crowded_rooms": crowded * (1.0 - p.corridor_chance)}


@lru_cache(maxsize=256)
def plan(width: int, height: int, p, aim: float = AIM_MS) -> Plan:
    """The run of a request, cut to ``aim`` ms (the module doc)."""
    cells = width * height
    attempts = max(12, cells * p.room_attempts // 1000)
    most = max(attempts, cells * MOST_ATTEMPTS // 1000)
    n_loops = int(p.loops * cells / 1000.0 + 0.5)
    rooms = cells / 60.0   # about one room a 60 tiles
    _, amounts, wanted, _, budget, fixed = terrain_work.asked(p, width, height)
    fixed |= {"searches": cells ** 1.5, "loops": n_loops, "loop_search": cells if n_loops else 0,
              "spawns": (p.monster_density + p.item_density) * cells}

    def designs_ms(n: int) -> float:
        return sum(COSTS[k] * v for k, v in _design_terms(n, cells, p).items())


    def pool_terms(chosen: list[tuple[str, int]]) -> dict[str, float]:
        terms = terrain_work.work_terms(chosen, 0, budget)
        return terms | {"pool_rooms": (terms["pools"] + terms["meadows"]) * rooms}

    def most_within(room: float) -> int:
        """The most designs ``room`` ms pays for (at least 12): a bisection (designs_ms grows with n)."""
        if designs_ms(most) <= room:
            return most
        lo, hi = 12, most + 1
        while hi - lo > 1:
            mid = (lo + hi) // 2
            lo, hi = (mid, hi) if designs_ms(mid) <= room else (lo, mid)
        return lo

    fixed_ms = sum(COSTS[k] * v for k, v in fixed.items())
    needs = {"designs": designs_ms(attempts), "pools": sum(COSTS[k] * v for k, v in pool_terms(wanted).items())}
    allowed = split(aim - fixed_ms, needs, SHARES)
    cuts = []
    if allowed["designs"] < needs["designs"]:
        cut = most_within(allowed["designs"])
        cuts.append(f"designs {attempts} -> {cut}")
        attempts = cut
    if allowed["pools"] < needs["pools"]:
        per_pool = dict(COSTS, pools=COSTS["pools"] + COSTS["pool_rooms"] * rooms,
                        meadows=COSTS["meadows"] + COSTS["pool_rooms"] * rooms)
        wanted, _, more = terrain_work.work_cut(amounts, cells, 0, budget, allowed["pools"], per_pool)
        cuts += more
    pools_ms = sum(COSTS[k] * v for k, v in pool_terms(wanted).items())
    # The designs made while the floor is short: as many as the rest of the aim pays for.
    most = max(attempts, min(most, most_within(aim - fixed_ms - pools_ms)))
    terms = fixed | _design_terms(attempts, cells, p) | pool_terms(wanted)
    return Plan(attempts, most, wanted, estimate(terms, COSTS, tuple(cuts)))


def work(width: int, height: int, p, aim: float = AIM_MS) -> Estimate:
    """The rooms' :class:`~worldgen.core.work.Estimate` at ``aim`` ms."""
    return plan(width, height, p, aim).estimate
