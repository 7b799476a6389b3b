"""Deepisle's procedural world generators: pure numpy, deterministic, staged.

>>> from worldgen import generate
>>> result = generate("island", "Deepisle", 88, 32)
>>> list(result.stages)
['noise', 'noise_terrain', 'mask_plain', 'mask', 'combined', 'terrain']

Arrays are indexed ``[y, x]``; tile maps are ``uint8`` ids from :mod:`worldgen.core.tiles`.
"""

from . import generators  # noqa: F401,E402  (the built-in generators register themselves)
from .core.registry import GeneratorSpec, ParamError, Progress, Result, Stage, all_specs, generate, get, run

__all__ = ["GeneratorSpec", "ParamError", "Progress", "Result", "Stage", "all_specs", "generate", "get", "run"]
