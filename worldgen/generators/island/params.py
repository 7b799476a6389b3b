"""The island's parameter table."""

from __future__ import annotations

from dataclasses import dataclass

from worldgen.core.registry import param

__all__ = ["IslandParams"]


@dataclass(frozen=True)
class IslandParams:
    octaves: int = param(8, 1, 12, "noise octaves (those finer than a tile are skipped)")
    divisor: float = param(2.0, 0.25, 64.0,
                           "frequency divisor: lowest octave features are width/divisor wide", step=0.25)
    particles: int = param(0, 0, 2_000_000, "rolling particles; 0 = auto (3000 per 88x32 tiles)")
    life: int = param(0, 0, 5000, "steps per particle; 0 = auto (50 per 32 tiles of the smaller side)")
    margin: int = param(-1, -1, 512, "particles start this far from the edges; -1 = auto (12 per 32 tiles)")
    batches: int = param(1, 1, 1_000_000, "release particles in this many batches, one after another"
                                          " (1 = all at once, fastest; = particles: one by one)")
    mask_scale: int = param(0, 0, 64,
                            "simulate particles this many times coarser; 0 = auto (1 up to 48x48 tiles, then >= 3)")
    water: float = param(0.6, 0.05, 0.95, "fraction of the map under water")
    deep: int = param(40, 0, 255, "deep water below water line - deep")
    coast: int = param(15, 0, 255, "coast (sand) below water line + coast")
    plains: int = param(35, 0, 255, "plains (grass) below water line + plains")
    hills: int = param(50, 0, 255, "hills above 255 - hills")
    mountain: int = param(25, 0, 255, "mountains above 255 - mountain")
