"""The work a request costs, and the budget every legal request keeps.

Each generator's spec carries a *work model* (``GeneratorSpec.work``): from
a request's size and parameters, the work its run will do, in named terms
(cells, automaton cell-generations, pools laid, room designs ...), each
with its cost in milliseconds of CPU natively, fitted to measured runs
(``python -m worldgen.tools.workfit``).  The sum is the estimate; how far
it is from measured CPU time over random legal requests is in
docs/BENCHMARKS.md ("The work budget").

**The budget.**  No legal request takes more than :data:`BUDGET_MS` of CPU
natively (the browser runs 1.5 to 3 times slower: a reader waits seconds,
never minutes).  Where a request's work would pass it, the generator does
less of what costs most and says so: a *cut*, one line such as
``iterations 400 -> 96`` (every cut is a pure function of the request, so
the same request gives the same map everywhere).  Cuts aim the estimate at
:data:`AIM_MS`, the budget less the model's error.  Every entry point where
a user sets the values names the cut in one line
(:meth:`~worldgen.core.registry.GeneratorSpec.budget_note`): the command
line on stderr, a link's settings among its messages, the demo in a toast,
and the library through that method.  ``python -m worldgen sweep`` measures
the worst request it finds per generator.

A generator's ``plan`` (what a run of a request does, with its estimate)
is a pure function of the request and is kept for the last 256 requests
(``functools.lru_cache``): the game and the benchmarks ask for the same
few requests again and again, and working one out costs tens of
microseconds, a few percent of a small map.  A change to a ``COSTS`` table
(as the tests make, to see cuts at small sizes) needs `plan.cache_clear()`.

>>> e = estimate({"cells": 1000.0, "runs": 1.0}, {"cells": 0.001, "runs": 0.5})
>>> round(e.ms, 3), e.cuts
(1.5, ())
>>> note("rooms", 400, 400, ("room_attempts 200 -> 120",))
'rooms 400x400: room_attempts 200 -> 120 (the 3 s work budget)'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

__all__ = ["BUDGET_MS", "AIM_MS", "Estimate", "estimate", "note", "share", "split"]

#: CPU milliseconds natively that no legal request may pass (the sweep's worst measured run).
BUDGET_MS = 3000.0
#: What cuts aim a request's estimate at: the budget over the model's worst
#: error on heavy requests (measured up to about 1.8 times the estimate on
#: a loaded computer, docs/BENCHMARKS.md), so a cut request stays within it.
AIM_MS = 1500.0


class Estimate(NamedTuple):
    """A request's work: ``ms`` of CPU natively (the model), the ``terms`` it
    adds up (units of each), and the ``cuts`` made to keep it within budget."""

    ms: float
    terms: Mapping[str, float]
    cuts: tuple[str, ...] = ()


def estimate(terms: Mapping[str, float], costs: Mapping[str, float], cuts: tuple[str, ...] = ()) -> Estimate:
    """The estimate of ``terms`` at ``costs`` (ms per unit of each term; every term needs one)."""
    return Estimate(sum(costs[name] * units for name, units in terms.items()), dict(terms), tuple(cuts))


def share(aim: float, fixed_ms: float, part: float) -> float:
    """Milliseconds a cuttable part of a run may take: ``part`` of what ``aim``
    leaves once the ``fixed_ms`` every request of this size costs is paid (never below 0).

    >>> share(2000.0, 500.0, 0.5)
    750.0
    """
    return max(0.0, aim - fixed_ms) * part


def split(room: float, needs: Mapping[str, float], shares: Mapping[str, float]) -> dict[str, float]:
    """Milliseconds each cuttable part of a run may take (its need, when all
    fit in ``room``): else each gets its ``share`` of ``room`` or its need if
    less, and what that leaves goes to the parts still short, in order.

    >>> split(100.0, {"automaton": 90.0, "pools": 60.0}, {"automaton": 0.7, "pools": 0.3})
    {'automaton': 70.0, 'pools': 30.0}
    >>> split(100.0, {"automaton": 90.0, "pools": 10.0}, {"automaton": 0.5, "pools": 0.5})
    {'automaton': 90.0, 'pools': 10.0}
    >>> split(100.0, {"automaton": 200.0, "pools": 10.0}, {"automaton": 0.5, "pools": 0.5})
    {'automaton': 90.0, 'pools': 10.0}
    """
    if sum(needs.values()) <= room:
        return dict(needs)
    room = max(0.0, room)
    out = {k: min(need, shares[k] * room) for k, need in needs.items()}
    left = room - sum(out.values())
    for k, need in needs.items():
        more = min(need - out[k], left)
        out[k] += more
        left -= more
    return out


def note(name: str, width: int, height: int, cuts: tuple[str, ...]) -> str:
    """The one line naming a request's cuts."""
    return f"{name} {width}x{height}: {'; '.join(cuts)} (the {BUDGET_MS / 1000:g} s work budget)"
