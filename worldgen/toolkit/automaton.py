"""The caverns' cellular automaton: the source's rule over a whole map, in place.

A cell becomes wall if more than 4 walls lie within distance 1 (3x3 box,
the cell included) or fewer than 3 within distance 2 (5x5 box), else floor;
beyond the map counts as wall.  Cells outside ``free`` keep ``fixed_wall``.
:mod:`worldgen.generators.caverns` runs it; this module holds only the arithmetic.

How one generation stays at about a dozen ``uint8`` passes (it runs 100
times on a 1000x1000 map and rarely reaches a fixed point there):

* The state lies in a grid framed by two rings of wall, worked on as one
  flat array: a horizontal neighbour is +-1, a vertical one +-``W``, so
  every pass is one contiguous slice.  ``W`` is rounded up to a multiple of
  8 so the change test can compare 8 cells at a time.
* Shared partial sums: pairs ``p2``, then the row sums of 3 (``p2`` + one
  cell) and of 5 (``p2`` + a row sum of 3); the 3x3 count is a pair of row
  sums of 3 plus one more, the 5x5 count a pair of row sums of 5 plus a
  triple.  Eight additions in all.
* A cell's state is stored as ``K + wall`` with ``K`` = :data:`OFFSET`, so
  every sum carries a known offset modulo 256: the 3x3 count as ``near +
  173`` (173..182) and the 5x5 count as ``far + 253``, which wraps so that
  ``far < 3`` reads 253..255 and ``far >= 3`` reads 0..22.  The larger of
  the two is then above 177 exactly when the rule says wall, so the rule is
  one ``maximum`` and one comparison.  The comparison is against a
  per-cell threshold (177 free, 0 fixed wall, 255 fixed floor), which holds
  the fixed cells for free.
* Three state buffers take turns (no copy back): the next generation is
  written over the one before the previous, so the previous is still
  there to compare with.  The change test compares block by block and
  stops at the first difference; so does the test for a two-generation
  cycle (the new state equals the one before the previous: the rest of
  the run only alternates, see :attr:`CaveAutomaton.cycle`).  The preview
  is the state minus ``OFFSET - T.floor`` (one pass, when it is shown).

>>> import numpy as np
>>> ca = CaveAutomaton((5, 5))
>>> ca.set_rows(0, np.eye(5, dtype=bool))
>>> ca.step(), ca.wall_mask().astype(int).tolist()[1]
(True, [1, 0, 0, 0, 0])
"""

from __future__ import annotations

import numpy as np

from worldgen.core.tiles import T

__all__ = ["CaveAutomaton", "OFFSET"]

#: A cell is stored as ``OFFSET + wall``: 25 * OFFSET = 253 (mod 256), 9 * OFFSET = 173.
OFFSET = 133
_NEAR_WALL = (9 * OFFSET + 4) % 256       # 177: the 3x3 count is above 4
assert (25 * OFFSET) % 256 == 253 and (9 * OFFSET) % 256 == 173
_CHECK_WORDS = 1 << 13                     # 8-cell words compared per block by the change test
_PAGE = 4096                               # bytes per memory page (at least: a touch per 4 KiB)
assert T.wall == T.floor + 1, "the preview adds T.floor to a 0/1 wall state"


class CaveAutomaton:
    """The rule over an ``(h, w)`` map; ``free`` cells follow it, the rest keep ``fixed_wall``.

    Set the starting state and which cells are free with :meth:`set_rows`
    (every row, before the first step), then :meth:`step`; read it
    with :meth:`wall_mask` / :meth:`floor_mask`, or as tiles in
    :attr:`shown` after :meth:`show` (a live view, changed by later calls).
    """

    def __init__(self, shape: tuple[int, int]) -> None:
        h, w = shape
        W = -(-(w + 4) // 8) * 8                   # two frame columns each side, then up to 8
        self.h, self.w, self.W, self.n, self.base = h, w, W, h * W, 2 * W
        size = (h + 4) * W
        self.states = [np.empty(size, dtype=np.uint8) for _ in range(3)]
        for state in self.states:                  # the frame rows; the rest as rows are set
            state[:2 * W] = OFFSET + 1
            state[-2 * W:] = OFFSET + 1
        self.cur = 0
        self.prev = 1                              # the generation before (no step yet: never compared)
        self.cycle = False                         # the last step repeated the generation before the previous
        self._stepped = 0                          # generations committed
        self.thr = np.zeros(self.n, dtype=np.uint8)  # 0: always wall (the frame, rows not set yet)
        # Scratch: three rows-of-sums buffers, reused as the step goes (see :meth:`step`).
        # Left uninitialized (zeroing 7 buffers was most of a 2000x2000 set-up): a
        # step writes every cell it reads but the few ends zeroed here.
        self.a, self.b, self.c = (np.empty(size, dtype=np.uint8) for _ in range(3))
        for buf in (self.a, self.b, self.c):
            buf[:2] = 0
            buf[-2:] = 0
        self.last_change = 0                       # block where the last step changed a cell
        self.last_cycle_change = 0                 # block where it last differed from two generations back
        self.tiles = np.empty((h, W), dtype=np.uint8)
        self.shown = self.tiles[:, 2:2 + w]

    def _grid(self, k: int | None = None) -> np.ndarray:
        """The ``(h, w)`` map view of state buffer ``k`` (default: the current one)."""
        s = self.states[self.cur if k is None else k]
        return s.reshape(self.h + 4, self.W)[2:2 + self.h, 2:2 + self.w]

    def set_rows(self, y0: int, wall: np.ndarray, free: np.ndarray | None = None,
                 fixed_wall: np.ndarray | None = None) -> None:
        """Map rows ``y0..y0 + len(wall)`` start as ``wall`` (bool).

        Their ``free`` cells follow the rule (default: all), the others keep
        ``fixed_wall`` (default: none), which ``wall`` must agree with.  Set
        in slices, so a big map's set-up is spread over several steps.
        """
        y1 = y0 + wall.shape[0]
        rows = self.states[self.cur].reshape(self.h + 4, self.W)[2 + y0:2 + y1]
        rows[:, :2] = OFFSET + 1                   # the frame columns
        rows[:, 2 + self.w:] = OFFSET + 1
        np.add(wall, np.uint8(OFFSET), out=rows[:, 2:2 + self.w], casting="unsafe")
        # The other buffers (not the state just set: rows may be set again after a step)
        # are written before they are read; one byte per page
        # faults their pages in here (first-use faults were most of a big map's
        # first step), without writing the rest.
        lo, hi = (2 + y0) * self.W, (2 + y1) * self.W
        for buf in (*(s for k, s in enumerate(self.states) if k != self.cur), self.a, self.b, self.c):
            buf[lo:hi:_PAGE] = 0
        self.tiles.ravel()[lo - self.base:hi - self.base:_PAGE] = 0
        thr = self.thr.reshape(self.h, self.W)[y0:y1, 2:2 + self.w]
        if free is None:
            thr.fill(_NEAR_WALL)
            return
        # 177 free, 255 fixed floor (never wall), 0 fixed wall: sums of 0/1 masks, not
        # masked copies (ten times slower into these strided rows).
        free = np.asarray(free, dtype=bool)
        np.multiply(free.view(np.uint8), np.uint8(255 - _NEAR_WALL), out=thr)
        np.subtract(np.uint8(255), thr, out=thr)
        if fixed_wall is not None:
            held_wall = np.greater(np.asarray(fixed_wall, dtype=bool), free)
            np.subtract(thr, held_wall.view(np.uint8) * np.uint8(255), out=thr)

    def wall_mask(self) -> np.ndarray:
        """A new ``(h, w)`` bool array: True on wall."""
        return self._grid() != OFFSET

    def floor_mask(self) -> np.ndarray:
        """A new ``(h, w)`` bool array: True on floor."""
        return self._grid() == OFFSET

    def step(self) -> bool:
        """One generation of the rule; False (and nothing changed) at a fixed point."""
        self.step_rows(0, self.h)
        return self.commit()

    def step_rows(self, y0: int, y1: int) -> None:
        """The next generation of map rows ``y0..y1`` (then :meth:`commit`): a
        big map's generation in bands of rows, each a step of its own, with
        the same bytes as one :meth:`step` (a test holds them to it).

        Every pass is a slice of the flat buffers; a band's slices cover its
        own output plus what its sums reach (two rows each side), clipped
        where the whole map's passes are.  The scratch buffers are shared:
        a band recomputes every partial sum it reads from the state, which
        no band writes."""
        s, nxt = self.states[self.cur], self.states[self._next]
        W, b, m = self.W, self.base, s.size
        lo, hi = y0 * W, y1 * W                    # output cells: state cells b + lo .. b + hi
        # The 3x3 counts go where the next state will be, the 5x5 counts where the
        # rows of 5 were (both dead by then): no buffers of their own.
        a, bb, c = self.a, self.b, self.c
        near, far = nxt[b + lo:b + hi], c[lo:hi]
        j0, j1 = max(0, lo - 2), min(m - 1, hi + 4 * W)
        np.add(s[j0:j1], s[j0 + 1:j1 + 1], out=a[j0:j1])                      # a: pairs i, i+1
        j0, j1 = max(1, lo + 1), min(m - 1, hi + 4 * W + 1)
        np.add(a[j0 - 1:j1 - 1], s[j0 + 1:j1 + 1], out=bb[j0:j1])             # bb: rows of 3, i-1 .. i+1
        j0, j1 = max(2, lo), min(m - 2, hi + 4 * W)
        np.add(a[j0 - 2:j1 - 2], bb[j0 + 1:j1 + 1], out=c[j0:j1])             # c: rows of 5, i-2 .. i+2
        np.add(bb[W + lo:W + hi], bb[2 * W + lo:2 * W + hi], out=a[W + lo:W + hi])   # a: rows of 3 at y, y+1
        np.add(a[W + lo:W + hi], bb[3 * W + lo:3 * W + hi], out=near)                # 3x3: y-1 .. y+1
        np.add(c[lo:hi + 2 * W], c[W + lo:hi + 3 * W], out=bb[lo:hi + 2 * W])        # bb: rows of 5 at y, y+1
        np.add(bb[2 * W + lo:2 * W + hi], c[4 * W + lo:4 * W + hi], out=a[3 * W + lo:3 * W + hi])  # y-1 .. y+1
        np.add(bb[lo:hi], a[3 * W + lo:3 * W + hi], out=far)                         # 5x5: y-2 .. y+2
        np.maximum(near, far, out=near)
        wall = far.view(bool)
        np.greater(near, self.thr[lo:hi], out=wall)
        np.add(wall.view(np.uint8), np.uint8(OFFSET), out=nxt[b + lo:b + hi])

    @property
    def _next(self) -> int:
        """The buffer the next generation is written to: neither the current nor the previous."""
        return 3 - self.cur - self.prev

    def commit(self) -> bool:
        """End the generation :meth:`step_rows` made: False (and nothing
        changed) at a fixed point, else the new state becomes the current one
        and :attr:`cycle` says whether it is the state of two generations
        back (from then on the states only alternate: see :meth:`undo`)."""
        b, n, nxt = self.base, self.n, self._next
        out = self.states[nxt][b:b + n].view(np.uint64)
        changed, self.last_change = _first_difference(out, self.states[self.cur][b:b + n].view(np.uint64),
                                                      self.last_change)
        if not changed:
            return False
        if self._stepped:
            self.cycle, self.last_cycle_change = _first_difference(
                out, self.states[self.prev][b:b + n].view(np.uint64), self.last_cycle_change)
            self.cycle = not self.cycle
        self.prev, self.cur = self.cur, nxt
        self._stepped += 1
        return True

    def undo(self) -> None:
        """Go back one generation (after a step that closed a :attr:`cycle`, the
        state any odd number of generations later): swaps the current and
        the previous state."""
        self.cur, self.prev = self.prev, self.cur

    def show(self) -> None:
        """Refresh :attr:`shown` (``T.floor``/``T.wall`` tiles) from the state."""
        s = self.states[self.cur]
        np.subtract(s[self.base:self.base + self.n], np.uint8(OFFSET - T.floor), out=self.tiles.ravel())


def _first_difference(new: np.ndarray, old: np.ndarray, start: int) -> tuple[bool, int]:
    """``(differ, block)``: whether ``new`` differs from ``old``, compared block
    by block from block ``start`` on (wrapping), and the block where it did
    (else ``start``).  Far from a fixed point (or a cycle) a cell changes in
    nearly every block, so one block, not the whole map, usually settles it.
    """
    blocks = -(-new.size // _CHECK_WORDS)
    for k in range(blocks):
        i = (start + k) % blocks
        lo = i * _CHECK_WORDS
        if not np.array_equal(new[lo:lo + _CHECK_WORDS], old[lo:lo + _CHECK_WORDS]):
            return True, i
    return False, start
