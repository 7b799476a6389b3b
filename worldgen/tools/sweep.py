"""``python -m worldgen sweep``: random legal requests per generator: broken
promises, the worst request's CPU time and memory, and the work model's error.

Each request draws a size and every parameter from the generator's table
(:func:`draw_request`), runs, and is checked by
:func:`worldgen.toolkit.promises.broken`; a refused request (one clear line
naming the parameters in conflict) breaks no promise.  The first requests of
a sweep are its *corners* (:func:`corners`): the largest legal size with
every parameter at a bound (all at their tops, all at their bottoms, the
costliest mix by the work model, random mixes), where the work budget is
tested hardest.  Every run is timed on this thread's CPU clock, the
generator alone (not the promise checks); the slowest is run once more
under :mod:`tracemalloc` for its peak memory, and reported with the command
line that makes it again.  ``model`` compares each run's CPU time with the
spec's estimate (:meth:`~worldgen.core.registry.GeneratorSpec.estimate`):
the ratio measured / estimated over the runs.
"""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

import numpy as np

from worldgen.core import registry
from worldgen.core.registry import ParamError
from worldgen.toolkit.promises import broken
from .timing import peak_mib

__all__ = ["draw_request", "corners", "requests", "measure", "Measured", "command", "parse_command", "sweep",
           "model_error", "CORNERS", "HEAVY_MS"]

#: Corner requests at most at the head of a sweep (one in ten of its requests, up to this many).
CORNERS = 24
#: Runs of at least this many ms of CPU make the model's "heavy" error (below it a run is mostly fixed costs).
HEAVY_MS = 100.0


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
    """Random legal ``(width, height, params)`` for a generator: each side
    log-uniform (small maps, fast and where most conflicts live, are
    common), one time in eight at its largest."""
    spec = registry.get(name)
    (wlo, hlo), (whi, hhi) = spec.min_size, spec.max_size
    width, height = _log_uniform(rng, wlo, whi), _log_uniform(rng, hlo, hhi)
    if rng.random() < 0.125:
        width, height = whi, hhi
    return width, height, {ps.name: _draw_value(rng, ps) for ps in spec.param_specs}


def _bound(ps: registry.ParamSpec, top: bool) -> Any:
    """A parameter's top or bottom (a choice: the last or the first)."""
    if ps.choices:
        return ps.choices[-1 if top else 0]
    return ps.hi if top else ps.lo


def _costliest(spec: registry.GeneratorSpec, width: int, height: int) -> dict[str, Any]:
    """Every parameter at the bound (or default) the work model, uncut, prices
    highest, one parameter at a time, twice over (a request the generator
    refuses counts as no work)."""
    values = {ps.name: ps.default for ps in spec.param_specs}

    def cost(trial: dict[str, Any]) -> float:
        try:
            ms = spec.estimate(width, height, spec.make_params(trial), aim=math.inf).ms
        except ParamError:
            return -1.0
        return -1.0 if math.isnan(ms) else ms

    for _ in range(2):
        for ps in spec.param_specs:
            options = [ps.default, _bound(ps, False), _bound(ps, True)]
            values[ps.name] = max(options, key=lambda v: cost(values | {ps.name: v}))
    return values


def corners(name: str, rng: np.random.Generator, count: int) -> list[tuple[int, int, dict[str, Any]]]:
    """``count`` corner requests, all at the largest legal size: every
    parameter at its top, at its bottom, the costliest mix by the work model
    (:func:`_costliest`), then random mixes of tops and bottoms."""
    spec = registry.get(name)
    width, height = spec.max_size
    params = spec.param_specs
    out = [{ps.name: _bound(ps, True) for ps in params}, {ps.name: _bound(ps, False) for ps in params},
           _costliest(spec, width, height)]
    while len(out) < count:
        out.append({ps.name: _bound(ps, bool(rng.integers(2))) for ps in params})
    return [(width, height, values) for values in out[:count]]


def requests(name: str, maps: int, seed: int = 0,
             corner_count: int | None = None) -> Iterator[tuple[str, int, int, dict[str, Any]]]:
    """The sweep's ``maps`` requests ``(map seed, width, height, values)``:
    ``corner_count`` corners first (default: a tenth of ``maps``, at most
    :data:`CORNERS`), then random legal requests."""
    rng = np.random.default_rng([seed, len(name), *name.encode()])
    count = min(CORNERS, maps // 10) if corner_count is None else min(corner_count, maps)
    head = corners(name, np.random.default_rng([seed, 1, *name.encode()]), count) if count else []
    for i in range(maps):
        width, height, values = head[i] if i < count else draw_request(name, rng)
        yield f"sweep-{seed}-{i}", width, height, values


class Measured(NamedTuple):
    """One request run: CPU ms of the generator (None: refused), its estimate, broken promises, refusal."""

    cpu_ms: float | None
    estimate_ms: float
    broken: dict[str, str]
    refusal: str | None


def measure(name: str, seed: str, width: int, height: int, values: dict[str, Any]) -> Measured:
    """Run one request, timing the generator alone on this thread's CPU clock."""
    spec = registry.get(name)
    try:
        params = spec.make_params(values)
        estimate = spec.estimate(width, height, params).ms
        gc.collect()
        start = time.thread_time()
        result = registry.generate(name, seed, width, height, params)
        cpu_ms = (time.thread_time() - start) * 1000.0
    except ParamError as exc:
        return Measured(None, float("nan"), {}, str(exc))
    return Measured(cpu_ms, estimate, broken(result.stages[spec.final_stage], result.params, name), None)


def command(name: str, seed: str, width: int, height: int, values: dict[str, Any]) -> str:
    """The command line that makes this request again (its map to ``worst.npz``)."""
    spec = registry.get(name)
    shown = [f"--param {k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in values.items()
             if v != spec.param_spec(k).default]
    return " ".join([f"python -m worldgen {name} --seed {seed} --width {width} --height {height}", *shown,
                     "--out worst.npz"])


def parse_command(line: str) -> tuple[str, str, int, int, dict[str, str]]:
    """``(generator, seed, width, height, values)`` of a :func:`command` line.

    >>> parse_command("python -m worldgen rooms --seed s-1 --width 80 --height 25 --param loops=0 --out worst.npz")
    ('rooms', 's-1', 80, 25, {'loops': '0'})
    """
    words = line.split()
    name = words[words.index("worldgen") + 1]
    opts = {w: words[i + 1] for i, w in enumerate(words) if w in ("--seed", "--width", "--height")}
    values = dict(words[i + 1].split("=", 1) for i, w in enumerate(words) if w == "--param")
    return name, opts["--seed"], int(opts["--width"]), int(opts["--height"]), values


def model_error(pairs: list[tuple[float, float]]) -> dict[str, Any]:
    """Measured / estimated over ``(measured ms, estimated ms)`` pairs: the
    5th, 50th and 95th percentiles and the extremes, over every run and over
    the heavy ones (at least :data:`HEAVY_MS`)."""
    out: dict[str, Any] = {}
    for label, chosen in (("all", pairs), ("heavy", [p for p in pairs if p[0] >= HEAVY_MS])):
        ratios = np.array([m / e for m, e in chosen if e > 0 and not math.isnan(e)])
        if ratios.size:
            p5, p50, p95 = np.percentile(ratios, [5, 50, 95])
            out[label] = {"runs": int(ratios.size), "p5": round(float(p5), 3), "median": round(float(p50), 3),
                          "p95": round(float(p95), 3), "min": round(float(ratios.min()), 3),
                          "max": round(float(ratios.max()), 3)}
    return out


def sweep(name: str, maps: int, seed: int = 0, report: Callable[[str], None] | None = None,
          corner_count: int | None = None, memory: bool = True) -> dict:
    """Run ``maps`` requests (:func:`requests`): counts of broken promises and
    refusals, the worst request (CPU seconds, the estimate, peak memory with
    ``memory``, its command line) and the work model's error.

    ``report`` (e.g. ``print``) receives one line per broken request, so a
    failure can be reproduced from the CLI.
    """
    counts = {p.name: 0 for p in registry.get(name).promises}
    refused = 0
    worst: tuple[float, float, tuple] | None = None
    pairs: list[tuple[float, float]] = []
    for request in requests(name, maps, seed, corner_count):
        got = measure(name, *request)
        if got.refusal is not None:
            refused += 1
            continue
        pairs.append((got.cpu_ms, got.estimate_ms))
        if worst is None or got.cpu_ms > worst[0]:
            worst = (got.cpu_ms, got.estimate_ms, request)
        for promise in got.broken:
            counts[promise] += 1
        if report is not None and got.broken:
            map_seed, width, height, values = request
            report(f"{name} seed={map_seed!r} {width}x{height} {values}: {got.broken}")
    out = {"generator": name, "maps": maps, "refused": refused, "broken": counts}
    if worst is not None:
        cpu_ms, estimate_ms, (map_seed, width, height, values) = worst
        out["worst"] = {"cpu_s": round(cpu_ms / 1000.0, 3), "estimate_s": round(estimate_ms / 1000.0, 3),
                        "size": f"{width}x{height}", "command": command(name, map_seed, width, height, values)}
        if memory:
            out["worst"]["peak_mib"] = round(peak_mib(
                lambda: registry.generate(name, map_seed, width, height, values)), 1)
        out["model"] = model_error(pairs)
    return out
