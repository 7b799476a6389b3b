"""``python -m worldgen sweep``: random legal requests per generator, counts of broken promises.

Each request draws a size and every parameter from the generator's table
(:func:`draw_request`) and runs it through
:func:`worldgen.toolkit.promises.check_request`; a refused request (one
clear line naming the parameters in conflict) breaks no promise.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from worldgen.core import registry
from worldgen.toolkit.promises import check_request

__all__ = ["draw_request", "sweep"]


def _log_uniform(rng: np.random.Generator, lo: int, hi: int) -> int:
    """An int in ``lo..hi``, log-uniform over ``value - lo + 1``: small values common, hi reachable."""
    return lo - 1 + min(hi - lo + 1, int(np.exp(rng.uniform(0.0, np.log(hi - lo + 2)))))


def _draw_value(rng: np.random.Generator, ps: registry.ParamSpec) -> Any:
    """A legal value: one time in five a bound, else uniform (log-uniform over wide int ranges)."""
    if ps.choices:
        return ps.choices[int(rng.integers(len(ps.choices)))]
    if ps.type is bool:
        return bool(rng.integers(2))
    if rng.random() < 0.2:
        return ps.lo if rng.integers(2) == 0 else ps.hi
    if ps.type is int:
        if ps.hi - ps.lo > 1000:
            return _log_uniform(rng, ps.lo, ps.hi)
        return int(rng.integers(ps.lo, ps.hi + 1))
    return float(rng.uniform(ps.lo, ps.hi))


def draw_request(name: str, rng: np.random.Generator) -> tuple[int, int, dict[str, Any]]:
    """Random legal ``(width, height, params)`` for a generator."""
    spec = registry.get(name)
    (wlo, hlo), (whi, hhi) = spec.min_size, spec.max_size
    # Sides log-uniform: small maps (fast, and where most conflicts live) are common.
    width, height = _log_uniform(rng, wlo, whi), _log_uniform(rng, hlo, hhi)
    return width, height, {ps.name: _draw_value(rng, ps) for ps in spec.param_specs}


def sweep(name: str, maps: int, seed: int = 0, report: Callable[[str], None] | None = None) -> dict:
    """Run ``maps`` random legal requests: counts of broken promises and refusals.

    ``report`` (e.g. ``print``) receives one line per broken request, so a
    failure can be reproduced from the CLI.
    """
    rng = np.random.default_rng([seed, len(name), *name.encode()])
    counts = {p.name: 0 for p in registry.get(name).promises}
    refused = 0
    for i in range(maps):
        width, height, values = draw_request(name, rng)
        map_seed = f"sweep-{seed}-{i}"
        bad, refusal = check_request(name, map_seed, width, height, values)
        refused += refusal is not None
        for promise, message in bad.items():
            counts[promise] += 1
        if report is not None and bad:
            report(f"{name} seed={map_seed!r} {width}x{height} {values}: {bad}")
    return {"generator": name, "maps": maps, "refused": refused, "broken": counts}
