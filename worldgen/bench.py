"""``python -m worldgen bench``: median milliseconds per generator and size.

Each generator declares its benchmark sizes (``GeneratorSpec.bench_sizes``,
the targets named in its issue).  Seeds differ per run so a lucky map cannot
flatter the median; the peak-memory column is one extra run under
:mod:`tracemalloc` (numpy reports its buffers to it).
"""

from __future__ import annotations

import json
import statistics
import time
import tracemalloc

from . import registry

__all__ = ["measure", "run_bench"]


def _runs_for(width: int, height: int) -> int:
    cells = width * height
    return 31 if cells <= 20_000 else 11 if cells <= 300_000 else 5


def measure(name: str, width: int, height: int, repeat: int = 0, memory: bool = True) -> dict:
    runs = repeat or _runs_for(width, height)
    registry.generate(name, "warm-up", width, height)  # first-call imports and caches
    times = []
    for i in range(runs):
        start = time.perf_counter()
        registry.generate(name, f"bench-{i}", width, height)
        times.append((time.perf_counter() - start) * 1000.0)
    row = {"generator": name, "width": width, "height": height, "runs": runs,
           "median_ms": round(statistics.median(times), 2), "min_ms": round(min(times), 2),
           "max_ms": round(max(times), 2)}
    if memory:
        tracemalloc.start()
        registry.generate(name, "bench-memory", width, height)
        row["peak_mib"] = round(tracemalloc.get_traced_memory()[1] / 2**20, 2)
        tracemalloc.stop()
    return row


def run_bench(only: list[str] | None = None, repeat: int = 0, as_json: bool = False,
              memory: bool = True) -> int:
    specs = [registry.get(n) for n in only] if only else registry.all_specs()
    if not as_json:
        print(f"{'generator':<10} {'size':>10} {'runs':>5} {'median ms':>10} {'min ms':>8} "
              f"{'max ms':>8} {'peak MiB':>9}")
    for spec in specs:
        for width, height in spec.bench_sizes or (spec.default_size,):
            row = measure(spec.name, width, height, repeat, memory)
            if as_json:
                print(json.dumps(row))
            else:
                peak = f"{row['peak_mib']:>9.2f}" if memory else f"{'-':>9}"
                print(f"{spec.name:<10} {f'{width}x{height}':>10} {row['runs']:>5} "
                      f"{row['median_ms']:>10.2f} {row['min_ms']:>8.2f} {row['max_ms']:>8.2f} {peak}",
                      flush=True)
    return 0
