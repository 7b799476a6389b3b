"""``python -m worldgen world``: a named world's location maps and dungeon sites.

``python -m worldgen world --seed NAME [--location N] [--size S]
[--param NAME=VALUE ...] --out FILE [--scale K]`` writes location N's map
(default 0) as ``.png``/``.txt``/``.npz`` (points ``sites`` and ``start``),
or ``.json`` with the world and its locations: all 10, or only location N
when ``--location`` is given.  Errors are one line (``ValueError``).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import time
from pathlib import Path
from typing import Any

from worldgen.core.image import picture, write_stage
from worldgen.generators.world import DUNGEON_SIZES, N_LOCATIONS, World, world_param_specs
from .output import write_picture

__all__ = ["add_world_command", "run_world_command"]


def _int_arg(name: str, lo: int, hi: int):
    """An argparse type: a whole number ``lo..hi``, else one clear line naming ``name``."""
    def parse(text: str) -> int:
        try:
            value = int(text, 10)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} expects a whole number {lo}..{hi}, "
                                             f"got {text[:20]!r}") from None
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"{name} must be {lo}..{hi}; got {value}")
        return value
    return parse


def _json_text(obj: Any) -> str:
    """JSON with readable Unicode; escaped where not valid UTF-8 (lone surrogates from argv)."""
    text = json.dumps(obj, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(obj, ensure_ascii=True)
    return text


def add_world_command(subparsers: Any, key_value: Any = str) -> argparse.ArgumentParser:
    """Add ``world --seed NAME [--location N] [--size S] [--param NAME=VALUE] --out FILE [--scale K]``.

    ``key_value`` parses one ``NAME=VALUE`` (the CLI passes its own parser).
    """
    p = subparsers.add_parser(
        "world", help="a named world: location maps and their dungeon sites",
        description="Write a location's map (.png/.txt/.npz, points 'sites' and 'start') or the "
                    "world's locations and sites as .json (all 10, or only --location N).")
    p.add_argument("--seed", required=True, help="the world's name (trimmed and case-folded)")
    p.add_argument("--location", type=_int_arg("location", 0, N_LOCATIONS - 1), default=None,
                   help=f"0..{N_LOCATIONS - 1} (maps: default 0; .json: default all)")
    p.add_argument("--size", choices=tuple(DUNGEON_SIZES), default="medium", help="dungeon size")
    p.add_argument("--out", required=True, help="output file: .png, .txt, .npz or .json")
    p.add_argument("--scale", type=_int_arg("--scale", 1, 32), default=1, help="PNG pixels per tile (1..32)")
    p.add_argument("--param", type=key_value, action="append", default=[], metavar="NAME=VALUE",
                   help="a world parameter: " + "; ".join(spec.describe() for spec in world_param_specs()))
    return p


def run_world_command(args: argparse.Namespace) -> int:
    """Run the ``world`` command; errors are ``ValueError`` with one clear line.

    A ``.png`` too large at ``--scale`` is written at the largest scale that
    fits the pixel budget, with a note, as the generator subcommands do."""
    out = Path(args.out)
    suffix = out.suffix.lower()
    if suffix not in (".png", ".txt", ".npz", ".json"):
        raise ValueError(f"--out must end in .png, .txt, .npz or .json; got {out.name!r}")
    world = World.from_name(args.seed, size=args.size, params=dict(args.param))
    start = time.perf_counter()
    if suffix == ".json":
        indices = list(range(N_LOCATIONS)) if args.location is None else [args.location]
    else:
        indices = [args.location or 0]
    locations = [world.location(i) for i in indices]
    ms = (time.perf_counter() - start) * 1000.0
    try:
        scale = _write(out, world, locations, args.scale)
    except OSError as exc:
        raise ValueError(f"cannot write {out}: {exc.strerror or exc}") from None
    print(_json_text({"command": "world", "world": world.name, "key": world.key, "seed": world.seed,
                      "dungeon_size": world.size, "params": dataclasses.asdict(world.params),
                      "locations": indices, "sites": sum(len(loc.sites) for loc in locations),
                      "milliseconds": round(ms, 3), "out": str(out), "scale": scale}))
    return 0


def _write(out: Path, world: World, locations: list, scale: int) -> int:
    """Write the world's ``.json`` or the one location's map; the PNG scale used."""
    suffix = out.suffix.lower()
    if suffix == ".json":
        body = _json_text({"world": world.to_json(), "locations": [loc.to_json() for loc in locations]})
        out.write_text(body + "\n", encoding="utf-8")
    elif suffix == ".png":
        scale = write_picture(out, picture(locations[0].stage()), scale)
    else:
        write_stage(out, locations[0].stage())
    return scale
