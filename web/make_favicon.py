"""Draw ``web/favicon.png``: a 32x32 pixel island in the game's tile palette.

Run once from the repository root (``python web/make_favicon.py``); the PNG is
committed, the build only copies it.  A hand-placed shape rather than a
generator run, so the icon stays recognisable at 16x16 whatever the
generators become.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from worldgen.core.image import write_png  # noqa: E402
from worldgen.core.tiles import PALETTE, T  # noqa: E402

SIZE = 32


def island_tiles(size: int = SIZE) -> np.ndarray:
    """A ``(size, size)`` uint8 tile map: an off-centre island with a peak."""
    y, x = np.mgrid[0:size, 0:size].astype(np.float32)
    c = (size - 1) / 2.0
    # Elliptic distance from a point left of centre, plus a bulge to the right:
    # elevation falls from 1 at the centre to 0 at the ellipse's rim.
    main = 1.0 - np.sqrt(((x - c + 2.5) / 11.5) ** 2 + ((y - c - 0.5) / 9.5) ** 2)
    bulge = 0.5 - np.sqrt(((x - c - 7.0) / 6.0) ** 2 + ((y - c + 4.0) / 5.0) ** 2)
    height = np.maximum(main, bulge)
    # A few fixed notches so the coast is not a perfect ellipse.
    ripple = ((x.astype(np.int32) * 7 + y.astype(np.int32) * 13) % 5) * 0.012
    height = height - ripple

    tiles = np.full((size, size), T.deep_water, dtype=np.uint8)
    tiles[height > -0.12] = T.shallow_water
    tiles[height > 0.0] = T.sand
    tiles[height > 0.12] = T.grass
    tiles[height > 0.38] = T.forest
    tiles[height > 0.62] = T.hills
    tiles[height > 0.78] = T.mountain
    return tiles


def main() -> int:
    rgb = PALETTE[island_tiles()]
    out = Path(__file__).resolve().parent / "favicon.png"
    write_png(out, rgb)
    print(f"wrote {out} ({out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
