"""Rolling particles (the island's mask): particles that roll downhill on their own deposits.

From "World Generation Breakdown" (Dance of Death): each particle adds 1 where
it stands and rolls to a uniformly random 8-neighbour no higher than its
tile, for ``life`` steps.  Here whole populations move in lock-step as array
operations (:func:`rolling_particles`); :func:`work_terms` is what a run
costs and :func:`work_cap` cuts it to a budget.  The island
(:mod:`worldgen.generators.island`) decides how many particles, where they
start and what becomes of the counts.

Long because a lock-step has three paths (the whole grid compared at once,
the cells a few particles stand on gathered, a handful rolled in Python),
each chosen by the particles of a batch, and the work model that prices a
run (:func:`work_terms`) must choose exactly as :class:`_Grids` does: one
module keeps the paths and their prices side by side.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from functools import lru_cache

import numpy as np

from worldgen.core.registry import Progress, Stage

__all__ = ["rolling_particles", "work_terms", "work_cap", "clamp_margin"]

#: Work between two Progress events in the particle loop, in cells compared
#: (about 3 ns each natively): a lock-step's fixed cost and a particle's move are
#: counted in the same units (:data:`_STEP_UNITS`, :data:`_MOVE_UNITS`, :data:`_TINY_UNITS`).
_WORK_PER_YIELD = 50_000
_STEP_UNITS = 5_000   # a lock-step's numpy calls, whatever the particles
_MOVE_UNITS = 10      # a particle's move on numpy's paths
_TINY_UNITS = 500     # a particle's move in Python (:data:`_TINY`)
#: A preview (a pass over one grid) costs at most 1 / this of the work between two events.
_PREVIEW_SHARE = 4
#: Move draws made at once (:func:`_move_rows`): a few steps of a big population, many of a small one.
_DRAW_CELLS = 1 << 16

_OFFSETS8 = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
#: Frame value (negated) of an ``int32`` particle grid: above every possible deposit total.
_FRAME_LOW32 = 1 << 30
#: Deposit totals (particles x life, per population) that fit an ``int16`` grid: below its
#: frame (-2^15) and guards (2^15 - 1) in magnitude, so a frame stays below 0 and a tile below a guard.
_NARROW16 = (1 << 15) - 1
#: Bits of a move's random draw: ``j = (r * k) >> 8`` picks one of k allowed moves.
_CHOICE_BITS = 8
#: A lock-step compares only the cells particles stand on (9 reads each) when
#: there are at most 1 / this of the grid's cells, else the whole grid at once.
_GATHER = 16
#: Particles (all populations of a batch) rolled in Python (:meth:`_Grids._roll_tiny`) up to this many.
_TINY = 8


@lru_cache(maxsize=1)
def _choice_table() -> np.ndarray:
    """``table[(r << 8) | bits]``: the ``((r * k) >> 8)``-th set bit of ``bits`` (k set bits), 8 if none.

    Bit i of ``bits`` is neighbour ``_OFFSETS8[i]``; 8 means "stay".  With r
    uniform in 0..255 every allowed neighbour is equally likely to within
    one draw in 256 (256 draws split 86/85/85 three ways, 32 each eight ways;
    1, 2, 4 and 8 ways are exact).  Eight bits, not ten: the draws cost a
    quarter less, the index is a ``uint16`` and the table a quarter the size
    (it stays in cache): 10% off the 88x32 particle loop.
    """
    masks = np.arange(256)
    bits = ((masks[:, None] >> np.arange(8)[None, :]) & 1).astype(bool)
    count = bits.sum(axis=1)
    nth = np.full((256, 8), 8, dtype=np.uint8)  # nth[m, j]: index of the j-th set bit of m
    rank = np.cumsum(bits, axis=1) - 1
    m_idx, d_idx = np.nonzero(bits)
    nth[m_idx, rank[m_idx, d_idx]] = d_idx
    j = (np.arange(1 << _CHOICE_BITS)[:, None] * count[None, :]) >> _CHOICE_BITS  # (1024, 256)
    return nth[masks[None, :], j].ravel()


@lru_cache(maxsize=2)
def _move_table(row: int) -> np.ndarray:
    """:func:`_choice_table` as flat moves on a grid ``row`` cells wide (0: stay), read-only.

    ``int16`` while a row fits (128 KB: timed faster than ``intp``,
    and than ``uint8`` directions plus a second gather, whose ``uint8``
    indices numpy must cast): one lookup gives the step.
    """
    offs = np.array([dy * row + dx for dy, dx in _OFFSETS8] + [0], dtype=np.intp)
    dtype = np.int16 if row + 1 <= np.iinfo(np.int16).max else np.intp
    table = offs.astype(dtype).take(_choice_table())
    table.flags.writeable = False
    return table


@lru_cache(maxsize=2)
def _move_list(row: int) -> list[int]:
    """:func:`_move_table` as a list (a list's item is the int stored)."""
    return _move_table(row).tolist()


#: Bit of each cell of a 3x3 window in a move mask (the centre: none).
_BIT_WEIGHTS = np.array([1, 2, 4, 8, 0, 16, 32, 64, 128], dtype=np.uint64)
_BIT_WEIGHTS.flags.writeable = False


@lru_cache(maxsize=4)
def _empty_grids(k: int, hp: int, wp: int, dtype: np.dtype, low: int) -> np.ndarray:
    """The particle buffer before any deposit (read-only; copy it): guards of the dtype's
    maximum, then k blocks of ``hp + 1`` rows of ``wp`` cells: a grid whose outer ring
    (the frame) is ``low``, then a row of guards; padded to a multiple of 8 cells, then
    guards again (see :func:`rolling_particles`)."""
    n8 = -(-k * (hp + 1) * wp // 8) * 8
    buf = np.full(wp + 1 + n8 + wp + 1, np.iinfo(dtype).max, dtype=dtype)
    grids = buf[wp + 1:wp + 1 + k * (hp + 1) * wp].reshape(k, hp + 1, wp)[:, :hp]
    grids[:] = 0
    grids[:, 0, :] = grids[:, -1, :] = grids[:, :, 0] = grids[:, :, -1] = low
    buf.flags.writeable = False
    return buf


def _move_draws(moves: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    """Random ``r << 8`` (r: 8 bits) for :func:`_choice_table`, ``uint16``, from raw 64-bit draws.

    Four 16-bit words per raw draw, little-endian on every platform, each
    keeping its high byte: three numpy calls, 2.5x cheaper than bounded
    integers, and the split above is as fair.
    """
    need = shape[0] * shape[1]
    raw = moves.bit_generator.random_raw(-(-need // 4)).astype("<u8", copy=False)
    return np.bitwise_and(raw.view("<u2")[:need].reshape(shape), np.uint16(0xFF00))


def _move_rows(moves: np.random.Generator, steps: int, n: int) -> Iterator[np.ndarray]:
    """The rows of ``_move_draws(moves, (steps, n))``, one per step, drawn a
    block of about :data:`_DRAW_CELLS` values at a time: the same values
    (every block but the last fills whole raw draws, so none is skipped
    between blocks), without one big draw before the first step (8182
    particles x 74 steps, the 160x96 location's, took 1.1 ms in one piece).

    >>> a, b = np.random.default_rng(3), np.random.default_rng(3)
    >>> rows = np.array(list(_move_rows(a, 9, 70_001)))
    >>> bool((rows == _move_draws(b, (9, 70_001))).all()) and a.random() == b.random()
    True
    """
    for block in _move_blocks(moves, steps, n):
        yield from block


def _move_blocks(moves: np.random.Generator, steps: int, n: int) -> Iterator[np.ndarray]:
    """The blocks :func:`_move_rows` yields the rows of."""
    whole = 4 // math.gcd(n, 4)  # rows whose values fill whole raw draws
    block = max(whole, _DRAW_CELLS // max(n, 1) // whole * whole)
    for s0 in range(0, steps, block):
        yield _move_draws(moves, (min(block, steps - s0), n))


def _starts(rng: np.random.Generator, width: int, height: int, particles: int, margins: list[int],
            row: int, cells: int) -> np.ndarray:
    """Flat start cells ``(len(margins), particles)`` (``intp``) on the framed grids of
    :func:`rolling_particles`: population v uniform at least ``margins[v]`` (clamped) from the edges.

    One raw 64-bit draw per particle, its high 32 bits for y and low 32 for
    x, each scaled to its span by ``(r * span) >> 32`` (uniform to within
    ``span / 2**32``): a dozen numpy calls for every population instead of
    four bounded-integer draws (~12 us each) per population.
    """
    k = len(margins)
    # Per population (k, 1): the spans and the flat cell of the start box's
    # corner, worked out on Python ints (a dozen numpy calls on arrays of two).
    los = [(clamp_margin(m, height), clamp_margin(m, width)) for m in margins]
    span_y = np.array([[height - 2 * ly] for ly, _ in los], dtype=np.uint64)
    span_x = np.array([[width - 2 * lx] for _, lx in los], dtype=np.uint64)
    corner = np.array([[v * cells + (ly + 1) * row + lx + 1] for v, (ly, lx) in enumerate(los)], dtype=np.uint64)
    raw = rng.bit_generator.random_raw(k * particles).reshape(k, particles)
    y = raw >> np.uint64(32)
    y *= span_y
    y >>= np.uint64(32)
    x = raw & np.uint64(0xFFFFFFFF)
    x *= span_x
    x >>= np.uint64(32)
    y *= np.uint64(row)
    y += x
    y += corner
    return y.astype(np.intp)


def work_terms(particles: int, life: int, batches: int, width: int, height: int,
               populations: int = 2) -> dict[str, float]:
    """The work of :func:`rolling_particles`, by term (units; the island's
    work model, :mod:`worldgen.generators.island.work`, prices them):

    ``batches`` (a batch's set-up), ``starts`` (particles placed),
    ``tiny_steps`` and ``tiny_moves`` (lock-steps, and particle moves, of
    batches rolled in Python: :data:`_TINY`), ``steps`` and ``moves`` (the
    same on numpy's paths), ``compared`` (cells compared by lock-steps of
    the whole grid: many particles) and ``gathered`` (moves that read their
    own 3x3 instead: few particles on a big grid).

    >>> work_terms(3000, 50, 3000, 88, 32)["tiny_steps"], work_terms(333, 17, 1, 30, 11)["compared"]
    (147000, 14336)
    >>> work_terms(333, 17, 1, 30, 11)["steps"], work_terms(333, 17, 1, 30, 11)["moves"]
    (16, 10656)
    """
    batches = max(1, min(batches, particles))
    moving = populations * -(-particles // batches)   # particles of a lock-step (the largest batch)
    steps = batches * (life - 1)
    cells = -(-populations * (height + 3) * (width + 2) // 8) * 8   # every grid's cells, as :class:`_Grids` lays them
    terms = {"batches": batches, "starts": populations * particles, "tiny_steps": 0, "tiny_moves": 0,
             "steps": 0, "moves": 0, "gathered": 0, "compared": 0}
    if moving <= _TINY:
        terms.update(tiny_steps=steps, tiny_moves=steps * moving)
    else:
        terms.update(steps=steps, moves=steps * moving)
        if _GATHER * moving > cells:
            terms["compared"] = steps * cells
        else:
            terms["gathered"] = steps * moving
    return terms


def work_cap(particles: int, life: int, batches: int, width: int, height: int, budget_ms: float,
             costs: Mapping[str, float]) -> tuple[int, int, int]:
    """Cut ``(particles, life, batches)`` until :func:`work_terms` at ``costs``
    (ms per unit) is within ``budget_ms``: batches first (the particles go
    out in fewer, larger groups: the same particles and lives), then life,
    then particles; a request within the budget is returned unchanged
    (``batches`` at most ``particles``).  ``info["sim_particles"|"sim_life"|"sim_batches"]``
    of the mask stages report what ran.

    >>> costs = dict(batches=0.03, starts=0.0, tiny_steps=0.003, tiny_moves=0.0015, steps=0.016,
    ...              moves=0.00002, gathered=0.0002, compared=0.000003)
    >>> work_cap(3000, 50, 3000, 88, 32, 1000.0, costs)
    (3000, 50, 3000)
    >>> work_cap(3000, 50, 3000, 88, 32, 100.0, costs)
    (3000, 50, 43)
    """
    batches = max(1, min(batches, particles))

    def ms(n: int, lives: int, groups: int) -> float:
        return sum(costs[k] * v for k, v in work_terms(n, lives, groups, width, height).items())

    if ms(particles, life, batches) > budget_ms:
        batches = _most(lambda b: ms(particles, life, b) <= budget_ms, batches)
        life = _most(lambda v: ms(particles, v, batches) <= budget_ms, life)
        particles = _most(lambda n: ms(n, life, min(batches, n)) <= budget_ms, particles)
        batches = min(batches, particles)
    return particles, life, batches


def _most(fits, top: int) -> int:
    """The largest ``v`` in ``1..top`` with ``fits(v)`` (taken to hold below
    any value where it holds), or 1 when none does; a bisection."""
    if fits(top):
        return top
    lo, hi = 1, top  # fits(hi) is False; lo is the answer when fits(lo) or nothing fits
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if fits(mid) else (lo, mid)
    return lo


def clamp_margin(margin: int, side: int) -> int:
    """Keep at least a quarter of the side (>= 1 cell) to start in."""
    return max(0, min(margin, (side - max(1, side // 4)) // 2))


def rolling_particles(rng: np.random.Generator, width: int, height: int, particles: int, life: int,
                      margins: list[int], batches: int = 1, trace: list | None = None,
                      progress: str | None = None, preview: bool = True) -> Iterator[Progress]:
    """Roll one particle population per margin on its own grid; returns raw counts.

    Population v's particles start at least ``margins[v]`` from the edges
    (clamped: see :func:`clamp_margin`).  ``rng`` draws every start first
    (:func:`_starts`), then every move of every population (one draw per
    chunk of steps is much cheaper than one per population; a generator
    costs ~15 us to seed).  Each population is released in ``batches`` equal
    batches, one after the other; the particles of a batch (of all
    populations at once) move in lock-step.

    A generator: yields :class:`Progress` (``progress`` names the stage; with
    ``preview``, a float32 copy of the first population's counts) and returns an ``int64`` array
    ``(len(margins), height, width)`` of deposits, each summing to at most
    ``particles * life`` (a particle that rolls off stops).  With ``trace``
    (a list), appends per step ``[counts_before, yx_before, yx_after]``:
    ``(k, h, w)`` and ``(k, n, 2)`` arrays for the batch, ``[-1, -1]`` for a
    particle that has left the map.

    Layout: the k grids get a one-cell frame and lie end to end in one flat
    array, each followed by a row of guard cells of the dtype's maximum, with
    guards before and after too; positions are flat indices.  The frame
    starts far below zero (the dtype's minimum, or ``-2^30`` for ``int32``,
    more than all the population's deposits together can lift it), so it
    stays lower than any tile without being reset: a particle on the edge may
    roll onto it, and it is then dead, since no tile is ever <= a frame cell
    and no guard is <= anything (no tile reaches a guard either), it can only
    drift along its own grid's frame, never back onto a map nor onto another
    population's frame.  Grids are ``int16`` when ``particles x life`` fits
    (:data:`_NARROW16`: the article's 88x32 does): the window comparison,
    the costliest call of a step, then reads half the bytes.
    Each step computes for every cell the 8 bits "neighbour <= me" with one
    comparison over a 3x3 window view, packs them 8 cells per ``uint64`` word
    (bytes hold 0/1, so the integer matmul ``sum_i 2^i * word_i`` over the 8
    directions never carries between bytes: it is an OR), then every
    particle finds its flat move with one table lookup (:func:`_move_table`).
    The loop body is seven numpy calls on preallocated arrays: at the
    article's 88x32 their fixed cost is most of the time.
    """
    k = len(margins)
    batches = max(1, min(batches, particles))
    grids = _Grids(k, width, height, particles * life)
    # All starts first, so that the batch count never changes where particles start.
    starts = _starts(rng, width, height, particles, margins, grids.row, grids.cells)
    every = _event_every(k * -(-particles // batches), grids, preview and progress is not None)
    total_steps = batches * life
    done = 0
    for batch in range(batches):
        lo, hi = particles * batch // batches, particles * (batch + 1) // batches
        for _ in grids.roll(starts[:, lo:hi].reshape(-1).copy(), life, rng, trace):
            done += 1
            if progress is not None and done % every == 0:
                yield Progress(progress, done / total_steps, grids.preview(progress) if preview else None)
        done += 1
    return grids.deposits()


def _event_every(moving: int, grids: "_Grids", preview: bool) -> int:
    """Lock-steps between two Progress events: about :data:`_WORK_PER_YIELD`
    of work, and enough that a preview is a small share of it (a preview
    each lock-step of a few particles on a big grid cost 20 times the
    particles' own work)."""
    if moving <= _TINY:
        step = moving * _TINY_UNITS
    else:
        step = _STEP_UNITS + moving * _MOVE_UNITS + (grids.centre.size if _GATHER * moving > grids.centre.size else 0)
    work = max(_WORK_PER_YIELD, _PREVIEW_SHARE * grids.cells if preview else 0)
    return max(1, -(-work // step))


class _Grids:
    """The k framed particle grids of :func:`rolling_particles` in one flat
    buffer (its docstring says how they are laid out), with the scratch
    arrays of a lock-step, allocated once."""

    def __init__(self, k: int, width: int, height: int, total: int) -> None:
        hp, wp = height + 2, width + 2
        self.k, self.row = k, wp
        self.cells = (hp + 1) * wp  # a grid and its guard row
        # A population's deposits stay below |frame| (and below a guard), so its frame never reaches 0.
        dtype, low = ((np.int16, -(1 << 15)) if total < _NARROW16 else
                      (np.int32, -_FRAME_LOW32) if total < _FRAME_LOW32 else (np.int64, -(1 << 62)))
        self.dtype = dtype
        n8 = -(-k * self.cells // 8) * 8
        lead = wp + 1
        buf = _empty_grids(k, hp, wp, np.dtype(dtype), low).copy()
        self.buf, self.lead = buf, lead
        self.flat = buf[lead:lead + k * self.cells]
        self.counts = self.flat.reshape(k, hp + 1, wp)[:, :hp]
        item = buf.strides[0]
        self.window = np.ndarray((3, 3, n8), dtype=dtype, buffer=buf, strides=(wp * item, item, item))  # a view
        self.window.flags.writeable = False  # overlapping windows: read only
        self.centre = buf[lead:lead + n8]
        self.less = np.empty((3, 3, n8), dtype=bool)
        self.words = np.empty(n8 // 8, dtype=np.uint64)
        self.table = _move_table(wp)

    def roll(self, pos: np.ndarray, life: int, rng: np.random.Generator, trace: list | None) -> Iterator[None]:
        """Deposit the particles at flat ``pos`` (in place), then move and
        deposit them ``life - 1`` times in lock-step, yielding after each step."""
        n = pos.size
        index = np.empty(n, dtype=np.uint16)
        # Moves are drawn per chunk of steps (bounded memory); the chunk size
        # depends only on (particles, life, batches): part of the recipe.
        chunk = max(1, min(life - 1, (1 << 20) // n))
        ones = np.ones(n, dtype=self.dtype)  # add.at with same-dtype values: numpy's fast path
        flat, window, centre, less, words, table = self.flat, self.window, self.centre, self.less, self.words, self.table
        less_words = less.reshape(9, -1).view(np.uint64)
        bits = words.view(np.uint8)  # bits[i]: which neighbours of cell i are <= it
        # Few particles (the article's one by one): compare only where they stand,
        # the same buffer cells the window pass would read for them.
        few = _GATHER * n <= centre.size
        if few:
            around = self.lead + np.array([dy * self.row + dx for dy, dx in _OFFSETS8], dtype=np.intp)[:, None]
        np.add.at(flat, pos, ones)
        if n <= _TINY and trace is None:
            yield from self._roll_tiny(pos, life, rng, chunk)
            return
        for t in range(1, life, chunk):
            for draws in _move_rows(rng, min(chunk, life - t), n):  # one row per step
                if trace is not None:
                    trace.append([self.deposits(), self.where(pos)])
                if few:
                    here = pos + self.lead
                    near = np.less_equal(self.buf.take(around + pos), self.buf.take(here))
                    np.bitwise_or(draws, np.packbits(near, axis=0, bitorder="little")[0], out=index)
                else:
                    np.less_equal(window, centre, out=less)
                    np.matmul(_BIT_WEIGHTS, less_words, out=words)
                    np.bitwise_or(draws, bits.take(pos), out=index)
                np.add(pos, table.take(index), out=pos)
                np.add.at(flat, pos, ones)  # 3x faster than bincount + add at 88x32
                if trace is not None:
                    trace[-1].append(self.where(pos))
                yield

    def _roll_tiny(self, pos: np.ndarray, life: int, rng: np.random.Generator, chunk: int) -> Iterator[None]:
        """:meth:`roll`'s lock-steps for a handful of particles (:data:`_TINY`), in
        Python on a ``memoryview`` of the buffer: the same reads, moves and
        deposits as the gathered path (a test holds them to it), without its
        eight numpy calls a step, which cost five times the few particles'
        own work (the article's one-by-one release is one particle a population)."""
        buf = memoryview(self.buf)
        lead = self.lead
        around = [(dy * self.row + dx, 1 << j) for j, (dy, dx) in enumerate(_OFFSETS8)]
        table = _move_list(self.row)
        at = [p + lead for p in pos.tolist()]  # buffer cells
        n = len(at)
        for t in range(1, life, chunk):
            for draws in (row for block in _move_blocks(rng, min(chunk, life - t), n) for row in block.tolist()):
                for i, draw in enumerate(draws):  # draw | the bits "neighbour <= here"
                    c = at[i]
                    here = buf[c]
                    for off, bit in around:
                        if buf[c + off] <= here:
                            draw |= bit
                    at[i] = c + table[draw]
                for c in at:
                    buf[c] += 1
                yield
        pos[:] = [c - lead for c in at]

    def deposits(self) -> np.ndarray:
        """The counts so far, ``(k, height, width)`` ``int64``."""
        return self.counts[:, 1:-1, 1:-1].astype(np.int64)

    def preview(self, stage: str) -> Stage:
        """The first population's counts as a float32 layer (a copy)."""
        live = self.counts[0, 1:-1, 1:-1].astype(np.float32)
        return Stage(stage, live, kind="layer", vrange=(0.0, float(max(live.max(), 1))))

    def where(self, pos: np.ndarray) -> np.ndarray:
        """``(k, n, 2)`` ``[y, x]`` of each particle of the batch, ``[-1, -1]`` once it left its map."""
        k, cells, wp = self.k, self.cells, self.row
        is_frame = self.flat < 0
        n = pos.size // k
        v, rest = np.divmod(pos, cells)
        y, x = np.divmod(rest, wp)
        yx = np.stack([y - 1, x - 1], axis=-1)
        yx[is_frame[pos] | (v != np.arange(k * n) // n)] = -1
        return yx.reshape(k, n, 2)
