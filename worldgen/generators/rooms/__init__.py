"""Organic room-accretion dungeons, after Brogue (source 004, "Softly Into the Night").

The stages, one unit each:

1. ``rooms`` (:mod:`.attach`, :mod:`.shapes`, :mod:`.corridors`): the dungeon
   grows from one room.  Each step designs a small room (rectangle,
   conglomerate of juxtaposed rectangles, cross, circle, cave blob) or a
   corridor (straight, diagonal, or a drunken walk between doorways of two
   rooms), picks a door site where it touches what is built and keeps it only
   if it overlaps nothing: either one wall separates it from its neighbour
   (that wall cell is a join) or its edge lies on the neighbour's wall line
   and the two fuse.  A room that does not fit is shifted a little along the
   wall and retried ``shifts`` times, then dropped.  Joins are plain floor here.
2. ``doors`` (:mod:`.doors`): each join becomes a door, a secret door or an
   open doorway.
3. ``dead_ends`` (:func:`worldgen.toolkit.grid.fill_dead_ends`): dead ends are filled
   from a work list; doors left without two opposite floors go.
4. ``loops`` (:mod:`.loops`): walls between floors far apart on foot open
   (distances from two cells, searched together on two stacked copies of the map).
5. ``final`` (:mod:`.stairs`): stairs on room floor far apart, spawn points,
   the room and door lists.

Arrays are indexed ``[y, x]``; points are ``[x, y]`` rows.  Choices the source
left open:

* Stairs stand on floor, inside a room where there is one (all 8 neighbours
  walkable), not in wall niches.  Up is the room cell farthest in a straight
  line from a cell of the first room (so near an end of the dungeon), down
  the floor cell farthest on foot from up on the finished map.
* A dead end is a walkable cell with three (or, for a lone cell, four) walls
  among its four neighbours; the map edge counts as wall.
* ``info["rooms"]`` records each design as placed (before dead-end filling):
  ``{kind, x, y, w, h, mask}``, ``mask`` one int per row, bit i set when cell
  (x + i, y + row) is that room's floor.  ``info["doors"]``: ``(x, y, secret)``.
"""

from worldgen.toolkit.grid import dead_end_mask, door_ok, fill_dead_ends
from .generator import SPEC, run
from .params import KINDS, RoomParams

__all__ = ["RoomParams", "KINDS", "run", "fill_dead_ends", "dead_end_mask", "door_ok", "SPEC"]
