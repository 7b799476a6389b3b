"""docs/ARCHITECTURE.md's recipe "A new generator", walked: a throwaway
generator is written as its own module, registered by importing it, and the
registry, the command line, links, the bench, the promise checks, the sweep
and the contract pick it up with nothing else changed.  Then it is removed."""

import importlib
import json
import sys
import textwrap

import pytest

from game.shell.settings import parse_query
from tests.test_contract import contract_problems
from worldgen.core import registry
from worldgen.toolkit import promises
from worldgen.tools import bench, sweep
from worldgen.tools.cli import main

#: The whole new generator: a walled hall with the stairs in opposite corners.
MODULE = '''
    """Hall: one walled room, the stairs in opposite corners."""

    from dataclasses import dataclass

    import numpy as np

    from worldgen.core import seeding
    from worldgen.core.registry import DUNGEON_POINTS, GeneratorSpec, Progress, Stage, param, register
    from worldgen.core.tiles import T
    from worldgen.toolkit import promises


    @dataclass(frozen=True)
    class HallParams:
        monsters: int = param(2, 0, 10, "monsters in the hall")


    def run(seed, width, height, p):
        tiles = np.full((height, width), T.wall, dtype=np.uint8)
        yield Stage("walls", tiles.copy())
        yield Progress("hall", 0.5)
        tiles[1:-1, 1:-1] = T.floor
        tiles[1, 1], tiles[-2, -2] = T.stairs_up, T.stairs_down
        spots = seeding.rng(seed, "monsters").integers(2, min(width, height) - 2, size=(p.monsters, 2))
        points = {"start": np.array([[1, 1]]), "exit": np.array([[width - 2, height - 2]]),
                  "monsters": spots, "items": np.zeros((0, 2), dtype=np.int64)}
        yield Stage("hall", tiles, points=points)


    SPEC = register(GeneratorSpec(
        name="hall", title="Hall", summary="one walled room", stages=("walls", "hall"), params=HallParams,
        run=run, default_size=(24, 16), min_size=(8, 8), max_size=(64, 64), bench_sizes=((24, 16),),
        kind="dungeon", points=DUNGEON_POINTS, promises=promises.DUNGEON))
'''


@pytest.fixture()
def hall(tmp_path, monkeypatch):
    (tmp_path / "hall_generator.py").write_text(textwrap.dedent(MODULE), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("hall_generator")   # importing registers it: the recipe's one line
    yield module.SPEC
    del registry.REGISTRY["hall"]
    sys.modules.pop("hall_generator", None)


def test_a_new_generator_is_its_module_and_one_registration(hall, tmp_path, capsys):
    assert registry.get("hall") is hall and registry.all_specs()[-1] is hall
    assert contract_problems(hall, seeds=("a", "b")) == []    # its points, and its promises kept

    assert main(["list"]) == 0 and "hall: one walled room" in capsys.readouterr().out
    assert main(["hall", "--seed", "a", "--out", str(tmp_path / "hall.txt")]) == 0
    assert json.loads(capsys.readouterr().out)["stage"] == "hall"
    assert (tmp_path / "hall.txt").read_text(encoding="utf-8").splitlines()[1].startswith("#<")

    assert parse_query("demo=hall&p.monsters=99").params == {"monsters": 10}
    assert sweep.sweep("hall", 3)["broken"] == {p.name: 0 for p in promises.DUNGEON}
    assert bench.measure("hall", 24, 16, repeat=1, memory=False)["runs"] == 1
