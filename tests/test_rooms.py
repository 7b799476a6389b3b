"""Tests for the Brogue-style accretion generator ``rooms`` (worldgen/generators/rooms/)."""

from __future__ import annotations

import hashlib
import json
from types import SimpleNamespace

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from legal import bare, legal_request
from worldgen.core import registry, seeding
from worldgen.core.registry import Progress, Stage
from worldgen.core.steps import finish
from worldgen.core.tiles import T, WALKABLE
from worldgen.generators import rooms
from worldgen.generators.rooms import KINDS, dead_end_mask, door_ok
from worldgen.generators.rooms.doors import finish_doors, lay_door, lay_doors
from worldgen.generators.rooms.stairs import farthest, pick_farthest, pick_stair
from worldgen.toolkit import grid
from worldgen.toolkit.bitgrid import BitGrid
from worldgen.toolkit.features import FEATURE_TILES

DOORS = (T.door, T.secret_door)


def stages(seed, width=79, height=29, params=None):
    return registry.generate("rooms", seed, width, height, params).stages


def footprints(rooms_info, shape):
    """How many recorded rooms claim each cell (decoded from the row bitmasks)."""
    count = np.zeros(shape, dtype=np.int32)
    for room in rooms_info:
        x, y, w, h = room["x"], room["y"], room["w"], room["h"]
        rows = np.array(room["mask"], dtype=np.int64)
        assert rows.shape == (h,)
        cells = ((rows[:, None] >> np.arange(w, dtype=np.int64)) & 1).astype(bool)
        assert cells[0].any() and cells[-1].any() and cells[:, 0].any() and cells[:, -1].any(), \
            "the box is the footprint's bounding box"
        count[y:y + h, x:x + w] += cells
    return count


def min_floor(width, height):
    """The floor every legal request gets (docs/generators/rooms.md: promises)."""
    return MIN_FLOOR_FRACTION * (width - 2) * (height - 2)


MIN_FLOOR_FRACTION = 0.1


def check_final(s, width, height, params=None):
    """Every invariant the issue lists, on one run's stages."""
    p = registry.get("rooms").make_params(params)
    final = s["final"]
    tiles = final.data
    assert tiles.shape == (height, width) and tiles.dtype == np.uint8
    walk = WALKABLE[tiles]
    # The map edge is wall.
    assert (tiles[grid.border_mask(tiles.shape)] == T.wall).all()
    # One connected floor region (4-connectivity: no diagonal squeezing).
    _, count = grid.label(walk, 4)
    assert count == 1
    # Stairs: one each, where the points say, far apart, everything reachable from the up stairs.
    (sx, sy), = final.points["start"].tolist()
    (ex, ey), = final.points["exit"].tolist()
    assert tiles[sy, sx] == T.stairs_up and tiles[ey, ex] == T.stairs_down
    assert np.count_nonzero(tiles == T.stairs_up) == 1 and np.count_nonzero(tiles == T.stairs_down) == 1
    assert (sx, sy) != (ex, ey)
    dist = grid.walk_distance(walk, [(sy, sx)])  # on foot: the game's 8-way steps
    assert (dist[walk] >= 0).all()
    # The exit is as far on foot as any plain floor cell; among the cells that far,
    # inside a room (8 walkable neighbours) where one is, else off any dead end.
    floor = np.isin(tiles, (T.floor, T.stairs_up, T.stairs_down))
    inside = floor & (grid.neighbour_count(walk) == 8)
    open_floor = floor & ~dead_end_mask(walk)
    far = dist[floor].max()
    assert dist[ey, ex] == far > 0
    best = next(m for m in (inside, open_floor, floor) if (m & (dist == far)).any())
    assert best[ey, ex]
    # Enough floor to play on.
    assert np.count_nonzero(walk) >= min_floor(width, height)
    # Doors: well formed (floor on two opposite sides, wall on the other two), and listed.
    dy, dx = np.nonzero(np.isin(tiles, DOORS))
    for y, x in zip(dy.tolist(), dx.tolist()):
        assert door_ok(walk, y, x), (x, y)
    listed = {(x, y): secret for x, y, secret in final.info["doors"]}
    assert set(listed) == set(zip(dx.tolist(), dy.tolist()))
    for (x, y), secret in listed.items():
        assert secret == (tiles[y, x] == T.secret_door)
    # Rooms never overlap, stay inside the edge, and have known kinds.
    claims = footprints(final.info["rooms"], tiles.shape)
    assert claims.max() <= 1
    assert not claims[grid.border_mask(tiles.shape)].any()
    assert {room["kind"] for room in final.info["rooms"]} <= set(KINDS)
    # Spawn points: on plain floor, distinct, away from the start.
    spots = np.concatenate([final.points["monsters"], final.points["items"]]).reshape(-1, 2)
    assert len({tuple(v) for v in spots.tolist()}) == len(spots)
    if len(spots):
        assert (tiles[spots[:, 1], spots[:, 0]] == T.floor).all()
        assert (dist[spots[:, 1], spots[:, 0]] >= p.safe_radius).all()
    # The room and door lists are plain JSON.
    json.dumps(final.info)
    return tiles


# --------------------------------------------------------------------------- the generator


def test_registered_with_the_issue_sizes_and_stages():
    spec = registry.get("rooms")
    assert spec.stages == ("rooms", "doors", "dead_ends", "loops", "final")
    assert spec.default_size == (79, 29)
    assert spec.bench_sizes == ((79, 29), (200, 200))
    assert spec.min_size == (20, 12) and spec.max_size == (400, 400)
    assert spec.make_params().shifts == 4


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_promises_at_every_legal_setting(data):
    """Any legal size and every parameter drawn from the table: the map keeps its promises."""
    spec = registry.get("rooms")
    seed, width, height, params = data.draw(legal_request(spec), label="request")
    params = bare(params)
    s = stages(seed, width, height, params)
    tiles = check_final(s, width, height, params)
    if params["dead_end_keep"] == 0.0:
        walk = WALKABLE[tiles]
        dead = dead_end_mask(walk)
        # None left, unless filling the last ones would break the floor promise.
        assert not dead.any() or np.count_nonzero(walk & ~dead) < min_floor(width, height)


def test_a_corridor_map_keeps_its_last_stubs_rather_than_drop_under_the_floor_promise():
    """First found by the property test (65x13, all corridors: filling every
    dead end left 69 tiles where 10% of the interior is 69.3); this request,
    found by a search over seeds with the same parameters, does the same to
    today's maps: 40x12, filling every dead end would leave fewer than 38."""
    params = {"room_attempts": 4, "shifts": 0, "corridor_chance": 0.9999999999999999, "cave_chance": 0.0,
              "fuse_chance": 0.0, "door_chance": 0.0, "secret_chance": 0.0, "dead_end_keep": 0.0,
              "loops": 0.0, "loop_distance": 4, "monster_density": 0.0, "item_density": 0.0,
              "safe_radius": 0, "features": 0.0}
    s = stages("stubs-89", 40, 12, params)
    tiles = check_final(s, 40, 12, params)
    walk = WALKABLE[tiles]
    assert dead_end_mask(walk).any()  # the last pass stayed ...
    assert np.count_nonzero(walk & ~dead_end_mask(walk)) < min_floor(40, 12)  # ... because it had to


@pytest.mark.parametrize("seed, width", [("sp-125", 20), ("sp-172", 20), ("sp-127", 30), ("sp-155", 20)])
def test_walling_in_orphaned_doors_keeps_the_floor_promise(seed, width):
    """Found by the rooms-build review: corridor-only maps with doors, where
    dead-end filling stopped at the floor promise and then walling in the doors
    it orphaned took the floor one or a few tiles under it (17 where 18 are
    promised at 20x12).  Those doors become doorways on the kept stub."""
    params = {"room_attempts": 4, "shifts": 0, "corridor_chance": 0.9999999999999999, "cave_chance": 0.0,
              "fuse_chance": 0.0, "dead_end_keep": 0.0}
    s = stages(seed, width, 12, params)
    for name in ("dead_ends", "loops", "final"):
        assert np.count_nonzero(WALKABLE[s[name].data]) >= min_floor(width, 12), name
    check_final(s, width, 12, params)


@pytest.mark.parametrize("seed", [f"default-{i}" for i in range(60)])
def test_default_size_with_no_dead_ends_kept(seed):
    params = {"dead_end_keep": 0.0}
    tiles = check_final(stages(seed, params=params), 79, 29, params)
    assert not dead_end_mask(WALKABLE[tiles]).any()
    # Fills the map like Brogue's levels do, not a small blob in the middle.
    assert np.count_nonzero(WALKABLE[tiles]) > 0.3 * tiles.size


@pytest.mark.parametrize("size", [(200, 200), (150, 40), (40, 150), (20, 12)])
def test_larger_and_extreme_sizes(size):
    w, h = size
    for seed in ("big-a", "big-b"):
        tiles = check_final(stages(seed, w, h, {"dead_end_keep": 0.0}), w, h)
        assert not dead_end_mask(WALKABLE[tiles]).any()


def test_max_size_runs():
    check_final(stages("max", 400, 400), 400, 400)


def test_every_stage_keeps_the_edge_and_shape():
    s = stages("stages")
    assert list(s) == list(registry.get("rooms").stages)
    for stage in s.values():
        assert stage.data.shape == (29, 79) and stage.data.dtype == np.uint8
        assert (stage.data[grid.border_mask(stage.data.shape)] == T.wall).all()
    # Joins are plain floor in ``rooms``; doors appear in ``doors``.
    assert not np.isin(s["rooms"].data, DOORS).any()
    assert np.isin(s["doors"].data, DOORS).any()
    # Every door of the doors stage sits where the rooms stage had a join.
    joined = np.isin(s["doors"].data, DOORS)
    assert (s["rooms"].data[joined] == T.floor).all()


def test_recorded_rooms_are_the_carved_floor():
    for i in range(20):
        s = stages(f"carved-{i}")
        claims = footprints(s["final"].info["rooms"], (29, 79))
        carved = s["rooms"].data == T.floor
        assert (carved[claims > 0]).all()  # every recorded cell was dug
        # Dug floor outside any room is a join, or a wall opened to fix a diagonal squeeze.
        assert np.count_nonzero(carved & (claims == 0)) <= s["rooms"].info["joins"] + 8
        for room in s["final"].info["rooms"]:
            if room["kind"] == "corridor_h":
                assert room["h"] == 1
            if room["kind"] == "corridor_v":
                assert room["w"] == 1
            if room["kind"] in ("corridor_nwse", "corridor_nesw"):
                assert room["w"] > 1 and room["h"] > 1
                rows = room["mask"]
                first, last = rows[0], rows[-1]
                if room["kind"] == "corridor_nwse":  # from the top-left corner to the bottom-right
                    assert first & 1 and last >> (room["w"] - 1) & 1
                else:
                    assert first >> (room["w"] - 1) & 1 and last & 1


def test_doors_stage_doors_are_well_formed_before_dead_ends():
    for i in range(30):
        tiles = stages(f"doors-{i}")["doors"].data
        walk = WALKABLE[tiles]
        for y, x in np.argwhere(np.isin(tiles, DOORS)).tolist():
            assert door_ok(walk, y, x)


def test_dead_end_stage_fills_only_and_orphans_no_doors():
    for i in range(30):
        s = stages(f"dead-{i}", params={"dead_end_keep": 0.0})
        before, after = WALKABLE[s["doors"].data], WALKABLE[s["dead_ends"].data]
        assert not (after & ~before).any()  # only fills
        assert not dead_end_mask(after).any()
        for y, x in np.argwhere(np.isin(s["dead_ends"].data, DOORS)).tolist():
            assert door_ok(after, y, x)


def test_dead_end_keep_fraction():
    s = stages("keep-all", params={"dead_end_keep": 1.0})
    assert np.array_equal(WALKABLE[s["doors"].data], WALKABLE[s["dead_ends"].data])
    kept = sum(np.count_nonzero(dead_end_mask(WALKABLE[stages(f"k{i}", params={"dead_end_keep": 0.5})
                                                     ["final"].data])) for i in range(10))
    assert kept > 0


def test_rooms_stage_previews_step_through_rooms():
    spec = registry.get("rooms")
    it = spec.run(seeding.seed_from_text("preview"), 79, 29, spec.make_params())
    previews, floors, last = 0, [], -1.0
    for item in it:
        if isinstance(item, Progress) and item.stage == "rooms":
            assert last <= item.done <= 1.0
            last = item.done
            if item.preview is None:  # a run of misfits hands control back without a picture
                continue
            assert isinstance(item.preview, Stage) and item.preview.data.dtype == np.uint8
            floors.append(int(np.count_nonzero(item.preview.data == T.floor)))
            previews += 1
        elif isinstance(item, Stage) and item.name == "final":
            n_rooms = len(item.info["rooms"])
    assert previews == n_rooms  # the first room, then one preview per room added
    assert all(a < b for a, b in zip(floors, floors[1:]))  # each step adds floor


def test_loops_open_only_walls_between_far_apart_areas():
    checked = 0
    for i in range(12):
        s = stages(f"loops-{i}", params={"loops": 8.0, "loop_distance": 25})
        before, after = WALKABLE[s["dead_ends"].data], WALKABLE[s["loops"].data]
        new = np.argwhere(after & ~before)
        # final keeps every loop (only features, which stand on interior floor, block a cell)
        assert np.array_equal(WALKABLE[s["final"].data] | np.isin(s["final"].data, FEATURE_TILES), after)
        assert len(new) == s["loops"].info["loops"] == s["final"].info["loops"]
        for y, x in new.tolist():
            if before[y, x - 1] and before[y, x + 1]:
                a, b = (y, x - 1), (y, x + 1)
            else:
                a, b = (y - 1, x), (y + 1, x)
            assert before[a] and before[b]
            assert grid.walk_distance(before, [a])[b] >= 25
            checked += 1
    assert checked > 20


def test_features_stand_on_interior_floor_of_the_loops_map():
    for i in range(10):
        s = stages(f"dressed-{i}")
        placed = np.isin(s["final"].data, FEATURE_TILES)
        assert placed.any()
        assert grid.erode(s["loops"].data == T.floor)[placed].all()
        assert (s["loops"].data[s["final"].data == T.trap] == T.floor).all()


def test_loops_zero_changes_nothing():
    s = stages("no-loops", params={"loops": 0.0})
    assert np.array_equal(s["dead_ends"].data, s["loops"].data)
    assert s["final"].info["loops"] == 0


def test_door_and_secret_chances():
    s = stages("all-secret", params={"secret_chance": 1.0, "door_chance": 1.0})
    tiles = s["final"].data
    assert np.count_nonzero(tiles == T.secret_door) > 5 and not (tiles == T.door).any()
    assert all(secret for _, _, secret in s["final"].info["doors"])
    s = stages("no-doors", params={"door_chance": 0.0})
    assert not np.isin(s["final"].data, DOORS).any() and s["final"].info["doors"] == []
    check_final(s, 79, 29)


def test_every_room_kind_appears():
    seen = set()
    for i in range(25):
        seen |= {room["kind"] for room in stages(f"kinds-{i}")["final"].info["rooms"]}
    assert seen == set(KINDS)


def test_shifts_and_fuse_extremes_still_valid():
    for params in ({"shifts": 0}, {"shifts": 16}, {"fuse_chance": 1.0}, {"fuse_chance": 0.0},
                   {"corridor_chance": 1.0}, {"corridor_chance": 0.0, "cave_chance": 1.0},
                   {"room_attempts": 4}, {"room_attempts": 200}):
        for seed in ("x1", "x2", "x3"):
            check_final(stages(seed, 60, 30, params), 60, 30, params)


def test_spawn_density():
    none = stages("dense", params={"monster_density": 0.0, "item_density": 0.0})["final"]
    assert none.points["monsters"].shape == (0, 2) and none.points["items"].shape == (0, 2)
    some = stages("dense", params={"monster_density": 0.05, "item_density": 0.02})["final"]
    n_floor = np.count_nonzero(some.data == T.floor)
    assert len(some.points["monsters"]) == int(n_floor * 0.05 + 0.5)
    assert len(some.points["items"]) == int(n_floor * 0.02 + 0.5)
    # many spawn points (over SAMPLE_IN_PYTHON) are drawn another way, with the same promises
    params = {"monster_density": 0.4, "item_density": 0.3, "safe_radius": 2}
    dense = stages("dense", params=params)
    check_final(dense, 79, 29, params)
    n_floor = np.count_nonzero(dense["final"].data == T.floor)
    assert len(dense["final"].points["monsters"]) == int(n_floor * 0.4 + 0.5) > 256


# --------------------------------------------------------------------------- determinism


def test_same_seed_same_bytes_other_seed_other_map():
    a, b, c = stages("same"), stages("same"), stages("other")
    for name in a:
        assert a[name].data.tobytes() == b[name].data.tobytes()
    assert a["final"].info == b["final"].info
    for name in a:
        assert {k: v.tolist() for k, v in a[name].points.items()} == \
               {k: v.tolist() for k, v in b[name].points.items()}
    assert a["final"].data.tobytes() != c["final"].data.tobytes()


# sha256 of the final tile bytes.  They change whenever the generator's output
# changes on purpose; regenerate with
#   python -c "import hashlib; from worldgen.core.registry import generate as g; \
#   print(hashlib.sha256(g('rooms', 'Deepisle', 79, 29).last.data.tobytes()).hexdigest())"
# (and the other pairs below) and paste the new values.
GOLDEN = {
    ("Deepisle", 79, 29): "bec70b78fdcd614a78c33cb987d301f8add7d381affb3d39b0f7a0fb98ca1ac4",
    ("brogue", 120, 50): "0f5eaebf1876f2983328ca94eb98f838249df41777e36a47f69feefc644c49c8",
    ("7", 200, 200): "eeb076ded2b9ea7df7b5125f9f4676d771d5b4ee57835fa725722f4e994d465e",
}


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_golden_digests(key):
    seed, w, h = key
    digest = hashlib.sha256(registry.generate("rooms", seed, w, h).last.data.tobytes()).hexdigest()
    assert digest == GOLDEN[key]


# ---- stairs.py's mutation survivors ----
# A corridor of five cells (BitGrid(5, 1), every cell walkable): its breadth-first
# levels from cell 2 are {2}, {1, 3}, {0, 4}; from cell 0 they are {0}, {1}, ..., {4}.

ROW = BitGrid(5, 1)


def row_levels(source):
    """The breadth-first levels of the five-cell corridor from ``source``."""
    return finish(ROW.levels(ROW.all, 1 << source))


def test_row_levels_are_the_corridor_s_levels():
    assert row_levels(2) == [0b00100, 0b01010, 0b10001]
    assert row_levels(0) == [1 << k for k in range(5)]


def test_stairs_on_a_tie_take_the_first_farthest_cell_in_row_major_order():
    """Cells 0 and 4 are both two steps from cell 2: the first (0) wins, in each picker."""
    levels = row_levels(2)
    assert farthest(levels, ROW.all) == 0
    assert pick_stair((ROW.all,), levels) == 0          # no exclude: nothing dropped, not even cell 0
    assert pick_farthest((ROW.all,), levels) == 0       # exclude may be left out
    assert pick_farthest((0, ROW.all), levels) == 0


def test_the_exit_is_never_the_excluded_cell():
    """The farthest cell excluded (the up stairs), the exit is the next farthest; excluding
    one of a tie leaves the other."""
    assert pick_farthest((ROW.all,), row_levels(0), exclude=4) == 3
    assert pick_farthest((ROW.all,), row_levels(2), exclude=0) == 4
    assert pick_farthest((ROW.all,), row_levels(2), exclude=4) == 0


def test_the_exit_s_level_is_chosen_by_the_widest_mask_alone():
    """``pick_farthest`` takes the farthest level holding a cell of ``masks[-1]``; a narrower
    mask only ranks the cells of that level (cell 4 of the first mask is farther, on a level
    with no cell of the last)."""
    levels = row_levels(0)
    assert pick_farthest((1 << 4, 1 << 1 | 1 << 3), levels) == 3
    assert pick_farthest((1 << 3, 1 << 1 | 1 << 3 | 1 << 4), levels) == 4  # distance before kind
    assert pick_farthest((1 << 3 | 1 << 4, ROW.all), levels) == 4


@pytest.mark.parametrize("pick", [pick_stair, pick_farthest])
def test_stairs_with_every_mask_empty_go_on_the_farthest_walkable_cell(pick):
    """No cell of any kind (besides the excluded one): the farthest cell the search reached
    besides ``exclude``; on a one-cell map, the excluded cell itself (both stairs on it)."""
    assert pick((0, 0), row_levels(0), exclude=4) == 3
    assert pick((1 << 4,), row_levels(0), exclude=4) == 3
    assert pick((0,), row_levels(0)) == 4
    assert pick((0,), row_levels(2), exclude=0) == 4
    assert pick((1,), [1], exclude=0) == 0


# ---- doors.py's mutation survivors ----


def rolls(*values):
    """A stand-in for :class:`Draw` whose ``u()`` returns ``values`` in turn."""
    return SimpleNamespace(u=iter(values).__next__)


@pytest.mark.parametrize("chance", [0.0, 0.5])
def test_a_roll_equal_to_the_door_chance_lays_an_open_doorway(chance):
    """A door when the roll is below ``door_chance`` (so a chance of 0 never lays one, even on
    a roll of 0.0): a roll of exactly the chance is a miss."""
    p = registry.get("rooms").make_params({"door_chance": chance, "secret_chance": 0.5})
    tiles = np.full((3, 3), T.wall, dtype=np.uint8)
    assert lay_door(tiles, 1, 1, rolls(chance), p) is False and tiles[1, 1] == T.floor
    tiles[1, 1] = T.wall
    assert lay_doors(tiles, [(1, 1)], rolls(chance), p) == [] and tiles[1, 1] == T.floor
    below = np.nextafter(chance, -1.0)
    if chance > 0.0:
        assert lay_door(tiles, 1, 1, rolls(below, 0.9), p) is True and tiles[1, 1] == T.door
        assert lay_doors(tiles, [(1, 1)], rolls(below, 0.9), p) == [(1, 1)] and tiles[1, 1] == T.door


@pytest.mark.parametrize("chance", [0.0, 0.5])
def test_a_roll_equal_to_the_secret_chance_lays_a_plain_door(chance):
    p = registry.get("rooms").make_params({"door_chance": 1.0, "secret_chance": chance})
    tiles = np.full((3, 3), T.wall, dtype=np.uint8)
    assert lay_door(tiles, 1, 1, rolls(0.0, chance), p) is True and tiles[1, 1] == T.door
    assert lay_doors(tiles, [(1, 1)], rolls(0.0, chance), p) == [(1, 1)] and tiles[1, 1] == T.door
    if chance > 0.0:
        below = np.nextafter(chance, -1.0)
        assert lay_door(tiles, 1, 1, rolls(0.0, below), p) is True and tiles[1, 1] == T.secret_door
        tiles[1, 1] = T.wall
        assert lay_doors(tiles, [(1, 1)], rolls(0.0, below), p) == [(1, 1)] and tiles[1, 1] == T.secret_door


def test_finish_doors_without_a_floor_promise_walls_in_even_the_last_walkable_cell():
    """``least`` defaults to 0 (no promise): a door walled in on every side becomes wall even
    when it is the map's only walkable cell."""
    tiles = np.full((3, 3), T.wall, dtype=np.uint8)
    tiles[1, 1] = T.door
    g = BitGrid(3, 3)
    assert finish_doors(tiles, g, 1 << 4, [(1, 1)]) == (0, [], 0)
    assert tiles[1, 1] == T.wall


# ---- generator.py's mutation survivors: _final ----
# The final stage's info, points and events pinned exactly; the branches no
# default run takes (pools, vaults, a walk cut in two) run on their own.


def final_digest(final):
    """sha256 of a final stage's tiles, points and info (the info as sorted JSON)."""
    h = hashlib.sha256(final.data.tobytes())
    h.update(json.dumps({k: v.tolist() for k, v in sorted(final.points.items())}).encode())
    h.update(json.dumps(final.info, sort_keys=True).encode())
    return h.hexdigest()


def final_events(params, slice_cells, monkeypatch):
    """The events between the loops stage and the final stage of seed "fin" at 79x29, as
    ``(stage, done)``, with a search slice of ``slice_cells`` cell-steps."""
    monkeypatch.setattr(rooms.generator, "SEARCH_SLICE", slice_cells)
    spec = registry.get("rooms")
    events, on = [], False
    for item in spec.run(seeding.seed_from_text("fin"), 79, 29, spec.make_params(params)):
        if isinstance(item, Stage):
            on = item.name == "loops"
        elif on:
            events.append(item if item is None else (item.stage, item.done))
    return events


def test_the_final_stage_s_info_at_the_defaults():
    """Every key of the info with its exact value (floor_fraction: the walkable share of the
    whole map, to four places)."""
    final = stages("fin")["final"]
    info = final.info
    assert sorted(info) == ["doors", "features", "floor_fraction", "loops", "rooms", "terrain", "traps", "vaults"]
    assert info["floor_fraction"] == round(np.count_nonzero(WALKABLE[final.data]) / final.data.size, 4) == 0.4339
    assert (len(info["rooms"]), len(info["doors"]), info["loops"], info["features"], info["traps"]) == (41, 35, 6, 2, 3)
    assert info["terrain"] == {"lake": 0, "chasm": 0, "meadow": 0, "bridges": 0}
    assert info["vaults"] == []


# sha256 of final_digest(stages(seed, 79, 29, params)["final"]); reprint with
#   python -c "import sys; sys.path.insert(0, 'tests'); import test_rooms as t; \
#   print(t.final_digest(t.stages('fin', params={...})['final']))"
FINAL_DIGESTS = {
    # pools laid: the walk and the stairs' and spawns' floor narrowed to open, plain cells
    "pools": ({"lakes": 2.0, "chasms": 1.0, "meadows": 2.0, "features": 3.0},
              "79a14de6a2b9c6b7a4f6045fae58470723960c4fb98a675d83acee510d7afe3f"),
    # the features parameter passed on (1.0, the default, is also place_bits' own default)
    "features": ({"features": 3.0}, "2aacf13a985b916fe5cdd111c397d4434217e83cfacaaa881cac1a5a888a64aa"),
    # vaults carved from the stream seeded "vaults", their records in the info and points
    "vaults": ({"vaults": 2.0}, "32e6b320365b0b41b3ab9cd255b29763a1c4952e064e7be59e9e31ac822d0e6f"),
}


@pytest.mark.parametrize("name", sorted(FINAL_DIGESTS))
def test_final_stage_digests(name):
    params, digest = FINAL_DIGESTS[name]
    assert final_digest(stages("fin", params=params)["final"]) == digest


def test_the_final_stage_s_events_follow_its_work(monkeypatch):
    """0.25 after the features, 0.5 after each slice of the search from the stairs up (a
    slice of 8 map-fulls of cell-steps is 8 levels; the exit is 93 steps away: 11 slices
    done), 0.7 after the stairs, 0.75 after the spawns, 0.75 after each vault design tried
    (one), and 0.75 + 0.25 j / rooms before the records of rooms j on (one block: 41 rooms)."""
    events = final_events({"vaults": 1.0}, 8 * 79 * 29, monkeypatch)
    assert events == [("final", 0.25)] + [("final", 0.5)] * 11 + [("final", 0.7), ("final", 0.75),
                                                                  ("final", 0.75), ("final", 0.75)]


GLYPHS = {"#": T.wall, ".": T.floor, "+": T.door, "'": T.secret_door, "<": T.stairs_up, ">": T.stairs_down}


def final_of(rows, up, params):
    """The final stage run alone on a literal map: walkable cells as the walk, its doors
    listed, ``up`` ``(y, x)`` the stairs up, no rooms recorded, 3 loops."""
    tiles = np.array([[GLYPHS[c] for c in row] for row in rows], dtype=np.uint8)
    h, w = tiles.shape
    g = BitGrid.of(w, h)
    doors = [tuple(c) for c in np.argwhere(np.isin(tiles, DOORS)).tolist()]
    b = SimpleNamespace(tiles=tiles, r=rooms.draw.Draw(np.random.default_rng(0)), seed=0,
                        kinds=[], corners=[], stamps=[])
    p = registry.get("rooms").make_params(params)
    out = list(rooms.generator._final(b, g, g.from_mask(WALKABLE[tiles]), doors,
                                g.from_indices(y * w + x for y, x in doors), up[0] * w + up[1], 3, p, []))
    assert isinstance(out[-1], Stage) and out[-1].name == "final"
    return out[-1]


def drawn(tiles):
    """Tiles as the rows of GLYPHS' characters."""
    return ["".join(next(c for c, t in GLYPHS.items() if t == v) for v in row) for row in tiles.tolist()]


def test_a_walk_cut_in_two_at_the_final_stage_walls_in_the_part_the_stairs_up_cannot_reach():
    """Cannot happen by construction (the features never cut a walk), and the promise is
    kept if it did: the cells the search from the stairs up never reached become wall,
    their doors leave the list, no spawn point lands there, the floor share counts the
    rest.  Every floor cell is a spawn point here (densities 0.5 + 0.5, no safe radius)."""
    rows = ["##########",
            "#...#....#",
            "#...+....#",
            "#...#.##.#",
            "#####.##'#",   # a kept door with wall east and west
            "#.+.#.##.#",   # cut off: a door between two floor cells
            "##########"]
    final = final_of(rows, (1, 1), {"features": 0.0, "monster_density": 0.5, "item_density": 0.5,
                                    "safe_radius": 0})
    assert drawn(final.data) == ["##########",
                                 "#<..#....#",
                                 "#...+....#",
                                 "#...#.##.#",
                                 "#####.##'#",
                                 "#####.##>#",
                                 "##########"]
    assert final.info["doors"] == [(4, 2, False), (8, 4, True)]
    assert final.info["floor_fraction"] == round(24 / 70, 4)
    spawns = np.concatenate([final.points["monsters"], final.points["items"]]).tolist()
    floor = np.argwhere(final.data == T.floor)[:, ::-1].tolist()
    assert len(spawns) == len(floor) == 20 and sorted(spawns) == sorted(floor)


def test_the_exit_never_lands_on_the_stairs_up_even_with_no_other_floor():
    """The exit is picked with the stairs up excluded: on a map whose only other walkable
    cell is a door, it goes on the door."""
    final = final_of(["####", "#.+#", "####"], (1, 1), {"features": 0.0})
    assert drawn(final.data) == ["####", "#<>#", "####"]
    assert final.points["start"].tolist() == [[1, 1]] and final.points["exit"].tolist() == [[2, 1]]
