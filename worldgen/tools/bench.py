"""``python -m worldgen bench``: median time, longest step and peak memory
per generator and size.

The rows of a generator (:func:`_sizes`): the sizes the game plays it at
(each dungeon size of :data:`~worldgen.generators.world.DUNGEON_SIZES`, for
a dungeon that builds sites), its benchmark sizes
(``GeneratorSpec.bench_sizes``), and its largest legal size (``max_size``),
where the longest step is worst.  ``world`` rows time the game's overworld
locations as the game makes them (:func:`worldgen.generators.world.iter_location`:
the island, the lowland biomes, the sites) at each location size, and the
largest a world's parameters allow.

A run drains the stage iterator and times every gap between two items
(:mod:`worldgen.tools.timing`): the sum is the run's time, the largest gap
the run's longest *step* (what one frame of the game or the demo may have
to wait for).  A row prints the median of its runs' longest steps, the
worst of them and where it was (``"final 3/7"``: its stage, and which of the
stage's items ended it), and the goal it is held to: :data:`GAME_STEP_MS`
at the game's sizes, :data:`LARGEST_STEP_MS` at the largest.  Seeds differ
per run so a lucky map cannot flatter the median; the peak-memory column is
one extra run under :mod:`tracemalloc` (numpy reports its buffers to it),
held to :data:`MEMORY_MIB` at the largest size.

``--compare`` is :mod:`worldgen.tools.compare`.
"""

from __future__ import annotations

import gc
import json
import statistics
from collections.abc import Callable, Iterator, Mapping
from typing import Any, NamedTuple

from worldgen.core import registry
from worldgen.generators import world
from .compare import (DIGGER_WORK, FILL_QUOTED_MS, QUOTED, Quote, compare_rows,  # noqa: F401  (bench's API)
                      reference_frontier_fill, until)
from .timing import CLOCKS, Drained, drain_timed, peak_mib  # noqa: F401  (bench's API)

__all__ = ["measure", "measure_subject", "run_bench", "drain_timed", "reference_frontier_fill", "QUOTED",
           "FILL_QUOTED_MS", "DIGGER_WORK", "compare_rows", "Drained", "Subject", "subjects",
           "GAME_STEP_MS", "LARGEST_STEP_MS", "MEMORY_MIB", "WORLD"]

#: The longest step allowed at the sizes the game uses (natively: the page is 1.5-3x slower).
GAME_STEP_MS = 4.0
#: The longest step allowed at a generator's largest legal size.
LARGEST_STEP_MS = 16.0
#: The most memory the largest legal request of a generator may hold.
MEMORY_MIB = 256.0
#: The name ``--gen`` gives the world's location rows.
WORLD = "world"


def _runs_for(width: int, height: int) -> int:
    cells = width * height
    return 31 if cells <= 20_000 else 11 if cells <= 300_000 else 5 if cells <= 1_100_000 else 3


class Subject(NamedTuple):
    """What one row times: runs of a stage iterator at one size."""

    generator: str                          # a registered generator, or WORLD
    width: int
    height: int
    run: Callable[[str], Iterator]          # seed text -> the run's items
    goal_ms: float | None = None            # the longest step allowed (None: no goal at this size)
    label: str = ""                         # what the size is ("location 4", "medium")


def _generator_subject(name: str, width: int, height: int, params: Any = None, stage: str | None = None,
                       goal_ms: float | None = None, label: str = "") -> Subject:
    return Subject(name, width, height, lambda seed: until(registry.run(name, seed, width, height, params), stage),
                   goal_ms, label)


def _world_subject(index: int, params: world.WorldParams, goal_ms: float | None, label: str) -> Subject:
    width, height = world.location_size(params, index)
    return Subject(WORLD, width, height,
                   lambda seed: world.World.from_name(seed, params=params).iter_location(index), goal_ms, label)


def _game_sizes(spec: registry.GeneratorSpec) -> list[tuple[int, int, str]]:
    """The dungeon sizes the game builds this generator's sites at (none for others)."""
    if spec.kind != "dungeon" or not spec.terrains:
        return []
    return [(d.width, d.height, d.name) for d in world.DUNGEON_SIZES.values()]


def _sizes(spec: registry.GeneratorSpec) -> list[tuple[int, int]]:
    """The game's sizes, the bench sizes, the largest legal size; each once."""
    sizes = [(w, h) for w, h, _ in _game_sizes(spec)]
    for size in (*(spec.bench_sizes or (spec.default_size,)), tuple(spec.max_size)):
        if size not in sizes:
            sizes.append(size)
    return sizes


def _world_subjects() -> list[Subject]:
    """A location of each size the game's world has, then the largest a world's parameters allow."""
    game = world.WorldParams()
    firsts = {world.location_size(game, i): i for i in reversed(range(world.N_LOCATIONS))}
    rows = [_world_subject(i, game, GAME_STEP_MS, f"location {i}") for i in sorted(firsts.values())]
    hi = {s.name: s.hi for s in world.world_param_specs() if s.name in ("width", "height")}
    largest = world.WorldParams(width=hi["width"], height=hi["height"])
    return rows + [_world_subject(world.N_LOCATIONS - 1, largest, LARGEST_STEP_MS, "largest")]


def subjects(only: list[str] | None = None, params: Any = None,
             sizes: list[tuple[int, int]] | None = None) -> list[Subject]:
    """The rows to time: each generator's (:func:`_sizes`, or ``sizes``),
    then the world's (when all are asked for at their own sizes, or ``WORLD``)."""
    names = only or [spec.name for spec in registry.all_specs()] + ([] if sizes else [WORLD])
    rows = []
    for name in names:
        if name == WORLD:
            rows += _world_subjects()
            continue
        spec = registry.get(name)
        game = {(w, h): label for w, h, label in _game_sizes(spec)}
        for width, height in sizes or _sizes(spec):
            goal = (LARGEST_STEP_MS if (width, height) == tuple(spec.max_size)
                    else GAME_STEP_MS if (width, height) in game else None)
            rows.append(_generator_subject(name, width, height, params, None, goal,
                                           game.get((width, height), "largest" if goal == LARGEST_STEP_MS else "")))
    return rows


def measure_subject(subject: Subject, repeat: int = 0, memory: bool = True, clock: str = "wall") -> dict:
    """One table row: median/min/max ms; each run's longest step (``steps_ms``,
    ``steps_where``), their median (``step_ms``), the worst (``worst_ms``) and
    where it was (``worst_where``, its stage ``step_stage``); the median floor
    share (``floor``: the final stage's ``info["floor_fraction"]``, None for a
    generator that reports none); peak MiB (one more run under tracemalloc)."""
    runs = repeat or _runs_for(subject.width, subject.height)
    _drain(subject.run("warm-up"))  # first-call imports and caches
    gc.collect()  # each row from a collected heap, as the game starts its loop: no earlier row's debts
    done = [drain_timed(subject.run(f"bench-{i}"), CLOCKS[clock]) for i in range(runs)]
    times = [d.total_ms for d in done]
    worst = max(done, key=lambda d: d.step_ms)
    shares = [getattr(d.last, "info", {}).get("floor_fraction") for d in done]
    row = {"generator": subject.generator, "width": subject.width, "height": subject.height,
           "label": subject.label, "runs": runs, "clock": clock,
           "median_ms": round(statistics.median(times), 2), "min_ms": round(min(times), 2),
           "max_ms": round(max(times), 2),
           "step_ms": round(statistics.median(d.step_ms for d in done), 2),
           "steps_ms": [round(d.step_ms, 2) for d in done], "steps_where": [d.where for d in done],
           "worst_ms": round(worst.step_ms, 2), "worst_where": worst.where, "step_stage": worst.stage,
           "goal_ms": subject.goal_ms, "floor": None if None in shares else statistics.median(shares)}
    if memory:
        row["peak_mib"] = peak_mib(lambda: _drain(subject.run("bench-memory")))
    return row


def measure(name: str, width: int, height: int, repeat: int = 0, memory: bool = True,
            params: Any = None, stage: str | None = None, clock: str = "wall") -> dict:
    """:func:`measure_subject` for a registered generator: ``params`` for every
    run (a mapping of overrides, or None), each run timed only until
    ``stage`` is produced (None: the whole run)."""
    return measure_subject(_generator_subject(name, width, height, params, stage), repeat, memory, clock)


def _cut(subject: Subject, params: Any) -> str | None:
    """The one line naming what the work budget cuts of a row's request
    (:mod:`worldgen.core.work`), None for none and for the world's rows."""
    if subject.generator == WORLD:
        return None
    spec = registry.get(subject.generator)
    if params is None or isinstance(params, Mapping):
        params = spec.make_params(params)
    return spec.budget_note(subject.width, subject.height, params)


def _drain(items: Iterator) -> None:
    for _ in items:
        pass


# --------------------------------------------------------------------------- printing

_HEADER = (f"{'generator':<10} {'size':>10} {'':<11} {'runs':>4} {'median ms':>9} {'min ms':>7} {'max ms':>7} "
           f"{'step ms':>7} {'worst':>6} {'where':<16} {'goal':>5} {'floor':>5} {'peak MiB':>8}")


def _line(row: dict) -> str:
    """One row of the table; a worst step or a peak over its goal is marked ``OVER``."""
    peak = f"{row['peak_mib']:>8.2f}" if "peak_mib" in row else f"{'-':>8}"
    floor = "-" if row["floor"] is None else f"{row['floor']:.0%}"
    goal = "" if row["goal_ms"] is None else f"{row['goal_ms']:g}"
    over = row["goal_ms"] is not None and row["worst_ms"] > row["goal_ms"]
    over |= row["goal_ms"] == LARGEST_STEP_MS and row.get("peak_mib", 0.0) > MEMORY_MIB
    size = f"{row['width']}x{row['height']}"
    return (f"{row['generator']:<10} {size:>10} {row['label']:<11} {row['runs']:>4} {row['median_ms']:>9.2f} "
            f"{row['min_ms']:>7.2f} {row['max_ms']:>7.2f} {row['step_ms']:>7.2f} {row['worst_ms']:>6.2f} "
            f"{row['worst_where']:<16} {goal:>5} {floor:>5} {peak}" + ("  OVER" if over else ""))


def _print_compare(rows: list[dict], as_json: bool) -> None:
    if not rows:
        print("nothing to compare: the comparisons are of " + ", ".join(sorted({q.generator for q in QUOTED})))
        return
    if not as_json:
        print(f"reference fill 1000x1000: {rows[0]['fill_ms']:.1f} ms here, {FILL_QUOTED_MS:.0f} ms on "
              "the computer the goals were set on: 'peer here' is the quoted figure scaled by that ratio")
        print(f"{'generator':<10} {'size':>10} {'ours ms':>9} {'floor':>6} {'peer ms':>9} {'peer here':>10} "
              f"{'ratio':>6} {'rounds':>13}  ours / peer")
    for row in rows:
        floor = "-" if row["floor"] is None else f"{row['floor']:.0%}"
        spread = f"{min(row['ratios']):.3g}-{max(row['ratios']):.3g}"
        print(json.dumps(row) if as_json else
              f"{row['generator']:<10} {row['size']:>10} {row['ours_ms']:>9.2f} {floor:>6} "
              f"{row['peer_ms']:>9.2f} {row['peer_here_ms']:>10.2f} {row['ratio_here']:>6.3g} {spread:>13}  "
              f"{row['ours']} / {row['peer']}", flush=True)


def run_bench(only: list[str] | None = None, repeat: int = 0, as_json: bool = False,
              memory: bool = True, compare: bool = False, params: Any = None,
              sizes: list[tuple[int, int]] | None = None, clock: str = "wall") -> int:
    """Print the table (or JSON lines); ``params`` for every run of the one
    generator in ``only`` (the CLI's ``--param``: how a setting moves the
    time), ``sizes`` in place of each generator's own (:func:`_sizes`),
    ``clock`` ``"wall"`` or ``"cpu"`` (:data:`~worldgen.tools.timing.CLOCKS`)."""
    if compare:
        _print_compare(compare_rows(repeat, only, clock), as_json)
        return 0
    if not as_json:
        print(_HEADER)
    for subject in subjects(only, params, sizes):
        row = measure_subject(subject, repeat, memory, clock)
        if note := _cut(subject, params):
            row["cut"] = note   # what the work budget cut at this size (worldgen.core.work)
        print(json.dumps(row) if as_json else _line(row) + (f"\n  cut: {note}" if note else ""), flush=True)
    return 0

