"""The caverns generator as the list of its stages: submaps, labyrinth,
automata, connected, final (the package doc says what each does).

One :class:`_Cave` holds a run: the layout, the tiles every stage draws on
(each stage's live preview) and what a stage hands to the next; each stage is
one method, paced by :class:`~worldgen.core.pacing.Pace`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from worldgen.core import seeding
from worldgen.core.pacing import Pace, row_bands
from worldgen.core.registry import DUNGEON_POINTS, GeneratorSpec, LiveStage, Stage, param, register
from worldgen.core.tiles import WALKABLE
from worldgen.core.tiles import T
from worldgen.toolkit import cavejoin, features, grid, promises, terrain, vaults
from worldgen.toolkit.automaton import CaveAutomaton
from .layout import Gates, inner_gates, layout, spanning_tree
from .work import plan, work

__all__ = ["CavernParams", "run", "SPEC"]


@dataclass(frozen=True)
class CavernParams:
    submap: int = param(16, 6, 64, "submap edge length in tiles (remainders are shared out)")
    gate: float = param(0.2, 0.0, 1.0, "chance that a cell pair across an opened wall opens on both sides")
    loops: float = param(0.1, 0.0, 1.0, "fraction of the walls left closed by the labyrinth opened as loops")
    fill: float = param(0.45, 0.0, 1.0, "initial wall chance inside each submap")
    iterations: int = param(100, 0, 400, "automaton iterations (stops early at a fixed point)")
    monsters: float = param(0.02, 0.0, 0.25, "monster spawn points per eligible floor tile")
    items: float = param(0.01, 0.0, 0.25, "item spawn points per eligible floor tile")
    safe_radius: int = param(10, 0, 200, "no spawn point within this many steps of the start"
                                         " (on foot, 8-way like the exit)")
    features: float = features.density_param()
    lakes: float = terrain.amount_param("lakes (deep water ringed by shallows), each inside one submap")
    chasms: float = terrain.amount_param("chasms, each inside one submap")
    meadows: float = terrain.amount_param("meadows of brush and grass, each inside one submap")
    doors: float = terrain.amount_param("doors at one-cell gates on the submaps' borders")
    vaults: float = vaults.count_param()


# Work per yield at the largest sizes: bounded by counts, never by time.
_GROUP_CELLS = 1 << 17       # cells of submap rows joined (or filled) between progress events
_SCAN_CELLS = 1 << 20        # cells of a whole-map pass between progress events (big maps)
_OPEN_WALLS = 1 << 12        # labyrinth walls opened between progress events (big maps)
_WALK_WORK = 1 << 17         # work units of the walk from the start between progress events (2 ms at 2000x2000)
_GENERATION_CELLS = 1 << 21  # cells of one automaton generation between progress events (big maps: 6 ms at 2000x2000 whole)
_FLOOR, _WALL = np.uint8(T.floor), np.uint8(T.wall)
#: ``_OPEN[tile]``: whether the measured walk may cross it (features and pools block it).
_OPEN = WALKABLE & ~features.IS_FEATURE[:len(WALKABLE)]


def run(seed: int, width: int, height: int, p: CavernParams):
    """Yield the caverns stages (see the package docstring)."""
    cave = _Cave(seed, width, height, p)
    yield from cave.submaps()
    yield from cave.labyrinth()
    yield from cave.automata()
    yield from cave.connected()
    yield from cave.final()


class _Cave:
    """One run of the generator.  ``tiles`` is the map every stage draws on in
    place (the live preview of each stage's events); ``wall`` (walls of the
    labyrinth) and ``fixed`` (cells the automaton holds) live from the
    labyrinth until they are used up, and are dropped then (big maps: each is
    a byte per cell)."""

    def __init__(self, seed: int, width: int, height: int, p: CavernParams) -> None:
        self.seed, self.p = seed, p
        self.plan = plan(width, height, p)   # the work budget's cuts (worldgen.core.work)
        self.g = layout(width, height, p.submap)
        self.pace = Pace(big=width * height > _SCAN_CELLS // 4)   # split whole-map steps from 512x512 up

    def at(self, stage: str) -> Pace:
        """The pace of ``stage``, its events showing the tiles being drawn."""
        return self.pace.at(stage, Stage(stage, self.tiles))

    # -- submaps: every submap empty, its four borders walled.
    def submaps(self):
        g = self.g
        yield from self.pace.at("submaps").pause(0.5)   # nothing drawn yet
        self.wall = g.border.copy()
        self.tiles = np.add(self.wall.view(np.uint8), _FLOOR)   # T.wall = T.floor + 1
        yield Stage("submaps", self.tiles.copy(), info={"nx": g.nx, "ny": g.ny, "xs": g.xs.tolist(),
                                                        "ys": g.ys.tolist()})

    # -- labyrinth over submaps: a spanning tree of opened walls, then loops.
    def labyrinth(self):
        g, p, pace = self.g, self.p, self.at("labyrinth")
        if pace.big:
            _ = g.pair_b                     # the cell pairs of every wall: a step of their own
        yield from pace.pause()
        gates = Gates(g, p.gate, self.seed)
        yield pace.event()
        start_sub = int(seeding.rng(self.seed, "start submap").integers(g.n_submaps))
        tree = yield from self._open_tree(gates, pace)
        closed = np.ones(g.a.size, dtype=bool)
        closed[tree] = False
        closed = np.flatnonzero(closed)
        n_extra = int(np.ceil(p.loops * closed.size)) if p.loops > 0 else 0
        extra = np.sort(closed[seeding.rng(self.seed, "loops").permutation(closed.size)[:n_extra]])
        gates.open(extra, self.wall.ravel(), self.tiles.ravel(), _FLOOR)
        yield from pace.pause(0.95)
        opened = np.zeros(g.a.size, dtype=bool)
        opened[tree] = True
        opened[extra] = True
        gate_inner = gates.inner_cells(opened) if g.n_submaps > 1 else inner_gates(g.width, g.height)
        self.fixed = g.border.copy()         # borders and gate inner cells
        self.fixed.ravel()[gate_inner] = True
        self.start_sub = start_sub
        yield Stage("labyrinth", self.tiles.copy(),
                    info={"start_submap": start_sub,
                          "tree": np.stack([g.a[tree], g.b[tree]], 1).reshape(-1, 2),
                          "extra": np.stack([g.a[extra], g.b[extra]], 1).reshape(-1, 2)})

    def _open_tree(self, gates: Gates, pace: Pace):
        """Open the spanning tree's walls round by round (in chunks on big maps); returns the tree."""
        g = self.g
        per_event = _OPEN_WALLS if pace.big else g.a.size
        n = max(g.n_submaps - 1, 1)
        tree, shown = np.zeros(0, dtype=np.int64), 0
        for tree in spanning_tree(g, seeding.rng(self.seed, "labyrinth").permutation(g.a.size)):
            yield from pace.pause(0.9 * shown / n)       # a round's search, then its walls
            for c0 in range(shown, tree.size, per_event):
                gates.open(tree[c0:c0 + per_event], self.wall.ravel(), self.tiles.ravel(), _FLOOR)
                yield pace.event(0.9 * min(tree.size, c0 + per_event) / n)
            shown = tree.size
        return tree

    # -- automata: random fill, then the source's rule over the whole map.
    def automata(self):
        p, h, w, pace = self.p, self.g.height, self.g.width, self.at("automata")
        iterations = self.plan.iterations
        fixed_wall = self.fixed & self.wall  # gate inner cells are floor, held so
        del self.wall
        yield from pace.pause()
        ca = CaveAutomaton((h, w))
        yield from pace.pause()
        fill = seeding.rng(self.seed, "fill")
        for y0, y1 in row_bands(h, w, _GROUP_CELLS):   # one stream: bands draw what one call would
            free = ~self.fixed[y0:y1]
            init = fill.random((y1 - y0, w)) < p.fill
            init &= free
            init |= fixed_wall[y0:y1]
            ca.set_rows(y0, init, free, fixed_wall[y0:y1])
            if y1 < h:
                yield pace.event()
        del fixed_wall, init, free
        # Each iteration shown as it runs, painted only when someone looks.
        steps = pace.at("automata", LiveStage("automata", lambda: (ca.show(), ca.shown)[1]))
        yield steps.event()
        self.iterations_run = 0
        bands = pace.bands(h, w, _GENERATION_CELLS)   # a big map's generation in bands, a step each
        for it in range(iterations):
            self.iterations_run = it + 1
            for y0, y1 in bands:
                ca.step_rows(y0, y1)
                if y1 < h:
                    yield steps.event(it / iterations)
            if not ca.commit():
                break                        # a fixed point: later iterations change nothing
            if ca.cycle:                     # two states in turn from here: the last is known
                if (iterations - self.iterations_run) % 2:
                    ca.undo()
                self.iterations_run = iterations
                break
            yield steps.event(self.iterations_run / iterations)
        ca.show()
        self.floor = ca.floor_mask()
        self.tiles[...] = ca.shown
        yield Stage("automata", self.tiles.copy(), info={"iterations_run": self.iterations_run})

    # -- connected: every submap's gates joined, the map dressed, pockets found.
    def connected(self):
        pace = self.at("connected")
        dug, start = yield from self._join_gates(pace)
        h, w = self.tiles.shape
        sy, sx = divmod(start, w)
        keep = np.zeros((h, w), dtype=bool)  # (features can lengthen a walk: dressed before measuring)
        keep[sy, sx] = True
        self.terrain = yield from self._terrain(keep, pace)
        self.dressed = yield from features.place(self.tiles, self.seed, keep, self.p.features, "connected",
                                                 pace.preview)
        n_floor = 0
        for y0, y1 in row_bands(h, w, _SCAN_CELLS):       # features and pools block the way
            rows = slice(y0, y1)
            self.floor[rows] &= np.take(_OPEN, self.tiles[rows])   # (np.take: half the time of [])
            n_floor += int(np.count_nonzero(self.floor[rows]))
            yield pace.event(0.5)
        self.dist = yield from pace.relay(grid.distance_map_steps(self.floor, [(sy, sx)], grid.WALK, _WALK_WORK),
                                          lambda reached: 0.5 + 0.5 * reached / n_floor)
        self.pockets = np.flatnonzero(self.floor & (self.dist < 0))     # few cells: kept as indices
        del self.floor
        yield from pace.pause(1.0)
        self.tiles.ravel()[self.pockets] = T.unreachable
        self.start, self.dug, self.n_floor = start, dug, n_floor - int(self.pockets.size)
        yield Stage("connected", self.tiles.copy(), points={"start": grid.flat_to_points([start], w)},
                    info={"dug": dug, "pockets": int(self.pockets.size)})

    def _terrain(self, keep: np.ndarray, pace: Pace):
        """Pools and doors (:mod:`worldgen.toolkit.terrain`), after the source's
        "for each submap, we will fill it": each pool lies inside one submap,
        and doors close one-cell gates on the submaps' borders.  ``info`` holds the counts."""
        g = self.g
        rng = seeding.rng(self.seed, "terrain")

        def submap(y0, y1, x0, x1, cy, cx):
            return (g.row_of[y0:y1, None] == g.row_of[cy]) & (g.col_of[None, x0:x1] == g.col_of[cx])

        info = yield from terrain.pools(self.tiles, rng, self.plan.pools, keep, submap, 8, g.width * g.height // 8,
                                        "connected", pace.preview)
        info["doors"] = terrain.doors(self.tiles, rng, self.plan.doors, keep, lambda y, x: bool(g.border[y, x]))
        yield pace.event(0.25)
        return info

    def _join_gates(self, pace: Pace):
        """Join every submap's gates to its anchor, a group of submap rows at a
        time (:mod:`worldgen.toolkit.cavejoin`): ``(cells dug, start cell)``."""
        g, w = self.g, self.g.width
        dug, start = 0, -1
        groups = cavejoin.row_groups(g, _GROUP_CELLS)
        for k, (y0, y1) in enumerate(groups):
            gate_inner = np.flatnonzero(np.greater(self.fixed[y0:y1], g.border[y0:y1]))   # sorted, relative
            shown = pace.event(0.5 * (k + 0.5) / len(groups))
            dug_cells, anchor_cells = yield from cavejoin.join_rows_steps(
                self.floor[y0:y1], g, y0, y1, gate_inner, seeding.rng(self.seed, "dig", k), self.start_sub,
                lambda: shown)
            dug += dug_cells.size
            if anchor_cells is not None:
                # The start: a random cell of the start submap's anchor component.
                pick = seeding.rng(self.seed, "start cell").integers(anchor_cells.size)
                start = int(anchor_cells[pick]) + y0 * w
            self.tiles.ravel()[dug_cells + y0 * w] = _FLOOR
            yield pace.event(0.5 * (k + 1) / len(groups))
        del self.fixed
        return dug, start

    # -- final: pockets walled up, stairs at the start and the farthest cell, spawn points.
    def final(self):
        pace, p, w = self.at("final"), self.p, self.g.width
        flat = self.tiles.ravel()
        flat[self.pockets] = _WALL
        del self.pockets
        ey, ex = grid.farthest_cell(self.dist)
        flat[self.start] = T.stairs_up
        flat[ey * w + ex] = T.stairs_down
        yield pace.event(0.3)
        eligible = yield from self._spawn_cells(pace)
        k_mon = int(np.floor(p.monsters * eligible.size + 0.5))
        k_item = int(np.floor(p.items * eligible.size + 0.5))
        chosen = eligible[grid.distinct_indices(seeding.rng(self.seed, "spawns"), eligible.size, k_mon + k_item)]
        del eligible
        yield from pace.pause(0.8)
        rng = seeding.rng(self.seed, "vaults")
        carved = yield from pace.relay(
            vaults.carve_steps(self.tiles, rng, vaults.pick_designs(rng, p.vaults)), lambda done: 0.8 + 0.1 * done)
        points = {"start": grid.flat_to_points([self.start], w), "exit": grid.flat_to_points([ey * w + ex], w),
                  "monsters": grid.flat_to_points(np.sort(chosen[:k_mon]), w),
                  "items": grid.flat_to_points(np.sort(chosen[k_mon:]), w), **vaults.points_of(carved)}
        yield Stage("final", self.tiles, points=points,
                    info={"exit_distance": int(self.dist[ey, ex]), "floor": self.n_floor, "dug": self.dug,
                          "iterations_run": self.iterations_run, **self.dressed, "terrain": self.terrain,
                          "vaults": carved})

    def _spawn_cells(self, pace: Pace):
        """Plain floor cells at least ``safe_radius`` steps from the start (flat,
        ascending), found a slice of the map at a time."""
        flat_dist, flat = self.dist.ravel(), self.tiles.ravel()
        eligible, n = np.empty(self.n_floor, dtype=np.intp), 0     # filled slice by slice (reachable floor at most)
        for c0 in range(0, flat_dist.size, _SCAN_CELLS):
            ok = flat_dist[c0:c0 + _SCAN_CELLS] >= max(self.p.safe_radius, 1)
            ok &= flat[c0:c0 + _SCAN_CELLS] == T.floor   # plain floor: not a trap, not the stairs
            part = np.flatnonzero(ok)
            np.add(part, c0, out=eligible[n:n + part.size])
            n += part.size
            yield pace.event(0.3 + 0.3 * min(1.0, (c0 + _SCAN_CELLS) / flat_dist.size))
        return eligible[:n]


SPEC = register(GeneratorSpec(
    name="caverns",
    title="Caverns",
    summary="a labyrinth of submaps grown into caves by cellular automata; the exit is the farthest"
            " cell on foot (8-way)",
    stages=("submaps", "labyrinth", "automata", "connected", "final"),
    params=CavernParams,
    run=run,
    default_size=(96, 64),
    min_size=(16, 16),
    max_size=(2000, 2000),
    bench_sizes=((96, 64), (1000, 1000)),
    source="002_ff8886b5662ccaa9.txt",
    kind="dungeon",
    work=work,
    points=DUNGEON_POINTS + vaults.POINTS,
    promises=promises.DUNGEON,
    terrains=(T.mountain, T.hills),
    colour=(120, 100, 90),
))
