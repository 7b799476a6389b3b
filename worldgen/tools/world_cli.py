"""``python -m worldgen world``: a named world's location maps and dungeon sites.

``worldgen world --seed NAME [--location N] [--size S] [--param NAME=VALUE ...]
--out FILE [--scale K]`` writes location N's map (default 0) as
``.png``/``.txt``/``.npz``/``.tmx``/``.tmj`` (points ``sites`` and ``start``;
``-``: the text map on standard output), or ``.json`` with the world and its
locations: all 10, or only location N when ``--location`` is given.  Errors
are one line (``ValueError``; a failed write, ``WriteError``).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from typing import Any

from worldgen.core.files import write_text
from worldgen.generators.world import DUNGEON_SIZES, N_LOCATIONS, World, world_param_specs

from . import args as types
from .output import MAP_FORMATS, STDOUT, WriteError, check_shaping, out_format, write_map

__all__ = ["add_world_command", "run_world_command"]


def _json_text(obj: Any) -> str:
    """JSON with readable Unicode; escaped where not valid UTF-8 (lone surrogates from argv)."""
    text = json.dumps(obj, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(obj, ensure_ascii=True)
    return text


def add_world_command(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``world --seed NAME [--location N] [--size S] [--param NAME=VALUE] --out FILE [--scale K]``."""
    p = subparsers.add_parser(
        "world", help="a named world: location maps and their dungeon sites",
        description="Write a location's map (.png/.txt/.npz/.tmx/.tmj, points 'sites' and 'start'; - for "
                    "the text map on stdout) or the world's locations and sites as .json (all 10, or only "
                    "--location N).")
    p.add_argument("--seed", required=True, help="the world's name (trimmed and case-folded; required)")
    p.add_argument("--location", type=types.whole(0, N_LOCATIONS - 1), default=None,
                   help=f"0..{N_LOCATIONS - 1} (maps: default 0; .json: default all)")
    p.add_argument("--size", choices=tuple(DUNGEON_SIZES), default="medium", help="dungeon size")
    p.add_argument("--out", required=True, help="output file: .png, .txt, .npz, .tmx, .tmj or .json, "
                                                "or - for the text map on stdout")
    p.add_argument("--scale", type=types.whole(1, 32), default=None,
                   help=".png: pixels per tile (1..32, default 1); .tmx/.tmj: the tileset's tile size (default 16)")
    p.add_argument("--param", type=types.key_value, action="append", default=[], metavar="NAME=VALUE",
                   help="a world parameter: " + "; ".join(spec.describe() for spec in world_param_specs()))
    return p


def run_world_command(args: argparse.Namespace) -> int:
    """Run the ``world`` command; errors are ``ValueError`` with one clear line.

    A ``.png`` too large at ``--scale`` is written at the largest scale that
    fits the pixel budget, with a note, as the generator subcommands do."""
    suffix = out_format(args.out, (*MAP_FORMATS, ".json"))
    check_shaping(args.out, suffix, {"--scale": args.scale is not None})
    world = World.from_name(args.seed, size=args.size, params=dict(args.param))
    start = time.perf_counter()
    if suffix == ".json":
        indices = list(range(N_LOCATIONS)) if args.location is None else [args.location]
    else:
        indices = [args.location or 0]
    locations = [world.location(i) for i in indices]
    ms = (time.perf_counter() - start) * 1000.0
    if suffix == ".json":
        body = _json_text({"world": world.to_json(), "locations": [loc.to_json() for loc in locations]})
        try:
            write_text(args.out, body + "\n")
        except OSError as exc:
            raise WriteError(f"cannot write {args.out}: {exc.strerror or exc}") from None
        scale = None
    else:
        scale = write_map(args.out, suffix, locations[0].stage(), scale=args.scale,
                          properties={"world": world.name, "location": indices[0]})
    line = _json_text({"command": "world", "world": world.name, "key": world.key, "seed": world.seed,
                       "dungeon_size": world.size, "params": dataclasses.asdict(world.params),
                       "locations": indices, "sites": sum(len(loc.sites) for loc in locations),
                       "milliseconds": round(ms, 3), "out": args.out, "scale": scale})
    print(line, file=sys.stderr if args.out == STDOUT else sys.stdout)
    return 0
