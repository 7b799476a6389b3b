"""Island: fractal Perlin noise times a rolling-particle mask, cut at a water line.

After "World Generation Breakdown" (Dance of Death; seeds/000_7569994bbe06b055.txt):

1. ``noise``: fractal gradient (Perlin) noise, 8 octaves, lowest octave with
   features ``width/2`` by ``height/2`` tiles (Flash ``perlinNoise(w/2, h/2, 8)``),
   each octave double the frequency and half the amplitude, normalized 0..255.
   ``noise_terrain`` shows the terrain rules applied to it directly: it touches
   the edges, which is why the mask exists.
2. ``mask_plain`` / ``mask``: rolling particles.  3000 particles (at 88x32) of
   life 50 each start somewhere (``mask_plain``: anywhere; ``mask``: at least
   12 tiles from the edges), add 1 where they stand and roll to a uniformly
   random one of their 8 neighbours whose value is <= their own.  The outer
   ring is then multiplied by 0.75 and the second ring by 0.88, and the result
   normalized 0..255.
3. ``combined``: ``noise * mask / 255``.
4. ``terrain``: the water line is the value at index ``int((n-1) * water)`` of
   the sorted heights; terrain by elevation relative to it (see :func:`classify`).
   Its ``info`` says ``water_line``, ``land_fraction`` and ``edge_tiles_sunk``.

Arrays are indexed ``[y, x]``.

Decisions where the article is silent (docs/generators/island.md lists every departure):

* Noise determinism (:mod:`worldgen.toolkit.noise`): 16 unit gradients written as
  exact constants (no sin/cos at run time), one seeded 256-entry
  permutation and one of 8 fixed sets of per-octave lattice offsets.  Octaves whose period is below one tile on
  both axes are skipped (aliased white noise of amplitude <= 1/64: at 88x32
  that keeps 6 of the 8 octaves); the lowest octave never is.
* Particles move in lock-step (:mod:`worldgen.toolkit.particles`): all choose their
  move on the grid left by the previous step, then deposit at once; off the
  map counts as lower than any tile, so a particle may roll off and is then
  gone.  ``batches=particles`` is the article's one-by-one algorithm.
* Scaling: particles scale with area (3000 per 88x32), margin and life with
  the smaller side (12 and 50 per 32).  Above :data:`MASK_CELLS` tiles the
  particles run on a grid ``s`` times coarser, ``s`` at least
  :data:`MIN_COARSE` (particles / s^2, life and margin / s) and the mask is
  upsampled bilinearly.  That includes the article's 88x32, which rolls 333
  particles of life 17 on 30x11 cells: the same mound (same centre, profile
  and fall-off over many seeds: test), a little smoother, for a ninth of the
  cells and a third of the lock-steps, the only way to bring the whole map
  under 1 ms (each lock-step costs ~10 us of numpy calls whatever the grid:
  at full resolution the 49 lock-steps alone cost ~0.5 ms, at 2x coarser
  the 24 were still a third of the map's time).  ``mask_scale=1`` rolls the
  article's numbers tile by tile (``mask_scale=2``: on 44x16 cells, as the
  game's world map does).
* Terrain scale: thresholds apply to the combined height renormalized to
  0..255 (as the original code did), so "255-25" is the top of the map.
* Water: exactly the ``int((n-1) * water) + 1`` lowest tiles, by (height,
  noise, row-major order): level ground (a sparse mask leaves much of the
  map at 0) is split by the noise, so the fraction holds at any particle
  setting.  The outer ring counts as the lowest ground (the rings alone
  leave land on the edge in two thirds of the 88x32 maps), so land never
  touches the edge; ring tiles above the line are drawn as shallow water
  (``info["edge_tiles_sunk"]``).  A request whose ring alone is over
  ``water`` + 0.02 of the map is refused (:func:`check_request`).

(The noise lives in :mod:`worldgen.toolkit.noise`, the particles in
:mod:`worldgen.toolkit.particles`.)
"""

from worldgen.toolkit.noise import fractal_noise
from worldgen.toolkit.particles import rolling_particles, work_cap, work_terms
from .generator import SPEC, check_request, ring_share, run
from .mask import MASK_CELLS, MIN_COARSE, finish_mask, particle_scale
from .params import IslandParams
from .terrain import classify, lowest_cells, normalize255, water_line

__all__ = [
    "IslandParams", "SPEC", "run", "fractal_noise", "normalize255", "water_line", "lowest_cells", "classify",
    "ring_share", "check_request",
    "rolling_particles", "finish_mask", "particle_scale", "MASK_CELLS", "MIN_COARSE", "work_cap", "work_terms",
]
