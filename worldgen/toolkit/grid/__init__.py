"""Whole-array grid operations shared by every generator (numpy only, no scipy).

All arrays are indexed ``[y, x]``; cells are given as ``(y, x)`` tuples and
points as ``[x, y]`` rows only at the public edges (stages, CLI).

Connectivity is 4 (orthogonal) or 8 (orthogonal + diagonal) throughout.

``grid.X`` names every operation; they live in five modules by what they
answer: :mod:`.neighbours` (who is next to whom: offsets, the movement rule
:data:`WALK`, neighbour counts, dilation, dead ends, doors), :mod:`.regions`
(connected regions), :mod:`.distance` (steps from sources), :mod:`.cells`
(lines of cells, random picks) and :mod:`.lookup` (a table read per cell).  Bitset forms of some live in
:mod:`worldgen.toolkit.bitgrid`.
"""

from .cells import dig, distinct_indices, flat_to_points, line_cells, pick_cells
from .distance import distance_map, distance_map_steps, farthest_cell, walk_distance
from .lookup import lookup
from .neighbours import (WALK, border_mask, dead_end_mask, dilate, door_ok, erode, fill_dead_ends, neighbour_count,
                         offsets)
from .regions import label, label_steps, largest_region, union_steps

__all__ = [
    "neighbour_count", "label", "largest_region", "distance_map", "farthest_cell",
    "line_cells", "dig", "border_mask", "offsets", "distance_map_steps", "flat_to_points", "pick_cells",
    "WALK", "walk_distance", "dilate", "erode", "dead_end_mask", "fill_dead_ends", "door_ok",
    "label_steps", "union_steps", "distinct_indices", "lookup",
]
