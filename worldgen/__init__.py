"""Deepisle's procedural world generators: pure numpy, deterministic, staged.

>>> import worldgen
>>> cave = worldgen.caverns(seed="my-post", width=64, height=40, loops=0.3)
>>> list(cave.stages), cave.last.data.shape
(['submaps', 'labyrinth', 'automata', 'connected', 'final'], (40, 64))
>>> bool((worldgen.generate("caverns", "my-post", 64, 40, {"loops": 0.3}).last.data == cave.last.data).all())
True

One typed keyword function per generator (:mod:`worldgen.calls`: ``island``,
``biomes``, ``caverns``, ``mosaic``, ``rooms``) beside the registry's
``generate(name, seed, width, height, params)``.  Arrays are indexed ``[y, x]``;
tile maps are ``uint8`` ids from :mod:`worldgen.core.tiles`; ``write_tiled``
saves a tile stage as a Tiled map (:mod:`worldgen.core.tiled`).
"""

from . import generators  # noqa: F401,E402  (the built-in generators register themselves)
from .calls import biomes, caverns, island, mosaic, rooms
from .core.registry import GeneratorSpec, ParamError, Progress, Result, Stage, all_specs, generate, get, run
from .core.tiled import write_tiled

__all__ = ["GeneratorSpec", "ParamError", "Progress", "Result", "Stage", "all_specs", "generate", "get", "run",
           "island", "biomes", "caverns", "mosaic", "rooms", "write_tiled"]
