"""The README's pictures are what the code makes today (regenerate: ``make screenshots``).

CLI pictures: each entry of ``docs/pictures.py`` is re-rendered at scale 1 (a few
ms per map) and the committed picture must be exactly that render with every
pixel enlarged to its scale: an exact test that never renders a big picture.

Game screenshots: the game window has one fixed size (960x540), so there is no
smaller render to compare with; the real tool runs instead (through the
``screenshots-game`` make target, wherever the tool lives; about a second) and
its pictures must equal the committed ones pixel for pixel.
"""

import importlib.util
import os
import re
import sys
from pathlib import Path

import numpy as np
import pygame
import pytest

from webtools import run_make

ROOT = Path(__file__).resolve().parent.parent
IMG = ROOT / "docs" / "img"
HINT = "stale README picture: run `make screenshots` and commit docs/img"


def load_pictures_module():
    spec = importlib.util.spec_from_file_location("deepisle_docs_pictures", ROOT / "docs" / "pictures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PICTURES = load_pictures_module().pictures()


def pixels(path: Path) -> np.ndarray:
    return pygame.surfarray.array3d(pygame.image.load(str(path))).transpose(1, 0, 2)


@pytest.mark.parametrize("picture", PICTURES, ids=[p.name for p in PICTURES])
def test_cli_picture_is_the_scale_1_render_enlarged(picture, tmp_path, capsys):
    committed = IMG / picture.name
    assert committed.is_file(), f"{picture.name} is missing: {HINT}"
    small_path = tmp_path / picture.name
    load_pictures_module().render(picture, small_path, scale=1)
    capsys.readouterr()
    small, big = pixels(small_path), pixels(committed)
    s = picture.scale
    assert big.shape == (small.shape[0] * s, small.shape[1] * s, 3), f"{picture.name}: size differs: {HINT}"
    assert np.array_equal(big, np.repeat(np.repeat(small, s, axis=0), s, axis=1)), f"{picture.name}: {HINT}"


def test_every_picture_the_docs_show_exists_and_is_made_by_a_tool():
    """The README and the docs pages (``docs/img/``, ``img/`` or ``../img/`` from where they are)."""
    pages = [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")]
    linked = {part.split(")")[0] for page in pages for part in page.read_text(encoding="utf-8").split("img/")[1:]}
    shown = {name for name in linked if name.endswith(".png")}
    made = {p.name for p in PICTURES} | {n for n in os.listdir(IMG) if n.startswith("game-")}
    assert "island-terrain.png" in shown and "game-look.png" in shown, "the docs show no pictures?"
    assert shown <= made and shown <= set(os.listdir(IMG))


@pytest.fixture(scope="module")
def fresh_shots(tmp_path_factory) -> tuple[Path, str]:
    """The game's screenshot tool, run once into a new folder: the folder and what the tool printed."""
    out = tmp_path_factory.mktemp("shots")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = run_make("-s", "-C", str(ROOT), "-o", ".venv/.installed-serve", "screenshots-game",
                    f"SHOT_DIR={out}", f"PY={sys.executable}", env=env, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return out, proc.stdout


def test_game_screenshots_match_a_fresh_run(fresh_shots):
    tmp_path, _ = fresh_shots
    fresh = sorted(p.name for p in tmp_path.glob("game-*.png"))
    assert fresh, "the game's screenshot tool wrote no game-*.png"
    for name in fresh:
        assert (IMG / name).is_file(), f"{name} is missing: {HINT}"
        assert np.array_equal(pixels(tmp_path / name), pixels(IMG / name)), f"{name}: {HINT}"


def caption(name: str) -> str:
    """The README's words for picture ``name`` (its alt text)."""
    return re.search(rf"!\[([^\]]+)\]\(docs/img/{re.escape(name)}\)", (ROOT / "README.md").read_text("utf-8"))[1]


def test_the_look_pictures_caption_says_what_its_look_panel_shows(fresh_shots):
    """The caption names the creature under the cursor, its state and the tile under it, as the panel does."""
    said = caption("game-look.png")
    [panel] = [line.split(": ", 1)[1] for line in fresh_shots[1].splitlines()
               if line.startswith("game-look.png look panel: ")]
    creature, *_, tile = panel.split(" | ")
    name = re.search(r"on a sleeping ([a-z ]+),", said)[1]
    assert creature.lower().startswith(name + ":") and "asleep" in creature
    assert re.search(r"the ([a-z ]+) under it", said)[1] == tile.lower()


def test_the_generator_pictures_name_the_seeds_they_are_made_with():
    """The README's generators table says which seed made its pictures; docs/pictures.py made them so."""
    section = (ROOT / "README.md").read_text("utf-8").split("## The generators", 1)[1].split("\n## ", 1)[0]
    made = {p.name: p.argv[p.argv.index("--seed") + 1] for p in PICTURES}
    shown = re.findall(r"\(docs/img/([\w-]+\.png)\)", section)
    assert shown
    for name in shown:
        assert f"`{made[name]}`" in section.split("|", 1)[0], f"{name} is made with seed {made[name]!r}"
