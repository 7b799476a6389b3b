"""Vaults: special rooms carved into the rock of a finished dungeon map (after
Brogue's "machines"), each a *design* the game fills and gives its rules
(``game/rules/world/vaults.py``; the design names are :data:`DESIGNS`' keys).

A design is a small plan drawn in characters (:data:`PLANS`, legend in
:data:`LEGEND`) whose bottom row holds its entrance ``D``.  It is carved
where its whole box, turned to face one of four ways, is solid wall and
the cell just outside its entrance is plain ground (:data:`GROUND`): so a
vault adds floor behind one door and cuts no walk, and its floor is
:data:`~worldgen.core.tiles.T` ``vault_floor``, never stair ground, so the
exit a generator chose stays the farthest.  Vaults are carved last, after
the stairs and the spawn points, which therefore never fall inside one.

Each vault is a record in the stage's ``info["vaults"]``: its ``design``,
its ``door`` ``[x, y]``, its box ``[x, y, w, h]`` and its cells by role
(``items``, ``captive``, ``guards``, ``statues``, ``lurkers``, ``traps``,
``key``): ``[[x, y], ...]``.  The captives' cells are also the stage's
``captives`` points and the keys' the ``keys`` points (the game reads those
for the prisoners and the keys).

Where to carve is found on a sum table of the wall mask (one cumulative
sum, then every box in one array operation); on a big map inside a random
window of at most :data:`WINDOW` cells a side, so a vault costs the same on
any map.

>>> import numpy as np
>>> from worldgen.core.tiles import T
>>> tiles = np.full((24, 40), T.wall, np.uint8); tiles[10:14, 2:38] = T.floor
>>> records = carve(tiles, np.random.default_rng(2), ["library", "locked"])
>>> sorted(r["design"] for r in records), int((tiles == T.vault_door).sum())
(['library', 'locked'], 1)
"""

from __future__ import annotations

import numpy as np

from worldgen.core.registry import param
from worldgen.core.steps import finish
from worldgen.core.tiles import T

__all__ = ["carve_steps", "POINTS", "DESIGNS", "PLANS", "LEGEND", "GROUND", "WINDOW", "KEY_DISTANCE", "carve", "pick_designs", "count_param",
           "points_of"]

#: The point sets a map with vaults gives beside the dungeon's (:func:`points_of`).
POINTS = ("captives", "keys")
#: The ground an entrance opens onto and a key may lie on.
GROUND = (T.floor, T.ground)
_IS_GROUND = np.zeros(256, dtype=bool)
_IS_GROUND[list(GROUND)] = True
#: The side of the square searched for room on a big map.
WINDOW = 96
#: A key lies at least this far (cells, either axis) from its vault's door.
KEY_DISTANCE = 8
_KEY_PROBES = 200

#: What each character of a plan is: (tile, role or None).  ``#`` is the
#: rock the plan is carved from (left as it is), ``D`` the entrance.
LEGEND: dict[str, tuple[int, str | None]] = {
    "#": (T.wall, None),
    ".": (T.vault_floor, None),
    "$": (T.vault_floor, "items"),
    "P": (T.pedestal, "items"),
    "?": (T.vault_floor, "items"),
    "w": (T.deep_water, "items"),
    "~": (T.deep_water, None),
    "=": (T.shallow_water, None),
    "C": (T.vault_floor, "captive"),
    "G": (T.vault_floor, "guards"),
    "S": (T.vault_floor, "statues"),
    "B": (T.bookshelf, None),
    "A": (T.altar, None),
    "T": (T.trap, "traps"),
    "L": (T.wall, "lurkers"),
}

#: The designs: the tile of the entrance, then the plan (entrance at the bottom).
PLANS: dict[str, tuple[int, tuple[str, ...]]] = {
    # a locked treasure room: its key lies elsewhere on the level
    "locked": (T.vault_door, ("#######",
                              "#$...$#",
                              "#..$..#",
                              "#$...$#",
                              "###D###")),
    # an altar cage: take one item and the others are caged
    "cage": (T.door, ("#######",
                      "#P.P.P#",
                      "#.....#",
                      "#.....#",
                      "###D###")),
    # a shackled captive, its captors asleep beside it
    "captive": (T.door, ("#######",
                         "#G.C.G#",
                         "#.....#",
                         "#.....#",
                         "###D###")),
    # a flooded vault: its treasure lies under deep water
    "flooded": (T.door, ("#######",
                         "#~w~w~#",
                         "#~~~~~#",
                         "#=~w~=#",
                         "#==.==#",
                         "###D###")),
    # an ambush: take the treasure and the walls open on its keepers
    "ambush": (T.door, ("###L###",
                        "#.....#",
                        "L..$..L",
                        "#.....#",
                        "###D###")),
    # a library: scrolls, and an altar that names what you carry
    "library": (T.door, ("#######",
                         "#BBABB#",
                         "#.....#",
                         "#?.?.?#",
                         "###D###")),
    # a trapped corridor to a treasure nook
    "trapped": (T.door, ("#####",
                         "#.$.#",
                         "#...#",
                         "##T##",
                         "##T##",
                         "##T##",
                         "##T##",
                         "##D##")),
    # a guardian room: statues that move only when you do
    "guardian": (T.door, ("#########",
                          "#.S.$.S.#",
                          "#.......#",
                          "#.S...S.#",
                          "#.......#",
                          "####D####")),
}
#: The design names, in table order (the game's ``VAULTS`` has one rule unit for each).
DESIGNS: tuple[str, ...] = tuple(PLANS)


def count_param() -> float:
    """A generator's ``vaults`` parameter (a dataclass field, so a function)."""
    return param(0.0, 0.0, 8.0, "vaults (special rooms, worldgen.toolkit.vaults) tried per map: 1.5 is one "
                 "or two, 0 (the default: the game asks for them) none")


def pick_designs(rng: np.random.Generator, amount: float) -> list[str]:
    """The designs to try on one map: ``amount`` plus a coin for its fraction
    (so 1.5 is one or two), each drawn from :data:`DESIGNS`, no design twice
    while others are left.

    >>> len(pick_designs(np.random.default_rng(0), 3.0)), pick_designs(np.random.default_rng(0), 0.0)
    (3, [])
    """
    n = int(amount) + (1 if rng.random() < amount - int(amount) else 0)
    order = rng.permutation(len(DESIGNS)).tolist()
    return [DESIGNS[order[k % len(order)]] for k in range(n)]


def _turned(plan: tuple[str, ...], quarter: int) -> np.ndarray:
    """The plan as a character array turned ``quarter`` quarter-turns
    (0: entrance at the bottom, 1: at the right, 2: top, 3: left)."""
    return np.rot90(np.array([list(row) for row in plan]), quarter)


def _outward(quarter: int) -> tuple[int, int]:
    """The step ``(dy, dx)`` from the entrance out of the vault."""
    return ((1, 0), (0, 1), (-1, 0), (0, -1))[quarter]


def carve(tiles: np.ndarray, rng: np.random.Generator, designs: list[str],
          keep: np.ndarray | None = None) -> list[dict]:
    """Carve each of ``designs`` into ``tiles`` (changed in place) where it
    fits (a design that finds no room is left out); the records of those
    carved.  ``keep``: cells no entrance may open onto.  :func:`carve_steps`
    is the same work, a design a step."""
    return finish(carve_steps(tiles, rng, designs, keep))


def carve_steps(tiles: np.ndarray, rng: np.random.Generator, designs: list[str],
                keep: np.ndarray | None = None):
    """``records = yield from carve_steps(...)``: :func:`carve`, yielding the
    share done after each design (a design is up to a millisecond)."""
    records = []
    wall = tiles == T.wall
    for k, name in enumerate(designs):
        door_tile, plan = PLANS[name]
        record = _carve_one(tiles, wall, rng, name, door_tile, plan, keep)
        if record is not None:
            records.append(record)
        yield (k + 1) / len(designs)
    for record in records:
        if record["design"] == "locked":
            record["key"] = _key_cell(tiles, rng, record["door"])
    return records


def _carve_one(tiles: np.ndarray, wall: np.ndarray, rng: np.random.Generator, name: str, door_tile: int,
               plan: tuple[str, ...], keep: np.ndarray | None) -> dict | None:
    h, w = tiles.shape
    quarters = rng.permutation(4).tolist()
    y0, x0 = 0, 0
    if h > WINDOW or w > WINDOW:  # a big map: one random window
        y0, x0 = int(rng.integers(0, max(1, h - WINDOW + 1))), int(rng.integers(0, max(1, w - WINDOW + 1)))
    wy, wx = slice(y0, min(h, y0 + WINDOW)), slice(x0, min(w, x0 + WINDOW))
    sub_wall, sub_tiles = wall[wy, wx], tiles[wy, wx]
    sums = np.zeros((sub_wall.shape[0] + 1, sub_wall.shape[1] + 1), dtype=np.int32)
    np.cumsum(np.cumsum(sub_wall, axis=0, dtype=np.int32), axis=1, out=sums[1:, 1:])
    for quarter in quarters:
        stamp = _turned(plan, quarter)
        sh, sw = stamp.shape
        if sh + 2 > sub_wall.shape[0] or sw + 2 > sub_wall.shape[1]:
            continue
        dy, dx = (int(v[0]) for v in np.nonzero(stamp == "D"))
        oy, ox = _outward(quarter)
        # boxes (top-left in [1, n - size - 1]) that are all wall, with ground outside the entrance
        full = sums[sh:, sw:] - sums[:-sh, sw:] - sums[sh:, :-sw] + sums[:-sh, :-sw] == sh * sw
        ny, nx = full.shape
        ok = np.zeros_like(full)
        ys, xs = slice(1, ny - 1), slice(1, nx - 1)
        ok[ys, xs] = full[ys, xs]
        outside = np.zeros_like(full)
        ty, tx = dy + oy, dx + ox   # the outside cell relative to the box's corner
        src = _IS_GROUND[sub_tiles]
        if keep is not None:
            src = src & ~keep[wy, wx]
        outside[max(0, -ty):min(ny, src.shape[0] - ty), max(0, -tx):min(nx, src.shape[1] - tx)] = \
            src[max(0, ty):min(ny + ty, src.shape[0]), max(0, tx):min(nx + tx, src.shape[1])]
        ok &= outside
        cells = np.flatnonzero(ok)
        if cells.size == 0:
            continue
        by, bx = divmod(int(cells[int(rng.integers(cells.size))]), nx)
        return _write(tiles, wall, stamp, name, door_tile, by + y0, bx + x0)
    return None


def _write(tiles: np.ndarray, wall: np.ndarray, stamp: np.ndarray, name: str, door_tile: int,
           y0: int, x0: int) -> dict:
    """Write ``stamp`` with its corner at ``(y0, x0)``; the vault's record."""
    sh, sw = stamp.shape
    roles: dict[str, list[list[int]]] = {}
    door = [0, 0]
    for (y, x), ch in np.ndenumerate(stamp):
        ty, tx = y0 + y, x0 + x
        if ch == "D":
            tiles[ty, tx] = door_tile
            door = [tx, ty]
            continue
        tile, role = LEGEND[str(ch)]
        if ch != "#":
            tiles[ty, tx] = tile
        if role is not None:
            roles.setdefault(role, []).append([tx, ty])
    wall[y0:y0 + sh, x0:x0 + sw] = False  # taken: the next vault does not overlap this one
    return {"design": name, "door": door, "box": [x0, y0, sw, sh], **roles}


def _key_cell(tiles: np.ndarray, rng: np.random.Generator, door: list[int]) -> list[list[int]]:
    """A ground cell at least :data:`KEY_DISTANCE` cells from ``door``
    (the nearest ground to the door when none is found), as ``[[x, y]]``."""
    h, w = tiles.shape
    ys, xs = rng.integers(0, h, _KEY_PROBES), rng.integers(0, w, _KEY_PROBES)
    for y, x in zip(ys.tolist(), xs.tolist()):
        if _IS_GROUND[tiles[y, x]] and max(abs(x - door[0]), abs(y - door[1])) >= KEY_DISTANCE:
            return [[x, y]]
    gy, gx = np.nonzero(_IS_GROUND[tiles])
    k = int(np.argmin(np.maximum(np.abs(gx - door[0]), np.abs(gy - door[1]))))
    return [[int(gx[k]), int(gy[k])]]


def points_of(records: list[dict]) -> dict[str, np.ndarray]:
    """The stage's ``captives`` and ``keys`` points of the vault ``records``
    (``(k, 2)`` ``[x, y]`` rows, none when no vault has them)."""
    out = {}
    for name, role in (("captives", "captive"), ("keys", "key")):
        rows = [cell for r in records for cell in r.get(role, [])]
        out[name] = np.array(rows, dtype=np.int64).reshape(-1, 2)
    return out
