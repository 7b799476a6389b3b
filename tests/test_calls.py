"""worldgen's typed keyword functions (``worldgen.caverns(seed=..., loops=...)``): written from the
registry's tables (never out of date), each parameter with its default, type and documented range, and
the same maps as ``generate``."""

import inspect
import typing

import numpy as np
import pytest

import worldgen
from worldgen import calls
from worldgen.core import registry
from worldgen.tools import calls as writer

SPECS = registry.all_specs()
TYPES = {int: int, float: float, bool: bool}


def test_the_committed_module_is_what_the_tables_make():
    """When this fails, run ``python -m worldgen.tools.calls`` and commit worldgen/calls.py."""
    assert writer.TARGET.read_text(encoding="utf-8") == writer.render()


def test_there_is_one_function_per_generator_at_the_top_of_the_package():
    assert calls.__all__ == [spec.name for spec in SPECS]
    for spec in SPECS:
        assert getattr(worldgen, spec.name) is getattr(calls, spec.name)


@pytest.mark.parametrize("spec", SPECS, ids=[s.name for s in SPECS])
def test_every_parameter_is_a_typed_keyword_with_its_default(spec):
    function = getattr(calls, spec.name)
    signature = inspect.signature(function)
    hints = typing.get_type_hints(function)
    params = signature.parameters
    assert list(params)[:4] == ["seed", "width", "height", "stage"]
    assert params["seed"].default is None and params["seed"].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
    assert (params["width"].default, params["height"].default) == spec.default_size
    assert typing.get_args(typing.get_args(hints["stage"])[0]) == spec.stages
    assert hints["return"] is registry.Result
    for p in spec.param_specs:
        assert params[p.name].kind is inspect.Parameter.KEYWORD_ONLY
        assert params[p.name].default == p.default and type(params[p.name].default) is type(p.default)
        if p.choices:
            assert typing.get_args(hints[p.name]) == p.choices
        else:
            assert hints[p.name] is TYPES[p.type]
    assert list(params)[4:] == [p.name for p in spec.param_specs]


@pytest.mark.parametrize("spec", SPECS, ids=[s.name for s in SPECS])
def test_every_parameter_has_its_range_and_default_in_the_docstring(spec):
    doc = " ".join(getattr(calls, spec.name).__doc__.split())
    (wlo, hlo), (whi, hhi) = spec.min_size, spec.max_size
    assert f"width: {wlo}..{whi} tiles (default {spec.default_size[0]})" in doc
    assert f"height: {hlo}..{hhi} tiles (default {spec.default_size[1]})" in doc
    for p in spec.param_specs:
        rng = "true or false" if p.type is bool else " | ".join(p.choices) if p.choices else f"{p.lo}..{p.hi}"
        default = f'"{p.default}"' if isinstance(p.default, str) else repr(p.default)
        assert f"{p.name}: {rng} (default {default}): {' '.join(p.help.split())}" in doc


def test_a_keyword_call_makes_the_generate_calls_map():
    cave = worldgen.caverns("kw", width=48, height=32, loops=0.4, fill=0.5)
    same = worldgen.generate("caverns", "kw", 48, 32, {"loops": 0.4, "fill": 0.5})
    assert np.array_equal(cave.last.data, same.last.data)
    other = worldgen.caverns("kw", width=48, height=32)
    assert not np.array_equal(cave.last.data, other.last.data)
    mosaic = worldgen.mosaic("kw", width=48, height=40, preset="civilized", stage="styles")
    assert list(mosaic.stages) == ["mask", "styles"]


def test_a_value_out_of_range_names_the_parameter_and_an_unknown_keyword_is_a_type_error():
    with pytest.raises(worldgen.ParamError, match="loops must be in 0.0..1.0; got 5.0"):
        worldgen.caverns("kw", loops=5)
    with pytest.raises(worldgen.ParamError, match="caverns size must be"):
        worldgen.caverns("kw", width=9)
    with pytest.raises(TypeError, match="loopz"):
        worldgen.caverns("kw", loopz=0.3)
    with pytest.raises(TypeError):
        worldgen.caverns("kw", 48, 32)  # the size is keyword-only: no silent mix-up of width and a parameter


def test_the_check_option_says_whether_the_module_is_up_to_date(capsys, monkeypatch, tmp_path):
    assert writer.main(["--check"]) == 0
    stale = tmp_path / "calls.py"
    stale.write_text("# old\n", encoding="utf-8")
    monkeypatch.setattr(writer, "TARGET", stale)
    assert writer.main(["--check"]) == 1 and "run python -m worldgen.tools.calls" in capsys.readouterr().out
    assert writer.main([]) == 0 and stale.read_text(encoding="utf-8") == writer.render()
