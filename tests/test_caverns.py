"""Tests for the ``caverns`` generator (worldgen/generators/caverns/).

The source's criteria as invariants over many seeds and sizes: the start
reaches the exit, nothing reachable is farther than the exit, no unreachable
floor is left, the map edge is wall, extra walls make real loops, spawns sit
on reachable floor away from the start; plus the stages' own rules (submap
borders, gates, the automaton rule) and determinism.
"""

from __future__ import annotations

import hashlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from worldgen.core import registry, seeding
from worldgen.core.registry import Progress, Stage
from worldgen.core.tiles import WALKABLE, T
from worldgen.generators import caverns
from worldgen.toolkit import grid, promises
from worldgen.toolkit.features import FEATURE_TILES

STAGES = ("submaps", "labyrinth", "automata", "connected", "final")


def generate(seed, width=96, height=64, params=None, stage=None):
    return registry.generate("caverns", seed, width, height, params, stage=stage)


def drain(seed, width, height, params=None):
    """Every item the generator yields, previews copied (they are live views)."""
    items = []
    for item in registry.run("caverns", seed, width, height, params):
        if isinstance(item, Progress) and item.preview is not None:
            item = Progress(item.stage, item.done, Stage(item.preview.name, item.preview.data.copy()))
        items.append(item)
    return items


def ref_rule(wall: np.ndarray) -> np.ndarray:
    """The source's rule by explicit offsets (beyond the map: wall)."""
    h, w = wall.shape
    pad = np.ones((h + 4, w + 4), dtype=np.int32)
    pad[2:-2, 2:-2] = wall
    near = sum(pad[2 + dy:2 + dy + h, 2 + dx:2 + dx + w] for dy in (-1, 0, 1) for dx in (-1, 0, 1))
    far = sum(pad[2 + dy:2 + dy + h, 2 + dx:2 + dx + w] for dy in range(-2, 3) for dx in range(-2, 3))
    return (near > 4) | (far < 3)


def gate_pairs(g: caverns.Layout, tiles: np.ndarray) -> np.ndarray:
    """Indices of pairs open on both sides (gates) in a tile map."""
    flat = tiles.ravel()
    return np.flatnonzero((flat[g.cell_a] != T.wall) & (flat[g.cell_b] != T.wall))


def check_final(result, params=None):
    """Every invariant the issue lists, on one finished run."""
    spec = registry.get("caverns")
    p = result.params if params is None else params
    final = result.stages["final"]
    tiles = final.data
    h, w = tiles.shape
    assert tiles.dtype == np.uint8 and (result.width, result.height) == (w, h)
    assert set(np.unique(tiles).tolist()) <= {T.wall, T.floor, T.stairs_up, T.stairs_down, T.trap,
                                              *FEATURE_TILES}
    assert (tiles[grid.border_mask(tiles.shape)] == T.wall).all()
    pts = final.points
    assert pts["start"].shape == (1, 2) and pts["exit"].shape == (1, 2)
    (sx, sy), (ex, ey) = pts["start"][0], pts["exit"][0]
    assert (sx, sy) != (ex, ey)
    assert tiles[sy, sx] == T.stairs_up and tiles[ey, ex] == T.stairs_down
    walk = WALKABLE[tiles]
    dist = grid.walk_distance(walk, [(sy, sx)])        # on foot: the game's movement rule
    assert dist[ey, ex] >= 0, "the exit is reachable from the start"
    assert dist[ey, ex] == dist.max(), "no reachable floor is farther than the exit"
    assert not (walk & (dist < 0)).any(), "no unreachable floor remains"
    assert final.info["exit_distance"] == dist[ey, ex]
    # Spawns: distinct reachable floor cells away from the start, never the exit.
    mon, items = pts["monsters"], pts["items"]
    assert mon.ndim == 2 and mon.shape[1] == 2 and items.ndim == 2 and items.shape[1] == 2
    both = np.concatenate([mon, items])
    if both.size:
        assert len({(int(x), int(y)) for x, y in both}) == len(both)
        d = dist[both[:, 1], both[:, 0]]
        assert (tiles[both[:, 1], both[:, 0]] == T.floor).all()
        assert (d >= max(p.safe_radius, 1)).all()
    far_enough = (dist >= max(p.safe_radius, 1)) & (tiles == T.floor)  # plain floor: no trap, no stairs
    eligible = int(np.count_nonzero(far_enough))
    k_mon = min(int(np.floor(p.monsters * eligible + 0.5)), eligible)
    assert len(mon) == k_mon
    assert len(items) == min(int(np.floor(p.items * eligible + 0.5)), eligible - k_mon)
    assert list(result.stages) == list(STAGES)
    assert spec.stages == STAGES
    assert promises.broken(final, p, "caverns") == {}
    return dist


# -- registration and stages --------------------------------------------------

def test_registered_with_the_issue_sizes():
    spec = registry.get("caverns")
    assert spec.stages == STAGES
    assert spec.default_size == (96, 64)
    assert spec.bench_sizes == ((96, 64), (1000, 1000))
    assert spec.max_size[0] >= 1000 and spec.max_size[1] >= 1000
    assert spec.source == "002_ff8886b5662ccaa9.txt"
    assert {s.name for s in spec.param_specs} >= {"submap", "gate", "loops", "fill", "iterations",
                                                   "monsters", "items", "safe_radius"}


def test_default_run_meets_every_invariant():
    r = generate("Deepisle")
    check_final(r)
    for name in STAGES:
        assert r.stages[name].data.shape == (64, 96) and r.stages[name].data.dtype == np.uint8


def test_stop_at_a_stage():
    r = generate("s", stage="automata")
    assert list(r.stages) == ["submaps", "labyrinth", "automata"]


# -- the invariants over many seeds and sizes ---------------------------------

@settings(max_examples=250, deadline=None)
@given(seed=st.integers(0, 10**9), width=st.integers(16, 90), height=st.integers(16, 70),
       submap=st.integers(6, 24))
def test_invariants_over_seeds_and_sizes(seed, width, height, submap):
    r = generate(seed, width, height, {"submap": submap})
    check_final(r)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), gate=st.sampled_from([0.0, 0.2, 1.0]),
       loops=st.sampled_from([0.0, 0.5, 1.0]), fill=st.sampled_from([0.0, 0.3, 0.45, 0.6, 1.0]),
       iterations=st.sampled_from([0, 1, 7, 100]), safe=st.sampled_from([0, 10, 60]),
       dens=st.sampled_from([0.0, 0.05, 0.25]))
def test_invariants_at_parameter_extremes(seed, gate, loops, fill, iterations, safe, dens):
    params = {"gate": gate, "loops": loops, "fill": fill, "iterations": iterations,
              "safe_radius": safe, "monsters": dens, "items": dens}
    r = generate(seed, 60, 44, params)
    check_final(r)


@pytest.mark.parametrize("size,submap", [
    ((97, 65), 16), ((100, 70), 16), ((50, 37), 16), ((17, 40), 16), ((16, 16), 16),
    ((16, 16), 64), ((16, 16), 6), ((130, 23), 9), ((31, 200), 12), ((250, 181), 16),
])
def test_sizes_that_are_not_multiples_of_the_submap(size, submap):
    width, height = size
    for seed in range(6):
        r = generate(f"size-{seed}", width, height, {"submap": submap})
        check_final(r)


def test_one_submap_maps_are_caves_not_rock():
    floors = []
    for seed in range(60):
        r = generate(f"lone-{seed}", 16, 16, {"submap": 16})
        check_final(r)
        assert r.stages["labyrinth"].info["tree"].shape == (0, 2)
        floors.append(r.stages["final"].info["floor"])
    assert min(floors) >= 14


@pytest.mark.parametrize("width,height,fill", [(40, 40, 0.8), (40, 40, 0.7), (16, 16, 1.0), (90, 20, 1.0),
                                               (20, 90, 0.9)])
def test_a_lone_submap_of_rock_is_a_tunnel_between_its_inner_gates(width, height, fill):
    """Issue 12: ``--width 40 --height 40 --param submap=64 --param fill=0.8`` gave one
    floor tile with start == exit.  The inner gates at the two short sides are held
    open and dug to the carved centre: a playable tunnel across the long side."""
    r = generate("rock", width, height, {"submap": 64, "fill": fill})
    dist = check_final(r)
    gates = caverns.inner_gates(width, height)
    final = r.stages["final"]
    assert WALKABLE[final.data].ravel()[gates].all()
    assert final.info["floor"] >= max(width, height) - 2
    assert final.info["exit_distance"] >= (max(width, height) - 4) // 2
    assert dist.max() == final.info["exit_distance"]


def test_rock_submaps_meet_in_the_middle():
    """With no caves (fill 1) every submap's centre is carved and its gates dig to it."""
    r = generate("rock", 96, 64, {"fill": 1.0, "gate": 0.0})
    check_final(r)
    g = caverns.layout(96, 64, 16)
    assert WALKABLE[r.stages["final"].data].ravel()[g.centres()].all()


def test_big_maps():
    r = generate("big", 1000, 1000)
    dist = check_final(r)
    assert dist.max() > 1000                   # a long way to the exit
    assert r.stages["final"].points["monsters"].shape[0] > 1000
    r = generate("wide", 640, 120, {"submap": 8})
    check_final(r)


# -- layout ------------------------------------------------------------------

@pytest.mark.parametrize("width,height,submap", [(96, 64, 16), (97, 65, 16), (40, 17, 16),
                                                 (16, 16, 64), (123, 77, 7)])
def test_layout_shares_out_the_remainder(width, height, submap):
    g = caverns.layout(width, height, submap)
    for edges, size in ((g.xs, width), (g.ys, height)):
        assert edges[0] == 0 and edges[-1] == size
        spans = np.diff(edges)
        assert spans.min() >= min(submap, size) and spans.max() - spans.min() <= 1
    assert g.sub_of.shape == (height, width)
    # Every pair: two facing border cells, each backed by an interior cell of its submap.
    for cells, inner, subs in ((g.cell_a, g.inner_a, g.a), (g.cell_b, g.inner_b, g.b)):
        assert g.border.ravel()[cells].all()
        assert not g.border.ravel()[inner].any()
        assert (g.sub_of.ravel()[cells] == subs[g.pair_wall]).all()
        assert (g.sub_of.ravel()[inner] == subs[g.pair_wall]).all()
    dy, dx = np.divmod(g.cell_b, width)
    ay, ax = np.divmod(g.cell_a, width)
    assert (np.abs(dy - ay) + np.abs(dx - ax) == 1).all()
    # Corners of a submap are never part of a pair; pair counts are the wall lengths less 2.
    assert (np.bincount(g.pair_wall, minlength=g.a.size) == g.count).all()
    border_total = sum(int(v) for v in g.count)
    assert border_total == (g.nx - 1) * (height - 2 * g.ny) + (g.ny - 1) * (width - 2 * g.nx)


# -- stage rules ----------------------------------------------------------------

def test_submaps_and_labyrinth_stages():
    r = generate("labyrinth", 96, 64)
    g = caverns.layout(96, 64, 16)
    sub = r.stages["submaps"].data
    assert np.array_equal(sub == T.wall, g.border)
    lab = r.stages["labyrinth"].data
    changed = lab != sub
    assert (g.border | ~changed).all(), "the labyrinth only opens border cells"
    info = r.stages["labyrinth"].info
    tree, extra = info["tree"], info["extra"]
    assert len(tree) == g.n_submaps - 1
    # The tree spans every submap without a cycle (union-find over its walls).
    parent = list(range(g.n_submaps))

    def root(i):
        while parent[i] != i:
            i = parent[i]
        return i
    for a, b in tree.tolist():
        ra, rb = root(a), root(b)
        assert ra != rb
        parent[ra] = rb
    assert len({root(i) for i in range(g.n_submaps)}) == 1
    # Every opened wall has a gate; closed walls stay shut.
    gates = gate_pairs(g, lab)
    wall_of = {(int(a), int(b)): e for e, (a, b) in enumerate(zip(g.a, g.b))}
    opened = {wall_of[(a, b)] for a, b in np.concatenate([tree, extra]).tolist()}
    assert set(np.unique(g.pair_wall[gates]).tolist()) == opened
    flat = lab.ravel()
    shut = ~np.isin(g.pair_wall, sorted(opened))
    assert (flat[g.cell_a[shut]] == T.wall).all() and (flat[g.cell_b[shut]] == T.wall).all()
    # loops = 0.1 of the closed walls, rounded up.
    closed = len(g.a) - len(tree)
    assert len(extra) == int(np.ceil(0.1 * closed))


def test_gate_probability_one_opens_every_pair_of_opened_walls():
    r = generate("wide open", 64, 48, {"gate": 1.0, "loops": 0.0})
    g = caverns.layout(64, 48, 16)
    lab = r.stages["labyrinth"].data
    gates = gate_pairs(g, lab)
    per_wall = np.bincount(g.pair_wall[gates], minlength=len(g.a))
    opened = per_wall > 0
    assert opened.sum() == g.n_submaps - 1
    assert (per_wall[opened] == g.count[opened]).all()


def test_gate_probability_zero_still_opens_one_pair_per_wall():
    r = generate("narrow", 96, 64, {"gate": 0.0, "loops": 0.0})
    g = caverns.layout(96, 64, 16)
    gates = gate_pairs(g, r.stages["labyrinth"].data)
    per_wall = np.bincount(g.pair_wall[gates], minlength=len(g.a))
    assert sorted(set(per_wall.tolist())) == [0, 1]
    assert (per_wall == 1).sum() == g.n_submaps - 1
    check_final(r)


def test_automaton_applies_the_source_rule_with_borders_and_gates_fixed():
    for seed in ("ca-1", "ca-2", "ca-3"):
        items = drain(seed, 70, 50, {"iterations": 3})
        g = caverns.layout(70, 50, 16)
        stages = {i.name: i for i in items if isinstance(i, Stage)}
        previews = [i.preview.data for i in items
                    if isinstance(i, Progress) and i.stage == "automata" and i.preview is not None]
        lab = stages["labyrinth"].data
        gates = gate_pairs(g, lab)
        fixed = g.border.copy()
        fixed.ravel()[g.inner_a[gates]] = True
        fixed.ravel()[g.inner_b[gates]] = True
        state = previews[0] == T.wall                       # the random fill
        assert np.array_equal(state[g.border], (lab == T.wall)[g.border])
        assert not state.ravel()[g.inner_a[gates]].any()
        assert len(previews) == 4                            # the fill, then 3 iterations
        for step in previews[1:]:
            expected = np.where(fixed, state, ref_rule(state))
            assert np.array_equal(step == T.wall, expected)
            state = expected
        assert np.array_equal(stages["automata"].data == T.wall, state)
        assert stages["automata"].info["iterations_run"] == 3


def test_automaton_stops_early_only_at_a_fixed_point():
    hits = 0
    for seed in range(40):
        r = generate(f"fix-{seed}", 32, 32, {"fill": 0.9, "iterations": 50, "submap": 8})
        run = r.stages["automata"].info["iterations_run"]
        if run < 50:
            hits += 1
            wall = r.stages["automata"].data == T.wall
            g = caverns.layout(32, 32, 8)
            free = ~g.border & ~_gate_inner(g, r)
            assert np.array_equal(ref_rule(wall)[free], wall[free])
        check_final(r)
    assert hits > 0


def _gate_inner(g, r):
    gates = gate_pairs(g, r.stages["labyrinth"].data)
    mask = np.zeros((g.height, g.width), bool)
    mask.ravel()[g.inner_a[gates]] = True
    mask.ravel()[g.inner_b[gates]] = True
    return mask


def test_automaton_keeps_borders_and_repair_only_digs_interiors():
    for seed in range(10):
        r = generate(f"keep-{seed}", 96, 64)
        g = caverns.layout(96, 64, 16)
        lab, auto = r.stages["labyrinth"].data, r.stages["automata"].data
        conn = r.stages["connected"].data
        assert np.array_equal(lab[g.border], auto[g.border])
        dug = (auto == T.wall) & (conn != T.wall)
        assert not (dug & g.border).any()
        assert r.stages["connected"].info["dug"] == int(dug.sum())
        # Pockets shown in "connected" are exactly what "final" walls up.
        pockets = conn == T.unreachable
        final = r.stages["final"].data
        assert r.stages["connected"].info["pockets"] == int(pockets.sum())
        assert (final[pockets] == T.wall).all()
        assert np.array_equal(final[~pockets] == T.wall, conn[~pockets] == T.wall)


def test_every_submap_gate_joins_its_submap():
    # After repair, all gates of a submap connect inside the submap interior.
    for seed in range(8):
        r = generate(f"join-{seed}", 96, 64, {"fill": 0.55})
        g = caverns.layout(96, 64, 16)
        gates = gate_pairs(g, r.stages["labyrinth"].data)
        floor = (r.stages["connected"].data != T.wall) & ~g.border
        labels, _ = grid.label(floor, 4)
        inner = np.concatenate([g.inner_a[gates], g.inner_b[gates]])
        subs = g.sub_of.ravel()[inner]
        comps = labels.ravel()[inner]
        for s in np.unique(subs):
            assert len(set(comps[subs == s].tolist())) == 1


def test_extra_walls_make_loops():
    """Walling up an extra (non-tree) wall keeps both of its submaps reachable."""
    checked = 0
    for seed in range(12):
        r = generate(f"loop-{seed}", 96, 64, {"loops": 0.3})
        g = caverns.layout(96, 64, 16)
        final = r.stages["final"].data
        (sx, sy), = r.stages["final"].points["start"]
        extra = r.stages["labyrinth"].info["extra"]
        assert len(extra) >= 1
        wall_of = {(int(a), int(b)): e for e, (a, b) in enumerate(zip(g.a, g.b))}
        gates = gate_pairs(g, r.stages["labyrinth"].data)
        for a, b in extra.tolist():
            e = wall_of[(a, b)]
            pairs = gates[g.pair_wall[gates] == e]
            assert pairs.size
            cut = WALKABLE[final].copy()
            cut.ravel()[g.cell_a[g.pair_wall == e]] = False
            cut.ravel()[g.cell_b[g.pair_wall == e]] = False
            dist = grid.distance_map(cut, [(sy, sx)], 4).ravel()
            assert (dist[g.inner_a[pairs]] >= 0).all() and (dist[g.inner_b[pairs]] >= 0).all()
            checked += 1
    assert checked >= 12


def test_no_loops_means_a_tree_of_submaps():
    r = generate("tree", 96, 64, {"loops": 0.0})
    assert len(r.stages["labyrinth"].info["extra"]) == 0
    g = caverns.layout(96, 64, 16)
    gates = gate_pairs(g, r.stages["labyrinth"].data)
    assert np.unique(g.pair_wall[gates]).size == g.n_submaps - 1


def test_spawn_density_and_safe_radius():
    r = generate("spawn", 96, 64, {"monsters": 0.1, "items": 0.05, "safe_radius": 25})
    dist = check_final(r)
    mon = r.stages["final"].points["monsters"]
    assert len(mon) > 50
    assert (dist[mon[:, 1], mon[:, 0]] >= 25).all()
    none = generate("spawn", 96, 64, {"monsters": 0.0, "items": 0.0})
    assert none.stages["final"].points["monsters"].shape == (0, 2)
    assert none.stages["final"].points["items"].shape == (0, 2)


def test_start_lies_in_the_start_submap():
    for seed in range(20):
        r = generate(f"start-{seed}", 96, 64)
        g = caverns.layout(96, 64, 16)
        (sx, sy), = r.stages["final"].points["start"]
        assert g.sub_of[sy, sx] == r.stages["labyrinth"].info["start_submap"]


def test_exit_is_far_on_average():
    # The exit is the farthest cell, so it is well beyond a random floor cell.
    ratios = []
    for seed in range(10):
        r = generate(f"far-{seed}", 96, 64)
        dist = check_final(r)
        ratios.append(dist.max() / max(np.median(dist[dist >= 0]), 1))
    assert min(ratios) > 1.3


# -- progress ----------------------------------------------------------------

def test_progress_animates_every_automaton_iteration():
    items = drain("anim", 96, 64)
    kinds = [(type(i).__name__, i.name if isinstance(i, Stage) else i.stage) for i in items]
    stage_order = [name for kind, name in kinds if kind == "Stage"]
    assert stage_order == list(STAGES)
    ca = [i for i in items if isinstance(i, Progress) and i.stage == "automata"]
    run = [i for i in items if isinstance(i, Stage) and i.name == "automata"][0].info["iterations_run"]
    assert len(ca) == run + 1 or len(ca) == run        # the fill, then one per changing iteration
    assert all(i.preview.data.shape == (64, 96) and i.preview.data.dtype == np.uint8 for i in ca)
    assert [i.done for i in ca] == sorted(i.done for i in ca)
    # Progress of a stage comes before that stage and never after it.
    seen = set()
    for kind, name in kinds:
        if kind == "Stage":
            seen.add(name)
        else:
            assert name not in seen


def test_big_map_yields_often():
    """At 1000x1000 every long loop yields (the work between yields is bounded by counts)."""
    per_stage = {name: 0 for name in STAGES}
    for item in registry.run("caverns", "often", 1000, 1000):
        if isinstance(item, Progress):
            per_stage[item.stage] += 1
            if item.stage != "submaps":          # nothing is drawn before the layout exists
                assert item.preview is not None and item.preview.data.shape == (1000, 1000)
    assert per_stage["labyrinth"] >= 3           # Prim's loop, in chunks of heap pops
    assert per_stage["automata"] >= 50           # every iteration
    assert per_stage["connected"] >= 12          # groups of submap rows, slices of the final walk


# -- determinism -----------------------------------------------------------------

def test_same_seed_same_bytes_other_seed_other_map():
    a = generate("same", 80, 60)
    b = generate("same", 80, 60)
    c = generate("other", 80, 60)
    for name in STAGES:
        assert a.stages[name].data.tobytes() == b.stages[name].data.tobytes()
    for key in ("start", "exit", "monsters", "items"):
        assert np.array_equal(a.stages["final"].points[key], b.stages["final"].points[key])
    assert a.stages["final"].data.tobytes() != c.stages["final"].data.tobytes()
    assert generate(seeding.seed_from_text("x") % 7, 80, 60).stages["final"].data.shape == (60, 80)


def test_changing_loops_keeps_the_tree_and_gates():
    a = generate("steps", 96, 64, {"loops": 0.0})
    b = generate("steps", 96, 64, {"loops": 0.5})
    assert np.array_equal(a.stages["labyrinth"].info["tree"], b.stages["labyrinth"].info["tree"])
    g = caverns.layout(96, 64, 16)
    ga = gate_pairs(g, a.stages["labyrinth"].data)
    gb = gate_pairs(g, b.stages["labyrinth"].data)
    assert set(ga.tolist()) <= set(gb.tolist())


def points_digest(points) -> str:
    h = hashlib.sha256()
    for name in sorted(points):
        h.update(name.encode())
        h.update(np.asarray(points[name], dtype=np.int64).tobytes())
    return h.hexdigest()[:16]


# Golden digests: sha256 of the final tile bytes, and the first 16 hex digits of
# a sha256 over the final points (name, then int64 [x, y] bytes, names sorted).
# If a deliberate change to the generator alters them, regenerate with
#   .venv/bin/python -c "import hashlib; from worldgen.core.registry import generate; \
#   print(hashlib.sha256(generate('caverns', 'golden', 96, 64).last.data.tobytes()).hexdigest())"
# (likewise for the other rows; points_digest(...) for the points) and say why in the commit.
GOLDEN = [
    ("golden", 96, 64, {},
     "4841d3619be4919daae3ab3d2577b25b2f3e4698745eab3708e4a2aa482dfbf2", "e37eabb4a9608f08"),
    ("Deepisle", 150, 97, {"submap": 12},
     "05f41cb4c38a873e005c41dda0c244efc68d50efcdd973e73a1f0a959461eb9e", "843671daa5238ee4"),
    ("7", 40, 33, {"gate": 0.5, "loops": 1.0},
     "381016411577aa7d9d48c181bbec37178c556a837afac5640f08087a53abf12e", "7a517cfae245d4bc"),
    # every kind of terrain (each pool inside one submap, doors on their borders) and vaults
    ("dressed", 75, 53, {"lakes": 4, "chasms": 4, "meadows": 4, "doors": 5, "vaults": 3, "features": 2},
     "a249860ba5b10ecfd830e0444885ef6fb32b70a7b05185ebad64c571e91fa4e0", "44d68b209791e7b9"),
]


@pytest.mark.parametrize("seed,width,height,params,digest,points", GOLDEN)
def test_golden_digests(seed, width, height, params, digest, points):
    final = generate(seed, width, height, params).stages["final"]
    assert hashlib.sha256(final.data.tobytes()).hexdigest() == digest
    assert points_digest(final.points) == points


@pytest.mark.parametrize("width, height, cells", [(21, 20, [(10, 1), (10, 19)]), (20, 20, [(10, 1), (10, 18)]),
                                                  (20, 21, [(1, 10), (19, 10)])])
def test_a_lone_submaps_inner_gates_sit_mid_way_along_its_short_sides_a_square_ones_left_and_right(width, height,
                                                                                                   cells):
    from worldgen.generators.caverns.layout import inner_gates
    assert [tuple(divmod(int(i), width)) for i in inner_gates(width, height)] == cells


@pytest.mark.parametrize("spare, split", [(0, False), (1, False), (-1, True)])
def test_caverns_of_exactly_a_quarter_scan_run_their_whole_map_steps_unsplit(monkeypatch, spare, split):
    """A quarter of the scan's cells set to exactly a 48x32 map's: its events are those of the
    usual small map; one cell under it, the whole-map steps are split by more events."""
    from worldgen.generators.caverns import generator as caverns_generator

    def events():
        return [(i.stage, round(i.done, 6)) for i in registry.run("caverns", "paced", 48, 32) if isinstance(i, Progress)]

    usual = events()
    monkeypatch.setattr(caverns_generator, "_SCAN_CELLS", 4 * (48 * 32 + spare))
    got = events()
    assert (got != usual) == split
    assert len(got) > len(usual) if split else got == usual


# -- pacing: what a big map does differently (events only, never the map) ----------

#: Terrain of every kind and vaults: every part of "connected" and "final" has work to do.
DRESSED = {"lakes": 3, "chasms": 3, "meadows": 3, "doors": 5, "vaults": 2, "iterations": 5}
#: Counts per step small enough that a 96x64 map takes every split a big map takes: a big
#: pace (_SCAN_CELLS // 4 < 6144), several scan slices, tree chunks, generation bands and walk slices.
BIG_PACE = {"_SCAN_CELLS": 1000, "_OPEN_WALLS": 4, "_GENERATION_CELLS": 2048, "_WALK_WORK": 1000}


def paced(monkeypatch, counts):
    from worldgen.generators.caverns import generator as caverns_generator
    for name, value in counts.items():
        monkeypatch.setattr(caverns_generator, name, value)


def events(seed, width, height, params):
    """``(stage, done, preview name)`` of every Progress of a run."""
    return [(i.stage, round(i.done, 9), None if i.preview is None else i.preview.name)
            for i in registry.run("caverns", seed, width, height, params) if isinstance(i, Progress)]


def stage_outputs(result):
    """Every stage's tiles, points and info (arrays as lists), for comparing whole runs."""
    def plain(value):
        if isinstance(value, dict):
            return {k: plain(v) for k, v in value.items()}
        if isinstance(value, list):
            return [plain(v) for v in value]
        return value.tolist() if isinstance(value, np.ndarray) else value
    return {name: (s.data.tobytes(), plain(s.points), plain(s.info)) for name, s in result.stages.items()}


def test_big_map_pacing_splits_the_work_but_never_changes_the_map(monkeypatch):
    """Scan slices, tree chunks, generation bands and walk slices are where a big map yields:
    the same run cut that way gives the same tiles, points and info (the floor count summed
    slice by slice, the spawn cells gathered slice by slice), only more events."""
    usual = generate("paced", 96, 64, DRESSED)
    usual_events = events("paced", 96, 64, DRESSED)
    paced(monkeypatch, BIG_PACE)
    assert stage_outputs(generate("paced", 96, 64, DRESSED)) == stage_outputs(usual)
    assert len(events("paced", 96, 64, DRESSED)) > len(usual_events)


# The event trace of a run, first 16 hex digits of sha256(repr(events(...))). After a deliberate
# change to the pacing, print them with the same monkeypatch and say why in the commit.
PACED_EVENTS = [
    ("small", 96, 64, {"_OPEN_WALLS": 4, "_WALK_WORK": 1000}, "ea30cb6d1013cfd6"),   # a small map ignores _OPEN_WALLS
    ("big", 96, 64, BIG_PACE, "f147d9501690257b"),
    ("pair", 32, 16, {}, "db7715e17ed7e009"),                                        # two submaps: a tree of one wall
    ("groups", 96, 64, {"_GROUP_CELLS": 96 * 16}, "2dc223cc14778fda"),                                # four groups of submap rows
]


@pytest.mark.parametrize("seed,width,height,counts,digest", PACED_EVENTS)
def test_progress_events_are_the_same_for_the_same_run(monkeypatch, seed, width, height, counts, digest):
    """Every event's stage, fraction and preview, pinned: each stage's events run from 0 to 1
    and show that stage's map."""
    paced(monkeypatch, counts)
    got = events(seed, width, height, DRESSED)
    assert all(0.0 <= done <= 1.0 for stage, done, shown in got)
    assert all(shown == (None if stage == "submaps" else stage) for stage, done, shown in got)
    assert hashlib.sha256(repr(got).encode()).hexdigest()[:16] == digest


# -- what each stage reports ----------------------------------------------------------

def test_each_group_of_submap_rows_digs_its_own_and_the_start_lies_in_its_group(monkeypatch):
    """Submap rows joined a group at a time (one submap row each here): the digs of every
    group add up in ``dug``, and the start, found in a later group, is placed in that group's rows."""
    paced(monkeypatch, {"_GROUP_CELLS": 96 * 16})
    later = 0
    for seed in range(6):
        r = generate(f"groups-{seed}", 96, 64, {"fill": 0.55})
        check_final(r)
        g = caverns.layout(96, 64, 16)
        auto, conn = r.stages["automata"].data, r.stages["connected"].data
        dug = (auto == T.wall) & (conn != T.wall)
        assert r.stages["connected"].info["dug"] == r.stages["final"].info["dug"] == int(dug.sum())
        assert len(set(np.flatnonzero(dug.any(axis=1)) // 16)) > 1      # digs in more than one group
        (sx, sy), = r.stages["final"].points["start"]
        start_sub = r.stages["labyrinth"].info["start_submap"]
        assert g.sub_of[sy, sx] == start_sub
        later += start_sub >= g.nx
    assert later > 0


@pytest.mark.parametrize("width,height", [(32, 16), (16, 32), (40, 18)])
def test_two_submaps_hold_the_cells_behind_their_gates_not_a_lone_submaps_inner_gates(width, height):
    """Two submaps are a labyrinth like any other: all rock (fill 1), the cell behind each
    side of every gate stays floor through the automaton, and the cells a lone submap would
    hold mid-way along its short sides do not."""
    r = generate("two", width, height, {"fill": 1.0, "iterations": 4})
    g = caverns.layout(width, height, 16)
    assert g.n_submaps == 2
    gates = gate_pairs(g, r.stages["labyrinth"].data)
    auto = r.stages["automata"].data.ravel()
    assert gates.size and (auto[g.inner_a[gates]] == T.floor).all() and (auto[g.inner_b[gates]] == T.floor).all()
    lone = caverns.inner_gates(width, height)
    assert not np.isin(lone, np.concatenate([g.inner_a[gates], g.inner_b[gates]])).all()
    assert (auto[lone] == T.wall).any()


def test_no_iterations_runs_none_and_says_so():
    r = generate("still", 60, 44, {"iterations": 0})
    assert r.stages["automata"].info["iterations_run"] == 0
    assert r.stages["final"].info["iterations_run"] == 0
    check_final(r)


def test_the_stages_report_their_layout_start_digs_and_vaults():
    r = generate("report", 100, 70, DRESSED)
    assert r.stages["submaps"].info == {"nx": 6, "ny": 4, "xs": [0, 16, 33, 50, 66, 83, 100],
                                        "ys": [0, 17, 35, 52, 70]}
    conn, final = r.stages["connected"], r.stages["final"]
    assert np.array_equal(conn.points["start"], final.points["start"])
    assert final.info["dug"] == conn.info["dug"]
    assert final.info["iterations_run"] == r.stages["automata"].info["iterations_run"] == 5
    assert len(final.info["vaults"]) >= 1
    assert [v["design"] for v in final.info["vaults"]] and all("box" in v for v in final.info["vaults"])


def test_final_floor_counts_the_cells_reachable_on_foot_past_no_feature_or_pool():
    """``floor`` is the walk's world: cells reached from the start over walkable tiles that
    are no feature (a trap, a statue) and no pool; pockets and features are not counted."""
    open_tiles = WALKABLE & ~np.isin(np.arange(len(WALKABLE)), FEATURE_TILES)
    pockets = traps = 0
    for seed in range(4):
        r = generate(f"floor-{seed}", 96, 64, {"lakes": 2, "meadows": 2, "features": 4})
        conn = r.stages["connected"]
        (sx, sy), = conn.points["start"]
        reached = grid.walk_distance(open_tiles[conn.data], [(sy, sx)]) >= 0
        assert r.stages["final"].info["floor"] == int(reached.sum())
        pockets += conn.info["pockets"]
        traps += int((conn.data == T.trap).sum())
    assert pockets > 0 and traps > 0


def test_doors_close_gates_on_submap_borders_and_are_counted():
    r = generate("doors", 96, 64, {"doors": 10, "gate": 0.0})
    conn = r.stages["connected"].data
    doors = conn == T.door
    assert r.stages["final"].info["terrain"]["doors"] == int(doors.sum()) > 3
    assert caverns.layout(96, 64, 16).border[doors].all()


@pytest.mark.parametrize("seed,width,height,blocking,lakes,chasms", [(56, 41, 33, 169, 12, 0), (0, 75, 53, 497, 26, 3)])
def test_blocking_pools_stop_once_they_cover_an_eighth_of_the_map(seed, width, height, blocking, lakes, chasms):
    """Lakes and chasms (asked for by the hundred) may block an eighth of the map's tiles: 41x33
    is 1353, so 169.  Seed 56's lakes cover exactly 169, and no chasm is laid after them (a cap
    of 169.125 would lay one).  A pool begun under the cap may end past it: at 75x53 (3975 tiles,
    cap 496) the third chasm ends at 497 (a cap of a ninth, 441, stops before any chasm)."""
    final = generate(seed, width, height, {"lakes": 10, "chasms": 10}).stages["final"]
    assert int(np.isin(final.data, [T.deep_water, T.chasm]).sum()) == blocking
    assert (final.info["terrain"]["lake"], final.info["terrain"]["chasm"]) == (lakes, chasms)


# -- layout: the spanning tree and the submap ids ---------------------------------------

@pytest.mark.parametrize("width,height,submap", [(96, 64, 16), (130, 23, 9), (16, 16, 16)])
def test_the_spanning_tree_returns_the_walls_of_its_last_round(width, height, submap):
    from worldgen.core.steps import finish
    from worldgen.generators.caverns.layout import spanning_tree
    g = caverns.layout(width, height, submap)
    rank = np.random.default_rng(3).permutation(g.a.size)
    rounds = list(spanning_tree(g, rank))
    tree = finish(spanning_tree(g, rank))
    assert tree.dtype == np.int64 and tree.size == g.n_submaps - 1
    assert np.array_equal(tree, rounds[-1] if rounds else np.zeros(0, np.int64))


def test_submap_ids_are_int32_row_by_row_and_whole():
    g = caverns.layout(50, 37, 16)
    assert g.sub_of.dtype == np.int32 and g.submaps_of_rows(20, 37).dtype == np.int32
    assert g.submaps_of_rows(20, 37).tolist()[0][::16] == [3, 4, 4, 5]
    assert np.array_equal(g.sub_of[20:], g.submaps_of_rows(20, 37))
