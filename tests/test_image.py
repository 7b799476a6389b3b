"""PNG output: exact pixels at every scale, streamed in bands, capped by a pixel budget."""

import io
import json
import subprocess
import sys
import tracemalloc
from pathlib import Path

import numpy as np
import pygame
import pytest

from worldgen.core import image, legend, registry
from worldgen.core.image import PIXEL_BUDGET, encode_png, fit_scale, picture, png_chunks, write_png
from worldgen.core.tiles import PALETTE


def decode(data: bytes) -> np.ndarray:
    """PNG bytes -> (h, w, 3) uint8, by pygame's own decoder (an independent check)."""
    surface = pygame.image.load(io.BytesIO(data), "x.png")
    return pygame.surfarray.array3d(surface).transpose(1, 0, 2)


def scaled(rgb: np.ndarray, scale: int) -> np.ndarray:
    return np.repeat(np.repeat(rgb, scale, axis=0), scale, axis=1)


@pytest.mark.parametrize("scale", [1, 2, 3, 7])
def test_png_pixels_are_exact_across_bands_and_chunks(monkeypatch, scale):
    rng = np.random.default_rng(scale)
    rgb = rng.integers(0, 256, size=(157, 131, 3), dtype=np.uint8)  # noise: zlib emits as it goes
    monkeypatch.setattr(image, "_BAND_BYTES", 5000)  # a few tile rows per band
    monkeypatch.setattr(image, "_IDAT_BYTES", 500)  # several IDAT chunks
    pieces = list(png_chunks(rgb, scale))
    data = b"".join(pieces)
    assert data.count(b"IDAT") > 1
    assert np.array_equal(decode(data), scaled(rgb, scale))


def test_scaled_png_packs_repeated_rows_small():
    """Repeated rows are filtered "Up" (zeros): scale 8 costs little more than scale 1."""
    rgb = np.random.default_rng(0).integers(0, 256, size=(64, 64, 3), dtype=np.uint8)
    assert len(encode_png(rgb, 8)) < 3 * len(encode_png(rgb, 1))


def test_writing_a_big_png_holds_no_full_size_copy(tmp_path):
    """8192x8192 (192 MB of raw RGB) is written with a few MB of peak allocation."""
    rgb = np.random.default_rng(1).integers(0, 256, size=(1024, 1024, 3), dtype=np.uint8)
    tracemalloc.start()
    try:
        write_png(tmp_path / "big.png", rgb, 8)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 48 * 2**20, f"peak {peak / 2**20:.1f} MiB"
    head = (tmp_path / "big.png").read_bytes()[:24]
    assert head[16:24] == (8192).to_bytes(4, "big") * 2  # IHDR width, height


def test_budget_is_enforced_and_fit_scale_respects_it():
    assert fit_scale(2000, 2000, 32) == 4 and 2000 * 2000 * 16 <= PIXEL_BUDGET < 2000 * 2000 * 25
    assert fit_scale(32, 88, 32) == 32 and fit_scale(10**5, 10**5, 3) == 1
    with pytest.raises(ValueError, match="over the 67,108,864-pixel budget; use --scale 4"):
        next(png_chunks(np.zeros((2000, 2000, 3), np.uint8), 5))


@pytest.mark.parametrize("argv, used", [
    (["caverns", "--width", "2000", "--height", "2000", "--scale", "32"], 4),
    (["island", "--width", "1024", "--height", "1024", "--scale", "16"], 8),
])
def test_largest_legal_requests_finish_under_1_gb(tmp_path, argv, used):
    """The issue's two cases, in a fresh process whose peak resident memory is measured."""
    out = tmp_path / "big.png"
    code = ("import resource, sys\nfrom worldgen.tools.cli import main\n"
            f"code = main({argv + ['--seed', 'big', '--out', str(out)]!r})\n"
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\nsys.exit(code)\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    line, peak_kib = proc.stdout.splitlines()
    assert json.loads(line)["scale"] == used
    assert int(peak_kib) < 2**20, f"peak RSS {int(peak_kib) / 1024:.0f} MiB"
    note = proc.stderr.strip().splitlines()
    assert len(note) == 1 and f"--scale {argv[-1]} lowered to {used}" in note[0]
    side = int(argv[2]) * used
    assert out.read_bytes()[16:24] == side.to_bytes(4, "big") * 2


def test_picture_with_legend_keeps_the_map_and_names_every_marker():
    stage = registry.generate("caverns", "legend", 96, 64).last
    plain, captioned = picture(stage), picture(stage, legend=True)
    h, w = plain.shape[:2]
    assert captioned.shape[0] > h and captioned.shape[1] == w
    assert np.array_equal(captioned[:h], plain)
    strip = captioned[h:]
    colours = {tuple(c) for c in strip.reshape(-1, 3)}
    assert {legend.POINT_COLOURS[n] for n in ("start", "exit", "monsters", "items")} <= colours
    assert legend.TEXT in colours
    label = legend.text_mask(f"monsters {len(stage.points['monsters'])}")
    lit = np.all(strip == legend.TEXT, axis=2)
    assert any(np.array_equal(lit[y:y + 5, x:x + label.shape[1]], label)
               for y in range(lit.shape[0] - 4) for x in range(lit.shape[1] - label.shape[1] + 1))


def test_legend_on_a_stage_without_points_names_its_tiles():
    stage = registry.generate("island", "plain", 88, 32).last
    captioned = picture(stage, legend=True)
    assert np.array_equal(captioned[:32, :88], picture(stage)) and captioned.shape[0] > 32
    strip = captioned[32:]
    colours = {tuple(c) for c in strip.reshape(-1, 3)}
    assert {tuple(PALETTE[t]) for t in np.unique(stage.data)} <= colours


def test_legend_on_a_layer_names_its_grey_scale():
    stage = registry.generate("island", "plain", 88, 32, stage="noise").stages["noise"]
    strip = picture(stage, legend=True)[32:]
    lit = np.all(strip == legend.TEXT, axis=2)
    label = legend.text_mask("low to high")
    assert any(np.array_equal(lit[y:y + 5, x:x + label.shape[1]], label)
               for y in range(lit.shape[0] - 4) for x in range(lit.shape[1] - label.shape[1] + 1))


def test_legend_widens_a_narrow_map():
    stage = registry.generate("rooms", "narrow", 20, 12).last
    captioned = picture(stage, legend=True)
    assert captioned.shape[1] > 20
    assert np.all(captioned[:12, 20:] == legend.BACKGROUND)


def test_cli_page_legend_table_lists_every_marker_colour():
    page = (Path(__file__).resolve().parent.parent / "docs" / "CLI.md").read_text(encoding="utf-8")
    for name, rgb in legend.POINT_COLOURS.items():
        assert f"| `{name}` | " in page and "#%02x%02x%02x" % rgb in page, name


def colour_type(data: bytes) -> int:
    assert data[12:16] == b"IHDR"
    return data[25]


@pytest.mark.parametrize("scale", [1, 3])
def test_a_map_is_written_indexed_and_decodes_to_the_same_pixels(scale):
    stage = registry.generate("caverns", "palette", 96, 64).last
    rgb = image.stage_rgb(stage)
    indexed, full = encode_png(rgb, scale), encode_png(rgb, scale, palette=False)
    assert colour_type(indexed) == 3 and colour_type(full) == 2
    assert np.array_equal(decode(indexed), scaled(rgb, scale)) and np.array_equal(decode(full), scaled(rgb, scale))
    assert len(indexed) < len(full)


def test_a_poster_is_indexed_and_about_half_the_bytes():
    stage = registry.generate("island", "abc", stage="mask").stages["mask"]
    rgb = image.framed_picture(stage, 960, 540)
    indexed, full = encode_png(rgb), encode_png(rgb, palette=False)
    assert colour_type(indexed) == 3 and np.array_equal(decode(indexed), rgb)
    assert len(indexed) < 0.7 * len(full), (len(indexed), len(full))


def test_more_than_256_colours_stay_rgb():
    rgb = np.zeros((1, 257, 3), np.uint8)
    rgb[0, :, 0] = np.arange(257) % 256
    rgb[0, 256, 1] = 1  # the 257th colour
    assert image.palette_of(rgb) is None and image.palette_of(rgb[:, :256]) is not None
    data = encode_png(rgb)
    assert colour_type(data) == 2 and np.array_equal(decode(data), rgb)


def test_a_stage_draws_its_points_on_the_first_and_last_row_and_column_and_none_past_them():
    """A point is drawn when 0 <= x < w and 0 <= y < h: the corners are; one step past any side
    (a negative index would wrap to the far side) is left out."""
    w, h = 5, 4
    inside = [[0, 0], [w - 1, 0], [0, h - 1], [w - 1, h - 1]]
    outside = [[-1, 1], [w, 1], [1, -1], [1, h]]
    stage = registry.Stage("s", np.zeros((h, w), np.float32), "layer", points={"start": inside + outside})
    plain = image.stage_rgb(stage, points=False)
    drawn = np.argwhere((image.stage_rgb(stage) != plain).any(axis=2))
    assert sorted(map(tuple, drawn[:, ::-1].tolist())) == sorted(map(tuple, inside))


def test_legend_entries_that_fill_a_line_exactly_share_it_and_one_pixel_less_wraps_the_second():
    points = {"start": np.array([[1, 2]]), "monsters": np.zeros((12, 2))}
    first, second = (legend._entry(e).shape[1] for e in legend.point_entries(points))
    exact = legend._PAD + first + legend._GAP + second + legend._PAD
    assert legend.legend_strip(points, exact).shape[:2] == (legend._LINE_H, exact)
    assert legend.legend_strip(points, exact - 1).shape[0] == 2 * legend._LINE_H
