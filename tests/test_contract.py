"""The generator contract (``GeneratorSpec``: kind, points, promises, terrains,
colour) holds for every registered generator, and the game and the promise
checks read it from the spec rather than from tables of their own."""

from dataclasses import dataclass

import numpy as np
import pytest

from game.rules.content import terrain
from game.view import sprites
from worldgen.core import registry
from worldgen.core.registry import DUNGEON_POINTS, GeneratorSpec, Promise, Stage, param
from worldgen.core.tiles import WALKABLE, T
from worldgen.toolkit import promises
from worldgen.tools import sweep

SPECS = registry.all_specs()
SEEDS = ("contract-1", "contract-2", "contract-3")


def contract_problems(spec: GeneratorSpec, seeds=SEEDS) -> list[str]:
    """How ``spec``'s final stage breaks its contract over ``seeds`` at its
    default and smallest sizes: point sets other than those it names, points
    that are not ``(k, 2)`` integer ``[x, y]`` rows inside the map, a dungeon's
    points off walkable tiles, a promise broken.  Empty: the contract holds."""
    problems = []
    for seed in seeds:
        for width, height in (spec.default_size, spec.min_size):
            where = f"{spec.name} {seed!r} {width}x{height}"
            result = registry.generate(spec.name, seed, width, height)
            final = result.stages[spec.final_stage]
            if set(final.points) != set(spec.points):
                problems.append(f"{where}: points {sorted(final.points)}, the spec names {sorted(spec.points)}")
            for name, pts in final.points.items():
                pts = np.asarray(pts)
                if not (pts.ndim == 2 and pts.shape[1] == 2 and np.issubdtype(pts.dtype, np.integer)):
                    problems.append(f"{where}: {name} is not (k, 2) integer rows")
                elif not ((pts >= 0) & (pts < (width, height))).all():
                    problems.append(f"{where}: {name} off the map")
                elif spec.kind == "dungeon" and not WALKABLE[final.data[pts[:, 1], pts[:, 0]]].all():
                    problems.append(f"{where}: {name} off walkable tiles")
            problems += [f"{where}: {name}: {why}" for name, why in
                         promises.broken(final, result.params, spec.name).items()]
    return problems


@pytest.mark.parametrize("spec", SPECS, ids=[s.name for s in SPECS])
def test_the_final_stage_gives_exactly_the_points_its_spec_names(spec):
    assert contract_problems(spec) == []


@pytest.mark.parametrize("spec", [s for s in SPECS if s.kind == "dungeon" and s.terrains], ids=lambda s: s.name)
def test_a_dungeon_the_game_plays_gives_one_start_one_exit_and_spawns(spec):
    assert set(DUNGEON_POINTS) <= set(spec.points) and spec.colour is not None
    final = registry.generate(spec.name, SEEDS[0]).stages[spec.final_stage]
    assert final.points["start"].shape == (1, 2) and final.points["exit"].shape == (1, 2)
    assert len(final.points["monsters"]) > 0


def test_every_spec_names_a_known_kind_and_its_promises():
    for spec in SPECS:
        assert spec.kind in registry.KINDS
        assert spec.promises and all(isinstance(p, Promise) and p.doc for p in spec.promises)


# ----------------------------------------------------------------------------- the game reads the spec

#: The game's terrain -> generator table before it was read from the specs (the
#: game's saves and golden runs rely on it): reading the specs changes nothing.
PINNED_STYLES = {
    T.mountain: "caverns", T.hills: "caverns",
    T.forest: "mosaic", T.swamp: "mosaic", T.shallow_water: "mosaic",
    T.grass: "rooms", T.desert: "rooms", T.sand: "rooms", T.ground: "rooms",
}


def test_the_games_terrain_table_is_made_from_the_specs():
    from_specs = {tile: spec.name for spec in SPECS for tile in spec.terrains}
    assert terrain.STYLE_BY_TERRAIN == from_specs == PINNED_STYLES
    assert all(registry.get(terrain.style_for(t)).terrains for t in range(256) if t < len(WALKABLE))


def test_a_sites_stone_is_its_generators_colour():
    for spec in SPECS:
        if spec.colour is not None:
            assert sprites.site_stone(spec.name) == spec.colour
    assert sprites.site_stone("no such generator") == sprites._PLAIN_STONE


# ----------------------------------------------------------------------------- a toy generator

@dataclass(frozen=True)
class ToyParams:
    size: int = param(1, 0, 3, "unused")


def _toy_run(seed, width, height, p):
    tiles = np.full((height, width), T.floor, dtype=np.uint8)
    yield Stage("final", tiles, points={"start": np.array([[1, 1]])})


def never_kept(stage, params):
    """A promise no map keeps."""
    return "broken on purpose"


@pytest.fixture()
def toy():
    spec = registry.register(GeneratorSpec("toy-contract", "Toy", "a toy", ("final",), ToyParams, _toy_run,
                                           (8, 6), (4, 4), (16, 16), points=("start",),
                                           promises=(Promise.of(never_kept),)))
    yield spec
    del registry.REGISTRY[spec.name]


def test_the_promise_checks_and_the_sweep_read_the_specs_promises(toy):
    final = registry.generate(toy.name, "x").last
    assert promises.broken(final, None, toy.name) == {"never_kept": "broken on purpose"}
    counts = sweep.sweep(toy.name, 3)
    assert counts["broken"] == {"never_kept": 3}


def test_a_spec_that_builds_sites_must_give_the_dungeon_points_and_a_colour():
    base = dict(name="bad", title="Bad", summary="", stages=("final",), params=ToyParams, run=_toy_run,
                default_size=(8, 6))
    with pytest.raises(ValueError, match="must be a dungeon"):
        GeneratorSpec(**base, points=("start",), terrains=(T.grass,), colour=(1, 2, 3))
    with pytest.raises(ValueError, match="must be a dungeon"):
        GeneratorSpec(**base, kind="overworld", points=DUNGEON_POINTS, terrains=(T.grass,), colour=(1, 2, 3))
    with pytest.raises(ValueError, match="kind must be"):
        GeneratorSpec(**base, kind="cave")
    with pytest.raises(ValueError, match="final stage"):
        GeneratorSpec(**base, final="nope")


def test_no_overworld_tile_is_claimed_by_two_generators():
    spec = GeneratorSpec("thief", "Thief", "", ("final",), ToyParams, _toy_run, (8, 6),
                         points=DUNGEON_POINTS, terrains=(T.swamp,), colour=(1, 2, 3))
    with pytest.raises(ValueError, match="'mosaic' builds the sites"):
        registry.register(spec)
    assert "thief" not in registry.REGISTRY
