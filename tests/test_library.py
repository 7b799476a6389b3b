"""worldgen as a library: numpy alone, never pygame, and docs/LIBRARY.md's examples run as written."""

import doctest
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Run first in a fresh interpreter: any import of pygame (or a pygame submodule) raises.
BLOCK_PYGAME = textwrap.dedent("""
    import sys

    class BlockPygame:
        def find_spec(self, name, path=None, target=None):
            if name == "pygame" or name.startswith("pygame."):
                raise ImportError(f"worldgen imported {name}")

    sys.meta_path.insert(0, BlockPygame())
""")


def run_without_pygame(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", BLOCK_PYGAME + textwrap.dedent(code)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)


def test_library_page_examples_run_as_written():
    failures, tried = doctest.testfile(str(ROOT / "docs" / "LIBRARY.md"), module_relative=False,
                                       optionflags=doctest.ELLIPSIS)
    assert tried > 30 and failures == 0


def test_the_blocker_really_blocks_pygame():
    proc = run_without_pygame("import pygame")
    assert proc.returncode != 0 and "worldgen imported pygame" in proc.stderr


def test_every_worldgen_module_imports_and_generates_without_pygame():
    proc = run_without_pygame("""
        import importlib, pkgutil
        import worldgen
        names = [m.name for m in pkgutil.walk_packages(worldgen.__path__, "worldgen.")
                 if m.name != "worldgen.__main__"]
        for name in names:
            importlib.import_module(name)
        result = worldgen.generate("rooms", "library", 60, 40)
        assert result.last.data.shape == (40, 60)
        assert not [m for m in sys.modules if m == "pygame" or m.startswith("pygame.")]
        print(len(names), "modules")
    """)
    assert proc.returncode == 0, proc.stderr
    assert int(proc.stdout.split()[0]) >= 20


def test_worldgen_command_lists_generators_without_pygame():
    proc = run_without_pygame("""
        import runpy
        sys.argv = ["worldgen", "list"]
        runpy.run_module("worldgen", run_name="__main__", alter_sys=True)
    """)
    assert proc.returncode == 0, proc.stderr
    assert "island:" in proc.stdout and "rooms:" in proc.stdout and "--param" in proc.stdout


def test_installing_without_extras_asks_for_numpy_alone():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert [dep.split(">")[0].split("=")[0] for dep in project["dependencies"]] == ["numpy"]
    game = project["optional-dependencies"]["game"]
    assert any(dep.startswith("pygame-ce") for dep in game)
    assert project["scripts"] == {"deepisle": "game.command:run", "worldgen": "worldgen.tools.cli:main"}


def test_the_tile_table_the_library_page_shows_is_the_tile_table():
    """docs/LIBRARY.md lists every tile id with its name, glyph, walkable and transparent: as TILES has them."""
    from worldgen.core.tiles import TILES

    page = (ROOT / "docs" / "LIBRARY.md").read_text(encoding="utf-8")
    rows = [line for line in page.splitlines() if line.startswith("| ") and line[2].isdigit()]
    shown = []
    for row in rows:
        cells = [c.strip() for c in row.strip("|").replace("\\|", "\x00").split("|")]
        glyph = " " if cells[2] == "(space)" else cells[2].strip("`").replace("\x00", "|")
        shown.append((int(cells[0]), cells[1].strip("`"), glyph, cells[3] == "yes", cells[4] == "yes"))
    assert shown == [(t.id, t.name, t.glyph, t.walkable, t.transparent) for t in TILES]
