"""Caverns: a labyrinth of submaps, cellular automata inside, gates joined by digging.

After RogueLike N7 (source ``002_ff8886b5662ccaa9.txt``).  Its five criteria
are the requirements: the start always reaches the exit; the exit is as far as
possible from the start; several paths, some to the exit and some not;
patterns that read as walls, corridors and rooms; big maps, none of it placed
by hand.  (Over 400 lines: five stages share one layout and one live preview;
splitting them would scatter the source's one algorithm.)

``submaps``
    The map is cut into a grid of submaps, each emptied and its four borders
    walled (two cells of wall between neighbours).  Remainders are shared
    out: submap columns are ``width // nx`` or one more wide, with ``nx =
    width // submap`` (at least 1), likewise rows.
``labyrinth``
    Randomized Prim's tree: the cheapest (random rank) wall between a reached
    and an unreached submap opens next, never a cycle (found as the minimum
    spanning tree by Boruvka rounds, :func:`_spanning_tree`).
    Opening a wall looks at each pair of cells facing each other across it
    (corners excluded): both open with probability ``gate``, else one of the
    two or none (a third of the rest each); if no pair opened both, one is
    forced.  A pair open on both sides is a *gate*.  Then ``loops`` (a
    fraction of the walls still closed, rounded up) more walls open the same
    way, so there are several paths.  A map of one submap (the source always
    has several) gets two *inner gates* mid-way along its two short sides.
``automata``
    Each interior is filled at random (wall with probability ``fill``) and
    the source's rule runs ``iterations`` times (:mod:`worldgen.toolkit.automaton`):
    a cell becomes wall if more than 4 walls lie within distance 1 (3x3 box, the
    cell included) or fewer than 3 within distance 2 (5x5 box), else floor;
    beyond the map counts as wall.  Borders and the cell just inside each
    gate are held fixed, so the labyrinth survives and every gate opens onto
    floor.  The loop stops early at a fixed point (nothing changed: every
    later iteration would give the same map).
``connected``
    Repair, a group of submap rows at a time: a submap's anchor is its
    largest interior cave (the source's "set" of reached cells).  A submap
    whose largest cave is smaller than its interior's shorter side is *rock*
    (a high ``fill``): its centre is carved and becomes the anchor, so its
    gates meet in the middle.  Every other gate component digs to the
    anchor along a shortest way through rock (:mod:`worldgen.toolkit.cavejoin`).
    (The source digs gate to gate; to the largest cave joins them as surely.)
    Digs never touch a border.  The start is a random cell of the start
    submap's anchor.  The floor is dressed with features (``features``,
    :mod:`worldgen.toolkit.features`), then floor the player cannot walk to from the
    start is shown as ``unreachable`` here and walled up in ``final``.
``final``
    The exit is the reachable cell farthest from the start on foot (ties:
    first in row-major order); ``stairs_up`` at the start, ``stairs_down`` at
    the exit.  Spawn points (``(k, 2)`` ``[x, y]``) are distinct random plain
    floor cells at least ``safe_radius`` steps from the start,
    ``round(density * eligible cells)`` each.

Steps are counted on foot by the game's movement rule, :data:`grid.WALK`
(8 directions): the exit, ``info["exit_distance"]``, ``safe_radius`` and the
pockets all use it; digs are 4-connected, walkable under any rule.  Every
long loop yields :class:`Progress` with a live preview.  What every legal
request keeps is checked by :mod:`worldgen.toolkit.promises` (``SPEC.promises``).

>>> from worldgen import generate
>>> r = generate("caverns", "doc", 48, 32)
>>> list(r.stages)
['submaps', 'labyrinth', 'automata', 'connected', 'final']
>>> r.last.points["start"].shape, r.last.points["exit"].shape
((1, 2), (1, 2))
"""

from .generator import SPEC, CavernParams, run
from .layout import Layout, inner_gates, layout

__all__ = ["CavernParams", "Layout", "layout", "inner_gates", "run", "SPEC"]
