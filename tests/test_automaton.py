"""Tests for the caverns' cellular automaton (worldgen/toolkit/automaton.py).

Each generation must equal the source's rule written out by explicit offsets
(beyond the map: wall), with fixed cells held, at any width (the frame is
rounded up to 8 columns) and any number of generations; a step at a fixed
point reports it and changes nothing.
"""

from __future__ import annotations

import numpy as np
import pytest

from worldgen.core.tiles import T
from worldgen.toolkit import automaton
from worldgen.toolkit.automaton import CaveAutomaton

from test_caverns import ref_rule  # the source's rule by explicit offsets


def case(h: int, w: int, seed: int, fill: float = 0.45, fixed_share: float = 0.2):
    rng = np.random.default_rng(seed)
    fixed = rng.random((h, w)) < fixed_share
    fixed_wall = fixed & (rng.random((h, w)) < 0.7)
    wall = ((rng.random((h, w)) < fill) & ~fixed) | fixed_wall
    return wall, ~fixed, fixed_wall


@pytest.mark.parametrize("h,w", [(1, 1), (3, 7), (16, 16), (21, 33), (40, 9), (64, 101)])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_each_generation_is_the_rule_with_fixed_cells_held(h, w, seed):
    wall, free, fixed_wall = case(h, w, seed)
    ca = CaveAutomaton((h, w))
    ca.set_rows(0, wall, free, fixed_wall)
    assert np.array_equal(ca.wall_mask(), wall)
    for _ in range(6):
        expect = (ref_rule(wall) & free) | fixed_wall
        changed = ca.step()
        assert changed == (not np.array_equal(expect, wall))
        wall = expect
        assert np.array_equal(ca.wall_mask(), wall)
        assert np.array_equal(ca.floor_mask(), ~wall)


@pytest.mark.parametrize("fill", [0.0, 0.05, 0.6, 1.0])
def test_extreme_fills_follow_the_rule(fill):
    wall, free, fixed_wall = case(30, 45, 7, fill=fill, fixed_share=0.05)
    ca = CaveAutomaton(wall.shape)
    ca.set_rows(0, wall, free, fixed_wall)
    for _ in range(3):
        wall = (ref_rule(wall) & free) | fixed_wall
        ca.step()
        assert np.array_equal(ca.wall_mask(), wall)


def test_set_rows_in_chunks_equals_one_call():
    wall, free, fixed_wall = case(25, 19, 3)
    one, parts = CaveAutomaton(wall.shape), CaveAutomaton(wall.shape)
    one.set_rows(0, wall, free, fixed_wall)
    for y0 in range(0, 25, 4):
        parts.set_rows(y0, wall[y0:y0 + 4], free[y0:y0 + 4], fixed_wall[y0:y0 + 4])
    one.step(), parts.step()
    assert np.array_equal(one.wall_mask(), parts.wall_mask())


def test_a_fixed_point_is_reported_and_left_alone():
    h, w = 30, 30
    wall = np.ones((h, w), dtype=bool)
    wall[2:28, 2:28] = False                    # an open hall: settles in a few steps
    free = np.ones((h, w), dtype=bool)
    ca = CaveAutomaton((h, w))
    ca.set_rows(0, wall)
    assert any(not ca.step() for _ in range(20))
    settled = ca.wall_mask()
    assert np.array_equal((ref_rule(settled) & free), settled)
    assert ca.step() is False
    assert np.array_equal(ca.wall_mask(), settled)


def test_the_change_test_finds_a_change_in_any_block(monkeypatch):
    monkeypatch.setattr(automaton, "_CHECK_WORDS", 2)   # blocks of 16 cells
    h, w = 30, 30
    free = np.ones((h, w), dtype=bool)
    for y, x in [(0, 0), (15, 15), (29, 29), (29, 0)]:
        wall = np.ones((h, w), dtype=bool)
        wall[2:28, 2:28] = False
        ca = CaveAutomaton((h, w))
        ca.set_rows(0, wall, free)
        assert any(not ca.step() for _ in range(20))
        settled = ca.wall_mask()
        settled[y, x] = not settled[y, x]       # one cell off the fixed point
        ca.set_rows(0, settled)
        expect = ref_rule(settled)
        assert ca.step() == (not np.array_equal(expect, settled))
        assert np.array_equal(ca.wall_mask(), expect)


def test_shown_tiles_follow_the_state():
    wall, free, fixed_wall = case(9, 14, 5)
    ca = CaveAutomaton(wall.shape)
    ca.set_rows(0, wall, free, fixed_wall)
    ca.show()
    assert np.array_equal(ca.shown, np.where(wall, T.wall, T.floor))
    ca.step()
    ca.show()
    assert np.array_equal(ca.shown, np.where(ca.wall_mask(), T.wall, T.floor))
    assert ca.shown.dtype == np.uint8


def test_fixed_wall_counts_only_outside_free():
    """``fixed_wall`` is read on the cells that are not free; on free cells the rule decides."""
    wall, free, _ = case(24, 31, 5)
    everywhere = np.ones_like(wall)
    start = wall | ~free                     # held cells start as wall, as fixed_wall says
    ca = CaveAutomaton(wall.shape)
    ca.set_rows(0, start, free, everywhere)
    state = start
    for _ in range(3):
        state = np.where(free, ref_rule(state), True)
        ca.step()
        assert np.array_equal(ca.wall_mask(), state)


@pytest.mark.parametrize("h,w", [(1, 1), (5, 3), (21, 33), (64, 101)])
@pytest.mark.parametrize("cuts", [(1,), (2, 3), (0.5,), (0.25, 0.5, 0.75)])
def test_a_generation_in_bands_of_rows_is_the_whole_generation(h, w, cuts):
    """Bands of any height (down to one row, in any number) make the same
    states, generation after generation, as whole steps do."""
    wall, free, fixed_wall = case(h, w, h * w)
    whole, banded = CaveAutomaton((h, w)), CaveAutomaton((h, w))
    for ca in (whole, banded):
        ca.set_rows(0, wall, free, fixed_wall)
    rows = sorted({min(h, int(c * h) if isinstance(c, float) else c) for c in cuts} - {0, h})
    edges = [0, *rows, h]
    for _ in range(8):
        changed = whole.step()
        for y0, y1 in zip(edges, edges[1:]):
            banded.step_rows(y0, y1)
        assert banded.commit() == changed
        assert np.array_equal(banded.wall_mask(), whole.wall_mask())
        assert np.array_equal(banded.states[banded.cur], whole.states[whole.cur])


def test_a_two_state_cycle_is_reported_when_it_closes_and_undo_goes_back_one_generation():
    """A sparse field that settles into two states in turn (seed 4: from its
    13th generation) is reported as a cycle exactly at the generations that
    repeat the one two back; undo gives the state before, which the next
    generation makes again."""
    h, w = 16, 16
    ca = CaveAutomaton((h, w))
    ca.set_rows(0, case(h, w, 4, fill=0.2, fixed_share=0.0)[0])
    states, cycles = [ca.wall_mask()], []
    for _ in range(40):
        if not ca.step():
            break
        states.append(ca.wall_mask())
        cycles.append(ca.cycle)
    for i, cycle in enumerate(cycles, start=1):   # states[i] came from step i
        assert cycle == (i >= 2 and np.array_equal(states[i], states[i - 2]))
    assert any(cycles) and not all(cycles)
    if any(cycles):
        ca.undo()
        assert np.array_equal(ca.wall_mask(), states[-2])
        ca.step()
        assert np.array_equal(ca.wall_mask(), states[-1])


@pytest.mark.parametrize("iterations", [40, 41, 400, 399])
def test_caverns_that_fall_into_a_two_state_cycle_end_as_the_full_run_would(monkeypatch, iterations):
    """Small submaps settle into two states in turn within a few generations;
    the loop stops there with the state of the last iteration (either
    parity), the same map as running every generation."""
    from worldgen.core import registry
    values = {"submap": 6, "fill": 0.2, "iterations": iterations}
    short = registry.generate("caverns", "cycle", 120, 90, values)
    commit = CaveAutomaton.commit

    def no_cycles(self):
        changed = commit(self)
        self.cycle = False
        return changed
    monkeypatch.setattr(CaveAutomaton, "commit", no_cycles)
    full = registry.generate("caverns", "cycle", 120, 90, values)
    for name in full.stages:
        assert np.array_equal(short.stages[name].data, full.stages[name].data)
    assert short.stages["automata"].info == full.stages["automata"].info == {"iterations_run": iterations}


def test_the_change_search_runs_forward_from_the_last_block_that_changed_wrapping(monkeypatch):
    """``_first_difference`` looks at block ``start`` first, then the ones after it,
    wrapping past the end, and names the first block that differs (else ``start``)."""
    monkeypatch.setattr(automaton, "_CHECK_WORDS", 1)   # a block per 8-cell word
    old = np.zeros(5, dtype=np.uint64)
    new = old.copy()
    new[[0, 2]] = 1                                     # blocks 0 and 2 differ
    found = {start: automaton._first_difference(new, old, start) for start in range(5)}
    assert found == {0: (True, 0), 1: (True, 2), 2: (True, 2), 3: (True, 0), 4: (True, 0)}
    assert automaton._first_difference(old.copy(), old, 3) == (False, 3)


def test_masks_given_as_0_1_integers_are_read_as_bool():
    """``wall``, ``free`` and ``fixed_wall`` may be 0/1 integer arrays (read from
    a file, or made by arithmetic): the same states as the bool masks."""
    wall, free, fixed_wall = case(12, 17, 9)
    as_bool, as_int = CaveAutomaton(wall.shape), CaveAutomaton(wall.shape)
    as_bool.set_rows(0, wall, free, fixed_wall)
    as_int.set_rows(0, wall.astype(np.int64), free.astype(np.int64), fixed_wall.astype(np.int64))
    for _ in range(4):
        assert np.array_equal(as_int.wall_mask(), as_bool.wall_mask())
        assert as_int.step() == as_bool.step()


@pytest.mark.parametrize("h,w,cuts", [(170, 20, ()), (170, 20, (3,)), (6, 2052, (2,))])
def test_maps_over_several_memory_pages_keep_their_frame_of_wall(h, w, cuts):
    """Setting rows touches one byte per 4 KiB page of the other buffers, within
    the rows set.  These maps have page-spaced bytes in the frame rows next to
    the map, where a touch would break the wall: 170x20 (rows of 24 bytes) byte
    4144 = 48 + 4096, below the map; 6x2052 (rows of 2056) byte 4096, above it.
    Set whole or in chunks, every generation follows the rule: the frame stayed wall."""
    wall, free, fixed_wall = case(h, w, h + w)
    ca = CaveAutomaton((h, w))
    edges = [0, *cuts, h]
    for y0, y1 in zip(edges, edges[1:]):
        ca.set_rows(y0, wall[y0:y1], free[y0:y1], fixed_wall[y0:y1])
    for _ in range(6):
        wall = (ref_rule(wall) & free) | fixed_wall
        ca.step()
        assert np.array_equal(ca.wall_mask(), wall)


@pytest.mark.parametrize("h,w", [(5, 4), (9, 12), (16, 21)])
@pytest.mark.parametrize("junk", [0x00, 0x55, 0xAA, 0xFF])
def test_no_byte_left_in_the_scratch_buffers_reaches_a_generation(h, w, junk):
    """The scratch buffers and the states not yet written start uninitialized:
    whatever bytes they hold, each generation, whole or in bands of one row, is
    the rule's (same seed, same map on every machine).  Widths 4 and 12 leave no
    spare column (rows of 8 and 16 bytes)."""
    wall, free, fixed_wall = case(h, w, junk)
    whole, banded = CaveAutomaton((h, w)), CaveAutomaton((h, w))
    for ca in (whole, banded):
        for buf in (ca.a, ca.b, ca.c):
            buf.fill(junk)
        for state in ca.states[1:]:
            state[2 * ca.W:-2 * ca.W] = junk
        ca.set_rows(0, wall, free, fixed_wall)
    for _ in range(5):
        wall = (ref_rule(wall) & free) | fixed_wall
        whole.step()
        for y in range(h):
            banded.step_rows(y, y + 1)
        banded.commit()
        assert np.array_equal(whole.wall_mask(), wall)
        assert np.array_equal(banded.wall_mask(), wall)



def test_rows_set_again_after_a_step_are_the_rows_given_on_a_map_of_several_pages():
    """set_rows after steps writes the current state: the page bytes it touches to fault pages in
    go only into the other buffers, never into the state just set (a 200x20 map spans pages)."""
    h, w = 20, 200
    wall = np.zeros((h, w), dtype=bool)
    wall[[0, -1], :] = wall[:, [0, -1]] = True
    for steps in (1, 2, 3):
        ca = CaveAutomaton((h, w))
        ca.set_rows(0, wall)
        for _ in range(steps):
            ca.step()
        ca.set_rows(0, wall)
        assert np.array_equal(ca.wall_mask(), wall), steps
        assert ca.step() == (not np.array_equal(ref_rule(wall), wall))
        assert np.array_equal(ca.wall_mask(), ref_rule(wall))
