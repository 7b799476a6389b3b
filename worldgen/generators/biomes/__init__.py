"""Seed-and-grow biomes (1000 Dungeons, source ``003_bc7ae02ed1baa4b0.txt``).

A few seed tiles of weighted base types are scattered at random; loop by
loop, claimed tiles spread their type into blank 8-neighbours, each blank
tile taking a random number of loops to be won, until every tile is
claimed.  Transition tiles are
then placed where two types meet, and a clean-up pass gives every lone tile
the type of a random neighbour.  (Over 400 lines: growth, transitions and
clean-up are one pipeline whose pieces ``worldgen.generators.world`` reuses.)

Stages:

``seeds``
    ``seeds`` tiles (default 100) on a blank (``void``) map.  Their types are
    apportioned exactly from the normalized weights (largest remainder), so a
    weight of 0.30 with 100 seeds means 30 grass seeds, as the source says.
    All five weights at 0 (each is in range) means equal weights.
``growth``
    The grown map of base types.  One :class:`~worldgen.core.registry.Progress`
    with a preview per growth loop, so the demo can step through the loops.
``transitions``
    :data:`TRANSITIONS` applied to the grown map.
``terrain``
    The final map after the clean-up of lone tiles.

Why it does not look like squares or a Voronoi diagram
------------------------------------------------------
The source walks its list of claimed tiles in order and fills all eight
neighbours, which grows square plots; its author breaks them up by the order
of the list.  Here time is random instead: a blank tile, once a claimed
neighbour first touches it, waits a random number of loops (geometric: each
loop it is won with the chance ``spread``) and then takes that neighbour's
type; among neighbours claimed in the same loop a random one touches it
(each loop looks in the 8 directions in a random order, the last one wins).
A chance below 1 alone gives ragged but convex, Voronoi-like plots on big
maps, so the chance also varies over the map with a smooth value-noise field
(``rough``): growth crawls through "hard ground" and races through easy
ground, so borders wind and plots take organic shapes.  Each tile's wait is
drawn once and the loops run from a ring of time buckets, so no tile is
looked at loop after loop (first-passage growth: 2.5x faster than retrying
every frontier tile each loop, the look unchanged).  A wait is at most 255
loops (a documented clamp: the lowest chances would mean thousands).

Transition table
----------------
One row per ``(tile, touching, becomes)``: a tile of type ``tile`` with an
8-neighbour of type ``touching`` in the *grown* map becomes ``becomes``.  Only
the ``tile`` side changes, so rims are one tile wide; the first matching row
wins where a tile touches several types.

=========== ========= ============= ============================================
tile        touching  becomes       why
=========== ========= ============= ============================================
deep_water  forest    swamp         the source's rule: wooded shores are marsh
deep_water  grass     sand          beach
deep_water  desert    sand          beach (desert coast)
deep_water  mountain  shallow_water rocky shallows at the foot of a cliff
mountain    grass     hills         foothills
mountain    forest    hills         wooded foothills
mountain    desert    hills         badlands
forest      desert    grass         woods thin out to grassland before sand
=========== ========= ============= ============================================

Clean-up runs after the transitions, so the final map has no lone tile,
transition tiles included.  A lone tile (no 8-neighbour of its own type)
takes the type of a random neighbour that is not lone itself, which makes it
non-lone and never makes another tile lone.  A transition type is only taken
from a rim tile its row made, so every transition tile of the final map is a
tile its row converted or touches one: it sits where its pair meets (a
one-tile mountain peak ringed by foothills becomes hills; a one-tile pond
between a beach and a swamp joins one of them).  If a lone tile has no such
neighbour after 8 passes, a last pass lets it take any non-lone neighbour
(``info["lone_fallback"]`` counts these; none in thousands of test maps).

>>> seed_counts([0.3, 0.25, 0.2, 0.1, 0.15], 100)
[30, 25, 20, 10, 15]
>>> seed_counts([1, 1, 1], 10)
[4, 3, 3]
"""

from worldgen.toolkit.growth import MAX_DELAY, grow, growth_delays
from .cleanup import clean_lone, lone_mask
from .generator import SPEC, BiomeParams, pad_frame, padded_index, run, seed_counts
from .ground import ground_noise, ground_thresholds
from .lowland import grow_lowland
from .transitions import BASE_TYPES, FRAME, TRANSITIONS, Transition, apply_transitions, qualifies

__all__ = [
    "BiomeParams", "BASE_TYPES", "Transition", "TRANSITIONS", "SPEC", "run", "seed_counts", "FRAME",
    "pad_frame", "padded_index", "ground_noise", "ground_thresholds", "growth_delays", "grow", "MAX_DELAY",
    "apply_transitions", "qualifies", "lone_mask", "clean_lone", "grow_lowland",
]
