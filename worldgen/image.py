"""Stage to pixels, and the file formats the CLI writes (PNG, text, npz).

Pure numpy and the standard library: the PNG encoder is a few lines of zlib
and struct, so the library needs neither pygame nor Pillow.  The game blits
the same :func:`stage_rgb` arrays through surfarray, so the CLI's pictures and
the screen agree pixel for pixel.
"""

from __future__ import annotations

import json
import struct
import zlib
from pathlib import Path

import numpy as np

from .registry import Stage
from .tiles import GLYPHS, PALETTE, legend_json

__all__ = ["POINT_COLOURS", "layer_rgb", "tiles_rgb", "stage_rgb", "encode_png", "write_png",
           "tiles_text", "write_txt", "write_npz", "write_stage"]

#: Marker colours for named points drawn over a stage.
POINT_COLOURS: dict[str, tuple[int, int, int]] = {
    "start": (80, 255, 80),
    "exit": (255, 64, 255),
    "monsters": (255, 48, 48),
    "items": (64, 224, 255),
    "sites": (255, 64, 32),
}


def layer_rgb(layer: np.ndarray, vrange: tuple[float, float]) -> np.ndarray:
    """A float layer as grayscale ``(h, w, 3) uint8``; ``vrange`` maps to black..white."""
    lo, hi = vrange
    span = (hi - lo) or 1.0
    grey = np.clip((np.asarray(layer, dtype=np.float32) - lo) * (255.0 / span), 0, 255)
    grey = (grey + 0.5).astype(np.uint8)
    return np.repeat(grey[:, :, None], 3, axis=2)


def tiles_rgb(tiles: np.ndarray) -> np.ndarray:
    """A tile map in the game's palette, ``(h, w, 3) uint8``."""
    return PALETTE[tiles]


def stage_rgb(stage: Stage, points: bool = True) -> np.ndarray:
    """Any stage as RGB, with its points drawn as single-pixel markers."""
    rgb = tiles_rgb(stage.data) if stage.kind == "tiles" else layer_rgb(stage.data, stage.vrange)
    if points and stage.points:
        rgb = rgb.copy()
        h, w = rgb.shape[:2]
        for name, pts in stage.points.items():
            pts = np.asarray(pts, dtype=np.int64).reshape(-1, 2)
            inside = (pts[:, 0] >= 0) & (pts[:, 0] < w) & (pts[:, 1] >= 0) & (pts[:, 1] < h)
            pts = pts[inside]
            rgb[pts[:, 1], pts[:, 0]] = POINT_COLOURS.get(name, (255, 255, 255))
    return rgb


def encode_png(rgb: np.ndarray, scale: int = 1) -> bytes:
    """Encode an ``(h, w, 3) uint8`` image as PNG bytes, each pixel ``scale``x``scale``."""
    if scale > 1:
        rgb = np.repeat(np.repeat(rgb, scale, axis=0), scale, axis=1)
    rgb = np.ascontiguousarray(rgb, dtype=np.uint8)
    h, w = rgb.shape[:2]
    raw = np.zeros((h, 1 + w * 3), dtype=np.uint8)  # filter byte 0 per row
    raw[:, 1:] = rgb.reshape(h, w * 3)

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw.tobytes(), 6)) + chunk(b"IEND", b""))


def write_png(path: str | Path, rgb: np.ndarray, scale: int = 1) -> None:
    Path(path).write_bytes(encode_png(rgb, scale))


def tiles_text(tiles: np.ndarray) -> str:
    """One glyph per tile, one line per row."""
    return "\n".join("".join(row) for row in GLYPHS[tiles]) + "\n"


def write_txt(path: str | Path, tiles: np.ndarray) -> None:
    Path(path).write_text(tiles_text(tiles), encoding="utf-8")


def write_npz(path: str | Path, stage: Stage, tiles: np.ndarray | None = None, **extra) -> None:
    """``tiles`` uint8 (final or chosen tile stage), ``layer`` float32 for a float
    stage, ``legend`` JSON, and every point set as an ``(k, 2)`` ``[x, y]`` array."""
    arrays: dict[str, np.ndarray] = {"legend": np.array(legend_json())}
    if stage.kind == "tiles":
        arrays["tiles"] = stage.data.astype(np.uint8)
    else:
        arrays["layer"] = stage.data.astype(np.float32)
        if tiles is not None:
            arrays["tiles"] = tiles.astype(np.uint8)
    for name, pts in stage.points.items():
        arrays[name] = np.asarray(pts, dtype=np.int32).reshape(-1, 2)
    for name, value in extra.items():
        arrays[name] = np.asarray(value)
    with open(path, "wb") as fh:
        np.savez_compressed(fh, **arrays)


def write_stage(path: str | Path, stage: Stage, final_tiles: np.ndarray | None = None,
                scale: int = 1) -> None:
    """Write a stage by the file's extension: ``.png``, ``.txt`` or ``.npz``.

    ``final_tiles`` (the run's final tile map) goes into a float stage's
    ``.npz`` beside its layer; ``.txt`` needs a tile stage."""
    suffix = Path(path).suffix.lower()
    if suffix == ".png":
        write_png(path, stage_rgb(stage), scale)
    elif suffix == ".txt":
        if stage.kind != "tiles":
            raise ValueError(f"stage {stage.name!r} is a float layer; write it as .png or .npz")
        write_txt(path, stage.data)
    elif suffix == ".npz":
        write_npz(path, stage, final_tiles)
    else:
        raise ValueError(f"unknown output type {suffix or '(none)'!r}; use .png, .txt or .npz")


def info_json(**fields) -> str:
    return json.dumps(fields, ensure_ascii=False)
