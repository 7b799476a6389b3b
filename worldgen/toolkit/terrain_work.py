"""What terrain costs, for the generators' work models (:mod:`worldgen.core.work`):
what a dungeon request asks of the terrain (:func:`asked`), the work of
:func:`worldgen.toolkit.terrain.pools` and :func:`~worldgen.toolkit.terrain.doors`
by term (:func:`work_terms`), and the pools and doors that fit an
allowance (:func:`work_cut`).

A pool's cost swings with the map (one that finds no centre gives up in a
tenth of the time of one that is laid and keeps its ways), so the models
price each as laid: an upper bound.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .terrain import POOLS, plan

__all__ = ["POOL_CELLS", "Asked", "asked", "work_terms", "work_cut"]


#: Blocking cells (deep water, chasm) a lake or a chasm lays, taken low (measured:
#: 11 to 28 on average), so the work model counts as many as the cap may let through.
POOL_CELLS = 10


class Asked(NamedTuple):
    """What a dungeon request asks of the terrain and the work model
    (:func:`asked`): its cells, the pool ``amounts`` by kind, the pools
    ``wanted`` (:func:`plan`), the ``doors``, the blocking cells' ``budget``
    the generators give :func:`pools` (an eighth of the map), and the
    ``terms`` every dungeon's work model starts from (a run, the cells, the
    vault designs tried, ``features`` x cells; each model adds its own)."""

    cells: int
    amounts: dict[str, float]
    wanted: list[tuple[str, int]]
    doors: int
    budget: int
    terms: dict[str, float]


def asked(p, width: int, height: int) -> Asked:
    """:class:`Asked` of a dungeon generator's parameters (``lakes``,
    ``chasms``, ``meadows``, ``doors`` if it has one, ``vaults``,
    ``features``) at ``width`` x ``height``."""
    cells = width * height
    amounts = {"lake": p.lakes, "chasm": p.chasms, "meadow": p.meadows}
    return Asked(cells, amounts, plan(amounts, cells), int(getattr(p, "doors", 0.0) * cells / 1000.0 + 0.5),
                 cells // 8, {"run": 1, "cells": cells, "vaults": p.vaults, "features": p.features * cells})


def work_terms(wanted: Sequence[tuple[str, int]], doors: int, budget: int | None,
               per_kind: bool = False) -> dict[str, int]:
    """The work of :func:`pools` (and :func:`doors`) by term, for a work
    model (:mod:`worldgen.core.work`): ``pools`` that block (a lake or a
    chasm costs most: its ways are kept), as many as the ``budget`` of
    blocking cells may let through (each kind its own budget with
    ``per_kind``, as a generator that lays one kind a call gives it),
    ``pools_skipped`` (blocking ones past the budget: looked at, not laid),
    ``meadows`` (pools that block nothing) and ``doors`` (looked for).

    >>> work_terms([("lake", 30), ("meadow", 4)], 7, 100)
    {'pools': 10, 'pools_skipped': 20, 'meadows': 4, 'doors': 7}
    """
    most = budget // POOL_CELLS if budget is not None else None
    blocking = [n for kind, n in wanted if POOLS[kind].blocks]
    if most is None:
        laid = sum(blocking)
    else:
        laid = sum(min(n, most) for n in blocking) if per_kind else min(sum(blocking), most)
    return {"pools": laid, "pools_skipped": sum(blocking) - laid,
            "meadows": sum(n for kind, n in wanted if not POOLS[kind].blocks), "doors": doors}


def work_cut(amounts: dict[str, float], area: int, doors: int, budget: int | None, allowed_ms: float,
             costs: dict[str, float], per_kind: bool = False) -> tuple[list[tuple[str, int]], int, list[str]]:
    """The pools (:func:`plan` of ``amounts`` on ``area`` tiles) and ``doors``
    a generator lays within ``allowed_ms`` at ``costs`` (ms per unit of
    :func:`work_terms`' terms): the most pools in all, every kind cut in
    proportion and the doors alike, as found by a bisection; and the cuts,
    one line each (none when all fit)."""
    wanted = plan(amounts, area)
    asked = sum(n for _, n in wanted)

    def ms(most: int) -> float:
        terms = work_terms(plan(amounts, area, most), doors * most // max(asked, 1) if asked else doors, budget,
                           per_kind)
        return sum(costs[k] * v for k, v in terms.items())

    if ms(asked) <= allowed_ms:
        return wanted, doors, []
    lo, hi = 0, asked   # ms(hi) is over, ms(lo) the answer when it fits (or 0: nothing left)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if ms(mid) <= allowed_ms else (lo, mid)
    pools = plan(amounts, area, lo)
    cut_doors = doors * lo // asked if asked else min(doors, int(allowed_ms / max(costs["doors"], 1e-9)))
    laid = sum(n for _, n in pools)
    return pools, cut_doors, [f"{what} {before} -> {after}" for what, before, after in
                              (("pools", asked, laid), ("doors", doors, cut_doors)) if after < before]
