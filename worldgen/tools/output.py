"""Writing what the command line makes: a picture at the scale asked for,
lowered to the pixel budget with a one-line note (every subcommand alike)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from worldgen.core.image import PIXEL_BUDGET, fit_scale, write_png

__all__ = ["write_picture"]


def write_picture(out: Path, rgb: np.ndarray, scale: int) -> int:
    """Write ``rgb`` at ``scale``, lowered to fit the pixel budget with a one-line note; return the scale used."""
    h, w = rgb.shape[:2]
    used = fit_scale(h, w, scale)
    if used < scale:
        print(f"worldgen: note: --scale {scale} lowered to {used}: {w * scale}x{h * scale} pixels is over "
              f"the {PIXEL_BUDGET:,}-pixel budget", file=sys.stderr)
    write_png(out, rgb, used)
    return used
