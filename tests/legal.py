"""Hypothesis strategy for legal generator requests: a size anywhere in the
generator's range (half the draws capped at 100 tiles a side, so the suite
stays quick) and every parameter from its table (bounds, next to them, or
anything between: ``test_fuzz_generators.param_strategy``)."""

from __future__ import annotations

from hypothesis import strategies as st
from test_fuzz_generators import DRESSING, param_strategy

from worldgen.core.registry import GeneratorSpec

__all__ = ["legal_request", "DRESSING", "bare"]

def bare(params: dict) -> dict:
    """``params`` with the dressing held at its default (none): the request
    the bare algorithm's own invariants are about (``tests/test_terrain.py``
    checks the dressed maps' promises).

    >>> bare({"lakes": 2.0, "loops": 3.0})
    {'lakes': 0.0, 'loops': 3.0}
    """
    return {k: 0.0 if k in DRESSING else v for k, v in params.items()}


def _side(lo: int, hi: int) -> st.SearchStrategy:
    return st.one_of(st.integers(lo, max(lo, min(hi, 100))), st.integers(lo, hi))


@st.composite
def legal_request(draw, spec: GeneratorSpec):
    """``(seed text, width, height, {param: value})`` for ``spec``."""
    (wlo, hlo), (whi, hhi) = spec.min_size, spec.max_size
    width, height = draw(_side(wlo, whi)), draw(_side(hlo, hhi))
    params = {ps.name: draw(param_strategy(ps)) for ps in spec.param_specs}
    return draw(st.text(max_size=8)), width, height, params
