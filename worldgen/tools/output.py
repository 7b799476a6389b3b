"""Writing what the command line makes, alike for every subcommand.

``--out`` names the format by its extension (``-`` is the text map on
standard output).  The options that shape an output (``--frame``,
``--legend``, ``--scale``) are checked against it before any map is made:
one that cannot apply is refused in one line naming it, never ignored.
Files are written whole or not at all (:mod:`worldgen.core.files`); a write
that fails is a :class:`WriteError` (one line, status 1).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from worldgen.core.image import (PIXEL_BUDGET, Change, Key, fit_scale, framed_picture, picture, tiles_text, write_png,
                                  write_stage)
from worldgen.core.registry import Stage
from worldgen.core.tiled import TILE_SIZE, TILED_FORMATS, write_tiled

from .args import UsageError

__all__ = ["STDOUT", "MAP_FORMATS", "WriteError", "out_format", "check_shaping", "write_picture", "write_map"]

STDOUT = "-"
#: The map formats, by ``--out``'s extension.
MAP_FORMATS = (".png", ".txt", ".npz", *TILED_FORMATS)
#: The formats each shaping option applies to, and what it does there.
SHAPING: dict[str, tuple[tuple[str, ...], str]] = {
    "--frame": ((".png",), "draws a .png the size of a window"),
    "--legend": ((".png",), "adds a caption strip to a .png"),
    "--scale": ((".png", *TILED_FORMATS), "sets the pixels a tile of a .png, .tmx or .tmj"),
}
_KIND = {".png": "a picture", ".txt": "text", ".npz": "arrays", ".json": "JSON", ".tmx": "a Tiled map",
         ".tmj": "a Tiled map"}


class WriteError(Exception):
    """The output could not be written (a full disk, a missing folder...): one line, status 1."""


def _list(formats: tuple[str, ...]) -> str:
    return ", ".join(formats[:-1]) + " or " + formats[-1]


def out_format(out: str, formats: tuple[str, ...] = MAP_FORMATS) -> str:
    """The format ``--out`` asks for: its extension, ``.txt`` for ``-``.

    >>> out_format("cave.TMX"), out_format("-")
    ('.tmx', '.txt')
    """
    if out == STDOUT:
        return ".txt"
    suffix = Path(out).suffix.lower()
    if suffix not in formats:
        raise UsageError(f"--out must end in {_list(formats)} (or be - for the text map on standard output); "
                         f"got {Path(out).name[:60]!r}")
    return suffix


def _names(options: list[str]) -> str:
    return options[0] if len(options) == 1 else ", ".join(options[:-1]) + " and " + options[-1]


def check_shaping(out: str, fmt: str, given: Mapping[str, bool]) -> None:
    """Refuse, naming them, the shaping options given (``given[option]``) that cannot
    apply to ``--out out``; ``--frame`` makes its own size and no caption.

    >>> check_shaping("a.txt", ".txt", {"--frame": True, "--scale": False, "--legend": False})
    Traceback (most recent call last):
    ...
    worldgen.tools.args.UsageError: --frame draws a .png the size of a window: not --out a.txt (text)
    """
    shown = "-" if out == STDOUT else Path(out).name[:60]
    wrong = [opt for opt, on in given.items() if on and fmt not in SHAPING[opt][0]]
    if len(wrong) == 1:
        raise UsageError(f"{wrong[0]} {SHAPING[wrong[0]][1]}: not --out {shown} ({_KIND[fmt]})")
    if wrong:
        raise UsageError(f"{_names(wrong)} do not apply to --out {shown} ({_KIND[fmt]})")
    clash = [opt for opt in ("--scale", "--legend") if given.get("--frame") and given.get(opt)]
    if clash:
        raise UsageError(f"--frame sets the picture's size and draws no caption: drop {_names(clash)}")


def write_picture(out: Path, rgb: np.ndarray, scale: int) -> int:
    """Write ``rgb`` at ``scale``, lowered to fit the pixel budget with a one-line note; return the scale used."""
    h, w = rgb.shape[:2]
    used = fit_scale(h, w, scale)
    if used < scale:
        print(f"worldgen: note: --scale {scale} lowered to {used}: {w * scale}x{h * scale} pixels is over "
              f"the {PIXEL_BUDGET:,}-pixel budget", file=sys.stderr)
    write_png(out, rgb, used)
    return used


def write_map(out: str, fmt: str, stage: Stage, *, final_tiles: np.ndarray | None = None, scale: int | None = None,
              legend: bool | Key = False, frame: tuple[int, int] | None = None, before: Stage | None = None,
              changes: tuple[Change, ...] = (), properties: Mapping[str, Any] | None = None) -> int | None:
    """Write ``stage`` to ``out`` in format ``fmt`` (checked by :func:`out_format` and
    :func:`check_shaping`); return the scale used (a picture's pixels, a Tiled tile's side) or None.

    A picture's ``legend`` may be a :class:`~worldgen.core.image.Key` (the stage table's, with
    its sentence and credit); ``before``, the stage before, is what its tints, and a frame's
    ``changes``, are found against (``worldgen.generators.captions``).

    A float layer stage cannot be text or a Tiled map: a :class:`UsageError` naming ``--stage``."""
    if stage.kind != "tiles" and fmt in (".txt", *TILED_FORMATS):
        raise UsageError(f"--stage {stage.name} is a float layer, not tiles: write it as .png or .npz")
    if out == STDOUT:
        sys.stdout.write(tiles_text(stage.data))
        sys.stdout.flush()
        return None
    try:
        if frame:
            write_png(out, framed_picture(stage, *frame, before, changes))
            return None
        if fmt == ".png":
            return write_picture(Path(out), picture(stage, legend, before), scale or 1)
        if fmt in TILED_FORMATS:
            write_tiled(out, stage, scale or TILE_SIZE, properties)
            return scale or TILE_SIZE
        write_stage(out, stage, final_tiles)
    except OSError as exc:
        raise WriteError(f"cannot write {out}: {exc.strerror or exc}") from None
    return None
