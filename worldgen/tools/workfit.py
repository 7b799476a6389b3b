"""``python -m worldgen.tools.workfit --gen NAME``: fit a generator's work
model (:mod:`worldgen.core.work`) to measured CPU time.

It runs the sweep's requests (:func:`worldgen.tools.sweep.requests`:
corners at the largest size, then random legal requests), times each on
this thread's CPU clock, and finds the cost of each of the model's terms
(ms per unit, none below 0) that brings the estimates closest to the
measured times *relative to each* (a 2 ms map counts as much as a 2 s
one; measured over estimated and its inverse weigh alike).  ``--hold TERM``
keeps a term at its current cost (a price set by measuring it alone, as
the pools' is: their cost swings with how many find room, so the model
prices each as one that does).  It prints the table to paste over the
generator's ``COSTS``, the error of the old and the new table, and the
requests farthest from their estimates; ``--save``/``--load`` keep the
measured rows, to fit them again without timing.  Run it on an idle
computer: the fit is only as good as the times.  A benchmark, never a test.
"""

from __future__ import annotations

import argparse
import gc
import json
import time

import numpy as np

from worldgen.core import registry
from worldgen.core.registry import ParamError
from .sweep import HEAVY_MS, command, model_error, parse_command, requests

__all__ = ["collect", "fit", "main"]

#: A measured request: ``(terms, estimated ms, measured ms, command line)``.
Row = tuple[dict[str, float], float, float, str]


#: Parameters a bare request leaves at their defaults (none: the terrain and the vaults).
DRESSING = ("lakes", "chasms", "meadows", "doors", "vaults")


def collect(name: str, maps: int, seed: int = 0, repeat: int = 1, bare: float = 0.5) -> list[Row]:
    """A :data:`Row` for each request the generator does not refuse (the
    fastest of ``repeat`` runs).  A share ``bare`` of the random requests
    leave the :data:`DRESSING` at their defaults (a random request nearly
    always asks for pools, whose cost swings with the map: without bare
    ones the rest of the model could not be told apart)."""
    spec = registry.get(name)
    rows = []
    pick = np.random.default_rng([seed, 2])
    for map_seed, width, height, values in requests(name, maps, seed):
        if pick.random() < bare:
            values = {k: v for k, v in values.items() if k not in DRESSING}
        try:
            params = spec.make_params(values)
            estimate = spec.estimate(width, height, params)
            best = float("inf")
            for _ in range(repeat):
                gc.collect()
                start = time.thread_time()
                registry.generate(name, map_seed, width, height, params)
                best = min(best, (time.thread_time() - start) * 1000.0)
        except ParamError:
            continue
        rows.append((dict(estimate.terms), estimate.ms, best, command(name, map_seed, width, height, values)))
    return rows


def fit(rows: list[Row], held: dict[str, float] | None = None, rounds: int = 8) -> dict[str, float]:
    """Costs per term, none negative, minimizing the squared error of each
    estimate relative to the geometric mean of it and the measured time
    (reweighted ``rounds`` times; relative to the measured time alone, an
    estimate too low by half would count a third as much as one too high by
    half).  ``held`` terms keep their costs, and rows they price at over
    half their time are left out.  Least squares; the terms that come out
    negative are set to 0 and the rest fitted again."""
    held = dict(held or {})
    # A row whose held terms alone price over half its time (pools priced as
    # laid, on a map that laid few) would pull every other cost to 0: left out.
    rows = [r for r in rows if sum(held[k] * r[0].get(k, 0.0) for k in held) <= 0.5 * r[2]]
    names = sorted({k for terms, *_ in rows for k in terms} - set(held))
    terms_of = np.array([[terms.get(k, 0.0) for k in names] for terms, *_ in rows])
    fixed_ms = np.array([sum(held[k] * terms.get(k, 0.0) for k in held) for terms, *_ in rows])
    measured = np.array([ms for _, _, ms, _ in rows])
    scale = measured.copy()
    costs = np.zeros(len(names))
    for _ in range(rounds):
        a = terms_of / scale[:, None]
        b = (measured - fixed_ms) / scale
        free = [i for i in range(len(names)) if a[:, i].any()]
        costs = np.zeros(len(names))
        while free:
            sol = np.linalg.lstsq(a[:, free], b, rcond=None)[0]
            if (sol >= 0).all():
                costs[free] = sol
                break
            free = [i for i, v in zip(free, sol) if v >= 0]
        predicted = np.maximum(terms_of @ costs + fixed_ms, 1e-6)
        scale = np.sqrt(predicted * measured)
    return {k: float(f"{v:.4g}") for k, v in [*zip(names, costs), *held.items()]}


def _priced_again(row: list) -> Row:
    """A saved row with its terms and estimate from the model as it is now
    (made again from its command line), its measured time kept."""
    name, seed, width, height, values = parse_command(row[3])
    spec = registry.get(name)
    estimate = spec.estimate(width, height, spec.make_params(values))
    return dict(estimate.terms), estimate.ms, row[2], row[3]


def _farthest(rows: list[tuple[float, float, str]], count: int) -> list[str]:
    """The ``count`` requests farthest from their estimates, of all and of the heavy ones."""
    def far(r: tuple[float, float, str]) -> float:
        return abs(np.log(r[0] / max(r[1], 1e-9)))
    chosen = sorted(rows, key=far)[-count:] + sorted([r for r in rows if r[0] >= HEAVY_MS], key=far)[-count:]
    return [f"{ms:.1f} ms, estimate {est:.1f}: {line}" for ms, est, line in chosen]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m worldgen.tools.workfit", description=__doc__.splitlines()[0])
    parser.add_argument("--gen", required=True, choices=[s.name for s in registry.all_specs()])
    parser.add_argument("--maps", type=int, default=300, help="requests (the sweep's), default 300")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=1, help="runs of each request (the fastest counts)")
    parser.add_argument("--hold", action="append", default=[], metavar="TERM", help="keep this term's cost")
    parser.add_argument("--bare", type=float, default=0.5, help="share of requests without terrain or vaults")
    parser.add_argument("--save", help="write the measured rows to this JSON file")
    parser.add_argument("--load", help="fit the rows of this file instead of measuring")
    parser.add_argument("--show", type=int, default=6,
                        help="the requests farthest from their estimates to list (of all, then of the heavy)")
    args = parser.parse_args(argv)
    if args.load:
        with open(args.load, encoding="utf-8") as f:
            rows = [_priced_again(r) for r in json.load(f)]
    else:
        rows = collect(args.gen, args.maps, args.seed, args.repeat, args.bare)
    if args.save:
        with open(args.save, "w", encoding="utf-8") as f:
            json.dump(rows, f)
    current = registry.get(args.gen).work.__globals__.get("COSTS", {})
    costs = fit(rows, {k: current[k] for k in args.hold})
    new = [(ms, sum(costs.get(k, 0.0) * v for k, v in t.items()), line) for t, _, ms, line in rows]
    print(json.dumps({"generator": args.gen, "runs": len(rows), "costs": costs,
                      "error_before": model_error([(ms, old) for _, old, ms, _ in rows]),
                      "error_after": model_error([(ms, est) for ms, est, _ in new]),
                      "farthest": _farthest(new, args.show)}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
