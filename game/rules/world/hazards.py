"""The ground of a level as play changes it: tiles changed (a door opened or
shut, grass burnt to ash, brush trampled, a cage closed, a vault opened),
fires and clouds, and the once-a-turn processes that move them.

The rules of each tile are the content's :data:`~game.rules.content.TERRAIN_RULES`
and of each cloud :data:`~game.rules.content.GASES`.  A level holds
``changed`` (flat cell -> tile, what differs from the map as built),
``fire`` (``uint8`` turns left burning per cell) and ``gas`` (kind ->
``uint16`` thickness per cell, 0..:data:`MAX_GAS`); all three are saved
(:mod:`game.rules.persistence.snapshot`).

Each turn (:func:`step`, called once by the engine through
:class:`~game.rules.actions.terrain.HazardsTurn`): fire spreads to each
burnable neighbour of a burning cell with its tile's chance (one seeded
roll per cell, whole-array), then every fire burns down a turn and a
fire that dies leaves its tile's ``burnt`` tile; a burning cell puts out
smoke.  Clouds drift (each cell shares its gas with its four open
neighbours: integer sums, so a saved cloud drifts on exactly as it would
have) and fade by a tenth.  Whole-array numpy on the level, no loop per cell.

>>> import numpy as np
>>> from worldgen.core.tiles import T
>>> class L: pass
>>> level = L(); level.tiles = np.full((5, 5), T.grass, np.uint8); level.fire = np.zeros((5, 5), np.uint8)
>>> level.gas, level.changed, level.shape = {}, {}, (5, 5)
>>> ignite(level, 2, 2), int(level.fire[2, 2])
(True, 3)
>>> release(level, "smoke", 2, 2, 800); drift(level); int(level.gas["smoke"][2, 2]) < 800
True
"""

from __future__ import annotations

import numpy as np

from worldgen.core.tiles import TRANSPARENT, T
from worldgen.toolkit import grid

from ..content import GASES, TERRAIN_RULES

__all__ = ["MAX_FIRE", "MAX_GAS", "SMOKE_PER_FIRE", "ignite", "release", "spread_fire", "drift", "set_tile",
           "burnable", "BURNS", "CATCH", "BURNT", "ALLOWED_CHANGES", "hidden_by_smoke", "thick"]

MAX_FIRE = 30  # turns a saved fire may still burn
MAX_GAS = 1000  # the thickest a cloud gets in a cell
SMOKE_PER_FIRE = 120  # smoke a burning cell puts out each turn
FADE = 10  # a cloud loses a tenth of itself each turn (at least 1)

#: ``BURNS[tile]``: turns a fire lasts there (0: nothing burns); ``CATCH``: the
#: chance fire beside it spreads to it in a turn; ``BURNT``: the tile left.
BURNS = np.zeros(256, dtype=np.uint8)
CATCH = np.zeros(256, dtype=np.float64)
BURNT = np.arange(256, dtype=np.uint8)
for _tile, _rule in TERRAIN_RULES.items():
    BURNS[_tile] = _rule.burns
    CATCH[_tile] = _rule.catch
    if _rule.burnt is not None:
        BURNT[_tile] = _rule.burnt

#: The changes play may make to a tile as built: ``{built tile: tiles it may become}``
#: (what a save's ``tiles`` may say; anything else is not read).
ALLOWED_CHANGES: dict[int, frozenset[int]] = {
    T.door: frozenset({T.open_door}),
    T.open_door: frozenset({T.door}),
    T.grass: frozenset({T.ash}),
    T.brush: frozenset({T.grass, T.ash}),
    T.vault_door: frozenset({T.open_door, T.door}),
    T.pedestal: frozenset({T.cage}),
}


def burnable(level) -> np.ndarray:
    """Where a fire can burn on ``level``."""
    return BURNS[level.tiles] > 0


def set_tile(level, x: int, y: int, tile: int) -> None:
    """Play changes the tile at ``(x, y)``: kept in ``level.changed`` (the save
    holds it), the masks follow when the caller refreshes them."""
    flat = int(y * level.shape[1] + x)
    level.tiles[y, x] = tile
    level.changed[flat] = int(tile)


def ignite(level, x: int, y: int) -> bool:
    """Set the cell alight if it can burn and is not burning yet; True if it caught."""
    tile = int(level.tiles[y, x])
    if BURNS[tile] == 0 or level.fire[y, x] > 0:
        return False
    level.fire[y, x] = BURNS[tile]
    return True


def release(level, kind: str, x: int, y: int, amount: int) -> None:
    """``amount`` of gas ``kind`` at ``(x, y)`` (thickness capped at :data:`MAX_GAS`)."""
    field = level.gas.get(kind)
    if field is None:
        field = level.gas[kind] = np.zeros(level.shape, dtype=np.uint16)
    field[y, x] = min(MAX_GAS, int(field[y, x]) + max(0, int(amount)))


def spread_fire(level, rng: np.random.Generator) -> list[tuple[int, int]]:
    """One turn of fire: it spreads, burns down, leaves ash and smoke; returns
    the cells whose tile the fire changed (``(x, y)``)."""
    burning = level.fire > 0
    if not burning.any():
        return []
    near = grid.neighbour_count(burning, 1) > 0
    catch = near & ~burning & (rng.random(level.shape) < CATCH[level.tiles])
    level.fire[catch] = BURNS[level.tiles[catch]]
    ys, xs = np.nonzero(burning)
    for y, x in zip(ys.tolist(), xs.tolist()):
        release(level, "smoke", x, y, SMOKE_PER_FIRE)
    level.fire[burning] -= 1
    out = (level.fire == 0) & burning
    ys, xs = np.nonzero(out & (BURNT[level.tiles] != level.tiles))
    cells = list(zip(xs.tolist(), ys.tolist()))
    for x, y in cells:
        set_tile(level, x, y, int(BURNT[level.tiles[y, x]]))
    return cells


def drift(level) -> None:
    """One turn of every cloud: it spreads to its four open neighbours and fades."""
    if not level.gas:
        return
    open_ = TRANSPARENT[level.tiles] | (level.tiles == T.brush)
    for kind in list(level.gas):
        c = level.gas[kind].astype(np.int32)
        total = 4 * c
        for dy, dx in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            moved = np.roll(c, (dy, dx), axis=(0, 1))
            ok = np.roll(open_, (dy, dx), axis=(0, 1))
            if dy:
                (moved[0 if dy > 0 else -1, :], ok[0 if dy > 0 else -1, :]) = (0, False)
            else:
                (moved[:, 0 if dx > 0 else -1], ok[:, 0 if dx > 0 else -1]) = (0, False)
            total += np.where(ok, moved, c)
        new = total // 8
        new -= np.maximum(1, new // FADE) * (new > 0)
        new[~open_] = 0
        if not new.any():
            del level.gas[kind]
        else:
            level.gas[kind] = np.clip(new, 0, MAX_GAS).astype(np.uint16)


def thick(level, kind: str) -> np.ndarray:
    """Where cloud ``kind`` is thick enough to act (its kind's ``dose``)."""
    field = level.gas.get(kind)
    if field is None:
        return np.zeros(level.shape, dtype=bool)
    return field >= GASES[kind].dose


def hidden_by_smoke(level) -> np.ndarray:
    """Cells whose cloud hides what is behind them."""
    out = np.zeros(level.shape, dtype=bool)
    for kind, gas in GASES.items():
        if gas.hides and kind in level.gas:
            out |= thick(level, kind)
    return out
