"""The PNGs the CLI writes, read back by two decoders the world trusts:
Pillow and pygame (libpng).  Each must see exactly the stage's colours:
the palette colour of every tile, the marker colour of every point, the
grey of every float cell, at every scale, with or without the caption.
Pillow is a test-only dependency; ``worldgen`` writes PNGs with zlib alone."""

import io

import numpy as np
import pygame
import pytest
from PIL import Image

from worldgen.core import image, registry
from worldgen.core.image import encode_png, picture
from worldgen.core.legend import OTHER_COLOUR, POINT_COLOURS
from worldgen.core.tiles import PALETTE
from worldgen.generators import captions
from worldgen.tools.cli import main


def by_pillow(data: bytes) -> np.ndarray:
    Image.open(io.BytesIO(data)).verify()  # chunk CRCs and structure
    with Image.open(io.BytesIO(data)) as im:
        assert im.format == "PNG" and im.mode in ("RGB", "P")  # a map of few colours is written with a palette
        return np.asarray(im.convert("RGB"))


def by_pygame(data: bytes) -> np.ndarray:
    surface = pygame.image.load(io.BytesIO(data), "x.png")
    return pygame.surfarray.array3d(surface).transpose(1, 0, 2)


def scaled(rgb: np.ndarray, scale: int) -> np.ndarray:
    return np.repeat(np.repeat(rgb, scale, axis=0), scale, axis=1)


def stage_colours(stage) -> np.ndarray:
    """The colours a picture of ``stage`` must show, worked out from the tables:
    the palette (or grey) per cell, then each point's marker colour."""
    if stage.kind == "tiles":
        rgb = PALETTE[stage.data].copy()
    else:
        lo, hi = stage.vrange
        grey = np.clip(np.rint((stage.data.astype(np.float64) - lo) * 255.0 / ((hi - lo) or 1.0)), 0, 255)
        rgb = np.repeat(grey.astype(np.uint8)[:, :, None], 3, axis=2)
    for name, pts in stage.points.items():
        for x, y in np.asarray(pts).reshape(-1, 2):
            if 0 <= y < rgb.shape[0] and 0 <= x < rgb.shape[1]:
                rgb[y, x] = POINT_COLOURS.get(name, OTHER_COLOUR)
    return rgb


CASES = [(spec.name, stage) for spec in registry.all_specs() for stage in (spec.stages[0], spec.final_stage)]


@pytest.mark.parametrize(("generator", "stage"), CASES, ids=[f"{g}-{s}" for g, s in CASES])
def test_cli_pngs_decode_to_the_stage_colours_in_pillow_and_pygame(capsys, tmp_path, generator, stage):
    spec = registry.get(generator)
    width, height = max(spec.min_size[0], 31), max(spec.min_size[1], 23)
    run = registry.generate(generator, "decoders", width, height, stage=stage)
    made = run.stages[stage]
    key = captions.key(spec, run.stages, stage, None, (width, height))
    for scale, legend in ((1, False), (3, False), (2, True)):
        out = tmp_path / f"{stage}-{scale}.png"
        argv = [generator, "--seed", "decoders", "--width", str(width), "--height", str(height),
                "--stage", stage, "--scale", str(scale), "--out", str(out), *(["--legend"] if legend else [])]
        assert main(argv) == 0, capsys.readouterr().err
        data = out.read_bytes()
        pil, sdl = by_pillow(data), by_pygame(data)
        assert np.array_equal(pil, sdl)
        assert np.array_equal(pil, scaled(picture(made, key, captions.before(spec, run.stages, stage))
                                          if legend else picture(made), scale))
        if legend:
            continue  # the key's picture may tint what its stage changed (tests/test_captions.py)
        # the map itself, read back one pixel per cell, is the colour table's
        cells = pil[:height * scale:scale, :width * scale:scale]
        colours = stage_colours(made)
        if made.kind == "tiles":
            assert np.array_equal(cells, colours)
        else:  # float32 rounding may put a grey one step either side
            assert np.abs(cells.astype(int) - colours.astype(int)).max() <= 1


@pytest.mark.parametrize("scale", [1, 4, 32])
def test_random_pictures_in_many_bands_and_chunks_decode_alike(monkeypatch, scale):
    rng = np.random.default_rng(scale)
    rgb = rng.integers(0, 256, size=(int(rng.integers(1, 90)), int(rng.integers(1, 90)), 3), dtype=np.uint8)
    monkeypatch.setattr(image, "_BAND_BYTES", 4000)
    monkeypatch.setattr(image, "_IDAT_BYTES", 700)
    data = encode_png(rgb, scale)
    assert np.array_equal(by_pillow(data), scaled(rgb, scale))
    assert np.array_equal(by_pygame(data), scaled(rgb, scale))


def test_a_row_wider_than_zlibs_window_decodes_alike():
    """A 40,000-byte scanline: the repeated rows filtered "Up" cross zlib's 32 KiB window."""
    rgb = np.random.default_rng(1).integers(0, 256, size=(3, 500, 3), dtype=np.uint8)
    data = encode_png(rgb, 27)
    assert np.array_equal(by_pillow(data), scaled(rgb, 27))
    assert np.array_equal(by_pygame(data), scaled(rgb, 27))
