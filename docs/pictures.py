"""Every picture of the README and the docs that the CLI makes, and how: ``python docs/pictures.py [OUTDIR]``.

``make screenshots`` runs this (then the game's own screenshot tool for the
``game-*.png`` pictures).  Each entry is a file name, the CLI arguments and a
scale; ``tests/test_readme_pictures.py`` re-renders every entry at scale 1 and
checks that the committed picture is exactly that render, enlarged.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
SEED = "deepisle"
WIDTH = 480  # pictures are about this wide


class Picture(NamedTuple):
    name: str  # file name in docs/img
    argv: tuple[str, ...]  # CLI arguments without --out and --scale
    scale: int


def pictures() -> list[Picture]:
    """Every stage of every generator, the mosaic preset, a world location, a legend."""
    from worldgen import all_specs

    shots = [Picture(f"{spec.name}-{stage}.png", (spec.name, "--seed", SEED, "--stage", stage),
                     max(1, WIDTH // spec.default_size[0]))
             for spec in all_specs() for stage in spec.stages]
    shots.append(Picture("mosaic-civilized.png", ("mosaic", "--seed", SEED, "--param", "preset=civilized"), 4))
    shots.append(Picture("caverns-legend.png", ("caverns", "--seed", SEED, "--legend"), 5))
    shots.append(Picture("world-avalon-0.png", ("world", "--seed", "Avalon", "--location", "0"), 4))
    return shots


def render(picture: Picture, out: Path, scale: int | None = None) -> None:
    """Make one picture with the CLI (at its own scale unless ``scale`` is given)."""
    from worldgen.tools.cli import main

    argv = [*picture.argv, "--scale", str(scale or picture.scale), "--out", str(out)]
    if main(argv) != 0:
        raise SystemExit(f"pictures: the CLI failed on {' '.join(argv)}")


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else ROOT / "docs" / "img")
    out.mkdir(parents=True, exist_ok=True)
    for picture in pictures():
        render(picture, out / picture.name)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main(sys.argv[1:]))
