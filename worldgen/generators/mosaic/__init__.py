"""Mosaic: a master mask of shapes splits the map into areas, each filled by a style.

After Url-RL's map generator (source ``001_581d00a80fea3b23.txt``).  The
stages, one unit each:

1. ``mask`` (:mod:`.shapes`, :mod:`.mask`): shapes are drawn into an index
   map and *added* modulo the number of areas (a shape never erases what lies
   under it, it shifts it), then the area borders are smoothed by a majority
   filter.  ``wild`` draws ellipses and triangles, ``civilized`` rectangles
   and triangles.  The outer ring is area 0 with the fixed style ``border``.
2. ``styles`` (:mod:`.style`, :mod:`.styles`): every area gets a style (a
   small generation algorithm, one module each) drawn without replacement
   from the preset's weighted table, so a map shows a few of several styles.
   Styles run in the order their ``after`` declarations give (a phase number
   each); the ``styles`` stage is the map once every phase-0 style has run
   (areas still waiting are ``void``).
3. ``water`` (:mod:`.styles.water`, :mod:`.coast`): the later phases, i.e.
   ``water``, which reads its neighbours: the land next to it first gets a
   sand beach (the improvement the source's author wanted), then the water
   decides its depth and a coast that adapts to the ground or wall beside it.
   Deep water is never next to anything but water, nor within 2 tiles of
   walkable land.
4. ``final`` (:mod:`.repair`, :mod:`.points`): the map for the game.  Walkable
   pockets cut off from the largest walkable region are *filled* with their
   style's solid tile when small and touching no water area, otherwise
   *joined* by digging the shortest path to the main region (a ford of
   shallow water through water areas, ground elsewhere).  Stairs mark the
   start and the exit.
5. ``reachability``: the author's debug view, computed on the ``water`` map
   before the repair: walkable tiles a land walker cannot reach from the
   largest walkable region are ``unreachable`` (red).

A *land walker* steps orthogonally (4-connected) onto walkable tiles: ground,
sand, stairs and shallow water (wading); deep water, walls and hedges stop it.
4-connectivity is the stricter rule, so a map that is one region for it is one
region for a walker that may also step diagonally.

Arrays are indexed ``[y, x]``; points are ``[x, y]`` rows.
"""

from .generator import SPEC, run
from .params import MosaicParams
from .shapes import PRESETS
from .style import Job, Style
from .styles import GARDEN_STAMPS, STYLES, parse_stamp, style_phases

__all__ = ["MosaicParams", "Style", "Job", "STYLES", "PRESETS", "GARDEN_STAMPS", "parse_stamp",
           "style_phases", "run", "SPEC"]
