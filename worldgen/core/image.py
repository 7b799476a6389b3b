"""Stage to pixels, and the file formats the CLI writes (PNG, text, npz).

Pure numpy and the standard library: the PNG encoder is a few lines of zlib
and struct, so the library needs neither pygame nor Pillow.  A picture of at
most 256 colours (every map in the game's palette) is written with a palette,
one byte a pixel: a third of the raw bytes, about half the file.  Large
pictures are streamed band by band and capped at :data:`PIXEL_BUDGET` pixels.  How a stage
is drawn (fitted, tinted, its markers' shapes) is :mod:`worldgen.core.drawing`,
whose arrays the game blits through surfarray, so the CLI's pictures and the
screen agree pixel for pixel.
"""

from __future__ import annotations

import io
import math
import struct
import zlib
from collections.abc import Iterator, Mapping
from pathlib import Path

import numpy as np

from .drawing import (Change, Key, changed_mask, draw_markers, fitted_picture, fitted_size, layer_rgb,
                      picture_scale, stage_entries, stage_rgb, tiles_rgb, tinted)
from .files import atomic_file, write_bytes, write_text
from .legend import BACKGROUND, POINT_COLOURS, legend_strip
from .registry import Stage
from .tiles import GLYPHS, legend_json

__all__ = ["POINT_COLOURS", "PIXEL_BUDGET", "layer_rgb", "tiles_rgb", "stage_rgb", "picture", "framed_picture", "fit_scale",
           "Change", "Key", "changed_mask", "stage_entries", "picture_scale", "fitted_size", "fitted_picture",
           "palette_of", "png_chunks", "encode_png", "write_png", "tiles_text", "write_txt", "write_npz", "write_stage"]


def picture(stage: Stage, legend: bool | Key = False, before: Stage | None = None) -> np.ndarray:
    """What a ``.png`` of ``stage`` shows at scale 1: :func:`stage_rgb`, and with
    ``legend`` a key under it (see :mod:`worldgen.core.legend`): with ``True``
    the stage's tiles (or grey scale) and markers; a :class:`Key` adds lines of
    text (a sentence, a credit) and tints the cells its changes find against ``before``.

    The map sits top left; a key wider than the map widens the picture, the
    extra width filled with the key's background."""
    if not legend:
        return stage_rgb(stage)
    key = legend if isinstance(legend, Key) else Key()
    rgb = tinted(stage, before, key.changes)
    draw_markers(rgb, stage.points, rgb.shape[1], rgb.shape[0], None, None, 1.0)
    entries = key.entries or stage_entries(stage, before, key.changes, key.ramp)
    strip = legend_strip(entries, rgb.shape[1], key.lines)
    out = np.empty((rgb.shape[0] + strip.shape[0], strip.shape[1], 3), dtype=np.uint8)
    out[:] = BACKGROUND
    out[:rgb.shape[0], :rgb.shape[1]] = rgb
    out[rgb.shape[0]:] = strip
    return out


def framed_picture(stage: Stage, width: int, height: int, before: Stage | None = None,
                   changes: tuple[Change, ...] = ()) -> np.ndarray:
    """``stage`` as the game's bare demo draws it in a ``width`` x ``height`` window, ``(height, width, 3)``.

    The map is fitted (:func:`fitted_size`, drawn by :func:`fitted_picture`)
    and centred on black.  An embed's poster is this picture, so it shows
    what the live figure shows.

    >>> white = Stage("s", np.ones((2, 4), np.float32), "layer")  # a 4x2 map at 2.5 pixels a tile in 10x6
    >>> framed_picture(white, 10, 6)[:, :, 0] // 255
    array([[0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
           [1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
           [1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
           [1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
           [1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
           [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]], dtype=uint8)
    """
    h, w = stage.data.shape
    fw, fh = fitted_size(w, h, width, height)
    out = np.zeros((height, width, 3), dtype=np.uint8)
    top, left = height // 2 - fh // 2, width // 2 - fw // 2  # centred as pygame's Rect.center places it
    out[top:top + fh, left:left + fw] = fitted_picture(stage, fw, fh, before, changes)
    return out


#: The largest PNG the library writes, in pixels (64 MiB of pixels, e.g. 8192x8192:
#: 192 MB of raw RGB, written in bands so memory stays far below that).
#: :func:`fit_scale` clamps a requested scale to it.
PIXEL_BUDGET = 1 << 26

_BAND_BYTES = 8 << 20  # raw bytes handed to zlib at a time
_IDAT_BYTES = 1 << 20  # compressed bytes per IDAT chunk


def fit_scale(height: int, width: int, scale: int, budget: int = PIXEL_BUDGET) -> int:
    """The largest scale <= ``scale`` whose picture stays within ``budget`` pixels (at least 1).

    >>> fit_scale(32, 88, 8), fit_scale(2000, 2000, 32), fit_scale(1024, 1024, 16)
    (8, 4, 8)
    """
    fits = math.isqrt(budget // max(1, height * width))
    return max(1, min(scale, fits))


def palette_of(rgb: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """``(palette, indices)`` of an ``(h, w, 3) uint8`` picture of at most 256
    colours (``palette[indices]`` is ``rgb``), else None.

    >>> palette, indices = palette_of(np.array([[[9, 9, 9], [0, 0, 0], [9, 9, 9]]], np.uint8))
    >>> palette.tolist(), indices.tolist()
    ([[0, 0, 0], [9, 9, 9]], [[1, 0, 1]])
    """
    packed = rgb[:, :, 0].astype(np.uint32) << 16  # one uint32 a pixel: a few bytes of memory each
    packed |= rgb[:, :, 1].astype(np.uint32) << 8
    packed |= rgb[:, :, 2]
    colours = np.unique(packed)
    if len(colours) > 256:
        return None
    palette = np.stack([colours >> 16, (colours >> 8) & 255, colours & 255], axis=1).astype(np.uint8)
    return palette, np.searchsorted(colours, packed).astype(np.uint8)


def _scaled_rows(pixels: np.ndarray, scale: int) -> Iterator[bytes]:
    """PNG scanlines of ``pixels`` (``(h, w, channels)`` bytes) scaled ``scale`` x ``scale``,
    one band of tile rows at a time.

    The first copy of each tile row is filtered "None"; its ``scale - 1`` repeats are
    filtered "Up" (all zero bytes), which zlib packs to almost nothing even when a row
    is wider than its 32 KiB window."""
    h, w, channels = pixels.shape
    row_bytes = w * scale * channels
    repeat = bytes(1 + row_bytes)
    repeat = b"\x02" + repeat[1:]  # filter Up, no difference from the row above
    band = max(1, _BAND_BYTES // (row_bytes * scale))
    for y0 in range(0, h, band):
        wide = np.repeat(pixels[y0:y0 + band], scale, axis=1).reshape(-1, row_bytes)
        first = np.zeros((wide.shape[0], 1 + row_bytes), dtype=np.uint8)  # filter byte 0
        first[:, 1:] = wide
        if scale == 1:
            yield first.tobytes()
        else:
            yield b"".join(row.tobytes() + repeat * (scale - 1) for row in first)


def png_chunks(rgb: np.ndarray, scale: int = 1, palette: bool = True,
               text: Mapping[str, str] | None = None) -> Iterator[bytes]:
    """The PNG file of an ``(h, w, 3) uint8`` image, each pixel ``scale`` x ``scale``,
    as a stream of byte strings; memory holds one band, never the scaled picture.

    With ``palette`` (the default) a picture of at most 256 colours is written
    indexed (colour type 3, one byte a pixel, see :func:`palette_of`); any
    other, or ``palette=False``, as 8-bit RGB.  The pixels decode the same.
    ``text`` is written as ``iTXt`` chunks (UTF-8; keywords of 1-79 Latin-1
    characters), which image viewers show as the picture's description.

    Raises ``ValueError`` beyond :data:`PIXEL_BUDGET` (callers clamp with :func:`fit_scale`)."""
    rgb = np.ascontiguousarray(rgb, dtype=np.uint8)
    h, w = rgb.shape[:2]
    if h * w * scale * scale > PIXEL_BUDGET:
        raise ValueError(f"a {w * scale}x{h * scale} picture is over the {PIXEL_BUDGET:,}-pixel budget; "
                         f"use --scale {fit_scale(h, w, scale)} or less")

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    indexed = palette_of(rgb) if palette else None
    colour_type = 2 if indexed is None else 3
    head = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w * scale, h * scale, 8, colour_type, 0, 0, 0))
    if indexed is not None:
        head += chunk(b"PLTE", indexed[0].tobytes())
    for keyword, value in (text or {}).items():
        head += chunk(b"iTXt", keyword.encode("latin-1")[:79] + b"\0\0\0\0\0" + value.encode("utf-8"))
    yield head
    pixels = rgb if indexed is None else indexed[1][:, :, None]
    packer = zlib.compressobj(6)
    pending: list[bytes] = []
    size = 0
    for rows in _scaled_rows(pixels, scale):
        pending.append(packer.compress(rows))
        size += len(pending[-1])
        if size >= _IDAT_BYTES:
            yield chunk(b"IDAT", b"".join(pending))
            pending, size = [], 0
    pending.append(packer.flush())
    yield chunk(b"IDAT", b"".join(pending)) + chunk(b"IEND", b"")


def encode_png(rgb: np.ndarray, scale: int = 1, palette: bool = True,
               text: Mapping[str, str] | None = None) -> bytes:
    """Encode an ``(h, w, 3) uint8`` image as PNG bytes, each pixel ``scale`` x ``scale``
    (indexed colour when it fits, ``text`` as ``iTXt``: see :func:`png_chunks`)."""
    return b"".join(png_chunks(rgb, scale, palette, text))


def write_png(path: str | Path, rgb: np.ndarray, scale: int = 1, palette: bool = True) -> None:
    """Write a PNG band by band (see :func:`png_chunks`), whole or not at all (:mod:`.files`)."""
    with atomic_file(path) as fh:
        for piece in png_chunks(rgb, scale, palette):
            fh.write(piece)


def tiles_text(tiles: np.ndarray) -> str:
    """One glyph per tile, one line per row."""
    return "\n".join("".join(row) for row in GLYPHS[tiles]) + "\n"


def write_txt(path: str | Path, tiles: np.ndarray) -> None:
    """:func:`tiles_text` as a UTF-8 file, whole or not at all."""
    write_text(path, tiles_text(tiles))


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
    # The archive is made in memory, then written at once: written straight to
    # a file, a full disk left the zip half-closed, and its __del__ printed a
    # traceback after the caller's one-line error.
    packed = io.BytesIO()
    np.savez_compressed(packed, **arrays)
    write_bytes(path, packed.getbuffer())


def write_stage(path: str | Path, stage: Stage, final_tiles: np.ndarray | None = None,
                scale: int = 1, legend: bool = False) -> None:
    """Write a stage by the file's extension: ``.png``, ``.txt`` or ``.npz``.

    ``final_tiles`` (the run's final tile map) goes into a float stage's
    ``.npz`` beside its layer; ``.txt`` needs a tile stage; ``legend`` adds the
    caption strip to a ``.png``."""
    suffix = Path(path).suffix.lower()
    if suffix == ".png":
        write_png(path, picture(stage, legend), scale)
    elif suffix == ".txt":
        if stage.kind != "tiles":
            raise ValueError(f"stage {stage.name!r} is a float layer; write it as .png or .npz")
        write_txt(path, stage.data)
    elif suffix == ".npz":
        write_npz(path, stage, final_tiles)
    else:
        raise ValueError(f"unknown output type {suffix or '(none)'!r}; use .png, .txt or .npz")
