"""Writes ``worldgen/calls.py``: one typed keyword function per built-in generator,
made from the registry's parameter tables (the one place they live).

    python -m worldgen.tools.calls          # rewrite worldgen/calls.py
    python -m worldgen.tools.calls --check  # status 1 when the file differs from the tables

``tests/test_calls.py`` fails when the committed file and the tables differ,
so a new parameter, range or default is one run of this script away from
every editor's completion and ``help(worldgen.caverns)``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from worldgen.core import registry

__all__ = ["render", "TARGET", "main"]

TARGET = Path(__file__).resolve().parent.parent / "calls.py"
_TYPES = {int: "int", float: "float", bool: "bool", str: "str"}

HEAD = '''"""Typed keyword functions, one per generator: ``worldgen.caverns(seed="my-post", loops=0.3)``.

Each runs its generator like :func:`worldgen.generate` and returns the same
:class:`~worldgen.core.registry.Result` (every stage by name); its keywords are
the size, ``stage`` (stop once it is made) and every parameter of the
generator, each with its default and, in the docstring, its range.  A value
out of range is a :class:`~worldgen.core.registry.ParamError` (a
``ValueError``) naming it.  The seed follows the library's one rule (any
text or int, cleaned; None or empty rolls one, reported as
``Result.seed_text``).

Written by ``python -m worldgen.tools.calls`` from the registry's parameter
tables; ``tests/test_calls.py`` fails when the two differ.  Do not edit.
"""

from __future__ import annotations

from typing import Literal

from .core.registry import Result, generate

__all__ = [{names}]
'''


def _q(value: object) -> str:
    """A value as this project writes it in code: strings in double quotes."""
    return json.dumps(value) if isinstance(value, str) else repr(value)


def _annotation(spec: registry.ParamSpec) -> str:
    if spec.choices:
        return "Literal[" + ", ".join(_q(c) for c in spec.choices) + "]"
    return _TYPES[spec.type]


def _wrap(text: str | list[str], indent: str, hang: str = "", width: int = 112) -> list[str]:
    """``text`` (its words, or the items of a list kept whole) as lines of at most ``width``
    characters after ``indent``, the later ones after ``indent + hang``."""
    lines, line = [], ""
    for word in text.split() if isinstance(text, str) else text:
        lead = indent + (hang if lines else "")
        if line and len(lead) + len(line) + 1 + len(word) > width:
            lines.append(lead + line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + [indent + (hang if lines else "") + line]


def _signature(spec: registry.GeneratorSpec) -> list[str]:
    """``def NAME(seed, *, width, height, stage, PARAM: TYPE = DEFAULT, ...) -> Result:``, wrapped."""
    stages = ", ".join(_q(s) for s in spec.stages)
    params = ["seed: str | int | None = None,", "*,", f"width: int = {spec.default_size[0]},",
              f"height: int = {spec.default_size[1]},", f"stage: Literal[{stages}] | None = None,"]
    params += [f"{p.name}: {_annotation(p)} = {_q(p.default)}," for p in spec.param_specs]
    return [f"def {spec.name}(", *_wrap(params, "    "), ") -> Result:"]


def _docstring(spec: registry.GeneratorSpec) -> list[str]:
    (w, h), (wlo, hlo), (whi, hhi) = spec.default_size, spec.min_size, spec.max_size
    doc = [*_wrap(f'"""{spec.title}: {spec.summary.rstrip(".")}.', "    "), "", "    Args:"]
    entries = [("seed", "any text or int; None or empty rolls one (reported as Result.seed_text)."),
               ("width", f"{wlo}..{whi} tiles (default {w})."), ("height", f"{hlo}..{hhi} tiles (default {h})."),
               ("stage", f"stop once this stage is made: {', '.join(spec.stages)} (default: run to "
                         f"{spec.stages[-1]}" + (f"; the game's map is {spec.final_stage}" if
                                                 spec.final_stage != spec.stages[-1] else "") + ").")]
    for p in spec.param_specs:
        rng = "true or false" if p.type is bool else " | ".join(p.choices) if p.choices else f"{p.lo}..{p.hi}"
        entries.append((p.name, f"{rng} (default {_q(p.default)}): {p.help}."))
    for name, text in entries:
        doc += _wrap(f"{name}: {text}", "        ", "    ")
    doc += ["", "    Returns:", "        Every stage made, by name (``Result.stages``; ``Result.last``).", '    """']
    return doc


def _body(spec: registry.GeneratorSpec) -> list[str]:
    pairs = [f"{_q(p.name)}: {p.name}," for p in spec.param_specs]
    return [f"    return generate({_q(spec.name)}, seed, width, height, stage=stage, params={{",
            *_wrap(pairs, "        "), "    })"]


def render() -> str:
    """The text of ``worldgen/calls.py`` for the generators registered now."""
    specs = registry.all_specs()
    out = [HEAD.format(names=", ".join(_q(s.name) for s in specs)).rstrip("\n")]
    for spec in specs:
        out += ["", "", *_signature(spec), *_docstring(spec), *_body(spec)]
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m worldgen.tools.calls", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether worldgen/calls.py is up to date")
    args = parser.parse_args(argv)
    text = render()
    current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
    if args.check:
        print("worldgen/calls.py is up to date" if current == text else
              "worldgen/calls.py differs from the parameter tables: run python -m worldgen.tools.calls")
        return 0 if current == text else 1
    if current != text:
        TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
