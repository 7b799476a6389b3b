"""The registry protocol, with a tiny generator registered for the test only."""

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from worldgen.core import registry, seeding
from worldgen.core.registry import GeneratorSpec, ParamError, Progress, Stage, param
from worldgen.core.tiles import GLYPHS, PALETTE, TILES, TRANSPARENT, WALKABLE, T, legend_json

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class ToyParams:
    fill: float = param(0.5, 0.0, 1.0, "wall fraction")
    rounds: int = param(2, 0, 5, "progress events")
    style: str = param("a", choices=("a", "b"), help="a style")
    flag: bool = param(False, help="a switch")


calls = []


def toy_run(seed, width, height, p):
    rng = seeding.rng(seed, "toy")
    walls = rng.random((height, width)) < p.fill
    calls.append("first")
    yield Stage("first", np.where(walls, T.wall, T.floor).astype(np.uint8))
    for i in range(p.rounds):
        yield Progress("second", (i + 1) / p.rounds)
    calls.append("second")
    yield Stage("second", walls.astype(np.float32), kind="layer", points={"start": np.array([[0, 0]])})


@pytest.fixture()
def toy():
    spec = registry.register(GeneratorSpec("toy", "Toy", "a test generator", ("first", "second"),
                                           ToyParams, toy_run, (8, 6), (2, 2), (50, 50)))
    calls.clear()
    yield spec
    del registry.REGISTRY["toy"]


def test_generate_drains_all_stages_in_order(toy):
    result = registry.generate("toy", "s", 8, 6)
    assert list(result.stages) == ["first", "second"]
    assert result.last.kind == "layer" and result.stages["first"].data.shape == (6, 8)


def test_generate_stops_at_the_requested_stage(toy):
    registry.generate("toy", "s", stage="first")
    assert calls == ["first"]  # the later stage was never computed


def test_same_seed_same_bytes_and_params_parse(toy):
    a = registry.generate("toy", "x", params={"fill": "0.25"}).stages["first"].data
    b = registry.generate("toy", "x", params={"fill": 0.25}).stages["first"].data
    c = registry.generate("toy", "y", params={"fill": 0.25}).stages["first"].data
    assert a.tobytes() == b.tobytes() != c.tobytes()


@pytest.mark.parametrize("values, message", [
    ({"fill": "2"}, "fill must be in 0.0..1.0"),
    ({"fill": "nan"}, "fill expects float"),
    ({"rounds": "1.5"}, "rounds expects int"),
    ({"style": "c"}, "style must be one of a, b"),
    ({"flag": "maybe"}, "flag expects bool"),
    ({"nope": "1"}, "toy has no parameter 'nope'"),
])
def test_bad_params_raise_clear_errors(toy, values, message):
    with pytest.raises(ParamError, match=message):
        toy.make_params(values)


def test_size_and_stage_and_name_checks(toy):
    with pytest.raises(ParamError, match="size must be 2..50 x 2..50"):
        registry.generate("toy", "s", 51, 6)
    with pytest.raises(ParamError, match="no stage 'third'"):
        registry.generate("toy", "s", stage="third")
    with pytest.raises(ParamError, match="unknown generator 'nothing'"):
        registry.get("nothing")


def test_param_table_clamp_and_non_default(toy):
    spec = toy.param_spec("rounds")
    assert (spec.default, spec.lo, spec.hi, spec.type) == (2, 0, 5, int)
    assert spec.clamp(99) == 5 and spec.clamp(-3) == 0
    assert toy.non_default(toy.make_params({"rounds": 3})) == {"rounds": 3}


def test_tile_table_is_consistent():
    assert len(PALETTE) == len(WALKABLE) == len(TRANSPARENT) == len(GLYPHS) == len(TILES)
    assert [t.id for t in TILES] == list(range(len(TILES)))
    assert len({t.name for t in TILES}) == len(TILES)
    assert not WALKABLE[T.wall] and WALKABLE[T.floor] and not TRANSPARENT[T.wall]
    assert '"name": "wall"' in legend_json()


def test_every_registered_generator_follows_the_protocol():
    """Each real generator yields exactly its declared stages, in order, with valid data."""
    for spec in registry.all_specs():
        w, h = spec.min_size
        seen = []
        for item in registry.run(spec.name, "protocol", max(w, 32), max(h, 32)):
            if isinstance(item, Stage):
                seen.append(item.name)
                assert item.data.shape == (max(h, 32), max(w, 32)), (spec.name, item.name)
                if item.kind == "tiles":
                    assert item.data.max() < len(TILES)
                else:
                    assert item.data.dtype == np.float32
            else:
                assert isinstance(item, Progress) and 0.0 <= item.done <= 1.0
        assert tuple(seen) == spec.stages, spec.name
        for p in spec.param_specs:
            assert p.help, f"{spec.name}.{p.name} needs a one-line description"
            assert p.choices or p.lo <= p.default <= p.hi


def test_live_stage_paints_its_data_at_each_read():
    """A LiveStage (the rooms preview) is a Stage whose data comes from its
    paint function every time it is read: what it shows is the state at the
    read, and a paint that hands back the wrong dtype is refused."""
    state = {"tiles": np.full((2, 3), T.wall, dtype=np.uint8), "paints": 0}

    def paint():
        state["paints"] += 1
        return state["tiles"]

    live = registry.LiveStage("rooms", paint)
    assert isinstance(live, Stage) and live.kind == "tiles" and live.name == "rooms"
    assert (live.data == T.wall).all()
    state["tiles"] = np.full((2, 3), T.floor, dtype=np.uint8)  # the map moved on: the next read shows it
    assert (live.data == T.floor).all() and state["paints"] == 2
    with pytest.raises(AttributeError):
        live.name = "other"  # frozen, like every stage
    state["tiles"] = np.zeros((2, 3), dtype=np.float32)
    with pytest.raises(TypeError):
        live.data
    with pytest.raises(ValueError):
        registry.LiveStage("rooms", paint, kind="layer")


def test_importing_any_part_of_the_library_registers_the_built_in_generators():
    """Registration is one-way (the registry never imports a generator): the
    package imports the built-ins, so even a bare ``worldgen.core.registry``
    import finds all five, in the gallery's order."""
    code = "from worldgen.core import registry; print(' '.join(s.name for s in registry.all_specs()))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.split() == ["island", "biomes", "caverns", "mosaic", "rooms"]


def test_a_generator_registered_later_comes_after_the_built_in_ones(toy):
    assert [s.name for s in registry.all_specs()][-1] == "toy"
    assert registry.get("toy") is toy


def test_every_numeric_parameter_takes_its_bounds_and_refuses_one_step_beyond():
    """Each range is inclusive at both ends: lo and hi parse, the next int (or float) out is refused."""
    checked = 0
    for spec in registry.all_specs():
        for p in spec.param_specs:
            if p.choices or p.type not in (int, float):
                continue
            below, above = (p.lo - 1, p.hi + 1) if p.type is int else \
                (float(np.nextafter(p.lo, -np.inf)), float(np.nextafter(p.hi, np.inf)))
            assert (p.parse(repr(p.lo)), p.parse(repr(p.hi))) == (p.lo, p.hi), (spec.name, p.name)
            for out in (below, above):
                with pytest.raises(ParamError, match=f"{p.name} must be in"):
                    p.parse(repr(out))
            checked += 1
    assert checked > 20


def test_every_generator_takes_its_smallest_and_largest_size_and_refuses_one_beyond_each_side():
    for spec in registry.all_specs():
        (wlo, hlo), (whi, hhi) = spec.min_size, spec.max_size
        for w, h in ((wlo, hlo), (whi, hhi), (wlo, hhi), (whi, hlo)):
            spec.check_size(w, h)
        for w, h in ((wlo - 1, hlo), (whi + 1, hlo), (wlo, hlo - 1), (wlo, hhi + 1)):
            with pytest.raises(ParamError, match=f"{spec.name} size must be {wlo}..{whi} x {hlo}..{hhi}"):
                spec.check_size(w, h)
